//! The exported `Engine` class: one open store over a JS `Storage`. Every method decodes its input
//! (`convert`), takes the engine's state, calls the engine, and returns the result as the plain JS object its
//! tsify type declares (`convert::output`). Errors are thrown as described in `errors.rs`.
//!
//! Calls on one `Engine` must not overlap: the engine holds `&mut` state (the index, the journal) across every
//! await of the host storage, so a second call running while a fold waits for `storage.save` would see a half-made
//! change. The package's `ContextFold` (pkg-template/lib/api.js) queues its calls, in call order; this class does
//! not queue a second time, it refuses an overlapping call with an `INVALID_INPUT` error (see `state`).

use std::cell::{RefCell, RefMut};

use tsify::Ts;
use wasm_bindgen::prelude::*;

use super::convert::{self, check_fold_lengths, check_js_length, output, outputs, LimitsView};
use super::storage::HostStorage;
use super::JsResult;
use crate::engine::{ColdNode, ContextFold, Eviction, FoldOutcome, Hydrated, IndexEntry, Status, Turn};
use crate::error::{Error, Result};
use crate::limits::Limits;
use crate::repair::RepairReport;
use crate::folded_step::FoldedStep;
use crate::recall::RecallCandidate;
use crate::scan::ScanResult;
use crate::validate::Validation;

#[wasm_bindgen(typescript_custom_section)]
const VALIDATE_OPTIONS_TS: &'static str = r#"
/** Options of `Engine.validate`. */
export interface ValidateOptions {
  /** Audits a batch of index entries elsewhere while the engine audits others, e.g. on a worker thread that opens
   *  the same store in a storage of its own and answers with `auditEntries(storage, entries, integrity)`. Used for
   *  stores of 2,048 entries or more, in the Node build (the others ignore it); a rejection or an answer of the
   *  wrong length makes the engine audit that batch itself, so the result never depends on it. */
  checkElsewhere?: (entries: EntryToAudit[], integrity: boolean) => Promise<BatchAudit>;
  /** With `checkElsewhere`: called before the index is read when batches will be handed out (a store of 2,048
   *  entries or more), e.g. to start the worker while the index loads. */
  prepare?: () => void;
  /** With `checkElsewhere`: awaited between the batches the engine audits itself, so that the checker's answers
   *  get through (e.g. `() => new Promise((r) => setImmediate(r))` where a storage answers without I/O waits). */
  pause?: () => Promise<void>;
}

/** One index entry handed to a checker elsewhere (see `ValidateOptions`). */
export interface EntryToAudit {
  /** The entry's step id. */
  stepId: number;
  /** The entry's `file_path` (absent: none, or not a string). */
  filePath?: string;
  /** The artifact hash the entry expects, as JSON text (absent: the entry has none). */
  expected?: string;
}
"#;

// The fields that only ranked-v2 fills, declared for the builds without it (whose serializers skip them), so that
// every build's types are the same.
#[cfg(not(ranked_v2))]
#[wasm_bindgen(typescript_custom_section)]
const RANKED_V2_FIELDS_TS: &'static str = r#"
export interface ScanResult {
  /** `ranked-v2`: the steps ranked next after the selection, not hydrated, with their best lines (a question about the present: beside a selection only, newest first). */
  related?: ScanRelated[];
}
export interface Turn {
  /** Lines of the steps ranked next (`scan.related`), read from their verified content, within what the hydrated nodes left of the turn budget. */
  excerpts?: Excerpt[];
}
"#;

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
   *  `"redaction": "secrets-v2"`); `REFERENCE_POLICY` is strict reference behaviour and writes nothing. */
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
  /** The selection mode when the store's policy names none (no `selection` key): `"ranked-v2"`, `"ranked-v1"` or
   *  `"ipcf-projection-v2"` (the reference's scan, the default). A policy's `selection` key always wins; an
   *  unknown name is an InvalidInputError. The hooks and integrations pass `BEST_SELECTION`. */
  defaultSelection?: SelectionMode;
  /** The caller's cap on the text it injects (UTF-16 code units, a hook's `maxChars`): with it, the excerpts of
   *  `"ranked-v2"` also show the lines around their best lines while the text stays under it (estimated) and the
   *  turn within its budget. */
  maxChars?: number;
}

