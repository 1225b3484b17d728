//! Per-call turn options (`TurnOptions`): a turn budget in place of the policy's, and steps already in context,
//! which answer their terms at cost 0 and are not hydrated again; automatic step ids.

use contextfold::engine::{ContextFold, FoldInput, Options, TurnOptions};
use contextfold::json::{self, Value};
use contextfold::store::MemoryStorage;
use pollster::block_on;

const SHOWCASE: &str = "What port are we using for PostgreSQL, and which migration applied the billing table?";

fn demo() -> ContextFold<MemoryStorage> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/vectors/stores.json");
    let doc = json::parse(&std::fs::read(path).unwrap()).unwrap();
    let turns = doc.get("stores").and_then(|s| s.get("demo")).and_then(|s| s.get("turns")).and_then(Value::as_array).unwrap();
    let options = Options { clock: Some(Box::new(|| Ok("2026-01-01T00:00:00Z".into()))), ..Default::default() };
    let mut cf = block_on(ContextFold::open(MemoryStorage::with_root("/store"), options)).unwrap();
    for t in turns {
        let t = t.as_array().unwrap();
        let mut input = FoldInput::new(t[0].as_i64().unwrap(), t[1].as_str().unwrap());
        input.raw_content = t[2].as_str().map(str::to_string);
        block_on(cf.fold(input)).unwrap();
    }
    cf
}

fn steps(list: &[contextfold::scan::ScanSelection]) -> Vec<i64> {
    list.iter().map(|s| s.step_id).collect()
}

#[test]
fn a_turn_budget_replaces_the_policy_budget_for_that_call_only() {
    let cf = demo();
    let full = block_on(cf.scan_selection(SHOWCASE)).unwrap();
    assert_eq!(steps(&full.selected), [342, 137, 447]);
    let small = block_on(cf.scan_selection_with(SHOWCASE, &TurnOptions { turn_budget: Some(25), ..Default::default() })).unwrap();
    assert_eq!(steps(&small.selected), [342], "the reference's budget-25 selection (CONF-06)");
    assert_eq!(steps(&small.budget_dropped), [137, 447]);
    assert_eq!(small.budget_limit, 25);
    let listed = block_on(cf.scan_with(SHOWCASE, &TurnOptions { turn_budget: Some(30), ..Default::default() })).unwrap();
    assert_eq!(steps(&listed.selected), [342, 137]);
    assert_eq!(steps(&block_on(cf.scan_selection(SHOWCASE)).unwrap().selected), [342, 137, 447], "the policy is unchanged");
}

#[test]
fn steps_in_context_answer_their_terms_at_no_cost_and_are_not_hydrated() {
    let cf = demo();
    let options = TurnOptions { in_context: vec![342], ..Default::default() };
    for scan in [block_on(cf.scan_with(SHOWCASE, &options)).unwrap(), block_on(cf.scan_selection_with(SHOWCASE, &options)).unwrap()] {
        assert_eq!(steps(&scan.in_context), [342]);
        assert_eq!(scan.in_context[0].cost, 0);
        assert_eq!(steps(&scan.selected), [137, 447], "the other intents are still answered");
        assert_eq!(scan.consumed_tokens, 16 + 17);
    }
    let turn = block_on(cf.before_turn_with(SHOWCASE, &options)).unwrap();
    assert_eq!(turn.hydrated.iter().map(|h| h.step_id).collect::<Vec<_>>(), [137, 447]);
    // A step in context that the selection would not pick changes nothing.
    let other = TurnOptions { in_context: vec![37, 91], ..Default::default() };
    assert_eq!(steps(&block_on(cf.scan_selection_with(SHOWCASE, &other)).unwrap().selected), [342, 137, 447]);
}

#[test]
fn a_fold_without_a_step_id_takes_the_next_one() {
    let mut cf = demo();
    let outcome = block_on(cf.fold(FoldInput { summary: "redis ttl raised".into(), ..Default::default() })).unwrap();
    let contextfold::engine::FoldOutcome::Folded { node, folded_step } = outcome else { panic!("not folded") };
    assert_eq!(node.step_id, 500, "one more than the highest step (499)");
    assert_eq!(folded_step.step_id, 500);
    let many = block_on(cf.fold_many(vec![FoldInput::new(900, "explicit"), FoldInput { summary: "next".into(), ..Default::default() }])).unwrap();
    let ids: Vec<i64> = many.iter().map(|o| match o { contextfold::engine::FoldOutcome::Folded { node, .. } => node.step_id, _ => 0 }).collect();
    assert_eq!(ids, [900, 901]);
}

#[test]
fn the_first_candidates_are_the_reference_listing_cut_short() {
    let cf = demo();
    for query in [SHOWCASE, "port postgresql migration billing jwt secret health", "PostgreSQL port"] {
        let all = block_on(cf.scan(query)).unwrap();
        for n in [0, 1, 2, 5, 100] {
            let top = block_on(cf.scan_listing(query, &TurnOptions::default(), contextfold::scan::CandidateMode::Top(n))).unwrap();
            assert_eq!(top.candidates, all.candidates.iter().take(n).cloned().collect::<Vec<_>>(), "{query} top {n}");
            assert_eq!(top.candidates_total as usize, all.candidates.len());
            assert_eq!(top.selected, all.selected);
        }
    }
}
