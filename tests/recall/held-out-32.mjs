// Two more held-out recall sessions (format: tests/recall/build.mjs): written blind, without reading the selection's
// code, its tests or any benchmark result, and kept out of the selection work. HELD_OUT_32: a TypeScript monorepo
// (pnpm workspaces + Turborepo) with a Next.js app on Vercel, a tRPC API, Prisma on PlanetScale, Playwright e2e tests,
// Storybook and a GitHub Actions pipeline: a Node 22 bump that broke the token build and was undone and redone, a
// Prisma migration that PlanetScale refused (foreign keys), renamed and re-applied, a Playwright timeout raised twice,
// a flaky search spec, failing e2e specs (a renamed button, a cookie domain on previews, rate limiting), a reverted
// switch to streamed tRPC batches, a 431 from long batch URLs, a poisoned CI cache and its key bump, a function over
// Vercel's size limit, bundle sizes, env values and preview URLs that change; English questions. HELD_OUT_33: a data
// platform (Airflow on MWAA, dbt on Snowflake, Fivetran, Great Expectations, Terraform): a warehouse resized three
// times, DAG schedules and retries that change, failing dbt models, a backfill run twice, a resource monitor quota
// raised and lowered, a column renamed upstream, a Fivetran connector broken by an API scope, an MWAA environment
// upgrade; the user writes Turkish for about half the questions.

/** Facts written in order with labels; turns are spread over the session and history questions name a label. */
function place(list, turns, first = 2) {
  const step = (turns - 2 - first) / (list.length - 1);
  const at = new Map();
  const facts = list.map(([label, ...rest], i) => {
    const t = first + Math.round(i * step);
    if (label) at.set(label, t);
    return [t, ...rest];
  });
  const T = (label) => {
    if (!at.has(label)) throw new Error(`no fact labelled ${label}`);
    return at.get(label);
  };
  return { facts, T };
}

// ---------------------------------------------------------------------------------------------------------------
// sparrow

const S = "/home/dev/sparrow";

const nodeVer = (v, nvmrc, ci) => `$ node -v
v${v}
$ cat .nvmrc
${nvmrc}
$ grep -n "node-version" .github/workflows/ci.yml .github/workflows/e2e.yml
.github/workflows/ci.yml:31:          node-version-file: .nvmrc
.github/workflows/ci.yml:58:          node-version: ${ci}
.github/workflows/e2e.yml:24:          node-version: ${ci}
$ pnpm -v
9.12.3`;
const NODE_CMD = { command: 'node -v && cat .nvmrc && grep -n "node-version" .github/workflows/*.yml && pnpm -v' };

const whyPkg = (name, rows) => `Legend: production dependency, optional only, dev only

${rows.join("\n\n")}`;
const whyNext = (v) => whyPkg("next", [
  `@sparrow/web@0.1.0 /home/dev/sparrow/apps/web

dependencies:
next ${v}
@sentry/nextjs 8.38.0
└── next ${v} peer
next-auth 4.24.10
└── next ${v} peer`,
  `@sparrow/ui@0.0.0 /home/dev/sparrow/packages/ui

devDependencies:
@storybook/nextjs 8.4.7
└── next ${v} peer`,
]);
const WHY_NEXT = { command: "pnpm why next -r" };
const whyPrisma = (rows) => whyPkg("@prisma/client", rows);
const WHY_PRISMA = { command: "pnpm why @prisma/client -r" };

const turbo = (cached, total, time, extra = "") => `• Packages in scope: @sparrow/api, @sparrow/config, @sparrow/db, @sparrow/e2e, @sparrow/tsconfig, @sparrow/ui, @sparrow/web
• Running build in 7 packages
• Remote caching enabled
${extra}
 Tasks:    ${total} successful, ${total} total
Cached:    ${cached} cached, ${total} total
  Time:    ${time}`;
const TURBO_CMD = { command: "pnpm turbo run build --summarize | tail -n 40" };

const route = (sym, path, size, first) => `${sym} ${path.padEnd(38)}${size.padStart(9)}${first.padStart(15)}`;
const nextBuild = (rows, shared) => `   ▲ Next.js 14.2.15
   - Environments: .env.production.local

   Creating an optimized production build ...
 ✓ Compiled successfully
 ✓ Linting and checking validity of types
 ✓ Collecting page data
 ✓ Generating static pages (23/23)
 ✓ Collecting build traces
 ✓ Finalizing page optimization

Route (app)                                Size     First Load JS
${rows.join("\n")}
+ First Load JS shared by all              ${shared}
  ├ chunks/2117-8c1f0d2e4b9a7c35.js        31.7 kB
  ├ chunks/fd9d1056-3b7e0a9c12d4f886.js    53.6 kB
  └ other shared chunks (total)            ${shared === "87.4 kB" ? "2.1 kB" : "1.9 kB"}

○  (Static)   prerendered as static content
ƒ  (Dynamic)  server-rendered on demand`;
const NEXT_CMD = { command: "pnpm --filter @sparrow/web build" };
const CHECKOUT_V1 = route("├ ƒ", "/checkout", "41.8 kB", "212 kB");
const CHECKOUT_V2 = route("├ ƒ", "/checkout", "8.94 kB", "161 kB");
const CHECKOUT_NOW = route("├ ƒ", "/checkout", "8.61 kB", "158 kB");
const DASH_V2 = route("├ ƒ", "/dashboard", "12.2 kB", "174 kB");
const DASH_NOW = route("├ ƒ", "/dashboard", "39.5 kB", "203 kB");

const e2eRun = (summary, lines) => `Running 48 tests using 4 workers

${lines.join("\n")}

  ${summary}`;
const E2E_CMD = { command: "pnpm --filter @sparrow/e2e exec playwright test --reporter=line" };

const pwConfig = (timeout, expectTimeout, retries, webServer) => `   1\timport { defineConfig, devices } from "@playwright/test";
   2\t
   3\tconst baseURL = process.env.PLAYWRIGHT_BASE_URL ?? "http://localhost:3000";
   4\t
   5\texport default defineConfig({
   6\t  testDir: "./specs",
   7\t  fullyParallel: true,
   8\t  forbidOnly: !!process.env.CI,
   9\t  retries: process.env.CI ? ${retries} : 0,
  10\t  workers: process.env.CI ? 4 : undefined,
  11\t  timeout: ${timeout},
  12\t  expect: { timeout: ${expectTimeout} },
  13\t  reporter: process.env.CI ? [["github"], ["html", { open: "never" }]] : "list",
  14\t  use: {
  15\t    baseURL,
  16\t    trace: "on-first-retry",
  17\t    video: "retain-on-failure",
  18\t  },
  19\t  projects: [
  20\t    { name: "setup", testMatch: /global\\.setup\\.ts/ },
  21\t    { name: "chromium", use: { ...devices["Desktop Chrome"], storageState: ".auth/user.json" }, dependencies: ["setup"] },
  22\t    { name: "webkit", use: { ...devices["Desktop Safari"], storageState: ".auth/user.json" }, dependencies: ["setup"] },
  23\t  ],
  24\t  webServer: process.env.PLAYWRIGHT_BASE_URL
  25\t    ? undefined
  26\t    : { command: "${webServer}", url: baseURL, reuseExistingServer: !process.env.CI, timeout: 120_000 },
  27\t});`;
const PW_READ = { file_path: `${S}/apps/e2e/playwright.config.ts` };

const vercelLs = (rows) => `Vercel CLI 39.1.1
> Deployments for sparrow/sparrow-web [612ms]

  Age     Deployment                                              Status      Environment     Duration     Username
${rows.map(([age, url, status, env, dur]) => `  ${age.padEnd(8)}${url.padEnd(56)}${status.padEnd(12)}${env.padEnd(16)}${dur.padEnd(13)}mira-k`).join("\n")}

> To display the next page, run \`vercel ls --next 1733101144000\``;
const VERCEL_LS = { command: "vercel ls sparrow-web" };
const PREVIEW_NOW = "https://sparrow-web-q7c2mxv4d-sparrow.vercel.app";

const envFile = (vars) => `Downloading \`production\` Environment Variables for sparrow/sparrow-web
✅  Created /tmp/prod.env file  [341ms]
$ grep -E '^(NEXT_PUBLIC_|RATE_|LOG_|AUTH_COOKIE|TRPC_)' /tmp/prod.env
${Object.entries(vars).map(([k, v]) => `${k}="${v}"`).join("\n")}`;
const ENV_CMD = { command: "vercel env pull --environment=production /tmp/prod.env && grep -E '^(NEXT_PUBLIC_|RATE_|LOG_|AUTH_COOKIE|TRPC_)' /tmp/prod.env" };
const envPreview = (vars) => `Downloading \`preview\` Environment Variables for sparrow/sparrow-web
✅  Created /tmp/preview.env file  [298ms]
$ grep -E '^(NEXT_PUBLIC_|RATE_|LOG_|AUTH_COOKIE|TRPC_)' /tmp/preview.env
${Object.entries(vars).map(([k, v]) => `${k}="${v}"`).join("\n")}`;
const ENV_PREVIEW_CMD = { command: "vercel env pull --environment=preview /tmp/preview.env && grep -E '^(NEXT_PUBLIC_|RATE_|LOG_|AUTH_COOKIE|TRPC_)' /tmp/preview.env" };

const cacheYml = (prefix) => `.github/workflows/ci.yml-40-      - uses: actions/cache@v4
.github/workflows/ci.yml-41-        with:
.github/workflows/ci.yml-42-          path: |
.github/workflows/ci.yml-43-            .turbo
.github/workflows/ci.yml-44-            apps/web/.next/cache
.github/workflows/ci.yml:45:          key: ${prefix}-\${{ runner.os }}-\${{ hashFiles('pnpm-lock.yaml') }}-\${{ github.sha }}
.github/workflows/ci.yml-46-          restore-keys: |
.github/workflows/ci.yml-47-            ${prefix}-\${{ runner.os }}-\${{ hashFiles('pnpm-lock.yaml') }}-
.github/workflows/ci.yml-48-
.github/workflows/ci.yml-49-      - name: Install
.github/workflows/ci.yml-50-        run: pnpm install --frozen-lockfile`;
const CACHE_CMD = { command: "grep -n -B5 -A5 'key:' .github/workflows/ci.yml" };

const migStatus = (body) => `Environment variables loaded from ../../.env
Prisma schema loaded from prisma/schema.prisma
Datasource "db": MySQL database "sparrow" at "aws.connect.psdb.cloud"

${body}`;
const MIG_STATUS = { command: "pnpm --filter @sparrow/db exec prisma migrate status" };

const dr = (rows) => `  ID   BRANCH                    INTO BRANCH   APPROVED   STATE     DEPLOYMENT STATE    CREATED AT     UPDATED AT
${rows.map((r) => `  ${r[0].padEnd(5)}${r[1].padEnd(26)}${"main".padEnd(14)}${r[2].padEnd(11)}${r[3].padEnd(10)}${r[4].padEnd(20)}${r[5].padEnd(15)}${r[6]}`).join("\n")}`;
const DR_CMD = { command: "pscale deploy-request list sparrow --org sparrow" };

const flaky = (summary, lines) => `Running 20 tests using 4 workers

${lines.join("\n")}

  ${summary}`;
const FLAKY_CMD = { command: "pnpm --filter @sparrow/e2e exec playwright test specs/search.spec.ts --repeat-each=20 --project=chromium" };

const sbBuild = (v, tail) => `> @sparrow/ui@0.0.0 build-storybook /home/dev/sparrow/packages/ui
> storybook build --quiet

@storybook/core v${v}

info => Cleaning outputDir: storybook-static
info => Loading presets
info => Building manager..
info => Manager built (148 ms)
${tail}`;
const SB_CMD = { command: "pnpm --filter @sparrow/ui build-storybook" };

const ciJob = (minutes) => `.github/workflows/e2e.yml-12-jobs:
.github/workflows/e2e.yml-13-  e2e:
.github/workflows/e2e.yml-14-    runs-on: ubuntu-latest
.github/workflows/e2e.yml:15:    timeout-minutes: ${minutes}
.github/workflows/e2e.yml-16-    strategy:
.github/workflows/e2e.yml-17-      fail-fast: false
.github/workflows/e2e.yml-18-      matrix:
.github/workflows/e2e.yml-19-        shard: [1/3, 2/3, 3/3]`;
const CIJOB_CMD = { command: "grep -n -B3 -A4 'timeout-minutes' .github/workflows/e2e.yml" };

const ghRuns = (rows) => `STATUS  TITLE                                          WORKFLOW  BRANCH              EVENT         ID           ELAPSED  AGE
${rows.join("\n")}`;

