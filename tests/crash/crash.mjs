// The crash test: processes folding, evicting and checkpointing into one fs store are killed with SIGKILL at
// random points (several at once, journal on and off); then the store must validate or show only orphans (a cold
// node written by a fold that died before its index entry), and every fold a process acknowledged before it died
// must be in the store, with its summary, as must every acknowledged eviction in the eviction log.
// Used by scripts/crash-test.mjs (the long form, `npm run crash-test -- --trials N`) and by
// tests/js/crash-safety.test.mjs (a few dozen trials in `npm test`).
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { prng as generator } from "../../scripts/prng.mjs";

const WORKER = path.join(path.dirname(fileURLToPath(import.meta.url)), "worker.mjs");


/** Run one writer; resolves with what it acknowledged and how it ended (never rejects). */
function runWorker(cfg, killAfterReadyMs) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [WORKER, JSON.stringify(cfg)], { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    let timer;
    const hardStop = setTimeout(() => child.kill("SIGKILL"), 120_000);
    child.stdout.on("data", (d) => {
      out += d;
      if (killAfterReadyMs !== undefined && timer === undefined && out.includes('"op":"ready"')) {
        timer = setTimeout(() => child.kill("SIGKILL"), killAfterReadyMs);
      }
    });
    child.stderr.on("data", (d) => (err += d));
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      clearTimeout(hardStop);
      const acks = [];
      for (const line of out.split("\n")) {
        if (!line) continue;
        try {
          acks.push(JSON.parse(line));
        } catch {
          // A line cut by the kill is not an acknowledgement.
        }
      }
      resolve({ code, signal, acks, stderr: err });
    });
  });
}

/**
 * @param {{ consumer: string, trials: number, seed?: number, log?: (line: string) => void, keep?: boolean }} options
 * @returns {Promise<{ trials: number, processes: number, killed: number, folds: number, evictions: number,
 *   orphans: number, failures: { trial: number, seed: number, root: string, problem: string }[],
 *   byMode: Record<string, number>, seconds: number }>}
 */
export async function runCrashTrials({ consumer, trials, seed = 1, log = () => {}, keep = false }) {
  const cf = await import(pathToFileURL(path.join(consumer, "contextfold-all.mjs")).href);
  const started = Date.now();
  const summary = { trials, processes: 0, killed: 0, folds: 0, evictions: 0, orphans: 0, failures: [], byMode: {}, seconds: 0 };
  for (let trial = 0; trial < trials; trial++) {
    const trialSeed = (seed * 1_000_003 + trial) >>> 0;
    const rand = generator(trialSeed);
    const pick = (n) => Math.floor(rand() * n);
    const journal = trial % 2 === 0;
    const writers = 1 + pick(4);
    const rounds = 1 + pick(2);
    const mode = rand() < 0.6 ? "call" : "timer";
    const key = `${journal ? "journal" : "no journal"}, ${writers} writer${writers > 1 ? "s" : ""}, kill at ${mode === "call" ? "a storage call" : "a random time"}`;
    summary.byMode[key] = (summary.byMode[key] ?? 0) + 1;
    const root = mkdtempSync(path.join(tmpdir(), "cf-crash-"));
    const folds = new Map(); // stepId -> summary
    const evictions = new Map(); // stepId -> acknowledged evictions
    let problem = null;
    for (let round = 0; round < rounds && !problem; round++) {
      const runs = [];
      for (let w = 0; w < writers; w++) {
        const cfg = {
          consumer,
          root,
          journal,
          seed: pick(2 ** 31),
          name: `t${trial}r${round}w${w}`,
          ops: 4 + pick(30),
          killAt: mode === "call" ? 1 + pick(120) : 0,
          killWhen: rand() < 0.5 ? "before" : "after",
        };
        runs.push(runWorker(cfg, mode === "timer" ? pick(400) : undefined));
      }
      for (const r of await Promise.all(runs)) {
        summary.processes += 1;
        if (r.signal === "SIGKILL") summary.killed += 1;
        else if (r.code !== 0) problem ??= `a writer failed (exit ${r.code}): ${r.stderr.trim().split("\n").filter((l) => l.trim() && !/^\s+at /.test(l)).slice(0, 6).join(" | ")}`;
        for (const a of r.acks) {
          if (a.op === "fold") {
            if (folds.has(a.stepId)) problem ??= `step ${a.stepId} acknowledged to two folds`;
            folds.set(a.stepId, a.summary);
          } else if (a.op === "evict") {
            evictions.set(a.stepId, (evictions.get(a.stepId) ?? 0) + 1);
          }
        }
      }
    }
    summary.folds += folds.size;
    for (const n of evictions.values()) summary.evictions += n;
    if (!problem) {
      try {
        problem = await check(cf, root, journal, folds, evictions, (n) => (summary.orphans += n));
      } catch (err) {
        problem = `checking failed: ${err?.name}: ${err?.message}`;
      }
    }
    if (problem) {
      summary.failures.push({ trial, seed: trialSeed, root, problem, mode: key });
      log(`trial ${trial} (${key}, seed ${trialSeed}): ${problem} [store kept at ${root}]`);
    } else if (!keep) {
      rmSync(root, { recursive: true, force: true });
    }
    if ((trial + 1) % 50 === 0) log(`${trial + 1}/${trials} trials, ${summary.folds} acknowledged folds, ${summary.failures.length} failing`);
  }
  summary.seconds = (Date.now() - started) / 1000;
  return summary;
}

/** What is wrong with the store after the kills, or null. */
async function check(cf, root, journal, folds, evictions, countOrphans) {
  // Twice: as the writers left it (the journal replayed), then after a checkpoint, read back in the reference
  // mode (no journal) from recall_index.json and eviction_log.json alone.
  for (const pass of ["as left", "after a checkpoint"]) {
    const store = await cf.ContextFold.open(new cf.NodeFsStorage(root), { journal: pass === "as left" ? journal : false });
    try {
      const v = await store.validate();
      const bad = v.problems.filter((p) => p.kind !== "orphaned_node" && p.kind !== "ORPHANED_NODE" && p.code !== "ORPHANED_NODE");
      if (bad.length > 0) return `${pass}: validate reports ${JSON.stringify(bad.slice(0, 3))}`;
      if (pass === "as left") countOrphans(v.problems.length);
      for (const [stepId, summary] of folds) {
        const entry = await store.entry(stepId);
        if (!entry) return `${pass}: acknowledged fold ${stepId} ("${summary}") is missing`;
        if (entry.summary !== summary) return `${pass}: step ${stepId} holds "${entry.summary}", acknowledged "${summary}"`;
      }
      if (pass === "as left") await store.checkpoint();
    } finally {
      await store.close({ checkpoint: false });
    }
  }
  if (evictions.size > 0) {
    const log = JSON.parse(readFileSync(path.join(root, ".contextfold", "eviction_log.json"), "utf8"));
    const events = Array.isArray(log) ? log : (log.evicted ?? []);
    const logged = new Map();
    for (const e of events) logged.set(e.step_id, (logged.get(e.step_id) ?? 0) + 1);
    for (const [stepId, n] of evictions) {
      if ((logged.get(stepId) ?? 0) < n) return `acknowledged eviction of step ${stepId} (x${n}) is not in eviction_log.json (x${logged.get(stepId) ?? 0})`;
    }
  }
  return null;
}
