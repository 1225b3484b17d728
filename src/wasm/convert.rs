//! Conversion across the JS boundary, both directions, for every binding in `src/wasm`.
//!
//! **JS → Rust.** Nothing here trusts the TypeScript types: every value is checked for its JS type, every string
//! for lone surrogates (a Rust `String` cannot hold one, and the plain conversion would silently turn it into
//! U+FFFD), every step id for being a safe integer. Errors are `INVALID_INPUT` and name the operation and field,
//! e.g. `fold: summary contains a lone surrogate at index 4`. One style throughout:
//! * a *decoder* per kind of value, `fn(&JsValue, what) -> Result<T>` (`string`, `step_id`, `count`, `boolean`,
//!   `function`, `string_list`, `step_id_list`, `json_object`, `from_js`, ...), `what` naming the value;
//! * an object's fields read with [`Fields`] (`Fields::new(v, "fold: ").read("summary", string)` names the value
//!   `fold: summary`), through `Reflect`, so a throwing getter or proxy trap is an input error;
//! * an absent value handled by wrapping the decoder: [`optional`] (a field typed `x?: T`: `undefined` is `None`)
//!   or [`nullable`] (`x?: T | null`: `undefined` and `null` are `None`).
//!
//! **Rust → JS.** Results leave as the plain JS objects their tsify types declare ([`output`], [`outputs`]);
//! `LimitsView` is the limits as JS numbers. Errors leave through `From<Error> for JsValue` (`errors.rs`).

use std::collections::BTreeMap;

use js_sys::{Array, Function, JsString, Object, Reflect};
use serde::de::DeserializeOwned;
use serde::Serialize;
use tsify::{Ts, Tsify};
use wasm_bindgen::{JsCast, JsValue};

use super::errors::js_message;
use super::JsResult;
use crate::engine::{format_utc, Clock, Options, TokenCounter};
use crate::error::{Error, Result};
use crate::hash::same_bytes;
use crate::json::{self, Value};
use crate::limits::Limits;
use crate::policy::{Policy, Selection};
use crate::scan::CandidateMode;
use crate::types::{FoldInput, FoldOutcome, TurnOptions};

/// `2^53 - 1`, JS `Number.MAX_SAFE_INTEGER`: the largest integer (a step id) a JS number holds exactly.
pub(crate) const MAX_SAFE_INTEGER: i64 = (1 << 53) - 1;

// ---------------------------------------------------------------------------------------------------------------
// JS → Rust: the general decoders

/// The JS type of a value, as messages name it.
pub fn type_name(v: &JsValue) -> &'static str {
    if v.is_undefined() {
        "undefined"
    } else if v.is_null() {
        "null"
    } else if v.is_string() {
        "string"
    } else if v.as_f64().is_some() {
        "number"
    } else if v.as_bool().is_some() {
        "boolean"
    } else if v.is_bigint() {
        "bigint"
    } else if v.is_symbol() {
        "symbol"
    } else if v.is_function() {
        "function"
    } else if Array::is_array(v) {
        "array"
    } else {
        "object"
    }
}

fn invalid(what: &str, problem: impl std::fmt::Display) -> Error {
    Error::invalid_input(format!("{what} {problem}"))
}

/// The fields of a JS object, each named `{prefix}{key}` in messages.
pub struct Fields<'a> {
    obj: &'a JsValue,
    prefix: &'a str,
}

impl<'a> Fields<'a> {
    pub fn new(obj: &'a JsValue, prefix: &'a str) -> Self {
        Fields { obj, prefix }
    }

    /// `obj[key]` decoded by `decode`.
    pub fn read<T>(&self, key: &str, decode: impl FnOnce(&JsValue, &str) -> Result<T>) -> Result<T> {
        let what = format!("{}{key}", self.prefix);
        decode(&get(self.obj, key, &what)?, &what)
    }
}

/// `obj[key]`; a throwing getter or proxy trap is an input error.
fn get(obj: &JsValue, key: &str, what: &str) -> Result<JsValue> {
    Reflect::get(obj, &JsValue::from_str(key)).map_err(|e| invalid(what, format_args!("cannot be read: {}", js_message(&e))))
}

/// A decoder for a value typed `x?: T`: `undefined` is `None`.
pub fn optional<T>(decode: impl FnOnce(&JsValue, &str) -> Result<T>) -> impl FnOnce(&JsValue, &str) -> Result<Option<T>> {
    move |v, what| if v.is_undefined() { Ok(None) } else { decode(v, what).map(Some) }
}