const sparrowList = [
  ["node1", "Bash", NODE_CMD, nodeVer("20.11.1", "20.11.1", "20.11.1"), "nodever", { kind: "build", where: "top" }],
  ["next1", "Bash", WHY_NEXT, whyNext("14.2.5"), "whynext", { kind: "build", where: "top" }],
  ["turbo1", "Bash", TURBO_CMD, turbo(3, 9, "2m41.882s", "@sparrow/web:build: cache miss, executing 4e1a9c0b2d7f3e55\n@sparrow/ui:build: cache hit, replaying logs 0b9d3f1e7c2a6481"), "turbobuild", { kind: "build", where: "bottom" }],
  ["e2e1", "Bash", E2E_CMD, e2eRun("3 failed\n    [chromium] › specs/checkout.spec.ts:42:7 › checkout › pays with a saved card\n    [chromium] › specs/auth.spec.ts:18:5 › auth › magic link signs the user in\n    [webkit] › specs/auth.spec.ts:18:5 › auth › magic link signs the user in\n  1 flaky\n    [chromium] › specs/search.spec.ts:27:5 › search › shows results for a query\n  44 passed (3.9m)", ["  ✓  1 [setup] › global.setup.ts:6:1 › authenticate (4.1s)", "  ✘  7 [chromium] › specs/checkout.spec.ts:42:7 › checkout › pays with a saved card (30.0s)", "  ✘  9 [chromium] › specs/auth.spec.ts:18:5 › auth › magic link signs the user in (6.2s)"]), "e2erun", { kind: "test", where: "bottom" }],
  ["checkoutFail", "Bash", { command: "pnpm --filter @sparrow/e2e exec playwright test specs/checkout.spec.ts --project=chromium" }, `  1) [chromium] › specs/checkout.spec.ts:42:7 › checkout › pays with a saved card ──────────────────

    Test timeout of 30000ms exceeded.

    Error: locator.click: Test timeout of 30000ms exceeded.
    Call log:
      - waiting for getByRole('button', { name: 'Pay now' })

      52 |     await page.getByLabel("Saved card ending 4242").check();
      53 |     await expect(page.getByText("Total")).toBeVisible();
    > 54 |     await page.getByRole("button", { name: "Pay now" }).click();
         |                                                         ^
      55 |     await expect(page).toHaveURL(/\\/orders\\/ord_/);

        at /home/dev/sparrow/apps/e2e/specs/checkout.spec.ts:54:57

  1 failed
    [chromium] › specs/checkout.spec.ts:42:7 › checkout › pays with a saved card`, undefined, { kind: "test", where: "top" }],
  ["payNowGrep", "Bash", { command: "git log -S'Pay now' --format='%h %an %ad%n    %s' --date=short -- apps/web packages/ui" }, `9e31c7a Ilker Demir 2026-11-27
    copy(checkout): the pay button says "Place order" now (legal asked for it: the card is charged on dispatch, not on click)
4b0d2e8 Mira Kovac 2026-08-14
    feat(checkout): saved cards`, undefined, { kind: "build", where: "top" }],
  ["authFail", "Bash", { command: "pnpm --filter @sparrow/e2e exec playwright test specs/auth.spec.ts" }, `  1) [chromium] › specs/auth.spec.ts:18:5 › auth › magic link signs the user in ─────────────────────

    Error: Timed out 5000ms waiting for expect(page).toHaveURL(expected)

    Expected pattern: /\\/dashboard/
    Received string:  "https://sparrow-web-git-feat-checkout-v2-sparrow.vercel.app/login?error=SessionRequired"

    note: the response to /api/auth/callback/email set "sparrow.session" with Domain=.sparrow.app; the browser drops a
    cookie for another domain, so on *.vercel.app previews the session never sticks

  2) [webkit] › specs/auth.spec.ts:18:5 › auth › magic link signs the user in ───────────────────────
    (same error)

  2 failed`, undefined, { kind: "test", where: "top" }],
  ["envprev1", "Bash", ENV_PREVIEW_CMD, envPreview({ NEXT_PUBLIC_APP_URL: "https://$VERCEL_URL", NEXT_PUBLIC_FEATURE_CHECKOUT_V2: "true", AUTH_COOKIE_DOMAIN: ".sparrow.app", RATE_LIMIT_PER_MIN: "60", LOG_LEVEL: "debug", TRPC_MAX_BATCH_SIZE: "20" }), "envpreview", { kind: "app", where: "top" }],
  ["pw1", "Read", PW_READ, pwConfig("30_000", "5_000", 1, "pnpm --filter @sparrow/web dev"), "pwconfig", { kind: "code", where: "top" }],
  [null, "Edit", { file_path: `${S}/apps/e2e/specs/checkout.spec.ts`, old_string: 'getByRole("button", { name: "Pay now" })', new_string: 'getByRole("button", { name: "Place order" })' }, `The file ${S}/apps/e2e/specs/checkout.spec.ts has been updated.`, undefined, { kind: "code", where: "top" }],
  ["checkoutSlow", "Bash", { command: "pnpm --filter @sparrow/e2e exec playwright test specs/checkout.spec.ts --project=chromium --reporter=list" }, `  ✓  1 [setup] › global.setup.ts:6:1 › authenticate (3.8s)
  ✓  2 [chromium] › specs/checkout.spec.ts:42:7 › checkout › pays with a saved card (28.4s)
  ✓  3 [chromium] › specs/checkout.spec.ts:71:7 › checkout › applies a coupon (26.9s)
  ✓  4 [chromium] › specs/checkout.spec.ts:98:7 › checkout › shows shipping estimate (9.3s)
  (the first request to each route compiles it on the next dev server: /checkout alone took 19.2s to compile)

  4 passed (41.0s)`, undefined, { kind: "test", where: "top" }],
  ["pwBump1", "Bash", { command: "git commit -am 'e2e: test timeout 45s' && git log -1 --format='%h %s%n%n%b'" }, `[main 3c7d91a] e2e: test timeout 45s
 2 files changed, 2 insertions(+), 2 deletions(-)
3c7d91a e2e: test timeout 45s

checkout specs take ~28s on CI because next dev compiles /checkout on the first request
(19s of it); 30s left no headroom. Also: the pay button is "Place order" now.`, undefined, { kind: "build", where: "top" }],
  ["flaky1", "Bash", FLAKY_CMD, flaky("4 flaky\n    [chromium] › specs/search.spec.ts:27:5 › search › shows results for a query\n  16 passed (1.1m)", ["  ✘  3 [chromium] › specs/search.spec.ts:27:5 › search › shows results for a query (5.8s)", "    Error: Timed out 5000ms waiting for expect(locator).toHaveCount(expected)", "    Locator: getByTestId('search-result')", "    Expected: 3", "    Received: 8", "  ✓  3 [chromium] › specs/search.spec.ts:27:5 › search › shows results for a query (retry #1) (2.2s)"]), "flaky", { kind: "test", where: "bottom" }],
  ["vercel1", "Bash", VERCEL_LS, vercelLs([["14m", "https://sparrow-web-h2k9r0pzt-sparrow.vercel.app", "● Ready", "Preview", "1m 52s"], ["2h", "https://sparrow-web-8vbn3sd1e-sparrow.vercel.app", "● Ready", "Production", "2m 04s"], ["5h", "https://sparrow-web-ko0m2lx7a-sparrow.vercel.app", "● Error", "Preview", "48s"], ["1d", "https://sparrow-web-t5fw9q3cz-sparrow.vercel.app", "● Ready", "Production", "1m 58s"]]), "vercells", { kind: "app", where: "top" }],
  [null, "Edit", { file_path: `${S}/.nvmrc`, old_string: "20.11.1", new_string: "22.11.0" }, `The file ${S}/.nvmrc has been updated. (.github/workflows/ci.yml and e2e.yml node-version 20.11.1 -> 22.11.0 in the same change)`, undefined, { kind: "code", where: "top" }],
  ["node2", "Bash", NODE_CMD, nodeVer("22.11.0", "22.11.0", "22.11.0"), "nodever", { kind: "build", where: "top" }],
  ["node22fail", "Bash", { command: "gh run view 12044718305 --log-failed | tail -n 30" }, `build	Build	2026-12-02T09:14:51.0Z @sparrow/ui:build: > @sparrow/ui@0.0.0 prebuild /home/runner/work/sparrow/sparrow/packages/ui
build	Build	2026-12-02T09:14:51.1Z @sparrow/ui:build: > node scripts/build-tokens.mjs
build	Build	2026-12-02T09:14:51.3Z @sparrow/ui:build: file:///home/runner/work/sparrow/sparrow/packages/ui/scripts/build-tokens.mjs:3
build	Build	2026-12-02T09:14:51.3Z @sparrow/ui:build: import tokens from "../tokens/tokens.json" assert { type: "json" };
build	Build	2026-12-02T09:14:51.3Z @sparrow/ui:build:                                                ^^^^^^
build	Build	2026-12-02T09:14:51.3Z @sparrow/ui:build: SyntaxError: Unexpected identifier 'assert'
build	Build	2026-12-02T09:14:51.3Z @sparrow/ui:build:     at compileSourceTextModule (node:internal/modules/esm/utils:340:16)
build	Build	2026-12-02T09:14:51.3Z @sparrow/ui:build: Node.js v22.11.0
build	Build	2026-12-02T09:14:51.4Z @sparrow/ui:build:  ELIFECYCLE  Command failed with exit code 1.
build	Build	2026-12-02T09:14:51.5Z  ERROR  @sparrow/ui#build: command (/home/runner/work/sparrow/sparrow/packages/ui) /home/runner/setup-pnpm/node_modules/.bin/pnpm run build exited (1)
build	Build	2026-12-02T09:14:51.6Z  Tasks:    2 successful, 5 total
build	Build	2026-12-02T09:14:51.6Z Failed:    @sparrow/ui#build
(Node 22 dropped the old "assert" import attribute syntax; style-dictionary's own config loader in 3.9.2 uses it as well)`, undefined, { kind: "build", error: true, where: "top" }],
  [null, "Bash", { command: "gh run list --workflow ci.yml --limit 6" }, ghRuns([
    "X       chore: node 22.11.0                            ci        main                push          12044718305  2m11s    3 minutes ago",
    "✓       e2e: test timeout 45s                          ci        main                push          12043980112  6m48s    40 minutes ago",
    "✓       copy(checkout): Place order                    ci        main                push          12040177543  6m32s    2 hours ago",
    "✓       feat(checkout-v2): address autocomplete        ci        feat/checkout-v2    pull_request  12039911420  7m02s    3 hours ago",
    "X       feat(checkout-v2): address autocomplete        ci        feat/checkout-v2    pull_request  12039102287  3m55s    4 hours ago",
    "✓       deps: bump @sentry/nextjs to 8.38.0            ci        main                push          12031458809  6m40s    1 day ago",
  ]), undefined, { kind: "build", where: "top" }],
  ["node3", "Bash", { command: 'git revert --no-edit HEAD && node -v && cat .nvmrc && grep -n "node-version" .github/workflows/*.yml && pnpm -v' }, `[main 61f0b2c] Revert "chore: node 22.11.0"
 3 files changed, 3 insertions(+), 3 deletions(-)
${nodeVer("20.11.1", "20.11.1", "20.11.1")}`, "nodever", { kind: "build", where: "top" }],
  ["migFail", "Bash", { command: "pnpm --filter @sparrow/db exec prisma migrate deploy" }, `Environment variables loaded from ../../.env
Prisma schema loaded from prisma/schema.prisma
Datasource "db": MySQL database "sparrow" at "aws.connect.psdb.cloud"

13 migrations found in prisma/migrations

Applying migration \`20261202_add_order_status_idx\`
Error: P3018

A migration failed to apply. New migrations cannot be applied before the error is recovered from. Read more about how to resolve migration issues in a production database: https://pris.ly/d/migrate-resolve

Migration name: 20261202_add_order_status_idx

Database error code: 1105

Database error:
VT10001: foreign key constraints are not allowed

Please check the query number 2 from the migration file.`, undefined, { kind: "pg", error: true, where: "top" }],
  ["migStatus1", "Bash", MIG_STATUS, migStatus(`13 migrations found in prisma/migrations
Following migration have failed:
20261202_add_order_status_idx

During development if the failed migration(s) have not been deployed to a production database you can then fix the migration(s) and run prisma migrate dev.`), "migstatus", { kind: "pg", where: "top" }],
  [null, "Read", { file_path: `${S}/packages/db/prisma/migrations/20261202_add_order_status_idx/migration.sql` }, `   1\t-- AlterTable
   2\tALTER TABLE \`Order\` ADD COLUMN \`cartId\` VARCHAR(191) NULL;
   3\t
   4\t-- AddForeignKey
   5\tALTER TABLE \`Order\` ADD CONSTRAINT \`Order_cartId_fkey\` FOREIGN KEY (\`cartId\`) REFERENCES \`Cart\`(\`id\`) ON DELETE SET NULL ON UPDATE CASCADE;
   6\t
   7\t-- CreateIndex
   8\tCREATE INDEX \`Order_status_idx\` ON \`Order\`(\`status\`);`, undefined, { kind: "code", where: "top" }],
  ["migRename", "Bash", { command: "pnpm --filter @sparrow/db exec prisma migrate resolve --rolled-back 20261202_add_order_status_idx && git mv packages/db/prisma/migrations/20261202_add_order_status_idx packages/db/prisma/migrations/20261202101500_order_status_created_idx && git commit -m 'db: relationMode prisma; composite status/createdAt index' && git log -1 --format='%h %s%n%n%b'" }, `Migration 20261202_add_order_status_idx marked as rolled back.
[main 0d8a4f3] db: relationMode prisma; composite status/createdAt index
 3 files changed, 8 insertions(+), 7 deletions(-)
 rename packages/db/prisma/migrations/{20261202_add_order_status_idx => 20261202101500_order_status_created_idx}/migration.sql (61%)
0d8a4f3 db: relationMode prisma; composite status/createdAt index

PlanetScale rejects FOREIGN KEY constraints (VT10001), so schema.prisma gets relationMode = "prisma"
and the migration loses its ADD CONSTRAINT, keeping an index on cartId instead. Renamed because the
index is (status, createdAt) now and the old name stays in _prisma_migrations as rolled back; a full
timestamp also keeps it after 20261201173055_cart_expiry, which adds the Cart columns it relies on.`, undefined, { kind: "build", where: "top" }],
  ["migApply", "Bash", { command: "pnpm --filter @sparrow/db exec prisma migrate deploy" }, `Environment variables loaded from ../../.env
Prisma schema loaded from prisma/schema.prisma
Datasource "db": MySQL database "sparrow" at "aws.connect.psdb.cloud"

13 migrations found in prisma/migrations

Applying migration \`20261202101500_order_status_created_idx\`

The following migration(s) have been applied:

migrations/
  └─ 20261202101500_order_status_created_idx/
    └─ migration.sql

All migrations have been successfully applied.`, undefined, { kind: "pg", where: "top" }],
  ["migStatus2", "Bash", MIG_STATUS, migStatus("13 migrations found in prisma/migrations\n\nDatabase schema is up to date!"), "migstatus", { kind: "pg", where: "top" }],
  ["dr1", "Bash", DR_CMD, dr([["42", "order-status-idx", "No", "open", "pending", "2 minutes ago", "2 minutes ago"], ["41", "cart-expiry", "Yes", "closed", "complete", "1 day ago", "1 day ago"], ["40", "drop-legacy-coupons", "Yes", "closed", "complete", "6 days ago", "6 days ago"]]), "deployreq", { kind: "pg", where: "top" }],
  ["prisma1", "Bash", WHY_PRISMA, whyPrisma([`@sparrow/db@0.0.0 /home/dev/sparrow/packages/db

dependencies:
@prisma/client 5.14.0`, `@sparrow/api@0.0.0 /home/dev/sparrow/packages/api

dependencies:
@prisma/client 5.19.1
@sparrow/db link:../db
└── @prisma/client 5.14.0`]), "whyprisma", { kind: "build", where: "top" }],
  ["tsErrors", "Bash", { command: "pnpm turbo run typecheck --continue" }, `@sparrow/api:typecheck: src/routers/cart.ts(41,7): error TS2322: Type 'string | null' is not assignable to type 'string'.
@sparrow/api:typecheck:   Type 'null' is not assignable to type 'string'.
@sparrow/api:typecheck:  ELIFECYCLE  Command failed with exit code 2.
@sparrow/ui:typecheck: src/Button/Button.stories.tsx(12,3): error TS2322: Type '"ghost"' is not assignable to type '"primary" | "secondary" | "danger"'.
@sparrow/ui:typecheck:  ELIFECYCLE  Command failed with exit code 2.
@sparrow/web:typecheck: app/(shop)/checkout/page.tsx(88,19): error TS2339: Property 'cartId' does not exist on type 'Order'.
 Tasks:    3 successful, 6 total
Cached:    2 cached, 6 total
  Time:    38.412s
Failed:    @sparrow/api#typecheck, @sparrow/ui#typecheck, @sparrow/web#typecheck
(two versions of @prisma/client in the graph: api has 5.19.1 with its own generated client, which predates the cartId column)`, undefined, { kind: "build", error: true, where: "top" }],
  [null, "Bash", { command: "pnpm --filter @sparrow/api add @prisma/client@5.22.0 && pnpm --filter @sparrow/db add @prisma/client@5.22.0 prisma@5.22.0 -D && pnpm dedupe" }, `Packages: +2 -2
Progress: resolved 1482, reused 1440, downloaded 2, added 2, done
dependencies:
- @prisma/client 5.19.1
+ @prisma/client 5.22.0
devDependencies:
- prisma 5.14.0
+ prisma 5.22.0
Done in 9.8s`, undefined, { kind: "build", where: "top" }],
  ["prisma2", "Bash", WHY_PRISMA, whyPrisma([`@sparrow/db@0.0.0 /home/dev/sparrow/packages/db

dependencies:
@prisma/client 5.22.0`, `@sparrow/api@0.0.0 /home/dev/sparrow/packages/api

dependencies:
@prisma/client 5.22.0
@sparrow/db link:../db
└── @prisma/client 5.22.0`]), "whyprisma", { kind: "build", where: "top" }],
  ["build1", "Bash", NEXT_CMD, nextBuild([route("┌ ○", "/", "5.21 kB", "96.8 kB"), CHECKOUT_V1, route("├ ƒ", "/dashboard", "12.0 kB", "171 kB"), route("├ ƒ", "/orders/[id]", "3.88 kB", "118 kB"), route("├ ○", "/login", "2.14 kB", "94.1 kB"), route("└ ƒ", "/api/trpc/[trpc]", "0 B", "0 B")], "87.4 kB"), "nextbuild", { kind: "build", where: "top" }],
  ["pw2", "Read", PW_READ, pwConfig("45_000", "5_000", 1, "pnpm --filter @sparrow/web dev"), "pwconfig", { kind: "code", where: "top" }],
  ["streamLink", "Bash", { command: "git show --stat a7e20c4" }, `commit a7e20c4b19f0d3e6c28a55e1d07f9b3c4e2a8d61
Author: Ilker Demir <ilker@sparrow.app>
Date:   Tue Dec 2 14:22:09 2026 +0100

    feat(api): httpBatchStreamLink for the web client

    Dashboard fires 9 queries on load; streaming lets the fast ones render before
    orders.list finishes (p75 LCP 2.4s -> 1.6s on the preview).

 apps/web/src/trpc/react.tsx   | 14 ++++++++------
 packages/api/src/trpc.ts      |  6 ++++--
 2 files changed, 12 insertions(+), 8 deletions(-)`, undefined, { kind: "build", where: "top" }],
  ["cartFail", "Bash", { command: "pnpm --filter @sparrow/e2e exec playwright test specs/cart.spec.ts --project=chromium" }, `  1) [chromium] › specs/cart.spec.ts:61:5 › cart › bulk add from a saved list ──────────────────────

    Error: expect(received).toBe(expected)

    Expected: 200
    Received: 429

      68 |     const res = await page.waitForResponse(/\\/api\\/trpc\\/cart\\.addMany/);
    > 69 |     expect(res.status()).toBe(200);

    response body: {"error":{"json":{"message":"Too many requests: 60 per minute","code":-32029,"data":{"code":"TOO_MANY_REQUESTS","httpStatus":429,"path":"cart.addMany"}}}}

  1 failed
    [chromium] › specs/cart.spec.ts:61:5 › cart › bulk add from a saved list`, undefined, { kind: "test", where: "top" }],
  ["e2e2", "Bash", E2E_CMD, e2eRun("1 failed\n    [chromium] › specs/cart.spec.ts:61:5 › cart › bulk add from a saved list\n  1 flaky\n    [chromium] › specs/search.spec.ts:27:5 › search › shows results for a query\n  46 passed (3.4m)", ["  ✓  7 [chromium] › specs/checkout.spec.ts:42:7 › checkout › pays with a saved card (27.9s)", "  ✓  9 [chromium] › specs/auth.spec.ts:18:5 › auth › magic link signs the user in (4.0s)", "  ✘ 14 [chromium] › specs/cart.spec.ts:61:5 › cart › bulk add from a saved list (3.1s)"]), "e2erun", { kind: "test", where: "bottom" }],
  ["envprev2", "Bash", ENV_PREVIEW_CMD, envPreview({ NEXT_PUBLIC_APP_URL: "https://$VERCEL_URL", NEXT_PUBLIC_FEATURE_CHECKOUT_V2: "true", AUTH_COOKIE_DOMAIN: "", RATE_LIMIT_PER_MIN: "600", LOG_LEVEL: "debug", TRPC_MAX_BATCH_SIZE: "20" }), "envpreview", { kind: "app", where: "top" }],
  ["env1", "Bash", ENV_CMD, envFile({ NEXT_PUBLIC_APP_URL: "https://sparrow.app", NEXT_PUBLIC_FEATURE_CHECKOUT_V2: "false", AUTH_COOKIE_DOMAIN: ".sparrow.app", RATE_LIMIT_PER_MIN: "60", LOG_LEVEL: "info", TRPC_MAX_BATCH_SIZE: "20" }), "envprod", { kind: "app", where: "top" }],
  ["vercel2", "Bash", VERCEL_LS, vercelLs([["3m", "https://sparrow-web-m4xw0b8ke-sparrow.vercel.app", "● Ready", "Preview", "1m 49s"], ["26m", "https://sparrow-web-2lq8c5nye-sparrow.vercel.app", "● Ready", "Production", "2m 01s"], ["3h", "https://sparrow-web-h2k9r0pzt-sparrow.vercel.app", "● Ready", "Preview", "1m 52s"], ["5h", "https://sparrow-web-8vbn3sd1e-sparrow.vercel.app", "● Ready", "Production", "2m 04s"]]), "vercells", { kind: "app", where: "top" }],
  ["streamRevert", "Bash", { command: "git revert --no-edit a7e20c4 && git commit --amend && git log -1 --format='%h %s%n%n%b'" }, `[main 5f19d02] Revert "feat(api): httpBatchStreamLink for the web client"
 2 files changed, 8 insertions(+), 12 deletions(-)
5f19d02 Revert "feat(api): httpBatchStreamLink for the web client"

This reverts commit a7e20c4b19f0d3e6c28a55e1d07f9b3c4e2a8d61.

Why: with a streamed batch the response headers go out before the procedures run, so
auth.refresh can no longer set the rotated session cookie through responseMeta. Users got
logged out after 15 minutes on the dashboard. Back to httpBatchLink until refresh moves
to a route handler.`, undefined, { kind: "build", where: "top" }],
  ["err431", "Bash", { command: "vercel logs sparrow-web-2lq8c5nye-sparrow.vercel.app --since 30m | grep -v ' 200 ' | head -n 30" }, `2026-12-03T10:41:12.402Z  GET  431  /api/trpc/orders.list,orders.stats,cart.get,user.me,notifications.unread,coupons.active,addresses.list,shipping.zones,search.recent?batch=1&input=%7B%220%22%3A%7B%22json%22%3A%7B%22status%22%3A%5B%22PLACED%22%2C%22PACKED%22...
                          Request Header Fields Too Large (URL 9,412 chars)
2026-12-03T10:41:12.977Z  GET  431  /api/trpc/orders.list,orders.stats,cart.get,user.me,...  (URL 9,388 chars)
2026-12-03T10:42:03.115Z  GET  404  /favicon-32.png
(after the revert to httpBatchLink the dashboard's 9 queries go out as one GET batch again; with the saved filters in the input the URL is over the limit)`, undefined, { kind: "app", where: "top" }],
  [null, "Edit", { file_path: `${S}/apps/web/src/trpc/react.tsx`, old_string: '        httpBatchLink({\n          url: getUrl(),', new_string: '        httpBatchLink({\n          url: getUrl(),\n          maxURLLength: 2083, // split GET batches before Vercel answers 431\n          maxItems: 10,' }, `The file ${S}/apps/web/src/trpc/react.tsx has been updated.`, undefined, { kind: "code", where: "top" }],
  ["dr2", "Bash", DR_CMD, dr([["43", "coupon-usage-count", "No", "open", "pending", "5 minutes ago", "5 minutes ago"], ["42", "order-status-idx", "Yes", "closed", "complete", "1 day ago", "3 hours ago"], ["41", "cart-expiry", "Yes", "closed", "complete", "2 days ago", "2 days ago"]]), "deployreq", { kind: "pg", where: "top" }],
  ["flakyCause", "Read", { file_path: `${S}/apps/e2e/specs/search.spec.ts` }, `  27\ttest("shows results for a query", async ({ page }) => {
  28\t  await page.goto("/search");
  29\t  await page.getByRole("searchbox").fill("oat");
  30\t  await page.getByRole("searchbox").fill("oat milk 1l");
  31\t  // FLAKY: the list still shows the 8 results of "oat" until the 300ms debounce fires and search.query returns
  32\t  await expect(page.getByTestId("search-result")).toHaveCount(3);
  33\t});`, undefined, { kind: "code", where: "top" }],
  [null, "Edit", { file_path: `${S}/apps/e2e/specs/search.spec.ts`, old_string: '  await page.getByRole("searchbox").fill("oat milk 1l");', new_string: '  const results = page.waitForResponse((r) => r.url().includes("search.query") && r.url().includes("oat%20milk%201l"));\n  await page.getByRole("searchbox").fill("oat milk 1l");\n  await results;' }, `The file ${S}/apps/e2e/specs/search.spec.ts has been updated.`, undefined, { kind: "code", where: "top" }],
  ["flaky2", "Bash", FLAKY_CMD, flaky("20 passed (58.2s)", ["  ✓  3 [chromium] › specs/search.spec.ts:27:5 › search › shows results for a query (2.3s)", "  ✓  9 [chromium] › specs/search.spec.ts:27:5 › search › shows results for a query (2.1s)"]), "flaky", { kind: "test", where: "bottom" }],
  ["build2", "Bash", NEXT_CMD, nextBuild([route("┌ ○", "/", "5.21 kB", "96.8 kB"), CHECKOUT_V2, DASH_V2, route("├ ƒ", "/orders/[id]", "3.88 kB", "118 kB"), route("├ ○", "/login", "2.14 kB", "94.1 kB"), route("└ ƒ", "/api/trpc/[trpc]", "0 B", "0 B")], "87.4 kB"), "nextbuild", { kind: "build", where: "top" }],
  ["next2", "Bash", WHY_NEXT, whyNext("14.2.15"), "whynext", { kind: "build", where: "top" }],
  ["sb1", "Bash", SB_CMD, sbBuild("8.3.5", `info => Building preview..
info => Using implicit CSS loaders
WARN Storybook 8.3.5 found an incompatible version of @storybook/nextjs (8.4.7); run \`npx storybook@latest upgrade\`
info => Preview built (21 s)
info => Output directory: /home/dev/sparrow/packages/ui/storybook-static
(412 stories in 58 files)`), "sbbuild", { kind: "build", where: "top" }],
  ["cacheKey1", "Bash", CACHE_CMD, cacheYml("turbo-v1"), "cachekey", { kind: "build", where: "top" }],
  ["poisoned", "Bash", { command: "gh run view 12061203377 --log | grep -E 'cache|Cache|stale|/checkout' | head -n 20" }, `e2e (2/3)	Restore cache	Cache restored from key: turbo-v1-Linux-5d0f1e7c9a-3c7d91a2e0b4
e2e (2/3)	Build	@sparrow/web:build: cache hit, replaying logs 9a1c44e07b2f3d18
e2e (2/3)	Build	 Tasks:    9 successful, 9 total
e2e (2/3)	Build	Cached:    9 cached, 9 total
e2e (2/3)	Run e2e	  ✘ [chromium] › specs/checkout.spec.ts:42:7 › checkout › pays with a saved card
e2e (2/3)	Run e2e	    waiting for getByRole('button', { name: 'Place order' })
e2e (2/3)	Run e2e	    (the page still renders "Pay now": the .next output is from 3c7d91a)
note: turbo's hash for @sparrow/web:build does not include apps/web/messages/*.json (the copy change lives there), so
every run replays the .next build from before the copy change; the restore-keys prefix keeps pulling the same entry`, undefined, { kind: "build", where: "top" }],
  [null, "Edit", { file_path: `${S}/turbo.json`, old_string: '"inputs": ["src/**", "app/**", "public/**"]', new_string: '"inputs": ["src/**", "app/**", "public/**", "messages/**"]' }, `The file ${S}/turbo.json has been updated.`, undefined, { kind: "code", where: "top" }],
  ["cacheKey2", "Bash", CACHE_CMD, cacheYml("turbo-v2"), "cachekey", { kind: "build", where: "top" }],
  ["turbo2", "Bash", TURBO_CMD, turbo(0, 9, "4m02.115s", "@sparrow/web:build: cache miss, executing 71e0a3d9c4b28f56\n@sparrow/ui:build: cache miss, executing 2c8e5f0a1b9d7364"), "turbobuild", { kind: "build", where: "bottom" }],
  ["fnSize", "Bash", { command: "vercel inspect https://sparrow-web-m4xw0b8ke-sparrow.vercel.app --logs | tail -n 16" }, `2026-12-03T15:02:41.118Z  Collected static files (public/, static/, .next/static): 6.2ms
2026-12-03T15:02:44.900Z  Build Completed in /vercel/output [2m]
2026-12-03T15:02:45.210Z  Deploying outputs...
2026-12-03T15:02:52.774Z  Error: A Serverless Function has exceeded the unzipped maximum size of 250 MB. : https://vercel.link/serverless-function-size
2026-12-03T15:02:52.775Z  Large Dependencies                                          Uncompressed size
2026-12-03T15:02:52.775Z  node_modules/.pnpm/@prisma+client@5.22.0/node_modules/.prisma/client      142.91 MB
2026-12-03T15:02:52.775Z  node_modules/.pnpm/@prisma+engines@5.22.0                                    61.07 MB
2026-12-03T15:02:52.775Z  node_modules/.pnpm/next@14.2.15/node_modules/next                            38.40 MB
2026-12-03T15:02:52.776Z  Function: api/trpc/[trpc] (254.6 MB)
(the generated client ships query engines for all six binaryTargets added for the Docker image experiment)`, undefined, { kind: "build", error: true, where: "top" }],
  [null, "Edit", { file_path: `${S}/packages/db/prisma/schema.prisma`, old_string: '  binaryTargets = ["native", "rhel-openssl-3.0.x", "linux-musl-openssl-3.0.x", "linux-musl-arm64-openssl-3.0.x", "debian-openssl-3.0.x", "linux-arm64-openssl-3.0.x"]', new_string: '  binaryTargets = ["native", "rhel-openssl-3.0.x"]' }, `The file ${S}/packages/db/prisma/schema.prisma has been updated.`, undefined, { kind: "code", where: "top" }],
  ["vercel3", "Bash", VERCEL_LS, vercelLs([["2m", "https://sparrow-web-ab31nq9ws-sparrow.vercel.app", "● Ready", "Preview", "1m 55s"], ["1h", "https://sparrow-web-m4xw0b8ke-sparrow.vercel.app", "● Error", "Preview", "2m 12s"], ["4h", "https://sparrow-web-2lq8c5nye-sparrow.vercel.app", "● Ready", "Production", "2m 01s"], ["7h", "https://sparrow-web-h2k9r0pzt-sparrow.vercel.app", "● Ready", "Preview", "1m 52s"]]), "vercells", { kind: "app", where: "top" }],
  ["env2", "Bash", ENV_CMD, envFile({ NEXT_PUBLIC_APP_URL: "https://sparrow.app", NEXT_PUBLIC_FEATURE_CHECKOUT_V2: "false", AUTH_COOKIE_DOMAIN: ".sparrow.app", RATE_LIMIT_PER_MIN: "120", LOG_LEVEL: "info", TRPC_MAX_BATCH_SIZE: "10" }), "envprod", { kind: "app", where: "top" }],
  ["e2e3", "Bash", E2E_CMD, e2eRun("1 failed\n    [webkit] › specs/checkout-3ds.spec.ts:15:5 › checkout › 3DS challenge completes\n  47 passed (4.6m)", ["  ✓ 14 [chromium] › specs/cart.spec.ts:61:5 › cart › bulk add from a saved list (2.8s)", "  ✓ 11 [chromium] › specs/search.spec.ts:27:5 › search › shows results for a query (2.2s)", "  ✘ 31 [webkit] › specs/checkout-3ds.spec.ts:15:5 › checkout › 3DS challenge completes (45.0s)"]), "e2erun", { kind: "test", where: "bottom" }],
  ["threeDs", "Bash", { command: "pnpm --filter @sparrow/e2e exec playwright test specs/checkout-3ds.spec.ts --project=webkit --reporter=list" }, `  ✘  1 [webkit] › specs/checkout-3ds.spec.ts:15:5 › checkout › 3DS challenge completes (45.0s)

    Test timeout of 45000ms exceeded.

    Error: frameLocator('iframe[name^="__privateStripeFrame"]').getByRole('button', { name: 'Complete' }).click: Test timeout of 45000ms exceeded.

  timings from the trace: Stripe test-mode challenge iframe loaded after 31.8s, Complete clicked at 44.7s;
  a passing chromium run of the same spec took 52.3s end to end

  1 failed`, undefined, { kind: "test", where: "top" }],
  ["pwBump2", "Bash", { command: "git commit -am 'e2e: timeout 60s, expect 10s; web server is next start' && git log -1 --format='%h %s%n%n%b'" }, `[main b48e6d0] e2e: timeout 60s, expect 10s; web server is next start
 1 file changed, 3 insertions(+), 3 deletions(-)
b48e6d0 e2e: timeout 60s, expect 10s; web server is next start

next start instead of next dev: no more compile on first request. The remaining slow one is
checkout-3ds.spec on webkit, where the Stripe test-mode 3DS iframe alone needs ~32s to load
and the whole spec ~52s, so 45s is not enough.`, undefined, { kind: "build", where: "top" }],
  ["pw3", "Read", PW_READ, pwConfig("60_000", "10_000", 2, "pnpm --filter @sparrow/web build && pnpm --filter @sparrow/web start"), "pwconfig", { kind: "code", where: "top" }],
  ["cijob1", "Bash", CIJOB_CMD, ciJob(20), "cijob", { kind: "build", where: "top" }],
  ["tokensFix", "Bash", { command: "git show 2e7c0fa -- packages/ui/scripts/build-tokens.mjs packages/ui/package.json | head -n 30" }, `commit 2e7c0fa1d93b47e8a0c5f6d2b1e49a73c8d05f12
Author: Mira Kovac <mira@sparrow.app>
Date:   Thu Dec 4 09:40:51 2026 +0100

    ui: json import with "with", style-dictionary 4.2.0 (node 22 ready)

diff --git a/packages/ui/scripts/build-tokens.mjs b/packages/ui/scripts/build-tokens.mjs
-import tokens from "../tokens/tokens.json" assert { type: "json" };
+import tokens from "../tokens/tokens.json" with { type: "json" };
diff --git a/packages/ui/package.json b/packages/ui/package.json
-    "style-dictionary": "3.9.2",
+    "style-dictionary": "4.2.0",`, undefined, { kind: "build", where: "top" }],
  ["node4", "Bash", NODE_CMD, nodeVer("22.12.0", "22.12.0", "22.12.0"), "nodever", { kind: "build", where: "top" }],
  ["sb2", "Bash", SB_CMD, sbBuild("8.4.7", `info => Building preview..
info => Using implicit CSS loaders
info => Preview built (17 s)
info => Output directory: /home/dev/sparrow/packages/ui/storybook-static
(418 stories in 59 files)`), "sbbuild", { kind: "build", where: "top" }],
  ["e2eOther", "Bash", { command: "pnpm --filter @sparrow/e2e exec playwright test specs/orders.spec.ts specs/addresses.spec.ts --reporter=list" }, `  ✓  1 [setup] › global.setup.ts:6:1 › authenticate (2.9s)
  ✓  2 [chromium] › specs/orders.spec.ts:12:5 › orders › lists recent orders (3.1s)
  ✘  3 [chromium] › specs/addresses.spec.ts:33:5 › addresses › validates a postcode (10.0s)

    Error: Timed out 10000ms waiting for expect(locator).toHaveText(expected)
    Locator: getByRole('alert')
    Expected string: "Enter a valid postcode"
    Received string: "Please enter a valid postcode"

  ✓  4 [webkit] › specs/orders.spec.ts:12:5 › orders › lists recent orders (3.4s)
  1 failed, 3 passed (19.8s)`, undefined, { kind: "test", where: "top" }],
  ["cijob2", "Bash", CIJOB_CMD, ciJob(30), "cijob", { kind: "build", where: "top" }],
  ["build3", "Bash", NEXT_CMD, nextBuild([route("┌ ○", "/", "5.19 kB", "96.7 kB"), CHECKOUT_NOW, DASH_NOW, route("├ ƒ", "/orders/[id]", "3.91 kB", "118 kB"), route("├ ○", "/login", "2.14 kB", "94.0 kB"), route("└ ƒ", "/api/trpc/[trpc]", "0 B", "0 B")], "87.2 kB"), "nextbuild", { kind: "build", where: "top" }],
  ["dashGrew", "Bash", { command: "pnpm --filter @sparrow/web exec next experimental-analyze --route /dashboard | head -n 14" }, `/dashboard  client bundle (parsed)  203 kB first load
  recharts@2.13.3                                      27.9 kB  (new: RevenueChart in app/(shop)/dashboard/revenue.tsx)
  d3-shape@3.2.0 (via recharts)                         4.1 kB
  @tanstack/react-query@5.61.0                         12.4 kB
  date-fns@4.1.0                                        3.0 kB`, undefined, { kind: "build", where: "top" }],
  ["cacheKey3", "Bash", CACHE_CMD, cacheYml("turbo-v3"), "cachekey", { kind: "build", where: "top" }],
  ["cacheWhy3", "Bash", { command: "git log -1 --format='%h %s%n%n%b' -- .github/workflows/ci.yml" }, `e90b3d4 ci: cache key turbo-v3

The v2 entries were written by runs on the 22.11.0 attempt (node_modules/.cache built by
node 22 ABI) and restore-keys kept handing them to node 20 jobs: better-sqlite3 in the
e2e fixtures failed with NODE_MODULE_VERSION 127 vs 115. Node 22.12 everywhere now.`, undefined, { kind: "build", where: "top" }],
  ["env3", "Bash", ENV_CMD, envFile({ NEXT_PUBLIC_APP_URL: "https://sparrow.app", NEXT_PUBLIC_FEATURE_CHECKOUT_V2: "true", AUTH_COOKIE_DOMAIN: ".sparrow.app", RATE_LIMIT_PER_MIN: "240", LOG_LEVEL: "warn", TRPC_MAX_BATCH_SIZE: "10" }), "envprod", { kind: "app", where: "top" }],
  ["turbo3", "Bash", TURBO_CMD, turbo(9, 9, "1.204s >>> FULL TURBO", "@sparrow/web:build: cache hit, replaying logs 5be7d0c2a9f14e83\n@sparrow/ui:build: cache hit, replaying logs 0e4a7b9c3d2f1a65"), "turbobuild", { kind: "build", where: "bottom" }],
  ["vercel4", "Bash", VERCEL_LS, vercelLs([["4m", PREVIEW_NOW, "● Ready", "Preview", "1m 47s"], ["52m", "https://sparrow-web-r9d1kf6ph-sparrow.vercel.app", "● Ready", "Production", "1m 58s"], ["3h", "https://sparrow-web-ab31nq9ws-sparrow.vercel.app", "● Ready", "Preview", "1m 55s"], ["6h", "https://sparrow-web-m4xw0b8ke-sparrow.vercel.app", "● Error", "Preview", "2m 12s"]]), "vercells", { kind: "app", where: "top" }],
  ["e2e4", "Bash", E2E_CMD, e2eRun("1 skipped\n  47 passed (3.1m)", ["  ✓ 31 [webkit] › specs/checkout-3ds.spec.ts:15:5 › checkout › 3DS challenge completes (51.6s)", "  -  40 [webkit] › specs/addresses.spec.ts:33:5 › addresses › validates a postcode (skipped: copy pending)"]), "e2erun", { kind: "test", where: "bottom" }],
  ["dr3", "Bash", DR_CMD, dr([["43", "coupon-usage-count", "Yes", "closed", "complete", "2 days ago", "1 hour ago"], ["42", "order-status-idx", "Yes", "closed", "complete", "3 days ago", "2 days ago"]]), "deployreq", { kind: "pg", where: "top" }],
  [null, "Bash", { command: "git log --oneline -n 16" }, `e90b3d4 ci: cache key turbo-v3
a1f5c08 chore: node 22.12.0
2e7c0fa ui: json import with "with", style-dictionary 4.2.0 (node 22 ready)
b48e6d0 e2e: timeout 60s, expect 10s; web server is next start
7d3e9b1 web: RevenueChart on the dashboard
c02a6f4 db: binaryTargets native + rhel only (function under 250 MB)
9b6e1d7 ci: cache key turbo-v2, messages in turbo inputs
44c8a02 e2e: wait for the search.query response, not the debounce
f7a0b35 trpc: maxURLLength 2083, maxItems 10
5f19d02 Revert "feat(api): httpBatchStreamLink for the web client"
a7e20c4 feat(api): httpBatchStreamLink for the web client
3e91d5c deps: prisma 5.22.0 everywhere
0d8a4f3 db: relationMode prisma; composite status/createdAt index
61f0b2c Revert "chore: node 22.11.0"
3c7d91a e2e: test timeout 45s
9e31c7a copy(checkout): the pay button says "Place order" now`, undefined, { kind: "build", where: "top" }],
];
const sp = place(sparrowList, 214);

