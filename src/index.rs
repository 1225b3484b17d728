//! The recall index (`recall_index.json`, spec §2.4) and the eviction log (§2.5), held in memory.
//!
//! Each entry keeps its parsed JSON object as read or written, so the file is rewritten byte for byte as the
//! reference would (extra keys included), plus what scan and recall need, computed once: the node's term set
//! (§4.7) as interned term ids, and a term → entries inverted map. So scan never re-reads or re-tokenises the
//! index per call, which is what the reference does.

use std::collections::{BTreeMap, HashMap};

use crate::error::{Error, ErrorCode, Result};
use crate::extract;
use crate::identity::{IPCF_VERSION, PROJECTION_VERSION};
use crate::json::{self, Value};

/// Dense id of an interned term.
pub type TermId = u32;

/// One index entry: the on-disk object and the derived fields the algorithms use.
#[derive(Debug, Clone)]
pub struct Entry {
    /// `int(key)`: the step id the entry is filed under.
    pub step_id: i64,
    /// The object exactly as it is (or will be) in the file.
    pub raw: BTreeMap<String, Value>,
    /// Sorted, deduplicated term ids of identifiers ∪ fold(files) ∪ fold(errors) (§4.7).
    pub terms: Vec<TermId>,
    /// Sorted term ids of `identifiers(NFC(summary))`, which recall scores double (§6).
    pub summary_terms: Vec<TermId>,
}

impl Entry {
    fn str_field(&self, key: &str) -> Option<&str> {
        self.raw.get(key).and_then(Value::as_str)
    }

    /// `summary`, or "" when missing.
    pub fn summary(&self) -> &str {
        self.str_field("summary").unwrap_or("")
    }

    /// `entry.get("token_estimate", 0)`; bools count as 0/1 as in Python.
    pub fn token_estimate(&self) -> i64 {
        self.raw.get("token_estimate").and_then(Value::python_int).map_or(0, clamp_i64)
    }

    pub fn evicted(&self) -> bool {
        self.raw.get("evicted").is_some_and(Value::python_truthy)
    }

    /// `file_path`, `None` when missing or not a string.
    pub fn file_path(&self) -> Option<&str> {
        self.str_field("file_path")
    }

    pub fn artifact_sha256(&self) -> Option<&str> {
        self.str_field("artifact_sha256")
    }

    pub fn payload_sha256(&self) -> &str {
        self.str_field("payload_sha256").unwrap_or("")
    }

    pub fn projection_sha256(&self) -> &str {
        self.str_field("projection_sha256").unwrap_or("")
    }

    pub fn folded_at(&self) -> &str {
        self.str_field("folded_at").unwrap_or("")
    }

    /// A string-list field (`identifiers`, `files`, `commands`, `errors`); missing counts as empty.
    pub fn list(&self, key: &str) -> Vec<String> {
        self.raw.get(key).and_then(Value::as_str_vec).unwrap_or_default()
    }
}

/// Saturate a Python int into i64 (token counts beyond that are meaningless, but must not overflow).
pub(crate) fn clamp_i64(i: i128) -> i64 {
    i.clamp(i128::from(i64::MIN), i128::from(i64::MAX)) as i64
}

/// The recall index with its inverted map.
#[derive(Debug, Clone, Default)]
pub struct RecallIndex {
    /// Top-level keys other than `nodes`, as in the file (`created_at`, versions, anything else).
    top: BTreeMap<String, Value>,
    /// Entries by index key (`str(step_id)`), in key order as the file lists them.
    entries: BTreeMap<String, Entry>,
    /// Key of each step id (several keys may parse to one int in a hand-edited file; the last one wins here).
    by_step: BTreeMap<i64, String>,
    term_ids: HashMap<String, TermId>,
    /// For each term id, the step ids whose term set carries it.
    postings: Vec<Vec<i64>>,
    /// For each term id, the step ids whose summary carries it but whose term set does not (only possible in a
    /// hand-edited index; kept so that recall finds every node the reference finds).
    summary_only: HashMap<TermId, Vec<i64>>,
}

