//! The engine through its wasm bindings (Node by default; a browser with WASM_BINDGEN_USE_BROWSER=1): the §6
//! demo round trip with the reference's exact bytes, error names and codes, input checking, and the refusal of
//! overlapping calls.
#![cfg(target_arch = "wasm32")]

#[path = "js-support/common.rs"]
mod common;

use std::rc::Rc;

use common::*;
use contextfold::engine::{Eviction, FoldOutcome, Hydrated, IndexEntry, Status, Turn};
use contextfold::extract::Extraction;
use contextfold::recall::RecallCandidate;
use contextfold::scan::ScanResult;
use contextfold::validate::Validation;
use contextfold::wasm::{self, Engine};
use js_sys::{Array, Promise};
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::{future_to_promise, JsFuture};
use wasm_bindgen_test::*;

const INDEX: &str = ".contextfold/recall_index.json";
const NODE_37: &str = ".contextfold/cold_nodes/step_000037.json";

async fn open(storage: &MemStorage) -> Engine {
    Engine::open(storage.clone().into(), fixed_options()).await.expect("open")
}

async fn demo_store() -> (MemStorage, Engine) {
    let storage = MemStorage::new(None);
    let engine = open(&storage).await;
    for turn in demo_turns() {
        engine.fold(fold_js(&turn)).await.expect("fold");
    }
    (storage, engine)
}

#[wasm_bindgen_test]
async fn demo_turns_fold_to_the_reference_bytes() {
    let demo = fold_demo();
    let storage = MemStorage::new(None);
    let engine = open(&storage).await;
    for (i, turn) in demo_turns().into_iter().enumerate() {
        let outcome = engine.fold(fold_js(&turn)).await.expect("fold").to_rust().unwrap();
        let FoldOutcome::Folded { node, .. } = outcome else { panic!("turn {i} was not folded") };
        assert_eq!(node.artifact_sha256, get_str(&demo, &format!("turns.{i}.expected.artifact_sha256")));
        assert_eq!(node.folded_at, NOW);
        let key = get_str(&demo, &format!("turns.{i}.expected.file_path"));
        assert_eq!(storage.get_text(&key), Some(get_str(&demo, &format!("turns.{i}.expected.cold_node_file"))));
    }
    // Turn 1 spelled out, so a broken vectors file cannot hide a regression.
    let node37 = storage.get_text(NODE_37).unwrap();
    assert!(node37.starts_with(
        "{\n  \"artifact_sha256\": \"9ce77ffedef0fc161acbe736bb775b3f649280953ff09d7f32b1ffc4fa16e8a8\",\n  \"commands\": [\n    \"docker compose up -d postgres\"\n  ],"
    ));
    assert!(node37.ends_with("\"summary\": \"PostgreSQL configured on Port 5433\",\n  \"token_estimate\": 15\n}"));
    assert_eq!(storage.get_text(INDEX), Some(get_str(&demo, "recall_index_file_after_all_folds")));
}

#[wasm_bindgen_test]
async fn duplicate_fold_returns_the_entry_and_writes_nothing() {
    let (storage, engine) = demo_store().await;
    let before = storage.dump();
    let input = object(&[
        ("stepId", 137.into()),
        ("summary", "changed summary".into()),
        ("rawContent", "changed".into()),
    ]);
    let outcome = engine.fold(input).await.unwrap().to_rust().unwrap();
    let FoldOutcome::Duplicate { entry, .. } = outcome else { panic!("not a duplicate") };
    assert_eq!(entry.step_id, 137);
    assert_eq!(entry.summary, "PostgreSQL port 5434 reverted back to Port 5433");
    assert_eq!(entry.file_path.as_deref(), Some(".contextfold/cold_nodes/step_000137.json"));
    assert_eq!(storage.dump(), before);
}

