//! Fuzz targets: each takes arbitrary bytes and drives one reader or rule of the engine with them. A target must
//! never panic, hang or use memory out of proportion to its input; errors are fine (they are typed). Shared by the
//! fuzzer (`examples/fuzz.rs`, run by `npm run fuzz`) and the replay of found cases (`tests/fuzz_corpus.rs`).
#![allow(dead_code)]

use std::sync::OnceLock;

use contextfold::engine::{ContextFold, Options};
use contextfold::index::{pages, snapshot, EvictionLog, RecallIndex};
use contextfold::json::{self, Value};
use contextfold::policy::Policy;
use contextfold::redact::{self, Ruleset};
use contextfold::store::{self, MemoryStorage, Storage};
use contextfold::types::{FoldInput, TurnOptions};
use contextfold::{containment, extract, journal, scan, validate};

pub type Target = fn(&[u8]);

/// Every target by name, in the order the fuzzer runs them.
pub const TARGETS: &[(&str, Target)] = &[
    ("json", json_reader),
    ("index", index_reader),
    ("node", node_reader),
    ("policy", policy_reader),
    ("log", log_reader),
    ("journal", journal_reader),
    ("snapshot", snapshot_reader),
    ("pages", pages_reader),
    ("extract", extraction),
    ("redact", redaction),
    ("scan", scan_prompt),
    ("paths", path_resolution),
    ("store", store_files),
];

pub fn target(name: &str) -> Option<Target> {
    TARGETS.iter().find(|(n, _)| *n == name).map(|(_, t)| *t)
}

fn clock() -> Options {
    Options { clock: Some(Box::new(|| Ok("2026-01-01T00:00:00Z".to_string()))), ..Options::default() }
}

/// A small journaled store made by the engine itself: folds, evictions, a checkpoint, then more journaled folds
/// and an eviction; every file it holds (the seeds of the readers, and the base of the `store` target).
pub fn sample_store() -> &'static Vec<(String, Vec<u8>)> {
    static FILES: OnceLock<Vec<(String, Vec<u8>)>> = OnceLock::new();
    FILES.get_or_init(|| {
        pollster::block_on(async {
            let mut cf = ContextFold::open(MemoryStorage::new(), Options { journal: true, ..clock() }).await.expect("open");
            let texts = [
                ("Ran cargo test: 3 failed in src/engine.rs", "error[E0308]: mismatched types\n  --> src/engine.rs:12:5\n$ cargo test --release\nAPI_KEY=sk-live-0123456789abcdefghij"),
                ("Postgres listens on port 5432", "psql -h localhost -p 5432\nFATAL: password authentication failed for user \"app\"\nconfig/database.yml"),
                ("Migration 0004_billing applied", "python manage.py migrate billing 0004\nApplying billing.0004_invoice... OK"),
                ("npm run build failed", "TypeError: Cannot read properties of undefined (reading 'map')\n    at render (src/App.tsx:41:17)"),
                ("Résumé of the café logs", "naïve façade — ünïcödé \u{1F600} \u{200B} text"),
            ];
            for (summary, raw) in texts {
                cf.fold(FoldInput { summary: summary.into(), raw_content: Some(raw.repeat(3)), ..FoldInput::default() }).await.expect("fold");
            }
            cf.evict(2).await.expect("evict");
            cf.checkpoint().await.expect("checkpoint");
            cf.fold(FoldInput { summary: "after the checkpoint: port 8080".into(), raw_content: Some("curl localhost:8080/health".into()), ..FoldInput::default() })
                .await
                .expect("fold");
            cf.evict(1).await.expect("evict");
            let s = cf.storage();
            let mut files = Vec::new();
            for key in s.list("").await.expect("list") {
                let bytes = s.load(&key).await.expect("load").unwrap_or_default();
                files.push((key, bytes));
            }
            files
        })
    })
}

