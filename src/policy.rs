//! The hydration policy (spec §2.6). If `hydration_policy.json` exists, its whole parsed content is the
//! policy (extra keys count, missing keys are not filled in); lookups fall back to the defaults like Python's
//! `dict.get`. A value of the wrong type is an [`ErrorCode::InvalidInput`] where the reference would crash.

use crate::error::{Error, Result};
use crate::identity::sha256_hex;
use crate::json::{self, Value};
use std::collections::BTreeMap;

pub const DEFAULT_MAX_TOKENS_PER_CALL: i64 = 3000;
pub const DEFAULT_MAX_TOKENS_PER_TURN: i64 = 3500;
pub const KEY_PER_CALL: &str = "max_rehydration_tokens_per_call";
pub const KEY_PER_TURN: &str = "max_rehydration_tokens_per_turn";
pub const KEY_INTEGRITY: &str = "integrity_verification";

/// The active policy, exactly as written (so `{}` is not the default policy: it hashes differently).
#[derive(Debug, Clone, PartialEq)]
pub struct Policy {
    pub raw: Value,
}

impl Default for Policy {
    fn default() -> Self {
        let mut m = BTreeMap::new();
        m.insert("policy_version".to_string(), Value::from("1.1"));
        m.insert(KEY_PER_CALL.to_string(), Value::Int(DEFAULT_MAX_TOKENS_PER_CALL.into()));
        m.insert(KEY_PER_TURN.to_string(), Value::Int(DEFAULT_MAX_TOKENS_PER_TURN.into()));
        m.insert("scope".to_string(), Value::from("single_turn"));
        m.insert("eviction_trigger".to_string(), Value::from("after_response"));
        m.insert(KEY_INTEGRITY.to_string(), Value::Bool(true));
        Policy { raw: Value::Object(m) }
    }
}

impl Policy {
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
        assert_eq!(Policy::default().hash(), "2ea9c87d4403aad1f0f69d2eda3b23189c546f628eae48f50388dae4ae02ac29");
    }

    #[test]
    fn empty_object_is_not_the_default_but_reads_defaults() {
        let p = Policy::from_file_bytes(b"{}").unwrap();
        assert_ne!(p.hash(), Policy::default().hash());
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
