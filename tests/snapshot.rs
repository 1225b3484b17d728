//! The index snapshot (issue 4): opening a store from the snapshot gives exactly the index that parsing
//! `recall_index.json` gives; a snapshot is used only for the index file it was written for; a damaged or
//! hostile snapshot is refused (the JSON is parsed instead) and never panics; checkpoints write the index file
//! in chunks with the same bytes.

use contextfold::engine::{ContextFold, FoldInput, Options};
use contextfold::index::{snapshot, RecallIndex};
use contextfold::recall;
use contextfold::scan::{self, CandidateMode, ScanOptions};
use contextfold::store::{self, FsStorage, MemoryStorage, Storage};
use pollster::block_on;

const NOW: &str = "2026-01-01T00:00:00Z";

fn options(journal: bool) -> Options {
    Options { clock: Some(Box::new(|| Ok(NOW.to_string()))), journal, default_policy: Some(contextfold::policy::Policy::reference()), ..Default::default() }
}

/// An index file with the unusual shapes a hand-edited or foreign index can have: two keys for one step,
/// extra keys, fields of other types, a summary term missing from the lists, an evicted flag that is not a
/// bool, negative and large step ids, non-ASCII text, hashes that pack into bytes and ones that do not
/// (upper-case digits), canonical and other file paths.
const ODD_INDEX: &str = r#"{
  "created_at": "2026-01-01T00:00:00Z",
  "custom_top": [1, 2.5, {"x": null}],
  "ipcf_version": "1.1",
  "nodes": {
    "-5": {"step_id": -5, "summary": "Négatif İstanbul sipariş_tablosu", "identifiers": ["istanbul", "sipariş_tablosu"], "files": ["A/B.PY"], "errors": ["KeyError: x"], "commands": ["git status"], "token_estimate": 12, "evicted": false, "file_path": ".contextfold/cold_nodes/step_-00005.json", "artifact_sha256": "aa", "payload_sha256": "bb", "projection_sha256": "cc", "projection_version": "ipcf-projection-v2", "folded_at": "2026-01-01T00:00:00Z"},
    "07": {"step_id": 7, "summary": "postgres port moved", "identifiers": ["port", "postgres"], "files": [], "errors": [], "commands": [], "token_estimate": 5, "evicted": 1, "file_path": 3, "unknown": {"nested": [true]}},
    "7": {"step_id": "seven", "summary": "migration billing table", "identifiers": ["billing", "migration"], "files": ["db/Migrate.sql"], "errors": [], "commands": [], "token_estimate": "9", "evicted": true},
    "9007199254740991": {"summary": "huge step summaryonlyword", "identifiers": ["huge"], "token_estimate": 2.5},
    "137": {"step_id": 137, "summary": "PostgreSQL back on port 5433", "identifiers": ["5433", "port", "postgresql"], "files": ["config.env"], "errors": [], "commands": ["sed -i s/5434/5433/ config.env"], "token_estimate": 40, "evicted": false, "file_path": ".contextfold/cold_nodes/step_000137.json", "artifact_sha256": "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef", "payload_sha256": "0123456789ABCDEF0123456789abcdef0123456789abcdef0123456789abcdef", "projection_sha256": "ff", "projection_version": "ipcf-projection-v2", "folded_at": "2026-01-02T00:00:00Z"}
  },
  "projection_version": "ipcf-projection-v2"
}"#;

const QUERIES: &[&str] = &[
    "Which port does PostgreSQL use?",
    "billing migration table",
    "istanbul sipariş_tablosu in a/b.py",
    "KeyError: x and summaryonlyword",
    "huge postgres port 5433 config.env",
    "nothing matches here",
];

fn odd_index() -> RecallIndex {
    RecallIndex::from_file_bytes(ODD_INDEX.as_bytes()).expect("odd index parses")
}

