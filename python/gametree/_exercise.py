"""Worksheets and their keys, as ``gametree exercise`` writes them: a random
textbook tree drawn from a seed, or the tree of a game's position."""

import json
from pathlib import Path
from typing import Any, Dict, Optional, Tuple, Union

from ._gametree import _exercise

__all__ = ["Exercise", "exercise"]

class Exercise:
    """One exercise: the worksheet, its key, and the practice page.

    The worksheet and the answer key, drawn: ``worksheet_svg``,
    ``answers_svg`` (text), ``worksheet_pdf``, ``answers_pdf`` (bytes), and
    ``tex`` (both pages for pdflatex, drawn with TikZ). ``html``: the practice
    page, the explorer stepping through the search. ``key``: the answers as
    plain data (see ``exercise``); ``answers_json``: the same as the command
    line's answers.json, byte for byte. ``files``: every file by the name the
    command line gives it; ``save(folder)`` writes them there.

    In a notebook an Exercise shows as its worksheet.
    """

    def __init__(self, files: Dict[str, Union[str, bytes]]):
        self.files = files
        self.worksheet_svg: str = files["worksheet.svg"]  # type: ignore[assignment]
        self.answers_svg: str = files["answers.svg"]  # type: ignore[assignment]
        self.worksheet_pdf: bytes = files["worksheet.pdf"]  # type: ignore[assignment]
        self.answers_pdf: bytes = files["answers.pdf"]  # type: ignore[assignment]
        self.tex: str = files["exercise.tex"]  # type: ignore[assignment]
        self.html: str = files["practice.html"]  # type: ignore[assignment]
        self.answers_json: str = files["answers.json"]  # type: ignore[assignment]
        self.key: Dict[str, Any] = json.loads(self.answers_json)

    @property
    def tree(self) -> str:
        """The random tree in the notation ``gametree.analyse("tree", ...)``
        reads; with game=, the position in the game's notation."""
        return self.key["tree"]

    @property
    def value(self) -> Optional[int]:
        """The root's value: the answer at the top of the key."""
        return self.key["value"]

    def save(self, folder: Union[str, Path]) -> Path:
        """Writes every file into ``folder`` (made if need be), as
        ``gametree exercise --out FOLDER`` does; returns the folder."""
        out = Path(folder)
        out.mkdir(parents=True, exist_ok=True)
        for name, data in self.files.items():
            if isinstance(data, bytes):
                (out / name).write_bytes(data)
            else:
                (out / name).write_text(data, encoding="utf-8")
        return out

    def __repr__(self) -> str:
        search = self.key["search"] + (f" ({self.key['pruning']})" if self.key["pruning"] else "")
        return f"<gametree.Exercise {self.key['title']!r}: {search}, tree {self.tree}, value {self.value}>"

    def _repr_svg_(self) -> str:
        return self.worksheet_svg

    def _repr_html_(self) -> str:
        # The worksheet as an image inside HTML: JupyterLab refuses an
        # untrusted notebook's SVG output ("Cannot display an untrusted SVG")
        # but keeps an <img>, so a notebook shared with students or run
        # elsewhere still shows the sheet.
        import base64
        import html

        data = base64.b64encode(self.worksheet_svg.encode("utf-8")).decode("ascii")
        alt = html.escape(f"{self.key['title']}: the worksheet of tree {self.tree}", quote=True)
        return f'<img class="gametree-sheet" src="data:image/svg+xml;base64,{data}" alt="{alt}">'


def exercise(
    seed: Optional[int] = None,
    depth: int = 3,
    branching: Optional[Tuple[int, int]] = None,
    leaves: Optional[Tuple[int, int]] = None,
    cutoffs: Optional[int] = None,
    cut_above_leaves: bool = False,
    search: str = "alphabeta",
    prune_on_ties: bool = True,
    paper: str = "a4",
    game: Optional[str] = None,
    position: Any = None,
) -> Exercise:
    """A worksheet and its key, as ``gametree exercise`` writes them.

    A random textbook tree (the default), the same for the same seed and
    options as the command line's:
        seed: which tree (default 1); ``gametree exercise --seed``.
        depth: levels, 1 to 8 (default 3).
        branching: children of an inner node, (least, most) (default (2, 3)).
        leaves: leaf values, (least, most) (default (0, 20)).
        cutoffs: alpha-beta: at least this many nodes skip children
            (default 2; with game=, 1).
        cut_above_leaves: alpha-beta: one cut-off skips an inner node.
    Or a game's position, to ``depth`` plies (at most 400 nodes):
        game: a name from ``games()``; position: its notation (default the
            start), for "tree" also a nested list.
    And for both:
        search: "alphabeta" (default) or "minimax", the search the students
            run by hand.
        prune_on_ties: alpha-beta cuts off when a value reaches the bound
            (AIMA); False: only when it passes it (Berkeley CS188).
        paper: "a4" or "letter", for the PDFs.

    Returns an ``Exercise``. Its ``key`` is plain data: ``title``, ``tree``,
    ``search``, ``pruning`` ("prune-on-ties", "no-prune-on-ties" or None), ``value``,
    ``nodes`` (in the sheets' order, the root first: ``id``, ``parent``,
    ``action``, ``name``, ``max``, ``leaf``, ``value`` (None where pruned),
    ``pruned``, ``alpha`` and ``beta`` on entry), ``visits`` (the nodes in
    the order the search entered them, with alpha-beta's window then:
    ``node``, ``alpha``, ``beta``, ints or "-∞" and "+∞" as in the JSON;
    None under minimax) and ``pruned`` (the ids crossed out). A node's id is
    its number in every view of the tree: the tree's JSON ``id``, the
    explorer's ``#7``, ``Tree[7]``. The same document as ``quiz``'s key gives each
    student under "answers", and JSON as it is (no float infinities).

    Bad options raise ValueError with the command line's one-line refusal in
    Python's words (``depth=9: expected 1 to 8``); a tree too big for a page,
    BudgetError.

    >>> ex = gametree.exercise(seed=7)
    >>> ex.value == gametree.analyse("tree", ex.tree, search="alphabeta").value
    True
    """
    return Exercise(
        dict(
            _exercise(
                seed, depth, branching, leaves, cutoffs, cut_above_leaves, search, prune_on_ties, paper, game, position
            )
        )
    )
