// `contextfold hook` (issue 11, item 2), one process per hook call as the harnesses run it, with payloads in the
// shapes Claude Code 2.1.332 and Codex CLI 0.171.0 write: stdout JSON, exit codes, folds, idempotence, the
// injected-since-compaction ledger, the store layout, and the never-block rule under injected faults.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { copyFileSync, existsSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { pathToFileURL } from "node:url";
import { BIN, PKG_DIR as PKG, ROOT, cf as contextfold, node as runNode, scratch } from "./helpers.mjs";
import {
  bigOutput,
  cf,
  claudeBash,
  claudePayload,
  codexBash,
  codexPayload,
  contextOf,
  envWith,
  hook,
  hookCommands,
  injectedSteps,
  ledgerOf,
  readmeSnippet,
  schemaChecker,
  sessionDir,
  tempDir,
  evictionLog,
} from "./hook-helpers.mjs";


const node = (root, step) => JSON.parse(readFileSync(path.join(root, ".contextfold", "cold_nodes", `step_${String(step).padStart(6, "0")}.json`), "utf8"));
const steps = (root) =>
  existsSync(path.join(root, ".contextfold", "cold_nodes"))
    ? readdirSync(path.join(root, ".contextfold", "cold_nodes"))
        .filter((f) => /^step_\d+\.json$/.test(f))
        .map((f) => Number(f.slice(5, -5)))
        .sort((a, b) => a - b)
    : [];

/** Assert the never-block contract of one run: exit 0, no stdout. */
function silent(r, what) {
  assert.equal(r.status, 0, `${what}: exit status (stderr: ${r.stderr})`);
  assert.equal(r.stdout, "", `${what}: nothing on stdout`);
}

/** A data home with one session of `n` folded Bash outputs (Claude Code shape); returns { home, env, root }. */
function sessionWith(sid, outputs) {
  const home = tempDir("hooks");
  const env = envWith(home);
  outputs.forEach(([command, text], i) => silent(hook(claudeBash(sid, `toolu_${i + 1}`, command, text), [], { env }), `fold ${i + 1}`));
  return { home, env, root: sessionDir(home, sid) };
}

