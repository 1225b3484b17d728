//! Replays every golden vector file of `tests/vectors` (curated and `random/`) through `contextfold::replay`,
//! one test per file so a failure names it.

use std::path::{Path, PathBuf};

use contextfold::json::{self, Value};
use contextfold::replay::{self, Outcome};

fn vectors() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/vectors")
}

fn load(path: &Path) -> Option<Value> {
    let bytes = std::fs::read(path).ok()?;
    json::parse(&bytes).ok()
}

/// Replay `relative` (e.g. `random/scan.json`); siblings come from the same folder.
fn replay(relative: &str) {
    replay_in(&vectors(), relative);
}

fn replay_in(root: &Path, relative: &str) {
    let path = root.join(relative);
    let dir = path.parent().expect("file in a folder").to_path_buf();
    let doc = load(&path).unwrap_or_else(|| panic!("cannot read or parse {}", path.display()));
    let sibling = |name: &str| load(&dir.join(name));
    let report = pollster::block_on(replay::replay_file(relative, &doc, &sibling));
    for case in &report.cases {
        match &case.outcome {
            Outcome::Pass => {}
            Outcome::Skip(why) => eprintln!("skip {relative} {}: {why}", case.id),
            Outcome::Fail(diffs) => eprintln!("FAIL {relative} {}:\n  {}", case.id, diffs.join("\n  ")),
        }
    }
    eprintln!("{relative}: {} passed, {} failed, {} skipped", report.passed(), report.failed(), report.skipped());
    assert!(report.note.is_none(), "{relative}: {:?}", report.note);
    assert!(report.passed() > 0, "{relative}: no case was replayed");
    assert_eq!(report.failed(), 0, "{relative}: {} case(s) failed", report.failed());
}

#[test]
fn fold_demo() {
    replay("fold_demo.json");
}

#[test]
fn fold_extra() {
    replay("fold_extra.json");
}

#[test]
fn stores() {
    replay("stores.json");
}

#[test]
fn scan() {
    replay("scan.json");
}

#[test]
fn recall() {
    replay("recall.json");
}

#[test]
fn extract() {
    replay("extract.json");
}

#[test]
fn hydrate() {
    replay("hydrate.json");
}

#[test]
fn evict() {
    replay("evict.json");
}

#[test]
fn validate() {
    replay("validate.json");
}

#[test]
fn cli_is_left_to_the_cli_tests() {
    let path = vectors().join("cli.json");
    let doc = load(&path).expect("cli.json");
    let report = pollster::block_on(replay::replay_file("cli.json", &doc, &|_| None));
    assert!(report.cases.is_empty());
    assert_eq!(report.note.as_deref(), Some("cli.json is replayed by the CLI tests"));
}

#[test]
fn random_fold() {
    replay("random/fold.json");
}

#[test]
fn random_scan() {
    replay("random/scan.json");
}

#[test]
fn random_recall() {
    replay("random/recall.json");
}

#[test]
fn random_extract() {
    replay("random/extract.json");
}

#[test]
fn random_hydrate() {
    replay("random/hydrate.json");
}

#[test]
fn random_crashes() {
    replay("random/crashes.json");
}

/// Every file in the folders is one of the above (a new file must get its own test).
#[test]
fn every_file_has_a_test() {
    let known = [
        "fold_demo.json",
        "fold_extra.json",
        "stores.json",
        "scan.json",
        "recall.json",
        "extract.json",
        "hydrate.json",
        "evict.json",
        "validate.json",
        "cli.json",
        "random/fold.json",
        "random/scan.json",
        "random/recall.json",
        "random/extract.json",
        "random/hydrate.json",
        "random/crashes.json",
    ];
    for sub in ["", "random/"] {
        for entry in std::fs::read_dir(vectors().join(sub)).expect("vectors folder") {
            let name = entry.expect("entry").file_name().to_string_lossy().into_owned();
            if name.ends_with(".json") {
                let rel = format!("{sub}{name}");
                assert!(known.contains(&rel.as_str()), "{rel} has no test");
            }
        }
    }
}

/// The replayer is not vacuous: a vector with one wrong expected value fails, in each kind of file.
#[test]
fn replayer_detects_a_wrong_expectation() {
    fn first_case_expected(doc: &mut Value) -> &mut std::collections::BTreeMap<String, Value> {
        let Value::Object(top) = doc else { panic!("object") };
        let Some(Value::Array(cases)) = top.get_mut("cases") else { panic!("cases") };
        let Some(Value::Object(case)) = cases.get_mut(0) else { panic!("case") };
        let Some(Value::Object(expected)) = case.get_mut("expected") else { panic!("expected") };
        expected
    }
    let dir = vectors();
    let sibling = |name: &str| load(&dir.join(name));
    for (file, key, wrong) in [
        ("scan.json", "consumed_tokens", Value::from(123_456)),
        ("scan.json", "stdout", Value::from("x")),
        ("recall.json", "candidates", Value::Array(vec![])),
        ("fold_extra.json", "cold_node_file", Value::from("{}")),
        ("fold_extra.json", "stdout", Value::from("x")),
        ("validate.json", "pass_count", Value::from(7)),
        ("validate.json", "validate_stdout", Value::from("x")),
        ("hydrate.json", "content_length", Value::from(-1)),
        ("extract.json", "identifiers", Value::Array(vec![])),
    ] {
        let mut doc = load(&dir.join(file)).expect("vector file");
        first_case_expected(&mut doc).insert(key.to_string(), wrong);
        let report = pollster::block_on(replay::replay_file(file, &doc, &sibling));
        assert_eq!(report.failed(), 1, "{file}: a wrong {key} went unnoticed");
    }
}

/// Every shape the reference writes: a scan over an empty index has no query terms in its expected result.
#[test]
fn scan_over_an_empty_store() {
    replay_in(&Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/empty-store-vectors"), "scan.json");
}
