//! The reference's conformance suite (`tests/test_ipcf_conformance.py`, spec §16), one test per requirement,
//! plus failure-atomicity over a failing storage and no-panic probes.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use contextfold::engine::{ContextFold, FoldInput, FoldOutcome, Options};
use contextfold::error::{Error, ErrorCode, Result};
use contextfold::identity::sha256_hex;
use contextfold::json::{self, Value};
use contextfold::store::{self, FsStorage, MemoryStorage, Storage};
use contextfold::{extract, report, text};
use pollster::block_on;

const NOW: &str = "2026-01-01T00:00:00Z";
const SHOWCASE: &str = "What port are we using for PostgreSQL, and which migration applied the billing table?";

fn options() -> Options {
    Options { clock: Some(Box::new(|| Ok(NOW.to_string()))), default_policy: Some(contextfold::policy::Policy::reference()), ..Default::default() }
}

fn open<S: Storage>(storage: S) -> ContextFold<S> {
    block_on(ContextFold::open(storage, options())).expect("open")
}

fn mem() -> ContextFold<MemoryStorage> {
    open(MemoryStorage::with_root("/store"))
}

fn input(step_id: i64, summary: &str, raw: Option<&str>) -> FoldInput {
    FoldInput { step_id: Some(step_id), summary: summary.into(), raw_content: raw.map(str::to_string), ..Default::default() }
}

fn fold<S: Storage>(cf: &mut ContextFold<S>, step_id: i64, summary: &str, raw: Option<&str>) {
    match block_on(cf.fold(input(step_id, summary, raw))).expect("fold") {
        FoldOutcome::Folded { .. } => {}
        FoldOutcome::Duplicate { .. } => panic!("step {step_id} was already folded"),
    }
}

fn vector(relative: &str) -> Value {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/vectors").join(relative);
    json::parse(&std::fs::read(&path).expect("vector file")).expect("vector JSON")
}

/// A store's turns from `stores.json`: `(step_id, summary, raw_content)`.
fn store_turns(name: &str) -> Vec<(i64, String, Option<String>)> {
    let doc = vector("stores.json");
    let turns = doc.get("stores").and_then(|s| s.get(name)).and_then(|s| s.get("turns")).and_then(Value::as_array);
    turns
        .expect("store turns")
        .iter()
        .map(|t| {
            let t = t.as_array().expect("turn");
            (
                t[0].as_i64().expect("step"),
                t[1].as_str().expect("summary").to_string(),
                t[2].as_str().map(str::to_string),
            )
        })
        .collect()
}

fn store_with<S: Storage>(storage: S, name: &str) -> ContextFold<S> {
    let mut cf = open(storage);
    for (step, summary, raw) in store_turns(name) {
        fold(&mut cf, step, &summary, raw.as_deref());
    }
    cf
}

fn demo() -> ContextFold<MemoryStorage> {
    store_with(MemoryStorage::with_root("/store"), "demo")
}

fn set_policy<S: Storage>(cf: &ContextFold<S>, edit: impl FnOnce(&mut BTreeMap<String, Value>)) {
    let mut policy = contextfold::policy::Policy::reference().raw;
    if let Value::Object(m) = &mut policy {
        edit(m);
    }
    block_on(cf.storage().save(store::POLICY_KEY, &json::to_pretty(&policy))).expect("write policy");
}

fn node_file<S: Storage>(cf: &ContextFold<S>, step: i64) -> BTreeMap<String, Value> {
    let bytes = block_on(cf.storage().load(&store::cold_node_key(step))).expect("load").expect("node file");
    match json::parse(&bytes).expect("node JSON") {
        Value::Object(m) => m,
        _ => panic!("node is not an object"),
    }
}

fn write_node<S: Storage>(cf: &ContextFold<S>, step: i64, node: BTreeMap<String, Value>) {
    block_on(cf.storage().save(&store::cold_node_key(step), &json::to_pretty(&Value::Object(node)))).expect("save");
}

