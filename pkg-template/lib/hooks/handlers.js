// The five hook events over one session's store. Each handler returns the JSON to print (or nothing) and throws
// on failure; `runHook` (index.js) turns every failure into "exit 0, no stdout, one log line".
import { readFile, stat } from "node:fs/promises";
import * as path from "node:path";
import { DEFAULT_MIN_BYTES, HOOK_SELECTION, foldToolCalls, openStore, releaseStore } from "./fold.js";
import { CODEX_MAX_BYTES, DEFAULT_MAX_CHARS, renderFoldedSteps, renderHydrated, renderReplacement } from "./render.js";
import { HookSession, storeRoot } from "./session.js";
import { readTranscript } from "./transcript.js";

export const DEFAULT_BUDGET = 2500;
const MAX_TRANSCRIPT_BYTES = 512 * 1024 * 1024;
const SESSION_START_RECORDS = 64; // records read for the session-start listing (the text cap stops earlier)

/**
 * @typedef {object} HookOptions
 * @property {string} [dir]            store root (default: the session's folder under the data home)
 * @property {Record<string, string | undefined>} [env]  CONTEXTFOLD_HOME, XDG_DATA_HOME, HOME (default: process.env)
 * @property {string} [cwd]            what a relative `dir` is resolved against
 * @property {number} [minBytes]       post-tool-use / pre-compact: smallest output folded (UTF-8 bytes), 2048
 * @property {number} [budget]         user-prompt-submit / session-start: token budget of one injection, 2500
 * @property {number} [maxChars]       longest injection, in characters, 10000 (from Codex, also at most 10,000 UTF-8 bytes)
 * @property {boolean} [replaceMcpOutput]  post-tool-use: replace an MCP tool's output by its folded-step record
 * @property {() => string} [clock]    the engine's clock (folded_at, evicted_at)
 * @property {string} [command]        how the model can run this CLI (shown in injections), "npx contextfold"
 */

/** The session of a hook input: its store root and state. */
export function sessionOf(input, options = {}) {
  const root = storeRoot({ sessionId: input.sessionId, dir: options.dir, env: options.env, cwd: options.cwd });
  return new HookSession(root, input.sessionId);
}

/** Codex cuts hook context over 10,000 UTF-8 bytes in its middle: its text is bounded in bytes too. */
const maxBytesOf = (input) => (input.harness === "codex" ? CODEX_MAX_BYTES : Infinity);

const storeExists = async (root) => Boolean(await stat(path.join(root, ".contextfold")).catch(() => null));

function settings(options) {
  return {
    minBytes: options.minBytes ?? DEFAULT_MIN_BYTES,
    budget: options.budget ?? DEFAULT_BUDGET,
    maxChars: options.maxChars ?? DEFAULT_MAX_CHARS,
    command: options.command ?? "npx contextfold",
    clock: options.clock,
  };
}

/** post-tool-use: fold the call's output; with replaceMcpOutput, print its record in place of an MCP output. */
export async function postToolUse(input, session, options = {}) {
  const s = settings(options);
  const call = { id: input.toolUseId, name: input.toolName ?? "tool", input: input.toolInput, response: input.toolResponse, isError: input.isError };
  const [outcome] = await foldToolCalls(session, [call], { minBytes: s.minBytes, sessionId: input.sessionId, clock: s.clock });
  const result = { outcome };
  const mcp = typeof input.toolName === "string" && input.toolName.startsWith("mcp__");
  if (!options.replaceMcpOutput || !mcp || outcome.step === undefined || input.hookEventName === "PostToolUseFailure") return result;
  if (input.harness === "codex") {
    // Codex 0.171 marks a PostToolUse hook that prints a replacement field as failed and keeps the output.
    result.note = "output replacement is not supported by Codex; the output was folded but not replaced";
    return result;
  }
  let record = outcome.foldedStep;
  if (!record) {
    const cf = await openStore(session.root);
    try {
      record = await cf.foldedStep(outcome.step);
    } finally {
      await releaseStore(cf);
    }
  }
  const replacement = [{ type: "text", text: renderReplacement(record, { command: s.command, root: session.root }) }];
  // Claude Code: updatedToolOutput (2.1.121+, every tool) and updatedMCPToolOutput (MCP tools, older releases).
  result.output = { hookSpecificOutput: { hookEventName: "PostToolUse", updatedMCPToolOutput: replacement, updatedToolOutput: replacement } };
  return result;
}

/**
 * The turn's selection: scan + hydrate within `budget`, the steps already in the context answering at no cost
 * (`beforeTurn(prompt, { turnBudget, inContext })`: those are listed in `scan.inContext`, not hydrated), by the
 * store's selection mode, ranked-v1 when its policy names none; the excerpts widened to what `maxChars`, the
 * hook's cap on its text, leaves room for.
 */
async function hydrateForPrompt(cf, prompt, budget, inContext, maxChars) {
  const options = { turnBudget: budget, inContext, defaultSelection: HOOK_SELECTION };
  // (A cap that is no integer, `Infinity`, leaves the excerpts as they are.)
  return cf.beforeTurn(prompt, Number.isSafeInteger(maxChars) && maxChars >= 0 ? { ...options, maxChars } : options);
}

