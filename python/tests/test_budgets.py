"""The command line's budgets in Python's words: each refusal names the
keyword that raises it (max_memory=, max_nodes=, max_time=, max_bytes=),
never a command-line flag, and comes as gametree.BudgetError."""

import time

import pytest

import gametree


def test_solve_takes_max_memory_and_says_so_in_pythons_words():
    with pytest.raises(gametree.BudgetError) as caught:
        gametree.solve("ataxx", max_memory=1 << 20)
    message = str(caught.value)
    assert "max_memory=" in message and "--" not in message
    assert gametree.solve("tictactoe", max_memory=64 << 20) == "draw"
    with pytest.raises(ValueError, match="max_memory="):
        gametree.solve("tictactoe", max_memory=0)


def test_perft_stops_at_max_nodes_and_says_which_budget():
    with pytest.raises(gametree.BudgetError) as caught:
        gametree.perft("checkers", 12, max_nodes=1000)
    message = str(caught.value)
    assert "max_nodes=1000" in message and "--" not in message
    assert gametree.perft("tictactoe", 3, max_nodes=600) == [9, 72, 504]


def test_perft_stops_at_max_time_and_says_which_budget():
    began = time.monotonic()
    with pytest.raises(gametree.BudgetError) as caught:
        gametree.perft("ataxx", 9, max_time=1)
    assert time.monotonic() - began < 10
    message = str(caught.value)
    assert "max_time=1" in message and "--" not in message
    with pytest.raises(ValueError, match="max_time="):
        gametree.perft("tictactoe", 2, max_time=0)


@pytest.fixture(scope="module")
def checkers7():
    """1,801,129 nodes: every whole-tree export passes 64 MiB."""
    return gametree.analyse("checkers", depth=7)


@pytest.mark.parametrize("export", ["to_json", "to_dot"])
def test_an_export_past_64_mib_is_refused_before_it_is_built(checkers7, export):
    began = time.monotonic()
    with pytest.raises(gametree.BudgetError) as caught:
        getattr(checkers7, export)()
    assert time.monotonic() - began < 2, "refused from the node count, not after writing"
    message = str(caught.value)
    assert "1801129 nodes" in message and "max_bytes=" in message and "--" not in message, message


def test_an_export_past_64_mib_is_stopped_as_it_is_written(checkers7):
    # Twenty bytes a node at the least would fit: the .efg is held to the
    # budget as it is written, as the command line's --efg is.
    with pytest.raises(gametree.BudgetError) as caught:
        checkers7.to_efg()
    assert str(caught.value) == "to_efg(): the export would take more than max_bytes= 64.0 MiB; raise max_bytes="


def test_max_bytes_raises_and_lowers_an_exports_budget():
    small = gametree.analyse("tictactoe", "xo.ox.... x")
    assert small.to_json(max_bytes=64 << 20) == small.to_json()
    with pytest.raises(gametree.BudgetError, match="max_bytes="):
        small.to_json(max_bytes=1000)
    # An MCTS tree is held to it as it is written.
    mcts = gametree.analyse("tictactoe", search="mcts", iterations=200)
    for export in (mcts.to_json, mcts.to_dot, mcts.to_html):
        with pytest.raises(gametree.BudgetError, match="max_bytes="):
            export(max_bytes=1000)
    with pytest.raises(ValueError, match="max_bytes="):
        small.to_json(max_bytes=0)


UNDER_400_MB = """
import resource, sys
import gametree
resource.setrlimit(resource.RLIMIT_AS, (400_000 * 1024, 400_000 * 1024))
tree = gametree.analyse("checkers", depth=7)
for export in ("to_json", "to_dot", "to_html"):
    try:
        getattr(tree, export)()
        print(export, "written")
    except (MemoryError, gametree.BudgetError) as e:
        print(export, type(e).__name__)
try:
    tree.to_json(max_bytes=1 << 40)
except (MemoryError, gametree.BudgetError) as e:
    print("raised", type(e).__name__)
"""


def test_under_a_memory_limit_an_export_is_an_exception_not_an_abort():
    # It was SIGABRT: the interpreter killed.
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-c", UNDER_400_MB], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, f"status {done.returncode}: {done.stderr[-2000:]}"
    lines = done.stdout.split("\n")
    assert lines[:2] == ["to_json BudgetError", "to_dot BudgetError"], done.stdout
    # The page (53 MB) fits its budget, but its own tables take much of 400 MB.
    assert lines[2] in ("to_html written", "to_html MemoryError"), done.stdout
    assert lines[3] in ("raised MemoryError", "raised BudgetError"), done.stdout


def test_a_scope_given_twice_is_refused_in_pythons_words():
    with pytest.raises(ValueError) as caught:
        gametree.analyse("tree").to_dot(show_depth=1, show_line=True)
    assert str(caught.value) == "show_depth= cannot be used with show_line=True"


@pytest.mark.parametrize(
    "call,said",
    [
        (lambda: gametree.grade(lambda t, e: 0, search="mcts"), 'search="mcts": a student\'s search is graded as "minimax" or "alphabeta"'),
        (lambda: gametree.grade(lambda t, e: 0, search="minimax", prune_on_ties=False), "prune_on_ties=False changes alpha-beta's cut-offs; add search=\"alphabeta\""),
        (lambda: gametree.quiz(["Ada"], search="minimax", prune_on_ties=False), "prune_on_ties=False is about alpha-beta; drop it or use search=\"alphabeta\""),
        (lambda: gametree.quiz(["Ada"], search="mcts"), 'search="mcts": an exercise is searched by "minimax" or "alphabeta"'),
    ],
)
def test_grade_and_quiz_refuse_in_pythons_words(call, said):
    with pytest.raises(ValueError) as caught:
        call()
    assert str(caught.value) == said