describe("contextfold hook post-tool-use", () => {
  it("folds a Claude Code Bash output of at least 2048 bytes as the next step, printing nothing", () => {
    const home = tempDir("hooks");
    const env = envWith(home);
    const out = bigOutput("PostgreSQL listening on port 5433");
    const r = hook(claudeBash("sess-a", "toolu_01", "docker compose logs postgres", out), [], { env });
    silent(r, "post-tool-use");
    assert.equal(r.stderr, "");
    const root = sessionDir(home, "sess-a");
    assert.deepEqual(steps(root), [1]);
    const n = node(root, 1);
    assert.equal(n.summary, "Bash: docker compose logs postgres");
    assert.equal(n.raw_content, out);
    assert.equal(n.session_id, "sess-a");
    assert.deepEqual(ledgerOf(root), [{ id: "toolu_01", step: 1 }]);
  });

  it("folds Codex's shell call (tool_response a string) by the same rule", () => {
    const home = tempDir("hooks");
    const env = envWith(home);
    const out = bigOutput("1\n2\n3");
    silent(hook(codexBash("019ad0-codex", "call_1", "seq 1 3000", out), [], { env }), "codex post-tool-use");
    const n = node(sessionDir(home, "019ad0-codex"), 1);
    assert.equal(n.summary, "Bash: seq 1 3000");
    assert.equal(n.raw_content, out);
  });

  it("is idempotent per tool_use_id, and numbers new calls in arrival order", () => {
    const home = tempDir("hooks");
    const env = envWith(home);
    const p1 = claudeBash("sess-b", "toolu_A", "npm test", bigOutput("PASS tests/a.spec.ts"));
    silent(hook(p1, [], { env }), "first");
    silent(hook(p1, [], { env }), "the same call again");
    silent(hook(claudeBash("sess-b", "toolu_B", "npm run build", bigOutput("built in 2.1s")), [], { env }), "second call");
    silent(hook(p1, [], { env }), "the first call a third time");
    const root = sessionDir(home, "sess-b");
    assert.deepEqual(steps(root), [1, 2]);
    assert.equal(node(root, 2).summary, "Bash: npm run build");
    assert.deepEqual(ledgerOf(root), [
      { id: "toolu_A", step: 1 },
      { id: "toolu_B", step: 2 },
    ]);
  });

  it("leaves outputs under --min-bytes in the prompt (default 2048 bytes, UTF-8)", () => {
    const home = tempDir("hooks");
    const env = envWith(home);
    silent(hook(claudeBash("sess-c", "toolu_1", "ls", "a\nb\n"), [], { env }), "small");
    silent(hook(claudeBash("sess-c", "toolu_2", "cat x", "é".repeat(1023)), [], { env }), "2046 bytes");
    assert.deepEqual(steps(sessionDir(home, "sess-c")), []);
    silent(hook(claudeBash("sess-c", "toolu_3", "cat y", "é".repeat(1024)), [], { env }), "2048 bytes");
    silent(hook(claudeBash("sess-c", "toolu_1", "ls", "a\nb\n"), ["post-tool-use", "--min-bytes", "1"], { env }), "--min-bytes 1");
    assert.deepEqual(
      steps(sessionDir(home, "sess-c")).map((s) => node(sessionDir(home, "sess-c"), s).summary),
      ["Bash: cat y", "Bash: ls"],
    );
  });

  it("folds the text the model saw for each tool (Bash, Read, Grep, MCP, WebFetch, else stable JSON)", () => {
    const home = tempDir("hooks");
    const env = envWith(home);
    const sid = "sess-render";
    const big = bigOutput("body");
    const cases = [
      ["Bash", { command: "make" }, { stdout: big, stderr: "warning: x", interrupted: false, isImage: false }, `${big}\nwarning: x`, "Bash: make"],
      ["Read", { file_path: "/app/src/db.ts" }, { type: "text", file: { filePath: "/app/src/db.ts", content: big, numLines: 80, startLine: 1, totalLines: 80 } }, big, "Read: /app/src/db.ts"],
      ["Grep", { pattern: "TODO", path: "src" }, { mode: "content", content: big, numLines: 80, numFiles: 3 }, big, "Grep: TODO in src"],
      ["mcp__db__query", { sql: "select * from invoices" }, [{ type: "text", text: big }], big, "mcp__db__query: select * from invoices"],
      ["WebFetch", { url: "https://example.com/doc", prompt: "summarise" }, { bytes: 9000, code: 200, codeText: "OK", result: big, durationMs: 40, url: "https://example.com/doc" }, big, "WebFetch: https://example.com/doc"],
      ["TodoWrite", { todos: [{ content: "x", status: "pending" }] }, { newTodos: [{ content: big, status: "pending" }], oldTodos: [] }, JSON.stringify({ newTodos: [{ content: big, status: "pending" }], oldTodos: [] }), 'TodoWrite: {"todos":[{"content":"x","status":"pending"}]}'],
    ];
    cases.forEach(([tool, input, response], i) => silent(hook(claudePayload("PostToolUse", sid, { tool_name: tool, tool_input: input, tool_response: response, tool_use_id: `toolu_${i}` }), [], { env }), tool));
    const root = sessionDir(home, sid);
    cases.forEach(([tool, , , text, summary], i) => {
      const n = node(root, i + 1);
      assert.equal(n.raw_content, text, `${tool}: raw content`);
      assert.equal(n.summary, summary, `${tool}: summary`);
    });
  });

  it("folds a failed call (PostToolUseFailure) with its error text and a (failed) summary", () => {
    const home = tempDir("hooks");
    const env = envWith(home);
    const error = `Exit code 1\n${bigOutput("FAIL tests/billing.spec.ts")}`;
    silent(hook(claudePayload("PostToolUseFailure", "sess-f", { tool_input: { command: "npm test" }, error, tool_use_id: "toolu_f" }), [], { env }), "failure");
    const n = node(sessionDir(home, "sess-f"), 1);
    assert.equal(n.summary, "Bash: npm test (failed)");
    assert.equal(n.raw_content, error);
  });

  it("--replace-mcp-output: an MCP tool's output is replaced by its folded-step record (Claude Code)", () => {
    const home = tempDir("hooks");
    const env = envWith(home);
    const payload = claudePayload("PostToolUse", "sess-m", { tool_name: "mcp__db__query", tool_input: { sql: "select 1" }, tool_response: [{ type: "text", text: bigOutput("rows: 3000") }], tool_use_id: "toolu_m" });
    const r = hook(payload, ["post-tool-use", "--replace-mcp-output"], { env });
    assert.equal(r.status, 0);
    const out = JSON.parse(r.stdout);
    assert.deepEqual(Object.keys(out.hookSpecificOutput).sort(), ["hookEventName", "updatedMCPToolOutput", "updatedToolOutput"]);
    assert.equal(out.hookSpecificOutput.hookEventName, "PostToolUse");
    const [item] = out.hookSpecificOutput.updatedMCPToolOutput;
    assert.deepEqual(out.hookSpecificOutput.updatedToolOutput, out.hookSpecificOutput.updatedMCPToolOutput);
    assert.equal(item.type, "text");
    const [head, json] = item.text.split("\n");
    assert.match(head, /folded into step 1; exact text: .* hydrate 1 --dir /);
    const record = JSON.parse(json);
    assert.equal(record.step_id, 1);
    assert.equal(record.summary, "mcp__db__query: select 1");
    assert.deepEqual(schemaChecker()("folded_step.schema.json", record), []);
    // The same call again (already folded): the same replacement, no new step.
    const again = hook(payload, ["post-tool-use", "--replace-mcp-output"], { env });
    assert.equal(JSON.parse(again.stdout).hookSpecificOutput.updatedMCPToolOutput[0].text, item.text);
    assert.deepEqual(steps(sessionDir(home, "sess-m")), [1]);
  });

  it("--replace-mcp-output leaves built-in tools, small outputs and Codex alone (folded, nothing printed)", () => {
    const home = tempDir("hooks");
    const env = envWith(home);
    const args = ["post-tool-use", "--replace-mcp-output"];
    silent(hook(claudeBash("sess-r", "toolu_1", "cat big.log", bigOutput("x")), args, { env }), "Bash (Claude Code ignores replacement for it)");
    silent(hook(claudePayload("PostToolUse", "sess-r", { tool_name: "mcp__db__query", tool_input: {}, tool_response: [{ type: "text", text: "3 rows" }], tool_use_id: "toolu_2" }), args, { env }), "small MCP output");
    silent(hook(codexPayload("PostToolUse", "sess-r", { tool_name: "mcp__db__query", tool_input: {}, tool_response: bigOutput("rows"), tool_use_id: "call_3" }), args, { env }), "Codex (rejects replacement fields)");
    assert.deepEqual(steps(sessionDir(home, "sess-r")), [1, 2]);
    const log = readFileSync(path.join(sessionDir(home, "sess-r"), ".contextfold-hooks", "hooks.log"), "utf8");
    assert.match(log, /output replacement is not supported by Codex/);
  });
});

