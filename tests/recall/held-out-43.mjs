// A held-out recall session (format: tests/recall/build.mjs): written blind, without reading the selection's code, its
// tests or any benchmark result, and kept out of the selection work. HELD_OUT_43: a Node.js / NestJS marketplace API
// ("mercan": listings, orders, seller stats, payouts) on MongoDB Atlas with Redis-backed BullMQ queues (notifications,
// emails, image-resize, reports), deployed to DigitalOcean Kubernetes (DOKS) with kubectl and a Helm chart, images in
// DO Container Registry, Jest unit and e2e tests, pnpm, GitHub Actions, Sentry; six working days. A campaign Monday with
// the api HPA stuck at its maximum, Atlas M10 connections at 96% (pool 100 -> 25), pending pods and a node pool that
// could not grow; worker pods OOMKilled at 512Mi (-> 1Gi, later 768Mi after a template-cache leak found in a heap
// snapshot); a notifications backlog of 48k jobs with jobs stuck in active ("Missing lock"), a managed Redis on
// allkeys-lru that was evicting BullMQ keys and full of completed jobs (-> noeviction, removeOnComplete, trimmed),
// concurrency 5 -> 25 -> 10 after FCM quota errors, bullmq upgraded; a listings category query on COLLSCAN (index
// added, then replaced by an ESR index) and a seller-stats aggregation doing $lookup before $match; 504s on the seller
// CSV export (ingress read timeout 60 -> 300 -> 120 once the export became a job); a Node 20 -> 22 bump whose deps
// stage still built the re2 addon for ABI 115, crashlooping pods, helm rollback, fixed and redeployed; a flaky orders
// e2e test (fixed sleep before asserting a queue side effect); a cert-manager renewal stuck on an HTTP-01 solver
// ingress without a class; HPA bounds, api memory, node pool bounds and Mongo pool retuned. Distractors: older
// snapshots of the same kubectl / mongosh / queue / redis commands, staging look-alikes, similar errors in other
// modules (payouts aggregation, emails queue, carts duplicate key), config reads and edits, git and CI output. The
// user writes Turkish (casual, mostly without Turkish characters) for about half of the questions.

const W = "/home/dev/mercan";
const NS = "mercan-prod";
const REG = "registry.digitalocean.com/mercan/mercan-api";
const pad = (s, n) => String(s).padEnd(n);
const numbered = (start, text) => text.split("\n").map((l, i) => `${String(start + i).padStart(4)}\t${l}`).join("\n");

// ---- kubectl get hpa
const hpaRow = (name, cpu, mem, min, max, rep, age = "219d") => `${pad(name, 14)}${pad(`Deployment/${name}`, 27)}${pad(`cpu: ${cpu}, memory: ${mem}`, 34)}${pad(min, 10)}${pad(max, 10)}${pad(rep, 11)}${age}`;
const hpa = (rows) => `${pad("NAME", 14)}${pad("REFERENCE", 27)}${pad("TARGETS", 34)}${pad("MINPODS", 10)}${pad("MAXPODS", 10)}${pad("REPLICAS", 11)}AGE\n${rows.join("\n")}`;
const HPA_CMD = { command: `kubectl -n ${NS} get hpa` };
const HPA_V1 = hpaRow("mercan-api", "182%/70%", "71%/80%", 3, 8, 8);
const HPA_NOW = hpaRow("mercan-api", "41%/65%", "58%/80%", 5, 16, 7);

// ---- kubectl get pods
const NODES = ["pool-main-r8k2x", "pool-main-r8k2c", "pool-main-r8k2f", "pool-main-r8k29", "pool-main-r8kqm", "pool-main-r8kqt"];
const SUFFIX = ["x2k9p", "q7m4n", "h8t3v", "b5r2w", "n6c9z", "d3f7k", "w9p2s", "t4j8m", "r7v5c", "k2x6b", "m8n3q", "p5w7h", "c9d4r", "f6s2t"];
const podRow = (name, ready, status, restarts, age, ip, node) => `${pad(name, 38)}${pad(ready, 8)}${pad(status, 18)}${pad(restarts, 17)}${pad(age, 8)}${pad(ip, 15)}${node}`;
const PODS_HDR = podRow("NAME", "READY", "STATUS", "RESTARTS", "AGE", "IP", "NODE");
const pods = (app, rs, n, age, { from = 0, status = "Running", ready = "1/1", restarts = () => "0", ipBase = 10 } = {}) => Array.from({ length: n }, (_, i) => podRow(`mercan-${app}-${rs}-${SUFFIX[(from + i) % SUFFIX.length]}`, ready, typeof status === "function" ? status(i) : status, restarts(i), age, podIp(`${app}-${rs}-${i}`, ipBase), NODES[(from + i) % NODES.length]));
const podIp = (seed, base) => {
  let h = 7;
  for (const ch of seed) h = (h * 31 + ch.charCodeAt(0)) % 65521;
  return `10.244.${base + (h % 6)}.${10 + (h % 240)}`;
};
const podsOut = (groups) => [PODS_HDR, ...groups.flat()].join("\n");
const PODS_CMD = { command: `kubectl -n ${NS} get pods -l app.kubernetes.io/instance=mercan -o wide` };
const WORKER_OOM_ROW = podRow("mercan-worker-5b7c9d8f6-p9x7w", "0/1", "OOMKilled", "14 (3m2s ago)", "6d", "10.244.3.118", "pool-main-r8k2f");

// ---- kubectl top pods
const topRow = (name, cpu, mem) => `${pad(name, 38)}${pad(cpu, 13)}${mem}`;
const top = (rows) => `${pad("NAME", 38)}${pad("CPU(cores)", 13)}MEMORY(bytes)\n${rows.join("\n")}`;
const TOP_CMD = { command: `kubectl -n ${NS} top pods -l app.kubernetes.io/instance=mercan --sort-by=memory` };
const TOP_WORKER_NOW = topRow("mercan-worker-58d9f7c6b-h8t3v", "212m", "415Mi");

// ---- container resources
const resRow = (name, ctr, cpuReq, memReq, cpuLim, memLim) => `${pad(name, 16)}${pad(ctr, 11)}${pad(cpuReq, 9)}${pad(memReq, 9)}${pad(cpuLim, 9)}${memLim}`;
const resources = (api, worker) => [resRow("NAME", "CONTAINER", "CPU_REQ", "MEM_REQ", "CPU_LIM", "MEM_LIM"), resRow("mercan-admin", "admin", "100m", "256Mi", "500m", "512Mi"), api, worker].join("\n");
const RES_CMD = { command: `kubectl -n ${NS} get deploy -l app.kubernetes.io/instance=mercan -o custom-columns='NAME:.metadata.name,CONTAINER:.spec.template.spec.containers[0].name,CPU_REQ:.spec.template.spec.containers[0].resources.requests.cpu,MEM_REQ:.spec.template.spec.containers[0].resources.requests.memory,CPU_LIM:.spec.template.spec.containers[0].resources.limits.cpu,MEM_LIM:.spec.template.spec.containers[0].resources.limits.memory'` };
const API_RES_V1 = resRow("mercan-api", "api", "500m", "512Mi", "1", "1Gi");
const API_RES_NOW = resRow("mercan-api", "api", "500m", "768Mi", "1", "1536Mi");
const WORKER_RES_V1 = resRow("mercan-worker", "worker", "250m", "384Mi", "1", "512Mi");
const WORKER_RES_V2 = resRow("mercan-worker", "worker", "250m", "768Mi", "1", "1Gi");
const WORKER_RES_NOW = resRow("mercan-worker", "worker", "250m", "512Mi", "1", "768Mi");

// ---- the env configmap
const envCm = ({ pool, notif, ns = NS, env = "production", rv, reports = false }) => `apiVersion: v1
data:
  APP_ENV: ${env}
  BULL_PREFIX: mercan
  EMAILS_CONCURRENCY: "${env === "production" ? 10 : 2}"
  IMAGE_RESIZE_CONCURRENCY: "2"
  LOG_LEVEL: info
  MONGO_DB_NAME: mercan
  MONGO_MAX_POOL_SIZE: "${pool}"
  MONGO_MIN_POOL_SIZE: "5"
  MONGO_SERVER_SELECTION_TIMEOUT_MS: "5000"
  MONGO_WAIT_QUEUE_TIMEOUT_MS: "2000"
  NOTIFICATIONS_CONCURRENCY: "${notif}"
${reports ? '  REPORTS_CONCURRENCY: "2"\n' : ""}  SENTRY_ENVIRONMENT: ${env}
  SENTRY_TRACES_SAMPLE_RATE: "0.05"
kind: ConfigMap
metadata:
  annotations:
    meta.helm.sh/release-name: mercan
    meta.helm.sh/release-namespace: ${ns}
  labels:
    app.kubernetes.io/instance: mercan
    app.kubernetes.io/managed-by: Helm
  name: mercan-env
  namespace: ${ns}
  resourceVersion: "${rv}"`;
const CM_CMD = { command: `kubectl -n ${NS} get configmap mercan-env -o yaml | yq 'del(.metadata.creationTimestamp, .metadata.uid)'` };
const POOL_NOW = 'MONGO_MAX_POOL_SIZE: "40"';
const CONC_NOW = 'NOTIFICATIONS_CONCURRENCY: "10"';

// ---- Atlas connections
const connRow = (node, role, n, pct) => `${pad(node, 46)}${pad(role, 12)}${pad(n, 14)}${pct}`;
const atlasConn = (rows, note) => `cluster mercan-prod (M10, limit 1500 connections per node), max over the last 5 min
${connRow("NODE", "ROLE", "CONNECTIONS", "% OF LIMIT")}
${rows.join("\n")}
${note}`;
const ATLAS_CMD = { command: "./scripts/atlas-conn.sh mercan-prod --period PT5M" };
const ATLAS_NOW = connRow("mercan-prod-shard-00-01.q8r2w.mongodb.net", "PRIMARY", 618, "41.2%");

// ---- mongosh: listings indexes and the category query plan
const LISTING_IDX_BASE = `[
  { v: 2, key: { _id: 1 }, name: '_id_' },
  { v: 2, key: { slug: 1 }, name: 'slug_1', unique: true },
  { v: 2, key: { sellerId: 1, createdAt: -1 }, name: 'sellerId_1_createdAt_-1' },
  {
    v: 2,
    key: { _fts: 'text', _ftsx: 1 },
    name: 'title_text_description_text',
    default_language: 'turkish',
    weights: { description: 1, title: 5 },
    language_override: 'language',
    textIndexVersion: 3
  }`;
const listingIdx = (extra) => `${LISTING_IDX_BASE}${extra.map((e) => `,\n  {\n    v: 2,\n    key: ${e[0]},\n    name: '${e[1]}'\n  }`).join("")}\n]`;
const IDX_CMD = { command: 'mongosh "$MONGO_URI_PROD_RO" --quiet --eval "db.listings.getIndexes()"' };
const IDX_NOW = "name: 'categoryId_1_status_1_createdAt_-1'";

const explainOut = (plan, n, ms, keys, docs) => `{
  winningPlan: '${plan}',
  nReturned: ${n},
  executionTimeMillis: ${ms},
  totalKeysExamined: ${keys},
  totalDocsExamined: ${docs}
}`;
const EXPLAIN_CMD = { command: `mongosh "$MONGO_URI_PROD_RO" --quiet --file scripts/explain/listings-by-category.js   # find({ categoryId, status: 'active' }).sort({ createdAt: -1 }).limit(24), category elektronik/telefon` };
const EXPLAIN_V1 = explainOut("LIMIT <- SORT <- COLLSCAN", 24, 3412, 0, 1843220);
const EXPLAIN_PLAN_NOW = "IXSCAN categoryId_1_status_1_createdAt_-1";

// ---- seller stats aggregation
const aggOut = (stages, docs, ms) => `{
  pipeline: 'sellerStats(seller 48213 "Kuzey Elektronik", last 90 days)',
  stages: [ ${stages.map((s) => `'${s}'`).join(", ")} ],
  docsExamined: ${docs},
  nReturned: 12,
  executionTimeMillis: ${ms}
}`;
const AGG_CMD = { command: 'mongosh "$MONGO_URI_PROD_RO" --quiet --file scripts/explain/seller-stats.js' };
const AGG_NOW = "executionTimeMillis: 212";

// ---- BullMQ queue counts
const qRow = (name, w, a, d, f, c, p = 0) => `${pad(name, 15)}${String(w).padStart(8)}${String(a).padStart(8)}${String(d).padStart(9)}${String(f).padStart(8)}${String(c).padStart(11)}${String(p).padStart(8)}`;
const queues = (rows, note = "") => `${qRow("queue", "waiting", "active", "delayed", "failed", "completed", "paused")}\n${rows.join("\n")}${note ? `\n${note}` : ""}`;
const Q_CMD = { command: `kubectl -n ${NS} exec deploy/mercan-worker -- node dist/scripts/queue-counts.js` };
const QNOTIF_PEAK = qRow("notifications", 48211, 5, 112, 931, 1204118);
const QNOTIF_NOW = qRow("notifications", 6, 4, 31, 17, 5000);

// ---- Redis (DO managed)
const redisInfo = (used, peak, policy, evicted, keys, frag) => `# Memory
used_memory_human:${used}
used_memory_peak_human:${peak}
maxmemory_human:1.75G
maxmemory_policy:${policy}
mem_fragmentation_ratio:${frag}
# Stats
evicted_keys:${evicted}
# Keyspace
db0:keys=${keys},expires=${Math.floor(keys / 9)},avg_ttl=2811204`;
const REDIS_CMD = { command: "redis-cli --tls -u \"$PROD_REDIS_URL\" INFO all | grep -E '^(# Memory|# Stats|# Keyspace|used_memory_human|used_memory_peak_human|maxmemory_human|maxmemory_policy|mem_fragmentation_ratio|evicted_keys|db0)'" };
const REDIS_POLICY_NOW = "maxmemory_policy:noeviction";
const REDIS_USED_NOW = "used_memory_human:412.66M";

// ---- helm history
const hRow = (rev, when, status, chart, app, desc) => `${pad(rev, 10)}${pad(when, 26)}${pad(status, 12)}${pad(chart, 15)}${pad(app, 13)}${desc}`;
const helmHist = (rows) => `${hRow("REVISION", "UPDATED", "STATUS", "CHART", "APP VERSION", "DESCRIPTION")}\n${rows.join("\n")}`;
const HELM_CMD = { command: `helm -n ${NS} history mercan --max 6` };
const R42 = (s) => hRow(42, "Thu Jan 14 16:20:11 2027", s, "mercan-2.7.0", "1.41.0", "Upgrade complete");
const R43 = hRow(43, "Mon Jan 18 10:41:52 2027", "superseded", "mercan-2.7.0", "1.41.0", "Upgrade complete");
const R44 = hRow(44, "Tue Jan 19 09:37:05 2027", "superseded", "mercan-2.7.0", "1.41.0", "Upgrade complete");
const R45 = hRow(45, "Tue Jan 19 11:58:40 2027", "superseded", "mercan-2.8.0", "1.42.0", "Upgrade complete");
const R46 = (s) => hRow(46, "Wed Jan 20 16:12:18 2027", s, "mercan-2.8.0", "1.42.1", "Upgrade complete");
const R47 = hRow(47, "Thu Jan 21 11:20:33 2027", "failed", "mercan-2.8.0", "1.43.0", 'Upgrade "mercan" failed: context deadline exceeded');
const R48 = (s) => hRow(48, "Thu Jan 21 11:34:09 2027", s, "mercan-2.8.0", "1.42.1", "Rollback to 46");
const R49 = (s) => hRow(49, "Thu Jan 21 15:48:51 2027", s, "mercan-2.8.0", "1.43.1", "Upgrade complete");
const R50 = (s) => hRow(50, "Fri Jan 22 16:05:27 2027", s, "mercan-2.8.0", "1.43.1", "Upgrade complete");
const HELM_NOW = hRow(51, "Mon Jan 25 11:42:07 2027", "deployed", "mercan-2.9.0", "1.44.0", "Upgrade complete");

