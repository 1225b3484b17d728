// The session store layout shared by the hooks, the transcript import and the integrations that meet them:
// `$CONTEXTFOLD_HOME` (else `$XDG_DATA_HOME/contextfold`, else `~/.local/share/contextfold`) `/sessions/<id>/`,
// a folder holding a reference-layout `.contextfold/` (the hooks keep their own state files beside it). The rule
// has one home, contextfold/hooks (`storeRoot`): an id that is not a plain folder name maps to a hashed one there,
// so `contextfold mcp --session ID` and the opencode plugin find the very folder the hooks wrote.
import { dataHome, storeRoot } from "contextfold/hooks";

/** The ContextFold data home for this environment. */
export function contextfoldHome(env = process.env) {
  return dataHome(env);
}

/** The folder of a session's store (the root that holds `.contextfold/`). */
export function sessionStoreDir(sessionId, env = process.env) {
  return storeRoot({ sessionId, env });
}