describe("contextfold hook user-prompt-submit", () => {
  const outputs = [
    ["cat .env", bigOutput("POSTGRES_HOST=db\nPOSTGRES_PORT=5433\nREDIS_URL=redis://cache:6379")],
    ["npm run migrate", bigOutput("Applying migration 0042_add_billing_table ... done")],
    ["npm test -- tests/billing.spec.ts", bigOutput("FAIL tests/billing.spec.ts: timeout of 5000ms exceeded")],
  ];

  it("prints the exact records the prompt needs as additionalContext, one header line per node", () => {
    const { env, root } = sessionWith("sess-u", outputs);
    const r = hook(claudePayload("UserPromptSubmit", "sess-u", { prompt: "Which port does POSTGRES_PORT say?" }), [], { env });
    assert.equal(r.status, 0, r.stderr);
    const text = contextOf(r.stdout, "UserPromptSubmit");
    const headers = text.split("\n").filter((l) => l.startsWith("[contextfold step "));
    assert.ok(headers.length >= 1);
    assert.match(headers[0], /^\[contextfold step 1 \| Bash: cat \.env \| sha256 verified \| \d+ tokens\]$/);
    assert.ok(text.includes("POSTGRES_PORT=5433"), "the node's content follows its header");
    assert.equal(text.split("\n")[0], headers[0], "the text starts with a header");
    assert.ok(readFileSync(path.join(root, ".contextfold-hooks", "session-sess-u.json"), "utf8").includes('"injected":[1'));
  });

  it("adds, for a question about the past, the best lines of the steps ranked after the whole ones, with the lines around them its text has room for, not recorded as injected", async () => {
    const { env, root } = sessionWith("sess-x", [
      ["go test ./internal/server/...", bigOutput("--- FAIL: TestRedelivery (0.31s)\n    redelivery_test.go:42: expected 3 redeliveries, got 2", 2200)],
      ["go test -count=20 -run TestRedelivery ./internal/server/", bigOutput("--- FAIL: TestRedelivery (0.29s)\nok  5 of 20 runs failed", 2200)],
      ["gh run view 118", bigOutput("TestRedelivery failed on the runner: the ack deadline of 50ms raced the redelivery timer", 2200)],
      ["cat docs/redelivery.md", bigOutput("# Redelivery\nA message not acked within the ack deadline is redelivered, at most 3 times.", 2200)],
      ["go test -run TestRedelivery -v ./internal/server/", bigOutput("=== RUN   TestRedelivery\n--- PASS: TestRedelivery (0.05s)", 2200)],
      ["git log --oneline -3", bigOutput("9c1e2f0 test(server): fake clock in TestRedelivery\n4b7a9d1 feat(server): redelivery after the ack deadline", 2200)],
      ["cat internal/server/redelivery.go", bigOutput("func (s *Server) redeliver(m *Message) {\n\tif m.Redeliveries >= maxRedeliveries {", 2200)],
      ["grep -rn redeliver internal/", bigOutput("internal/server/redelivery.go:12: func (s *Server) redeliver(m *Message) {", 2200)],
      ["go vet ./...", bigOutput("internal/server/redelivery_test.go:30: result of fmt.Sprintf call not used", 2200)],
      ["cat CHANGELOG.md", bigOutput("## 0.4.0\n- redelivery now waits for the ack deadline", 2200)],
    ]);
    // (Room in the text for more than the selection: the turn budget is what bounds it then.)
    const r = hook(claudePayload("UserPromptSubmit", "sess-x", { prompt: "Why did the redelivery test fail?" }), ["user-prompt-submit", "--budget", "2500", "--max-chars", "20000"], { env });
    assert.equal(r.status, 0, r.stderr);
    const text = contextOf(r.stdout, "UserPromptSubmit");
    assert.ok(text.length <= 20000);
    assert.ok([...text.matchAll(/\| (\d+) tokens/g)].reduce((n, m) => n + Number(m[1]), 0) <= 2500);
    const whole = [...text.matchAll(/^\[contextfold step (\d+) \| .* \| sha256 verified \| \d+ tokens\]$/gm)].map((m) => Number(m[1]));
    const excerpts = [...text.matchAll(/^\[contextfold step (\d+) \| .* \| sha256 verified \| \d+ tokens, lines [\d, ]+ of \d+\]$/gm)];
    assert.ok(whole.length > 0 && excerpts.length > 0, text);
    assert.equal([...text.matchAll(/^\[contextfold: the best lines of the steps ranked next; any of them whole: .* hydrate <step_id> --dir .*\]$/gm)].length, 1, "how to read them whole, once");
    const ledger = JSON.parse(readFileSync(path.join(root, ".contextfold-hooks", "session-sess-x.json"), "utf8"));
    assert.deepEqual([...ledger.injected].sort(), [...whole].sort(), "only the whole steps are in the context");
    // The hook passes its cap on its text (--max-chars): each excerpt shows its best lines (what the API gives
    // without a cap) and, room allowing, the lines around them.
    const c = await contextfold.ContextFold.open(new contextfold.NodeFsStorage(root));
    const narrow = await c.beforeTurn("Why did the redelivery test fail?", { turnBudget: 2500, defaultSelection: "ranked-v2" });
    const shown = new Map(excerpts.map((m) => [Number(m[1]), m[0].match(/lines ([\d, ]+) of/)[1].split(", ").map(Number)]));
    const best = narrow.excerpts.filter((e) => shown.has(e.stepId));
    assert.ok(best.length > 0 && best.every((e) => e.lines.every((l) => shown.get(e.stepId).includes(l.number))), text);
    assert.ok(best.some((e) => shown.get(e.stepId).length > e.lines.length), text);
  });

  it("prints nothing when nothing matches, when the store is empty or missing, for an empty prompt", () => {
    const { env } = sessionWith("sess-n", outputs);
    silent(hook(claudePayload("UserPromptSubmit", "sess-n", { prompt: "hello there" }), [], { env }), "no match");
    silent(hook(claudePayload("UserPromptSubmit", "sess-n", { prompt: "   " }), [], { env }), "blank prompt");
    silent(hook(claudePayload("UserPromptSubmit", "no-such-session", { prompt: "POSTGRES_PORT" }), [], { env }), "no store");
    assert.ok(!existsSync(sessionDir(env.CONTEXTFOLD_HOME, "no-such-session")), "a read-only hook creates no store");
  });

  it("stays within --budget tokens and --max-chars characters", () => {
    const sid = "sess-budget";
    const many = Array.from({ length: 6 }, (_, i) => [`kubectl logs api-${i}`, bigOutput(`api-${i} deployment rollout status: checkout-service ready`, 6000)]);
    const { env } = sessionWith(sid, many);
    const prompt = "checkout-service rollout status of every api deployment";
    const wide = hook(claudePayload("UserPromptSubmit", sid, { prompt }), ["user-prompt-submit", "--budget", "2500"], { env });
    const text = contextOf(wide.stdout, "UserPromptSubmit");
    assert.ok(text.length <= 10000, `default --max-chars 10000: ${text.length}`);
    const tokens = [...text.matchAll(/\| (\d+) tokens/g)].reduce((n, m) => n + Number(m[1]), 0);
    assert.ok(tokens <= 2500, `within the budget: ${tokens}`);
    const narrow = hook(claudePayload("UserPromptSubmit", "sess-budget-2", { prompt }), ["user-prompt-submit", "--dir", sessionDir(env.CONTEXTFOLD_HOME, sid), "--max-chars", "3000"], { env });
    const t2 = contextOf(narrow.stdout, "UserPromptSubmit");
    assert.ok(t2.length <= 3000, `--max-chars 3000: ${t2.length}`);
    assert.match(t2, /cut to fit the hook output; all of it: .* hydrate \d+ --dir /, "a node cut to fit says where the rest is");
  });

  it("does not inject a node twice before a compaction; pre-compact and session-start compact reset that", () => {
    const sid = "sess-ledger";
    const { env } = sessionWith(sid, outputs);
    const ask = () => hook(claudePayload("UserPromptSubmit", sid, { prompt: "what is POSTGRES_PORT?" }), [], { env });
    const first = ask();
    assert.deepEqual(injectedSteps(contextOf(first.stdout, "UserPromptSubmit")), [1]);
    silent(ask(), "asked again: step 1 is already in the context");
    const resumed = hook(claudePayload("SessionStart", sid, { source: "resume" }), [], { env });
    assert.match(contextOf(resumed.stdout, "SessionStart"), /"step_id":1/);
    silent(ask(), "a resume keeps the history, so the ledger stays");
    silent(hook(claudePayload("PreCompact", sid, { transcript_path: "/nonexistent.jsonl" }), [], { env }), "pre-compact");
    assert.deepEqual(injectedSteps(contextOf(ask().stdout, "UserPromptSubmit")), [1], "after pre-compact: injected again");
    silent(ask(), "and once only");
    const ss = hook(claudePayload("SessionStart", sid, { source: "compact" }), [], { env });
    assert.equal(ss.status, 0);
    assert.deepEqual(injectedSteps(contextOf(ask().stdout, "UserPromptSubmit")), [1], "after session-start compact: injected again");
  });

  it("works the same on Codex's payload (turn_id, model)", () => {
    const sid = "019ad0-codex-u";
    const home = tempDir("hooks");
    const env = envWith(home);
    silent(hook(codexBash(sid, "call_1", "cat .env", outputs[0][1]), [], { env }), "fold");
    const r = hook(codexPayload("UserPromptSubmit", sid, { prompt: "POSTGRES_PORT value?" }), [], { env });
    assert.deepEqual(injectedSteps(contextOf(r.stdout, "UserPromptSubmit")), [1]);
  });

  it("keeps Codex's context within 10,000 UTF-8 bytes (Codex cuts longer context), Claude Code's within 10,000 characters", () => {
    // Turkish log lines: about 1.2 bytes a character, so 10,000 characters are more than 10,000 bytes.
    const log = (i) => Array.from({ length: 400 }, (_, k) => `günlük ${i}.${k}: ${i === 0 ? "payments-queue" : "önbellek"} bağlantısı başarısız, yeniden deneniyor`).join("\n");
    const home = tempDir("hooks");
    const env = envWith(home);
    for (const sid of ["019ad0-codex-bytes", "sess-claude-bytes"]) {
      // (Folded from a Codex payload for both: the store is the session's, whichever harness wrote it.)
      for (let i = 0; i < 3; i++) silent(hook(codexBash(sid, `call_${i}`, `cat log-${i}.txt`, log(i)), [], { env }), "fold");
    }
    const cr = hook(codexPayload("UserPromptSubmit", "019ad0-codex-bytes", { prompt: "why does the payments-queue connection fail?" }), [], { env });
    assert.equal(cr.status, 0, cr.stderr);
    const codex = contextOf(cr.stdout, "UserPromptSubmit");
    assert.ok(Buffer.byteLength(codex) <= 10000 && codex.length < 10000, `${codex.length} characters, ${Buffer.byteLength(codex)} bytes`);
    const claude = contextOf(hook(claudePayload("UserPromptSubmit", "sess-claude-bytes", { prompt: "why does the payments-queue connection fail?" }), [], { env }).stdout, "UserPromptSubmit");
    assert.ok(claude.length <= 10000 && Buffer.byteLength(claude) > 10000, `${claude.length} characters, ${Buffer.byteLength(claude)} bytes`);
  });
});

