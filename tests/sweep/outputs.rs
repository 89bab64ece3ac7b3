//! Outputs: an export never writes over an input, a set or a group of
//! exports is written whole or not at all, and every export holds to
//! `--max-bytes`.

use super::*;

#[test]
fn an_export_over_stdin_or_a_read_only_descriptor_is_refused() {
    let dir = scratch("stdin");
    let (save, text) = saved_game(&dir);
    for name in ["/dev/stdin", "/dev/fd/0", "/proc/self/fd/0", "g.save", "./g.save"] {
        let out = shell(&dir, &format!("\"$G\" analyse tictactoe --depth 2 --json {name} < g.save"));
        ended(&out, 2, "standard input, which is open only for reading");
        assert_eq!(fs::read(&save).unwrap(), text, "{name}: the input was written");
    }
    for name in ["/dev/fd/3", "/proc/self/fd/3"] {
        let out = shell(&dir, &format!("\"$G\" analyse tictactoe --depth 2 --dot {name} 3< g.save"));
        ended(&out, 2, "descriptor 3");
        assert_eq!(fs::read(&save).unwrap(), text, "{name}: the input was written");
    }
    // A pipe on stdin is an input too: nothing is written into it.
    let out = shell(&dir, "cat g.save | \"$G\" analyse tictactoe --depth 2 --json /dev/stdin");
    ended(&out, 2, "standard input");
    // MCTS's exports are checked the same way.
    let out =
        shell(&dir, "\"$G\" analyse tictactoe --search mcts --iterations 10 --json /dev/stdin < g.save");
    ended(&out, 2, "standard input");
    assert_eq!(fs::read(&save).unwrap(), text);
    // `play`'s `save FILE` in a script read from that file is refused too.
    let script = dir.join("script.txt");
    fs::write(&script, "save script.txt\nquit\n").unwrap();
    let out = shell(&dir, "\"$G\" play tictactoe < script.txt");
    assert_ne!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(fs::read_to_string(&script).unwrap(), "save script.txt\nquit\n");
    // A terminal or /dev/null on stdin loses nothing: writing there still works.
    let out = shell(&dir, "\"$G\" analyse tictactoe --depth 1 --json /dev/null < /dev/null");
    ended(&out, 0, "");
}
#[test]
fn max_bytes_holds_mcts_pages_and_traces() {
    let dir = scratch("mcts-bytes");
    let page = dir.join("p.html");
    let args = ["analyse", "tictactoe", "--search", "mcts", "--iterations", "2000", "--max-bytes", "1K"];
    let html: Vec<&str> = args.iter().copied().chain(["--html", page.to_str().unwrap()]).collect();
    let out = run(&html, "");
    ended(&out, 3, "--max-bytes");
    assert!(!page.exists(), "a page over the budget was written");
    let stdout: Vec<&str> = args.iter().copied().chain(["--trace", "-"]).collect();
    let out = run(&stdout, "");
    ended(&out, 3, "--max-bytes");
    assert!(out.stdout.is_empty(), "{} bytes reached stdout", out.stdout.len());
}
/// Every file of a set folder with its bytes, sorted by name, one level of
/// exercise folders included.
pub(super) fn set_files(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut files = Vec::new();
    for entry in fs::read_dir(dir).unwrap().flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if entry.file_type().unwrap().is_dir() {
            for (inner, bytes) in set_files(&entry.path()) {
                files.push((format!("{name}/{inner}"), bytes));
            }
        } else {
            files.push((name, fs::read(entry.path()).unwrap()));
        }
    }
    files.sort();
    files
}
#[test]
fn an_exercise_over_its_own_input_is_refused() {
    let dir = scratch("exercise-input");
    let out = dir.join("o");
    let o = out.to_str().unwrap();
    assert!(run(&["exercise", "--out", o], "").status.success());
    let before = set_files(&out);
    let input = format!("@{o}/answers.json");
    let refused = run(&["exercise", "--game", "tree", "--position", &input, "--out", o], "");
    ended(&refused, 2, "holds the input --position");
    assert!(set_files(&out) == before, "the set holding the input was touched");
    // By another name of the folder too.
    let input = format!("@{}/o/../o/answers.json", dir.display());
    let refused = run(&["exercise", "--game", "tree", "--position", &input, "--out", &format!("{o}/.")], "");
    ended(&refused, 2, "holds the input --position");
}
#[test]
fn an_exercise_set_is_written_whole_or_not_at_all() {
    let dir = scratch("exercise-whole");
    let out = dir.join("o");
    let o = out.to_str().unwrap();
    assert!(run(&["exercise", "--out", o, "--count", "3"], "").status.success());
    fs::write(out.join("README"), "the teacher's notes").unwrap();
    let before = set_files(&out);
    // A disk that fills part way (no file may pass 40 KB; the pages are
    // larger): nothing of the new set is seen.
    let full = limited(&["exercise", "--out", o, "--count", "3", "--seed", "9"], libc::RLIMIT_FSIZE, 40_000);
    ended(&full, 4, "cannot write");
    assert!(set_files(&out) == before, "a failed set changed the old one");
    // A folder where the set has a file: refused, and nothing replaced.
    fs::create_dir(out.join("exercise-02/answers.json.d")).unwrap();
    fs::rename(out.join("exercise-02/answers.json"), out.join("keep.json")).unwrap();
    fs::rename(out.join("exercise-02/answers.json.d"), out.join("exercise-02/answers.json")).unwrap();
    fs::write(out.join("exercise-02/answers.json/mine.txt"), "mine").unwrap();
    let before = set_files(&out);
    let refused = run(&["exercise", "--out", o, "--count", "3", "--seed", "9"], "");
    ended(&refused, 4, "a folder, where the set has a file");
    assert!(set_files(&out) == before, "a refused set changed the old one");
    fs::remove_dir_all(out.join("exercise-02/answers.json")).unwrap();
    // A set that succeeds replaces the old one whole and keeps what is not its.
    assert!(run(&["exercise", "--out", o, "--count", "2", "--seed", "9"], "").status.success());
    let after = set_files(&out);
    let fresh = dir.join("fresh");
    assert!(
        run(&["exercise", "--out", fresh.to_str().unwrap(), "--count", "2", "--seed", "9"], "")
            .status
            .success()
    );
    for (name, bytes) in set_files(&fresh) {
        assert!(after.contains(&(name.clone(), bytes)), "{name} is not the new set's");
    }
    let names: Vec<&str> = after.iter().map(|(n, _)| n.as_str()).collect();
    for kept in ["README", "keep.json", "exercise-03/answers.json"] {
        assert!(names.contains(&kept), "{kept} was lost: {names:?}");
    }
    let leftovers: Vec<_> = fs::read_dir(&dir).unwrap().flatten().map(|e| e.file_name()).collect();
    assert_eq!(leftovers.len(), 2, "temporary folders left: {leftovers:?}");
    // Not a folder: said so.
    let file = dir.join("o/README");
    ended(&run(&["exercise", "--out", file.to_str().unwrap()], ""), 4, "not a folder");
}
#[test]
fn json_dot_and_efg_are_held_to_max_bytes() {
    let dir = scratch("export-bytes");
    // Refused before writing when the tree is sure to pass it.
    for flag in ["--json", "--dot", "--efg"] {
        let file = dir.join("huge");
        let args = ["analyse", "checkers", "--depth", "6", flag, file.to_str().unwrap(), "--max-bytes", "1M"];
        ended(&run(&args, ""), 3, &format!("{flag} "));
        assert!(!file.exists(), "{flag}: a file over the budget was written");
    }
    // Held exactly: an export of N bytes fits N and not N - 1, to a file or
    // to stdout, where nothing is written when it does not fit.
    for flag in ["--json", "--dot", "--efg"] {
        let file = dir.join(format!("fits{}", &flag[1..]));
        let path = file.to_str().unwrap();
        let args = ["analyse", "tictactoe", "--depth", "2", flag, path];
        assert!(run(&args, "").status.success());
        let size = fs::metadata(&file).unwrap().len();
        fs::remove_file(&file).unwrap();
        let limited = |bytes: u64, to: &str| {
            let bytes = bytes.to_string();
            run(&["analyse", "tictactoe", "--depth", "2", flag, to, "--max-bytes", &bytes], "")
        };
        assert!(limited(size, path).status.success(), "{flag} of {size} bytes within {size}");
        assert_eq!(fs::metadata(&file).unwrap().len(), size);
        fs::remove_file(&file).unwrap();
        ended(&limited(size - 1, path), 3, "--max-bytes");
        assert!(!file.exists(), "{flag}: a file over the budget was written");
        let out = limited(size - 1, "-");
        ended(&out, 3, "--max-bytes");
        assert!(out.stdout.is_empty(), "{flag}: {} bytes reached stdout", out.stdout.len());
    }
    // MCTS's JSON too.
    let args = [
        "analyse",
        "tictactoe",
        "--search",
        "mcts",
        "--iterations",
        "500",
        "--json",
        "-",
        "--max-bytes",
        "2K",
    ];
    ended(&run(&args, ""), 3, "--max-bytes");
}
#[test]
fn exports_are_written_all_or_none() {
    let dir = scratch("all-or-none");
    // A root of 65,535 children: more distinct actions than a page numbers.
    let leaves: Vec<String> = (0..65_535).map(|i| (i % 100).to_string()).collect();
    let wide = dir.join("wide.txt");
    fs::write(&wide, format!("({})", leaves.join(" "))).unwrap();
    let (json, dot, html) = (dir.join("a.json"), dir.join("d.dot"), dir.join("p.html"));
    fs::write(&json, "old json").unwrap();
    let position = format!("@{}", wide.display());
    let args = [
        "analyse",
        "tree",
        "--position",
        &position,
        "--max-bytes",
        "1G",
        "--json",
        json.to_str().unwrap(),
        "--dot",
        dot.to_str().unwrap(),
        "--html",
        html.to_str().unwrap(),
    ];
    let out = run(&args, "");
    ended(&out, 4, "p.html");
    assert_eq!(
        fs::read_to_string(&json).unwrap(),
        "old json",
        "the JSON was replaced though the page failed"
    );
    assert!(!dot.exists() && !html.exists(), "an export was written though another failed");
    let names: Vec<_> = fs::read_dir(&dir).unwrap().flatten().map(|e| e.file_name()).collect();
    assert_eq!(names.len(), 2, "temporaries left: {names:?}");
}

