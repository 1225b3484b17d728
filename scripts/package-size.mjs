// The package's size as a bundler ships it: the gzipped (-9) wasm plus the JS of the bundler entry. One definition
// for `npm run bench` (which prints it) and the packaging test (which asserts the budget: sizes are deterministic).
import { readFileSync, readdirSync, statSync } from "node:fs";
import * as path from "node:path";
import { gzipSync } from "node:zlib";

/** The budget for wasm + JS, gzipped (issue 13 raised it from 250 KB for the redactor). */
export const PACKAGE_BUDGET_KB = 400;

/** @param {string} pkgDir a built package (pkg/ or an installed copy) */
export function packageSize(pkgDir) {
  const dir = path.join(pkgDir, "bundler");
  let wasm = 0;
  let js = 0;
  for (const f of readdirSync(dir)) {
    const full = path.join(dir, f);
    if (!statSync(full).isFile()) continue;
    const gz = gzipSync(readFileSync(full), { level: 9 }).length;
    if (f.endsWith(".wasm")) wasm += gz;
    else if (f.endsWith(".js")) js += gz;
  }
  return { wasmGzipKB: wasm / 1024, jsGzipKB: js / 1024, totalGzipKB: (wasm + js) / 1024 };
}
