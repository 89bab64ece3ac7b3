"""Grading a student's own minimax or alpha-beta, leaf by leaf.

The student's function is called on seeded textbook trees (the ones
``gametree exercise`` draws) given as nested lists: an inner node is a list of
its children, a leaf is its name (``"c2"``), and ``evaluate(leaf)`` returns the
leaf's value and records that it was evaluated. MAX moves at the root. The
function returns the root's value and, if it can, its decision: the index of
the root child chosen (0 first) or that child's name, as ``(value, decision)``.

Each tree is then searched by gametree's own engine under the same convention,
and the student's value, decision and leaves evaluated, in order, are held to
it. Everything returned is plain data (dicts, lists, strings, numbers), for
nbgrader and otter-grader.
"""

import json
import string
import traceback
from typing import Any, Callable, Dict, List, Optional, Tuple

from ._gametree import _check_trees, analyse, textbook_tree

__all__ = ["grade"]


def _parse(text: str) -> Any:
    """The notation's parentheses as nested lists of ints."""
    tokens = text.replace("(", " ( ").replace(")", " ) ").split()
    stack: List[list] = [[]]
    for t in tokens:
        if t == "(":
            stack.append([])
        elif t == ")":
            done = stack.pop()
            stack[-1].append(done)
        else:
            stack[-1].append(int(t))
    return stack[0][0]


def _letters():
    """A, B, ..., Z, AA, AB, ...: names for inner nodes."""
    n = 0
    while True:
        name, k = "", n
        while True:
            name = string.ascii_uppercase[k % 26] + name
            k = k // 26 - 1
            if k < 0:
                break
        yield name
        n += 1


def _labelled(tree: Any) -> Tuple[str, Any]:
    """Names the nodes as textbooks do (inner nodes A, B, C... level by level;
    a leaf by its parent's letter in lower case and its place, c2), and
    returns the tree's notation with the names and the student's view: nested
    lists of leaf names."""
    names = _letters()
    label: Dict[int, str] = {}
    level = [tree]
    label[id(tree)] = next(names)
    while level:
        below = []
        for node in level:
            for i, child in enumerate(node, 1):
                if isinstance(child, list):
                    label[id(child)] = next(names)
                    below.append(child)
        level = below

    def write(node: Any, name: str) -> Tuple[str, Any]:
        if not isinstance(node, list):
            return f"{name}:{node}", name
        parts, view = [], []
        for i, child in enumerate(node, 1):
            child_name = label[id(child)] if isinstance(child, list) else f"{name.lower()}{i}"
            text, seen = write(child, child_name)
            parts.append(text)
            view.append(seen)
        return f"{name}:(" + " ".join(parts) + ")", view

    return write(tree, label[id(tree)])


def _shown(v: Any) -> str:
    if v == float("inf"):
        return "+∞"
    if v == float("-inf"):
        return "-∞"
    return str(v)


