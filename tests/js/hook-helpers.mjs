// Shared by the hook tests: the installed `contextfold` bin, hook payloads in the shapes Claude Code 2.1.332 and
// Codex CLI 0.171.0 write them (recorded from real runs of both against a local model stub; see
// tests/js/hooks-harness.test.mjs), and fresh data homes.
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import * as path from "node:path";
import { CONSUMER, PKG_DIR, ROOT } from "./helpers.mjs";

export const CF_BIN = path.join(PKG_DIR, "bin", "contextfold.mjs");
const TMP = path.join(ROOT, "tests", "tmp");

/** A fresh folder under tests/tmp/ (a data home, a project, ...). */
export function tempDir(prefix) {
  mkdirSync(TMP, { recursive: true });
  return mkdtempSync(path.join(TMP, `${prefix}-`));
}

/** An environment whose data home is `home` (and nothing of the caller's contextfold settings). */
export function envWith(home, extra = {}) {
  const env = { ...process.env, CONTEXTFOLD_HOME: home, ...extra };
  delete env.XDG_DATA_HOME;
  return env;
}

/** Run the installed bin: `{ status, stdout, stderr }`. `input` goes to stdin (a string or an object as JSON). */
export function cf(args, { input, env, cwd } = {}) {
  const r = spawnSync(process.execPath, [CF_BIN, ...args], {
    input: input === undefined ? "" : typeof input === "string" ? input : JSON.stringify(input),
    env: env ?? process.env,
    cwd: cwd ?? CONSUMER,
    encoding: "utf8",
    maxBuffer: 64 << 20,
  });
  return { status: r.status, signal: r.signal, stdout: r.stdout, stderr: r.stderr };
}

/** The same, as a promise (for runs at the same time). */
export function cfAsync(args, { input, env, cwd } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CF_BIN, ...args], { env: env ?? process.env, cwd: cwd ?? CONSUMER });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, stdout, stderr }));
    child.stdin.end(input === undefined ? "" : typeof input === "string" ? input : JSON.stringify(input));
  });
}

/** `contextfold hook ...` with a payload; asserts nothing. */
export const hook = (payload, args = [], opts = {}) => cf(["hook", ...args], { ...opts, input: payload });

/** A tool output of about `bytes` bytes that starts with `head` (log-like lines after it). */
export function bigOutput(head, bytes = 3000) {
  let s = `${head}\n`;
  for (let i = 0; s.length < bytes; i++) s += `  [${String(i).padStart(4, "0")}] worker heartbeat ok, queue depth ${i % 7}, latency ${(i * 37) % 101} ms\n`;
  return s;
}

// ---- payloads as Claude Code 2.1.332 writes them ----

export function claudePayload(event, sessionId, fields = {}) {
  const common = {
    session_id: sessionId,
    transcript_path: `/home/dev/.claude/projects/-home-dev-app/${sessionId}.jsonl`,
    cwd: "/home/dev/app",
  };
  switch (event) {
    case "SessionStart":
      return { ...common, hook_event_name: "SessionStart", source: "startup", ...fields };
    case "UserPromptSubmit":
      return { ...common, prompt_id: "52576c1d-7aa4-4a6a-a2f0-6ff6a7359af8", permission_mode: "default", hook_event_name: "UserPromptSubmit", prompt: "", ...fields };
    case "PostToolUse":
      return {
        ...common,
        prompt_id: "52576c1d-7aa4-4a6a-a2f0-6ff6a7359af8",
        permission_mode: "default",
        effort: { level: "medium" },
        hook_event_name: "PostToolUse",
        tool_name: "Bash",
        tool_input: { command: "true", description: "run" },
        tool_response: { stdout: "", stderr: "", interrupted: false, isImage: false, noOutputExpected: false },
        tool_use_id: "toolu_01",
        duration_ms: 25,
        ...fields,
      };
    case "PostToolUseFailure":
      return { ...common, prompt_id: "52576c1d-7aa4-4a6a-a2f0-6ff6a7359af8", permission_mode: "default", hook_event_name: "PostToolUseFailure", tool_name: "Bash", tool_input: { command: "false" }, tool_use_id: "toolu_01", error: "Exit code 1", is_interrupt: false, duration_ms: 28, ...fields };
    case "PreCompact":
      return { ...common, hook_event_name: "PreCompact", trigger: "manual", custom_instructions: "", ...fields };
    case "Stop":
      return { ...common, prompt_id: "52576c1d-7aa4-4a6a-a2f0-6ff6a7359af8", permission_mode: "default", hook_event_name: "Stop", stop_hook_active: false, last_assistant_message: "Done.", background_tasks: [], session_crons: [], ...fields };
    default:
      throw new Error(`no Claude Code payload for ${event}`);
  }
}

/** A Bash PostToolUse of Claude Code with `stdout`. */
export const claudeBash = (sessionId, id, command, stdout, extra = {}) =>
  claudePayload("PostToolUse", sessionId, { tool_use_id: id, tool_input: { command, description: "run" }, tool_response: { stdout, stderr: "", interrupted: false, isImage: false, noOutputExpected: false }, ...extra });

// ---- payloads as Codex CLI 0.171.0 writes them ----

