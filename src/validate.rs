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

impl Problem {
    fn of_entry(code: ErrorCode, step_id: i64, message: String) -> Self {
        Problem { code: code.as_str().to_string(), step_id: Some(step_id), file: None, message }
    }
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

pub use apart::schema_check_index;

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

/// Below this many entries `validate` audits every entry itself: starting a checker elsewhere (a thread with
/// its own engine) costs more than it saves.
pub const MIN_ENTRIES_ELSEWHERE: usize = 8 * VALIDATE_BATCH;

/// An index entry as `validate` audits it: its step id, its `file_path` and the artifact hash it expects.
#[derive(Debug, Clone, PartialEq)]
pub struct EntryToAudit {
    pub step_id: i64,
    pub file_path: Option<String>,
    pub expected: Option<Value>,
}

impl EntryToAudit {
    fn of(entry: &crate::index::Entry<'_>) -> Self {
        EntryToAudit { step_id: entry.step_id, file_path: entry.file_path().map(|p| p.into_owned()), expected: entry.get("artifact_sha256") }
    }
}

/// What the audit of a batch of entries found: one slot per entry, in order (`None`: it passed), and where their
/// cold nodes depart from the schema.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct BatchAudit {
    pub problems: Vec<Option<Problem>>,
    #[serde(default)]
    pub schema_violations: Vec<SchemaViolation>,
}

/// Audits batches of entries somewhere else while `validate` audits others (the package's Node build: a worker
/// thread with its own engine instance over the same store). It must answer what [`audit_entries`] over the same
/// store would; an error or an answer of the wrong length makes `validate` audit that batch itself.
#[allow(async_fn_in_trait)]
pub trait CheckElsewhere {
    async fn check(&self, entries: &[EntryToAudit], integrity: bool) -> Result<BatchAudit>;
    /// Called before the store's index is read when `validate` will hand batches (a store of
    /// [`MIN_ENTRIES_ELSEWHERE`] entries or more): time to get ready while the index loads.
    fn prepare(&self) {}
    /// Awaited between the batches `validate` audits itself, so that the answers from elsewhere get through (a JS
    /// host's storage may answer at once, which would otherwise keep its event loop from delivering them).
    async fn pause(&self) {}
}

/// No checker elsewhere: `validate` audits every entry itself.
pub struct Nowhere;

impl CheckElsewhere for Nowhere {
    async fn check(&self, _: &[EntryToAudit], _: bool) -> Result<BatchAudit> {
        Err(Error::invalid_input("no checker elsewhere"))
    }
}

/// Check one cold node given its bytes (`None`: the file is missing), spec §13 1b–c: the entry's problem, if any;
/// its schema violations go to `found`. A node written the canonical way (every node the engine or the reference
/// writes) is read once for the artifact's hash and, where the build has it, schema-checked in place (`tape`);
/// anything else is parsed.
fn check_node(step: i64, key: &str, path: &str, expected: Option<&Value>, bytes: Option<&[u8]>, integrity: bool, found: &mut Vec<SchemaViolation>) -> Option<Problem> {
    let problem = |code: ErrorCode, message: String| Some(Problem::of_entry(code, step, message));
    let Some(bytes) = bytes else {
        return problem(ErrorCode::BrokenReference, format!("CONF-12 Scenario B — Broken reference: step {step} in index but file missing: {path}"));
    };
    let text = std::str::from_utf8(bytes).ok();
    let (canonical, checked) = canonical_and_check(key, text, found);
    if !checked {
        if let Some(value) = text.and_then(|t| json::parse_str(t).ok()) {
            violations(key, schema::check(schema::Schema::ColdNode, &value), found);
        }
    }
    let verified = || canonical.as_ref().is_some_and(|(without, stored)| identity::canonical_verifies(without, stored, expected));
    if integrity && !verified() {
        if let Err(e) = verify_bytes(Some(bytes), path, expected) {
            return problem(e.code(), format!("CONF-09 / CONF-12 Scenario C — {}", e.message()));
        }
    }
    None
}

