//! Reading what a person or a script types, and saved-game files, with bounds:
//! a line is at most [`MAX_LINE`] bytes and a file at most [`MAX_FILE`], counted
//! as they are read (a pipe or `/dev/zero` has no size to check first).

use std::io::{self, BufRead, Read};
use std::path::Path;

/// As the protocol: no command or action is anywhere near this long.
pub const MAX_LINE: usize = 1024;

/// No saved game of a real game comes near this.
pub const MAX_FILE: u64 = 16 << 20;

/// A line that could not be taken.
#[derive(Debug)]
pub enum BadLine {
    /// Longer than [`MAX_LINE`]; the rest of it is dropped if reading goes on.
    TooLong {
        start: String,
    },
    Io(io::Error),
}

impl std::fmt::Display for BadLine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BadLine::TooLong { start } => {
                write!(f, "line too long: {} is over {MAX_LINE} bytes", quoted_start(start))
            }
            BadLine::Io(e) => write!(f, "cannot read: {e}"),
        }
    }
}

pub use crate::game::quoted_start;

/// Lines of at most [`MAX_LINE`] bytes (not valid UTF-8 is replaced, a
/// byte-order mark before the first is dropped); `None` at the end.
pub struct Lines<R> {
    reader: R,
    first: bool,
    /// The last line was too long: its rest is dropped before the next is read
    /// (only then, as a script stops at the error and `/dev/zero` has no end).
    skipping: bool,
}

impl<R: BufRead> Lines<R> {
    pub fn new(reader: R) -> Lines<R> {
        Lines { reader, first: true, skipping: false }
    }

    /// Drops the rest of an overlong line a block at a time, never holding it.
    fn skip_rest(&mut self) -> io::Result<()> {
        loop {
            let (done, used) = match self.reader.fill_buf()? {
                [] => (true, 0),
                b => b.iter().position(|&c| c == b'\n').map_or((false, b.len()), |i| (true, i + 1)),
            };
            self.reader.consume(used);
            if done {
                return Ok(());
            }
        }
    }
}

impl<R: BufRead> Iterator for Lines<R> {
    type Item = Result<String, BadLine>;

    fn next(&mut self) -> Option<Self::Item> {
        if std::mem::take(&mut self.skipping)
            && let Err(e) = self.skip_rest()
        {
            return Some(Err(BadLine::Io(e)));
        }
        let mut buf = Vec::new();
        match (&mut self.reader).take(MAX_LINE as u64 + 1).read_until(b'\n', &mut buf) {
            Ok(0) => return None,
            Ok(_) => {}
            Err(e) => return Some(Err(BadLine::Io(e))),
        }
        if buf.len() > MAX_LINE && !buf.ends_with(b"\n") {
            self.skipping = true;
            // More than enough for the quoted start (the cut may split a character).
            let start = String::from_utf8_lossy(&buf[..4 * crate::game::QUOTED]).into_owned();
            return Some(Err(BadLine::TooLong { start }));
        }
        let mut line = buf.strip_suffix(b"\n").unwrap_or(&buf);
        line = line.strip_suffix(b"\r").unwrap_or(line);
        if std::mem::take(&mut self.first) {
            line = line.strip_prefix(b"\xef\xbb\xbf").unwrap_or(line);
        }
        Some(Ok(String::from_utf8_lossy(line).into_owned()))
    }
}

/// The argument that names standard input (or output) in place of a file.
pub const STDIO: &str = "-";

/// Whether `path` is [`STDIO`].
pub fn is_stdio(path: &Path) -> bool {
    path == Path::new(STDIO)
}

/// How messages name `path`: `<stdin>` for [`STDIO`].
pub fn input_name(path: &Path) -> String {
    if is_stdio(path) {
        "<stdin>".to_string()
    } else {
        crate::game::printable(&path.to_string_lossy()).into_owned()
    }
}