/// A decoder for a value typed `x?: T | null`: `undefined` and `null` are `None`.
pub fn nullable<T>(decode: impl FnOnce(&JsValue, &str) -> Result<T>) -> impl FnOnce(&JsValue, &str) -> Result<Option<T>> {
    move |v, what| if v.is_undefined() || v.is_null() { Ok(None) } else { decode(v, what).map(Some) }
}

/// A JS string as a Rust `String`, rejecting lone surrogates.
pub fn string(v: &JsValue, what: &str) -> Result<String> {
    let text = v.dyn_ref::<JsString>().filter(|s| s.length() as usize >= LARGE_STRING).and_then(|s| encode_large(s));
    let Some(s) = text.or_else(|| v.as_string()) else {
        return Err(invalid(what, format_args!("must be a string, got {}", type_name(v))));
    };
    // The conversion turns each lone surrogate into U+FFFD; only then is the slow code-unit walk needed (and
    // ASCII, checked a word at a time, has none).
    if !is_ascii(&s) && s.contains('\u{FFFD}') {
        if let Some(index) = lone_surrogate_index(v.unchecked_ref::<JsString>()) {
            return Err(invalid(what, format_args!("contains a lone surrogate at index {index}")));
        }
    }
    Ok(s)
}

/// From this many UTF-16 units, a string is copied in by [`encode_large`].
const LARGE_STRING: usize = 1 << 14;

#[wasm_bindgen::prelude::wasm_bindgen]
extern "C" {
    /// The host's `TextEncoder` (every JS runtime the package supports has one).
    type TextEncoder;
    #[wasm_bindgen(constructor)]
    fn new() -> TextEncoder;
    /// `encodeInto(source, destination)`: `{ read, written }`.
    #[wasm_bindgen(method, js_name = encodeInto)]
    fn encode_into(this: &TextEncoder, source: &JsString, destination: &js_sys::Uint8Array) -> JsValue;
}

thread_local! {
    static ENCODER: TextEncoder = TextEncoder::new();
}

/// A large JS string as UTF-8, written by the host's `TextEncoder.encodeInto` straight into wasm memory: one
/// native pass instead of the JS loop over the string's ASCII prefix that the plain conversion runs, and one copy.
/// Like the plain conversion, it turns lone surrogates into U+FFFD. `None` when the host has no encoder (or it
/// misbehaves): the caller converts the plain way.
fn encode_large(s: &JsString) -> Option<String> {
    let units = s.length() as usize;
    // Most text is ASCII: room for one byte a unit first; what is left then takes at most 3 bytes a unit.
    let mut buf = vec![0u8; units];
    let mut read = 0usize;
    let mut written = 0usize;
    let mut source = s.clone();
    loop {
        // SAFETY: the view covers the unused end of `buf` and is used only by `encodeInto` below, which runs no
        // wasm code (so memory cannot grow and detach it); `buf` is not touched until the call returns.
        let view = unsafe { js_sys::Uint8Array::view_mut_raw(buf[written..].as_mut_ptr(), buf.len() - written) };
        let result = ENCODER.try_with(|e| e.encode_into(&source, &view)).ok()?;
        let count = |key: &str| Reflect::get(&result, &JsValue::from_str(key)).ok()?.as_f64().map(|n| n as usize);
        let (r, w) = (count("read")?, count("written")?);
        if w > buf.len() - written || r > units - read {
            return None;
        }
        read += r;
        written += w;
        if read == units {
            break;
        }
        if r == 0 && w == 0 && buf.len() - written >= 4 {
            return None; // no progress with room for any char: not a working encoder
        }
        buf.resize(written + 3 * (units - read) + 4, 0);
        source = s.slice(read as u32, units as u32);
    }
    buf.truncate(written);
    // ASCII (most text) is UTF-8 as it is: 32 bytes an iteration instead of the full validation.
    #[cfg(feature = "fast-fold")]
    if is_ascii_bytes(&buf) {
        // SAFETY: every byte is ASCII, so `buf` is valid UTF-8.
        return Some(unsafe { String::from_utf8_unchecked(buf) });
    }
    String::from_utf8(buf).ok()
}

/// Whether a text is all ASCII (32 bytes an iteration in the Node build, whose inputs reach megabytes).
#[inline]
fn is_ascii(s: &str) -> bool {
    is_ascii_bytes(s.as_bytes())
}

