//! The exported `Engine` class: one open store over a JS `Storage`. Every method checks its input, waits its
//! turn on the engine lock (overlapping calls run one at a time, in call order), calls the engine, and returns
//! the result as a plain JS object typed by tsify. Errors are thrown as described in `errors.rs`.

use js_sys::Function;
use serde::Serialize;
use tsify::{Ts, Tsify};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use super::errors::js_message;
use super::JsResult;
use super::input;
use super::lock::AsyncMutex;
use super::storage::HostStorage;
use crate::engine::{
    format_utc, Clock, ColdNode, ContextFold, Eviction, FoldOutcome, Hydrated, IndexEntry, Options, Status,
    TokenCounter, Turn,
};
use crate::error::{Error, Result};
use crate::limits::Limits;
use crate::repair::RepairReport;
use crate::folded_step::FoldedStep;
use crate::policy::Policy;
use crate::recall::RecallCandidate;
use crate::scan::ScanResult;
use crate::validate::Validation;

#[wasm_bindgen(typescript_custom_section)]
const OPTIONS_TS: &'static str = r#"
/** How a store is opened; every field has the reference's default. */
export interface OpenOptions {
  /** The wall clock, UTC to the second, "2026-01-01T00:00:00Z". Called synchronously. Default: the JS Date. */
  clock?: () => string;
  /** Tokens in a text; must return a finite integer >= 0. Called synchronously. Default: code points / 4. */
  tokenCounter?: (text: string) => number;
  /** The active policy in place of `.contextfold/hydration_policy.json` (not written to the store). */
  policy?: object;
  /** The policy a new store gets (no policy file, index, journal or cold node yet), written as
   *  `hydration_policy.json` at its first fold. Default `DEFAULT_POLICY` (the reference's plus
   *  `"redaction": "secrets-v1"`); `REFERENCE_POLICY` is strict reference behaviour and writes nothing. */
  defaultPolicy?: object;
  /** Append one journal line per fold or eviction instead of rewriting `recall_index.json` each time (needs
   *  `storage.append`). The reference files are written by `checkpoint()` / `close()`, and by the engine
   *  itself whenever the journal has grown as large as the index. Default true; `false` is the reference's
   *  behaviour (every fold and eviction rewrites the reference files, so a fold costs more as the store grows). */
  journal?: boolean;
  /** Ceilings on what one call may hand the engine (see `Limits`); each may only be lowered. */
  limits?: Partial<Limits>;
}

/** Ceilings on input sizes; exceeding one throws `LimitExceededError` (code `LIMIT_EXCEEDED`) and changes nothing. */
export interface Limits {
  /** UTF-8 bytes of one fold's text (summary + raw content + lists + session id). Default 64 MiB. */
  maxPayloadBytes: number;
  /** UTF-8 bytes of a prompt or query (scan, beforeTurn, recall). Default 16 MiB. */
  maxPromptBytes: number;
  /** Bytes of recall_index.json (and of its journal) the engine reads. Default 512 MiB. */
  maxIndexBytes: number;
  /** Entries in the recall index; a fold beyond it is refused. Default 250,000. */
  maxIndexEntries: number;
}

/** Per-call options of `beforeTurn` (and of `scan`). */
export interface TurnOptions {
  /** The turn budget (tokens) for this call in place of the policy's `max_rehydration_tokens_per_turn`; the
   *  per-call cap stays the policy's. */
  turnBudget?: number;
  /** Steps already in the model's context (e.g. injected earlier): when the selection picks one, it answers its
   *  terms at cost 0, is listed in `inContext` of the result and is not hydrated again. */
  inContext?: number[];
  /** The selection mode when the store's policy names none (no `selection` key): `"ranked-v1"` or
   *  `"ipcf-projection-v2"` (the reference's scan, the default). A policy's `selection` key always wins; an
   *  unknown name is an InvalidInputError. The hooks and integrations pass `"ranked-v1"`. */
  defaultSelection?: SelectionMode;
}

/** A selection mode (policy key `selection`, option `defaultSelection`). */
export type SelectionMode = "ipcf-projection-v2" | "ranked-v1";

/** Options of `scan`. */
export interface ScanOptions extends TurnOptions {
  /** List every matching node in `candidates` (`true`, the reference's result, the default); only select
   *  (`false`: `candidates` is empty and `candidatesListed` false; the selection is the same, found without
   *  visiting every matching node); or list the first `n` in display order (a number; `candidatesTotal` says how
   *  many match in all). */
  candidates?: boolean | number;
}
"#;

