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
    await assert.rejects(c.beforeTurn(SHOWCASE, { maxChars: -1 }), { code: "INVALID_INPUT" });
    await assert.rejects(c.beforeTurn(SHOWCASE, { maxChars: "10000" }), { code: "INVALID_INPUT" });
  });

  it("maxChars lets a ranked-v2 turn's excerpts show the lines around their best ones, within the turn budget", async () => {
    const c = await cf.ContextFold.open(new cf.MemoryStorage(), { clock: CLOCK });
    const filler = "\n  worker heartbeat ok, queue depth 3, latency 12 ms".repeat(40);
    const folds = [
      ["go test ./internal/server/...", "--- FAIL: TestRedelivery (0.31s)\n    redelivery_test.go:42: expected 3 redeliveries, got 2"],
      ["gh run view 118", "TestRedelivery failed on the runner: the ack deadline of 50ms raced the redelivery timer"],
      ["Read: docs/redelivery.md", "# Redelivery\nA message not acked within the ack deadline is redelivered, at most 3 times."],
      ["go test -run TestRedelivery -v ./internal/server/", "=== RUN   TestRedelivery\n--- PASS: TestRedelivery (0.05s)"],
      ["git log --oneline -3", "9c1e2f0 test(server): fake clock in TestRedelivery\n4b7a9d1 feat(server): redelivery after the ack deadline"],
      ["Read: internal/server/redelivery.go", "func (s *Server) redeliver(m *Message) {\n\tif m.Redeliveries >= maxRedeliveries {"],
    ];
    for (const [i, [summary, text]] of folds.entries()) await c.fold({ stepId: 10 * (i + 1), summary, rawContent: text + filler });
    const prompt = "Why did the redelivery test fail?";
    const options = { turnBudget: 2500, defaultSelection: "ranked-v2" };
    const narrow = await c.beforeTurn(prompt, options);
    const wide = await c.beforeTurn(prompt, { ...options, maxChars: 10000 });
    assert.ok(narrow.excerpts.length > 0);
    assert.deepEqual(wide.excerpts.map((e) => e.stepId), narrow.excerpts.map((e) => e.stepId));
    const numbers = (e) => e.lines.map((l) => l.number);
    for (const [n, w] of narrow.excerpts.map((e, k) => [e, wide.excerpts[k]])) {
      assert.ok(numbers(n).every((k) => numbers(w).includes(k)), `${numbers(n)} within ${numbers(w)}`);
    }
    assert.ok(wide.excerpts.some((w, k) => w.lines.length > narrow.excerpts[k].lines.length));
    assert.ok(wide.tokens <= 2500);
    assert.deepEqual((await c.beforeTurn(prompt, { ...options, maxChars: 0 })).excerpts, narrow.excerpts);
  });

  it("a fold without stepId takes the next id", async () => {
    const c = await demo();
    assert.equal((await c.fold({ summary: "redis ttl raised" })).stepId, 500);
    const [a, b] = await c.foldMany([{ stepId: 900, summary: "x" }, { summary: "y" }]);
    assert.deepEqual([a.node.stepId, b.node.stepId], [900, 901]);
  });
});
