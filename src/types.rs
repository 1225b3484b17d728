//! The engine's data types: what the operations take and return (cold node, index entry, hot projection, fold
//! outcome, hydrated content, eviction, status, per-call options, selection mode). They sit below every module
//! that uses them (engine, scan, recall, index, redact, report) and import only `error`, `number`, `json` and `hash`, so
//! the module graph only points down. A result made of one module's own types lives there (`ScanResult` and
//! `Turn` in `scan`, `Validation` in `validate`). camelCase in JS (tsify), snake_case on disk.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::error::{Error, Result};
use crate::json::{self, Value};
use crate::number::clamp_i64;

/// What `fold` is given (spec §5). `None` lists are extracted from the text; given lists are kept verbatim.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct FoldInput {
    /// The step's id; `None` folds as the next id, one more than the highest in the store (1 in an empty one).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(target_arch = "wasm32", tsify(optional))]
    pub step_id: Option<i64>,
    pub summary: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(target_arch = "wasm32", tsify(optional))]
    pub raw_content: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(target_arch = "wasm32", tsify(optional))]
    pub session_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(target_arch = "wasm32", tsify(optional))]
    pub files: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(target_arch = "wasm32", tsify(optional))]
    pub commands: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(target_arch = "wasm32", tsify(optional))]
    pub errors: Option<Vec<String>>,
}

/// A cold node (spec §2.3): the 18 keys of `step_NNNNNN.json`, camelCase here, snake_case on disk.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct ColdNode {
    pub step_id: i64,
    pub summary: String,
    pub raw_content: String,
    pub normalized_content: String,
    pub session_id: String,
    pub identifiers: Vec<String>,
    pub files: Vec<String>,
    pub commands: Vec<String>,
    pub errors: Vec<String>,
    pub token_estimate: i64,
    pub payload_sha256: String,
    pub projection_sha256: String,
    pub artifact_sha256: String,
    pub folded_at: String,
    pub ipcf_version: String,
    pub projection_version: String,
    pub sanitized: bool,
    pub status: String,
}

/// The JSON string literals of a node's raw and normalised content, written once for the several documents a
/// fold writes or hashes that hold them (the projection's preimage, the artifact's, the node's file): at a
/// megabyte each, escaping them is a large part of a fold. Empty (the default), every writer escapes the strings.
#[derive(Debug, Clone, Default)]
pub struct TextLiterals {
    raw: Option<Vec<u8>>,
    /// `None` with `raw` present: the normalised content is the raw content (the usual case), same literal.
    normalized: Option<Vec<u8>>,
    /// The compact JSON of the node's identifiers ([`json::strs_literal`]): tens of thousands of strings for a
    /// large payload, in three compact documents (the two preimages and the journal line).
    identifiers: Option<Vec<u8>>,
}

impl TextLiterals {
    /// The literals of `raw` and `normalized`, one of them only when the texts are equal.
    pub fn of(raw: &str, normalized: &str) -> Self {
        let same = crate::hash::same_bytes(normalized.as_bytes(), raw.as_bytes());
        let normalized = (!same).then(|| json::string_literal(normalized));
        TextLiterals { raw: Some(json::string_literal(raw)), normalized, identifiers: None }
    }

    /// These literals and the compact JSON of `identifiers`, which must be the node's own list.
    pub fn with_identifiers(self, identifiers: &[String]) -> Self {
        TextLiterals { identifiers: Some(json::strs_literal(identifiers)), ..self }
    }

    /// The compact JSON of the node's identifiers, if held.
    pub fn identifiers(&self) -> Option<&[u8]> {
        self.identifiers.as_deref()
    }

    /// [`TextLiterals::identifiers`], kept when the rest is dropped (for the fold's journal line).
    pub fn into_identifiers(self) -> Option<Vec<u8>> {
        self.identifiers
    }

    /// The literal of the normalised content, if held.
    pub fn normalized(&self) -> Option<&[u8]> {
        self.normalized.as_deref().or(self.raw.as_deref())
    }
}

impl FoldInput {
    /// A fold of `summary` as step `step_id`, the payload being the summary itself.
    pub fn new(step_id: i64, summary: impl Into<String>) -> Self {
        FoldInput { step_id: Some(step_id), summary: summary.into(), ..FoldInput::default() }
    }
}

