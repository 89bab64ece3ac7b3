//! Exercises as quizzes for a learning management system: Moodle XML (one
//! cloze question per tree: the worksheet's drawing as an embedded image, a
//! number to give for each node's value, alpha and beta, and the pruned edges
//! to tick) and GIFT (the same asked as one question per answer). Both read
//! the laid-out sheet, which the worksheet and its key are drawn from.

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

/// Each place's name: the actions from the root, joined by dots (`2.1`), or
/// `root`.
pub fn node_names(sheet: &Sheet) -> Vec<String> {
    let mut names: Vec<String> = Vec::with_capacity(sheet.places.len());
    for p in &sheet.places {
        let name = match p.parent {
            None => "root".to_string(),
            Some(q) if sheet.places[q].parent.is_none() => p.action.clone(),
            Some(q) => format!("{}.{}", names[q], p.action),
        };
        names.push(name);
    }
    names
}

/// The edges whose crossing-out the key shows: into a pruned node from one
/// that was searched.
fn pruned_edges(sheet: &Sheet) -> Vec<bool> {
    sheet.places.iter().map(|p| p.pruned && p.parent.is_some_and(|q| !sheet.places[q].pruned)).collect()
}

/// What to ask of one node: its value, and its final alpha and beta where the
/// search changed them.
fn asked(p: &Place) -> Option<(i32, Option<(WindowEnd, WindowEnd)>)> {
    if p.leaf || p.pruned {
        return None;
    }
    p.value.map(|v| (v, p.changed))
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
        WindowEnd::MinusInfinity => "{1:SHORTANSWER:=-∞~=-inf~=-infinity}".to_string(),
        WindowEnd::PlusInfinity => "{1:SHORTANSWER:=+∞~=+inf~=+infinity~=∞~=inf~=infinity}".to_string(),
    }
}

/// The edges a quiz asks to tick, when alpha-beta prunes any: each edge
/// ("the edge into NAME", escaped by `escape`) with whether it is pruned, and
/// the share of the marks (a percentage) each right or wrong tick carries.
fn edge_choices(
    sheet: &Sheet,
    names: &[String],
    escape: fn(&str) -> String,
) -> Option<(String, Vec<(String, bool)>)> {
    let cut = pruned_edges(sheet);
    let crossed = cut.iter().filter(|c| **c).count();
    if sheet.rule.is_none() || crossed == 0 {
        return None;
    }
    let edges = sheet
        .places
        .iter()
        .zip(names)
        .zip(cut)
        .filter(|((p, _), _)| p.parent.is_some())
        .map(|((_, name), c)| (escape(&format!("the edge into {name}")), c))
        .collect();
    Some((share(crossed), edges))
}

