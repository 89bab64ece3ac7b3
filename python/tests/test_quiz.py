"""Quizzes for an LMS, read back with independent readers (Python's XML
parser for Moodle XML, a small GIFT reader here) and held to the engine's own
search of each student's tree."""

import base64
import json
import re
import xml.etree.ElementTree as ET

import pytest

import gametree


def engine(tree_text, search="alphabeta", prune_on_ties=True):
    """Each searched inner node's value, the edges crossed out and the edges
    out of searched nodes, by the nodes' names (the JSON's, which every view
    uses), from gametree.analyse."""
    tree = gametree.analyse("tree", tree_text, search=search, prune_on_ties=prune_on_ties)
    nodes = json.loads(tree.to_json())["nodes"]
    name = {n["id"]: n["name"] for n in nodes}
    values = {name[n["id"]]: n["value"] for n in nodes if n["children"] and not n["pruned"]}
    searched = [n for n in nodes if n["parent"] is not None and not nodes[n["parent"]]["pruned"]]
    crossed = {name[n["id"]] for n in searched if n["pruned"]}
    edges = {name[n["id"]] for n in searched}
    return values, crossed, edges


def read_gift(text):
    """A GIFT file as its category and its questions, (title, text, pairs)
    with pairs the matching question's (subquestion, answer)."""
    category, questions = None, []
    unescape = lambda s: re.sub(r"\\(.)", r"\1", s)
    for block in re.split(r"\n\s*\n", text):
        lines = [l for l in block.splitlines() if not l.startswith("//")]
        if not lines:
            continue
        if lines[0].startswith("$CATEGORY:"):
            category = lines[0].split(":", 1)[1].strip()
            continue
        q = "\n".join(lines)
        m = re.fullmatch(r"::((?:\\.|[^:\\])*)::(.*)\{((?:\\.|[^}\\])*)\}", q, re.S)
        assert m, q
        pairs = [tuple(unescape(x) for x in p.split(" -> ")) for p in re.findall(r"^\s*=(.*)$", m.group(3), re.M)]
        questions.append((unescape(m.group(1)), unescape(m.group(2)), pairs))
    return category, questions


def test_a_class_gets_a_tree_each_in_moodle_xml_and_gift(tmp_path):
    roster = tmp_path / "roster.csv"
    roster.write_text("Ann Lee,1\nBob\n\nChloé\n")
    q = gametree.quiz(roster, seed=5, moodle=tmp_path / "q.xml", gift=tmp_path / "q.gift", key=tmp_path / "key.json")
    assert (tmp_path / "q.xml").read_text() == q["moodle"]
    assert json.loads((tmp_path / "key.json").read_text()) == q["key"]
    students = ["Ann Lee", "Bob", "Chloé"]
    assert [k["student"] for k in q["key"]] == students
    assert len({k["tree"] for k in q["key"]}) == 3, "a different tree for each student"
    assert [k["tree"] for k in q["key"]] == [gametree.textbook_tree(5 + i) for i in range(3)]

    root = ET.fromstring(q["moodle"])
    assert root.tag == "quiz"
    category, *questions = root.findall("question")
    assert category.get("type") == "category"
    assert category.find("category/text").text == "$course$/gametree alpha-beta (prune-on-ties), seed 5"
    assert [x.get("type") for x in questions] == ["cloze"] * 3
    assert [x.find("name/text").text for x in questions] == students
    for question, k in zip(questions, q["key"]):
        values, crossed, edges = engine(k["tree"])
        text = question.find("questiontext/text").text
        # The drawing: an SVG embedded as a file the text refers to.
        file = question.find("questiontext/file")
        assert f'src="@@PLUGINFILE@@/{file.get("name")}"' in text
        svg = ET.fromstring(base64.b64decode(file.text))
        assert svg.tag.endswith("svg")
        # A value to give for every searched inner node, as the engine has it.
        rows = re.findall(r"<tr><td>([^<]+)</td><td>\{1:NUMERICAL:=(-?\d+):0\}</td>", text)
        assert {name: int(v) for name, v in rows} == values
        # The pruned edges to tick: full marks for exactly the engine's.
        options = re.search(r"\{1:MULTIRESPONSE:(.*?)\}</p>", text).group(1).split("~")
        weights = {re.sub(r"^%-?[\d.]+%the edge into ", "", o): float(re.match(r"%(-?[\d.]+)%", o).group(1)) for o in options}
        assert set(weights) == edges
        assert {e for e, w in weights.items() if w > 0} == crossed
        assert abs(sum(w for w in weights.values() if w > 0) - 100) < 0.01

    category, gift = read_gift(q["gift"])
    assert category == "$course$/gametree alpha-beta (prune-on-ties), seed 5"
    assert [t for t, _, _ in gift] == students, "one question per student"
    for (_, text, pairs), k in zip(gift, q["key"]):
        values, crossed, edges = engine(k["tree"])
        answers = dict(pairs)
        assert {p[len("the value of "):]: int(a) for p, a in answers.items() if p.startswith("the value of ")} == values
        assert "data:image/svg+xml;base64," in text
        assert {p[len("the edge into "):] for p, a in answers.items() if a == "pruned"} == crossed
        assert {p[len("the edge into "):] for p in answers if p.startswith("the edge into ")} == edges
        # Alpha and beta on entry, as the key gives them.
        for n in k["answers"]["nodes"]:
            if n["alpha"] is not None:
                assert answers["alpha on entry to " + n["name"]] == str(n["alpha"])
                assert answers["beta on entry to " + n["name"]] == str(n["beta"])


