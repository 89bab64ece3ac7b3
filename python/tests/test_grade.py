"""gametree.grade: a student's search held to the engine's, leaf by leaf.

The messages are checked against a reference alpha-beta written here, from
AIMA's pseudocode, over the tree's own text (not the engine's JSON): the
first wrong node it names and every number it quotes are computed twice."""

import inspect
import json
import math
import re

import pytest

import gametree
from gametree._grade import _one

INF = math.inf
AIMA = "A:(B:(b1:3 b2:12 b3:8) C:(c1:2 c2:4 c3:6) D:(d1:14 d2:5 d3:2))"


# The reference: the tree's text read here, and a search that records what
# each node had and was bounded by when it turned to each child.


def parse(text):
    """A labelled tree's text as (name, leaf value or [children])."""
    tokens = re.findall(r"[A-Za-z]+\d*:|\(|\)|-?\d+", text)
    at = 0

    def node():
        nonlocal at
        name = tokens[at][:-1]
        at += 1
        if tokens[at] != "(":
            at += 1
            return name, int(tokens[at - 1])
        at += 1
        kids = []
        while tokens[at] != ")":
            kids.append(node())
        at += 1
        return name, kids

    return node()


def shown(v):
    return "+∞" if v == INF else "-∞" if v == -INF else str(v)


class Reference:
    """Alpha-beta (minimax where pruning=False) over the parsed tree,
    fail-soft as the engine is, recording for each child a node turns to
    the node's state then (its value so far, from which child, α and β and
    whose values they are), and for each node a cut-off skips, the state of
    the node that cut off."""

    def __init__(self, text, on_ties=True, pruning=True):
        self.root = parse(text)
        self.on_ties, self.pruning = on_ties, pruning
        self.order, self.side, self.parent, self.state, self.cut_by = [], {}, {}, {}, {}
        self.values = {}
        self.value = self.go(self.root, -INF, INF, None, None, True)
        node = self.root
        while isinstance(node[1], list):
            node = node[1][-1]
        self.last_leaf = node[0]

    def go(self, node, a, b, a_from, b_from, maximising):
        name, kids = node
        self.side[name] = "MAX" if maximising else "MIN"
        if not isinstance(kids, list):
            self.order.append(name)
            self.values[name] = kids
            return kids
        v, best = (-INF if maximising else INF), None
        for i, (child, grand) in enumerate(kids):
            self.parent[child] = name
            self.state[child] = (name, v, best, a, b, a_from, b_from)
            cv = self.go((child, grand), a, b, a_from, b_from, not maximising)
            if (cv > v) if maximising else (cv < v):
                v, best = cv, child
            if not self.pruning:
                continue
            if self.cuts(maximising, v, b if maximising else a):
                for skipped in kids[i + 1 :]:
                    self.skip(skipped, skipped[0], (name, v, best, a, b, a_from, b_from))
                break
            # The nearest node whose value a bound is names it.
            if maximising and v >= a:
                a, a_from = v, f"{name}'s {v} from {best}"
            if not maximising and v <= b:
                b, b_from = v, f"{name}'s {v} from {best}"
        self.values[name] = v
        return v

    def cuts(self, maximising, v, bound):
        if maximising:
            return v >= bound if self.on_ties else v > bound
        return v <= bound if self.on_ties else v < bound

    def skip(self, node, top, state):
        self.cut_by[node[0]] = (top, state)
        if isinstance(node[1], list):
            for kid in node[1]:
                self.skip(kid, top, state)

    def ancestors(self, name):
        out = [name]
        while out[-1] in self.parent:
            out.append(self.parent[out[-1]])
        return out[::-1]

    def test(self, state):
        at, v, _, a, b, a_from, b_from = state
        maximising = self.side[at] == "MAX"
        bound, sym, owner = (b, "β", b_from) if maximising else (a, "α", a_from)
        if self.cuts(maximising, v, bound):
            op = ("≥" if maximising else "≤") if self.on_ties else (">" if maximising else "<")
            said = f"{v} {op} {sym} = {shown(bound)} cuts off"
        else:
            op = "=" if v == bound else "<" if v < bound else ">"
            said = f"{v} {op} {sym} = {shown(bound)} does not cut off"
        if v == bound:
            said += " (ties prune, as in AIMA)" if self.on_ties else " (ties do not prune, as in CS188)"
        if owner:
            said += f", {sym} being {owner}"
        return said

    def needed(self, leaf, evaluated):
        entered = {self.root[0]} | {n for e in evaluated for n in self.ancestors(e)}
        skipped = next(n for n in self.ancestors(leaf) if n not in entered)
        state = self.state[skipped]
        at, v, best = state[:3]
        said = f"at {at} you skipped {skipped}, which the search evaluates: "
        if not self.pruning:
            return said + "minimax looks at every child"
        if best is None:
            return said + f"{at} ({self.side[at]}) had nothing yet, and a node looks at its first child"
        return said + f"{at} ({self.side[at]}) had {v} from {best}, and {self.test(state)}"

    def first_difference(self, leaves):
        """The grader's message where the leaves go wrong, built from this
        search's records; None where the leaves are right."""
        order = self.order
        for i, got in enumerate(leaves):
            if i < len(order) and got == order[i]:
                continue
            if i == 0 and got == self.last_leaf:
                return (
                    f"your search takes children right to left: it evaluated {got} first, where the search, "
                    f"taking children left to right as the tree lists them, evaluates {order[0]} first"
                )
            if got in leaves[:i]:
                return f"you evaluated {got} twice"
            if got in self.cut_by:
                top, state = self.cut_by[got]
                at, v, best = state[:3]
                return (
                    f"at {at} you evaluated {got}, which the search never reaches: "
                    f"{at} ({self.side[at]}) had {v} from {best} before {top}, and {self.test(state)}"
                )
            if i < len(order) and order[i] in leaves[i + 1 :]:
                return (
                    f"you evaluated {got} before {order[i]}: children are taken left to right, as the tree lists them"
                )
            return self.needed(order[i], leaves[: i + 1])
        if len(leaves) < len(order):
            return self.needed(order[len(leaves)], leaves)
        return None


