// Transcript readers: the tool calls of a finished (or running) agent session, from the files harnesses write and
// the message arrays their APIs take. Each reader returns the calls in the order their results arrived, in the shape
// a PostToolUse hook receives them (`name`, `input`, `response`, `id`), so that `contextfold import`, the pre-compact
// catch-up and the live post-tool-use hook fold the same call into the same step (same summary, same content).
//
// Formats (auto-detected):
// - `claude-code`: Claude Code's session JSONL (~/.claude/projects/<slug>/<session>.jsonl), one record per line,
//   assistant content blocks split over records that share `message.id`, tool results in `user` records with the
//   structured `toolUseResult` beside them (the very object the PostToolUse hook gets as `tool_response`).
// - `codex`: Codex CLI's rollout JSONL (~/.codex/sessions/…/rollout-*.jsonl): `response_item` records holding
//   Responses API items, `event_msg` records with the finished command executions.
// - `anthropic`: an Anthropic Messages array (`[{role, content}]`, or a request body `{messages}`).
// - `openai`: an OpenAI chat array (`[{role, content, tool_calls}]`, `{messages}`), or Responses API input items
//   (`[{type: "function_call"}, {type: "function_call_output"}]`).
// Records of types a reader does not know are skipped, and so are lines that are not JSON (counted in `skipped`).

/** @typedef {"claude-code" | "codex" | "anthropic" | "openai"} TranscriptFormat */
/**
 * @typedef {object} ToolCall
 * @property {string | undefined} id        the harness's tool call id (`tool_use_id`, `call_id`)
 * @property {string} name                  the tool name as the PostToolUse hook reports it
 * @property {unknown} input                the tool input (arguments)
 * @property {unknown} response             the tool result, in the hook's `tool_response` shape where known
 * @property {boolean} isError
 */

export const TRANSCRIPT_FORMATS = Object.freeze(["claude-code", "codex", "anthropic", "openai"]);

const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);

/** The JSON records of a JSONL text; lines that are not JSON objects are counted, not thrown. */
function jsonLines(text) {
  const records = [];
  let skipped = 0;
  for (const line of text.split("\n")) {
    const t = line.trim();
    if (t === "") continue;
    try {
      const v = JSON.parse(t);
      if (isObject(v)) records.push(v);
      else skipped++;
    } catch {
      skipped++;
    }
  }
  return { records, skipped };
}

