//! Making sure that nothing a program started outlives it. A process that
//! leaves its process group, or starts a session of its own (`setsid`), is out
//! of reach of a group kill; once its parent dies it would belong to init.
//! A subreaper keeps every orphan among its own descendants instead, so that
//! walking the process tree from this process finds them all.

use std::collections::{HashMap, HashSet};
use std::time::{Duration, Instant};

/// Makes this process the subreaper of everything it starts: orphaned
/// descendants are re-parented to it, not to init. Linux only; elsewhere
/// (or if refused) only the process group can be stopped.
pub fn become_subreaper() {
    #[cfg(target_os = "linux")]
    // SAFETY: prctl with PR_SET_CHILD_SUBREAPER takes integers only.
    unsafe {
        libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
    }
}

/// Every process's parent, from /proc (empty where there is none).
fn parents() -> HashMap<i32, i32> {
    let mut map = HashMap::new();
    let Ok(entries) = std::fs::read_dir("/proc") else { return map };
    for entry in entries.flatten() {
        let Some(pid) = entry.file_name().to_str().and_then(|n| n.parse::<i32>().ok()) else { continue };
        let Ok(stat) = std::fs::read_to_string(entry.path().join("stat")) else { continue };
        // `pid (comm) state ppid ...`: the name may hold spaces and ')'.
        let ppid = stat.rsplit_once(')').and_then(|(_, rest)| rest.split_whitespace().nth(1)?.parse().ok());
        if let Some(ppid) = ppid {
            map.insert(pid, ppid);
        }
    }
    map
}

/// This process's descendants (not itself).
fn descendants() -> Vec<i32> {
    let me = std::process::id() as i32;
    let parents = parents();
    let mut ours: HashSet<i32> = HashSet::from([me]);
    // Parents may come after their children in /proc's order: repeat to a fixed point.
    loop {
        let before = ours.len();
        for (&pid, ppid) in &parents {
            if ours.contains(ppid) {
                ours.insert(pid);
            }
        }
        if ours.len() == before {
            break;
        }
    }
    ours.remove(&me);
    ours.into_iter().collect()
}

/// Kills every descendant of this process with SIGKILL and waits for those
/// that become its children (with [`become_subreaper`], all of them), for at
/// most `patience`. Call it only once the child a `std::process::Child`
/// stands for has been waited for, as this reaps whatever is left.
pub fn kill_descendants(patience: Duration) {
    let started = Instant::now();
    loop {
        let left = descendants();
        if left.is_empty() || started.elapsed() > patience {
            return;
        }
        for &pid in &left {
            // SAFETY: kill and waitpid take integers and a null status pointer.
            unsafe {
                libc::kill(pid, libc::SIGKILL);
                libc::waitpid(pid, std::ptr::null_mut(), libc::WNOHANG);
            }
        }
        std::thread::sleep(Duration::from_millis(2));
    }
}
