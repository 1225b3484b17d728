// contextfold/ai-sdk against the real AI SDK (ai 6, LanguageModelV3 middleware) and its MockLanguageModelV3: the exact
// prompt the model receives per call, folding, hydration for one call only, eviction after the call, streaming,
// failures that leave the call alone, and a 200-turn scripted session.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { generateText, streamText, wrapLanguageModel, tool, stepCountIs } from "ai";
import { MockLanguageModelV3, convertArrayToReadableStream } from "ai/test";
import { z } from "zod";
import { CLOCK, cf as api } from "./helpers.mjs";
import { importFromConsumer, promptTokens } from "./support/consumer.mjs";
import { sessionScript } from "./support/session-script.mjs";

const { contextFoldMiddleware } = await importFromConsumer("contextfold/ai-sdk");
const { ContextFold, MemoryStorage } = api;

const usage = { inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 5, text: 5, reasoning: 0 } };
const textResult = (text) => ({ content: [{ type: "text", text }], finishReason: { unified: "stop", raw: "stop" }, usage, warnings: [] });
const callResult = (toolCallId, toolName, input) => ({
  content: [{ type: "tool-call", toolCallId, toolName, input: JSON.stringify(input) }],
  finishReason: { unified: "tool-calls", raw: "tool_calls" },
  usage,
  warnings: [],
});

const LOG = `$ journalctl -u postgresql\n${"PostgreSQL restarted; listen port now 5433\n".repeat(40)}`;
/** JSON as a provider would send it (the SDK leaves `providerOptions: undefined` keys in the prompt). */
const plain = (v) => JSON.parse(JSON.stringify(v));
const open = (options = {}) => ContextFold.open(new MemoryStorage(), { clock: CLOCK, ...options });
const bash = (outputs) =>
  tool({ description: "run a shell command", inputSchema: z.object({ command: z.string() }), execute: async (_input, { toolCallId }) => outputs.get(toolCallId) });

/** A model that calls `bash` once per user message (with the scripted id and command), then answers. */
function toolThenText(calls) {
  let n = 0;
  return new MockLanguageModelV3({
    doGenerate: async ({ prompt }) => {
      const last = prompt[prompt.length - 1];
      if (last.role === "user" && n < calls.length) {
        const [id, command] = calls[n++];
        return callResult(id, "bash", { command });
      }
      return textResult("ok");
    },
  });
}

