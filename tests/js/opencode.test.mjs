// contextfold/opencode: the plugin's hooks called with the shapes of `@opencode-ai/plugin` (tool.execute.after,
// experimental.chat.messages.transform, experimental.session.compacting, event), the session store layout, a
// 200-turn session driven the way opencode drives a session, and the plugin loaded and run under Bun.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { BIN, CLOCK, cf as api, scratch } from "./helpers.mjs";
import { importFromConsumer } from "./support/consumer.mjs";
import { readmeSnippet } from "./support/readme.mjs";
import { sessionScript } from "./support/session-script.mjs";

const { createOpencodePlugin } = await importFromConsumer("contextfold/opencode");
const { ContextFold, MemoryStorage } = api;

const SESSION = "ses_test1";
const LOG = `$ journalctl -u postgresql\n${"PostgreSQL restarted; listen port now 5433\n".repeat(40)}`;
/** The PluginInput opencode passes (the plugin uses none of it). */
const pluginInput = { client: {}, project: { id: "p" }, directory: "/repo", worktree: "/repo", serverUrl: new URL("http://localhost:4096"), $: () => {}, experimental_workspace: { register() {} } };

/** A session as opencode stores it: { info, parts }[] with its ids and timestamps. */
class FakeSession {
  messages = [];
  #n = 0;
  constructor(id = SESSION) {
    this.id = id;
  }
  #id(prefix) {
    return `${prefix}_${String(++this.#n).padStart(6, "0")}`;
  }
  user(text) {
    const id = this.#id("msg");
    this.messages.push({
      info: { id, sessionID: this.id, role: "user", time: { created: this.#n }, agent: "build", model: { providerID: "mock", modelID: "mock" } },
      parts: [{ id: this.#id("prt"), sessionID: this.id, messageID: id, type: "text", text }],
    });
  }
  assistant(parts) {
    const id = this.#id("msg");
    const info = { id, sessionID: this.id, role: "assistant", time: { created: this.#n }, parentID: "", modelID: "mock", providerID: "mock", mode: "build", path: { cwd: "/repo", root: "/repo" }, cost: 0, tokens: { input: 0, output: 0, reasoning: 0, cache: { read: 0, write: 0 } } };
    this.messages.push({ info, parts: parts.map((p) => ({ id: this.#id("prt"), sessionID: this.id, messageID: id, ...p })) });
  }
  /** opencode's request: a fresh copy of the stored messages, transformed by the plugins in place. */
  async request(hooks) {
    const messages = structuredClone(this.messages);
    await hooks["experimental.chat.messages.transform"]({}, { messages });
    return messages;
  }
  /** A tool call as opencode runs it: the plugin's `tool.execute.after` sees (and may change) the output first. */
  async tool(hooks, { callID, tool, args, output }) {
    const result = { title: `${tool}`, output, metadata: { truncated: false } };
    await hooks["tool.execute.after"]({ tool, sessionID: this.id, callID, args }, result);
    this.assistant([{ type: "tool", callID, tool, state: { status: "completed", input: args, output: result.output, title: result.title, metadata: result.metadata, time: { start: 1, end: 2 } } }]);
    return result;
  }
}

const openMemory = () => ContextFold.open(new MemoryStorage(), { clock: CLOCK });
const toolParts = (messages) => messages.flatMap((m) => m.parts.filter((p) => p.type === "tool"));
const addedPart = (messages) => {
  const user = messages.findLast((m) => m.info.role === "user");
  return user.parts[0]?.synthetic && user.parts[0].text.startsWith("[ContextFold: step") ? user.parts[0] : undefined;
};

describe("contextfold/opencode (@opencode-ai/plugin hooks)", () => {
  it("tool.execute.after folds a large output: opencode stores the folded-step record, the part's metadata keeps it", async () => {
    const store = await openMemory();
    const hooks = await createOpencodePlugin({ store: () => store, foldThreshold: 100 })(pluginInput);
    const big = { title: "bash", output: LOG, metadata: { exit: 0 } };
    await hooks["tool.execute.after"]({ tool: "bash", sessionID: SESSION, callID: "call_1", args: { command: "journalctl -u postgresql" } }, big);
    const record = await store.foldedStep(1);
    assert.equal(big.output, JSON.stringify(record));
    assert.deepEqual(big.metadata, { exit: 0, contextfold: record });
    assert.equal(record.summary, "bash: journalctl -u postgresql");
    assert.equal((await store.node(1)).rawContent, LOG, "byte-exact in the store");
    const small = { title: "bash", output: "ok", metadata: {} };
    await hooks["tool.execute.after"]({ tool: "bash", sessionID: SESSION, callID: "call_2", args: { command: "true" } }, small);
    assert.deepEqual(small, { title: "bash", output: "ok", metadata: {} });
  });

  it("messages.transform: the current turn sees the full output, later turns the record, the question its hydrated context; nothing is stored", async () => {
    const store = await openMemory();
    const hooks = await createOpencodePlugin({ store: () => store, foldThreshold: 100 })(pluginInput);
    const s = new FakeSession();
    s.user("Show the postgres log.");
    await s.tool(hooks, { callID: "call_1", tool: "bash", args: { command: "journalctl -u postgresql" }, output: LOG });
    const sameTurn = await s.request(hooks);
    assert.equal(toolParts(sameTurn)[0].state.output, LOG, "the current turn's result, whole and verified");
    s.assistant([{ type: "text", text: "Port 5433." }]);
    s.user("Which port does PostgreSQL listen on now?");
    const stored = JSON.stringify(s.messages);
    const next = await s.request(hooks);
    const record = await store.foldedStep(1);
    assert.equal(toolParts(next)[0].state.output, JSON.stringify(record), "an earlier turn's result shows its record");
    const added = addedPart(next);
    assert.deepEqual(added, {
      id: `prt_contextfold_${next.at(-1).info.id}`,
      sessionID: SESSION,
      messageID: next.at(-1).info.id,
      type: "text",
      text: `[ContextFold: step 1]\n${(await store.hydrate(1)).content}`,
      synthetic: true,
    });
    assert.equal(JSON.stringify(s.messages), stored, "the stored session is unchanged");
    assert.equal((await store.entry(1)).evicted, false);
    await hooks.event({ event: { type: "message.updated", properties: { info: { ...s.messages[1].info, time: { created: 1 } } } } });
    assert.equal((await store.entry(1)).evicted, false, "not while the answer is still running");
    await hooks.event({ event: { type: "message.updated", properties: { info: { ...s.messages[1].info, time: { created: 1, completed: 2 } } } } });
    assert.equal((await store.entry(1)).evicted, true, "evicted when the assistant message completed");
  });

  it('replace: "request" keeps opencode\'s stored output and folds it per request only', async () => {
    const store = await openMemory();
    const hooks = await createOpencodePlugin({ store: () => store, foldThreshold: 100, replace: "request" })(pluginInput);
    const s = new FakeSession();
    s.user("Show the log.");
    const result = await s.tool(hooks, { callID: "call_1", tool: "bash", args: { command: "journalctl -u postgresql" }, output: LOG });
    assert.equal(result.output, LOG);
    assert.equal(result.metadata.contextfold.step_id, 1);
    s.user("Next.");
    const next = await s.request(hooks);
    assert.equal(toolParts(next)[0].state.output, JSON.stringify(await store.foldedStep(1)));
    assert.equal(toolParts(s.messages)[0].state.output, LOG);
  });

  it("session.compacting adds the hot projection; the compaction request itself gets nothing hydrated", async () => {
    const store = await openMemory();
    const hooks = await createOpencodePlugin({ store: () => store, foldThreshold: 100, compactionSteps: 5 })(pluginInput);
    const s = new FakeSession();
    s.user("Show the log.");
    await s.tool(hooks, { callID: "call_1", tool: "bash", args: { command: "journalctl -u postgresql" }, output: LOG });
    s.user("Which port does PostgreSQL listen on now?");
    const output = { context: [], prompt: undefined };
    await hooks["experimental.session.compacting"]({ sessionID: SESSION }, output);
    assert.equal(output.context.length, 1);
    assert.ok(output.context[0].includes(JSON.stringify(await store.foldedStep(1))));
    const compaction = await s.request(hooks);
    assert.equal(addedPart(compaction), undefined, "no hydrated context in the compaction request (its summary is stored)");
    const after = await s.request(hooks);
    assert.ok(addedPart(after), "the next ordinary request is hydrated again");
  });

  it("by default each session has its store in the shared session layout ($CONTEXTFOLD_HOME/sessions/<id>/.contextfold)", async () => {
    const home = mkdtempSync(path.join(tmpdir(), "cf-home-"));
    const saved = process.env.CONTEXTFOLD_HOME;
    process.env.CONTEXTFOLD_HOME = home;
    try {
      const hooks = await createOpencodePlugin({ foldThreshold: 100 })(pluginInput);
      await hooks["tool.execute.after"]({ tool: "bash", sessionID: "ses_a", callID: "c1", args: { command: "journalctl" } }, { title: "", output: LOG, metadata: {} });
      await hooks.dispose();
      assert.ok(existsSync(path.join(home, "sessions", "ses_a", ".contextfold", "cold_nodes", "step_000001.json")));
      assert.ok(existsSync(path.join(home, "sessions", "ses_a", ".contextfold", "recall_index.json")));
      const errors = [];
      const bad = await createOpencodePlugin({ onError: (e, stage) => errors.push(stage) })(pluginInput);
      await bad["tool.execute.after"]({ tool: "bash", sessionID: "../escape", callID: "c1", args: {} }, { title: "", output: LOG, metadata: {} });
      assert.deepEqual(errors, ["fold"], "a session id that is not a folder name is refused, and opencode goes on");
    } finally {
      if (saved === undefined) delete process.env.CONTEXTFOLD_HOME;
      else process.env.CONTEXTFOLD_HOME = saved;
      rmSync(home, { recursive: true, force: true });
    }
  });

  it("a 200-turn session driven as opencode drives it: bounded requests, nothing hydrated stored or carried, byte-exact folds, latest state", async (t) => {
    const TURN_BUDGET = 2500;
    const store = await openMemory();
    const evicted = [];
    const after = store.afterResponse.bind(store);
    store.afterResponse = async (turn) => {
      const out = await after(turn);
      evicted.push(...out.map((e) => e.stepId));
      return out;
    };
    const hooks = await createOpencodePlugin({ store: () => store, turnBudget: TURN_BUDGET })(pluginInput);
    const count = (text) => store.countTokens(text);
    const tokens = async (messages) => {
      let n = 0;
      for (const m of messages) for (const p of m.parts) n += await count(p.type === "text" ? p.text : p.type === "tool" ? p.state.output : "");
      return n;
    };
    const script = sessionScript();
    const s = new FakeSession();
    const requests = []; // { turn, messages, injected: step ids, evictedBefore }
    let maxReceived = 0;
    let maxBaseline = 0;
    const request = async (turn) => {
      const messages = await s.request(hooks);
      // By the time this request's context is built, the previous request's nodes are evicted.
      const evictedBefore = evicted.length;
      const added = addedPart(messages);
      const injected = added ? [...added.text.matchAll(/\[ContextFold: step (\d+)\]/g)].map((x) => Number(x[1])) : [];
      const base = added ? messages.map((m) => ({ ...m, parts: m.parts.filter((p) => p !== added) })) : messages;
      assert.doesNotMatch(JSON.stringify(base), /\[ContextFold: step/, `turn ${turn.index}: no hydrated node outside this request's own context`);
      const received = await tokens(messages);
      const baseline = await tokens(base);
      assert.ok(received <= baseline + TURN_BUDGET, `turn ${turn.index}: ${received} > ${baseline} + ${TURN_BUDGET}`);
      maxReceived = Math.max(maxReceived, received);
      maxBaseline = Math.max(maxBaseline, baseline);
      const prev = requests.at(-1);
      if (prev) {
        const gone = new Set(evicted.slice(0, evictedBefore));
        for (const step of prev.injected) assert.ok(gone.has(step), `turn ${turn.index}: step ${step} of the previous request was evicted first`);
      }
      requests.push({ turn, messages, injected });
      return messages;
    };
    const stepOfCall = new Map();
    const outputs = new Map();
    for (const turn of script) {
      s.user(turn.user);
      await request(turn);
      if (turn.tool) {
        const callID = `call_${turn.index}`;
        outputs.set(callID, turn.tool.output);
        const result = await s.tool(hooks, { callID, tool: turn.tool.name, args: turn.tool.input, output: turn.tool.output });
        if (result.metadata.contextfold) stepOfCall.set(callID, result.metadata.contextfold.step_id);
        const second = await request(turn);
        assert.equal(toolParts(second).at(-1).state.output, turn.tool.output, `turn ${turn.index}: the current result, whole`);
      }
      s.assistant([{ type: "text", text: turn.answer }]);
      await hooks.event({ event: { type: "session.idle", properties: { sessionID: SESSION } } });
    }
    assert.doesNotMatch(JSON.stringify(s.messages), /\[ContextFold: step/, "nothing hydrated in the stored session");
    for (const [callID, output] of outputs) {
      const step = stepOfCall.get(callID);
      if (step === undefined) {
        assert.ok((await count(output)) < 500);
        continue;
      }
      assert.equal((await store.node(step)).rawContent, output, `${callID}: byte-exact`);
    }
    assert.ok(stepOfCall.size > 100);
    for (const turn of script.filter((x) => x.expect)) {
      const req = requests.find((r) => r.turn === turn);
      const latest = stepOfCall.get(`call_${turn.expect.turn}`);
      assert.ok(req.injected.includes(latest), `turn ${turn.index} (${turn.expect.topic}): step ${latest} in [${req.injected}]`);
      for (const old of turn.expect.superseded) assert.ok(!req.injected.includes(stepOfCall.get(`call_${old}`)), `turn ${turn.index}: superseded ${old}`);
    }
    // The same session with every output as the tool returned it (opencode without the plugin).
    const unfolded = s.messages.map((m) => ({ ...m, parts: m.parts.map((p) => (p.type === "tool" ? { ...p, state: { ...p.state, output: outputs.get(p.callID) } } : p)) }));
    t.diagnostic(`requests ${requests.length}, folded ${stepOfCall.size}, evictions ${evicted.length}; max request tokens ${maxReceived}, baseline ${maxBaseline}, budget ${TURN_BUDGET}; the last request without the plugin: ${await tokens(unfolded)}`);
  });

  it("loads and runs under Bun (the runtime opencode runs plugins in), from a .opencode/plugins file", () => {
    const bun = path.join(BIN, "bun");
    assert.ok(existsSync(bun), "bun from the npm registry (package bun + @oven/bun-linux-x64)");
    const home = mkdtempSync(path.join(tmpdir(), "cf-bun-"));
    const dir = scratch("opencode-bun", {
      // The README's plugin file, verbatim.
      ".opencode/plugins/contextfold.js": `${readmeSnippet("opencode-plugin.js")}\n`,
      ".opencode/package.json": readmeSnippet("opencode-package.json"),
      "run.mjs": `
// What opencode does with a plugin file: import it, call each exported plugin function, use the hooks.
const mod = await import("./.opencode/plugins/contextfold.js");
const hooks = await mod.ContextFold({ directory: process.cwd(), worktree: process.cwd() });
const output = { title: "bash", output: ${JSON.stringify(LOG.repeat(3))}, metadata: {} };
await hooks["tool.execute.after"]({ tool: "bash", sessionID: "ses_bun", callID: "c1", args: { command: "journalctl -u postgresql" } }, output);
const messages = [
  { info: { id: "msg_1", sessionID: "ses_bun", role: "user" }, parts: [{ id: "p1", type: "text", text: "Show the log." }] },
  { info: { id: "msg_2", sessionID: "ses_bun", role: "assistant" }, parts: [{ id: "p2", type: "tool", callID: "c1", tool: "bash", state: { status: "completed", input: {}, output: output.output, metadata: output.metadata } }] },
  { info: { id: "msg_3", sessionID: "ses_bun", role: "user" }, parts: [{ id: "p3", type: "text", text: "Which port does PostgreSQL listen on now?" }] },
];
await hooks["experimental.chat.messages.transform"]({}, { messages });
await hooks.event({ event: { type: "session.idle", properties: { sessionID: "ses_bun" } } });
await hooks.dispose();
console.log(JSON.stringify({ runtime: typeof Bun === "undefined" ? "node" : "bun " + Bun.version, step: output.metadata.contextfold.step_id, replaced: output.output.startsWith("{"), added: messages[2].parts[0].text.slice(0, 60) }));
`,
    });
    try {
      const out = JSON.parse(execFileSync(bun, ["run.mjs"], { cwd: dir, encoding: "utf8", env: { ...process.env, CONTEXTFOLD_HOME: home } }));
      assert.match(out.runtime, /^bun 1\./);
      assert.equal(out.step, 1);
      assert.equal(out.replaced, true);
      assert.equal(out.added, `[ContextFold: step 1]\n${LOG.repeat(3)}`.slice(0, 60));
      assert.ok(existsSync(path.join(home, "sessions", "ses_bun", ".contextfold", "recall_index.json")));
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
});
