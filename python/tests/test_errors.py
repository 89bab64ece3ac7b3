"""Bad input is a Python exception carrying the command line's one-line
refusal in Python's words (`depth=`, never `--depth`), never a Rust panic."""

import re

import pytest

import gametree


# (keyword arguments, the command line's arguments after `analyse`, how
# Python names the option at fault)
SAME_AS_THE_CLI = [
    (dict(game="tictactoe", position="xx"), ["tictactoe", "--position", "xx"], "position="),
    (dict(game="checkers", position="b"), ["checkers", "--position", "b"], "position="),
    (dict(game="tree", position="((1 2)"), ["tree", "--position", "((1 2)"], "position="),
    (dict(game="tree", prune_on_ties=False), ["tree", "--no-prune-on-ties"], "prune_on_ties=False"),
    (dict(game="tree", search="mcts", depth=2), ["tree", "--search", "mcts", "--depth", "2"], 'search="mcts"'),
    (dict(game="tree", iterations=5), ["tree", "--iterations", "5"], "iterations="),
]



def plain_words(message):
    """A refusal's words without its options' spellings (`--depth 2`, `depth=2`)."""
    message = re.sub(r'--[a-z-]+|[a-z_]+=("[^"]*"|[^\s,;:()]*)', " ", message)
    return set(re.findall(r"[a-z']{4,}", message)) - {"gametree", "mcts", "alphabeta", "minimax", "deepening"}


@pytest.mark.parametrize("kwargs,args,keyword", SAME_AS_THE_CLI, ids=[" ".join(a) for _, a, _ in SAME_AS_THE_CLI])
def test_a_bad_argument_is_a_value_error_with_the_clis_message(cli, kwargs, args, keyword):
    done = cli("analyse", *args, check=False)
    assert done.returncode == 2
    message = done.stderr.decode().strip()
    assert message.startswith("gametree: ") and "\n" not in message
    with pytest.raises(ValueError) as caught:
        gametree.analyse(**kwargs)
    said = str(caught.value)
    assert "--" not in said, "Python names its keywords, not the command line's flags"
    assert keyword in said, said
    # One sentence, written once in the request layer, each door spelling its options.
    assert plain_words(said) == plain_words(message), (said, message)


# Numbers out of range: the command line's parser and Python say the request
# layer's range in the same words (`--depth 99` and `depth=99` alike:
# "expected 1 to 64"; a budget's "expected 1 or more").
OUT_OF_RANGE = [
    (dict(depth=99), ["--depth", "99"]),
    (dict(depth=0), ["--depth", "0"]),
    (dict(max_nodes=0), ["--max-nodes", "0"]),
    (dict(threads=300), ["--threads", "300"]),
    (dict(search="mcts", iterations=0), ["--search", "mcts", "--iterations", "0"]),
]


@pytest.mark.parametrize("kwargs,args", OUT_OF_RANGE, ids=[" ".join(a) for _, a in OUT_OF_RANGE])
def test_a_number_out_of_range_is_told_its_range_as_the_cli_tells_it(cli, kwargs, args):
    done = cli("analyse", "tictactoe", *args, check=False)
    assert done.returncode == 2
    first = done.stderr.decode().splitlines()[0]
    with pytest.raises(ValueError) as caught:
        gametree.analyse("tictactoe", **kwargs)
    said = str(caught.value)
    keyword = next(iter(kwargs)) if "iterations" not in kwargs else "iterations"
    assert said.startswith(f"{keyword}="), said
    assert said.split(": ", 1)[1] == first.rsplit(": ", 1)[1], (said, first)


def test_the_advice_of_a_refusal_can_be_followed_in_python():
    """A refusal names keywords analyse() takes, and doing what it says works."""
    import inspect

    with pytest.raises(ValueError) as caught:
        gametree.analyse("tree", prune_on_ties=False)
    said = str(caught.value)
    assert 'search="alphabeta"' in said and "compare_orders=True" in said, said
    takes = set(inspect.signature(gametree.analyse).parameters)
    named = set(re.findall(r"([a-z_]+)=", said))
    assert named and named <= takes, f"{named - takes} in {said!r}"
    assert gametree.analyse("tree", prune_on_ties=False, search="alphabeta").value == 3
    assert gametree.analyse("tree", prune_on_ties=False, compare_orders=True).value == 3
    # MCTS's depth is alpha-beta's beside it: compare=True, as the refusal says.
    with pytest.raises(ValueError) as caught:
        gametree.analyse("tictactoe", search="mcts", depth=3)
    said = str(caught.value)
    assert "compare=True" in said and set(re.findall(r"([a-z_]+)=", said)) <= takes, said
    tree = gametree.analyse("tictactoe", search="mcts", depth=3, compare=True, iterations=200)
    assert '"compare":{"mcts_decision"' in tree.to_json(), "alpha-beta beside MCTS in the JSON"


