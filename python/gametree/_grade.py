"""Grading a student's own minimax or alpha-beta, leaf by leaf.

The student's function is called on seeded textbook trees (drawn as
``gametree exercise`` draws them) given as nested lists: an inner node is a list of
its children, a leaf is its name (``"c2"``), and ``evaluate(leaf)`` returns the
leaf's value and records that it was evaluated. MAX moves at the root. The
function returns the root's value and, if it can, its decision: the index of
the root child chosen (0 first) or that child's name, as ``(value, decision)``.

Each tree is searched by gametree's own engine, and the student's value,
decision and leaves evaluated, in order, are held to it. Nodes are named as
every view of the tree names them (the JSON's ``name``: the letters the
worksheet and the explorer show, the root by its label, A). Everything returned
is plain data (dicts, lists, strings, numbers), for nbgrader and
otter-grader.
"""

import json
import numbers
import operator
import os
import traceback
from typing import Any, Callable, Dict, List, Optional, Tuple

from ._gametree import _check_trees, textbook_tree
from ._grade_search import Search, shown, view

__all__ = ["grade"]

_CONVENTIONS = {True: "prune-on-ties", False: "no-prune-on-ties"}

# A seed is a u64 in the engine; tree k of a grading is drawn from seed + k.
_TOP_SEED = 2**64 - 1

# The frames of a student's traceback that are the grader's own (the call of
# the student's function, evaluate()) are left out of a crash's place.
_HERE = os.path.normcase(os.path.abspath(__file__))


def _brief(x: Any) -> str:
    """A value as the student would write it, cut short to stay on one line."""
    text = repr(x)
    return text if len(text) <= 40 else text[:39] + "…"


def _kind(x: Any) -> str:
    """The type a value is, with its article: "a list", "an int"."""
    name = type(x).__name__
    return f"{'an' if name[:1] in 'aeiou' else 'a'} {name}"


def _plain(x: Any) -> Any:
    """What the student gave, as plain data for the report: a number or a
    string as it is, a list or tuple as a list, anything else its repr."""
    if x is None or isinstance(x, (str, bool)):
        return x
    if isinstance(x, numbers.Integral) or _index(x) is not None:
        return int(operator.index(x))
    if isinstance(x, numbers.Real):
        return float(x)
    if isinstance(x, (list, tuple)):
        return [_plain(y) for y in x]
    return repr(x)


def _index(x: Any) -> Optional[int]:
    """x as an index if it is an integer of any kind (int, numpy.int64,
    anything with __index__) and not a bool, else None."""
    if isinstance(x, bool) or type(x).__name__ == "bool_":
        return None
    try:
        return operator.index(x)
    except TypeError:
        return None


def _common(a: List[int], b: List[int]) -> int:
    k = 0
    while k < min(len(a), len(b)) and a[k] == b[k]:
        k += 1
    return k


class _Run:
    """One call of the student's function on one tree: the leaves it
    evaluated, in order, and what it returned or raised."""

    def __init__(self, student_fn: Callable, exact: Search):
        leaves = {n["name"]: n["cost"] for n in exact.nodes if not n["children"]}
        takes = f'evaluate() takes a leaf\'s name, e.g. "{exact.name(exact.order[0])}"'
        self.evaluated: List[str] = []

        def evaluate(leaf: str) -> int:
            try:
                known = leaf in leaves
            except TypeError:  # unhashable: a list, a dict
                known = False
            if not known:
                if isinstance(leaf, list):
                    raise TypeError(f"{takes}, not a subtree (a list)")
                if not isinstance(leaf, str):
                    raise TypeError(f"{takes}, not {_brief(leaf)}, {_kind(leaf)}")
                raise ValueError(f"{takes}: {leaf!r} is not a leaf of this tree")
            self.evaluated.append(leaf)
            return leaves[leaf]

        self.answer: Any = None
        self.error: Optional[BaseException] = None
        try:
            self.answer = student_fn(view(exact), evaluate)
        except Exception as e:  # the student's bug is the report, not a crash of the grader
            self.error = e


