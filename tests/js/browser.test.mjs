// The Vite-built page (browser condition of the packed package) in headless Chromium: fold/scan/extract in the
// browser and the Storage conformance suite over IndexedDbStorage; a real IndexedDB quota failure (the origin's
// quota lowered through the DevTools Protocol). Skipped when /usr/bin/chromium is missing.
import { after, before, describe, it } from "node:test";
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
  let browser;
  let server;
  let base;
  before(async () => {
    const dir = scratch("browser-page");
    for (const f of ["index.html", "browser-main.js", "web.html", "web-main.js", "quota.html", "quota-main.js"]) copyFileSync(path.join(ROOT, "tests", "js", "consumer", f), path.join(dir, f));
    const input = { main: path.join(dir, "index.html"), web: path.join(dir, "web.html"), quota: path.join(dir, "quota.html") };
    writeFileSync(path.join(dir, "vite.config.mjs"), `export default { root: ${JSON.stringify(dir)}, logLevel: "warn", build: { target: "es2022", outDir: "dist", emptyOutDir: true, rollupOptions: { input: ${JSON.stringify(input)} } } };\n`);
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
    server = createServer((req, res) => {
      const url = new URL(req.url, "http://localhost");
      const file = path.join(dist, url.pathname === "/" ? "index.html" : path.normalize(url.pathname));
      if (!file.startsWith(dist) || !existsSync(file)) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { "content-type": MIME[path.extname(file)] ?? "application/octet-stream" }).end(readFileSync(file));
    });
    await new Promise((r) => server.listen(0, "127.0.0.1", r));
    base = `http://127.0.0.1:${server.address().port}`;
    const { chromium } = createRequire(import.meta.url)(path.join(ROOT, "node_modules", "playwright-core"));
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ["--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-quic"],
    });
  });
  after(async () => {
    await browser?.close();
    server?.close();
  });

  it("Vite- and webpack-built pages: the default entry folds and scans, IndexedDbStorage passes the conformance suite; contextfold/web inits and folds", async (t) => {
    const all = [];
    for (const html of ["index.html", "web.html", "webpack/index.html"]) {
      const page = await browser.newPage();
      const logs = [];
      page.on("console", (m) => logs.push(`${m.type()}: ${m.text()}`));
      page.on("pageerror", (e) => logs.push(`pageerror: ${e.message}`));
      await page.goto(`${base}/${html}`);
      // A hang guard, not a timing assertion.
      await page.waitForFunction(() => window.__results !== undefined, undefined, { timeout: 180_000 });
      const results = await page.evaluate(() => window.__results);
      for (const r of results) t.diagnostic(`${html}: ${r.ok ? "ok" : "FAIL"} ${r.name}${r.ok ? "" : `: ${r.info}`}`);
      assert.deepEqual(results.filter((r) => !r.ok), [], `${html}\n${logs.join("\n")}`);
      all.push(...results);
      await page.close();
    }
    assert.ok(all.length >= 30, `${all.length} results`);
  });

  it("a real IndexedDB quota failure in the browser: fold and foldMany fail with StorageError, the store is byte for byte as it was, the next fold succeeds", async (t) => {
    // A fresh browser context (its own storage) whose origin quota is lowered to 2 MB before the page writes
    // anything (Chromium applies an override to an origin whose storage is not yet open), then payloads of 3 Mi
    // incompressible characters: a cold node holds them twice (raw and normalized content), past the quota.
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      const logs = [];
      page.on("console", (m) => logs.push(`${m.type()}: ${m.text()}`));
      page.on("pageerror", (e) => logs.push(`pageerror: ${e.message}`));
      await page.goto(`${base}/quota.html`);
      await page.waitForFunction(() => window.__quotaReady === true, undefined, { timeout: 60_000 });
      const cdp = await context.newCDPSession(page);
      const quota = 2 * 1024 * 1024;
      await cdp.send("Storage.overrideQuotaForOrigin", { origin: base, quotaSize: quota });
      for (const journal of [true, false]) {
        const r = await page.evaluate((o) => window.quotaScenario(o), { journal, payloadChars: 3 * 1024 * 1024 });
        t.diagnostic(`journal ${journal ? "on" : "off"}: ${JSON.stringify(r)}`);
        for (const x of r.results) {
          assert.equal(x.rejected, true, `${x.name} (journal ${journal}) went past a ${quota}-byte quota\n${logs.join("\n")}`);
          assert.equal(x.isStorageError, true, `${x.name}: ${x.errorName}: ${x.message}`);
          assert.equal(x.errorName, "StorageError");
          assert.equal(x.code, "STORAGE");
          assert.match(x.message, /QuotaExceededError/, `${x.name}: the message names the browser's error`);
          assert.equal(x.unchanged, true, `${x.name} (journal ${journal}): the store is byte for byte as it was`);
        }
        assert.equal(r.nextStepId, 2, "the next small fold gets the next step id");
        assert.equal(r.validates, true);
        assert.ok(r.usage < quota, `usage ${r.usage} stays under the quota`);
      }
    } finally {
      await context.close();
    }
  });
});