describe("contextfold hook session-start, pre-compact, stop", () => {
  it("session-start (compact, resume) injects the folded-step records, newest first, valid against both schemas", () => {
    const sid = "sess-ss";
    const { env } = sessionWith(
      sid,
      Array.from({ length: 30 }, (_, i) => [`npm run job-${i}`, bigOutput(`job ${i} finished`)]),
    );
    const check = schemaChecker();
    for (const source of ["compact", "resume"]) {
      const r = hook(claudePayload("SessionStart", sid, { source }), [], { env });
      assert.equal(r.status, 0, r.stderr);
      const text = contextOf(r.stdout, "SessionStart");
      assert.ok(text.length <= 10000);
      const [head, ...lines] = text.split("\n");
      assert.match(head, /up to step 30 .* hydrate <step_id> --dir /);
      const records = lines.map((l) => JSON.parse(l));
      assert.ok(records.length >= 5 && records.length <= 30, `${records.length} records`);
      assert.deepEqual(records.map((r) => r.step_id), Array.from({ length: records.length }, (_, i) => 30 - i), "newest first");
      for (const rec of records) assert.deepEqual(check("folded_step.schema.json", rec), []);
    }
    for (const source of ["startup", "clear"]) silent(hook(claudePayload("SessionStart", sid, { source }), [], { env }), source);
    silent(hook(codexPayload("SessionStart", sid, { source: "startup" }), [], { env }), "codex startup");
  });

  it("pre-compact folds, in transcript order, the tool results no hook folded yet", () => {
    const sid = "sess-pc";
    const home = tempDir("hooks");
    const env = envWith(home);
    const outs = ["alpha", "bravo", "charlie", "delta"].map((w) => bigOutput(`${w} report`));
    // The hook saw calls 1 and 3 live; the transcript has all four.
    silent(hook(claudeBash(sid, "toolu_1", "report alpha", outs[0]), [], { env }), "live 1");
    silent(hook(claudeBash(sid, "toolu_3", "report charlie", outs[2]), [], { env }), "live 3");
    const lines = [];
    outs.forEach((o, i) => {
      const id = `toolu_${i + 1}`;
      lines.push({ type: "assistant", sessionId: sid, uuid: `a${i}`, message: { id: `msg_${i}`, role: "assistant", content: [{ type: "tool_use", id, name: "Bash", input: { command: `report ${["alpha", "bravo", "charlie", "delta"][i]}` } }] } });
      lines.push({ type: "user", sessionId: sid, uuid: `u${i}`, message: { role: "user", content: [{ type: "tool_result", tool_use_id: id, content: o, is_error: false }] }, toolUseResult: { stdout: o, stderr: "", interrupted: false, isImage: false } });
    });
    const transcript = path.join(home, "t.jsonl");
    writeFileSync(transcript, lines.map((l) => JSON.stringify(l)).join("\n") + "\n");
    silent(hook(claudePayload("PreCompact", sid, { transcript_path: transcript }), [], { env }), "pre-compact");
    const root = sessionDir(home, sid);
    assert.deepEqual(steps(root).map((s) => node(root, s).summary), ["Bash: report alpha", "Bash: report charlie", "Bash: report bravo", "Bash: report delta"]);
    silent(hook(claudePayload("PreCompact", sid, { transcript_path: transcript }), [], { env }), "pre-compact again");
    assert.deepEqual(steps(root), [1, 2, 3, 4], "nothing twice");
  });

  it("stop logs the eviction of what the turn hydrated and never blocks, whatever stop_hook_active says", () => {
    const sid = "sess-stop";
    const { env, root } = sessionWith(sid, [["cat .env", bigOutput("POSTGRES_PORT=5433")]]);
    contextOf(hook(claudePayload("UserPromptSubmit", sid, { prompt: "POSTGRES_PORT?" }), [], { env }).stdout, "UserPromptSubmit");
    silent(hook(claudePayload("Stop", sid, { stop_hook_active: true }), [], { env }), "stop (stop_hook_active)");
    const log = evictionLog(root);
    assert.deepEqual(log.evicted.map((e) => e.step_id), [1]);
    silent(hook(claudePayload("Stop", sid, { stop_hook_active: false }), [], { env }), "stop again: nothing hydrated this turn");
    silent(hook(codexPayload("Stop", sid), [], { env }), "codex stop");
    assert.equal(evictionLog(root).evicted.length, 1);
  });
});

