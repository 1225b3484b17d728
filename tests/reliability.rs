//! Issue 17 (engine side): repair, structurally wrong store files as integrity errors, runtime schema validation,
//! and the size limits. Each test states the requirement it proves.

use contextfold::engine::{repair_store, ContextFold, FoldInput, Options};
use contextfold::error::ErrorCode;
use contextfold::json::{self, Value};
use contextfold::limits::Limits;
use contextfold::store::{self, MemoryStorage, Storage};
use pollster::block_on;

const NOW: &str = "2026-01-01T00:00:00Z";

fn options(journal: bool) -> Options {
    Options { clock: Some(Box::new(|| Ok(NOW.to_string()))), journal, ..Default::default() }
}

fn reference_options() -> Options {
    Options { default_policy: Some(contextfold::policy::Policy::reference()), ..options(false) }
}

fn put(s: &MemoryStorage, key: &str, bytes: &[u8]) {
    block_on(s.save(key, bytes)).unwrap();
}

fn get(s: &MemoryStorage, key: &str) -> Option<Vec<u8>> {
    block_on(s.load(key)).unwrap()
}

/// A store of `n` steps folded with the reference's policy and no journal: the reference's own files.
fn store_with(n: i64) -> MemoryStorage {
    let s = MemoryStorage::new();
    let mut cf = block_on(ContextFold::open(&s, reference_options())).unwrap();
    for i in 1..=n {
        let mut input = FoldInput::new(i * 100, format!("Legit node {}", i * 100));
        input.raw_content = Some(format!("content {} PostgreSQL port {}", i * 100, 5000 + i));
        block_on(cf.fold(input)).unwrap();
    }
    drop(cf);
    s
}

fn validate_ok(s: &MemoryStorage) -> contextfold::validate::Validation {
    let cf = block_on(ContextFold::open(s, reference_options())).unwrap();
    block_on(cf.validate()).unwrap()
}

// ---- 2. structurally wrong files are integrity errors ----

#[test]
fn an_index_that_is_not_an_index_is_refused_and_the_next_fold_does_not_overwrite_it() {
    for bad in [&b"{}"[..], b"[]", b"{\"nodes\": []}", b"{\"created_at\": \"x\", \"nodes\": {\"1\": 3}}", b"7", b"{\"nodes\": {\"abc\": {}}}"] {
        let s = store_with(3);
        put(&s, store::INDEX_KEY, bad);
        let err = block_on(ContextFold::open(&s, options(true))).err().expect("open refuses");
        assert_eq!(err.code(), ErrorCode::IntegrityCheck, "{}", String::from_utf8_lossy(bad));
        assert!(err.message().contains("contextfold repair"), "{}", err.message());
        // A reference-mode open (no journal) refuses too, so no fold can rewrite the file with one entry.
        let err = block_on(ContextFold::open(&s, reference_options())).err().expect("open refuses");
        assert_eq!(err.code(), ErrorCode::IntegrityCheck);
        assert_eq!(get(&s, store::INDEX_KEY).unwrap(), bad, "the file is left as it was");
    }
}

#[test]
fn an_eviction_log_that_is_not_a_log_is_refused_at_the_next_eviction() {
    for bad in [&b"{}"[..], b"[]", b"{\"evicted\": [3]}", b"{\"evicted\": {}}"] {
        let s = store_with(2);
        put(&s, store::EVICTION_LOG_KEY, bad);
        let mut cf = block_on(ContextFold::open(&s, reference_options())).unwrap();
        let err = block_on(cf.evict(100)).unwrap_err();
        assert_eq!(err.code(), ErrorCode::IntegrityCheck, "{}", String::from_utf8_lossy(bad));
        assert!(err.message().contains("contextfold repair"));
        assert_eq!(get(&s, store::EVICTION_LOG_KEY).unwrap(), bad);
    }
}

// ---- 1. repair ----

