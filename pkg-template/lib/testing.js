// A conformance suite for Storage adapters, runnable under node:test, mocha, vitest, jest or any runner with
// describe/it. Each test gets a fresh, empty storage from `makeStorage()`.
import { ContextFold, StorageError } from "contextfold";

class AssertionError extends Error {}
function fail(msg) {
  throw new AssertionError(msg);
}
function show(v) {
  if (v instanceof Uint8Array) return `Uint8Array[${[...v.slice(0, 16)].join(",")}${v.length > 16 ? ",…" : ""}] (${v.length})`;
  try {
    return JSON.stringify(v);
  } catch {
    return String(v);
  }
}
function same(a, b) {
  if (a === b) return true;
  if (a instanceof Uint8Array && b instanceof Uint8Array) return a.length === b.length && a.every((x, i) => x === b[i]);
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => same(x, b[i]));
  if (a && b && typeof a === "object" && typeof b === "object") {
    const ka = Object.keys(a).sort();
    const kb = Object.keys(b).sort();
    return same(ka, kb) && ka.every((k) => same(a[k], b[k]));
  }
  return false;
}
function eq(actual, expected, what) {
  if (!same(actual, expected)) fail(`${what}: expected ${show(expected)}, got ${show(actual)}`);
}
function ok(cond, what) {
  if (!cond) fail(what);
}

const enc = new TextEncoder();
const bytes = (s) => enc.encode(s);

function pickRunner(options) {
  let describe = options.describe;
  let it = options.it;
  if (!describe || !it) {
    const g = globalThis;
    if (typeof g.describe === "function" && typeof g.it === "function") {
      describe ??= g.describe;
      it ??= g.it;
    } else if (typeof g.process?.getBuiltinModule === "function") {
      const nodeTest = g.process.getBuiltinModule("node:test");
      describe ??= nodeTest.describe;
      it ??= nodeTest.it;
    }
  }
  if (typeof describe !== "function" || typeof it !== "function") {
    throw new TypeError("runStorageAdapterTests: pass { describe, it } (from node:test, mocha, vitest, ...)");
  }
  return { describe, it };
}

/**
 * Register the Storage conformance tests for one adapter.
 * @param {string} name shown as the suite name
 * @param {() => import("./testing.js").StorageLike | Promise<import("./testing.js").StorageLike>} makeStorage a fresh, empty storage per test
 * @param {import("./testing.js").AdapterTestOptions} [options]
 */
