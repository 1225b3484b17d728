// `validate` over a NodeFsStorage on two threads (issue 12): a worker thread checks part of the cold nodes of a large
// store, the result is the one a single thread gives, and what the worker cannot repeat (a subclass's reads) stays
// on this thread.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import fs, { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { syncBuiltinESMExports } from "node:module";
import { availableParallelism } from "node:os";
import * as path from "node:path";
import { Worker } from "node:worker_threads";
import { CONSUMER, PKG_DIR, cf, CLOCK } from "./helpers.mjs";

const { ContextFold, NodeFsStorage } = cf;
const INDEX = ".contextfold/recall_index.json";
const nodeKey = (step) => `.contextfold/cold_nodes/step_${String(step).padStart(6, "0")}.json`;

function freshDir(name) {
  const base = path.join(CONSUMER, "validate");
  mkdirSync(base, { recursive: true });
  return realpathSync(mkdtempSync(path.join(base, `${name}-`)));
}

/** A store of `n` steps (100, 200, …) in `dir`, in the reference files, with every kind of problem in several of
 *  its 256-entry batches: tampered nodes, entries escaping the store, missing nodes, an orphan. */
async function damagedStore(dir, n) {
  const c = await ContextFold.open(new NodeFsStorage(dir), { clock: CLOCK });
  const inputs = Array.from({ length: n }, (_, i) => ({ stepId: (i + 1) * 100, summary: `Node ${(i + 1) * 100}`, rawContent: `content ${i} redis port ${6000 + i}` }));
  await c.foldMany(inputs);
  await c.close();
  let index = readFileSync(path.join(dir, INDEX), "utf8");
  [100, 25_700, 51_300, 77_000, 128_100, 179_300, 205_000, 209_900].forEach((step, i) => {
    const file = path.join(dir, nodeKey(step));
    if (i % 3 === 0) writeFileSync(file, readFileSync(file, "utf8").replace('"status": "cold"', '"status": "warm"'));
    else if (i % 3 === 1) index = index.replace(`"file_path": "${nodeKey(step)}"`, '"file_path": "../evil.json"');
    else rmSync(file);
  });
  writeFileSync(path.join(dir, INDEX), index);
  writeFileSync(path.join(dir, nodeKey(99_999_999)), "{}");
}

/** Count this thread's reads of cold nodes while `fn` runs (a worker thread has its own `fs`): by path, or through
 *  a descriptor opened on one (NodeFsStorage's resolveMany opens the files it then reads). */
async function coldNodeReads(fn) {
  const [readFileSync, openSync] = [fs.readFileSync, fs.openSync];
  const isColdNode = (file) => String(file).includes(`${path.sep}cold_nodes${path.sep}`);
  const coldNodeFds = new Set();
  let reads = 0;
  fs.openSync = function (file, ...rest) {
    const fd = openSync.call(this, file, ...rest);
    if (isColdNode(file)) coldNodeFds.add(fd);
    else coldNodeFds.delete(fd);
    return fd;
  };
  fs.readFileSync = function (file, ...rest) {
    if (typeof file === "number" ? coldNodeFds.has(file) : isColdNode(file)) reads++;
    return readFileSync.call(this, file, ...rest);
  };
  syncBuiltinESMExports();
  try {
    return { result: await fn(), reads };
  } finally {
    Object.assign(fs, { readFileSync, openSync });
    syncBuiltinESMExports();
  }
}

