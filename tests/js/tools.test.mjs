// contextfold/tools: the summary and content rules every integration folds tool calls with.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import * as path from "node:path";
import { pathToFileURL } from "node:url";
import { PKG_DIR } from "./helpers.mjs";

const tools = await import(pathToFileURL(path.join(PKG_DIR, "lib", "tools.js")).href);

describe("contextfold/tools", () => {
  it("summarises a tool call as `<Tool>: <what it was called on>`, deterministically", () => {
    assert.equal(tools.toolSummary("Bash", { command: "npm test -- tests/billing.spec.ts", description: "run" }), "Bash: npm test -- tests/billing.spec.ts");
    assert.equal(tools.toolSummary("shell", { command: ["bash", "-lc", "cargo test"] }), "shell: cargo test");
    assert.equal(tools.toolSummary("shell", { command: ["git", "status"] }), "shell: git status");
    assert.equal(tools.toolSummary("Read", { file_path: "/repo/src/db.ts", offset: 10 }), "Read: /repo/src/db.ts");
    assert.equal(tools.toolSummary("Grep", { pattern: "TODO", path: "src" }), "Grep: TODO in src");
    assert.equal(tools.toolSummary("WebFetch", { url: "https://example.com/x", prompt: "summarise" }), "WebFetch: https://example.com/x");
    assert.equal(tools.toolSummary("mcp__db__query", { limit: 3, sql: "select 1" }), "mcp__db__query: select 1");
    assert.equal(tools.toolSummary("Calc", { b: 2, a: 1 }), 'Calc: {"a":1,"b":2}');
    assert.equal(tools.toolSummary("Bash", { command: "npm run deploy" }, { isError: true }), "Bash: npm run deploy (failed)");
    assert.equal(tools.toolSummary("Bash", { command: "echo a\n\n  echo b" }), "Bash: echo a echo b");
  });

  it("keeps summaries on one line and within 200 code points", () => {
    const s = tools.toolSummary("Bash", { command: `echo ${"ş".repeat(500)}` }, { isError: true });
    assert.equal([...s].length, tools.MAX_SUMMARY);
    assert.ok(s.endsWith("… (failed)"));
    assert.ok(!s.includes("\n"));
  });

  it("renders the text the model saw for each result shape", () => {
    assert.equal(tools.toolOutputText("plain"), "plain");
    assert.equal(tools.toolOutputText({ stdout: "out", stderr: "", interrupted: false }), "out");
    assert.equal(tools.toolOutputText({ stdout: "out", stderr: "warn" }), "out\nwarn");
    assert.equal(tools.toolOutputText({ type: "text", file: { filePath: "/a.ts", content: "const a = 1;\n" } }), "const a = 1;\n");
    assert.equal(tools.toolOutputText({ mode: "content", content: "a.ts:1:x", numFiles: 1 }), "a.ts:1:x");
    assert.equal(tools.toolOutputText({ filenames: ["a.ts", "b.ts"], numFiles: 2 }), "a.ts\nb.ts");
    assert.equal(tools.toolOutputText([{ type: "text", text: "one" }, { type: "text", text: "two" }]), "one\ntwo");
    assert.equal(tools.toolOutputText({ content: [{ type: "text", text: "mcp" }], isError: false }), "mcp");
    assert.equal(tools.toolOutputText({ z: 1, a: [1, 2] }), '{"a":[1,2],"z":1}');
    assert.equal(tools.toolOutputText(undefined), "");
  });
});
