// One more held-out recall session (format: tests/recall/build.mjs): written blind, without reading the selection's
// code, its tests or any benchmark result, and kept out of the selection work. HELD_OUT_40: "bramble", a feedback-board
// SaaS in a pnpm + turborepo monorepo (apps/web on Next.js 15 deployed to Vercel, apps/admin as a separate Vercel
// project, apps/docs, apps/e2e with Playwright; packages/db with Prisma on Supabase Postgres, packages/jobs with
// Inngest, packages/billing with Stripe, packages/ratelimit with Upstash Redis, packages/ui). Over about ten days the
// nightly Inngest usage sync exhausts the Supavisor session-mode pool (EMAXCONNSESSION at pool_size 15), so prod moves
// to the transaction pooler on 6543 with pgbouncer=true and connection_limit 1, then 3 (after a P2024 pool timeout on
// the dashboard), then 5 once the Supabase compute and the pool size are raised; the usage sync's concurrency goes
// 50 -> 10 -> 25 and gets a throttle after Stripe rate-limit errors; a Prisma 5 -> 6 upgrade breaks a Bytes/Buffer
// type; a unique-slug migration fails on prod duplicates, is marked rolled back, deduped and re-applied; a later
// column drop breaks the separately deployed admin app and is reverted by a restore migration; the Upstash limits are
// split per plan and raised, and the sign-in limiter tightened after a credential-stuffing burst; the Inngest route's
// maxDuration goes 60 -> 300, the export route's 30 -> 120, the region iad1 -> fra1 (the database is in Frankfurt);
// a flaky Playwright billing test is first "fixed" with a longer timeout and then for real; a Monday cold-start
// incident (an InvoicePdf export in the ui barrel plus four Prisma engines: a 48 MB function) is rolled back and fixed;
// the prod database password is rotated after a build log with the URL was pasted into a public issue; Node 20 -> 22
// breaks the docs app's JSON import assertion; Next 15.0.3 -> 15.1.0 -> 15.1.3. Distractors: preview env files that
// look like the prod ones, the admin app's own limiter and Prisma errors, a docs build with its own route table, an
// old deployment's build log, a Playwright failure in another spec, a preview database that is behind on
// migrations. English questions.

const B = "/home/dev/bramble";
const REF = "qzfkrvbxmtdlnwpe";
const PREF = "hbtwycnoaelxsrgu";
const POOLER = "aws-0-eu-central-1.pooler.supabase.com";
const numbered = (text, start = 1) => text.split("\n").map((l, i) => `${String(start + i).padStart(6)}\t${l}`).join("\n");

// ---- toolchain -------------------------------------------------------------------------------------------------
const toolchain = (pnpm, engine, turbo, nvmrc) => `{
  "name": "bramble",
  "private": true,
  "packageManager": "pnpm@${pnpm}",
  "engines": {
    "node": "${engine}"
  },
  "scripts": {
    "build": "turbo run build",
    "dev": "turbo run dev --parallel",
    "lint": "turbo run lint",
    "typecheck": "turbo run typecheck",
    "test": "turbo run test",
    "e2e": "pnpm --filter @bramble/e2e exec playwright test",
    "db:migrate": "pnpm --filter @bramble/db exec dotenv -e ../../.env.production.local -- prisma migrate deploy"
  },
  "devDependencies": {
    "@bramble/config": "workspace:*",
    "prettier": "^3.3.3",
    "turbo": "^${turbo}",
    "typescript": "^5.6.3"
  }
}
${nvmrc}
v${nvmrc}
${pnpm}
${turbo}`;
const TOOLCHAIN_CMD = { command: "cat package.json .nvmrc && node -v && pnpm -v && pnpm turbo --version" };

// ---- dependency versions -----------------------------------------------------------------------------------------
const webdeps = (o) => `Legend: production dependency, optional only, dev only

@bramble/web@${o.web} ${B}/apps/web (PRIVATE)

dependencies:
@bramble/billing link:../../packages/billing
@bramble/db link:../../packages/db
@bramble/jobs link:../../packages/jobs
@bramble/ratelimit link:../../packages/ratelimit
@bramble/ui link:../../packages/ui
@upstash/ratelimit ${o.rl}
@upstash/redis 1.34.3
inngest ${o.inngest}
next ${o.next}
react ${o.react}
react-dom ${o.react}
stripe ${o.stripe}
zod 3.23.8

devDependencies:
@types/node ${o.typesNode}
@types/react 19.0.1
typescript 5.6.3

@bramble/db@${o.db} ${B}/packages/db (PRIVATE)

dependencies:
@prisma/client ${o.prisma}

devDependencies:
dotenv-cli 7.4.2
prisma ${o.prisma}`;
const WEBDEPS_CMD = { command: "pnpm --filter @bramble/web --filter @bramble/db list --depth 0" };
const DEPS_V1 = { web: "0.42.0", db: "0.9.0", rl: "2.0.4", inngest: "3.25.1", next: "15.0.3", react: "19.0.0-rc-66855b96-20241106", stripe: "17.3.1", typesNode: "20.17.6", prisma: "5.22.0" };
const DEPS_V2 = { ...DEPS_V1, web: "0.42.1", db: "0.10.0", next: "15.1.0", react: "19.0.0", prisma: "6.0.1" };
const DEPS_V3 = { ...DEPS_V2, web: "0.43.0", db: "0.10.2", rl: "2.0.5", inngest: "3.27.4", stripe: "17.5.0", typesNode: "22.10.2", next: "15.1.3", prisma: "6.1.0" };

// ---- env files (production and preview look alike) --------------------------------------------------------------
const envShow = (o) => `Vercel CLI 39.1.1
> Downloading \`${o.env}\` Environment Variables for bramble-hq/bramble-web
✅  Updated .env.${o.env}.local file  [${o.ms}ms]
# .env.${o.env}.local (values masked by scripts/env-show.sh: secrets keep their prefix and last 4 chars)
DATABASE_URL="postgresql://postgres.${o.ref}:****${o.pw}@${POOLER}:${o.port}/postgres${o.params}"
DIRECT_URL="postgresql://postgres.${o.ref}:****${o.pw}@${POOLER}:5432/postgres"
INNGEST_EVENT_KEY="****${o.ev}"
INNGEST_SIGNING_KEY="signkey-${o.env === "production" ? "prod" : "branch"}-****${o.sign}"
NEXT_PUBLIC_APP_URL="${o.app}"
NEXT_PUBLIC_SUPABASE_ANON_KEY="eyJhbGciOiJIUzI1NiIs****${o.anon}"
NEXT_PUBLIC_SUPABASE_URL="https://${o.ref}.supabase.co"
STRIPE_PRICE_PRO_MONTHLY="${o.price}"
STRIPE_SECRET_KEY="${o.sk}****${o.sk4}"
STRIPE_WEBHOOK_SECRET="whsec_****${o.whsec}"
SUPABASE_SERVICE_ROLE_KEY="eyJhbGciOiJIUzI1NiIs****${o.srk}"
UPSTASH_REDIS_REST_TOKEN="****${o.up4}"
UPSTASH_REDIS_REST_URL="https://${o.upstash}.upstash.io"
VERCEL_ENV="${o.env}"`;
const ENV_PROD_CMD = { command: "vercel env pull .env.production.local --environment=production --yes && ./scripts/env-show.sh .env.production.local" };
const ENV_PREVIEW_CMD = { command: "vercel env pull .env.preview.local --environment=preview --yes && ./scripts/env-show.sh .env.preview.local" };
const PROD = { env: "production", ms: 412, ref: REF, pw: "x9Qa", port: 5432, params: "?connection_limit=10", ev: "nXa2", sign: "9f3e", app: "https://bramble.app", anon: "Tq8w", price: "price_1QbrPROmonthlyLIVE", sk: "sk_live_51Qbr", sk4: "Hd2p", whsec: "Q7mD", srk: "k2Qw", up4: "NzQ1", upstash: "eu1-brave-kite-41877" };
const PREVIEW = { env: "preview", ms: 388, ref: PREF, pw: "pR2c", port: 6543, params: "?pgbouncer=true&connection_limit=1", ev: "b71K", sign: "04ad", app: "https://staging.bramble.app", anon: "Zp3m", price: "price_1QbrPROmonthlyTEST", sk: "sk_test_51Qbr", sk4: "w8Fz", whsec: "8uLe", srk: "Rr5d", up4: "MjA4", upstash: "eu1-calm-wren-30512" };
const PROD_V2 = { ...PROD, ms: 397, port: 6543, params: "?pgbouncer=true&connection_limit=1" };
const PROD_V3 = { ...PROD_V2, ms: 405, params: "?pgbouncer=true&connection_limit=3&pool_timeout=20" };
const PROD_V4 = { ...PROD_V3, ms: 431, pw: "Lm4T" };
const PROD_V5 = { ...PROD_V4, ms: 402, params: "?pgbouncer=true&connection_limit=5&pool_timeout=20" };
const PREVIEW_V2 = { ...PREVIEW, ms: 371, whsec: "3nVb" };

const envLs = (rows) => `Vercel CLI 39.1.1
> Environment Variables found for bramble-hq/bramble-web [402ms]

 name                               value               environments                updated
${rows.map(([n, envs, when]) => ` ${n.padEnd(35)}Encrypted           ${envs.padEnd(28)}${when}`).join("\n")}`;
const ENVLS_CMD = { command: "vercel env ls production" };

// ---- database ----------------------------------------------------------------------------------------------------
const MAXCONN = (n) => ` max_connections \n-----------------\n ${n}`;
const pgconn = (max, rows, total) => `${MAXCONN(max)}
(1 row)

      usename       |        application_name        |        state        | count
--------------------+--------------------------------+---------------------+-------
${rows.map(([u, a, s, c]) => ` ${u.padEnd(19)}| ${a.padEnd(31)}| ${s.padEnd(20)}| ${String(c).padStart(5)}`).join("\n")}
(${rows.length} rows)

 total 
-------
 ${total}
(1 row)`;
const PGCONN_CMD = { command: `psql "$DIRECT_URL" -c "show max_connections" -c "select usename, application_name, coalesce(state, '-') as state, count(*) from pg_stat_activity group by 1,2,3 order by 4 desc" -c "select count(*) as total from pg_stat_activity"` };

const pooler = (port, size, maxc, mode) => `[
  {
    "identifier": "${REF}",
    "database_type": "PRIMARY",
    "is_using_scram_auth": true,
    "db_user": "postgres",
    "db_host": "${POOLER}",
    "db_port": ${port},
    "db_name": "postgres",
    "connection_string": "postgres://postgres.${REF}:[YOUR-PASSWORD]@${POOLER}:${port}/postgres",
    "connectionString": "postgres://postgres.${REF}:[YOUR-PASSWORD]@${POOLER}:${port}/postgres",
    "default_pool_size": ${size},
    "max_client_conn": ${maxc},
    "pool_mode": "${mode}"
  }
]`;
const POOLER_CMD = { command: `curl -s -H "Authorization: Bearer $SUPABASE_ACCESS_TOKEN" https://api.supabase.com/v1/projects/${REF}/config/database/pooler | jq .` };

const MIG_ENV = "pnpm --filter @bramble/db exec dotenv -e ../../.env.production.local --";
const migStatus = (n, tail, env = "production") => `Environment variables loaded from ../../.env.${env}.local
Prisma schema loaded from prisma/schema.prisma
Datasource "db": PostgreSQL database "postgres", schema "public" at "${POOLER}:5432"

${n} migrations found in prisma/migrations

${tail}`;
const MIG_CMD = { command: `${MIG_ENV} prisma migrate status` };
const UP_TO_DATE = "Database schema is up to date!";

// ---- vercel ------------------------------------------------------------------------------------------------------
const vercelJson = (region, inngestDur, inngestMem, exportDur) => numbered(`{
  "$schema": "https://openapi.vercel.sh/vercel.json",
  "regions": ["${region}"],
  "functions": {
    "app/api/inngest/route.ts": {
      "maxDuration": ${inngestDur}${inngestMem ? `,\n      "memory": ${inngestMem}` : ""}
    },
    "app/api/export/[id]/route.ts": {
      "maxDuration": ${exportDur}
    }
  },
  "crons": [
    { "path": "/api/cron/cleanup-sessions", "schedule": "0 3 * * *" },
    { "path": "/api/cron/trial-reminders", "schedule": "0 8 * * *" }
  ]
}`);
const VERCEL_JSON = { file_path: `${B}/apps/web/vercel.json` };

const inspect = (slug, dpl, created, fns, region) => `Vercel CLI 39.1.1
> Fetched deployment "bramble-${slug}-bramble-hq.vercel.app" in bramble-hq [588ms]

  General

    id          ${dpl}
    name        bramble-web
    target      production
    status      ● Ready
    url         https://bramble-${slug}-bramble-hq.vercel.app
    created     ${created}

  Aliases

    ╶ https://bramble.app
    ╶ https://www.bramble.app
    ╶ https://bramble-web-bramble-hq.vercel.app
    ╶ https://bramble-web-git-main-bramble-hq.vercel.app

  Builds

    ┌ .        [0ms]
${fns.map(([n, s], i) => `    ${i === fns.length - 1 ? "└" : "├"}── λ ${n} (${s}) [${region}]`).join("\n")}`;
const INSPECT_CMD = { command: "vercel inspect bramble.app" };

const projectInspect = (node) => `Vercel CLI 39.1.1
> Found Project bramble-hq/bramble-web [344ms]

  General

    ID                     prj_9bXr2LmQ7sKd4Tq1Vw8nEa3Z
    Name                   bramble-web
    Owner                  bramble-hq
    Created                10 March 2025 14:02:11 [1y]
    Root Directory         apps/web
    Node.js Version        ${node}

  Framework Settings

    Framework Preset       Next.js
    Build Command          cd ../.. && pnpm turbo build --filter=@bramble/web
    Output Directory       Next.js default
    Install Command        pnpm install --frozen-lockfile
    Development Command    next dev --port $PORT`;
const NODE_VERCEL = (v) => `Node.js Version        ${v}`;

const coldHead = "route                          invocations  coldStarts  coldPct  p50Ms  p95Ms  p99Ms  avgColdInitMs\n-----------------------------  -----------  ----------  -------  -----  -----  -----  -------------";
const coldRow = (route, inv, cs, pct, p50, p95, p99, init) => `${route.padEnd(31)}${String(inv).padEnd(13)}${String(cs).padEnd(12)}${pct.padEnd(9)}${String(p50).padEnd(7)}${String(p95).padEnd(7)}${String(p99).padEnd(7)}${init}`;
const COLD_CMD = { command: "./scripts/vercel-metrics.sh --project bramble-web --since 24h --group route --top 5" };
const COLD_V1 = coldRow("/[workspace]/dashboard", 48211, 10318, "21.4", 412, 4912, 6840, 3870);
const COLD_V2 = coldRow("/[workspace]/dashboard", 51877, 3164, "6.1", 188, 812, 1410, 690);
const COLD_NOW = coldRow("/[workspace]/dashboard", 55302, 2986, "5.4", 141, 596, 1122, 604);
const cold = (rows, note) => `${coldHead}\n${rows.join("\n")}\n${note}`;

const fnHead = "function (nft traced, unzipped)       size      largest dependencies\n------------------------------------  --------  ------------------------------------------------------------------------";
const fnRow = (n, s, deps) => `${n.padEnd(38)}${s.padEnd(10)}${deps}`;
const FNSIZE_CMD = { command: "node scripts/fn-size.mjs apps/web/.next" };
const FN_BAD = fnRow("app/[workspace]/dashboard/page", "48.2 MB", "@react-pdf/renderer+fontkit+yoga 11.4 MB, prisma engines x4 17.1 MB, sharp 9.6 MB");
const FN_NOW = fnRow("app/[workspace]/dashboard/page", "13.8 MB", "prisma engines x1 4.3 MB, sharp 4.9 MB, next-server 2.1 MB");

