// Two more held-out recall sessions (format: tests/recall/build.mjs): written blind, without reading the selection's
// code, its tests or any benchmark result, and kept out of the selection work. HELD_OUT_28: a Rust (tokio + axum)
// telemetry ingestion service on Hetzner dedicated boxes run by Nomad + Consul + Vault, writing to ClickHouse through
// NATS JetStream, with Prometheus/Grafana alerts, cargo + cross in GitLab CI and systemd units: a dependency update
// that needed a newer rustc, the toolchain and MSRV bumped (a time-crate inference break, the unexpected_cfgs lint,
// a CI job that still pinned the old toolchain), the writer's memory growth under musl's allocator fixed with jemalloc
// (and a crash on a 64k-page arm box), the events table re-partitioned after too-many-partitions / too-many-parts
// errors with its TTL cut later, a merge backlog and a bigger background pool, the JetStream consumer's
// max_ack_pending and ack wait raised then lowered after a redelivery storm, Nomad count and resources changed
// several times, the Nomad servers' Vault token hitting its max TTL, the p99 alert threshold changed twice, a bad
// gateway release reverted with nomad job revert, a flaky integration test, a ClickHouse disk filling up with system
// logs and journald capped; English questions. HELD_OUT_29: a Java 21 / Spring Boot 3 microservice system of a
// flower-delivery shop on OpenShift (Kafka via Strimzi, PostgreSQL via Patroni, Redis, Keycloak, Helm charts synced by
// Argo CD, Tekton, Maven, JUnit 5 + Testcontainers): an OOMKilled order service and its heap / container limits changed
// twice, HPA bounds raised then lowered, consumer lag fixed with more partitions and listener concurrency, the Hikari
// pool raised past Postgres' max_connections and cut back, max_connections raised through Patroni, a Flyway migration
// with CREATE INDEX CONCURRENTLY failing, a Spring Boot 3.4 upgrade rolled back (Hibernate 6.6) and redone, Keycloak
// token lifespans changed twice, a payment circuit breaker opening on slow calls, CronJob schedules moved, a
// cert-manager renewal blocked by a route whitelist, a Redis cache without TTLs, a flaky Kafka integration test, a
// Patroni switchover; the user writes Turkish for about half the questions.

const G = "/home/mk/src/granite";
const HARBOR = "harbor.granite.internal/granite";
const PROM = "http://prometheus.service.consul:9090";
const BT = "`";

const edited = (file, snippet) => `The file ${file} has been updated. Here's the result of running ${BT}cat -n${BT} on a snippet of the edited file:\n${snippet}`;

/** `promtool query instant` as it prints a vector. */
const promq = (expr, rows) => `$ promtool query instant ${PROM} '${expr}'\n${rows.join("\n")}`;
const P99_EXPR = 'histogram_quantile(0.99, sum by (le) (rate(http_server_request_duration_seconds_bucket{job="ingest-gateway",route="/v1/ingest"}[5m])))';
const P99_CMD = { command: `promtool query instant ${PROM} '${P99_EXPR}'` };
const p99 = (v, at) => promq(P99_EXPR, [`{} => ${v} @[${at}]`]);

/** `nomad job inspect … | jq` of a group's count and its task's resources. */
const jobJq = (count, cpu, mem, memMax) => `{
  "Count": ${count},
  "Resources": {
    "CPU": ${cpu},
    "MemoryMB": ${mem},
    "MemoryMaxMB": ${memMax}
  }
}`;
const GW_JQ = { command: "nomad job inspect ingest-gateway | jq '.Job.TaskGroups[0] | {Count, Resources: .Tasks[0].Resources | {CPU, MemoryMB, MemoryMaxMB}}'" };
const WR_JQ = { command: "nomad job inspect ingest-writer | jq '.Job.TaskGroups[0] | {Count, Resources: .Tasks[0].Resources | {CPU, MemoryMB, MemoryMaxMB}}'" };
const GW_IMAGE = { command: "nomad job inspect ingest-gateway | jq -r '.Job.Version, .Job.TaskGroups[0].Tasks[0].Config.image'" };

const glabList = (rows) => `Showing ${rows.length} pipelines on granite/granite (Page 1)\n\n${rows.join("\n")}\n`;

/** `nomad alloc status -stats` of a writer allocation. */
const allocStats = (o) => `ID                  = ${o.id}
Eval ID             = ${o.eval}
Name                = ingest-writer.writer[${o.idx}]
Node ID             = ${o.nodeId}
Node Name           = ${o.node}
Job ID              = ingest-writer
Job Version         = ${o.ver}
Client Status       = running
Client Description  = Tasks are running
Desired Status      = run
Desired Description = <none>
Created             = ${o.created}
Modified            = ${o.modified}

Task "writer" is "running"
Task Resources:
CPU            Memory            Disk     Addresses
${o.cpu.padEnd(15)}${o.mem.padEnd(18)}300 MiB

Memory Stats
Cache  Swap  Usage
0 B    0 B   ${o.usage}

CPU Stats
Percent  System Mode  Throttled Periods  Throttled Time  User Mode
${o.pct}

Task Events:
Started At     = ${o.started}
Finished At    = N/A
Total Restarts = ${o.restarts}
Last Restart   = ${o.lastRestart}

Recent Events:
Time                  Type        Description
${o.events.join("\n")}`;

const ddl = (table, partition, ttl, extra = "") => [
  `CREATE TABLE telemetry.${table}`,
  "(",
  "    `tenant_id` LowCardinality(String),",
  "    `metric` LowCardinality(String),",
  "    `ts` DateTime64(3, 'UTC') CODEC(DoubleDelta, ZSTD(1)),",
  "    `value` Float64 CODEC(Gorilla, ZSTD(1)),",
  "    `labels` Map(LowCardinality(String), String),",
  "    `host` LowCardinality(String),",
  "    `ingested_at` DateTime DEFAULT now()",
  ")",
  `ENGINE = ReplicatedMergeTree('/clickhouse/tables/{shard}/telemetry/${table}', '{replica}')`,
  `PARTITION BY ${partition}`,
  "ORDER BY (tenant_id, metric, ts)",
  `TTL ${ttl}`,
  `SETTINGS index_granularity = 8192${extra}`,
].join("\n");
const DDL_CMD = (t) => ({ command: `clickhouse-client --host ch-fsn1-01 -q "SHOW CREATE TABLE telemetry.${t} FORMAT TSVRaw"` });

const partsRow = ([t, a, p, m, s]) => `│ ${t.padEnd(14)} │ ${String(a).padStart(12)} │ ${String(p).padStart(10)} │ ${String(m).padStart(22)} │ ${s.padEnd(10)} │`;
const partsTable = (rows) => `┌─table──────────┬─active_parts─┬─partitions─┬─max_parts_in_partition─┬─size───────┐
${rows.map(partsRow).join("\n")}
└────────────────┴──────────────┴────────────┴────────────────────────┴────────────┘`;
const PARTS_CMD = { command: "clickhouse-client --host ch-fsn1-01 -q \"SELECT table, countIf(active) AS active_parts, uniqExact(partition) AS partitions, max(c) AS max_parts_in_partition, formatReadableSize(sum(bytes_on_disk)) AS size FROM (SELECT table, partition, active, bytes_on_disk, count() OVER (PARTITION BY table, partition) AS c FROM system.parts WHERE database = 'telemetry' AND active) GROUP BY table ORDER BY table FORMAT PrettyCompactMonoBlock\"" };

const DF_CMD = { command: "for h in ch-fsn1-01 ch-fsn1-02 ch-fsn1-03; do ssh $h df -h /var/lib/clickhouse | sed \"s/^/$h /\"; done" };
const dfOut = (rows) => rows.map(([h, line]) => `${h} Filesystem      Size  Used Avail Use% Mounted on\n${h} ${line}`).join("\n");
const DF_02_NOW = "/dev/md2        3.5T  2.1T  1.4T  61% /var/lib/clickhouse";

const kvRow = (k, v) => `${k.padEnd(21)}${v}`;
const vaultKv = (rows) => `Key${" ".repeat(18)}Value\n---${" ".repeat(18)}-----\n${rows.map(([k, v]) => kvRow(k, v)).join("\n")}`;
const dbRole = (def, max) => vaultKv([
  ["creation_statements", "[CREATE USER '{{name}}' IDENTIFIED WITH sha256_password BY '{{password}}' SETTINGS PROFILE 'writer'; GRANT INSERT, SELECT ON telemetry.* TO '{{name}}';]"],
  ["credential_type", "password"],
  ["db_name", "clickhouse-fsn1"],
  ["default_ttl", def],
  ["max_ttl", max],
  ["renew_statements", "[]"],
  ["revocation_statements", "[DROP USER IF EXISTS '{{name}}';]"],
  ["rollback_statements", "[]"],
]);

const consumerText = (o) => `Information for Consumer TELEMETRY > ingest-writer created 2026-06-18T08:14:02Z

Configuration:

                    Name: ingest-writer
               Pull Mode: true
          Filter Subject: telemetry.>
          Deliver Policy: All
              Ack Policy: Explicit
                Ack Wait: ${o.wait}
           Replay Policy: Instant
      Maximum Deliveries: 10
         Max Ack Pending: ${o.map}
       Max Waiting Pulls: 512

Cluster Information:

                    Name: granite-fsn1
                  Leader: nats-fsn1-02
                 Replica: nats-fsn1-01, current, seen 11ms ago
                 Replica: nats-fsn1-03, current, seen 11ms ago

State:

  Last Delivered Message: Consumer sequence: ${o.cseq} Stream sequence: ${o.sseq} Last delivery: 0.01s ago
    Acknowledgment Floor: Consumer sequence: ${o.aseq} Stream sequence: ${o.afseq} Last Ack: 0.03s ago
        Outstanding Acks: ${o.out} out of maximum ${o.map}
    Redelivered Messages: ${o.redelivered}
    Unprocessed Messages: ${o.unprocessed}
           Waiting Pulls: ${o.pulls} of maximum 512`;

const WRITER_TOML_V1 = `     1\t# ingest-writer: JetStream TELEMETRY -> ClickHouse telemetry.events
     2\t[nats]
     3\turl = "nats://nats.service.consul:4222"
     4\tstream = "TELEMETRY"
     5\tconsumer = "ingest-writer"
     6\tfetch_batch = 256
     7\tfetch_expires_ms = 500
     8\t
     9\t[clickhouse]
    10\turl = "http://clickhouse.service.consul:8123"
    11\tdatabase = "telemetry"
    12\ttable = "events"
    13\tasync_insert = true
    14\twait_for_async_insert = false
    15\tinsert_timeout_ms = 20000
    16\t
    17\t[batch]
    18\tbatch_max_rows = 5000
    19\tflush_interval_ms = 1000
    20\tmax_in_flight_inserts = 4
    21\t
    22\t[metrics]
    23\tlisten = "0.0.0.0:9103"`;

const WRITER_TOML_V3 = `     1\t# ingest-writer: JetStream TELEMETRY -> ClickHouse telemetry.events
     2\t[nats]
     3\turl = "nats://nats.service.consul:4222"
     4\tstream = "TELEMETRY"
     5\tconsumer = "ingest-writer"
     6\tfetch_batch = 512
     7\tfetch_expires_ms = 500
     8\t
     9\t[clickhouse]
    10\turl = "http://clickhouse.service.consul:8123"
    11\tdatabase = "telemetry"
    12\ttable = "events"
    13\t# the writer batches 100k rows itself; server-side async inserts only added a second buffer (and the flaky test)
    14\tasync_insert = false
    15\tinsert_timeout_ms = 30000
    16\t
    17\t[batch]
    18\tbatch_max_rows = 100000
    19\tflush_interval_ms = 5000
    20\tmax_in_flight_inserts = 2
    21\t
    22\t[metrics]
    23\tlisten = "0.0.0.0:9103"`;

const cargoToml = (o) => `[workspace]
resolver = "2"
members = [
    "crates/granite-common",
    "crates/granite-proto",
    "crates/ingest-gateway",
    "crates/ingest-writer",
    "xtask",
]

[workspace.package]
version = "0.9.1"
edition = "2021"
rust-version = "${o.msrv}"
license = "UNLICENSED"
publish = false

[workspace.dependencies]
anyhow = "1.0"
async-nats = "${o.nats}"
axum = { version = "${o.axum}", features = ["http2", "macros"] }
bytes = "1.6"
clickhouse = { version = "${o.ch}", features = ["lz4", "inserter"] }
metrics = "0.23"
metrics-exporter-prometheus = { version = "0.15", default-features = false, features = ["http-listener"] }
prost = "0.13"
serde = { version = "1.0", features = ["derive"] }
serde_json = "1.0"
thiserror = "1.0"
${o.jemalloc ? 'tikv-jemallocator = { version = "0.6", features = ["unprefixed_malloc_on_supported_platforms"] }\n' : ""}tokio = { version = "${o.tokio}", features = ["rt-multi-thread", "macros", "signal", "time"] }
tower-http = { version = "0.5", features = ["trace", "limit", "decompression-gzip"] }
tracing = "0.1"
tracing-subscriber = { version = "0.3", features = ["env-filter", "json"] }
${o.lints ? `\n[workspace.lints.rust]\nunexpected_cfgs = { level = "warn", check-cfg = ['cfg(tokio_unstable)'] }\n` : ""}
[profile.release]
lto = "thin"
codegen-units = 1
debug = "line-tables-only"
strip = "debuginfo"`;

