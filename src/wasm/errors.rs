//! Engine errors as thrown JS values: an `Error` whose `name` is the reference class name
//! (`NodeNotFoundError`, ...), `message` the engine message and `code` the stable code (`NODE_NOT_FOUND`, ...).

use js_sys::Reflect;
use wasm_bindgen::{JsCast, JsValue};

use crate::error::Error;
#[cfg(feature = "cli")]
use crate::error::ErrorCode;

#[wasm_bindgen::prelude::wasm_bindgen(typescript_custom_section)]
const ERROR_TS: &'static str = r#"
/** The stable code on every error thrown by this package (`error.code`). */
export type ErrorCode =
  | "NODE_NOT_FOUND" | "INTEGRITY_CHECK" | "PATH_CONTAINMENT" | "ORPHANED_NODE"
  | "BROKEN_REFERENCE" | "INVALID_INPUT" | "STORAGE" | "LIMIT_EXCEEDED";
"#;

/// The JS `Error` for an engine error: what `?` turns an engine error into in the bindings.
impl From<Error> for JsValue {
    fn from(e: Error) -> JsValue {
        to_js(e)
    }
}

/// The JS `Error` for an engine error.
pub fn to_js(e: Error) -> JsValue {
    let err = js_sys::Error::new(e.message());
    err.set_name(e.code().class_name());
    // Setting a property on a fresh Error cannot fail; if it somehow did, the name still carries the kind.
    let _ = Reflect::set(&err, &JsValue::from_str("code"), &JsValue::from_str(e.code().as_str()));
    err.into()
}

/// The code of a stable code string (`"NODE_NOT_FOUND"`), if it is one (the CLI's renderers take codes).
#[cfg(feature = "cli")]
pub fn code_from_str(code: &str) -> Option<ErrorCode> {
    [
        ErrorCode::NodeNotFound,
        ErrorCode::IntegrityCheck,
        ErrorCode::PathContainment,
        ErrorCode::OrphanedNode,
        ErrorCode::BrokenReference,
        ErrorCode::InvalidInput,
        ErrorCode::Storage,
        ErrorCode::LimitExceeded,
    ]
    .into_iter()
    .find(|c| c.as_str() == code)
}

/// The message of a thrown JS value: an `Error`'s (or any object's) `message`, a thrown string as is, else
/// the value's type.
pub fn js_message(value: &JsValue) -> String {
    if let Some(err) = value.dyn_ref::<js_sys::Error>() {
        if let Some(m) = JsValue::from(err.message()).as_string() {
            return m;
        }
    }
    if let Some(s) = value.as_string() {
        return s;
    }
    if value.is_object() {
        if let Ok(m) = Reflect::get(value, &JsValue::from_str("message")) {
            if let Some(m) = m.as_string() {
                return m;
            }
        }
    }
    if let Some(n) = value.as_f64() {
        return format!("{n}");
    }
    if let Some(b) = value.as_bool() {
        return b.to_string();
    }
    format!("a thrown {}", super::convert::type_name(value))
}
