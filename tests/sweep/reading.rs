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
