// Shared by the tests: where the packed package is installed, and how to load it from there.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
export const CONSUMER = process.env.CONTEXTFOLD_CONSUMER ?? path.join(ROOT, "tests", "tmp", "consumer");
export const PKG_DIR = path.join(CONSUMER, "node_modules", "contextfold");
export const BIN = path.join(ROOT, "node_modules", ".bin");

if (!existsSync(path.join(CONSUMER, "contextfold-all.mjs"))) {
  throw new Error(`no consumer at ${CONSUMER}: run \`npm test\` (it packs pkg/ and installs it there)`);
}

/** Everything the package exports for Node ESM (".", "./node", "./vscode", "./testing"). */
export const cf = await import(pathToFileURL(path.join(CONSUMER, "contextfold-all.mjs")).href);

export const CLOCK = () => "2026-01-01T00:00:00Z";

/** Write `files` into a fresh folder of the consumer and return its path. */
export function scratch(name, files = {}) {
  const dir = path.join(CONSUMER, name);
  mkdirSync(dir, { recursive: true });
  for (const [f, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
    writeFileSync(path.join(dir, f), text);
  }
  return dir;
}

/** Run node on a file inside the consumer; returns stdout. */
export function node(file, args = [], opts = {}) {
  return execFileSync(process.execPath, [...args, file], { cwd: path.dirname(file), encoding: "utf8", ...opts });
}