/** user-prompt-submit: the exact records the prompt needs, not yet in the context, as additionalContext. */
export async function userPromptSubmit(input, session, options = {}) {
  const s = settings(options);
  const prompt = input.prompt ?? "";
  if (prompt.trim() === "" || !(await storeExists(session.root))) return {};
  const state = await session.readState();
  // Opened under the lock, so it never reads a store halfway through another hook's checkpoint.
  const cf = await session.withLock(() => openStore(session.root));
  let rendered;
  try {
    const turn = await hydrateForPrompt(cf, prompt, s.budget, state.injected, Math.min(s.maxChars, maxBytesOf(input)));
    rendered = renderHydrated(turn.hydrated, { maxChars: s.maxChars, maxBytes: maxBytesOf(input), command: s.command, root: session.root }, turn.excerpts ?? []);
  } finally {
    await releaseStore(cf);
  }
  if (rendered.steps.length === 0 && rendered.excerpted.length === 0) return {};
  await session.withLock(async () => {
    const now = await session.readState();
    const union = (a, b) => [...new Set([...a, ...b])];
    await session.writeState({ injected: union(now.injected, rendered.steps), turn: union(now.turn, rendered.steps) });
  });
  return {
    injected: rendered.steps,
    output: { hookSpecificOutput: { hookEventName: "UserPromptSubmit", additionalContext: rendered.text } },
  };
}

/** session-start: after a compaction (ledger reset) or a resume, the session's folded-step records. */
export async function sessionStart(input, session, options = {}) {
  const s = settings(options);
  if (input.source === "compact") await resetLedger(session);
  if (input.source !== "compact" && input.source !== "resume") return {};
  if (!(await storeExists(session.root))) return {};
  const cf = await session.withLock(() => openStore(session.root));
  let rendered;
  try {
    const records = await cf.foldedSteps(SESSION_START_RECORDS);
    rendered = await renderFoldedSteps(records, { maxChars: s.maxChars, maxBytes: maxBytesOf(input), maxTokens: s.budget, countTokens: (t) => cf.countTokens(t), command: s.command, root: session.root });
  } finally {
    await releaseStore(cf);
  }
  if (rendered.count === 0) return {};
  return { listed: rendered.count, output: { hookSpecificOutput: { hookEventName: "SessionStart", additionalContext: rendered.text } } };
}

async function resetLedger(session) {
  await session.withLock(async () => {
    const state = await session.readState();
    if (state.injected.length > 0 || state.turn.length > 0) await session.writeState({ injected: [], turn: [] });
  });
}

/** pre-compact: fold what no hook folded yet (from the transcript), then forget what was injected. */
export async function preCompact(input, session, options = {}) {
  const s = settings(options);
  const result = {};
  if (input.transcriptPath) {
    const file = path.resolve(input.cwd ?? process.cwd(), input.transcriptPath);
    const st = await stat(file).catch(() => null);
    if (!st || !st.isFile()) result.note = "the transcript is not a readable file; nothing caught up";
    else if (st.size > MAX_TRANSCRIPT_BYTES) result.note = `the transcript is larger than ${MAX_TRANSCRIPT_BYTES} bytes; nothing caught up`;
    else {
      const transcript = readTranscript(await readFile(file, "utf8"));
      const outcomes = await foldToolCalls(session, transcript.toolCalls, { minBytes: s.minBytes, sessionId: input.sessionId ?? transcript.sessionId, clock: s.clock, checkpoint: true });
      result.caughtUp = outcomes.filter((o) => o.status === "folded").length;
    }
  }
  await resetLedger(session);
  return result;
}

/** stop: log the eviction of what this turn hydrated (the context keeps it: see the README). Never blocks. */
export async function stop(input, session, options = {}) {
  const s = settings(options);
  return session.withLock(async () => {
    const state = await session.readState();
    if (state.turn.length === 0) return {};
    // The turn is over: evict (journaled). The reference files are not rewritten here: at every turn's end that
    // would cost a whole index rewrite, which grows with the session (pre-compact, import, `contextfold checkpoint`
    // and the engine's own automatic checkpoints write them).
    const cf = await openStore(session.root, { clock: s.clock });
    const evicted = [];
    try {
      for (const step of state.turn) {
        try {
          await cf.evict(step);
          evicted.push(step);
        } catch (err) {
          if (err?.code !== "NODE_NOT_FOUND") throw err;
        }
      }
    } finally {
      await releaseStore(cf);
    }
    if (state.turn.length > 0) await session.writeState({ injected: state.injected, turn: [] });
    return { evicted };
  });
}

const HANDLERS = { "post-tool-use": postToolUse, "user-prompt-submit": userPromptSubmit, "session-start": sessionStart, "pre-compact": preCompact, stop };

/**
 * Handle one hook input (from `readHookInput`).
 * @param {import("./input.js").HookInput} input
 * @param {HookOptions} [options]
 * @returns {Promise<{ output?: object, session: HookSession, [k: string]: unknown }>}
 */
export async function handleHookInput(input, options = {}) {
  const session = sessionOf(input, options);
  const result = await HANDLERS[input.event](input, session, options);
  return { ...result, session };
}
