//! The index journal: an append-only record of folds and evictions since the last checkpoint, so that one more
//! fold costs a cold-node write plus one appended line instead of rewriting the whole `recall_index.json`
//! (which the reference does, making N folds O(N²)).
//!
//! `.contextfold/recall_index.journal` holds one canonical-JSON object per line:
//! - a header `{"base_evictions":E,"created_at":…,"journal":"contextfold-index-journal/1"}`: the eviction log's
//!   length when the journal was started, so a checkpoint interrupted after it rewrote the log does not log events
//!   twice, and (while `recall_index.json` does not exist yet) the index's `created_at`;
//! - `{"entry":{…15-key index entry…},"op":"fold"}`;
//! - `{"evicted_at":"…","op":"evict","step_id":N}`.
//!
//! A checkpoint writes `eviction_log.json`, then `recall_index.json` (both exactly as the reference would have
//! written them after the same operations), then removes the journal. Replaying a journal is idempotent, so a
//! crash at any point loses nothing that was acknowledged. A last line without its newline (a torn append) is
//! ignored.

use std::collections::BTreeMap;

use crate::error::{Error, ErrorCode, Result};
use crate::json::{self, Value};

pub const JOURNAL_FORMAT: &str = "contextfold-index-journal/1";

/// One journal record.
#[derive(Debug, Clone, PartialEq)]
pub enum Record {
    Header { base_evictions: usize, created_at: Option<String> },
    Fold { step_id: i64, entry: BTreeMap<String, Value> },
    Evict { step_id: i64, evicted_at: String },
}

impl Record {
    /// The record as one line: canonical JSON and `\n`.
    pub fn to_line(&self) -> Vec<u8> {
        let mut m = BTreeMap::new();
        match self {
            Record::Header { base_evictions, created_at } => {
                m.insert("base_evictions".to_string(), Value::from(*base_evictions));
                if let Some(c) = created_at {
                    m.insert("created_at".to_string(), Value::from(c));
                }
                m.insert("journal".to_string(), Value::from(JOURNAL_FORMAT));
            }
            Record::Fold { entry, .. } => return fold_line(entry),
            Record::Evict { step_id, evicted_at } => {
                m.insert("evicted_at".to_string(), Value::from(evicted_at));
                m.insert("op".to_string(), Value::from("evict"));
                m.insert("step_id".to_string(), Value::from(*step_id));
            }
        }
        let mut line = json::to_canonical(&Value::Object(m));
        line.push(b'\n');
        line
    }

    fn from_value(v: Value) -> Option<Record> {
        let Value::Object(mut m) = v else { return None };
        if m.get("journal").and_then(Value::as_str) == Some(JOURNAL_FORMAT) {
            let base = m.get("base_evictions").and_then(Value::as_i128)?;
            let created_at = m.get("created_at").and_then(Value::as_str).map(str::to_string);
            return Some(Record::Header { base_evictions: usize::try_from(base).ok()?, created_at });
        }
        match m.get("op").and_then(Value::as_str)? {
            "fold" => match m.remove("entry")? {
                Value::Object(entry) => {
                    let step_id = entry.get("step_id").and_then(Value::as_i64)?;
                    Some(Record::Fold { step_id, entry })
                }
                _ => None,
            },
            "evict" => Some(Record::Evict {
                step_id: m.get("step_id").and_then(Value::as_i64)?,
                evicted_at: m.get("evicted_at").and_then(Value::as_str)?.to_string(),
            }),
            _ => None,
        }
    }
}

/// The line of `Record::Fold { entry, .. }`, written without copying the entry.
pub fn fold_line(entry: &BTreeMap<String, Value>) -> Vec<u8> {
    // Canonical JSON of {"entry": entry, "op": "fold"} (keys in that order) and `\n`.
    let mut line = Vec::with_capacity(4096);
    line.extend_from_slice(b"{\"entry\":");
    json::write_canonical_object(&mut line, entry);
    line.extend_from_slice(b",\"op\":\"fold\"}\n");
    line
}

