//! Inputs read once and whole, whatever they are: pipes, FIFOs, process
//! substitution, large tree files.

use super::*;

#[test]
fn a_saved_game_is_read_once_from_a_pipe() {
    let dir = scratch("read-once");
    let out = shell(&dir, "printf 'b2\\nsave! g.save\\nquit\\n' | \"$G\" play tictactoe --second human");
    ended(&out, 0, "");
    let replayed = shell(&dir, "cat g.save | \"$G\" replay /dev/stdin");
    ended(&replayed, 0, "");
    assert!(String::from_utf8_lossy(&replayed.stdout).contains("b2"));
    // A FIFO as bash's process substitution gives it (/dev/fd/N of a pipe).
    let fifo = dir.join("fifo");
    assert!(Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    let replayed = shell(&dir, "cat g.save > fifo & \"$G\" replay fifo");
    ended(&replayed, 0, "");
    assert!(String::from_utf8_lossy(&replayed.stdout).contains("b2"));
    let resumed = shell(&dir, "cat g.save > fifo & printf 'quit\\n' | \"$G\" play tictactoe --resume fifo");
    ended(&resumed, 0, "");
}

/// A tree of `sizes[0]` subtrees of `sizes[1]`..., its leaves `1`: two bytes
/// a node, the densest text a tree file can have.
fn dense_tree(sizes: &[usize]) -> String {
    let mut out = String::new();
    fn write(out: &mut String, sizes: &[usize]) {
        match sizes.split_first() {
            None => out.push_str("1 "),
            Some((n, rest)) => {
                out.push('(');
                for _ in 0..*n {
                    write(out, rest);
                }
                out.push_str(") ");
            }
        }
    }
    write(&mut out, sizes);
    out
}

#[test]
fn a_tree_file_under_its_size_limit_is_read_in_memory_in_proportion() {
    let dir = scratch("tree-file");
    // 4.2 million leaves in 8 MB: the 256 MiB that trees could take refused it.
    let text = dense_tree(&[64, 256, 256]);
    assert!(text.len() < 64 << 20);
    let file = dir.join("dense.txt");
    fs::write(&file, &text).unwrap();
    let position = format!("@{}", file.display());
    // Within the nodes (64 bytes each) and the text, and room to start.
    let nodes = 64 * 256 * 256 + 64 * 256 + 64 + 1;
    let room = (nodes * 64 + text.len() + (256 << 20)) as u64;
    let out = limited(&["analyse", "tree", "--position", &position, "--depth", "1"], libc::RLIMIT_AS, room);
    ended(&out, 0, "");
    // A byte-order mark at the start of the file is no part of the tree.
    fs::write(&file, "\u{feff}((3 12) (2 4)) # AIMA-like\n").unwrap();
    let out = run(&["best", "tree", "--position", &position], "");
    ended(&out, 0, "");
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "1 3");
    // `@-` reads the tree from stdin, named <stdin> when it is wrong.
    let out = run(&["best", "tree", "--position", "@-"], "((3 12) (2 4))");
    ended(&out, 0, "");
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "1 3");
    ended(&run(&["best", "tree", "--position", "@-"], "((3 12) (2 4)"), 2, "this ( is never closed");
}

#[test]
fn a_tree_may_use_every_label_number() {
    let dir = scratch("labels");
    // The start tree's thirteen labels took numbers before the file's.
    let labels: Vec<String> = (0..65_535).map(|i| format!("l{i}:{}", i % 7)).collect();
    let file = dir.join("labels.txt");
    fs::write(&file, format!("({})", labels.join(" "))).unwrap();
    let position = format!("@{}", file.display());
    let out = run(&["best", "tree", "--position", &position], "");
    ended(&out, 0, "");
    assert!(
        String::from_utf8_lossy(&out.stdout).starts_with("l6 6"),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    // One more is refused in words.
    let labels: Vec<String> = (0..65_536).map(|i| format!("m{i}:1")).collect();
    fs::write(&file, format!("(({}) ({}))", labels[..65_535].join(" "), labels[65_535])).unwrap();
    ended(&run(&["best", "tree", "--position", &position], ""), 2, "more than 65535 different labels");
}

#[test]
fn a_class_list_is_read_from_stdin_a_fifo_or_a_file() {
    let dir = scratch("class-list");
    let out = run(&["exercise", "--class", "-", "--out", dir.join("a").to_str().unwrap()], "ann\nbob\n");
    ended(&out, 0, "");
    let key = fs::read_to_string(dir.join("a/class-key.json")).unwrap();
    assert!(key.contains("ann") && key.contains("bob"), "{key}");
    fs::write(dir.join("class.txt"), "ann\nbob\n").unwrap();
    assert!(Command::new("mkfifo").arg(dir.join("fifo")).status().unwrap().success());
    let out = shell(&dir, "cat class.txt > fifo & \"$G\" exercise --class fifo --out b");
    ended(&out, 0, "");
    assert_eq!(fs::read_to_string(dir.join("b/class-key.json")).unwrap(), key);
    ended(
        &run(&["exercise", "--class", "/no/such/list", "--out", "c"], ""),
        2,
        "--class /no/such/list: no such file",
    );
}
