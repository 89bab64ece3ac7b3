//! Signals and processes: a closed pipe ends the process quietly, a file being
//! written is removed if the process is killed, a process group can be
//! stopped as one, and a game in play learns of Ctrl-C and a closed terminal.

use std::ffi::CString;
use std::os::unix::ffi::OsStrExt;
use std::path::Path;
use std::sync::Once;
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicPtr, Ordering::SeqCst};

use crate::limits::stop;

/// Ends the process as a closed pipe ends command-line tools: by SIGPIPE, in
/// silence (a shell reports status 141). For stdout's reader having gone;
/// an export's closed pipe is an error with a message instead.
pub fn die_of_closed_pipe() -> ! {
    // SAFETY: restoring one signal's default action and raising it; no handler
    // of ours is involved.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
        libc::raise(libc::SIGPIPE);
    }
    std::process::exit(141)
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
    let raw = CString::new(path.as_os_str().as_bytes()).ok()?.into_raw();
    let slot =
        PENDING.iter().find(|slot| slot.compare_exchange(std::ptr::null_mut(), raw, SeqCst, SeqCst).is_ok());
    let Some(slot) = slot else {
        // SAFETY: `raw` came from `CString::into_raw` just above and was never shared.
        drop(unsafe { CString::from_raw(raw) });
        return None;
    };
    install_handler();
    Some(RemovedOnSignal { slot })
}

/// The folder being filled (`exercise`'s new set), removed with everything
/// in it by SIGINT, SIGTERM and SIGHUP: one at a time.
static PENDING_FOLDER: AtomicPtr<libc::c_char> = AtomicPtr::new(std::ptr::null_mut());

/// Makes SIGINT, SIGTERM and SIGHUP remove the folder `path` and what it
/// holds (two levels of folders below it) until the value returned is
/// dropped; `None` when another folder is pending or the name cannot be a C
/// string: the folder is then left, for the next write to remove.
pub fn remove_folder_on_signal(path: &Path) -> Option<RemovedOnSignal> {
    let raw = CString::new(path.as_os_str().as_bytes()).ok()?.into_raw();
    if PENDING_FOLDER.compare_exchange(std::ptr::null_mut(), raw, SeqCst, SeqCst).is_err() {
        // SAFETY: `raw` came from `CString::into_raw` just above and was never shared.
        drop(unsafe { CString::from_raw(raw) });
        return None;
    }
    install_handler();
    Some(RemovedOnSignal { slot: &PENDING_FOLDER })
}

/// Removes `name` under the folder `at` and, for a folder, what it holds,
/// `depth` levels down, with async-signal-safe calls only (no allocation: the
/// entries are read into a buffer on the stack). Entries removed while the
/// folder is read can hide others, so it is read again until a pass removes
/// nothing.
///
/// # Safety
/// `name` is a NUL-terminated string; for the signal handler.
unsafe fn remove_tree(at: libc::c_int, name: *const libc::c_char, depth: u32) {
    // SAFETY: plain system calls on descriptors opened here and on `name`.
    unsafe {
        if libc::unlinkat(at, name, 0) == 0 || depth == 0 {
            libc::unlinkat(at, name, libc::AT_REMOVEDIR);
            return;
        }
        let fd =
            libc::openat(at, name, libc::O_RDONLY | libc::O_DIRECTORY | libc::O_NOFOLLOW | libc::O_CLOEXEC);
        if fd < 0 {
            return;
        }
        let mut buf = [0u8; 2048];
        for _ in 0..64 {
            let mut removed = false;
            libc::lseek(fd, 0, libc::SEEK_SET);
            loop {
                let n = libc::syscall(libc::SYS_getdents64, fd, buf.as_mut_ptr(), buf.len());
                if n <= 0 {
                    break;
                }
                let mut off = 0;
                while off < n as usize {
                    let entry = buf.as_ptr().add(off).cast::<libc::dirent64>();
                    let reclen = usize::from(std::ptr::read_unaligned(std::ptr::addr_of!((*entry).d_reclen)));
                    let child = std::ptr::addr_of!((*entry).d_name).cast::<libc::c_char>();
                    let dot = *child == b'.' as libc::c_char
                        && (*child.add(1) == 0
                            || (*child.add(1) == b'.' as libc::c_char && *child.add(2) == 0));
                    if !dot {
                        remove_tree(fd, child, depth - 1);
                        removed = true;
                    }
                    off += reclen.max(1);
                }
            }
            if !removed {
                break;
            }
        }
        libc::close(fd);
        libc::unlinkat(at, name, libc::AT_REMOVEDIR);
    }
}