export function runStorageAdapterTests(name, makeStorage, options = {}) {
  const { describe, it } = pickRunner(options);
  const CF = options.ContextFold ?? ContextFold;
  const clock = () => "2026-01-01T00:00:00Z";
  const fresh = async () => makeStorage();
  const t = (title, fn) => it(title, async () => fn(await fresh()));

  describe(`Storage adapter conformance: ${name}`, () => {
    t("load of a missing key gives null or undefined", async (s) => {
      const v = await s.load(".contextfold/recall_index.json");
      ok(v === null || v === undefined, `expected null/undefined, got ${show(v)}`);
    });

    t("save then load gives the exact bytes (all 256 byte values, empty data)", async (s) => {
      const all = new Uint8Array(256).map((_, i) => i);
      await s.save(".contextfold/cold_nodes/step_000001.json", all);
      await s.save(".contextfold/empty.json", new Uint8Array(0));
      const back = await s.load(".contextfold/cold_nodes/step_000001.json");
      ok(back instanceof Uint8Array, "load returns a Uint8Array");
      eq(back, all, "bytes");
      eq(await s.load(".contextfold/empty.json"), new Uint8Array(0), "empty value");
    });

    t("save replaces the previous value", async (s) => {
      await s.save(".contextfold/recall_index.json", bytes("first, a longer value"));
      await s.save(".contextfold/recall_index.json", bytes("second"));
      eq(await s.load(".contextfold/recall_index.json"), bytes("second"), "value");
    });

    t("save keeps its own copy; load hands out a copy", async (s) => {
      const data = bytes("original");
      await s.save(".contextfold/a.json", data);
      data.fill(0);
      const got = await s.load(".contextfold/a.json");
      eq(got, bytes("original"), "after mutating the saved array");
      got.fill(0);
      eq(await s.load(".contextfold/a.json"), bytes("original"), "after mutating a loaded array");
    });

    t("save accepts a view into a larger buffer", async (s) => {
      const big = bytes("xxxHELLOyyy");
      await s.save(".contextfold/view.json", big.subarray(3, 8));
      eq(await s.load(".contextfold/view.json"), bytes("HELLO"), "bytes of the view only");
    });

    t("remove deletes; removing a missing key is not an error", async (s) => {
      await s.save(".contextfold/b.json", bytes("b"));
      await s.remove(".contextfold/b.json");
      const v = await s.load(".contextfold/b.json");
      ok(v === null || v === undefined, "removed key loads as null/undefined");
      await s.remove(".contextfold/b.json");
      await s.remove(".contextfold/never/was.json");
    });

    t("list gives every key under a prefix, sorted, nested keys included", async (s) => {
      const keys = [
        ".contextfold/recall_index.json",
        ".contextfold/cold_nodes/step_000010.json",
        ".contextfold/cold_nodes/step_000002.json",
        ".contextfold/cold_nodes/step_-00005.json",
        ".contextfold/hydration_policy.json",
        ".contextfold/eviction_log.json",
      ];
      for (const k of keys) await s.save(k, bytes(k));
      eq(
        await s.list(".contextfold/cold_nodes/"),
        [".contextfold/cold_nodes/step_-00005.json", ".contextfold/cold_nodes/step_000002.json", ".contextfold/cold_nodes/step_000010.json"],
        "cold_nodes/",
      );
      eq(await s.list(".contextfold/cold_nodes/step_00001"), [".contextfold/cold_nodes/step_000010.json"], "partial name prefix");
      eq(await s.list(".contextfold/"), [...keys].sort(), "whole store");
      eq(await s.list(".contextfold/cold"), [...keys].filter((k) => k.includes("cold_nodes")).sort(), "partial directory prefix");
      eq(await s.list(".contextfold/nothing/"), [], "missing directory");
      eq(await s.list(".contextfold/recall_index.json"), [".contextfold/recall_index.json"], "a full key");
    });

    t("list reflects removes and never shows temp files", async (s) => {
      await s.save(".contextfold/cold_nodes/step_000001.json", bytes("1"));
      await s.save(".contextfold/cold_nodes/step_000002.json", bytes("2"));
      await s.save(".contextfold/cold_nodes/step_000002.json", bytes("2b"));
      await s.remove(".contextfold/cold_nodes/step_000001.json");
      eq(await s.list(".contextfold/cold_nodes/"), [".contextfold/cold_nodes/step_000002.json"], "after remove");
    });

    t("keys and values may hold any Unicode", async (s) => {
      const key = ".contextfold/ünï/çødé_数据_🚀.json";
      const val = bytes("İstanbul 🚀 \u2028 \u0000 end");
      await s.save(key, val);
      eq(await s.load(key), val, "value");
      eq(await s.list(".contextfold/ünï/"), [key], "list");
    });

    t("root, when present, is an absolute path; resolve, when present, is absolute and normalised", async (s) => {
      if (s.root !== undefined) ok(typeof s.root === "string" && s.root.startsWith("/"), `root ${show(s.root)} is absolute`);
      if (typeof s.resolve === "function") {
        const a = await s.resolve(".contextfold/cold_nodes/step_000001.json");
        ok(a.startsWith("/") && !a.includes("/./") && !a.includes("/../") && !a.endsWith("/"), `resolve gave ${show(a)}`);
        eq(await s.resolve(".contextfold/./x/../cold_nodes/step_000001.json"), a, "dot segments");
        eq(await s.resolve(a), a, "an absolute path resolves to itself");
        ok(a.endsWith("/.contextfold/cold_nodes/step_000001.json"), "keeps the key's tail");
      }
    });

    t("concurrent saves of distinct keys all land", async (s) => {
      const keys = Array.from({ length: 20 }, (_, i) => `.contextfold/cold_nodes/step_${String(i).padStart(6, "0")}.json`);
      await Promise.all(keys.map((k) => s.save(k, bytes(k))));
      eq(await s.list(".contextfold/cold_nodes/"), keys, "keys");
      for (const k of keys) eq(await s.load(k), bytes(k), k);
    });

    t("concurrent saves of one key leave one whole value", async (s) => {
      const values = Array.from({ length: 10 }, (_, i) => bytes(`value ${i} `.repeat(200 + i)));
      await Promise.all(values.map((v) => s.save(".contextfold/recall_index.json", v)));
      const got = await s.load(".contextfold/recall_index.json");
      ok(values.some((v) => same(v, got)), "the final value is one of the written values, whole");
      eq(await s.list(".contextfold/"), [".contextfold/recall_index.json"], "no temp files left");
    });

    t("append (when present) creates, then adds to the end; concurrent appends all land", async (s) => {
      if (typeof s.append !== "function") return;
      await s.append(".contextfold/journal.jsonl", bytes("one\n"));
      await s.append(".contextfold/journal.jsonl", bytes("two\n"));
      eq(await s.load(".contextfold/journal.jsonl"), bytes("one\ntwo\n"), "two appends");
      const lines = Array.from({ length: 10 }, (_, i) => `line ${i}\n`);
      await Promise.all(lines.map((l) => s.append(".contextfold/many.jsonl", bytes(l))));
      const got = new TextDecoder().decode(await s.load(".contextfold/many.jsonl"));
      eq(got.split("\n").filter(Boolean).sort(), lines.map((l) => l.trim()).sort(), "every line once");
      eq(await s.list(".contextfold/"), [".contextfold/journal.jsonl", ".contextfold/many.jsonl"], "list");
    });

    t("journal (when append is present): a reopened store sees the journal; checkpoint writes the same files", async (s) => {
      if (typeof s.append !== "function") return;
      const steps = [
        { stepId: 1, summary: "PostgreSQL configured on Port 5433", rawContent: "$ docker compose up -d postgres" },
        { stepId: 2, summary: "Migration V12 applied", rawContent: "Applied V12__TenantBilling.sql" },
        { stepId: 3, summary: "JWT secret rotated" },
      ];
      const j = await CF.open(s, { clock, journal: true });
      ok(await j.journaling(), "journaling() with journal: true and append");
      await j.fold(steps[0]);
      await j.foldMany(steps.slice(1));
      await j.evict(2);
      const again = await CF.open(s, { clock, journal: true });
      const st = await again.status();
      eq([st.total, st.active, st.evicted], [3, 2, 1], "status from index + journal");
      await again.checkpoint();
      const plain = new Map();
      const ref = {
        load: async (k) => plain.get(k) ?? null,
        save: async (k, d) => void plain.set(k, d.slice()),
        remove: async (k) => void plain.delete(k),
        list: async (p) => [...plain.keys()].filter((k) => k.startsWith(p)).sort(),
      };
      const r = await CF.open(ref, { clock });
      await r.fold(steps[0]);
      await r.foldMany(steps.slice(1));
      await r.evict(2);
      for (const key of [".contextfold/recall_index.json", ".contextfold/eviction_log.json", ".contextfold/cold_nodes/step_000002.json"]) {
        eq(await s.load(key), plain.get(key), `${key} after checkpoint equals the unjournaled store's`);
      }
      eq((await s.list(".contextfold/")).filter((k) => !plain.has(k)), [], "no journal left after checkpoint");
    });

    t("engine round trip: fold, scan, hydrate, evict, reopen, validate", async (s) => {
      const cf = await CF.open(s, { clock });
      const n = await cf.fold({ stepId: 37, summary: "PostgreSQL configured on Port 5433", rawContent: "$ docker compose up -d postgres\nPostgreSQL running on port 5433" });
      eq(n.stepId, 37, "folded step");
      await cf.fold({ stepId: 91, summary: "PostgreSQL switched to Port 5434", rawContent: "$ psql -p 5434 -U admin" });
      const scan = await cf.scan("What port is PostgreSQL on?");
      ok(scan.selected.length > 0, "scan selects a node");
      const h = await cf.hydrate(37);
      eq(h.rawContent, "$ docker compose up -d postgres\nPostgreSQL running on port 5433", "hydrated payload");
      await cf.evict(91);
      const keys = await s.list(".contextfold/");
      ok(keys.includes(".contextfold/recall_index.json") && keys.includes(".contextfold/cold_nodes/step_000037.json"), `files written: ${show(keys)}`);
      const again = await CF.open(s, { clock });
      const st = await again.status();
      eq([st.total, st.active, st.evicted], [2, 1, 1], "status after reopening");
      const v = await again.validate();
      ok(v.ok && v.passCount === 2, `validate: ${show(v)}`);
      eq((await again.hydrate(37)).rawContent, h.rawContent, "hydrate after reopening");
    });

    t("a failing save becomes a StorageError and leaves the store as it was", async (s) => {
      const cf0 = await CF.open(s, { clock });
      await cf0.fold({ stepId: 1, summary: "first step", rawContent: "payload one" });
      const before = new Map();
      for (const k of await s.list("")) before.set(k, await s.load(k));
      const failing = {
        root: s.root,
        load: (k) => s.load(k),
        list: (p) => s.list(p),
        remove: () => Promise.reject(new Error("disk on fire")),
        save: () => Promise.reject(new Error("disk on fire")),
        ...(typeof s.resolve === "function" ? { resolve: (p) => s.resolve(p) } : {}),
      };
      const cf = await CF.open(failing, { clock });
      let caught;
      try {
        await cf.fold({ stepId: 2, summary: "second step", rawContent: "payload two" });
      } catch (err) {
        caught = err;
      }
      ok(caught instanceof StorageError, `expected StorageError, got ${show(caught && (caught.name + ": " + caught.message))}`);
      eq(caught.code, "STORAGE", "code");
      const after = await s.list("");
      eq(after, [...before.keys()], "keys unchanged");
      for (const k of after) eq(await s.load(k), before.get(k), k);
    });
  });
}
