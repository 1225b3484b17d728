// Public types of "contextfold". The engine's data types are the ones wasm-bindgen/tsify generate for the
// core (imported below, re-exported unchanged); this file only adds the adapter layer.
import type {
  Storage,
  FoldInput,
  FoldOutcome,
  ColdNode,
  IndexEntry,
  ScanResult,
  ScanCandidate,
  ScanSelection,
  ScanRelated,
  Excerpt,
  ExcerptLine,
  RecallCandidate,
  Hydrated,
  Eviction,
  Status,
  StatusNode,
  Validation,
  Problem,
  Turn,
  Extraction,
  OpenOptions,
  ScanOptions,
  TurnOptions,
  SelectionMode,
  FoldedStep,
  FoldedStepArtifacts,
  Redaction,
  RedactionFinding,
  RedactionRule,
  Limits,
  LimitsView,
  RepairReport,
  QuarantinedFile,
  DroppedEntry,
  SchemaViolation,
} from "../bundler/contextfold.js";

export type {
  Storage,
  FoldInput,
  FoldOutcome,
  ColdNode,
  IndexEntry,
  ScanResult,
  ScanCandidate,
  ScanSelection,
  ScanRelated,
  Excerpt,
  ExcerptLine,
  RecallCandidate,
  Hydrated,
  Eviction,
  Status,
  StatusNode,
  Validation,
  Problem,
  Turn,
  Extraction,
  OpenOptions,
  ScanOptions,
  TurnOptions,
  SelectionMode,
  FoldedStep,
  FoldedStepArtifacts,
  Redaction,
  RedactionFinding,
  RedactionRule,
  Limits,
  LimitsView,
  RepairReport,
  QuarantinedFile,
  DroppedEntry,
  SchemaViolation,
};

/** Options of `ContextFold.validate`. */
export interface ValidateCallOptions {
  /** Default true: in Node, over a `NodeFsStorage` of 2,048 entries or more, let a worker thread check part of the
   *  cold nodes. `false`: this thread checks them all. Either way the result is the same. */
  parallel?: boolean;
}

/** An open store: the IPCF-1.1 operations over one host storage. Calls on one instance run in call order. */


export declare class ContextFold {
  private constructor();
  /** Open a store (reads the recall index if there is one). */
  static open(storage: Storage, options?: OpenOptions): Promise<ContextFold>;
  /** Bytes of WebAssembly linear memory the engine holds in this process: its indexes and buffers at their
   *  high-water mark (linear memory grows, never shrinks). Covers every store opened through this entry point;
   *  bytes the host storage keeps (e.g. a `MemoryStorage`'s map) are not included. */
  static engineMemoryBytes(): number;
  /** Repair a store without opening it (for a store whose index is damaged, which `open` refuses): see `repair()`. */
  static repair(storage: Storage, options?: OpenOptions): Promise<RepairReport>;
  /** Re-index cold nodes whose three hashes verify (orphans of interrupted folds), rebuild a lost or damaged
   *  recall_index.json from them, move what does not verify into `.contextfold/quarantine/<time>/` with a
   *  `report.json` (never deleting a cold node), under the store's write lock. A repaired store validates. */
  repair(): Promise<RepairReport>;
  /** The limits this store was opened with (`options.limits`, else `defaultLimits()`). */
  limits(): LimitsView;
  /** Fold a step into a cold node. For an already indexed step: the existing node, and nothing is written.
   *  Without `stepId` the step gets the next id (one more than the highest in the store, decided under the store's
   *  write lock, so several processes folding at once get distinct ids in the order they write). */
  fold(input: FoldInput): Promise<ColdNode>;
  /** Fold a step and report whether it was new (`folded`) or already indexed (`duplicate`). */
  foldDetailed(input: FoldInput): Promise<FoldOutcome>;
  /** Fold several steps in one call; the outcomes in input order. */
  foldMany(inputs: FoldInput[]): Promise<FoldOutcome[]>;
  /** Write recall_index.json and eviction_log.json from the journal (the package journals by default), then drop it. */
  checkpoint(): Promise<void>;
  /** Whether this instance journals its changes (the default with a storage that has `append`; `journal: false`
   *  turns it off). */
  journaling(): Promise<boolean>;
  /** Match a prompt against the index and pick nodes to hydrate within the token budget. */
  scan(prompt: string, options?: ScanOptions): Promise<ScanResult>;
  /** Ranked candidates for a query (coverage tiers, latest first). */
  recall(query: string): Promise<RecallCandidate[]>;
  /** The verified, policy-bounded content of a node. */
  hydrate(stepId: number): Promise<Hydrated>;
  /** The stored cold node of a step, checked as `hydrate` checks it; nothing is written. */
  node(stepId: number): Promise<ColdNode>;
  /** Mark a node evicted from the active prompt (the cold node is kept) and log it. */
  evict(stepId: number): Promise<Eviction>;
  /** Counts of the index and the active policy. */
  status(): Promise<Status>;
  /** Check every node's containment, existence and integrity; problems are reported, not thrown. In Node, over a
   *  `NodeFsStorage` of 2,048 entries or more on a machine with two cores or more, a worker thread checks part of
   *  the cold nodes (same result); `{ parallel: false }` keeps all of it on this thread. */
  validate(options?: ValidateCallOptions): Promise<Validation>;
  /** Scan a prompt and hydrate what it selects: the context to put before the model for this turn. */
  beforeTurn(prompt: string, options?: TurnOptions): Promise<Turn>;
  /** After the model answered: evict what `beforeTurn` hydrated (policy `after_response`). */
  afterResponse(turn: Turn): Promise<Eviction[]>;
  /** The hot projection of an indexed step: the short record (`folded_step.schema.json`, snake_case keys) that
   *  stands in the prompt for the folded turn. Computed from the index entry; the same entry gives the same record. */
  foldedStep(stepId: number): Promise<FoldedStep>;
  /** The hot projections of the newest `limit` steps (every step without a limit), newest first. */
  foldedSteps(limit?: number): Promise<FoldedStep[]>;
  /** Tokens of a text by this store's counter (`options.tokenCounter`, else the reference's code points / 4). */
  countTokens(text: string): Promise<number>;
  /** The index entry of a step, if indexed. */
  entry(stepId: number): Promise<IndexEntry | undefined>;
  /** Re-read the recall index from the storage. */
  reload(): Promise<void>;
  /** Checkpoint a journal (if any: the reference files then hold every change), then release the engine (after
   *  pending calls finish). `{ checkpoint: false }` releases without writing the reference files, for a process
   *  per call (the journal stays valid and the next open replays it; `contextfold checkpoint` writes them). */
  close(options?: { checkpoint?: boolean }): Promise<void>;
  /** Releases without waiting and without a checkpoint (a journal stays valid); prefer `await using` / `close()`. */
  [Symbol.dispose](): void;
  [Symbol.asyncDispose](): Promise<void>;
}

