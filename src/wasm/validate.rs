//! `validate` on two threads: the checker elsewhere a host may give `Engine.validate` (`checkElsewhere`), the wire
//! form of the batches it is handed, and `auditEntries`, which that checker runs on its side (a worker thread with
//! its own instance of this module and its own storage over the same store). The checks are the engine's
//! (`validate::audit_entries`); this module only carries them across. In the Node package's wasm only (cfg
//! `read_in_place`, like the rest of `validate`'s speed-ups): the other builds' `Engine.validate` ignores its options.

use js_sys::{Function, Promise};
use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;

use super::convert::{self, from_js, function, optional, Fields};
use super::errors::js_message;
use super::storage::HostStorage;
use super::JsResult;
use crate::error::{Error, Result};
use crate::json;
use crate::validate::{self, BatchAudit, CheckElsewhere, EntryToAudit};

/// One index entry to audit, as a checker elsewhere receives it.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EntryToAuditWire {
    /// The entry's step id.
    pub step_id: i64,
    /// The entry's `file_path` (absent: none, or not a string).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file_path: Option<String>,
    /// The artifact hash the entry expects, as JSON text (absent: the entry has none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expected: Option<String>,
}

/// The host's checker (`checkElsewhere`, with its `prepare` and `pause`).
pub struct JsCheckElsewhere {
    check: Function,
    prepare: Option<Function>,
    pause: Option<Function>,
}

impl JsCheckElsewhere {
    /// The `checkElsewhere` of `validate`'s options, if given.
    pub fn from_options(options: &JsValue) -> Result<Option<Self>> {
        if options.is_undefined() || options.is_null() {
            return Ok(None);
        }
        convert::object(options, "validate: options")?;
        let f = Fields::new(options, "validate: options.");
        let (prepare, pause) = (f.read("prepare", optional(function))?, f.read("pause", optional(function))?);
        Ok(f.read("checkElsewhere", optional(function))?.map(|check| JsCheckElsewhere { check, prepare, pause }))
    }
}

impl CheckElsewhere for JsCheckElsewhere {
    async fn check(&self, entries: &[EntryToAudit], integrity: bool) -> Result<BatchAudit> {
        let arg = apart::to_wire(entries)?;
        let failed = |e: JsValue| Error::storage(format!("checkElsewhere: {}", js_message(&e)));
        let returned = self.check.call2(&JsValue::NULL, &arg, &JsValue::from_bool(integrity)).map_err(failed)?;
        let answer = JsFuture::from(Promise::resolve(&returned)).await.map_err(failed)?;
        from_js(&answer, "checkElsewhere: result")
    }

    fn prepare(&self) {
        // A prepare that throws only means the checker starts at its first batch.
        if let Some(f) = &self.prepare {
            let _ = f.call0(&JsValue::NULL);
        }
    }

    async fn pause(&self) {
        // A pause that fails is no pause: the answers come through at the next one, or at the end.
        if let Some(returned) = self.pause.as_ref().and_then(|f| f.call0(&JsValue::NULL).ok()) {
            let _ = JsFuture::from(Promise::resolve(&returned)).await;
        }
    }
}

/// What runs once per entry of a batch, kept out of the functions that call it (see `validate::apart`).
mod apart {
    use super::*;

    /// A batch of entries as a checker elsewhere receives it.
    #[inline(never)]
    pub(super) fn to_wire(entries: &[EntryToAudit]) -> Result<JsValue> {
        let wire: Vec<EntryToAuditWire> = entries
            .iter()
            .map(|e| EntryToAuditWire {
                step_id: e.step_id,
                file_path: e.file_path.clone(),
                expected: e.expected.as_ref().map(|v| String::from_utf8_lossy(&json::to_canonical(v)).into_owned()),
            })
            .collect();
        serde_wasm_bindgen::to_value(&wire).map_err(|e| Error::invalid_input(format!("checkElsewhere: {e}")))
    }
}

/// Audit index entries over `storage` as `validate` does (containment, existence, artifact and schema checks of
/// their cold nodes): what a checker elsewhere answers.
#[wasm_bindgen(js_name = auditEntries, unchecked_return_type = "BatchAudit")]
pub async fn audit_entries(
    #[wasm_bindgen(unchecked_param_type = "Storage")] storage: JsValue,
    #[wasm_bindgen(unchecked_param_type = "EntryToAudit[]")] entries: JsValue,
    integrity: bool,
) -> JsResult<JsValue> {
    let storage = HostStorage::new(storage)?;
    let wire: Vec<EntryToAuditWire> = from_js(&entries, "auditEntries: entries")?;
    let entries = wire
        .into_iter()
        .map(|w| {
            let expected = match w.expected {
                Some(text) => Some(validate::expected_from_json(&text).ok_or_else(|| Error::invalid_input("auditEntries: entries: expected is not JSON"))?),
                None => None,
            };
            Ok(EntryToAudit { step_id: w.step_id, file_path: w.file_path, expected })
        })
        .collect::<Result<Vec<_>>>()?;
    let audit = validate::audit_entries(&storage, &entries, integrity).await?;
    Ok(serde_wasm_bindgen::to_value(&audit).map_err(|e| Error::invalid_input(format!("auditEntries: {e}")))?)
}