/// Everything a user can observe of an index: its file, every scan (both modes), every recall.
fn observe(index: &RecallIndex) -> String {
    let mut out = String::from_utf8(index.to_file_bytes()).expect("UTF-8");
    for q in QUERIES {
        for budget in [0, 30, 1000] {
            let full = scan::scan(index, q, budget, 20).expect("scan");
            let fast = scan::scan_with(index, q, budget, 20, ScanOptions { candidates: CandidateMode::None, ..Default::default() }).expect("scan");
            out.push_str(&format!("\n{q} {budget}: {full:?}\n{fast:?}"));
        }
        out.push_str(&format!("\n{:?}", recall::recall(index, q)));
    }
    for step in [-5, 7, 137, 9007199254740991, 8] {
        out.push_str(&format!("\n{step}: {:?} {:?}", index.get(step).map(|e| e.to_object()), index.by_step(step).map(|e| e.summary())));
    }
    out
}

#[test]
fn snapshot_gives_the_index_that_parsing_the_file_gives() {
    let mut index = odd_index();
    let back = snapshot::from_bytes(&snapshot::to_bytes(&index, "v1"), "v1").expect("snapshot accepted");
    assert_eq!(observe(&back), observe(&index));

    // After changes in memory: the snapshot equals a fresh parse of the file those changes write.
    let mut raw = std::collections::BTreeMap::new();
    raw.insert("identifiers".to_string(), contextfold::json::Value::from(vec!["port".to_string(), "zeta".to_string()]));
    raw.insert("summary".to_string(), contextfold::json::Value::from("zeta port"));
    index.insert(200, raw);
    index.mark_evicted(137);
    index.remove(-5);
    let reparsed = RecallIndex::from_file_bytes(&index.to_file_bytes()).expect("parses");
    let back = snapshot::from_bytes(&snapshot::to_bytes(&index, "v2"), "v2").expect("snapshot accepted");
    assert_eq!(observe(&back), observe(&reparsed));
}

#[test]
fn snapshot_of_a_large_index_round_trips_dense_and_blocked_postings() {
    // 3,000 entries: `common` is carried by every step (a bitmap), `even` by half (blocks or bitmap), `rare_k`
    // by a few; steps folded out of order so blocks are split by inserts.
    let mut index = RecallIndex::new(NOW);
    for i in 0..3000i64 {
        let step = (i * 7919) % 3001;
        let mut ids = vec!["common".to_string(), format!("rare_{}", step % 97)];
        if step % 2 == 0 {
            ids.push("even".to_string());
        }
        ids.sort();
        let mut raw = std::collections::BTreeMap::new();
        raw.insert("identifiers".to_string(), contextfold::json::Value::from(ids));
        raw.insert("summary".to_string(), contextfold::json::Value::from(format!("step {step} common")));
        raw.insert("token_estimate".to_string(), contextfold::json::Value::from(step % 50 + 1));
        raw.insert("evicted".to_string(), contextfold::json::Value::Bool(false));
        index.insert(step, raw);
    }
    let bytes = snapshot::to_bytes(&index, "v");
    let back = snapshot::from_bytes(&bytes, "v").expect("accepted");
    assert_eq!(back.to_file_bytes(), index.to_file_bytes());
    for q in ["common even rare_5", "rare_96 common", "even"] {
        for budget in [0, 100, 5000] {
            let opts = || ScanOptions { candidates: CandidateMode::None, ..Default::default() };
            assert_eq!(
                format!("{:?}", scan::scan_with(&back, q, budget, 40, opts())),
                format!("{:?}", scan::scan_with(&index, q, budget, 40, opts()))
            );
        }
        assert_eq!(recall::recall(&back, q), recall::recall(&index, q));
    }
    // The snapshot is much smaller than the JSON it stands for.
    assert!(bytes.len() * 2 < index.to_file_bytes().len(), "{} vs {}", bytes.len(), index.to_file_bytes().len());
}

#[test]
fn snapshot_written_for_another_index_file_is_refused() {
    let bytes = snapshot::to_bytes(&odd_index(), "ino:1:size:2");
    assert!(snapshot::from_bytes(&bytes, "ino:1:size:3").is_none());
    assert!(snapshot::from_bytes(&bytes, "").is_none());
    assert!(snapshot::from_bytes(b"", "ino:1:size:2").is_none());
    assert!(snapshot::from_bytes(b"{\"nodes\": {}}", "ino:1:size:2").is_none());
}