const granite = {
  name: "granite (held out 28)",
  sessionId: "c81e4f2a-96d3-4b7e-a05c-2f8d1b7e6a28",
  cwd: G,
  turns: 214,
  seed: 28028,
  files: ["crates/ingest-gateway/src/main.rs", "crates/ingest-gateway/src/routes.rs", "crates/ingest-gateway/src/decode.rs", "crates/ingest-gateway/src/publish.rs", "crates/ingest-writer/src/main.rs", "crates/ingest-writer/src/batch.rs", "crates/ingest-writer/src/sink/clickhouse.rs", "crates/ingest-writer/src/consumer.rs", "crates/granite-common/src/config.rs", "crates/granite-common/src/telemetry.rs", "crates/granite-proto/build.rs", "Cargo.toml", "rust-toolchain.toml", "Cross.toml", ".gitlab-ci.yml", "nomad/ingest-gateway.nomad.hcl", "nomad/ingest-writer.nomad.hcl", "config/writer.toml", "prometheus/rules/granite.yml", "crates/ingest-writer/tests/clickhouse_it.rs"],
  otherTests: ["granite-common::config::tests", "granite-proto::roundtrip", "ingest-gateway::auth::tests", "ingest-gateway::decode::tests", "xtask::release"],
  words: ["tenant", "metric", "span", "batch", "flush", "sink", "row", "frame", "decoder", "payload", "gateway", "writer", "stream", "consumer", "ack", "shard", "partition", "inserter", "alloc", "job", "node", "lease", "histogram", "label", "schema"],
  grepWords: ["tokio::spawn", "unwrap()", "DefaultBodyLimit", "async_insert", "max_ack_pending", "TODO", "Inserter::new"],
  testCommands: ["cargo nextest run -p granite-common", "cargo test -p ingest-gateway --lib", "cargo nextest run -p ingest-writer --lib", "cargo test -p granite-proto"],
  buildCommands: ["cargo build --release -p ingest-gateway", "cargo clippy --workspace --all-targets -- -D warnings", "cross build --release --target x86_64-unknown-linux-musl", "cargo fmt --all --check"],
  appCommands: ["nomad alloc logs -job ingest-gateway -tail -n 40", "journalctl -u nomad --since '10 min ago' --no-pager", "consul catalog services -tags", "nomad alloc logs -job ingest-writer -stderr -tail -n 40"],
  prompts: ["continue", "ok next", "go on", "keep going", "yep", "do it", "next", "ok, carry on", "go ahead", "looks good, continue", "hmm ok, next step"],
  facts: [
    [2, "Bash", { command: "rustc -V && cargo -V" }, "rustc 1.79.0 (129f3b996 2024-06-10)\ncargo 1.79.0 (ffa9cf99a 2024-06-03)", "rustc", { kind: "build", where: "top" }],
    [4, "Bash", { command: "nomad job status" }, `ID              Type     Priority  Status   Submit Date
granite-query   service  50        running  2026-11-20T14:02:51Z
ingest-gateway  service  60        running  2026-11-27T10:41:09Z
ingest-writer   service  60        running  2026-11-27T10:44:37Z
node-exporter   system   50        running  2026-09-02T08:12:14Z
otel-collector  system   50        running  2026-10-11T16:55:40Z
traefik         system   80        running  2026-10-30T09:20:03Z`, undefined, { kind: "app", where: "top" }],
    [6, "Read", { file_path: `${G}/rust-toolchain.toml` }, `[toolchain]
channel = "1.79.0"
components = ["rustfmt", "clippy"]
targets = ["x86_64-unknown-linux-musl", "aarch64-unknown-linux-musl"]
profile = "minimal"`, "toolchain", { kind: "code", where: "top" }],
    [8, "Read", { file_path: `${G}/Cargo.toml` }, cargoToml({ msrv: "1.76", nats: "0.35", axum: "0.7.5", ch: "0.11", tokio: "1.38", jemalloc: false, lints: false }), "cargotoml", { kind: "code", where: "top" }],
    [10, "Read", { file_path: `${G}/nomad/ingest-gateway.nomad.hcl` }, `variable "image_tag" {
  type = string
}

job "ingest-gateway" {
  datacenters = ["fsn1"]
  type        = "service"
  node_pool   = "ingest"
  priority    = 60

  update {
    max_parallel      = 1
    min_healthy_time  = "30s"
    healthy_deadline  = "5m"
    progress_deadline = "10m"
    auto_revert       = false
  }

  group "gateway" {
    count = 4

    network {
      port "http" { to = 8080 }
      port "metrics" { to = 9102 }
    }

    service {
      name     = "ingest-gateway"
      port     = "http"
      provider = "consul"
      tags     = ["traefik.enable=true", "traefik.http.routers.ingest.rule=Host(${BT}ingest.granite.io${BT})"]

      check {
        type     = "http"
        path     = "/healthz"
        interval = "10s"
        timeout  = "2s"
      }
    }

    task "gateway" {
      driver = "docker"

      config {
        image = "${HARBOR}/ingest-gateway:\${var.image_tag}"
        ports = ["http", "metrics"]
      }

      env {
        RUST_LOG             = "info,ingest_gateway=info"
        GRANITE_NATS_URL     = "nats://nats.service.consul:4222"
        TOKIO_WORKER_THREADS = "8"
      }

      resources {
        cpu    = 2000
        memory = 1024
      }
    }
  }
}`, undefined, { kind: "code", where: "top" }],
    [11, "Bash", GW_JQ, jobJq(4, 2000, 1024, 0), "gwjob", { kind: "app", where: "top" }],
    [12, "Read", { file_path: `${G}/nomad/ingest-writer.nomad.hcl` }, `variable "image_tag" {
  type = string
}

job "ingest-writer" {
  datacenters = ["fsn1"]
  type        = "service"
  node_pool   = "ingest"
  priority    = 60

  group "writer" {
    count = 3

    network {
      port "metrics" { to = 9103 }
    }

    vault {
      policies    = ["ingest-writer"]
      change_mode = "restart"
    }

    task "writer" {
      driver = "docker"

      config {
        image   = "${HARBOR}/ingest-writer:\${var.image_tag}"
        ports   = ["metrics"]
        volumes = ["local/writer.toml:/etc/granite/writer.toml"]
      }

      template {
        source      = "config/writer.toml"
        destination = "local/writer.toml"
      }

      template {
        destination = "secrets/clickhouse.env"
        env         = true
        change_mode = "restart"
        data        = <<EOH
{{ with secret "database/creds/clickhouse-writer" }}
CLICKHOUSE_USER={{ .Data.username }}
CLICKHOUSE_PASSWORD={{ .Data.password }}
{{ end }}
EOH
      }

      resources {
        cpu    = 4000
        memory = 2048
      }
    }
  }
}`, undefined, { kind: "code", where: "top" }],
    [13, "Bash", WR_JQ, jobJq(3, 4000, 2048, 0), "writerjob", { kind: "app", where: "top" }],
    [15, "Bash", P99_CMD, p99("0.182", "1764662401.118"), "p99", { kind: "app", where: "top" }],
    [17, "Read", { file_path: `${G}/prometheus/rules/granite.yml` }, `groups:
  - name: granite-ingest
    rules:
      - alert: IngestGatewayP99High
        expr: histogram_quantile(0.99, sum by (le) (rate(http_server_request_duration_seconds_bucket{job="ingest-gateway",route="/v1/ingest"}[5m]))) > 0.25
        for: 10m
        labels:
          severity: page
        annotations:
          summary: "ingest-gateway p99 over 250ms"
      - alert: IngestWriterConsumerLag
        expr: max(nats_consumer_num_pending{stream_name="TELEMETRY",consumer_name="ingest-writer"}) > 5e6
        for: 15m
        labels:
          severity: page
      - alert: ClickHouseRejectedInserts
        expr: increase(ClickHouseProfileEvents_RejectedInserts[10m]) > 0
        labels:
          severity: ticket
      - alert: NodeDiskFilling
        expr: predict_linear(node_filesystem_avail_bytes{mountpoint="/var/lib/clickhouse"}[6h], 24*3600) < 0
        for: 30m
        labels:
          severity: page`, "rules", { kind: "code", where: "top" }],
    [20, "Bash", { command: "cargo nextest run -p ingest-writer --test clickhouse_it" }, `    Starting 6 tests across 1 binary
        PASS [   2.118s] ingest-writer::clickhouse_it batch_splits_at_max_rows
        PASS [   2.306s] ingest-writer::clickhouse_it creds_from_env
        FAIL [   1.441s] ingest-writer::clickhouse_it flush_on_interval

--- STDOUT:              ingest-writer::clickhouse_it flush_on_interval ---

running 1 test
test flush_on_interval ... FAILED

--- STDERR:              ingest-writer::clickhouse_it flush_on_interval ---
thread 'flush_on_interval' panicked at crates/ingest-writer/tests/clickhouse_it.rs:142:5:
assertion ${BT}left == right${BT} failed
  left: 4998
 right: 5000
note: run with ${BT}RUST_BACKTRACE=1${BT} environment variable to display a backtrace

        PASS [   3.012s] ingest-writer::clickhouse_it nack_on_insert_error
        PASS [   1.927s] ingest-writer::clickhouse_it redelivered_rows_are_deduplicated
        PASS [   2.440s] ingest-writer::clickhouse_it tenant_column_is_low_cardinality
------------
     Summary [   4.118s] 6 tests run: 5 passed, 1 failed, 0 skipped
        FAIL [   1.441s] ingest-writer::clickhouse_it flush_on_interval
error: test run failed`, "flaky", { kind: "test", error: true, where: "middle" }],
    [22, "Bash", { command: "cargo nextest run -p ingest-writer --test clickhouse_it" }, `    Starting 6 tests across 1 binary
        PASS [   2.204s] ingest-writer::clickhouse_it batch_splits_at_max_rows
        PASS [   2.318s] ingest-writer::clickhouse_it creds_from_env
        PASS [   1.502s] ingest-writer::clickhouse_it flush_on_interval
        PASS [   3.044s] ingest-writer::clickhouse_it nack_on_insert_error
        PASS [   1.911s] ingest-writer::clickhouse_it redelivered_rows_are_deduplicated
        PASS [   2.397s] ingest-writer::clickhouse_it tenant_column_is_low_cardinality
------------
     Summary [   4.092s] 6 tests run: 6 passed, 0 skipped`, undefined, { kind: "test", where: "bottom" }],
    [24, "Read", { file_path: `${G}/config/writer.toml` }, WRITER_TOML_V1, "writercfg", { kind: "code", where: "top" }],
    [27, "Bash", { command: "cargo update" }, `    Updating crates.io index
     Locking 19 packages to latest compatible versions
    Updating async-nats v0.35.1 -> v0.37.0
    Updating axum v0.7.5 -> v0.7.9
    Updating axum-core v0.4.3 -> v0.4.5
    Updating bytes v1.6.0 -> v1.8.0
    Updating cc v1.0.99 -> v1.2.1
    Updating clickhouse v0.11.6 -> v0.13.1
    Updating clickhouse-derive v0.1.1 -> v0.2.0
    Updating hyper v1.3.1 -> v1.5.1
    Updating hyper-util v0.1.5 -> v0.1.10
    Updating prost v0.13.1 -> v0.13.3
    Updating rustls v0.23.10 -> v0.23.18
    Updating serde v1.0.203 -> v1.0.215
    Updating serde_json v1.0.117 -> v1.0.133
    Updating tokio v1.38.0 -> v1.41.1
    Updating tokio-macros v2.3.0 -> v2.4.0
    Updating tower-http v0.5.2 -> v0.5.2
    Updating tracing-subscriber v0.3.18 -> v0.3.19
    Updating zstd-sys v2.0.10+zstd.1.5.6 -> v2.0.13+zstd.1.5.6
note: pass ${BT}--verbose${BT} to see 31 unchanged dependencies behind latest`, undefined, { kind: "build", where: "top" }],
    [29, "Bash", { command: "cargo build --release" }, `error: package ${BT}clickhouse v0.13.1${BT} cannot be built because it requires rustc 1.80 or newer, while the currently active rustc version is 1.79.0
Either upgrade rustc or select compatible dependency versions with
${BT}cargo update <name>@<current-ver> --precise <compatible-ver>${BT}
where ${BT}<compatible-ver>${BT} is the latest version supporting rustc 1.79.0`, undefined, { kind: "build", error: true, where: "top" }],
    [31, "Edit", { file_path: `${G}/rust-toolchain.toml`, old_string: 'channel = "1.79.0"', new_string: 'channel = "1.82.0"' }, edited(`${G}/rust-toolchain.toml`, `     1\t[toolchain]\n     2\tchannel = "1.82.0"\n     3\tcomponents = ["rustfmt", "clippy"]\n     4\ttargets = ["x86_64-unknown-linux-musl", "aarch64-unknown-linux-musl"]\n     5\tprofile = "minimal"`), "toolchain", { kind: "code", where: "top" }],
    [32, "Bash", { command: "rustup show active-toolchain && rustc -V" }, `info: syncing channel updates for '1.82.0-x86_64-unknown-linux-gnu'
info: latest update on 2024-10-17, rust version 1.82.0 (f6e511eec 2024-10-15)
info: downloading component 'cargo'
info: downloading component 'clippy'
info: downloading component 'rust-std' for 'x86_64-unknown-linux-musl'
info: downloading component 'rust-std' for 'aarch64-unknown-linux-musl'
info: downloading component 'rust-std'
info: downloading component 'rustc'
info: downloading component 'rustfmt'
info: installing component 'cargo'
info: installing component 'clippy'
info: installing component 'rust-std' for 'x86_64-unknown-linux-musl'
info: installing component 'rust-std' for 'aarch64-unknown-linux-musl'
info: installing component 'rust-std'
info: installing component 'rustc'
info: installing component 'rustfmt'
1.82.0-x86_64-unknown-linux-gnu (overridden by '${G}/rust-toolchain.toml')
rustc 1.82.0 (f6e511eec 2024-10-15)`, "rustc", { kind: "build", where: "bottom" }],
    [34, "Bash", { command: "cargo build --release" }, `   Compiling proc-macro2 v1.0.92
   Compiling unicode-ident v1.0.14
   Compiling libc v0.2.166
   Compiling powerfmt v0.2.0
   Compiling num-conv v0.1.0
   Compiling time-core v0.1.2
   Compiling deranged v0.3.11
   Compiling time v0.3.34
error[E0282]: type annotations needed for ${BT}Box<_>${BT}
  --> /home/mk/.cargo/registry/src/index.crates.io-6f17d22bba15001f/time-0.3.34/src/format_description/parse/mod.rs:83:9
   |
83 |     let items = format_items
   |         ^^^^^
...
86 |     Ok(items.into())
   |              ---- type must be known at this point
   |
help: consider giving ${BT}items${BT} an explicit type, where the placeholders ${BT}_${BT} are specified
   |
83 |     let items: Box<_> = format_items
   |              ++++++++

For more information about this error, try ${BT}rustc --explain E0282${BT}.
error: could not compile ${BT}time${BT} (lib) due to 1 previous error
warning: build failed, waiting for other jobs to finish...`, undefined, { kind: "build", error: true, where: "bottom" }],
    [36, "Bash", { command: "sed -i 's/^time = \"=0.3.34\"/time = \"0.3.36\"/' crates/granite-common/Cargo.toml && cargo update -p time" }, `    Updating crates.io index
     Locking 2 packages to latest compatible versions
    Updating time v0.3.34 -> v0.3.36
    Updating time-macros v0.2.17 -> v0.2.18`, undefined, { kind: "build", where: "top" }],
    [38, "Bash", { command: "cargo clippy --workspace --all-targets -- -D warnings" }, `    Checking granite-common v0.9.1 (${G}/crates/granite-common)
    Checking ingest-gateway v0.9.1 (${G}/crates/ingest-gateway)
error: unexpected ${BT}cfg${BT} condition name: ${BT}tokio_unstable${BT}
  --> crates/ingest-gateway/src/main.rs:14:7
   |
14 | #[cfg(tokio_unstable)]
   |       ^^^^^^^^^^^^^^
   |
   = help: expected names are: ${BT}clippy${BT}, ${BT}debug_assertions${BT}, ${BT}doc${BT}, ${BT}docsrs${BT}, ${BT}doctest${BT}, ${BT}feature${BT}, ${BT}miri${BT}, ${BT}overflow_checks${BT}, ${BT}panic${BT}, ${BT}proc_macro${BT}, ${BT}relocation_model${BT}, ${BT}rustfmt${BT}, ${BT}sanitize${BT}, ${BT}target_abi${BT}, ${BT}target_arch${BT}, ${BT}target_endian${BT}, ${BT}target_env${BT}, ${BT}target_family${BT}, ${BT}target_feature${BT}, ${BT}target_has_atomic${BT}, ${BT}target_os${BT}, ${BT}target_pointer_width${BT}, ${BT}target_vendor${BT}, ${BT}test${BT}, ${BT}ub_checks${BT}, ${BT}unix${BT}, and ${BT}windows${BT}
   = help: consider using a Cargo feature instead
   = help: or consider adding in ${BT}Cargo.toml${BT} the ${BT}check-cfg${BT} lint config for the lint:
            [lints.rust]
            unexpected_cfgs = { level = "warn", check-cfg = ['cfg(tokio_unstable)'] }
   = help: or consider adding ${BT}println!("cargo::rustc-check-cfg=cfg(tokio_unstable)");${BT} to the top of the ${BT}build.rs${BT}
   = note: see <https://doc.rust-lang.org/nightly/rustc/check-cfg/cargo-specifics.html> for more information about checking conditional configuration
   = note: ${BT}-D unexpected-cfgs${BT} implied by ${BT}-D warnings${BT}
   = help: to override ${BT}-D warnings${BT} add ${BT}#[allow(unexpected_cfgs)]${BT}

error: could not compile ${BT}ingest-gateway${BT} (bin "ingest-gateway") due to 1 previous error`, "clippy", { kind: "build", error: true, where: "top" }],
    [40, "Edit", { file_path: `${G}/Cargo.toml`, old_string: "[profile.release]", new_string: "[workspace.lints.rust]\nunexpected_cfgs = { level = \"warn\", check-cfg = ['cfg(tokio_unstable)'] }\n\n[profile.release]" }, edited(`${G}/Cargo.toml`, `    40\ttracing-subscriber = { version = "0.3", features = ["env-filter", "json"] }
    41\t
    42\t[workspace.lints.rust]
    43\tunexpected_cfgs = { level = "warn", check-cfg = ['cfg(tokio_unstable)'] }
    44\t
    45\t[profile.release]
    46\tlto = "thin"`) + "\n(the four member crates' Cargo.toml got [lints] workspace = true)", undefined, { kind: "code", where: "top" }],
    [42, "Edit", { file_path: `${G}/Cargo.toml`, old_string: 'rust-version = "1.76"', new_string: 'rust-version = "1.80"' }, edited(`${G}/Cargo.toml`, `    11\t[workspace.package]
    12\tversion = "0.9.1"
    13\tedition = "2021"
    14\trust-version = "1.80"
    15\tlicense = "UNLICENSED"
    16\tpublish = false`), "cargotoml", { kind: "code", where: "top" }],
    [43, "Bash", { command: "cargo clippy --workspace --all-targets -- -D warnings" }, `    Checking granite-common v0.9.1 (${G}/crates/granite-common)
    Checking granite-proto v0.9.1 (${G}/crates/granite-proto)
    Checking ingest-writer v0.9.1 (${G}/crates/ingest-writer)
    Checking ingest-gateway v0.9.1 (${G}/crates/ingest-gateway)
    Checking xtask v0.9.1 (${G}/xtask)
    Finished ${BT}dev${BT} profile [unoptimized + debuginfo] target(s) in 41.27s`, "clippy", { kind: "build", where: "bottom" }],
    [45, "Bash", { command: "git commit -am 'build: toolchain 1.82.0, MSRV 1.80' && git log -1 --format='%h %s%n%n%b'" }, `[main 4be1d07] build: toolchain 1.82.0, MSRV 1.80
 7 files changed, 21 insertions(+), 9 deletions(-)
4be1d07 build: toolchain 1.82.0, MSRV 1.80

cargo update pulled clickhouse 0.13.1, which declares rust-version 1.80, so the
1.79 toolchain could not build the workspace any more. Pinned toolchain moves to
1.82.0 and the workspace MSRV to 1.80 (the lowest the dependency tree allows).

Fallout of the new compiler:
- granite-common pinned time = "=0.3.34", which does not compile on >= 1.80
  (E0282, type annotations needed for Box<_>); relaxed to 0.3.36.
- 1.80 checks cfg names: #[cfg(tokio_unstable)] (tokio-console in the gateway)
  is declared through [workspace.lints.rust] check-cfg instead of allowing the lint.`, undefined, { kind: "build", where: "top" }],
    [48, "Bash", { command: "glab ci list --per-page 3" }, glabList([
      "(failed) • #51822  (#2210)  main  (about 4 minutes ago)",
      "(success) • #51790  (#2209)  main  (about 2 hours ago)",
      "(success) • #51771  (#2208)  feat/writer-batching  (about 3 hours ago)",
    ]), "ci", { kind: "build", where: "top" }],
    [49, "Bash", { command: "glab ci trace 51822 --job build:musl" }, `Running with gitlab-runner 17.5.3 (12030cf4)
  on hz-runner-02 t3_xQv81z, system ID: s_4e1c0d9a2b7f
Preparing the "docker" executor
Using Docker executor with image rust:1.79-bookworm ...
Pulling docker image rust:1.79-bookworm ...
Using docker image sha256:7f2e1b9c for rust:1.79-bookworm
Preparing environment
Running on runner-t3xqv81z-project-118-concurrent-0 via hz-runner-02...
Getting source from Git repository
Fetching changes with git depth set to 20...
Checking out 4be1d07e as detached HEAD (ref is main)...
Restoring cache
Checking cache for cargo-main-protected...
Successfully extracted cache
Executing "step_script" stage of the job script
$ rustup show active-toolchain
1.79.0-x86_64-unknown-linux-gnu (environment override by RUSTUP_TOOLCHAIN)
$ cargo install cross --locked --version 0.2.5 || true
     Ignored package ${BT}cross v0.2.5${BT} is already installed, use --force to override
$ cross build --release --locked --target x86_64-unknown-linux-musl
error: package ${BT}clickhouse v0.13.1${BT} cannot be built because it requires rustc 1.80 or newer, while the currently active rustc version is 1.79.0
Either upgrade rustc or select compatible dependency versions with
${BT}cargo update <name>@<current-ver> --precise <compatible-ver>${BT}
where ${BT}<compatible-ver>${BT} is the latest version supporting rustc 1.79.0
Cleaning up project directory and file based variables
ERROR: Job failed: exit code 101`, undefined, { kind: "build", error: true, where: "bottom" }],
    [51, "Edit", { file_path: `${G}/.gitlab-ci.yml`, old_string: 'image: rust:1.79-bookworm\n\nvariables:\n  RUSTUP_TOOLCHAIN: "1.79.0"\n  CARGO_HOME: "$CI_PROJECT_DIR/.cargo"', new_string: 'image: rust:1.82-bookworm\n\nvariables:\n  CARGO_HOME: "$CI_PROJECT_DIR/.cargo"' }, edited(`${G}/.gitlab-ci.yml`, `     1\tdefault:
     2\t  image: rust:1.82-bookworm
     3\t
     4\tvariables:
     5\t  CARGO_HOME: "$CI_PROJECT_DIR/.cargo"
     6\t  CARGO_TERM_COLOR: always
     7\t  # the toolchain comes from rust-toolchain.toml; do not pin RUSTUP_TOOLCHAIN here again`), undefined, { kind: "code", where: "top" }],
    [53, "Bash", { command: "glab ci list --per-page 3" }, glabList([
      "(success) • #51831  (#2211)  main  (about 1 minute ago)",
      "(failed) • #51822  (#2210)  main  (about 31 minutes ago)",
      "(success) • #51790  (#2209)  main  (about 2 hours ago)",
    ]), "ci", { kind: "build", where: "top" }],
    [56, "Bash", { command: "nomad alloc status -stats 7c2d9e41" }, allocStats({
      id: "7c2d9e41-5b3a-0f18-2a6c-d3e4b1f09a87", eval: "0e6b3f2a", idx: 1, nodeId: "41f9c0de", node: "fsn1-ax52-03", ver: 22,
      created: "3d4h ago", modified: "21m ago", cpu: "1843/4000 MHz", mem: "1.6 GiB/2.0 GiB", usage: "1.6 GiB",
      pct: "46.07%   3.12%        0                  0               42.95%", started: "2026-12-02T09:31:07Z", restarts: 3, lastRestart: "2026-12-02T09:31:05Z",
      events: [
        "2026-12-02T09:31:07Z  Started     Task started by client",
        "2026-12-02T09:31:05Z  Restarting  Task restarting in 15.832151104s",
        '2026-12-02T09:31:05Z  Terminated  Exit Code: 137, Exit Message: "OOM Killed"',
        "2026-12-01T14:12:40Z  Started     Task started by client",
        "2026-12-01T14:12:38Z  Restarting  Task restarting in 16.40271009s",
        '2026-12-01T14:12:38Z  Terminated  Exit Code: 137, Exit Message: "OOM Killed"',
      ],
    }), "writerstats", { kind: "app", where: "top" }],
    [58, "Bash", { command: `promtool query instant ${PROM} 'deriv(process_resident_memory_bytes{job="ingest-writer"}[6h]) * 3600 / 1024 / 1024'` }, promq('deriv(process_resident_memory_bytes{job="ingest-writer"}[6h]) * 3600 / 1024 / 1024', [
      '{instance="fsn1-ax52-01:9103", job="ingest-writer"} => 57.12 @[1764671870.004]',
      '{instance="fsn1-ax52-03:9103", job="ingest-writer"} => 58.49 @[1764671870.004]',
      '{instance="fsn1-ax52-05:9103", job="ingest-writer"} => 55.87 @[1764671870.004]',
    ]) + "\n(MiB per hour; the gateway on the same boxes: 0.31, 0.18, 0.44)", undefined, { kind: "app", where: "top" }],
    [60, "Edit", { file_path: `${G}/nomad/ingest-writer.nomad.hcl`, old_string: "        cpu    = 4000\n        memory = 2048", new_string: "        cpu    = 4000\n        memory = 3072" }, edited(`${G}/nomad/ingest-writer.nomad.hcl`, `    50\t      resources {
    51\t        cpu    = 4000
    52\t        memory = 3072 # stopgap while the RSS growth is investigated
    53\t      }`), undefined, { kind: "code", where: "top" }],
    [61, "Bash", { command: "nomad job plan -var image_tag=0.8.3 nomad/ingest-writer.nomad.hcl" }, `+/- Job: "ingest-writer"
+/- Task Group: "writer" (3 create/destroy update)
  +/- Task: "writer" (forces create/destroy update)
    +/- Resources {
          CPU:         "4000"
          Cores:       "0"
          DiskMB:      "0"
          IOPS:        "0"
      +/- MemoryMB:    "2048" => "3072"
          MemoryMaxMB: "0"
        }

Scheduler dry-run:
- All tasks successfully allocated.

Job Modify Index: 184412
To submit the job with version verification run:

nomad job run -check-index 184412 -var image_tag=0.8.3 nomad/ingest-writer.nomad.hcl`, undefined, { kind: "app", where: "top" }],
    [62, "Bash", WR_JQ, jobJq(3, 4000, 3072, 0), "writerjob", { kind: "app", where: "top" }],
    [64, "Edit", { file_path: `${G}/Cargo.toml`, old_string: 'thiserror = "1.0"\n', new_string: 'thiserror = "1.0"\ntikv-jemallocator = { version = "0.6", features = ["unprefixed_malloc_on_supported_platforms"] }\n' }, edited(`${G}/Cargo.toml`, `    33\tserde_json = "1.0"
    34\tthiserror = "1.0"
    35\ttikv-jemallocator = { version = "0.6", features = ["unprefixed_malloc_on_supported_platforms"] }
    36\ttokio = { version = "1.41", features = ["rt-multi-thread", "macros", "signal", "time"] }`), "cargotoml", { kind: "code", where: "top" }],
    [65, "Edit", { file_path: `${G}/crates/ingest-writer/src/main.rs`, old_string: "mod batch;", new_string: "#[global_allocator]\nstatic GLOBAL: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;\n\nmod batch;" }, edited(`${G}/crates/ingest-writer/src/main.rs`, `     1\t//! ingest-writer: drains JetStream TELEMETRY into ClickHouse.
     2\t
     3\t#[global_allocator]
     4\tstatic GLOBAL: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;
     5\t
     6\tmod batch;
     7\tmod consumer;
     8\tmod sink;`), undefined, { kind: "code", where: "top" }],
    [67, "Bash", { command: "git commit -am 'writer: jemalloc as global allocator' && git log -1 --format='%h %s%n%n%b'" }, `[main 9a31f6c] writer: jemalloc as global allocator
 4 files changed, 29 insertions(+), 2 deletions(-)
9a31f6c writer: jemalloc as global allocator

The writer is a static x86_64-unknown-linux-musl binary, so it used musl's
mallocng. With 16 tokio worker threads allocating and freeing 100k-row column
buffers, RSS grew ~57 MiB/h on every instance until the 2 GiB Nomad limit
OOM-killed it (3 restarts on writer[1] in two days). heaptrack showed no leak:
live heap stayed ~300 MiB, the rest was fragmentation in musl's mallocng.
A 6h soak with tikv-jemallocator stays flat at ~540 MiB RSS.`, undefined, { kind: "build", where: "top" }],
    [68, "Bash", { command: "nomad alloc logs -stderr 2f81c6b0 writer" }, `<jemalloc>: Unsupported system page size
memory allocation of 64 bytes failed
<jemalloc>: Unsupported system page size
memory allocation of 48 bytes failed
==> exit status 134 (SIGABRT) on fsn1-rx170-01, restarting in 15s`, undefined, { kind: "app", error: true, where: "middle" }],
    [69, "Bash", { command: "ssh fsn1-rx170-01 'getconf PAGESIZE; uname -rm'" }, "65536\n6.8.0-49-generic-64k aarch64", undefined, { kind: "app", where: "top" }],
    [71, "Edit", { file_path: `${G}/Cross.toml`, old_string: '[target.aarch64-unknown-linux-musl]\nimage = "ghcr.io/cross-rs/aarch64-unknown-linux-musl:0.2.5"', new_string: '[target.aarch64-unknown-linux-musl]\nimage = "ghcr.io/cross-rs/aarch64-unknown-linux-musl:0.2.5"\n\n[target.aarch64-unknown-linux-musl.env]\n# fsn1-rx170-01 runs a 64k-page kernel: build jemalloc for 2^16-byte pages\npassthrough = ["JEMALLOC_SYS_WITH_LG_PAGE=16"]' }, edited(`${G}/Cross.toml`, `     1\t[build.env]
     2\tpassthrough = ["CARGO_INCREMENTAL", "RUSTFLAGS"]
     3\t
     4\t[target.x86_64-unknown-linux-musl]
     5\timage = "ghcr.io/cross-rs/x86_64-unknown-linux-musl:0.2.5"
     6\t
     7\t[target.aarch64-unknown-linux-musl]
     8\timage = "ghcr.io/cross-rs/aarch64-unknown-linux-musl:0.2.5"
     9\t
    10\t[target.aarch64-unknown-linux-musl.env]
    11\t# fsn1-rx170-01 runs a 64k-page kernel: build jemalloc for 2^16-byte pages
    12\tpassthrough = ["JEMALLOC_SYS_WITH_LG_PAGE=16"]`), "crosstoml", { kind: "code", where: "top" }],
    [73, "Edit", { file_path: `${G}/nomad/ingest-writer.nomad.hcl`, old_string: "        memory = 3072 # stopgap while the RSS growth is investigated", new_string: "        memory     = 1024\n        memory_max = 2048" }, edited(`${G}/nomad/ingest-writer.nomad.hcl`, `    50\t      resources {
    51\t        cpu        = 4000
    52\t        memory     = 1024
    53\t        memory_max = 2048
    54\t      }`), undefined, { kind: "code", where: "top" }],
    [75, "Bash", WR_JQ, jobJq(3, 4000, 1024, 2048), "writerjob", { kind: "app", where: "top" }],
    [78, "Bash", { command: "nomad alloc status -stats 5e0a7b13" }, allocStats({
      id: "5e0a7b13-c4d2-91e8-6f30-a7b2d9c1e455", eval: "b1d07c4e", idx: 1, nodeId: "41f9c0de", node: "fsn1-ax52-03", ver: 25,
      created: "6h12m ago", modified: "6h11m ago", cpu: "1612/4000 MHz", mem: "548 MiB/1.0 GiB", usage: "548 MiB",
      pct: "40.30%   2.87%        0                  0               37.43%", started: "2026-12-02T13:05:44Z", restarts: 0, lastRestart: "N/A",
      events: [
        "2026-12-02T13:05:44Z  Started     Task started by client",
        "2026-12-02T13:05:39Z  Driver      Downloading image",
        "2026-12-02T13:05:38Z  Task Setup  Building Task Directory",
        "2026-12-02T13:05:38Z  Received    Task received by client",
      ],
    }), "writerstats", { kind: "app", where: "top" }],
    [80, "Bash", DDL_CMD("events"), ddl("events", "(tenant_id, toYYYYMMDD(ts))", "toDateTime(ts) + toIntervalDay(90)"), "ddl", { kind: "code", where: "top" }],
    [82, "Bash", { command: "nomad alloc logs -job ingest-writer -stderr -tail -n 30" }, `2026-12-03T08:14:02.118Z ERROR ingest_writer::sink::clickhouse: insert failed rows=5000 tenants=412 attempt=1 error=bad response: Code: 252. DB::Exception: Too many partitions for single INSERT block (more than 100). The limit is controlled by 'max_partitions_per_insert_block' setting. Large number of partitions is a common misconception. It will lead to severe negative performance impact, including slow server startup, slow INSERT queries and slow SELECT queries. Recommended total number of partitions for a table is under 1000..10000. Please note, that partitioning is not intended to speed up SELECT queries (ORDER BY key is sufficient to make range queries fast). Partitions are intended for data manipulation (DROP PARTITION, etc). (TOO_MANY_PARTS) (version 24.8.6.70 (official build))
2026-12-03T08:14:02.121Z WARN  ingest_writer::consumer: nak batch msgs=187 delay=5s
2026-12-03T08:14:07.530Z ERROR ingest_writer::sink::clickhouse: insert failed rows=5000 tenants=409 attempt=2 error=bad response: Code: 252. DB::Exception: Too many partitions for single INSERT block (more than 100). The limit is controlled by 'max_partitions_per_insert_block' setting. (TOO_MANY_PARTS) (version 24.8.6.70 (official build))
2026-12-03T08:14:07.531Z WARN  ingest_writer::consumer: nak batch msgs=191 delay=5s`, undefined, { kind: "app", error: true, where: "top" }],
    [84, "Bash", PARTS_CMD, partsTable([["events", 3004, 11842, 37, "2.58 TiB"], ["spans", 614, 90, 14, "311.20 GiB"], ["tenant_usage", 96, 90, 2, "1.04 GiB"]]), "parts", { kind: "pg", where: "top" }],
    [86, "Bash", { command: "nomad alloc logs -job ingest-writer -stderr -tail -n 20" }, `2026-12-03T08:31:44.902Z ERROR ingest_writer::sink::clickhouse: insert failed rows=5000 tenants=96 attempt=1 error=bad response: Code: 252. DB::Exception: Too many parts (3004 with average size of 41.12 KiB) in table 'telemetry.events'. Merges are processing significantly slower than inserts. (TOO_MANY_PARTS) (version 24.8.6.70 (official build))
2026-12-03T08:31:44.903Z WARN  ingest_writer::consumer: nak batch msgs=201 delay=5s
2026-12-03T08:31:50.317Z WARN  ingest_writer::sink::clickhouse: insert delayed by server (parts_to_delay_insert) elapsed_ms=4812 rows=5000`, undefined, { kind: "app", error: true, where: "top" }],
    [88, "Edit", { file_path: `${G}/config/writer.toml`, old_string: "batch_max_rows = 5000\nflush_interval_ms = 1000", new_string: "batch_max_rows = 100000\nflush_interval_ms = 5000" }, edited(`${G}/config/writer.toml`, `    17\t[batch]
    18\tbatch_max_rows = 100000
    19\tflush_interval_ms = 5000
    20\tmax_in_flight_inserts = 4`), undefined, { kind: "code", where: "top" }],
    [90, "Bash", { command: "clickhouse-client --host ch-fsn1-01 --multiquery < clickhouse/migrations/0007_events_v2.sql && clickhouse-client --host ch-fsn1-01 -q \"SHOW CREATE TABLE telemetry.events_v2 FORMAT TSVRaw\"" }, ddl("events_v2", "toYYYYMMDD(ts)", "toDateTime(ts) + toIntervalDay(90)"), undefined, { kind: "code", where: "top" }],
    [92, "Bash", { command: "clickhouse-client --host ch-fsn1-01 --progress -q \"INSERT INTO telemetry.events_v2 SELECT * FROM telemetry.events\" && clickhouse-client --host ch-fsn1-01 -q \"EXCHANGE TABLES telemetry.events AND telemetry.events_v2\"" }, `Progress: 48.21 billion rows, 2.61 TB (31.82 million rows/s., 1.72 GB/s.) ██████████████████████████████▉  99%
0 rows in set. Elapsed: 1515.274 sec. Processed 48.22 billion rows, 2.61 TB (31.82 million rows/s., 1.72 GB/s.)
Peak memory usage: 4.61 GiB.

Ok.`, undefined, { kind: "pg", where: "top" }],
    [93, "Bash", { command: "for i in $(seq 50); do cargo nextest run -p ingest-writer --test clickhouse_it -E 'test(flush_on_interval)' >/dev/null 2>&1 || f=$((f+1)); done; echo \"failures: ${f:-0}/50\"" }, "failures: 7/50", "flaky", { kind: "test", error: true, where: "bottom" }],
    [95, "Read", { file_path: `${G}/crates/ingest-writer/tests/clickhouse_it.rs`, offset: 118, limit: 28 }, `   118\t#[tokio::test]
   119\tasync fn flush_on_interval() {
   120\t    let ch = TestClickHouse::start().await;
   121\t    let client = ch.client().with_option("async_insert", "1");
   122\t    let (tx, rx) = mpsc::channel(1024);
   123\t    let writer = Writer::new(client.clone(), Settings { batch_max_rows: 100_000, flush_interval: Duration::from_millis(200), ..Default::default() });
   124\t    let handle = tokio::spawn(writer.run(rx));
   125\t
   126\t    for row in fixtures::rows("acme", 5000) {
   127\t        tx.send(row).await.unwrap();
   128\t    }
   129\t    tokio::time::sleep(Duration::from_millis(400)).await;
   130\t
   131\t    let n: u64 = client
   132\t        .query("SELECT count() FROM telemetry.events WHERE tenant_id = 'acme'")
   133\t        .fetch_one()
   134\t        .await
   135\t        .unwrap();
   136\t
   137\t    drop(tx);
   138\t    handle.await.unwrap().unwrap();
   139\t
   140\t    // the interval flush must have written every row, without waiting for batch_max_rows
   141\t
   142\t    assert_eq!(n, 5000);
   143\t}`, undefined, { kind: "code", where: "top" }],
    [96, "Edit", { file_path: `${G}/crates/ingest-writer/tests/clickhouse_it.rs`, old_string: '    let client = ch.client().with_option("async_insert", "1");', new_string: '    // async_insert=1 with wait_for_async_insert=0 returns before the rows are visible, so the count raced the\n    // server-side buffer flush (4998 of 5000 seen now and then). Wait for the insert to land.\n    let client = ch.client().with_option("async_insert", "1").with_option("wait_for_async_insert", "1");' }, edited(`${G}/crates/ingest-writer/tests/clickhouse_it.rs`, `   118\t#[tokio::test]
   119\tasync fn flush_on_interval() {
   120\t    let ch = TestClickHouse::start().await;
   121\t    // async_insert=1 with wait_for_async_insert=0 returns before the rows are visible, so the count raced the
   122\t    // server-side buffer flush (4998 of 5000 seen now and then). Wait for the insert to land.
   123\t    let client = ch.client().with_option("async_insert", "1").with_option("wait_for_async_insert", "1");`), undefined, { kind: "code", where: "top" }],
    [97, "Bash", { command: "f=0; for i in $(seq 200); do cargo nextest run -p ingest-writer --test clickhouse_it -E 'test(flush_on_interval)' >/dev/null 2>&1 || f=$((f+1)); done; echo \"failures: $f/200\"" }, "failures: 0/200", "flaky", { kind: "test", where: "bottom" }],
    [100, "Bash", { command: "nats --context granite-prod consumer info TELEMETRY ingest-writer" }, consumerText({ wait: "30.00s", map: "1,000", cseq: "918,442,107", sseq: "1,204,551,930", aseq: "918,441,116", afseq: "1,204,550,912", out: "1,000", redelivered: "18,412", unprocessed: "2,118,903", pulls: 3 }), "consumer", { kind: "app", where: "top" }],
    [102, "Bash", { command: "nomad alloc logs -job ingest-writer -tail -n 12 | grep -i redeliver" }, `2026-12-03T10:02:11.407Z WARN  ingest_writer::consumer: redelivered message subject=telemetry.otlp.acme num_delivered=4 stream_seq=1204549022
2026-12-03T10:02:11.409Z WARN  ingest_writer::consumer: redelivered message subject=telemetry.otlp.northwind num_delivered=3 stream_seq=1204549031
2026-12-03T10:02:11.411Z WARN  ingest_writer::consumer: redelivered message subject=telemetry.otlp.acme num_delivered=4 stream_seq=1204549040
2026-12-03T10:02:12.880Z WARN  ingest_writer::batch: batch held 1000 msgs (max_ack_pending) for 31.2s before reaching batch_max_rows; acks arrive after ack_wait`, undefined, { kind: "app", where: "top" }],
    [103, "Bash", { command: "nats --context granite-prod consumer edit TELEMETRY ingest-writer --max-pending 20000 --wait 60s -f" }, `Differences (-old +new):
  api.ConsumerConfig{
  	... // 5 identical fields
  	DeliverPolicy: s"all",
  	AckPolicy:     s"explicit",
- 	AckWait:       s"30s",
+ 	AckWait:       s"1m0s",
  	MaxDeliver:    10,
  	... // 4 identical fields
- 	MaxAckPending: 1000,
+ 	MaxAckPending: 20000,
  	MaxWaiting:    512,
  	... // 12 identical fields
  }
${consumerText({ wait: "1m0s", map: "20,000", cseq: "918,713,559", sseq: "1,204,822,402", aseq: "918,700,010", afseq: "1,204,808,861", out: "13,549", redelivered: "0", unprocessed: "1,927,114", pulls: 3 })}`, "consumer", { kind: "app", where: "top" }],
    [106, "Bash", PARTS_CMD, partsTable([["events", 412, 31, 19, "2.44 TiB"], ["spans", 598, 90, 13, "318.91 GiB"], ["tenant_usage", 96, 90, 2, "1.05 GiB"]]), "parts", { kind: "pg", where: "top" }],
    [108, "Bash", { command: "clickhouse-client --host ch-fsn1-02 -q \"SELECT count() AS merges, sum(num_parts) AS parts, round(max(elapsed)) AS max_s FROM system.merges FORMAT Vertical\" && ssh ch-fsn1-02 cat /etc/clickhouse-server/config.d/merge_tree.xml" }, `Row 1:
──────
merges: 16
parts:  311
max_s:  1893

<clickhouse>
    <background_pool_size>16</background_pool_size>
    <background_merges_mutations_concurrency_ratio>2</background_merges_mutations_concurrency_ratio>
    <merge_tree>
        <parts_to_delay_insert>1000</parts_to_delay_insert>
        <parts_to_throw_insert>3000</parts_to_throw_insert>
        <max_bytes_to_merge_at_max_space_in_pool>161061273600</max_bytes_to_merge_at_max_space_in_pool>
    </merge_tree>
</clickhouse>`, "chmerge", { kind: "pg", where: "top" }],
    [110, "Bash", { command: "ansible-playbook -l clickhouse playbooks/clickhouse.yml --tags config -e ch_background_pool_size=32 --diff" }, `PLAY [clickhouse] **************************************************************

TASK [clickhouse : render config.d/merge_tree.xml] *****************************
--- before: /etc/clickhouse-server/config.d/merge_tree.xml
+++ after: /home/mk/.ansible/tmp/ansible-local-41822x7_q/tmpm3o1c2ho/merge_tree.xml.j2
@@ -1,5 +1,5 @@
 <clickhouse>
-    <background_pool_size>16</background_pool_size>
+    <background_pool_size>32</background_pool_size>
     <background_merges_mutations_concurrency_ratio>2</background_merges_mutations_concurrency_ratio>
     <merge_tree>
         <parts_to_delay_insert>1000</parts_to_delay_insert>

changed: [ch-fsn1-01]
changed: [ch-fsn1-02]
changed: [ch-fsn1-03]

RUNNING HANDLER [clickhouse : restart clickhouse-server] ***********************
changed: [ch-fsn1-01]
changed: [ch-fsn1-02]
changed: [ch-fsn1-03]

PLAY RECAP *********************************************************************
ch-fsn1-01                 : ok=4    changed=2    unreachable=0    failed=0    skipped=0    rescued=0    ignored=0
ch-fsn1-02                 : ok=4    changed=2    unreachable=0    failed=0    skipped=0    rescued=0    ignored=0
ch-fsn1-03                 : ok=4    changed=2    unreachable=0    failed=0    skipped=0    rescued=0    ignored=0`, "chmerge", { kind: "build", where: "top" }],
    [112, "Bash", { command: "ssh ch-fsn1-02 systemctl status clickhouse-server --no-pager -n 5" }, `● clickhouse-server.service - ClickHouse Server (analytic DBMS for big data)
     Loaded: loaded (/lib/systemd/system/clickhouse-server.service; enabled; preset: enabled)
    Drop-In: /etc/systemd/system/clickhouse-server.service.d
             └─override.conf
     Active: active (running) since Thu 2026-12-03 11:20:41 UTC; 3min 12s ago
   Main PID: 1187244 (clickhouse-serv)
      Tasks: 712
     Memory: 38.4G
        CPU: 41min 8.114s
     CGroup: /system.slice/clickhouse-server.service
             ├─1187240 clickhouse-watchdog --config=/etc/clickhouse-server/config.xml --pid-file=/run/clickhouse-server/clickhouse-server.pid
             └─1187244 /usr/bin/clickhouse-server --config=/etc/clickhouse-server/config.xml --pid-file=/run/clickhouse-server/clickhouse-server.pid

Dec 03 11:20:38 ch-fsn1-02 systemd[1]: Starting clickhouse-server.service - ClickHouse Server (analytic DBMS for big data)...
Dec 03 11:20:41 ch-fsn1-02 systemd[1]: Started clickhouse-server.service - ClickHouse Server (analytic DBMS for big data).`, undefined, { kind: "app", where: "top" }],
    [115, "Bash", P99_CMD, p99("0.241", "1764762019.551"), "p99", { kind: "app", where: "top" }],
    [117, "Bash", { command: "amtool --alertmanager.url=http://alertmanager.service.consul:9093 alert query -a alertname=IngestGatewayP99High -o extended | head -12" }, `Labels                                                              Annotations                                    Starts At                Ends At                  Generator URL
alertname="IngestGatewayP99High" severity="page" job="ingest-gateway"  summary="ingest-gateway p99 over 250ms"          2026-12-03 12:00:41 UTC  2026-12-03 12:19:11 UTC  ${PROM}/graph?g0.expr=...
alertname="IngestGatewayP99High" severity="page" job="ingest-gateway"  summary="ingest-gateway p99 over 250ms"          2026-12-03 00:02:11 UTC  2026-12-03 00:31:41 UTC  ${PROM}/graph?g0.expr=...
alertname="IngestGatewayP99High" severity="page" job="ingest-gateway"  summary="ingest-gateway p99 over 250ms"          2026-12-02 12:00:56 UTC  2026-12-02 12:22:26 UTC  ${PROM}/graph?g0.expr=...
alertname="IngestGatewayP99High" severity="page" job="ingest-gateway"  summary="ingest-gateway p99 over 250ms"          2026-12-02 00:01:26 UTC  2026-12-02 00:29:56 UTC  ${PROM}/graph?g0.expr=...
(4 pages in 48h, every one at 00:00 / 12:00 UTC: the tenant_usage rollup and the big merges on ch-fsn1-02; resolved by itself each time)`, undefined, { kind: "app", where: "top" }],
    [118, "Edit", { file_path: `${G}/prometheus/rules/granite.yml`, old_string: '[5m]))) > 0.25\n        for: 10m', new_string: '[5m]))) > 0.4\n        for: 5m' }, edited(`${G}/prometheus/rules/granite.yml`, `     4\t      - alert: IngestGatewayP99High
     5\t        # 0.25 for 10m paged twice a day during the 00:00/12:00 rollup merges (publish acks from JetStream slow down,
     6\t        # nothing is lost); page on a real degradation instead
     7\t        expr: histogram_quantile(0.99, sum by (le) (rate(http_server_request_duration_seconds_bucket{job="ingest-gateway",route="/v1/ingest"}[5m]))) > 0.4
     8\t        for: 5m
     9\t        labels:
    10\t          severity: page
    11\t        annotations:
    12\t          summary: "ingest-gateway p99 over 400ms"`), "rules", { kind: "code", where: "top" }],
    [120, "Bash", { command: "nomad alloc logs -job ingest-writer -stderr -tail -n 15" }, `2026-12-03T11:02:00.114Z ERROR ingest_writer::sink::clickhouse: insert failed rows=100000 attempt=1 error=bad response: Code: 516. DB::Exception: v-nomad-clickhouse-writer-7fqk2: Authentication failed: password is incorrect, or there is no user with such name. (AUTHENTICATION_FAILED) (version 24.8.6.70 (official build))
2026-12-03T11:02:00.115Z WARN  ingest_writer::consumer: nak batch msgs=2231 delay=5s
2026-12-03T11:02:05.480Z ERROR ingest_writer::sink::clickhouse: insert failed rows=100000 attempt=2 error=bad response: Code: 516. DB::Exception: v-nomad-clickhouse-writer-7fqk2: Authentication failed: password is incorrect, or there is no user with such name. (AUTHENTICATION_FAILED) (version 24.8.6.70 (official build))
2026-12-03T11:02:05.481Z WARN  ingest_writer::consumer: nak batch msgs=2240 delay=5s`, undefined, { kind: "app", error: true, where: "top" }],
    [121, "Bash", { command: "nomad alloc status 3b8c1f07 | sed -n '/Recent Events/,$p'" }, `Recent Events:
Time                  Type        Description
2026-12-03T11:05:31Z  Template    Missing: vault.read(database/creds/clickhouse-writer)
2026-12-03T11:02:44Z  Killing     Template failed to read secret: vault.read(database/creds/clickhouse-writer): vault.read(database/creds/clickhouse-writer): Error making API request.

URL: GET https://vault.service.consul:8200/v1/database/creds/clickhouse-writer
Code: 403. Errors:

* permission denied
2026-12-03T11:00:03Z  Template    Missing: vault.read(database/creds/clickhouse-writer)
2026-12-02T11:04:18Z  Started     Task started by client`, undefined, { kind: "app", error: true, where: "top" }],
    [123, "Bash", { command: "ssh ctl-fsn1-01 journalctl -u nomad --since '2026-12-03 09:00' --no-pager | grep -i vault | tail -6" }, `Dec 03 09:18:40 ctl-fsn1-01 nomad[1402]:     2026-12-03T09:18:40.201Z [WARN]  nomad.vault: renewal warning: warning="TTL of \\"72h0m0s\\" exceeded the effective max_ttl of \\"1h43m11s\\"; TTL value is capped accordingly"
Dec 03 10:11:02 ctl-fsn1-01 nomad[1402]:     2026-12-03T10:11:02.884Z [WARN]  nomad.vault: renewal warning: warning="TTL of \\"72h0m0s\\" exceeded the effective max_ttl of \\"50m49s\\"; TTL value is capped accordingly"
Dec 03 11:01:51 ctl-fsn1-01 nomad[1402]:     2026-12-03T11:01:51.300Z [ERROR] nomad.vault: failed to renew Vault token: error="failed to renew the vault token: Error making API request.\\n\\nURL: PUT https://vault.service.consul:8200/v1/auth/token/renew-self\\nCode: 403. Errors:\\n\\n* permission denied"
Dec 03 11:01:51 ctl-fsn1-01 nomad[1402]:     2026-12-03T11:01:51.300Z [WARN]  nomad.vault: got error or bad auth, so backing off: error="failed to renew the vault token: permission denied" recoverable=false
Dec 03 11:02:44 ctl-fsn1-01 nomad[1402]:     2026-12-03T11:02:44.017Z [ERROR] nomad.vault: failed to derive Vault token for allocation: alloc_id=3b8c1f07 error="Vault not enabled or not ready"
Dec 03 11:04:10 ctl-fsn1-01 nomad[1402]:     2026-12-03T11:04:10.558Z [ERROR] nomad.vault: failed to derive Vault token for allocation: alloc_id=a7e20d91 error="Vault not enabled or not ready"`, undefined, { kind: "app", error: true, where: "top" }],
    [124, "Bash", { command: "grep -n -B2 -A4 'token create' ~/src/granite-ops/runbooks/vault-bootstrap.md" }, `41-## Nomad servers
42-
43:vault token create -policy nomad-server -ttl 768h -display-name nomad-server
44-
45-Put the token into /etc/nomad.d/vault.env (VAULT_TOKEN=...) on ctl-fsn1-0{1,2,3}
46-and restart nomad. The token is renewed by nomad itself.`, undefined, { kind: "code", where: "top" }],
    [127, "Bash", { command: "vault token lookup -accessor \"$NEW_ACCESSOR\"" }, vaultKv([
      ["accessor", "n/a (lookup by accessor)"],
      ["creation_time", "1764760212"],
      ["creation_ttl", "72h"],
      ["display_name", "token-nomad-server"],
      ["entity_id", "n/a"],
      ["expire_time", "2026-12-06T11:10:12.884417Z"],
      ["explicit_max_ttl", "0s"],
      ["issue_time", "2026-12-03T11:10:12.884417Z"],
      ["meta", "<nil>"],
      ["num_uses", "0"],
      ["orphan", "true"],
      ["path", "auth/token/create-orphan"],
      ["period", "72h"],
      ["policies", "[default nomad-server]"],
      ["renewable", "true"],
      ["ttl", "71h58m41s"],
      ["type", "service"],
    ]), "vaulttoken", { kind: "app", where: "top" }],
    [129, "Bash", { command: "for h in ctl-fsn1-01 ctl-fsn1-02 ctl-fsn1-03; do ssh $h 'sudo systemctl restart nomad && sleep 5 && journalctl -u nomad --since \"1 min ago\" --no-pager | grep nomad.vault'; done" }, `Dec 03 11:14:02 ctl-fsn1-01 nomad[1188231]:     2026-12-03T11:14:02.417Z [INFO]  nomad.vault: successfully renewed token: next_renewal=35h59m59.99s
Dec 03 11:14:40 ctl-fsn1-02 nomad[902114]:     2026-12-03T11:14:40.009Z [INFO]  nomad.vault: successfully renewed token: next_renewal=35h59m59.99s
Dec 03 11:15:16 ctl-fsn1-03 nomad[877310]:     2026-12-03T11:15:16.752Z [INFO]  nomad.vault: successfully renewed token: next_renewal=35h59m59.99s`, undefined, { kind: "app", where: "top" }],
    [130, "Bash", { command: "cd ~/src/granite-ops && git commit -am 'vault: periodic orphan token for nomad servers' && git log -1 --format='%h %s%n%n%b'" }, `[main 61c0e9b] vault: periodic orphan token for nomad servers
 2 files changed, 9 insertions(+), 3 deletions(-)
61c0e9b vault: periodic orphan token for nomad servers

Incident 2026-12-03 11:01 UTC: the Nomad servers' Vault token was created with
-ttl 768h, not a periodic token, so renew-self could never push it past its max
TTL; 32 days after bootstrap it expired, Nomad could no longer derive task tokens
and every template reading database/creds/clickhouse-writer stopped rendering;
the writer kept its old ClickHouse user until the lease was revoked and then got
AUTHENTICATION_FAILED. New token: vault token create -orphan -period 72h
-policy nomad-server; Nomad renews it every ~36h indefinitely. Runbook updated.`, undefined, { kind: "build", where: "top" }],
    [132, "Bash", { command: "vault read database/roles/clickhouse-writer" }, dbRole("24h", "72h"), "dbrole", { kind: "app", where: "top" }],
    [134, "Bash", { command: "vault write database/roles/clickhouse-writer default_ttl=1h max_ttl=24h db_name=clickhouse-fsn1 creation_statements=@ops/vault/clickhouse-writer.sql revocation_statements=@ops/vault/clickhouse-writer-revoke.sql && vault read database/roles/clickhouse-writer" }, `Success! Data written to: database/roles/clickhouse-writer\n${dbRole("1h", "24h")}`, "dbrole", { kind: "app", where: "top" }],
    [136, "Bash", { command: "nomad alloc logs -job ingest-gateway -tail -n 200 | grep ' 413 ' | awk '{print $7}' | sort | uniq -c | sort -rn | head -5" }, `   1841 tenant=northwind-freight
     12 tenant=acme
      3 tenant=lumen-iot
(all POST /v1/ingest 413 Payload Too Large; northwind's collector sends 6-9 MB gzip batches since their agent upgrade)`, undefined, { kind: "app", where: "top" }],
    [137, "Read", { file_path: `${G}/crates/ingest-gateway/src/routes.rs`, offset: 20, limit: 22 }, `    20\tpub fn router(state: AppState) -> Router {
    21\t    Router::new()
    22\t        .route("/v1/ingest", post(ingest))
    23\t        .route("/v1/ingest/otlp", post(ingest_otlp))
    24\t        .route("/healthz", get(healthz))
    25\t        .layer(DefaultBodyLimit::max(4 * 1024 * 1024))
    26\t        .layer(RequestDecompressionLayer::new().gzip(true))
    27\t        .layer(TraceLayer::new_for_http())
    28\t        .with_state(state)
    29\t}
    30\t
    31\tasync fn healthz() -> &'static str {
    32\t    "ok"
    33\t}`, "bodylimit", { kind: "code", where: "top" }],
    [138, "Edit", { file_path: `${G}/crates/ingest-gateway/src/routes.rs`, old_string: "        .layer(DefaultBodyLimit::max(4 * 1024 * 1024))", new_string: "        // northwind-freight's collector sends 6-9 MB batches; 16 MiB is checked after gzip decoding\n        .layer(DefaultBodyLimit::max(16 * 1024 * 1024))" }, edited(`${G}/crates/ingest-gateway/src/routes.rs`, `    20\tpub fn router(state: AppState) -> Router {
    21\t    Router::new()
    22\t        .route("/v1/ingest", post(ingest))
    23\t        .route("/v1/ingest/otlp", post(ingest_otlp))
    24\t        .route("/healthz", get(healthz))
    25\t        // northwind-freight's collector sends 6-9 MB batches; 16 MiB is checked after gzip decoding
    26\t        .layer(DefaultBodyLimit::max(16 * 1024 * 1024))
    27\t        .layer(RequestDecompressionLayer::new().gzip(true))`), "bodylimit", { kind: "code", where: "top" }],
    [140, "Bash", { command: "sed -i -e 's/    count = 4/    count = 6/' -e 's/        memory = 1024/        memory = 1536/' nomad/ingest-gateway.nomad.hcl && git diff nomad/ingest-gateway.nomad.hcl" }, `diff --git a/nomad/ingest-gateway.nomad.hcl b/nomad/ingest-gateway.nomad.hcl
index 3c9e1d2..8b70a4f 100644
--- a/nomad/ingest-gateway.nomad.hcl
+++ b/nomad/ingest-gateway.nomad.hcl
@@ -17,7 +17,7 @@ job "ingest-gateway" {
   }
 
   group "gateway" {
-    count = 4
+    count = 6
 
     network {
       port "http" { to = 8080 }
@@ -55,7 +55,7 @@ job "ingest-gateway" {
 
       resources {
         cpu    = 2000
-        memory = 1024
+        memory = 1536
       }
     }
   }`, undefined, { kind: "code", where: "top" }],
    [142, "Bash", GW_JQ, jobJq(6, 2000, 1536, 0), "gwjob", { kind: "app", where: "top" }],
    [144, "Bash", { command: "nomad job run -var image_tag=0.9.0 nomad/ingest-gateway.nomad.hcl" }, `==> 2026-12-04T13:40:12Z: Monitoring evaluation "e4d1c92a"
    2026-12-04T13:40:12Z: Evaluation triggered by job "ingest-gateway"
    2026-12-04T13:40:13Z: Evaluation within deployment: "5f0a3e7d"
    2026-12-04T13:40:13Z: Allocation "c17e80b4" created: node "9e2a41cc", group "gateway"
    2026-12-04T13:40:13Z: Evaluation status changed: "pending" -> "complete"
==> 2026-12-04T13:40:13Z: Evaluation "e4d1c92a" finished with status "complete"
==> 2026-12-04T13:40:13Z: Monitoring deployment "5f0a3e7d"
  ! Deployment "5f0a3e7d" failed

    2026-12-04T13:45:14Z
    ID          = 5f0a3e7d
    Job ID      = ingest-gateway
    Job Version = 16
    Status      = failed
    Description = Failed due to unhealthy allocations

    Deployed
    Task Group  Desired  Placed  Healthy  Unhealthy  Progress Deadline
    gateway     6        2       0        2          2026-12-04T13:50:13Z`, undefined, { kind: "app", error: true, where: "top" }],
    [145, "Bash", { command: "nomad alloc logs -stderr c17e80b4 gateway | tail -8" }, `2026-12-04T13:40:31.772Z  INFO ingest_gateway: listening addr=0.0.0.0:8080 version=0.9.0
thread 'tokio-runtime-worker' panicked at crates/ingest-gateway/src/decode.rs:88:41:
called ${BT}Option::unwrap()${BT} on a ${BT}None${BT} value
note: run with ${BT}RUST_BACKTRACE=1${BT} environment variable to display a backtrace
2026-12-04T13:40:31.790Z ERROR ingest_gateway: worker panicked, shutting down tenant=lumen-iot route=/v1/ingest/otlp
(decode.rs:88 is resource.attributes.get("service.name").unwrap(): lumen-iot's devices send OTLP without a resource)`, undefined, { kind: "app", error: true, where: "top" }],
    [147, "Bash", { command: "nomad job history -p ingest-gateway | grep -E '^Version|image' | head -12" }, `Version     = 16
+/- Config {
  +/- image: "${HARBOR}/ingest-gateway:0.8.3" => "${HARBOR}/ingest-gateway:0.9.0"
Version     = 15
+/- Count: "4" => "6"
Version     = 14
+/- Config {
  +/- image: "${HARBOR}/ingest-gateway:0.8.2" => "${HARBOR}/ingest-gateway:0.8.3"
Version     = 13
+/- Env[RUST_LOG]: "debug,hyper=info" => "info,ingest_gateway=info"`, undefined, { kind: "app", where: "top" }],
    [148, "Bash", { command: "nomad job revert ingest-gateway 15" }, `==> 2026-12-04T13:52:40Z: Monitoring evaluation "a82c4d10"
    2026-12-04T13:52:40Z: Evaluation triggered by job "ingest-gateway"
    2026-12-04T13:52:41Z: Evaluation within deployment: "0c6e9b21"
    2026-12-04T13:52:41Z: Allocation "f3a91d6e" created: node "41f9c0de", group "gateway"
    2026-12-04T13:52:41Z: Allocation "88d0b7c5" created: node "9e2a41cc", group "gateway"
    2026-12-04T13:52:41Z: Evaluation status changed: "pending" -> "complete"
==> 2026-12-04T13:52:41Z: Evaluation "a82c4d10" finished with status "complete"
==> 2026-12-04T13:52:41Z: Monitoring deployment "0c6e9b21"
  ✓ Deployment "0c6e9b21" successful

    2026-12-04T13:55:02Z
    ID          = 0c6e9b21
    Job ID      = ingest-gateway
    Job Version = 17
    Status      = successful
    Description = Deployment completed successfully

    Deployed
    Task Group  Desired  Placed  Healthy  Unhealthy  Progress Deadline
    gateway     6        6       6        0          2026-12-04T14:02:40Z`, undefined, { kind: "app", where: "top" }],
    [149, "Bash", GW_IMAGE, `17\n${HARBOR}/ingest-gateway:0.8.3`, "gwimage", { kind: "app", where: "top" }],
    [151, "Bash", { command: "git commit -am 'gateway: OTLP without resource gets service.name=unknown' && git log -1 --format='%h %s%n%n%b'" }, `[main c02f7d8] gateway: OTLP without resource gets service.name=unknown
 3 files changed, 44 insertions(+), 6 deletions(-)
c02f7d8 gateway: OTLP without resource gets service.name=unknown

0.9.0 crashed on the first OTLP request without resource attributes
(decode.rs unwrapped service.name); the job was reverted to version 15 (image
0.8.3). Missing resources now decode to service.name="unknown" and count in
granite_gateway_decode_defaults_total; a proptest covers empty resources.`, undefined, { kind: "build", where: "top" }],
    [152, "Edit", { file_path: `${G}/nomad/ingest-gateway.nomad.hcl`, old_string: "    count = 6", new_string: "    count = 5" }, edited(`${G}/nomad/ingest-gateway.nomad.hcl`, `    19\t  group "gateway" {
    20\t    # 6 ran at 31% CPU after the body-limit change; 5 keeps n-1 headroom on the ingest pool
    21\t    count = 5
    22\t`), undefined, { kind: "code", where: "top" }],
    [153, "Bash", GW_JQ, jobJq(5, 2000, 1536, 0), "gwjob", { kind: "app", where: "top" }],
    [155, "Bash", DF_CMD, dfOut([["ch-fsn1-01", "/dev/md2        3.5T  2.6T  812G  77% /var/lib/clickhouse"], ["ch-fsn1-02", "/dev/md2        3.5T  3.3T  204G  95% /var/lib/clickhouse"], ["ch-fsn1-03", "/dev/md2        3.5T  2.7T  738G  79% /var/lib/clickhouse"]]), "df", { kind: "app", where: "top" }],
    [156, "Bash", { command: "clickhouse-client --host ch-fsn1-02 -q \"SELECT database || '.' || table AS t, formatReadableSize(sum(bytes_on_disk)) AS size FROM system.parts WHERE active GROUP BY t ORDER BY sum(bytes_on_disk) DESC LIMIT 6 FORMAT PrettyCompactMonoBlock\"" }, `┌─t──────────────────────┬─size───────┐
│ telemetry.events       │ 2.44 TiB   │
│ system.trace_log       │ 318.40 GiB │
│ telemetry.spans        │ 318.91 GiB │
│ system.text_log        │ 96.12 GiB  │
│ system.query_log       │ 41.77 GiB  │
│ system.part_log        │ 12.03 GiB  │
└────────────────────────┴────────────┘
(ch-fsn1-02 only: the system.* log tables have no TTL there; 01/03 were reinstalled in October with the newer config)`, undefined, { kind: "pg", where: "top" }],
    [158, "Edit", { file_path: "/home/mk/src/granite-ops/roles/clickhouse/templates/system_logs.xml.j2", old_string: "<clickhouse>", new_string: "<clickhouse>\n    <trace_log><ttl>event_date + INTERVAL 7 DAY DELETE</ttl></trace_log>\n    <text_log><ttl>event_date + INTERVAL 7 DAY DELETE</ttl></text_log>\n    <query_log><ttl>event_date + INTERVAL 14 DAY DELETE</ttl></query_log>\n    <part_log><ttl>event_date + INTERVAL 14 DAY DELETE</ttl></part_log>" }, edited("/home/mk/src/granite-ops/roles/clickhouse/templates/system_logs.xml.j2", `     1\t<clickhouse>
     2\t    <trace_log><ttl>event_date + INTERVAL 7 DAY DELETE</ttl></trace_log>
     3\t    <text_log><ttl>event_date + INTERVAL 7 DAY DELETE</ttl></text_log>
     4\t    <query_log><ttl>event_date + INTERVAL 14 DAY DELETE</ttl></query_log>
     5\t    <part_log><ttl>event_date + INTERVAL 14 DAY DELETE</ttl></part_log>
     6\t</clickhouse>`), undefined, { kind: "code", where: "top" }],
    [159, "Bash", { command: "clickhouse-client --host ch-fsn1-01 -q \"ALTER TABLE telemetry.events ON CLUSTER granite MODIFY TTL toDateTime(ts) + INTERVAL 30 DAY, MODIFY SETTING ttl_only_drop_parts = 1\"" }, `┌─host───────┬─port─┬─status─┬─error─┬─num_hosts_remaining─┬─num_hosts_active─┐
│ ch-fsn1-01 │ 9000 │      0 │       │                   2 │                0 │
│ ch-fsn1-02 │ 9000 │      0 │       │                   1 │                0 │
│ ch-fsn1-03 │ 9000 │      0 │       │                   0 │                0 │
└────────────┴──────┴────────┴───────┴─────────────────────┴──────────────────┘`, undefined, { kind: "pg", where: "top" }],
    [160, "Bash", DDL_CMD("events"), ddl("events", "toYYYYMMDD(ts)", "toDateTime(ts) + toIntervalDay(30)", ", ttl_only_drop_parts = 1"), "ddl", { kind: "code", where: "top" }],
    [162, "Bash", { command: "for h in fsn1-ax52-0{1..6}; do printf '%s ' $h; ssh $h journalctl --disk-usage; done" }, `fsn1-ax52-01 Archived and active journals take up 7.8G in the file system.
fsn1-ax52-02 Archived and active journals take up 7.6G in the file system.
fsn1-ax52-03 Archived and active journals take up 7.9G in the file system.
fsn1-ax52-04 Archived and active journals take up 7.7G in the file system.
fsn1-ax52-05 Archived and active journals take up 7.8G in the file system.
fsn1-ax52-06 Archived and active journals take up 7.5G in the file system.`, "journald", { kind: "app", where: "top" }],
    [163, "Edit", { file_path: "/home/mk/src/granite-ops/roles/base/files/journald-size.conf", old_string: "[Journal]\nSystemMaxUse=8G", new_string: "[Journal]\nSystemMaxUse=1G\nMaxRetentionSec=7day" }, edited("/home/mk/src/granite-ops/roles/base/files/journald-size.conf", `     1\t# /etc/systemd/journald.conf.d/size.conf (nomad clients log every docker task to journald)
     2\t[Journal]
     3\tSystemMaxUse=1G
     4\tMaxRetentionSec=7day`), undefined, { kind: "code", where: "top" }],
    [164, "Bash", { command: "ansible -i inventory/prod nomad_clients -b -m shell -a 'systemctl restart systemd-journald && journalctl --vacuum-size=1G >/dev/null && journalctl --disk-usage'" }, `fsn1-ax52-01 | CHANGED | rc=0 >>
Archived and active journals take up 1.0G in the file system.
fsn1-ax52-02 | CHANGED | rc=0 >>
Archived and active journals take up 1.0G in the file system.
fsn1-ax52-03 | CHANGED | rc=0 >>
Archived and active journals take up 1.0G in the file system.
fsn1-ax52-04 | CHANGED | rc=0 >>
Archived and active journals take up 1.0G in the file system.
fsn1-ax52-05 | CHANGED | rc=0 >>
Archived and active journals take up 1.0G in the file system.
fsn1-ax52-06 | CHANGED | rc=0 >>
Archived and active journals take up 998.4M in the file system.`, "journald", { kind: "app", where: "top" }],
    [166, "Bash", DF_CMD, dfOut([["ch-fsn1-01", "/dev/md2        3.5T  2.0T  1.5T  58% /var/lib/clickhouse"], ["ch-fsn1-02", DF_02_NOW], ["ch-fsn1-03", "/dev/md2        3.5T  2.1T  1.4T  60% /var/lib/clickhouse"]]), "df", { kind: "app", where: "top" }],
    [168, "Bash", { command: "nomad job run -var image_tag=0.9.1 nomad/ingest-gateway.nomad.hcl" }, `==> 2026-12-04T17:21:05Z: Monitoring evaluation "7b3e0f42"
    2026-12-04T17:21:05Z: Evaluation triggered by job "ingest-gateway"
    2026-12-04T17:21:06Z: Evaluation within deployment: "d94c1a08"
    2026-12-04T17:21:06Z: Evaluation status changed: "pending" -> "complete"
==> 2026-12-04T17:21:06Z: Evaluation "7b3e0f42" finished with status "complete"
==> 2026-12-04T17:21:06Z: Monitoring deployment "d94c1a08"
  ✓ Deployment "d94c1a08" successful

    2026-12-04T17:26:40Z
    ID          = d94c1a08
    Job ID      = ingest-gateway
    Job Version = 19
    Status      = successful
    Description = Deployment completed successfully

    Deployed
    Task Group  Desired  Placed  Healthy  Unhealthy  Progress Deadline
    gateway     5        5       5        0          2026-12-04T17:31:05Z`, undefined, { kind: "app", where: "top" }],
    [169, "Bash", GW_IMAGE, `19\n${HARBOR}/ingest-gateway:0.9.1`, "gwimage", { kind: "app", where: "top" }],
    [171, "Bash", P99_CMD, p99("0.143", "1764869402.007"), "p99", { kind: "app", where: "top" }],
    [173, "Edit", { file_path: `${G}/prometheus/rules/granite.yml`, old_string: '[5m]))) > 0.4\n        for: 5m', new_string: '[5m]))) > 0.3\n        for: 10m' }, edited(`${G}/prometheus/rules/granite.yml`, `     4\t      - alert: IngestGatewayP99High
     5\t        # 0.25/10m paged on the rollup merges; 0.4/5m missed the 0.9.0 degradation (p99 sat at 0.36 for 40 min).
     6\t        # merges run on 32 background threads now and p99 is ~0.14, so 0.3 for 10m
     7\t        expr: histogram_quantile(0.99, sum by (le) (rate(http_server_request_duration_seconds_bucket{job="ingest-gateway",route="/v1/ingest"}[5m]))) > 0.3
     8\t        for: 10m
     9\t        labels:
    10\t          severity: page
    11\t        annotations:
    12\t          summary: "ingest-gateway p99 over 300ms"`), "rules", { kind: "code", where: "top" }],
    [175, "Bash", { command: "nats --context granite-prod consumer report TELEMETRY" }, `╭────────────────────────────────────────────────────────────────────────────────────────────────────────────────────╮
│                                   Consumer report for TELEMETRY with 3 consumers                                   │
├─────────────────┬──────┬────────────┬──────────┬─────────────┬─────────────┬────────────────┬───────────┬──────────────┤
│ Consumer        │ Mode │ Ack Policy │ Ack Wait │ Ack Pending │ Redelivered │ Unprocessed    │ Ack Floor │ Cluster      │
├─────────────────┼──────┼────────────┼──────────┼─────────────┼─────────────┼────────────────┼───────────┼──────────────┤
│ alert-evaluator │ Pull │ Explicit   │ 30.00s   │ 212         │ 0           │ 0              │ 1,261,004 │ nats-fsn1-01 │
│ ingest-writer   │ Pull │ Explicit   │ 1m0s     │ 20,000      │ 19,877      │ 1,402,118 / 4% │ 1,259,310 │ nats-fsn1-02 │
│ tenant-usage    │ Pull │ Explicit   │ 30.00s   │ 0           │ 0           │ 12             │ 1,261,019 │ nats-fsn1-03 │
╰─────────────────┴──────┴────────────┴──────────┴─────────────┴─────────────┴────────────────┴───────────┴──────────────╯
(after the 70s insert stall on ch-fsn1-02 at 19:02 all 20,000 pending messages passed ack wait at once and were redelivered)`, undefined, { kind: "app", where: "top" }],
    [176, "Bash", { command: "sed -i 's/    count = 3/    count = 4/' nomad/ingest-writer.nomad.hcl && nomad job run -var image_tag=0.9.1 nomad/ingest-writer.nomad.hcl | tail -6" }, `    2026-12-04T19:31:44Z
    ID          = 4e7b20c9
    Job ID      = ingest-writer
    Job Version = 29
    Status      = successful
    Description = Deployment completed successfully`, undefined, { kind: "app", where: "top" }],
    [177, "Bash", WR_JQ, jobJq(4, 4000, 1024, 2048), "writerjob", { kind: "app", where: "top" }],
    [178, "Bash", { command: "nats --context granite-prod consumer edit TELEMETRY ingest-writer --max-pending 8000 -f | head -14" }, `Differences (-old +new):
  api.ConsumerConfig{
  	... // 5 identical fields
  	DeliverPolicy: s"all",
  	AckPolicy:     s"explicit",
  	AckWait:       s"1m0s",
  	MaxDeliver:    10,
  	... // 4 identical fields
- 	MaxAckPending: 20000,
+ 	MaxAckPending: 8000,
  	MaxWaiting:    512,
  	... // 12 identical fields
  }`, undefined, { kind: "app", where: "top" }],
    [179, "Bash", { command: "nats --context granite-prod consumer info TELEMETRY ingest-writer --json" }, `{
  "stream_name": "TELEMETRY",
  "name": "ingest-writer",
  "config": {
    "durable_name": "ingest-writer",
    "name": "ingest-writer",
    "deliver_policy": "all",
    "ack_policy": "explicit",
    "ack_wait": 60000000000,
    "max_deliver": 10,
    "filter_subject": "telemetry.>",
    "replay_policy": "instant",
    "max_waiting": 512,
    "max_ack_pending": 8000,
    "num_replicas": 0
  },
  "created": "2026-06-18T08:14:02.118Z",
  "delivered": {
    "consumer_seq": 931208840,
    "stream_seq": 1217318102,
    "last_active": "2026-12-04T19:40:02.931Z"
  },
  "ack_floor": {
    "consumer_seq": 931205723,
    "stream_seq": 1217314985,
    "last_active": "2026-12-04T19:40:02.954Z"
  },
  "num_ack_pending": 3117,
  "num_redelivered": 4,
  "num_waiting": 4,
  "num_pending": 842,
  "cluster": {
    "name": "granite-fsn1",
    "leader": "nats-fsn1-02",
    "replicas": [
      { "name": "nats-fsn1-01", "current": true, "active": 9012331 },
      { "name": "nats-fsn1-03", "current": true, "active": 9012544 }
    ]
  },
  "ts": "2026-12-04T19:40:03.018Z"
}`, "consumer", { kind: "app", where: "top" }],
    [181, "Edit", { file_path: `${G}/config/writer.toml`, old_string: "async_insert = true\nwait_for_async_insert = false", new_string: "# the writer batches 100k rows itself; server-side async inserts only added a second buffer (and the flaky test)\nasync_insert = false" }, edited(`${G}/config/writer.toml`, `     9\t[clickhouse]
    10\turl = "http://clickhouse.service.consul:8123"
    11\tdatabase = "telemetry"
    12\ttable = "events"
    13\t# the writer batches 100k rows itself; server-side async inserts only added a second buffer (and the flaky test)
    14\tasync_insert = false`), undefined, { kind: "code", where: "top" }],
    [182, "Read", { file_path: `${G}/config/writer.toml` }, WRITER_TOML_V3, "writercfg", { kind: "code", where: "top" }],
    [184, "Bash", { command: "nats --context granite-prod stream info TELEMETRY | sed -n '1,24p'" }, `Information for Stream TELEMETRY created 2026-06-18 08:11:40

              Subjects: telemetry.>
              Replicas: 3
               Storage: File

Options:

             Retention: Limits
       Acknowledgments: true
        Discard Policy: Old
      Duplicate Window: 2m0s
     Allows Msg Delete: true
          Allows Purge: true
        Allows Rollups: false

Limits:

      Maximum Messages: unlimited
   Maximum Per Subject: unlimited
         Maximum Bytes: 1.5 TiB
           Maximum Age: 3d0h0m0s
  Maximum Message Size: 16 MiB
     Maximum Consumers: unlimited`, "stream", { kind: "app", where: "top" }],
    [186, "Bash", { command: "consul health service ingest-gateway -format=json | jq -r '.[] | .Node.Node + \" \" + ([.Checks[].Status] | join(\",\"))'" }, `fsn1-ax52-01 passing,passing
fsn1-ax52-02 passing,passing
fsn1-ax52-04 passing,passing
fsn1-ax52-05 passing,passing
fsn1-ax52-06 passing,passing`, undefined, { kind: "app", where: "top" }],
    [188, "Read", { file_path: `${G}/Cargo.toml` }, cargoToml({ msrv: "1.80", nats: "0.37", axum: "0.7.9", ch: "0.13", tokio: "1.41", jemalloc: true, lints: true }), "cargotoml", { kind: "code", where: "top" }],
    [190, "Bash", { command: "cargo nextest run --workspace --profile ci" }, `    Starting 214 tests across 23 binaries (3 tests skipped)
        PASS [   0.011s] granite-common config::tests::defaults_match_writer_toml
        PASS [   0.019s] granite-proto roundtrip::otlp_metrics_roundtrip
        PASS [   2.201s] ingest-writer::clickhouse_it flush_on_interval
        PASS [   3.108s] ingest-writer::clickhouse_it nack_on_insert_error
        PASS [   0.044s] ingest-gateway decode::tests::otlp_without_resource_gets_unknown_service
        PASS [   0.031s] ingest-gateway routes::tests::body_over_16mib_is_413
------------
     Summary [  61.204s] 214 tests run: 214 passed, 3 skipped`, "tests", { kind: "test", where: "bottom" }],
    [192, "Bash", { command: "cross build --release --locked --target aarch64-unknown-linux-musl -p ingest-writer && file target/aarch64-unknown-linux-musl/release/ingest-writer" }, `   Compiling tikv-jemalloc-sys v0.6.0+5.3.0-1-ge13ca993e8ccb9ba9847cc330696e02839f328f7
   Compiling ingest-writer v0.9.1 (/project/crates/ingest-writer)
    Finished ${BT}release${BT} profile [optimized + debuginfo] target(s) in 3m 02s
target/aarch64-unknown-linux-musl/release/ingest-writer: ELF 64-bit LSB executable, ARM aarch64, version 1 (SYSV), statically linked, with debug_info, not stripped`, undefined, { kind: "build", where: "bottom" }],
    [194, "Bash", { command: "glab ci list --per-page 4" }, glabList([
      "(success) • #52107  (#2238)  main  (about 2 minutes ago)",
      "(success) • #52089  (#2237)  main  (about 1 hour ago)",
      "(failed) • #52061  (#2236)  fix/otlp-empty-resource  (about 3 hours ago)",
      "(success) • #52040  (#2235)  main  (about 4 hours ago)",
    ]), "ci", { kind: "build", where: "top" }],
    [197, "Bash", { command: "nomad job status ingest-writer | sed -n '/Allocations/,$p'" }, `Allocations
ID        Node ID   Task Group  Version  Desired  Status   Created    Modified
9d14e6a2  7a0c3f51  writer      29       run      running  1h2m ago   1h1m ago
b20f8c37  41f9c0de  writer      29       run      running  1h2m ago   1h1m ago
e6c7a190  c3b81d0f  writer      29       run      running  1h2m ago   1h1m ago
0a5d2e48  9e2a41cc  writer      29       run      running  1h2m ago   1h1m ago
3b8c1f07  c3b81d0f  writer      24       stop     complete  1d8h ago  1d6h ago`, undefined, { kind: "app", where: "top" }],
    [200, "Bash", { command: "amtool --alertmanager.url=http://alertmanager.service.consul:9093 alert query" }, "Alertname  Starts At  Summary  State\n(no alerts firing)", undefined, { kind: "app", where: "top" }],
    [203, "Bash", P99_CMD, p99("0.131", "1764958201.440"), "p99", { kind: "app", where: "top" }],
    [206, "Bash", { command: "git log --oneline -n 12" }, `f1a9d30 writer: async_insert off, 512-message fetches
0be27c4 ops: journald capped at 1G on nomad clients
7c51e08 alerts: p99 page at 0.3 for 10m
2d9e6f1 clickhouse: events TTL 30 days, ttl_only_drop_parts; system log TTLs
c02f7d8 gateway: OTLP without resource gets service.name=unknown
b47a2e9 gateway: 16 MiB body limit, 6 allocs (later 5)
61c0e9b vault: periodic orphan token for nomad servers
a0e3c58 alerts: p99 page at 0.4 for 5m
ee41b7a clickhouse: events_v2 partitioned by day only, writer batches 100k rows
9a31f6c writer: jemalloc as global allocator
4be1d07 build: toolchain 1.82.0, MSRV 1.80
8f02c1d test: flush_on_interval waits for async insert`, undefined, { kind: "build", where: "top" }],
  ],
  questions: [
    { kind: "state", prompt: "which rustc are we on now", want: [{ key: "rustc", fact: "rustc 1.82.0 (f6e511eec 2024-10-15)" }] },
    { kind: "state", prompt: "whats the msrv set to in the workspace Cargo.toml", want: [{ key: "cargotoml", fact: 'rust-version = "1.80"' }] },
    { kind: "state", prompt: "is main green in gitlab?", want: [{ key: "ci", fact: "(success) • #52107" }] },
    { kind: "state", prompt: "how many gateway allocs do we run now", want: [{ key: "gwjob", fact: '"Count": 5' }] },
    { kind: "state", prompt: "writer memory_max in nomad rn?", want: [{ key: "writerjob", fact: '"MemoryMaxMB": 2048' }] },
    { kind: "state", prompt: "how many ingest-writer instances are there now", want: [{ key: "writerjob", fact: '"Count": 4' }] },
    { kind: "state", prompt: "which gateway image is live at the moment", want: [{ key: "gwimage", fact: `${HARBOR}/ingest-gateway:0.9.1` }] },
    { kind: "state", prompt: "what did we end up setting the p99 alert threshold to", want: [{ key: "rules", fact: "[5m]))) > 0.3" }] },
    { kind: "state", prompt: "gateway p99 latency right now?", want: [{ key: "p99", fact: "{} => 0.131" }] },
    { kind: "state", prompt: "max_ack_pending on the ingest-writer consumer currently", want: [{ key: "consumer", fact: '"max_ack_pending": 8000' }] },
    { kind: "state", prompt: "whats the ack wait on the writer's durable now", want: [{ key: "consumer", fact: '"ack_wait": 60000000000' }] },
    { kind: "state", prompt: "how many rows per insert does the writer batch now", want: [{ key: "writercfg", fact: "batch_max_rows = 100000" }] },
    { kind: "state", prompt: "is async_insert still on for the writer?", want: [{ key: "writercfg", fact: "14\tasync_insert = false" }] },
    { kind: "state", prompt: "ttl on telemetry.events these days", want: [{ key: "ddl", fact: "TTL toDateTime(ts) + toIntervalDay(30)" }] },
    { kind: "state", prompt: "how is the events table partitioned now", want: [{ key: "ddl", fact: "PARTITION BY toYYYYMMDD(ts)" }] },
    { kind: "state", prompt: "disk usage on ch-fsn1-02 now?", want: [{ key: "df", fact: `ch-fsn1-02 ${DF_02_NOW}` }] },
    { kind: "state", prompt: "how many active parts does events have now", want: [{ key: "parts", fact: partsRow(["events", 412, 31, 19, "2.44 TiB"]) }] },
    { kind: "state", prompt: "is the clickhouse_it flush test still flaky", want: [{ key: "flaky", fact: "failures: 0/200" }] },
    { kind: "state", prompt: "how much RSS does a writer alloc use since the allocator switch", want: [{ key: "writerstats", fact: "548 MiB/1.0 GiB" }] },
    { kind: "state", prompt: "what's the period on the nomad servers' vault token now", want: [{ key: "vaulttoken", fact: kvRow("period", "72h") }] },
    { kind: "history", prompt: "why did cargo build break right after cargo update", want: [{ turn: 29, fact: "requires rustc 1.80 or newer, while the currently active rustc version is 1.79.0" }] },
    { kind: "history", prompt: "what was the compile error in the time crate after the toolchain bump", want: [{ turn: 34, fact: "type annotations needed for `Box<_>`" }] },
    { kind: "history", prompt: "how did we get clippy past the tokio_unstable cfg warning", want: [{ turn: 40, fact: "[workspace.lints.rust]\n    43\tunexpected_cfgs" }] },
    { kind: "history", prompt: "why was ci still red after we bumped rust-toolchain.toml", want: [{ turn: 49, fact: "environment override by RUSTUP_TOOLCHAIN" }] },
    { kind: "history", prompt: "what did nomad say when the writer died before the jemalloc change", want: [{ turn: 56, fact: 'Exit Code: 137, Exit Message: "OOM Killed"' }] },
    { kind: "history", prompt: "why did we move the writer to jemalloc", want: [{ turn: 67, fact: "fragmentation in musl's mallocng" }] },
    { kind: "history", prompt: "what crashed the writer on the arm box", want: [{ turn: 68, fact: "<jemalloc>: Unsupported system page size" }] },
    { kind: "history", prompt: "the clickhouse error when the writer's inserts hit too many partitions?", want: [{ turn: 82, fact: "Too many partitions for single INSERT block (more than 100)" }] },
    { kind: "history", prompt: "how many parts did events have when clickhouse started rejecting inserts", want: [{ turn: 86, fact: "Too many parts (3004 with average size of 41.12 KiB)" }] },
    { kind: "history", prompt: "how many redelivered msgs did the consumer show before we first raised max ack pending", want: [{ turn: 100, fact: "Redelivered Messages: 18,412" }] },
    { kind: "history", prompt: "what error did the writer get from clickhouse during the vault outage", want: [{ turn: 120, fact: "Authentication failed: password is incorrect, or there is no user with such name. (AUTHENTICATION_FAILED)" }] },
    { kind: "history", prompt: "why did the nomad vault token expire in the first place", want: [{ turn: 130, fact: "-ttl 768h, not a periodic token" }] },
    { kind: "history", prompt: "what panicked in gateway 0.9.0", want: [{ turn: 145, fact: "called `Option::unwrap()` on a `None` value" }] },
    { kind: "history", prompt: "after nomad job revert which gateway image were we back on", want: [{ turn: 149, fact: `${HARBOR}/ingest-gateway:0.8.3` }] },
    { kind: "history", prompt: "what was eating the disk on ch-fsn1-02 besides events", want: [{ turn: 156, fact: "│ system.trace_log       │ 318.40 GiB │" }] },
    { kind: "history", prompt: "why did we lower max_ack_pending again after going to 20k", want: [{ turn: 175, fact: "all 20,000 pending messages passed ack wait at once and were redelivered" }] },
    { kind: "multi", prompt: "rustc version + msrv?", want: [{ key: "rustc", fact: "rustc 1.82.0 (f6e511eec 2024-10-15)" }, { key: "cargotoml", fact: 'rust-version = "1.80"' }] },
    { kind: "multi", prompt: "gateway: how many allocs and which image tag", want: [{ key: "gwjob", fact: '"Count": 5' }, { key: "gwimage", fact: `${HARBOR}/ingest-gateway:0.9.1` }] },
    { kind: "multi", prompt: "writer memory limit vs what it actually uses now", want: [{ key: "writerjob", fact: '"MemoryMB": 1024' }, { key: "writerstats", fact: "548 MiB/1.0 GiB" }] },
    { kind: "multi", prompt: "events ttl and how full ch-fsn1-02 is", want: [{ key: "ddl", fact: "TTL toDateTime(ts) + toIntervalDay(30)" }, { key: "df", fact: `ch-fsn1-02 ${DF_02_NOW}` }] },
    { kind: "multi", prompt: "current p99 vs the alert threshold", want: [{ key: "p99", fact: "{} => 0.131" }, { key: "rules", fact: "[5m]))) > 0.3" }] },
    { kind: "multi", prompt: "max ack pending and the writer's batch_max_rows, do they fit together", want: [{ key: "consumer", fact: '"max_ack_pending": 8000' }, { key: "writercfg", fact: "batch_max_rows = 100000" }] },
    { kind: "multi", prompt: "vault: nomad token period and the clickhouse creds default ttl", want: [{ key: "vaulttoken", fact: kvRow("period", "72h") }, { key: "dbrole", fact: kvRow("default_ttl", "1h") }] },
    { kind: "none", prompt: "thx, done for today" },
    { kind: "none", prompt: "in general when should i reach for anyhow vs thiserror" },
    { kind: "none", prompt: "brb coffee" },
    { kind: "none", prompt: "how does raft leader election work, high level?" },
    { kind: "none", prompt: "any good books on tokio / async rust internals" },
  ],
};

