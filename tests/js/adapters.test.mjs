// The exported conformance suite over MemoryStorage, NodeFsStorage and VsCodeStorage (against a vscode.FileSystem
// implemented over Node fs), plus what only NodeFsStorage promises: mode 0600, temp + rename, symlink resolve.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import * as fs from "node:fs";
import * as fsp from "node:fs/promises";
import * as os from "node:os";
import * as path from "node:path";
import { cf, CLOCK, PKG_DIR } from "./helpers.mjs";
import { FakeUri, NodeVsCodeFs } from "./vscode-fs.mjs";

const { MemoryStorage, NodeFsStorage, VsCodeStorage, runStorageAdapterTests, ContextFold, PathContainmentError, IntegrityCheckError } = cf;

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "cf-adapters-"));
let n = 0;
const freshDir = () => {
  const d = path.join(tmp, `s${n++}`);
  fs.mkdirSync(d);
  return d;
};

runStorageAdapterTests("MemoryStorage", () => new MemoryStorage(), { describe, it });
// describe/it not passed: detected (node:test through process.getBuiltinModule).
runStorageAdapterTests("MemoryStorage, runner detected", () => new MemoryStorage({ root: "/elsewhere" }));
runStorageAdapterTests("NodeFsStorage", () => new NodeFsStorage(freshDir()), { describe, it });
runStorageAdapterTests("VsCodeStorage (vscode.FileSystem over Node fs)", () => new VsCodeStorage(new NodeVsCodeFs(), FakeUri.file(freshDir())), { describe, it });

