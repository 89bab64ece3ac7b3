//! Writing outputs without ever leaving half a file behind.

use std::fs::{self, File};
use std::io::{self, BufWriter, Write};
use std::os::fd::AsFd;
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use crate::game::Game;
use crate::tree::Tree;

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

/// Writes a set of files into the folder `dir` whole or not at all: `fill`
/// writes them into a new folder beside `dir` (on the same file system), which
/// is synced and then exchanged with `dir` in one step, so that at every
/// instant `dir` holds the old set or the new one, never a mix; a failure
/// anywhere before leaves `dir` as it was. What `dir` held that the new set
/// does not (a README beside the set, exercise-12 of a longer batch) is moved
/// back into it. As for a single file, a file of the old set that the user
/// could not write is not replaced: the set is refused. A link to a folder is
/// followed; a path that is not a folder is refused up front.
pub fn write_folder<E>(
    dir: &Path,
    fill: impl FnOnce(&Path) -> Result<(), E>,
    failed: impl Fn(String) -> E,
) -> Result<(), E> {
    let name = dir.display();
    let dir = set_folder(dir).map_err(|why| failed(format!("{name}: {why}")))?;
    let parent = dir.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    fs::create_dir_all(parent).map_err(|e| failed(format!("cannot create {}: {e}", parent.display())))?;
    remove_stale_temporaries(&dir);
    let tmp = temporary_name(&dir);
    let _ = fs::remove_dir_all(&tmp);
    fs::create_dir(&tmp).map_err(|e| failed(format!("cannot create {}: {e}", tmp.display())))?;
    // A kill while the set is made removes it (the next write would too);
    // not once it is being exchanged, when the folder holds the old set's
    // entries still to be moved back.
    let mut removal = crate::runtime::signals::remove_folder_on_signal(&tmp);
    let result = fill(&tmp).and_then(|()| {
        let old = fs::metadata(&dir).ok();
        if let Some(old) = &old {
            refuse_unwritable(&tmp, &dir).map_err(|e| failed(format!("cannot write {e}")))?;
            let _ = fs::set_permissions(&tmp, fs::Permissions::from_mode(old.mode() & 0o7777));
        }
        sync_folder(&tmp).map_err(|e| failed(format!("cannot sync {}: {e}", tmp.display())))?;
        drop(removal.take());
        put_in_place(&tmp, &dir, old.is_some()).map_err(|e| failed(format!("cannot write {name}: {e}")))
    });
    let _ = fs::remove_dir_all(&tmp);
    drop(removal);
    result
}

/// The folder a set is written to: `dir`, or what it links to; an error
/// (said after the name) when it is something else than a folder.
fn set_folder(dir: &Path) -> Result<PathBuf, String> {
    match fs::symlink_metadata(dir) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(dir.to_path_buf()),
        Err(e) => Err(e.to_string()),
        Ok(meta) if meta.is_dir() => Ok(dir.to_path_buf()),
        Ok(meta) if meta.file_type().is_symlink() => match fs::metadata(dir) {
            Ok(to) if to.is_dir() => fs::canonicalize(dir).map_err(|e| e.to_string()),
            Ok(_) => Err("not a folder (a link to something else)".into()),
            Err(_) => Err("not a folder (a link to nothing)".into()),
        },
        Ok(_) => Err("not a folder; give --out a folder, new or existing".into()),
    }
}

/// Refuses a set that would replace what `dir` holds and a single write
/// would not: a file the user may not write, or a folder where the set has a
/// file (or a file where it has a folder), which would be lost whole.
fn refuse_unwritable(new: &Path, dir: &Path) -> io::Result<()> {
    for entry in fs::read_dir(new)?.flatten() {
        let old = dir.join(entry.file_name());
        let Ok(there) = fs::symlink_metadata(&old) else { continue };
        let refused =
            |why: String| io::Error::other(format!("{}: {why}; the set is left as it was", old.display()));
        match (entry.file_type()?.is_dir(), fs::metadata(&old).map(|m| m.is_dir()).unwrap_or(false)) {
            (true, true) => refuse_unwritable(&entry.path(), &old)?,
            (true, false) => return Err(refused("not a folder, where the set has one".into())),
            (false, true) => return Err(refused("a folder, where the set has a file".into())),
            (false, false) if there.is_file() => {
                fs::OpenOptions::new().write(true).open(&old).map_err(|e| refused(e.to_string()))?;
            }
            (false, false) => {}
        }
    }
    Ok(())
}

