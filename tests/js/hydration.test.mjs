// The text the in-process adapters (AI SDK, OpenAI Agents, opencode) put into one model call: the hydrated nodes, and
// the lines of the steps ranked next (`Turn.excerpts`), as the engine's `Turn.context` has them, within the adapter's
// turn budget.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import * as path from "node:path";
import { pathToFileURL } from "node:url";
import { PKG_DIR, cf, CLOCK } from "./helpers.mjs";

const { hydrateForCall } = await import(pathToFileURL(path.join(PKG_DIR, "lib", "integration", "hydration.js")).href);

const FILLER = "\n  worker heartbeat ok, queue depth 3, latency 12 ms".repeat(40);
const STEPS = [
  [10, "Bash: go test ./internal/server/...", "--- FAIL: TestRedelivery (0.31s)\n    redelivery_test.go:42: expected 3 redeliveries, got 2"],
  [20, "Bash: go test -count=20 -run TestRedelivery ./internal/server/", "--- FAIL: TestRedelivery (0.29s)\n    redelivery_test.go:42: expected 3 redeliveries, got 2\nok  5 of 20 runs failed"],
  [30, "Bash: gh run view 118", "TestRedelivery failed on the runner: the ack deadline of 50ms raced the redelivery timer"],
  [40, "Edit: internal/server/redelivery_test.go", "clock := fakeclock.New()\nclock.Advance(ackDeadline) // redelivery no longer races the wall clock"],
  [60, "Read: docs/redelivery.md", "# Redelivery\nA message not acked within the ack deadline is redelivered, at most 3 times."],
  [61, "Bash: go test -run TestRedelivery -v ./internal/server/", "=== RUN   TestRedelivery\n--- PASS: TestRedelivery (0.05s)"],
  [62, "Read: internal/server/redelivery.go", "func (s *Server) redeliver(m *Message) {\n\tif m.Redeliveries >= maxRedeliveries {"],
  [63, "Bash: git log --oneline -3", "9c1e2f0 test(server): fake clock in TestRedelivery\n4b7a9d1 feat(server): redelivery after the ack deadline"],
];

async function store() {
  const c = await cf.ContextFold.open(new cf.MemoryStorage(), { clock: CLOCK, policy: { selection: "ranked-v2" } });
  for (const [stepId, summary, text] of STEPS) await c.fold({ stepId, summary, rawContent: text + FILLER });
  return c;
}

describe("hydrateForCall", () => {
  it("adds the lines of the steps ranked next after the whole nodes, as the engine's Turn.context does", async () => {
    const c = await store();
    const call = await hydrateForCall(c, "Why did the redelivery test fail?", { turnBudget: 2500 });
    assert.ok(call.steps.length > 0);
    assert.deepEqual(call.excerpted, call.turn.excerpts.map((e) => e.stepId));
    assert.ok(call.excerpted.length > 0, "a question about the past gets excerpts");
    assert.ok(call.excerpted.every((s) => !call.steps.includes(s)));
    assert.equal(call.text, call.turn.context, "the adapter's text is the engine's context when everything fits");
    assert.match(call.text, /\n\n\[ContextFold: step \d+, lines [\d, ]+ of \d+\]\n.*[Rr]edeliver/);
    assert.ok(call.tokens <= 2500);
  });

  it("keeps excerpts within its own budget", async () => {
    const c = await store();
    // (A question about the present: no pick of it is shown as lines for its size, so a tighter budget keeps the
    // selection.)
    const prompt = "Is the redelivery test passing now?";
    const roomy = await hydrateForCall(c, prompt, { turnBudget: 2500 });
    assert.ok(roomy.steps.length > 0 && roomy.excerpted.length > 0, JSON.stringify(roomy.turn.scan));
    const wholeOnly = roomy.turn.hydrated.map((h) => `[ContextFold: step ${h.stepId}]\n${h.content}`).join("\n\n");
    const tight = await hydrateForCall(c, prompt, { turnBudget: await c.countTokens(wholeOnly) });
    assert.deepEqual(tight.steps, roomy.steps);
    assert.deepEqual(tight.excerpted, []);
    assert.equal(tight.text, wholeOnly);
  });

  it("gives a question about the present the lines of newer steps first, and none without a selection", async () => {
    const c = await store();
    const now = await hydrateForCall(c, "Does the redelivery test pass now?", { turnBudget: 2500 });
    assert.ok(now.steps.length > 0 && now.excerpted.length > 1, JSON.stringify(now.turn.scan));
    assert.deepEqual(now.excerpted, [...now.excerpted].sort((a, b) => b - a), "newest first");
    const unanswered = await hydrateForCall(c, "Which kafka broker does the uploader talk to now?", { turnBudget: 2500 });
    assert.deepEqual([unanswered.steps, unanswered.excerpted, unanswered.text], [[], [], ""]);
  });
});
