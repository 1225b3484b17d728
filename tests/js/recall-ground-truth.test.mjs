// The recall benchmark's ground truth is consistent, so that a verdict of bench/recall-lib.mjs's judge measures the
// selection and not a slip in a session file: each question that needs something names steps that exist, whose text
// holds its key fact and is large enough for `contextfold import` to fold; superseded states are older calls of the
// same thing; names, session ids and call ids are unique; the judge passes the ground truth itself. Pure data checks:
// no selection runs, nothing is imported into a store. The redaction check runs when a built package is at hand
// (the test consumer or pkg/), and is skipped otherwise.
//
// Unseen held-out sessions stay unseen: a failure names the session, the question's number and the turn, never a
// prompt or a key fact of any session (the same messages for all, so no branch can leak).
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import * as path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { HELD_OUT_SESSIONS, judge, sessionGen } from "../../bench/recall-lib.mjs";
import { buildSession } from "../recall/build.mjs";
import { TUNING } from "../recall/scenarios.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const KINDS = new Set(["state", "history", "multi", "none"]);
const LANGS = new Set(["en", "tr"]);
const constant = (file, re) => Number(readFileSync(path.join(ROOT, file), "utf8").match(re)[1]);
// The smallest tool output the import folds (a smaller one stays in the prompt and never becomes a step).
const MIN_FOLD_BYTES = constant("pkg-template/lib/hooks/fold.js", /DEFAULT_MIN_BYTES = (\d+)/);
// What one hook output carries at most (characters), and the benchmark's default token budget per question.
const MAX_HOOK_CHARS = constant("pkg-template/lib/hooks/render.js", /DEFAULT_MAX_CHARS = (\d+)/);
const BENCH_BUDGET = constant("bench/recall.mjs", /opt\("--budget", "(\d+)"\)/);

/** Every scenario of the benchmark: the tuning ones, then the held-out ones. */
const scenarios = [...TUNING, ...HELD_OUT_SESSIONS.flatMap(([list]) => list)];

/** Builds a scenario, or records that it failed: build.mjs's own error names the key fact, so only the name is kept. */
const unbuilt = [];
function build(sc) {
  try {
    return [buildSession(sc)];
  } catch {
    unbuilt.push(sc.name);
    return [];
  }
}
/** The tool results of a transcript as the import reads them, in order: id, text, its call's input, turn (1-based). */
function toolResults(jsonl) {
  const inputs = new Map();
  const results = [];
  for (const line of jsonl.split("\n")) {
    if (line === "") continue;
    const content = JSON.parse(line).message?.content;
    if (!Array.isArray(content)) continue;
    for (const block of content) {
      if (block.type === "tool_use") inputs.set(block.id, block.input);
      if (block.type !== "tool_result") continue;
      const text = typeof block.content === "string" ? block.content : block.content.filter((i) => i.type === "text").map((i) => i.text).join("\n");
      results.push({ id: block.tool_use_id, text, input: inputs.get(block.tool_use_id), turn: results.length + 1 });
    }
  }
  return results;
}
const sessions = [...scenarios.flatMap(build), sessionGen()].map((s) => ({ ...s, calls: toolResults(s.jsonl) }));
// Questions whose key fact the redactor (secrets-v1) takes out of the step, so that no selection can pass them. Found
// by this test in an unseen session, which its author here did not open: the fact needs rewording by someone who may
// read that file. Listed so the check guards every other question; the test fails once one is fixed (then drop it).
const KNOWN_REDACTED = new Set(["tidewater (held out 10): question 26, want 1"]);
const where = (s, qi, wi) => `${s.name}: question ${qi + 1}${wi === undefined ? "" : `, want ${wi + 1}`}`;

