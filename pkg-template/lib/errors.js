// Error classes of the public API. The engine (wasm) throws plain `Error`s carrying a stable `code`
// (and the reference class name as `name`); `toContextFoldError` maps them, once, to these classes.

/** Base class of every error the engine reports. `code` is stable across versions. */
export class ContextFoldError extends Error {
  /** @param {string} message @param {{ cause?: unknown }} [options] */
  constructor(message, options) {
    super(message, options);
    Object.defineProperty(this, "name", { value: new.target.errorName, enumerable: false, configurable: true, writable: true });
  }
  /** The stable machine-readable code, e.g. "NODE_NOT_FOUND". */
  get code() {
    return /** @type {typeof ContextFoldError} */ (this.constructor).code;
  }
}
ContextFoldError.code = "CONTEXTFOLD";
ContextFoldError.errorName = "ContextFoldError";

/** The step is not in the recall index. */
export class NodeNotFoundError extends ContextFoldError {}
NodeNotFoundError.code = "NODE_NOT_FOUND";
NodeNotFoundError.errorName = "NodeNotFoundError";

/** A cold node failed verification (corrupted JSON, missing or mismatched artifact hash). */
export class IntegrityCheckError extends ContextFoldError {}
IntegrityCheckError.code = "INTEGRITY_CHECK";
IntegrityCheckError.errorName = "IntegrityCheckError";

/** An index entry points outside its canonical cold-node path (a kind of integrity failure). */
export class PathContainmentError extends IntegrityCheckError {}
PathContainmentError.code = "PATH_CONTAINMENT";
PathContainmentError.errorName = "PathContainmentError";

/** A cold node exists without an index entry. */
export class OrphanedNodeError extends ContextFoldError {}
OrphanedNodeError.code = "ORPHANED_NODE";
OrphanedNodeError.errorName = "OrphanedNodeError";

/** An index entry points at a missing cold node. */
export class BrokenReferenceError extends ContextFoldError {}
BrokenReferenceError.code = "BROKEN_REFERENCE";
BrokenReferenceError.errorName = "BrokenReferenceError";

/** The caller's input is unusable (wrong type, lone surrogate, bad policy value, out-of-range id). */
export class InvalidInputError extends ContextFoldError {}
InvalidInputError.code = "INVALID_INPUT";
InvalidInputError.errorName = "InvalidInputError";

/** The host storage failed; the store is left as it was. */
export class StorageError extends ContextFoldError {}
StorageError.code = "STORAGE";
StorageError.errorName = "StorageError";

/** An input or stored file is larger than a ceiling of `Limits` (payload, prompt, index); nothing was done and the
 *  instance still works. A kind of invalid input. */
export class LimitExceededError extends InvalidInputError {}
LimitExceededError.code = "LIMIT_EXCEEDED";
LimitExceededError.errorName = "LimitExceededError";

const BY_CODE = new Map(
  [NodeNotFoundError, IntegrityCheckError, PathContainmentError, OrphanedNodeError, BrokenReferenceError,
    InvalidInputError, StorageError, LimitExceededError].map((c) => [c.code, c]),
);
const BY_NAME = new Map([...BY_CODE.values()].map((c) => [c.errorName, c]));

/** Every error code, by class name. */
export const ErrorCodes = Object.freeze(Object.fromEntries([...BY_CODE.values()].map((c) => [c.errorName, c.code])));

/**
 * The one mapping from what the engine threw to the public classes. Anything that is not an engine error
 * (a bug, a wasm trap) is returned unchanged.
 * @param {unknown} err
 * @returns {unknown}
 */
export function toContextFoldError(err) {
  if (err instanceof ContextFoldError) return err;
  if (err === null || typeof err !== "object") return err;
  const e = /** @type {{ code?: unknown, name?: unknown, message?: unknown }} */ (err);
  const cls = (typeof e.code === "string" && BY_CODE.get(e.code)) || (typeof e.name === "string" && BY_NAME.get(e.name));
  if (!cls) return err;
  return new cls(typeof e.message === "string" ? e.message : String(e.message), { cause: err });
}
