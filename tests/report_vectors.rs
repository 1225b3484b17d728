//! Replays every golden vector that carries the reference's console output (`stdout`, `validate_stdout`, the
//! CLI runs of `cli.json`) through the engine on a `MemoryStorage` rooted at `<ROOT>` with the clock fixed,
//! renders the result with `contextfold::report`, and compares bytes.

use std::collections::HashMap;

use contextfold::engine::{ContextFold, FoldInput, FoldOutcome, Options};
use contextfold::report;
use contextfold::store::{cold_node_key, MemoryStorage, Storage, INDEX_KEY, POLICY_KEY};
use contextfold::text;
use pollster::block_on;
use serde_json::{json, Value};

type Cf = ContextFold<MemoryStorage>;

/// The store root. `MemoryStorage` resolves paths as absolute, so the root must be absolute too; the vectors
/// print the reference's absolute root as `<ROOT>`, so rendered text is compared after `/<ROOT>` → `<ROOT>`.
const ROOT: &str = "/<ROOT>";
const NOW: &str = "2026-01-01T00:00:00Z";

fn load(relative: &str) -> Value {
    let path = format!("{}/tests/vectors/{relative}", env!("CARGO_MANIFEST_DIR"));
    let raw = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"));
    serde_json::from_str(&raw).unwrap_or_else(|e| panic!("bad JSON in {path}: {e}"))
}

fn options() -> Options {
    Options { clock: Some(Box::new(|| Ok(NOW.to_string()))), default_policy: Some(contextfold::policy::Policy::reference()), ..Default::default() }
}

fn open(storage: MemoryStorage) -> Cf {
    block_on(ContextFold::open(storage, options())).expect("open store")
}

fn fresh() -> Cf {
    open(MemoryStorage::with_root(ROOT))
}

fn save(cf: &Cf, key: &str, bytes: &[u8]) {
    block_on(cf.storage().save(key, bytes)).expect("save");
}

fn write_policy(cf: &Cf, policy: &Value) {
    if !policy.is_null() {
        save(cf, POLICY_KEY, &serde_json::to_vec(policy).expect("policy JSON"));
    }
}

fn opt_list(v: &Value) -> Option<Vec<String>> {
    v.as_array().map(|a| a.iter().map(|s| s.as_str().expect("list of str").to_string()).collect())
}

fn fold_input(v: &Value) -> FoldInput {
    FoldInput {
        step_id: Some(v["step_id"].as_i64().expect("step_id")),
        summary: v["summary"].as_str().expect("summary").to_string(),
        raw_content: v["raw_content"].as_str().map(str::to_string),
        session_id: v["session_id"].as_str().map(str::to_string),
        files: opt_list(&v["files"]),
        commands: opt_list(&v["commands"]),
        errors: opt_list(&v["errors"]),
    }
}

fn fold(cf: &mut Cf, input: FoldInput) -> FoldOutcome {
    block_on(cf.fold(input)).expect("fold")
}

/// A store of `stores.json` shape: `turns` of `[step_id, summary, raw_content|null]` folded in order.
fn build_store(store: &Value) -> Cf {
    let mut cf = fresh();
    write_policy(&cf, &store["policy_at_fold"]);
    for turn in store["turns"].as_array().expect("turns") {
        let input = FoldInput {
            step_id: Some(turn[0].as_i64().expect("step")),
            summary: turn[1].as_str().expect("summary").to_string(),
            raw_content: turn[2].as_str().map(str::to_string),
            ..Default::default()
        };
        fold(&mut cf, input);
    }
    cf
}

/// Matches and mismatches of one vector family.
struct Tally {
    name: &'static str,
    matched: usize,
    skipped: usize,
    failures: Vec<String>,
}

impl Tally {
    fn new(name: &'static str) -> Self {
        Tally { name, matched: 0, skipped: 0, failures: Vec::new() }
    }

    fn check(&mut self, id: &str, want: &str, got: &str) {
        let got = &got.replace(ROOT, "<ROOT>");
        if want == got {
            self.matched += 1;
            return;
        }
        let at = want.chars().zip(got.chars()).take_while(|(a, b)| a == b).count();
        let around = |s: &str| -> String { s.chars().skip(at.saturating_sub(60)).take(160).collect() };
        self.failures.push(format!(
            "{id}: differs at char {at}\n    want {:?}\n    got  {:?}",
            around(want),
            around(got)
        ));
    }

