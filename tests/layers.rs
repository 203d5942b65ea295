//! The crate's layers, read from its sources: no file imports a file that imports it back
//! (directly or round a longer circle), the top-level modules stack as [`CRATE`] says, and the
//! folders of `src/gui` as [`GUI`] says.
//!
//! Decisions:
//! - The sources are read as text, not compiled: the test runs in seconds without Bevy
//!   (`cargo test --no-default-features`) and sees the `gui` feature's files too.
//! - An import is a path that starts with `crate::`, `super::` or `self::` (`hollywood_gin::`
//!   in `main.rs`), followed as far as it names a file; `use super::{a::X, b::Y}` names both.
//!   A path that ends at an item of a folder's `mod.rs` names that `mod.rs`. A folder's
//!   `mod.rs` naming its own files without a prefix (`pub mod view; pub use view::View;`)
//!   composes them and is not counted, as a `Plugin` composing its files is not.
//! - Comments and test code (`#[cfg(test)] mod tests`, and the test-only files `tests.rs`
//!   and `*_tests.rs`) are left out: a test may reach anything it checks.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The top-level modules, bottom first: a file may import from its own module and the ones
/// below it. `lib.rs` and `main.rs` sit above them all.
const CRATE: [&str; 9] = [
    "rules", "seats", "ai", "net", "lang", "store", "words", "report", "gui",
];

/// The folders of `src/gui`, bottom first, the same way.
const GUI: [&str; 5] = ["app", "table", "input", "scene", "ui"];

/// Every source file, as its path under `src/` without `.rs` (`ai/view`, `gui/table/mod`,
/// `seats`), with its code: comments and test modules taken out.
fn sources() -> BTreeMap<String, String> {
    fn walk(dir: &Path, root: &Path, out: &mut BTreeMap<String, String>) {
        for entry in std::fs::read_dir(dir).expect("src/ is readable") {
            let path = entry.expect("a directory entry").path();
            // A folder with a Cargo.toml of its own is another crate (src/vendor).
            if path.is_dir() {
                if !path.join("Cargo.toml").exists() {
                    walk(&path, root, out);
                }
                continue;
            }
            let stem = path.file_stem().unwrap_or_default().to_string_lossy();
            if path.extension().is_none_or(|e| e != "rs")
                || stem == "tests"
                || stem.ends_with("_tests")
            {
                continue;
            }
            let rel = path
                .strip_prefix(root)
                .expect("under src/")
                .with_extension("");
            let text = std::fs::read_to_string(&path).expect("a source is readable");
            let code = text.split("#[cfg(test)]\nmod tests").next().unwrap_or("");
            let code: String = code
                .lines()
                .map(|l| match l.find("//") {
                    Some(i) => &l[..i],
                    None => l,
                })
                .collect::<Vec<_>>()
                .join("\n");
            out.insert(rel.to_string_lossy().replace('\\', "/"), code);
        }
    }
    let root = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/src"));
    let mut out = BTreeMap::new();
    walk(root, root, &mut out);
    out
}

/// The module path of a file: `ai/view` and `ai/mod` are `["ai", "view"]` and `["ai"]`.
fn module_of(file: &str) -> Vec<&str> {
    match file {
        "lib" | "main" => vec![],
        _ => file.split('/').filter(|s| *s != "mod").collect(),
    }
}

/// The file a module path (and maybe an item after it) names: the longest prefix that is a
/// file, `a/b` or `a/b/mod`.
fn file_of(files: &BTreeSet<String>, path: &[String]) -> Option<String> {
    (1..=path.len()).rev().find_map(|n| {
        let p = path[..n].join("/");
        [p.clone(), format!("{p}/mod")]
            .into_iter()
            .find(|f| files.contains(f))
    })
}

/// The paths a `use` tree or an expression names from `at`: `a::b::{c::D, e}` gives `a::b::c::D`
/// and `a::b::e`.
fn expand(prefix: Vec<String>, rest: &str, out: &mut Vec<Vec<String>>) {
    let mut path = prefix;
    let mut s = rest.trim_start();
    loop {
        let ident: String = s
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        if ident.is_empty() {
            break;
        }
        path.push(ident.clone());
        s = &s[ident.len()..];
        let t = s.trim_start();
        if let Some(after) = t.strip_prefix("::") {
            s = after.trim_start();
            if let Some(inner) = s.strip_prefix('{') {
                // The group's items, split at commas outside nested braces.
                let (mut depth, mut start) = (0, 0);
                for (i, c) in inner.char_indices() {
                    match c {
                        '{' => depth += 1,
                        '}' if depth == 0 => {
                            expand(path.clone(), &inner[start..i], out);
                            return;
                        }
                        '}' => depth -= 1,
                        ',' if depth == 0 => {
                            expand(path.clone(), &inner[start..i], out);
                            start = i + 1;
                        }
                        _ => {}
                    }
                }
                return;
            }
        } else {
            break;
        }
    }
    out.push(path);
}