/// An open store. Obtain one with `Engine.open(storage, options)`.
#[wasm_bindgen]
pub struct Engine {
    inner: AsyncMutex<ContextFold<HostStorage>>,
    /// The store's limits, readable without waiting for the engine (input is checked before it is copied in).
    limits: Limits,
}

/// `LimitExceeded` when a JS string is longer (in UTF-16 units, each at least one UTF-8 byte) than `max` bytes:
/// checked before the string is copied into wasm memory.
fn check_js_length(v: &JsValue, max: usize, what: &str, kind: &str) -> Result<()> {
    let units = input::string_units(v);
    if units > max {
        return Err(Error::limit(format!(
            "{what}: {units} UTF-16 units (at least as many UTF-8 bytes) is over the {kind} limit of {max} bytes; nothing was done"
        )));
    }
    Ok(())
}

/// The fold fields a limit counts, checked on the JS side of the boundary.
fn check_fold_lengths(v: &JsValue, limits: &Limits, what: &str) -> Result<usize> {
    if !v.is_object() {
        return Ok(0); // the input check words the error
    }
    let mut total = 0usize;
    for key in ["summary", "rawContent", "sessionId"] {
        if let Ok(x) = js_sys::Reflect::get(v, &JsValue::from_str(key)) {
            total = total.saturating_add(input::string_units(&x));
        }
    }
    if total > limits.max_payload_bytes {
        return Err(Error::limit(format!(
            "{what}: {total} UTF-16 units (at least as many UTF-8 bytes) is over the payload limit of {} bytes (limits.maxPayloadBytes); nothing was written",
            limits.max_payload_bytes
        )));
    }
    Ok(total)
}

fn limits_option(options: &JsValue) -> Result<Limits> {
    let v = input::get(options, "limits", "open: options.limits")?;
    if v.is_undefined() || v.is_null() {
        return Ok(Limits::default());
    }
    input::object(&v, "open: options.limits")?;
    let field = |key: &str| -> Result<Option<usize>> {
        let what = format!("open: options.limits.{key}");
        let x = input::get(&v, key, &what)?;
        if x.is_undefined() {
            return Ok(None);
        }
        Ok(Some(usize::try_from(input::count(&x, &what)?).unwrap_or(usize::MAX)))
    };
    Limits::lowered(field("maxPayloadBytes")?, field("maxPromptBytes")?, field("maxIndexBytes")?, field("maxIndexEntries")?)
}

/// A result as the JS object its tsify type declares (`Option::None` as `undefined`, as the types say).
pub(super) fn output<T: Tsify + Serialize>(value: &T, what: &str) -> JsResult<Ts<T>> {
    value.into_ts().map_err(|e| {
        Error::invalid_input(format!("{what}: the result cannot be represented in JavaScript: {e}")).into()
    })
}

fn outputs<T: Tsify + Serialize>(values: &[T], what: &str) -> JsResult<Vec<Ts<T>>> {
    values.iter().map(|v| output(v, what)).collect()
}

/// The host's `clock`, or the JS `Date` (UTC, to the second).
fn clock(f: Option<Function>) -> Clock {
    match f {
        None => Box::new(|| Ok(format_utc((js_sys::Date::now() / 1000.0).floor() as i64))),
        Some(f) => Box::new(move || {
            let v = f
                .call0(&JsValue::UNDEFINED)
                .map_err(|e| Error::invalid_input(format!("options.clock threw: {}", js_message(&e))))?;
            input::string(&v, "options.clock() result")
        }),
    }
}

fn token_counter(f: Function) -> TokenCounter {
    Box::new(move |text| {
        let v = f
            .call1(&JsValue::UNDEFINED, &JsValue::from_str(text))
            .map_err(|e| Error::invalid_input(format!("options.tokenCounter threw: {}", js_message(&e))))?;
        input::count(&v, "options.tokenCounter() result")
    })
}

fn optional_function(options: &JsValue, key: &str) -> Result<Option<Function>> {
    let what = format!("open: options.{key}");
    let v = input::get(options, key, &what)?;
    if v.is_undefined() {
        Ok(None)
    } else if v.is_function() {
        Ok(Some(v.unchecked_into()))
    } else {
        Err(Error::invalid_input(format!("{what} must be a function, got {}", input::type_name(&v))))
    }
}

