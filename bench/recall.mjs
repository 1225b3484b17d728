#!/usr/bin/env node
// npm run bench:recall: does a question get the tool result that answers it? Sessions of our own making
// (tests/recall/scenarios.mjs, held-out-6.mjs and held-out-8.mjs, plus the test suite's tests/js/session-gen.mjs session) are imported with
// `contextfold import`, then every question is asked through `contextfold hook user-prompt-submit --budget N` (one
// process per question, a fresh harness session each, as Claude Code runs the hook), once per selection mode.
//
//   node bench/recall.mjs [--budget 2500] [--json] [--verbose] [--verbose-held-out] [--only NAME] [--exclude NAME] [--keep]
//     [--modes ipcf-projection-v2,ranked-v1,ranked-v2]
// (--verbose lists the failures of the tuning sessions only; --verbose-held-out those of the held-out ones too.)
//
// A question passes when every step it needs is injected with its key fact, within the budget; it is *wrong* when
// an older (superseded) state of what it asks is injected without the newest; *over budget* when the injected
// steps' tokens exceed the budget; *missed* otherwise. A question that needs nothing passes when nothing is
// injected. The held-out session was kept out of tuning and is reported apart. Measures the package in pkg/
// (`npm run build` first).
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { generateSession } from "../tests/js/session-gen.mjs";
import { buildSession } from "../tests/recall/build.mjs";
import { HELD_OUT, HELD_OUT_2, HELD_OUT_3, HELD_OUT_4, HELD_OUT_5, TUNING } from "../tests/recall/scenarios.mjs";
import { HELD_OUT_6, HELD_OUT_7 } from "../tests/recall/held-out-6.mjs";
import { HELD_OUT_8, HELD_OUT_9 } from "../tests/recall/held-out-8.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = process.env.CONTEXTFOLD_BIN ?? path.join(root, "pkg", "bin", "contextfold.mjs");
if (!existsSync(bin)) {
  console.error("pkg/ is not built: run `npm run build` first");
  process.exit(1);
}
const argv = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = argv.indexOf(name);
  return i < 0 ? dflt : argv[i + 1];
};
const budget = Number(opt("--budget", "2500"));
const json = argv.includes("--json");
const verbose = argv.includes("--verbose");
const only = opt("--only", undefined);
const exclude = opt("--exclude", undefined); // leave a session out (keep a held-out one unseen while working)
const keep = argv.includes("--keep"); // keep the stores (for a look with `contextfold scan --dir`)
const MODES = (opt("--modes", "ipcf-projection-v2,ranked-v1,ranked-v2")).split(",");

const work = mkdtempSync(path.join(os.tmpdir(), "cf-bench-recall-"));
// The questions are asked with the defaults (the hooks as a harness runs them: served by the package's daemon
// after the first), by a daemon of this run's own, stopped at the end.
const env = { ...process.env, CONTEXTFOLD_HOME: path.join(work, "home"), CONTEXTFOLD_RUNTIME_DIR: path.join(work, "run") };
delete env.XDG_DATA_HOME;

function run(args, input) {
  const r = spawnSync(process.execPath, [bin, ...args], { input, env, encoding: "utf8", maxBuffer: 1 << 26 });
  if (r.status !== 0) throw new Error(`contextfold ${args.join(" ")}: status ${r.status}: ${r.stderr}`);
  return r.stdout;
}

/** The session-gen session as a benchmark session: its dozen state questions. */
function sessionGen() {
  const s = generateSession({ turns: 300, seed: 11 });
  return {
    name: "session-gen",
    sessionId: s.sessionId,
    jsonl: s.jsonl,
    questions: s.questions.map((q) => ({ kind: "state", lang: "en", prompt: q.prompt, want: [{ id: q.expect, fact: q.fact, superseded: [] }] })),
  };
}

