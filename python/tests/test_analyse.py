"""gametree.analyse against the command line: the same trees, the same bytes."""

import json

import pytest

import gametree

WORKED = "......../......../......../......../......../B.w...../.w....../..b..... b"

# (keyword arguments, the command line's arguments after `analyse`)
CASES = [
    (dict(game="tree", search="alphabeta"), ["tree", "--search", "alphabeta"]),
    (
        dict(game="tree", search="alphabeta", prune_on_ties=False),
        ["tree", "--search", "alphabeta", "--no-prune-on-ties"],
    ),
    (dict(game="tree"), ["tree"]),
    (
        dict(game="tree", position="((3 (5 1) 7) (4 4) (9 2 (6 8)))", search="alphabeta"),
        ["tree", "--position", "((3 (5 1) 7) (4 4) (9 2 (6 8)))", "--search", "alphabeta"],
    ),
    (
        dict(game="checkers", position=WORKED, search="alphabeta"),
        ["checkers", "--position", WORKED, "--search", "alphabeta"],
    ),
    (
        dict(game="tictactoe", position="x.o.x.... o"),
        ["tictactoe", "--position", "x.o.x.... o"],
    ),
    (dict(game="niujiao", depth=4, search="alphabeta"), ["niujiao", "--depth", "4", "--search", "alphabeta"]),
    (dict(game="ataxx", depth=2), ["ataxx", "--depth", "2"]),
    (
        dict(game="tictactoe", position="x...o.... x", search="mcts", iterations=400, seed=7),
        ["tictactoe", "--position", "x...o.... x", "--search", "mcts", "--iterations", "400", "--seed", "7"],
    ),
]


@pytest.mark.parametrize("kwargs,args", CASES, ids=[" ".join(a) for _, a in CASES])
def test_json_is_the_command_lines_byte_for_byte(cli, kwargs, args):
    tree = gametree.analyse(**kwargs)
    expected = cli("analyse", *args, "--json", "-").stdout
    assert tree.to_json().encode() == expected


@pytest.mark.parametrize("kwargs,args", CASES, ids=[" ".join(a) for _, a in CASES])
def test_dot_and_html_are_the_command_lines(cli, kwargs, args):
    tree = gametree.analyse(**kwargs)
    assert tree.to_dot().encode() == cli("analyse", *args, "--dot", "-").stdout
    assert tree.to_html().encode() == cli("analyse", *args, "--html", "-").stdout
    assert tree.to_dot(show_depth=1).encode() == cli("analyse", *args, "--dot", "-", "--show-depth", "1").stdout


@pytest.mark.parametrize("kwargs,args", CASES[:-1], ids=[" ".join(a) for _, a in CASES[:-1]])
def test_efg_is_the_command_lines(cli, kwargs, args):
    tree = gametree.analyse(**kwargs)
    assert tree.to_efg().encode() == cli("analyse", *args, "--efg", "-").stdout


def test_an_mcts_tree_has_no_efg_and_says_why():
    tree = gametree.analyse("tictactoe", search="mcts", iterations=50)
    with pytest.raises(ValueError, match=r"Tree\.to_efg\(\) writes a game whose payoffs are minimax values") as caught:
        tree.to_efg()
    assert "--" not in str(caught.value), "said in Python's words"


@pytest.mark.parametrize("kwargs,args", CASES, ids=[" ".join(a) for _, a in CASES])
def test_nodes_say_what_the_json_says(kwargs, args):
    tree = gametree.analyse(**kwargs)
    doc = json.loads(tree.to_json())
    assert len(tree) == doc["node_count"] == len(doc["nodes"])
    assert tree.decision == (doc["decision"] or {}).get("action")
    assert tree.line == doc["principal_variation"]
    inf = {"-∞": float("-inf"), "+∞": float("inf")}
    for node, record in zip(tree, doc["nodes"]):
        assert node.id == record["id"]
        assert node.parent == record["parent"]
        assert node.children == record["children"]
        assert node.depth == record["depth"]
        assert node.action == record["action"]
        assert node.to_move == record["to_move"]
        assert node.board == record["board"]
        if kwargs.get("search") == "mcts":
            assert node.visits == record["visits"]
            continue
        assert node.value == record["value"]
        assert node.pruned == record["pruned"]
        assert node.alpha == inf.get(record["alpha"], record["alpha"])
        assert node.beta == inf.get(record["beta"], record["beta"])
    assert tree[-1].id == len(tree) - 1
    assert tree.root.id == 0 and tree.root.parent is None


def test_the_aima_tree_as_a_teacher_reads_it():
    tree = gametree.analyse("tree", search="alphabeta")
    assert (tree.decision, tree.value, tree.line, len(tree)) == ("B", 3, ["B", "b1"], 13)
    pruned = [n.action for n in tree if n.pruned]
    assert pruned == ["c2", "c3"]
    c = tree[2]
    assert (c.action, c.value, c.alpha, c.beta) == ("C", 2, 3, float("inf"))
    # CS188's rule cuts only past the bound: the same tree, nothing more pruned here.
    cs188 = gametree.analyse("tree", search="alphabeta", prune_on_ties=False)
    assert [n.action for n in cs188 if n.pruned] == ["c2", "c3"]


