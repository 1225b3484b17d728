//! `redact(text)` and `redactionRules()`: the engine's redactor (`crate::redact`) for the package's public API
//! and the CLI's `contextfold redact`. Spans are converted to UTF-16 offsets, so `text.slice(start, end)` in JS
//! is the secret.

use serde::Serialize;
use tsify::{Ts, Tsify};
use wasm_bindgen::prelude::*;

use super::convert::{self, output};
use super::JsResult;
use crate::redact::{self, Ruleset};

/// What `redact` returns.
#[derive(Serialize, Tsify)]
pub struct Redaction {
    /// The text as a fold with redaction on would store it.
    pub text: String,
    /// Every secret found, in order, not overlapping.
    pub findings: Vec<RedactionFinding>,
    /// The rule set applied (`"secrets-v2"`, the newest).
    pub rules: String,
}

/// One secret: the rule that found it and its span in the input, in UTF-16 code units.
#[derive(Serialize, Tsify)]
pub struct RedactionFinding {
    pub rule: String,
    pub start: u32,
    pub end: u32,
}

/// A rule of the rule set.
#[derive(Serialize, Tsify)]
pub struct RedactionRule {
    pub id: String,
    pub description: String,
}

/// The text with its secrets replaced by `[REDACTED:<rule>]`, and where they were.
#[wasm_bindgen]
pub fn redact(#[wasm_bindgen(unchecked_param_type = "string")] text: JsValue) -> JsResult<Ts<Redaction>> {
    let text = convert::string(&text, "redact: text")?;
    let ruleset = Ruleset::LATEST;
    let r = redact::redact(&text, ruleset);
    // Byte offsets to UTF-16 offsets in one forward walk (findings are sorted and disjoint). ASCII runs are
    // counted a byte at a time; a multi-byte character adds its UTF-16 length.
    let bytes = text.as_bytes();
    let (mut byte, mut unit) = (0usize, 0u32);
    let mut to_unit = |p: usize| {
        while byte < p {
            let c = bytes[byte];
            let (len, units) = match c {
                0x00..=0x7f => (1, 1),
                0xc0..=0xdf => (2, 1),
                0xe0..=0xef => (3, 1),
                _ => (4, 2),
            };
            byte += len;
            unit += units;
        }
        unit
    };
    let findings = r
        .findings
        .iter()
        .map(|f| {
            let start = to_unit(f.start);
            RedactionFinding { rule: f.rule.to_string(), start, end: to_unit(f.end) }
        })
        .collect();
    output(&Redaction { text: r.text, findings, rules: ruleset.name().to_string() }, "redact")
}

/// The rules of the rule set `redact` and a fold with `"redaction": "secrets-v2"` apply (the same rule ids as `secrets-v1`).
#[wasm_bindgen(js_name = redactionRules)]
pub fn redaction_rules() -> JsResult<Vec<Ts<RedactionRule>>> {
    redact::rules(Ruleset::LATEST)
        .into_iter()
        .map(|(id, description)| output(&RedactionRule { id: id.into(), description: description.into() }, "redactionRules"))
        .collect()
}