/// The sample store's file under `key`.
pub fn sample(key: &str) -> Vec<u8> {
    sample_store().iter().find(|(k, _)| k == key).map(|(_, b)| b.clone()).unwrap_or_default()
}

/// Seeds of a target: well-formed inputs the mutations start from.
pub fn seeds(name: &str) -> Vec<Vec<u8>> {
    let files = sample_store();
    let of = |pred: &dyn Fn(&str) -> bool| files.iter().filter(|(k, _)| pred(k)).map(|(_, b)| b.clone()).collect::<Vec<_>>();
    let texts = || of(&|k: &str| k.contains("cold_nodes/"));
    match name {
        "json" => {
            let mut v = of(&|k: &str| k.ends_with(".json") || k.ends_with(".journal"));
            v.push(br#"{"a":[1,-0,1e400,1.5e-7,"\ud83d\ude00","\ud800",true,null,{"":{}}],"a":2}"#.to_vec());
            v
        }
        "index" => of(&|k: &str| k.ends_with("recall_index.json")),
        "node" => texts(),
        "policy" => {
            let mut v = of(&|k: &str| k.ends_with("hydration_policy.json"));
            v.push(Policy::reference().to_file_bytes());
            v
        }
        "log" => of(&|k: &str| k.ends_with("eviction_log.json")),
        "journal" => of(&|k: &str| k.ends_with(".journal")),
        "snapshot" => of(&|k: &str| k.ends_with(".snapshot")),
        "pages" => of(&|k: &str| k.contains("pages/")),
        "extract" | "redact" | "scan" => {
            let mut v = texts();
            v.push(b"what failed in src/engine.rs on port 5432? AKIAIOSFODNN7EXAMPLE ghp_0123456789abcdefghijklmnopqrstuvwxyz".to_vec());
            v
        }
        "paths" => vec![
            b".contextfold/cold_nodes/step_000001.json".to_vec(),
            b"/memory/.contextfold/cold_nodes/step_000001.json".to_vec(),
            b"\x01.contextfold/cold_nodes/../cold_nodes/./step_000001.json".to_vec(),
            b"\x02../../etc/passwd".to_vec(),
        ],
        "store" => files.iter().enumerate().map(|(i, (_, b))| [&[i as u8, 0][..], b].concat()).collect(),
        _ => Vec::new(),
    }
}

fn text(data: &[u8]) -> String {
    String::from_utf8_lossy(data).into_owned()
}

pub fn json_reader(data: &[u8]) {
    if let Ok(v) = json::parse(data) {
        // What the engine writes back must read back as the same value.
        let canonical = json::to_canonical(&v);
        let again = json::parse(&canonical).expect("canonical JSON of a parsed value parses");
        assert_eq!(json::to_canonical(&again), canonical, "canonical JSON is stable");
        let _ = json::to_pretty(&v);
        let _ = json::python_repr(&v);
    }
}

pub fn index_reader(data: &[u8]) {
    if let Ok(index) = RecallIndex::from_file_bytes(data) {
        let bytes = index.to_file_bytes();
        let again = RecallIndex::from_file_bytes(&bytes).expect("an index the engine wrote reads back");
        assert_eq!(again.to_file_bytes(), bytes, "the index file is stable");
        let snap = snapshot::to_bytes(&index, "v1");
        let back = snapshot::from_bytes(&snap, "v1").expect("a snapshot the engine wrote reads back");
        assert_eq!(back.to_file_bytes(), bytes, "the snapshot holds the index");
        let _ = scan::scan(&index, "port src/engine.rs E0308", 2000, 1000);
        for e in index.entries() {
            let _ = e.file_path();
            let _ = e.summary();
        }
    }
}

pub fn node_reader(data: &[u8]) {
    let expected = Value::from("0".repeat(64));
    for exp in [None, Some(&expected)] {
        if let Ok(node) = validate::verify_bytes(Some(data), "/memory/.contextfold/cold_nodes/step_000001.json", exp) {
            let cold = contextfold::types::ColdNode::from_object(&node);
            let _ = cold.write_json(true, Some(2));
        }
    }
}

pub fn policy_reader(data: &[u8]) {
    if let Ok(p) = Policy::from_file_bytes(data) {
        let _ = p.max_tokens_per_call();
        let _ = p.max_tokens_per_turn();
        let _ = p.integrity_verification();
        let _ = p.redaction();
        let _ = p.hash();
        let _ = p.display("redaction", "none");
        let _ = p.to_file_bytes();
    }
}

pub fn log_reader(data: &[u8]) {
    if let Ok(mut log) = EvictionLog::from_file_bytes(data) {
        log.append(1, "2026-01-01T00:00:00Z");
        let bytes = log.to_file_bytes();
        EvictionLog::from_file_bytes(&bytes).expect("a log the engine wrote reads back");
    }
}

pub fn journal_reader(data: &[u8]) {
    let complete = data.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    let _ = journal::check_tail(&data[complete..]);
    if let Ok(records) = journal::parse(data) {
        // Compared as bytes: a record may hold NaN (Python's JSON reads it), which is not equal to itself.
        let bytes: Vec<u8> = records.iter().flat_map(|r| r.to_line()).collect();
        let again = journal::parse(&bytes).expect("journal lines the engine wrote read back");
        assert_eq!(again.iter().flat_map(|r| r.to_line()).collect::<Vec<u8>>(), bytes, "journal lines are stable");
    }
}

pub fn snapshot_reader(data: &[u8]) {
    let _ = snapshot::from_bytes(data, "v1");
    // Past the checksum, to the records themselves.
    if let Some(sealed) = snapshot::reseal(data) {
        for version in ["v1", ""] {
            if let Some(index) = snapshot::from_bytes(&sealed, version) {
                let _ = index.to_file_bytes();
                let _ = scan::scan(&index, "port 5432 src/engine.rs", 500, 100);
            }
        }
        // Fed in pieces, as the engine reads it.
        let mut r = snapshot::Reader::new("v1");
        for chunk in sealed.chunks(7) {
            if r.feed(chunk).is_none() {
                return;
            }
        }
        let _ = r.finish();
    }
}

pub fn pages_reader(data: &[u8]) {
    let _ = pages::Dir::parse(data);
    let body = data.get(..data.len().saturating_sub(8)).unwrap_or_default();
    let mut sealed = body.to_vec();
    sealed.extend_from_slice(&contextfold::hash::fast_hash(body).to_le_bytes());
    let _ = pages::Dir::parse(&sealed);
}

pub fn extraction(data: &[u8]) {
    let t = text(data);
    let _ = extract::extract_all(&t);
    let _ = extract::scan_query_terms(&t);
    let _ = extract::recall_query_terms(&t);
}

pub fn redaction(data: &[u8]) {
    let t = text(data);
    let r = redact::redact(&t, Ruleset::SecretsV1);
    let mut end = 0;
    for f in &r.findings {
        assert!(f.start >= end && f.start < f.end && f.end <= t.len(), "findings sorted, disjoint, inside the text: {:?}", r.findings);
        end = f.end;
    }
    // Redaction is idempotent: its output holds nothing more to redact, and no marker is taken for a secret.
    let again = redact::redact(&r.text, Ruleset::SecretsV1);
    assert!(again.findings.is_empty() && again.text == r.text, "redacting redacted text found {:?}", again.findings);
    // The same for a fold's fields redacted together (a value found in one is redacted in all).
    let mut cut = t.len() / 2;
    while !t.is_char_boundary(cut) {
        cut -= 1;
    }
    let fold = |summary: String, raw: String| FoldInput {
        step_id: None,
        summary,
        raw_content: Some(raw),
        session_id: None,
        files: None,
        commands: None,
        errors: None,
    };
    let once = redact::sanitize(fold(t[cut..].to_string(), t[..cut].to_string()), Ruleset::SecretsV1);
    let twice = redact::sanitize(once.clone(), Ruleset::SecretsV1);
    assert!(once == twice, "sanitizing sanitized fields changed them");
}

fn sample_index() -> &'static RecallIndex {
    static INDEX: OnceLock<RecallIndex> = OnceLock::new();
    INDEX.get_or_init(|| {
        let mut index = RecallIndex::from_file_bytes(&sample(store::INDEX_KEY)).expect("sample index");
        // The journaled folds too.
        for r in journal::parse(&sample(store::JOURNAL_KEY)).expect("sample journal") {
            if let journal::Record::Fold { step_id, entry } = r {
                index.insert(step_id, entry);
            }
        }
        index
    })
}

