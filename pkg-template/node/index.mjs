// Node ESM entry: the CommonJS entry re-exported, so `import` and `require()` share one instance
// (one engine module, one set of error classes: `instanceof` holds across both). Loaded with `require` rather than
// `import cjs from "./index.js"`, which has Node lex the CommonJS sources for their export names first (a few ms of
// every hook and CLI process).
import { createRequire } from "node:module";

const cjs = createRequire(import.meta.url)("./index.js");

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