const L = "/home/emre/workspace/lale";
const QUAY = "quay.lale.com.tr/lale";
const NS = "lale-prod";

/** The order-service container's env + resources, as `oc get deploy … | yq` prints them. */
const jvmYaml = (opts, limMem, reqMem) => `env:
  - name: SPRING_PROFILES_ACTIVE
    value: prod
  - name: JAVA_TOOL_OPTIONS
    value: ${opts}
  - name: SERVER_SHUTDOWN
    value: graceful
  - name: OTEL_EXPORTER_OTLP_ENDPOINT
    value: http://otel-collector.observability.svc:4317
resources:
  limits:
    cpu: "2"
    memory: ${limMem}
  requests:
    cpu: 500m
    memory: ${reqMem}`;
const JVM_CMD = { command: `oc -n ${NS} get deploy order-service -o yaml | yq '.spec.template.spec.containers[] | select(.name == "order-service") | {"env": .env, "resources": .resources}'` };
const limits = (mem) => `limits:\n    cpu: "2"\n    memory: ${mem}`;
const JVM_S3_OPTS = "-XX:MaxRAMPercentage=70.0 -XX:MaxDirectMemorySize=256m -XX:+ExitOnOutOfMemoryError -XX:+UseG1GC";

const vmFlags = (max, initial, newSize) => `1:
-XX:CICompilerCount=2 -XX:ConcGCThreads=1 -XX:+ExitOnOutOfMemoryError -XX:G1ConcRefinementThreads=2 -XX:G1EagerReclaimRemSetThreshold=16 -XX:G1HeapRegionSize=1048576 -XX:GCDrainStackTargetSize=64 -XX:InitialHeapSize=${initial} -XX:MarkStackSize=4194304 -XX:MaxHeapSize=${max} -XX:MaxNewSize=${newSize} -XX:MinHeapDeltaBytes=1048576 -XX:MinHeapSize=8388608 -XX:NonNMethodCodeHeapSize=5839372 -XX:NonProfiledCodeHeapSize=122909434 -XX:ProfiledCodeHeapSize=122909434 -XX:ReservedCodeCacheSize=251658240 -XX:+SegmentedCodeCache -XX:SoftMaxHeapSize=${max} -XX:+UseCompressedOops -XX:+UseFastUnorderedTimeStamps -XX:+UseG1GC`;
const VMFLAGS_CMD = { command: `oc -n ${NS} exec deploy/order-service -- jcmd 1 VM.flags` };

