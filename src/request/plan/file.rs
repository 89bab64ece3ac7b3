//! One output written whole or not at all: a regular file under a temporary
//! name beside it, renamed into place once complete (and removed if the
//! process is interrupted first); a stream (stdout, a FIFO, a device, a
//! descriptor's name) written in place. And [`Place`]: where a path leads,
//! to tell two names of one file apart from two files.
//!
//! The temporary files are this module's own rather than `tempfile`'s
//! `NamedTempFile::persist`: their names hold the writer's process id, so a
//! later write removes those a killed process left behind (a random name
//! cannot be told from another program's file), they are removed on a signal
//! (`runtime::signals`), and the replacement keeps the old file's mode and
//! owner; `tempfile` does none of the three, and would add a dependency.

use std::fs::{self, File};
use std::io::{self, BufWriter, Write};
use std::os::fd::AsFd;
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};

/// Writes to `path` through `write`: `-` means stdout. A stream is written in
/// place: a device, a FIFO, a path through `/dev/std*`, `/dev/fd` or
/// `/proc/*/fd`, or whatever has the device and inode of stdout or stderr (the
/// process's own stream is written, so `--json /dev/stdout >> log` appends to
/// the log). Anything else, a regular file or a new one, is written to a
/// temporary file in its directory and renamed into place only once complete,
/// so an interrupted or failed run leaves the old file (or none), never half a
/// file; the replacement keeps the old file's mode and (where allowed) owner,
/// and a file the user could not write is refused, as a shell's `>` refuses. A
/// symbolic link is followed, and its target is replaced in the target's own
/// directory.
pub fn write_output(path: &Path, write: impl FnOnce(&mut dyn Write) -> io::Result<()>) -> io::Result<()> {
    write_output_with(path, Durability::Synced, write)
}

/// When a replaced file reaches the disk.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Durability {
    /// Synced before it is renamed into place.
    Synced,
    /// Renamed into place unsynced: for a batch of files whose folders the
    /// caller syncs once at the end ([`sync_folder`]), where a sync per file
    /// would cost more than the work. An interrupted or failed batch still
    /// leaves whole files or none.
    Later,
}

/// [`write_output`], with the choice of when a replaced file is synced.
pub fn write_output_with(
    path: &Path,
    durability: Durability,
    write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> io::Result<()> {
    match target(path)? {
        Target::Stdout => {
            let mut out = BufWriter::new(io::stdout().lock());
            let written = write(&mut out).and_then(|()| out.flush());
            written.map_err(|e| if closed_at_start() { io::Error::other(CLOSED_AT_START) } else { e })
        }
        Target::Stderr => {
            let mut out = BufWriter::new(io::stderr().lock());
            write(&mut out)?;
            out.flush()
        }
        Target::InPlace(path) => {
            // Appending: a regular file behind `/dev/fd/N` keeps what its
            // descriptor's owner wrote before.
            let mut out = BufWriter::new(fs::OpenOptions::new().append(true).open(path)?);
            write(&mut out)?;
            out.flush()
        }
        Target::Replace(target, old) => replace(&target, old.as_ref(), durability, write),
    }
}

/// How [`write_output`] writes a path.
enum Target {
    Stdout,
    Stderr,
    InPlace(PathBuf),
    /// A regular file (with its metadata, if it exists already) replaced whole.
    Replace(PathBuf, Option<fs::Metadata>),
}

fn target(path: &Path) -> io::Result<Target> {
    if path == Path::new("-") {
        return Ok(Target::Stdout);
    }
    let meta = match fs::metadata(path) {
        Ok(meta) => meta,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Target::Replace(final_name(path), None)),
        Err(e) => return Err(e),
    };
    let here = Place::Node(meta.dev(), meta.ino());
    if standard_place(io::stdout().as_fd()).as_ref() == Some(&here) {
        return Ok(Target::Stdout);
    }
    if standard_place(io::stderr().as_fd()).as_ref() == Some(&here) {
        return Ok(Target::Stderr);
    }
    if meta.is_dir() {
        return Err(io::Error::new(io::ErrorKind::IsADirectory, "it is a directory"));
    }
    if let Some(input) = held_for_reading(path) {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("it is {input}, open only for reading, and is left as it is"),
        ));
    }
    if !meta.is_file() || names_a_descriptor(path) {
        return Ok(Target::InPlace(path.to_path_buf()));
    }
    // As a shell's `>` would: refuse a file this user may not write.
    fs::OpenOptions::new().write(true).open(path).map_err(|e| {
        if e.kind() == io::ErrorKind::PermissionDenied {
            io::Error::new(e.kind(), "permission denied: the file is not writable, and is left as it is")
        } else {
            e
        }
    })?;
    Ok(Target::Replace(fs::canonicalize(path)?, Some(meta)))
}