def reference_for(result, report):
    on_ties = result["followed"] != "no-prune-on-ties"
    return Reference(report["tree"], on_ties=on_ties, pruning=result["search"] == "alphabeta")


def check_against_the_reference(result):
    """Every report of a grading, held to the reference's search: the
    expected leaves and value, and the first difference word for word (the
    root's value and its children's where only the value is wrong)."""
    for r in result["reports"]:
        ref = reference_for(result, r)
        assert r["leaves_expected"] == ref.order and r["value_expected"] == ref.value, r["tree"]
        assert r["moves"] == [name for name, _ in ref.root[1]]
        said = ref.first_difference(r["leaves"])
        if said is not None or r["ok"]:
            assert r["first_difference"] == said, r["tree"]
            continue
        m = re.fullmatch(r"your value is (\S+); the root A's value is (-?\d+) = max\((.*)\)", r["first_difference"])
        assert m and m.group(1) == shown(r["value"]) and int(m.group(2)) == ref.value, r["first_difference"]
        # Each root child searched, with the value it handed up (a bound, ≤ or ≥, where it cut off).
        kids = [(name, str(ref.values[name])) for name, _ in ref.root[1] if name not in ref.cut_by]
        said = [re.fullmatch(r"(\S+) (?:[≤≥] )?(-?\d+)", k).groups() for k in m.group(3).split(", ")]
        assert said == kids, r["first_difference"]


# Students.


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


