#!/usr/bin/env node
// What ranked selection costs per prompt at session scale: `node bench/rank-per-call.mjs [--nodes 1000,10000,100000]
// [--repeat 7] [--dir DIR]`. Builds (once, kept in DIR) a store of N turns of the `npm run bench` workload with the
// built package (pkg/), as `npm run bench` does (foldMany in batches of 1,000, journal on, checkpoint), then times,
// per selection mode, one `contextfold hook user-prompt-submit --dir STORE` process per prompt, interleaved with a
// bare `node -e ""` started in the same run (medians), and the same selection in-process (one open, then one
// `scan(prompt, {candidates: false})` per prompt). The native figures come from `cargo run --release --example
// rank_bench -- STORE` over the same stores. Nothing is asserted.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { workload } from "./workload.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const pkgDir = path.join(root, "pkg");
const bin = path.join(pkgDir, "bin", "contextfold.mjs");
const argv = process.argv.slice(2);
const opt = (name, dflt) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : dflt);
const sizes = opt("--nodes", "1000,10000,100000").split(",").map(Number);
const repeat = Number(opt("--repeat", "7"));
const dir = opt("--dir", path.join(os.tmpdir(), "cf-rank-stores"));
const modes = opt("--modes", "ipcf-projection-v2,ranked-v1,ranked-v2").split(",");
const CLOCK = () => "2026-01-01T00:00:00Z";

const require = createRequire(path.join(pkgDir, "package.json"));
const cf = { ...require("./node/index.js"), ...require("./node/node-fs.js") };
const w = workload();
const now = () => Number(process.hrtime.bigint()) / 1e6;
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function build(store, n) {
  if (existsSync(path.join(store, "built"))) return;
  mkdirSync(store, { recursive: true });
  const c = await cf.ContextFold.open(new cf.NodeFsStorage(store), { clock: CLOCK, journal: true });
  for (let i = 0; i < n; i += 1000) {
    const turns = [];
    for (let j = i; j < Math.min(n, i + 1000); j++) turns.push(w.turn(j));
    await c.foldMany(turns);
  }
  await c.checkpoint();
  await c.close();
  writeFileSync(path.join(store, "built"), `${n}\n`);
}

function setMode(store, mode) {
  const file = path.join(store, ".contextfold", "hydration_policy.json");
  const policy = JSON.parse(require("node:fs").readFileSync(file, "utf8"));
  policy.selection = mode;
  writeFileSync(file, `${JSON.stringify(policy, null, 2)}\n`);
}

function proc(args, input) {
  const t = now();
  // Each prompt in a process of its own (the ranking's cost where nothing is warm): no daemon.
  const r = spawnSync(process.execPath, args, { input, env: { ...process.env, CONTEXTFOLD_DAEMON: "0" }, encoding: "utf8", maxBuffer: 1 << 26 });
  const ms = now() - t;
  if (r.status !== 0) throw new Error(`${args.join(" ")}: ${r.stderr}`);
  return { ms, out: r.stdout };
}

const rows = [];
for (const n of sizes) {
  const store = path.join(dir, `n${n}`);
  const t0 = now();
  await build(store, n);
  const buildMs = now() - t0;
  for (const mode of modes) {
    setMode(store, mode);
    const bare = [];
    const hook = [];
    let injected = 0;
    for (let r = 0; r < repeat; r++) {
      bare.push(proc(["-e", ""]).ms);
      const payload = JSON.stringify({ session_id: `rank-${r}`, transcript_path: "", cwd: store, hook_event_name: "UserPromptSubmit", prompt: w.query(1000 + r) });
      const h = proc([bin, "hook", "user-prompt-submit", "--dir", store], payload);
      hook.push(h.ms);
      if (h.out.trim()) injected++;
    }
    const c = await cf.ContextFold.open(new cf.NodeFsStorage(store), { clock: CLOCK, journal: true });
    const scan = [];
    for (let q = 0; q < repeat * 3; q++) {
      const t = now();
      await c.scan(w.query(q), { candidates: false });
      scan.push(now() - t);
    }
    await c.close();
    rows.push({ nodes: n, mode, bareMs: median(bare), hookMs: median(hook), ratio: median(hook) / median(bare), inProcessMs: median(scan), injected, buildMs });
    const x = rows.at(-1);
    console.log(
      `${String(n).padStart(7)} ${mode.padEnd(20)} hook ${x.hookMs.toFixed(0)} ms (${x.ratio.toFixed(2)}× bare ${x.bareMs.toFixed(0)} ms, ${injected}/${repeat} injected)  in-process scan ${x.inProcessMs.toFixed(2)} ms`,
    );
  }
}
if (argv.includes("--json")) console.log(JSON.stringify(rows));
