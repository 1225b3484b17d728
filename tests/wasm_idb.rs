//! The engine over IndexedDB, in a browser (Chromium or Firefox through wasm-bindgen-test-runner): the demo
//! round trip with the reference bytes, a reopen through a new connection, tamper detection.
#![cfg(target_arch = "wasm32")]

#[path = "js-support/common.rs"]
mod common;

use common::*;
use contextfold::engine::{FoldOutcome, Hydrated, Status};
use contextfold::validate::Validation;
use contextfold::wasm::Engine;
use wasm_bindgen::prelude::*;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen(module = "/tests/js-support/idb_storage.js")]
extern "C" {
    #[derive(Clone)]
    type IdbStorage;
    #[wasm_bindgen(static_method_of = IdbStorage, catch)]
    async fn open(name: &str) -> Result<IdbStorage, JsValue>;
    #[wasm_bindgen(static_method_of = IdbStorage, catch)]
    async fn destroy(name: &str) -> Result<(), JsValue>;
    #[wasm_bindgen(method, js_name = getText)]
    async fn get_text(this: &IdbStorage, key: &str) -> JsValue;
    #[wasm_bindgen(method, js_name = setText)]
    async fn set_text(this: &IdbStorage, key: &str, text: &str);
    #[wasm_bindgen(method)]
    fn close(this: &IdbStorage);
}

#[wasm_bindgen_test]
async fn demo_round_trip_over_indexeddb() {
    let name = format!("contextfold-test-{}", js_sys::Math::random().to_bits());
    let demo = fold_demo();
    let db = IdbStorage::open(&name).await.expect("IndexedDB open");
    let engine = Engine::open(db.clone().into(), fixed_options()).await.unwrap();
    for (i, turn) in demo_turns().into_iter().enumerate() {
        let outcome = engine.fold(fold_js(&turn)).await.unwrap().to_rust().unwrap();
        assert!(matches!(outcome, FoldOutcome::Folded { .. }));
        let key = get_str(&demo, &format!("turns.{i}.expected.file_path"));
        let text = db.get_text(&key).await.as_string();
        assert_eq!(text, Some(get_str(&demo, &format!("turns.{i}.expected.cold_node_file"))), "turn {i}");
    }
    assert_eq!(
        db.get_text(".contextfold/recall_index.json").await.as_string(),
        Some(get_str(&demo, "recall_index_file_after_all_folds"))
    );
    drop(engine);
    db.close();

    // A new connection, a new engine: everything is read back from the database.
    let db = IdbStorage::open(&name).await.unwrap();
    let engine = Engine::open(db.clone().into(), fixed_options()).await.unwrap();
    let status: Status = engine.status().await.unwrap().to_rust().unwrap();
    assert_eq!((status.total, status.active), (8, 8));
    assert_eq!(status.storage_dir, format!("/indexeddb/{name}/.contextfold"));
    let hydrated: Hydrated = engine.hydrate(200.into()).await.unwrap().to_rust().unwrap();
    assert_eq!(hydrated.content, "JWT secret updated in auth/middleware.py");
    engine.evict(200.into()).await.unwrap();
    let validation: Validation = engine.validate(JsValue::UNDEFINED).await.unwrap().to_rust().unwrap();
    assert!(validation.ok && validation.pass_count == 8, "{:?}", validation.problems);

    let key = ".contextfold/cold_nodes/step_000091.json";
    let text = db.get_text(key).await.as_string().unwrap().replace("5434", "5435");
    db.set_text(key, &text).await;
    let message = expect_error(err(engine.hydrate(91.into()).await), "IntegrityCheckError", "INTEGRITY_CHECK");
    assert!(message.contains("artifact_sha256 mismatch"), "{message}");

    drop(engine);
    db.close();
    IdbStorage::destroy(&name).await.unwrap();
}