/// Each file and the files it imports.
fn import_graph() -> BTreeMap<String, BTreeSet<String>> {
    let sources = sources();
    let files: BTreeSet<String> = sources.keys().cloned().collect();
    let mut graph = BTreeMap::new();
    for (file, code) in &sources {
        let here = module_of(file);
        let mut paths = Vec::new();
        let bytes = code.as_bytes();
        for (i, _) in code.char_indices() {
            // A path starts where no identifier or `::` comes before it.
            if i > 0
                && (bytes[i - 1].is_ascii_alphanumeric()
                    || bytes[i - 1] == b'_'
                    || bytes[i - 1] == b':')
            {
                continue;
            }
            let rest = &code[i..];
            let root: Option<(Vec<String>, &str)> = if let Some(r) = rest.strip_prefix("crate::") {
                Some((vec![], r))
            } else if let Some(r) = rest.strip_prefix("hollywood_gin::") {
                Some((vec![], r))
            } else if rest.starts_with("super::") {
                // `super::super::x` in `a/b/c` (module a::b::c) is `a::x`; in `a/b/mod`, `x`.
                let mut r = rest;
                let mut m: Vec<&str> = here.clone();
                while let Some(after) = r.strip_prefix("super::") {
                    m.pop();
                    r = after;
                }
                Some((m.iter().map(|s| s.to_string()).collect(), r))
            } else {
                rest.strip_prefix("self::")
                    .map(|r| (here.iter().map(|s| s.to_string()).collect(), r))
            };
            if let Some((prefix, r)) = root {
                expand(prefix, r, &mut paths);
            }
        }
        let deps: BTreeSet<String> = paths
            .iter()
            .filter_map(|p| file_of(&files, p))
            .filter(|f| f != file)
            .collect();
        graph.insert(file.clone(), deps);
    }
    graph
}

/// A circle of imports in `g`, if there is one (depth first from every file).
fn circle(g: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit<'a>(
        g: &'a BTreeMap<String, BTreeSet<String>>,
        at: &'a str,
        path: &mut Vec<&'a str>,
        done: &mut BTreeSet<&'a str>,
    ) -> Option<Vec<String>> {
        if let Some(i) = path.iter().position(|&p| p == at) {
            let mut c: Vec<String> = path[i..].iter().map(|s| s.to_string()).collect();
            c.push(at.to_string());
            return Some(c);
        }
        if !done.insert(at) {
            return None;
        }
        path.push(at);
        for next in g.get(at).into_iter().flatten() {
            if let Some(c) = visit(g, next, path, done) {
                return Some(c);
            }
        }
        path.pop();
        None
    }
    let mut done = BTreeSet::new();
    g.keys()
        .find_map(|start| visit(g, start, &mut Vec::new(), &mut done))
}

/// Where a file stands in `stack` by the folder under `under` it is in (`None`: outside).
fn rank(stack: &[&str], under: &str, file: &str) -> Option<usize> {
    let rest = file.strip_prefix(under)?;
    let top = rest.split('/').next()?;
    stack.iter().position(|s| *s == top)
}

/// Every import that goes up `stack`, among the files under `under`.
fn upward(g: &BTreeMap<String, BTreeSet<String>>, stack: &[&str], under: &str) -> Vec<String> {
    let mut wrong = Vec::new();
    for (file, deps) in g {
        let Some(r) = rank(stack, under, file) else {
            continue;
        };
        for dep in deps {
            if rank(stack, under, dep).is_some_and(|d| d > r) {
                wrong.push(format!("{file} imports {dep}"));
            }
        }
    }
    wrong
}

#[test]
fn the_reader_finds_imports_across_modules_folders_and_groups() {
    let g = import_graph();
    assert!(g.len() >= 100, "read {} files", g.len());
    // `use crate::gui::table::layout::…` across gui folders; `super::cards::…` within one;
    // `use super::{hard::Hard, …}`-style groups; `hollywood_gin::` from the binary.
    for (file, dep) in [
        ("gui/scene/cards", "gui/table/layout"),
        ("gui/scene/marks", "gui/scene/cards"),
        ("ai/measure", "ai/hard"),
        ("ai/style", "ai/knowledge"),
        ("main", "ai/sim"),
        ("ai/hard", "ai/mod"),
    ] {
        assert!(g[file].contains(dep), "{file} imports {dep}: {:?}", g[file]);
    }
    // Every file of a top-level module is placed in the stack.
    for file in g.keys().filter(|f| *f != "lib" && *f != "main") {
        assert!(rank(&CRATE, "", file).is_some(), "{file} is in no layer");
    }
}

#[test]
fn no_file_imports_a_file_that_imports_it_back() {
    let g = import_graph();
    if let Some(c) = circle(&g) {
        panic!("import circle: {}", c.join(" -> "));
    }
    // The check finds one when there is one.
    let mut bad = g.clone();
    bad.get_mut("ai/knowledge")
        .expect("ai/knowledge")
        .insert("ai/style".into());
    assert!(circle(&bad).is_some());
}

#[test]
fn the_modules_stack_rules_to_gui() {
    let g = import_graph();
    let wrong = upward(&g, &CRATE, "");
    assert!(wrong.is_empty(), "imports from a module above: {wrong:#?}");
    // The check finds one when there is one.
    let mut bad = g.clone();
    bad.get_mut("rules/card")
        .expect("rules/card")
        .insert("words/mod".into());
    assert_eq!(upward(&bad, &CRATE, ""), ["rules/card imports words/mod"]);
}

#[test]
fn the_gui_folders_stack_app_to_ui() {
    let g = import_graph();
    let wrong = upward(&g, &GUI, "gui/");
    assert!(
        wrong.is_empty(),
        "imports from a gui folder above: {wrong:#?}"
    );
    for folder in GUI {
        assert!(
            g.keys()
                .any(|f| rank(&GUI, "gui/", f) == GUI.iter().position(|x| *x == folder)),
            "{folder} has files"
        );
    }
}
