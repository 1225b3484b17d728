import { MockLanguageModelV3 } from "ai/test";
const yourModel = new MockLanguageModelV3({ doGenerate: { content: [{ type: "text", text: "ok" }], finishReason: { unified: "stop", raw: undefined }, usage: { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } }, warnings: [] } });
const tools = {};
// readme-start
import { generateText, wrapLanguageModel, type ModelMessage } from "ai";
import { ContextFold } from "contextfold";
import { NodeFsStorage } from "contextfold/node";
import { contextFoldMiddleware } from "contextfold/ai-sdk";

const store = await ContextFold.open(new NodeFsStorage(".")); // ./.contextfold
const model = wrapLanguageModel({ model: yourModel, middleware: contextFoldMiddleware({ store, turnBudget: 2000 }) });

const messages: ModelMessage[] = [{ role: "user", content: "Which port does PostgreSQL listen on now?" }];
const result = await generateText({ model, tools, messages }); // large tool results fold, the question hydrates
messages.push(...result.response.messages); // your history: nothing hydrated ever enters it
// readme-end
await store.close();
