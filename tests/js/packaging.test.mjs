// The packed package as consumers use it: Node ESM, CommonJS, one shared instance, the web build from bytes, the
// bundler build, a real Vite build of a page, tsc on consumers, the README example; sizes printed.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { gzipSync } from "node:zlib";
import { BIN, CONSUMER, PKG_DIR, ROOT, node, scratch } from "./helpers.mjs";
import { PACKAGE_BUDGET_KB, packageSize } from "../../scripts/package-size.mjs";

// The reference's hash of demo node 37 (so these stores opt into its policy: no redaction key in the hash).
const DEMO_NODE_37 = "9ce77ffedef0fc161acbe736bb775b3f649280953ff09d7f32b1ffc4fa16e8a8";

describe("packaging", () => {
  it("Node ESM: named imports from every subpath", () => {
    const dir = scratch("esm", {
      "main.mjs": `
import { ContextFold, MemoryStorage, extract, InvalidInputError, REFERENCE_POLICY } from "contextfold";
import { NodeFsStorage } from "contextfold/node";
import { VsCodeStorage } from "contextfold/vscode";
import { runStorageAdapterTests } from "contextfold/testing";
import { IndexedDbStorage } from "contextfold/indexeddb";
import pkg from "contextfold/package.json" with { type: "json" };
const cf = await ContextFold.open(new MemoryStorage(), { clock: () => "2026-01-01T00:00:00Z", defaultPolicy: REFERENCE_POLICY });
const n = await cf.fold({ stepId: 37, summary: "PostgreSQL configured on Port 5433", rawContent: "$ docker compose up -d postgres\\nPostgreSQL running on port 5433" });
const mem = ContextFold.engineMemoryBytes();
console.log(JSON.stringify({ hash: n.artifactSha256, cmd: extract("$ ls").commands, types: [typeof NodeFsStorage, typeof VsCodeStorage, typeof runStorageAdapterTests, typeof IndexedDbStorage, typeof InvalidInputError], version: pkg.version, mem: mem > 0 && mem % 65536 === 0 }));
`,
    });
    const out = JSON.parse(node(path.join(dir, "main.mjs")));
    assert.equal(out.hash, DEMO_NODE_37);
    assert.deepEqual(out.cmd, ["ls"]);
    assert.deepEqual(out.types, ["function", "function", "function", "function", "function"]);
    assert.match(out.version, /^\d+\.\d+\.\d+/);
    assert.equal(out.mem, true, "ContextFold.engineMemoryBytes(): a positive number of wasm pages");
  });

  it("CommonJS: require() of every Node subpath", () => {
    const dir = scratch("cjs", {
      "main.cjs": `
const { ContextFold, MemoryStorage, NodeNotFoundError, REFERENCE_POLICY } = require("contextfold");
const { NodeFsStorage } = require("contextfold/node");
const { VsCodeStorage } = require("contextfold/vscode");
const { runStorageAdapterTests } = require("contextfold/testing");
(async () => {
  const cf = await ContextFold.open(new MemoryStorage(), { clock: () => "2026-01-01T00:00:00Z", defaultPolicy: REFERENCE_POLICY });
  const n = await cf.fold({ stepId: 37, summary: "PostgreSQL configured on Port 5433", rawContent: "$ docker compose up -d postgres\\nPostgreSQL running on port 5433" });
  const err = await cf.hydrate(5).catch((e) => e);
  const mem = ContextFold.engineMemoryBytes();
  console.log(JSON.stringify({ hash: n.artifactSha256, nf: err instanceof NodeNotFoundError, types: [typeof NodeFsStorage, typeof VsCodeStorage, typeof runStorageAdapterTests], mem: mem > 0 && mem % 65536 === 0 }));
})();
`,
    });
    const out = JSON.parse(node(path.join(dir, "main.cjs")));
    assert.deepEqual(out, { hash: DEMO_NODE_37, nf: true, types: ["function", "function", "function"], mem: true });
  });

  it("Node ESM and CommonJS share one instance (error classes, ContextFold)", () => {
    const dir = scratch("dual", {
      "main.mjs": `
import { createRequire } from "node:module";
import * as esm from "contextfold";
const cjs = createRequire(import.meta.url)("contextfold");
const cf = await esm.ContextFold.open(new cjs.MemoryStorage());
const err = await cf.fold({ stepId: "x", summary: "s" }).catch((e) => e);
console.log(JSON.stringify({
  sameClasses: esm.InvalidInputError === cjs.InvalidInputError && esm.ContextFoldError === cjs.ContextFoldError && esm.ContextFold === cjs.ContextFold,
  crossInstanceof: err instanceof cjs.InvalidInputError && err instanceof esm.ContextFoldError,
}));
`,
    });
    assert.deepEqual(JSON.parse(node(path.join(dir, "main.mjs"))), { sameClasses: true, crossInstanceof: true });
  });

  it('the web build initialised in Node from bytes (import init from "contextfold/web")', () => {
    const dir = scratch("web", {
      "main.mjs": `
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import init, { ContextFold, MemoryStorage, extract, REFERENCE_POLICY } from "contextfold/web";
let before = "no error";
try { extract("x"); } catch (e) { before = e.message; }
let memBefore = "no error";
try { ContextFold.engineMemoryBytes(); } catch (e) { memBefore = e.message; }
const wasmPath = createRequire(import.meta.url).resolve("contextfold/web/contextfold_bg.wasm");
await init({ module_or_path: readFileSync(wasmPath) });
await init(); // idempotent
const cf = await ContextFold.open(new MemoryStorage(), { clock: () => "2026-01-01T00:00:00Z", defaultPolicy: REFERENCE_POLICY });
const n = await cf.fold({ stepId: 37, summary: "PostgreSQL configured on Port 5433", rawContent: "$ docker compose up -d postgres\\nPostgreSQL running on port 5433" });
const mem = ContextFold.engineMemoryBytes();
console.log(JSON.stringify({ before, memBefore, hash: n.artifactSha256, mem: mem > 0 && mem % 65536 === 0 }));
`,
    });
    const out = JSON.parse(node(path.join(dir, "main.mjs")));
    assert.match(out.before, /init\(\)/);
    assert.match(out.memBefore, /init\(\)/);
    assert.equal(out.hash, DEMO_NODE_37);
    assert.equal(out.mem, true);
  });

  it("the bundler build (wasm ESM integration) runs under node --experimental-wasm-modules", () => {
    const dir = scratch("bundler", {
      "main.mjs": `
import { ContextFold, MemoryStorage, REFERENCE_POLICY } from "./../node_modules/contextfold/bundler/index.js";
const cf = await ContextFold.open(new MemoryStorage(), { clock: () => "2026-01-01T00:00:00Z", defaultPolicy: REFERENCE_POLICY });
const n = await cf.fold({ stepId: 37, summary: "PostgreSQL configured on Port 5433", rawContent: "$ docker compose up -d postgres\\nPostgreSQL running on port 5433" });
const mem = ContextFold.engineMemoryBytes();
console.log(n.artifactSha256, mem > 0 && mem % 65536 === 0);
`,
    });
    const out = node(path.join(dir, "main.mjs"), ["--experimental-wasm-modules", "--no-warnings"]);
    assert.equal(out.trim(), `${DEMO_NODE_37} true`);
  });

  it("a real bundler build: Vite bundles a page using the package (browser condition, wasm as an asset)", () => {
    const dir = scratch("vite-page");
    for (const f of ["index.html", "browser-main.js"]) copyFileSync(path.join(ROOT, "tests", "js", "consumer", f), path.join(dir, f));
    writeFileSync(
      path.join(dir, "vite.config.mjs"),
      `export default { root: ${JSON.stringify(dir)}, logLevel: "warn", build: { target: "es2022", outDir: "dist", emptyOutDir: true } };\n`,
    );
    execFileSync(path.join(BIN, "vite"), ["build", "--config", path.join(dir, "vite.config.mjs")], { cwd: dir, stdio: "pipe" });
    const assets = readdirSync(path.join(dir, "dist", "assets"));
    const wasm = assets.filter((f) => f.endsWith(".wasm"));
    const js = assets.filter((f) => f.endsWith(".js"));
    assert.equal(wasm.length, 1, `one wasm asset: ${assets}`);
    assert.ok(js.length >= 1);
    const bundle = js.map((f) => readFileSync(path.join(dir, "dist", "assets", f), "utf8")).join("\n");
    assert.ok(bundle.includes(wasm[0]), "the bundle refers to the emitted wasm asset");
    assert.ok(!/require\(|node:fs|readFileSync/.test(bundle), "no Node code in the browser bundle");
  });

  it("tsc --noEmit (TypeScript 7) on Node ESM, CommonJS and browser consumers with @ts-expect-error lines", () => {
    const dir = scratch("ts");
    for (const f of ["usage.ts", "readme.ts", "types.ts", "types.cts", "web.ts"]) copyFileSync(path.join(ROOT, "tests", "js", "consumer", f), path.join(dir, f));
    const typeRoots = [path.join(ROOT, "node_modules", "@types")];
    const base = { strict: true, noEmit: true, skipLibCheck: false, target: "es2022", noUnusedLocals: false, typeRoots };
    writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify({
      compilerOptions: { ...base, module: "nodenext", moduleResolution: "nodenext", lib: ["es2023"], types: ["node"] },
      files: ["usage.ts", "readme.ts", "types.ts", "types.cts"],
    }));
    writeFileSync(path.join(dir, "tsconfig.bundler.json"), JSON.stringify({
      compilerOptions: { ...base, module: "esnext", moduleResolution: "bundler", lib: ["es2022", "dom", "esnext.disposable"], types: [] },
      files: ["web.ts"],
    }));
    writeFileSync(path.join(dir, "package.json"), JSON.stringify({ type: "module" }));
    const tsc = (p) => {
      try {
        return execFileSync(path.join(BIN, "tsc"), ["-p", p], { cwd: dir, encoding: "utf8" });
      } catch (err) {
        assert.fail(`tsc -p ${p}:\n${err.stdout}${err.stderr}`);
      }
    };
    tsc("tsconfig.json");
    tsc("tsconfig.bundler.json");
    // Negative control: without esnext.disposable, without @types/node and skipLibCheck off, TS2550 (README note).
    writeFileSync(path.join(dir, "tsconfig.nodispose.json"), JSON.stringify({
      compilerOptions: { ...base, module: "esnext", moduleResolution: "bundler", lib: ["es2022", "dom"], types: [] },
      files: ["web.ts"],
    }));
    let out = "";
    try {
      execFileSync(path.join(BIN, "tsc"), ["-p", "tsconfig.nodispose.json"], { cwd: dir, encoding: "utf8" });
    } catch (err) {
      out = String(err.stdout);
    }
    assert.match(out, /TS2550|dispose/, "the Symbol.dispose pitfall documented in the README is real");
  });

  it("the README usage example is the type-checked file, verbatim, and it runs", async () => {
    const readme = readFileSync(path.join(PKG_DIR, "README.md"), "utf8");
    const usage = readFileSync(path.join(ROOT, "tests", "js", "consumer", "usage.ts"), "utf8").trimEnd();
    assert.ok(readme.includes(usage), "README includes tests/js/consumer/usage.ts verbatim");
    const esbuild = await import(path.join(ROOT, "node_modules", "esbuild", "lib", "main.js"));
    const { code } = await esbuild.transform(usage, { loader: "ts", format: "esm" });
    const dir = scratch("usage", { "usage.mjs": code });
    for (const memory of ["", "1"]) {
      const out = node(path.join(dir, "usage.mjs"), [], { env: { ...process.env, CF_MEMORY: memory } });
      assert.match(out, /duplicate/);
      assert.match(out, /NODE_NOT_FOUND/);
    }
  });

  it("the repository README's example is the type-checked readme.ts, verbatim, and it runs", async () => {
    const readme = readFileSync(path.join(ROOT, "README.md"), "utf8");
    const example = readFileSync(path.join(ROOT, "tests", "js", "consumer", "readme.ts"), "utf8").trimEnd();
    assert.ok(readme.includes(example), "README.md includes tests/js/consumer/readme.ts verbatim");
    assert.ok(example.split("\n").length <= 12, "the README example stays about ten lines");
    const esbuild = await import(path.join(ROOT, "node_modules", "esbuild", "lib", "main.js"));
    const { code } = await esbuild.transform(example, { loader: "ts", format: "esm" });
    const dir = scratch("readme", { "readme.mjs": code });
    const out = node(path.join(dir, "readme.mjs"), [], { cwd: dir });
    assert.match(out, /\[ContextFold: step 137\]/, "the turn hydrated step 137");
    assert.ok(existsSync(path.join(dir, ".contextfold", "recall_index.json")), "close() wrote the index");
  });

  it("no `any` in the public declarations", () => {
    const ours = ["lib/index.d.ts", "lib/node-fs.d.ts", "lib/indexeddb.d.ts", "lib/vscode.d.ts", "lib/testing.d.ts", "node/index.d.ts", "web/index.d.ts"];
    const code = (text) => text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/\/\/.*$/gm, "");
    for (const f of ours) assert.doesNotMatch(code(readFileSync(path.join(PKG_DIR, f), "utf8")), /\bany\b/, f);
    for (const t of ["bundler", "node", "web"]) {
      const core = readFileSync(path.join(PKG_DIR, t, "contextfold.d.ts"), "utf8");
      const api = core.split(/export type InitInput|export interface InitOutput/)[0]; // wasm-bindgen's init ABI types follow
      assert.doesNotMatch(api.replace(/\/\*[\s\S]*?\*\//g, ""), /\bany\b/, `${t}/contextfold.d.ts`);
    }
  });

  it("package contents: exports, README, LICENSE; sizes", (t) => {
    const pkg = JSON.parse(readFileSync(path.join(PKG_DIR, "package.json"), "utf8"));
    for (const sub of [".", "./web", "./node", "./indexeddb", "./vscode", "./testing", "./package.json"]) assert.ok(pkg.exports[sub], sub);
    const typesFirst = (o) =>
      typeof o !== "object" || ((!("types" in o) || Object.keys(o)[0] === "types") && Object.values(o).every(typesFirst));
    assert.ok(typesFirst(pkg.exports), "types first in every block");
    assert.deepEqual(Object.keys(pkg.exports["."]), ["node", "browser", "bundler", "default"]);
    assert.ok(existsSync(path.join(PKG_DIR, "LICENSE")) && /MIT/.test(readFileSync(path.join(PKG_DIR, "LICENSE"), "utf8")));
    const readme = readFileSync(path.join(PKG_DIR, "README.md"), "utf8");
    assert.match(readme, /esnext\.disposable/);
    assert.match(readme, /import init, \{ ContextFold/);
    const wasm = readFileSync(path.join(PKG_DIR, "bundler", "contextfold_bg.wasm"));
    const tgz = readdirSync(path.join(ROOT, ".cache")).find((f) => /^contextfold-.*\.tgz$/.test(f));
    const walk = (d) => readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(d, e.name)) : [path.join(d, e.name)]));
    const files = walk(PKG_DIR);
    const unpacked = files.reduce((n, f) => n + statSync(f).size, 0);
    const line = `sizes: wasm ${wasm.length} B, gzip -9 ${gzipSync(wasm, { level: 9 }).length} B; package ${tgz} ${tgz ? statSync(path.join(ROOT, ".cache", tgz)).size : "?"} B packed, ${unpacked} B unpacked, ${files.length} files`;
    t.diagnostic(line);
    console.log(line);
  });

  it(`the size budget: wasm + JS of the bundler entry ≤ ${PACKAGE_BUDGET_KB} KB gzipped`, (t) => {
    const size = packageSize(PKG_DIR);
    t.diagnostic(`wasm ${size.wasmGzipKB.toFixed(1)} KB + JS ${size.jsGzipKB.toFixed(1)} KB = ${size.totalGzipKB.toFixed(1)} KB gzipped`);
    assert.ok(size.wasmGzipKB > 100, "the wasm is there");
    assert.ok(size.totalGzipKB <= PACKAGE_BUDGET_KB, `${size.totalGzipKB.toFixed(1)} KB > ${PACKAGE_BUDGET_KB} KB`);
  });
});
void CONSUMER;
