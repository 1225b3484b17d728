// `contextfold/hooks`: the Claude Code / Codex CLI hook handlers and the transcript readers (Node only).
import type { FoldedStep } from "contextfold";

/** The events `contextfold hook` handles. */
export type HookEvent = "session-start" | "user-prompt-submit" | "post-tool-use" | "pre-compact" | "stop";
export declare const HOOK_EVENTS: readonly HookEvent[];
/** `"post-tool-use"` for "post-tool-use" or the harness's "PostToolUse" (and "PostToolUseFailure"); else undefined. */
export declare function hookEventOf(name: unknown): HookEvent | undefined;

/** A hook input of either harness, read into one shape. */
export interface HookInput {
  event: HookEvent;
  /** The harness's own name of the event ("PostToolUse", "PostToolUseFailure", ...), or `event`. */
  hookEventName: string;
  /** Codex adds `turn_id` to turn-scoped events; everything else reads as Claude Code. */
  harness: "claude-code" | "codex";
  sessionId?: string;
  transcriptPath?: string;
  cwd?: string;
  toolName?: string;
  toolInput?: unknown;
  /** `tool_response` (Claude Code: an object per tool, MCP content items; Codex: the output string), or `error` of PostToolUseFailure. */
  toolResponse?: unknown;
  toolUseId?: string;
  isError: boolean;
  prompt?: string;
  /** session-start: startup | resume | clear | compact | fork. */
  source?: string;
  /** pre-compact: manual | auto. */
  trigger?: string;
  stopHookActive: boolean;
  turnId?: string;
}
/** Read a parsed hook payload; `event` (named on the command line) wins over `hook_event_name`. */
export declare function readHookInput(payload: unknown, event?: string): HookInput;
export declare class HookInputError extends Error {
  readonly code: "BAD_INPUT";
}

export interface HookOptions {
  /** Store root: the folder that holds `.contextfold/` (default: the session's folder under the data home). */
  dir?: string;
  /** Where CONTEXTFOLD_HOME, XDG_DATA_HOME and HOME are read (default: process.env). */
  env?: Record<string, string | undefined>;
  /** What a relative `dir` is resolved against (default: process.cwd()). */
  cwd?: string;
  /** Smallest tool output folded, in UTF-8 bytes (default 2048). */
  minBytes?: number;
  /** Tokens one injection may hydrate (default 2500). */
  budget?: number;
  /** Longest injection in characters (default 10000; from Codex also at most 10,000 UTF-8 bytes, past which Codex cuts it). */
  maxChars?: number;
  /** post-tool-use in Claude Code: replace an MCP tool's output by its folded-step record. */
  replaceMcpOutput?: boolean;
  /** The engine's clock ("YYYY-MM-DDTHH:MM:SSZ"). */
  clock?: () => string;
  /** How the model can run this CLI, shown in injected text (default "npx contextfold"). */
  command?: string;
}

export interface RunHookResult {
  /** What to print on stdout: the hook's JSON output, or "" (nothing). */
  stdout: string;
  event?: HookEvent;
  /** Set when the call failed: nothing was printed, the session goes on. */
  error?: { code: string; message: string };
  /** The log file the failure was appended to. */
  logged?: string;
  result?: Record<string, unknown>;
}
/** One hook call as `contextfold hook` runs it: never throws, never blocks (see the README). */
export declare function runHook(stdin: string, options?: HookOptions & { event?: string }): Promise<RunHookResult>;

/** The session of a hook: its store root and the hooks' state beside `.contextfold/`. */
export declare class HookSession {
  constructor(root: string, sessionId: string | undefined);
  readonly root: string;
  readonly sessionId: string | undefined;
  /** `<root>/.contextfold-hooks`. */
  readonly stateDir: string;
  withLock<T>(fn: () => Promise<T>, options?: { timeoutMs?: number; staleMs?: number }): Promise<T>;
  readState(): Promise<{ injected: number[]; turn: number[] }>;
  writeState(state: { injected: number[]; turn: number[] }): Promise<void>;
  /** tool call id -> step of every call folded into this store by a hook or an import. */
  ledger(): Promise<Map<string, number>>;
  recordFolds(entries: { id: string; step: number }[]): Promise<void>;
  log(line: string): Promise<boolean>;
}
export declare const STATE_DIR: ".contextfold-hooks";
/** $CONTEXTFOLD_HOME, else $XDG_DATA_HOME/contextfold, else ~/.local/share/contextfold. */
export declare function dataHome(env?: Record<string, string | undefined>): string;
/** A session id as a safe folder name: itself when plain, else `id-` and a SHA-256 prefix. */
export declare function sessionFolderName(sessionId: string): string;
export declare function storeRoot(where: { sessionId?: string; dir?: string; env?: Record<string, string | undefined>; cwd?: string }): string;

export interface HandlerResult {
  output?: object;
  [key: string]: unknown;
}
export declare function handleHookInput(input: HookInput, options?: HookOptions): Promise<HandlerResult & { session: HookSession }>;
export declare function postToolUse(input: HookInput, session: HookSession, options?: HookOptions): Promise<HandlerResult>;
export declare function userPromptSubmit(input: HookInput, session: HookSession, options?: HookOptions): Promise<HandlerResult>;
export declare function sessionStart(input: HookInput, session: HookSession, options?: HookOptions): Promise<HandlerResult>;
export declare function preCompact(input: HookInput, session: HookSession, options?: HookOptions): Promise<HandlerResult>;
export declare function stop(input: HookInput, session: HookSession, options?: HookOptions): Promise<HandlerResult>;
export declare const DEFAULT_BUDGET: number;
export declare const DEFAULT_MIN_BYTES: number;
export declare const DEFAULT_MAX_CHARS: number;

export type TranscriptFormat = "claude-code" | "codex" | "anthropic" | "openai";
export declare const TRANSCRIPT_FORMATS: readonly TranscriptFormat[];
/** One tool call of a transcript, in the shape a PostToolUse hook receives it. */
export interface ToolCall {
  id: string | undefined;
  name: string;
  input: unknown;
  response: unknown;
  isError: boolean;
}
export declare function detectTranscriptFormat(text: string): TranscriptFormat;
export declare function readTranscript(
  text: string,
  options?: { format?: TranscriptFormat },
): { format: TranscriptFormat; sessionId: string | undefined; toolCalls: ToolCall[]; skipped: number };

export interface CallOutcome {
  key: string;
  status: "folded" | "already" | "small";
  step?: number;
  foldedStep?: FoldedStep;
  bytes: number;
}
/** The summary, content and ledger key a tool call folds with. */
export declare function foldableCall(call: ToolCall): { key: string; summary: string; text: string; bytes: number };
export declare function foldToolCalls(
  session: HookSession,
  calls: ToolCall[],
  options?: { minBytes?: number; sessionId?: string; clock?: () => string; onProgress?: (done: number, total: number) => void },
): Promise<CallOutcome[]>;

export interface ImportSummary {
  format: TranscriptFormat;
  sessionId: string | null;
  /** The store root. */
  dir: string;
  toolResults: number;
  folded: number;
  alreadyFolded: number;
  small: number;
  steps: { first: number; last: number } | null;
  /** Lines or items that were not records of the format. */
  skippedRecords: number;
}
export declare function importTranscript(
  file: string | undefined,
  options?: {
    text?: string;
    format?: TranscriptFormat;
    dir?: string;
    sessionId?: string;
    minBytes?: number;
    env?: Record<string, string | undefined>;
    cwd?: string;
    clock?: () => string;
    onProgress?: (done: number, total: number) => void;
  },
): Promise<ImportSummary>;