#[inline]
fn is_ascii_bytes(b: &[u8]) -> bool {
    #[cfg(feature = "fast-fold")]
    return crate::text::swar::is_ascii(b);
    #[cfg(not(feature = "fast-fold"))]
    b.is_ascii()
}

/// The length of a JS string in UTF-16 code units without copying it (0 for anything else).
pub fn string_units(v: &JsValue) -> usize {
    v.dyn_ref::<JsString>().map_or(0, |s| s.length() as usize)
}

/// The UTF-16 index of the first lone surrogate, if any.
fn lone_surrogate_index(s: &JsString) -> Option<usize> {
    if s.is_valid_utf16() {
        return None;
    }
    let mut index = 0;
    for unit in char::decode_utf16(s.iter()) {
        match unit {
            Ok(c) => index += c.len_utf16(),
            Err(_) => return Some(index),
        }
    }
    None
}

/// A step id: a JS number that is a safe integer (no strings, no fractions, no BigInt, no NaN).
pub fn step_id(v: &JsValue, what: &str) -> Result<i64> {
    let Some(n) = v.as_f64() else {
        return Err(invalid(what, format_args!("must be an integer number, got {}", type_name(v))));
    };
    if !n.is_finite() || n.fract() != 0.0 || n.abs() > MAX_SAFE_INTEGER as f64 {
        return Err(invalid(what, format_args!("must be a safe integer, got {}", number_text(n))));
    }
    Ok(n as i64)
}

/// A count (or one returned by a host callback): a finite integer ≥ 0 (and at most 2^53 - 1).
pub fn count(v: &JsValue, what: &str) -> Result<i64> {
    let Some(n) = v.as_f64() else {
        return Err(invalid(what, format_args!("must be a finite integer ≥ 0, got {}", type_name(v))));
    };
    if !n.is_finite() || n.fract() != 0.0 || n < 0.0 || n > MAX_SAFE_INTEGER as f64 {
        return Err(invalid(what, format_args!("must be a finite integer ≥ 0, got {}", number_text(n))));
    }
    Ok(n as i64)
}

/// A size (a count as `usize`).
pub fn size(v: &JsValue, what: &str) -> Result<usize> {
    Ok(usize::try_from(count(v, what)?).unwrap_or(usize::MAX))
}

fn number_text(n: f64) -> String {
    if n.is_nan() {
        "NaN".into()
    } else if n.is_infinite() {
        if n > 0.0 { "Infinity".into() } else { "-Infinity".into() }
    } else {
        format!("{n}")
    }
}

pub fn boolean(v: &JsValue, what: &str) -> Result<bool> {
    v.as_bool().ok_or_else(|| invalid(what, format_args!("must be a boolean, got {}", type_name(v))))
}

pub fn function(v: &JsValue, what: &str) -> Result<Function> {
    if v.is_function() {
        Ok(v.clone().unchecked_into())
    } else {
        Err(invalid(what, format_args!("must be a function, got {}", type_name(v))))
    }
}

/// A non-null, non-array object.
pub fn object<'a>(v: &'a JsValue, what: &str) -> Result<&'a Object> {
    if v.is_object() && !Array::is_array(v) && !v.is_function() {
        Ok(v.unchecked_ref::<Object>())
    } else {
        Err(invalid(what, format_args!("must be an object, got {}", type_name(v))))
    }
}

/// The items of a JS array, each with its name `what[i]`; `expected` says what the array should be in the error
/// for a non-array (`"an array of strings"`). Reads go through `Reflect`, so even a hostile array (a proxy whose
/// traps throw) gives an error, not a JS exception unwinding through wasm.
pub fn items(v: &JsValue, what: &str, expected: &str) -> Result<Vec<(JsValue, String)>> {
    if !Array::is_array(v) {
        return Err(invalid(what, format_args!("must be {expected}, got {}", type_name(v))));
    }
    let length = get(v, "length", what)?.as_f64().unwrap_or(0.0);
    let length = if length.is_finite() && length > 0.0 { length.min(f64::from(u32::MAX)) as u32 } else { 0 };
    (0..length)
        .map(|i| {
            let item_what = format!("{what}[{i}]");
            let item = Reflect::get_u32(v, i)
                .map_err(|e| invalid(&item_what, format_args!("cannot be read: {}", js_message(&e))))?;
            Ok((item, item_what))
        })
        .collect()
}