    fn finish(self) {
        println!(
            "{}: {} matched, {} mismatched, {} without stdout",
            self.name,
            self.matched,
            self.failures.len(),
            self.skipped
        );
        assert!(
            self.failures.is_empty(),
            "{}: {} mismatch(es):\n{}",
            self.name,
            self.failures.len(),
            self.failures.join("\n")
        );
    }
}

// ------------------------------------------------------------------------------------------------------------
// fold

#[test]
fn fold_demo_stdout() {
    let doc = load("fold_demo.json");
    let mut tally = Tally::new("fold_demo");
    let mut cf = fresh();
    for (i, turn) in doc["turns"].as_array().unwrap().iter().enumerate() {
        write_policy(&cf, &turn["input"]["policy"]);
        let outcome = fold(&mut cf, fold_input(&turn["input"]));
        tally.check(&format!("turn {i}"), turn["expected"]["stdout"].as_str().unwrap(), &report::fold(&outcome));
    }
    let dup = &doc["duplicate_fold"];
    let outcome = fold(&mut cf, fold_input(&dup["input"]));
    tally.check("duplicate", dup["stdout"].as_str().unwrap(), &report::fold(&outcome));
    tally.finish();
}

#[test]
fn fold_extra_stdout() {
    let doc = load("fold_extra.json");
    let mut tally = Tally::new("fold_extra");
    for case in doc["cases"].as_array().unwrap() {
        let mut cf = fresh();
        write_policy(&cf, &case["input"]["policy"]);
        let outcome = fold(&mut cf, fold_input(&case["input"]));
        tally.check(
            case["id"].as_str().unwrap(),
            case["expected"]["stdout"].as_str().unwrap(),
            &report::fold(&outcome),
        );
    }
    tally.finish();
}

#[test]
fn random_fold_stdout() {
    let doc = load("random/fold.json");
    let mut tally = Tally::new("random/fold");
    let mut duplicates = 0;
    for case in doc["cases"].as_array().unwrap() {
        let mut cf = fresh();
        write_policy(&cf, &case["policy"]);
        for (i, turn) in case["turns"].as_array().unwrap().iter().enumerate() {
            let outcome = fold(&mut cf, fold_input(&turn["input"]));
            let id = format!("{} turn {i}", case["id"].as_str().unwrap());
            duplicates += usize::from(turn["duplicate"].as_bool() == Some(true));
            match turn["expected"]["stdout"].as_str() {
                Some(want) => tally.check(&id, want, &report::fold(&outcome)),
                None => tally.skipped += 1,
            }
        }
    }
    println!("random/fold: {duplicates} duplicate turns among them");
    tally.finish();
}

// ------------------------------------------------------------------------------------------------------------
// scan and recall

/// Runs each case that carries an expected `stdout` against its named store (built once per name from
/// `stores`) and checks what `render` returns; a case without one counts as skipped.
fn store_cases(
    tally: &mut Tally,
    stores: &Value,
    cases: &Value,
    mut render: impl FnMut(&str, &mut Cf, &Value) -> String,
) {
    let mut built: HashMap<String, Cf> = HashMap::new();
    for case in cases.as_array().unwrap() {
        let id = case["id"].as_str().unwrap();
        let Some(want) = case["expected"]["stdout"].as_str() else {
            tally.skipped += 1;
            continue;
        };
        let name = case["store"].as_str().unwrap();
        let cf = built.entry(name.to_string()).or_insert_with(|| build_store(&stores[name]));
        let got = render(id, cf, case);
        tally.check(id, want, &got);
    }
}

fn scan_cases(tally: &mut Tally, stores: &Value, cases: &Value) {
    store_cases(tally, stores, cases, |id, cf, case| {
        write_policy(cf, &case["policy"]);
        let result = block_on(cf.scan(case["query"].as_str().unwrap()));
        block_on(cf.storage().remove(POLICY_KEY)).unwrap();
        let result = result.unwrap_or_else(|e| panic!("{id}: scan failed: {e}"));
        report::scan(&result)
    });
}

#[test]
fn scan_stdout() {
    let stores = load("stores.json");
    let mut tally = Tally::new("scan");
    scan_cases(&mut tally, &stores["stores"], &load("scan.json")["cases"]);
    tally.finish();
}

#[test]
fn random_scan_stdout() {
    let doc = load("random/scan.json");
    let mut tally = Tally::new("random/scan");
    scan_cases(&mut tally, &doc["stores"], &doc["cases"]);
    tally.finish();
}

