// examples/vscode-extension: compiled with tsc against @types/vscode, then the compiled extension is activated with
// an in-memory workspace.fs and a fake chat model (VS Code cannot be downloaded here), and a long chat checks the
// paging: requests stay within the model's window by the model's own count, recent exchanges go verbatim, an early
// exchange asked about comes back verified for that request and is evicted after it.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, readFileSync } from "node:fs";
import Module, { createRequire } from "node:module";
import * as path from "node:path";
import { BIN, ROOT, scratch } from "./helpers.mjs";
import { FakeChatModel, MemoryFileSystem, MemoryUri, fakeVscode } from "./support/vscode-fakes.mjs";

const EXAMPLE = path.join(ROOT, "examples", "vscode-extension");

function compile() {
  const dir = scratch("vscode-extension");
  cpSync(path.join(EXAMPLE, "src"), path.join(dir, "src"), { recursive: true });
  for (const f of ["package.json", "tsconfig.json"]) cpSync(path.join(EXAMPLE, f), path.join(dir, f));
  try {
    execFileSync(path.join(BIN, "tsc"), ["-p", "."], { cwd: dir, encoding: "utf8" });
  } catch (err) {
    assert.fail(`tsc -p examples/vscode-extension:\n${err.stdout}${err.stderr}`);
  }
  return dir;
}

/** Load the compiled extension with `require("vscode")` answered by the fake. */
function load(dir, vscode) {
  const original = Module._load;
  Module._load = function (request, ...rest) {
    return request === "vscode" ? vscode : original.call(this, request, ...rest);
  };
  try {
    const req = createRequire(path.join(dir, "package.json"));
    delete req.cache[req.resolve("./out/extension.js")];
    return req("./out/extension.js");
  } finally {
    Module._load = original;
  }
}

describe("examples/vscode-extension (chat participant paging its history with VsCodeStorage)", () => {
  let dir;
  it("compiles with tsc against @types/vscode (strict), CommonJS out/ as the manifest's main", () => {
    dir = compile();
    const manifest = JSON.parse(readFileSync(path.join(EXAMPLE, "package.json"), "utf8"));
    assert.equal(manifest.main, "./out/extension.js");
    assert.equal(manifest.contributes.chatParticipants[0].id, "contextfold.chat");
    for (const f of ["extension.js", "pager.js", "token-counter.js"]) assert.ok(existsSync(path.join(dir, "out", f)), f);
    assert.match(readFileSync(path.join(dir, "out", "extension.js"), "utf8"), /require\("vscode"\)/);
  });

  it("a 40-exchange chat: within the window by the model's count, an early exchange paged in verified and evicted after", async () => {
    dir ??= compile();
    const fs = new MemoryFileSystem();
    const vscode = fakeVscode(fs);
    const ext = load(dir, vscode);
    const subscriptions = [];
    ext.activate({ subscriptions, storageUri: MemoryUri.file("/ws/.vscode-storage/contextfold"), globalStorageUri: MemoryUri.file("/global") });
    const participant = vscode.participants.get("contextfold.chat");
    assert.ok(participant && subscriptions.includes(participant));

    const MAX_INPUT = 1200;
    const budget = Math.floor(MAX_INPUT * 0.75);
    const model = new FakeChatModel({ maxInputTokens: MAX_INPUT, answer: (messages) => `Noted (${messages.length} messages). ${"Details follow. ".repeat(12)}` });
    const prompts = [];
    for (let i = 0; i < 40; i++) {
      prompts.push(
        i === 2
          ? "Remember: the staging database is db-staging-7 and it listens on port 6543."
          : i === 39
            ? "Which port does the staging database db-staging-7 listen on?"
            : `Task ${i}: refactor the ${["router", "store", "theme", "dialog"][i % 4]} module, step ${i}, and keep the tests green.`,
      );
    }
    const history = [];
    const results = [];
    const progress = [];
    for (const prompt of prompts) {
      let shown = "";
      const stream = { markdown: (s) => (shown += s), progress: (s) => progress.push(s) };
      const token = { isCancellationRequested: false, onCancellationRequested: () => ({ dispose() {} }) };
      const result = await participant.handler({ prompt, model, command: undefined, references: [], toolReferences: [] }, { history: [...history] }, stream, token);
      results.push(result);
      history.push({ prompt, participant: "contextfold.chat", references: [], toolReferences: [] });
      history.push({ participant: "contextfold.chat", response: [{ value: { value: shown } }], result });
    }
    assert.deepEqual(results.map((r) => r.metadata.contextfoldStep), prompts.map((_, i) => i + 1), "each exchange folded as the next step");

    for (const [i, messages] of model.requests.entries()) {
      const tokens = messages.reduce((n, m) => n + FakeChatModel.tokens(m.content.map((p) => p.value).join("")), 0);
      assert.ok(tokens <= budget, `request ${i}: ${tokens} tokens > ${budget}`);
    }
    const late = model.requests.at(-1);
    const last = late.at(-1).content[0].value;
    assert.match(last, /^\[ContextFold: step 3\]\nUser: Remember: the staging database is db-staging-7 and it listens on port 6543\./, "the early exchange, paged in");
    assert.ok(last.endsWith(prompts[39]));
    assert.ok(late.length < 2 * 39 + 1, `${late.length} messages: older exchanges were left out of the request`);
    assert.ok(!late.slice(0, -1).some((m) => m.content[0].value.includes("db-staging-7")), "exchange 3 is not among the verbatim ones");
    assert.ok(progress.some((p) => /Paged in 1/.test(p)));

    // The engine counted with VS Code's count (primed before each fold), and the store lives in workspace.fs.
    const { ContextFold } = createRequire(path.join(dir, "package.json"))("contextfold");
    const { VsCodeStorage } = createRequire(path.join(dir, "package.json"))("contextfold/vscode");
    await ext.deactivate();
    const store = await ContextFold.open(new VsCodeStorage(fs, MemoryUri.file("/ws/.vscode-storage/contextfold")));
    const node = await store.node(3);
    assert.equal(node.tokenEstimate, FakeChatModel.tokens(node.rawContent), "token estimate by the model's tokenizer");
    assert.notEqual(node.tokenEstimate, Math.floor([...node.rawContent].length / 4));
    assert.equal((await store.entry(3)).evicted, true, "evicted after the answer");
    assert.equal((await store.status()).total, 40);
    assert.ok(fs.files.has("/ws/.vscode-storage/contextfold/.contextfold/recall_index.json"));
    await store.close();
  });
});
