// Hostile paths and keys (issue 17): the shared corpus tests/fixtures/hostile_paths.json (also used by
// tests/hostile_paths.rs). Every hostile key is refused by every adapter (MemoryStorage, NodeFsStorage, VsCodeStorage
// over a workspace.fs, IndexedDbStorage over an in-memory IndexedDB) in every method, and nothing appears outside the
// store; every hostile file_path in an index is refused by the engine (PathContainmentError from hydrate,
// PATH_CONTAINMENT from validate) over memory and over a real directory; symbolic and hard links planted in an fs
// store never make the engine read a node from, or write to, a file outside it.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { copyFileSync, existsSync, linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { CLOCK, PKG_DIR, ROOT, cf } from "./helpers.mjs";
import { FakeUri, NodeVsCodeFs } from "./vscode-fs.mjs";
import { fakeIndexedDb } from "./support/fake-indexeddb.mjs";

const { ContextFold, MemoryStorage, NodeFsStorage, VsCodeStorage, PathContainmentError, StorageError } = cf;
const CORPUS = JSON.parse(readFileSync(path.join(ROOT, "tests", "fixtures", "hostile_paths.json"), "utf8"));
const KEYS = CORPUS.filter((h) => h.key);
const NODE_1 = ".contextfold/cold_nodes/step_000001.json";
const bytes = (s) => new TextEncoder().encode(s);

/** A fresh directory inside a fresh parent, so that anything written beside the store shows. */
function sandbox() {
  const parent = mkdtempSync(path.join(tmpdir(), "cf-hostile-"));
  const root = path.join(parent, "store");
  mkdirSync(root);
  return { parent, root };
}

/** Every file under `dir`, relative. */
function tree(dir) {
  const out = [];
  const walk = (d, rel) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) walk(path.join(d, e.name), r);
      else out.push(r);
    }
  };
  walk(dir, "");
  return out.sort();
}

async function adapters() {
  globalThis.IDBKeyRange ??= { lowerBound: (lower) => ({ lower }) };
  const { IndexedDbStorage } = await import(new URL(`file://${PKG_DIR}/lib/indexeddb.js`).href);
  const fs1 = sandbox();
  const fs2 = sandbox();
  return [
    { name: "MemoryStorage", storage: new MemoryStorage(), parent: null },
    { name: "NodeFsStorage", storage: new NodeFsStorage(fs1.root), parent: fs1.parent },
    { name: "VsCodeStorage", storage: new VsCodeStorage(new NodeVsCodeFs(), FakeUri.file(fs2.root)), parent: fs2.parent },
    { name: "IndexedDbStorage", storage: await IndexedDbStorage.open("hostile", { indexedDB: fakeIndexedDb().factory }), parent: null },
  ];
}