impl RecallIndex {
    /// A new, empty index, as `load_index()` makes it when the file does not exist (`created_at` = now).
    pub fn new(created_at: &str) -> Self {
        let mut top = BTreeMap::new();
        top.insert("created_at".to_string(), Value::from(created_at));
        top.insert("ipcf_version".to_string(), Value::from(IPCF_VERSION));
        top.insert("projection_version".to_string(), Value::from(PROJECTION_VERSION));
        RecallIndex { top, ..Default::default() }
    }

    /// Parse `recall_index.json`. A file the reference could not work with (not an object, `nodes` not an
    /// object, a key that is not an int, lists that are not lists of strings) is an integrity error.
    pub fn from_file_bytes(bytes: &[u8]) -> Result<Self> {
        let bad = |msg: String| Error::new(ErrorCode::IntegrityCheck, format!("recall_index.json: {msg}"));
        let value = json::parse(bytes).map_err(|e| bad(format!("not valid JSON: {}", e.message)))?;
        let Value::Object(mut top) = value else {
            return Err(bad(format!("must be a JSON object, not {}", value.type_name())));
        };
        let nodes = match top.remove("nodes") {
            None => BTreeMap::new(),
            Some(Value::Object(m)) => m,
            Some(other) => return Err(bad(format!("\"nodes\" must be an object, not {}", other.type_name()))),
        };
        let mut index = RecallIndex { top, ..Default::default() };
        for (key, value) in nodes {
            let step_id = python_int(&key)
                .and_then(|i| i64::try_from(i).ok())
                .ok_or_else(|| bad(format!("node key {key:?} is not an integer step id")))?;
            let Value::Object(raw) = value else {
                return Err(bad(format!("node {key:?} must be an object, not {}", value.type_name())));
            };
            for field in ["identifiers", "files", "errors", "commands"] {
                if let Some(v) = raw.get(field) {
                    if v.as_str_vec().is_none() {
                        return Err(bad(format!("node {key:?}: \"{field}\" must be a list of strings")));
                    }
                }
            }
            index.put(key, step_id, raw);
        }
        Ok(index)
    }

