//! `validate` (spec §13): problems in the reference's audit order, and the same result when batches of cold nodes
//! are checked elsewhere (the package's worker thread) as when this engine checks them all.

use std::cell::Cell;
use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};

use contextfold::engine::{ContextFold, FoldInput, Options};
use contextfold::error::{Error, Result};
use contextfold::store::{self, MemoryStorage, Storage};
use contextfold::validate::{audit_entries, BatchAudit, CheckElsewhere, EntryToAudit, Validation};
use pollster::block_on;

const NOW: &str = "2026-01-01T00:00:00Z";

fn options() -> Options {
    Options { clock: Some(Box::new(|| Ok(NOW.to_string()))), journal: true, ..Default::default() }
}

/// A store of steps 100, 200, … (`n` of them) in the reference files (checkpointed).
fn store_with(n: i64) -> MemoryStorage {
    let s = MemoryStorage::new();
    let mut cf = block_on(ContextFold::open(&s, options())).unwrap();
    for i in 1..=n {
        let mut input = FoldInput::new(i * 100, format!("Node {}", i * 100));
        input.raw_content = Some(format!("content {} redis port {}", i * 100, 6000 + i));
        block_on(cf.fold(input)).unwrap();
    }
    block_on(cf.checkpoint()).unwrap();
    drop(cf);
    s
}

fn text(s: &MemoryStorage, key: &str) -> String {
    String::from_utf8(block_on(s.load(key)).unwrap().unwrap()).unwrap()
}

fn put(s: &MemoryStorage, key: &str, text: &str) {
    block_on(s.save(key, text.as_bytes())).unwrap();
}

/// Every kind of finding, spread over the store: a tampered node (integrity and schema), a node whose entry points
/// outside the store (containment), a missing node, an orphan.
fn damage(s: &MemoryStorage, steps: &[i64]) {
    let mut index = text(s, store::INDEX_KEY);
    for (i, &step) in steps.iter().enumerate() {
        let key = store::cold_node_key(step);
        match i % 3 {
            0 => put(s, &key, &text(s, &key).replace("\"status\": \"cold\"", "\"status\": \"warm\"")),
            1 => index = index.replace(&format!("\"file_path\": \"{key}\""), "\"file_path\": \"../evil.json\""),
            _ => block_on(s.remove(&key)).unwrap(),
        }
    }
    put(s, store::INDEX_KEY, &index);
    put(s, &store::cold_node_key(99_999_999), "{}");
}

fn validate(s: &MemoryStorage, elsewhere: Option<&impl CheckElsewhere>) -> Validation {
    let cf = block_on(ContextFold::open(s, options())).unwrap();
    block_on(cf.validate_with(elsewhere)).unwrap()
}

/// A future that is pending once (waking itself) before it is ready: the other side of a join runs meanwhile.
struct YieldOnce(bool);

impl Future for YieldOnce {
    type Output = ();
    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<()> {
        if self.0 {
            return Poll::Ready(());
        }
        self.0 = true;
        cx.waker().wake_by_ref();
        Poll::Pending
    }
}

/// Audits over the same store, as the package's worker does over its own storage of the same directory; fails
/// every `fail_every`-th call (an error or, on odd failures, an answer of the wrong length).
struct SameStore<'a> {
    storage: &'a MemoryStorage,
    calls: Cell<usize>,
    fail_every: Option<usize>,
    prepared: Cell<bool>,
}

impl<'a> SameStore<'a> {
    fn new(storage: &'a MemoryStorage, fail_every: Option<usize>) -> Self {
        SameStore { storage, calls: Cell::new(0), fail_every, prepared: Cell::new(false) }
    }
}

impl CheckElsewhere for SameStore<'_> {
    async fn check(&self, entries: &[EntryToAudit], integrity: bool) -> Result<BatchAudit> {
        let call = self.calls.get() + 1;
        self.calls.set(call);
        YieldOnce(false).await;
        match self.fail_every {
            Some(k) if call % k == 0 && (call / k) % 2 == 1 => Err(Error::storage("the worker is gone")),
            Some(k) if call % k == 0 => Ok(BatchAudit { problems: Vec::new(), schema_violations: Vec::new() }),
            _ => audit_entries(self.storage, entries, integrity).await,
        }
    }
    fn prepare(&self) {
        self.prepared.set(true);
    }
    async fn pause(&self) {
        YieldOnce(false).await;
    }
}

#[test]
fn problems_are_listed_in_step_order_whatever_kind_they_are() {
    let s = store_with(6);
    // Step 100's node is tampered, step 200's entry escapes the store, step 300's node is missing: one batch.
    damage(&s, &[100, 200, 300]);
    let v = validate(&s, None::<&SameStore>);
    let steps: Vec<Option<i64>> = v.problems.iter().map(|p| p.step_id).collect();
    let codes: Vec<&str> = v.problems.iter().map(|p| p.code.as_str()).collect();
    assert_eq!(steps, vec![Some(100), Some(200), Some(300), None]);
    assert_eq!(codes, vec!["INTEGRITY_CHECK", "PATH_CONTAINMENT", "BROKEN_REFERENCE", "ORPHANED_NODE"]);
    assert_eq!(v.pass_count, 3);
    // The console report pairs each audited step with its problem.
    let report = contextfold::report::validate(&v);
    let step_200 = report.lines().find(|l| l.contains("200")).unwrap();
    assert!(!step_200.contains("OK"), "{report}");
}

#[test]
fn batches_checked_elsewhere_give_the_same_validation_as_checking_them_here() {
    // Nine batches of 256 (the checker elsewhere is used from eight on), damage in several of them.
    let s = store_with(2_100);
    damage(&s, &[100, 25_700, 25_800, 51_300, 77_000, 102_500, 128_100, 153_700, 179_300, 205_000, 209_900, 210_000]);
    let here = validate(&s, None::<&SameStore>);
    assert!(!here.ok);
    assert_eq!(here.problems.len(), 13);
    assert!(!here.schema_violations.is_empty());
    let elsewhere = SameStore::new(&s, None);
    assert_eq!(validate(&s, Some(&elsewhere)), here);
    assert!(elsewhere.prepared.get(), "told to get ready before the index is read");
    assert!(elsewhere.calls.get() > 0, "batches were checked elsewhere");
    assert!(elsewhere.calls.get() < 9, "and some here");
    // A checker that fails (an error, an answer of the wrong length) changes nothing: that batch is checked here.
    for k in [1, 2] {
        let failing = SameStore::new(&s, Some(k));
        assert_eq!(validate(&s, Some(&failing)), here, "failing every {k}");
        assert!(failing.calls.get() > 0);
    }
}

#[test]
fn a_small_store_is_checked_here_alone_and_the_checker_elsewhere_is_never_started() {
    let s = store_with(300);
    let elsewhere = SameStore::new(&s, None);
    assert!(validate(&s, Some(&elsewhere)).ok);
    assert_eq!(elsewhere.calls.get(), 0);
    assert!(!elsewhere.prepared.get(), "a small store's checker is never started");
}