/// [`fold_line`] of `entry` with `identifiers` added (given apart, borrowed: see
/// [`crate::types::ColdNode::index_entry_object_without_identifiers`]). The same bytes as `fold_line` of the
/// whole entry.
///
/// `literal`, when given, is [`json::strs_literal`] of `identifiers` (written once for the fold's documents).
pub fn fold_line_with(entry: &BTreeMap<String, Value>, identifiers: &[String], literal: Option<&[u8]>) -> Vec<u8> {
    let ids = || literal.map_or(json::Ref::Strs(identifiers), json::Ref::Json);
    let mut members: Vec<(&str, json::Ref<'_>)> = Vec::with_capacity(entry.len() + 1);
    let mut placed = false;
    for (k, v) in entry {
        if !placed && k.as_str() > "identifiers" {
            members.push(("identifiers", ids()));
            placed = true;
        }
        if k == "identifiers" {
            continue;
        }
        members.push((k.as_str(), json::Ref::Value(v)));
    }
    if !placed {
        members.push(("identifiers", ids()));
    }
    let mut line = Vec::with_capacity(4096 + identifiers.iter().map(|s| s.len() + 3).sum::<usize>());
    line.extend_from_slice(b"{\"entry\":");
    json::write_members(&mut line, &members, None, 0);
    line.extend_from_slice(b",\"op\":\"fold\"}\n");
    line
}

/// The records of the complete lines of a journal that parse, and the numbers (1-based) of those that do not: what
/// `repair` salvages from a damaged journal.
pub fn parse_lenient(bytes: &[u8]) -> (Vec<Record>, Vec<usize>) {
    let mut records = Vec::new();
    let mut bad = Vec::new();
    let complete = match bytes.iter().rposition(|&b| b == b'\n') {
        Some(i) => &bytes[..=i],
        None => &[][..],
    };
    for (n, line) in complete.split(|&b| b == b'\n').enumerate() {
        if line.is_empty() {
            continue;
        }
        match json::parse(line).ok().and_then(Record::from_value) {
            Some(r) => records.push(r),
            None => bad.push(n + 1),
        }
    }
    (records, bad)
}

/// The records of a journal file. A torn last line is dropped; any other bad line is an integrity error,
/// because skipping it could silently lose a fold.
pub fn parse(bytes: &[u8]) -> Result<Vec<Record>> {
    let (records, bad) = parse_lenient(bytes);
    match bad.first() {
        None => Ok(records),
        Some(n) => Err(Error::new(
            ErrorCode::IntegrityCheck,
            format!("recall_index.journal: line {n} is not a journal record. {}", crate::index::REPAIR_HINT),
        )),
    }
}

/// Check the bytes after a journal's last newline. An append cut short leaves the start of a record line there
/// (`{` then JSON text, maybe ending inside a UTF-8 sequence), which is dropped; anything else (bytes no record
/// line starts with, a control byte, invalid UTF-8) is damage, an integrity error: dropping it could hide the
/// records it replaced.
pub fn check_tail(tail: &[u8]) -> Result<()> {
    let text_ok = match std::str::from_utf8(tail) {
        Ok(_) => true,
        // Cut inside the last character: the bytes before it are UTF-8.
        Err(e) => e.error_len().is_none(),
    };
    if tail.is_empty() || (tail[0] == b'{' && text_ok && !tail.iter().any(|&b| b < 0x20)) {
        return Ok(());
    }
    Err(Error::new(ErrorCode::IntegrityCheck, "recall_index.journal: its last line is neither a record nor the start of one"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fold_line_with_identifiers_given_apart_is_the_fold_line_of_the_whole_entry() {
        let ids = |n: usize| (0..n).map(|k| format!("id{k}\u{e9}\"")).collect::<Vec<String>>();
        // Entries with keys before and after `identifiers`, or only on one side of it, or none.
        let full: Vec<(&str, Value)> = vec![
            ("artifact_sha256", Value::from("ab")),
            ("files", Value::from(vec!["a/b.py".to_string()])),
            ("folded_at", Value::from("2026-01-01T00:00:00Z")),
            ("payload_sha256", Value::from("cd")),
            ("step_id", Value::from(3)),
            ("summary", Value::from("s \n")),
        ];
        for keep in [0..6, 0..3, 3..6, 0..0] {
            for n in [0, 1, 70] {
                let rest: BTreeMap<String, Value> = full[keep.clone()].iter().map(|(k, v)| (k.to_string(), v.clone())).collect();
                let mut whole = rest.clone();
                whole.insert("identifiers".into(), Value::from(ids(n).as_slice()));
                assert_eq!(fold_line_with(&rest, &ids(n), None), fold_line(&whole), "{keep:?} {n}");
                let literal = json::strs_literal(&ids(n));
                assert_eq!(fold_line_with(&rest, &ids(n), Some(&literal)), fold_line(&whole), "{keep:?} {n}");
            }
        }
    }

    #[test]
    fn records_round_trip_and_torn_lines_are_dropped() {
        let mut entry = BTreeMap::new();
        entry.insert("step_id".to_string(), Value::from(7));
        let records = vec![
            Record::Header { base_evictions: 3, created_at: Some("2026-01-01T00:00:00Z".into()) },
            Record::Fold { step_id: 7, entry },
            Record::Evict { step_id: 7, evicted_at: "2026-01-01T00:00:00Z".into() },
        ];
        let mut bytes: Vec<u8> = records.iter().flat_map(Record::to_line).collect();
        assert_eq!(parse(&bytes).unwrap(), records);
        bytes.extend_from_slice(b"{\"op\":\"fo");
        assert_eq!(parse(&bytes).unwrap(), records);
        assert!(parse(b"garbage\n").is_err());
    }

    #[test]
    fn a_torn_tail_is_the_start_of_a_record_anything_else_is_damage() {
        assert!(check_tail(b"").is_ok());
        assert!(check_tail(b"{\"entry\":{\"summary\":\"caf\xc3").is_ok());
        assert!(check_tail(&[0xff; 16]).is_err());
        assert!(check_tail(b"garbage").is_err());
        assert!(check_tail(b"{\"op\":\x00").is_err());
        assert!(check_tail(b"{\xff\"").is_err());
    }
}
