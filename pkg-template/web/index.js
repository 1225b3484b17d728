// "contextfold/web": the web build with an explicit async init.
//   import init, { ContextFold } from "contextfold/web";
//   await init();                                  // fetches the package's contextfold_bg.wasm (import.meta.url)
//   await init({ module_or_path: bytesOrUrlOrResponseOrModule });
import coreInit, * as core from "./contextfold.js";
import { createApi } from "../lib/api.js";

let ready = false;
let pending;

/** Load and instantiate the wasm module (once; later calls return the same promise). */
export default function init(input) {
  pending ??= coreInit(input === undefined ? undefined : input).then((out) => {
    ready = true;
    return out;
  });
  return pending;
}

/** Synchronous init from bytes or a compiled WebAssembly.Module. */
export function initSync(input) {
  const out = core.initSync(input);
  ready = true;
  pending ??= Promise.resolve(out);
  return out;
}

function ensureReady() {
  if (!ready) throw new Error('contextfold/web: call `await init()` before using ContextFold or extract');
}

export * from "../lib/errors.js";
export { MemoryStorage } from "../lib/memory.js";
const api = createApi(core, ensureReady);
export const ContextFold = api.ContextFold;
export const extract = api.extract;
export const redact = api.redact;
export const redactionRules = api.redactionRules;
export const defaultLimits = api.defaultLimits;
export { REFERENCE_POLICY, DEFAULT_POLICY, INTEGRATION_POLICY, BEST_SELECTION } from "../lib/policy.js";