def fail_hard(tree, evaluate):
    """Fail-hard: a node's value is clamped to its window, a cut-off returns
    the bound. The root's value and decision
    are still right. (Only with AIMA's rule: under CS188's, a value clamped
    up to α is taken for a tie, which does not prune, so fail-hard evaluates
    leaves CS188's own search cuts off.)"""

    def max_value(node, a, b):
        if not isinstance(node, list):
            return evaluate(node)
        for child in node:
            a = max(a, min_value(child, a, b))
            if a >= b:
                return b
        return a

    def min_value(node, a, b):
        if not isinstance(node, list):
            return evaluate(node)
        for child in node:
            b = min(b, max_value(child, a, b))
            if a >= b:
                return a
        return b

    a, choice = -math.inf, None
    for i, child in enumerate(tree):
        v = min_value(child, a, math.inf)
        if v > a:
            a, choice = v, i
    return a, choice


class IterativeAlphaBeta:
    """Alpha-beta with a stack of its own instead of recursion, as a class."""

    def __init__(self, cut_on_ties=True):
        self.cut_on_ties = cut_on_ties

    def __call__(self, tree, evaluate):
        # A frame: [children, maximising, alpha, beta, value, next child, best child].
        root = [tree, True, -math.inf, math.inf, -math.inf, 0, None]
        stack, returned = [root], None
        while stack:
            frame = stack[-1]
            kids, maximising, a, b, v, i, best = frame
            if returned is not None:
                child_value, returned = returned, None
                if (child_value > v) if maximising else (child_value < v):
                    v, best = child_value, i - 1
                a, b = (max(a, v), b) if maximising else (a, min(b, v))
                frame[2:5], frame[6] = [a, b, v], best
                if (a >= b if self.cut_on_ties else a > b) or i == len(kids):
                    stack.pop()
                    returned = v
                    continue
            frame[5] = i + 1
            if isinstance(kids[i], list):
                stack.append([kids[i], not maximising, a, b, math.inf if maximising else -math.inf, 0, None])
            else:
                returned = evaluate(kids[i])
        return root[4], root[6]


def value_only(tree, evaluate):
    return alphabeta(True)(tree, evaluate)[0]


def decision_by_name(tree, evaluate):
    # The root's children are B, C, D... from the left, as the docstring says.
    value, i = alphabeta(False)(tree, evaluate)
    return value, "BCDEFGH"[i]


CORRECT = {
    "aima": alphabeta(True),
    "cs188": alphabeta(False),
    "fail-hard": fail_hard,
    "iterative-aima": IterativeAlphaBeta(True),
    "iterative-cs188": IterativeAlphaBeta(False),
    "value-only": value_only,
    "decision-by-name": decision_by_name,
}


@pytest.mark.parametrize("student", CORRECT.values(), ids=CORRECT.keys())
def test_a_correct_alpha_beta_of_any_style_scores_full_marks_by_default(student):
    result = gametree.grade(student, trees=40, seed=0)
    assert result["pruning"] == "either"
    assert result["score"] == 1.0 and result["passed"] == 40, [
        r["first_difference"] for r in result["reports"] if not r["ok"]
    ]
    check_against_the_reference(result)


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
    students = [(minimax, None), (alphabeta(False), True), (alphabeta(True), False), (alpha_never_updated, None)]
    for student, asked in students:
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
        m = re.search(r"had (-?\d+) from (\S+) before (\S+), and (-?\d+) [≥≤] ([αβ]) = (-?\d+) cuts off", why)
        assert m, why
        assert m.group(1) == m.group(4) == m.group(6), why
        assert "(ties prune, as in AIMA)" in why
        assert len(r["leaves"]) > len(r["leaves_expected"])
        assert r["value"] == r["value_expected"]
    check_against_the_reference(result)
    # And the other way round: AIMA's cut-offs are wrong where CS188's is asked for.
    result = gametree.grade(alphabeta(True), prune_on_ties=False, trees=40, seed=0)
    assert result["score"] < 1 and result["followed"] == "no-prune-on-ties"
    for r in (r for r in result["reports"] if not r["ok"]):
        assert " does not cut off (ties do not prune, as in CS188)" in r["first_difference"], r["first_difference"]
        assert re.search(r"had (-?\d+) from \S+, and \1 = [αβ] = \1 does not", r["first_difference"]), r["first_difference"]
    check_against_the_reference(result)


