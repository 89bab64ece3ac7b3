"""Python against the command line: building and searching the whole
tic-tac-toe tree (549,946 nodes) on one thread, best of N runs each.

    python python/bench/speed.py [PATH-TO-gametree] [RUNS]

The command line's time is a whole process (start, build, search, the summary
printed); Python's is the call to gametree.analyse in a running interpreter.
Both use the release build (`pip install .`, `cargo build --release`).
"""

import statistics
import subprocess
import sys
import time
from pathlib import Path

import gametree

REPO = Path(__file__).resolve().parents[2]
binary = sys.argv[1] if len(sys.argv) > 1 else str(REPO / "target" / "release" / "gametree")
runs = int(sys.argv[2]) if len(sys.argv) > 2 else 15

for search in ("minimax", "alphabeta"):
    cli, py = [], []
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run(
            [binary, "analyse", "tictactoe", "--threads", "1", "--search", search],
            check=True,
            stdout=subprocess.DEVNULL,
        )
        cli.append(time.perf_counter() - started)
        started = time.perf_counter()
        tree = gametree.analyse("tictactoe", threads=1, search=search)
        py.append(time.perf_counter() - started)
        assert len(tree) == 549946
        del tree
    best_cli, best_py = min(cli), min(py)
    print(
        f"{search:9}  CLI best {best_cli * 1e3:7.1f} ms (median {statistics.median(cli) * 1e3:7.1f})"
        f"  Python best {best_py * 1e3:7.1f} ms (median {statistics.median(py) * 1e3:7.1f})"
        f"  Python/CLI {best_py / best_cli:.2f}"
    )
