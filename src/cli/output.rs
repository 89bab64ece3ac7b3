//! Writing outputs without ever leaving half a file behind.

use std::fs::{self, File};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::game::Game;
use crate::tree::Tree;

/// Writes to `path` through `write`: `-` means stdout. A regular file (or a new
/// one) is written to a temporary file in its directory and renamed into place
/// only once complete, so an interrupted or failed run leaves the old file (or
/// none), never half a file. A symbolic link is followed, and its target is
/// replaced in the target's own directory. Anything else that is there, a
/// device, a FIFO, `/dev/stdout`, is written in place: renaming over it would
/// destroy it.
pub fn write_output(path: &Path, write: impl FnOnce(&mut dyn Write) -> io::Result<()>) -> io::Result<()> {
    if path == Path::new("-") {
        let mut out = BufWriter::new(io::stdout().lock());
        write(&mut out)?;
        return out.flush();
    }
    // What the path names in the end, links followed (a missing target is new).
    let target = match fs::canonicalize(path) {
        Ok(t) => t,
        Err(e) if e.kind() == io::ErrorKind::NotFound => match fs::read_link(path) {
            // A dangling link: create its target, where the link says.
            Ok(to) => path.parent().map_or(to.clone(), |dir| dir.join(&to)),
            Err(_) => path.to_path_buf(),
        },
        Err(e) => return Err(e),
    };
    if let Ok(meta) = fs::metadata(&target)
        && !meta.is_file()
    {
        if meta.is_dir() {
            return Err(io::Error::new(io::ErrorKind::IsADirectory, "it is a directory"));
        }
        let mut out = BufWriter::new(fs::OpenOptions::new().write(true).open(&target)?);
        write(&mut out)?;
        return out.flush();
    }
    remove_stale_temporaries(&target);
    let tmp = temporary_name(&target);
    let removal = crate::runtime::signals::remove_on_signal(&tmp);
    let result = (|| {
        let mut out = BufWriter::new(File::create(&tmp)?);
        write(&mut out)?;
        out.into_inner().map_err(|e| e.into_error())?.sync_all()?;
        fs::rename(&tmp, &target)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    drop(removal);
    result
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
            let _ = fs::remove_file(entry.path());
        }
    }
}

/// The `--stats` report, on stderr.
pub fn print_stats<G: Game>(label: &str, tree: &Tree<'_, G>, build_time: Duration) {
    let secs = build_time.as_secs_f64();
    let rate = if secs > 0.0 { tree.len as f64 / secs } else { f64::INFINITY };
    eprintln!(
        "{label}nodes: {}, node size: {} bytes, arena bytes: {}, build time: {:.3} ms, rate: {:.1} million nodes/s",
        tree.len,
        std::mem::size_of_val(tree.root),
        tree.node_bytes(),
        secs * 1e3,
        rate / 1e6
    );
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
