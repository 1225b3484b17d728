// One more held-out recall session (format: tests/recall/build.mjs): written blind, without reading the selection's
// code, its tests or any benchmark result, and kept out of the selection work. HELD_OUT_41: a Rust event-ingest service
// (axum ingest API, a tokio consumer that batches into ClickHouse, an enricher, sqlx on Postgres for tenants and quotas)
// feeding Redpanda and ClickHouse, deployed to Kubernetes by Argo CD from a Helm chart with look-alike prod and staging
// values files, Prometheus/Grafana alerts, cargo nextest and GitHub Actions. Over five days: a consumer-lag alert with
// ClickHouse "too many parts" (sink batch size and flush interval raised, parts_to_throw_insert raised and reset, the
// topic taken from 12 to 24 partitions, sink replicas 4 → 6 → 8); a sink OOM incident (limit 1Gi → 2Gi → 1536Mi, batch
// 50000 → 20000) whose root cause was an insert retry loop cloning the whole batch into tasks that were never aborted
// on timeout; a dependabot bump that needed a newer rustc (1.82.0 → 1.84.1) plus axum 0.8, sqlx 0.8 and tokio 1.43 with
// a clippy lint and the axum 0.8 route panic on the way; a flaky sink test fixed with a paused clock and nextest retries
// dropped; a Postgres bigint migration that locked tenant_usage for minutes, broke the still-old enricher and was
// reverted, then redone as an add-column + backfill; the Redpanda client certificate about to expire, moved to
// cert-manager, first issued by the staging CA by mistake and re-issued; ClickHouse disk at 88% with the events TTL
// taken from 90 to 30 and then 45 days; ingest producer linger/compression and HPA tuning and the alert rules tightened.
// Distractors: old `kubectl get pods` and `rpk group describe` snapshots, the enricher's and staging's consumer groups,
// panics in other crates, staging values that look like prod. English questions.

const S = "/home/dev/sumac";
const CHART = `${S}/deploy/helm/sumac`;
const VP = `${CHART}/values-prod.yaml`;
const VS = `${CHART}/values-staging.yaml`;
const K = "kubectl -n sumac-prod";
const KS = "kubectl --context gke_sumac-staging -n sumac-staging";

const h32 = (s, k) => {
  let h = 2166136261 ^ k;
  for (const c of s) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return (h >>> 0).toString(16).padStart(8, "0");
};
const fakeUuid = (s) => {
  const a = h32(s, 1) + h32(s, 2) + h32(s, 3) + h32(s, 4);
  return `${a.slice(0, 8)}-${a.slice(8, 12)}-${a.slice(12, 16)}-${a.slice(16, 20)}-${a.slice(20, 32)}`;
};
/** Column-aligned text table, the way kubectl / rpk print them. */
const table = (rows, gap = 3) => {
  const w = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  return rows.map((r) => r.map((v, c) => (c === r.length - 1 ? v : v.padEnd(w[c] + gap))).join("").trimEnd()).join("\n");
};
/** A file as the Read tool shows it. */
const num = (text, start = 1) => text.split("\n").map((l, i) => `${String(i + start).padStart(6)}\t${l}`).join("\n");
/** The Edit tool's answer: a `cat -n` snippet of the edited file around `needle`. */
const edited = (path, text, needle, before = 3, after = 3) => {
  const lines = text.split("\n");
  const i = lines.findIndex((l) => l.includes(needle));
  if (i < 0) throw new Error(`held-out-41: "${needle}" not in the edited text`);
  const from = Math.max(0, i - before);
  const snip = lines.slice(from, i + after + 1).map((l, k) => `${String(from + k + 1).padStart(6)}\t${l}`).join("\n");
  return `The file ${path} has been updated. Here's the result of running \`cat -n\` on a snippet of the edited file:\n${snip}`;
};
const commit = (hash, subject, files, ins, del, body) => `[main ${hash}] ${subject}
 ${files} file${files === 1 ? "" : "s"} changed, ${ins} insertions(+), ${del} deletions(-)
${hash} ${subject}

${body}`;

// ---------------------------------------------------------------- helm values (prod and staging look alike)
const values = (o) => [
  `# sumac chart values: ${o.env} (Argo CD app sumac-${o.env}, auto-sync from main)`,
  "global:",
  `  environment: ${o.env}`,
  "  imageRegistry: ghcr.io/sumac-io",
  "  serviceMonitor:",
  "    enabled: true",
  "    interval: 15s",
  ...(o.reloader ? ["  podAnnotations:", "    secret.reloader.stakater.com/reload: sumac-redpanda-client-tls"] : []),
  "",
  "kafka:",
  `  brokers: ${[0, 1, 2].map((i) => `redpanda-${i}.redpanda.${o.rpns}.svc:9093`).join(",")}`,
  "  topic: events.raw",
  "  tls:",
  "    enabled: true",
  "    secretName: sumac-redpanda-client-tls",
  "",
  "clickhouse:",
  `  url: http://${o.chHost}.clickhouse.svc:8123`,
  "  database: sumac",
  "  user: sumac_sink",
  "  passwordSecret: sumac-clickhouse",
  "",
  "postgres:",
  "  urlSecret: sumac-postgres-url",
  `  maxConnections: ${o.pgConn}`,
  "",
  "ingest:",
  "  image:",
  "    repository: sumac-ingest",
  `    tag: "${o.tagI}"`,
  "  autoscaling:",
  "    enabled: true",
  `    minReplicas: ${o.min}`,
  `    maxReplicas: ${o.max}`,
  `    targetCPUUtilizationPercentage: ${o.cpu}`,
  "  resources:",
  "    requests:",
  "      cpu: 500m",
  "      memory: 256Mi",
  "    limits:",
  "      memory: 512Mi",
  "  env:",
  `    KAFKA_LINGER_MS: "${o.linger}"`,
  `    KAFKA_COMPRESSION: ${o.comp}`,
  '    INGEST_MAX_BODY_BYTES: "1048576"',
  "    RUST_LOG: info",
  "",
  "sink:",
  "  image:",
  "    repository: sumac-sink",
  `    tag: "${o.tagS}"`,
  `  replicaCount: ${o.sinkReplicas}`,
  "  resources:",
  "    requests:",
  '      cpu: "1"',
  `      memory: ${o.sinkReq}`,
  "    limits:",
  `      memory: ${o.sinkLim}`,
  "  env:",
  `    SINK_BATCH_ROWS: "${o.batch}"`,
  `    SINK_FLUSH_INTERVAL_MS: "${o.flush}"`,
  '    SINK_INSERT_RETRIES: "5"',
  `    KAFKA_QUEUED_MAX_KBYTES: "${o.queued}"`,
  "    RUST_LOG: info,sumac_sink=info",
  "",
  "enricher:",
  "  image:",
  "    repository: sumac-enricher",
  `    tag: "${o.tagE}"`,
  `  replicaCount: ${o.enr}`,
  "  resources:",
  "    requests:",
  "      cpu: 250m",
  "      memory: 256Mi",
  "    limits:",
  "      memory: 384Mi",
  "",
  "migrations:",
  "  enabled: true",
  "  hook: PreSync",
  "  image: sumac-ingest",
].join("\n");

const P0 = { env: "prod", rpns: "redpanda", chHost: "clickhouse-sumac", pgConn: 20, tagI: "1.18.0", tagS: "1.18.0", tagE: "1.18.0", min: 3, max: 8, cpu: 70, linger: "5", comp: "lz4", sinkReplicas: 4, sinkReq: "768Mi", sinkLim: "1Gi", batch: "10000", flush: "1000", queued: "65536", enr: 2, reloader: false };
const P1a = { ...P0, batch: "50000", flush: "5000" };
const P1 = { ...P1a, sinkReplicas: 6 };
const P1b = { ...P1, sinkReplicas: 8 };
const P2 = { ...P1b, sinkLim: "2Gi" };
const P3 = { ...P2, batch: "20000", sinkLim: "1536Mi", queued: "16384", tagI: "1.18.1", tagS: "1.18.1" };
const P4 = { ...P3, tagI: "1.19.0", tagS: "1.19.0" }; // the enricher stays on 1.18.0
const P6 = { ...P3, tagI: "1.19.1", tagS: "1.19.1", tagE: "1.19.1" };
const P7 = { ...P6, reloader: true };
const P8 = { ...P7, min: 4, max: 12, cpu: 65, linger: "20", comp: "zstd" };
const ST0 = { env: "staging", rpns: "redpanda-staging", chHost: "clickhouse-sumac-staging", pgConn: 10, tagI: "1.18.0", tagS: "1.18.0", tagE: "1.18.0", min: 1, max: 2, cpu: 70, linger: "5", comp: "lz4", sinkReplicas: 2, sinkReq: "512Mi", sinkLim: "1Gi", batch: "5000", flush: "2000", queued: "65536", enr: 1, reloader: false };
const ST1 = { ...ST0, batch: "20_000", tagI: "1.18.1", tagS: "1.18.1" };
const ST2 = { ...ST1, batch: "20000" };

// ---------------------------------------------------------------- rpk
const SINK_RS = { a: "6c9d7f8b4", b: "5b8f4d7c9", c: "7d4c9b6f8", d: "84f6c5d9b", e: "59c7d8f6b" };
const SUF = ["2xkqp", "7mh4c", "dq9wz", "t5rbn", "k8v2n", "w4lxs", "f9zpq", "h2cmd"];
const sinkPods = (rs, n) => SUF.slice(0, n).map((s) => `sumac-sink-${rs}-${s}`);

const rpkGroup = ({ group = "sumac-sink", topic = "events.raw", parts, total, base, newFrom = parts, newBase = 0, pods, coordinator = 1, state = "Stable" }) => {
  const w = Array.from({ length: parts }, (_, i) => 400 + ((i * 7919 + base) % 600));
  const sw = w.reduce((a, b) => a + b, 0);
  const lag = w.map((x) => Math.floor((total * x) / sw));
  lag[parts - 1] += total - lag.reduce((a, b) => a + b, 0);
  const rows = lag.map((l, i) => {
    const end = i < newFrom ? base + i * 1048573 + ((i * 31) % 997) : newBase + i * 9973;
    const start = i < newFrom ? end - 38211004 - i * 1021 : 0;
    const j = i % pods.length;
    const m = pods[j];
    return [topic, String(i), String(end - l), String(start), String(end), String(l), `rdkafka-${fakeUuid(m)}`, m, `/10.42.${j + 3}.${17 + j * 9}`];
  });
  return `GROUP        ${group}
COORDINATOR  ${coordinator}
STATE        ${state}
BALANCER     cooperative-sticky
MEMBERS      ${pods.length}
TOTAL-LAG    ${total}

${table([["TOPIC", "PARTITION", "CURRENT-OFFSET", "LOG-START-OFFSET", "LOG-END-OFFSET", "LAG", "MEMBER-ID", "CLIENT-ID", "HOST"], ...rows], 2)}`;
};
const RPK_GROUP = { command: "rpk group describe sumac-sink" };
const LAG_FIRST = "TOTAL-LAG    1842113";
const LAG_NOW = "TOTAL-LAG    1204";

const cfgRow = (k, v, src) => `${k.padEnd(36)}${v.padEnd(44)}${src}`;
const rpkTopic = (parts, retention) => `SUMMARY
=======
NAME        events.raw
PARTITIONS  ${parts}
REPLICAS    3

CONFIGS
=======
${"KEY".padEnd(36)}${"VALUE".padEnd(44)}SOURCE
${cfgRow("cleanup.policy", "delete", "DEFAULT_CONFIG")}
${cfgRow("compression.type", "producer", "DEFAULT_CONFIG")}
${cfgRow("max.message.bytes", "1048576", "DYNAMIC_TOPIC_CONFIG")}
${cfgRow("message.timestamp.type", "CreateTime", "DEFAULT_CONFIG")}
${cfgRow("redpanda.remote.read", "false", "DEFAULT_CONFIG")}
${cfgRow("redpanda.remote.write", "false", "DEFAULT_CONFIG")}
${cfgRow("retention.bytes", "-1", "DEFAULT_CONFIG")}
${cfgRow("retention.local.target.bytes", "-1", "DEFAULT_CONFIG")}
${cfgRow("retention.ms", retention, "DYNAMIC_TOPIC_CONFIG")}
${cfgRow("segment.bytes", "134217728", "DEFAULT_CONFIG")}
${cfgRow("segment.ms", "1209600000", "DEFAULT_CONFIG")}`;
const RPK_TOPIC = { command: "rpk topic describe events.raw" };
const RETENTION_NOW = `${"retention.ms".padEnd(36)}259200000`;

// ---------------------------------------------------------------- kubectl
const pods = (rows) => table([["NAME", "READY", "STATUS", "RESTARTS", "AGE"], ...rows]);
const PODS_CMD = { command: `${K} get pods` };
const ING_A = ["7f6b9d5c8-4kz9t", "7f6b9d5c8-9wq2m", "7f6b9d5c8-rb7xn", "7f6b9d5c8-z6p4d", "7f6b9d5c8-m3c8v"].map((s) => `sumac-ingest-${s}`);
const deploys = (ing, sink, enr, hpa) => `${table([
  ["NAME", "READY", "UP-TO-DATE", "AVAILABLE", "AGE"],
  ["deployment.apps/sumac-enricher", `${enr}/${enr}`, String(enr), String(enr), "214d"],
  ["deployment.apps/sumac-ingest", `${ing}/${ing}`, String(ing), String(ing), "214d"],
  ["deployment.apps/sumac-sink", `${sink}/${sink}`, String(sink), String(sink), "214d"],
])}

${table([["NAME", "REFERENCE", "TARGETS", "MINPODS", "MAXPODS", "REPLICAS", "AGE"], ["horizontalpodautoscaler.autoscaling/sumac-ingest", "Deployment/sumac-ingest", ...hpa, "214d"]])}`;
const DEPLOY_CMD = { command: `${K} get deploy,hpa` };
const SINK_DEPLOY_NOW = "deployment.apps/sumac-sink       8/8";
const HPA_NOW = "Deployment/sumac-ingest   cpu: 41%/65%   4         12        4";

const top = (rows) => table([["NAME", "CPU(cores)", "MEMORY(bytes)"], ...rows]);
const TOP_SINK = { command: `${K} top pods -l app.kubernetes.io/name=sumac-sink` };

// ---------------------------------------------------------------- argo cd
const argoApp = (rev, sync, health, resources, op = "") => `Name:               argocd/sumac-prod
Project:            sumac
Server:             https://kubernetes.default.svc
Namespace:          sumac-prod
URL:                https://argocd.internal.sumac.io/applications/sumac-prod
Source:
- Repo:             https://github.com/sumac-io/sumac.git
  Target:           main
  Path:             deploy/helm/sumac
  Helm Values:      values-prod.yaml
SyncWindow:         Sync Allowed
Sync Policy:        Automated (Prune)
Sync Status:        ${sync} to main (${rev})
Health Status:      ${health}
${op}
${table([["GROUP", "KIND", "NAMESPACE", "NAME", "STATUS", "HEALTH", "HOOK", "MESSAGE"], ...resources], 2)}`;
const ARGO_GET = { command: "argocd app get sumac-prod" };
const ARGO_SYNC = "argocd app sync sumac-prod --timeout 600 && argocd app wait sumac-prod --health --timeout 600 && argocd app get sumac-prod";
const res = (kind, name, msg, group = "apps", status = "Synced", health = "Healthy", hook = "") => [group, kind, "sumac-prod", name, status, health, hook, msg];
const RES_BASE = [
  res("Service", "sumac-ingest", "service/sumac-ingest unchanged", ""),
  res("ConfigMap", "sumac-sink", "configmap/sumac-sink configured", "", "Synced", ""),
];
const ARGO_NOW = "Synced to main (4e81c2a)";

