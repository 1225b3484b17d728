// Several writers on one store: processes folding at once into one fs store lose nothing, get distinct step ids in
// arrival order when they let the engine choose, and leave a store that validates; stores opened over one storage in
// one process take turns the same way; a lock whose holder died is recovered.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { CONSUMER, cf, CLOCK, scratch } from "./helpers.mjs";

const WRITER = `
import { ContextFold } from "contextfold";
import { NodeFsStorage } from "contextfold/node";
const [root, name, count, journal] = process.argv.slice(2);
const store = await ContextFold.open(new NodeFsStorage(root), { journal: journal === "1" });
const ids = [];
for (let i = 0; i < Number(count); i++) {
  const node = await store.fold({ summary: \`\${name} turn \${i} port \${5000 + i}\`, rawContent: \`\${name} output \${i}\\n\`.repeat(20) });
  ids.push(node.stepId);
}
await store.close();
process.stdout.write(JSON.stringify(ids));
`;

function run(file, args) {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, [file, ...args], { cwd: CONSUMER, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    p.stdout.on("data", (d) => (out += d));
    p.stderr.on("data", (d) => (err += d));
    p.on("close", (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`writer exited ${code}: ${err}`))));
  });
}

async function writers(processes, each, journal) {
  const root = mkdtempSync(path.join(tmpdir(), "cf-writers-"));
  const file = path.join(scratch("writers"), "writer.mjs");
  writeFileSync(file, WRITER);
  const ids = await Promise.all(Array.from({ length: processes }, (_, p) => run(file, [root, `w${p}`, String(each), journal ? "1" : "0"])));
  return { root, ids };
}

describe("several writers on one store", () => {
  for (const journal of [true, false]) {
    it(`processes folding at once lose nothing and get distinct step ids (journal ${journal ? "on" : "off"})`, async () => {
      const { root, ids } = await writers(4, 25, journal);
      const all = ids.flat().sort((a, b) => a - b);
      assert.deepEqual(all, Array.from({ length: 100 }, (_, i) => i + 1), "ids 1..100, each once");
      for (const list of ids) assert.deepEqual(list, [...list].sort((a, b) => a - b), "each writer's ids rise in its own order");
      const store = await cf.ContextFold.open(new cf.NodeFsStorage(root));
      assert.equal((await store.status()).total, 100);
      const v = await store.validate();
      assert.deepEqual(v.problems, []);
      assert.equal(v.passCount, 100);
      await store.close();
      // After close() the reference files hold every fold.
      const index = JSON.parse(readFileSync(path.join(root, ".contextfold", "recall_index.json"), "utf8"));
      assert.equal(Object.keys(index.nodes).length, 100);
      assert.ok(!existsSync(path.join(root, ".contextfold", "write.lock")), "no lock is left behind");
    });
  }

  it("stores opened over one storage in one process take turns and see each other's folds", async () => {
    const storage = new cf.MemoryStorage();
    const a = await cf.ContextFold.open(storage, { clock: CLOCK, journal: true });
    const b = await cf.ContextFold.open(storage, { clock: CLOCK, journal: true });
    const folds = [];
    for (let i = 0; i < 10; i++) folds.push(a.fold({ summary: `a ${i}` }), b.fold({ summary: `b ${i}` }));
    const nodes = await Promise.all(folds);
    assert.deepEqual(nodes.map((n) => n.stepId).sort((x, y) => x - y), Array.from({ length: 20 }, (_, i) => i + 1));
    await a.checkpoint();
    await b.fold({ stepId: 100, summary: "explicit id" });
    assert.equal((await b.fold({ summary: "after 100" })).stepId, 101);
    await a.close();
    await b.close();
    const c = await cf.ContextFold.open(storage, { clock: CLOCK });
    assert.equal((await c.status()).total, 22);
    assert.equal((await c.validate()).ok, true);
  });

  it("a lock whose holder died is recovered; a live holder is waited for, then times out", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "cf-lock-"));
    const file = path.join(dir, "write.lock");
    writeFileSync(file, JSON.stringify({ host: (await import("node:os")).hostname(), pid: 2 ** 22 + 12345, token: "dead" }));
    const release = await cf.acquireLock(file, { timeoutMs: 2000 });
    assert.notEqual(JSON.parse(readFileSync(file, "utf8")).token, "dead");
    await assert.rejects(cf.acquireLock(file, { timeoutMs: 100 }), { code: "ELOCKED" });
    await release();
    assert.ok(!existsSync(file));
    const again = await cf.acquireLock(file, { timeoutMs: 100 });
    await again();
  });
});
