// close() gives back what the engine held: an instance that is closed leaves no engine memory in use, so a process
// that opens, works and closes stores again and again (a server, a test suite) stays at the size of one of them.
// The wasm linear memory never shrinks, so "given back" means reused: after the first rounds it stops growing.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import * as path from "node:path";
import { node, scratch } from "./helpers.mjs";

const ROUNDS = `
import { ContextFold, MemoryStorage, REFERENCE_POLICY } from "contextfold";
const text = (i) => Array.from({ length: 200 }, (_, j) => \`line \${j}: step\${i} handler_\${(i * 31 + j) % 977} src/mod\${j % 40}.rs\`).join("\\n");
const rounds = [];
for (let round = 0; round < 8; round++) {
  const storage = new MemoryStorage();
  const cf = await ContextFold.open(storage, { defaultPolicy: REFERENCE_POLICY });
  for (let i = 1; i <= 150; i++) await cf.fold({ stepId: i, summary: \`turn \${i}\`, rawContent: text(i + round * 1000) });
  await cf.scan("which handler in src/mod3.rs?");
  await cf.close();
  // A closed instance refuses work, with a code.
  const err = await cf.status().catch((e) => e);
  if (!(err instanceof Error)) throw new Error("a closed instance answered");
  // Read before any collection: the engine's memory is free once close() resolves, not when GC finalizes.
  const engine = ContextFold.engineMemoryBytes();
  // The heap is compared after the third round and the last (a collection between would also finalize instances).
  if (round === 2 || round === 7) globalThis.gc();
  rounds.push({ engine, heap: process.memoryUsage().heapUsed });
}
console.log(JSON.stringify(rounds));
`;

describe("memory", () => {
  it("close() releases what the engine held: rounds of open, 150 folds, scan, close stop growing the engine and the JS heap", () => {
    const dir = scratch("memory-rounds", { "rounds.mjs": ROUNDS });
    const rounds = JSON.parse(node(path.join(dir, "rounds.mjs"), ["--expose-gc"]));
    const mb = (b) => (b / 2 ** 20).toFixed(1);
    const engine = rounds.map((r) => r.engine);
    // Rounds 3..8 reuse what rounds 1..2 left: the wasm memory does not grow any more.
    assert.deepEqual(engine.slice(2), engine.slice(2).map(() => engine[2]), `engine memory by round (MB): ${engine.map(mb)}`);
    // The JS heap after GC stays within a few MB of the third round's (no instance, store or result is kept).
    const heap = rounds.map((r) => r.heap);
    assert.ok(heap[7] - heap[2] < 4 * 2 ** 20, `JS heap after GC by round (MB): ${heap.map(mb)}`);
  });
});