def _crash(e: BaseException) -> Tuple[str, Optional[Dict[str, Any]]]:
    """What a student's exception says, on one line, with the place in the
    student's code it was raised: the last frame that is not the grader's."""
    text = str(e).strip().splitlines()
    said = f"your function raised {type(e).__name__}" + (f": {text[0]}" if text else "")
    frames = traceback.extract_tb(e.__traceback__)
    frames = [f for f in frames if os.path.normcase(os.path.abspath(f.filename)) != _HERE]
    if not frames:
        return said, None
    f = frames[-1]
    at = {"file": f.filename, "line": f.lineno, "function": f.name, "text": (f.line or "").strip()}
    said += f", at {os.path.basename(f.filename)} line {f.lineno}"
    if f.name != "<module>":
        said += f" (in {f.name})"
    if at["text"]:
        said += f": {at['text']}"
    return said, at


def _read_value(answer: Any) -> Tuple[Any, Any, Optional[str]]:
    """The value and decision a student's function returned, and what is
    wrong with their form, if anything (the message)."""
    hint = "return the root's value, or a tuple (value, decision)"
    if isinstance(answer, tuple) and len(answer) == 2:
        value, decision = answer
    elif isinstance(answer, (list, tuple)):
        return answer, None, f"your function returned {_brief(answer)}, {_kind(answer)}: {hint}"
    else:
        value, decision = answer, None
    if value is None:
        if answer is None:
            return None, None, f"your function returned None: {hint}"
        return None, decision, "your value is None: return the root's value first in the tuple (value, decision)"
    if _index(value) is not None:
        return operator.index(value), decision, None
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        return value, decision, f"your value is {_brief(value)}, {_kind(value)}, not a number: {hint}"
    return value, decision, None


def _read_decision(decision: Any, moves: List[str]) -> Tuple[Any, Optional[str]]:
    """The root move a decision names (a move's name, or its index, of any
    integer type), or what is wrong with it (the message)."""
    if decision is None:
        return None, None
    if isinstance(decision, str) and decision in moves:
        return decision, None
    i = _index(decision)
    if i is not None and 0 <= i < len(moves):
        return moves[i], None
    choices = f"not one of the root's moves ({', '.join(moves)}) or their index (0 to {len(moves) - 1})"
    if isinstance(decision, numbers.Real) and not isinstance(decision, bool) and i is None:
        return decision, (
            f"your decision is {_brief(decision)}, {_kind(decision)}, not an index: "
            f"give the move's index as an int (0 to {len(moves) - 1}) or its name ({', '.join(moves)})"
        )
    if isinstance(decision, list):
        return decision, f"your decision is {_brief(decision)}, a list, {choices}: give the move, not its subtree"
    if isinstance(decision, str) or i is not None:
        return decision, f"your decision is {_brief(decision)}, {choices}"
    return decision, f"your decision is {_brief(decision)}, {_kind(decision)}, {choices}"