#[test]
fn repair_indexes_the_orphan_of_an_interrupted_fold_and_the_store_then_validates() {
    let s = store_with(3);
    let index_before = get(&s, store::INDEX_KEY).unwrap();
    // Fold a 4th step, then put the index back as it was: the fold was interrupted between its two writes.
    let reference_index = {
        let mut cf = block_on(ContextFold::open(&s, reference_options())).unwrap();
        block_on(cf.fold(FoldInput::new(400, "Legit node 400"))).unwrap();
        get(&s, store::INDEX_KEY).unwrap()
    };
    put(&s, store::INDEX_KEY, &index_before);
    let v = validate_ok(&s);
    assert!(!v.ok && v.repairable, "{v:?}");
    let mut cf = block_on(ContextFold::open(&s, reference_options())).unwrap();
    let report = block_on(cf.repair()).unwrap();
    assert_eq!(report.reindexed, vec![400]);
    assert!(report.quarantined.is_empty() && report.dropped.is_empty(), "{report:?}");
    assert_eq!(get(&s, store::INDEX_KEY).unwrap(), reference_index, "the index the completed fold would have written");
    let v = validate_ok(&s);
    assert!(v.ok && !v.repairable && v.schema_violations.is_empty(), "{v:?}");
    // A second repair finds nothing to do.
    assert!(!block_on(cf.repair()).unwrap().changed);
}

#[test]
fn repair_rebuilds_a_lost_or_damaged_index_byte_for_byte_from_the_cold_nodes() {
    for damage in [None, Some(&b"{}"[..]), Some(b"{\"nodes\": {\"100\": "), Some(b"\x00\x01garbage")] {
        let s = store_with(4);
        {
            let mut cf = block_on(ContextFold::open(&s, reference_options())).unwrap();
            block_on(cf.evict(200)).unwrap();
        }
        let original = get(&s, store::INDEX_KEY).unwrap();
        match damage {
            None => block_on(s.remove(store::INDEX_KEY)).unwrap(),
            Some(b) => put(&s, store::INDEX_KEY, b),
        }
        let report = block_on(repair_store(&s, reference_options())).unwrap();
        assert!(report.index_rebuilt, "{report:?}");
        assert_eq!(report.reindexed, vec![100, 200, 300, 400]);
        let rebuilt = get(&s, store::INDEX_KEY).unwrap();
        assert_eq!(String::from_utf8_lossy(&rebuilt), String::from_utf8_lossy(&original), "evicted flag from the log, created_at from the nodes");
        if let Some(b) = damage {
            let q = &report.quarantined;
            assert_eq!(q.len(), 1);
            assert_eq!(q[0].file, store::INDEX_KEY);
            assert_eq!(get(&s, &q[0].moved_to).unwrap(), b, "the damaged index is kept in quarantine");
        }
        assert!(validate_ok(&s).ok);
    }
}

#[test]
fn repair_quarantines_what_does_not_verify_and_never_deletes_a_cold_node() {
    let s = store_with(3);
    // 100 tampered (summary edited, hash now wrong); 200 missing (broken reference); an orphan that is garbage.
    let key100 = store::cold_node_key(100);
    let tampered = String::from_utf8(get(&s, &key100).unwrap()).unwrap().replace("Legit node 100", "Evil node 100");
    put(&s, &key100, tampered.as_bytes());
    block_on(s.remove(&store::cold_node_key(200))).unwrap();
    put(&s, &store::cold_node_key(999), b"{\"step_id\": 999");
    put(&s, ".contextfold/cold_nodes/step_77.json", b"{}");
    let files_before: Vec<String> = block_on(s.list(".contextfold/cold_nodes/")).unwrap();
    let v = validate_ok(&s);
    assert!(!v.ok && v.repairable);

    let report = block_on(repair_store(&s, reference_options())).unwrap();
    let moved: Vec<&str> = report.quarantined.iter().map(|q| q.file.as_str()).collect();
    assert_eq!(moved, vec![key100.as_str(), ".contextfold/cold_nodes/step_000999.json", ".contextfold/cold_nodes/step_77.json"]);
    let dropped: Vec<i64> = report.dropped.iter().map(|d| d.step_id).collect();
    assert_eq!(dropped, vec![100, 200]);
    // Every cold node file that was there is still somewhere: in cold_nodes/ or in quarantine, byte for byte.
    for key in files_before {
        let moved_to = report.quarantined.iter().find(|q| q.file == key).map(|q| q.moved_to.clone());
        assert!(get(&s, moved_to.as_deref().unwrap_or(&key)).is_some(), "{key} is kept");
    }
    assert_eq!(get(&s, &report.quarantined[0].moved_to).unwrap(), tampered.as_bytes());
    let dir = report.quarantine_dir.clone().unwrap();
    let doc = json::parse(&get(&s, &format!("{dir}/report.json")).unwrap()).unwrap();
    assert_eq!(doc.get("quarantined").and_then(Value::as_array).map(Vec::len), Some(3));
    let v = validate_ok(&s);
    assert!(v.ok, "{v:?}");
    assert_eq!(v.checked, vec![300]);
}

