//! What the `contextfold` bin needs besides the console text: Python's `int()` for a step id argument
//! (`crate::number`) and Python's `repr()` of a str, for its own messages (`text::python_str_repr`).
//!
//! Lone surrogates are accepted here, unlike everywhere else in the bindings: a command-line argument, a path
//! or an environment variable may hold one (a Windows argv is UTF-16 and not checked; Python's own argv holds
//! them too, through `surrogateescape`). They are what they are for Python: never a digit or whitespace, and
//! `\udXXX` in a repr. Rejecting them would turn a plain "invalid literal" into an unrelated error.

use js_sys::JsString;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use super::convert::{self, MAX_SAFE_INTEGER};
use super::JsResult;
use crate::error::Error;
use crate::number::{self, IntError};

/// A JS string: `Ok` when it is valid UTF-16, else its code units (lone surrogates kept).
fn js_text(v: &JsValue, what: &str) -> JsResult<Result<String, Vec<u16>>> {
    let Some(s) = v.dyn_ref::<JsString>() else {
        // Not a string: `convert::string` gives the bindings' usual message ("... must be a string, got ...").
        return Err(convert::string(v, what).err().unwrap_or_else(|| Error::invalid_input(what)).into());
    };
    Ok(match s.as_string() {
        Some(text) if s.is_valid_utf16() => Ok(text),
        _ => Err(s.iter().collect()),
    })
}

/// Python `int(text)` for a step id, within the JS safe integers. Throws `InvalidInputError`
/// (`INVALID_INPUT`) whose message is Python's `ValueError` text (invalid literal, digit limit) or
/// `step id N is out of range (at most 9007199254740991 in absolute value)`.
#[wasm_bindgen(js_name = parseStepId)]
pub fn parse_step_id(#[wasm_bindgen(unchecked_param_type = "string")] text: JsValue) -> JsResult<f64> {
    let parsed = match js_text(&text, "parseStepId: text")? {
        Ok(s) => number::python_int(&s),
        Err(units) => number::python_int_utf16(&units),
    };
    let out_of_range = |value: &dyn std::fmt::Display| {
        format!("step id {value} is out of range (at most {MAX_SAFE_INTEGER} in absolute value)")
    };
    let message = match parsed {
        Ok(v) if v.unsigned_abs() <= MAX_SAFE_INTEGER as u128 => return Ok(v as f64),
        Ok(v) => out_of_range(&v),
        Err(IntError::TooLarge { value }) => out_of_range(&value),
        Err(e) => e.to_string(),
    };
    Err(Error::invalid_input(message).into())
}

/// Python `repr(text)` of a str.
#[wasm_bindgen(js_name = pythonRepr)]
pub fn python_repr(#[wasm_bindgen(unchecked_param_type = "string")] text: JsValue) -> JsResult<String> {
    Ok(match js_text(&text, "pythonRepr: text")? {
        Ok(s) => crate::text::python_str_repr(&s),
        Err(units) => number::python_repr_utf16(&units),
    })
}