#[wasm_bindgen_test]
async fn scan_hydrate_evict_status_validate_round_trip() {
    let (storage, engine) = demo_store().await;
    let scan: ScanResult = engine.scan("Which migration applied V12__TenantBilling.sql?".into(), JsValue::UNDEFINED).await.unwrap().to_rust().unwrap();
    assert_eq!(scan.query_terms, ["applied", "migration", "sql", "v12__tenantbilling", "v12__tenantbilling.sql"]);
    assert_eq!(scan.candidates.iter().map(|c| c.step_id).collect::<Vec<_>>(), [447, 318, 342]);
    assert_eq!(scan.selected.iter().map(|s| (s.step_id, s.cost)).collect::<Vec<_>>(), [(447, 17)]);
    assert_eq!((scan.consumed_tokens, scan.budget_limit, scan.max_per_call), (17, 3500, 3000));

    let hydrated: Hydrated = engine.hydrate(447.into()).await.unwrap().to_rust().unwrap();
    assert_eq!(hydrated.content, "Patched V12__TenantBilling.sql with row-level locks; migration complete");
    assert_eq!(hydrated.raw_content, hydrated.content);
    assert!(!hydrated.truncated);
    assert_eq!((hydrated.token_estimate, hydrated.cap), (17, 3000));
    assert_eq!(hydrated.artifact_sha256, "2ee2bc47acc5089deb4fe4df236af7cfab065da3195754e67bff660dc8351f98");

    let eviction: Eviction = engine.evict(447.into()).await.unwrap().to_rust().unwrap();
    assert_eq!((eviction.step_id, eviction.evicted_at.as_str()), (447, NOW));
    let log = storage.get_text(".contextfold/eviction_log.json").unwrap();
    assert!(log.contains("\"evicted_at\": \"2026-01-01T00:00:00Z\"") && log.contains("447"), "{log}");
    let entry: IndexEntry = engine.entry(447.into()).await.unwrap().unwrap().to_rust().unwrap();
    assert!(entry.evicted);
    assert!(engine.entry(1.into()).await.unwrap().is_none());

    let status: Status = engine.status().await.unwrap().to_rust().unwrap();
    assert_eq!((status.total, status.active, status.evicted, status.total_tokens), (8, 7, 1, 109));
    assert_eq!(status.storage_dir, "/memory/.contextfold");
    assert_eq!(status.index_path, "/memory/.contextfold/recall_index.json");
    assert_eq!(status.nodes.iter().map(|n| n.step_id).collect::<Vec<_>>(), [37, 91, 137, 200, 318, 342, 447, 499]);

    let validation: Validation = engine.validate(JsValue::UNDEFINED).await.unwrap().to_rust().unwrap();
    assert!(validation.ok, "{:?}", validation.problems);
    assert_eq!(validation.pass_count, 8);

    let recall: Vec<RecallCandidate> =
        engine.recall("postgres port".into()).await.unwrap().into_iter().map(|c| c.to_rust().unwrap()).collect();
    assert!(!recall.is_empty());
    assert_eq!(recall[0].status, "latest_chronological");
}

#[wasm_bindgen_test]
async fn before_turn_and_after_response() {
    let (_storage, engine) = demo_store().await;
    let turn = engine.before_turn("JWT secret rotation in auth/middleware.py".into(), JsValue::UNDEFINED).await.unwrap();
    let turn_js: JsValue = turn.into();
    let parsed: Turn = serde_wasm_bindgen::from_value(turn_js.clone()).unwrap();
    assert_eq!(parsed.hydrated.iter().map(|h| h.step_id).collect::<Vec<_>>(), [200]);
    assert_eq!(parsed.context, "[ContextFold: step 200]\nJWT secret updated in auth/middleware.py");
    assert_eq!(parsed.tokens, 10);
    // The Turn goes back exactly as JS got it.
    let evictions: Vec<Eviction> =
        engine.after_response(turn_js).await.unwrap().into_iter().map(|e| e.to_rust().unwrap()).collect();
    assert_eq!(evictions, [Eviction { step_id: 200, evicted_at: NOW.into() }]);
    let bad = err(engine.after_response(object(&[("scan", 1.into())])).await);
    let message = expect_error(bad, "InvalidInputError", "INVALID_INPUT");
    assert!(message.starts_with("afterResponse: turn is malformed"), "{message}");
}