fn recall_cases(tally: &mut Tally, stores: &Value, cases: &Value) {
    store_cases(tally, stores, cases, |_, cf, case| {
        let query = case["query"].as_str().unwrap();
        report::recall(query, &block_on(cf.recall(query)).unwrap(), cf.index().is_empty())
    });
}

#[test]
fn recall_stdout() {
    let stores = load("stores.json");
    let mut tally = Tally::new("recall");
    recall_cases(&mut tally, &stores["stores"], &load("recall.json")["cases"]);
    tally.finish();
}

#[test]
fn random_recall_stdout() {
    let doc = load("random/recall.json");
    assert_eq!(doc["stores_file"], "scan.json");
    let stores = load("random/scan.json");
    let mut tally = Tally::new("random/recall");
    recall_cases(&mut tally, &stores["stores"], &doc["cases"]);
    tally.finish();
}

#[test]
fn recall_and_scan_edge_screens() {
    // Not in the vectors: the empty-index lines and the evicted mark, from the reference's code paths.
    let mut tally = Tally::new("recall/scan edge screens");
    let mut cf = fresh();
    tally.check(
        "recall empty",
        "[RECALL] No folded nodes found.\n",
        &report::recall("x", &block_on(cf.recall("x")).unwrap(), cf.index().is_empty()),
    );
    tally.check("scan empty", "[SCAN] Recall index is empty.\n", &report::scan(&block_on(cf.scan("port")).unwrap()));
    fold(&mut cf, FoldInput { step_id: Some(7), summary: "Port 5433 kept".into(), ..Default::default() });
    block_on(cf.evict(7)).unwrap();
    let got = report::recall("port", &block_on(cf.recall("port")).unwrap(), cf.index().is_empty());
    assert!(got.contains("  [1] Step    7  |  coverage=1  score=3  |  latest_chronological [EVICTED]\n"), "{got}");
    tally.check(
        "recall quote",
        "[RECALL] No matching nodes for query: 'it's \"q\"'\n",
        &report::recall("it's \"q\"", &block_on(cf.recall("it's \"q\"")).unwrap(), false),
    );
    tally.finish();
}

// ------------------------------------------------------------------------------------------------------------
// hydrate and evict

fn default_policy_with_cap(cap: i64) -> Value {
    json!({
        "policy_version": "1.1",
        "max_rehydration_tokens_per_call": cap,
        "max_rehydration_tokens_per_turn": 3500,
        "scope": "single_turn",
        "eviction_trigger": "after_response",
        "integrity_verification": true
    })
}

fn hydrate_cases(tally: &mut Tally, cases: &Value) {
    for case in cases.as_array().unwrap() {
        let id = case["id"].as_str().unwrap();
        let Some(want) = case["expected"]["stdout"].as_str() else {
            tally.skipped += 1;
            continue;
        };
        let input = &case["input"];
        let raw = match input["raw_content"].as_str() {
            Some(r) => r.to_string(),
            // The curated generator's payload of a given length: the digits 0-9 repeated.
            None => {
                (0..input["raw_content_length"].as_u64().unwrap()).map(|i| char::from(b'0' + (i % 10) as u8)).collect()
            }
        };
        let mut cf = fresh();
        fold(
            &mut cf,
            FoldInput { step_id: Some(5), summary: "hydrate case".into(), raw_content: Some(raw), ..Default::default() },
        );
        write_policy(&cf, &default_policy_with_cap(input["max_rehydration_tokens_per_call"].as_i64().unwrap()));
        let h = block_on(cf.hydrate(5)).unwrap_or_else(|e| panic!("{id}: hydrate failed: {e}"));
        tally.check(id, want, &report::hydrate(&h));
    }
}

#[test]
fn hydrate_stdout() {
    let mut tally = Tally::new("hydrate");
    hydrate_cases(&mut tally, &load("hydrate.json")["cases"]);
    tally.finish();
}

#[test]
fn random_hydrate_stdout() {
    let mut tally = Tally::new("random/hydrate");
    hydrate_cases(&mut tally, &load("random/hydrate.json")["cases"]);
    tally.finish();
}

#[test]
fn evict_stdout() {
    let doc = load("evict.json");
    let demo = load("fold_demo.json");
    let turn = demo["turns"].as_array().unwrap().iter().find(|t| t["input"]["step_id"] == 137).unwrap();
    let mut tally = Tally::new("evict");
    let mut cf = fresh();
    fold(&mut cf, fold_input(&turn["input"]));
    for (i, want) in doc["stdout"].as_array().unwrap().iter().enumerate() {
        let e = block_on(cf.evict(137)).unwrap();
        tally.check(&format!("evict #{i}"), want.as_str().unwrap(), &report::evict(&e));
    }
    let err = block_on(cf.evict(999)).unwrap_err();
    assert_eq!(err.message(), doc["evict_unknown"]["message"].as_str().unwrap());
    assert_eq!(report::error(&err), format!("\n[ERROR] NodeNotFoundError: {}\n", err.message()));
    tally.finish();
}