const hpaRow = (name, targets, min, max, rep, age = "311d") => `${name.padEnd(23)}${`Deployment/${name}`.padEnd(34)}${targets.padEnd(31)}${String(min).padEnd(10)}${String(max).padEnd(10)}${String(rep).padEnd(11)}${age}`;
const hpaTable = (order) => `NAME                   REFERENCE                         TARGETS                        MINPODS   MAXPODS   REPLICAS   AGE
${hpaRow("catalog-service", "cpu: 22%/70%", 2, 8, 2)}
${hpaRow("courier-service", "cpu: 35%/70%", 2, 4, 2, "188d")}
${hpaRow("notification-service", "cpu: 41%/75%", 2, 6, 2)}
${order}
${hpaRow("payment-service", "cpu: 19%/70%", 2, 4, 2)}`;
const HPA_ORDER_NOW = hpaRow("order-service", "cpu: 49%/65%, memory: 58%/80%", 3, 8, 5);
const HPA_CMD = { command: `oc -n ${NS} get hpa` };

const KAFKA = "oc -n kafka exec lale-kafka-0 -c kafka -- bin/kafka-consumer-groups.sh --bootstrap-server localhost:9092";
const LAG_CMD = { command: `${KAFKA} --describe --group notification-service | tee /tmp/lag.txt; awk 'NR>1 && $6 ~ /^[0-9]+$/ {s+=$6} END {print "total lag:", s}' /tmp/lag.txt` };
const lagOut = (rows, total) => `
GROUP                TOPIC           PARTITION  CURRENT-OFFSET  LOG-END-OFFSET  LAG     CONSUMER-ID                                                          HOST            CLIENT-ID
${rows.map(([p, cur, end, lag, cid, host]) => `notification-service order-events    ${String(p).padEnd(11)}${String(cur).padEnd(16)}${String(end).padEnd(16)}${String(lag).padEnd(8)}${cid.padEnd(69)}${host.padEnd(16)}${cid.replace(/-[0-9a-f]{8}-.*$/, "")}`).join("\n")}
total lag: ${total}`;
const cid = (n, tail) => `consumer-notification-service-${n}-${tail}`;

