#!/usr/bin/env node
// npm run playground [-- --port N] [-- --host H]: builds the playground when www/dist/ is missing or older
// than its sources or the package, then serves it on http://127.0.0.1:5173/ until interrupted.
import { existsSync, readdirSync, statSync } from "node:fs";
import * as path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const DIST = path.join(ROOT, "www", "dist");
const STAMP = path.join(DIST, ".build.json");

const argv = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = argv.indexOf(name);
  return i >= 0 && i + 1 < argv.length ? argv[i + 1] : fallback;
};
if (argv.includes("--help") || argv.includes("-h")) {
  console.log("usage: npm run playground [-- --port N] [--host 127.0.0.1] [--rebuild]");
  process.exit(0);
}
const port = Number(opt("--port", process.env.PORT ?? "5173"));
const host = opt("--host", "127.0.0.1");
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`[playground] --port must be a port number, got ${opt("--port")}`);
  process.exit(1);
}

/** Newest modification time under the given paths (files or folders). */
function newest(paths) {
  let t = 0;
  const visit = (p) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const e of readdirSync(p)) if (e !== "dist" && e !== "node_modules") visit(path.join(p, e));
    } else t = Math.max(t, st.mtimeMs);
  };
  paths.forEach(visit);
  return t;
}

const sources = [path.join(ROOT, "www"), path.join(ROOT, "pkg")];
const stale = argv.includes("--rebuild") || !existsSync(STAMP) || !existsSync(path.join(ROOT, "pkg", "package.json")) || newest(sources) > statSync(STAMP).mtimeMs;
const { buildWww, printReport } = await import(pathToFileURL(path.join(ROOT, "scripts", "build-www.mjs")).href);
if (stale) {
  console.log("[playground] building www/dist/ (npm run build:www)");
  try {
    printReport(await buildWww());
  } catch (err) {
    console.error(`[playground] build failed: ${err.message}`);
    process.exit(1);
  }
} else {
  console.log("[playground] www/dist/ is up to date");
}
const { serveStatic } = await import(pathToFileURL(path.join(ROOT, "www", "serve.mjs")).href);
let server;
try {
  server = await serveStatic(DIST, { port, host });
} catch (err) {
  console.error(`[playground] cannot listen on ${host}:${port}: ${err.message}${err.code === "EADDRINUSE" ? " (try --port N)" : ""}`);
  process.exit(1);
}
const a = server.address();
console.log(`[playground] serving www/dist/ on http://${a.address}:${a.port}/  (Ctrl-C stops)`);
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => server.close(() => process.exit(0)));
