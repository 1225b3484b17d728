// The browser playground (www/, issue 16): built by Vite against the packed package, served as static files,
// and driven end to end in headless Chromium (playwright-core) and headless Firefox ESR (selenium-webdriver +
// geckodriver). Screenshots of each state go to tests/tmp/playground-screenshots/.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { createServer } from "node:net";
import * as path from "node:path";
import { PKG_DIR, ROOT, cf as pkg } from "./helpers.mjs";
import { CHROMIUM, FIREFOX, GECKODRIVER, launchChromium, launchFirefox } from "./playground/drivers.mjs";
import { DB, dumpDb, isIdle, isReady, scenario } from "./playground/scenario.mjs";
import { DEMO_QUERY, DEMO_TURNS } from "../../www/src/demo-turns.js";
import { detectSelectionModesWith } from "../../www/src/selection-modes.js";
import { buildWww, printReport } from "../../scripts/build-www.mjs";
import { serveStatic } from "../../www/serve.mjs";

const SHOTS = path.join(ROOT, "tests", "tmp", "playground-screenshots");
const DIST = path.join(ROOT, "tests", "tmp", "www-dist");
const VECTORS = JSON.parse(readFileSync(path.join(ROOT, "tests", "vectors", "fold_demo.json"), "utf8"));

let site; // { url, server, report }
async function theSite() {
  if (!site) {
    const report = await buildWww({ pkgDir: PKG_DIR, outDir: DIST, log: () => {} });
    const server = await serveStatic(DIST, { port: 0 });
    site = { url: `http://127.0.0.1:${server.address().port}/`, server, report };
  }
  return site;
}
after(() => site?.server.close());

