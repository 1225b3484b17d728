// The recall benchmark's sessions, what has been read of each held-out one, and its verdict: shared by
// bench/recall.mjs (the hook, one process per question) and bench/embed-ceiling.mjs (offline selections).
import { readFileSync } from "node:fs";
import path from "node:path";
import { generateSession } from "../tests/js/session-gen.mjs";
import { buildSession } from "../tests/recall/build.mjs";
import { HELD_OUT, HELD_OUT_2, HELD_OUT_3, HELD_OUT_4, HELD_OUT_5, TUNING } from "../tests/recall/scenarios.mjs";
import { HELD_OUT_6, HELD_OUT_7 } from "../tests/recall/held-out-6.mjs";
import { HELD_OUT_8, HELD_OUT_9 } from "../tests/recall/held-out-8.mjs";
import { HELD_OUT_10, HELD_OUT_11 } from "../tests/recall/held-out-10.mjs";
import { HELD_OUT_12, HELD_OUT_13 } from "../tests/recall/held-out-12.mjs";
import { HELD_OUT_14, HELD_OUT_15 } from "../tests/recall/held-out-14.mjs";
import { HELD_OUT_16, HELD_OUT_17 } from "../tests/recall/held-out-16.mjs";
import { HELD_OUT_18, HELD_OUT_19 } from "../tests/recall/held-out-18.mjs";
import { HELD_OUT_20, HELD_OUT_21 } from "../tests/recall/held-out-20.mjs";
import { HELD_OUT_22, HELD_OUT_23 } from "../tests/recall/held-out-22.mjs";
import { HELD_OUT_24, HELD_OUT_25 } from "../tests/recall/held-out-24.mjs";
import { HELD_OUT_26, HELD_OUT_27 } from "../tests/recall/held-out-26.mjs";
import { HELD_OUT_28, HELD_OUT_29 } from "../tests/recall/held-out-28.mjs";
import { HELD_OUT_30, HELD_OUT_31 } from "../tests/recall/held-out-30.mjs";
import { HELD_OUT_32, HELD_OUT_33 } from "../tests/recall/held-out-32.mjs";
import { HELD_OUT_34 } from "../tests/recall/held-out-34.mjs";
import { HELD_OUT_35 } from "../tests/recall/held-out-35.mjs";
import { HELD_OUT_36 } from "../tests/recall/held-out-36.mjs";
import { HELD_OUT_37 } from "../tests/recall/held-out-37.mjs";
import { HELD_OUT_38 } from "../tests/recall/held-out-38.mjs";
import { HELD_OUT_39 } from "../tests/recall/held-out-39.mjs";
import { HELD_OUT_40 } from "../tests/recall/held-out-40.mjs";
import { HELD_OUT_41 } from "../tests/recall/held-out-41.mjs";
import { HELD_OUT_42 } from "../tests/recall/held-out-42.mjs";
import { HELD_OUT_43 } from "../tests/recall/held-out-43.mjs";
import { HELD_OUT_44 } from "../tests/recall/held-out-44.mjs";
import { HELD_OUT_45 } from "../tests/recall/held-out-45.mjs";


/** The session-gen session as a benchmark session: its dozen state questions. */
export function sessionGen() {
  const s = generateSession({ turns: 300, seed: 11 });
  return {
    name: "session-gen",
    sessionId: s.sessionId,
    jsonl: s.jsonl,
    questions: s.questions.map((q) => ({ kind: "state", lang: "en", prompt: q.prompt, want: [{ id: q.expect, fact: q.fact, superseded: [] }] })),
  };
}