/// Edit the stored index entry of `step`, then reload it.
fn edit_entry<S: Storage>(cf: &mut ContextFold<S>, step: i64, edit: impl FnOnce(&mut BTreeMap<String, Value>)) {
    let bytes = block_on(cf.storage().load(store::INDEX_KEY)).expect("load").expect("index");
    let mut index = json::parse(&bytes).expect("index JSON");
    if let Value::Object(top) = &mut index {
        if let Some(Value::Object(nodes)) = top.get_mut("nodes") {
            if let Some(Value::Object(e)) = nodes.get_mut(&step.to_string()) {
                edit(e);
            }
        }
    }
    block_on(cf.storage().save(store::INDEX_KEY, &json::to_pretty(&index))).expect("save");
    block_on(cf.reload()).expect("reload");
}

fn code<T: std::fmt::Debug>(r: Result<T>) -> ErrorCode {
    r.expect_err("expected an error").code()
}

fn selected<S: Storage>(cf: &ContextFold<S>, prompt: &str) -> Vec<i64> {
    block_on(cf.scan(prompt)).expect("scan").selected.iter().map(|s| s.step_id).collect()
}

/// The reference's MockHarnessContext: a prompt of `baseline` tokens; a turn adds the hydrated nodes' bounded
/// estimates, and the end of the turn evicts them again.
struct MockHarness {
    baseline: i64,
    tokens: i64,
}

impl MockHarness {
    fn new() -> Self {
        MockHarness { baseline: 8100, tokens: 8100 }
    }
    fn dispatch<S: Storage>(&mut self, cf: &ContextFold<S>, prompt: &str) -> contextfold::engine::Turn {
        let turn = block_on(cf.before_turn(prompt)).expect("before_turn");
        self.tokens += turn.tokens;
        turn
    }
    fn end_turn<S: Storage>(&mut self, cf: &mut ContextFold<S>, turn: &contextfold::engine::Turn) {
        block_on(cf.after_response(turn)).expect("after_response");
        self.tokens -= turn.tokens;
    }
}

// ------------------------------------------------------------------------------------------------------------
// CONF-01 … CONF-13

#[test]
fn conf_01_lossless_storage() {
    let payload = "Türkçe: İstanbul ğüşöç ı\tTAB\r\nCRLF \"quoted\" 'single' \\ back\n";
    let mut cf = mem();
    fold(&mut cf, 1, "lossless", Some(payload));
    let node = node_file(&cf, 1);
    let raw = node["raw_content"].as_str().expect("raw_content");
    assert_eq!(raw, payload);
    assert_eq!(raw.len(), payload.len());
}

#[test]
fn conf_02_payload_round_trip() {
    let payload = "$ psql -p 5433\nconnected to billing — ✓";
    let mut cf = mem();
    fold(&mut cf, 2, "round trip", Some(payload));
    let expected = sha256_hex(payload.as_bytes());
    assert_eq!(node_file(&cf, 2)["payload_sha256"].as_str(), Some(expected.as_str()));
    let h = block_on(cf.hydrate(2)).expect("hydrate");
    assert_eq!(h.payload_sha256, expected);
    assert_eq!(sha256_hex(h.raw_content.as_bytes()), expected);
}

#[test]
fn conf_03_deterministic_addressing() {
    let turns = &store_turns("demo")[..3];
    let run = || {
        let mut cf = mem();
        for (step, summary, raw) in turns {
            fold(&mut cf, *step, summary, raw.as_deref());
        }
        turns
            .iter()
            .map(|(step, ..)| {
                let n = node_file(&cf, *step);
                ["payload_sha256", "projection_sha256", "identifiers", "commands"].map(|k| n[k].clone())
            })
            .collect::<Vec<_>>()
    };
    assert_eq!(run(), run());
}

