//! What play says, kept within the terminal's width (80 columns when it is
//! unknown: a pipe, a file): help and rules refilled, any other long line
//! broken between words.

/// The columns of the terminal on standard output, or 80 when it is no
/// terminal or says nothing (also below 20 columns, too narrow to refill prose
/// for).
pub fn width() -> usize {
    terminal_size::terminal_size()
        .map(|(terminal_size::Width(w), _)| w)
        .filter(|&c| c >= 20)
        .map_or(80, usize::from)
}

/// `text` with each paragraph (lines up to a blank one) refilled to `width`
/// columns; a word longer than the width stands on its own line.
pub fn wrap(text: &str, width: usize) -> String {
    let mut out = Vec::new();
    for paragraph in text.trim_end().split("\n\n") {
        let mut line = String::new();
        for word in paragraph.split_whitespace() {
            if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
                out.push(std::mem::take(&mut line));
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
        }
        out.push(line);
        out.push(String::new());
    }
    out.pop();
    out.join("\n")
}

/// `text` with every line longer than `width` columns broken between words
/// (a word longer than the width stands on its own line); shorter lines, such
/// as a board's, are left exactly as they are.
pub fn fit(text: &str, width: usize) -> String {
    let lines: Vec<String> = text
        .split('\n')
        .map(|line| if line.chars().count() > width { wrap(line, width) } else { line.to_string() })
        .collect();
    lines.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paragraphs_are_refilled_to_the_width() {
        let text = "one two three\nfour five\n\nsix seven";
        assert_eq!(wrap(text, 9), "one two\nthree\nfour five\n\nsix seven");
        assert_eq!(wrap(text, 80), "one two three four five\n\nsix seven");
        assert_eq!(wrap("unbreakable-word x", 5), "unbreakable-word\nx");
        for line in wrap(crate::cli::play::HELP, 40).lines() {
            assert!(line.chars().count() <= 40, "{line}");
        }
    }

    #[test]
    fn only_lines_too_long_are_broken() {
        let board = " a  b\n1 x  .  o\n";
        assert_eq!(fit(board, 9), board, "short lines keep their spacing");
        assert_eq!(fit("ok\nlegal: a1 b1 c1 d1", 9), "ok\nlegal: a1\nb1 c1 d1");
        assert_eq!(fit("kept in /a/very/long/path.save", 9), "kept in\n/a/very/long/path.save");
    }
}