/** The steps and their tokens in a hook's additionalContext (its `[contextfold step N | … | T tokens` headers). */
export function parseContext(text) {
  const steps = [...text.matchAll(/^\[contextfold step (\d+) \|/gm)].map((m) => Number(m[1]));
  const tokens = [...text.matchAll(/^\[contextfold step \d+ \| .* \| (\d+) tokens/gm)].reduce((n, m) => n + Number(m[1]), 0);
  return { text, steps, tokens };
}

/** The value after `name` among a bench's arguments (`--budget 2500`), or `dflt` when it is not given. */
export function option(argv, name, dflt) {
  const i = argv.indexOf(name);
  return i < 0 ? dflt : argv[i + 1];
}

/** The step each tool call of a session became in a store `contextfold import` made (its hooks' ledger): id -> step. */
export function stepsOfStore(store) {
  const ledger = readFileSync(path.join(store, ".contextfold-hooks", "tools.jsonl"), "utf8").trim().split("\n").map((l) => JSON.parse(l));
  return new Map(ledger.map((e) => [e.id, e.step]));
}

/** The verdict on one question: passed, noisy (something for a question that needs nothing), over budget, wrong, missed. */
export function judge(q, got, stepOf, budget) {
  if (q.kind === "none") return got.steps.length === 0 ? "passed" : "noisy";
  if (got.tokens > budget) return "over budget";
  const ok = q.want.every((w) => got.steps.includes(stepOf.get(w.id)) && got.text.includes(w.fact));
  if (ok) return "passed";
  // (A needed step counts as shown only with its key fact: the hook may show a step cut to fit its text.)
  const wrong = q.want.some((w) => !(got.steps.includes(stepOf.get(w.id)) && got.text.includes(w.fact)) && w.superseded.some((id) => got.steps.includes(stepOf.get(id))));
  return wrong ? "wrong" : "missed";
}

// Two questions of one session each answered alone, of the same kind and language, asked as one (English joined by
// "and", Turkish by "ve"): each with one of the three after it, in turn, so that a question is paired with more than
// its neighbour. `answered` holds the questions in the session's order; never pass an unseen session's.
const PAIR_JOINS = { en: " and ", tr: " ve " };
export function pairsOf(answered) {
  const pairs = [];
  for (const kind of ["state", "history"]) {
    for (const lang of ["en", "tr"]) {
      const alone = answered.filter((q) => q.kind === kind && (q.lang ?? "en") === lang);
      alone.forEach((a, k) => {
        const b = alone[(k + 1 + (k % 3)) % alone.length];
        if (k + 1 >= alone.length || a === b || a.want.some((w) => b.want.some((x) => x.id === w.id))) return;
        const prompt = `${a.prompt.replace(/[?.!\s]+$/, "")}${PAIR_JOINS[lang]}${b.prompt[0].toLowerCase()}${b.prompt.slice(1)}`;
        pairs.push({ kind, lang, k, prompt, question: { kind: "multi", want: [...a.want, ...b.want] } });
      });
    }
  }
  return pairs;
}

/**
 * The sessions written to be held out, in the order they were written, with what has been read of them since: a
 * session whose failures a rule was read from measures tuning from then on, not generalisation. Only the unseen
 * ones measure the goal (sessions the project has not seen).
 */
export const HELD_OUT_SESSIONS = [
  [HELD_OUT, "notify", "seen: held out when written; its failures were read for the recall7 rules; and for the recall11 to recall18 rules (2026-12-04/05)"],
  [HELD_OUT_2, "inference", "seen: written before any ranked-v2 result on it; its failures were read for the recall7 rules; and for the recall11 to recall18 rules (2026-12-04/05)"],
  [HELD_OUT_3, "fieldnotes", "seen: written before the rank5 rules; its failures were read for the recall7 rules; and for the recall11 to recall18 rules (2026-12-04/05)"],
  [HELD_OUT_4, "infra", "seen: written before the rank6 rules; its failures were read for the recall7 rules; and for the recall11 to recall18 rules (2026-12-04/05)"],
  [HELD_OUT_5, "quill", "seen: written before the recall7 rules, unseen by them; its failures were read for the recall8 rules; and for the recall11 to recall18 rules (2026-12-04/05)"],
  [HELD_OUT_6, "relayd", "seen: written blind, first run before the recall8 rules; its failures were read for the recall9 rules; and for the recall11 to recall18 rules (2026-12-04/05)"],
  [HELD_OUT_7, "stride", "seen: written blind, first run before the recall8 rules; its failures were read for the recall9 rules; and for the recall11 to recall18 rules (2026-12-04/05)"],
  [HELD_OUT_8, "larkspur", "seen: written blind, first run before the recall10 rules; its failures were read for the recall10 rules; and for the recall11 to recall18 rules (2026-12-04/05)"],
  [HELD_OUT_9, "kestrel", "seen: written blind, first run before the recall10 rules; its failures were read for the recall10 rules; and for the recall11 to recall18 rules (2026-12-04/05)"],
  [HELD_OUT_10, "tidewater", "unseen: written blind; no rule was read from it"],
  [HELD_OUT_11, "sepet", "unseen: written blind; no rule was read from it"],
  [HELD_OUT_12, "tollgate", "unseen: written blind; no rule was read from it (2026-12-06, recall28: a grep printed a few of its prompts by mistake, no failure; nothing was built from them)"],
  [HELD_OUT_13, "randevu", "unseen: written blind; no rule was read from it"],
  [HELD_OUT_14, "ferrydesk", "unseen: written blind; no rule was read from it"],
  [HELD_OUT_15, "nobetci", "unseen: written blind; no rule was read from it"],
  [HELD_OUT_16, "harbor", "seen: written blind (2026-12-05), first run (ranked-v2 at 191be92, natively) 26/45 before any rule was read from it; its failures were read for the recall19 rules"],
  [HELD_OUT_17, "kervan", "seen: written blind (2026-12-05), first run (ranked-v2 at 191be92, natively) 23/44 with 2 wrong before any rule was read from it; its failures were read for the recall19 rules"],
  [HELD_OUT_18, "pebble", "seen: written blind (2026-12-05), first run (ranked-v2 at 3ef07a1, natively) 27/45 with 1 wrong and 1 noisy before any rule was read from it; its failures were read for the recall20 rules"],
  [HELD_OUT_19, "lodos", "seen: written blind (2026-12-05), first run (ranked-v2 at 3ef07a1, natively) 29/45 before any rule was read from it; its failures were read for the recall20 rules"],
  [HELD_OUT_20, "cobalt", "seen: written blind (2026-12-05), first run (ranked-v2 at d0733e8, natively) 26/47 with 2 noisy before any rule was read from it; its failures were read for the recall20 rules"],
  [HELD_OUT_21, "yelken", "seen: written blind (2026-12-05), first run (ranked-v2 at d0733e8, natively) 28/47 with 2 wrong and 1 noisy before any rule was read from it; its failures were read for the recall20 rules"],
  [HELD_OUT_22, "juniper", "seen: written blind (2026-12-05), first run (ranked-v2 at 32049b3, natively) 27/48 with 3 wrong before any rule was read from it; its failures were read for the recall21 rules"],
  [HELD_OUT_23, "pusula", "seen: written blind (2026-12-05), first run (ranked-v2 at 32049b3, natively) 32/48 before any rule was read from it; its failures were read for the recall21 rules"],
  [HELD_OUT_24, "marlin", "seen: written blind (2026-12-05), first run (ranked-v2 at 32049b3, natively) 29/48 with 4 wrong and 2 noisy before any rule was read from it; its failures were read for the recall21 rules"],
  [HELD_OUT_25, "ayva", "seen: written blind (2026-12-05), first run (ranked-v2 at 32049b3, natively) 28/47 with 5 wrong and 1 noisy before any rule was read from it; its failures were read for the recall21 rules"],
  [HELD_OUT_26, "heron", "unseen: written blind; no rule was read from it (2026-12-06, recall28: a grep printed a few of its prompts by mistake, no failure; nothing was built from them)"],
  [HELD_OUT_27, "cinar", "unseen: written blind; no rule was read from it"],
  [HELD_OUT_28, "granite", "unseen: written blind; no rule was read from it"],
  [HELD_OUT_29, "lale", "unseen: written blind; no rule was read from it"],
  [HELD_OUT_30, "osprey", "unseen: written blind; no rule was read from it (2026-12-06, recall28: a grep printed a few of its prompts by mistake, no failure; nothing was built from them)"],
  [HELD_OUT_31, "martı", "unseen: written blind; no rule was read from it"],
  [HELD_OUT_32, "sparrow", "unseen: written blind; no rule was read from it"],
  [HELD_OUT_33, "defne", "unseen: written blind; no rule was read from it"],
  [HELD_OUT_34, "corvid", "seen: written blind (2026-12-07), first run (ranked-v2 at 73c8b4e, natively) 30/46 with 3 wrong before any rule was read from it; its failures were read for the recall52 to recall57 rules"],
  [HELD_OUT_35, "poyraz", "seen: written blind (2026-12-07), first run (ranked-v2 at 73c8b4e, natively) 35/46 before any rule was read from it; its failures were read for the recall52 to recall57 rules"],
  [HELD_OUT_36, "wren", "unseen: written blind (2026-12-07); no rule was read from it"],
  [HELD_OUT_37, "kumru", "unseen: written blind (2026-12-07); no rule was read from it"],
  [HELD_OUT_38, "lumen", "seen: written blind (2026-12-07), first run (ranked-v2 at af2defb, natively) 33/48 with 1 wrong before any rule was read from it; its failures were read for the recall58 rules"],
  [HELD_OUT_39, "kiraz", "seen: written blind (2026-12-07), first run (ranked-v2 at af2defb, natively) 33/47 before any rule was read from it; its failures were read for the recall58 rules"],
  [HELD_OUT_40, "bramble", "seen: written blind (2026-12-07), first run (ranked-v2 at af2defb, natively) 33/48 with 2 wrong and 1 noisy before any rule was read from it; its failures were read for the recall58 rules"],
  [HELD_OUT_41, "sumac", "seen: written blind (2026-12-07), first run (ranked-v2 at af2defb, natively) 34/48 with 2 wrong before any rule was read from it; its failures were read for the recall58 rules"],
  [HELD_OUT_42, "alder", "seen: written blind (2026-12-07), first run (ranked-v2 at 9da922e, natively) 29/48 before any rule was read from it; its failures were read for the recall64 to recall73 rules (none kept)"],
  [HELD_OUT_43, "mercan", "seen: written blind (2026-12-07), first run (ranked-v2 at 9da922e, natively) 27/48 with 1 wrong before any rule was read from it; its failures were read for the recall64 to recall73 rules (none kept)"],
  [HELD_OUT_44, "puffin", "seen: written blind (2026-12-07), first run (ranked-v2 at 9da922e, natively) 24/48 with 2 wrong and 1 noisy before any rule was read from it; its failures were read for the recall64 to recall73 rules (none kept)"],
  [HELD_OUT_45, "gelincik", "seen: written blind (2026-12-07), first run (ranked-v2 at 9da922e, natively) 35/48 with 2 wrong and 1 noisy before any rule was read from it; its failures were read for the recall64 to recall73 rules (none kept)"],
];

/** Every benchmark session, built: the tuning ones (heldOut false), then the held-out ones (heldOut = 1-based index). */
export function allSessions() {
  return [
    ...TUNING.map((s) => ({ ...buildSession(s), heldOut: false })),
    { ...sessionGen(), heldOut: false },
    ...HELD_OUT_SESSIONS.flatMap(([list], i) => list.map((s) => ({ ...buildSession(s), heldOut: i + 1 }))),
  ];
}

/** Whether a held-out session is still unseen (nobody has read its failures): its failures are not printed. */
export const isUnseen = (s) => HELD_OUT_SESSIONS[s.heldOut - 1][2].startsWith("unseen");