def test_a_nested_list_is_a_textbook_tree_named_as_the_textbook_names_it():
    tree = gametree.analyse("tree", [[3, 12, 8], [2, 4, 6], [14, 5, 2]], search="alphabeta")
    # The same names as AIMA's figure, which is the module's own tree: the
    # decision is a name every view shows (B), not a place counted from 1.
    aima = gametree.analyse("tree", search="alphabeta")
    assert tree.position == aima.position == "A:(B:(b1:3 b2:12 b3:8) C:(c1:2 c2:4 c3:6) D:(d1:14 d2:5 d3:2))"
    assert (tree.decision, tree.value, tree.line) == ("B", 3, ["B", "b1"])
    assert tree.to_json() == aima.to_json()
    names = [n["name"] for n in json.loads(tree.to_json())["nodes"]]
    assert names[:5] == ["A", "B", "C", "D", "b1"]
    # A deeper list: inner nodes lettered level by level, leaves by their parent.
    deep = gametree.analyse("tree", [[[1, 2], 7], [[4]]])
    assert deep.position == "A:(B:(D:(d1:1 d2:2) b2:7) C:(E:(e1:4)))"
    with pytest.raises(TypeError, match="leaves integers, not float"):
        gametree.analyse("tree", [[3, 1.5]])
    with pytest.raises(TypeError, match="leaves integers, not str"):
        gametree.analyse("tree", [[3, "x"]])
    with pytest.raises(ValueError, match="leaf 10000000000 is out of range"):
        gametree.analyse("tree", [[3, 10**10]])
    too_deep = 5
    for _ in range(100):
        too_deep = [too_deep]
    with pytest.raises(ValueError, match="at most 64 levels"):
        gametree.analyse("tree", too_deep)


def test_the_whole_tictactoe_tree_makes_no_python_node_until_asked():
    import tracemalloc

    tracemalloc.start()
    tree = gametree.analyse("tictactoe")
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert len(tree) == 549946
    # The nodes stay in Rust: Python allocated next to nothing for them.
    assert peak < 200_000, peak
    assert (tree.decision, tree.value) == ("a1", 0)
    last = tree[len(tree) - 1]
    assert last.depth == 9 and last.children == []


def test_perft_best_and_solve_are_the_command_lines(cli):
    lines = cli("perft", "ataxx", "3").stdout.decode().split()
    assert gametree.perft("ataxx", 3) == [int(n) for n in lines[1::2]]
    for args, kwargs in [
        (["tictactoe", "--position", "xx.oo.... x"], dict(position="xx.oo.... x")),
        (["checkers", "--position", WORKED, "--depth", "5"], dict(position=WORKED, depth=5)),
        (["tictactoe", "--search", "minimax", "--depth", "4"], dict(search="minimax", depth=4)),
    ]:
        action, value = cli("best", *args).stdout.decode().split()
        assert gametree.best(args[0], **kwargs) == (action, int(value))
    action, q = cli("best", "tictactoe", "--search", "mcts", "--iterations", "300").stdout.decode().split()
    got = gametree.best("tictactoe", search="mcts", iterations=300)
    assert got[0] == action and f"{got[1]:.4f}" == q
    assert gametree.solve("niujiao") == cli("solve", "niujiao").stdout.decode().strip()
    assert gametree.solve("tictactoe", "xx.oo.... x") == "win in 1"


def test_games_are_the_list_of_games(cli):
    names = [g["name"] for g in gametree.games()]
    assert names == ["checkers", "tictactoe", "niujiao", "ataxx", "gomoku", "tree"]
    for g in gametree.games():
        # Each start position is one the game itself reads back.
        assert gametree.analyse(g["name"], g["start"], depth=1).position == g["start"]


def test_help_reads_as_documentation():
    import pydoc

    text = pydoc.render_doc(gametree.analyse, renderer=pydoc.plaintext)
    signature = (
        "analyse(game: 'str', position: 'Position' = None, depth: 'Optional[int]' = None, "
        "search: 'Search' = 'minimax', prune_on_ties: 'bool' = True, compare_orders: 'bool' = False, "
        "iterations: 'Optional[int]' = None, seed: 'Optional[int]' = None, uct_c: 'Optional[float]' = None, "
        "rollout: 'Optional[str]' = None, solver: 'bool' = False, compare: 'bool' = False, "
        "max_nodes: 'Optional[int]' = None, threads: 'Optional[int]' = None) -> 'Tree'"
    )
    assert signature in text
    assert text.count("analyse(game") == 1, "the signature once, not repeated in the text"
    for word in ("prune_on_ties: alpha-beta cuts off", "BudgetError", "ValueError", ">>> tree = gametree.analyse"):
        assert word in text
    for f in (gametree.perft, gametree.best, gametree.solve, gametree.games, gametree.grade, gametree.textbook_tree):
        assert f.__doc__ and len(f.__doc__) > 100, f
    tree_doc = pydoc.render_doc(gametree.Tree, renderer=pydoc.plaintext)
    assert "to_json" in tree_doc and "--json -" in tree_doc


def test_the_stubs_name_what_the_module_has():
    import ast
    from pathlib import Path

    stubs = ast.parse((Path(gametree.__file__).parent / "__init__.pyi").read_text())
    named = {n.name for n in stubs.body if isinstance(n, (ast.FunctionDef, ast.ClassDef))}
    # What the stubs take from the package's typed Python (`from ._api import analyse as analyse`).
    named |= {a.asname for n in stubs.body if isinstance(n, ast.ImportFrom) for a in n.names if a.asname == a.name}
    assert set(gametree.__all__) <= named, set(gametree.__all__) - named
