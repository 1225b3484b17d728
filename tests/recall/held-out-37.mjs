// One more held-out recall session (format: tests/recall/build.mjs): written blind, without reading the selection's
// code, its tests or any benchmark result, and kept out of the selection work. HELD_OUT_37: "kumru", a Turkish team's
// food-delivery backend in TypeScript (pnpm workspaces: NestJS 10 api, a Socket.IO courier gateway, a BullMQ worker,
// Prisma on a DigitalOcean managed Postgres behind its PgBouncer pools, Redis, Typesense for restaurant search, all on
// DOKS with a Helm chart synced by Argo CD, Cloudflare in front, Sentry, GitHub Actions, Jest e2e with Testcontainers
// and Vitest). A Prisma migration that added a NOT NULL column to the 14M-row orders table failed in the PreSync hook
// and was redone in two steps with a backfill; Prisma connection_limit and the DO pool sizes changed several times
// (P2024 timeouts, a worker on the pool without pgbouncer=true, a cron job eating direct connections); the order
// dispatch queue backed up with stalled jobs and double courier assignments, so concurrency, lockDuration, attempts and
// backoff were changed twice; a Node 20 -> 22 bump broke bcrypt's native build in the alpine image; a flaky e2e test
// was fixed; a stricter @nestjs/throttler limit throttled everyone behind the ingress and was rolled back with argocd,
// then redone per real client ip; the gateway leaked redis listeners and got OOMKilled; an expired ws certificate
// (Cloudflare 526) and an ingress-nginx upgrade rolled back with helm; the JWT signing key leaked into Sentry and was
// rotated; Typesense got a new collection and an alias swap; HPAs and resource limits moved along the way. The user
// writes Turkish for about half the questions.

const K = "/home/dev/kumru";
const NS = "kumru-prod";
const DBHOST = "kumru-pg-do-user-15522873-0.k.db.ondigitalocean.com";
const DBID = "9f3c1e52-7a4b-4d8e-b1c6-2e0a7d5f9c31";
const REG = "registry.digitalocean.com/kumru";

const numbered = (start, text) => text.split("\n").map((l, i) => `${String(start + i).padStart(4)}\t${l}`).join("\n");
const commit = (hash, subject, stat, author, body) => `[main ${hash}] ${subject}
${stat}
${hash} ${author}
${subject}

${body}`;
const COMMIT_CMD = { command: "git commit -F .git/COMMIT_EDITMSG_KUMRU && git log -1 --format='%h %an <%ae>%n%s%n%n%b'" };

// ---- argo cd
const ARGO_CMD = { command: "argocd app get kumru-prod && argocd app manifests kumru-prod --source live | grep 'image:'" };
const argoApp = (policy, sync, op, rows, tag) => `Name:               argocd/kumru-prod
Project:            kumru
Server:             https://kubernetes.default.svc
Namespace:          ${NS}
URL:                https://argocd.kumru.app/applications/kumru-prod
Source:
- Repo:             git@github.com:kumru-tech/kumru.git
  Target:           main
  Path:             deploy/helm/kumru
  Helm Values:      values-prod.yaml
SyncWindow:         Sync Allowed
Sync Policy:        ${policy}
Sync Status:        ${sync}
Health Status:      Healthy

${op}

GROUP  KIND        NAMESPACE   NAME           STATUS     HEALTH   HOOK     MESSAGE
${rows.join("\n")}
        image: ${REG}/api:${tag}
        image: ${REG}/gateway:${tag}
        image: ${REG}/worker:${tag}`;

// ---- hpa
const HPA_CMD = { command: `kubectl get hpa -n ${NS}` };
const hpaRow = (name, targets, min, max, rep, age) => `${name.padEnd(16)}${`Deployment/${name}`.padEnd(27)}${targets.padEnd(33)}${String(min).padEnd(10)}${String(max).padEnd(10)}${String(rep).padEnd(11)}${age}`;
const hpa = (rows) => `NAME            REFERENCE                  TARGETS                          MINPODS   MAXPODS   REPLICAS   AGE\n${rows.join("\n")}`;
const HPA_API_NOW = hpaRow("kumru-api", "cpu: 47%/60%", 4, 14, 6, "226d");
const HPA_GW_NOW = hpaRow("kumru-gateway", "cpu: 9%/70%, memory: 31%/80%", 2, 6, 2, "226d");
const HPA_WORKER_NOW = hpaRow("kumru-worker", "cpu: 38%/75%", 3, 10, 3, "190d");

// ---- deployment resources
const RES_CMD = { command: `kubectl get deploy -n ${NS} -o custom-columns='NAME:.metadata.name,IMAGE:.spec.template.spec.containers[0].image,CPU_REQ:.spec.template.spec.containers[0].resources.requests.cpu,CPU_LIM:.spec.template.spec.containers[0].resources.limits.cpu,MEM_REQ:.spec.template.spec.containers[0].resources.requests.memory,MEM_LIM:.spec.template.spec.containers[0].resources.limits.memory'` };
const resRow = (name, img, cr, cl, mr, ml) => `${name.padEnd(16)}${`${REG}/${img}`.padEnd(51)}${cr.padEnd(10)}${cl.padEnd(10)}${mr.padEnd(10)}${ml}`;
const res = (rows) => `NAME            IMAGE                                              CPU_REQ   CPU_LIM   MEM_REQ   MEM_LIM\n${rows.join("\n")}`;
const RES_GW_NOW = resRow("kumru-gateway", "gateway:1.47.2", "100m", "500m", "192Mi", "896Mi");

// ---- database urls and pools
const DBURL_CMD = { command: `kubectl get secret kumru-api-env -n ${NS} -o json | jq -r '.data.DATABASE_URL, .data.DIRECT_URL' | while read v; do echo "$v" | base64 -d | sed -E 's#//([^:]+):[^@]+@#//\\1:****@#'; echo; done` };
const dburl = (q) => `postgresql://kumru_app:****@${DBHOST}:25061/kumru-api?${q}
postgresql://kumru_app:****@${DBHOST}:25060/kumru?sslmode=require`;
const WDBURL_CMD = { command: `kubectl get secret kumru-worker-env -n ${NS} -o jsonpath='{.data.DATABASE_URL}' | base64 -d | sed -E 's#//([^:]+):[^@]+@#//\\1:****@#'` };
const wdburl = (q) => `postgresql://kumru_app:****@${DBHOST}:25061/kumru-worker?${q}`;
const POOL_CMD = { command: `doctl databases pool list ${DBID}` };
const poolRow = (user, name, size, mode) => `${user.padEnd(13)}${name.padEnd(16)}${String(size).padEnd(8)}${"kumru".padEnd(12)}${mode}`;
const pools = (rows) => `User         Name            Size    Database    Mode\n${rows.join("\n")}`;
const POOL_API_NOW = poolRow("kumru_app", "kumru-api", 48, "transaction");

// ---- prisma migrate status
const MIG_CMD = { command: "DATABASE_URL=$PROD_DIRECT_URL pnpm --filter @kumru/db exec prisma migrate status" };
const migHead = (n) => `Prisma schema loaded from prisma/schema.prisma
Datasource "db": PostgreSQL database "kumru", schema "public" at "${DBHOST}:25060"

${n} migrations found in prisma/migrations
`;

// ---- bullmq queue stats
const Q_CMD = { command: "pnpm --filter @kumru/worker queue:stats" };
const qRow = (q, w, a, d, f, c, p = "no") => `${q.padEnd(17)}${String(w).padEnd(10)}${String(a).padEnd(9)}${String(d).padEnd(10)}${String(f).padEnd(9)}${String(c).padEnd(16)}${p}`;
const qStats = (ver, rows, mem) => `> @kumru/worker@${ver} queue:stats ${K}/apps/worker
> tsx scripts/queue-stats.ts --env prod

queue            waiting   active   delayed   failed   completed(24h)  paused
${rows.join("\n")}
redis: kumru-redis-do-user-15522873-0.k.db.ondigitalocean.com:25061  used_memory_human:${mem}  maxmemory_policy:noeviction`;
const Q_OD_NOW = qRow("order-dispatch", 3, 9, 0, 18, 149022);

// ---- dispatch processor
const PROC = `${K}/apps/worker/src/queues/order-dispatch.processor.ts`;
const proc = (attempts, backoff, conc, extra, rank) => numbered(1, `import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import { Job } from 'bullmq';
import { CourierMatcher } from '../matching/courier-matcher';
import { DispatchService } from './dispatch.service';

export const ORDER_DISPATCH_OPTS = {
  attempts: ${attempts},
  backoff: ${backoff},
  removeOnComplete: { age: 3600, count: 5000 },
  removeOnFail: { age: 7 * 24 * 3600 },
};

@Processor('order-dispatch', {
  concurrency: ${conc},
${extra}
})
export class OrderDispatchProcessor extends WorkerHost {
  private readonly logger = new Logger(OrderDispatchProcessor.name);

  constructor(private readonly matcher: CourierMatcher, private readonly dispatch: DispatchService) {
    super();
  }

  async process(job: Job<{ orderId: string }>) {
    const candidates = await this.dispatch.onlineCouriersNear(job.data.orderId, 4000);
${rank}`);

// ---- gateway pods
const TOP_CMD = { command: `kubectl top pods -n ${NS} -l app.kubernetes.io/name=kumru-gateway` };
const topRow = (pod, cpu, mem) => `${pod.padEnd(33)}${cpu.padEnd(13)}${mem}`;
const TOP_GW_NOW = topRow("kumru-gateway-5c8b9d7f4-h7tnw", "61m", "238Mi");

// ---- certificates
const CERT_CMD = { command: `kubectl get certificate -n ${NS}` };
const certRow = (name, ready, age) => `${name.padEnd(18)}${ready.padEnd(8)}${name.padEnd(18)}${age}`;
const certs = (ws) => `NAME              READY   SECRET            AGE
${certRow("kumru-api-tls", "True", "301d")}
${certRow("kumru-panel-tls", "True", "188d")}
${certRow("kumru-ws-tls", ws, "301d")}`;
const CERT_WS_NOW = certRow("kumru-ws-tls", "True", "301d");
const ORIGIN_CMD = { command: "echo | openssl s_client -connect 164.90.210.17:443 -servername ws.kumru.app 2>/dev/null | openssl x509 -noout -subject -issuer -enddate" };