describe("playground: the static site", () => {
  it("the demo's turns and question are the reference's (fold_demo.json) and the CLI demo's", async () => {
    assert.deepEqual(
      DEMO_TURNS.map((t) => [t.stepId, t.summary, t.rawContent]),
      VECTORS.turns.map((t) => [t.input.step_id, t.input.summary, t.input.raw_content]),
    );
    const cli = await import(path.join(PKG_DIR, "bin", "lib", "demo.mjs"));
    assert.deepEqual(DEMO_TURNS, cli.DEMO_TURNS);
    assert.equal(DEMO_QUERY, cli.DEMO_QUERY);
  });

  it("the selection switch detects the engine's modes: an engine that rejects an unknown `selection` and accepts ranked-v1 has it", async () => {
    const fake = (known) => ({
      MemoryStorage: class {},
      ContextFold: {
        async open(_storage, { policy }) {
          return {
            async scan() {
              if (known && !known.includes(policy.selection)) throw Object.assign(new Error("unknown selection"), { code: "INVALID_INPUT" });
              return {};
            },
            async close() {},
          };
        },
      },
    });
    assert.deepEqual(await detectSelectionModesWith(fake(null)), ["reference"], "an engine that ignores the key");
    assert.deepEqual(await detectSelectionModesWith(fake(["reference", "ranked-v1"])), ["reference", "ranked-v1"]);
    assert.deepEqual(await detectSelectionModesWith(fake(["reference"])), ["reference"]);
    assert.deepEqual(await detectSelectionModesWith(pkg), ["reference", "ranked-v1"], "the package's engine has both modes");
    const c = await pkg.ContextFold.open(new pkg.MemoryStorage(), { policy: { selection: "ranked-v1" } });
    await c.foldMany(DEMO_TURNS);
    assert.ok((await c.scan(DEMO_QUERY)).selected.length > 0);
    await c.close();
  });

  it("build:www builds a static site against the package's browser export and reports its gzipped size", async (t) => {
    const { report } = await theSite();
    const lines = [];
    printReport(report, (l) => lines.push(l));
    for (const l of lines) t.diagnostic(l);
    const names = report.files.map((f) => f.file);
    assert.ok(names.includes("index.html"));
    assert.equal(names.filter((f) => f.endsWith(".wasm")).length, 1, "one wasm: the package's web build");
    assert.ok(report.wasm.gzip > 100_000 && report.page.gzip > 0 && report.total.gzip === report.wasm.gzip + report.page.gzip);
    assert.match(lines.at(-1), /gzipped \d+\.\d KB/);
    const html = readFileSync(path.join(DIST, "index.html"), "utf8");
    assert.match(html, /<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self' 'wasm-unsafe-eval'/);
    // Nothing from elsewhere: no URL in the HTML or the CSS (the browser tests check what is actually requested).
    for (const f of names.filter((n) => /\.(html|css)$/.test(n))) assert.doesNotMatch(readFileSync(path.join(DIST, f), "utf8"), /(?:https?:)?\/\/[a-z0-9.-]+\.[a-z]{2,}\//i, f);
  });

  it("npm run playground builds if needed and serves the site on --port N (index.html, the wasm as application/wasm)", async () => {
    const port = await freePort();
    const child = spawn(process.execPath, [path.join(ROOT, "scripts", "playground.mjs"), "--port", String(port)], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    try {
      await new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no "serving" line within 120 s:\n${out}`)), 120_000);
        child.stdout.on("data", () => out.includes("[playground] serving") && (clearTimeout(timer), resolve()));
        child.on("exit", (code) => (clearTimeout(timer), reject(new Error(`playground exited ${code}:\n${out}`))));
      });
      assert.match(out, new RegExp(`http://127\\.0\\.0\\.1:${port}/`));
      const page = await fetch(`http://127.0.0.1:${port}/`);
      assert.equal(page.status, 200);
      assert.match(page.headers.get("content-type"), /^text\/html/);
      assert.match(await page.text(), /<title>ContextFold playground<\/title>/);
      const wasm = readdirSync(path.join(ROOT, "www", "dist", "assets")).find((f) => f.endsWith(".wasm"));
      const w = await fetch(`http://127.0.0.1:${port}/assets/${wasm}`);
      assert.equal(w.headers.get("content-type"), "application/wasm");
      assert.equal((await fetch(`http://127.0.0.1:${port}/../package.json`)).status, 404);
    } finally {
      child.kill("SIGTERM");
    }
  });
});

function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** One browser, one page, the whole scenario. */
function inBrowser(label, launch, skip) {
  describe(`playground in ${label}`, { skip }, () => {
    let browser;
    let current;
    before(async () => {
      const { url } = await theSite();
      browser = await launch({ shots: SHOTS });
      current = { p: await browser.open(url), browser: browser.name, url, pkgDir: PKG_DIR };
    });
    after(async () => {
      await current?.p.close();
      await browser?.close();
    });
    scenario(() => current);
  });
}

inBrowser("headless Chromium (playwright-core)", launchChromium, !existsSync(CHROMIUM) && `no ${CHROMIUM}`);
inBrowser("headless Firefox ESR (selenium-webdriver + geckodriver)", launchFirefox, (!existsSync(FIREFOX) && `no ${FIREFOX}`) || (!GECKODRIVER && "no geckodriver (scripts/setup.sh installs it)"));

describe("playground in headless Chromium: accessibility, keyboard, phone, failures", { skip: !existsSync(CHROMIUM) && `no ${CHROMIUM}` }, () => {
  let browser;
  before(async () => {
    browser = await launchChromium({ shots: SHOTS });
  });
  after(() => browser?.close());

  it("axe-core finds no serious or critical violation in any view (labels, names, contrast, landmarks)", async (t) => {
    const { url } = await theSite();
    const p = await browser.open(url, { bypassCSP: true }); // axe is injected as a script of the test
    try {
      await p.waitFor(isReady, undefined, { timeout: 60_000 });
      await p.click("#run-demo");
      await p.waitFor(() => document.querySelectorAll("#timeline > li").length === 8 && document.documentElement.dataset.busy === "0");
      await p.click('#timeline li[data-step="137"] button[aria-controls]');
      await p.page.addScriptTag({ path: path.join(ROOT, "node_modules", "axe-core", "axe.min.js") });
      const states = {
        session: async () => {},
        index: async () => {},
        prompt: async () => {
          await p.fill("#prompt", DEMO_QUERY);
          await p.waitFor((q) => document.querySelector("#selection").dataset.prompt === q && document.documentElement.dataset.busy === "0", DEMO_QUERY);
          await p.click("#send");
          await p.waitFor(() => document.querySelector("#gauge").dataset.stage === "hydrated" && document.documentElement.dataset.busy === "0");
        },
        recall: async () => {},
        integrity: async () => {
          await p.click("#validate");
          await p.waitFor(() => document.querySelector("#integrity-result [data-validation]") !== null);
        },
      };
      const serious = [];
      for (const [view, prepare] of Object.entries(states)) {
        await p.page.goto(`${url}#${view}`);
        await p.waitFor((v) => !document.getElementById(`view-${v}`).hidden && document.documentElement.dataset.busy === "0", view);
        await prepare();
        await p.waitFor(isIdle);
        const result = await p.evaluate(() => globalThis.axe.run(document, { resultTypes: ["violations"] }));
        t.diagnostic(`${view}: axe-core ${result.testEngine.version}: ${result.passes.length} rules passed, ${result.violations.length} violated`);
        assert.ok(result.passes.length > 20, "axe ran its rules");
        for (const v of result.violations) {
          t.diagnostic(`${view}: ${v.impact} ${v.id} (${v.nodes.length}): ${v.help}`);
          if (v.impact === "serious" || v.impact === "critical") serious.push(`${view}: ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
        }
      }
      assert.deepEqual(serious, []);
    } finally {
      await p.close();
    }
  });

  it("keyboard only: Tab reaches the skip link, every view and Run demo; Enter runs the demo and opens a view", async () => {
    const { url } = await theSite();
    const p = await browser.open(url);
    try {
      await p.waitFor(isReady, undefined, { timeout: 60_000 });
      const focused = [];
      for (let i = 0; i < 7; i++) {
        await p.press("Tab");
        focused.push(await p.evaluate(() => document.activeElement.textContent.trim()));
      }
      assert.deepEqual(focused, ["Skip to content", "Session", "Recall index", "Prompt", "Recall", "Integrity", "Run demo"]);
      await p.press("Enter");
      await p.waitFor(() => document.querySelectorAll("#timeline > li").length === 8 && document.documentElement.dataset.busy === "0");
      await p.page.focus('nav a[href="#prompt"]');
      await p.press("Enter");
      await p.waitFor(() => !document.getElementById("view-prompt").hidden && document.activeElement.id === "h-prompt");
    } finally {
      await p.close();
    }
  });

  it("usable on a phone (390 px wide): no view scrolls sideways", async () => {
    const { url } = await theSite();
    const p = await browser.open(url, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    try {
      await p.waitFor(isReady, undefined, { timeout: 60_000 });
      await p.click("#run-demo");
      await p.waitFor(() => document.querySelectorAll("#timeline > li").length === 8 && document.documentElement.dataset.busy === "0");
      const wide = [];
      for (const view of ["session", "index", "prompt", "recall", "integrity"]) {
        await p.page.goto(`${url}#${view}`);
        await p.waitFor((v) => !document.getElementById(`view-${v}`).hidden && document.documentElement.dataset.busy === "0", view);
        if (view === "prompt") {
          await p.fill("#prompt", DEMO_QUERY);
          await p.waitFor((q) => document.querySelector("#selection").dataset.prompt === q && document.documentElement.dataset.busy === "0", DEMO_QUERY);
        }
        const w = await p.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
        if (w.scroll > w.inner) wide.push(`${view}: ${w.scroll} > ${w.inner}`);
        await p.screenshot(`chromium-phone-${view}`);
      }
      assert.deepEqual(wide, []);
    } finally {
      await p.close();
    }
  });

  it("when the engine cannot load, the page says so in words (no blank page)", async () => {
    const { url } = await theSite();
    const p = await browser.open("about:blank");
    try {
      await p.page.route("**/*.wasm", (route) => route.abort());
      await p.goto(url);
      await p.waitFor(() => document.querySelector("#alerts .alert") !== null);
      assert.match(await p.evaluate(() => document.querySelector("#alerts .alert").textContent), /^The playground could not start: .+WebAssembly and IndexedDB/);
      assert.equal(await p.evaluate(() => document.querySelector("#store-line").textContent), "The engine could not start.");
      await p.screenshot("chromium-engine-failed");
    } finally {
      await p.close();
    }
  });

  it("two tabs on one store: a fold in one appears in the other", async () => {
    const { url } = await theSite();
    const context = await browser.browser.newContext();
    try {
      const [a, b] = [await context.newPage(), await context.newPage()];
      for (const pg of [a, b]) {
        await pg.goto(url);
        await pg.waitForFunction(isReady);
      }
      await a.click("#run-demo");
      await b.waitForFunction(() => document.querySelectorAll("#timeline > li").length === 8 && document.documentElement.dataset.busy === "0");
      const files = await b.evaluate(dumpDb, DB);
      assert.ok(files.some(([k]) => k === ".contextfold/cold_nodes/step_000499.json"));
    } finally {
      await context.close();
    }
  });
});
