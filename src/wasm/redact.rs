//! `redact(text)` and `redactionRules()`: the engine's redactor (`crate::redact`) for the package's public API
//! and the CLI's `contextfold redact`. Spans are converted to UTF-16 offsets, so `text.slice(start, end)` in JS
//! is the secret.

use serde::Serialize;
use tsify::{Ts, Tsify};
use wasm_bindgen::prelude::*;

use super::engine::output;
use super::errors::to_js;
use super::input;
use crate::redact::{self, Ruleset};

/// What `redact` returns.
#[derive(Serialize, Tsify)]
pub struct Redaction {
    /// The text as a fold with redaction on would store it.
    pub text: String,
    /// Every secret found, in order, not overlapping.
    pub findings: Vec<RedactionFinding>,
    /// The rule set applied (`"secrets-v1"`).
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
pub fn redact(#[wasm_bindgen(unchecked_param_type = "string")] text: JsValue) -> Result<Ts<Redaction>, JsValue> {
    let text = input::string(&text, "redact: text").map_err(to_js)?;
    let ruleset = Ruleset::LATEST;
    let r = redact::redact(&text, ruleset);
    // Byte offsets to UTF-16 offsets, in one walk (findings are sorted and disjoint, so the points are in order).
    let points: Vec<usize> = r.findings.iter().flat_map(|f| [f.start, f.end]).collect();
    let mut map = Vec::with_capacity(points.len());
    let (mut byte, mut unit) = (0usize, 0u32);
    let mut chars = text.chars();
    for &p in &points {
        while byte < p {
            let Some(c) = chars.next() else { break };
            byte += c.len_utf8();
            unit += c.len_utf16() as u32;
        }
        map.push((p, unit));
    }
    let at = |p: usize| map.iter().find(|(b, _)| *b == p).map_or(0, |(_, u)| *u);
    let findings = r
        .findings
        .iter()
        .map(|f| RedactionFinding { rule: f.rule.to_string(), start: at(f.start), end: at(f.end) })
        .collect();
    output(&Redaction { text: r.text, findings, rules: ruleset.name().to_string() }, "redact")
}

/// The rules of the rule set `redact` and a fold with `"redaction": "secrets-v1"` apply.
#[wasm_bindgen(js_name = redactionRules)]
pub fn redaction_rules() -> Result<Vec<Ts<RedactionRule>>, JsValue> {
    redact::rules(Ruleset::LATEST)
        .into_iter()
        .map(|(id, description)| output(&RedactionRule { id: id.into(), description: description.into() }, "redactionRules"))
        .collect()
}
