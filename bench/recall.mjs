#!/usr/bin/env node
// npm run bench:recall: does a question get the tool result that answers it? Sessions of our own making
// (tests/recall/scenarios.mjs and the held-out-*.mjs files, as bench/recall-lib.mjs lists them, plus the test suite's
// tests/js/session-gen.mjs session) are imported with `contextfold import`, then every question
// is asked through `contextfold hook user-prompt-submit --budget N` (one process per question, a fresh harness
// session each, as Claude Code runs the hook), once per selection mode.
//
//   node bench/recall.mjs [--budget 2500] [--json] [--verbose] [--verbose-held-out] [--verbose-unseen] [--only NAME] [--exclude NAME[,NAME…]] [--keep]
//     [--modes ipcf-projection-v2,ranked-v1,ranked-v2]
// (--verbose lists the failures of the tuning sessions only; --verbose-held-out those of the seen held-out ones too;
// --verbose-unseen those of the unseen ones too, and their questions in --json, which makes them seen: record it in
// HELD_OUT_SESSIONS in bench/recall-lib.mjs.)
//
// A question passes when every step it needs is injected with its key fact, within the budget; it is *wrong* when
// an older (superseded) state of what it asks is injected without the newest; *over budget* when the injected
// steps' tokens exceed the budget; *missed* otherwise. A question that needs nothing passes when nothing is
// injected. Each held-out session is reported apart, with what has been read of it since it was written
// (HELD_OUT_SESSIONS in bench/recall-lib.mjs, with the sessions and the verdict): only the unseen ones measure
// generalisation. Each table ends with why the questions not answered were not (nothing injected, a needed step not
// picked, a key fact cut), in counts only. Then the questions of tests/recall/general-questions.mjs, which need
// nothing and are phrased as people ask for advice or knowledge, are asked of every tuning session's store, and
// those about the tools one session worked on of that session's store: noisy when anything is injected; and the
// English multi-intent questions of the tuning and seen sessions that join their two questions with "and" are asked
// with other joins too ("as well as", "+", "; ", …), and their English state and history questions announced ("quick
// q: …", "wait, …", "do you remember …"), and the state and history questions it answers, two at a time, asked as
// one ("… and …", "… ve …"). Measures the package in pkg/ (`npm run build` first).
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { HELD_OUT_SESSIONS, allSessions, isUnseen, judge, option, pairsOf, parseContext, stepsOfStore } from "./recall-lib.mjs";
import { ABOUT_THE_SESSIONS_TOOLS_AFTER_RECALL31, ABOUT_THE_SESSIONS_TOOLS_AFTER_RECALL37, ABOUT_THE_SESSIONS_TOOLS_FOR_RECALL31, WRITTEN_AFTER, WRITTEN_FOR_RECALL24 } from "../tests/recall/general-questions.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = process.env.CONTEXTFOLD_BIN ?? path.join(root, "pkg", "bin", "contextfold.mjs");
if (!existsSync(bin)) {
  console.error("pkg/ is not built: run `npm run build` first");
  process.exit(1);
}
const argv = process.argv.slice(2);
const opt = (name, dflt) => option(argv, name, dflt);
const budget = Number(opt("--budget", "2500"));
const json = argv.includes("--json");
const verbose = argv.includes("--verbose");
const only = opt("--only", undefined);
// leave sessions out (a comma-separated list of name prefixes: keep held-out ones unseen while working)
const exclude = opt("--exclude", undefined)?.split(",").filter((e) => e !== "");
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
  return parseContext(out.trim() === "" ? "" : (JSON.parse(out).hookSpecificOutput?.additionalContext ?? ""));
}

// Why a question that needs something was not answered, in counts a session's table can show without its questions:
// nothing injected; a needed step not picked (with others picked); every needed step picked but a key fact cut
// from the hook's text.
function missReason(q, got, stepOf, verdict) {
  if (verdict === "passed" || q.kind === "none") return undefined;
  if (got.steps.length === 0) return "nothing";
  if (q.want.some((w) => !got.steps.includes(stepOf.get(w.id)))) return "not picked";
  return "cut";
}

