// `contextfold import`: the tool results of a whole transcript, folded by the post-tool-use rule (same ids,
// summaries, content), into the session's store. Idempotent: calls already folded (live or by an earlier import)
// are skipped by their tool call id.
import { readFile } from "node:fs/promises";
import { DEFAULT_MIN_BYTES, foldToolCalls } from "./fold.js";
import { HookSession, storeRoot } from "./session.js";
import { readTranscript } from "./transcript.js";

/**
 * @typedef {object} ImportOptions
 * @property {string} [text]      the transcript's text (instead of reading `file`)
 * @property {import("./transcript.js").TranscriptFormat} [format]  default: detected
 * @property {string} [dir]       store root (default: the session's folder under the data home)
 * @property {string} [sessionId] the session (default: the one the transcript names)
 * @property {number} [minBytes]  default 2048, as post-tool-use
 * @property {Record<string, string | undefined>} [env]
 * @property {string} [cwd]
 * @property {() => string} [clock]
 * @property {(done: number, total: number) => void} [onProgress]
 */

/**
 * Import a transcript file (or `options.text`).
 * @param {string | undefined} file
 * @param {ImportOptions} [options]
 */
export async function importTranscript(file, options = {}) {
  const text = options.text ?? (await readFile(/** @type {string} */ (file), "utf8"));
  const transcript = readTranscript(text, { format: options.format });
  const sessionId = options.sessionId ?? transcript.sessionId;
  if ((options.dir === undefined || options.dir === "") && !sessionId) {
    throw Object.assign(new Error(`this ${transcript.format} transcript names no session: give --dir DIR or --session ID`), { code: "BAD_ARGUMENT" });
  }
  const root = storeRoot({ sessionId, dir: options.dir, env: options.env, cwd: options.cwd });
  const session = new HookSession(root, sessionId);
  const outcomes = await foldToolCalls(session, transcript.toolCalls, {
    minBytes: options.minBytes ?? DEFAULT_MIN_BYTES,
    sessionId,
    clock: options.clock,
    checkpoint: true,
    onProgress: options.onProgress,
  });
  const folded = outcomes.filter((o) => o.status === "folded");
  return {
    format: transcript.format,
    sessionId: sessionId ?? null,
    dir: root,
    toolResults: outcomes.length,
    folded: folded.length,
    alreadyFolded: outcomes.filter((o) => o.status === "already").length,
    small: outcomes.filter((o) => o.status === "small").length,
    steps: folded.length ? { first: folded[0].step, last: folded[folded.length - 1].step } : null,
    skippedRecords: transcript.skipped,
  };
}
