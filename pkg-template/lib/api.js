// The public ContextFold class over one build of the wasm core. Every entry point (node, bundler, web,
// browser) calls `createApi(core)` with its own wasm-bindgen glue. This layer only adapts: it maps errors,
// serialises calls and shapes results; every protocol rule lives in the engine.
import { InvalidInputError, LimitExceededError, toContextFoldError } from "./errors.js";

/**
 * @param {any} core the wasm-bindgen module (Engine, extract, ...)
 * @param {() => void} [ensureReady] throws when the core cannot be used yet (web build before init)
 * @param {{ validateChecker?: (storage: object) => { checkElsewhere: Function, prepare: Function, pause: Function, close(): Promise<void> } | undefined }} [host]
 *   what the platform adds: a checker that shares `validate`'s work (Node: a worker thread; see `ValidateOptions`)
 */
export function createApi(core, ensureReady = () => {}, host = {}) {
  async function call(fn) {
    try {
      return await fn();
    } catch (err) {
      throw toContextFoldError(err);
    }
  }

  class ContextFold {
    #engine;
    #storage;
    /** The engine's limits, read once at open: sizes are checked here, before a string crosses into wasm. */
    #limits;
    /** Calls run one after another in call order, so overlapping calls equal a sequential run. Serialisation is
     *  needed because the engine holds `&mut` state (the index, the journal) across every await of the host storage:
     *  a call must not start while a fold waits on `storage.save`. This is the only queue: the wasm `Engine` refuses
     *  an overlapping call (src/wasm/engine.rs) rather than queue it again. Queueing here also keeps the compound
     *  steps whole (a duplicate fold's node read, close's checkpoint then free). A call that fails does not stop the
     *  calls queued after it (`#run`). */
    #queue = Promise.resolve();

    /** @private Use `ContextFold.open`. */
    constructor(engine, storage, token) {
      if (token !== OPEN) throw new TypeError("use `await ContextFold.open(storage, options)`");
      this.#engine = engine;
      this.#storage = storage;
      this.#limits = engine.limits();
    }

    /** Open a store over a host storage (MemoryStorage, NodeFsStorage, IndexedDbStorage, VsCodeStorage or your own). */
    static async open(storage, options) {
      ensureReady();
      const engine = await call(() => (options === undefined ? core.Engine.open(storage) : core.Engine.open(storage, options)));
      return new ContextFold(engine, storage, OPEN);
    }

    /** Repair a store without opening it (its index may be damaged): see `repair()`. */
    static async repair(storage, options) {
      ensureReady();
      return call(() => (options === undefined ? core.Engine.repairStore(storage) : core.Engine.repairStore(storage, options)));
    }

    /** Bytes of WebAssembly linear memory the engine holds in this process (high-water mark: it never shrinks). */
    static engineMemoryBytes() {
      ensureReady();
      return core.engineMemoryBytes();
    }

    #run(fn) {
      const result = this.#queue.then(() => call(fn));
      this.#queue = result.then(noop, noop);
      return result;
    }

    /** A rejected promise when a fold's text is over the payload limit (counted in UTF-16 units, each at least one
     *  UTF-8 byte, so nothing over the limit gets through; the engine counts bytes exactly). */
    #checkFold(input, what) {
      if (input === null || typeof input !== "object") return undefined;
      let units = 0;
      for (const key of ["summary", "rawContent", "sessionId"]) if (typeof input[key] === "string") units += input[key].length;
      for (const key of ["files", "commands", "errors"]) {
        if (Array.isArray(input[key])) for (const x of input[key]) if (typeof x === "string") units += x.length;
      }
      const max = this.#limits.maxPayloadBytes;
      if (units > max) {
        return Promise.reject(new LimitExceededError(`${what}: ${units} UTF-16 units (at least as many UTF-8 bytes) is over the payload limit of ${max} bytes (limits.maxPayloadBytes); nothing was written`));
      }
      this.#batchUnits = units;
      return undefined;
    }
    /** UTF-16 units of the last input `#checkFold` passed. */
    #batchUnits = 0;

    #checkPrompt(text, what) {
      const max = this.#limits.maxPromptBytes;
      if (typeof text === "string" && text.length > max) {
        return Promise.reject(new LimitExceededError(`${what}: ${text.length} UTF-16 units (at least as many UTF-8 bytes) is over the prompt limit of ${max} bytes (limits.maxPromptBytes)`));
      }
      return undefined;
    }

    /** The limits this store was opened with (`options.limits`, else the defaults). */
    limits() {
      return { ...this.#limits };
    }

    /** Re-index verified orphans, rebuild a lost or damaged recall_index.json from the cold nodes, move what does
     *  not verify into .contextfold/quarantine/ (never deleting a cold node); under the store's write lock. */
    repair() {
      return this.#run(() => this.#engine.repair());
    }

    /** Fold a step: the new cold node, or the existing one (with no write) if the step is already indexed. */
    fold(input) {
      const refused = this.#checkFold(input, "fold");
      if (refused) return refused;
      return this.#run(async () => {
        const outcome = await this.#engine.fold(input);
        return outcome.kind === "folded" ? outcome.node : this.#node(outcome.entry);
      });
    }

    /** Fold a step and say what happened: `{kind: "folded", node}` or `{kind: "duplicate", entry}`. */
    foldDetailed(input) {
      const refused = this.#checkFold(input, "fold");
      if (refused) return refused;
      return this.#run(() => this.#engine.fold(input));
    }

    /** Fold several steps in one call (one index write, or one journal append per step); outcomes in order. */
    foldMany(inputs) {
      if (Array.isArray(inputs)) {
        let total = 0;
        for (let i = 0; i < inputs.length; i++) {
          const refused = this.#checkFold(inputs[i], `foldMany: inputs[${i}]`);
          if (refused) return refused;
          total += this.#batchUnits;
        }
        // The engine's batch limit (a multiple of the payload limit, src/limits.rs).
        const max = this.#limits.maxBatchBytes;
        if (total > max) {
          return Promise.reject(new LimitExceededError(`foldMany: ${total} UTF-16 units in all is over the batch limit of ${max} bytes (limits.maxPayloadBytes × 4); nothing was written`));
        }
      }
      return this.#run(() => this.#engine.foldMany(inputs));
    }

    /** With `journal: true`: write recall_index.json / eviction_log.json from the journal and drop it. */
    checkpoint() {
      return this.#run(() => this.#engine.checkpoint());
    }

    /** Whether this instance journals (`journal: true` and a storage with `append`). */
    journaling() {
      return this.#run(() => this.#engine.journaling());
    }

    /** The engine's verified cold node of an indexed step. */
    #node(entry) {
      return this.#engine.node(entry.stepId);
    }

    /** The stored cold node of a step, checked as hydrate checks it (containment, artifact hash); no write. */
    node(stepId) {
      return this.#run(() => this.#engine.node(stepId));
    }

    /** Scan a prompt: every matching node listed (the default), none (`{ candidates: false }`: same selection,
     *  faster), or the first `n` (`{ candidates: n }`); `turnBudget` and `inContext` as for `beforeTurn`. */
    scan(prompt, options) {
      const refused = this.#checkPrompt(prompt, "scan: prompt");
      if (refused) return refused;
      return this.#run(() => this.#engine.scan(prompt, options));
    }
    recall(query) {
      const refused = this.#checkPrompt(query, "recall: query");
      if (refused) return refused;
      return this.#run(() => this.#engine.recall(query));
    }
    hydrate(stepId) {
      return this.#run(() => this.#engine.hydrate(stepId));
    }
    evict(stepId) {
      return this.#run(() => this.#engine.evict(stepId));
    }
    status() {
      return this.#run(() => this.#engine.status());
    }
    validate(options = {}) {
      return this.#run(async () => {
        const checker = options?.parallel === false ? undefined : host.validateChecker?.(this.#storage);
        if (!checker) return this.#engine.validate();
        try {
          return await this.#engine.validate({ checkElsewhere: checker.checkElsewhere, prepare: checker.prepare, pause: checker.pause });
        } finally {
          await checker.close();
        }
      });
    }
    beforeTurn(prompt, options) {
      const refused = this.#checkPrompt(prompt, "beforeTurn: prompt");
      if (refused) return refused;
      return this.#run(() => this.#engine.beforeTurn(prompt, options));
    }
    afterResponse(turn) {
      return this.#run(() => this.#engine.afterResponse(turn));
    }
    /** The hot projection (folded-step record) of an indexed step. */
    foldedStep(stepId) {
      return this.#run(() => this.#engine.foldedStep(stepId));
    }
    /** The hot projections of the newest `limit` steps (all without a limit), newest first. */
    foldedSteps(limit) {
      return this.#run(() => (limit === undefined ? this.#engine.foldedSteps() : this.#engine.foldedSteps(limit)));
    }
    /** Tokens of a text by this store's counter. */
    countTokens(text) {
      return this.#run(() => this.#engine.countTokens(text));
    }
    /** The index entry of a step, or undefined. */
    entry(stepId) {
      return this.#run(() => this.#engine.entry(stepId));
    }
    /** Re-read the index from the storage (after another process changed it). */
    reload() {
      return this.#run(() => this.#engine.reload());
    }
    /** Checkpoint a journal (if any), then release the engine (after pending calls finish). If the checkpoint
     *  fails, the error is thrown and the instance stays open. `{ checkpoint: false }` releases without writing
     *  the reference files (a process per call: the journal stays valid and the next open replays it). */
    close(options) {
      const checkpoint = options?.checkpoint ?? true;
      if (typeof checkpoint !== "boolean") {
        return Promise.reject(new InvalidInputError(`close: options.checkpoint must be a boolean, got ${typeof checkpoint}`));
      }
      return this.#release(checkpoint);
    }

    static {
      const define = (sym, value) =>
        typeof sym === "symbol" && Object.defineProperty(this.prototype, sym, { value, writable: true, configurable: true });
      // Symbol.dispose cannot wait: no checkpoint (a journal stays valid and is replayed on the next open).
      define(Symbol.dispose, function dispose() {
        this.#release(false).catch(noop);
      });
      define(Symbol.asyncDispose, function asyncDispose() {
        return this.close();
      });
    }

    #release(checkpoint) {
      return this.#run(async () => {
        const e = this.#engine;
        if (e === closedEngine) return;
        if (checkpoint && typeof e.checkpoint === "function") await e.checkpoint();
        this.#engine = closedEngine;
        e.free();
      });
    }
  }
  /** Run a core function synchronously, its errors mapped to the package's classes. */
  function direct(fn) {
    ensureReady();
    try {
      return fn();
    } catch (err) {
      throw toContextFoldError(err);
    }
  }
  /** Identifiers, files, commands, errors and scan query terms of a text (the engine's extractors). */
  function extract(text) {
    return direct(() => core.extract(text));
  }
  /** The text as a fold with `"redaction": "secrets-v2"` stores it, and the secrets found (UTF-16 spans). */
  function redact(text) {
    return direct(() => core.redact(text));
  }
  /** The rules `redact` and a redacting fold apply. */
  function redactionRules() {
    return direct(() => core.redactionRules());
  }

  /** The default limits (the ceilings; `options.limits` may lower them). */
  function defaultLimits() {
    return direct(() => core.defaultLimits());
  }

  return { ContextFold, extract, redact, redactionRules, defaultLimits };
}

const OPEN = Symbol("open");
function noop() {}
const closedEngine = new Proxy(
  {},
  {
    get() {
      return () => {
        // A stable code like every other error of the package: the call is not valid on a closed instance.
        throw new InvalidInputError("this ContextFold was closed: open the store again");
      };
    },
  },
);
