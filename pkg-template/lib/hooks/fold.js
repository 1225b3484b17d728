// Folding tool calls into a session's store: the one rule the post-tool-use hook, the pre-compact catch-up and
// `contextfold import` share, so a call folded live and the same call imported later are the same step.
//
// - content: the text the model saw (`toolOutputText` of contextfold/tools), summary: `toolSummary`;
// - a call whose text has fewer than `minBytes` UTF-8 bytes is left in the prompt (not worth a fold);
// - a call already in the ledger (by tool call id, else by a hash of name, input and text) is not folded again;
// - step ids in arrival order: one more than the highest step in the store, assigned by the engine under the
//   store's write lock (the session lock keeps the ledger check and the fold together).
import { createHash } from "node:crypto";
import { BEST_SELECTION, ContextFold, INTEGRATION_POLICY } from "contextfold";
import { NodeFsStorage } from "contextfold/node";
import { stableJson, toolOutputText, toolSummary } from "contextfold/tools";

export const DEFAULT_MIN_BYTES = 2048;
const BATCH = 200; // folds per index write during an import
const BATCH_CHARS = 32 << 20; // and at most this much text (UTF-16 units) per call

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
 * Open the store at `root` (the folder that holds .contextfold/) through the public package API. The package
 * journals by default: a fold appends one line to .contextfold/recall_index.journal instead of rewriting
 * recall_index.json, which keeps a hook call cheap on a large store. A store the hooks or an import create gets
 * INTEGRATION_POLICY (redaction and the best selection mode) at its first fold.
 */
export function openStore(root, { clock } = {}) {
  return ContextFold.open(new NodeFsStorage(root), { defaultPolicy: INTEGRATION_POLICY, ...(clock ? { clock } : {}) });
}

/** The selection mode the hooks scan with when the store's policy names none (a store made before the key). */
export const HOOK_SELECTION = BEST_SELECTION;

/** Release an engine; with `checkpoint`, after writing the reference files (stop, pre-compact, import). */
export function releaseStore(cf, { checkpoint = false } = {}) {
  return cf.close({ checkpoint });
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
      const cf = await openStore(session.root, { clock: options.clock });
      let failed = true;
      try {
        let done = 0;
        for (let at = 0; at < todo.length; ) {
          // At most BATCH folds and BATCH_CHARS of text per call (a foldMany may carry 4 payload limits in all).
          let end = at;
          let chars = 0;
          while (end < todo.length && end - at < BATCH && (end === at || chars + prepared[todo[end]].text.length <= BATCH_CHARS)) {
            chars += prepared[todo[end]].text.length + prepared[todo[end]].summary.length;
            end++;
          }
          const batch = todo.slice(at, end);
          at = end;
          // No stepId: the engine numbers each fold one more than the highest step, under the store's write lock.
          const inputs = batch.map((i) => ({
            summary: prepared[i].summary,
            rawContent: prepared[i].text,
            ...(options.sessionId ? { sessionId: wellFormed(options.sessionId) } : {}),
          }));
          const results = await cf.foldMany(inputs);
          const recorded = results.map((r, k) => {
            const i = batch[k];
            const step = r.kind === "folded" ? r.node.stepId : r.entry.stepId;
            Object.assign(outcomes[i], { status: "folded", step, foldedStep: r.foldedStep });
            return { id: prepared[i].key, step };
          });
          await session.recordFolds(recorded);
          done += recorded.length;
          options.onProgress?.(done, todo.length);
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
