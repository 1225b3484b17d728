// The package's defaults are the fast path: folds and evictions journal (no whole-index rewrite per call), and the
// reference files come out exactly as the strict reference behaviour (`journal: false`) writes them, at close() or
// `contextfold checkpoint`.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { ROOT, cf, CLOCK } from "./helpers.mjs";
import { cf as cli } from "./hook-helpers.mjs";

const demo = JSON.parse(readFileSync(path.join(ROOT, "tests", "vectors", "fold_demo.json"), "utf8"));
const INDEX = ".contextfold/recall_index.json";
const LOG = ".contextfold/eviction_log.json";

async function session(options) {
  const storage = new cf.MemoryStorage();
  const c = await cf.ContextFold.open(storage, { clock: CLOCK, ...options });
  for (const t of demo.turns) await c.fold({ stepId: t.input.step_id, summary: t.input.summary, rawContent: t.input.raw_content });
  const turn = await c.beforeTurn("What port are we using for PostgreSQL, and which migration applied the billing table?");
  await c.afterResponse(turn);
  await c.evict(37);
  return { storage, c };
}

describe("defaults", () => {
  it("journal on by default: folds do not rewrite recall_index.json until close()", async () => {
    const { storage, c } = await session({});
    assert.equal(await c.journaling(), true);
    assert.equal(storage.text(INDEX), undefined, "no index file before the checkpoint");
    assert.ok(storage.text(".contextfold/recall_index.journal").length > 0);
    await c.close();
    assert.equal(storage.text(".contextfold/recall_index.journal"), undefined, "the journal is dropped at close()");
  });

  it("the default and the strict option give byte-identical reference files after close()", async () => {
    const journaled = await session({});
    const strict = await session({ journal: false });
    assert.equal(await strict.c.journaling(), false);
    await journaled.c.close();
    await strict.c.close();
    for (const key of [INDEX, LOG, ...strict.storage.keys().filter((k) => k.includes("cold_nodes/"))]) {
      assert.equal(journaled.storage.text(key), strict.storage.text(key), key);
    }
    assert.equal(JSON.parse(journaled.storage.text(INDEX)).nodes["137"].evicted, true);
  });

  it("close({ checkpoint: false }) leaves the journal, which the next open replays", async () => {
    const { storage, c } = await session({});
    await c.close({ checkpoint: false });
    assert.equal(storage.text(INDEX), undefined);
    const again = await cf.ContextFold.open(storage, { clock: CLOCK });
    assert.equal((await again.status()).total, demo.turns.length);
    await again.checkpoint();
    assert.equal(Object.keys(JSON.parse(storage.text(INDEX)).nodes).length, demo.turns.length, "a reference reader sees every node after checkpoint()");
    await assert.rejects(again.close({ checkpoint: "yes" }), { code: "INVALID_INPUT" });
    await again.close();
  });

  it("a store left by process-per-call folds opens in the next process from its pages, without reading the index whole", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "cf-paged-"));
    const fold = (step, summary) => cli(["fold", String(step), summary, "--dir", dir], { input: "" });
    for (let i = 1; i <= 5; i++) assert.equal(fold(i, `turn ${i}: postgres on port 54${i}0`).status, 0);
    assert.equal(cli(["checkpoint", "--dir", dir]).status, 0);
    for (let i = 6; i <= 8; i++) assert.equal(fold(i, `turn ${i}: redis on port 63${i}9`).status, 0);
    // What the next process reads: every storage call, by key.
    const reads = [];
    class Recording extends cf.NodeFsStorage {
      async load(key) {
        reads.push(`load ${key}`);
        return super.load(key);
      }
      async loadRange(key, offset, length) {
        reads.push(`loadRange ${key}`);
        return super.loadRange(key, offset, length);
      }
    }
    const c = await cf.ContextFold.open(new Recording(dir));
    const turn = await c.scan("which port is redis on, turn 8?");
    const picked = turn.selected.map((s) => s.stepId);
    assert.ok(picked.includes(8), `the newest journaled fold is found: ${picked}`);
    const hydrated = await c.hydrate(3);
    assert.equal(hydrated.stepId, 3);
    assert.match(hydrated.rawContent, /port 5430/);
    assert.equal((await c.status()).total, 8);
    await c.close({ checkpoint: false });
    assert.ok(reads.some((r) => r.includes(".contextfold/pages/")), `the pages were read: ${reads}`);
    assert.ok(!reads.some((r) => r.endsWith(" .contextfold/recall_index.json")), `recall_index.json was not read: ${reads}`);
  });
});
