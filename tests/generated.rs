//! What the list of games (src/games/mod.rs) writes outside the code: the
//! README's tables of games and notations, and the schema's `examples` of a
//! game's name. Each is made here from the list and compared with the file;
//! `GAMETREE_REWRITE=1` writes the files instead, so that a new game of the
//! list needs no hand edit (the failure names the command).

use gametree::games::{ALL, GameName, Settings};
use gametree::with_game;

const REWRITE: &str = "GAMETREE_REWRITE=1 cargo test --profile quick --test suite generated::";
const BEGIN: &str = "<!-- The games and their notations: made from the list of games in src/games/mod.rs (";
const END: &str = "<!-- end of the tables made from the list of games -->";

/// A cell of a Markdown table: pipes escaped.
fn cell(text: &str) -> String {
    text.replace('|', "\\|")
}

/// The README's part made from the list: the games with their depths and
/// options, then how each writes positions and actions, with its start.
fn readme_tables() -> String {
    let names: Vec<String> = ALL.iter().map(|g| format!("`{g}`")).collect();
    let mut s = format!("{BEGIN}`{REWRITE}` rewrites it) -->\n");
    s.push_str(&format!(
        "Games: {}. What each is, the depth it searches to when none is given, and\n\
         the options only it takes (given for another game, these are refused):\n\n",
        names.join(", ")
    ));
    s.push_str("| game | what it is | `--depth` | own options |\n| --- | --- | --- | --- |\n");
    for &name in ALL {
        let entry = name.entry();
        let options: Vec<String> =
            entry.options.iter().map(|o| format!("`--{} N`: {}", o.name, cell(o.help))).collect();
        let row = [name.as_str(), &cell(entry.about), &name.default_depth().to_string(), &options.join("; ")];
        s.push_str(&format!("| {} |\n", row.join(" | ")).replace("|  |", "| |"));
    }
    s.push_str("\nPositions (`--position`, saved games) and actions (`gametree rules GAME` tells more):\n\n");
    s.push_str("| game | notation | the start |\n| --- | --- | --- |\n");
    for &name in ALL {
        let start = with_game!(name, &Settings::default(), |g| g.format_position(&g.start()));
        s.push_str(&format!("| {name} | {} | `{}` |\n", cell(name.entry().notation), cell(&start)));
    }
    s.push('\n');
    s.push_str(END);
    s
}

/// `readme` with its part made from the list replaced by `tables`.
fn readme_with(readme: &str, tables: &str) -> Result<String, String> {
    let begin = readme.find(BEGIN).ok_or("README.md has no line starting the tables made from the list")?;
    let end =
        readme[begin..].find(END).ok_or("README.md has no line ending the tables made from the list")?;
    Ok(format!("{}{tables}{}", &readme[..begin], &readme[begin + end + END.len()..]))
}

/// `schema` with the `examples` of the `game` property listing the games of
/// the list in order, written as the file writes arrays.
fn schema_with(schema: &str) -> Result<String, String> {
    let game = schema.find("\"game\": {").ok_or("the schema has no \"game\" property")?;
    let open = game + schema[game..].find("\"examples\": [").ok_or("the schema's game has no examples")?;
    let open = open + "\"examples\": [".len();
    let close = open + schema[open..].find(']').ok_or("the schema's examples do not end")?;
    let line = &schema[..open];
    let last = &line[line.rfind('\n').map_or(0, |i| i + 1)..];
    let indent = last.len() - last.trim_start().len();
    let pad = " ".repeat(indent);
    let names: Vec<String> = ALL.iter().map(|g| format!("{pad}  \"{g}\"")).collect();
    Ok(format!("{line}\n{}\n{pad}{}", names.join(",\n"), &schema[close..]))
}

/// What makes a file's text from its text now.
type Maker<'a> = dyn Fn(&str) -> Result<String, String> + 'a;

#[test]
fn the_readme_and_the_schema_follow_the_list_of_games() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let rewrite = std::env::var_os("GAMETREE_REWRITE").is_some_and(|v| v == "1");
    let tables = readme_tables();
    let readme = |t: &str| readme_with(t, &tables);
    let files: [(&str, &Maker<'_>); 2] = [("README.md", &readme), ("docs/tree.schema.json", &schema_with)];
    let mut stale = Vec::new();
    for (file, make) in files {
        let path = root.join(file);
        let now = std::fs::read_to_string(&path).unwrap();
        let want = make(&now).unwrap_or_else(|e| panic!("{file}: {e}"));
        if now != want {
            if rewrite {
                std::fs::write(&path, &want).unwrap();
            } else {
                stale.push(file);
            }
        }
    }
    assert!(
        stale.is_empty(),
        "{} do not follow the list of games: `{REWRITE}` rewrites them",
        stale.join(" and ")
    );
}

/// The tables name every game of the list once, in its order, with its
/// depth: what the comparison above holds the README to is the list itself.
#[test]
fn the_tables_say_what_the_list_says() {
    let tables = readme_tables();
    let rows = |header: &str| -> Vec<String> {
        let at = tables.find(header).unwrap();
        tables[at..].lines().skip(2).take_while(|l| l.starts_with('|')).map(String::from).collect()
    };
    let games = rows("| game | what it is |");
    let notations = rows("| game | notation |");
    assert_eq!(games.len(), ALL.len());
    assert_eq!(notations.len(), ALL.len());
    for ((&name, game), notation) in ALL.iter().zip(&games).zip(&notations) {
        let depth = GameName::default_depth(name);
        assert!(game.starts_with(&format!("| {name} | ")), "{game}");
        assert!(game.contains(&format!(" | {depth} | ")), "{game}");
        for o in name.entry().options {
            assert!(game.contains(&format!("`--{} N`", o.name)), "{game}");
        }
        assert!(notation.starts_with(&format!("| {name} | ")), "{notation}");
    }
    let schema = schema_with("{\"game\": {\n  \"examples\": [\"x\"]\n}}").unwrap();
    let examples: serde_json::Value = serde_json::from_str(&schema).unwrap();
    let listed: Vec<&str> = ALL.iter().map(|g| g.as_str()).collect();
    assert_eq!(examples["game"]["examples"], serde_json::json!(listed));
}