pub fn scan_prompt(data: &[u8]) {
    let (budget, max, prompt) = match data {
        [a, b, rest @ ..] => (i64::from(*a as i8) * 97, i64::from(*b as i8) * 31, rest),
        _ => (2000, 1000, data),
    };
    let _ = scan::scan(sample_index(), &text(prompt), budget, max);
    let _ = scan::scan(&RecallIndex::default(), &text(prompt), budget, max);
}

pub fn path_resolution(data: &[u8]) {
    let (mode, rest) = data.split_first().map_or((0, data), |(m, r)| (*m, r));
    let p = text(rest);
    let root = if mode & 1 == 0 { "/memory" } else { "/" };
    let resolved = store::resolve_lexically(root, &p);
    assert!(resolved.starts_with('/'), "a resolved path is absolute");
    let _ = store::parent(&resolved);
    let _ = store::key_under_root(root, &resolved);
    let s = MemoryStorage::with_root(root);
    if mode & 2 != 0 {
        s.link(".contextfold/cold_nodes/step_000001.json", &p);
    }
    if mode & 4 != 0 {
        s.link(".contextfold/cold_nodes", &p);
    }
    let step = i64::from(mode >> 3);
    if let Ok(canonical) = pollster::block_on(containment::resolve_cold_node_path(&s, step, Some(&p))) {
        // Containment: only the canonical file of the step is accepted.
        let expected = pollster::block_on(s.resolve(&store::cold_node_key(step))).expect("resolve");
        assert_eq!(canonical, expected, "an accepted path is the canonical one");
    }
}