/// The process group killed with this process by SIGINT, SIGTERM or SIGHUP
/// (0: none): a program run in a group of its own (`fixtures`) is out of
/// reach of the terminal's Ctrl-C, and would outlive a killed runner.
static GROUP: AtomicI32 = AtomicI32::new(0);

/// While this lives, SIGINT, SIGTERM and SIGHUP kill its process group before
/// the process dies of the signal.
pub struct GroupKilledOnSignal(());

impl Drop for GroupKilledOnSignal {
    fn drop(&mut self) {
        GROUP.store(0, SeqCst);
    }
}

/// Makes SIGINT, SIGTERM and SIGHUP kill the process group `group` (one this
/// process created with `process_group(0)`) until the value returned is
/// dropped.
pub fn kill_group_on_signal(group: u32) -> GroupKilledOnSignal {
    GROUP.store(libc::pid_t::try_from(group).unwrap_or(0), SeqCst);
    install_handler();
    GroupKilledOnSignal(())
}

/// Runs `f` with SIGINT, SIGTERM and SIGHUP held back on this thread, then
/// lets any that came meanwhile through: for starting a program and
/// registering its group ([`kill_group_on_signal`]) as one step, so that no
/// signal can fall between the two. (A started program's mask is reset by
/// the standard library, so it does not inherit the hold.)
pub fn holding_signals<T>(f: impl FnOnce() -> T) -> T {
    // SAFETY: sigset operations on a set we own; pthread_sigmask changes
    // only this thread's mask, and the old mask is put back below.
    let old = unsafe {
        let mut set: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut set);
        for signal in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
            libc::sigaddset(&mut set, signal);
        }
        let mut old: libc::sigset_t = std::mem::zeroed();
        libc::pthread_sigmask(libc::SIG_BLOCK, &set, &mut old);
        old
    };
    let result = f();
    // SAFETY: puts back the mask read above.
    unsafe {
        libc::pthread_sigmask(libc::SIG_SETMASK, &old, std::ptr::null_mut());
    }
    result
}

/// Installs [`on_signal`] for SIGINT, SIGTERM and SIGHUP, once. Without
/// SA_RESTART, so that a read waiting at a prompt is interrupted and a caller
/// that catches interrupts learns of the signal.
fn install_handler() {
    static INSTALL: Once = Once::new();
    INSTALL.call_once(|| {
        for signal in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
            // SAFETY: a zeroed sigaction is valid (empty mask, no flags), and its
            // mask is then emptied by sigemptyset on memory we own; the handler
            // calls only async-signal-safe functions (unlink, signal, raise) and
            // touches only atomics.
            unsafe {
                let mut action: libc::sigaction = std::mem::zeroed();
                action.sa_sigaction = on_signal as extern "C" fn(libc::c_int) as libc::sighandler_t;
                libc::sigemptyset(&mut action.sa_mask);
                libc::sigaction(signal, &action, std::ptr::null_mut());
            }
        }
    });
}