#[test]
fn a_closed_stdout_is_an_output_error_for_every_command() {
    let dir = scratch("closed-stdout");
    let saved = shell(&dir, "printf 'b2\\nsave! g.save\\nquit\\n' | \"$G\" play tictactoe --second human");
    ended(&saved, 0, "");
    for command in [
        "rules tictactoe",
        "analyse tictactoe --depth 2",
        "analyse tictactoe --depth 2 --json -",
        "analyse tictactoe --search mcts --iterations 50",
        "best tictactoe",
        "perft tictactoe 2",
        "solve tictactoe",
        "replay g.save",
        "checkers /dev/null",
        "completions bash",
        "manpage",
        "--help",
        "--version",
        "match tictactoe random random --games 1",
    ] {
        let out = shell(&dir, &format!("\"$G\" {command} >&-"));
        ended(&out, 4, "stdout was closed before gametree started");
        // Closed stdin as well: its number is filled, stdout's still fails.
        let out = shell(&dir, &format!("\"$G\" {command} <&- >&-"));
        ended(&out, 4, "stdout was closed before gametree started");
    }
    let out = shell(&dir, "printf 'b2\\nquit\\n' | \"$G\" play tictactoe --second human >&-");
    ended(&out, 4, "stdout was closed");
    // A command that writes nothing there loses nothing.
    ended(&shell(&dir, "\"$G\" exercise --out set >&-"), 0, "");
    // The same descriptor given `/dev/null` is the user's choice, not an error.
    ended(&shell(&dir, "\"$G\" rules tictactoe >/dev/null"), 0, "");
}