const sparrow = {
  name: "sparrow (held out 32)",
  sessionId: "c4d81f3a-6b2e-4f90-a715-38e9d0b2c6f4",
  cwd: S,
  turns: 214,
  seed: 32323,
  files: ["apps/web/app/(shop)/checkout/page.tsx", "apps/web/app/(shop)/dashboard/page.tsx", "apps/web/src/trpc/react.tsx", "apps/web/next.config.mjs", "apps/web/middleware.ts", "packages/api/src/trpc.ts", "packages/api/src/routers/cart.ts", "packages/api/src/routers/orders.ts", "packages/api/src/routers/search.ts", "packages/db/prisma/schema.prisma", "packages/db/src/client.ts", "packages/ui/src/Button/Button.tsx", "packages/ui/.storybook/main.ts", "apps/e2e/playwright.config.ts", "apps/e2e/specs/checkout.spec.ts", "turbo.json", ".github/workflows/ci.yml", ".github/workflows/e2e.yml"],
  otherTests: ["specs/orders.spec.ts", "specs/addresses.spec.ts", "specs/profile.spec.ts", "packages/api/src/routers/cart.test.ts", "packages/ui/src/Button/Button.test.tsx"],
  words: ["order", "cart", "checkout", "coupon", "address", "user", "session", "query", "mutation", "router", "procedure", "context", "input", "schema", "client", "page", "layout", "button", "story", "spec", "route", "item", "price", "status", "search"],
  grepWords: ["publicProcedure", "protectedProcedure", "useSuspenseQuery", "prisma.order", "TODO", "getServerSession"],
  testCommands: ["pnpm --filter @sparrow/api test", "pnpm --filter @sparrow/e2e exec playwright test specs/orders.spec.ts", "pnpm turbo run test --filter=@sparrow/ui"],
  buildCommands: ["pnpm turbo run lint", "pnpm --filter @sparrow/ui build", "pnpm turbo run typecheck --filter=@sparrow/api"],
  appCommands: ["pnpm --filter @sparrow/web dev", "vercel logs sparrow.app --since 10m", "pnpm --filter @sparrow/db exec prisma studio --browser none"],
  prompts: ["continue", "next", "ok go on", "keep going", "proceed", "ok", "go ahead", "carry on", "yep, next", "sounds good, continue"],
  facts: sp.facts,
  questions: [
    { kind: "state", prompt: "which node version are we on now, locally and in CI?", want: [{ key: "nodever", fact: "v22.12.0" }] },
    { kind: "state", prompt: "what did we bump the e2e timeout to in the end?", want: [{ key: "pwconfig", fact: "timeout: 60_000," }] },
    { kind: "state", prompt: "and the expect timeout in the playwright config, what's it set to now", want: [{ key: "pwconfig", fact: "expect: { timeout: 10_000 }" }] },
    { kind: "state", prompt: "what's the checkout page first load JS now?", want: [{ key: "nextbuild", fact: CHECKOUT_NOW }] },
    { kind: "state", prompt: "dashboard bundle size currently", want: [{ key: "nextbuild", fact: DASH_NOW }] },
    { kind: "state", prompt: "which next version is resolved in the workspace", want: [{ key: "whynext", fact: "next 14.2.15" }] },
    { kind: "state", prompt: "is there still more than one @prisma/client in the graph? which version", want: [{ key: "whyprisma", fact: "└── @prisma/client 5.22.0" }] },
    { kind: "state", prompt: "what's the latest preview deployment url", want: [{ key: "vercells", fact: PREVIEW_NOW }] },
    { kind: "state", prompt: "rate limit per minute in prod right now?", want: [{ key: "envprod", fact: 'RATE_LIMIT_PER_MIN="240"' }] },
    { kind: "state", prompt: "is checkout v2 switched on in production yet", want: [{ key: "envprod", fact: 'NEXT_PUBLIC_FEATURE_CHECKOUT_V2="true"' }] },
    { kind: "state", prompt: "what's the rate limit on previews set to", want: [{ key: "envpreview", fact: 'RATE_LIMIT_PER_MIN="600"' }] },
    { kind: "state", prompt: "what prefix is the actions cache key on now", want: [{ key: "cachekey", fact: "key: turbo-v3-${{ runner.os }}" }] },
    { kind: "state", prompt: "how long did the most recent turbo build take, was it cached?", want: [{ key: "turbobuild", fact: "Time:    1.204s >>> FULL TURBO" }] },
    { kind: "state", prompt: "how does the full e2e suite look right now", want: [{ key: "e2erun", fact: "47 passed (3.1m)" }] },
    { kind: "state", prompt: "search spec still flaky with repeat-each?", want: [{ key: "flaky", fact: "20 passed (58.2s)" }] },
    { kind: "state", prompt: "are the prisma migrations all applied on planetscale", want: [{ key: "migstatus", fact: "Database schema is up to date!" }] },
    { kind: "state", prompt: "is the coupon-usage-count deploy request through?", want: [{ key: "deployreq", fact: "coupon-usage-count        main          Yes        closed    complete" }] },
    { kind: "state", prompt: "which storybook version does the ui package build with now", want: [{ key: "sbbuild", fact: "@storybook/core v8.4.7" }] },
    { kind: "state", prompt: "e2e job timeout-minutes in the workflow?", want: [{ key: "cijob", fact: "timeout-minutes: 30" }] },
    { kind: "history", prompt: "which node version broke CI, and what was the error?", want: [{ turn: sp.T("node22fail"), fact: "SyntaxError: Unexpected identifier 'assert'" }] },
    { kind: "history", prompt: "why did the checkout spec fail at the start of the session", want: [{ turn: sp.T("checkoutFail"), fact: "waiting for getByRole('button', { name: 'Pay now' })" }] },
    { kind: "history", prompt: "who renamed the pay button and why", want: [{ turn: sp.T("payNowGrep"), fact: "legal asked for it: the card is charged on dispatch, not on click" }] },
    { kind: "history", prompt: "why was the magic link test failing on previews", want: [{ turn: sp.T("authFail"), fact: "so on *.vercel.app previews the session never sticks" }] },
    { kind: "history", prompt: "what error did planetscale give when the migration first failed", want: [{ turn: sp.T("migFail"), fact: "VT10001: foreign key constraints are not allowed" }] },
    { kind: "history", prompt: "why did we rename the order status migration instead of just fixing it", want: [{ turn: sp.T("migRename"), fact: "the old name stays in _prisma_migrations as rolled back" }] },
    { kind: "history", prompt: "what's the new name of that migration", want: [{ turn: sp.T("migApply"), fact: "20261202101500_order_status_created_idx" }] },
    { kind: "history", prompt: "why was the httpBatchStreamLink change reverted?", want: [{ turn: sp.T("streamRevert"), fact: "auth.refresh can no longer set the rotated session cookie" }] },
    { kind: "history", prompt: "how long were the trpc urls when vercel started returning 431", want: [{ turn: sp.T("err431"), fact: "URL 9,412 chars" }] },
    { kind: "history", prompt: "what was the root cause of the flaky search test", want: [{ turn: sp.T("flakyCause"), fact: "until the 300ms debounce fires" }] },
    { kind: "history", prompt: "why did the first timeout bump happen, 30 to 45", want: [{ turn: sp.T("pwBump1"), fact: "next dev compiles /checkout on the first request" }] },
    { kind: "history", prompt: "and the second one — why wasn't 45s enough?", want: [{ turn: sp.T("pwBump2"), fact: "the Stripe test-mode 3DS iframe alone needs ~32s to load" }] },
    { kind: "history", prompt: "why was the cart bulk add spec getting 429s", want: [{ turn: sp.T("cartFail"), fact: "Too many requests: 60 per minute" }] },
    { kind: "history", prompt: "how big was the trpc function when the deploy hit the 250 MB limit", want: [{ turn: sp.T("fnSize"), fact: "Function: api/trpc/[trpc] (254.6 MB)" }] },
    { kind: "history", prompt: "what made us bump the cache key to v3?", want: [{ turn: sp.T("cacheWhy3"), fact: "NODE_MODULE_VERSION 127 vs 115" }] },
    { kind: "history", prompt: "why did e2e keep seeing the old button text even after the copy fix", want: [{ turn: sp.T("poisoned"), fact: "does not include apps/web/messages/*.json" }] },
    { kind: "history", prompt: "what was the ts error in the api cart router", want: [{ turn: sp.T("tsErrors"), fact: "src/routers/cart.ts(41,7): error TS2322: Type 'string | null' is not assignable to type 'string'." }] },
    { kind: "history", prompt: "how heavy was /checkout before the stripe elements got lazy loaded", want: [{ turn: sp.T("build1"), fact: CHECKOUT_V1 }] },
    { kind: "multi", prompt: "current node version + which storybook we're on", want: [{ key: "nodever", fact: "v22.12.0" }, { key: "sbbuild", fact: "@storybook/core v8.4.7" }] },
    { kind: "multi", prompt: "playwright test timeout and the job's timeout-minutes, both current", want: [{ key: "pwconfig", fact: "timeout: 60_000," }, { key: "cijob", fact: "timeout-minutes: 30" }] },
    { kind: "multi", prompt: "latest preview url and is checkout v2 on in prod?", want: [{ key: "vercells", fact: PREVIEW_NOW }, { key: "envprod", fact: 'NEXT_PUBLIC_FEATURE_CHECKOUT_V2="true"' }] },
    { kind: "multi", prompt: "cache key prefix now and how long the last turbo build took", want: [{ key: "cachekey", fact: "key: turbo-v3-${{ runner.os }}" }, { key: "turbobuild", fact: "Time:    1.204s >>> FULL TURBO" }] },
    { kind: "multi", prompt: "e2e suite status + migration status", want: [{ key: "e2erun", fact: "47 passed (3.1m)" }, { key: "migstatus", fact: "Database schema is up to date!" }] },
    { kind: "multi", prompt: "why the migration failed on planetscale and why we reverted the stream link", want: [{ turn: sp.T("migFail"), fact: "VT10001: foreign key constraints are not allowed" }, { turn: sp.T("streamRevert"), fact: "auth.refresh can no longer set the rotated session cookie" }] },
    { kind: "none", prompt: "thanks, that's enough for today" },
    { kind: "none", prompt: "in general, when would you pick tRPC over a plain REST API?" },
    { kind: "none", prompt: "what's the difference between app router server actions and route handlers, roughly" },
    { kind: "none", prompt: "grabbing a coffee, back in 10" },
    { kind: "none", prompt: "quick ts question: satisfies vs a type annotation, when does it matter" },
  ],
};

