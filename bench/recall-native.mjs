#!/usr/bin/env node
// The recall benchmark's verdicts in under a minute, for work on the selection: the tuning and the seen held-out
// sessions (never an unseen one) asked natively, through `examples/recall_render` (what `contextfold hook
// user-prompt-submit --budget N` would inject, rendered as the hook renders it), over stores made once with the
// package's `contextfold import` and kept in .cache/recall-native/. `npm run bench:recall` stays the measure (one hook
// process per question, every mode, the unseen sessions); this one only says what a change to `src/rank/` moves.
//
//   node bench/recall-native.mjs [--only NAME[,NAME…]] [--budget 2500] [--pairs] [--out FILE] [--diff FILE]
// (--pairs also asks the questions it answers two by two, as `npm run bench:recall` does: recall-lib's `pairsOf`.)
// (--out writes one line per question: session, number, verdict, kind, language, steps injected, steps wanted, prompt;
// --diff FILE prints the questions whose verdict differs from such a file's.)
import { execFileSync, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { allSessions, isUnseen, judge, option, pairsOf, parseContext, stepsOfStore } from "./recall-lib.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = path.join(root, "pkg", "bin", "contextfold.mjs");
if (!existsSync(bin)) {
  console.error("pkg/ is not built: run `npm run build` first");
  process.exit(1);
}
const argv = process.argv.slice(2);
const opt = (name, dflt) => option(argv, name, dflt);
const budget = Number(opt("--budget", "2500"));
const only = opt("--only", undefined)?.split(",");
const out = opt("--out", undefined);
const diff = opt("--diff", undefined);
const pairs = argv.includes("--pairs");
// (The hook's text is cut at its renderer's DEFAULT_MAX_CHARS: the same cap here.)
const maxChars = readFileSync(path.join(root, "pkg-template", "lib", "hooks", "render.js"), "utf8").match(/DEFAULT_MAX_CHARS = (\d+)/)[1];

execFileSync("cargo", ["build", "--quiet", "--release", "--example", "recall_render"], { cwd: root, stdio: "inherit" });
const render = path.join(process.env.CARGO_TARGET_DIR ? path.resolve(root, process.env.CARGO_TARGET_DIR) : path.join(root, "target"), "release", "examples", "recall_render");

// A store is made again when the session's transcript or the package that imports it changes.
const pkgHash = createHash("sha256").update(readFileSync(path.join(root, "pkg", "node", "contextfold_bg.wasm"))).digest("hex").slice(0, 12);
const cache = path.join(root, ".cache", "recall-native");
const env = { ...process.env, CONTEXTFOLD_HOME: path.join(cache, "home"), CONTEXTFOLD_RUNTIME_DIR: path.join(cache, "run") };
delete env.XDG_DATA_HOME;

const rows = [];
const pairRows = [];
for (const s of allSessions()) {
  if ((s.heldOut && isUnseen(s)) || (only && !only.some((o) => s.name.startsWith(o)))) continue;
  const id = createHash("sha256").update(s.jsonl).update(pkgHash).digest("hex").slice(0, 16);
  const store = path.join(cache, "stores", `${s.name.replace(/\W+/g, "-")}${id}`);
  if (!existsSync(path.join(store, ".contextfold-hooks", "tools.jsonl"))) {
    mkdirSync(path.dirname(store), { recursive: true });
    const transcript = `${store}.jsonl`;
    writeFileSync(transcript, s.jsonl);
    const r = spawnSync(process.execPath, [bin, "import", transcript, "--dir", store, "--json"], { env, encoding: "utf8" });
    if (r.status !== 0) throw new Error(`contextfold import: ${r.stderr}`);
  }
  const stepOf = stepsOfStore(store);
  const ask = (questions) => {
    const prompts = `${store}.prompts`;
    writeFileSync(prompts, `${questions.map((q) => q.prompt.replace(/\s*\n\s*/g, " ")).join("\n")}\n`);
    const r = spawnSync(render, [store, prompts, String(budget), maxChars], { encoding: "utf8", maxBuffer: 1 << 28 });
    if (r.status !== 0) throw new Error(`recall_render: ${r.stderr}`);
    return r.stdout.trim().split("\n").map((l) => parseContext(JSON.parse(l).text));
  };
  const session = s.name.split(" ")[0];
  const row = (i, q, got) => ({ session, i, verdict: judge(q, got, stepOf, budget), kind: q.kind, lang: q.lang ?? "en", steps: got.steps.join(",") || "-", want: q.want.map((w) => stepOf.get(w.id)).join(","), prompt: q.prompt });
  const singles = ask(s.questions).map((got, i) => row(i, s.questions[i], got));
  rows.push(...singles);
  if (pairs) {
    const asked = pairsOf(s.questions.filter((q, i) => singles[i].verdict === "passed"));
    if (asked.length) ask(asked).forEach((got, n) => pairRows.push({ ...row(`${asked[n].kind}-${asked[n].lang}-${asked[n].k}`, asked[n].question, got), kind: `pair-${asked[n].kind}`, lang: asked[n].lang, prompt: asked[n].prompt }));
  }
}
const count = (rs, v) => rs.filter((r) => r.verdict === v).length;
for (const name of new Set(rows.map((r) => r.session))) {
  const rs = rows.filter((r) => r.session === name);
  console.log(`${name.padEnd(16)}${`${count(rs, "passed")}/${rs.length}`.padEnd(11)}wrong ${count(rs, "wrong")}, noisy ${count(rs, "noisy")}`);
}
console.log(`${"all".padEnd(16)}${`${count(rows, "passed")}/${rows.length}`.padEnd(11)}wrong ${count(rows, "wrong")}, noisy ${count(rows, "noisy")}`);
if (pairs) {
  console.log("\nTwo questions answered alone, asked as one (\"… and …\", \"… ve …\"): passed of asked");
  for (const kind of ["pair-state", "pair-history"]) {
    for (const lang of ["en", "tr"]) {
      const rs = pairRows.filter((r) => r.kind === kind && r.lang === lang);
      console.log(`${`${kind.slice(5)}, ${lang === "en" ? "English" : "Turkish"}`.padEnd(20)}${count(rs, "passed")}/${rs.length}`);
    }
  }
}
const all = [...rows, ...pairRows];
const line = (r) => [r.session, r.i, r.verdict, r.kind, r.lang, r.steps, r.want, r.prompt.replace(/\s+/g, " ")].join("\t");
if (out) writeFileSync(out, `${all.map(line).join("\n")}\n`);
if (diff) {
  const before = new Map(readFileSync(diff, "utf8").trim().split("\n").map((l) => l.split("\t")).map((f) => [`${f[0]}:${f[1]}`, f[2]]));
  const changed = all.filter((r) => before.has(`${r.session}:${r.i}`) && before.get(`${r.session}:${r.i}`) !== r.verdict);
  console.log(`\n${changed.length} verdicts changed against ${diff}`);
  for (const r of changed) console.log(`${r.session}:${r.i}\t${before.get(`${r.session}:${r.i}`)} -> ${r.verdict}\t${r.prompt}`);
}