/// The sample store with one file replaced by the input (byte 0 picks the file, byte 1 the options), then every
/// operation on it.
pub fn store_files(data: &[u8]) {
    let files = sample_store();
    let (pick, mode, content) = match data {
        [a, b, rest @ ..] => (*a as usize, *b, rest),
        _ => (0, 0, data),
    };
    let replaced = pick % (files.len() + 1); // files.len(): a new cold node instead
    let s = MemoryStorage::new();
    pollster::block_on(async {
        for (i, (k, b)) in files.iter().enumerate() {
            let bytes = if i == replaced { content } else { b.as_slice() };
            s.save(k, bytes).await.expect("save");
        }
        if replaced == files.len() {
            s.save(&store::cold_node_key(99), content).await.expect("save");
        }
        let Ok(mut cf) = ContextFold::open(s, Options { journal: mode & 1 == 0, ..clock() }).await else { return };
        let _ = cf.status().await;
        let _ = cf.validate().await;
        let _ = cf.folded_steps(None).await;
        let _ = cf.recall("port 5432 engine").await;
        let turn = cf.before_turn_with("what failed in src/engine.rs on port 5432?", &TurnOptions::default()).await;
        for step in 0..8 {
            let _ = cf.hydrate(step).await;
        }
        if mode & 2 != 0 {
            let _ = cf.fold(FoldInput { summary: "a new fold".into(), raw_content: Some("more output".into()), ..FoldInput::default() }).await;
        }
        if mode & 4 != 0 {
            let _ = cf.evict(3).await;
        }
        if let Ok(turn) = turn {
            let _ = cf.after_response(&turn).await;
        }
        let _ = cf.checkpoint().await;
        let _ = cf.validate().await;
    });
}