impl ColdNode {
    /// The node as written to disk, from its fields: all 18 keys, or the 17 without `artifact_sha256` that the
    /// artifact hash covers; `indent` None is canonical JSON (for hashing), `Some(2)` the file format.
    pub fn write_json(&self, with_artifact: bool, indent: Option<usize>) -> Vec<u8> {
        self.write_json_with(with_artifact, indent, &TextLiterals::default())
    }

    /// [`ColdNode::write_json`], copying the JSON literals of the raw and normalised content (and, without indent,
    /// of the identifiers) from `texts` where it holds them (they are this node's, written by
    /// [`TextLiterals::of`] and [`TextLiterals::with_identifiers`]) instead of escaping them again.
    pub fn write_json_with(&self, with_artifact: bool, indent: Option<usize>, texts: &TextLiterals) -> Vec<u8> {
        let members = self.members(with_artifact, indent, texts);
        let ids: usize = self.identifiers.iter().map(|s| s.len() + 8).sum();
        let size = self.raw_content.len() + self.normalized_content.len() + ids + 1024;
        let mut out = Vec::with_capacity(size + size / 16);
        json::write_members(&mut out, &members, indent, 0);
        out
    }

    /// The node's `artifact_sha256`: `sha256_hex(&self.write_json_with(false, None, texts))`, hashed in parts, so
    /// that the literals `texts` holds (two megabytes for a large payload) are not copied into a preimage (feature
    /// `fast-fold`).
    #[cfg(fast_fold)]
    pub fn artifact_sha256_with(&self, texts: &TextLiterals) -> String {
        let members = self.members(false, None, texts);
        crate::identity::sha256_hex_of_parts(&json::members_in_pieces(&members, None, json::LARGE_PIECE).parts())
    }

    /// The node's file (`self.write_json_with(true, Some(2), texts)`) as [`json::Pieces`], the literals `texts`
    /// holds left where they are: a storage copies the parts straight into the array it keeps (feature
    /// `fast-fold`), instead of the engine first copying two megabytes into a buffer of its own.
    #[cfg(fast_fold)]
    pub fn file_in_pieces<'a>(&'a self, texts: &'a TextLiterals) -> json::Pieces<'a> {
        json::members_in_pieces(&self.members(true, Some(2), texts), Some(2), json::LARGE_PIECE)
    }

