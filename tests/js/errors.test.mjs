// Error classes: instanceof, code, hierarchy, the mapping of engine errors, input checks, failing host storage.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import * as path from "node:path";
import { cf, CLOCK, CONSUMER } from "./helpers.mjs";

const {
  ContextFold, MemoryStorage, extract, ContextFoldError, NodeNotFoundError, IntegrityCheckError, PathContainmentError,
  OrphanedNodeError, BrokenReferenceError, InvalidInputError, StorageError, ErrorCodes,
} = cf;
const enc = new TextEncoder();

async function rejects(promise) {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  assert.fail("expected a rejection");
}
async function opened(storage = new MemoryStorage()) {
  return { storage, cf: await ContextFold.open(storage, { clock: CLOCK }) };
}

describe("error classes", () => {
  it("have stable codes and names, and the reference hierarchy", () => {
    const table = [
      [NodeNotFoundError, "NODE_NOT_FOUND"], [IntegrityCheckError, "INTEGRITY_CHECK"], [PathContainmentError, "PATH_CONTAINMENT"],
      [OrphanedNodeError, "ORPHANED_NODE"], [BrokenReferenceError, "BROKEN_REFERENCE"], [InvalidInputError, "INVALID_INPUT"],
      [StorageError, "STORAGE"],
    ];
    for (const [cls, code] of table) {
      const e = new cls("m");
      assert.ok(e instanceof ContextFoldError && e instanceof Error, cls.name);
      assert.equal(e.code, code);
      assert.equal(e.name, cls.name);
      assert.equal(ErrorCodes[cls.name], code);
      assert.equal(e.message, "m");
    }
    assert.ok(new PathContainmentError("x") instanceof IntegrityCheckError);
    assert.ok(!(new IntegrityCheckError("x") instanceof PathContainmentError));
  });

  it("hydrate/evict of an unknown step: NodeNotFoundError with the reference message", async () => {
    const { cf: c } = await opened();
    const e = await rejects(c.hydrate(999));
    assert.ok(e instanceof NodeNotFoundError);
    assert.equal(e.code, "NODE_NOT_FOUND");
    assert.match(e.message, /^Step 999 not found in recall index\./);
    assert.ok(e.cause, "keeps the engine's error as cause");
    assert.ok((await rejects(c.evict(999))) instanceof NodeNotFoundError);
  });

  it("a tampered cold node: IntegrityCheckError on hydrate, reported by validate", async () => {
    const { storage, cf: c } = await opened();
    await c.fold({ stepId: 100, summary: "Legit node 100", rawContent: "content 100" });
    const key = ".contextfold/cold_nodes/step_000100.json";
    storage.set(key, storage.text(key).replace("Legit node 100", "Evil node 100"));
    const e = await rejects(c.hydrate(100));
    assert.ok(e instanceof IntegrityCheckError && !(e instanceof PathContainmentError), `${e.name}: ${e.message}`);
    assert.equal(e.code, "INTEGRITY_CHECK");
    const v = await c.validate();
    assert.equal(v.ok, false);
    assert.equal(v.problems[0].code, "INTEGRITY_CHECK");
  });

  it("a traversal file_path: PathContainmentError, which is an IntegrityCheckError", async () => {
    const { storage } = await opened();
    const c0 = await ContextFold.open(storage, { clock: CLOCK, journal: false });
    await c0.fold({ stepId: 100, summary: "Legit node 100", rawContent: "content 100" });
    const idx = JSON.parse(storage.text(".contextfold/recall_index.json"));
    idx.nodes["100"].file_path = ".contextfold/cold_nodes/../../etc/passwd";
    storage.set(".contextfold/recall_index.json", JSON.stringify(idx, null, 2));
    const c = await ContextFold.open(storage, { clock: CLOCK });
    const e = await rejects(c.hydrate(100));
    assert.ok(e instanceof PathContainmentError, `${e.name}: ${e.message}`);
    assert.ok(e instanceof IntegrityCheckError);
    assert.equal(e.code, "PATH_CONTAINMENT");
  });

  it("a missing cold node: BrokenReferenceError", async () => {
    const { storage, cf: c } = await opened();
    await c.fold({ stepId: 200, summary: "two hundred", rawContent: "content 200" });
    storage.delete(".contextfold/cold_nodes/step_000200.json");
    const e = await rejects(c.hydrate(200));
    assert.ok(e instanceof BrokenReferenceError, `${e.name}: ${e.message}`);
    assert.equal(e.code, "BROKEN_REFERENCE");
  });

  it("an orphaned cold node is reported by validate with ORPHANED_NODE", async () => {
    const { storage, cf: c } = await opened();
    await c.fold({ stepId: 100, summary: "Legit node 100", rawContent: "content 100" });
    storage.set(".contextfold/cold_nodes/step_000300.json", storage.get(".contextfold/cold_nodes/step_000100.json"));
    const v = await c.validate();
    assert.equal(v.ok, false);
    assert.ok(v.problems.some((p) => p.code === "ORPHANED_NODE"), JSON.stringify(v.problems));
  });

  it("a lone surrogate in the summary: InvalidInputError naming the field, nothing written", async () => {
    const { storage, cf: c } = await opened();
    const e = await rejects(c.fold({ stepId: 1, summary: "bad \ud800 summary" }));
    assert.ok(e instanceof InvalidInputError, `${e.name}: ${e.message}`);
    assert.equal(e.code, "INVALID_INPUT");
    assert.match(e.message, /summary/);
    assert.deepEqual(storage.keys(), []);
    assert.ok(extract.length >= 1);
    assert.ok((() => { try { extract("x \udfff"); } catch (err) { return err instanceof InvalidInputError; } })());
  });

  it("a string stepId: InvalidInputError naming stepId; other wrong types too", async () => {
    const { storage, cf: c } = await opened();
    const e = await rejects(c.fold({ stepId: "1", summary: "s" }));
    assert.ok(e instanceof InvalidInputError, `${e.name}: ${e.message}`);
    assert.match(e.message, /stepId/);
    for (const [input, field] of [
      [{ stepId: 1, summary: 5 }, /summary/],
      [{ stepId: 1.5, summary: "s" }, /stepId/],
      [{ stepId: 1, summary: "s", files: "a.py" }, /files/],
      [{ stepId: 1, summary: "s", errors: [null, "X"] }, /errors/],
      [{ stepId: 2 ** 60, summary: "s" }, /stepId/],
    ]) {
      const err = await rejects(c.fold(input));
      assert.ok(err instanceof InvalidInputError, `${JSON.stringify(input)} -> ${err.name}: ${err.message}`);
      assert.match(err.message, field);
    }
    assert.ok((await rejects(c.hydrate("5"))) instanceof InvalidInputError);
    assert.deepEqual(storage.keys(), []);
  });

  it("a throwing host storage: StorageError, and the store unchanged", async () => {
    const backing = new MemoryStorage();
    const good = await ContextFold.open(backing, { clock: CLOCK, journal: false });
    await good.fold({ stepId: 1, summary: "one", rawContent: "payload 1" });
    const before = backing.snapshot();
    let saves = 0;
    const flaky = {
      root: "/flaky",
      load: (k) => backing.load(k),
      list: (p) => backing.list(p),
      remove: (k) => backing.remove(k),
      save: async (k, d) => {
        if (++saves >= 2) throw new Error("EIO: disk failure"); // the cold node lands, the index write fails
        return backing.save(k, d);
      },
    };
    const c = await ContextFold.open(flaky, { clock: CLOCK });
    const e = await rejects(c.fold({ stepId: 2, summary: "two", rawContent: "payload 2" }));
    assert.ok(e instanceof StorageError, `${e.name}: ${e.message}`);
    assert.equal(e.code, "STORAGE");
    assert.match(e.message, /EIO: disk failure/, "the host's message is kept");
    assert.deepEqual([...backing.snapshot().keys()], [...before.keys()], "no cold node left behind");
    for (const [k, v] of before) assert.deepEqual(backing.get(k), v, k);
    // a storage whose load throws
    const broken = { load: () => Promise.reject(new Error("boom")), save: async () => {}, remove: async () => {}, list: async () => [] };
    const e2 = await rejects(ContextFold.open(broken, { clock: CLOCK }));
    assert.ok(e2 instanceof StorageError, `${e2.name}: ${e2.message}`);
  });

  it("a storage without the Storage methods: InvalidInputError at open, naming the method", async () => {
    const e = await rejects(ContextFold.open({ load: async () => null }, { clock: CLOCK }));
    assert.ok(e instanceof InvalidInputError, `${e.name}: ${e.message}`);
    assert.match(e.message, /storage\.(save|remove|list)/);
  });

  it("close(): pending calls finish, later calls reject with InvalidInputError (a stable code); Symbol.dispose closes", async () => {
    const c = await ContextFold.open(new MemoryStorage(), { clock: CLOCK });
    const pending = c.fold({ stepId: 1, summary: "s" });
    const closing = c.close();
    assert.equal((await pending).stepId, 1);
    await closing;
    await assert.rejects(c.status(), (e) => e instanceof InvalidInputError && e.code === "INVALID_INPUT" && /closed/.test(e.message));
    const d = await ContextFold.open(new MemoryStorage(), { clock: CLOCK });
    assert.equal(typeof d[Symbol.dispose], "function");
    d[Symbol.dispose]();
    await assert.rejects(d.status(), { code: "INVALID_INPUT", message: /closed/ });
  });

  it("a bad clock or token counter: InvalidInputError", async () => {
    const c = await ContextFold.open(new MemoryStorage(), { clock: () => 42 });
    assert.ok((await rejects(c.fold({ stepId: 1, summary: "s" }))) instanceof InvalidInputError);
    const c2 = await ContextFold.open(new MemoryStorage(), { clock: CLOCK, tokenCounter: () => "many" });
    assert.ok((await rejects(c2.fold({ stepId: 1, summary: "s" }))) instanceof InvalidInputError);
    const c3 = await ContextFold.open(new MemoryStorage(), { clock: CLOCK, tokenCounter: (t) => t.length });
    assert.equal((await c3.fold({ stepId: 1, summary: "abcdefgh" })).tokenEstimate, 8);
  });
});

