// Storage faults: every operation, with a fault injected at each of its storage calls in turn (the call throws, or
// returns a result of the wrong type, a short result or other bytes), fails with a StorageError (an integrity error
// for bytes that are short or wrong) and leaves the store byte for byte as it was; the same instance then works
// once the storage does. An IndexedDB quota error (a failed transaction) is a StorageError too.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { CLOCK, PKG_DIR, cf } from "./helpers.mjs";
import { fakeIndexedDb } from "./support/fake-indexeddb.mjs";

const { ContextFold, MemoryStorage, FaultyStorage, faultKinds, StorageError, IntegrityCheckError, InvalidInputError } = cf;
const POLICY = ".contextfold/hydration_policy.json";
const JOURNAL = ".contextfold/recall_index.journal";

/** Whether a validation result reports an integrity problem for the cold node under `key`. */
function reportsIntegrity(result, key) {
  const step = Number(/step_(\d+)\.json$/.exec(String(key))?.[1]);
  return result?.ok === false && result.problems.some((p) => p.code === "INTEGRITY_CHECK" && p.stepId === step);
}

/** Whether a validation reports `key` as a file that breaks its JSON Schema (how validate reports a damaged policy or log). */
function reportsSchema(result, key) {
  return result?.schemaViolations?.some((v) => v.file === key) === true;
}

/** A store with folds, an eviction, a checkpoint and (journaled) records after it. */
async function seeded(journal) {
  const s = new MemoryStorage();
  const c = await ContextFold.open(s, { clock: CLOCK, journal });
  for (let i = 1; i <= 3; i++) {
    await c.fold({ summary: `step ${i} on port ${5000 + i}`, rawContent: `output of step ${i}: src/mod${i}.rs failed with E0${i}\n`.repeat(8) });
  }
  await c.evict(2);
  await c.checkpoint();
  await c.fold({ summary: "step 4 on port 5004", rawContent: "the migration 0004_billing ran\n".repeat(8) });
  await c.evict(1);
  await c.close({ checkpoint: false });
  return s.snapshot();
}

function restore(snapshot) {
  const s = new MemoryStorage();
  for (const [k, v] of snapshot) s.set(k, v);
  return s;
}

const OPS = {
  open: null, // the fault is injected into open itself
  fold: (c) => c.fold({ summary: "a new step on port 6000", rawContent: "new output: src/new.rs\n".repeat(4) }),
  foldMany: (c) => c.foldMany([{ summary: "many one" }, { summary: "many two", rawContent: "two\n" }]),
  evict: (c) => c.evict(3),
  checkpoint: (c) => c.checkpoint(),
  hydrate: (c) => c.hydrate(3),
  node: (c) => c.node(4),
  scan: (c) => c.scan("which port did step 3 use, and src/mod3.rs?"),
  recall: (c) => c.recall("port 5003"),
  beforeTurn: (c) => c.beforeTurn("what failed in src/mod1.rs on port 5001?"),
  status: (c) => c.status(),
  validate: (c) => c.validate(),
  foldedSteps: (c) => c.foldedSteps(),
  reload: (c) => c.reload(),
  close: (c) => c.close(),
};

const plain = (v) => JSON.parse(JSON.stringify(v ?? null, (_, x) => (typeof x === "bigint" ? String(x) : x instanceof Uint8Array ? [...x] : x)));

/** Run `op` over a fresh copy of `base` with the fault `fault` (none: undefined); what happened. */
async function attempt(base, journal, name, fault) {
  const storage = restore(base);
  const faulty = new FaultyStorage(storage);
  let store;
  const run = async () => {
    if (name === "open") {
      store = await ContextFold.open(faulty, { clock: CLOCK, journal });
      return store.status();
    }
    return OPS[name](store);
  };
  if (name !== "open") store = await ContextFold.open(faulty, { clock: CLOCK, journal });
  faulty.arm(fault ?? {});
  const before = storage.snapshot();
  let result;
  let error;
  try {
    result = plain(await run());
  } catch (err) {
    error = err;
  }
  const calls = faulty.calls.slice();
  const fired = faulty.fired;
  faulty.disarm();
  const unchanged = same(before, storage.snapshot());
  // Once the storage works again, the same instance does the operation as if nothing had happened.
  let retried;
  if (error !== undefined) {
    try {
      retried = plain(await run());
    } catch (err) {
      retried = { retryFailed: `${err?.name}: ${err?.message}` };
    }
  }
  if (name !== "close") await store?.close({ checkpoint: false }).catch(() => {});
  return { calls, fired, result, error, unchanged, retried, storage };
}

function same(a, b) {
  if (a.size !== b.size) return false;
  for (const [k, v] of a) {
    const w = b.get(k);
    if (!w || w.length !== v.length || !v.every((x, i) => x === w[i])) return false;
  }
  return true;
}

/** What a store holds, read by a fresh instance: entries, evictions, validity. */
async function logical(storage) {
  const c = await ContextFold.open(storage, { clock: CLOCK });
  const out = { status: plain(await c.status()), steps: plain(await c.foldedSteps()), problems: plain((await c.validate()).problems) };
  await c.close({ checkpoint: false });
  return out;
}