/// What the process was given to read that `path` names, if anything: a
/// file or pipe held open read-only, as stdin (`< g.save`, so `/dev/stdin` or
/// `g.save` itself) or any other descriptor (`3< g.save`, `/dev/fd/3`,
/// `/proc/self/fd/3`). Writing it would put output where the shell was
/// asked for input: the file would be appended to or replaced. Terminals
/// and other devices are not inputs of this kind: writing one loses nothing.
pub fn held_for_reading(path: &Path) -> Option<String> {
    if path == Path::new("-") {
        return None;
    }
    let meta = fs::metadata(path).ok()?;
    let kind = meta.file_type();
    if !kind.is_file() && !std::os::unix::fs::FileTypeExt::is_fifo(&kind) {
        return None;
    }
    let here = (meta.dev(), meta.ino());
    let (fd, _, _) = crate::runtime::system::read_only_descriptors()
        .into_iter()
        .find(|&(_, dev, ino)| (dev, ino) == here)?;
    Some(if fd == 0 { "standard input".to_string() } else { format!("the input on descriptor {fd}") })
}

/// What `path` names once links are followed; for a link to nothing yet, the
/// file it will create.
fn final_name(path: &Path) -> PathBuf {
    match fs::read_link(path) {
        Ok(to) => path.parent().map_or(to.clone(), |dir| dir.join(&to)),
        Err(_) => path.to_path_buf(),
    }
}

/// `/dev/stdout`, `/dev/fd/3`, `/proc/self/fd/1`...: a name for an open
/// descriptor, never to be renamed over, whatever is behind it.
fn names_a_descriptor(path: &Path) -> bool {
    let parts: Vec<_> = path.components().map(|c| c.as_os_str().to_string_lossy().into_owned()).collect();
    let parts: Vec<&str> = parts.iter().map(String::as_str).collect();
    matches!(
        parts.as_slice(),
        ["/", "dev", "stdin" | "stdout" | "stderr"] | ["/", "dev", "fd", _] | ["/", "proc", _, "fd", _]
    )
}

/// Writes a regular file under a temporary name, then renames it over `target`.
fn replace(
    target: &Path,
    old: Option<&fs::Metadata>,
    durability: Durability,
    write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> io::Result<()> {
    stage(target, old, durability, write)?.put_in_place()
}

/// A regular file written whole under its temporary name, not yet renamed
/// into place: removed if dropped first.
pub struct Staged {
    tmp: PathBuf,
    target: PathBuf,
    removal: Option<crate::runtime::signals::RemovedOnSignal>,
}

impl Staged {
    /// The file it will replace.
    pub fn target(&self) -> &Path {
        &self.target
    }

    /// Renames the file into place.
    pub fn put_in_place(mut self) -> io::Result<()> {
        let done = fs::rename(&self.tmp, &self.target);
        if done.is_ok() {
            self.removal = None;
            self.tmp = PathBuf::new();
        }
        done
    }
}

impl Drop for Staged {
    fn drop(&mut self) {
        if !self.tmp.as_os_str().is_empty() {
            let _ = fs::remove_file(&self.tmp);
        }
        drop(self.removal.take());
    }
}

/// Writes `target`'s replacement under a temporary name beside it.
fn stage(
    target: &Path,
    old: Option<&fs::Metadata>,
    durability: Durability,
    write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> io::Result<Staged> {
    remove_stale_temporaries(target);
    let tmp = temporary_name(target);
    let removal = crate::runtime::signals::remove_on_signal(&tmp);
    let staged = Staged { tmp: tmp.clone(), target: target.to_path_buf(), removal };
    let mut out = BufWriter::new(File::create(&tmp)?);
    write(&mut out)?;
    let file = out.into_inner().map_err(|e| e.into_error())?;
    if let Some(old) = old {
        keep_mode_and_owner(&file, old)?;
    }
    if durability == Durability::Synced {
        file.sync_all()?;
    }
    Ok(staged)
}

/// [`write_output_with`] for one of several outputs that are to appear
/// together: a regular file is left whole under its temporary name
/// (`Some`), for the caller to put in place once every output is written;
/// a stream is written at once (`None`).
pub fn write_staged(
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> io::Result<Option<Staged>> {
    match target(path)? {
        Target::Replace(target, old) => stage(&target, old.as_ref(), Durability::Later, write).map(Some),
        _ => write_output_with(path, Durability::Later, write).map(|()| None),
    }
}

/// The folder holding `path`: `.` for a bare name, whose `parent()` is the
/// empty path (which no call can open).
pub fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    }
}

/// The end of a batch written with [`Durability::Later`] into `dir`: the
/// batch's files, contents and names, written to disk by one sync of the file
/// system that holds `dir` (a sync of the folder alone would keep the names
/// but not, on a file system that allocates late, the contents).
pub fn sync_folder(dir: &Path) -> io::Result<()> {
    crate::runtime::system::sync_file_system(&File::open(dir)?)
}

/// Gives the replacement the old file's mode (a private file stays private)
/// and, as far as this user may, its owner and group.
fn keep_mode_and_owner(file: &File, old: &fs::Metadata) -> io::Result<()> {
    if std::os::unix::fs::fchown(file, Some(old.uid()), Some(old.gid())).is_err() {
        let _ = std::os::unix::fs::fchown(file, None, Some(old.gid()));
    }
    file.set_permissions(fs::Permissions::from_mode(old.mode() & 0o7777))
}

/// Where a path leads, to tell two names of one file apart from two files:
/// the device and inode of what it names, or for a file not made yet, its
/// directory's device and inode and its name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Place {
    /// What exists there: its device and inode.
    Node(u64, u64),
    /// A file not made yet: its folder's device and inode, and its name.
    New(u64, u64, std::ffi::OsString),
}

