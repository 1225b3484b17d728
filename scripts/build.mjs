#!/usr/bin/env node
// npm run build: cargo (wasm32) -> wasm-bindgen nodejs|bundler|web -> wasm-opt -> pkg/ from pkg-template/. Two engine
// builds: the browser/bundler one for size (profile release, opt-level "z", wasm-opt -Oz run twice: the package's size
// budget), the Node one for speed (profile release-node, opt-level 3, wasm-opt -O3, plus the CLI's renderers): the
// CLI, the hooks and Node agent loops fold and validate large stores, where it is about twice as fast.
// The wasm-bindgen + wasm-opt stage is cached in .cache/wasm-out/ by the hash of the cargo output, so a build with no
// Rust change only reassembles pkg/ (about a second).
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import * as path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const TEMPLATE = path.join(ROOT, "pkg-template");
const PKG = path.join(ROOT, "pkg");
const OUT = path.join(ROOT, ".cache", "wasm-out");
const TARGETS = { node: "nodejs", bundler: "bundler", web: "web" };
const env = {
  ...process.env,
  PATH: [path.join(ROOT, ".tools", "bin"), path.join(ROOT, "node_modules", ".bin"), process.env.PATH].join(path.delimiter),
};
const args = new Set(process.argv.slice(2));
const log = (...m) => console.log("[build]", ...m);

function run(cmd, argv, opts = {}) {
  log([cmd, ...argv].join(" "));
  execFileSync(cmd, argv, { cwd: ROOT, env, stdio: "inherit", ...opts });
}
const sha256 = (buf) => createHash("sha256").update(buf).digest("hex");

// ---- 0. tools: what a fresh machine lacks for the build (wasm target, wasm-bindgen-cli, npm packages) ----
if (!args.has("--no-setup")) run("bash", [path.join(ROOT, "scripts", "setup.sh"), "--build"]);

// ---- 1. cargo: the library's wasm, and the Node package's, which adds the CLI's renderers (feature "cli") ----
const targetDir = process.env.CARGO_TARGET_DIR ? path.resolve(ROOT, process.env.CARGO_TARGET_DIR) : path.join(ROOT, "target");
const PROFILE = { lib: "release", cli: "release-node" };
// The Node build keeps `validate`'s per-entry loops out of line (src/validate.rs, mod `apart`): V8 then optimizes
// those loops alone rather than the whole future that runs `validate`.
// The size build runs -Oz twice: the second round finds what the first one's inlining and merging left (-1.3 KB
// gzipped of the 400 KB budget, ~15 s of build; cached with the rest of this stage).
const WASM_OPT = { lib: ["-Oz", "-Oz"], cli: ["--no-inline=contextfold::*::apart::*", "-O3"] };
// Each build's output is kept under its own name (wasm-bindgen names its output after the input's file name).
const RAW = { lib: path.join(ROOT, ".cache", "wasm-raw", "lib", "contextfold.wasm"), cli: path.join(ROOT, ".cache", "wasm-raw", "cli", "contextfold.wasm") };
for (const [variant, raw] of Object.entries(RAW)) {
  if (!args.has("--no-cargo")) {
    run("cargo", ["build", "--target", "wasm32-unknown-unknown", "--profile", PROFILE[variant], "--lib", ...(variant === "cli" ? ["--features", "cli"] : [])]);
    mkdirSync(path.dirname(raw), { recursive: true });
    cpSync(path.join(targetDir, "wasm32-unknown-unknown", PROFILE[variant], "contextfold.wasm"), raw);
  }
  if (!existsSync(raw)) throw new Error(`missing ${raw}`);
}
// Which build each wasm-bindgen target takes: only Node runs the CLI.
const VARIANT_OF = { node: "cli", bundler: "lib", web: "lib" };
const RAW_OF = Object.fromEntries(Object.entries(VARIANT_OF).map(([dir, v]) => [dir, RAW[v]]));