/// The text of a saved game, read through at most [`MAX_FILE`] bytes whatever
/// the file is; a larger one is refused without reading further. Each file is
/// read once: a second call for the same name gives the same text (a saved
/// game's header is read before the game itself), so that `-`, a pipe
/// (`<(cat g.save)`) or a FIFO, which give their bytes only once, read whole.
/// A FIFO with no writer yet is waited for as long as no Ctrl-C comes.
pub fn read_small_file(path: &Path) -> Result<String, String> {
    type Read = (std::path::PathBuf, Result<String, String>);
    static READ: std::sync::Mutex<Vec<Read>> = std::sync::Mutex::new(Vec::new());
    let mut read = READ.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some((_, text)) = read.iter().find(|(p, _)| p == path) {
        return text.clone();
    }
    let text = if is_stdio(path) {
        small_text(io::stdin().lock(), path)
    } else {
        open_for_reading(path).and_then(|file| small_text(file, path))
    };
    read.push((path.to_path_buf(), text.clone()));
    text
}

/// Opens `path` to read, without blocking in `open` on a FIFO that has no
/// writer yet: it is waited for instead, and a Ctrl-C ends the wait.
fn open_for_reading(path: &Path) -> Result<std::fs::File, String> {
    use std::os::fd::AsRawFd;
    use std::os::unix::fs::{FileTypeExt, OpenOptionsExt};
    let failed = |e: io::Error| format!("cannot read {}: {}", input_name(path), plain(&e));
    let file =
        std::fs::OpenOptions::new().read(true).custom_flags(libc::O_NONBLOCK).open(path).map_err(failed)?;
    if file.metadata().is_ok_and(|m| m.file_type().is_fifo())
        && crate::runtime::signals::wait_for_input_or_interrupt(file.as_raw_fd())
    {
        return Err(format!("{}: interrupted while waiting for something to write it", input_name(path)));
    }
    crate::runtime::system::set_blocking(&file).map_err(failed)?;
    Ok(file)
}

/// What went wrong reading a file, in plain words: the system's own message
/// without its "(os error 2)", which tells a person nothing.
pub fn plain(e: &io::Error) -> String {
    match e.kind() {
        io::ErrorKind::NotFound => "no such file".to_string(),
        io::ErrorKind::PermissionDenied => "permission denied".to_string(),
        io::ErrorKind::IsADirectory => "it is a directory, not a file".to_string(),
        _ => {
            let said = e.to_string();
            match said.find(" (os error ") {
                Some(at) => said[..at].to_string(),
                None => said,
            }
        }
    }
}

fn small_text(reader: impl Read, path: &Path) -> Result<String, String> {
    let name = input_name(path);
    let mut bytes = Vec::new();
    reader
        .take(MAX_FILE + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read {name}: {}", plain(&e)))?;
    if bytes.len() as u64 > MAX_FILE {
        return Err(format!("{name}: over {MAX_FILE} bytes, too large for a saved game"));
    }
    String::from_utf8(bytes).map_err(|_| format!("{name}: not a text file; expected a saved game"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_that_cannot_be_read_is_told_in_plain_words() {
        let missing = read_small_file(Path::new("/no/such/game.save")).unwrap_err();
        assert_eq!(missing, "cannot read /no/such/game.save: no such file");
        let dir = read_small_file(Path::new("/")).unwrap_err();
        assert_eq!(dir, "cannot read /: it is a directory, not a file");
        let other = plain(&io::Error::from_raw_os_error(libc::EIO));
        assert!(!other.contains("os error") && !other.is_empty(), "{other}");
    }

    #[test]
    fn long_lines_are_refused_and_skipped_without_being_held() {
        let mut input = b"\xef\xbb\xbfh8\r\n".to_vec();
        input.extend(std::iter::repeat_n(b'x', 10 * MAX_LINE));
        input.extend(b"\nquit\nlast");
        let got: Vec<String> =
            Lines::new(&input[..]).map(|l| l.unwrap_or_else(|e| format!("error: {e}"))).collect();
        assert_eq!(got[0], "h8");
        assert_eq!(got[1], format!("error: line too long: {:?}... is over 1024 bytes", "x".repeat(40)));
        assert_eq!(got[2..], ["quit", "last"]);
        // A line of exactly the limit is fine.
        let exact = "y".repeat(MAX_LINE);
        assert_eq!(Lines::new(exact.as_bytes()).next().unwrap().unwrap(), exact);
    }

    #[test]
    fn quotes_are_short() {
        assert_eq!(quoted_start("e4"), "\"e4\"");
        assert_eq!(quoted_start(&"é".repeat(100)), format!("{:?}...", "é".repeat(40)));
    }
}