// ---------------------------------------------------------------- clickhouse
const CH = (q, multi = false) => ({ command: `kubectl -n clickhouse exec chi-sumac-main-0-0-0 -- clickhouse-client${multi ? " -n" : ""} -q "${q}"` });
const chCreate = (ttl, settings) => `CREATE TABLE sumac.events
(
    \`tenant_id\` UInt32,
    \`event_id\` UUID,
    \`event_type\` LowCardinality(String),
    \`received_at\` DateTime64(3, 'UTC'),
    \`occurred_at\` DateTime64(3, 'UTC'),
    \`session_id\` String,
    \`user_id\` String,
    \`properties\` String CODEC(ZSTD(3)),
    \`ingest_node\` LowCardinality(String),
    \`_kafka_partition\` UInt16,
    \`_kafka_offset\` UInt64
)
ENGINE = ReplicatedMergeTree('/clickhouse/tables/{shard}/sumac/events', '{replica}')
PARTITION BY toYYYYMMDD(received_at)
ORDER BY (tenant_id, event_type, received_at, event_id)
TTL toDateTime(received_at) + toIntervalDay(${ttl})
SETTINGS ${settings}`;
const SHOW_CREATE = "SHOW CREATE TABLE sumac.events FORMAT TSVRaw";
const onCluster = `┌─host───────────────┬─port─┬─status─┬─error─┬─num_hosts_remaining─┬─num_hosts_active─┐
│ chi-sumac-main-0-0 │ 9000 │      0 │       │                   1 │                0 │
│ chi-sumac-main-0-1 │ 9000 │      0 │       │                   0 │                0 │
└────────────────────┴──────┴────────┴───────┴─────────────────────┴──────────────────┘`;
const CH_SETTINGS_NOW = "SETTINGS index_granularity = 8192, ttl_only_drop_parts = 1, merge_with_ttl_timeout = 14400";
const TTL_NOW = "TTL toDateTime(received_at) + toIntervalDay(45)";
const chParts = (active, max, biggest, size) => `Row 1:
──────
active_parts:           ${active}
max_parts_in_partition: ${max}
biggest_partition:      ${biggest}
size_on_disk:           ${size}`;
const CH_PARTS = CH("SELECT sum(c) AS active_parts, max(c) AS max_parts_in_partition, argMax(partition, c) AS biggest_partition, formatReadableSize(sum(b)) AS size_on_disk FROM (SELECT partition, count() AS c, sum(bytes_on_disk) AS b FROM system.parts WHERE database = 'sumac' AND table = 'events' AND active GROUP BY partition) FORMAT Vertical");
const chDisk = (free, used) => `Row 1:
──────
name:     default
path:     /var/lib/clickhouse/
free:     ${free}
total:    1.97 TiB
used_pct: ${used}`;
const CH_DISK = CH("SELECT name, path, formatReadableSize(free_space) AS free, formatReadableSize(total_space) AS total, round(100 * (1 - free_space / total_space), 1) AS used_pct FROM system.disks FORMAT Vertical");

// ---------------------------------------------------------------- alerts, certs, postgres, tests, ci
const AM_CMD = { command: "amtool --alertmanager.url=http://alertmanager.monitoring.svc:9093 alert query" };
const alerts = (rows) => `${"Alertname".padEnd(30)}${"Starts At".padEnd(25)}Summary\n${rows.map(([n, s, sum]) => `${n.padEnd(30)}${s.padEnd(25)}${sum}`).join("\n")}`;
const WATCHDOG = ["Watchdog", "2025-01-28 00:00:03 UTC", "An alert that should always be firing to certify that Alertmanager is working properly."];

const OPENSSL_CMD = { command: `${K} get secret sumac-redpanda-client-tls -o jsonpath='{.data.tls\\.crt}' | base64 -d | openssl x509 -noout -subject -issuer -startdate -enddate -serial` };
const CERT_OLD_END = "notAfter=Feb 14 09:00:00 2025 GMT";
const CERT_NOW_END = "notAfter=May 14 08:31:02 2025 GMT";
const cmctl = (issuer, cn, created, before, after, renew, serial, events) => `Name: sumac-redpanda-client
Namespace: sumac-prod
Created at: ${created}
Conditions:
  Ready: True, Reason: Ready, Message: Certificate is up to date and has not expired
DNS Names:
- sumac-ingest.sumac-prod.svc
- sumac-sink.sumac-prod.svc
- sumac-enricher.sumac-prod.svc
Events:
  Type    Reason     Age   From                                       Message
  ----    ------     ----  ----                                       -------
${events}
Issuer:
  Name: ${issuer}
  Kind: ClusterIssuer
  Conditions:
    Ready: True, Reason: KeyPairVerified, Message: Signing CA verified
  Events:  <none>
Secret:
  Name: sumac-redpanda-client-tls
  Issuer Country: 
  Issuer Organisation: sumac
  Issuer Common Name: ${cn}
  Key Usage: Digital Signature, Key Encipherment
  Extended Key Usages: Client Authentication
  Public Key Algorithm: ECDSA
  Signature Algorithm: ECDSA-SHA256
  Serial Number: ${serial}
  Events:  <none>
Not Before: ${before}
Not After: ${after}
Renewal Time: ${renew}
No CertificateRequest found for this Certificate`;
const CMCTL_CMD = { command: "cmctl status certificate sumac-redpanda-client -n sumac-prod" };
const CM_NOW = "Not After: 2025-05-14T08:31:02Z";

const PG = "--source crates/sumac-store/migrations --database-url \"$SUMAC_PROD_PG\"";
const MIGS = [
  "20240611090000/installed create tenants",
  "20240611090500/installed create api keys",
  "20240702141200/installed tenant usage",
  "20240918101000/installed ingest quotas",
  "20241105163000/installed api keys scopes",
  "20250120143000/installed api keys last used at",
];
const SQLX_INFO = { command: `sqlx migrate info ${PG}` };
const MIG_NOW = "20250212113000/installed tenant usage events count v2";

const nextest = (head, lines, summary) => `${head}
${lines.join("\n")}
------------
     Summary ${summary}`;
const NEXTEST_WS = { command: "cargo nextest run --workspace" };
const NEXTEST_NOW = "326 tests run: 326 passed, 3 skipped";

const ghRow = (st, title, wf, branch, ev, id, el, age) => `${st.padEnd(8)}${title.padEnd(84)}${wf.padEnd(10)}${branch.padEnd(38)}${ev.padEnd(14)}${id.padEnd(13)}${el.padEnd(9)}${age}`;
const ghRuns = (rows) => `${ghRow("STATUS", "TITLE", "WORKFLOW", "BRANCH", "EVENT", "ID", "ELAPSED", "AGE")}\n${rows.join("\n")}`;
const GH_RUNS = { command: "gh run list --limit 6" };
const CI_NOW = ghRow("✓", "ingest: linger 20ms + zstd, hpa 4-12 @65%; alerts: lag 200k/5m, sink memory", "ci", "main", "push", "13306114290", "7m02s", "about 6 minutes ago");

const toolchain = (v, hash, date, cargo) => `${v}-x86_64-unknown-linux-gnu (overridden by '${S}/rust-toolchain.toml')
rustc ${v} (${hash} ${date})
${cargo}`;
const RUSTC_CMD = { command: "rustup show active-toolchain && rustc -V && cargo -V" };
const RUSTC_NOW = "rustc 1.84.1 (e71f9a9a9 2025-01-27)";

const deps = (o) => `anyhow v1.0.93
async-trait v0.1.83
axum v${o.axum}
bytes v1.8.0
chrono v0.4.38
clickhouse v${o.ch}
futures v0.3.31
maxminddb v0.24.0
metrics v0.24.1
metrics-exporter-prometheus v0.16.0
rdkafka v${o.rdkafka}
serde v1.0.215
serde_json v1.0.133
sqlx v${o.sqlx}
sumac-common v${o.ver} (${S}/crates/sumac-common)
sumac-enricher v${o.ver} (${S}/crates/sumac-enricher)
sumac-ingest v${o.ver} (${S}/crates/sumac-ingest)
sumac-sink v${o.ver} (${S}/crates/sumac-sink)
sumac-store v${o.ver} (${S}/crates/sumac-store)
thiserror v1.0.69
tikv-jemallocator v0.6.0
tokio v${o.tokio}
tower v0.5.1
tower-http v0.6.2
tracing v0.1.41
tracing-subscriber v0.3.19
uuid v1.11.0`;
const DEPS_CMD = { command: "cargo tree --workspace --depth 1 -e normal --prefix none | sort -u" };

const nextestToml = (retries, note) => `[store]
dir = "target/nextest"

[profile.default]
slow-timeout = { period = "30s", terminate-after = 4 }
fail-fast = false

[profile.ci]
${note ? `${note}\n` : ""}retries = ${retries}
failure-output = "immediate-final"
junit = { path = "junit.xml" }

[[profile.default.overrides]]
filter = "package(sumac-store)"
test-group = "postgres"

[test-groups]
postgres = { max-threads = 1 }`;

const promRule = (thr, forDur, memAlert) => [
  "{{- if .Values.global.serviceMonitor.enabled }}",
  "apiVersion: monitoring.coreos.com/v1",
  "kind: PrometheusRule",
  "metadata:",
  '  name: {{ include "sumac.fullname" . }}',
  "  labels:",
  "    release: kube-prometheus-stack",
  "spec:",
  "  groups:",
  "    - name: sumac.rules",
  "      rules:",
  "        - alert: SumacSinkLagHigh",
  `          expr: sum(kminion_kafka_consumer_group_topic_lag{group_id="sumac-sink",topic_name="events.raw"}) > ${thr}`,
  `          for: ${forDur}`,
  "          labels:",
  "            severity: warning",
  "          annotations:",
  '            summary: consumer group sumac-sink lag {{ "{{" }} $value | humanize {{ "}}" }} on events.raw',
  "        - alert: SumacIngestErrorRate",
  '          expr: sum(rate(sumac_ingest_requests_total{code=~"5.."}[5m])) / sum(rate(sumac_ingest_requests_total[5m])) > 0.02',
  "          for: 5m",
  "          labels:",
  "            severity: critical",
  "        - alert: SumacKafkaClientCertExpiry",
  "          expr: min(sumac_kafka_client_cert_not_after_seconds - time()) < 2 * 86400",
  "          labels:",
  "            severity: warning",
  ...(memAlert
    ? [
        "        - alert: SumacSinkMemoryHigh",
        '          expr: max by (pod) (container_memory_working_set_bytes{namespace="sumac-prod",container="sink"}) / max by (pod) (kube_pod_container_resource_limits{namespace="sumac-prod",container="sink",resource="memory"}) > 0.85',
        "          for: 5m",
        "          labels:",
        "            severity: warning",
      ]
    : []),
  "{{- end }}",
].join("\n");
const PROMRULE = `${CHART}/templates/prometheusrule.yaml`;
const LAG_EXPR_NOW = 'expr: sum(kminion_kafka_consumer_group_topic_lag{group_id="sumac-sink",topic_name="events.raw"}) > 200000';

// ---------------------------------------------------------------- source files
const FLUSH_HEAD = `use std::sync::Arc;
use std::time::Duration;

use clickhouse::Client;
use rdkafka::consumer::StreamConsumer;
use tokio::sync::oneshot;
use tracing::{info, warn};

use crate::config::FlushConfig;
use crate::error::SinkError;
use crate::row::EventRow;

pub struct Flusher {
    client: Client,
    cfg: FlushConfig,
    insert_timeout: Duration,
    max_retries: u32,
}

impl Flusher {
    pub fn new(client: Client, cfg: FlushConfig) -> Self {
        let insert_timeout = cfg.insert_timeout;
        let max_retries = cfg.insert_retries;
        Self { client, cfg, insert_timeout, max_retries }
    }

    pub async fn run(self, consumer: Arc<StreamConsumer>, mut shutdown: oneshot::Receiver<()>) -> Result<(), SinkError> {
        let mut batch: Vec<EventRow> = Vec::with_capacity(self.cfg.batch_rows);
        let mut tick = tokio::time::interval(self.cfg.interval);
        loop {
            tokio::select! {
                msg = consumer.recv() => {
                    batch.push(EventRow::decode(&msg?)?);
                    if batch.len() >= self.cfg.batch_rows {
                        self.flush(&mut batch, FlushReason::Size).await?;
                    }
                }
                _ = tick.tick() => {
                    if !batch.is_empty() {
                        self.flush(&mut batch, FlushReason::Interval).await?;
                    }
                }
                _ = &mut shutdown => {
                    self.flush(&mut batch, FlushReason::Shutdown).await?;
                    return Ok(());
                }
            }
        }
    }

    async fn flush(&self, batch: &mut Vec<EventRow>, reason: FlushReason) -> Result<(), SinkError> {
        let started = std::time::Instant::now();
        self.retry_insert(batch).await?;
        info!(rows = batch.len(), ?reason, elapsed_ms = started.elapsed().as_millis() as u64, "flushed");
        batch.clear();
        Ok(())
    }`;
const FLUSH_RETRY = `    async fn retry_insert(&self, batch: &Vec<EventRow>) -> Result<(), SinkError> {
        let mut attempt = 0;
        loop {
            attempt += 1;
            // the clickhouse Insert writes owned rows, so every attempt gets its own copy
            let rows = batch.clone();
            let pending = tokio::spawn(insert_rows(self.client.clone(), rows));
            match tokio::time::timeout(self.insert_timeout, pending).await {
                Ok(Ok(Ok(()))) => return Ok(()),
                Ok(Ok(Err(e))) if attempt < self.max_retries => {
                    warn!(attempt, max = self.max_retries, rows = batch.len(), err = %e, "clickhouse insert failed, retrying");
                }
                Err(_elapsed) if attempt < self.max_retries => {
                    warn!(attempt, max = self.max_retries, rows = batch.len(), "clickhouse insert timed out, retrying");
                }
                Ok(Ok(Err(e))) => return Err(SinkError::Insert(e)),
                Ok(Err(join)) => return Err(SinkError::Join(join)),
                Err(_elapsed) => return Err(SinkError::InsertTimeout(attempt)),
            }
            tokio::time::sleep(backoff(attempt)).await;
        }
    }

    fn backoff(attempt: u32) -> Duration {
        Duration::from_millis(250 * 2u64.pow(attempt.min(5)))
    }
}`;

const FLAKY_TEST = `use std::time::Duration;

use super::*;
use crate::testutil::{fake_clickhouse, rows};

#[tokio::test]
async fn flushes_when_batch_is_full() {
    let (ch, seen) = fake_clickhouse();
    let (_tx, shutdown) = tokio::sync::oneshot::channel();
    let sink = Flusher::new(ch, FlushConfig { batch_rows: 10, interval: Duration::from_secs(60), ..Default::default() });
    tokio::spawn(sink.run(rows(25), shutdown));
    wait_for(|| seen.lock().len() >= 20).await;
    assert_eq!(seen.lock().len(), 20);
}

#[tokio::test]
async fn flush_on_shutdown_drains_buffer() {
    let (ch, seen) = fake_clickhouse();
    let (tx, shutdown) = tokio::sync::oneshot::channel();
    let sink = Flusher::new(ch, FlushConfig { batch_rows: 100, interval: Duration::from_millis(20), ..Default::default() });
    let handle = tokio::spawn(sink.run(rows(40), shutdown));
    tokio::time::sleep(Duration::from_millis(50)).await;
    tx.send(()).unwrap();
    tokio::time::sleep(Duration::from_millis(10)).await;
    assert_eq!(seen.lock().len(), 40, "rows flushed before shutdown");
    drop(handle);
}`;

