//! The protocol against an independent naive implementation of the spec, on the
//! official fixtures and on random games (with errors, malformed lines, formatting
//! variants and other depths mixed in).

use crate::support;

use gametree::protocol::{self, Options};
use proptest::prelude::*;
use support::naive_checkers as naive;

fn ours(input: &str, depth: u8) -> (String, i32) {
    let mut out = Vec::new();
    let opts = Options { depth, ..Options::default() };
    let ending = protocol::run(input.as_bytes(), &mut out, &opts, &mut |_, _, _| Ok(())).unwrap();
    (String::from_utf8(out).unwrap(), ending.exit_code())
}

#[test]
#[cfg_attr(not(has_course_fixtures), ignore = "needs the course fixtures: set GAMETREE_COURSE_FIXTURES")]
fn the_oracle_itself_reproduces_the_official_fixtures() {
    let dir = support::course_data("official");
    for i in 0..9 {
        let input = std::fs::read_to_string(dir.join(format!("test{i}.txt"))).unwrap();
        let expected = std::fs::read_to_string(dir.join(format!("test{i}-out.txt"))).unwrap();
        assert_eq!(naive::protocol(&input, 3).0, expected, "oracle on test{i}");
    }
}

/// Turns random numbers into a protocol input: a random legal game of `moves`
/// actions, then an ending chosen by `tail`, in a formatting chosen by `style`.
fn input_from(choices: &[u32], tail: u8, noise: (u8, u8, u8, u8), style: u8) -> String {
    let mut b = naive::start();
    let mut black = true;
    let mut lines = Vec::new();
    for &c in choices {
        let acts = naive::actions(&b, black);
        if acts.is_empty() {
            break;
        }
        let a = acts[c as usize % acts.len()];
        lines.push(format!(
            "{}{}-{}{}",
            (b'A' + a.1 as u8) as char,
            a.0 + 1,
            (b'A' + a.3 as u8) as char,
            a.2 + 1
        ));
        b = naive::apply(&b, a);
        black = !black;
    }
    let (l1, d1, l2, d2) = noise;
    // Letters A..J and a, digits 0..9: every one of the six errors can come out.
    let letter = |x: u8| {
        if x % 11 == 10 { 'a' } else { (b'A' + x % 10) as char }
    };
    let digit = |x: u8| (b'0' + x % 10) as char;
    match tail % 6 {
        0 => {}
        1 => lines.push("A".into()),
        2 => lines.push("P".into()),
        3 => {
            lines.push(format!("{}{}-{}{}", letter(l1), digit(d1), letter(l2), digit(d2)));
            lines.push("A".into());
        }
        4 => {
            let bad = ["X", "a", "AP", "G6F5", "G6-F10", "p", "G6 -F5"];
            lines.push(bad[l1 as usize % bad.len()].into());
            lines.push("P".into());
        }
        _ => {
            lines.push("P".into());
            lines.push("garbage after the command is never read".into());
        }
    }
    let sep = match style % 4 {
        0 => "\n",
        1 => "\r\n",
        2 => "\n\n",
        _ => " \t\n",
    };
    let mut text = lines.join(sep);
    if !style.is_multiple_of(3) {
        text.push_str(sep);
    }
    text
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn protocol_agrees_with_the_naive_oracle(
        choices in prop::collection::vec(any::<u32>(), 0..140),
        tail in any::<u8>(),
        noise in any::<(u8, u8, u8, u8)>(),
        style in any::<u8>(),
    ) {
        let input = input_from(&choices, tail, noise, style);
        prop_assert_eq!(ours(&input, 3), naive::protocol(&input, 3), "input:\n{}", input);
    }

}

proptest! {
    // Depths other than the spec's 3: the naive oracle builds depth 4's trees
    // the slow way, so 100 inputs rather than the 300 the spec's depth gets.
    #![proptest_config(ProptestConfig { cases: 100, ..ProptestConfig::default() })]

    #[test]
    fn other_depths_agree_with_the_naive_oracle(
        choices in prop::collection::vec(any::<u32>(), 0..100),
        depth in 1u8..=4,
    ) {
        let input = input_from(&choices, 2, (0, 0, 0, 0), 0);
        prop_assert_eq!(ours(&input, depth), naive::protocol(&input, depth as u32), "input:\n{}", input);
    }
}
