"""gametree: explicit game-search trees (minimax, alpha-beta, MCTS) for small
board games, from Python.

The functions do what the command line's commands of the same name do, with
the same engine: ``analyse`` builds and searches a tree and returns a ``Tree``
(whose ``to_json()`` is the bytes ``gametree analyse ... --json -`` writes),
``perft`` counts positions, ``best`` gives the best action and its value,
``solve`` the exact result, ``games`` the list of games, ``exercise`` a
worksheet and its key. ``grade`` checks a student's own minimax or alpha-beta,
leaf by leaf; ``quiz`` writes a class's quiz for Moodle.

>>> import gametree
>>> tree = gametree.analyse("tree", search="alphabeta")   # AIMA's Figure 5.2
>>> tree.decision, tree.value
('B', 3)

In a notebook, a ``Tree`` shows as the tree explorer (or, where the notebook
is not trusted, as a still drawing of the tree: docs/python.md);
``Tree.to_networkx()`` gives it as a networkx graph.
"""

from ._gametree import __version__
from ._tree import Node, Tree
from ._api import BudgetError, analyse, best, games, perft, solve, textbook_tree
from ._exercise import Exercise, exercise
from ._grade import grade
from ._quiz import quiz

__all__ = [
    "BudgetError",
    "Exercise",
    "Node",
    "Tree",
    "analyse",
    "best",
    "exercise",
    "games",
    "grade",
    "perft",
    "quiz",
    "solve",
    "textbook_tree",
]
