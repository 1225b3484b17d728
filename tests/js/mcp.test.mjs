// `contextfold mcp`: the MCP server end to end, with the SDK's own Client spawning the server over stdio (from the
// packed package's bin, and from the README's Claude Code / Codex / VS Code configuration snippets).
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { parse as parseToml } from "smol-toml";
import { CONSUMER, PKG_DIR } from "./helpers.mjs";
import { readmeSnippet } from "./support/readme.mjs";

const CLI = path.join(PKG_DIR, "bin", "contextfold.mjs");
const ENV = { ...process.env, SOURCE_DATE_EPOCH: "1767225600", npm_config_offline: "true", npm_config_update_notifier: "false" };

async function connect(command, args, env = ENV, cwd = CONSUMER) {
  const transport = new StdioClientTransport({ command, args, env, cwd, stderr: "pipe" });
  const client = new Client({ name: "contextfold-test", version: "1.0.0" });
  await client.connect(transport);
  return { client, transport };
}

const tempDir = (prefix) => mkdtempSync(path.join(tmpdir(), prefix));
const LOG = `$ journalctl -u postgresql\n${"PostgreSQL restarted; listen port now 5433\n".repeat(40)}`;

describe("contextfold mcp (MCP server over stdio, @modelcontextprotocol/server 2.x)", () => {
  it("tools, the step resource template, engine errors as tool errors with their codes; the store is written on close", async () => {
    const dir = tempDir("cf-mcp-");
    const { client } = await connect(process.execPath, [CLI, "mcp", "--dir", dir]);
    try {
      const { tools } = await client.listTools();
      assert.deepEqual(tools.map((t) => t.name), ["fold", "scan", "recall", "hydrate", "status", "validate", "folded_steps"]);
      assert.equal(tools.find((t) => t.name === "hydrate").inputSchema.properties.step_id.type, "integer");

      const folded = await client.callTool({ name: "fold", arguments: { summary: "bash: journalctl -u postgresql", raw_content: LOG } });
      assert.equal(folded.isError, undefined);
      assert.equal(folded.structuredContent.kind, "folded");
      const record = folded.structuredContent.folded_step;
      assert.equal(record.step_id, 1, "no step_id: the next free one");
      assert.equal(record.artifacts.cold_node_ref, ".contextfold/cold_nodes/step_000001.json");
      assert.deepEqual(JSON.parse(folded.content[0].text), folded.structuredContent);
      const second = await client.callTool({ name: "fold", arguments: { step_id: 40, summary: "Redis maxmemory limit now 512mb" } });
      assert.equal(second.structuredContent.folded_step.step_id, 40);
      const dup = await client.callTool({ name: "fold", arguments: { step_id: 40, summary: "again" } });
      assert.equal(dup.structuredContent.kind, "duplicate");

      const scan = await client.callTool({ name: "scan", arguments: { prompt: "Which port does PostgreSQL listen on now?" } });
      assert.deepEqual(scan.structuredContent.selected.map((s) => s.stepId), [1]);
      const recall = await client.callTool({ name: "recall", arguments: { query: "redis maxmemory" } });
      assert.deepEqual(recall.structuredContent.candidates.map((c) => c.stepId), [40]);
      const hydrated = await client.callTool({ name: "hydrate", arguments: { step_id: 1 } });
      assert.equal(hydrated.structuredContent.rawContent, LOG, "the exact payload");
      assert.equal(hydrated.structuredContent.payloadSha256, record.artifacts.payload_sha256);
      const status = await client.callTool({ name: "status", arguments: {} });
      assert.equal(status.structuredContent.total, 2);
      assert.equal(status.structuredContent.nodes, undefined, "counts only (a large store would list every node)");
      const valid = await client.callTool({ name: "validate", arguments: {} });
      assert.equal(valid.structuredContent.ok, true);
      const steps = await client.callTool({ name: "folded_steps", arguments: { limit: 1 } });
      assert.deepEqual(steps.structuredContent.steps.map((s) => s.step_id), [40]);

      const missing = await client.callTool({ name: "hydrate", arguments: { step_id: 99 } });
      assert.equal(missing.isError, true);
      assert.equal(missing.structuredContent.error.code, "NODE_NOT_FOUND");
      assert.match(missing.content[0].text, /^NODE_NOT_FOUND: Step 99 not found/);
      const bad = await client.callTool({ name: "fold", arguments: { summary: "x", step_id: 2 ** 60 } });
      assert.equal(bad.isError, true);
      assert.match(bad.content[0].text, /INVALID_INPUT|step_id|Invalid/);
      const wrongType = await client.callTool({ name: "hydrate", arguments: { step_id: "one" } });
      assert.equal(wrongType.isError, true);

      const { resourceTemplates } = await client.listResourceTemplates();
      assert.deepEqual(resourceTemplates.map((r) => r.uriTemplate), ["contextfold://step/{id}"]);
      const { resources } = await client.listResources();
      assert.deepEqual(resources.map((r) => r.uri), ["contextfold://step/40", "contextfold://step/1"]);
      const read = await client.readResource({ uri: "contextfold://step/1" });
      assert.deepEqual(read.contents, [{ uri: "contextfold://step/1", mimeType: "text/plain", text: LOG }]);
      const notFound = await client.readResource({ uri: "contextfold://step/7" }).then(
        () => null,
        (e) => e,
      );
      assert.match(String(notFound?.message), /NODE_NOT_FOUND/);
    } finally {
      // The client ends stdin and waits up to 2 s for the server to exit before it sends SIGTERM.
      const start = Date.now();
      await client.close();
      assert.ok(Date.now() - start < 1900, `the server exited by itself when stdin closed (${Date.now() - start} ms)`);
    }
    const index = JSON.parse(readFileSync(path.join(dir, ".contextfold", "recall_index.json"), "utf8"));
    assert.ok(JSON.stringify(index).includes("step_000040.json"), "recall_index.json lists both steps");
    assert.ok(existsSync(path.join(dir, ".contextfold", "cold_nodes", "step_000040.json")));
    rmSync(dir, { recursive: true, force: true });
  });

  it("--session ID serves the hooks' session store ($CONTEXTFOLD_HOME/sessions/ID); a bad id or both options is a usage error", async () => {
    const home = tempDir("cf-mcp-home-");
    const env = { ...ENV, CONTEXTFOLD_HOME: home };
    const { client } = await connect(process.execPath, [CLI, "mcp", "--session", "abc-123"], env);
    try {
      const r = await client.callTool({ name: "fold", arguments: { summary: "bash: npm test", raw_content: "3 failed" } });
      assert.equal(r.structuredContent.folded_step.step_id, 1);
    } finally {
      await client.close();
    }
    await waitFor(() => existsSync(path.join(home, "sessions", "abc-123", ".contextfold", "recall_index.json")));
    const badId = spawnSync(process.execPath, [CLI, "mcp", "--session", "../x"], { env, encoding: "utf8", input: "" });
    assert.equal(badId.status, 1);
    assert.match(badId.stderr, /not a usable session id/);
    const both = spawnSync(process.execPath, [CLI, "mcp", "--session", "a", "--dir", home], { env, encoding: "utf8", input: "" });
    assert.equal(both.status, 1);
    assert.match(both.stderr, /not both/);
    const help = spawnSync(process.execPath, [CLI, "mcp", "--help"], { env, encoding: "utf8" });
    assert.match(help.stdout, /Usage: contextfold mcp \[--dir DIR \| --session ID\]/);
    rmSync(home, { recursive: true, force: true });
  });

  it("the README's Claude Code, Codex and VS Code snippets parse, and the server they name answers", async () => {
    const claude = readmeSnippet("claude-mcp-add").trim();
    const m = /^claude mcp add (\S+) -- (.+)$/.exec(claude);
    assert.ok(m, claude);
    const [command, ...args] = m[2].split(" ");
    const codex = parseToml(readmeSnippet("codex-config.toml"));
    const vscode = JSON.parse(readmeSnippet("vscode-mcp.json"));
    const configs = [
      ["claude", m[1], { command, args }],
      ["codex", "contextfold", codex.mcp_servers.contextfold],
      ["vscode", "contextfold", vscode.servers.contextfold],
    ];
    for (const [who, name, server] of configs) {
      assert.equal(name, "contextfold", who);
      assert.deepEqual({ command: server.command, args: server.args }, { command: "npx", args: ["contextfold", "mcp"] }, who);
    }
    assert.equal(vscode.servers.contextfold.type, "stdio");
    // npx runs the package's bin from the project's node_modules (here the scratch consumer), offline.
    const dir = tempDir("cf-mcp-npx-");
    const { client } = await connect("npx", ["--no-install", ...codex.mcp_servers.contextfold.args, "--dir", dir]);
    try {
      const r = await client.callTool({ name: "status", arguments: {} });
      assert.equal(r.structuredContent.total, 0);
    } finally {
      await client.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

async function waitFor(check, ms = 10_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 50));
  }
}
