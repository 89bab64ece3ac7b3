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