describe("contextfold hook never breaks a session", () => {
  const SECRET = "sk-live-SECRET-0123456789";
  /** exit 0, no stdout, exactly one line on stderr, and the log (if any) never holds payload text. */
  function failsQuietly(r, what, logFile) {
    silent(r, what);
    assert.equal(r.stderr.trimEnd().split("\n").length, 1, `${what}: one line on stderr: ${r.stderr}`);
    assert.match(r.stderr, /^contextfold hook/);
    if (logFile) {
      const log = readFileSync(logFile, "utf8");
      assert.ok(log.trim().length > 0, `${what}: logged`);
      assert.ok(!log.includes(SECRET), `${what}: no payload text in the log`);
    }
  }

  it("bad stdin: garbage, empty, not an object, no session_id, unknown event, bad options", () => {
    const home = tempDir("hooks");
    const env = envWith(home);
    const log = path.join(home, "hooks.log");
    failsQuietly(hook(`{"prompt": "${SECRET}"`, [], { env }), "truncated JSON", log);
    failsQuietly(hook("", [], { env }), "empty stdin", log);
    failsQuietly(hook([SECRET], [], { env }), "an array", log);
    failsQuietly(hook({ hook_event_name: "PostToolUse", tool_name: "Bash", tool_response: bigOutput(SECRET) }, [], { env }), "no session_id", log);
    failsQuietly(hook({ session_id: "s", hook_event_name: "Notification", message: SECRET }, [], { env }), "an event it does not handle");
    failsQuietly(hook(claudePayload("Stop", "s"), ["no-such-event"], { env }), "unknown EVENT argument");
    failsQuietly(hook(claudePayload("Stop", "s"), ["--budget", "lots"], { env }), "bad option value");
    failsQuietly(hook(claudePayload("Stop", "s"), ["--frobnicate"], { env }), "unknown option");
  });

  it("an unwritable store location", () => {
    const home = tempDir("hooks");
    writeFileSync(path.join(home, "sessions"), "a file where the sessions folder should be");
    const env = envWith(home);
    failsQuietly(hook(claudeBash("s1", "toolu_1", "cat secrets", bigOutput(SECRET)), [], { env }), "post-tool-use", path.join(home, "hooks.log"));
    const file = path.join(home, "plain-file");
    writeFileSync(file, "x");
    failsQuietly(hook(claudeBash("s1", "toolu_1", "cat secrets", bigOutput(SECRET)), ["post-tool-use", "--dir", path.join(file, "store")], { env }), "--dir under a file");
  });

  it("a corrupt index", () => {
    const sid = "sess-corrupt";
    const { env, root } = sessionWith(sid, [["cat .env", bigOutput(`POSTGRES_PORT=5433 ${SECRET}`)]]);
    writeFileSync(path.join(root, ".contextfold", "recall_index.json"), '{"nodes": [ {"step_id": ');
    for (const f of readdirSync(path.join(root, ".contextfold"))) if (f.endsWith(".snapshot")) writeFileSync(path.join(root, ".contextfold", f), "junk");
    const log = path.join(root, ".contextfold-hooks", "hooks.log");
    failsQuietly(hook(claudeBash(sid, "toolu_9", "cat more", bigOutput(SECRET)), [], { env }), "post-tool-use", log);
    failsQuietly(hook(claudePayload("UserPromptSubmit", sid, { prompt: `POSTGRES_PORT ${SECRET}` }), [], { env }), "user-prompt-submit", log);
    failsQuietly(hook(claudePayload("SessionStart", sid, { source: "compact" }), [], { env }), "session-start", log);
  });

  it("a store whose engine throws (a tampered cold node, a policy of the wrong type)", () => {
    const sid = "sess-tamper";
    const { env, root } = sessionWith(sid, [["cat .env", bigOutput(`POSTGRES_PORT=5433 ${SECRET}`)]]);
    const file = path.join(root, ".contextfold", "cold_nodes", "step_000001.json");
    writeFileSync(file, readFileSync(file, "utf8").replace("5433", "6666"));
    const log = path.join(root, ".contextfold-hooks", "hooks.log");
    const r = hook(claudePayload("UserPromptSubmit", sid, { prompt: "POSTGRES_PORT?" }), [], { env });
    failsQuietly(r, "user-prompt-submit over a tampered node", log);
    assert.match(r.stderr, /INTEGRITY_CHECK/);
    writeFileSync(path.join(root, ".contextfold", "hydration_policy.json"), "[1, 2]");
    failsQuietly(hook(claudePayload("UserPromptSubmit", sid, { prompt: `POSTGRES_PORT ${SECRET}` }), [], { env }), "user-prompt-submit with a policy that is not an object", log);
  });

  it("a trap of the wasm engine inside an async call (an uncaught RuntimeError) exits 0 with one line", () => {
    const sid = "sess-trap";
    const { env, root } = sessionWith(sid, [["cat .env", bigOutput(`POSTGRES_PORT=5433 ${SECRET}`)]]);
    // A trap in an async engine call surfaces as an uncaught exception from a microtask, its promise never
    // settling (an engine bug, not an input). Simulated once the hook is running: the first Buffer.concat after the
    // hook's guard is installed (it reads stdin that way) queues the RuntimeError a trap throws.
    const preload = path.join(tempDir("hooks"), "trap.mjs");
    writeFileSync(
      preload,
      `const concat = Buffer.concat;
Buffer.concat = function (...args) {
  if (process.listenerCount("uncaughtException") > 0) {
    Buffer.concat = concat;
    queueMicrotask(() => { throw new WebAssembly.RuntimeError("unreachable"); });
  }
  return concat.apply(this, args);
};
`,
    );
    const trapEnv = { ...env, NODE_OPTIONS: `--import ${pathToFileURL(preload).href}` };
    const r = hook(claudePayload("UserPromptSubmit", sid, { prompt: "POSTGRES_PORT?" }), [], { env: trapEnv });
    failsQuietly(r, "user-prompt-submit when the engine traps");
    assert.match(r.stderr, /engine failure: unreachable/);
    assert.equal(steps(root).length, 1, "the store is as it was");
  });

  it("hostile session ids never leave the sessions folder", () => {
    const home = tempDir("hooks");
    const env = envWith(home);
    const ids = ["../../escape", "/etc/passwd", "..", ".", "a/b", "a\\b", "x".repeat(300), "nul\u0000byte", "ünï", ".hidden"];
    ids.forEach((sid, i) => silent(hook(claudeBash(sid, `toolu_${i}`, "cat log", bigOutput("log")), [], { env }), JSON.stringify(sid)));
    assert.deepEqual(readdirSync(home).sort(), ["sessions"]);
    const folders = readdirSync(path.join(home, "sessions"));
    assert.equal(folders.length, ids.length, "one folder per distinct id");
    for (const f of folders) {
      assert.match(f, /^(id-[0-9a-f]{32}|[A-Za-z0-9_-][A-Za-z0-9._-]*)$/);
      assert.deepEqual(steps(path.join(home, "sessions", f)), [1]);
    }
  });

  it("never exits 2, even when the harness says a stop hook is already active", () => {
    const home = tempDir("hooks");
    const env = envWith(home);
    for (const p of [claudePayload("Stop", "s", { stop_hook_active: true }), codexPayload("Stop", "s", { stop_hook_active: true }), claudePayload("PreCompact", "s", { transcript_path: home })]) {
      silent(hook(p, [], { env }), p.hook_event_name);
    }
  });
});

