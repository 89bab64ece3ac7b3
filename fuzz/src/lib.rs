//! What the fuzz targets share: choosing a game from the first input byte.

/// Runs `$body` with `$g` bound to the game of the list of games picked by the
/// byte `$which`, and panics with the message of an `Err` it returns (the
/// fuzzer's notion of a failure). Every game of the list is reachable.
#[macro_export]
macro_rules! check_any_game {
    ($which:expr, |$g:ident| $body:expr) => {{
        let all = gametree::games::ALL;
        let name = all[usize::from($which) % all.len()];
        let result: Result<(), String> =
            gametree::with_game!(name, &gametree::games::Settings::default(), |$g| $body);
        if let Err(e) = result {
            panic!("{e}");
        }
    }};
}
