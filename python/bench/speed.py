"""Python against the command line: building and searching the whole
tic-tac-toe tree (549,946 nodes) on one thread, N runs each, alternating;
the best, the median, the quartiles and the worst of each.

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
    def spread(times):
        q = statistics.quantiles(times, n=4)
        return (
            f"best {min(times) * 1e3:6.1f} ms, median {statistics.median(times) * 1e3:6.1f}"
            f" (quartiles {q[0] * 1e3:.1f}-{q[2] * 1e3:.1f}, worst {max(times) * 1e3:.1f})"
        )

    print(f"{search:9}  CLI     {spread(cli)}")
    print(f"{search:9}  Python  {spread(py)}")
    print(
        f"{search:9}  Python/CLI: best {min(py) / min(cli):.2f}, median {statistics.median(py) / statistics.median(cli):.2f}"
    )