// ---- ingress-nginx helm history
const helmRow = (rev, when, status, chart, app, desc) => `${String(rev).padEnd(10)}${when.padEnd(26)}${status.padEnd(12)}${chart.padEnd(22)}${app.padEnd(13)}${desc}`;
const HELM_HEAD = "REVISION  UPDATED                   STATUS      CHART                 APP VERSION  DESCRIPTION";
const HELM_R6 = (s) => helmRow(6, "Mon Nov  3 09:20:13 2026", s, "ingress-nginx-4.10.1", "1.10.1", "Upgrade complete");
const HELM_R7 = helmRow(7, "Tue Dec  8 17:31:55 2026", "superseded", "ingress-nginx-4.12.1", "1.12.1", "Upgrade complete");
const HELM_R8 = (s) => helmRow(8, "Tue Dec  8 17:47:20 2026", s, "ingress-nginx-4.10.1", "1.10.1", "Rollback to 6");
const HELM_R9 = helmRow(9, "Wed Dec  9 10:14:02 2026", "deployed", "ingress-nginx-4.12.1", "1.12.1", "Upgrade complete");

// ---- jwt secret
const JWT_CMD = { command: `kubectl get secret kumru-jwt -n ${NS} -o json | jq '{keys: (.data | keys), annotations: .metadata.annotations}'` };
const jwt = (keys, ann) => `{
  "keys": [
${keys.map((k) => `    "${k}"`).join(",\n")}
  ],
  "annotations": {
${Object.entries(ann).map(([k, v]) => `    "${k}": "${v}"`).join(",\n")}
  }
}`;

// ---- node version in the pods
const NODE_CMD = { command: `for d in api gateway worker; do echo -n "$d: "; kubectl exec -n ${NS} deploy/kumru-$d -- node -p 'process.version + " abi=" + process.versions.modules + " " + process.platform + "-" + process.arch'; done` };
const nodev = (v, abi) => ["api", "gateway", "worker"].map((d) => `${d}: ${v} abi=${abi} linux-x64`).join("\n");

// ---- throttler config
const APPMOD = `${K}/apps/api/src/app.module.ts`;
const appModule = (guardImport, throttlers, guard) => numbered(1, `import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { ConfigModule, ConfigService } from '@nestjs/config';
${guardImport}
import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import { PrismaModule } from '@kumru/db';
import { AuthModule } from './auth/auth.module';
import { OrdersModule } from './orders/orders.module';
import { RestaurantsModule } from './restaurants/restaurants.module';
import { CourierModule } from './courier/courier.module';
import { PanelModule } from './panel/panel.module';

@Module({
  imports: [
    ConfigModule.forRoot({ isGlobal: true }),
    ThrottlerModule.forRootAsync({
      inject: [ConfigService],
      useFactory: (cfg: ConfigService) => ({
${throttlers}
        storage: new ThrottlerStorageRedisService(cfg.getOrThrow('REDIS_URL')),
      }),
    }),
    PrismaModule,
    AuthModule,
    OrdersModule,
    RestaurantsModule,
    CourierModule,
    PanelModule,
  ],
  providers: [{ provide: APP_GUARD, useClass: ${guard} }],
})
export class AppModule {}`);
const CF_IMPORT = "import { ThrottlerModule } from '@nestjs/throttler';\nimport { CfThrottlerGuard, isOtpRoute } from './common/cf-throttler.guard';";

// ---- typesense
const TS_ALIAS_CMD = { command: `curl -s -H "X-TYPESENSE-API-KEY: $TS_ADMIN_KEY" "$TS/aliases/restaurants" | jq` };
const tsColl = (name, ratingType, extraField, n, created) => `{
  "created_at": ${created},
  "default_sorting_field": "popularity",
  "enable_nested_fields": false,
  "fields": [
    { "facet": false, "index": true, "locale": "tr", "name": "name", "optional": false, "type": "string" },
    { "facet": true, "index": true, "name": "cuisine", "optional": false, "type": "string" },${extraField}
    { "facet": true, "index": true, "name": "rating", "optional": true, "type": "${ratingType}" },
    { "facet": false, "index": true, "name": "location", "optional": false, "type": "geopoint" },
    { "facet": true, "index": true, "name": "district", "optional": false, "type": "string" },
    { "facet": false, "index": true, "name": "popularity", "optional": false, "type": "int32" },
    { "facet": true, "index": true, "name": "is_open", "optional": false, "type": "bool" }
  ],
  "name": "${name}",
  "num_documents": ${n},
  "symbols_to_index": [],
  "token_separators": []
}`;

// ---- jest e2e
const E2E_CMD = { command: "pnpm --filter @kumru/api test:e2e" };
const e2eHead = (ver) => `> @kumru/api@${ver} test:e2e ${K}/apps/api
> jest --config ./test/jest-e2e.json --runInBand

[testcontainers] Starting container for image "postgres:16-alpine"
[testcontainers] Starting container for image "redis:7.4-alpine"
[testcontainers] Container is ready (postgres:16-alpine, 5.8s)
[testcontainers] Container is ready (redis:7.4-alpine, 1.2s)`;
const LOOP_CMD = { command: "./scripts/jest-loop.sh apps/api test/orders.e2e-spec.ts 10" };