def _report(run: _Run, exact: Search, ref: Search, first_best: bool) -> Tuple[Dict[str, Any], int]:
    """The report of one tree under one tie convention, and how many leaves
    the student's search followed it for."""
    moves = [ref.name(c) for c in ref.nodes[0]["children"]]
    worth = {exact.name(c): exact.nodes[c]["value"] for c in exact.nodes[0]["children"]}
    best = [m for m, v in worth.items() if v == exact.tree.value]
    report: Dict[str, Any] = {
        "tree": ref.tree.position,
        "depth": ref.doc["depth"],
        "moves": moves,
        "leaves_expected": [ref.name(i) for i in ref.order],
        "value_expected": ref.tree.value,
        "decision_expected": ref.tree.decision,
        "decisions_accepted": [ref.tree.decision] if first_best else best,
        "moves_worth": worth,
        "leaves": list(run.evaluated),
        "pruning": _CONVENTIONS[ref.on_ties] if ref.alphabeta else None,
    }
    ids = [ref.by_name[e] for e in run.evaluated]
    if run.error is not None:
        said, at = _crash(run.error)
        error = "".join(traceback.format_exception_only(type(run.error), run.error)).strip()
        report.update(ok=False, value=None, decision=None, first_difference=said, error=error, error_at=at)
        return report, _common(ids, ref.order)
    value, decision, wrong_value = _read_value(run.answer)
    move, wrong_decision = _read_decision(decision, moves)
    report.update(value=_plain(value), decision=_plain(move))
    why = _leaves_differ(ref, ids)
    if why is None and wrong_value is None and value != ref.tree.value:
        why = _value_differs(ref, value)
    why = why or wrong_value or wrong_decision
    if why is None and move is not None and move not in report["decisions_accepted"]:
        why = _decision_differs(ref, move, report)
    report.update(first_difference=why, ok=why is None)
    return report, _common(ids, ref.order)


def _leaves_differ(ref: Search, ids: List[int]) -> Optional[str]:
    """Where the student's leaves first go another way than the search's."""
    expected = ref.order
    for i, got in enumerate(ids):
        if i < len(expected) and got == expected[i]:
            continue
        if i == 0 and got == ref.last_leaf():
            # The first leaf of a search taking children right to left,
            # whatever else it gets wrong after.
            return (
                f"your search takes children right to left: it evaluated {ref.name(got)} first, where the search, "
                f"taking children left to right as the tree lists them, evaluates {ref.name(expected[0])} first"
            )
        if got in ids[:i]:
            return f"you evaluated {ref.name(got)} twice"
        if any(ref.nodes[p]["pruned"] for p in ref.path(got)):
            return ref.why_cut(got)
        if i < len(expected) and expected[i] in ids[i + 1 :]:
            return (
                f"you evaluated {ref.name(got)} before {ref.name(expected[i])}: "
                "children are taken left to right, as the tree lists them"
            )
        if i < len(expected):
            return ref.why_needed(expected[i], ids[: i + 1])
        return f"you evaluated {ref.name(got)} after the search is done"
    if len(ids) < len(expected):
        return ref.why_needed(expected[len(ids)], ids)
    return None


def _value_differs(ref: Search, value: Any) -> str:
    marks = {"upper": "≤ ", "lower": "≥ "}
    kids = ", ".join(
        f"{ref.name(c)} {marks.get(ref.nodes[c]['bound'], '')}{ref.nodes[c]['value']}"
        for c in ref.nodes[0]["children"]
        if not ref.nodes[c]["pruned"]
    )
    return f"your value is {shown(_plain(value))}; the root {ref.name(0)}'s value is {ref.tree.value} = max({kids})"


def _decision_differs(ref: Search, move: str, report: Dict[str, Any]) -> str:
    accepted = report["decisions_accepted"]
    worth = report["moves_worth"][move]
    if worth == ref.tree.value:
        return (
            f"your decision is {move}, worth the root's {worth} as {accepted[0]} is; "
            f"the first of the best moves, {accepted[0]}, is asked for"
        )
    return (
        f"your decision is {move}, worth {worth}, less than the root's {ref.tree.value}; "
        f"the best {'move is' if len(accepted) == 1 else 'moves are'} {' or '.join(accepted)}"
    )


