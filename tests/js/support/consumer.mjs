// Subpaths of the packed package, loaded from the scratch consumer it is installed in (as a user's code would).
import { createRequire } from "node:module";
import * as path from "node:path";
import { pathToFileURL } from "node:url";
import { CONSUMER } from "../helpers.mjs";

const requireFromConsumer = createRequire(path.join(CONSUMER, "package.json"));

/** `import(specifier)` as the consumer resolves it (e.g. "contextfold/ai-sdk"). */
export function importFromConsumer(specifier) {
  return import(pathToFileURL(requireFromConsumer.resolve(specifier)).href);
}

/** Tokens of a V3/V4 prompt, part by part, by a counter (text, tool-call input and tool-result output). */
export async function promptTokens(prompt, count) {
  let total = 0;
  for (const m of prompt) {
    if (typeof m.content === "string") {
      total += await count(m.content);
      continue;
    }
    for (const p of m.content) total += await count(partText(p));
  }
  return total;
}

/** The text a model sees for one prompt part. */
export function partText(p) {
  if (p.type === "text" || p.type === "reasoning") return p.text;
  if (p.type === "tool-call") return JSON.stringify(p.input);
  if (p.type === "tool-result") return typeof p.output.value === "string" ? p.output.value : JSON.stringify(p.output.value ?? p.output);
  return JSON.stringify(p);
}