/** A selection mode (policy key `selection`, option `defaultSelection`). */
export type SelectionMode = "ipcf-projection-v2" | "ranked-v1" | "ranked-v2";

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
    /// The open store; one call at a time holds it (see the module's notes).
    inner: RefCell<ContextFold<HostStorage>>,
    /// The store's limits, readable without waiting for the engine (input is checked before it is copied in).
    limits: Limits,
}

impl Engine {
    /// The engine's state for the call `what`, or an `INVALID_INPUT` error when another call on this `Engine` is
    /// still running (the caller overlapped calls without queueing them).
    fn state(&self, what: &str) -> Result<RefMut<'_, ContextFold<HostStorage>>> {
        self.inner.try_borrow_mut().map_err(|_| {
            Error::invalid_input(format!(
                "{what}: another call on this Engine is still running; calls on one Engine must not overlap \
                 (the package's ContextFold queues them)"
            ))
        })
    }
}

#[wasm_bindgen]
impl Engine {
    /// Open the store: check the storage and options, read the index if there is one. Nothing is written.
    pub async fn open(
        #[wasm_bindgen(unchecked_param_type = "Storage")] storage: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "OpenOptions")] options: JsValue,
    ) -> JsResult<Engine> {
        let storage = HostStorage::new(storage)?;
        let options = convert::open_options(&options)?;
        let limits = options.limits;
        let engine = ContextFold::open(storage, options).await?;
        Ok(Engine { inner: RefCell::new(engine), limits })
    }

    /// Repair a store without opening it (its index may be damaged): see `repair`.
    #[wasm_bindgen(js_name = repairStore)]
    pub async fn repair_store(
        #[wasm_bindgen(unchecked_param_type = "Storage")] storage: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "OpenOptions")] options: JsValue,
    ) -> JsResult<Ts<RepairReport>> {
        let storage = HostStorage::new(storage)?;
        let options = convert::open_options(&options)?;
        let report = crate::engine::repair_store(storage, options).await?;
        output(&report, "repair")
    }

    /// Re-index verified orphans, rebuild a lost or damaged index from the cold nodes, move what does not verify
    /// into `.contextfold/quarantine/` (never deleting a cold node), under the store's write lock.
    pub async fn repair(&self) -> JsResult<Ts<RepairReport>> {
        let mut engine = self.state("repair")?;
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
        let (input, raw_js) = convert::fold_input_keeping_raw(&input, "fold: input", "fold: ")?;
        // Where the input's text is, to tell whether the node holds it unchanged (then its JS string is handed back).
        let given = input.raw_content.as_deref().map(|raw| (convert::TextAt::of(raw), raw_js));
        let mut engine = self.state("fold")?;
        let outcome = engine.fold(input).await?;
        convert::folded_output(outcome, given, "fold")
    }

    /// Fold many turns with one index write: all of them or, on any error, none.
    #[wasm_bindgen(js_name = foldMany)]
    pub async fn fold_many(
        &self,
        #[wasm_bindgen(unchecked_param_type = "FoldInput[]")] inputs: JsValue,
    ) -> JsResult<Vec<Ts<FoldOutcome>>> {
        let items = convert::items(&inputs, "foldMany: inputs", "an array")?;
        let mut total = 0usize;
        for (v, _) in &items {
            total = total.saturating_add(check_fold_lengths(v, &self.limits, "foldMany")?);
        }
        self.limits.check_batch(total, "foldMany")?;
        let (list, given): (Vec<_>, Vec<_>) = items
            .iter()
            .map(|(v, name)| convert::fold_input_keeping_raw(v, name, &format!("{name}.")))
            .collect::<Result<Vec<_>>>()?
            .into_iter()
            .map(|(input, raw_js)| {
                let given = input.raw_content.as_deref().map(|raw| (convert::TextAt::of(raw), raw_js));
                (input, given)
            })
            .unzip();
        let mut engine = self.state("foldMany")?;
        let outcomes = engine.fold_many(list).await?;
        // One outcome per input, in order (a duplicate too).
        outcomes.into_iter().zip(given.into_iter().chain(std::iter::repeat_with(|| None))).map(|(o, g)| convert::folded_output(o, g, "foldMany")).collect()
    }

