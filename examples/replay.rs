//! `cargo run --release --example replay -- DIR`: replay every known vector file in DIR (and in DIR/random),
//! print one line per failing case, end with `N passed, M failed`; exit 0 only if nothing failed.

use std::cell::RefCell;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

use contextfold::json::{self, Value};
use contextfold::replay::{self, Outcome};

fn load(path: &Path) -> Result<Value, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    json::parse(&bytes).map_err(|e| format!("bad JSON in {}: {e}", path.display()))
}

/// Vector files of one folder, parsed once even when several files need them (stores).
struct Folder {
    dir: PathBuf,
    cache: RefCell<HashMap<String, Option<Value>>>,
}

impl Folder {
    fn sibling(&self, name: &str) -> Option<Value> {
        self.cache.borrow_mut().entry(name.to_string()).or_insert_with(|| load(&self.dir.join(name)).ok()).clone()
    }
}

/// Replay the `.json` files of `dir`; returns (passed, failed).
fn replay_dir(dir: &Path, label: &str) -> (usize, usize) {
    let mut names: Vec<String> = match std::fs::read_dir(dir) {
        Ok(entries) => entries
            .filter_map(|e| e.ok())
            .filter(|e| e.path().is_file())
            .filter_map(|e| e.file_name().to_str().map(str::to_string))
            .filter(|n| n.ends_with(".json"))
            .collect(),
        Err(e) => {
            println!("FAIL {label}: cannot list: {e}");
            return (0, 1);
        }
    };
    names.sort();
    let folder = Folder { dir: dir.to_path_buf(), cache: RefCell::new(HashMap::new()) };
    let (mut passed, mut failed) = (0, 0);
    for name in names {
        let shown = format!("{label}{name}");
        let doc = match folder.sibling(&name) {
            Some(doc) => doc,
            None => {
                println!("FAIL {shown}: {}", load(&dir.join(&name)).err().unwrap_or_default());
                failed += 1;
                continue;
            }
        };
        let report = pollster::block_on(replay::replay_file(&name, &doc, &|n| folder.sibling(n)));
        if let Some(note) = &report.note {
            println!("note: {shown}: {note}");
        }
        for case in &report.cases {
            match &case.outcome {
                Outcome::Pass => {}
                Outcome::Skip(why) => println!("note: {shown} {}: skipped: {why}", case.id),
                Outcome::Fail(diffs) => {
                    let first = diffs.first().map_or("", String::as_str).replace('\n', "\\n");
                    let more = if diffs.len() > 1 { format!(" (+{} more)", diffs.len() - 1) } else { String::new() };
                    println!("FAIL {shown} {}: {first}{more}", case.id);
                }
            }
        }
        passed += report.passed();
        failed += report.failed();
    }
    (passed, failed)
}

fn main() {
    let Some(dir) = std::env::args().nth(1) else {
        eprintln!("usage: cargo run --release --example replay -- DIR");
        std::process::exit(2);
    };
    let dir = PathBuf::from(dir);
    let (mut passed, mut failed) = replay_dir(&dir, "");
    let random = dir.join("random");
    if random.is_dir() {
        let (p, f) = replay_dir(&random, "random/");
        passed += p;
        failed += f;
    }
    println!("{passed} passed, {failed} failed");
    std::process::exit(if failed == 0 { 0 } else { 1 });
}