export function codexPayload(event, sessionId, fields = {}) {
  const common = { session_id: sessionId, transcript_path: `/home/dev/.codex/sessions/2026/12/02/rollout-2026-12-02T09-46-57-${sessionId}.jsonl`, cwd: "/home/dev/app" };
  const turn = { turn_id: "01a23626-6c5e-7a50-b4bf-867349a78dbe" };
  const tail = { model: "gpt-5.5", permission_mode: "bypassPermissions" };
  switch (event) {
    case "SessionStart":
      return { ...common, hook_event_name: "SessionStart", ...tail, source: "startup", ...fields };
    case "UserPromptSubmit":
      return { session_id: sessionId, ...turn, transcript_path: common.transcript_path, cwd: common.cwd, hook_event_name: "UserPromptSubmit", ...tail, prompt: "", ...fields };
    case "PostToolUse":
      return { session_id: sessionId, ...turn, transcript_path: common.transcript_path, cwd: common.cwd, hook_event_name: "PostToolUse", ...tail, tool_name: "Bash", tool_input: { command: "true" }, tool_response: "", tool_use_id: "call_1", ...fields };
    case "PreCompact":
      return { session_id: sessionId, ...turn, transcript_path: common.transcript_path, cwd: common.cwd, hook_event_name: "PreCompact", ...tail, trigger: "auto", ...fields };
    case "Stop":
      return { session_id: sessionId, ...turn, transcript_path: common.transcript_path, cwd: common.cwd, hook_event_name: "Stop", ...tail, stop_hook_active: false, last_assistant_message: "Done.", ...fields };
    default:
      throw new Error(`no Codex payload for ${event}`);
  }
}

export const codexBash = (sessionId, id, command, output, extra = {}) => codexPayload("PostToolUse", sessionId, { tool_use_id: id, tool_input: { command }, tool_response: output, ...extra });

/** The session folder of `sessionId` under the data home `home`. */
export const sessionDir = (home, sessionId) => path.join(home, "sessions", sessionId);

/** The tool-call ledger of a store root: `[{ id, step }]`. */
export function ledgerOf(root) {
  try {
    return readFileSync(path.join(root, ".contextfold-hooks", "tools.jsonl"), "utf8")
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l));
  } catch {
    return [];
  }
}

/** The additionalContext of a hook's stdout (asserting the JSON shape of `event`). */
export function contextOf(stdout, event) {
  const out = JSON.parse(stdout);
  if (Object.keys(out).join() !== "hookSpecificOutput") throw new Error(`unexpected top-level keys: ${Object.keys(out)}`);
  if (out.hookSpecificOutput.hookEventName !== event) throw new Error(`hookEventName ${out.hookSpecificOutput.hookEventName}, want ${event}`);
  return out.hookSpecificOutput.additionalContext;
}

/** Step ids of the header lines of an injection. */
export const injectedSteps = (text) => [...text.matchAll(/^\[contextfold step (\d+) \|/gm)].map((m) => Number(m[1]));

// ---- schemas (ours in schemas/, the reference's in tests/reference_schemas/) ----

const require = createRequire(import.meta.url);
const DATE_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/i;

/** `validate(name, value)` against our schema and the reference's: the list of errors (empty when valid). */
export function schemaChecker() {
  const Ajv2020 = require(path.join(ROOT, "node_modules", "ajv", "dist", "2020.js")).default;
  const compilers = [path.join(ROOT, "schemas"), path.join(ROOT, "tests", "reference_schemas")].map((dir, i) => {
    const ajv = new Ajv2020({ strict: i === 0, allErrors: true, formats: { "date-time": DATE_TIME } });
    for (const f of readdirSync(dir).filter((f) => f.endsWith(".schema.json"))) ajv.addSchema(JSON.parse(readFileSync(path.join(dir, f), "utf8")), f);
    return { dir, ajv };
  });
  return (name, value) => {
    const errors = [];
    for (const { dir, ajv } of compilers) {
      const validate = ajv.getSchema(name);
      if (!validate) errors.push(`${dir}: no ${name}`);
      else if (!validate(value)) errors.push(`${path.basename(dir)}/${name}: ${ajv.errorsText(validate.errors)}`);
    }
    return errors;
  };
}

/** A fenced JSON block of the repository README after `<!-- snippet: NAME ... -->`, parsed. */
export function readmeSnippet(name) {
  const readme = readFileSync(path.join(ROOT, "README.md"), "utf8");
  const m = new RegExp(`<!-- snippet: ${name}[^>]*-->\\s*\`\`\`json\\n([\\s\\S]*?)\`\`\``).exec(readme);
  if (!m) throw new Error(`README has no ${name} snippet`);
  return JSON.parse(m[1]);
}

/** Every hook command of a hooks config (`{hooks: {Event: [{matcher?, hooks: [...]}]}}`), with its event. */
export const hookCommands = (config) => Object.entries(config.hooks).flatMap(([event, groups]) => groups.flatMap((g) => g.hooks.map((h) => ({ event, matcher: g.matcher, ...h }))));

/** The store's eviction log as a reference reader sees it after `contextfold checkpoint` (the hooks journal it). */
export function evictionLog(root) {
  const r = cf(["checkpoint", "--dir", root]);
  if (r.status !== 0) throw new Error(`contextfold checkpoint failed: ${r.stderr}`);
  return JSON.parse(readFileSync(path.join(root, ".contextfold", "eviction_log.json"), "utf8"));
}
