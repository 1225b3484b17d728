import type { Storage } from "../bundler/contextfold.js";
import type { ContextFold } from "contextfold";

export type StorageLike = Storage;

/** describe/it of node:test, mocha, vitest, jest... (async test bodies). */
export interface AdapterTestOptions {
  describe?: (name: string, fn: () => void) => unknown;
  it?: (name: string, fn: () => Promise<void>) => unknown;
  /** The ContextFold class to drive (default: the one of "contextfold"). */
  ContextFold?: typeof ContextFold;
}

/** Register the Storage conformance suite; `makeStorage` gives a fresh, empty storage per test. */
export declare function runStorageAdapterTests(
  name: string,
  makeStorage: () => Storage | Promise<Storage>,
  options?: AdapterTestOptions,
): void;
