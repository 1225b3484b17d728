// The hooks inside the real harnesses from npm: Claude Code 2.1.332 (@anthropic-ai/claude-code) and Codex CLI
// 0.171.0 (@openai/codex), each running whole sessions against a local stand-in for its model API
// (tests/js/model-stub.mjs), configured with the README's own snippets and with the plugin the package ships.
// What the model is sent is recorded, so these tests see what a hook's output really does in each harness.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { pathToFileURL } from "node:url";
import { CONSUMER, PKG_DIR, ROOT } from "./helpers.mjs";
import { CF_BIN, bigOutput, cf, evictionLog, hookCommands as commandsOf, ledgerOf, readmeSnippet as snippet, tempDir } from "./hook-helpers.mjs";
import { anthropicStub, requestText, responsesStub, toolResultsSent } from "./model-stub.mjs";

const { CODEX_MAX_BYTES, DEFAULT_MAX_CHARS } = await import(pathToFileURL(path.join(PKG_DIR, "lib", "hooks", "render.js")).href);


const CLAUDE = path.join(ROOT, "node_modules", ".bin", "claude");
const CODEX = path.join(ROOT, "node_modules", ".bin", "codex");
const haveClaude = existsSync(CLAUDE);
const haveCodex = existsSync(CODEX);
const quotedBin = `"${CF_BIN}"`;

function run(cmd, args, { env, cwd, input }) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { env, cwd });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    const timer = setTimeout(() => child.kill("SIGKILL"), 120_000);
    child.on("close", (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
    child.stdin.end(input ?? "");
  });
}

/** The text of big.log in the project (what `cat big.log` prints): the fact the later prompts ask about. */
const LOG = bigOutput("service config check\nPOSTGRES_PORT=5434\nREDIS_PORT=6380", 4000);

/**
 * The daemon of a test's hook commands (the harnesses run them with their own environment, so the suite's
 * CONTEXTFOLD_DAEMON=0 does not reach them: they run with the defaults): a socket folder in the test's folder, and a
 * short idle time so that no daemon outlives the test run for long.
 */
const daemonEnv = (p) => ({ CONTEXTFOLD_RUNTIME_DIR: path.join(p.dir, "run"), CONTEXTFOLD_DAEMON_IDLE: "20" });

function project() {
  const dir = tempDir("harness");
  const home = path.join(dir, "home");
  const work = path.join(dir, "project");
  mkdirSync(home, { recursive: true });
  mkdirSync(work, { recursive: true });
  writeFileSync(path.join(work, "big.log"), LOG);
  return { dir, home, work, data: path.join(dir, "contextfold") };
}

/** A model that runs `cat big.log` when asked to read the log, and answers in text otherwise. */
const readsTheLog = (toolName, input) => (body) => {
  // Claude Code 2.1.332 ends the messages with a system-role one: look for the prompt, then for a tool result after it.
  const messages = body.messages ?? [];
  const asked = messages.findLastIndex((m) => m.role === "user" && requestText({ messages: [m] }).includes("read the log"));
  const afterTool = messages.slice(asked + 1).some((m) => Array.isArray(m.content) && m.content.some((b) => b.type === "tool_result"));
  if (asked >= 0 && !afterTool && (body.tools ?? []).some((t) => t.name === toolName)) return [{ type: "tool_use", name: toolName, input }];
  return [{ type: "text", text: afterTool ? "Read it." : "OK." }];
};

