"""gametree.grade: a student's search held to the engine's, leaf by leaf."""

import inspect
import json
import math
import re

import pytest

import gametree
from gametree._grade import _one

INF = math.inf


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


AIMA = "A:(B:(b1:3 b2:12 b3:8) C:(c1:2 c2:4 c3:6) D:(d1:14 d2:5 d3:2))"


def names_of(tree_text):
    """Every node's name, as the JSON (and so the explorer) gives it."""
    import json

    doc = json.loads(gametree.analyse("tree", tree_text, search="alphabeta").to_json())
    return {n["name"] for n in doc["nodes"]}


def names_of_path(tree_text, name):
    """The names from the root down to the node `name`, as the JSON gives them."""
    doc = json.loads(gametree.analyse("tree", tree_text).to_json())
    by_name = {n["name"]: n for n in doc["nodes"]}
    path = [by_name[name]]
    while path[-1]["parent"] is not None:
        path.append(doc["nodes"][path[-1]["parent"]])
    return [n["name"] for n in reversed(path)]


def first_named(message):
    """The node a message is about: "at NAME ..." or the root."""
    import re

    m = re.match(r"at (\S+) you ", message) or re.search(r"the root (\S+)'s value", message)
    return m.group(1) if m else None


def test_a_correct_alpha_beta_scores_full_marks_under_either_rule_by_default():
    for on_ties in (True, False):
        result = gametree.grade(alphabeta(on_ties), trees=40, seed=0)
        assert result["pruning"] == "either"
        assert result["score"] == 1.0 and result["passed"] == 40, [
            r["first_difference"] for r in result["reports"] if not r["ok"]
        ]


@pytest.mark.parametrize("on_ties", [True, False])
def test_the_tie_convention_is_decided_once_for_the_whole_grading(on_ties):
    result = gametree.grade(alphabeta(on_ties), trees=40, seed=0)
    said = "prune-on-ties" if on_ties else "no-prune-on-ties"
    # One convention, the student's, for every tree, ties or none.
    assert result["followed"] == said
    assert {r["pruning"] for r in result["reports"]} == {said}
    assert result["reports"][0]["leaves"] == result["reports"][0]["leaves_expected"]
    # Asked for its own rule, it is right too.
    asked = gametree.grade(alphabeta(on_ties), prune_on_ties=on_ties, trees=40)
    assert asked["score"] == 1.0 and asked["pruning"] == asked["followed"] == said


def test_the_convention_is_named_only_where_a_tie_decides_it():
    said = {"tie": 0, "no tie": 0}
    for student, asked in [(minimax, None), (alphabeta(False), True), (alphabeta(True), False), (alpha_never_updated, None)]:
        result = gametree.grade(student, prune_on_ties=asked, trees=40, seed=0)
        for why in (r["first_difference"] for r in result["reports"] if not r["ok"]):
            m = re.search(r"and (-?\d+) \S [αβ] = (\S+) (?:does not )?cut", why)
            if not m:
                continue
            tie = m.group(1) == m.group(2)
            said["tie" if tie else "no tie"] += 1
            assert ("(ties" in why) == tie, why
    assert said["tie"] > 0 and said["no tie"] > 0, said


def test_cutting_only_past_the_bound_is_wrong_when_the_teacher_asks_for_aimas_rule_and_shows_the_tie():
    result = gametree.grade(alphabeta(False), prune_on_ties=True, trees=40, seed=0)
    assert 0 < result["score"] < 1 and result["followed"] == "prune-on-ties"
    wrong = [r for r in result["reports"] if not r["ok"]]
    for r in wrong:
        why = r["first_difference"]
        # The node's value so far and the bound, equal: the tie is seen.
        m = __import__("re").search(r"had (-?\d+) from (\S+) before (\S+), and (-?\d+) [≥≤] ([αβ]) = (-?\d+) cuts off", why)
        assert m, why
        assert m.group(1) == m.group(4) == m.group(6), why
        assert "(ties prune, as in AIMA)" in why
        assert first_named(why) in names_of(r["tree"]), why
        assert len(r["leaves"]) > len(r["leaves_expected"])
        assert r["value"] == r["value_expected"]
    # And the other way round: AIMA's cut-offs are wrong where CS188's is asked for.
    result = gametree.grade(alphabeta(True), prune_on_ties=False, trees=40, seed=0)
    assert result["score"] < 1 and result["followed"] == "no-prune-on-ties"
    for r in (r for r in result["reports"] if not r["ok"]):
        assert " does not cut off (ties do not prune, as in CS188)" in r["first_difference"], r["first_difference"]
        assert __import__("re").search(r"had (-?\d+) from \S+, and \1 = [αβ] = \1 does not", r["first_difference"]), r["first_difference"]


