#!/usr/bin/env node
// npm run build:www: the playground (www/) built by Vite into a static site, www/dist/ by default, against the
// built package (pkg/, built first with `npm run build` when missing). Prints each file's size and the
// gzipped total.
//   node scripts/build-www.mjs [--pkg DIR] [--out DIR] [--json]
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const DEFAULT_OUT = path.join(ROOT, "www", "dist");
export const DEFAULT_PKG = path.join(ROOT, "pkg");

/** Build the site; returns { outDir, files: [{ file, bytes, gzip }], total: { bytes, gzip }, page: {...} }. */
export async function buildWww({ pkgDir = DEFAULT_PKG, outDir = DEFAULT_OUT, log = console.log } = {}) {
  pkgDir = path.resolve(pkgDir);
  if (!existsSync(path.join(pkgDir, "package.json"))) {
    if (pkgDir !== DEFAULT_PKG) throw new Error(`no built package at ${pkgDir}`);
    log("[build:www] pkg/ is not built yet: running `npm run build` first");
    execFileSync(process.execPath, [path.join(ROOT, "scripts", "build.mjs")], { cwd: ROOT, stdio: ["ignore", "inherit", "inherit"] });
  }
  const { build } = await import("vite");
  const { playgroundConfig } = await import(pathToFileURL(path.join(ROOT, "www", "vite.config.mjs")).href);
  await build(playgroundConfig({ pkgDir, outDir }));
  const report = sizes(outDir);
  writeFileSync(path.join(outDir, ".build.json"), `${JSON.stringify({ pkgDir, ...report }, null, 2)}\n`);
  return { outDir, ...report };
}

function walk(dir, base = dir) {
  const out = [];
  for (const ent of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, ent.name);
    if (ent.isDirectory()) out.push(...walk(p, base));
    else if (!ent.name.startsWith(".")) out.push(path.relative(base, p));
  }
  return out.sort();
}

function sizes(outDir) {
  const files = walk(outDir).map((file) => {
    const bytes = readFileSync(path.join(outDir, file));
    return { file, bytes: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  });
  const sum = (xs) => ({ bytes: xs.reduce((a, f) => a + f.bytes, 0), gzip: xs.reduce((a, f) => a + f.gzip, 0) });
  return { files, total: sum(files), page: sum(files.filter((f) => !f.file.endsWith(".wasm"))), wasm: sum(files.filter((f) => f.file.endsWith(".wasm"))) };
}

const kb = (n) => `${(n / 1000).toFixed(1)} KB`;

export function printReport(r, log = console.log) {
  const rel = path.relative(process.cwd(), r.outDir) || ".";
  log(`[build:www] ${rel}/`);
  for (const f of r.files) log(`  ${f.file.padEnd(44)} ${kb(f.bytes).padStart(10)}  gzip ${kb(f.gzip).padStart(9)}`);
  log(`[build:www] total ${kb(r.total.bytes)}, gzipped ${kb(r.total.gzip)}: the engine's wasm ${kb(r.wasm.gzip)} + the page (HTML, JS, CSS) ${kb(r.page.gzip)}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const argv = process.argv.slice(2);
  const opt = (name) => {
    const i = argv.indexOf(name);
    if (i < 0) return undefined;
    if (i + 1 >= argv.length) throw new Error(`${name} needs a value`);
    return argv[i + 1];
  };
  try {
    const r = await buildWww({ pkgDir: opt("--pkg"), outDir: opt("--out") });
    if (argv.includes("--json")) console.log(JSON.stringify(r, null, 2));
    else printReport(r);
  } catch (err) {
    console.error(`[build:www] ${err.message}`);
    process.exit(1);
  }
}