describe("storage faults: every operation, every call site, every fault", () => {
  for (const journal of [true, false]) {
    it(`fails with a typed error and leaves the store byte for byte as it was (journal ${journal ? "on" : "off"})`, async () => {
      const base = await seeded(journal);
      const problems = [];
      let injected = 0;
      let tolerated = 0;
      const toleratedBy = {};
      const sites = new Set();
      for (const name of Object.keys(OPS)) {
        const clean = await attempt(base, journal, name, undefined);
        assert.equal(clean.error, undefined, `${name} without a fault: ${clean.error}`);
        const expected = await logical(clean.storage);
        for (let at = 1; at <= clean.calls.length; at++) {
          const [method, key] = clean.calls[at - 1];
          sites.add(`${name}:${method}`);
          for (const kind of faultKinds(method)) {
            const r = await attempt(base, journal, name, { at, kind });
            if (!r.fired) continue; // the operation took another path before reaching this call
            injected++;
            const where = `${name}, call ${at} storage.${method}(${JSON.stringify(key)}) ${kind}`;
            if (r.error === undefined && name === "validate" && kind !== "throw" && kind !== "wrong-type" && (reportsIntegrity(r.result, key) || reportsSchema(r.result, key))) {
              continue; // validate reports a bad file as a problem of its result: the integrity error of validate
            }
            if (r.error === undefined && name === "open" && kind === "short" && key === JOURNAL) {
              // A journal read short is what an append cut short by a crash leaves: its last line is dropped, and
              // read at the next write (which first catches up with the journal): nothing is lost.
              tolerated++;
              if (JSON.stringify(await logical(r.storage)) !== JSON.stringify(expected)) problems.push(`${where}: the store differs`);
              continue;
            }
            if (r.error === undefined) {
              // The engine did without this call (a cache it could not write, a lock it could not release): the
              // outcome must be exactly the fault-free one.
              tolerated++;
              toleratedBy[`${method} ${kind}`] = (toleratedBy[`${method} ${kind}`] ?? 0) + 1;
              if (JSON.stringify(r.result) !== JSON.stringify(clean.result)) problems.push(`${where}: succeeded with a different result`);
              else if (JSON.stringify(await logical(r.storage)) !== JSON.stringify(expected)) problems.push(`${where}: succeeded but the store differs`);
              continue;
            }
            // Bytes that are short or wrong are an integrity error, or a storage error when the engine can tell; the
            // policy file is the user's configuration, and one that does not parse is invalid input (as in the
            // reference, which fails on it before anything else).
            const typed =
              kind === "throw" || kind === "wrong-type"
                ? r.error instanceof StorageError
                : r.error instanceof StorageError || r.error instanceof IntegrityCheckError || (key === POLICY && r.error instanceof InvalidInputError);
            if (!typed) problems.push(`${where}: threw ${r.error?.name}: ${r.error?.message}`);
            if (!r.unchanged) problems.push(`${where}: the store changed (${r.error?.name}: ${r.error?.message})`);
            if (JSON.stringify(r.retried) !== JSON.stringify(clean.result)) {
              problems.push(`${where}: after the fault the retry gave ${JSON.stringify(r.retried).slice(0, 200)}`);
            } else if (JSON.stringify(await logical(r.storage)) !== JSON.stringify(expected)) {
              problems.push(`${where}: after the retry the store differs from a fault-free run`);
            }
          }
        }
      }
      console.log(`# journal ${journal ? "on" : "off"}: ${Object.keys(OPS).length} operations, ${sites.size} (operation, method) call sites, ${injected} faults injected, ${tolerated} tolerated with the fault-free outcome (${Object.entries(toleratedBy).sort().map(([k, n]) => `${k} ×${n}`).join(", ")}), ${problems.length} problems`);
      assert.deepEqual(problems, []);
    });
  }
});

// ---- IndexedDB quota ----

describe("storage faults: IndexedDB quota", () => {
  for (const journal of [true, false]) {
    it(`a QuotaExceededError of an IndexedDB transaction is a StorageError and the store is as it was (journal ${journal ? "on" : "off"})`, async () => {
      globalThis.IDBKeyRange ??= { lowerBound: (lower) => ({ lower }) };
      const { IndexedDbStorage } = await import(new URL(`file://${PKG_DIR}/lib/indexeddb.js`).href);
      const fake = fakeIndexedDb(64 * 1024);
      const storage = await IndexedDbStorage.open("quota-test", { indexedDB: fake.factory });
      const c = await ContextFold.open(storage, { clock: CLOCK, journal });
      await c.fold({ summary: "a small step on port 5432", rawContent: "fits\n".repeat(100) });
      await c.checkpoint();
      const before = fake.bytes();
      const attempts = {
        fold: () => c.fold({ summary: "a step too large for the quota", rawContent: "x".repeat(200 * 1024) }),
        foldMany: () => c.foldMany([{ summary: "one" }, { summary: "two", rawContent: "y".repeat(200 * 1024) }]),
      };
      for (const [name, run] of Object.entries(attempts)) {
        await assert.rejects(run(), (err) => {
          assert.ok(err instanceof StorageError, `${name}: ${err?.name}: ${err?.message}`);
          assert.match(err.message, /quota/i, name);
          return true;
        });
        assert.ok(same(before, fake.bytes()), `${name}: the store is byte for byte as it was`);
      }
      // The same instance goes on once there is room: nothing half-written is in the way.
      const node = await c.fold({ summary: "a small step again", rawContent: "fits again\n" });
      assert.equal(node.stepId, 2);
      assert.equal((await c.validate()).ok, true);
      await c.close();
    });
  }
});