// ---- node version in the api pods
const NODEVER_CMD = { command: `kubectl -n ${NS} exec deploy/mercan-api -- node -p 'process.version + " abi " + process.versions.modules + " " + process.arch + " " + process.release.lts'` };
const NODE_NOW = "v22.12.0 abi 127 x64 Jod";

// ---- kubectl get deploy -o wide
const depRow = (name, ready, n, ctr, tag, comp) => `${pad(name, 16)}${pad(ready, 8)}${pad(n, 13)}${pad(n, 12)}${pad("219d", 7)}${pad(ctr, 13)}${pad(`${REG}:${tag}`, 54)}app.kubernetes.io/component=${comp},app.kubernetes.io/instance=mercan`;
const deploys = (rows) => `${pad("NAME", 16)}${pad("READY", 8)}${pad("UP-TO-DATE", 13)}${pad("AVAILABLE", 12)}${pad("AGE", 7)}${pad("CONTAINERS", 13)}${pad("IMAGES", 54)}SELECTOR\n${rows.join("\n")}`;
const DEP_CMD = { command: `kubectl -n ${NS} get deploy -o wide` };
const WORKER_DEP_NOW = depRow("mercan-worker", "3/3", 3, "worker", "1.44.0", "worker");

// ---- ingress annotations
const ingress = (read, send, ns = NS, host = "api.mercan.com.tr,admin-api.mercan.com.tr", ip = "164.92.181.40") => `cert-manager.io/cluster-issuer: letsencrypt-prod
meta.helm.sh/release-name: mercan
meta.helm.sh/release-namespace: ${ns}
nginx.ingress.kubernetes.io/limit-rps: "50"
nginx.ingress.kubernetes.io/proxy-body-size: 10m
nginx.ingress.kubernetes.io/proxy-read-timeout: "${read}"
nginx.ingress.kubernetes.io/proxy-send-timeout: "${send}"
---
NAME         CLASS   HOSTS                                        ADDRESS          PORTS     AGE
mercan-api   nginx   ${pad(host, 45)}${pad(ip, 17)}80, 443   219d`;
const ING_CMD = { command: `kubectl -n ${NS} get ingress mercan-api -o yaml | yq '.metadata.annotations' && echo --- && kubectl -n ${NS} get ingress mercan-api` };
const INGRESS_NOW = 'nginx.ingress.kubernetes.io/proxy-read-timeout: "120"';

// ---- certificate
const certOut = (ready, notAfter, extra = "") => `NAME             READY   SECRET           AGE
mercan-api-tls   ${pad(ready, 8)}mercan-api-tls   219d
${extra}notAfter=${notAfter}`;
const CERT_CMD = { command: `kubectl -n ${NS} get certificate && kubectl -n ${NS} get secret mercan-api-tls -o jsonpath='{.data.tls\\.crt}' | base64 -d | openssl x509 -noout -enddate` };
const CERT_NOW = "notAfter=Apr 22 09:14:05 2027 GMT";

// ---- node pool
const npRow = (name, size, count, auto, min, max) => `${pad(name, 13)}${pad(size, 15)}${pad(count, 9)}${pad(auto, 14)}${pad(min, 13)}${max}`;
const nodePool = (row) => `${npRow("Name", "Size", "Count", "Auto Scale", "Min Nodes", "Max Nodes")}\n${row}`;
const NP_GET = "doctl kubernetes cluster node-pool get mercan-fra1 pool-main --format Name,Size,Count,AutoScale,MinNodes,MaxNodes";
const NODEPOOL_NOW = npRow("pool-main", "s-4vcpu-8gb", 5, "true", 4, 8);

// ---- flaky e2e loop
const flaky = (runs, failed) => `$ for i in $(seq 30); do pnpm --silent test:e2e test/orders.e2e-spec.ts >/tmp/e2e-$i.log 2>&1 || echo "run $i FAILED"; done
${runs}
${failed}/30 runs failed`;
const FLAKY_CMD = { command: "./scripts/jest-loop.sh test/orders.e2e-spec.ts 30" };
const FLAKY_NOW = "0/30 runs failed";

// ---- pnpm ls
const pnpmLs = (ver, bull, typesNode, lru) => `Legend: production dependency, optional only, dev only

mercan-api@${ver} ${W} (PRIVATE)

dependencies:
@nestjs/bullmq 10.2.3
@nestjs/common 10.4.15
@nestjs/config 3.3.0
@nestjs/core 10.4.15
@nestjs/mongoose 10.1.0
@nestjs/platform-express 10.4.15
@sentry/nestjs 8.47.0
bullmq ${bull}
firebase-admin 13.0.2
handlebars 4.7.8
ioredis 5.4.2
${lru ? `lru-cache ${lru}\n` : ""}mongoose 8.9.5
re2 1.21.4
rxjs 7.8.1

devDependencies:
@nestjs/cli 10.4.9
@nestjs/testing 10.4.15
@types/jest 29.5.14
@types/node ${typesNode}
jest 29.7.0
mongodb-memory-server 10.1.3
supertest 7.0.0
ts-jest 29.2.5
typescript 5.7.2`;
const PNPM_CMD = "pnpm ls --depth 0";
const BULL_NOW = "bullmq 5.34.8";

// ---- sentry
const sRow = (id, title, events, seen) => `| ${pad(id, 15)}| ${pad(title, 100)}| ${String(events).padStart(6)} | ${pad(seen, 11)}|`;
const sentry = (rows) => `+----------------+-----------------------------------------------------------------------------------------------------+--------+------------+
| Short ID       | Title                                                                                               | Events | Last seen  |
+----------------+-----------------------------------------------------------------------------------------------------+--------+------------+
${rows.join("\n")}
+----------------+-----------------------------------------------------------------------------------------------------+--------+------------+`;

// ---- values files
const valuesFile = (o) => numbered(1, `# deploy/helm/mercan/values-${o.env}.yaml
image:
  repository: ${REG}
  tag: "${o.tag}"   # overridden by CI with --set image.tag
  pullPolicy: IfNotPresent
imagePullSecrets:
  - name: registry-mercan

api:
  replicaCount: ${o.apiMin}
  resources:
    requests: { cpu: 500m, memory: ${o.apiReq} }
    limits: { cpu: "1", memory: ${o.apiLim} }
  autoscaling:
    enabled: true
    minReplicas: ${o.apiMin}
    maxReplicas: ${o.apiMax}
    targetCPUUtilizationPercentage: ${o.cpu}
    targetMemoryUtilizationPercentage: 80
  podDisruptionBudget: { minAvailable: 1 }

admin:
  replicaCount: ${o.adminReplicas}
  resources:
    requests: { cpu: 100m, memory: 256Mi }
    limits: { cpu: 500m, memory: 512Mi }

worker:
  replicaCount: ${o.workerReplicas}
  queues: [notifications, emails, image-resize${o.reports ? ", reports" : ""}]
  resources:
    requests: { cpu: 250m, memory: ${o.workerReq} }
    limits: { cpu: "1", memory: ${o.workerLim} }
  nodeOptions: "${o.nodeOptions ?? ""}"

env:
  APP_ENV: ${o.env === "prod" ? "production" : "staging"}
  MONGO_MAX_POOL_SIZE: "${o.pool}"
  MONGO_WAIT_QUEUE_TIMEOUT_MS: "2000"
  NOTIFICATIONS_CONCURRENCY: "${o.notif}"
  EMAILS_CONCURRENCY: "${o.env === "prod" ? 10 : 2}"
  IMAGE_RESIZE_CONCURRENCY: "2"
  SENTRY_TRACES_SAMPLE_RATE: "0.05"

ingress:
  enabled: true
  className: nginx
  hosts: [${o.hosts}]
  annotations:
    cert-manager.io/cluster-issuer: ${o.issuer}
    nginx.ingress.kubernetes.io/proxy-body-size: 10m
    nginx.ingress.kubernetes.io/proxy-read-timeout: "${o.read}"
    nginx.ingress.kubernetes.io/proxy-send-timeout: "${o.read}"
    nginx.ingress.kubernetes.io/limit-rps: "50"
  tls:
    - secretName: mercan-api-tls
      hosts: [${o.hosts}]`);
const PROD_V1 = { env: "prod", tag: "1.41.0", apiMin: 3, apiMax: 8, cpu: 70, apiReq: "512Mi", apiLim: "1Gi", adminReplicas: 2, workerReplicas: 2, workerReq: "384Mi", workerLim: "512Mi", pool: 100, notif: 5, hosts: "api.mercan.com.tr, admin-api.mercan.com.tr", issuer: "letsencrypt-prod", read: 60 };
const STAGING = { env: "staging", tag: "1.41.0", apiMin: 1, apiMax: 3, cpu: 70, apiReq: "256Mi", apiLim: "512Mi", adminReplicas: 1, workerReplicas: 1, workerReq: "256Mi", workerLim: "512Mi", pool: 10, notif: 3, hosts: "api.staging.mercan.com.tr", issuer: "letsencrypt-staging", read: 60 };
const PROD_NOW = { ...PROD_V1, tag: "1.44.0", apiMin: 5, apiMax: 16, cpu: 65, apiReq: "768Mi", apiLim: "1536Mi", workerReplicas: 3, workerReq: "512Mi", workerLim: "768Mi", nodeOptions: "--max-old-space-size=640", pool: 40, notif: 10, read: 120, reports: true };
const VP = `${W}/deploy/helm/mercan/values-prod.yaml`;
const VS = `${W}/deploy/helm/mercan/values-staging.yaml`;

const helmUpgrade = (rev, tag, when, ns = NS) => `Release "mercan" has been upgraded. Happy Helming!
NAME: mercan
LAST DEPLOYED: ${when}
NAMESPACE: ${ns}
STATUS: deployed
REVISION: ${rev}
TEST SUITE: None
NOTES:
mercan ${tag} is rolling out:
  kubectl -n ${ns} rollout status deploy/mercan-api
  kubectl -n ${ns} rollout status deploy/mercan-worker
  https://api.mercan.com.tr/health`;
const HELM_UP = (tag) => ({ command: `helm upgrade mercan deploy/helm/mercan -n ${NS} -f deploy/helm/mercan/values-prod.yaml --set image.tag=${tag} --wait --timeout 5m` });
const ciRun = (id, title, tag, rev, when) => `✓ main deploy · ${id}
Triggered via push about 9 minutes ago

JOBS
✓ test in 3m12s (ID ${id}01)
✓ build-and-push in 2m48s (ID ${id}02)
  ✓ docker/build-push-action: pushed ${REG}:${tag}
  ✓ docker/build-push-action: pushed ${REG}:sha-${title}
✓ deploy-staging in 1m05s (ID ${id}03)
✓ deploy-prod in 3m40s (ID ${id}04)
  helm upgrade mercan deploy/helm/mercan -n ${NS} -f deploy/helm/mercan/values-prod.yaml --set image.tag=${tag} --wait --timeout 5m
  Release "mercan" has been upgraded. Happy Helming!
  LAST DEPLOYED: ${when}
  REVISION: ${rev}
  STATUS: deployed`;
const GH_WATCH = (id) => ({ command: `gh run watch ${id} --exit-status && gh run view ${id}` });

