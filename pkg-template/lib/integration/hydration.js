// Hydration for one model call, shared by the in-process adapters: the engine scans the prompt and hydrates the
// selected, hash-verified nodes (`beforeTurn`); the adapter puts that context into this one call and evicts it
// afterwards (`afterResponse`), so the next call is back at its baseline.
//
// The adapter's own part is the budget of the text it injects: with `turnBudget`, the injected text (the nodes and
// their one-line headers, counted by the store's counter) never exceeds it; nodes that do not fit are left out,
// and a first node that alone does not fit is cut to the budget.
import { BEST_SELECTION } from "contextfold";

/**
 * @typedef {object} CallContext
 * @property {import("contextfold").Turn} turn what the engine hydrated (evict it after the call)
 * @property {string} text the context to put into this call ("" when nothing was selected)
 * @property {number[]} steps the step ids whose content `text` carries, in order
 * @property {number[]} excerpted the step ids `text` shows some lines of (`Turn.excerpts`: ranked-v2), after the
 *   whole nodes
 * @property {number} tokens tokens of `text` by the store's counter
 */

/**
 * Scan `prompt`, hydrate what it selects and build the text for this call.
 * @param {import("contextfold").ContextFold} cf
 * @param {string} prompt
 * @param {{ turnBudget?: number, inContext?: number[], defaultSelection?: import("contextfold").SelectionMode }} [options]
 * @returns {Promise<CallContext>}
 */
export async function hydrateForCall(cf, prompt, options = {}) {
  const { turnBudget, inContext = [] } = options;
  if (turnBudget !== undefined && !(Number.isSafeInteger(turnBudget) && turnBudget > 0)) {
    throw new TypeError("turnBudget must be a positive integer number of tokens");
  }
  /** @type {{ turnBudget?: number, inContext?: number[], defaultSelection?: import("contextfold").SelectionMode }} */
  const scan = {};
  if (turnBudget !== undefined) scan.turnBudget = turnBudget;
  if (inContext.length > 0) scan.inContext = inContext;
  // The best selection mode unless the store's policy names one (its `selection` key wins in the engine).
  scan.defaultSelection = options.defaultSelection ?? BEST_SELECTION;
  const turn = await cf.beforeTurn(prompt, scan);
  // Steps already in the model's context (e.g. this turn's tool results) are not repeated (an engine that takes
  // `inContext` does not hydrate them in the first place).
  const present = new Set(inContext);
  const blocks = turn.hydrated.filter((h) => !present.has(h.stepId)).map((h) => ({ stepId: h.stepId, text: block(h.stepId, h.content) }));
  const kept = [];
  const excerpted = [];
  let text = "";
  let tokens = 0;
  let whole = true;
  for (const b of blocks) {
    const next = text === "" ? b.text : `${text}\n\n${b.text}`;
    const count = await cf.countTokens(next);
    if (turnBudget === undefined || count <= turnBudget) {
      kept.push(b.stepId);
      text = next;
      tokens = count;
    } else if (kept.length === 0) {
      // The engine always admits its first pick (cost clipped to the budget): cut it to the budget here.
      text = await cutToTokens(cf, b.text, turnBudget);
      tokens = await cf.countTokens(text);
      if (text !== "") kept.push(b.stepId);
      whole = false;
      break;
    } else {
      whole = false;
      break;
    }
  }
  // The lines of the steps ranked next, as the engine puts them in `Turn.context`: only after every node whole, and
  // those that fit, in order.
  for (const e of whole ? (turn.excerpts ?? []).filter((e) => !present.has(e.stepId)) : []) {
    const next = text === "" ? excerptBlock(e) : `${text}\n\n${excerptBlock(e)}`;
    const count = await cf.countTokens(next);
    if (turnBudget !== undefined && count > turnBudget) break;
    excerpted.push(e.stepId);
    text = next;
    tokens = count;
  }
  return { turn, text, steps: kept, excerpted, tokens };
}

/** The engine's format of one excerpt in `Turn.context`. */
function excerptBlock(e) {
  return `[ContextFold: step ${e.stepId}, lines ${e.lines.map((l) => l.number).join(", ")} of ${e.lineCount}]\n${e.lines.map((l) => l.text).join("\n")}`;
}

/** The engine's format of one hydrated node in `Turn.context`. */
function block(stepId, content) {
  return `[ContextFold: step ${stepId}]\n${content}`;
}

/** The longest prefix of `text` (whole code points) with at most `max` tokens by the store's counter. */
export async function cutToTokens(cf, text, max) {
  const points = [...text];
  let lo = 0;
  let hi = points.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if ((await cf.countTokens(points.slice(0, mid).join(""))) <= max) lo = mid;
    else hi = mid - 1;
  }
  return points.slice(0, lo).join("");
}

/**
 * Evicts what calls hydrated, once each, in order; remembers the turns of calls still running.
 */
export class Evictions {
  #cf;
  #onError;
  #pending = new Set();

  /** @param {import("contextfold").ContextFold} cf @param {(err: unknown, stage: string) => void} onError */
  constructor(cf, onError) {
    this.#cf = cf;
    this.#onError = onError;
  }

  /** A call started with this turn. */
  add(turn) {
    if (turn && turn.hydrated.length > 0) this.#pending.add(turn);
  }

  /** The call of `turn` has answered: evict its nodes (errors go to onError; the harness goes on). */
  async done(turn) {
    if (!turn || !this.#pending.delete(turn)) return;
    try {
      await this.#cf.afterResponse(turn);
    } catch (err) {
      this.#onError(err, "evict");
    }
  }

  /** Evict every turn not evicted yet (calls that were cancelled, or a harness without an after-call hook). */
  async flush() {
    for (const turn of [...this.#pending]) await this.done(turn);
  }

  /** Turns hydrated and not evicted yet. */
  get size() {
    return this.#pending.size;
  }
}

/** The default error sink of the adapters: one warning line (an integration never breaks its harness). */
export function warn(prefix) {
  return (err, stage) => {
    const code = err && typeof err === "object" && "code" in err ? ` ${err.code}` : "";
    console.warn(`[contextfold/${prefix}] ${stage} failed${code}: ${err instanceof Error ? err.message : String(err)}`);
  };
}
