// Folding tool calls into a session's store: the one rule the post-tool-use hook, the pre-compact catch-up and
// `contextfold import` share, so a call folded live and the same call imported later are the same step.
//
// - content: the text the model saw (`toolOutputText` of contextfold/tools), summary: `toolSummary`;
// - a call whose text has fewer than `minBytes` UTF-8 bytes is left in the prompt (not worth a fold);
// - a call already in the ledger (by tool call id, else by a hash of name, input and text) is not folded again;
// - step ids in arrival order: one more than the highest step in the store, assigned under the session lock.
import { createHash } from "node:crypto";
import { ContextFold } from "contextfold";
import { NodeFsStorage } from "contextfold/node";
import { stableJson, toolOutputText, toolSummary } from "contextfold/tools";

export const DEFAULT_MIN_BYTES = 2048;
const BATCH = 200; // folds per index write during an import

/** Lone surrogates (possible in JSON from stdin) as U+FFFD, since the engine rejects them. */
const wellFormed = (s) => (typeof s.toWellFormed === "function" ? s.toWellFormed() : s);

/**
 * What a tool call folds as.
 * @param {import("./transcript.js").ToolCall} call
 */
export function foldableCall(call) {
  const text = wellFormed(toolOutputText(call.response));
  const summary = wellFormed(toolSummary(call.name, call.input, { isError: call.isError }));
  const key =
    call.id ?? `sha256:${createHash("sha256").update(`${call.name}\u0000${stableJson(call.input ?? null)}\u0000${text}`).digest("hex")}`;
  return { key, summary, text, bytes: Buffer.byteLength(text, "utf8") };
}

/**
 * Open the store at `root` (the folder that holds .contextfold/) through the public package API. Writers journal:
 * a fold appends one line to .contextfold/recall_index.journal instead of rewriting recall_index.json, which is
 * what makes a hook call cheap on a large store; `checkpoint` writes the reference files (stop, pre-compact, import).
 */
export function openStore(root, { clock, journal = false } = {}) {
  const options = { ...(clock ? { clock } : {}), ...(journal ? { journal: true } : {}) };
  return ContextFold.open(new NodeFsStorage(root), Object.keys(options).length ? options : undefined);
}

/** Release an engine: with `checkpoint`, after writing the reference files; else at once (a journal stays valid). */
export async function releaseStore(cf, { checkpoint = false } = {}) {
  if (checkpoint) await cf.close();
  else cf[Symbol.dispose]();
}

/**
 * The first step id of the next fold: one more than the highest in the store, 1 for an empty store.
 * Called under the session lock, so hooks and imports of one store never pick the same id.
 * TODO(contract 1): replace by the engine's automatic step ids (fold without `stepId`) once they land.
 */
async function nextStepId(cf) {
  const [top] = await cf.foldedSteps(1);
  return top ? top.step_id + 1 : 1;
}

/**
 * @typedef {object} CallOutcome
 * @property {string} key            the ledger key (tool call id, or sha256:…)
 * @property {"folded" | "already" | "small"} status
 * @property {number} [step]         the step the call is folded as (folded, already)
 * @property {import("contextfold").FoldedStep} [foldedStep]  its record (folded only)
 * @property {number} bytes          UTF-8 bytes of the text the model saw
 */

/**
 * Fold tool calls into the session's store, in the given order.
 * @param {import("./session.js").HookSession} session
 * @param {import("./transcript.js").ToolCall[]} calls
 * @param {{ minBytes?: number, sessionId?: string, clock?: () => string, checkpoint?: boolean, onProgress?: (done: number, total: number) => void }} [options]
 *   `checkpoint`: write recall_index.json and eviction_log.json afterwards (else only the journal grows)
 * @returns {Promise<CallOutcome[]>} one per call, in order
 */
export async function foldToolCalls(session, calls, options = {}) {
  const minBytes = options.minBytes ?? DEFAULT_MIN_BYTES;
  const prepared = calls.map(foldableCall);
  /** @type {CallOutcome[]} */
  const outcomes = prepared.map((p) => ({ key: p.key, status: "small", bytes: p.bytes }));
  const wanted = prepared.map((p, i) => i).filter((i) => prepared[i].bytes >= minBytes);
  if (wanted.length === 0) return outcomes;
  return session.withLock(async () => {
    const ledger = await session.ledger();
    const todo = [];
    const claimed = new Map(); // key -> index of its first occurrence in this call list
    for (const i of wanted) {
      const { key } = prepared[i];
      const step = ledger.get(key);
      if (step !== undefined) Object.assign(outcomes[i], { status: "already", step });
      else if (claimed.has(key)) outcomes[i].status = "already"; // the same call twice in one list: step set below
      else {
        claimed.set(key, i);
        todo.push(i);
      }
    }
    if (todo.length > 0) {
      const cf = await openStore(session.root, { clock: options.clock, journal: true });
      let failed = true;
      try {
        let attempts = 0;
        let done = 0;
        while (todo.length > 0) {
          const batch = todo.splice(0, BATCH);
          const first = await nextStepId(cf);
          const inputs = batch.map((i, k) => ({
            stepId: first + k,
            summary: prepared[i].summary,
            rawContent: prepared[i].text,
            ...(options.sessionId ? { sessionId: wellFormed(options.sessionId) } : {}),
          }));
          const results = await cf.foldMany(inputs);
          const recorded = [];
          const retry = [];
          results.forEach((r, k) => {
            const i = batch[k];
            if (r.kind === "folded") {
              Object.assign(outcomes[i], { status: "folded", step: r.node.stepId, foldedStep: r.foldedStep });
              recorded.push({ id: prepared[i].key, step: r.node.stepId });
            } else retry.push(i); // another writer (not a hook) took this id meanwhile: fold it again with a new one
          });
          await session.recordFolds(recorded);
          done += recorded.length;
          options.onProgress?.(done, done + todo.length + retry.length);
          if (retry.length > 0) {
            if (++attempts > 5) throw new Error(`step ids kept being taken by another writer (${retry.length} folds not done)`);
            todo.unshift(...retry);
          }
        }
        failed = false;
      } finally {
        await releaseStore(cf, { checkpoint: options.checkpoint && !failed });
      }
    }
    for (const j of wanted) {
      if (outcomes[j].status === "already" && outcomes[j].step === undefined) outcomes[j].step = outcomes[claimed.get(prepared[j].key)]?.step;
    }
    return outcomes;
  });
}