const sessions = allSessions().filter(
  (s) => (only === undefined || s.name.startsWith(only)) && (exclude === undefined || !exclude.some((e) => s.name.startsWith(e))),
);
const rows = [];
const general = [];
const joined = [];
// How a multi-intent question's two questions may be joined besides "and" (`node bench/recall.mjs` asks each).
const opened = [];
// How a question may be announced (`node bench/recall.mjs` asks the state questions with each).
const OPENINGS = [
  ["quick q:", "quick q: ", "state"],
  ["btw,", "btw, ", "state"],
  ["wait,", "wait, ", "state"],
  ["wait,", "wait, ", "history"],
  ["do you remember", "do you remember ", "history"],
  ["ok,", "ok, ", "history"],
];
// Two questions each answered alone, asked as one (recall-lib's `pairsOf`: the state and the history questions of each
// tuning and seen session that a mode answers).
const paired = [];
const JOINERS = [["and", " and "], ["as well as", " as well as "], ["along with", " along with "], ["+", " + "], ["&", " & "], [";", "; "], ["two questions", "? "]];
try {
  for (const s of sessions) {
    const file = path.join(work, `${s.name.replace(/\W+/g, "-")}.jsonl`);
    writeFileSync(file, s.jsonl);
    const store = path.join(work, "stores", s.name.replace(/\W+/g, "-"));
    const summary = JSON.parse(run(["import", file, "--dir", store, "--json"]));
    const stepOf = stepsOfStore(store);
    const policyFile = path.join(store, ".contextfold", "hydration_policy.json");
    const policy = JSON.parse(readFileSync(policyFile, "utf8"));
    if (!json) console.log(`${s.name}: ${summary.toolResults} tool results, ${summary.folded} folded, ${s.questions.length} questions${s.heldOut ? ` (held-out session ${s.heldOut}: ${HELD_OUT_SESSIONS[s.heldOut - 1][2].split(":")[0]})` : ""}; store policy selection: ${policy.selection ?? "(none)"}`);
    for (const mode of MODES) {
      writeFileSync(policyFile, `${JSON.stringify({ ...policy, selection: mode }, null, 2)}\n`);
      const answered = [];
      s.questions.forEach((q, i) => {
        const got = ask(store, s.sessionId, q.prompt, `${mode}-${i}`);
        const verdict = judge(q, got, stepOf, budget);
        if (verdict === "passed") answered.push(q);
        rows.push({ session: s.name, heldOut: s.heldOut, mode, kind: q.kind, lang: q.lang, prompt: q.prompt, verdict, why: missReason(q, got, stepOf, verdict), tokens: got.tokens, steps: got.steps, want: q.want.map((w) => stepOf.get(w.id)) });
        if (verbose && verdict !== "passed" && (!s.heldOut || (argv.includes("--verbose-held-out") && (!isUnseen(s) || argv.includes("--verbose-unseen"))))) console.log(`  [${mode}] ${verdict}: ${q.prompt} -> steps ${got.steps.join(",") || "-"} (${got.tokens} tokens), want ${q.want.map((w) => stepOf.get(w.id)).join(",")}`);
      });
      // The English multi-intent questions joined by "and", joined otherwise (never an unseen session's: their
      // verdicts would tell what they ask).
      if (!(s.heldOut && isUnseen(s))) {
        // (Each question in a harness session of its own, as the sessions' own questions are: the hook does not
        // inject again what it injected earlier in the same session.)
        s.questions.forEach((q, i) => {
          if (q.kind !== "multi" || q.lang === "tr" || !/ and /.test(q.prompt)) return;
          for (const [joiner, join] of JOINERS) {
            const got = ask(store, s.sessionId, q.prompt.replace(/,? and /, join), `${mode}-joined-${joiner}-${i}`);
            joined.push({ mode, joiner, passed: judge(q, got, stepOf, budget) === "passed" });
          }
        });
      }
      // Two questions this mode answers alone, asked as one (never an unseen session's).
      if (!(s.heldOut && isUnseen(s))) {
        for (const { kind, lang, k, prompt, question } of pairsOf(answered)) {
          const got = ask(store, s.sessionId, prompt, `${mode}-paired-${kind}-${lang}-${k}`);
          paired.push({ mode, kind, lang, passed: judge(question, got, stepOf, budget) === "passed" });
        }
      }
      // The English state and history questions, announced ("quick q: …", "wait, …", "do you remember …"), never an
      // unseen session's.
      if (!(s.heldOut && isUnseen(s))) {
        s.questions.forEach((q, i) => {
          if (q.lang === "tr") return;
          for (const [opening, open, kind] of OPENINGS.filter((o) => o[2] === q.kind)) {
            const got = ask(store, s.sessionId, `${open}${q.prompt[0].toLowerCase()}${q.prompt.slice(1)}`, `${mode}-opened-${opening}-${i}`);
            opened.push({ mode, kind, opening, passed: judge(q, got, stepOf, budget) === "passed" });
          }
        });
      }
      // Questions that need nothing, in other words than the sessions' own (tests/recall/general-questions.mjs): the
      // general ones of each tuning session's store, and those about the tools a session worked on of that session's
      // own store (never an unseen one's).
      const own = s.name.split(" ")[0];
      const needNothing = [
        ...(s.heldOut ? [] : [["tuning", "written for recall24", WRITTEN_FOR_RECALL24], ["tuning", "written after", WRITTEN_AFTER]]),
        ...(s.heldOut && isUnseen(s) ? [] : [["tools", "for recall31", ABOUT_THE_SESSIONS_TOOLS_FOR_RECALL31[own] ?? []], ["tools", "after recall31", ABOUT_THE_SESSIONS_TOOLS_AFTER_RECALL31[own] ?? []], ["tools", "after recall37", ABOUT_THE_SESSIONS_TOOLS_AFTER_RECALL37[own] ?? []]]),
      ];
      for (const [group, set, prompts] of needNothing) {
        prompts.forEach((prompt, i) => {
          const got = ask(store, s.sessionId, prompt, `${mode}-general-${set.replace(/\W+/g, "-")}-${i}`);
          general.push({ session: s.name, mode, group, set, prompt, noisy: got.steps.length > 0, tokens: got.tokens });
          if (verbose && got.steps.length > 0) console.log(`  [${mode}] noisy (general, ${set}): ${prompt} -> steps ${got.steps.join(",")} (${got.tokens} tokens)`);
        });
      }
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
  const reasons = MODES.map((m) => {
    const rs = subset.filter((r) => r.mode === m && r.why !== undefined);
    return `${["nothing", "not picked", "cut"].map((w) => `${w} ${rs.filter((r) => r.why === w).length}`).join(", ")}`.padEnd(44);
  });
  out.push(`${"not answered:".padEnd(16)}${reasons.join("")}`);
  return out.join("\n");
}
if (json) {
  // An unseen session's rows give its verdicts, not its questions and picks (which would make it seen).
  const shown = argv.includes("--verbose-unseen") ? rows : rows.map((r) => (r.heldOut && isUnseen(r) ? { session: r.session, heldOut: r.heldOut, mode: r.mode, kind: r.kind, lang: r.lang, verdict: r.verdict, why: r.why, tokens: r.tokens } : r));
  console.log(JSON.stringify({ budget, rows: shown, general, joined, opened, paired }, null, 2));
} else {
  const tuning = rows.filter((r) => !r.heldOut);
  if (tuning.length) console.log(table(tuning, "Tuning sessions (billing, storefront, data-platform, session-gen)"));
  // One line of counts per mode: how many of `entries` (rows with a `mode`) `count` holds, of how many.
  const countLine = (label, entries, count) =>
    console.log(`${label.padEnd(22)}${MODES.map((m) => { const es = entries.filter((e) => e.mode === m); return `${m} ${es.filter(count).length}/${es.length}`.padEnd(44); }).join("")}`);
  if (joined.length) {
    const asked = joined.filter((j) => j.mode === MODES[0] && j.joiner === "and").length;
    console.log(`\nMulti-intent questions joined otherwise (the ${asked} English ones joined by "and" of the tuning and seen sessions): passed of asked`);
    for (const [joiner] of JOINERS) countLine(joiner, joined.filter((j) => j.joiner === joiner), (j) => j.passed);
  }
  if (paired.length) {
    console.log(`\nTwo questions answered alone, asked as one (state and history questions of the tuning and seen sessions, joined by "and" / "ve"): passed of asked`);
    for (const kind of ["state", "history"]) for (const lang of ["en", "tr"]) countLine(`${kind}, ${lang === "en" ? "English" : "Turkish"}`, paired.filter((p) => p.kind === kind && p.lang === lang), (p) => p.passed);
  }
  for (const [kind, title] of opened.length ? [["state", "State"], ["history", "History"]] : []) {
    const plain = rows.filter((r) => r.kind === kind && r.lang !== "tr" && !(r.heldOut && isUnseen(r)));
    console.log(`\n${title} questions announced (the ${plain.filter((r) => r.mode === MODES[0]).length} English ones of the tuning and seen sessions): passed of asked`);
    countLine("as written", plain, (r) => r.verdict === "passed");
    for (const [opening] of OPENINGS.filter((o) => o[2] === kind)) countLine(opening, opened.filter((o) => o.kind === kind && o.opening === opening), (o) => o.passed);
  }
  if (general.length) {
    const tuning = general.filter((g) => g.group === "tuning");
    const stores = new Set(tuning.map((g) => g.session)).size;
    console.log(`\nNeeds nothing, in other words (tests/recall/general-questions.mjs, asked of ${stores} tuning stores): noisy of asked`);
    for (const set of ["written for recall24", "written after"]) countLine(set, general.filter((g) => g.set === set), (g) => g.noisy);
    const tools = general.filter((g) => g.group === "tools");
    console.log(`\nNeeds nothing, about the tools a session worked on (the same file, each asked of its session's store, ${new Set(tools.map((g) => g.session)).size} stores): noisy of asked`);
    for (const set of ["for recall31", "after recall31", "after recall37"]) countLine(set, general.filter((g) => g.set === set), (g) => g.noisy);
  }
  HELD_OUT_SESSIONS.forEach(([, name, history], i) => {
    const held = rows.filter((r) => r.heldOut === i + 1);
    if (held.length) console.log(table(held, `Held-out session ${i + 1} (${name}), ${history}`));
  });
}
