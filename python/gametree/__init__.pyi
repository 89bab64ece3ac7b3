"""Type stubs of the gametree module (the Rust extension and the Python around it)."""

from pathlib import Path
from typing import Any, Callable, Dict, Iterator, Literal, Optional, Sequence, TypedDict, Union

__all__ = ["BudgetError", "Exercise", "Node", "Tree", "analyse", "best", "exercise", "games", "grade", "perft", "quiz", "solve", "textbook_tree"]

# A position: the game's notation, or for "tree" a nested list of leaf values.
NestedTree = Union[int, Sequence["NestedTree"]]
Position = Union[str, NestedTree, None]
Search = Literal["minimax", "alphabeta", "deepening", "mcts"]
# A window's end: an int, or float("-inf") / float("inf").
WindowEnd = Union[int, float]

class BudgetError(RuntimeError):
    """A budget (max_nodes, max_bytes, max_time, the solver's max_memory) would have been passed."""

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
    def _repr_html_(self) -> str: ...

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
    """Builds the whole tree of a position and searches it, as `gametree analyse` does.

    search="deepening" is `analyse --search deepening`: alpha-beta to depth 1,
    2, ... up to `depth` with a transposition table and the previous line
    first; the last iteration sets the tree's values, and `Tree.iterations`
    holds every iteration."""

def perft(
    game: str,
    depth: int,
    position: Position = None,
    threads: Optional[int] = None,
    max_nodes: Optional[int] = None,
    max_time: Optional[float] = None,
) -> list[int]:
    """The positions exactly d actions deep for d = 1..depth; BudgetError past
    max_nodes (positions at one depth) or max_time (seconds)."""

def best(
    game: str,
    position: Position = None,
    depth: Optional[int] = None,
    search: Search = "alphabeta",
    iterations: Optional[int] = None,
    seed: Optional[int] = None,
    max_nodes: Optional[int] = None,
) -> tuple[Optional[str], Union[int, float]]:
    """The best action and its value, as `gametree best` prints them."""

def solve(
    game: str,
    position: Position = None,
    max_memory: Optional[int] = None,
    max_positions: Optional[int] = None,
) -> str:
    """"win in N", "loss in N" or "draw" for the side to move; BudgetError past
    max_memory (bytes of the solver's tables) or max_positions."""

def textbook_tree(
    seed: int,
    depth: int = 3,
    branching: tuple[int, int] = (2, 3),
    leaves: tuple[int, int] = (0, 20),
    cutoffs: int = 2,
    prune_on_ties: bool = True,
    search: Literal["minimax", "alphabeta"] = "alphabeta",
) -> str:
    """A random textbook tree in the "tree" game's notation, as `gametree exercise --seed N` draws it."""

def games() -> list[dict[str, Any]]:
    """The games: name, about, depth (the default) and start (the start position)."""

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