describe("concurrency", () => {
  const turns = Array.from({ length: 20 }, (_, i) => ({
    stepId: 10 + i,
    summary: `Step ${i}: PostgreSQL port ${5400 + i} and migration V${i}__x.sql`,
    rawContent: `$ psql -p ${5400 + i}\nmigration V${i}__x.sql applied ${"x".repeat(i * 7)}`,
  }));
  const ops = (c) => [
    ...turns.map((t) => () => c.fold(t)),
    () => c.scan("PostgreSQL port migration"),
    () => c.hydrate(12),
    () => c.fold(turns[3]), // a duplicate
    () => c.scan("V7__x.sql"),
    () => c.hydrate(29),
    () => c.evict(15),
    () => c.status(),
    () => c.recall("PostgreSQL port"),
    () => c.validate(),
  ];
  const settle = (p) => p.then((v) => ({ ok: v }), (e) => ({ err: `${e.name}: ${e.message}` }));

  it("Promise.all of 20 folds + scans + hydrates on one instance equals the sequential run", async () => {
    const s1 = new MemoryStorage();
    const seq = await ContextFold.open(s1, { clock: CLOCK });
    const sequential = [];
    for (const op of ops(seq)) sequential.push(await settle(op()));
    const s2 = new MemoryStorage();
    const par = await ContextFold.open(s2, { clock: CLOCK });
    const parallel = await Promise.all(ops(par).map((op) => settle(op())));
    assert.deepEqual(parallel, sequential);
    assert.deepEqual([...s2.snapshot()], [...s1.snapshot()]);
    assert.ok(sequential.every((r) => r.ok !== undefined), JSON.stringify(sequential.filter((r) => r.err)));
  });

  it("over a storage that answers each load and save a macrotask later, Promise.all still equals the sequential run", async () => {
    // Every call waits on the storage while the others are started: only the queue keeps them apart (the wasm
    // Engine refuses an overlapping call, so without the queue this run would be full of InvalidInputErrors).
    const later = () => new Promise((resolve) => setTimeout(resolve, 0));
    class SlowStorage extends MemoryStorage {
      async load(key) {
        await later();
        return super.load(key);
      }
      async save(key, data) {
        await later();
        return super.save(key, data);
      }
    }
    const s1 = new MemoryStorage();
    const seq = await ContextFold.open(s1, { clock: CLOCK });
    const sequential = [];
    for (const op of ops(seq)) sequential.push(await settle(op()));
    const s2 = new SlowStorage();
    const par = await ContextFold.open(s2, { clock: CLOCK });
    const parallel = await Promise.all(ops(par).map((op) => settle(op())));
    assert.deepEqual(parallel, sequential);
    assert.deepEqual([...s2.snapshot()], [...s1.snapshot()]);
  });

  it("a call whose storage fails does not wedge the queue: the calls queued after it run, in order", async () => {
    class FailOnce extends MemoryStorage {
      failed = false;
      async save(key, data) {
        if (!this.failed && key.endsWith("step_000010.json")) {
          this.failed = true;
          throw new Error("disk full");
        }
        return super.save(key, data);
      }
    }
    const c = await ContextFold.open(new FailOnce(), { clock: CLOCK });
    const results = await Promise.all([c.fold(turns[0]), c.fold(turns[1]), c.status(), c.fold(turns[0]), c.status()].map(settle));
    assert.match(results[0].err, /^StorageError: .*disk full/);
    assert.equal(results[1].ok.stepId, 11);
    assert.equal(results[2].ok.total, 1);
    assert.equal(results[3].ok.stepId, 10);
    assert.equal(results[4].ok.total, 2);
  });

  it("an error in one call does not disturb the calls queued after it", async () => {
    const c = await ContextFold.open(new MemoryStorage(), { clock: CLOCK });
    const results = await Promise.all([c.fold(turns[0]), settle(c.hydrate(999)), c.fold(turns[1]), c.hydrate(10)].map((p) => settle(p)));
    assert.ok(results[0].ok && results[2].ok && results[3].ok);
    assert.match(results[1].ok.err, /NodeNotFoundError/);
  });
});

