// Two ways to drive the playground in a real browser, behind one small interface, so the same scenario runs
// in both: headless Chromium through playwright-core (Debian's /usr/bin/chromium), and headless Firefox ESR
// through selenium-webdriver + geckodriver (Playwright's moz-firefox channel fails at newPage with Firefox ESR:
// see ../shared/TOOLCHAIN.md). Every call acts as a user would (clicks, typed keys) or reads the page.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import * as os from "node:os";
import * as path from "node:path";
import { ROOT } from "../helpers.mjs";

const require = createRequire(import.meta.url);

export const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";
export const FIREFOX = process.env.FIREFOX ?? "/usr/bin/firefox-esr";
// Where scripts/setup.sh installs it (cargo's bin directory), else the first one on PATH.
export const GECKODRIVER =
  process.env.GECKODRIVER ??
  [path.join(process.env.CARGO_HOME ?? path.join(os.homedir(), ".cargo"), "bin"), ...(process.env.PATH ?? "").split(path.delimiter)]
    .filter(Boolean)
    .map((d) => path.join(d, "geckodriver"))
    .find(existsSync);

// Chromium on a closed network: no background requests to blocked hosts (TOOLCHAIN.md §6).
const CHROMIUM_ARGS = ["--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--no-first-run", "--disable-background-networking",
  "--disable-component-update", "--disable-sync", "--disable-quic"];

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Poll `probe(arg)` in the page until it returns a truthy value; that value, or an error after `timeout`. */
async function poll(evaluate, probe, arg, { timeout = 30_000, what = String(probe) } = {}) {
  const end = Date.now() + timeout;
  let last;
  for (;;) {
    last = await evaluate(probe, arg);
    if (last) return last;
    if (Date.now() > end) throw new Error(`timed out after ${timeout} ms waiting for ${what} (last: ${JSON.stringify(last)})`);
    await sleep(50);
  }
}

export async function launchChromium({ shots }) {
  const { chromium } = require(path.join(ROOT, "node_modules", "playwright-core"));
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  return {
    name: "chromium",
    browser,
    /** A new page (own context, own IndexedDB) with the common interface. */
    async open(url, contextOptions = {}) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...contextOptions });
      const page = await context.newPage();
      const requests = [];
      const problems = [];
      page.on("request", (r) => requests.push(r.url()));
      page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
      page.on("console", (m) => m.type() === "error" && problems.push(`console: ${m.text()}`));
      await page.goto(url);
      const evaluate = (fn, arg) => page.evaluate(fn, arg);
      return {
        page,
        requests,
        problems,
        evaluate,
        waitFor: (probe, arg, opts) => poll(evaluate, probe, arg, opts),
        click: (css) => page.click(css),
        fill: async (css, value, { commit = false } = {}) => {
          await page.fill(css, value);
          if (commit) await page.press(css, "Tab");
        },
        select: (css, value) => page.selectOption(css, value),
        press: (key) => page.keyboard.press(key),
        reload: () => page.reload(),
        goto: (u) => page.goto(u),
        screenshot: (name) => page.screenshot({ path: shotPath(shots, name), fullPage: true }),
        elementShot: (css, name) => page.locator(css).screenshot({ path: shotPath(shots, name) }),
        close: () => context.close(),
      };
    },
    close: () => browser.close(),
  };
}

export async function launchFirefox({ shots }) {
  const { Builder, By, Key } = require(path.join(ROOT, "node_modules", "selenium-webdriver"));
  const firefox = require(path.join(ROOT, "node_modules", "selenium-webdriver", "firefox.js"));
  const { Select } = require(path.join(ROOT, "node_modules", "selenium-webdriver", "lib", "select.js"));
  const options = new firefox.Options().addArguments("-headless", "-width=1280", "-height=1600").setBinary(FIREFOX);
  for (const [k, v] of Object.entries({ "app.update.enabled": false, "toolkit.telemetry.enabled": false, "datareporting.policy.dataSubmissionEnabled": false,
    "network.captive-portal-service.enabled": false, "browser.safebrowsing.malware.enabled": false, "browser.safebrowsing.phishing.enabled": false,
    "extensions.update.enabled": false, "network.connectivity-service.enabled": false })) options.setPreference(k, v);
  const driver = await new Builder().forBrowser("firefox").setFirefoxOptions(options).setFirefoxService(new firefox.ServiceBuilder(GECKODRIVER)).build();
  const evaluate = (fn, arg) => driver.executeScript(fn, arg);
  const el = (css) => driver.findElement(By.css(css));
  return {
    name: "firefox",
    driver,
    async open(url) {
      await driver.get(url);
      return {
        driver,
        requests: null,
        problems: [],
        evaluate,
        waitFor: (probe, arg, opts) => poll(evaluate, probe, arg, opts),
        click: async (css) => {
          const e = await el(css);
          await driver.executeScript("arguments[0].scrollIntoView({block: 'center'})", e);
          await e.click();
        },
        fill: async (css, value, { commit = false } = {}) => {
          const e = await el(css);
          await e.clear();
          await e.sendKeys(value, ...(commit ? [Key.TAB] : []));
        },
        select: async (css, value) => new Select(await el(css)).selectByValue(value),
        press: (key) => driver.actions().sendKeys(Key[key.toUpperCase()] ?? key).perform(),
        reload: () => driver.navigate().refresh(),
        goto: (u) => driver.get(u),
        screenshot: async (name) => writeFileSync(shotPath(shots, name), Buffer.from(await driver.takeScreenshot(), "base64")),
        close: async () => {},
      };
    },
    close: () => driver.quit(),
  };
}

function shotPath(dir, name) {
  mkdirSync(dir, { recursive: true });
  return path.join(dir, `${name}.png`);
}
