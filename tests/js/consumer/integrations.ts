// Type-level checks of the integration subpaths against the real peer packages' types (tsc --noEmit, strict):
// ai 6 (LanguageModelV3 middleware), @opencode-ai/plugin, @openai/agents, @modelcontextprotocol/server.
import { generateText, wrapLanguageModel, type LanguageModelMiddleware } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import type { Plugin } from "@opencode-ai/plugin";
import { Agent, Runner, type CallModelInputFilter } from "@openai/agents";
import type { McpServer } from "@modelcontextprotocol/server";
import { ContextFold, MemoryStorage, type FoldedStep } from "contextfold";
import { contextFoldMiddleware, type ContextFoldMiddlewareOptions } from "contextfold/ai-sdk";
import { createOpencodePlugin } from "contextfold/opencode";
import { contextFoldInputFilter } from "contextfold/openai-agents";
import { createServer } from "contextfold/mcp";
import { gptTokenCounter } from "contextfold/gpt-tokenizer";

const store = await ContextFold.open(new MemoryStorage(), { tokenCounter: await gptTokenCounter() });

// AI SDK 6: the middleware is a LanguageModelMiddleware and wraps a V3 model.
const middleware: LanguageModelMiddleware = contextFoldMiddleware({ store, turnBudget: 2000, onFold: (r: FoldedStep) => r.step_id });
const model = wrapLanguageModel({ model: new MockLanguageModelV3(), middleware: [middleware] });
const { text }: { text: string } = await generateText({ model, prompt: "hi" });
// @ts-expect-error store is required
contextFoldMiddleware({ turnBudget: 10 });
// @ts-expect-error placement is "user" or "system"
const badPlacement: ContextFoldMiddlewareOptions = { store, placement: "assistant" };

// opencode: the factory returns a Plugin.
const plugin: Plugin = createOpencodePlugin({ turnBudget: 2000, replace: "request" });
// @ts-expect-error replace is "history" or "request"
createOpencodePlugin({ replace: "never" });

// OpenAI Agents: a CallModelInputFilter for the Runner, with evict().
const filter = contextFoldInputFilter({ store, foldThreshold: 800 });
const asFilter: CallModelInputFilter = filter;
const runner = new Runner({ callModelInputFilter: filter });
await runner.run(new Agent({ name: "a", instructions: "x" }), "hi", { callModelInputFilter: filter });
const evicted: Promise<void> = filter.evict();

// MCP: an McpServer.
const server: McpServer = createServer({ store, name: "cf" });
// @ts-expect-error createServer needs the store
createServer({});

// gpt-tokenizer: a synchronous counter, after an async load.
const counter: (text: string) => number = await gptTokenCounter({ encoding: "cl100k_base" });
// @ts-expect-error unknown encoding
await gptTokenCounter({ encoding: "gpt2" });
export { text, plugin, asFilter, evicted, server, counter, badPlacement };
