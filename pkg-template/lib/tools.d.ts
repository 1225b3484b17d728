// `contextfold/tools`: how a harness's tool call becomes a fold (shared by every integration).

/** Longest summary `toolSummary` writes, in code points. */
export declare const MAX_SUMMARY: number;
/** Whitespace runs as one space, trimmed, cut to `max` code points (default MAX_SUMMARY; the last one then "…"). */
export declare function oneLine(text: string, max?: number): string;
/** A shell command as typed: a string as is, an argv array as its `-c` script or its words joined by spaces. */
export declare function commandText(command: unknown): string | undefined;
/** JSON with object keys sorted. */
export declare function stableJson(value: unknown): string;
/** The deterministic one-line summary of a tool call, e.g. `Bash: npm test -- tests/billing.spec.ts`. */
export declare function toolSummary(toolName: string, input: unknown, options?: { isError?: boolean }): string;
/** The text the model saw for a tool result (shell stdout/stderr, file content, MCP text items, else stable JSON). */
export declare function toolOutputText(response: unknown): string;
