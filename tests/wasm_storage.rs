//! The JS `Storage` seen through the bindings: round trips through an in-memory JS storage, the host root in
//! messages, reopening, rejected and throwing host methods, host results of the wrong shape, the optional
//! `resolve` hook (links and path containment).
#![cfg(target_arch = "wasm32")]

#[path = "js-support/common.rs"]
mod common;

use common::*;
use contextfold::engine::{FoldOutcome, Hydrated, IndexEntry, Status};
use contextfold::wasm::Engine;
use wasm_bindgen::prelude::*;
use wasm_bindgen_test::*;

const INDEX: &str = ".contextfold/recall_index.json";
const NODE_37: &str = ".contextfold/cold_nodes/step_000037.json";

async fn open_js(storage: JsValue) -> Result<Engine, JsValue> {
    Engine::open(storage, fixed_options()).await
}

#[wasm_bindgen_test]
async fn folds_survive_a_reopen_and_reload_sees_other_writers() {
    let storage = MemStorage::new(None);
    let a = open_js(storage.clone().into()).await.unwrap();
    for turn in &demo_turns()[..2] {
        a.fold(fold_js(turn)).await.unwrap();
    }
    assert_eq!(storage.keys(), [NODE_37, ".contextfold/cold_nodes/step_000091.json", INDEX]);
    let b = open_js(storage.clone().into()).await.unwrap();
    let entry: IndexEntry = b.entry(91.into()).await.unwrap().expect("reopened store has 91").to_rust().unwrap();
    assert_eq!(entry.artifact_sha256.as_deref(), Some("25f26fbae8b24abac6abd942ad30d349c7f1789b8ac0a9be481180965f22777e"));
    let hydrated: Hydrated = b.hydrate(37.into()).await.unwrap().to_rust().unwrap();
    assert_eq!(hydrated.content, "$ docker compose up -d postgres\nPostgreSQL running on port 5433");

    a.fold(fold_js(&demo_turns()[2])).await.unwrap();
    assert!(b.entry(137.into()).await.unwrap().is_none());
    b.reload().await.unwrap();
    assert!(b.entry(137.into()).await.unwrap().is_some());
}

#[wasm_bindgen_test]
async fn the_host_root_appears_in_paths_and_messages() {
    let storage = MemStorage::new(Some("/home/me/project".into()));
    let engine = open_js(storage.clone().into()).await.unwrap();
    engine.fold(fold_js(&demo_turns()[0])).await.unwrap();
    let status: Status = engine.status().await.unwrap().to_rust().unwrap();
    assert_eq!(status.storage_dir, "/home/me/project/.contextfold");
    storage.set_text(NODE_37, "[]");
    let message = expect_error(err(engine.hydrate(37.into()).await), "IntegrityCheckError", "INTEGRITY_CHECK");
    assert_eq!(
        message,
        "Cold node file holds a JSON list instead of an object: /home/me/project/.contextfold/cold_nodes/step_000037.json (CONF-12 Scenario C)"
    );
}

#[wasm_bindgen_test]
async fn array_buffer_results_are_accepted() {
    let storage = ArrayBufferStorage::new();
    let engine = open_js(storage.clone().into()).await.unwrap();
    engine.fold(fold_js(&demo_turns()[0])).await.unwrap();
    let again = open_js(storage.into()).await.unwrap();
    let hydrated: Hydrated = again.hydrate(37.into()).await.unwrap().to_rust().unwrap();
    assert_eq!(hydrated.token_estimate, 15);
}

#[wasm_bindgen_test]
async fn a_rejected_save_is_a_storage_error_and_the_fold_is_undone() {
    let storage = MemStorage::new(None);
    let engine = open_js(storage.clone().into()).await.unwrap();
    let turn = fold_js(&demo_turns()[0]);

    storage.fail_next("save", "disk full", 0);
    let message = expect_error(err(engine.fold(turn.clone()).await), "StorageError", "STORAGE");
    assert_eq!(message, "cannot write the cold node: disk full");
    assert!(storage.keys().is_empty());

    // The cold node is written, the index write fails: the node is removed again.
    storage.fail_next("save", "quota exceeded", 1);
    let message = expect_error(err(engine.fold(turn.clone()).await), "StorageError", "STORAGE");
    assert_eq!(message, "cannot write the index (the fold was undone): quota exceeded");
    assert!(storage.keys().is_empty());
    assert!(engine.entry(37.into()).await.unwrap().is_none());

    // The engine is still usable.
    let outcome = engine.fold(turn).await.unwrap().to_rust().unwrap();
    assert!(matches!(outcome, FoldOutcome::Folded { .. }));
}