// ---------------------------------------------------------------------------------------------------------------
// defne

const D = "/home/dev/defne-data";
const SNOW = "snowsql -c prod -o output_format=psql -o friendly=false -o timing=false";

const whRow = (name, state, size, suspend, running, queued) => `| ${name.padEnd(14)}| ${state.padEnd(10)}| STANDARD | ${size.padEnd(9)}| 1                 | ${name === "BI_WH" ? "3" : "1"}                 | ${String(running).padEnd(8)}| ${String(queued).padEnd(7)}| ${String(suspend).padEnd(13)}| true        | ${name === "TRANSFORM_WH" ? "TRANSFORMER" : name === "LOADING_WH" ? "FIVETRAN_ROLE" : "BI_READER"}`;
const warehouses = (transform, loading = ["XSMALL", 60], bi = ["SMALL", 300]) => `+---------------+-----------+----------+----------+-------------------+-------------------+---------+--------+--------------+-------------+---------------
| name          | state     | type     | size     | min_cluster_count | max_cluster_count | running | queued | auto_suspend | auto_resume | owner
+---------------+-----------+----------+----------+-------------------+-------------------+---------+--------+--------------+-------------+---------------
${whRow("BI_WH", "SUSPENDED", bi[0], bi[1], 0, 0)}
${whRow("LOADING_WH", "STARTED", loading[0], loading[1], 1, 0)}
${whRow("TRANSFORM_WH", transform[2] ?? "STARTED", transform[0], transform[1], 2, 0)}
+---------------+-----------+----------+----------+-------------------+-------------------+---------+--------+--------------+-------------+---------------
3 Row(s) produced.`;
const WH_CMD = { command: `${SNOW} -q "SHOW WAREHOUSES LIKE '%_WH'"` };

