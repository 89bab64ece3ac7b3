//! A set of files written into one folder whole or not at all (an exercise
//! set: `exercise --out DIR`).

use std::fs;
use std::io;
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};

use super::file::{remove_stale_temporaries, sync_folder, temporary_name};

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
