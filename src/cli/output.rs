//! Writing outputs without ever leaving half a file behind.

use std::fs::{self, File};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::game::Game;
use crate::search::Tree;

/// Writes to `path` through `write`: `-` means stdout; any other path is written to
/// a temporary file in the same directory and renamed into place only once complete,
/// so an interrupted or failed run leaves the old file (or none), never half a file.
pub fn write_output(path: &Path, write: impl FnOnce(&mut dyn Write) -> io::Result<()>) -> io::Result<()> {
    if path == Path::new("-") {
        let mut out = BufWriter::new(io::stdout().lock());
        write(&mut out)?;
        return out.flush();
    }
    let tmp = temporary_name(path);
    let result = (|| {
        let mut out = BufWriter::new(File::create(&tmp)?);
        write(&mut out)?;
        out.into_inner().map_err(|e| e.into_error())?.sync_all()?;
        fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result
}

fn temporary_name(path: &Path) -> PathBuf {
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    path.with_file_name(format!(".{name}.{}.tmp", std::process::id()))
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
}
