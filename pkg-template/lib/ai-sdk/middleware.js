// `contextfold/ai-sdk`: a language-model middleware for the Vercel AI SDK (`wrapLanguageModel`, ai 6 and 7).
//
// Per model call, in `transformParams` (the call's own copy of the prompt; the application's messages are never
// touched, so nothing added here can enter the stored history):
//   1. every tool result at or above the fold threshold is folded once (by tool call id); results of earlier turns
//      are replaced by their folded-step record, results of the current turn (after the latest user message) stay
//      as they are, since the model is working with them, and count as already in context;
//   2. the latest user message is scanned and the hydrated, hash-verified nodes are put in front of it, for this
//      call only;
// and after the call (`wrapGenerate` / the end of `wrapStream`) the hydrated nodes are evicted.
import { ToolResultFolder, notify } from "../integration/folding.js";
import { Evictions, hydrateForCall, warn } from "../integration/hydration.js";

/**
 * @param {import("./index.js").ContextFoldMiddlewareOptions} options
 * @returns {import("./index.js").ContextFoldMiddleware}
 */
export function contextFoldMiddleware(options) {
  const { store, turnBudget, keepCurrentTurn = true, placement = "user", renderFolded = defaultRender } = options ?? {};
  const onError = options?.onError ?? warn("ai-sdk");
  const folder = new ToolResultFolder(store, options);
  const evictions = new Evictions(store, onError);
  const turns = new WeakMap(); // transformed params -> Turn
  if (placement !== "user" && placement !== "system") throw new TypeError('placement must be "user" or "system"');

  return {
    specificationVersion: "v3",

    async transformParams({ params }) {
      // Turns of calls that never reported their end (a cancelled stream) are evicted before the next call.
      await evictions.flush();
      const prompt = params.prompt;
      const lastUser = findLastIndex(prompt, (m) => m.role === "user");
      const inputs = toolInputs(prompt);
      const inContext = [];
      const out = [];
      for (let i = 0; i < prompt.length; i++) {
        const message = prompt[i];
        if ((message.role !== "tool" && message.role !== "assistant") || !Array.isArray(message.content)) {
          out.push(message);
          continue;
        }
        let changed = false;
        const content = [];
        for (const part of message.content) {
          const record = part?.type === "tool-result" ? await foldPart(part, inputs) : undefined;
          if (!record) content.push(part);
          else if (keepCurrentTurn && i > lastUser) {
            inContext.push(record.step_id);
            content.push(part);
          } else {
            content.push({ ...part, output: renderFolded(record, part) });
            changed = true;
          }
        }
        out.push(changed ? { ...message, content } : message);
      }

      if (lastUser >= 0) {
        const query = userText(prompt[lastUser]);
        if (query.trim() !== "") {
          try {
            const call = await hydrateForCall(store, query, { turnBudget, inContext });
            evictions.add(call.turn);
            if (call.steps.length > 0) notify(options.onHydrate, { steps: call.steps, tokens: call.tokens });
            if (call.text !== "") {
              if (placement === "user") {
                const user = prompt[lastUser];
                out[lastUser] = { ...user, content: [{ type: "text", text: call.text }, ...user.content] };
              } else {
                // After the leading system messages (providers take system content at the start only).
                let at = 0;
                while (at < out.length && out[at].role === "system") at++;
                out.splice(at, 0, { role: "system", content: call.text });
              }
            }
            const transformed = { ...params, prompt: out };
            turns.set(transformed, call.turn);
            return transformed;
          } catch (err) {
            onError(err, "hydrate");
          }
        }
      }
      return { ...params, prompt: out };
    },

    async wrapGenerate({ doGenerate, params }) {
      try {
        return await doGenerate();
      } finally {
        await evictions.done(turns.get(params));
      }
    },

    async wrapStream({ doStream, params }) {
      const turn = turns.get(params);
      if (!turn) return doStream();
      let result;
      try {
        result = await doStream();
      } catch (err) {
        await evictions.done(turn);
        throw err;
      }
      // Evict when the response has been read to its end (or failed); a stream given up half way is evicted
      // before the next call.
      const stream = result.stream.pipeThrough(
        new TransformStream({
          async flush() {
            await evictions.done(turn);
          },
        }),
      );
      return { ...result, stream };
    },
  };

  async function foldPart(part, inputs) {
    const text = outputValue(part.output);
    if (text === undefined) return undefined;
    try {
      return await folder.fold({
        callId: part.toolCallId,
        toolName: part.toolName,
        input: inputs.get(part.toolCallId),
        output: text,
        isError: part.output.type === "error-text" || part.output.type === "error-json",
      });
    } catch (err) {
      onError(err, "fold");
      return undefined;
    }
  }
}

/** A tool result as `toolOutputText` reads it; undefined for outputs that are not text (media, denials). */
function outputValue(output) {
  if (!output || typeof output !== "object") return undefined;
  switch (output.type) {
    case "text":
    case "error-text":
      return typeof output.value === "string" ? output.value : undefined;
    case "json":
    case "error-json":
      return output.value;
    case "content":
      return Array.isArray(output.value) && output.value.every((p) => p && p.type === "text" && typeof p.text === "string") ? output.value : undefined;
    default:
      return undefined;
  }
}

/** The folded-step record as the tool output the model sees (`json`, or `error-json` for a failed call). */
function defaultRender(record, part) {
  const failed = part.output?.type === "error-text" || part.output?.type === "error-json";
  return { type: failed ? "error-json" : "json", value: record };
}

/** Tool call id -> the call's input, from the assistant messages' tool-call parts. */
function toolInputs(prompt) {
  const inputs = new Map();
  for (const m of prompt) {
    if (m.role !== "assistant" || !Array.isArray(m.content)) continue;
    for (const p of m.content) if (p?.type === "tool-call") inputs.set(p.toolCallId, p.input);
  }
  return inputs;
}

function userText(message) {
  if (typeof message.content === "string") return message.content;
  return message.content
    .filter((p) => p?.type === "text" && typeof p.text === "string")
    .map((p) => p.text)
    .join("\n");
}

function findLastIndex(list, pred) {
  for (let i = list.length - 1; i >= 0; i--) if (pred(list[i])) return i;
  return -1;
}