describe("contextfold/ai-sdk (ai 6 middleware, MockLanguageModelV3)", () => {
  it("the model receives exactly: earlier large tool results as their folded-step record, the hydrated context in front of the latest user message", async () => {
    const store = await open();
    const mock = toolThenText([["call-1", "journalctl -u postgresql"]]);
    const model = wrapLanguageModel({ model: mock, middleware: contextFoldMiddleware({ store, foldThreshold: 100 }) });
    const tools = { bash: bash(new Map([["call-1", LOG]])) };
    const first = await generateText({ model, tools, stopWhen: stepCountIs(3), messages: [{ role: "user", content: "Show the postgres log." }] });
    const messages = [{ role: "user", content: "Show the postgres log." }, ...first.response.messages, { role: "user", content: "Which port does PostgreSQL listen on now?" }];
    const snapshot = JSON.stringify(messages);
    await generateText({ model, tools, messages });

    assert.equal(mock.doGenerateCalls.length, 3);
    const [, second, third] = mock.doGenerateCalls.map((c) => plain(c.prompt));
    // Call 2 (same turn): the tool result is the current turn's, so the model gets it whole.
    assert.deepEqual(second[2], { role: "tool", content: [{ type: "tool-result", toolCallId: "call-1", toolName: "bash", output: { type: "text", value: LOG } }] });
    // Call 3 (next turn): the result is folded to its record; the question gets the verified content, for this call.
    const record = await store.foldedStep(1);
    const hydrated = await store.hydrate(1);
    assert.equal(record.summary, "bash: journalctl -u postgresql");
    assert.deepEqual(third, [
      { role: "user", content: [{ type: "text", text: "Show the postgres log." }] },
      { role: "assistant", content: [{ type: "tool-call", toolCallId: "call-1", toolName: "bash", input: { command: "journalctl -u postgresql" } }] },
      { role: "tool", content: [{ type: "tool-result", toolCallId: "call-1", toolName: "bash", output: { type: "json", value: record } }] },
      { role: "assistant", content: [{ type: "text", text: "ok" }] },
      {
        role: "user",
        content: [
          { type: "text", text: `[ContextFold: step 1]\n${hydrated.content}` },
          { type: "text", text: "Which port does PostgreSQL listen on now?" },
        ],
      },
    ]);
    assert.equal(JSON.stringify(messages), snapshot, "the application's messages are not touched");
    assert.equal((await store.node(1)).rawContent, LOG, "the folded result is kept byte-exact");
    assert.equal((await store.entry(1)).evicted, true, "evicted after the call");
  });

  it("without keepCurrentTurn a large result is replaced by its record in the very next call; placement 'system' adds a system message", async () => {
    const store = await open();
    const mock = toolThenText([["c1", "journalctl -u postgresql"]]);
    const mw = contextFoldMiddleware({ store, foldThreshold: 100, keepCurrentTurn: false, placement: "system" });
    const model = wrapLanguageModel({ model: mock, middleware: mw });
    await generateText({ model, system: "You are ops.", tools: { bash: bash(new Map([["c1", LOG]])) }, stopWhen: stepCountIs(3), prompt: "Which port does PostgreSQL listen on? Show the log." });
    const second = plain(mock.doGenerateCalls[1].prompt);
    const record = await store.foldedStep(1);
    assert.deepEqual(second.find((m) => m.role === "tool").content[0].output, { type: "json", value: record });
    // The question matches the folded log: it comes back as a system message after the leading one.
    assert.equal(second[0].role, "system");
    assert.equal(second[0].content, "You are ops.");
    assert.deepEqual(second[1], { role: "system", content: `[ContextFold: step 1]\n${(await store.hydrate(1)).content}` });
    assert.equal(second.filter((m) => m.role === "system").length, 2);
  });

  it("streamText: the context reaches the streamed call, the stream is unchanged, and the nodes are evicted when it ends", async () => {
    const store = await open();
    await store.fold({ stepId: 7, summary: "bash: journalctl -u postgresql", rawContent: LOG });
    const evicted = [];
    const after = store.afterResponse.bind(store);
    store.afterResponse = async (turn) => {
      const out = await after(turn);
      evicted.push(...out.map((e) => e.stepId));
      return out;
    };
    const chunks = [
      { type: "stream-start", warnings: [] },
      { type: "text-start", id: "t" },
      { type: "text-delta", id: "t", delta: "Port " },
      { type: "text-delta", id: "t", delta: "5433." },
      { type: "text-end", id: "t" },
      { type: "finish", finishReason: { unified: "stop", raw: "stop" }, usage },
    ];
    const mock = new MockLanguageModelV3({ doStream: async () => ({ stream: convertArrayToReadableStream(chunks) }) });
    const model = wrapLanguageModel({ model: mock, middleware: contextFoldMiddleware({ store }) });
    const result = streamText({ model, prompt: "Which port does PostgreSQL listen on now?" });
    let text = "";
    for await (const delta of result.textStream) text += delta;
    assert.equal(text, "Port 5433.");
    const prompt = mock.doStreamCalls[0].prompt;
    assert.equal(prompt[0].content[0].text, `[ContextFold: step 7]\n${(await store.hydrate(7)).content}`);
    await result.consumeStream();
    assert.deepEqual(evicted, [7]);
  });

  it("turnBudget bounds the added context by the store's counter (a node larger than the budget is cut to it)", async () => {
    const counter = (text) => Math.ceil([...text].length / 3);
    const store = await open({ tokenCounter: counter });
    await store.fold({ stepId: 1, summary: "bash: journalctl -u postgresql", rawContent: LOG });
    await store.fold({ stepId: 2, summary: "PostgreSQL listen port now 5433", rawContent: "PostgreSQL listen port now 5433" });
    const mock = new MockLanguageModelV3({ doGenerate: async () => textResult("ok") });
    const model = wrapLanguageModel({ model: mock, middleware: contextFoldMiddleware({ store, turnBudget: 120 }) });
    await generateText({ model, prompt: "Which port does PostgreSQL listen on now?" });
    const added = mock.doGenerateCalls[0].prompt[0].content[0].text;
    assert.match(added, /^\[ContextFold: step 2\]\nPostgreSQL listen port now 5433/);
    assert.ok(counter(added) <= 120, `${counter(added)} tokens added`);
    assert.ok(added.length < LOG.length);
  });

  it("a failing store never breaks the call: the prompt goes through unchanged and onError hears of it", async () => {
    const store = await open();
    await store.fold({ stepId: 3, summary: "PostgreSQL listen port now 5433", rawContent: "PostgreSQL listen port now 5433" });
    store.beforeTurn = async () => {
      throw Object.assign(new Error("cold node damaged"), { code: "INTEGRITY_CHECK" });
    };
    const errors = [];
    const mock = new MockLanguageModelV3({ doGenerate: async () => textResult("ok") });
    const model = wrapLanguageModel({ model: mock, middleware: contextFoldMiddleware({ store, onError: (e, stage) => errors.push([stage, e.code]) }) });
    const r = await generateText({ model, prompt: "Which port does PostgreSQL listen on now?" });
    assert.equal(r.text, "ok");
    assert.deepEqual(plain(mock.doGenerateCalls[0].prompt), [{ role: "user", content: [{ type: "text", text: "Which port does PostgreSQL listen on now?" }] }]);
    assert.deepEqual(errors, [["hydrate", "INTEGRITY_CHECK"]]);
  });

  it("summaries come from the host function when given; small results and non-text outputs stay as they are", async () => {
    const store = await open();
    const seen = [];
    const mw = contextFoldMiddleware({ store, foldThreshold: 100, summarize: (r) => (seen.push(r), `Looked at ${r.toolName} (${r.callId})`) });
    const prompt = [
      { role: "user", content: [{ type: "text", text: "go" }] },
      {
        role: "assistant",
        content: [
          { type: "tool-call", toolCallId: "a", toolName: "bash", input: { command: "cat big.log" } },
          { type: "tool-call", toolCallId: "b", toolName: "bash", input: { command: "echo hi" } },
          { type: "tool-call", toolCallId: "c", toolName: "shot", input: {} },
        ],
      },
      {
        role: "tool",
        content: [
          { type: "tool-result", toolCallId: "a", toolName: "bash", output: { type: "error-text", value: LOG } },
          { type: "tool-result", toolCallId: "b", toolName: "bash", output: { type: "text", value: "hi" } },
          { type: "tool-result", toolCallId: "c", toolName: "shot", output: { type: "content", value: [{ type: "file-data", data: "AAAA", mediaType: "image/png" }] } },
        ],
      },
      { role: "user", content: [{ type: "text", text: "thanks" }] },
    ];
    const out = await mw.transformParams({ type: "generate", params: { prompt }, model: {} });
    const results = out.prompt[2].content;
    assert.deepEqual(results[0].output, { type: "error-json", value: await store.foldedStep(1) });
    assert.equal((await store.foldedStep(1)).summary, "Looked at bash (a)");
    assert.deepEqual(seen.map((r) => [r.callId, r.toolName, r.input, r.isError]), [["a", "bash", { command: "cat big.log" }, true]]);
    assert.equal(results[1], prompt[2].content[1]);
    assert.equal(results[2], prompt[2].content[2]);
    assert.equal((await store.status()).total, 1);
    // The same call id resent in a later call is not folded twice.
    await mw.transformParams({ type: "generate", params: { prompt }, model: {} });
    assert.equal((await store.status()).total, 1);
  });

  it("a 200-turn scripted session: bounded prompts, hydrated nodes gone from the next call, byte-exact folds, latest state for early turns", async (t) => {
    const TURN_BUDGET = 2500;
    const WINDOW = 4; // the application keeps its last four turns; older ones live in the store only
    const FOLD_THRESHOLD = 500;
    const store = await open();
    const count = (text) => store.countTokens(text);
    const evicted = [];
    const after = store.afterResponse.bind(store);
    store.afterResponse = async (turn) => {
      const out = await after(turn);
      evicted.push(...out.map((e) => e.stepId));
      return out;
    };
    const script = sessionScript();
    const outputs = new Map(script.filter((s) => s.tool).map((s) => [`call-${s.index}`, s.tool.output]));
    const state = { turn: null, before: [], evictedAtStart: [] };
    const mock = new MockLanguageModelV3({
      doGenerate: async ({ prompt }) => {
        const turn = state.turn;
        return prompt[prompt.length - 1].role === "user" && turn.tool ? callResult(`call-${turn.index}`, turn.tool.name, turn.tool.input) : textResult(turn.answer);
      },
    });
    // Runs before the ContextFold middleware: what the model would get without it.
    const recorder = {
      specificationVersion: "v3",
      transformParams: async ({ params }) => {
        state.before.push(structuredClone(params.prompt));
        state.evictedAtStart.push(evicted.length);
        return params;
      },
    };
    const model = wrapLanguageModel({ model: mock, middleware: [recorder, contextFoldMiddleware({ store, turnBudget: TURN_BUDGET, foldThreshold: FOLD_THRESHOLD })] });
    const tools = {
      bash: tool({ inputSchema: z.object({ command: z.string() }), execute: async (_i, { toolCallId }) => outputs.get(toolCallId) }),
      read: tool({ inputSchema: z.object({ file_path: z.string() }), execute: async (_i, { toolCallId }) => outputs.get(toolCallId) }),
    };
    const kept = []; // the application's history, per turn
    const callsOfTurn = [];
    for (const turn of script) {
      state.turn = turn;
      const from = mock.doGenerateCalls.length;
      const messages = [...kept.slice(-WINDOW).flat(), { role: "user", content: turn.user }];
      const r = await generateText({ model, system: "You are a coding agent.", messages, tools, stopWhen: stepCountIs(3) });
      kept.push([{ role: "user", content: turn.user }, ...r.response.messages]);
      callsOfTurn.push([from, mock.doGenerateCalls.length]);
    }
    assert.doesNotMatch(JSON.stringify(kept), /\[ContextFold: step/, "nothing hydrated entered the application's history");

    const stepOfCall = new Map(); // tool call id -> step id, from the records the model received
    const injected = []; // per model call: the step ids of the context added to it
    let maxReceived = 0;
    let maxBaseline = 0;
    let maxWithout = 0;
    let hydrations = 0;
    for (let i = 0; i < mock.doGenerateCalls.length; i++) {
      const received = mock.doGenerateCalls[i].prompt;
      const original = state.before[i];
      assert.equal(received.length, original.length, `call ${i}: same messages`);
      const lastUser = received.findLastIndex((m) => m.role === "user");
      let added = "";
      const base = [];
      for (let m = 0; m < received.length; m++) {
        const r = received[m];
        const o = original[m];
        assert.equal(r.role, o.role);
        if (typeof r.content === "string") {
          assert.equal(r.content, o.content);
          base.push(r);
          continue;
        }
        let parts = r.content;
        if (m === lastUser && parts.length === o.content.length + 1) {
          added = parts[0].text;
          parts = parts.slice(1);
        }
        assert.equal(parts.length, o.content.length, `call ${i} message ${m}`);
        for (let p = 0; p < parts.length; p++) {
          const rp = parts[p];
          const op = o.content[p];
          if (rp.type === "tool-result" && rp.output.type === "json" && op.output.type === "text") {
            // Folded: only an earlier turn's result, at or above the threshold, stands as its record.
            assert.ok(m < lastUser, `call ${i}: only earlier turns' results are folded`);
            assert.ok((await count(op.output.value)) >= FOLD_THRESHOLD);
            const record = rp.output.value;
            assert.deepEqual(record, await store.foldedStep(record.step_id));
            stepOfCall.set(rp.toolCallId, record.step_id);
          } else {
            assert.deepEqual(rp, op, `call ${i} message ${m} part ${p}: unchanged`);
          }
        }
        base.push({ ...r, content: parts });
      }
      const steps = [...added.matchAll(/\[ContextFold: step (\d+)\]/g)].map((x) => Number(x[1]));
      injected.push(steps);
      hydrations += steps.length;
      // (A hydrated node, or, for a question about the past that nothing answers whole, the lines of the best steps.)
      if (added !== "") assert.match(added, /^\[ContextFold: step \d+(, lines [\d, ]+ of \d+)?\]\n/, `call ${i}: the added part is the hydrated context`);
      assert.doesNotMatch(JSON.stringify(base), /\[ContextFold: step/, `call ${i}: no hydrated node outside this call's own context`);
      const receivedTokens = await promptTokens(received, count);
      const baseline = await promptTokens(base, count);
      assert.ok(receivedTokens <= baseline + TURN_BUDGET, `call ${i}: ${receivedTokens} > ${baseline} + ${TURN_BUDGET}`);
      maxReceived = Math.max(maxReceived, receivedTokens);
      maxBaseline = Math.max(maxBaseline, baseline);
      maxWithout = Math.max(maxWithout, await promptTokens(original, count));
      // The nodes of the previous call were evicted before this call started.
      if (i > 0) {
        const before = new Set(evicted.slice(0, state.evictedAtStart[i]));
        for (const s of injected[i - 1]) assert.ok(before.has(s), `call ${i}: step ${s} of the previous call was evicted first`);
      }
    }
    assert.ok(maxReceived <= maxBaseline + TURN_BUDGET);
    // Ranked selection (the integrations' default) hydrates for the questions, not for every prompt that shares a word.
    const questions = script.filter((s) => s.expect).length;
    assert.ok(hydrations >= questions, `${hydrations} nodes hydrated over the session, ${questions} questions`);

    // Every folded tool result is retrievable byte-exact (the store's copy and a hydration's verified payload).
    let folded = 0;
    for (const [callId, output] of outputs) {
      const step = stepOfCall.get(callId);
      if (step === undefined) {
        assert.ok((await count(output)) < FOLD_THRESHOLD || callId === `call-${script.length - 1}`, `${callId} was folded`);
        continue;
      }
      folded++;
      assert.equal((await store.node(step)).rawContent, output, `${callId}: byte-exact`);
      assert.equal((await store.hydrate(step)).rawContent, output);
    }
    assert.ok(folded > 100, `${folded} tool results folded`);

    // Questions about early turns get the node of the latest state, not the superseded ones.
    for (const turn of script.filter((s) => s.expect)) {
      const [from] = callsOfTurn[turn.index];
      const steps = injected[from];
      const latest = stepOfCall.get(`call-${turn.expect.turn}`);
      assert.ok(steps.includes(latest), `turn ${turn.index} (${turn.expect.topic}): step ${latest} of turn ${turn.expect.turn} in [${steps}]`);
      for (const old of turn.expect.superseded) assert.ok(!steps.includes(stepOfCall.get(`call-${old}`)), `turn ${turn.index}: superseded turn ${old} not hydrated`);
      assert.ok(turn.index - turn.expect.turn > WINDOW, "asked after the turn left the application's window");
    }
    t.diagnostic(`calls ${mock.doGenerateCalls.length}, folded ${folded}, nodes hydrated ${hydrations}, evictions ${evicted.length}`);
    t.diagnostic(`max prompt tokens: received ${maxReceived}, baseline (folded, nothing hydrated) ${maxBaseline}, without ContextFold ${maxWithout}; turn budget ${TURN_BUDGET}`);
  });
});