    /// The members [`ColdNode::write_json_with`] writes, in order.
    fn members<'a>(&'a self, with_artifact: bool, indent: Option<usize>, texts: &'a TextLiterals) -> Vec<(&'static str, json::Ref<'a>)> {
        use json::Ref;
        fn text<'a>(literal: Option<&'a [u8]>, s: &'a str) -> Ref<'a> {
            literal.map_or(Ref::Str(s), Ref::Json)
        }
        let raw = text(texts.raw.as_deref(), &self.raw_content);
        let normalized = text(texts.normalized(), &self.normalized_content);
        let mut members: Vec<(&'static str, Ref<'a>)> = Vec::with_capacity(18);
        if with_artifact {
            members.push(("artifact_sha256", Ref::Str(&self.artifact_sha256)));
        }
        members.extend([
            ("commands", Ref::Strs(&self.commands)),
            ("errors", Ref::Strs(&self.errors)),
            ("files", Ref::Strs(&self.files)),
            ("folded_at", Ref::Str(&self.folded_at)),
            ("identifiers", match (indent, texts.identifiers()) {
                (None, Some(literal)) => Ref::Json(literal),
                _ => Ref::Strs(&self.identifiers),
            }),
            ("ipcf_version", Ref::Str(&self.ipcf_version)),
            ("normalized_content", normalized),
            ("payload_sha256", Ref::Str(&self.payload_sha256)),
            ("projection_sha256", Ref::Str(&self.projection_sha256)),
            ("projection_version", Ref::Str(&self.projection_version)),
            ("raw_content", raw),
            ("sanitized", Ref::Bool(self.sanitized)),
            ("session_id", Ref::Str(&self.session_id)),
            ("status", Ref::Str(&self.status)),
            ("step_id", Ref::Int(i128::from(self.step_id))),
            ("summary", Ref::Str(&self.summary)),
            ("token_estimate", Ref::Int(i128::from(self.token_estimate))),
        ]);
        members
    }

    /// A node read back from a file. Fields of the wrong type or missing read as empty (the file was
    /// already verified, or verification is off by policy and the caller asked for what is there).
    pub fn from_object(m: &BTreeMap<String, Value>) -> Self {
        let s = |k: &str| m.get(k).and_then(Value::as_str).unwrap_or("").to_string();
        let l = |k: &str| m.get(k).and_then(Value::as_str_vec).unwrap_or_default();
        let i = |k: &str| m.get(k).and_then(Value::python_int).map_or(0, clamp_i64);
        ColdNode {
            step_id: i("step_id"),
            summary: s("summary"),
            raw_content: s("raw_content"),
            normalized_content: s("normalized_content"),
            session_id: s("session_id"),
            identifiers: l("identifiers"),
            files: l("files"),
            commands: l("commands"),
            errors: l("errors"),
            token_estimate: i("token_estimate"),
            payload_sha256: s("payload_sha256"),
            projection_sha256: s("projection_sha256"),
            artifact_sha256: s("artifact_sha256"),
            folded_at: s("folded_at"),
            ipcf_version: s("ipcf_version"),
            projection_version: s("projection_version"),
            sanitized: m.get("sanitized").is_some_and(Value::python_truthy),
            status: s("status"),
        }
    }

    /// The 15-key index entry of this node, freshly folded, stored under `key` (spec §2.4).
    pub fn index_entry_object(&self, key: &str) -> BTreeMap<String, Value> {
        let mut m = self.index_entry_object_without_identifiers(key);
        m.insert("identifiers".into(), Value::from(self.identifiers.as_slice()));
        m
    }

    /// [`ColdNode::index_entry_object`] without `identifiers`: the fold hands the index and the journal the node's
    /// own list instead of a copy. The node's keys less normalized_content, raw_content, session_id, sanitized,
    /// status, ipcf_version, plus `evicted` and `file_path`; built directly so the payload is never copied ([`crate::index::RecallIndex::insert_with_identifiers`], [`crate::journal::fold_line_with`]).
    pub fn index_entry_object_without_identifiers(&self, key: &str) -> BTreeMap<String, Value> {
        let mut m = BTreeMap::new();
        m.insert("artifact_sha256".into(), Value::from(&self.artifact_sha256));
        m.insert("commands".into(), Value::from(self.commands.as_slice()));
        m.insert("errors".into(), Value::from(self.errors.as_slice()));
        m.insert("evicted".into(), Value::Bool(false));
        m.insert("file_path".into(), Value::from(key));
        m.insert("files".into(), Value::from(self.files.as_slice()));
        m.insert("folded_at".into(), Value::from(&self.folded_at));
        self.index_entry_rest(key, m)
    }

    fn index_entry_rest(&self, _key: &str, mut m: BTreeMap<String, Value>) -> BTreeMap<String, Value> {
        m.insert("payload_sha256".into(), Value::from(&self.payload_sha256));
        m.insert("projection_sha256".into(), Value::from(&self.projection_sha256));
        m.insert("projection_version".into(), Value::from(&self.projection_version));
        m.insert("step_id".into(), Value::from(self.step_id));
        m.insert("summary".into(), Value::from(&self.summary));
        m.insert("token_estimate".into(), Value::from(self.token_estimate));
        m
    }
}

/// A recall index entry (spec §2.4), camelCase.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct IndexEntry {
    pub step_id: i64,
    pub summary: String,
    /// `None` when the entry lacks `file_path` (a damaged index; hydrate and validate report it).
    pub file_path: Option<String>,
    pub identifiers: Vec<String>,
    pub files: Vec<String>,
    pub commands: Vec<String>,
    pub errors: Vec<String>,
    pub token_estimate: i64,
    pub payload_sha256: String,
    pub projection_sha256: String,
    pub artifact_sha256: Option<String>,
    pub projection_version: String,
    pub folded_at: String,
    pub evicted: bool,
}

/// The record (snake_case keys, as the schema has them).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub struct FoldedStep {
    pub step_id: i64,
    /// When the step was folded (`folded_at`).
    pub timestamp: String,
    /// The node's files, as stored.
    pub target_files: Vec<String>,
    /// `CODE_MODIFICATION`, `COMMAND_EXECUTION`, `EXPLORATION`, `REFACTOR`, `VERIFICATION` or `OTHER`.
    pub action_type: String,
    /// The summary, at most 280 code points.
    pub summary: String,
    /// `SUCCESS`, `FAILED`, `PARTIAL` or `BLOCKED`.
    pub status: String,
    pub artifacts: FoldedStepArtifacts,
    /// The stored token estimate of the whole payload (what hydrating it in full would cost).
    pub token_estimate: i64,
}

