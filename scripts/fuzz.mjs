#!/usr/bin/env node
// npm run fuzz -- [--seconds N] [--target T] [--seed S] [--runs N] [--engine stable|libfuzzer]: every fuzz target
// for N seconds (default 60) each, the Rust targets (examples/fuzz.rs, one process per target; with
// `--engine libfuzzer`, coverage-guided by cargo-fuzz on a nightly toolchain, fuzz/) and the JS transcript importers
// (tests/fuzz/transcripts.mjs, against the packed package). Prints executions, seconds and findings per target;
// panics and hangs are saved under tests/fuzz_corpus/<target>/ (replayed by `cargo test --test fuzz_corpus`).
// Exits 1 on any finding.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { fileURLToPath } from "node:url";
import { runTranscriptFuzz } from "../tests/fuzz/transcripts.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : fallback;
};
const seconds = Number(arg("seconds", "60"));
const seed = Number(arg("seed", String(Date.now() % 1_000_000)));
const runs = arg("runs", undefined);
const only = arg("target", undefined);
const engine = arg("engine", "stable");
if (!(seconds > 0) || !Number.isSafeInteger(seed) || !["stable", "libfuzzer"].includes(engine)) {
  console.error("usage: npm run fuzz -- [--seconds N] [--target T] [--seed S] [--runs N] [--engine stable|libfuzzer]");
  process.exit(2);
}

console.log(`[fuzz] building examples/fuzz.rs (release)`);
execFileSync("cargo", ["build", "--release", "--example", "fuzz"], { cwd: ROOT, stdio: "inherit" });
const bin = path.join(ROOT, "target", "release", "examples", "fuzz");
const rustTargets = ["json", "index", "node", "policy", "log", "journal", "snapshot", "pages", "extract", "redact", "scan", "paths", "store"];
const chosen = [...rustTargets, "transcripts"].filter((t) => !only || t === only);
if (chosen.length === 0) {
  console.error(`[fuzz] unknown target ${only}; targets: ${[...rustTargets, "transcripts"].join(", ")}`);
  process.exit(2);
}
if (engine === "libfuzzer" && spawnSync("cargo", ["+nightly", "fuzz", "--version"], { cwd: ROOT }).status !== 0) {
  console.error("[fuzz] --engine libfuzzer needs a nightly toolchain and cargo-fuzz (cargo install cargo-fuzz); use the stable engine");
  process.exit(2);
}
if (engine === "libfuzzer") {
  // The seeds as files: libFuzzer's starting corpus (fuzz/corpus/<target>/, which it grows; not kept in git).
  execFileSync(bin, ["--write-seeds", path.join(ROOT, "fuzz", "corpus"), ...(only ? ["--target", only] : [])], { cwd: ROOT, stdio: "inherit" });
}
console.log(`[fuzz] ${engine === "libfuzzer" ? "libFuzzer (cargo fuzz, coverage-guided)" : "stable structured fuzzer"}, seed ${seed}, ${seconds} s per target: ${chosen.join(", ")}`);