describe("the hooks' store", () => {
  it("defaults to $CONTEXTFOLD_HOME, else $XDG_DATA_HOME/contextfold, else ~/.local/share/contextfold", () => {
    const base = tempDir("hooks");
    const payload = claudeBash("sess-loc", "toolu_1", "cat log", bigOutput("log"));
    const env = { ...process.env };
    delete env.CONTEXTFOLD_HOME;
    silent(hook(payload, [], { env: { ...env, XDG_DATA_HOME: path.join(base, "xdg") } }), "XDG_DATA_HOME");
    assert.deepEqual(steps(path.join(base, "xdg", "contextfold", "sessions", "sess-loc")), [1]);
    const noXdg = { ...env, HOME: path.join(base, "home") };
    delete noXdg.XDG_DATA_HOME;
    silent(hook(payload, [], { env: noXdg }), "HOME");
    assert.deepEqual(steps(path.join(base, "home", ".local", "share", "contextfold", "sessions", "sess-loc")), [1]);
    silent(hook(payload, [], { env: { ...env, CONTEXTFOLD_HOME: path.join(base, "cf"), XDG_DATA_HOME: path.join(base, "xdg2") } }), "CONTEXTFOLD_HOME wins");
    assert.deepEqual(steps(path.join(base, "cf", "sessions", "sess-loc")), [1]);
    assert.ok(!existsSync(path.join(base, "xdg2")));
  });

  it("--dir names the store root; status, validate and recall work on it; after a turn its files follow the reference's schemas", () => {
    const dir = path.join(tempDir("hooks"), "project-store");
    const env = envWith(path.join(dir, "..", "unused-home"));
    silent(hook(claudeBash("s", "toolu_1", "cat .env", bigOutput("POSTGRES_PORT=5433")), ["post-tool-use", "--dir", dir], { env }), "fold");
    silent(hook(claudeBash("s", "toolu_2", "npm test", bigOutput("PASS")), [`--dir=${dir}`], { env }), "fold 2");
    assert.ok(!existsSync(path.join(dir, "..", "unused-home")));
    const status = JSON.parse(cf(["--dir", dir, "status", "--json"], { env }).stdout);
    assert.equal(status.total, 2);
    const v = cf(["--dir", dir, "validate"], { env });
    assert.equal(v.status, 0, v.stdout);
    const recall = JSON.parse(cf(["--dir", dir, "recall", "POSTGRES_PORT", "--json"], { env }).stdout);
    assert.equal(recall[0].stepId, 1);
    // The folds are journaled (the Stop hook does not rewrite the index: that would grow with the session);
    // `contextfold checkpoint` writes the reference files.
    assert.ok(existsSync(path.join(dir, ".contextfold", "recall_index.journal")));
    silent(hook(claudePayload("Stop", "s"), ["stop", "--dir", dir], { env }), "stop");
    assert.ok(existsSync(path.join(dir, ".contextfold", "recall_index.journal")), "stop leaves the journal");
    assert.equal(cf(["--dir", dir, "checkpoint"], { env }).status, 0);
    assert.ok(!existsSync(path.join(dir, ".contextfold", "recall_index.journal")), "checkpoint wrote the reference files");
    const check = schemaChecker();
    assert.deepEqual(check("recall_index.schema.json", JSON.parse(readFileSync(path.join(dir, ".contextfold", "recall_index.json"), "utf8"))), []);
    assert.deepEqual(check("cold_node.schema.json", node(dir, 1)), []);
  });
});

