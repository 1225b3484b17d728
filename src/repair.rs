//! `repair`: bring a damaged store back to one that validates, losing nothing.
//!
//! * A cold node whose three hashes verify (artifact over its canonical JSON, payload over its raw content,
//!   projection under the store's policy) is indexed: an orphan left by an interrupted fold gets its entry, and a
//!   lost or damaged `recall_index.json` is rebuilt from the nodes. An entry is derived from its node (spec §2.4:
//!   the node's keys less six, plus `file_path` and `evicted`), so the rebuilt index is the one the reference would
//!   have had, except for what no node holds: `evicted` comes from the eviction log and the journal, `created_at`
//!   from the old index, else the journal, else the earliest `folded_at` (the reference's own value unless the
//!   first fold's two clock reads fell in different seconds).
//! * What does not verify (a tampered or truncated node, a node at a non-canonical name, a link out of
//!   `cold_nodes/`, a node whose hash disagrees with its index entry) is **moved**, never deleted, into
//!   `.contextfold/quarantine/<time>/` beside a `report.json` that says why; its entry is dropped. So is a damaged
//!   index, journal or eviction log (a fresh one takes its place; the journal's readable records are kept).
//! * An entry whose cold node is missing is dropped (nothing to recover; it is listed in the report).
//!
//! The policy file is the user's and is never changed. Repair runs under the store's write lock.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use crate::containment;
use crate::error::{Error, ErrorCode, Result};
use crate::identity::{self, Projection};
use crate::index::{EvictionLog, RecallIndex};
use crate::journal::{self, Record};
use crate::json::{self, Value};
use crate::number::python_int;
use crate::policy::Policy;
use crate::store::{self, Storage};
use crate::types::ColdNode;
use crate::validate;

/// Where quarantined files go, one folder per repair.
pub const QUARANTINE_DIR: &str = ".contextfold/quarantine";

/// One file moved into quarantine.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct QuarantinedFile {
    /// The store key it had (`.contextfold/cold_nodes/step_000100.json`).
    pub file: String,
    /// The store key it has now, under `.contextfold/quarantine/`.
    pub moved_to: String,
    /// Why it was moved.
    pub reason: String,
}

/// An index entry repair dropped, and why.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct DroppedEntry {
    pub step_id: i64,
    pub reason: String,
}

/// What `repair` did.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct RepairReport {
    /// Whether anything in the store was changed (false: it needed nothing).
    pub changed: bool,
    /// Whether `recall_index.json` was rebuilt from the cold nodes (it was missing, damaged or not an index).
    pub index_rebuilt: bool,
    /// Steps given an entry derived from their verified cold node: orphans (interrupted folds), a rebuilt index.
    pub reindexed: Vec<i64>,
    /// Steps whose entry was rewritten from their verified node (a wrong `file_path`, edited fields).
    pub rewritten: Vec<i64>,
    /// Entries dropped: the node is missing, or did not verify and was quarantined.
    pub dropped: Vec<DroppedEntry>,
    /// Files moved into quarantine.
    pub quarantined: Vec<QuarantinedFile>,
    /// This repair's quarantine folder (holding `report.json`), when anything went there.
    pub quarantine_dir: Option<String>,
    /// Entries in the index after the repair.
    pub entries: i64,
    /// What could not be derived, and other remarks.
    pub notes: Vec<String>,
}

/// A verified cold node: its object, and the fields an entry needs.
struct Verified {
    node: ColdNode,
}

/// The three hashes and the types of a cold node file at the canonical key of `step`. `Err` says why not.
fn verify_node(bytes: &[u8], step: i64, path: &str, policy_hashes: &[String]) -> std::result::Result<Verified, String> {
    let obj = validate::verify_bytes(Some(bytes), path, None).map_err(|e| e.message().to_string())?;
    let str_field = |k: &str| obj.get(k).and_then(Value::as_str).ok_or_else(|| format!("\"{k}\" is missing or not a string"));
    let list_field = |k: &str| obj.get(k).and_then(Value::as_str_vec).ok_or_else(|| format!("\"{k}\" is missing or not a list of strings"));
    match obj.get("step_id").and_then(Value::as_i128) {
        Some(s) if s == i128::from(step) => {}
        _ => return Err(format!("its step_id is not {step}, the step of its file name")),
    }
    for k in ["summary", "raw_content", "normalized_content", "session_id", "payload_sha256", "projection_sha256", "folded_at", "ipcf_version", "projection_version", "status"] {
        str_field(k)?;
    }
    for k in ["identifiers", "files", "commands", "errors"] {
        list_field(k)?;
    }
    if !matches!(obj.get("token_estimate"), Some(Value::Int(_))) {
        return Err("\"token_estimate\" is missing or not an integer".into());
    }
    if !matches!(obj.get("sanitized"), Some(Value::Bool(_))) {
        return Err("\"sanitized\" is missing or not a boolean".into());
    }
    let node = ColdNode::from_object(&obj);
    if identity::payload_sha256(&node.raw_content) != node.payload_sha256 {
        return Err("payload_sha256 is not the hash of its raw_content".into());
    }
    let projection = |policy_hash: &str| {
        Projection {
            step_id: node.step_id,
            normalized_content: &node.normalized_content,
            identifiers: &node.identifiers,
            files: &node.files,
            commands: &node.commands,
            errors: &node.errors,
            folding_policy_hash: policy_hash,
        }
        .sha256()
    };
    if !policy_hashes.iter().any(|h| projection(h) == node.projection_sha256) {
        return Err("projection_sha256 does not verify under the store's policy (nor the reference's or the default one)".into());
    }
    Ok(Verified { node })
}