describe("NodeFsStorage specifics", () => {
  it("root is the absolute directory", () => {
    const rel = path.relative(process.cwd(), freshDir());
    const s = new NodeFsStorage(rel);
    assert.ok(path.isAbsolute(s.root));
    assert.equal(s.root, path.resolve(rel));
  });

  it("files are written with mode 0600 (also under a permissive umask)", async () => {
    const dir = freshDir();
    const s = new NodeFsStorage(dir);
    const old = process.umask(0o000);
    try {
      await s.save(".contextfold/cold_nodes/step_000001.json", new TextEncoder().encode("{}"));
    } finally {
      process.umask(old);
    }
    const st = fs.statSync(path.join(dir, ".contextfold", "cold_nodes", "step_000001.json"));
    assert.equal(st.mode & 0o777, 0o600);
    const c = await ContextFold.open(s, { clock: CLOCK, journal: false });
    await c.fold({ stepId: 2, summary: "two", rawContent: "payload" });
    for (const f of [".contextfold/recall_index.json", ".contextfold/cold_nodes/step_000002.json"]) {
      assert.equal(fs.statSync(path.join(dir, f)).mode & 0o777, 0o600, f);
    }
  });

  it("a save goes through a temp file in the target directory and a rename (the old file is never truncated)", async () => {
    const dir = freshDir();
    const s = new NodeFsStorage(dir);
    const key = ".contextfold/recall_index.json";
    await s.save(key, new TextEncoder().encode("old"));
    const target = path.join(dir, key);
    const inodeBefore = fs.statSync(target).ino;
    const seen = [];
    const watcher = fs.watch(path.dirname(target), (_, f) => f && seen.push(String(f)));
    try {
      await s.save(key, new TextEncoder().encode("new"));
      await new Promise((r) => setImmediate(r));
    } finally {
      watcher.close();
    }
    assert.notEqual(fs.statSync(target).ino, inodeBefore, "the target is a new file (renamed over), not rewritten in place");
    assert.equal(fs.readFileSync(target, "utf8"), "new");
    assert.deepEqual(fs.readdirSync(path.dirname(target)), ["recall_index.json"], "no temp file left");
  });

  it("a failed write leaves the old bytes and no temp file", async () => {
    const dir = freshDir();
    const s = new NodeFsStorage(dir);
    const key = ".contextfold/cold_nodes/step_000001.json";
    await s.save(key, new TextEncoder().encode("old"));
    const cold = path.join(dir, ".contextfold", "cold_nodes");
    fs.chmodSync(cold, 0o500); // no new entries in the directory
    try {
      if (process.getuid && process.getuid() === 0) {
        // root ignores directory permissions: make the rename target a directory instead
        fs.chmodSync(cold, 0o700);
        const k2 = ".contextfold/cold_nodes/dir_target";
        fs.mkdirSync(path.join(cold, "dir_target"));
        fs.writeFileSync(path.join(cold, "dir_target", "x"), "x");
        await assert.rejects(s.save(k2, new TextEncoder().encode("new")));
        assert.deepEqual(fs.readdirSync(cold).sort(), ["dir_target", "step_000001.json"]);
      } else {
        await assert.rejects(s.save(key, new TextEncoder().encode("new")));
      }
    } finally {
      fs.chmodSync(cold, 0o700);
    }
    assert.equal(fs.readFileSync(path.join(dir, key), "utf8"), "old");
  });

  it("resolve follows symlinks and resolves a missing tail non-strictly", async () => {
    const dir = freshDir();
    const outside = freshDir();
    const s = new NodeFsStorage(dir);
    fs.mkdirSync(path.join(dir, ".contextfold", "cold_nodes"), { recursive: true });
    fs.symlinkSync(outside, path.join(dir, ".contextfold", "elsewhere"));
    const realDir = fs.realpathSync(dir);
    const realOutside = fs.realpathSync(outside);
    assert.equal(await s.resolve(".contextfold/elsewhere/step_000001.json"), `${realOutside}/step_000001.json`);
    assert.equal(await s.resolve(".contextfold/cold_nodes/missing/../step_000001.json"), `${realDir}/.contextfold/cold_nodes/step_000001.json`);
    assert.equal(await s.resolve(".contextfold/elsewhere/../x"), `${path.dirname(realOutside)}/x`, "'..' after a link is physical");
    fs.symlinkSync(path.join(outside, "nowhere.json"), path.join(dir, ".contextfold", "dangling"));
    assert.equal(await s.resolve(".contextfold/dangling"), `${realOutside}/nowhere.json`, "a dangling link is followed");
    fs.symlinkSync("loop", path.join(dir, "loop"));
    assert.ok((await s.resolve("loop/a")).startsWith("/"), "a link loop does not hang");
  });

  it("a symlinked cold node that escapes the store is a PathContainmentError (an IntegrityCheckError)", async () => {
    const dir = freshDir();
    const outside = freshDir();
    const s = new NodeFsStorage(dir);
    const c = await ContextFold.open(s, { clock: CLOCK });
    await c.fold({ stepId: 100, summary: "Legit node 100", rawContent: "content 100" });
    const file = path.join(dir, ".contextfold", "cold_nodes", "step_000100.json");
    fs.copyFileSync(file, path.join(outside, "step_000100.json"));
    fs.rmSync(file);
    fs.symlinkSync(path.join(outside, "step_000100.json"), file);
    const err = await c.hydrate(100).then(() => undefined, (e) => e);
    assert.ok(err instanceof PathContainmentError, `got ${err && err.name}: ${err && err.message}`);
    assert.ok(err instanceof IntegrityCheckError);
    assert.equal(err.code, "PATH_CONTAINMENT");
    const v = await c.validate();
    assert.equal(v.ok, false);
  });

  it("resolveMany then loadMany reads the file found not to be a link, even when a link replaces it in between", async () => {
    const dir = freshDir();
    const outside = freshDir();
    const s = new NodeFsStorage(dir);
    const key = ".contextfold/cold_nodes/step_000001.json";
    await s.save(key, new TextEncoder().encode("inside"));
    fs.writeFileSync(path.join(outside, "step_000001.json"), "outside");
    const [resolved] = await s.resolveMany([key]);
    assert.equal(resolved, `${fs.realpathSync(dir)}/${key}`);
    const file = path.join(dir, key);
    fs.rmSync(file);
    fs.symlinkSync(path.join(outside, "step_000001.json"), file);
    const [bytes] = await s.loadMany([key]);
    assert.equal(new TextDecoder().decode(bytes), "inside");
    // Resolved again, it is the link, resolved in full: outside the store.
    assert.deepEqual(await s.resolveMany([key]), [`${fs.realpathSync(outside)}/step_000001.json`]);
    assert.equal(new TextDecoder().decode((await s.loadMany([key]))[0]), "outside");
  });

  it("resolveMany holds no file open after the loadMany that follows it, nor after the event loop turns", { skip: !fs.existsSync("/proc/self/fd") }, async () => {
    const dir = freshDir();
    const s = new NodeFsStorage(dir);
    const keys = [];
    for (let i = 1; i <= 300; i++) {
      keys.push(`.contextfold/cold_nodes/step_${String(i).padStart(6, "0")}.json`);
      await s.save(keys.at(-1), new TextEncoder().encode(`node ${i}`));
    }
    const open = () => fs.readdirSync("/proc/self/fd").length;
    const before = open();
    await s.resolveMany(keys);
    assert.ok(open() > before, "held open for loadMany");
    const loaded = await s.loadMany(keys.slice(0, 10));
    assert.equal(new TextDecoder().decode(loaded[9]), "node 10");
    assert.equal(open(), before, "loadMany closes what it read and what it did not");
    await s.resolveMany(keys);
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(open(), before, "closed once the event loop turns, without a loadMany");
    // Every key still reads, through a descriptor or by its path.
    await s.resolveMany(keys);
    const all = await s.loadMany(keys);
    assert.deepEqual(all.map((b) => new TextDecoder().decode(b)), keys.map((_, i) => `node ${i + 1}`));
    assert.equal(open(), before);
  });

  it("list skips temp files left by a crashed writer", async () => {
    const dir = freshDir();
    const s = new NodeFsStorage(dir);
    await s.save(".contextfold/cold_nodes/step_000001.json", new Uint8Array([1]));
    await fsp.writeFile(path.join(dir, ".contextfold", "cold_nodes", ".step_000002.json.cf-tmp-1-abc"), "partial");
    assert.deepEqual(await s.list(".contextfold/cold_nodes/"), [".contextfold/cold_nodes/step_000001.json"]);
  });
});

