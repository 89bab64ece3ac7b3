//! Grid boards for a person at a terminal: cells of three characters between
//! lines, drawn with box-drawing characters or, for terminals without them
//! (`--ascii`), with `+`, `-` and `|`.

/// `columns` names each column; each row is its name and one 3-character cell
/// per column (a unit centred, or marks around it such as `[x]`).
pub fn framed(columns: &[char], rows: &[(String, Vec<String>)], ascii: bool) -> String {
    let n = columns.len();
    let rule = |left: &str, middle: &str, right: &str| {
        if ascii {
            format!("   +{}\n", "---+".repeat(n))
        } else {
            format!("   {left}{}{right}\n", vec!["───"; n].join(middle))
        }
    };
    let bar = if ascii { "|" } else { "│" };
    let names: Vec<String> = columns.iter().map(|c| c.to_string()).collect();
    let mut s = format!("     {}\n", names.join("   "));
    s.push_str(&rule("┌", "┬", "┐"));
    for (i, (name, cells)) in rows.iter().enumerate() {
        s.push_str(&format!("{name:>2} {bar}{}{bar}\n", cells.join(bar)));
        if i + 1 < rows.len() {
            s.push_str(&rule("├", "┼", "┤"));
        }
    }
    s.push_str(&rule("└", "┴", "┘"));
    s
}

/// One 3-character cell of a board for play: the unit between brackets where
/// the last action ended, between parentheses where it started (or where the
/// unit whose targets are shown stands), else between spaces.
pub fn cell<T: PartialEq>(unit: char, here: T, end: Option<T>, start: Option<T>) -> String {
    if end.as_ref() == Some(&here) {
        format!("[{unit}]")
    } else if start.as_ref() == Some(&here) {
        format!("({unit})")
    } else {
        format!(" {unit} ")
    }
}

#[cfg(test)]
mod tests {
    use super::framed;

    #[test]
    fn ascii_and_box_frames_line_up() {
        let rows = vec![
            ("2".to_string(), vec![" x ".into(), "[o]".into()]),
            ("1".to_string(), vec!["   ".into(); 2]),
        ];
        assert_eq!(
            framed(&['a', 'b'], &rows, true),
            "     a   b\n   +---+---+\n 2 | x |[o]|\n   +---+---+\n 1 |   |   |\n   +---+---+\n"
        );
        let boxed = framed(&['a', 'b'], &rows, false);
        assert_eq!(
            boxed,
            "     a   b\n   ┌───┬───┐\n 2 │ x │[o]│\n   ├───┼───┤\n 1 │   │   │\n   └───┴───┘\n"
        );
        // Every line of the frame is as wide as the others, in characters.
        let widths: Vec<usize> = boxed.lines().skip(1).map(|l| l.chars().count()).collect();
        assert!(widths.iter().all(|&w| w == widths[0]), "{widths:?}");
    }
}
