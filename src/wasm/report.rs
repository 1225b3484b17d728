//! The reference's console text (`crate::report`) for the CLI: each `render*` takes a result as the engine
//! returned it (checked and converted back, see `convert::from_js`) and returns the exact text to print.

use wasm_bindgen::prelude::*;

use super::convert::{self, from_js};
use super::errors::code_from_str;
use super::JsResult;
use crate::types::{Eviction, Hydrated, Status};
use crate::error::Error;
use crate::recall::RecallCandidate;
use crate::report;
use crate::scan::ScanResult;
use crate::validate::Validation;

/// A `FoldOutcome` as JS holds it, read as a plain struct: deriving the tagged enum's `Deserialize` buffers
/// every field through serde's generic content machinery, which costs the package several kilobytes.
#[derive(serde::Deserialize)]
struct FoldOutcomeArg {
    kind: String,
    node: Option<crate::types::ColdNode>,
    entry: Option<crate::types::IndexEntry>,
}

/// `cmd_fold`'s output for a fold outcome.
#[wasm_bindgen(js_name = renderFold)]
pub fn render_fold(#[wasm_bindgen(unchecked_param_type = "FoldOutcome")] outcome: JsValue) -> JsResult<String> {
    let what = "renderFold: outcome";
    let FoldOutcomeArg { kind, node, entry } = from_js(&outcome, what)?;
    match (kind.as_str(), node, entry) {
        ("folded", Some(node), _) => Ok(report::fold_folded(&node)),
        ("duplicate", _, Some(entry)) => Ok(report::fold_duplicate(entry.step_id)),
        _ => Err(JsValue::from(Error::invalid_input(format!(
            "{what} is malformed: expected {{kind: \"folded\", node}} or {{kind: \"duplicate\", entry}}"
        )))),
    }
}

/// `cmd_scan`'s output.
#[wasm_bindgen(js_name = renderScan)]
pub fn render_scan(#[wasm_bindgen(unchecked_param_type = "ScanResult")] result: JsValue) -> JsResult<String> {
    Ok(report::scan(&from_js::<ScanResult>(&result, "renderScan: result")?))
}

/// `cmd_recall`'s output; `indexEmpty` is whether the index had no nodes at all.
#[wasm_bindgen(js_name = renderRecall)]
pub fn render_recall(
    #[wasm_bindgen(unchecked_param_type = "string")] query: JsValue,
    #[wasm_bindgen(unchecked_param_type = "RecallCandidate[]")] candidates: JsValue,
    #[wasm_bindgen(js_name = indexEmpty, unchecked_param_type = "boolean")] index_empty: JsValue,
) -> JsResult<String> {
    let query = convert::string(&query, "renderRecall: query")?;
    let candidates: Vec<RecallCandidate> = from_js(&candidates, "renderRecall: candidates")?;
    let index_empty = convert::boolean(&index_empty, "renderRecall: indexEmpty")?;
    Ok(report::recall(&query, &candidates, index_empty))
}

/// `cmd_hydrate`'s output.
#[wasm_bindgen(js_name = renderHydrate)]
pub fn render_hydrate(#[wasm_bindgen(unchecked_param_type = "Hydrated")] hydrated: JsValue) -> JsResult<String> {
    Ok(report::hydrate(&from_js::<Hydrated>(&hydrated, "renderHydrate: hydrated")?))
}

/// `cmd_evict`'s output.
#[wasm_bindgen(js_name = renderEvict)]
pub fn render_evict(#[wasm_bindgen(unchecked_param_type = "Eviction")] eviction: JsValue) -> JsResult<String> {
    Ok(report::evict(&from_js::<Eviction>(&eviction, "renderEvict: eviction")?))
}

/// `cmd_status`'s output.
#[wasm_bindgen(js_name = renderStatus)]
pub fn render_status(#[wasm_bindgen(unchecked_param_type = "Status")] status: JsValue) -> JsResult<String> {
    Ok(report::status(&from_js::<Status>(&status, "renderStatus: status")?))
}

/// `cmd_validate`'s output.
#[wasm_bindgen(js_name = renderValidate)]
pub fn render_validate(#[wasm_bindgen(unchecked_param_type = "Validation")] validation: JsValue) -> JsResult<String> {
    Ok(report::validate(&from_js::<Validation>(&validation, "renderValidate: validation")?))
}

/// Ours, printed after `renderValidate`'s screen (not under `--reference`): schema violations and the repair hint.
#[wasm_bindgen(js_name = renderValidateNotes)]
pub fn render_validate_notes(#[wasm_bindgen(unchecked_param_type = "Validation")] validation: JsValue) -> JsResult<String> {
    Ok(report::validate_notes(&from_js::<Validation>(&validation, "renderValidateNotes: validation")?))
}

/// The console text of `contextfold repair`.
#[wasm_bindgen(js_name = renderRepair)]
pub fn render_repair(#[wasm_bindgen(unchecked_param_type = "RepairReport")] report: JsValue) -> JsResult<String> {
    Ok(report::repair(&from_js::<crate::repair::RepairReport>(&report, "renderRepair: report")?))
}

/// The usage screen.
#[wasm_bindgen(js_name = renderUsage)]
pub fn render_usage() -> String {
    report::usage()
}

/// `Unknown command: '<cmd>'` and the usage screen.
#[wasm_bindgen(js_name = renderUnknownCommand)]
pub fn render_unknown_command(#[wasm_bindgen(unchecked_param_type = "string")] command: JsValue) -> JsResult<String> {
    Ok(report::unknown_command(&convert::string(&command, "renderUnknownCommand: command")?))
}

/// The one-line usage of a command that lacks its argument, or `undefined` for a command without one.
#[wasm_bindgen(js_name = renderCommandUsage)]
pub fn render_command_usage(
    #[wasm_bindgen(unchecked_param_type = "string")] command: JsValue,
) -> JsResult<Option<String>> {
    Ok(report::command_usage(&convert::string(&command, "renderCommandUsage: command")?))
}

/// The stderr text of an engine error, from its stable code (`"NODE_NOT_FOUND"`, ...) and message.
#[wasm_bindgen(js_name = renderError)]
pub fn render_error(
    #[wasm_bindgen(unchecked_param_type = "string")] code: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] message: JsValue,
) -> JsResult<String> {
    let code = error_code(&code, "renderError: code")?;
    let message = convert::string(&message, "renderError: message")?;
    Ok(report::error(&Error::new(code, message)))
}

/// The CLI exit status for an error code.
#[wasm_bindgen(js_name = exitCode)]
pub fn exit_code(#[wasm_bindgen(unchecked_param_type = "ErrorCode")] code: JsValue) -> JsResult<i32> {
    Ok(error_code(&code, "exitCode: code")?.exit_code())
}

/// The stderr text of a bad argument.
#[wasm_bindgen(js_name = renderBadArgument)]
pub fn render_bad_argument(#[wasm_bindgen(unchecked_param_type = "string")] message: JsValue) -> JsResult<String> {
    Ok(report::bad_argument(&convert::string(&message, "renderBadArgument: message")?))
}

fn error_code(code: &JsValue, what: &str) -> JsResult<crate::error::ErrorCode> {
    let code = convert::string(code, what)?;
    code_from_str(&code)
        .ok_or_else(|| Error::invalid_input(format!("{what} is not an error code: {code:?}")).into())
}
