//! Exercises as quizzes for a learning management system. Each student's
//! tree is ONE question that stands alone: the tree's drawing embedded in it,
//! the nodes named as the drawing names them (`export::names`: the letters
//! beside the edges, and "the root"), the one line saying what alpha and beta
//! are (the window a node is entered with) and which tie convention holds,
//! and every answer asked inside it. All of a quiz's questions go into one
//! category of the question bank, so that a Moodle quiz of one "random
//! question from category" slot gives each student a tree of their own.
//!
//! Moodle XML: a `cloze` question (a number per value, alpha and beta, and
//! the pruned edges to tick), the drawing attached as a file. GIFT has no
//! cloze: a `matching` question (each "value of B", "alpha at B", "the edge
//! into c3" matched to its answer), the drawing inline as a data URI.

use base64::Engine;
use base64::engine::general_purpose::STANDARD;

use super::sheet::{Place, Sheet};
use crate::search::trace::WindowEnd;

/// One tree to ask about.
pub struct Question<'a> {
    /// The question's name in the LMS's question bank (a student's name for
    /// a class).
    pub name: &'a str,
    /// The searched tree, laid out.
    pub sheet: &'a Sheet,
    /// The worksheet's drawing (`svg::write(sheet, false, ...)`): the tree with
    /// its leaves' values and nothing else.
    pub svg: &'a str,
}

/// Each place's name, as every view names it.
pub fn node_names(sheet: &Sheet) -> Vec<String> {
    sheet.places.iter().map(|p| p.name.clone()).collect()
}

/// The edges whose crossing-out the key shows: into a pruned node from one
/// that was searched.
fn pruned_edges(sheet: &Sheet) -> Vec<bool> {
    sheet.places.iter().map(|p| p.pruned && p.parent.is_some_and(|q| !sheet.places[q].pruned)).collect()
}

/// What to ask of one node: its value, and (alpha-beta) the window it was
/// entered with.
fn asked(p: &Place) -> Option<(i32, Option<(WindowEnd, WindowEnd)>)> {
    if p.leaf || p.pruned {
        return None;
    }
    p.value.map(|v| (v, p.window))
}

/// A fraction Moodle accepts for `k` equal parts of a mark (100/k, five decimals).
fn share(k: usize) -> String {
    let f = format!("{:.5}", 100.0 / k as f64);
    f.trim_end_matches('0').trim_end_matches('.').to_string()
}