/// Where the exact record is, and the hashes that verify it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub struct FoldedStepArtifacts {
    /// The cold node's `file_path`.
    pub cold_node_ref: String,
    pub payload_sha256: String,
    pub projection_sha256: String,
    pub artifact_sha256: String,
}

/// What a fold did: a new cold node, or nothing because the step was already indexed (§5 step 2).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(tag = "kind", rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum FoldOutcome {
    /// A new cold node, and the record that stands for it in the prompt.
    Folded { node: ColdNode, folded_step: FoldedStep },
    /// The step was already indexed: its entry and record (nothing was written).
    Duplicate { entry: IndexEntry, folded_step: FoldedStep },
}

/// The bounded content of one hydrated node (spec §8).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct Hydrated {
    pub step_id: i64,
    /// `raw_content`, cut to the per-call cap when it exceeds it.
    pub content: String,
    /// The full, verified payload.
    pub raw_content: String,
    /// Tokens of `content` (the bounded estimate).
    pub token_estimate: i64,
    pub truncated: bool,
    /// The per-call cap in force (`max_rehydration_tokens_per_call`).
    pub cap: i64,
    pub payload_sha256: String,
    pub artifact_sha256: String,
    pub summary: String,
    /// Policy `scope` and `eviction_trigger` as Python prints them (for the console report).
    pub scope: String,
    pub eviction_trigger: String,
}

/// One eviction event (spec §11).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct Eviction {
    pub step_id: i64,
    pub evicted_at: String,
}

/// One node line of `status`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct StatusNode {
    pub step_id: i64,
    pub token_estimate: i64,
    pub evicted: bool,
    pub summary: String,
}

/// Counts of the index (spec §12), plus what the status screen shows.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct Status {
    pub total: i64,
    pub active: i64,
    pub evicted: i64,
    pub total_tokens: i64,
    /// Absolute path of `.contextfold` and of the index, as the host names them.
    pub storage_dir: String,
    pub index_path: String,
    /// Policy fields as Python prints them.
    pub policy_version: String,
    pub max_tokens_per_call: String,
    pub scope: String,
    pub eviction_trigger: String,
    /// Every node, by step id.
    pub nodes: Vec<StatusNode>,
}

/// Per-call choices of a scan or a turn (`scan`, `before_turn`); the defaults are the policy's.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TurnOptions {
    /// The turn budget for this call in place of the policy's `max_rehydration_tokens_per_turn` (the per-call
    /// cap stays the policy's).
    pub turn_budget: Option<i64>,
    /// Steps already in the model's context (e.g. injected earlier and not yet compacted away): when the
    /// selection picks one, it answers its terms at cost 0 and is not hydrated (`ScanResult::in_context`).
    pub in_context: Vec<i64>,
    /// The selection mode when the policy names none (no `selection` key): how the hooks and integrations use
    /// ranked selection on a store made before the key existed. A policy's `selection` key always wins.
    pub default_selection: Option<Selection>,
    /// The host's cap on the text it injects, in UTF-16 code units (a hook's `maxChars`). With it, `ranked-v2`'s
    /// excerpts also show the lines around their best lines, in order, as long as the text stays under the cap
    /// (estimated from the content and each block's summary) and the turn within its budget; without it they show
    /// their best lines only.
    pub max_chars: Option<i64>,
}

/// A selection mode (policy key `selection`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Selection {
    /// The reference's RGSC scan (spec §7), byte for byte: exact terms, equal weights, ties to the newest step.
    #[default]
    Reference,
    /// Ranked selection, version 1 (`crate::rank`): the whole index read per prompt, so stores of at most
    /// `rank::MAX_ENTRIES` entries (larger ones get the reference selection).
    RankedV1,
    /// Ranked selection, version 2 (`crate::rank::v2`): from the postings of the prompt's word forms, any size.
    RankedV2,
}

impl Selection {
    /// Every mode of this build, the reference's first. `ranked-v2` is in every native build and in the wasm builds
    /// with the feature `ranked-v2` (the Node package's, through `cli`); the browser and bundler builds leave it out
    /// for size, and refuse its name as an unknown mode.
    #[cfg(ranked_v2)]
    pub const ALL: &'static [Selection] = &[Selection::Reference, Selection::RankedV1, Selection::RankedV2];
    #[cfg(not(ranked_v2))]
    pub const ALL: &'static [Selection] = &[Selection::Reference, Selection::RankedV1];