function parseWhole(text) {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

const isClaudeRecord = (r) => typeof r.type === "string" && (isObject(r.message) || "parentUuid" in r || "sessionId" in r || r.type === "summary");
const isCodexRecord = (r) => typeof r.type === "string" && ["session_meta", "response_item", "event_msg", "turn_context", "compacted"].includes(r.type) && "payload" in r;

/** The messages of an array or of a request body `{messages: [...]}` (or Responses `{input: [...]}`). */
function messagesOf(value) {
  if (Array.isArray(value)) return value;
  if (isObject(value) && Array.isArray(value.messages)) return value.messages;
  if (isObject(value) && Array.isArray(value.input)) return value.input;
  return undefined;
}

function looksOpenAi(messages) {
  return messages.some(
    (m) =>
      isObject(m) &&
      (m.role === "tool" || m.role === "function" || Array.isArray(m.tool_calls) || isObject(m.function_call) || (typeof m.type === "string" && /^(function_call|custom_tool_call|function_call_output|custom_tool_call_output)$/.test(m.type))),
  );
}

/**
 * Which format a transcript text is in.
 * @param {string} text
 * @returns {TranscriptFormat}
 * @throws {Error} when it is none of them
 */
export function detectTranscriptFormat(text) {
  const whole = parseWhole(text);
  if (whole.ok) {
    const messages = messagesOf(whole.value);
    if (messages) return looksOpenAi(messages) ? "openai" : "anthropic";
    if (isObject(whole.value) && isCodexRecord(whole.value)) return "codex";
    if (isObject(whole.value) && isClaudeRecord(whole.value)) return "claude-code";
  }
  const { records } = jsonLines(text);
  if (records.some(isCodexRecord)) return "codex";
  if (records.some(isClaudeRecord)) return "claude-code";
  throw Object.assign(new Error("not a transcript this reader knows (Claude Code or Codex JSONL, an Anthropic or OpenAI message array)"), { code: "UNKNOWN_FORMAT" });
}

/** Collects calls by id and emits them in the order their results arrive. */
class Calls {
  #byId = new Map();
  #done = new Set();
  /** @type {ToolCall[]} */
  list = [];
  sessionId = undefined;
  skipped = 0;

  use(id, name, input) {
    if (typeof id !== "string" || id === "") return;
    const known = this.#byId.get(id);
    // A later record of the same block (streaming, split messages) carries the same or a fuller input.
    if (known && known.input !== undefined && input === undefined) return;
    this.#byId.set(id, { name: typeof name === "string" && name !== "" ? name : known?.name ?? "tool", input });
  }

  result(id, response, isError) {
    const call = typeof id === "string" ? this.#byId.get(id) : undefined;
    if (typeof id === "string" && id !== "") {
      if (this.#done.has(id)) return; // a repeated result record
      this.#done.add(id);
    }
    this.list.push({ id: typeof id === "string" && id !== "" ? id : undefined, name: call?.name ?? "tool", input: call?.input, response, isError: Boolean(isError) });
  }
}

// ---- Claude Code ----

function readClaudeCode(text) {
  const { records, skipped } = jsonLines(text);
  const calls = new Calls();
  calls.skipped = skipped;
  for (const r of records) {
    if (calls.sessionId === undefined && typeof r.sessionId === "string") calls.sessionId = r.sessionId;
    const content = isObject(r.message) ? r.message.content : undefined;
    if (!Array.isArray(content)) continue; // strings (a typed prompt), summaries, snapshots, attachments, ...
    if (r.type === "assistant") {
      for (const b of content) if (isObject(b) && b.type === "tool_use") calls.use(b.id, b.name, b.input);
    } else if (r.type === "user") {
      const results = content.filter((b) => isObject(b) && b.type === "tool_result");
      for (const b of results) {
        // `toolUseResult` is the structured result of the record's one tool call (the hook's tool_response). A
        // failed call's is "Error: " + the text the model saw; the PostToolUseFailure hook gets that text (`error`).
        const failed = b.is_error === true;
        const response = !failed && results.length === 1 && r.toolUseResult !== undefined ? r.toolUseResult : b.content;
        calls.result(b.tool_use_id, response, failed);
      }
    }
  }
  return calls;
}

// ---- Anthropic Messages ----

function readAnthropic(messages) {
  const calls = new Calls();
  for (const m of messages) {
    if (!isObject(m) || !Array.isArray(m.content)) {
      if (!isObject(m)) calls.skipped++;
      continue;
    }
    for (const b of m.content) {
      if (!isObject(b)) continue;
      if (b.type === "tool_use") calls.use(b.id, b.name, b.input);
      else if (b.type === "tool_result") calls.result(b.tool_use_id, b.content, b.is_error === true);
    }
  }
  return calls;
}

// ---- OpenAI chat / Responses items ----

/** Tool-call arguments as the harness passes them: JSON text parsed, anything else as is. */
function argumentsOf(raw) {
  if (typeof raw !== "string") return raw;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

function responsesItem(calls, item) {
  switch (item.type) {
    case "function_call":
      calls.use(item.call_id, item.name, argumentsOf(item.arguments));
      return true;
    case "custom_tool_call":
      calls.use(item.call_id, item.name, item.input);
      return true;
    case "function_call_output":
    case "custom_tool_call_output":
      calls.result(item.call_id, item.output, false);
      return true;
    default:
      return false;
  }
}

function readOpenAi(messages) {
  const calls = new Calls();
  let legacy = 0; // role "function" results have no id: pair them with the last function_call by order
  for (const m of messages) {
    if (!isObject(m)) {
      calls.skipped++;
      continue;
    }
    if (typeof m.type === "string" && responsesItem(calls, m)) continue;
    if (m.role === "assistant") {
      if (Array.isArray(m.tool_calls)) {
        for (const c of m.tool_calls) if (isObject(c) && isObject(c.function)) calls.use(c.id, c.function.name, argumentsOf(c.function.arguments));
      }
      if (isObject(m.function_call)) calls.use(`function-${++legacy}`, m.function_call.name, argumentsOf(m.function_call.arguments));
    } else if (m.role === "tool") {
      calls.result(m.tool_call_id, m.content, false);
    } else if (m.role === "function") {
      calls.result(`function-${legacy}`, m.content, false);
    }
  }
  // Legacy function results carry no id of their own.
  for (const c of calls.list) if (c.id?.startsWith("function-")) c.id = undefined;
  return calls;
}

// ---- Codex rollout ----

/** Codex's shell tools as its PostToolUse hook reports them: tool_name "Bash", tool_input {command}. */
function codexShellInput(name, args) {
  if (!isObject(args)) return undefined;
  if (name === "exec_command" && typeof args.cmd === "string") return { command: args.cmd };
  if ((name === "shell" || name === "shell_command" || name === "local_shell") && args.command !== undefined) {
    const c = args.command;
    if (typeof c === "string") return { command: c };
    if (Array.isArray(c) && c.every((w) => typeof w === "string")) {
      // ["bash", "-lc", "npm test"] -> "npm test", as the hook shows it.
      const script = c.length === 3 && /^-\w*c$/.test(c[1]) ? c[2] : c.join(" ");
      return { command: script };
    }
  }
  return undefined;
}

/** The function_call_output text of an exec call, without the header Codex adds for the model. */
const CODEX_OUTPUT_HEADER = /^(?:Chunk ID: [^\n]*\n)?(?:Wall time: [^\n]*\n)?(?:Process (?:exited with code|running with session ID) [^\n]*\n)?(?:Original token count: [^\n]*\n)?Output:\n/;

function readCodex(text) {
  const { records, skipped } = jsonLines(text);
  const calls = new Calls();
  calls.skipped = skipped;
  const outputs = new Map(); // call_id -> aggregated output of the finished command (the hook's tool_response)
  for (const r of records) {
    const p = r.payload;
    if (r.type === "event_msg" && isObject(p) && p.type === "item_completed" && isObject(p.item) && p.item.type === "CommandExecution" && typeof p.item.aggregated_output === "string") {
      outputs.set(p.item.id, p.item.aggregated_output);
    }
  }
  const shellCalls = new Set();
  for (const r of records) {
    const p = r.payload;
    if (!isObject(p)) continue;
    if (r.type === "session_meta" && calls.sessionId === undefined) {
      const id = p.session_id ?? p.id;
      if (typeof id === "string") calls.sessionId = id;
      continue;
    }
    if (r.type !== "response_item") continue;
    if (p.type === "function_call" || p.type === "local_shell_call") {
      const args = p.type === "local_shell_call" ? p.action : argumentsOf(p.arguments);
      const shell = codexShellInput(p.type === "local_shell_call" ? "local_shell" : p.name, args);
      if (shell) {
        shellCalls.add(p.call_id);
        calls.use(p.call_id, "Bash", shell);
      } else calls.use(p.call_id, p.name, args);
    } else if (p.type === "function_call_output" && shellCalls.has(p.call_id)) {
      const output = outputs.get(p.call_id) ?? (typeof p.output === "string" ? p.output.replace(CODEX_OUTPUT_HEADER, "") : p.output);
      calls.result(p.call_id, output, false);
    } else {
      responsesItem(calls, p);
    }
  }
  return calls;
}

/**
 * Read the tool calls of a transcript.
 * @param {string} text the file's text
 * @param {{ format?: TranscriptFormat }} [options] the format (default: detected)
 * @returns {{ format: TranscriptFormat, sessionId: string | undefined, toolCalls: ToolCall[], skipped: number }}
 */
export function readTranscript(text, options = {}) {
  if (typeof text !== "string") throw new TypeError("readTranscript: text must be a string");
  const format = options.format ?? detectTranscriptFormat(text);
  let calls;
  switch (format) {
    case "claude-code":
      calls = readClaudeCode(text);
      break;
    case "codex":
      calls = readCodex(text);
      break;
    case "anthropic":
    case "openai": {
      const whole = parseWhole(text);
      const messages = whole.ok ? messagesOf(whole.value) : undefined;
      if (!messages) throw Object.assign(new Error(`not an ${format === "openai" ? "OpenAI" : "Anthropic"} message array`), { code: "UNKNOWN_FORMAT" });
      calls = format === "openai" ? readOpenAi(messages) : readAnthropic(messages);
      break;
    }
    default:
      throw Object.assign(new Error(`unknown transcript format ${JSON.stringify(format)} (one of ${TRANSCRIPT_FORMATS.join(", ")})`), { code: "UNKNOWN_FORMAT" });
  }
  return { format, sessionId: calls.sessionId, toolCalls: calls.list, skipped: calls.skipped };
}
