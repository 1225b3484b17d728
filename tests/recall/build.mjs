// Builds a Claude Code session JSONL from a scenario (tests/recall/scenarios.mjs): a long agent session in which facts
// change over time, buried in realistic noise (file reads, searches, test runs of other files, builds, git, old
// `docker ps` snapshots), with questions whose ground truth is the tool call that holds the answer. Records are
// written as tests/js/session-gen.mjs writes them (split assistant records, string and list results, is_error).
//
// A scenario: { name, sessionId, cwd, turns, seed, files, words, facts, questions }
//   facts:     [turn, tool, input, body, key?, { error?, kind? }]   body: the text the answer is in (filler is added
//              around it to make a realistic, foldable output; `kind` picks the filler: pg, test, build, app, code)
//   questions: { kind, lang, prompt, want: [{ key, fact } | { turn, fact }] }
//              kind: "state" | "history" | "multi" | "none"; a `key` want is the newest call of that key (older
//              calls of the key are superseded states), a `turn` want is the fact call of that turn.
import { prng as rng } from "../../scripts/prng.mjs";
import { transcriptWriter } from "../js/session-gen.mjs";


const pick = (random, list) => list[Math.floor(random() * list.length)];
const int = (random, lo, hi) => lo + Math.floor(random() * (hi - lo + 1));
const hex = (random, n) => Array.from({ length: n }, () => "0123456789abcdef"[Math.floor(random() * 16)]).join("");

/** Filler lines of one kind, using the scenario's own words. */
function fillerLine(kind, random, sc, i) {
  const w = () => pick(random, sc.words);
  const f = () => pick(random, sc.files);
  switch (kind) {
    case "pg":
      return pick(random, [
        `db-1  | 2026-12-0${int(random, 1, 3)} 09:${String(int(random, 10, 59))}:${String(int(random, 10, 59))}.${int(random, 100, 999)} UTC [${int(random, 1, 90)}] LOG:  checkpoint complete: wrote ${int(random, 1, 900)} buffers (${int(random, 0, 9)}.${int(random, 0, 9)}%)`,
        `db-1  | 2026-12-01 09:${int(random, 10, 59)}:0${int(random, 0, 9)} UTC [${int(random, 1, 90)}] LOG:  database system was shut down at 2026-12-01 08:${int(random, 10, 59)}:11 UTC`,
        `db-1  | ${w()}: autovacuum: processing table "public.${w()}" (${int(random, 1, 9000)} pages)`,
        `db-1  | LOG:  background worker "logical replication launcher" (PID ${int(random, 30, 999)}) exited with exit code ${int(random, 0, 1)}`,
      ]);
    case "test":
      return pick(random, [
        `  ✓ ${w()} handles ${w()} for ${w()} (${int(random, 1, 90)} ms)`,
        `  ✓ ${w()} returns ${w()} when ${w()} is empty (${int(random, 1, 30)} ms)`,
        `    at Object.<anonymous> (${f()}:${int(random, 1, 400)}:${int(random, 1, 80)})`,
        `  ● ${w()} › ${w()} › skipped`,
        `PASS ${pick(random, sc.otherTests ?? sc.files)} (${int(random, 1, 9)}.${int(random, 0, 9)} s)`,
      ]);
    case "build":
      return pick(random, [
        `${f()} → dist/${w()}-${hex(random, 8)}.js  ${int(random, 1, 400)}.${int(random, 0, 99)} kB │ gzip: ${int(random, 1, 90)}.${int(random, 0, 99)} kB`,
        `transforming (${int(random, 10, 2000)}) ${f()}`,
        `[${w()}] compiled ${int(random, 1, 300)} modules in ${int(random, 10, 9000)} ms`,
        `warning: ${w()} is declared but never used (${f()}:${int(random, 1, 300)})`,
      ]);
    case "app":
      return pick(random, [
        `[${w()}-${int(random, 1, 8)}] GET /api/v1/${w()} 200 ${int(random, 1, 300)}ms`,
        `[${w()}-${int(random, 1, 8)}] POST /api/v1/${w()}/${int(random, 100, 9999)} 201 ${int(random, 1, 300)}ms`,
        `info ${w()} ${w()} queued id=${hex(random, 12)}`,
        `debug ${w()}: cache ${pick(random, ["hit", "miss"])} for ${w()}:${int(random, 1, 9999)}`,
      ]);
    case "code":
    default: {
      const name = `${w()}${pick(random, ["Handler", "Service", "Repo", "", "Client"])}`;
      return pick(random, [
        `${String(i + 1).padStart(4)}\texport async function ${name}(${w()}, ${w()}) {`,
        `${String(i + 1).padStart(4)}\t  const ${w()} = await ${w()}.${w()}(${w()}.id);`,
        `${String(i + 1).padStart(4)}\t  if (!${w()}) throw new Error("${w()} not found");`,
        `${String(i + 1).padStart(4)}\t  return { ${w()}, ${w()}: ${w()}.${w()} };`,
        `${String(i + 1).padStart(4)}\timport { ${w()} } from "./${w()}";`,
        `${String(i + 1).padStart(4)}\t}`,
      ]);
    }
  }
}

