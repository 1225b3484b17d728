import { Agent, MemorySession } from "@openai/agents";
const agent = new Agent({ name: "ops", instructions: "You are an ops agent." });
// readme-start
import { run } from "@openai/agents";
import { ContextFold } from "contextfold";
import { NodeFsStorage } from "contextfold/node";
import { contextFoldInputFilter } from "contextfold/openai-agents";

const store = await ContextFold.open(new NodeFsStorage("."));
const callModelInputFilter = contextFoldInputFilter({ store, turnBudget: 2000 });
const session = new MemorySession();
await run(agent, "Which port does PostgreSQL listen on now?", { session, callModelInputFilter });
await callModelInputFilter.evict(); // what the last call hydrated (also done before the next call)
// readme-end
await store.close();
