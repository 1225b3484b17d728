//! Ceilings on what one call may hand the engine, so that no input can exhaust its memory. In wasm32 the engine
//! has at most 4 GiB of linear memory, and a fold needs several working copies of its payload (UTF-16 → UTF-8,
//! NFC, the node's JSON with the payload twice, the hash preimages): a 200 MB fold peaked at 3.7 GB of process
//! memory, and a 400 MB fold ran the instance out of memory (an uncatchable trap). Every ceiling is checked before
//! the work starts (the JS layer checks string lengths before they cross into wasm, the binding and the engine
//! check again) and gives [`ErrorCode::LimitExceeded`], which leaves the store and the instance as they were.
//!
//! The defaults are generous for a coding session and safe in wasm32; a host may lower any of them (never raise:
//! a value above the default is invalid input).

use crate::error::{Error, Result};

/// Bytes (UTF-8) of one fold's text: summary + raw content + explicit lists + session id.
pub const MAX_PAYLOAD_BYTES: usize = 64 << 20;
/// A `fold_many` call may carry this many times [`MAX_PAYLOAD_BYTES`] in all (each input within the payload limit).
pub const BATCH_PAYLOADS: usize = 4;
/// Bytes (UTF-8) of a prompt or query (scan, beforeTurn, recall).
pub const MAX_PROMPT_BYTES: usize = 16 << 20;
/// Bytes of `recall_index.json` (and, separately, of its journal) the engine will read. Parsing the JSON costs about
/// 4.3 bytes of wasm memory per byte (measured: an 86 MB index of 20,000 bench-workload nodes opened at 366 MB), so
/// 512 MiB stays near 2.2 GB, well inside wasm32's 4 GiB; 100,000 such nodes make a 430 MB index.
pub const MAX_INDEX_BYTES: usize = 512 << 20;
/// Entries of the recall index: a fold that would go beyond is refused (about 330 MB of resident index at the
/// bench workload's 1.3 KB per entry).
pub const MAX_INDEX_ENTRIES: usize = 250_000;

/// The ceilings in force for one open store.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    pub max_payload_bytes: usize,
    pub max_prompt_bytes: usize,
    pub max_index_bytes: usize,
    pub max_index_entries: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_payload_bytes: MAX_PAYLOAD_BYTES,
            max_prompt_bytes: MAX_PROMPT_BYTES,
            max_index_bytes: MAX_INDEX_BYTES,
            max_index_entries: MAX_INDEX_ENTRIES,
        }
    }
}

impl Limits {
    /// The limits with each given value in place of the default; a value above the default (or 0) is invalid.
    pub fn lowered(payload: Option<usize>, prompt: Option<usize>, index_bytes: Option<usize>, entries: Option<usize>) -> Result<Limits> {
        let d = Limits::default();
        let pick = |v: Option<usize>, max: usize, name: &str| -> Result<usize> {
            match v {
                None => Ok(max),
                Some(n) if n >= 1 && n <= max => Ok(n),
                Some(n) => Err(Error::invalid_input(format!("limits.{name} must be between 1 and {max} (the default), got {n}"))),
            }
        };
        Ok(Limits {
            max_payload_bytes: pick(payload, d.max_payload_bytes, "maxPayloadBytes")?,
            max_prompt_bytes: pick(prompt, d.max_prompt_bytes, "maxPromptBytes")?,
            max_index_bytes: pick(index_bytes, d.max_index_bytes, "maxIndexBytes")?,
            max_index_entries: pick(entries, d.max_index_entries, "maxIndexEntries")?,
        })
    }

    /// A fold's text of `bytes` UTF-8 bytes.
    pub fn check_payload(&self, bytes: usize, what: &str) -> Result<()> {
        if bytes > self.max_payload_bytes {
            return Err(Error::limit(format!(
                "{what}: {bytes} bytes is over the payload limit of {} bytes (limits.maxPayloadBytes); nothing was written",
                self.max_payload_bytes
            )));
        }
        Ok(())
    }

    /// A `fold_many` of `bytes` UTF-8 bytes in all: at most [`BATCH_PAYLOADS`] payload limits.
    pub fn check_batch(&self, bytes: usize, what: &str) -> Result<()> {
        let max = self.max_payload_bytes.saturating_mul(BATCH_PAYLOADS);
        if bytes > max {
            return Err(Error::limit(format!(
                "{what}: {bytes} bytes in all is over the batch limit of {max} bytes ({BATCH_PAYLOADS} × limits.maxPayloadBytes); nothing was written"
            )));
        }
        Ok(())
    }

    /// A prompt or query of `bytes` UTF-8 bytes.
    pub fn check_prompt(&self, bytes: usize, what: &str) -> Result<()> {
        if bytes > self.max_prompt_bytes {
            return Err(Error::limit(format!(
                "{what}: {bytes} bytes is over the prompt limit of {} bytes (limits.maxPromptBytes)",
                self.max_prompt_bytes
            )));
        }
        Ok(())
    }

    /// A stored index file (or journal) of `bytes` bytes.
    pub fn check_index_bytes(&self, bytes: usize, file: &str) -> Result<()> {
        if bytes > self.max_index_bytes {
            return Err(Error::limit(format!(
                "{file}: {bytes} bytes is over the index limit of {} bytes (limits.maxIndexBytes)",
                self.max_index_bytes
            )));
        }
        Ok(())
    }

    /// An index that would hold `entries` entries after a fold.
    pub fn check_index_entries(&self, entries: usize) -> Result<()> {
        if entries > self.max_index_entries {
            return Err(Error::limit(format!(
                "fold: the index would hold {entries} entries, over the limit of {} (limits.maxIndexEntries); nothing was written",
                self.max_index_entries
            )));
        }
        Ok(())
    }
}

/// UTF-8 bytes of a fold input's text (what [`Limits::check_payload`] counts).
pub fn fold_input_bytes(input: &crate::types::FoldInput) -> usize {
    let lists = |l: &Option<Vec<String>>| l.as_ref().map_or(0, |v| v.iter().map(String::len).sum::<usize>());
    input.summary.len()
        + input.raw_content.as_ref().map_or(0, String::len)
        + input.session_id.as_ref().map_or(0, String::len)
        + lists(&input.files)
        + lists(&input.commands)
        + lists(&input.errors)
}