def test_minimax_is_graded_the_same_way():
    result = gametree.grade(minimax, search="minimax", trees=10)
    assert result["score"] == 1.0 and result["pruning"] is None and result["followed"] is None
    # Graded as alpha-beta, minimax evaluates leaves alpha-beta cuts off.
    result = gametree.grade(minimax, search="alphabeta", trees=10)
    assert result["score"] == 0.0
    assert all(" you evaluated " in r["first_difference"] for r in result["reports"])


def test_the_aima_tree_names_the_node_its_value_so_far_the_bound_and_whose_the_bound_is():
    report = _one(minimax, AIMA, "alphabeta", True)
    assert report["tree"] == AIMA
    assert report["leaves_expected"] == ["b1", "b2", "b3", "c1", "d1", "d2", "d3"]
    assert report["first_difference"] == (
        "at C you evaluated c2, which the search never reaches: C (MIN) had 2 from c1 before c2, "
        "and 2 ≤ α = 3 cuts off, α being A's 3 from B"
    )
    assert report["ok"] is False and report["value"] == 3


def test_a_search_that_cuts_too_soon_is_told_what_it_skipped_with_the_values():
    def greedy(tree, evaluate):
        # Looks only at each node's first child.
        node = tree
        while isinstance(node, list):
            node = node[0]
        return evaluate(node), 0

    report = _one(greedy, AIMA, "alphabeta", None)
    # No tie decides it: no convention named; the bound is -∞, nobody's.
    assert report["first_difference"] == (
        "at B you skipped b2, which the search evaluates: B (MIN) had 3 from b1, and 3 > α = -∞ does not cut off"
    )


def test_a_wrong_value_handed_up_is_told_where_the_bound_it_spoils_comes_from():
    def min_takes_its_first_child(tree, evaluate):
        # A MIN node hands up its first child's value, not the least: A's α
        # after B is wrong, and C, the next node to use it, goes wrong.
        def go(node, a, b, maximising):
            if not isinstance(node, list):
                return evaluate(node)
            v = -INF if maximising else INF
            first = None
            for child in node:
                cv = go(child, a, b, not maximising)
                first = cv if first is None else first
                if maximising:
                    v = max(v, cv)
                    if v >= b:
                        return v
                    a = max(a, v)
                else:
                    v = min(v, cv)
                    if v <= a:
                        return first
                    b = min(b, v)
            return v if maximising else first

        return go(tree, -INF, INF, True)

    tree = "A:(B:(b1:9 b2:3) C:(c1:5 c2:8) D:(d1:1 d2:7))"
    report = _one(min_takes_its_first_child, tree, "alphabeta", True)
    # The student's α at C is 9 (B's b1), so it cuts C off after c1; the
    # search's α there is 3, B's value, from b2.
    assert report["first_difference"] == (
        "at C you skipped c2, which the search evaluates: C (MIN) had 5 from c1, "
        "and 5 > α = 3 does not cut off, α being A's 3 from B"
    )


def right_to_left_alphabeta(tree, evaluate):
    """A correct alpha-beta that takes children right to left."""

    def go(node, a, b, maximising):
        if not isinstance(node, list):
            return evaluate(node)
        v = -math.inf if maximising else math.inf
        for child in reversed(node):
            cv = go(child, a, b, not maximising)
            if maximising:
                v = max(v, cv)
                if v >= b:
                    return v
                a = max(a, v)
            else:
                v = min(v, cv)
                if v <= a:
                    return v
                b = min(b, v)
        return v

    return go(tree, -math.inf, math.inf, True)


