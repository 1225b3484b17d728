//! `cargo run --release --example validate_bench -- DIR [REPEAT]`: `validate` of an existing store natively
//! (`FsStorage`), per node, with the split of its phases. Prints figures only; nothing here asserts a time.

use std::time::Instant;

use contextfold::engine::{ContextFold, Options};
use contextfold::store::FsStorage;
use pollster::block_on;

fn main() {
    let mut args = std::env::args().skip(1);
    let dir = args.next().expect("usage: validate_bench DIR [REPEAT] [--phases]");
    if std::env::args().any(|a| a == "--phases") {
        return phases(&dir);
    }
    if std::env::args().any(|a| a == "--index") {
        return index_check(&dir);
    }
    let repeat: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(3);
    let cf = block_on(ContextFold::open(FsStorage::new(&dir).expect("store"), Options::default())).expect("open");
    for _ in 0..repeat {
        let t = Instant::now();
        let v = block_on(cf.validate()).expect("validate");
        let ms = t.elapsed().as_secs_f64() * 1e3;
        let n = v.checked.len().max(1);
        println!("validate: {n} nodes, ok {}, {:.1} ms, {:.4} ms per node", v.ok, ms, ms / n as f64);
    }
}

/// The schema check of the index entries alone, repeated (`--index`): `validate`'s check of the index as held.
pub fn index_check(dir: &str) {
    use contextfold::store::{self, Storage};
    use contextfold::{index::snapshot, index::RecallIndex, validate};
    let root = std::path::Path::new(dir).join(".contextfold");
    // From its snapshot when it has a current one, as the engine opens it.
    let version = block_on(FsStorage::new(dir).expect("store").version(store::INDEX_KEY)).ok().flatten();
    let from_snapshot = version.and_then(|v| snapshot::from_bytes(&std::fs::read(root.join("recall_index.snapshot")).ok()?, &v));
    println!("index from its {}", if from_snapshot.is_some() { "snapshot" } else { "JSON" });
    let index = from_snapshot.unwrap_or_else(|| {
        RecallIndex::from_file_bytes(&std::fs::read(root.join("recall_index.json")).expect("index")).expect("parse index")
    });
    let n = index.entries_by_step().len().max(1);
    for _ in 0..5 {
        let t = Instant::now();
        let mut found = Vec::new();
        validate::schema_check_index(&index, &mut found);
        let ms = t.elapsed().as_secs_f64() * 1e3;
        println!("index schema check: {n} entries, {} violations, {ms:.1} ms, {:.2} us per entry", found.len(), ms * 1e3 / n as f64);
    }
}

/// The phases of `validate` per cold node, timed one by one over the store's files (`--phases`).
pub fn phases(dir: &str) {
    use contextfold::{identity, index::RecallIndex, json, schema, validate};
    let root = std::path::Path::new(dir).join(".contextfold");
    let index = RecallIndex::from_file_bytes(&std::fs::read(root.join("recall_index.json")).expect("index")).expect("parse index");
    let t = Instant::now();
    let mut found = Vec::new();
    validate::schema_check_index(&index, &mut found);
    let index_ms = t.elapsed().as_secs_f64() * 1e3;
    let (mut read, mut parse, mut check, mut verify, mut n) = (0.0, 0.0, 0.0, 0.0, 0usize);
    for e in index.entries_by_step() {
        let t = Instant::now();
        let Ok(bytes) = std::fs::read(root.join(contextfold::store::cold_node_key(e.step_id).trim_start_matches(".contextfold/"))) else { continue };
        let t1 = Instant::now();
        let text = std::str::from_utf8(&bytes).expect("UTF-8");
        let node = json::parse_str(text).expect("node");
        let t2 = Instant::now();
        let v = schema::check(schema::Schema::ColdNode, &node);
        let t3 = Instant::now();
        let ok = identity::artifact_verifies_fast(text, e.get("artifact_sha256").as_ref());
        let t4 = Instant::now();
        assert!(v.is_empty() && ok);
        read += (t1 - t).as_secs_f64();
        parse += (t2 - t1).as_secs_f64();
        check += (t3 - t2).as_secs_f64();
        verify += (t4 - t3).as_secs_f64();
        n += 1;
    }
    let per = |s: f64| s * 1e3 / n as f64;
    println!(
        "per node (ms): index entry schema {:.4}, read {:.4}, parse {:.4}, node schema {:.4}, artifact hash {:.4} ({n} nodes, {} violations)",
        index_ms / n as f64, per(read), per(parse), per(check), per(verify), found.len()
    );
}