const TOPIC_CMD = { command: "oc -n kafka exec lale-kafka-0 -c kafka -- bin/kafka-topics.sh --bootstrap-server localhost:9092 --describe --topic order-events" };
const topicOut = (n) => `Topic: order-events\tTopicId: 5rQ1xg0GSdO2f3cJk9uTnA\tPartitionCount: ${n}\tReplicationFactor: 3\tConfigs: min.insync.replicas=2,cleanup.policy=delete,retention.ms=604800000,message.format.version=3.0-IV1
${Array.from({ length: n }, (_, p) => `\tTopic: order-events\tPartition: ${p}\tLeader: ${p % 3}\tReplicas: ${p % 3},${(p + 1) % 3},${(p + 2) % 3}\tIsr: ${p % 3},${(p + 1) % 3},${(p + 2) % 3}`).join("\n")}`;

const PATRONI_CMD = { command: `oc -n ${NS} exec lale-pg-0 -- patronictl list` };
const patroniRow = (m, host, role, state, tl, lag) => `| ${m.padEnd(9)} | ${host.padEnd(11)} | ${role.padEnd(7)} | ${state.padEnd(9)} | ${String(tl).padStart(2)} | ${lag.padStart(9)} |`;
const patroniList = (rows, pending = false) => `+ Cluster: lale-pg (7309845120337614871) ---------+----+-----------+${pending ? "-----------------+" : ""}
| Member    | Host        | Role    | State     | TL | Lag in MB |${pending ? " Pending restart |" : ""}
+-----------+-------------+---------+-----------+----+-----------+${pending ? "-----------------+" : ""}
${rows.map((r) => `${patroniRow(...r.slice(0, 6))}${pending ? ` ${(r[6] ?? "").padEnd(15)} |` : ""}`).join("\n")}
+-----------+-------------+---------+-----------+----+-----------+${pending ? "-----------------+" : ""}`;
const PATRONI_LEADER_NOW = patroniRow("lale-pg-1", "10.131.2.17", "Leader", "running", 8, "");

const pgConfig = (maxConn) => `failsafe_mode: true
loop_wait: 10
maximum_lag_on_failover: 1048576
postgresql:
  parameters:
    archive_command: pgbackrest --stanza=lale archive-push %p
    archive_mode: 'on'
    effective_cache_size: 12GB
    hot_standby: 'on'
    max_connections: ${maxConn}
    max_wal_senders: 10
    shared_buffers: 4GB
    wal_level: replica
    work_mem: 16MB
  use_pg_rewind: true
  use_slots: true
retry_timeout: 10
ttl: 30`;
const PGCONF_CMD = { command: `oc -n ${NS} exec lale-pg-0 -- patronictl show-config` };

const KC_CMD = { command: "kcadm.sh get realms/lale --fields accessTokenLifespan,ssoSessionIdleTimeout,ssoSessionMaxLifespan,offlineSessionIdleTimeout,revokeRefreshToken" };
const kcRealm = (access, idle, max) => `{
  "accessTokenLifespan" : ${access},
  "ssoSessionIdleTimeout" : ${idle},
  "ssoSessionMaxLifespan" : ${max},
  "offlineSessionIdleTimeout" : 2592000,
  "revokeRefreshToken" : true
}`;

const CB_CMD = { command: `oc -n ${NS} exec deploy/payment-service -- curl -s localhost:8081/actuator/circuitbreakers | jq .` };
const cbState = (o) => `{
  "circuitBreakers": {
    "iyzico": {
      "failureRate": "${o.fr}",
      "slowCallRate": "${o.sr}",
      "failureRateThreshold": "50.0%",
      "slowCallRateThreshold": "${o.srt}",
      "bufferedCalls": ${o.buf},
      "failedCalls": ${o.failed},
      "slowCalls": ${o.slow},
      "slowFailedCalls": ${o.slowFailed},
      "notPermittedCalls": ${o.np},
      "state": "${o.state}"
    },
    "loyaltyPoints": {
      "failureRate": "0.0%",
      "slowCallRate": "0.0%",
      "failureRateThreshold": "50.0%",
      "slowCallRateThreshold": "100.0%",
      "bufferedCalls": 20,
      "failedCalls": 0,
      "slowCalls": 0,
      "slowFailedCalls": 0,
      "notPermittedCalls": 0,
      "state": "CLOSED"
    }
  }
}`;

const CB_NOW = '"slowCalls": 1,\n      "slowFailedCalls": 0,\n      "notPermittedCalls": 0,\n      "state": "CLOSED"';

const CRON_CMD = { command: `oc -n ${NS} get cronjob` };
const cronRow = (n, s, tz, last, age) => `${n.padEnd(17)}${s.padEnd(15)}${tz.padEnd(18)}False     0        ${last.padEnd(16)}${age}`;
const cronTable = (rows) => `NAME             SCHEDULE       TIMEZONE          SUSPEND   ACTIVE   LAST SCHEDULE   AGE\n${rows.join("\n")}`;
const CRON_STOCK_NOW = cronRow("stock-sync", "*/5 * * * *", "<none>", "2m", "240d");

const CERT_CMD = { command: "echo | openssl s_client -connect api.lale.com.tr:443 -servername api.lale.com.tr 2>/dev/null | openssl x509 -noout -subject -issuer -dates" };
const certOut = (nb, na) => `subject=CN = api.lale.com.tr
issuer=C = US, O = Let's Encrypt, CN = R11
notBefore=${nb}
notAfter=${na}`;

const REDIS_CMD = { command: `oc -n ${NS} exec lale-redis-0 -- redis-cli info memory | grep -E '^(used_memory_human|used_memory_peak_human|maxmemory_human|maxmemory_policy|mem_fragmentation_ratio):'` };
const redisMem = (used, peak, frag) => `used_memory_human:${used}\nused_memory_peak_human:${peak}\nmaxmemory_human:2.00G\nmaxmemory_policy:allkeys-lru\nmem_fragmentation_ratio:${frag}`;

const BOOT_CMD = { command: "./mvnw -q dependency:tree -pl order-service -Dincludes=org.springframework.boot:spring-boot-starter-web,org.hibernate.orm:hibernate-core -DoutputType=text" };
const bootTree = (boot, hib) => `[INFO] com.lale:order-service:jar:1.44.0-SNAPSHOT
[INFO] +- org.springframework.boot:spring-boot-starter-web:jar:${boot}:compile
[INFO] \\- org.springframework.boot:spring-boot-starter-data-jpa:jar:${boot}:compile
[INFO]    \\- org.hibernate.orm:hibernate-core:jar:${hib}:compile`;

const IMAGE_CMD = { command: `oc -n ${NS} get deploy order-service -o jsonpath='{.spec.template.spec.containers[0].image}{"\\n"}'` };

const tknRow = (name, started, dur, status) => `${name.padEnd(34)}${started.padEnd(17)}${dur.padEnd(11)}${status}`;
const tknList = (rows) => `NAME                              STARTED          DURATION   STATUS\n${rows.join("\n")}`;
const TKN_CMD = { command: `tkn -n lale-ci pipelinerun list --limit 4` };
const TKN_NOW = tknRow("lale-order-service-run-q8m4t", "4 minutes ago", "7m41s", "Succeeded");

