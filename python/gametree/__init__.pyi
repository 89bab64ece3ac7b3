"""Type stubs of the gametree module: the Rust extension's classes, and the Python around it."""

from pathlib import Path
from typing import Any, Callable, Dict, Iterator, Literal, Optional, Sequence, TypedDict, Union

__all__ = ["BudgetError", "Exercise", "Node", "Tree", "analyse", "best", "exercise", "games", "grade", "perft", "quiz", "solve", "textbook_tree"]

# The functions are typed and documented where they are written, in
# _api.py, which type checkers read through this import (the package is
# py.typed); the classes are Rust's and typed here.
from ._api import Position as Position, Search as Search
from ._api import analyse as analyse, best as best, games as games, perft as perft
from ._api import solve as solve, textbook_tree as textbook_tree

# The package's version, as the package index and pip show it.
__version__: str

# A window's end: an int, or float("-inf") / float("inf").
WindowEnd = Union[int, float]

class BudgetError(RuntimeError):
    """A budget (max_nodes, max_bytes, max_time, the solver's max_memory or max_positions) would have been passed."""

class Node:
    """One node of a Tree, as it was when asked for."""

    @property
    def id(self) -> int: ...
    @property
    def parent(self) -> Optional[int]: ...
    @property
    def children(self) -> list[int]: ...
    @property
    def depth(self) -> int: ...
    @property
    def action(self) -> Optional[str]: ...
    @property
    def name(self) -> str:
        """The node's name as every view of the tree gives it (the explorer, the JSON's `name`, the grader)."""
    @property
    def position(self) -> str: ...
    @property
    def to_move(self) -> str: ...
    @property
    def board(self) -> list[str]: ...
    @property
    def value(self) -> Optional[Union[int, float]]:
        """None where alpha-beta pruned the node; MCTS: the mean reward (a float)."""
    @property
    def alpha(self) -> Optional[WindowEnd]: ...
    @property
    def beta(self) -> Optional[WindowEnd]: ...
    @property
    def pruned(self) -> bool: ...
    @property
    def visits(self) -> Optional[int]:
        """MCTS only: the node's visits (N)."""

class Iteration(TypedDict):
    """One iteration of search="deepening" (the keys of the JSON's deepening.iterations)."""

    depth: int
    nodes: int
    leaves: int
    cutoffs: int
    table_cutoffs: int
    time_ms: float
    decision: Optional[str]
    value: int
    principal_variation: list[str]
    branching_factor: float

class Tree:
    """A searched game tree, made by gametree.analyse."""

    @property
    def game(self) -> str: ...
    @property
    def position(self) -> str: ...
    @property
    def to_move(self) -> str: ...
    @property
    def search(self) -> Search: ...
    @property
    def depth(self) -> int: ...
    @property
    def decision(self) -> Optional[str]: ...
    @property
    def value(self) -> Union[int, float]: ...
    @property
    def line(self) -> list[str]: ...
    @property
    def iterations(self) -> Optional[list[Iteration]]:
        """search="deepening": each iteration, depth 1 first, as the JSON's
        deepening.iterations holds it; None for any other search."""
    @property
    def root(self) -> Node: ...
    def __len__(self) -> int: ...
    def __getitem__(self, i: int) -> Node: ...
    def __iter__(self) -> Iterator[Node]: ...
    def to_json(self, max_bytes: Optional[int] = None) -> str:
        """The bytes `gametree analyse ... --json -` writes; BudgetError past
        max_bytes (default 64 MiB, the command line's --max-bytes)."""
    def to_dot(
        self, show_depth: Optional[int] = None, show_line: bool = False, max_bytes: Optional[int] = None
    ) -> str: ...
    def to_efg(self, max_bytes: Optional[int] = None) -> str: ...
    def to_html(
        self, show_depth: Optional[int] = None, show_line: bool = False, max_bytes: Optional[int] = None
    ) -> str: ...
    def to_networkx(self) -> Any:
        """A networkx.DiGraph (networkx is optional: ImportError without it)."""
    def _repr_html_(self) -> str: ...

# A student's search: called with the tree (nested lists whose leaves are
# their names, MAX to move at the root) and evaluate(leaf name) -> its value,
# which records the leaf; returns the value, or (value, chosen root child's
# index or name).
StudentTree = Union[str, Sequence["StudentTree"]]
StudentSearch = Callable[[StudentTree, Callable[[str], int]], Any]

def grade(
    student_fn: StudentSearch,
    search: Literal["minimax", "alphabeta"] = "alphabeta",
    prune_on_ties: Optional[bool] = None,
    trees: int = 40,
    seed: int = 0,
    first_best: bool = False,
    depth: Optional[int] = None,
) -> dict[str, Any]:
    """Grades a student's minimax or alpha-beta on seeded textbook trees."""

def quiz(
    students: Union[str, Path, Sequence[str]],
    seed: int = 1,
    search: Literal["minimax", "alphabeta"] = "alphabeta",
    prune_on_ties: bool = True,
    depth: int = 3,
    moodle: Optional[Union[str, Path]] = None,
    gift: Optional[Union[str, Path]] = None,
    key: Optional[Union[str, Path]] = None,
    category: Optional[str] = None,
) -> dict[str, Any]:
    """A quiz with a different textbook tree for each student: Moodle XML, GIFT and a key."""

class Exercise:
    """One exercise: the worksheet, its key, and the practice page, as `gametree exercise` writes them."""

    files: Dict[str, Union[str, bytes]]
    worksheet_svg: str
    answers_svg: str
    worksheet_pdf: bytes
    answers_pdf: bytes
    tex: str
    html: str
    answers_json: str
    key: Dict[str, Any]
    @property
    def tree(self) -> str: ...
    @property
    def value(self) -> Optional[int]: ...
    def save(self, folder: Union[str, Path]) -> Path: ...
    def _repr_svg_(self) -> str: ...

def exercise(
    seed: Optional[int] = None,
    depth: int = 3,
    branching: Optional[tuple[int, int]] = None,
    leaves: Optional[tuple[int, int]] = None,
    cutoffs: Optional[int] = None,
    cut_above_leaves: bool = False,
    search: Literal["minimax", "alphabeta"] = "alphabeta",
    prune_on_ties: bool = True,
    paper: Literal["a4", "letter"] = "a4",
    game: Optional[str] = None,
    position: Position = None,
) -> Exercise:
    """A worksheet and its key (a random textbook tree from a seed, or a game's position), as `gametree exercise` writes them."""
