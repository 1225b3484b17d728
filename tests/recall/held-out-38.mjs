// A held-out recall session (format: tests/recall/build.mjs): written blind, without reading the selection's code, its
// tests or any benchmark result, and kept out of the selection work. HELD_OUT_38: a Go microservices platform on GKE
// (gateway, orders, payments, inventory, ledger, notify; Cloud SQL Postgres 15 through the cloud-sql-proxy sidecar,
// Pub/Sub, Memorystore Redis, Terraform, Helm, Cloud Build, gRPC, OpenTelemetry): the orders pgx pool raised from 16
// to 40 for acquire timeouts, which the next day multiplied by the HPA ceiling into a spring-sale outage (Cloud SQL
// out of connection slots), fixed with a smaller pool (25, later 20), max_connections 400 -> 800 and a wider HPA
// (4..10, 6..20, then 6..30); duplicate charges from payments' Pub/Sub subscriber capping lease extension at 10s,
// first hidden by an ack deadline of 60s, later set to 30s with 10 delivery attempts; Go 1.22.5 -> 1.23.4 -> 1.24.1
// with a Cloud Build break on the old builder image; a flaky inventory test (shared test database, time.Sleep); a
// migration that held an ACCESS EXCLUSIVE lock on orders during a plain CREATE INDEX, cancelled, forced back and
// rolled back with helm, then redone with CREATE INDEX CONCURRENTLY; a database password rotation that left payments
// pinned to a disabled Secret Manager version; Memorystore evictions and a resize from 5 to 8 GB; gRPC deadline
// errors from gateway to inventory caused by a missing index; OpenTelemetry sampling cut from 10% to 2%; the
// cloud-sql-proxy 2.8.1 -> 2.14.1; a node pool move from e2-standard-4 to n2-standard-8; an OOMKilled orders pod and
// its memory limit; image tags moving from v1.42.3 to v1.44.0. Distractors: old and staging `kubectl get pods`
// snapshots, staging configs and subscriptions next to the prod ones, DeadlineExceeded errors in other services.
// English questions.

const L = "/home/dev/lumen";
const PROJ = "lumen-prod-381204";
const REG = "europe-west1";
const AR = `${REG}-docker.pkg.dev/${PROJ}/lumen`;
const NS = "lumen-prod";
const K = `kubectl -n ${NS}`;
const PROXY = "gcr.io/cloud-sql-connectors/cloud-sql-proxy";
const TF = "terraform -chdir=infra/envs/prod";
const MOD = "github.com/lumen-platform/lumen";

const numbered = (text, start = 1) => text.split("\n").map((l, i) => `${String(start + i).padStart(6)}\t${l}`).join("\n");

// kubectl get pods
const podRow = (name, ready, status, restarts, age) => `${name.padEnd(32)}${ready.padEnd(8)}${status.padEnd(19)}${restarts.padEnd(16)}${age}`;
const pods = (rows) => `${podRow("NAME", "READY", "STATUS", "RESTARTS", "AGE")}\n${rows.map((r) => podRow(...r)).join("\n")}`;
const PODS_CMD = { command: `${K} get pods` };

// kubectl get deploy -o wide
const SQL_SVCS = ["orders", "payments", "inventory", "ledger"];
const depPrefix = (name, n) => `${name.padEnd(11)}${`${n}/${n}`.padEnd(8)}`;
const depRow = (name, n, age, tag, proxy) => {
  const sql = SQL_SVCS.includes(name);
  const containers = sql ? `${name},cloud-sql-proxy` : name;
  const images = `${AR}/${name}:${tag}${sql ? `,${PROXY}:${proxy}` : ""}`;
  return `${depPrefix(name, n)}${String(n).padEnd(13)}${String(n).padEnd(12)}${age.padEnd(6)}${containers.padEnd(27)}${images.padEnd(124)}app.kubernetes.io/name=${name}`;
};
const deploy = (proxy, d) => `${"NAME".padEnd(11)}${"READY".padEnd(8)}${"UP-TO-DATE".padEnd(13)}${"AVAILABLE".padEnd(12)}${"AGE".padEnd(6)}${"CONTAINERS".padEnd(27)}${"IMAGES".padEnd(124)}SELECTOR
${Object.entries(d).map(([name, [n, tag, age]]) => depRow(name, n, age, tag, proxy)).join("\n")}`;
const DEPLOY_CMD = { command: `${K} get deploy -o wide` };

// kubectl get hpa
const hpaRow = (name, targets, min, max, reps, age) => `${name.padEnd(11)}${`Deployment/${name}`.padEnd(23)}${targets.padEnd(16)}${String(min).padEnd(9)}${String(max).padEnd(9)}${String(reps).padEnd(10)}${age}`;
const hpa = (rows) => `${hpaRow("NAME", "TARGETS", "MINPODS", "MAXPODS", "REPLICAS", "AGE").replace("Deployment/NAME".padEnd(23), "REFERENCE".padEnd(23))}\n${rows.join("\n")}`;
const HPA_CMD = { command: `${K} get hpa` };
const HPA_GW = hpaRow("gateway", "cpu: 31%/70%", 3, 8, 3, "214d");
const HPA_INV = hpaRow("inventory", "cpu: 22%/70%", 3, 6, 3, "214d");
const HPA_PEAK = hpaRow("orders", "cpu: 93%/70%", 4, 10, 10, "214d");
const HPA_ORDERS_NOW = hpaRow("orders", "cpu: 44%/60%", 6, 30, 9, "218d");

// orders admin endpoint: pgxpool stats
const pool = (max, total, acquired, idle, acquires, empty, p99) => `{
  "max_conns": ${max},
  "total_conns": ${total},
  "acquired_conns": ${acquired},
  "idle_conns": ${idle},
  "constructing_conns": 0,
  "acquire_count": ${acquires},
  "empty_acquire_count": ${empty},
  "canceled_acquire_count": ${Math.floor(empty / 9)},
  "acquire_wait_p99_ms": ${p99}
}`;
const POOL_CMD = { command: `${K} exec deploy/orders -c orders -- wget -qO- localhost:8081/debug/pgxpool` };

// helm history
const hrow = (rev, updated, status, chart, app, desc) => `${String(rev).padEnd(8)}\t${updated}\t${status.padEnd(10)}\t${chart.padEnd(13)}\t${app.padEnd(11)}\t${desc}`;
const hist = (rows) => `${hrow("REVISION", "UPDATED                 ", "STATUS", "CHART", "APP VERSION", "DESCRIPTION")}\n${rows.join("\n")}`;
const R = {
  11: (s) => hrow(11, "Thu Mar  5 16:02:41 2026", s, "orders-1.9.0", "v1.42.1", "Upgrade complete"),
  12: (s) => hrow(12, "Fri Mar  6 10:14:09 2026", s, "orders-1.9.1", "v1.42.3", "Upgrade complete"),
  13: (s) => hrow(13, "Mon Mar  9 11:42:18 2026", s, "orders-1.9.1", "v1.42.3", "Upgrade complete"),
  14: (s) => hrow(14, "Tue Mar 10 13:26:50 2026", s, "orders-1.9.2", "v1.42.3", "Upgrade complete"),
  15: (s) => hrow(15, "Wed Mar 11 10:05:33 2026", s, "orders-1.10.0", "v1.43.0", 'Upgrade "orders" failed: pre-upgrade hooks failed: 1 error occurred: * timed out waiting for the condition'),
  16: (s) => hrow(16, "Wed Mar 11 10:19:02 2026", s, "orders-1.9.2", "v1.42.3", "Rollback to 14"),
  17: (s) => hrow(17, "Wed Mar 11 15:48:27 2026", s, "orders-1.10.1", "v1.43.1", "Upgrade complete"),
  18: (s) => hrow(18, "Thu Mar 12 10:31:12 2026", s, "orders-1.10.1", "v1.43.1", "Upgrade complete"),
  19: (s) => hrow(19, "Thu Mar 12 14:02:55 2026", s, "orders-1.10.1", "v1.43.1", "Upgrade complete"),
  20: (s) => hrow(20, "Thu Mar 12 15:20:40 2026", s, "orders-1.10.1", "v1.43.1", "Upgrade complete"),
  21: (s) => hrow(21, "Thu Mar 12 16:05:11 2026", s, "orders-1.10.1", "v1.43.1", "Upgrade complete"),
  22: (s) => hrow(22, "Fri Mar 13 11:12:37 2026", s, "orders-1.11.0", "v1.44.0", "Upgrade complete"),
};
const HELM_NOW = R[22]("deployed");
const HIST_CMD = "helm -n lumen-prod history orders --max 6";
const helmUp = (release, rev, when) => `Release "${release}" has been upgraded. Happy Helming!
NAME: ${release}
LAST DEPLOYED: ${when}
NAMESPACE: ${NS}
STATUS: deployed
REVISION: ${rev}
TEST SUITE: None`;

// cloud sql
const sqlInst = (maxConns, state = "RUNNABLE") => `connectionName: ${PROJ}:${REG}:lumen-pg-prod
databaseVersion: POSTGRES_15
gceZone: europe-west1-c
name: lumen-pg-prod
region: ${REG}
secondaryGceZone: europe-west1-d
settings:
  activationPolicy: ALWAYS
  availabilityType: REGIONAL
  backupConfiguration:
    enabled: true
    pointInTimeRecoveryEnabled: true
    startTime: 02:00
  dataDiskSizeGb: '500'
  dataDiskType: PD_SSD
  databaseFlags:
  - name: max_connections
    value: '${maxConns}'
  - name: log_min_duration_statement
    value: '500'
  - name: cloudsql.iam_authentication
    value: 'on'
  ipConfiguration:
    ipv4Enabled: false
    privateNetwork: projects/${PROJ}/global/networks/lumen-vpc
  tier: db-custom-8-32768
state: ${state}`;
const SQL_CMD = { command: `gcloud sql instances describe lumen-pg-prod --project ${PROJ} --format="yaml(connectionName,databaseVersion,gceZone,name,region,secondaryGceZone,settings.activationPolicy,settings.availabilityType,settings.backupConfiguration,settings.dataDiskSizeGb,settings.dataDiskType,settings.databaseFlags,settings.ipConfiguration,settings.tier,state)"` };

// pub/sub
const subDesc = (name, ack, attempts, minBackoff = "10s") => `ackDeadlineSeconds: ${ack}
deadLetterPolicy:
  deadLetterTopic: projects/${PROJ}/topics/orders-created-dlq
  maxDeliveryAttempts: ${attempts}
enableExactlyOnceDelivery: false
expirationPolicy: {}
labels:
  service: ${name.replace("orders-created-", "")}
  managed-by: terraform
messageRetentionDuration: 604800s
name: projects/${PROJ}/subscriptions/${name}
pushConfig: {}
retryPolicy:
  maximumBackoff: 600s
  minimumBackoff: ${minBackoff}
state: ACTIVE
topic: projects/${PROJ}/topics/orders-created`;
const SUB_CMD = { command: `gcloud pubsub subscriptions describe orders-created-payments --project ${PROJ}` };

// migrations
const migTable = (v, dirty) => ` version | dirty
---------+-------
${String(v).padStart(8)} | ${dirty}
(1 row)`;
const MIG_NOW = `${String(45).padStart(8)} | f`;
const MIG_PSQL = `psql "$LUMEN_ADMIN_URL" -c "select version, dirty from schema_migrations"`;

// secret manager
const secRow = (v, state, created, destroyed = "-") => `${String(v).padEnd(6)}${state.padEnd(11)}${created.padEnd(21)}${destroyed}`;
const secList = (rows) => `${secRow("NAME", "STATE", "CREATED", "DESTROYED")}\n${rows.join("\n")}`;
const SEC_CMD = { command: `gcloud secrets versions list lumen-db-password --project ${PROJ}` };
const SECRET_NOW = secRow(4, "enabled", "2026-03-11T17:32:05");

// memorystore
const redisInst = (name, gb, host, loc) => `authEnabled: true
createTime: '2025-05-19T08:41:22.118604Z'
currentLocationId: ${loc}
host: ${host}
locationId: ${loc}
memorySizeGb: ${gb}
name: projects/${name.includes("staging") ? "lumen-staging-290117" : PROJ}/locations/${REG}/instances/${name}
persistenceConfig:
  persistenceMode: DISABLED
port: 6379
readReplicasMode: READ_REPLICAS_DISABLED
redisConfigs:
  maxmemory-policy: allkeys-lru
redisVersion: REDIS_7_0
reservedIpRange: ${host.replace(/\d+$/, "0")}/29
state: READY
tier: BASIC
transitEncryptionMode: DISABLED`;
const REDIS_CMD = { command: `gcloud redis instances describe lumen-cache-prod --region ${REG} --project ${PROJ}` };
const redisInfo = (used, max, evicted, expired, hits, misses, uptime) => `used_memory_human:${used}
maxmemory_human:${max}
maxmemory_policy:allkeys-lru
uptime_in_seconds:${uptime}
expired_keys:${expired}
evicted_keys:${evicted}
keyspace_hits:${hits}
keyspace_misses:${misses}`;
const REDIS_INFO_CMD = { command: `${K} run redis-cli-$RANDOM --rm -i --restart=Never --image=redis:7.0 -- sh -c 'redis-cli -h 10.42.0.4 -a "$REDIS_AUTH" --no-auth-warning info all' | grep -E '^(used_memory_human|maxmemory_human|maxmemory_policy|uptime_in_seconds|expired_keys|evicted_keys|keyspace_hits|keyspace_misses):'` };