const lale = {
  name: "lale (held out 29)",
  sessionId: "5e0b7d3c-21a9-4f6e-b8d4-9c3a6e1f2b29",
  cwd: L,
  turns: 208,
  seed: 29029,
  files: ["order-service/src/main/java/com/lale/order/OrderService.java", "order-service/src/main/java/com/lale/order/domain/OrderLine.java", "order-service/src/main/java/com/lale/order/api/OrderController.java", "order-service/src/main/java/com/lale/order/events/OrderEventPublisher.java", "order-service/src/main/resources/application.yml", "order-service/src/main/resources/application-prod.yml", "order-service/src/main/resources/db/migration/V26__order_gift_note.sql", "payment-service/src/main/java/com/lale/payment/IyzicoClient.java", "payment-service/src/main/resources/application.yml", "catalog-service/src/main/java/com/lale/catalog/ProductCache.java", "catalog-service/src/main/resources/application.yml", "notification-service/src/main/java/com/lale/notification/OrderEventsListener.java", "notification-service/src/main/resources/application.yml", "deploy/charts/order-service/values-prod.yaml", "deploy/charts/order-service/templates/deployment.yaml", "deploy/charts/platform/templates/cronjobs.yaml", "pom.xml", "order-service/pom.xml", "order-service/src/test/java/com/lale/order/OrderEventsKafkaIT.java", ".tekton/pipeline.yaml"],
  otherTests: ["com.lale.catalog.ProductSearchTest", "com.lale.payment.RefundServiceTest", "com.lale.courier.ZoneResolverTest", "com.lale.notification.SmsTemplateTest", "com.lale.order.GiftNoteValidatorTest"],
  words: ["order", "bouquet", "florist", "courier", "delivery", "slot", "payment", "refund", "basket", "product", "stock", "coupon", "customer", "event", "listener", "repository", "entity", "cache", "token", "realm", "zone", "invoice", "notification", "district", "vase"],
  grepWords: ["@Transactional", "@KafkaListener", "maximum-pool-size", "@CircuitBreaker", "RestClient", "TODO", "@Scheduled"],
  testCommands: ["./mvnw -pl catalog-service test", "./mvnw -pl payment-service test -Dtest=RefundServiceTest", "./mvnw -pl courier-service test", "./mvnw -pl notification-service test -Dtest=SmsTemplateTest"],
  buildCommands: ["./mvnw -B -DskipTests package", "./mvnw -B spotless:check", "helm lint deploy/charts/order-service -f deploy/charts/order-service/values-prod.yaml", "./mvnw -B -pl order-service compile"],
  appCommands: [`oc -n ${NS} logs deploy/order-service --tail=40`, `oc -n ${NS} get pods`, `oc -n ${NS} logs deploy/notification-service --tail=40`, `oc -n ${NS} get events --sort-by=.lastTimestamp | tail -20`],
  prompts: ["devam", "tamam, devam et", "ok next", "go on", "evet", "hadi bakalım", "sıradaki", "continue", "olur, yap", "keep going", "peki, devam"],
  facts: [
    [2, "Bash", { command: `oc -n ${NS} get pods` }, `NAME                                    READY   STATUS    RESTARTS        AGE
catalog-service-7d9c6b5f48-2kxqv        1/1     Running   0               6d
catalog-service-7d9c6b5f48-w8r4n        1/1     Running   0               6d
courier-service-5b8f7c9d6-lq2zt         1/1     Running   0               13d
courier-service-5b8f7c9d6-x7p9m         1/1     Running   0               13d
lale-pg-0                               1/1     Running   0               41d
lale-pg-1                               1/1     Running   0               41d
lale-pg-2                               1/1     Running   0               41d
lale-redis-0                            1/1     Running   0               41d
notification-service-6f4d8b7c5-5vhm2    1/1     Running   0               6d
notification-service-6f4d8b7c5-tz8qk    1/1     Running   0               6d
order-service-8c5f9d7b4-4gk7p           1/1     Running   4 (38m ago)     2d
order-service-8c5f9d7b4-9mzrd           1/1     Running   3 (2h11m ago)   2d
order-service-8c5f9d7b4-hq2xn           1/1     Running   5 (12m ago)     2d
order-service-8c5f9d7b4-t6wlc           1/1     Running   2 (5h40m ago)   2d
payment-service-66b7d9c8f5-8nrt2        1/1     Running   0               9d
payment-service-66b7d9c8f5-jw4cd        1/1     Running   0               9d`, undefined, { kind: "app", where: "top" }],
    [4, "Bash", { command: "./mvnw -v" }, `Apache Maven 3.9.9 (8e8579a9e76f7d015ee5ec7bfcdc97d260186937)
Maven home: /home/emre/.m2/wrapper/dists/apache-maven-3.9.9/977a63e90f436cd6ade95b4c0e10c20c/apache-maven-3.9.9
Java version: 21.0.5, vendor: Eclipse Adoptium, runtime: /usr/lib/jvm/temurin-21-jdk-amd64
Default locale: tr_TR, platform encoding: UTF-8
OS name: "linux", version: "6.8.0-49-generic", arch: "amd64", family: "unix"`, "java", { kind: "build", where: "top" }],
    [6, "Bash", BOOT_CMD, bootTree("3.3.5", "6.5.3.Final"), "bootver", { kind: "build", where: "top" }],
    [8, "Bash", JVM_CMD, jvmYaml("-Xms512m -Xmx1g -XX:+UseG1GC", "1536Mi", "1Gi"), "jvm", { kind: "code", where: "top" }],
    [9, "Bash", VMFLAGS_CMD, vmFlags(1073741824, 536870912, 643825664), "heapflags", { kind: "app", where: "top" }],
    [11, "Bash", HPA_CMD, hpaTable(hpaRow("order-service", "cpu: 58%/65%, memory: 71%/80%", 2, 6, 4)), "hpa", { kind: "app", where: "top" }],
    [13, "Read", { file_path: `${L}/order-service/src/main/resources/application-prod.yml`, limit: 30 }, `     1\tspring:
     2\t  datasource:
     3\t    url: jdbc:postgresql://lale-pg-primary.${NS}.svc:5432/orders?ApplicationName=order-service
     4\t    username: \${DB_USER}
     5\t    hikari:
     6\t      maximum-pool-size: 10
     7\t      minimum-idle: 5
     8\t      connection-timeout: 30000
     9\t      max-lifetime: 1800000
    10\t      leak-detection-threshold: 60000
    11\t  jpa:
    12\t    open-in-view: false
    13\t    properties:
    14\t      hibernate.jdbc.batch_size: 50
    15\t  flyway:
    16\t    enabled: true
    17\t    locations: classpath:db/migration
    18\t  kafka:
    19\t    bootstrap-servers: lale-kafka-bootstrap.kafka.svc:9093
    20\t    producer:
    21\t      acks: all
    22\t      properties:
    23\t        enable.idempotence: true`, "hikari", { kind: "code", where: "top" }],
    [15, "Bash", LAG_CMD, lagOut([
      [0, 4410291, 4441027, 30736, cid(1, "3f1c9a2e-77d0-4b8e-9a51-0c2f6b8d1e44"), "/10.128.6.12"],
      [1, 4398722, 4429930, 31208, cid(1, "3f1c9a2e-77d0-4b8e-9a51-0c2f6b8d1e44"), "/10.128.6.12"],
      [2, 4402004, 4432615, 30611, cid(2, "8d04be71-2a9c-4f3d-b6e0-51c7a9f2d803"), "/10.128.6.12"],
      [3, 4395518, 4425734, 30216, cid(2, "8d04be71-2a9c-4f3d-b6e0-51c7a9f2d803"), "/10.129.2.40"],
      [4, 4407760, 4438488, 30728, cid(3, "c92e5f10-4b6a-4e8d-8f27-3a1d0b9c6e57"), "/10.129.2.40"],
      [5, 4401139, 4431860, 30721, cid(3, "c92e5f10-4b6a-4e8d-8f27-3a1d0b9c6e57"), "/10.129.2.40"],
    ], 184220), "lag", { kind: "app", where: "top" }],
    [16, "Bash", TOPIC_CMD, topicOut(6), "topic", { kind: "app", where: "top" }],
    [18, "Bash", { command: "grep -n -A8 'listener:' notification-service/src/main/resources/application.yml" }, `14:    listener:
15-      ack-mode: record
16-      concurrency: 3
17-      missing-topics-fatal: false
18-    consumer:
19-      group-id: notification-service
20-      max-poll-records: 500
21-      auto-offset-reset: earliest
22-      properties:`, "kafkacfg", { kind: "code", where: "top" }],
    [20, "Bash", PATRONI_CMD, patroniList([["lale-pg-0", "10.128.4.21", "Leader", "running", 7, ""], ["lale-pg-1", "10.131.2.17", "Replica", "streaming", 7, "0"], ["lale-pg-2", "10.129.6.44", "Replica", "streaming", 7, "0"]]), "patroni", { kind: "pg", where: "top" }],
    [22, "Bash", PGCONF_CMD, pgConfig(200), "pgconf", { kind: "pg", where: "top" }],
    [24, "Bash", KC_CMD, kcRealm(300, 1800, 36000), "kc", { kind: "app", where: "top" }],
    [26, "Read", { file_path: `${L}/payment-service/src/main/resources/application.yml`, offset: 40, limit: 24 }, `    40\tresilience4j:
    41\t  circuitbreaker:
    42\t    instances:
    43\t      iyzico:
    44\t        sliding-window-type: COUNT_BASED
    45\t        sliding-window-size: 20
    46\t        minimum-number-of-calls: 10
    47\t        failure-rate-threshold: 50
    48\t        slow-call-duration-threshold: 2s
    49\t        slow-call-rate-threshold: 80
    50\t        wait-duration-in-open-state: 30s
    51\t        permitted-number-of-calls-in-half-open-state: 5
    52\t        record-exceptions:
    53\t          - java.io.IOException
    54\t          - org.springframework.web.client.ResourceAccessException
    55\t      loyaltyPoints:
    56\t        sliding-window-size: 20
    57\t        failure-rate-threshold: 50
    58\t        wait-duration-in-open-state: 60s
    59\t  timelimiter:
    60\t    instances:
    61\t      iyzico:
    62\t        timeout-duration: 10s`, "cb", { kind: "code", where: "top" }],
    [28, "Bash", CRON_CMD, cronTable([cronRow("courier-payout", "0 4 * * 1", "Europe/Istanbul", "2d", "190d"), cronRow("order-report", "0 2 * * *", "Europe/Istanbul", "9h", "311d"), cronRow("stock-sync", "*/15 * * * *", "<none>", "6m", "240d")]), "cron", { kind: "app", where: "top" }],
    [30, "Bash", { command: `oc -n ${NS} describe pod order-service-8c5f9d7b4-hq2xn | sed -n '/Containers:/,/Conditions:/p'` }, `Containers:
  order-service:
    Container ID:   cri-o://4b1e0c9d7a52f8e3
    Image:          ${QUAY}/order-service:1.42.3
    Port:           8080/TCP
    Host Port:      0/TCP
    State:          Running
      Started:      Wed, 02 Dec 2026 10:41:12 +0300
    Last State:     Terminated
      Reason:       OOMKilled
      Exit Code:    137
      Started:      Wed, 02 Dec 2026 09:02:55 +0300
      Finished:     Wed, 02 Dec 2026 10:41:09 +0300
    Ready:          True
    Restart Count:  5
    Limits:
      cpu:     2
      memory:  1536Mi
    Requests:
      cpu:      500m
      memory:   1Gi
    Liveness:   http-get http://:8081/actuator/health/liveness delay=60s timeout=3s period=10s #success=1 #failure=3
    Readiness:  http-get http://:8081/actuator/health/readiness delay=20s timeout=3s period=5s #success=1 #failure=3`, undefined, { kind: "app", where: "top" }],
    [32, "Bash", { command: `oc -n ${NS} adm top pods -l app.kubernetes.io/name=order-service` }, `NAME                            CPU(cores)   MEMORY(bytes)
order-service-8c5f9d7b4-4gk7p   612m         1471Mi
order-service-8c5f9d7b4-9mzrd   587m         1502Mi
order-service-8c5f9d7b4-hq2xn   301m         1198Mi
order-service-8c5f9d7b4-t6wlc   644m         1519Mi`, undefined, { kind: "app", where: "top" }],
    [34, "Bash", { command: `oc -n ${NS} exec order-service-8c5f9d7b4-9mzrd -- jcmd 1 VM.native_memory summary | head -30` }, `1:

Native Memory Tracking:

(Omitting categories weighting less than 1KB)

Total: reserved=2791124KB, committed=1569021KB
       malloc: 201450KB #412881
       mmap:   reserved=2589674KB, committed=1367571KB

-                 Java Heap (reserved=1048576KB, committed=1048576KB)
                            (mmap: reserved=1048576KB, committed=1048576KB)

-                     Class (reserved=1050812KB, committed=18364KB)
                            (classes #24188)

-                    Thread (reserved=251012KB, committed=251012KB)
                            (thread #245)

-                      Code (reserved=252140KB, committed=61828KB)

-                        GC (reserved=58211KB, committed=58211KB)

-                     Other (reserved=98304KB, committed=98304KB)
                            (malloc=98304KB #211)
(heap is only 1g of the 1532Mi committed: 245 threads, metaspace, code cache and netty/kafka direct buffers on top of -Xmx1g hit the 1536Mi limit)`, undefined, { kind: "app", where: "top" }],
    [36, "Edit", { file_path: `${L}/deploy/charts/order-service/values-prod.yaml`, old_string: 'javaOpts: "-Xms512m -Xmx1g -XX:+UseG1GC"\nresources:\n  limits:\n    cpu: "2"\n    memory: 1536Mi', new_string: 'javaOpts: "-XX:MaxRAMPercentage=75.0 -XX:+ExitOnOutOfMemoryError -XX:+UseG1GC"\nresources:\n  limits:\n    cpu: "2"\n    memory: 2Gi' }, edited(`${L}/deploy/charts/order-service/values-prod.yaml`, `    12\t# heap follows the limit (75%) instead of a fixed -Xmx1g that left no room for threads + direct buffers
    13\tjavaOpts: "-XX:MaxRAMPercentage=75.0 -XX:+ExitOnOutOfMemoryError -XX:+UseG1GC"
    14\tresources:
    15\t  limits:
    16\t    cpu: "2"
    17\t    memory: 2Gi
    18\t  requests:
    19\t    cpu: 500m
    20\t    memory: 1536Mi`), undefined, { kind: "code", where: "top" }],
    [37, "Bash", { command: "git commit -am 'order-service: heap from MaxRAMPercentage, 2Gi limit' && git push && argocd app sync lale-order-service --prune" }, `[main 7e2c5a1] order-service: heap from MaxRAMPercentage, 2Gi limit
 1 file changed, 4 insertions(+), 3 deletions(-)
To gitlab.lale.com.tr:platform/lale.git
   c41d9e0..7e2c5a1  main -> main
TIMESTAMP                  GROUP        KIND   NAMESPACE                  NAME    STATUS    HEALTH        HOOK  MESSAGE
2026-12-02T11:02:44+03:00  apps   Deployment   lale-prod          order-service  OutOfSync  Healthy              
2026-12-02T11:02:46+03:00  apps   Deployment   lale-prod          order-service    Synced  Progressing              deployment.apps/order-service configured

Name:               argocd/lale-order-service
Project:            lale
Sync Policy:        Automated (Prune)
Sync Status:        Synced to main (7e2c5a1)
Health Status:      Progressing
Operation:          Sync
Phase:              Succeeded
Message:            successfully synced (all tasks run)`, undefined, { kind: "build", where: "top" }],
    [40, "Bash", JVM_CMD, jvmYaml("-XX:MaxRAMPercentage=75.0 -XX:+ExitOnOutOfMemoryError -XX:+UseG1GC", "2Gi", "1536Mi"), "jvm", { kind: "code", where: "top" }],
    [42, "Bash", VMFLAGS_CMD, vmFlags(1610612736, 33554432, 966787072), "heapflags", { kind: "app", where: "top" }],
    [44, "Bash", IMAGE_CMD, `${QUAY}/order-service:1.42.3`, "image", { kind: "app", where: "top" }],
    [46, "Bash", TKN_CMD, tknList([tknRow("lale-order-service-run-7xk2p", "12 minutes ago", "8m02s", "Succeeded"), tknRow("lale-payment-service-run-h4d9w", "2 hours ago", "6m55s", "Succeeded"), tknRow("lale-catalog-service-run-v2n8c", "5 hours ago", "2m13s", "Failed"), tknRow("lale-order-service-run-b6r1q", "1 day ago", "7m58s", "Succeeded")]), "ci", { kind: "build", where: "top" }],
    [48, "Edit", { file_path: `${L}/deploy/charts/order-service/values-prod.yaml`, old_string: "autoscaling:\n  enabled: true\n  minReplicas: 2\n  maxReplicas: 6", new_string: "autoscaling:\n  enabled: true\n  minReplicas: 3\n  maxReplicas: 10" }, edited(`${L}/deploy/charts/order-service/values-prod.yaml`, `    22\tautoscaling:
    23\t  enabled: true
    24\t  minReplicas: 3
    25\t  maxReplicas: 10
    26\t  targetCPUUtilizationPercentage: 65
    27\t  targetMemoryUtilizationPercentage: 80`), undefined, { kind: "code", where: "top" }],
    [49, "Bash", HPA_CMD, hpaTable(hpaRow("order-service", "cpu: 71%/65%, memory: 62%/80%", 3, 10, 9)), "hpa", { kind: "app", where: "top" }],
    [51, "Bash", { command: `oc -n ${NS} logs deploy/order-service --since=15m | grep -m3 -A2 HikariPool` }, `2026-12-02T12:18:40.512+03:00 ERROR 1 --- [order-service] [nio-8080-exec-41] o.h.engine.jdbc.spi.SqlExceptionHelper   : HikariPool-1 - Connection is not available, request timed out after 30000ms (total=10, active=10, idle=0, waiting=37)
2026-12-02T12:18:40.515+03:00 ERROR 1 --- [order-service] [nio-8080-exec-41] o.a.c.c.C.[.[.[/].[dispatcherServlet]    : Servlet.service() for servlet [dispatcherServlet] in context with path [] threw exception [Request processing failed: org.springframework.dao.DataAccessResourceFailureException: Unable to acquire JDBC Connection [HikariPool-1 - Connection is not available, request timed out after 30000ms (total=10, active=10, idle=0, waiting=37)] [n/a]] with root cause
--
2026-12-02T12:18:41.077+03:00 ERROR 1 --- [order-service] [nio-8080-exec-17] o.h.engine.jdbc.spi.SqlExceptionHelper   : HikariPool-1 - Connection is not available, request timed out after 30000ms (total=10, active=10, idle=0, waiting=35)`, undefined, { kind: "app", error: true, where: "top" }],
    [53, "Edit", { file_path: `${L}/order-service/src/main/resources/application-prod.yml`, old_string: "      maximum-pool-size: 10", new_string: "      maximum-pool-size: 30" }, edited(`${L}/order-service/src/main/resources/application-prod.yml`, `     5\t    hikari:
     6\t      maximum-pool-size: 30
     7\t      minimum-idle: 5
     8\t      connection-timeout: 30000`), "hikari", { kind: "code", where: "top" }],
    [55, "Bash", { command: `oc -n ${NS} logs deploy/payment-service --since=10m | grep -m4 PSQLException` }, `2026-12-02T13:07:12.204+03:00  WARN 1 --- [payment-service] [onnection adder] com.zaxxer.hikari.pool.PoolBase          : HikariPool-1 - Pool is empty, failed to create/setup connection: org.postgresql.util.PSQLException: FATAL: sorry, too many clients already
2026-12-02T13:07:12.931+03:00 ERROR 1 --- [payment-service] [nio-8080-exec-3] o.h.engine.jdbc.spi.SqlExceptionHelper   : HikariPool-1 - Connection is not available, request timed out after 30000ms (total=4, active=4, idle=0, waiting=6)
2026-12-02T13:07:14.002+03:00  WARN 1 --- [payment-service] [onnection adder] com.zaxxer.hikari.pool.PoolBase          : HikariPool-1 - Pool is empty, failed to create/setup connection: org.postgresql.util.PSQLException: FATAL: sorry, too many clients already
2026-12-02T13:07:15.448+03:00  WARN 1 --- [payment-service] [onnection adder] com.zaxxer.hikari.pool.PoolBase          : HikariPool-1 - Pool is empty, failed to create/setup connection: org.postgresql.util.PSQLException: FATAL: sorry, too many clients already`, undefined, { kind: "app", error: true, where: "top" }],
    [57, "Bash", { command: `oc -n ${NS} exec lale-pg-0 -- psql -U postgres -c "SELECT usename, application_name, count(*) FROM pg_stat_activity WHERE backend_type = 'client backend' GROUP BY 1, 2 ORDER BY 3 DESC"` }, ` usename  |   application_name   | count 
----------+----------------------+-------
 order_svc| order-service        |   189
 pay_svc  | payment-service      |     4
 cat_svc  | catalog-service      |     3
 postgres | patroni_heartbeat    |     1
 postgres | psql                 |     1
(5 rows)

(max_connections 200 minus superuser_reserved 3: 9 order-service pods x maximum-pool-size 30 can ask for 270)`, undefined, { kind: "pg", where: "top" }],
    [59, "Edit", { file_path: `${L}/order-service/src/main/resources/application-prod.yml`, old_string: "      maximum-pool-size: 30", new_string: "      # pods x pool must fit max_connections with payment/catalog: 10 x 15 = 150 of 300\n      maximum-pool-size: 15" }, edited(`${L}/order-service/src/main/resources/application-prod.yml`, `     5\t    hikari:
     6\t      # pods x pool must fit max_connections with payment/catalog: 10 x 15 = 150 of 300
     7\t      maximum-pool-size: 15
     8\t      minimum-idle: 5
     9\t      connection-timeout: 30000`), "hikari", { kind: "code", where: "top" }],
    [62, "Bash", { command: `oc -n ${NS} exec lale-pg-0 -- patronictl edit-config -p max_connections=300 --force` }, `---
+++
@@ -9,7 +9,7 @@
     archive_mode: 'on'
     effective_cache_size: 12GB
     hot_standby: 'on'
-    max_connections: 200
+    max_connections: 300
     max_wal_senders: 10
     shared_buffers: 4GB
     wal_level: replica

Configuration changed`, undefined, { kind: "pg", where: "top" }],
    [63, "Bash", PATRONI_CMD, patroniList([["lale-pg-0", "10.128.4.21", "Leader", "running", 7, "", "*"], ["lale-pg-1", "10.131.2.17", "Replica", "streaming", 7, "0", "*"], ["lale-pg-2", "10.129.6.44", "Replica", "streaming", 7, "0", "*"]], true), undefined, { kind: "pg", where: "top" }],
    [65, "Bash", { command: `oc -n ${NS} exec lale-pg-0 -- patronictl restart lale-pg --pending --force` }, `+ Cluster: lale-pg (7309845120337614871) ---------+----+-----------+-----------------+
| Member    | Host        | Role    | State     | TL | Lag in MB | Pending restart |
+-----------+-------------+---------+-----------+----+-----------+-----------------+
| lale-pg-0 | 10.128.4.21 | Leader  | running   |  7 |           | *               |
| lale-pg-1 | 10.131.2.17 | Replica | streaming |  7 |         0 | *               |
| lale-pg-2 | 10.129.6.44 | Replica | streaming |  7 |         0 | *               |
+-----------+-------------+---------+-----------+----+-----------+-----------------+
Success: restart on member lale-pg-0
Success: restart on member lale-pg-1
Success: restart on member lale-pg-2`, undefined, { kind: "pg", where: "top" }],
    [66, "Bash", PGCONF_CMD, pgConfig(300), "pgconf", { kind: "pg", where: "top" }],
    [68, "Bash", { command: `oc -n ${NS} logs order-service-5c7b8d9f6-zx4pl --previous | grep -E 'Flyway|Migrat|ERROR' | head -12` }, `2026-12-02T15:20:31.118+03:00  INFO 1 --- [order-service] [           main] org.flywaydb.core.FlywayExecutor         : Database: jdbc:postgresql://lale-pg-primary.${NS}.svc:5432/orders (PostgreSQL 16.4)
2026-12-02T15:20:31.240+03:00  INFO 1 --- [order-service] [           main] o.f.core.internal.command.DbMigrate      : Current version of schema "public": 26
2026-12-02T15:20:31.251+03:00  INFO 1 --- [order-service] [           main] o.f.core.internal.command.DbMigrate      : Migrating schema "public" to version "27 - add delivery slot index"
2026-12-02T15:20:31.263+03:00 ERROR 1 --- [order-service] [           main] o.f.core.internal.command.DbMigrate      : Migration of schema "public" to version "27 - add delivery slot index" failed! Changes successfully rolled back.
2026-12-02T15:20:31.290+03:00  WARN 1 --- [order-service] [           main] ConfigServletWebServerApplicationContext : Exception encountered during context initialization - cancelling refresh attempt: org.springframework.beans.factory.BeanCreationException: Error creating bean with name 'flywayInitializer' defined in class path resource [org/springframework/boot/autoconfigure/flyway/FlywayAutoConfiguration$FlywayConfiguration.class]: Migration V27__add_delivery_slot_index.sql failed
------------------------------------------------------------
SQL State  : 25001
Error Code : 0
Message    : ERROR: CREATE INDEX CONCURRENTLY cannot run inside a transaction block
Location   : db/migration/V27__add_delivery_slot_index.sql (/app/BOOT-INF/classes/db/migration/V27__add_delivery_slot_index.sql)
Line       : 1
Statement  : CREATE INDEX CONCURRENTLY IF NOT EXISTS idx_orders_delivery_slot ON orders (delivery_date, slot_id) WHERE status IN ('PAID', 'PREPARING')`, undefined, { kind: "app", error: true, where: "top" }],
    [70, "Read", { file_path: `${L}/order-service/src/main/resources/db/migration/V27__add_delivery_slot_index.sql` }, `     1\tCREATE INDEX CONCURRENTLY IF NOT EXISTS idx_orders_delivery_slot
     2\t    ON orders (delivery_date, slot_id)
     3\t    WHERE status IN ('PAID', 'PREPARING');`, undefined, { kind: "code", where: "top" }],
    [72, "Bash", { command: "cat > order-service/src/main/resources/db/migration/V27__add_delivery_slot_index.sql.conf <<'EOF'\nexecuteInTransaction=false\nEOF\ngit add -A order-service/src/main/resources/db/migration && git diff --cached" }, `diff --git a/order-service/src/main/resources/db/migration/V27__add_delivery_slot_index.sql.conf b/order-service/src/main/resources/db/migration/V27__add_delivery_slot_index.sql.conf
new file mode 100644
index 0000000..4f7d2a1
--- /dev/null
+++ b/order-service/src/main/resources/db/migration/V27__add_delivery_slot_index.sql.conf
@@ -0,0 +1 @@
+executeInTransaction=false
(Flyway script config: V27 runs outside a transaction so CREATE INDEX CONCURRENTLY is allowed; orders is 38M rows, a plain CREATE INDEX would lock writes for minutes)`, undefined, { kind: "code", where: "top" }],
    [74, "Bash", { command: `oc -n ${NS} logs deploy/order-service | grep -E 'Flyway|Migrat|Successfully' | head -6` }, `2026-12-02T15:48:02.611+03:00  INFO 1 --- [order-service] [           main] o.f.core.internal.command.DbMigrate      : Current version of schema "public": 26
2026-12-02T15:48:02.622+03:00  INFO 1 --- [order-service] [           main] o.f.core.internal.command.DbMigrate      : Migrating schema "public" to version "27 - add delivery slot index" [non-transactional]
2026-12-02T15:48:43.830+03:00  INFO 1 --- [order-service] [           main] o.f.core.internal.command.DbMigrate      : Successfully applied 1 migration to schema "public", now at version v27 (execution time 00:41.207s)`, "flyway", { kind: "app", where: "top" }],
    [79, "Bash", LAG_CMD, lagOut([
      [0, 4511020, 4551388, 40368, cid(1, "3f1c9a2e-77d0-4b8e-9a51-0c2f6b8d1e44"), "/10.128.6.12"],
      [1, 4498102, 4538911, 40809, cid(1, "3f1c9a2e-77d0-4b8e-9a51-0c2f6b8d1e44"), "/10.128.6.12"],
      [2, 4503361, 4543540, 40179, cid(2, "8d04be71-2a9c-4f3d-b6e0-51c7a9f2d803"), "/10.128.6.12"],
      [3, 4496047, 4536282, 40235, cid(2, "8d04be71-2a9c-4f3d-b6e0-51c7a9f2d803"), "/10.129.2.40"],
      [4, 4509914, 4550031, 40117, cid(3, "c92e5f10-4b6a-4e8d-8f27-3a1d0b9c6e57"), "/10.129.2.40"],
      [5, 4502722, 4542921, 40199, cid(3, "c92e5f10-4b6a-4e8d-8f27-3a1d0b9c6e57"), "/10.129.2.40"],
    ], 241907), "lag", { kind: "app", where: "top" }],
    [81, "Bash", { command: "oc -n kafka exec lale-kafka-0 -c kafka -- bin/kafka-topics.sh --bootstrap-server localhost:9092 --alter --topic order-events --partitions 12 && " + TOPIC_CMD.command }, topicOut(12), "topic", { kind: "app", where: "top" }],
    [83, "Edit", { file_path: `${L}/notification-service/src/main/resources/application.yml`, old_string: "      concurrency: 3", new_string: "      concurrency: 6" }, edited(`${L}/notification-service/src/main/resources/application.yml`, `    14\t    listener:
    15\t      ack-mode: record
    16\t      # 2 pods x 6 threads = one consumer per order-events partition (12 since 2026-12-02)
    17\t      concurrency: 6
    18\t      missing-topics-fatal: false`), "kafkacfg", { kind: "code", where: "top" }],
    [88, "Bash", LAG_CMD, lagOut(Array.from({ length: 12 }, (_, p) => [p, 2301440 + p * 1117, 2301440 + p * 1117 + [31, 22, 40, 18, 27, 9, 35, 12, 44, 20, 29, 25][p], [31, 22, 40, 18, 27, 9, 35, 12, 44, 20, 29, 25][p], cid(p + 1, ["5a", "6b", "7c", "8d", "9e", "af"][p % 6] + "3e1d02-6c4f-4a7b-9e18-d2b5c7f04a19"), p < 6 ? "/10.128.6.12" : "/10.129.2.40"]), 312), "lag", { kind: "app", where: "top" }],
    [90, "Edit", { file_path: `${L}/pom.xml`, old_string: "    <version>3.3.5</version>", new_string: "    <version>3.4.1</version>" }, edited(`${L}/pom.xml`, `     7\t  <parent>
     8\t    <groupId>org.springframework.boot</groupId>
     9\t    <artifactId>spring-boot-starter-parent</artifactId>
    10\t    <version>3.4.1</version>
    11\t    <relativePath/>
    12\t  </parent>`), undefined, { kind: "code", where: "top" }],
    [91, "Bash", { command: "./mvnw -B verify -pl order-service -am" }, `[INFO] Results:
[INFO] 
[WARNING] Tests run: 318, Failures: 0, Errors: 0, Skipped: 3
[INFO] 
[INFO] --- failsafe:3.5.2:verify (default) @ order-service ---
[INFO] ------------------------------------------------------------------------
[INFO] Reactor Summary for lale 1.44.0-SNAPSHOT:
[INFO] 
[INFO] lale ............................................... SUCCESS [  0.412 s]
[INFO] lale-common ........................................ SUCCESS [ 11.870 s]
[INFO] order-service ...................................... SUCCESS [02:41 min]
[INFO] ------------------------------------------------------------------------
[INFO] BUILD SUCCESS
[INFO] ------------------------------------------------------------------------
[INFO] Total time:  02:55 min`, undefined, { kind: "test", where: "bottom" }],
    [92, "Bash", BOOT_CMD, bootTree("3.4.1", "6.6.4.Final"), "bootver", { kind: "build", where: "top" }],
    [93, "Bash", TKN_CMD, tknList([tknRow("lale-order-service-run-m2c8z", "3 minutes ago", "7m52s", "Succeeded"), tknRow("lale-order-service-run-7xk2p", "4 hours ago", "8m02s", "Succeeded"), tknRow("lale-payment-service-run-h4d9w", "6 hours ago", "6m55s", "Succeeded"), tknRow("lale-catalog-service-run-v2n8c", "9 hours ago", "2m13s", "Failed")]), "ci", { kind: "build", where: "top" }],
    [95, "Bash", { command: `argocd app sync lale-order-service && ${IMAGE_CMD.command}` }, `Name:               argocd/lale-order-service
Sync Status:        Synced to main (a3f90b7)
Health Status:      Healthy
Operation:          Sync
Phase:              Succeeded
Message:            successfully synced (all tasks run)
${QUAY}/order-service:1.43.0`, "image", { kind: "app", where: "top" }],
    [96, "Bash", { command: `oc -n ${NS} logs deploy/order-service --since=20m | grep -m2 -B1 -A3 ObjectOptimisticLockingFailureException` }, `2026-12-03T10:12:09.331+03:00  INFO 1 --- [order-service] [nio-8080-exec-22] c.l.order.api.OrderController            : POST /api/v1/orders/84c1f6e2/lines customer=311902
2026-12-03T10:12:09.402+03:00 ERROR 1 --- [order-service] [nio-8080-exec-22] o.a.c.c.C.[.[.[/].[dispatcherServlet]    : Servlet.service() for servlet [dispatcherServlet] in context with path [] threw exception [Request processing failed: org.springframework.orm.ObjectOptimisticLockingFailureException: Row was updated or deleted by another transaction (or unsaved-value mapping was incorrect) : [com.lale.order.domain.OrderLine#5f2e9c1a-0b7d-4e63-a8f4-19c2d6e03b57]] with root cause
org.hibernate.StaleObjectStateException: Row was updated or deleted by another transaction (or unsaved-value mapping was incorrect) : [com.lale.order.domain.OrderLine#5f2e9c1a-0b7d-4e63-a8f4-19c2d6e03b57]
	at org.hibernate.event.internal.DefaultMergeEventListener.entityIsDetached(DefaultMergeEventListener.java:426)
	at com.lale.order.OrderService.addLine(OrderService.java:118)
(1,912 of these in 20 minutes: every "add to basket" on an existing order returns 500)`, undefined, { kind: "app", error: true, where: "top" }],
    [98, "Bash", { command: "argocd app history lale-order-service | tail -4" }, `ID  DATE                           REVISION
56  2026-12-02 11:02:46 +0300 +03  main (7e2c5a1)
57  2026-12-02 15:47:30 +0300 +03  main (e08d4c2)
58  2026-12-03 09:58:12 +0300 +03  main (a3f90b7)`, undefined, { kind: "app", where: "top" }],
    [99, "Bash", { command: "argocd app set lale-order-service --sync-policy none && argocd app rollback lale-order-service 57" }, `TIMESTAMP                  GROUP        KIND   NAMESPACE                  NAME    STATUS    HEALTH        HOOK  MESSAGE
2026-12-03T10:16:41+03:00  apps   Deployment   lale-prod          order-service    Synced  Progressing              deployment.apps/order-service configured

Name:               argocd/lale-order-service
Project:            lale
Sync Policy:        Manual
Sync Status:        OutOfSync from main (a3f90b7)
Health Status:      Progressing
Operation:          Sync
Sync Revision:      e08d4c2
Phase:              Succeeded
Message:            successfully synced (all tasks run)`, undefined, { kind: "app", where: "top" }],
    [100, "Bash", IMAGE_CMD, `${QUAY}/order-service:1.42.4`, "image", { kind: "app", where: "top" }],
    [101, "Bash", { command: "git revert --no-edit a3f90b7 && git log -1 --format='%h %s%n%n%b'" }, `[main 1c7f3e9] Revert "build: spring boot 3.4.1"
 2 files changed, 2 insertions(+), 2 deletions(-)
1c7f3e9 Revert "build: spring boot 3.4.1"

This reverts commit a3f90b7.

Boot 3.4.1 brings Hibernate 6.6, which no longer inserts on merge() of a detached
entity whose assigned id is not in the table: OrderService.addLine() builds an
OrderLine with a client-side UUID and calls merge(), 6.5 silently inserted it,
6.6 throws StaleObjectStateException (500 on every add-to-basket). Argo CD rolled
back to history 57 (image 1.42.4); redo the upgrade once new lines use persist().`, undefined, { kind: "build", where: "top" }],
    [102, "Bash", BOOT_CMD, bootTree("3.3.5", "6.5.3.Final"), "bootver", { kind: "build", where: "top" }],
    [104, "Bash", { command: `oc -n ${NS} logs deploy/order-service --since=1h | grep -m3 'invalid_token'` }, `2026-12-03T11:40:02.117+03:00 DEBUG 1 --- [order-service] [nio-8080-exec-9] o.s.s.o.s.r.w.BearerTokenAuthenticationFilter : Failed to authenticate since the JWT was invalid
2026-12-03T11:40:02.118+03:00  WARN 1 --- [order-service] [nio-8080-exec-9] c.l.order.security.AuthEntryPoint          : 401 Bearer error="invalid_token", error_description="An error occurred while attempting to decode the Jwt: Jwt expired at 2026-12-03T08:39:51Z", client=lale-mobile
(mobile team: checkout on slow 3G takes 4-6 min from basket to 3-D Secure return; the 300 s access token expires mid-flow and the app has no refresh on that screen)`, undefined, { kind: "app", error: true, where: "top" }],
    [106, "Bash", { command: `kcadm.sh update realms/lale -s accessTokenLifespan=900 && ${KC_CMD.command}` }, kcRealm(900, 1800, 36000), "kc", { kind: "app", where: "top" }],
    [110, "Bash", CB_CMD, cbState({ fr: "0.0%", sr: "87.5%", srt: "80.0%", buf: 16, failed: 0, slow: 14, slowFailed: 0, np: 2211, state: "OPEN" }), "cbstate", { kind: "app", where: "top" }],
    [112, "Bash", { command: `oc -n ${NS} logs deploy/payment-service --since=10m | grep -m3 -E 'CallNotPermitted|iyzico'` }, `2026-12-03T14:02:17.901+03:00  WARN 1 --- [payment-service] [nio-8080-exec-7] c.l.payment.IyzicoClient                 : iyzico /payment/3dsecure/initialize took 4812 ms
2026-12-03T14:02:18.330+03:00 ERROR 1 --- [payment-service] [nio-8080-exec-2] c.l.payment.api.CheckoutController       : payment init failed: io.github.resilience4j.circuitbreaker.CallNotPermittedException: CircuitBreaker 'iyzico' is OPEN and does not permit further calls
2026-12-03T14:02:18.902+03:00 ERROR 1 --- [payment-service] [nio-8080-exec-5] c.l.payment.api.CheckoutController       : payment init failed: io.github.resilience4j.circuitbreaker.CallNotPermittedException: CircuitBreaker 'iyzico' is OPEN and does not permit further calls`, undefined, { kind: "app", error: true, where: "top" }],
    [114, "Edit", { file_path: `${L}/payment-service/src/main/resources/application.yml`, old_string: "        slow-call-duration-threshold: 2s\n        slow-call-rate-threshold: 80\n        wait-duration-in-open-state: 30s", new_string: "        slow-call-duration-threshold: 6s\n        slow-call-rate-threshold: 80\n        wait-duration-in-open-state: 15s" }, edited(`${L}/payment-service/src/main/resources/application.yml`, `    43\t      iyzico:
    44\t        sliding-window-type: COUNT_BASED
    45\t        sliding-window-size: 20
    46\t        minimum-number-of-calls: 10
    47\t        failure-rate-threshold: 50
    48\t        # 3-D Secure initialize is 3-5 s at iyzico's p95: 2s counted healthy calls as slow and opened the breaker
    49\t        slow-call-duration-threshold: 6s
    50\t        slow-call-rate-threshold: 80
    51\t        wait-duration-in-open-state: 15s`), "cb", { kind: "code", where: "top" }],
    [118, "Bash", CB_CMD, cbState({ fr: "0.0%", sr: "5.0%", srt: "80.0%", buf: 20, failed: 0, slow: 1, slowFailed: 0, np: 0, state: "CLOSED" }), "cbstate", { kind: "app", where: "top" }],
    [120, "Bash", { command: `oc -n ${NS} exec lale-pg-0 -- patronictl switchover lale-pg --leader lale-pg-0 --candidate lale-pg-1 --force` }, `Current cluster topology
${patroniList([["lale-pg-0", "10.128.4.21", "Leader", "running", 7, ""], ["lale-pg-1", "10.131.2.17", "Replica", "streaming", 7, "0"], ["lale-pg-2", "10.129.6.44", "Replica", "streaming", 7, "0"]])}
2026-12-03 16:30:02.41231 Successfully switched over to "lale-pg-1"
(switchover before draining worker-3, which hosts lale-pg-0, for the OCP 4.16 node update)`, undefined, { kind: "pg", where: "top" }],
    [121, "Bash", { command: `oc -n ${NS} exec lale-pg-1 -- patronictl list` }, patroniList([["lale-pg-0", "10.128.4.21", "Replica", "streaming", 8, "0"], ["lale-pg-1", "10.131.2.17", "Leader", "running", 8, ""], ["lale-pg-2", "10.129.6.44", "Replica", "streaming", 8, "0"]]), "patroni", { kind: "pg", where: "top" }],
    [124, "Bash", CERT_CMD, certOut("Sep 15 09:12:44 2026 GMT", "Dec 14 09:12:43 2026 GMT"), "cert", { kind: "app", where: "top" }],
    [125, "Bash", { command: `oc -n ${NS} get certificate,certificaterequest,challenge` }, `NAME                                          READY   SECRET          AGE
certificate.cert-manager.io/api-lale-com-tr   False   api-lale-tls    311d

NAME                                                     APPROVED   DENIED   READY   ISSUER             REQUESTOR                                         AGE
certificaterequest.cert-manager.io/api-lale-com-tr-41    True                False   letsencrypt-prod   system:serviceaccount:cert-manager:cert-manager   6d

NAME                                                                    STATE     DOMAIN            AGE
challenge.acme.cert-manager.io/api-lale-com-tr-41-2958114603-1409885    pending   api.lale.com.tr   6d`, undefined, { kind: "app", where: "top" }],
    [126, "Bash", { command: `oc -n ${NS} describe challenge api-lale-com-tr-41-2958114603-1409885 | sed -n '/Status:/,$p'` }, `Status:
  Presented:   true
  Processing:  true
  Reason:      Waiting for HTTP-01 challenge propagation: wrong status code '403', expected '200'
  State:       pending
Events:
  Type    Reason     Age                  From                     Message
  ----    ------     ----                 ----                     -------
  Normal  Started    6d                   cert-manager-challenges  Challenge scheduled for processing
  Normal  Presented  6d                   cert-manager-challenges  Presented challenge using HTTP-01 challenge mechanism
(the solver route for /.well-known/acme-challenge inherits haproxy.router.openshift.io/ip_whitelist from the api route: only the office and Cloudflare ranges get through, Let's Encrypt's validators get 403)`, undefined, { kind: "app", error: true, where: "top" }],
    [128, "Edit", { file_path: `${L}/deploy/cluster/cert-manager/clusterissuer-letsencrypt-prod.yaml`, old_string: "    solvers:\n      - http01:\n          ingress:\n            ingressClassName: openshift-default", new_string: "    solvers:\n      - dns01:\n          cloudflare:\n            apiTokenSecretRef:\n              name: cloudflare-dns-token\n              key: api-token\n        selector:\n          dnsZones: [\"lale.com.tr\"]" }, edited(`${L}/deploy/cluster/cert-manager/clusterissuer-letsencrypt-prod.yaml`, `    10\t    # HTTP-01 cannot pass the api route's IP whitelist (403 for the validators): solve with DNS-01 on Cloudflare
    11\t    solvers:
    12\t      - dns01:
    13\t          cloudflare:
    14\t            apiTokenSecretRef:
    15\t              name: cloudflare-dns-token
    16\t              key: api-token
    17\t        selector:
    18\t          dnsZones: ["lale.com.tr"]`), undefined, { kind: "code", where: "top" }],
    [130, "Bash", { command: `oc -n ${NS} get certificate` }, `NAME              READY   SECRET         AGE
api-lale-com-tr   True    api-lale-tls   311d`, undefined, { kind: "app", where: "top" }],
    [131, "Bash", CERT_CMD, certOut("Dec 13 09:40:03 2026 GMT", "Mar 13 09:40:02 2027 GMT"), "cert", { kind: "app", where: "top" }],
    [134, "Bash", { command: "git diff deploy/charts/platform/values-prod.yaml" }, `diff --git a/deploy/charts/platform/values-prod.yaml b/deploy/charts/platform/values-prod.yaml
index 8e1f0c2..b2d47a9 100644
--- a/deploy/charts/platform/values-prod.yaml
+++ b/deploy/charts/platform/values-prod.yaml
@@ -31,12 +31,14 @@ cronjobs:
   stock-sync:
-    schedule: "*/15 * * * *"
+    # florists update stock from the tablet app; 15 min let sold-out bouquets be ordered (62 cancellations last week)
+    schedule: "*/5 * * * *"
     image: stock-sync:2.3.1
   order-report:
-    schedule: "0 2 * * *"
+    # 02:00 collided with the pgBackRest full backup on lale-pg (report took 47 min instead of 6)
+    schedule: "30 3 * * *"
     timeZone: Europe/Istanbul`, undefined, { kind: "code", where: "top" }],
    [136, "Bash", CRON_CMD, cronTable([cronRow("courier-payout", "0 4 * * 1", "Europe/Istanbul", "2d", "190d"), cronRow("order-report", "30 3 * * *", "Europe/Istanbul", "11h", "311d"), CRON_STOCK_NOW]), "cron", { kind: "app", where: "top" }],
    [140, "Bash", REDIS_CMD, redisMem("1.81G", "1.99G", "1.12"), "redis", { kind: "app", where: "top" }],
    [141, "Bash", { command: `oc -n ${NS} exec lale-redis-0 -- sh -c "redis-cli info keyspace; redis-cli info stats | grep -E 'evicted_keys|keyspace_(hits|misses)'"` }, `# Keyspace
db0:keys=2841190,expires=0,avg_ttl=0,subexpiry=0
db1:keys=18233,expires=18233,avg_ttl=1611204,subexpiry=0
evicted_keys:1204477
keyspace_hits:88120431
keyspace_misses:40912208
(db0 = catalog-service's product cache, db1 = Spring Session; allkeys-lru evicts sessions too, users get logged out)`, undefined, { kind: "app", where: "top" }],
    [142, "Read", { file_path: `${L}/catalog-service/src/main/resources/application.yml`, offset: 18, limit: 12 }, `    18\t  cache:
    19\t    type: redis
    20\t    cache-names: products,product-images,district-prices
    21\t    redis:
    22\t      time-to-live: 0
    23\t      cache-null-values: false
    24\t      key-prefix: "catalog::"
    25\t  data:
    26\t    redis:
    27\t      host: lale-redis.${NS}.svc
    28\t      database: 0`, "cachettl", { kind: "code", where: "top" }],
    [143, "Edit", { file_path: `${L}/catalog-service/src/main/resources/application.yml`, old_string: "      time-to-live: 0", new_string: "      time-to-live: 10m" }, edited(`${L}/catalog-service/src/main/resources/application.yml`, `    21\t    redis:
    22\t      time-to-live: 10m
    23\t      cache-null-values: false`), "cachettl", { kind: "code", where: "top" }],
    [145, "Bash", { command: "./mvnw -B -pl order-service verify -Dit.test=OrderEventsKafkaIT -Dtest=none -Dsurefire.failIfNoSpecifiedTests=false" }, `[INFO] Running com.lale.order.OrderEventsKafkaIT
2026-12-04T09:12:40.118+03:00  INFO 41822 --- [           main] tc.confluentinc/cp-kafka:7.6.1           : Container confluentinc/cp-kafka:7.6.1 started in PT6.912S
[ERROR] Tests run: 3, Failures: 0, Errors: 1, Skipped: 0, Time elapsed: 24.31 s <<< FAILURE! -- in com.lale.order.OrderEventsKafkaIT
[ERROR] com.lale.order.OrderEventsKafkaIT.publishesOrderPaidEvent -- Time elapsed: 10.42 s <<< ERROR!
org.awaitility.core.ConditionTimeoutException: Assertion condition defined as a Lambda expression in com.lale.order.OrderEventsKafkaIT expected size:<1> but was:<0> within 10 seconds.
	at org.awaitility.core.ConditionAwaiter.await(ConditionAwaiter.java:167)
	at com.lale.order.OrderEventsKafkaIT.publishesOrderPaidEvent(OrderEventsKafkaIT.java:71)
[INFO] 
[INFO] Results:
[INFO] 
[ERROR] Errors: 
[ERROR]   OrderEventsKafkaIT.publishesOrderPaidEvent:71 » ConditionTimeout Assertion condition defined as a Lambda expression in com.lale.order.OrderEventsKafkaIT expected size:<1> but was:<0> within 10 seconds.
[ERROR] Tests run: 3, Failures: 0, Errors: 1, Skipped: 0
[INFO] BUILD FAILURE`, "flaky", { kind: "test", error: true, where: "middle" }],
    [146, "Edit", { file_path: `${L}/order-service/src/test/java/com/lale/order/OrderEventsKafkaIT.java`, old_string: '        registry.add("spring.kafka.bootstrap-servers", kafka::getBootstrapServers);', new_string: '        registry.add("spring.kafka.bootstrap-servers", kafka::getBootstrapServers);\n        // with latest, the event is published before the listener is assigned its partition and is never read\n        registry.add("spring.kafka.consumer.auto-offset-reset", () -> "earliest");' }, edited(`${L}/order-service/src/test/java/com/lale/order/OrderEventsKafkaIT.java`, `    38\t    @DynamicPropertySource
    39\t    static void kafkaProps(DynamicPropertyRegistry registry) {
    40\t        registry.add("spring.kafka.bootstrap-servers", kafka::getBootstrapServers);
    41\t        // with latest, the event is published before the listener is assigned its partition and is never read
    42\t        registry.add("spring.kafka.consumer.auto-offset-reset", () -> "earliest");
    43\t    }`), undefined, { kind: "code", where: "top" }],
    [147, "Bash", { command: "ok=0; for i in $(seq 20); do ./mvnw -q -B -pl order-service verify -Dit.test=OrderEventsKafkaIT -Dtest=none -Dsurefire.failIfNoSpecifiedTests=false >/dev/null 2>&1 && ok=$((ok+1)); done; echo \"$ok/20 runs green\"" }, "20/20 runs green", "flaky", { kind: "test", where: "bottom" }],
    [148, "Bash", { command: `oc -n ${NS} logs deploy/order-service --previous | grep -m2 -A2 OutOfMemoryError` }, `2026-12-04T11:31:07.512+03:00 ERROR 1 --- [order-service] [ad | producer-1] o.a.k.clients.producer.internals.Sender   : [Producer clientId=producer-1] Uncaught error in kafka producer I/O thread:
java.lang.OutOfMemoryError: Cannot reserve 1048576 bytes of direct buffer memory (allocated: 402587648, limit: 402653184)
	at java.base/java.nio.Bits.reserveMemory(Bits.java:178)
Terminating due to java.lang.OutOfMemoryError: Cannot reserve 1048576 bytes of direct buffer memory
(direct memory defaults to the max heap size; with 75% of 2Gi for heap plus ~384 MiB direct buffers during the lunchtime order burst the pod had no headroom)`, undefined, { kind: "app", error: true, where: "top" }],
    [149, "Edit", { file_path: `${L}/deploy/charts/order-service/values-prod.yaml`, old_string: 'javaOpts: "-XX:MaxRAMPercentage=75.0 -XX:+ExitOnOutOfMemoryError -XX:+UseG1GC"\nresources:\n  limits:\n    cpu: "2"\n    memory: 2Gi', new_string: `javaOpts: "${JVM_S3_OPTS}"\nresources:\n  limits:\n    cpu: "2"\n    memory: 2560Mi` }, edited(`${L}/deploy/charts/order-service/values-prod.yaml`, `    12\t# heap 70% of the limit, direct buffers capped at 256m (Kafka producer + Netty), rest for threads/metaspace
    13\tjavaOpts: "${JVM_S3_OPTS}"
    14\tresources:
    15\t  limits:
    16\t    cpu: "2"
    17\t    memory: 2560Mi`), undefined, { kind: "code", where: "top" }],
    [152, "Bash", JVM_CMD, jvmYaml(JVM_S3_OPTS, "2560Mi", "1536Mi"), "jvm", { kind: "code", where: "top" }],
    [153, "Bash", VMFLAGS_CMD, vmFlags(1879048192, 33554432, 1127219200), "heapflags", { kind: "app", where: "top" }],
    [155, "Edit", { file_path: `${L}/deploy/charts/order-service/values-prod.yaml`, old_string: "  maxReplicas: 10", new_string: "  maxReplicas: 8" }, edited(`${L}/deploy/charts/order-service/values-prod.yaml`, `    22\tautoscaling:
    23\t  enabled: true
    24\t  minReplicas: 3
    25\t  maxReplicas: 8
    26\t  targetCPUUtilizationPercentage: 65`), undefined, { kind: "code", where: "top" }],
    [156, "Bash", HPA_CMD, hpaTable(HPA_ORDER_NOW), "hpa", { kind: "app", where: "top" }],
    [157, "Bash", { command: "git commit -am 'order-service: hpa max 8' && git log -1 --format='%h %s%n%n%b'" }, `[main 3d8a0f4] order-service: hpa max 8
 1 file changed, 1 insertion(+), 1 deletion(-)
3d8a0f4 order-service: hpa max 8

At 10 pods the HPA never used the last two (CPU stayed under 50% at 8 during the
Friday peak), and 8 pods x 15 = 120 Hikari connections leaves room on lale-pg
(max_connections 300) for payment, catalog and the report CronJob.`, undefined, { kind: "build", where: "top" }],
    [160, "Bash", { command: `oc -n ${NS} logs deploy/order-service | grep -E 'DbMigrate' | tail -3` }, `2026-12-04T14:02:11.901+03:00  INFO 1 --- [order-service] [           main] o.f.core.internal.command.DbMigrate      : Current version of schema "public": 27
2026-12-04T14:02:11.913+03:00  INFO 1 --- [order-service] [           main] o.f.core.internal.command.DbMigrate      : Migrating schema "public" to version "28 - courier zone on orders"
2026-12-04T14:02:12.406+03:00  INFO 1 --- [order-service] [           main] o.f.core.internal.command.DbMigrate      : Successfully applied 1 migration to schema "public", now at version v28 (execution time 00:00.488s)`, "flyway", { kind: "app", where: "top" }],
    [162, "Bash", REDIS_CMD, redisMem("412.77M", "1.99G", "1.31"), "redis", { kind: "app", where: "top" }],
    [164, "Edit", { file_path: `${L}/catalog-service/src/main/resources/application.yml`, old_string: "      time-to-live: 10m", new_string: "      time-to-live: 30m" }, edited(`${L}/catalog-service/src/main/resources/application.yml`, `    21\t    redis:
    22\t      # 10m dropped the hit rate to 61% (prices change twice a day); 30m is back to 93% at ~480M
    23\t      time-to-live: 30m
    24\t      cache-null-values: false`), "cachettl", { kind: "code", where: "top" }],
    [166, "Edit", { file_path: `${L}/order-service/src/main/java/com/lale/order/OrderService.java`, old_string: "        OrderLine saved = entityManager.merge(line);", new_string: "        // new lines carry a client-side UUID: persist, never merge (Hibernate 6.6 treats merge() of an unknown id as stale)\n        entityManager.persist(line);\n        OrderLine saved = line;" }, edited(`${L}/order-service/src/main/java/com/lale/order/OrderService.java`, `   112\t    @Transactional
   113\t    public OrderLine addLine(UUID orderId, AddLineRequest req) {
   114\t        Order order = orders.findById(orderId).orElseThrow(() -> new OrderNotFoundException(orderId));
   115\t        OrderLine line = OrderLine.newLine(req.lineId(), order, req.productId(), req.quantity());
   116\t        // new lines carry a client-side UUID: persist, never merge (Hibernate 6.6 treats merge() of an unknown id as stale)
   117\t        entityManager.persist(line);
   118\t        OrderLine saved = line;`), undefined, { kind: "code", where: "top" }],
    [169, "Bash", { command: `sed -i 's#<version>3.3.5</version>#<version>3.4.1</version>#' pom.xml && ${BOOT_CMD.command}` }, bootTree("3.4.1", "6.6.4.Final"), "bootver", { kind: "build", where: "top" }],
    [171, "Bash", { command: "./mvnw -B verify" }, `[INFO] Results:
[INFO] 
[WARNING] Tests run: 326, Failures: 0, Errors: 0, Skipped: 3
[INFO] 
[INFO] ------------------------------------------------------------------------
[INFO] Reactor Summary for lale 1.44.0-SNAPSHOT:
[INFO] 
[INFO] lale ............................................... SUCCESS [  0.398 s]
[INFO] lale-common ........................................ SUCCESS [ 12.044 s]
[INFO] order-service ...................................... SUCCESS [02:58 min]
[INFO] payment-service .................................... SUCCESS [01:12 min]
[INFO] catalog-service .................................... SUCCESS [ 48.310 s]
[INFO] notification-service ............................... SUCCESS [ 55.902 s]
[INFO] courier-service .................................... SUCCESS [ 31.227 s]
[INFO] ------------------------------------------------------------------------
[INFO] BUILD SUCCESS
[INFO] ------------------------------------------------------------------------
[INFO] Total time:  06:41 min`, "tests", { kind: "test", where: "bottom" }],
    [173, "Bash", TKN_CMD, tknList([TKN_NOW, tknRow("lale-catalog-service-run-p1s7d", "1 hour ago", "2m20s", "Succeeded"), tknRow("lale-order-service-run-k9w3e", "1 day ago", "7m49s", "Succeeded"), tknRow("lale-order-service-run-m2c8z", "1 day ago", "7m52s", "Succeeded")]), "ci", { kind: "build", where: "top" }],
    [175, "Bash", { command: "argocd app set lale-order-service --sync-policy automated --auto-prune && argocd app sync lale-order-service && argocd app get lale-order-service | head -14" }, `Name:               argocd/lale-order-service
Project:            lale
Server:             https://kubernetes.default.svc
Namespace:          lale-prod
URL:                https://argocd.apps.ocp.lale.local/applications/lale-order-service
Source:
- Repo:             https://gitlab.lale.com.tr/platform/lale.git
  Target:           main
  Path:             deploy/charts/order-service
  Helm Values:      values-prod.yaml
Sync Policy:        Automated (Prune)
Sync Status:        Synced to main (9b64e1d)
Health Status:      Healthy`, "argo", { kind: "app", where: "top" }],
    [176, "Bash", IMAGE_CMD, `${QUAY}/order-service:1.44.0`, "image", { kind: "app", where: "top" }],
    [180, "Bash", { command: `kcadm.sh update realms/lale -s accessTokenLifespan=600 -s ssoSessionIdleTimeout=3600 && ${KC_CMD.command}` }, `${kcRealm(600, 3600, 36000)}
(security review LALE-SEC-112: 15 min access tokens too long for a payment flow; the mobile app refreshes on the 3-D Secure screen since 4.12.0)`, "kc", { kind: "app", where: "top" }],
    [182, "Bash", { command: `oc -n ${NS} get pods -l app.kubernetes.io/name=order-service` }, `NAME                             READY   STATUS    RESTARTS   AGE
order-service-6d9f4c8b7-2hjw5    1/1     Running   0          3h12m
order-service-6d9f4c8b7-8kqz1    1/1     Running   0          3h12m
order-service-6d9f4c8b7-c4vtn    1/1     Running   0          3h11m
order-service-6d9f4c8b7-ml7xr    1/1     Running   0          2h40m
order-service-6d9f4c8b7-wp2sd    1/1     Running   0          3h11m`, undefined, { kind: "app", where: "top" }],
    [185, "Bash", { command: `${KAFKA} --describe --group analytics-sink | head -6` }, `
GROUP           TOPIC           PARTITION  CURRENT-OFFSET  LOG-END-OFFSET  LAG      CONSUMER-ID                                              HOST            CLIENT-ID
analytics-sink  order-events    0          2290118         2302557         12439    consumer-analytics-sink-1-77e1b2c0-9d3f-4a58-b1e6-0c5f2a9d8e13  /10.130.4.9     consumer-analytics-sink-1
analytics-sink  order-events    1          2291023         2303674         12651    consumer-analytics-sink-1-77e1b2c0-9d3f-4a58-b1e6-0c5f2a9d8e13  /10.130.4.9     consumer-analytics-sink-1
analytics-sink  order-events    2          2289771         2302881         13110    consumer-analytics-sink-1-77e1b2c0-9d3f-4a58-b1e6-0c5f2a9d8e13  /10.130.4.9     consumer-analytics-sink-1
(analytics-sink is the data team's batch consumer; it catches up at night, not ours)`, undefined, { kind: "app", where: "top" }],
    [188, "Bash", { command: "git log --oneline -n 14" }, `9b64e1d build: spring boot 3.4.1 again, OrderLine persisted not merged
e71c0a2 catalog: product cache ttl 30m
3d8a0f4 order-service: hpa max 8
f2c9b81 order-service: MaxRAMPercentage 70, MaxDirectMemorySize 256m, 2560Mi
0ad4e57 test(order): OrderEventsKafkaIT reads from earliest
c38e1f6 catalog: product cache ttl 10m
5b7d2c0 platform: stock-sync every 5 min, order-report 03:30
8e0f4a3 cert-manager: dns01 on cloudflare for lale.com.tr
46a1d9c payment: iyzico breaker slow-call 6s, open 15s
1c7f3e9 Revert "build: spring boot 3.4.1"
a3f90b7 build: spring boot 3.4.1
4c2e8d1 notification: listener concurrency 6 for 12 partitions
e08d4c2 order: V27 delivery slot index, non-transactional
9a7f6b3 order: hikari 15`, undefined, { kind: "build", where: "top" }],
    [192, "Bash", { command: "grep -n -B1 -A4 'hikari:' payment-service/src/main/resources/application-prod.yml catalog-service/src/main/resources/application-prod.yml" }, `payment-service/src/main/resources/application-prod.yml-4-    username: \${DB_USER}
payment-service/src/main/resources/application-prod.yml:5:    hikari:
payment-service/src/main/resources/application-prod.yml-6-      maximum-pool-size: 10
payment-service/src/main/resources/application-prod.yml-7-      minimum-idle: 2
payment-service/src/main/resources/application-prod.yml-8-      connection-timeout: 5000
payment-service/src/main/resources/application-prod.yml-9-      max-lifetime: 1800000
--
catalog-service/src/main/resources/application-prod.yml-4-    username: \${DB_USER}
catalog-service/src/main/resources/application-prod.yml:5:    hikari:
catalog-service/src/main/resources/application-prod.yml-6-      maximum-pool-size: 8
catalog-service/src/main/resources/application-prod.yml-7-      minimum-idle: 2
catalog-service/src/main/resources/application-prod.yml-8-      connection-timeout: 10000
catalog-service/src/main/resources/application-prod.yml-9-      read-only: true`, undefined, { kind: "code", where: "top" }],
    [195, "Bash", { command: `oc -n ${NS} adm top pods -l app.kubernetes.io/name=order-service` }, `NAME                            CPU(cores)   MEMORY(bytes)
order-service-6d9f4c8b7-2hjw5   421m         1788Mi
order-service-6d9f4c8b7-8kqz1   398m         1802Mi
order-service-6d9f4c8b7-c4vtn   455m         1760Mi
order-service-6d9f4c8b7-ml7xr   377m         1731Mi
order-service-6d9f4c8b7-wp2sd   409m         1795Mi`, undefined, { kind: "app", where: "top" }],
    [200, "Bash", { command: `oc -n ${NS} get events --field-selector type=Warning --sort-by=.lastTimestamp | tail -6` }, `LAST SEEN   TYPE      REASON             OBJECT                                     MESSAGE
41m         Warning   FailedGetResourceMetric   horizontalpodautoscaler/courier-service   failed to get cpu utilization: unable to get metrics for resource cpu: no metrics returned from resource metrics API
38m         Warning   Unhealthy          pod/catalog-service-7d9c6b5f48-w8r4n       Readiness probe failed: HTTP probe failed with statuscode: 503
12m         Warning   BackOff            pod/stock-sync-29412715-kq8rd              Back-off restarting failed container stock-sync in pod stock-sync-29412715-kq8rd_lale-prod(6e1f0a2c)`, undefined, { kind: "app", where: "top" }],
  ],
  questions: [
    { kind: "state", lang: "tr", prompt: "order-service'in heap'i şu an ne kadar, MaxHeapSize kaç", want: [{ key: "heapflags", fact: "-XX:MaxHeapSize=1879048192" }] },
    { kind: "state", prompt: "what's the memory limit on the order-service container now", want: [{ key: "jvm", fact: limits("2560Mi") }] },
    { kind: "state", lang: "tr", prompt: "JAVA_TOOL_OPTIONS'ta en son ne var", want: [{ key: "jvm", fact: JVM_S3_OPTS }] },
    { kind: "state", prompt: "order-service hpa min/max rn?", want: [{ key: "hpa", fact: HPA_ORDER_NOW }] },
    { kind: "state", lang: "tr", prompt: "order-service'de hikari'nin pool size'ı şimdi kaç", want: [{ key: "hikari", fact: "maximum-pool-size: 15" }] },
    { kind: "state", prompt: "how many partitions does order-events have now", want: [{ key: "topic", fact: "PartitionCount: 12" }] },
    { kind: "state", lang: "tr", prompt: "notification-service'in kafka'daki lag'i ne durumda", want: [{ key: "lag", fact: "total lag: 312" }] },
    { kind: "state", prompt: "listener concurrency on notification-service?", want: [{ key: "kafkacfg", fact: "concurrency: 6" }] },
    { kind: "state", lang: "tr", prompt: "patroni'de leader şu an hangi pod", want: [{ key: "patroni", fact: PATRONI_LEADER_NOW }] },
    { kind: "state", prompt: "what did we set max_connections on lale-pg to", want: [{ key: "pgconf", fact: "max_connections: 300" }] },
    { kind: "state", lang: "tr", prompt: "flyway şu an hangi versiyonda", want: [{ key: "flyway", fact: "now at version v28" }] },
    { kind: "state", prompt: "which spring boot are we on now", want: [{ key: "bootver", fact: "spring-boot-starter-web:jar:3.4.1" }] },
    { kind: "state", lang: "tr", prompt: "keycloak'ta access token süresi şimdi kaç saniye", want: [{ key: "kc", fact: '"accessTokenLifespan" : 600' }] },
    { kind: "state", prompt: "is the iyzico circuit breaker still open", want: [{ key: "cbstate", fact: CB_NOW }] },
    { kind: "state", lang: "tr", prompt: "circuit breaker'ın slow call eşiği ne oldu", want: [{ key: "cb", fact: "slow-call-duration-threshold: 6s" }] },
    { kind: "state", prompt: "how often does stock-sync run now", want: [{ key: "cron", fact: CRON_STOCK_NOW }] },
    { kind: "state", lang: "tr", prompt: "api.lale.com.tr sertifikası ne zaman bitiyo", want: [{ key: "cert", fact: "notAfter=Mar 13 09:40:02 2027 GMT" }] },
    { kind: "state", prompt: "redis memory usage rn", want: [{ key: "redis", fact: "used_memory_human:412.77M" }] },
    { kind: "state", lang: "tr", prompt: "OrderEventsKafkaIT hâlâ flaky mi", want: [{ key: "flaky", fact: "20/20 runs green" }] },
    { kind: "state", prompt: "which order-service image tag is deployed", want: [{ key: "image", fact: `${QUAY}/order-service:1.44.0` }] },
    { kind: "history", lang: "tr", prompt: "1g heap varken order-service neden OOMKilled oluyordu", want: [{ turn: 34, fact: "Total: reserved=2791124KB, committed=1569021KB" }] },
    { kind: "history", prompt: "what did oc describe show when order-service got killed the first time", want: [{ turn: 30, fact: "Reason:       OOMKilled" }] },
    { kind: "history", lang: "tr", prompt: "hikari'yi 30'a çıkarmadan önce aldığımız hata neydi", want: [{ turn: 51, fact: "Connection is not available, request timed out after 30000ms (total=10, active=10, idle=0, waiting=37)" }] },
    { kind: "history", prompt: "what pg error did payment-service hit after we bumped the pool to 30", want: [{ turn: 55, fact: "FATAL: sorry, too many clients already" }] },
    { kind: "history", lang: "tr", prompt: "V27 migration'ı neden patladı", want: [{ turn: 68, fact: "CREATE INDEX CONCURRENTLY cannot run inside a transaction block" }] },
    { kind: "history", prompt: "how did we get the concurrent index migration through flyway", want: [{ turn: 72, fact: "+executeInTransaction=false" }] },
    { kind: "history", lang: "tr", prompt: "spring boot 3.4'e geçince prod'da ne bozulmuştu", want: [{ turn: 96, fact: "Row was updated or deleted by another transaction (or unsaved-value mapping was incorrect)" }] },
    { kind: "history", prompt: "why did we revert boot 3.4.1 the first time", want: [{ turn: 101, fact: "6.5 silently inserted it" }] },
    { kind: "history", lang: "tr", prompt: "argo rollback'ten sonra hangi imaja dönmüştük", want: [{ turn: 100, fact: `${QUAY}/order-service:1.42.4` }] },
    { kind: "history", prompt: "what was the acme challenge failing with", want: [{ turn: 126, fact: "wrong status code '403', expected '200'" }] },
    { kind: "history", lang: "tr", prompt: "lag 184 bin iken order-events'te kaç partition vardı", want: [{ turn: 16, fact: "PartitionCount: 6" }] },
    { kind: "history", prompt: "why did the payment breaker open", want: [{ turn: 110, fact: '"slowCallRate": "87.5%"' }] },
    { kind: "history", lang: "tr", prompt: "redis neden dolmuştu", want: [{ turn: 141, fact: "db0:keys=2841190,expires=0" }] },
    { kind: "history", prompt: "the direct memory OOM message from order-service?", want: [{ turn: 148, fact: "Cannot reserve 1048576 bytes of direct buffer memory" }] },
    { kind: "history", prompt: "why did order-report move to 3:30", want: [{ turn: 134, fact: "02:00 collided with the pgBackRest full backup" }] },
    { kind: "history", lang: "tr", prompt: "hpa max'ı neden 8'e düşürdük", want: [{ turn: 157, fact: "8 pods x 15 = 120 Hikari connections" }] },
    { kind: "multi", lang: "tr", prompt: "heap ve container limit'i şu an ne", want: [{ key: "heapflags", fact: "-XX:MaxHeapSize=1879048192" }, { key: "jvm", fact: limits("2560Mi") }] },
    { kind: "multi", prompt: "hikari pool size vs pg max_connections, do we fit?", want: [{ key: "hikari", fact: "maximum-pool-size: 15" }, { key: "pgconf", fact: "max_connections: 300" }] },
    { kind: "multi", lang: "tr", prompt: "order-events'in partition sayısı ve notification-service concurrency'si kaç", want: [{ key: "topic", fact: "PartitionCount: 12" }, { key: "kafkacfg", fact: "concurrency: 6" }] },
    { kind: "multi", prompt: "boot version + which image is running", want: [{ key: "bootver", fact: "spring-boot-starter-web:jar:3.4.1" }, { key: "image", fact: `${QUAY}/order-service:1.44.0` }] },
    { kind: "multi", lang: "tr", prompt: "hpa max'ı ile hikari pool'u çarpınca kaç bağlantı ediyor", want: [{ key: "hpa", fact: HPA_ORDER_NOW }, { key: "hikari", fact: "maximum-pool-size: 15" }] },
    { kind: "multi", prompt: "iyzico breaker config and its current state", want: [{ key: "cb", fact: "slow-call-duration-threshold: 6s" }, { key: "cbstate", fact: CB_NOW }] },
    { kind: "multi", lang: "tr", prompt: "redis'te ne kadar memory kullanılıyor, catalog cache ttl'i kaç", want: [{ key: "redis", fact: "used_memory_human:412.77M" }, { key: "cachettl", fact: "time-to-live: 30m" }] },
    { kind: "none", lang: "tr", prompt: "eyvallah, bugünlük bu kadar" },
    { kind: "none", prompt: "generally, G1 vs ZGC - when is ZGC worth it?" },
    { kind: "none", lang: "tr", prompt: "spring'de @Transactional propagation türlerini kısaca anlatır mısın" },
    { kind: "none", prompt: "brb, standup" },
    { kind: "none", lang: "tr", prompt: "öğle yemeğine çıkıyorum, sonra devam ederiz" },
  ],
};

/** Held out from the selection work: written blind, never run before it was registered (Rust ingestion on Nomad, ClickHouse, JetStream). */
export const HELD_OUT_28 = [granite];
/** Held out from the selection work: written blind, never run before it was registered (Spring Boot on OpenShift, Turkish and English). */
export const HELD_OUT_29 = [lale];
