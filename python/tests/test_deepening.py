"""gametree.analyse(..., search="deepening") against the command line's
`analyse ... --search deepening --json -`: the same tree, the same iterations.
Only the iterations' `time_ms` is measured anew on each run, so it is the one
figure held to its type and not to the other run's."""

import json
import re

import pytest

import gametree

TEST4_START = ".w.w.w.w/w.w...../.w.w.w../......w./.....w.b/b.b.b.../.b.b.b.b/b.b.b... b"

# (keyword arguments, the command line's arguments after `analyse`)
CASES = [
    (dict(game="tree", search="deepening"), ["tree", "--search", "deepening"]),
    (
        dict(game="tree", search="deepening", prune_on_ties=False),
        ["tree", "--search", "deepening", "--no-prune-on-ties"],
    ),
    (
        dict(game="tictactoe", position="x...o.... x", depth=5, search="deepening"),
        ["tictactoe", "--position", "x...o.... x", "--depth", "5", "--search", "deepening"],
    ),
    (
        dict(game="checkers", position=TEST4_START, depth=4, search="deepening"),
        ["checkers", "--position", TEST4_START, "--depth", "4", "--search", "deepening"],
    ),
    (dict(game="niujiao", depth=4, search="deepening"), ["niujiao", "--depth", "4", "--search", "deepening"]),
]
IDS = [" ".join(a) for _, a in CASES]

ITERATION_KEYS = {
    "depth",
    "nodes",
    "leaves",
    "cutoffs",
    "table_cutoffs",
    "time_ms",
    "decision",
    "value",
    "principal_variation",
    "branching_factor",
}


def untimed(iterations):
    """The iterations without their measured times, which no two runs share."""
    return [{k: v for k, v in it.items() if k != "time_ms"} for it in iterations]


def without_times(doc):
    doc = json.loads(json.dumps(doc))
    doc["deepening"]["iterations"] = untimed(doc["deepening"]["iterations"])
    return doc


@pytest.mark.parametrize("kwargs,args", CASES, ids=IDS)
def test_the_iterations_are_the_command_lines(cli, kwargs, args):
    tree = gametree.analyse(**kwargs)
    cli_doc = json.loads(cli("analyse", *args, "--json", "-").stdout)
    iterations = tree.iterations
    assert [set(it) for it in iterations] == [ITERATION_KEYS] * len(iterations)
    assert untimed(iterations) == untimed(cli_doc["deepening"]["iterations"])
    assert [it["depth"] for it in iterations] == list(range(1, tree.depth + 1))
    for it in iterations:
        assert isinstance(it["time_ms"], float) and it["time_ms"] >= 0
    # The tree is the last iteration's: its decision, value and line.
    last = iterations[-1]
    assert (tree.decision, tree.value) == (last["decision"], last["value"])
    assert (tree.decision, tree.value, tree.line) == (
        cli_doc["decision"]["action"],
        cli_doc["decision"]["value"],
        cli_doc["principal_variation"],
    )
    assert tree.search == "deepening" and "deepening" in repr(tree)


@pytest.mark.parametrize("kwargs,args", CASES, ids=IDS)
def test_the_json_is_the_command_lines_but_for_the_times(cli, kwargs, args):
    tree = gametree.analyse(**kwargs)
    ours = json.loads(tree.to_json())
    theirs = json.loads(cli("analyse", *args, "--json", "-").stdout)
    assert without_times(ours) == without_times(theirs)
    assert ours["deepening"]["iterations"] == tree.iterations


TIME = re.compile(rb'"time_ms":\s*[0-9.e-]+')


@pytest.mark.parametrize("kwargs,args", CASES[:3], ids=IDS[:3])
def test_the_page_and_the_dot_are_the_command_lines(cli, kwargs, args):
    tree = gametree.analyse(**kwargs)
    page = tree.to_html().encode()
    assert TIME.search(page), "the page holds the iterations' times"
    assert TIME.sub(b"", page) == TIME.sub(b"", cli("analyse", *args, "--html", "-").stdout)
    assert tree.to_dot().encode() == cli("analyse", *args, "--dot", "-").stdout


def test_deepening_decides_as_alphabeta_with_fewer_nodes_in_its_last_iteration():
    position = dict(game="checkers", position=TEST4_START, depth=5)
    deep = gametree.analyse(**position, search="deepening")
    plain = gametree.analyse(**position, search="alphabeta")
    assert (deep.decision, deep.value) == (plain.decision, plain.value)
    visited = sum(1 for n in plain if not n.pruned)
    assert deep.iterations[-1]["nodes"] < visited
    # The first iteration is the root and its children; each later one's
    # branching factor is its nodes over the one before's.
    first = deep.iterations[0]
    assert first["nodes"] == 1 + len(deep.root.children)
    for before, it in zip(deep.iterations, deep.iterations[1:]):
        assert it["branching_factor"] == pytest.approx(it["nodes"] / before["nodes"], abs=1e-3)


def test_other_searches_have_no_iterations():
    assert gametree.analyse("tree", search="alphabeta").iterations is None
    assert gametree.analyse("tree").iterations is None
    assert gametree.analyse("tictactoe", search="mcts", iterations=20).iterations is None


# (keyword arguments, the command line's arguments after `analyse`)
REFUSED = [
    (dict(game="tree", search="deepening", iterations=5), ["tree", "--search", "deepening", "--iterations", "5"]),
    (dict(game="tree", search="deepening", seed=5), ["tree", "--search", "deepening", "--seed", "5"]),
    (dict(game="tree", search="deepening", depth=0), ["tree", "--search", "deepening", "--depth", "0"]),
]


@pytest.mark.parametrize("kwargs,args", REFUSED, ids=[" ".join(a) for _, a in REFUSED])
def test_a_bad_argument_is_refused_as_the_command_line_refuses_it(cli, kwargs, args):
    done = cli("analyse", *args, check=False)
    assert done.returncode == 2
    with pytest.raises(ValueError) as caught:
        gametree.analyse(**kwargs)
    said = str(caught.value)
    assert "--" not in said, said
    if "--depth" not in args:
        flag = args[-2]
        assert flag[2:] + "=" in said and "is an option of" in done.stderr.decode(), said
    else:
        # clap words a range error its own way; the module names the keyword and the range.
        assert said == "depth=0: expected 1 to 64"


def test_an_unknown_search_names_deepening_among_the_searches():
    with pytest.raises(ValueError, match="the searches are minimax, alphabeta, deepening, mcts"):
        gametree.analyse("tree", search="negamax")
