// `contextfold/ai-sdk`: a language-model middleware for `wrapLanguageModel` (ai 6: LanguageModelV3 middleware;
// ai 7: accepted as its `LanguageModelMiddleware`). Structural types: the `ai` package is a peer, not imported here.
import type { ContextFold, FoldedStep } from "contextfold";

/** A tool call and its result, as the summary function sees it. */
export interface ToolResultInfo {
  /** The tool call id (each call is folded once, whatever the number of model calls that resend it). */
  callId: string;
  toolName: string;
  /** The tool's input (from the assistant message's tool-call part), if the prompt still holds it. */
  input: unknown;
  /** The result: a string, or the JSON value / text parts of the tool-result output. */
  output: unknown;
  isError?: boolean;
}

/** A tool-result part of the prompt (`LanguageModelV3ToolResultPart` / `LanguageModelV4ToolResultPart`). */
export interface ToolResultPartLike {
  type: "tool-result";
  toolCallId: string;
  toolName: string;
  output: { type: string; value?: unknown };
}

/** A tool-result output (`LanguageModelV3ToolResultOutput` / V4). */
export interface ToolResultOutputLike {
  type: string;
  value?: unknown;
}

export interface ContextFoldMiddlewareOptions {
  /** The open store (`await ContextFold.open(new NodeFsStorage(dir))`, or any storage). */
  store: ContextFold;
  /** Fold tool results of at least this many tokens (the store's counter). Default 500. */
  foldThreshold?: number;
  /** Most tokens (the store's counter) of the context added to one call, headers included. Default: the store
   *  policy's `max_rehydration_tokens_per_turn` applied by the engine. */
  turnBudget?: number;
  /** The summary of a folded tool result. Default: `toolSummary(toolName, input, { isError })` of `contextfold/tools`. */
  summarize?: (result: ToolResultInfo) => string | Promise<string>;
  /** `session_id` of the cold nodes folded here. */
  sessionId?: string;
  /** Keep the tool results of the current turn (after the latest user message) in full. Default true; with false,
   *  a large result is replaced by its record in the very next call. */
  keepCurrentTurn?: boolean;
  /** Where the hydrated context goes: a text part in front of the latest user message ("user", default) or a
   *  system message after the leading system messages ("system"). */
  placement?: "user" | "system";
  /** The output that stands for a folded result. Default `{ type: "json" | "error-json", value: record }`. */
  renderFolded?: (record: FoldedStep, part: ToolResultPartLike) => ToolResultOutputLike;
  /** Told of each tool result folded here (its folded-step record). */
  onFold?: (record: FoldedStep) => void;
  /** Told of each call that got hydrated context: the steps and the tokens added (the store's counter). */
  onHydrate?: (info: { steps: number[]; tokens: number }) => void;
  /** Called when a fold, hydration or eviction fails (the call goes on without it). Default: console.warn. */
  onError?: (error: unknown, stage: "fold" | "hydrate" | "evict") => void;
}

/** The middleware: assignable to ai 6's and ai 7's `LanguageModelMiddleware`. */
export interface ContextFoldMiddleware {
  readonly specificationVersion: "v3";
  transformParams<P extends { prompt: unknown[] }>(options: { type: "generate" | "stream"; params: P; model: unknown }): PromiseLike<P>;
  wrapGenerate<R>(options: { doGenerate: () => PromiseLike<R>; doStream: () => PromiseLike<unknown>; params: unknown; model: unknown }): PromiseLike<R>;
  wrapStream<R extends { stream: ReadableStream<unknown> }>(options: {
    doGenerate: () => PromiseLike<unknown>;
    doStream: () => PromiseLike<R>;
    params: unknown;
    model: unknown;
  }): PromiseLike<R>;
}

/** Fold large tool results out of each call and hydrate what the latest user message asks about, for that call only. */
export declare function contextFoldMiddleware(options: ContextFoldMiddlewareOptions): ContextFoldMiddleware;
