//! The hydration policy (spec §2.6). If `hydration_policy.json` exists, its whole parsed content is the
//! policy (extra keys count, missing keys are not filled in); lookups fall back to the defaults like Python's
//! `dict.get`. A value of the wrong type is an [`ErrorCode::InvalidInput`] where the reference would crash.
//!
//! Two named policies: [`Policy::reference`], the reference's `DEFAULT_POLICY` (what a store without a policy
//! file that already has an index reads, and what strict reference behaviour uses), and [`Policy::safe_default`],
//! the same plus `"redaction": "secrets-v2"`, which a store created by this package gets written at its first
//! write. Keys of ours (`redaction`) change nothing for the reference, which ignores unknown keys; they do
//! change `folding_policy_hash`, which covers the whole policy.

use crate::error::{Error, Result};
use crate::identity::sha256_hex;
use crate::json::{self, Value};
use crate::redact::Ruleset;
use std::collections::BTreeMap;

pub const DEFAULT_MAX_TOKENS_PER_CALL: i64 = 3000;
pub const DEFAULT_MAX_TOKENS_PER_TURN: i64 = 3500;
pub const KEY_PER_CALL: &str = "max_rehydration_tokens_per_call";
pub const KEY_PER_TURN: &str = "max_rehydration_tokens_per_turn";
pub const KEY_INTEGRITY: &str = "integrity_verification";
/// Secret redaction before anything is stored: absent, `null` or `false` = off; a rule set's name = on.
pub const KEY_REDACTION: &str = "redaction";
/// How a scan picks the steps to hydrate: absent, `null` or `"ipcf-projection-v2"` = the reference's scan;
/// `"ranked-v1"` = ranked selection ([`crate::rank`]).
pub const KEY_SELECTION: &str = "selection";

pub use crate::types::Selection;

/// The active policy, exactly as written (so `{}` is not the default policy: it hashes differently).
#[derive(Debug, Clone, PartialEq)]
pub struct Policy {
    pub raw: Value,
}

impl Policy {
    /// The reference's `DEFAULT_POLICY` (spec §2.6): what a store without a policy file reads when it already
    /// has an index, and the policy of strict reference behaviour.
    pub fn reference() -> Self {
        let mut m = BTreeMap::new();
        m.insert("policy_version".to_string(), Value::from("1.1"));
        m.insert(KEY_PER_CALL.to_string(), Value::Int(DEFAULT_MAX_TOKENS_PER_CALL.into()));
        m.insert(KEY_PER_TURN.to_string(), Value::Int(DEFAULT_MAX_TOKENS_PER_TURN.into()));
        m.insert("scope".to_string(), Value::from("single_turn"));
        m.insert("eviction_trigger".to_string(), Value::from("after_response"));
        m.insert(KEY_INTEGRITY.to_string(), Value::Bool(true));
        Policy { raw: Value::Object(m) }
    }

    /// The policy a new store gets (safe by default): the reference's plus `"redaction": "secrets-v2"`.
    pub fn safe_default() -> Self {
        let mut p = Policy::reference();
        if let Value::Object(m) = &mut p.raw {
            m.insert(KEY_REDACTION.to_string(), Value::from(Ruleset::LATEST.name()));
        }
        p
    }

    /// `hydration_policy.json` as this engine writes it (the reference's file format: indent 2, sorted keys).
    pub fn to_file_bytes(&self) -> Vec<u8> {
        json::to_pretty(&self.raw)
    }

    /// The rule set folds are redacted with, `None` when redaction is off. An unknown name (or `true`) is an
    /// error rather than "off": a typo must not silently store secrets.
    /// A policy that is not an object has no key (the reference folds with one, and fails only where it reads
    /// a key).
    pub fn redaction(&self) -> Result<Option<Ruleset>> {
        match self.get(KEY_REDACTION) {
            None | Some(Value::Null) | Some(Value::Bool(false)) => Ok(None),
            Some(Value::Str(name)) => Ruleset::from_name(name).map(Some).ok_or_else(|| {
                Error::invalid_input(format!(
                    "hydration_policy.json: unknown {KEY_REDACTION} rule set {name:?} (known: \"{}\"; false turns redaction off)",
                    Ruleset::LATEST.name()
                ))
            }),
            Some(other) => Err(Error::invalid_input(format!(
                "hydration_policy.json: {KEY_REDACTION} must be a rule set name such as \"{}\" or false, not {}",
                Ruleset::LATEST.name(),
                json::python_str(other)
            ))),
        }
    }

