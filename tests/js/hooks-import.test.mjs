// `contextfold import` and the transcript readers of contextfold/hooks (issue 11, item 3): Claude Code JSONL,
// Codex rollout JSONL, Anthropic Messages and OpenAI chat arrays (auto-detected); import and live hooks agree;
// idempotence; the --json summary and the progress bar; and end to end, a long session of our own making imported,
// then a dozen questions through user-prompt-submit: the latest state's tool result is hydrated, within budget.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { pathToFileURL } from "node:url";
import { PKG_DIR } from "./helpers.mjs";
import { bigOutput, cf, claudeBash, claudePayload, contextOf, envWith, hook, injectedSteps, ledgerOf, sessionDir, tempDir } from "./hook-helpers.mjs";
import { generateSession } from "./session-gen.mjs";

const hooks = await import(pathToFileURL(path.join(PKG_DIR, "lib", "hooks", "index.js")).href);
const { run: runImportCommand } = await import(pathToFileURL(path.join(PKG_DIR, "bin", "lib", "import.mjs")).href);

const jsonl = (records) => `${records.map((r) => (typeof r === "string" ? r : JSON.stringify(r))).join("\n")}\n`;
const simple = (calls) => calls.map((c) => ({ id: c.id, name: c.name, input: c.input, text: hooks.foldableCall(c).text, isError: c.isError }));
const coldNode = (root, step) => JSON.parse(readFileSync(path.join(root, ".contextfold", "cold_nodes", `step_${String(step).padStart(6, "0")}.json`), "utf8"));

