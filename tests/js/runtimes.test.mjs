// The package beyond Node: Bun (opencode runs its plugins in Bun) and Deno (npm packages through node_modules) run
// the same program and the CLI with the same results as Node. Both runtimes come from the npm registry
// (devDependencies `bun` and `deno`).
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { BIN, PKG_DIR, scratch } from "./helpers.mjs";

const RUNTIMES = {
  node: [process.execPath],
  bun: [path.join(BIN, "bun")],
  // No code cache: Deno's V8 code cache outlives a reinstall of the package at the same path and then runs stale
  // code for the new glue (a ReferenceError into the old build's closures, seen after a rebuild).
  deno: [path.join(BIN, "deno"), "run", "--allow-all", "--no-code-cache"],
};

// A fake token in the checksum-less form: redacted by its secret-named assignment.
const PROGRAM = `
import { ContextFold, MemoryStorage, REFERENCE_POLICY, extract } from "contextfold";
import { NodeFsStorage } from "contextfold/node";
import { toolSummary } from "contextfold/tools";
const cf = await ContextFold.open(new MemoryStorage(), { clock: () => "2026-01-01T00:00:00Z", defaultPolicy: REFERENCE_POLICY });
const node = await cf.fold({ stepId: 37, summary: "PostgreSQL configured on Port 5433", rawContent: "$ docker compose up -d postgres\\nPostgreSQL running on port 5433" });
const scan = await cf.scan("What port is PostgreSQL on?");
const dir = process.argv[2];
const fs = await ContextFold.open(new NodeFsStorage(dir));
await fs.fold({ summary: "env", rawContent: "API_SECRET=Zq8vN3kLp0Wx7Rt2Yb5Hm9Jc4Fd6Gs1A" });
const hydrated = await fs.hydrate(1);
await fs.close();
const again = await ContextFold.open(new NodeFsStorage(dir));
const status = await again.status();
await again.close();
console.log(JSON.stringify({
  hash: node.artifactSha256,
  selected: scan.selected.map((s) => s.stepId),
  commands: extract("$ ls -la").commands,
  stored: hydrated.rawContent,
  total: status.total,
  summary: toolSummary("Bash", { command: "npm test" }),
}));
`;

describe("other runtimes (Bun, Deno)", () => {
  const dir = scratch("runtimes", { "main.mjs": PROGRAM });
  const run = (name, args) => execFileSync(RUNTIMES[name][0], [...RUNTIMES[name].slice(1), ...args], { cwd: dir, encoding: "utf8", env: { ...process.env, NO_COLOR: "1" } });
  // Demo node 37's artifact hash as the reference computes it.
  const expected = { hash: "9ce77ffedef0fc161acbe736bb775b3f649280953ff09d7f32b1ffc4fa16e8a8", selected: [37] };

  for (const name of ["bun", "deno"]) {
    it(`${name}: the package folds (byte-exact hashes), scans, redacts and stores through NodeFsStorage as in Node`, () => {
      assert.ok(existsSync(RUNTIMES[name][0]), `${name} from the npm registry`);
      const store = mkdtempSync(path.join(tmpdir(), `cf-${name}-`));
      const got = JSON.parse(run(name, ["main.mjs", store]));
      const inNode = JSON.parse(run("node", ["main.mjs", mkdtempSync(path.join(tmpdir(), "cf-node-"))]));
      assert.deepEqual(got, inNode, `${name} and node agree`);
      assert.equal(got.hash, expected.hash);
      assert.deepEqual(got.selected, expected.selected);
      assert.equal(got.total, 1);
      assert.doesNotMatch(got.stored, /Zq8vN3kL/, "the secret was redacted before it was stored");
    });

    it(`${name}: the contextfold CLI folds and scans a store the same way as under Node`, () => {
      const bin = path.join(PKG_DIR, "bin", "contextfold.mjs");
      const out = {};
      for (const rt of [name, "node"]) {
        const store = mkdtempSync(path.join(tmpdir(), `cf-cli-${rt}-`));
        const fold = run(rt, [bin, "fold", "1", "PostgreSQL on port 5433", "--dir", store]);
        const scan = run(rt, [bin, "scan", "which port for postgres?", "--dir", store, "--json"]);
        // The console text holds the fold's time; the first line and the selection are what must agree.
        out[rt] = { fold: fold.split("\n")[0], scan: JSON.parse(scan).selected.map((x) => [x.stepId, x.matchedTerms]) };
      }
      assert.deepEqual(out[name], out.node);
      assert.match(out.node.fold, /Step 1 archived/);
      assert.equal(out.node.scan[0][0], 1);
    });
  }
});
