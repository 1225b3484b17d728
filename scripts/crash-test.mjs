#!/usr/bin/env node
// npm run crash-test -- [--trials N] [--seed S] [--keep]: the long form of the crash test (tests/crash/crash.mjs)
// against the packed package in tests/tmp/consumer (built with `node scripts/test.mjs --pack-only` when missing).
// Prints what it tried and what it found; exits 1 if any acknowledged fold was lost or a store is broken.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import * as path from "node:path";
import { fileURLToPath } from "node:url";
import { runCrashTrials } from "../tests/crash/crash.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : fallback;
};
const trials = Number(arg("trials", "1000"));
const seed = Number(arg("seed", String(Date.now() % 1_000_000)));
if (!Number.isSafeInteger(trials) || trials < 1 || !Number.isSafeInteger(seed)) {
  console.error("usage: npm run crash-test -- [--trials N] [--seed S] [--keep]");
  process.exit(2);
}
const consumer = process.env.CONTEXTFOLD_CONSUMER ?? path.join(ROOT, "tests", "tmp", "consumer");
if (!existsSync(path.join(consumer, "contextfold-all.mjs"))) {
  console.log("[crash-test] no packed consumer yet: node scripts/test.mjs --pack-only");
  execFileSync(process.execPath, [path.join(ROOT, "scripts", "test.mjs"), "--pack-only"], { cwd: ROOT, stdio: "inherit" });
}
console.log(`[crash-test] ${trials} trials, seed ${seed}: 1–4 writer processes per store, 1–2 rounds, each writer killed`);
console.log("[crash-test] with SIGKILL at a random storage call (before or after it) or at a random time; journal on in even trials, off in odd");
const s = await runCrashTrials({ consumer, trials, seed, keep: process.argv.includes("--keep"), log: (l) => console.log(`[crash-test] ${l}`) });
console.log(`[crash-test] tried: ${s.trials} trials, ${s.processes} writer processes (${s.killed} killed by SIGKILL), ${s.seconds.toFixed(0)} s`);
for (const [mode, n] of Object.entries(s.byMode).sort()) console.log(`[crash-test]   ${n} × ${mode}`);
console.log(`[crash-test] found: ${s.folds} acknowledged folds, ${s.evictions} acknowledged evictions checked; ${s.orphans} orphaned cold nodes (allowed)`);
console.log(`[crash-test] ${s.failures.length === 0 ? "no acknowledged fold or eviction lost, every store validates (orphans aside)" : `${s.failures.length} failing trials`}`);
for (const f of s.failures.slice(0, 20)) console.log(`[crash-test]   trial ${f.trial} seed ${f.seed} (${f.mode}): ${f.problem}`);
console.log(`${s.trials - s.failures.length} passed, ${s.failures.length} failed`);
process.exit(s.failures.length === 0 ? 0 : 1);
