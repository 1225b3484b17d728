#!/usr/bin/env node
// npm run bench:hooks: what one `contextfold hook` call costs on a session of a few thousand tool results, one
// process per call as Claude Code and Codex run it, with the built package (pkg/). The session is the test suite's
// generated Claude Code transcript (tests/js/session-gen.mjs) at the size asked for, imported first.
//
//   node bench/hooks.mjs [--turns 4000] [--repeat 15] [--json]
//
// Each figure is the median (and 90th percentile) wall time of a whole process: node's own start-up is in it, so
// the bare `node -e ""` of the same run is printed as the baseline. The calls run with the defaults: the first
// starts the package's daemon, which serves the later ones (CONTEXTFOLD_DAEMON=0 node bench/hooks.mjs: each
// call in a process of its own).
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { generateSession } from "../tests/js/session-gen.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = path.join(root, "pkg", "bin", "contextfold.mjs");
if (!existsSync(bin)) {
  console.error("pkg/ is not built: run `npm run build` first");
  process.exit(1);
}
const arg = (name, dflt) => {
  const i = process.argv.indexOf(name);
  return i < 0 ? dflt : Number(process.argv[i + 1]);
};
const turns = arg("--turns", 4000);
const repeat = arg("--repeat", 15);
const json = process.argv.includes("--json");

const work = mkdtempSync(path.join(os.tmpdir(), "cf-bench-hooks-"));
const store = path.join(work, "store");
// With the defaults (a short call is served by the package's daemon once one runs), a daemon of this run's own.
const env = { ...process.env, CONTEXTFOLD_HOME: path.join(work, "home"), CONTEXTFOLD_RUNTIME_DIR: path.join(work, "run") };

function time(argv, input) {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, argv, { input, env, encoding: "utf8", maxBuffer: 1 << 26 });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.status !== 0 || r.stderr) throw new Error(`${argv.join(" ")}: status ${r.status}: ${r.stderr}`);
  return { ms, stdout: r.stdout };
}
const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return { median: s[Math.floor(s.length / 2)], p90: s[Math.min(s.length - 1, Math.floor(s.length * 0.9))] };
};
const series = (fn) => stats(Array.from({ length: repeat }, (_, i) => fn(i)));

try {
  const session = generateSession({ turns, seed: 7, sessionId: "bench-session" });
  const transcript = path.join(work, "session.jsonl");
  writeFileSync(transcript, session.jsonl);
  const imp = time([bin, "import", transcript, "--dir", store, "--json"]);
  const summary = JSON.parse(imp.stdout);
  const hook = (event, payload, extra = []) => time([bin, "hook", event, "--dir", store, ...extra], JSON.stringify(payload));
  const big = readFileSync(transcript, "utf8").slice(0, 3000);
  const rows = {
    'node -e "" (baseline)': series(() => time(["-e", ""]).ms),
    "post-tool-use, a new 3 KB output (fold)": series((i) => hook("post-tool-use", { session_id: "bench-session", hook_event_name: "PostToolUse", tool_name: "Bash", tool_input: { command: `cat part-${i}.log` }, tool_response: { stdout: `${i}\n${big}`, stderr: "" }, tool_use_id: `bench-new-${i}` }).ms),
    "post-tool-use, already folded (ledger)": series(() => hook("post-tool-use", { session_id: "bench-session", hook_event_name: "PostToolUse", tool_name: "Bash", tool_input: { command: "cat part-0.log" }, tool_response: { stdout: `0\n${big}`, stderr: "" }, tool_use_id: "bench-new-0" }).ms),
    "post-tool-use, a small output (left out)": series(() => hook("post-tool-use", { session_id: "bench-session", hook_event_name: "PostToolUse", tool_name: "Bash", tool_input: { command: "ls" }, tool_response: { stdout: "a b c", stderr: "" }, tool_use_id: "bench-small" }).ms),
    "user-prompt-submit (hydrates)": series((i) => hook("user-prompt-submit", { session_id: `bench-q${i}`, hook_event_name: "UserPromptSubmit", prompt: session.questions[i % session.questions.length].prompt }).ms),
    "user-prompt-submit (nothing matches)": series((i) => hook("user-prompt-submit", { session_id: `bench-n${i}`, hook_event_name: "UserPromptSubmit", prompt: "hello there" }).ms),
    "session-start (resume: folded-step records)": series(() => hook("session-start", { session_id: "bench-session", hook_event_name: "SessionStart", source: "resume" }).ms),
    "stop (evicts the turn's steps)": series((i) => {
      hook("user-prompt-submit", { session_id: `bench-s${i}`, hook_event_name: "UserPromptSubmit", prompt: session.questions[i % session.questions.length].prompt });
      return hook("stop", { session_id: `bench-s${i}`, hook_event_name: "Stop", stop_hook_active: false }).ms;
    }),
    "pre-compact (reads the whole transcript, nothing new)": series(() => hook("pre-compact", { session_id: "bench-session", hook_event_name: "PreCompact", trigger: "auto", transcript_path: transcript }).ms),
  };
  const result = { turns, toolResults: summary.toolResults, folded: summary.folded, transcriptBytes: session.jsonl.length, importMs: Math.round(imp.ms), repeat, rows };
  if (json) console.log(JSON.stringify(result, null, 2));
  else {
    console.log(`session: ${turns} turns, ${summary.toolResults} tool results, ${summary.folded} folded (transcript ${(session.jsonl.length / 1e6).toFixed(1)} MB); contextfold import: ${(imp.ms / 1000).toFixed(2)} s`);
    console.log(`one process per hook call, ${repeat} calls each, wall time in ms:\n`);
    console.log("| call | median | p90 |\n|---|---|---|");
    for (const [k, v] of Object.entries(rows)) console.log(`| ${k} | ${v.median.toFixed(0)} | ${v.p90.toFixed(0)} |`);
  }
} finally {
  spawnSync(process.execPath, [bin, "daemon", "stop"], { env });
  rmSync(work, { recursive: true, force: true });
}
