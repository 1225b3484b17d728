// contextfold/openai-agents against the real @openai/agents Runner, with the SDK's own Model interface faked at the
// provider boundary (a custom Model returned by the Runner's modelProvider): what each model call receives.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { Agent, MemorySession, Runner, Usage, setTracingDisabled, tool } from "@openai/agents";
import { z } from "zod";
import { CLOCK, cf as api } from "./helpers.mjs";
import { importFromConsumer } from "./support/consumer.mjs";

setTracingDisabled(true);
const { contextFoldInputFilter } = await importFromConsumer("contextfold/openai-agents");
const { ContextFold, MemoryStorage } = api;

const LOG = `$ journalctl -u postgresql\n${"PostgreSQL restarted; listen port now 5433\n".repeat(40)}`;
const usage = () => new Usage({ requests: 1, inputTokens: 10, outputTokens: 5, totalTokens: 15 });

/** A Model (the SDK's provider interface): calls `bash` when the latest user message asks for a log, else answers. */
class ScriptedModel {
  requests = [];
  #n = 0;
  async getResponse(request) {
    this.requests.push(structuredClone({ systemInstructions: request.systemInstructions, input: request.input }));
    const last = request.input.at(-1);
    if (last?.role === "user" && /\blog\b/.test(JSON.stringify(last.content))) {
      return { usage: usage(), output: [{ type: "function_call", callId: `call_${++this.#n}`, name: "bash", arguments: JSON.stringify({ command: "journalctl -u postgresql" }), status: "completed" }] };
    }
    return { usage: usage(), output: [{ type: "message", role: "assistant", status: "completed", content: [{ type: "output_text", text: "Port 5433." }] }] };
  }
  async *getStreamedResponse() {
    throw new Error("not used");
  }
}

async function setup(options = {}) {
  const store = await ContextFold.open(new MemoryStorage(), { clock: CLOCK });
  const model = new ScriptedModel();
  const filter = contextFoldInputFilter({ store, foldThreshold: 100, ...options });
  const runner = new Runner({ modelProvider: { getModel: () => model }, callModelInputFilter: filter });
  const bash = tool({ name: "bash", description: "run a shell command", parameters: z.object({ command: z.string() }), execute: async () => LOG });
  const agent = new Agent({ name: "ops", instructions: "You are an ops agent.", model: "scripted", tools: [bash] });
  return { store, model, filter, runner, agent };
}

describe("contextfold/openai-agents (callModelInputFilter, @openai/agents Runner)", () => {
  it("the model gets earlier large results as their record and the hydrated context in its instructions, for that call only", async () => {
    const { store, model, filter, runner, agent } = await setup();
    const session = new MemorySession();
    const first = await runner.run(agent, "Read the postgres log.", { session });
    assert.equal(first.finalOutput, "Port 5433.");
    await runner.run(agent, "Which port does PostgreSQL listen on now?", { session });
    await runner.run(agent, "Thanks, that is all.", { session });
    await filter.evict();

    const [call1, call2, call3, call4] = model.requests;
    assert.equal(model.requests.length, 4);
    assert.equal(call1.systemInstructions, "You are an ops agent.");
    // Same turn: the result is whole (the model is working with it).
    const result2 = call2.input.find((i) => i.type === "function_call_result");
    assert.deepEqual(result2.output, { type: "text", text: LOG });
    // Next turn: folded to its record; the question's context goes into the instructions.
    const record = await store.foldedStep(1);
    const result3 = call3.input.find((i) => i.type === "function_call_result");
    assert.equal(result3.output, JSON.stringify(record));
    assert.equal(record.summary, "bash: journalctl -u postgresql");
    assert.equal(call3.systemInstructions, `You are an ops agent.\n\n[ContextFold: step 1]\n${(await store.hydrate(1)).content}`);
    // The turn after: the instructions are back at the agent's own, the record stays.
    assert.equal(call4.systemInstructions, "You are an ops agent.");
    assert.equal(call4.input.find((i) => i.type === "function_call_result").output, JSON.stringify(record));
    // The session never stored the hydrated context.
    assert.doesNotMatch(JSON.stringify(await session.getItems()), /\[ContextFold: step/);
    assert.equal((await store.node(1)).rawContent, LOG, "byte-exact");
    assert.equal((await store.entry(1)).evicted, true);
  });

  it("a failing store leaves the call alone (instructions and input as the SDK built them)", async () => {
    const errors = [];
    const { store, model, runner, agent } = await setup({ onError: (e, stage) => errors.push(stage) });
    await store.fold({ stepId: 1, summary: "PostgreSQL listen port now 5433", rawContent: "PostgreSQL listen port now 5433" });
    store.beforeTurn = async () => {
      throw new Error("storage offline");
    };
    const r = await runner.run(agent, "Which port does PostgreSQL listen on now?");
    assert.equal(r.finalOutput, "Port 5433.");
    assert.equal(model.requests[0].systemInstructions, "You are an ops agent.");
    assert.deepEqual(errors, ["hydrate"]);
  });
});
