// Several writers (issue 11): Claude Code runs the PostToolUse hooks of parallel tool calls at the same time, so
// 8 `contextfold hook post-tool-use` processes x 25 payloads at once on one store must lose nothing: every fold
// present once, distinct step ids 1..200, validate passes, the same call sent twice at once folded once.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import * as path from "node:path";
import { bigOutput, cf, cfAsync, claudeBash, envWith, ledgerOf, sessionDir, tempDir } from "./hook-helpers.mjs";

const WORKERS = 8;
const PER_WORKER = 25;

describe("several writers", () => {
  it(`${WORKERS} post-tool-use processes x ${PER_WORKER} payloads at once on one store: every fold present, validate passes`, async () => {
    const home = tempDir("concurrent");
    const env = envWith(home);
    const sid = "sess-parallel";
    const payload = (w, i) => claudeBash(sid, `toolu_w${w}_${i}`, `run shard ${w}-${i}`, bigOutput(`shard ${w}-${i} finished: marker-${w}-${i}`));
    const worker = async (w) => {
      for (let i = 0; i < PER_WORKER; i++) {
        const r = await cfAsync(["hook", "post-tool-use"], { input: payload(w, i), env });
        assert.equal(r.status, 0);
        assert.equal(r.stdout, "");
        assert.equal(r.stderr, "", `worker ${w} payload ${i}: ${r.stderr}`);
        // Every fifth payload, also the neighbour's current one: the same call arriving twice at once.
        if (i % 5 === 0) await cfAsync(["hook", "post-tool-use"], { input: payload((w + 1) % WORKERS, i), env });
      }
    };
    await Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));

    const root = sessionDir(home, sid);
    const total = WORKERS * PER_WORKER;
    const ledger = ledgerOf(root);
    assert.equal(ledger.length, total, "one ledger line per call");
    assert.equal(new Set(ledger.map((e) => e.id)).size, total, "no call twice");
    assert.deepEqual(ledger.map((e) => e.step).sort((a, b) => a - b), Array.from({ length: total }, (_, i) => i + 1), "distinct steps 1..N");
    const status = JSON.parse(cf(["--dir", root, "status", "--json"], { env }).stdout);
    assert.equal(status.total, total, "every fold is in the index");
    const nodes = readdirSync(path.join(root, ".contextfold", "cold_nodes")).filter((f) => f.endsWith(".json"));
    assert.equal(nodes.length, total);
    const markers = new Set(nodes.map((f) => /marker-(\d+-\d+)/.exec(readFileSync(path.join(root, ".contextfold", "cold_nodes", f), "utf8"))[1]));
    assert.equal(markers.size, total, "every payload is in a node of its own");
    const v = cf(["--dir", root, "validate"], { env });
    assert.equal(v.status, 0, v.stdout);
  });
});