// ---------------------------------------------------------------- the session
const sumac = {
  name: "sumac (held out 41)",
  sessionId: "c4e2a9d1-7b3f-4e08-a6d5-19f0b8e3c2a7",
  cwd: S,
  turns: 214,
  seed: 414141,
  files: ["crates/sumac-ingest/src/main.rs", "crates/sumac-ingest/src/routes.rs", "crates/sumac-ingest/src/auth.rs", "crates/sumac-ingest/src/producer.rs", "crates/sumac-ingest/src/quota.rs", "crates/sumac-sink/src/main.rs", "crates/sumac-sink/src/flush.rs", "crates/sumac-sink/src/consumer.rs", "crates/sumac-sink/src/row.rs", "crates/sumac-enricher/src/geo.rs", "crates/sumac-enricher/src/quota_cache.rs", "crates/sumac-store/src/usage.rs", "crates/sumac-store/src/api_keys.rs", "crates/sumac-common/src/envelope.rs", "deploy/helm/sumac/templates/deployment-sink.yaml", "deploy/helm/sumac/templates/deployment-ingest.yaml", ".github/workflows/ci.yml", "Cargo.toml"],
  otherTests: ["crates/sumac-common/tests/envelope.rs", "crates/sumac-ingest/tests/http.rs", "crates/sumac-store/tests/usage.rs", "crates/sumac-enricher/tests/geo.rs"],
  words: ["event", "tenant", "batch", "partition", "offset", "envelope", "quota", "usage", "producer", "consumer", "flush", "row", "insert", "schema", "session", "payload", "router", "handler", "client", "config", "metric", "span", "topic", "lag", "retry"],
  grepWords: ["FutureProducer", "StreamConsumer", "query_as!", "RowBinary", "TODO", "tenant_id", "tokio::test"],
  testCommands: ["cargo nextest run -p sumac-common", "cargo nextest run -p sumac-ingest --no-fail-fast", "cargo test -p sumac-store --doc"],
  buildCommands: ["cargo build --release -p sumac-sink", "cargo check --workspace --all-targets", "helm lint deploy/helm/sumac -f deploy/helm/sumac/values-prod.yaml"],
  appCommands: [`${K} logs deploy/sumac-ingest --since=10m`, `${K} logs deploy/sumac-sink --since=10m`, "stern -n sumac-prod sumac-enricher --since 5m"],
  prompts: ["continue", "next", "ok", "go on", "keep going", "yep", "do it", "go ahead", "k", "next step"],
  facts: [
    // ---------------------------------------------------------------- day 1 (Mon Feb 10): lag, too many parts
    [1, "Bash", AM_CMD, alerts([
      ["SumacSinkLagHigh", "2025-02-10 07:41:12 UTC", "consumer group sumac-sink lag 1.71M on events.raw"],
      ["ClickHouseTooManyParts", "2025-02-10 07:58:40 UTC", "sumac.events: 2981 active parts in partition 20250210 (chi-sumac-main-0-0)"],
      ["KubeHpaMaxedOut", "2025-02-10 07:30:05 UTC", "HPA sumac-prod/sumac-ingest has been running at max replicas for longer than 15 minutes."],
      WATCHDOG,
    ]), "alerts", { kind: "app", where: "top" }],
    [3, "Bash", RPK_GROUP, rpkGroup({ parts: 12, total: 1842113, base: 88104211, pods: sinkPods(SINK_RS.a, 4) }), "rpkgroup", { kind: "app", where: "top" }],
    [4, "Bash", RPK_TOPIC, rpkTopic(12, "604800000"), "rpktopic", { kind: "app", where: "top" }],
    [5, "Bash", PODS_CMD, pods([
      ["sumac-enricher-5f7b9c8d4-gq2lx", "1/1", "Running", "0", "6d2h"],
      ["sumac-enricher-5f7b9c8d4-n8r4w", "1/1", "Running", "0", "6d2h"],
      ...ING_A.map((p, i) => [p, "1/1", "Running", "0", i < 3 ? "6d2h" : "2h11m"]),
      ...sinkPods(SINK_RS.a, 4).map((p) => [p, "1/1", "Running", "0", "6d2h"]),
    ]), "pods", { kind: "app", where: "top" }],
    [7, "Bash", { command: `${K} logs deploy/sumac-sink --since=15m | grep -E 'WARN|ERROR' | tail -8` }, `2025-02-10T08:02:11.408Z  INFO sumac_sink::flush: flushed rows=1840 reason=Interval elapsed_ms=2114
2025-02-10T08:02:12.551Z  WARN sumac_sink::flush: clickhouse insert failed, retrying attempt=1 max=5 rows=1903 err=bad response: Code: 252. DB::Exception: Too many parts (3001 with average size of 61.31 KiB) in table 'sumac.events' (ReplicatedMergeTree). Merges are processing significantly slower than inserts. (TOO_MANY_PARTS) (version 24.8.4.13 (official build))
2025-02-10T08:02:13.902Z  WARN sumac_sink::flush: clickhouse insert failed, retrying attempt=2 max=5 rows=1903 err=bad response: Code: 252. DB::Exception: Too many parts (3002 with average size of 61.28 KiB) in table 'sumac.events' (ReplicatedMergeTree). Merges are processing significantly slower than inserts. (TOO_MANY_PARTS) (version 24.8.4.13 (official build))
2025-02-10T08:02:16.440Z  INFO sumac_sink::flush: flushed rows=1903 reason=Interval elapsed_ms=3889
(4 pods x 3 partitions each; every pod flushes on the 1000 ms tick with ~1800-1900 rows, so ClickHouse gets ~4 small inserts a second and creates a part for each)`, undefined, { kind: "app", where: "top" }],
    [8, "Read", { file_path: VP }, num(values(P0)), "valuesprod", { kind: "code", where: "top" }],
    [9, "Read", { file_path: `${S}/crates/sumac-sink/src/flush.rs`, limit: 60 }, num(FLUSH_HEAD), undefined, { kind: "code", where: "top" }],
    [11, "Bash", CH_PARTS, chParts(9114, 2987, "20250210", "1.58 TiB"), "chparts", { kind: "app", where: "top" }],
    [12, "Bash", CH(`ALTER TABLE sumac.events ON CLUSTER sumac MODIFY SETTING parts_to_throw_insert = 6000; ${SHOW_CREATE}`, true), `${onCluster}\n${chCreate(90, "index_granularity = 8192, parts_to_throw_insert = 6000")}`, "chcreate", { kind: "app", where: "top" }],
    [14, "Edit", { file_path: VP, old_string: '    SINK_BATCH_ROWS: "10000"\n    SINK_FLUSH_INTERVAL_MS: "1000"', new_string: '    SINK_BATCH_ROWS: "50000"\n    SINK_FLUSH_INTERVAL_MS: "5000"' }, edited(VP, values(P1a), "SINK_BATCH_ROWS", 2, 3), undefined, { kind: "code", where: "top" }],
    [15, "Edit", { file_path: VP, old_string: "  replicaCount: 4", new_string: "  replicaCount: 6" }, edited(VP, values(P1), "replicaCount: 6", 4, 2), undefined, { kind: "code", where: "top" }],
    [16, "Bash", { command: "argocd app diff sumac-prod --local deploy/helm/sumac" }, `===== apps/Deployment sumac-prod/sumac-sink ======
118c118
<   replicas: 4
---
>   replicas: 6
163c163
<           value: "10000"
---
>           value: "50000"
165c165
<           value: "1000"
---
>           value: "5000"`, undefined, { kind: "build", where: "top" }],
    [18, "Bash", { command: "git commit -am 'sink: 50k-row batches, 5s flush, 6 replicas (lag, too many parts)' && git log -1 --format='%h %s%n%n%b'" }, commit("3b7e0c4", "sink: 50k-row batches, 5s flush, 6 replicas (lag, too many parts)", 1, 3, 3, `SumacSinkLagHigh since 07:41 (lag 1842113 on events.raw) and ClickHouse rejecting inserts
with TOO_MANY_PARTS: the sink flushed on the 1s tick with ~1.9k rows per pod, so every pod
created a new part every second. 50000 rows / 5000 ms per flush, 6 replicas. The
parts_to_throw_insert=6000 bump on sumac.events is a stopgap, reset it once merges catch up.`), undefined, { kind: "build", where: "top" }],
    [19, "Bash", { command: ARGO_SYNC }, argoApp("3b7e0c4", "Synced", "Healthy", [...RES_BASE, res("Deployment", "sumac-ingest", "deployment.apps/sumac-ingest unchanged"), res("Deployment", "sumac-sink", "deployment.apps/sumac-sink configured"), res("Deployment", "sumac-enricher", "deployment.apps/sumac-enricher unchanged")]), "argoapp", { kind: "app", where: "top" }],
    [21, "Bash", CH_PARTS, chParts(6240, 1204, "20250210", "1.58 TiB"), "chparts", { kind: "app", where: "top" }],
    [22, "Bash", RPK_GROUP, rpkGroup({ parts: 12, total: 1310554, base: 89391022, pods: sinkPods(SINK_RS.b, 6) }), "rpkgroup", { kind: "app", where: "top" }],
    [24, "Bash", { command: "rpk topic add-partitions events.raw --num 12" }, `TOPIC       ERROR\nevents.raw  OK`, undefined, { kind: "app", where: "top" }],
    [25, "Bash", RPK_TOPIC, rpkTopic(24, "604800000"), "rpktopic", { kind: "app", where: "top" }],
    [26, "Edit", { file_path: VP, old_string: "  replicaCount: 6", new_string: "  replicaCount: 8" }, edited(VP, values(P1b), "replicaCount: 8", 4, 2), undefined, { kind: "code", where: "top" }],
    [28, "Bash", { command: "git commit -am 'events.raw 24 partitions; sink 8 replicas' && git log -1 --format='%h %s%n%n%b'" }, commit("9d41a27", "events.raw 24 partitions; sink 8 replicas", 1, 1, 1, `6 sink pods on 12 partitions left pods idle-ish and the busiest ones at 2 partitions each.
events.raw now has 24 partitions (rpk topic add-partitions --num 12), 8 sink replicas = 3
partitions per pod. Keys are tenant ids, so per-tenant ordering only holds for new events
from here on; nothing downstream depends on it.`), undefined, { kind: "build", where: "top" }],
    [29, "Bash", ARGO_GET, argoApp("9d41a27", "Synced", "Healthy", [...RES_BASE, res("Deployment", "sumac-ingest", ""), res("Deployment", "sumac-sink", "deployment.apps/sumac-sink configured"), res("Deployment", "sumac-enricher", "")]), "argoapp", { kind: "app", where: "top" }],
    [31, "Bash", PODS_CMD, pods([
      ["sumac-enricher-5f7b9c8d4-gq2lx", "1/1", "Running", "0", "6d9h"],
      ["sumac-enricher-5f7b9c8d4-n8r4w", "1/1", "Running", "0", "6d9h"],
      ...ING_A.slice(0, 4).map((p, i) => [p, "1/1", "Running", "0", i < 3 ? "6d9h" : "9h02m"]),
      ...sinkPods(SINK_RS.b, 8).map((p, i) => [p, "1/1", "Running", "0", i < 6 ? "4h12m" : "11m"]),
    ]), "pods", { kind: "app", where: "top" }],
    [33, "Bash", RPK_GROUP, rpkGroup({ parts: 24, total: 402881, base: 90488101, newFrom: 12, newBase: 1200344, pods: sinkPods(SINK_RS.b, 8) }), "rpkgroup", { kind: "app", where: "top" }],
    [35, "Bash", { command: "rpk group describe sumac-enricher" }, rpkGroup({ group: "sumac-enricher", topic: "events.sessions", parts: 6, total: 88120, base: 12044810, pods: ["sumac-enricher-5f7b9c8d4-gq2lx", "sumac-enricher-5f7b9c8d4-n8r4w"], coordinator: 0 }), undefined, { kind: "app", where: "top" }],
    [37, "Bash", { command: "rpk group describe sumac-sink --profile staging" }, rpkGroup({ parts: 6, total: 214, base: 2210447, pods: ["sumac-sink-8b5d7c6f9-qq4ld", "sumac-sink-8b5d7c6f9-zt2wm"], coordinator: 2 }), undefined, { kind: "app", where: "top" }],
    [39, "Bash", CH_PARTS, chParts(1912, 312, "20250210", "1.59 TiB"), "chparts", { kind: "app", where: "top" }],
    [40, "Bash", CH(`ALTER TABLE sumac.events ON CLUSTER sumac RESET SETTING parts_to_throw_insert; ${SHOW_CREATE}`, true), `${onCluster}\n${chCreate(90, "index_granularity = 8192")}`, "chcreate", { kind: "app", where: "top" }],
    [41, "Bash", AM_CMD, alerts([WATCHDOG]), "alerts", { kind: "app", where: "top" }],
    [42, "Read", { file_path: VP }, num(values(P1b)), "valuesprod", { kind: "code", where: "top" }],
    [46, "Read", { file_path: VS }, num(values(ST0)), "valuesstaging", { kind: "code", where: "top" }],

    // ---------------------------------------------------------------- day 2 (Tue Feb 11): sink OOM
    [49, "Bash", AM_CMD, alerts([
      ["KubePodCrashLooping", "2025-02-11 06:12:40 UTC", "Pod sumac-prod/sumac-sink-5b8f4d7c9-2xkqp (sink) is in waiting state (reason: \"CrashLoopBackOff\")."],
      ["KubePodCrashLooping", "2025-02-11 06:31:02 UTC", "Pod sumac-prod/sumac-sink-5b8f4d7c9-k8v2n (sink) is in waiting state (reason: \"CrashLoopBackOff\")."],
      ["SumacSinkLagHigh", "2025-02-11 06:40:12 UTC", "consumer group sumac-sink lag 1.12M on events.raw"],
      WATCHDOG,
    ]), "alerts", { kind: "app", where: "top" }],
    [50, "Bash", PODS_CMD, pods([
      ["sumac-enricher-5f7b9c8d4-gq2lx", "1/1", "Running", "0", "7d1h"],
      ["sumac-enricher-5f7b9c8d4-n8r4w", "1/1", "Running", "1 (3h ago)", "7d1h"],
      ...ING_A.slice(0, 3).map((p) => [p, "1/1", "Running", "0", "7d1h"]),
      ["sumac-sink-5b8f4d7c9-2xkqp", "0/1", "CrashLoopBackOff", "14 (2m11s ago)", "20h"],
      ["sumac-sink-5b8f4d7c9-7mh4c", "1/1", "Running", "9 (6m40s ago)", "20h"],
      ["sumac-sink-5b8f4d7c9-dq9wz", "0/1", "OOMKilled", "12 (8s ago)", "20h"],
      ["sumac-sink-5b8f4d7c9-t5rbn", "1/1", "Running", "11 (4m2s ago)", "20h"],
      ["sumac-sink-5b8f4d7c9-k8v2n", "0/1", "CrashLoopBackOff", "13 (1m50s ago)", "20h"],
      ["sumac-sink-5b8f4d7c9-w4lxs", "1/1", "Running", "8 (12m ago)", "20h"],
      ["sumac-sink-5b8f4d7c9-f9zpq", "1/1", "Running", "10 (3m31s ago)", "16h"],
      ["sumac-sink-5b8f4d7c9-h2cmd", "0/1", "CrashLoopBackOff", "12 (40s ago)", "16h"],
    ]), "pods", { kind: "app", where: "top" }],
    [51, "Bash", { command: `${K} describe pod sumac-sink-5b8f4d7c9-2xkqp | sed -n '1,48p'` }, `Name:             sumac-sink-5b8f4d7c9-2xkqp
Namespace:        sumac-prod
Priority:         0
Service Account:  sumac-sink
Node:             gke-sumac-prod-pool-b-4c1e2f0a-7k2m/10.128.0.41
Start Time:       Mon, 10 Feb 2025 11:03:27 +0000
Labels:           app.kubernetes.io/instance=sumac
                  app.kubernetes.io/name=sumac-sink
                  pod-template-hash=5b8f4d7c9
Status:           Running
IP:               10.42.3.17
Controlled By:    ReplicaSet/sumac-sink-5b8f4d7c9
Containers:
  sink:
    Image:          ghcr.io/sumac-io/sumac-sink:1.18.0
    Port:           9090/TCP (metrics)
    State:          Waiting
      Reason:       CrashLoopBackOff
    Last State:     Terminated
      Reason:       OOMKilled
      Exit Code:    137
      Started:      Tue, 11 Feb 2025 07:48:02 +0000
      Finished:     Tue, 11 Feb 2025 07:53:44 +0000
    Ready:          False
    Restart Count:  14
    Limits:
      memory:  1Gi
    Requests:
      cpu:     1
      memory:  768Mi
    Environment:
      SINK_BATCH_ROWS:          50000
      SINK_FLUSH_INTERVAL_MS:   5000
      SINK_INSERT_RETRIES:      5
      KAFKA_QUEUED_MAX_KBYTES:  65536
Events:
  Type     Reason   Age                 From     Message
  ----     ------   ----                ----     -------
  Warning  BackOff  2m (x71 over 3h)    kubelet  Back-off restarting failed container sink in pod sumac-sink-5b8f4d7c9-2xkqp_sumac-prod(4f1d0e2a-91c7-4b8e-a0d2-6e3f9c1b7a55)`, undefined, { kind: "app", where: "top" }],
    [53, "Bash", TOP_SINK, top(sinkPods(SINK_RS.b, 8).map((p, i) => [p, `${[812, 640, 0, 901, 0, 744, 688, 0][i]}m`, `${[1003, 871, 0, 988, 0, 942, 906, 0][i]}Mi`]).filter((r) => r[1] !== "0m")), undefined, { kind: "app", where: "top" }],
    [54, "Bash", RPK_GROUP, rpkGroup({ parts: 24, total: 2204917, base: 97340022, newFrom: 12, newBase: 8120911, pods: [0, 1, 3, 5, 6].map((i) => sinkPods(SINK_RS.b, 8)[i]), state: "PreparingRebalance" }), "rpkgroup", { kind: "app", where: "top" }],
    [55, "Edit", { file_path: VP, old_string: "    limits:\n      memory: 1Gi\n  env:\n    SINK_BATCH_ROWS", new_string: "    limits:\n      memory: 2Gi\n  env:\n    SINK_BATCH_ROWS" }, edited(VP, values(P2), "memory: 2Gi", 5, 2), undefined, { kind: "code", where: "top" }],
    [56, "Bash", { command: `git commit -am 'sink: memory limit 2Gi (oom mitigation)' && ${ARGO_SYNC}` }, `${commit("c02f5e9", "sink: memory limit 2Gi (oom mitigation)", 1, 1, 1, "Sink pods OOMKilled at 1Gi since ~06:00 (restart loops, lag climbing). 2Gi until we know what\ngrows; not a fix.")}\n\n${argoApp("c02f5e9", "Synced", "Healthy", [...RES_BASE, res("Deployment", "sumac-sink", "deployment.apps/sumac-sink configured")])}`, "argoapp", { kind: "build", where: "top" }],
    [58, "Bash", { command: `${K} logs deploy/sumac-enricher --since=3h | grep -B2 -A3 panicked` }, `2025-02-11T09:14:02.329Z  WARN sumac_enricher::geo: maxmind lookup returned no city for 100.64.12.7 (CGNAT range) tenant_id=2210
thread 'tokio-runtime-worker' panicked at crates/sumac-enricher/src/geo.rs:88:41:
called \`Option::unwrap()\` on a \`None\` value
note: run with \`RUST_BACKTRACE=1\` environment variable to display a backtrace
2025-02-11T09:14:02.340Z ERROR sumac_enricher: worker task died, restarting worker=3
(one restart of sumac-enricher-5f7b9c8d4-n8r4w 3h ago; unrelated to the sink OOMs: a CGNAT address has no city record)`, undefined, { kind: "app", where: "top" }],
    [60, "Bash", TOP_SINK, top(sinkPods(SINK_RS.c, 8).map((p, i) => [p, `${[790, 812, 655, 901, 720, 744, 688, 805][i]}m`, `${[1874, 1211, 1502, 1930, 998, 1640, 1377, 1702][i]}Mi`])), undefined, { kind: "app", where: "top" }],
    [61, "Bash", { command: "./scripts/promql.sh 'max by (pod) (max_over_time(container_memory_working_set_bytes{namespace=\"sumac-prod\",container=\"sink\"}[2h]))' --since 2h" }, `pod                           max working set (2h)
sumac-sink-7d4c9b6f8-2xkqp    1.93 GiB
sumac-sink-7d4c9b6f8-7mh4c    1.41 GiB
sumac-sink-7d4c9b6f8-dq9wz    1.88 GiB
sumac-sink-7d4c9b6f8-t5rbn    1.97 GiB
sumac-sink-7d4c9b6f8-k8v2n    1.12 GiB
sumac-sink-7d4c9b6f8-w4lxs    1.79 GiB
sumac-sink-7d4c9b6f8-f9zpq    1.52 GiB
sumac-sink-7d4c9b6f8-h2cmd    1.90 GiB
(sawtooth: memory jumps in ~240 MiB steps while an insert is being retried, falls back after a successful flush)`, undefined, { kind: "app", where: "top" }],
    [63, "Bash", { command: `${K} logs sumac-sink-5b8f4d7c9-dq9wz --previous | tail -6` }, `2025-02-11T07:51:40.002Z  INFO sumac_sink::flush: flushed rows=50000 reason=Size elapsed_ms=4120
2025-02-11T07:52:14.118Z  WARN sumac_sink::flush: clickhouse insert timed out, retrying attempt=1 max=5 rows=50000
2025-02-11T07:52:44.870Z  WARN sumac_sink::flush: clickhouse insert timed out, retrying attempt=2 max=5 rows=50000
2025-02-11T07:53:15.302Z  WARN sumac_sink::flush: clickhouse insert timed out, retrying attempt=3 max=5 rows=50000
2025-02-11T07:53:44.611Z  WARN sumac_sink::flush: clickhouse insert timed out, retrying attempt=4 max=5 rows=50000
(container killed right after: exit 137)`, undefined, { kind: "app", where: "top" }],
    [65, "Bash", { command: `${K} exec sumac-sink-7d4c9b6f8-t5rbn -- sh -c 'curl -s localhost:9090/debug/pprof/heap > /tmp/heap.prof' && ${K} cp sumac-sink-7d4c9b6f8-t5rbn:/tmp/heap.prof /tmp/heap.prof && jeprof --text --show_bytes target/release/sumac-sink /tmp/heap.prof | head -12` }, `Using local file target/release/sumac-sink.
Using local file /tmp/heap.prof.
Total: 1983004672 B
1452802048  73.3%  73.3% 1452802048  73.3% <alloc::vec::Vec<T,A> as core::clone::Clone>::clone
 201326592  10.2%  83.5%  201326592  10.2% rd_kafka_buf_new0
  92274688   4.7%  88.1%   92274688   4.7% <clickhouse::rowbinary::ser::RowBinarySerializer<B> as serde::ser::Serializer>::serialize_str
  71303168   3.6%  91.7%   71303168   3.6% sumac_sink::row::EventRow::decode
  41943040   2.1%  93.8%   41943040   2.1% bytes::bytes_mut::BytesMut::reserve_inner
         0   0.0%  93.8% 1452802048  73.3% sumac_sink::flush::Flusher::retry_insert::{{closure}}
         0   0.0%  93.8% 1452802048  73.3% tokio::runtime::task::core::Core<T,S>::poll
         0   0.0%  93.8%  201326592  10.2% rdkafka::consumer::stream_consumer::StreamConsumer<C,R>::recv`, undefined, { kind: "build", where: "top" }],
    [66, "Read", { file_path: `${S}/crates/sumac-sink/src/flush.rs`, offset: 62, limit: 33 }, num(FLUSH_RETRY, 62), undefined, { kind: "code", where: "top" }],
    [68, "Bash", CH("SELECT count() AS inserts, round(quantile(0.5)(query_duration_ms)) AS p50_ms, round(quantile(0.99)(query_duration_ms)) AS p99_ms, max(query_duration_ms) AS max_ms, countIf(query_duration_ms > 30000) AS over_30s FROM system.query_log WHERE user = 'sumac_sink' AND query_kind = 'Insert' AND type = 'QueryFinish' AND event_time > now() - INTERVAL 6 HOUR FORMAT Vertical"), `Row 1:
──────
inserts:  14402
p50_ms:   412
p99_ms:   31877
max_ms:   58112
over_30s: 211`, undefined, { kind: "app", where: "top" }],
    [69, "Edit", { file_path: `${S}/crates/sumac-sink/src/flush.rs`, old_string: "            // the clickhouse Insert writes owned rows, so every attempt gets its own copy\n            let rows = batch.clone();\n            let pending = tokio::spawn(insert_rows(self.client.clone(), rows));\n            match tokio::time::timeout(self.insert_timeout, pending).await {", new_string: "            // encoded once (RowBinary) and shared by every attempt; a timed out attempt is aborted\n            let pending = tokio::spawn(insert_encoded(self.client.clone(), encoded.clone()));\n            let abort = pending.abort_handle();\n            let outcome = tokio::time::timeout(self.insert_timeout, pending).await;\n            if outcome.is_err() {\n                abort.abort();\n            }\n            match outcome {" }, `The file ${S}/crates/sumac-sink/src/flush.rs has been updated. Here's the result of running \`cat -n\` on a snippet of the edited file:
    62\t    async fn retry_insert(&self, batch: &[EventRow]) -> Result<(), SinkError> {
    63\t        let encoded: Bytes = encode_rowbinary(batch)?;
    64\t        let mut attempt = 0;
    65\t        loop {
    66\t            attempt += 1;
    67\t            // encoded once (RowBinary) and shared by every attempt; a timed out attempt is aborted
    68\t            let pending = tokio::spawn(insert_encoded(self.client.clone(), encoded.clone()));
    69\t            let abort = pending.abort_handle();
    70\t            let outcome = tokio::time::timeout(self.insert_timeout, pending).await;
    71\t            if outcome.is_err() {
    72\t                abort.abort();
    73\t            }
    74\t            match outcome {`, undefined, { kind: "code", where: "top" }],
    [70, "Bash", { command: "cargo nextest run -p sumac-sink" }, nextest("    Starting 64 tests across 3 binaries", [
      "        PASS [   0.014s] sumac-sink flush::tests::flushes_when_batch_is_full",
      "        PASS [   0.052s] sumac-sink flush::tests::retry_shares_encoded_batch",
      "        PASS [   0.061s] sumac-sink flush::tests::timed_out_insert_is_aborted",
      "        PASS [   0.071s] sumac-sink flush::tests::flush_on_shutdown_drains_buffer",
    ], "[   3.118s] 64 tests run: 64 passed, 0 skipped"), undefined, { kind: "test", where: "bottom" }],
    [72, "Edit", { file_path: VP, old_string: '    tag: "1.18.0"\n  replicaCount: 8\n  resources:\n    requests:\n      cpu: "1"\n      memory: 768Mi\n    limits:\n      memory: 2Gi\n  env:\n    SINK_BATCH_ROWS: "50000"\n    SINK_FLUSH_INTERVAL_MS: "5000"\n    SINK_INSERT_RETRIES: "5"\n    KAFKA_QUEUED_MAX_KBYTES: "65536"', new_string: '    tag: "1.18.1"\n  replicaCount: 8\n  resources:\n    requests:\n      cpu: "1"\n      memory: 768Mi\n    limits:\n      memory: 1536Mi\n  env:\n    SINK_BATCH_ROWS: "20000"\n    SINK_FLUSH_INTERVAL_MS: "5000"\n    SINK_INSERT_RETRIES: "5"\n    KAFKA_QUEUED_MAX_KBYTES: "16384"' }, edited(VP, values(P3), "repository: sumac-sink", 1, 15), undefined, { kind: "code", where: "top" }],
    [73, "Bash", { command: "git commit -am 'sink: share the encoded batch across insert retries, abort timed out inserts; 20k rows, 1536Mi (1.18.1)' && git log -1 --format='%h %s%n%n%b'" }, commit("7a9e3d1", "sink: share the encoded batch across insert retries, abort timed out inserts; 20k rows, 1536Mi (1.18.1)", 4, 61, 22, `Root cause of the sink OOMKills (Feb 11): retry_insert cloned the whole batch on every attempt
and ran the insert in a spawned task; tokio::time::timeout dropped the JoinHandle but never
aborted the task, so a timed out insert kept running with its copy of the rows. While
ClickHouse inserts were slow (p99 31.9s during merges after the partition change) a pod held
up to 5 copies of a 50000-row batch (~240 MiB each) on top of the librdkafka prefetch queue
(queued.max.messages.kbytes 65536 per partition). The 50k batch from 3b7e0c4 made each copy
big enough to cross 1Gi.
Fix: encode the batch once (RowBinary Bytes) and share it between attempts, abort the task
on timeout. SINK_BATCH_ROWS 20000, KAFKA_QUEUED_MAX_KBYTES 16384, limit 2Gi -> 1536Mi.`), undefined, { kind: "build", where: "top" }],
    [74, "Bash", GH_RUNS, ghRuns([
      ghRow("✓", "sink: share the encoded batch across insert retries, abort timed out inserts; 20k rows, 1536Mi (1.18.1)", "release", "v1.18.1", "push", "13262877104", "11m48s", "about 2 minutes ago"),
      ghRow("✓", "sink: share the encoded batch across insert retries, abort timed out inserts; 20k rows, 1536Mi (1.18.1)", "ci", "main", "push", "13262871190", "6m55s", "about 14 minutes ago"),
      ghRow("✓", "sink: memory limit 2Gi (oom mitigation)", "ci", "main", "push", "13260412287", "6m41s", "about 3 hours ago"),
      ghRow("✓", "events.raw 24 partitions; sink 8 replicas", "ci", "main", "push", "13247003118", "6m38s", "about 20 hours ago"),
      ghRow("X", "build(deps): bump clickhouse from 0.13.1 to 0.13.2", "ci", "dependabot/cargo/clickhouse-0.13.2", "pull_request", "13246510982", "1m12s", "about 21 hours ago"),
    ]), "ci", { kind: "build", where: "top" }],
    [75, "Bash", ARGO_GET, argoApp("7a9e3d1", "Synced", "Healthy", [...RES_BASE, res("Deployment", "sumac-ingest", "deployment.apps/sumac-ingest configured"), res("Deployment", "sumac-sink", "deployment.apps/sumac-sink configured"), res("Deployment", "sumac-enricher", "")]), "argoapp", { kind: "app", where: "top" }],
    [77, "Bash", TOP_SINK, top(sinkPods(SINK_RS.d, 8).map((p, i) => [p, `${[702, 688, 731, 690, 655, 712, 740, 699][i]}m`, `${[612, 640, 598, 655, 603, 621, 644, 617][i]}Mi`])), undefined, { kind: "app", where: "top" }],
    [79, "Bash", PODS_CMD, pods([
      ["sumac-enricher-5f7b9c8d4-gq2lx", "1/1", "Running", "0", "7d6h"],
      ["sumac-enricher-5f7b9c8d4-n8r4w", "1/1", "Running", "1 (8h ago)", "7d6h"],
      ...["6d5c8b7f9-b2k7q", "6d5c8b7f9-l9x3c", "6d5c8b7f9-p4v8s"].map((s) => [`sumac-ingest-${s}`, "1/1", "Running", "0", "44m"]),
      ...sinkPods(SINK_RS.d, 8).map((p) => [p, "1/1", "Running", "0", "41m"]),
    ]), "pods", { kind: "app", where: "top" }],
    [80, "Bash", RPK_GROUP, rpkGroup({ parts: 24, total: 9412, base: 99870411, newFrom: 12, newBase: 10022811, pods: sinkPods(SINK_RS.d, 8) }), "rpkgroup", { kind: "app", where: "top" }],
    [82, "Read", { file_path: VP }, num(values(P3)), "valuesprod", { kind: "code", where: "top" }],
    [84, "Bash", { command: "git log -p -1 --format='%h %an %s' -- deploy/helm/sumac/values-staging.yaml" }, `b0d3a71 Mehmet Kaya staging: sink batch like prod
diff --git a/deploy/helm/sumac/values-staging.yaml b/deploy/helm/sumac/values-staging.yaml
--- a/deploy/helm/sumac/values-staging.yaml
+++ b/deploy/helm/sumac/values-staging.yaml
@@ -37,7 +37,7 @@ sink:
   env:
-    SINK_BATCH_ROWS: "5000"
+    SINK_BATCH_ROWS: "20_000"
     SINK_FLUSH_INTERVAL_MS: "2000"`, undefined, { kind: "build", where: "top" }],
    [86, "Bash", { command: `${KS} logs deploy/sumac-sink --previous | tail -4` }, `2025-02-11T14:02:10.114Z  INFO sumac_sink: starting sumac-sink 1.18.1 env=staging
thread 'main' panicked at crates/sumac-sink/src/config.rs:52:10:
SINK_BATCH_ROWS must be a positive integer: ParseIntError { kind: InvalidDigit }
note: run with \`RUST_BACKTRACE=1\` environment variable to display a backtrace`, undefined, { kind: "app", error: true, where: "top" }],
    [87, "Edit", { file_path: VS, old_string: '    SINK_BATCH_ROWS: "20_000"', new_string: '    SINK_BATCH_ROWS: "20000"' }, edited(VS, values(ST2), "SINK_BATCH_ROWS", 2, 2), undefined, { kind: "code", where: "top" }],
    [89, "Read", { file_path: VS }, num(values(ST2)), "valuesstaging", { kind: "code", where: "top" }],

    // ---------------------------------------------------------------- day 3 (Wed Feb 12): toolchain, deps, flaky test, bigint migration
    [93, "Bash", { command: "gh run view 13246510982 --log-failed | tail -8" }, `check  Run cargo nextest run --workspace --profile ci  2025-02-11T10:14:31.2201Z     Updating crates.io index
check  Run cargo nextest run --workspace --profile ci  2025-02-11T10:14:33.9114Z error: rustc 1.82.0 is not supported by the following package:
check  Run cargo nextest run --workspace --profile ci  2025-02-11T10:14:33.9116Z   clickhouse@0.13.2 requires rustc 1.83
check  Run cargo nextest run --workspace --profile ci  2025-02-11T10:14:33.9117Z Either upgrade rustc or select compatible dependency versions with
check  Run cargo nextest run --workspace --profile ci  2025-02-11T10:14:33.9118Z \`cargo update <name>@<current-ver> --precise <compatible-ver>\`
check  Run cargo nextest run --workspace --profile ci  2025-02-11T10:14:33.9118Z where \`<compatible-ver>\` is the latest version supporting rustc 1.82.0
check  Run cargo nextest run --workspace --profile ci  2025-02-11T10:14:33.9322Z ##[error]Process completed with exit code 101.`, undefined, { kind: "build", error: true, where: "top" }],
    [94, "Bash", RUSTC_CMD, toolchain("1.82.0", "f6e511eec", "2024-10-15", "cargo 1.82.0 (8f40fc59f 2024-08-21)"), "rustc", { kind: "build", where: "top" }],
    [95, "Bash", DEPS_CMD, deps({ axum: "0.7.9", ch: "0.13.1", rdkafka: "0.36.2", sqlx: "0.7.4", tokio: "1.41.1", ver: "1.18.1" }), "deps", { kind: "build", where: "top" }],
    [97, "Edit", { file_path: `${S}/rust-toolchain.toml`, old_string: 'channel = "1.82.0"', new_string: 'channel = "1.84.1"' }, `The file ${S}/rust-toolchain.toml has been updated. Here's the result of running \`cat -n\` on a snippet of the edited file:
     1\t[toolchain]
     2\tchannel = "1.84.1"
     3\tcomponents = ["clippy", "rustfmt"]
     4\tprofile = "minimal"`, undefined, { kind: "code", where: "top" }],
    [98, "Edit", { file_path: `${S}/Cargo.toml`, old_string: 'axum = "0.7.9"', new_string: 'axum = "0.8.1"' }, `The file ${S}/Cargo.toml has been updated. Here's the result of running \`cat -n\` on a snippet of the edited file:
    18\t[workspace.dependencies]
    19\taxum = "0.8.1"
    20\tclickhouse = { version = "0.13.2", features = ["lz4", "inserter"] }
    21\trdkafka = { version = "0.37.0", features = ["ssl", "zstd", "cmake-build"] }
    22\tsqlx = { version = "0.8.3", default-features = false, features = ["runtime-tokio", "tls-rustls", "postgres", "macros", "migrate", "chrono", "uuid"] }
    23\ttokio = { version = "1.43.0", features = ["full"] }
    24\ttower-http = { version = "0.6.2", features = ["trace", "limit", "compression-zstd"] }`, undefined, { kind: "code", where: "top" }],
    [99, "Bash", { command: "cargo update && cargo build --workspace 2>&1 | tail -14" }, `     Locking 31 packages to latest compatible versions
    Updating axum v0.7.9 -> v0.8.1
    Updating axum-core v0.4.5 -> v0.5.0
    Updating clickhouse v0.13.1 -> v0.13.2
    Updating rdkafka v0.36.2 -> v0.37.0
    Updating sqlx v0.7.4 -> v0.8.3
    Updating tokio v1.41.1 -> v1.43.0
   Compiling sumac-ingest v1.18.1 (${S}/crates/sumac-ingest)
error[E0195]: lifetime parameters or bounds on method \`from_request_parts\` do not match the trait declaration
  --> crates/sumac-ingest/src/auth.rs:31:5
   |
31 |     async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
   |     ^^^^^ lifetimes do not match method in trait

For more information about this error, try \`rustc --explain E0195\`.
error: could not compile \`sumac-ingest\` (lib) due to 1 previous error`, undefined, { kind: "build", error: true, where: "top" }],
    [101, "Edit", { file_path: `${S}/crates/sumac-ingest/src/auth.rs`, old_string: "#[async_trait]\nimpl FromRequestParts<AppState> for ApiKey {", new_string: "impl FromRequestParts<AppState> for ApiKey {" }, `The file ${S}/crates/sumac-ingest/src/auth.rs has been updated. Here's the result of running \`cat -n\` on a snippet of the edited file:
    26\t
    27\t// axum 0.8: FromRequestParts uses native async fn in traits, no #[async_trait]
    28\timpl FromRequestParts<AppState> for ApiKey {
    29\t    type Rejection = AuthError;
    30\t
    31\t    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {`, undefined, { kind: "code", where: "top" }],
    [102, "Bash", { command: "cargo clippy --workspace --all-targets -- -D warnings 2>&1 | tail -14" }, `    Checking sumac-common v1.18.1 (${S}/crates/sumac-common)
error: the following explicit lifetimes could be elided: 'a
  --> crates/sumac-common/src/envelope.rs:41:6
   |
41 | impl<'a> fmt::Display for TenantLabel<'a> {
   |      ^^                               ^^
   |
   = help: for further information visit https://rust-lang.github.io/rust-clippy/master/index.html#needless_lifetimes
   = note: \`-D clippy::needless-lifetimes\` implied by \`-D warnings\`
   = help: to override \`-D warnings\` add \`#[allow(clippy::needless_lifetimes)]\`
help: elide the lifetimes
   |
41 - impl<'a> fmt::Display for TenantLabel<'a> {
41 + impl fmt::Display for TenantLabel<'_> {`, undefined, { kind: "build", error: true, where: "top" }],
    [103, "Edit", { file_path: `${S}/crates/sumac-common/src/envelope.rs`, old_string: "impl<'a> fmt::Display for TenantLabel<'a> {", new_string: "impl fmt::Display for TenantLabel<'_> {" }, `The file ${S}/crates/sumac-common/src/envelope.rs has been updated. Here's the result of running \`cat -n\` on a snippet of the edited file:
    40\t
    41\timpl fmt::Display for TenantLabel<'_> {
    42\t    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    43\t        write!(f, "{}:{}", self.tenant_id, self.slug)`, undefined, { kind: "code", where: "top" }],
    [105, "Bash", NEXTEST_WS, nextest("    Starting 318 tests across 14 binaries (3 tests skipped)", [
      "        PASS [   0.011s] sumac-common envelope::tests::parses_v2_envelope",
      "        FAIL [   0.038s] sumac-ingest routes::tests::accepts_batch_of_100",
      "--- STDERR:              sumac-ingest routes::tests::accepts_batch_of_100 ---",
      "thread 'routes::tests::accepts_batch_of_100' panicked at /home/dev/.cargo/registry/src/index.crates.io-6f17d22bba15001f/axum-0.8.1/src/routing/mod.rs:181:22:",
      "Path segments must not start with `:`. For capture groups, use `{capture}`. If you meant to literally match a segment starting with a colon, call `without_v07_checks` on the router.",
      "        FAIL [   0.036s] sumac-ingest routes::tests::rejects_unknown_tenant",
      "        FAIL [   0.040s] sumac-ingest http::post_events_returns_202",
      "  (router built in crates/sumac-ingest/src/routes.rs:27: .route(\"/v1/tenants/:tenant_id/events\", post(ingest_events)))",
    ], "[  39.882s] 318 tests run: 301 passed, 17 failed, 3 skipped"), "nextest", { kind: "test", error: true, where: "bottom" }],
    [106, "Edit", { file_path: `${S}/crates/sumac-ingest/src/routes.rs`, old_string: '        .route("/v1/tenants/:tenant_id/events", post(ingest_events))\n        .route("/v1/tenants/:tenant_id/events/batch", post(ingest_batch))', new_string: '        .route("/v1/tenants/{tenant_id}/events", post(ingest_events))\n        .route("/v1/tenants/{tenant_id}/events/batch", post(ingest_batch))' }, `The file ${S}/crates/sumac-ingest/src/routes.rs has been updated. Here's the result of running \`cat -n\` on a snippet of the edited file:
    25\tpub fn router(state: AppState) -> Router {
    26\t    Router::new()
    27\t        .route("/v1/tenants/{tenant_id}/events", post(ingest_events))
    28\t        .route("/v1/tenants/{tenant_id}/events/batch", post(ingest_batch))
    29\t        .route("/healthz", get(healthz))`, undefined, { kind: "code", where: "top" }],
    [107, "Bash", { command: "cargo install sqlx-cli --version 0.8.3 --no-default-features --features rustls,postgres --locked -q && cargo sqlx prepare --workspace" }, `query data written to .sqlx in the workspace root; please check this into version control
(14 queries; sqlx-cli 0.8.3)`, undefined, { kind: "build", where: "top" }],
    [109, "Bash", NEXTEST_WS, nextest("    Starting 321 tests across 14 binaries (3 tests skipped)", [
      "        PASS [   0.012s] sumac-ingest routes::tests::accepts_batch_of_100",
      "   TRY 2 FAIL [   0.071s] sumac-sink flush::tests::flush_on_shutdown_drains_buffer",
      "--- TRY 2 STDERR:        sumac-sink flush::tests::flush_on_shutdown_drains_buffer ---",
      "thread 'flush::tests::flush_on_shutdown_drains_buffer' panicked at crates/sumac-sink/src/flush/tests.rs:27:5:",
      "assertion `left == right` failed: rows flushed before shutdown",
      "  left: 37",
      " right: 40",
      "    FLAKY 3/3 [   0.069s] sumac-sink flush::tests::flush_on_shutdown_drains_buffer",
    ], "[  41.307s] 321 tests run: 321 passed (1 flaky), 3 skipped"), "nextest", { kind: "test", where: "bottom" }],
    [110, "Bash", RUSTC_CMD, toolchain("1.84.1", "e71f9a9a9", "2025-01-27", "cargo 1.84.1 (66221abde 2024-11-19)"), "rustc", { kind: "build", where: "top" }],
    [111, "Bash", DEPS_CMD, deps({ axum: "0.8.1", ch: "0.13.2", rdkafka: "0.37.0", sqlx: "0.8.3", tokio: "1.43.0", ver: "1.18.1" }), "deps", { kind: "build", where: "top" }],
    [113, "Read", { file_path: `${S}/.config/nextest.toml` }, num(nextestToml(2)), "nextestcfg", { kind: "code", where: "top" }],
    [114, "Bash", { command: "for i in $(seq 30); do cargo nextest run -p sumac-sink -E 'test(flush_on_shutdown)' --retries 0 --no-fail-fast >/tmp/nt-$i.log 2>&1 || echo \"run $i FAILED\"; done | tee /tmp/flaky.txt; echo \"$(wc -l < /tmp/flaky.txt)/30 runs failed\"" }, `run 3 FAILED
run 7 FAILED
run 11 FAILED
run 12 FAILED
run 19 FAILED
run 24 FAILED
run 28 FAILED
7/30 runs failed
(every failure: left 36-39, right 40: the test checks 10 ms after sending shutdown on a real clock; on a loaded runner the final flush has not happened yet)`, undefined, { kind: "test", where: "top" }],
    [115, "Read", { file_path: `${S}/crates/sumac-sink/src/flush/tests.rs` }, num(FLAKY_TEST), undefined, { kind: "code", where: "top" }],
    [117, "Edit", { file_path: `${S}/crates/sumac-sink/src/flush/tests.rs`, old_string: "#[tokio::test]\nasync fn flush_on_shutdown_drains_buffer() {", new_string: "#[tokio::test(start_paused = true)]\nasync fn flush_on_shutdown_drains_buffer() {" }, `The file ${S}/crates/sumac-sink/src/flush/tests.rs has been updated. Here's the result of running \`cat -n\` on a snippet of the edited file:
    17\t#[tokio::test(start_paused = true)]
    18\tasync fn flush_on_shutdown_drains_buffer() {
    19\t    let (ch, seen) = fake_clickhouse();
    20\t    let (tx, shutdown) = tokio::sync::oneshot::channel();
    21\t    let sink = Flusher::new(ch, FlushConfig { batch_rows: 100, interval: Duration::from_millis(20), ..Default::default() });
    22\t    let handle = tokio::spawn(sink.run(rows(40), shutdown));
    23\t    tokio::time::advance(Duration::from_millis(50)).await;
    24\t    tx.send(()).unwrap();
    25\t    handle.await.unwrap().unwrap(); // run() returns only after the shutdown flush
    26\t    assert_eq!(seen.lock().len(), 40, "rows flushed before shutdown");
    27\t}`, undefined, { kind: "code", where: "top" }],
    [118, "Bash", { command: "for i in $(seq 30); do cargo nextest run -p sumac-sink -E 'test(flush_on_shutdown)' --retries 0 >/tmp/nt-$i.log 2>&1 || echo \"run $i FAILED\"; done | tee /tmp/flaky.txt; echo \"$(wc -l < /tmp/flaky.txt)/30 runs failed\"" }, "0/30 runs failed", undefined, { kind: "test", where: "top" }],
    [119, "Edit", { file_path: `${S}/.config/nextest.toml`, old_string: "retries = 2", new_string: "# no retries: they hid flush_on_shutdown_drains_buffer for weeks (fixed with a paused clock)\nretries = 0" }, `The file ${S}/.config/nextest.toml has been updated. Here's the result of running \`cat -n\` on a snippet of the edited file:
     8\t[profile.ci]
     9\t# no retries: they hid flush_on_shutdown_drains_buffer for weeks (fixed with a paused clock)
    10\tretries = 0
    11\tfailure-output = "immediate-final"`, undefined, { kind: "code", where: "top" }],
    [120, "Read", { file_path: `${S}/.config/nextest.toml` }, num(nextestToml(0, "# no retries: they hid flush_on_shutdown_drains_buffer for weeks (fixed with a paused clock)")), "nextestcfg", { kind: "code", where: "top" }],
    [122, "Bash", NEXTEST_WS, nextest("    Starting 321 tests across 14 binaries (3 tests skipped)", [
      "        PASS [   0.012s] sumac-ingest routes::tests::accepts_batch_of_100",
      "        PASS [   0.003s] sumac-sink flush::tests::flush_on_shutdown_drains_buffer",
      "        PASS [   1.904s] sumac-store usage::tests::increments_events_count",
    ], "[  40.112s] 321 tests run: 321 passed, 3 skipped"), "nextest", { kind: "test", where: "bottom" }],
    [123, "Bash", { command: "git add -A && git commit -m 'toolchain 1.84.1; axum 0.8.1, sqlx 0.8.3, tokio 1.43.0, clickhouse 0.13.2, rdkafka 0.37.0' -- rust-toolchain.toml Cargo.toml Cargo.lock .sqlx crates/sumac-ingest crates/sumac-common && git log -1 --format='%h %s%n%n%b'" }, commit("51c8b2f", "toolchain 1.84.1; axum 0.8.1, sqlx 0.8.3, tokio 1.43.0, clickhouse 0.13.2, rdkafka 0.37.0", 19, 212, 187, `Dependabot's clickhouse 0.13.2 bump (#418) failed CI: the new clickhouse needs rustc >= 1.83
and we pinned 1.82.0. Moved the toolchain to 1.84.1 and took the other pending bumps with it:
- axum 0.8: route captures are {tenant_id} not :tenant_id (the old syntax panics when the
  router is built), FromRequestParts without #[async_trait]
- clippy 1.84 needless_lifetimes on TenantLabel
- sqlx 0.8.3 + regenerated .sqlx offline data`), undefined, { kind: "build", where: "top" }],
    [124, "Bash", { command: "git commit -am 'sink: deflake flush_on_shutdown_drains_buffer (paused clock); nextest retries 0' && git log -1 --format='%h %s'" }, commit("e4a0f67", "sink: deflake flush_on_shutdown_drains_buffer (paused clock); nextest retries 0", 2, 5, 4, `flush_on_shutdown_drains_buffer failed 7 of 30 runs locally (CI hid it with retries = 2): it
slept 10 ms on the real clock after sending shutdown and then counted rows. Now it runs
with start_paused = true and awaits the run() handle, which returns after the shutdown
flush. 0/30 failures.`), undefined, { kind: "build", where: "top" }],
    [126, "Bash", GH_RUNS, ghRuns([
      ghRow("✓", "sink: deflake flush_on_shutdown_drains_buffer (paused clock); nextest retries 0", "ci", "main", "push", "13279440211", "7m31s", "about 3 minutes ago"),
      ghRow("✓", "toolchain 1.84.1; axum 0.8.1, sqlx 0.8.3, tokio 1.43.0, clickhouse 0.13.2, rdkafka 0.37.0", "ci", "main", "push", "13279402877", "9m12s", "about 12 minutes ago"),
      ghRow("✓", "sink: share the encoded batch across insert retries, abort timed out inserts; 20k rows, 1536Mi (1.18.1)", "release", "v1.18.1", "push", "13262877104", "11m48s", "1 day ago"),
      ghRow("X", "build(deps): bump clickhouse from 0.13.1 to 0.13.2", "ci", "dependabot/cargo/clickhouse-0.13.2", "pull_request", "13246510982", "1m12s", "2 days ago"),
    ]), "ci", { kind: "build", where: "top" }],
    [128, "Read", { file_path: `${S}/crates/sumac-store/migrations/20250211160000_tenant_usage_events_count_bigint.up.sql` }, num(`-- tenants over 2^31 events this quarter (tenant 1042 is at 2.09B): widen the counter
ALTER TABLE tenant_usage ALTER COLUMN events_count TYPE bigint;`), undefined, { kind: "code", where: "top" }],
    [129, "Edit", { file_path: `${S}/crates/sumac-store/src/usage.rs`, old_string: "    pub events_count: i32,", new_string: "    pub events_count: i64," }, `The file ${S}/crates/sumac-store/src/usage.rs has been updated. Here's the result of running \`cat -n\` on a snippet of the edited file:
    12\tpub struct TenantUsage {
    13\t    pub tenant_id: i32,
    14\t    pub events_count: i64,
    15\t    pub quota: i64,`, undefined, { kind: "code", where: "top" }],
    [130, "Bash", { command: "sqlx migrate run --source crates/sumac-store/migrations --database-url \"$SUMAC_STAGING_PG\"" }, "Applied 20250211160000/migrate tenant usage events count bigint (0.412s)\n(staging: tenant_usage has 18204 rows)", undefined, { kind: "app", where: "top" }],
    [132, "Edit", { file_path: VP, old_string: '    tag: "1.18.1"', new_string: '    tag: "1.19.0"' }, `${edited(VP, values(P4), "repository: sumac-ingest", 1, 1)}\n...\n${edited(VP, values(P4), "repository: sumac-sink", 1, 1).split("\n").slice(1).join("\n")}`, undefined, { kind: "code", where: "top" }],
    [133, "Bash", { command: "git commit -am 'store: tenant_usage.events_count bigint; release 1.19.0' && git tag v1.19.0 && git push --follow-tags" }, `${commit("2f6d9c8", "store: tenant_usage.events_count bigint; release 1.19.0", 5, 14, 6, "events_count overflows i32 for tenant 1042 this quarter. Migration runs in the PreSync hook.")}
To github.com:sumac-io/sumac.git
   e4a0f67..2f6d9c8  main -> main
 * [new tag]         v1.19.0 -> v1.19.0`, undefined, { kind: "build", where: "top" }],

    // ---------------------------------------------------------------- day 4 (Thu Feb 13): migration rollout and revert, client cert
    [136, "Bash", { command: "argocd app sync sumac-prod --async && sleep 120 && argocd app get sumac-prod" }, argoApp("2f6d9c8", "OutOfSync", "Progressing", [
      res("Job", "sumac-migrate", "job.batch/sumac-migrate created", "batch", "Running", "", "PreSync"),
      res("Deployment", "sumac-ingest", "", "apps", "OutOfSync", "Healthy"),
      res("Deployment", "sumac-sink", "", "apps", "OutOfSync", "Healthy"),
    ], "Operation:          Sync\nSync Revision:      2f6d9c8\nPhase:              Running\nMessage:            waiting for completion of hook batch/Job/sumac-migrate\n"), "argoapp", { kind: "app", where: "top" }],
    [137, "Bash", { command: "psql \"$SUMAC_PROD_PG\" -c \"SELECT l.mode, l.granted, count(*) FROM pg_locks l JOIN pg_class c ON c.oid = l.relation WHERE c.relname = 'tenant_usage' GROUP BY 1, 2\" -c \"SELECT pid, now() - query_start AS running, left(query, 70) FROM pg_stat_activity WHERE query ILIKE 'ALTER TABLE tenant_usage%'\"" }, `        mode         | granted | count
---------------------+---------+-------
 AccessExclusiveLock | t       |     1
 AccessShareLock     | f       |   212
 RowExclusiveLock    | f       |    37
(3 rows)

  pid  |     running     |                                  left
-------+-----------------+------------------------------------------------------------------------
 48211 | 00:03:41.220914 | ALTER TABLE tenant_usage ALTER COLUMN events_count TYPE bigint;
(1 row)
(tenant_usage: 41.2M rows, 6.1 GB; the type change rewrites the whole table under the exclusive lock)`, undefined, { kind: "app", where: "top" }],
    [138, "Bash", { command: `${K} logs deploy/sumac-ingest --since=5m | grep -c ' 503 ' && ${K} logs deploy/sumac-ingest --since=5m | grep ERROR | tail -3` }, `18422
2025-02-13T07:09:12.402Z ERROR sumac_ingest::quota: quota check failed tenant_id=3310 err=pool timed out while waiting for an open connection
2025-02-13T07:09:12.488Z ERROR sumac_ingest::quota: quota check failed tenant_id=1042 err=pool timed out while waiting for an open connection
2025-02-13T07:09:12.511Z ERROR sumac_ingest::quota: quota check failed tenant_id=77 err=pool timed out while waiting for an open connection`, undefined, { kind: "app", error: true, where: "top" }],
    [139, "Bash", { command: `${K} logs job/sumac-migrate` }, `sqlx-cli 0.8.3: running migrations from /migrations against postgres://sumac@pg-sumac.db.svc:5432/sumac
Applied 20250211160000/migrate tenant usage events count bigint (252.418s)`, undefined, { kind: "app", where: "top" }],
    [140, "Bash", { command: `${K} logs deploy/sumac-enricher --since=10m | tail -5 && ${K} get pods -l app.kubernetes.io/name=sumac-enricher` }, `2025-02-13T07:12:44.902Z ERROR sumac_enricher::quota_cache: refresh failed: error occurred while decoding column "events_count": mismatched types; Rust type \`i32\` (as SQL type \`INT4\`) is not compatible with SQL type \`INT8\`
2025-02-13T07:12:44.903Z  WARN sumac_enricher::quota_cache: serving stale quota cache age_s=301
thread 'main' panicked at crates/sumac-enricher/src/main.rs:74:14:
quota cache stale for more than 300s, refusing to enrich
note: run with \`RUST_BACKTRACE=1\` environment variable to display a backtrace
${pods([["sumac-enricher-5f7b9c8d4-gq2lx", "0/1", "CrashLoopBackOff", "4 (31s ago)", "9d"], ["sumac-enricher-5f7b9c8d4-n8r4w", "0/1", "CrashLoopBackOff", "5 (12s ago)", "9d"]])}
(the enricher is still on image 1.18.0 - values-prod.yaml only bumped ingest and sink to 1.19.0 - and reads events_count as i32)`, undefined, { kind: "app", error: true, where: "top" }],
    [141, "Bash", SQLX_INFO, [...MIGS, "20250211160000/installed tenant usage events count bigint"].join("\n"), "sqlxinfo", { kind: "app", where: "top" }],
    [142, "Bash", { command: "git revert --no-edit 2f6d9c8 && git commit --amend -m \"$(cat /tmp/revert-msg.txt)\" && git log -1 --format='%h %s%n%n%b'" }, commit("8c3b1e0", "Revert \"store: tenant_usage.events_count bigint; release 1.19.0\"", 5, 6, 14, `Reverts 2f6d9c8. The PreSync migration held an ACCESS EXCLUSIVE lock on tenant_usage for
252s (table rewrite, 41M rows): ingest quota checks timed out on the pool and returned 503
(18k in 5 minutes). After it finished, the enricher - still on 1.18.0 because values-prod
only bumped ingest and sink - failed every quota refresh with "mismatched types; Rust type
i32 is not compatible with SQL type INT8" and crash-looped. Rolling back to 1.18.1 and
reverting the column (sqlx migrate revert). Redo as add-column + backfill.`), undefined, { kind: "build", where: "top" }],
    [143, "Bash", { command: `git push && ${ARGO_SYNC}` }, `   2f6d9c8..8c3b1e0  main -> main
FATA[0041] Operation has completed with phase: Failed
Message:            one or more synchronization tasks completed unsuccessfully, reason: job sumac-migrate failed: error: migration 20250211160000 was previously applied but is missing in the resolved migrations`, undefined, { kind: "app", error: true, where: "top" }],
    [144, "Bash", { command: "git worktree add /tmp/sumac-2f6d9c8 2f6d9c8 && cd /tmp/sumac-2f6d9c8 && sqlx migrate revert --source crates/sumac-store/migrations --database-url \"$SUMAC_PROD_PG\"" }, `Preparing worktree (detached HEAD 2f6d9c8)
Applied 20250211160000/revert tenant usage events count bigint (248.930s)`, undefined, { kind: "app", where: "top" }],
    [145, "Bash", { command: ARGO_SYNC }, argoApp("8c3b1e0", "Synced", "Healthy", [
      res("Job", "sumac-migrate", "Reached expected number of succeeded pods", "batch", "Succeeded", "", "PreSync"),
      res("Deployment", "sumac-ingest", "deployment.apps/sumac-ingest configured"),
      res("Deployment", "sumac-sink", "deployment.apps/sumac-sink configured"),
      res("Deployment", "sumac-enricher", "deployment.apps/sumac-enricher unchanged"),
    ]), "argoapp", { kind: "app", where: "top" }],
    [146, "Bash", SQLX_INFO, MIGS.join("\n"), "sqlxinfo", { kind: "app", where: "top" }],
    [147, "Read", { file_path: `${S}/crates/sumac-store/migrations/20250212113000_tenant_usage_events_count_v2.up.sql` }, num(`-- add-only: no table rewrite, the exclusive lock is held only for the catalog update.
-- Rows are filled by the batched backfill job (sumac-store backfill-events-count-v2);
-- readers use coalesce(events_count_v2, events_count) until the old column is dropped.
ALTER TABLE tenant_usage ADD COLUMN events_count_v2 bigint;`), undefined, { kind: "code", where: "top" }],
    [148, "Edit", { file_path: VP, old_string: '    tag: "1.18.1"', new_string: '    tag: "1.19.1"' }, `${edited(VP, values(P6), "repository: sumac-ingest", 1, 1)}\n...\n${edited(VP, values(P6), "repository: sumac-sink", 1, 1).split("\n").slice(1).join("\n")}\n...\n${edited(VP, values(P6), "repository: sumac-enricher", 1, 1).split("\n").slice(1).join("\n")}`, undefined, { kind: "code", where: "top" }],
    [149, "Bash", NEXTEST_WS, nextest("    Starting 326 tests across 14 binaries (3 tests skipped)", [
      "        PASS [   1.880s] sumac-store usage::tests::reads_events_count_v2_with_fallback",
      "        PASS [   2.411s] sumac-store backfill::tests::backfill_is_idempotent",
      "        PASS [   0.021s] sumac-enricher quota_cache::tests::decodes_bigint_counts",
    ], `[  40.918s] ${NEXTEST_NOW}`), "nextest", { kind: "test", where: "bottom" }],
    [150, "Bash", { command: "git commit -am 'store: events_count_v2 bigint column + backfill; release 1.19.1 for ingest, sink and enricher' && git tag v1.19.1 && git push --follow-tags" }, `${commit("d7e25a4", "store: events_count_v2 bigint column + backfill; release 1.19.1 for ingest, sink and enricher", 9, 188, 12, "Second try at the bigint counter without a table rewrite: ADD COLUMN events_count_v2 bigint\n(metadata only), batched backfill job, readers coalesce. The enricher is bumped with the\nothers this time.")}
To github.com:sumac-io/sumac.git
   8c3b1e0..d7e25a4  main -> main
 * [new tag]         v1.19.1 -> v1.19.1`, undefined, { kind: "build", where: "top" }],
    [151, "Bash", { command: `${K} logs job/sumac-migrate && ${K} logs job/sumac-backfill-events-count-v2 | tail -2` }, `sqlx-cli 0.8.3: running migrations from /migrations against postgres://sumac@pg-sumac.db.svc:5432/sumac
Applied 20250212113000/migrate tenant usage events count v2 (0.087s)
backfill-events-count-v2: batch 4120/4121 rows=10000 lag_ms=3
backfill-events-count-v2: done, 41207388 rows in 4121 batches (12m41s)`, undefined, { kind: "app", where: "top" }],
    [152, "Bash", SQLX_INFO, [...MIGS, MIG_NOW].join("\n"), "sqlxinfo", { kind: "app", where: "top" }],
    [153, "Bash", ARGO_GET, argoApp("d7e25a4", "Synced", "Healthy", [
      res("Job", "sumac-migrate", "Reached expected number of succeeded pods", "batch", "Succeeded", "", "PreSync"),
      res("Deployment", "sumac-ingest", "deployment.apps/sumac-ingest configured"),
      res("Deployment", "sumac-sink", "deployment.apps/sumac-sink configured"),
      res("Deployment", "sumac-enricher", "deployment.apps/sumac-enricher configured"),
    ]), "argoapp", { kind: "app", where: "top" }],
    [155, "Bash", AM_CMD, alerts([
      ["SumacKafkaClientCertExpiry", "2025-02-13 09:02:00 UTC", "kafka client certificate for sumac expires in 23h58m"],
      WATCHDOG,
    ]), "alerts", { kind: "app", where: "top" }],
    [156, "Bash", OPENSSL_CMD, `subject=CN = sumac, O = sumac-prod
issuer=CN = Redpanda Client CA, O = sumac
notBefore=Feb 14 09:00:00 2024 GMT
${CERT_OLD_END}
serial=5E0A1C77F3B2D94A
(a SealedSecret made by hand a year ago - templates/sealedsecret-kafka-tls.yaml - nothing renews it)`, "secretcert", { kind: "app", where: "top" }],
    [157, "Read", { file_path: `${CHART}/templates/sealedsecret-kafka-tls.yaml` }, num(`apiVersion: bitnami.com/v1alpha1
kind: SealedSecret
metadata:
  name: sumac-redpanda-client-tls
  annotations:
    sealedsecrets.bitnami.com/managed: "true"
    sumac.io/rotated: "2024-02-14 by hand, 1y cert from rpk-generated Redpanda Client CA"
spec:
  encryptedData:
    ca.crt: AgB4kq0t...
    tls.crt: AgCW2pLr...
    tls.key: AgA9m1Zc...`), undefined, { kind: "code", where: "top" }],
    [158, "Write", { file_path: `${CHART}/templates/certificate-kafka-client.yaml`, content: "apiVersion: cert-manager.io/v1\nkind: Certificate\nmetadata:\n  name: sumac-redpanda-client\nspec:\n  secretName: sumac-redpanda-client-tls\n  commonName: sumac\n  duration: 2160h\n  renewBefore: 720h\n  usages: [client auth]\n  privateKey: { algorithm: ECDSA, size: 256 }\n  issuerRef:\n    kind: ClusterIssuer\n    name: redpanda-client-ca-staging\n" }, `File created successfully at: ${CHART}/templates/certificate-kafka-client.yaml`, undefined, { kind: "code", where: "top" }],
    [159, "Bash", { command: `git rm -q deploy/helm/sumac/templates/sealedsecret-kafka-tls.yaml && git add -A deploy/helm && git commit -m 'kafka client cert from cert-manager (drop the sealed secret)' && git push && ${ARGO_SYNC}` }, `${commit("6b90f3c", "kafka client cert from cert-manager (drop the sealed secret)", 2, 16, 12, "90-day client cert, renewed 30 days before expiry by cert-manager.")}

${argoApp("6b90f3c", "Synced", "Healthy", [res("Certificate", "sumac-redpanda-client", "certificate.cert-manager.io/sumac-redpanda-client created", "cert-manager.io"), res("SealedSecret", "sumac-redpanda-client-tls", "pruned", "bitnami.com", "Succeeded", "Missing")])}`, "argoapp", { kind: "app", where: "top" }],
    [160, "Bash", CMCTL_CMD, cmctl("redpanda-client-ca-staging", "Redpanda Staging Client CA", "2025-02-13T08:12:40Z", "2025-02-13T08:12:40Z", "2025-05-14T08:12:40Z", "2025-04-14T08:12:40Z", "1f:4a:9c:0e:77:d2:31:b8", "  Normal  Issuing    2m    cert-manager-certificates-issuing          The certificate has been successfully issued"), "cmcert", { kind: "app", where: "top" }],
    [161, "Bash", { command: `${K} rollout restart deploy/sumac-ingest deploy/sumac-sink deploy/sumac-enricher` }, "deployment.apps/sumac-ingest restarted\ndeployment.apps/sumac-sink restarted\ndeployment.apps/sumac-enricher restarted", undefined, { kind: "app", where: "top" }],
    [162, "Bash", { command: `${K} logs deploy/sumac-ingest --since=3m | grep -E 'ERROR|WARN' | tail -4` }, `2025-02-13T08:19:02.114Z ERROR rdkafka::client: librdkafka: FAIL [thrd:ssl://redpanda-1.redpanda.redpanda.svc:9093/1]: ssl://redpanda-1.redpanda.redpanda.svc:9093/1: SSL handshake failed: ssl/record/rec_layer_s3.c:1605: error:0A000418:SSL routines::tlsv1 alert unknown ca: SSL alert number 48 (after 4ms in state SSL_HANDSHAKE)
2025-02-13T08:19:07.530Z ERROR sumac_ingest::producer: produce failed tenant_id=1042 err=Message production error: MessageTimedOut (Local: Message timed out)
2025-02-13T08:19:07.531Z  WARN sumac_ingest::routes: 503 POST /v1/tenants/1042/events reason=kafka_unavailable
(the restarted pods present the new client cert, signed by the staging CA: the prod brokers only trust "Redpanda Client CA")`, undefined, { kind: "app", error: true, where: "top" }],
    [163, "Edit", { file_path: `${CHART}/templates/certificate-kafka-client.yaml`, old_string: "    name: redpanda-client-ca-staging", new_string: "    name: redpanda-client-ca" }, `The file ${CHART}/templates/certificate-kafka-client.yaml has been updated. Here's the result of running \`cat -n\` on a snippet of the edited file:
    12\t  issuerRef:
    13\t    kind: ClusterIssuer
    14\t    name: redpanda-client-ca`, undefined, { kind: "code", where: "top" }],
    [164, "Bash", { command: `git commit -am 'certificate: prod issuer redpanda-client-ca (not -staging)' && git push && argocd app sync sumac-prod && cmctl renew sumac-redpanda-client -n sumac-prod && ${K} rollout restart deploy/sumac-ingest deploy/sumac-sink deploy/sumac-enricher` }, `${commit("5e2c7d0", "certificate: prod issuer redpanda-client-ca (not -staging)", 1, 1, 1, "6b90f3c pointed the Certificate at the staging ClusterIssuer; the prod brokers rejected the\nhandshake (unknown CA) and ingest returned 503 for ~6 minutes after the restart.")}
Manually triggered issuance of Certificate sumac-prod/sumac-redpanda-client
deployment.apps/sumac-ingest restarted
deployment.apps/sumac-sink restarted
deployment.apps/sumac-enricher restarted`, undefined, { kind: "build", where: "top" }],
    [165, "Bash", CMCTL_CMD, cmctl("redpanda-client-ca", "Redpanda Client CA", "2025-02-13T08:12:40Z", "2025-02-13T08:31:02Z", "2025-05-14T08:31:02Z", "2025-04-14T08:31:02Z", "6c:12:e8:5b:a0:4f:93:d7", "  Normal  Issuing    3m    cert-manager-certificates-trigger          Issuing certificate as Secret was previously issued by ClusterIssuer.cert-manager.io/redpanda-client-ca-staging\n  Normal  Issuing    2m    cert-manager-certificates-issuing          The certificate has been successfully issued"), "cmcert", { kind: "app", where: "top" }],
    [166, "Bash", OPENSSL_CMD, `subject=CN = sumac
issuer=CN = Redpanda Client CA, O = sumac
notBefore=Feb 13 08:31:02 2025 GMT
${CERT_NOW_END}
serial=6C12E85BA04F93D7`, "secretcert", { kind: "app", where: "top" }],
    [167, "Bash", { command: `${K} logs deploy/sumac-ingest --since=5m | grep -E 'ERROR|WARN|connected' | tail -3` }, `2025-02-13T08:33:40.201Z  INFO sumac_ingest::producer: kafka producer connected brokers=3 tls=true cert_not_after=2025-05-14T08:31:02Z
(no ERROR/WARN lines since 08:33)`, undefined, { kind: "app", where: "top" }],
    [168, "Bash", AM_CMD, alerts([WATCHDOG]), "alerts", { kind: "app", where: "top" }],
    [169, "Edit", { file_path: VP, old_string: "    interval: 15s\n", new_string: "    interval: 15s\n  podAnnotations:\n    secret.reloader.stakater.com/reload: sumac-redpanda-client-tls\n" }, edited(VP, values(P7), "podAnnotations", 4, 2), undefined, { kind: "code", where: "top" }],
    [170, "Bash", { command: "git commit -am 'helm: reload pods when the kafka client cert secret changes' && git log -1 --format='%h %s'" }, commit("3c4d8e1", "helm: reload pods when the kafka client cert secret changes", 1, 2, 0, "librdkafka reads the client cert once at startup: without a restart, pods would keep\npresenting the old cert after cert-manager renews it."), undefined, { kind: "build", where: "top" }],

    // ---------------------------------------------------------------- day 5 (Fri Feb 14): clickhouse disk and TTL, ingest tuning, alert rules
    [173, "Bash", AM_CMD, alerts([
      ["ClickHouseDiskUsageHigh", "2025-02-14 06:20:11 UTC", "chi-sumac-main-0-0: /var/lib/clickhouse 88.1% used"],
      ["ClickHouseDiskUsageHigh", "2025-02-14 06:21:40 UTC", "chi-sumac-main-0-1: /var/lib/clickhouse 87.9% used"],
      WATCHDOG,
    ]), "alerts", { kind: "app", where: "top" }],
    [174, "Bash", CH_DISK, chDisk("237.44 GiB", "88.1"), "chdisk", { kind: "app", where: "top" }],
    [175, "Bash", CH(SHOW_CREATE), chCreate(90, "index_granularity = 8192"), "chcreate", { kind: "app", where: "top" }],
    [176, "Bash", CH("SELECT toStartOfMonth(toDate(partition)) AS month, count() AS parts, formatReadableSize(sum(bytes_on_disk)) AS size FROM system.parts WHERE table = 'events' AND active GROUP BY month ORDER BY month"), `┌──────month─┬─parts─┬─size───────┐
│ 2024-11-01 │    42 │ 301.22 GiB │
│ 2024-12-01 │    96 │ 578.40 GiB │
│ 2025-01-01 │   118 │ 611.07 GiB │
│ 2025-02-01 │   206 │ 262.95 GiB │
└────────────┴───────┴────────────┘
(anything older than 30 days: ~1.02 TiB)`, undefined, { kind: "app", where: "top" }],
    [177, "Bash", CH("ALTER TABLE sumac.events ON CLUSTER sumac MODIFY TTL toDateTime(received_at) + INTERVAL 30 DAY, MODIFY SETTING ttl_only_drop_parts = 1, merge_with_ttl_timeout = 14400"), onCluster, undefined, { kind: "app", where: "top" }],
    [178, "Bash", CH(SHOW_CREATE), chCreate(30, "index_granularity = 8192, ttl_only_drop_parts = 1, merge_with_ttl_timeout = 14400"), "chcreate", { kind: "app", where: "top" }],
    [179, "Bash", CH("ALTER TABLE sumac.events ON CLUSTER sumac MATERIALIZE TTL; SELECT mutation_id, is_done, parts_to_do FROM system.mutations WHERE table = 'events' ORDER BY create_time DESC LIMIT 1", true), `${onCluster}
mutation_id\tis_done\tparts_to_do
0000000071\t1\t0`, undefined, { kind: "app", where: "top" }],
    [180, "Bash", CH_DISK, chDisk("973.62 GiB", "51.7"), "chdisk", { kind: "app", where: "top" }],
    [181, "Bash", { command: "git add deploy/clickhouse/migrations/006_events_ttl_30d.sql && git commit -m 'clickhouse: events TTL 30d, ttl_only_drop_parts, merge_with_ttl_timeout 4h' && git log -1 --format='%h %s'" }, commit("a1f7c52", "clickhouse: events TTL 30d, ttl_only_drop_parts, merge_with_ttl_timeout 4h", 1, 6, 0, "ClickHouseDiskUsageHigh at 88.1% on both replicas. Raw events older than 30 days are\nalready rolled up into events_daily; dropping whole daily parts keeps the TTL cheap."), undefined, { kind: "build", where: "top" }],
    [183, "Bash", { command: "gh issue view 231 --comments | tail -12" }, `TTL change on sumac.events #231
Open • aylin-analytics opened about 2 hours ago • 2 comments

  The cohort backfills for the quarterly retention report read 6 weeks of raw events
  (they can't use events_daily, they need session_id). 30 days broke last night's run.

aylin-analytics • 1 hour ago
  30 days is too short for us - can we do 45 days? The Q1 report needs Jan 1 onward until
  Feb 20, after that 45 days is enough going forward.

dev-sumac • 40 minutes ago
  ok, 45 days. Data older than 30 days was already dropped on the replicas, re-importing
  Jan 1-14 from the Redpanda topic is not possible (retention 7d); restoring from the S3 backup.`, undefined, { kind: "app", where: "top" }],
    [184, "Bash", CH("ALTER TABLE sumac.events ON CLUSTER sumac MODIFY TTL toDateTime(received_at) + INTERVAL 45 DAY"), onCluster, undefined, { kind: "app", where: "top" }],
    [185, "Bash", CH(SHOW_CREATE), chCreate(45, "index_granularity = 8192, ttl_only_drop_parts = 1, merge_with_ttl_timeout = 14400"), "chcreate", { kind: "app", where: "top" }],
    [186, "Bash", { command: "git add deploy/clickhouse/migrations/007_events_ttl_45d.sql && git commit -m 'clickhouse: events TTL 45d (analytics cohort backfills, #231)' && git log -1 --format='%h %s'" }, commit("0e5d8b9", "clickhouse: events TTL 45d (analytics cohort backfills, #231)", 1, 3, 0, "Analytics need 6 weeks of raw events (session_id) for the cohort backfills, see #231."), undefined, { kind: "build", where: "top" }],
    [188, "Read", { file_path: PROMRULE }, num(promRule(500000, "10m", false)), "promrule", { kind: "code", where: "top" }],
    [189, "Edit", { file_path: PROMRULE, old_string: 'topic_name="events.raw"}) > 500000\n          for: 10m', new_string: 'topic_name="events.raw"}) > 200000\n          for: 5m' }, edited(PROMRULE, promRule(200000, "5m", false), "SumacSinkLagHigh", 0, 3), undefined, { kind: "code", where: "top" }],
    [190, "Read", { file_path: PROMRULE }, num(promRule(200000, "5m", true)), "promrule", { kind: "code", where: "top" }],
    [191, "Bash", DEPLOY_CMD, deploys(6, 8, 2, ["cpu: 71%/70%", "3", "8", "6"]), "deploys", { kind: "app", where: "top" }],
    [192, "Bash", { command: "./scripts/promql.sh 'histogram_quantile(0.99, sum by (le) (rate(sumac_ingest_kafka_produce_seconds_bucket[10m])))' 'avg(rate(sumac_ingest_kafka_records_total[10m]) / rate(sumac_ingest_kafka_requests_total[10m]))' --since 10m" }, `produce p99 (10m):            0.0412 s
records per produce request:  3.8
(linger 5ms + lz4: tiny batches, the brokers see ~38k produce requests/s; CPU on ingest is mostly in the producer)`, undefined, { kind: "app", where: "top" }],
    [193, "Edit", { file_path: VP, old_string: '    minReplicas: 3\n    maxReplicas: 8\n    targetCPUUtilizationPercentage: 70', new_string: '    minReplicas: 4\n    maxReplicas: 12\n    targetCPUUtilizationPercentage: 65' }, edited(VP, values(P8), "minReplicas", 3, 12), undefined, { kind: "code", where: "top" }],
    [194, "Bash", { command: "argocd app diff sumac-prod --local deploy/helm/sumac" }, `===== apps/Deployment sumac-prod/sumac-ingest ======
142c142
<           value: "5"
---
>           value: "20"
144c144
<           value: lz4
---
>           value: zstd
===== autoscaling/HorizontalPodAutoscaler sumac-prod/sumac-ingest ======
21c21
<   maxReplicas: 8
---
>   maxReplicas: 12
22c22
<   minReplicas: 3
---
>   minReplicas: 4
29c29
<         averageUtilization: 70
---
>         averageUtilization: 65
===== monitoring.coreos.com/PrometheusRule sumac-prod/sumac ======
(SumacSinkLagHigh > 200000 for 5m; new SumacSinkMemoryHigh)`, undefined, { kind: "build", where: "top" }],
    [195, "Bash", { command: "git commit -am 'ingest: linger 20ms + zstd, hpa 4-12 @65%; alerts: lag 200k/5m, sink memory' && git push && git log -1 --format='%h %s'" }, commit("4e81c2a", "ingest: linger 20ms + zstd, hpa 4-12 @65%; alerts: lag 200k/5m, sink memory", 2, 14, 5, "Producer batches were ~3.8 records per request at linger 5ms. 20ms + zstd. Lag alert 200k\nfor 5m (500k/10m fired an hour late on Monday); SumacSinkMemoryHigh at 85% of the limit."), undefined, { kind: "build", where: "top" }],
    [196, "Bash", ARGO_GET, argoApp("4e81c2a", "Synced", "Healthy", [
      res("Deployment", "sumac-ingest", "deployment.apps/sumac-ingest configured"),
      res("HorizontalPodAutoscaler", "sumac-ingest", "horizontalpodautoscaler.autoscaling/sumac-ingest configured", "autoscaling"),
      res("PrometheusRule", "sumac", "prometheusrule.monitoring.coreos.com/sumac configured", "monitoring.coreos.com"),
      res("Deployment", "sumac-sink", "deployment.apps/sumac-sink unchanged"),
    ]), "argoapp", { kind: "app", where: "top" }],
    [197, "Bash", DEPLOY_CMD, deploys(4, 8, 2, ["cpu: 41%/65%", "4", "12", "4"]), "deploys", { kind: "app", where: "top" }],
    [198, "Read", { file_path: VP }, num(values(P8)), "valuesprod", { kind: "code", where: "top" }],
    [199, "Bash", PODS_CMD, pods([
      ["sumac-enricher-6a8c9d7b5-c4m2x", "1/1", "Running", "0", "1d1h"],
      ["sumac-enricher-6a8c9d7b5-v7t9q", "1/1", "Running", "0", "1d1h"],
      ...["8b7d6c5f4-d2n8k", "8b7d6c5f4-h5q1w", "8b7d6c5f4-s9g3b", "8b7d6c5f4-x4r6j"].map((s) => [`sumac-ingest-${s}`, "1/1", "Running", "0", "18m"]),
      ...sinkPods(SINK_RS.e, 8).map((p) => [p, "1/1", "Running", "0", "1d1h"]),
    ]), "pods", { kind: "app", where: "top" }],
    [200, "Bash", RPK_GROUP, rpkGroup({ parts: 24, total: 1204, base: 131004877, newFrom: 12, newBase: 41877012, pods: sinkPods(SINK_RS.e, 8) }), "rpkgroup", { kind: "app", where: "top" }],
    [201, "Bash", { command: "rpk topic alter-config events.raw --set retention.ms=259200000" }, "TOPIC       STATUS\nevents.raw  OK", undefined, { kind: "app", where: "top" }],
    [202, "Bash", RPK_TOPIC, rpkTopic(24, "259200000"), "rpktopic", { kind: "app", where: "top" }],
    [203, "Bash", CH_PARTS, chParts(412, 188, "20250214", "901.33 GiB"), "chparts", { kind: "app", where: "top" }],
    [204, "Bash", CH_DISK, chDisk("944.18 GiB", "53.2"), "chdisk", { kind: "app", where: "top" }],
    [205, "Bash", GH_RUNS, ghRuns([
      CI_NOW,
      ghRow("✓", "clickhouse: events TTL 45d (analytics cohort backfills, #231)", "ci", "main", "push", "13305220871", "6m49s", "about 1 hour ago"),
      ghRow("✓", "clickhouse: events TTL 30d, ttl_only_drop_parts, merge_with_ttl_timeout 4h", "ci", "main", "push", "13301877410", "6m51s", "about 4 hours ago"),
      ghRow("✓", "helm: reload pods when the kafka client cert secret changes", "ci", "main", "push", "13290012208", "7m10s", "1 day ago"),
      ghRow("✓", "store: events_count_v2 bigint column + backfill; release 1.19.1 for ingest, sink and enricher", "release", "v1.19.1", "push", "13288433019", "12m20s", "1 day ago"),
    ]), "ci", { kind: "build", where: "top" }],
    [206, "Bash", AM_CMD, alerts([WATCHDOG]), "alerts", { kind: "app", where: "top" }],
    [207, "Bash", { command: "git log --oneline -n 18" }, `4e81c2a ingest: linger 20ms + zstd, hpa 4-12 @65%; alerts: lag 200k/5m, sink memory
0e5d8b9 clickhouse: events TTL 45d (analytics cohort backfills, #231)
a1f7c52 clickhouse: events TTL 30d, ttl_only_drop_parts, merge_with_ttl_timeout 4h
3c4d8e1 helm: reload pods when the kafka client cert secret changes
5e2c7d0 certificate: prod issuer redpanda-client-ca (not -staging)
6b90f3c kafka client cert from cert-manager (drop the sealed secret)
d7e25a4 store: events_count_v2 bigint column + backfill; release 1.19.1 for ingest, sink and enricher
8c3b1e0 Revert "store: tenant_usage.events_count bigint; release 1.19.0"
2f6d9c8 store: tenant_usage.events_count bigint; release 1.19.0
e4a0f67 sink: deflake flush_on_shutdown_drains_buffer (paused clock); nextest retries 0
51c8b2f toolchain 1.84.1; axum 0.8.1, sqlx 0.8.3, tokio 1.43.0, clickhouse 0.13.2, rdkafka 0.37.0
b4e19a6 staging: SINK_BATCH_ROWS 20000 (was "20_000")
7a9e3d1 sink: share the encoded batch across insert retries, abort timed out inserts; 20k rows, 1536Mi (1.18.1)
c02f5e9 sink: memory limit 2Gi (oom mitigation)
b0d3a71 staging: sink batch like prod
9d41a27 events.raw 24 partitions; sink 8 replicas
3b7e0c4 sink: 50k-row batches, 5s flush, 6 replicas (lag, too many parts)
f81c0d2 enricher: maxmind db 2025-02-07`, "gitlog", { kind: "build", where: "top" }],
  ],
  questions: [
    // state
    { kind: "state", prompt: "sink batch size in prod rn?", want: [{ key: "valuesprod", fact: 'SINK_BATCH_ROWS: "20000"' }] },
    { kind: "state", prompt: "whats the memory limit on the sink pods now", want: [{ key: "valuesprod", fact: "memory: 1536Mi" }] },
    { kind: "state", prompt: "how many partitions does events.raw have", want: [{ key: "rpktopic", fact: "PARTITIONS  24" }] },
    { kind: "state", prompt: "current lag on the sumac-sink group?", want: [{ key: "rpkgroup", fact: LAG_NOW }] },
    { kind: "state", prompt: "which rustc are we pinned to", want: [{ key: "rustc", fact: RUSTC_NOW }] },
    { kind: "state", prompt: "axum version?", want: [{ key: "deps", fact: "axum v0.8.1" }] },
    { kind: "state", prompt: "what sqlx version is the workspace on now", want: [{ key: "deps", fact: "sqlx v0.8.3" }] },
    { kind: "state", prompt: "TTL on sumac.events currently", want: [{ key: "chcreate", fact: TTL_NOW }] },
    { kind: "state", prompt: "is parts_to_throw_insert still overridden on the events table", want: [{ key: "chcreate", fact: CH_SETTINGS_NOW }] },
    { kind: "state", prompt: "clickhouse disk usage at the moment?", want: [{ key: "chdisk", fact: "used_pct: 53.2" }] },
    { kind: "state", prompt: "latest pg migration applied in prod", want: [{ key: "sqlxinfo", fact: MIG_NOW }] },
    { kind: "state", prompt: "notAfter on the kafka client cert secret now?", want: [{ key: "secretcert", fact: CERT_NOW_END }] },
    { kind: "state", prompt: "what rev is argo synced to for sumac-prod", want: [{ key: "argoapp", fact: ARGO_NOW }] },
    { kind: "state", prompt: "what's the lag alert threshold set to", want: [{ key: "promrule", fact: LAG_EXPR_NOW }] },
    { kind: "state", prompt: "live hpa bounds on ingest?", want: [{ key: "deploys", fact: HPA_NOW }] },
    { kind: "state", prompt: "do we still retry tests in the ci nextest profile?", want: [{ key: "nextestcfg", fact: "retries = 0" }] },
    { kind: "state", prompt: "which image tag is prod running", want: [{ key: "valuesprod", fact: 'tag: "1.19.1"' }] },
    { kind: "state", prompt: "linger.ms on the ingest producer?", want: [{ key: "valuesprod", fact: 'KAFKA_LINGER_MS: "20"' }] },
    { kind: "state", prompt: "staging sink mem limit", want: [{ key: "valuesstaging", fact: "memory: 1Gi" }] },
    { kind: "state", prompt: "retention on the events.raw topic", want: [{ key: "rpktopic", fact: RETENTION_NOW }] },
    // history
    { kind: "history", prompt: "how bad was the lag when the alert first fired monday", want: [{ turn: 3, fact: LAG_FIRST }] },
    { kind: "history", prompt: "what error was clickhouse throwing on the sink inserts", want: [{ turn: 7, fact: "Too many parts (3001 with average size of 61.31 KiB)" }] },
    { kind: "history", prompt: "what did we temporarily bump parts_to_throw_insert to", want: [{ turn: 12, fact: "parts_to_throw_insert = 6000" }] },
    { kind: "history", prompt: "how many partitions did events.raw have before we added more", want: [{ turn: 4, fact: "PARTITIONS  12" }] },
    { kind: "history", prompt: "what was the sink memory limit when the pods got oomkilled", want: [{ turn: 51, fact: "memory:  1Gi" }] },
    { kind: "history", prompt: "root cause of the sink OOMs?", want: [{ turn: 73, fact: "retry_insert cloned the whole batch on every attempt" }] },
    { kind: "history", prompt: "what was eating the heap in the sink profile", want: [{ turn: 65, fact: "73.3% <alloc::vec::Vec<T,A> as core::clone::Clone>::clone" }] },
    { kind: "history", prompt: "why did CI fail on the dependabot clickhouse bump", want: [{ turn: 93, fact: "clickhouse@0.13.2 requires rustc 1.83" }] },
    { kind: "history", prompt: "which clippy lint broke after the toolchain bump", want: [{ turn: 102, fact: "the following explicit lifetimes could be elided: 'a" }] },
    { kind: "history", prompt: "what panicked in the ingest tests after going to axum 0.8", want: [{ turn: 105, fact: "Path segments must not start with `:`. For capture groups, use `{capture}`." }] },
    { kind: "history", prompt: "how often was flush_on_shutdown failing before the fix", want: [{ turn: 114, fact: "7/30 runs failed" }] },
    { kind: "history", prompt: "how long did the bigint migration hold tenant_usage", want: [{ turn: 139, fact: "(252.418s)" }] },
    { kind: "history", prompt: "what error was the enricher throwing after the bigint migration went out", want: [{ turn: 140, fact: "mismatched types; Rust type `i32` (as SQL type `INT4`) is not compatible with SQL type `INT8`" }] },
    { kind: "history", prompt: "what broke right after we switched the kafka cert to cert-manager", want: [{ turn: 162, fact: "tlsv1 alert unknown ca" }] },
    { kind: "history", prompt: "when was the old kafka client cert going to expire", want: [{ turn: 156, fact: CERT_OLD_END }] },
    // multi
    { kind: "state", prompt: "sink batch size + flush interval?", want: [{ key: "valuesprod", fact: 'SINK_BATCH_ROWS: "20000"' }, { key: "valuesprod", fact: 'SINK_FLUSH_INTERVAL_MS: "5000"' }] },
    { kind: "multi", prompt: "partition count on events.raw and the current consumer lag", want: [{ key: "rpktopic", fact: "PARTITIONS  24" }, { key: "rpkgroup", fact: LAG_NOW }] },
    { kind: "multi", prompt: "rustc version / axum version", want: [{ key: "rustc", fact: RUSTC_NOW }, { key: "deps", fact: "axum v0.8.1" }] },
    { kind: "multi", prompt: "events TTL in clickhouse, also how full is the disk", want: [{ key: "chcreate", fact: TTL_NOW }, { key: "chdisk", fact: "used_pct: 53.2" }] },
    { kind: "multi", prompt: "sink mem limit and how many sink replicas are up", want: [{ key: "valuesprod", fact: "memory: 1536Mi" }, { key: "deploys", fact: SINK_DEPLOY_NOW }] },
    { kind: "multi", prompt: "cert expiry per cert-manager, argo sync rev", want: [{ key: "cmcert", fact: CM_NOW }, { key: "argoapp", fact: ARGO_NOW }] },
    { kind: "multi", prompt: "how many tests does nextest run now and is ci green on main", want: [{ key: "nextest", fact: NEXTEST_NOW }, { key: "ci", fact: CI_NOW }] },
    { kind: "multi", prompt: "what caused the OOM and what's the lag alert threshold now", want: [{ turn: 73, fact: "retry_insert cloned the whole batch on every attempt" }, { key: "promrule", fact: LAG_EXPR_NOW }] },
    // none
    { kind: "none", prompt: "ok thx, thats it for today" },
    { kind: "none", prompt: "how does Pin work in rust, in general" },
    { kind: "none", prompt: "generally what's the diff between at-least-once and exactly-once delivery in kafka" },
    { kind: "none", prompt: "brb lunch" },
    { kind: "none", prompt: "quick q: ReplacingMergeTree vs CollapsingMergeTree, when would you use which" },
  ],
};

/** Held out from the selection work: written blind, never run before it was registered (Rust ingest on Kubernetes, Redpanda, ClickHouse). */
export const HELD_OUT_41 = [sumac];
