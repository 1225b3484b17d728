// Node ESM entry: the CommonJS entry re-exported, so `import` and `require()` share one instance
// (one engine module, one set of error classes: `instanceof` holds across both).
import cjs from "./index.js";

export const {
  ContextFold,
  extract,
  redact,
  redactionRules,
  defaultLimits,
  REFERENCE_POLICY,
  DEFAULT_POLICY,
  INTEGRATION_POLICY,
  BEST_SELECTION,
  MemoryStorage,
  ContextFoldError,
  NodeNotFoundError,
  IntegrityCheckError,
  PathContainmentError,
  OrphanedNodeError,
  BrokenReferenceError,
  InvalidInputError,
  StorageError,
  LimitExceededError,
  ErrorCodes,
  toContextFoldError,
} = cjs;