#[test]
fn repair_completes_journaled_folds_and_keeps_the_readable_records_of_a_damaged_journal() {
    let s = MemoryStorage::new();
    {
        let mut cf = block_on(ContextFold::open(&s, Options { default_policy: Some(contextfold::policy::Policy::reference()), ..options(true) })).unwrap();
        for i in 1..=3 {
            block_on(cf.fold(FoldInput::new(i, format!("step {i} PostgreSQL")))).unwrap();
        }
        block_on(cf.evict(2)).unwrap();
    }
    // A garbage line in the middle of the journal: open refuses, repair keeps the rest.
    let mut journal = get(&s, store::JOURNAL_KEY).unwrap();
    journal.extend_from_slice(b"garbage\n");
    put(&s, store::JOURNAL_KEY, &journal);
    assert_eq!(block_on(ContextFold::open(&s, options(true))).err().unwrap().code(), ErrorCode::IntegrityCheck);
    let report = block_on(repair_store(&s, reference_options())).unwrap();
    assert_eq!(report.quarantined.len(), 1, "{report:?}");
    assert_eq!(report.quarantined[0].file, store::JOURNAL_KEY);
    let cf = block_on(ContextFold::open(&s, options(true))).unwrap();
    let status = block_on(cf.status()).unwrap();
    assert_eq!((status.total, status.evicted), (3, 1));
    assert!(block_on(cf.validate()).unwrap().ok);
    let log = json::parse(&get(&s, store::EVICTION_LOG_KEY).unwrap()).unwrap();
    assert_eq!(log.get("evicted").and_then(Value::as_array).map(Vec::len), Some(1));
}

#[test]
fn repair_rewrites_an_entry_whose_path_is_wrong_when_its_node_verifies() {
    let s = store_with(2);
    let original = get(&s, store::INDEX_KEY).unwrap();
    let text = String::from_utf8(original.clone()).unwrap().replace(".contextfold/cold_nodes/step_000100.json", "../evil.json");
    put(&s, store::INDEX_KEY, text.as_bytes());
    assert!(!validate_ok(&s).ok);
    let report = block_on(repair_store(&s, reference_options())).unwrap();
    assert_eq!(report.rewritten, vec![100]);
    assert_eq!(get(&s, store::INDEX_KEY).unwrap(), original);
}

// ---- 3. runtime schema validation ----

