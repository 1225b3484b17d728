// `contextfold/opencode`: an opencode plugin factory. The returned function is an `@opencode-ai/plugin` `Plugin`.
import type { ContextFold, FoldedStep } from "contextfold";
import type { Hooks, PluginInput, PluginOptions } from "@opencode-ai/plugin";

export interface OpencodePluginOptions {
  /** Fold tool outputs of at least this many tokens (the store's counter). Default 500. */
  foldThreshold?: number;
  /** Most tokens of context added to one request, headers included. Default: the store policy's per-turn budget. */
  turnBudget?: number;
  /** "history" (default): opencode stores (and shows) the folded-step record instead of a large output.
   *  "request": opencode keeps the output; each request shows the record for results of earlier turns. */
  replace?: "history" | "request";
  /** Folded-step records added to the compaction prompt (newest first). Default 20; 0 adds none. */
  compactionSteps?: number;
  /** The summary of a folded output. Default: `toolSummary(tool, args)` of `contextfold/tools`. */
  summarize?: (result: { callId: string; toolName: string; input: unknown; output: unknown }) => string | Promise<string>;
  /** The store folder of a session (it holds `.contextfold/`). Default: the shared session layout,
   *  `$CONTEXTFOLD_HOME/sessions/<sessionID>` (else `$XDG_DATA_HOME/contextfold/…`, else `~/.local/share/contextfold/…`). */
  dir?: (sessionID: string) => string;
  /** Open the store of a session yourself (e.g. over another storage); then `dir` is not used and the plugin does not close it. */
  store?: (sessionID: string) => ContextFold | Promise<ContextFold>;
  /** Told of each tool result folded here (its folded-step record). */
  onFold?: (record: FoldedStep) => void;
  /** Told of each call that got hydrated context: the steps and the tokens added (the store's counter). */
  onHydrate?: (info: { steps: number[]; tokens: number }) => void;
  /** Called when a fold, hydration, eviction or compaction step fails (opencode goes on). Default: console.warn. */
  onError?: (error: unknown, stage: string) => void;
}

/** The plugin function opencode calls (a `Plugin` of `@opencode-ai/plugin`). Options from the opencode config
 *  (`["…", { "turnBudget": 2000 }]`) override the factory's. */
export type ContextFoldOpencodePlugin = (input: PluginInput, options?: PluginOptions) => Promise<Hooks>;

/** A ContextFold plugin for opencode. In `.opencode/plugins/contextfold.js`:
 *  `export const ContextFold = createOpencodePlugin({ turnBudget: 2000 });` */
export declare function createOpencodePlugin(options?: OpencodePluginOptions): ContextFoldOpencodePlugin;

/** The record a folded tool output shows (and its part's `metadata.contextfold`). */
export type { FoldedStep };