const dagDetails = (schedule, catchup, maxActive, tags) => `property                 | value
=========================+=====================================================================
dag_id                   | orders_daily
description              | Fivetran (shopify, stripe, app db) -> dbt build tag:daily -> GX checkpoint
fileloc                  | /usr/local/airflow/dags/orders_daily.py
is_paused                | False
is_active                | True
owners                   | data-eng
schedule_interval        | ${schedule}
timetable_description    | ${schedule === "0 3 * * *" ? "At 03:00" : schedule === "30 4 * * *" ? "At 04:30" : "At 05:15"}
max_active_runs          | ${maxActive}
max_active_tasks         | 16
catchup                  | ${catchup}
tags                     | ${tags}
timezone                 | UTC
last_parsed_time         | 2026-12-0${schedule === "0 3 * * *" ? 1 : schedule === "30 4 * * *" ? 2 : 4}T08:11:40+00:00`;
const DAG_CMD = { command: "./scripts/mwaa-cli.sh dags details orders_daily -o plain" };

const defaultsPy = (retries, delay, backoff, timeout) => `   1\tfrom datetime import timedelta
   2\t
   3\tfrom common.alerts import slack_on_failure
   4\t
   5\tDEFAULT_ARGS = {
   6\t    "owner": "data-eng",
   7\t    "depends_on_past": False,
   8\t    "retries": ${retries},
   9\t    "retry_delay": timedelta(minutes=${delay}),
  10\t    "retry_exponential_backoff": ${backoff},
  11\t    "max_retry_delay": timedelta(minutes=45),
  12\t    "execution_timeout": timedelta(hours=${timeout}),
  13\t    "on_failure_callback": slack_on_failure("#data-alerts"),
  14\t    "pool": "snowflake",
  15\t}`;
const DEFAULTS_READ = { file_path: `${D}/dags/common/defaults.py` };

const dbtRun = (lines, done) => `05:31:02  Running with dbt=1.8.8
05:31:04  Registered adapter: snowflake=1.8.4
05:31:06  Found 214 models, 1 snapshot, 612 data tests, 38 sources, 1203 macros
05:31:06
05:31:09  Concurrency: 8 threads (target='prod')
05:31:09
${lines.join("\n")}
05:58:44
05:58:44  Finished running 214 models, 612 data tests, 1 snapshot in 0 hours 27 minutes and 38.21 seconds (1658.21s).
05:58:45
${done}`;
const DBT_CMD = { command: "dbt build --target prod --select tag:daily" };

const resMon = (quota, used, remaining, notify) => `+--------------------+--------------+--------------+-------------------+------------------+-------+-----------+-------------+-----------------------------+
| name               | credit_quota | used_credits | remaining_credits | level            | frequency | start_time  | notify_at | suspend_at / immediately    |
+--------------------+--------------+--------------+-------------------+------------------+-------+-----------+-------------+-----------------------------+
| MONTHLY_TRANSFORM  | ${quota.padEnd(13)}| ${used.padEnd(13)}| ${remaining.padEnd(18)}| WAREHOUSE        | MONTHLY   | 2026-12-01  | ${notify.padEnd(10)}| 100% / 110%                 |
| MONTHLY_BI         | 120.00       | 14.82        | 105.18            | WAREHOUSE        | MONTHLY   | 2026-12-01  | 75%,90%   | 100% / -                    |
| ACCOUNT_CAP        | 1500.00      | 212.40       | 1287.60           | ACCOUNT          | MONTHLY   | 2026-12-01  | 80%       | - / -                       |
+--------------------+--------------+--------------+-------------------+------------------+-------+-----------+-------------+-----------------------------+`;
const RM_CMD = { command: `${SNOW} -q "SHOW RESOURCE MONITORS"` };

const connector = (status, setup, freq, succeeded, failed, tasks) => `{
  "id": "hubspot_crm_prod",
  "service": "hubspot",
  "schema": "hubspot",
  "paused": false,
  "sync_frequency": ${freq},
  "schedule_type": "auto",
  "status": {
    "setup_state": "${setup}",
    "sync_state": "scheduled",
    "update_state": "on_schedule",
    "is_historical_sync": false,
    "tasks": ${tasks},
    "warnings": []
  },
  "succeeded_at": "${succeeded}",
  "failed_at": ${failed},
  "connected_by": "ops_fivetran",
  "data_delay_threshold": 0,
  "connector_status": "${status}"
}`;
const FT_CMD = { command: 'curl -s -u "$FIVETRAN_KEY:$FIVETRAN_SECRET" https://api.fivetran.com/v1/connectors/hubspot_crm_prod | jq \'.data | {id, service, schema, paused, sync_frequency, schedule_type, status, succeeded_at, failed_at, connected_by, data_delay_threshold, connector_status: .status.setup_state}\'' };

const mwaaEnv = (cls, maxW, version, status, updated) => `{
    "Environment": {
        "Name": "defne-prod",
        "Arn": "arn:aws:airflow:eu-central-1:736910245518:environment/defne-prod",
        "AirflowVersion": "${version}",
        "EnvironmentClass": "${cls}",
        "MinWorkers": 1,
        "MaxWorkers": ${maxW},
        "Schedulers": 2,
        "Status": "${status}",
        "DagS3Path": "dags/",
        "RequirementsS3Path": "requirements/requirements.txt",
        "StartupScriptS3Path": "startup.sh",
        "WebserverAccessMode": "PRIVATE_ONLY",
        "AirflowConfigurationOptions": {
            "celery.worker_autoscale": "${cls === "mw1.small" ? "5,5" : "10,10"}",
            "core.default_task_retries": "0",
            "scheduler.min_file_process_interval": "60"
        },
        "LastUpdate": {
            "Status": "SUCCESS",
            "CreatedAt": "${updated}"
        }
    }
}`;
const MWAA_CMD = { command: "aws mwaa get-environment --name defne-prod --query '{Environment: Environment.{Name:Name,Arn:Arn,AirflowVersion:AirflowVersion,EnvironmentClass:EnvironmentClass,MinWorkers:MinWorkers,MaxWorkers:MaxWorkers,Schedulers:Schedulers,Status:Status,DagS3Path:DagS3Path,RequirementsS3Path:RequirementsS3Path,StartupScriptS3Path:StartupScriptS3Path,WebserverAccessMode:WebserverAccessMode,AirflowConfigurationOptions:AirflowConfigurationOptions,LastUpdate:LastUpdate}}'" };