/// An array of strings.
pub fn string_list(v: &JsValue, what: &str) -> Result<Vec<String>> {
    items(v, what, "an array of strings")?.iter().map(|(item, what)| string(item, what)).collect()
}

/// An array of step ids.
pub fn step_id_list(v: &JsValue, what: &str) -> Result<Vec<i64>> {
    items(v, what, "an array of step ids")?.iter().map(|(item, what)| step_id(item, what)).collect()
}

/// Deepest nesting accepted in JSON-like input (policies, results handed back): bounds recursion and
/// turns a cyclic object into an error.
const MAX_DEPTH: usize = json::MAX_DEPTH;

/// A JSON value (a policy) from plain JS data. Integral numbers within the safe range become ints, other
/// numbers floats (as `JSON.parse` of the same text would give Python); BigInts become ints. `undefined`,
/// functions and symbols are not JSON and are rejected, as are keys or strings with lone surrogates.
pub fn json_value(v: &JsValue, what: &str) -> Result<Value> {
    json_at(v, what, 0)
}

/// A JSON object (a policy).
pub fn json_object(v: &JsValue, what: &str) -> Result<Value> {
    object(v, what)?;
    json_value(v, what)
}

fn json_at(v: &JsValue, what: &str, depth: usize) -> Result<Value> {
    if depth > MAX_DEPTH {
        return Err(invalid(what, format_args!("is nested more than {MAX_DEPTH} levels deep (or is cyclic)")));
    }
    if v.is_null() {
        return Ok(Value::Null);
    }
    if let Some(b) = v.as_bool() {
        return Ok(Value::Bool(b));
    }
    if let Some(n) = v.as_f64() {
        return Ok(if n.is_finite() && n.fract() == 0.0 && n.abs() <= MAX_SAFE_INTEGER as f64 {
            Value::Int(n as i128)
        } else {
            Value::Float(n)
        });
    }
    if v.is_string() {
        return string(v, what).map(Value::Str);
    }
    if v.is_bigint() {
        let text = v.unchecked_ref::<js_sys::BigInt>().to_string(10).ok().and_then(|s| s.as_string());
        return match text.and_then(|t| t.parse::<i128>().ok()) {
            Some(i) => Ok(Value::Int(i)),
            None => Err(invalid(what, "is a BigInt beyond the 128-bit range")),
        };
    }
    if Array::is_array(v) {
        let array = v.unchecked_ref::<Array>();
        let items = (0..array.length())
            .map(|i| json_at(&array.get(i), &format!("{what}[{i}]"), depth + 1))
            .collect::<Result<Vec<_>>>()?;
        return Ok(Value::Array(items));
    }
    if v.is_object() && !v.is_function() {
        let mut map = BTreeMap::new();
        for key in Object::keys(v.unchecked_ref::<Object>()).iter() {
            let key = string(&key, &format!("{what} key"))?;
            let item = get(v, &key, &format!("{what}.{key}"))?;
            map.insert(key.clone(), json_at(&item, &format!("{what}.{key}"), depth + 1)?);
        }
        return Ok(Value::Object(map));
    }
    Err(invalid(what, format_args!("is not a JSON value ({})", type_name(v))))
}

/// Check every string (and object key) inside plain JS data for lone surrogates, before serde converts it
/// (which would replace them silently).
fn check_strings(v: &JsValue, what: &str, depth: usize) -> Result<()> {
    if depth > MAX_DEPTH {
        return Err(invalid(what, format_args!("is nested more than {MAX_DEPTH} levels deep (or is cyclic)")));
    }
    if v.is_string() {
        return string(v, what).map(drop);
    }
    if Array::is_array(v) {
        let array = v.unchecked_ref::<Array>();
        for i in 0..array.length() {
            check_strings(&array.get(i), &format!("{what}[{i}]"), depth + 1)?;
        }
    } else if v.is_object() && !v.is_function() {
        for key in Object::keys(v.unchecked_ref::<Object>()).iter() {
            let key = string(&key, &format!("{what} key"))?;
            check_strings(&get(v, &key, &format!("{what}.{key}"))?, &format!("{what}.{key}"), depth + 1)?;
        }
    }
    Ok(())
}