/// The reason a stored file is not what it should be, for the report.
fn reason_of(e: &Error) -> String {
    e.message().to_string()
}

/// Run the repair. The caller holds the store's write lock; `policies` are the policies a node may have been
/// folded under (the store's own first); `now` names the quarantine folder.
pub async fn repair<S: Storage>(storage: &S, policies: &[Policy], now: &str) -> Result<RepairReport> {
    let mut report = RepairReport::default();
    let policy_hashes: Vec<String> = policies.iter().map(Policy::hash).collect();
    // (key, reason) of every file to move, in the order found.
    let mut to_quarantine: Vec<(String, String)> = Vec::new();

    // 1. The index as stored: kept if it is one, else rebuilt.
    let mut index = match storage.load(store::INDEX_KEY).await? {
        Some(bytes) => match RecallIndex::from_file_bytes(&bytes) {
            Ok(ix) => Some(ix),
            Err(e) => {
                to_quarantine.push((store::INDEX_KEY.to_string(), reason_of(&e)));
                None
            }
        },
        None => None,
    };
    let index_file_missing = index.is_none();

    // 2. The journal: its readable records are replayed; a damaged one is quarantined.
    let mut created_from_journal = None;
    let mut base_evictions = None;
    let mut journal_folds: Vec<(i64, BTreeMap<String, Value>)> = Vec::new();
    let mut journal_evictions: Vec<(i64, String)> = Vec::new();
    let journal_bytes = storage.load(store::JOURNAL_KEY).await?;
    if let Some(bytes) = &journal_bytes {
        let (records, bad) = journal::parse_lenient(bytes);
        for r in records {
            match r {
                Record::Header { base_evictions: b, created_at } => {
                    base_evictions = Some(b);
                    created_from_journal = created_at.or(created_from_journal);
                }
                Record::Fold { step_id, entry } => journal_folds.push((step_id, entry)),
                Record::Evict { step_id, evicted_at } => journal_evictions.push((step_id, evicted_at)),
            }
        }
        if !bad.is_empty() {
            let lines: Vec<String> = bad.iter().map(usize::to_string).collect();
            to_quarantine.push((
                store::JOURNAL_KEY.to_string(),
                format!("lines {} are not journal records (the readable ones were replayed)", lines.join(", ")),
            ));
        }
    }

    // 3. The eviction log.
    let mut log_changed = false;
    let mut log = match storage.load(store::EVICTION_LOG_KEY).await? {
        Some(bytes) => match EvictionLog::from_file_bytes(&bytes) {
            Ok(log) => log,
            Err(e) => {
                to_quarantine.push((store::EVICTION_LOG_KEY.to_string(), reason_of(&e)));
                report.notes.push(
                    "eviction_log.json was damaged: a new log was started (the old one is in quarantine); its events \
                     cannot be derived from the cold nodes"
                        .into(),
                );
                log_changed = true;
                EvictionLog::default()
            }
        },
        None => EvictionLog::default(),
    };
    if !journal_evictions.is_empty() {
        let already = log.len().saturating_sub(base_evictions.unwrap_or(log.len()));
        for (step, at) in journal_evictions.iter().skip(already) {
            log.append(*step, at);
            log_changed = true;
        }
    }
    let logged_steps: BTreeSet<i64> = log.steps().into_iter().chain(journal_evictions.iter().map(|e| e.0)).collect();

    // 4. The cold nodes.
    let prefix = format!("{}/", store::COLD_NODE_DIR);
    let resolved_dir = storage.resolve(store::COLD_NODE_DIR).await?;
    let mut verified: BTreeMap<i64, Verified> = BTreeMap::new();
    let mut failed: BTreeMap<i64, String> = BTreeMap::new();
    let mut noncanonical: Vec<(String, i64)> = Vec::new();
    for key in storage.list(&prefix).await? {
        let Some(name) = key.strip_prefix(&prefix).filter(|n| !n.contains('/')) else { continue };
        if !(name.starts_with("step_") && name.ends_with(".json")) {
            continue;
        }
        let Ok(step) = python_int(&name.replace("step_", "").replace(".json", "")) else { continue };
        let Ok(step) = i64::try_from(step) else {
            noncanonical.push((key.clone(), i64::MIN));
            continue;
        };
        if key != store::cold_node_key(step) {
            noncanonical.push((key.clone(), step));
            continue;
        }
        let resolved = storage.resolve(&key).await?;
        if store::parent(&resolved) != resolved_dir {
            failed.insert(step, format!("it resolves to {resolved}, outside cold_nodes/ (a link)"));
            to_quarantine.push((key.clone(), format!("it resolves to {resolved}, outside cold_nodes/ (a link)")));
            continue;
        }
        let Some(bytes) = storage.load(&key).await? else { continue };
        match verify_node(&bytes, step, &resolved, &policy_hashes) {
            Ok(v) => {
                verified.insert(step, v);
            }
            Err(reason) => {
                failed.insert(step, reason.clone());
                to_quarantine.push((key.clone(), reason));
            }
        }
    }

    // 5. The index as it must be.
    let rebuilt = index.is_none() && (!verified.is_empty() || !failed.is_empty() || !journal_folds.is_empty() || !index_file_missing);
    report.index_rebuilt = rebuilt;
    let mut new_index = match index.take() {
        Some(ix) => ix,
        None => {
            let created = match created_from_journal.clone() {
                Some(c) => c,
                None => {
                    let earliest = verified.values().map(|v| v.node.folded_at.clone()).min();
                    if rebuilt {
                        report.notes.push(
                            "created_at is not stored in any cold node: it was set to the earliest folded_at (the \
                             reference's value unless its first fold's two clock reads fell in different seconds)"
                                .into(),
                        );
                    }
                    earliest.unwrap_or_else(|| now.to_string())
                }
            };
            RecallIndex::new(&created)
        }
    };
    if rebuilt && !logged_steps.is_empty() {
        report.notes.push("evicted flags were taken from the eviction log and the journal".into());
    } else if rebuilt && storage.load(store::EVICTION_LOG_KEY).await?.is_none() && journal_evictions.is_empty() {
        report.notes.push("no eviction log: every rebuilt entry is marked not evicted".into());
    }
    for (step, entry) in journal_folds {
        if new_index.get(step).is_none() {
            new_index.insert(step, entry);
        }
    }
    let indexed: Vec<i64> = new_index.entries_by_step().iter().map(|e| e.step_id).collect();
    for step in indexed {
        let Some(entry) = new_index.get(step) else { continue };
        let old = entry.to_object();
        let evicted = entry.evicted() || logged_steps.contains(&step);
        let file_path = entry.file_path().map(|p| p.into_owned());
        let stored_hash = entry.get("artifact_sha256").filter(Value::python_truthy);
        let Some(v) = verified.get(&step) else {
            let reason = match failed.get(&step) {
                Some(why) => format!("its cold node did not verify ({why}) and was moved to quarantine"),
                None => "its cold node is missing (nothing to recover)".to_string(),
            };
            report.dropped.push(DroppedEntry { step_id: step, reason });
            new_index.remove(step);
            continue;
        };
        // A hash of another type in the entry is damage to the entry (rewritten below), not to the node.
        if let Some(Value::Str(h)) = &stored_hash {
            if *h != v.node.artifact_sha256 {
                let key = store::cold_node_key(step);
                to_quarantine.push((
                    key,
                    format!(
                        "its artifact_sha256 {} is not the one the index holds ({h}): the node changed after it was indexed",
                        v.node.artifact_sha256
                    ),
                ));
                report.dropped.push(DroppedEntry { step_id: step, reason: "its cold node changed after it was indexed and was moved to quarantine".into() });
                new_index.remove(step);
                verified.remove(&step);
                continue;
            }
        }
        let contained = containment::resolve_cold_node_path(storage, step, file_path.as_deref()).await.is_ok();
        let mut derived = v.node.index_entry_object(&store::cold_node_key(step));
        derived.insert("evicted".into(), Value::Bool(evicted));
        if !contained || derived != old {
            new_index.insert(step, derived);
            report.rewritten.push(step);
        }
    }
    for (step, v) in &verified {
        if new_index.get(*step).is_none() {
            let mut derived = v.node.index_entry_object(&store::cold_node_key(*step));
            derived.insert("evicted".into(), Value::Bool(logged_steps.contains(step)));
            new_index.insert(*step, derived);
            report.reindexed.push(*step);
        }
    }
    // A file at a non-canonical name whose number is not indexed is what validate calls an orphan: it cannot be
    // indexed where it is (containment wants the canonical name).
    for (key, step) in noncanonical {
        if step == i64::MIN || !new_index.has_step(i128::from(step)) {
            to_quarantine.push((key, "a step file at a non-canonical name whose step is not indexed".into()));
        }
    }
    report.entries = new_index.len() as i64;

    let journal_present = journal_bytes.is_some();
    report.changed = !to_quarantine.is_empty()
        || rebuilt
        || !report.reindexed.is_empty()
        || !report.rewritten.is_empty()
        || !report.dropped.is_empty()
        || log_changed;
    if !report.changed {
        return Ok(report);
    }

    // 6. Write: quarantine first (moves, never removals), then the log, the index; the journal is folded in.
    let mut dir = format!("{QUARANTINE_DIR}/{}", now.replace(':', ""));
    let mut n = 1;
    while !storage.list(&format!("{dir}/")).await?.is_empty() {
        n += 1;
        dir = format!("{QUARANTINE_DIR}/{}-{n}", now.replace(':', ""));
    }
    let mut moved_keys = BTreeSet::new();
    for (key, reason) in to_quarantine {
        if !moved_keys.insert(key.clone()) {
            continue;
        }
        let rel = key.strip_prefix(&format!("{}/", store::FOLD_DIR)).unwrap_or(&key).to_string();
        let to = format!("{dir}/{rel}");
        storage.rename(&key, &to).await.map_err(|e| storage_context(e, &format!("repair: cannot move {key} to {to}")))?;
        report.quarantined.push(QuarantinedFile { file: key, moved_to: to, reason });
    }
    if log_changed || (journal_present && !log.is_empty()) {
        storage.save(store::EVICTION_LOG_KEY, &log.to_file_bytes()).await.map_err(|e| storage_context(e, "repair: cannot write the eviction log"))?;
    }
    if !new_index.is_empty() || !index_file_missing || rebuilt {
        let mut writer = new_index.file_writer();
        crate::store::write_chunked(storage, store::INDEX_KEY, || writer.next_chunk(4 << 20))
            .await
            .map_err(|e| storage_context(e, "repair: cannot write the index"))?;
    }
    if journal_present && !moved_keys.contains(store::JOURNAL_KEY) {
        storage.remove(store::JOURNAL_KEY).await.map_err(|e| storage_context(e, "repair: cannot remove the journal"))?;
    }
    // The binary snapshot is a cache of the old index: drop it (the next checkpoint writes a new one).
    let _ = storage.remove(store::SNAPSHOT_KEY).await;
    report.quarantine_dir = Some(dir.clone());
    let mut doc = json::to_pretty(&report_value(&report));
    doc.push(b'\n');
    storage.save(&format!("{dir}/report.json"), &doc).await.map_err(|e| storage_context(e, "repair: cannot write the report"))?;
    Ok(report)
}