def test_a_minimax_quiz_asks_only_values():
    q = gametree.quiz(["Dee"], search="minimax", depth=2)
    values, _, _ = engine(q["key"][0]["tree"], search="minimax")
    text = ET.fromstring(q["moodle"]).findall("question")[1].find("questiontext/text").text
    assert "MULTIRESPONSE" not in text and "α" not in text
    rows = re.findall(r"<tr><td>([^<]+)</td><td>\{1:NUMERICAL:=(-?\d+):0\}</td>", text)
    assert {name: int(v) for name, v in rows} == values
    assert "$course$/gametree minimax, seed 1" in q["moodle"] and q["gift"].startswith("$CATEGORY: $course$/gametree minimax, seed 1\n")


def test_a_quiz_goes_into_the_category_the_teacher_names():
    q = gametree.quiz(["Ann", "Bob"], category="Week 5/alpha-beta")
    assert ET.fromstring(q["moodle"]).find("question/category/text").text == "$course$/Week 5/alpha-beta"
    assert q["gift"].startswith("$CATEGORY: $course$/Week 5/alpha-beta\n")
    with pytest.raises(ValueError, match="category"):
        gametree.quiz(["Ann"], category=" ")


def test_a_bad_class_list_is_a_value_error(tmp_path):
    with pytest.raises(ValueError, match="twice"):
        gametree.quiz(["Ann", "Ann"])
    empty = tmp_path / "empty.csv"
    empty.write_text("\n\n")
    with pytest.raises(ValueError, match="no names"):
        gametree.quiz(empty)
    with pytest.raises(ValueError, match="about alpha-beta"):
        gametree.quiz(["Ann"], search="minimax", prune_on_ties=False)