    /// The name the policy file uses.
    pub fn name(self) -> &'static str {
        match self {
            Selection::Reference => "ipcf-projection-v2",
            Selection::RankedV1 => "ranked-v1",
            Selection::RankedV2 => "ranked-v2",
        }
    }

    /// The mode of a name, `None` when unknown.
    pub fn from_name(name: &str) -> Option<Selection> {
        Selection::ALL.iter().copied().find(|s| s.name() == name)
    }

    /// The mode of a name, or an `INVALID_INPUT` error naming the known ones (`what` says where the
    /// name came from).
    pub fn parse(name: &str, what: &str) -> Result<Selection> {
        Selection::from_name(name).ok_or_else(|| {
            Error::invalid_input(format!(
                "{what}: unknown selection mode {name:?} (known: {})",
                Selection::ALL.iter().map(|s| format!("\"{}\"", s.name())).collect::<Vec<_>>().join(", ")
            ))
        })
    }
}

#[cfg(fast_fold)]
impl TextLiterals {
    /// [`TextLiterals::of`] when the caller knows whether the two texts are equal (`same`), sparing the compare.
    pub fn of_known(raw: &str, normalized: &str, same: bool) -> Self {
        debug_assert_eq!(same, normalized == raw);
        let normalized = (!same).then(|| json::string_literal(normalized));
        TextLiterals { raw: Some(json::string_literal(raw)), normalized, identifiers: None }
    }
}

#[cfg(all(test, fast_fold))]
mod tests {
    use super::*;
    use crate::identity::sha256_hex;

    /// An ASCII text is its own NFC, and its normalised form (`rstrip`) equals it exactly when `rstrip` kept its
    /// length: the literals a fold writes for an ASCII payload without the megabyte compare equal the compared
    /// ones, on random ASCII texts with and without trailing whitespace (and around the 32-byte ASCII test).
    #[test]
    fn literals_of_an_ascii_payload_known_equal_by_length_equal_the_compared_literals() {
        let pieces = ["a", "Z", " ", "\n", "\t", "\r", "\"", "\\", "\u{1}", "\u{7f}", "word ", "x\n\n"];
        let mut next = crate::test_rng::below(0x9e37_79b9_7f4a_7c15);
        for _ in 0..2000 {
            let raw: String = (0..next(80)).map(|_| pieces[next(pieces.len())]).collect();
            assert!(crate::text::swar::is_ascii(raw.as_bytes()));
            assert_eq!(crate::text::nfc(&raw), raw);
            let normalized = crate::text::rstrip(&raw).to_string();
            let known = TextLiterals::of_known(&raw, &normalized, normalized.len() == raw.len());
            assert_eq!(format!("{known:?}"), format!("{:?}", TextLiterals::of(&raw, &normalized)), "{raw:?}");
        }
    }

    #[test]
    fn the_artifact_hash_in_parts_equals_the_hash_of_the_canonical_node() {
        let texts = crate::identity::tests::edge_texts();
        for raw in &texts {
            for normalized in [raw.clone(), raw.trim_end().to_string(), format!("{raw}\u{e9}")] {
                let identifiers = crate::extract::identifiers(raw);
                let node = ColdNode {
                    step_id: 3,
                    summary: "sum \"mary\" ü".into(),
                    raw_content: raw.clone(),
                    normalized_content: normalized.clone(),
                    session_id: "default-session".into(),
                    identifiers: identifiers.clone(),
                    files: vec!["a.rs".into()],
                    commands: vec!["$ ls \\".into()],
                    errors: vec![],
                    token_estimate: 12,
                    payload_sha256: "ab".into(),
                    projection_sha256: "cd".into(),
                    artifact_sha256: String::new(),
                    folded_at: "2026-01-01T00:00:00Z".into(),
                    ipcf_version: "1.1".into(),
                    projection_version: "ipcf-projection-v2".into(),
                    sanitized: true,
                    status: "cold".into(),
                };
                let expected = sha256_hex(&node.write_json(false, None));
                let literals = TextLiterals::of(raw, &normalized);
                assert_eq!(node.artifact_sha256_with(&literals), expected, "{raw:?}");
                let literals = literals.with_identifiers(&identifiers);
                assert_eq!(sha256_hex(&node.write_json_with(false, None, &literals)), expected);
                assert_eq!(node.artifact_sha256_with(&literals), expected, "{raw:?}");
                assert_eq!(node.artifact_sha256_with(&TextLiterals::default()), expected, "{raw:?}");
                assert_eq!(node.file_in_pieces(&literals).concat(), node.write_json(true, Some(2)), "{raw:?}");
            }
        }
    }
}
