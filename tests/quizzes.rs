//! Quizzes a Moodle admin can import, and the one meaning of alpha and beta:
//! every view of an exercise (answers.json, the key's drawing, Moodle XML,
//! GIFT) gives a node's alpha and beta as the window it is entered with,
//! checked against an alpha-beta of the test's own; each student's tree is
//! one question that stands alone (its drawing, its nodes named as drawn),
//! in the quiz's category; the Moodle XML holds Moodle's documented
//! structure (docs.moodle.org, Moodle XML format) and the GIFT reads with the
//! GIFT parser gift-pegjs; a node has one name in every view.

use std::collections::HashMap;
use std::fs;
use std::path::Path;
use std::process::Command;

use base64::Engine;
use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_gametree");

fn gametree(args: &[&str]) -> std::process::Output {
    let out = Command::new(BIN).args(args).output().unwrap();
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    out
}

fn read(path: &Path) -> String {
    fs::read_to_string(path).unwrap()
}

/// A labelled textbook tree read the test's own way.
struct Node {
    name: String,
    value: i32,
    children: Vec<usize>,
}

fn parse(text: &str) -> Vec<Node> {
    let mut nodes: Vec<Node> = Vec::new();
    let mut open: Vec<usize> = Vec::new();
    let mut label = String::new();
    let spaced = text.replace('(', " ( ").replace(')', " ) ");
    for token in spaced.split_whitespace() {
        match token {
            "(" => {
                nodes.push(Node { name: std::mem::take(&mut label), value: 0, children: Vec::new() });
                let id = nodes.len() - 1;
                if let Some(&p) = open.last() {
                    nodes[p].children.push(id);
                }
                open.push(id);
            }
            ")" => {
                open.pop();
            }
            t if t.ends_with(':') => label = t.trim_end_matches(':').to_string(),
            t => {
                let (name, v) = t.split_once(':').unwrap();
                nodes.push(Node { name: name.into(), value: v.parse().unwrap(), children: Vec::new() });
                let id = nodes.len() - 1;
                nodes[*open.last().unwrap()].children.push(id);
            }
        }
    }
    nodes
}

/// Alpha-beta as AIMA writes it (ties prune): each inner node it enters, by
/// name, with the window it is entered with, written as the key writes it.
fn entry_windows(
    nodes: &[Node],
    n: usize,
    alpha: i64,
    beta: i64,
    max: bool,
    out: &mut HashMap<String, (String, String)>,
) -> i64 {
    let node = &nodes[n];
    if node.children.is_empty() {
        return i64::from(node.value);
    }
    let end = |v: i64| match v {
        i64::MIN => "-∞".to_string(),
        i64::MAX => "+∞".to_string(),
        v => v.to_string(),
    };
    out.insert(node.name.clone(), (end(alpha), end(beta)));
    let (mut a, mut b) = (alpha, beta);
    let mut v = if max { i64::MIN } else { i64::MAX };
    for &c in &node.children {
        let cv = entry_windows(nodes, c, a, b, !max, out);
        if max {
            v = v.max(cv);
            if v >= b {
                return v;
            }
            a = a.max(v);
        } else {
            v = v.min(cv);
            if v <= a {
                return v;
            }
            b = b.min(v);
        }
    }
    v
}

fn as_text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        v => v.to_string(),
    }
}