def test_the_command_lines_quiz_is_the_modules_byte_for_byte(cli, tmp_path):
    roster = tmp_path / "roster.csv"
    # A spreadsheet's export: a header, a quoted name with a comma in it.
    roster.write_text('Name,Email\n"Lee, Ann",ann@example.org\nBob\n\nChloé\n')
    out = tmp_path / "out"
    cli(
        "exercise", "--seed", "5", "--out", str(out), "--class", str(roster),
        "--moodle", str(tmp_path / "cli.xml"), "--gift", str(tmp_path / "cli.gift"),
    )
    q = gametree.quiz(roster, seed=5, key=tmp_path / "key.json")
    assert (tmp_path / "cli.xml").read_text() == q["moodle"]
    assert (tmp_path / "cli.gift").read_text() == q["gift"]
    assert (out / "class-key.json").read_text() == (tmp_path / "key.json").read_text()
    assert [k["student"] for k in q["key"]] == ["Lee, Ann", "Bob", "Chloé"]
    # One exercise folder per student, as --count would make, each with its own key.
    for i, k in enumerate(q["key"], 1):
        answers = json.loads((out / f"exercise-{i:02}" / "answers.json").read_text())
        assert answers["tree"] == k["tree"]
    # Without a class list the questions are the exercises, by number.
    cli("exercise", "--seed", "5", "--count", "2", "--out", str(tmp_path / "two"), "--gift", str(tmp_path / "two.gift"))
    titles = [t for t, _, _ in read_gift((tmp_path / "two.gift").read_text())[1]]
    assert titles == ["Exercise 1", "Exercise 2"]


def test_the_command_line_refuses_a_bad_class_list_in_one_line(cli, tmp_path):
    roster = tmp_path / "roster.txt"
    roster.write_text("Ann\nAnn\n")
    done = cli("exercise", "--out", str(tmp_path / "o"), "--class", str(roster), check=False)
    assert done.returncode == 2
    assert done.stderr.decode() == f'gametree: --class {roster}: "Ann" is in the class list twice; each student needs a name of their own\n'


def test_a_quiz_over_its_own_class_list_is_refused_and_writes_nothing(tmp_path):
    roster = tmp_path / "c.txt"
    roster.write_text("Ada\nAlan\n")
    with pytest.raises(ValueError, match=r"moodle=.*class list"):
        gametree.quiz(str(roster), moodle=str(roster))
    # By another name of the same file, too.
    with pytest.raises(ValueError, match=r"gift=.*class list"):
        gametree.quiz(roster, gift=tmp_path / "." / "c.txt")
    assert roster.read_text() == "Ada\nAlan\n"


def test_moodle_and_gift_naming_one_file_are_refused_before_anything_is_written(tmp_path):
    (tmp_path / "sub").mkdir()
    for moodle, gift in [
        (tmp_path / "q.txt", tmp_path / "q.txt"),
        (tmp_path / "q.txt", tmp_path / "sub" / ".." / "q.txt"),
    ]:
        with pytest.raises(ValueError, match=r"moodle= and gift= both write"):
            gametree.quiz(["Ada", "Alan"], moodle=moodle, gift=gift, key=tmp_path / "key.json")
        assert list(tmp_path.iterdir()) == [tmp_path / "sub"]
    # A hard link is one file by two names: the same file where it exists.
    (tmp_path / "a.xml").write_text("old")
    (tmp_path / "b.gift").hardlink_to(tmp_path / "a.xml")
    with pytest.raises(ValueError, match=r"moodle= and gift= both write"):
        gametree.quiz(["Ada"], moodle=tmp_path / "a.xml", gift=tmp_path / "b.gift")
    assert (tmp_path / "a.xml").read_text() == "old"


def test_quiz_files_are_written_all_or_none(tmp_path):
    (tmp_path / "old.xml").write_text("old")
    # The key cannot be written (its folder is missing): Moodle's file is left as it was.
    with pytest.raises(OSError):
        gametree.quiz(["Ada"], moodle=tmp_path / "old.xml", key=tmp_path / "missing" / "key.json")
    assert (tmp_path / "old.xml").read_text() == "old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["old.xml"]


def test_a_class_list_over_the_command_lines_budget_is_refused_at_once(tmp_path):
    names = [f"student {i}" for i in range(1001)]
    with pytest.raises(ValueError, match=r"class list.*1001 names.*1000"):
        gametree.quiz(names)
    roster = tmp_path / "big.txt"
    roster.write_text("\n".join(f"s{i}" for i in range(20_000)))
    with pytest.raises(ValueError, match=r"class list.*20000 names.*1000"):
        gametree.quiz(roster, moodle=tmp_path / "q.xml")
    assert not (tmp_path / "q.xml").exists()