// ------------------------------------------------------------------------------------------------------------
// validate

fn edit_json(cf: &Cf, key: &str, edit: impl FnOnce(&mut Value)) {
    let bytes = block_on(cf.storage().load(key)).unwrap().expect("file exists");
    let mut v: Value = serde_json::from_slice(&bytes).unwrap();
    edit(&mut v);
    save(cf, key, serde_json::to_string_pretty(&v).unwrap().as_bytes());
}

fn edit_entry(cf: &Cf, step: &str, edit: impl FnOnce(&mut serde_json::Map<String, Value>)) {
    edit_json(cf, INDEX_KEY, |index| edit(index["nodes"][step].as_object_mut().unwrap()));
}

/// Re-sign a cold node after an edit: recompute its `artifact_sha256` with the engine's own rule.
fn resign(cf: &Cf, key: &str) {
    let bytes = block_on(cf.storage().load(key)).unwrap().expect("file exists");
    let contextfold::json::Value::Object(mut node) = contextfold::json::parse(&bytes).unwrap() else {
        panic!("object")
    };
    let artifact = contextfold::identity::artifact_sha256(&node);
    node.insert("artifact_sha256".into(), contextfold::json::Value::from(artifact));
    save(cf, key, &contextfold::json::to_pretty(&contextfold::json::Value::Object(node)));
}

/// Build the validate scenario `id` (steps 100 and 200, then the mutation); `None` for an unknown scenario.
/// The vectors do not say what text the reference's edits wrote, but the recomputed hashes they print pin it
/// down: summary `Tampered summary!`, raw_content `content 101`, and summary `rehashed` for the re-signed node.
fn validate_scenario(id: &str, policy: &Value) -> Option<Cf> {
    let mut cf = fresh();
    for step in [100, 200] {
        fold(
            &mut cf,
            FoldInput {
                step_id: Some(step),
                summary: format!("Legit node {step}"),
                raw_content: Some(format!("content {step}")),
                ..Default::default()
            },
        );
    }
    write_policy(&cf, policy);
    let k100 = cold_node_key(100);
    let set_path = |cf: &Cf, p: &str| {
        edit_entry(cf, "100", |e| {
            e.insert("file_path".into(), Value::from(p));
        })
    };
    match id {
        "clean" => {}
        "tamper_summary" | "tamper_integrity_off" => {
            edit_json(&cf, &k100, |n| n["summary"] = Value::from("Tampered summary!"))
        }
        "tamper_raw_content" => edit_json(&cf, &k100, |n| n["raw_content"] = Value::from("content 101")),
        "artifact_consistent_but_index_differs" => {
            edit_json(&cf, &k100, |n| n["summary"] = Value::from("rehashed"));
            resign(&cf, &k100);
        }
        "reformatted_only" => {
            let bytes = block_on(cf.storage().load(&k100)).unwrap().unwrap();
            let v: Value = serde_json::from_slice(&bytes).unwrap();
            save(&cf, &k100, serde_json::to_string(&v).unwrap().as_bytes());
        }
        "artifact_field_removed" => edit_json(&cf, &k100, |n| {
            n.as_object_mut().unwrap().remove("artifact_sha256");
        }),
        "index_hash_empty" => edit_entry(&cf, "100", |e| {
            e.insert("artifact_sha256".into(), Value::from(""));
        }),
        "orphan" => save(&cf, &cold_node_key(999), b"{}"),
        "orphan_noncanonical_name_for_indexed_step" => {
            for name in ["step_100.json", "step_1_0_0.json", "step_abc.json"] {
                save(&cf, &format!(".contextfold/cold_nodes/{name}"), b"{}");
            }
        }
        "broken_reference" => edit_json(&cf, INDEX_KEY, |index| {
            let mut entry = index["nodes"]["100"].clone();
            entry["step_id"] = Value::from(888);
            entry["file_path"] = Value::from(cold_node_key(888));
            index["nodes"]["888"] = entry;
        }),
        "corrupted_json" => {
            let bytes = block_on(cf.storage().load(&k100)).unwrap().unwrap();
            save(&cf, &k100, &bytes[..bytes.len() / 2]);
        }
        "traversal_path" | "traversal_path_integrity_off" => set_path(&cf, "../evil.json"),
        "sibling_prefix_dir" => {
            let bytes = block_on(cf.storage().load(&k100)).unwrap().unwrap();
            save(&cf, ".contextfold/cold_nodes_evil/step_000100.json", &bytes);
            set_path(&cf, ".contextfold/cold_nodes_evil/step_000100.json");
        }
        "absolute_path_outside" => set_path(&cf, "/etc/passwd"),
        "absolute_path_to_correct_file" => set_path(&cf, &format!("{ROOT}/{k100}")),
        "dot_segments_to_correct_file" => set_path(&cf, "./.contextfold/cold_nodes/../cold_nodes/step_000100.json"),
        "wrong_step_file_inside_dir" => set_path(&cf, &cold_node_key(200)),
        "file_path_missing" => edit_entry(&cf, "100", |e| {
            e.remove("file_path");
        }),
        "backslash_path" => set_path(&cf, ".contextfold\\cold_nodes\\step_000100.json"),
        "symlink_escape" => cf.storage().link(&k100, "/outside/step_000100.json"),
        "symlink_to_sibling_node" | "symlink_to_sibling_node_integrity_off" => {
            cf.storage().link(&k100, &cold_node_key(200))
        }
        "broken_reference_integrity_off" => block_on(cf.storage().remove(&k100)).unwrap(),
        _ => return None,
    }
    Some(cf)
}