/// A value of one of the engine's result types handed back by JS (a `Turn`, a `ScanResult`, ...): its strings
/// checked as above, then read by serde.
pub fn from_js<T: DeserializeOwned>(v: &JsValue, what: &str) -> Result<T> {
    check_strings(v, what, 0)?;
    serde_wasm_bindgen::from_value(v.clone()).map_err(|e| invalid(what, format_args!("is malformed: {e}")))
}

// ---------------------------------------------------------------------------------------------------------------
// JS → Rust: the engine's inputs

/// `fold(input)`: `{stepId?, summary, rawContent?, sessionId?, files?, commands?, errors?}`. Messages call the
/// input `name` (`fold: input`, `foldMany: inputs[3]`) and its fields `{prefix}{key}` (`fold: summary`).
/// Also returns the JS string `rawContent` was read from (`undefined` if none), for [`folded_output`].
pub fn fold_input_keeping_raw(v: &JsValue, name: &str, prefix: &str) -> Result<(FoldInput, JsValue)> {
    object(v, name)?;
    let f = Fields::new(v, prefix);
    let mut raw_js = JsValue::UNDEFINED;
    let input = FoldInput {
        step_id: f.read("stepId", optional(step_id))?,
        summary: f.read("summary", string)?,
        raw_content: f.read("rawContent", |v, what| {
            let raw = nullable(string)(v, what)?;
            if raw.is_some() {
                raw_js = v.clone();
            }
            Ok(raw)
        })?,
        session_id: f.read("sessionId", nullable(string))?,
        files: f.read("files", nullable(string_list))?,
        commands: f.read("commands", nullable(string_list))?,
        errors: f.read("errors", nullable(string_list))?,
    };
    Ok((input, raw_js))
}

/// A selection mode name (`"ranked-v1"`, ...).
fn selection(v: &JsValue, what: &str) -> Result<Selection> {
    let Some(text) = v.as_string() else {
        return Err(invalid(what, format_args!("must be a selection mode name, got {}", type_name(v))));
    };
    Selection::parse(&text, what)
}

/// The per-call options of a scan or turn: `{turnBudget?, defaultSelection?, inContext?, maxChars?}` (`candidates`,
/// a scan option, may be there too). `undefined` or `null` gives the defaults.
pub fn turn_options(v: &JsValue, what: &str) -> Result<TurnOptions> {
    let mut options = TurnOptions::default();
    if v.is_undefined() || v.is_null() {
        return Ok(options);
    }
    object(v, what)?;
    let prefix = format!("{what}.");
    let f = Fields::new(v, &prefix);
    options.turn_budget = f.read("turnBudget", optional(step_id))?;
    options.default_selection = f.read("defaultSelection", nullable(selection))?;
    options.in_context = f.read("inContext", optional(step_id_list))?.unwrap_or_default();
    options.max_chars = f.read("maxChars", optional(count))?;
    Ok(options)
}

/// `options.candidates` of a scan: `true` or absent (every candidate), `false` (none), a count (the first ones).
pub fn candidate_mode(v: &JsValue, what: &str) -> Result<CandidateMode> {
    if v.is_undefined() || v.is_null() {
        return Ok(CandidateMode::All);
    }
    object(v, what)?;
    let prefix = format!("{what}.");
    let mode = |c: &JsValue, what: &str| match c.as_bool() {
        Some(true) => Ok(CandidateMode::All),
        Some(false) => Ok(CandidateMode::None),
        None if c.as_f64().is_some() => Ok(CandidateMode::Top(size(c, what)?)),
        None => Err(invalid(what, format_args!("must be a boolean or a count, got {}", type_name(c)))),
    };
    Ok(Fields::new(v, &prefix).read("candidates", optional(mode))?.unwrap_or(CandidateMode::All))
}

/// `options.limits` of `open`: each field may only lower the default.
fn limits(v: &JsValue, what: &str) -> Result<Limits> {
    object(v, what)?;
    let prefix = format!("{what}.");
    let f = Fields::new(v, &prefix);
    Limits::lowered(
        f.read("maxPayloadBytes", optional(size))?,
        f.read("maxPromptBytes", optional(size))?,
        f.read("maxIndexBytes", optional(size))?,
        f.read("maxIndexEntries", optional(size))?,
    )
}

/// The host's `clock`, or the JS `Date` (UTC, to the second).
fn clock(f: Option<Function>) -> Clock {
    match f {
        None => Box::new(|| Ok(format_utc((js_sys::Date::now() / 1000.0).floor() as i64))),
        Some(f) => Box::new(move || {
            let v = f
                .call0(&JsValue::UNDEFINED)
                .map_err(|e| Error::invalid_input(format!("options.clock threw: {}", js_message(&e))))?;
            string(&v, "options.clock() result")
        }),
    }
}