#[wasm_bindgen_test]
async fn unknown_step_is_node_not_found() {
    let (_storage, engine) = demo_store().await;
    let message = expect_error(err(engine.hydrate(12345.into()).await), "NodeNotFoundError", "NODE_NOT_FOUND");
    assert_eq!(message, "Step 12345 not found in recall index. (CONF-10)");
    let message = expect_error(err(engine.evict(12345.into()).await), "NodeNotFoundError", "NODE_NOT_FOUND");
    assert_eq!(message, "Step 12345 not found in recall index.");
}

#[wasm_bindgen_test]
async fn tampered_cold_node_fails_the_integrity_check() {
    let (storage, engine) = demo_store().await;
    let text = storage.get_text(NODE_37).unwrap().replace("port 5433", "port 6666");
    storage.set_text(NODE_37, &text);
    let message = expect_error(err(engine.hydrate(37.into()).await), "IntegrityCheckError", "INTEGRITY_CHECK");
    assert!(message.starts_with("IntegrityCheckError: artifact_sha256 mismatch for /memory/.contextfold/cold_nodes/step_000037.json."), "{message}");
    let validation: Validation = engine.validate(JsValue::UNDEFINED).await.unwrap().to_rust().unwrap();
    assert!(!validation.ok);
    assert_eq!(validation.pass_count, 7);
    assert_eq!(validation.problems.iter().map(|p| (p.code.as_str(), p.step_id)).collect::<Vec<_>>(), [("INTEGRITY_CHECK", Some(37))]);
}

#[wasm_bindgen_test]
async fn index_pointing_outside_is_path_containment() {
    let (storage, engine) = demo_store().await;
    let index = storage.get_text(INDEX).unwrap().replace("\"file_path\": \".contextfold/cold_nodes/step_000091.json\"", "\"file_path\": \"../evil.json\"");
    storage.set_text(INDEX, &index);
    engine.reload().await.unwrap();
    let message = expect_error(err(engine.hydrate(91.into()).await), "PathContainmentError", "PATH_CONTAINMENT");
    assert!(message.contains("'../evil.json' violates canonical boundary"), "{message}");
}

#[wasm_bindgen_test]
async fn orphan_and_broken_reference() {
    let (storage, engine) = demo_store().await;
    storage.set_text(".contextfold/cold_nodes/step_000900.json", "{}");
    let message = expect_error(err(engine.hydrate(900.into()).await), "OrphanedNodeError", "ORPHANED_NODE");
    assert!(message.contains("Step 900 exists on disk as an orphaned cold node"), "{message}");
    // Remove a node file behind the engine's back.
    storage.forget(NODE_37);
    let message = expect_error(err(engine.hydrate(37.into()).await), "BrokenReferenceError", "BROKEN_REFERENCE");
    assert_eq!(message, "Cold node file not found: /memory/.contextfold/cold_nodes/step_000037.json (CONF-12 Scenario B)");
    storage.set_text(".contextfold/cold_nodes/step_000091.json", "{not json");
    let validation: Validation = engine.validate(JsValue::UNDEFINED).await.unwrap().to_rust().unwrap();
    let codes: Vec<_> = validation.problems.iter().map(|p| (p.code.as_str(), p.step_id)).collect();
    assert_eq!(codes, [("BROKEN_REFERENCE", Some(37)), ("INTEGRITY_CHECK", Some(91)), ("ORPHANED_NODE", None)]);
    assert_eq!(validation.pass_count, 6);
}