#[test]
fn alpha_and_beta_are_the_window_on_entry_in_every_view() {
    let dir = crate::support::Scratch::new("quiz-window");
    let (out, xml, gift) = (dir.join("set"), dir.join("q.xml"), dir.join("q.gift"));
    // Seed 3: issue 49's example, where "after the last update" and "on entry" differ.
    gametree(&[
        "exercise",
        "--seed",
        "3",
        "--out",
        out.to_str().unwrap(),
        "--moodle",
        xml.to_str().unwrap(),
        "--gift",
        gift.to_str().unwrap(),
    ]);
    let answers: Value = serde_json::from_str(&read(&out.join("answers.json"))).unwrap();
    let nodes = parse(answers["tree"].as_str().unwrap());
    let mut want = HashMap::new();
    entry_windows(&nodes, 0, i64::MIN, i64::MAX, true, &mut want);
    // The root is its label, A, in every view, as the sheets draw it.
    let mut asked = 0;
    for n in answers["nodes"].as_array().unwrap() {
        let name = n["name"].as_str().unwrap();
        match want.get(name) {
            Some((a, b)) => {
                asked += 1;
                assert_eq!(
                    (as_text(&n["alpha"]), as_text(&n["beta"])),
                    (a.clone(), b.clone()),
                    "answers.json at {name}"
                );
                let row = format!("<tr><td>{name}</td>");
                let xml_text = read(&xml);
                let at = xml_text.find(&row).unwrap_or_else(|| panic!("no row for {name}"));
                let row = &xml_text[at..at + xml_text[at..].find("</tr>").unwrap()];
                for end in [a, b] {
                    let field = match end.as_str() {
                        // As typed, and as the explorer writes it (U+2212).
                        "-∞" => "{1:SHORTANSWER:=-∞~=−∞".to_string(),
                        "+∞" => "{1:SHORTANSWER:=+∞".to_string(),
                        v => format!("{{1:NUMERICAL:={v}:0}}"),
                    };
                    assert!(row.contains(&field), "Moodle's row for {name} lacks {field}: {row}");
                }
                let gift_text = read(&gift);
                assert!(
                    gift_text.contains(&format!("=alpha on entry to {name} -> {a}\n")),
                    "GIFT alpha at {name}"
                );
                assert!(
                    gift_text.contains(&format!("=beta on entry to {name} -> {b}\n")),
                    "GIFT beta at {name}"
                );
            }
            None => assert!(
                n["alpha"].is_null() && n["beta"].is_null(),
                "{name} is no inner node alpha-beta enters"
            ),
        }
    }
    assert_eq!(asked, want.len(), "every node alpha-beta enters is asked");
    // The key's drawing: one alpha and one beta under each node entered, the same pairs.
    let key = read(&out.join("answers.svg"));
    let mut drawn: Vec<String> =
        key.split("α=").skip(1).map(|s| s[..s.find('<').unwrap()].to_string()).collect();
    let mut expected: Vec<String> = want.values().map(|(a, _)| a.clone()).collect();
    drawn.sort();
    expected.sort();
    assert_eq!(drawn, expected, "the key's alphas");
    // The sheets, answers.json and the quizzes say what alpha and beta are, with the tie rule.
    for text in
        [read(&out.join("worksheet.svg")), read(&xml), read(&gift), answers["window_rule"].to_string()]
    {
        assert!(text.contains("the window it is entered with"), "{}", &text[..200.min(text.len())]);
        assert!(text.contains("ties prune"));
    }
    let cs188 = dir.join("cs188");
    gametree(&["exercise", "--seed", "3", "--no-prune-on-ties", "--out", cs188.to_str().unwrap()]);
    assert!(read(&cs188.join("worksheet.svg")).contains("ties do not prune"));
}

/// The children elements of `node` named `name`.
fn kids<'a, 'i>(node: roxmltree::Node<'a, 'i>, name: &str) -> Vec<roxmltree::Node<'a, 'i>> {
    node.children().filter(|c| c.has_tag_name(name)).collect()
}

fn text_of(node: roxmltree::Node<'_, '_>, name: &str) -> String {
    let el = kids(node, name)
        .into_iter()
        .next()
        .unwrap_or_else(|| panic!("no <{name}> in <{}>", node.tag_name().name()));
    let t = kids(el, "text").into_iter().next().unwrap_or_else(|| panic!("no <text> in <{name}>"));
    t.text().unwrap_or("").to_string()
}