def right_to_left_minimax(tree, evaluate, maximising=True):
    """Minimax (no pruning: wrong as alpha-beta) taking children right to left."""
    if not isinstance(tree, list):
        return evaluate(tree)
    values = [right_to_left_minimax(c, evaluate, not maximising) for c in reversed(tree)]
    return max(values) if maximising else min(values)


@pytest.mark.parametrize("student", [right_to_left_alphabeta, right_to_left_minimax])
def test_a_search_right_to_left_is_told_exactly_that_even_with_another_bug(student):
    r = _one(student, AIMA, "alphabeta", None)
    assert r["first_difference"] == (
        "your search takes children right to left: it evaluated d3 first, "
        "where the search, taking children left to right as the tree lists them, evaluates b1 first"
    )
    result = gametree.grade(student, trees=10)
    assert result["score"] == 0
    assert all(r["first_difference"].startswith("your search takes children right to left") for r in result["reports"])
    # The docstring says children go left to right, and what is told otherwise.
    assert "left to right" in gametree.grade.__doc__ and "right to left is told so" in gametree.grade.__doc__


def test_any_move_of_the_best_value_is_right_unless_the_first_is_asked_for():
    # B and C are both worth 3 (C's c1 is 4, c2 3); D 2.
    tied = "A:(B:(b1:3 b2:5) C:(c1:4 c2:3) D:(d1:2 d2:9))"

    def chooses(k):
        return lambda t, e: (minimax(t, e), k)

    r = _one(chooses(1), tied, "minimax", None)
    assert r["ok"] is True and r["decisions_accepted"] == ["B", "C"] and r["decision"] == "C"
    r = _one(chooses("C"), tied, "minimax", None, first_best=True)
    assert r["first_difference"] == (
        "your decision is C, worth the root's 3 as B is; the first of the best moves, B, is asked for"
    )
    r = _one(chooses(2), tied, "minimax", None)
    assert r["first_difference"] == "your decision is D, worth 2, less than the root's 3; the best moves are B or C"
    # Under alpha-beta too, where C's value is only a bound (≤ 3): its worth is 3.
    r = _one(lambda t, e: (alphabeta(True)(t, e)[0], "C"), tied, "alphabeta", None)
    assert r["ok"] is True, r["first_difference"]


class Index:
    """An integer of another type, as numpy's np.int64 is: it has __index__."""

    def __init__(self, i):
        self.i = i

    def __index__(self):
        return self.i


def test_a_decision_of_any_integer_type_is_an_index():
    student = lambda t, e: (lambda v, i: (v, Index(i)))(*alphabeta(True)(t, e))  # noqa: E731
    result = gametree.grade(student, trees=10)
    assert result["score"] == 1.0, [r["first_difference"] for r in result["reports"] if not r["ok"]]
    # Reported by the move's name, plain data.
    assert all(r["decision"] in r["moves"] for r in result["reports"])
    assert json.loads(json.dumps(result)) == result


def test_numpys_argmax_is_an_index():
    np = pytest.importorskip("numpy")

    def student(tree, evaluate):
        values = [minimax(c, evaluate, False) for c in tree]
        return max(values), np.argmax(values)

    result = gametree.grade(student, search="minimax", trees=10)
    assert result["score"] == 1.0
    assert json.loads(json.dumps(result)) == result


@pytest.mark.parametrize(
    "decision, said",
    [
        (1.0, "your decision is 1.0, a float, not an index: give the move's index as an int (0 to 2) or its name (B, C, D)"),
        ("c", "your decision is 'c', not one of the root's moves (B, C, D) or their index (0 to 2)"),
        ("e1", "your decision is 'e1', not one of the root's moves (B, C, D) or their index (0 to 2)"),
        (3, "your decision is 3, not one of the root's moves (B, C, D) or their index (0 to 2)"),
        (-1, "your decision is -1, not one of the root's moves (B, C, D) or their index (0 to 2)"),
        (True, "your decision is True, a bool, not one of the root's moves (B, C, D) or their index (0 to 2)"),
        ({"B": 1}, "your decision is {'B': 1}, a dict, not one of the root's moves (B, C, D) or their index (0 to 2)"),
    ],
)
def test_a_decision_that_is_no_move_is_told_the_moves(decision, said):
    tree = "A:(B:(b1:3 b2:12) C:(c1:13 c2:14) D:(d1:2 d2:5))"
    r = _one(lambda t, e: (alphabeta(True)(t, e)[0], decision), tree, "alphabeta", None)
    assert r["ok"] is False and r["first_difference"] == said
    assert r["moves"] == ["B", "C", "D"]
    json.dumps(r)