#[test]
fn damaged_snapshots_are_refused_and_never_panic() {
    let bytes = snapshot::to_bytes(&odd_index(), "v");
    // Cut short anywhere.
    for cut in 0..bytes.len() {
        assert!(snapshot::from_bytes(&bytes[..cut], "v").is_none(), "accepted a snapshot cut at {cut}");
    }
    // Any byte changed: the checksum refuses it.
    for i in 0..bytes.len() {
        let mut b = bytes.clone();
        b[i] ^= 0x5a;
        assert!(snapshot::from_bytes(&b, "v").is_none(), "accepted a snapshot with byte {i} changed");
    }
    let mut longer = bytes.clone();
    longer.push(0);
    assert!(snapshot::from_bytes(&longer, "v").is_none(), "accepted bytes after the end record");
}

#[test]
fn hostile_snapshots_with_a_valid_checksum_never_panic() {
    // The checksum is not a defence against a crafted file: every field must be validated as it is read. Each
    // byte is set to a few values, the checksum recomputed, and whatever is accepted is used in every way.
    let bytes = snapshot::to_bytes(&odd_index(), "v");
    for i in 8..bytes.len() {
        for v in [0x00, 0x01, 0x7f, 0x80, 0xff, bytes[i].wrapping_add(1)] {
            let mut b = bytes.clone();
            b[i] = v;
            let Some(sealed) = snapshot::reseal(&b) else { continue };
            if let Some(index) = snapshot::from_bytes(&sealed, "v") {
                let _ = observe(&index);
                let _ = index.entries_by_step().iter().map(|e| (e.list("files"), e.token_estimate(), e.evicted())).count();
            }
        }
    }
}

/// A snapshot read as `validate` reads it (postings left out); `None` if refused.
fn read_without_postings(bytes: &[u8], file_version: &str) -> Option<RecallIndex> {
    let mut r = snapshot::Reader::without_postings(file_version);
    r.feed(bytes)?;
    r.finish()
}

#[test]
fn validate_reads_a_snapshot_without_postings_to_the_same_entries() {
    let large = {
        let mut index = RecallIndex::new(NOW);
        for step in 0..3000i64 {
            let mut raw = std::collections::BTreeMap::new();
            let ids = vec!["common".to_string(), format!("rare_{}", step % 97)];
            raw.insert("identifiers".to_string(), contextfold::json::Value::from(ids));
            raw.insert("summary".to_string(), contextfold::json::Value::from(format!("step {step} common")));
            index.insert(step, raw);
        }
        index
    };
    for index in [odd_index(), large] {
        let bytes = snapshot::to_bytes(&index, "v");
        let full = snapshot::from_bytes(&bytes, "v").expect("accepted");
        let audit = read_without_postings(&bytes, "v").expect("accepted without postings");
        assert_eq!(audit.to_file_bytes(), full.to_file_bytes());
        for step in [-5, 7, 137, 9007199254740991, 8, 0, 2999] {
            assert_eq!(audit.has_step(step), full.has_step(step), "step {step}");
        }
        assert!(read_without_postings(&bytes, "other version").is_none());
    }
}

#[test]
fn validate_refuses_a_damaged_snapshot_as_a_full_read_does() {
    let bytes = snapshot::to_bytes(&odd_index(), "v");
    for cut in 0..bytes.len() {
        assert!(read_without_postings(&bytes[..cut], "v").is_none(), "accepted a snapshot cut at {cut}");
    }
    // Postings bytes changed too: they still count in the checksum.
    for i in 0..bytes.len() {
        let mut b = bytes.clone();
        b[i] ^= 0x5a;
        assert!(read_without_postings(&b, "v").is_none(), "accepted a snapshot with byte {i} changed");
    }
}

#[test]
fn file_writer_chunks_concatenate_to_the_file() {
    let index = odd_index();
    let whole = index.to_file_bytes();
    for chunk in [1, 7, 100, 1 << 20] {
        let mut w = index.file_writer();
        let mut out = Vec::new();
        while let Some(c) = w.next_chunk(chunk) {
            out.extend(c);
        }
        assert_eq!(out, whole, "chunk size {chunk}");
    }
    let empty = RecallIndex::new(NOW);
    assert_eq!(empty.to_file_bytes(), contextfold::json::to_pretty(&contextfold::json::parse(&empty.to_file_bytes()).unwrap()));
}