function ask(store, sessionId, prompt, i) {
  const payload = {
    session_id: `${sessionId}-bench-${i}`,
    transcript_path: `/tmp/${sessionId}.jsonl`,
    cwd: "/home/dev",
    prompt_id: `bench-${i}`,
    permission_mode: "default",
    hook_event_name: "UserPromptSubmit",
    prompt,
  };
  const out = run(["hook", "user-prompt-submit", "--dir", store, "--budget", String(budget)], JSON.stringify(payload));
  const text = out.trim() === "" ? "" : (JSON.parse(out).hookSpecificOutput?.additionalContext ?? "");
  const steps = [...text.matchAll(/^\[contextfold step (\d+) \|/gm)].map((m) => Number(m[1]));
  const tokens = [...text.matchAll(/^\[contextfold step \d+ \| .* \| (\d+) tokens/gm)].reduce((n, m) => n + Number(m[1]), 0);
  return { text, steps, tokens };
}

function judge(q, got, stepOf) {
  if (q.kind === "none") return got.steps.length === 0 ? "passed" : "noisy";
  if (got.tokens > budget) return "over budget";
  const ok = q.want.every((w) => got.steps.includes(stepOf.get(w.id)) && got.text.includes(w.fact));
  if (ok) return "passed";
  const wrong = q.want.some((w) => !got.steps.includes(stepOf.get(w.id)) && w.superseded.some((id) => got.steps.includes(stepOf.get(id))));
  return wrong ? "wrong" : "missed";
}

const sessions = [...TUNING.map((s) => ({ ...buildSession(s), heldOut: false })), { ...sessionGen(), heldOut: false }, ...HELD_OUT.map((s) => ({ ...buildSession(s), heldOut: 1 })), ...HELD_OUT_2.map((s) => ({ ...buildSession(s), heldOut: 2 })), ...HELD_OUT_3.map((s) => ({ ...buildSession(s), heldOut: 3 })), ...HELD_OUT_4.map((s) => ({ ...buildSession(s), heldOut: 4 })), ...HELD_OUT_5.map((s) => ({ ...buildSession(s), heldOut: 5 })), ...HELD_OUT_6.map((s) => ({ ...buildSession(s), heldOut: 6 })), ...HELD_OUT_7.map((s) => ({ ...buildSession(s), heldOut: 7 })), ...HELD_OUT_8.map((s) => ({ ...buildSession(s), heldOut: 8 })), ...HELD_OUT_9.map((s) => ({ ...buildSession(s), heldOut: 9 }))].filter(
  (s) => (only === undefined || s.name.startsWith(only)) && (exclude === undefined || !s.name.startsWith(exclude)),
);
const rows = [];
try {
  for (const s of sessions) {
    const file = path.join(work, `${s.name.replace(/\W+/g, "-")}.jsonl`);
    writeFileSync(file, s.jsonl);
    const store = path.join(work, "stores", s.name.replace(/\W+/g, "-"));
    const summary = JSON.parse(run(["import", file, "--dir", store, "--json"]));
    const ledger = readFileSync(path.join(store, ".contextfold-hooks", "tools.jsonl"), "utf8").trim().split("\n").map((l) => JSON.parse(l));
    const stepOf = new Map(ledger.map((e) => [e.id, e.step]));
    const policyFile = path.join(store, ".contextfold", "hydration_policy.json");
    const policy = JSON.parse(readFileSync(policyFile, "utf8"));
    if (!json) console.log(`${s.name}: ${summary.toolResults} tool results, ${summary.folded} folded, ${s.questions.length} questions${s.heldOut ? " (held out of tuning)" : ""}; store policy selection: ${policy.selection ?? "(none)"}`);
    for (const mode of MODES) {
      writeFileSync(policyFile, `${JSON.stringify({ ...policy, selection: mode }, null, 2)}\n`);
      s.questions.forEach((q, i) => {
        const got = ask(store, s.sessionId, q.prompt, `${mode}-${i}`);
        const verdict = judge(q, got, stepOf);
        rows.push({ session: s.name, heldOut: s.heldOut, mode, kind: q.kind, lang: q.lang, prompt: q.prompt, verdict, tokens: got.tokens, steps: got.steps, want: q.want.map((w) => stepOf.get(w.id)) });
        if (verbose && verdict !== "passed" && (!s.heldOut || argv.includes("--verbose-held-out"))) console.log(`  [${mode}] ${verdict}: ${q.prompt} -> steps ${got.steps.join(",") || "-"} (${got.tokens} tokens), want ${q.want.map((w) => stepOf.get(w.id)).join(",")}`);
      });
    }
    writeFileSync(policyFile, `${JSON.stringify(policy, null, 2)}\n`);
  }
} finally {
  spawnSync(process.execPath, [bin, "daemon", "stop"], { env });
  if (keep) console.error(`stores kept in ${work}/stores`);
  else rmSync(work, { recursive: true, force: true });
}

const VERDICTS = ["passed", "missed", "wrong", "over budget", "noisy"];
function table(subset, title) {
  const groups = [
    ["all", () => true],
    ["state", (r) => r.kind === "state"],
    ["history", (r) => r.kind === "history"],
    ["multi-intent", (r) => r.kind === "multi"],
    ["needs nothing", (r) => r.kind === "none"],
    ["Turkish", (r) => r.lang === "tr"],
  ];
  const out = [];
  out.push(`\n${title} (budget ${budget} tokens)`);
  out.push(`${"".padEnd(16)}${MODES.map((m) => m.padEnd(44)).join("")}`);
  out.push(`${"".padEnd(16)}${MODES.map(() => "pass  miss  wrong  over  noisy  median tok   ".padEnd(44)).join("")}`);
  for (const [name, f] of groups) {
    const cells = MODES.map((m) => {
      const rs = subset.filter((r) => r.mode === m && f(r));
      if (rs.length === 0) return "".padEnd(44);
      const c = Object.fromEntries(VERDICTS.map((v) => [v, rs.filter((r) => r.verdict === v).length]));
      const toks = rs.map((r) => r.tokens).sort((a, b) => a - b);
      const med = toks[Math.floor(toks.length / 2)];
      return `${`${c.passed}/${rs.length}`.padEnd(6)}${String(c.missed).padEnd(6)}${String(c.wrong).padEnd(7)}${String(c["over budget"]).padEnd(6)}${String(c.noisy).padEnd(7)}${String(med).padEnd(13)}`.padEnd(44);
    });
    out.push(`${name.padEnd(16)}${cells.join("")}`);
  }
  return out.join("\n");
}
if (json) {
  console.log(JSON.stringify({ budget, rows }, null, 2));
} else {
  console.log(table(rows.filter((r) => !r.heldOut), "Tuning sessions (billing, storefront, data-platform, session-gen)"));
  const held = rows.filter((r) => r.heldOut === 1);
  if (held.length) console.log(table(held, "Held-out session (notify), not used for tuning"));
  const held2 = rows.filter((r) => r.heldOut === 2);
  if (held2.length) console.log(table(held2, "Second held-out session (inference), written before any ranked-v2 result on it, not used for tuning"));
  const held3 = rows.filter((r) => r.heldOut === 3);
  if (held3.length) console.log(table(held3, "Third held-out session (fieldnotes), written before the rank5 changes, not used for tuning"));
  const held4 = rows.filter((r) => r.heldOut === 4);
  if (held4.length) console.log(table(held4, "Fourth held-out session (infra), written before the rank6 changes, not used for tuning"));
  const held5 = rows.filter((r) => r.heldOut === 5);
  if (held5.length) console.log(table(held5, "Fifth held-out session (quill), written before the recall7 changes, not used for tuning"));
  const held6 = rows.filter((r) => r.heldOut === 6);
  if (held6.length) console.log(table(held6, "Sixth held-out session (relayd), written blind before any result on it, not used for tuning"));
  const held7 = rows.filter((r) => r.heldOut === 7);
  if (held7.length) console.log(table(held7, "Seventh held-out session (stride), written blind before any result on it, not used for tuning"));
  const held8 = rows.filter((r) => r.heldOut === 8);
  if (held8.length) console.log(table(held8, "Eighth held-out session (larkspur), written blind before any result on it, not used for tuning"));
  const held9 = rows.filter((r) => r.heldOut === 9);
  if (held9.length) console.log(table(held9, "Ninth held-out session (kestrel), written blind before any result on it, not used for tuning"));
}
