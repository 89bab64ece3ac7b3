"""Ctrl-C during a long search is a KeyboardInterrupt, and the next search
runs as if nothing had happened."""

import subprocess
import sys

import pytest

SCRIPT = """
import os, signal, threading
import gametree

threading.Timer(0.5, lambda: os.kill(os.getpid(), signal.SIGINT)).start()
try:
    {call}
    print("finished")
except KeyboardInterrupt:
    print("interrupted")
# The stop asked for is not left over for the next search.
tree = gametree.analyse("tictactoe", "xx.oo.... x", search="mcts", iterations=300)
print(tree.decision, tree[0].visits)
"""


@pytest.mark.parametrize(
    "call",
    [
        # Hours of counting, in bulk on every core.
        'gametree.perft("checkers", 30)',
        # Two billion iterations; without the interrupt, many minutes.
        'gametree.analyse("tictactoe", search="mcts", iterations=2_000_000_000)',
        # Alpha-beta without a tree, 22 plies of checkers (16 take 15 s).
        'gametree.best("checkers", depth=22, max_nodes=2**63 - 1)',
        # The solver's forward pass over checkers: minutes, and gigabytes,
        # before its memory budget ends it (past the timeout below).
        'gametree.solve("checkers")',
    ],
)
def test_ctrl_c_interrupts_a_long_search(call):
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT.format(call=call)], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split("\n")[:2] == ["interrupted", "c1 300"], done.stdout + done.stderr


BUILD = """
import os, signal, threading, time
import gametree

start = time.monotonic()
gametree.analyse("checkers", depth=8, threads={threads})
whole = time.monotonic() - start
fired = []

def interrupt():
    fired.append(time.monotonic())
    os.kill(os.getpid(), signal.SIGINT)

threading.Timer(whole / 4, interrupt).start()
try:
    gametree.analyse("checkers", depth=8, threads={threads})
    print("finished")
except KeyboardInterrupt:
    print("interrupted", (time.monotonic() - fired[0]) / whole)
"""


@pytest.mark.parametrize("threads", [1, 2])
def test_ctrl_c_interrupts_a_tree_being_built(threads):
    """A build of 15 million nodes (seconds) is timed whole, then interrupted a
    quarter of the way: the interrupt comes at once, not when the build would
    have ended, on one thread and on two."""
    done = subprocess.run(
        [sys.executable, "-c", BUILD.format(threads=threads)], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    said, _, fraction = done.stdout.strip().partition(" ")
    assert said == "interrupted", done.stdout + done.stderr
    # Heard at once, the interrupt takes a small part of the whole build;
    # unheard, the three quarters of it left.
    assert float(fraction) < 0.5, done.stdout
