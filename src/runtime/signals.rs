//! Signals and processes: a closed pipe ends the process quietly, a file being
//! written is removed if the process is killed, and a process group can be
//! stopped as one.

use std::ffi::CString;
use std::os::unix::ffi::OsStrExt;
use std::path::Path;
use std::sync::Once;
use std::sync::atomic::{AtomicPtr, Ordering::SeqCst};

/// Restores the default action of SIGPIPE (Rust ignores it): a closed pipe
/// (`gametree ... | head`) then ends the process as it ends other command-line
/// tools, instead of failing every later write. Call it before starting threads.
pub fn die_on_closed_pipe() {
    // SAFETY: setting the disposition of one signal to its default; no handler
    // of ours is involved.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

/// Sends SIGKILL to every process of the group `group` (one this process
/// created with `process_group(0)`, so that its id is the leader's pid).
pub fn kill_process_group(group: u32) {
    let Ok(group) = libc::pid_t::try_from(group) else { return };
    // SAFETY: kill takes plain integers and touches no memory of ours.
    unsafe {
        libc::kill(-group, libc::SIGKILL);
    }
}

/// Files being written, as C strings for the signal handler. They are never
/// freed (a handler on another thread may be reading one): a few dozen bytes a
/// write.
static PENDING: [AtomicPtr<libc::c_char>; 64] = [const { AtomicPtr::new(std::ptr::null_mut()) }; 64];

/// While this lives, SIGINT, SIGTERM and SIGHUP remove its file (if still
/// there) before the process dies of the signal as it would have.
pub struct RemovedOnSignal {
    slot: &'static AtomicPtr<libc::c_char>,
}

impl Drop for RemovedOnSignal {
    fn drop(&mut self) {
        // The string itself is leaked on purpose: see `PENDING`.
        self.slot.store(std::ptr::null_mut(), SeqCst);
    }
}

/// Makes SIGINT, SIGTERM and SIGHUP remove `path` until the value returned is
/// dropped. `None` when the name cannot be a C string or 64 files are pending
/// already; the file is then left behind by a kill, as without this.
pub fn remove_on_signal(path: &Path) -> Option<RemovedOnSignal> {
    static INSTALL: Once = Once::new();
    let raw = CString::new(path.as_os_str().as_bytes()).ok()?.into_raw();
    let slot =
        PENDING.iter().find(|slot| slot.compare_exchange(std::ptr::null_mut(), raw, SeqCst, SeqCst).is_ok());
    let Some(slot) = slot else {
        // SAFETY: `raw` came from `CString::into_raw` just above and was never shared.
        drop(unsafe { CString::from_raw(raw) });
        return None;
    };
    INSTALL.call_once(|| {
        for signal in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
            // SAFETY: the handler calls only async-signal-safe functions (unlink,
            // signal, raise) and reads only atomics.
            unsafe {
                libc::signal(signal, on_signal as extern "C" fn(libc::c_int) as libc::sighandler_t);
            }
        }
    });
    Some(RemovedOnSignal { slot })
}

extern "C" fn on_signal(signal: libc::c_int) {
    for slot in &PENDING {
        let p = slot.load(SeqCst);
        if !p.is_null() {
            // SAFETY: unlink is async-signal-safe, and `p` is a leaked, never-freed
            // C string.
            unsafe {
                libc::unlink(p);
            }
        }
    }
    // SAFETY: both are async-signal-safe; the default action then ends the process
    // as the signal would have without us.
    unsafe {
        libc::signal(signal, libc::SIG_DFL);
        libc::raise(signal);
    }
}
