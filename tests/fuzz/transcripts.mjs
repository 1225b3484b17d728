// Fuzzing the transcript importers (contextfold/hooks readTranscript, detectTranscriptFormat, foldableCall): seeded
// structure-aware mutations of Claude Code, Codex, Anthropic and OpenAI transcripts (values swapped for values of
// other types, deep nesting, huge strings, cut and garbled lines). The readers must return calls of the documented
// shape or throw their one documented error (code UNKNOWN_FORMAT); anything else (a TypeError from a missing
// property, a stack overflow, a hang) is a finding. Used by scripts/fuzz.mjs and tests/js/fuzz-transcripts.test.mjs.
import * as path from "node:path";
import { pathToFileURL } from "node:url";
import { prng as generator } from "../../scripts/prng.mjs";


const jsonl = (records) => `${records.map((r) => JSON.stringify(r)).join("\n")}\n`;

/** One transcript of each format (and variants), the mutations' starting points. */
export function transcriptSeeds() {
  const claude = [
    { type: "user", sessionId: "s-1", message: { role: "user", content: "run the tests" } },
    { type: "assistant", sessionId: "s-1", message: { id: "msg_1", role: "assistant", content: [{ type: "tool_use", id: "toolu_1", name: "Bash", input: { command: "npm test" } }] } },
    { type: "assistant", sessionId: "s-1", message: { id: "msg_1", role: "assistant", content: [{ type: "tool_use", id: "toolu_2", name: "Read", input: { file_path: "/a.ts" } }] } },
    { type: "user", sessionId: "s-1", message: { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_2", content: [{ type: "text", text: "     1\tconst a = 1;" }] }] }, toolUseResult: { type: "text", file: { filePath: "/a.ts", content: "const a = 1;", numLines: 1 } } },
    { type: "user", sessionId: "s-1", message: { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_1", content: "Exit code 1\nFAIL", is_error: true }] }, toolUseResult: { stdout: "FAIL", stderr: "", interrupted: false } },
    { type: "summary", summary: "Tests", leafUuid: "x" },
  ];
  const codex = [
    { timestamp: "t", type: "session_meta", payload: { session_id: "019ad0", id: "019ad0", cli_version: "0.171.0" } },
    { timestamp: "t", type: "response_item", payload: { type: "function_call", name: "exec_command", arguments: '{"cmd":"seq 1 3"}', call_id: "call_1" } },
    { timestamp: "t", type: "event_msg", payload: { type: "item_completed", item: { type: "CommandExecution", id: "call_1", command: ["/bin/bash", "-lc", "seq 1 3"], aggregated_output: "1\n2\n3\n" } } },
    { timestamp: "t", type: "response_item", payload: { type: "function_call_output", call_id: "call_1", output: "Chunk ID: ab12\nWall time: 0.0 seconds\nProcess exited with code 0\nOutput:\n1\n2\n3\n" } },
    { timestamp: "t", type: "response_item", payload: { type: "function_call", name: "shell", arguments: '{"command":["bash","-lc","echo hi"]}', call_id: "call_2" } },
    { timestamp: "t", type: "response_item", payload: { type: "function_call_output", call_id: "call_2", output: "Output:\nhi\n" } },
    { timestamp: "t", type: "response_item", payload: { type: "custom_tool_call", name: "apply_patch", input: "*** Begin Patch", call_id: "call_3" } },
    { timestamp: "t", type: "response_item", payload: { type: "custom_tool_call_output", call_id: "call_3", output: "Done" } },
  ];
  const anthropic = [
    { role: "user", content: "What is in a.ts?" },
    { role: "assistant", content: [{ type: "text", text: "Reading." }, { type: "tool_use", id: "toolu_9", name: "read_file", input: { path: "a.ts" } }] },
    { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_9", content: [{ type: "text", text: "export const a = 1;" }] }] },
    { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_10", content: "orphan", is_error: true }] },
  ];
  const openai = [
    { role: "user", content: "list files" },
    { role: "assistant", content: null, tool_calls: [{ id: "call_a", type: "function", function: { name: "ls", arguments: '{"dir":"."}' } }] },
    { role: "tool", tool_call_id: "call_a", content: "a.ts\nb.ts" },
  ];
  const responses = [
    { type: "function_call", call_id: "fc_1", name: "grep", arguments: '{"q":"x"}' },
    { type: "function_call_output", call_id: "fc_1", output: "x found" },
  ];
  return [jsonl(claude), jsonl(codex), JSON.stringify(anthropic), JSON.stringify({ messages: anthropic }), JSON.stringify(openai), JSON.stringify(responses), JSON.stringify({ input: responses })];
}

function randomValue(rand, depth = 0) {
  const r = rand();
  if (r < 0.1) return null;
  if (r < 0.18) return rand() < 0.5;
  if (r < 0.28) return [0, -1, 1e308, -0, 2 ** 53 + 1, 1.5, NaN][Math.floor(rand() * 7)];
  if (r < 0.45) return ["", "x", "\u0000", "\ud800", "Bash", "tool_use", "tool_result", "function_call", "text", "\u202e", "a".repeat(1 + Math.floor(rand() * 5000))][Math.floor(rand() * 11)];
  if (r < 0.7 && depth < 6) return Array.from({ length: Math.floor(rand() * 4) }, () => randomValue(rand, depth + 1));
  if (depth < 6) {
    const keys = ["type", "content", "message", "id", "name", "input", "tool_use_id", "call_id", "output", "payload", "role", "text", "is_error", "arguments", "toolUseResult", "item", "command"];
    return Object.fromEntries(Array.from({ length: Math.floor(rand() * 4) }, () => [keys[Math.floor(rand() * keys.length)], randomValue(rand, depth + 1)]));
  }
  return 0;
}

/** Replace, delete or wrap random values inside a parsed JSON value. */
function mutateValue(rand, v, depth = 0) {
  if (rand() < 0.08) return randomValue(rand);
  if (Array.isArray(v)) {
    const out = v.map((x) => mutateValue(rand, x, depth + 1));
    if (rand() < 0.1 && out.length) out.splice(Math.floor(rand() * out.length), 1);
    if (rand() < 0.1 && out.length) out.push(out[Math.floor(rand() * out.length)]);
    return out;
  }
  if (v !== null && typeof v === "object") {
    const out = {};
    for (const [k, x] of Object.entries(v)) if (rand() > 0.05) out[k] = mutateValue(rand, x, depth + 1);
    if (rand() < 0.05) out.__proto__ = randomValue(rand);
    return out;
  }
  return v;
}

function mutateText(rand, text) {
  let t = text;
  const n = 1 + Math.floor(rand() * 4);
  for (let i = 0; i < n; i++) {
    const at = Math.floor(rand() * (t.length + 1));
    const r = rand();
    if (r < 0.25) t = t.slice(0, at) + t.slice(at + 1 + Math.floor(rand() * 20));
    else if (r < 0.45) t = t.slice(0, at) + ["{", "}", "[", "]", '"', "\n", "\\", ",", ":", "null", "\ud800"][Math.floor(rand() * 11)] + t.slice(at);
    else if (r < 0.55) t = t.slice(0, at) + "[".repeat(1 + Math.floor(rand() * 5000)) + t.slice(at);
    else if (r < 0.7) t = t.slice(0, at);
    else t = t.slice(0, at) + t.slice(Math.floor(rand() * t.length)).slice(0, 200) + t.slice(at);
  }
  return t;
}

/** A mutated transcript: values inside the records (JSONL or one JSON document), or the text itself. */
export function mutateTranscript(rand, seed) {
  if (rand() < 0.35) return mutateText(rand, seed);
  const lines = seed.trim().split("\n");
  const structured = (s) => {
    try {
      return JSON.stringify(mutateValue(rand, JSON.parse(s)));
    } catch {
      return s;
    }
  };
  return lines.length > 1 ? `${lines.map((l) => (rand() < 0.4 ? structured(l) : l)).join("\n")}\n` : structured(seed);
}

/**
 * @param {{ pkgDir: string, seconds?: number, runs?: number, seed?: number, slowMs?: number }} options
 * @returns {Promise<{ execs: number, seconds: number, findings: { kind: string, message: string, input: string }[], slowestMs: number }>}
 */
export async function runTranscriptFuzz({ pkgDir, seconds = Infinity, runs = Infinity, seed = 1, slowMs = 2000 }) {
  const hooks = await import(pathToFileURL(path.join(pkgDir, "lib", "hooks", "index.js")).href);
  const rand = generator(seed);
  const seeds = transcriptSeeds();
  const findings = [];
  const seen = new Set();
  const started = performance.now();
  let execs = 0;
  let slowest = 0;
  const formats = [undefined, ...hooks.TRANSCRIPT_FORMATS];
  while (execs < runs && (performance.now() - started) / 1000 < seconds) {
    const input = execs < seeds.length ? seeds[execs] : mutateTranscript(rand, seeds[Math.floor(rand() * seeds.length)]);
    const format = formats[Math.floor(rand() * formats.length)];
    const t0 = performance.now();
    try {
      hooks.detectTranscriptFormat(input);
      const t = hooks.readTranscript(input, format === undefined ? {} : { format });
      if (!Array.isArray(t.toolCalls) || !Number.isInteger(t.skipped)) throw new Error("readTranscript returned a result of the wrong shape");
      for (const c of t.toolCalls) {
        if (typeof c.name !== "string" || typeof c.isError !== "boolean") throw new Error(`a tool call of the wrong shape: ${JSON.stringify(c).slice(0, 120)}`);
        const f = hooks.foldableCall(c);
        if (f && typeof f.text !== "string") throw new Error("foldableCall gave a text that is not a string");
      }
    } catch (err) {
      if (err?.code !== "UNKNOWN_FORMAT") {
        const key = `${err?.name}: ${String(err?.message).slice(0, 80)}`;
        if (!seen.has(key)) {
          seen.add(key);
          findings.push({ kind: "exception", message: `${key} (format ${format ?? "detected"})\n${String(err?.stack).split("\n").slice(1, 3).join("\n")}`, input });
        }
      }
    }
    const ms = performance.now() - t0;
    slowest = Math.max(slowest, ms);
    if (ms > slowMs) findings.push({ kind: "slow", message: `${ms.toFixed(0)} ms on ${input.length} characters`, input });
    execs++;
  }
  return { execs, seconds: (performance.now() - started) / 1000, findings, slowestMs: slowest };
}