describe("recall benchmark ground truth", () => {
  it("builds every session (each want names a key, turn and fact the scenario has)", () => {
    assert.deepEqual(unbuilt, [], "buildSession failed for these sessions");
  });

  it("lists each held-out session under a unique label that names it, as seen or unseen", () => {
    const labels = HELD_OUT_SESSIONS.map(([, label]) => label);
    assert.equal(new Set(labels).size, labels.length, "duplicate held-out labels");
    for (const [list, label, history] of HELD_OUT_SESSIONS) {
      assert.ok(Array.isArray(list) && list.length > 0, `${label}: no session`);
      for (const sc of list) assert.ok(sc.name.startsWith(label), `${label}: session ${sc.name} does not start with its label (--only selects by prefix)`);
      assert.match(history, /^(seen|unseen): /, `${label}: the verdict must start with "seen: " or "unseen: "`);
    }
  });

  it("gives every session its own name, session id and tool-call ids", () => {
    const names = sessions.map((s) => s.name);
    const ids = sessions.map((s) => s.sessionId);
    assert.equal(new Set(names).size, names.length, "duplicate session names");
    assert.equal(new Set(ids).size, ids.length, "duplicate session ids");
    for (const name of names) assert.equal(names.filter((n) => n.startsWith(name)).length, 1, `${name}: --only ${name} would select another session too`);
    const calls = sessions.flatMap((s) => s.calls.map((c) => c.id));
    assert.equal(new Set(calls).size, calls.length, "duplicate tool-call ids across sessions");
  });

  it("places each fact on its own turn, inside the session", () => {
    for (const sc of scenarios) {
      const turns = sc.facts.map((f) => f[0]);
      for (const t of turns) assert.ok(Number.isInteger(t) && t >= 1 && t <= sc.turns, `${sc.name}: fact turn ${t} outside 1..${sc.turns}`);
      const repeated = turns.filter((t, i) => turns.indexOf(t) !== i);
      assert.deepEqual(repeated, [], `${sc.name}: two facts on one turn (the later one silently replaces the earlier)`);
      for (const f of sc.facts) assert.equal(typeof f[3], "string", `${sc.name}: fact of turn ${f[0]} has no body text`);
    }
  });

  it("has a known kind and language for each question, and wants exactly when it needs something", () => {
    for (const s of sessions) {
      assert.ok(s.questions.length > 0, `${s.name}: no questions`);
      s.questions.forEach((q, qi) => {
        assert.ok(KINDS.has(q.kind), `${where(s, qi)}: unknown kind`);
        assert.ok(LANGS.has(q.lang), `${where(s, qi)}: unknown language`);
        assert.ok(typeof q.prompt === "string" && q.prompt.trim() !== "", `${where(s, qi)}: empty prompt`);
        if (q.kind === "none") assert.equal(q.want.length, 0, `${where(s, qi)}: a question that needs nothing names a step`);
        else assert.ok(q.want.length > 0, `${where(s, qi)}: needs something but names no step`);
        if (q.kind === "multi") assert.ok(new Set(q.want.map((w) => w.id)).size >= 2, `${where(s, qi)}: a multi-intent question needs two different steps`);
      });
      const prompts = s.questions.map((q) => q.prompt);
      assert.equal(new Set(prompts).size, prompts.length, `${s.name}: a question is asked twice`);
    }
  });

  it("names needed steps that exist, are folded by the import, and hold the key fact", () => {
    for (const s of sessions) {
      const byId = new Map(s.calls.map((c) => [c.id, c]));
      s.questions.forEach((q, qi) =>
        q.want.forEach((w, wi) => {
          const call = byId.get(w.id);
          assert.ok(call, `${where(s, qi, wi)}: the needed step is not a call of the session`);
          assert.ok(typeof w.fact === "string" && w.fact.trim().length >= 3, `${where(s, qi, wi)}: the key fact is empty or too short to mean anything`);
          assert.ok(call.text.includes(w.fact), `${where(s, qi, wi)}: the key fact is not in the step (turn ${call.turn})`);
          assert.ok(Buffer.byteLength(call.text) >= MIN_FOLD_BYTES, `${where(s, qi, wi)}: the step (turn ${call.turn}) is under ${MIN_FOLD_BYTES} bytes, so the import never folds it`);
          assert.equal(w.fact, w.fact.normalize("NFC"), `${where(s, qi, wi)}: the key fact is not in NFC`);
        }),
      );
    }
  });

  it("fits the steps each question needs into one hook output and the benchmark's token budget", () => {
    // Approximate: each step's header line holds the tool and its input (under 100 characters besides); tokens are
    // counted as the reference does by default (code points / 4).
    for (const s of sessions) {
      const byId = new Map(s.calls.map((c) => [c.id, c]));
      s.questions.forEach((q, qi) => {
        const needed = [...new Set(q.want.map((w) => w.id))].map((id) => byId.get(id)).filter(Boolean);
        const chars = needed.reduce((n, c) => n + c.text.length + JSON.stringify(c.input ?? {}).length + 100, 0);
        const tokens = needed.reduce((n, c) => n + Math.ceil([...c.text].length / 4), 0);
        assert.ok(chars <= MAX_HOOK_CHARS, `${where(s, qi)}: its steps need ~${chars} characters, over the hook's ${MAX_HOOK_CHARS}`);
        assert.ok(tokens <= BENCH_BUDGET, `${where(s, qi)}: its steps need ~${tokens} tokens, over the benchmark's budget of ${BENCH_BUDGET}`);
      });
    }
  });

  it("lists as superseded only older calls of the same thing, never the step it wants", () => {
    for (const s of sessions) {
      const byId = new Map(s.calls.map((c) => [c.id, c]));
      s.questions.forEach((q, qi) =>
        q.want.forEach((w, wi) => {
          const latest = byId.get(w.id);
          const older = w.superseded.map((id) => byId.get(id));
          assert.ok(older.every(Boolean), `${where(s, qi, wi)}: a superseded state is not a call of the session`);
          assert.equal(new Set(w.superseded).size, w.superseded.length, `${where(s, qi, wi)}: a superseded state is listed twice`);
          for (const c of older) assert.ok(c.turn < latest.turn, `${where(s, qi, wi)}: superseded state of turn ${c.turn} is not older than the latest (turn ${latest.turn})`);
          const turns = older.map((c) => c.turn);
          assert.deepEqual(turns, [...turns].sort((a, b) => a - b), `${where(s, qi, wi)}: superseded states out of order`);
        }),
      );
    }
  });

  it("lets the judge pass the ground truth, call only superseded states wrong, and pass nothing for a question that needs nothing", () => {
    const budget = 2500;
    for (const s of sessions) {
      const byId = new Map(s.calls.map((c) => [c.id, c]));
      const stepOf = new Map(s.calls.map((c) => [c.id, c.turn])); // a step per call, as the import gives each fold
      const context = (ids) => ({ steps: ids.map((id) => stepOf.get(id)), text: ids.map((id) => byId.get(id).text).join("\n"), tokens: 0 });
      s.questions.forEach((q, qi) => {
        const empty = { steps: [], text: "", tokens: 0 };
        if (q.kind === "none") {
          assert.equal(judge(q, empty, stepOf, budget), "passed", `${where(s, qi)}: nothing injected`);
          return;
        }
        assert.equal(judge(q, context(q.want.map((w) => w.id)), stepOf, budget), "passed", `${where(s, qi)}: the needed steps themselves`);
        assert.equal(judge(q, empty, stepOf, budget), "missed", `${where(s, qi)}: nothing injected`);
        const stale = q.want.flatMap((w) => w.superseded);
        if (stale.length > 0) assert.equal(judge(q, context(stale), stepOf, budget), "wrong", `${where(s, qi)}: only superseded states injected`);
      });
    }
  });

  it("calls a superseded state wrong when the newest is shown only cut, without its key fact", () => {
    const q = { kind: "state", lang: "en", prompt: "Which port is it on now?", want: [{ id: "new", fact: "PORT=5434", superseded: ["old"] }] };
    const stepOf = new Map([["old", 1], ["new", 2]]);
    const cutNewest = { steps: [1, 2], text: "PORT=5432\n[contextfold step 2 | … | cut to fit the hook output; …]\nstarting…", tokens: 0 };
    assert.equal(judge(q, cutNewest, stepOf, 2500), "wrong");
    assert.equal(judge(q, { ...cutNewest, text: `${cutNewest.text}\nPORT=5434` }, stepOf, 2500), "passed");
  });

  it("keeps every key fact through secret redaction (when a built package is at hand)", async (t) => {
    const consumer = process.env.CONTEXTFOLD_CONSUMER ?? path.join(ROOT, "tests", "tmp", "consumer");
    const entry = [path.join(consumer, "contextfold-all.mjs"), path.join(ROOT, "pkg", "node", "index.mjs")].find((f) => existsSync(f));
    if (entry === undefined) {
      t.skip("no built package (tests/tmp/consumer or pkg/)");
      return;
    }
    const { redact } = await import(pathToFileURL(entry).href);
    for (const s of sessions) {
      const byId = new Map(s.calls.map((c) => [c.id, c]));
      const redacted = new Map();
      s.questions.forEach((q, qi) =>
        q.want.forEach((w, wi) => {
          if (!redacted.has(w.id)) redacted.set(w.id, redact(byId.get(w.id).text).text);
          const kept = redacted.get(w.id).includes(w.fact);
          if (KNOWN_REDACTED.has(where(s, qi, wi))) assert.ok(!kept, `${where(s, qi, wi)}: its key fact is kept now: drop it from KNOWN_REDACTED`);
          else assert.ok(kept, `${where(s, qi, wi)}: the redactor removes part of the key fact (turn ${byId.get(w.id).turn})`);
        }),
      );
    }
  });
});
