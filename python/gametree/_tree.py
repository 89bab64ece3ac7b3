"""``Tree`` and ``Node`` as Python users read them: the classes are Rust's
(python/src/pytree.rs), their documentation and the signatures of the
exports are written here, once, and each method calls the Rust one with the
same arguments. ``Tree.to_networkx`` is Python's own (networkx is)."""

from __future__ import annotations

from typing import Any, Dict, List, Optional

from ._gametree import Node, Tree
from ._networkx import to_networkx

__all__ = ["Node", "Tree"]

Tree.__doc__ = """A searched game tree, made by ``gametree.analyse``.

``len(tree)`` nodes, numbered in construction order from the root (0);
``tree[i]`` is node i (a ``Node``; negative i counts from the end, as for a
list), ``tree.root`` is node 0, and iterating gives the nodes in id order,
each made as it is reached. ``game``, ``position`` (the root's), ``to_move``,
``search`` and ``depth`` say what was searched; ``decision``, ``value`` and
``line`` are the search's answer, and ``iterations`` the iterations of
search="deepening". The exports are the command line's: ``to_json()``,
``to_dot()``, ``to_efg()``, ``to_html()``; ``to_networkx()`` gives the tree
as a networkx graph. In a notebook the tree shows as the explorer.
"""

Node.__doc__ = """One node of a ``Tree``, as it was when asked for.

``id`` (construction order, the root 0), ``parent`` (None at the root),
``children`` (ids), ``depth``, ``action`` (that led here; None at the root),
``name`` (as every view of the tree names it: the explorer, the JSON, the
grader), ``position`` (the game's notation), ``to_move``, ``board`` (rows as
drawn), ``value`` (None where alpha-beta pruned the node; MCTS: the mean
reward, a float), ``alpha`` and ``beta`` (alpha-beta's window on entering,
ints or ±inf; None under minimax or where pruned), ``pruned``, and
``visits`` (MCTS only: the node's visits, N).
"""

_iterations = Tree.__dict__["iterations"]
_to_json, _to_dot, _to_efg, _to_html = Tree.to_json, Tree.to_dot, Tree.to_efg, Tree.to_html


def iterations(self: Tree) -> Optional[List[Dict[str, Any]]]:
    """search="deepening": each iteration, depth 1 first, as a dict with the
    keys of the JSON's ``deepening.iterations`` (docs/tree-json.md):
    ``depth``, ``nodes``, ``leaves``, ``cutoffs``, ``table_cutoffs``,
    ``time_ms``, ``decision`` (None when the root cannot act), ``value``,
    ``principal_variation`` and ``branching_factor`` (effective: this
    iteration's nodes over the previous one's). None for any other search."""
    return _iterations.__get__(self, Tree)


def to_json(self: Tree, max_bytes: Optional[int] = None) -> str:
    """The tree as JSON: the bytes ``gametree analyse ... --json -`` writes
    (schema: docs/tree-json.md).

    max_bytes: its budget (default 64 MiB, the command line's
    ``--max-bytes``); a tree sure to pass it is refused with BudgetError
    before anything is written, and one that passes it on the way is stopped
    there."""
    return _to_json(self, max_bytes)


def to_dot(self: Tree, show_depth: Optional[int] = None, show_line: bool = False, max_bytes: Optional[int] = None) -> str:
    """The tree as Graphviz DOT, as ``--dot`` writes it: ``show_depth=K``
    draws levels 0 to K, ``show_line=True`` the line of best play and its
    alternatives (``max_bytes`` as for ``to_json``)."""
    return _to_dot(self, show_depth, show_line, max_bytes)


def to_efg(self: Tree, max_bytes: Optional[int] = None) -> str:
    """The tree as a Gambit extensive-form game (.efg), as ``--efg`` writes it
    (not for MCTS trees: ValueError; ``max_bytes`` as for ``to_json``)."""
    return _to_efg(self, max_bytes)


def to_html(self: Tree, show_depth: Optional[int] = None, show_line: bool = False, max_bytes: Optional[int] = None) -> str:
    """The tree explorer, one self-contained HTML page, as ``--html`` writes
    it (``show_depth``, ``show_line`` as for ``to_dot``, ``max_bytes`` as for
    ``to_json``)."""
    return _to_html(self, show_depth, show_line, max_bytes)


# Methods of the Rust class from here on, named as its own are (in help()
# and in the TypeError of a wrong keyword: "Tree.to_json() got an
# unexpected keyword argument").
for _method in (to_json, to_dot, to_efg, to_html, to_networkx):
    _method.__qualname__ = f"Tree.{_method.__name__}"
    _method.__module__ = "gametree"
    setattr(Tree, _method.__name__, _method)
Tree.iterations = property(iterations, doc=iterations.__doc__)
del _method