const pools = (sf, fivetran) => `pool          | slots | description                                        | include_deferred
==============+=======+====================================================+=================
default_pool  | 128   | Default pool                                       | False
fivetran      | ${String(fivetran).padEnd(6)}| Fivetran sync sensors (API rate limit)             | True
snowflake     | ${String(sf).padEnd(6)}| dbt + Snowflake operators (TRANSFORM_WH queue)      | False`;
const POOLS_CMD = { command: "./scripts/mwaa-cli.sh pools list -o plain" };

const gx = (success, rows) => `Checkpoint: orders_daily_checkpoint   run_id: 2026-12-0${success ? 5 : 1}T05:59:12Z
Data asset: ANALYTICS.MARTS.FCT_ORDERS   batch: order_date = yesterday
success: ${success}
statistics: { evaluated_expectations: 14, successful_expectations: ${14 - rows.length}, unsuccessful_expectations: ${rows.length}, success_percent: ${(((14 - rows.length) / 14) * 100).toFixed(1)} }
${rows.length ? `failed:\n${rows.join("\n")}` : "failed: (none)"}`;
const GX_CMD = { command: "great_expectations checkpoint run orders_daily_checkpoint --output-format text" };

const dbtVer = (core, sf) => `Core:
  - installed: ${core}
  - latest:    1.8.8 - ${core === "1.8.8" ? "Up to date!" : "Update available!"}

  Your version of dbt-core is ${core === "1.8.8" ? "up to date!" : "out of date!"}
  You can find instructions for upgrading here:
  https://docs.getdbt.com/docs/installation

Plugins:
  - snowflake: ${sf} - ${sf === "1.8.4" ? "Up to date!" : "Update available!"}`;
const DBTVER_CMD = { command: "dbt --version" };

const describe = (tierCol) => `+----------------------+-------------------+--------+-------+---------+-------------+
| name                 | type              | kind   | null? | default | primary key |
+----------------------+-------------------+--------+-------+---------+-------------+
| CUSTOMER_ID          | NUMBER(38,0)      | COLUMN | N     | NULL    | Y           |
| EMAIL_HASH           | VARCHAR(64)       | COLUMN | Y     | NULL    | N           |
| COUNTRY_CODE         | VARCHAR(2)        | COLUMN | Y     | NULL    | N           |
| ${tierCol.padEnd(21)}| VARCHAR(32)       | COLUMN | Y     | NULL    | N           |
| FIRST_ORDER_AT       | TIMESTAMP_NTZ(9)  | COLUMN | Y     | NULL    | N           |
| LIFETIME_ORDERS      | NUMBER(18,0)      | COLUMN | Y     | NULL    | N           |
| LIFETIME_REVENUE_EUR | NUMBER(38,2)      | COLUMN | Y     | NULL    | N           |
| HUBSPOT_OWNER_ID     | VARCHAR(32)       | COLUMN | Y     | NULL    | N           |
| _LOADED_AT           | TIMESTAMP_NTZ(9)  | COLUMN | Y     | NULL    | N           |
+----------------------+-------------------+--------+-------+---------+-------------+`;
const DESC_CMD = { command: `${SNOW} -q "DESCRIBE TABLE ANALYTICS.MARTS.DIM_CUSTOMERS"` };

const stmt = (secs) => `+-------------------------------+-------+---------+-----------+-------------------------------------------------------------+--------+
| key                           | value | default | level     | description                                                 | type   |
+-------------------------------+-------+---------+-----------+-------------------------------------------------------------+--------+
| STATEMENT_QUEUED_TIMEOUT_IN_SECONDS | 0 | 0     |           | Timeout in seconds for queued statements                    | NUMBER |
| STATEMENT_TIMEOUT_IN_SECONDS  | ${String(secs).padEnd(6)}| 172800  | WAREHOUSE | Timeout in seconds for statements: statements are canceled  | NUMBER |
+-------------------------------+-------+---------+-----------+-------------------------------------------------------------+--------+`;
const STMT_CMD = { command: `${SNOW} -q "SHOW PARAMETERS LIKE 'STATEMENT%' IN WAREHOUSE TRANSFORM_WH"` };

const SLOW_ROW = "| fct_orders                | TRANSFORM_WH | X-Small | 41m 12s  | 38.2 GB                     | 0.0 GB";

