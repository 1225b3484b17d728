#!/usr/bin/env node
// `npm run bench [-- --json] [--nodes 1000,10000] [--storage memory,fs] [--repeat 5] [--only throughput]`: per-turn costs of the
// built package (pkg/) at session scale. Each (N, storage) pair runs in child processes so that peak memory is
// measured per size: over fs, one child builds the store and exits, then a fresh "session" child opens it and does
// what a harness does per turn (its peak RSS is the memory of a session at N nodes); over memory storage the store
// lives in the process, so one child builds and measures. Figures are medians over repeated runs; nothing here
// asserts a time.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { workload } from "./workload.mjs";
import { binOf, perCall, perCallTable } from "./per-call.mjs";
import { PACKAGE_BUDGET_KB, packageSize } from "../scripts/package-size.mjs";
import { buildCorpus } from "../tests/js/redaction-corpus.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "..");
const pkgDir = path.join(root, "pkg");
const FIXED_CLOCK = () => "2026-01-01T00:00:00Z";
const SNAPSHOT_KEY = ".contextfold/recall_index.snapshot";

// The reference's figures (contextfold.py, same workload shape), from the issue: ms.
const REFERENCE = {
  scan: { 1000: 60, 10000: 879, 100000: 14400 },
  fold: { 1000: 118, 10000: 1180, 100000: 15100 },
  memoryMB: { 100000: 2310 },
};

function parseArgs(argv) {
  const args = { json: false, nodes: [1000, 10000], storage: ["memory", "fs"], repeat: 5, queries: 40, child: null, dir: null, perCall: true, perCallRepeat: 7, only: null };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--json") args.json = true;
    else if (a === "--nodes") args.nodes = argv[++i].split(",").map(Number);
    else if (a === "--storage") args.storage = argv[++i].split(",");
    else if (a === "--repeat") args.repeat = Number(argv[++i]);
    else if (a === "--queries") args.queries = Number(argv[++i]);
    else if (a === "--child") args.child = argv[++i];
    else if (a === "--dir") args.dir = argv[++i];
    else if (a === "--no-per-call") args.perCall = false;
    else if (a === "--per-call-repeat") args.perCallRepeat = Number(argv[++i]);
    else if (a === "--only") args.only = argv[++i];
    else throw new Error(`unknown argument ${a}`);
  }
  return args;
}

function loadPackage() {
  const require = createRequire(path.join(pkgDir, "package.json"));
  const main = require("./node/index.js");
  const node = require("./node/node-fs.js");
  return { ...main, ...node };
}

const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const median = s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  return { median, min: s[0], max: s[s.length - 1], runs: s.length };
};
const now = () => Number(process.hrtime.bigint()) / 1e6;

async function timed(fn) {
  const t = now();
  await fn();
  return now() - t;
}

/** Peak RSS of this process: sampled every 50 ms (and on demand), and the kernel's maxRSS. */
function rssSampler() {
  let peak = 0;
  const sample = () => (peak = Math.max(peak, process.memoryUsage().rss));
  const timer = setInterval(sample, 50);
  return {
    sample,
    stop: () => clearInterval(timer),
    peakMB: () => Math.max(peak, process.resourceUsage().maxRSS * 1024) / 2 ** 20,
  };
}
const engineMB = (cf_) => cf_.ContextFold.engineMemoryBytes() / 2 ** 20;

/** Build a store of n turns: foldMany in batches of 1,000 with the journal on, checkpoint, close. */
async function build(cf_, makeStorage, n, w, rss) {
  const cf = await cf_.ContextFold.open(makeStorage(), { clock: FIXED_CLOCK, journal: true });
  const buildStart = now();
  const batch = 1000;
  for (let i = 0; i < n; i += batch) {
    const turns = [];
    for (let j = i; j < Math.min(n, i + batch); j++) turns.push(w.turn(j));
    await cf.foldMany(turns);
    rss.sample();
  }
  await cf.checkpoint();
  const buildMs = now() - buildStart;
  await cf.close();
  return buildMs;
}

/**
 * What a harness session does over an existing store of n turns: open (`opens` times, each instance closed before
 * the next), scan, fold one more, hydrate.
 */