#[wasm_bindgen_test]
async fn lone_surrogates_are_rejected_and_nothing_is_written() {
    let storage = MemStorage::new(None);
    let engine = open(&storage).await;
    let input = object(&[("stepId", 1.into()), ("summary", with_lone_surrogate("abcd", "ef"))]);
    let message = expect_error(err(engine.fold(input).await), "InvalidInputError", "INVALID_INPUT");
    assert_eq!(message, "fold: summary contains a lone surrogate at index 4");
    let input = object(&[
        ("stepId", 1.into()),
        ("summary", "ok".into()),
        ("files", Array::of2(&"a.py".into(), &with_lone_surrogate("😀", "")).into()),
    ]);
    let message = expect_error(err(engine.fold(input).await), "InvalidInputError", "INVALID_INPUT");
    assert_eq!(message, "fold: files[1] contains a lone surrogate at index 2");
    let message = expect_error(err(engine.scan(with_lone_surrogate("", "x"), JsValue::UNDEFINED).await), "InvalidInputError", "INVALID_INPUT");
    assert_eq!(message, "scan: prompt contains a lone surrogate at index 0");
    // A real U+FFFD and a valid pair are fine.
    let input = object(&[("stepId", 2.into()), ("summary", "repl \u{FFFD} and 😀".into())]);
    assert!(engine.fold(input).await.is_ok());
    let message = expect_error(err(wasm::extract(with_lone_surrogate("a", "b"))), "InvalidInputError", "INVALID_INPUT");
    assert_eq!(message, "extract: text contains a lone surrogate at index 1");
    assert_eq!(storage.keys(), [".contextfold/cold_nodes/step_000002.json", INDEX]);
}

#[wasm_bindgen_test]
async fn wrong_types_name_the_field() {
    let storage = MemStorage::new(None);
    let engine = open(&storage).await;
    let cases: Vec<(JsValue, &str)> = vec![
        (object(&[("stepId", "37".into()), ("summary", "s".into())]), "fold: stepId must be an integer number, got string"),
        (object(&[("stepId", 1.5.into()), ("summary", "s".into())]), "fold: stepId must be a safe integer, got 1.5"),
        (object(&[("stepId", 9007199254740992.0.into()), ("summary", "s".into())]), "fold: stepId must be a safe integer, got 9007199254740992"),
        (object(&[("stepId", f64::NAN.into()), ("summary", "s".into())]), "fold: stepId must be a safe integer, got NaN"),
        (object(&[("stepId", 1.into()), ("summary", 5.into())]), "fold: summary must be a string, got number"),
        (object(&[("stepId", 1.into()), ("summary", "s".into()), ("files", "a.py".into())]), "fold: files must be an array of strings, got string"),
        (object(&[("stepId", 1.into()), ("summary", "s".into()), ("errors", Array::of1(&3.into()).into())]), "fold: errors[0] must be a string, got number"),
        (object(&[("stepId", 1.into()), ("summary", "s".into()), ("rawContent", true.into())]), "fold: rawContent must be a string, got boolean"),
        (JsValue::NULL, "fold: input must be an object, got null"),
        (Array::new().into(), "fold: input must be an object, got array"),
    ];
    for (input, expected) in cases {
        let message = expect_error(err(engine.fold(input).await), "InvalidInputError", "INVALID_INPUT");
        assert_eq!(message, expected);
    }
    let message = expect_error(err(engine.hydrate("37".into()).await), "InvalidInputError", "INVALID_INPUT");
    assert_eq!(message, "hydrate: stepId must be an integer number, got string");
    let message = expect_error(err(engine.evict(JsValue::UNDEFINED).await), "InvalidInputError", "INVALID_INPUT");
    assert_eq!(message, "evict: stepId must be an integer number, got undefined");
    let message = expect_error(err(engine.scan(7.into(), JsValue::UNDEFINED).await), "InvalidInputError", "INVALID_INPUT");
    assert_eq!(message, "scan: prompt must be a string, got number");
    let message = expect_error(err(engine.recall(JsValue::NULL).await), "InvalidInputError", "INVALID_INPUT");
    assert_eq!(message, "recall: query must be a string, got null");
    assert!(storage.keys().is_empty());
}

