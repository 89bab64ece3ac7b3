//! A student's worksheet page checks answers it does not hold: for each
//! question it carries a salted tag of the right answer, never the answer, and
//! the page tags what the student wrote the same way to compare
//! (`explorer/practice.js`, `sealedRight`).
//!
//! What this protects against, and what not: the page's source, its data and
//! a blank "Check" give no answer away, so a student reading the file or
//! searching it finds none. It is no protection against a programmer: an
//! answer is a small integer (a node's value is one of its leaves' values), so
//! whoever runs the same hash over the few candidates finds each answer, and
//! no page that checks answers on its own can withhold what the check needs.
//! The salt only makes every page's tags its own (no table of tags carries
//! from one page to the next); it is in the page and is no secret.
//!
//! A tag is the first [`TAG`] bytes of SHA-256 over
//! `salt-hex|kind|node|answer`, with `kind` and `answer`:
//! - `v`: the node's value, as a decimal integer; `never` for an inner node
//!   the search never reached (which asks nothing);
//! - `k`: the value and the kind of bound it is, `3=`, `3>=` or `3<=`;
//! - `a`, `b`: α and β on entry, decimal, or `-inf` and `+inf`;
//! - `c`: `cut` where the search skips the edge into the node (the first
//!   node it never searched under one it searched), `kept` elsewhere.
//!
//! A question that has no answer (a leaf's value, minimax's window) gets a tag
//! of `x` (which nothing written matches), so every node holds as many tags,
//! and which nodes are asked what says nothing either.

use crate::game::Game;
use crate::search::alphabeta::{Window, WindowEnd};
use crate::tree::{Bound, GameNode, Tree};

/// Bytes kept of each hash: 2^-64 is the chance that a wrong answer passes.
pub const TAG: usize = 8;
/// A node's tags, in this order.
const KINDS: [&str; 5] = ["v", "k", "a", "b", "c"];

/// The tags of every node of `tree`, by id, its five kinds in order (value,
/// bound, α, β, cut): what the page's
/// `sealed.tags` holds (in base64).
pub fn tags<G: Game>(tree: &Tree<'_, G>, windows: Option<&[Option<Window>]>, salt: &[u8; 16]) -> Vec<u8> {
    let salt = hex(salt);
    let mut answers: Vec<[Option<String>; 5]> = vec![Default::default(); tree.len];
    tree.root.for_each(&mut |node: &GameNode<G>| {
        let id = node.id() as usize;
        let at = &mut answers[id];
        if !node.is_leaf() {
            if node.pruned() {
                at[0] = Some("never".into());
            } else {
                let v = node.value();
                at[0] = Some(v.to_string());
                let kind = match node.bound() {
                    Bound::Exact => "=",
                    Bound::Lower => ">=",
                    Bound::Upper => "<=",
                };
                at[1] = Some(format!("{v}{kind}"));
                if let Some(w) = windows.and_then(|w| w[id]) {
                    at[2] = Some(end(w.alpha));
                    at[3] = Some(end(w.beta));
                }
            }
        }
        if windows.is_some() {
            for c in node.children() {
                answers[c.id() as usize][4] =
                    Some(if c.pruned() && !node.pruned() { "cut" } else { "kept" }.into());
            }
        }
    });
    let mut out = Vec::with_capacity(answers.len() * KINDS.len() * TAG);
    for (id, at) in answers.iter().enumerate() {
        for (kind, answer) in KINDS.iter().zip(at) {
            let text = match answer {
                Some(a) => format!("{salt}|{kind}|{id}|{a}"),
                None => format!("{salt}|x|{id}|{kind}"),
            };
            out.extend_from_slice(&sha256(text.as_bytes())[..TAG]);
        }
    }
    out
}

/// A page's salt, from what makes the exercise (the same exercise always
/// writes the same page, as the command line and the browser app must).
pub fn salt(parts: &[&str]) -> [u8; 16] {
    let mut text = String::from("gametree worksheet");
    for p in parts {
        text.push('\n');
        text.push_str(p);
    }
    let h = sha256(text.as_bytes());
    let mut s = [0u8; 16];
    s.copy_from_slice(&h[..16]);
    s
}

/// Lower-case hex.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn end(e: WindowEnd) -> String {
    match e {
        WindowEnd::Value(v) => v.to_string(),
        WindowEnd::MinusInfinity => "-inf".into(),
        WindowEnd::PlusInfinity => "+inf".into(),
    }
}

/// SHA-256, by the maintained `sha2` crate; the page's JavaScript has its
/// own few lines of it (a page that fetches nothing has no library to call,
/// and `crypto.subtle` is absent from pages opened in some embeddings).
pub fn sha256(data: &[u8]) -> [u8; 32] {
    use sha2::Digest;
    sha2::Sha256::digest(data).into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sha256_is_fips_180s() {
        // The page's JavaScript agrees with it: tests/browser/exercises.rs marks right answers right.
        // FIPS 180-4's examples: one block, and two.
        assert_eq!(hex(&sha256(b"abc")), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
        assert_eq!(
            hex(&sha256(b"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        );
        assert_eq!(hex(&sha256(b"")), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    }
}
