// The worker thread of `validate` (see validate-thread.js): audits the batches of index entries it is sent, reading
// the store's directory through a NodeFsStorage of its own, with the engine's `auditEntries`. Bundled to CommonJS as
// node/validate-worker.js next to the Node build's wasm glue.
import { parentPort, workerData } from "node:worker_threads";
import * as core from "./contextfold.js";
import { nodeCrypto } from "./node-crypto.js";
import { NodeFsStorage } from "./node-fs.js";

// Loaded now rather than at the first hash: the worker starts before validate needs it (the CLI starts it while it
// loads the package, see bin/lib/validate-early.mjs), so its batches do not wait for node:crypto.
const crypto = nodeCrypto();
core.setSha256((bytes) => crypto.hash("sha256", bytes, "buffer"));
const storage = new NodeFsStorage(workerData.root);

parentPort.on("message", async ({ id, entries, integrity }) => {
  try {
    parentPort.postMessage({ id, audit: await core.auditEntries(storage, entries, integrity) });
  } catch (err) {
    parentPort.postMessage({ id, error: String(err?.message ?? err) });
  }
});