const rows = [];
let failed = 0;
for (const target of chosen) {
  if (target === "transcripts") {
    const consumer = process.env.CONTEXTFOLD_CONSUMER ?? path.join(ROOT, "tests", "tmp", "consumer");
    if (!existsSync(path.join(consumer, "contextfold-all.mjs"))) {
      execFileSync(process.execPath, [path.join(ROOT, "scripts", "test.mjs"), "--pack-only"], { cwd: ROOT, stdio: "inherit" });
    }
    const r = await runTranscriptFuzz({ pkgDir: path.join(consumer, "node_modules", "contextfold"), seconds, runs: runs ? Number(runs) : Infinity, seed });
    const dir = path.join(ROOT, "tests", "fuzz_corpus", "transcripts");
    for (const f of r.findings) {
      mkdirSync(dir, { recursive: true });
      const file = path.join(dir, `${f.kind}-${Buffer.from(f.message).toString("hex").slice(0, 16)}.txt`);
      writeFileSync(file, f.input);
      console.log(`[fuzz] transcripts: ${f.kind.toUpperCase()} ${f.message} (saved ${path.relative(ROOT, file)})`);
    }
    const line = `[fuzz] transcripts: ${r.execs} executions in ${r.seconds.toFixed(1)} s (${(r.execs / r.seconds).toFixed(0)}/s), slowest ${r.slowestMs.toFixed(1)} ms, ${r.findings.length} findings, peak RSS ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`;
    console.log(line);
    rows.push({ target, execs: r.execs, seconds: r.seconds, findings: r.findings.length });
    failed += r.findings.length;
    continue;
  }
  if (engine === "libfuzzer") {
    const artifacts = path.join(ROOT, "tests", "fuzz_corpus", target);
    mkdirSync(artifacts, { recursive: true });
    const lf = [`-max_total_time=${Math.ceil(seconds)}`, `-seed=${seed}`, "-timeout=10", "-rss_limit_mb=1024", "-max_len=65536", `-artifact_prefix=${artifacts}/`, "-print_final_stats=1"];
    if (runs) lf.push(`-runs=${runs}`);
    const p = spawnSync("cargo", ["+nightly", "fuzz", "run", "--sanitizer", "none", target, path.join(ROOT, "fuzz", "corpus", target), "--", ...lf], { cwd: ROOT, encoding: "utf8", maxBuffer: 256 << 20 });
    const out = `${p.stdout}\n${p.stderr}`;
    const execs = Number(/stat::number_of_executed_units:\s*(\d+)/.exec(out)?.[1] ?? 0);
    const rss = /stat::peak_rss_mb:\s*(\d+)/.exec(out)?.[1];
    const cov = [...out.matchAll(/cov: (\d+) ft: (\d+)/g)].at(-1);
    const findings = p.status === 0 ? 0 : 1;
    if (findings) console.log(out.split("\n").filter((l) => !/^(#\d|INFO|\s+Running)/.test(l) && /ERROR|panicked|assertion|Test unit written|SUMMARY|deadly|timeout|out-of-memory/.test(l)).slice(0, 12).join("\n"));
    console.log(`[fuzz] ${target}: ${execs} executions in ${seconds} s (${(execs / seconds).toFixed(0)}/s), coverage ${cov ? `${cov[1]} edges, ${cov[2]} features` : "?"}, ${findings} findings, peak RSS ${rss ?? "?"} MB`);
    rows.push({ target, execs, seconds, findings });
    failed += findings;
    continue;
  }
  const args = ["--target", target, "--seconds", String(seconds), "--seed", String(seed)];
  if (runs) args.push("--runs", runs);
  const p = spawnSync(bin, args, { cwd: ROOT, encoding: "utf8", maxBuffer: 64 << 20 });
  process.stdout.write(p.stdout);
  if (p.stderr.trim()) process.stderr.write(p.stderr);
  const m = /: (\d+) executions in ([\d.]+) s .* (\d+) distinct panics/.exec(p.stdout);
  const findings = (m ? Number(m[3]) : 0) + (/HANG/.test(p.stdout) ? 1 : 0) + (p.status !== 0 && !m ? 1 : 0);
  rows.push({ target, execs: m ? Number(m[1]) : 0, seconds: m ? Number(m[2]) : 0, findings });
  failed += findings;
}
console.log("\n[fuzz] target       executions   seconds   findings");
for (const r of rows) console.log(`[fuzz] ${r.target.padEnd(12)} ${String(r.execs).padStart(10)}   ${r.seconds.toFixed(0).padStart(7)}   ${String(r.findings).padStart(8)}`);
console.log(`[fuzz] ${failed === 0 ? "no panic, no hang" : `${failed} findings`} (seed ${seed})`);
process.exit(failed === 0 ? 0 : 1);