fn token_counter(f: Function) -> TokenCounter {
    Box::new(move |text| {
        let v = f
            .call1(&JsValue::UNDEFINED, &JsValue::from_str(text))
            .map_err(|e| Error::invalid_input(format!("options.tokenCounter threw: {}", js_message(&e))))?;
        count(&v, "options.tokenCounter() result")
    })
}

/// `Engine.open`'s options (`OpenOptions`); `undefined` or `null` gives the package's defaults.
pub fn open_options(options: &JsValue) -> Result<Options> {
    if options.is_undefined() || options.is_null() {
        return Ok(Options { clock: Some(clock(None)), journal: true, ..Options::default() });
    }
    object(options, "open: options")?;
    let f = Fields::new(options, "open: options.");
    let clock_fn = f.read("clock", optional(function))?;
    let counter_fn = f.read("tokenCounter", optional(function))?;
    let policy = f.read("policy", nullable(json_object))?;
    // The package journals by default (the fast path); the Rust API's default is the reference's behaviour.
    let journal = f.read("journal", optional(boolean))?.unwrap_or(true);
    let default_policy = f.read("defaultPolicy", nullable(json_object))?.map(|raw| Policy { raw });
    let limits = f.read("limits", nullable(limits))?.unwrap_or_default();
    Ok(Options { clock: Some(clock(clock_fn)), token_counter: counter_fn.map(token_counter), policy, journal, default_policy, limits })
}

/// `LimitExceeded` when a JS string is longer (in UTF-16 units, each at least one UTF-8 byte) than `max` bytes:
/// checked before the string is copied into wasm memory.
pub fn check_js_length(v: &JsValue, max: usize, what: &str, kind: &str) -> Result<()> {
    let units = string_units(v);
    if units > max {
        return Err(Error::limit(format!(
            "{what}: {units} UTF-16 units (at least as many UTF-8 bytes) is over the {kind} limit of {max} bytes; nothing was done"
        )));
    }
    Ok(())
}

/// The fold fields a limit counts, checked before they are copied in (the decoders word any other error, so a
/// field that cannot be read counts 0 here). Returns the UTF-16 units counted.
pub fn check_fold_lengths(v: &JsValue, limits: &Limits, what: &str) -> Result<usize> {
    if !v.is_object() {
        return Ok(0);
    }
    let total = ["summary", "rawContent", "sessionId"]
        .iter()
        .map(|key| Reflect::get(v, &JsValue::from_str(key)).map_or(0, |x| string_units(&x)))
        .fold(0usize, usize::saturating_add);
    if total > limits.max_payload_bytes {
        return Err(Error::limit(format!(
            "{what}: {total} UTF-16 units (at least as many UTF-8 bytes) is over the payload limit of {} bytes (limits.maxPayloadBytes); nothing was written",
            limits.max_payload_bytes
        )));
    }
    Ok(total)
}

// ---------------------------------------------------------------------------------------------------------------
// Rust → JS

/// A result as the JS object its tsify type declares (`Option::None` as `undefined`, as the types say).
pub fn output<T: Tsify + Serialize>(value: &T, what: &str) -> JsResult<Ts<T>> {
    value.into_ts().map_err(|e| {
        Error::invalid_input(format!("{what}: the result cannot be represented in JavaScript: {e}")).into()
    })
}

/// Where a fold input's `rawContent` was read to (address and length of its bytes). The engine moves that text into
/// the node when it stores it unchanged, and never writes it: a node text at the same address with the same length
/// is that text. Any other node text was made while the input's was alive (a redacted copy), or is the summary's
/// copy for an empty payload (then the lengths differ, or both texts are empty), so it is never mistaken for it.
/// This spares cloning a megabyte payload to compare it with the node's afterwards.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct TextAt(usize, usize);

impl TextAt {
    pub fn of(text: &str) -> Self {
        TextAt(text.as_ptr() as usize, text.len())
    }
}