def test_a_tree_over_its_budget_is_a_budget_error_with_the_clis_message(cli):
    done = cli("analyse", "checkers", "--depth", "9", "--max-nodes", "1000", check=False)
    assert done.returncode == 3
    with pytest.raises(gametree.BudgetError) as caught:
        gametree.analyse("checkers", depth=9, max_nodes=1000)
    said, message = str(caught.value), done.stderr.decode().strip()
    assert said.split(";")[0] == message[len("gametree: ") :].split(";")[0]
    assert "max_nodes=" in said and "--" not in said, said
    assert isinstance(caught.value, RuntimeError)


@pytest.mark.parametrize(
    "call",
    [
        lambda: gametree.analyse("chess"),
        lambda: gametree.analyse("tictactoe", depth=0),
        lambda: gametree.analyse("tictactoe", depth=65),
        lambda: gametree.analyse("tictactoe", max_nodes=0),
        lambda: gametree.analyse("tictactoe", max_nodes=2**40),
        lambda: gametree.analyse("tictactoe", search="mcts", max_nodes=2**40),
        lambda: gametree.analyse("tictactoe", threads=0),
        lambda: gametree.analyse("tictactoe", search="negamax"),
        lambda: gametree.analyse("tictactoe", search="mcts", iterations=0),
        lambda: gametree.analyse("tree", "(((((", search="alphabeta"),
        lambda: gametree.analyse("tree", "", search="alphabeta"),
        lambda: gametree.analyse("gomoku", "x" * 500),
        lambda: gametree.analyse("ataxx", "x5o/7 x 0 1"),
        lambda: gametree.perft("tictactoe", 0),
        lambda: gametree.perft("checkers", 2, position="nonsense"),
        lambda: gametree.best("tictactoe", search="mcts", depth=3),
        lambda: gametree.analyse("tree").to_dot(show_depth=1, show_line=True),
    ],
)
def test_nonsense_is_a_value_error_not_a_panic(call):
    with pytest.raises(ValueError) as caught:
        call()
    assert str(caught.value) and "\n" not in str(caught.value)


def test_an_empty_tree_is_refused_not_a_panic():
    # A position whose side cannot act: a tree of its root alone.
    tree = gametree.analyse("tictactoe", "xxxoo.... o")
    assert len(tree) == 1 and tree.decision is None and tree.line == []
    assert tree.to_json()


def test_node_indexing_past_the_end_is_an_index_error():
    tree = gametree.analyse("tree")
    with pytest.raises(IndexError, match="node 13 is not in a tree of 13 nodes"):
        tree[13]
    with pytest.raises(IndexError):
        tree[-14]


# textbook_tree's refusals come from the exercise request the command line's
# `exercise` checks with: the same sentence, in Python's words.
TEXTBOOK_TREE_REFUSED = [
    (dict(depth=8, branching=(5, 6)), ["--depth", "8", "--branching", "5..6"], "branching=(5, 6)"),
    (dict(leaves=(5, 1)), ["--leaves", "5..1"], "leaves=(5, 1)"),
    (dict(depth=1, cutoffs=5), ["--depth", "1", "--cutoffs", "5"], "cutoffs="),
]


@pytest.mark.parametrize("kwargs,args,keyword", TEXTBOOK_TREE_REFUSED, ids=[" ".join(a) for _, a, _ in TEXTBOOK_TREE_REFUSED])
def test_textbook_tree_refuses_as_exercise_does_in_pythons_words(cli, tmp_path, kwargs, args, keyword):
    done = cli("exercise", "--seed", "1", "--out", str(tmp_path / "x"), *args, check=False)
    assert done.returncode == 2, done.stderr
    cli_words = plain_words(done.stderr.decode())
    with pytest.raises(ValueError) as caught:
        gametree.textbook_tree(1, **kwargs)
    said = str(caught.value)
    assert "--" not in said, said
    assert keyword in said, said
    assert plain_words(said) == cli_words, (said, done.stderr)


def test_textbook_tree_refuses_a_depth_past_a_page_in_pythons_words():
    with pytest.raises(ValueError, match=r"^depth=9: .*1 to 8"):
        gametree.textbook_tree(1, depth=9)