describe("transcript readers", () => {
  it("Claude Code JSONL: split assistant records, string and list contents, is_error, unknown records, bad lines", () => {
    const text = jsonl([
      { type: "queue-operation", operation: "enqueue", content: "run it" },
      { type: "user", sessionId: "s-1", message: { role: "user", content: "run the tests" } },
      { type: "assistant", sessionId: "s-1", message: { id: "msg_1", role: "assistant", content: [{ type: "text", text: "Running." }] } },
      { type: "assistant", sessionId: "s-1", message: { id: "msg_1", role: "assistant", content: [{ type: "tool_use", id: "toolu_1", name: "Bash", input: { command: "npm test" } }] } },
      { type: "assistant", sessionId: "s-1", message: { id: "msg_1", role: "assistant", content: [{ type: "tool_use", id: "toolu_2", name: "Read", input: { file_path: "/a.ts" } }] } },
      "{not json",
      { type: "user", sessionId: "s-1", message: { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_2", content: [{ type: "text", text: "     1\tconst a = 1;" }] }] }, toolUseResult: { type: "text", file: { filePath: "/a.ts", content: "const a = 1;" } } },
      { type: "user", sessionId: "s-1", message: { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_1", content: "Exit code 1\nFAIL", is_error: true }] }, toolUseResult: "Error: Exit code 1\nFAIL" },
      { type: "file-history-snapshot", messageId: "msg_1", snapshot: {} },
      { type: "summary", summary: "Tests", leafUuid: "x" },
      { type: "assistant", sessionId: "s-1", message: { id: "msg_2", role: "assistant", content: [{ type: "tool_use", id: "toolu_3", name: "Grep", input: { pattern: "x" } }] } },
      { type: "user", sessionId: "s-1", message: { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_3", content: [{ type: "text", text: "a" }, { type: "text", text: "b" }] }, { type: "text", text: "and a note" }] } },
      { type: "some-future-record", payload: 1 },
    ]);
    assert.equal(hooks.detectTranscriptFormat(text), "claude-code");
    const t = hooks.readTranscript(text);
    assert.equal(t.sessionId, "s-1");
    assert.equal(t.skipped, 1);
    assert.deepEqual(simple(t.toolCalls), [
      { id: "toolu_2", name: "Read", input: { file_path: "/a.ts" }, text: "const a = 1;", isError: false },
      { id: "toolu_1", name: "Bash", input: { command: "npm test" }, text: "Exit code 1\nFAIL", isError: true },
      { id: "toolu_3", name: "Grep", input: { pattern: "x" }, text: "a\nb", isError: false },
    ]);
  });

  it("Codex rollout JSONL: shell calls as the hook reports them (Bash, the command, the output without its header)", () => {
    const text = jsonl([
      { timestamp: "t", type: "session_meta", payload: { session_id: "019ad0", id: "019ad0", cli_version: "0.171.0" } },
      { timestamp: "t", type: "response_item", payload: { type: "message", role: "user", content: [{ type: "input_text", text: "run seq" }] } },
      { timestamp: "t", type: "response_item", payload: { type: "function_call", name: "exec_command", arguments: '{"cmd":"seq 1 3"}', call_id: "call_1" } },
      { timestamp: "t", type: "event_msg", payload: { type: "item_completed", item: { type: "CommandExecution", id: "call_1", command: ["/bin/bash", "-lc", "seq 1 3"], aggregated_output: "1\n2\n3\n" } } },
      { timestamp: "t", type: "response_item", payload: { type: "function_call_output", call_id: "call_1", output: "Chunk ID: ab12\nWall time: 0.0 seconds\nProcess exited with code 0\nOriginal token count: 3\nOutput:\n1\n2\n3\n" } },
      { timestamp: "t", type: "response_item", payload: { type: "function_call", name: "shell", arguments: '{"command":["bash","-lc","echo hi"]}', call_id: "call_2" } },
      { timestamp: "t", type: "response_item", payload: { type: "function_call_output", call_id: "call_2", output: "Output:\nhi\n" } },
      { timestamp: "t", type: "response_item", payload: { type: "function_call", name: "mcp__db__query", arguments: '{"sql":"select 1"}', call_id: "call_3" } },
      { timestamp: "t", type: "response_item", payload: { type: "function_call_output", call_id: "call_3", output: "1 row" } },
      { timestamp: "t", type: "turn_context", payload: { model: "gpt-5.5" } },
    ]);
    assert.equal(hooks.detectTranscriptFormat(text), "codex");
    const t = hooks.readTranscript(text);
    assert.equal(t.sessionId, "019ad0");
    assert.deepEqual(simple(t.toolCalls), [
      { id: "call_1", name: "Bash", input: { command: "seq 1 3" }, text: "1\n2\n3\n", isError: false },
      { id: "call_2", name: "Bash", input: { command: "echo hi" }, text: "hi\n", isError: false },
      { id: "call_3", name: "mcp__db__query", input: { sql: "select 1" }, text: "1 row", isError: false },
    ]);
  });

  it("Anthropic Messages arrays (and request bodies): tool_use / tool_result blocks, is_error", () => {
    const messages = [
      { role: "user", content: "find the port" },
      { role: "assistant", content: [{ type: "text", text: "Looking." }, { type: "tool_use", id: "toolu_a", name: "bash", input: { command: "cat .env" } }] },
      { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_a", content: "PORT=5433" }] },
      { role: "assistant", content: [{ type: "tool_use", id: "toolu_b", name: "fetch", input: { url: "https://x" } }] },
      { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_b", is_error: true, content: [{ type: "text", text: "HTTP 503" }] }] },
      { role: "assistant", content: "The port is 5433." },
    ];
    for (const text of [JSON.stringify(messages), JSON.stringify({ model: "claude-x", messages })]) {
      assert.equal(hooks.detectTranscriptFormat(text), "anthropic");
      assert.deepEqual(simple(hooks.readTranscript(text).toolCalls), [
        { id: "toolu_a", name: "bash", input: { command: "cat .env" }, text: "PORT=5433", isError: false },
        { id: "toolu_b", name: "fetch", input: { url: "https://x" }, text: "HTTP 503", isError: true },
      ]);
    }
  });

  it("OpenAI chat arrays (tool_calls, role tool) and Responses input items", () => {
    const chat = [
      { role: "system", content: "be brief" },
      { role: "user", content: "port?" },
      { role: "assistant", content: null, tool_calls: [{ id: "call_a", type: "function", function: { name: "shell", arguments: '{"command":"cat .env"}' } }, { id: "call_b", type: "function", function: { name: "read_file", arguments: '{"path":"a.ts"}' } }] },
      { role: "tool", tool_call_id: "call_b", content: [{ type: "text", text: "const a = 1;" }] },
      { role: "tool", tool_call_id: "call_a", content: "PORT=5433" },
    ];
    assert.equal(hooks.detectTranscriptFormat(JSON.stringify(chat)), "openai");
    assert.deepEqual(simple(hooks.readTranscript(JSON.stringify({ messages: chat })).toolCalls), [
      { id: "call_b", name: "read_file", input: { path: "a.ts" }, text: "const a = 1;", isError: false },
      { id: "call_a", name: "shell", input: { command: "cat .env" }, text: "PORT=5433", isError: false },
    ]);
    const items = [
      { role: "user", content: "port?" },
      { type: "function_call", call_id: "fc_1", name: "shell", arguments: '{"command":"cat .env"}' },
      { type: "function_call_output", call_id: "fc_1", output: "PORT=5433" },
    ];
    assert.equal(hooks.detectTranscriptFormat(JSON.stringify(items)), "openai");
    assert.deepEqual(simple(hooks.readTranscript(JSON.stringify(items)).toolCalls), [{ id: "fc_1", name: "shell", input: { command: "cat .env" }, text: "PORT=5433", isError: false }]);
  });

  it("refuses what it cannot read, with a typed error", () => {
    assert.throws(() => hooks.detectTranscriptFormat("hello"), { code: "UNKNOWN_FORMAT" });
    assert.throws(() => hooks.readTranscript("{}", { format: "anthropic" }), { code: "UNKNOWN_FORMAT" });
    assert.throws(() => hooks.readTranscript("[]", { format: "yaml" }), { code: "UNKNOWN_FORMAT" });
  });
});

describe("contextfold import", () => {
  it("folds with the post-tool-use rule, so a session folded live gains nothing from an import of its transcript", () => {
    const { sessionId, jsonl: text, calls } = generateSession({ turns: 40, seed: 3 });
    const home = tempDir("import");
    const env = envWith(home);
    const file = path.join(home, "session.jsonl");
    writeFileSync(file, text);
    // Live: every call through the hook, as Claude Code would have run it.
    for (const c of calls) {
      const payload = c.isError
        ? claudePayload("PostToolUseFailure", sessionId, { tool_name: c.name, tool_input: c.input, tool_use_id: c.id, error: c.text })
        : c.name === "Bash"
          ? claudeBash(sessionId, c.id, c.input.command, c.text)
          : claudePayload("PostToolUse", sessionId, { tool_name: c.name, tool_input: c.input, tool_use_id: c.id, tool_response: c.name === "Read" ? { type: "text", file: { filePath: c.input.file_path, content: c.text } } : { mode: "content", content: c.text, numFiles: 1 } });
      assert.equal(hook(payload, [], { env }).status, 0);
    }
    const live = ledgerOf(sessionDir(home, sessionId));
    const r = cf(["import", file, "--json"], { env });
    assert.equal(r.status, 0, r.stderr);
    const summary = JSON.parse(r.stdout);
    assert.equal(summary.folded, 0);
    assert.equal(summary.alreadyFolded, live.length);
    assert.equal(summary.toolResults, calls.length);
    assert.deepEqual(ledgerOf(sessionDir(home, sessionId)), live);
    // And an import into a fresh store gives the same steps with the same summaries and payloads.
    const fresh = path.join(home, "fresh");
    assert.equal(cf(["import", file, "--dir", fresh, "--json"], { env }).status, 0);
    assert.deepEqual(ledgerOf(fresh), live);
    for (const { step } of live) {
      const a = coldNode(sessionDir(home, sessionId), step);
      const b = coldNode(fresh, step);
      assert.deepEqual([b.summary, b.payload_sha256, b.session_id], [a.summary, a.payload_sha256, a.session_id], `step ${step}`);
    }
  });

  it("is idempotent, prints a --json summary, takes --format and stdin, needs --dir or --session for arrays", () => {
    const home = tempDir("import");
    const env = envWith(home);
    const messages = [
      { role: "assistant", content: [{ type: "tool_use", id: "toolu_a", name: "Bash", input: { command: "cat big.log" } }] },
      { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_a", content: bigOutput("big log") }] },
      { role: "assistant", content: [{ type: "tool_use", id: "toolu_b", name: "Bash", input: { command: "ls" } }] },
      { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_b", content: "a b c" }] },
    ];
    const file = path.join(home, "messages.json");
    writeFileSync(file, JSON.stringify(messages));
    const noSession = cf(["import", file], { env });
    assert.equal(noSession.status, 1);
    assert.match(noSession.stderr, /give --dir DIR or --session ID/);
    const first = JSON.parse(cf(["import", file, "--session", "arr-1", "--json"], { env }).stdout);
    assert.deepEqual(first, { format: "anthropic", sessionId: "arr-1", dir: sessionDir(home, "arr-1"), toolResults: 2, folded: 1, alreadyFolded: 0, small: 1, steps: { first: 1, last: 1 }, skippedRecords: 0 });
    const again = JSON.parse(cf(["import", file, "--session", "arr-1", "--json"], { env }).stdout);
    assert.equal(again.folded, 0);
    assert.equal(again.alreadyFolded, 1);
    const text = cf(["import", "-", "--format", "anthropic", "--session", "arr-1", "--min-bytes", "1"], { env, input: JSON.stringify(messages) });
    assert.equal(text.status, 0, text.stderr);
    assert.match(text.stdout, /^\[IMPORT\] anthropic transcript: 2 tool results; 1 folded as steps 2–2, 1 already folded, 0 under 1 bytes left out\.\n\[IMPORT\] Store: /);
  });

  it("reports bad arguments with exit 1, and a JSON error with --json", () => {
    const env = envWith(tempDir("import"));
    assert.equal(cf(["import"], { env }).status, 1);
    assert.equal(cf(["import", "/nonexistent/file.jsonl"], { env }).status, 1);
    assert.equal(cf(["import", "x", "--format", "yaml"], { env }).status, 1);
    const j = cf(["import", "/nonexistent/file.jsonl", "--json"], { env });
    assert.equal(JSON.parse(j.stdout).error.code, "BAD_ARGUMENT");
  });

  it("draws a progress bar on a terminal (stderr), not otherwise", async () => {
    const { jsonl: text } = generateSession({ turns: 30, seed: 5, sessionId: "tty-session" });
    const home = tempDir("import");
    const file = path.join(home, "s.jsonl");
    writeFileSync(file, text);
    let err = "";
    let out = "";
    const io = { stdout: { write: (s) => (out += s) }, stderr: { isTTY: true, write: (s) => (err += s) }, env: envWith(home), cwd: home };
    assert.equal(await runImportCommand(["import", file], io), 0);
    assert.match(err, /\rimporting [█░]{30} \d+\/\d+ tool results/);
    assert.match(out, /\[IMPORT\] claude-code transcript/);
    err = "";
    io.stderr.isTTY = false;
    assert.equal(await runImportCommand(["import", file, "--dir", path.join(home, "other")], io), 0);
    assert.equal(err, "");
  });
});

describe("end to end: a long session imported, then a dozen questions", () => {
  it("hydrates the latest state's tool result for each question, within the budget and the hook's size limit", () => {
    const { sessionId, jsonl: text, calls, questions } = generateSession({ turns: 300, seed: 11 });
    const home = tempDir("e2e");
    const env = envWith(home);
    const file = path.join(home, `${sessionId}.jsonl`);
    writeFileSync(file, text);
    const summary = JSON.parse(cf(["import", file, "--json"], { env }).stdout);
    assert.equal(summary.toolResults, calls.length);
    assert.ok(summary.folded > 200, `${summary.folded} folded`);
    const root = summary.dir;
    // The store an import creates carries the hooks' selection mode (ranked-v2), written at its first fold.
    assert.equal(JSON.parse(readFileSync(path.join(root, ".contextfold", "hydration_policy.json"), "utf8")).selection, "ranked-v2");
    const stepOf = new Map(ledgerOf(root).map((e) => [e.id, e.step]));
    assert.ok(questions.length >= 12, `${questions.length} questions`);
    const misses = [];
    for (const [i, q] of questions.entries()) {
      // Each question as the first prompt of a session on this store (nothing injected yet).
      const r = hook(claudePayload("UserPromptSubmit", `${sessionId}-q${i}`, { prompt: q.prompt }), ["user-prompt-submit", "--dir", root], { env });
      assert.equal(r.status, 0, r.stderr);
      const injected = r.stdout ? contextOf(r.stdout, "UserPromptSubmit") : "";
      assert.ok(injected.length <= 10000, `${q.key}: ${injected.length} characters`);
      const tokens = [...injected.matchAll(/^\[contextfold step \d+ \| .* \| (\d+) tokens/gm)].reduce((n, m) => n + Number(m[1]), 0);
      assert.ok(tokens <= 2500, `${q.key}: ${tokens} tokens hydrated, budget 2500`);
      if (!injectedSteps(injected).includes(stepOf.get(q.expect)) || !injected.includes(q.fact)) misses.push(`${q.key} (want step ${stepOf.get(q.expect)}, got ${injectedSteps(injected)})`);
    }
    assert.deepEqual(misses, []);
    // Importing it again adds nothing.
    assert.equal(JSON.parse(cf(["import", file, "--json"], { env }).stdout).folded, 0);
  });
});
