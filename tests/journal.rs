//! The index journal (issue 4): folds and evictions are appended, and a checkpoint writes `recall_index.json`
//! and `eviction_log.json` exactly as the reference would have after the same calls. Crashes at any point of a
//! checkpoint lose nothing and log nothing twice.

use std::cell::Cell;

use contextfold::engine::{ContextFold, FoldInput, FoldOutcome, Options};
use contextfold::error::{Error, Result};
use contextfold::json::{self, Value};
use contextfold::store::{self, MemoryStorage, Storage};
use pollster::block_on;

const NOW: &str = "2026-01-01T00:00:00Z";

fn options(journal: bool) -> Options {
    Options { clock: Some(Box::new(|| Ok(NOW.to_string()))), journal, default_policy: Some(contextfold::policy::Policy::reference()), ..Default::default() }
}

fn vectors(name: &str) -> Value {
    let path = format!("{}/tests/vectors/{name}", env!("CARGO_MANIFEST_DIR"));
    json::parse(&std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))).expect("vector JSON")
}

fn text(v: &Value, path: &[&str]) -> String {
    let mut cur = v;
    for p in path {
        cur = cur.get(p).unwrap_or_else(|| panic!("missing {p}"));
    }
    cur.as_str().expect("string").to_string()
}

fn strings(v: Option<&Value>) -> Option<Vec<String>> {
    v.filter(|v| !v.is_null()).map(|v| v.as_str_vec().expect("list of strings"))
}

fn fold_input(v: &Value) -> FoldInput {
    let s = |k: &str| v.get(k).and_then(Value::as_str).map(str::to_string);
    FoldInput {
        step_id: Some(v.get("step_id").and_then(Value::as_i64).expect("step_id")),
        summary: s("summary").expect("summary"),
        raw_content: s("raw_content"),
        session_id: s("session_id"),
        files: strings(v.get("files")),
        commands: strings(v.get("commands")),
        errors: strings(v.get("errors")),
    }
}

fn load(storage: &MemoryStorage, key: &str) -> Option<String> {
    block_on(storage.load(key)).expect("load").map(|b| String::from_utf8(b).expect("UTF-8"))
}

/// A memory store whose `save` of one key fails while `fail` is set.
struct Flaky {
    inner: MemoryStorage,
    fail_key: &'static str,
    fail: Cell<bool>,
}

impl Storage for Flaky {
    async fn load(&self, key: &str) -> Result<Option<Vec<u8>>> {
        self.inner.load(key).await
    }
    async fn save(&self, key: &str, data: &[u8]) -> Result<()> {
        if self.fail.get() && key == self.fail_key {
            return Err(Error::storage("disk full"));
        }
        self.inner.save(key, data).await
    }
    async fn remove(&self, key: &str) -> Result<()> {
        self.inner.remove(key).await
    }
    async fn list(&self, prefix: &str) -> Result<Vec<String>> {
        self.inner.list(prefix).await
    }
    fn can_append(&self) -> bool {
        true
    }
    async fn append(&self, key: &str, data: &[u8]) -> Result<()> {
        self.inner.append(key, data).await
    }
    fn root(&self) -> &str {
        self.inner.root()
    }
}

#[test]
fn journaled_folds_checkpoint_to_the_reference_index_bytes() {
    let demo = vectors("fold_demo.json");
    let storage = MemoryStorage::new();
    let mut cf = block_on(ContextFold::open(&storage, options(true))).unwrap();
    assert!(cf.journaling());
    for turn in demo.get("turns").and_then(Value::as_array).unwrap() {
        let outcome = block_on(cf.fold(fold_input(turn.get("input").unwrap()))).unwrap();
        let FoldOutcome::Folded { node, .. } = outcome else { panic!("not folded") };
        assert_eq!(load(&storage, &store::cold_node_key(node.step_id)).unwrap(), text(turn, &["expected", "cold_node_file"]));
    }
    // Not checkpointed: the journal holds the folds, the reference index does not exist yet.
    assert!(load(&storage, store::INDEX_KEY).is_none());
    assert!(load(&storage, store::JOURNAL_KEY).is_some());
    // A second instance sees every node through the journal.
    let reader = block_on(ContextFold::open(&storage, options(false))).unwrap();
    assert_eq!(reader.index().len(), 8);
    assert_eq!(block_on(reader.scan("What port are we using for PostgreSQL, and which migration applied the billing table?"))
        .unwrap()
        .selected
        .iter()
        .map(|s| s.step_id)
        .collect::<Vec<_>>(), vec![342, 137, 447]);
    block_on(cf.checkpoint()).unwrap();
    assert_eq!(load(&storage, store::INDEX_KEY).unwrap(), text(&demo, &["recall_index_file_after_all_folds"]));
    assert!(load(&storage, store::JOURNAL_KEY).is_none());
}

