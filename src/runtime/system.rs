//! What the system has to offer.

/// The machine's physical memory in bytes, if the system says.
pub fn physical_memory() -> Option<u64> {
    #[cfg(unix)]
    {
        // SAFETY: sysconf only reads system configuration.
        let (pages, size) =
            unsafe { (libc::sysconf(libc::_SC_PHYS_PAGES), libc::sysconf(libc::_SC_PAGESIZE)) };
        if pages > 0 && size > 0 {
            return Some(pages as u64 * size as u64);
        }
    }
    None
}

/// The bytes of address space this process may still map under its
/// `ulimit -v` (RLIMIT_AS): the limit less what is mapped already; `None`
/// when there is no limit, or the system does not say.
pub fn address_space_left() -> Option<u64> {
    #[cfg(target_os = "linux")]
    {
        let mut limit = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
        // SAFETY: getrlimit writes only the struct it is given.
        if unsafe { libc::getrlimit(libc::RLIMIT_AS, &mut limit) } != 0
            || limit.rlim_cur == libc::RLIM_INFINITY
        {
            return None;
        }
        // The first field of statm is the mapped size, in pages.
        let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
        let pages: u64 = statm.split_whitespace().next()?.parse().ok()?;
        // SAFETY: sysconf only reads system configuration.
        let page = unsafe { libc::sysconf(libc::_SC_PAGESIZE) }.max(1) as u64;
        return Some(limit.rlim_cur.saturating_sub(pages.saturating_mul(page)));
    }
    #[allow(unreachable_code)]
    None
}

/// Writes every file of the file system holding `file` to disk, data and
/// names alike: one call where a batch of files would need a sync each.
/// Elsewhere than Linux, `file` alone is synced.
pub fn sync_file_system(file: &std::fs::File) -> std::io::Result<()> {
    #[cfg(target_os = "linux")]
    {
        use std::os::fd::AsRawFd;
        // SAFETY: syncfs takes a descriptor that `file` keeps open for the call
        // and touches no memory of ours.
        if unsafe { libc::syncfs(file.as_raw_fd()) } == 0 {
            Ok(())
        } else {
            Err(std::io::Error::last_os_error())
        }
    }
    #[cfg(not(target_os = "linux"))]
    {
        file.sync_all()
    }
}

/// The descriptors this process holds open for reading only, each with the
/// device and inode of what it is open on (directories left out): what the
/// shell gave it to read (`< g.save`, `3< moves.txt`, a pipe), which an output
/// must never write, whatever name (`/dev/stdin`, `/dev/fd/3`) reaches it.
pub fn read_only_descriptors() -> Vec<(i32, u64, u64)> {
    #[cfg_attr(not(target_os = "linux"), allow(unused_mut))]
    let mut found = Vec::new();
    #[cfg(target_os = "linux")]
    {
        let Ok(entries) = std::fs::read_dir("/proc/self/fd") else { return found };
        for fd in entries.flatten().filter_map(|e| e.file_name().to_str()?.parse::<i32>().ok()) {
            // SAFETY: fcntl and fstat take a plain descriptor (one closed since
            // the listing only makes them fail) and fstat writes only the
            // struct it is given.
            let (flags, stat) = unsafe {
                let mut stat: libc::stat = std::mem::zeroed();
                (libc::fcntl(fd, libc::F_GETFL), (libc::fstat(fd, &mut stat) == 0).then_some(stat))
            };
            let Some(stat) = stat else { continue };
            if flags >= 0
                && flags & libc::O_ACCMODE == libc::O_RDONLY
                && stat.st_mode & libc::S_IFMT != libc::S_IFDIR
            {
                found.push((fd, stat.st_dev, stat.st_ino));
            }
        }
    }
    found
}

/// Swaps two paths on one file system in a single step (Linux's
/// `renameat2` with `RENAME_EXCHANGE`): at every instant each name holds one
/// of the two, whole. `Unsupported` where the system or file system cannot.
pub fn exchange(a: &std::path::Path, b: &std::path::Path) -> std::io::Result<()> {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        use std::os::unix::ffi::OsStrExt;
        let c = |p: &std::path::Path| {
            std::ffi::CString::new(p.as_os_str().as_bytes())
                .map_err(|_| std::io::Error::new(std::io::ErrorKind::InvalidInput, "a name with a NUL byte"))
        };
        let (a, b) = (c(a)?, c(b)?);
        // SAFETY: both names are NUL-terminated strings that live across the
        // call, which reads them and touches no other memory of ours.
        let done = unsafe {
            libc::renameat2(libc::AT_FDCWD, a.as_ptr(), libc::AT_FDCWD, b.as_ptr(), libc::RENAME_EXCHANGE)
        };
        if done == 0 {
            return Ok(());
        }
        let e = std::io::Error::last_os_error();
        return match e.raw_os_error() {
            Some(libc::EINVAL | libc::ENOSYS) => Err(std::io::Error::new(std::io::ErrorKind::Unsupported, e)),
            _ => Err(e),
        };
    }
    // (Elsewhere, the browser's build among them, the names go unused.)
    #[allow(unreachable_code)]
    {
        let _ = (a, b);
        Err(std::io::Error::new(std::io::ErrorKind::Unsupported, "no exchange of names here"))
    }
}

/// Makes reads of `file` wait for data again (clears `O_NONBLOCK`), once a
/// FIFO opened without waiting for a writer has one.
pub fn set_blocking(file: &std::fs::File) -> std::io::Result<()> {
    #[cfg(unix)]
    {
        use std::os::fd::AsRawFd;
        let fd = file.as_raw_fd();
        // SAFETY: fcntl on a descriptor `file` keeps open, reading and setting
        // its flags only.
        let done = unsafe {
            let flags = libc::fcntl(fd, libc::F_GETFL);
            flags >= 0 && libc::fcntl(fd, libc::F_SETFL, flags & !libc::O_NONBLOCK) == 0
        };
        if done { Ok(()) } else { Err(std::io::Error::last_os_error()) }
    }
    // No FIFOs without Unix (the browser's engine reads no files).
    #[cfg(not(unix))]
    {
        let _ = file;
        Ok(())
    }
}
