// Source of node/index.js (bundled to CommonJS by scripts/build.mjs; "./contextfold.js" stays external:
// it is wasm-bindgen's nodejs build next to it).
import * as core from "./contextfold.js";
import { nodeCrypto } from "./node-crypto.js";
import { createApi } from "./api.js";
import { workerChecker } from "./validate-thread.js";

// SHA-256 of large inputs (payloads, the canonical JSON of a node) by node:crypto: what is hashed stays the engine's.
// The one-shot `hash` (Node ≥ 20.12) skips a Hash object per call: `validate` hashes every node.
core.setSha256((bytes) => nodeCrypto().hash("sha256", bytes, "buffer"));
// A fold's two large preimages, hashed in the parts the engine holds them in (its megabyte literals and the bytes
// between them) rather than copied into one buffer first.
core.setSha256Parts((parts) => {
  const hash = nodeCrypto().createHash("sha256");
  for (let i = 0; i < parts.length; i++) hash.update(parts[i]);
  return hash.digest();
});

export * from "./errors.js";
export { MemoryStorage } from "./memory.js";
// `validate` over a NodeFsStorage checks cold nodes on a worker thread too (node/validate-worker.js, next to this
// file once bundled to CommonJS).
const api = createApi(core, undefined, { validateChecker: (storage) => workerChecker(storage, `${__dirname}/validate-worker.js`) });
export const ContextFold = api.ContextFold;
export const extract = api.extract;
export const redact = api.redact;
export const redactionRules = api.redactionRules;
export const defaultLimits = api.defaultLimits;
export { REFERENCE_POLICY, DEFAULT_POLICY, INTEGRATION_POLICY, BEST_SELECTION } from "./policy-node.js";
