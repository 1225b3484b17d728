// Per-call turn options through the package: a turn budget for one call, steps already in context, automatic step ids.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { ROOT, cf, CLOCK } from "./helpers.mjs";

const SHOWCASE = "What port are we using for PostgreSQL, and which migration applied the billing table?";

async function demo() {
  const stores = JSON.parse(readFileSync(path.join(ROOT, "tests", "vectors", "stores.json"), "utf8"));
  const c = await cf.ContextFold.open(new cf.MemoryStorage(), { clock: CLOCK });
  for (const [stepId, summary, raw] of stores.stores.demo.turns) await c.fold({ stepId, summary, ...(raw === null ? {} : { rawContent: raw }) });
  return c;
}
const ids = (list) => list.map((s) => s.stepId);

describe("turn options", () => {
  it("turnBudget replaces the policy's turn budget for that call only", async () => {
    const c = await demo();
    assert.deepEqual(ids((await c.beforeTurn(SHOWCASE, { turnBudget: 25 })).scan.selected), [342]);
    assert.deepEqual(ids((await c.scan(SHOWCASE, { turnBudget: 30 })).selected), [342, 137]);
    assert.deepEqual(ids((await c.scan(SHOWCASE, { candidates: false })).selected), [342, 137, 447]);
  });

  it("steps in context answer their terms at cost 0 and are not hydrated again", async () => {
    const c = await demo();
    const turn = await c.beforeTurn(SHOWCASE, { inContext: [342] });
    assert.deepEqual(ids(turn.scan.inContext), [342]);
    assert.deepEqual(turn.hydrated.map((h) => h.stepId), [137, 447]);
    assert.ok(!turn.context.includes("[ContextFold: step 342]"));
  });

  it("bad options are typed errors", async () => {
    const c = await demo();
    await assert.rejects(c.beforeTurn(SHOWCASE, { turnBudget: 1.5 }), { code: "INVALID_INPUT" });
    await assert.rejects(c.beforeTurn(SHOWCASE, { inContext: "342" }), { code: "INVALID_INPUT" });
    await assert.rejects(c.scan(SHOWCASE, { inContext: [Number.NaN] }), { code: "INVALID_INPUT" });
  });

  it("a fold without stepId takes the next id", async () => {
    const c = await demo();
    assert.equal((await c.fold({ summary: "redis ttl raised" })).stepId, 500);
    const [a, b] = await c.foldMany([{ stepId: 900, summary: "x" }, { summary: "y" }]);
    assert.deepEqual([a.node.stepId, b.node.stepId], [900, 901]);
  });
});
