"""Quizzes for a class: one alpha-beta (or minimax) tree per student, as Moodle
XML and GIFT for the LMS's question bank, with one key for the teacher."""

import json
from pathlib import Path
from typing import Any, Dict, List, Optional, Sequence, Union

from ._gametree import _quiz
from ._gametree import _roster as _class_list

__all__ = ["quiz"]


def _roster(students: Union[str, Path, Sequence[str]]) -> List[str]:
    """A list of names, or a class list file read as `gametree exercise
    --class` reads it: a name per line (a CSV's first column, a header line
    such as "name" or "student" skipped, blank lines skipped)."""
    if isinstance(students, (str, Path)):
        return _class_list(Path(students).read_text(encoding="utf-8"))
    names = [str(s).strip() for s in students]
    if not names or any(not n for n in names):
        raise ValueError("the class list has no names (or an empty one): give a name per line")
    if len(set(names)) != len(names):
        dup = next(n for n in names if names.count(n) > 1)
        raise ValueError(f"{json.dumps(dup, ensure_ascii=False)} is in the class list twice; each student needs a name of their own")
    return names


def quiz(
    students: Union[str, Path, Sequence[str]],
    seed: int = 1,
    search: str = "alphabeta",
    prune_on_ties: bool = True,
    depth: int = 3,
    moodle: Optional[Union[str, Path]] = None,
    gift: Optional[Union[str, Path]] = None,
    key: Optional[Union[str, Path]] = None,
) -> Dict[str, Any]:
    """A quiz with a different textbook tree for each student.

    students: the names, or a class list file (a name per line; a CSV's
        first column, its header line skipped), read as `gametree exercise
        --class` reads it. Student k (from 0) gets the tree of seed + k, the
        one `gametree exercise --seed` draws.
    search, prune_on_ties, depth: the exercise (alpha-beta under AIMA's rule
        by default, 3 levels).
    moodle, gift, key: files to write: Moodle XML (a cloze question per
        student: the drawing embedded, each node's value, alpha and beta,
        the pruned edges to tick), GIFT (the same, a question per answer),
        and the key (JSON: each student's tree and answers).

    Returns {"moodle": text, "gift": text, "key": list of dicts}.
    """
    names = _roster(students)
    moodle_xml, gift_text, key_json = _quiz(names, seed, search, prune_on_ties, depth)
    for path, text in ((moodle, moodle_xml), (gift, gift_text), (key, key_json)):
        if path is not None:
            Path(path).write_text(text, encoding="utf-8")
    return {"moodle": moodle_xml, "gift": gift_text, "key": json.loads(key_json)}
