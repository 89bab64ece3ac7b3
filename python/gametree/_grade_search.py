"""The engine's search of a graded tree, read from its JSON, and the words
of the grader's messages about it: which leaves the search evaluates, in what
order, and why it evaluates or skips one (a node's value so far, the bound,
and whose value the bound is), in the names every view gives the nodes."""

import json
from typing import Any, Dict, List, Optional, Tuple

from ._gametree import analyse

# The two tie conventions: AIMA cuts off when a value reaches the bound,
# CS188 only when it passes it.
RULES = {True: "ties prune, as in AIMA", False: "ties do not prune, as in CS188"}


def shown(v: Any) -> str:
    if v in ("-∞", "+∞"):
        return v
    if v == float("inf"):
        return "+∞"
    if v == float("-inf"):
        return "-∞"
    return str(v)


def number(v: Any) -> float:
    return {"-∞": float("-inf"), "+∞": float("inf")}.get(v, v)


class Search:
    """The engine's search of one tree, read from its JSON for grading."""

    def __init__(self, notation: str, search: str, prune_on_ties: bool):
        self.tree = analyse("tree", notation, search=search, prune_on_ties=prune_on_ties)
        self.doc = json.loads(self.tree.to_json())
        self.nodes: List[Dict[str, Any]] = self.doc["nodes"]
        self.on_ties = prune_on_ties
        self.alphabeta = search == "alphabeta"
        self.order: List[int] = []  # leaves evaluated, by id, in the search's order
        stack = [0]
        while stack:
            n = self.nodes[stack.pop()]
            if n["pruned"]:
                continue
            if not n["children"]:
                self.order.append(n["id"])
            stack.extend(reversed(n["children"]))
        self.by_name = {n["name"]: n["id"] for n in self.nodes}

    def name(self, id: int) -> str:
        return self.nodes[id]["name"]

    def path(self, id: int) -> List[int]:
        out = [id]
        while self.nodes[out[-1]]["parent"] is not None:
            out.append(self.nodes[out[-1]]["parent"])
        return out[::-1]

    def last_leaf(self) -> int:
        """The tree's right-most leaf: where a search taking children right
        to left begins."""
        at = 0
        while self.nodes[at]["children"]:
            at = self.nodes[at]["children"][-1]
        return at

    def so_far(self, at: int, before: int) -> Tuple[str, Optional[float]]:
        """What `at` has before it looks at its child `before`: its value so
        far, in words ("9 from g1"), and as a number (None before any child)."""
        kids = self.nodes[at]["children"]
        seen = [c for c in kids[: kids.index(before)] if not self.nodes[c]["pruned"]]
        if not seen:
            return "nothing yet", None
        pick = max if self.nodes[at]["to_move"] == "max" else min
        best = pick(seen, key=lambda c: self.nodes[c]["value"])
        return f"{self.nodes[best]['value']} from {self.name(best)}", self.nodes[best]["value"]

    def owner(self, at: int, bound: float) -> Optional[str]:
        """Where the bound `at` is entered with comes from, in words ("A's 3
        from B"): the nearest node above on the other side whose value so far
        it is, as the explorer's cut reasons name it. None for ±∞."""
        if bound in (float("inf"), float("-inf")):
            return None
        side, child, above = self.nodes[at]["to_move"], at, self.nodes[at]["parent"]
        while above is not None:
            if self.nodes[above]["to_move"] != side:
                words, v = self.so_far(above, child)
                if v == bound:
                    return f"{self.name(above)}'s {words}"
            child, above = above, self.nodes[above]["parent"]
        return None

    def test(self, at: int, v: float) -> str:
        """The cut-off test at `at` with `v` its value so far, in numbers:
        where it cuts off, as the rule writes it ("9 ≥ β = 7 cuts off" where
        ties prune, "9 > β = 7 ..." where they do not); where it does not, how
        the value stands to the bound ("6 < β = 7 does not cut off"). Then the
        rule where a tie decides it, and where the bound comes from (", β
        being C's 7 from f1")."""
        n = self.nodes[at]
        maximising = n["to_move"] == "max"
        end = n["beta"] if maximising else n["alpha"]
        bound = number(end)
        name = "β" if maximising else "α"
        if maximising:
            cuts = v >= bound if self.on_ties else v > bound
        else:
            cuts = v <= bound if self.on_ties else v < bound
        if cuts:
            op = ("≥" if maximising else "≤") if self.on_ties else (">" if maximising else "<")
        else:
            op = "=" if v == bound else "<" if v < bound else ">"
        said = f"{shown(v)} {op} {name} = {shown(end)} {'cuts off' if cuts else 'does not cut off'}"
        if v == bound:
            said += f" ({RULES[self.on_ties]})"
        owner = self.owner(at, bound)
        if owner:
            said += f", {name} being {owner}"
        return said

    def why_cut(self, leaf: int) -> str:
        """Why the search never evaluates `leaf`: the node that cut it off,
        its value so far and its bound."""
        top = next(i for i in self.path(leaf) if self.nodes[i]["pruned"])
        at = self.nodes[top]["parent"]
        words, v = self.so_far(at, top)
        side = self.nodes[at]["to_move"].upper()
        return (
            f"at {self.name(at)} you evaluated {self.name(leaf)}, which the search never reaches: "
            f"{self.name(at)} ({side}) had {words} before {self.name(top)}, and {self.test(at, v)}"
        )

    def why_needed(self, leaf: int, evaluated: List[int]) -> str:
        """Why the search evaluates `leaf`, which the student skipped: the
        highest node above it the student never entered, and its parent's
        value so far and bound there."""
        entered = {0} | {i for e in evaluated for i in self.path(e)}
        skipped = next(i for i in self.path(leaf) if i not in entered)
        at = self.nodes[skipped]["parent"]
        words, v = self.so_far(at, skipped)
        side = self.nodes[at]["to_move"].upper()
        said = f"at {self.name(at)} you skipped {self.name(skipped)}, which the search evaluates: "
        if not self.alphabeta:
            return said + "minimax looks at every child"
        if v is None:
            return said + f"{self.name(at)} ({side}) had nothing yet, and a node looks at its first child"
        return said + f"{self.name(at)} ({side}) had {words}, and {self.test(at, v)}"


def view(search: Search, id: int = 0) -> Any:
    """The student's view of the tree: nested lists of leaf names."""
    n = search.nodes[id]
    if not n["children"]:
        return n["name"]
    return [view(search, c) for c in n["children"]]