#[test]
fn validate_reports_schema_violations_with_their_json_paths_without_changing_the_reference_verdict() {
    let s = store_with(2);
    assert!(validate_ok(&s).schema_violations.is_empty(), "the reference's own files conform");
    let text = String::from_utf8(get(&s, store::INDEX_KEY).unwrap()).unwrap();
    let text = text.replacen("\"evicted\": false", "\"evicted\": 0", 1).replacen("\"ipcf_version\": \"1.1\"", "\"ipcf_version\": \"1.2\"", 1);
    put(&s, store::INDEX_KEY, text.as_bytes());
    put(&s, store::POLICY_KEY, br#"{"max_rehydration_tokens_per_call": -1, "redaction": "secrets-v1"}"#);
    put(&s, store::EVICTION_LOG_KEY, br#"{"evicted": [{"evicted_at": "yesterday", "step_id": 100}]}"#);
    let v = validate_ok(&s);
    let found: Vec<(String, String)> = v.schema_violations.iter().map(|x| (x.file.clone(), x.path.clone())).collect();
    assert_eq!(
        found,
        vec![
            (store::EVICTION_LOG_KEY.to_string(), "/evicted/0/evicted_at".to_string()),
            (store::POLICY_KEY.to_string(), "/max_rehydration_tokens_per_call".to_string()),
            (store::INDEX_KEY.to_string(), "/ipcf_version".to_string()),
            (store::INDEX_KEY.to_string(), "/nodes/100/evicted".to_string()),
        ]
    );
    assert!(v.ok, "schema findings do not change the reference's verdict");
    let notes = contextfold::report::validate_notes(&v);
    assert!(notes.contains(".contextfold/recall_index.json /nodes/100/evicted: must be boolean, not int"), "{notes}");
    // The reference's screen is unchanged.
    assert!(!contextfold::report::validate(&v).contains("Schema"));
}

#[test]
fn a_tampered_cold_node_is_checked_against_the_cold_node_schema() {
    let s = store_with(1);
    let key = store::cold_node_key(100);
    let text = String::from_utf8(get(&s, &key).unwrap()).unwrap().replace("\"status\": \"cold\"", "\"status\": \"warm\"");
    put(&s, &key, text.as_bytes());
    let v = validate_ok(&s);
    assert!(v.schema_violations.iter().any(|x| x.file == key && x.path == "/status"), "{v:?}");
}

#[test]
fn an_index_entry_checked_as_held_has_exactly_the_schema_violations_of_its_object() {
    use contextfold::index::RecallIndex;
    use contextfold::schema::{self, Doc, Schema};
    let hash = "a".repeat(64);
    let good = format!(
        r#"{{"artifact_sha256": "{hash}", "commands": ["git status"], "errors": [], "evicted": false,
            "file_path": ".contextfold/cold_nodes/step_000001.json", "files": ["src/a.rs"], "folded_at": "2026-01-01T00:00:00Z",
            "identifiers": ["alpha", "beta"], "payload_sha256": "{hash}", "projection_sha256": "{hash}",
            "projection_version": "ipcf-projection-v2", "step_id": 1, "summary": "s", "token_estimate": 3}}"#
    );
    // Each entry departs from the schema (or not) in its own way: wrong types of the fields an index may hold
    // (lists that are not lists of strings are refused when the index is read), values out of range, unknown and
    // missing keys, hashes not packed, a path not canonical, a list with duplicates.
    let edits: Vec<(&str, &str)> = vec![
        ("", ""),
        (r#""evicted": false"#, r#""evicted": 0"#),
        (r#""step_id": 1"#, r#""step_id": "1""#),
        (r#""token_estimate": 3"#, r#""token_estimate": -1"#),
        (r#""token_estimate": 3"#, r#""token_estimate": 1.5"#),
        (r#""summary": "s""#, r#""summary": 5"#),
        (r#""identifiers": ["alpha", "beta"]"#, r#""identifiers": ["beta", "alpha", "beta"]"#),
        (r#""files": ["src/a.rs"], "#, ""),
        (r#""commands": ["git status"]"#, r#""commands": ["git status"], "zzz": 1, "aaa": null"#),
        (".contextfold/cold_nodes/step_000001.json", ".contextfold/cold_nodes/step_1.json"),
        (".contextfold/cold_nodes/step_000001.json", "elsewhere/step_000001.json"),
        (r#""payload_sha256": "aaaa"#, r#""payload_sha256": "AAAA"#),
        (r#""projection_sha256": "aaaa"#, r#""projection_sha256": "zz"#),
        (r#""artifact_sha256": "aaaa"#, r#""artifact_sha256": null, "x": "aaaa"#),
        (r#""projection_version": "ipcf-projection-v2""#, r#""projection_version": "v3""#),
        (r#""folded_at": "2026-01-01T00:00:00Z""#, r#""folded_at": "yesterday""#),
        (r#""folded_at": "2026-01-01T00:00:00Z""#, r#""folded_at": 12"#),
    ];
    let mut nodes = Vec::new();
    for (k, (from, to)) in edits.iter().enumerate() {
        let entry = if from.is_empty() { good.clone() } else { good.replacen(from, to, 1) };
        assert!(from.is_empty() || entry != good, "edit {k} changed nothing");
        let entry = entry.replace(r#""step_id": 1,"#, &format!(r#""step_id": {},"#, k + 1)).replace("step_000001", &format!("step_{:06}", k + 1));
        nodes.push(format!(r#""{}": {entry}"#, k + 1));
    }
    let text = format!(r#"{{"created_at": "2026-01-01T00:00:00Z", "ipcf_version": "1.1", "nodes": {{{}}}}}"#, nodes.join(", "));
    let index = RecallIndex::from_file_bytes(text.as_bytes()).expect("index");
    let def = schema::def(Schema::RecallIndex, "/$defs/entry").expect("entry schema");
    let mut departing = 0;
    for (key, entry) in index.keyed_entries() {
        let as_object = schema::check_at(def, &Value::Object(entry.to_object()), "");
        let as_held = schema::check_doc_at(def, Doc::Entry(&schema::EntryDoc::new(entry)), "");
        assert_eq!(as_held, as_object, "entry {key}");
        departing += usize::from(!as_object.is_empty());
    }
    assert_eq!(departing, edits.len() - 1, "every edit but the first departs from the schema");
}

#[test]
fn the_fast_check_of_index_entries_vouches_only_for_entries_without_violations() {
    use contextfold::index::{snapshot, RecallIndex};
    use contextfold::schema::{self, EntryFastCheck, Schema};
    let hash = "a".repeat(64);
    let good = format!(
        r#"{{"artifact_sha256": "{hash}", "commands": ["git status"], "errors": [], "evicted": false,
            "file_path": ".contextfold/cold_nodes/step_000001.json", "files": ["src/a.rs"], "folded_at": "2026-01-01T00:00:00Z",
            "identifiers": ["alpha", "alphb", "beta"], "payload_sha256": "{hash}", "projection_sha256": "{hash}",
            "projection_version": "ipcf-projection-v2", "step_id": 1, "summary": "s", "token_estimate": 3}}"#
    );
    // What the fast check reads, each departing (or not) in its own way; the key of the entry too (`None`: its
    // step id). Every entry the fast check vouches for must have no violation in the full check.
    let edits: Vec<(Option<&str>, &str, &str)> = vec![
        (None, "", ""),
        (None, r#""evicted": false"#, r#""evicted": 0"#),
        (None, r#""evicted": false"#, r#""evicted": true"#),
        (None, r#""evicted": false,"#, ""),
        (None, r#""step_id": 1"#, r#""step_id": "1""#),
        (None, r#""step_id": 1"#, r#""step_id": 9007199254740992"#),
        (None, r#""step_id": 1"#, r#""step_id": -9007199254740992"#),
        (None, r#""step_id": 1"#, r#""step_id": 9007199254740991"#),
        (None, r#""token_estimate": 3"#, r#""token_estimate": -1"#),
        (None, r#""token_estimate": 3"#, r#""token_estimate": 0"#),
        (None, r#""token_estimate": 3"#, r#""token_estimate": 1.5"#),
        (None, r#""summary": "s""#, r#""summary": 5"#),
        (None, r#""identifiers": ["alpha", "alphb", "beta"]"#, r#""identifiers": ["beta", "alpha", "beta"]"#),
        (None, r#""identifiers": ["alpha", "alphb", "beta"]"#, r#""identifiers": ["beta", "alpha"]"#),
        (None, r#""identifiers": ["alpha", "alphb", "beta"]"#, r#""identifiers": []"#),
        (None, r#""files": ["src/a.rs"], "#, ""),
        (None, r#""commands": ["git status"]"#, r#""commands": ["git status"], "zzz": 1, "aaa": null"#),
        (None, r#""commands": ["git status"]"#, r#""commands": ["git status", "git status"]"#),
        (None, ".contextfold/cold_nodes/step_000001.json", ".contextfold/cold_nodes/step_1.json"),
        (None, ".contextfold/cold_nodes/step_000001.json", ".contextfold/cold_nodes/step_0000001.json"),
        (None, ".contextfold/cold_nodes/step_000001.json", "elsewhere/step_000001.json"),
        (None, r#""payload_sha256": "aaaa"#, r#""payload_sha256": "AAAA"#),
        (None, r#""projection_sha256": "aaaa"#, r#""projection_sha256": "zz"#),
        (None, r#""artifact_sha256": "aaaa"#, r#""artifact_sha256": null, "x": "aaaa"#),
        (None, r#""projection_version": "ipcf-projection-v2""#, r#""projection_version": "v3""#),
        (None, r#""projection_version": "ipcf-projection-v2", "#, ""),
        (None, r#""folded_at": "2026-01-01T00:00:00Z""#, r#""folded_at": "yesterday""#),
        (None, r#""folded_at": "2026-01-01T00:00:00Z""#, r#""folded_at": "2026-01-01T00:00:00""#),
        (None, r#""folded_at": "2026-01-01T00:00:00Z""#, r#""folded_at": "2026-01-01 00:00:00Z""#),
        (None, r#""folded_at": "2026-01-01T00:00:00Z""#, r#""folded_at": "2026-01-01T00:00:0xZ""#),
        (None, r#""folded_at": "2026-01-01T00:00:00Z""#, r#""folded_at": 12"#),
        (Some("0{}"), "", ""),
        (Some("-{}"), "", ""),
        (Some(" {}"), "", ""),
        (Some("+{}"), "", ""),
    ];
    let mut nodes = Vec::new();
    for (k, (key, from, to)) in edits.iter().enumerate() {
        let entry = if from.is_empty() { good.clone() } else { good.replacen(from, to, 1) };
        assert!(from.is_empty() || entry != good, "edit {k} changed nothing");
        let step = k + 1;
        let entry = entry.replace(r#""step_id": 1,"#, &format!(r#""step_id": {step},"#)).replace("step_000001", &format!("step_{step:06}"));
        let key = key.map_or(step.to_string(), |form| form.replace("{}", &step.to_string()));
        nodes.push(format!(r#""{key}": {entry}"#));
    }
    let text = format!(r#"{{"created_at": "2026-01-01T00:00:00Z", "ipcf_version": "1.1", "nodes": {{{}}}}}"#, nodes.join(", "));
    let parsed = RecallIndex::from_file_bytes(text.as_bytes()).expect("index");
    let bytes = snapshot::to_bytes(&parsed, "v1");
    // The same index with its strings as a damaged snapshot may hold them: "alphb" is "alpha" again, so that
    // two ascending ids name one string.
    let mut edited = bytes.clone();
    let at = edited.windows(5).position(|w| w == b"alphb").expect("the string in the snapshot");
    edited[at + 4] = b'a';
    assert!(!edited.windows(5).any(|w| w == b"alphb"));
    let twice = snapshot::reseal(&edited).and_then(|b| snapshot::from_bytes(&b, "v1")).expect("edited snapshot");
    let def = schema::def(Schema::RecallIndex, "/$defs/entry").expect("entry schema");
    let names = schema::def(Schema::RecallIndex, "/properties/nodes/propertyNames").expect("names schema");
    for (index, what) in [(parsed, "parsed"), (snapshot::from_bytes(&bytes, "v1").expect("snapshot"), "snapshot"), (twice, "strings twice")] {
        let fast = EntryFastCheck::new(&index);
        let mut vouched = Vec::new();
        for (key, entry) in index.keyed_entries() {
            let mut full = schema::check_at(def, &Value::Object(entry.to_object()), "");
            full.extend(schema::check_at(names, &Value::from(key), ""));
            if fast.conforms(key, entry) {
                assert!(full.is_empty(), "{what}: the fast check vouched for entry {key}, which has {full:?}");
                vouched.push(entry.step_id);
            }
        }
        // The entries it vouches for: those of the usual shape (not parsed ones: their ids are not in string order,
        // nor those of a snapshot whose strings repeat).
        vouched.sort_unstable();
        let expected: Vec<i64> = if what == "snapshot" { vec![1, 3, 8, 10, 15, 18] } else { vec![] };
        assert_eq!(vouched, expected, "{what}");
    }
}

// ---- 4. limits ----

#[test]
fn a_fold_over_the_payload_limit_is_a_typed_error_that_writes_nothing_and_the_next_fold_works() {
    let s = MemoryStorage::new();
    let limits = Limits::lowered(Some(1000), Some(100), None, Some(2)).unwrap();
    let mut cf = block_on(ContextFold::open(&s, Options { limits, ..reference_options() })).unwrap();
    let mut big = FoldInput::new(1, "big");
    big.raw_content = Some("x".repeat(1001));
    let err = block_on(cf.fold(big)).unwrap_err();
    assert_eq!(err.code(), ErrorCode::LimitExceeded);
    assert_eq!(err.code().as_str(), "LIMIT_EXCEEDED");
    assert!(block_on(s.list("")).unwrap().iter().all(|k| !k.contains("cold_nodes/step_")), "nothing written");
    let mut fits = FoldInput::new(1, "fits");
    fits.raw_content = Some("é".repeat(497)); // 994 + 4 bytes
    block_on(cf.fold(fits)).unwrap();
    // Prompts.
    assert_eq!(block_on(cf.scan(&"q".repeat(101))).unwrap_err().code(), ErrorCode::LimitExceeded);
    assert_eq!(block_on(cf.recall(&"q".repeat(101))).unwrap_err().code(), ErrorCode::LimitExceeded);
    assert_eq!(block_on(cf.before_turn(&"q".repeat(101))).unwrap_err().code(), ErrorCode::LimitExceeded);
    block_on(cf.scan("fits")).unwrap();
    // Index entries: the third fold is refused, the store keeps two.
    block_on(cf.fold(FoldInput::new(2, "two"))).unwrap();
    assert_eq!(block_on(cf.fold(FoldInput::new(3, "three"))).unwrap_err().code(), ErrorCode::LimitExceeded);
    assert_eq!(block_on(cf.status()).unwrap().total, 2);
    assert!(block_on(cf.validate()).unwrap().ok);
}

#[test]
fn an_index_file_over_the_index_limit_is_refused_at_open() {
    let s = store_with(3);
    let size = get(&s, store::INDEX_KEY).unwrap().len();
    let limits = Limits::lowered(None, None, Some(size - 1), None).unwrap();
    let err = block_on(ContextFold::open(&s, Options { limits, ..reference_options() })).err().unwrap();
    assert_eq!(err.code(), ErrorCode::LimitExceeded);
    let limits = Limits::lowered(None, None, Some(size), None).unwrap();
    assert!(block_on(ContextFold::open(&s, Options { limits, ..reference_options() })).is_ok());
}

#[test]
fn limits_may_only_be_lowered() {
    assert_eq!(Limits::lowered(Some(Limits::default().max_payload_bytes + 1), None, None, None).unwrap_err().code(), ErrorCode::InvalidInput);
    assert_eq!(Limits::lowered(Some(0), None, None, None).unwrap_err().code(), ErrorCode::InvalidInput);
    assert_eq!(Limits::lowered(None, None, None, None).unwrap(), Limits::default());
}

#[test]
fn repair_indexes_an_orphan_beside_a_healthy_journal_and_folds_the_journal_in() {
    let s = MemoryStorage::new();
    let journaled = || Options { default_policy: Some(contextfold::policy::Policy::reference()), ..options(true) };
    {
        let mut cf = block_on(ContextFold::open(&s, journaled())).unwrap();
        for i in 1..=3 {
            block_on(cf.fold(FoldInput::new(i, format!("step {i} PostgreSQL")))).unwrap();
        }
    }
    // The third fold's journal line never made it (the process died after writing the node).
    let journal = get(&s, store::JOURNAL_KEY).unwrap();
    let cut = journal[..journal.len() - 1].iter().rposition(|&b| b == b'\n').unwrap() + 1;
    put(&s, store::JOURNAL_KEY, &journal[..cut]);
    let cf = block_on(ContextFold::open(&s, journaled())).unwrap();
    let v = block_on(cf.validate()).unwrap();
    assert_eq!(v.problems.iter().map(|p| p.code.as_str()).collect::<Vec<_>>(), vec!["ORPHANED_NODE"]);
    drop(cf);
    let mut cf = block_on(ContextFold::open(&s, journaled())).unwrap();
    let report = block_on(cf.repair()).unwrap();
    assert_eq!(report.reindexed, vec![3]);
    assert!(get(&s, store::JOURNAL_KEY).is_none(), "the journal is folded into recall_index.json");
    assert_eq!(block_on(cf.status()).unwrap().total, 3);
    assert!(block_on(cf.validate()).unwrap().ok);
    // The instance keeps journaling after the repair.
    block_on(cf.fold(FoldInput::new(4, "step 4"))).unwrap();
    assert!(get(&s, store::JOURNAL_KEY).is_some());
}

#[test]
fn a_fold_many_over_four_payload_limits_in_all_is_refused_whole() {
    let s = MemoryStorage::new();
    let limits = Limits::lowered(Some(1000), None, None, None).unwrap();
    let mut cf = block_on(ContextFold::open(&s, Options { limits, ..reference_options() })).unwrap();
    let inputs = |n: i64| (1..=n).map(|i| FoldInput::new(i, "x".repeat(900))).collect::<Vec<_>>();
    assert_eq!(block_on(cf.fold_many(inputs(5))).unwrap_err().code(), ErrorCode::LimitExceeded);
    assert_eq!(block_on(cf.status()).unwrap().total, 0, "all or nothing");
    assert_eq!(block_on(cf.fold_many(inputs(4))).unwrap().len(), 4);
}