describe("VsCodeStorage specifics", () => {
  it("writes a temp file then renames it over the target (overwrite: true)", async () => {
    const vfs = new NodeVsCodeFs();
    const calls = [];
    const spy = new Proxy(vfs, {
      get(target, prop) {
        const v = target[prop];
        return typeof v === "function" ? (...a) => (calls.push([prop, ...a.map((x) => (x && x.path) || x)]), v.apply(target, a)) : v;
      },
    });
    const dir = freshDir();
    const s = new VsCodeStorage(spy, FakeUri.file(dir));
    await s.save(".contextfold/recall_index.json", new TextEncoder().encode("x"));
    const write = calls.find((c) => c[0] === "writeFile");
    const rename = calls.find((c) => c[0] === "rename");
    assert.ok(write && rename, JSON.stringify(calls));
    assert.notEqual(write[1], `${dir}/.contextfold/recall_index.json`, "writes a temp file, not the target");
    assert.equal(rename[1], write[1]);
    assert.equal(rename[2], `${dir}/.contextfold/recall_index.json`);
    assert.deepEqual(rename[3], { overwrite: true });
    assert.equal(s.root, dir);
  });

  it("imports nothing from 'vscode' at run time", async () => {
    const src = fs.readFileSync(path.join(PKG_DIR, "lib", "vscode.js"), "utf8");
    assert.ok(!/from\s+["']vscode["']|require\(["']vscode["']\)|import\(["']vscode["']\)/.test(src));
  });
});

