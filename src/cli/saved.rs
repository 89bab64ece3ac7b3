//! A saved game's settings checked as the command line checks them: each
//! `KEY VALUE` line goes through the value parser of `play --KEY`, so that a
//! save cannot hold what the command line refuses (`think 0`, a think of a
//! day, `max-nodes 0`).

use clap::CommandFactory;

/// Whether `value` is one `play --key` takes; `Ok` too for a key `play` does
/// not know, which the caller refuses in its own words.
pub fn check_setting(key: &str, value: &str) -> Result<(), String> {
    let cli = super::Cli::command();
    let Some(play) = cli.find_subcommand("play") else { return Ok(()) };
    if !play.get_arguments().any(|a| a.get_long() == Some(key)) {
        return Ok(());
    }
    // Any game will do: which game takes which option is checked after.
    let args = ["gametree", "play", "tictactoe", &format!("--{key}={value}")];
    cli.try_get_matches_from(args).map(drop).map_err(|e| {
        let text = e.to_string();
        let first = text.lines().next().unwrap_or_default();
        let why = first.strip_prefix("error: ").unwrap_or(first);
        format!("saved setting {key}: {}", crate::game::printable(why))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_saved_setting_is_held_to_the_command_lines_range() {
        for (key, value) in
            [("think", "0"), ("think", "600001"), ("max-nodes", "0"), ("depth", "65"), ("level", "x")]
        {
            let e = check_setting(key, value).unwrap_err();
            assert!(e.starts_with(&format!("saved setting {key}: invalid value '{value}'")), "{e}");
        }
        for (key, value) in [("think", "600000"), ("max-nodes", "1"), ("radius", "3"), ("level", "hard")] {
            assert_eq!(check_setting(key, value), Ok(()), "{key} {value}");
        }
        assert_eq!(check_setting("colour", "0"), Ok(()), "unknown keys are the caller's");
    }
}