class _Reference:
    """gametree's search of one labelled tree, read for grading."""

    def __init__(self, notation: str, search: str, prune_on_ties: bool):
        self.tree = analyse("tree", notation, search=search, prune_on_ties=prune_on_ties)
        self.nodes = list(self.tree)
        self.on_ties = prune_on_ties
        self.order: List[int] = []  # leaves evaluated, by id, in the search's order
        self.rank: Dict[int, int] = {}  # every node's place in a left-to-right walk
        stack = [0]
        while stack:
            n = self.nodes[stack.pop()]
            self.rank[n.id] = len(self.rank)
            if n.pruned:
                continue
            if not n.children:
                self.order.append(n.id)
            stack.extend(reversed(n.children))
        self.by_name = {self.name(n.id): n.id for n in self.nodes}

    def name(self, id: int) -> str:
        return self.nodes[id].action or "the root"

    def path(self, id: int) -> List[int]:
        out = [id]
        while self.nodes[out[-1]].parent is not None:
            out.append(self.nodes[out[-1]].parent)
        return out[::-1]

    def why_cut(self, leaf: int) -> str:
        """Why the search never evaluates `leaf`: the node that cut it off."""
        path = self.path(leaf)
        top = next(i for i in path if self.nodes[i].pruned)
        at = self.nodes[self.nodes[top].parent]
        v = at.value
        if at.to_move == "min":
            sign = "≤" if self.on_ties else "<"
            return f"at {self.name(at.id)} you evaluated {self.name(leaf)}: {self.name(at.id)} had {v} {sign} α = {_shown(at.alpha)}"
        sign = "≥" if self.on_ties else ">"
        return f"at {self.name(at.id)} you evaluated {self.name(leaf)}: {self.name(at.id)} had {v} {sign} β = {_shown(at.beta)}"

    def why_needed(self, leaf: int, evaluated: List[int]) -> str:
        """Why the search evaluates `leaf`, which the student skipped: the
        highest node above it that the student never entered, and its parent's
        window there."""
        entered = {0} | {i for e in evaluated for i in self.path(e)}
        path = self.path(leaf)
        skipped = next(i for i in path if i not in entered)
        at = self.nodes[self.nodes[skipped].parent]
        window = ""
        if at.alpha is not None:
            window = f" (α = {_shown(at.alpha)}, β = {_shown(at.beta)}: no cut-off there)"
        return f"at {self.name(at.id)} you skipped {self.name(skipped)}, which the search evaluates{window}"


def _one(student_fn: Callable, notation: str, search: str, prune_on_ties: bool) -> Dict[str, Any]:
    tree = _parse(notation)
    labelled, view = _labelled(tree)
    ref = _Reference(labelled, search, prune_on_ties)
    leaves = {ref.name(n.id): n.value if n.value is not None else _leaf_value(ref, n.id) for n in ref.nodes if not n.children}
    evaluated: List[str] = []

    def evaluate(leaf: str) -> int:
        if leaf not in leaves:
            raise ValueError(f"{leaf!r} is not a leaf of this tree")
        evaluated.append(leaf)
        return leaves[leaf]

    report: Dict[str, Any] = {
        "tree": labelled,
        "leaves_expected": [ref.name(i) for i in ref.order],
        "value_expected": ref.tree.value,
        "decision_expected": ref.tree.decision,
    }
    try:
        answer = student_fn(view, evaluate)
    except Exception as e:  # the student's bug is the report, not a crash of the grader
        report.update(
            ok=False,
            leaves=evaluated,
            value=None,
            decision=None,
            first_difference=f"your function raised {type(e).__name__}: {e}",
            error="".join(traceback.format_exception_only(type(e), e)).strip(),
        )
        return report
    value, decision = (answer if isinstance(answer, tuple) and len(answer) == 2 else (answer, None))
    root_children = [ref.name(c) for c in ref.nodes[0].children]
    if isinstance(decision, int) and not isinstance(decision, bool) and 0 <= decision < len(root_children):
        decision = root_children[decision]
    report.update(leaves=evaluated, value=value, decision=decision)
    report["first_difference"] = _first_difference(ref, evaluated, value, decision)
    report["ok"] = report["first_difference"] is None
    return report


def _leaf_value(ref: _Reference, id: int) -> int:
    """A pruned leaf's value, which the search never read: from the notation."""
    text = ref.tree.position
    name = ref.name(id)
    after = text.split(f"{name}:", 1)[1]
    digits = ""
    for ch in after:
        if ch in "-0123456789":
            digits += ch
        else:
            break
    return int(digits)


