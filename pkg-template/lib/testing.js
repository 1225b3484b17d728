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
const absent = (v) => v === null || v === undefined;
const has = (s, name) => typeof s[name] === "function";
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** Pseudo-random bytes (a fixed LCG), so a failure is reproducible. */
function noise(length) {
  const out = new Uint8Array(length);
  let x = 0x2545f491;
  for (let i = 0; i < length; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    out[i] = x >>> 24;
  }
  return out;
}
// A version made of a size and a modification time (all the VS Code FileSystem API offers) changes on a rewrite
// of the same size only once the file system's clock has moved: the tests that need it wait this long first.
const CLOCK_TICK_MS = 30;
// The engine's own file beside recall_index.json (a binary snapshot of the index), written only when the storage
// has `version`; the reference files are the same with or without it.
const SNAPSHOT = ".contextfold/recall_index.snapshot";

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

    t("version (when present): null/undefined for a missing key, a string after save, stable while nothing changes", async (s) => {
      if (!has(s, "version")) return;
      const key = ".contextfold/recall_index.json";
      ok(absent(await s.version(key)), `version of a missing key: ${show(await s.version(key))}`);
      await s.save(key, bytes("{}"));
      const v = await s.version(key);
      ok(typeof v === "string", `version after save is a string, got ${show(v)}`);
      eq(await s.version(key), v, "asked again");
      await s.load(key);
      await s.list(".contextfold/");
      if (has(s, "loadRange")) await s.loadRange(key, 0, 1);
      await s.save(".contextfold/cold_nodes/step_000001.json", bytes("other"));
      await s.remove(".contextfold/never/was.json");
      eq(await s.version(key), v, "after reads and writes of other keys");
      ok(absent(await s.version(".contextfold/cold_nodes/step_000002.json")), "another missing key");
    });

    t("version (when present) changes after save, append and remove, and after a save of the same bytes", async (s) => {
      if (!has(s, "version")) return;
      const key = ".contextfold/recall_index.json";
      await s.save(key, bytes("first"));
      const seen = [await s.version(key)];
      const changed = async (what) => {
        const v = await s.version(key);
        ok(typeof v === "string", `${what}: version is a string, got ${show(v)}`);
        ok(!seen.includes(v), `${what}: version ${show(v)} should differ from the earlier ${show(seen)}`);
        seen.push(v);
      };
      await s.save(key, bytes("second, longer"));
      await changed("after a save");
      if (has(s, "append")) {
        await s.append(key, bytes(" + appended"));
        await changed("after an append");
      }
      await pause(CLOCK_TICK_MS);
      await s.save(key, await s.load(key));
      await changed("after a save of the same bytes");
      await s.remove(key);
      ok(absent(await s.version(key)), "after remove: null/undefined");
    });

    t("loadRange (when present): exact sub-ranges, fewer bytes at the end, none past it, null for a missing key", async (s) => {
      if (!has(s, "loadRange")) return;
      const key = ".contextfold/snapshot.bin";
      const all = new Uint8Array(256).map((_, i) => i);
      await s.save(key, all);
      const got = await s.loadRange(key, 10, 5);
      ok(got instanceof Uint8Array, `loadRange returns a Uint8Array, got ${show(got)}`);
      eq(got, all.slice(10, 15), "a middle range");
      eq(await s.loadRange(key, 0, 256), all, "the whole value");
      eq(await s.loadRange(key, 0, 1), all.slice(0, 1), "the first byte");
      eq(await s.loadRange(key, 255, 1), all.slice(255), "the last byte");
      eq(await s.loadRange(key, 3, 0), new Uint8Array(0), "zero length");
      eq(await s.loadRange(key, 250, 100), all.slice(250), "fewer bytes at the end");
      eq(await s.loadRange(key, 0, 1e9), all, "a length far beyond the end");
      eq(await s.loadRange(key, 256, 10), new Uint8Array(0), "at the end: empty");
      eq(await s.loadRange(key, 5000, 10), new Uint8Array(0), "past the end: empty");
      ok(absent(await s.loadRange(".contextfold/missing.bin", 0, 10)), "a missing key: null/undefined");
      await s.save(".contextfold/empty.bin", new Uint8Array(0));
      eq(await s.loadRange(".contextfold/empty.bin", 0, 10), new Uint8Array(0), "an empty value: empty, not null");
      got.fill(0);
      eq(await s.load(key), all, "mutating a range does not touch the store");
      if (has(s, "append")) {
        await s.append(key, bytes("tail"));
        eq(await s.loadRange(key, 254, 10), new Uint8Array([254, 255, ...bytes("tail")]), "after an append");
      }
    });

    t("loadRange (when present): a large value read in chunks equals load", async (s) => {
      if (!has(s, "loadRange")) return;
      const key = ".contextfold/snapshot.bin";
      const big = noise(300_001);
      await s.save(key, big);
      const chunks = [];
      for (let offset = 0; ; offset += 65_536) {
        const chunk = await s.loadRange(key, offset, 65_536);
        if (chunk.length === 0) break;
        ok(chunk.length <= 65_536, `chunk at ${offset} has ${chunk.length} bytes`);
        chunks.push(chunk);
      }
      eq(chunks.length, 5, "chunks");
      const joined = new Uint8Array(big.length);
      let at = 0;
      for (const c of chunks) {
        joined.set(c, at);
        at += c.length;
      }
      eq(at, big.length, "bytes read");
      eq(joined, big, "bytes");
    });

    t("rename (when present): moves the bytes, the source is gone, the target's old bytes replaced, its version changes", async (s) => {
      if (!has(s, "rename")) return;
      const from = ".contextfold/recall_index.json.tmp";
      const to = ".contextfold/recall_index.json";
      await s.save(to, bytes("the old bytes, longer than the new ones"));
      const before = has(s, "version") ? await s.version(to) : undefined;
      if (has(s, "append")) {
        await s.append(from, bytes("new "));
        await s.append(from, bytes("bytes"));
      } else {
        await s.save(from, bytes("new bytes"));
      }
      await s.rename(from, to);
      eq(await s.load(to), bytes("new bytes"), "the target holds the source's bytes");
      ok(absent(await s.load(from)), "the source is gone");
      eq(await s.list(".contextfold/"), [to], "list");
      if (has(s, "version")) {
        const after = await s.version(to);
        ok(typeof after === "string" && after !== before, `the target's version changed: ${show(before)} -> ${show(after)}`);
        ok(absent(await s.version(from)), "the source has no version");
      }
      await s.save(".contextfold/a.tmp", bytes("fresh"));
      await s.rename(".contextfold/a.tmp", ".contextfold/cold_nodes/step_000001.json");
      eq(await s.load(".contextfold/cold_nodes/step_000001.json"), bytes("fresh"), "a missing target is created");
      let caught;
      try {
        await s.rename(".contextfold/missing.tmp", to);
      } catch (err) {
        caught = err;
      }
      ok(caught !== undefined, "renaming a missing key rejects");
      eq(await s.load(to), bytes("new bytes"), "and leaves the target as it was");
    });

    t("engine: an index rewritten by a writer without the optional methods is what a reopen sees", async (s) => {
      const cf1 = await CF.open(s, { clock });
      await cf1.fold({ stepId: 1, summary: "PostgreSQL configured on Port 5433", rawContent: "$ docker compose up -d postgres" });
      await cf1.fold({ stepId: 2, summary: "Migration V12 applied", rawContent: "Applied V12__TenantBilling.sql" });
      await cf1.close();
      // The four required methods only: no version, so no trusted snapshot; its writes must still be seen.
      const plain = {
        root: s.root,
        load: (k) => s.load(k),
        save: (k, d) => s.save(k, d),
        remove: (k) => s.remove(k),
        list: (p) => s.list(p),
        ...(has(s, "resolve") ? { resolve: (p) => s.resolve(p) } : {}),
      };
      await pause(CLOCK_TICK_MS);
      const cf2 = await CF.open(plain, { clock });
      await cf2.fold({ stepId: 3, summary: "JWT secret rotated", rawContent: "rotated" });
      await cf2.evict(1);
      await cf2.close();
      const cf3 = await CF.open(s, { clock });
      const st = await cf3.status();
      eq([st.total, st.active, st.evicted], [3, 2, 1], "status after the other writer");
      eq((await cf3.scan("JWT secret")).selected.map((c) => c.stepId), [3], "scan finds the other writer's node");
      await cf3.close();
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
      // The engine's own caches beside the reference files: the snapshot, and the pages (with versions and ranged reads).
      const cache = (k) => (k === SNAPSHOT && has(s, "version")) || (k.startsWith(".contextfold/pages/") && has(s, "version") && has(s, "loadRange"));
      const extra = (await s.list(".contextfold/")).filter((k) => !plain.has(k) && !cache(k));
      eq(extra, [], "no journal (or partial write) left after checkpoint");
    });

    t("engine round trip: fold, scan, hydrate, evict, reopen, validate", async (s) => {
      // Strict reference behaviour: the reference files are written by every call.
      const cf = await CF.open(s, { clock, journal: false });
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

// ---- Fault injection ----

/** Every method of the Storage interface, in the order a report lists them. */
const STORAGE_METHODS = ["load", "save", "append", "list", "remove", "rename", "loadRange", "loadMany", "version", "resolve", "resolveMany", "lock", "unlock"];
/** Methods whose result the engine reads (a short or wrong result can be injected into them). */
const READS = new Set(["load", "loadRange", "loadMany", "list", "version", "resolve", "resolveMany"]);
const BYTE_READS = new Set(["load", "loadRange", "loadMany"]);

/** The faults `FaultyStorage` can inject into a call of `method`. */
export function faultKinds(method) {
  if (!STORAGE_METHODS.includes(method)) throw new TypeError(`faultKinds: unknown Storage method ${String(method)}`);
  const kinds = ["throw"];
  if (READS.has(method)) kinds.push("wrong-type");
  if (BYTE_READS.has(method) || method === "list" || method === "resolveMany") kinds.push("short");
  if (BYTE_READS.has(method)) kinds.push("garbage");
  return kinds;
}

/** The first half of a byte value (a value of 0 or 1 byte becomes empty). */
const half = (b) => b.slice(0, Math.floor(b.length / 2));
/** Bytes of the same length that are neither JSON nor any file the engine writes. */
const garble = (b) => new Uint8Array(Math.max(b.length, 1)).fill(0xff);

/**
 * A Storage that forwards to `inner` and injects one fault when armed: at the `at`-th call (counting every call of
 * every method from `arm`), the call throws (`"throw"`), or runs and returns a result of the wrong type
 * (`"wrong-type"`), a short result (`"short"`: half the bytes, a list or batch without its last item), or other bytes
 * (`"garbage"`). It has exactly the optional methods `inner` has. `calls` records every call made while armed or
 * recording, so a test can first count the call sites of an operation, then fail each in turn.
 */
/** What every Storage has; the rest of STORAGE_METHODS are optional. */
const REQUIRED_STORAGE_METHODS = ["load", "save", "remove", "list"];

export class FaultyStorage {
  #inner;
  #fault = null;
  #count = 0;
  #makeError;
  /** `[method, firstArgument]` of each call since `arm`/`record`. */
  calls = [];
  /** The call that got the fault, once it fired: `{ method, args, kind }`. */
  fired = null;

  /**
   * @param {import("./testing.js").StorageLike} inner
   * @param {{ error?: (method: string, args: unknown[]) => unknown }} [options] what a `"throw"` fault throws
   *   (default: an Error named "InjectedFault"), e.g. a DOMException named "QuotaExceededError"
   */
  constructor(inner, options = {}) {
    if (!inner || typeof inner.load !== "function") throw new TypeError("FaultyStorage wraps a Storage");
    this.#inner = inner;
    this.#makeError =
      options.error ??
      ((method) => {
        const e = new Error(`injected fault in storage.${method}`);
        e.name = "InjectedFault";
        return e;
      });
    // The optional methods exist exactly when the wrapped storage has them (the engine asks by their presence).
    for (const name of STORAGE_METHODS) {
      if (!REQUIRED_STORAGE_METHODS.includes(name) && typeof inner[name] === "function") {
        Object.defineProperty(this, name, { value: (...args) => this.#call(name, args), enumerable: false });
      }
    }
  }

  load(key) {
    return this.#call("load", [key]);
  }

  save(key, data) {
    return this.#call("save", [key, data]);
  }

  remove(key) {
    return this.#call("remove", [key]);
  }

  list(prefix) {
    return this.#call("list", [prefix]);
  }

  get root() {
    return this.#inner.root;
  }

  /** Start counting calls, and fail the `at`-th from now with `kind` (omit both to only record). */
  arm({ at = 0, kind = "throw" } = {}) {
    if (!Number.isSafeInteger(at) || at < 0) throw new TypeError("arm: at must be a non-negative integer");
    if (!["throw", "wrong-type", "short", "garbage"].includes(kind)) throw new TypeError(`arm: unknown fault kind ${String(kind)}`);
    this.#fault = at > 0 ? { at, kind } : null;
    this.#count = 0;
    this.calls = [];
    this.fired = null;
  }

  /** Stop injecting (calls are still recorded). */
  disarm() {
    this.#fault = null;
  }

  async #call(method, args) {
    this.#count += 1;
    this.calls.push([method, args[0]]);
    const fault = this.#fault;
    if (!fault || this.#count !== fault.at || !faultKinds(method).includes(fault.kind)) {
      return this.#inner[method](...args);
    }
    this.fired = { method, args, kind: fault.kind };
    this.#fault = null;
    if (fault.kind === "throw") throw this.#makeError(method, args);
    const result = await this.#inner[method](...args);
    if (fault.kind === "wrong-type") return method === "list" || method === "resolveMany" || method === "loadMany" ? [42] : 42;
    if (method === "list" || method === "resolveMany") return Array.isArray(result) ? result.slice(0, -1) : result;
    if (method === "loadMany") {
      if (!Array.isArray(result)) return result;
      const i = result.findIndex((b) => b instanceof Uint8Array);
      if (fault.kind === "short" && i < 0) return result.slice(0, -1);
      return result.map((b, j) => (j === i ? (fault.kind === "short" ? half(b) : garble(b)) : b));
    }
    if (!(result instanceof Uint8Array)) return fault.kind === "garbage" ? garble(new Uint8Array(16)) : result;
    return fault.kind === "short" ? half(result) : garble(result);
  }
}