impl Place {
    /// The place of `path` (`-` is stdout); `None` if it cannot be known (its
    /// directory is missing: writing it fails anyway).
    pub fn of(path: &Path) -> Option<Place> {
        if path == Path::new("-") {
            return standard_place(io::stdout().as_fd());
        }
        if let Ok(meta) = fs::metadata(path) {
            return Some(Place::Node(meta.dev(), meta.ino()));
        }
        let file = final_name(path);
        let dir = match file.parent() {
            Some(d) if !d.as_os_str().is_empty() => d,
            _ => Path::new("."),
        };
        let meta = fs::metadata(dir).ok()?;
        Some(Place::New(meta.dev(), meta.ino(), file.file_name()?.to_os_string()))
    }
}

impl Place {
    /// The place of an input: as [`Place::of`], but `-` is stdin.
    pub fn of_input(path: &Path) -> Option<Place> {
        if path == Path::new("-") {
            return standard_place(io::stdin().as_fd());
        }
        Place::of(path)
    }
}

/// The place of an open standard stream, if it is open.
fn standard_place(fd: std::os::fd::BorrowedFd<'_>) -> Option<Place> {
    let meta = File::from(fd.try_clone_to_owned().ok()?).metadata().ok()?;
    Some(Place::Node(meta.dev(), meta.ino()))
}

/// Whether an error writing `path` is stdout's reader having gone
/// (`gametree ... | head`): that is no failure, and ends the process quietly.
pub fn closed_stdout(path: &Path, e: &io::Error) -> bool {
    e.kind() == io::ErrorKind::BrokenPipe && matches!(target(path), Ok(Target::Stdout))
}

/// The longest file name most file systems take, in bytes.
const NAME_MAX: usize = 255;

/// `.NAME.PID.tmp` beside `path`: see [`temporary_file_name`].
pub(super) fn temporary_name(path: &Path) -> PathBuf {
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    path.with_file_name(temporary_file_name(&name, std::process::id()))
}

/// `.NAME.PID.tmp`, with NAME cut short (at a character boundary) so that the
/// whole fits in a file name.
fn temporary_file_name(name: &str, pid: u32) -> String {
    let suffix = format!(".{pid}.tmp");
    let mut keep = NAME_MAX.saturating_sub(1 + suffix.len()).min(name.len());
    while !name.is_char_boundary(keep) {
        keep -= 1;
    }
    format!(".{}{suffix}", &name[..keep])
}

/// Removes the temporaries of earlier writes to `path` whose processes are gone
/// (killed mid-write), so that they do not pile up.
pub(super) fn remove_stale_temporaries(path: &Path) {
    let (Some(dir), Some(name)) = (path.parent(), path.file_name()) else { return };
    let dir = if dir.as_os_str().is_empty() { Path::new(".") } else { dir };
    let name = name.to_string_lossy();
    let Ok(entries) = fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let file = entry.file_name().to_string_lossy().into_owned();
        let pid =
            file.strip_suffix(".tmp").and_then(|f| f.rsplit_once('.')).and_then(|(_, p)| p.parse().ok());
        let Some(pid) = pid else { continue };
        let ours = file == temporary_file_name(&name, pid);
        if ours && pid != std::process::id() && !Path::new(&format!("/proc/{pid}")).exists() {
            // A folder being filled (`write_folder`) or a file.
            let _ = fs::remove_dir_all(entry.path()).or_else(|_| fs::remove_file(entry.path()));
        }
    }
}

/// Why stdout fails when the shell closed it (`>&-`): its writes go to
/// `/dev/full`, whose "No space left on device" would mislead.
pub const CLOSED_AT_START: &str = "stdout was closed before gametree started (>&-)";

