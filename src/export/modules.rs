//! The explorer's script as ES modules, bundled into the one classic script
//! a page carries (it opens from disk and fetches nothing, so it cannot load
//! module files, and an import map of inlined modules is refused by the
//! pages' content security policy).
//!
//! Each file says what it takes from which file (`import { a, b as c } from
//! './x.js';`, or `import './x.js';` for what it does) and what it gives
//! (`export function f`, `export const x`, `export class C`, `export { a, b };`).
//! The bundle holds the modules the entry reaches, each after the modules it
//! imports, each in a scope of its own:
//!
//! ```text
//! const __m_nodes = (() => {
//! const { a, b } = __m_data;
//! ...the module's text, less its import lines and `export` words...
//! return { render, renderSome };
//! })();
//! ```
//!
//! Imported names are bound once, when the importing module runs, so an
//! export is never a variable another module sees change (`export let` is
//! refused: a module shares changing state as an object, `state.js`), and an
//! import cycle is refused (without live bindings, one side of it would read a
//! name before its module ran). Only lines that start with `import` or
//! `export` are read; the rest of the text is the browser's to parse.

use std::collections::HashMap;

/// A module: its file name (`nodes.js`) and text.
#[derive(Clone, Copy, Debug)]
pub struct Module {
    /// The file's name, as imports name it (`nodes.js`).
    pub name: &'static str,
    /// The file's text.
    pub text: &'static str,
}

/// What one import statement takes: `(exported, local)` pairs, none for an
/// import run for what the module does.
struct Import {
    from: String,
    names: Vec<(String, String)>,
}

/// A module read: its imports, its exports, and its body without either.
struct Parsed {
    imports: Vec<Import>,
    exports: Vec<String>,
    body: String,
}

/// The bundle of `entry` and every module it reaches, among `modules`, in an
/// order where each comes after what it imports. Errors name the file.
pub fn bundle(modules: &[Module], entry: &str) -> Result<String, String> {
    bundle_all(modules, &[entry])
}

/// The bundle of several entries, run in the order given, each module once:
/// the explorer's `start.js` and then the views a page adds to it
/// (`deepening.js`...), which import what they use from the explorer's
/// modules without running them a second time.
pub fn bundle_all(modules: &[Module], entries: &[&str]) -> Result<String, String> {
    let by_name: HashMap<&str, &Module> = modules.iter().map(|m| (m.name, m)).collect();
    let mut parsed: HashMap<&str, Parsed> = HashMap::new();
    let mut order: Vec<&str> = Vec::new();
    // Depth first from the entry; `path` is the chain being visited, where
    // meeting a module again is a cycle.
    fn visit<'a>(
        name: &'a str,
        by_name: &HashMap<&'a str, &'a Module>,
        parsed: &mut HashMap<&'a str, Parsed>,
        order: &mut Vec<&'a str>,
        path: &mut Vec<&'a str>,
    ) -> Result<(), String> {
        if let Some(k) = path.iter().position(|&p| p == name) {
            let mut chain: Vec<&str> = path[k..].to_vec();
            chain.push(name);
            return Err(format!("import cycle: {}", chain.join(" → ")));
        }
        if parsed.contains_key(name) {
            return Ok(());
        }
        let module = by_name.get(name).ok_or_else(|| format!("no module {name}"))?;
        let p = parse(module)?;
        let deps: Vec<&'a str> = p
            .imports
            .iter()
            .map(|i| {
                by_name
                    .get_key_value(i.from.as_str())
                    .map(|(k, _)| *k)
                    .ok_or_else(|| format!("{name} imports {}, which is no module of the page", i.from))
            })
            .collect::<Result<_, _>>()?;
        path.push(name);
        for d in deps {
            visit(d, by_name, parsed, order, path)?;
        }
        path.pop();
        parsed.insert(name, p);
        order.push(name);
        Ok(())
    }
    for entry in entries {
        let (&name, _) = by_name.get_key_value(entry).ok_or_else(|| format!("no module {entry}"))?;
        visit(name, &by_name, &mut parsed, &mut order, &mut Vec::new())?;
    }
    let mut out = String::new();
    for name in &order {
        let p = &parsed[name];
        out.push_str(&format!("// ---- {name}\nconst {} = (() => {{\n", var(name)));
        for i in &p.imports {
            let from = &parsed[i.from.as_str()];
            for (e, _) in &i.names {
                if !from.exports.contains(e) {
                    return Err(format!("{name} imports {e} from {}, which does not export it", i.from));
                }
            }
            if !i.names.is_empty() {
                let list: Vec<String> = i
                    .names
                    .iter()
                    .map(|(e, l)| if e == l { e.clone() } else { format!("{e}: {l}") })
                    .collect();
                out.push_str(&format!("const {{ {} }} = {};\n", list.join(", "), var(&i.from)));
            }
        }
        out.push_str(&p.body);
        out.push_str(&format!("return {{ {} }};\n}})();\n", p.exports.join(", ")));
    }
    if out.contains("</script") {
        return Err("the script holds </script, which would end its element".into());
    }
    Ok(out)
}

