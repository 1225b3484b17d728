import { ContextFold, MemoryStorage, NodeNotFoundError, extract, type ColdNode } from "contextfold";
import { NodeFsStorage } from "contextfold/node";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

// Any Storage works: MemoryStorage, NodeFsStorage, IndexedDbStorage ("contextfold/indexeddb"),
// VsCodeStorage ("contextfold/vscode") or your own { load, save, remove, list, resolve?, root? }.
const storage = process.env.CF_MEMORY ? new MemoryStorage() : new NodeFsStorage(mkdtempSync(join(tmpdir(), "cf-")));
const cf = await ContextFold.open(storage, { clock: () => "2026-01-01T00:00:00Z" });

// Fold finished steps out of the prompt into verified cold nodes.
const node: ColdNode = await cf.fold({
  stepId: 37,
  summary: "PostgreSQL configured on Port 5433",
  rawContent: "$ docker compose up -d postgres\nPostgreSQL running on port 5433",
});
console.log(node.artifactSha256, node.identifiers);
await cf.fold({ stepId: 318, summary: "Migration V12 applied", rawContent: "Applied V12__TenantBilling.sql" });

// Folding the same step again writes nothing and gives the existing node.
const again = await cf.foldDetailed({ stepId: 37, summary: "changed" });
console.log(again.kind); // "duplicate"

// Each turn: hydrate what the prompt needs, answer, then evict it again.
const turn = await cf.beforeTurn("What port are we using for PostgreSQL?");
console.log(turn.context, turn.tokens);
await cf.afterResponse(turn);

console.log(await cf.recall("PostgreSQL port"), (await cf.status()).active, (await cf.validate()).ok);
console.log(extract("$ psql -p 5434 -U admin").commands);

try {
  await cf.hydrate(999);
} catch (err) {
  if (err instanceof NodeNotFoundError) console.log(err.code); // "NODE_NOT_FOUND"
}