def _first_difference(ref: _Reference, evaluated: List[str], value: Any, decision: Optional[str]) -> Optional[str]:
    expected = ref.order
    ids = [ref.by_name[e] for e in evaluated]
    for i, got in enumerate(ids):
        if i < len(expected) and got == expected[i]:
            continue
        if got in ids[:i]:
            return f"you evaluated {ref.name(got)} twice"
        if ref.nodes[got].pruned or any(ref.nodes[p].pruned for p in ref.path(got)):
            return ref.why_cut(got)
        if i < len(expected) and expected[i] in ids[i + 1 :]:
            return f"you evaluated {ref.name(got)} before {ref.name(expected[i])}: children are taken left to right"
        if i < len(expected) and ref.rank[expected[i]] < ref.rank[got]:
            return ref.why_needed(expected[i], ids[: i + 1])
        want = ref.name(expected[i]) if i < len(expected) else "nothing more"
        return f"you evaluated {ref.name(got)} where the search evaluates {want} next (children are taken left to right)"
    if len(ids) < len(expected):
        return ref.why_needed(expected[len(ids)], ids)
    if value != ref.tree.value:
        return f"your value is {value}; the root's value is {ref.tree.value}"
    if decision is not None and decision != ref.tree.decision:
        return f"your decision is {decision}; the search chooses {ref.tree.decision}"
    return None


def grade(
    student_fn: Callable[[Any, Callable[[str], int]], Any],
    search: str = "alphabeta",
    prune_on_ties: bool = True,
    trees: int = 40,
    seed: int = 0,
) -> Dict[str, Any]:
    """Grades a student's minimax or alpha-beta on `trees` seeded textbook trees.

    student_fn(tree, evaluate) is called once per tree. `tree` is nested
    lists: an inner node is the list of its children, left to right, a leaf
    is its name ("c2"); MAX moves at the root. `evaluate(leaf)` returns the
    leaf's value and records that the student's search evaluated it. The
    function returns the root's value, or `(value, decision)` where decision
    is the chosen root child's index (0 first) or name (a decision not
    returned is not checked).

    search: "alphabeta" or "minimax", the search the student wrote.
    prune_on_ties: alpha-beta cuts off when a value reaches the bound (AIMA);
        False: only when it passes it (Berkeley CS188).
    trees, seed: how many trees (1 to 10,000), drawn from seeds seed,
        seed+1, ... (the trees of `gametree exercise --seed N`, depth 3, 2
        or 3 children).

    Returns a dict: "score" (the share of trees right, 0 to 1), "passed",
    "trees", "search", "pruning", and "reports", one per tree, each with the
    labelled "tree" (names as in the messages), "ok", the student's "value",
    "decision" and "leaves" beside the "..._expected" ones, and
    "first_difference": None, or where the student's search first went
    differently, e.g. "at C you evaluated c2: C had 2 ≤ α = 3".

    >>> def minimax(node, evaluate, maximising=True):
    ...     if not isinstance(node, list):
    ...         return evaluate(node)
    ...     values = [minimax(c, evaluate, not maximising) for c in node]
    ...     return max(values) if maximising else min(values)
    >>> gametree.grade(minimax, search="minimax", trees=5)["score"]
    1.0
    """
    if search not in ("alphabeta", "minimax"):
        raise ValueError(f'search={json.dumps(search)}: a student\'s search is graded as "minimax" or "alphabeta"')
    if search == "minimax" and not prune_on_ties:
        raise ValueError('prune_on_ties=False changes alpha-beta\'s cut-offs; add search="alphabeta"')
    if not isinstance(trees, int) or isinstance(trees, bool):
        raise ValueError(f"trees={trees!r}: give a whole number of trees")
    # 1 to 10,000, the command line's table of budgets, refused at once.
    trees = _check_trees(trees)
    reports = []
    for k in range(trees):
        notation = textbook_tree(seed + k, search=search, prune_on_ties=prune_on_ties)
        reports.append(_one(student_fn, notation, search, prune_on_ties))
    passed = sum(r["ok"] for r in reports)
    return {
        "score": passed / trees,
        "passed": passed,
        "trees": trees,
        "search": search,
        "pruning": ("prune-on-ties" if prune_on_ties else "no-prune-on-ties") if search == "alphabeta" else None,
        "reports": reports,
    }
