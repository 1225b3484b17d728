//! `validate` on two threads: the checker elsewhere a host may give `Engine.validate` (`checkElsewhere`), the wire
//! form of the batches it is handed, and `checkColdNodes`, which that checker runs on its side (a worker thread with
//! its own instance of this module and its own storage over the same store). The checks are the engine's
//! (`validate::check_nodes`); this module only carries them across. In the Node package's wasm only (cfg
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
use crate::validate::{self, CheckElsewhere, NodeCheck, NodeToCheck};

/// One cold node to check, as a checker elsewhere receives it.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ColdNodeToCheck {
    /// The entry's step id.
    pub step_id: i64,
    /// The node's store key.
    pub key: String,
    /// The node's resolved location (for messages).
    pub path: String,
    /// The artifact hash the index entry expects, as JSON text (absent: the entry has none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expected: Option<String>,
}

/// The host's checker (`checkElsewhere`, `pause`).
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
    async fn check(&self, nodes: &[NodeToCheck], integrity: bool) -> Result<Vec<NodeCheck>> {
        let wire: Vec<ColdNodeToCheck> = nodes
            .iter()
            .map(|n| ColdNodeToCheck {
                step_id: n.step_id,
                key: n.key.clone(),
                path: n.path.clone(),
                expected: n.expected.as_ref().map(|v| String::from_utf8_lossy(&json::to_canonical(v)).into_owned()),
            })
            .collect();
        let arg = serde_wasm_bindgen::to_value(&wire).map_err(|e| Error::invalid_input(format!("checkElsewhere: {e}")))?;
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

/// Load and check cold nodes over `storage`, as `validate` does: what a checker elsewhere answers.
#[wasm_bindgen(js_name = checkColdNodes, unchecked_return_type = "NodeCheck[]")]
pub async fn check_cold_nodes(
    #[wasm_bindgen(unchecked_param_type = "Storage")] storage: JsValue,
    #[wasm_bindgen(unchecked_param_type = "ColdNodeToCheck[]")] nodes: JsValue,
    integrity: bool,
) -> JsResult<JsValue> {
    let storage = HostStorage::new(storage)?;
    let wire: Vec<ColdNodeToCheck> = from_js(&nodes, "checkColdNodes: nodes")?;
    let nodes = wire
        .into_iter()
        .map(|w| {
            let expected = match w.expected {
                Some(text) => Some(json::parse_str(&text).map_err(|_| Error::invalid_input("checkColdNodes: nodes: expected is not JSON"))?),
                None => None,
            };
            Ok(NodeToCheck { step_id: w.step_id, key: w.key, path: w.path, expected })
        })
        .collect::<Result<Vec<_>>>()?;
    let checks = validate::check_nodes(&storage, &nodes, integrity).await?;
    Ok(serde_wasm_bindgen::to_value(&checks).map_err(|e| Error::invalid_input(format!("checkColdNodes: {e}")))?)
}