/// Whether the shell closed stdout before the process started.
pub fn closed_at_start() -> bool {
    #[cfg(target_os = "linux")]
    return crate::runtime::closed_streams::stdout_closed_at_start();
    #[cfg(not(target_os = "linux"))]
    return false;
}

/// Whether `path` is written in place (stdout, a FIFO, a device, a name of a
/// descriptor, whatever stdout or stderr is) rather than replaced whole.
pub fn is_stream(path: &Path) -> bool {
    if path == Path::new("-") || path.starts_with("/dev") || path.starts_with("/proc") {
        return true;
    }
    let stdio = [Place::of(Path::new("-")), Place::of(Path::new("/dev/stderr"))];
    match fs::metadata(path) {
        Ok(meta) => !meta.is_file() || stdio.iter().any(|p| p.is_some() && *p == Place::of(path)),
        Err(_) => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(tag: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("gametree-output-{tag}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&d);
        fs::create_dir_all(&d).unwrap();
        d
    }

    #[test]
    fn a_failed_write_leaves_the_old_file_and_no_temporary() {
        let dir = scratch("fail");
        let path = dir.join("tree.json");
        fs::write(&path, "old").unwrap();
        let result = write_output(&path, |w| {
            w.write_all(b"half a tre")?;
            Err(io::Error::other("interrupted"))
        });
        assert!(result.is_err());
        assert_eq!(fs::read_to_string(&path).unwrap(), "old");
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 1, "temporary file left behind");
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_complete_write_replaces_the_file() {
        let dir = scratch("ok");
        let path = dir.join("tree.json");
        fs::write(&path, "old").unwrap();
        write_output(&path, |w| w.write_all(b"new")).unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "new");
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 1);
        assert!(write_output(&dir.join("missing/tree.json"), |w| w.write_all(b"x")).is_err());
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_symlink_is_followed_and_its_target_replaced() {
        let dir = scratch("link");
        let target = dir.join("real.json");
        let link = dir.join("link.json");
        fs::write(&target, "old").unwrap();
        std::os::unix::fs::symlink(&target, &link).unwrap();
        write_output(&link, |w| w.write_all(b"new")).unwrap();
        assert!(fs::symlink_metadata(&link).unwrap().file_type().is_symlink(), "the link stays a link");
        assert_eq!(fs::read_to_string(&target).unwrap(), "new");
        // A dangling link gets its target created.
        let dangling = dir.join("dangling.json");
        std::os::unix::fs::symlink(dir.join("later.json"), &dangling).unwrap();
        write_output(&dangling, |w| w.write_all(b"made")).unwrap();
        assert!(fs::symlink_metadata(&dangling).unwrap().file_type().is_symlink());
        assert_eq!(fs::read_to_string(dir.join("later.json")).unwrap(), "made");
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_fifo_is_written_in_place_never_replaced() {
        use std::os::unix::fs::FileTypeExt;
        let dir = scratch("fifo");
        let fifo = dir.join("pipe");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status().unwrap();
        assert!(made.success(), "mkfifo {}", fifo.display());
        let reader = {
            let fifo = fifo.clone();
            std::thread::spawn(move || fs::read_to_string(fifo).unwrap())
        };
        write_output(&fifo, |w| w.write_all(b"through the pipe")).unwrap();
        assert_eq!(reader.join().unwrap(), "through the pipe");
        assert!(fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo(), "still a FIFO");
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 1, "no temporary left");
        assert!(write_output(&dir, |w| w.write_all(b"x")).is_err(), "a directory is refused");
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_long_name_still_gets_a_temporary_and_dead_writers_temporaries_go() {
        let dir = scratch("long");
        let long = dir.join(format!("{}.json", "é".repeat(120)));
        assert_eq!(long.file_name().unwrap().len(), 245);
        write_output(&long, |w| w.write_all(b"ok")).unwrap();
        assert_eq!(fs::read_to_string(&long).unwrap(), "ok");
        assert!(temporary_name(&long).file_name().unwrap().len() <= NAME_MAX);
        // A temporary left by a process that is gone, and one by a live process.
        let dead = dir.join(temporary_file_name("tree.json", u32::MAX - 1));
        let live = dir.join(temporary_file_name("tree.json", 1));
        let other = dir.join(temporary_file_name("tree.json.bak", u32::MAX - 1));
        for f in [&dead, &live, &other] {
            fs::write(f, "half").unwrap();
        }
        write_output(&dir.join("tree.json"), |w| w.write_all(b"whole")).unwrap();
        assert!(!dead.exists(), "a dead writer's temporary is removed");
        assert!(live.exists(), "a live process's temporary is left alone");
        assert!(other.exists(), "another file's temporary is left alone");
        fs::remove_dir_all(&dir).unwrap();
    }
}