#[wasm_bindgen_test]
async fn a_failing_load_at_open_or_later() {
    let storage = MemStorage::new(None);
    storage.fail_next("load", "permission denied", 0);
    let message = expect_error(err(open_js(storage.clone().into()).await), "StorageError", "STORAGE");
    assert_eq!(message, "cannot read the index: permission denied");

    let engine = open_js(storage.clone().into()).await.unwrap();
    storage.fail_next("load", "EIO", 0);
    let message = expect_error(err(engine.status().await), "StorageError", "STORAGE");
    assert_eq!(message, "EIO");

    let message = expect_error(err(open_js(throwing_storage()).await), "StorageError", "STORAGE");
    assert_eq!(message, "cannot read the index: disk on fire");
}

#[wasm_bindgen_test]
async fn host_results_of_the_wrong_shape() {
    let engine = open_js(broken_storage("load")).await.unwrap();
    let message = expect_error(err(engine.fold(fold_js(&demo_turns()[0])).await), "StorageError", "STORAGE");
    assert_eq!(
        message,
        "storage.load(\".contextfold/hydration_policy.json\") returned number, expected a Uint8Array, null or undefined"
    );
    let engine = open_js(broken_storage("list")).await.unwrap();
    let message = expect_error(err(engine.validate(JsValue::UNDEFINED).await), "StorageError", "STORAGE");
    assert_eq!(message, "storage.list(\".contextfold/cold_nodes/\") result[1] must be a string, got number");
    let engine = open_js(broken_storage("list-object")).await.unwrap();
    let message = expect_error(err(engine.validate(JsValue::UNDEFINED).await), "StorageError", "STORAGE");
    assert!(message.contains("returned object, expected an array of strings"), "{message}");
}

#[wasm_bindgen_test]
async fn an_incomplete_storage_is_invalid_input() {
    let message = expect_error(err(open_js(object(&[])).await), "InvalidInputError", "INVALID_INPUT");
    assert_eq!(message, "open: storage.load must be a function, got undefined");
    let message = expect_error(err(open_js(JsValue::NULL).await), "InvalidInputError", "INVALID_INPUT");
    assert_eq!(message, "open: storage must be an object, got null");
    let message = expect_error(err(open_js(broken_storage("root")).await), "InvalidInputError", "INVALID_INPUT");
    assert_eq!(message, "open: storage.root must be a string, got number");
    let storage = MemStorage::new(None);
    js_sys::Reflect::set(&storage, &"resolve".into(), &"nope".into()).unwrap();
    let message = expect_error(err(open_js(storage.into()).await), "InvalidInputError", "INVALID_INPUT");
    assert_eq!(message, "open: storage.resolve must be a function, got string");
}

#[wasm_bindgen_test]
async fn resolve_hook_drives_path_containment() {
    let storage = LinkedStorage::new(Some("/proj".into()));
    let engine = open_js(storage.clone().into()).await.unwrap();
    for turn in &demo_turns()[..2] {
        engine.fold(fold_js(turn)).await.unwrap();
    }
    // A link inside the cold-node directory that points to the canonical file is fine.
    let hydrated: Hydrated = engine.hydrate(91.into()).await.unwrap().to_rust().unwrap();
    assert_eq!(hydrated.step_id, 91);
    // The node file is a link out of the store.
    storage.link(NODE_37, "/etc/step_000037.json");
    let message = expect_error(err(engine.hydrate(37.into()).await), "PathContainmentError", "PATH_CONTAINMENT");
    assert!(message.contains("violates canonical boundary"), "{message}");
    let log = storage.log_text();
    assert!(log.contains("resolve .contextfold/cold_nodes/step_000037.json"), "{log}");
}
