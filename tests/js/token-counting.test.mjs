// Token counting (issue 15): contextfold/gpt-tokenizer (o200k, loaded lazily) and a custom tokenCounter honoured
// where budgets apply: fold estimates, scan costs, hydrate truncation, the adapters' turn budget.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { countTokens as o200k } from "gpt-tokenizer/encoding/o200k_base";
import { countTokens as cl100k } from "gpt-tokenizer/encoding/cl100k_base";
import { CLOCK, PKG_DIR, cf as api } from "./helpers.mjs";
import { importFromConsumer } from "./support/consumer.mjs";

const { gptTokenCounter } = await importFromConsumer("contextfold/gpt-tokenizer");
const { contextFoldMiddleware } = await importFromConsumer("contextfold/ai-sdk");
const { ContextFold, MemoryStorage } = api;

const CODE = `export function retry<T>(fn: () => Promise<T>, attempts = 3): Promise<T> {\n  return fn().catch((e) => (attempts > 1 ? retry(fn, attempts - 1) : Promise.reject(e)));\n}\n`;

describe("token counting", () => {
  it("gptTokenCounter counts o200k tokens (default) or another encoding, and counts special-token text as text", async () => {
    const count = await gptTokenCounter();
    for (const t of ["hello world", CODE, "PostgreSQL listen port now 5433", "日本語のテキスト", ""]) assert.equal(count(t), o200k(t), t);
    assert.equal(count("stop <|endoftext|> here"), o200k("stop <|endoftext|> here", { disallowedSpecial: new Set() }));
    const cl = await gptTokenCounter({ encoding: "cl100k_base" });
    assert.equal(cl(CODE), cl100k(CODE));
    await assert.rejects(gptTokenCounter({ encoding: "nope" }), /unknown encoding/);
  });

  it("contextfold/gpt-tokenizer loads without gpt-tokenizer; the encoding is imported only when a counter is made", () => {
    // A project outside this repository, with the package and without gpt-tokenizer.
    const dir = mkdtempSync(path.join(tmpdir(), "cf-no-gpt-"));
    try {
      mkdirSync(path.join(dir, "node_modules"));
      symlinkSync(PKG_DIR, path.join(dir, "node_modules", "contextfold"), "dir");
      writeFileSync(path.join(dir, "package.json"), '{"type":"module"}');
      writeFileSync(
        path.join(dir, "main.mjs"),
        'const m = await import("contextfold/gpt-tokenizer");\nconsole.log(typeof m.gptTokenCounter);\nawait m.gptTokenCounter().catch((e) => console.log(e.message.split(":")[0]));\n',
      );
      const out = execFileSync(process.execPath, ["--preserve-symlinks", "main.mjs"], { cwd: dir, encoding: "utf8" }).trim().split("\n");
      assert.deepEqual(out, ["function", "contextfold/gpt-tokenizer needs the optional package gpt-tokenizer (4.x)"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("the store's counter sets fold estimates and scan costs, and bounds hydrate truncation (o200k)", async () => {
    const count = await gptTokenCounter();
    const policy = { max_rehydration_tokens_per_call: 50, max_rehydration_tokens_per_turn: 3500, integrity_verification: true };
    const cf = await ContextFold.open(new MemoryStorage(), { clock: CLOCK, tokenCounter: count, policy });
    const raw = CODE.repeat(20);
    const node = await cf.fold({ stepId: 1, summary: "Read: src/retry.ts", rawContent: raw });
    assert.equal(node.tokenEstimate, o200k(raw), "fold: the node's estimate is the o200k count");
    assert.equal(await cf.countTokens(raw), o200k(raw));
    const scan = await cf.scan("retry attempts", { candidates: false });
    assert.equal(scan.selected[0].cost, 50, "scan: cost = min(estimate, per-call cap, budget), in o200k tokens");
    const h = await cf.hydrate(1);
    assert.equal(h.truncated, true);
    assert.ok(o200k(h.content) <= 50, `hydrate: ${o200k(h.content)} o200k tokens within the cap of 50`);
    assert.ok(o200k(h.content + raw.slice([...h.content].length, [...h.content].length + 40)) > 50, "and not far below it");
    assert.equal(h.rawContent, raw);
  });

  it("the reference counter still cuts exactly cap × 4 code points (byte compatibility)", async () => {
    const policy = { max_rehydration_tokens_per_call: 50, max_rehydration_tokens_per_turn: 3500, integrity_verification: true };
    const cf = await ContextFold.open(new MemoryStorage(), { clock: CLOCK, policy });
    await cf.fold({ stepId: 1, summary: "Read: src/retry.ts", rawContent: CODE.repeat(20) });
    const h = await cf.hydrate(1);
    assert.equal(h.content, [...CODE.repeat(20)].slice(0, 200).join(""));
    assert.equal(h.tokenEstimate, 50);
  });

  it("an adapter's turnBudget is in the store's counter's tokens (o200k here)", async () => {
    const count = await gptTokenCounter();
    const cf = await ContextFold.open(new MemoryStorage(), { clock: CLOCK, tokenCounter: count });
    await cf.fold({ stepId: 1, summary: "Read: src/retry.ts", rawContent: CODE.repeat(30) });
    const mw = contextFoldMiddleware({ store: cf, turnBudget: 80 });
    const out = await mw.transformParams({ type: "generate", params: { prompt: [{ role: "user", content: [{ type: "text", text: "How does retry count its attempts?" }] }] }, model: {} });
    const added = out.prompt[0].content[0].text;
    assert.match(added, /^\[ContextFold: step 1\]\nexport function retry/);
    assert.ok(o200k(added) <= 80, `${o200k(added)} o200k tokens added`);
    assert.ok(o200k(added) > 60, "the budget is used, not wasted");
  });
});
