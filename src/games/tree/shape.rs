//! A parsed textbook tree: each node knows its children, its label and, at a
//! leaf, its value. A tree's nodes are kept by the game that read it (parse.rs's
//! `Kept`) for as long as it lives, so that a position can be a `&'static`
//! reference into one (8 bytes in a search node) and an action the child it
//! leads to.

use std::fmt::Write;
use std::hash::{Hash, Hasher};

use crate::game::Player;

/// One node of a textbook tree, with everything below it.
#[derive(Clone, Copy, Debug)]
pub struct Shape {
    /// The children in the order written; empty at a leaf.
    pub children: &'static [Shape],
    /// The name written before `:`, or empty.
    pub label: &'static str,
    /// A leaf's value (0 at an inner node).
    pub value: i32,
    /// This node's place among its siblings, from 1: the action's name when
    /// there is no label.
    pub number: u32,
    /// The label's number (0 for none): see `labels.rs`.
    pub label_id: u16,
    /// The minimax value of this subtree with MAX to move (`[0]`) and with MIN
    /// to move (`[1]`): what a search stopped above the leaves sees here.
    pub minimax: [i32; 2],
    /// The levels below this node (0 at a leaf).
    pub height: u8,
    /// A digest of the subtree (labels, values and shape, not `number`), so that equal
    /// subtrees hash alike and unequal ones are told apart quickly.
    pub digest: u64,
}

impl Shape {
    /// A node whose children are already complete: its height, minimax values
    /// and digest follow from theirs.
    pub(super) fn new(children: &'static [Shape], label: &'static str, value: i32, number: u32) -> Shape {
        let mut h = Fnv::default();
        label.hash(&mut h);
        if children.is_empty() {
            h.write_i32(value);
            return Shape {
                children,
                label,
                value,
                number,
                label_id: 0,
                minimax: [value; 2],
                height: 0,
                digest: h.0,
            };
        }
        h.write_usize(children.len());
        for c in children {
            h.write_u64(c.digest);
        }
        let best = children.iter().map(|c| c.minimax[1]).max().unwrap_or(0);
        let worst = children.iter().map(|c| c.minimax[0]).min().unwrap_or(0);
        let height = 1 + children.iter().map(|c| c.height).max().unwrap_or(0);
        Shape { children, label, value: 0, number, label_id: 0, minimax: [best, worst], height, digest: h.0 }
    }

    /// The name of the action leading here: the label, else the number.
    pub fn action_name(&self) -> String {
        if self.label.is_empty() { self.number.to_string() } else { self.label.to_string() }
    }

    /// The minimax value with `to_move` to move.
    pub fn minimax_for(&self, to_move: Player) -> i32 {
        self.minimax[usize::from(!to_move.maximises())]
    }

    /// Same labels, values and shape; a node's own number is how it was reached,
    /// not what it is (its children's follow from the shape). Walks
    /// both trees with a stack, never by recursion.
    pub fn same_as(&'static self, other: &'static Shape) -> bool {
        let mut stack = vec![(self, other)];
        while let Some((a, b)) = stack.pop() {
            if std::ptr::eq(a, b) {
                continue;
            }
            if a.digest != b.digest
                || a.label != b.label
                || a.children.len() != b.children.len()
                || (a.children.is_empty() && a.value != b.value)
            {
                return false;
            }
            stack.extend(a.children.iter().zip(b.children));
        }
        true
    }

    /// The subtree in the notation the reader (parse.rs) reads, labels
    /// included; written with a stack, so any height is fine.
    pub fn write_text(&self, out: &mut String) {
        // Either a node to write, or the `)` closing one.
        enum Item {
            Open(&'static Shape, bool),
            Close,
        }
        let write_one = |out: &mut String, s: &Shape| {
            if !s.label.is_empty() {
                out.push_str(s.label);
                out.push(':');
            }
            if s.children.is_empty() {
                let _ = write!(out, "{}", s.value);
            } else {
                out.push('(');
            }
        };
        write_one(out, self);
        let mut stack: Vec<Item> = Vec::new();
        if !self.children.is_empty() {
            stack.push(Item::Close);
            stack.extend(self.children.iter().enumerate().rev().map(|(i, c)| Item::Open(c, i > 0)));
        }
        while let Some(item) = stack.pop() {
            match item {
                Item::Close => out.push(')'),
                Item::Open(s, space) => {
                    if space {
                        out.push(' ');
                    }
                    write_one(out, s);
                    if !s.children.is_empty() {
                        stack.push(Item::Close);
                        stack.extend(s.children.iter().enumerate().rev().map(|(i, c)| Item::Open(c, i > 0)));
                    }
                }
            }
        }
    }
}

/// FNV-1a: a fixed, dependency-free hash, so that digests are the same in every run.
struct Fnv(u64);

impl Default for Fnv {
    fn default() -> Self {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
}