#[test]
fn validate_stdout() {
    let doc = load("validate.json");
    let mut tally = Tally::new("validate");
    let mut not_built = Vec::new();
    for case in doc["cases"].as_array().unwrap() {
        let id = case["id"].as_str().unwrap();
        let Some(want) = case["expected"]["validate_stdout"].as_str() else {
            tally.skipped += 1;
            continue;
        };
        let Some(cf) = validate_scenario(id, &case["policy"]) else {
            not_built.push(id);
            continue;
        };
        // Links are not copied by `reopen`, so reload the index in place instead.
        let mut cf = cf;
        block_on(cf.reload()).unwrap();
        let v = block_on(cf.validate()).unwrap_or_else(|e| panic!("{id}: validate failed: {e}"));
        tally.check(id, want, &report::validate(&v));
    }
    println!("validate: not rebuilt: {not_built:?}");
    tally.finish();
}

// ------------------------------------------------------------------------------------------------------------
// CLI runs

/// A CLI run through the engine, as the reference's `main()` dispatches it: (stdout, stderr, exit code).
fn cli(cf: &mut Cf, args: &[&str], files: &HashMap<&str, &str>) -> (String, String, i32) {
    fn int_arg(s: &str) -> Result<i64, String> {
        let i = contextfold::number::python_int(s).map_err(|e| report::bad_argument(&e.to_string()))?;
        i64::try_from(i).map_err(|_| report::bad_argument(&format!("step id {i} is out of range")))
    }
    let engine_error = |e: contextfold::Error| (String::new(), report::error(&e), report::exit_code(&e));
    let Some(first) = args.first() else { return (report::usage(), String::new(), 0) };
    let command = text::lower(first);
    let rest = &args[1..];
    let need = |n: usize| -> Option<(String, String, i32)> {
        (rest.len() < n).then(|| (report::command_usage(&command).unwrap(), String::new(), 1))
    };
    match command.as_str() {
        "fold" => {
            if let Some(r) = need(2) {
                return r;
            }
            let step_id = match int_arg(rest[0]) {
                Ok(s) => s,
                Err(msg) => return (String::new(), msg, 1),
            };
            let mut input = FoldInput { step_id: Some(step_id), ..Default::default() };
            let mut summary = Vec::new();
            let list = |s: &str| -> Vec<String> {
                s.split(',').map(|x| text::strip(x).to_string()).filter(|x| !x.is_empty()).collect()
            };
            let mut i = 1;
            while i < rest.len() {
                let has_value = i + 1 < rest.len();
                match rest[i] {
                    "--file" if has_value => input.raw_content = Some(files[rest[i + 1]].to_string()),
                    "--files" if has_value => input.files = Some(list(rest[i + 1])),
                    "--commands" if has_value => input.commands = Some(list(rest[i + 1])),
                    "--errors" if has_value => input.errors = Some(list(rest[i + 1])),
                    word => {
                        summary.push(word);
                        i += 1;
                        continue;
                    }
                }
                i += 2;
            }
            input.summary = summary.join(" ");
            match block_on(cf.fold(input)) {
                Ok(o) => (report::fold(&o), String::new(), 0),
                Err(e) => engine_error(e),
            }
        }
        "scan" => {
            if let Some(r) = need(1) {
                return r;
            }
            match block_on(cf.scan(&rest.join(" "))) {
                Ok(s) => (report::scan(&s), String::new(), 0),
                Err(e) => engine_error(e),
            }
        }
        "recall" => {
            if let Some(r) = need(1) {
                return r;
            }
            let q = rest.join(" ");
            (report::recall(&q, &block_on(cf.recall(&q)).unwrap(), cf.index().is_empty()), String::new(), 0)
        }
        "hydrate" | "evict" => {
            if let Some(r) = need(1) {
                return r;
            }
            let step = match int_arg(rest[0]) {
                Ok(s) => s,
                Err(msg) => return (String::new(), msg, 1),
            };
            let out = if command == "hydrate" {
                block_on(cf.hydrate(step)).map(|h| report::hydrate(&h))
            } else {
                block_on(cf.evict(step)).map(|e| report::evict(&e))
            };
            match out {
                Ok(s) => (s, String::new(), 0),
                Err(e) => engine_error(e),
            }
        }
        "status" => match block_on(cf.status()) {
            Ok(s) => (report::status(&s), String::new(), 0),
            Err(e) => engine_error(e),
        },
        "validate" => match block_on(cf.validate()) {
            Ok(v) => (report::validate(&v), String::new(), if v.ok { 0 } else { 1 }),
            Err(e) => engine_error(e),
        },
        _ => (report::unknown_command(first), String::new(), 1),
    }
}