def _grade(
    student_fn: Callable,
    drawn: List[Tuple[str, Optional[int]]],
    search: str,
    prune_on_ties: Optional[bool],
    first_best: bool,
) -> Dict[str, Any]:
    """Grades the student on the trees `drawn` (notation, seed), each called
    once. The tie convention is chosen once for the whole grading where
    either is right: the one more trees are right under (more leaves
    followed where as many are, AIMA's where those are equal too)."""
    rules = [True] if search == "minimax" else [True, False] if prune_on_ties is None else [prune_on_ties]
    graded: Dict[bool, List[Tuple[Dict[str, Any], int]]] = {r: [] for r in rules}
    for notation, seed in drawn:
        exact = Search(notation, "minimax", True)
        run = _Run(student_fn, exact)
        for r in rules:
            report, followed = _report(run, exact, Search(notation, search, r), first_best)
            report["seed"] = seed
            graded[r].append((report, followed))
    rule = max(rules, key=lambda r: (sum(rep["ok"] for rep, _ in graded[r]), sum(f for _, f in graded[r]), r))
    reports = [rep for rep, _ in graded[rule]]
    passed = sum(r["ok"] for r in reports)
    asked = None if search == "minimax" else "either" if prune_on_ties is None else _CONVENTIONS[prune_on_ties]
    return {
        "score": passed / len(reports),
        "passed": passed,
        "trees": len(reports),
        "search": search,
        "pruning": asked,
        "followed": _CONVENTIONS[rule] if search == "alphabeta" else None,
        "reports": reports,
    }


def _one(
    student_fn: Callable,
    notation: str,
    search: str,
    prune_on_ties: Optional[bool],
    first_best: bool = False,
) -> Dict[str, Any]:
    """The report of one tree given by its notation (for the tests)."""
    return _grade(student_fn, [(notation, None)], search, prune_on_ties, first_best)["reports"][0]


def _whole(keyword: str, value: Any, expected: str) -> int:
    """A whole-number argument of any integer type, or a TypeError naming it."""
    i = _index(value)
    if i is None:
        raise TypeError(f"{keyword}={_brief(value)}: expected a whole number, {expected}")
    return i