const defneList = [
  ["wh1", "Bash", WH_CMD, warehouses(["X-Small", 600]), "warehouse", { kind: "app", where: "top" }],
  ["dag1", "Bash", DAG_CMD, dagDetails("0 3 * * *", "False", 1, "['daily', 'orders', 'tier-1']"), "dagsched", { kind: "app", where: "top" }],
  ["defaults1", "Read", DEFAULTS_READ, defaultsPy(1, 5, "False", 2), "defaults", { kind: "code", where: "top" }],
  ["slowQ", "Bash", { command: `${SNOW} -f sql/ops/slowest_dbt_models_7d.sql` }, `+---------------------------+--------------+---------+----------+-----------------------------+-----------------
| dbt_model                 | warehouse    | size    | p95      | bytes_spilled_local (avg)   | bytes_spilled_remote
+---------------------------+--------------+---------+----------+-----------------------------+-----------------
${SLOW_ROW}
| int_sessions              | TRANSFORM_WH | X-Small | 17m 40s  | 11.9 GB                     | 0.0 GB
| fct_revenue_daily         | TRANSFORM_WH | X-Small | 6m 03s   | 0.4 GB                      | 0.0 GB
| dim_customers             | TRANSFORM_WH | X-Small | 2m 51s   | 0.0 GB                      | 0.0 GB
+---------------------------+--------------+---------+----------+-----------------------------+-----------------
(orders_daily misses the 06:00 SLA for the finance dashboard on 5 of the last 7 days)`, undefined, { kind: "app", where: "top" }],
  ["wh2", "Bash", { command: `${SNOW} -q "ALTER WAREHOUSE TRANSFORM_WH SET WAREHOUSE_SIZE = MEDIUM" && ${SNOW} -q "SHOW WAREHOUSES LIKE '%_WH'"` }, warehouses(["Medium", 600]), "warehouse", { kind: "app", where: "top" }],
  ["rm1", "Bash", RM_CMD, resMon("300.00", "96.40", "203.60", "80%"), "resmon", { kind: "app", where: "top" }],
  ["stripeFail", "Bash", { command: "dbt build --target prod --select stg_stripe__payments+" }, `05:41:18  1 of 9 START sql view model staging.stg_stripe__payments ....................... [RUN]
05:41:19  1 of 9 ERROR creating sql view model staging.stg_stripe__payments .............. [ERROR in 1.02s]
05:41:20  Completed with 1 error, 0 partial successes, and 0 warnings:
05:41:20
05:41:20    Database Error in model stg_stripe__payments (models/staging/stripe/stg_stripe__payments.sql)
  100038 (22018): Numeric value 'N/A' is not recognized
  compiled code at target/run/defne/models/staging/stripe/stg_stripe__payments.sql
05:41:20
05:41:20  note: fee_amount comes from balance_transactions.fee; Stripe sends 'N/A' for the new payout reversals since Nov 30
05:41:20  Done. PASS=0 WARN=0 ERROR=1 SKIP=8 TOTAL=9`, undefined, { kind: "build", error: true, where: "top" }],
  [null, "Edit", { file_path: `${D}/dbt/models/staging/stripe/stg_stripe__payments.sql`, old_string: "    fee::number(18,2) as fee_amount,", new_string: "    try_to_number(fee, 18, 2) as fee_amount,  -- 'N/A' on payout reversals" }, `The file ${D}/dbt/models/staging/stripe/stg_stripe__payments.sql has been updated.`, undefined, { kind: "code", where: "top" }],
  ["dbt1", "Bash", DBT_CMD, dbtRun(["05:33:12  41 of 827 OK created sql incremental model marts.fct_orders ............... [SUCCESS 1 in 612.40s]", "05:51:40  302 of 827 FAIL 1204 unique_int_sessions_session_id .......................... [FAIL 1204 in 8.11s]"], "Completed with 1 error, 0 partial successes, and 3 warnings:\n\nFailure in test unique_int_sessions_session_id (models/intermediate/_int__models.yml)\n  Got 1204 results, configured to fail if != 0\n\nDone. PASS=821 WARN=3 ERROR=1 SKIP=2 TOTAL=827"), "dbtbuild", { kind: "build", where: "bottom" }],
  ["sessionsDup", "Bash", { command: `${SNOW} -q "select session_id, count(*), array_agg(distinct _source) from analytics.intermediate.int_sessions group by 1 having count(*) > 1 limit 5"` }, `+--------------------------------------+----------+-----------------------------------+
| SESSION_ID                           | COUNT(*) | ARRAY_AGG(DISTINCT _SOURCE)       |
+--------------------------------------+----------+-----------------------------------+
| 0b1f9e2c-4d77-4a1e-9c35-8e2f6a7d1b40 | 2        | ["ga4_web", "segment_ios"]        |
| 1e7a3c58-92bd-4f0e-a4c1-5d6b8e9f2a13 | 2        | ["ga4_web", "segment_ios"]        |
| 3d2c9f01-7b6e-48a5-b1d0-c4e7a8f95b26 | 2        | ["ga4_web", "segment_ios"]        |
+--------------------------------------+----------+-----------------------------------+
(the iOS app started sending its webview sessions through Segment on Nov 28 with the same session_id GA4 already has)`, undefined, { kind: "app", where: "top" }],
  ["dag2", "Bash", DAG_CMD, dagDetails("30 4 * * *", "False", 1, "['daily', 'orders', 'tier-1']"), "dagsched", { kind: "app", where: "top" }],
  ["dagWhy2", "Bash", { command: "git log -1 --format='%h %an %ad%n    %s%n%n%b' --date=short -- dags/orders_daily.py" }, `7c40e1d Defne Yilmaz 2026-12-02
    orders_daily: 04:30 UTC

The Shopify connector's 03:00 sync regularly finishes after 03:40 since the product
catalogue import doubled, so the 03:00 run read yesterday's orders half-loaded.`, undefined, { kind: "build", where: "top" }],
  ["backfill1", "Bash", { command: "./scripts/mwaa-cli.sh dags backfill orders_daily -s 2026-10-01 -e 2026-10-31 --reset-dagruns -y" }, `[2026-12-02T10:02:11.448+0000] {dagbag.py:588} INFO - Filling up the DagBag from /usr/local/airflow/dags
[2026-12-02T10:02:14.902+0000] {backfill_job_runner.py:445} INFO - [backfill progress] | finished run 0 of 31 | tasks waiting: 124 | succeeded: 0 | running: 4 | failed: 0 | skipped: 0 | deadlocked: 0 | not ready: 120
[2026-12-02T12:47:30.117+0000] {backfill_job_runner.py:445} INFO - [backfill progress] | finished run 31 of 31 | tasks waiting: 0 | succeeded: 124 | running: 0 | failed: 0 | skipped: 0 | deadlocked: 0 | not ready: 0
[2026-12-02T12:47:30.120+0000] {backfill_job_runner.py:912} INFO - Backfill done for DAG <DAG: orders_daily>. Exiting.
backfill range 2026-10-01 .. 2026-10-31 (fee_amount was NULL for every reversal in October)`, undefined, { kind: "app", where: "top" }],
  ["wh3", "Bash", { command: `${SNOW} -q "ALTER WAREHOUSE TRANSFORM_WH SET WAREHOUSE_SIZE = LARGE" && ${SNOW} -q "SHOW WAREHOUSES LIKE '%_WH'"` }, warehouses(["Large", 600]), "warehouse", { kind: "app", where: "top" }],
  ["rm2", "Bash", { command: `${SNOW} -q "ALTER RESOURCE MONITOR MONTHLY_TRANSFORM SET CREDIT_QUOTA = 500" && ${SNOW} -q "SHOW RESOURCE MONITORS"` }, resMon("500.00", "241.90", "258.10", "80%"), "resmon", { kind: "app", where: "top" }],
  ["rmWhy", "Bash", { command: "gh issue view 318 --comments | head -n 30" }, `title:	Raise MONTHLY_TRANSFORM quota for the October backfill
state:	CLOSED
author:	defne-y
labels:	snowflake, cost
--
The backfill on LARGE burns ~8 credits/hour; with 241.9 used on Dec 2 the monitor would suspend
TRANSFORM_WH at 300 in the middle of the run. Approved by Kerem (finance): 500 for December,
back down to 400 once the backfill is done.`, undefined, { kind: "build", where: "top" }],
  ["oom", "Bash", { command: "aws logs filter-log-events --log-group-name airflow-defne-prod-Worker --filter-pattern '\"SIGKILL\"' --start-time $(date -d '-1 day' +%s000) --query 'events[].message' --output text | head -n 12" }, `[2026-12-02 11:58:07,312: ERROR/MainProcess] Process 'ForkPoolWorker-3' pid:1842 exited with 'signal 9 (SIGKILL)'
[2026-12-02 11:58:07,315: ERROR/MainProcess] Task handler raised error: WorkerLostError('Worker exited prematurely: signal 9 (SIGKILL) Job: 412.')
  task: orders_daily.dbt_build_daily  run_id: backfill__2026-10-17T03:00:00+00:00
[2026-12-02 12:09:41,006: ERROR/MainProcess] Process 'ForkPoolWorker-1' pid:1907 exited with 'signal 9 (SIGKILL)'
  task: marketing_attribution.dbt_build_attribution  run_id: scheduled__2026-12-02T06:00:00+00:00
(mw1.small workers have 2 GB; dbt's manifest parse for 214 models plus the backfill's 4 concurrent runs exceed it)`, undefined, { kind: "app", where: "top" }],
  ["mwaa1", "Bash", MWAA_CMD, mwaaEnv("mw1.small", 5, "2.8.1", "AVAILABLE", "2026-09-14T08:20:11+00:00"), "mwaaenv", { kind: "app", where: "top" }],
  ["tfMwaa", "Bash", { command: "terraform -chdir=infra/envs/prod plan -target=module.mwaa" }, `module.mwaa.aws_mwaa_environment.this: Refreshing state... [id=defne-prod]

Terraform will perform the following actions:

  # module.mwaa.aws_mwaa_environment.this will be updated in-place
  ~ resource "aws_mwaa_environment" "this" {
      ~ environment_class  = "mw1.small" -> "mw1.medium"
      ~ max_workers        = 5 -> 10
        name               = "defne-prod"
      ~ airflow_configuration_options = {
          ~ "celery.worker_autoscale" = "5,5" -> "10,10"
            # (2 unchanged elements hidden)
        }
        # (14 unchanged attributes hidden)
    }

Plan: 0 to add, 1 to change, 0 to destroy.`, undefined, { kind: "build", where: "top" }],
  ["mwaa2", "Bash", MWAA_CMD, mwaaEnv("mw1.medium", 10, "2.8.1", "AVAILABLE", "2026-12-02T14:31:09+00:00"), "mwaaenv", { kind: "app", where: "top" }],
  ["pools1", "Bash", POOLS_CMD, pools(8, 4), "pools", { kind: "app", where: "top" }],
  ["defaults2", "Read", DEFAULTS_READ, defaultsPy(3, 5, "True", 2), "defaults", { kind: "code", where: "top" }],
  ["retryWhy", "Bash", { command: "git log -1 --format='%h %an%n    %s%n%n%b' -- dags/common/defaults.py" }, `b1d9e70 Defne Yilmaz
    defaults: retries 3 with exponential backoff

Snowflake returns 390114 (authentication token has expired) for long MWAA tasks about once a
week and a single retry 5 minutes later hit the same stale connection pool; three retries with
backoff get a fresh session.`, undefined, { kind: "build", where: "top" }],
  ["hub1", "Bash", FT_CMD, connector("broken", "broken", 360, "2026-11-29T06:02:44.118Z", '"2026-12-02T12:00:51.902Z"', '[{ "code": "permission_denied", "message": "HubSpot returned 403: This app hasn\'t been granted all required scopes to make this call. Missing scope: crm.objects.deals.read" }]'), "hubspot", { kind: "app", where: "top" }],
  ["hubWhy", "Bash", { command: "gh pr view 241 --json title,body -q '.title + \"\\n\\n\" + .body'" }, `hubspot: reconnect with the private app token (deals scope)

The HubSpot admin moved us from the legacy API key to a private app on Nov 28 and only
granted contacts + companies. Fivetran has failed with 403 on deals since. New private app
"fivetran-prod" has crm.objects.deals.read; reconnected in the Fivetran UI by Deniz.`, undefined, { kind: "build", where: "top" }],
  ["gx1", "Bash", GX_CMD, gx(false, ["  - expect_column_values_to_not_be_null(column=customer_id): unexpected_count 1204, unexpected_percent 3.1%", "  - expect_column_values_to_be_between(column=fee_amount, min_value=0): unexpected_count 57"]), "gx", { kind: "app", where: "top" }],
  ["tierRename", "Bash", { command: `${SNOW} -q "select column_name, data_type, count_if(true) over () from raw.app_postgres.information_schema.columns where table_name = 'CUSTOMERS' and column_name ilike '%TIER%'" && cat /tmp/fivetran-schema-change.txt` }, `+---------------+-----------+
| COLUMN_NAME   | DATA_TYPE |
+---------------+-----------+
| TIER          | TEXT      |
| LOYALTY_TIER  | TEXT      |
+---------------+-----------+
Fivetran schema change log, connector app_postgres_prod (2026-12-03 02:14 UTC):
  public.customers: new column loyalty_tier (text); column tier no longer present in source, kept in destination (values stop updating)
note: app team migration 2026_12_02_rename_customer_tier renamed customers.tier -> customers.loyalty_tier`, undefined, { kind: "app", where: "top" }],
  ["dimFail", "Bash", { command: "dbt build --target prod --select dim_customers" }, `06:12:40  1 of 4 START sql table model marts.dim_customers ................................. [RUN]
06:12:43  1 of 4 ERROR creating sql table model marts.dim_customers ........................ [ERROR in 2.87s]
06:12:43    Database Error in model dim_customers (models/marts/core/dim_customers.sql)
  000904 (42000): SQL compilation error: error line 18 at position 8
  invalid identifier 'CUSTOMERS.TIER_CODE'
06:12:43  Done. PASS=0 WARN=0 ERROR=1 SKIP=3 TOTAL=4
(stg_app__customers maps tier -> tier_code; with tier frozen the model still compiled yesterday, today the staging view was rebuilt from the new contract)`, undefined, { kind: "build", error: true, where: "top" }],
  ["dimChange", "Bash", { command: "git show --stat 5e82a1c && git show 5e82a1c -- dbt/models/staging/app/stg_app__customers.sql | tail -n 8" }, `commit 5e82a1c
Author: Defne Yilmaz <defne@defne.io>

    dim_customers: customer_tier -> loyalty_tier (source column renamed by the app team)

    Follows customers.tier -> customers.loyalty_tier in the app db. Fivetran keeps the old TIER
    column but stops updating it, so the mart reads loyalty_tier and coalesces the old one for
    rows synced before Dec 3. Looker explore updated in the same PR.

 dbt/models/staging/app/stg_app__customers.sql | 3 ++-
 dbt/models/marts/core/dim_customers.sql       | 4 ++--
 dbt/models/marts/core/_core__models.yml       | 6 +++---
-    tier as tier_code,
+    coalesce(loyalty_tier, tier) as loyalty_tier,`, undefined, { kind: "build", where: "top" }],
  ["desc1", "Bash", DESC_CMD, describe("LOYALTY_TIER"), "dimcols", { kind: "app", where: "top" }],
  ["backfill2", "Bash", { command: "./scripts/mwaa-cli.sh dags backfill orders_daily -s 2026-11-28 -e 2026-12-03 --reset-dagruns -y" }, `[2026-12-03T11:20:02.773+0000] {dagbag.py:588} INFO - Filling up the DagBag from /usr/local/airflow/dags
[2026-12-03T11:20:05.118+0000] {backfill_job_runner.py:445} INFO - [backfill progress] | finished run 0 of 6 | tasks waiting: 24 | succeeded: 0 | running: 4 | failed: 0 | skipped: 0 | deadlocked: 0 | not ready: 20
[2026-12-03T11:58:41.560+0000] {backfill_job_runner.py:445} INFO - [backfill progress] | finished run 6 of 6 | tasks waiting: 0 | succeeded: 24 | running: 0 | failed: 0 | skipped: 0 | deadlocked: 0 | not ready: 0
[2026-12-03T11:58:41.561+0000] {backfill_job_runner.py:912} INFO - Backfill done for DAG <DAG: orders_daily>. Exiting.
backfill range 2026-11-28 .. 2026-12-03 (session dedup + loyalty_tier)`, undefined, { kind: "app", where: "top" }],
  ["hub2", "Bash", FT_CMD, connector("connected", "connected", 360, "2026-12-03T12:40:19.331Z", "null", "[]"), "hubspot", { kind: "app", where: "top" }],
  ["dbtver1", "Bash", DBTVER_CMD, dbtVer("1.7.14", "1.7.3"), "dbtver", { kind: "build", where: "top" }],
  ["pools2", "Bash", { command: "./scripts/mwaa-cli.sh pools set snowflake 12 'dbt + Snowflake operators (TRANSFORM_WH queue)' && ./scripts/mwaa-cli.sh pools list -o plain" }, pools(12, 4), "pools", { kind: "app", where: "top" }],
  ["wh4", "Bash", { command: `${SNOW} -q "ALTER WAREHOUSE TRANSFORM_WH SET WAREHOUSE_SIZE = SMALL AUTO_SUSPEND = 60" && ${SNOW} -q "SHOW WAREHOUSES LIKE '%_WH'"` }, warehouses(["Small", 60, "SUSPENDED"]), "warehouse", { kind: "app", where: "top" }],
  ["whWhy4", "Bash", { command: `${SNOW} -f sql/ops/transform_wh_cost_by_size.sql` }, `+--------+-------------------+----------------+--------------------+------------------------------+
| SIZE   | orders_daily wall | credits/run    | SLA 06:00 met (7d) | note                         |
+--------+-------------------+----------------+--------------------+------------------------------+
| X-Small| 71m               | 1.2            | 2/7                |                              |
| Medium | 24m               | 1.6            | 7/7                |                              |
| Large  | 15m               | 2.0            | 7/7                | backfill only                |
| Small  | 29m               | 0.98           | 7/7                | fct_orders clustered by date |
+--------+-------------------+----------------+--------------------+------------------------------+
(after clustering fct_orders on order_date the spill is gone; Small meets the SLA at the lowest cost per run)`, undefined, { kind: "app", where: "top" }],
  ["rm3", "Bash", { command: `${SNOW} -q "ALTER RESOURCE MONITOR MONTHLY_TRANSFORM SET CREDIT_QUOTA = 400 NOTIFY_AT = (75, 90)" && ${SNOW} -q "SHOW RESOURCE MONITORS"` }, resMon("400.00", "287.15", "112.85", "75%,90%"), "resmon", { kind: "app", where: "top" }],
  ["stmt1", "Bash", STMT_CMD, stmt(3600), "stmttimeout", { kind: "app", where: "top" }],
  ["dbt2", "Bash", DBT_CMD, dbtRun(["05:33:02  41 of 827 OK created sql incremental model marts.fct_orders ............... [SUCCESS 1 in 188.02s]", "05:41:10  302 of 827 PASS unique_int_sessions_session_id ............................... [PASS in 3.20s]", "05:44:51  511 of 827 WARN 12 accepted_values_dim_customers_loyalty_tier ............... [WARN 12 in 2.40s]"], "Completed with 4 warnings:\n\nDone. PASS=823 WARN=4 ERROR=0 SKIP=0 TOTAL=827"), "dbtbuild", { kind: "build", where: "bottom" }],
  ["gx2", "Bash", GX_CMD, gx(true, []), "gx", { kind: "app", where: "top" }],
  ["dag3", "Bash", DAG_CMD, dagDetails("15 5 * * *", "False", 2, "['daily', 'orders', 'tier-1']"), "dagsched", { kind: "app", where: "top" }],
  ["dagWhy3", "Bash", { command: "git log -1 --format='%h %an %ad%n    %s%n%n%b' --date=short -- dags/orders_daily.py" }, `e03b7a5 Defne Yilmaz 2026-12-04
    orders_daily: 05:15 UTC, max_active_runs 2

Stripe's balance transactions for the day land at ~04:50 UTC since the payout schedule moved;
05:15 still leaves ~30 min on Small before the 06:00 finance SLA. max_active_runs 2 so a retry
does not block the next day's run.`, undefined, { kind: "build", where: "top" }],
  ["mktDag", "Bash", { command: "./scripts/mwaa-cli.sh dags details marketing_attribution -o plain | grep -E 'dag_id|schedule|catchup|max_active'" }, `dag_id                   | marketing_attribution
schedule_interval        | 0 6 * * *
timetable_description    | At 06:00
max_active_runs          | 1
catchup                  | False
(depends on orders_daily via an ExternalTaskSensor with timeout=7200, poke mode off: reschedule)`, undefined, { kind: "app", where: "top" }],
  ["upgradeFail", "Bash", { command: "aws mwaa get-environment --name defne-prod --query 'Environment.LastUpdate' && aws logs get-log-events --log-group-name airflow-defne-prod-Scheduler --log-stream-name requirements_install_ip-10-40-3-17.eu-central-1.compute.internal --limit 12 --query 'events[].message' --output text" }, `{
    "Status": "FAILED",
    "CreatedAt": "2026-12-04T10:12:40+00:00",
    "Error": { "ErrorCode": "INCORRECT_CONFIGURATION", "ErrorMessage": "You may need to check the execution role permissions policy for your environment, and that each of the VPC networks can access the internet to download packages." }
}
ERROR: Cannot install apache-airflow-providers-snowflake==5.3.0 and apache-airflow==2.10.3 because these package versions have conflicting dependencies.
The conflict is caused by:
    apache-airflow-providers-snowflake 5.3.0 depends on apache-airflow-providers-common-sql>=1.10.0,<1.14
    The user requested (constraint) apache-airflow-providers-common-sql==1.19.0
(environment stayed on 2.8.1: MWAA rolls back a failed update)`, undefined, { kind: "build", error: true, where: "top" }],
  [null, "Edit", { file_path: `${D}/mwaa/requirements.txt`, old_string: "apache-airflow-providers-snowflake==5.3.0", new_string: "apache-airflow-providers-snowflake==5.8.0" }, `The file ${D}/mwaa/requirements.txt has been updated.`, undefined, { kind: "code", where: "top" }],
  ["mwaa3", "Bash", MWAA_CMD, mwaaEnv("mw1.medium", 10, "2.10.3", "AVAILABLE", "2026-12-04T13:47:52+00:00"), "mwaaenv", { kind: "app", where: "top" }],
  ["dbtver2", "Bash", DBTVER_CMD, dbtVer("1.8.8", "1.8.4"), "dbtver", { kind: "build", where: "top" }],
  ["stmt2", "Bash", { command: `${SNOW} -q "ALTER WAREHOUSE TRANSFORM_WH SET STATEMENT_TIMEOUT_IN_SECONDS = 5400" && ${SNOW} -q "SHOW PARAMETERS LIKE 'STATEMENT%' IN WAREHOUSE TRANSFORM_WH"` }, stmt(5400), "stmttimeout", { kind: "app", where: "top" }],
  ["defaults3", "Read", DEFAULTS_READ, defaultsPy(3, 10, "True", 3), "defaults", { kind: "code", where: "top" }],
  ["hub3", "Bash", FT_CMD, connector("connected", "connected", 60, "2026-12-05T08:01:12.804Z", "null", "[]"), "hubspot", { kind: "app", where: "top" }],
  ["ftOther", "Bash", { command: "curl -s -u \"$FIVETRAN_KEY:$FIVETRAN_SECRET\" https://api.fivetran.com/v1/groups/defne_prod/connectors | jq -r '.data.items[] | [.id, .service, .sync_frequency, .status.setup_state, .succeeded_at] | @tsv'" }, `shopify_prod        shopify         360   connected   2026-12-05T03:41:08.112Z
stripe_prod         stripe          360   connected   2026-12-05T04:49:55.770Z
app_postgres_prod   postgres_rds    60    connected   2026-12-05T07:02:31.004Z
hubspot_crm_prod    hubspot         60    connected   2026-12-05T08:01:12.804Z
ga4_web             google_analytics_4  1440  connected   2026-12-05T02:10:44.290Z
zendesk_prod        zendesk         360   broken      2026-11-30T09:12:57.118Z
(zendesk: "401 Couldn't authenticate you" since the support team rotated the API user)`, undefined, { kind: "app", where: "top" }],
  ["dbt3", "Bash", DBT_CMD, dbtRun(["05:23:40  41 of 829 OK created sql incremental model marts.fct_orders ............... [SUCCESS 1 in 201.77s]", "05:30:02  204 of 829 ERROR creating sql table model marts.fct_revenue_daily ........... [ERROR in 14.02s]", "05:30:02    Database Error in model fct_revenue_daily: 100051 (22012): Division by zero"], "Completed with 1 error, 0 partial successes, and 2 warnings:\n\nDatabase Error in model fct_revenue_daily (models/marts/finance/fct_revenue_daily.sql)\n  100051 (22012): Division by zero\n  (fx_rate is 0 for TRY on 2026-12-04: the ECB feed published an empty rate)\n\nDone. PASS=824 WARN=2 ERROR=1 SKIP=2 TOTAL=829"), "dbtbuild", { kind: "build", where: "bottom" }],
  ["fxFix", "Bash", { command: "git commit -am 'fct_revenue_daily: nullif fx_rate, carry the last known rate forward' && git log -1 --format='%h %s%n%n%b'" }, `[main 4f7c2d9] fct_revenue_daily: nullif fx_rate, carry the last known rate forward
 2 files changed, 11 insertions(+), 2 deletions(-)
4f7c2d9 fct_revenue_daily: nullif fx_rate, carry the last known rate forward

The ECB feed published no TRY rate for Dec 4 and stg_fx__daily_rates stored 0. Rates of 0 are
nulled and filled with the previous business day's rate (last_value ignore nulls over date).`, undefined, { kind: "build", where: "top" }],
  ["dbt4", "Bash", DBT_CMD, dbtRun(["05:23:41  41 of 829 OK created sql incremental model marts.fct_orders ............... [SUCCESS 1 in 196.30s]", "05:30:09  204 of 829 OK created sql table model marts.fct_revenue_daily ............... [SUCCESS 1 in 12.84s]"], "Completed successfully\n\nDone. PASS=827 WARN=2 ERROR=0 SKIP=0 TOTAL=829"), "dbtbuild", { kind: "build", where: "bottom" }],
  ["wh5", "Bash", WH_CMD, warehouses(["Small", 60], ["X-Small", 60], ["Small", 120]), "warehouse", { kind: "app", where: "top" }],
  ["rm4", "Bash", RM_CMD, resMon("400.00", "318.62", "81.38", "75%,90%"), "resmon", { kind: "app", where: "top" }],
  [null, "Bash", { command: "git log --oneline -n 14" }, `4f7c2d9 fct_revenue_daily: nullif fx_rate, carry the last known rate forward
a29e0c1 defaults: retry_delay 10m, execution_timeout 3h
6d18b4e mwaa: airflow 2.10.3, snowflake provider 5.8.0
e03b7a5 orders_daily: 05:15 UTC, max_active_runs 2
0c5f3b2 fct_orders: cluster by order_date
5e82a1c dim_customers: customer_tier -> loyalty_tier (source column renamed by the app team)
91a7d40 int_sessions: dedupe ga4_web vs segment_ios on session_id
b1d9e70 defaults: retries 3 with exponential backoff
2f6e8c3 infra: mwaa mw1.medium, 10 workers
7c40e1d orders_daily: 04:30 UTC
c3d01b8 stg_stripe__payments: try_to_number on fee
(and further back) 8a0d9f2 gx: orders checkpoint`, undefined, { kind: "build", where: "top" }],
];
const df = place(defneList, 216);