/// The name a module's exports go by in the bundle.
fn var(name: &str) -> String {
    let stem = name.strip_suffix(".js").unwrap_or(name);
    format!(
        "__m_{}",
        stem.chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '_' }).collect::<String>()
    )
}

fn is_ident(s: &str) -> bool {
    let mut cs = s.chars();
    cs.next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_' || c == '$')
        && cs.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$')
}

/// The identifier at the start of `s`.
fn ident_at(s: &str) -> &str {
    let end = s.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '$')).unwrap_or(s.len());
    &s[..end]
}

/// Reads a module's import and export lines; an import or export list may
/// run over several lines, up to its `;`.
fn parse(module: &Module) -> Result<Parsed, String> {
    let name = module.name;
    let bad = |what: &str| format!("{name}: {what}");
    let mut imports = Vec::new();
    let mut exports: Vec<String> = Vec::new();
    let mut body = String::with_capacity(module.text.len());
    let mut lines = module.text.lines();
    while let Some(line) = lines.next() {
        let statement = |first: &str, lines: &mut std::str::Lines| -> Result<String, String> {
            let mut s = first.to_string();
            while !s.trim_end().ends_with(';') {
                s.push(' ');
                s.push_str(lines.next().ok_or_else(|| bad("an import or export list with no ;"))?);
            }
            Ok(s.trim_end().trim_end_matches(';').to_string())
        };
        if line.starts_with("import ") || line.starts_with("import{") {
            let s = statement(line, &mut lines)?;
            let rest = s["import".len()..].trim();
            let (list, from) = if let Some(r) = rest.strip_prefix('{') {
                let (list, after) =
                    r.split_once('}').ok_or_else(|| bad(&format!("unclosed import list: {s}")))?;
                let from = after
                    .trim()
                    .strip_prefix("from")
                    .ok_or_else(|| bad(&format!("an import with no from: {s}")))?;
                (Some(list), from.trim())
            } else {
                (None, rest)
            };
            let from = from
                .strip_prefix("'./")
                .and_then(|f| f.strip_suffix('\''))
                .ok_or_else(|| bad(&format!("imports are from './file.js' (single quotes): {s}")))?;
            let mut names = Vec::new();
            for item in list.unwrap_or("").split(',').map(str::trim).filter(|i| !i.is_empty()) {
                let (e, l) = match item.split_once(" as ") {
                    Some((e, l)) => (e.trim(), l.trim()),
                    None => (item, item),
                };
                if !is_ident(e) || !is_ident(l) {
                    return Err(bad(&format!("not a name to import: {item}")));
                }
                names.push((e.to_string(), l.to_string()));
            }
            imports.push(Import { from: from.to_string(), names });
            continue;
        }
        if let Some(rest) = line.strip_prefix("export ") {
            if rest.starts_with('{') {
                let s = statement(line, &mut lines)?;
                let list = s["export".len()..].trim().trim_start_matches('{').trim_end_matches('}');
                for item in list.split(',').map(str::trim).filter(|i| !i.is_empty()) {
                    if !is_ident(item) {
                        return Err(bad(&format!("export lists name their names alone: {item}")));
                    }
                    exports.push(item.to_string());
                }
                continue;
            }
            let declared = ["function* ", "function ", "async function ", "class ", "const "]
                .iter()
                .find_map(|k| rest.strip_prefix(k))
                .ok_or_else(|| {
                    bad(&format!(
                        "export a function, class or const (a changing value is shared as an object's field): {line}"
                    ))
                })?;
            let id = ident_at(declared.trim_start());
            if id.is_empty() {
                return Err(bad(&format!("export one name a declaration: {line}")));
            }
            exports.push(id.to_string());
            body.push_str(rest);
            body.push('\n');
            continue;
        }
        body.push_str(line);
        body.push('\n');
    }
    let mut seen = std::collections::HashSet::new();
    if let Some(twice) = exports.iter().find(|e| !seen.insert(e.as_str())) {
        return Err(bad(&format!("{twice} is exported twice")));
    }
    Ok(Parsed { imports, exports, body })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(name: &'static str, text: &'static str) -> Module {
        Module { name, text }
    }

    #[test]
    fn each_module_comes_after_what_it_imports_in_its_own_scope() {
        let mods = [
            m(
                "main.js",
                "import { twice } from './maths.js';\nimport './side.js';\nconsole.log(twice(2));\n",
            ),
            m(
                "maths.js",
                "import { ONE as one } from './base.js';\nexport function twice(x) { return x + x * one; }\n",
            ),
            m("base.js", "export const ONE = 1;\nconst TWO = 2;\nexport { TWO };\n"),
            m("side.js", "const local = 3;\nwindow.x = local;\n"),
            m("unused.js", "export const nothing = 0;\n"),
        ];
        let b = bundle(&mods, "main.js").unwrap();
        let at = |s: &str| b.find(s).unwrap_or_else(|| panic!("{s} not in {b}"));
        assert!(at("const __m_base") < at("const __m_maths"));
        assert!(at("const __m_maths") < at("const __m_main"));
        assert!(at("const __m_side") < at("const __m_main"));
        assert!(!b.contains("__m_unused"), "{b}");
        assert!(b.contains("const { ONE: one } = __m_base;"), "{b}");
        assert!(b.contains("function twice(x)") && !b.contains("export"), "{b}");
        assert!(b.contains("return { twice };"), "{b}");
        // The side-effect module's own names stay in its scope.
        assert!(b.contains("const local = 3;\nwindow.x = local;\nreturn {  };"), "{b}");
    }

    #[test]
    fn a_cycle_a_missing_export_and_a_shared_variable_are_refused() {
        let cycle = [
            m("a.js", "import { b } from './b.js';\nexport const a = 1;\n"),
            m("b.js", "import { a } from './a.js';\nexport const b = 2;\n"),
        ];
        assert_eq!(bundle(&cycle, "a.js").unwrap_err(), "import cycle: a.js → b.js → a.js");
        let missing = [m("a.js", "import { c } from './b.js';\n"), m("b.js", "export const b = 2;\n")];
        assert_eq!(
            bundle(&missing, "a.js").unwrap_err(),
            "a.js imports c from b.js, which does not export it"
        );
        let changing = [m("a.js", "export let n = 0;\n")];
        assert!(
            bundle(&changing, "a.js")
                .unwrap_err()
                .contains("a changing value is shared as an object's field")
        );
        let nowhere = [m("a.js", "import { b } from './nowhere.js';\n")];
        assert_eq!(
            bundle(&nowhere, "a.js").unwrap_err(),
            "a.js imports nowhere.js, which is no module of the page"
        );
        let twice = [m("a.js", "export const a = 1;\nexport { a };\n")];
        assert_eq!(bundle(&twice, "a.js").unwrap_err(), "a.js: a is exported twice");
    }

    #[test]
    fn a_later_entry_runs_after_the_first_and_shares_its_modules() {
        let mods = [
            m("start.js", "import { ui } from './state.js';\nui.ready = true;\n"),
            m("state.js", "export const ui = {};\n"),
            m("view.js", "import { ui } from './state.js';\nimport { more } from './more.js';\nmore(ui);\n"),
            m("more.js", "export function more(u) { return u; }\n"),
        ];
        let b = bundle_all(&mods, &["start.js", "view.js"]).unwrap();
        assert_eq!(b.matches("const __m_state =").count(), 1, "{b}");
        let at = |s: &str| b.find(s).unwrap_or_else(|| panic!("{s} not in {b}"));
        assert!(at("const __m_start") < at("const __m_more"));
        assert!(at("const __m_more") < at("const __m_view"));
    }

    #[test]
    fn an_import_list_may_run_over_lines() {
        let mods = [
            m("a.js", "import {\n  x,\n  y,\n} from './b.js';\nuse(x, y);\n"),
            m("b.js", "export const x = 1;\nexport const y = 2;\n"),
        ];
        let b = bundle(&mods, "a.js").unwrap();
        assert!(b.contains("const { x, y } = __m_b;"), "{b}");
    }
}