def test_a_decision_that_is_the_chosen_subtree_is_a_message_not_a_crash():
    def subtree(tree, evaluate):
        value, i = alphabeta(True)(tree, evaluate)
        return value, tree[i]

    result = gametree.grade(subtree, trees=4)
    for r in result["reports"]:
        assert r["ok"] is False
        assert re.fullmatch(
            r"your decision is \[.*, a list, not one of the root's moves \(B, C(, D)?\) or their index \(0 to [12]\): "
            r"give the move, not its subtree",
            r["first_difference"],
        ), r["first_difference"]
    assert json.loads(json.dumps(result)) == result


@pytest.mark.parametrize(
    "returned, said",
    [
        ("13", "your value is '13', a str, not a number: return the root's value, or a tuple (value, decision)"),
        ([13, 1], "your function returned [13, 1], a list: return the root's value, or a tuple (value, decision)"),
        ((13, 1, "C"), "your function returned (13, 1, 'C'), a tuple: return the root's value, or a tuple (value, decision)"),
        (None, "your function returned None: return the root's value, or a tuple (value, decision)"),
        (("13", 1), "your value is '13', a str, not a number: return the root's value, or a tuple (value, decision)"),
    ],
)
def test_a_value_of_the_wrong_kind_is_told_what_it_is(returned, said):
    tree = "A:(B:(b1:3 b2:12) C:(c1:13 c2:14) D:(d1:2 d2:5))"

    def returning(answer):
        """A right search that returns `answer`."""

        def student(t, e):
            alphabeta(True)(t, e)
            return answer

        return student

    r = _one(returning(returned), tree, "alphabeta", None)
    assert r["ok"] is False and r["first_difference"] == said
    json.dumps(r)
    # A number of another type is a value: 13.0, or an integer type's 13.
    for value in (13.0, Index(13)):
        r = _one(returning((value, 1)), tree, "alphabeta", None)
        assert r["ok"] is True and r["value"] == 13 and r["decision"] == "C", r["first_difference"]


# Five typical wrong students, each a real search.


def no_pruning(tree, evaluate):
    return minimax(tree, evaluate)


def alpha_never_updated(tree, evaluate):
    def go(node, a, b, maximising):
        if not isinstance(node, list):
            return evaluate(node)
        v = -math.inf if maximising else math.inf
        for child in node:
            cv = go(child, a, b, not maximising)
            if maximising:
                v = max(v, cv)
                if v >= b:
                    return v
                # (forgets a = max(a, v))
            else:
                v = min(v, cv)
                if v <= a:
                    return v
                b = min(b, v)
        return v

    return go(tree, -math.inf, math.inf, True)


def alpha_beta_swapped(tree, evaluate):
    def go(node, a, b, maximising):
        if not isinstance(node, list):
            return evaluate(node)
        v = -math.inf if maximising else math.inf
        for child in node:
            cv = go(child, b, a, not maximising)  # the window handed down the wrong way round
            if maximising:
                v = max(v, cv)
                if v >= b:
                    return v
                a = max(a, v)
            else:
                v = min(v, cv)
                if v <= a:
                    return v
                b = min(b, v)
        return v

    return go(tree, -math.inf, math.inf, True)


def bound_for_value(tree, evaluate):
    def go(node, a, b, maximising):
        if not isinstance(node, list):
            return evaluate(node)
        v = -math.inf if maximising else math.inf
        for child in node:
            cv = go(child, a, b, not maximising)
            if maximising:
                v = max(v, cv)
                if v >= b:
                    return b
                a = max(a, v)
            else:
                v = min(v, cv)
                if v <= a:
                    return a
                b = min(b, v)
        # MIN-VALUE written from MAX-VALUE's fail-hard copy: it hands back
        # alpha, the bound, where its value is due.
        return a

    return go(tree, -math.inf, math.inf, True)