#[test]
fn journaled_random_fold_scenarios_checkpoint_byte_identically() {
    let doc = vectors("random/fold.json");
    for case in doc.get("cases").and_then(Value::as_array).unwrap() {
        let storage = MemoryStorage::new();
        if let Some(policy) = case.get("policy").filter(|p| !p.is_null()) {
            block_on(storage.save(store::POLICY_KEY, &json::to_pretty(policy))).unwrap();
        }
        let mut cf = block_on(ContextFold::open(&storage, options(true))).unwrap();
        let turns = case.get("turns").and_then(Value::as_array).unwrap();
        // Half the turns one by one, the rest as one batch: both journal the same way.
        let (first, rest) = turns.split_at(turns.len() / 2);
        for t in first {
            block_on(cf.fold(fold_input(t.get("input").unwrap()))).unwrap();
        }
        block_on(cf.fold_many(rest.iter().map(|t| fold_input(t.get("input").unwrap())).collect())).unwrap();
        block_on(cf.checkpoint()).unwrap();
        let id = text(case, &["id"]);
        assert_eq!(load(&storage, store::INDEX_KEY).unwrap(), text(case, &["recall_index_file"]), "{id}");
    }
}

#[test]
fn journaled_evictions_checkpoint_to_the_reference_log() {
    let doc = vectors("evict.json");
    let demo = vectors("fold_demo.json");
    let turn_137 = demo
        .get("turns")
        .and_then(Value::as_array)
        .unwrap()
        .iter()
        .find(|t| t.get("input").and_then(|i| i.get("step_id")).and_then(Value::as_i64) == Some(137))
        .unwrap();
    let storage = MemoryStorage::new();
    let mut cf = block_on(ContextFold::open(&storage, options(true))).unwrap();
    block_on(cf.fold(fold_input(turn_137.get("input").unwrap()))).unwrap();
    block_on(cf.evict(137)).unwrap();
    block_on(cf.evict(137)).unwrap();
    assert!(load(&storage, store::EVICTION_LOG_KEY).is_none());
    block_on(cf.checkpoint()).unwrap();
    assert_eq!(load(&storage, store::EVICTION_LOG_KEY).unwrap(), text(&doc, &["eviction_log_file"]));
    assert_eq!(load(&storage, store::INDEX_KEY).unwrap(), text(&doc, &["recall_index_file_after"]));
}

#[test]
fn an_interrupted_checkpoint_loses_nothing_and_logs_nothing_twice() {
    let storage = Flaky { inner: MemoryStorage::new(), fail_key: store::INDEX_KEY, fail: Cell::new(false) };
    let mut cf = block_on(ContextFold::open(&storage, options(true))).unwrap();
    for step in [1, 2] {
        let input = FoldInput { step_id: Some(step), summary: format!("port {step} postgresql"), ..Default::default() };
        block_on(cf.fold(input)).unwrap();
    }
    block_on(cf.evict(1)).unwrap();
    block_on(cf.evict(2)).unwrap();
    // The log is written, then the index write fails: the journal stays.
    storage.fail.set(true);
    assert!(block_on(cf.checkpoint()).is_err());
    assert!(load(&storage.inner, store::JOURNAL_KEY).is_some());
    storage.fail.set(false);
    // A new instance (as after a crash) replays the journal and finishes the checkpoint.
    let mut again = block_on(ContextFold::open(&storage, options(true))).unwrap();
    assert_eq!(again.index().len(), 2);
    block_on(again.checkpoint()).unwrap();
    let log = json::parse(load(&storage.inner, store::EVICTION_LOG_KEY).unwrap().as_bytes()).unwrap();
    assert_eq!(log.get("evicted").and_then(Value::as_array).map(Vec::len), Some(2));
    let status = block_on(again.status()).unwrap();
    assert_eq!((status.total, status.evicted), (2, 2));
    assert!(load(&storage.inner, store::JOURNAL_KEY).is_none());
}

#[test]
fn a_torn_journal_line_is_ignored_and_never_appended_to() {
    let storage = MemoryStorage::new();
    let mut cf = block_on(ContextFold::open(&storage, options(true))).unwrap();
    block_on(cf.fold(FoldInput { step_id: Some(1), summary: "alpha beta gamma".into(), ..Default::default() })).unwrap();
    // An append cut short by a crash.
    block_on(storage.append(store::JOURNAL_KEY, b"{\"entry\":{\"step_")).unwrap();
    let mut cf = block_on(ContextFold::open(&storage, options(true))).unwrap();
    assert_eq!(cf.index().len(), 1);
    // The next write checkpoints first, so the torn line is never extended into a corrupt record.
    block_on(cf.fold(FoldInput { step_id: Some(2), summary: "delta epsilon".into(), ..Default::default() })).unwrap();
    let again = block_on(ContextFold::open(&storage, options(false))).unwrap();
    assert_eq!(again.index().len(), 2);
    assert!(load(&storage, store::INDEX_KEY).is_some());
}

#[test]
fn opening_without_the_journal_option_folds_an_existing_journal_into_the_files() {
    let storage = MemoryStorage::new();
    let mut cf = block_on(ContextFold::open(&storage, options(true))).unwrap();
    block_on(cf.fold(FoldInput { step_id: Some(5), summary: "kafka broker restarted".into(), ..Default::default() })).unwrap();
    let mut plain = block_on(ContextFold::open(&storage, options(false))).unwrap();
    assert!(!plain.journaling());
    block_on(plain.fold(FoldInput { step_id: Some(6), summary: "redis ttl raised".into(), ..Default::default() })).unwrap();
    assert!(load(&storage, store::JOURNAL_KEY).is_none());
    let index = json::parse(load(&storage, store::INDEX_KEY).unwrap().as_bytes()).unwrap();
    let nodes = index.get("nodes").and_then(Value::as_object).unwrap();
    assert_eq!(nodes.keys().cloned().collect::<Vec<_>>(), vec!["5".to_string(), "6".to_string()]);
}