// next build route table (with the turbo prefix of the web package)
const R = (sym, path, size, first) => `${sym} ${path.padEnd(38)}${size.padStart(9)}${first.padStart(15)}`;
const webBuild = (next, rows, shared, tasks, time, ver) => `• Packages in scope: @bramble/web
• Running build in 1 packages
• Remote caching disabled
@bramble/web:build: cache miss, executing ${tasks}
@bramble/web:build: 
@bramble/web:build: > @bramble/web@${ver} build ${B}/apps/web
@bramble/web:build: > next build
@bramble/web:build: 
@bramble/web:build:    ▲ Next.js ${next}
@bramble/web:build:    - Environments: .env.production.local
@bramble/web:build: 
@bramble/web:build:    Creating an optimized production build ...
@bramble/web:build:  ✓ Compiled successfully
@bramble/web:build:    Linting and checking validity of types ...
@bramble/web:build:    Collecting page data ...
@bramble/web:build:  ✓ Generating static pages (19/19)
@bramble/web:build:    Finalizing page optimization ...
@bramble/web:build:    Collecting build traces ...
@bramble/web:build: 
@bramble/web:build: Route (app)                                   Size  First Load JS
${rows.map((r) => `@bramble/web:build: ${r}`).join("\n")}
@bramble/web:build: + First Load JS shared by all                        ${shared}
@bramble/web:build: 
@bramble/web:build: ƒ Middleware                                       34.1 kB
@bramble/web:build: 
@bramble/web:build: ○  (Static)   prerendered as static content
@bramble/web:build: ƒ  (Dynamic)  server-rendered on demand

 Tasks:    6 successful, 6 total
Cached:    5 cached, 6 total
  Time:    ${time}`;
const WEBBUILD_CMD = { command: "pnpm turbo build --filter=@bramble/web" };
const DASH_V1 = R("├ ƒ", "/[workspace]/dashboard", "38.4 kB", "241 kB");
const DASH_V2 = R("├ ƒ", "/[workspace]/dashboard", "24.9 kB", "186 kB");
const DASH_NOW = R("├ ƒ", "/[workspace]/dashboard", "21.7 kB", "176 kB");
const webRows = (dash, board, settings, billing) => [
  R("┌ ○", "/", "5.21 kB", "118 kB"),
  R("├ ○", "/_not-found", "979 B", "106 kB"),
  dash,
  R("├ ƒ", "/[workspace]/board/[boardId]", board[0], board[1]),
  R("├ ƒ", "/[workspace]/settings", settings[0], settings[1]),
  R("├ ƒ", "/[workspace]/settings/billing", billing[0], billing[1]),
  R("├ ƒ", "/[workspace]/billing/success", "1.12 kB", "109 kB"),
  R("├ ƒ", "/api/auth/[...all]", "158 B", "102 kB"),
  R("├ ƒ", "/api/export/[id]", "158 B", "102 kB"),
  R("├ ƒ", "/api/inngest", "158 B", "102 kB"),
  R("├ ƒ", "/api/stripe/webhook", "158 B", "102 kB"),
  R("├ ƒ", "/api/v1/[...path]", "158 B", "102 kB"),
  R("├ ○", "/login", "3.08 kB", "131 kB"),
  R("└ ○", "/pricing", "2.44 kB", "114 kB"),
];

// ---- source files ------------------------------------------------------------------------------------------------
const RL_PATH = `${B}/packages/ratelimit/src/index.ts`;
const rlHead = `import { Ratelimit } from "@upstash/ratelimit";
import { Redis } from "@upstash/redis";

const redis = Redis.fromEnv();`;
const RATELIMIT_V1 = numbered(`${rlHead}

export const limiters = {
  // public REST API, per API key (all plans)
  api: new Ratelimit({ redis, prefix: "rl:api", limiter: Ratelimit.slidingWindow(20, "10 s"), analytics: true }),
  // sign-in and magic link, per ip
  auth: new Ratelimit({ redis, prefix: "rl:auth", limiter: Ratelimit.fixedWindow(5, "1 m"), analytics: true }),
  // invites, per workspace
  invites: new Ratelimit({ redis, prefix: "rl:invites", limiter: Ratelimit.fixedWindow(50, "1 h") }),
};

export async function limitApi(apiKeyId: string) {
  return limiters.api.limit(apiKeyId);
}

export async function limitAuth(ip: string) {
  return limiters.auth.limit(ip);
}`);
const ratelimitV = (pro, auth, authKey, cache) => numbered(`${rlHead}${cache ? "\n// per-instance cache of blocked identifiers, saves a Redis round trip while a key is blocked\nconst cache = new Map<string, number>();" : ""}

export const limiters = {
  // public REST API, per API key
  apiFree: new Ratelimit({ redis, prefix: "rl:api:free", limiter: Ratelimit.slidingWindow(60, "1 m"), analytics: true${cache ? ", ephemeralCache: cache" : ""} }),
  apiPro: new Ratelimit({ redis, prefix: "rl:api:pro", limiter: ${pro}, analytics: true${cache ? ", ephemeralCache: cache" : ""} }),
  // sign-in and magic link
  auth: new Ratelimit({ redis, prefix: "rl:auth", limiter: ${auth}, analytics: true }),
  // invites, per workspace
  invites: new Ratelimit({ redis, prefix: "rl:invites", limiter: Ratelimit.fixedWindow(50, "1 h") }),
};

export async function limitApi(apiKeyId: string, plan: "free" | "pro" | "business") {
  return (plan === "free" ? limiters.apiFree : limiters.apiPro).limit(apiKeyId);
}

export async function limitAuth(ip: string, email: string) {
  return limiters.auth.limit(${authKey});
}`);
const RATELIMIT_V2 = ratelimitV('Ratelimit.slidingWindow(300, "1 m")', 'Ratelimit.fixedWindow(5, "1 m")', "ip", false);
const RATELIMIT_V3 = ratelimitV('Ratelimit.slidingWindow(600, "1 m")', 'Ratelimit.slidingWindow(10, "15 m")', "`${ip}:${email.toLowerCase()}`", true);

const USAGE_PATH = `${B}/packages/jobs/src/functions/sync-usage.ts`;
const syncUsage = (conc, throttle, note) => numbered(`import { inngest } from "../client";
import { prisma } from "@bramble/db";
import { reportUsage } from "@bramble/billing";

// cron: fan out one event per metered workspace
export const syncUsage = inngest.createFunction(
  { id: "sync-usage", name: "Nightly Stripe usage sync" },
  { cron: "TZ=UTC 0 2 * * *" },
  async ({ step }) => {
    const workspaces = await step.run("list-metered-workspaces", () =>
      prisma.workspace.findMany({ where: { subscription: { status: "active", metered: true } }, select: { id: true } }),
    );
    await step.sendEvent("fan-out", workspaces.map((w) => ({ name: "usage/sync.workspace", data: { workspaceId: w.id } })));
    return { workspaces: workspaces.length };
  },
);

export const syncWorkspaceUsage = inngest.createFunction(
  {
    id: "sync-workspace-usage",${note ? `\n    // ${note}` : ""}
    concurrency: { limit: ${conc} },${throttle ? `\n    throttle: { limit: ${throttle}, period: "1s" },` : ""}
    retries: 4,
  },
  { event: "usage/sync.workspace" },
  async ({ event, step }) => {
    const usage = await step.run("count-usage", () => countBillableUsage(event.data.workspaceId));
    await step.run("report-to-stripe", () => reportUsage(event.data.workspaceId, usage));
    return usage;
  },
);`);

const IMPORT_PATH = `${B}/packages/jobs/src/functions/import-csv.ts`;
const importCsv = (conc) => numbered(`import { inngest } from "../client";
import { prisma } from "@bramble/db";
import { parseCsvChunk, rowsToPosts } from "../lib/csv";