fn open_options(options: &JsValue) -> Result<Options> {
    if options.is_undefined() || options.is_null() {
        return Ok(Options { clock: Some(clock(None)), journal: true, ..Options::default() });
    }
    input::object(options, "open: options")?;
    let clock_fn = optional_function(options, "clock")?;
    let counter_fn = optional_function(options, "tokenCounter")?;
    let policy = input::get(options, "policy", "open: options.policy")?;
    let policy = if policy.is_undefined() || policy.is_null() {
        None
    } else {
        input::object(&policy, "open: options.policy")?;
        Some(input::json_value(&policy, "open: options.policy")?)
    };
    let journal = input::get(options, "journal", "open: options.journal")?;
    // The package journals by default (the fast path); the Rust API's default is the reference's behaviour.
    let journal = if journal.is_undefined() { true } else { input::boolean(&journal, "open: options.journal")? };
    let default_policy = input::get(options, "defaultPolicy", "open: options.defaultPolicy")?;
    let default_policy = if default_policy.is_undefined() || default_policy.is_null() {
        None
    } else {
        input::object(&default_policy, "open: options.defaultPolicy")?;
        Some(Policy { raw: input::json_value(&default_policy, "open: options.defaultPolicy")? })
    };
    let limits = limits_option(options)?;
    Ok(Options { clock: Some(clock(clock_fn)), token_counter: counter_fn.map(token_counter), policy, journal, default_policy, limits })
}

#[wasm_bindgen]
impl Engine {
    /// Open the store: check the storage and options, read the index if there is one. Nothing is written.
    pub async fn open(
        #[wasm_bindgen(unchecked_param_type = "Storage")] storage: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "OpenOptions")] options: JsValue,
    ) -> JsResult<Engine> {
        let storage = HostStorage::new(storage)?;
        let options = open_options(&options)?;
        let limits = options.limits;
        let engine = ContextFold::open(storage, options).await?;
        Ok(Engine { inner: AsyncMutex::new(engine), limits })
    }

    /// Repair a store without opening it (its index may be damaged): see `repair`.
    #[wasm_bindgen(js_name = repairStore)]
    pub async fn repair_store(
        #[wasm_bindgen(unchecked_param_type = "Storage")] storage: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "OpenOptions")] options: JsValue,
    ) -> JsResult<Ts<RepairReport>> {
        let storage = HostStorage::new(storage)?;
        let options = open_options(&options)?;
        let report = crate::engine::repair_store(storage, options).await?;
        output(&report, "repair")
    }

    /// Re-index verified orphans, rebuild a lost or damaged index from the cold nodes, move what does not verify
    /// into `.contextfold/quarantine/` (never deleting a cold node), under the store's write lock.
    pub async fn repair(&self) -> JsResult<Ts<RepairReport>> {
        let mut engine = self.inner.lock().await?;
        let report = engine.repair().await?;
        output(&report, "repair")
    }

    /// The limits this store was opened with.
    pub fn limits(&self) -> JsResult<Ts<LimitsView>> {
        output(&LimitsView::from(self.limits), "limits")
    }

    /// Fold one turn into a cold node (spec §5); a step already indexed is a `duplicate` and writes nothing.
    pub async fn fold(&self, #[wasm_bindgen(unchecked_param_type = "FoldInput")] input: JsValue) -> JsResult<Ts<FoldOutcome>> {
        check_fold_lengths(&input, &self.limits, "fold")?;
        let input = input::fold_input(&input)?;
        let mut engine = self.inner.lock().await?;
        let outcome = engine.fold(input).await?;
        output(&outcome, "fold")
    }

    /// Fold many turns with one index write: all of them or, on any error, none.
    #[wasm_bindgen(js_name = foldMany)]
    pub async fn fold_many(
        &self,
        #[wasm_bindgen(unchecked_param_type = "FoldInput[]")] inputs: JsValue,
    ) -> JsResult<Vec<Ts<FoldOutcome>>> {
        if !js_sys::Array::is_array(&inputs) {
            return Err(JsValue::from(Error::invalid_input(format!(
                "foldMany: inputs must be an array, got {}",
                input::type_name(&inputs)
            ))));
        }
        let array: &js_sys::Array = inputs.unchecked_ref();
        let mut list = Vec::with_capacity(array.length() as usize);
        let mut total = 0usize;
        for v in array.iter() {
            total = total.saturating_add(check_fold_lengths(&v, &self.limits, "foldMany")?);
        }
        self.limits.check_batch(total, "foldMany")?;
        for (i, v) in array.iter().enumerate() {
            let name = format!("foldMany: inputs[{i}]");
            list.push(input::fold_input_named(&v, &name, &format!("{name}."))?);
        }
        let mut engine = self.inner.lock().await?;
        let outcomes = engine.fold_many(list).await?;
        outputs(&outcomes, "foldMany")
    }