// cloud build
const buildRow = (id, at, dur, sha, images, status) => `${id.padEnd(38)}${at.padEnd(27)}${dur.padEnd(10)}${`github_lumen-platform_lumen@${sha}`.padEnd(44)}${images.padEnd(72)}${status}`;
const builds = (rows) => `${"ID".padEnd(38)}${"CREATE_TIME".padEnd(27)}${"DURATION".padEnd(10)}${"SOURCE".padEnd(44)}${"IMAGES".padEnd(72)}STATUS\n${rows.join("\n")}`;
const BUILDS_CMD = `gcloud builds list --region ${REG} --project ${PROJ} --limit 4`;
const B_OLD1 = buildRow("f2a81c4d-0b3e-4f6a-9d27-5e18c0a7b392", "2026-03-10T15:02:44+00:00", "4M51S", "51d7b2e", `${AR}/payments:v2.7.1`, "SUCCESS");
const B_OLD2 = buildRow("0c7e9a51-3d42-4b18-8f6e-a9d2c4b7e105", "2026-03-10T12:58:19+00:00", "4M37S", "8c41f02", `${AR}/orders:v1.42.3`, "SUCCESS");
const B_FAIL = buildRow("6b1f0c2e-4d8a-4e73-9a15-c2d7e8f03b41", "2026-03-11T08:41:07+00:00", "1M12S", "a7c3e19", "-", "FAILURE");
const B_143 = buildRow("9d3e2b7a-51c8-4a0f-b6e4-7f2c18d9a063", "2026-03-11T09:22:50+00:00", "5M08S", "c02d4b8", `${AR}/orders:v1.43.0`, "SUCCESS");
const B_1431 = buildRow("47b0e8d1-a2c9-4e35-8b71-0d6f3c2a9e18", "2026-03-11T15:21:16+00:00", "5M02S", "e6a1f37", `${AR}/orders:v1.43.1`, "SUCCESS");
const B_NOW = buildRow("c8e5d4a2-7f19-4b60-a3d8-21e9b0f47c55", "2026-03-13T10:48:31+00:00", "4M44S", "d4f08b6", `${AR}/orders:v1.44.0`, "SUCCESS");

// go.mod
const goHead = (v) => `go version go${v} linux/amd64
module ${MOD}

go ${v}

require (
	cloud.google.com/go/pubsub v1.45.1
	github.com/jackc/pgx/v5 v5.7.1
	github.com/redis/go-redis/v9 v9.7.0
	go.opentelemetry.io/otel v1.32.0
	google.golang.org/grpc v1.68.0`;
const GO_CMD = "go version && head -n 10 go.mod";

// flaky test loop
const loop = (failed, runs, lines) => `$ for i in $(seq ${runs}); do go test -race -count=1 -run '^TestReserveStock_Concurrent$' ./internal/inventory/ >/tmp/gt-$i.log 2>&1 || echo "run $i FAILED"; done
${lines}
${failed}/${runs} runs failed`;
const FLAKY_NOW = loop(0, 100, "(no failed runs)");

// proxy sidecar
const proxyLine = (svc, v, extra = "") => `${svc}\t${PROXY}:${v}\t["--structured-logs","--port=5432","--max-connections=30"${extra},"${PROJ}:${REG}:lumen-pg-prod"]`;
const PROXY_CMD = { command: `${K} get deploy orders payments inventory ledger -o jsonpath='{range .items[*]}{.metadata.name}{"\\t"}{.spec.template.spec.containers[?(@.name=="cloud-sql-proxy")].image}{"\\t"}{.spec.template.spec.containers[?(@.name=="cloud-sql-proxy")].args}{"\\n"}{end}'` };

// node pools
const npRow = (name, type, min, max, ver, status) => `${name.padEnd(14)}${type.padEnd(15)}${String(min).padEnd(16)}${String(max).padEnd(16)}${ver.padEnd(21)}${status}`;
const NP_CMD = { command: `gcloud container node-pools list --cluster lumen-prod --region ${REG} --project ${PROJ} --format="table(name,config.machineType,autoscaling.minNodeCount,autoscaling.maxNodeCount,version,status)"` };
const npList = (rows) => `${npRow("NAME", "MACHINE_TYPE", "MIN_NODE_COUNT", "MAX_NODE_COUNT", "NODE_VERSION", "STATUS")}\n${rows.join("\n")}\n(regional cluster: node counts are per zone, 3 zones)`;

// gateway client timeouts
const TIMEOUT_CMD = { command: 'grep -n "Timeout" internal/gateway/clients.go' };

// otel
const OTEL_CMD = { command: "helm -n observability upgrade otel-collector open-telemetry/opentelemetry-collector -f deploy/otel/collector-values.yaml >/dev/null && kubectl -n observability get cm otel-collector -o yaml | grep -B1 -A2 sampling_percentage" };

const PROD_CFG = `service: orders
env: prod
http:
  addr: ":8080"
  admin_addr: ":8081"
grpc:
  addr: ":9090"
  max_recv_msg_size: 4194304
db:
  host: 127.0.0.1   # cloud-sql-proxy sidecar
  port: 5432
  name: lumen
  user: lumen_app
  password_file: /secrets/db/lumen-db-password
  max_conns: 16
  min_conns: 4
  max_conn_lifetime: 30m
  max_conn_idle_time: 5m
  statement_timeout: 5s
  lock_timeout: 2s
redis:
  addr: 10.42.0.4:6379
  pool_size: 50
  auth_file: /secrets/redis/auth
pubsub:
  project: ${PROJ}
  topic: orders-created
otel:
  endpoint: otel-collector.observability:4317
  service_name: orders`;
const STAGING_CFG = PROD_CFG.replace("env: prod", "env: staging").replace("max_conns: 16", "max_conns: 8").replace("min_conns: 4", "min_conns: 2").replace("10.42.0.4:6379", "10.52.0.3:6379").replace(PROJ, "lumen-staging-290117");

const DEP_START = { gateway: [3, "v3.8.0", "214d"], inventory: [3, "v0.19.4", "190d"], ledger: [2, "v1.11.0", "201d"], notify: [2, "v1.3.2", "177d"], orders: [4, "v1.42.3", "214d"], payments: [3, "v2.7.0", "205d"] };