/** The default limits: payload, prompt, index bytes and entries (the ceilings; `options.limits` may lower them). */
export declare function defaultLimits(): LimitsView;

/** Identifiers, files, commands, errors and scan query terms of a text, as the engine extracts them. */
export declare function extract(text: string): Extraction;

/** The text as a fold with `"redaction": "secrets-v2"` stores it: each secret replaced by
 *  `[REDACTED:<rule>]`, nothing else changed. `findings` are in order, with UTF-16 spans of the input
 *  (`text.slice(start, end)` is the secret). Writes nothing. */
export declare function redact(text: string): Redaction;
/** The rules of the rule set `redact` and a redacting fold apply (`secrets-v2`; `secrets-v1` has the same rule ids). */
export declare function redactionRules(): RedactionRule[];

/** A hydration policy (`.contextfold/hydration_policy.json`): the reference's keys plus ours. */
export interface HydrationPolicy {
  readonly policy_version?: string;
  readonly max_rehydration_tokens_per_call?: number;
  readonly max_rehydration_tokens_per_turn?: number;
  readonly scope?: string;
  readonly eviction_trigger?: string;
  readonly integrity_verification?: boolean;
  /** Secret redaction before anything is stored: a rule set name (`"secrets-v2"`, or the first, frozen `"secrets-v1"`), or absent / `false` = off. */
  readonly redaction?: "secrets-v1" | "secrets-v2" | false | null;
  /** How a scan picks the steps to hydrate: absent / `null` / `"ipcf-projection-v2"` = the reference's scan,
   *  `"ranked-v1"` = ranked selection (weighted words, English and Turkish forms, state vs. history questions) over
   *  the whole index, for stores of at most 1,000 entries (larger ones get the reference's scan);
   *  `"ranked-v2"` = the same ranking read from the postings of the prompt's word forms, for stores of any size
   *  (Node engine only: the browser and bundler engines refuse it as unknown).
   *  Any other value makes every scan fail with InvalidInputError. */
  readonly selection?: SelectionMode | null;
  readonly [key: string]: unknown;
}
/** The reference implementation's DEFAULT_POLICY. `ContextFold.open(storage, { defaultPolicy: REFERENCE_POLICY })`
 *  is strict reference behaviour: a new store gets no policy file and nothing is redacted. */
export declare const REFERENCE_POLICY: Readonly<{
  policy_version: "1.1";
  max_rehydration_tokens_per_call: 3000;
  max_rehydration_tokens_per_turn: 3500;
  scope: "single_turn";
  eviction_trigger: "after_response";
  integrity_verification: true;
}>;
/** The policy a new store gets by default: `REFERENCE_POLICY` plus `redaction: "secrets-v2"`, written as
 *  hydration_policy.json at the store's first fold. */
