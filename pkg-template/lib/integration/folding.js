// Folding tool results for the in-process adapters (AI SDK, opencode, OpenAI Agents): one fold per tool call,
// whatever the number of model calls that resend it, summarised and rendered by `contextfold/tools` so that a
// result folded here gets the summary and content that the hooks and the transcript import give the same call.
// Everything else (redaction, extraction, hashing, the step id) is the engine's, reached through the public API.
import { toolOutputText, toolSummary } from "contextfold/tools";

/** Tool results at or above this many tokens (the store's counter) are folded by default. */
export const DEFAULT_FOLD_THRESHOLD = 500;

/**
 * Fold as the next step: `stepId` omitted, the engine assigns one more than the highest step in the store under the
 * store lock, so several processes folding into one store get distinct ids in arrival order.
 * @param {import("contextfold").ContextFold} cf
 * @param {Omit<import("contextfold").FoldInput, "stepId">} input
 * @returns {Promise<import("contextfold").FoldOutcome>}
 */
export function foldNext(cf, input) {
  return cf.foldDetailed(input);
}

/**
 * @typedef {object} ToolResult
 * @property {string} callId the harness's id of the tool call (the ledger key)
 * @property {string} toolName
 * @property {unknown} input the tool's arguments
 * @property {unknown} output what the tool returned (a string, or a shape `toolOutputText` knows)
 * @property {boolean} [isError]
 */

/**
 * Folds tool results once each and remembers their folded-step records by call id.
 */
export class ToolResultFolder {
  #cf;
  #threshold;
  #summarize;
  #sessionId;
  #onFold;
  #records = new Map(); // callId -> FoldedStep
  #small = new Set(); // callIds found below the threshold (not counted again)
  #inflight = new Map(); // callId -> Promise<FoldedStep | undefined>
  #queue = Promise.resolve();

  /**
   * @param {import("contextfold").ContextFold} cf
   * @param {{ foldThreshold?: number, summarize?: (r: ToolResult) => string | Promise<string>, sessionId?: string, onFold?: (record: import("contextfold").FoldedStep) => void }} [options]
   */
  constructor(cf, options = {}) {
    if (!cf || typeof cf.foldDetailed !== "function") throw new TypeError("an open ContextFold store is required (store: await ContextFold.open(...))");
    const threshold = options.foldThreshold ?? DEFAULT_FOLD_THRESHOLD;
    if (!Number.isFinite(threshold) || threshold < 0) throw new TypeError("foldThreshold must be a number of tokens >= 0");
    this.#cf = cf;
    this.#threshold = threshold;
    this.#summarize = options.summarize;
    this.#sessionId = options.sessionId;
    this.#onFold = options.onFold;
  }

  /** The record of a call folded earlier, if any. */
  record(callId) {
    return this.#records.get(callId);
  }

  /** Remember a record found elsewhere (e.g. in a harness's stored metadata) for a call. */
  remember(callId, record) {
    this.#records.set(callId, record);
  }

  /**
   * The folded-step record of a tool result: folded now if it is at or above the threshold and not folded before,
   * `undefined` when it stays in the prompt as it is.
   * @param {ToolResult} result
   * @returns {Promise<import("contextfold").FoldedStep | undefined>}
   */
  fold(result) {
    const { callId } = result;
    const known = this.#records.get(callId);
    if (known) return Promise.resolve(known);
    if (this.#small.has(callId)) return Promise.resolve(undefined);
    let pending = this.#inflight.get(callId);
    if (!pending) {
      // One fold at a time per adapter, in the order the harness reported the results.
      pending = this.#queue.then(() => this.#foldNow(result));
      this.#queue = pending.then(noop, noop);
      this.#inflight.set(callId, pending);
      pending.finally(() => this.#inflight.delete(callId)).catch(noop);
    }
    return pending;
  }

  async #foldNow({ callId, toolName, input, output, isError }) {
    const rawContent = toolOutputText(output);
    if (rawContent === "" || (await this.#cf.countTokens(rawContent)) < this.#threshold) {
      this.#small.add(callId);
      return undefined;
    }
    const summary = this.#summarize
      ? String(await this.#summarize({ callId, toolName, input, output, isError }))
      : toolSummary(toolName, input, { isError: Boolean(isError) });
    const fold = { summary, rawContent };
    if (this.#sessionId !== undefined) fold.sessionId = this.#sessionId;
    const outcome = await foldNext(this.#cf, fold);
    this.#records.set(callId, outcome.foldedStep);
    notify(this.#onFold, outcome.foldedStep);
    return outcome.foldedStep;
  }
}

/** The text a folded tool result shows in a prompt: its folded-step record as JSON. */
export function foldedStepText(record) {
  return JSON.stringify(record);
}

/** Whether a value is a folded-step record (as the adapters write it into a tool output). */
export function isFoldedStep(value) {
  return (
    value !== null &&
    typeof value === "object" &&
    Number.isSafeInteger(value.step_id) &&
    typeof value.summary === "string" &&
    value.artifacts !== null &&
    typeof value.artifacts === "object" &&
    typeof value.artifacts.cold_node_ref === "string"
  );
}

/** Call an observer; what it throws is its own business, never the harness's. */
export function notify(observer, value) {
  try {
    observer?.(value);
  } catch {
    // ignored
  }
}

function noop() {}