describe("duplicate fold", () => {
  it("returns the existing node without writing; a tampered existing node is an IntegrityCheckError", async () => {
    const { MemoryStorage: M, ContextFold: C } = cf;
    const s = new M();
    const c = await C.open(s, { clock: CLOCK });
    const first = await c.fold({ stepId: 7, summary: "first", rawContent: "payload" });
    const before = s.snapshot();
    const again = await c.fold({ stepId: 7, summary: "second", rawContent: "other" });
    assert.deepEqual(again, first);
    assert.deepEqual([...s.snapshot()], [...before]);
    const key = ".contextfold/cold_nodes/step_000007.json";
    s.set(key, s.text(key).replace('"first"', '"forged"'));
    const err = await c.fold({ stepId: 7, summary: "third" }).then(() => undefined, (e) => e);
    assert.ok(err instanceof cf.IntegrityCheckError, `${err && err.name}`);
  });
});

describe("ContextFold.engineMemoryBytes", () => {
  it("is a positive multiple of the wasm page size (65536) and does not decrease as stores open and fold", async () => {
    const pages = (b) => Number.isSafeInteger(b) && b > 0 && b % 65536 === 0;
    const before = ContextFold.engineMemoryBytes();
    assert.equal(typeof before, "number");
    assert.ok(pages(before), String(before));
    const c = await ContextFold.open(new MemoryStorage(), { clock: CLOCK, journal: true });
    const afterOpen = ContextFold.engineMemoryBytes();
    assert.ok(pages(afterOpen) && afterOpen >= before, `${afterOpen} < ${before}`);
    const turns = Array.from({ length: 200 }, (_, i) => ({
      stepId: i + 1,
      summary: `Step ${i}: service_${i} on port ${4000 + i}`,
      rawContent: `$ deploy service_${i} --port ${4000 + i}\n${`payload_${i} `.repeat(200)}`,
    }));
    await c.foldMany(turns);
    await c.scan("which port for service_42?");
    const afterFold = ContextFold.engineMemoryBytes();
    assert.ok(pages(afterFold) && afterFold >= afterOpen, `${afterFold} < ${afterOpen}`);
    await c.close();
    const afterClose = ContextFold.engineMemoryBytes();
    assert.ok(afterClose >= afterFold, "linear memory never shrinks");
  });

  it("one engine per process for Node ESM and CommonJS: the same function, the same figure", async () => {
    const { createRequire } = await import("node:module");
    const cjs = createRequire(path.join(CONSUMER, "package.json"))("contextfold");
    assert.equal(cjs.ContextFold.engineMemoryBytes, ContextFold.engineMemoryBytes);
    assert.equal(cjs.ContextFold.engineMemoryBytes(), ContextFold.engineMemoryBytes());
  });
});