export declare const DEFAULT_POLICY: Readonly<typeof REFERENCE_POLICY & { redaction: "secrets-v2" }>;
/** The policy of a store the hooks, `contextfold import` and the integrations create: `DEFAULT_POLICY` plus
 *  `selection: BEST_SELECTION`. */
export declare const INTEGRATION_POLICY: Readonly<typeof DEFAULT_POLICY & { selection: "ranked-v1" | "ranked-v2" }>;
/** The best selection mode of this engine, which the hooks and integrations use by default: `"ranked-v2"` in Node,
 *  `"ranked-v1"` in the browser and bundler builds (whose engine leaves ranked-v2 out for size). */
export declare const BEST_SELECTION: "ranked-v1" | "ranked-v2";

/** Base class of every engine error; `code` is stable. */
export declare class ContextFoldError extends Error {
  readonly code: ErrorCode;
  constructor(message: string, options?: { cause?: unknown });
}
export declare class NodeNotFoundError extends ContextFoldError {
  readonly code: "NODE_NOT_FOUND";
}
export declare class IntegrityCheckError extends ContextFoldError {
  readonly code: "INTEGRITY_CHECK" | "PATH_CONTAINMENT";
}
export declare class PathContainmentError extends IntegrityCheckError {
  readonly code: "PATH_CONTAINMENT";
}
export declare class OrphanedNodeError extends ContextFoldError {
  readonly code: "ORPHANED_NODE";
}
export declare class BrokenReferenceError extends ContextFoldError {
  readonly code: "BROKEN_REFERENCE";
}
export declare class InvalidInputError extends ContextFoldError {
  readonly code: "INVALID_INPUT" | "LIMIT_EXCEEDED";
}
export declare class StorageError extends ContextFoldError {
  readonly code: "STORAGE";
}
/** Over a limit of `Limits` (payload, prompt, index): nothing was done, the instance still works. */
export declare class LimitExceededError extends InvalidInputError {
  readonly code: "LIMIT_EXCEEDED";
}
export type ErrorCode =
  | "NODE_NOT_FOUND"
  | "INTEGRITY_CHECK"
  | "PATH_CONTAINMENT"
  | "ORPHANED_NODE"
  | "BROKEN_REFERENCE"
  | "INVALID_INPUT"
  | "STORAGE"
  | "LIMIT_EXCEEDED";
/** Every error code, by class name. */
export declare const ErrorCodes: Readonly<{
  NodeNotFoundError: "NODE_NOT_FOUND";
  IntegrityCheckError: "INTEGRITY_CHECK";
  PathContainmentError: "PATH_CONTAINMENT";
  OrphanedNodeError: "ORPHANED_NODE";
  BrokenReferenceError: "BROKEN_REFERENCE";
  InvalidInputError: "INVALID_INPUT";
  StorageError: "STORAGE";
  LimitExceededError: "LIMIT_EXCEEDED";
}>;
/** The engine error mapped to its public class (anything else unchanged). */
export declare function toContextFoldError(err: unknown): unknown;

/** An in-memory Storage (a Map of keys to bytes), with helpers to look inside. */
export declare class MemoryStorage implements Storage {
  constructor(options?: { root?: string });
  readonly root: string;
  load(key: string): Promise<Uint8Array | null>;
  save(key: string, data: Uint8Array): Promise<void>;
  remove(key: string): Promise<void>;
  list(prefix: string): Promise<string[]>;
  append(key: string, data: Uint8Array): Promise<void>;
  /** A per-key write counter as a string (changes on every save, append, remove, rename, set, delete); null if missing. */
  version(key: string): Promise<string | null>;
  /** A copy of up to `length` bytes from `offset` (fewer at the end, none past it); null if missing. */
  loadRange(key: string, offset: number, length: number): Promise<Uint8Array | null>;
  /** Move the bytes of `from` to `to`, replacing what `to` held; rejects if `from` is missing. */
  rename(from: string, to: string): Promise<void>;
  /** Take the lock named `key`: stores opened over this one storage take turns, in call order. */
  lock(key: string): Promise<void>;
  /** Release the lock named `key`. */
  unlock(key: string): Promise<void>;
  /** Every key, sorted by code point. */
  keys(): string[];
  /** A copy of the bytes under key. */
  get(key: string): Uint8Array | undefined;
  /** The bytes under key as UTF-8 text. */
  text(key: string): string | undefined;
  /** Put bytes (or UTF-8 text) under key directly, e.g. a policy file before `open`. */
  set(key: string, data: Uint8Array | string): void;
  delete(key: string): boolean;
  /** A sorted copy of the whole store. */
  snapshot(): Map<string, Uint8Array>;
}
