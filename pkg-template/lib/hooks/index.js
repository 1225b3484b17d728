// `contextfold/hooks`: ContextFold inside Claude Code and Codex CLI, which share one hook protocol. The handlers
// behind `contextfold hook`, the transcript readers behind `contextfold import`, and `runHook`, which runs one hook
// call the way the CLI does: whatever fails, it returns no output and one line to log, and never throws.
import { appendFile, mkdir } from "node:fs/promises";
import * as path from "node:path";
import { handleHookInput, sessionOf } from "./handlers.js";
import { HookInputError, readHookInput } from "./input.js";
import { dataHome, sessionFolderName } from "./session.js";

export { HOOK_EVENTS, HookInputError, hookEventOf, readHookInput } from "./input.js";
export { DEFAULT_BUDGET, handleHookInput, postToolUse, preCompact, sessionStart, stop, userPromptSubmit } from "./handlers.js";
export { DEFAULT_MIN_BYTES, foldToolCalls, foldableCall } from "./fold.js";
export { DEFAULT_MAX_CHARS } from "./render.js";
export { HookSession, STATE_DIR, dataHome, sessionFolderName, storeRoot } from "./session.js";
export { TRANSCRIPT_FORMATS, detectTranscriptFormat, readTranscript } from "./transcript.js";
export { importTranscript } from "./import.js";

/** An error's code and a one-line message that carries no payload text (JSON.parse quotes its input: not kept). */
function describe(err) {
  const code = typeof err?.code === "string" ? err.code : err?.name ?? "Error";
  const message = err instanceof SyntaxError ? "invalid JSON" : String(err?.message ?? err).replace(/\s+/gu, " ").slice(0, 300);
  return { code, message };
}

function stamp(clock) {
  return clock ? clock() : new Date().toISOString().replace(/\.\d{3}Z$/, "Z");
}

/**
 * Run one hook call: parse `stdin`, handle the event, return what to print. Never throws and never asks the
 * harness to block: a failure gives `stdout: ""` and an `error` (also appended to the log beside the store).
 * @param {string} stdin the JSON the harness wrote on standard input
 * @param {import("./handlers.js").HookOptions & { event?: string }} [options]
 * @returns {Promise<{ stdout: string, event?: string, error?: { code: string, message: string }, logged?: string, result?: object }>}
 */
export async function runHook(stdin, options = {}) {
  let input;
  let session;
  try {
    let payload;
    try {
      payload = JSON.parse(stdin);
    } catch {
      throw new HookInputError(`the hook input is not JSON (${Buffer.byteLength(stdin)} bytes on stdin)`);
    }
    input = readHookInput(payload, options.event);
    session = sessionOf(input, options);
    const result = await handleHookInput(input, options);
    if (result.note) await session.log(`${stamp(options.clock)} ${input.event} session=${sessionFolderName(input.sessionId ?? "default")} note: ${result.note}`);
    return { stdout: result.output ? JSON.stringify(result.output) : "", event: input.event, result };
  } catch (err) {
    const { code, message } = describe(err);
    let where = "";
    try {
      where = input?.sessionId ? ` session=${sessionFolderName(input.sessionId)}` : "";
    } catch {
      where = "";
    }
    const line = `${stamp(options.clock)} contextfold hook ${input?.event ?? options.event ?? "?"}${where} error ${code}: ${message}`;
    let logged;
    if (session && (await session.log(line))) logged = path.join(session.stateDir, "hooks.log");
    else logged = await logBesideHome(line, options.env);
    return { stdout: "", event: input?.event, error: { code, message }, logged };
  }
}

/** When there is no store to log beside (no session id, an unusable root): the data home's hooks.log. */
async function logBesideHome(line, env) {
  try {
    const home = dataHome(env ?? process.env);
    await mkdir(home, { recursive: true, mode: 0o700 });
    const file = path.join(home, "hooks.log");
    await appendFile(file, `${line}\n`, { mode: 0o600 });
    return file;
  } catch {
    return undefined;
  }
}