/// A class's quiz: Moodle XML, GIFT and the key, with `extra` options.
fn class_quiz(tag: &str, extra: &[&str]) -> (crate::support::Scratch, String, String, Value) {
    let dir = crate::support::Scratch::new(tag);
    fs::write(dir.join("class.csv"), "name,email\nAda Lovelace,a@x\nAlan Turing,b@x\nGrace Hopper,c@x\n")
        .unwrap();
    let (xml, gift) = (dir.join("q.xml"), dir.join("q.gift"));
    let mut args = vec!["exercise", "--seed", "5", "--out", "", "--class", "", "--moodle", "", "--gift", ""];
    let (out, class) = (dir.join("set"), dir.join("class.csv"));
    args[4] = out.to_str().unwrap();
    args[6] = class.to_str().unwrap();
    args[8] = xml.to_str().unwrap();
    args[10] = gift.to_str().unwrap();
    args.extend_from_slice(extra);
    gametree(&args);
    let key: Value = serde_json::from_str(&read(&out.join("class-key.json"))).unwrap();
    (dir, read(&xml), read(&gift), key)
}

#[test]
fn each_students_tree_is_one_moodle_question_that_stands_alone_in_the_quizs_category() {
    let (_dir, xml, _, key) = class_quiz("quiz-moodle", &["--category", "Week 5/alpha-beta"]);
    // Moodle's documented structure: the XML line first, <quiz> holding
    // <question>s, a category "question" giving the path, then the questions.
    assert!(xml.starts_with("<?xml version=\"1.0\""), "the xml line comes first");
    let doc = roxmltree::Document::parse(&xml).unwrap();
    let quiz = doc.root_element();
    assert_eq!(quiz.tag_name().name(), "quiz");
    let questions = kids(quiz, "question");
    assert_eq!(
        questions.len(),
        quiz.children().filter(|c| c.is_element()).count(),
        "only questions in <quiz>"
    );
    assert_eq!(questions[0].attribute("type"), Some("category"));
    assert_eq!(text_of(questions[0], "category"), "$course$/Week 5/alpha-beta");
    let students = key.as_array().unwrap();
    assert_eq!(questions.len(), 1 + students.len(), "one question per student");
    let mut trees = std::collections::HashSet::new();
    for (i, (q, student)) in questions[1..].iter().zip(students).enumerate() {
        assert_eq!(q.attribute("type"), Some("cloze"));
        assert_eq!(text_of(*q, "name"), student["student"].as_str().unwrap());
        let qt = kids(*q, "questiontext").into_iter().next().unwrap();
        assert_eq!(qt.attribute("format"), Some("html"));
        let text = text_of(*q, "questiontext");
        // The drawing is this question's own file.
        let image = format!("tree-{}.svg", i + 1);
        assert!(text.contains(&format!("src=\"@@PLUGINFILE@@/{image}\"")), "{text}");
        let file = kids(qt, "file").into_iter().next().expect("the drawing travels inside the question");
        assert_eq!(
            (file.attribute("name"), file.attribute("path"), file.attribute("encoding")),
            (Some(image.as_str()), Some("/"), Some("base64"))
        );
        let svg = String::from_utf8(
            base64::engine::general_purpose::STANDARD.decode(file.text().unwrap()).unwrap(),
        )
        .unwrap();
        assert!(svg.starts_with("<svg"));
        // Moodle's random question shows any student any tree: the drawing
        // is titled by its number in the quiz, never by a student's name.
        assert!(svg.contains(&format!(">Tree {} of {}<", i + 1, key.as_array().unwrap().len())), "{svg}");
        for other in key.as_array().unwrap() {
            assert!(!svg.contains(other["student"].as_str().unwrap()), "a student's name on tree {}", i + 1);
        }
        // Every node asked is named as the drawing names it.
        let rows: Vec<&str> =
            text.split("<tr><td>").skip(1).map(|r| &r[..r.find("</td>").unwrap()]).collect();
        assert!(rows.len() >= 4, "{text}");
        for name in rows.iter().filter(|n| **n != "the root") {
            assert!(svg.contains(&format!(">{name}</text>")), "{name} is not on the drawing");
        }
        for name in student["nodes"].as_array().unwrap().iter().filter(|n| *n != "the root") {
            assert!(
                svg.contains(&format!(">{}</text>", name.as_str().unwrap())),
                "{name} is not on the drawing"
            );
        }
        // The question says what alpha and beta are, and where the names are.
        assert!(text.contains("the window it is entered with") && text.contains("beside the edge"), "{text}");
        // Cloze fields Moodle reads: {1:TYPE:...}, one per value, alpha and beta, and the edges.
        let fields = text.matches("{1:").count();
        assert_eq!(fields, 3 * rows.len() + 1, "{text}");
        for t in ["generalfeedback", "penalty", "hidden"] {
            assert_eq!(kids(*q, t).len(), 1, "<{t}>");
        }
        trees.insert(student["tree"].as_str().unwrap().to_string());
    }
    assert_eq!(trees.len(), students.len(), "a tree of their own for each student");
}

