export * from "../lib/index.js";
import type { InitInput, InitOutput, SyncInitInput } from "./contextfold.js";
export type { InitInput, InitOutput, SyncInitInput };
/** Load and instantiate the wasm module; call (and await) before anything else. Idempotent. */
export default function init(
  input?: { module_or_path: InitInput | Promise<InitInput> } | InitInput | Promise<InitInput>,
): Promise<InitOutput>;
/** Synchronous init from bytes or a compiled module. */
export declare function initSync(input: { module: SyncInitInput } | SyncInitInput): InitOutput;