/// Spec §13 1a–c for a batch of entries over `storage`: containment (one `resolveMany`), then the contained entries'
/// cold nodes (one `loadMany`), existence, artifact check and schema check. What a checker elsewhere answers.
pub async fn audit_entries(storage: &impl Storage, entries: &[EntryToAudit], integrity: bool) -> Result<BatchAudit> {
    let resolved_dir = storage.resolve(store::COLD_NODE_DIR).await?;
    let keys: Vec<String> = entries.iter().map(|e| store::cold_node_key(e.step_id)).collect();
    let resolved = storage.resolve_many(&keys).await?;
    let mut audit = BatchAudit { problems: Vec::new(), schema_violations: Vec::new() };
    // The contained entries: their slot, key and resolved path.
    let mut contained = Vec::new();
    for (((entry, key), resolved), slot) in entries.iter().zip(keys).zip(resolved).zip(0..) {
        let step = entry.step_id;
        let file_path = entry.file_path.as_deref();
        // The usual entry names its canonical file: containment is then its parent check alone (spec §10).
        let path = if file_path == Some(key.as_str()) {
            containment::check_canonical(step, &key, resolved, &resolved_dir)
        } else {
            containment::resolve_cold_node_path(storage, step, file_path).await
        };
        match path {
            Ok(path) => {
                audit.problems.push(None);
                contained.push((slot, key, path));
            }
            Err(e) if e.code() == ErrorCode::PathContainment => {
                audit.problems.push(Some(Problem::of_entry(ErrorCode::PathContainment, step, format!("CONF-12 Path Containment — {}", e.message()))))
            }
            Err(e) => return Err(e),
        }
    }
    // A loop rather than map/collect: the browser build is a few hundred bytes under its size budget.
    let mut wanted = Vec::new();
    for (_, key, _) in &contained {
        wanted.push(key.clone());
    }
    let mut loaded = storage.load_many(&wanted).await?.into_iter();
    for (slot, key, path) in contained {
        let entry = &entries[slot];
        let problem = check_node(entry.step_id, &key, &path, entry.expected.as_ref(), loaded.next().flatten().as_deref(), integrity, &mut audit.schema_violations);
        audit.problems[slot] = problem;
    }
    Ok(audit)
}

/// The loops of `validate` over every entry or file of a store, each a function of its own in the Node build:
/// there the wasm optimizer is told not to inline `contextfold::*::apart::*` (scripts/build.mjs), because V8
/// optimizes a wasm function as a whole once it has run long enough, in the background, while both threads
/// validate. Inlined, these loops made the future that runs `validate` (21.7 KB of code, 0.14–0.25 s to compile)
/// hot enough to be compiled again, after they had finished; apart, only the loops are. The other builds inline
/// them as before (size).
pub(crate) mod apart {
    use super::*;