#[test]
fn conf_04_temporal_disambiguation() {
    let cf = demo();
    for query in ["PostgreSQL port", "a port postgresql", "res port postgresql"] {
        let c = block_on(cf.recall(query)).expect("recall");
        let top: Vec<(i64, &str)> = c.iter().take(3).map(|r| (r.step_id, r.status.as_str())).collect();
        assert_eq!(top, [(137, "latest_chronological"), (91, "superseded"), (37, "historical")], "{query}");
        assert!(c[3..].iter().all(|r| r.status == "related" && r.coverage < c[0].coverage), "{query}");
        assert!(c[3..].iter().any(|r| r.step_id == 499), "{query}: 499 is related");
    }
    assert_eq!(selected(&cf, "What port did we configure for PostgreSQL?").first(), Some(&137));
}

#[test]
fn conf_05_exact_verbatim_retrieval() {
    let diff = "--- a/config.env\n+++ b/config.env\n@@ -1 +1 @@\n-PORT=5434\n+PORT=5433\n";
    let mut cf = mem();
    fold(&mut cf, 5, "config diff", Some(diff));
    assert_eq!(block_on(cf.hydrate(5)).expect("hydrate").raw_content, diff);
}

#[test]
fn conf_06_bounded_rehydration_cap() {
    let payload = "A".repeat(1000);
    let mut cf = mem();
    fold(&mut cf, 6, "big", Some(&payload));
    set_policy(&cf, |p| {
        p.insert("max_rehydration_tokens_per_call".into(), 50.into());
    });
    let h = block_on(cf.hydrate(6)).expect("hydrate");
    assert!(h.truncated);
    assert_eq!(h.token_estimate, 50);
    assert_eq!(h.content.chars().count(), 200);
    assert_eq!(h.raw_content.chars().count(), 1000);
    assert_eq!(sha256_hex(h.raw_content.as_bytes()), h.payload_sha256);
}

#[test]
fn conf_06_turn_budget() {
    let cf = demo();
    for (budget, want) in [(25, vec![342]), (30, vec![342, 137])] {
        set_policy(&cf, |p| {
            p.insert("max_rehydration_tokens_per_turn".into(), budget.into());
        });
        assert_eq!(selected(&cf, SHOWCASE), want, "budget {budget}");
    }
    let ext = store_with(MemoryStorage::with_root("/store"), "extended");
    set_policy(&ext, |p| {
        p.insert("max_rehydration_tokens_per_turn".into(), 60.into());
    });
    let r = block_on(ext.scan("redis ttl kafka broker port postgresql")).expect("scan");
    assert_eq!(r.selected.iter().map(|s| s.step_id).collect::<Vec<_>>(), vec![710, 137]);
    assert_eq!(r.budget_dropped.iter().map(|s| (s.step_id, s.cost)).collect::<Vec<_>>(), vec![(700, 60)]);
}

#[test]
fn conf_07_enforced_eviction_cycle() {
    let mut cf = mem();
    fold(
        &mut cf,
        70,
        "Redis cache TTL set to 300 seconds",
        Some("$ redis-cli CONFIG SET ttl 300\nredis cache ttl 300"),
    );
    let mut harness = MockHarness::new();
    for _ in 0..2 {
        let turn = harness.dispatch(&cf, "what is the redis ttl?");
        assert_eq!(turn.hydrated.iter().map(|h| h.step_id).collect::<Vec<_>>(), vec![70]);
        assert!(harness.tokens > harness.baseline, "tokens rise after dispatch");
        harness.end_turn(&mut cf, &turn);
        assert_eq!(harness.tokens, 8100, "tokens return to the baseline");
    }
    let log = block_on(cf.storage().load(store::EVICTION_LOG_KEY)).expect("load").expect("eviction log");
    let log = json::parse(&log).expect("log JSON");
    let events = log.get("evicted").and_then(Value::as_array).expect("events");
    assert!(events.iter().filter(|e| e.get("step_id").and_then(Value::as_i64) == Some(70)).count() >= 2);
}

#[test]
fn conf_08_dual_projection_isolation() {
    let cf = demo();
    let harness = MockHarness::new();
    // Reading cold storage directly is not a prompt operation: the harness's count does not move.
    let bytes = block_on(cf.storage().load(&store::cold_node_key(137))).expect("load").expect("node");
    assert!(!bytes.is_empty());
    assert_eq!(harness.tokens, harness.baseline);
}

