//! Known position counts, read from `fixtures/perft.txt` by one generic test.

use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_gametree");
const TABLE: &str = include_str!("../fixtures/perft.txt");

#[test]
fn perft_counts_match_the_known_numbers() {
    let mut checked = 0;
    for line in TABLE.lines().filter(|l| !l.trim().is_empty() && !l.starts_with('#')) {
        let fields: Vec<&str> = line.split('|').map(str::trim).collect();
        let [game, position, counts] = fields[..] else { panic!("bad line {line:?}") };
        let counts: Vec<&str> = counts.split_whitespace().collect();
        let mut cmd = Command::new(BIN);
        cmd.args(["perft", game, &counts.len().to_string()]);
        if position != "start" {
            cmd.args(["--position", position]);
        }
        let out = cmd.output().unwrap();
        assert!(out.status.success(), "{line}: {}", String::from_utf8_lossy(&out.stderr));
        let expected: String = counts.iter().enumerate().map(|(d, n)| format!("{} {n}\n", d + 1)).collect();
        assert_eq!(String::from_utf8(out.stdout).unwrap(), expected, "{line}");
        checked += 1;
    }
    assert!(checked >= 3);
}
