// The Vite-built page (browser condition of the packed package) in headless Chromium: fold/scan/extract in the
// browser and the Storage conformance suite over IndexedDbStorage. Skipped when /usr/bin/chromium is missing.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { createRequire } from "node:module";
import * as path from "node:path";
import { BIN, ROOT, scratch } from "./helpers.mjs";

const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";
const MIME = { ".html": "text/html", ".js": "text/javascript", ".wasm": "application/wasm", ".css": "text/css" };

describe("browser (headless Chromium)", { skip: !existsSync(CHROMIUM) && `no ${CHROMIUM}` }, () => {
  it("Vite- and webpack-built pages: the default entry folds and scans, IndexedDbStorage passes the conformance suite; contextfold/web inits and folds", async (t) => {
    const dir = scratch("browser-page");
    for (const f of ["index.html", "browser-main.js", "web.html", "web-main.js"]) copyFileSync(path.join(ROOT, "tests", "js", "consumer", f), path.join(dir, f));
    writeFileSync(path.join(dir, "vite.config.mjs"), `export default { root: ${JSON.stringify(dir)}, logLevel: "warn", build: { target: "es2022", outDir: "dist", emptyOutDir: true, rollupOptions: { input: { main: ${JSON.stringify(path.join(dir, "index.html"))}, web: ${JSON.stringify(path.join(dir, "web.html"))} } } } };\n`);
    execFileSync(path.join(BIN, "vite"), ["build", "--config", path.join(dir, "vite.config.mjs")], { cwd: dir, stdio: "pipe" });
    const dist = path.join(dir, "dist");
    // The same page bundled by webpack 5 (its defaults for the web: the "browser" condition, the .wasm emitted as an
    // asset through new URL(..., import.meta.url)), into dist/webpack/.
    const webpack = createRequire(import.meta.url)(path.join(ROOT, "node_modules", "webpack"));
    const stats = await new Promise((resolve, reject) =>
      webpack(
        { mode: "production", target: "web", context: dir, entry: "./browser-main.js", output: { path: path.join(dist, "webpack"), filename: "main.js", clean: true }, performance: { hints: false } },
        (err, result) => (err ? reject(err) : resolve(result)),
      ),
    );
    assert.ok(!stats.hasErrors(), stats.toString("errors-only"));
    writeFileSync(path.join(dist, "webpack", "index.html"), '<!doctype html><meta charset="utf-8"><title>webpack</title><script src="main.js"></script>\n');
    const server = createServer((req, res) => {
      const url = new URL(req.url, "http://localhost");
      const file = path.join(dist, url.pathname === "/" ? "index.html" : path.normalize(url.pathname));
      if (!file.startsWith(dist) || !existsSync(file)) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { "content-type": MIME[path.extname(file)] ?? "application/octet-stream" }).end(readFileSync(file));
    });
    await new Promise((r) => server.listen(0, "127.0.0.1", r));
    const { chromium } = createRequire(import.meta.url)(path.join(ROOT, "node_modules", "playwright-core"));
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ["--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-quic"],
    });
    try {
      const all = [];
      for (const html of ["index.html", "web.html", "webpack/index.html"]) {
        const page = await browser.newPage();
        const logs = [];
        page.on("console", (m) => logs.push(`${m.type()}: ${m.text()}`));
        page.on("pageerror", (e) => logs.push(`pageerror: ${e.message}`));
        await page.goto(`http://127.0.0.1:${server.address().port}/${html}`);
        // A hang guard, not a timing assertion.
        await page.waitForFunction(() => window.__results !== undefined, undefined, { timeout: 180_000 });
        const results = await page.evaluate(() => window.__results);
        for (const r of results) t.diagnostic(`${html}: ${r.ok ? "ok" : "FAIL"} ${r.name}${r.ok ? "" : `: ${r.info}`}`);
        assert.deepEqual(results.filter((r) => !r.ok), [], `${html}\n${logs.join("\n")}`);
        all.push(...results);
        await page.close();
      }
      assert.ok(all.length >= 30, `${all.length} results`);
    } finally {
      await browser.close();
      server.close();
    }
  });
});