const kumru = {
  name: "kumru (held out 37)",
  sessionId: "38aa79d2-f781-42cf-ab4c-a522e71fa878",
  cwd: K,
  turns: 210,
  seed: 37373,
  files: ["apps/api/src/main.ts", "apps/api/src/app.module.ts", "apps/api/src/orders/orders.service.ts", "apps/api/src/checkout/checkout.service.ts", "apps/api/src/auth/jwt.strategy.ts", "apps/api/src/auth/otp.controller.ts", "apps/api/src/panel/menu.controller.ts", "apps/gateway/src/courier-location.gateway.ts", "apps/gateway/src/presence.service.ts", "apps/worker/src/queues/order-dispatch.processor.ts", "apps/worker/src/queues/courier-notify.processor.ts", "apps/worker/src/matching/courier-matcher.ts", "packages/db/prisma/schema.prisma", "packages/search/src/restaurants.indexer.ts", "deploy/helm/kumru/values-prod.yaml", "deploy/helm/kumru/templates/deployment-api.yaml", ".github/workflows/ci.yml", "apps/api/test/orders.e2e-spec.ts", "Dockerfile"],
  otherTests: ["apps/api/src/orders/orders.service.spec.ts", "apps/api/src/auth/auth.service.spec.ts", "apps/worker/src/matching/courier-matcher.spec.ts", "packages/shared/src/money.test.ts", "apps/gateway/src/presence.service.spec.ts"],
  words: ["siparis", "kurye", "restoran", "sepet", "odeme", "teslimat", "bolge", "order", "courier", "restaurant", "dispatch", "queue", "job", "zone", "payout", "menu", "location", "socket", "presence", "tariff", "quote", "token", "tracker", "index", "event"],
  grepWords: ["InjectQueue", "PrismaService", "@WebSocketGateway", "ConfigService", "TODO", "$transaction"],
  testCommands: ["pnpm --filter @kumru/api test -- orders", "pnpm --filter @kumru/shared exec vitest run", "pnpm --filter @kumru/worker test -- --runInBand matching"],
  buildCommands: ["pnpm -r build", "pnpm --filter @kumru/api build", "pnpm -r --parallel run typecheck"],
  appCommands: [`kubectl logs deploy/kumru-api -n ${NS} --since=10m --tail=40`, `kubectl logs deploy/kumru-worker -n ${NS} --since=10m --tail=40`, `kubectl logs deploy/kumru-gateway -n ${NS} --since=10m --tail=40`],
  prompts: ["devam", "devam et", "ok next", "tamam", "sıradaki", "go on", "hadi bakalım", "keep going", "evet devam", "ok", "next", "bakalım"],
  facts: [
    // ---- the failed migration (Dec 1-2)
    [2, "Bash", ARGO_CMD, argoApp("Automated (Prune)", "OutOfSync from main (a3f9e10)", `Operation:          Sync
Sync Revision:      a3f9e10c2d81b7f4e6a90c35d1b2e8f7a4c6d901
Phase:              Failed
Start:              2026-12-01 09:41:12 +0300 +03
Finished:           2026-12-01 09:44:58 +0300 +03
Duration:           3m46s
Message:            one or more synchronization tasks completed unsuccessfully, reason: Job has reached the specified backoff limit`, [
      "batch  Job         kumru-prod  kumru-migrate  Failed              PreSync  Job has reached the specified backoff limit",
      "       Service     kumru-prod  kumru-api      Synced     Healthy",
      "apps   Deployment  kumru-prod  kumru-api      OutOfSync  Healthy",
      "apps   Deployment  kumru-prod  kumru-gateway  OutOfSync  Healthy",
      "apps   Deployment  kumru-prod  kumru-worker   OutOfSync  Healthy",
    ], "1.41.1"), "argo", { kind: "app", error: true, where: "top" }],
    [3, "Bash", { command: `kubectl logs job/kumru-migrate -n ${NS} --tail=30` }, `Prisma schema loaded from prisma/schema.prisma
Datasource "db": PostgreSQL database "kumru", schema "public" at "${DBHOST}:25060"

47 migrations found in prisma/migrations

Applying migration \`20261201093000_add_order_courier_fee\`
Error: P3018

A migration failed to apply. New migrations cannot be applied before the error is recovered from. Read more about how to resolve migration issues in a production database: https://pris.ly/d/migrate-resolve

Migration name: 20261201093000_add_order_courier_fee

Database error code: 23502

Database error:
ERROR: column "courier_fee_kurus" of relation "orders" contains null values

 ELIFECYCLE  Command failed with exit code 1.`, undefined, { kind: "app", error: true, where: "top" }],
    [5, "Read", { file_path: `${K}/packages/db/prisma/migrations/20261201093000_add_order_courier_fee/migration.sql` }, numbered(1, `-- AlterTable
ALTER TABLE "orders" ADD COLUMN     "courier_fee_kurus" INTEGER NOT NULL;

-- CreateIndex
CREATE INDEX "orders_courier_id_created_at_idx" ON "orders"("courier_id", "created_at");`), undefined, { kind: "code", where: "top" }],
    [8, "Bash", MIG_CMD, `${migHead(47)}
Following migration have failed:
20261201093000_add_order_courier_fee

During development if the failed migration(s) have not been deployed to a production database you can then fix the migration(s) and run prisma migrate dev.

The failed migration(s) can be marked as rolled back or applied:

- If you rolled back the migration(s) manually:
prisma migrate resolve --rolled-back "20261201093000_add_order_courier_fee"

- If you fixed the database manually (hotfix):
prisma migrate resolve --applied "20261201093000_add_order_courier_fee"

Read more about how to resolve migration issues in a production database:
https://pris.ly/d/migrate-resolve`, "migstatus", { kind: "build", error: true, where: "top" }],
    [13, "Bash", COMMIT_CMD, commit("4be91d2", "db: courier_fee_kurus migration'ını iki adıma böldük", ` 3 files changed, 61 insertions(+), 4 deletions(-)
 create mode 100644 packages/db/prisma/migrations/20261201121500_order_courier_fee_nullable/migration.sql
 delete mode 100644 packages/db/prisma/migrations/20261201093000_add_order_courier_fee/migration.sql
 create mode 100644 packages/db/scripts/backfill-courier-fee.ts`, "Emre Yıldız <emre@kumru.app>", `orders tablosu ~14M satır; NOT NULL kolonu default'suz tek adımda eklemek
prod'da 23502 ile patladı (mevcut satırlar null kalıyor), PreSync job 3 kez
denedi ve argo sync fail oldu. Yeni plan:
  1) kolon nullable eklenir (bu commit)
  2) backfill script (delivery_quotes'tan hesaplanır, 20k'lık batch'ler)
  3) ayrı migration: CHECK NOT VALID + VALIDATE + SET NOT NULL
Başarısız migration prod'da 'migrate resolve --rolled-back' ile işaretlendi.`), undefined, { kind: "build", where: "top" }],
    [16, "Bash", MIG_CMD, `${migHead(47)}
Database schema is up to date!`, "migstatus", { kind: "build", where: "top" }],
    [18, "Bash", { command: "pnpm --filter @kumru/db backfill:courier-fee -- --batch 20000 --sleep-ms 200" }, `> @kumru/db@1.41.2 backfill:courier-fee ${K}/packages/db
> tsx scripts/backfill-courier-fee.ts --batch 20000 --sleep-ms 200

[backfill] orders with courier_fee_kurus IS NULL: 14,213,406
[backfill] batch    1  id <= 20000      updated 20000   (0.1%)  1.8s
[backfill] batch  200  id <= 4000000    updated 20000  (28.1%)  1.6s
[backfill] batch  500  id <= 10000000   updated 20000  (70.4%)  1.7s
[backfill] batch  711  id <= 14220388   updated 13406 (100.0%)  1.2s
[backfill] done: 14,213,406 rows in 38m12s, 0 rows skipped
[backfill] fee source: delivery_quotes.courier_fee (zone tariff fallback for 88,120 pre-2024 orders)`, undefined, { kind: "app", where: "top" }],
    [21, "Read", { file_path: `${K}/packages/db/prisma/migrations/20261202081000_order_courier_fee_not_null/migration.sql` }, numbered(1, `-- step 2/2: backfill bitti (0 null satır). SET NOT NULL tek başına tüm tabloyu
-- ACCESS EXCLUSIVE altında tarıyor; önce NOT VALID check, VALIDATE sadece
-- SHARE UPDATE EXCLUSIVE alır, sonra SET NOT NULL check'i görüp taramayı atlar (PG12+).
ALTER TABLE "orders" ADD CONSTRAINT "orders_courier_fee_kurus_not_null" CHECK ("courier_fee_kurus" IS NOT NULL) NOT VALID;
ALTER TABLE "orders" VALIDATE CONSTRAINT "orders_courier_fee_kurus_not_null";
ALTER TABLE "orders" ALTER COLUMN "courier_fee_kurus" SET NOT NULL;
ALTER TABLE "orders" DROP CONSTRAINT "orders_courier_fee_kurus_not_null";
ALTER TABLE "orders" ALTER COLUMN "courier_fee_kurus" SET DEFAULT 0;`), undefined, { kind: "code", where: "top" }],
    [24, "Bash", MIG_CMD, `${migHead(48)}
Database schema is up to date!`, "migstatus", { kind: "build", where: "top" }],

    // ---- connection pool, round 1 (Dec 2-3)
    [27, "Bash", { command: `kubectl logs deploy/kumru-api -n ${NS} --since=30m | grep -B2 -A9 -m1 P2024` }, `[Nest] 1  - 12/02/2026, 8:41:09 PM   ERROR [ExceptionsHandler]
Invalid \`prisma.order.findMany()\` invocation:

Timed out fetching a new connection from the connection pool. More info: http://pris.ly/d/connection-pool (Current connection pool timeout: 10, connection limit: 5)
PrismaClientKnownRequestError:
    at Hn.handleRequestError (/app/node_modules/.pnpm/@prisma+client@6.1.0_prisma@6.1.0/node_modules/@prisma/client/runtime/library.js:121:7315)
    at async CheckoutService.placeOrder (/app/apps/api/dist/checkout/checkout.service.js:88:23) {
  code: 'P2024',
  clientVersion: '6.1.0',
  meta: { modelName: 'Order', connection_limit: 5, timeout: 10 }
}
(412 of these between 20:30 and 21:00, ~3% of POST /v1/checkout)`, undefined, { kind: "app", error: true, where: "top" }],
    [28, "Bash", DBURL_CMD, dburl("sslmode=require&pgbouncer=true&connection_limit=5&pool_timeout=10"), "dburl", { kind: "app", where: "top" }],
    [29, "Bash", POOL_CMD, pools([poolRow("kumru_app", "kumru-api", 22, "transaction"), poolRow("kumru_app", "kumru-worker", 10, "transaction"), poolRow("analytics", "metabase-ro", 5, "session")]), "dopool", { kind: "app", where: "top" }],
    [30, "Bash", HPA_CMD, hpa([hpaRow("kumru-api", "cpu: 81%/70%", 2, 6, 6, "214d"), hpaRow("kumru-gateway", "cpu: 18%/70%, memory: 64%/80%", 2, 4, 2, "214d"), hpaRow("kumru-worker", "cpu: 93%/75%", 2, 6, 6, "178d")]), "hpa", { kind: "app", where: "top" }],
    [32, "Bash", RES_CMD, res([resRow("kumru-api", "api:1.41.2", "250m", "1", "512Mi", "1Gi"), resRow("kumru-gateway", "gateway:1.41.2", "100m", "500m", "256Mi", "768Mi"), resRow("kumru-worker", "worker:1.41.2", "250m", "500m", "512Mi", "1Gi")]), "deployres", { kind: "app", where: "top" }],
    [36, "Bash", COMMIT_CMD, commit("7c2e5a1", "api: prisma connection_limit 5 -> 15, do pool kumru-api 22 -> 40", " 2 files changed, 2 insertions(+), 2 deletions(-)", "Zeynep Arslan <zeynep@kumru.app>", `P2024 (pool timeout) on ~3% of checkout requests at the dinner peak. placeOrder
runs an interactive $transaction that holds its connection for ~400ms while it
calls the payment provider, so 5 conns per pod ran out at ~12 rps per pod.
6 pods x 15 = 90 clients against a 40-conn transaction pool is fine for pgbouncer.
Follow-up: move the payment call out of the transaction (KUMRU-412).`), undefined, { kind: "build", where: "top" }],
    [37, "Bash", DBURL_CMD, dburl("sslmode=require&pgbouncer=true&connection_limit=15&pool_timeout=10"), "dburl", { kind: "app", where: "top" }],
    [40, "Bash", { command: `kubectl logs deploy/kumru-worker -n ${NS} --since=15m | grep -m1 -A6 'ERROR'` }, `[Nest] 1  - 12/03/2026, 9:02:17 AM   ERROR [CourierNotifyProcessor] job 5521907 failed:
Invalid \`prisma.courier.findUnique()\` invocation:

Error occurred during query execution:
ConnectorError(ConnectorError { user_facing_error: None, kind: QueryError(PostgresError { code: "42P05", message: "prepared statement \\"s12\\" already exists", severity: "ERROR", detail: None, column: None, hint: None }), transient: false })
(started 08:40, right after the worker DATABASE_URL was switched from :25060 to the kumru-worker pool on :25061; 1,144 failed jobs in courier-notify)`, undefined, { kind: "app", error: true, where: "top" }],
    [41, "Bash", WDBURL_CMD, wdburl("sslmode=require&connection_limit=6"), "workerdburl", { kind: "app", where: "top" }],
    [43, "Bash", WDBURL_CMD, wdburl("sslmode=require&pgbouncer=true&connection_limit=6"), "workerdburl", { kind: "app", where: "top" }],

    // ---- order-dispatch backlog, stalled jobs (Dec 3)
    [46, "Bash", Q_CMD, qStats("1.41.2", [qRow("order-dispatch", 18422, 4, 311, 1290, 88121), qRow("courier-notify", 212, 8, 0, 1158, 240118), qRow("payout-batch", 0, 0, 0, 0, 31), qRow("search-sync", 6, 1, 0, 2, 4410)], "1.21G"), "queuestats", { kind: "app", where: "top" }],
    [47, "Bash", { command: `kubectl logs deploy/kumru-worker -n ${NS} --since=20m | grep -E 'stalled|Missing lock|event loop' | tail -n 8` }, `[Nest] 1  - 12/03/2026, 8:12:44 PM    WARN [OrderDispatchProcessor] job 8812331 (order ord_2Hk9xQ) failed, attempt 3/3: job stalled more than allowable limit
[Nest] 1  - 12/03/2026, 8:12:45 PM   ERROR [OrderDispatchProcessor] Error: Missing lock for job 8812310. moveToFinished
    at Scripts.finishedErrors (/app/node_modules/.pnpm/bullmq@5.34.2/node_modules/bullmq/dist/cjs/classes/scripts.js:301:24)
    at Job.moveToFailed (/app/node_modules/.pnpm/bullmq@5.34.2/node_modules/bullmq/dist/cjs/classes/job.js:512:30)
[Nest] 1  - 12/03/2026, 8:12:47 PM    WARN [OrderDispatchProcessor] event loop lag 34812ms (matcher.rank: 212 couriers x 1840 open orders, zone kadikoy)
[Nest] 1  - 12/03/2026, 8:12:47 PM    WARN [QueueEvents] order-dispatch: 37 jobs stalled in the last 60s
[Nest] 1  - 12/03/2026, 8:13:02 PM    WARN [OrderDispatchProcessor] job 8812344 (order ord_2Hk9yB) stalled, moved back to wait (stalledCounter 1)`, undefined, { kind: "app", error: true, where: "top" }],
    [48, "Read", { file_path: PROC }, proc(3, "{ type: 'fixed', delay: 5000 }", 4, "  lockDuration: 30000,", `    // scores every candidate against every open order in the zone (sync, CPU heavy)
    const best = this.matcher.rank(candidates, await this.dispatch.openOrdersInZone(job.data.orderId));
    return this.dispatch.assign(job.data.orderId, best[0].courierId);
  }
}`), "dispatchproc", { kind: "code", where: "top" }],
    [52, "Bash", { command: `psql "$PROD_RO_URL" -c "select count(*) as orders, sum(n) as assignments from (select order_id, count(*) n from courier_assignments where created_at > '2026-12-03 16:00+00' and cancelled_at is null group by order_id having count(*) > 1) t"` }, ` orders | assignments
--------+-------------
    214 |         431
(1 row)`, undefined, { kind: "pg", where: "top" }],
    [54, "Read", { file_path: PROC }, proc(5, "{ type: 'exponential', delay: 3000 }", 12, "  lockDuration: 120_000,\n  maxStalledCount: 2,", `    // rank in chunks and yield to the event loop so the lock renewal timer can run
    const best = await this.matcher.rankChunked(candidates, await this.dispatch.openOrdersInZone(job.data.orderId), { chunk: 50 });
    return this.dispatch.assign(job.data.orderId, best[0].courierId, { jobId: job.id }); // idempotent per order
  }
}`), "dispatchproc", { kind: "code", where: "top" }],
    [56, "Bash", COMMIT_CMD, commit("91f3b7d", "dispatch: lockDuration 120s, concurrency 12, matcher event loop'u bloklamasın", " 4 files changed, 48 insertions(+), 19 deletions(-)", "Emre Yıldız <emre@kumru.app>", `Akşam piki: matcher.rank senkron çalışıp event loop'u 30s+ kilitliyor, BullMQ
lock'u yenileyemiyor (lockDuration 30s) ve job stalled'a düşüp başka worker'da
tekrar çalışıyor -> aynı siparişe iki kurye atandı. Worker cpu limit'i 500m'de
throttling de yiyordu.
- rankChunked: 50'lik parçalar + setImmediate
- lockDuration 30s -> 120s, maxStalledCount 2
- concurrency 4 -> 12, attempts 3 -> 5, backoff exponential 3s
- assign() sipariş başına idempotent (partial unique index order_id where active)
- worker cpu limit 500m -> 1500m (values-prod.yaml)`), undefined, { kind: "build", where: "top" }],
    [64, "Bash", Q_CMD, qStats("1.41.3", [qRow("order-dispatch", 0, 11, 0, 3, 140336), qRow("courier-notify", 14, 6, 0, 9, 262870), qRow("payout-batch", 0, 0, 0, 0, 30), qRow("search-sync", 2, 1, 0, 2, 4498)], "1.02G"), "queuestats", { kind: "app", where: "top" }],

    // ---- node 20 -> 22, bcrypt, flaky e2e (Dec 4-5)
    [66, "Bash", NODE_CMD, nodev("v20.18.1", 115), "nodever", { kind: "app", where: "top" }],
    [68, "Bash", COMMIT_CMD, commit("0d5a9c4", "chore: node 20 -> 22 (.nvmrc, Dockerfile'lar, CI)", " 6 files changed, 7 insertions(+), 7 deletions(-)", "Burak Demir <burak@kumru.app>", `Node 20 30 Nisan 2026'da EOL oldu, güvenlik yaması gelmiyor. Base image
node:20.18.1-alpine3.20 -> node:22.12.0-alpine3.21, actions/setup-node 22,
engines.node ">=22.12".`), undefined, { kind: "build", where: "top" }],
    [69, "Bash", { command: "gh run view 13022871144 --log-failed | tail -n 14" }, `build	Build api image	2026-12-04T10:21:33.4418Z #12 [deps 4/4] RUN pnpm install --frozen-lockfile --filter @kumru/api...
build	Build api image	2026-12-04T10:21:51.0026Z #12 17.66 node_modules/.pnpm/bcrypt@5.0.1/node_modules/bcrypt: Running install script...
build	Build api image	2026-12-04T10:21:52.3107Z #12 18.31 node-pre-gyp WARN Tried to download(404): https://github.com/kelektiv/node.bcrypt.js/releases/download/v5.0.1/bcrypt_lib-v5.0.1-napi-v3-linux-x64-musl.tar.gz
build	Build api image	2026-12-04T10:21:52.3110Z #12 18.31 node-pre-gyp WARN Pre-built binaries not found for bcrypt@5.0.1 and node@22.12.0 (node-v127 ABI, musl) (falling back to source compile with node-gyp)
build	Build api image	2026-12-04T10:21:53.0941Z #12 19.09 gyp ERR! find Python
build	Build api image	2026-12-04T10:21:53.0943Z #12 19.09 gyp ERR! find Python Python is not set from command line or npm configuration
build	Build api image	2026-12-04T10:21:53.0950Z #12 19.10 gyp ERR! stack Error: Could not find any Python installation to use
build	Build api image	2026-12-04T10:21:53.1012Z #12 19.10 node_modules/.pnpm/bcrypt@5.0.1/node_modules/bcrypt: Failed
build	Build api image	2026-12-04T10:21:53.2218Z #12 19.22  ELIFECYCLE  Command failed with exit code 1.
build	Build api image	2026-12-04T10:21:53.8874Z #12 ERROR: process "/bin/sh -c pnpm install --frozen-lockfile --filter @kumru/api..." did not complete successfully: exit code: 1
build	Build api image	2026-12-04T10:21:53.9120Z ##[error]buildx failed with: ERROR: failed to solve: process "/bin/sh -c pnpm install --frozen-lockfile --filter @kumru/api..." did not complete successfully: exit code: 1`, undefined, { kind: "build", error: true, where: "top" }],
    [76, "Bash", COMMIT_CMD, commit("3e8b0f6", "auth: bcrypt -> @node-rs/bcrypt (no node-gyp on alpine)", " 5 files changed, 19 insertions(+), 41 deletions(-)", "Burak Demir <burak@kumru.app>", `bcrypt@5.0.1 has no prebuilt binary for node 22 (abi 127) on musl, so
node-pre-gyp fell back to a source build and the alpine build stage has no
python/make/g++. @node-rs/bcrypt ships napi prebuilds for linux-x64-musl and
reads the same $2b$ hashes, so existing passwords keep working (checked
against 2k prod hashes copied to staging). Dropped @types/bcrypt.`), undefined, { kind: "build", where: "top" }],
    [77, "Bash", E2E_CMD, `${e2eHead("1.42.0")}
 PASS  test/auth.e2e-spec.ts (21.4 s)
 FAIL  test/orders.e2e-spec.ts (38.2 s)
  ● Orders (e2e) › POST /v1/orders › dispatches the order to the nearest online courier

    expect(received).toBe(expected) // Object.is equality

    Expected: "COURIER_ASSIGNED"
    Received: "PENDING_COURIER"

      88 |     await sleep(1500);
      89 |     const res = await request(app.getHttpServer()).get(\`/v1/orders/\${order.id}\`).set(auth(customer));
    > 90 |     expect(res.body.status).toBe('COURIER_ASSIGNED');
         |                             ^
      91 |   });

      at Object.<anonymous> (test/orders.e2e-spec.ts:90:29)

 PASS  test/restaurants.e2e-spec.ts (12.9 s)
 PASS  test/courier.e2e-spec.ts (17.3 s)

Test Suites: 1 failed, 3 passed, 4 total
Tests:       1 failed, 85 passed, 86 total
Snapshots:   0 total
Time:        94.117 s
Ran all test suites.`, "e2e", { kind: "test", error: true, where: "top" }],
    [78, "Bash", LOOP_CMD, `run  1 passed (39.8s)
run  2 FAILED (41.2s)  dispatches the order to the nearest online courier
run  3 passed (38.1s)
run  4 passed (40.6s)
run  5 FAILED (44.9s)  dispatches the order to the nearest online courier
run  6 FAILED (43.0s)  dispatches the order to the nearest online courier
run  7 passed (39.3s)
run  8 passed (38.7s)
run  9 FAILED (45.5s)  dispatches the order to the nearest online courier
run 10 passed (40.0s)
4/10 runs failed`, "e2eloop", { kind: "test", where: "top" }],
    [82, "Bash", LOOP_CMD, `run  1 passed (41.0s)
run  2 passed (40.2s)
run  3 passed (42.7s)
run  4 passed (39.9s)
run  5 passed (41.8s)
run  6 passed (40.4s)
run  7 passed (43.1s)
run  8 passed (40.0s)
run  9 passed (41.5s)
run 10 passed (39.6s)
0/10 runs failed`, "e2eloop", { kind: "test", where: "top" }],
    [84, "Bash", COMMIT_CMD, commit("5f7d2e8", "test(e2e): orders testinde sleep yerine QueueEvents ile bekle", " 3 files changed, 24 insertions(+), 6 deletions(-)", "Selin Kaya <selin@kumru.app>", `Test dispatch job'ını sabit 1500ms sleep ile bekliyordu; GH runner'da
Testcontainers redis'i yavaş kalkınca job 1.5s içinde bitmiyor, test 10'da 4
patlıyordu. Artık waitForJob(queueEvents, 'order-dispatch', orderId) ile
'completed' event'ini bekliyoruz (timeout 20s), jest-e2e testTimeout 30s.`), undefined, { kind: "build", where: "top" }],
    [89, "Bash", NODE_CMD, nodev("v22.12.0", 127), "nodever", { kind: "app", where: "top" }],

    // ---- connection pool, round 2 (Dec 5-6, campaign weekend)
    [91, "Bash", HPA_CMD, hpa([hpaRow("kumru-api", "cpu: 66%/70%", 3, 12, 12, "218d"), hpaRow("kumru-gateway", "cpu: 21%/70%, memory: 71%/80%", 2, 4, 3, "218d"), hpaRow("kumru-worker", "cpu: 48%/75%", 3, 12, 5, "182d")]), "hpa", { kind: "app", where: "top" }],
    [94, "Bash", { command: `kubectl logs deploy/kumru-api -n ${NS} --since=10m | grep -m2 -B1 'remaining connection slots'; psql "$PROD_DIRECT_URL" -c "select coalesce(nullif(application_name,''),'(none)') app, client_addr, count(*) from pg_stat_activity where backend_type = 'client backend' group by 1, 2 order by 3 desc"` }, `[Nest] 1  - 12/05/2026, 7:58:31 PM   ERROR [ExceptionsHandler]
Error querying the database: FATAL: remaining connection slots are reserved for non-replication superuser connections
[Nest] 1  - 12/05/2026, 7:58:33 PM   ERROR [ExceptionsHandler]
Error querying the database: FATAL: remaining connection slots are reserved for non-replication superuser connections
    app     | client_addr  | count
------------+--------------+-------
 pgbouncer  | 10.110.0.4   |    50
 (none)     | 10.244.3.17  |    23
 (none)     | 10.244.1.52  |    18
 pgbouncer  | 10.110.0.5   |     5
 psql       | 10.244.1.9   |     1
(5 rows)
(10.244.3.17 and 10.244.1.52 are kumru-search-sync cron job pods, connecting straight to :25060)`, undefined, { kind: "pg", error: true, where: "top" }],
    [95, "Bash", { command: `kubectl get cronjob -n ${NS}` }, `NAME                     SCHEDULE      TIMEZONE          SUSPEND   ACTIVE   LAST SCHEDULE   AGE
kumru-db-backup-verify   30 4 * * 0    <none>            False     0        5d              160d
kumru-payout-batch       0 3 * * *     Europe/Istanbul   False     0        16h             211d
kumru-search-sync        * * * * *     <none>            False     6        24s             96d`, "cronjob", { kind: "app", where: "top" }],
    [97, "Bash", { command: `doctl databases pool update ${DBID} kumru-api --size 48 && doctl databases pool update ${DBID} kumru-worker --size 16 && doctl databases pool list ${DBID}` }, pools([POOL_API_NOW, poolRow("kumru_app", "kumru-worker", 16, "transaction"), poolRow("analytics", "metabase-ro", 5, "session")]), "dopool", { kind: "app", where: "top" }],
    [98, "Bash", DBURL_CMD, dburl("sslmode=require&pgbouncer=true&connection_limit=10&pool_timeout=20"), "dburl", { kind: "app", where: "top" }],
    [99, "Bash", { command: `kubectl get cronjob -n ${NS}` }, `NAME                     SCHEDULE      TIMEZONE          SUSPEND   ACTIVE   LAST SCHEDULE   AGE
kumru-db-backup-verify   30 4 * * 0    <none>            False     0        5d              160d
kumru-payout-batch       0 3 * * *     Europe/Istanbul   False     0        17h             211d
kumru-search-sync        */5 * * * *   <none>            False     0        3m11s           96d`, "cronjob", { kind: "app", where: "top" }],
    [100, "Bash", COMMIT_CMD, commit("a6c19e3", "db: search-sync cronjob pool'a geçti, api connection_limit 10", " 4 files changed, 9 insertions(+), 6 deletions(-)", "Zeynep Arslan <zeynep@kumru.app>", `Cumartesi akşamı "remaining connection slots are reserved" hataları: DO planı
(4 GB) 97 bağlantı veriyor; pool'lar 55 + search-sync cronjob'ın direkt 25060
bağlantıları (her dakika çalışıyor, concurrencyPolicy Allow, job'lar üst üste
biniyor, pod başına 9 conn) = 97. Değişiklikler:
- search-sync: */5, concurrencyPolicy Forbid, kumru-worker pool'u üzerinden
- pool kumru-api 40 -> 48, kumru-worker 10 -> 16
- api connection_limit 15 -> 10 (12 pod x 15 = 180 client, pool'da bekleme
  yapıyordu; 12 x 10 yeter), pool_timeout 20`), undefined, { kind: "build", where: "top" }],

    // ---- rate limit, 429 storm, argocd rollback (Dec 7)
    [102, "Read", { file_path: APPMOD }, appModule("import { ThrottlerGuard, ThrottlerModule } from '@nestjs/throttler';", "        throttlers: [{ ttl: 60_000, limit: 600 }],", "ThrottlerGuard"), "throttle", { kind: "code", where: "top" }],
    [103, "Bash", { command: `psql "$PROD_RO_URL" -c "select created_at::date as day, count(*) as otp_sms, count(distinct phone) as phones, round(sum(cost_kurus) / 100.0, 2) as cost_tl from otp_requests where created_at > now() - interval '6 days' group by 1 order by 1"` }, `    day     | otp_sms | phones | cost_tl
------------+---------+--------+----------
 2026-12-01 |   21480 |  19877 |  4296.00
 2026-12-02 |   22911 |  21022 |  4582.20
 2026-12-03 |   23120 |  21340 |  4624.00
 2026-12-04 |   98214 |  31877 | 19642.80
 2026-12-05 |  121540 |  33012 | 24308.00
 2026-12-06 |  117032 |  32781 | 23406.40
(6 rows)`, undefined, { kind: "pg", where: "top" }],
    [107, "Bash", { command: "kubectl logs -n ingress-nginx -l app.kubernetes.io/component=controller --since=10m --prefix=false | awk '$9 == 429' | tee /tmp/429.log | wc -l && awk '{print $7}' /tmp/429.log | cut -d? -f1 | sort | uniq -c | sort -rn | head -5" }, `48211
  17702 /v1/orders/active
  12980 /v1/courier/location
   8114 /v1/restaurants/nearby
   5530 /v1/auth/refresh
   1210 /v1/auth/otp
(1.43.0 went live 11:48; app store reviews "sipariş verilemiyor" from 11:52)`, undefined, { kind: "app", error: true, where: "top" }],
    [108, "Bash", { command: "argocd app rollback kumru-prod 63" }, `FATA[0000] rpc error: code = FailedPrecondition desc = rollback cannot be initiated when auto-sync is enabled`, undefined, { kind: "app", error: true, where: "top" }],
    [109, "Bash", { command: "argocd app set kumru-prod --sync-policy none && argocd app rollback kumru-prod 63 --timeout 300 >/dev/null && argocd app history kumru-prod | tail -n 6" }, `SOURCE  git@github.com:kumru-tech/kumru.git
ID      DATE                           REVISION
61      2026-12-05 18:40:02 +0300 +03  main (a6c19e3)
62      2026-12-06 10:12:48 +0300 +03  main (2b9e1f0)
63      2026-12-06 16:30:55 +0300 +03  main (8e04c7a)
64      2026-12-07 11:48:33 +0300 +03  main (e2b74d1)
65      2026-12-07 12:03:12 +0300 +03  main (8e04c7a)`, undefined, { kind: "app", where: "top" }],
    [111, "Grep", { pattern: "ThrottlerGuard|trust proxy|getTracker", path: "apps/api/src" }, `apps/api/src/app.module.ts:4:import { ThrottlerGuard, ThrottlerModule } from '@nestjs/throttler';
apps/api/src/app.module.ts:29:  providers: [{ provide: APP_GUARD, useClass: ThrottlerGuard }],
apps/api/src/auth/otp.controller.ts:14:@UseGuards(ThrottlerGuard)`, undefined, { kind: "code", where: "top" }],
    [112, "Bash", { command: `curl -s https://api.kumru.app/v1/_debug/whoami -H "Authorization: Bearer $ADMIN_TOKEN" | jq && kubectl get pods -n ingress-nginx -o wide | grep 10.244.2.131` }, `{
  "ip": "10.244.2.131",
  "ips": [],
  "xForwardedFor": "88.241.17.203, 172.71.182.44",
  "cfConnectingIp": "88.241.17.203",
  "throttlerTracker": "10.244.2.131",
  "pod": "kumru-api-6c7f9d8b5d-4kq2w"
}
ingress-nginx-controller-7b9c6d5f8-rk2lp   1/1     Running   0          19d   10.244.2.131   pool-kumru-general-x8k2d   <none>           <none>`, undefined, { kind: "app", where: "top" }],
    [115, "Read", { file_path: APPMOD }, appModule(CF_IMPORT, `        throttlers: [
          { name: 'default', ttl: 60_000, limit: 240 },
          { name: 'otp', ttl: 600_000, limit: 5, skipIf: (ctx) => !isOtpRoute(ctx) },
        ],`, "CfThrottlerGuard"), "throttle", { kind: "code", where: "top" }],
    [116, "Bash", COMMIT_CMD, commit("5a0c3e8", "api: throttle per real client ip (cf-connecting-ip), separate otp limit", " 4 files changed, 57 insertions(+), 6 deletions(-)", "Zeynep Arslan <zeynep@kumru.app>", `1.43.0 set the global limit to 20/min to stop the otp sms abuse (sms bill
x5 since Dec 4) and we had to roll it back within 15 minutes: express has no
trust proxy, so req.ip is the ingress-nginx pod ip and the whole country shared
2-3 buckets.
- CfThrottlerGuard.getTracker: cf-connecting-ip (only when the socket peer is
  our ingress), else the last x-forwarded-for hop
- named throttlers: default 240/min, otp 5 per 10 min (only /v1/auth/otp*)
- /v1/courier/location is @SkipThrottle (the gateway already limits it)`), undefined, { kind: "build", where: "top" }],

    // ---- socket.io gateway memory leak (Dec 8)
    [121, "Bash", { command: `kubectl get pods -n ${NS} -l app.kubernetes.io/name=kumru-gateway && kubectl get pod kumru-gateway-7d9f8c6b5-x2kqp -n ${NS} -o jsonpath='{.status.containerStatuses[0].lastState.terminated}' | jq -c` }, `NAME                            READY   STATUS    RESTARTS        AGE
kumru-gateway-7d9f8c6b5-qf8mz   1/1     Running   6 (41m ago)     2d3h
kumru-gateway-7d9f8c6b5-x2kqp   1/1     Running   7 (18m ago)     2d3h
kumru-gateway-7d9f8c6b5-z7nvw   1/1     Running   5 (1h12m ago)   2d3h
{"containerID":"containerd://9c1f0e2a7b44","exitCode":137,"finishedAt":"2026-12-08T07:31:07Z","reason":"OOMKilled","startedAt":"2026-12-08T05:02:44Z"}`, undefined, { kind: "app", error: true, where: "top" }],
    [123, "Bash", TOP_CMD, `NAME                             CPU(cores)   MEMORY(bytes)
${topRow("kumru-gateway-7d9f8c6b5-qf8mz", "231m", "688Mi")}
${topRow("kumru-gateway-7d9f8c6b5-x2kqp", "174m", "312Mi")}
${topRow("kumru-gateway-7d9f8c6b5-z7nvw", "208m", "741Mi")}`, "top", { kind: "app", where: "top" }],
    [124, "Bash", RES_CMD, res([resRow("kumru-api", "api:1.43.1", "250m", "1", "512Mi", "1Gi"), resRow("kumru-gateway", "gateway:1.43.1", "100m", "500m", "256Mi", "1536Mi"), resRow("kumru-worker", "worker:1.43.1", "250m", "1500m", "512Mi", "1Gi")]), "deployres", { kind: "app", where: "top" }],
    [126, "Read", { file_path: `${K}/apps/gateway/src/courier-location.gateway.ts` }, numbered(36, `  afterInit() {
    this.redisSub = this.redis.duplicate();
  }

  handleConnection(client: Socket) {
    const courierId = client.data.user.sub;
    const onOrderStatus = (channel: string, message: string) => {
      if (channel === \`order-status:\${courierId}\`) client.emit('order:status', JSON.parse(message));
    };
    this.redisSub.subscribe(\`order-status:\${courierId}\`);
    this.redisSub.on('message', onOrderStatus);
    this.presence.markOnline(courierId, client.id);
  }

  handleDisconnect(client: Socket) {
    this.presence.markOffline(client.data.user.sub);
    // TODO: unsubscribe?
  }`), undefined, { kind: "code", where: "top" }],
    [127, "Bash", { command: "node scripts/heapdiff.mjs /tmp/gw-0900.heapsnapshot /tmp/gw-1000.heapsnapshot | head -n 8" }, `constructor                     count Δ     retained Δ   allocated at
(closure) onOrderStatus         +184,212    +402.6 MB    apps/gateway/src/courier-location.gateway.ts:42
Socket                          +61,048     +211.3 MB    node_modules/socket.io/dist/socket.js
Array (Redis._events.message)   +1          +38.9 MB
system / Context                +184,230    +17.5 MB
retainer path: Redis#_events.message[184211] -> onOrderStatus -> Context -> client (Socket, disconnected)`, undefined, { kind: "app", where: "top" }],
    [129, "Bash", COMMIT_CMD, commit("9d1e4b2", "gateway: one redis subscriber listener, cleaned up on disconnect", " 3 files changed, 46 insertions(+), 21 deletions(-)", "Burak Demir <burak@kumru.app>", `Every courier connection added a 'message' listener to the shared ioredis
subscriber and handleDisconnect never removed it (nor unsubscribed), so every
reconnect (couriers reconnect ~40x per shift on mobile data) leaked a closure
that kept the dead Socket alive: ~400 MB/h, OOMKilled at the 768Mi limit every
2-3h. Now a single 'message' listener routes by channel through a
Map<courierId, Set<Socket>>; disconnect removes the socket and unsubscribes
when the set is empty. The limit was raised to 1536Mi as a stopgap.`), undefined, { kind: "build", where: "top" }],
    [138, "Bash", { command: "kubectl top pods -n kumru-staging -l app.kubernetes.io/name=kumru-gateway" }, `NAME                             CPU(cores)   MEMORY(bytes)
${topRow("kumru-gateway-84c6f7d9b-tq2lk", "12m", "402Mi")}`, undefined, { kind: "app", where: "top" }],

    // ---- ws certificate, ingress-nginx upgrade and helm rollback (Dec 8-9)
    [140, "Bash", { command: 'curl -sI "https://ws.kumru.app/socket.io/?EIO=4&transport=polling"' }, `HTTP/2 526
date: Tue, 08 Dec 2026 13:20:41 GMT
content-type: text/html; charset=UTF-8
cache-control: private, max-age=0, no-store, no-cache, must-revalidate, post-check=0, pre-check=0
expires: Thu, 01 Jan 1970 00:00:01 GMT
referrer-policy: same-origin
x-frame-options: SAMEORIGIN
server: cloudflare
cf-ray: 8f1c2a7b9e4d3c21-IST`, undefined, { kind: "app", error: true, where: "top" }],
    [141, "Bash", CERT_CMD, certs("False"), "certs", { kind: "app", where: "top" }],
    [142, "Bash", { command: `kubectl describe challenge -n ${NS} | sed -n '/^Status:/,$p' && kubectl get certificate kumru-ws-tls -n ${NS} -o jsonpath='{.status.notAfter}'` }, `Status:
  Presented:   false
  Processing:  true
  Reason:      Error presenting challenge: Cloudflare API Error for GET "/zones?name=kumru.app"
 Error: 9109: Invalid access token
  State:       pending
Events:
  Type     Reason        Age                 From                     Message
  ----     ------        ----                ----                     -------
  Warning  PresentError  4m (x212 over 29d)  cert-manager-challenges  Error presenting challenge: Cloudflare API Error for GET "/zones?name=kumru.app"
 Error: 9109: Invalid access token
2026-12-07T08:12:09Z`, undefined, { kind: "app", error: true, where: "top" }],
    [143, "Bash", ORIGIN_CMD, `subject=O = Acme Co, CN = Kubernetes Ingress Controller Fake Certificate
issuer=O = Acme Co, CN = Kubernetes Ingress Controller Fake Certificate
notAfter=Nov 19 06:02:51 2027 GMT`, "origincert", { kind: "app", where: "top" }],
    [146, "Bash", CERT_CMD, certs("True"), "certs", { kind: "app", where: "top" }],
    [147, "Bash", ORIGIN_CMD, `subject=CN = ws.kumru.app
issuer=C = US, O = Let's Encrypt, CN = R11
notAfter=Mar  8 12:44:19 2027 GMT`, "origincert", { kind: "app", where: "top" }],
    [150, "Bash", { command: "argocd app sync kumru-prod" }, `TIMESTAMP                  GROUP              KIND     NAMESPACE   NAME           STATUS     HEALTH   HOOK  MESSAGE
2026-12-08T17:40:12+03:00  networking.k8s.io  Ingress  kumru-prod  kumru-gateway  OutOfSync  Healthy        admission webhook "validate.nginx.ingress.kubernetes.io" denied the request: annotation group ConfigurationSnippet contains risky annotation based on ingress configuration

Message:            one or more objects failed to apply, reason: admission webhook "validate.nginx.ingress.kubernetes.io" denied the request: annotation group ConfigurationSnippet contains risky annotation based on ingress configuration
FATA[0041] Operation has completed with phase: Failed
(controller 1.12.1 also dropped the existing kumru-gateway ingress from nginx.conf: ws.kumru.app answered 404 for ~6 min)`, undefined, { kind: "app", error: true, where: "top" }],
    [152, "Bash", { command: "helm rollback ingress-nginx 6 -n ingress-nginx --wait && helm history ingress-nginx -n ingress-nginx --max 4" }, `Rollback was a success! Happy Helming!
${HELM_HEAD}
${helmRow(5, "Thu Sep 18 11:02:40 2026", "superseded", "ingress-nginx-4.10.1", "1.10.1", "Upgrade complete")}
${HELM_R6("superseded")}
${HELM_R7}
${HELM_R8("deployed")}`, "ingresshist", { kind: "app", where: "top" }],
    [156, "Bash", COMMIT_CMD, commit("0f7a2c9", "ingress(ws): configuration-snippet kaldırıldı, ingress-nginx 4.12 uyumlu", " 2 files changed, 6 insertions(+), 9 deletions(-)", "Emre Yıldız <emre@kumru.app>", `IngressNightmare (CVE-2025-1974) yaması için controller 1.12'ye geçtik ama 1.12
snippet annotation'ları Critical risk sayıyor; ws ingress'i admission'da reddedildi
ve mevcut ws route'u nginx.conf'tan düştü -> helm rollback ingress-nginx 6.
Snippet'teki proxy_read_timeout/proxy_send_timeout yerine
nginx.ingress.kubernetes.io/proxy-read-timeout: "3600" annotation'ları,
sticky session için affinity: cookie.`), undefined, { kind: "build", where: "top" }],
    [158, "Bash", { command: "helm upgrade ingress-nginx ingress-nginx/ingress-nginx --version 4.12.1 -n ingress-nginx -f deploy/ingress-nginx/values.yaml --wait >/dev/null && helm history ingress-nginx -n ingress-nginx --max 4 && helm get values ingress-nginx -n ingress-nginx" }, `${HELM_HEAD}
${HELM_R6("superseded")}
${HELM_R7}
${HELM_R8("superseded")}
${HELM_R9}
USER-SUPPLIED VALUES:
controller:
  allowSnippetAnnotations: false
  config:
    annotations-risk-level: High
    proxy-body-size: 8m
    use-forwarded-headers: "true"
  replicaCount: 2
  service:
    annotations:
      service.beta.kubernetes.io/do-loadbalancer-enable-proxy-protocol: "true"
      service.beta.kubernetes.io/do-loadbalancer-name: kumru-prod-lb`, "ingresshist", { kind: "app", where: "top" }],

    // ---- jwt signing key rotation (Dec 9)
    [162, "Bash", { command: `curl -s -H "Authorization: Bearer $SENTRY_AUTH_TOKEN" "https://sentry.io/api/0/organizations/kumru/issues/5112873310/events/latest/" | jq '{id: .eventID, title, extra: .context}'` }, `{
  "id": "4f2a9c1e7b3d48e0a6c5d21f9e8b7a03",
  "title": "PrismaClientKnownRequestError: Unique constraint failed on the fields: (\`phone\`)",
  "extra": {
    "config": {
      "NODE_ENV": "production",
      "REDIS_URL": "[Filtered]",
      "DATABASE_URL": "[Filtered]",
      "JWT_SIGNING_KEY": "kmr_8Zq1vN0cYtR5wX2mLp7Hd3...",
      "JWT_EXPIRES_IN": "15m",
      "SENTRY_ENVIRONMENT": "production"
    }
  }
}
(issue first seen 2026-10-14, 3,412 events; the org has 14 members incl. 2 agency accounts)`, undefined, { kind: "app", where: "top" }],
    [163, "Bash", JWT_CMD, jwt(["JWT_KID", "JWT_SIGNING_KEY"], { "kumru.app/jwt-kid": "k2025-03", "kumru.app/rotated-at": "2025-03-14T08:30:00Z", "sealedsecrets.bitnami.com/managed": "true" }), "jwt", { kind: "app", where: "top" }],
    [165, "Edit", { file_path: `${K}/apps/api/src/auth/jwt.strategy.ts`, old_string: "      secretOrKey: cfg.getOrThrow('JWT_SIGNING_KEY'),", new_string: "      // verify with the key named by the token's kid: current, or the previous one during a rotation\n      secretOrKeyProvider: (_req, rawJwt, done) => done(null, keyForKid(cfg, decodeHeader(rawJwt).kid)),\n      algorithms: ['HS256']," }, `The file ${K}/apps/api/src/auth/jwt.strategy.ts has been updated.`, undefined, { kind: "code", where: "top" }],
    [167, "Bash", JWT_CMD, jwt(["JWT_KID", "JWT_SIGNING_KEY", "JWT_SIGNING_KEY_PREVIOUS"], { "kumru.app/jwt-kid": "k2026-12", "kumru.app/previous-kid": "k2025-03", "kumru.app/rotated-at": "2026-12-09T14:02:11Z", "sealedsecrets.bitnami.com/managed": "true" }), "jwt", { kind: "app", where: "top" }],
    [168, "Bash", COMMIT_CMD, commit("7e3d0a5", "auth: rotate jwt signing key, verify by kid (current + previous)", " 6 files changed, 72 insertions(+), 14 deletions(-)", "Zeynep Arslan <zeynep@kumru.app>", `The signing key sat in Sentry event extras since October: AllExceptionsFilter
attached the whole config as extra and JWT_SIGNING_KEY doesn't match Sentry's
default scrub list (password/secret/token...). Anyone with Sentry access could
mint courier tokens. New key k2026-12 signs; verification also accepts k2025-03
until the access tokens issued before the rotation expire (15m). Refresh tokens
are opaque db rows, not affected. Previous key gets removed tomorrow.
beforeSend now drops event.extra.config and scrubs /KEY|SECRET|TOKEN|DSN/i.`), undefined, { kind: "build", where: "top" }],

    // ---- typesense v4 and alias swap (Dec 10)
    [174, "Bash", TS_ALIAS_CMD, `{
  "collection_name": "restaurants_v3",
  "name": "restaurants"
}`, "tsalias", { kind: "app", where: "top" }],
    [175, "Bash", { command: `curl -s -H "X-TYPESENSE-API-KEY: $TS_ADMIN_KEY" "$TS/collections/restaurants_v3" | jq` }, tsColl("restaurants_v3", "int32", "", 18342, 1718029812), "tscoll", { kind: "app", where: "top" }],
    [176, "Bash", { command: "./scripts/ts-check-rating.sh Kadıköy 4.5" }, `typesense  filter_by=rating:>=4.5 && district:Kadıköy   found=212
postgres   rating >= 4.5 and district = 'Kadıköy'       count=547
r_40112 "Moda Mantı Evi"   postgres rating=4.7   typesense rating=4
r_40388 "Yeldeğirmeni Dürüm" postgres rating=4.6  typesense rating=4
(the sync writes Math.trunc(rating) because the field is int32)`, undefined, { kind: "app", where: "top" }],
    [180, "Bash", { command: "pnpm --filter @kumru/worker reindex:restaurants -- --target restaurants_v4 --batch 500" }, `> @kumru/worker@1.45.0 reindex:restaurants ${K}/apps/worker
> tsx scripts/reindex-restaurants.ts --target restaurants_v4 --batch 500

[reindex] source: postgres restaurants (18385 active rows)
[reindex] batch  1/37 ok=500 failed=0
[reindex] batch 18/37 ok=500 failed=0
[reindex] batch 37/37 ok=381 failed=4
[reindex] failed: {"code":400,"document":"{\\"id\\":\\"r_88213\\",\\"name\\":\\"TEST Kumru Mutfak\\"}","error":"Field \`location\` must be a 2 element array: [lat, lng].","success":false}
[reindex] 3 more failures with the same error (r_88214, r_88215, r_90001: test restaurants without coordinates)
[reindex] done: imported=18381 failed=4 in 41.7s`, undefined, { kind: "app", where: "top" }],
    [183, "Bash", Q_CMD, qStats("1.45.0", [qRow("order-dispatch", 7, 12, 0, 41, 152330), qRow("courier-notify", 3, 5, 0, 11, 251004), qRow("payout-batch", 0, 0, 0, 0, 29), qRow("search-sync", 9812, 4, 0, 0, 12044)], "1.44G"), "queuestats", { kind: "app", where: "top" }],
    [184, "Bash", { command: `curl -s -X PUT -H "X-TYPESENSE-API-KEY: $TS_ADMIN_KEY" "$TS/aliases/restaurants" -d '{"collection_name":"restaurants_v4"}' | jq` }, `{
  "collection_name": "restaurants_v4",
  "name": "restaurants"
}`, "tsalias", { kind: "app", where: "top" }],
    [185, "Bash", { command: `curl -s -H "X-TYPESENSE-API-KEY: $TS_ADMIN_KEY" "$TS/collections/restaurants_v4" | jq` }, tsColl("restaurants_v4", "float", `
    { "facet": true, "index": true, "name": "cuisine_tags", "optional": true, "type": "string[]" },`, 18381, 1796817402), "tscoll", { kind: "app", where: "top" }],
    [186, "Bash", COMMIT_CMD, commit("c4a8e17", "search: restaurants_v4 (rating float, cuisine_tags facet), alias swap", " 5 files changed, 64 insertions(+), 22 deletions(-)", "Selin Kaya <selin@kumru.app>", `Typesense'te rating int32 idi, sync Math.trunc ile yazıyordu: 4.7 puanlı restoran
4 görünüyordu ve "4.5+" filtresi Kadıköy'de 547 yerine 212 sonuç döndürüyordu.
Alan tipini yerinde değiştiremediğimiz için restaurants_v4'ü yeni şema ile
oluşturup Postgres'ten reindex ettik (koordinatı olmayan 4 test restoranı hariç),
sonra 'restaurants' alias'ını v4'e çevirdik; uygulama hep alias'a gidiyor, kesinti
yok. v3 bir hafta geri dönüş için duruyor.`), undefined, { kind: "build", where: "top" }],

    // ---- final round (Dec 10-11)
    [189, "Bash", { command: `kubectl logs deploy/kumru-api -n ${NS} --since=1h | grep -c 'CfThrottlerGuard\\] 429' && kubectl logs deploy/kumru-api -n ${NS} --since=1h | grep -m3 'CfThrottlerGuard\\] 429'` }, `9120
[Nest] 1  - 12/10/2026, 11:22:05 AM    WARN [CfThrottlerGuard] 429 default tracker=212.156.70.18 PUT /v1/panel/menu/items/bulk (241/240 in 60s)
[Nest] 1  - 12/10/2026, 11:22:05 AM    WARN [CfThrottlerGuard] 429 default tracker=212.156.70.18 PUT /v1/panel/menu/items/bulk (242/240 in 60s)
[Nest] 1  - 12/10/2026, 11:22:06 AM    WARN [CfThrottlerGuard] 429 default tracker=78.186.20.4 PUT /v1/panel/menu/items/bulk (241/240 in 60s)
(restaurant panel menu import sends one PUT per 20-item chunk; chains with 5k+ items hit 240/min)`, undefined, { kind: "app", error: true, where: "top" }],
    [190, "Read", { file_path: APPMOD }, appModule(CF_IMPORT, `        throttlers: [
          { name: 'default', ttl: 60_000, limit: 300 },
          { name: 'otp', ttl: 900_000, limit: 3, skipIf: (ctx) => !isOtpRoute(ctx) },
        ],`, "CfThrottlerGuard"), "throttle", { kind: "code", where: "top" }],
    [193, "Read", { file_path: PROC }, proc(6, "{ type: 'exponential', delay: 5000 }", 8, "  lockDuration: 120_000,\n  maxStalledCount: 2,", `    // rank in chunks and yield to the event loop so the lock renewal timer can run
    const best = await this.matcher.rankChunked(candidates, await this.dispatch.openOrdersInZone(job.data.orderId), { chunk: 50 });
    return this.dispatch.assign(job.data.orderId, best[0].courierId, { jobId: job.id }); // idempotent per order
  }
}`), "dispatchproc", { kind: "code", where: "top" }],
    [194, "Bash", WDBURL_CMD, wdburl("sslmode=require&pgbouncer=true&connection_limit=8"), "workerdburl", { kind: "app", where: "top" }],
    [195, "Bash", COMMIT_CMD, commit("e91b2c6", "worker: dispatch concurrency 12 -> 8, connection_limit 8, attempts 6 / exp 5s", " 3 files changed, 5 insertions(+), 5 deletions(-)", "Emre Yıldız <emre@kumru.app>", `12 concurrency x 6 conn: pod başına 12 job aynı anda DB bekleyince worker'da
P2024 (connection limit: 6) çıkmaya başladı. Concurrency 8'e indi, connection_limit
8 (her job en fazla 1 conn tutuyor). Redis failover'da (DO bakımı, ~90s) 5 deneme x
3s exponential yetmedi, job'lar failed'a düştü: attempts 6, exponential 5s (~5 dk).`), undefined, { kind: "build", where: "top" }],
    [196, "Bash", HPA_CMD, hpa([HPA_API_NOW, HPA_GW_NOW, HPA_WORKER_NOW]), "hpa", { kind: "app", where: "top" }],
    [197, "Bash", RES_CMD, res([resRow("kumru-api", "api:1.47.2", "250m", "1", "512Mi", "1280Mi"), RES_GW_NOW, resRow("kumru-worker", "worker:1.47.2", "300m", "1500m", "512Mi", "1Gi")]), "deployres", { kind: "app", where: "top" }],
    [198, "Bash", Q_CMD, qStats("1.47.2", [Q_OD_NOW, qRow("courier-notify", 0, 4, 0, 6, 233871), qRow("payout-batch", 0, 0, 0, 0, 28), qRow("search-sync", 0, 0, 0, 0, 18440)], "1.09G"), "queuestats", { kind: "app", where: "top" }],
    [199, "Bash", TOP_CMD, `NAME                             CPU(cores)   MEMORY(bytes)
${topRow("kumru-gateway-5c8b9d7f4-9rkpz", "54m", "226Mi")}
${TOP_GW_NOW}`, "top", { kind: "app", where: "top" }],
    [200, "Bash", { command: "gh run list --workflow ci.yml --limit 4" }, `STATUS  TITLE                                                     WORKFLOW  BRANCH           EVENT         ID           ELAPSED  AGE
✓       worker: dispatch concurrency 12 -> 8, connection_limit 8  ci        main             push          13190442871  8m02s    about 25 minutes ago
✓       api: throttle default 300/min, otp 3 per 15 min           ci        main             push          13188120334  7m48s    about 3 hours ago
✓       search: restaurants_v4 (rating float, cuisine_tags facet) ci        main             push          13171009285  8m11s    1 day ago
X       deps: bump @nestjs/* to 10.4.15                           ci        renovate/nestjs  pull_request  13166230017  6m40s    1 day ago`, "ci", { kind: "build", where: "top" }],
    [201, "Bash", E2E_CMD, `${e2eHead("1.47.2")}
 PASS  test/auth.e2e-spec.ts (20.9 s)
 PASS  test/orders.e2e-spec.ts (36.4 s)
 PASS  test/restaurants.e2e-spec.ts (14.2 s)
 PASS  test/courier.e2e-spec.ts (16.8 s)
 PASS  test/panel.e2e-spec.ts (9.7 s)

Test Suites: 5 passed, 5 total
Tests:       91 passed, 91 total
Snapshots:   0 total
Time:        101.532 s
Ran all test suites.`, "e2e", { kind: "test", where: "top" }],
    [202, "Bash", ARGO_CMD, argoApp("Automated (Prune)", "Synced to main (b6e21d4)", `Operation:          Sync
Sync Revision:      b6e21d4f0a9c3e7b2d5816f4c0a7e93d1b2c8f55
Phase:              Succeeded
Start:              2026-12-11 10:02:40 +0300 +03
Finished:           2026-12-11 10:05:13 +0300 +03
Duration:           2m33s
Message:            successfully synced (all tasks run)`, [
      "batch  Job         kumru-prod  kumru-migrate  Succeeded           PreSync",
      "       Service     kumru-prod  kumru-api      Synced     Healthy",
      "apps   Deployment  kumru-prod  kumru-api      Synced     Healthy",
      "apps   Deployment  kumru-prod  kumru-gateway  Synced     Healthy",
      "apps   Deployment  kumru-prod  kumru-worker   Synced     Healthy",
    ], "1.47.2"), "argo", { kind: "app", where: "top" }],
    [203, "Bash", JWT_CMD, jwt(["JWT_KID", "JWT_SIGNING_KEY"], { "kumru.app/jwt-kid": "k2026-12", "kumru.app/previous-removed-at": "2026-12-11T09:05:40Z", "kumru.app/rotated-at": "2026-12-09T14:02:11Z", "sealedsecrets.bitnami.com/managed": "true" }), "jwt", { kind: "app", where: "top" }],
    [208, "Bash", { command: "kubectl get hpa -n kumru-staging" }, hpa([hpaRow("kumru-api", "cpu: 7%/70%", 1, 3, 1, "301d"), hpaRow("kumru-gateway", "cpu: 3%/70%, memory: 44%/80%", 1, 2, 1, "301d"), hpaRow("kumru-worker", "cpu: 11%/75%", 1, 4, 1, "190d")]), undefined, { kind: "app", where: "top" }],
  ],
  questions: [
    // state
    { kind: "state", lang: "tr", prompt: "api hpa'sının max'ı şu an kaç", want: [{ key: "hpa", fact: HPA_API_NOW }] },
    { kind: "state", prompt: "gateway hpa min/max rn?", want: [{ key: "hpa", fact: HPA_GW_NOW }] },
    { kind: "state", lang: "tr", prompt: "api'de prisma connection_limit simdi kac", want: [{ key: "dburl", fact: "connection_limit=10" }] },
    { kind: "state", prompt: "how big is the do pgbouncer pool for the api atm", want: [{ key: "dopool", fact: POOL_API_NOW }] },
    { kind: "state", lang: "tr", prompt: "order-dispatch queue'sunda su an kac job bekliyor", want: [{ key: "queuestats", fact: Q_OD_NOW }] },
    { kind: "state", prompt: "whats the dispatch worker concurrency these days", want: [{ key: "dispatchproc", fact: "concurrency: 8," }] },
    { kind: "state", lang: "tr", prompt: "dispatch job'larında retry backoff en son ne ayarlı", want: [{ key: "dispatchproc", fact: "backoff: { type: 'exponential', delay: 5000 }" }] },
    { kind: "state", prompt: "what node version r the prod pods running", want: [{ key: "nodever", fact: "api: v22.12.0" }] },
    { kind: "state", lang: "tr", prompt: "gateway pod'ları şu an ne kadar memory yiyor", want: [{ key: "top", fact: TOP_GW_NOW }] },
    { kind: "state", prompt: "gateway mem limit on the deployment now?", want: [{ key: "deployres", fact: RES_GW_NOW }] },
    { kind: "state", lang: "tr", prompt: "throttler'da genel limit dakikada kaç istek şimdi", want: [{ key: "throttle", fact: "{ name: 'default', ttl: 60_000, limit: 300 }" }] },
    { kind: "state", prompt: "otp endpoint rate limit cfg rn", want: [{ key: "throttle", fact: "{ name: 'otp', ttl: 900_000, limit: 3" }] },
    { kind: "state", lang: "tr", prompt: "typesense'te restaurants alias'ı hangi collection'a bakıyor", want: [{ key: "tsalias", fact: '"collection_name": "restaurants_v4"' }] },
    { kind: "state", prompt: "how many docs r in the live restaurants collection", want: [{ key: "tscoll", fact: '"num_documents": 18381' }] },
    { kind: "state", lang: "tr", prompt: "prod'da argo hangi image tag'ini çalıştırıyo", want: [{ key: "argo", fact: "kumru/api:1.47.2" }] },
    { kind: "state", prompt: "which ingress-nginx chart version is deployed atm", want: [{ key: "ingresshist", fact: HELM_R9 }] },
    { kind: "state", lang: "tr", prompt: "prisma migration'ların hepsi prod'a uygulanmış mı, kaç tane var", want: [{ key: "migstatus", fact: "48 migrations found in prisma/migrations" }] },
    { kind: "state", prompt: "did we drop the old jwt signing key yet", want: [{ key: "jwt", fact: '"kumru.app/previous-removed-at": "2026-12-11T09:05:40Z"' }] },
    { kind: "state", lang: "tr", prompt: "worker'ın db url'inde connection_limit kaç", want: [{ key: "workerdburl", fact: "pgbouncer=true&connection_limit=8" }] },
    { kind: "state", prompt: "is the e2e suite passing now, how many tests", want: [{ key: "e2e", fact: "Tests:       91 passed, 91 total" }] },
    // history
    { kind: "history", lang: "tr", prompt: "prod'da courier fee migration'ı ilk başta neden patladı", want: [{ turn: 3, fact: 'column "courier_fee_kurus" of relation "orders" contains null values' }] },
    { kind: "history", prompt: "how did we end up making courier_fee_kurus not null w/o locking orders for ages", want: [{ turn: 21, fact: "CHECK (\"courier_fee_kurus\" IS NOT NULL) NOT VALID" }] },
    { kind: "history", lang: "tr", prompt: "ilk başta api'nin connection_limit'i kaçtı", want: [{ turn: 28, fact: "connection_limit=5&pool_timeout=10" }] },
    { kind: "history", prompt: "what error did the worker throw right after we moved it onto the pgbouncer pool", want: [{ turn: 40, fact: 'prepared statement \\"s12\\" already exists' }] },
    { kind: "history", lang: "tr", prompt: "dispatch job'ları neden stalled oluyordu", want: [{ turn: 56, fact: "event loop'u 30s+ kilitliyor" }] },
    { kind: "history", lang: "tr", prompt: "node 22'ye geçince CI'da ne patladı", want: [{ turn: 69, fact: "gyp ERR! find Python" }] },
    { kind: "history", prompt: "why did literally everyone get 429s after the rate limit deploy", want: [{ turn: 112, fact: '"throttlerTracker": "10.244.2.131"' }] },
    { kind: "history", lang: "tr", prompt: "argocd rollback ilk denemede neden olmadı", want: [{ turn: 108, fact: "rollback cannot be initiated when auto-sync is enabled" }] },
    { kind: "history", prompt: "what exactly was leaking in the socket gateway", want: [{ turn: 127, fact: "(closure) onOrderStatus         +184,212" }] },
    { kind: "history", lang: "tr", prompt: "ws sertifikasi neden yenilenmemisti", want: [{ turn: 142, fact: "Error: 9109: Invalid access token" }] },
    { kind: "history", prompt: "what made us roll back the ingress-nginx upgrade", want: [{ turn: 150, fact: "annotation group ConfigurationSnippet contains risky annotation" }] },
    { kind: "history", lang: "tr", prompt: "typesense'i neden yeni collection'a reindex ettik", want: [{ turn: 186, fact: "rating int32 idi, sync Math.trunc ile yazıyordu" }] },
    { kind: "history", prompt: "why did we have to rotate the jwt key", want: [{ turn: 162, fact: '"JWT_SIGNING_KEY": ' }] },
    // multi
    { kind: "state", lang: "tr", prompt: "hpa'da api'nin max'ı ve worker'ın max'ı kaç", want: [{ key: "hpa", fact: HPA_API_NOW }, { key: "hpa", fact: HPA_WORKER_NOW }] },
    { kind: "multi", prompt: "api connection_limit + do pool size?", want: [{ key: "dburl", fact: "connection_limit=10" }, { key: "dopool", fact: POOL_API_NOW }] },
    { kind: "state", lang: "tr", prompt: "dispatch concurrency ne, attempts kaç?", want: [{ key: "dispatchproc", fact: "concurrency: 8," }, { key: "dispatchproc", fact: "attempts: 6," }] },
    { kind: "multi", prompt: "node version on prod and is ci green", want: [{ key: "nodever", fact: "api: v22.12.0" }, { key: "ci", fact: "✓       worker: dispatch concurrency 12 -> 8, connection_limit 8" }] },
    { kind: "multi", lang: "tr", prompt: "hem gateway'in memory kullanımı hem de limit'i lazım", want: [{ key: "top", fact: TOP_GW_NOW }, { key: "deployres", fact: RES_GW_NOW }] },
    { kind: "multi", prompt: "restaurants alias target / doc count", want: [{ key: "tsalias", fact: '"collection_name": "restaurants_v4"' }, { key: "tscoll", fact: '"num_documents": 18381' }] },
    { kind: "multi", lang: "tr", prompt: "throttler default limit ne? argo'da prod synced mi?", want: [{ key: "throttle", fact: "{ name: 'default', ttl: 60_000, limit: 300 }" }, { key: "argo", fact: "Synced to main (b6e21d4)" }] },
    { kind: "multi", prompt: "ws cert expiry vs are all the certificates ready", want: [{ key: "origincert", fact: "notAfter=Mar  8 12:44:19 2027 GMT" }, { key: "certs", fact: CERT_WS_NOW }] },
    { kind: "multi", lang: "tr", prompt: "order-dispatch'te bekleyen job sayısı, worker'ın connection_limit'i", want: [{ key: "queuestats", fact: Q_OD_NOW }, { key: "workerdburl", fact: "pgbouncer=true&connection_limit=8" }] },
    // none
    { kind: "none", lang: "tr", prompt: "tamam ben yemeğe çıkıyorum, sonra devam ederiz" },
    { kind: "none", lang: "tr", prompt: "bullmq'da stalled job genel olarak ne demek" },
    { kind: "none", prompt: "in general whats the diff between pgbouncer session and transaction pooling" },
    { kind: "none", prompt: "thx, brb" },
  ],
};

/** Held out from the selection work: written blind, never run before it was registered (NestJS on DOKS, Turkish and English). */
export const HELD_OUT_37 = [kumru];
