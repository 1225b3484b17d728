// "bundler"/"default" entry: wasm-bindgen's bundler build (ESM with `import * as wasm from "./contextfold_bg.wasm"`),
// for webpack 5 (asyncWebAssembly), Vite with a wasm plugin, Deno, Node --experimental-wasm-modules.
import * as core from "./contextfold.js";
import { createApi } from "../lib/api.js";

export * from "../lib/errors.js";
export { MemoryStorage } from "../lib/memory.js";
const api = createApi(core);
export const ContextFold = api.ContextFold;
export const extract = api.extract;
export const redact = api.redact;
export const redactionRules = api.redactionRules;
export const defaultLimits = api.defaultLimits;
export { REFERENCE_POLICY, DEFAULT_POLICY, INTEGRATION_POLICY, BEST_SELECTION } from "../lib/policy.js";