describe("contextfold/hooks as a library", () => {
  it("the example (tests/js/consumer/hooks.ts, in the package README) type-checks with tsc against the package and runs", async () => {
    const dir = scratch("hooks-ts");
    copyFileSync(path.join(ROOT, "tests", "js", "consumer", "hooks.ts"), path.join(dir, "hooks.ts"));
    writeFileSync(path.join(dir, "package.json"), JSON.stringify({ type: "module" }));
    writeFileSync(
      path.join(dir, "tsconfig.json"),
      JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: "es2022", module: "nodenext", moduleResolution: "nodenext", lib: ["es2023"], types: ["node"], typeRoots: [path.join(ROOT, "node_modules", "@types")] }, files: ["hooks.ts"] }),
    );
    try {
      execFileSync(path.join(BIN, "tsc"), ["-p", "tsconfig.json"], { cwd: dir, encoding: "utf8" });
    } catch (err) {
      assert.fail(`tsc:\n${err.stdout}${err.stderr}`);
    }
    const esbuild = await import(path.join(ROOT, "node_modules", "esbuild", "lib", "main.js"));
    const { code } = await esbuild.transform(readFileSync(path.join(dir, "hooks.ts"), "utf8"), { loader: "ts", format: "esm" });
    writeFileSync(path.join(dir, "hooks.mjs"), code);
    const lines = runNode(path.join(dir, "hooks.mjs")).trim().split("\n");
    assert.equal(lines[0], "true undefined");
    assert.match(contextOf(lines[1], "UserPromptSubmit"), /^\[contextfold step 1 \| Bash: npm test \| sha256 verified \| \d+ tokens\]\nPASS tests\/case-0/);
    assert.equal(lines[2], "[ 'Bash' ]");
    assert.equal(lines[3], "anthropic 0 1");
    const readme = readFileSync(path.join(PKG, "README.md"), "utf8");
    assert.ok(readme.includes(readFileSync(path.join(ROOT, "tests", "js", "consumer", "hooks.ts"), "utf8").trimEnd()), "the package README shows this example verbatim");
  });
});