    /// Schema check of the index as held (the file with the journal replayed), entry by entry, so a large index is
    /// never rebuilt as one JSON value.
    #[cfg_attr(read_in_place, inline(never))]
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
        // Entries of the usual shape are vouched for without walking the schema (most of the check's cost at scale).
        #[cfg(read_in_place)]
        let fast = schema::EntryFastCheck::new(index);
        for (key, entry) in index.keyed_entries() {
            #[cfg(read_in_place)]
            if fast.conforms(key, entry) {
                continue;
            }
            check_entry_in_full(key, entry, (names, entries), &check, out);
        }
    }

    /// The full schema check of one index entry and its key (the fast check could not vouch for it).
    #[cfg_attr(read_in_place, inline(never))]
    fn check_entry_in_full(
        key: &str,
        entry: crate::index::Entry<'_>,
        (names, entries): (Option<schema::Def>, Option<schema::Def>),
        check: &impl Fn(Option<schema::Def>, &str, &Value, &str) -> Vec<schema::Violation>,
        out: &mut Vec<SchemaViolation>,
    ) {
        const NAMES: &str = "/properties/nodes/propertyNames";
        const ENTRY: &str = "/$defs/entry";
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

    /// Every audited step id, in audit order.
    #[cfg_attr(read_in_place, inline(never))]
    pub(super) fn step_ids(entries: &[crate::index::Entry<'_>]) -> Vec<i64> {
        let mut ids = Vec::new();
        for entry in entries {
            ids.push(entry.step_id);
        }
        ids
    }

    /// A batch of index entries as `validate` audits them.
    #[cfg_attr(read_in_place, inline(never))]
    pub(super) fn to_audit(batch: &[crate::index::Entry<'_>]) -> Vec<EntryToAudit> {
        batch.iter().map(EntryToAudit::of).collect()
    }

    /// A batch's findings after those of the batches before it.
    #[cfg_attr(read_in_place, inline(never))]
    pub(super) fn add_audit(v: &mut Validation, audit: BatchAudit) {
        for p in audit.problems {
            match p {
                Some(p) => v.problems.push(p),
                None => v.pass_count += 1,
            }
        }
        v.schema_violations.extend(audit.schema_violations);
    }

    /// The orphans among the keys listed under `cold_nodes/` (`prefix`): every `step_*.json` directly in it whose
    /// number is not indexed, in listing order.
    #[cfg_attr(read_in_place, inline(never))]
    pub(super) fn orphans(index: &RecallIndex, keys: Vec<String>, prefix: &str, out: &mut Vec<Problem>) {
        for key in keys {
            let Some(name) = key.strip_prefix(prefix).filter(|n| !n.contains('/')) else { continue };
            if !(name.starts_with("step_") && name.ends_with(".json")) {
                continue;
            }
            let Ok(step) = python_int(&name.replace("step_", "").replace(".json", "")) else { continue };
            if !index.has_step(step) {
                out.push(Problem {
                    code: ErrorCode::OrphanedNode.as_str().to_string(),
                    step_id: None,
                    file: Some(name.to_string()),
                    message: format!("CONF-12 Scenario A — Orphaned cold node: {name} exists on disk but has no recall index entry."),
                });
            }
        }
    }
}

use apart::add_audit;

/// Poll two futures together until both are done (single-threaded: a storage or a checker elsewhere works while
/// the other side computes).
#[cfg(read_in_place)]
async fn join<A: std::future::Future, B: std::future::Future>(a: A, b: B) -> (A::Output, B::Output) {
    use std::task::Poll;
    let (mut a, mut b) = (std::pin::pin!(a), std::pin::pin!(b));
    let (mut ra, mut rb) = (None, None);
    std::future::poll_fn(|cx| {
        if ra.is_none() {
            if let Poll::Ready(x) = a.as_mut().poll(cx) {
                ra = Some(x);
            }
        }
        if rb.is_none() {
            if let Poll::Ready(x) = b.as_mut().poll(cx) {
                rb = Some(x);
            }
        }
        if ra.is_some() && rb.is_some() {
            Poll::Ready((ra.take().expect("done"), rb.take().expect("done")))
        } else {
            Poll::Pending
        }
    })
    .await
}

/// The batches audited here and, from [`MIN_ENTRIES_ELSEWHERE`] entries on, elsewhere at the same time (the index's
/// schema check first, here, while elsewhere starts); the audits in batch order whoever made them.
#[cfg(read_in_place)]
async fn audit_here_and_elsewhere(
    storage: &impl Storage,
    index: &RecallIndex,
    batches: &[&[crate::index::Entry<'_>]],
    integrity: bool,
    elsewhere: Option<&impl CheckElsewhere>,
    index_violations: &mut Vec<SchemaViolation>,
) -> Result<Vec<BatchAudit>> {
    let elsewhere = elsewhere.filter(|_| batches.iter().map(|b| b.len()).sum::<usize>() >= MIN_ENTRIES_ELSEWHERE);
    // Batches are taken in order by whichever side is free; each result lands in its batch's slot.
    let next = std::cell::Cell::new(0);
    let take = || {
        let i = next.get();
        (i < batches.len()).then(|| next.set(i + 1)).map(|_| i)
    };
    let entries = |i: usize| apart::to_audit(batches[i]);
    let audits: std::cell::RefCell<Vec<Option<BatchAudit>>> = std::cell::RefCell::new((0..batches.len()).map(|_| None).collect());
    let here = async {
        schema_check_index(index, index_violations);
        while let Some(i) = take() {
            let audit = audit_entries(storage, &entries(i), integrity).await.inspect_err(|_| next.set(batches.len()))?;
            audits.borrow_mut()[i] = Some(audit);
            if let Some(e) = elsewhere {
                e.pause().await;
            }
        }
        Ok::<_, Error>(())
    };
    // Two batches in flight elsewhere, so that side has the next one queued when it finishes one.
    let there = || async {
        let Some(e) = elsewhere else { return Ok(()) };
        let mut failed = false;
        while let Some(i) = take() {
            let batch = entries(i);
            let there = if failed { None } else { e.check(&batch, integrity).await.ok().filter(|a| a.problems.len() == batch.len()) };
            // A batch that fails elsewhere is audited here, and so is the rest of this loop's share.
            failed |= there.is_none();
            let audit = match there {
                Some(audit) => audit,
                None => audit_entries(storage, &batch, integrity).await.inspect_err(|_| next.set(batches.len()))?,
            };
            audits.borrow_mut()[i] = Some(audit);
        }
        Ok::<_, Error>(())
    };
    let ((r1, r2), r3) = join(join(there(), there()), here).await;
    r1.and(r2).and(r3)?;
    Ok(audits.into_inner().into_iter().map(|a| a.expect("every batch audited")).collect())
}

/// `cmd_validate`: every entry by int step id (containment, existence, then the artifact check when
/// `integrity` is on), then every `step_*.json` in `cold_nodes/` whose number is not indexed; and the schema check of
/// the index and the cold nodes. With `elsewhere`, batches of entries are audited there while this side audits the
/// others (and checks the index); the result is the same, in the same order, as without.
pub async fn validate(storage: &impl Storage, index: &RecallIndex, integrity: bool, elsewhere: Option<&impl CheckElsewhere>) -> Result<Validation> {
    let entries = index.entries_by_step();
    let batches: Vec<_> = entries.chunks(VALIDATE_BATCH).collect();
    let mut v = Validation {
        ok: true,
        pass_count: 0,
        checked: apart::step_ids(&entries),
        problems: Vec::new(),
        schema_violations: Vec::new(),
        repairable: false,
    };
    #[cfg(read_in_place)]
    for audit in audit_here_and_elsewhere(storage, index, &batches, integrity, elsewhere, &mut v.schema_violations).await? {
        add_audit(&mut v, audit);
    }
    // The builds without validate's speed-ups (browser, bundler: size) audit on one side, batch after batch.
    #[cfg(not(read_in_place))]
    {
        let _ = elsewhere;
        schema_check_index(index, &mut v.schema_violations);
        for batch in &batches {
            let batch = apart::to_audit(batch);
            add_audit(&mut v, audit_entries(storage, &batch, integrity).await?);
        }
    }
    let prefix = format!("{}/", store::COLD_NODE_DIR);
    apart::orphans(index, storage.list(&prefix).await?, &prefix, &mut v.problems);
    v.ok = v.problems.is_empty();
    Ok(v)
}

/// An expected artifact hash as a checker elsewhere receives it (JSON text): a string without escapes (every hash
/// the engine writes) is taken as it is, which is what parsing it gives; anything else is parsed (`None`: not JSON).
/// Thousands per `validate`, where the parser is not needed.
#[cfg(read_in_place)]
pub fn expected_from_json(text: &str) -> Option<Value> {
    let plain = text.strip_prefix('"').and_then(|t| t.strip_suffix('"')).filter(|t| !t.bytes().any(|b| b == b'"' || b == b'\\' || b < 0x20));
    match plain {
        Some(s) => Some(Value::Str(s.to_string())),
        None => json::parse_str(text).ok(),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn an_expected_hash_read_directly_is_what_parsing_gives() {
        let texts = [
            "\"0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef\"",
            "\"\"",
            "\"caf\u{e9} \u{7f}\"",
            "\"a\\\"b\"",
            "\"a\\nb\"",
            "\"a\\u0041\"",
            "\"a\nb\"",
            "\"a\tb\"",
            "\"a\"b\"",
            "\"",
            "\"abc",
            "abc\"",
            "null",
            "12",
            "[\"a\"]",
            " \"a\"",
            "\"a\" ",
            "",
        ];
        for t in texts {
            assert_eq!(super::expected_from_json(t), crate::json::parse_str(t).ok(), "{t:?}");
        }
    }
}