describe("in Claude Code 2.1.332", { skip: !haveClaude && "@anthropic-ai/claude-code is not installed" }, () => {
  let stub;
  before(async () => {
    stub = await anthropicStub((body, i) => handler(body, i));
  });
  after(() => stub?.close());
  let handler = () => [{ type: "text", text: "OK." }];

  const claudeEnv = (p, extra = {}) => ({
    PATH: process.env.PATH,
    HOME: p.home,
    ANTHROPIC_BASE_URL: stub.url,
    ANTHROPIC_API_KEY: "sk-test-stub",
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
    DISABLE_AUTOUPDATER: "1",
    CONTEXTFOLD_HOME: p.data,
    ...daemonEnv(p),
    ...extra,
  });
  const claude = (p, args, extra) => run(CLAUDE, ["-p", ...args, "--output-format", "json"], { env: claudeEnv(p, extra), cwd: p.work });

  it("the README's .claude/settings.json: folds live, injects on the next prompt and on resume, logs the eviction", async () => {
    const p = project();
    const settings = snippet("claude-settings");
    const commands = commandsOf(settings);
    assert.deepEqual([...new Set(commands.map((c) => c.event))].sort(), ["PostToolUse", "PostToolUseFailure", "PreCompact", "SessionStart", "Stop", "UserPromptSubmit"]);
    for (const c of commands) assert.match(c.command, /^node "\$CLAUDE_PROJECT_DIR\/node_modules\/contextfold\/bin\/contextfold\.mjs" hook (session-start|user-prompt-submit|post-tool-use|pre-compact|stop)$/);
    // The project's own install of the package: the snippet's path, as `npm install -D contextfold` makes it.
    mkdirSync(path.join(p.work, "node_modules"), { recursive: true });
    cpPackage(path.join(p.work, "node_modules", "contextfold"));
    mkdirSync(path.join(p.work, ".claude"), { recursive: true });
    writeFileSync(path.join(p.work, ".claude", "settings.json"), JSON.stringify(settings, null, 2));

    handler = readsTheLog("Bash", { command: "cat big.log", description: "read the log" });
    const first = await claude(p, ["read the log", "--allowedTools", "Bash"]);
    assert.equal(first.status, 0, first.stderr);
    const { session_id: sid } = JSON.parse(first.stdout);
    const root = path.join(p.data, "sessions", sid);
    const nodeFile = path.join(root, ".contextfold", "cold_nodes", "step_000001.json");
    assert.ok(existsSync(nodeFile), "the PostToolUse hook folded the Bash output");
    const folded = JSON.parse(readFileSync(nodeFile, "utf8"));
    assert.equal(folded.summary, "Bash: cat big.log");
    assert.ok(folded.raw_content.includes("POSTGRES_PORT=5434"));
    const transcript = path.join(p.home, ".claude", "projects");
    assert.ok(existsSync(transcript));

    // The next prompt, in the same session: the record comes back as hook context the model is sent.
    handler = () => [{ type: "text", text: "5434." }];
    const before2 = stub.requests.length;
    const second = await claude(p, ["which port is POSTGRES_PORT?", "--resume", sid]);
    assert.equal(second.status, 0, second.stderr);
    const sent = requestText(stub.requests[before2]);
    assert.match(sent, /\[contextfold step 1 \| Bash: cat big\.log \| sha256 verified \| \d+ tokens\]\nservice config check\nPOSTGRES_PORT=5434/, "user-prompt-submit's additionalContext reached the model");
    assert.match(sent, /\[contextfold\] Tool results of this session up to step 1 are folded/, "session-start (resume) listed the folded steps");
    const log = evictionLog(root);
    assert.deepEqual(log.evicted.map((e) => e.step_id), [1], "the Stop hook logged the eviction of what the turn hydrated");
    // With the defaults, the first hook call started the project copy's daemon and later ones were served by it.
    const projectBin = path.join(p.work, "node_modules", "contextfold", "bin", "contextfold.mjs");
    const daemon = JSON.parse(execFileSync(process.execPath, [projectBin, "daemon", "status", "--json"], { env: claudeEnv(p), encoding: "utf8" }));
    assert.equal(daemon.running, true);
    assert.ok(daemon.served >= 1, `hook calls served by the daemon: ${daemon.served}`);
    execFileSync(process.execPath, [projectBin, "daemon", "stop"], { env: claudeEnv(p) });

    // Importing the session's real transcript adds nothing: import and the live hooks agree.
    const file = findTranscript(p.home, sid);
    const imported = JSON.parse(cf(["import", file, "--json"], { env: { ...process.env, CONTEXTFOLD_HOME: p.data } }).stdout);
    assert.deepEqual([imported.format, imported.folded, imported.alreadyFolded], ["claude-code", 0, 1]);
  });

  it("across /compact: pre-compact catches up from the transcript, the injected context stays until the compaction, then comes back once", async () => {
    const p = project();
    const settings = path.join(p.dir, "settings.json");
    const cmd = (event) => ({ type: "command", command: `node ${quotedBin} hook ${event}` });
    // No PostToolUse hook: the tool result is only in the transcript until pre-compact reads it.
    writeFileSync(settings, JSON.stringify({ hooks: { SessionStart: [{ matcher: "compact|resume", hooks: [cmd("session-start")] }], UserPromptSubmit: [{ hooks: [cmd("user-prompt-submit")] }], PreCompact: [{ hooks: [cmd("pre-compact")] }], Stop: [{ hooks: [cmd("stop")] }] } }));
    const session = (args) => claude(p, [...args, "--settings", settings]);
    handler = readsTheLog("Bash", { command: "cat big.log", description: "read the log" });
    const first = await session(["read the log", "--allowedTools", "Bash"]);
    assert.equal(first.status, 0, first.stderr);
    const { session_id: sid } = JSON.parse(first.stdout);
    const root = path.join(p.data, "sessions", sid);
    assert.deepEqual(ledgerOf(root), []);

    handler = () => [{ type: "text", text: "Summary: read big.log." }];
    assert.equal((await session(["/compact", "--resume", sid])).status, 0);
    assert.equal(ledgerOf(root).length, 1, "pre-compact folded the tool result from the transcript");
    assert.equal(JSON.parse(readFileSync(path.join(root, ".contextfold", "cold_nodes", "step_000001.json"), "utf8")).summary, "Bash: cat big.log");

    const HEADER = /\[contextfold step 1 \| Bash: cat big\.log \| sha256 verified/g;
    const ask = async () => {
      handler = () => [{ type: "text", text: "5434." }];
      const at = stub.requests.length;
      const r = await session(["which port is POSTGRES_PORT?", "--resume", sid]);
      assert.equal(r.status, 0, r.stderr);
      return (requestText(stub.requests[at]).match(HEADER) ?? []).length;
    };
    assert.equal(await ask(), 1, "injected");
    assert.equal(await ask(), 1, "asked again: the earlier injection is still in the history (additionalContext is not ephemeral), and no second copy is added");
    handler = () => [{ type: "text", text: "Summary: asked about the port." }];
    assert.equal((await session(["/compact", "--resume", sid])).status, 0);
    assert.equal(await ask(), 1, "after the compaction the history no longer has it, so it is injected again");
  });

  it("hook context of 10,000 characters (the --max-chars default) reaches the model whole; 10,001 only as a preview", async () => {
    const p = project();
    const emit = path.join(p.dir, "emit.mjs");
    writeFileSync(emit, `const n = Number(process.argv[2]); const s = "BEGIN" + "é".repeat(n - 8) + "END"; process.stdout.write(JSON.stringify({ hookSpecificOutput: { hookEventName: "UserPromptSubmit", additionalContext: s } }));`);
    const sent = async (n) => {
      const settings = path.join(p.dir, `settings-${n}.json`);
      writeFileSync(settings, JSON.stringify({ hooks: { UserPromptSubmit: [{ hooks: [{ type: "command", command: `node "${emit}" ${n}` }] }] } }));
      handler = () => [{ type: "text", text: "OK." }];
      const at = stub.requests.length;
      assert.equal((await claude(p, ["hello", "--settings", settings])).status, 0);
      return requestText(stub.requests[at]);
    };
    assert.equal(DEFAULT_MAX_CHARS, 10000);
    const whole = await sent(DEFAULT_MAX_CHARS);
    assert.ok(whole.includes(`BEGIN${"é".repeat(DEFAULT_MAX_CHARS - 8)}END`), "10,000 characters (20,000 UTF-8 bytes) passed whole");
    const cut = await sent(10001);
    assert.ok(cut.includes("BEGIN") && !cut.includes(`${"é".repeat(100)}END`), "10,001 characters: a preview only");
  });

  it("the plugin the package ships: claude plugin validate --strict passes, and installed from it the hooks run", async () => {
    const p = project();
    const pluginDir = path.join(CONSUMER, "node_modules", "contextfold");
    const v = await run(CLAUDE, ["plugin", "validate", pluginDir, "--strict", "--json"], { env: claudeEnv(p), cwd: p.work });
    assert.equal(v.status, 0, v.stdout + v.stderr);
    assert.equal(JSON.parse(v.stdout).success, true);
    const vPlugin = await run(CLAUDE, ["plugin", "validate", path.join(pluginDir, ".claude-plugin", "plugin.json"), "--strict"], { env: claudeEnv(p), cwd: p.work });
    assert.equal(vPlugin.status, 0, vPlugin.stdout + vPlugin.stderr);
    const add = await run(CLAUDE, ["plugin", "marketplace", "add", pluginDir], { env: claudeEnv(p), cwd: p.work });
    assert.equal(add.status, 0, add.stdout + add.stderr);
    const install = await run(CLAUDE, ["plugin", "install", "contextfold@contextfold"], { env: claudeEnv(p), cwd: p.work });
    assert.equal(install.status, 0, install.stdout + install.stderr);

    handler = readsTheLog("Bash", { command: "cat big.log", description: "read the log" });
    const r = await claude(p, ["read the log", "--allowedTools", "Bash"]);
    assert.equal(r.status, 0, r.stderr);
    const { session_id: sid } = JSON.parse(r.stdout);
    assert.deepEqual(ledgerOf(path.join(p.data, "sessions", sid)).map((e) => e.step), [1], "the plugin's PostToolUse hook folded the output");
  });

  it("--replace-mcp-output: the model is sent the folded-step record instead of the MCP tool's output", async () => {
    const p = project();
    const server = path.join(p.dir, "mcp-server.mjs");
    writeFileSync(server, MCP_SERVER);
    const mcpConfig = path.join(p.dir, "mcp.json");
    writeFileSync(mcpConfig, JSON.stringify({ mcpServers: { logs: { command: process.execPath, args: [server] } } }));
    const settings = path.join(p.dir, "settings.json");
    writeFileSync(settings, JSON.stringify({ hooks: { PostToolUse: [{ matcher: "mcp__.*", hooks: [{ type: "command", command: `node ${quotedBin} hook post-tool-use --replace-mcp-output` }] }] } }));
    handler = readsTheLog("mcp__logs__dump", { name: "big.log" });
    const r = await claude(p, ["read the log", "--settings", settings, "--mcp-config", mcpConfig, "--allowedTools", "mcp__logs__dump"], { ENABLE_TOOL_SEARCH: "false" });
    assert.equal(r.status, 0, r.stderr);
    const results = stub.requests.flatMap(toolResultsSent);
    const last = results.at(-1);
    assert.ok(last, "the model was sent a tool result");
    assert.match(last, /^\[contextfold\] This tool output \(\d+ tokens\) was folded into step 1; exact text: .* hydrate 1 --dir /);
    assert.ok(!last.includes("heartbeat"), "the original output was not sent");
    const { session_id: sid } = JSON.parse(r.stdout);
    const node = JSON.parse(readFileSync(path.join(p.data, "sessions", sid, ".contextfold", "cold_nodes", "step_000001.json"), "utf8"));
    assert.equal(node.raw_content, LOG, "the exact output is in the store");
  });
});

describe("in Codex CLI 0.171.0", { skip: !haveCodex && "@openai/codex is not installed" }, () => {
  let stub;
  let handler = () => [{ type: "message", text: "OK." }];
  before(async () => {
    stub = await responsesStub((body, i) => handler(body, i));
  });
  after(() => stub?.close());

  it("the README's hooks.json: folds the shell output live, injects it once on a later prompt of the session", async () => {
    const p = project();
    const codexHome = codexHomeFor(p, stub);
    const config = snippet("codex-hooks");
    for (const c of commandsOf(config)) assert.match(c.command, /^contextfold hook (session-start|user-prompt-submit|post-tool-use|pre-compact|stop)$/);
    // `contextfold` on PATH, as `npm install -g contextfold` puts it there.
    const binDir = path.join(p.dir, "bin");
    mkdirSync(binDir);
    writeFileSync(path.join(binDir, "contextfold"), `#!/bin/sh\nexec "${process.execPath}" ${quotedBin} "$@"\n`, { mode: 0o755 });
    writeFileSync(path.join(codexHome, "hooks.json"), JSON.stringify(config, null, 2));
    const env = { PATH: `${binDir}:${process.env.PATH}`, HOME: p.home, CODEX_HOME: codexHome, STUB_API_KEY: "x", CONTEXTFOLD_HOME: p.data, ...daemonEnv(p) };
    const codex = (args) => run(CODEX, ["exec", "--dangerously-bypass-hook-trust", "--skip-git-repo-check", "--json", ...args], { env, cwd: p.work });

    handler = (body) => {
      const hasOutput = (body.input ?? []).some((i) => i.type === "function_call_output");
      const asked = requestText({ input: (body.input ?? []).slice(-1) }).includes("read the log");
      if (!hasOutput && asked && (body.tools ?? []).some((t) => t.name === "exec_command")) return [{ type: "function_call", name: "exec_command", arguments: { cmd: "cat big.log" } }];
      return [{ type: "message", text: "Done." }];
    };
    const first = await codex(["read the log"]);
    assert.equal(first.status, 0, first.stderr);
    const sid = JSON.parse(first.stdout.split("\n").find((l) => l.includes('"thread.started"'))).thread_id;
    const root = path.join(p.data, "sessions", sid);
    const node = JSON.parse(readFileSync(path.join(root, ".contextfold", "cold_nodes", "step_000001.json"), "utf8"));
    assert.equal(node.summary, "Bash: cat big.log");
    assert.equal(node.raw_content, LOG);

    handler = () => [{ type: "message", text: "5434." }];
    const before2 = stub.requests.length;
    const second = await codex(["resume", sid, "which port is POSTGRES_PORT?"]);
    assert.equal(second.status, 0, second.stderr);
    const sent = requestText(stub.requests[before2]);
    assert.match(sent, /\[contextfold step 1 \| Bash: cat big\.log \| sha256 verified \| \d+ tokens\]\nservice config check\nPOSTGRES_PORT=5434/, "user-prompt-submit's additionalContext reached the model");
    assert.deepEqual(evictionLog(root).evicted.map((e) => e.step_id), [1]);
    // Asked again: the block is still in the history Codex sends (not ephemeral), and no second copy is added.
    const before3 = stub.requests.length;
    assert.equal((await codex(["resume", sid, "which port is POSTGRES_PORT?"])).status, 0);
    assert.equal((requestText(stub.requests[before3]).match(/\[contextfold step 1 \| Bash: cat big\.log/g) ?? []).length, 1);

    // Its rollout file, imported (and read by pre-compact): nothing new, the reader agrees with the hook.
    const rollout = findRollout(codexHome, sid);
    const imported = JSON.parse(cf(["import", rollout, "--json"], { env: { ...process.env, CONTEXTFOLD_HOME: p.data } }).stdout);
    assert.deepEqual([imported.format, imported.folded, imported.alreadyFolded], ["codex", 0, 1]);
  });

  it("hook context of 10,000 UTF-8 bytes reaches the model whole, one byte more only cut (the hook's bound in Codex)", async () => {
    const p = project();
    const codexHome = codexHomeFor(p, stub);
    const emit = path.join(p.dir, "emit.mjs");
    writeFileSync(emit, `process.stdout.write(JSON.stringify({ hookSpecificOutput: { hookEventName: "UserPromptSubmit", additionalContext: process.argv[2] } }));`);
    const sent = async (context) => {
      writeFileSync(path.join(codexHome, "hooks.json"), JSON.stringify({ hooks: { UserPromptSubmit: [{ hooks: [{ type: "command", command: `"${process.execPath}" "${emit}" "${context}"` }] }] } }));
      handler = () => [{ type: "message", text: "OK." }];
      const at = stub.requests.length;
      const r = await run(CODEX, ["exec", "--dangerously-bypass-hook-trust", "--skip-git-repo-check", "--json", "hello"], { env: { PATH: process.env.PATH, HOME: p.home, CODEX_HOME: codexHome, STUB_API_KEY: "x" }, cwd: p.work });
      assert.equal(r.status, 0, r.stderr);
      return requestText(stub.requests[at]);
    };
    const ascii = `BEGIN${"x".repeat(DEFAULT_MAX_CHARS - 8)}END`;
    assert.ok((await sent(ascii)).includes(ascii), "the default, 10,000 characters of ASCII, passed whole");
    const twoByte = `BEGIN${"é".repeat((CODEX_MAX_BYTES - 8) / 2)}END`;
    assert.equal(Buffer.byteLength(twoByte), CODEX_MAX_BYTES);
    assert.ok((await sent(twoByte)).includes(twoByte), "10,000 bytes (5,004 characters) passed whole");
    const over = `BEGIN${"é".repeat((CODEX_MAX_BYTES - 8) / 2)}xEND`;
    const cut = await sent(over);
    assert.ok(cut.includes("BEGIN") && !cut.includes(over), "10,001 bytes: cut");
  });
});

// ---- helpers ----

/** A CODEX_HOME whose config sends every request to `stub`, without approvals or a sandbox. */
function codexHomeFor(p, stub) {
  const codexHome = path.join(p.home, ".codex");
  mkdirSync(codexHome, { recursive: true });
  writeFileSync(
    path.join(codexHome, "config.toml"),
    ['model = "gpt-5.5"', 'model_provider = "stub"', 'approval_policy = "never"', 'sandbox_mode = "danger-full-access"', "", "[model_providers.stub]", 'name = "stub"', `base_url = "${stub.url}"`, 'wire_api = "responses"', 'env_key = "STUB_API_KEY"', ""].join("\n"),
  );
  return codexHome;
}

/** A copy of the installed package (what `npm install -D contextfold` puts in a project). */
function cpPackage(dest) {
  cpSync(PKG_DIR, dest, { recursive: true });
}

function findTranscript(home, sid) {
  const projects = path.join(home, ".claude", "projects");
  for (const d of readdirSync(projects)) {
    const f = path.join(projects, d, `${sid}.jsonl`);
    if (existsSync(f)) return f;
  }
  throw new Error(`no transcript of ${sid}`);
}

function findRollout(codexHome, sid) {
  const walk = (dir) => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : e.name.includes(sid) && e.name.endsWith(".jsonl") ? [path.join(dir, e.name)] : []));
  const [f] = walk(path.join(codexHome, "sessions"));
  if (!f) throw new Error(`no rollout of ${sid}`);
  return f;
}

// A minimal MCP server over stdio (JSON-RPC lines): one tool, `dump`, returning big.log's text.
const MCP_SERVER = `
import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";
const send = (m) => process.stdout.write(JSON.stringify(m) + "\\n");
createInterface({ input: process.stdin }).on("line", (line) => {
  let m;
  try { m = JSON.parse(line); } catch { return; }
  if (m.id === undefined) return;
  if (m.method === "initialize") send({ jsonrpc: "2.0", id: m.id, result: { protocolVersion: m.params?.protocolVersion ?? "2025-06-18", capabilities: { tools: {} }, serverInfo: { name: "logs", version: "1.0.0" } } });
  else if (m.method === "tools/list") send({ jsonrpc: "2.0", id: m.id, result: { tools: [{ name: "dump", description: "The text of a log file", inputSchema: { type: "object", properties: { name: { type: "string" } } } }] } });
  else if (m.method === "tools/call") send({ jsonrpc: "2.0", id: m.id, result: { content: [{ type: "text", text: readFileSync(m.params.arguments.name, "utf8") }] } });
  else send({ jsonrpc: "2.0", id: m.id, result: {} });
});
`;
