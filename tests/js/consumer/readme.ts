import { ContextFold } from "contextfold";
import { NodeFsStorage } from "contextfold/node";

const cf = await ContextFold.open(new NodeFsStorage(".")); // the store lives in ./.contextfold
await cf.fold({ stepId: 137, summary: "PostgreSQL back on port 5433", rawContent: "$ sed -i 's/5434/5433/' config.env" });
const turn = await cf.beforeTurn("Which port does PostgreSQL use?"); // scan + hydrate, within the token budget
const prompt = `${turn.context}\n\nWhich port does PostgreSQL use?`; // hand this to the model for this turn only
console.log(prompt, turn.tokens);
await cf.afterResponse(turn); // evict what the turn hydrated
await cf.close(); // write the index files