    /// `json.dump(index, indent=2, sort_keys=True, ensure_ascii=False)`.
    pub fn to_file_bytes(&self) -> Vec<u8> {
        let mut top = self.top.clone();
        let nodes: BTreeMap<String, Value> =
            self.entries.iter().map(|(k, e)| (k.clone(), Value::Object(e.raw.clone()))).collect();
        top.insert("nodes".to_string(), Value::Object(nodes));
        json::to_pretty(&Value::Object(top))
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// `str(step_id) in index["nodes"]`.
    pub fn contains_key_of(&self, step_id: i64) -> bool {
        self.entries.contains_key(&step_id.to_string())
    }

    /// The entry filed under `str(step_id)` (what `index["nodes"].get(str(step_id))` finds).
    pub fn get(&self, step_id: i64) -> Option<&Entry> {
        self.entries.get(&step_id.to_string())
    }

    /// Entries in file order (keys sorted as strings).
    pub fn entries(&self) -> impl Iterator<Item = &Entry> {
        self.entries.values()
    }

    /// Entries sorted by int step id (status, validate).
    pub fn entries_by_step(&self) -> Vec<&Entry> {
        let mut v: Vec<&Entry> = self.entries.values().collect();
        v.sort_by_key(|e| e.step_id);
        v
    }

    /// Whether some entry's key parses to `step_id` (validate's orphan check compares ints).
    pub fn has_step(&self, step_id: i128) -> bool {
        i64::try_from(step_id).is_ok_and(|s| self.by_step.contains_key(&s))
    }

    /// Insert or replace the entry for `step_id` under `str(step_id)`.
    pub fn insert(&mut self, step_id: i64, raw: BTreeMap<String, Value>) {
        self.put(step_id.to_string(), step_id, raw);
    }

    /// Set `evicted = true` on the entry of `step_id`; false if there is none.
    pub fn mark_evicted(&mut self, step_id: i64) -> bool {
        match self.entries.get_mut(&step_id.to_string()) {
            Some(e) => {
                e.raw.insert("evicted".to_string(), Value::Bool(true));
                true
            }
            None => false,
        }
    }

    /// Set the `evicted` flag of a step's entry (used to undo an eviction whose write failed).
    pub fn set_evicted(&mut self, step_id: i64, evicted: bool) {
        if let Some(e) = self.entries.get_mut(&step_id.to_string()) {
            e.raw.insert("evicted".to_string(), Value::Bool(evicted));
        }
    }

    fn put(&mut self, key: String, step_id: i64, raw: BTreeMap<String, Value>) {
        self.remove_key(&key);
        let mut entry = Entry { step_id, raw, terms: Vec::new(), summary_terms: Vec::new() };
        let terms = extract::node_terms(&entry.list("identifiers"), &entry.list("files"), &entry.list("errors"));
        entry.terms = terms.into_iter().map(|t| self.intern(t)).collect();
        entry.terms.sort_unstable();
        entry.summary_terms = extract::identifiers(entry.summary()).into_iter().map(|t| self.intern(t)).collect();
        entry.summary_terms.sort_unstable();
        for &t in &entry.terms {
            self.postings[t as usize].push(step_id);
        }
        for &t in &entry.summary_terms {
            if entry.terms.binary_search(&t).is_err() {
                self.summary_only.entry(t).or_default().push(step_id);
            }
        }
        self.by_step.insert(step_id, key.clone());
        self.entries.insert(key, entry);
    }

    /// Remove the entry filed under `str(step_id)` (used to undo a fold whose index write failed).
    pub fn remove(&mut self, step_id: i64) {
        self.remove_key(&step_id.to_string());
    }

    fn remove_key(&mut self, key: &str) {
        let Some(old) = self.entries.remove(key) else { return };
        for &t in &old.terms {
            if let Some(list) = self.postings.get_mut(t as usize) {
                list.retain(|&s| s != old.step_id);
            }
        }
        for &t in &old.summary_terms {
            if let Some(list) = self.summary_only.get_mut(&t) {
                list.retain(|&s| s != old.step_id);
            }
        }
        if self.by_step.get(&old.step_id).is_some_and(|k| k == key) {
            self.by_step.remove(&old.step_id);
        }
    }

    /// Step ids whose summary carries a term their term set lacks.
    pub fn summary_only_postings(&self, term: TermId) -> &[i64] {
        self.summary_only.get(&term).map_or(&[], Vec::as_slice)
    }

    /// Set a top-level key (e.g. `created_at` when the first fold creates the file).
    pub fn set_top(&mut self, key: &str, value: Value) {
        self.top.insert(key.to_string(), value);
    }

    /// A top-level value (`created_at`, …).
    pub fn top(&self, key: &str) -> Option<&Value> {
        self.top.get(key)
    }

    /// Whether a top-level key is present.
    pub fn has_top(&self, key: &str) -> bool {
        self.top.contains_key(key)
    }

    fn intern(&mut self, term: String) -> TermId {
        if let Some(&id) = self.term_ids.get(&term) {
            return id;
        }
        let id = self.postings.len() as TermId;
        self.postings.push(Vec::new());
        self.term_ids.insert(term, id);
        id
    }

    /// The id of a term, if any entry carries it.
    pub fn term_id(&self, term: &str) -> Option<TermId> {
        self.term_ids.get(term).copied()
    }

    /// Step ids of the entries carrying a term.
    pub fn postings(&self, term: TermId) -> &[i64] {
        self.postings.get(term as usize).map_or(&[], Vec::as_slice)
    }

    /// The entry of a step id as found through the inverted map.
    pub fn by_step(&self, step_id: i64) -> Option<&Entry> {
        self.by_step.get(&step_id).and_then(|k| self.entries.get(k))
    }
}

/// Python `int(s)` for a str: surrounding whitespace, an optional sign, decimal digits of any script, single
/// underscores between digits. `None` where Python raises `ValueError` (or the value exceeds i128).
pub fn python_int(s: &str) -> Option<i128> {
    let s = crate::text::strip(s);
    let (negative, digits) = match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    if digits.is_empty() || digits.starts_with('_') || digits.ends_with('_') || digits.contains("__") {
        return None;
    }
    let mut value: i128 = 0;
    for c in digits.chars().filter(|&c| c != '_') {
        let d = crate::text::decimal_value(c)?;
        value = value.checked_mul(10)?.checked_add(i128::from(d))?;
    }
    Some(if negative { -value } else { value })
}

/// `eviction_log.json`: `{"evicted": [{"evicted_at", "step_id"}, ...]}`, only ever appended to.
#[derive(Debug, Clone, Default)]
pub struct EvictionLog {
    doc: BTreeMap<String, Value>,
}

impl EvictionLog {
    pub fn from_file_bytes(bytes: &[u8]) -> Result<Self> {
        let bad = |msg: String| Error::new(ErrorCode::IntegrityCheck, format!("eviction_log.json: {msg}"));
        match json::parse(bytes).map_err(|e| bad(format!("not valid JSON: {}", e.message)))? {
            Value::Object(doc) => match doc.get("evicted") {
                None | Some(Value::Array(_)) => Ok(EvictionLog { doc }),
                Some(other) => Err(bad(format!("\"evicted\" must be a list, not {}", other.type_name()))),
            },
            other => Err(bad(format!("must be a JSON object, not {}", other.type_name()))),
        }
    }

