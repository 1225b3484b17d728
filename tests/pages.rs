//! The paged view (issue 12): a store opened from its pages (base + segments + the journal's tail) gives the same
//! selections, hydrations, folded-step records and step ids as the store loaded whole; segments are written and
//! merged as the journal grows and dropped at a checkpoint; pages that do not match the files, or are damaged,
//! are not trusted (the index is then read whole), never a wrong answer or a panic.

use contextfold::engine::{ContextFold, FoldInput, FoldOutcome, Options, TurnOptions};
use contextfold::pages::PAGES_DIR;
use contextfold::store::{self, MemoryStorage, Storage};
use pollster::block_on;

const NOW: &str = "2026-01-01T00:00:00Z";

fn options() -> Options {
    Options { clock: Some(Box::new(|| Ok(NOW.to_string()))), journal: true, ..Default::default() }
}

fn open(storage: &MemoryStorage) -> ContextFold<&MemoryStorage> {
    block_on(ContextFold::open(storage, options())).expect("open")
}

/// Turn i: a few words from a small vocabulary (so terms repeat), a port, a file.
fn turn(i: i64) -> FoldInput {
    let words = ["postgres", "redis", "kafka", "billing", "migration", "rollback", "flaky", "deploy", "nginx", "auth"];
    let w = |k: i64| words[(i * 7 + k * 3).rem_euclid(10) as usize];
    FoldInput {
        step_id: Some(i),
        summary: format!("Turn {i}: {} {} on port {}", w(0), w(1), 5000 + i % 13),
        raw_content: Some(format!("$ make {} TARGET=src/{}/mod{}.rs\nTimeoutError: {} job{i} failed\nword{i} {}", w(2), w(3), i % 5, w(4), w(5))),
        ..Default::default()
    }
}

fn queries() -> Vec<String> {
    let mut q = vec![
        "which port is postgres on now?".to_string(),
        "why did the billing migration roll back? TimeoutError".to_string(),
        "redis kafka nginx auth deploy flaky".to_string(),
        "word17 word203 in src/redis/mod3.rs".to_string(),
        "nothing matches this".to_string(),
    ];
    for i in 0..20 {
        q.push(format!("word{} port {} {}", i * 37 % 400, 5000 + i % 13, ["kafka", "auth", "rollback"][i as usize % 3]));
    }
    q
}

/// What a paged and a whole view must agree on.
fn observe(cf: &ContextFold<&MemoryStorage>) -> Vec<String> {
    let mut out = Vec::new();
    for q in queries() {
        for options in [TurnOptions::default(), TurnOptions { turn_budget: Some(20), in_context: vec![3, 100], ..Default::default() }] {
            let r = block_on(cf.scan_selection_with(&q, &options)).expect("scan");
            out.push(format!("{q} {options:?} => {:?} {:?} {:?} {} {:?}", r.selected, r.budget_dropped, r.in_context, r.consumed_tokens, r.residual));
        }
        let top = block_on(cf.scan_listing(&q, &TurnOptions::default(), contextfold::scan::CandidateMode::Top(5))).unwrap();
        out.push(format!("{q} top 5 of {} => {:?}", top.candidates_total, top.candidates));
        let all = block_on(cf.scan(&q)).unwrap();
        out.push(format!("{q} all {} => {:?} {:?}", all.candidates_total, all.candidates, all.selected));
    }
    out.push(format!("{:?}", block_on(cf.folded_steps(Some(7))).unwrap()));
    for step in [1, 2, 64, 65, 200, 399, 400] {
        out.push(format!("{step}: {:?}", block_on(cf.folded_step(step)).map(|s| s.summary)));
        out.push(format!("{step}: {:?}", block_on(cf.hydrate(step)).map(|h| h.payload_sha256)));
    }
    out
}

fn segments(storage: &MemoryStorage) -> Vec<String> {
    block_on(storage.list(&format!("{PAGES_DIR}/seg-"))).unwrap().into_iter().filter(|k| k.ends_with(".dir") && !k.ends_with("-forms.dir")).collect()
}

/// Steps 1–150 folded and checkpointed (the base pages), then 151–400 folded into the journal (its segments),
/// with an eviction every 50 steps when `evicting`.
fn checkpoint_then_journal(storage: &MemoryStorage, evicting: bool) {
    let mut cf = open(storage);
    for i in 1..=150 {
        block_on(cf.fold(turn(i))).unwrap();
    }
    block_on(cf.checkpoint()).unwrap();
    for i in 151..=400 {
        block_on(cf.fold(turn(i))).unwrap();
        if evicting && i % 50 == 0 {
            block_on(cf.evict(i - 3)).unwrap();
        }
    }
}

