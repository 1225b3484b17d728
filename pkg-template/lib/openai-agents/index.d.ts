// `contextfold/openai-agents`: a `callModelInputFilter` for `@openai/agents`.
import type { ContextFold, FoldedStep } from "contextfold";
import type { CallModelInputFilter } from "@openai/agents";

export interface ContextFoldInputFilterOptions {
  /** The open store. */
  store: ContextFold;
  /** Fold function-call results of at least this many tokens (the store's counter). Default 500. */
  foldThreshold?: number;
  /** Most tokens of context added to one call's instructions, headers included. Default: the store policy's per-turn budget. */
  turnBudget?: number;
  /** The summary of a folded result. Default: `toolSummary(name, arguments, { isError })` of `contextfold/tools`. */
  summarize?: (result: { callId: string; toolName: string; input: unknown; output: unknown; isError?: boolean }) => string | Promise<string>;
  /** `session_id` of the cold nodes folded here. */
  sessionId?: string;
  /** Keep the results of the current turn (after the latest user message) in full. Default true. */
  keepCurrentTurn?: boolean;
  /** Told of each tool result folded here (its folded-step record). */
  onFold?: (record: FoldedStep) => void;
  /** Told of each call that got hydrated context: the steps and the tokens added (the store's counter). */
  onHydrate?: (info: { steps: number[]; tokens: number }) => void;
  /** Called when a fold, hydration or eviction fails (the call goes on without it). Default: console.warn. */
  onError?: (error: unknown, stage: "fold" | "hydrate" | "evict") => void;
}

/** The filter, plus `evict()`: evict what the last call hydrated (call it after `run()`; it also happens before the next call). */
export type ContextFoldInputFilter = CallModelInputFilter & { evict(): Promise<void> };

/** Fold large function-call results out of each model call and hydrate into that call's `instructions`. */
export declare function contextFoldInputFilter(options: ContextFoldInputFilterOptions): ContextFoldInputFilter;
