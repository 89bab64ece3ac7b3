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

/// The tags of every node of `tree`, by id, [`KINDS`] in order: what the page's
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

/// SHA-256 (FIPS 180-4), the page's own in JavaScript being the same few lines:
/// a worksheet needs no cryptography crate for it.
pub fn sha256(data: &[u8]) -> [u8; 32] {
    const K: [u32; 64] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    ];
    let mut h: [u32; 8] =
        [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];
    let mut msg = data.to_vec();
    msg.push(0x80);
    while msg.len() % 64 != 56 {
        msg.push(0);
    }
    msg.extend_from_slice(&((data.len() as u64) * 8).to_be_bytes());
    for block in msg.chunks(64) {
        let mut w = [0u32; 64];
        for (i, word) in block.chunks(4).enumerate() {
            w[i] = u32::from_be_bytes([word[0], word[1], word[2], word[3]]);
        }
        for i in 16..64 {
            let s0 = w[i - 15].rotate_right(7) ^ w[i - 15].rotate_right(18) ^ (w[i - 15] >> 3);
            let s1 = w[i - 2].rotate_right(17) ^ w[i - 2].rotate_right(19) ^ (w[i - 2] >> 10);
            w[i] = w[i - 16].wrapping_add(s0).wrapping_add(w[i - 7]).wrapping_add(s1);
        }
        let [mut a, mut b, mut c, mut d, mut e, mut f, mut g, mut hh] = h;
        for i in 0..64 {
            let s1 = e.rotate_right(6) ^ e.rotate_right(11) ^ e.rotate_right(25);
            let ch = (e & f) ^ (!e & g);
            let t1 = hh.wrapping_add(s1).wrapping_add(ch).wrapping_add(K[i]).wrapping_add(w[i]);
            let s0 = a.rotate_right(2) ^ a.rotate_right(13) ^ a.rotate_right(22);
            let maj = (a & b) ^ (a & c) ^ (b & c);
            let t2 = s0.wrapping_add(maj);
            hh = g;
            g = f;
            f = e;
            e = d.wrapping_add(t1);
            d = c;
            c = b;
            b = a;
            a = t1.wrapping_add(t2);
        }
        for (x, y) in h.iter_mut().zip([a, b, c, d, e, f, g, hh]) {
            *x = x.wrapping_add(y);
        }
    }
    let mut out = [0u8; 32];
    for (i, x) in h.iter().enumerate() {
        out[4 * i..4 * i + 4].copy_from_slice(&x.to_be_bytes());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sha256_is_fips_180s() {
        // FIPS 180-4's examples: one block, and two.
        assert_eq!(hex(&sha256(b"abc")), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
        assert_eq!(
            hex(&sha256(b"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        );
        assert_eq!(hex(&sha256(b"")), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    }
}