const lumen = {
  name: "lumen (held out 38)",
  sessionId: "3b8e61d0-94c2-4f7a-a5d3-0e2c7b91f846",
  cwd: L,
  turns: 212,
  seed: 38383,
  files: ["cmd/orders/main.go", "internal/orders/service.go", "internal/orders/repo.go", "internal/payments/subscriber.go", "internal/payments/charge.go", "internal/inventory/reserve.go", "internal/gateway/clients.go", "internal/ledger/post.go", "internal/platform/db/pool.go", "internal/platform/otel/otel.go", "deploy/helm/orders/values-prod.yaml", "deploy/helm/orders/templates/deployment.yaml", "infra/modules/cloudsql/main.tf", "infra/modules/pubsub/main.tf", "infra/envs/prod/main.tf", "cloudbuild.yaml", "Makefile", "go.mod"],
  otherTests: [`${MOD}/internal/orders`, `${MOD}/internal/gateway`, `${MOD}/internal/ledger`, `${MOD}/internal/notify`, `${MOD}/internal/platform/db`],
  words: ["order", "payment", "stock", "sku", "reservation", "ledger", "entry", "span", "tracer", "pool", "conn", "subscriber", "message", "ack", "lease", "cache", "tenant", "warehouse", "invoice", "refund", "deadline", "retry", "handler", "client", "charge"],
  grepWords: ["pgxpool.NewWithConfig", "ReceiveSettings", "otel.Tracer", "grpc.NewClient", "context.WithTimeout", "redis.NewClient", "TODO"],
  testCommands: ["go test ./internal/orders/...", "go test -race ./internal/ledger/...", "go test ./internal/gateway/... -run TestClients -v", "make test-unit"],
  buildCommands: ["go build ./...", "make lint", "go vet ./...", `${TF} validate`, "helm lint deploy/helm/orders -f deploy/helm/orders/values-prod.yaml"],
  appCommands: [`${K} logs deploy/orders -c orders --since=10m`, `${K} logs deploy/gateway --since=10m`, `${K} logs deploy/payments -c payments --since=10m`, `${K} logs deploy/inventory -c inventory --since=10m`],
  prompts: ["continue", "next", "ok go on", "keep going", "proceed", "ok", "go ahead", "carry on", "next pls", "yep", "do it"],
  facts: [
    // --- Mon Mar 9: orientation, pool acquire timeouts ---
    [1, "Bash", PODS_CMD, pods([
      ["gateway-6c8d9b7f4-4vx2n", "1/1", "Running", "0", "6d2h"], ["gateway-6c8d9b7f4-kq8zr", "1/1", "Running", "0", "6d2h"], ["gateway-6c8d9b7f4-t7m5w", "1/1", "Running", "0", "6d2h"],
      ["inventory-5f7b8c9d6-9hj2k", "2/2", "Running", "0", "3d20h"], ["inventory-5f7b8c9d6-lm4qp", "2/2", "Running", "0", "3d20h"], ["inventory-5f7b8c9d6-xw8rt", "2/2", "Running", "1 (2d ago)", "3d20h"],
      ["ledger-84c6d5f9b-2pnz7", "2/2", "Running", "0", "11d"], ["ledger-84c6d5f9b-v6kcd", "2/2", "Running", "0", "11d"],
      ["notify-7b9d4f6c8-8shxm", "1/1", "Running", "0", "4d1h"], ["notify-7b9d4f6c8-qz2lv", "1/1", "Running", "0", "4d1h"],
      ["orders-7d9f8c6b5d-2xkqp", "2/2", "Running", "0", "2d5h"], ["orders-7d9f8c6b5d-9fj4t", "2/2", "Running", "0", "2d5h"], ["orders-7d9f8c6b5d-hn7ws", "2/2", "Running", "0", "2d5h"], ["orders-7d9f8c6b5d-r5cbm", "2/2", "Running", "0", "2d5h"],
      ["payments-5c4b8d7f9-6tq9x", "2/2", "Running", "0", "5d7h"], ["payments-5c4b8d7f9-jd3mv", "2/2", "Running", "0", "5d7h"], ["payments-5c4b8d7f9-wp8lz", "2/2", "Running", "0", "5d7h"],
    ]), "pods", { kind: "app", where: "top" }],
    [2, "Bash", DEPLOY_CMD, deploy("2.8.1", DEP_START), "deploy", { kind: "app", where: "top" }],
    [3, "Bash", HPA_CMD, hpa([HPA_GW, HPA_INV, hpaRow("orders", "cpu: 38%/70%", 4, 10, 4, "214d")]), "hpa", { kind: "app", where: "top" }],
    [5, "Read", { file_path: `${L}/config/orders/prod.yaml` }, numbered(PROD_CFG), undefined, { kind: "code", where: "top" }],
    [6, "Read", { file_path: `${L}/config/orders/staging.yaml` }, numbered(STAGING_CFG), undefined, { kind: "code", where: "top" }],
    [7, "Bash", POOL_CMD, pool(16, 16, 16, 0, 1884120, 402211, 1940), "pgxpool", { kind: "app", where: "top" }],
    [8, "Bash", { command: `${K} logs deploy/orders -c orders --since=30m | grep -E '"level":"ERROR"' | tail -n 4` }, `{"time":"2026-03-09T10:58:12.402Z","level":"ERROR","msg":"create order failed","service":"orders","trace_id":"4bf92f3577b34da6a3ce929d0e0e4736","err":"acquire conn: context deadline exceeded","route":"/lumen.orders.v1.OrdersService/CreateOrder"}
{"time":"2026-03-09T10:58:12.977Z","level":"ERROR","msg":"create order failed","service":"orders","trace_id":"8a1e4c2b9d7f40e6b3a5c1d8e2f09a47","err":"acquire conn: context deadline exceeded","route":"/lumen.orders.v1.OrdersService/CreateOrder"}
{"time":"2026-03-09T10:58:13.310Z","level":"ERROR","msg":"get order failed","service":"orders","trace_id":"c2d9e7a1f3b84c05a6e1d7b2c9f04e38","err":"acquire conn: context deadline exceeded","route":"/lumen.orders.v1.OrdersService/GetOrder"}
{"time":"2026-03-09T10:58:14.021Z","level":"ERROR","msg":"create order failed","service":"orders","trace_id":"1f7b3d9e5a2c4e81b0d6f4a8c3e27b95","err":"acquire conn: context deadline exceeded","route":"/lumen.orders.v1.OrdersService/CreateOrder"}
(p99 CreateOrder 2.8s since 10:40; 412 of 16904 CreateOrder calls in the last 30m failed with acquire timeouts)`, undefined, { kind: "app", error: true, where: "bottom" }],
    [9, "Edit", { file_path: `${L}/config/orders/prod.yaml`, old_string: "  max_conns: 16", new_string: "  max_conns: 40" }, `The file ${L}/config/orders/prod.yaml has been updated.`, undefined, { kind: "code", where: "top" }],
    [11, "Bash", { command: "git commit -am 'orders: db max_conns 16 -> 40' && git log -1 --format='%h %s%n%n%b'" }, `[main 3e9a1c7] orders: db max_conns 16 -> 40
 1 file changed, 1 insertion(+), 1 deletion(-)
3e9a1c7 orders: db max_conns 16 -> 40

CreateOrder p99 went to 2.8s this morning and 2.4% of calls failed with
"acquire conn: context deadline exceeded": every pod had all 16 pgxpool conns
acquired and requests queued for a conn (empty_acquire_count climbing fast).
Cloud SQL has max_connections 400 and we use about 120, so raise the pool.`, undefined, { kind: "build", where: "top" }],
    [12, "Bash", { command: `helm -n ${NS} upgrade orders deploy/helm/orders -f deploy/helm/orders/values-prod.yaml --set image.tag=v1.42.3 --wait --timeout 5m && ${HIST_CMD}` }, `${helmUp("orders", 13, "Mon Mar  9 11:42:18 2026")}\n${hist([R[11]("superseded"), R[12]("superseded"), R[13]("deployed")])}`, "helmhist", { kind: "app", where: "top" }],
    [14, "Bash", POOL_CMD, pool(40, 31, 12, 19, 2210447, 402380, 38), "pgxpool", { kind: "app", where: "top" }],
    // --- Tue Mar 10: spring sale outage ---
    [16, "Bash", HPA_CMD, hpa([hpaRow("gateway", "cpu: 74%/70%", 3, 8, 6, "215d"), hpaRow("inventory", "cpu: 66%/70%", 3, 6, 5, "215d"), HPA_PEAK]), "hpa", { kind: "app", where: "top" }],
    [17, "Bash", { command: `${K} logs orders-7d9f8c6b5d-9fj4t -c orders --since=10m | grep -m3 SQLSTATE && ${K} logs orders-7d9f8c6b5d-9fj4t -c cloud-sql-proxy --since=10m | tail -n 3` }, `{"time":"2026-03-10T12:06:41.118Z","level":"ERROR","msg":"db connect failed","service":"orders","err":"failed to connect to host=127.0.0.1 user=lumen_app database=lumen: server error (FATAL: remaining connection slots are reserved for non-replication superuser connections (SQLSTATE 53300))"}
{"time":"2026-03-10T12:06:41.902Z","level":"ERROR","msg":"readiness check failed","service":"orders","err":"ping db: failed to connect to host=127.0.0.1 user=lumen_app database=lumen: server error (FATAL: remaining connection slots are reserved for non-replication superuser connections (SQLSTATE 53300))"}
{"time":"2026-03-10T12:06:43.250Z","level":"ERROR","msg":"create order failed","service":"orders","err":"failed to connect to host=127.0.0.1 user=lumen_app database=lumen: server error (FATAL: sorry, too many clients already (SQLSTATE 53300))"}
{"severity":"INFO","timestamp":"2026-03-10T12:06:44.012Z","message":"[${PROJ}:${REG}:lumen-pg-prod] Accepted connection from 127.0.0.1:51724"}
{"severity":"INFO","timestamp":"2026-03-10T12:06:44.031Z","message":"[${PROJ}:${REG}:lumen-pg-prod] client closed the connection"}
{"severity":"INFO","timestamp":"2026-03-10T12:06:44.388Z","message":"[${PROJ}:${REG}:lumen-pg-prod] Accepted connection from 127.0.0.1:51730"}`, undefined, { kind: "app", error: true, where: "top" }],
    [18, "Bash", SQL_CMD, sqlInst(400), "sqlinst", { kind: "app", where: "top" }],
    [19, "Bash", { command: `psql "$LUMEN_ADMIN_URL" -c "select usename, application_name, state, count(*) from pg_stat_activity where backend_type = 'client backend' group by 1,2,3 order by 4 desc"` }, `  usename   | application_name |        state        | count
------------+------------------+---------------------+-------
 lumen_app  | orders           | idle                |   268
 lumen_app  | orders           | active              |   112
 lumen_app  | inventory        | idle                |     9
 lumen_app  | payments         | idle                |     5
 lumen_app  | ledger           | idle                |     2
 lumen_admin| psql             | active              |     1
(6 rows)

(10 orders pods x max_conns 40 = 400 on their own; the instance allows 400 minus 3 superuser_reserved_connections)`, undefined, { kind: "pg", where: "top" }],
    [20, "Bash", { command: `${K} logs deploy/payments -c payments --since=15m | grep -m4 DeadlineExceeded` }, `{"time":"2026-03-10T12:08:02.551Z","level":"ERROR","msg":"post ledger entry failed","service":"payments","order_id":"ord_01JP4W2Q8M","err":"rpc error: code = DeadlineExceeded desc = context deadline exceeded","rpc":"/lumen.ledger.v1.LedgerService/PostEntry"}
{"time":"2026-03-10T12:08:03.004Z","level":"ERROR","msg":"post ledger entry failed","service":"payments","order_id":"ord_01JP4W2R1C","err":"rpc error: code = DeadlineExceeded desc = context deadline exceeded","rpc":"/lumen.ledger.v1.LedgerService/PostEntry"}
{"time":"2026-03-10T12:08:04.771Z","level":"WARN","msg":"retrying ledger post","service":"payments","attempt":2,"backoff":"400ms"}
(ledger itself is fine: its PostEntry waits on its own db conns during the outage; retries succeed after 12:40)`, undefined, { kind: "app", error: true, where: "top" }],
    [22, "Bash", PODS_CMD, pods([
      ["gateway-6c8d9b7f4-4vx2n", "1/1", "Running", "0", "7d3h"], ["gateway-6c8d9b7f4-c8r2m", "1/1", "Running", "0", "24m"], ["gateway-6c8d9b7f4-kq8zr", "1/1", "Running", "0", "7d3h"], ["gateway-6c8d9b7f4-n4w7p", "1/1", "Running", "0", "24m"], ["gateway-6c8d9b7f4-t7m5w", "1/1", "Running", "0", "7d3h"], ["gateway-6c8d9b7f4-z2k9d", "1/1", "Running", "0", "18m"],
      ["inventory-5f7b8c9d6-9hj2k", "2/2", "Running", "0", "4d21h"], ["inventory-5f7b8c9d6-lm4qp", "1/2", "Running", "2 (3m ago)", "4d21h"], ["inventory-5f7b8c9d6-xw8rt", "2/2", "Running", "1 (3d ago)", "4d21h"],
      ["orders-6b8d7c5f9-2sx8v", "1/2", "Running", "3 (51s ago)", "25m"], ["orders-6b8d7c5f9-4jq6n", "1/2", "CrashLoopBackOff", "4 (22s ago)", "19m"], ["orders-6b8d7c5f9-7mf2c", "2/2", "Running", "2 (4m ago)", "1d1h"], ["orders-6b8d7c5f9-b9t4h", "1/2", "Running", "3 (1m ago)", "19m"], ["orders-6b8d7c5f9-d5w8k", "2/2", "Running", "1 (6m ago)", "1d1h"],
      ["orders-6b8d7c5f9-h3p7x", "1/2", "CrashLoopBackOff", "5 (12s ago)", "14m"], ["orders-6b8d7c5f9-kk2r9", "2/2", "Running", "0", "1d1h"], ["orders-6b8d7c5f9-q8v3s", "1/2", "Running", "2 (2m ago)", "14m"], ["orders-6b8d7c5f9-t6n1z", "2/2", "Running", "1 (8m ago)", "1d1h"], ["orders-6b8d7c5f9-x7c4b", "1/2", "Running", "3 (44s ago)", "25m"],
      ["payments-5c4b8d7f9-6tq9x", "2/2", "Running", "0", "6d8h"], ["payments-5c4b8d7f9-jd3mv", "2/2", "Running", "0", "6d8h"], ["payments-5c4b8d7f9-wp8lz", "2/2", "Running", "0", "6d8h"],
    ]), "pods", { kind: "app", where: "top" }],
    [23, "Bash", { command: "./scripts/metric.sh cloudsql.googleapis.com/database/postgresql/num_backends database_id=lumen-prod-381204:lumen-pg-prod --since 2h --align max --period 5m" }, `cloudsql.googleapis.com/database/postgresql/num_backends (lumen-pg-prod), max per 5 min:
11:30  131
11:40  188
11:50  262
12:00  351
12:05  397
12:10  397
12:15  397
12:20  397`, undefined, { kind: "app", where: "top" }],
    [24, "Edit", { file_path: `${L}/config/orders/prod.yaml`, old_string: "  max_conns: 40", new_string: "  max_conns: 25 # pool x HPA max must stay under Cloud SQL max_connections" }, `The file ${L}/config/orders/prod.yaml has been updated.`, undefined, { kind: "code", where: "top" }],
    [25, "Bash", { command: `${TF} plan -out=tfplan` }, `module.network.google_compute_network.vpc: Refreshing state... [id=projects/${PROJ}/global/networks/lumen-vpc]
module.cloudsql.google_sql_database_instance.main: Refreshing state... [id=lumen-pg-prod]
module.cloudsql.google_sql_user.app: Refreshing state... [id=lumen_app//lumen-pg-prod]
module.gke.google_container_cluster.main: Refreshing state... [id=projects/${PROJ}/locations/${REG}/clusters/lumen-prod]

Terraform will perform the following actions:

  # module.cloudsql.google_sql_database_instance.main will be updated in-place
  ~ resource "google_sql_database_instance" "main" {
        id                             = "lumen-pg-prod"
        name                           = "lumen-pg-prod"
        # (14 unchanged attributes hidden)

      ~ settings {
            tier                         = "db-custom-8-32768"
            # (16 unchanged attributes hidden)

          - database_flags {
              - name  = "max_connections" -> null
              - value = "400" -> null
            }
          + database_flags {
              + name  = "max_connections"
              + value = "800"
            }

            # (5 unchanged blocks hidden)
        }
    }

Plan: 0 to add, 1 to change, 0 to destroy.

Saved the plan to: tfplan`, "tfplan", { kind: "build", where: "top" }],
    [26, "Bash", { command: `${TF} apply tfplan` }, `module.cloudsql.google_sql_database_instance.main: Modifying... [id=lumen-pg-prod]
module.cloudsql.google_sql_database_instance.main: Still modifying... [id=lumen-pg-prod, 10s elapsed]
module.cloudsql.google_sql_database_instance.main: Still modifying... [id=lumen-pg-prod, 50s elapsed]
module.cloudsql.google_sql_database_instance.main: Modifications complete after 1m22s [id=lumen-pg-prod]

Apply complete! Resources: 0 added, 1 changed, 0 destroyed.
(changing max_connections restarted the instance: 47s of refused connections at 13:08)`, undefined, { kind: "build", where: "top" }],
    [27, "Bash", SQL_CMD, sqlInst(800), "sqlinst", { kind: "app", where: "top" }],
    [28, "Bash", { command: `helm -n ${NS} upgrade orders deploy/helm/orders -f deploy/helm/orders/values-prod.yaml --set image.tag=v1.42.3 --wait --timeout 5m` }, `${helmUp("orders", 14, "Tue Mar 10 13:26:50 2026")}\n(chart 1.9.2: hpa.minReplicas 4 -> 6, hpa.maxReplicas 10 -> 20, cloudSqlProxy.maxConnections 30)`, undefined, { kind: "app", where: "top" }],
    [29, "Bash", POOL_CMD, pool(25, 19, 8, 11, 310422, 112, 9), "pgxpool", { kind: "app", where: "top" }],
    [30, "Bash", HPA_CMD, hpa([hpaRow("gateway", "cpu: 58%/70%", 3, 8, 5, "215d"), hpaRow("inventory", "cpu: 41%/70%", 3, 6, 3, "215d"), hpaRow("orders", "cpu: 55%/70%", 6, 20, 12, "215d")]), "hpa", { kind: "app", where: "top" }],
    [32, "Bash", { command: "git add docs/postmortems/2026-03-10-orders-503.md config/orders/prod.yaml && git commit -m 'postmortem: 2026-03-10 orders 503s during the spring sale' && git log -1 --format='%h %s%n%n%b'" }, `[main 8c41f02] postmortem: 2026-03-10 orders 503s during the spring sale
 2 files changed, 74 insertions(+), 2 deletions(-)
8c41f02 postmortem: 2026-03-10 orders 503s during the spring sale

Root cause: yesterday's max_conns 16 -> 40 multiplied by the HPA. At 12:00 the sale
pushed orders to its HPA max of 10 pods, so 10 x 40 = 400 pgx conns from orders alone
against Cloud SQL max_connections 400 (397 usable); new conns from orders, inventory
and payments got "remaining connection slots are reserved" and readiness failed, so
pods restarted and made it worse. 503s from 12:02 to 13:12.
Fix: orders max_conns 25, max_connections 800 (the flag change restarted the
instance at 13:08), HPA 6..20, cloud-sql-proxy --max-connections=30 per pod as a
backstop. Follow-up: pool x HPA max must stay under max_connections.`, undefined, { kind: "build", where: "top" }],
    // --- Tue afternoon: duplicate charges, Pub/Sub ---
    [34, "Bash", SUB_CMD, subDesc("orders-created-payments", 10, 5), "subpay", { kind: "app", where: "top" }],
    [35, "Bash", { command: "./scripts/metric.sh pubsub.googleapis.com/subscription/expired_ack_deadlines_count subscription_id=orders-created-payments --since 4h --period 30m --align sum" }, `pubsub.googleapis.com/subscription/expired_ack_deadlines_count (orders-created-payments), sum per 30 min:
11:00  12
11:30  40
12:00  2210
12:30  3894
13:00  1207
13:30  88
(duplicate deliveries: 1204 messages delivered more than once since 12:00; sale orders take 14-25s in payments because of 3-D Secure lookups)`, undefined, { kind: "app", where: "top" }],
    [36, "Bash", { command: `${K} logs deploy/payments -c payments --since=3h | grep -E 'duplicate|409' | tail -n 4` }, `{"time":"2026-03-10T12:31:09.201Z","level":"WARN","msg":"duplicate delivery","service":"payments","order_id":"ord_01JP4X8K2D","delivery_attempt":3,"message_id":"11894320571243015"}
{"time":"2026-03-10T12:31:09.688Z","level":"ERROR","msg":"charge failed","service":"payments","order_id":"ord_01JP4X8K2D","err":"psp: 409 Conflict: idempotency key ord_01JP4X8K2D already used with a different request body"}
{"time":"2026-03-10T12:44:51.019Z","level":"WARN","msg":"duplicate delivery","service":"payments","order_id":"ord_01JP4YC3TW","delivery_attempt":2,"message_id":"11894322018827731"}
{"time":"2026-03-10T12:44:51.320Z","level":"ERROR","msg":"charge captured twice","service":"payments","order_id":"ord_01JP4YC3TW","amount_cents":8900,"refund_needed":true}`, undefined, { kind: "app", error: true, where: "top" }],
    [37, "Bash", { command: `gcloud pubsub subscriptions describe orders-created-notify --project ${PROJ}` }, subDesc("orders-created-notify", 20, 5, "5s"), undefined, { kind: "app", where: "top" }],
    [38, "Edit", { file_path: `${L}/infra/modules/pubsub/main.tf`, old_string: '    ack_deadline_seconds = 10', new_string: '    ack_deadline_seconds = 60 # payments takes up to 25s per sale order' }, `The file ${L}/infra/modules/pubsub/main.tf has been updated.`, undefined, { kind: "code", where: "top" }],
    [39, "Bash", { command: `${TF} apply -auto-approve -target=module.pubsub` }, `module.pubsub.google_pubsub_topic.topic["orders-created"]: Refreshing state... [id=projects/${PROJ}/topics/orders-created]
module.pubsub.google_pubsub_subscription.sub["orders-created-payments"]: Refreshing state... [id=projects/${PROJ}/subscriptions/orders-created-payments]

  # module.pubsub.google_pubsub_subscription.sub["orders-created-payments"] will be updated in-place
  ~ resource "google_pubsub_subscription" "sub" {
      ~ ack_deadline_seconds         = 10 -> 60
        id                           = "projects/${PROJ}/subscriptions/orders-created-payments"
        name                         = "orders-created-payments"
        # (8 unchanged attributes hidden)
    }

Plan: 0 to add, 1 to change, 0 to destroy.
module.pubsub.google_pubsub_subscription.sub["orders-created-payments"]: Modifying...
module.pubsub.google_pubsub_subscription.sub["orders-created-payments"]: Modifications complete after 2s

Apply complete! Resources: 0 added, 1 changed, 0 destroyed.`, undefined, { kind: "build", where: "top" }],
    [40, "Bash", SUB_CMD, subDesc("orders-created-payments", 60, 5), "subpay", { kind: "app", where: "top" }],
    [42, "Read", { file_path: `${L}/internal/payments/subscriber.go` }, numbered(`func (s *Subscriber) Run(ctx context.Context) error {
	sub := s.client.Subscription(s.subID)
	sub.ReceiveSettings.NumGoroutines = 4
	sub.ReceiveSettings.MaxOutstandingMessages = 200
	// keep redeliveries quick if a pod dies mid-charge
	sub.ReceiveSettings.MaxExtension = 10 * time.Second
	return sub.Receive(ctx, func(ctx context.Context, m *pubsub.Message) {
		ctx, span := tracer.Start(ctx, "payments.handleOrderCreated")
		defer span.End()
		var evt ordersv1.OrderCreated
		if err := proto.Unmarshal(m.Data, &evt); err != nil {
			s.log.Error("bad message", "err", err, "message_id", m.ID)
			m.Ack() // poison message, nothing to retry
			return
		}
		if err := s.charges.Charge(ctx, &evt); err != nil {
			s.log.Error("charge failed", "order_id", evt.OrderId, "err", err)
			m.Nack()
			return
		}
		m.Ack()
	})
}`, 31), undefined, { kind: "code", where: "top" }],
    [44, "Edit", { file_path: `${L}/internal/payments/subscriber.go`, old_string: "	// keep redeliveries quick if a pod dies mid-charge\n	sub.ReceiveSettings.MaxExtension = 10 * time.Second", new_string: "	// the client extends the lease while Charge runs; a dead pod's messages come back after the ack deadline\n	sub.ReceiveSettings.MaxExtension = 10 * time.Minute" }, `The file ${L}/internal/payments/subscriber.go has been updated.`, undefined, { kind: "code", where: "top" }],
    [45, "Bash", { command: "go test -race ./internal/payments/..." }, `ok  \t${MOD}/internal/payments\t3.118s
ok  \t${MOD}/internal/payments/psp\t0.412s
?   \t${MOD}/internal/payments/testdata\t[no test files]`, undefined, { kind: "test", where: "top" }],
    [46, "Bash", { command: "git commit -am 'payments: let the pubsub client extend leases (MaxExtension 10s -> 10m)' && git log -1 --format='%h %s%n%n%b'" }, `[main 51d7b2e] payments: let the pubsub client extend leases (MaxExtension 10s -> 10m)
 1 file changed, 2 insertions(+), 2 deletions(-)
51d7b2e payments: let the pubsub client extend leases (MaxExtension 10s -> 10m)

Duplicate charges on Mar 10: payments set ReceiveSettings.MaxExtension = 10s, so
the client stopped extending the lease of a message after 10s. Sale orders take
14-25s in payments (3-D Secure lookups), Pub/Sub redelivered them to another pod
while the first one was still charging, and the PSP rejected the second charge
with a 409 or, where the body differed, captured it twice (37 refunds issued).
The 60s ack deadline from this afternoon only hid it. MaxExtension is 10m now;
the ack deadline can go back down.`, undefined, { kind: "build", where: "top" }],
    [47, "Bash", { command: "kubectl -n lumen-staging get pods" }, pods([
      ["gateway-7f5c9d8b6-p2x4k", "1/1", "Running", "0", "1d4h"],
      ["inventory-58d7c9b6f-k7r2t", "2/2", "Running", "0", "1d4h"],
      ["ledger-6c9b8d7f5-w3n8q", "2/2", "Running", "0", "3d"],
      ["notify-5d8f7c6b9-m4z6x", "1/1", "Running", "0", "2d2h"],
      ["orders-8c7d6b5f4-h2v9m", "2/2", "Running", "0", "6h"], ["orders-8c7d6b5f4-r8k3w", "2/2", "Running", "0", "6h"],
      ["payments-7b6c5d4f8-q9j2p", "1/2", "CrashLoopBackOff", "38 (2m ago)", "3h"],
    ]), undefined, { kind: "app", where: "top" }],
    [48, "Bash", { command: `helm -n ${NS} upgrade payments deploy/helm/payments -f deploy/helm/payments/values-prod.yaml --set image.tag=v2.7.1 --wait --timeout 5m` }, helmUp("payments", 31, "Tue Mar 10 15:09:40 2026"), undefined, { kind: "app", where: "top" }],
    [50, "Bash", { command: `${K} top pods --containers | sort -k4 -h | tail -n 8` }, `POD                         NAME              CPU(cores)   MEMORY(bytes)
payments-6f8d7c5b4-2kq7m    payments          88m          141Mi
inventory-5f7b8c9d6-9hj2k   inventory         212m         188Mi
orders-6b8d7c5f9-kk2r9      cloud-sql-proxy   41m          38Mi
orders-6b8d7c5f9-kk2r9      orders            402m         311Mi
orders-6b8d7c5f9-t6n1z      orders            388m         329Mi
orders-6b8d7c5f9-7mf2c      orders            431m         347Mi
orders-6b8d7c5f9-d5w8k      orders            455m         362Mi`, undefined, { kind: "app", where: "top" }],
    // --- Wed Mar 11: Go 1.23, flaky test, Cloud Build, migration rollback ---
    [62, "Bash", { command: GO_CMD }, goHead("1.22.5"), "gomod", { kind: "build", where: "top" }],
    [63, "Read", { file_path: `${L}/Dockerfile` }, numbered(`# syntax=docker/dockerfile:1.7
FROM golang:1.22.5-bookworm AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN --mount=type=cache,target=/go/pkg/mod go mod download
COPY . .
ARG SERVICE
ARG VERSION=dev
RUN --mount=type=cache,target=/root/.cache/go-build CGO_ENABLED=0 go build -trimpath -ldflags="-s -w -X main.version=\${VERSION}" -o /out/app ./cmd/\${SERVICE}

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/app /app
USER nonroot:nonroot
ENTRYPOINT ["/app"]`), undefined, { kind: "code", where: "top" }],
    [65, "Bash", { command: `go mod edit -go=1.23.4 && go mod tidy && ${GO_CMD}` }, `go: downloading go1.23.4 (linux/amd64)\n${goHead("1.23.4")}`, "gomod", { kind: "build", where: "top" }],
    [66, "Bash", { command: "go test ./..." }, `ok  \t${MOD}/internal/gateway\t1.204s
ok  \t${MOD}/internal/orders\t4.812s
--- FAIL: TestReserveStock_Concurrent (2.31s)
    reserve_test.go:88: reserved = 11, want 10 (stock 10, 12 concurrent reservations)
FAIL
FAIL\t${MOD}/internal/inventory\t9.422s
ok  \t${MOD}/internal/ledger\t3.117s
ok  \t${MOD}/internal/notify\t0.884s
ok  \t${MOD}/internal/payments\t2.950s
FAIL`, undefined, { kind: "test", error: true, where: "top" }],
    [67, "Bash", { command: "./scripts/gotest-loop.sh ./internal/inventory TestReserveStock_Concurrent 50" }, loop(7, 50, "run 4 FAILED\nrun 9 FAILED\nrun 17 FAILED\nrun 18 FAILED\nrun 26 FAILED\nrun 38 FAILED\nrun 44 FAILED"), "flaky", { kind: "test", error: true, where: "bottom" }],
    [69, "Read", { file_path: `${L}/internal/inventory/reserve_test.go` }, numbered(`func TestReserveStock_Concurrent(t *testing.T) {
	t.Parallel()
	db := testdb.Shared(t) // one postgres container for the whole package
	ctx := context.Background()
	seedStock(t, db, "sku-1", "wh-1", 10)

	svc := inventory.NewService(db)
	var reserved atomic.Int32
	for i := 0; i < 12; i++ {
		go func() {
			if _, err := svc.Reserve(ctx, "sku-1", "wh-1", 1); err == nil {
				reserved.Add(1)
			}
		}()
	}
	time.Sleep(200 * time.Millisecond) // let the goroutines finish

	if got := reserved.Load(); got != 10 {
		t.Fatalf("reserved = %d, want 10 (stock 10, 12 concurrent reservations)", got)
	}
}

func TestReserveStock_Release(t *testing.T) {
	t.Parallel()
	db := testdb.Shared(t)
	seedStock(t, db, "sku-1", "wh-1", 10)`, 71), undefined, { kind: "code", where: "top" }],
    [71, "Edit", { file_path: `${L}/internal/inventory/reserve_test.go`, old_string: '	seedStock(t, db, "sku-1", "wh-1", 10)\n\n	svc := inventory.NewService(db)', new_string: '	sku := "sku-" + t.Name() // own row: other parallel tests seed and release stock too\n	seedStock(t, db, sku, "wh-1", 10)\n\n	svc := inventory.NewService(db)' }, `The file ${L}/internal/inventory/reserve_test.go has been updated. (time.Sleep replaced by a sync.WaitGroup in the same edit)`, undefined, { kind: "code", where: "top" }],
    [72, "Bash", { command: "./scripts/gotest-loop.sh ./internal/inventory TestReserveStock_Concurrent 50" }, loop(0, 50, "(no failed runs)"), "flaky", { kind: "test", where: "bottom" }],
    [73, "Bash", { command: "git commit -am 'inventory: fix flaky TestReserveStock_Concurrent' && git log -1 --format='%h %s%n%n%b'" }, `[main a7c3e19] inventory: fix flaky TestReserveStock_Concurrent
 1 file changed, 14 insertions(+), 9 deletions(-)
a7c3e19 inventory: fix flaky TestReserveStock_Concurrent

Failed 7/50 with -race. Two causes: TestReserveStock_Release runs with t.Parallel()
against the same shared postgres container and seeded the same sku-1/wh-1 row, so its
release put stock back while the concurrent test was reserving (reserved = 11, want
10); and the test waited for its goroutines with time.Sleep(200ms), too short under
-race on CI. Each test now seeds its own sku (named after t.Name()) and waits on a
sync.WaitGroup. 0/50 failures.`, undefined, { kind: "build", where: "top" }],
    [75, "Bash", { command: `git push && sleep 90 && ${BUILDS_CMD} && gcloud builds log 6b1f0c2e-4d8a-4e73-9a15-c2d7e8f03b41 --region ${REG} | tail -n 5` }, `${builds([B_FAIL, B_OLD1, B_OLD2, buildRow("5e2a9c07-81d4-4f3b-a6c2-d9e40b1f7a26", "2026-03-09T10:55:02+00:00", "4M49S", "3e9a1c7", `${AR}/orders:v1.42.3`, "SUCCESS")])}
Step #1 - "test": go: downloading go1.23.4 (linux/amd64)
Step #1 - "test": go: download go1.23.4: toolchain not available (GOTOOLCHAIN=local)
Step #1 - "test": go: go.mod requires go >= 1.23.4 (running go 1.22.5; GOTOOLCHAIN=local)
Finished Step #1 - "test"
ERROR: build step 1 "golang:1.22.5-bookworm" failed: step exited with non-zero status: 1`, "builds", { kind: "build", error: true, where: "top" }],
    [77, "Edit", { file_path: `${L}/cloudbuild.yaml`, old_string: "  - id: test\n    name: golang:1.22.5-bookworm", new_string: "  - id: test\n    name: golang:1.23.4-bookworm" }, `The file ${L}/cloudbuild.yaml has been updated. (Dockerfile FROM golang:1.23.4-bookworm in the same commit c02d4b8)`, undefined, { kind: "code", where: "top" }],
    [78, "Bash", { command: `git commit -am 'build: golang 1.23.4 builder' && git push && sleep 330 && ${BUILDS_CMD}` }, builds([B_143, B_FAIL, B_OLD1, B_OLD2]), "builds", { kind: "build", where: "top" }],
    [80, "Bash", { command: `migrate -path db/migrations -database "$LUMEN_ADMIN_URL" version && ${MIG_PSQL}` }, `42\n${migTable(42, "f")}`, "migver", { kind: "pg", where: "top" }],
    [81, "Read", { file_path: `${L}/db/migrations/000043_orders_fulfillment_status.up.sql` }, numbered(`-- orders.fulfillment_status for the warehouse picking dashboard (v1.43.0)
ALTER TABLE orders ADD COLUMN fulfillment_status text NOT NULL DEFAULT 'pending';
CREATE INDEX orders_fulfillment_status_idx ON orders (fulfillment_status, created_at);`), undefined, { kind: "code", where: "top" }],
    [83, "Bash", { command: `helm -n ${NS} upgrade orders deploy/helm/orders -f deploy/helm/orders/values-prod.yaml --set image.tag=v1.43.0 --wait --timeout 5m` }, `Error: UPGRADE FAILED: pre-upgrade hooks failed: 1 error occurred:
	* timed out waiting for the condition

(hook job orders-migrate-15 runs "migrate up" before the rollout; it was still on 000043 after 5m)`, undefined, { kind: "app", error: true, where: "top" }],
    [84, "Bash", { command: `psql "$LUMEN_ADMIN_URL" -c "select pid, state, wait_event_type, wait_event, now() - query_start as duration, left(query, 90) as query from pg_stat_activity where datname = 'lumen' and state <> 'idle' order by query_start limit 6" -c "select count(*) as blocked_by_48211 from pg_stat_activity where 48211 = any(pg_blocking_pids(pid))"` }, `  pid  | state  | wait_event_type | wait_event |    duration     |                                          query
-------+--------+-----------------+------------+-----------------+------------------------------------------------------------------------------------------
 48211 | active | IO              | DataFileRead | 00:05:41.220114 | CREATE INDEX orders_fulfillment_status_idx ON orders (fulfillment_status, created_at);
 48377 | active | Lock            | relation   | 00:05:12.040871 | SELECT id, customer_id, status, total_cents, created_at FROM orders WHERE id = $1
 48380 | active | Lock            | relation   | 00:05:11.877302 | INSERT INTO orders (id, customer_id, status, total_cents, currency, created_at) VALUES ($
 48392 | active | Lock            | relation   | 00:05:10.112450 | UPDATE orders SET status = $2, updated_at = now() WHERE id = $1
 48401 | active | Lock            | relation   | 00:05:09.730981 | SELECT id, customer_id, status, total_cents, created_at FROM orders WHERE id = $1
 48415 | active | Lock            | relation   | 00:05:08.004117 | SELECT count(*) FROM orders WHERE customer_id = $1 AND created_at > $2
(6 rows)

 blocked_by_48211
------------------
              211
(1 row)`, undefined, { kind: "pg", where: "top" }],
    [85, "Bash", { command: `${K} logs deploy/orders -c orders --since=10m | grep -m3 55P03` }, `{"time":"2026-03-11T10:07:12.554Z","level":"ERROR","msg":"get order failed","service":"orders","err":"ERROR: canceling statement due to lock timeout (SQLSTATE 55P03)","route":"/lumen.orders.v1.OrdersService/GetOrder"}
{"time":"2026-03-11T10:07:12.901Z","level":"ERROR","msg":"create order failed","service":"orders","err":"ERROR: canceling statement due to lock timeout (SQLSTATE 55P03)","route":"/lumen.orders.v1.OrdersService/CreateOrder"}
{"time":"2026-03-11T10:07:13.318Z","level":"ERROR","msg":"update order status failed","service":"orders","err":"ERROR: canceling statement due to lock timeout (SQLSTATE 55P03)","route":"/lumen.orders.v1.OrdersService/UpdateStatus"}`, undefined, { kind: "app", error: true, where: "top" }],
    [86, "Bash", { command: `psql "$LUMEN_ADMIN_URL" -c "select pg_cancel_backend(48211)" && sleep 2 && ${MIG_PSQL} && psql "$LUMEN_ADMIN_URL" -tc "select count(*) from information_schema.columns where table_name = 'orders' and column_name = 'fulfillment_status'"` }, ` pg_cancel_backend
-------------------
 t
(1 row)

${migTable(43, "t")}

     0
(the cancel rolled back the whole file, ALTER TABLE included; golang-migrate left version 43 marked dirty)`, "migver", { kind: "pg", where: "top" }],
    [87, "Bash", { command: `migrate -path db/migrations -database "$LUMEN_ADMIN_URL" force 42 && ${MIG_PSQL}` }, migTable(42, "f"), "migver", { kind: "pg", where: "top" }],
    [88, "Bash", { command: `helm -n ${NS} rollback orders 14 --wait && ${HIST_CMD}` }, `Rollback was a success! Happy Helming!\n${hist([R[11]("superseded"), R[12]("superseded"), R[13]("superseded"), R[14]("superseded"), R[15]("failed"), R[16]("deployed")])}`, "helmhist", { kind: "app", where: "top" }],
    [89, "Bash", DEPLOY_CMD, deploy("2.8.1", { ...DEP_START, gateway: [5, "v3.8.0", "216d"], orders: [6, "v1.42.3", "216d"], payments: [3, "v2.7.1", "207d"] }), "deploy", { kind: "app", where: "top" }],
    [90, "Bash", { command: "git revert --no-edit HEAD && git commit --amend -F .git/REVERT_MSG && git log -1 --format='%h %s%n%n%b'" }, `[main 0d9e5a4] Revert "orders: fulfillment_status column + index (v1.43.0)"
 2 files changed, 3 insertions(+), 41 deletions(-)
0d9e5a4 Revert "orders: fulfillment_status column + index (v1.43.0)"

Rolled prod back to helm revision 14 (v1.42.3). 000043 ran ALTER TABLE ... ADD
COLUMN and a plain CREATE INDEX in one file; golang-migrate sends the file as one
multi-statement query, so Postgres ran it as a single transaction and the
ACCESS EXCLUSIVE lock on orders was held for the whole index build over 48M rows:
every read and write on orders queued behind it (lock_timeout 2s -> 5xx on
CreateOrder and GetOrder from 10:01 to 10:08). Cancelled pid 48211, forced
version 42. Redo: the column in 000043, CREATE INDEX CONCURRENTLY alone in 000044.`, undefined, { kind: "build", where: "top" }],
    [92, "Bash", { command: "head -n 5 db/migrations/00004[34]_*.up.sql" }, `==> db/migrations/000043_orders_fulfillment_status.up.sql <==
-- orders.fulfillment_status for the warehouse picking dashboard (v1.43.1)
ALTER TABLE orders ADD COLUMN fulfillment_status text NOT NULL DEFAULT 'pending';

==> db/migrations/000044_orders_fulfillment_status_idx.up.sql <==
-- alone in its file: CONCURRENTLY cannot run inside a transaction block
CREATE INDEX CONCURRENTLY IF NOT EXISTS orders_fulfillment_status_idx ON orders (fulfillment_status, created_at);`, undefined, { kind: "code", where: "top" }],
    [93, "Bash", { command: `migrate -path db/migrations -database "$LUMEN_ADMIN_URL" up && ${MIG_PSQL}` }, `43/u orders_fulfillment_status (41.882ms)
44/u orders_fulfillment_status_idx (4m18.204s)
${migTable(44, "f")}`, "migver", { kind: "pg", where: "top" }],
    [94, "Bash", { command: `helm -n ${NS} upgrade orders deploy/helm/orders -f deploy/helm/orders/values-prod.yaml --set image.tag=v1.43.1 --set migrations.hook=false --wait --timeout 5m && ${HIST_CMD}` }, `${helmUp("orders", 17, "Wed Mar 11 15:48:27 2026")}\n${hist([R[12]("superseded"), R[13]("superseded"), R[14]("superseded"), R[15]("failed"), R[16]("superseded"), R[17]("deployed")])}`, "helmhist", { kind: "app", where: "top" }],
    [95, "Bash", DEPLOY_CMD, deploy("2.8.1", { ...DEP_START, gateway: [4, "v3.8.0", "216d"], orders: [6, "v1.43.1", "216d"], payments: [3, "v2.7.1", "207d"] }), "deploy", { kind: "app", where: "top" }],
    // --- Wed evening: password rotation ---
    [97, "Bash", SEC_CMD, secList([secRow(3, "enabled", "2026-01-12T09:11:40"), secRow(2, "disabled", "2025-10-06T14:22:03"), secRow(1, "destroyed", "2025-06-30T08:03:51", "2025-10-20T08:00:12")]), "secret", { kind: "app", where: "top" }],
    [98, "Bash", { command: "./scripts/rotate-db-password.sh lumen_app" }, `generating password (32 bytes, base64url)
Created version [4] of the secret [lumen-db-password].
Updating Cloud SQL user lumen_app on lumen-pg-prod...done.
restarting deployments that mount lumen-db-password: orders inventory ledger
deployment.apps/orders restarted
deployment.apps/inventory restarted
deployment.apps/ledger restarted
waiting for rollouts... orders 6/6, inventory 3/3, ledger 2/2`, undefined, { kind: "app", where: "top" }],
    [99, "Bash", { command: `gcloud secrets versions disable 3 --secret lumen-db-password --project ${PROJ}` }, "Disabled version [3] of the secret [lumen-db-password].", undefined, { kind: "app", where: "top" }],
    [100, "Bash", SEC_CMD, secList([SECRET_NOW, secRow(3, "disabled", "2026-01-12T09:11:40"), secRow(2, "disabled", "2025-10-06T14:22:03"), secRow(1, "destroyed", "2025-06-30T08:03:51", "2025-10-20T08:00:12")]), "secret", { kind: "app", where: "top" }],
    [101, "Bash", PODS_CMD, pods([
      ["gateway-6c8d9b7f4-4vx2n", "1/1", "Running", "0", "8d8h"], ["gateway-6c8d9b7f4-kq8zr", "1/1", "Running", "0", "8d8h"], ["gateway-6c8d9b7f4-t7m5w", "1/1", "Running", "0", "8d8h"], ["gateway-6c8d9b7f4-z2k9d", "1/1", "Running", "0", "1d5h"],
      ["inventory-7c6d5b8f9-4rj8w", "2/2", "Running", "0", "6m"], ["inventory-7c6d5b8f9-g2n5q", "2/2", "Running", "0", "6m"], ["inventory-7c6d5b8f9-v9x3t", "2/2", "Running", "0", "5m"],
      ["ledger-5b9c7d6f8-8mq2z", "2/2", "Running", "0", "5m"], ["ledger-5b9c7d6f8-kt4v7", "2/2", "Running", "0", "5m"],
      ["orders-9d4c7b6f5-5hx2r", "2/2", "Running", "0", "6m"], ["orders-9d4c7b6f5-8kw3n", "2/2", "Running", "0", "6m"], ["orders-9d4c7b6f5-c7t9m", "2/2", "Running", "0", "6m"], ["orders-9d4c7b6f5-j2v6p", "2/2", "Running", "0", "6m"], ["orders-9d4c7b6f5-q4z8d", "2/2", "Running", "0", "5m"], ["orders-9d4c7b6f5-x6r1k", "2/2", "Running", "0", "5m"],
      ["payments-6f8d7c5b4-2kq7m", "1/2", "CrashLoopBackOff", "5 (31s ago)", "1d2h"], ["payments-6f8d7c5b4-9vn4x", "1/2", "CrashLoopBackOff", "5 (44s ago)", "1d2h"], ["payments-6f8d7c5b4-tw6j3", "1/2", "CrashLoopBackOff", "4 (12s ago)", "1d2h"],
    ]), "pods", { kind: "app", where: "top" }],
    [102, "Bash", { command: `${K} logs payments-6f8d7c5b4-2kq7m -c payments --previous | tail -n 3` }, `{"time":"2026-03-11T17:41:02.118Z","level":"INFO","msg":"starting payments","version":"v2.7.1","grpc_addr":":9090"}
{"time":"2026-03-11T17:41:02.540Z","level":"ERROR","msg":"db ping failed","service":"payments","err":"failed to connect to host=127.0.0.1 user=lumen_app database=lumen: failed SASL auth (FATAL: password authentication failed for user \\"lumen_app\\" (SQLSTATE 28P01))"}
{"time":"2026-03-11T17:41:02.541Z","level":"ERROR","msg":"exiting","service":"payments","err":"startup: db not reachable"}`, undefined, { kind: "app", error: true, where: "top" }],
    [103, "Bash", { command: `${K} rollout restart deploy/payments && sleep 60 && ${K} describe pod -l app.kubernetes.io/name=payments | sed -n '/^Events:/,$p' | head -n 8` }, `deployment.apps/payments restarted
Events:
  Type     Reason       Age                From               Message
  ----     ------       ----               ----               -------
  Normal   Scheduled    58s                default-scheduler  Successfully assigned lumen-prod/payments-7d5c9b8f6-x4rkt to gke-lumen-prod-default-pool-3f9a2c1d-7kqp
  Warning  FailedMount  21s (x7 over 57s)  kubelet            MountVolume.SetUp failed for volume "db-secret" : rpc error: code = Unknown desc = failed to mount secrets store objects for pod lumen-prod/payments-7d5c9b8f6-x4rkt, err: rpc error: code = Internal desc = failed to fetch secret projects/${PROJ}/secrets/lumen-db-password/versions/3: rpc error: code = FailedPrecondition desc = Secret Version [projects/418203957711/secrets/lumen-db-password/versions/3] is in DISABLED state.
(new payments pods stay in ContainerCreating; the old ones keep crash-looping on the old password)`, undefined, { kind: "app", error: true, where: "top" }],
    [104, "Read", { file_path: `${L}/deploy/helm/payments/templates/secretproviderclass.yaml` }, numbered(`apiVersion: secrets-store.csi.x-k8s.io/v1
kind: SecretProviderClass
metadata:
  name: payments-db
spec:
  provider: gcp
  parameters:
    secrets: |
      - resourceName: "projects/{{ .Values.gcpProject }}/secrets/lumen-db-password/versions/3"
        path: "lumen-db-password"
      - resourceName: "projects/{{ .Values.gcpProject }}/secrets/payments-psp-api-key/versions/latest"
        path: "psp-api-key"`), undefined, { kind: "code", where: "top" }],
    [105, "Edit", { file_path: `${L}/deploy/helm/payments/templates/secretproviderclass.yaml`, old_string: 'secrets/lumen-db-password/versions/3"', new_string: 'secrets/lumen-db-password/versions/latest"' }, `The file ${L}/deploy/helm/payments/templates/secretproviderclass.yaml has been updated.`, undefined, { kind: "code", where: "top" }],
    [106, "Bash", { command: `helm -n ${NS} upgrade payments deploy/helm/payments -f deploy/helm/payments/values-prod.yaml --set image.tag=v2.7.1 --wait --timeout 5m` }, helmUp("payments", 32, "Wed Mar 11 18:02:14 2026"), undefined, { kind: "app", where: "top" }],
    [107, "Bash", PODS_CMD, pods([
      ["gateway-6c8d9b7f4-4vx2n", "1/1", "Running", "0", "8d8h"], ["gateway-6c8d9b7f4-kq8zr", "1/1", "Running", "0", "8d8h"], ["gateway-6c8d9b7f4-t7m5w", "1/1", "Running", "0", "8d8h"], ["gateway-6c8d9b7f4-z2k9d", "1/1", "Running", "0", "1d5h"],
      ["inventory-7c6d5b8f9-4rj8w", "2/2", "Running", "0", "27m"], ["inventory-7c6d5b8f9-g2n5q", "2/2", "Running", "0", "27m"], ["inventory-7c6d5b8f9-v9x3t", "2/2", "Running", "0", "26m"],
      ["ledger-5b9c7d6f8-8mq2z", "2/2", "Running", "0", "26m"], ["ledger-5b9c7d6f8-kt4v7", "2/2", "Running", "0", "26m"],
      ["orders-9d4c7b6f5-5hx2r", "2/2", "Running", "0", "27m"], ["orders-9d4c7b6f5-8kw3n", "2/2", "Running", "0", "27m"], ["orders-9d4c7b6f5-c7t9m", "2/2", "Running", "0", "27m"], ["orders-9d4c7b6f5-j2v6p", "2/2", "Running", "0", "27m"], ["orders-9d4c7b6f5-q4z8d", "2/2", "Running", "0", "26m"], ["orders-9d4c7b6f5-x6r1k", "2/2", "Running", "0", "26m"],
      ["payments-54f9c8d7b-h6m2p", "2/2", "Running", "0", "2m"], ["payments-54f9c8d7b-r3x8k", "2/2", "Running", "0", "2m"], ["payments-54f9c8d7b-w7c4n", "2/2", "Running", "0", "1m"],
    ]), "pods", { kind: "app", where: "top" }],
    [108, "Bash", { command: "git commit -am 'payments: mount lumen-db-password latest, not version 3' && git log -1 --format='%h %s%n%n%b'" }, `[main 7f2b9e0] payments: mount lumen-db-password latest, not version 3
 2 files changed, 3 insertions(+), 1 deletion(-)
7f2b9e0 payments: mount lumen-db-password latest, not version 3

After the rotation to version 4 payments crash-looped for 21 minutes: its
SecretProviderClass pinned versions/3 (copied from a 2026-01 debugging session), so
it kept the old password, and once version 3 was disabled new pods could not mount
the secret at all. scripts/rotate-db-password.sh also did not restart payments; it
now restarts every deployment with a lumen-db-password volume.`, undefined, { kind: "build", where: "top" }],
    // --- Thu Mar 12: redis, gRPC deadlines, otel, proxy, node pool, HPA, OOM ---
    [110, "Bash", REDIS_CMD, redisInst("lumen-cache-prod", 5, "10.42.0.4", "europe-west1-b"), "redisinst", { kind: "app", where: "top" }],
    [111, "Bash", REDIS_INFO_CMD, redisInfo("4.98G", "5.00G", 1842211, 20411877, 1204881223, 388120447, 2418220), "redisinfo", { kind: "app", where: "top" }],
    [112, "Bash", { command: `gcloud redis instances describe lumen-cache-staging --region ${REG} --project lumen-staging-290117` }, redisInst("lumen-cache-staging", 1, "10.52.0.3", "europe-west1-c"), undefined, { kind: "app", where: "top" }],
    [114, "Edit", { file_path: `${L}/infra/modules/memorystore/main.tf`, old_string: "  memory_size_gb = 5", new_string: "  memory_size_gb = 8" }, `The file ${L}/infra/modules/memorystore/main.tf has been updated.`, undefined, { kind: "code", where: "top" }],
    [115, "Bash", { command: `${TF} apply -auto-approve -target=module.memorystore` }, `module.memorystore.google_redis_instance.cache: Refreshing state... [id=projects/${PROJ}/locations/${REG}/instances/lumen-cache-prod]

  # module.memorystore.google_redis_instance.cache will be updated in-place
  ~ resource "google_redis_instance" "cache" {
        id                      = "projects/${PROJ}/locations/${REG}/instances/lumen-cache-prod"
      ~ memory_size_gb          = 5 -> 8
        name                    = "lumen-cache-prod"
        # (21 unchanged attributes hidden)
    }

Plan: 0 to add, 1 to change, 0 to destroy.
module.memorystore.google_redis_instance.cache: Modifying... [id=projects/${PROJ}/locations/${REG}/instances/lumen-cache-prod]
module.memorystore.google_redis_instance.cache: Modifications complete after 4m11s

Apply complete! Resources: 0 added, 1 changed, 0 destroyed.
(BASIC tier: the resize flushed the cache, misses spiked 09:12-09:16)`, undefined, { kind: "build", where: "top" }],
    [116, "Bash", REDIS_CMD, redisInst("lumen-cache-prod", 8, "10.42.0.4", "europe-west1-b"), "redisinst", { kind: "app", where: "top" }],
    [117, "Bash", REDIS_INFO_CMD, redisInfo("1.21G", "8.00G", 0, 88210, 2210044, 1402118, 1940), "redisinfo", { kind: "app", where: "top" }],
    [120, "Bash", { command: `${K} logs deploy/gateway --since=30m | grep -m4 DeadlineExceeded` }, `{"time":"2026-03-12T09:31:07.220Z","level":"ERROR","msg":"upstream call failed","service":"gateway","rpc":"/lumen.inventory.v1.InventoryService/Reserve","err":"rpc error: code = DeadlineExceeded desc = context deadline exceeded","elapsed_ms":801}
{"time":"2026-03-12T09:31:07.912Z","level":"ERROR","msg":"upstream call failed","service":"gateway","rpc":"/lumen.inventory.v1.InventoryService/Reserve","err":"rpc error: code = DeadlineExceeded desc = context deadline exceeded","elapsed_ms":800}
{"time":"2026-03-12T09:31:09.004Z","level":"ERROR","msg":"upstream call failed","service":"gateway","rpc":"/lumen.inventory.v1.InventoryService/Reserve","err":"rpc error: code = DeadlineExceeded desc = context deadline exceeded","elapsed_ms":802}
(1.8% of Reserve calls since 09:00; the checkout page shows "stock check failed, try again")`, undefined, { kind: "app", error: true, where: "top" }],
    [121, "Bash", { command: `${K} logs deploy/ledger -c ledger --since=30m | grep -m3 DeadlineExceeded` }, `{"time":"2026-03-12T09:02:14.101Z","level":"ERROR","msg":"reconcile: get charge failed","service":"ledger","rpc":"/lumen.payments.v1.PaymentsService/GetCharge","err":"rpc error: code = DeadlineExceeded desc = context deadline exceeded","charge_id":"ch_8812044"}
{"time":"2026-03-12T09:02:14.330Z","level":"ERROR","msg":"reconcile: get charge failed","service":"ledger","rpc":"/lumen.payments.v1.PaymentsService/GetCharge","err":"rpc error: code = DeadlineExceeded desc = context deadline exceeded","charge_id":"ch_8812051"}
(nightly reconcile batch, 09:00-09:05 only; PSP sandbox was slow, unrelated to the gateway errors)`, undefined, { kind: "app", error: true, where: "top" }],
    [122, "Read", { file_path: `${L}/internal/gateway/clients.go` }, numbered(`const (
	ordersTimeout    = 3 * time.Second
	inventoryTimeout = 800 * time.Millisecond
	paymentsTimeout  = 10 * time.Second
)

type Clients struct {
	orders    ordersv1.OrdersServiceClient
	inventory inventoryv1.InventoryServiceClient
	payments  paymentsv1.PaymentsServiceClient
}

func Dial(cfg Config) (*Clients, error) {
	opts := []grpc.DialOption{
		grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithStatsHandler(otelgrpc.NewClientHandler()),
		grpc.WithDefaultServiceConfig(retryPolicy),
	}
	inv, err := grpc.NewClient(cfg.InventoryAddr, opts...)
	if err != nil {
		return nil, fmt.Errorf("dial inventory: %w", err)
	}
	// ...
}

func (c *Clients) Reserve(ctx context.Context, req *inventoryv1.ReserveRequest) (*inventoryv1.ReserveResponse, error) {
	ctx, cancel := context.WithTimeout(ctx, inventoryTimeout)
	defer cancel()
	return c.inventory.Reserve(ctx, req)
}`, 14), undefined, { kind: "code", where: "top" }],
    [123, "Bash", { command: "./scripts/trace-latency.sh --service inventory --span 'lumen.inventory.v1.InventoryService/Reserve' --since 1h" }, `span                                                  count    p50     p95     p99
lumen.inventory.v1.InventoryService/Reserve           48211    41ms    612ms   1.41s
  pgx.query SELECT ... FROM stock_reservations        48211    22ms    588ms   1.37s
  pgx.query UPDATE stock SET reserved = ...           48102    3ms     9ms     18ms
  redis GET stock:{sku}:{wh}                          48211    0.4ms   1.1ms   2.0ms
(from Cloud Trace, 10% sampled)`, undefined, { kind: "app", where: "top" }],
    [125, "Bash", { command: `psql "$LUMEN_ADMIN_URL" -c "explain analyze select coalesce(sum(qty), 0) from stock_reservations where sku_id = 'sku-88412' and warehouse_id = 'wh-3' and expires_at > now()"` }, `                                                              QUERY PLAN
---------------------------------------------------------------------------------------------------------------------------------------
 Aggregate  (cost=412877.12..412877.13 rows=1 width=8) (actual time=1288.412..1288.413 rows=1 loops=1)
   ->  Seq Scan on stock_reservations  (cost=0.00..412871.20 rows=2368 width=4) (actual time=902.118..1288.274 rows=3 loops=1)
         Filter: ((expires_at > now()) AND (sku_id = 'sku-88412'::text) AND (warehouse_id = 'wh-3'::text))
         Rows Removed by Filter: 14882013
 Planning Time: 0.201 ms
 Execution Time: 1288.497 ms
(6 rows)`, undefined, { kind: "pg", where: "top" }],
    [127, "Edit", { file_path: `${L}/internal/gateway/clients.go`, old_string: "	inventoryTimeout = 800 * time.Millisecond", new_string: "	inventoryTimeout = 2 * time.Second // TEMP until stock_reservations index (000045) lands" }, `The file ${L}/internal/gateway/clients.go has been updated.`, undefined, { kind: "code", where: "top" }],
    [128, "Bash", TIMEOUT_CMD, `15:	ordersTimeout    = 3 * time.Second
16:	inventoryTimeout = 2 * time.Second // TEMP until stock_reservations index (000045) lands
17:	paymentsTimeout  = 10 * time.Second
40:	ctx, cancel := context.WithTimeout(ctx, inventoryTimeout)`, "invtimeout", { kind: "code", where: "top" }],
    [130, "Bash", { command: `cat db/migrations/000045_stock_reservations_sku_wh_idx.up.sql && migrate -path db/migrations -database "$LUMEN_ADMIN_URL" up && ${MIG_PSQL}` }, `CREATE INDEX CONCURRENTLY IF NOT EXISTS stock_reservations_sku_wh_idx ON stock_reservations (sku_id, warehouse_id, expires_at);
45/u stock_reservations_sku_wh_idx (2m51.004s)
${migTable(45, "f")}`, "migver", { kind: "pg", where: "top" }],
    [131, "Bash", { command: `psql "$LUMEN_ADMIN_URL" -c "explain analyze select coalesce(sum(qty), 0) from stock_reservations where sku_id = 'sku-88412' and warehouse_id = 'wh-3' and expires_at > now()"` }, `                                                              QUERY PLAN
---------------------------------------------------------------------------------------------------------------------------------------
 Aggregate  (cost=12.48..12.49 rows=1 width=8) (actual time=0.377..0.378 rows=1 loops=1)
   ->  Index Scan using stock_reservations_sku_wh_idx on stock_reservations  (cost=0.56..12.47 rows=3 width=4) (actual time=0.041..0.369 rows=3 loops=1)
         Index Cond: ((sku_id = 'sku-88412'::text) AND (warehouse_id = 'wh-3'::text) AND (expires_at > now()))
 Planning Time: 0.288 ms
 Execution Time: 0.412 ms
(5 rows)`, undefined, { kind: "pg", where: "top" }],
    [133, "Read", { file_path: `${L}/deploy/otel/collector-values.yaml` }, numbered(`mode: deployment
replicaCount: 2
config:
  receivers:
    otlp:
      protocols:
        grpc:
          endpoint: 0.0.0.0:4317
  processors:
    memory_limiter:
      check_interval: 1s
      limit_percentage: 80
    probabilistic_sampler:
      sampling_percentage: 10
    batch:
      send_batch_size: 8192
      timeout: 5s
  exporters:
    googlecloud:
      project: ${PROJ}
  service:
    pipelines:
      traces:
        receivers: [otlp]
        processors: [memory_limiter, probabilistic_sampler, batch]
        exporters: [googlecloud]`), "otel", { kind: "code", where: "top" }],
    [134, "Bash", { command: `bq query --use_legacy_sql=false --format=pretty "select service.description as service, sku.description as sku, round(sum(cost), 2) as usd from \\\`${PROJ}.billing.gcp_billing_export_v1\\\` where invoice.month = '202603' group by 1, 2 order by 3 desc limit 5"` }, `+---------------------+-----------------------------------------+--------+
|       service       |                   sku                   |  usd   |
+---------------------+-----------------------------------------+--------+
| Cloud SQL           | Custom vCPU running in Belgium (HA)     | 612.40 |
| Cloud Trace         | Spans ingested                          | 388.12 |
| Kubernetes Engine   | E2 Instance Core running in Belgium     | 301.77 |
| Memorystore Redis   | Basic M1 capacity in Belgium            | 118.05 |
| Cloud Logging       | Log Storage cost                        |  74.90 |
+---------------------+-----------------------------------------+--------+
(Cloud Trace: 1.94B spans ingested Mar 1-12 at 10% sampling)`, undefined, { kind: "app", where: "top" }],
    [136, "Edit", { file_path: `${L}/deploy/otel/collector-values.yaml`, old_string: "    probabilistic_sampler:\n      sampling_percentage: 10", new_string: "    probabilistic_sampler:\n      sampling_percentage: 2" }, `The file ${L}/deploy/otel/collector-values.yaml has been updated. (errors are kept regardless: a tail_sampling policy status_code ERROR added before the probabilistic sampler)`, undefined, { kind: "code", where: "top" }],
    [137, "Bash", OTEL_CMD, `      limit_percentage: 80
    probabilistic_sampler:
      sampling_percentage: 2
    tail_sampling:`, "otel", { kind: "app", where: "top" }],
    [139, "Bash", PROXY_CMD, [proxyLine("orders", "2.8.1"), proxyLine("payments", "2.8.1"), proxyLine("inventory", "2.8.1"), proxyLine("ledger", "2.8.1")].join("\n"), "proxyver", { kind: "app", where: "top" }],
    [140, "Bash", { command: `${K} logs deploy/orders -c cloud-sql-proxy --since=24h | grep -i -m3 refresh` }, `{"severity":"ERROR","timestamp":"2026-03-12T04:11:52.903Z","message":"[${PROJ}:${REG}:lumen-pg-prod] failed to refresh the ephemeral certificate: context deadline exceeded"}
{"severity":"ERROR","timestamp":"2026-03-12T04:11:53.221Z","message":"[${PROJ}:${REG}:lumen-pg-prod] failed to connect to instance: refresh error: context deadline exceeded"}
(sidecar CPU-throttled at 50m when the background refresh ran; 2.10+ has --lazy-refresh, which refreshes on connect instead)`, undefined, { kind: "app", error: true, where: "top" }],
    [142, "Edit", { file_path: `${L}/deploy/helm/lumen-common/values.yaml`, old_string: '  image: gcr.io/cloud-sql-connectors/cloud-sql-proxy:2.8.1\n  args: ["--structured-logs", "--port=5432", "--max-connections=30"]', new_string: '  image: gcr.io/cloud-sql-connectors/cloud-sql-proxy:2.14.1\n  args: ["--structured-logs", "--port=5432", "--max-connections=30", "--lazy-refresh"]' }, `The file ${L}/deploy/helm/lumen-common/values.yaml has been updated.`, undefined, { kind: "code", where: "top" }],
    [143, "Bash", { command: `for r in orders payments inventory ledger; do helm -n ${NS} upgrade $r deploy/helm/$r -f deploy/helm/$r/values-prod.yaml --reuse-values --wait --timeout 5m | grep -E 'REVISION|STATUS' | sed "s/^/$r /"; done` }, `orders STATUS: deployed
orders REVISION: 18
payments STATUS: deployed
payments REVISION: 33
inventory STATUS: deployed
inventory REVISION: 27
ledger STATUS: deployed
ledger REVISION: 19`, undefined, { kind: "app", where: "top" }],
    [144, "Bash", PROXY_CMD, [proxyLine("orders", "2.14.1", ',"--lazy-refresh"'), proxyLine("payments", "2.14.1", ',"--lazy-refresh"'), proxyLine("inventory", "2.14.1", ',"--lazy-refresh"'), proxyLine("ledger", "2.14.1", ',"--lazy-refresh"')].join("\n"), "proxyver", { kind: "app", where: "top" }],
    [146, "Bash", NP_CMD, npList([npRow("default-pool", "e2-standard-4", 1, 2, "1.30.5-gke.1443001", "RUNNING")]), "nodepool", { kind: "app", where: "top" }],
    [147, "Bash", { command: `${K} get pods --field-selector=status.phase=Pending && ${K} describe pod orders-9d4c7b6f5-n2w8c | sed -n '/^Events:/,$p'` }, `NAME                        READY   STATUS    RESTARTS   AGE
orders-9d4c7b6f5-n2w8c      0/2     Pending   0          7m
orders-9d4c7b6f5-p5k1v      0/2     Pending   0          7m
gateway-6c8d9b7f4-m9q3x     0/1     Pending   0          6m
Events:
  Type     Reason             Age                  From                Message
  ----     ------             ----                 ----                -------
  Warning  FailedScheduling   2m (x4 over 7m)      default-scheduler   0/6 nodes are available: 6 Insufficient cpu. preemption: 0/6 nodes are available: 6 No preemption victims found for incoming pod.
  Normal   NotTriggerScaleUp  2m (x12 over 7m)     cluster-autoscaler  pod didn't trigger scale-up: 1 max node group size reached`, undefined, { kind: "app", error: true, where: "top" }],
    [149, "Edit", { file_path: `${L}/infra/modules/gke/node_pools.tf`, old_string: 'resource "google_container_node_pool" "default" {\n  name       = "default-pool"', new_string: 'resource "google_container_node_pool" "general" {\n  name       = "general"' }, `The file ${L}/infra/modules/gke/node_pools.tf has been updated. (machine_type e2-standard-4 -> n2-standard-8, autoscaling max_node_count 2 -> 4 per zone)`, undefined, { kind: "code", where: "top" }],
    [150, "Bash", { command: `${TF} apply -auto-approve -target=module.gke` }, `module.gke.google_container_node_pool.general: Creating...
module.gke.google_container_node_pool.general: Still creating... [2m0s elapsed]
module.gke.google_container_node_pool.general: Creation complete after 3m41s [id=projects/${PROJ}/locations/${REG}/clusters/lumen-prod/nodePools/general]
module.gke.google_container_node_pool.default: Destroying... [id=projects/${PROJ}/locations/${REG}/clusters/lumen-prod/nodePools/default-pool]
module.gke.google_container_node_pool.default: Still destroying... [5m0s elapsed]
module.gke.google_container_node_pool.default: Destruction complete after 8m12s

Apply complete! Resources: 1 added, 0 changed, 1 destroyed.
(default-pool drained node by node; PDBs held orders at >= 4 ready)`, undefined, { kind: "build", where: "top" }],
    [151, "Bash", NP_CMD, npList([npRow("general", "n2-standard-8", 1, 4, "1.30.5-gke.1443001", "RUNNING")]), "nodepool", { kind: "app", where: "top" }],
    [153, "Bash", { command: `${TF} apply -auto-approve -target=module.pubsub` }, `  # module.pubsub.google_pubsub_subscription.sub["orders-created-payments"] will be updated in-place
  ~ resource "google_pubsub_subscription" "sub" {
      ~ ack_deadline_seconds         = 60 -> 30
        id                           = "projects/${PROJ}/subscriptions/orders-created-payments"
        name                         = "orders-created-payments"
        # (7 unchanged attributes hidden)

      ~ dead_letter_policy {
          ~ max_delivery_attempts = 5 -> 10
            # (1 unchanged attribute hidden)
        }
    }

Plan: 0 to add, 1 to change, 0 to destroy.
module.pubsub.google_pubsub_subscription.sub["orders-created-payments"]: Modifying...
module.pubsub.google_pubsub_subscription.sub["orders-created-payments"]: Modifications complete after 2s

Apply complete! Resources: 0 added, 1 changed, 0 destroyed.`, undefined, { kind: "build", where: "top" }],
    [154, "Bash", SUB_CMD, subDesc("orders-created-payments", 30, 10), "subpay", { kind: "app", where: "top" }],
    [156, "Bash", { command: `helm -n ${NS} upgrade orders deploy/helm/orders -f deploy/helm/orders/values-prod.yaml --reuse-values --set hpa.maxReplicas=30 --set hpa.targetCPU=60 --wait` }, helmUp("orders", 19, "Thu Mar 12 14:02:55 2026"), undefined, { kind: "app", where: "top" }],
    [157, "Bash", HPA_CMD, hpa([hpaRow("gateway", "cpu: 47%/70%", 3, 8, 4, "217d"), hpaRow("inventory", "cpu: 35%/70%", 3, 6, 3, "217d"), hpaRow("orders", "cpu: 52%/60%", 6, 30, 8, "217d")]), "hpa", { kind: "app", where: "top" }],
    [159, "Bash", { command: `${K} describe pod orders-9d4c7b6f5-c7t9m | sed -n '/^  orders:/,/^  cloud-sql-proxy:/p' | grep -A14 'Last State'` }, `    Last State:     Terminated
      Reason:       OOMKilled
      Exit Code:    137
      Started:      Thu, 12 Mar 2026 14:41:07 +0100
      Finished:     Thu, 12 Mar 2026 15:02:19 +0100
    Ready:          True
    Restart Count:  3
    Limits:
      cpu:     1
      memory:  512Mi
    Requests:
      cpu:     250m
      memory:  256Mi
(3 orders pods OOMKilled since 14:30: the new bulk export endpoint buffers up to 50k orders)`, undefined, { kind: "app", error: true, where: "top" }],
    [160, "Read", { file_path: `${L}/deploy/helm/orders/values-staging.yaml` }, numbered(`image:
  repository: europe-west1-docker.pkg.dev/lumen-staging-290117/lumen/orders
  tag: v1.44.0-rc.2
replicaCount: 2
hpa:
  enabled: false
resources:
  limits:
    cpu: "1"
    memory: 512Mi
  requests:
    cpu: 100m
    memory: 256Mi
configFile: config/orders/staging.yaml`), undefined, { kind: "code", where: "top" }],
    [161, "Edit", { file_path: `${L}/deploy/helm/orders/values-prod.yaml`, old_string: '  limits:\n    cpu: "1"\n    memory: 512Mi\n  requests:\n    cpu: 250m\n    memory: 256Mi', new_string: '  limits:\n    cpu: "1"\n    memory: 1Gi\n  requests:\n    cpu: 250m\n    memory: 512Mi' }, `The file ${L}/deploy/helm/orders/values-prod.yaml has been updated.`, undefined, { kind: "code", where: "top" }],
    [162, "Bash", { command: `helm -n ${NS} upgrade orders deploy/helm/orders -f deploy/helm/orders/values-prod.yaml --reuse-values --wait >/dev/null && ${K} get deploy orders -o jsonpath='{.spec.template.spec.containers[?(@.name=="orders")].resources}' | jq` }, `{
  "limits": {
    "cpu": "1",
    "memory": "1Gi"
  },
  "requests": {
    "cpu": "250m",
    "memory": "512Mi"
  }
}`, "ordersres", { kind: "app", where: "top" }],
    [164, "Edit", { file_path: `${L}/config/orders/prod.yaml`, old_string: "  max_conns: 25 # pool x HPA max must stay under Cloud SQL max_connections", new_string: "  max_conns: 20 # pool x HPA max (30) must stay under Cloud SQL max_connections (800)" }, `The file ${L}/config/orders/prod.yaml has been updated.`, undefined, { kind: "code", where: "top" }],
    [165, "Bash", { command: `helm -n ${NS} upgrade orders deploy/helm/orders -f deploy/helm/orders/values-prod.yaml --reuse-values --wait >/dev/null && sleep 120 && ${POOL_CMD.command}` }, pool(20, 14, 5, 9, 98220, 31, 6), "pgxpool", { kind: "app", where: "top" }],
    [167, "Edit", { file_path: `${L}/internal/gateway/clients.go`, old_string: "	inventoryTimeout = 2 * time.Second // TEMP until stock_reservations index (000045) lands", new_string: "	inventoryTimeout = 1 * time.Second // Reserve p99 is 38ms with stock_reservations_sku_wh_idx" }, `The file ${L}/internal/gateway/clients.go has been updated.`, undefined, { kind: "code", where: "top" }],
    [168, "Bash", TIMEOUT_CMD, `15:	ordersTimeout    = 3 * time.Second
16:	inventoryTimeout = 1 * time.Second // Reserve p99 is 38ms with stock_reservations_sku_wh_idx
17:	paymentsTimeout  = 10 * time.Second
40:	ctx, cancel := context.WithTimeout(ctx, inventoryTimeout)`, "invtimeout", { kind: "code", where: "top" }],
    [169, "Bash", { command: "git commit -am 'gateway: inventory timeout 1s; orders max_conns 20 for hpa max 30' && git log -1 --format='%h %s'" }, `[main 2b7c4e1] gateway: inventory timeout 1s; orders max_conns 20 for hpa max 30
 2 files changed, 2 insertions(+), 2 deletions(-)
2b7c4e1 gateway: inventory timeout 1s; orders max_conns 20 for hpa max 30`, undefined, { kind: "build", where: "top" }],
    // --- Fri Mar 13: Go 1.24, v1.44.0, final checks ---
    [171, "Bash", { command: `go mod edit -go=1.24.1 && go mod tidy && ${GO_CMD}` }, `go: downloading go1.24.1 (linux/amd64)\n${goHead("1.24.1")}`, "gomod", { kind: "build", where: "top" }],
    [172, "Edit", { file_path: `${L}/cloudbuild.yaml`, old_string: "    name: golang:1.23.4-bookworm", new_string: "    name: golang:1.24.1-bookworm" }, `The file ${L}/cloudbuild.yaml has been updated. (Dockerfile FROM golang:1.24.1-bookworm too)`, undefined, { kind: "code", where: "top" }],
    [173, "Bash", { command: "go test -race ./..." }, `ok  \t${MOD}/internal/gateway\t1.612s
ok  \t${MOD}/internal/inventory\t11.204s
ok  \t${MOD}/internal/ledger\t3.902s
ok  \t${MOD}/internal/notify\t1.118s
ok  \t${MOD}/internal/orders\t5.877s
ok  \t${MOD}/internal/payments\t3.441s
ok  \t${MOD}/internal/platform/db\t2.009s`, undefined, { kind: "test", where: "bottom" }],
    [175, "Bash", REDIS_INFO_CMD, redisInfo("5.31G", "8.00G", 0, 3120488, 402118877, 61204113, 99820), "redisinfo", { kind: "app", where: "top" }],
    [177, "Bash", { command: "git commit -am 'go 1.24.1' && git tag -a v1.44.0 -m 'orders v1.44.0: bulk export, go 1.24.1' && git push --follow-tags" }, `[main d4f08b6] go 1.24.1
 3 files changed, 4 insertions(+), 4 deletions(-)
Enumerating objects: 14, done.
To github.com:lumen-platform/lumen.git
   2b7c4e1..d4f08b6  main -> main
 * [new tag]         v1.44.0 -> v1.44.0`, undefined, { kind: "build", where: "top" }],
    [178, "Bash", { command: `sleep 300 && ${BUILDS_CMD}` }, builds([B_NOW, buildRow("a1d7f3c9-6e20-4b85-9c4a-3f81e7d02b64", "2026-03-12T16:11:09+00:00", "4M58S", "2b7c4e1", `${AR}/gateway:v3.8.2`, "SUCCESS"), B_1431, B_143]), "builds", { kind: "build", where: "top" }],
    [180, "Bash", { command: `helm -n ${NS} upgrade orders deploy/helm/orders -f deploy/helm/orders/values-prod.yaml --reuse-values --set image.tag=v1.44.0 --wait --timeout 5m` }, helmUp("orders", 22, "Fri Mar 13 11:12:37 2026"), undefined, { kind: "app", where: "top" }],
    [182, "Bash", { command: HIST_CMD }, hist([R[17]("superseded"), R[18]("superseded"), R[19]("superseded"), R[20]("superseded"), R[21]("superseded"), HELM_NOW]), "helmhist", { kind: "app", where: "top" }],
    [184, "Bash", PODS_CMD, pods([
      ["gateway-5d8c7f6b9-2hq8v", "1/1", "Running", "0", "19h"], ["gateway-5d8c7f6b9-f4x7n", "1/1", "Running", "0", "19h"], ["gateway-5d8c7f6b9-r9k2m", "1/1", "Running", "0", "19h"], ["gateway-5d8c7f6b9-w6t3c", "1/1", "Running", "0", "19h"],
      ["inventory-6b9d8c7f5-3mz7q", "2/2", "Running", "0", "1d1h"], ["inventory-6b9d8c7f5-8rw4k", "2/2", "Running", "0", "1d1h"], ["inventory-6b9d8c7f5-kx2n9", "2/2", "Running", "0", "1d1h"],
      ["ledger-7f4c8d9b6-5tn2x", "2/2", "Running", "0", "1d1h"], ["ledger-7f4c8d9b6-q8h3w", "2/2", "Running", "0", "1d1h"],
      ["notify-7b9d4f6c8-8shxm", "1/1", "Running", "0", "8d2h"], ["notify-7b9d4f6c8-qz2lv", "1/1", "Running", "0", "8d2h"],
      ["orders-5b7c9d8f6-2vn8k", "2/2", "Running", "0", "21m"], ["orders-5b7c9d8f6-4xq7t", "2/2", "Running", "0", "21m"], ["orders-5b7c9d8f6-6hm2w", "2/2", "Running", "0", "21m"], ["orders-5b7c9d8f6-9kc5r", "2/2", "Running", "0", "20m"], ["orders-5b7c9d8f6-bt3z8", "2/2", "Running", "0", "20m"],
      ["orders-5b7c9d8f6-g7p4n", "2/2", "Running", "0", "20m"], ["orders-5b7c9d8f6-m2r9x", "2/2", "Running", "0", "19m"], ["orders-5b7c9d8f6-s8w1d", "2/2", "Running", "0", "19m"], ["orders-5b7c9d8f6-z5j6q", "2/2", "Running", "0", "19m"],
      ["payments-6c7b9f8d5-h3k8t", "2/2", "Running", "0", "1d1h"], ["payments-6c7b9f8d5-p6v2m", "2/2", "Running", "0", "1d1h"], ["payments-6c7b9f8d5-x9n4r", "2/2", "Running", "0", "1d1h"],
    ]), "pods", { kind: "app", where: "top" }],
    [186, "Bash", DEPLOY_CMD, deploy("2.14.1", { gateway: [4, "v3.8.2", "218d"], inventory: [3, "v0.20.0", "194d"], ledger: [2, "v1.11.0", "205d"], notify: [2, "v1.3.2", "181d"], orders: [9, "v1.44.0", "218d"], payments: [3, "v2.7.1", "209d"] }), "deploy", { kind: "app", where: "top" }],
    [188, "Bash", HPA_CMD, hpa([hpaRow("gateway", "cpu: 39%/70%", 3, 8, 4, "218d"), hpaRow("inventory", "cpu: 28%/70%", 3, 6, 3, "218d"), HPA_ORDERS_NOW]), "hpa", { kind: "app", where: "top" }],
    [190, "Bash", { command: `${TF} plan` }, `module.network.google_compute_network.vpc: Refreshing state... [id=projects/${PROJ}/global/networks/lumen-vpc]
module.cloudsql.google_sql_database_instance.main: Refreshing state... [id=lumen-pg-prod]
module.memorystore.google_redis_instance.cache: Refreshing state... [id=projects/${PROJ}/locations/${REG}/instances/lumen-cache-prod]
module.pubsub.google_pubsub_subscription.sub["orders-created-payments"]: Refreshing state... [id=projects/${PROJ}/subscriptions/orders-created-payments]
module.gke.google_container_node_pool.general: Refreshing state... [id=projects/${PROJ}/locations/${REG}/clusters/lumen-prod/nodePools/general]

No changes. Your infrastructure matches the configuration.

Terraform has compared your real infrastructure against your configuration and found no
differences, so no changes are needed.`, "tfplan", { kind: "build", where: "top" }],
    [193, "Bash", { command: "./scripts/gotest-loop.sh ./internal/inventory TestReserveStock_Concurrent 100" }, FLAKY_NOW, "flaky", { kind: "test", where: "bottom" }],
    [195, "Bash", { command: "git log --oneline -n 16" }, `d4f08b6 go 1.24.1
2b7c4e1 gateway: inventory timeout 1s; orders max_conns 20 for hpa max 30
9e1a5c3 orders: bulk export, memory limit 1Gi
5c8f2a7 infra: node pool general (n2-standard-8)
3a6d0e9 pubsub: payments ack deadline 30s, 10 delivery attempts
e2b4f81 proxy: cloud-sql-proxy 2.14.1 with --lazy-refresh
b90c7d2 otel: sample 2%, keep errors
4d1e8a6 db: 000045 stock_reservations (sku_id, warehouse_id, expires_at)
f7a3c52 memorystore: 8 GB
7f2b9e0 payments: mount lumen-db-password latest, not version 3
e6a1f37 orders: fulfillment_status, index concurrently (v1.43.1)
0d9e5a4 Revert "orders: fulfillment_status column + index (v1.43.0)"
c02d4b8 build: golang 1.23.4 builder
a7c3e19 inventory: fix flaky TestReserveStock_Concurrent
51d7b2e payments: let the pubsub client extend leases (MaxExtension 10s -> 10m)
8c41f02 postmortem: 2026-03-10 orders 503s during the spring sale`, undefined, { kind: "build", where: "top" }],
    [198, "Bash", SQL_CMD, sqlInst(800), "sqlinst", { kind: "app", where: "top" }],
    [201, "Bash", { command: `psql "$LUMEN_ADMIN_URL" -c "select application_name, count(*) from pg_stat_activity where backend_type = 'client backend' group by 1 order by 2 desc"` }, ` application_name | count
------------------+-------
 orders           |   131
 inventory        |    24
 payments         |    18
 ledger           |     8
 psql             |     1
(5 rows)`, undefined, { kind: "pg", where: "top" }],
    [204, "Bash", { command: "kubectl -n lumen-staging get pods" }, pods([
      ["gateway-7f5c9d8b6-p2x4k", "1/1", "Running", "0", "4d1h"],
      ["inventory-58d7c9b6f-k7r2t", "2/2", "Running", "0", "4d1h"],
      ["ledger-6c9b8d7f5-w3n8q", "2/2", "Running", "0", "6d"],
      ["notify-5d8f7c6b9-m4z6x", "1/1", "Running", "0", "5d2h"],
      ["orders-4f6b8c9d7-k3m8z", "2/2", "Running", "1 (3h ago)", "1d"], ["orders-4f6b8c9d7-t9w2c", "2/2", "Running", "0", "1d"],
      ["payments-9c8b7d6f5-d4r7n", "2/2", "Running", "0", "2d"],
    ]), undefined, { kind: "app", where: "top" }],
    [207, "Bash", { command: "gcloud pubsub subscriptions list --project lumen-staging-290117 --format='table(name.basename(),ackDeadlineSeconds,deadLetterPolicy.maxDeliveryAttempts)'" }, `NAME                       ACK_DEADLINE_SECONDS  MAX_DELIVERY_ATTEMPTS
orders-created-inventory   20                    5
orders-created-notify      20                    5
orders-created-payments    60                    5
payments-settled-ledger    30                    5
(staging: the 60s / 5 attempts from Tuesday were never brought over)`, undefined, { kind: "app", where: "top" }],
  ],
  questions: [
    { kind: "state", prompt: "whats the orders image tag in prod rn", want: [{ key: "deploy", fact: `${AR}/orders:v1.44.0` }] },
    { kind: "state", prompt: "how many orders pods are up atm", want: [{ key: "deploy", fact: depPrefix("orders", 9) }] },
    { kind: "state", prompt: "hpa max replicas for orders now", want: [{ key: "hpa", fact: HPA_ORDERS_NOW }] },
    { kind: "state", prompt: "which go version is go.mod on currently", want: [{ key: "gomod", fact: "go 1.24.1" }] },
    { kind: "state", prompt: "orders pgx pool max conns now?", want: [{ key: "pgxpool", fact: '"max_conns": 20' }] },
    { kind: "state", prompt: "ack deadline on the payments sub", want: [{ key: "subpay", fact: "ackDeadlineSeconds: 30" }] },
    { kind: "state", prompt: "how many delivery attempts before an orders-created msg gets dead lettered for payments", want: [{ key: "subpay", fact: "maxDeliveryAttempts: 10" }] },
    { kind: "state", prompt: "what migration version is the prod db at", want: [{ key: "migver", fact: MIG_NOW }] },
    { kind: "state", prompt: "cloud sql max_connections currently", want: [{ key: "sqlinst", fact: "value: '800'" }] },
    { kind: "state", prompt: "which version of lumen-db-password is enabled rn", want: [{ key: "secret", fact: SECRET_NOW }] },
    { kind: "state", prompt: "memorystore size now", want: [{ key: "redisinst", fact: "memorySizeGb: 8" }] },
    { kind: "state", prompt: "is redis still evicting keys", want: [{ key: "redisinfo", fact: "evicted_keys:0" }] },
    { kind: "state", prompt: "otel sampling pct atm", want: [{ key: "otel", fact: "sampling_percentage: 2" }] },
    { kind: "state", prompt: "what cloud-sql-proxy version are the sidecars on", want: [{ key: "proxyver", fact: `${PROXY}:2.14.1` }] },
    { kind: "state", prompt: "gke node machine type now", want: [{ key: "nodepool", fact: "n2-standard-8" }] },
    { kind: "state", prompt: "orders container mem limit", want: [{ key: "ordersres", fact: '"memory": "1Gi"' }] },
    { kind: "state", prompt: "TestReserveStock_Concurrent still flaky?", want: [{ key: "flaky", fact: "0/100 runs failed" }] },
    { kind: "state", prompt: "did the latest cloud build go green", want: [{ key: "builds", fact: B_NOW }] },
    { kind: "state", prompt: "current helm revision of orders", want: [{ key: "helmhist", fact: HELM_NOW }] },
    { kind: "state", prompt: "gateway -> inventory grpc timeout rn", want: [{ key: "invtimeout", fact: "inventoryTimeout = 1 * time.Second" }] },
    { kind: "history", prompt: "what was the actual root cause of the orders 503s during the sale", want: [{ turn: 32, fact: "10 x 40 = 400 pgx conns from orders alone" }] },
    { kind: "history", prompt: "what error were the orders pods getting from postgres in the outage", want: [{ turn: 17, fact: "remaining connection slots are reserved for non-replication superuser connections" }] },
    { kind: "history", prompt: "max_connections before we raised it?", want: [{ turn: 18, fact: "value: '400'" }] },
    { kind: "history", prompt: "why did we bump the orders pool the first time", want: [{ turn: 11, fact: "requests queued for a conn" }] },
    { kind: "history", prompt: "why did v1.43.0 get rolled back", want: [{ turn: 90, fact: "ACCESS EXCLUSIVE lock on orders was held for the whole index build" }] },
    { kind: "history", prompt: "what statement was everything blocked behind during the migration", want: [{ turn: 84, fact: "CREATE INDEX orders_fulfillment_status_idx ON orders" }] },
    { kind: "history", prompt: "why was the inventory concurrency test flaky", want: [{ turn: 73, fact: "seeded the same sku-1/wh-1 row" }] },
    { kind: "history", prompt: "why did payments fall over after the pw rotation", want: [{ turn: 103, fact: "lumen-db-password/versions/3] is in DISABLED state" }] },
    { kind: "history", prompt: "what broke cloud build after the go 1.23 bump", want: [{ turn: 75, fact: "go: go.mod requires go >= 1.23.4 (running go 1.22.5; GOTOOLCHAIN=local)" }] },
    { kind: "history", prompt: "what caused the duplicate charges on tuesday", want: [{ turn: 46, fact: "the client stopped extending the lease of a message after 10s" }] },
    { kind: "history", prompt: "how many keys had redis evicted before the resize", want: [{ turn: 111, fact: "evicted_keys:1842211" }] },
    { kind: "history", prompt: "what was the payments ack deadline originally", want: [{ turn: 34, fact: "ackDeadlineSeconds: 10" }] },
    { kind: "history", prompt: "what was the orders mem limit when it got oomkilled", want: [{ turn: 159, fact: "memory:  512Mi" }] },
    { kind: "history", prompt: "when did orders first hit its hpa ceiling", want: [{ turn: 16, fact: HPA_PEAK }] },
    { kind: "multi", prompt: "orders image tag + hpa max", want: [{ key: "deploy", fact: `${AR}/orders:v1.44.0` }, { key: "hpa", fact: HPA_ORDERS_NOW }] },
    { kind: "multi", prompt: "pool max conns and cloud sql max_connections, current values", want: [{ key: "pgxpool", fact: '"max_conns": 20' }, { key: "sqlinst", fact: "value: '800'" }] },
    { kind: "multi", prompt: "go version, also did the last build pass", want: [{ key: "gomod", fact: "go 1.24.1" }, { key: "builds", fact: B_NOW }] },
    { kind: "multi", prompt: "redis size / evictions", want: [{ key: "redisinst", fact: "memorySizeGb: 8" }, { key: "redisinfo", fact: "evicted_keys:0" }] },
    { kind: "multi", prompt: "node machine type and how far the orders hpa can scale", want: [{ key: "nodepool", fact: "n2-standard-8" }, { key: "hpa", fact: HPA_ORDERS_NOW }] },
    { kind: "multi", prompt: "which db secret version is live, are the payments pods healthy", want: [{ key: "secret", fact: SECRET_NOW }, { key: "pods", fact: podRow("payments-6c7b9f8d5-h3k8t", "2/2", "Running", "0", "1d1h") }] },
    { kind: "multi", prompt: "what migration are we on and why did the first 43 attempt get rolled back", want: [{ key: "migver", fact: MIG_NOW }, { turn: 90, fact: "ACCESS EXCLUSIVE lock on orders was held for the whole index build" }] },
    { kind: "multi", prompt: "proxy sidecar version + orders memory limit", want: [{ key: "proxyver", fact: `${PROXY}:2.14.1` }, { key: "ordersres", fact: '"memory": "1Gi"' }] },
    { kind: "multi", prompt: "otel sampling rate and the inventory client timeout", want: [{ key: "otel", fact: "sampling_percentage: 2" }, { key: "invtimeout", fact: "inventoryTimeout = 1 * time.Second" }] },
    { kind: "none", prompt: "thx, thats all for now" },
    { kind: "none", prompt: "whats the difference between a goroutine and an os thread, roughly" },
    { kind: "none", prompt: "brb coffee" },
    { kind: "none", prompt: "in general when would you pick grpc over plain rest" },
    { kind: "none", prompt: "explain postgres mvcc in a nutshell" },
  ],
};

/** Held out from the selection work: written blind, never run before it was registered (Go microservices on GKE). */
export const HELD_OUT_38 = [lumen];
