// node bench/redact-engines/run.mjs FILE: builds each engine's wasm (cargo, wasm32, opt-level z, wasm-opt -Oz),
// reports its gzipped size and the time to compile the set and to scan FILE, next to the package's redact().
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import * as path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "../..");
const text = readFileSync(process.argv[2] ?? path.join(root, "README.md"));
const mb = text.length / 2 ** 20;
const median = (f, n = 7) => {
  const t = [];
  for (let i = 0; i < n; i++) {
    const s = performance.now();
    f();
    t.push(performance.now() - s);
  }
  return t.sort((a, b) => a - b)[n >> 1];
};
const env = { ...process.env, PATH: `${path.join(root, "node_modules", ".bin")}:${process.env.PATH}` };
for (const feature of (process.env.ENGINES ?? "hand,lite,automata,regex").split(",")) {
  execFileSync("cargo", ["build", "--release", "--target", "wasm32-unknown-unknown", "--features", feature], { cwd: here, env, stdio: "inherit" });
  const raw = path.join(here, "target/wasm32-unknown-unknown/release/redact_engines.wasm");
  const opt = path.join(here, "target", `${feature}.wasm`);
  execFileSync("wasm-opt", ["-Oz", "--enable-bulk-memory", "--enable-nontrapping-float-to-int", raw, "-o", opt], { env });
  const bytes = readFileSync(opt);
  // The hand-written build links the whole engine, whose wasm-bindgen imports are never called here.
  const module = await WebAssembly.compile(bytes);
  const stubs = {};
  for (const imp of WebAssembly.Module.imports(module)) (stubs[imp.module] ??= {})[imp.name] = () => { throw new Error(`import ${imp.name}`); };
  const instance = await WebAssembly.instantiate(module, stubs);
  const { memory, alloc, init, scan } = instance.exports;
  const t0 = performance.now();
  const n = init();
  const compileMs = performance.now() - t0;
  const p = alloc(text.length);
  new Uint8Array(memory.buffer, p, text.length).set(text);
  let matches = 0;
  const ms = median(() => (matches = scan(p, text.length)));
  if (feature === "hand") {
    console.log(`hand      scan ${(median(() => (matches = scan(p, text.length))) / mb).toFixed(1)} ms/MB, ${matches} findings (size: see the package)`);
    continue;
  }
  console.log(`${feature.padEnd(9)} ${n} patterns: wasm ${(gzipSync(bytes, { level: 9 }).length / 1024).toFixed(1)} KB gzipped, compile ${compileMs.toFixed(0)} ms, scan ${(ms / mb).toFixed(1)} ms/MB, ${matches} matches`);
}
const pkg = createRequire(path.join(root, "pkg", "package.json"))("./node/index.js");
const s = text.toString("utf8");
let found = 0;
const ms = median(() => (found = pkg.redact(s).findings.length));
console.log(`package redact() (hand-written, every rule, JS in and out): ${(ms / mb).toFixed(1)} ms/MB, ${found} findings`);