fn escape_xml(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// `text` with a backslash before each of `specials`.
fn backslashed(text: &str, specials: &[char]) -> String {
    let mut out = String::new();
    for c in text.chars() {
        if specials.contains(&c) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// A cloze field's text: `}`, `#`, `~`, `/`, `"` and `\` escaped.
fn cloze_text(text: &str) -> String {
    backslashed(text, &['}', '#', '~', '/', '"', '\\'])
}

/// A window end as a cloze field: a number, or the infinities as short answers.
fn cloze_end(v: WindowEnd) -> String {
    match v {
        WindowEnd::Value(v) => format!("{{1:NUMERICAL:={v}:0}}"),
        WindowEnd::MinusInfinity => "{1:SHORTANSWER:=-∞~=−∞~=-inf~=−inf~=-infinity}".to_string(),
        WindowEnd::PlusInfinity => "{1:SHORTANSWER:=+∞~=+inf~=+infinity~=∞~=inf~=infinity}".to_string(),
    }
}

/// A window end as a person writes it.
fn end_text(v: WindowEnd) -> String {
    super::sheet::bound(v, "∞")
}

/// The edges a quiz asks to tick, when alpha-beta prunes any: each edge
/// ("the edge into NAME", escaped by `escape`) with whether it is pruned, and
/// the share of the marks (a percentage) each right or wrong tick carries.
fn edge_choices(sheet: &Sheet, escape: fn(&str) -> String) -> Option<(String, Vec<(String, bool)>)> {
    let cut = pruned_edges(sheet);
    let crossed = cut.iter().filter(|c| **c).count();
    if sheet.rule.is_none() || crossed == 0 {
        return None;
    }
    let edges = sheet
        .places
        .iter()
        .zip(cut)
        // Only edges out of nodes the search entered: under a pruned node
        // nothing is followed or pruned, it is never reached.
        .filter(|(p, _)| p.parent.is_some_and(|q| !sheet.places[q].pruned))
        .map(|(p, c)| (escape(&format!("the edge into {}", p.name)), c))
        .collect();
    Some((share(crossed), edges))
}

/// The question's words before its answers: what to do, what alpha and beta
/// are with the tie convention, and where the names are on the drawing.
fn preamble(sheet: &Sheet) -> Vec<String> {
    vec![
        sheet.question.clone(),
        "Each node is named by the letters beside the edge into it on the drawing; the top node is the root."
            .to_string(),
    ]
}

/// The category a quiz's questions are imported into, as Moodle's formats
/// write its path: under the course, `$course$/NAME` (a `/` in NAME makes a
/// subcategory).
pub fn category_path(category: &str) -> String {
    format!("$course$/{}", category.trim().trim_matches('/'))
}

/// The quiz as Moodle XML: the category, then a `cloze` question per tree.
pub fn moodle_xml(questions: &[Question<'_>], category: &str) -> String {
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<quiz>\n");
    out.push_str(&format!(
        "  <question type=\"category\">\n    <category>\n      <text>{}</text>\n    </category>\n    <info format=\"html\">\n      <text>{}</text>\n    </info>\n  </question>\n",
        escape_xml(&category_path(category)),
        escape_xml("A game tree per student, written by gametree: use one \"random question\" from this category.")
    ));
    for (i, q) in questions.iter().enumerate() {
        let sheet = q.sheet;
        let image = format!("tree-{}.svg", i + 1);
        let mut text: String =
            preamble(sheet).iter().map(|l| format!("<p>{}</p>\n", escape_xml(l))).collect();
        text.push_str(&format!(
            "<p><img src=\"@@PLUGINFILE@@/{image}\" alt=\"the tree: MAX at the triangles pointing up, MIN at those pointing down, each node's name beside the edge into it, the leaves' values given\"></p>\n"
        ));
        text.push_str("<table>\n<tr><th>node</th><th>value</th>");
        if sheet.rule.is_some() {
            text.push_str("<th>α on entry</th><th>β on entry</th>");
        }
        text.push_str("</tr>\n");
        for p in &sheet.places {
            let Some((value, window)) = asked(p) else { continue };
            text.push_str(&format!(
                "<tr><td>{}</td><td>{{1:NUMERICAL:={value}:0}}</td>",
                escape_xml(&p.name)
            ));
            if let (Some(_), Some((a, b))) = (sheet.rule, window) {
                text.push_str(&format!("<td>{}</td><td>{}</td>", cloze_end(a), cloze_end(b)));
            }
            text.push_str("</tr>\n");
        }
        text.push_str("</table>\n");
        if let Some((w, edges)) = edge_choices(sheet, cloze_text) {
            let choices: Vec<String> = edges
                .into_iter()
                .map(|(edge, c)| if c { format!("%{w}%{edge}") } else { format!("%-{w}%{edge}") })
                .collect();
            text.push_str(&format!(
                "<p>The edges alpha-beta prunes (tick each edge it never follows from a node it searched):</p>\n<p>{{1:MULTIRESPONSE:{}}}</p>\n",
                choices.join("~")
            ));
        }
        out.push_str("  <question type=\"cloze\">\n");
        out.push_str(&format!("    <name>\n      <text>{}</text>\n    </name>\n", escape_xml(q.name)));
        out.push_str(&format!("    <questiontext format=\"html\">\n      <text><![CDATA[{text}]]></text>\n"));
        out.push_str(&format!(
            "      <file name=\"{image}\" path=\"/\" encoding=\"base64\">{}</file>\n",
            STANDARD.encode(q.svg)
        ));
        out.push_str("    </questiontext>\n");
        out.push_str("    <generalfeedback format=\"html\">\n      <text></text>\n    </generalfeedback>\n");
        out.push_str("    <penalty>0.3333333</penalty>\n    <hidden>0</hidden>\n  </question>\n");
    }
    out.push_str("</quiz>\n");
    out
}

/// GIFT's special characters escaped: `~ = # { } :` and `\`.
fn gift_text(text: &str) -> String {
    backslashed(text, &['~', '=', '#', '{', '}', ':', '\\'])
}

/// The quiz as GIFT: the category, then for each tree one `matching`
/// question: every value, alpha and beta to give and every edge to call
/// pruned or followed, matched to its answer.
pub fn gift(questions: &[Question<'_>], category: &str) -> String {
    let mut out = format!("$CATEGORY: {}\n\n", category_path(category).replace('\n', " "));
    for q in questions {
        let sheet = q.sheet;
        let mut text: String = preamble(sheet).iter().map(|l| format!("<p>{}</p>", gift_text(l))).collect();
        text.push_str(&gift_text(&format!(
            "<p><img src=\"data:image/svg+xml;base64,{}\" alt=\"the tree: each node's name beside the edge into it\"></p>",
            STANDARD.encode(q.svg)
        )));
        text.push_str("<p>Match each question about the tree to its answer.</p>");
        let mut pairs: Vec<(String, String)> = Vec::new();
        for p in &sheet.places {
            let Some((value, window)) = asked(p) else { continue };
            pairs.push((format!("the value of {}", p.name), value.to_string()));
            if let (Some(_), Some((a, b))) = (sheet.rule, window) {
                pairs.push((format!("alpha on entry to {}", p.name), end_text(a)));
                pairs.push((format!("beta on entry to {}", p.name), end_text(b)));
            }
        }
        if let Some((_, edges)) = edge_choices(sheet, |t| t.to_string()) {
            for (edge, cut) in edges {
                pairs.push((edge, if cut { "pruned" } else { "followed" }.to_string()));
            }
        }
        out.push_str(&format!("// {}\n", q.name.replace(['\n', '\r'], " ")));
        out.push_str(&format!("::{}::[html]{text}{{\n", gift_text(q.name)));
        for (ask, answer) in pairs {
            out.push_str(&format!("  ={} -> {}\n", gift_text(&ask), gift_text(&answer)));
        }
        out.push_str("}\n\n");
    }
    out
}

/// A class's quiz: a tree for each of `names` from seeds `seed`, `seed + 1`,
/// ... (as `exercise --seed` draws them), as Moodle XML, GIFT and the key
/// (JSON), the questions in `category`. What the command line's
/// `exercise --class/--moodle/--gift` and Python's `quiz` write.
pub struct ClassQuiz {
    /// Moodle XML.
    pub moodle: String,
    /// GIFT.
    pub gift: String,
    /// The teacher's key, JSON: each student's name, seed, tree and answers.
    pub key: String,
}

/// The class quiz of `names` (see [`ClassQuiz`]).
pub fn class(
    names: &[String],
    seed: u64,
    constraints: &super::generate::Constraints,
    alphabeta: bool,
    category: &str,
) -> Result<ClassQuiz, String> {
    if category.trim().trim_matches('/').is_empty() || category.chars().any(char::is_control) {
        return Err(format!(
            "the category {category:?} is no name: give the question bank category a name on one line"
        ));
    }
    let seeds: Vec<u64> = (0..names.len()).map(|i| seed.wrapping_add(i as u64)).collect();
    // Each drawing is titled by its number in the quiz, not the student's
    // name: Moodle's random question from the category may show it to
    // anyone. The question's name in the bank, and the key, are the
    // student's.
    let made = seeds
        .iter()
        .enumerate()
        .map(|(k, &s)| textbook(s, constraints, alphabeta, format!("Tree {} of {}", k + 1, names.len())))
        .collect::<Result<Vec<_>, _>>()?;
    let questions: Vec<Question<'_>> =
        names.iter().zip(&made).map(|(name, m)| Question { name, sheet: &m.sheet, svg: &m.svg }).collect();
    Ok(ClassQuiz {
        moodle: moodle_xml(&questions, category),
        gift: gift(&questions, category),
        key: key(names, &seeds, &made).map_err(|e| e.to_string())?,
    })
}

/// The category a quiz goes into unless the teacher names one: the search,
/// its tie convention and the first seed, so two quizzes never share one.
pub fn default_category(seed: u64, alphabeta: bool, rule: crate::search::alphabeta::Pruning) -> String {
    if alphabeta {
        format!("gametree alpha-beta ({}), seed {seed}", rule.name())
    } else {
        format!("gametree minimax, seed {seed}")
    }
}

/// A random textbook tree made into an exercise for a quiz: the tree, its
/// sheet, the worksheet's drawing and the key's answers.
pub struct Made {
    /// The tree in the `tree` game's notation.
    pub tree: String,
    /// The searched tree, laid out, titled as asked.
    pub sheet: Sheet,
    /// The worksheet's drawing, SVG (A4).
    pub svg: String,
    /// The answers as `gametree exercise` writes them (`answers.json`).
    pub answers: String,
}

/// The exercise of `seed` under `constraints` (searched by alpha-beta when
/// `alphabeta`, else minimax), titled `title`: what the command line's
/// `exercise --moodle/--gift` and the Python module's `quiz` ask about.
pub fn textbook(
    seed: u64,
    constraints: &super::generate::Constraints,
    alphabeta: bool,
    title: String,
) -> Result<Made, String> {
    use crate::game::prelude::*;
    use crate::games::tree::TextbookTree;
    use crate::limits::Limits;
    use crate::search::{alphabeta as ab, back_propagate_observed};
    use crate::tree::{Tree, TreeArena};

    let game = TextbookTree::default();
    let text = super::generate::generate(seed, constraints, alphabeta).map_err(|e| e.to_string())?;
    let pos = game.parse_position(&text).map_err(|e| e.to_string())?;
    let mut arena = TreeArena::new();
    let limits = Limits { threads: 1, ..Limits::default() };
    let tree = Tree::build(&mut arena, &game, pos, constraints.depth, &limits).map_err(|e| e.to_string())?;
    let mut events = Vec::new();
    let windows = if alphabeta {
        Some(ab::run_with_rule(&tree, constraints.rule, &mut events))
    } else {
        back_propagate_observed(tree.root, &mut events);
        None
    };
    let sheet = super::sheet::lay_out(&game, &tree, windows.as_deref(), &events, title);
    let tree_text = game.format_position(&tree.root_position);
    let answers = super::answers::write(&sheet, &tree_text, &events).map_err(|e| e.to_string())?;
    let svg = super::svg::write(&sheet, false, super::page::Paper::A4);
    Ok(Made { tree: tree_text, sheet, svg, answers })
}

/// The names of a class list: one a line (a CSV's first column, which may be
/// quoted: `"Lovelace, Ada",...`), blank lines skipped, and a first line that
/// is a spreadsheet's header (`name`, `student`, `full name`...) too; none,
/// an empty one or one twice is refused.
pub fn roster(text: &str) -> Result<Vec<String>, String> {
    let mut names: Vec<String> =
        text.lines().map(|l| first_field(l).trim().to_string()).filter(|n| !n.is_empty()).collect();
    if names.first().is_some_and(|n| is_header(n)) {
        names.remove(0);
    }
    if names.is_empty() {
        return Err("the class list has no names (or an empty one): give a name per line".into());
    }
    if let Some(dup) = names.iter().enumerate().find_map(|(i, n)| names[..i].contains(n).then_some(n)) {
        return Err(format!("{dup:?} is in the class list twice; each student needs a name of their own"));
    }
    Ok(names)
}

/// A CSV line's first field: up to the first comma, or a quoted field with
/// its `""` read as `"`.
fn first_field(line: &str) -> String {
    let line = line.trim_start();
    let Some(quoted) = line.strip_prefix('"') else {
        return line.split(',').next().unwrap_or("").to_string();
    };
    let mut field = String::new();
    let mut chars = quoted.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' if chars.peek() == Some(&'"') => {
                chars.next();
                field.push('"');
            }
            '"' => break,
            c => field.push(c),
        }
    }
    field
}

/// Whether a class list's first name is its column's heading.
fn is_header(name: &str) -> bool {
    let words = name.to_lowercase().replace(['_', '-'], " ");
    ["name", "names", "student", "students", "full name", "student name", "first name", "learner"]
        .contains(&words.trim())
}

/// The key of a class's quiz, one entry per student, as JSON.
pub fn key(names: &[String], seeds: &[u64], made: &[Made]) -> serde_json::Result<String> {
    let entries: Vec<serde_json::Value> = names
        .iter()
        .zip(seeds)
        .zip(made)
        .map(|((name, seed), m)| {
            Ok(serde_json::json!({
                "student": name,
                "seed": seed,
                "tree": m.tree,
                "nodes": node_names(&m.sheet),
                "answers": serde_json::from_str::<serde_json::Value>(&m.answers)?,
            }))
        })
        .collect::<serde_json::Result<_>>()?;
    Ok(serde_json::to_string_pretty(&entries)? + "\n")
}

#[cfg(test)]
mod tests {
    use super::roster;

    #[test]
    fn a_class_list_is_its_first_column_without_a_header() {
        let text = "Name,Email\n\"Lovelace, Ada\",ada@example.org\nAlan Turing\n\n  \"Grace \"\"Amazing\"\" Hopper\"\n";
        assert_eq!(roster(text).unwrap(), ["Lovelace, Ada", "Alan Turing", "Grace \"Amazing\" Hopper"]);
        // A header only on the first line: a student may be called Name.
        assert_eq!(roster("Ann\nName\n").unwrap(), ["Ann", "Name"]);
        assert!(roster("student\n\n").unwrap_err().contains("no names"));
        assert!(roster("Ann\n\"Ann\"\n").unwrap_err().contains("twice"));
    }
}
