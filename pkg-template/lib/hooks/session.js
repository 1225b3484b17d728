// Where a harness session's store lives, and the hooks' own state beside it.
//
//   <data home>/sessions/<session>/            the store root (or --dir DIR)
//     .contextfold/                            the reference-layout store (cold nodes, recall index, ...)
//     .contextfold-hooks/                      the hooks' state, never inside .contextfold/:
//       tools.jsonl                            tool call id -> step, one JSON line per folded call (idempotence)
//       session-<session>.json                 what was injected since the last compaction, what this turn hydrated
//       lock                                   the lock every writer of the two files above holds
//       hooks.log                              one line per failure or notable skip; never payload text
//
// <data home> is $CONTEXTFOLD_HOME, else $XDG_DATA_HOME/contextfold, else ~/.local/share/contextfold: outside the
// repository, so secrets in tool output do not end up in git.
import { createHash, randomBytes } from "node:crypto";
import { appendFile, mkdir, open, readFile, rename, rm, stat } from "node:fs/promises";
import * as os from "node:os";
import * as path from "node:path";

export const STATE_DIR = ".contextfold-hooks";
const LOG_LIMIT = 1 << 20; // bytes; the log is rotated to hooks.log.1 beyond this

/** The data home of the hooks (absolute). */
export function dataHome(env = process.env) {
  if (env.CONTEXTFOLD_HOME) return path.resolve(env.CONTEXTFOLD_HOME);
  // XDG: a relative XDG_DATA_HOME is invalid and must be ignored.
  if (env.XDG_DATA_HOME && path.isAbsolute(env.XDG_DATA_HOME)) return path.join(env.XDG_DATA_HOME, "contextfold");
  return path.join(env.HOME || os.homedir(), ".local", "share", "contextfold");
}

/**
 * The folder name of a session id: the id itself when it is a plain name (letters, digits, `.`, `_`, `-`, not
 * starting with a dot, at most 128 characters: every Claude Code and Codex id), else `id-` and a SHA-256 prefix of
 * it. The session id comes from the hook's stdin, so it must never name a path outside the sessions folder.
 */
export function sessionFolderName(sessionId) {
  if (typeof sessionId !== "string" || sessionId === "") throw Object.assign(new Error("the hook input has no session_id"), { code: "BAD_INPUT" });
  if (/^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/.test(sessionId)) return sessionId;
  return `id-${createHash("sha256").update(sessionId).digest("hex").slice(0, 32)}`;
}

/**
 * The store root of a session: `dir` when given (made absolute against `cwd`), else the session's folder under
 * the data home.
 * @param {{ sessionId?: string, dir?: string, env?: Record<string, string | undefined>, cwd?: string }} where
 */
export function storeRoot({ sessionId, dir, env = process.env, cwd = process.cwd() }) {
  if (dir !== undefined && dir !== "") return path.resolve(cwd, dir);
  return path.join(dataHome(env), "sessions", sessionFolderName(sessionId));
}

async function writeAtomic(file, text) {
  const temp = `${file}.${process.pid}-${randomBytes(4).toString("hex")}.tmp`;
  const handle = await open(temp, "wx", 0o600);
  try {
    await handle.writeFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(temp, file);
  } catch (err) {
    await rm(temp, { force: true }).catch(() => {});
    throw err;
  }
}

async function readText(file) {
  try {
    return await readFile(file, "utf8");
  } catch (err) {
    if (err && (err.code === "ENOENT" || err.code === "ENOTDIR")) return undefined;
    throw err;
  }
}

// ---- the lock ----

/** The lock of the hooks' state files: `acquireLock` of contextfold/node, loaded when first needed. */
async function acquire(file, options) {
  const { acquireLock } = await import("contextfold/node");
  return acquireLock(file, options);
}

// ---- the session ----

/** The per-session state: steps injected since the last compaction, steps this turn hydrated. */
function emptyState() {
  return { injected: [], turn: [] };
}

const stepList = (v) => (Array.isArray(v) ? v.filter((s) => Number.isSafeInteger(s)) : []);

export class HookSession {
  /**
   * @param {string} root the store root (absolute)
   * @param {string | undefined} sessionId the harness's session id (hostile input: only used through sessionFolderName)
   */
  constructor(root, sessionId) {
    this.root = root;
    this.sessionId = sessionId;
    this.stateDir = path.join(root, STATE_DIR);
  }

  #file(name) {
    return path.join(this.stateDir, name);
  }

  get stateFile() {
    return this.#file(`session-${sessionFolderName(this.sessionId ?? "default")}.json`);
  }

  /** Run `fn` holding the session folder's lock (created on first use). */
  async withLock(fn, options) {
    await mkdir(this.stateDir, { recursive: true, mode: 0o700 });
    const release = await acquire(this.#file("lock"), options);
    try {
      return await fn();
    } finally {
      await release();
    }
  }

  /** The per-session state (an empty one when there is none yet, or when the file is damaged). */
  async readState() {
    const text = await readText(this.stateFile);
    if (text === undefined) return emptyState();
    try {
      const v = JSON.parse(text);
      return { injected: stepList(v?.injected), turn: stepList(v?.turn) };
    } catch {
      return emptyState();
    }
  }

  async writeState(state) {
    await mkdir(this.stateDir, { recursive: true, mode: 0o700 });
    await writeAtomic(this.stateFile, `${JSON.stringify({ injected: stepList(state.injected), turn: stepList(state.turn) })}\n`);
  }

  /** tool call id -> step id of every call folded into this store by a hook or an import. */
  async ledger() {
    const map = new Map();
    const text = await readText(this.#file("tools.jsonl"));
    if (text === undefined) return map;
    for (const line of text.split("\n")) {
      if (line === "") continue;
      try {
        const v = JSON.parse(line);
        if (typeof v?.id === "string" && Number.isSafeInteger(v.step)) map.set(v.id, v.step);
      } catch {
        // a torn last line (a crash mid-append) is ignored
      }
    }
    return map;
  }

  /** Record folded calls: `[{ id, step }]`, one line each, in one append. */
  async recordFolds(entries) {
    if (entries.length === 0) return;
    await mkdir(this.stateDir, { recursive: true, mode: 0o700 });
    await appendFile(this.#file("tools.jsonl"), entries.map((e) => `${JSON.stringify({ id: e.id, step: e.step })}\n`).join(""), { mode: 0o600 });
  }

  /** Append one line to hooks.log (best effort; a log that cannot be written is not an error). */
  async log(line) {
    try {
      await mkdir(this.stateDir, { recursive: true, mode: 0o700 });
      const file = this.#file("hooks.log");
      const st = await stat(file).catch(() => null);
      if (st && st.size > LOG_LIMIT) await rename(file, `${file}.1`).catch(() => {});
      await appendFile(file, `${line}\n`, { mode: 0o600 });
      return true;
    } catch {
      return false;
    }
  }
}