def shallow_window(tree, evaluate):
    """Hands a child only its own node's bound, the other reset to ±∞: right
    at depth 3, where no bound is used two levels below its node."""

    def go(node, a, b, maximising):
        if not isinstance(node, list):
            return evaluate(node)
        v = -math.inf if maximising else math.inf
        for child in node:
            if maximising:
                v = max(v, go(child, a, math.inf, False))
                if v >= b:
                    return v
                a = max(a, v)
            else:
                v = min(v, go(child, -math.inf, b, True))
                if v <= a:
                    return v
                b = min(b, v)
        return v

    return go(tree, -math.inf, math.inf, True)


@pytest.mark.parametrize(
    "student, asked",
    [
        (no_pruning, None),
        (alphabeta(False), True),  # cuts when α > β, where ties prune
        (alpha_never_updated, None),
        (alpha_beta_swapped, None),
        (bound_for_value, None),
        (shallow_window, None),
    ],
)
def test_five_typical_wrong_students_lose_marks_told_the_first_wrong_node_by_its_name(student, asked):
    result = gametree.grade(student, prune_on_ties=asked, trees=40, seed=0)
    assert result["score"] < 1, student
    for r in (r for r in result["reports"] if not r["ok"]):
        why = r["first_difference"]
        named = first_named(why)
        assert named in names_of(r["tree"]), why
        # The values that decide it: a value so far and a bound, or the root's value.
        assert ("had " in why and (" α = " in why or " β = " in why)) or "'s value is" in why or "had nothing yet" in why, why


def test_a_shallow_window_is_caught_on_the_default_trees_at_a_deep_cut_off():
    assert gametree.grade(shallow_window, depth=3, trees=40)["score"] == 1.0
    result = gametree.grade(shallow_window, trees=40)
    assert result["score"] < 1
    assert {r["depth"] for r in result["reports"]} == {3, 4}
    for r in (r for r in result["reports"] if not r["ok"]):
        assert r["depth"] == 4
        # A MIN node three levels down evaluates a leaf the search cuts off,
        # by the root's α, handed down through two levels.
        m = re.fullmatch(
            r"at (\S+) you evaluated (\S+), which the search never reaches: \1 \(MIN\) had (-?\d+) from \S+ before \S+, "
            r"and \3 ≤ α = (-?\d+) cuts off(?: \(ties prune, as in AIMA\))?, α being A's \4 from [BC]",
            r["first_difference"],
        )
        assert m, r["first_difference"]
        assert len(names_of_path(r["tree"], m.group(1))) == 4  # A, B or C, then two more


def test_the_default_trees_take_depth_3_and_4_in_turn_and_depth_asks_for_one():
    result = gametree.grade(minimax, search="minimax", trees=4, seed=7)
    assert [r["depth"] for r in result["reports"]] == [3, 4, 3, 4]
    assert [r["seed"] for r in result["reports"]] == [7, 8, 9, 10]
    # Tree k is the exercise of seed + k (2 children a node beyond depth 3).
    assert result["reports"][0]["tree"] == gametree.exercise(seed=7, search="minimax").tree
    assert result["reports"][1]["tree"] == gametree.exercise(seed=8, depth=4, branching=(2, 2), search="minimax").tree
    deep = gametree.grade(minimax, search="minimax", trees=2, depth=5)
    assert [r["depth"] for r in deep["reports"]] == [5, 5] and deep["score"] == 1.0
    assert gametree.grade(alphabeta(True), depth=2, trees=5)["score"] == 1.0


def test_a_crash_is_reported_with_the_line_of_the_students_code():
    def crashes(tree, evaluate):
        evaluate(tree[0][0])
        raise KeyError("oops")

    line = inspect.getsourcelines(crashes)[1] + 2
    r = _one(crashes, AIMA, "alphabeta", None)
    assert r["ok"] is False
    assert r["first_difference"] == f"your function raised KeyError: 'oops', at test_grade.py line {line} (in crashes): raise KeyError(\"oops\")"
    assert r["leaves"] == ["b1"] and r["error"] == "KeyError: 'oops'"
    assert r["error_at"] == {"file": __file__, "line": line, "function": "crashes", "text": 'raise KeyError("oops")'}


