"""gametree.exercise: the command line's worksheet and key, byte for byte, and
a key that says what the engine's own search says."""

import json
import math

import pytest

import gametree

# The page's last "New exercise" says how to make more: a call from Python,
# a command from the command line; nothing else on the page differs.
def cli_more(seed):
    return f"the same gametree exercise command with --seed {seed + 1}."


def py_more(seed):
    return f"the same gametree.exercise call with seed={seed + 1}."


RANDOM = [
    ({}, []),
    (
        dict(seed=3, depth=2, branching=(2, 4), leaves=(-9, 9), cutoffs=1, prune_on_ties=False, paper="letter"),
        ["--seed", "3", "--depth", "2", "--branching", "2..4", "--leaves", "-9..9", "--cutoffs", "1", "--no-prune-on-ties", "--paper", "letter"],
    ),
    (dict(seed=12, search="minimax"), ["--seed", "12", "--search", "minimax"]),
    (dict(seed=4, depth=4, branching=(2, 2), cut_above_leaves=True), ["--seed", "4", "--depth", "4", "--branching", "2..2", "--cut-above-leaves"]),
]


def files_of(folder):
    return {p.name: p.read_bytes() for p in folder.iterdir()}


def as_bytes(data):
    return data if isinstance(data, bytes) else data.encode("utf-8")


@pytest.mark.parametrize("kwargs,flags", RANDOM)
def test_a_random_exercise_is_the_command_lines_files(cli, tmp_path, kwargs, flags):
    cli("exercise", "--out", str(tmp_path / "cli"), *flags)
    ex = gametree.exercise(**kwargs)
    ours = {name: as_bytes(data) for name, data in ex.files.items()}
    theirs = files_of(tmp_path / "cli")
    assert sorted(ours) == sorted(theirs) == sorted(
        ["worksheet.pdf", "answers.pdf", "worksheet.svg", "answers.svg", "exercise.tex", "answers.json", "practice.html"]
    )
    seed = kwargs.get("seed", 1)
    page = theirs.pop("practice.html").decode()
    assert cli_more(seed) in page
    assert ours.pop("practice.html").decode() == page.replace(cli_more(seed), py_more(seed))
    assert ours == theirs
    # save() writes what the command line writes into its folder.
    saved = files_of(ex.save(tmp_path / "py"))
    assert {n: b for n, b in saved.items() if n != "practice.html"} == theirs


def test_a_game_position_exercise_is_the_command_lines_files(cli, tmp_path):
    position = "xx.oo.x.. o"
    cli("exercise", "--game", "tictactoe", "--position", position, "--depth", "3", "--out", str(tmp_path))
    ex = gametree.exercise(game="tictactoe", position=position, depth=3)
    assert {n: as_bytes(d) for n, d in ex.files.items()} == files_of(tmp_path)
    assert ex.key["title"] == "Exercise: o to move" and ex.tree == position


@pytest.mark.parametrize("seed", range(1, 9))
@pytest.mark.parametrize("prune_on_ties", [True, False])
def test_the_key_is_the_engines_search_of_the_tree(seed, prune_on_ties):
    ex = gametree.exercise(seed=seed, prune_on_ties=prune_on_ties)
    key = ex.key
    tree = gametree.analyse("tree", ex.tree, search="alphabeta", prune_on_ties=prune_on_ties)
    assert key["search"] == "alphabeta"
    assert key["pruning"] == ("prune-on-ties" if prune_on_ties else "no-prune-on-ties")
    assert ex.value == key["value"] == tree.value
    nodes = key["nodes"]
    assert len(nodes) == len(tree)
    # The key's nodes are in the sheet's order (preorder); the engine's are in
    # construction order: the same nodes, matched by their paths of actions.
    def paths(items, parent_of, action_of):
        out = {}
        for i, item in enumerate(items):
            p = parent_of(item)
            out[i] = () if p is None else out[p] + (action_of(item),)
        return out

    engine_nodes = list(tree)
    by_path = {path: engine_nodes[i] for i, path in paths(engine_nodes, lambda n: n.parent, lambda n: n.action).items()}
    # Preorder: each parent comes before its children, so one pass suffices.
    path_of = {}
    for mine in nodes:
        path_of[mine["id"]] = () if mine["parent"] is None else path_of[mine["parent"]] + (mine["action"],)
        theirs = by_path[path_of[mine["id"]]]
        # One number for a node in every view: the key's id is the tree's
        # (the JSON's id, the explorer's #7).
        assert mine["id"] == theirs.id, path_of[mine["id"]]
        assert mine["pruned"] == theirs.pruned, theirs.id
        assert mine["value"] == (None if theirs.pruned else theirs.value), theirs.id
        assert mine["leaf"] == (not theirs.children), theirs.id
    assert key["pruned"] == [n["id"] for n in nodes if n["pruned"]]
    assert sum(1 for n in nodes if n["pruned"]) == sum(1 for n in tree if n.pruned) > 0
    # The visits start at the root with the whole window; every window is
    # the engine's on entering the node.
    assert key["visits"][0] == {"node": 0, "alpha": "-∞", "beta": "+∞"}
    end = lambda v: {-math.inf: "-∞", math.inf: "+∞"}.get(v, v)
    for visit in key["visits"]:
        theirs = tree[visit["node"]]
        assert (visit["alpha"], visit["beta"]) == (end(theirs.alpha), end(theirs.beta))
    # Plain data: the key is the JSON as it is.
    assert key == json.loads(ex.answers_json)
    json.dumps(key, allow_nan=False)


