// "browser" entry: the web build, initialised on import (top-level await) from the .wasm next to it.
// Bundlers (Vite, webpack 5, Rollup, Parcel) emit the .wasm as an asset through `new URL(..., import.meta.url)`.
import init, * as core from "../web/contextfold.js";
import { createApi } from "../lib/api.js";

await init({ module_or_path: new URL("../web/contextfold_bg.wasm", import.meta.url) });

export * from "../lib/errors.js";
export { MemoryStorage } from "../lib/memory.js";
const api = createApi(core);
export const ContextFold = api.ContextFold;
export const extract = api.extract;
export const redact = api.redact;
export const redactionRules = api.redactionRules;
export const defaultLimits = api.defaultLimits;
export { REFERENCE_POLICY, DEFAULT_POLICY, INTEGRATION_POLICY, BEST_SELECTION } from "../lib/policy.js";