function padded(kind, head, random, sc, bytes, where = "top") {
  const lines = [];
  let size = head.length;
  for (let i = 0; size < bytes; i++) {
    const l = fillerLine(kind, random, sc, i);
    lines.push(l);
    size += l.length + 1;
  }
  if (where === "middle") {
    const k = Math.floor(lines.length / 2);
    return [...lines.slice(0, k), head, ...lines.slice(k)].join("\n");
  }
  return where === "bottom" ? [...lines, head].join("\n") : [head, ...lines].join("\n");
}

/** Noise for a turn without a fact: the scenario's usual work. */
function noise(random, sc, t) {
  const r = random();
  const file = pick(random, sc.files);
  if (r < 0.3) return { name: "Read", input: { file_path: `${sc.cwd}/${file}` }, text: padded("code", `// ${file}`, random, sc, int(random, 2200, 7000)) };
  if (r < 0.45) {
    const word = pick(random, sc.grepWords ?? sc.words);
    const lines = Array.from({ length: int(random, 30, 90) }, () => `${pick(random, sc.files)}:${int(random, 1, 500)}:  ${fillerLine("code", random, sc, 0).replace(/^\s*\d+\t/, "")} // ${word}`);
    return { name: "Grep", input: { pattern: word, path: "src" }, text: lines.join("\n") };
  }
  if (r < 0.6) return { name: "Bash", input: { command: pick(random, sc.testCommands) }, text: padded("test", `PASS ${pick(random, sc.otherTests ?? sc.files)}`, random, sc, int(random, 2100, 5000)) };
  if (r < 0.72) return { name: "Bash", input: { command: pick(random, sc.buildCommands) }, text: padded("build", "building for production...", random, sc, int(random, 2100, 5000)) };
  if (r < 0.8) {
    const commits = Array.from({ length: int(random, 25, 60) }, () => `${hex(random, 7)} ${pick(random, ["fix", "feat", "chore", "refactor", "test"])}(${pick(random, sc.words)}): ${pick(random, sc.words)} ${pick(random, sc.words)} ${pick(random, sc.words)}`);
    return { name: "Bash", input: { command: "git log --oneline -n 60" }, text: commits.join("\n") };
  }
  if (r < 0.9) return { name: "Bash", input: { command: pick(random, sc.appCommands ?? ["npm run dev"]) }, text: padded("app", "ready", random, sc, int(random, 2100, 4500)) };
  return { name: "Bash", input: { command: "git status --short" }, text: ` M ${file}\n M ${pick(random, sc.files)}\n?? tmp/\n` };
}

