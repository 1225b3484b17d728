// The process-per-call table of `npm run bench`: what a hook or a CLI call costs as a whole process over a store of
// N nodes (a build made by another process), each next to a bare `node -e ""` started in the same run, the runs of
// the commands interleaved so that the machine's drift touches every figure alike. Medians; nothing is asserted.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
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
  return [
    { name: "bare node -e \"\"", argv: ["-e", ""] },
    { name: "contextfold fold", argv: (r) => [bin, "fold", String(10_000_000 + r), "bench fold", "--dir", dir] },
    { name: "contextfold scan", argv: (r) => [bin, "scan", w.query(2000 + r), "--dir", dir] },
    { name: "hook user-prompt-submit", argv: [bin, "hook", "user-prompt-submit", "--dir", dir], stdin: hookPrompt, needsHooks: true },
    { name: "hook post-tool-use", argv: [bin, "hook", "post-tool-use", "--dir", dir], stdin: hookTool, needsHooks: true },
  ];
}

function timeProcess(argv, input) {
  const t = process.hrtime.bigint();
  const r = spawnSync(process.execPath, argv, { input, encoding: "utf8", stdio: ["pipe", "pipe", "pipe"], maxBuffer: 1 << 28 });
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
  const r = spawnSync(process.execPath, [bin, "hook", "--help"], { encoding: "utf8" });
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
  for (let r = 0; r < repeat; r++) {
    for (const c of list) {
      const argv = typeof c.argv === "function" ? c.argv(r) : c.argv;
      times.get(c.name).push(timeProcess(argv, c.stdin?.(r)));
    }
  }
  const bare = median(times.get(list[0].name));
  const rows = list.map((c) => ({ name: c.name, medianMs: median(times.get(c.name)), ratioToBareNode: median(times.get(c.name)) / bare }));
  const validateMs = timeProcess([bin, "validate", "--dir", dir]);
  return { nodes: n, bareNodeMs: bare, rows, hooks, validateMs, validateMsPerNode: validateMs / n };
}

export function perCallTable(results) {
  const lines = ["process per call (whole process, medians, next to a bare `node -e \"\"` in the same run):"];
  const names = [...new Set(results.flatMap((r) => r.rows.map((x) => x.name)))];
  lines.push(`${"command".padEnd(26)}${results.map((r) => `${r.nodes.toLocaleString("en")} nodes`.padEnd(22)).join("")}`);
  for (const name of names) {
    const cells = results.map((r) => {
      const x = r.rows.find((y) => y.name === name);
      return (x ? `${x.medianMs.toFixed(0)} ms (${x.ratioToBareNode.toFixed(2)}×)` : "-").padEnd(22);
    });
    lines.push(`${name.padEnd(26)}${cells.join("")}`);
  }
  lines.push(`${"validate, per node".padEnd(26)}${results.map((r) => `${r.validateMsPerNode.toFixed(3)} ms`.padEnd(22)).join("")}  (reference 0.51 ms)`);
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
