//! A custom token counter (issue 15): hydrate's truncation keeps the content within the per-call cap as that counter
//! counts it, while the reference counter still cuts exactly the reference's `cap × 4` code points.

use contextfold::engine::{ContextFold, FoldInput, Options};
use contextfold::store::{self, MemoryStorage, Storage};
use pollster::block_on;

const NOW: &str = "2026-01-01T00:00:00Z";

fn open(counter: Option<fn(&str) -> i64>, cap: i64) -> ContextFold<MemoryStorage> {
    let storage = MemoryStorage::new();
    let policy = format!(r#"{{"max_rehydration_tokens_per_call": {cap}, "max_rehydration_tokens_per_turn": 3500}}"#);
    block_on(storage.save(store::POLICY_KEY, policy.as_bytes())).expect("policy");
    let token_counter = counter.map(|f| Box::new(move |t: &str| Ok(f(t))) as contextfold::engine::TokenCounter);
    block_on(ContextFold::open(storage, Options { clock: Some(Box::new(|| Ok(NOW.to_string()))), token_counter, ..Default::default() }))
        .expect("open")
}

fn fold(cf: &mut ContextFold<MemoryStorage>, raw: &str) {
    let input = FoldInput { step_id: Some(1), summary: "Bash: cat app.log".into(), raw_content: Some(raw.into()), ..Default::default() };
    block_on(cf.fold(input)).expect("fold");
}

/// Two tokens per code point: the reference's cut (cap × 4 points) would hold 8 × cap tokens.
fn dense(text: &str) -> i64 {
    2 * text.chars().count() as i64
}

#[test]
fn hydrate_with_a_custom_counter_stays_within_the_per_call_cap() {
    let mut cf = open(Some(dense), 10);
    let raw = "é".repeat(100) + &"x".repeat(400);
    fold(&mut cf, &raw);
    let h = block_on(cf.hydrate(1)).expect("hydrate");
    assert!(h.truncated);
    assert_eq!(h.cap, 10);
    assert!(dense(&h.content) <= 10, "{} tokens by the store's counter", dense(&h.content));
    assert_eq!(h.content, "é".repeat(5), "the longest prefix within the cap, whole code points");
    assert_eq!(h.raw_content, raw, "the full payload is still there, verified");
    assert_eq!(h.token_estimate, 10);
}

#[test]
fn hydrate_with_the_reference_counter_cuts_cap_times_four_code_points() {
    let mut cf = open(None, 10);
    let raw = "é".repeat(100) + &"x".repeat(400);
    fold(&mut cf, &raw);
    let h = block_on(cf.hydrate(1)).expect("hydrate");
    assert!(h.truncated);
    assert_eq!(h.content, "é".repeat(40));
    assert_eq!(h.token_estimate, 10);
}

#[test]
fn a_sparse_custom_counter_keeps_the_reference_cut() {
    // Fewer tokens than the reference counts: the reference's cut already fits, nothing more is cut.
    let mut cf = open(Some(|t: &str| (t.chars().count() / 8) as i64), 10);
    fold(&mut cf, &"y".repeat(1000));
    let h = block_on(cf.hydrate(1)).expect("hydrate");
    assert!(h.truncated);
    assert_eq!(h.content, "y".repeat(40));
}