/// Moves the finished set `tmp` to `dir`: renamed if `dir` is new, otherwise
/// exchanged with it (or, where the file system cannot exchange, the old
/// folder renamed aside first), then the old folder's other entries moved
/// back. `tmp` is left holding what is to be removed.
fn put_in_place(tmp: &Path, dir: &Path, exists: bool) -> io::Result<()> {
    if !exists {
        return fs::rename(tmp, dir);
    }
    match crate::runtime::system::exchange(tmp, dir) {
        Ok(()) => {}
        Err(e) if e.kind() == io::ErrorKind::Unsupported => {
            let aside = temporary_name(
                &dir.with_file_name(format!("{}.old", dir.file_name().unwrap_or_default().to_string_lossy())),
            );
            fs::rename(dir, &aside)?;
            if let Err(e) = fs::rename(tmp, dir) {
                let _ = fs::rename(&aside, dir);
                return Err(e);
            }
            fs::rename(&aside, tmp)?;
        }
        Err(e) => return Err(e),
    }
    keep_other_entries(tmp, dir)
}

/// Moves into `dir` each entry of `old` that `dir` does not have, one level
/// into folders both have.
fn keep_other_entries(old: &Path, dir: &Path) -> io::Result<()> {
    for entry in fs::read_dir(old)?.flatten() {
        let there = dir.join(entry.file_name());
        match fs::symlink_metadata(&there) {
            Err(_) => fs::rename(entry.path(), &there)?,
            Ok(meta) if meta.is_dir() && entry.file_type()?.is_dir() => {
                keep_other_entries(&entry.path(), &there)?
            }
            Ok(_) => {}
        }
    }
    Ok(())
}

