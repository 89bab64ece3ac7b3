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
    ],
)
def test_ctrl_c_interrupts_a_long_search(call):
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT.format(call=call)], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split("\n")[:2] == ["interrupted", "c1 300"], done.stdout + done.stderr
