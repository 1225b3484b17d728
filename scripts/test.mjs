#!/usr/bin/env node
// npm test: setup, native tests, wasm tests (if scripts/test-wasm.sh exists), build, pack, install the packed
// package into a scratch consumer (tests/tmp/consumer), then node --test tests/js/ against it.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const env = {
  ...process.env,
  PATH: [path.join(ROOT, ".tools", "bin"), path.join(ROOT, "node_modules", ".bin"), process.env.PATH].join(path.delimiter),
};
const only = process.argv.includes("--js-only") || process.argv.includes("--pack-only"); // skip setup/cargo/wasm tests (iterating on the JS side)
const packOnly = process.argv.includes("--pack-only"); // build, pack and install the consumer, run no test (crash test, fuzz)
const step = (title, cmd, argv, opts = {}) => {
  console.log(`\n[test] ${title}: ${[cmd, ...argv].join(" ")}`);
  execFileSync(cmd, argv, { cwd: ROOT, env, stdio: "inherit", ...opts });
};

if (!only) {
  step("setup", "bash", ["scripts/setup.sh"]);
  step("native tests", "cargo", ["test"]);
  if (existsSync(path.join(ROOT, "scripts", "test-wasm.sh"))) step("wasm tests", "bash", ["scripts/test-wasm.sh"]);
}
step("build", "node", ["scripts/build.mjs"]);

// Pack pkg/ into .cache/.
const cache = path.join(ROOT, ".cache");
mkdirSync(cache, { recursive: true });
for (const f of readdirSync(cache)) if (/^contextfold-.*\.tgz$/.test(f)) rmSync(path.join(cache, f));
step("pack", "npm", ["pack", "./pkg", "--pack-destination", cache, "--loglevel=warn"]);
const tgz = readdirSync(cache).find((f) => /^contextfold-.*\.tgz$/.test(f));
console.log(`[test] package ${tgz}: ${statSync(path.join(cache, tgz)).size} B packed`);

// A scratch consumer with the packed package installed (no dependencies: works offline).
const consumer = process.env.CONTEXTFOLD_CONSUMER ? path.resolve(process.env.CONTEXTFOLD_CONSUMER) : path.join(ROOT, "tests", "tmp", "consumer");
rmSync(consumer, { recursive: true, force: true });
mkdirSync(consumer, { recursive: true });
writeFileSync(path.join(consumer, "package.json"), `${JSON.stringify({ name: "cf-consumer", private: true, type: "module" }, null, 2)}\n`);
step("install the packed package", "npm", ["install", "--no-audit", "--no-fund", "--offline", "--loglevel=warn", path.join(cache, tgz)], { cwd: consumer });
writeFileSync(
  path.join(consumer, "contextfold-all.mjs"),
  [
    'export * from "contextfold";',
    'export { NodeFsStorage, acquireLock } from "contextfold/node";',
    'export { VsCodeStorage } from "contextfold/vscode";',
    'export { runStorageAdapterTests, FaultyStorage, faultKinds } from "contextfold/testing";',
    "",
  ].join("\n"),
);

if (packOnly) process.exit(0);
const tests = path.join(ROOT, "tests", "js");
const files = readdirSync(tests).filter((f) => f.endsWith(".test.mjs")).sort().map((f) => path.join(tests, f));
// Short CLI calls run in their own process here (CONTEXTFOLD_DAEMON=0): the tests kill, fault and time single
// processes. tests/js/daemon.test.mjs turns the daemon on for itself and checks that it changes nothing but speed.
step("JS tests", "node", ["--test", "--test-concurrency=1", ...files], { env: { ...env, CONTEXTFOLD_CONSUMER: consumer, CONTEXTFOLD_DAEMON: "0" } });
