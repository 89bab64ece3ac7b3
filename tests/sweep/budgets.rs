//! Budgets under the address space `ulimit -v` leaves: a budget's status
//! and one line, never an abort.

use super::*;

/// Address space for the budget tests: enough to start and read a small
/// input, far too little for any default budget.
const ADDRESS_SPACE: u64 = 300_000 * 1024;
#[test]
fn budgets_hold_to_the_address_space_ulimit_leaves() {
    let dir = scratch("ulimit");
    let cases: [&[&str]; 4] = [
        &["analyse", "checkers", "--depth", "8"],
        &["analyse", "gomoku", "--search", "mcts", "--iterations", "2000000"],
        &["solve", "checkers", "--max-memory", "100G"],
        &["best", "checkers", "--depth", "8", "--search", "minimax"],
    ];
    for args in cases {
        let out = limited(args, libc::RLIMIT_AS, ADDRESS_SPACE);
        assert_eq!(out.status.code(), Some(3), "{args:?}");
        ended(&out, 3, "ulimit -v");
    }
    // A tree file whose page cannot fit: a budget's status and one line,
    // never an abort.
    // About 9 MB: 600 subtrees of four levels of four children, the leaves
    // numbered 10 to 99.
    fn subtree(depth: u32, n: &mut u32) -> String {
        if depth == 0 {
            *n += 1;
            return (10 + *n % 90).to_string();
        }
        let children: Vec<String> = (0..4).map(|_| subtree(depth - 1, n)).collect();
        format!("({})", children.join(" "))
    }
    let mut n = 0;
    let subtrees: Vec<String> = (0..600).map(|_| subtree(6, &mut n)).collect();
    let big = dir.join("big.txt");
    fs::write(&big, format!("({})", subtrees.join(" "))).unwrap();
    let page = dir.join("x.html");
    let position = format!("@{}", big.display());
    let args = ["analyse", "tree", "--position", &position, "--html", page.to_str().unwrap()];
    let out = limited(&args, libc::RLIMIT_AS, ADDRESS_SPACE);
    ended(&out, 3, "memory");
    assert!(!page.exists());
}
