#!/usr/bin/env node
// node scripts/demo-api.mjs: the public API demo (npm run demo is the CLI demo). Builds pkg/ if needed, then, through the package, folds the
// 8 demo turns of tests/vectors/fold_demo.json into a fresh in-memory store and scans one question.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import * as path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const entry = path.join(ROOT, "pkg", "node", "index.mjs");
if (!existsSync(entry)) execFileSync(process.execPath, [path.join(ROOT, "scripts", "build.mjs")], { stdio: "inherit" });
const { ContextFold, MemoryStorage } = await import(pathToFileURL(entry).href);

const QUESTION = "What port are we using for PostgreSQL, and which migration applied the billing table?";
const demo = JSON.parse(readFileSync(path.join(ROOT, "tests", "vectors", "fold_demo.json"), "utf8"));
const storage = new MemoryStorage({ root: "/demo" });
const cf = await ContextFold.open(storage, { clock: () => demo.fixed_now });

for (const { input } of demo.turns) {
  const node = await cf.fold({ stepId: input.step_id, summary: input.summary, ...(input.raw_content != null ? { rawContent: input.raw_content } : {}) });
  console.log(`[FOLD] step ${String(node.stepId).padStart(4)}  ${node.tokenEstimate.toString().padStart(3)} tok  artifact ${node.artifactSha256.slice(0, 16)}…  ${node.summary}`);
}
const st = await cf.status();
console.log(`\n${st.total} nodes folded (${st.totalTokens} tokens) into ${storage.keys().length} files.\n`);

console.log(`[SCAN] ${QUESTION}`);
const scan = await cf.scan(QUESTION);
console.log(`  query terms: ${scan.queryTerms.join(", ")}`);
for (const c of scan.candidates) {
  const sel = scan.selected.some((s) => s.stepId === c.stepId) ? " [SELECTED]" : "";
  console.log(`  • step ${String(c.stepId).padStart(4)} (match: ${c.matched.join(", ")}) -> ${c.summary}${sel}`);
}
console.log(`  budget: ${scan.consumedTokens}/${scan.budgetLimit} tokens; unmatched terms: ${scan.residual.join(", ") || "none"}\n`);

const turn = await cf.beforeTurn(QUESTION);
console.log(`[HYDRATE] ${turn.hydrated.length} node(s), ${turn.tokens} tokens put before the model:\n${turn.context}\n`);
const evicted = await cf.afterResponse(turn);
console.log(`[EVICT] after the response: step(s) ${evicted.map((e) => e.stepId).join(", ")}`);
const v = await cf.validate();
console.log(`[VALIDATE] ${v.ok ? "PASSED" : "FAILED"}: ${v.passCount} node(s) verified`);