#[test]
fn a_paged_store_answers_as_the_whole_store() {
    let storage = MemoryStorage::new();
    // Folds and evictions after the checkpoint go to the journal, covered by segments as it grows.
    checkpoint_then_journal(&storage, true);
    let segs = segments(&storage);
    assert!(!segs.is_empty() && segs.len() <= 4, "a few segments cover the journal: {segs:?}");
    let paged = open(&storage);
    assert!(paged.is_paged());
    assert!(paged.index().len() < 64, "only the journal's tail is held: {}", paged.index().len());
    let mut whole = open(&storage);
    block_on(whole.load_all()).unwrap();
    assert!(!whole.is_paged());
    assert_eq!(observe(&paged), observe(&whole));
    assert_eq!(block_on(paged.status()).unwrap(), block_on(whole.status()).unwrap());
    // Ranked selection gives the same picks paged and whole: ranked-v1 reads the whole index for the call, ranked-v2
    // reads the postings of the prompt's forms from the pages' forms units and the tail.
    for mode in [contextfold::policy::Selection::RankedV1, contextfold::policy::Selection::RankedV2] {
        let ranked = contextfold::engine::TurnOptions { default_selection: Some(mode), ..Default::default() };
        let mut picked = 0;
        for q in queries() {
            let a = block_on(paged.scan_selection_with(&q, &ranked)).unwrap();
            let b = block_on(whole.scan_selection_with(&q, &ranked)).unwrap();
            assert_eq!(a, b, "{mode:?} {q}");
            picked += a.selected.len();
        }
        assert!(picked > 0, "{mode:?}: some query selects something");
    }
}

#[test]
fn paged_ranking_reads_forms_units_and_answers_the_same_without_them() {
    let storage = MemoryStorage::new();
    checkpoint_then_journal(&storage, false);
    let forms: Vec<String> = block_on(storage.list(PAGES_DIR)).unwrap().into_iter().filter(|k| k.ends_with("-forms.dir")).collect();
    let units = block_on(storage.list(PAGES_DIR)).unwrap().into_iter().filter(|k| k.ends_with(".dir")).count();
    assert_eq!(forms.len() * 2, units, "each unit (base and segments) has its forms unit: {forms:?}");
    let ranked = TurnOptions { default_selection: Some(contextfold::policy::Selection::RankedV2), ..Default::default() };
    let ask = |cf: &ContextFold<&MemoryStorage>| -> Vec<String> {
        queries().iter().map(|q| format!("{:?}", block_on(cf.scan_listing(q, &ranked, contextfold::scan::CandidateMode::All)).unwrap())).collect()
    };
    let paged = open(&storage);
    assert!(paged.is_paged());
    let with_forms = ask(&paged);
    // Pages written before forms existed (or whose forms unit was lost): the unit's forms are made from its terms.
    for k in &forms {
        block_on(storage.remove(k)).unwrap();
    }
    let without = open(&storage);
    assert!(without.is_paged());
    assert_eq!(ask(&without), with_forms);
    let mut whole = open(&storage);
    block_on(whole.load_all()).unwrap();
    assert_eq!(ask(&whole), with_forms);
}

#[test]
fn automatic_ids_and_duplicates_see_the_pages() {
    let storage = MemoryStorage::new();
    let mut cf = open(&storage);
    block_on(cf.fold_many((1..=100).map(turn).collect())).unwrap();
    block_on(cf.checkpoint()).unwrap();
    for i in 101..=180 {
        block_on(cf.fold(turn(i))).unwrap();
    }
    let mut paged = open(&storage);
    assert!(paged.is_paged());
    let FoldOutcome::Folded { node, .. } = block_on(paged.fold(FoldInput { summary: "next".into(), ..Default::default() })).unwrap() else {
        panic!("not folded")
    };
    assert_eq!(node.step_id, 181);
    let FoldOutcome::Duplicate { entry, .. } = block_on(paged.fold(turn(42))).unwrap() else { panic!("not a duplicate") };
    assert!(!entry.identifiers.is_empty(), "a duplicate in the pages is reported whole");
    assert!(matches!(block_on(paged.evict(999)), Err(e) if e.code() == contextfold::ErrorCode::NodeNotFound));
    block_on(paged.evict(7)).unwrap();
    block_on(paged.checkpoint()).unwrap();
    assert!(segments(&storage).is_empty(), "a checkpoint drops the segments");
    let index = String::from_utf8(block_on(storage.load(store::INDEX_KEY)).unwrap().unwrap()).unwrap();
    assert_eq!(contextfold::index::RecallIndex::from_file_bytes(index.as_bytes()).unwrap().len(), 181);
}

