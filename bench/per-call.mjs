// The process-per-call table of `npm run bench`: what a hook or a CLI call costs as a whole process over a store of
// N nodes (a build made by another process), each next to a bare `node -e ""` started in the same run, the runs of
// the commands interleaved so that the machine's drift touches every figure alike. Medians; nothing is asserted.
// Each call twice: with the defaults (served by the package's daemon, see pkg-template/bin/lib/daemon.mjs) and in a
// process of its own (CONTEXTFOLD_DAEMON=0).
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/** A command of the table: argv after `node`, optional stdin (a function of the run number, for fresh inputs). */
function commands(bin, dir, w, n) {
  const hookPrompt = (r) => JSON.stringify({ session_id: "bench", transcript_path: "", cwd: dir, hook_event_name: "UserPromptSubmit", prompt: w.query(1000 + r) });
  const hookTool = (r) =>
    JSON.stringify({
      session_id: "bench",
      transcript_path: "",
      cwd: dir,
      hook_event_name: "PostToolUse",
      tool_name: "Bash",
      tool_use_id: `toolu_bench_${n}_${r}`,
      tool_input: { command: `npm test -- run ${r}` },
      tool_response: { stdout: w.turn(n + 1000 + r).rawContent, stderr: "", interrupted: false },
    });
  const calls = [
    { name: "contextfold fold", argv: (r, k) => [bin, "fold", String(10_000_000 + 2 * r + k), "bench fold", "--dir", dir] },
    { name: "contextfold scan", argv: (r) => [bin, "scan", w.query(2000 + r), "--dir", dir] },
    { name: "hook user-prompt-submit", argv: () => [bin, "hook", "user-prompt-submit", "--dir", dir], stdin: (r) => hookPrompt(r), needsHooks: true },
    { name: "hook post-tool-use", argv: () => [bin, "hook", "post-tool-use", "--dir", dir], stdin: (r, k) => hookTool(2 * r + k), needsHooks: true },
  ];
  // Each call with the defaults (served by the package's daemon, started before the runs as the first call of a
  // session starts it) and in a process of its own (CONTEXTFOLD_DAEMON=0: the first call of a session, or a
  // machine where the daemon is off). The targets are the defaults'.
  return [
    { name: "bare node -e \"\"", argv: () => ["-e", ""], env: {} },
    ...calls.map((c) => ({ ...c, argv: (r) => c.argv(r, 0), stdin: c.stdin && ((r) => c.stdin(r, 0)), env: {}, target: true })),
    ...calls.map((c) => ({ ...c, name: `${c.name} (own process)`, argv: (r) => c.argv(r, 1), stdin: c.stdin && ((r) => c.stdin(r, 1)), env: { CONTEXTFOLD_DAEMON: "0" } })),
  ];
}

function timeProcess(argv, input, env = process.env) {
  const t = process.hrtime.bigint();
  const r = spawnSync(process.execPath, argv, { input, env, encoding: "utf8", stdio: ["pipe", "pipe", "pipe"], maxBuffer: 1 << 28 });
  const ms = Number(process.hrtime.bigint() - t) / 1e6;
  if (r.status !== 0) throw new Error(`${argv.slice(0, 3).join(" ")} exited ${r.status}: ${r.stderr.slice(0, 300)}`);
  return ms;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** Whether the built CLI has `contextfold hook`. */
export function hasHooks(bin) {
  const r = spawnSync(process.execPath, [bin, "hook", "--help"], { env: { ...process.env, CONTEXTFOLD_DAEMON: "0" }, encoding: "utf8" });
  return r.status === 0 && /hook/i.test(r.stdout);
}

/**
 * The table's rows for a store of `n` nodes in `dir` (built already): each command `repeat` times, interleaved
 * with bare Node, then `validate` once (per node, next to the reference's 0.51 ms).
 */
export function perCall({ bin, dir, n, w, repeat }) {
  const hooks = hasHooks(bin);
  const list = commands(bin, dir, w, n).filter((c) => hooks || !c.needsHooks);
  const times = new Map(list.map((c) => [c.name, []]));
  // A daemon of this run's own (its own socket folder), stopped at the end.
  const runtime = mkdtempSync(path.join(os.tmpdir(), "cf-bench-daemon-"));
  const env = { ...process.env, CONTEXTFOLD_RUNTIME_DIR: runtime };
  delete env.CONTEXTFOLD_DAEMON;
  const daemon = (action) => {
    try {
      return JSON.parse(spawnSync(process.execPath, [bin, "daemon", action, "--json"], { env, encoding: "utf8" }).stdout);
    } catch {
      return {}; // a build without the daemon
    }
  };
  const started = daemon("start");
  let daemonStatus;
  try {
    for (let r = 0; r < repeat; r++) {
      for (const c of list) times.get(c.name).push(timeProcess(c.argv(r), c.stdin?.(r), { ...env, ...c.env }));
    }
    daemonStatus = daemon("status");
  } finally {
    daemon("stop");
    rmSync(runtime, { recursive: true, force: true });
  }
  const bare = median(times.get(list[0].name));
  const rows = list.map((c) => ({ name: c.name, target: Boolean(c.target), medianMs: median(times.get(c.name)), ratioToBareNode: median(times.get(c.name)) / bare }));
  const validateMs = timeProcess([bin, "validate", "--dir", dir]);
  return {
    nodes: n,
    bareNodeMs: bare,
    rows,
    hooks,
    daemon: started.running ? { served: daemonStatus?.served, rssMB: daemonStatus?.rssBytes / 2 ** 20, engineMB: daemonStatus?.engineMemoryBytes / 2 ** 20 } : null,
    validateMs,
    validateMsPerNode: validateMs / n,
  };
}

export function perCallTable(results) {
  const lines = ["process per call (whole process, medians, next to a bare `node -e \"\"` in the same run):"];
  const names = [...new Set(results.flatMap((r) => r.rows.map((x) => x.name)))];
  lines.push(`${"command".padEnd(40)}${results.map((r) => `${r.nodes.toLocaleString("en")} nodes`.padEnd(30)).join("")}`);
  for (const name of names) {
    const cells = results.map((r) => {
      const x = r.rows.find((y) => y.name === name);
      return (x ? `${x.medianMs.toFixed(0)} ms (${x.ratioToBareNode.toFixed(2)}×)` : "-").padEnd(30);
    });
    lines.push(`${name.padEnd(40)}${cells.join("")}`);
  }
  lines.push(`${"daemon after the runs".padEnd(40)}${results.map((r) => (r.daemon ? `${r.daemon.rssMB.toFixed(0)} MB RSS, engine ${r.daemon.engineMB.toFixed(0)} MB` : "not started").padEnd(30)).join("")}`);
  lines.push(`${"validate, per node".padEnd(40)}${results.map((r) => `${r.validateMsPerNode.toFixed(3)} ms`.padEnd(30)).join("")}  (reference 0.51 ms)`);
  if (results.some((r) => !r.hooks)) lines.push("(hook rows: this build has no `contextfold hook`)");
  return lines.join("\n");
}

/** The built CLI. */
export function binOf(pkgDir) {
  const bin = path.join(pkgDir, "bin", "contextfold.mjs");
  if (!existsSync(bin)) throw new Error(`no ${bin}: run npm run build first`);
  readFileSync(bin);
  return bin;
}
