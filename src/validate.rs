//! Verification of cold nodes (spec §9) and the whole-store audit (§13); path containment (§10) is `containment`.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::containment;
use crate::error::{Error, ErrorCode, Result};
use crate::identity;
use crate::index::RecallIndex;
use crate::number::python_int;
use crate::json::{self, Value};
use crate::schema;
use crate::store::{self, Storage};

/// One finding of `validate`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct Problem {
    /// The stable error code: `PATH_CONTAINMENT`, `BROKEN_REFERENCE`, `INTEGRITY_CHECK` or `ORPHANED_NODE`.
    pub code: String,
    /// The index entry concerned (absent for an orphan).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(target_arch = "wasm32", tsify(optional))]
    pub step_id: Option<i64>,
    /// The orphan's file name (only for an orphan).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(target_arch = "wasm32", tsify(optional))]
    pub file: Option<String>,
    /// The reference's error line, e.g. `CONF-12 Scenario B — Broken reference: …`.
    pub message: String,
}

/// The result of `validate` (spec §13).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct Validation {
    pub ok: bool,
    /// Entries verified without a problem.
    pub pass_count: i64,
    /// Every audited step id, in audit order (by int step id).
    pub checked: Vec<i64>,
    /// Entry problems in audit order, then orphans by file name.
    pub problems: Vec<Problem>,
    /// Ours: where the index, the indexed cold nodes, the policy file and the eviction log depart from our JSON
    /// Schemas (`schemas/`). They do not change `ok` (the reference's verdict).
    #[serde(default)]
    pub schema_violations: Vec<SchemaViolation>,
    /// Ours: whether `repair()` / `contextfold repair` would fix what failed (every problem above, and schema
    /// violations outside the policy file, which repair never changes).
    #[serde(default)]
    pub repairable: bool,
}

/// One departure of a store file from its JSON Schema.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct SchemaViolation {
    /// The store key of the file (`.contextfold/recall_index.json`).
    pub file: String,
    /// The JSON Pointer of the value in that file (`/nodes/100/token_estimate`; `""` is the whole document).
    pub path: String,
    /// What is wrong there.
    pub message: String,
}

fn violations(file: &str, found: Vec<schema::Violation>, out: &mut Vec<SchemaViolation>) {
    out.extend(found.into_iter().map(|v| SchemaViolation { file: file.to_string(), path: v.path, message: v.message }));
}

/// Schema check of a stored JSON file's bytes (a file that is not JSON is one violation at `""`).
pub fn schema_check_file(key: &str, bytes: &[u8], kind: schema::Schema, out: &mut Vec<SchemaViolation>) {
    match json::parse(bytes) {
        Ok(v) => violations(key, schema::check(kind, &v), out),
        Err(e) => out.push(SchemaViolation { file: key.to_string(), path: String::new(), message: format!("not valid JSON: {}", e.message) }),
    }
}

/// Schema check of the index as held (the file with the journal replayed), entry by entry, so a large index is
/// never rebuilt as one JSON value.
pub fn schema_check_index(index: &RecallIndex, out: &mut Vec<SchemaViolation>) {
    let mut top: BTreeMap<String, Value> = index.top_level().clone();
    top.insert("nodes".into(), Value::Object(BTreeMap::new()));
    violations(store::INDEX_KEY, schema::check(schema::Schema::RecallIndex, &Value::Object(top)), out);
    const NAMES: &str = "/properties/nodes/propertyNames";
    const ENTRY: &str = "/$defs/entry";
    // Found once for all entries (each lookup walks the schema by its pointer).
    let (names, entries) = (schema::def(schema::Schema::RecallIndex, NAMES), schema::def(schema::Schema::RecallIndex, ENTRY));
    let check = |def: Option<schema::Def>, fragment: &str, value: &Value, base: &str| match def {
        Some(d) => schema::check_at(d, value, base),
        None => schema::check_def(schema::Schema::RecallIndex, fragment, value, base),
    };
    for (key, entry) in index.keyed_entries() {
        let name_ok = check(names, NAMES, &Value::from(key), "");
        if !name_ok.is_empty() {
            out.push(SchemaViolation {
                file: store::INDEX_KEY.to_string(),
                path: "/nodes".into(),
                message: format!("the key \"{key}\" is not a valid name here"),
            });
        }
        // Checked as held where the build can (no object built per entry: most of the check's cost at scale).
        #[cfg(read_in_place)]
        let mut found = match entries {
            Some(d) => schema::check_doc_at(d, schema::Doc::Entry(&schema::EntryDoc::new(entry)), ""),
            None => check(entries, ENTRY, &Value::Object(entry.to_object()), ""),
        };
        #[cfg(not(read_in_place))]
        let mut found = check(entries, ENTRY, &Value::Object(entry.to_object()), "");
        // The entry's pointer is written only for an entry that has violations (almost none do).
        if !found.is_empty() {
            let base = schema::pointer(&["nodes", key]);
            found.iter_mut().for_each(|v| v.path.insert_str(0, &base));
        }
        violations(store::INDEX_KEY, found, out);
    }
}