async function session(cf_, makeStorage, hasSnapshot, n, w, args, rss, opens = args.repeat) {
  let cf;
  const open = [];
  for (let r = 0; r < opens; r++) {
    if (cf) await cf.close();
    // Every open reads the same store: the journal of earlier opens is empty (nothing is folded before the scans).
    open.push(await timed(async () => (cf = await cf_.ContextFold.open(makeStorage(), { clock: FIXED_CLOCK, journal: true }))));
    rss.sample();
  }
  const openedFromSnapshot = hasSnapshot();
  // Per turn a harness needs the selection (what beforeTurn runs); measured first, with the folds and hydrates, so
  // that the full scans below (each lists every matching node: ~N objects at this workload) neither leave their
  // garbage to the collector during these timings nor count in the session's memory.
  const scan = [];
  let selected = 0;
  for (let q = 0; q < args.queries; q++) {
    const query = w.query(q);
    scan.push(await timed(async () => (selected += (await cf.scan(query, { candidates: false })).selected.length)));
  }
  rss.sample();
  const fold = [];
  for (let r = 0; r < args.repeat * 4; r++) {
    const t = w.turn(n + r);
    fold.push(await timed(() => cf.fold(t)));
  }
  const hydrate = [];
  for (let r = 0; r < args.repeat * 4; r++) {
    const step = 1 + ((r * 7919) % n);
    hydrate.push(await timed(() => cf.hydrate(step)));
  }
  rss.sample();
  const peakRssMB = rss.peakMB();
  const engineMemoryMB = engineMB(cf_);
  // The reference's whole scan result, listing every matching node.
  const scanFull = [];
  let candidates = 0;
  for (let q = 0; q < args.queries; q++) {
    const query = w.query(q);
    scanFull.push(await timed(async () => (candidates += (await cf.scan(query)).candidates.length)));
  }
  rss.sample();
  return {
    openMs: stats(open),
    scanMs: stats(scan),
    scanFullMs: stats(scanFull),
    candidatesPerScan: candidates / args.queries,
    foldMs: stats(fold),
    hydrateMs: stats(hydrate),
    selectedPerScan: selected / args.queries,
    openedFromSnapshot,
    peakRssMB,
    engineMemoryMB,
    peakRssWithFullScansMB: rss.peakMB(),
    engineMemoryWithFullScansMB: engineMB(cf_),
  };
}

/**
 * One child process. `N:fs:build` and `N:fs:session` work over `--dir` (made and removed by the parent);
 * `N:memory` builds and measures in one process (the store lives in it).
 */
async function child(spec, args) {
  const [nStr, kind, phase] = spec.split(":");
  const n = Number(nStr);
  const cf_ = loadPackage();
  const w = workload();
  const rss = rssSampler();
  try {
    if (kind === "fs") {
      if (!args.dir) throw new Error("an fs child needs --dir");
      const makeStorage = () => new cf_.NodeFsStorage(args.dir);
      if (phase === "build") {
        const buildMs = await build(cf_, makeStorage, n, w, rss);
        rss.sample();
        return { buildMs, buildPeakRssMB: rss.peakMB(), buildEngineMemoryMB: engineMB(cf_) };
      }
      if (phase === "open") {
        const openMs = await timed(async () => cf_.ContextFold.open(makeStorage(), { clock: FIXED_CLOCK, journal: true }));
        return { openMs };
      }
      if (phase === "session") {
        // One open, as a harness does: a process that opened the store several times would also hold what the
        // earlier opens left to the garbage collector (the snapshot's read buffers) and the engine's freed heap.
        const hasSnapshot = () => existsSync(path.join(args.dir, SNAPSHOT_KEY));
        return await session(cf_, makeStorage, hasSnapshot, n, w, args, rss, 1);
      }
      throw new Error(`unknown fs phase ${phase}`);
    }
    if (kind === "memory") {
      const memory = new cf_.MemoryStorage();
      const makeStorage = () => memory;
      const buildMs = await build(cf_, makeStorage, n, w, rss);
      let storeBytes = 0;
      for (const k of memory.keys()) storeBytes += memory.get(k).length;
      const hasSnapshot = () => memory.get(SNAPSHOT_KEY) !== undefined;
      const out = await session(cf_, makeStorage, hasSnapshot, n, w, args, rss);
      return { nodes: n, storage: kind, buildMs, ...out, storeMB: storeBytes / 2 ** 20 };
    }
    throw new Error(`unknown storage ${kind}`);
  } finally {
    rss.stop();
  }
}

/** Run one child of this script; its stdout is one JSON document. */
function runChild(spec, args, extra = []) {
  const argv = [fileURLToPath(import.meta.url), "--child", spec, "--repeat", String(args.repeat), "--queries", String(args.queries), ...extra];
  const r = spawnSync(process.execPath, argv, { encoding: "utf8", maxBuffer: 1 << 26, stdio: ["ignore", "pipe", "inherit"] });
  if (r.status !== 0) throw new Error(`bench child ${spec} failed (status ${r.status}${r.signal ? `, ${r.signal}` : ""})`);
  return JSON.parse(r.stdout);
}