describe("the Claude Code plugin and the help", () => {
  const pkg = JSON.parse(readFileSync(path.join(PKG, "package.json"), "utf8"));
  it("ships .claude-plugin/plugin.json, .claude-plugin/marketplace.json and hooks/hooks.json at the package root", () => {
    for (const f of [".claude-plugin/", "hooks/"]) assert.ok(pkg.files.includes(f), `package.json files lists ${f}`);
    const plugin = JSON.parse(readFileSync(path.join(PKG, ".claude-plugin", "plugin.json"), "utf8"));
    assert.match(plugin.name, /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/, "a kebab-case plugin name");
    assert.equal(plugin.version, pkg.version, "the plugin carries the package's version");
    assert.equal(typeof plugin.description, "string");
    const market = JSON.parse(readFileSync(path.join(PKG, ".claude-plugin", "marketplace.json"), "utf8"));
    assert.deepEqual(market.plugins.map((x) => [x.name, x.source]), [[plugin.name, "./"]]);
    const { hooks } = JSON.parse(readFileSync(path.join(PKG, "hooks", "hooks.json"), "utf8"));
    const events = { SessionStart: "session-start", UserPromptSubmit: "user-prompt-submit", PostToolUse: "post-tool-use", PostToolUseFailure: "post-tool-use", PreCompact: "pre-compact", Stop: "stop" };
    assert.deepEqual(Object.keys(hooks).sort(), Object.keys(events).sort());
    for (const [event, groups] of Object.entries(hooks)) {
      for (const g of groups) {
        assert.ok(g.matcher === undefined || typeof g.matcher === "string");
        for (const h of g.hooks) {
          assert.equal(h.type, "command");
          assert.equal(h.command, `node "\${CLAUDE_PLUGIN_ROOT}/bin/contextfold.mjs" hook ${events[event]}`);
          assert.ok(Number.isInteger(h.timeout) && h.timeout > 0);
        }
      }
    }
  });

  it("every plugin hook command runs from the installed package on a payload of its event, exit 0", () => {
    const { hooks } = JSON.parse(readFileSync(path.join(PKG, "hooks", "hooks.json"), "utf8"));
    const home = tempDir("plugin");
    const env = envWith(home, { CLAUDE_PLUGIN_ROOT: PKG });
    for (const [event, groups] of Object.entries(hooks)) {
      const payload = event === "PostToolUse" ? claudeBash("sess-plugin", "toolu_1", "cat big.log", bigOutput("plugin")) : claudePayload(event, "sess-plugin", event === "SessionStart" ? { source: "resume" } : {});
      for (const h of groups.flatMap((g) => g.hooks)) {
        const r = spawnSync("/bin/sh", ["-c", h.command], { input: JSON.stringify(payload), env, encoding: "utf8" });
        assert.equal(r.status, 0, `${event}: ${r.stderr}`);
        if (event !== "PostToolUseFailure") assert.equal(r.stderr, "", `${event}: ${r.stderr}`);
      }
    }
    assert.deepEqual(steps(sessionDir(home, "sess-plugin")), [1]);
  });

  it("the README's .claude/settings.json and Codex hooks.json snippets parse and name hook commands that exist", () => {
    const home = tempDir("snippets");
    const env = envWith(home);
    const harnessEvent = { SessionStart: "session-start", UserPromptSubmit: "user-prompt-submit", PostToolUse: "post-tool-use", PostToolUseFailure: "post-tool-use", PreCompact: "pre-compact", Stop: "stop" };
    for (const [name, prefix] of [["claude-settings", 'node "$CLAUDE_PROJECT_DIR/node_modules/contextfold/bin/contextfold.mjs" '], ["codex-hooks", ""]]) {
      const commands = hookCommands(readmeSnippet(name));
      assert.ok(commands.length >= 5, name);
      for (const c of commands) {
        assert.equal(c.type, "command");
        assert.ok(c.command.startsWith(`${prefix}${prefix ? "" : "contextfold "}hook `), `${name}: ${c.command}`);
        const [, event, ...rest] = c.command.slice(prefix.length).replace(/^contextfold /, "").split(" ");
        assert.equal(event, harnessEvent[c.event], `${name}: ${c.event} runs hook ${harnessEvent[c.event]}`);
        const payload = c.event === "PostToolUse" ? claudeBash(`sess-${name}`, "toolu_1", "cat big.log", bigOutput("snippet")) : claudePayload(c.event, `sess-${name}`, c.event === "SessionStart" ? { source: "resume" } : {});
        const r = hook(payload, [event, ...rest], { env });
        assert.equal(r.status, 0);
        assert.equal(r.stderr, "", `${name} ${c.event}: ${r.stderr}`);
      }
    }
  });

  it("contextfold --help lists hook and import; each has its own --help", () => {
    const general = cf(["--help"]).stdout;
    assert.match(general, /^ {2}hook \[EVENT\] /m);
    assert.match(general, /^ {2}import FILE /m);
    assert.match(cf(["hook", "--help"]).stdout, /^Usage: contextfold hook \[EVENT\]/);
    assert.match(cf(["--help", "hook"]).stdout, /^Usage: contextfold hook \[EVENT\]/);
    assert.match(cf(["import", "--help"]).stdout, /^Usage: contextfold import FILE/);
  });
});