fn storage_context(e: Error, what: &str) -> Error {
    if e.code() == ErrorCode::Storage {
        Error::storage(format!("{what}: {}", e.message()))
    } else {
        e
    }
}

/// The report as JSON (snake_case keys, as the store's other files).
fn report_value(r: &RepairReport) -> Value {
    let mut m = BTreeMap::new();
    let ints = |v: &[i64]| Value::Array(v.iter().map(|&s| Value::from(s)).collect());
    m.insert("index_rebuilt".into(), Value::Bool(r.index_rebuilt));
    m.insert("reindexed".into(), ints(&r.reindexed));
    m.insert("rewritten".into(), ints(&r.rewritten));
    m.insert(
        "dropped".into(),
        Value::Array(
            r.dropped
                .iter()
                .map(|d| {
                    let mut o = BTreeMap::new();
                    o.insert("step_id".into(), Value::from(d.step_id));
                    o.insert("reason".into(), Value::from(d.reason.as_str()));
                    Value::Object(o)
                })
                .collect(),
        ),
    );
    m.insert(
        "quarantined".into(),
        Value::Array(
            r.quarantined
                .iter()
                .map(|q| {
                    let mut o = BTreeMap::new();
                    o.insert("file".into(), Value::from(q.file.as_str()));
                    o.insert("moved_to".into(), Value::from(q.moved_to.as_str()));
                    o.insert("reason".into(), Value::from(q.reason.as_str()));
                    Value::Object(o)
                })
                .collect(),
        ),
    );
    m.insert("entries".into(), Value::from(r.entries));
    m.insert("notes".into(), Value::Array(r.notes.iter().map(|n| Value::from(n.as_str())).collect()));
    Value::Object(m)
}
