//! Hostile paths (issue 17): every `file_path` of the shared corpus `tests/fixtures/hostile_paths.json` (traversal,
//! absolute, Windows drive and UNC, backslashes, NUL, overlong, Unicode look-alikes and normalisation tricks, case
//! variants, wrong files) is refused by the engine's path containment (spec §10): by the rule itself, by hydrate,
//! node and validate on a store whose index names it; and nothing is read or written outside the store's own keys.
use contextfold::engine::{ContextFold, Options};
use contextfold::store::{self, MemoryStorage, Storage};
use contextfold::types::FoldInput;
use contextfold::{containment, ErrorCode};

#[derive(serde::Deserialize)]
struct Hostile {
    value: String,
    why: String,
}

fn corpus() -> Vec<Hostile> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/hostile_paths.json");
    serde_json::from_str(&std::fs::read_to_string(path).expect("read the corpus")).expect("parse the corpus")
}

fn options() -> Options {
    Options { clock: Some(Box::new(|| Ok("2026-01-01T00:00:00Z".to_string()))), ..Options::default() }
}

#[test]
fn the_corpus_holds_at_least_100_hostile_values() {
    assert!(corpus().len() >= 100, "{} values", corpus().len());
}

#[test]
fn path_containment_refuses_every_hostile_file_path() {
    pollster::block_on(async {
        for root in ["/memory", "/home/me/project"] {
            let s = MemoryStorage::with_root(root);
            for h in corpus() {
                let got = containment::resolve_cold_node_path(&s, 1, Some(&h.value)).await;
                let code = got.as_ref().err().map(|e| e.code());
                assert_eq!(code, Some(ErrorCode::PathContainment), "root {root}: {:?} ({}) gave {got:?}", h.value, h.why);
            }
        }
    });
}

#[test]
fn hydrate_node_and_validate_refuse_an_index_that_names_a_hostile_path() {
    pollster::block_on(async {
        let s = MemoryStorage::new();
        {
            let mut cf = ContextFold::open(&s, options()).await.expect("open");
            cf.fold(FoldInput { summary: "step one on port 5432".into(), raw_content: Some("the output".into()), ..FoldInput::default() })
                .await
                .expect("fold");
        }
        let index: serde_json::Value = serde_json::from_slice(&s.load(store::INDEX_KEY).await.unwrap().unwrap()).unwrap();
        let keys_before = s.list("").await.unwrap();
        for h in corpus() {
            let mut edited = index.clone();
            edited["nodes"]["1"]["file_path"] = serde_json::Value::String(h.value.clone());
            s.save(store::INDEX_KEY, serde_json::to_string(&edited).unwrap().as_bytes()).await.unwrap();
            let cf = ContextFold::open(&s, options()).await.expect("open");
            let what = format!("{:?} ({})", h.value, h.why);
            let hydrated = cf.hydrate(1).await;
            assert_eq!(hydrated.as_ref().err().map(|e| e.code()), Some(ErrorCode::PathContainment), "hydrate {what}: {hydrated:?}");
            let node = cf.node(1).await;
            assert_eq!(node.as_ref().err().map(|e| e.code()), Some(ErrorCode::PathContainment), "node {what}");
            let v = cf.validate().await.expect("validate reports, it does not fail");
            assert!(!v.ok, "validate {what}");
            assert!(v.problems.iter().any(|p| p.code == "PATH_CONTAINMENT" && p.step_id == Some(1)), "validate {what}: {:?}", v.problems);
            assert_eq!(s.list("").await.unwrap(), keys_before, "no key was written for {what}");
        }
    });
}
