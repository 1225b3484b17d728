// The cost of the largest fold the limits allow, and what a fold over them does: one process per size, each
// opening a MemoryStorage store with the package's defaults (redaction on), folding one ASCII payload of SIZE MiB,
// folding once more and validating (the instance must still work). Prints one JSON line per size next to the
// baseline of a bare `node -e ""` in the same run.
//
//   npm run build && node bench/limits.mjs [SIZE_MIB ...]      (default: 63.9 400)
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const pkgDir = path.join(root, "pkg");

if (process.argv[2] === "--child") {
  const require = createRequire(path.join(pkgDir, "package.json"));
  const { ContextFold, MemoryStorage } = require("./node/index.js");
  const mib = Number(process.argv[3]);
  const c = await ContextFold.open(new MemoryStorage(), { clock: () => "2026-01-01T00:00:00Z" });
  const line = "PostgreSQL port 5433 config.env line\n";
  const payload = line.repeat(Math.ceil((mib * 1048576) / line.length)).slice(0, Math.floor(mib * 1048576) - 10);
  const t = performance.now();
  const out = { mib };
  try {
    await c.fold({ stepId: 1, summary: "big", rawContent: payload });
    out.result = "folded";
  } catch (e) {
    out.result = `${e.name} (${e.code})`;
  }
  out.ms = Math.round(performance.now() - t);
  out.peakRssMB = Math.round(process.resourceUsage().maxRSS / 1024);
  out.wasmMB = Math.round(ContextFold.engineMemoryBytes() / 1048576);
  await c.fold({ stepId: 2, summary: "after", rawContent: "small" });
  out.nextFoldAndValidate = (await c.validate()).ok;
  console.log(JSON.stringify(out));
} else {
  const base = spawnSync(process.execPath, ["-e", "console.log(Math.round(process.resourceUsage().maxRSS / 1024))"], { encoding: "utf8" });
  console.log(JSON.stringify({ baseline: 'node -e ""', peakRssMB: Number(base.stdout.trim()) }));
  const sizes = process.argv.slice(2).length ? process.argv.slice(2) : ["63.9", "400"];
  for (const s of sizes) {
    const r = spawnSync(process.execPath, [fileURLToPath(import.meta.url), "--child", s], { encoding: "utf8", maxBuffer: 1 << 20 });
    process.stdout.write(r.stdout || `{"mib": ${s}, "crashed": ${JSON.stringify(r.stderr.slice(-300))}, "status": ${r.status}}\n`);
  }
}