/// The quiz as Moodle XML: a `cloze` question per tree.
pub fn moodle_xml(questions: &[Question<'_>]) -> String {
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<quiz>\n");
    for (i, q) in questions.iter().enumerate() {
        let sheet = q.sheet;
        let names = node_names(sheet);
        let image = format!("tree-{}.svg", i + 1);
        let mut text = format!(
            "<p>{}</p>\n<p><img src=\"@@PLUGINFILE@@/{image}\" alt=\"the tree: MAX at the triangles pointing up, MIN at those pointing down, the leaves' values given\"></p>\n",
            escape_xml(&sheet.question)
        );
        text.push_str("<table>\n<tr><th>node</th><th>value</th>");
        if sheet.rule.is_some() {
            text.push_str("<th>α at the end</th><th>β at the end</th>");
        }
        text.push_str("</tr>\n");
        for (p, name) in sheet.places.iter().zip(&names) {
            let Some((value, window)) = asked(p) else { continue };
            text.push_str(&format!("<tr><td>{}</td><td>{{1:NUMERICAL:={value}:0}}</td>", escape_xml(name)));
            if sheet.rule.is_some() {
                match window {
                    Some((a, b)) => {
                        text.push_str(&format!("<td>{}</td><td>{}</td>", cloze_end(a), cloze_end(b)))
                    }
                    None => text.push_str("<td>unchanged</td><td>unchanged</td>"),
                }
            }
            text.push_str("</tr>\n");
        }
        text.push_str("</table>\n");
        if let Some((w, edges)) = edge_choices(sheet, &names, cloze_text) {
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
        out.push_str(&format!("    <name><text>{}</text></name>\n", escape_xml(q.name)));
        out.push_str(&format!("    <questiontext format=\"html\">\n      <text><![CDATA[{text}]]></text>\n"));
        out.push_str(&format!(
            "      <file name=\"{image}\" path=\"/\" encoding=\"base64\">{}</file>\n",
            STANDARD.encode(q.svg)
        ));
        out.push_str("    </questiontext>\n");
        out.push_str("    <generalfeedback format=\"html\"><text></text></generalfeedback>\n");
        out.push_str("    <penalty>0.3333333</penalty>\n    <hidden>0</hidden>\n  </question>\n");
    }
    out.push_str("</quiz>\n");
    out
}

/// GIFT's special characters escaped: `~ = # { } :` and `\`.
fn gift_text(text: &str) -> String {
    backslashed(text, &['~', '=', '#', '{', '}', ':', '\\'])
}

/// A window end as a GIFT answer: a number, or the infinities as short answers.
fn gift_end(v: WindowEnd) -> String {
    match v {
        WindowEnd::Value(v) => format!("{{#{v}}}"),
        WindowEnd::MinusInfinity => "{=-∞ =-inf =-infinity}".to_string(),
        WindowEnd::PlusInfinity => "{=+∞ =+inf =+infinity =∞ =inf =infinity}".to_string(),
    }
}

/// The quiz as GIFT: for each tree, a question per value, alpha and beta to
/// give, and one for the pruned edges; the first carries the drawing.
pub fn gift(questions: &[Question<'_>]) -> String {
    let mut out = String::new();
    for q in questions {
        let sheet = q.sheet;
        let names = node_names(sheet);
        let image = gift_text(&format!(
            "<p><img src=\"data:image/svg+xml;base64,{}\" alt=\"the tree\"></p>",
            STANDARD.encode(q.svg)
        ));
        let mut first = true;
        let mut ask = |out: &mut String, title: String, text: String, answer: String| {
            let shown =
                if first { format!("{image}<p>{}</p>", gift_text(&sheet.question)) } else { String::new() };
            first = false;
            out.push_str(&format!(
                "::{}::[html]{shown}<p>{}</p>{answer}\n\n",
                gift_text(&title),
                gift_text(&text)
            ));
        };
        out.push_str(&format!("// {}\n", q.name.replace('\n', " ")));
        for (p, name) in sheet.places.iter().zip(&names) {
            let Some((value, window)) = asked(p) else { continue };
            ask(
                &mut out,
                format!("{}: value of {name}", q.name),
                format!("The value of {name}?"),
                format!("{{#{value}}}"),
            );
            if let (Some(_), Some((a, b))) = (sheet.rule, window) {
                ask(
                    &mut out,
                    format!("{}: alpha at {name}", q.name),
                    format!("Alpha at {name} when the search leaves it?"),
                    gift_end(a),
                );
                ask(
                    &mut out,
                    format!("{}: beta at {name}", q.name),
                    format!("Beta at {name} when the search leaves it?"),
                    gift_end(b),
                );
            }
        }
        if let Some((w, edges)) = edge_choices(sheet, &names, gift_text) {
            let choices: Vec<String> = edges
                .into_iter()
                .map(|(edge, c)| if c { format!("~%{w}%{edge}") } else { format!("~%-{w}%{edge}") })
                .collect();
            ask(
                &mut out,
                format!("{}: pruned edges", q.name),
                "Which edges does alpha-beta prune (never follow from a node it searched)?".to_string(),
                format!("{{{}}}", choices.join(" ")),
            );
        }
    }
    out
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
    let answers =
        super::answers::write(&sheet, &tree_text, &sheet.index, &events).map_err(|e| e.to_string())?;
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
