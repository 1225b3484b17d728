// node:crypto, loaded on first use: loading it costs every process a few ms, and a scan or a hook call that writes
// nothing never needs it (Node-only: the Node entry, NodeFsStorage and the lock file use it).
import { createRequire } from "node:module";

let loaded;

/** The node:crypto module. */
export function nodeCrypto() {
  loaded ??= process.getBuiltinModule?.("node:crypto") ?? createRequire("/")("node:crypto");
  return loaded;
}
