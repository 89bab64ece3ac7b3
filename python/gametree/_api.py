"""The module's functions as Python sees them: each has its signature, types
and documentation here, the one place they are written, and calls the
native function of the same name (python/src/run.rs) with the same
arguments, which checks them as the command line does."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Dict, List, Literal, Optional, Sequence, Tuple, Union

from . import _gametree
from ._gametree import BudgetError

if TYPE_CHECKING:  # the class as the package's stubs type it
    from . import Tree
else:
    from ._gametree import Tree

__all__ = ["BudgetError", "analyse", "best", "games", "perft", "solve", "textbook_tree"]

BudgetError.__doc__ = """A budget (max_nodes, max_bytes, max_time, the solver's max_memory or
max_positions) would have been passed; the message says which and what to
change. A RuntimeError: the input was fine, the work too big."""

# A position: the game's notation, or for "tree" a nested list of leaf values.
NestedTree = Union[int, Sequence["NestedTree"]]
Position = Union[str, NestedTree, None]
Search = Literal["minimax", "alphabeta", "deepening", "mcts"]
TextbookSearch = Literal["minimax", "alphabeta"]


def analyse(
    game: str,
    position: Position = None,
    depth: Optional[int] = None,
    search: Search = "minimax",
    prune_on_ties: bool = True,
    compare_orders: bool = False,
    iterations: Optional[int] = None,
    seed: Optional[int] = None,
    uct_c: Optional[float] = None,
    rollout: Optional[str] = None,
    solver: bool = False,
    compare: bool = False,
    max_nodes: Optional[int] = None,
    threads: Optional[int] = None,
) -> Tree:
    """Builds the whole tree of a position and searches it, as ``gametree
    analyse`` does; returns the searched ``Tree``.

    game: a name from ``games()``: "checkers", "tictactoe", "niujiao", "ataxx",
        "gomoku" or "tree" (textbook trees).
    position: the position in the game's notation (default: the game's start);
        for "tree" also a nested list, ``[[3, 12, 8], [2, 4, 6], [14, 5, 2]]``,
        whose nodes are given the names textbooks give them (the root A,
        inner nodes B, C, D... level by level, leaves by their parent and
        place: b1, c2), so that decision, line and every view name them as
        AIMA's figure does: ``"B"``, not a place counted from 1.
    depth: plies in the tree, 1 to 64 (default: the game's own).
    search: "minimax", "alphabeta" (marks the nodes it skips as pruned),
        "deepening" or "mcts" (grows a tree of its own, one node per
        iteration). "deepening" is ``analyse --search deepening``: alpha-beta
        to depth 1, 2, ... up to ``depth`` with a transposition table and the
        previous line first; the last iteration sets the tree's values, and
        ``Tree.iterations`` holds every iteration.
    prune_on_ties: alpha-beta cuts off when a value reaches the bound (AIMA);
        False cuts only when it passes it (Berkeley CS188).
    compare_orders: also run alpha-beta with the children taken in natural,
        best-first, worst-first and the engine's order (in ``to_json()``).
    iterations, seed: MCTS's iterations (default 10000) and the seed of its
        playouts (default 1: the same seed gives the same tree).
    uct_c, rollout, solver: MCTS's exploration constant (default √2), its
        playouts ("random" or "heuristic") and MCTS-Solver.
    compare: alpha-beta to ``depth`` beside MCTS (in ``to_json()`` and the page).
    max_nodes: refuse a tree of more nodes (default 50 million); BudgetError.
    threads: threads to build deep trees on (default: every core).

    Bad arguments raise ValueError with a one-line message naming the keyword
    at fault (the command line's refusal, in Python's words).

    >>> tree = gametree.analyse("tree", search="alphabeta")
    >>> tree.decision, tree.value, len(tree)
    ('B', 3, 13)
    """
    return _gametree.analyse(
        game, position, depth, search, prune_on_ties, compare_orders,
        iterations, seed, uct_c, rollout, solver, compare, max_nodes, threads,
    )  # fmt: skip


def perft(
    game: str,
    depth: int,
    position: Position = None,
    threads: Optional[int] = None,
    max_nodes: Optional[int] = None,
    max_time: Optional[float] = None,
) -> List[int]:
    """Counts the positions exactly d actions deep for d = 1 to ``depth``, as
    ``gametree perft`` does; returns the counts as a list, depth 1 first.

    game, position: as for ``analyse``.
    threads: threads to count on (default: every core).
    max_nodes: positions one depth may count (default 100 billion); a depth
        predicted to count more is not started. BudgetError.
    max_time: seconds the count may take (default: no limit). BudgetError.

    >>> gametree.perft("tictactoe", 3)
    [9, 72, 504]
    """
    return _gametree.perft(game, depth, position, threads, max_nodes, max_time)


def best(
    game: str,
    position: Position = None,
    depth: Optional[int] = None,
    search: Search = "alphabeta",
    iterations: Optional[int] = None,
    seed: Optional[int] = None,
    max_nodes: Optional[int] = None,
) -> Tuple[Optional[str], Union[int, float]]:
    """The best action and its value, as ``gametree best`` prints them.

    search: "alphabeta" without a tree (the default), "minimax" over the
        explicit tree, or "mcts" (whose value is the root's mean reward for
        the side to move); game, position, depth, iterations, seed and
        max_nodes as for ``analyse``. The action is None when the side to
        move cannot act.

    >>> gametree.best("tictactoe", "xx.oo.... x")
    ('c1', 1004)
    """
    return _gametree.best(game, position, depth, search, iterations, seed, max_nodes)


def solve(
    game: str,
    position: Position = None,
    max_memory: Optional[int] = None,
    max_positions: Optional[int] = None,
) -> str:
    """The game's exact result for the side to move by retrograde analysis, as
    ``gametree solve`` prints it: "win in N", "loss in N" or "draw".

    game, position: as for ``analyse`` (the solver takes the games small
        enough to solve).
    max_memory: bytes the solver's tables may hold (default: 2 GiB, or half
        the physical memory, or half the address space ``ulimit -v`` leaves,
        whichever is least); held to what the process may use. BudgetError.
    max_positions: give up when more positions are reachable (default: no
        limit but the memory's). BudgetError.

    >>> gametree.solve("tictactoe")
    'draw'
    """
    return _gametree.solve(game, position, max_memory, max_positions)


def games() -> List[Dict[str, Any]]:
    """The games, in the list's order: a dict for each with its ``name``,
    ``about`` (a line), ``depth`` (its default depth) and ``start`` (its start
    position).

    >>> [g["name"] for g in gametree.games()][:2]
    ['checkers', 'tictactoe']
    """
    return _gametree.games()


def textbook_tree(
    seed: int,
    depth: int = 3,
    branching: Tuple[int, int] = (2, 3),
    leaves: Tuple[int, int] = (0, 20),
    cutoffs: int = 2,
    prune_on_ties: bool = True,
    search: TextbookSearch = "alphabeta",
) -> str:
    """A random textbook tree in the "tree" game's notation, the one
    ``gametree exercise --seed SEED`` draws with the same constraints.

    seed: which tree; the same seed and constraints give the same tree.
    depth: levels of the tree (default 3).
    branching: children per inner node, (least, most) (default (2, 3)).
    leaves: leaf values, (least, most) (default (0, 20)).
    cutoffs: for alpha-beta, at least this many nodes skip children under the
        rule chosen (default 2).
    prune_on_ties, search: the rule the cut-offs are counted under, as for
        ``analyse`` (search "alphabeta", the default, or "minimax").

    >>> gametree.textbook_tree(1, depth=2)
    'A:(B:(b1:15 b2:14 b3:12) C:(c1:0 c2:3) D:(d1:4 d2:15))'
    """
    return _gametree.textbook_tree(seed, depth, branching, leaves, cutoffs, prune_on_ties, search)


# Shown as gametree.analyse, not gametree._api.analyse, where Python names them.
for _f in (analyse, perft, best, solve, games, textbook_tree):
    _f.__module__ = "gametree"
del _f
