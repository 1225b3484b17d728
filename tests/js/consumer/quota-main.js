// A page built by Vite from the installed package ("browser" condition) for tests/js/browser.test.mjs: a store in
// the browser's real IndexedDB whose origin quota the test lowers (Chromium's DevTools Protocol,
// Storage.overrideQuotaForOrigin) before anything is written. window.quotaScenario({ journal }) folds a small
// step, then a fold and a foldMany too large for the quota, and reports what happened; it writes nothing at load.
import { ContextFold, StorageError } from "contextfold";
import { IndexedDbStorage } from "contextfold/indexeddb";

/** Every record of the store's object store, as key → bytes in hex (what "the store as it was" means). */
async function dump(dbName) {
  const db = await new Promise((resolve, reject) => {
    const req = indexedDB.open(dbName);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
  const tx = db.transaction("files", "readonly");
  const store = tx.objectStore("files");
  const [keys, values] = await Promise.all(
    [store.getAllKeys(), store.getAll()].map((req) => new Promise((resolve, reject) => {
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    })),
  );
  db.close();
  const hex = (v) => Array.from(new Uint8Array(v.buffer ?? v, v.byteOffset ?? 0, v.byteLength), (b) => b.toString(16).padStart(2, "0")).join("");
  return JSON.stringify(keys.map((k, i) => [k, hex(values[i])]));
}

/** Text that does not compress (Chromium may compress what IndexedDB stores): `n` characters of a seeded xorshift. */
function incompressible(n) {
  const alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 \n";
  let x = 0x9e3779b9;
  const out = new Array(n);
  for (let i = 0; i < n; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = alphabet[(x >>> 0) % alphabet.length];
  }
  return out.join("");
}

window.quotaScenario = async ({ journal, payloadChars }) => {
  const dbName = `cf-quota-${journal ? "journal" : "no-journal"}`;
  const results = [];
  const storage = await IndexedDbStorage.open(dbName);
  const cf = await ContextFold.open(storage, { clock: () => "2026-01-01T00:00:00Z", journal });
  await cf.fold({ summary: "a small step on port 5432", rawContent: "fits\n".repeat(100) });
  await cf.checkpoint();
  const before = await dump(dbName);
  const big = incompressible(payloadChars);
  const attempts = {
    fold: () => cf.fold({ summary: "a step too large for the quota", rawContent: big }),
    foldMany: () => cf.foldMany([{ summary: "one", rawContent: "small\n" }, { summary: "two", rawContent: big }]),
  };
  for (const [name, run] of Object.entries(attempts)) {
    let error = null;
    try {
      await run();
    } catch (err) {
      error = err;
    }
    results.push({
      name,
      rejected: error !== null,
      isStorageError: error instanceof StorageError,
      errorName: error?.name,
      code: error?.code,
      message: String(error?.message ?? ""),
      unchanged: (await dump(dbName)) === before,
    });
  }
  // The same instance goes on with a small fold: nothing half-written is in the way.
  const node = await cf.fold({ summary: "a small step again", rawContent: "fits again\n" });
  const validation = await cf.validate();
  await cf.close();
  const estimate = await navigator.storage.estimate();
  return { results, nextStepId: node.stepId, validates: validation.ok, usage: estimate.usage };
};
window.__quotaReady = true;
