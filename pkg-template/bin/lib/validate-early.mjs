// `contextfold validate` over a large store hands part of its cold nodes to a worker thread (lib/validate-thread.js),
// whose start-up (a Node thread, the package's engine module) takes as long as this thread's loading of the package
// and reading of the store's index. Started here, before this thread loads the package, the worker is ready when
// validate hands it its first batch; the package's validate adopts it (by the registry symbol below) instead of
// starting one then. A worker nobody adopts (a small store after all, or validate never reached) does not keep the
// process alive.
import { statSync } from "node:fs";
import { availableParallelism } from "node:os";
import * as path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";

/** Where lib/validate-thread.js looks for a worker started early: `{ root, file, worker, failure }`. */
const EARLY_WORKER = Symbol.for("contextfold.validateWorker");

/** Index files at least this large hold the 2,048 entries from which validate uses a worker (an entry as the engine
 *  writes it takes 0.6–5 KB); below it, validate starts its worker itself if it needs one. */
const LARGE_INDEX_BYTES = 1 << 20;

/**
 * Start validate's worker for the store at `root` now if the store looks large enough to use one. Never throws:
 * anything in the way only means validate starts its worker itself.
 * @param {string} root the store's directory, as the CLI opens it (absolute)
 */
export function startValidateWorkerEarly(root) {
  try {
    if (availableParallelism() < 2 || globalThis[EARLY_WORKER] !== undefined) return;
    const size = (name) => statSync(path.join(root, ".contextfold", name), { throwIfNoEntry: false })?.size ?? 0;
    if (size("recall_index.json") + size("recall_index.journal") < LARGE_INDEX_BYTES) return;
    const file = fileURLToPath(new URL("../../node/validate-worker.js", import.meta.url));
    const worker = new Worker(file, { workerData: { root } });
    const early = { root, file, worker, failure: undefined };
    worker.on("error", (err) => (early.failure ??= err));
    worker.on("exit", (code) => (early.failure ??= new Error(`the validate worker stopped (exit code ${code})`)));
    worker.unref();
    globalThis[EARLY_WORKER] = early;
  } catch {
    /* validate starts its worker itself */
  }
}