/// Whether `path` lies inside the folder `dir` (by device and inode, so any
/// name of either does): a set written into `dir` would replace it.
pub fn lies_inside(path: &Path, dir: &Path) -> bool {
    let (Ok(path), Ok(dir)) = (fs::canonicalize(path), fs::metadata(dir)) else { return false };
    path.ancestors()
        .skip(1)
        .any(|a| fs::metadata(a).is_ok_and(|m| (m.dev(), m.ino()) == (dir.dev(), dir.ino())))
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
    Node(u64, u64),
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
fn temporary_name(path: &Path) -> PathBuf {
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
fn remove_stale_temporaries(path: &Path) {
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

/// Set once a write to stdout has failed, so that a command that goes on
/// (play, match) still ends with status 4.
static STDOUT_FAILED: AtomicBool = AtomicBool::new(false);

/// Stdout for the commands: a write that fails is remembered (see
/// [`stdout_failed`]), and a closed pipe ends the process quietly, as it ends
/// other command-line tools, where an export's closed pipe is an error.
pub struct Stdout(io::StdoutLock<'static>);

pub fn stdout() -> Stdout {
    Stdout(io::stdout().lock())
}

fn stdout_error(e: io::Error) -> io::Error {
    // A signal (Ctrl-C during play: the handlers are installed without
    // SA_RESTART) can interrupt a write that waits for the terminal to take
    // it; `write_all` writes again, and nothing failed. Remembered, it made
    // a game ended by Ctrl-C exit as an output error (4) instead of 130.
    if e.kind() == io::ErrorKind::Interrupted {
        return e;
    }
    if e.kind() == io::ErrorKind::BrokenPipe {
        crate::runtime::signals::die_of_closed_pipe();
    }
    STDOUT_FAILED.store(true, Ordering::Relaxed);
    if closed_at_start() {
        return io::Error::other(CLOSED_AT_START);
    }
    e
}

/// Why stdout fails when the shell closed it (`>&-`): its writes go to
/// `/dev/full`, whose "No space left on device" would mislead.
const CLOSED_AT_START: &str = "stdout was closed before gametree started (>&-)";

/// What is said when stdout failed and no write said why.
pub fn stdout_failure() -> String {
    if closed_at_start() { CLOSED_AT_START.into() } else { "cannot write to stdout".into() }
}

fn closed_at_start() -> bool {
    #[cfg(target_os = "linux")]
    return crate::runtime::closed_streams::stdout_closed_at_start();
    #[cfg(not(target_os = "linux"))]
    return false;
}

impl Write for Stdout {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.write(buf).map_err(stdout_error)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.0.flush().map_err(stdout_error)
    }
}

/// Prints `text` on stdout and flushes it: `print!` that gives an output
/// failure (status 4) instead of a panic.
pub fn print(text: &str) -> super::failure::Outcome {
    let mut out = stdout();
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .map_err(|e| super::failure::Failure::output(format!("cannot write to stdout: {e}")))
}

/// Whether a write to stdout failed, or what is still buffered for it cannot
/// be written.
pub fn stdout_failed() -> bool {
    let flushed = io::stdout().flush().map_err(stdout_error);
    flushed.is_err() || STDOUT_FAILED.load(Ordering::Relaxed)
}

/// The panic hook. It never panics itself: it writes with errors ignored. A
/// failed `print!` (stdout or stderr unwritable) is an output error, status 4,
/// and stdout's reader having gone ends the process quietly; anything else is
/// a bug, reported in one line.
pub fn on_panic(info: &std::panic::PanicHookInfo<'_>) {
    let payload = info.payload();
    let message = payload
        .downcast_ref::<String>()
        .map(String::as_str)
        .or_else(|| payload.downcast_ref::<&str>().copied());
    let message = message.unwrap_or("");
    if let Some(why) = message.strip_prefix("failed printing to stdout: ") {
        if why.contains("Broken pipe") {
            crate::runtime::signals::die_of_closed_pipe();
        }
        let why = if closed_at_start() { CLOSED_AT_START } else { why };
        let _ = writeln!(io::stderr(), "gametree: cannot write to stdout: {why}");
        std::process::exit(i32::from(super::failure::Kind::Output.status()));
    }
    if message.starts_with("failed printing to stderr") {
        std::process::exit(i32::from(super::failure::Kind::Output.status()));
    }
    let _ = writeln!(
        io::stderr(),
        "gametree: internal error ({info}); please report it with the command that caused it"
    );
}

/// The `--stats` report, on stderr.
pub fn print_stats<G: Game>(label: &str, tree: &Tree<'_, G>, build_time: Duration) {
    let secs = build_time.as_secs_f64();
    let rate = if secs > 0.0 { tree.len as f64 / secs } else { f64::INFINITY };
    super::stderr::to_stderr(&format!(
        "{label}nodes: {}, node size: {} bytes, arena bytes: {}, build time: {:.3} ms, rate: {:.1} million nodes/s\n",
        tree.len,
        std::mem::size_of_val(tree.root),
        tree.node_bytes(),
        secs * 1e3,
        rate / 1e6
    ));
}

/// The tree's census on stderr (`--stats`): per depth and in total, its nodes,
/// finished games, and distinct positions, also up to the board's symmetries.
pub fn print_census(census: &crate::tree::census::Census) {
    super::stderr::to_stderr(&census_table(census));
}

fn census_table(c: &crate::tree::census::Census) -> String {
    use crate::tree::census::Counts;
    let sym = |n: Option<u64>| n.map_or("-".to_string(), |n| n.to_string());
    let row = |depth: &str, n: &Counts| {
        format!(
            "{depth:>6} {:>12} {:>12} {:>12} {:>12} {:>15} {:>15}\n",
            n.nodes,
            n.finished,
            n.distinct,
            sym(n.distinct_up_to_symmetry),
            n.distinct_finished,
            sym(n.finished_up_to_symmetry)
        )
    };
    let mut out = format!(
        "{:>6} {:>12} {:>12} {:>12} {:>12} {:>15} {:>15}\n",
        "depth", "nodes", "finished", "positions", "up to sym.", "finished pos.", "fin. up to sym."
    );
    for (d, n) in c.by_depth.iter().enumerate() {
        out.push_str(&row(&d.to_string(), n));
    }
    out.push_str(&row("total", &c.total));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A write interrupted by a signal is written again, not a failure; a
    /// real error is remembered. (No other unit test fails stdout, so the
    /// flag starts clear.)
    #[test]
    fn an_interrupted_write_to_stdout_is_not_a_failure() {
        assert!(!STDOUT_FAILED.load(Ordering::Relaxed));
        let e = stdout_error(io::Error::from(io::ErrorKind::Interrupted));
        assert_eq!(e.kind(), io::ErrorKind::Interrupted, "passed on, for write_all to write again");
        assert!(!STDOUT_FAILED.load(Ordering::Relaxed), "an interrupted write marked stdout failed");
        stdout_error(io::Error::from(io::ErrorKind::StorageFull));
        assert!(STDOUT_FAILED.load(Ordering::Relaxed));
        STDOUT_FAILED.store(false, Ordering::Relaxed);
    }

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
