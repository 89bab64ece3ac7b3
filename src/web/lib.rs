//! The engine in the browser: plain exported functions, text in and out
//! through linear memory (no wasm-bindgen, so no generated glue to match).
//!
//! The page's worker writes a request, `{"command": "analyse", "options":
//! {...}, "want": ["json", "html"]}`, into memory it got from
//! [`gametree_alloc`], calls [`gametree_run`], and reads the answer, a JSON
//! object, from [`gametree_output_ptr`] and [`gametree_output_len`]. A panic
//! traps (wasm32's panics abort); the hook has kept its message first, which
//! [`gametree_panic_ptr`] and [`gametree_panic_len`] then give, and the worker
//! starts a fresh instance.
#![allow(unsafe_code)]

mod board;
mod commands;
mod exercise;
mod options;

use std::cell::RefCell;

thread_local! {
    static OUTPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    static PANIC: RefCell<String> = const { RefCell::new(String::new()) };
}

#[cfg(target_arch = "wasm32")]
#[link(wasm_import_module = "env")]
unsafe extern "C" {
    /// The page's `performance.now()`.
    fn gametree_now_ms() -> f64;
}

#[cfg(target_arch = "wasm32")]
fn now_ms() -> f64 {
    // SAFETY: an imported function of no arguments that returns a number.
    unsafe { gametree_now_ms() }
}

/// Space for `len` bytes of request, freed by [`gametree_run`].
#[unsafe(no_mangle)]
pub extern "C" fn gametree_alloc(len: usize) -> *mut u8 {
    let mut buf = Vec::<u8>::with_capacity(len.max(1));
    let p = buf.as_mut_ptr();
    std::mem::forget(buf);
    p
}

/// Runs the request of `len` bytes at `ptr` (from [`gametree_alloc`], which
/// this frees); the answer is then at [`gametree_output_ptr`]. Returns 0.
///
/// # Safety
/// `ptr` came from `gametree_alloc(len)` and holds `len` bytes written since.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn gametree_run(ptr: *mut u8, len: usize) -> u32 {
    static HOOK: std::sync::Once = std::sync::Once::new();
    HOOK.call_once(|| {
        std::panic::set_hook(Box::new(|info| PANIC.with(|p| *p.borrow_mut() = info.to_string())));
        #[cfg(target_arch = "wasm32")]
        gametree::runtime::clock::set_source(now_ms);
    });
    // SAFETY: as the caller promises, a block of `len` bytes we allocated with
    // capacity `len.max(1)`.
    let request = unsafe { Vec::from_raw_parts(ptr, len, len.max(1)) };
    let answer = commands::answer(&request);
    OUTPUT.with(|o| *o.borrow_mut() = answer);
    0
}

/// Where the last answer is.
#[unsafe(no_mangle)]
pub extern "C" fn gametree_output_ptr() -> *const u8 {
    OUTPUT.with(|o| o.borrow().as_ptr())
}

/// The last answer's length in bytes.
#[unsafe(no_mangle)]
pub extern "C" fn gametree_output_len() -> usize {
    OUTPUT.with(|o| o.borrow().len())
}

/// Where the message of the panic that trapped is.
#[unsafe(no_mangle)]
pub extern "C" fn gametree_panic_ptr() -> *const u8 {
    PANIC.with(|p| p.borrow().as_ptr())
}

/// That message's length in bytes.
#[unsafe(no_mangle)]
pub extern "C" fn gametree_panic_len() -> usize {
    PANIC.with(|p| p.borrow().len())
}
