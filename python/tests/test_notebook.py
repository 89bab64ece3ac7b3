"""The demo notebook runs in a real kernel, and each tree shows as the explorer
inline: a sandboxed frame holding the page, which fetches nothing, after a
still drawing of the tree that a notebook opened untrusted shows instead."""

import base64
import html
import re
import xml.etree.ElementTree as ET
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
    html = [o.data["text/html"] for o in outputs if o.output_type == "execute_result" and "text/html" in o.data]
    # Three explorers; the worksheet shows as an image of its SVG.
    frames = [h for h in html if h.startswith('<div class="gametree-cell" ')]
    assert len(frames) == 3 and len(html) == 4, html
    assert [h for h in html if h not in frames][0].startswith('<img class="gametree-sheet" ')
    for frame in frames:
        assert frame.startswith('<div class="gametree-cell" ')
        assert '<iframe sandbox="allow-scripts" ' in frame and "data:image/svg+xml;base64," in frame
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


def still(cell):
    """The still drawing a cell carries, as the texts of its SVG."""
    svg = base64.b64decode(re.search(r'src="data:image/svg\+xml;base64,([^"]+)"', cell).group(1))
    return [t.text for t in ET.fromstring(svg).iter("{http://www.w3.org/2000/svg}text")]


def test_the_cell_draws_the_tree_still_and_its_script_leaves_the_explorer():
    tree = gametree.analyse("tree", search="alphabeta")
    cell = tree._repr_html_()
    texts = still(cell)
    assert texts[0] == "tree, alphabeta: decision B, value 3"
    assert texts[1].startswith("The whole tree.")
    # Every move, every leaf's value, and the bound C was cut off at.
    assert sorted(t for t in texts if re.fullmatch(r"[A-Za-z]\d?", t)) == sorted(
        n.action for n in tree if n.action
    )
    assert [t for t in texts if t in {"3", "12", "8", "14", "5", "2"}].count("2") == 3
    assert "≤2" in texts
    # The sentence for a notebook that is not trusted, then the frame, then
    # the script that takes the drawing and the sentence away.
    sentence = cell.index("the interactive explorer appears here when the notebook is trusted")
    assert "jupyter trust" in cell
    assert sentence < cell.index("<iframe") < cell.index("<script>")
    assert ".gametree-still" in cell[cell.index("<script>"):]


def test_a_large_tree_is_drawn_still_by_its_first_level_and_its_line():
    tree = gametree.analyse("tictactoe", search="alphabeta")
    texts = still(tree._repr_html_())
    assert texts[0] == "tictactoe, alphabeta: decision a1, value 0"
    # The caption, after the board's coordinates.
    assert "Levels 0 to 1 and the line of best play, " + " ".join(tree.line) + ";" in " ".join(texts)
    # In preorder: the line (its first move is the root's first), then the
    # root's next 7 moves; its ninth is left out.
    moves = [t for t in texts if re.fullmatch(r"[abc][123]", t)]
    assert tree[tree.root.children[0]].action == tree.line[0]
    assert moves == tree.line + [tree[c].action for c in tree.root.children[1:8]]
    assert "(1 left out)" in " ".join(texts)


def test_an_mcts_tree_too_long_to_step_through_shows_its_drawing_alone():
    tree = gametree.analyse("tictactoe", "xx.oo.... x", search="mcts", iterations=100_001)
    cell = tree._repr_html_()
    assert "<iframe" not in cell and "<script" not in cell
    assert "no explorer page inline; to_html() says why" in cell
    texts = still(cell)
    assert texts[0].startswith("tictactoe, mcts: decision ")
    assert "the number in a node is its visits" in " ".join(texts)
    assert repr(tree).startswith("<gametree.Tree MCTS tree: tictactoe")