// ---- 2. wasm-bindgen + wasm-opt (cached) ----
const bindgenVersion = execFileSync("wasm-bindgen", ["--version"], { env }).toString().trim();
const stampKey = sha256(Buffer.concat([readFileSync(RAW.lib), readFileSync(RAW.cli), Buffer.from(bindgenVersion), Buffer.from(args.has("--no-opt") ? "noopt" : JSON.stringify(WASM_OPT))]));
const stampFile = path.join(OUT, "stamp");
if (!existsSync(stampFile) || readFileSync(stampFile, "utf8") !== stampKey || args.has("--force")) {
  rmSync(OUT, { recursive: true, force: true });
  const optimized = new Map(); // input hash -> optimized bytes (the three _bg.wasm are usually byte-identical)
  for (const [dir, target] of Object.entries(TARGETS)) {
    const out = path.join(OUT, dir);
    run("wasm-bindgen", ["--target", target, "--out-dir", out, RAW_OF[dir]]);
    const bg = path.join(out, "contextfold_bg.wasm");
    if (args.has("--no-opt")) continue;
    const level = WASM_OPT[VARIANT_OF[dir]];
    const h = sha256(Buffer.concat([readFileSync(bg), Buffer.from(level.join(" "))]));
    if (optimized.has(h)) {
      log(`wasm-opt ${level.join(" ")} ${path.relative(ROOT, bg)} (same input as an earlier target: reusing its output)`);
      writeFileSync(bg, optimized.get(h));
    } else {
      run("wasm-opt", [...level, bg, "-o", bg]);
      optimized.set(h, readFileSync(bg));
    }
  }
  writeFileSync(stampFile, stampKey);
} else {
  log("wasm-bindgen/wasm-opt output up to date (.cache/wasm-out)");
}

// ---- 3. assemble pkg/ ----
rmSync(PKG, { recursive: true, force: true });
mkdirSync(PKG, { recursive: true });
for (const dir of Object.keys(TARGETS)) {
  cpSync(path.join(OUT, dir), path.join(PKG, dir), { recursive: true, filter: (src) => !src.endsWith(".gitignore") });
}
// Every folder of the template (lib/, bundler/, browser/, web/, node/, bin/ ...) is copied as is, but for the sources
// that exist only bundled into node/ (below); the top-level package.json, README.md and LICENSE are written below.
const NODE_BUNDLE_ONLY = ["entry-node.js", "validate-thread.js", "validate-worker.js"];
for (const ent of readdirSync(TEMPLATE, { withFileTypes: true })) {
  if (!ent.isDirectory()) continue;
  cpSync(path.join(TEMPLATE, ent.name), path.join(PKG, ent.name), { recursive: true, filter: (src) => !NODE_BUNDLE_ONLY.some((f) => src.endsWith(f)) });
}

// CommonJS for Node require(): esbuild bundles the ESM sources; the wasm-bindgen glue and the package itself stay external.
const esbuild = await import("esbuild");
const external = {
  name: "contextfold-external",
  setup(b) {
    b.onResolve({ filter: /^\.\/contextfold\.js$/ }, () => ({ path: "./contextfold.js", external: true }));
    b.onResolve({ filter: /^contextfold$/ }, () => ({ path: "contextfold", external: true }));
  },
};
const cjs = (entry, outfile) =>
  esbuild.build({
    entryPoints: [path.join(TEMPLATE, "lib", entry)],
    outfile: path.join(PKG, "node", outfile),
    bundle: true,
    format: "cjs",
    platform: "node",
    target: "node20",
    plugins: [external],
    logLevel: "warning",
    legalComments: "none",
    banner: { js: `/* contextfold: CommonJS build of lib/${entry} (generated by scripts/build.mjs) */` },
  });
await cjs("entry-node.js", "index.js");
await cjs("node-fs.js", "node-fs.js");
await cjs("vscode.js", "vscode.js");
await cjs("testing.js", "testing.js");
await cjs("validate-worker.js", "validate-worker.js");

// CommonJS declarations: the ESM ones with the core types taken from node/contextfold.d.ts.
const toCjsTypes = (src, dst) =>
  writeFileSync(
    path.join(PKG, "node", dst),
    readFileSync(path.join(TEMPLATE, "lib", src), "utf8").replaceAll('"../bundler/contextfold.js"', '"./contextfold.js"'),
  );
toCjsTypes("index.d.ts", "index.d.ts");
toCjsTypes("node-fs.d.ts", "node-fs.d.ts");
toCjsTypes("vscode.d.ts", "vscode.d.ts");
toCjsTypes("testing.d.ts", "testing.d.ts");

