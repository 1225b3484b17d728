// The AI SDK middleware against ai 7's LanguageModelV4 types (installed as ai-v7; ai 7 needs Node >= 22, so it is
// type-checked here and run-tested on ai 6).
import { generateText, streamText, wrapLanguageModel, type LanguageModelMiddleware } from "ai-v7";
import { MockLanguageModelV4 } from "ai-v7/test";
import { ContextFold, MemoryStorage } from "contextfold";
import { contextFoldMiddleware } from "contextfold/ai-sdk";

const store = await ContextFold.open(new MemoryStorage());
const middleware: LanguageModelMiddleware = contextFoldMiddleware({ store, turnBudget: 2000 });
const model = wrapLanguageModel({ model: new MockLanguageModelV4(), middleware });
const both = wrapLanguageModel({ model: new MockLanguageModelV4(), middleware: [middleware, contextFoldMiddleware({ store, placement: "system" })] });
const { text }: { text: string } = await generateText({ model, prompt: "hi" });
const stream = streamText({ model: both, prompt: "hi" });
// A negative control: a transformParams that does not return call options is not a V4 middleware.
// @ts-expect-error transformParams must resolve to LanguageModelV4CallOptions
const wrong: LanguageModelMiddleware = { transformParams: async () => 5 };
export { text, stream, wrong };