#[wasm_bindgen_test]
async fn clock_and_token_counter_are_checked() {
    let turn = &demo_turns()[0];
    for kind in ["negative", "fraction", "nan", "infinite", "string", "throws"] {
        let storage = MemStorage::new(None);
        let opts = options(fixed_clock(NOW), bad_counter(kind), JsValue::UNDEFINED);
        let engine = Engine::open(storage.clone().into(), opts).await.unwrap();
        let message = expect_error(err(engine.fold(fold_js(turn)).await), "InvalidInputError", "INVALID_INPUT");
        assert!(message.starts_with("options.tokenCounter"), "{kind}: {message}");
        assert!(storage.keys().is_empty(), "{kind}: something was written");
    }
    let storage = MemStorage::new(None);
    let clock: JsValue = js_sys::Function::new_no_args("return 20260101").into();
    let engine = Engine::open(storage.clone().into(), options(clock, JsValue::UNDEFINED, JsValue::UNDEFINED)).await.unwrap();
    let message = expect_error(err(engine.fold(fold_js(turn)).await), "InvalidInputError", "INVALID_INPUT");
    assert_eq!(message, "options.clock() result must be a string, got number");
    assert!(storage.keys().is_empty());

    let bad = object(&[("clock", "now".into())]);
    let message = expect_error(err(Engine::open(MemStorage::new(None).into(), bad).await), "InvalidInputError", "INVALID_INPUT");
    assert_eq!(message, "open: options.clock must be a function, got string");
    let message = expect_error(err(Engine::open(MemStorage::new(None).into(), 5.into()).await), "InvalidInputError", "INVALID_INPUT");
    assert_eq!(message, "open: options must be an object, got number");
}