fn turn(i: i64) -> FoldInput {
    FoldInput {
        step_id: Some(i),
        summary: format!("Turn {i}: port {} on src/mod{}.rs", 5000 + i % 7, i % 3),
        raw_content: Some(format!("$ cargo test --package p{i}\nTimeoutError: job {i} failed at src/mod{}.rs\nkeep word{i}", i % 3)),
        ..Default::default()
    }
}

fn fold_and_checkpoint<S: Storage>(storage: &S, range: std::ops::Range<i64>) -> String {
    let mut cf = block_on(ContextFold::open(storage, options(true))).expect("open");
    block_on(cf.fold_many(range.map(turn).collect())).expect("fold");
    block_on(cf.evict(3)).expect("evict");
    block_on(cf.checkpoint()).expect("checkpoint");
    assert!(cf.snapshot_current());
    observe(cf.index())
}

#[test]
fn checkpoint_writes_a_snapshot_that_the_next_open_reads() {
    let storage = MemoryStorage::new();
    let seen = fold_and_checkpoint(&storage, 1..40);
    assert!(block_on(storage.load(store::SNAPSHOT_KEY)).unwrap().is_some());
    assert!(block_on(storage.load(".contextfold/recall_index.json.partial")).unwrap().is_none());
    let mut cf = block_on(ContextFold::open(&storage, options(true))).expect("open");
    assert!(cf.is_paged(), "opened from the pages");
    block_on(cf.load_all()).unwrap();
    assert!(cf.snapshot_current(), "loaded whole from the snapshot");
    assert_eq!(observe(cf.index()), seen);
    // The same store parsed from its JSON alone (a reader without versions cannot trust a snapshot).
    let json = RecallIndex::from_file_bytes(&block_on(storage.load(store::INDEX_KEY)).unwrap().unwrap()).unwrap();
    assert_eq!(observe(&json), seen);
}

#[test]
fn index_file_rewritten_by_another_writer_is_parsed_not_the_snapshot() {
    let storage = MemoryStorage::new();
    fold_and_checkpoint(&storage, 1..10);
    // The reference (or a hand edit) rewrites recall_index.json: drop step 5.
    let cf = block_on(ContextFold::open(&storage, options(false))).expect("open");
    let mut edited = cf.index().clone();
    edited.remove(5);
    drop(cf);
    block_on(storage.save(store::INDEX_KEY, &edited.to_file_bytes())).unwrap();
    let cf = block_on(ContextFold::open(&storage, options(false))).expect("open");
    assert!(!cf.snapshot_current());
    assert!(cf.index().get(5).is_none(), "the edited file is what counts");
    assert_eq!(cf.index().len(), 8);
}