    /// Write `recall_index.json` and `eviction_log.json` from the journal, then drop it (a no-op without one).
    pub async fn checkpoint(&self) -> JsResult<()> {
        let mut engine = self.state("checkpoint")?;
        Ok(engine.checkpoint().await?)
    }

    /// Whether this engine journals its changes (`journal: true` and a storage with `append`).
    pub async fn journaling(&self) -> JsResult<bool> {
        let engine = self.state("journaling")?;
        Ok(engine.journaling())
    }

    /// Scan a prompt against the index (spec §7), with per-call options (`turnBudget`, `inContext`).
    pub async fn scan(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] prompt: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "ScanOptions")] options: JsValue,
    ) -> JsResult<Ts<ScanResult>> {
        check_js_length(&prompt, self.limits.max_prompt_bytes, "scan: prompt", "prompt")?;
        let prompt = convert::string(&prompt, "scan: prompt")?;
        let mode = convert::candidate_mode(&options, "scan: options")?;
        let options = convert::turn_options(&options, "scan: options")?;
        let engine = self.state("scan")?;
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
        let prompt = convert::string(&prompt, "scan: prompt")?;
        let options = convert::turn_options(&options, "scan: options")?;
        let engine = self.state("scanSelection")?;
        let result = engine.scan_selection_with(&prompt, &options).await?;
        output(&result, "scanSelection")
    }

    /// Recall by query (spec §6), best first.
    pub async fn recall(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] query: JsValue,
    ) -> JsResult<Vec<Ts<RecallCandidate>>> {
        check_js_length(&query, self.limits.max_prompt_bytes, "recall: query", "prompt")?;
        let query = convert::string(&query, "recall: query")?;
        let engine = self.state("recall")?;
        outputs(&engine.recall(&query).await?, "recall")
    }

    /// Hydrate one node, verified and bounded (spec §8).
    pub async fn hydrate(&self, #[wasm_bindgen(js_name = stepId, unchecked_param_type = "number")] step_id: JsValue) -> JsResult<Ts<Hydrated>> {
        let step_id = convert::step_id(&step_id, "hydrate: stepId")?;
        let engine = self.state("hydrate")?;
        let hydrated = engine.hydrate(step_id).await?;
        output(&hydrated, "hydrate")
    }

    /// Mark a node evicted and log the event (spec §11).
    pub async fn evict(&self, #[wasm_bindgen(js_name = stepId, unchecked_param_type = "number")] step_id: JsValue) -> JsResult<Ts<Eviction>> {
        let step_id = convert::step_id(&step_id, "evict: stepId")?;
        let mut engine = self.state("evict")?;
        let eviction = engine.evict(step_id).await?;
        output(&eviction, "evict")
    }

    /// Counts and the node list (spec §12).
    pub async fn status(&self) -> JsResult<Ts<Status>> {
        let engine = self.state("status")?;
        let status = engine.status().await?;
        output(&status, "status")
    }

    /// Audit every entry and look for orphans (spec §13); in the Node build, with `checkElsewhere`, part of the cold
    /// nodes are checked by the host's checker (see `ValidateOptions`; the other builds ignore the options).
    pub async fn validate(
        &self,
        #[wasm_bindgen(unchecked_optional_param_type = "ValidateOptions")] options: JsValue,
    ) -> JsResult<Ts<Validation>> {
        #[cfg(read_in_place)]
        let elsewhere = super::validate::JsCheckElsewhere::from_options(&options)?;
        #[cfg(not(read_in_place))]
        let elsewhere = {
            let _ = options;
            None::<crate::validate::Nowhere>
        };
        let engine = self.state("validate")?;
        let validation = engine.validate_with(elsewhere.as_ref()).await?;
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
        let prompt = convert::string(&prompt, "beforeTurn: prompt")?;
        let options = convert::turn_options(&options, "beforeTurn: options")?;
        let engine = self.state("beforeTurn")?;
        let turn = engine.before_turn_with(&prompt, &options).await?;
        output(&turn, "beforeTurn")
    }

    /// post_turn_response: evict every node the turn hydrated (CONF-07).
    #[wasm_bindgen(js_name = afterResponse)]
    pub async fn after_response(&self, #[wasm_bindgen(unchecked_param_type = "Turn")] turn: JsValue) -> JsResult<Vec<Ts<Eviction>>> {
        let turn: Turn = convert::from_js(&turn, "afterResponse: turn")?;
        let mut engine = self.state("afterResponse")?;
        let evictions = engine.after_response(&turn).await?;
        outputs(&evictions, "afterResponse")
    }

    /// The stored cold node of a step, read as hydrate reads it (containment, then verification unless the
    /// policy turns it off). Throws like hydrate; writes nothing.
    pub async fn node(
        &self,
        #[wasm_bindgen(js_name = stepId, unchecked_param_type = "number")] step_id: JsValue,
    ) -> JsResult<Ts<ColdNode>> {
        let step_id = convert::step_id(&step_id, "node: stepId")?;
        let engine = self.state("node")?;
        let node = engine.node(step_id).await?;
        output(&node, "node")
    }

    /// The index entry of a step, or `undefined`.
    pub async fn entry(
        &self,
        #[wasm_bindgen(js_name = stepId, unchecked_param_type = "number")] step_id: JsValue,
    ) -> JsResult<Option<Ts<IndexEntry>>> {
        let step_id = convert::step_id(&step_id, "entry: stepId")?;
        let engine = self.state("entry")?;
        engine.lookup_entry(step_id).await?.map(|e| output(&e, "entry")).transpose()
    }

    /// The hot projection of an indexed step (`folded_step.schema.json`); throws `NodeNotFoundError` otherwise.
    #[wasm_bindgen(js_name = foldedStep)]
    pub async fn folded_step(
        &self,
        #[wasm_bindgen(js_name = stepId, unchecked_param_type = "number")] step_id: JsValue,
    ) -> JsResult<Ts<FoldedStep>> {
        let step_id = convert::step_id(&step_id, "foldedStep: stepId")?;
        let engine = self.state("foldedStep")?;
        let step = engine.folded_step(step_id).await?;
        output(&step, "foldedStep")
    }

    /// The hot projections of the newest `limit` steps (every step without one), newest first.
    #[wasm_bindgen(js_name = foldedSteps)]
    pub async fn folded_steps(
        &self,
        #[wasm_bindgen(unchecked_optional_param_type = "number")] limit: JsValue,
    ) -> JsResult<Vec<Ts<FoldedStep>>> {
        let limit = convert::optional(convert::size)(&limit, "foldedSteps: limit")?;
        let engine = self.state("foldedSteps")?;
        outputs(&engine.folded_steps(limit).await?, "foldedSteps")
    }

    /// Tokens of a text by this store's counter (`options.tokenCounter`, else the reference's code points / 4).
    #[wasm_bindgen(js_name = countTokens)]
    pub async fn count_tokens(&self, #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue) -> JsResult<f64> {
        let text = convert::string(&text, "countTokens: text")?;
        let engine = self.state("countTokens")?;
        Ok(engine.count_tokens(&text)? as f64)
    }

    /// Re-read the index from storage (after another writer changed it).
    pub async fn reload(&self) -> JsResult<()> {
        let mut engine = self.state("reload")?;
        Ok(engine.reload().await?)
    }
}


/// The default limits (the ceilings; `options.limits` may lower them).
#[wasm_bindgen(js_name = defaultLimits)]
pub fn default_limits() -> JsResult<Ts<LimitsView>> {
    output(&LimitsView::from(Limits::default()), "defaultLimits")
}