    /// Write `recall_index.json` and `eviction_log.json` from the journal, then drop it (a no-op without one).
    pub async fn checkpoint(&self) -> JsResult<()> {
        let mut engine = self.inner.lock().await?;
        Ok(engine.checkpoint().await?)
    }

    /// Whether this engine journals its changes (`journal: true` and a storage with `append`).
    pub async fn journaling(&self) -> JsResult<bool> {
        let engine = self.inner.lock().await?;
        Ok(engine.journaling())
    }

    /// Scan a prompt against the index (spec §7), with per-call options (`turnBudget`, `inContext`).
    pub async fn scan(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] prompt: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "ScanOptions")] options: JsValue,
    ) -> JsResult<Ts<ScanResult>> {
        check_js_length(&prompt, self.limits.max_prompt_bytes, "scan: prompt", "prompt")?;
        let prompt = input::string(&prompt, "scan: prompt")?;
        let mode = input::candidate_mode(&options, "scan: options")?;
        let options = input::turn_options(&options, "scan: options")?;
        let engine = self.inner.lock().await?;
        let result = engine.scan_listing(&prompt, &options, mode).await?;
        output(&result, "scan")
    }

    /// The selection of `scan` without the candidate list (`candidatesListed: false`), found without
    /// enumerating every matching node: what `beforeTurn` uses.
    #[wasm_bindgen(js_name = scanSelection)]
    pub async fn scan_selection(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] prompt: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "ScanOptions")] options: JsValue,
    ) -> JsResult<Ts<ScanResult>> {
        check_js_length(&prompt, self.limits.max_prompt_bytes, "scan: prompt", "prompt")?;
        let prompt = input::string(&prompt, "scan: prompt")?;
        let options = input::turn_options(&options, "scan: options")?;
        let engine = self.inner.lock().await?;
        let result = engine.scan_selection_with(&prompt, &options).await?;
        output(&result, "scanSelection")
    }

    /// Recall by query (spec §6), best first.
    pub async fn recall(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] query: JsValue,
    ) -> JsResult<Vec<Ts<RecallCandidate>>> {
        check_js_length(&query, self.limits.max_prompt_bytes, "recall: query", "prompt")?;
        let query = input::string(&query, "recall: query")?;
        let engine = self.inner.lock().await?;
        outputs(&engine.recall(&query).await?, "recall")
    }

    /// Hydrate one node, verified and bounded (spec §8).
    pub async fn hydrate(&self, #[wasm_bindgen(js_name = stepId, unchecked_param_type = "number")] step_id: JsValue) -> JsResult<Ts<Hydrated>> {
        let step_id = input::step_id(&step_id, "hydrate: stepId")?;
        let engine = self.inner.lock().await?;
        let hydrated = engine.hydrate(step_id).await?;
        output(&hydrated, "hydrate")
    }

    /// Mark a node evicted and log the event (spec §11).
    pub async fn evict(&self, #[wasm_bindgen(js_name = stepId, unchecked_param_type = "number")] step_id: JsValue) -> JsResult<Ts<Eviction>> {
        let step_id = input::step_id(&step_id, "evict: stepId")?;
        let mut engine = self.inner.lock().await?;
        let eviction = engine.evict(step_id).await?;
        output(&eviction, "evict")
    }

    /// Counts and the node list (spec §12).
    pub async fn status(&self) -> JsResult<Ts<Status>> {
        let engine = self.inner.lock().await?;
        let status = engine.status().await?;
        output(&status, "status")
    }

    /// Audit every entry and look for orphans (spec §13).
    pub async fn validate(&self) -> JsResult<Ts<Validation>> {
        let engine = self.inner.lock().await?;
        let validation = engine.validate().await?;
        output(&validation, "validate")
    }

    /// pre_turn_dispatch: scan the prompt and hydrate every selected node (CONF-13), with per-call options.
    #[wasm_bindgen(js_name = beforeTurn)]
    pub async fn before_turn(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] prompt: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "TurnOptions")] options: JsValue,
    ) -> JsResult<Ts<Turn>> {
        check_js_length(&prompt, self.limits.max_prompt_bytes, "beforeTurn: prompt", "prompt")?;
        let prompt = input::string(&prompt, "beforeTurn: prompt")?;
        let options = input::turn_options(&options, "beforeTurn: options")?;
        let engine = self.inner.lock().await?;
        let turn = engine.before_turn_with(&prompt, &options).await?;
        output(&turn, "beforeTurn")
    }

    /// post_turn_response: evict every node the turn hydrated (CONF-07).
    #[wasm_bindgen(js_name = afterResponse)]
    pub async fn after_response(&self, #[wasm_bindgen(unchecked_param_type = "Turn")] turn: JsValue) -> JsResult<Vec<Ts<Eviction>>> {
        let turn: Turn = input::from_js(&turn, "afterResponse: turn")?;
        let mut engine = self.inner.lock().await?;
        let evictions = engine.after_response(&turn).await?;
        outputs(&evictions, "afterResponse")
    }

    /// The stored cold node of a step, read as hydrate reads it (containment, then verification unless the
    /// policy turns it off). Throws like hydrate; writes nothing.
    pub async fn node(
        &self,
        #[wasm_bindgen(js_name = stepId, unchecked_param_type = "number")] step_id: JsValue,
    ) -> JsResult<Ts<ColdNode>> {
        let step_id = input::step_id(&step_id, "node: stepId")?;
        let engine = self.inner.lock().await?;
        let node = engine.node(step_id).await?;
        output(&node, "node")
    }

    /// The index entry of a step, or `undefined`.
    pub async fn entry(
        &self,
        #[wasm_bindgen(js_name = stepId, unchecked_param_type = "number")] step_id: JsValue,
    ) -> JsResult<Option<Ts<IndexEntry>>> {
        let step_id = input::step_id(&step_id, "entry: stepId")?;
        let engine = self.inner.lock().await?;
        engine.lookup_entry(step_id).await?.map(|e| output(&e, "entry")).transpose()
    }

    /// The hot projection of an indexed step (`folded_step.schema.json`); throws `NodeNotFoundError` otherwise.
    #[wasm_bindgen(js_name = foldedStep)]
    pub async fn folded_step(
        &self,
        #[wasm_bindgen(js_name = stepId, unchecked_param_type = "number")] step_id: JsValue,
    ) -> JsResult<Ts<FoldedStep>> {
        let step_id = input::step_id(&step_id, "foldedStep: stepId")?;
        let engine = self.inner.lock().await?;
        let step = engine.folded_step(step_id).await?;
        output(&step, "foldedStep")
    }

    /// The hot projections of the newest `limit` steps (every step without one), newest first.
    #[wasm_bindgen(js_name = foldedSteps)]
    pub async fn folded_steps(
        &self,
        #[wasm_bindgen(unchecked_optional_param_type = "number")] limit: JsValue,
    ) -> JsResult<Vec<Ts<FoldedStep>>> {
        let limit = if limit.is_undefined() {
            None
        } else {
            Some(input::count(&limit, "foldedSteps: limit")? as usize)
        };
        let engine = self.inner.lock().await?;
        outputs(&engine.folded_steps(limit).await?, "foldedSteps")
    }

    /// Tokens of a text by this store's counter (`options.tokenCounter`, else the reference's code points / 4).
    #[wasm_bindgen(js_name = countTokens)]
    pub async fn count_tokens(&self, #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue) -> JsResult<f64> {
        let text = input::string(&text, "countTokens: text")?;
        let engine = self.inner.lock().await?;
        Ok(engine.count_tokens(&text)? as f64)
    }

    /// Re-read the index from storage (after another writer changed it).
    pub async fn reload(&self) -> JsResult<()> {
        let mut engine = self.inner.lock().await?;
        Ok(engine.reload().await?)
    }
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

/// The default limits (the ceilings; `options.limits` may lower them).
#[wasm_bindgen(js_name = defaultLimits)]
pub fn default_limits() -> JsResult<Ts<LimitsView>> {
    output(&LimitsView::from(Limits::default()), "defaultLimits")
}
