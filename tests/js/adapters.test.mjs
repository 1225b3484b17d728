// The exported conformance suite over MemoryStorage, NodeFsStorage and VsCodeStorage (against a vscode.FileSystem
// implemented over Node fs), plus what only NodeFsStorage promises: mode 0600, temp + rename, symlink resolve.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import * as fs from "node:fs";
import * as fsp from "node:fs/promises";
import * as os from "node:os";
import * as path from "node:path";
import { cf, CLOCK } from "./helpers.mjs";
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
    const c = await ContextFold.open(s, { clock: CLOCK });
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
    const src = fs.readFileSync(path.join(path.dirname(new URL(import.meta.url).pathname), "..", "tmp", "consumer", "node_modules", "contextfold", "lib", "vscode.js"), "utf8");
    assert.ok(!/from\s+["']vscode["']|require\(["']vscode["']\)|import\(["']vscode["']\)/.test(src));
  });
});
