// `contextfold/openai-agents`: a `callModelInputFilter` for the OpenAI Agents SDK (`run(agent, input, {
// callModelInputFilter })` or `new Runner({ callModelInputFilter })`), called right before each model call with
// that call's own copy of the input items:
//   1. every function-call result at or above the fold threshold is folded once (by call id); results of earlier
//      turns are replaced by their folded-step record, results of the current turn (after the latest user message)
//      stay as they are and count as already in context;
//   2. the latest user message is scanned and the hydrated, hash-verified context is appended to `instructions`,
//      which the SDK sends with this call only and never stores in a session;
// and the hydrated nodes are evicted before the next model call (or by `await filter.evict()` after the run).
import { ToolResultFolder, foldedStepText, notify } from "../integration/folding.js";
import { Evictions, hydrateForCall, warn } from "../integration/hydration.js";

/**
 * @param {import("./index.js").ContextFoldInputFilterOptions} options
 * @returns {import("./index.js").ContextFoldInputFilter}
 */
export function contextFoldInputFilter(options) {
  const { store, turnBudget, keepCurrentTurn = true } = options ?? {};
  const onError = options?.onError ?? warn("openai-agents");
  const folder = new ToolResultFolder(store, options);
  const evictions = new Evictions(store, onError);

  const filter = async ({ modelData }) => {
    // The previous model call has answered by now.
    await evictions.flush();
    const items = Array.isArray(modelData?.input) ? modelData.input : [];
    const lastUser = findLastIndex(items, isUserMessage);
    const calls = new Map();
    for (const item of items) if (item?.type === "function_call") calls.set(item.callId, item);
    const input = [];
    const inContext = [];
    for (let i = 0; i < items.length; i++) {
      const item = items[i];
      const text = item?.type === "function_call_result" ? resultText(item.output) : undefined;
      if (text === undefined) {
        input.push(item);
        continue;
      }
      let record;
      try {
        record = await folder.fold({
          callId: item.callId,
          toolName: item.name,
          input: parseArguments(calls.get(item.callId)?.arguments),
          output: text,
          isError: item.status === "incomplete",
        });
      } catch (err) {
        onError(err, "fold");
      }
      if (!record) input.push(item);
      else if (keepCurrentTurn && i > lastUser) {
        inContext.push(record.step_id);
        input.push(item);
      } else {
        input.push({ ...item, output: foldedStepText(record) });
      }
    }

    let instructions = modelData?.instructions;
    if (lastUser >= 0) {
      const query = userText(items[lastUser]);
      if (query.trim() !== "") {
        try {
          const call = await hydrateForCall(store, query, { turnBudget, inContext });
          evictions.add(call.turn);
          if (call.steps.length > 0) notify(options.onHydrate, { steps: call.steps, tokens: call.tokens });
          if (call.text !== "") instructions = instructions ? `${instructions}\n\n${call.text}` : call.text;
        } catch (err) {
          onError(err, "hydrate");
        }
      }
    }
    return instructions === undefined ? { input } : { input, instructions };
  };
  filter.evict = () => evictions.flush();
  return filter;
}

function isUserMessage(item) {
  return item?.role === "user" && (item.type === undefined || item.type === "message");
}

function userText(item) {
  if (typeof item.content === "string") return item.content;
  if (!Array.isArray(item.content)) return "";
  return item.content
    .filter((p) => p?.type === "input_text" && typeof p.text === "string")
    .map((p) => p.text)
    .join("\n");
}

/** The text of a function-call result; undefined for images, files and other non-text output. */
function resultText(output) {
  if (typeof output === "string") return output;
  if (output && output.type === "text" && typeof output.text === "string") return output.text;
  if (Array.isArray(output) && output.length > 0 && output.every((p) => p?.type === "input_text" && typeof p.text === "string")) {
    return output.map((p) => p.text).join("\n");
  }
  return undefined;
}

function parseArguments(args) {
  if (typeof args !== "string") return args;
  try {
    return JSON.parse(args);
  } catch {
    return args;
  }
}

function findLastIndex(list, pred) {
  for (let i = list.length - 1; i >= 0; i--) if (pred(list[i])) return i;
  return -1;
}