def test_minimax_is_graded_the_same_way():
    result = gametree.grade(minimax, search="minimax", trees=10)
    assert result["score"] == 1.0 and result["pruning"] is None and result["followed"] is None
    check_against_the_reference(result)
    # Graded as alpha-beta, minimax evaluates leaves alpha-beta cuts off.
    result = gametree.grade(minimax, search="alphabeta", trees=10)
    assert result["score"] == 0.0
    assert all(" you evaluated " in r["first_difference"] for r in result["reports"])


def test_the_aima_tree_names_the_node_its_value_so_far_the_bound_and_whose_the_bound_is():
    report = _one(minimax, AIMA, "alphabeta", True)
    assert report["tree"] == AIMA and report["moves"] == ["B", "C", "D"]
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


def test_of_children_of_equal_value_the_first_is_named_as_the_search_takes_it():
    # B and C are both 3 (CS188: C's c1 = 3 does not cut off); A's α is
    # B's, the first to reach 3, as the search raised α there.
    tree = "A:(B:(b1:3 b2:5) C:(c1:3 c2:4) D:(d1:1 d2:6))"
    report = _one(minimax, tree, "alphabeta", False)
    assert report["first_difference"] == (
        "at D you evaluated d2, which the search never reaches: D (MIN) had 1 from d1 before d2, "
        "and 1 < α = 3 cuts off, α being A's 3 from B"
    )
    assert report["first_difference"] == Reference(tree, on_ties=False).first_difference(report["leaves"])


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
    check_against_the_reference(result)
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


# Typical wrong students, each a real search.


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
def test_typical_wrong_students_lose_marks_told_the_first_wrong_node_and_its_numbers(student, asked):
    result = gametree.grade(student, prune_on_ties=asked, trees=40, seed=0)
    assert result["score"] < 1, student
    # Each message, the node it names and each number in it, as the
    # reference's search finds them.
    check_against_the_reference(result)


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
        ref = reference_for(result, r)
        assert len(ref.ancestors(m.group(1))) == 4  # A, B or C, then two more
    check_against_the_reference(result)


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
    assert r["first_difference"] == (
        f"your function raised KeyError: 'oops', at test_grade.py line {line} (in crashes): raise KeyError(\"oops\")"
    )
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
    named = re.match(r"at (\S+) you ", r["first_difference"]).group(1)
    assert named in sheet_names
    # The root's moves, as a decision may name them, are the sheet's B, C, D...
    assert r["moves"] == [n["name"] for n in ex.key["nodes"] if n["parent"] == 0]
    assert r["moves"] == ["B", "C", "D"][: len(r["moves"])]
    assert "named B, C, D" in gametree.grade.__doc__


@pytest.mark.parametrize("prune_on_ties", [None, False])
def test_each_graded_trees_worksheet_is_drawn_from_its_report(prune_on_ties):
    # As the docstring says: exercise(game="tree", position=report["tree"])
    # draws the very tree graded, depth 4 and CS188's trees included, with
    # the nodes the messages name.
    result = gametree.grade(minimax, trees=4, seed=3, prune_on_ties=prune_on_ties)
    assert 'gametree.exercise(game="tree", position=report["tree"])' in gametree.grade.__doc__
    assert sorted({r["depth"] for r in result["reports"]}) == [3, 4]
    for r in result["reports"]:
        sheet = gametree.exercise(game="tree", position=r["tree"], depth=r["depth"], prune_on_ties=prune_on_ties is not False)
        assert sheet.tree == r["tree"]
        named = re.match(r"at (\S+) you ", r["first_difference"]).group(1)
        assert named in {n["name"] for n in sheet.key["nodes"]}, (named, r["tree"])


def test_the_result_is_plain_data_and_the_same_for_the_same_seed():
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