const mercan = {
  name: "mercan (held out 43)",
  sessionId: "2ad001a9-28d9-4d41-a584-43f103514494",
  cwd: W,
  turns: 220,
  seed: 43431,
  files: ["src/listings/listings.service.ts", "src/listings/listings.controller.ts", "src/orders/orders.service.ts", "src/orders/orders.controller.ts", "src/sellers/seller-stats.service.ts", "src/sellers/reports.controller.ts", "src/payouts/payouts.service.ts", "src/payments/payments.service.ts", "src/notifications/notifications.processor.ts", "src/notifications/template-renderer.ts", "src/app.module.ts", "src/config/configuration.ts", "src/main.ts", "deploy/helm/mercan/templates/deployment-worker.yaml", "deploy/helm/mercan/templates/hpa.yaml", "Dockerfile", ".github/workflows/deploy.yml", "test/orders.e2e-spec.ts"],
  otherTests: ["src/listings/listings.service.spec.ts", "src/payments/payments.service.spec.ts", "src/auth/auth.service.spec.ts", "src/payouts/payouts.service.spec.ts", "test/listings.e2e-spec.ts", "test/sellers.e2e-spec.ts"],
  words: ["listing", "ilan", "seller", "satici", "buyer", "order", "siparis", "cart", "sepet", "payout", "payment", "review", "category", "kategori", "offer", "shipment", "kargo", "notification", "queue", "job", "worker", "stock", "coupon", "report", "invoice"],
  grepWords: ["@InjectModel", "@Processor", "InjectQueue", "aggregate(", "TODO", "ConfigService"],
  testCommands: ["pnpm test -- src/listings", "pnpm test -- src/payments --coverage=false", "pnpm jest src/auth src/payouts", "pnpm test:e2e test/listings.e2e-spec.ts"],
  buildCommands: ["pnpm build", "pnpm lint", "pnpm exec tsc --noEmit -p tsconfig.build.json", "helm lint deploy/helm/mercan -f deploy/helm/mercan/values-prod.yaml"],
  appCommands: [`kubectl -n ${NS} logs deploy/mercan-api --since=10m --tail=60`, `kubectl -n ${NS} logs deploy/mercan-worker --since=10m --tail=60`, "kubectl -n mercan-staging logs deploy/mercan-api --tail=60", `kubectl -n ${NS} logs deploy/mercan-admin --since=30m --tail=40`],
  prompts: ["devam", "devam et", "ok next", "tamam", "siradaki", "go on", "hadi bakalim", "evet devam", "ok", "keep going", "bakalim", "next"],
  facts: [
    // ---------------------------------------------------------------- day 1: Mon Jan 18, campaign start (Ocak Firsatlari)
    [2, "Bash", { command: "sentry-cli issues list --project mercan-api --query 'is:unresolved lastSeen:-1h' --max-rows 6" }, sentry([
      sRow("MERCAN-API-4K1", "MongoNetworkError: connection 214 to mercan-prod-shard-00-01.q8r2w.mongodb.net:27017 closed", 3412, "2 min ago"),
      sRow("MERCAN-API-4JZ", "GatewayTimeoutException: GET /v1/listings timed out after 30000ms", 1208, "1 min ago"),
      sRow("MERCAN-API-4K3", "MongoServerError: E11000 duplicate key error collection: mercan.carts index: buyerId_1", 9, "20 min ago"),
      sRow("MERCAN-API-3X9", "IyzicoError: 5001 Odeme servisi yanit vermedi (PaymentsService.capture)", 14, "3 hours ago"),
      sRow("MERCAN-WRK-1B2", "Error: connect ETIMEDOUT (ImageResizeProcessor.process)", 6, "5 hours ago"),
    ]) + "\n(p95 for GET /v1/listings is 4.2 s since the Ocak Firsatlari campaign started at 10:00)", undefined, { kind: "app", where: "top" }],
    [3, "Bash", HPA_CMD, hpa([hpaRow("mercan-admin", "9%/70%", "41%/80%", 2, 4, 2), HPA_V1]), "hpa", { kind: "app", where: "top" }],
    [4, "Bash", TOP_CMD, top([...Array.from({ length: 8 }, (_, i) => topRow(`mercan-api-6c8d9b7f4-${SUFFIX[i]}`, `${991 - i * 3}m`, `${640 - i * 9}Mi`)), topRow("mercan-worker-5b7c9d8f6-p9x7w", "402m", "466Mi"), topRow("mercan-worker-5b7c9d8f6-k2m4q", "377m", "431Mi"), topRow("mercan-admin-7b4f9c8d5-x2k9p", "12m", "188Mi"), topRow("mercan-admin-7b4f9c8d5-q7m4n", "9m", "176Mi")]), "top", { kind: "app", where: "top" }],
    [5, "Bash", PODS_CMD, podsOut([pods("admin", "7b4f9c8d5", 2, "4d"), pods("api", "6c8d9b7f4", 8, "4d", { restarts: () => "0" }), [podRow("mercan-worker-5b7c9d8f6-k2m4q", "1/1", "Running", "3 (2h11m ago)", "6d", "10.244.2.90", "pool-main-r8k2c"), podRow("mercan-worker-5b7c9d8f6-p9x7w", "1/1", "Running", "5 (41m ago)", "6d", "10.244.3.118", "pool-main-r8k2f")]]), "pods", { kind: "app", where: "top" }],
    [6, "Bash", { command: PNPM_CMD }, pnpmLs("1.41.0", "5.12.0", "20.17.10"), "pnpmls", { kind: "build", where: "top" }],
    [7, "Read", { file_path: VP }, valuesFile(PROD_V1), undefined, { kind: "code", where: "top" }],
    [8, "Read", { file_path: VS }, valuesFile(STAGING), undefined, { kind: "code", where: "top" }],
    [9, "Bash", CM_CMD, envCm({ pool: 100, notif: 5, rv: "88120411" }), "envcm", { kind: "app", where: "top" }],
    [10, "Bash", ATLAS_CMD, atlasConn([connRow("mercan-prod-shard-00-00.q8r2w.mongodb.net", "SECONDARY", 212, "14.1%"), connRow("mercan-prod-shard-00-01.q8r2w.mongodb.net", "PRIMARY", 1437, "95.8%"), connRow("mercan-prod-shard-00-02.q8r2w.mongodb.net", "SECONDARY", 198, "13.2%")], "(new connections are refused above the limit; the api logs MongoNetworkError when the primary drops them)"), "atlasconn", { kind: "app", where: "top" }],
    [11, "Bash", { command: "atlas alerts list --status OPEN --projectId \"$ATLAS_PROJECT_ID\" --output json | jq -r '.results[] | \"\\(.created)  \\(.eventTypeName)  \\(.metricName // \"-\")  \\(.currentValue.number // \"-\")\"'" }, `2027-01-18T09:58:12Z  OUTSIDE_METRIC_THRESHOLD  CONNECTIONS_PERCENT  95.8
2027-01-18T10:02:40Z  OUTSIDE_METRIC_THRESHOLD  NORMALIZED_SYSTEM_CPU_USER  71.2
2027-01-18T10:05:03Z  OUTSIDE_METRIC_THRESHOLD  QUERY_TARGETING_SCANNED_OBJECTS_PER_RETURNED  76802.4
(M10 allows 1500 connections per node. 8 api + 2 worker + 2 admin = 12 pods x maxPoolSize 100 = 1200 connections the app alone may open to the primary, plus the 3 cronjobs and the Atlas agents; raising the HPA max with pool 100 would go straight past the limit)`, undefined, { kind: "app", where: "top" }],
    [12, "Edit", { file_path: VP, old_string: "    minReplicas: 3\n    maxReplicas: 8", new_string: "    minReplicas: 4\n    maxReplicas: 14" }, `The file ${VP} has been updated. (env.MONGO_MAX_POOL_SIZE "100" -> "25" in the same edit: 18 pods x 25 stays under half of the M10 limit)`, undefined, { kind: "code", where: "top" }],
    [13, "Bash", { command: `helm diff upgrade mercan deploy/helm/mercan -n ${NS} -f deploy/helm/mercan/values-prod.yaml --set image.tag=1.41.0` }, `${NS}, mercan-api, HorizontalPodAutoscaler (autoscaling) has changed:
  # Source: mercan/templates/hpa.yaml
  apiVersion: autoscaling/v2
  kind: HorizontalPodAutoscaler
  metadata:
    name: mercan-api
  spec:
-   maxReplicas: 8
-   minReplicas: 3
+   maxReplicas: 14
+   minReplicas: 4
${NS}, mercan-env, ConfigMap (v1) has changed:
  data:
-   MONGO_MAX_POOL_SIZE: "100"
+   MONGO_MAX_POOL_SIZE: "25"
${NS}, mercan-api, Deployment (apps) has changed:
  spec:
    template:
      metadata:
        annotations:
-         checksum/config: 5c1e0f7a
+         checksum/config: 91d04b2e`, undefined, { kind: "build", where: "top" }],
    [14, "Bash", HELM_UP("1.41.0"), helmUpgrade(43, "1.41.0", "Mon Jan 18 10:41:52 2027"), undefined, { kind: "build", where: "top" }],
    [16, "Bash", HPA_CMD, hpa([hpaRow("mercan-admin", "11%/70%", "42%/80%", 2, 4, 2), hpaRow("mercan-api", "96%/70%", "66%/80%", 4, 14, 12)]), "hpa", { kind: "app", where: "top" }],
    [17, "Bash", { command: `kubectl -n ${NS} get pods --field-selector=status.phase=Pending && kubectl -n ${NS} describe pod mercan-api-6c8d9b7f4-k2x6b | sed -n '/Events:/,$p'` }, `NAME                         READY   STATUS    RESTARTS   AGE
mercan-api-6c8d9b7f4-r7v5c   0/1     Pending   0          3m41s
mercan-api-6c8d9b7f4-k2x6b   0/1     Pending   0          3m41s
mercan-api-6c8d9b7f4-m8n3q   0/1     Pending   0          3m40s
mercan-api-6c8d9b7f4-p5w7h   0/1     Pending   0          3m40s
Events:
  Type     Reason             Age                  From                Message
  ----     ------             ----                 ----                -------
  Warning  FailedScheduling   3m40s                default-scheduler   0/4 nodes are available: 4 Insufficient cpu. preemption: 0/4 nodes are available: 4 No preemption victims found for incoming pod.
  Normal   NotTriggerScaleUp  3m12s (x4 over 3m38s)  cluster-autoscaler  pod didn't trigger scale-up: 1 max node group size reached`, undefined, { kind: "app", error: true, where: "top" }],
    [18, "Bash", { command: NP_GET }, nodePool(npRow("pool-main", "s-4vcpu-8gb", 4, "true", 3, 4)), "nodepool", { kind: "app", where: "top" }],
    [19, "Bash", { command: `doctl kubernetes cluster node-pool update mercan-fra1 pool-main --auto-scale --min-nodes 3 --max-nodes 8 >/dev/null && ${NP_GET}` }, nodePool(npRow("pool-main", "s-4vcpu-8gb", 4, "true", 3, 8)) + "\n(the autoscaler adds 2 nodes for the 4 pending api pods; about 3 minutes per node)", "nodepool", { kind: "app", where: "top" }],
    [20, "Bash", HPA_CMD, hpa([hpaRow("mercan-admin", "10%/70%", "42%/80%", 2, 4, 2), hpaRow("mercan-api", "64%/70%", "61%/80%", 4, 14, 11)]), "hpa", { kind: "app", where: "top" }],
    [21, "Bash", CM_CMD, envCm({ pool: 25, notif: 5, rv: "88214077" }), "envcm", { kind: "app", where: "top" }],
    [22, "Bash", ATLAS_CMD, atlasConn([connRow("mercan-prod-shard-00-00.q8r2w.mongodb.net", "SECONDARY", 96, "6.4%"), connRow("mercan-prod-shard-00-01.q8r2w.mongodb.net", "PRIMARY", 402, "26.8%"), connRow("mercan-prod-shard-00-02.q8r2w.mongodb.net", "SECONDARY", 91, "6.1%")], "(15 app pods with pool 25 since 10:42)"), "atlasconn", { kind: "app", where: "top" }],
    [24, "Bash", { command: "kubectl get nodes -o wide | cut -c1-120" }, `NAME              STATUS   ROLES    AGE     VERSION   INTERNAL-IP   EXTERNAL-IP      OS-IMAGE
pool-main-r8k2x   Ready    <none>   219d    v1.31.1   10.114.0.2    164.92.170.11    Debian GNU/Linux 12 (bookworm)
pool-main-r8k2c   Ready    <none>   219d    v1.31.1   10.114.0.3    164.92.170.12    Debian GNU/Linux 12 (bookworm)
pool-main-r8k2f   Ready    <none>   88d     v1.31.1   10.114.0.4    164.92.174.90    Debian GNU/Linux 12 (bookworm)
pool-main-r8k29   Ready    <none>   88d     v1.31.1   10.114.0.5    164.92.174.91    Debian GNU/Linux 12 (bookworm)
pool-main-r8kqm   Ready    <none>   6m      v1.31.1   10.114.0.8    207.154.230.14   Debian GNU/Linux 12 (bookworm)
pool-main-r8kqt   Ready    <none>   3m      v1.31.1   10.114.0.9    207.154.230.19   Debian GNU/Linux 12 (bookworm)`, undefined, { kind: "app", where: "top" }],
    [25, "Bash", { command: "git add deploy/helm/mercan/values-prod.yaml && git commit -m 'prod: api hpa 4-14, mongo pool 25' && git log -1 --format='%h %s%n%n%b'" }, `[main 3b7e21c] prod: api hpa 4-14, mongo pool 25
 1 file changed, 3 insertions(+), 3 deletions(-)
3b7e21c prod: api hpa 4-14, mongo pool 25

Campaign Monday: the api HPA sat at its max of 8 with cpu 182% of the 70% target and
p95 on /v1/listings at 4.2 s. Atlas (M10) was at 1437 of 1500 connections on the primary
because every pod opens up to 100 connections, so the HPA max could not go up without
cutting the pool first. Pool 25, HPA 4-14; node pool pool-main max 3 -> 8 (doctl, not in
the chart) because the scheduler had no cpu left for the new pods.`, undefined, { kind: "build", where: "top" }],
    [27, "Bash", { command: "kubectl -n mercan-staging get hpa" }, hpa([hpaRow("mercan-admin", "3%/70%", "30%/80%", 1, 2, 1, "301d"), hpaRow("mercan-api", "12%/70%", "44%/80%", 1, 3, 1, "301d")]), undefined, { kind: "app", where: "top" }],
    [29, "Bash", { command: "./scripts/p95.sh mercan-api --since 30m" }, `route                               count    p50     p95     p99    5xx
GET  /v1/listings                   412088   61ms    338ms   912ms  0.02%
GET  /v1/listings/:slug             288410   22ms     91ms   240ms  0.00%
POST /v1/orders                      18204   140ms   402ms   880ms  0.04%
GET  /v1/sellers/me/stats              912   2.8s    14.9s   21.2s  0.31%
(after the scale-out; seller stats is its own problem, the aggregation, see Atlas slow query log)`, undefined, { kind: "app", where: "top" }],
    // ---------------------------------------------------------------- day 2: Tue Jan 19, worker OOM and the notifications backlog
    [33, "Bash", PODS_CMD, podsOut([pods("admin", "7b4f9c8d5", 2, "5d"), pods("api", "6c8d9b7f4", 9, "23h"), [podRow("mercan-worker-5b7c9d8f6-k2m4q", "0/1", "CrashLoopBackOff", "16 (38s ago)", "7d", "10.244.2.90", "pool-main-r8k2c"), WORKER_OOM_ROW]]), "pods", { kind: "app", where: "top" }],
    [34, "Bash", { command: `kubectl -n ${NS} describe pod mercan-worker-5b7c9d8f6-p9x7w | sed -n '/Containers:/,/Conditions:/p'` }, `Containers:
  worker:
    Image:         ${REG}:1.41.0
    Args:          dist/worker.js
    State:          Running
      Started:      Tue, 19 Jan 2027 08:52:10 +0300
    Last State:     Terminated
      Reason:       OOMKilled
      Exit Code:    137
      Started:      Tue, 19 Jan 2027 08:47:55 +0300
      Finished:     Tue, 19 Jan 2027 08:52:08 +0300
    Ready:          True
    Restart Count:  14
    Limits:
      cpu:     1
      memory:  512Mi
    Requests:
      cpu:      250m
      memory:   384Mi
    Environment Variables from:
      mercan-env  ConfigMap  Optional: false
Conditions:`, undefined, { kind: "app", error: true, where: "top" }],
    [35, "Bash", RES_CMD, resources(API_RES_V1, WORKER_RES_V1), "resources", { kind: "app", where: "top" }],
    [36, "Bash", TOP_CMD, top([topRow("mercan-worker-5b7c9d8f6-p9x7w", "611m", "503Mi"), topRow("mercan-worker-5b7c9d8f6-k2m4q", "588m", "498Mi"), ...Array.from({ length: 9 }, (_, i) => topRow(`mercan-api-6c8d9b7f4-${SUFFIX[i]}`, `${420 - i * 11}m`, `${598 - i * 7}Mi`)), topRow("mercan-admin-7b4f9c8d5-x2k9p", "10m", "190Mi")]), "top", { kind: "app", where: "top" }],
    [37, "Bash", { command: `kubectl -n ${NS} logs mercan-worker-5b7c9d8f6-p9x7w --previous --tail=12` }, `[Nest] 1  - 01/19/2027, 8:51:40 AM     LOG [ImageResizeProcessor] job 88123 resized 3 variants of listing 901244 (24 MP upload) in 2104 ms
[Nest] 1  - 01/19/2027, 8:51:52 AM     LOG [NotificationsProcessor] job 7730911 sent push to 3 devices (order.shipped)
[Nest] 1  - 01/19/2027, 8:51:58 AM     LOG [NotificationsProcessor] job 7730915 sent push to 1 devices (offer.accepted)
[Nest] 1  - 01/19/2027, 8:52:03 AM    WARN [EmailsProcessor] job 410221 smtp 421 4.7.0 Try again later, retrying in 30000 ms
[Nest] 1  - 01/19/2027, 8:52:07 AM     LOG [NotificationsProcessor] job 7730920 sent push to 2 devices (order.created)
(the log just stops: the container was killed by the kernel, no JS heap error)`, undefined, { kind: "app", where: "top" }],
    [38, "Bash", { command: "kubectl -n mercan-staging get pods" }, `NAME                                    READY   STATUS    RESTARTS      AGE
mercan-admin-6d8c7b9f5-x2k9p            1/1     Running   0             2d
mercan-api-5f7b8d9c6-q7m4n              1/1     Running   0             2d
mercan-worker-7c9b8d6f5-h8t3v           1/1     Running   1 (30h ago)   2d
mercan-mongo-express-5b8c7d9f6-b5r2w    1/1     Running   0             41d`, undefined, { kind: "app", where: "top" }],
    [39, "Edit", { file_path: VP, old_string: "    requests: { cpu: 250m, memory: 384Mi }\n    limits: { cpu: \"1\", memory: 512Mi }", new_string: "    requests: { cpu: 250m, memory: 768Mi }\n    limits: { cpu: \"1\", memory: 1Gi }" }, `The file ${VP} has been updated.`, undefined, { kind: "code", where: "top" }],
    [40, "Bash", HELM_UP("1.41.0"), helmUpgrade(44, "1.41.0", "Tue Jan 19 09:37:05 2027"), undefined, { kind: "build", where: "top" }],
    [41, "Bash", RES_CMD, resources(API_RES_V1, WORKER_RES_V2), "resources", { kind: "app", where: "top" }],
    [42, "Bash", PODS_CMD, podsOut([pods("admin", "7b4f9c8d5", 2, "5d"), pods("api", "6c8d9b7f4", 8, "24h"), pods("worker", "79c4d6b8f", 2, "4m", { from: 2, ipBase: 30 })]), "pods", { kind: "app", where: "top" }],
    [44, "Bash", Q_CMD, queues([QNOTIF_PEAK, qRow("emails", 204, 10, 0, 12, 88210), qRow("image-resize", 3, 2, 0, 0, 41877)], "(notifications oldest waiting job: 3h12m; the 5 active ones have not moved for 20 minutes)"), "queues", { kind: "app", where: "top" }],
    [45, "Bash", { command: `kubectl -n ${NS} logs deploy/mercan-worker --since=2h | grep -E 'Missing lock|stalled' | sort | uniq -c | sort -rn | head -6` }, `    412 Error: Missing lock for job 7731209. moveToFinished
    388 Error: Missing lock for job 7731214. moveToFinished
    301 Error: Missing lock for job 7731188. moveToFinished
     96 Error: job stalled more than allowable limit (job 7731172, queue notifications)
     12 Error: Missing lock for job 410233. moveToFinished   [emails]
(every active notifications job loses its lock key before it finishes, so it can neither complete nor fail)`, undefined, { kind: "app", error: true, where: "top" }],
    [46, "Bash", { command: `kubectl -n ${NS} logs deploy/mercan-worker --since=30m | grep -m3 -B1 -A1 IMPORTANT` }, `[Nest] 1  - 01/19/2027, 9:36:51 AM     LOG [NestApplication] Nest application successfully started +4ms
IMPORTANT! Eviction policy is allkeys-lru. It should be "noeviction"
[Nest] 1  - 01/19/2027, 9:36:52 AM     LOG [WorkerHost] notifications worker started (concurrency 5)
(BullMQ prints this once per connection at startup; with an evicting policy Redis may drop job and lock keys when it is full)`, undefined, { kind: "app", error: true, where: "top" }],
    [47, "Bash", REDIS_CMD, redisInfo("1.71G", "1.75G", "allkeys-lru", 18234, 1412880, "1.08"), "redisinfo", { kind: "app", where: "top" }],
    [48, "Bash", { command: "redis-cli --tls -u \"$PROD_REDIS_URL\" --bigkeys -i 0.01 | sed -n '/summary/,$p'" }, `-------- summary -------

Sampled 1412880 keys in the keyspace!
Total key length in bytes is 61820331 (avg len 43.75)

Biggest   list found '"bull:emails:wait"' has 204 items
Biggest   hash found '"bull:image-resize:41877"' has 14 fields
Biggest string found '"mercan:cache:categories:tree"' has 188201 bytes
Biggest   zset found '"bull:notifications:completed"' has 1204118 members

(every completed job also keeps its bull:notifications:<id> hash: removeOnComplete was never set on the notifications queue)`, undefined, { kind: "app", where: "top" }],
    [49, "Bash", { command: "doctl databases list --format ID,Name,Engine,Version,Size,Status && doctl databases configuration get 9f3c1e2a-7b4d-4e8f-a061-2d5b8c7e9f10 --engine redis --format RedisMaxmemoryPolicy,RedisPersistence,RedisTimeout" }, `ID                                      Name                 Engine    Version    Size           Status
9f3c1e2a-7b4d-4e8f-a061-2d5b8c7e9f10    mercan-prod-redis    redis     7          db-s-1vcpu-2gb    online
3a8e5d1c-0f2b-4c7e-9d64-8b1a5e2f7c03    mercan-stg-redis     redis     7          db-s-1vcpu-1gb    online
Redis Maxmemory Policy    Redis Persistence    Redis Timeout
allkeys-lru               rdb                  300`, undefined, { kind: "app", where: "top" }],
    [50, "Bash", { command: `doctl databases configuration update 9f3c1e2a-7b4d-4e8f-a061-2d5b8c7e9f10 --engine redis --config-json '{"redis_maxmemory_policy":"noeviction"}' && sleep 20 && ${REDIS_CMD.command}` }, redisInfo("1.72G", "1.75G", "noeviction", 18234, 1413002, "1.08"), "redisinfo", { kind: "app", where: "top" }],
    [51, "Read", { file_path: `${W}/src/notifications/notifications.processor.ts` }, numbered(1, `import { Processor, WorkerHost, OnWorkerEvent } from '@nestjs/bullmq';
import { Job } from 'bullmq';
import { PushService } from './push.service';
import { TemplateRenderer } from './template-renderer';

@Processor('notifications', {
  concurrency: Number(process.env.NOTIFICATIONS_CONCURRENCY ?? 5),
  // lockDuration: default 30000 ms
})
export class NotificationsProcessor extends WorkerHost {
  constructor(private readonly push: PushService, private readonly templates: TemplateRenderer) {
    super();
  }

  async process(job: Job<NotificationJob>) {
    const body = await this.templates.render(job.data.template, job.data.locale, job.data.vars);
    return this.push.sendToUser(job.data.userId, { title: job.data.title, body });
  }

  @OnWorkerEvent('failed')
  onFailed(job: Job, err: Error) {
    this.logger.warn(\`job \${job.id} failed: \${err.message}\`);
  }
}`), undefined, { kind: "code", where: "top" }],
    [52, "Edit", { file_path: `${W}/src/notifications/notifications.module.ts`, old_string: "    BullModule.registerQueue({ name: 'notifications' }),", new_string: "    BullModule.registerQueue({\n      name: 'notifications',\n      defaultJobOptions: {\n        attempts: 5,\n        backoff: { type: 'exponential', delay: 5000 },\n        removeOnComplete: { age: 3600, count: 5000 },\n        removeOnFail: { age: 7 * 24 * 3600 },\n      },\n    })," }, `The file ${W}/src/notifications/notifications.module.ts has been updated.`, undefined, { kind: "code", where: "top" }],
    [53, "Edit", { file_path: VP, old_string: '  NOTIFICATIONS_CONCURRENCY: "5"', new_string: '  NOTIFICATIONS_CONCURRENCY: "25"' }, `The file ${VP} has been updated. (worker.replicaCount 2 -> 4 as well, to drain the backlog)`, undefined, { kind: "code", where: "top" }],
    [54, "Bash", { command: `pnpm add bullmq@5.34.8 && ${PNPM_CMD}` }, `Packages: +3 -3
Progress: resolved 1104, reused 1098, downloaded 6, added 6, done
dependencies:
- bullmq 5.12.0
+ bullmq 5.34.8
Done in 6.1s
${pnpmLs("1.42.0", "5.34.8", "20.17.10")}`, "pnpmls", { kind: "build", where: "top" }],
    [55, "Bash", { command: "pnpm test -- src/notifications src/orders" }, `PASS src/notifications/notifications.processor.spec.ts
PASS src/notifications/template-renderer.spec.ts
PASS src/orders/orders.service.spec.ts
PASS src/orders/order-events.spec.ts

Test Suites: 4 passed, 4 total
Tests:       61 passed, 61 total
Snapshots:   0 total
Time:        9.412 s`, undefined, { kind: "test", where: "top" }],
    [57, "Bash", { command: "git commit -am 'notifications: concurrency 25, removeOnComplete, bullmq 5.34.8; worker x4' && git push && git log -1 --format='%h %s'" }, `[main 8d41f0a] notifications: concurrency 25, removeOnComplete, bullmq 5.34.8; worker x4
 5 files changed, 41 insertions(+), 12 deletions(-)
To github.com:mercan-market/mercan-api.git
   3b7e21c..8d41f0a  main -> main
8d41f0a notifications: concurrency 25, removeOnComplete, bullmq 5.34.8; worker x4`, undefined, { kind: "build", where: "top" }],
    [58, "Bash", GH_WATCH(12811420331), ciRun(12811420331, "8d41f0a", "1.42.0", 45, "Tue Jan 19 11:58:40 2027"), undefined, { kind: "build", where: "top" }],
    [59, "Bash", CM_CMD, envCm({ pool: 25, notif: 25, rv: "88390125" }), "envcm", { kind: "app", where: "top" }],
    [60, "Bash", DEP_CMD, deploys([depRow("mercan-admin", "2/2", 2, "admin", "1.42.0", "admin"), depRow("mercan-api", "11/11", 11, "api", "1.42.0", "api"), depRow("mercan-worker", "4/4", 4, "worker", "1.42.0", "worker")]), "deploys", { kind: "app", where: "top" }],
    [61, "Bash", { command: `kubectl -n ${NS} exec deploy/mercan-worker -- node dist/scripts/requeue-stuck.js --queue notifications --older-than 15m` }, `scanning bull:notifications:active (219 jobs)
  7731172 active 3h04m, lock key missing -> moved to wait
  7731188 active 3h03m, lock key missing -> moved to wait
  7731209 active 3h01m, lock key missing -> moved to wait
  ...
re-queued 214 jobs stuck in active without a lock (5 jobs had a live lock and were left alone)`, undefined, { kind: "app", where: "top" }],
    [62, "Bash", Q_CMD, queues([qRow("notifications", 20114, 100, 0, 944, 1231877), qRow("emails", 18, 10, 0, 12, 88944), qRow("image-resize", 0, 1, 0, 0, 42011)]), "queues", { kind: "app", where: "top" }],
    [64, "Bash", { command: `kubectl -n ${NS} exec deploy/mercan-worker -- node dist/scripts/queue-clean.js --queue notifications --status completed --grace 3600` }, `cleaning bull:notifications completed jobs older than 3600 s (batches of 10000)
removed 1198402 completed jobs from bull:notifications in 121 batches (4m18s)`, undefined, { kind: "app", where: "top" }],
    [65, "Bash", REDIS_CMD, redisInfo("498.31M", "1.75G", "noeviction", 18234, 214330, "1.41"), "redisinfo", { kind: "app", where: "top" }],
    [66, "Bash", { command: `kubectl -n ${NS} logs deploy/mercan-worker --since=1h | grep EmailsProcessor | grep -v ' LOG ' | tail -5` }, `[Nest] 1  - 01/19/2027, 12:41:02 PM    WARN [EmailsProcessor] job 410301 smtp 421 4.7.0 Try again later, retrying in 30000 ms
[Nest] 1  - 01/19/2027, 12:41:33 PM    WARN [EmailsProcessor] job 410301 smtp 421 4.7.0 Try again later, retrying in 60000 ms
[Nest] 1  - 01/19/2027, 12:44:10 PM   ERROR [EmailsProcessor] job 410322 failed: Error: Missing lock for job 410322. moveToFailed
[Nest] 1  - 01/19/2027, 12:47:55 PM    WARN [EmailsProcessor] job 410340 smtp 421 4.7.0 Try again later, retrying in 30000 ms
(the emails queue only has the usual smtp greylisting retries; one leftover lock error from before the policy change)`, undefined, { kind: "app", where: "top" }],
    [67, "Bash", Q_CMD, queues([qRow("notifications", 0, 7, 31, 952, 5000), qRow("emails", 2, 3, 0, 13, 89102), qRow("image-resize", 0, 0, 0, 0, 42107)], "(backlog drained at 14:20)"), "queues", { kind: "app", where: "top" }],
    [68, "Write", { file_path: `${W}/docs/incidents/2027-01-19-notifications-backlog.md` }, numbered(1, `# 2027-01-19 notifications backlog

- 48211 notifications waiting at the peak, oldest 3h12m; push notifications for orders were late all morning.
- Root cause: the managed Redis ran with maxmemory_policy allkeys-lru and was full (1.71G of 1.75G),
  mostly 1.2M completed notification jobs that were never removed. Redis evicted BullMQ keys, including job locks,
  so active jobs failed with "Missing lock for job ... moveToFinished" and stayed in active forever.
- Fix: policy noeviction (doctl), removeOnComplete/removeOnFail on the queue, trimmed 1198402 completed jobs,
  re-queued 214 stuck jobs, concurrency 5 -> 25 and 4 worker replicas to drain, bullmq 5.12.0 -> 5.34.8.
- Follow-up: alert on queue waiting > 5000 and on Redis evicted_keys > 0.`), undefined, { kind: "code", where: "top" }],
    [70, "Bash", { command: "kubectl -n mercan-staging exec deploy/mercan-worker -- node dist/scripts/queue-counts.js" }, queues([qRow("notifications", 0, 0, 2, 41, 1180), qRow("emails", 0, 0, 0, 3, 402), qRow("image-resize", 0, 0, 0, 0, 96)], "(staging)"), undefined, { kind: "app", where: "top" }],
    // ---------------------------------------------------------------- day 3: Wed Jan 20, slow queries and the export 504
    [74, "Bash", { command: "atlas performanceAdvisor slowQueryLogs list --clusterName mercan-prod --processName mercan-prod-shard-00-01.q8r2w.mongodb.net:27017 --since 1d -o json | ./scripts/slowlog-summary.mjs" }, `ns                  op         count   avg ms    max ms   planSummary
mercan.orders       aggregate    911    13904     21288   COLLSCAN (sellerStats)
mercan.listings     find       41877     3120      6044   COLLSCAN (listings by category, sort createdAt)
mercan.payouts      aggregate    288     2104      3980   COLLSCAN (payoutSummary)
mercan.carts        update       402      140       911   IXSCAN { buyerId: 1 }
mercan.reviews      find         120      118       402   IXSCAN { listingId: 1, createdAt: -1 }`, undefined, { kind: "app", where: "top" }],
    [75, "Bash", EXPLAIN_CMD, EXPLAIN_V1, "listexplain", { kind: "app", where: "top" }],
    [76, "Bash", IDX_CMD, listingIdx([]), "listingidx", { kind: "app", where: "top" }],
    [77, "Bash", { command: 'mongosh "$MONGO_URI_STAGING" --quiet --eval "db.listings.getIndexes().map(i => i.name)"' }, `[
  '_id_',
  'slug_1',
  'sellerId_1_createdAt_-1',
  'title_text_description_text',
  'categoryId_1'
]
(staging only: someone created categoryId_1 by hand in November, it was never in a migration)`, undefined, { kind: "app", where: "top" }],
    [78, "Bash", { command: `mongosh "$MONGO_URI_PROD_ADMIN" --quiet --eval "db.listings.createIndex({ categoryId: 1, createdAt: -1 })" && ${IDX_CMD.command}` }, `categoryId_1_createdAt_-1\n${listingIdx([["{ categoryId: 1, createdAt: -1 }", "categoryId_1_createdAt_-1"]])}`, "listingidx", { kind: "app", where: "top" }],
    [79, "Bash", EXPLAIN_CMD, explainOut("LIMIT <- FETCH(filter status) <- IXSCAN categoryId_1_createdAt_-1", 24, 142, 61240, 61240), "listexplain", { kind: "app", where: "top" }],
    [81, "Bash", AGG_CMD, aggOut(["$cursor: COLLSCAN orders", "$lookup listings", "$match", "$group", "$sort"], 4812330, 14873), "aggstats", { kind: "app", where: "top" }],
    [82, "Read", { file_path: `${W}/src/sellers/seller-stats.service.ts` }, numbered(18, `  async sellerStats(sellerId: Types.ObjectId, days = 90) {
    const since = subDays(new Date(), days);
    return this.orders.aggregate([
      { $lookup: { from: 'listings', localField: 'listingId', foreignField: '_id', as: 'listing' } },
      { $unwind: '$listing' },
      { $match: { 'listing.sellerId': sellerId, createdAt: { $gte: since } } },
      { $group: { _id: { $dateToString: { format: '%Y-%m', date: '$createdAt' } }, revenue: { $sum: '$total' }, orders: { $sum: 1 } } },
      { $sort: { _id: 1 } },
    ]);
  }`), undefined, { kind: "code", where: "top" }],
    [83, "Edit", { file_path: `${W}/src/sellers/seller-stats.service.ts`, old_string: "      { $lookup: { from: 'listings', localField: 'listingId', foreignField: '_id', as: 'listing' } },\n      { $unwind: '$listing' },\n      { $match: { 'listing.sellerId': sellerId, createdAt: { $gte: since } } },", new_string: "      // orders carry sellerId since the 2025 order schema: filter first, on the index, no $lookup needed\n      { $match: { sellerId, createdAt: { $gte: since } } }," }, `The file ${W}/src/sellers/seller-stats.service.ts has been updated.`, undefined, { kind: "code", where: "top" }],
    [84, "Bash", { command: 'mongosh "$MONGO_URI_PROD_ADMIN" --quiet --eval "db.orders.createIndex({ sellerId: 1, createdAt: -1 }); db.orders.getIndexes().map(i => i.name)"' }, `sellerId_1_createdAt_-1
[
  '_id_',
  'buyerId_1_createdAt_-1',
  'status_1_updatedAt_1',
  'paymentRef_1',
  'sellerId_1_createdAt_-1'
]`, undefined, { kind: "app", where: "top" }],
    [85, "Bash", AGG_CMD, aggOut(["$cursor: IXSCAN sellerId_1_createdAt_-1", "$group", "$sort"], 3102, 212), "aggstats", { kind: "app", where: "top" }],
    [86, "Bash", { command: "pnpm test -- src/sellers" }, `PASS src/sellers/seller-stats.service.spec.ts
  sellerStats
    ✓ groups revenue by month (412 ms)
    ✓ only counts the seller's own orders (88 ms)
    ✓ ignores orders older than the window (61 ms)
PASS src/sellers/reports.controller.spec.ts

Test Suites: 2 passed, 2 total
Tests:       17 passed, 17 total`, undefined, { kind: "test", where: "top" }],
    [88, "Bash", { command: 'mongosh "$MONGO_URI_PROD_RO" --quiet --file scripts/explain/payout-summary.js' }, `{
  pipeline: 'payoutSummary(seller 48213, open period)',
  stages: [ '$cursor: COLLSCAN payouts', '$lookup orders', '$match', '$group' ],
  docsExamined: 611204,
  nReturned: 1,
  executionTimeMillis: 2104
}
(same $lookup-before-$match shape as seller stats; payouts is small, left for later, ticket MRC-311)`, undefined, { kind: "app", where: "top" }],
    [90, "Bash", { command: "kubectl -n ingress-nginx logs deploy/ingress-nginx-controller --since=3h | grep -E 'upstream timed out|\" 504 ' | tail -4" }, `2027/01/20 13:02:41 [error] 812#812: *9120441 upstream timed out (110: Operation timed out) while reading response header from upstream, client: 10.114.0.5, server: api.mercan.com.tr, request: "GET /v1/seller/reports/export?from=2026-10-01&to=2027-01-19&format=csv HTTP/2.0", upstream: "http://10.244.1.62:3000/v1/seller/reports/export?from=2026-10-01&to=2027-01-19&format=csv", host: "api.mercan.com.tr"
85.105.41.12 - - [20/Jan/2027:13:02:41 +0000] "GET /v1/seller/reports/export?from=2026-10-01&to=2027-01-19&format=csv HTTP/2.0" 504 160 "-" "Mozilla/5.0" 412 60.001 [${NS}-mercan-api-3000] 10.244.1.62:3000 0 60.001 504
2027/01/20 13:09:12 [error] 811#811: *9122870 upstream timed out (110: Operation timed out) while reading response header from upstream, client: 10.114.0.3, server: api.mercan.com.tr, request: "GET /v1/seller/reports/export?from=2026-07-01&to=2027-01-19&format=xlsx HTTP/2.0", upstream: "http://10.244.2.77:3000/v1/seller/reports/export?from=2026-07-01&to=2027-01-19&format=xlsx", host: "api.mercan.com.tr"
(22 of these since 10:00, all the seller report export, all at exactly 60 s)`, undefined, { kind: "app", error: true, where: "top" }],
    [91, "Bash", ING_CMD, ingress(60, 60), "ingress", { kind: "app", where: "top" }],
    [92, "Edit", { file_path: VP, old_string: '    nginx.ingress.kubernetes.io/proxy-read-timeout: "60"\n    nginx.ingress.kubernetes.io/proxy-send-timeout: "60"', new_string: '    nginx.ingress.kubernetes.io/proxy-read-timeout: "300"\n    nginx.ingress.kubernetes.io/proxy-send-timeout: "300"' }, `The file ${VP} has been updated.`, undefined, { kind: "code", where: "top" }],
    [93, "Bash", { command: "git commit -am 'seller stats: match on the orders index first; ingress timeout 300 for exports' && git log -1 --format='%h %s%n%n%b'" }, `[main c2a90e7] seller stats: match on the orders index first; ingress timeout 300 for exports
 3 files changed, 9 insertions(+), 11 deletions(-)
c2a90e7 seller stats: match on the orders index first; ingress timeout 300 for exports

sellerStats started with a $lookup into listings for every order in the collection and
only then matched on listing.sellerId and the date, so each call read all 4.8M orders
(14.9 s, COLLSCAN). Orders have had their own sellerId since the 2025 schema change: match
on { sellerId, createdAt } first, backed by the new orders index sellerId_1_createdAt_-1,
no $lookup at all. 212 ms for the biggest seller.
Seller report export takes up to ~2.5 min for a year of orders; ingress read/send timeout
60 -> 300 until the export runs as a job.`, undefined, { kind: "build", where: "top" }],
    [95, "Bash", GH_WATCH(12834011872), ciRun(12834011872, "c2a90e7", "1.42.1", 46, "Wed Jan 20 16:12:18 2027"), undefined, { kind: "build", where: "top" }],
    [96, "Bash", ING_CMD, ingress(300, 300), "ingress", { kind: "app", where: "top" }],
    [97, "Bash", HELM_CMD, helmHist([hRow(41, "Mon Jan 11 14:02:55 2027", "superseded", "mercan-2.7.0", "1.40.3", "Upgrade complete"), R42("superseded"), R43, R44, R45, R46("deployed")]), "helmhist", { kind: "build", where: "top" }],
    [98, "Bash", { command: "./scripts/seller-curl.sh 48213 '/v1/seller/reports/export?from=2026-01-01&to=2027-01-19&format=csv' -o /tmp/export.csv -w '%{http_code} %{time_total}s %{size_download}B\\n'" }, `200 148.204s 41120877B
(a full year for the biggest seller; under the new 300 s timeout but still two and a half minutes of an api pod)`, undefined, { kind: "app", where: "top" }],
    [100, "Bash", { command: "kubectl -n mercan-staging get ingress mercan-api -o yaml | yq '.metadata.annotations' && echo --- && kubectl -n mercan-staging get ingress mercan-api" }, ingress(60, 60, "mercan-staging", "api.staging.mercan.com.tr", "164.92.190.7").replace("letsencrypt-prod", "letsencrypt-staging"), undefined, { kind: "app", where: "top" }],
    // ---------------------------------------------------------------- day 4: Thu Jan 21, Node 22
    [104, "Bash", NODEVER_CMD, "v20.18.1 abi 115 x64 Iron", "nodever", { kind: "app", where: "top" }],
    [105, "Read", { file_path: `${W}/Dockerfile` }, numbered(1, `# syntax=docker/dockerfile:1.7
FROM node:20.18.1-bookworm-slim AS deps
RUN corepack enable && apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json pnpm-lock.yaml ./
RUN --mount=type=cache,id=pnpm,target=/root/.local/share/pnpm/store pnpm install --frozen-lockfile --prod

FROM node:20.18.1-bookworm-slim AS build
RUN corepack enable
WORKDIR /app
COPY package.json pnpm-lock.yaml ./
RUN --mount=type=cache,id=pnpm,target=/root/.local/share/pnpm/store pnpm install --frozen-lockfile
COPY . .
RUN pnpm build

FROM gcr.io/distroless/nodejs20-debian12:nonroot AS runtime
WORKDIR /app
ENV NODE_ENV=production
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
EXPOSE 3000
CMD ["dist/main.js"]`), undefined, { kind: "code", where: "top" }],
    [106, "Edit", { file_path: `${W}/Dockerfile`, old_string: "FROM node:20.18.1-bookworm-slim AS build", new_string: "FROM node:22.12.0-bookworm-slim AS build" }, `The file ${W}/Dockerfile has been updated. (runtime stage gcr.io/distroless/nodejs20-debian12 -> nodejs22-debian12 in a second edit)`, undefined, { kind: "code", where: "top" }],
    [107, "Edit", { file_path: `${W}/package.json`, old_string: '    "node": ">=20.11"', new_string: '    "node": ">=22.12"' }, `The file ${W}/package.json has been updated. (devDependencies: @types/node ^20.17.10 -> ^22.10.5; .nvmrc 20 -> 22)`, undefined, { kind: "code", where: "top" }],
    [108, "Bash", { command: "nvm use 22 && pnpm install && pnpm test" }, `Now using node v22.12.0 (npm v10.9.0)
Lockfile is up to date, resolution step is skipped
Packages: +0
.../re2@1.21.4/node_modules/re2 install$ install-from-cache --artifact build/Release/re2.node --host-var RE2_DOWNLOAD_MIRROR --skip-path-var RE2_DOWNLOAD_SKIP_PATH --skip-ver-var RE2_DOWNLOAD_SKIP_VER || node-gyp -j max rebuild
.../re2@1.21.4/node_modules/re2 install: Done

Test Suites: 58 passed, 58 total
Tests:       612 passed, 612 total
Snapshots:   4 passed, 4 total
Time:        41.902 s`, undefined, { kind: "test", where: "bottom" }],
    [110, "Bash", { command: "git commit -am 'node 22 (bookworm build, distroless nodejs22)' && git push && gh run list --workflow deploy.yml --limit 1" }, `[main 5e19b3d] node 22 (bookworm build, distroless nodejs22)
 4 files changed, 6 insertions(+), 6 deletions(-)
To github.com:mercan-market/mercan-api.git
   c2a90e7..5e19b3d  main -> main
STATUS  TITLE                                          WORKFLOW  BRANCH  EVENT  ID           ELAPSED  AGE
*       node 22 (bookworm build, distroless nodejs22)  deploy    main    push   12850977104  0s       now`, undefined, { kind: "build", where: "top" }],
    [111, "Bash", { command: "gh run view 12850977104 --log --job 1285097710403 | tail -6" }, `deploy-staging  helm upgrade mercan deploy/helm/mercan -n mercan-staging -f deploy/helm/mercan/values-staging.yaml --set image.tag=1.43.0
deploy-staging  Release "mercan" has been upgraded. Happy Helming!
deploy-staging  NAMESPACE: mercan-staging
deploy-staging  STATUS: deployed
deploy-staging  REVISION: 88
(staging deploys without --wait, so the job is green whatever the pods do)`, undefined, { kind: "build", where: "top" }],
    [112, "Bash", { command: "gh run view 12850977104 --log --job 1285097710404 | tail -4" }, `deploy-prod  helm upgrade mercan deploy/helm/mercan -n ${NS} -f deploy/helm/mercan/values-prod.yaml --set image.tag=1.43.0 --wait --timeout 5m
deploy-prod  Error: UPGRADE FAILED: context deadline exceeded
deploy-prod  ##[error]Process completed with exit code 1.
(the new api pods never became Ready within 5 minutes)`, undefined, { kind: "build", error: true, where: "top" }],
    [113, "Bash", PODS_CMD, podsOut([pods("admin", "6f9d8c7b4", 2, "6m", { status: "CrashLoopBackOff", ready: "0/1", restarts: () => "6 (52s ago)" }), pods("api", "5d9c7b6f8", 9, "19h", { from: 3 }), pods("api", "84b6d7c9f", 3, "6m", { from: 9, status: "CrashLoopBackOff", ready: "0/1", restarts: (i) => `${6 - (i % 2)} (${40 + i * 9}s ago)`, ipBase: 50 }), pods("worker", "6f8b5c7d9", 4, "2d", { from: 4 }), pods("worker", "7d6c9b8f5", 1, "6m", { from: 8, status: "CrashLoopBackOff", ready: "0/1", restarts: () => "6 (31s ago)", ipBase: 60 })]), "pods", { kind: "app", error: true, where: "top" }],
    [114, "Bash", { command: `kubectl -n ${NS} logs mercan-api-84b6d7c9f-k2x6b --previous | head -14` }, `node:internal/modules/cjs/loader:1586
  return process.dlopen(module, path.toNamespacedPath(filename));
                 ^

Error: The module '/app/node_modules/.pnpm/re2@1.21.4/node_modules/re2/build/Release/re2.node'
was compiled against a different Node.js version using
NODE_MODULE_VERSION 115. This version of Node.js requires
NODE_MODULE_VERSION 127. Please try re-compiling or re-installing
the module (for instance, using \`npm rebuild\` or \`npm install\`).
    at Module._extensions..node (node:internal/modules/cjs/loader:1586:18)
    at Module.load (node:internal/modules/cjs/loader:1288:32)
    at Module.require (node:internal/modules/cjs/loader:1311:19)
    at Object.<anonymous> (/app/node_modules/.pnpm/re2@1.21.4/node_modules/re2/re2.js:3:13)
    at Object.<anonymous> (/app/dist/listings/search/safe-regex.js:4:13) {
  code: 'ERR_DLOPEN_FAILED'
}

Node.js v22.12.0`, undefined, { kind: "app", error: true, where: "top" }],
    [115, "Bash", HELM_CMD, helmHist([R42("superseded"), R43, R44, R45, R46("superseded"), R47]), "helmhist", { kind: "build", where: "top" }],
    [116, "Bash", { command: `helm -n ${NS} rollback mercan 46 --wait --timeout 5m` }, `Rollback was a success! Happy Helming!`, undefined, { kind: "build", where: "top" }],
    [117, "Bash", HELM_CMD, helmHist([R43, R44, R45, R46("superseded"), R47, R48("deployed")]), "helmhist", { kind: "build", where: "top" }],
    [118, "Bash", PODS_CMD, podsOut([pods("admin", "5c8b7d6f9", 2, "3m"), pods("api", "5d9c7b6f8", 9, "19h", { from: 3 }), pods("worker", "6f8b5c7d9", 4, "2d", { from: 4 })]), "pods", { kind: "app", where: "top" }],
    [119, "Bash", { command: "sentry-cli issues list --project mercan-api --query 'is:unresolved firstSeen:-3h' --max-rows 4" }, sentry([
      sRow("MERCAN-API-4P0", "Error: The module '/app/node_modules/.pnpm/re2@1.21.4/node_modules/re2/build/Release/re2.node' (ERR_DLOPEN_FAILED)", 41, "28 min ago"),
      sRow("MERCAN-API-4P2", "MongoServerError: E11000 duplicate key error collection: mercan.carts index: buyerId_1", 3, "1 hour ago"),
    ]) + "\n(MERCAN-API-4P0: environment staging 29 events since 11:09, production 12 events 11:14-11:20; staging had been crashlooping for 10 minutes before prod started)", undefined, { kind: "app", where: "top" }],
    [121, "Edit", { file_path: `${W}/Dockerfile`, old_string: "# syntax=docker/dockerfile:1.7\nFROM node:20.18.1-bookworm-slim AS deps", new_string: "# syntax=docker/dockerfile:1.7\n# one Node version for every stage: native addons (re2) are built in deps and must match the runtime ABI\nARG NODE_VERSION=22.12.0\nFROM node:${NODE_VERSION}-bookworm-slim AS deps" }, `The file ${W}/Dockerfile has been updated. (build stage now FROM node:\${NODE_VERSION}-bookworm-slim too)`, undefined, { kind: "code", where: "top" }],
    [122, "Bash", { command: "docker build -t mercan-api:node22 . && docker run --rm --entrypoint /nodejs/bin/node mercan-api:node22 -e \"const RE2 = require('re2'); console.log('re2 ok', process.version, 'abi', process.versions.modules, new RE2('^a+$').test('aaa'))\"" }, `[+] Building 96.4s (19/19) FINISHED
 => [deps 5/5] RUN --mount=type=cache,id=pnpm,target=/root/.local/share/pnpm/store pnpm install --frozen-lockfile --prod   38.2s
 => [build 6/6] RUN pnpm build                                                                                            21.7s
 => [runtime 4/5] COPY --from=build /app/dist ./dist                                                                      0.2s
 => exporting to image                                                                                                    3.1s
re2 ok v22.12.0 abi 127 true`, undefined, { kind: "build", where: "top" }],
    [123, "Bash", { command: "git commit -am 'docker: one NODE_VERSION for all stages (node 22 again)' && git log -1 --format='%h %s%n%n%b'" }, `[main a7f3c08] docker: one NODE_VERSION for all stages (node 22 again)
 1 file changed, 4 insertions(+), 2 deletions(-)
a7f3c08 docker: one NODE_VERSION for all stages (node 22 again)

5e19b3d bumped the build and runtime stages to Node 22 but the deps stage, where
pnpm install --prod compiles native addons, was still FROM node:20.18.1-bookworm-slim.
re2 is a NAN addon (no N-API), so its binary is tied to the ABI it was built for:
built for 115 (Node 20), loaded by Node 22 (127) -> ERR_DLOPEN_FAILED at startup and
every new pod crashlooped. Prod was rolled back with helm rollback to revision 46.
All stages now share ARG NODE_VERSION=22.12.0.`, undefined, { kind: "build", where: "top" }],
    [125, "Bash", GH_WATCH(12853340918), ciRun(12853340918, "a7f3c08", "1.43.1", 49, "Thu Jan 21 15:48:51 2027"), undefined, { kind: "build", where: "top" }],
    [126, "Bash", HELM_CMD, helmHist([R44, R45, R46("superseded"), R47, R48("superseded"), R49("deployed")]), "helmhist", { kind: "build", where: "top" }],
    [127, "Bash", NODEVER_CMD, NODE_NOW, "nodever", { kind: "app", where: "top" }],
    [128, "Bash", DEP_CMD, deploys([depRow("mercan-admin", "2/2", 2, "admin", "1.43.1", "admin"), depRow("mercan-api", "9/9", 9, "api", "1.43.1", "api"), depRow("mercan-worker", "4/4", 4, "worker", "1.43.1", "worker")]), "deploys", { kind: "app", where: "top" }],
    [130, "Bash", TOP_CMD, top([...Array.from({ length: 9 }, (_, i) => topRow(`mercan-api-9c7d5f8b6-${SUFFIX[i]}`, `${380 - i * 9}m`, `${902 - i * 6}Mi`)), ...Array.from({ length: 4 }, (_, i) => topRow(`mercan-worker-6f8b5c7d9-${SUFFIX[4 + i]}`, `${300 - i * 20}m`, `${721 + i * 14}Mi`)), topRow("mercan-admin-5c8b7d6f9-x2k9p", "11m", "201Mi")]) + "\n(api pods sit around 880-900Mi of the 1Gi limit on Node 22, about 250Mi more than on Node 20)", "top", { kind: "app", where: "top" }],
    // ---------------------------------------------------------------- day 5: Fri Jan 22, flaky e2e, worker leak, cert, index, FCM quota, retune
    [134, "Bash", { command: "gh run list --workflow ci.yml --branch main --limit 8" }, `STATUS  TITLE                                                  WORKFLOW  BRANCH  EVENT  ID           ELAPSED  AGE
X       listings: cache category tree for 10 min               ci        main    push   12870112874  6m41s    12 minutes ago
✓       docker: one NODE_VERSION for all stages (node 22 again) ci       main    push   12853340911  5m58s    about 18 hours ago
X       node 22 (bookworm build, distroless nodejs22)           ci        main    push   12850977100  6m12s    about 22 hours ago
✓       seller stats: match on the orders index first; ingr...  ci        main    push   12834011870  5m49s    1 day ago
✓       notifications: concurrency 25, removeOnComplete, bu...  ci        main    push   12811420330  6m02s    2 days ago
X       prod: api hpa 4-14, mongo pool 25                       ci        main    push   12790341877  6m30s    4 days ago
(all three red runs: job e2e, test/orders.e2e-spec.ts; a re-run went green each time)`, undefined, { kind: "build", where: "top" }],
    [135, "Bash", { command: "pnpm test:e2e test/orders.e2e-spec.ts" }, `FAIL test/orders.e2e-spec.ts (14.882 s)
  Orders (e2e)
    ✓ creates an order for an active listing (402 ms)
    ✓ rejects an order for a paused listing (88 ms)
    ✕ confirms the order once payment is captured (921 ms)
    ✓ cancels and releases stock (301 ms)

  ● Orders (e2e) › confirms the order once payment is captured

    expect(received).toBe(expected) // Object.is equality

    Expected: "confirmed"
    Received: "pending"

      86 |     await sleep(500);
      87 |     const order = await orders.findById(res.body.id);
    > 88 |     expect(order.status).toBe('confirmed');
         |                          ^

Test Suites: 1 failed, 1 total
Tests:       1 failed, 3 passed, 4 total`, "e2e", { kind: "test", error: true, where: "top" }],
    [136, "Bash", FLAKY_CMD, flaky("run 3 FAILED\nrun 7 FAILED\nrun 8 FAILED\nrun 14 FAILED\nrun 19 FAILED\nrun 25 FAILED\nrun 28 FAILED", 7), "flaky", { kind: "test", error: true, where: "bottom" }],
    [137, "Read", { file_path: `${W}/test/orders.e2e-spec.ts` }, numbered(70, `  it('confirms the order once payment is captured', async () => {
    const res = await request(app.getHttpServer())
      .post('/v1/orders')
      .set(auth(buyer))
      .send({ listingId: listing.id, qty: 1 })
      .expect(201);

    await request(app.getHttpServer())
      .post('/v1/payments/webhook')
      .set('x-iyzico-signature', sign(paymentCaptured(res.body.id)))
      .send(paymentCaptured(res.body.id))
      .expect(200);

    // the payment-captured processor runs on the in-process BullMQ worker
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    // give the worker time to pick up the job
    await sleep(500);
    const order = await orders.findById(res.body.id);
    expect(order.status).toBe('confirmed');
  });`), undefined, { kind: "code", where: "top" }],
    [138, "Edit", { file_path: `${W}/test/orders.e2e-spec.ts`, old_string: "    // give the worker time to pick up the job\n    await sleep(500);", new_string: "    // wait for the job itself, not for a guess at how long it takes\n    const job = await paymentsQueue.getJob(\`captured:\${res.body.id}\`);\n    await job!.waitUntilFinished(paymentsQueueEvents, 10_000);" }, `The file ${W}/test/orders.e2e-spec.ts has been updated.`, undefined, { kind: "code", where: "top" }],
    [139, "Bash", FLAKY_CMD, flaky("(no failed runs)", 0), "flaky", { kind: "test", where: "bottom" }],
    [140, "Bash", { command: "git commit -am 'test(e2e): wait for the payment-captured job instead of sleeping' && git log -1 --format='%h %s%n%n%b'" }, `[main 0d6e4b9] test(e2e): wait for the payment-captured job instead of sleeping
 1 file changed, 4 insertions(+), 3 deletions(-)
0d6e4b9 test(e2e): wait for the payment-captured job instead of sleeping

orders.e2e-spec asserted the order status after a fixed 500 ms sleep, but the status is
set by the payment-captured BullMQ job; on a loaded CI runner the job sometimes had not
run yet (7/30 local runs failed with Received: "pending"). Now waits on the job with
QueueEvents / waitUntilFinished, 10 s cap. 0/30 failures.`, undefined, { kind: "build", where: "top" }],
    [141, "Bash", { command: "pnpm test:e2e test/listings.e2e-spec.ts" }, `PASS test/listings.e2e-spec.ts (9.118 s)
  Listings (e2e)
    ✓ lists a category sorted by newest (312 ms)
    ✓ searches with a safe regex (96 ms)
    ✓ hides paused listings (71 ms)

Test Suites: 1 passed, 1 total
Tests:       3 passed, 3 total
Jest did not exit one second after the test run has completed.

'This usually means that there are asynchronous operations that weren't stopped in your tests. Consider running Jest with \`--detectOpenHandles\` to troubleshoot this issue.'
(an unclosed ioredis connection from the cache module; harmless, the CI job passes --forceExit)`, undefined, { kind: "test", where: "top" }],
    [143, "Bash", TOP_CMD, top([topRow("mercan-worker-6f8b5c7d9-n6c9z", "402m", "931Mi"), topRow("mercan-worker-6f8b5c7d9-d3f7k", "388m", "910Mi"), topRow("mercan-worker-6f8b5c7d9-w9p2s", "361m", "884Mi"), topRow("mercan-worker-6f8b5c7d9-t4j8m", "349m", "861Mi"), ...Array.from({ length: 8 }, (_, i) => topRow(`mercan-api-9c7d5f8b6-${SUFFIX[i]}`, `${350 - i * 8}m`, `${911 - i * 5}Mi`))]) + "\n(worker memory has grown about 100Mi a day since the 1Gi change, no restarts yet)", "top", { kind: "app", where: "top" }],
    [144, "Bash", { command: "./scripts/heap-diff.sh mercan-prod mercan-worker-6f8b5c7d9-n6c9z --interval 30m --top 5" }, `heap snapshot 1: 612.4 MB   heap snapshot 2 (30 min later): 688.9 MB

#  constructor / retainer                            delta size    retained (snap 2)
1  Map (TemplateRenderer.templateCache)              +71.2 MB      611.2 MB, 48902 entries
2  (compiled code)                                   +2.1 MB       38.4 MB
3  Array (ioredis commandQueue)                      +0.3 MB       4.1 MB
4  Object (firebase-admin HttpClient agent)          +0.0 MB       2.2 MB
5  system / Context                                  +0.0 MB       1.9 MB

(templateCache keys are the rendered notification body, so every notification adds a compiled Handlebars template that is never evicted)`, undefined, { kind: "app", where: "top" }],
    [145, "Read", { file_path: `${W}/src/notifications/template-renderer.ts` }, numbered(1, `import { Injectable } from '@nestjs/common';
import Handlebars from 'handlebars';
import { TemplatesRepo } from './templates.repo';

@Injectable()
export class TemplateRenderer {
  private readonly templateCache = new Map<string, HandlebarsTemplateDelegate>();

  constructor(private readonly repo: TemplatesRepo) {}

  async render(templateId: string, locale: string, vars: Record<string, unknown>) {
    const source = await this.repo.source(templateId, locale);
    const key = Handlebars.compile(source)(vars); // cache key: the rendered text
    let tpl = this.templateCache.get(key);
    if (!tpl) {
      tpl = Handlebars.compile(source);
      this.templateCache.set(key, tpl);
    }
    return tpl(vars);
  }
}`), undefined, { kind: "code", where: "top" }],
    [146, "Edit", { file_path: `${W}/src/notifications/template-renderer.ts`, old_string: "    const key = Handlebars.compile(source)(vars); // cache key: the rendered text", new_string: "    const key = \`\${templateId}:\${locale}\`; // one compiled template per template and locale" }, `The file ${W}/src/notifications/template-renderer.ts has been updated. (templateCache is now an LRUCache from lru-cache with max 500)`, undefined, { kind: "code", where: "top" }],
    [147, "Bash", { command: `pnpm add lru-cache@11.0.2 && ${PNPM_CMD}` }, `Packages: +1
dependencies:
+ lru-cache 11.0.2
Done in 3.4s
${pnpmLs("1.43.1", "5.34.8", "22.10.5", "11.0.2")}`, "pnpmls", { kind: "build", where: "top" }],
    [149, "Bash", CERT_CMD, certOut("False", "Jan 27 08:11:40 2027 GMT", "certificaterequest.cert-manager.io/mercan-api-tls-4   False   letsencrypt-prod   system:serviceaccount:cert-manager:cert-manager   41h\n"), "cert", { kind: "app", error: true, where: "top" }],
    [150, "Bash", { command: `kubectl -n ${NS} describe challenge | sed -n '/Status:/,$p'` }, `Status:
  Presented:   true
  Processing:  true
  Reason:      Waiting for HTTP-01 challenge propagation: wrong status code '404', expected '200'
  State:       pending
Events:
  Type    Reason     Age   From                     Message
  ----    ------     ----  ----                     -------
  Normal  Started    41h   cert-manager-challenges  Challenge scheduled for processing
  Normal  Presented  41h   cert-manager-challenges  Presented challenge using HTTP-01 challenge mechanism
(both challenges, api.mercan.com.tr and admin-api.mercan.com.tr; Let's Encrypt mailed "expires in 5 days")`, undefined, { kind: "app", error: true, where: "top" }],
    [151, "Bash", { command: "kubectl get ingress -A | grep -E 'NAME|acme'" }, `NAMESPACE     NAME                        CLASS    HOSTS                     ADDRESS          PORTS   AGE
${NS}   cm-acme-http-solver-7x2kq   <none>   api.mercan.com.tr                          80      41h
${NS}   cm-acme-http-solver-9m4tz   <none>   admin-api.mercan.com.tr                    80      41h
(the solver ingresses have no class and no address: ingress-nginx 1.11 ignores the old kubernetes.io/ingress.class annotation, so /.well-known/acme-challenge/ answers 404)`, undefined, { kind: "app", where: "top" }],
    [152, "Read", { file_path: `${W}/deploy/cluster/clusterissuer-letsencrypt-prod.yaml` }, numbered(1, `apiVersion: cert-manager.io/v1
kind: ClusterIssuer
metadata:
  name: letsencrypt-prod
spec:
  acme:
    server: https://acme-v02.api.letsencrypt.org/directory
    email: ops@mercan.com.tr
    privateKeySecretRef:
      name: letsencrypt-prod-account
    solvers:
      - http01:
          ingress:
            class: nginx`), undefined, { kind: "code", where: "top" }],
    [153, "Edit", { file_path: `${W}/deploy/cluster/clusterissuer-letsencrypt-prod.yaml`, old_string: "          ingress:\n            class: nginx", new_string: "          ingress:\n            ingressClassName: nginx" }, `The file ${W}/deploy/cluster/clusterissuer-letsencrypt-prod.yaml has been updated.`, undefined, { kind: "code", where: "top" }],
    [154, "Bash", { command: `kubectl apply -f deploy/cluster/clusterissuer-letsencrypt-prod.yaml && kubectl -n ${NS} delete challenge --all && sleep 90 && ${CERT_CMD.command}` }, `clusterissuer.cert-manager.io/letsencrypt-prod configured
challenge.acme.cert-manager.io "mercan-api-tls-4-2210984471-1841207733" deleted
challenge.acme.cert-manager.io "mercan-api-tls-4-2210984471-3092114805" deleted
${certOut("True", "Apr 22 09:14:05 2027 GMT")}`, "cert", { kind: "app", where: "top" }],
    [155, "Bash", { command: "kubectl -n mercan-staging get certificate && kubectl -n mercan-staging get secret mercan-api-tls -o jsonpath='{.data.tls\\.crt}' | base64 -d | openssl x509 -noout -enddate -issuer" }, `NAME             READY   SECRET           AGE
mercan-api-tls   True    mercan-api-tls   301d
notAfter=Mar  3 17:40:22 2027 GMT
issuer=C = US, O = (STAGING) Let's Encrypt, CN = (STAGING) Counterfeit Cashew R10
(staging uses the letsencrypt-staging issuer, which was already on ingressClassName)`, undefined, { kind: "app", where: "top" }],
    [157, "Bash", { command: "atlas performanceAdvisor suggestedIndexes list --clusterName mercan-prod --processName mercan-prod-shard-00-01.q8r2w.mongodb.net:27017 -o json | jq -r '.suggestedIndexes[] | \"\\(.namespace)  \\(.index | tostring)  weight=\\(.weight)\"'" }, `mercan.listings  [{"categoryId":1},{"status":1},{"createdAt":-1}]  weight=0.62
mercan.payouts  [{"sellerId":1},{"periodStart":-1}]  weight=0.09
(listings: the current categoryId_1_createdAt_-1 examines 61240 keys and fetches 61240 docs to return 24, because most listings in the big categories are sold or paused and status is filtered after the fetch)`, undefined, { kind: "app", where: "top" }],
    [158, "Bash", { command: `mongosh "$MONGO_URI_PROD_ADMIN" --quiet --eval "db.listings.createIndex({ categoryId: 1, status: 1, createdAt: -1 }); db.listings.dropIndex('categoryId_1_createdAt_-1')" && ${IDX_CMD.command}` }, `categoryId_1_status_1_createdAt_-1\n{ nIndexesWas: 6, ok: 1 }\n${listingIdx([["{ categoryId: 1, status: 1, createdAt: -1 }", "categoryId_1_status_1_createdAt_-1"]])}`, "listingidx", { kind: "app", where: "top" }],
    [159, "Bash", EXPLAIN_CMD, explainOut(`LIMIT <- FETCH <- ${EXPLAIN_PLAN_NOW}`, 24, 3, 24, 24), "listexplain", { kind: "app", where: "top" }],
    [161, "Bash", { command: `kubectl -n ${NS} logs deploy/mercan-worker --since=1h | grep -E 'NotificationsProcessor.*(failed|ERROR)' | tail -4` }, `[Nest] 1  - 01/22/2027, 2:11:40 PM   ERROR [NotificationsProcessor] job 7790412 failed: FirebaseMessagingError: Messaging quota exceeded for project mercan-prod-fcm (code messaging/quota-exceeded, HTTP 429 RESOURCE_EXHAUSTED)
[Nest] 1  - 01/22/2027, 2:11:40 PM   ERROR [NotificationsProcessor] job 7790415 failed: FirebaseMessagingError: Messaging quota exceeded for project mercan-prod-fcm (code messaging/quota-exceeded, HTTP 429 RESOURCE_EXHAUSTED)
[Nest] 1  - 01/22/2027, 2:11:41 PM   ERROR [NotificationsProcessor] job 7790419 failed: FirebaseMessagingError: Messaging quota exceeded for project mercan-prod-fcm (code messaging/quota-exceeded, HTTP 429 RESOURCE_EXHAUSTED)
(4 workers x concurrency 25 = 100 parallel sends hit the FCM per-project quota during the 14:00 campaign push; the retries with backoff pile up in delayed)`, undefined, { kind: "app", error: true, where: "top" }],
    [162, "Bash", Q_CMD, queues([qRow("notifications", 1840, 100, 2210, 1408, 5000), qRow("emails", 0, 2, 0, 14, 91877), qRow("image-resize", 1, 1, 0, 0, 44980)]), "queues", { kind: "app", where: "top" }],
    [163, "Edit", { file_path: VP, old_string: '  NOTIFICATIONS_CONCURRENCY: "25"', new_string: '  NOTIFICATIONS_CONCURRENCY: "10"' }, `The file ${VP} has been updated. (the processor also gets a BullMQ limiter of 300 jobs per second per worker so a campaign push stays under the FCM quota)`, undefined, { kind: "code", where: "top" }],
    [164, "Bash", HPA_CMD, hpa([hpaRow("mercan-admin", "8%/70%", "44%/80%", 2, 4, 2), hpaRow("mercan-api", "38%/70%", "93%/80%", 4, 14, 14)]) + "\n(the api is pinned at 14 by the memory metric since Node 22, not by cpu)", "hpa", { kind: "app", where: "top" }],
    [165, "Edit", { file_path: VP, old_string: "    requests: { cpu: 500m, memory: 512Mi }\n    limits: { cpu: \"1\", memory: 1Gi }", new_string: "    requests: { cpu: 500m, memory: 768Mi }\n    limits: { cpu: \"1\", memory: 1536Mi }" }, `The file ${VP} has been updated. (api.autoscaling: minReplicas 4 -> 5, maxReplicas 14 -> 16, targetCPUUtilizationPercentage 70 -> 65)`, undefined, { kind: "code", where: "top" }],
    [166, "Bash", HELM_UP("1.43.1"), helmUpgrade(50, "1.43.1", "Fri Jan 22 16:05:27 2027"), undefined, { kind: "build", where: "top" }],
    [167, "Bash", CM_CMD, envCm({ pool: 25, notif: 10, rv: "89011274" }), "envcm", { kind: "app", where: "top" }],
    [168, "Bash", HPA_CMD, hpa([hpaRow("mercan-admin", "8%/70%", "44%/80%", 2, 4, 2), hpaRow("mercan-api", "44%/65%", "57%/80%", 5, 16, 8)]), "hpa", { kind: "app", where: "top" }],
    [169, "Bash", RES_CMD, resources(API_RES_NOW, WORKER_RES_V2), "resources", { kind: "app", where: "top" }],
    [170, "Bash", { command: `doctl kubernetes cluster node-pool update mercan-fra1 pool-main --auto-scale --min-nodes 4 --max-nodes 8 >/dev/null && ${NP_GET}` }, nodePool(NODEPOOL_NOW), "nodepool", { kind: "app", where: "top" }],
    [171, "Bash", Q_CMD, queues([qRow("notifications", 12, 10, 88, 1411, 5000), qRow("emails", 1, 1, 0, 14, 92104), qRow("image-resize", 0, 0, 0, 0, 45122)]), "queues", { kind: "app", where: "top" }],
    [172, "Bash", { command: "git commit -am 'prod: api 1536Mi, hpa 5-16 @65%, notifications concurrency 10 + limiter' && git log -1 --format='%h %s%n%n%b'" }, `[main 6c2f8a1] prod: api 1536Mi, hpa 5-16 @65%, notifications concurrency 10 + limiter
 3 files changed, 14 insertions(+), 6 deletions(-)
6c2f8a1 prod: api 1536Mi, hpa 5-16 @65%, notifications concurrency 10 + limiter

FCM answered 429 messaging/quota-exceeded to the 14:00 campaign push with 100 parallel
sends (4 workers x 25); concurrency back to 10 plus a limiter. On Node 22 the api uses
~250Mi more, so the memory target kept the HPA pinned at max: limit 1Gi -> 1536Mi,
request 768Mi, HPA 5-16 at 65% cpu. pool-main autoscaling 4-8.`, undefined, { kind: "build", where: "top" }],
    [174, "Bash", { command: "kubectl -n mercan-staging get configmap mercan-env -o yaml | yq 'del(.metadata.creationTimestamp, .metadata.uid)'" }, envCm({ pool: 10, notif: 3, ns: "mercan-staging", env: "staging", rv: "41207733" }), undefined, { kind: "app", where: "top" }],
    // ---------------------------------------------------------------- day 6: Mon Jan 25, pool wait queue, worker memory down, export as a job, final checks
    [180, "Bash", { command: "sentry-cli issues list --project mercan-api --query 'is:unresolved lastSeen:-24h' --max-rows 5" }, sentry([
      sRow("MERCAN-API-4R7", "MongoWaitQueueTimeoutError: Timed out while checking out a connection from connection pool (OrdersService.create)", 212, "4 min ago"),
      sRow("MERCAN-API-4R8", "MongoWaitQueueTimeoutError: Timed out while checking out a connection from connection pool (ListingsService.byCategory)", 96, "6 min ago"),
      sRow("MERCAN-API-4Q1", "MongoServerError: WriteConflict error: this operation conflicted with another operation (PayoutsService.close)", 7, "9 hours ago"),
      sRow("MERCAN-API-4P2", "MongoServerError: E11000 duplicate key error collection: mercan.carts index: buyerId_1", 5, "2 hours ago"),
    ]) + "\n(MERCAN-API-4R7/4R8: Monday 09:00-10:30 peak, pool 25 with waitQueueTimeoutMS 2000; Atlas primary was at 31% of its connection limit)", undefined, { kind: "app", where: "top" }],
    [182, "Read", { file_path: `${W}/src/config/configuration.ts` }, numbered(1, `export default () => ({
  port: parseInt(process.env.PORT ?? '3000', 10),
  mongo: {
    uri: process.env.MONGO_URI,
    dbName: process.env.MONGO_DB_NAME ?? 'mercan',
    maxPoolSize: parseInt(process.env.MONGO_MAX_POOL_SIZE ?? '100', 10),
    minPoolSize: parseInt(process.env.MONGO_MIN_POOL_SIZE ?? '0', 10),
    waitQueueTimeoutMS: parseInt(process.env.MONGO_WAIT_QUEUE_TIMEOUT_MS ?? '0', 10),
    serverSelectionTimeoutMS: parseInt(process.env.MONGO_SERVER_SELECTION_TIMEOUT_MS ?? '30000', 10),
  },
  redis: { url: process.env.REDIS_URL, prefix: process.env.BULL_PREFIX ?? 'mercan' },
  queues: {
    notifications: { concurrency: parseInt(process.env.NOTIFICATIONS_CONCURRENCY ?? '5', 10) },
    emails: { concurrency: parseInt(process.env.EMAILS_CONCURRENCY ?? '10', 10) },
    imageResize: { concurrency: parseInt(process.env.IMAGE_RESIZE_CONCURRENCY ?? '2', 10) },
  },
  sentry: { environment: process.env.SENTRY_ENVIRONMENT ?? 'local', tracesSampleRate: Number(process.env.SENTRY_TRACES_SAMPLE_RATE ?? 0) },
});`), undefined, { kind: "code", where: "top" }],
    [183, "Read", { file_path: `${W}/.env.example` }, numbered(1, `PORT=3000
APP_ENV=local
MONGO_URI=mongodb://localhost:27017/mercan?replicaSet=rs0
MONGO_DB_NAME=mercan
MONGO_MAX_POOL_SIZE=10
MONGO_WAIT_QUEUE_TIMEOUT_MS=2000
REDIS_URL=redis://localhost:6379
BULL_PREFIX=mercan
NOTIFICATIONS_CONCURRENCY=2
EMAILS_CONCURRENCY=2
IMAGE_RESIZE_CONCURRENCY=1
SENTRY_DSN=
SENTRY_ENVIRONMENT=local
FCM_PROJECT_ID=mercan-dev-fcm`), undefined, { kind: "code", where: "top" }],
    [184, "Edit", { file_path: VP, old_string: '  MONGO_MAX_POOL_SIZE: "25"', new_string: '  MONGO_MAX_POOL_SIZE: "40"' }, `The file ${VP} has been updated. (same edit: worker limits 1Gi -> 768Mi, requests 512Mi, nodeOptions --max-old-space-size=640, worker.replicaCount 4 -> 3, reports queue added, ingress proxy-read/send-timeout 300 -> 120)`, undefined, { kind: "code", where: "top" }],
    [185, "Edit", { file_path: `${W}/src/sellers/reports.controller.ts`, old_string: "  @Get('export')\n  async export(@Seller() seller: SellerRef, @Query() q: ExportQuery, @Res() res: Response) {\n    return this.reports.streamCsv(seller.id, q, res);\n  }", new_string: "  @Get('export')\n  @HttpCode(202)\n  async export(@Seller() seller: SellerRef, @Query() q: ExportQuery) {\n    const job = await this.reportsQueue.add('export', { sellerId: seller.id, ...q });\n    return { jobId: job.id, status: 'queued' }; // file link is e-mailed and shown in the panel when ready\n  }" }, `The file ${W}/src/sellers/reports.controller.ts has been updated.`, undefined, { kind: "code", where: "top" }],
    [186, "Read", { file_path: `${W}/nest-cli.json` }, `{
  "$schema": "https://json.schemastore.org/nest-cli",
  "collection": "@nestjs/schematics",
  "sourceRoot": "src",
  "entryFile": "main",
  "compilerOptions": {
    "deleteOutDir": true,
    "builder": "swc",
    "typeCheck": true,
    "assets": [{ "include": "notifications/templates/**/*.hbs", "watchAssets": true }]
  },
  "projects": {
    "worker": { "type": "application", "entryFile": "worker", "sourceRoot": "src" }
  }
}`, undefined, { kind: "code", where: "top" }],
    [187, "Bash", { command: "pnpm test" }, `PASS src/sellers/reports.controller.spec.ts
PASS src/sellers/reports.processor.spec.ts
PASS src/notifications/template-renderer.spec.ts

Test Suites: 60 passed, 60 total
Tests:       628 passed, 628 total
Snapshots:   4 passed, 4 total
Time:        43.117 s`, undefined, { kind: "test", where: "bottom" }],
    [188, "Bash", { command: "git commit -am 'reports: export as a job; template cache LRU; prod pool 40, worker 768Mi x3, ingress 120' && git log -1 --format='%h %s%n%n%b'" }, `[main f4b8d27] reports: export as a job; template cache LRU; prod pool 40, worker 768Mi x3, ingress 120
 9 files changed, 188 insertions(+), 41 deletions(-)
f4b8d27 reports: export as a job; template cache LRU; prod pool 40, worker 768Mi x3, ingress 120

The seller export now runs on the new reports queue and answers 202 with a job id, so no
request waits minutes any more: ingress read/send timeout 300 -> 120 (the slowest normal
endpoint is seller stats at well under a second now). Worker: the template cache is an LRU
keyed by template and locale (the leak was one compiled template per rendered body), heap
capped with --max-old-space-size=640, limit 1Gi -> 768Mi, 3 replicas. Mongo pool 25 -> 40
after MongoWaitQueueTimeoutError at the Monday peak (16 api + 3 worker + 2 admin pods x 40
= 840, well under the 1500 of the M10).`, undefined, { kind: "build", where: "top" }],
    [190, "Bash", GH_WATCH(12902118540), ciRun(12902118540, "f4b8d27", "1.44.0", 51, "Mon Jan 25 11:42:07 2027"), undefined, { kind: "build", where: "top" }],
    [191, "Bash", HELM_CMD, helmHist([R46("superseded"), R47, R48("superseded"), R49("superseded"), R50("superseded"), HELM_NOW]), "helmhist", { kind: "build", where: "top" }],
    [192, "Bash", CM_CMD, envCm({ pool: 40, notif: 10, rv: "89640113", reports: true }), "envcm", { kind: "app", where: "top" }],
    [193, "Bash", ATLAS_CMD, atlasConn([connRow("mercan-prod-shard-00-00.q8r2w.mongodb.net", "SECONDARY", 104, "6.9%"), ATLAS_NOW, connRow("mercan-prod-shard-00-02.q8r2w.mongodb.net", "SECONDARY", 99, "6.6%")], "(pool 40 since 11:42; no wait queue timeouts in Sentry since the rollout)"), "atlasconn", { kind: "app", where: "top" }],
    [194, "Bash", RES_CMD, resources(API_RES_NOW, WORKER_RES_NOW), "resources", { kind: "app", where: "top" }],
    [195, "Bash", ING_CMD, ingress(120, 120), "ingress", { kind: "app", where: "top" }],
    [196, "Bash", DEP_CMD, deploys([depRow("mercan-admin", "2/2", 2, "admin", "1.44.0", "admin"), depRow("mercan-api", "7/7", 7, "api", "1.44.0", "api"), WORKER_DEP_NOW]), "deploys", { kind: "app", where: "top" }],
    [198, "Bash", PODS_CMD, podsOut([pods("admin", "6b9f4d8c7", 2, "2h"), pods("api", "6b9f4d8c7", 7, "2h", { from: 5 }), pods("worker", "58d9f7c6b", 3, "2h", { from: 1, ipBase: 40 })]), "pods", { kind: "app", where: "top" }],
    [199, "Bash", TOP_CMD, top([...Array.from({ length: 7 }, (_, i) => topRow(`mercan-api-6b9f4d8c7-${SUFFIX[5 + i]}`, `${330 - i * 12}m`, `${884 - i * 11}Mi`)), topRow("mercan-worker-58d9f7c6b-q7m4n", "231m", "402Mi"), TOP_WORKER_NOW, topRow("mercan-worker-58d9f7c6b-b5r2w", "198m", "388Mi"), topRow("mercan-admin-6b9f4d8c7-x2k9p", "10m", "194Mi")]), "top", { kind: "app", where: "top" }],
    [200, "Bash", HPA_CMD, hpa([hpaRow("mercan-admin", "7%/70%", "43%/80%", 2, 4, 2), HPA_NOW]), "hpa", { kind: "app", where: "top" }],
    [202, "Bash", Q_CMD, queues([QNOTIF_NOW, qRow("emails", 0, 1, 0, 9, 5000), qRow("image-resize", 0, 0, 0, 0, 500), qRow("reports", 0, 1, 0, 0, 14)]), "queues", { kind: "app", where: "top" }],
    [203, "Bash", REDIS_CMD, redisInfo("412.66M", "1.75G", "noeviction", 0, 188204, "1.22"), "redisinfo", { kind: "app", where: "top" }],
    [205, "Bash", { command: "./scripts/seller-curl.sh 48213 '/v1/seller/reports/export?from=2026-01-01&to=2027-01-25&format=csv' -w '\\n%{http_code} %{time_total}s\\n'" }, `{"jobId":"export:48213:1769338112","status":"queued"}
202 0.081s
(the reports job finished 2m21s later, link mailed to the seller)`, undefined, { kind: "app", where: "top" }],
    [207, "Read", { file_path: VP }, valuesFile(PROD_NOW), undefined, { kind: "code", where: "top" }],
    [209, "Bash", { command: "helm -n mercan-staging history mercan --max 4" }, helmHist([hRow(86, "Wed Jan 20 16:04:40 2027", "superseded", "mercan-2.8.0", "1.42.1", "Upgrade complete"), hRow(87, "Thu Jan 21 11:05:12 2027", "superseded", "mercan-2.8.0", "1.43.0", "Upgrade complete"), hRow(88, "Thu Jan 21 15:40:03 2027", "superseded", "mercan-2.8.0", "1.43.1", "Upgrade complete"), hRow(89, "Mon Jan 25 11:33:50 2027", "deployed", "mercan-2.9.0", "1.44.0", "Upgrade complete")]), undefined, { kind: "build", where: "top" }],
    [212, "Bash", { command: "git log --oneline -n 12" }, `f4b8d27 reports: export as a job; template cache LRU; prod pool 40, worker 768Mi x3, ingress 120
6c2f8a1 prod: api 1536Mi, hpa 5-16 @65%, notifications concurrency 10 + limiter
0d6e4b9 test(e2e): wait for the payment-captured job instead of sleeping
9e30c71 listings: cache category tree for 10 min
a7f3c08 docker: one NODE_VERSION for all stages (node 22 again)
5e19b3d node 22 (bookworm build, distroless nodejs22)
c2a90e7 seller stats: match on the orders index first; ingress timeout 300 for exports
8d41f0a notifications: concurrency 25, removeOnComplete, bullmq 5.34.8; worker x4
41e0c9b prod: worker memory 1Gi
3b7e21c prod: api hpa 4-14, mongo pool 25
d90a2f4 carts: upsert by buyerId (E11000 retries)
7c18e35 release 1.41.0`, undefined, { kind: "build", where: "top" }],
    [215, "Bash", { command: "kubectl -n mercan-staging get pods" }, `NAME                                    READY   STATUS    RESTARTS   AGE
mercan-admin-4f8d7c9b6-x2k9p            1/1     Running   0          2h
mercan-api-7b9c8d6f5-q7m4n              1/1     Running   0          2h
mercan-worker-5d8f9c7b6-h8t3v           1/1     Running   0          2h
mercan-mongo-express-5b8c7d9f6-b5r2w    1/1     Running   0          47d`, undefined, { kind: "app", where: "top" }],
  ],
  questions: [
    // state
    { kind: "state", lang: "tr", prompt: "prod'da api hpa max kac pod'a cikabiliyo su an", want: [{ key: "hpa", fact: HPA_NOW }] },
    { kind: "state", prompt: "whats the cpu target on the api hpa now", want: [{ key: "hpa", fact: "cpu: 41%/65%" }] },
    { kind: "state", lang: "tr", prompt: "worker replica'si kac simdi prodda", want: [{ key: "deploys", fact: WORKER_DEP_NOW }] },
    { kind: "state", prompt: "worker container mem limit rn?", want: [{ key: "resources", fact: WORKER_RES_NOW }] },
    { kind: "state", lang: "tr", prompt: "api pod'larinin memory limiti en son ne oldu", want: [{ key: "resources", fact: API_RES_NOW }] },
    { kind: "state", prompt: "mongo maxPoolSize in prod currently?", want: [{ key: "envcm", fact: POOL_NOW }] },
    { kind: "state", lang: "tr", prompt: "notifications queue concurrency'si kacta kaldi", want: [{ key: "envcm", fact: CONC_NOW }] },
    { kind: "state", lang: "tr", prompt: "listings'te kategori sorgusu icin hangi index duruyo su an", want: [{ key: "listingidx", fact: IDX_NOW }] },
    { kind: "state", prompt: "is the category listing query using an index now or still scanning", want: [{ key: "listexplain", fact: EXPLAIN_PLAN_NOW }] },
    { kind: "state", prompt: "seller stats agg - how long does it take these days", want: [{ key: "aggstats", fact: AGG_NOW }] },
    { kind: "state", lang: "tr", prompt: "notifications queue'da kac job bekliyo simdi", want: [{ key: "queues", fact: QNOTIF_NOW }] },
    { kind: "state", prompt: "atlas conn count on the primary ok now?", want: [{ key: "atlasconn", fact: ATLAS_NOW }] },
    { kind: "state", lang: "tr", prompt: "redis'in eviction policy'si su an ne", want: [{ key: "redisinfo", fact: REDIS_POLICY_NOW }] },
    { kind: "state", prompt: "how much mem is redis using atm", want: [{ key: "redisinfo", fact: REDIS_USED_NOW }] },
    { kind: "state", lang: "tr", prompt: "prod'da hangi helm revision deployed durumda", want: [{ key: "helmhist", fact: HELM_NOW }] },
    { kind: "state", prompt: "which node version are prod pods actually on", want: [{ key: "nodever", fact: NODE_NOW }] },
    { kind: "state", lang: "tr", prompt: "ingress read timeout'u en son kaca cektik", want: [{ key: "ingress", fact: INGRESS_NOW }] },
    { kind: "state", prompt: "when does the api tls cert expire now", want: [{ key: "cert", fact: CERT_NOW }] },
    { kind: "state", lang: "tr", prompt: "orders e2e hala flaky mi", want: [{ key: "flaky", fact: FLAKY_NOW }] },
    { kind: "state", prompt: "node pool autoscale min/max rn", want: [{ key: "nodepool", fact: NODEPOOL_NOW }] },
    { kind: "state", lang: "tr", prompt: "bullmq hangi versiyonda su an", want: [{ key: "pnpmls", fact: BULL_NOW }] },
    // history
    { kind: "history", lang: "tr", prompt: "pazartesi sabahi hpa nasildi, kac pod'da takilmisti", want: [{ turn: 3, fact: HPA_V1 }] },
    { kind: "history", prompt: "why did we cut the mongo pool size in the first place", want: [{ turn: 11, fact: "12 pods x maxPoolSize 100" }] },
    { kind: "history", lang: "tr", prompt: "yeni api pod'lari neden pending'de kalmisti", want: [{ turn: 17, fact: "0/4 nodes are available: 4 Insufficient cpu" }] },
    { kind: "history", prompt: "what was killing the worker pods on tuesday", want: [{ turn: 34, fact: "Reason:       OOMKilled" }] },
    { kind: "history", lang: "tr", prompt: "job'lar neden active'de takili kaliyodu, asil sebep neydi", want: [{ turn: 46, fact: 'IMPORTANT! Eviction policy is allkeys-lru. It should be "noeviction"' }] },
    { kind: "history", lang: "tr", prompt: "backlog en kotuyken kac job bekliyordu", want: [{ turn: 44, fact: QNOTIF_PEAK }] },
    { kind: "history", prompt: "what was eating all the redis memory", want: [{ turn: 48, fact: "'\"bull:notifications:completed\"' has 1204118 members" }] },
    { kind: "history", prompt: "how many stuck jobs did we push back to wait", want: [{ turn: 61, fact: "re-queued 214 jobs stuck in active without a lock" }] },
    { kind: "history", lang: "tr", prompt: "seller stats aggregation neden o kadar yavasti", want: [{ turn: 93, fact: "sellerStats started with a $lookup into listings for every order in the collection" }] },
    { kind: "history", prompt: "the export 504s - what did nginx actually log", want: [{ turn: 90, fact: "upstream timed out (110: Operation timed out) while reading response header from upstream" }] },
    { kind: "history", lang: "tr", prompt: "node 22 deploy'unda pod'lar neden crashloop'a girdi", want: [{ turn: 114, fact: "NODE_MODULE_VERSION 115. This version of Node.js requires" }] },
    { kind: "history", prompt: "which revision did we roll prod back to", want: [{ turn: 117, fact: "Rollback to 46" }] },
    { kind: "history", lang: "tr", prompt: "orders e2e testi neden flaky idi", want: [{ turn: 140, fact: "asserted the order status after a fixed 500 ms sleep" }] },
    { kind: "history", prompt: "why was the cert renewal stuck", want: [{ turn: 150, fact: "wrong status code '404', expected '200'" }] },
    { kind: "history", lang: "tr", prompt: "worker'daki memory leak neymis, heap snapshot ne gosterdi", want: [{ turn: 144, fact: "Map (TemplateRenderer.templateCache)" }] },
    // multi
    { kind: "multi", lang: "tr", prompt: "worker mem limit'i kac, pod'lar su an ne kadar kullaniyo", want: [{ key: "resources", fact: WORKER_RES_NOW }, { key: "top", fact: TOP_WORKER_NOW }] },
    { kind: "multi", prompt: "pool size + how many conns atlas shows now", want: [{ key: "envcm", fact: POOL_NOW }, { key: "atlasconn", fact: ATLAS_NOW }] },
    { kind: "multi", lang: "tr", prompt: "helm revision kac ve prodda node versiyonu ne", want: [{ key: "helmhist", fact: HELM_NOW }, { key: "nodever", fact: NODE_NOW }] },
    { kind: "multi", prompt: "api hpa max and how far can the node pool scale", want: [{ key: "hpa", fact: HPA_NOW }, { key: "nodepool", fact: NODEPOOL_NOW }] },
    { kind: "multi", lang: "tr", prompt: "ingress timeout simdi kac, 504 aldigimizda kacti", want: [{ key: "ingress", fact: INGRESS_NOW }, { turn: 91, fact: 'nginx.ingress.kubernetes.io/proxy-read-timeout: "60"' }] },
    { kind: "multi", prompt: "notif concurrency now vs what it was before the backlog mess", want: [{ key: "envcm", fact: CONC_NOW }, { turn: 9, fact: 'NOTIFICATIONS_CONCURRENCY: "5"' }] },
    { kind: "multi", lang: "tr", prompt: "redis policy ne ve notifications queue ne durumda", want: [{ key: "redisinfo", fact: REDIS_POLICY_NOW }, { key: "queues", fact: QNOTIF_NOW }] },
    // none
    { kind: "none", lang: "tr", prompt: "tamamdir sagol, yarin devam ederiz" },
    { kind: "none", prompt: "generally when do you embed vs use $lookup in mongo" },
    { kind: "none", lang: "tr", prompt: "k8s'te requests ile limits farki tam olarak ne, kisaca anlatir misin" },
    { kind: "none", prompt: "brb grabbing tea" },
    { kind: "none", lang: "tr", prompt: "bull ile bullmq arasindaki fark ne genel olarak" },
  ],
};

/** Held out from the selection work: written blind, never run before it was registered (NestJS on DOKS, Turkish and English). */
export const HELD_OUT_43 = [mercan];
