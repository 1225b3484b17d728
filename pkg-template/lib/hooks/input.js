// The hook input both harnesses write on stdin, read into one shape. Claude Code and Codex share the protocol
// (snake_case JSON, `hook_event_name`); Codex adds `turn_id` and `model` to turn-scoped events, and reports its
// shell tool as tool_name "Bash" with the output as a string `tool_response`.

/** The events `contextfold hook` handles. */
export const HOOK_EVENTS = Object.freeze(["session-start", "user-prompt-submit", "post-tool-use", "pre-compact", "stop"]);

const BY_HARNESS_NAME = {
  SessionStart: "session-start",
  UserPromptSubmit: "user-prompt-submit",
  PostToolUse: "post-tool-use",
  PostToolUseFailure: "post-tool-use", // Claude Code: a failed call (`error` instead of `tool_response`)
  PreCompact: "pre-compact",
  Stop: "stop",
};

/** `post-tool-use` for "post-tool-use" or "PostToolUse"; undefined for events we do not handle. */
export function hookEventOf(name) {
  if (typeof name !== "string") return undefined;
  if (HOOK_EVENTS.includes(name)) return name;
  return BY_HARNESS_NAME[name];
}

const str = (v) => (typeof v === "string" ? v : undefined);

/** A failure of the input itself: the hook logs it and does nothing. */
export class HookInputError extends Error {
  constructor(message) {
    super(message);
    this.name = "HookInputError";
    this.code = "BAD_INPUT";
  }
}

/**
 * @typedef {object} HookInput
 * @property {import("./index.js").HookEvent} event
 * @property {string} hookEventName   the harness's own name of the event ("PostToolUse", ...), or the event
 * @property {"claude-code" | "codex"} harness
 * @property {string | undefined} sessionId
 * @property {string | undefined} transcriptPath
 * @property {string | undefined} cwd
 * @property {string | undefined} toolName
 * @property {unknown} toolInput
 * @property {unknown} toolResponse
 * @property {string | undefined} toolUseId
 * @property {boolean} isError
 * @property {string | undefined} prompt
 * @property {string | undefined} source   session-start: startup | resume | clear | compact | fork
 * @property {string | undefined} trigger  pre-compact: manual | auto
 * @property {boolean} stopHookActive
 * @property {string | undefined} turnId   Codex only
 */

/**
 * Read a parsed hook payload.
 * @param {unknown} payload the JSON the harness wrote on stdin
 * @param {string} [event] the event named on the command line (it wins over `hook_event_name`)
 * @returns {HookInput}
 */
export function readHookInput(payload, event) {
  if (payload === null || typeof payload !== "object" || Array.isArray(payload)) throw new HookInputError("the hook input is not a JSON object");
  const p = /** @type {Record<string, unknown>} */ (payload);
  const named = str(p.hook_event_name);
  const resolved = event !== undefined ? hookEventOf(event) : hookEventOf(named);
  if (resolved === undefined) {
    throw new HookInputError(event !== undefined ? `unknown event ${JSON.stringify(event)} (one of ${HOOK_EVENTS.join(", ")})` : named === undefined ? "the hook input has no hook_event_name and no event was named" : `event ${JSON.stringify(named)} is not handled`);
  }
  const failure = named === "PostToolUseFailure";
  return {
    event: resolved,
    hookEventName: named ?? resolved,
    harness: typeof p.turn_id === "string" ? "codex" : "claude-code",
    sessionId: str(p.session_id),
    transcriptPath: str(p.transcript_path),
    cwd: str(p.cwd),
    toolName: str(p.tool_name),
    toolInput: p.tool_input,
    toolResponse: failure && p.tool_response === undefined ? p.error : p.tool_response,
    toolUseId: str(p.tool_use_id),
    isError: failure || p.is_error === true,
    prompt: str(p.prompt),
    source: str(p.source),
    trigger: str(p.trigger),
    stopHookActive: p.stop_hook_active === true,
    turnId: str(p.turn_id),
  };
}