#[test]
fn segments_stay_few_as_the_journal_grows() {
    let storage = MemoryStorage::new();
    let mut cf = open(&storage);
    for i in 1..=1200 {
        block_on(cf.fold(turn(i))).unwrap();
        let n = segments(&storage).len();
        assert!(n <= 8, "{n} segments after {i} folds");
    }
    let paged = open(&storage);
    assert!(paged.is_paged(), "a store with no index file yet is paged from its segments");
    let mut whole = open(&storage);
    block_on(whole.load_all()).unwrap();
    assert_eq!(observe(&paged), observe(&whole));
}

#[test]
fn pages_that_do_not_match_or_are_damaged_are_not_trusted() {
    let storage = MemoryStorage::new();
    let mut cf = open(&storage);
    block_on(cf.fold_many((1..=120).map(turn).collect())).unwrap();
    block_on(cf.checkpoint()).unwrap();
    for i in 121..=300 {
        block_on(cf.fold(turn(i))).unwrap();
    }
    let mut whole = open(&storage);
    block_on(whole.load_all()).unwrap();
    let want = observe(&whole);
    // Every page byte flipped in turn (a sample): answers stay right.
    let keys: Vec<String> = block_on(storage.list(PAGES_DIR)).unwrap();
    for key in keys.iter().filter(|k| k.ends_with(".dat")) {
        let original = block_on(storage.load(key)).unwrap().unwrap();
        for at in (8..original.len()).step_by(original.len() / 5 + 1) {
            let mut bytes = original.clone();
            bytes[at] ^= 0x20;
            block_on(storage.save(key, &bytes)).unwrap();
            assert_eq!(observe(&open(&storage)), want, "{key} byte {at} flipped");
        }
        block_on(storage.save(key, &original)).unwrap();
    }
    // A journal rewritten under the segments (same length, other bytes): the segments no longer match it.
    let journal = block_on(storage.load(store::JOURNAL_KEY)).unwrap().unwrap();
    let text = String::from_utf8(journal).unwrap().replace("word299", "word999");
    block_on(storage.save(store::JOURNAL_KEY, text.as_bytes())).unwrap();
    let reopened = open(&storage);
    assert_eq!(
        block_on(reopened.scan_selection("word999")).unwrap().selected.iter().map(|s| s.step_id).collect::<Vec<_>>(),
        [299]
    );
}

#[test]
fn two_writers_over_one_store_keep_every_fold() {
    let storage = MemoryStorage::new();
    let mut a = open(&storage);
    block_on(a.fold_many((1..=90).map(turn).collect())).unwrap();
    block_on(a.checkpoint()).unwrap();
    let mut b = open(&storage);
    for i in 0..100 {
        block_on(a.fold(FoldInput { summary: format!("a {i} postgres"), ..Default::default() })).unwrap();
        block_on(b.fold(FoldInput { summary: format!("b {i} postgres"), ..Default::default() })).unwrap();
    }
    let mut whole = open(&storage);
    block_on(whole.load_all()).unwrap();
    assert_eq!(whole.index().len(), 290);
    let paged = open(&storage);
    assert_eq!(block_on(paged.status()).unwrap().total, 290);
    assert_eq!(block_on(paged.validate()).unwrap().problems, vec![]);
}

#[test]
fn a_long_lived_paged_instance_answers_as_the_whole_store_while_it_folds() {
    let storage = MemoryStorage::new();
    let mut cf = open(&storage);
    for i in 1..=150 {
        block_on(cf.fold(turn(i))).unwrap();
    }
    block_on(cf.checkpoint()).unwrap();
    drop(cf);
    // One paged instance scans (holding the postings of the terms it scanned for), folds enough to write
    // segments, and scans again: its held terms must take the new steps in.
    let mut paged = open(&storage);
    assert!(paged.is_paged());
    let before = observe(&paged);
    for i in 151..=400 {
        block_on(paged.fold(turn(i))).unwrap();
        if i % 50 == 0 {
            block_on(paged.evict(i - 3)).unwrap();
            observe(&paged);
        }
    }
    assert!(!segments(&storage).is_empty(), "the folds wrote segments");
    let mut whole = open(&storage);
    block_on(whole.load_all()).unwrap();
    assert_ne!(before, observe(&whole), "the folds changed the answers");
    assert_eq!(observe(&paged), observe(&whole));
}