describe("validate on two threads", () => {
  it("a worker thread checks part of a large store's cold nodes and the result equals one thread's", async () => {
    const dir = freshDir("parallel");
    const n = 2_100;
    await damagedStore(dir, n);
    const c = await ContextFold.open(new NodeFsStorage(dir), { clock: CLOCK });
    const single = await coldNodeReads(() => c.validate({ parallel: false }));
    const parallel = await coldNodeReads(() => c.validate());
    await c.close();
    assert.equal(single.result.ok, false);
    assert.deepEqual(single.result.problems.map((p) => p.code), [
      "INTEGRITY_CHECK", "PATH_CONTAINMENT", "BROKEN_REFERENCE", "INTEGRITY_CHECK", "PATH_CONTAINMENT", "BROKEN_REFERENCE", "INTEGRITY_CHECK", "PATH_CONTAINMENT", "ORPHANED_NODE",
    ]);
    assert.ok(single.result.schemaViolations.length >= 3);
    assert.deepEqual(parallel.result, single.result);
    // One thread reads every contained node; with the worker (on two cores or more) this thread reads its share.
    assert.equal(single.reads, n - 3);
    if (availableParallelism() >= 2) assert.ok(parallel.reads < single.reads, `${parallel.reads} reads on this thread`);
    else assert.equal(parallel.reads, single.reads, "one core: no worker");
  });

  it("a NodeFsStorage subclass is read on this thread only, with the same result", async () => {
    const dir = freshDir("subclass");
    await damagedStore(dir, 2_100);
    class Counting extends NodeFsStorage {
      loads = 0;
      async loadMany(keys) {
        this.loads += keys.length;
        return super.loadMany(keys);
      }
    }
    const storage = new Counting(dir);
    const c = await ContextFold.open(storage, { clock: CLOCK });
    const v = await c.validate();
    await c.close();
    assert.equal(storage.loads, 2_100 - 3);
    const plain = await ContextFold.open(new NodeFsStorage(dir), { clock: CLOCK });
    assert.deepEqual(await plain.validate({ parallel: false }), v);
    await plain.close();
  });

  // The CLI starts validate's worker before it loads the package (bin/lib/validate-early.mjs) and registers it under
  // this symbol; the package's validate adopts it for the same store and worker script.
  const EARLY_WORKER = Symbol.for("contextfold.validateWorker");
  const WORKER_FILE = path.join(realpathSync(PKG_DIR), "node", "validate-worker.js");

  function registerEarly(root, worker) {
    const early = { root, file: WORKER_FILE, worker, failure: undefined };
    worker.on("error", (err) => (early.failure ??= err));
    worker.on("exit", (code) => (early.failure ??= new Error(`exit ${code}`)));
    worker.unref();
    globalThis[EARLY_WORKER] = early;
    return early;
  }

  // A damaged store of 2,100 nodes, open, and what validate reports for it on one thread.
  async function damagedStoreValidatedOnOneThread(name) {
    const dir = freshDir(name);
    await damagedStore(dir, 2_100);
    const c = await ContextFold.open(new NodeFsStorage(dir), { clock: CLOCK });
    return { dir, c, single: await c.validate({ parallel: false }) };
  }

  it("validate adopts a worker started early for the same store, ends it, and the result equals one thread's", async (t) => {
    if (availableParallelism() < 2) return t.skip("one core: no worker");
    const { dir, c, single } = await damagedStoreValidatedOnOneThread("early");
    const worker = new Worker(WORKER_FILE, { workerData: { root: dir } });
    registerEarly(dir, worker);
    const parallel = await coldNodeReads(() => c.validate());
    await c.close();
    assert.equal(globalThis[EARLY_WORKER], undefined, "taken from the registry");
    assert.equal(worker.threadId, -1, "ended when validate closed its checker");
    assert.ok(parallel.reads < 2_100 - 3, `${parallel.reads} reads on this thread: the adopted worker read the rest`);
    assert.deepEqual(parallel.result, single);
  });

  it("a worker started early for another store, or one that failed, is not adopted; the result is the same", async (t) => {
    if (availableParallelism() < 2) return t.skip("one core: no worker");
    const { dir, c, single } = await damagedStoreValidatedOnOneThread("early-not");

    const other = new Worker(WORKER_FILE, { workerData: { root: path.join(dir, "elsewhere") } });
    const otherEarly = registerEarly(path.join(dir, "elsewhere"), other);
    const v1 = await coldNodeReads(() => c.validate());
    assert.equal(globalThis[EARLY_WORKER], otherEarly, "another store's worker stays registered");
    assert.notEqual(other.threadId, -1, "and running");
    assert.ok(v1.reads < 2_100 - 3, "validate started a worker of its own");
    assert.deepEqual(v1.result, single);
    await other.terminate();

    const failed = new Worker('throw new Error("broken early worker")', { eval: true });
    const failedEarly = registerEarly(dir, failed);
    failed.ref(); // held until it has failed
    await new Promise((resolve) => failed.once("exit", resolve));
    assert.ok(failedEarly.failure instanceof Error);
    const v2 = await coldNodeReads(() => c.validate());
    await c.close();
    assert.equal(globalThis[EARLY_WORKER], undefined, "a failed worker is dropped from the registry");
    assert.ok(v2.reads < 2_100 - 3, "validate started a worker of its own");
    assert.deepEqual(v2.result, single);
  });

  it("the CLI's validate over a store large enough for an early worker reports what the API does", async () => {
    const dir = freshDir("early-cli");
    await damagedStore(dir, 2_100);
    // Large enough for bin/lib/validate-early.mjs to start the worker before the package loads.
    assert.ok(fs.statSync(path.join(dir, INDEX)).size >= 1 << 20);
    const c = await ContextFold.open(new NodeFsStorage(dir), { clock: CLOCK });
    const single = await c.validate({ parallel: false });
    await c.close();
    const r = spawnSync(process.execPath, [path.join(PKG_DIR, "bin", "contextfold.mjs"), "validate", "--json", "--dir", dir], {
      encoding: "utf8",
      env: { ...process.env, CONTEXTFOLD_DAEMON: "0" },
    });
    assert.equal(r.status, 1, r.stderr);
    assert.deepEqual(JSON.parse(r.stdout), single);
  });
});