describe("optional Storage methods through the engine", () => {
  const INDEX = ".contextfold/recall_index.json";
  const rejection = async (promise) => {
    try {
      await promise;
    } catch (err) {
      return err;
    }
    assert.fail("expected a rejection");
  };
  const folded = async (storage) => {
    const c = await ContextFold.open(storage, { clock: CLOCK });
    await c.fold({ stepId: 1, summary: "PostgreSQL configured on Port 5433", rawContent: "$ docker compose up -d postgres" });
    await c.fold({ stepId: 2, summary: "JWT secret rotated", rawContent: "rotated" });
    await c.evict(1);
    await c.close();
  };
  const statusOf = async (storage) => {
    const c = await ContextFold.open(storage, { clock: CLOCK });
    const st = await c.status();
    await c.close();
    return [st.total, st.active, st.evicted];
  };

  it("a version, loadRange or rename that is not a function: InvalidInputError at open, naming it", async () => {
    for (const [name, value, type] of [["version", "nope", "string"], ["loadRange", 1, "number"], ["rename", null, "null"]]) {
      const s = new MemoryStorage();
      Object.defineProperty(s, name, { value });
      const e = await rejection(ContextFold.open(s, { clock: CLOCK }));
      assert.ok(e instanceof cf.InvalidInputError, `${name}: ${e.name}: ${e.message}`);
      assert.equal(e.message, `open: storage.${name} must be a function, got ${type}`);
    }
  });

  it("the engine asks for versions and reads ranges no longer than it asked for; without them it still works", async () => {
    const calls = [];
    const s = new MemoryStorage();
    for (const name of ["version", "loadRange", "rename"]) {
      const f = s[name].bind(s);
      Object.defineProperty(s, name, { value: (...args) => (calls.push([name, ...args]), f(...args)) });
    }
    await folded(s);
    calls.length = 0;
    assert.deepEqual(await statusOf(s), [2, 1, 1]);
    assert.ok(calls.some(([m, k]) => m === "version" && k === INDEX), JSON.stringify(calls));
    const snapshot = s.keys().find((k) => k !== INDEX && k.startsWith(`${INDEX.replace(/\.json$/, "")}.`));
    if (snapshot !== undefined) {
      assert.ok(calls.some(([m, k]) => m === "loadRange" && k === snapshot), `a snapshot ${snapshot} is read in ranges: ${JSON.stringify(calls)}`);
    }
    for (const [m, , offset, length] of calls) {
      if (m === "loadRange") assert.ok(Number.isSafeInteger(offset) && offset >= 0 && Number.isSafeInteger(length) && length > 0, `${offset}, ${length}`);
    }
    // The same store through the four required methods only.
    const plain = { load: (k) => s.load(k), save: (k, d) => s.save(k, d), remove: (k) => s.remove(k), list: (p) => s.list(p) };
    assert.deepEqual(await statusOf(plain), [2, 1, 1]);
  });

  it("a version or loadRange result of the wrong shape, or one that throws, never corrupts an open", async () => {
    const backing = new MemoryStorage();
    await folded(backing);
    const variants = {
      "version gives a number": { version: async () => 42 },
      "version gives an object": { version: async () => ({ v: 1 }) },
      "version throws": { version: () => { throw new Error("stat failed"); } },
      "loadRange gives more than asked": { loadRange: async (k, o, n) => { const b = await backing.load(k); return b && new Uint8Array(n + 1).fill(7); } },
      "loadRange gives a string": { loadRange: async () => "bytes" },
      "loadRange rejects": { loadRange: () => Promise.reject(new Error("EIO")) },
    };
    for (const [what, override] of Object.entries(variants)) {
      const s = {
        root: backing.root,
        load: (k) => backing.load(k),
        save: (k, d) => backing.save(k, d),
        remove: (k) => backing.remove(k),
        list: (p) => backing.list(p),
        version: (k) => backing.version(k),
        loadRange: (k, o, n) => backing.loadRange(k, o, n),
        ...override,
      };
      assert.deepEqual(await statusOf(s), [2, 1, 1], what);
    }
  });

  it("NodeFsStorage and VsCodeStorage: a snapshot is trusted only while recall_index.json is unchanged", async () => {
    for (const make of [(d) => new NodeFsStorage(d), (d) => new VsCodeStorage(new NodeVsCodeFs(), FakeUri.file(d))]) {
      const dir = freshDir();
      const s = make(dir);
      await folded(s);
      assert.deepEqual(await statusOf(s), [2, 1, 1]);
      // Another writer (the reference implementation, an editor) rewrites the index behind the engine's back.
      const file = path.join(dir, ".contextfold", "recall_index.json");
      const index = JSON.parse(fs.readFileSync(file, "utf8"));
      assert.deepEqual(Object.keys(index.nodes), ["1", "2"]);
      delete index.nodes["2"];
      await new Promise((r) => setTimeout(r, 30));
      fs.writeFileSync(file, JSON.stringify(index, null, 2));
      const [total] = await statusOf(s);
      assert.equal(total, 1, "the reopened store sees the rewritten index");
    }
  });
});

describe("list order", () => {
  // Code point order is UTF-8 byte order (what the engine's Rust side sorts by).
  const byCodePoint = (keys) => [...keys].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
  const shuffled = (keys) => keys.map((k, i) => [(i * 7919) % keys.length, k]).sort((a, b) => a[0] - b[0]).map(([, k]) => k);
  // Below U+D800 only (ASCII, Latin, a Hangul syllable): one unit per code point, where UTF-16 order is code point order.
  const withoutSurrogates = ["b", "a", "A", "a~", "z0", "é", "ü/x", "\uD7A3", "step_10.json", "step_9.json", "step_100.json"];
  // Astral characters (two surrogates each) next to characters at U+E000 and above, which UTF-16 order puts after
  // the astral ones and code point order before them.
  const withAstral = ["\u{1F600}", "\uE000", "\uFFFD", "\u{10000}", "a\u{1F600}", "a\uFF21", "a", "\u{20000}b", "\uD7A3", "é"];

  it("keys without surrogates: list gives code point order (the built-in sort's order)", async () => {
    assert.deepEqual(byCodePoint(withoutSurrogates), [...withoutSurrogates].sort());
    for (const s of [new MemoryStorage(), new NodeFsStorage(freshDir())]) {
      for (const k of shuffled(withoutSurrogates)) await s.save(`d/${k}`, new Uint8Array([1]));
      assert.deepEqual(await s.list("d/"), byCodePoint(withoutSurrogates).map((k) => `d/${k}`), s.constructor.name);
    }
  });

  it("keys with astral characters: list gives code point order, not UTF-16 order", async () => {
    assert.notDeepEqual(byCodePoint(withAstral), [...withAstral].sort(), "the case where the orders differ");
    for (const s of [new MemoryStorage(), new NodeFsStorage(freshDir())]) {
      for (const k of shuffled(withAstral)) await s.save(`d/${k}`, new Uint8Array([1]));
      assert.deepEqual(await s.list("d/"), byCodePoint(withAstral).map((k) => `d/${k}`), s.constructor.name);
    }
  });
});
