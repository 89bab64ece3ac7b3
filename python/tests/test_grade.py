"""gametree.grade: a student's search held to the engine's, leaf by leaf."""

import math

import pytest

import gametree
from gametree._grade import _one


def alphabeta(cut_on_ties: bool):
    """A student's alpha-beta, cutting when alpha >= beta (AIMA) or alpha > beta (CS188)."""

    def search(tree, evaluate):
        def go(node, a, b, maximising):
            if not isinstance(node, list):
                return evaluate(node), None
            best, choice = (-math.inf if maximising else math.inf), None
            for i, child in enumerate(node):
                v, _ = go(child, a, b, not maximising)
                if (maximising and v > best) or (not maximising and v < best):
                    best, choice = v, i
                if maximising:
                    a = max(a, best)
                else:
                    b = min(b, best)
                if (a >= b) if cut_on_ties else (a > b):
                    break
            return best, choice

        return go(tree, -math.inf, math.inf, True)

    return search


def minimax(tree, evaluate, maximising=True):
    if not isinstance(tree, list):
        return evaluate(tree)
    values = [minimax(c, evaluate, not maximising) for c in tree]
    return max(values) if maximising else min(values)


def test_a_correct_alpha_beta_scores_full_marks_under_each_rule():
    for on_ties in (True, False):
        result = gametree.grade(alphabeta(on_ties), prune_on_ties=on_ties, trees=40, seed=0)
        assert result["score"] == 1.0 and result["passed"] == 40, [
            r["first_difference"] for r in result["reports"] if not r["ok"]
        ]
        assert all(r["first_difference"] is None for r in result["reports"])


def test_cutting_only_past_the_bound_is_wrong_under_aimas_rule_and_says_where():
    result = gametree.grade(alphabeta(False), prune_on_ties=True, trees=40, seed=0)
    assert 0 < result["score"] < 1
    wrong = [r for r in result["reports"] if not r["ok"]]
    for r in wrong:
        # Evaluated one leaf too many, where a value reached beta or alpha.
        assert r["first_difference"].startswith("at "), r["first_difference"]
        assert " ≥ β = " in r["first_difference"] or " ≤ α = " in r["first_difference"]
        assert len(r["leaves"]) > len(r["leaves_expected"])
        # The value is right all the same: only the leaves tell the rules apart.
        assert r["value"] == r["value_expected"]


def test_minimax_is_graded_the_same_way():
    assert gametree.grade(minimax, search="minimax", trees=10)["score"] == 1.0
    # Graded as alpha-beta, minimax evaluates leaves alpha-beta cuts off.
    result = gametree.grade(minimax, search="alphabeta", trees=10)
    assert result["score"] == 0.0
    assert all(" you evaluated " in r["first_difference"] for r in result["reports"])


def test_the_aima_tree_names_the_node_and_the_bound():
    report = _one(minimax, "((3 12 8) (2 4 6) (14 5 2))", "alphabeta", True)
    assert report["tree"] == "A:(B:(b1:3 b2:12 b3:8) C:(c1:2 c2:4 c3:6) D:(d1:14 d2:5 d3:2))"
    assert report["leaves_expected"] == ["b1", "b2", "b3", "c1", "d1", "d2", "d3"]
    assert report["first_difference"] == "at C you evaluated c2: C had 2 ≤ α = 3"
    assert report["ok"] is False and report["value"] == 3


def test_a_search_that_cuts_too_soon_is_told_what_it_skipped():
    def greedy(tree, evaluate):
        # Looks only at each node's first child.
        node = tree
        while isinstance(node, list):
            node = node[0]
        return evaluate(node), 0

    report = _one(greedy, "((3 12 8) (2 4 6) (14 5 2))", "alphabeta", True)
    assert report["first_difference"] == "at B you skipped b2, which the search evaluates (α = -∞, β = +∞: no cut-off there)"


def test_right_to_left_a_wrong_decision_and_a_crash_are_each_reported():
    def right_to_left(tree, evaluate, maximising=True):
        if not isinstance(tree, list):
            return evaluate(tree)
        values = [right_to_left(c, evaluate, not maximising) for c in reversed(tree)]
        return max(values) if maximising else min(values)

    r = _one(right_to_left, "((3 12 8) (2 4 6) (14 5 2))", "minimax", True)
    assert r["first_difference"] == "you evaluated d3 before b1: children are taken left to right"

    r = _one(lambda t, e: (minimax(t, e), 2), "((3 12 8) (2 4 6) (14 5 2))", "minimax", True)
    assert r["first_difference"] == "your decision is D; the search chooses B"
    r = _one(lambda t, e: (minimax(t, e), "B"), "((3 12 8) (2 4 6) (14 5 2))", "minimax", True)
    assert r["ok"] is True

    def crashes(tree, evaluate):
        evaluate(tree[0][0])
        raise KeyError("oops")

    r = _one(crashes, "((3 12 8) (2 4 6) (14 5 2))", "alphabeta", True)
    assert r["ok"] is False and r["first_difference"] == "your function raised KeyError: 'oops'"
    assert r["leaves"] == ["b1"]


def test_the_result_is_plain_data_and_the_same_for_the_same_seed():
    import json

    a = gametree.grade(alphabeta(True), trees=5, seed=3)
    b = gametree.grade(alphabeta(True), trees=5, seed=3)
    assert json.loads(json.dumps(a)) == a == b
    assert gametree.grade(alphabeta(True), trees=5, seed=4)["reports"][0]["tree"] != a["reports"][0]["tree"]


def test_bad_grading_arguments_are_value_errors():
    with pytest.raises(ValueError):
        gametree.grade(minimax, search="mcts")
    with pytest.raises(ValueError):
        gametree.grade(minimax, trees=0)


@pytest.mark.parametrize("trees", [0, -1, 10_001, 2**64])
def test_trees_past_the_budget_is_refused_at_once_naming_trees(trees):
    import time

    began = time.monotonic()
    with pytest.raises(ValueError, match=r"trees=") as caught:
        gametree.grade(alphabeta(True), trees=trees)
    assert "10000" in str(caught.value)
    assert time.monotonic() - began < 1
