// The model the agent uses when no provider is configured: the AI SDK's own MockLanguageModelV3 with a few rules,
// so that the loop runs offline and shows what ContextFold does. It calls a tool when asked to read, list or run
// something, says what the tool returned, and answers a question from the hydrated records in its prompt
// (`[ContextFold: step N]` blocks): the line that shares the most words with the question.
import { MockLanguageModelV3 } from "ai/test";

const usage = { inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 0, text: 0, reasoning: 0 } };
const STOP = new Set(["the", "and", "for", "what", "which", "who", "how", "did", "does", "was", "were", "is", "are", "that", "this", "with", "from", "into", "our", "any", "there"]);
let calls = 0;

const text = (value) => ({ content: [{ type: "text", text: value }], finishReason: { unified: "stop", raw: "stop" }, usage, warnings: [] });
const call = (toolName, input) => ({
  content: [{ type: "tool-call", toolCallId: `mock-call-${++calls}`, toolName, input: JSON.stringify(input) }],
  finishReason: { unified: "tool-calls", raw: "tool_calls" },
  usage,
  warnings: [],
});

/** The user's own words: the last text part (the hydrated context, if any, comes before it). */
function userWords(message) {
  const parts = message.content.filter((p) => p.type === "text");
  return parts.length === 0 ? "" : parts[parts.length - 1].text;
}

function answerFrom(message, question) {
  const words = new Set((question.toLowerCase().match(/[a-z0-9_]{3,}/g) ?? []).filter((w) => !STOP.has(w)));
  let best;
  for (const part of message.content) {
    if (part.type !== "text") continue;
    for (const block of part.text.split(/(?=\[ContextFold: step \d+\]\n)/)) {
      const head = /^\[ContextFold: step (\d+)\]\n/.exec(block);
      if (!head) continue;
      for (const line of block.slice(head[0].length).split("\n")) {
        const lineWords = new Set(line.toLowerCase().match(/[a-z0-9_]{3,}/g) ?? []);
        const score = [...words].filter((w) => lineWords.has(w) || [...lineWords].some((l) => l.startsWith(w))).length;
        if (score > 0 && (!best || score > best.score)) best = { score, step: head[1], line: line.trim() };
      }
    }
  }
  return best ? `From step ${best.step}: ${best.line}` : "I have nothing about that in this conversation.";
}

export function createMockModel() {
  return new MockLanguageModelV3({
    provider: "mock",
    modelId: "contextfold-agent-mock",
    doGenerate: async ({ prompt }) => {
      const last = prompt[prompt.length - 1];
      if (last.role === "tool") {
        const r = last.content.find((p) => p.type === "tool-result");
        const value = r?.output?.value;
        const out = typeof value === "string" ? value : JSON.stringify(value ?? "");
        const lines = out === "" ? 0 : out.split("\n").filter((l) => l !== "").length;
        return text(`${r?.toolName ?? "tool"} returned ${lines} line${lines === 1 ? "" : "s"}.`);
      }
      if (last.role !== "user") return text("OK.");
      const said = userWords(last).trim();
      let m;
      if ((m = /^(?:read|open|show)\s+(\S+)/i.exec(said))) return call("read_file", { path: m[1] });
      if ((m = /^(?:list|ls)\b\s*(\S*)/i.exec(said))) return call("list_files", { dir: m[1] || "." });
      if ((m = /^run\s+(.+)$/i.exec(said))) return call("run_command", { command: m[1] });
      return text(answerFrom(last, said));
    },
  });
}
