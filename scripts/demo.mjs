#!/usr/bin/env node
// npm run demo: the §6 scenario through the built package (pkg/bin/contextfold.mjs demo). Builds pkg/ first
// with `npm run build` when it is missing (a fresh clone). Extra arguments go to the demo:
//   npm run demo -- --json        npm run demo -- --dir /tmp/store
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import * as path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const BIN = path.join(ROOT, "pkg", "bin", "contextfold.mjs");
const built = () => existsSync(path.join(ROOT, "pkg", "package.json")) && existsSync(BIN);

if (!built()) {
  console.error("[demo] pkg/ is not built yet: running `npm run build` first");
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const b = spawnSync(npm, ["run", "build"], { cwd: ROOT, stdio: ["ignore", process.stderr, "inherit"], shell: process.platform === "win32" });
  if (b.status !== 0) process.exit(b.status ?? 1);
  if (!built()) {
    console.error(`[demo] the build did not produce ${path.relative(ROOT, BIN)}`);
    process.exit(1);
  }
}
const r = spawnSync(process.execPath, [BIN, "demo", ...process.argv.slice(2)], { stdio: "inherit" });
process.exit(r.status ?? 1);
