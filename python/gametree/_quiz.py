"""Quizzes for a class: one alpha-beta (or minimax) tree per student, as Moodle
XML and GIFT for the LMS's question bank, with one key for the teacher."""

import json
import os
import tempfile
from pathlib import Path
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

from ._gametree import _quiz
from ._gametree import _roster as _class_list

__all__ = ["quiz"]


def _roster(students: Union[str, Path, Sequence[str]]) -> List[str]:
    """A list of names, or a class list file read as `gametree exercise
    --class` reads it: a name per line (a CSV's first column, a header line
    such as "name" or "student" skipped, blank lines skipped)."""
    if isinstance(students, (str, Path)):
        return _class_list(Path(students).read_text(encoding="utf-8"), str(students))
    names = [str(s).strip() for s in students]
    if not names or any(not n for n in names):
        raise ValueError("the class list has no names (or an empty one): give a name per line")
    if len(set(names)) != len(names):
        dup = next(n for n in names if names.count(n) > 1)
        raise ValueError(f"{json.dumps(dup, ensure_ascii=False)} is in the class list twice; each student needs a name of their own")
    return names


def _same_file(a: Path, b: Path) -> bool:
    """Whether two names are one file: the same file where both exist (a hard
    link, a symbolic link), else the same path once resolved."""
    try:
        return a.samefile(b)
    except OSError:
        return a.resolve() == b.resolve()


def _check_files(students: Any, files: List[Tuple[str, Path]]) -> None:
    """Refuses, before anything is written, two outputs aimed at one file
    (only the last would be left) and an output over the class list (it would
    be lost), in Python's words, as the command line refuses its own."""
    for i, (name, path) in enumerate(files):
        for other, first in files[:i]:
            if _same_file(first, path):
                what = str(path) if str(first) == str(path) else f"{first} and {path}, one file"
                raise ValueError(f"{other}= and {name}= both write {what}; give each its own file")
        if isinstance(students, (str, Path)) and _same_file(Path(students), path):
            raise ValueError(
                f"{name}={str(path)!r} would overwrite the class list {str(students)!r}; give the quiz another file"
            )


def _write_all(files: List[Tuple[Path, str]]) -> None:
    """Writes every file or none: each under a temporary name beside it, and
    renamed into place only once all are written."""
    done: List[Tuple[str, Path]] = []
    try:
        for path, text in files:
            fd, temp = tempfile.mkstemp(prefix="." + path.name + ".", suffix=".tmp", dir=path.parent)
            done.append((temp, path))
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                out.write(text)
        for temp, path in done:
            os.replace(temp, path)
    finally:
        for temp, _ in done:
            if os.path.exists(temp):
                os.unlink(temp)


def quiz(
    students: Union[str, Path, Sequence[str]],
    seed: int = 1,
    search: str = "alphabeta",
    prune_on_ties: bool = True,
    depth: int = 3,
    moodle: Optional[Union[str, Path]] = None,
    gift: Optional[Union[str, Path]] = None,
    key: Optional[Union[str, Path]] = None,
    category: Optional[str] = None,
) -> Dict[str, Any]:
    """A quiz with a different textbook tree for each student.

    students: the names, or a class list file (a name per line; a CSV's
        first column, its header line skipped), read as `gametree exercise
        --class` reads it. Student k (from 0) gets the tree of seed + k, the
        one `gametree exercise --seed` draws.
    search, prune_on_ties, depth: the exercise (alpha-beta under AIMA's rule
        by default, 3 levels).
    moodle, gift, key: files to write: Moodle XML (one cloze question per
        student that stands alone: the drawing embedded, each node's value,
        alpha and beta on entry, the pruned edges to tick), GIFT (one
        matching question per student, the drawing inline), and the key
        (JSON: each student's tree and answers). Nodes are named as the
        drawing names them (the letters beside the edges).
    category: the question bank category both quizzes import into ("/"
        makes a subcategory; default: the search and the seed), so that a
        Moodle quiz's "random question from category" gives each student a
        tree of their own (docs/teaching.md, "A quiz in Moodle"). Two of them
        naming one file, or one naming the class list, is a ValueError
        before anything is written; the files are written all or none.
        A class is at most 1,000 names, as on the command line.

    Returns {"moodle": text, "gift": text, "key": list of dicts}.
    """
    asked = [(n, Path(p)) for n, p in (("moodle", moodle), ("gift", gift), ("key", key)) if p is not None]
    _check_files(students, asked)
    names = _roster(students)
    moodle_xml, gift_text, key_json = _quiz(names, seed, search, prune_on_ties, depth, category)
    texts = {"moodle": moodle_xml, "gift": gift_text, "key": key_json}
    _write_all([(path, texts[name]) for name, path in asked])
    return {"moodle": moodle_xml, "gift": gift_text, "key": json.loads(key_json)}