#[test]
fn each_students_tree_is_one_gift_question_in_the_quizs_category() {
    let (_dir, _, gift, key) = class_quiz("quiz-gift", &[]);
    let first = gift.lines().next().unwrap();
    assert!(first.starts_with("$CATEGORY: $course$/gametree alpha-beta"), "{first}");
    let students = key.as_array().unwrap();
    for s in students {
        let name = s["student"].as_str().unwrap();
        assert_eq!(gift.matches(&format!("::{name}::")).count(), 1, "{name}");
    }
    // (GIFT escapes the colon.)
    assert_eq!(
        gift.matches("data\\:image/svg+xml;base64").count(),
        students.len(),
        "each question its drawing"
    );
}

#[test]
#[cfg_attr(
    not(has_gift_pegjs),
    ignore = "gift-pegjs or node absent: npm install --prefix /tmp/gametree-ci-npm gift-pegjs and set GAMETREE_GIFT_PEGJS (as .ci/run does)"
)]
fn the_gift_parser_reads_each_students_tree_as_one_matching_question() {
    let (dir, _, gift, key) = class_quiz("quiz-pegjs", &["--category", "Lab 3"]);
    let file = dir.join("q.gift");
    fs::write(&file, &gift).unwrap();
    let parser = option_env!("GAMETREE_GIFT_PEGJS_DIR").unwrap_or_default();
    let script = "const p = require(process.argv[1] + '/pegjs-gift.js');\
                  const q = p.parse(require('fs').readFileSync(process.argv[2], 'utf8'));\
                  console.log(JSON.stringify(q));";
    let out = Command::new("node").args(["-e", script, parser, file.to_str().unwrap()]).output().unwrap();
    assert!(out.status.success(), "gift-pegjs refused the quiz: {}", String::from_utf8_lossy(&out.stderr));
    let parsed: Value = serde_json::from_slice(&out.stdout).unwrap();
    let parsed = parsed.as_array().unwrap();
    assert_eq!(parsed[0]["type"], "Category");
    assert_eq!(parsed[0]["title"], "$course$/Lab 3");
    let students = key.as_array().unwrap();
    assert_eq!(parsed.len(), 1 + students.len());
    for (q, s) in parsed[1..].iter().zip(students) {
        assert_eq!(q["type"], "Matching");
        assert_eq!(q["title"], s["student"]);
        assert!(q["stem"]["text"].as_str().unwrap().contains("<img src=\"data:image/svg+xml;base64,"));
        // Each pair holds the key's answer: values, and alpha and beta on entry.
        let answers = &s["answers"];
        let mut pairs = HashMap::new();
        for p in q["matchPairs"].as_array().unwrap() {
            pairs.insert(
                p["subquestion"]["text"].as_str().unwrap().to_string(),
                p["subanswer"].as_str().unwrap().to_string(),
            );
        }
        let mut asked = 0;
        for n in answers["nodes"].as_array().unwrap() {
            if n["leaf"].as_bool().unwrap() || n["pruned"].as_bool().unwrap() {
                continue;
            }
            let name = n["name"].as_str().unwrap();
            assert_eq!(pairs[&format!("the value of {name}")], as_text(&n["value"]));
            assert_eq!(pairs[&format!("alpha on entry to {name}")], as_text(&n["alpha"]));
            assert_eq!(pairs[&format!("beta on entry to {name}")], as_text(&n["beta"]));
            asked += 3;
        }
        let edges = pairs.keys().filter(|k| k.starts_with("the edge into")).count();
        assert_eq!(pairs.len(), asked + edges);
        let pruned = pairs.values().filter(|v| *v == "pruned").count();
        assert!(pruned >= 1 && pruned <= edges);
    }
}