fn snapshot(cf: &Cf) -> Vec<(String, Vec<u8>)> {
    let keys = block_on(cf.storage().list("")).unwrap();
    keys.into_iter()
        .map(|k| {
            let bytes = block_on(cf.storage().load(&k)).unwrap().expect("listed key");
            (k, bytes)
        })
        .collect()
}

fn restore(cf: &Cf, snapshot: &[(String, Vec<u8>)]) {
    for key in block_on(cf.storage().list("")).unwrap() {
        block_on(cf.storage().remove(&key)).unwrap();
    }
    for (key, bytes) in snapshot {
        save(cf, key, bytes);
    }
}

#[test]
fn cli_runs() {
    let doc = load("cli.json");
    let raw42 = doc["cli_fold_42_raw_content"].as_str().unwrap();
    let files: HashMap<&str, &str> = HashMap::from([("turn42.log", raw42)]);
    let mut tally = Tally::new("cli (stdout+stderr+exit)");
    let mut not_built = Vec::new();
    let mut cf = fresh();
    // Runs with a `setup` each start from the store as the plain runs left it, with that one change applied;
    // consecutive runs with the same setup share it.
    let mut base: Option<Vec<(String, Vec<u8>)>> = None;
    let mut current_setup: Option<&str> = None;
    for (i, run) in doc["runs"].as_array().unwrap().iter().enumerate() {
        let args: Vec<&str> = run["argv"].as_array().unwrap().iter().map(|a| a.as_str().unwrap()).collect();
        let setup = run["setup"].as_str();
        if setup.is_some() && setup != current_setup {
            let snapshot = base.get_or_insert_with(|| snapshot(&cf));
            restore(&cf, snapshot);
            block_on(cf.reload()).unwrap();
        }
        current_setup = setup;
        match setup {
            None => {}
            Some("orphan step_000999.json written") => save(&cf, &cold_node_key(999), b"{}"),
            Some("step 43 file deleted") => block_on(cf.storage().remove(&cold_node_key(43))).unwrap(),
            // The edit's text is not in the vector; the recomputed hash printed in the error pins it down.
            Some("step 43 summary tampered") => {
                edit_json(&cf, &cold_node_key(43), |n| n["summary"] = Value::from("tampered"))
            }
            Some(other) => {
                not_built.push(format!("run {i} {args:?} ({other})"));
                continue;
            }
        }
        let (out, err, code) = cli(&mut cf, &args, &files);
        let id = format!("run {i} {args:?}");
        let want = format!(
            "{}\u{0}{}\u{0}exit {}",
            run["stdout"].as_str().unwrap(),
            run["stderr"].as_str().unwrap(),
            run["exit_code"]
        );
        tally.check(&id, &want, &format!("{out}\u{0}{err}\u{0}exit {code}"));
    }
    println!("cli: not rebuilt: {not_built:?}");
    tally.finish();
}
