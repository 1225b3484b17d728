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

/** A fault `FaultyStorage` injects: the call throws, or returns a result of the wrong type, a short result (half the
 *  bytes, a list or batch without its last item), or other bytes. */
export type FaultKind = "throw" | "wrong-type" | "short" | "garbage";

/** A method of the Storage interface. */
export type StorageMethod =
  | "load" | "save" | "append" | "list" | "remove" | "rename" | "loadRange" | "loadMany" | "version" | "resolve"
  | "resolveMany" | "lock" | "unlock";

/** The faults `FaultyStorage` can inject into a call of `method`. */
export declare function faultKinds(method: StorageMethod): FaultKind[];

/** A Storage that forwards to another and, when armed, injects one fault at the `at`-th call from then on. It has
 *  exactly the optional methods of the storage it wraps. */
export declare class FaultyStorage implements Storage {
  constructor(inner: Storage, options?: { error?: (method: StorageMethod, args: unknown[]) => unknown });
  readonly root: string | undefined;
  /** `[method, first argument]` of each call since `arm`. */
  calls: [StorageMethod, unknown][];
  /** The call that got the fault, once it fired. */
  fired: { method: StorageMethod; args: unknown[]; kind: FaultKind } | null;
  /** Start counting calls, and fail the `at`-th from now with `kind` (omit both to only record). */
  arm(options?: { at?: number; kind?: FaultKind }): void;
  /** Stop injecting (calls are still recorded). */
  disarm(): void;
  load(key: string): Promise<Uint8Array | null | undefined>;
  save(key: string, data: Uint8Array): Promise<void>;
  remove(key: string): Promise<void>;
  list(prefix: string): Promise<string[]>;
}