/**
 * @returns {{ name: string, sessionId: string, jsonl: string, calls: object[], questions: object[] }}
 *   questions: { kind, lang, prompt, want: [{ id, fact, superseded: string[] }] }
 */
export function buildSession(sc) {
  const random = rng(sc.seed);
  const facts = new Map(sc.facts.map((f) => [f[0], f]));
  const { records, push } = transcriptWriter(sc.sessionId, sc.cwd);
  const calls = [];
  const byKey = new Map(); // key -> [call ids, oldest first]
  const byTurn = new Map(); // fact turn -> call id
  for (let t = 1; t <= sc.turns; t++) {
    push({ type: "user", message: { role: "user", content: `${pick(random, sc.prompts ?? ["keep going"])}` }, promptId: `p${t}` });
    let name;
    let input;
    let text;
    let isError = false;
    let key;
    const fact = facts.get(t);
    if (fact) {
      const [, tool, inp, body, k, opts = {}] = fact;
      [name, input, key] = [tool, inp, k];
      isError = opts.error === true;
      text = padded(opts.kind ?? "app", body, random, sc, int(random, 2300, 4200), opts.where ?? pick(random, ["top", "middle", "bottom"]));
      if (isError) text = `Exit code 1\n${text}`;
    } else {
      ({ name, input, text } = noise(random, sc, t));
    }
    const callId = `toolu_${sc.name}_${String(t).padStart(4, "0")}`;
    const messageId = `msg_${String(t).padStart(4, "0")}`;
    push({ type: "assistant", message: { id: messageId, type: "message", role: "assistant", content: [{ type: "text", text: `Running ${name}.` }] } });
    push({ type: "assistant", message: { id: messageId, type: "message", role: "assistant", content: [{ type: "tool_use", id: callId, name, input }] } });
    const response = name === "Bash" ? { stdout: text, stderr: "", interrupted: false, isImage: false, noOutputExpected: false } : name === "Read" ? { type: "text", file: { filePath: input.file_path, content: text } } : { mode: "content", content: text, numFiles: 1 };
    const asItems = name === "Grep" && random() < 0.5;
    const block = { tool_use_id: callId, type: "tool_result", content: asItems ? [{ type: "text", text }] : text, ...(isError ? { is_error: true } : {}) };
    push({ type: "user", message: { role: "user", content: [block] }, ...(isError ? { toolUseResult: `Error: ${text}` } : { toolUseResult: response }) });
    calls.push({ id: callId, name, input, text, isError, turn: t });
    if (key) byKey.set(key, [...(byKey.get(key) ?? []), callId]);
    if (fact) byTurn.set(t, callId);
    push({ type: "assistant", message: { id: `${messageId}b`, type: "message", role: "assistant", content: [{ type: "text", text: "Done with that step." }] } });
    if (t % 25 === 0) records.push({ type: "file-history-snapshot", messageId, snapshot: { trackedFileBackups: {} } });
  }
  const questions = sc.questions.map((q) => ({
    kind: q.kind,
    lang: q.lang ?? "en",
    prompt: q.prompt,
    want: (q.want ?? []).map((w) => {
      if (w.key) {
        const ids = byKey.get(w.key);
        if (!ids) throw new Error(`${sc.name}: no fact with key ${w.key}`);
        return { id: ids[ids.length - 1], fact: w.fact, superseded: ids.slice(0, -1) };
      }
      const id = byTurn.get(w.turn);
      if (!id) throw new Error(`${sc.name}: no fact at turn ${w.turn}`);
      return { id, fact: w.fact, superseded: [] };
    }),
  }));
  for (const q of questions) for (const w of q.want) if (!calls.find((c) => c.id === w.id).text.includes(w.fact)) throw new Error(`${sc.name}: "${w.fact}" is not in ${w.id}`);
  return { name: sc.name, sessionId: sc.sessionId, jsonl: `${records.map((r) => JSON.stringify(r)).join("\n")}\n`, calls, questions };
}
