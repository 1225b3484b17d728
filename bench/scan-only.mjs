#!/usr/bin/env node
// `node bench/scan-only.mjs DIR [DIR ...]`: open each store DIR/.contextfold (e.g. one written by
// `cargo run --release --example index_bench -- write 100000 DIR`) with NodeFsStorage and a `policy` override, so
// no policy file is read, then time 200 `scan(query, { candidates: false })` calls of the bench workload's
// queries. Prints figures only; nothing here asserts a time.
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { workload } from "./workload.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(path.join(root, "pkg", "package.json"));
const { ContextFold } = require("./node/index.js");
const { NodeFsStorage } = require("./node/node-fs.js");
const policy = { max_rehydration_tokens_per_turn: 3500, max_rehydration_tokens_per_call: 3000 };

for (const dir of process.argv.slice(2)) {
  const t0 = performance.now();
  const cf = await ContextFold.open(new NodeFsStorage(dir), { policy });
  const openMs = performance.now() - t0;
  const w = workload();
  const runs = [];
  for (let round = 0; round < 5; round++) {
    for (let q = 0; q < 40; q++) {
      const query = w.query(q);
      const t = performance.now();
      await cf.scan(query, { candidates: false });
      runs.push(performance.now() - t);
    }
  }
  runs.sort((a, b) => a - b);
  const rss = process.memoryUsage().rss / 2 ** 20;
  console.log(`${dir}: open ${openMs.toFixed(0)} ms; scan median ${runs[runs.length >> 1].toFixed(3)} ms, min ${runs[0].toFixed(3)} ms; RSS ${rss.toFixed(0)} MB`);
  await cf.close();
}