export const importCsv = inngest.createFunction(
  {
    id: "import-csv",
    name: "Import posts from CSV",
${conc}
    retries: 2,
  },
  { event: "import/csv.uploaded" },
  async ({ event, step }) => {
    const { importId, workspaceId, batches } = event.data;
    for (let i = 0; i < batches; i++) {
      await step.run(\`insert-rows-\${i}\`, async () => {
        const rows = await parseCsvChunk(importId, i);
        return prisma.post.createMany({ data: rowsToPosts(workspaceId, rows), skipDuplicates: true });
      });
    }
    await step.run("finish", () => prisma.import.update({ where: { id: importId }, data: { status: "done" } }));
  },
);`);
const IMPORT_V1 = importCsv("    concurrency: { limit: 5 },");
const IMPORT_V2 = importCsv(`    concurrency: [
      { key: "event.data.workspaceId", limit: 1 },
      { limit: 10 },
    ],`);

const STRIPE_PATH = `${B}/packages/billing/src/stripe.ts`;
const stripeTs = (ver, retries, appVer) => numbered(`import Stripe from "stripe";

if (!process.env.STRIPE_SECRET_KEY) throw new Error("STRIPE_SECRET_KEY is not set");

export const stripe = new Stripe(process.env.STRIPE_SECRET_KEY, {
  apiVersion: "${ver}",
  typescript: true,
  maxNetworkRetries: ${retries},
  appInfo: { name: "bramble", version: "${appVer}", url: "https://bramble.app" },
});

export const PRICE_PRO_MONTHLY = process.env.STRIPE_PRICE_PRO_MONTHLY!;`);

const SCHEMA_PATH = `${B}/packages/db/prisma/schema.prisma`;
const schemaHead = (targets) => numbered(`generator client {
  provider      = "prisma-client-js"
  binaryTargets = [${targets}]
}

datasource db {
  provider  = "postgresql"
  url       = env("DATABASE_URL")
  directUrl = env("DIRECT_URL")
}

model Workspace {
  id           String        @id @default(cuid())
  slug         String        @unique
  name         String
  legacyPlan   String?
  createdAt    DateTime      @default(now())
  members      Member[]
  boards       Board[]
  subscription Subscription?
  apiKeys      ApiKey[]
}`);

// ---- playwright ---------------------------------------------------------------------------------------------------
const PW_FLAKY = (n) => ({ command: `pnpm --filter @bramble/e2e exec playwright test billing/upgrade.spec.ts --repeat-each=${n} --reporter=list` });
const flakyFail = (failed, total, timeout, repeats, dur) => `Running ${total} tests using 4 workers

${repeats.map((r, i) => `  ✘  ${i + 1} [chromium] › billing/upgrade.spec.ts:18:7 › upgrade › free workspace can upgrade to Pro (repeat #${r}) (${(timeout / 1000 + 4.1).toFixed(1)}s)`).join("\n")}

  1) [chromium] › billing/upgrade.spec.ts:18:7 › upgrade › free workspace can upgrade to Pro (repeat #${repeats[0]})

    Error: Timed out ${timeout}ms waiting for expect(locator).toHaveText(expected)

    Locator: getByTestId('plan-badge')
    Expected string: "Pro"
    Received string: "Free"
    Call log:
      - expect.toHaveText with timeout ${timeout}ms
      - waiting for getByTestId('plan-badge')
      -   locator resolved to <span class="badge badge-muted" data-testid="plan-badge">Free</span>
      -   unexpected value "Free"

      41 |     await page.waitForURL(/\\/billing\\/success/);
      42 |     await page.goto(\`/\${slug}/settings/billing\`);
    > 43 |     await expect(page.getByTestId("plan-badge")).toHaveText("Pro"${timeout > 5000 ? ", { timeout: 15_000 }" : ""});
         |                                                  ^
      44 |   });

  ${failed} failed
  ${total - failed} passed (${dur})`;

const pwRun = (passed, skipped, dur) => `Running ${passed + skipped} tests using 4 workers

  ✓  auth/login.spec.ts (6)
  ✓  auth/magic-link.spec.ts (3)
  ✓  billing/upgrade.spec.ts (2)
  ✓  billing/portal.spec.ts (3)
  ✓  boards/create-board.spec.ts (5)
  ✓  boards/posts.spec.ts (9)
  ✓  boards/voting.spec.ts (6)
  ✓  settings/api-keys.spec.ts (4)
  ✓  settings/members.spec.ts (${passed - 38})
  -  import/csv-large.spec.ts (skipped: needs INNGEST_DEV)

  ${skipped} skipped
  ${passed} passed (${dur})`;
const PW_ALL = { command: "pnpm e2e --reporter=list" };

// ---- inngest runs ---------------------------------------------------------------------------------------------------
const runsHead = "fn                    run_id                      status     started (UTC)        duration  error\n--------------------  --------------------------  ---------  -------------------  --------  ------------------------------------------------------------";

const B_UI_INDEX = `${B}/packages/ui/src/index.ts`;

const bramble = {
  name: "bramble (held out 40)",
  sessionId: "c4a81f37-2e9b-4d06-8f5a-93b7d1e24c60",
  cwd: B,
  turns: 212,
  seed: 40401,
  files: [
    "apps/web/app/[workspace]/dashboard/page.tsx",
    "apps/web/app/[workspace]/board/[boardId]/page.tsx",
    "apps/web/app/[workspace]/settings/billing/page.tsx",
    "apps/web/app/api/v1/[...path]/route.ts",
    "apps/web/app/api/stripe/webhook/route.ts",
    "apps/web/app/api/inngest/route.ts",
    "apps/web/middleware.ts",
    "apps/web/lib/auth.ts",
    "apps/admin/app/workspaces/page.tsx",
    "packages/db/src/client.ts",
    "packages/db/src/queries/posts.ts",
    "packages/jobs/src/client.ts",
    "packages/jobs/src/functions/send-digest.ts",
    "packages/billing/src/webhooks.ts",
    "packages/billing/src/usage.ts",
    "packages/ratelimit/src/index.ts",
    "packages/ui/src/Button.tsx",
    "packages/ui/src/PostCard.tsx",
    "turbo.json",
  ],
  otherTests: ["packages/billing/src/webhooks.test.ts", "packages/db/src/queries/posts.test.ts", "packages/ratelimit/src/index.test.ts", "apps/web/lib/auth.test.ts", "packages/jobs/src/functions/send-digest.test.ts"],
  words: ["workspace", "board", "post", "vote", "comment", "member", "invite", "plan", "subscription", "invoice", "usage", "seat", "import", "export", "digest", "webhook", "session", "apiKey", "roadmap", "changelog", "tag", "status", "slug", "tenant", "event"],
  grepWords: ["prisma.post", "getServerSession", "inngest.send", "stripe.subscriptions", "TODO", "revalidatePath"],
  testCommands: ["pnpm turbo test --filter=@bramble/billing", "pnpm --filter @bramble/db test -- --reporter=verbose", "pnpm turbo typecheck --filter=@bramble/ratelimit && pnpm --filter @bramble/ratelimit test"],
  buildCommands: ["pnpm turbo build --filter=@bramble/ui", "pnpm --filter @bramble/web typecheck", "pnpm turbo lint"],
  appCommands: ["vercel logs bramble.app --since 10m", "pnpm --filter @bramble/web dev", "npx inngest-cli@latest dev -u http://localhost:3000/api/inngest"],
  prompts: ["continue", "next", "ok go on", "keep going", "go ahead", "yep", "ok", "next step", "carry on", "proceed", "sure", "do it"],
  facts: [
    [1, "Bash", TOOLCHAIN_CMD, toolchain("9.12.3", "20.x", "2.2.3", "20.18.0"), "toolchain", { kind: "build", where: "top" }],
    [2, "Bash", WEBDEPS_CMD, webdeps(DEPS_V1), "webdeps", { kind: "build", where: "top" }],
    [3, "Bash", { command: "vercel logs bramble.app --since 8h --output raw | grep -B1 -A6 PrismaClient | head -40" }, `2026-11-03 02:04:11.482 [iad1] λ POST /api/inngest?fnId=bramble-sync-workspace-usage 500
  PrismaClientInitializationError: 
  Invalid \`prisma.subscriptionItem.findMany()\` invocation:

  Error querying the database: FATAL: (EMAXCONNSESSION) max clients reached in session mode - max clients are limited to pool_size: 15
      at $n.handleRequestError (/var/task/node_modules/.pnpm/@prisma+client@5.22.0_prisma@5.22.0/node_modules/@prisma/client/runtime/library.js:121:7749)
      at async countBillableUsage (/var/task/packages/jobs/dist/functions/sync-usage.js:48:21)
2026-11-03 02:04:11.913 [iad1] λ GET /acme/dashboard 500
  PrismaClientInitializationError: 
  Invalid \`prisma.board.findMany()\` invocation:

  Error querying the database: FATAL: (EMAXCONNSESSION) max clients reached in session mode - max clients are limited to pool_size: 15
2026-11-03 02:04:12.207 [iad1] λ GET /api/v1/posts 500
  PrismaClientInitializationError: Error querying the database: FATAL: (EMAXCONNSESSION) max clients reached in session mode - max clients are limited to pool_size: 15
(1,284 matching lines since 18:00; every one is EMAXCONNSESSION and every one is between 02:00 and 02:19 UTC)`, undefined, { kind: "app", error: true, where: "top" }],
    [5, "Bash", ENV_PROD_CMD, envShow(PROD), "envprod", { kind: "build", where: "top" }],
    [6, "Bash", ENV_PREVIEW_CMD, envShow(PREVIEW), "envpreview", { kind: "build", where: "top" }],
    [8, "Bash", PGCONN_CMD, pgconn(60, [["postgres", "Supavisor", "idle", 14], ["authenticator", "postgrest", "idle", 6], ["supabase_admin", "pg_cron scheduler", "-", 1], ["supabase_admin", "", "active", 2], ["postgres", "psql", "active", 1], ["supabase_auth_admin", "gotrue", "idle", 3]], 31), "pgconn", { kind: "pg", where: "top" }],
    [9, "Bash", POOLER_CMD, pooler(5432, 15, 200, "session"), "poolercfg", { kind: "app", where: "top" }],
    [10, "Read", { file_path: `${B}/packages/db/src/client.ts` }, numbered(`import { PrismaClient } from "@prisma/client";

const globalForPrisma = globalThis as unknown as { prisma?: PrismaClient };

export const prisma =
  globalForPrisma.prisma ??
  new PrismaClient({
    log: process.env.NODE_ENV === "development" ? ["query", "warn", "error"] : ["warn", "error"],
  });

if (process.env.NODE_ENV !== "production") globalForPrisma.prisma = prisma;

export * from "@prisma/client";`), undefined, { kind: "code", where: "top" }],
    [12, "Read", { file_path: USAGE_PATH }, syncUsage(50), "usageconc", { kind: "code", where: "top" }],
    [13, "Bash", { command: "vercel logs bramble.app --since 8h --output raw | grep EMAXCONNSESSION | cut -c12-16 | sort | uniq -c && ./scripts/inngest-runs.sh sync-usage --limit 1" }, `    212 02:00
    401 02:01
    377 02:02
    188 02:03
     61 02:04
     45 02:11
  (nothing outside 02:00-02:19)
${runsHead}
sync-usage            01JBZK4T2Q9W0N3X8V5R7M6C1D  Completed  2026-11-03 02:00:04  1.9s      -
  fan-out: 4,118 x usage/sync.workspace -> sync-workspace-usage (concurrency 50); each run is its own function
  invocation with its own PrismaClient and connection_limit=10 against the session pooler (pool_size 15)`, undefined, { kind: "app", where: "top" }],
    [15, "Bash", { command: "vercel env rm DATABASE_URL production -y && vercel env add DATABASE_URL production < /tmp/database_url_tx" }, `Vercel CLI 39.1.1
> Removing Environment Variable "DATABASE_URL" from Project bramble-web [Production]
✅  Removed Environment Variable [318ms]
Vercel CLI 39.1.1
? What's the value of DATABASE_URL? [hidden]
✅  Added Environment Variable DATABASE_URL to Project bramble-web [287ms]
(new value: transaction pooler, port 6543, pgbouncer=true, connection_limit=1; DIRECT_URL stays on 5432 for migrations)`, undefined, { kind: "build", where: "top" }],
    [16, "Edit", { file_path: USAGE_PATH, old_string: "    concurrency: { limit: 50 },", new_string: "    // one PrismaClient per run: keep this well below the pooler's pool size\n    concurrency: { limit: 10 }," }, `The file ${USAGE_PATH} has been updated.`, undefined, { kind: "code", where: "top" }],
    [17, "Bash", ENV_PROD_CMD, envShow(PROD_V2), "envprod", { kind: "build", where: "top" }],
    [18, "Bash", { command: "vercel deploy --prod" }, `Vercel CLI 39.1.1
🔍  Inspect: https://vercel.com/bramble-hq/bramble-web/3fK2m9QpaZ1xYv7rT4wB8nLc [4s]
✅  Production: https://bramble-3fk2m9qpa-bramble-hq.vercel.app [2m]
🔗  Aliased: https://bramble.app [2m]
📝  Deployed to production. Run \`vercel --prod\` to overwrite later (https://vercel.link/2F).`, undefined, { kind: "build", where: "bottom" }],
    [19, "Read", { file_path: USAGE_PATH }, syncUsage(10, undefined, "one PrismaClient per run: keep this well below the pooler's pool size"), "usageconc", { kind: "code", where: "top" }],
    [20, "Bash", { command: "git commit -am 'db: transaction pooler for the app, sync-workspace-usage concurrency 10' && git log -1 --format='%h %s%n%n%b'" }, `[main a3c07e1] db: transaction pooler for the app, sync-workspace-usage concurrency 10
 2 files changed, 3 insertions(+), 1 deletion(-)
a3c07e1 db: transaction pooler for the app, sync-workspace-usage concurrency 10

Nightly 02:00 UTC outage: every query failed with EMAXCONNSESSION for ~19 minutes.
The usage sync fans out 4,118 sync-workspace-usage runs with concurrency 50; each run is a
separate serverless invocation with its own PrismaClient, and DATABASE_URL pointed at the
Supavisor session pooler (5432) with connection_limit=10, so a handful of concurrent runs
held every one of the 15 session slots and the dashboard and API got nothing.
App now uses the transaction pooler (6543, pgbouncer=true, connection_limit=1);
migrations keep DIRECT_URL on 5432; the per-workspace sync runs at concurrency 10.`, undefined, { kind: "build", where: "top" }],
    [22, "Bash", { command: "vercel logs bramble.app --since 3h --output raw | grep -A8 P2024 | head -24" }, `2026-11-03 16:42:09.311 [iad1] λ GET /northwind/dashboard 500
  PrismaClientKnownRequestError: 
  Invalid \`prisma.vote.groupBy()\` invocation:

  Timed out fetching a new connection from the connection pool. More info: http://pris.ly/d/connection-pool (Current connection pool timeout: 10, connection limit: 1)
    code: 'P2024',
    clientVersion: '5.22.0'
2026-11-03 16:42:09.340 [iad1] λ GET /northwind/dashboard 500
  PrismaClientKnownRequestError: Timed out fetching a new connection from the connection pool. (Current connection pool timeout: 10, connection limit: 1)
(38 in the last 3h, all on /[workspace]/dashboard, which runs 6 queries in one Promise.all)`, undefined, { kind: "app", error: true, where: "top" }],
    [23, "Read", { file_path: `${B}/apps/web/app/[workspace]/dashboard/page.tsx` }, numbered(`import { prisma } from "@bramble/db";
import { requireMember } from "@/lib/auth";
import { DashboardView } from "./view";

export default async function DashboardPage({ params }: { params: Promise<{ workspace: string }> }) {
  const { workspace: slug } = await params;
  const { workspace } = await requireMember(slug);
  const [boards, recentPosts, voteCounts, openCount, members, usage] = await Promise.all([
    prisma.board.findMany({ where: { workspaceId: workspace.id }, orderBy: { position: "asc" } }),
    prisma.post.findMany({ where: { workspaceId: workspace.id }, orderBy: { createdAt: "desc" }, take: 20 }),
    prisma.vote.groupBy({ by: ["postId"], where: { post: { workspaceId: workspace.id } }, _count: true }),
    prisma.post.count({ where: { workspaceId: workspace.id, status: "open" } }),
    prisma.member.count({ where: { workspaceId: workspace.id } }),
    prisma.usageRecord.findFirst({ where: { workspaceId: workspace.id }, orderBy: { periodStart: "desc" } }),
  ]);
  return <DashboardView {...{ workspace, boards, recentPosts, voteCounts, openCount, members, usage }} />;
}`), undefined, { kind: "code", where: "top" }],
    [24, "Bash", ENV_PROD_CMD, envShow(PROD_V3), "envprod", { kind: "build", where: "top" }],
    [25, "Bash", { command: "git commit --allow-empty -m 'ops: prod DATABASE_URL connection_limit=3 pool_timeout=20 (P2024 on dashboard)' && git log -1 --oneline" }, `[main 5e91b2c] ops: prod DATABASE_URL connection_limit=3 pool_timeout=20 (P2024 on dashboard)
5e91b2c ops: prod DATABASE_URL connection_limit=3 pool_timeout=20 (P2024 on dashboard)`, undefined, { kind: "build", where: "top" }],
    [27, "Bash", { command: "pnpm --filter @bramble/db add @prisma/client@6.0.1 && pnpm --filter @bramble/db add -D prisma@6.0.1 && pnpm --filter @bramble/db exec prisma generate" }, `Progress: resolved 1184, reused 1121, downloaded 4, added 4, done

dependencies:
- @prisma/client 5.22.0
+ @prisma/client 6.0.1

devDependencies:
- prisma 5.22.0
+ prisma 6.0.1

Done in 6.2s
Prisma schema loaded from prisma/schema.prisma

✔ Generated Prisma Client (v6.0.1) to ./../../node_modules/.pnpm/@prisma+client@6.0.1_prisma@6.0.1/node_modules/@prisma/client in 214ms`, undefined, { kind: "build", where: "top" }],
    [28, "Bash", { command: "pnpm turbo build --filter=@bramble/web" }, `@bramble/db:build: cache miss, executing 1b8f3e0a9c7d2e44
@bramble/ui:build: cache hit, replaying logs 9d0e2a71c4b3f518
@bramble/web:build: cache miss, executing 7c1e0b9d4f2a8e61
@bramble/web:build:    ▲ Next.js 15.0.3
@bramble/web:build:    Creating an optimized production build ...
@bramble/web:build:  ✓ Compiled successfully
@bramble/web:build:    Linting and checking validity of types ...
@bramble/web:build: Failed to compile.
@bramble/web:build: 
@bramble/web:build: ./lib/attachments.ts:41:7
@bramble/web:build: Type error: Type 'Uint8Array' is not assignable to type 'Buffer'.
@bramble/web:build:   Type 'Uint8Array' is missing the following properties from type 'Buffer': write, toJSON, equals, compare, and 66 more.
@bramble/web:build: 
@bramble/web:build:   39 |   const row = await prisma.attachment.findUniqueOrThrow({ where: { id } });
@bramble/web:build:   40 |   // thumbnails are stored inline as Bytes
@bramble/web:build: > 41 |   const thumb: Buffer = row.thumbnail;
@bramble/web:build:      |         ^
@bramble/web:build:   42 |   return new Response(thumb, { headers: { "content-type": row.mimeType } });
@bramble/web:build: Next.js build worker exited with code: 1 and signal: null
@bramble/web:build:  ELIFECYCLE  Command failed with exit code 1.
 ERROR  run failed: command  exited (1)
(Prisma 6: Bytes fields are Uint8Array now, not Buffer)`, undefined, { kind: "build", error: true, where: "top" }],
    [29, "Edit", { file_path: `${B}/apps/web/lib/attachments.ts`, old_string: "  const thumb: Buffer = row.thumbnail;", new_string: "  const thumb: Uint8Array = row.thumbnail; // Prisma 6: Bytes -> Uint8Array" }, `The file ${B}/apps/web/lib/attachments.ts has been updated.`, undefined, { kind: "code", where: "top" }],
    [30, "Bash", WEBBUILD_CMD, webBuild("15.0.3", webRows(DASH_V1, ["12.6 kB", "198 kB"], ["8.31 kB", "151 kB"], ["6.02 kB", "149 kB"]), "102 kB", "7c1e0b9d4f2a8e61", "1m41.288s", "0.42.0"), "webbuild", { kind: "build", where: "top" }],
    [32, "Bash", { command: "pnpm --filter @bramble/web add next@15.1.0 react@19.0.0 react-dom@19.0.0 && pnpm --filter @bramble/web add -D @types/react@19.0.1" }, `Progress: resolved 1190, reused 1127, downloaded 9, added 9, done

dependencies:
- next 15.0.3
+ next 15.1.0
- react 19.0.0-rc-66855b96-20241106
+ react 19.0.0
- react-dom 19.0.0-rc-66855b96-20241106
+ react-dom 19.0.0

 WARN  Issues with peer dependencies found
apps/admin
└─┬ next 15.0.3
  └── ✕ unmet peer react@"^18.2.0 || 19.0.0-rc-66855b96-20241106": found 19.0.0 in apps/admin (hoisted)

Done in 9.8s`, undefined, { kind: "build", where: "top" }],
    [33, "Bash", WEBDEPS_CMD, webdeps(DEPS_V2), "webdeps", { kind: "build", where: "top" }],
    [34, "Bash", { command: "pnpm --filter @bramble/db exec prisma migrate dev --name workspace_slug_unique --create-only && cat packages/db/prisma/migrations/20261105091544_workspace_slug_unique/migration.sql" }, `Prisma schema loaded from prisma/schema.prisma
Datasource "db": PostgreSQL database "bramble", schema "public" at "localhost:54322"

Prisma Migrate created the following migration without applying it 20261105091544_workspace_slug_unique

You can now edit it and apply it by running prisma migrate dev.
/*
  Warnings:

  - A unique constraint covering the columns \`[slug]\` on the table \`Workspace\` will be added. If there are existing duplicate values, this will fail.

*/
-- CreateIndex
CREATE UNIQUE INDEX "Workspace_slug_key" ON "Workspace"("slug");`, undefined, { kind: "code", where: "top" }],
    [35, "Bash", { command: `${MIG_ENV} prisma migrate deploy` }, `Environment variables loaded from ../../.env.production.local
Prisma schema loaded from prisma/schema.prisma
Datasource "db": PostgreSQL database "postgres", schema "public" at "${POOLER}:5432"

23 migrations found in prisma/migrations

Applying migration \`20261105091544_workspace_slug_unique\`
Error: P3018

A migration failed to apply. New migrations cannot be applied before the error is recovered from. Read more about how to resolve migration issues in a production database: https://pris.ly/d/migrate-resolve

Migration name: 20261105091544_workspace_slug_unique

Database error code: 23505

Database error:
ERROR: could not create unique index "Workspace_slug_key"
DETAIL: Key (slug)=(acme) is duplicated.

DbError { severity: "ERROR", parsed_severity: Some(Error), code: SqlState(E23505), message: "could not create unique index \\"Workspace_slug_key\\"", detail: Some("Key (slug)=(acme) is duplicated."), hint: None, position: None, where_: None, schema: Some("public"), table: Some("Workspace"), column: None, datatype: None, constraint: Some("Workspace_slug_key"), file: Some("tuplesortvariants.c"), line: Some(1550), routine: Some("comparetup_index_btree_tiebreak") }`, undefined, { kind: "pg", error: true, where: "top" }],
    [36, "Bash", MIG_CMD, migStatus(23, `Following migration have failed:
20261105091544_workspace_slug_unique

During development if the failed migration(s) have not been deployed to a production database you can then fix the migration(s) and run prisma migrate dev.

The failed migration(s) can be marked as rolled back or applied:
      
- If you rolled back the migration(s) manually:
prisma migrate resolve --rolled-back "20261105091544_workspace_slug_unique"

- If you fixed the database manually (hotfix):
prisma migrate resolve --applied "20261105091544_workspace_slug_unique"

Read more about how to resolve migration issues in a production database:
https://pris.ly/d/migrate-resolve`), "migstatus", { kind: "pg", where: "top" }],
    [37, "Bash", { command: `psql "$DIRECT_URL" -c 'select slug, count(*), min("createdAt")::date as first, max("createdAt")::date as last from "Workspace" group by slug having count(*) > 1 order by 2 desc, 1'` }, `    slug     | count |   first    |    last    
-------------+-------+------------+------------
 acme        |     3 | 2025-04-02 | 2026-08-19
 demo        |     3 | 2025-03-11 | 2026-10-30
 test        |     2 | 2025-03-10 | 2025-09-14
 feedback    |     2 | 2025-05-21 | 2026-02-03
 roadmap     |     2 | 2025-06-02 | 2026-07-12
 northwind   |     2 | 2025-07-18 | 2026-09-01
 my-team     |     2 | 2025-08-09 | 2026-10-02
 product     |     2 | 2025-09-30 | 2026-06-24
 bramble     |     2 | 2025-03-10 | 2025-11-18
 hello       |     2 | 2025-10-12 | 2026-01-27
 startup     |     2 | 2025-11-04 | 2026-04-15
 customers   |     2 | 2026-01-08 | 2026-09-22
 ideas       |     2 | 2026-02-14 | 2026-10-11
 beta        |     2 | 2026-03-03 | 2026-08-30
(14 rows)

(the signup form lower-cases slugs, the old admin "clone workspace" action did not check for collisions)`, undefined, { kind: "pg", where: "top" }],
    [38, "Bash", { command: `${MIG_ENV} prisma migrate resolve --rolled-back 20261105091544_workspace_slug_unique` }, `Environment variables loaded from ../../.env.production.local
Prisma schema loaded from prisma/schema.prisma
Datasource "db": PostgreSQL database "postgres", schema "public" at "${POOLER}:5432"

Migration 20261105091544_workspace_slug_unique marked as rolled back.`, undefined, { kind: "pg", where: "top" }],
    [39, "Bash", MIG_CMD, migStatus(23, `Following migration have not yet been applied:
20261105091544_workspace_slug_unique

To apply migrations in development run prisma migrate dev.
To apply migrations in production run prisma migrate deploy.`), "migstatus", { kind: "pg", where: "top" }],
    [41, "Bash", { command: `psql "$DIRECT_URL" -v ON_ERROR_STOP=1 -f packages/db/scripts/dedupe-slugs.sql` }, `BEGIN
CREATE TEMP TABLE
SELECT 16
UPDATE 16
INSERT 0 16
COMMIT
(14 duplicated slugs, 16 rows renamed: every copy except the oldest gets "<slug>-<n>"; old slugs go to "SlugRedirect" so existing board links keep working)`, undefined, { kind: "pg", where: "top" }],
    [43, "Bash", { command: `${MIG_ENV} prisma migrate deploy` }, `Environment variables loaded from ../../.env.production.local
Prisma schema loaded from prisma/schema.prisma
Datasource "db": PostgreSQL database "postgres", schema "public" at "${POOLER}:5432"

23 migrations found in prisma/migrations

Applying migration \`20261105091544_workspace_slug_unique\`

The following migration(s) have been applied:

migrations/
  └─ 20261105091544_workspace_slug_unique/
    └─ migration.sql
      
All migrations have been successfully applied.`, undefined, { kind: "pg", where: "top" }],
    [44, "Bash", MIG_CMD, migStatus(23, UP_TO_DATE), "migstatus", { kind: "pg", where: "top" }],
    [45, "Bash", { command: "git add packages/db && git commit -m 'db: unique workspace slug (dedupe script + redirects)' && git log -1 --oneline" }, `[main 0d4e6a8] db: unique workspace slug (dedupe script + redirects)
 3 files changed, 41 insertions(+)
 create mode 100644 packages/db/prisma/migrations/20261105091544_workspace_slug_unique/migration.sql
 create mode 100644 packages/db/scripts/dedupe-slugs.sql
0d4e6a8 db: unique workspace slug (dedupe script + redirects)`, undefined, { kind: "build", where: "top" }],
    [46, "Read", { file_path: RL_PATH }, RATELIMIT_V1, "ratelimit", { kind: "code", where: "top" }],
    [47, "Bash", { command: "vercel logs bramble.app --since 24h --output raw | grep ' 429 ' | grep /api/v1 | awk '{print $NF}' | sort | uniq -c | sort -rn | head" }, `   1842 key=key_live_zp…8f2a ws=orbit-labs ua=Zapier
    611 key=key_live_mk…c013 ws=northwind ua=node-fetch/3.3.2
    204 key=key_live_hs…77de ws=lumen ua=python-requests/2.32.3
     41 key=key_live_q2…0b9e ws=acme ua=curl/8.7.1
(orbit-labs and northwind are on the Pro plan; every API key gets the same 20 requests / 10 s today)`, undefined, { kind: "app", where: "top" }],
    [48, "Read", { file_path: `${B}/apps/admin/lib/ratelimit.ts` }, numbered(`import { Ratelimit } from "@upstash/ratelimit";
import { Redis } from "@upstash/redis";

// admin app: internal staff only, per staff user
export const adminLimiter = new Ratelimit({
  redis: Redis.fromEnv(),
  prefix: "rl:admin",
  limiter: Ratelimit.slidingWindow(30, "1 m"),
});`), undefined, { kind: "code", where: "top" }],
    [50, "Edit", { file_path: RL_PATH, old_string: '  api: new Ratelimit({ redis, prefix: "rl:api", limiter: Ratelimit.slidingWindow(20, "10 s"), analytics: true }),', new_string: '  apiFree: new Ratelimit({ redis, prefix: "rl:api:free", limiter: Ratelimit.slidingWindow(60, "1 m"), analytics: true }),\n  apiPro: new Ratelimit({ redis, prefix: "rl:api:pro", limiter: Ratelimit.slidingWindow(300, "1 m"), analytics: true }),' }, `The file ${RL_PATH} has been updated.`, undefined, { kind: "code", where: "top" }],
    [51, "Read", { file_path: RL_PATH }, RATELIMIT_V2, "ratelimit", { kind: "code", where: "top" }],
    [52, "Bash", { command: "pnpm --filter @bramble/ratelimit test" }, ` RUN  v2.1.4 ${B}/packages/ratelimit

 ✓ src/index.test.ts (7 tests) 38ms
   ✓ limitApi › free keys get 60 per minute
   ✓ limitApi › pro and business keys get 300 per minute
   ✓ limitAuth › blocks the 6th attempt in a minute

 Test Files  1 passed (1)
      Tests  7 passed (7)
   Duration  611ms`, undefined, { kind: "test", where: "top" }],
    [53, "Bash", { command: "git commit -am 'ratelimit: per-plan API limits (free 60/min, pro 300/min)' && git log -1 --oneline" }, `[main 8a2f4c9] ratelimit: per-plan API limits (free 60/min, pro 300/min)
 3 files changed, 14 insertions(+), 5 deletions(-)
8a2f4c9 ratelimit: per-plan API limits (free 60/min, pro 300/min)`, undefined, { kind: "build", where: "top" }],
    [55, "Bash", { command: "./scripts/inngest-runs.sh import-csv --status Failed --limit 5" }, `${runsHead}
import-csv            01JC2M8Q4X7Y1ZK3V9T0B6N5RD  Failed     2026-11-06 09:12:04  60.0s     FUNCTION_INVOCATION_TIMEOUT: Task timed out after 60 seconds (step "insert-rows-14")
import-csv            01JC2M3F1B8N6P0Q4R2S7T9V5W  Failed     2026-11-06 09:02:51  60.0s     FUNCTION_INVOCATION_TIMEOUT: Task timed out after 60 seconds (step "insert-rows-9")
import-csv            01JC1Z7D4E2G8H0J6K3L9M1N5P  Failed     2026-11-05 17:40:22  60.0s     FUNCTION_INVOCATION_TIMEOUT: Task timed out after 60 seconds (step "insert-rows-22")
(all three are Northwind's 180k-row Canny export; one insert-rows step of 5,000 rows takes 70-95 s with createMany against the pooler)`, undefined, { kind: "app", error: true, where: "top" }],
    [56, "Read", VERCEL_JSON, vercelJson("iad1", 60, undefined, 30), "vercelcfg", { kind: "code", where: "top" }],
    [57, "Read", { file_path: IMPORT_PATH }, IMPORT_V1, "importconc", { kind: "code", where: "top" }],
    [58, "Edit", { file_path: `${B}/apps/web/vercel.json`, old_string: '      "maxDuration": 60', new_string: '      "maxDuration": 300' }, `The file ${B}/apps/web/vercel.json has been updated.`, undefined, { kind: "code", where: "top" }],
    [59, "Read", VERCEL_JSON, vercelJson("iad1", 300, undefined, 30), "vercelcfg", { kind: "code", where: "top" }],
    [60, "Edit", { file_path: IMPORT_PATH, old_string: "    concurrency: { limit: 5 },", new_string: '    concurrency: [\n      { key: "event.data.workspaceId", limit: 1 },\n      { limit: 10 },\n    ],' }, `The file ${IMPORT_PATH} has been updated.`, undefined, { kind: "code", where: "top" }],
    [61, "Read", { file_path: IMPORT_PATH }, IMPORT_V2, "importconc", { kind: "code", where: "top" }],
    [62, "Bash", { command: "./scripts/inngest-runs.sh import-csv --limit 3" }, `${runsHead}
import-csv            01JC3A0R5T7V9X1Z3B5D7F9H1K  Completed  2026-11-06 11:48:30  3m02.4s   -
import-csv            01JC39Q2W4E6R8T0Y2U4I6O8P0  Completed  2026-11-06 11:31:07  41.8s     -
import-csv            01JC2M8Q4X7Y1ZK3V9T0B6N5RD  Failed     2026-11-06 09:12:04  60.0s     FUNCTION_INVOCATION_TIMEOUT: Task timed out after 60 seconds (step "insert-rows-14")
(11:48 is the Northwind re-run: 36 insert-rows steps, longest 94.2 s, all under the new 300 s limit)`, undefined, { kind: "app", where: "top" }],
    [64, "Bash", { command: "for i in 1 2 3 4 5; do curl -s -o /dev/null -D - -w 'ttfb %{time_starttransfer}s\\n' -H \"cookie: $BRAMBLE_SESSION\" https://bramble.app/acme/dashboard | grep -E 'x-vercel-id|ttfb'; done" }, `x-vercel-id: fra1::iad1::8x2qp-1762508411907-3e0a1c7d52b4
ttfb 1.842s
x-vercel-id: fra1::iad1::m4kz7-1762508413221-91f0e2b6ac03
ttfb 1.611s
x-vercel-id: fra1::iad1::p0dnc-1762508414502-c7d18e4f2a90
ttfb 1.703s
x-vercel-id: fra1::iad1::r7wbt-1762508415811-0b5e9a3d6c17
ttfb 1.588s
x-vercel-id: fra1::iad1::t2yhs-1762508417094-5d2c8f1e7b40
ttfb 1.774s
(edge in fra1, function in iad1; the database is in eu-central-1, so each of the dashboard's queries crosses the Atlantic)`, undefined, { kind: "app", where: "top" }],
    [65, "Bash", { command: `psql "$DIRECT_URL" -Atc "select version()" -c "show server_version" -c "select pg_size_pretty(pg_database_size('postgres'))"` }, `PostgreSQL 15.6 on aarch64-unknown-linux-gnu, compiled by gcc (GCC) 13.2.0, 64-bit
15.6
7412 MB
(Supabase project ${REF}, region eu-central-1 (Frankfurt))`, "pgversion", { kind: "pg", where: "top" }],
    [66, "Edit", { file_path: `${B}/apps/web/vercel.json`, old_string: '  "regions": ["iad1"],', new_string: '  "regions": ["fra1"],' }, `The file ${B}/apps/web/vercel.json has been updated.`, undefined, { kind: "code", where: "top" }],
    [67, "Read", VERCEL_JSON, vercelJson("fra1", 300, undefined, 30), "vercelcfg", { kind: "code", where: "top" }],
    [68, "Bash", { command: "vercel deploy --prod >/dev/null && for i in 1 2 3; do curl -s -o /dev/null -D - -w 'ttfb %{time_starttransfer}s\\n' -H \"cookie: $BRAMBLE_SESSION\" https://bramble.app/acme/dashboard | grep -E 'x-vercel-id|ttfb'; done" }, `x-vercel-id: fra1::fra1::q8vnd-1762512602318-4a7e0c2d9f13
ttfb 0.294s
x-vercel-id: fra1::fra1::w1ckx-1762512603010-8e3b5d7a1c60
ttfb 0.271s
x-vercel-id: fra1::fra1::z5jqm-1762512603655-2f9c0a4e6b81
ttfb 0.318s`, undefined, { kind: "app", where: "top" }],
    [69, "Bash", { command: "git commit -am 'vercel: functions in fra1 next to the db; inngest route maxDuration 300; import-csv one run per workspace' && git log -1 --oneline" }, `[main c6b19d0] vercel: functions in fra1 next to the db; inngest route maxDuration 300; import-csv one run per workspace
 2 files changed, 6 insertions(+), 3 deletions(-)
c6b19d0 vercel: functions in fra1 next to the db; inngest route maxDuration 300; import-csv one run per workspace`, undefined, { kind: "build", where: "top" }],
    [70, "Read", { file_path: STRIPE_PATH }, stripeTs("2024-10-28.acacia", 2, "0.42.0"), "stripecfg", { kind: "code", where: "top" }],
    [71, "Bash", { command: "vercel logs bramble-git-feat-seat-billing-bramble-hq.vercel.app --since 2h --output raw | grep -A4 webhook" }, `2026-11-07 10:02:44.120 [iad1] λ POST /api/stripe/webhook 400
  StripeSignatureVerificationError: No signatures found matching the expected signature for payload. Are you passing the raw request body you received from Stripe?
  Learn more about webhook signing and explore webhook integration examples for various frameworks at https://github.com/stripe/stripe-node#webhook-signing
    at Webhook.constructEvent (/var/task/node_modules/.pnpm/stripe@17.3.1/node_modules/stripe/cjs/Webhooks.js:12:19)
(preview deployment only; the test-mode endpoint for staging was recreated on Nov 6 and got a new signing secret, the preview env still has the old one. Production webhooks: 0 failures)`, undefined, { kind: "app", error: true, where: "top" }],
    [73, "Bash", { command: "stripe webhook_endpoints list --limit 3 | jq -r '.data[] | [.id, .url, .status, .livemode] | @tsv' && vercel env rm STRIPE_WEBHOOK_SECRET preview -y && vercel env add STRIPE_WEBHOOK_SECRET preview < /tmp/whsec_staging" }, `we_1QHk2LBrmblStg09xQa4\thttps://staging.bramble.app/api/stripe/webhook\tenabled\tfalse
we_1Q0aP7BrmblDev77cNr1\thttps://bramble-dev.ngrok.app/api/stripe/webhook\tdisabled\tfalse
Vercel CLI 39.1.1
✅  Removed Environment Variable [301ms]
✅  Added Environment Variable STRIPE_WEBHOOK_SECRET to Project bramble-web [Preview] [276ms]`, undefined, { kind: "build", where: "top" }],
    [74, "Bash", ENV_PREVIEW_CMD, envShow(PREVIEW_V2), "envpreview", { kind: "build", where: "top" }],
    [75, "Bash", PW_FLAKY(20), flakyFail(6, 20, 5000, [3, 7, 8, 12, 15, 19], "2.4m"), "flaky", { kind: "test", where: "top" }],
    [76, "Read", { file_path: `${B}/apps/e2e/billing/upgrade.spec.ts` }, numbered(`import { test, expect } from "../fixtures";

test.describe("upgrade", () => {
  test.beforeEach(async ({ freeWorkspace }) => {
    await freeWorkspace.reset();
  });

  test("free workspace can upgrade to Pro", async ({ page, freeWorkspace }) => {
    const slug = freeWorkspace.slug;
    await page.goto(\`/\${slug}/settings/billing\`);
    await page.getByRole("button", { name: "Upgrade to Pro" }).click();
    await page.waitForURL(/checkout\\.stripe\\.com/);
    await fillStripeCheckout(page, { card: "4242424242424242" });
    await page.waitForURL(/\\/billing\\/success/);
    await page.goto(\`/\${slug}/settings/billing\`);
    await expect(page.getByTestId("plan-badge")).toHaveText("Pro");
  });`, 18), undefined, { kind: "code", where: "top" }],
    [77, "Edit", { file_path: `${B}/apps/e2e/billing/upgrade.spec.ts`, old_string: '    await expect(page.getByTestId("plan-badge")).toHaveText("Pro");', new_string: '    await expect(page.getByTestId("plan-badge")).toHaveText("Pro", { timeout: 15_000 });' }, `The file ${B}/apps/e2e/billing/upgrade.spec.ts has been updated.`, undefined, { kind: "code", where: "top" }],
    [78, "Bash", PW_FLAKY(20), `${flakyFail(2, 20, 15000, [6, 17], "2.9m")}
(expect timeout raised to 15_000: fewer failures, still red; in both failures the checkout.session.completed webhook reached stripe-cli 16-19 s after the redirect)`, "flaky", { kind: "test", where: "top" }],
    [79, "Read", { file_path: `${B}/apps/web/app/[workspace]/billing/success/page.tsx` }, numbered(`import { redirect } from "next/navigation";
import { requireMember } from "@/lib/auth";

// Stripe redirects here after checkout; the plan is updated by the checkout.session.completed webhook
export default async function BillingSuccess({ params }: { params: Promise<{ workspace: string }> }) {
  const { workspace: slug } = await params;
  await requireMember(slug);
  redirect(\`/\${slug}/settings/billing?upgraded=1\`);
}`), undefined, { kind: "code", where: "top" }],
    [80, "Edit", { file_path: `${B}/apps/web/app/[workspace]/billing/success/page.tsx`, old_string: "  await requireMember(slug);\n  redirect(", new_string: "  const { workspace } = await requireMember(slug);\n  const { session_id } = await searchParams;\n  // don't wait for the webhook: pull the subscription from the checkout session now (idempotent with the webhook)\n  if (session_id) await syncSubscriptionFromCheckoutSession(workspace.id, session_id);\n  redirect(" }, `The file ${B}/apps/web/app/[workspace]/billing/success/page.tsx has been updated.`, undefined, { kind: "code", where: "top" }],
    [81, "Bash", PW_FLAKY(20), `Running 20 tests using 4 workers

  ✓  1 [chromium] › billing/upgrade.spec.ts:18:7 › upgrade › free workspace can upgrade to Pro (repeat #1) (8.4s)
  ✓  2 [chromium] › billing/upgrade.spec.ts:18:7 › upgrade › free workspace can upgrade to Pro (repeat #2) (8.1s)
  ✓  3 [chromium] › billing/upgrade.spec.ts:18:7 › upgrade › free workspace can upgrade to Pro (repeat #3) (7.9s)

  20 passed (1.6m)`, "flaky", { kind: "test", where: "bottom" }],
    [82, "Bash", { command: "pnpm e2e auth/ --reporter=list" }, `Running 9 tests using 4 workers

  ✓  1 [chromium] › auth/login.spec.ts:9:7 › login › password login (2.1s)
  ✘  4 [chromium] › auth/magic-link.spec.ts:12:7 › magic link › sign in from the email link (6.3s)

  1) [chromium] › auth/magic-link.spec.ts:12:7 › magic link › sign in from the email link

    Error: Timed out 5000ms waiting for expect(locator).toBeVisible()

    Locator: getByRole('link', { name: 'Sign in to Bramble' })
    Expected: visible
    Received: <element(s) not found>

    Error: mailpit: connect ECONNREFUSED 127.0.0.1:8025
        at fixtures/mailbox.ts:22:11

  3 failed
    [chromium] › auth/magic-link.spec.ts:12:7 › magic link › sign in from the email link
    [chromium] › auth/magic-link.spec.ts:31:7 › magic link › expired link shows an error
    [chromium] › auth/magic-link.spec.ts:48:7 › magic link › link works once
  6 passed (31.2s)
(mailpit container not started locally; unrelated to the billing flake)`, undefined, { kind: "test", error: true, where: "top" }],
    [83, "Bash", { command: "docker compose up -d mailpit && pnpm e2e --reporter=list" }, pwRun(42, 1, "1.9m"), "pwrun", { kind: "test", where: "bottom" }],
    [84, "Bash", { command: "git commit -am 'billing: sync the subscription on the success page; e2e upgrade test no longer races the webhook' && git log -1 --format='%h %s%n%n%b'" }, `[main 4f7a2d1] billing: sync the subscription on the success page; e2e upgrade test no longer races the webhook
 3 files changed, 22 insertions(+), 2 deletions(-)
4f7a2d1 billing: sync the subscription on the success page; e2e upgrade test no longer races the webhook

upgrade.spec.ts failed 6/20 runs. The success page only redirected and the plan was flipped
by the checkout.session.completed webhook, which through stripe-cli can arrive after the
test (and a real user) is already back on the billing page showing "Free". A longer expect
timeout only made it 2/20. Now the success page retrieves the checkout session and syncs
the subscription itself (same upsert as the webhook, idempotent). 20/20 green.`, undefined, { kind: "build", where: "top" }],
    [86, "Bash", COLD_CMD, cold([COLD_V1, coldRow("/[workspace]/board/[boardId]", 30417, 5902, "19.4", 388, 4406, 6120, 3702), coldRow("/api/v1/[...path]", 88120, 9104, "10.3", 61, 3390, 5102, 3511), coldRow("/api/inngest", 12004, 1377, "11.5", 840, 5210, 8804, 3655), coldRow("/[workspace]/settings", 8410, 1693, "20.1", 201, 4120, 5990, 3480)], "(Mon Nov 9 09:40 CET; deployment bramble-5kq0r8vxd since Sun 19:02; support has 11 tickets about a slow dashboard)"), "coldstart", { kind: "app", where: "top" }],
    [87, "Bash", { command: "vercel ls bramble-web --prod | head -8" }, `Vercel CLI 39.1.1
> Deployments for bramble-hq/bramble-web [411ms]

  Age     Deployment                                          Status      Environment     Duration     Username
  14h     https://bramble-5kq0r8vxd-bramble-hq.vercel.app     ● Ready     Production      2m           maya-lindqvist
  2d      https://bramble-8hd2k1x0c-bramble-hq.vercel.app     ● Ready     Production      2m           sam-okafor
  2d      https://bramble-1mv7e3rzt-bramble-hq.vercel.app     ● Ready     Production      2m           sam-okafor
  6d      https://bramble-3fk2m9qpa-bramble-hq.vercel.app     ● Ready     Production      2m           sam-okafor`, undefined, { kind: "build", where: "top" }],
    [88, "Bash", { command: "vercel rollback bramble-8hd2k1x0c-bramble-hq.vercel.app --yes" }, `Vercel CLI 39.1.1
Fetching deployment "bramble-8hd2k1x0c-bramble-hq.vercel.app" in bramble-hq…
Retrieving project…
Rolling back to bramble-8hd2k1x0c-bramble-hq.vercel.app (dpl_8Hd2K1x0cQ3mYtB7vW9rN4pLs6Za)…
Success! bramble-web was rolled back to bramble-8hd2k1x0c-bramble-hq.vercel.app (dpl_8Hd2K1x0cQ3mYtB7vW9rN4pLs6Za) [5s]
(auto-assignment of production domains is now off until the next \`vercel promote\`)`, undefined, { kind: "build", where: "top" }],
    [89, "Bash", INSPECT_CMD, inspect("8hd2k1x0c", "dpl_8Hd2K1x0cQ3mYtB7vW9rN4pLs6Za", "Sat Nov 07 2026 11:20:41 GMT+0100 (Central European Standard Time) [2d]", [["[workspace]/dashboard", "34.9MB"], ["[workspace]/board/[boardId]", "34.7MB"], ["api/v1/[...path]", "33.2MB"], ["api/inngest", "33.6MB"], ["api/stripe/webhook", "31.0MB"]], "fra1"), "prodalias", { kind: "build", where: "top" }],
    [90, "Bash", FNSIZE_CMD, `${fnHead}
${FN_BAD}
${fnRow("app/[workspace]/board/[boardId]/page", "47.9 MB", "@react-pdf/renderer+fontkit+yoga 11.4 MB, prisma engines x4 17.1 MB, sharp 9.6 MB")}
${fnRow("app/api/v1/[...path]/route", "33.0 MB", "prisma engines x4 17.1 MB, sharp 9.6 MB, zod 0.6 MB")}
${fnRow("app/api/inngest/route", "33.4 MB", "prisma engines x4 17.1 MB, sharp 9.6 MB, inngest 1.2 MB")}
${fnRow("app/api/export/[id]/route", "48.6 MB", "@react-pdf/renderer+fontkit+yoga 11.4 MB, prisma engines x4 17.1 MB")}
(built locally at 6d1f0a3, the commit deployed as bramble-5kq0r8vxd)`, "fnsize", { kind: "build", where: "top" }],
    [91, "Grep", { pattern: "from \"@bramble/ui\"", path: "apps/web", output_mode: "content", "-n": true }, `apps/web/app/[workspace]/dashboard/view.tsx:3:import { Card, StatTile, PostCard, EmptyState } from "@bramble/ui";
apps/web/app/[workspace]/board/[boardId]/page.tsx:5:import { PostCard, VoteButton, StatusPill } from "@bramble/ui";
apps/web/app/[workspace]/settings/page.tsx:4:import { Button, Input, Section } from "@bramble/ui";
apps/web/app/[workspace]/settings/billing/page.tsx:6:import { Button, PlanBadge, Section } from "@bramble/ui";
apps/web/app/api/export/[id]/route.ts:7:import { InvoicePdf, renderToBuffer } from "@bramble/ui";
apps/web/app/login/page.tsx:3:import { Button, Input, Logo } from "@bramble/ui";`, undefined, { kind: "code", where: "top" }],
    [92, "Read", { file_path: B_UI_INDEX }, numbered(`export * from "./Button";
export * from "./Card";
export * from "./EmptyState";
export * from "./Input";
export * from "./Logo";
export * from "./PlanBadge";
export * from "./PostCard";
export * from "./Section";
export * from "./StatTile";
export * from "./StatusPill";
export * from "./VoteButton";
export * from "./pdf/InvoicePdf";
export { renderToBuffer } from "@react-pdf/renderer";`), undefined, { kind: "code", where: "top" }],
    [93, "Bash", { command: "git log -S'InvoicePdf' --format='%h %ad %an%n    %s' --date=iso -- packages/ui/src/index.ts" }, `6d1f0a3 2026-11-08 18:51:07 +0100 Maya Lindqvist
    ui: invoice pdf component, export from the package index for the export route`, undefined, { kind: "build", where: "top" }],
    [94, "Read", { file_path: SCHEMA_PATH }, schemaHead('"native", "rhel-openssl-3.0.x", "linux-arm64-openssl-3.0.x", "debian-openssl-3.0.x"'), "schemahead", { kind: "code", where: "top" }],
    [95, "Edit", { file_path: B_UI_INDEX, old_string: 'export * from "./pdf/InvoicePdf";\nexport { renderToBuffer } from "@react-pdf/renderer";', new_string: "// pdf lives at @bramble/ui/pdf: importing it here pulled @react-pdf into every function" }, `The file ${B_UI_INDEX} has been updated.`, undefined, { kind: "code", where: "top" }],
    [96, "Edit", { file_path: SCHEMA_PATH, old_string: '  binaryTargets = ["native", "rhel-openssl-3.0.x", "linux-arm64-openssl-3.0.x", "debian-openssl-3.0.x"]', new_string: '  binaryTargets = ["native", "rhel-openssl-3.0.x"]' }, `The file ${SCHEMA_PATH} has been updated.`, undefined, { kind: "code", where: "top" }],
    [97, "Bash", { command: `pnpm turbo build --filter=@bramble/web >/dev/null && ${FNSIZE_CMD.command}` }, `${fnHead}
${FN_NOW}
${fnRow("app/[workspace]/board/[boardId]/page", "13.6 MB", "prisma engines x1 4.3 MB, sharp 4.9 MB, next-server 2.1 MB")}
${fnRow("app/api/v1/[...path]/route", "12.1 MB", "prisma engines x1 4.3 MB, sharp 4.9 MB, zod 0.6 MB")}
${fnRow("app/api/inngest/route", "12.9 MB", "prisma engines x1 4.3 MB, sharp 4.9 MB, inngest 1.2 MB")}
${fnRow("app/api/export/[id]/route", "25.3 MB", "@react-pdf/renderer+fontkit+yoga 11.4 MB, prisma engines x1 4.3 MB")}`, "fnsize", { kind: "build", where: "top" }],
    [98, "Bash", WEBBUILD_CMD, webBuild("15.1.0", webRows(DASH_V2, ["10.9 kB", "171 kB"], ["7.94 kB", "139 kB"], ["5.87 kB", "137 kB"]), "105 kB", "e2a91c7f0b3d5846", "1m22.907s", "0.42.1"), "webbuild", { kind: "build", where: "top" }],
    [99, "Bash", { command: "vercel deploy --prod && vercel promote bramble-t4n8w2jyc-bramble-hq.vercel.app --yes" }, `Vercel CLI 39.1.1
🔍  Inspect: https://vercel.com/bramble-hq/bramble-web/T4n8W2jyCk6pQ0rZ3xV5bN7m [3s]
✅  Production: https://bramble-t4n8w2jyc-bramble-hq.vercel.app [1m]
Success! bramble.app now points to bramble-t4n8w2jyc-bramble-hq.vercel.app (dpl_T4n8W2jyCk6pQ0rZ3xV5bN7m) [3s]
(production domains are assigned automatically again)`, undefined, { kind: "build", where: "top" }],
    [100, "Bash", INSPECT_CMD, inspect("t4n8w2jyc", "dpl_T4n8W2jyCk6pQ0rZ3xV5bN7m", "Mon Nov 09 2026 13:07:19 GMT+0100 (Central European Standard Time) [4m]", [["[workspace]/dashboard", "13.8MB"], ["[workspace]/board/[boardId]", "13.6MB"], ["api/v1/[...path]", "12.1MB"], ["api/inngest", "12.9MB"], ["api/export/[id]", "25.3MB"]], "fra1"), "prodalias", { kind: "build", where: "top" }],
    [102, "Bash", COLD_CMD, cold([COLD_V2, coldRow("/[workspace]/board/[boardId]", 31802, 2004, "6.3", 171, 790, 1388, 671), coldRow("/api/v1/[...path]", 90511, 3711, "4.1", 44, 388, 904, 640), coldRow("/api/inngest", 12610, 520, "4.1", 702, 2410, 4100, 655), coldRow("/[workspace]/settings", 8702, 544, "6.3", 150, 702, 1290, 648)], "(Tue Nov 10 09:00 CET, 20h on bramble-t4n8w2jyc)"), "coldstart", { kind: "app", where: "top" }],
    [103, "Bash", { command: "git commit -am 'perf: keep @react-pdf out of the dashboard function, 2 prisma engines' && git log -1 --format='%h %s%n%n%b'" }, `[main 2b7e91d] perf: keep @react-pdf out of the dashboard function, 2 prisma engines
 5 files changed, 12 insertions(+), 7 deletions(-)
2b7e91d perf: keep @react-pdf out of the dashboard function, 2 prisma engines

Cold start incident, Mon Nov 9: /[workspace]/dashboard p95 4912 ms, 21.4% cold starts,
average cold init 3870 ms. Cause: 6d1f0a3 (Nov 8) exported InvoicePdf and renderToBuffer
from the @bramble/ui index, so every route importing anything from @bramble/ui traced
@react-pdf/renderer + fontkit + yoga wasm into its function; with the four Prisma
binaryTargets added in the Prisma 6 upgrade the dashboard function was 48.2 MB unzipped.
InvoicePdf moved to @bramble/ui/pdf (only the export route imports it), binaryTargets back
to native + rhel-openssl-3.0.x, optimizePackageImports for @bramble/ui: 13.8 MB.
During the incident prod was rolled back to bramble-8hd2k1x0c; the fix went out as t4n8w2jyc.`, undefined, { kind: "build", where: "top" }],
    [104, "Read", { file_path: SCHEMA_PATH }, schemaHead('"native", "rhel-openssl-3.0.x"'), "schemahead", { kind: "code", where: "top" }],
    [106, "Bash", { command: "gh issue view 412 --repo bramble-hq/bramble --comments | head -40" }, `title:	Build fails on fork: prisma can't reach db?
state:	CLOSED
author:	dkowalczyk-dev
labels:	question
comments:	3
--
I forked the repo and the Vercel preview build fails, here's the full log from the deployment page:

  [check-env] NODE_ENV=production VERCEL_ENV=production
  [check-env] DATABASE_URL=postgresql://postgres.${REF}:<the full prod password, in clear>@${POOLER}:6543/postgres?pgbouncer=true&connection_limit=3&pool_timeout=20
  Error: P1001: Can't reach database server at ...
--
author:	sam-okafor
The log in this issue contains our production database password (packages/db/scripts/check-env.ts prints DATABASE_URL unmasked on every build). The issue was public for ~31 hours. Rotating the password now and hiding the comment.`, undefined, { kind: "app", where: "top" }],
    [107, "Read", { file_path: `${B}/packages/db/scripts/check-env.ts` }, numbered(`// runs as "prebuild" in @bramble/db: fail fast when the database env is missing
const required = ["DATABASE_URL", "DIRECT_URL"];
for (const name of required) {
  if (!process.env[name]) throw new Error(\`\${name} is not set\`);
  console.log(\`[check-env] \${name}=\${process.env[name]}\`);
}
console.log(\`[check-env] NODE_ENV=\${process.env.NODE_ENV} VERCEL_ENV=\${process.env.VERCEL_ENV}\`);`), undefined, { kind: "code", where: "top" }],
    [108, "Bash", { command: `psql "$DIRECT_URL" -c "alter role postgres with password :'newpw'" -v newpw="$(cat /tmp/pg_newpw)"` }, `ALTER ROLE`, undefined, { kind: "pg", where: "top" }],
    [109, "Bash", { command: "for v in DATABASE_URL DIRECT_URL; do vercel env rm $v production -y && vercel env add $v production < /tmp/$v.prod; done && vercel deploy --prod" }, `Vercel CLI 39.1.1
✅  Removed Environment Variable [312ms]
✅  Added Environment Variable DATABASE_URL to Project bramble-web [291ms]
✅  Removed Environment Variable [298ms]
✅  Added Environment Variable DIRECT_URL to Project bramble-web [305ms]
🔍  Inspect: https://vercel.com/bramble-hq/bramble-web/Hp0r3Kd8sW1nY5qZ7cL2xV9b [3s]
✅  Production: https://bramble-hp0r3kd8s-bramble-hq.vercel.app [2m]
🔗  Aliased: https://bramble.app [2m]`, undefined, { kind: "build", where: "top" }],
    [110, "Bash", ENV_PROD_CMD, envShow(PROD_V4), "envprod", { kind: "build", where: "top" }],
    [111, "Bash", ENVLS_CMD, envLs([["DATABASE_URL", "Production", "3m ago"], ["DIRECT_URL", "Production", "3m ago"], ["STRIPE_WEBHOOK_SECRET", "Production", "42d ago"], ["STRIPE_SECRET_KEY", "Production", "42d ago"], ["UPSTASH_REDIS_REST_TOKEN", "Production, Preview", "118d ago"], ["UPSTASH_REDIS_REST_URL", "Production, Preview", "118d ago"], ["INNGEST_SIGNING_KEY", "Production", "201d ago"], ["INNGEST_EVENT_KEY", "Production", "201d ago"], ["SUPABASE_SERVICE_ROLE_KEY", "Production", "244d ago"]]), "envls", { kind: "build", where: "top" }],
    [112, "Edit", { file_path: `${B}/packages/db/scripts/check-env.ts`, old_string: "  console.log(`[check-env] ${name}=${process.env[name]}`);", new_string: "  console.log(`[check-env] ${name} is set (${new URL(process.env[name]!).host})`);" }, `The file ${B}/packages/db/scripts/check-env.ts has been updated.`, undefined, { kind: "code", where: "top" }],
    [113, "Bash", { command: "psql \"$OLD_DATABASE_URL\" -c 'select 1'; psql \"$DIRECT_URL\" -Atc 'select 1'" }, `psql: error: connection to server at "${POOLER}" (3.125.58.17), port 6543 failed: FATAL:  password authentication failed for user "postgres"
1
(old password rejected, new one works)`, undefined, { kind: "pg", error: true, where: "top" }],
    [114, "Bash", { command: "git commit -am 'db: check-env prints only the host; prod db password rotated after #412' && git log -1 --oneline" }, `[main 91e3c5a] db: check-env prints only the host; prod db password rotated after #412
 1 file changed, 1 insertion(+), 1 deletion(-)
91e3c5a db: check-env prints only the host; prod db password rotated after #412`, undefined, { kind: "build", where: "top" }],
    [116, "Edit", { file_path: `${B}/package.json`, old_string: '    "node": "20.x"', new_string: '    "node": "22.x"' }, `The file ${B}/package.json has been updated. (.nvmrc 20.18.0 -> 22.12.0 in the same change)`, undefined, { kind: "code", where: "top" }],
    [117, "Bash", { command: "vercel project inspect bramble-web" }, projectInspect("20.x"), "nodevercel", { kind: "build", where: "top" }],
    [118, "Bash", { command: "curl -s -X PATCH \"https://api.vercel.com/v9/projects/bramble-web?teamId=$VERCEL_TEAM_ID\" -H \"Authorization: Bearer $VERCEL_TOKEN\" -H 'content-type: application/json' -d '{\"nodeVersion\":\"22.x\"}' | jq '{name, nodeVersion, framework, rootDirectory}'" }, `{
  "name": "bramble-web",
  "nodeVersion": "22.x",
  "framework": "nextjs",
  "rootDirectory": "apps/web"
}`, undefined, { kind: "build", where: "top" }],
    [119, "Bash", { command: "vercel project inspect bramble-web" }, projectInspect("22.x"), "nodevercel", { kind: "build", where: "top" }],
    [120, "Bash", { command: `corepack use pnpm@9.15.0 && pnpm add -Dw turbo@^2.3.3 && nvm use && ${TOOLCHAIN_CMD.command}` }, toolchain("9.15.0", "22.x", "2.3.3", "22.12.0"), "toolchain", { kind: "build", where: "bottom" }],
    [121, "Bash", { command: "pnpm turbo build" }, `@bramble/docs:build: cache miss, executing 0f6a2c9e8b1d7345
@bramble/docs:build: 
@bramble/docs:build: > @bramble/docs@0.3.0 build ${B}/apps/docs
@bramble/docs:build: > next build
@bramble/docs:build: 
@bramble/docs:build: file://${B}/apps/docs/next.config.mjs:2
@bramble/docs:build: import pkg from "./package.json" assert { type: "json" };
@bramble/docs:build:                                  ^^^^^^
@bramble/docs:build: 
@bramble/docs:build: SyntaxError: Unexpected identifier 'assert'
@bramble/docs:build:     at compileSourceTextModule (node:internal/modules/esm/utils:340:16)
@bramble/docs:build:     at ModuleLoader.moduleStrategy (node:internal/modules/esm/translators:146:18)
@bramble/docs:build: 
@bramble/docs:build: Node.js v22.12.0
@bramble/docs:build:  ELIFECYCLE  Command failed with exit code 1.
@bramble/docs:build: ERROR: command finished with error: command (${B}/apps/docs) ${B}/node_modules/.bin/pnpm run build exited (1)
@bramble/web:build: cache miss, executing 3d8e1f6a0c2b9d74
@bramble/admin:build: cache miss, executing 5a7c0e2f4b6d8193

 Tasks:    9 successful, 11 total
Cached:    5 cached, 11 total
  Time:    48.113s 
Failed:    @bramble/docs#build

 ERROR  run failed: command  exited (1)`, undefined, { kind: "build", error: true, where: "top" }],
    [122, "Read", { file_path: `${B}/apps/docs/next.config.mjs` }, numbered(`import nextra from "nextra";
import pkg from "./package.json" assert { type: "json" };

const withNextra = nextra({ theme: "nextra-theme-docs", themeConfig: "./theme.config.tsx" });

export default withNextra({
  env: { DOCS_VERSION: pkg.version },
  images: { unoptimized: true },
});`), undefined, { kind: "code", where: "top" }],
    [123, "Edit", { file_path: `${B}/apps/docs/next.config.mjs`, old_string: 'import pkg from "./package.json" assert { type: "json" };', new_string: 'import pkg from "./package.json" with { type: "json" };' }, `The file ${B}/apps/docs/next.config.mjs has been updated.`, undefined, { kind: "code", where: "top" }],
    [124, "Bash", { command: "pnpm turbo build" }, `@bramble/docs:build: cache miss, executing 2c4e6a8b0d1f3579
@bramble/docs:build:  ✓ Generating static pages (48/48)
@bramble/admin:build: cache hit, replaying logs 5a7c0e2f4b6d8193
@bramble/web:build: cache hit, replaying logs 3d8e1f6a0c2b9d74

 Tasks:    11 successful, 11 total
Cached:    6 cached, 11 total
  Time:    1m12.402s`, "turbobuild", { kind: "build", where: "bottom" }],
    [126, "Read", { file_path: USAGE_PATH }, syncUsage(25, undefined, "transaction pooler since Nov 3: 25 is fine for the db, 10 made the nightly run take 2h40m"), "usageconc", { kind: "code", where: "top" }],
    [127, "Bash", { command: "./scripts/inngest-runs.sh sync-workspace-usage --status Failed --since 24h --limit 4" }, `${runsHead}
sync-workspace-usage  01JCA1E3G5J7L9N1Q3S5U7W9Y1  Failed     2026-11-11 02:03:18  14.2s     StripeRateLimitError: Request rate limit exceeded. You can learn more about rate limits here https://stripe.com/docs/rate-limits.
sync-workspace-usage  01JCA1E2F4H6K8M0P2R4T6V8X0  Failed     2026-11-11 02:03:17  13.9s     StripeRateLimitError: Request rate limit exceeded. You can learn more about rate limits here https://stripe.com/docs/rate-limits.
sync-workspace-usage  01JCA1D9C1E3G5J7L9N1Q3S5U7  Failed     2026-11-11 02:02:55  12.7s     StripeRateLimitError: Request rate limit exceeded. You can learn more about rate limits here https://stripe.com/docs/rate-limits.
(312 of 4,118 runs failed after 4 retries between 02:00 and 02:24 UTC; with concurrency 25 and no throttle the report-to-stripe steps peaked at ~140 Stripe requests/s, the live-mode limit is 100/s)`, undefined, { kind: "app", error: true, where: "top" }],
    [128, "Edit", { file_path: USAGE_PATH, old_string: "    concurrency: { limit: 25 },", new_string: '    concurrency: { limit: 25 },\n    throttle: { limit: 50, period: "1s" },' }, `The file ${USAGE_PATH} has been updated.`, undefined, { kind: "code", where: "top" }],
    [129, "Read", { file_path: USAGE_PATH }, syncUsage(25, 50, "transaction pooler since Nov 3: 25 is fine for the db, 10 made the nightly run take 2h40m"), "usageconc", { kind: "code", where: "top" }],
    [130, "Bash", { command: "./scripts/inngest-runs.sh sync-usage --limit 1 --summary" }, `${runsHead}
sync-usage            01JCCQ0A2B4D6F8H0J2L4N6P8R  Completed  2026-11-12 02:00:03  2.1s      -
  fan-out: 4,131 x sync-workspace-usage: 4,131 completed, 0 failed, first start 02:00:04, last finish 02:38:16 (38m12s)
  Stripe requests: peak 52/s, 0 x 429`, undefined, { kind: "app", where: "top" }],
    [131, "Bash", { command: "git commit -am 'jobs: sync-workspace-usage concurrency 25 + throttle 50/s (Stripe 429s)' && git log -1 --oneline" }, `[main e0b8a47] jobs: sync-workspace-usage concurrency 25 + throttle 50/s (Stripe 429s)
 1 file changed, 3 insertions(+), 1 deletion(-)
e0b8a47 jobs: sync-workspace-usage concurrency 25 + throttle 50/s (Stripe 429s)`, undefined, { kind: "build", where: "top" }],
    [133, "Bash", { command: `${MIG_ENV} prisma migrate deploy` }, `Environment variables loaded from ../../.env.production.local
Prisma schema loaded from prisma/schema.prisma
Datasource "db": PostgreSQL database "postgres", schema "public" at "${POOLER}:5432"

24 migrations found in prisma/migrations

Applying migration \`20261111140210_drop_workspace_legacy_plan\`

The following migration(s) have been applied:

migrations/
  └─ 20261111140210_drop_workspace_legacy_plan/
    └─ migration.sql
      
All migrations have been successfully applied.`, undefined, { kind: "pg", where: "top" }],
    [134, "Bash", MIG_CMD, migStatus(24, UP_TO_DATE), "migstatus", { kind: "pg", where: "top" }],
    [135, "Bash", { command: "vercel logs admin.bramble.app --scope bramble-hq --since 30m --output raw | grep -A7 PrismaClient | head -20" }, `2026-11-11 14:12:40.118 [fra1] λ GET /workspaces 500
  PrismaClientKnownRequestError: 
  Invalid \`prisma.workspace.findMany()\` invocation:

  The column \`Workspace.legacyPlan\` does not exist in the current database.
    code: 'P2022',
    meta: { modelName: 'Workspace', column: 'Workspace.legacyPlan' },
    clientVersion: '5.22.0'
(bramble-admin is its own Vercel project, still built from @bramble/db 0.9.0 with the old schema; every workspace list and detail page in the admin is down since the migration)`, undefined, { kind: "app", error: true, where: "top" }],
    [136, "Grep", { pattern: "legacyPlan", path: "apps/admin", output_mode: "content", "-n": true }, `apps/admin/app/workspaces/page.tsx:14:    select: { id: true, slug: true, name: true, legacyPlan: true, createdAt: true },
apps/admin/app/workspaces/[id]/page.tsx:22:  const plan = workspace.legacyPlan ?? workspace.subscription?.plan ?? "free";
apps/admin/app/workspaces/[id]/page.tsx:61:          <dd>{workspace.legacyPlan ?? "—"}</dd>
apps/admin/lib/exports.ts:9:  "legacyPlan",`, undefined, { kind: "code", where: "top" }],
    [137, "Bash", { command: "cat packages/db/prisma/migrations/20261111152733_restore_workspace_legacy_plan/migration.sql" }, `-- Reverts 20261111140210_drop_workspace_legacy_plan: bramble-admin still selects the column
-- and deploys separately; drop it again only after admin is on @bramble/db 0.10.
ALTER TABLE "Workspace" ADD COLUMN "legacyPlan" TEXT;

-- values come back from the 2026-11-11 03:00 UTC daily backup, restored into schema backup_20261111
UPDATE "Workspace" w SET "legacyPlan" = b."legacyPlan"
FROM backup_20261111."Workspace" b
WHERE b.id = w.id AND b."legacyPlan" IS NOT NULL;`, undefined, { kind: "code", where: "top" }],
    [138, "Bash", { command: `${MIG_ENV} prisma migrate deploy && psql "$DIRECT_URL" -Atc 'select count(*) from "Workspace" where "legacyPlan" is not null'` }, `Environment variables loaded from ../../.env.production.local
Prisma schema loaded from prisma/schema.prisma
Datasource "db": PostgreSQL database "postgres", schema "public" at "${POOLER}:5432"

25 migrations found in prisma/migrations

Applying migration \`20261111152733_restore_workspace_legacy_plan\`

The following migration(s) have been applied:

migrations/
  └─ 20261111152733_restore_workspace_legacy_plan/
    └─ migration.sql
      
All migrations have been successfully applied.
3207`, undefined, { kind: "pg", where: "top" }],
    [139, "Bash", MIG_CMD, migStatus(25, UP_TO_DATE), "migstatus", { kind: "pg", where: "top" }],
    [140, "Bash", { command: "git add packages/db && git commit -m 'db: restore Workspace.legacyPlan (admin still reads it)' && git log -1 --format='%h %s%n%n%b'" }, `[main 7c2d9f4] db: restore Workspace.legacyPlan (admin still reads it)
 2 files changed, 11 insertions(+)
7c2d9f4 db: restore Workspace.legacyPlan (admin still reads it)

20261111140210_drop_workspace_legacy_plan took the admin app down for 41 minutes
(P2022, column Workspace.legacyPlan does not exist): admin deploys from its own
Vercel project on @bramble/db 0.9.0. Rolled forward with a restore migration and the
values from the Nov 11 backup (3207 workspaces). Drop again after admin moves to 0.10.`, undefined, { kind: "build", where: "top" }],
    [142, "Bash", PGCONN_CMD, pgconn(90, [["postgres", "Supavisor", "idle", 22], ["postgres", "Supavisor", "active", 4], ["authenticator", "postgrest", "idle", 6], ["supabase_auth_admin", "gotrue", "idle", 3], ["supabase_admin", "pg_cron scheduler", "-", 1], ["supabase_admin", "", "active", 2], ["postgres", "psql", "active", 1]], 39), "pgconn", { kind: "pg", where: "top" }],
    [143, "Bash", { command: `curl -s -X PATCH -H "Authorization: Bearer $SUPABASE_ACCESS_TOKEN" -H 'content-type: application/json' -d '{"default_pool_size": 30}' https://api.supabase.com/v1/projects/${REF}/config/database/pooler >/dev/null && ${POOLER_CMD.command}` }, `${pooler(6543, 30, 400, "transaction")}
(compute upgraded Micro -> Small at 09:12; max_client_conn follows the compute size)`, "poolercfg", { kind: "app", where: "top" }],
    [144, "Bash", { command: "vercel env rm DATABASE_URL production -y && vercel env add DATABASE_URL production < /tmp/DATABASE_URL.prod && vercel deploy --prod" }, `Vercel CLI 39.1.1
✅  Removed Environment Variable [305ms]
✅  Added Environment Variable DATABASE_URL to Project bramble-web [296ms]
🔍  Inspect: https://vercel.com/bramble-hq/bramble-web/N6c0v2Bx4Zm8Kq1Wj3Rt5Yp7 [3s]
✅  Production: https://bramble-n6c0v2bx4-bramble-hq.vercel.app [2m]
🔗  Aliased: https://bramble.app [2m]`, undefined, { kind: "build", where: "top" }],
    [145, "Bash", ENV_PROD_CMD, envShow(PROD_V5), "envprod", { kind: "build", where: "top" }],
    [147, "Bash", { command: "pnpm --filter @bramble/web up next@15.1.3 inngest@3.27.4 stripe@17.5.0 @upstash/ratelimit@2.0.5 @types/node@22.10.2 && pnpm --filter @bramble/db up prisma@6.1.0 @prisma/client@6.1.0" }, `Progress: resolved 1203, reused 1139, downloaded 14, added 14, done

dependencies:
- next 15.1.0
+ next 15.1.3
- inngest 3.25.1
+ inngest 3.27.4
- stripe 17.3.1
+ stripe 17.5.0
- @upstash/ratelimit 2.0.4
+ @upstash/ratelimit 2.0.5

Done in 8.1s
- prisma 6.0.1
+ prisma 6.1.0
- @prisma/client 6.0.1
+ @prisma/client 6.1.0
Done in 4.4s`, undefined, { kind: "build", where: "top" }],
    [148, "Bash", WEBDEPS_CMD, webdeps(DEPS_V3), "webdeps", { kind: "build", where: "top" }],
    [149, "Edit", { file_path: STRIPE_PATH, old_string: '  apiVersion: "2024-10-28.acacia",', new_string: '  apiVersion: "2024-12-18.acacia",' }, `The file ${STRIPE_PATH} has been updated. (maxNetworkRetries 2 -> 3 in the same edit)`, undefined, { kind: "code", where: "top" }],
    [150, "Read", { file_path: STRIPE_PATH }, stripeTs("2024-12-18.acacia", 3, "0.43.0"), "stripecfg", { kind: "code", where: "top" }],
    [151, "Bash", WEBBUILD_CMD, webBuild("15.1.3", webRows(DASH_NOW, ["10.2 kB", "163 kB"], ["7.80 kB", "138 kB"], ["5.61 kB", "134 kB"]), "105 kB", "b4d60e18a2c3f957", "1m19.530s", "0.43.0"), "webbuild", { kind: "build", where: "top" }],
    [152, "Bash", { command: "pnpm turbo build --filter=@bramble/docs" }, `@bramble/docs:build: cache miss, executing 8e2a4c6d0f1b3957
@bramble/docs:build:    ▲ Next.js 15.1.3
@bramble/docs:build:  ✓ Generating static pages (48/48)
@bramble/docs:build: 
@bramble/docs:build: Route (pages)                                 Size  First Load JS
@bramble/docs:build: ┌ ○ /                                      4.02 kB         131 kB
@bramble/docs:build: ├ ● /docs/[[...slug]]                     38.9 kB         176 kB
@bramble/docs:build: ├ ○ /docs/api                              21.7 kB         159 kB
@bramble/docs:build: └ ○ /404                                   1.9 kB          99 kB
@bramble/docs:build: + First Load JS shared by all                          97.4 kB

 Tasks:    1 successful, 1 total
Cached:    0 cached, 1 total
  Time:    39.882s`, undefined, { kind: "build", where: "top" }],
    [153, "Bash", { command: "vercel inspect bramble-3fk2m9qpa-bramble-hq.vercel.app --logs 2>&1 | sed -n '/Route (app)/,/shared by all/p'" }, `2026-11-03T09:51:40.218Z  Route (app)                                   Size  First Load JS
2026-11-03T09:51:40.218Z  ┌ ○ /                                      5.21 kB         118 kB
2026-11-03T09:51:40.218Z  ├ ○ /_not-found                            979 B           106 kB
2026-11-03T09:51:40.218Z  ├ ƒ /[workspace]/dashboard                 39.1 kB         248 kB
2026-11-03T09:51:40.218Z  ├ ƒ /[workspace]/board/[boardId]           12.8 kB         201 kB
2026-11-03T09:51:40.218Z  ├ ƒ /[workspace]/settings                   8.31 kB         151 kB
2026-11-03T09:51:40.218Z  ├ ƒ /[workspace]/settings/billing           6.02 kB         149 kB
2026-11-03T09:51:40.218Z  + First Load JS shared by all                          102 kB
(build log of bramble-3fk2m9qpa, Nov 3, Next.js 15.0.3)`, undefined, { kind: "build", where: "top" }],
    [155, "Bash", { command: "vercel logs bramble.app --since 2h --output raw | grep 'POST /api/auth/sign-in' | awk '{print $4}' | sort | uniq -c | sort -rn | head -5 && redis-cli --tls -u \"$UPSTASH_REDIS_URL\" --scan --pattern 'rl:auth:*' | wc -l" }, `  12944 429
   3101 401
    288 200
     17 500
   8812
(one burst 11:02-11:37 from ~1,900 IPs, each under 5/min, trying leaked email/password pairs against many accounts; the per-IP fixed window never trips for most of them)`, undefined, { kind: "app", where: "top" }],
    [156, "Edit", { file_path: RL_PATH, old_string: '  auth: new Ratelimit({ redis, prefix: "rl:auth", limiter: Ratelimit.fixedWindow(5, "1 m"), analytics: true }),', new_string: '  auth: new Ratelimit({ redis, prefix: "rl:auth", limiter: Ratelimit.slidingWindow(10, "15 m"), analytics: true }),' }, `The file ${RL_PATH} has been updated. (apiPro 300 -> 600 per minute, ephemeralCache on both API limiters, auth keyed by ip + email)`, undefined, { kind: "code", where: "top" }],
    [157, "Read", { file_path: RL_PATH }, RATELIMIT_V3, "ratelimit", { kind: "code", where: "top" }],
    [158, "Bash", { command: "pnpm --filter @bramble/ratelimit test && git commit -am 'ratelimit: auth 10 per 15 min per ip+email, pro API 600/min, ephemeral cache' && git log -1 --oneline" }, ` ✓ src/index.test.ts (9 tests) 41ms
 Test Files  1 passed (1)
      Tests  9 passed (9)
[main 3a6f0c8] ratelimit: auth 10 per 15 min per ip+email, pro API 600/min, ephemeral cache
 2 files changed, 17 insertions(+), 6 deletions(-)
3a6f0c8 ratelimit: auth 10 per 15 min per ip+email, pro API 600/min, ephemeral cache`, undefined, { kind: "build", where: "top" }],
    [160, "Bash", { command: "vercel logs bramble.app --since 6h --output raw | grep -B2 -A3 'timed out'" }, `2026-11-13 10:21:07.402 [fra1] λ GET /api/export/cl9x2m4qz0001 504
  Vercel Runtime Timeout Error: Task timed out after 30 seconds
  (export of workspace northwind: 182,411 posts, 1.2M votes as CSV + invoice PDFs)
2026-11-13 10:40:55.118 [fra1] λ GET /api/export/cl9x2m4qz0001 504
  Vercel Runtime Timeout Error: Task timed out after 30 seconds`, undefined, { kind: "app", error: true, where: "top" }],
    [161, "Edit", { file_path: `${B}/apps/web/vercel.json`, old_string: '      "maxDuration": 30', new_string: '      "maxDuration": 120' }, `The file ${B}/apps/web/vercel.json has been updated. (also "memory": 1769 on app/api/inngest/route.ts)`, undefined, { kind: "code", where: "top" }],
    [162, "Read", VERCEL_JSON, vercelJson("fra1", 300, 1769, 120), "vercelcfg", { kind: "code", where: "top" }],
    [163, "Bash", { command: "git commit -am 'vercel: export route maxDuration 120, inngest route 1769 MB' && git log -1 --oneline" }, `[main d5e1b82] vercel: export route maxDuration 120, inngest route 1769 MB
 1 file changed, 3 insertions(+), 2 deletions(-)
d5e1b82 vercel: export route maxDuration 120, inngest route 1769 MB`, undefined, { kind: "build", where: "top" }],
    [165, "Bash", { command: "gh run view 11802477310 --log-failed | tail -30" }, `e2e	Run playwright	2026-11-13T11:58:40.1029410Z   1) [chromium] › auth/magic-link.spec.ts:12:7 › magic link › sign in from the email link
e2e	Run playwright	2026-11-13T11:58:40.1031877Z     Error: Timed out 5000ms waiting for expect(locator).toBeVisible()
e2e	Run playwright	2026-11-13T11:58:40.1032204Z     Locator: getByRole('link', { name: 'Sign in to Bramble' })
e2e	Run playwright	2026-11-13T11:58:40.1033915Z     Error: mailpit: connect ECONNREFUSED 127.0.0.1:8025
e2e	Run playwright	2026-11-13T11:58:40.1040012Z   3 failed
e2e	Run playwright	2026-11-13T11:58:40.1040330Z     [chromium] › auth/magic-link.spec.ts:12:7 › magic link › sign in from the email link
e2e	Run playwright	2026-11-13T11:58:40.1040551Z     [chromium] › auth/magic-link.spec.ts:31:7 › magic link › expired link shows an error
e2e	Run playwright	2026-11-13T11:58:40.1040777Z     [chromium] › auth/magic-link.spec.ts:48:7 › magic link › link works once
e2e	Run playwright	2026-11-13T11:58:40.1041002Z   41 passed (2.3m)
(.github/workflows/e2e.yml has no mailpit service; same failure as locally on Nov 7)`, undefined, { kind: "test", error: true, where: "top" }],
    [166, "Edit", { file_path: `${B}/.github/workflows/e2e.yml`, old_string: "    services:\n      postgres:", new_string: "    services:\n      mailpit:\n        image: axllent/mailpit:v1.21\n        ports: ['1025:1025', '8025:8025']\n      postgres:" }, `The file ${B}/.github/workflows/e2e.yml has been updated.`, undefined, { kind: "code", where: "top" }],
    [167, "Bash", PW_ALL, pwRun(44, 1, "2.2m"), "pwrun", { kind: "test", where: "bottom" }],
    [168, "Bash", PW_FLAKY(30), `Running 30 tests using 4 workers

  ✓  1 [chromium] › billing/upgrade.spec.ts:18:7 › upgrade › free workspace can upgrade to Pro (repeat #1) (8.0s)
  ✓  2 [chromium] › billing/upgrade.spec.ts:18:7 › upgrade › free workspace can upgrade to Pro (repeat #2) (7.7s)

  30 passed (2.0m)`, "flaky", { kind: "test", where: "bottom" }],
    [170, "Bash", { command: "git push origin main && vercel deploy --prod" }, `To github.com:bramble-hq/bramble.git
   d5e1b82..f2a08c6  main -> main
Vercel CLI 39.1.1
🔍  Inspect: https://vercel.com/bramble-hq/bramble-web/Q7w2N4ze1Lp8Xc0Vb6Mn3Kj5 [3s]
✅  Production: https://bramble-q7w2n4ze1-bramble-hq.vercel.app [1m]
🔗  Aliased: https://bramble.app [1m]`, undefined, { kind: "build", where: "top" }],
    [171, "Bash", INSPECT_CMD, inspect("q7w2n4ze1", "dpl_Q7w2N4ze1Lp8Xc0Vb6Mn3Kj5", "Fri Nov 13 2026 13:14:02 GMT+0100 (Central European Standard Time) [6m]", [["[workspace]/dashboard", "13.9MB"], ["[workspace]/board/[boardId]", "13.7MB"], ["api/v1/[...path]", "12.2MB"], ["api/inngest", "13.0MB"], ["api/export/[id]", "25.4MB"]], "fra1"), "prodalias", { kind: "build", where: "top" }],
    [172, "Bash", COLD_CMD, cold([COLD_NOW, coldRow("/[workspace]/board/[boardId]", 33011, 1815, "5.5", 133, 588, 1090, 598), coldRow("/api/v1/[...path]", 94207, 3296, "3.5", 39, 301, 811, 571), coldRow("/api/inngest", 13388, 468, "3.5", 655, 2204, 3870, 590), coldRow("/[workspace]/settings", 9020, 487, "5.4", 138, 640, 1180, 601)], "(Sat Nov 14 09:00 CET; Node 22, fra1, bramble-q7w2n4ze1)"), "coldstart", { kind: "app", where: "top" }],
    [173, "Bash", ENV_PREVIEW_CMD, envShow({ ...PREVIEW_V2, ms: 366 }), "envpreview", { kind: "build", where: "top" }],
    [174, "Bash", { command: "pnpm --filter @bramble/db exec dotenv -e ../../.env.preview.local -- prisma migrate status" }, migStatus(25, `Following migrations have not yet been applied:
20261111140210_drop_workspace_legacy_plan
20261111152733_restore_workspace_legacy_plan

To apply migrations in development run prisma migrate dev.
To apply migrations in production run prisma migrate deploy.
(preview / staging database ${PREF})`, "preview"), undefined, { kind: "pg", where: "top" }],
    [176, "Bash", { command: "pnpm --filter @bramble/db exec dotenv -e ../../.env.preview.local -- prisma migrate deploy" }, `Environment variables loaded from ../../.env.preview.local
Datasource "db": PostgreSQL database "postgres", schema "public" at "${POOLER}:5432"

25 migrations found in prisma/migrations

Applying migration \`20261111140210_drop_workspace_legacy_plan\`
Applying migration \`20261111152733_restore_workspace_legacy_plan\`

All migrations have been successfully applied.
(staging has no backup schema: legacyPlan comes back empty there)`, undefined, { kind: "pg", where: "top" }],
    [178, "Bash", { command: "redis-cli --tls -u \"$UPSTASH_REDIS_URL\" info keyspace && redis-cli --tls -u \"$UPSTASH_REDIS_URL\" --scan --pattern 'rl:*' | cut -d: -f1-3 | sort | uniq -c" }, `# Keyspace
db0:keys=48211,expires=47930,avg_ttl=412880
  21044 rl:api:free
   9310 rl:api:pro
   8977 rl:auth:1
    402 rl:invites:cl9
(Upstash eu1-brave-kite-41877, eu-central-1)`, undefined, { kind: "app", where: "top" }],
    [180, "Bash", { command: "git log --oneline -n 22" }, `f2a08c6 e2e: mailpit service in CI
d5e1b82 vercel: export route maxDuration 120, inngest route 1769 MB
3a6f0c8 ratelimit: auth 10 per 15 min per ip+email, pro API 600/min, ephemeral cache
b17e9d3 deps: next 15.1.3, prisma 6.1.0, inngest 3.27.4, stripe 17.5.0 (api 2024-12-18.acacia)
7c2d9f4 db: restore Workspace.legacyPlan (admin still reads it)
4e0c6b1 db: drop Workspace.legacyPlan
e0b8a47 jobs: sync-workspace-usage concurrency 25 + throttle 50/s (Stripe 429s)
c81a5f2 jobs: sync-workspace-usage concurrency 25
a9d3e70 docs: json import attributes (node 22)
60f2b4e chore: node 22, pnpm 9.15.0, turbo 2.3.3
91e3c5a db: check-env prints only the host; prod db password rotated after #412
2b7e91d perf: keep @react-pdf out of the dashboard function, 2 prisma engines
6d1f0a3 ui: invoice pdf component, export from the package index for the export route
4f7a2d1 billing: sync the subscription on the success page; e2e upgrade test no longer races the webhook
c6b19d0 vercel: functions in fra1 next to the db; inngest route maxDuration 300; import-csv one run per workspace
8a2f4c9 ratelimit: per-plan API limits (free 60/min, pro 300/min)
0d4e6a8 db: unique workspace slug (dedupe script + redirects)
d2f7a13 deps: next 15.1.0, react 19.0.0
9b4c1e6 deps: prisma 6.0.1 (Bytes are Uint8Array)
5e91b2c ops: prod DATABASE_URL connection_limit=3 pool_timeout=20 (P2024 on dashboard)
a3c07e1 db: transaction pooler for the app, sync-workspace-usage concurrency 10
1c0e8d5 feat(boards): drag to reorder`, undefined, { kind: "build", where: "top" }],
    [184, "Bash", ENVLS_CMD, envLs([["DATABASE_URL", "Production", "1d ago"], ["DIRECT_URL", "Production", "3d ago"], ["STRIPE_WEBHOOK_SECRET", "Production", "45d ago"], ["STRIPE_SECRET_KEY", "Production", "45d ago"], ["UPSTASH_REDIS_REST_TOKEN", "Production, Preview", "121d ago"], ["UPSTASH_REDIS_REST_URL", "Production, Preview", "121d ago"], ["INNGEST_SIGNING_KEY", "Production", "204d ago"], ["INNGEST_EVENT_KEY", "Production", "204d ago"], ["SUPABASE_SERVICE_ROLE_KEY", "Production", "247d ago"]]), "envls", { kind: "build", where: "top" }],
    [188, "Bash", { command: "vercel logs bramble.app --since 24h --output raw | grep -cE 'PrismaClient|EMAXCONN|P2024|Timeout Error' ; vercel logs admin.bramble.app --scope bramble-hq --since 24h --output raw | grep -c P2022" }, `0
0
(no Prisma errors, pool timeouts or function timeouts in the last 24h on web or admin)`, undefined, { kind: "app", where: "top" }],
    [193, "Bash", PGCONN_CMD, pgconn(90, [["postgres", "Supavisor", "idle", 27], ["postgres", "Supavisor", "active", 3], ["authenticator", "postgrest", "idle", 6], ["supabase_auth_admin", "gotrue", "idle", 3], ["supabase_admin", "pg_cron scheduler", "-", 1], ["supabase_admin", "", "active", 2], ["postgres", "psql", "active", 1]], 43), "pgconn", { kind: "pg", where: "top" }],
    [200, "Bash", { command: "pnpm turbo build" }, ` Tasks:    11 successful, 11 total
Cached:    11 cached, 11 total
  Time:    1.208s >>> FULL TURBO`, "turbobuild", { kind: "build", where: "bottom" }],
    [206, "Bash", { command: "git status --short && git log -1 --oneline" }, ` M apps/web/next.config.ts
?? tmp/
f2a08c6 e2e: mailpit service in CI`, undefined, { kind: "build", where: "top" }],
  ],
  questions: [
    // state
    { kind: "state", prompt: "which node version are we on now", want: [{ key: "toolchain", fact: "v22.12.0" }] },
    { kind: "state", prompt: "what next version is apps/web on atm", want: [{ key: "webdeps", fact: "next 15.1.3" }] },
    { kind: "state", prompt: "prisma version rn?", want: [{ key: "webdeps", fact: "prisma 6.1.0" }] },
    { kind: "state", prompt: "whats connection_limit set to in the prod DATABASE_URL", want: [{ key: "envprod", fact: "pgbouncer=true&connection_limit=5&pool_timeout=20" }] },
    { kind: "state", prompt: "and the preview env, what does its db url use for connection limit? dont mix it up with prod", want: [{ key: "envpreview", fact: `${POOLER}:6543/postgres?pgbouncer=true&connection_limit=1` }] },
    { kind: "state", prompt: "maxDuration on the inngest route", want: [{ key: "vercelcfg", fact: '"maxDuration": 300' }] },
    { kind: "state", prompt: "which region do our vercel functions run in these days", want: [{ key: "vercelcfg", fact: '"regions": ["fra1"]' }] },
    { kind: "state", prompt: "whats the api rate limit for pro keys currently", want: [{ key: "ratelimit", fact: 'limiter: Ratelimit.slidingWindow(600, "1 m")' }] },
    { kind: "state", prompt: "sign in rate limit atm", want: [{ key: "ratelimit", fact: 'limiter: Ratelimit.slidingWindow(10, "15 m")' }] },
    { kind: "state", prompt: "inngest concurrency on sync-workspace-usage now", want: [{ key: "usageconc", fact: "concurrency: { limit: 25 }" }] },
    { kind: "state", prompt: "how is import-csv concurrency configured rn", want: [{ key: "importconc", fact: '{ key: "event.data.workspaceId", limit: 1 }' }] },
    { kind: "state", prompt: "dashbaord first load js in the latest web build?", want: [{ key: "webbuild", fact: DASH_NOW }] },
    { kind: "state", prompt: "is prod db fully migrated or is something pending", want: [{ key: "migstatus", fact: UP_TO_DATE }] },
    { kind: "state", prompt: "upgrade.spec still flaky?", want: [{ key: "flaky", fact: "30 passed (2.0m)" }] },
    { kind: "state", prompt: "supavisor pool size now", want: [{ key: "poolercfg", fact: '"default_pool_size": 30' }] },
    { kind: "state", prompt: "max_connections on the supabase db rn", want: [{ key: "pgconn", fact: MAXCONN(90) }] },
    { kind: "state", prompt: "which stripe api version is the client pinned to", want: [{ key: "stripecfg", fact: 'apiVersion: "2024-12-18.acacia"' }] },
    { kind: "state", prompt: "how are dashboard cold starts looking now", want: [{ key: "coldstart", fact: COLD_NOW }] },
    { kind: "state", prompt: "what deployment is bramble.app actually serving right now", want: [{ key: "prodalias", fact: "https://bramble-q7w2n4ze1-bramble-hq.vercel.app" }] },
    { kind: "state", prompt: "node version configured on the vercel project itself (not local)", want: [{ key: "nodevercel", fact: NODE_VERCEL("22.x") }] },
    // history
    { kind: "history", prompt: "what was the exact db error on the first night, the max clients one", want: [{ turn: 3, fact: "FATAL: (EMAXCONNSESSION) max clients reached in session mode - max clients are limited to pool_size: 15" }] },
    { kind: "history", prompt: "ok so before I write this up: why were we actually running out of pooler connections at 2am, like what was the mechanism", want: [{ turn: 20, fact: "held every one of the 15 session slots" }] },
    { kind: "history", prompt: "what connection_limit did prod have before we moved to the 6543 pooler", want: [{ turn: 5, fact: `${POOLER}:5432/postgres?connection_limit=10` }] },
    { kind: "history", prompt: "the P2024 we got after switching to transaction mode - what pool timeout / limit did it report", want: [{ turn: 22, fact: "(Current connection pool timeout: 10, connection limit: 1)" }] },
    { kind: "history", prompt: "what broke the build after the prisma 6 bump", want: [{ turn: 28, fact: "Type error: Type 'Uint8Array' is not assignable to type 'Buffer'." }] },
    { kind: "history", prompt: "why did the slug unique migration fail on prod", want: [{ turn: 35, fact: "DETAIL: Key (slug)=(acme) is duplicated." }] },
    { kind: "history", prompt: "how many dupe slugs did we find", want: [{ turn: 37, fact: "(14 rows)" }] },
    { kind: "history", prompt: "what did the first attempt at the flaky upgrade test (longer timeout) get us", want: [{ turn: 78, fact: "2 failed" }] },
    { kind: "history", prompt: "real cause of the flaky upgrade test?", want: [{ turn: 84, fact: "by the checkout.session.completed webhook, which through stripe-cli can arrive after the" }] },
    { kind: "history", prompt: "remind me the root cause of monday's cold start incident, the actual cause not the rollback", want: [{ turn: 103, fact: "@react-pdf/renderer + fontkit + yoga wasm into its function" }] },
    { kind: "history", prompt: "who put the invoice pdf into the ui barrel", want: [{ turn: 93, fact: "6d1f0a3 2026-11-08 18:51:07 +0100 Maya Lindqvist" }] },
    { kind: "history", prompt: "why did we have to rotate the prod db password again", want: [{ turn: 106, fact: "prints DATABASE_URL unmasked on every build" }] },
    { kind: "history", prompt: "what broke the docs app when we went to node 22", want: [{ turn: 121, fact: "SyntaxError: Unexpected identifier 'assert'" }] },
    { kind: "history", prompt: "why did we bring back the legacyPlan column, what error did admin throw", want: [{ turn: 135, fact: "The column `Workspace.legacyPlan` does not exist in the current database." }] },
    // multi
    { kind: "multi", prompt: "node + next versions rn", want: [{ key: "toolchain", fact: "v22.12.0" }, { key: "webdeps", fact: "next 15.1.3" }] },
    { kind: "multi", prompt: "prod connection_limit and the supavisor pool size", want: [{ key: "envprod", fact: "pgbouncer=true&connection_limit=5&pool_timeout=20" }, { key: "poolercfg", fact: '"default_pool_size": 30' }] },
    { kind: "multi", prompt: "function region & current dashboard cold start numbers", want: [{ key: "vercelcfg", fact: '"regions": ["fra1"]' }, { key: "coldstart", fact: COLD_NOW }] },
    { kind: "multi", prompt: "pro api rate limit, also the throttle on the usage sync", want: [{ key: "ratelimit", fact: 'limiter: Ratelimit.slidingWindow(600, "1 m")' }, { key: "usageconc", fact: 'throttle: { limit: 50, period: "1s" }' }] },
    { kind: "multi", prompt: "pnpm version in packageManager and is the prod db up to date on migrations", want: [{ key: "toolchain", fact: '"packageManager": "pnpm@9.15.0"' }, { key: "migstatus", fact: UP_TO_DATE }] },
    { kind: "multi", prompt: "stripe api version + which stripe sdk version we have installed", want: [{ key: "stripecfg", fact: 'apiVersion: "2024-12-18.acacia"' }, { key: "webdeps", fact: "stripe 17.5.0" }] },
    { kind: "multi", prompt: "which deploy is prod on and how big is the dashboard function now", want: [{ key: "prodalias", fact: "https://bramble-q7w2n4ze1-bramble-hq.vercel.app" }, { key: "fnsize", fact: FN_NOW }] },
    { kind: "multi", prompt: "max_connections on supabase, and is the e2e suite green overall", want: [{ key: "pgconn", fact: MAXCONN(90) }, { key: "pwrun", fact: "44 passed (2.2m)" }] },
    { kind: "multi", prompt: "what did we roll prod back to during the cold start thing and what error was the usage sync hitting from stripe", want: [{ turn: 88, fact: "Success! bramble-web was rolled back to bramble-8hd2k1x0c-bramble-hq.vercel.app" }, { turn: 127, fact: "StripeRateLimitError: Request rate limit exceeded." }] },
    // none
    { kind: "none", prompt: "thx thats it for today" },
    { kind: "none", prompt: "generally whats the difference between server actions and route handlers in next" },
    { kind: "none", prompt: "how does postgres mvcc handle an update, short version pls" },
    { kind: "none", prompt: "brb standup" },
    { kind: "none", prompt: "random q: does pnpm use symlinks or hardlinks for node_modules, i always forget" },
  ],
};

/** Held out from the selection work: written blind, never run before it was registered (Next.js + Prisma + Supabase on Vercel, pnpm/turbo monorepo). */
export const HELD_OUT_40 = [bramble];