/// A cold node's canonical form without its artifact hash, and that hash ([`json::canonical_without`]; `None`
/// when the node is not written the canonical way), with its schema check where the build reads it in place in
/// the same pass (`true`); `false`: the caller parses the node to check it.
fn canonical_and_check(node_key: &str, text: Option<&str>, out: &mut Vec<SchemaViolation>) -> (Option<(Vec<u8>, String)>, bool) {
    #[cfg(read_in_place)]
    {
        let Some((without, stored, tape)) = text.and_then(|t| crate::tape::canonical_with_tape(t, "artifact_sha256")) else {
            return (None, false);
        };
        let checked = tape.is_some_and(|tape| {
            violations(node_key, schema::check_doc(schema::Schema::ColdNode, schema::Doc::Tape(tape.root())), out);
            true
        });
        (Some((without, stored)), checked)
    }
    #[cfg(not(read_in_place))]
    {
        let _ = (node_key, out);
        (text.and_then(|t| json::canonical_without(t, "artifact_sha256")), false)
    }
}

fn broken_reference(path: &str) -> Error {
    Error::new(ErrorCode::BrokenReference, format!("Cold node file not found: {path} (CONF-12 Scenario B)"))
}

fn integrity(message: String) -> Error {
    Error::new(ErrorCode::IntegrityCheck, message)
}

/// Parse a cold node file, which must hold a JSON object.
fn parse_node(bytes: &[u8], path: &str) -> Result<BTreeMap<String, Value>> {
    match json::parse(bytes) {
        Ok(Value::Object(m)) => Ok(m),
        Ok(other) => Err(integrity(format!(
            "Cold node file holds a JSON {} instead of an object: {path} (CONF-12 Scenario C)",
            other.type_name()
        ))),
        Err(_) => Err(integrity(format!("Corrupted or truncated JSON in cold node file: {path} (CONF-12 Scenario C)"))),
    }
}

/// `verify_artifact` over bytes already loaded (`None`: the file is missing), in the order of spec §9.
pub fn verify_bytes(bytes: Option<&[u8]>, path: &str, expected: Option<&Value>) -> Result<BTreeMap<String, Value>> {
    let bytes = bytes.ok_or_else(|| broken_reference(path))?;
    let node = parse_node(bytes, path)?;
    let stored = match node.get("artifact_sha256") {
        Some(v) if v.python_truthy() => v.clone(),
        _ => return Err(integrity(format!("Missing artifact_sha256 in cold node file: {path} (CONF-09)"))),
    };
    let computed = identity::artifact_sha256(&node);
    if stored.as_str() != Some(computed.as_str()) {
        return Err(integrity(format!(
            "IntegrityCheckError: artifact_sha256 mismatch for {path}.\n  Stored in file : {}\n  Computed       : \
             {computed}\n  (CONF-09 / CONF-12 Scenario C)",
            json::python_str(&stored)
        )));
    }
    if let Some(expected) = expected.filter(|v| v.python_truthy()) {
        if *expected != stored {
            return Err(integrity(format!(
                "IntegrityCheckError: artifact_sha256 does not match recall_index for {path}.\n  Index expected: {}\n  \
                 File stored   : {}\n  (CONF-09 / CONF-12 Scenario C)",
                json::python_str(expected),
                json::python_str(&stored)
            )));
        }
    }
    Ok(node)
}

/// Load and verify the cold node under `key` (`path` is its resolved location, for messages).
pub async fn verify_artifact(
    storage: &impl Storage,
    key: &str,
    path: &str,
    expected: Option<&Value>,
) -> Result<BTreeMap<String, Value>> {
    let bytes = storage.load(key).await?;
    verify_bytes(bytes.as_deref(), path, expected)
}

/// Load a cold node with integrity verification off: only existence and JSON are checked.
pub async fn load_node_unverified(storage: &impl Storage, key: &str, path: &str) -> Result<BTreeMap<String, Value>> {
    let bytes = storage.load(key).await?.ok_or_else(|| broken_reference(path))?;
    parse_node(&bytes, path)
}

/// Cold nodes `validate` reads (and resolves) per batch.
const VALIDATE_BATCH: usize = 256;

