// `contextfold/gpt-tokenizer`: a tokenCounter counting OpenAI o200k (or another tiktoken encoding) tokens with the
// optional package `gpt-tokenizer`, loaded lazily (it is ~9 MB).

export type GptEncoding = "o200k_base" | "o200k_harmony" | "cl100k_base" | "p50k_base" | "p50k_edit" | "r50k_base";

/** A synchronous counter for `ContextFold.open(storage, { tokenCounter })`; loads the encoding (default
 *  `o200k_base`) when called. Special-token text is counted as ordinary text. */
export declare function gptTokenCounter(options?: { encoding?: GptEncoding }): Promise<(text: string) => number>;