#[test]
fn damaged_snapshot_on_disk_falls_back_to_the_json() {
    let dir = std::env::temp_dir().join(format!("cf-snapshot-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let storage = FsStorage::new(&dir).expect("store");
    let seen = fold_and_checkpoint(&storage, 1..30);
    let snap = dir.join(store::SNAPSHOT_KEY);
    let mut bytes = std::fs::read(&snap).unwrap();
    let mid = bytes.len() / 2;
    bytes[mid] ^= 1;
    std::fs::write(&snap, &bytes).unwrap();
    let mut cf = block_on(ContextFold::open(&storage, options(true))).expect("open");
    block_on(cf.load_all()).unwrap();
    assert!(!cf.snapshot_current());
    assert_eq!(observe(cf.index()), seen);
    // A checkpoint with nothing journaled still rewrites a stale snapshot, so the next open is fast again.
    block_on(cf.checkpoint()).unwrap();
    assert!(cf.snapshot_current());
    let mut cf = block_on(ContextFold::open(&storage, options(true))).expect("open");
    block_on(cf.load_all()).unwrap();
    assert!(cf.snapshot_current());
    assert_eq!(observe(cf.index()), seen);
    let names: Vec<String> = std::fs::read_dir(dir.join(".contextfold")).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
    assert!(!names.iter().any(|n| n.contains("partial") || n.starts_with(".tmp")), "{names:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A memory store with every optional capability, whose `append` starts failing after `appends_left` calls.
struct FailingAppends {
    inner: MemoryStorage,
    appends_left: std::cell::Cell<usize>,
}

impl Storage for FailingAppends {
    async fn load(&self, key: &str) -> contextfold::error::Result<Option<Vec<u8>>> {
        self.inner.load(key).await
    }
    async fn save(&self, key: &str, data: &[u8]) -> contextfold::error::Result<()> {
        self.inner.save(key, data).await
    }
    async fn remove(&self, key: &str) -> contextfold::error::Result<()> {
        self.inner.remove(key).await
    }
    async fn list(&self, prefix: &str) -> contextfold::error::Result<Vec<String>> {
        self.inner.list(prefix).await
    }
    fn can_append(&self) -> bool {
        true
    }
    async fn append(&self, key: &str, data: &[u8]) -> contextfold::error::Result<()> {
        let left = self.appends_left.get();
        if left == 0 {
            return Err(contextfold::error::Error::storage("disk full"));
        }
        self.appends_left.set(left - 1);
        self.inner.append(key, data).await
    }
    fn can_version(&self) -> bool {
        true
    }
    async fn version(&self, key: &str) -> contextfold::error::Result<Option<String>> {
        self.inner.version(key).await
    }
    fn can_load_range(&self) -> bool {
        true
    }
    async fn load_range(&self, key: &str, offset: u64, len: usize) -> contextfold::error::Result<Option<Vec<u8>>> {
        self.inner.load_range(key, offset, len).await
    }
    fn can_rename(&self) -> bool {
        true
    }
    async fn rename(&self, from: &str, to: &str) -> contextfold::error::Result<()> {
        self.inner.rename(from, to).await
    }
    fn root(&self) -> &str {
        self.inner.root()
    }
}

#[test]
fn a_checkpoint_cut_short_loses_nothing_and_leaves_no_partial_file() {
    let storage = FailingAppends { inner: MemoryStorage::new(), appends_left: std::cell::Cell::new(usize::MAX) };
    let before = fold_and_checkpoint(&storage, 1..20);
    let index_before = block_on(storage.load(store::INDEX_KEY)).unwrap();
    // More folds go to the journal; then the disk fills up during the checkpoint's chunked index write.
    let mut cf = block_on(ContextFold::open(&storage, options(true))).expect("open");
    block_on(cf.load_all()).unwrap();
    block_on(cf.fold_many((20..30).map(turn).collect())).expect("journaled");
    let after = observe(cf.index());
    assert_ne!(after, before);
    storage.appends_left.set(0);
    let err = block_on(cf.checkpoint()).expect_err("the index write fails");
    assert_eq!(err.code(), contextfold::ErrorCode::Storage);
    // The reference file is the old one, whole; no partial file is left; the journal still holds the folds.
    assert_eq!(block_on(storage.load(store::INDEX_KEY)).unwrap(), index_before);
    let keys = block_on(storage.list(".contextfold/")).unwrap();
    assert!(!keys.iter().any(|k| k.ends_with(".partial")), "{keys:?}");
    assert!(keys.iter().any(|k| k == store::JOURNAL_KEY), "{keys:?}");
    // A reopen (snapshot of the old file + journal) sees every fold; once the disk has room, a checkpoint
    // completes and the next open reads a snapshot of the new file.
    let mut reopened = block_on(ContextFold::open(&storage, options(true))).expect("open");
    block_on(reopened.load_all()).unwrap();
    assert_eq!(observe(reopened.index()), after);
    drop(reopened);
    storage.appends_left.set(usize::MAX);
    block_on(cf.checkpoint()).expect("checkpoint");
    let mut reopened = block_on(ContextFold::open(&storage, options(true))).expect("open");
    block_on(reopened.load_all()).unwrap();
    assert!(reopened.snapshot_current());
    assert_eq!(observe(reopened.index()), after);
}