#[test]
fn a_node_has_one_name_in_every_view() {
    let dir = crate::support::Scratch::new("quiz-names");
    let out = dir.join("set");
    gametree(&["exercise", "--seed", "4", "--out", out.to_str().unwrap()]);
    let answers: Value = serde_json::from_str(&read(&out.join("answers.json"))).unwrap();
    let tree = answers["tree"].as_str().unwrap();
    // The textbook's names: the root A, inner nodes B, C... level by level, a
    // leaf its parent's letters in lower case and its place.
    assert!(tree.starts_with("A:(B:("), "{tree}");
    let json_file = dir.join("tree.json");
    let text = gametree(&[
        "analyse",
        "tree",
        "--position",
        tree,
        "--search",
        "alphabeta",
        "--json",
        json_file.to_str().unwrap(),
    ]);
    let text = String::from_utf8(text.stdout).unwrap();
    let json: Value = serde_json::from_str(&read(&json_file)).unwrap();
    // The same tree in the sheets' order (answers.json) and the JSON's (ids):
    // the same names, the same set.
    let mut sheet: Vec<String> =
        answers["nodes"].as_array().unwrap().iter().map(|n| n["name"].as_str().unwrap().into()).collect();
    let mut ids: Vec<String> =
        json["nodes"].as_array().unwrap().iter().map(|n| n["name"].as_str().unwrap().into()).collect();
    for n in json["nodes"].as_array().unwrap() {
        if let Some(a) = n["action"].as_str() {
            assert_eq!(n["name"], a, "a labelled node is called by its label");
        }
    }
    sheet.sort();
    ids.sort();
    assert_eq!(sheet, ids);
    // The command line's text names the decision and the line as the JSON does.
    let decision = json["decision"]["action"].as_str().unwrap();
    assert!(text.contains(&format!("decision: {decision} value")), "{text}");
    let chosen = json["nodes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|n| n["depth"] == 1 && n["action"] == decision)
        .unwrap();
    assert_eq!(chosen["name"], decision, "the decision is the chosen node's name");
    let line: Vec<&str> =
        json["principal_variation"].as_array().unwrap().iter().map(|v| v.as_str().unwrap()).collect();
    assert!(text.contains(&format!("line: {}", line.join(" "))), "{text}");
    // The drawing a student works on shows every name but the root's.
    let sheet_svg = read(&out.join("worksheet.svg"));
    for name in sheet.iter().filter(|n| *n != "the root") {
        assert!(sheet_svg.contains(&format!(">{name}</text>")), "{name}");
    }
    // The explorer's page carries the same moves, from which it names nodes
    // the same way (words.js: every move distinct and no bare number).
    let page = dir.join("page.html");
    gametree(&[
        "analyse",
        "tree",
        "--position",
        tree,
        "--search",
        "alphabeta",
        "--html",
        page.to_str().unwrap(),
    ]);
    let page = read(&page);
    for name in sheet.iter().filter(|n| *n != "the root") {
        assert!(page.contains(&format!("\"{name}\"")), "{name} is not among the page's moves");
    }
    // A tree without labels: its moves repeat (1, 2, 3), so a node is its id and move.
    let plain = gametree(&["analyse", "tree", "--position", "((3 12 8) (2 4 6))", "--json", "-"]);
    let plain: Value = serde_json::from_slice(&plain.stdout).unwrap();
    assert_eq!(plain["nodes"][0]["name"], "the root", "a root without a label");
    assert_eq!(plain["nodes"][1]["name"], format!("#1 ({})", plain["nodes"][1]["action"].as_str().unwrap()));
}