def test_a_minimax_key_has_no_windows_and_nothing_pruned():
    ex = gametree.exercise(seed=2, search="minimax")
    assert ex.key["pruning"] is None and ex.key["pruned"] == []
    assert all(v["alpha"] is None and v["beta"] is None for v in ex.key["visits"])
    assert ex.value == gametree.analyse("tree", ex.tree).value


def test_the_same_seed_gives_the_same_exercise_and_another_another():
    assert gametree.exercise(seed=5).files == gametree.exercise(seed=5).files
    assert gametree.exercise(seed=5).tree != gametree.exercise(seed=6).tree
    # The tree is the one textbook_tree draws (and grade and quiz use).
    assert gametree.exercise(seed=5).tree == gametree.textbook_tree(5)


def test_an_exercise_shows_as_its_worksheet():
    ex = gametree.exercise(seed=3)
    assert ex._repr_svg_() == ex.worksheet_svg and "<svg" in ex.worksheet_svg
    import base64

    shown = ex._repr_html_()
    assert shown.startswith('<img class="gametree-sheet" src="data:image/svg+xml;base64,')
    assert base64.b64decode(shown.split("base64,")[1].split('"')[0]).decode() == ex.worksheet_svg
    assert ex.worksheet_pdf.startswith(b"%PDF-") and ex.answers_pdf.startswith(b"%PDF-")
    assert "\\begin{tikzpicture}" in ex.tex
    assert repr(ex).startswith("<gametree.Exercise 'Exercise 1': alphabeta (prune-on-ties), tree A:(B:(")


@pytest.mark.parametrize(
    "kwargs,error,message",
    [
        (dict(depth=9), ValueError, "depth=9: expected 1 to 8"),
        (dict(search="mcts"), ValueError, 'search="mcts": the searches are minimax, alphabeta'),
        (dict(search="minimax", prune_on_ties=False), ValueError, 'prune_on_ties=False is about alpha-beta; drop it or use search="alphabeta"'),
        (dict(paper="a3"), ValueError, 'paper="a3": the papers are a4 and letter'),
        (dict(branching=(3, 2)), ValueError, "branching"),
        (dict(cutoffs=50), ValueError, "no tree of depth 3 with 50 cut-off(s) found"),
        (dict(game="chess"), ValueError, 'no game "chess"'),
        (dict(game="tictactoe", seed=3), ValueError, "seed= shapes a random tree"),
        (dict(position="((1 2) (3 4))"), ValueError, "position= is a game's: give game= too"),
        (dict(game="tictactoe", position="xx.oo.... q"), ValueError, "position="),
        (dict(game="tictactoe", depth=4), gametree.BudgetError, "more than 400 nodes, more than a sheet shows"),
        (dict(game="tree", position=[[1, 2], [3, 4]], depth=2, cutoffs=1), ValueError, "has 0 cut-off(s)"),
    ],
)
def test_bad_options_are_one_line_errors_in_pythons_words(kwargs, error, message):
    with pytest.raises(error) as raised:
        gametree.exercise(**kwargs)
    text = str(raised.value)
    assert message in text and "\n" not in text, text