#[test]
fn a_quiz_is_never_written_over_the_class_list_or_the_other_quiz() {
    let dir = scratch("quiz-input");
    let class = dir.join("class.txt");
    fs::write(&class, "ann\nbob\n").unwrap();
    let (c, o) = (class.to_str().unwrap(), dir.join("o"));
    let o = o.to_str().unwrap();
    let same = format!("{}/../{}/class.txt", dir.display(), dir.file_name().unwrap().to_str().unwrap());
    for (flag, target) in [("--moodle", c), ("--gift", c), ("--gift", same.as_str())] {
        let out = run(&["exercise", "--class", c, flag, target, "--out", o], "");
        ended(&out, 2, "would overwrite the input --class");
        assert_eq!(fs::read_to_string(&class).unwrap(), "ann\nbob\n", "{flag}: the class list was replaced");
    }
    let quiz = dir.join("q.txt");
    let out = run(
        &["exercise", "--moodle", quiz.to_str().unwrap(), "--gift", quiz.to_str().unwrap(), "--out", o],
        "",
    );
    ended(&out, 2, "--moodle and --gift both write");
    assert!(!o.is_empty() && !Path::new(o).exists(), "a set was made before the refusal");
}

#[test]
fn a_quiz_named_without_a_folder_is_written_where_the_command_runs() {
    // A bare name's folder is the empty path: syncing it once failed with
    // status 4, "No such file or directory", after the quiz was in place.
    let dir = scratch("quiz-bare");
    let out = shell(&dir, "\"$G\" exercise --seed 5 --count 2 --out o --gift q.gift --moodle q.xml");
    ended(&out, 0, "");
    assert!(fs::read_to_string(dir.join("q.gift")).unwrap().contains("// Exercise 2\n"));
    assert!(fs::read_to_string(dir.join("q.xml")).unwrap().contains("<quiz>"));
    assert!(dir.join("o").is_dir());
}

