//! The house rules of `src/` (README "Layout"): the module graph only points down. Each top-level module of the
//! crate (`src/x.rs` with its `src/x/` folder) may name the modules below it, never one above: no cycle at all,
//! the session object (`engine`) is named only by the bindings and the replay harness above it, nothing names the
//! bindings (`wasm`), and the console text (`report`) serves only the CLI bindings and the replay.
//!
//! Read from the source text: every `crate::x` path (and `crate::{x, y}` group) outside comments.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

type Graph = BTreeMap<String, BTreeSet<String>>;

/// The source without comments (line comments, doc comments, block comments). String literals are not parsed:
/// a `//` inside one only hides the rest of that line, which can hide an edge but never invent one.
fn strip_comments(src: &str) -> String {
    let mut out = String::with_capacity(src.len());
    let mut rest = src;
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix("/*") {
            rest = after.find("*/").map_or("", |i| &after[i + 2..]);
        } else if rest.starts_with("//") {
            rest = rest.find('\n').map_or("", |i| &rest[i..]);
        } else {
            let c = rest.chars().next().unwrap();
            out.push(c);
            rest = &rest[c.len_utf8()..];
        }
    }
    out
}

fn ident(s: &str) -> &str {
    let end = s.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).unwrap_or(s.len());
    &s[..end]
}

/// The top-level modules a source file names through `crate::`.
fn named_modules(src: &str) -> BTreeSet<String> {
    let src = strip_comments(src);
    let mut found = BTreeSet::new();
    for (i, _) in src.match_indices("crate::") {
        let after = &src[i + "crate::".len()..];
        if let Some(group) = after.strip_prefix('{') {
            let group = &group[..group.find('}').unwrap_or(group.len())];
            for item in group.split(',') {
                let name = ident(item.trim());
                if !name.is_empty() && name != "self" {
                    found.insert(name.to_string());
                }
            }
        } else {
            let name = ident(after);
            if !name.is_empty() {
                found.insert(name.to_string());
            }
        }
    }
    found
}

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in fs::read_dir(dir).expect("read src") {
        let path = entry.expect("dir entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Every top-level module of the crate and the other top-level modules it names.
fn graph() -> Graph {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut graph = Graph::new();
    for file in files {
        let rel = file.strip_prefix(&src).unwrap();
        let first = rel.components().next().unwrap().as_os_str().to_str().unwrap();
        let module = first.strip_suffix(".rs").unwrap_or(first).to_string();
        if module == "lib" {
            continue; // declares the modules and re-exports the API
        }
        let names = named_modules(&fs::read_to_string(&file).expect("read a source file"));
        graph.entry(module.clone()).or_default().extend(names.into_iter().filter(|n| *n != module));
    }
    // Only edges between modules of the crate (`crate::ErrorCode` and other re-exports of lib.rs aside).
    let modules: BTreeSet<String> = graph.keys().cloned().collect();
    for deps in graph.values_mut() {
        deps.retain(|d| modules.contains(d));
    }
    graph
}

/// A cycle of the graph, as the modules along it, if there is one.
fn find_cycle(graph: &Graph) -> Option<Vec<String>> {
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        New,
        Open,
        Done,
    }
    fn visit(m: &str, graph: &Graph, marks: &mut BTreeMap<String, Mark>, path: &mut Vec<String>) -> Option<Vec<String>> {
        marks.insert(m.to_string(), Mark::Open);
        path.push(m.to_string());
        for d in &graph[m] {
            match marks[d.as_str()] {
                Mark::Open => {
                    let start = path.iter().position(|p| p == d).unwrap();
                    let mut cycle = path[start..].to_vec();
                    cycle.push(d.clone());
                    return Some(cycle);
                }
                Mark::New => {
                    if let Some(c) = visit(d, graph, marks, path) {
                        return Some(c);
                    }
                }
                Mark::Done => {}
            }
        }
        path.pop();
        marks.insert(m.to_string(), Mark::Done);
        None
    }
    let mut marks: BTreeMap<String, Mark> = graph.keys().map(|k| (k.clone(), Mark::New)).collect();
    for m in graph.keys() {
        if marks[m.as_str()] == Mark::New {
            if let Some(c) = visit(m, graph, &mut marks, &mut Vec::new()) {
                return Some(c);
            }
        }
    }
    None
}

fn importers_of(graph: &Graph, module: &str) -> BTreeSet<String> {
    graph.iter().filter(|(_, deps)| deps.contains(module)).map(|(m, _)| m.clone()).collect()
}

fn set(names: &[&str]) -> BTreeSet<String> {
    names.iter().map(|s| s.to_string()).collect()
}

#[test]
fn the_graph_is_read_from_the_source() {
    // The reader itself: a graph that found nothing would pass every rule below.
    let g = graph();
    assert!(g.len() >= 20, "{} modules", g.len());
    assert!(g["engine"].contains("scan") && g["engine"].contains("validate") && g["scan"].contains("index"), "{g:?}");
    assert_eq!(named_modules("use crate::{a, b::C};\n// crate::c\nlet x = crate::d::e();"), set(&["a", "b", "d"]));
}

#[test]
fn the_module_graph_has_no_cycle() {
    let g = graph();
    assert_eq!(find_cycle(&g), None, "a module imports one that (through others) imports it back");
    // The check can fail: the same graph with one upward edge added has a cycle.
    let mut upward = g.clone();
    upward.get_mut("index").unwrap().insert("engine".into());
    assert!(find_cycle(&upward).is_some());
}

#[test]
fn only_the_bindings_and_the_replay_harness_name_the_engine() {
    assert_eq!(importers_of(&graph(), "engine"), set(&["replay", "wasm"]));
}

#[test]
fn nothing_names_the_bindings() {
    assert_eq!(importers_of(&graph(), "wasm"), BTreeSet::new());
}

#[test]
fn the_console_text_serves_only_the_cli_bindings_and_the_replay() {
    let g = graph();
    assert_eq!(importers_of(&g, "report"), set(&["replay", "wasm"]));
    assert_eq!(importers_of(&g, "replay"), BTreeSet::new());
}
