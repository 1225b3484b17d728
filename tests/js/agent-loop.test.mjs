// examples/agent-loop: the Node agent on the AI SDK, run with its mock model (the default) from a project that has
// the packed package installed; and with a provider by configuration.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { ROOT, scratch } from "./helpers.mjs";

const dir = scratch("agent-loop");
cpSync(path.join(ROOT, "examples", "agent-loop"), dir, { recursive: true });
const agent = (args, opts = {}) => execFileSync(process.execPath, ["agent.mjs", ...args], { cwd: dir, encoding: "utf8", ...opts });

describe("examples/agent-loop (AI SDK agent with ContextFold)", () => {
  it("--demo with the mock model: files read early come back, verified, for the late questions", () => {
    const turns = agent(["--demo", "--json"]).trim().split("\n").map((l) => JSON.parse(l));
    assert.equal(turns.length, 9);
    assert.deepEqual(turns.slice(0, 4).map((t) => t.folded), [[1], [2], [3], [4]], "each large file read is folded once");
    assert.deepEqual(turns.slice(4, 6).map((t) => t.folded), [[], []], "small results stay in the prompt");
    const [port, migration, error] = turns.slice(6);
    assert.deepEqual(port.hydrated, [1]);
    assert.equal(port.answer, "From step 1: port = 5433  # the port PostgreSQL listens on");
    assert.deepEqual(migration.hydrated, [2]);
    assert.match(migration.answer, /^From step 2: .*migration 0042_create_billing_table applied/);
    assert.deepEqual(error.hydrated, [3]);
    assert.match(error.answer, /PaymentGatewayTimeout/);
  });

  it("reads a script of messages against a workspace; the store is closed (index written) at the end", () => {
    const ws = mkdtempSync(path.join(tmpdir(), "cf-agent-ws-"));
    try {
      writeFileSync(path.join(ws, "notes.txt"), `${"filler line about nothing in particular\n".repeat(80)}The release train leaves on Thursday.\n`);
      writeFileSync(path.join(ws, "script.txt"), "read notes.txt\nlist .\nWhen does the release train leave?\n");
      const out = agent(["--workspace", ws, "--script", path.join(ws, "script.txt"), "--window", "0"]);
      assert.match(out, /you> read notes\.txt\n\s+\[contextfold\] folded step 1: read_file: notes\.txt/);
      assert.match(out, /agent> From step 1: The release train leaves on Thursday\./);
      assert.match(out, /1 steps, 1 evicted after their call/);
      assert.ok(readFileSync(path.join(ws, ".contextfold", "recall_index.json"), "utf8").includes("notes.txt"));
    } finally {
      rmSync(ws, { recursive: true, force: true });
    }
  });

  it("any provider by configuration: --provider loads the package's factory (a missing one is a clear error)", () => {
    const fake = path.join(dir, "my-provider.mjs");
    writeFileSync(fake, `import { createMockModel } from "./mock-model.mjs";\nexport function myProvider(id) { const m = createMockModel(); Object.defineProperty(m, "modelId", { value: id }); return m; }\n`);
    const out = agent(["--provider", fake, "--provider-export", "myProvider", "--model", "my-model-1", "--workspace", dir], { input: "list .\n" });
    assert.match(out, /agent> list_files returned \d+ lines\./);
    const missing = spawnSync(process.execPath, ["agent.mjs", "--provider", "@ai-sdk/not-installed", "--model", "x"], { cwd: dir, encoding: "utf8", input: "" });
    assert.notEqual(missing.status, 0);
    assert.match(missing.stderr, /not-installed/);
  });
});
