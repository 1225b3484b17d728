//! The three hashes of spec §3, all lowercase hex SHA-256 over exact bytes.

use crate::json::{self, Value};
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;

pub const IPCF_VERSION: &str = "1.1";
pub const PROJECTION_VERSION: &str = "ipcf-projection-v2";

/// A SHA-256 the host provides (e.g. Node's `node:crypto`, several times faster than hashing in wasm), used for
/// inputs of at least [`HOST_SHA256_MIN`] bytes; `None` from it means "hash here instead". What is hashed is always
/// decided here: the host only computes the digest.
pub type HostSha256 = fn(&[u8]) -> Option<[u8; 32]>;

static HOST_SHA256: std::sync::OnceLock<HostSha256> = std::sync::OnceLock::new();

/// Below this many bytes the call out to the host costs more than hashing here.
pub const HOST_SHA256_MIN: usize = 2048;

/// Use `f` for SHA-256 of large inputs from now on (the first call wins).
pub fn use_host_sha256(f: HostSha256) {
    let _ = HOST_SHA256.set(f);
}

fn digest(bytes: &[u8]) -> [u8; 32] {
    if bytes.len() >= HOST_SHA256_MIN {
        if let Some(d) = HOST_SHA256.get().and_then(|f| f(bytes)) {
            return d;
        }
    }
    Sha256::digest(bytes).into()
}

/// A SHA-256 the host computes over the concatenation of several byte strings (e.g. `node:crypto`'s `Hash`
/// fed each in turn), as [`HostSha256`] does over one; feature `fast-fold`.
#[cfg(fast_fold)]
pub type HostSha256Parts = fn(&[&[u8]]) -> Option<[u8; 32]>;

#[cfg(fast_fold)]
static HOST_SHA256_PARTS: std::sync::OnceLock<HostSha256Parts> = std::sync::OnceLock::new();

/// Use `f` for SHA-256 of large inputs given in parts from now on (the first call wins).
#[cfg(fast_fold)]
pub fn use_host_sha256_parts(f: HostSha256Parts) {
    let _ = HOST_SHA256_PARTS.set(f);
}

/// Lowercase hex SHA-256 of the concatenation of `parts`, without concatenating them: by the host's hash when it
/// has one and they are large, else incrementally here.
#[cfg(fast_fold)]
pub fn sha256_hex_of_parts(parts: &[&[u8]]) -> String {
    let total: usize = parts.iter().map(|p| p.len()).sum();
    let host = if total >= HOST_SHA256_MIN { HOST_SHA256_PARTS.get().and_then(|f| f(parts)) } else { None };
    let digest = host.unwrap_or_else(|| {
        let mut hasher = Sha256::new();
        for part in parts {
            hasher.update(part);
        }
        hasher.finalize().into()
    });
    hex(&digest)
}

/// Lowercase hex SHA-256 of `bytes`.
pub fn sha256_hex(bytes: &[u8]) -> String {
    hex(&digest(bytes))
}

fn hex(digest: &[u8; 32]) -> String {
    let mut out = String::with_capacity(64);
    for b in digest.iter() {
        out.push(char::from_digit(u32::from(b >> 4), 16).unwrap_or('0'));
        out.push(char::from_digit(u32::from(b & 0xf), 16).unwrap_or('0'));
    }
    out
}

/// `payload_sha256`: over the raw payload's UTF-8 bytes (not normalised, not stripped).
pub fn payload_sha256(payload: &str) -> String {
    sha256_hex(payload.as_bytes())
}

/// The 8-field projection of §3.2. Lists are deduplicated and sorted here (and only here).
pub struct Projection<'a> {
    pub step_id: i64,
    pub normalized_content: &'a str,
    pub identifiers: &'a [String],
    pub files: &'a [String],
    pub commands: &'a [String],
    pub errors: &'a [String],
    pub folding_policy_hash: &'a str,
}