/** One (N, storage) measurement: one child over memory storage, a build child then a session child over fs. */
function measure(n, kind, args) {
  if (kind !== "fs") return runChild(`${n}:${kind}`, args);
  const dir = mkdtempSync(path.join(os.tmpdir(), "contextfold-bench-"));
  try {
    const built = runChild(`${n}:fs:build`, args, ["--dir", dir]);
    // Each open in a fresh process (a harness starting up); the last of them goes on with the session.
    const opens = [];
    for (let r = 1; r < args.repeat; r++) opens.push(runChild(`${n}:fs:open`, args, ["--dir", dir]).openMs);
    const measured = runChild(`${n}:fs:session`, args, ["--dir", dir]);
    opens.push(measured.openMs.median);
    const { scanMs, scanFullMs, candidatesPerScan, foldMs, hydrateMs, selectedPerScan, ...rest } = measured;
    delete rest.openMs;
    const openMs = stats(opens);
    return {
      nodes: n,
      storage: kind,
      buildMs: built.buildMs,
      openMs,
      scanMs,
      scanFullMs,
      candidatesPerScan,
      foldMs,
      hydrateMs,
      selectedPerScan,
      ...rest,
      buildPeakRssMB: built.buildPeakRssMB,
      buildEngineMemoryMB: built.buildEngineMemoryMB,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Fold throughput on 1 MB payloads next to one node:crypto sha256 pass over the same bytes. */
async function throughput(repeat) {
  const cf_ = loadPackage();
  const payloads = Array.from({ length: 4 }, (_, k) => {
    const w = workload({ payloadChars: 1 << 20, seed: 7 + k });
    return w.turn(k).rawContent;
  });
  const bytes = payloads.reduce((s, p) => s + Buffer.byteLength(p), 0);
  const foldRuns = [];
  const shaRuns = [];
  for (let r = 0; r < repeat; r++) {
    const cf = await cf_.ContextFold.open(new cf_.MemoryStorage(), { clock: FIXED_CLOCK });
    let step = 1;
    foldRuns.push(await timed(async () => {
      for (const p of payloads) await cf.fold({ stepId: step++, summary: "large payload", rawContent: p });
    }));
    shaRuns.push(await timed(async () => {
      for (const p of payloads) createHash("sha256").update(p).digest("hex");
    }));
    // Released as a user would: an open engine per round would leave every earlier round's nodes in wasm memory.
    await cf.close();
  }
  const mbps = (ms) => bytes / 2 ** 20 / (ms / 1000);
  const fold = stats(foldRuns).median;
  const sha = stats(shaRuns).median;
  return { payloadBytes: bytes, foldMBps: mbps(fold), sha256MBps: mbps(sha), ratio: mbps(fold) / mbps(sha) };
}

/**
 * Redaction (issue 13) on 1 MB of agent tool output: the redaction corpus's texts (nine look-alike texts for each
 * text with planted secrets) repeated to 1 MB. Next to one node:crypto sha256 pass over the same bytes, measured in
 * this run: the package's `redact()` (JS → wasm → JS, findings included), and a fold of the text into a new store
 * with the default policy (redaction on) and with REFERENCE_POLICY (off).
 */
async function redaction(repeat) {
  const cf_ = loadPackage();
  const corpus = buildCorpus();
  const texts = [];
  corpus.negatives.forEach((n, k) => {
    texts.push(n.text);
    if (k % 9 === 8) texts.push(corpus.positives[(k / 9) | 0].text);
  });
  let text = "";
  for (let k = 0; Buffer.byteLength(text) < 1 << 20; k++) text += `${texts[k % texts.length]}\n`;
  const mb = Buffer.byteLength(text) / 2 ** 20;
  const runs = { sha: [], redact: [], foldDefault: [], foldReference: [] };
  let findings = 0;
  for (let r = 0; r < Math.max(repeat, 3) * 3; r++) {
    runs.sha.push(await timed(async () => createHash("sha256").update(text).digest("hex")));
    runs.redact.push(await timed(async () => (findings = cf_.redact(text).findings.length)));
    for (const [key, options] of [["foldDefault", {}], ["foldReference", { defaultPolicy: cf_.REFERENCE_POLICY }]]) {
      const cf = await cf_.ContextFold.open(new cf_.MemoryStorage(), { clock: FIXED_CLOCK, ...options });
      runs[key].push(await timed(() => cf.fold({ stepId: 1, summary: "Bash: cat logs", rawContent: text })));
    }
  }
  const per = (k) => stats(runs[k]).median / mb;
  return {
    bytes: Buffer.byteLength(text),
    findings,
    sha256MsPerMB: per("sha"),
    redactMsPerMB: per("redact"),
    foldDefaultMsPerMB: per("foldDefault"),
    foldReferenceMsPerMB: per("foldReference"),
    redactVsSha256: per("redact") / per("sha"),
  };
}

function table(doc) {
  const f = (x, d = 3) => (x === undefined || x === null ? "-" : x.toFixed(d));
  const lines = [];
  lines.push(`ContextFold bench — ${doc.machine.cpus} × ${doc.machine.cpuModel}, Node ${doc.machine.node}`);
  lines.push("");
  lines.push(
    "nodes    storage  scan ms (med/min/max)      full scan ms (med)  fold ms (med)  open ms (med)  hydrate ms (med)  " +
      "peak RSS MB  engine MB  + full scans  store MB  build RSS MB  snapshot",
  );
  for (const r of doc.runs) {
    lines.push(
      `${String(r.nodes).padEnd(8)} ${r.storage.padEnd(8)} ${`${f(r.scanMs.median)} / ${f(r.scanMs.min)} / ${f(r.scanMs.max)}`.padEnd(26)} ` +
        `${f(r.scanFullMs.median).padEnd(19)} ` +
        `${f(r.foldMs.median).padEnd(14)} ${f(r.openMs.median, 1).padEnd(14)} ${f(r.hydrateMs.median).padEnd(17)} ` +
        `${f(r.peakRssMB, 0).padEnd(12)} ${f(r.engineMemoryMB, 0).padEnd(10)} ` +
        `${`${f(r.peakRssWithFullScansMB, 0)} / ${f(r.engineMemoryWithFullScansMB, 0)}`.padEnd(13)} ${f(r.storeMB, 0).padEnd(9)} ` +
        `${f(r.buildPeakRssMB, 0).padEnd(13)} ${r.openedFromSnapshot === undefined ? "-" : r.openedFromSnapshot ? "yes" : "no"}`,
    );
  }
  lines.push(
    "open: fs = one open in each of R fresh processes (a harness starting up); memory = R opens in the one process. " +
      "peak RSS: fs = the session child only (one open, scans, folds, hydrates over a store built by another process); " +
      "memory = one process that also built the store and holds it (store MB).",
  );
  lines.push(
    "engine MB: the wasm linear memory after those (high-water mark); + full scans: peak RSS / engine MB once the full " +
      "scans (each listing every matching node) have run too; snapshot: recall_index.snapshot present at open.",
  );
  lines.push("");
  if (doc.perCall.length) {
    lines.push(perCallTable(doc.perCall));
    lines.push("");
  }
  const t = doc.throughput;
  lines.push(`fold throughput, 1 MB payloads: ${f(t.foldMBps, 1)} MB/s; node:crypto sha256: ${f(t.sha256MBps, 1)} MB/s; ratio ${f(t.ratio, 2)}`);
  const x = doc.redaction;
  lines.push(
    `redaction, 1 MB of tool output (${x.findings} secrets): redact() ${f(x.redactMsPerMB, 2)} ms/MB ` +
      `(${f(x.redactVsSha256, 1)} × one node:crypto sha256 pass, ${f(x.sha256MsPerMB, 2)} ms/MB); fold with the default policy ` +
      `${f(x.foldDefaultMsPerMB, 1)} ms/MB, with REFERENCE_POLICY ${f(x.foldReferenceMsPerMB, 1)} ms/MB`,
  );
  const s = doc.size;
  lines.push(`package (bundler entry): wasm ${f(s.wasmGzipKB, 1)} KB + JS ${f(s.jsGzipKB, 1)} KB gzipped = ${f(s.totalGzipKB, 1)} KB`);
  lines.push("");
  lines.push("targets (same run):");
  for (const c of doc.targets) lines.push(`  ${c.met === null ? "info   " : c.met ? "met    " : "NOT MET"}  ${c.name}: ${c.detail}`);
  return lines.join("\n");
}

function targets(doc) {
  const run = (n, kind) => doc.runs.find((r) => r.nodes === n && r.storage === kind);
  const out = [];
  const add = (name, value, limit, unit, cmp = (a, b) => a <= b) =>
    value !== undefined && out.push({ name, met: cmp(value, limit), detail: `${value.toFixed(3)} ${unit} (limit ${limit.toFixed(3)})` });
  const m10 = run(10000, "memory") ?? run(10000, "fs");
  add("scan at 10,000 nodes ≤ 1/1000 of the reference's 879 ms", m10?.scanMs.median, 0.879, "ms");
  for (const kind of ["memory", "fs"]) {
    const a = run(1000, kind);
    const b = run(100000, kind);
    if (a && b) add(`scan at 100,000 ≤ 3 × scan at 1,000 (${kind})`, b.scanMs.median, 3 * a.scanMs.median, "ms");
  }
  const f10 = run(10000, "fs");
  add("one more fold into an fs store of 10,000 nodes ≤ 11.8 ms", f10?.foldMs.median, 11.8, "ms");
  const f1 = run(1000, "fs");
  if (f1 && f10) add("fold flat in N (fs, 10,000 vs 1,000, ≤ 1.5×)", f10.foldMs.median, 1.5 * f1.foldMs.median, "ms");
  for (const kind of ["memory", "fs"]) {
    const b = run(100000, kind);
    if (b) add(`open a 100,000-node store ≤ 2 s (${kind})`, b.openMs.median, 2000, "ms");
  }
  // A harness session's memory: the fs session child (the store is on disk, not in the process).
  const fs100 = run(100000, "fs");
  if (fs100) add("memory at 100,000 nodes ≤ 200 MB (fs session: peak RSS)", fs100.peakRssMB, 200, "MB");
  const mem100 = run(100000, "memory");
  if (mem100) {
    // Not a target: the process also holds the store itself.
    out.push({
      name: `memory at 100,000 nodes (memory storage, RSS includes the store's ${mem100.storeMB.toFixed(0)} MB)`,
      met: null,
      detail: `${mem100.peakRssMB.toFixed(3)} MB peak RSS, engine ${mem100.engineMemoryMB.toFixed(3)} MB`,
    });
  }
  for (const r of doc.perCall) {
    const limit = r.nodes <= 10000 ? 2 : 3;
    for (const row of r.rows.filter((x) => x.target)) add(`${row.name} at ${r.nodes} nodes ≤ ${limit} × bare Node`, row.ratioToBareNode, limit, "×");
    add(`validate at ${r.nodes} nodes ≤ 0.1 ms per node`, r.validateMsPerNode, 0.1, "ms");
  }
  add("fold throughput ≥ 0.05 × sha256", doc.throughput.ratio, 0.05, "×", (a, b) => a >= b);
  add("redaction of a 1 MB tool output ≤ 50 ms (redact() in the package)", doc.redaction.redactMsPerMB * doc.redaction.bytes / 2 ** 20, 50, "ms");
  add(`wasm + JS ≤ ${PACKAGE_BUDGET_KB} KB gzipped`, doc.size.totalGzipKB, PACKAGE_BUDGET_KB, "KB");
  return out;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (args.child) {
    process.stdout.write(JSON.stringify(await child(args.child, args)));
    return;
  }
  if (args.only === "throughput") {
    // Only the fold-throughput line (issue 12): the same measurement as in the full run, alone.
    const t = await throughput(args.repeat);
    const f = (x, d) => x.toFixed(d);
    console.log(
      args.json
        ? JSON.stringify(t, null, 2)
        : `fold throughput, 1 MB payloads: ${f(t.foldMBps, 1)} MB/s; node:crypto sha256: ${f(t.sha256MBps, 1)} MB/s; ratio ${f(t.ratio, 3)}`,
    );
    return;
  }
  if (args.only !== null) throw new Error(`--only takes "throughput", not ${args.only}`);
  const runs = [];
  for (const n of args.nodes) {
    for (const kind of args.storage) {
      runs.push(measure(n, kind, args));
      if (!args.json) process.stderr.write(`measured ${n} nodes over ${kind}\n`);
    }
  }
  const perCallRuns = [];
  if (args.perCall) {
    for (const n of args.nodes) {
      const dir = mkdtempSync(path.join(os.tmpdir(), "contextfold-bench-calls-"));
      try {
        runChild(`${n}:fs:build`, args, ["--dir", dir]);
        perCallRuns.push(perCall({ bin: binOf(pkgDir), dir, n, w: workload(), repeat: args.perCallRepeat }));
        if (!args.json) process.stderr.write(`measured a process per call at ${n} nodes\n`);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  }
  const doc = {
    machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? "unknown", node: process.version, platform: `${os.type()} ${os.release()}` },
    workload: "bench/README.md",
    reference: REFERENCE,
    runs,
    perCall: perCallRuns,
    throughput: await throughput(args.repeat),
    redaction: await redaction(args.repeat),
    size: packageSize(pkgDir),
  };
  doc.targets = targets(doc);
  console.log(args.json ? JSON.stringify(doc, null, 2) : table(doc));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