    pub fn append(&mut self, step_id: i64, evicted_at: &str) {
        let mut event = BTreeMap::new();
        event.insert("evicted_at".to_string(), Value::from(evicted_at));
        event.insert("step_id".to_string(), Value::from(step_id));
        let list = self.doc.entry("evicted".to_string()).or_insert_with(|| Value::Array(Vec::new()));
        if let Value::Array(items) = list {
            items.push(Value::Object(event));
        }
    }

    pub fn to_file_bytes(&self) -> Vec<u8> {
        let mut doc = self.doc.clone();
        doc.entry("evicted".to_string()).or_insert_with(|| Value::Array(Vec::new()));
        json::to_pretty(&Value::Object(doc))
    }

    /// Number of events.
    pub fn len(&self) -> usize {
        self.doc.get("evicted").and_then(Value::as_array).map_or(0, Vec::len)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn python_int_accepts_what_python_accepts() {
        assert_eq!(python_int("000999"), Some(999));
        assert_eq!(python_int("+5"), Some(5));
        assert_eq!(python_int(" 7\n"), Some(7));
        assert_eq!(python_int("1_0_0"), Some(100));
        assert_eq!(python_int("-00005"), Some(-5));
        assert_eq!(python_int("١٢٣"), Some(123));
        for bad in ["", "abc", "_1", "1_", "1__0", "+", "1.0", "0x10", "- 5"] {
            assert_eq!(python_int(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn index_round_trips_and_inverts() {
        let mut idx = RecallIndex::new("2026-01-01T00:00:00Z");
        let mut raw = BTreeMap::new();
        raw.insert("identifiers".to_string(), Value::from(vec!["port".to_string(), "db".to_string()]));
        raw.insert("files".to_string(), Value::from(vec!["A.py".to_string()]));
        idx.insert(37, raw.clone());
        idx.insert(5, raw);
        let bytes = idx.to_file_bytes();
        let back = RecallIndex::from_file_bytes(&bytes).unwrap();
        assert_eq!(back.to_file_bytes(), bytes);
        let t = back.term_id("a.py").unwrap();
        let mut steps = back.postings(t).to_vec();
        steps.sort();
        assert_eq!(steps, vec![5, 37]);
        assert!(RecallIndex::from_file_bytes(b"[]").is_err());
        assert!(RecallIndex::from_file_bytes(br#"{"nodes":{"x":{}}}"#).is_err());
    }
}