/// A fold's outcome as [`output`] gives it, with the node's two large texts (a megabyte each for a large payload)
/// made into JS strings once at most: `rawContent` is the input's own JS string when the fold stored it unchanged
/// (no secret redacted: `given` holds where that text was read to, see [`TextAt`], and that string), and
/// `normalizedContent` the same string as `rawContent` when the two are equal (the payload was already NFC without
/// trailing whitespace).
pub fn folded_output(mut outcome: FoldOutcome, given: Option<(TextAt, JsValue)>, what: &str) -> JsResult<Ts<FoldOutcome>> {
    let FoldOutcome::Folded { node, .. } = &mut outcome else { return output(&outcome, what) };
    let raw = std::mem::take(&mut node.raw_content);
    let normalized = std::mem::take(&mut node.normalized_content);
    // Tens of thousands of identifiers for a large payload: one string crossing, split in JS, instead of one
    // crossing each (they never hold a newline, being runs of word chars, but that is checked, not assumed).
    #[cfg(not(fast_fold))]
    let identifiers = if node.identifiers.len() > 64 && !node.identifiers.iter().any(|s| s.contains('\n')) {
        Some(std::mem::take(&mut node.identifiers))
    } else {
        None
    };
    #[cfg(fast_fold)]
    let identifiers = joined_identifiers(&mut node.identifiers);
    let js = output(&outcome, what)?;
    let raw_js = match given {
        Some((at, js)) if at == TextAt::of(&raw) && js.is_string() => js,
        _ => JsValue::from_str(&raw),
    };
    let normalized_js = if same_bytes(normalized.as_bytes(), raw.as_bytes()) { raw_js.clone() } else { JsValue::from_str(&normalized) };
    let set = |obj: &JsValue, key: &str, value: &JsValue| {
        Reflect::set(obj, &JsValue::from_str(key), value).map(drop).map_err(|e| {
            JsValue::from(Error::invalid_input(format!("{what}: the result cannot be represented in JavaScript: {}", js_message(&e))))
        })
    };
    let node_js = Reflect::get(&js.js_value(), &JsValue::from_str("node")).map_err(|e| {
        JsValue::from(Error::invalid_input(format!("{what}: the result cannot be represented in JavaScript: {}", js_message(&e))))
    })?;
    // The keys exist already (written as empty strings), so they keep their place in the object.
    set(&node_js, "rawContent", &raw_js)?;
    set(&node_js, "normalizedContent", &normalized_js)?;
    if let Some(identifiers) = identifiers {
        // More than 64 of them: the joined text is never empty, and splits into exactly these strings.
        #[cfg(not(fast_fold))]
        let identifiers = identifiers.join("\n");
        let joined = JsString::from(identifiers);
        set(&node_js, "identifiers", &joined.split("\n").into())?;
    }
    Ok(js)
}

/// A list of results, each as [`output`] gives it.
pub fn outputs<T: Tsify + Serialize>(values: &[T], what: &str) -> JsResult<Vec<Ts<T>>> {
    values.iter().map(|v| output(v, what)).collect()
}

/// The limits as JS sees them (numbers).
#[derive(Debug, Clone, Copy, Serialize, serde::Deserialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub struct LimitsView {
    pub max_payload_bytes: f64,
    pub max_prompt_bytes: f64,
    pub max_index_bytes: f64,
    pub max_index_entries: f64,
    /// UTF-8 bytes of all the inputs of one `foldMany` (a multiple of `maxPayloadBytes`; not an option).
    pub max_batch_bytes: f64,
}

impl From<Limits> for LimitsView {
    fn from(l: Limits) -> Self {
        LimitsView {
            max_payload_bytes: l.max_payload_bytes as f64,
            max_prompt_bytes: l.max_prompt_bytes as f64,
            max_index_bytes: l.max_index_bytes as f64,
            max_index_entries: l.max_index_entries as f64,
            max_batch_bytes: l.max_payload_bytes.saturating_mul(crate::limits::BATCH_PAYLOADS) as f64,
        }
    }
}

/// The identifiers joined by newlines, taken from the list, when more than 64 and none holds a newline
/// ([`folded_output`]'s test, with feature `fast-fold`): joined first, then checked by counting the joined text's
/// newlines eight bytes at a time (one per gap, none more) instead of searching each word.
#[cfg(fast_fold)]
fn joined_identifiers(identifiers: &mut Vec<String>) -> Option<String> {
    if identifiers.len() <= 64 {
        return None;
    }
    let joined = identifiers.join("\n");
    let separators_only = crate::text::swar::count_byte(joined.as_bytes(), b'\n') == identifiers.len() - 1;
    separators_only.then(|| {
        identifiers.clear();
        joined
    })
}
