"""The demo notebook runs in a real kernel, and each tree shows as the explorer
inline: a sandboxed frame holding the page, which fetches nothing."""

import html
import re
from pathlib import Path

import nbformat
from nbclient import NotebookClient

import gametree

NOTEBOOK = Path(__file__).resolve().parents[2] / "examples" / "gametree.ipynb"


def test_the_demo_notebook_runs_and_shows_three_explorers(tmp_path):
    nb = nbformat.read(NOTEBOOK, as_version=4)
    NotebookClient(nb, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}}).execute()
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    frames = [o.data["text/html"] for o in outputs if o.output_type == "execute_result" and "text/html" in o.data]
    assert len(frames) == 3
    for frame in frames:
        assert frame.startswith('<iframe sandbox="allow-scripts" ')
    text = "".join(o.get("text", "") for o in outputs if o.output_type == "stream")
    assert "B 3 ['B', 'b1']" in text and "pruned: ['c2', 'c3']" in text
    assert "correct student: 1.0" in text
    assert re.search(r"wrong student: 0\.\d+", text)
    # The class list's header line is no student.
    students = re.findall(r"^(\S+) A:\(.*\) value -?\d+$", text, re.M)
    assert students == ["Ann", "Bob", "Chloé"] and "True True" in text
    assert (tmp_path / "quiz.xml").read_text().startswith("<?xml")
    # The worksheet shows as its drawing, and its files are the command line's.
    sheets = [o.data["image/svg+xml"] for o in outputs if o.output_type == "execute_result" and "image/svg+xml" in o.data]
    assert sheets == [gametree.exercise(seed=11).worksheet_svg]
    assert "<gametree.Exercise 'Exercise 1': alphabeta (prune-on-ties), tree A:(B:(" in text
    assert sorted(p.name for p in (tmp_path / "week-5").iterdir()) == sorted(gametree.exercise(seed=11).files)
    # The first wrong node by name, with its value so far and the bound.
    assert re.search(
        r"at [A-Z]+ you evaluated [a-z]+\d, which the search never reaches: [A-Z]+ \((?:MAX|MIN)\) had -?\d+ from \S+ before \S+, and -?\d+ [≥≤] [αβ] = -?\d+ cuts off",
        text,
    )


def test_the_inline_explorer_is_the_page_in_a_sandboxed_frame():
    tree = gametree.analyse("tree", search="alphabeta")
    frame = tree._repr_html_()
    page = html.unescape(re.search(r'srcdoc="([^"]*)"', frame).group(1))
    assert page == tree.to_html()
    # A frame that may run its own script and nothing else: no same origin,
    # no forms, no navigation of the notebook.
    assert re.search(r'sandbox="allow-scripts"', frame)
    for tag in re.findall(r"<(?:script|link|img|iframe)\b[^>]*>", page):
        assert " src=" not in tag and " href=" not in tag, tag


def test_a_large_tree_is_shown_by_its_line_of_best_play():
    tree = gametree.analyse("tictactoe")
    page = html.unescape(re.search(r'srcdoc="([^"]*)"', tree._repr_html_()).group(1))
    assert page == tree.to_html(show_line=True)
    assert len(page) < len(tree.to_html(show_depth=3))


def test_an_mcts_tree_too_long_to_step_through_shows_as_text():
    tree = gametree.analyse("tictactoe", "xx.oo.... x", search="mcts", iterations=100_001)
    assert tree._repr_html_() is None
    assert repr(tree).startswith("<gametree.Tree MCTS tree: tictactoe")
