"""Memory belongs to a request: what analyse reads and builds is freed with
its result, so a notebook or an autograder that analyses one large textbook
tree in a loop holds what one analysis holds (issue 48: it climbed to 2.1 GB
and call 325 was refused)."""

import gc
import sys

import pytest

import gametree


def rss_bytes() -> int:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    raise AssertionError("no VmRSS")


def large_tree(levels: int = 5, branching: int = 10) -> str:
    """A textbook tree of branching ** levels leaves (111,111 nodes for 10 ** 5)."""
    leaf = iter(range(10**9))

    def node(level: int) -> str:
        if level == levels:
            return str(next(leaf) % 100)
        return "(" + " ".join(node(level + 1) for _ in range(branching)) + ")"

    return node(0)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc/self/status")
def test_analysing_a_large_tree_again_and_again_holds_what_one_analysis_holds():
    text = large_tree()
    gc.collect()
    tree = gametree.analyse("tree", text)
    assert len(tree) == 111_111
    one = rss_bytes()
    for _ in range(60):
        # As a notebook cell run again: the last result goes, a new one comes.
        del tree
        tree = gametree.analyse("tree", text)
        assert tree.value is not None
    gc.collect()
    after = rss_bytes()
    # Each analysis used to keep its tree's nodes (about 7 MB here) for the
    # rest of the process: 60 more would add 400 MB.
    assert after <= one * 1.1, f"{one >> 20} MiB holding the first result, {after >> 20} MiB holding the 61st"