describe("hostile paths and keys", () => {
  it(`the shared corpus holds at least 100 hostile file_path values (${CORPUS.length}, ${KEYS.length} of them hostile keys)`, () => {
    assert.ok(CORPUS.length >= 100);
    assert.ok(KEYS.length >= 50);
  });

  it("every adapter refuses every hostile key in every method, and writes nothing outside its store", async () => {
    for (const { name, storage, parent } of await adapters()) {
      const calls = {
        load: (k) => storage.load(k),
        save: (k) => storage.save(k, bytes("x")),
        append: (k) => storage.append?.(k, bytes("x")),
        remove: (k) => storage.remove(k),
        version: (k) => storage.version?.(k),
        loadRange: (k) => storage.loadRange?.(k, 0, 10),
        renameFrom: (k) => storage.rename?.(NODE_1, k),
        renameTo: (k) => storage.rename?.(k, NODE_1),
        lock: (k) => storage.lock?.(k),
      };
      await storage.save(NODE_1, bytes("node one"));
      const accepted = [];
      for (const h of KEYS) {
        for (const [method, call] of Object.entries(calls)) {
          if (method !== "load" && method !== "save" && method !== "remove" && typeof storage[method.replace(/From|To/, "")] !== "function") continue;
          try {
            await call(h.value);
            accepted.push(`${method}(${JSON.stringify(h.value)}) [${h.why}]`);
          } catch (err) {
            assert.ok(err instanceof TypeError, `${name}.${method}(${JSON.stringify(h.value)}): ${err?.name}: ${err?.message}`);
          }
        }
      }
      assert.deepEqual(accepted, [], `${name} accepted hostile keys`);
      assert.deepEqual(await storage.list(""), [NODE_1], `${name}: only the one key it was given`);
      if (parent) assert.deepEqual(readdirSync(parent), ["store"], `${name}: nothing beside the store`);
    }
  });

  for (const backend of ["memory", "fs"]) {
    it(`the engine refuses every hostile file_path in an index (${backend === "fs" ? "NodeFsStorage, realpath" : "MemoryStorage, lexical"})`, async () => {
      const box = backend === "fs" ? sandbox() : null;
      const storage = box ? new NodeFsStorage(box.root) : new MemoryStorage();
      const c = await ContextFold.open(storage, { clock: CLOCK, journal: false });
      await c.fold({ stepId: 1, summary: "step one on port 5432", rawContent: "the output" });
      await c.close();
      const index = JSON.parse(new TextDecoder().decode(await storage.load(".contextfold/recall_index.json")));
      const problems = [];
      for (const h of CORPUS) {
        index.nodes["1"].file_path = h.value;
        await storage.save(".contextfold/recall_index.json", bytes(JSON.stringify(index)));
        const e = await ContextFold.open(storage, { clock: CLOCK, journal: false });
        const what = `${JSON.stringify(h.value).slice(0, 80)} (${h.why})`;
        try {
          await e.hydrate(1);
          problems.push(`hydrate accepted ${what}`);
        } catch (err) {
          if (!(err instanceof PathContainmentError)) problems.push(`hydrate ${what}: ${err?.name}: ${err?.message}`);
        }
        try {
          const v = await e.validate();
          if (!v.problems.some((p) => p.code === "PATH_CONTAINMENT" && p.stepId === 1)) problems.push(`validate ${what}: ${JSON.stringify(v.problems)}`);
        } catch (err) {
          problems.push(`validate threw on ${what}: ${err?.name}: ${err?.message}`);
        }
        await e.close({ checkpoint: false });
      }
      assert.deepEqual(problems, []);
      if (box) assert.deepEqual(readdirSync(box.parent), ["store"]);
    });
  }

  it("links planted in an fs store: a node linked outside is refused, a journal linked outside is not written through", async () => {
    const { parent, root } = sandbox();
    const outside = path.join(parent, "outside");
    mkdirSync(outside);
    const c = await ContextFold.open(new NodeFsStorage(root), { clock: CLOCK, journal: true });
    await c.fold({ stepId: 1, summary: "step one", rawContent: "one" });
    await c.fold({ stepId: 2, summary: "step two", rawContent: "two" });
    await c.close();
    const dir = path.join(root, ".contextfold");
    // Node 2 moved outside and replaced by a symbolic link to it: containment refuses it (spec §10).
    const node2 = path.join(outside, "step_000002.json");
    copyFileSync(path.join(dir, "cold_nodes", "step_000002.json"), node2);
    rmSync(path.join(dir, "cold_nodes", "step_000002.json"));
    symlinkSync(node2, path.join(dir, "cold_nodes", "step_000002.json"));
    const e = await ContextFold.open(new NodeFsStorage(root), { clock: CLOCK, journal: true });
    await assert.rejects(e.hydrate(2), PathContainmentError);
    assert.ok((await e.validate()).problems.some((p) => p.code === "PATH_CONTAINMENT" && p.stepId === 2));
    await e.close({ checkpoint: false });
    // The journal as a symbolic link, then as a hard link, to a file outside: a journaled fold refuses to append
    // through it (StorageError), and the outside file keeps its bytes.
    for (const kind of ["symbolic", "hard"]) {
      const target = path.join(outside, `journal-${kind}`);
      writeFileSync(target, ""); // empty: a journal with nothing in it yet, as far as a reader can tell
      const journal = path.join(dir, "recall_index.journal");
      rmSync(journal, { force: true });
      if (kind === "symbolic") symlinkSync(target, journal);
      else linkSync(target, journal);
      const w = await ContextFold.open(new NodeFsStorage(root), { clock: CLOCK, journal: true });
      await assert.rejects(w.fold({ stepId: 3, summary: "step three" }), (err) => err instanceof StorageError || err?.code === "INTEGRITY_CHECK");
      assert.equal(readFileSync(target, "utf8"), "", `${kind} link: nothing written outside`);
      await w.close({ checkpoint: false }).catch(() => {});
      rmSync(journal, { force: true });
    }
    // An orphan hard-linked to an outside file where a fold writes its node: the fold replaces the link (a new file
    // renamed over it) and the outside file keeps its bytes.
    const victim = path.join(outside, "victim.json");
    writeFileSync(victim, "do not touch\n");
    linkSync(victim, path.join(dir, "cold_nodes", "step_000004.json"));
    const f = await ContextFold.open(new NodeFsStorage(root), { clock: CLOCK, journal: true });
    await f.fold({ stepId: 4, summary: "step four", rawContent: "four" });
    await f.evict(4);
    await f.close();
    assert.equal(readFileSync(victim, "utf8"), "do not touch\n");
    assert.ok(existsSync(path.join(dir, "cold_nodes", "step_000004.json")));
    assert.deepEqual(readdirSync(parent).sort(), ["outside", "store"]);
  });
});