const defne = {
  name: "defne (held out 33)",
  sessionId: "8e27b5c0-13f9-4d6a-b8e2-4c90a1f7d365",
  cwd: D,
  turns: 216,
  seed: 33337,
  files: ["dags/orders_daily.py", "dags/marketing_attribution.py", "dags/finance_snapshot.py", "dags/common/defaults.py", "dags/common/alerts.py", "dbt/models/staging/stripe/stg_stripe__payments.sql", "dbt/models/staging/app/stg_app__customers.sql", "dbt/models/intermediate/int_sessions.sql", "dbt/models/marts/core/fct_orders.sql", "dbt/models/marts/core/dim_customers.sql", "dbt/models/marts/finance/fct_revenue_daily.sql", "dbt/dbt_project.yml", "gx/checkpoints/orders_daily_checkpoint.yml", "infra/modules/mwaa/main.tf", "infra/modules/snowflake/warehouses.tf", "mwaa/requirements.txt"],
  otherTests: ["dbt test --select stg_shopify__orders", "tests/dags/test_dag_integrity.py", "tests/dags/test_alerts.py", "dbt test --select dim_products", "tests/gx/test_suites.py"],
  words: ["orders", "customers", "sessions", "payments", "revenue", "model", "source", "snapshot", "warehouse", "task", "dag", "run", "sync", "connector", "schema", "column", "partition", "credit", "query", "expectation", "suite", "pool", "sensor", "backfill", "tier"],
  grepWords: ["ref(", "source(", "DbtTaskGroup", "SnowflakeOperator", "TODO", "is_incremental"],
  testCommands: ["pytest tests/dags -q", "dbt test --select staging --target dev", "great_expectations suite list"],
  buildCommands: ["dbt compile --target dev", "terraform -chdir=infra/envs/prod validate", "sqlfluff lint dbt/models/marts"],
  appCommands: ["./scripts/mwaa-cli.sh tasks states-for-dag-run orders_daily scheduled__2026-12-04T05:15:00+00:00", "aws logs tail airflow-defne-prod-Task --since 15m", "./scripts/mwaa-cli.sh dags list-runs -d orders_daily --limit 10"],
  prompts: ["devam", "devam et", "ok next", "tamam sonraki", "go on", "sıradaki", "evet devam", "ok", "keep going", "hadi bakalım"],
  facts: df.facts,
  questions: [
    { kind: "state", lang: "tr", prompt: "transform warehouse'u şu an hangi boyutta", want: [{ key: "warehouse", fact: "| TRANSFORM_WH  | STARTED   | STANDARD | Small    |" }] },
    { kind: "state", prompt: "what's auto_suspend on TRANSFORM_WH now", want: [{ key: "warehouse", fact: "| 60           | true        | TRANSFORMER" }] },
    { kind: "state", lang: "tr", prompt: "orders_daily dag'inin schedule'ı en son ne oldu", want: [{ key: "dagsched", fact: "schedule_interval        | 15 5 * * *" }] },
    { kind: "state", prompt: "max_active_runs on orders_daily currently?", want: [{ key: "dagsched", fact: "max_active_runs          | 2" }] },
    { kind: "state", lang: "tr", prompt: "default_args'ta retry sayısı kaç şimdi", want: [{ key: "defaults", fact: '"retries": 3,' }] },
    { kind: "state", prompt: "what's the retry delay in the shared default args now", want: [{ key: "defaults", fact: '"retry_delay": timedelta(minutes=10),' }] },
    { kind: "state", lang: "tr", prompt: "task'ların execution_timeout'u kaç saate çıktı", want: [{ key: "defaults", fact: '"execution_timeout": timedelta(hours=3),' }] },
    { kind: "state", lang: "tr", prompt: "credit quota'yı en son kaça çektik", want: [{ key: "resmon", fact: "| MONTHLY_TRANSFORM  | 400.00       |" }] },
    { kind: "state", prompt: "how many credits has the transform monitor used this month so far", want: [{ key: "resmon", fact: "318.62" }] },
    { kind: "state", lang: "tr", prompt: "son dbt build temiz geçti mi", want: [{ key: "dbtbuild", fact: "Done. PASS=827 WARN=2 ERROR=0 SKIP=0 TOTAL=829" }] },
    { kind: "state", prompt: "which dbt version is installed now", want: [{ key: "dbtver", fact: "installed: 1.8.8" }] },
    { kind: "state", lang: "tr", prompt: "mwaa environment'ı hangi class'ta, kaç worker'a kadar çıkıyor", want: [{ key: "mwaaenv", fact: '"EnvironmentClass": "mw1.medium"' }, { key: "mwaaenv", fact: '"MaxWorkers": 10' }] },
    { kind: "state", prompt: "what airflow version is prod MWAA running", want: [{ key: "mwaaenv", fact: '"AirflowVersion": "2.10.3"' }] },
    { kind: "state", lang: "tr", prompt: "snowflake pool'unda kaç slot var artık", want: [{ key: "pools", fact: "snowflake     | 12" }] },
    { kind: "state", prompt: "hubspot connector sync frequency these days?", want: [{ key: "hubspot", fact: '"sync_frequency": 60,' }] },
    { kind: "state", lang: "tr", prompt: "hubspot connector'ı düzeldi mi, durumu ne", want: [{ key: "hubspot", fact: '"connector_status": "connected"' }] },
    { kind: "state", prompt: "is the orders GX checkpoint passing now", want: [{ key: "gx", fact: "success: true" }] },
    { kind: "state", lang: "tr", prompt: "dim_customers'taki tier kolonunun adı şu an ne", want: [{ key: "dimcols", fact: "| LOYALTY_TIER         | VARCHAR(32)" }] },
    { kind: "state", prompt: "statement timeout on the transform warehouse now", want: [{ key: "stmttimeout", fact: "| STATEMENT_TIMEOUT_IN_SECONDS  | 5400  |" }] },
    { kind: "history", lang: "tr", prompt: "warehouse'u ilk başta neden büyüttük", want: [{ turn: df.T("slowQ"), fact: SLOW_ROW }] },
    { kind: "history", lang: "tr", prompt: "stripe payments modeli neden patladı", want: [{ turn: df.T("stripeFail"), fact: "Numeric value 'N/A' is not recognized" }] },
    { kind: "history", prompt: "how many duplicate sessions did the unique test find, and where did they come from", want: [{ turn: df.T("dbt1"), fact: "Got 1204 results, configured to fail if != 0" }, { turn: df.T("sessionsDup"), fact: "the iOS app started sending its webview sessions through Segment" }] },
    { kind: "history", lang: "tr", prompt: "ilk backfill'i hangi tarih aralığı için çalıştırdık", want: [{ turn: df.T("backfill1"), fact: "backfill range 2026-10-01 .. 2026-10-31" }] },
    { kind: "history", prompt: "what range was the second backfill", want: [{ turn: df.T("backfill2"), fact: "backfill range 2026-11-28 .. 2026-12-03" }] },
    { kind: "history", lang: "tr", prompt: "dag'ı neden 03:00'ten 04:30'a kaydırmıştık", want: [{ turn: df.T("dagWhy2"), fact: "regularly finishes after 03:40" }] },
    { kind: "history", prompt: "why did orders_daily move to 05:15", want: [{ turn: df.T("dagWhy3"), fact: "balance transactions for the day land at ~04:50 UTC" }] },
    { kind: "history", lang: "tr", prompt: "quota'yı 500'e çekmemizin sebebi neydi, kim onayladı", want: [{ turn: df.T("rmWhy"), fact: "Approved by Kerem (finance)" }] },
    { kind: "history", prompt: "why were the mwaa workers getting SIGKILLed", want: [{ turn: df.T("oom"), fact: "mw1.small workers have 2 GB" }] },
    { kind: "history", lang: "tr", prompt: "retry'ları neden 3'e çıkardık", want: [{ turn: df.T("retryWhy"), fact: "390114 (authentication token has expired)" }] },
    { kind: "history", prompt: "what scope was hubspot missing when fivetran broke", want: [{ turn: df.T("hub1"), fact: "Missing scope: crm.objects.deals.read" }] },
    { kind: "history", lang: "tr", prompt: "dbt modelini neden değiştirdik, dim_customers'takini", want: [{ turn: df.T("dimChange"), fact: "Follows customers.tier -> customers.loyalty_tier in the app db" }] },
    { kind: "history", prompt: "what error did dim_customers throw after the rename", want: [{ turn: df.T("dimFail"), fact: "invalid identifier 'CUSTOMERS.TIER_CODE'" }] },
    { kind: "history", lang: "tr", prompt: "airflow upgrade'i ilk denemede neden fail oldu", want: [{ turn: df.T("upgradeFail"), fact: "apache-airflow-providers-snowflake 5.3.0 depends on apache-airflow-providers-common-sql>=1.10.0,<1.14" }] },
    { kind: "history", prompt: "why did fct_revenue_daily fail with division by zero", want: [{ turn: df.T("dbt3"), fact: "fx_rate is 0 for TRY on 2026-12-04" }] },
    { kind: "history", lang: "tr", prompt: "GX checkpoint ilk çalıştığında customer_id'de kaç null vardı", want: [{ turn: df.T("gx1"), fact: "unexpected_count 1204, unexpected_percent 3.1%" }] },
    { kind: "history", lang: "tr", prompt: "small'a düşerken hangi rakamlara bakmıştık, run başına kaç credit", want: [{ turn: df.T("whWhy4"), fact: "| Small  | 29m               | 0.98" }] },
    { kind: "history", prompt: "which fivetran connector other than hubspot was broken, and why", want: [{ turn: df.T("ftOther"), fact: "401 Couldn't authenticate you" }] },
    { kind: "multi", lang: "tr", prompt: "warehouse boyutu ve credit quota şu an ne", want: [{ key: "warehouse", fact: "| TRANSFORM_WH  | STARTED   | STANDARD | Small    |" }, { key: "resmon", fact: "| MONTHLY_TRANSFORM  | 400.00       |" }] },
    { kind: "multi", prompt: "current orders_daily schedule and retry count", want: [{ key: "dagsched", fact: "schedule_interval        | 15 5 * * *" }, { key: "defaults", fact: '"retries": 3,' }] },
    { kind: "multi", lang: "tr", prompt: "dbt versiyonu ve airflow versiyonu ne oldu upgrade'den sonra", want: [{ key: "dbtver", fact: "installed: 1.8.8" }, { key: "mwaaenv", fact: '"AirflowVersion": "2.10.3"' }] },
    { kind: "multi", prompt: "snowflake pool slots and the statement timeout, current", want: [{ key: "pools", fact: "snowflake     | 12" }, { key: "stmttimeout", fact: "| STATEMENT_TIMEOUT_IN_SECONDS  | 5400  |" }] },
    { kind: "multi", lang: "tr", prompt: "hubspot sync sıklığı ve gx checkpoint'in son durumu", want: [{ key: "hubspot", fact: '"sync_frequency": 60,' }, { key: "gx", fact: "success: true" }] },
    { kind: "multi", prompt: "why the stripe model broke and why dim_customers had to change", want: [{ turn: df.T("stripeFail"), fact: "Numeric value 'N/A' is not recognized" }, { turn: df.T("dimChange"), fact: "Follows customers.tier -> customers.loyalty_tier in the app db" }] },
    { kind: "none", lang: "tr", prompt: "tamamdır sağ ol, bugünlük bu kadar" },
    { kind: "none", prompt: "in general, when is a dbt incremental model worth it over a plain table?" },
    { kind: "none", lang: "tr", prompt: "snowflake'te clustering key ile search optimization arasındaki fark ne, genel olarak" },
    { kind: "none", prompt: "brb, standup" },
    { kind: "none", lang: "tr", prompt: "airflow'da deferrable operator'lar nasıl çalışıyor kısaca anlatır mısın" },
  ],
};

/** Held out from the selection work: written blind, never run before it was registered (TypeScript monorepo on Vercel). */
export const HELD_OUT_32 = [sparrow];
/** Held out from the selection work: written blind, never run before it was registered (data platform, Turkish and English). */
export const HELD_OUT_33 = [defne];