#[test]
fn conf_09_tamper_detection() {
    let mut cf = mem();
    fold(&mut cf, 9, "original summary", Some("payload nine"));
    let mut node = node_file(&cf, 9);
    node.insert("summary".into(), "tampered summary".into());
    write_node(&cf, 9, node);
    assert_eq!(code(block_on(cf.hydrate(9))), ErrorCode::IntegrityCheck);
    assert!(!block_on(cf.validate()).expect("validate").ok);
}

#[test]
fn conf_10_explicit_failure_mode() {
    let cf = demo();
    let e = block_on(cf.hydrate(99999)).expect_err("missing node");
    assert_eq!(e.code(), ErrorCode::NodeNotFound);
    assert_eq!(e.code().class_name(), "NodeNotFoundError");
}

#[test]
fn conf_11_deterministic_replay() {
    let explicit = FoldInput {
        step_id: Some(11),
        summary: "Deploy api".into(),
        raw_content: Some("$ kubectl apply -f api.yml\nValueError in handler".into()),
        files: Some(vec!["api.yml".into()]),
        commands: Some(vec!["kubectl apply -f api.yml".into()]),
        errors: Some(vec!["ValueError".into()]),
        ..Default::default()
    };
    let projection = |fi: FoldInput| match block_on(open(MemoryStorage::with_root("/other")).fold(fi)).expect("fold") {
        FoldOutcome::Folded { node, .. } => node,
        FoldOutcome::Duplicate { .. } => unreachable!(),
    };
    let (a, b) = (projection(explicit.clone()), projection(explicit));
    assert_eq!(a.projection_sha256, b.projection_sha256);
    assert_eq!(a.projection_version, "ipcf-projection-v2");
    let nfc = projection(input(12, "Café service", Some("café port 5433")));
    let nfd = projection(input(12, "Cafe\u{301} service", Some("cafe\u{301} port 5433")));
    assert_eq!(nfc.identifiers, nfd.identifiers);
    assert_eq!(nfc.projection_sha256, nfd.projection_sha256);
}

#[test]
fn conf_12_inconsistent_state_detection() {
    // A: orphan file.
    let mut cf = mem();
    fold(&mut cf, 100, "node 100", Some("content 100"));
    let bytes = block_on(cf.storage().load(&store::cold_node_key(100))).expect("load").expect("node");
    block_on(cf.storage().save(&store::cold_node_key(999), &bytes)).expect("save");
    assert_eq!(code(block_on(cf.hydrate(999))), ErrorCode::OrphanedNode);
    assert!(!block_on(cf.validate()).expect("validate").ok);
    // B: an index entry without its file.
    let mut cf = mem();
    fold(&mut cf, 100, "node 100", Some("content 100"));
    block_on(cf.storage().remove(&store::cold_node_key(100))).expect("remove");
    assert_eq!(code(block_on(cf.hydrate(100))), ErrorCode::BrokenReference);
    assert!(!block_on(cf.validate()).expect("validate").ok);
    // C: truncated JSON.
    let mut cf = mem();
    fold(&mut cf, 100, "node 100", Some("content 100"));
    let bytes = block_on(cf.storage().load(&store::cold_node_key(100))).expect("load").expect("node");
    block_on(cf.storage().save(&store::cold_node_key(100), &bytes[..bytes.len() / 2])).expect("save");
    assert_eq!(code(block_on(cf.hydrate(100))), ErrorCode::IntegrityCheck);
    assert!(!block_on(cf.validate()).expect("validate").ok);
}

/// A fresh directory for one test (removed by the guard).
struct TempDir(PathBuf);

