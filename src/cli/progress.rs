//! A counter on stderr for long counts (`perft`, `solve`).

/// A spinner counting `what`; indicatif draws nothing when stderr is not a
/// terminal.
pub fn progress(what: &'static str) -> indicatif::ProgressBar {
    let bar = indicatif::ProgressBar::new_spinner();
    bar.set_style(
        indicatif::ProgressStyle::with_template("{spinner} {prefix} {human_pos} {msg} ({elapsed})")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_spinner()),
    );
    bar.set_message(what);
    bar
}
