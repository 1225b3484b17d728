//! Checked conversion of JS values into engine inputs. Nothing here trusts the TypeScript types: every value
//! is checked for its JS type, every string for lone surrogates (a Rust `String` cannot hold one, and the
//! plain conversion would silently turn it into U+FFFD), every step id for being a safe integer. Errors are
//! `INVALID_INPUT` and name the operation and field, e.g. `fold: summary contains a lone surrogate at index 4`.

use std::collections::BTreeMap;

use js_sys::{Array, JsString, Object, Reflect};
use serde::de::DeserializeOwned;
use wasm_bindgen::{JsCast, JsValue};

use crate::engine::FoldInput;
use crate::error::{Error, Result};
use crate::json::{self, Value};

/// `2^53 - 1`, JS `Number.MAX_SAFE_INTEGER`: the largest integer (a step id) a JS number holds exactly.
pub(crate) const MAX_SAFE_INTEGER: i64 = (1 << 53) - 1;

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

/// A JS string as a Rust `String`, rejecting lone surrogates. `what` names the field (`fold: summary`).
pub fn string(v: &JsValue, what: &str) -> Result<String> {
    let Some(s) = v.as_string() else {
        return Err(invalid(what, format_args!("must be a string, got {}", type_name(v))));
    };
    // The conversion turns each lone surrogate into U+FFFD; only then is the slow code-unit walk needed.
    if s.contains('\u{FFFD}') {
        if let Some(index) = lone_surrogate_index(v.unchecked_ref::<JsString>()) {
            return Err(invalid(what, format_args!("contains a lone surrogate at index {index}")));
        }
    }
    Ok(s)
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

/// `undefined` or `null` is `None`.
pub fn opt_string(v: &JsValue, what: &str) -> Result<Option<String>> {
    if v.is_undefined() || v.is_null() {
        Ok(None)
    } else {
        string(v, what).map(Some)
    }
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

/// A count returned by a host callback: a finite integer ≥ 0 (and at most 2^53 - 1).
pub fn count(v: &JsValue, what: &str) -> Result<i64> {
    let Some(n) = v.as_f64() else {
        return Err(invalid(what, format_args!("must be a finite integer ≥ 0, got {}", type_name(v))));
    };
    if !n.is_finite() || n.fract() != 0.0 || n < 0.0 || n > MAX_SAFE_INTEGER as f64 {
        return Err(invalid(what, format_args!("must be a finite integer ≥ 0, got {}", number_text(n))));
    }
    Ok(n as i64)
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

/// An array of strings; items are named `what[i]`. Reads go through `Reflect`, so even a hostile array
/// (a proxy whose traps throw) gives an error, not a JS exception unwinding through wasm.
pub fn string_list(v: &JsValue, what: &str) -> Result<Vec<String>> {
    if !Array::is_array(v) {
        return Err(invalid(what, format_args!("must be an array of strings, got {}", type_name(v))));
    }
    let length = get(v, "length", what)?.as_f64().unwrap_or(0.0);
    let length = if length.is_finite() && length > 0.0 { length.min(f64::from(u32::MAX)) as u32 } else { 0 };
    (0..length)
        .map(|i| {
            let item_what = format!("{what}[{i}]");
            let item = Reflect::get_u32(v, i)
                .map_err(|e| invalid(&item_what, format_args!("cannot be read: {}", super::errors::js_message(&e))))?;
            string(&item, &item_what)
        })
        .collect()
}

pub fn opt_string_list(v: &JsValue, what: &str) -> Result<Option<Vec<String>>> {
    if v.is_undefined() || v.is_null() {
        Ok(None)
    } else {
        string_list(v, what).map(Some)
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

/// `obj[key]`; a throwing getter or proxy trap is an input error.
pub fn get(obj: &JsValue, key: &str, what: &str) -> Result<JsValue> {
    Reflect::get(obj, &JsValue::from_str(key))
        .map_err(|e| invalid(what, format_args!("cannot be read: {}", super::errors::js_message(&e))))
}

/// `fold(input)`: `{stepId?, summary, rawContent?, sessionId?, files?, commands?, errors?}`.
pub fn fold_input(v: &JsValue) -> Result<FoldInput> {
    fold_input_named(v, "fold: input", "fold: ")
}

/// A fold input that messages call `name` (`foldMany: inputs[3]`), its fields `{prefix}{key}`.
pub fn fold_input_named(v: &JsValue, name: &str, prefix: &str) -> Result<FoldInput> {
    object(v, name)?;
    let field = |key: &str| -> Result<(JsValue, String)> {
        let what = format!("{prefix}{key}");
        Ok((get(v, key, &what)?, what))
    };
    let (x, what) = field("stepId")?;
    let step_id = if x.is_undefined() { None } else { Some(step_id(&x, &what)?) };
    let (x, what) = field("summary")?;
    let summary = string(&x, &what)?;
    let (x, what) = field("rawContent")?;
    let raw_content = opt_string(&x, &what)?;
    let (x, what) = field("sessionId")?;
    let session_id = opt_string(&x, &what)?;
    let (x, what) = field("files")?;
    let files = opt_string_list(&x, &what)?;
    let (x, what) = field("commands")?;
    let commands = opt_string_list(&x, &what)?;
    let (x, what) = field("errors")?;
    let errors = opt_string_list(&x, &what)?;
    Ok(FoldInput { step_id, summary, raw_content, session_id, files, commands, errors })
}

/// The per-call options of a scan or turn: `{turnBudget?: number, inContext?: number[]}` (`candidates`, which the
/// JS layer reads, may be there too). `undefined` gives the defaults.
pub fn turn_options(v: &JsValue, what: &str) -> Result<crate::types::TurnOptions> {
    let mut options = crate::types::TurnOptions::default();
    if v.is_undefined() || v.is_null() {
        return Ok(options);
    }
    object(v, what)?;
    let budget = get(v, "turnBudget", &format!("{what}.turnBudget"))?;
    if !budget.is_undefined() {
        options.turn_budget = Some(step_id(&budget, &format!("{what}.turnBudget"))?);
    }
    let mode = get(v, "defaultSelection", &format!("{what}.defaultSelection"))?;
    if !mode.is_undefined() && !mode.is_null() {
        let name = format!("{what}.defaultSelection");
        let Some(text) = mode.as_string() else {
            return Err(invalid(&name, format_args!("must be a selection mode name, got {}", type_name(&mode))));
        };
        options.default_selection = Some(crate::policy::Selection::parse(&text, &name)?);
    }
    let steps = get(v, "inContext", &format!("{what}.inContext"))?;
    if !steps.is_undefined() {
        let name = format!("{what}.inContext");
        if !js_sys::Array::is_array(&steps) {
            return Err(invalid(&name, format_args!("must be an array of step ids, got {}", type_name(&steps))));
        }
        let array: &js_sys::Array = steps.unchecked_ref();
        for (i, x) in array.iter().enumerate() {
            options.in_context.push(step_id(&x, &format!("{name}[{i}]"))?);
        }
    }
    Ok(options)
}

/// `options.candidates` of a scan: `true` or absent (every candidate), `false` (none), a count (the first ones).
pub fn candidate_mode(v: &JsValue, what: &str) -> Result<crate::scan::CandidateMode> {
    use crate::scan::CandidateMode;
    if v.is_undefined() || v.is_null() {
        return Ok(CandidateMode::All);
    }
    object(v, what)?;
    let name = format!("{what}.candidates");
    let c = get(v, "candidates", &name)?;
    if c.is_undefined() {
        return Ok(CandidateMode::All);
    }
    if let Some(b) = c.as_bool() {
        return Ok(if b { CandidateMode::All } else { CandidateMode::None });
    }
    if c.as_f64().is_some() {
        return Ok(CandidateMode::Top(count(&c, &name)? as usize));
    }
    Err(invalid(&name, format_args!("must be a boolean or a count, got {}", type_name(&c))))
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
pub fn check_strings(v: &JsValue, what: &str) -> Result<()> {
    check_at(v, what, 0)
}

fn check_at(v: &JsValue, what: &str, depth: usize) -> Result<()> {
    if depth > MAX_DEPTH {
        return Err(invalid(what, format_args!("is nested more than {MAX_DEPTH} levels deep (or is cyclic)")));
    }
    if v.is_string() {
        return string(v, what).map(drop);
    }
    if Array::is_array(v) {
        let array = v.unchecked_ref::<Array>();
        for i in 0..array.length() {
            check_at(&array.get(i), &format!("{what}[{i}]"), depth + 1)?;
        }
    } else if v.is_object() && !v.is_function() {
        for key in Object::keys(v.unchecked_ref::<Object>()).iter() {
            let key = string(&key, &format!("{what} key"))?;
            check_at(&get(v, &key, &format!("{what}.{key}"))?, &format!("{what}.{key}"), depth + 1)?;
        }
    }
    Ok(())
}

/// A value of one of the engine's result types handed back by JS (a `Turn`, a `FoldOutcome`, ...).
pub fn from_js<T: DeserializeOwned>(v: &JsValue, what: &str) -> Result<T> {
    check_strings(v, what)?;
    serde_wasm_bindgen::from_value(v.clone()).map_err(|e| invalid(what, format_args!("is malformed: {e}")))
}
