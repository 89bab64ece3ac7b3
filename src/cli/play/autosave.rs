//! Nothing lost: a game played at a terminal is saved after each move to a
//! per-user state directory, so that Ctrl-C, Ctrl-D or a closed terminal
//! leave it behind and the start menu can continue it.

use std::path::{Path, PathBuf};

/// `$XDG_STATE_HOME/gametree`, else `~/.local/state/gametree`; `None`
/// without either variable.
pub fn state_dir() -> Option<PathBuf> {
    let nonempty = |v: &str| std::env::var_os(v).filter(|s| !s.is_empty()).map(PathBuf::from);
    let base = nonempty("XDG_STATE_HOME").or_else(|| nonempty("HOME").map(|h| h.join(".local/state")))?;
    Some(base.join("gametree"))
}

/// Where the last game of `game` is kept.
pub fn path(game: &str) -> Option<PathBuf> {
    state_dir().map(|d| d.join(format!("{game}.save")))
}

/// Writes `text` to `path` (a temporary name, then a rename), making its
/// directory first.
pub fn write(path: &Path, text: &str) -> std::io::Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    crate::cli::output::write_output(path, |w| w.write_all(text.as_bytes()))
}

/// Moves the game kept at `slot` aside, to `GAME-SECONDS.save` beside it (a
/// number added if that is taken), so that a new game can take the slot
/// without losing it; the new name.
pub fn move_aside(slot: &Path, seconds: u64) -> std::io::Result<PathBuf> {
    let stem = slot.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    let aside = (0..)
        .map(|n| match n {
            0 => slot.with_file_name(format!("{stem}-{seconds}.save")),
            n => slot.with_file_name(format!("{stem}-{seconds}-{n}.save")),
        })
        .find(|p| !p.exists())
        .expect("some name is free");
    std::fs::rename(slot, &aside)?;
    Ok(aside)
}

/// A file name as a person types it: a leading `~/` is their home.
pub fn expand_home(name: &str) -> PathBuf {
    expand(name, std::env::var_os("HOME").map(PathBuf::from))
}

fn expand(name: &str, home: Option<PathBuf>) -> PathBuf {
    let rest = if name == "~" { Some("") } else { name.strip_prefix("~/") };
    match (rest, home) {
        (Some(rest), Some(home)) if !home.as_os_str().is_empty() => home.join(rest),
        _ => PathBuf::from(name),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_moved_aside_keeps_its_text_under_a_free_name() {
        let dir = std::env::temp_dir().join(format!("gametree-aside-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let slot = dir.join("checkers.save");
        std::fs::write(&slot, "first").unwrap();
        let a = move_aside(&slot, 7).unwrap();
        assert_eq!(a, dir.join("checkers-7.save"));
        std::fs::write(&slot, "second").unwrap();
        let b = move_aside(&slot, 7).unwrap();
        assert_eq!(b, dir.join("checkers-7-1.save"));
        assert!(!slot.exists());
        assert_eq!(std::fs::read_to_string(&a).unwrap(), "first");
        assert_eq!(std::fs::read_to_string(&b).unwrap(), "second");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_tilde_is_the_home_and_nothing_else_changes() {
        let home = Some(PathBuf::from("/home/ann"));
        assert_eq!(expand("~/x.txt", home.clone()), PathBuf::from("/home/ann/x.txt"));
        assert_eq!(expand("~", home.clone()), PathBuf::from("/home/ann"));
        assert_eq!(expand("a/~/x", home.clone()), PathBuf::from("a/~/x"));
        assert_eq!(expand("~bob/x", home), PathBuf::from("~bob/x"));
        assert_eq!(expand("~/x", None), PathBuf::from("~/x"));
    }
}
