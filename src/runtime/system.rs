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
