// Drives the real wasm-bindgen glue (`--target nodejs` output) from plain JS, the way package users call it:
// every contract export exists, an overlapping call on one Engine is refused (the package's ContextFold queues
// calls; the Engine does not queue them again) and the engine goes on, errors carry name/code, wrong JS types are
// rejected. Usage: node glue_smoke.mjs <dir with contextfold.js>
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import path from "node:path";
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { MemStorage } from "./mem_storage.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const cf = require(path.resolve(process.argv[2], "contextfold.js"));
const demo = JSON.parse(readFileSync(path.join(here, "../vectors/fold_demo.json"), "utf8"));
const NOW = demo.fixed_now;
const turns = demo.turns.map(({ input }) => ({ stepId: input.step_id, summary: input.summary, rawContent: input.raw_content }));

const exported = ["Engine", "extract", "version", "renderFold", "renderScan", "renderRecall", "renderHydrate",
  "renderEvict", "renderStatus", "renderValidate", "renderUsage", "renderError"];
for (const name of exported) assert.equal(typeof cf[name], "function", `missing export ${name}`);
for (const m of ["fold", "scan", "recall", "hydrate", "evict", "status", "validate", "beforeTurn", "afterResponse", "entry", "reload"]) {
  assert.equal(typeof cf.Engine.prototype[m], "function", `missing Engine.${m}`);
}
assert.equal(typeof cf.Engine.open, "function");

function script(engine) {
  const calls = [];
  for (const t of turns) {
    calls.push(() => engine.fold(t));
    calls.push(() => engine.scan("postgres port 5433 migration V12"));
  }
  calls.push(() => engine.hydrate(999));
  calls.push(() => engine.fold(turns[0]));
  calls.push(() => engine.evict(37));
  calls.push(() => engine.status());
  calls.push(() => engine.validate());
  calls.push(() => engine.recall("PostgreSQL port"));
  return calls;
}
const settle = (p) => p.then((v) => JSON.stringify(v), (e) => `${e.name}/${e.code}`);

const seqStore = new MemStorage();
const seq = await cf.Engine.open(seqStore, { clock: () => NOW, defaultPolicy: demo.default_policy });
const sequential = [];
for (const call of script(seq)) sequential.push(await settle(call()));

const options = { clock: () => NOW, defaultPolicy: demo.default_policy }; // the reference's policy: its hashes
const store = new MemStorage();
store.setSlow(true);
const engine = await cf.Engine.open(store, options);
// All started at once over a storage that answers a macrotask later: the first call holds the engine while it waits
// on the storage, so every other one is refused, with a code, and writes nothing.
const overlapping = await Promise.all(script(engine).map((call) => settle(call())));
assert.equal(overlapping[0], sequential[0]);
assert.deepEqual(overlapping.slice(1), overlapping.slice(1).map(() => "InvalidInputError/INVALID_INPUT"));
const firstOnly = new MemStorage();
await (await cf.Engine.open(firstOnly, options)).fold(turns[0]);
assert.equal(store.dump(), firstOnly.dump());
// The engine goes on: the rest of the script, one call at a time over the same slow storage, gives the sequential run.
const rest = [];
for (const call of script(engine).slice(1)) rest.push(await settle(call()));
assert.deepEqual(rest, sequential.slice(1));
assert.equal(store.dump(), seqStore.dump());
assert.equal(store.getText(".contextfold/cold_nodes/step_000037.json"), demo.turns[0].expected.cold_node_file);
assert.equal(store.getText(".contextfold/recall_index.json").length > 0, true);
assert.ok(sequential.includes("NodeNotFoundError/NODE_NOT_FOUND"));

// Errors: real Error objects with name, code, message.
await assert.rejects(engine.hydrate(12345), (e) => e instanceof Error && e.name === "NodeNotFoundError" &&
  e.code === "NODE_NOT_FOUND" && e.message === "Step 12345 not found in recall index. (CONF-10)");
await assert.rejects(engine.hydrate("37"), { name: "InvalidInputError", code: "INVALID_INPUT", message: "hydrate: stepId must be an integer number, got string" });
await assert.rejects(engine.fold({ stepId: 1, summary: "ab\uD800" }), { code: "INVALID_INPUT", message: "fold: summary contains a lone surrogate at index 2" });
await assert.rejects(cf.Engine.open({}), { code: "INVALID_INPUT", message: "open: storage.load must be a function, got undefined" });
assert.throws(() => cf.extract(5), { code: "INVALID_INPUT", message: "extract: text must be a string, got number" });

// Results are plain objects; optional values are undefined; render* accept them back.
const entry = await engine.entry(91);
assert.equal(entry.filePath, ".contextfold/cold_nodes/step_000091.json");
assert.equal(await engine.entry(1), undefined);
const turn = await engine.beforeTurn("JWT secret rotation in auth/middleware.py");
assert.deepEqual(turn.hydrated.map((h) => h.stepId), [200]);
const evictions = await engine.afterResponse(turn);
assert.deepEqual(evictions, [{ stepId: 200, evictedAt: NOW }]);
assert.match(cf.renderStatus(await engine.status()), /Step  200/);
assert.equal(cf.renderError("STORAGE", "disk full"), "\n[ERROR] StorageError: disk full\n");
assert.equal(typeof cf.version(), "string");

// Default options: the JS Date clock.
const fresh = await cf.Engine.open(new MemStorage());
const outcome = await fresh.fold(turns[0]);
assert.equal(outcome.kind, "folded");
assert.match(outcome.node.foldedAt, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
console.log("glue smoke: ok (%d overlapping calls refused, then the script ran as in sequence)", overlapping.length - 1);