#[wasm_bindgen_test]
async fn custom_token_counter_and_policy_option() {
    let storage = MemStorage::new(None);
    let counter: JsValue = js_sys::Function::new_with_args("text", "return text.length").into();
    let policy = parse(r#"{"max_rehydration_tokens_per_call": 2, "integrity_verification": true}"#);
    let engine = Engine::open(storage.clone().into(), options(fixed_clock(NOW), counter, policy)).await.unwrap();
    let turn = &demo_turns()[0];
    let FoldOutcome::Folded { node, .. } = engine.fold(fold_js(turn)).await.unwrap().to_rust().unwrap() else { panic!() };
    assert_eq!(node.token_estimate, 63); // UTF-16 length of the raw content
    let hydrated: Hydrated = engine.hydrate(37.into()).await.unwrap().to_rust().unwrap();
    assert!(hydrated.truncated);
    // Cut to the cap as the store's counter counts (2 UTF-16 units), not to the reference's cap × 4 code points.
    assert_eq!((hydrated.cap, hydrated.token_estimate, hydrated.content.as_str()), (2, 2, "$ "));
    assert!(storage.get_text(".contextfold/hydration_policy.json").is_none());
}

#[wasm_bindgen_test]
async fn without_options_a_new_store_gets_the_redacting_policy() {
    let storage = MemStorage::new(None);
    let engine = Engine::open(storage.clone().into(), JsValue::UNDEFINED).await.unwrap();
    let input = parse(r#"{"stepId": 1, "summary": "cat .env", "rawContent": "GITHUB_TOKEN=ghp_16C7e42F292c6912E7710c838347Ae178B4a\n"}"#);
    let FoldOutcome::Folded { node, .. } = engine.fold(input).await.unwrap().to_rust().unwrap() else { panic!() };
    assert!(node.sanitized);
    assert_eq!(node.raw_content, "GITHUB_TOKEN=[REDACTED:github-pat]\n");
    let policy = storage.get_text(".contextfold/hydration_policy.json").expect("the policy file is written");
    assert!(policy.contains("\"redaction\": \"secrets-v2\""), "{policy}");
}

#[wasm_bindgen_test]
async fn default_clock_is_utc_to_the_second() {
    let storage = MemStorage::new(None);
    let engine = Engine::open(storage.into(), JsValue::UNDEFINED).await.unwrap();
    let FoldOutcome::Folded { node, .. } = engine.fold(fold_js(&demo_turns()[0])).await.unwrap().to_rust().unwrap() else { panic!() };
    let t = node.folded_at.as_bytes();
    assert_eq!(t.len(), 20, "{}", node.folded_at);
    for (i, b) in t.iter().enumerate() {
        match i {
            4 | 7 => assert_eq!(*b, b'-'),
            10 => assert_eq!(*b, b'T'),
            13 | 16 => assert_eq!(*b, b':'),
            19 => assert_eq!(*b, b'Z'),
            _ => assert!(b.is_ascii_digit(), "{}", node.folded_at),
        }
    }
    assert!(node.folded_at.as_str() >= "2025-01-01T00:00:00Z");
}

#[wasm_bindgen_test]
fn extract_and_version() {
    let x: Extraction = wasm::extract("auth/middleware.py HTTP 503".into()).unwrap().to_rust().unwrap();
    assert_eq!(x.query_terms, ["503", "auth", "auth/middleware.py", "http", "http 503", "middleware"]);
    assert_eq!(x.errors, ["HTTP 503"]);
    assert_eq!(wasm::version(), env!("CARGO_PKG_VERSION"));
}

type Call = std::pin::Pin<Box<dyn std::future::Future<Output = Result<JsValue, JsValue>>>>;

/// Run calls the way `Promise.all` would: all started at once, awaited together. Each settles to its
/// result or to `{error: code}`.
async fn all(calls: Vec<Call>) -> Vec<String> {
    let promises = Array::new();
    for call in calls {
        promises.push(&future_to_promise(async move {
            Ok(match call.await {
                Ok(v) => v,
                Err(e) => object(&[("error", get(&e, "code"))]),
            })
        }));
    }
    let settled = JsFuture::from(Promise::all(&promises)).await.unwrap();
    Array::from(&settled).iter().map(|v| stringify(&v)).collect()
}

/// Calls on one raw `Engine` must not overlap: the engine holds its state across every await of the host storage,
/// and the package's `ContextFold` queues its calls (that queue is tested in tests/js/errors.test.mjs). A call
/// started while another runs is refused with `INVALID_INPUT` (never run against half-made state, never a panic);
/// the running call ends as it would alone, and the engine takes calls again afterwards.
#[wasm_bindgen_test]
async fn an_overlapping_call_on_the_raw_engine_is_refused_and_the_engine_goes_on() {
    let turns = demo_turns();
    let alone_storage = MemStorage::new(None);
    let alone = open(&alone_storage).await;
    alone.fold(fold_js(&turns[0])).await.expect("fold alone");

    // Every storage call takes a macrotask: the first fold is still waiting on the storage when the others start.
    let storage = MemStorage::new(None);
    storage.set_slow(true);
    let engine = Rc::new(open(&storage).await);
    let mut calls: Vec<Call> = Vec::new();
    for turn in &turns[..2] {
        let (e, input) = (Rc::clone(&engine), fold_js(turn));
        calls.push(Box::pin(async move { e.fold(input).await.map(JsValue::from) }));
    }
    let e = Rc::clone(&engine);
    calls.push(Box::pin(async move { e.status().await.map(JsValue::from) }));
    let results = all(calls).await;
    assert!(results[0].starts_with(r#"{"kind":"folded""#), "{}", results[0]);
    assert_eq!(results[1..], [r#"{"error":"INVALID_INPUT"}"#, r#"{"error":"INVALID_INPUT"}"#]);
    assert_eq!(storage.dump(), alone_storage.dump(), "the refused fold wrote nothing");

    // Not wedged: the refused fold, run now, is folded.
    let outcome = engine.fold(fold_js(&turns[1])).await.expect("fold after").to_rust().unwrap();
    assert!(matches!(outcome, FoldOutcome::Folded { .. }));
    let status: Status = engine.status().await.unwrap().to_rust().unwrap();
    assert_eq!(status.total, 2);
}

/// The scan and recall vectors over the demo store, results and console text, through the bindings.
#[wasm_bindgen_test]
async fn scan_and_recall_vectors_render_the_reference_stdout() {
    let (_storage, engine) = demo_store().await;
    let scans = parse(include_str!("vectors/scan.json"));
    let cases = Array::from(&get(&scans, "cases"));
    let mut checked = 0;
    for case in cases.iter() {
        if get_str(&case, "store") != "demo" || !get(&case, "policy").is_null() {
            continue;
        }
        let id = get_str(&case, "id");
        let result = engine.scan(get(&case, "query"), JsValue::UNDEFINED).await.unwrap();
        let result: JsValue = result.into();
        let selected: Vec<i64> = Array::from(&get(&result, "selected")).iter().map(|s| get(&s, "stepId").as_f64().unwrap() as i64).collect();
        let expected: Vec<i64> = Array::from(&get(&case, "expected.selected_step_ids")).iter().map(|s| s.as_f64().unwrap() as i64).collect();
        assert_eq!(selected, expected, "{id}");
        assert_eq!(wasm::render_scan(result).unwrap(), get_str(&case, "expected.stdout"), "{id}");
        checked += 1;
    }
    assert!(checked >= 5, "only {checked} scan cases");

    let recalls = parse(include_str!("vectors/recall.json"));
    let mut checked = 0;
    for case in Array::from(&get(&recalls, "cases")).iter() {
        if get(&case, "store").as_string().as_deref() != Some("demo") {
            continue;
        }
        let id = get_str(&case, "id");
        let candidates = engine.recall(get(&case, "query")).await.unwrap();
        let candidates: Array = candidates.into_iter().map(JsValue::from).collect();
        let got: Vec<(i64, String)> = candidates.iter().map(|c| (get(&c, "stepId").as_f64().unwrap() as i64, get_str(&c, "status"))).collect();
        let want: Vec<(i64, String)> = Array::from(&get(&case, "expected.candidates")).iter().map(|c| (get(&c, "step_id").as_f64().unwrap() as i64, get_str(&c, "status"))).collect();
        assert_eq!(got, want, "{id}");
        let text = wasm::render_recall(get(&case, "query"), candidates.into(), false.into()).unwrap();
        assert_eq!(text, get_str(&case, "expected.stdout"), "{id}");
        checked += 1;
    }
    assert!(checked >= 5, "only {checked} recall cases");
}

#[wasm_bindgen_test]
async fn render_functions() {
    let (_storage, engine) = demo_store().await;
    let dup = object(&[("stepId", 137.into()), ("summary", "changed summary".into())]);
    let outcome: JsValue = engine.fold(dup).await.unwrap().into();
    assert_eq!(wasm::render_fold(outcome).unwrap(), "[WARN] Step 137 already folded. Skipping.\n");
    assert!(wasm::render_usage().starts_with("\nContextFold — IPCF-1.1 Reference Implementation\n"));
    let text = wasm::render_error("NODE_NOT_FOUND".into(), "Step 5 not found in recall index. (CONF-10)".into()).unwrap();
    assert_eq!(text, "\n[ERROR] NodeNotFoundError: Step 5 not found in recall index. (CONF-10)\n");
    let message = expect_error(err(wasm::render_error("BOGUS".into(), "x".into())), "InvalidInputError", "INVALID_INPUT");
    assert_eq!(message, "renderError: code is not an error code: \"BOGUS\"");
    assert_eq!(wasm::exit_code("STORAGE".into()).unwrap(), 6);
    assert_eq!(wasm::exit_code("PATH_CONTAINMENT".into()).unwrap(), 3);
    assert_eq!(wasm::render_command_usage("status".into()).unwrap(), None);
    assert_eq!(wasm::render_command_usage("scan".into()).unwrap().as_deref(), Some("Usage: python contextfold.py scan <prompt>\n"));
    let status: JsValue = engine.status().await.unwrap().into();
    assert!(wasm::render_status(status).unwrap().contains("Step  447"));
    let message = expect_error(err(wasm::render_status(object(&[("total", "x".into())]))), "InvalidInputError", "INVALID_INPUT");
    assert!(message.starts_with("renderStatus: status is malformed"), "{message}");
    let bad_turn = object(&[("summary", with_lone_surrogate("", ""))]);
    let message = expect_error(err(wasm::render_hydrate(bad_turn)), "InvalidInputError", "INVALID_INPUT");
    assert_eq!(message, "renderHydrate: hydrated.summary contains a lone surrogate at index 0");
}

/// The single-fold vectors (Unicode, NFC/NFD, explicit lists, control characters, policies, ...) through the
/// bindings: exact cold node bytes. A policy is written as the reference's canonical JSON text, which keeps
/// floats such as `3000.0` that a JS object could not.
#[wasm_bindgen_test]
async fn fold_extra_vectors_give_the_reference_bytes() {
    let vectors = parse(include_str!("vectors/fold_extra.json"));
    let cases = Array::from(&get(&vectors, "cases"));
    assert!(cases.length() >= 18);
    for case in cases.iter() {
        let id = get_str(&case, "id");
        let i = get(&case, "input");
        let input = object(&[
            ("stepId", get(&i, "step_id")),
            ("summary", get(&i, "summary")),
            ("rawContent", get(&i, "raw_content")),
            ("sessionId", get(&i, "session_id")),
            ("files", get(&i, "files")),
            ("commands", get(&i, "commands")),
            ("errors", get(&i, "errors")),
        ]);
        let storage = MemStorage::new(None);
        if !get(&i, "policy").is_null() {
            storage.set_text(".contextfold/hydration_policy.json", &get_str(&case, "expected.policy_canonical_json"));
        }
        let engine = open(&storage).await;
        let outcome: JsValue = engine.fold(input.clone()).await.unwrap_or_else(|e| panic!("{id}: {e:?}")).into();
        assert_eq!(get_str(&outcome, "kind"), "folded", "{id}");
        let key = get_str(&case, "expected.file_path");
        assert_eq!(storage.get_text(&key), Some(get_str(&case, "expected.cold_node_file")), "{id}");
        assert_eq!(get_str(&outcome, "node.artifactSha256"), get_str(&case, "expected.artifact_sha256"), "{id}");

        if id == "custom_policy_changes_projection" {
            // The same policy given as an option (all its numbers are ints) folds to the same bytes.
            let storage = MemStorage::new(None);
            let opts = options(fixed_clock(NOW), JsValue::UNDEFINED, get(&i, "policy"));
            let engine = Engine::open(storage.clone().into(), opts).await.unwrap();
            engine.fold(input).await.unwrap();
            assert_eq!(storage.get_text(&key), Some(get_str(&case, "expected.cold_node_file")), "{id} via options.policy");
        }
    }
}

#[wasm_bindgen_test]
async fn policy_option_is_checked() {
    let cases: Vec<(JsValue, &str)> = vec![
        (Array::new().into(), "open: options.policy must be an object, got array"),
        ("x".into(), "open: options.policy must be an object, got string"),
        (object(&[("scope", js_sys::Function::new_no_args("").into())]), "open: options.policy.scope is not a JSON value (function)"),
        (object(&[("a", Array::of1(&JsValue::UNDEFINED).into())]), "open: options.policy.a[0] is not a JSON value (undefined)"),
        (object(&[("s", with_lone_surrogate("x", ""))]), "open: options.policy.s contains a lone surrogate at index 1"),
    ];
    for (policy, expected) in cases {
        let opts = options(fixed_clock(NOW), JsValue::UNDEFINED, policy);
        let message = expect_error(err(Engine::open(MemStorage::new(None).into(), opts).await), "InvalidInputError", "INVALID_INPUT");
        assert_eq!(message, expected);
    }
    // A cyclic policy is an error, not a stack overflow.
    let cyclic = object(&[]);
    js_sys::Reflect::set(&cyclic, &"self".into(), &cyclic).unwrap();
    let opts = options(fixed_clock(NOW), JsValue::UNDEFINED, cyclic);
    let message = expect_error(err(Engine::open(MemStorage::new(None).into(), opts).await), "InvalidInputError", "INVALID_INPUT");
    assert!(message.contains("is nested more than 512 levels deep (or is cyclic)"), "{}", &message[..200.min(message.len())]);
    // null means no override.
    let opts = options(fixed_clock(NOW), JsValue::UNDEFINED, JsValue::NULL);
    assert!(Engine::open(MemStorage::new(None).into(), opts).await.is_ok());
}