impl TempDir {
    fn new(tag: &str) -> Self {
        static N: AtomicUsize = AtomicUsize::new(0);
        let n = N.fetch_add(1, Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("contextfold-{tag}-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("temp dir");
        TempDir(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Path containment over one storage: each bad `file_path` is rejected by hydrate, and validate reports it
/// while still auditing step 200.
fn containment_cases<S: Storage>(make: impl Fn() -> S) {
    let bad = ["../evil.json", ".contextfold/cold_nodes_evil/step_000100.json", "/etc/passwd"];
    for integrity in [true, false] {
        for path in bad {
            let mut cf = open(make());
            fold(&mut cf, 100, "node 100", Some("content 100"));
            fold(&mut cf, 200, "node 200", Some("content 200"));
            if !integrity {
                set_policy(&cf, |p| {
                    p.insert("integrity_verification".into(), false.into());
                });
            }
            edit_entry(&mut cf, 100, |e| {
                e.insert("file_path".into(), path.into());
            });
            let e = block_on(cf.hydrate(100)).expect_err(path);
            assert_eq!(e.code(), ErrorCode::PathContainment, "{path}");
            assert!(e.code().is_integrity());
            let v = block_on(cf.validate()).expect("validate");
            assert!(!v.ok, "{path}");
            let screen = report::validate(&v);
            assert!(screen.contains("Path Containment"), "{screen}");
            assert!(screen.contains("Step  200"), "{screen}");
            assert_eq!(v.pass_count, 1);
        }
    }
    // Accepted spellings of the right file.
    for absolute in [true, false] {
        let mut cf = open(make());
        fold(&mut cf, 100, "node 100", Some("content 100"));
        let path = if absolute {
            format!("{}/.contextfold/cold_nodes/step_000100.json", cf.storage().root())
        } else {
            "./.contextfold/cold_nodes/../cold_nodes/step_000100.json".to_string()
        };
        edit_entry(&mut cf, 100, |e| {
            e.insert("file_path".into(), path.as_str().into());
        });
        assert_eq!(block_on(cf.hydrate(100)).expect("hydrate").content, "content 100", "{path}");
    }
}

fn two_nodes<S: Storage>(cf: &mut ContextFold<S>) {
    fold(cf, 100, "node 100", Some("content 100"));
    fold(cf, 200, "node 200", Some("content 200"));
}

#[test]
fn conf_12_path_containment() {
    containment_cases(|| MemoryStorage::with_root("/store"));
    let tmp = TempDir::new("conf12");
    let n = AtomicUsize::new(0);
    containment_cases(|| FsStorage::new(tmp.0.join(n.fetch_add(1, Ordering::Relaxed).to_string())).expect("fs store"));

    // Links, in memory and with real symlinks.
    let node100 = store::cold_node_key(100);
    let node200 = store::cold_node_key(200);
    // Escape: the node file is a link to a copy outside the store.
    let mut m = mem();
    two_nodes(&mut m);
    m.storage().link(&node100, "/outside/step_000100.json");
    assert_eq!(code(block_on(m.hydrate(100))), ErrorCode::PathContainment);
    #[cfg(unix)]
    {
        let dir = tmp.0.join("links");
        let mut f = open(FsStorage::new(dir.join("store")).expect("fs store"));
        two_nodes(&mut f);
        let root = f.storage().root_path().to_path_buf();
        let outside = root.parent().expect("parent").join("copy.json");
        std::fs::copy(root.join(&node100), &outside).expect("copy");
        std::fs::remove_file(root.join(&node100)).expect("remove");
        std::os::unix::fs::symlink(&outside, root.join(&node100)).expect("symlink");
        assert_eq!(code(block_on(f.hydrate(100))), ErrorCode::PathContainment);
        let v = block_on(f.validate()).expect("validate");
        assert!(!v.ok && v.problems[0].message.contains("Path Containment"));

        // To a sibling node: containment passes, the index hash check catches it; with integrity off it is
        // another step's content (reference behaviour, spec §10).
        std::fs::remove_file(root.join(&node100)).expect("remove");
        std::os::unix::fs::symlink("step_000200.json", root.join(&node100)).expect("symlink");
        assert_eq!(code(block_on(f.hydrate(100))), ErrorCode::IntegrityCheck);
        set_policy(&f, |p| {
            p.insert("integrity_verification".into(), false.into());
        });
        assert_eq!(block_on(f.hydrate(100)).expect("hydrate").content, "content 200");
        assert!(block_on(f.validate()).expect("validate").ok);
    }
    let mut m = mem();
    two_nodes(&mut m);
    m.storage().link(&node100, &node200);
    assert_eq!(code(block_on(m.hydrate(100))), ErrorCode::IntegrityCheck);
}

#[test]
fn conf_13_multi_intent() {
    let cf = demo();
    let mut harness = MockHarness::new();
    let turn = harness.dispatch(&cf, SHOWCASE);
    assert_eq!(turn.hydrated.iter().map(|h| h.step_id).collect::<Vec<_>>(), vec![342, 137, 447]);
    assert_eq!(harness.tokens, 8100 + 12 + 16 + 17);
    // R-4 tie-break: equal gain goes to the more recent step.
    let mut cf = mem();
    fold(&mut cf, 50, "alpha beta rollout", Some("alpha beta rollout notes"));
    fold(&mut cf, 10, "alpha beta draft", Some("alpha beta draft notes"));
    fold(&mut cf, 900, "gamma release", Some("gamma release notes"));
    assert_eq!(selected(&cf, "alpha beta gamma"), vec![50, 900]);
}

#[test]
fn conf_13_passive_mmu_unicode() {
    let case = &vector("fold_extra.json").get("cases").and_then(Value::as_array).expect("cases")[0].clone();
    let i = case.get("input").expect("input");
    let summary = i.get("summary").and_then(Value::as_str).expect("summary");
    let raw = i.get("raw_content").and_then(Value::as_str);
    let mut cf = demo();
    fold(&mut cf, 150, summary, raw);
    let ids = cf.entry(150).expect("entry").identifiers;
    for want in ["__init__", "_private_var", "sipariş_tablosu", "veritabani", "istanbul"] {
        assert!(ids.iter().any(|t| t == want), "{want} in {ids:?}");
    }
    for not in ["i\u{307}stanbul", "icin", "neden"] {
        assert!(!ids.iter().any(|t| t == not), "{not} not in {ids:?}");
    }
    let mut harness = MockHarness::new();
    let nfd = text::nfc("sipariş_tablosu")
        .chars()
        .flat_map(|c| if c == 'ş' { vec!['s', '\u{327}'] } else { vec![c] })
        .collect::<String>();
    assert_ne!(nfd, "sipariş_tablosu");
    for prompt in ["istanbul sorgusu", nfd.as_str()] {
        let turn = harness.dispatch(&cf, prompt);
        assert!(turn.hydrated.iter().any(|h| h.step_id == 150), "{prompt:?}");
        harness.end_turn(&mut cf, &turn);
        assert_eq!(harness.tokens, harness.baseline);
    }
    assert!(extract::scan_query_terms(&nfd).contains(&"sipariş_tablosu".to_string()));
}

// ------------------------------------------------------------------------------------------------------------
// Failure atomicity

/// A storage whose `save` fails on the `fail_on`-th call from now (1-based); everything else is delegated.
struct FailingStorage {
    inner: MemoryStorage,
    saves: AtomicUsize,
    fail_on: AtomicUsize,
}

impl FailingStorage {
    fn new() -> Self {
        FailingStorage {
            inner: MemoryStorage::with_root("/store"),
            saves: AtomicUsize::new(0),
            fail_on: AtomicUsize::new(0),
        }
    }
    fn fail_save(&self, n: usize) {
        self.saves.store(0, Ordering::SeqCst);
        self.fail_on.store(n, Ordering::SeqCst);
    }
    fn snapshot(&self) -> BTreeMap<String, Vec<u8>> {
        let keys = block_on(self.inner.list("")).expect("list");
        keys.into_iter()
            .map(|k| {
                let v = block_on(self.inner.load(&k)).expect("load").unwrap_or_default();
                (k, v)
            })
            .collect()
    }
}

impl Storage for FailingStorage {
    async fn load(&self, key: &str) -> Result<Option<Vec<u8>>> {
        self.inner.load(key).await
    }
    async fn save(&self, key: &str, data: &[u8]) -> Result<()> {
        let n = self.saves.fetch_add(1, Ordering::SeqCst) + 1;
        if n == self.fail_on.load(Ordering::SeqCst) {
            return Err(Error::storage(format!("injected failure writing {key}")));
        }
        self.inner.save(key, data).await
    }
    async fn remove(&self, key: &str) -> Result<()> {
        self.inner.remove(key).await
    }
    async fn list(&self, prefix: &str) -> Result<Vec<String>> {
        self.inner.list(prefix).await
    }
    async fn resolve(&self, path: &str) -> Result<String> {
        self.inner.resolve(path).await
    }
    fn root(&self) -> &str {
        self.inner.root()
    }
}

#[test]
fn failed_fold_leaves_the_store_as_it_was() {
    for first in [true, false] {
        for n in [1, 2] {
            let mut cf = open(FailingStorage::new());
            if !first {
                fold(&mut cf, 37, "PostgreSQL configured on Port 5433", Some("port 5433"));
            }
            let before = cf.storage().snapshot();
            let index_before = cf.index().to_file_bytes();
            cf.storage().fail_save(n);
            let e =
                block_on(cf.fold(input(91, "PostgreSQL switched to Port 5434", Some("port 5434")))).expect_err("fold");
            assert_eq!(e.code(), ErrorCode::Storage);
            assert_eq!(cf.storage().snapshot(), before, "save #{n} failed, first fold: {first}");
            assert_eq!(cf.index().to_file_bytes(), index_before);
            assert!(cf.entry(91).is_none());
            // The same fold then succeeds as if nothing had happened.
            cf.storage().fail_save(0);
            fold(&mut cf, 91, "PostgreSQL switched to Port 5434", Some("port 5434"));
            let mut clean = mem();
            if !first {
                fold(&mut clean, 37, "PostgreSQL configured on Port 5433", Some("port 5433"));
            }
            fold(&mut clean, 91, "PostgreSQL switched to Port 5434", Some("port 5434"));
            assert_eq!(cf.index().to_file_bytes(), clean.index().to_file_bytes());
        }
    }
}

#[test]
fn failed_fold_over_an_orphan_puts_the_orphan_back() {
    let mut cf = open(FailingStorage::new());
    fold(&mut cf, 37, "PostgreSQL configured on Port 5433", Some("port 5433"));
    block_on(cf.storage().save(&store::cold_node_key(91), b"orphan bytes")).expect("orphan");
    let before = cf.storage().snapshot();
    cf.storage().fail_save(2);
    assert_eq!(code(block_on(cf.fold(input(91, "PostgreSQL switched to Port 5434", None)))), ErrorCode::Storage);
    assert_eq!(cf.storage().snapshot(), before);
}

#[test]
fn failed_evict_leaves_the_store_as_it_was() {
    for earlier_eviction in [false, true] {
        for n in [1, 2] {
            let mut cf = open(FailingStorage::new());
            fold(&mut cf, 137, "PostgreSQL port 5434 reverted back to Port 5433", Some("port 5433"));
            if earlier_eviction {
                block_on(cf.evict(137)).expect("evict");
            }
            let before = cf.storage().snapshot();
            let index_before = cf.index().to_file_bytes();
            cf.storage().fail_save(n);
            assert_eq!(code(block_on(cf.evict(137))), ErrorCode::Storage);
            assert_eq!(cf.storage().snapshot(), before, "save #{n} failed");
            assert_eq!(cf.index().to_file_bytes(), index_before);
        }
    }
}

// ------------------------------------------------------------------------------------------------------------
// No input panics

fn policy_probe(policy: &[u8]) -> ContextFold<MemoryStorage> {
    let mut cf = mem();
    fold(&mut cf, 1, "port 5433", Some("port 5433"));
    block_on(cf.storage().save(store::POLICY_KEY, policy)).expect("policy");
    cf
}

#[test]
fn crash_probes_give_typed_errors() {
    let bad_policies: &[&[u8]] = &[
        b"[1, 2, 3]",
        br#"{"max_rehydration_tokens_per_turn": "100"}"#,
        br#"{"max_rehydration_tokens_per_call": null}"#,
        br#"{"max_rehydration_tokens_per_call": "50"}"#,
        br#"{"max_rehydration_tokens_per_call": 1.5}"#,
        b"not json",
        b"",
        b"\xff\xfe",
    ];
    for policy in bad_policies {
        let mut cf = policy_probe(policy);
        let before = block_on(cf.storage().list("")).expect("list");
        let scan = block_on(cf.scan("port 5433 postgresql"));
        let hydrate = block_on(cf.hydrate(1));
        assert!(scan.is_err() || hydrate.is_err(), "{:?}", String::from_utf8_lossy(policy));
        for e in [scan.err(), hydrate.err()].into_iter().flatten() {
            assert_eq!(e.code(), ErrorCode::InvalidInput, "{e}");
        }
        let _ = block_on(cf.fold(input(2, "x", None)));
        let _ = block_on(cf.status());
        let _ = block_on(cf.validate());
        let _ = block_on(cf.before_turn("port"));
        let _ = cf.recall("port");
        if block_on(cf.fold(input(3, "y", None))).is_err() {
            assert!(block_on(cf.storage().list("")).expect("list").len() >= before.len());
        }
    }
}

#[test]
fn odd_inputs_do_not_panic() {
    let mut cf = mem();
    for step in [0, -1, 1_000_000_000_000, -1_000_000_000_000, i64::MAX, i64::MIN, i64::MIN + 1] {
        let r = block_on(cf.fold(input(step, "", Some(""))));
        assert!(r.is_ok(), "fold {step}: {r:?}");
        let h = block_on(cf.hydrate(step)).expect("hydrate");
        assert_eq!(h.content, "");
        assert!(block_on(cf.evict(step)).is_ok());
        assert_eq!(
            block_on(cf.hydrate(step.wrapping_add(7)))
                .map(|_| ())
                .err()
                .map(|e| e.code())
                .unwrap_or(ErrorCode::NodeNotFound),
            ErrorCode::NodeNotFound
        );
    }
    assert_eq!(store::cold_node_file_name(i64::MIN), format!("step_{}.json", i64::MIN));
    for prompt in ["", " ", "\u{0}", "$", "\u{2028}", "i\u{307}", "🚀", &"x".repeat(100_000)] {
        let _ = block_on(cf.scan(prompt)).expect("scan");
        let _ = cf.recall(prompt);
        let _ = block_on(cf.before_turn(prompt)).expect("before_turn");
    }
    assert!(block_on(cf.validate()).expect("validate").ok);
    let _ = block_on(cf.status()).expect("status");
    // Extreme budgets and caps.
    for (turn, call) in [(i64::MAX, i64::MAX), (i64::MIN, i64::MIN), (0, 0), (-1, -1), (1, i64::MAX)] {
        set_policy(&cf, |p| {
            p.insert("max_rehydration_tokens_per_turn".into(), turn.into());
            p.insert("max_rehydration_tokens_per_call".into(), call.into());
        });
        let _ = block_on(cf.scan("port")).expect("scan");
        let _ = block_on(cf.hydrate(0)).expect("hydrate");
    }
    block_on(
        cf.storage().save(store::POLICY_KEY, b"{\"max_rehydration_tokens_per_call\": 123456789012345678901234567890}"),
    )
    .expect("save");
    let _ = block_on(cf.hydrate(0));
    // A damaged index is an error at open, not a panic.
    for index in
        [&b"[]"[..], b"{\"nodes\": {\"x\": {}}}", b"{\"nodes\": []}", b"{", b"{\"nodes\": {\"1\": {\"files\": [1]}}}"]
    {
        let s = MemoryStorage::with_root("/store");
        block_on(s.save(store::INDEX_KEY, index)).expect("save");
        assert!(block_on(ContextFold::open(s, options())).is_err());
    }
}
