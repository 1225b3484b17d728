// `contextfold/gpt-tokenizer`: a `tokenCounter` for `ContextFold.open` that counts real o200k tokens (OpenAI's
// GPT-4o / GPT-4.1 / GPT-5 / o-series encoding) with the optional package `gpt-tokenizer`. The encoding is about
// 9 MB, so it is loaded with `import()` when the counter is made, never at the import of this module.
//
//   const cf = await ContextFold.open(storage, { tokenCounter: await gptTokenCounter() });
//
// Text that looks like a special token ("<|endoftext|>") is counted as the ordinary text it is: tool output may
// contain anything, and a counter that throws would fail the fold.

const ENCODINGS = new Set(["o200k_base", "o200k_harmony", "cl100k_base", "p50k_base", "p50k_edit", "r50k_base"]);
const PLAIN = { disallowedSpecial: new Set() };

/**
 * @param {{ encoding?: "o200k_base" | "o200k_harmony" | "cl100k_base" | "p50k_base" | "p50k_edit" | "r50k_base" }} [options]
 * @returns {Promise<(text: string) => number>}
 */
export async function gptTokenCounter(options = {}) {
  const encoding = options.encoding ?? "o200k_base";
  if (!ENCODINGS.has(encoding)) throw new TypeError(`unknown encoding ${JSON.stringify(encoding)} (one of ${[...ENCODINGS].join(", ")})`);
  let mod;
  try {
    mod = await import(`gpt-tokenizer/encoding/${encoding}`);
  } catch (err) {
    throw new Error(`contextfold/gpt-tokenizer needs the optional package gpt-tokenizer (4.x): npm install gpt-tokenizer (${err?.message ?? err})`, { cause: err });
  }
  const count = mod.countTokens ?? mod.default?.countTokens;
  if (typeof count !== "function") throw new Error(`gpt-tokenizer/encoding/${encoding} has no countTokens`);
  return (text) => count(text, PLAIN);
}
