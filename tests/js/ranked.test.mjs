// Ranked selection (policy key `selection: "ranked-v1"` / `"ranked-v2"`) through the package (wasm): the same folds
// and prompts as tests/ranked.rs give the golden selections of tests/fixtures/ranked_v1.json and ranked_v2.json,
// which the native engine gives too; an unknown mode is an InvalidInputError; the hooks' and integrations' stores
// carry the Node engine's best mode (ranked-v2).
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { ROOT, cf, CLOCK } from "./helpers.mjs";

const fixture = JSON.parse(readFileSync(path.join(ROOT, "tests", "fixtures", "ranked_v1.json"), "utf8"));
const fixtureV2 = JSON.parse(readFileSync(path.join(ROOT, "tests", "fixtures", "ranked_v2.json"), "utf8"));

async function store(policy) {
  const c = await cf.ContextFold.open(new cf.MemoryStorage(), { clock: CLOCK, policy, journal: false });
  for (const f of fixture.folds) await c.fold({ stepId: f.stepId, summary: f.summary, rawContent: f.rawContent });
  return c;
}
const ids = (list) => list.map((s) => s.stepId);

describe("ranked selection (ranked-v1)", () => {
  it("gives the native engine's selections, byte for byte, on the shared cases", async () => {
    const c = await store({ selection: "ranked-v1" });
    assert.equal(fixture.expected.length, fixture.questions.length);
    for (const [i, q] of fixture.questions.entries()) {
      const r = await c.scan(q.prompt, { candidates: false, ...(q.turnBudget === undefined ? {} : { turnBudget: q.turnBudget }) });
      assert.deepEqual(
        { selected: ids(r.selected), budgetDropped: ids(r.budgetDropped), consumedTokens: r.consumedTokens, residual: r.residual },
        fixture.expected[i],
        q.prompt,
      );
    }
    await c.close();
  });

  it("ranked-v2 gives the native engine's selections, byte for byte, on the same cases", async () => {
    const c = await store({ selection: "ranked-v2" });
    assert.equal(fixtureV2.expected.length, fixture.questions.length);
    for (const [i, q] of fixture.questions.entries()) {
      const r = await c.scan(q.prompt, { candidates: false, ...(q.turnBudget === undefined ? {} : { turnBudget: q.turnBudget }) });
      assert.deepEqual(
        { selected: ids(r.selected), budgetDropped: ids(r.budgetDropped), consumedTokens: r.consumedTokens, residual: r.residual },
        fixtureV2.expected[i],
        q.prompt,
      );
    }
    await c.close();
  });

  it("is one policy key away, or a per-call default when the policy names none; an unknown mode is InvalidInputError", async () => {
    const plain = await store(undefined);
    const q = fixture.questions[0].prompt;
    const ranked = await plain.scan(q, { candidates: false, defaultSelection: "ranked-v1" });
    assert.deepEqual(ids(ranked.selected), fixture.expected[0].selected);
    const reference = await plain.scan(q, { candidates: false });
    const pinned = await store({ selection: "ipcf-projection-v2" });
    assert.deepEqual(await pinned.scan(q, { candidates: false, defaultSelection: "ranked-v1" }), reference, "the policy's key wins");
    await assert.rejects(plain.scan(q, { defaultSelection: "ranked-v9" }), cf.InvalidInputError);
    const bad = await cf.ContextFold.open(new cf.MemoryStorage(), { clock: CLOCK, policy: { selection: "no-such-mode" }, journal: false });
    await assert.rejects(bad.scan("probe"), cf.InvalidInputError);
    for (const s of [plain, pinned, bad]) await s.close();
  });

  it("INTEGRATION_POLICY is DEFAULT_POLICY plus the best mode, and a store opened with it writes the key at its first fold", async () => {
    assert.deepEqual(cf.INTEGRATION_POLICY, { ...cf.DEFAULT_POLICY, selection: cf.BEST_SELECTION });
    assert.equal(cf.BEST_SELECTION, "ranked-v2", "the Node engine's best mode");
    const storage = new cf.MemoryStorage();
    const c = await cf.ContextFold.open(storage, { clock: CLOCK, defaultPolicy: cf.INTEGRATION_POLICY });
    await c.fold({ stepId: 1, summary: "x", rawContent: "hello world" });
    await c.close();
    const written = JSON.parse(new TextDecoder().decode(await storage.load(".contextfold/hydration_policy.json")));
    assert.equal(written.selection, "ranked-v2");
    // The library's own default stays the reference's scan (no selection key).
    const s2 = new cf.MemoryStorage();
    const d = await cf.ContextFold.open(s2, { clock: CLOCK });
    await d.fold({ stepId: 1, summary: "x", rawContent: "hello world" });
    await d.close();
    assert.equal(JSON.parse(new TextDecoder().decode(await s2.load(".contextfold/hydration_policy.json"))).selection, undefined);
  });
});
