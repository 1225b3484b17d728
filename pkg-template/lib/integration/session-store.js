// The session store layout shared by the hooks, the transcript import and the integrations that meet them:
// `$CONTEXTFOLD_HOME` (else `$XDG_DATA_HOME/contextfold`, else `~/.local/share/contextfold`) `/sessions/<id>/`,
// a folder holding a reference-layout `.contextfold/` (the hooks keep their own state files beside it).
import { homedir } from "node:os";
import * as path from "node:path";

/** The ContextFold data home for this environment. */
export function contextfoldHome(env = process.env) {
  if (env.CONTEXTFOLD_HOME) return path.resolve(env.CONTEXTFOLD_HOME);
  if (env.XDG_DATA_HOME) return path.resolve(env.XDG_DATA_HOME, "contextfold");
  return path.join(homedir(), ".local", "share", "contextfold");
}

/** A session id safe as one folder name: letters, digits, `.`, `_`, `-` (not `.` or `..`), at most 200 characters. */
export function checkSessionId(id) {
  if (typeof id !== "string" || !/^[A-Za-z0-9._-]{1,200}$/.test(id) || id === "." || id === "..") {
    throw new TypeError(`not a usable session id: ${JSON.stringify(id)} (letters, digits, ".", "_", "-")`);
  }
  return id;
}

/** The folder of a session's store (the root that holds `.contextfold/`). */
export function sessionStoreDir(sessionId, env = process.env) {
  return path.join(contextfoldHome(env), "sessions", checkSessionId(sessionId));
}