// package.json: version from Cargo.toml.
const cargoToml = readFileSync(path.join(ROOT, "Cargo.toml"), "utf8");
const version = /^version\s*=\s*"([^"]+)"/m.exec(cargoToml)?.[1] ?? "0.0.0";
const pkgJson = JSON.parse(readFileSync(path.join(TEMPLATE, "package.json"), "utf8"));
pkgJson.version = version;
writeFileSync(path.join(PKG, "package.json"), `${JSON.stringify(pkgJson, null, 2)}\n`);
// The Claude Code plugin shipped at the package root carries the package's version.
const pluginJson = path.join(PKG, ".claude-plugin", "plugin.json");
if (existsSync(pluginJson)) writeFileSync(pluginJson, `${JSON.stringify({ ...JSON.parse(readFileSync(pluginJson, "utf8")), version }, null, 2)}\n`);

// README with the type-checked examples (tests/js/consumer/*.ts) included verbatim; LICENSE.
const readme = readFileSync(path.join(TEMPLATE, "README.md"), "utf8").replace(/<!-- include: (tests\/js\/consumer\/[\w.-]+\.ts) -->/g, (_, file) =>
  readFileSync(path.join(ROOT, file), "utf8").trimEnd(),
);
if (readme.includes("<!-- include:")) throw new Error("README include marker not replaced");
writeFileSync(path.join(PKG, "README.md"), readme);
cpSync(existsSync(path.join(ROOT, "LICENSE")) ? path.join(ROOT, "LICENSE") : path.join(TEMPLATE, "LICENSE"), path.join(PKG, "LICENSE"));

// Fewer wasm files: web/ (always the library's build, as bundler/) loads bundler/contextfold_bg.wasm when they are
// byte-identical (wasm-bindgen 0.2.130 makes them so), and so does node/ if its build has nothing more (it has the
// CLI's renderers). The bundler copy must stay: under the wasm ESM integration its imports ("./contextfold_bg.js")
// resolve next to it. Each rewrite must hit exactly one place in the glue.
const wasmOf = (dir) => readFileSync(path.join(PKG, dir, "contextfold_bg.wasm"));
const rewrite = (file, from, to) => {
  const f = path.join(PKG, file);
  const text = readFileSync(f, "utf8");
  if (text.split(from).length !== 2) throw new Error(`${file}: expected exactly one ${from}`);
  writeFileSync(f, text.replace(from, to));
};
const shareBundlerWasm = (dir) => {
  rmSync(path.join(PKG, dir, "contextfold_bg.wasm"));
  rmSync(path.join(PKG, dir, "contextfold_bg.wasm.d.ts"), { force: true });
  log(`${dir}/ shares bundler/contextfold_bg.wasm`);
};
if (!args.has("--no-dedupe") && wasmOf("web").equals(wasmOf("bundler"))) {
  rewrite("web/contextfold.js", "new URL('contextfold_bg.wasm', import.meta.url)", "new URL('../bundler/contextfold_bg.wasm', import.meta.url)");
  rewrite("browser/index.js", 'new URL("../web/contextfold_bg.wasm", import.meta.url)', 'new URL("../bundler/contextfold_bg.wasm", import.meta.url)');
  shareBundlerWasm("web");
  pkgJson.exports["./web/contextfold_bg.wasm"] = "./bundler/contextfold_bg.wasm";
  writeFileSync(path.join(PKG, "package.json"), `${JSON.stringify(pkgJson, null, 2)}\n`);
}
if (!args.has("--no-dedupe") && wasmOf("node").equals(wasmOf("bundler"))) {
  rewrite("node/contextfold.js", "`${__dirname}/contextfold_bg.wasm`", "`${__dirname}/../bundler/contextfold_bg.wasm`");
  shareBundlerWasm("node");
}

// ---- 4. sizes ----
const walk = (d) => readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(d, e.name)) : [path.join(d, e.name)]));
const files = walk(PKG);
const total = files.reduce((n, f) => n + statSync(f).size, 0);
const wasm = readFileSync(path.join(PKG, "bundler", "contextfold_bg.wasm"));
log(`wasm ${wasm.length} B (gzip -9: ${gzipSync(wasm, { level: 9 }).length} B); raw cargo output ${statSync(RAW.lib).size} B`);
const nodeWasm = path.join(PKG, "node", "contextfold_bg.wasm");
if (existsSync(nodeWasm)) log(`node/ wasm with the CLI's renderers ${statSync(nodeWasm).size} B (gzip -9: ${gzipSync(readFileSync(nodeWasm), { level: 9 }).length} B)`);
log(`pkg/: ${files.length} files, ${total} B unpacked (version ${version})`);