    /// The selection mode (`selection`): the reference's scan when the key is absent or `null`. An unknown name
    /// (or a value that is not a string) is an error, not the reference's scan: a typo must not silently change
    /// what gets hydrated.
    pub fn selection(&self) -> Result<Option<Selection>> {
        match self.get(KEY_SELECTION) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::Str(name)) => Selection::parse(name, &format!("hydration_policy.json: {KEY_SELECTION}")).map(Some),
            Some(other) => Err(Error::invalid_input(format!(
                "hydration_policy.json: {KEY_SELECTION} must be a selection mode such as \"{}\", not {}",
                Selection::RankedV1.name(),
                json::python_str(other)
            ))),
        }
    }

    /// This policy with `selection` set to a mode.
    pub fn with_selection(mut self, mode: Selection) -> Policy {
        if let Value::Object(m) = &mut self.raw {
            m.insert(KEY_SELECTION.to_string(), Value::from(mode.name()));
        }
        self
    }

    /// The policy of a `hydration_policy.json` file's bytes.
    pub fn from_file_bytes(bytes: &[u8]) -> Result<Policy> {
        json::parse(bytes)
            .map(|raw| Policy { raw })
            .map_err(|e| Error::invalid_input(format!("hydration_policy.json is not valid JSON: {}", e.message)))
    }

    /// `folding_policy_hash`: SHA-256 of the canonical JSON of the policy as written.
    pub fn hash(&self) -> String {
        sha256_hex(&json::to_canonical(&self.raw))
    }

    fn lookup(&self, key: &str) -> Result<Option<&Value>> {
        match &self.raw {
            Value::Object(m) => Ok(m.get(key)),
            other => Err(Error::invalid_input(format!(
                "hydration_policy.json must be a JSON object, not {}",
                other.type_name()
            ))),
        }
    }

    /// An integer budget, `policy.get(key, default)`. Python treats `true`/`false` as 1/0; anything else
    /// that is not an int (string, null, float) made the reference crash, so it is rejected here.
    pub fn int(&self, key: &str, default: i64) -> Result<i64> {
        match self.lookup(key)? {
            None => Ok(default),
            Some(Value::Int(i)) => Ok((*i).clamp(i128::from(i64::MIN / 8), i128::from(i64::MAX / 8)) as i64),
            Some(Value::Bool(b)) => Ok(i64::from(*b)),
            Some(other) => Err(Error::invalid_input(format!(
                "hydration_policy.json: {key} must be an integer, not {}",
                other.type_name()
            ))),
        }
    }

    pub fn max_tokens_per_call(&self) -> Result<i64> {
        self.int(KEY_PER_CALL, DEFAULT_MAX_TOKENS_PER_CALL)
    }

    pub fn max_tokens_per_turn(&self) -> Result<i64> {
        self.int(KEY_PER_TURN, DEFAULT_MAX_TOKENS_PER_TURN)
    }

    /// `policy.get("integrity_verification", True)`, by Python truthiness.
    pub fn integrity_verification(&self) -> Result<bool> {
        Ok(self.lookup(KEY_INTEGRITY)?.map_or(true, Value::python_truthy))
    }

    /// `str(policy.get(key, default))` as an f-string prints it (for the console screens).
    pub fn display(&self, key: &str, default: &str) -> String {
        self.get(key).map_or_else(|| default.to_string(), json::python_str)
    }

    /// A top-level value for display (`status` prints a few); `None` when missing or not an object.
    pub fn get(&self, key: &str) -> Option<&Value> {
        self.raw.as_object().and_then(|m| m.get(key))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_policy_hash_matches_the_reference() {
        assert_eq!(Policy::reference().hash(), "2ea9c87d4403aad1f0f69d2eda3b23189c546f628eae48f50388dae4ae02ac29");
    }

    #[test]
    fn safe_default_is_the_reference_plus_redaction() {
        let safe = Policy::safe_default();
        assert_eq!(safe.redaction().unwrap(), Some(Ruleset::SecretsV2));
        assert_eq!(Policy::reference().redaction().unwrap(), None);
        let mut without = safe.raw.as_object().unwrap().clone();
        without.remove(KEY_REDACTION);
        assert_eq!(Value::Object(without), Policy::reference().raw);
        assert_ne!(safe.hash(), Policy::reference().hash());
        assert_eq!(
            String::from_utf8(safe.to_file_bytes()).unwrap(),
            "{\n  \"eviction_trigger\": \"after_response\",\n  \"integrity_verification\": true,\n  \"max_rehydration_tokens_per_call\": 3000,\n  \"max_rehydration_tokens_per_turn\": 3500,\n  \"policy_version\": \"1.1\",\n  \"redaction\": \"secrets-v2\",\n  \"scope\": \"single_turn\"\n}"
        );
    }

    #[test]
    fn redaction_key_values() {
        let p = |s: &str| Policy::from_file_bytes(s.as_bytes()).unwrap().redaction();
        assert_eq!(p(r#"{"redaction": false}"#).unwrap(), None);
        assert_eq!(p(r#"{"redaction": null}"#).unwrap(), None);
        assert_eq!(p(r#"{"redaction": "secrets-v1"}"#).unwrap(), Some(Ruleset::SecretsV1));
        assert_eq!(p(r#"{"redaction": "secrets-v2"}"#).unwrap(), Some(Ruleset::SecretsV2));
        for bad in [r#"{"redaction": true}"#, r#"{"redaction": "secrets-v9"}"#, r#"{"redaction": 1}"#] {
            assert_eq!(p(bad).unwrap_err().code(), crate::ErrorCode::InvalidInput, "{bad}");
        }
    }

    #[test]
    fn selection_key_values() {
        let p = |s: &str| Policy::from_file_bytes(s.as_bytes()).unwrap().selection();
        assert_eq!(p("{}").unwrap(), None);
        assert_eq!(p(r#"{"selection": null}"#).unwrap(), None);
        assert_eq!(p(r#"{"selection": "ipcf-projection-v2"}"#).unwrap(), Some(Selection::Reference));
        assert_eq!(p(r#"{"selection": "ranked-v1"}"#).unwrap(), Some(Selection::RankedV1));
        for bad in [r#"{"selection": "ranked-v9"}"#, r#"{"selection": true}"#, r#"{"selection": 1}"#, r#"{"selection": "reference"}"#] {
            assert_eq!(p(bad).unwrap_err().code(), crate::ErrorCode::InvalidInput, "{bad}");
        }
        assert_eq!(Policy::reference().selection().unwrap(), None);
        assert_eq!(Policy::safe_default().selection().unwrap(), None);
        assert_eq!(Policy::safe_default().with_selection(Selection::RankedV1).selection().unwrap(), Some(Selection::RankedV1));
    }

    #[test]
    fn empty_object_is_not_the_default_but_reads_defaults() {
        let p = Policy::from_file_bytes(b"{}").unwrap();
        assert_ne!(p.hash(), Policy::reference().hash());
        assert_eq!(p.max_tokens_per_turn().unwrap(), 3500);
        assert!(p.integrity_verification().unwrap());
    }

    #[test]
    fn wrong_types_are_invalid_input() {
        let p = Policy::from_file_bytes(br#"{"max_rehydration_tokens_per_turn": "100"}"#).unwrap();
        assert_eq!(p.max_tokens_per_turn().unwrap_err().code(), crate::ErrorCode::InvalidInput);
        let a = Policy::from_file_bytes(b"[1,2,3]").unwrap();
        assert!(a.max_tokens_per_call().is_err());
        assert_eq!(a.hash().len(), 64);
    }
}