/// The one handler of SIGINT, SIGTERM and SIGHUP: while interrupts are caught
/// (a game in play), SIGINT and SIGHUP are recorded and the process goes on,
/// its files being written with it; otherwise the files being written are
/// removed and the process dies of the signal.
extern "C" fn on_signal(signal: libc::c_int) {
    if signal != libc::SIGTERM && CATCHING.load(SeqCst) {
        CAUGHT.store(signal, SeqCst);
        stop::request();
        return;
    }
    let group = GROUP.load(SeqCst);
    if group > 0 {
        // SAFETY: kill is async-signal-safe and takes plain integers.
        unsafe {
            libc::kill(-group, libc::SIGKILL);
        }
    }
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
    let folder = PENDING_FOLDER.load(SeqCst);
    if !folder.is_null() {
        // SAFETY: a leaked, never-freed C string; remove_tree makes only
        // async-signal-safe calls.
        unsafe { remove_tree(libc::AT_FDCWD, folder, 3) };
    }
    // SAFETY: both are async-signal-safe; the default action then ends the process
    // as the signal would have without us.
    unsafe {
        libc::signal(signal, libc::SIG_DFL);
        libc::raise(signal);
    }
}

/// The last SIGINT or SIGHUP caught by [`catch_interrupts`] and not yet
/// taken (0: none).
static CAUGHT: AtomicI32 = AtomicI32::new(0);

/// Whether SIGINT and SIGHUP are recorded rather than fatal.
static CATCHING: AtomicBool = AtomicBool::new(false);

/// Catches SIGINT and SIGHUP from here on: each is recorded (see
/// [`take_interrupt`]) and asks a running search to stop, and a read waiting
/// at a prompt is interrupted. A file being written then goes on being
/// written rather than removed.
pub fn catch_interrupts() {
    CATCHING.store(true, SeqCst);
    install_handler();
}

/// The SIGINT or SIGHUP caught since the last call, if any.
pub fn take_interrupt() -> Option<libc::c_int> {
    match CAUGHT.swap(0, SeqCst) {
        0 => None,
        s => Some(s),
    }
}

/// Whether a SIGINT or SIGHUP was caught and not yet taken.
pub fn interrupt_pending() -> bool {
    CAUGHT.load(SeqCst) != 0
}

/// Waits until `fd` has input or a caught interrupt is pending, whichever
/// comes first; true when an interrupt is pending. A signal that lands
/// between a caller's check and its blocking read would otherwise be missed
/// until the next keystroke, so the wait wakes every 100 ms to look again.
pub fn wait_for_input_or_interrupt(fd: std::os::fd::RawFd) -> bool {
    loop {
        if interrupt_pending() {
            return true;
        }
        let mut poll = libc::pollfd { fd, events: libc::POLLIN, revents: 0 };
        // SAFETY: one pollfd we own, for the duration of the call.
        let ready = unsafe { libc::poll(&mut poll, 1, 100) };
        if ready > 0 {
            return interrupt_pending();
        }
        if ready < 0 && std::io::Error::last_os_error().kind() != std::io::ErrorKind::Interrupted {
            // poll itself failed: let the read report whatever is wrong.
            return false;
        }
    }
}

/// The allocator has no memory left to give: a budget should have refused
/// the work before this, and where none could foresee it (an input's own
/// size, an export's buffers) the process still ends as a budget does, with
/// status 3 and one line, never an abort. Allocates nothing: the files being
/// written are removed and the line is written straight to stderr.
pub fn out_of_memory(bytes: usize) -> ! {
    for slot in &PENDING {
        let p = slot.load(SeqCst);
        if !p.is_null() {
            // SAFETY: unlink takes a leaked, never-freed C string.
            unsafe {
                libc::unlink(p);
            }
        }
    }
    let mut line = [0u8; 320];
    let mut len = 0;
    let mut put = |bytes: &[u8]| {
        let n = bytes.len().min(line.len() - len);
        line[len..len + n].copy_from_slice(&bytes[..n]);
        len += n;
    };
    put(b"gametree: out of memory: ");
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    let mut n = bytes;
    loop {
        at -= 1;
        digits[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    put(&digits[at..]);
    put(b" more bytes did not fit in the memory this process may use (`ulimit -v`, or the machine's); ");
    put(b"use a smaller --depth or budget, or give the process more memory\n");
    // SAFETY: write reads `len` bytes of our own buffer; _exit ends the process
    // at once, without running anything that could allocate.
    unsafe {
        libc::write(2, line.as_ptr().cast(), len);
        libc::_exit(3);
    }
}