/// The list as a sorted set (code-point order, as Python's `sorted(set(...))`): borrowed when it already is one
/// (extracted lists are), sorted and deduplicated into a copy otherwise.
fn sorted_set(items: &[String]) -> std::borrow::Cow<'_, [String]> {
    if items.windows(2).all(|w| crate::hash::compare_bytes(w[0].as_bytes(), w[1].as_bytes()).is_lt()) {
        return std::borrow::Cow::Borrowed(items);
    }
    let mut v: Vec<String> = items.to_vec();
    v.sort();
    v.dedup();
    std::borrow::Cow::Owned(v)
}

impl Projection<'_> {
    /// The canonical JSON that is hashed (keys in code-point order, as `sort_keys` writes them).
    pub fn preimage(&self) -> Vec<u8> {
        self.preimage_with(None, None)
    }

    /// [`Projection::preimage`], copying `normalized_literal` (the JSON literal of `normalized_content`, from
    /// [`json::string_literal`]) instead of escaping the text again.
    ///
    /// `identifiers_literal`, when given, is [`json::strs_literal`] of `identifiers`, copied when that list is
    /// already a sorted set (as extracted lists are).
    pub fn preimage_with(&self, normalized_literal: Option<&[u8]>, identifiers_literal: Option<&[u8]>) -> Vec<u8> {
        let ids: usize = self.identifiers.iter().map(|s| s.len() + 3).sum();
        let mut out = Vec::with_capacity(self.normalized_content.len() + self.normalized_content.len() / 16 + ids + 512);
        self.with_members(normalized_literal, identifiers_literal, |members| json::write_members(&mut out, members, None, 0));
        out
    }

    /// `sha256_hex(&self.preimage_with(normalized_literal, identifiers_literal))`, hashed in parts: the literals
    /// (a megabyte for a large payload) are not copied into a preimage (feature `fast-fold`).
    #[cfg(fast_fold)]
    pub fn sha256_with(&self, normalized_literal: Option<&[u8]>, identifiers_literal: Option<&[u8]>) -> String {
        self.with_members(normalized_literal, identifiers_literal, |members| {
            sha256_hex_of_parts(&json::members_in_pieces(members, None, json::LARGE_PIECE).parts())
        })
    }

    /// The preimage's members, in order, handed to `write`.
    fn with_members<R>(&self, normalized_literal: Option<&[u8]>, identifiers_literal: Option<&[u8]>, write: impl FnOnce(&[(&str, json::Ref<'_>)]) -> R) -> R {
        use json::Ref;
        let (commands, errors, files) = (sorted_set(self.commands), sorted_set(self.errors), sorted_set(self.files));
        let identifiers = sorted_set(self.identifiers);
        let identifiers_ref = match (&identifiers, identifiers_literal) {
            (std::borrow::Cow::Borrowed(_), Some(literal)) => Ref::Json(literal),
            _ => Ref::Strs(&identifiers),
        };
        let step_id = i128::from(self.step_id);
        let members = [
            ("commands", Ref::Strs(&commands)),
            ("errors", Ref::Strs(&errors)),
            ("files", Ref::Strs(&files)),
            ("folding_policy_hash", Ref::Str(self.folding_policy_hash)),
            ("identifiers", identifiers_ref),
            ("normalized_content", normalized_literal.map_or(Ref::Str(self.normalized_content), Ref::Json)),
            ("projection_version", Ref::Str(PROJECTION_VERSION)),
            ("step_id", Ref::Int(step_id)),
        ];
        write(&members)
    }

    pub fn sha256(&self) -> String {
        sha256_hex(&self.preimage())
    }
}

/// `artifact_sha256`: over the canonical JSON of the node object without its `artifact_sha256` key.
pub fn artifact_sha256(node: &BTreeMap<String, Value>) -> String {
    let mut without = node.clone();
    without.remove("artifact_sha256");
    sha256_hex(&json::to_canonical(&Value::Object(without)))
}

/// Whether a cold node file verifies for sure without parsing it: its canonical form (read straight from its
/// bytes, see [`json::canonical_without`]) hashes to its stored `artifact_sha256`, which equals `expected` when
/// that is given. `false` means "not known this way": the caller verifies by parsing (which also words the error).
pub fn artifact_verifies_fast(text: &str, expected: Option<&Value>) -> bool {
    json::canonical_without(text, "artifact_sha256").is_some_and(|(canonical, stored)| canonical_verifies(&canonical, &stored, expected))
}

/// [`artifact_verifies_fast`] of a node's canonical JSON without `artifact_sha256` and that member's value.
pub fn canonical_verifies(canonical: &[u8], stored: &str, expected: Option<&Value>) -> bool {
    let expected_ok = match expected.filter(|v| v.python_truthy()) {
        None => true,
        Some(Value::Str(e)) => *e == stored,
        Some(_) => false,
    };
    !stored.is_empty() && expected_ok && sha256_hex(canonical) == stored
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    #[test]
    fn sha256_of_empty_string_is_the_known_digest() {
        assert_eq!(sha256_hex(b""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    }

    /// Texts a preimage holds: empty, non-ASCII, every kind of escape, and large ones (parts of their own, and
    /// over the size the host hashes).
    #[cfg(fast_fold)]
    pub(crate) fn edge_texts() -> Vec<String> {
        let escapes = "quote \" backslash \\ tab\t nl\n cr\r bs\u{8} ff\u{c} bell\u{7} nul\u{0} us\u{1f} del\u{7f} ls\u{2028} /";
        let non_ascii = "naïve café 数据库迁移 😀 İstanbul ΟΔΟΣ e\u{301}";
        vec![
            String::new(),
            non_ascii.into(),
            escapes.into(),
            format!("{non_ascii}\n{escapes}\n").repeat(200),
            "plain_word ".repeat(1000),
        ]
    }

    #[cfg(fast_fold)]
    #[test]
    fn hashing_in_parts_equals_hashing_the_concatenation() {
        let text: Vec<u8> = edge_texts().concat().into_bytes();
        assert!(text.len() > 3 * HOST_SHA256_MIN);
        // Cuts on and around SHA-256's 64-byte blocks, empty parts, one part, none.
        let cut_sets: Vec<Vec<usize>> = vec![
            vec![],
            vec![0],
            vec![0, 0, text.len()],
            vec![63, 64, 65, 127, 128, 129],
            vec![1, 2, 3, 1000, 4095, 4096, 4097, text.len() - 1],
            (0..text.len()).step_by(37).collect(),
        ];
        for cuts in cut_sets {
            let mut parts: Vec<&[u8]> = Vec::new();
            let mut at = 0;
            for &c in &cuts {
                parts.push(&text[at..c]);
                at = c;
            }
            parts.push(&text[at..]);
            assert_eq!(sha256_hex_of_parts(&parts), sha256_hex(&text), "cuts {cuts:?}");
        }
        assert_eq!(sha256_hex_of_parts(&[]), sha256_hex(b""));
        assert_eq!(sha256_hex_of_parts(&[b"", b""]), sha256_hex(b""));
    }

    #[cfg(fast_fold)]
    #[test]
    fn the_projection_hash_in_parts_equals_the_hash_of_its_preimage() {
        let texts = edge_texts();
        for text in &texts {
            let mut identifiers: Vec<String> = crate::extract::identifiers(text);
            let files = vec!["src/a \"b\".rs".to_string(), "ü.txt".to_string()];
            let errors = vec![text.chars().take(50).collect::<String>()];
            for sorted in [true, false] {
                if !sorted {
                    // A list given out of order (not the extracted set): written from the strings, not the literal.
                    identifiers.push("aaa".into());
                    identifiers.reverse();
                }
                let p = Projection {
                    step_id: -7,
                    normalized_content: text,
                    identifiers: &identifiers,
                    files: &files,
                    commands: &[],
                    errors: &errors,
                    folding_policy_hash: "0f",
                };
                let normalized = json::string_literal(text);
                let ids = json::strs_literal(&identifiers);
                let expected = sha256_hex(&p.preimage());
                assert_eq!(sha256_hex(&p.preimage_with(Some(&normalized), Some(&ids))), expected);
                assert_eq!(p.sha256_with(Some(&normalized), Some(&ids)), expected, "{text:?} sorted {sorted}");
                assert_eq!(p.sha256_with(None, None), expected, "{text:?} sorted {sorted}");
            }
        }
    }
}