#[test]
fn a_quiz_that_cannot_be_written_leaves_the_set_as_it_was() {
    let dir = scratch("quiz-whole");
    let class = dir.join("class.txt");
    fs::write(&class, "ann\nbob\n").unwrap();
    let (c, out) = (class.to_str().unwrap(), dir.join("o"));
    let o = out.to_str().unwrap();
    let quiz = dir.join("m.xml");
    let made = run(&["exercise", "--class", c, "--moodle", quiz.to_str().unwrap(), "--out", o], "");
    ended(&made, 0, "");
    let (before, moodle) = (set_files(&out), fs::read(&quiz).unwrap());
    assert!(before.iter().any(|(name, _)| name == "class-key.json"));
    // The quiz's folder is missing: the new seed's set, key included, must
    // not replace the old one that the old quiz goes with.
    let nowhere = dir.join("missing/m.xml");
    for (flag, target) in [("--moodle", &nowhere), ("--gift", &nowhere)] {
        let failed =
            run(&["exercise", "--class", c, flag, target.to_str().unwrap(), "--seed", "9", "--out", o], "");
        ended(&failed, 4, "missing/m.xml");
        assert!(set_files(&out) == before, "{flag}: the set was replaced though its quiz failed");
    }
    assert_eq!(fs::read(&quiz).unwrap(), moodle);
    // Written whole, the quiz and the set are one seed's.
    let again =
        run(&["exercise", "--class", c, "--moodle", quiz.to_str().unwrap(), "--seed", "9", "--out", o], "");
    ended(&again, 0, "");
    assert!(set_files(&out) != before && fs::read(&quiz).unwrap() != moodle);
    let names: Vec<_> = fs::read_dir(&dir).unwrap().flatten().map(|e| e.file_name()).collect();
    assert_eq!(names.len(), 3, "temporaries left: {names:?}");
}

#[test]
fn the_manual_pages_are_written_all_or_none() {
    let dir = scratch("man-pages");
    let man = dir.join("man");
    let m = man.to_str().unwrap();
    ended(&run(&["manpage", "--all", m], ""), 0, "");
    let sizes: Vec<usize> = set_files(&man).iter().map(|(_, b)| b.len()).collect();
    // Pages an older version wrote.
    for entry in fs::read_dir(&man).unwrap().flatten() {
        let mut text = fs::read(entry.path()).unwrap();
        text.extend_from_slice(b".\\\" an older version\n");
        fs::write(entry.path(), text).unwrap();
    }
    let before = set_files(&man);
    let (small, large) = (sizes.iter().min().unwrap(), sizes.iter().max().unwrap());
    assert!(small < large, "{sizes:?}");
    // A disk that fills part way: some pages fit, the largest does not.
    let full = limited(&["manpage", "--all", m], libc::RLIMIT_FSIZE, (*large - 1) as u64);
    ended(&full, 4, "File too large");
    assert!(set_files(&man) == before, "some pages were replaced though others failed");
}