def grade(
    student_fn: Callable[[Any, Callable[[str], int]], Any],
    search: str = "alphabeta",
    prune_on_ties: Optional[bool] = None,
    trees: int = 40,
    seed: int = 0,
    first_best: bool = False,
    depth: Optional[int] = None,
) -> Dict[str, Any]:
    """Grades a student's minimax or alpha-beta on `trees` seeded textbook trees.

    student_fn(tree, evaluate) is called once per tree. `tree` is nested
    lists: an inner node is the list of its children, left to right, a leaf
    is its name ("c2"); MAX moves at the root. `evaluate(leaf)` takes a
    leaf's name, returns the leaf's value and records that the student's
    search evaluated it. The search must take children left to right, as the
    lists hold them: a search that takes them right to left is told so. The
    function returns the root's value, or a tuple `(value, decision)` where
    decision is the chosen root move's index (0 first; any integer type, a
    numpy.int64 too) or its name: the root's children are named B, C, D...
    from the left, as the worksheet names them (at depth 1, the leaves' own
    names), and each report lists them as "moves". A decision not returned is
    not checked; a value or decision of the wrong kind (a float index, the
    chosen subtree, a 3-tuple...) is told what it is.

    search: "alphabeta" or "minimax", the search the student wrote.
    prune_on_ties: None (the default): either convention is right, a cut-off
        when a value reaches the bound (AIMA) or only when it passes it
        (Berkeley CS188). The student's is decided once for the whole
        grading, the one more trees are right under (AIMA's where as many
        are), and every tree is graded under it; True or False asks for one.
    first_best: any root move of the best value is a right decision unless
        this asks for the first (left-most) of them.
    trees, seed: how many trees (1 to 10,000), drawn from seeds seed,
        seed+1, ... (0 to 2**64 - 1), 2 or 3 children per inner node up to
        depth 3 and 2 beyond (16 leaves at depth 4), so that a deep tree
        stays as small to read. A report's "tree" is its tree in the
        notation: ``gametree.exercise(game="tree", position=report["tree"])``
        draws that very tree's worksheet and key, named as the messages name
        it (``gametree exercise --game tree --position "..."`` on the command
        line).
    depth: the trees' depth, 1 to 8 (2 to 8 for alpha-beta); None (the
        default) takes depth 3 and depth 4 in turn, the first tree depth 3:
        only from depth 4 is a bound passed down two levels to a cut-off, so
        a search that hands a child only its own node's bound is caught.

    Returns a dict: "score" (the share of trees right, 0 to 1), "passed",
    "trees", "search", "pruning" (as asked: "either", "prune-on-ties" or
    "no-prune-on-ties"), "followed" (the convention graded under, the
    student's where either is right; None for minimax) and "reports", one per
    tree, each with the labelled "tree" (names as in the messages, the
    explorer and the worksheet), its "seed" and "depth", the root's "moves",
    "ok", the student's "value", "decision" (the move's name where it names
    one) and "leaves" beside the "..._expected" ones, "decisions_accepted",
    "moves_worth", "pruning" (the convention graded under), and
    "first_difference": None, or where the student's search first went
    differently, with the values that decide it, where a bound comes from
    (the node whose value it is) and, where a tie decides it, the convention,
    e.g. "at C you evaluated c2, which the search never reaches: C (MIN) had
    2 from c1 before c2, and 2 ≤ α = 3 cuts off, α being A's 3 from B".
    Where the function raised, the message says where ("..., at lab.py line
    12 (in search): ..."), "error" is the exception and "error_at" its
    place: "file", "line", "function", "text".

    Bad arguments raise TypeError or ValueError naming the keyword.

    >>> def minimax(node, evaluate, maximising=True):
    ...     if not isinstance(node, list):
    ...         return evaluate(node)
    ...     values = [minimax(c, evaluate, not maximising) for c in node]
    ...     return max(values) if maximising else min(values)
    >>> gametree.grade(minimax, search="minimax", trees=5)["score"]
    1.0
    """
    if not callable(student_fn):
        raise TypeError(f"student_fn={_brief(student_fn)}: expected a function student_fn(tree, evaluate)")
    if search not in ("alphabeta", "minimax"):
        raise ValueError(f'search={json.dumps(search)}: a student\'s search is graded as "minimax" or "alphabeta"')
    if prune_on_ties is not None and not isinstance(prune_on_ties, bool):
        raise ValueError(f"prune_on_ties={prune_on_ties!r}: give True, False or None (either)")
    if search == "minimax" and prune_on_ties is not None:
        raise ValueError(f'prune_on_ties={prune_on_ties!r} changes alpha-beta\'s cut-offs; add search="alphabeta"')
    if not isinstance(first_best, bool):
        raise ValueError(f"first_best={first_best!r}: give True or False")
    # 1 to 10,000, the command line's table of budgets, refused at once.
    trees = _check_trees(_whole("trees", trees, "1 to 10000"))
    seed = _whole("seed", seed, "0 or more")
    if seed < 0:
        raise ValueError(f"seed={seed}: expected 0 or more")
    if seed > _TOP_SEED - (trees - 1):
        raise ValueError(
            f"seed={seed}: expected 0 to {_TOP_SEED - (trees - 1)} with trees={trees}, "
            f"whose last tree is drawn from seed + {trees - 1} (at most 2**64 - 1)"
        )
    least = 2 if search == "alphabeta" else 1
    if depth is not None:
        depth = _whole("depth", depth, f"{least} to 8, or None")
        if not least <= depth <= 8:
            why = " (a tree of depth 1 has nothing to cut off)" if depth == 1 else ""
            raise ValueError(f"depth={depth}: expected {least} to 8{why}")
    drawn = []
    for k in range(trees):
        d = depth if depth is not None else (3, 4)[k % 2]
        # Drawn as `gametree exercise --seed` draws, under AIMA's rule unless
        # CS188's is asked for.
        notation = textbook_tree(
            seed + k,
            depth=d,
            branching=(2, 3) if d <= 3 else (2, 2),
            search=search,
            prune_on_ties=prune_on_ties is not False,
        )
        drawn.append((notation, seed + k))
    return _grade(student_fn, drawn, search, prune_on_ties, first_best)
