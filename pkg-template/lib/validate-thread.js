// `validate` on two threads (Node): a worker thread opens the same directory in a NodeFsStorage of its own and audits
// the batches of index entries the engine hands it (`checkElsewhere`) with its own instance of the engine's module,
// while the engine audits the others and checks the index. The audit is the engine's (`auditEntries`); the result
// is the same with or without the worker (the engine audits a batch itself if the worker fails).
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";

/** Marks the NodeFsStorage class (every copy of it: the ESM and CommonJS builds each have one). */
export const NODE_FS_STORAGE = Symbol.for("contextfold.NodeFsStorage");
/** A worker the CLI started before it loaded the package (bin/lib/validate-early.mjs): `{ root, file, worker, failure }`. */
const EARLY_WORKER = Symbol.for("contextfold.validateWorker");

/** The worker started early for `root` with `workerFile`, taken from the registry, or undefined (none, another
 *  store's, or one that failed meanwhile: that one is ended). */
function adoptEarlyWorker(root, workerFile) {
  const early = globalThis[EARLY_WORKER];
  if (early?.root !== root || early.file !== workerFile) return undefined;
  delete globalThis[EARLY_WORKER];
  if (early.failure !== undefined) {
    early.worker.terminate().catch(() => {});
    return undefined;
  }
  // Held from now on: validate awaits its answers.
  early.worker.ref();
  return early.worker;
}

/**
 * The directory a worker can open for `storage` in a NodeFsStorage of its own, or undefined: only for a
 * NodeFsStorage itself (not a subclass, not an instance with its own methods), whose reads the worker repeats.
 */
function sameDirectory(storage) {
  const ctor = storage?.constructor;
  if (!ctor || !Object.hasOwn(ctor, NODE_FS_STORAGE) || typeof storage.root !== "string") return undefined;
  if (["load", "loadMany", "resolve", "resolveMany"].some((m) => Object.hasOwn(storage, m))) return undefined;
  return storage.root;
}

/**
 * A checker elsewhere for `Engine.validate` over `storage`, or undefined when there is no second core or the
 * storage is not a plain NodeFsStorage. The worker starts when the engine says it will hand it batches
 * (`prepare`); `close()` ends it.
 * @param {object} storage
 * @param {string} workerFile the worker's script (node/validate-worker.js)
 */
export function workerChecker(storage, workerFile) {
  const root = sameDirectory(storage);
  if (root === undefined || availableParallelism() < 2) return undefined;
  let failure;
  let nextId = 0;
  const pending = new Map();
  const failAll = (err) => {
    failure ??= err instanceof Error ? err : new Error(`the validate worker stopped (exit code ${err})`);
    for (const { reject } of pending.values()) reject(failure);
    pending.clear();
  };
  let worker;
  const start = () => {
    worker = adoptEarlyWorker(root, workerFile) ?? new Worker(workerFile, { workerData: { root } });
    worker.on("message", ({ id, audit, error }) => {
      const p = pending.get(id);
      if (!p) return;
      pending.delete(id);
      if (error === undefined) p.resolve(audit);
      else p.reject(new Error(error));
    });
    worker.on("error", failAll);
    worker.on("exit", failAll);
  };
  return {
    // The engine calls it before it reads the index of a store large enough to share: the worker gets ready
    // meanwhile (about 0.1 s); a small store's validate never starts it.
    prepare() {
      if (!worker) start();
    },
    checkElsewhere(entries, integrity) {
      if (failure) return Promise.reject(failure);
      if (!worker) start();
      return new Promise((resolve, reject) => {
        const id = nextId++;
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, entries, integrity });
      });
    },
    // The engine checks its own batches from a storage that reads synchronously: between them, let the worker's
    // answers in.
    pause: () => new Promise((resolve) => setImmediate(resolve)),
    async close() {
      if (worker) await worker.terminate();
    },
  };
}