/// `cmd_validate`: every entry by int step id (containment, existence, then the artifact check when
/// `integrity` is on), then every `step_*.json` in `cold_nodes/` whose number is not indexed.
pub async fn validate(storage: &impl Storage, index: &RecallIndex, integrity: bool) -> Result<Validation> {
    let mut v = Validation { ok: true, pass_count: 0, checked: Vec::new(), problems: Vec::new(), schema_violations: Vec::new(), repairable: false };
    let mut schema_found = Vec::new();
    let mut problem = |code: ErrorCode, step_id: Option<i64>, file: Option<String>, message: String| {
        v.problems.push(Problem { code: code.as_str().to_string(), step_id, file, message });
    };
    let mut pass_count = 0;
    let mut checked = Vec::new();
    // The cold-node directory resolved once; entries read and resolved in batches (a host may serve a batch at once).
    let resolved_dir = storage.resolve(store::COLD_NODE_DIR).await?;
    let entries = index.entries_by_step();
    for batch in entries.chunks(VALIDATE_BATCH) {
        let keys: Vec<String> = batch.iter().map(|e| store::cold_node_key(e.step_id)).collect();
        let resolved = storage.resolve_many(&keys).await?;
        let mut paths = Vec::with_capacity(batch.len());
        for ((entry, key), resolved) in batch.iter().zip(&keys).zip(resolved) {
            let step = entry.step_id;
            checked.push(step);
            let file_path = entry.file_path();
            // The usual entry names its canonical file: containment is then its parent check alone (spec §10).
            let contained = if file_path.as_deref() == Some(key.as_str()) {
                containment::check_canonical(step, key, resolved, &resolved_dir)
            } else {
                containment::resolve_cold_node_path(storage, step, file_path.as_deref()).await
            };
            match contained {
                Ok(p) => paths.push(Some(p)),
                Err(e) if e.code() == ErrorCode::PathContainment => {
                    problem(ErrorCode::PathContainment, Some(step), None, format!("CONF-12 Path Containment — {}", e.message()));
                    paths.push(None);
                }
                Err(e) => return Err(e),
            }
        }
        let wanted: Vec<String> = keys.iter().zip(&paths).filter(|(_, p)| p.is_some()).map(|(k, _)| k.clone()).collect();
        let mut loaded = storage.load_many(&wanted).await?.into_iter();
        for ((entry, node_key), path) in batch.iter().zip(&keys).zip(paths) {
            let Some(path) = path else { continue };
            let step = entry.step_id;
            let Some(bytes) = loaded.next().flatten() else {
                problem(
                    ErrorCode::BrokenReference,
                    Some(step),
                    None,
                    format!("CONF-12 Scenario B — Broken reference: step {step} in index but file missing: {path}"),
                );
                continue;
            };
            // A node written the canonical way (every node the engine or the reference writes) is read once for
            // the artifact's hash and, where the build has it, checked in place (`tape`); anything else is parsed.
            let text = std::str::from_utf8(&bytes).ok();
            let (canonical, checked) = canonical_and_check(node_key, text, &mut schema_found);
            if !checked {
                if let Some(node) = text.and_then(|t| json::parse_str(t).ok()) {
                    violations(&node_key, schema::check(schema::Schema::ColdNode, &node), &mut schema_found);
                }
            }
            let expected = entry.get("artifact_sha256");
            let verified = || canonical.as_ref().is_some_and(|(without, stored)| identity::canonical_verifies(without, stored, expected.as_ref()));
            if integrity && !verified() {
                if let Err(e) = verify_bytes(Some(&bytes), &path, expected.as_ref()) {
                    problem(e.code(), Some(step), None, format!("CONF-09 / CONF-12 Scenario C — {}", e.message()));
                    continue;
                }
            }
            pass_count += 1;
        }
    }
    let prefix = format!("{}/", store::COLD_NODE_DIR);
    for key in storage.list(&prefix).await? {
        let Some(name) = key.strip_prefix(&prefix).filter(|n| !n.contains('/')) else { continue };
        if !(name.starts_with("step_") && name.ends_with(".json")) {
            continue;
        }
        let Ok(step) = python_int(&name.replace("step_", "").replace(".json", "")) else { continue };
        if !index.has_step(step) {
            problem(
                ErrorCode::OrphanedNode,
                None,
                Some(name.to_string()),
                format!("CONF-12 Scenario A — Orphaned cold node: {name} exists on disk but has no recall index entry."),
            );
        }
    }
    v.ok = v.problems.is_empty();
    v.schema_violations = schema_found;
    v.pass_count = pass_count;
    v.checked = checked;
    Ok(v)
}