def test_evaluate_on_a_subtree_says_it_takes_a_leafs_name():
    def evaluates_a_subtree(tree, evaluate):
        return evaluate(tree[0])

    line = inspect.getsourcelines(evaluates_a_subtree)[1] + 1
    r = _one(evaluates_a_subtree, AIMA, "alphabeta", None)
    assert r["first_difference"] == (
        'your function raised TypeError: evaluate() takes a leaf\'s name, e.g. "b1", not a subtree (a list), '
        f"at test_grade.py line {line} (in evaluates_a_subtree): return evaluate(tree[0])"
    )
    r = _one(lambda t, e: e("B"), AIMA, "alphabeta", None)
    assert r["first_difference"].startswith(
        "your function raised ValueError: evaluate() takes a leaf's name, e.g. \"b1\": 'B' is not a leaf of this tree, at test_grade.py"
    )


def test_the_messages_name_nodes_as_the_worksheet_does():
    # The grader's trees are the exercise's: the same tree, the same names.
    ex = gametree.exercise(seed=5)
    r = gametree.grade(minimax, trees=1, seed=5)["reports"][0]
    assert r["tree"] == ex.tree and r["seed"] == 5
    sheet_names = {n["name"] for n in ex.key["nodes"]}
    assert sheet_names == names_of(r["tree"])
    assert first_named(r["first_difference"]) in sheet_names


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
    with pytest.raises(ValueError, match="prune_on_ties"):
        gametree.grade(minimax, search="minimax", prune_on_ties=True)


@pytest.mark.parametrize(
    "kwargs, error, said",
    [
        ({"student_fn": 42}, TypeError, "student_fn=42: expected a function student_fn(tree, evaluate)"),
        ({"seed": -1}, ValueError, "seed=-1: expected 0 or more"),
        ({"seed": None}, TypeError, "seed=None: expected a whole number, 0 or more"),
        ({"seed": 1.5}, TypeError, "seed=1.5: expected a whole number, 0 or more"),
        (
            {"seed": 2**64 - 2},
            ValueError,
            "seed=18446744073709551614: expected 0 to 18446744073709551576 with trees=40, "
            "whose last tree is drawn from seed + 39 (at most 2**64 - 1)",
        ),
        ({"trees": "x"}, TypeError, "trees='x': expected a whole number, 1 to 10000"),
        ({"depth": 9}, ValueError, "depth=9: expected 2 to 8"),
        ({"depth": 1}, ValueError, "depth=1: expected 2 to 8 (a tree of depth 1 has nothing to cut off)"),
        ({"depth": "4"}, TypeError, "depth='4': expected a whole number, 2 to 8, or None"),
        ({"first_best": 1}, ValueError, "first_best=1: give True or False"),
    ],
)
def test_bad_arguments_are_refused_at_once_naming_the_keyword(kwargs, error, said):
    called = []
    kwargs = {"student_fn": lambda t, e: called.append(t), **kwargs}
    with pytest.raises(error) as caught:
        gametree.grade(**kwargs)
    # Refused before the first tree: the student's function is never called.
    assert str(caught.value) == said and not called


def test_the_ends_of_the_ranges_are_gradings():
    assert gametree.grade(minimax, trees=1, seed=2**64 - 1)["trees"] == 1
    assert gametree.grade(minimax, trees=2, seed=2**64 - 2)["trees"] == 2
    assert gametree.grade(minimax, search="minimax", depth=1, trees=1)["reports"][0]["depth"] == 1


@pytest.mark.parametrize("trees", [0, -1, 10_001, 2**64])
def test_trees_past_the_budget_is_refused_at_once_naming_trees(trees):
    called = []
    with pytest.raises(ValueError, match=r"trees=") as caught:
        gametree.grade(lambda t, e: called.append(t), trees=trees)
    # Before the first tree: the student's function is never called.
    assert "10000" in str(caught.value) and not called
