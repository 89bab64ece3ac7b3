//! What the terminal says of itself.

/// The columns of the terminal on standard output; `None` when standard
/// output is no terminal (a pipe, a file) or says nothing.
pub fn stdout_columns() -> Option<u16> {
    let mut size = libc::winsize { ws_row: 0, ws_col: 0, ws_xpixel: 0, ws_ypixel: 0 };
    // SAFETY: TIOCGWINSZ writes one winsize, which `size` is and which we own;
    // on a descriptor that is no terminal it fails and writes nothing.
    let ok = unsafe { libc::ioctl(libc::STDOUT_FILENO, libc::TIOCGWINSZ, &mut size) } == 0;
    (ok && size.ws_col > 0).then_some(size.ws_col)
}
