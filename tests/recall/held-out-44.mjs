// One more held-out recall session (format: tests/recall/build.mjs): written blind, without reading the selection's
// code, its tests or any benchmark result, and kept out of the selection work. HELD_OUT_44: a Python 3.12 FastAPI
// document-processing service with Celery workers on a RabbitMQ broker (VM), SQLAlchemy 2 + Alembic on Azure Database
// for PostgreSQL flexible server, deployed to Azure Container Apps with the az CLI and Bicep, uv for dependencies,
// pytest, GitHub Actions and Application Insights, over four days: a RabbitMQ backlog on the documents queue caused by
// prefetching OCR workers capped at 4 replicas (prefetch 1 + acks_late, concurrency changed twice, KEDA rabbitmq rule
// and worker min/max replicas changed twice), worker replicas OOMKilled on big PDF renders (CPU/memory per replica
// raised), API min/max replicas, HTTP concurrency rule and CPU/memory raised twice, gunicorn worker count raised and
// lowered again, Postgres out of connection slots (max_connections raised with a SKU bump, SQLAlchemy pool shrunk), an
// Alembic migration that rewrote the documents table under an AccessExclusiveLock and was redone as add-column +
// CREATE INDEX CONCURRENTLY, a pydantic 2.10 bump that broke the documents endpoints in prod (revision rolled back,
// pinned, fixed and bumped again) and a CI failure from a stale uv.lock, a flaky export-ordering pytest test, big
// exports hitting the gunicorn timeout and then the 240 s ingress limit, the ingress closed to plain HTTP, and a Key
// Vault secret reference that stopped resolving after the vault moved to RBAC. Distractors: staging look-alikes
// (queues, scale, alembic, max_connections), similar errors in other modules, stale Bicep, older snapshots of the same
// az / rabbitmqctl / psql commands; English questions.

const P = "/home/dev/puffin";
const SUB = "8d41c7e2-5b3a-4f09-9e6d-2a7c0b19f354";
const RGP = "rg-puffin-prod";
const MI = `/subscriptions/${SUB}/resourceGroups/${RGP}/providers/Microsoft.ManagedIdentity/userAssignedIdentities/id-puffin-prod`;

const numbered = (start, text) => text.split("\n").map((l, i) => `${String(start + i).padStart(4)}\t${l}`).join("\n");

// --- container apps: scale, resources, revisions, ingress, secrets -------------------------------------------------
const apiScale = (min, max, conc) => `{
  "cooldownPeriod": 300,
  "maxReplicas": ${max},
  "minReplicas": ${min},
  "pollingInterval": 30,
  "rules": [
    {
      "azureQueue": null,
      "custom": null,
      "http": {
        "auth": null,
        "metadata": {
          "concurrentRequests": "${conc}"
        }
      },
      "name": "http-scaler",
      "tcp": null
    }
  ]
}`;
const API_SCALE = "az containerapp show -n puffin-api -g rg-puffin-prod --query properties.template.scale -o json";

const workerScale = (min, max, value) => `{
  "cooldownPeriod": 300,
  "maxReplicas": ${max},
  "minReplicas": ${min},
  "pollingInterval": 15,
  "rules": [
    {
      "azureQueue": null,
      "custom": {
        "auth": [
          {
            "secretRef": "rabbitmq-uri",
            "triggerParameter": "host"
          }
        ],
        "metadata": {
          "mode": "QueueLength",
          "protocol": "amqp",
          "queueName": "puffin.documents",
          "value": "${value}",
          "vhostName": "puffin"
        },
        "type": "rabbitmq"
      },
      "http": null,
      "name": "documents-backlog",
      "tcp": null
    }
  ]
}`;
const WORKER_SCALE = "az containerapp show -n puffin-worker -g rg-puffin-prod --query properties.template.scale -o json";

const eph = { "0.5": "2Gi", "1.0": "4Gi", "2.0": "8Gi" };
const resources = (cpu, mem, image, rev) => `{
  "image": "crpuffin.azurecr.io/puffin:${image}",
  "latestRevision": "${rev}",
  "resources": {
    "cpu": ${cpu},
    "ephemeralStorage": "${eph[cpu]}",
    "memory": "${mem}"
  }
}`;
const resQuery = (app) => `az containerapp show -n ${app} -g rg-puffin-prod --query "{image: properties.template.containers[0].image, latestRevision: properties.latestRevisionName, resources: properties.template.containers[0].resources}" -o json`;

const revRow = (name, created, active, traffic, replicas, health, state) => `${name.padEnd(21)}${created.padEnd(27)}${active.padEnd(10)}${String(traffic).padEnd(11)}${String(replicas).padEnd(12)}${health.padEnd(11)}${state}`;
const revList = (rows, note = "") => `Name                 Created                    Active    Traffic    Replicas    Health     State
-------------------  -------------------------  --------  ---------  ----------  ---------  -----------
${rows.join("\n")}${note ? `\n${note}` : ""}`;
const REVS = "az containerapp revision list -n puffin-api -g rg-puffin-prod --query \"[].{Name:name, Created:properties.createdTime, Active:properties.active, Traffic:properties.trafficWeight, Replicas:properties.replicas, Health:properties.healthState, State:properties.provisioningState}\" -o table";
const R0409 = (a = "False") => revRow("puffin-api--r0409", "2026-03-05T15:10:44+00:00", a, 0, 0, "Healthy", "Provisioned");
const R0410 = (a = "False") => revRow("puffin-api--r0410", "2026-03-09T10:58:02+00:00", a, 0, 0, "Healthy", "Provisioned");
const R0411 = (a, t, r) => revRow("puffin-api--r0411", "2026-03-09T11:42:18+00:00", a, t, r, "Healthy", "Provisioned");
const R0412 = (a, t, r) => revRow("puffin-api--r0412", "2026-03-10T11:20:37+00:00", a, t, r, "Healthy", "Provisioned");
const R0413 = (a, t, r) => revRow("puffin-api--r0413", "2026-03-11T10:04:51+00:00", a, t, r, "Healthy", "Provisioned");
const R0414 = (a, t, r) => revRow("puffin-api--r0414", "2026-03-11T16:38:09+00:00", a, t, r, "Healthy", "Provisioned");
const R0415 = revRow("puffin-api--r0415", "2026-03-12T09:14:26+00:00", "False", 0, 0, "None", "Failed");
const R0416 = (a, t, r) => revRow("puffin-api--r0416", "2026-03-12T10:31:55+00:00", a, t, r, "Healthy", "Provisioned");
const R0417 = revRow("puffin-api--r0417", "2026-03-12T14:02:13+00:00", "True", 100, 3, "Healthy", "Provisioned");
const ROLLBACK_ROW = R0412("True", 100, 4);
const R0417_NOW = R0417;

const ingress = (insecure, cors) => `{
  "allowInsecure": ${insecure},
  "clientCertificateMode": "Ignore",
  "corsPolicy": ${cors ? `{
    "allowCredentials": true,
    "allowedHeaders": ["authorization", "content-type", "x-request-id"],
    "allowedMethods": ["GET", "POST", "PATCH", "DELETE"],
    "allowedOrigins": ["https://app.puffin.io", "https://admin.puffin.io"],
    "maxAge": 600
  }` : "null"},
  "customDomains": [
    {
      "bindingType": "SniEnabled",
      "name": "api.puffin.io"
    }
  ],
  "external": true,
  "fqdn": "puffin-api.kindsea-3c1f9a2b.westeurope.azurecontainerapps.io",
  "ipSecurityRestrictions": null,
  "stickySessions": {
    "affinity": "none"
  },
  "targetPort": 8000,
  "transport": "Auto"
}`;
const INGRESS = "az containerapp ingress show -n puffin-api -g rg-puffin-prod --query \"{allowInsecure:allowInsecure, clientCertificateMode:clientCertificateMode, corsPolicy:corsPolicy, customDomains:customDomains[].{name:name, bindingType:bindingType}, external:external, fqdn:fqdn, ipSecurityRestrictions:ipSecurityRestrictions, stickySessions:stickySessions, targetPort:targetPort, transport:transport}\" -o json";

// --- rabbitmq ---------------------------------------------------------------------------------------------------------
const qRow = (name, ready, unacked, consumers) => `${name}\t${ready}\t${unacked}\t${consumers}`;
const queues = (host, rows, note = "") => `Timeout: 60.0 seconds ...
Listing queues for vhost puffin ...
name\tmessages_ready\tmessages_unacknowledged\tconsumers
${rows.join("\n")}
celeryev.6d1f0a3e-2b7c-4e19-8f40-1c9d2e7a5b63\t0\t0\t1
celery@${host}.celery.pidbox\t0\t0\t1${note ? `\n${note}` : ""}`;
const QUEUES = "ssh azureuser@mq-prod-01 'sudo rabbitmqctl list_queues -p puffin name messages_ready messages_unacknowledged consumers'";
const Q_PEAK = qRow("puffin.documents", 48211, 128, 4);
const Q_NOW = qRow("puffin.documents", 12, 9, 3);

// --- postgres ---------------------------------------------------------------------------------------------------------
const maxConn = (value, pending, source = "user-override") => `{
  "allowedValues": "25-5000",
  "dataType": "Integer",
  "defaultValue": "859",
  "description": "Sets the maximum number of concurrent connections.",
  "documentationLink": "https://www.postgresql.org/docs/16/static/runtime-config-connection.html#GUC-MAX-CONNECTIONS",
  "id": "/subscriptions/${SUB}/resourceGroups/${RGP}/providers/Microsoft.DBforPostgreSQL/flexibleServers/puffin-pg-prod/configurations/max_connections",
  "isConfigPendingRestart": ${pending},
  "isDynamicConfig": false,
  "isReadOnly": false,
  "name": "max_connections",
  "resourceGroup": "${RGP}",
  "source": "${source}",
  "type": "Microsoft.DBforPostgreSQL/flexibleServers/configurations",
  "unit": null,
  "value": "${value}"
}`;
const MAXCONN = "az postgres flexible-server parameter show -g rg-puffin-prod -s puffin-pg-prod -n max_connections -o json";

const pgServer = (sku, state) => `{
  "ha": "Disabled",
  "location": "West Europe",
  "name": "puffin-pg-prod",
  "sku": {
    "name": "${sku}",
    "tier": "GeneralPurpose"
  },
  "state": "${state}",
  "storageGb": 256,
  "storageTier": "P15",
  "version": "16"
}`;
const PGSERVER = "az postgres flexible-server show -g rg-puffin-prod -n puffin-pg-prod --query \"{name:name, location:location, sku:sku, version:version, state:state, storageGb:storage.storageSizeGb, storageTier:storage.tier, ha:highAvailability.mode}\" -o json";

const pgConns = (rows, summary) => `      app       |        state        | count
----------------+---------------------+-------
${rows.map(([a, s, n]) => ` ${a.padEnd(15)}| ${s.padEnd(20)}| ${String(n).padStart(5)}`).join("\n")}
(${rows.length} rows)

            summary
--------------------------------
 ${summary}
(1 row)`;
const PGCONNS = { command: "psql \"$PUFFIN_PG_PROD\" -c \"select coalesce(nullif(application_name, ''), '(none)') as app, coalesce(state, '-') as state, count(*) from pg_stat_activity where backend_type = 'client backend' group by 1, 2 order by 3 desc\" -c \"select count(*) || ' connections (' || count(*) filter (where state = 'idle in transaction') || ' idle in tx)' as summary from pg_stat_activity where backend_type = 'client backend'\"" };
const CONNS_NOW = "96 connections (0 idle in tx)";

const alembicCurrent = (rev, env = "prod") => `INFO  [alembic.runtime.migration] Context impl PostgresqlImpl.
INFO  [alembic.runtime.migration] Will assume transactional DDL.
INFO  [puffin.migrations] target: puffin-pg-${env} / database puffin
${rev}`;

// --- app insights -----------------------------------------------------------------------------------------------------
const p95Row = (role, n, p50, p95, failed) => `${role.padEnd(17)}${String(n).padEnd(11)}${p50.padEnd(9)}${p95.padEnd(10)}${failed}`;
const p95 = (rows, note) => `cloud_RoleName   requests   p50_ms   p95_ms    failed
---------------  ---------  -------  --------  ------
${rows.join("\n")}
${note}`;
const P95_CMD = { command: "./scripts/ai-query.sh ai-puffin-prod 'requests | where timestamp > ago(1h) | summarize requests = count(), p50_ms = round(percentile(duration, 50), 1), p95_ms = round(percentile(duration, 95), 1), failed = countif(success == false) by cloud_RoleName'" };
const P95_FIRST = p95Row("puffin-api", 184233, "212.4", "2840.1", 1207);
const P95_NOW = p95Row("puffin-api", 208911, "86.4", "398.6", 19);

// --- python deps ------------------------------------------------------------------------------------------------------
const pkgRow = (name, ver) => `${name.padEnd(18)}${ver}`;
const pkgs = (v) => ["Package           Version", "----------------- -------", pkgRow("alembic", "1.14.0"), pkgRow("celery", "5.4.0"), pkgRow("fastapi", v.fastapi), pkgRow("gunicorn", "23.0.0"), pkgRow("kombu", "5.4.2"), pkgRow("psycopg", "3.2.3"), pkgRow("pydantic", v.pydantic), pkgRow("pydantic-core", v.core), pkgRow("pydantic-settings", v.settings), pkgRow("sqlalchemy", "2.0.36"), pkgRow("uvicorn", "0.32.0")].join("\n");
const PKGS = "uv pip list | grep -iE '^(package|-----|alembic|celery|fastapi|gunicorn|kombu|psycopg|pydantic|pydantic-core|pydantic-settings|sqlalchemy|uvicorn) '";
const V_OLD = { fastapi: "0.115.4", pydantic: "2.9.2", core: "2.23.4", settings: "2.6.1" };
const V_BUMP = { fastapi: "0.115.6", pydantic: "2.10.3", core: "2.27.1", settings: "2.7.0" };
const V_PIN = { fastapi: "0.115.6", pydantic: "2.9.2", core: "2.23.4", settings: "2.6.1" };
const V_NOW = { fastapi: "0.115.6", pydantic: "2.10.4", core: "2.27.2", settings: "2.7.0" };
const PYDANTIC_NOW = pkgRow("pydantic", "2.10.4");

const flaky = (runs, failed) => `$ for i in $(seq 30); do uv run pytest tests/test_exports.py -q -p no:randomly >/tmp/pt-$i.log 2>&1 || echo "run $i FAILED"; done; grep -l "failed" /tmp/pt-*.log | wc -l
${runs}
${failed}`;
const FLAKY_CMD = { command: "./scripts/pytest-loop.sh tests/test_exports.py 30" };

// --- files ------------------------------------------------------------------------------------------------------------
const celeryCfg = (conc, prefetch, acksLate) => numbered(1, `"""Celery settings for the puffin workers (loaded by puffin/worker/celery_app.py)."""
from puffin.settings import settings

broker_url = settings.rabbitmq_url
broker_heartbeat = 30
broker_pool_limit = 4
result_backend = None
task_default_queue = "puffin.documents"
task_routes = {
    "puffin.worker.tasks.render.*": {"queue": "puffin.render"},
    "puffin.worker.tasks.webhooks.*": {"queue": "puffin.webhooks"},
}
task_serializer = "json"
accept_content = ["json"]
worker_concurrency = ${conc}
worker_prefetch_multiplier = ${prefetch}
task_acks_late = ${acksLate}
task_reject_on_worker_lost = ${acksLate}
worker_max_tasks_per_child = 200
task_time_limit = 900
task_soft_time_limit = 840
worker_send_task_events = True`);
const CELERY_READ = { file_path: `${P}/puffin/worker/celeryconfig.py` };

const gunicornCfg = (workers, timeout) => numbered(1, `# gunicorn.conf.py - the api container runs: gunicorn -c gunicorn.conf.py puffin.api.main:app
import multiprocessing  # noqa: F401  (kept for local runs, see WEB_CONCURRENCY in docker-compose.yml)

bind = "0.0.0.0:8000"
worker_class = "uvicorn.workers.UvicornWorker"
workers = ${workers}
timeout = ${timeout}
graceful_timeout = 25
keepalive = 75
max_requests = 2000
max_requests_jitter = 200
accesslog = "-"
errorlog = "-"
loglevel = "info"
forwarded_allow_ips = "*"
proxy_allow_ips = "*"`);
const GUNICORN_READ = { file_path: `${P}/gunicorn.conf.py` };

const settingsPy = (pool, overflow, recycle, prePing) => numbered(1, `from functools import lru_cache

from pydantic import PostgresDsn
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="PUFFIN_", env_file=".env", extra="ignore")

    env: str = "dev"
    database_url: PostgresDsn  # Key Vault secret db-url in Azure
    rabbitmq_url: str  # Key Vault secret rabbitmq-uri in Azure
    db_pool_size: int = ${pool}
    db_max_overflow: int = ${overflow}
    db_pool_timeout: int = 30
    db_pool_recycle: int = ${recycle}
    db_pool_pre_ping: bool = ${prePing}
    db_statement_timeout_ms: int = 30000
    telemetry_enabled: bool = True
    allowed_origins: list[str] = ["https://app.puffin.io"]
    export_chunk_rows: int = 5000


@lru_cache
def get_settings() -> Settings:
    return Settings()


settings = get_settings()`);
const SETTINGS_READ = { file_path: `${P}/puffin/settings.py` };

const kvSecrets = (versioned) => `[
  {
    "identity": "${MI}",
    "keyVaultUrl": "https://kv-puffin-prod.vault.azure.net/secrets/db-url${versioned ? "/3e9b0c41d2a84f7c9b15e0a6d7f21c88" : ""}",
    "name": "db-url"
  },
  {
    "identity": "${MI}",
    "keyVaultUrl": "https://kv-puffin-prod.vault.azure.net/secrets/rabbitmq-uri",
    "name": "rabbitmq-uri"
  },
  {
    "identity": "${MI}",
    "keyVaultUrl": "https://kv-puffin-prod.vault.azure.net/secrets/webhook-signing",
    "name": "webhook-signing"
  }
]`;

const pytestAll = (passed, dur) => `============================= test session starts ==============================
platform linux -- Python 3.12.7, pytest-8.3.4, pluggy-1.5.0
rootdir: ${P}
configfile: pyproject.toml
plugins: anyio-4.7.0, asyncio-0.24.0, freezegun-0.4.2, cov-6.0.0
collected ${passed} items

tests/test_auth.py ....................                                   [  8%]
tests/test_documents.py ............................................      [ 27%]
tests/test_exports.py .............                                       [ 33%]
tests/test_health.py ...                                                  [ 34%]
tests/test_webhooks.py ..........................                         [ 45%]
tests/worker/test_ocr.py ..................................               [ 60%]
tests/worker/test_render.py ..........................................    [ 78%]
tests/db/test_models.py ..................................................[100%]

============================= ${passed} passed in ${dur} ==============================`;

const puffin = {
  name: "puffin (held out 44)",
  sessionId: "49202c94-6e6d-4a63-8542-a71abb8ad088",
  cwd: P,
  turns: 215,
  seed: 44044,
  files: ["puffin/api/main.py", "puffin/api/routes/documents.py", "puffin/api/routes/exports.py", "puffin/api/schemas.py", "puffin/worker/celery_app.py", "puffin/worker/celeryconfig.py", "puffin/worker/tasks/ocr.py", "puffin/worker/tasks/render.py", "puffin/worker/tasks/webhooks.py", "puffin/db/models.py", "puffin/db/session.py", "puffin/settings.py", "alembic/env.py", "infra/main.bicep", "infra/modules/containerapp.bicep", "gunicorn.conf.py", "pyproject.toml", ".github/workflows/deploy.yml"],
  otherTests: ["tests/test_auth.py", "tests/test_documents.py", "tests/test_webhooks.py", "tests/test_health.py", "tests/worker/test_ocr.py", "tests/worker/test_render.py", "tests/db/test_models.py"],
  words: ["document", "invoice", "page", "ocr", "render", "export", "webhook", "tenant", "upload", "task", "queue", "session", "engine", "revision", "replica", "worker", "pool", "schema", "payload", "blob", "status", "retry", "batch", "client", "settings"],
  grepWords: ["get_session", "shared_task", "AsyncSession", "model_validate", "TODO", "apply_async"],
  testCommands: ["uv run pytest tests/test_documents.py -q", "uv run pytest tests/worker -q", "uv run pytest -k webhook -q", "uv run pytest tests/db -q -x"],
  buildCommands: ["az bicep build --file infra/main.bicep", "docker build -t puffin:dev .", "uv run ruff check . && uv run mypy puffin"],
  appCommands: ["az containerapp logs show -n puffin-api -g rg-puffin-prod --tail 100", "az containerapp logs show -n puffin-worker -g rg-puffin-prod --tail 100", "docker compose up api worker"],
  prompts: ["continue", "next", "ok go on", "keep going", "proceed", "ok", "go ahead", "carry on", "next step pls", "yep"],
  facts: [
    // ---- day 1 (Mon 2026-03-09): documents backlog, OOMKilled workers, api scale ----
    [2, "Bash", { command: API_SCALE }, apiScale(1, 5, 100), "apiscale", { kind: "app", where: "top" }],
    [3, "Bash", P95_CMD, p95([P95_FIRST, p95Row("puffin-api-stg", 1204, "140.2", "611.0", 3)], "(prod, last hour, Monday 09:10-10:10 UTC; customers report uploads stuck in \"processing\")"), "p95", { kind: "app", where: "top" }],
    [5, "Bash", { command: QUEUES }, queues("puffin-worker--w0228-6b9f7d5c8-4kq2m", [Q_PEAK, qRow("puffin.render", 1204, 32, 4), qRow("puffin.webhooks", 310, 16, 4), qRow("puffin.documents.dlq", 0, 0, 0)]), "queues", { kind: "app", where: "top" }],
    [6, "Bash", { command: WORKER_SCALE }, workerScale(1, 4, 50), "workerscale", { kind: "app", where: "top" }],
    [8, "Read", CELERY_READ, celeryCfg(8, 4, "False"), "celerycfg", { kind: "code", where: "top" }],
    [9, "Bash", { command: "az containerapp exec -n puffin-worker -g rg-puffin-prod --command \"celery -A puffin.worker.celery_app inspect reserved --timeout 10\" | ./scripts/summarize-reserved.py" }, `INFO: Connecting to the container 'puffin-worker'...
worker                                                     reserved  active  oldest_active_s
---------------------------------------------------------  --------  ------  ---------------
celery@puffin-worker--w0228-6b9f7d5c8-4kq2m                24        8       388
celery@puffin-worker--w0228-6b9f7d5c8-9xw7t                24        8       402
celery@puffin-worker--w0228-6b9f7d5c8-hb2lr                24        8       371
celery@puffin-worker--w0228-6b9f7d5c8-r5mcd                24        8       455
(every worker holds 32 messages: 8 running ocr_document jobs of several minutes each and 24 prefetched ones it cannot start; ocr_document p50 96 s, p95 410 s)`, undefined, { kind: "app", where: "top" }],
    [11, "Bash", { command: "ssh azureuser@mq-stg-01 'sudo rabbitmqctl list_queues -p puffin name messages_ready messages_unacknowledged consumers'" }, queues("puffin-worker-stg--w0114-7c4d9b8f5-qv2pn", [qRow("puffin.documents", 3, 2, 1), qRow("puffin.render", 0, 0, 1), qRow("puffin.webhooks", 0, 0, 1), qRow("puffin.documents.dlq", 41, 0, 0)], "(staging broker mq-stg-01)"), undefined, { kind: "app", where: "top" }],
    [12, "Bash", { command: "./scripts/ai-query.sh ai-puffin-prod 'customMetrics | where name == \"celery.task.runtime\" and timestamp > ago(6h) | summarize n = count(), p50_s = round(percentile(value, 50), 1), p95_s = round(percentile(value, 95), 1) by task = tostring(customDimensions.task) | order by n desc'" }, `task                                        n       p50_s   p95_s
------------------------------------------  ------  ------  ------
puffin.worker.tasks.ocr.ocr_document        4102    96.3    410.8
puffin.worker.tasks.render.render_invoice   3877    4.1     61.2
puffin.worker.tasks.webhooks.deliver        9120    0.3     2.4
puffin.worker.tasks.ocr.split_pages         4015    1.8     9.9`, undefined, { kind: "app", where: "top" }],
    [14, "Edit", { file_path: `${P}/puffin/worker/celeryconfig.py`, old_string: "worker_concurrency = 8\nworker_prefetch_multiplier = 4\ntask_acks_late = False\ntask_reject_on_worker_lost = False", new_string: "worker_concurrency = 4  # OCR is CPU bound, 1 vCPU per replica\nworker_prefetch_multiplier = 1  # long tasks: never hold more than we run\ntask_acks_late = True\ntask_reject_on_worker_lost = True" }, `The file ${P}/puffin/worker/celeryconfig.py has been updated.`, undefined, { kind: "code", where: "top" }],
    [15, "Bash", { command: `az containerapp update -n puffin-worker -g rg-puffin-prod --min-replicas 2 --max-replicas 10 --scale-rule-name documents-backlog --scale-rule-type rabbitmq --scale-rule-metadata queueName=puffin.documents mode=QueueLength value=20 vhostName=puffin protocol=amqp --scale-rule-auth host=rabbitmq-uri -o none && ${WORKER_SCALE}` }, workerScale(2, 10, 20), "workerscale", { kind: "app", where: "top" }],
    [17, "Bash", { command: QUEUES }, queues("puffin-worker--w0229-5f7c8d9b4-2kzqp", [qRow("puffin.documents", 31877, 40, 10), qRow("puffin.render", 822, 10, 10), qRow("puffin.webhooks", 95, 10, 10), qRow("puffin.documents.dlq", 0, 0, 0)]), "queues", { kind: "app", where: "top" }],
    [18, "Bash", { command: "az containerapp logs show -n puffin-worker -g rg-puffin-prod --type system --tail 40 --format text" }, `2026-03-09T10:41:12Z  Warning  puffin-worker--w0229-5f7c8d9b4-2kzqp  ContainerTerminated  Container 'puffin-worker' was terminated with exit code '137' and reason 'OOMKilled'
2026-03-09T10:41:14Z  Normal   puffin-worker--w0229-5f7c8d9b4-2kzqp  ContainerStarted     Started container 'puffin-worker'
2026-03-09T10:44:50Z  Warning  puffin-worker--w0229-5f7c8d9b4-lq8vd  ContainerTerminated  Container 'puffin-worker' was terminated with exit code '137' and reason 'OOMKilled'
2026-03-09T10:47:03Z  Warning  puffin-worker--w0229-5f7c8d9b4-2kzqp  ContainerTerminated  Container 'puffin-worker' was terminated with exit code '137' and reason 'OOMKilled'
(7 OOM kills in 20 min, each while render_invoice was rasterising a 400+ page scanned PDF; 4 concurrent renders at ~600 MB each on a 2Gi replica)`, undefined, { kind: "app", error: true, where: "top" }],
    [19, "Bash", { command: resQuery("puffin-worker") }, resources("1.0", "2Gi", "2026.03.05-7a1c9e0", "puffin-worker--w0229"), "workerres", { kind: "app", where: "top" }],
    [21, "Bash", { command: `az containerapp update -n puffin-worker -g rg-puffin-prod --cpu 2.0 --memory 4Gi -o none && ${resQuery("puffin-worker")}` }, resources("2.0", "4Gi", "2026.03.05-7a1c9e0", "puffin-worker--w0230"), "workerres", { kind: "app", where: "top" }],
    [23, "Bash", { command: QUEUES }, queues("puffin-worker--w0230-8d2b6f7c1-m4nxs", [qRow("puffin.documents", 8140, 40, 10), qRow("puffin.render", 44, 6, 10), qRow("puffin.webhooks", 12, 3, 10), qRow("puffin.documents.dlq", 0, 0, 0)]), "queues", { kind: "app", where: "top" }],
    [25, "Bash", { command: "git commit -am 'worker: prefetch 1, acks_late, concurrency 4; scale 2-10 at 20 msgs; 2 vCPU / 4Gi' && git log -1 --format='%h %s%n%n%b'" }, `[main 9e31b0c] worker: prefetch 1, acks_late, concurrency 4; scale 2-10 at 20 msgs; 2 vCPU / 4Gi
 2 files changed, 11 insertions(+), 7 deletions(-)
9e31b0c worker: prefetch 1, acks_late, concurrency 4; scale 2-10 at 20 msgs; 2 vCPU / 4Gi

puffin.documents backed up to 48211 messages on Monday morning. Each replica ran 8 OCR
processes with worker_prefetch_multiplier = 4, so each worker process prefetched 4 tasks
(32 per replica) and sat on them behind OCR jobs of several minutes, and KEDA was
already at its max of 4 replicas. Now prefetch 1 + acks_late (a killed worker hands its
task back), concurrency 4, worker replicas 2-10 scaling at 20 ready messages. Replicas
were also OOMKilled rendering big scanned PDFs: 2 vCPU / 4Gi per worker replica.
infra/main.bicep still has the old values, to be synced.`, undefined, { kind: "build", where: "top" }],
    [27, "Bash", { command: QUEUES }, queues("puffin-worker--w0230-8d2b6f7c1-m4nxs", [qRow("puffin.documents", 0, 22, 10), qRow("puffin.render", 0, 2, 10), qRow("puffin.webhooks", 0, 1, 10), qRow("puffin.documents.dlq", 0, 0, 0)], "(backlog drained 13:52 UTC)"), "queues", { kind: "app", where: "top" }],
    [29, "Read", GUNICORN_READ, gunicornCfg(2, 30), "gunicorncfg", { kind: "code", where: "top" }],
    [30, "Bash", { command: resQuery("puffin-api") }, resources("0.5", "1Gi", "2026.03.05-7a1c9e0", "puffin-api--r0409"), "apires", { kind: "app", where: "top" }],
    [32, "Bash", { command: `az containerapp update -n puffin-api -g rg-puffin-prod --min-replicas 2 --max-replicas 10 --scale-rule-name http-scaler --scale-rule-type http --scale-rule-http-concurrency 50 --cpu 1.0 --memory 2Gi --revision-suffix r0410 -o none && ${API_SCALE}` }, apiScale(2, 10, 50), "apiscale", { kind: "app", where: "top" }],
    [33, "Bash", { command: resQuery("puffin-api") }, resources("1.0", "2Gi", "2026.03.05-7a1c9e0", "puffin-api--r0410"), "apires", { kind: "app", where: "top" }],
    [35, "Edit", { file_path: `${P}/gunicorn.conf.py`, old_string: "workers = 2", new_string: "workers = 4" }, `The file ${P}/gunicorn.conf.py has been updated.`, undefined, { kind: "code", where: "top" }],
    [36, "Bash", { command: "git push && gh run watch --exit-status $(gh run list --workflow deploy.yml --limit 1 --json databaseId -q '.[0].databaseId')" }, `✓ main deploy · 13841007712
Triggered via push about 6 minutes ago

JOBS
✓ test in 2m11s (ID 38719920451)
✓ build-push in 3m02s (ID 38720111873)
✓ deploy-api in 1m48s (ID 38720533290)
✓ deploy-worker in 1m37s (ID 38720533412)

deploy-api: az containerapp update -n puffin-api --image crpuffin.azurecr.io/puffin:2026.03.09-c41d2e8 --revision-suffix r0411
deploy-worker: az containerapp update -n puffin-worker --image crpuffin.azurecr.io/puffin:2026.03.09-c41d2e8`, undefined, { kind: "build", where: "top" }],
    [38, "Bash", { command: REVS }, revList([R0409(), R0410(), R0411("True", 100, 2)]), "revisions", { kind: "app", where: "top" }],
    [40, "Bash", P95_CMD, p95([p95Row("puffin-api", 191877, "120.8", "611.5", 88), p95Row("puffin-api-stg", 1188, "139.7", "602.3", 2)], "(prod, 15:00-16:00 UTC, r0411: 2-10 replicas at 1 vCPU, 4 gunicorn workers each)"), "p95", { kind: "app", where: "top" }],
    [42, "Bash", { command: "git commit -am 'api: 4 gunicorn workers' && git log -1 --format='%h %s%n%n%b'" }, `[main c41d2e8] api: 4 gunicorn workers
 1 file changed, 1 insertion(+), 1 deletion(-)
c41d2e8 api: 4 gunicorn workers

p95 was 2.8 s at 1-5 replicas of 0.5 vCPU with 2 workers. API is now 2-10 replicas,
1 vCPU / 2Gi, scaling at 50 concurrent requests (az containerapp update, Bicep not yet
synced), 4 uvicorn workers per replica.`, undefined, { kind: "build", where: "top" }],
    [44, "Read", { file_path: `${P}/infra/main.bicep` }, numbered(1, `targetScope = 'resourceGroup'

param location string = resourceGroup().location
param imageTag string
param apiMinReplicas int = 1
param apiMaxReplicas int = 5
param apiCpu string = '0.5'
param apiMemory string = '1Gi'
param workerMinReplicas int = 1
param workerMaxReplicas int = 4

module env 'modules/environment.bicep' = {
  name: 'env'
  params: { location: location, logAnalyticsName: 'log-puffin-prod', appInsightsName: 'ai-puffin-prod' }
}

module api 'modules/containerapp.bicep' = {
  name: 'puffin-api'
  params: {
    name: 'puffin-api'
    environmentId: env.outputs.environmentId
    image: 'crpuffin.azurecr.io/puffin:' + imageTag
    command: [ 'gunicorn', '-c', 'gunicorn.conf.py', 'puffin.api.main:app' ]
    cpu: apiCpu
    memory: apiMemory
    minReplicas: apiMinReplicas
    maxReplicas: apiMaxReplicas
    httpConcurrency: 100
    ingressTargetPort: 8000
    identityId: identity.id
    keyVaultSecrets: [ 'db-url', 'rabbitmq-uri', 'webhook-signing' ]
  }
}`), undefined, { kind: "code", where: "top" }],

    // ---- day 2 (Tue 2026-03-10): postgres out of connections, alembic migration lock ----
    [47, "Bash", { command: "./scripts/ai-query.sh ai-puffin-prod 'exceptions | where timestamp > ago(1h) | summarize n = count() by problemId, cloud_RoleName | top 5 by n' && ./scripts/ai-query.sh ai-puffin-prod 'exceptions | where problemId has \"OperationalError\" | take 1 | project outerMessage'" }, `problemId                                                          cloud_RoleName   n
-----------------------------------------------------------------  ---------------  -----
sqlalchemy.exc.OperationalError at puffin.db.session.get_session   puffin-api       3412
sqlalchemy.exc.OperationalError at puffin.worker.db.session_scope  puffin-worker    208
fastapi.exceptions.ResponseValidationError at ...documents.list    puffin-api       3
httpx.ReadTimeout at puffin.worker.tasks.webhooks.deliver          puffin-worker    61

outerMessage
-----------------------------------------------------------------------------------------------------------------------------
(psycopg.OperationalError) connection failed: connection to server at "10.40.2.4", port 5432 failed: FATAL:  remaining connection slots are reserved for roles with the SUPERUSER attribute
(Background on this error at: https://sqlalche.me/e/20/e3q8)
(started 08:02 UTC when the api scaled from 2 to 9 replicas for the Tuesday upload peak)`, undefined, { kind: "app", error: true, where: "top" }],
    [48, "Bash", PGCONNS, pgConns([["puffin-api", "idle", 131], ["puffin-api", "idle in transaction", 41], ["puffin-api", "active", 9], ["puffin-worker", "idle", 11], ["puffin-worker", "active", 4], ["psql", "active", 1], ["(none)", "-", 1]], "198 connections (41 idle in tx)"), "pgconns", { kind: "pg", where: "top" }],
    [49, "Bash", { command: MAXCONN }, maxConn(200, "false"), "maxconn", { kind: "app", where: "top" }],
    [50, "Bash", { command: PGSERVER }, pgServer("Standard_D2ds_v4", "Ready"), "pgserver", { kind: "app", where: "top" }],
    [52, "Read", SETTINGS_READ, settingsPy(10, 20, -1, "False"), "settings", { kind: "code", where: "top" }],
    [54, "Edit", { file_path: `${P}/puffin/settings.py`, old_string: "    db_pool_size: int = 10\n    db_max_overflow: int = 20\n    db_pool_timeout: int = 30\n    db_pool_recycle: int = -1\n    db_pool_pre_ping: bool = False", new_string: "    # per process: replicas x gunicorn workers x (pool + overflow) must stay under max_connections\n    db_pool_size: int = 5\n    db_max_overflow: int = 5\n    db_pool_timeout: int = 30\n    db_pool_recycle: int = 1800\n    db_pool_pre_ping: bool = True" }, `The file ${P}/puffin/settings.py has been updated.`, undefined, { kind: "code", where: "top" }],
    [55, "Edit", { file_path: `${P}/gunicorn.conf.py`, old_string: "workers = 4", new_string: "workers = 3" }, `The file ${P}/gunicorn.conf.py has been updated.`, undefined, { kind: "code", where: "top" }],
    [57, "Read", GUNICORN_READ, gunicornCfg(3, 30), "gunicorncfg", { kind: "code", where: "top" }],
    [59, "Bash", { command: `az postgres flexible-server update -g rg-puffin-prod -n puffin-pg-prod --sku-name Standard_D4ds_v5 --tier GeneralPurpose -o none && ${PGSERVER}` }, pgServer("Standard_D4ds_v5", "Ready"), "pgserver", { kind: "app", where: "top" }],
    [60, "Bash", { command: "az postgres flexible-server parameter set -g rg-puffin-prod -s puffin-pg-prod -n max_connections --value 400 -o json" }, maxConn(400, "true"), "maxconn", { kind: "app", where: "top" }],
    [61, "Bash", { command: `az postgres flexible-server restart -g rg-puffin-prod -n puffin-pg-prod -o none && ${MAXCONN}` }, maxConn(400, "false"), "maxconn", { kind: "app", where: "top" }],
    [62, "Read", SETTINGS_READ, settingsPy(5, 5, 1800, "True"), "settings", { kind: "code", where: "top" }],
    [64, "Bash", { command: "git commit -am 'db: pool 5+5 with pre_ping/recycle, 3 gunicorn workers' && git push && gh run watch --exit-status $(gh run list --workflow deploy.yml --limit 1 --json databaseId -q '.[0].databaseId')" }, `[main 5b8e2f1] db: pool 5+5 with pre_ping/recycle, 3 gunicorn workers
 2 files changed, 7 insertions(+), 6 deletions(-)
✓ main deploy · 13862214409
JOBS
✓ test in 2m05s (ID 38781002231)
✓ build-push in 2m58s (ID 38781190412)
✓ deploy-api in 1m51s (ID 38781577120)
✓ deploy-worker in 1m33s (ID 38781577288)

deploy-api: az containerapp update -n puffin-api --image crpuffin.azurecr.io/puffin:2026.03.10-5b8e2f1 --revision-suffix r0412
(pg: D2ds_v4 -> D4ds_v5, max_connections 200 -> 400 after restart; api worst case 10 replicas x 3 workers x 10 = 300)`, undefined, { kind: "build", where: "top" }],
    [65, "Bash", PGCONNS, pgConns([["puffin-api", "idle", 52], ["puffin-api", "active", 8], ["puffin-worker", "idle", 10], ["puffin-worker", "active", 3], ["psql", "active", 1]], "74 connections (0 idle in tx)"), "pgconns", { kind: "pg", where: "top" }],
    [67, "Bash", { command: "git show --stat HEAD~1 | head -20" }, `commit 7d02a9c4e1b35f6a8c90d1e2f3a4b5c6d7e8f901
Author: Mirela Popescu <mirela@puffin.io>
Date:   Fri Mar 6 17:41:09 2026 +0100

    documents: status varchar(32) + tenant/status index (0042)

 alembic/versions/0042_documents_status_varchar.py | 34 ++++++++++++++++++++++
 puffin/db/models.py                               |  4 +--
 2 files changed, 36 insertions(+), 2 deletions(-)`, undefined, { kind: "build", where: "top" }],
    [69, "Bash", { command: "uv run alembic -x env=prod current" }, alembicCurrent("0041"), "alembiccur", { kind: "build", where: "top" }],
    [70, "Read", { file_path: `${P}/alembic/versions/0042_documents_status_varchar.py` }, numbered(1, `"""documents: status varchar(32) + tenant/status index

Revision ID: 0042
Revises: 0041
Create Date: 2026-03-06 17:22:40
"""
import sqlalchemy as sa
from alembic import op

revision = "0042"
down_revision = "0041"


def upgrade() -> None:
    op.alter_column("documents", "status", type_=sa.String(32), existing_type=sa.String(16), existing_nullable=False)
    op.create_index("ix_documents_tenant_status", "documents", ["tenant_id", "status"])


def downgrade() -> None:
    op.drop_index("ix_documents_tenant_status", table_name="documents")
    op.alter_column("documents", "status", type_=sa.String(16), existing_type=sa.String(32), existing_nullable=False)`), undefined, { kind: "code", where: "top" }],
    [72, "Bash", { command: "az containerapp job start -n puffin-migrate -g rg-puffin-prod -o none && sleep 60 && az containerapp job logs show -n puffin-migrate -g rg-puffin-prod --container migrate --format text" }, `2026-03-10T13:05:02Z  INFO  [alembic.runtime.migration] Context impl PostgresqlImpl.
2026-03-10T13:05:02Z  INFO  [alembic.runtime.migration] Will assume transactional DDL.
2026-03-10T13:05:02Z  INFO  [alembic.runtime.migration] Running upgrade 0041 -> 0042, documents: status varchar(32) + tenant/status index
(no further output after 60 s; the job is still running)`, undefined, { kind: "build", where: "top" }],
    [73, "Bash", { command: "psql \"$PUFFIN_PG_PROD\" -c \"select l.pid, c.relname as relation, l.mode, l.granted, extract(epoch from now() - a.query_start)::int as wait_s, left(a.query, 60) as query from pg_locks l join pg_class c on c.oid = l.relation join pg_stat_activity a on a.pid = l.pid where c.relname = 'documents' order by l.granted desc, wait_s desc\"" }, `  pid  | relation  |        mode         | granted | wait_s |                            query
-------+-----------+---------------------+---------+--------+--------------------------------------------------------------
 48812 | documents | AccessExclusiveLock | t       |    642 | ALTER TABLE documents ALTER COLUMN status TYPE VARCHAR(32)
 51007 | documents | RowExclusiveLock    | f       |    611 | INSERT INTO documents (id, tenant_id, status, source_blob, p
 51022 | documents | AccessShareLock     | f       |    598 | SELECT documents.id, documents.tenant_id, documents.status,
 51031 | documents | AccessShareLock     | f       |    597 | SELECT count(*) AS count_1 FROM documents WHERE documents.te
 51040 | documents | RowExclusiveLock    | f       |    590 | UPDATE documents SET status=%(status)s::VARCHAR, updated_at=
(143 rows)
(documents is 38 GB; the type change rewrites the whole table while holding the lock, every api and worker query on documents is queued behind it)`, undefined, { kind: "pg", error: true, where: "top" }],
    [74, "Bash", { command: "./scripts/ai-query.sh ai-puffin-prod 'exceptions | where timestamp > ago(15m) | summarize n = count() by type, outerMessage = substring(outerMessage, 0, 110) | top 3 by n'" }, `type                               n      outerMessage
---------------------------------  -----  --------------------------------------------------------------------------------------------------------------
sqlalchemy.exc.TimeoutError        2204   QueuePool limit of size 5 overflow 5 reached, connection timed out, timeout 30.00 (Background on this error a
starlette.requests.ClientDisconnect 311
psycopg.errors.QueryCanceled       88     canceling statement due to statement timeout`, undefined, { kind: "app", error: true, where: "top" }],
    [76, "Bash", { command: "psql \"$PUFFIN_PG_PROD\" -c \"select pg_terminate_backend(48812)\" && az containerapp job execution list -n puffin-migrate -g rg-puffin-prod --query \"[0].{name:name, status:properties.status, start:properties.startTime, end:properties.endTime}\" -o table" }, ` pg_terminate_backend
----------------------
 t
(1 row)

Name                       Status    Start                      End
-------------------------  --------  -------------------------  -------------------------
puffin-migrate-k2x9q7d     Failed    2026-03-10T13:05:01+00:00  2026-03-10T13:16:12+00:00
(alembic: psycopg.errors.AdminShutdown: terminating connection due to administrator command; the transaction rolled back)`, undefined, { kind: "pg", error: true, where: "top" }],
    [77, "Bash", { command: "uv run alembic -x env=prod current" }, alembicCurrent("0041"), "alembiccur", { kind: "build", where: "top" }],
    [78, "Bash", { command: "git log --format='%h %an %ad %s' --date=short -- alembic/versions/ | head -6" }, `7d02a9c Mirela Popescu 2026-03-06 documents: status varchar(32) + tenant/status index (0042)
e8a14b2 Jonas Weber 2026-02-24 webhooks: delivery attempts table (0041)
31fd0c7 Jonas Weber 2026-02-17 exports: export_jobs table (0040)
b92e6a5 Mirela Popescu 2026-02-10 tenants: retention_days (0039)
0c7e3d1 Ana Ilie 2026-01-29 pages: ocr_confidence numeric(5,4) (0038)
64d1f28 Ana Ilie 2026-01-22 documents: source_blob not null (0037)`, undefined, { kind: "build", where: "top" }],
    [80, "Write", { file_path: `${P}/alembic/versions/0042_documents_status_varchar.py` }, numbered(1, `"""documents: status_v2 varchar(32), nullable (instant; backfilled by puffin.worker.tasks.maintenance.backfill_status_v2)

Revision ID: 0042
Revises: 0041
"""
import sqlalchemy as sa
from alembic import op

revision = "0042"
down_revision = "0041"


def upgrade() -> None:
    op.add_column("documents", sa.Column("status_v2", sa.String(32), nullable=True))


def downgrade() -> None:
    op.drop_column("documents", "status_v2")`), undefined, { kind: "code", where: "top" }],
    [81, "Write", { file_path: `${P}/alembic/versions/0043_documents_tenant_status_idx.py` }, numbered(1, `"""documents: ix_documents_tenant_status, built concurrently

Revision ID: 0043
Revises: 0042
"""
from alembic import op

revision = "0043"
down_revision = "0042"


def upgrade() -> None:
    with op.get_context().autocommit_block():
        op.create_index("ix_documents_tenant_status", "documents", ["tenant_id", "status"], postgresql_concurrently=True, if_not_exists=True)


def downgrade() -> None:
    with op.get_context().autocommit_block():
        op.drop_index("ix_documents_tenant_status", table_name="documents", postgresql_concurrently=True, if_exists=True)`), undefined, { kind: "code", where: "top" }],
    [82, "Bash", { command: "uv run alembic -x env=prod upgrade 0041:head --sql" }, `BEGIN;
SET lock_timeout = '5s';
-- Running upgrade 0041 -> 0042
ALTER TABLE documents ADD COLUMN status_v2 VARCHAR(32);
UPDATE alembic_version SET version_num='0042' WHERE alembic_version.version_num = '0041';
COMMIT;
-- Running upgrade 0042 -> 0043
CREATE INDEX CONCURRENTLY IF NOT EXISTS ix_documents_tenant_status ON documents (tenant_id, status);
BEGIN;
UPDATE alembic_version SET version_num='0043' WHERE alembic_version.version_num = '0042';
COMMIT;`, undefined, { kind: "build", where: "top" }],
    [84, "Bash", { command: "az containerapp job start -n puffin-migrate-stg -g rg-puffin-stg -o none && sleep 90 && uv run alembic -x env=stg current" }, alembicCurrent("0043 (head)", "stg"), undefined, { kind: "build", where: "top" }],
    [86, "Bash", { command: "az containerapp job start -n puffin-migrate -g rg-puffin-prod -o none && sleep 420 && az containerapp job logs show -n puffin-migrate -g rg-puffin-prod --container migrate --format text" }, `2026-03-10T16:30:04Z  INFO  [alembic.runtime.migration] Context impl PostgresqlImpl.
2026-03-10T16:30:04Z  INFO  [alembic.runtime.migration] Will assume transactional DDL.
2026-03-10T16:30:04Z  INFO  [alembic.runtime.migration] Running upgrade 0041 -> 0042, documents: status_v2 varchar(32), nullable
2026-03-10T16:30:05Z  INFO  [alembic.runtime.migration] Running upgrade 0042 -> 0043, documents: ix_documents_tenant_status, built concurrently
2026-03-10T16:36:41Z  INFO  [puffin.migrations] done in 397.2 s`, undefined, { kind: "build", where: "top" }],
    [87, "Bash", { command: "uv run alembic -x env=prod current" }, alembicCurrent("0043 (head)"), "alembiccur", { kind: "build", where: "top" }],
    [89, "Bash", { command: "git add -A alembic && git commit -m 'alembic: redo 0042 as add-column, 0043 index concurrently' && git log -1 --format='%h %s%n%n%b'" }, `[main 2b7f0d4] alembic: redo 0042 as add-column, 0043 index concurrently
 3 files changed, 41 insertions(+), 9 deletions(-)
2b7f0d4 alembic: redo 0042 as add-column, 0043 index concurrently

0042 as first written ran ALTER COLUMN status TYPE varchar(32) on documents (38 GB),
which rewrites the table under an AccessExclusiveLock: every read and write on
documents queued behind it for 11 minutes until we terminated it (transactional DDL,
nothing was left half done). Redone: 0042 only adds status_v2 varchar(32), nullable and
without a default (instant), the backfill runs as a Celery task in batches of 5000, and
0043 builds ix_documents_tenant_status with CREATE INDEX CONCURRENTLY inside autocommit_block().
env.py now sets lock_timeout 5s for every migration.`, undefined, { kind: "build", where: "top" }],
    [91, "Bash", { command: "./scripts/ai-query.sh ai-puffin-prod 'exceptions | where cloud_RoleName == \"puffin-worker\" and timestamp > ago(3h) | summarize n = count() by problemId | top 3 by n' && ./scripts/ai-query.sh ai-puffin-prod 'exceptions | where problemId has \"webhooks\" | take 1 | project outerMessage'" }, `problemId                                                        n
---------------------------------------------------------------  ----
sqlalchemy.exc.OperationalError at puffin.worker.tasks.webhooks  37
httpx.ConnectTimeout at puffin.worker.tasks.webhooks.deliver     12

outerMessage
------------------------------------------------------------------------------------------------------
(psycopg.OperationalError) server closed the connection unexpectedly
	This probably means the server terminated abnormally before or while processing the request.
(all between 14:10 and 14:12, the pg restart for max_connections; the worker engine has no pre_ping)`, undefined, { kind: "app", error: true, where: "top" }],
    [93, "Edit", { file_path: `${P}/puffin/worker/db.py`, old_string: "engine = create_engine(str(settings.database_url), pool_size=2, max_overflow=0)", new_string: "engine = create_engine(str(settings.database_url), pool_size=2, max_overflow=0, pool_pre_ping=True, pool_recycle=settings.db_pool_recycle)" }, `The file ${P}/puffin/worker/db.py has been updated.`, undefined, { kind: "code", where: "top" }],

    // ---- day 3 (Wed 2026-03-11): pydantic bump, rollback, uv.lock CI failure, flaky test, exports ----
    [97, "Bash", { command: PKGS }, pkgs(V_OLD), "pkgs", { kind: "build", where: "top" }],
    [98, "Read", { file_path: `${P}/pyproject.toml` }, numbered(1, `[project]
name = "puffin"
version = "2026.3.0"
requires-python = ">=3.12,<3.13"
dependencies = [
    "fastapi>=0.115",
    "pydantic>=2.9",
    "pydantic-settings>=2.6",
    "sqlalchemy>=2.0.36",
    "alembic>=1.14",
    "psycopg[binary,pool]>=3.2",
    "celery>=5.4",
    "gunicorn>=23",
    "uvicorn[standard]>=0.32",
    "azure-monitor-opentelemetry>=1.6",
    "azure-storage-blob>=12.23",
    "httpx>=0.27",
]

[dependency-groups]
dev = ["pytest>=8.3", "pytest-asyncio>=0.24", "pytest-freezegun>=0.4", "pytest-cov>=6", "ruff>=0.8", "mypy>=1.13"]

[tool.pytest.ini_options]
asyncio_mode = "auto"
testpaths = ["tests"]`), undefined, { kind: "code", where: "top" }],
    [100, "Bash", { command: "uv lock --upgrade-package pydantic --upgrade-package pydantic-settings --upgrade-package fastapi" }, `Resolved 94 packages in 1.12s
Updated fastapi v0.115.4 -> v0.115.6
Updated pydantic v2.9.2 -> v2.10.3
Updated pydantic-core v2.23.4 -> v2.27.1
Updated pydantic-settings v2.6.1 -> v2.7.0`, undefined, { kind: "build", where: "top" }],
    [101, "Bash", { command: `uv sync && ${PKGS}` }, `Prepared 4 packages in 812ms
Uninstalled 4 packages in 21ms
Installed 4 packages in 9ms
${pkgs(V_BUMP)}`, "pkgs", { kind: "build", where: "top" }],
    [102, "Bash", { command: "uv run pytest -q" }, pytestAll(412, "48.21s"), undefined, { kind: "test", where: "bottom" }],
    [104, "Bash", { command: "git commit -am 'deps: pydantic 2.10, fastapi 0.115.6' && git push && gh run watch --exit-status $(gh run list --workflow deploy.yml --limit 1 --json databaseId -q '.[0].databaseId')" }, `[main f03c9a7] deps: pydantic 2.10, fastapi 0.115.6
 1 file changed, 24 insertions(+), 24 deletions(-)
✓ main deploy · 13880441127
JOBS
✓ test in 2m09s (ID 38840019221)
✓ build-push in 3m11s (ID 38840201734)
✓ deploy-api in 1m49s (ID 38840660012)
✓ deploy-worker in 1m31s (ID 38840660180)

deploy-api: az containerapp update -n puffin-api --image crpuffin.azurecr.io/puffin:2026.03.11-f03c9a7 --revision-suffix r0413`, undefined, { kind: "build", where: "top" }],
    [105, "Bash", { command: REVS }, revList([R0410(), R0411("False", 0, 0), R0412("True", 0, 0), R0413("True", 100, 4)]), "revisions", { kind: "app", where: "top" }],
    [107, "Bash", { command: "./scripts/ai-query.sh ai-puffin-prod 'exceptions | where timestamp > ago(20m) | summarize n = count() by operation_Name, type, cloud_RoleInstance = substring(cloud_RoleInstance, 0, 17)' && ./scripts/ai-query.sh ai-puffin-prod 'exceptions | where type has \"ValidationError\" | take 1 | project outerMessage'" }, `operation_Name                             type                                          cloud_RoleInstance  n
-----------------------------------------  --------------------------------------------  ------------------  -----
GET /api/v1/documents/{document_id}        fastapi.exceptions.ResponseValidationError    puffin-api--r0413   1802
GET /api/v1/documents                      fastapi.exceptions.ResponseValidationError    puffin-api--r0413   509

outerMessage
---------------------------------------------------------------------------------------------------------------------------------
1 validation error:
  {'type': 'string_type', 'loc': ('response', 'status'), 'msg': 'Input should be a valid string', 'input': <DocumentStatus.READY: 'ready'>}
DocumentOut.status
  Input should be a valid string [type=string_type, input_value=<DocumentStatus.READY: 'ready'>, input_type=DocumentStatus]
    For further information visit https://errors.pydantic.dev/2.10/v/string_type
(2311 in 20 min, all 500s from r0413; the tests build DocumentOut from dicts, never from ORM rows)`, undefined, { kind: "app", error: true, where: "top" }],
    [108, "Bash", { command: `az containerapp ingress traffic set -n puffin-api -g rg-puffin-prod --revision-weight puffin-api--r0412=100 latest=0 -o none && ${REVS}` }, revList([R0410(), R0411("False", 0, 0), ROLLBACK_ROW, R0413("True", 0, 1)], "(traffic pinned to r0412; r0413 kept active at 0% for debugging)"), "revisions", { kind: "app", where: "top" }],
    [110, "Edit", { file_path: `${P}/pyproject.toml`, old_string: '    "pydantic>=2.9",', new_string: '    "pydantic>=2.9,<2.10",  # 2.10 breaks DocumentOut.status from ORM rows, see f03c9a7' }, `The file ${P}/pyproject.toml has been updated.`, undefined, { kind: "code", where: "top" }],
    [111, "Bash", { command: `uv pip install 'pydantic==2.9.2' 'pydantic-settings==2.6.1' && ${PKGS}` }, `Resolved 4 packages in 402ms
Uninstalled 3 packages in 14ms
Installed 3 packages in 7ms
 - pydantic==2.10.3
 + pydantic==2.9.2
 - pydantic-core==2.27.1
 + pydantic-core==2.23.4
 - pydantic-settings==2.7.0
 + pydantic-settings==2.6.1
${pkgs(V_PIN)}`, "pkgs", { kind: "build", where: "top" }],
    [113, "Bash", { command: "git commit -am 'deps: pin pydantic <2.10 (documents 500s on r0413)' && git push" }, `[main 8a6d3e2] deps: pin pydantic <2.10 (documents 500s on r0413)
 1 file changed, 1 insertion(+), 1 deletion(-)
To github.com:puffin-io/puffin.git
   f03c9a7..8a6d3e2  main -> main`, undefined, { kind: "build", where: "top" }],
    [115, "Bash", { command: "uv run pytest tests/test_webhooks.py -q -x" }, `F
=================================== FAILURES ===================================
______________________ test_envelope_rejects_unknown_event ______________________
tests/test_webhooks.py:142: in test_envelope_rejects_unknown_event
    env = WebhookEnvelope.model_validate(payload)
E   pydantic_core._pydantic_core.ValidationError: 1 validation error for WebhookEnvelope
E   event
E     Input should be 'document.ready' or 'document.failed' [type=literal_error, input_value='document.deleted', input_type=str]
(expected: the test asserts the error, but the fixture was changed in PR #412 to use document.deleted, which is now a valid event on the branch; not related to the pydantic pin)
=========================== short test summary info ============================
FAILED tests/test_webhooks.py::test_envelope_rejects_unknown_event - pydantic_core._pydantic_core.ValidationError
1 failed, 25 passed in 3.02s`, undefined, { kind: "test", error: true, where: "top" }],
    [117, "Bash", { command: "gh run view $(gh run list --workflow deploy.yml --limit 1 --json databaseId -q '.[0].databaseId') --log-failed | tail -20" }, `test	Run uv sync --locked --all-extras --dev	2026-03-11T11:02:41.2201847Z ##[group]Run uv sync --locked --all-extras --dev
test	Run uv sync --locked --all-extras --dev	2026-03-11T11:02:41.2202911Z uv sync --locked --all-extras --dev
test	Run uv sync --locked --all-extras --dev	2026-03-11T11:02:41.2260004Z shell: /usr/bin/bash -e {0}
test	Run uv sync --locked --all-extras --dev	2026-03-11T11:02:41.2260811Z ##[endgroup]
test	Run uv sync --locked --all-extras --dev	2026-03-11T11:02:42.0118273Z Resolved 94 packages in 611ms
test	Run uv sync --locked --all-extras --dev	2026-03-11T11:02:42.0131907Z error: The lockfile at \`uv.lock\` needs to be updated, but \`--locked\` was provided. To update the lockfile, run \`uv lock\`.
test	Run uv sync --locked --all-extras --dev	2026-03-11T11:02:42.0219035Z ##[error]Process completed with exit code 2.
(8a6d3e2 changed the pydantic bound in pyproject.toml but uv.lock still resolves pydantic 2.10.3: uv pip install does not touch the lockfile)`, undefined, { kind: "build", error: true, where: "top" }],
    [119, "Bash", { command: "uv lock && git add uv.lock && git commit -m 'uv.lock: pydantic 2.9.2' && git push" }, `Resolved 94 packages in 1.04s
Updated pydantic v2.10.3 -> v2.9.2
Updated pydantic-core v2.27.1 -> v2.23.4
[main 1c5f7b9] uv.lock: pydantic 2.9.2
 1 file changed, 18 insertions(+), 18 deletions(-)
To github.com:puffin-io/puffin.git
   8a6d3e2..1c5f7b9  main -> main`, undefined, { kind: "build", where: "top" }],
    [121, "Bash", { command: "gh run list --workflow deploy.yml --limit 5" }, `STATUS  TITLE                                              WORKFLOW  BRANCH  EVENT  ID           ELAPSED  AGE
✓       uv.lock: pydantic 2.9.2                            deploy    main    push   13881902277  8m12s    about 9 minutes ago
X       deps: pin pydantic <2.10 (documents 500s on r0413) deploy    main    push   13881511804  48s      about 40 minutes ago
✓       deps: pydantic 2.10, fastapi 0.115.6               deploy    main    push   13880441127  8m40s    about 1 hour ago
✓       alembic: redo 0042 as add-column, 0043 index c...  deploy    main    push   13866301942  8m02s    about 19 hours ago
✓       db: pool 5+5 with pre_ping/recycle, 3 gunicorn...  deploy    main    push   13862214409  8m27s    about 1 day ago
(1c5f7b9 deployed as a new revision but traffic stays pinned to r0412)`, undefined, { kind: "build", where: "top" }],
    [123, "Bash", { command: "gh run view 13881902277 --log | grep -B2 -A12 'FAILED\\|AssertionError' | head -30" }, `test	Run uv run pytest -q	2026-03-11T12:14:09.1120034Z ___________________________ test_export_rows_sorted ___________________________
test	Run uv run pytest -q	2026-03-11T12:14:09.1120951Z tests/test_exports.py:77: in test_export_rows_sorted
test	Run uv run pytest -q	2026-03-11T12:14:09.1121820Z     assert [r["invoice_no"] for r in rows] == ["inv-0005", "inv-0006", "inv-0007"]
test	Run uv run pytest -q	2026-03-11T12:14:09.1122711Z E   AssertionError: assert ['inv-0005', 'inv-0007', 'inv-0006'] == ['inv-0005', 'inv-0006', 'inv-0007']
test	Run uv run pytest -q	2026-03-11T12:14:09.1123499Z E     At index 1 diff: 'inv-0007' != 'inv-0006'
test	Run uv run pytest -q	2026-03-11T12:14:09.1124311Z FAILED tests/test_exports.py::test_export_rows_sorted - AssertionError
test	Run uv run pytest -q	2026-03-11T12:14:09.1125001Z 1 failed, 411 passed in 51.30s
(the retry of the same commit passed: flaky)`, undefined, { kind: "test", error: true, where: "top" }],
    [125, "Bash", FLAKY_CMD, flaky("run 3 FAILED\nrun 9 FAILED\nrun 14 FAILED\nrun 15 FAILED\nrun 22 FAILED\nrun 28 FAILED", "6/30 failed"), "flaky", { kind: "test", error: true, where: "bottom" }],
    [127, "Read", { file_path: `${P}/tests/test_exports.py` }, numbered(58, `@pytest.mark.freeze_time("2026-03-01 12:00:00")
async def test_export_rows_sorted(client, tenant, make_invoice):
    for n in (5, 6, 7):
        await make_invoice(tenant, invoice_no=f"inv-{n:04d}")

    resp = await client.post("/api/v1/exports", json={"tenant_id": tenant.id, "format": "json"})
    assert resp.status_code == 200
    rows = resp.json()["rows"]
    assert [r["invoice_no"] for r in rows] == ["inv-0005", "inv-0006", "inv-0007"]`), undefined, { kind: "code", where: "top" }],
    [129, "Edit", { file_path: `${P}/puffin/api/routes/exports.py`, old_string: "        .order_by(Document.created_at)", new_string: "        .order_by(Document.created_at, Document.id)  # created_at ties: stable order" }, `The file ${P}/puffin/api/routes/exports.py has been updated.`, undefined, { kind: "code", where: "top" }],
    [130, "Bash", FLAKY_CMD, flaky("(no failed runs)", "0/30 failed"), "flaky", { kind: "test", where: "bottom" }],
    [132, "Bash", { command: "git commit -am 'exports: order by (created_at, id)' && git log -1 --format='%h %s%n%n%b'" }, `[main 4e90b1d] exports: order by (created_at, id)
 1 file changed, 1 insertion(+), 1 deletion(-)
4e90b1d exports: order by (created_at, id)

test_export_rows_sorted failed 6 of 30 runs (and once in CI). The test creates its
invoices under freeze_time, so all rows get the same created_at, and the export query
ordered by created_at only: Postgres returns ties in whatever order the plan yields.
The export now orders by (created_at, id), the same key the API paginates by. 0/30.`, undefined, { kind: "build", where: "top" }],
    [134, "Edit", { file_path: `${P}/puffin/api/schemas.py`, old_string: "    status: str", new_string: "    status: DocumentStatus  # the ORM returns the enum; 2.10 no longer turns it into str for us" }, `The file ${P}/puffin/api/schemas.py has been updated. (DocumentOut and DocumentListItem; tests/test_documents.py gains test_document_out_from_orm_row)`, undefined, { kind: "code", where: "top" }],
    [135, "Edit", { file_path: `${P}/pyproject.toml`, old_string: '    "pydantic>=2.9,<2.10",  # 2.10 breaks DocumentOut.status from ORM rows, see f03c9a7', new_string: '    "pydantic>=2.10.4",' }, `The file ${P}/pyproject.toml has been updated.`, undefined, { kind: "code", where: "top" }],
    [136, "Bash", { command: `uv lock --upgrade-package pydantic --upgrade-package pydantic-settings && uv sync --locked && ${PKGS}` }, `Resolved 94 packages in 1.09s
Updated pydantic v2.9.2 -> v2.10.4
Updated pydantic-core v2.23.4 -> v2.27.2
Updated pydantic-settings v2.6.1 -> v2.7.0
Installed 3 packages in 10ms
${pkgs(V_NOW)}`, "pkgs", { kind: "build", where: "top" }],
    [137, "Bash", { command: "uv run pytest -q" }, pytestAll(414, "47.66s"), undefined, { kind: "test", where: "bottom" }],
    [139, "Bash", { command: "git commit -am 'schemas: DocumentStatus enum in responses; pydantic 2.10.4 again' && git push && gh run watch --exit-status $(gh run list --workflow deploy.yml --limit 1 --json databaseId -q '.[0].databaseId') && az containerapp ingress traffic set -n puffin-api -g rg-puffin-prod --revision-weight latest=100 -o none" }, `[main 6f2a8c0] schemas: DocumentStatus enum in responses; pydantic 2.10.4 again
 3 files changed, 31 insertions(+), 28 deletions(-)
✓ main deploy · 13884470315
JOBS
✓ test in 2m14s (ID 38851120094)
✓ build-push in 3m05s (ID 38851300522)
✓ deploy-api in 1m52s (ID 38851761409)
✓ deploy-worker in 1m30s (ID 38851761577)

deploy-api: az containerapp update -n puffin-api --image crpuffin.azurecr.io/puffin:2026.03.11-6f2a8c0 --revision-suffix r0414
(traffic back on "latest"; r0413 deactivated)`, undefined, { kind: "build", where: "top" }],
    [140, "Bash", { command: REVS }, revList([R0411("False", 0, 0), R0412("False", 0, 0), R0413("False", 0, 0), R0414("True", 100, 3)]), "revisions", { kind: "app", where: "top" }],
    [142, "Bash", P95_CMD, p95([p95Row("puffin-api", 201544, "98.1", "455.2", 40), p95Row("puffin-api-stg", 977, "131.0", "588.4", 1)], "(prod, 16:45-17:45 UTC, r0414)"), "p95", { kind: "app", where: "top" }],
    [144, "Bash", { command: "az containerapp logs show -n puffin-api -g rg-puffin-prod --tail 200 --format text | grep -E 'CRITICAL|SIGKILL|exports' | tail -8" }, `puffin-api--r0414-7f5c6d9b8-xk2pq  [2026-03-11 17:02:11 +0000] [7] [INFO] POST /api/v1/exports tenant=t_0193 format=csv rows=1.9M
puffin-api--r0414-7f5c6d9b8-xk2pq  [2026-03-11 17:02:41 +0000] [1] [CRITICAL] WORKER TIMEOUT (pid:7)
puffin-api--r0414-7f5c6d9b8-xk2pq  [2026-03-11 17:02:42 +0000] [1] [ERROR] Worker (pid:7) was sent SIGKILL! Perhaps out of memory?
puffin-api--r0414-7f5c6d9b8-xk2pq  [2026-03-11 17:02:42 +0000] [31] [INFO] Booting worker with pid: 31
(the csv export is built synchronously inside an async def route, so the event loop blocks and the gunicorn heartbeat misses the 30 s timeout; the other requests on that worker are dropped too)`, undefined, { kind: "app", error: true, where: "top" }],
    [146, "Edit", { file_path: `${P}/gunicorn.conf.py`, old_string: "timeout = 30", new_string: "timeout = 120" }, `The file ${P}/gunicorn.conf.py has been updated. (exports route changed from async def to def in the same change, so it runs in the threadpool)`, undefined, { kind: "code", where: "top" }],
    [147, "Read", GUNICORN_READ, gunicornCfg(3, 120), "gunicorncfg", { kind: "code", where: "top" }],
    [148, "Bash", { command: "./scripts/ai-query.sh ai-puffin-prod 'requests | where timestamp > ago(24h) and name == \"POST /api/v1/exports\" | summarize n = count(), p50_ms = round(percentile(duration, 50), 1), max_ms = round(max(duration), 1) by resultCode'" }, `resultCode  n      p50_ms      max_ms
----------  -----  ----------  ----------
200         412    8120.4      118204.1
504         9      240003.2    240011.8
(no more WORKER TIMEOUT, but the 9 biggest tenants still get a 504 at exactly 240 s: the Container Apps ingress request timeout is 240 s and cannot be raised per app; the gunicorn worker keeps building the file after the client is gone)`, undefined, { kind: "app", error: true, where: "top" }],
    [150, "Bash", { command: "git commit -am 'exports: async export jobs (celery) + GET /exports/{id}; gunicorn timeout 120' && git log -1 --format='%h %s%n%n%b'" }, `[main a7d13f5] exports: async export jobs (celery) + GET /exports/{id}; gunicorn timeout 120
 7 files changed, 188 insertions(+), 61 deletions(-)
a7d13f5 exports: async export jobs (celery) + GET /exports/{id}; gunicorn timeout 120

POST /api/v1/exports now enqueues puffin.worker.tasks.exports.build_export on
puffin.render and returns 202 with the export job id; the worker writes the file to the
exports container and the client polls GET /api/v1/exports/{id} for a SAS link.
Synchronous exports over 240 s could never work behind the Container Apps ingress.`, undefined, { kind: "build", where: "top" }],

    // ---- day 4 (Thu 2026-03-12): ingress, key vault reference, final scale tuning ----
    [152, "Bash", { command: INGRESS }, ingress("true", false), "ingress", { kind: "app", where: "top" }],
    [154, "Bash", { command: `az containerapp ingress update -n puffin-api -g rg-puffin-prod --allow-insecure false -o none && az containerapp ingress cors enable -n puffin-api -g rg-puffin-prod --allowed-origins https://app.puffin.io https://admin.puffin.io --allowed-methods GET POST PATCH DELETE --allowed-headers authorization content-type x-request-id --allow-credentials true --max-age 600 -o none && ${INGRESS}` }, ingress("false", true), "ingress", { kind: "app", where: "top" }],
    [156, "Bash", { command: "./scripts/rotate-db-credential.sh prod && az keyvault secret show --vault-name kv-puffin-prod -n db-url --query \"{id:id, enabled:attributes.enabled, updated:attributes.updated}\" -o json" }, `rotated the login of role puffin_app on puffin-pg-prod
new secret version stored in kv-puffin-prod/db-url
{
  "enabled": true,
  "id": "https://kv-puffin-prod.vault.azure.net/secrets/db-url/9c40e7b2f15d4a3e8b6c0d1f2a3e4b5c",
  "updated": "2026-03-12T09:08:51+00:00"
}
(the container app secret still references the old version .../db-url/3e9b0c41d2a84f7c9b15e0a6d7f21c88 explicitly)`, undefined, { kind: "app", where: "top" }],
    [157, "Bash", { command: "az containerapp secret set -n puffin-api -g rg-puffin-prod --secrets db-url=keyvaultref:https://kv-puffin-prod.vault.azure.net/secrets/db-url,identityref:" + MI + " -o none && az containerapp update -n puffin-api -g rg-puffin-prod --revision-suffix r0415 -o none" }, `ERROR: Failed to provision revision for container app 'puffin-api'. Error details: The following field(s) are either invalid or missing. Field 'configuration.secrets' is invalid with details: 'Invalid value: "db-url": Unable to get value using Managed identity ${MI} for secret db-url. Error: unable to fetch secret 'db-url' using Managed identity '${MI}': GET https://kv-puffin-prod.vault.azure.net/secrets/db-url/
--------------------------------------------------------------------------------
RESPONSE 403: 403 Forbidden
ERROR CODE: Forbidden
--------------------------------------------------------------------------------
{
  "error": {
    "code": "Forbidden",
    "message": "Caller is not authorized to perform action on resource.\\r\\nIf role assignments were recently changed, please wait several minutes for role assignments to become effective.\\r\\nAction: 'Microsoft.KeyVault/vaults/secrets/getSecret/action'\\r\\nResource: '/subscriptions/${SUB}/resourcegroups/rg-puffin-prod/providers/microsoft.keyvault/vaults/kv-puffin-prod/secrets/db-url'\\r\\nAssignment: (not found)\\r\\nDecisionReason: 'DeniedWithNoValidRBAC'\\r\\nVault: kv-puffin-prod;location=westeurope\\r\\n",
    "innererror": {
      "code": "ForbiddenByRbac"
    }
  }
}
--------------------------------------------------------------------------------'`, undefined, { kind: "app", error: true, where: "top" }],
    [158, "Bash", { command: REVS }, revList([R0412("False", 0, 0), R0413("False", 0, 0), R0414("True", 100, 3), R0415], "(r0415 failed to provision; traffic stays on r0414 which still holds the old db-url value until its replicas restart)"), "revisions", { kind: "app", where: "top" }],
    [160, "Bash", { command: "az keyvault show -n kv-puffin-prod --query \"{rbac:properties.enableRbacAuthorization, accessPolicies:length(properties.accessPolicies)}\" -o json && az monitor activity-log list --resource-id $(az keyvault show -n kv-puffin-prod --query id -o tsv) --offset 3d --query \"[?operationName.value=='Microsoft.KeyVault/vaults/write'].{time:eventTimestamp, caller:caller}\" -o table" }, `{
  "accessPolicies": 3,
  "rbac": true
}
Time                              Caller
--------------------------------  ------------------------
2026-03-11T15:22:07.410221+00:00  platform-automation@puffin.io
(enableRbacAuthorization flipped to true by the platform team's vault baseline policy; the 3 access policies are still listed but no longer evaluated)`, undefined, { kind: "app", where: "top" }],
    [161, "Bash", { command: "az role assignment list --assignee $(az identity show -n id-puffin-prod -g rg-puffin-prod --query principalId -o tsv) --all --query \"[].{role:roleDefinitionName, scope:scope}\" -o table" }, `Role                          Scope
----------------------------  ---------------------------------------------------------------------------------------------------------------
AcrPull                       /subscriptions/${SUB}/resourceGroups/rg-puffin-prod/providers/Microsoft.ContainerRegistry/registries/crpuffin
Storage Blob Data Contributor /subscriptions/${SUB}/resourceGroups/rg-puffin-prod/providers/Microsoft.Storage/storageAccounts/stpuffinprod
(nothing on kv-puffin-prod)`, undefined, { kind: "app", where: "top" }],
    [163, "Bash", { command: "az role assignment create --role 'Key Vault Secrets User' --assignee-object-id $(az identity show -n id-puffin-prod -g rg-puffin-prod --query principalId -o tsv) --assignee-principal-type ServicePrincipal --scope $(az keyvault show -n kv-puffin-prod --query id -o tsv) --query \"{role:roleDefinitionName, scope:scope}\" -o json" }, `{
  "role": "Key Vault Secrets User",
  "scope": "/subscriptions/${SUB}/resourceGroups/rg-puffin-prod/providers/Microsoft.KeyVault/vaults/kv-puffin-prod"
}`, undefined, { kind: "app", where: "top" }],
    [165, "Bash", { command: "sleep 300 && az containerapp update -n puffin-api -g rg-puffin-prod --revision-suffix r0416 -o none && az containerapp secret list -n puffin-api -g rg-puffin-prod -o json" }, kvSecrets(false), "kvsecret", { kind: "app", where: "top" }],
    [166, "Bash", { command: "git add infra && git commit -m 'infra: Key Vault Secrets User for id-puffin-prod, versionless secret refs' && git log -1 --format='%h %s%n%n%b'" }, `[main d58c2e9] infra: Key Vault Secrets User for id-puffin-prod, versionless secret refs
 2 files changed, 19 insertions(+), 4 deletions(-)
d58c2e9 infra: Key Vault Secrets User for id-puffin-prod, versionless secret refs

r0415 never provisioned after the db-url rotation: the app could not read db-url from
kv-puffin-prod (403 ForbiddenByRbac). On Mar 11 the platform team switched the vault
from access policies to Azure RBAC, and id-puffin-prod only ever had an access policy,
so it had no role assignment on kv-puffin-prod. Granted Key Vault Secrets User on the
vault (infra/modules/keyvault.bicep); the secret refs are versionless now, so a
rotation only needs a new revision or a restart.`, undefined, { kind: "build", where: "top" }],
    [167, "Bash", { command: REVS }, revList([R0413("False", 0, 0), R0414("False", 0, 0), R0415, R0416("True", 100, 2)]), "revisions", { kind: "app", where: "top" }],
    [169, "Bash", { command: "az containerapp show -n puffin-api-stg -g rg-puffin-stg --query properties.template.scale -o json" }, apiScale(0, 2, 20), undefined, { kind: "app", where: "top" }],
    [171, "Bash", P95_CMD, p95([p95Row("puffin-api", 196320, "92.7", "431.0", 27), p95Row("puffin-api-stg", 1040, "128.5", "570.9", 0)], "(prod, 11:00-12:00 UTC, r0416)"), "p95", { kind: "app", where: "top" }],
    [173, "Edit", { file_path: `${P}/puffin/worker/celeryconfig.py`, old_string: "worker_concurrency = 4  # OCR is CPU bound, 1 vCPU per replica", new_string: "worker_concurrency = 6  # 2 vCPU per replica since 2026-03-09, OCR ~0.3 vCPU avg" }, `The file ${P}/puffin/worker/celeryconfig.py has been updated.`, undefined, { kind: "code", where: "top" }],
    [174, "Read", CELERY_READ, celeryCfg(6, 1, "True"), "celerycfg", { kind: "code", where: "top" }],
    [176, "Bash", { command: `az containerapp update -n puffin-worker -g rg-puffin-prod --min-replicas 1 --max-replicas 8 --scale-rule-name documents-backlog --scale-rule-type rabbitmq --scale-rule-metadata queueName=puffin.documents mode=QueueLength value=30 vhostName=puffin protocol=amqp --scale-rule-auth host=rabbitmq-uri -o none && ${WORKER_SCALE}` }, workerScale(1, 8, 30), "workerscale", { kind: "app", where: "top" }],
    [178, "Bash", { command: `az containerapp update -n puffin-api -g rg-puffin-prod --min-replicas 3 --max-replicas 12 --scale-rule-name http-scaler --scale-rule-type http --scale-rule-http-concurrency 40 --revision-suffix r0417 -o none && ${API_SCALE}` }, apiScale(3, 12, 40), "apiscale", { kind: "app", where: "top" }],
    [179, "Bash", { command: REVS }, revList([R0414("False", 0, 0), R0415, R0416("False", 0, 0), R0417_NOW]), "revisions", { kind: "app", where: "top" }],
    [181, "Bash", { command: "az containerapp revision list -n puffin-worker -g rg-puffin-prod --query \"[].{Name:name, Created:properties.createdTime, Active:properties.active, Replicas:properties.replicas, State:properties.provisioningState}\" -o table" }, `Name                  Created                    Active    Replicas    State
--------------------  -------------------------  --------  ----------  -----------
puffin-worker--w0234  2026-03-11T16:38:40+00:00  False     0           Provisioned
puffin-worker--w0235  2026-03-12T10:32:20+00:00  False     0           Provisioned
puffin-worker--w0236  2026-03-12T13:55:02+00:00  True      3           Provisioned
(single revision mode: the worker has no ingress and no traffic split)`, undefined, { kind: "app", where: "top" }],
    [182, "Bash", PGCONNS, pgConns([["puffin-api", "idle", 71], ["puffin-api", "active", 7], ["puffin-worker", "idle", 12], ["puffin-worker", "active", 5], ["psql", "active", 1]], CONNS_NOW), "pgconns", { kind: "pg", where: "top" }],
    [184, "Read", { file_path: `${P}/infra/main.bicep` }, numbered(1, `targetScope = 'resourceGroup'

param location string = resourceGroup().location
param imageTag string
param apiMinReplicas int = 3
param apiMaxReplicas int = 12
param apiCpu string = '1.0'
param apiMemory string = '2Gi'
param apiHttpConcurrency int = 40
param workerMinReplicas int = 1
param workerMaxReplicas int = 8
param workerCpu string = '2.0'
param workerMemory string = '4Gi'
param workerQueueLength int = 30`), undefined, { kind: "code", where: "top" }],
    [186, "Bash", { command: "az deployment group what-if -g rg-puffin-prod -f infra/main.bicep -p infra/prod.bicepparam --result-format ResourceIdOnly" }, `Note: The result may contain false positive predictions (noise).

Resource and property changes are indicated with these symbols:
  = Nochange
  * Ignore

The deployment will update the following scope:

Scope: /subscriptions/${SUB}/resourceGroups/rg-puffin-prod

  = Microsoft.App/containerApps/puffin-api
  = Microsoft.App/containerApps/puffin-worker
  = Microsoft.App/jobs/puffin-migrate
  = Microsoft.KeyVault/vaults/kv-puffin-prod
  = Microsoft.ManagedIdentity/userAssignedIdentities/id-puffin-prod
  * Microsoft.DBforPostgreSQL/flexibleServers/puffin-pg-prod
  * Microsoft.Insights/components/ai-puffin-prod

Resource changes: 5 no change, 2 to ignore.`, undefined, { kind: "build", where: "top" }],
    [188, "Bash", { command: QUEUES }, queues("puffin-worker--w0236-4c8e1b7d2-t9vzr", [Q_NOW, qRow("puffin.render", 0, 1, 3), qRow("puffin.webhooks", 0, 0, 3), qRow("puffin.documents.dlq", 0, 0, 0)], "(Thursday 15:10 UTC)"), "queues", { kind: "app", where: "top" }],
    [190, "Bash", { command: "ssh azureuser@mq-stg-01 'sudo rabbitmqctl list_queues -p puffin name messages_ready messages_unacknowledged consumers'" }, queues("puffin-worker-stg--w0119-2a9d5c6e8-bn3kd", [qRow("puffin.documents", 2210, 1, 1), qRow("puffin.render", 18, 0, 1), qRow("puffin.webhooks", 0, 0, 1), qRow("puffin.documents.dlq", 41, 0, 0)], "(staging: load test from the QA team, one worker replica)"), undefined, { kind: "app", where: "top" }],
    [192, "Bash", { command: "psql \"$PUFFIN_PG_STG\" -c 'show max_connections' -c \"select count(*) from pg_stat_activity where backend_type = 'client backend'\"" }, ` max_connections
-----------------
 100
(1 row)

 count
-------
    23
(1 row)
(staging server puffin-pg-stg, Burstable B2s)`, undefined, { kind: "pg", where: "top" }],
    [194, "Bash", { command: MAXCONN }, maxConn(400, "false"), "maxconn", { kind: "app", where: "top" }],
    [196, "Bash", { command: "./scripts/ai-query.sh ai-puffin-prod 'exceptions | where timestamp > ago(24h) | summarize n = count() by problemId, cloud_RoleName | top 5 by n'" }, `problemId                                                          cloud_RoleName   n
-----------------------------------------------------------------  ---------------  ----
httpx.ReadTimeout at puffin.worker.tasks.webhooks.deliver          puffin-worker    44
fastapi.exceptions.RequestValidationError at ...uploads.create     puffin-api       19
puffin.worker.tasks.ocr.UnreadablePdf at ...ocr.ocr_document       puffin-worker    11
(no OperationalError, ResponseValidationError or QueuePool timeouts in the last 24h)`, undefined, { kind: "app", where: "top" }],
    [198, "Bash", P95_CMD, p95([P95_NOW, p95Row("puffin-api-stg", 1312, "125.9", "540.2", 2)], "(prod, 15:00-16:00 UTC, r0417: 3-12 replicas)"), "p95", { kind: "app", where: "top" }],
    [200, "Bash", { command: resQuery("puffin-worker") }, resources("2.0", "4Gi", "2026.03.12-d58c2e9", "puffin-worker--w0236"), "workerres", { kind: "app", where: "top" }],
    [203, "Bash", { command: "git log --oneline -n 14" }, `e21f8a3 infra: sync main.bicep with the az changes (api 3-12 @40, worker 1-8 @30)
9b4c7d0 worker: concurrency 6
d58c2e9 infra: Key Vault Secrets User for id-puffin-prod, versionless secret refs
a7d13f5 exports: async export jobs (celery) + GET /exports/{id}; gunicorn timeout 120
6f2a8c0 schemas: DocumentStatus enum in responses; pydantic 2.10.4 again
4e90b1d exports: order by (created_at, id)
1c5f7b9 uv.lock: pydantic 2.9.2
8a6d3e2 deps: pin pydantic <2.10 (documents 500s on r0413)
f03c9a7 deps: pydantic 2.10, fastapi 0.115.6
2b7f0d4 alembic: redo 0042 as add-column, 0043 index concurrently
5b8e2f1 db: pool 5+5 with pre_ping/recycle, 3 gunicorn workers
c41d2e8 api: 4 gunicorn workers
9e31b0c worker: prefetch 1, acks_late, concurrency 4; scale 2-10 at 20 msgs; 2 vCPU / 4Gi
7d02a9c documents: status varchar(32) + tenant/status index (0042)`, undefined, { kind: "build", where: "top" }],
    [206, "Bash", { command: "gh run list --workflow deploy.yml --limit 4" }, `STATUS  TITLE                                              WORKFLOW  BRANCH  EVENT  ID           ELAPSED  AGE
✓       infra: sync main.bicep with the az changes (ap...  deploy    main    push   13902288410  8m31s    about 20 minutes ago
✓       worker: concurrency 6                              deploy    main    push   13901007253  7m58s    about 2 hours ago
✓       infra: Key Vault Secrets User for id-puffin-pr...  deploy    main    push   13897310984  8m20s    about 6 hours ago
✓       exports: async export jobs (celery) + GET /exp...  deploy    main    push   13886612004  8m44s    about 22 hours ago`, undefined, { kind: "build", where: "top" }],
    [209, "Bash", { command: "uv run pytest -q" }, pytestAll(421, "49.02s"), undefined, { kind: "test", where: "bottom" }],
  ],
  questions: [
    { kind: "state", prompt: "min replicas on the api rn?", want: [{ key: "apiscale", fact: '"minReplicas": 3' }] },
    { kind: "state", prompt: "how far can puffin-api scale out now", want: [{ key: "apiscale", fact: '"maxReplicas": 12' }] },
    { kind: "state", prompt: "whats the http scale rule threshold for the api atm, concurrent reqs per replica", want: [{ key: "apiscale", fact: '"concurrentRequests": "40"' }] },
    { kind: "state", prompt: "how much ram does each api replica get", want: [{ key: "apires", fact: '"memory": "2Gi"' }] },
    { kind: "state", prompt: "memory per celery worker container currently?", want: [{ key: "workerres", fact: '"memory": "4Gi"' }] },
    { kind: "state", prompt: "max replica count for the workers now", want: [{ key: "workerscale", fact: '"maxReplicas": 8' }] },
    { kind: "state", prompt: "at what queue depth does keda add worker replicas these days", want: [{ key: "workerscale", fact: '"value": "30"' }] },
    { kind: "state", prompt: "how many gunicorn workers per api container are we on", want: [{ key: "gunicorncfg", fact: "workers = 3" }] },
    { kind: "state", prompt: "gunicorn timout now?", want: [{ key: "gunicorncfg", fact: "timeout = 120" }] },
    { kind: "state", prompt: "celery concurency atm", want: [{ key: "celerycfg", fact: "worker_concurrency = 6" }] },
    { kind: "state", prompt: "r the workers still prefetching 4 msgs each", want: [{ key: "celerycfg", fact: "worker_prefetch_multiplier = 1" }] },
    { kind: "state", prompt: "documents queue still backed up or is it empty now", want: [{ key: "queues", fact: Q_NOW }] },
    { kind: "state", prompt: "max_connections on the prod pg server now", want: [{ key: "maxconn", fact: '"value": "400"' }] },
    { kind: "state", prompt: "sqlalchemy pool size per process rn", want: [{ key: "settings", fact: "db_pool_size: int = 5" }] },
    { kind: "state", prompt: "which alembic revision is prod db at", want: [{ key: "alembiccur", fact: "0043 (head)" }] },
    { kind: "state", prompt: "what pydantic are we running now", want: [{ key: "pkgs", fact: PYDANTIC_NOW }] },
    { kind: "state", prompt: "which revision of the api is taking traffic currently", want: [{ key: "revisions", fact: R0417_NOW }] },
    { kind: "state", prompt: "export ordering test still flaky?", want: [{ key: "flaky", fact: "0/30 failed" }] },
    { kind: "state", prompt: "does the api still accept plain http or did we turn that off", want: [{ key: "ingress", fact: '"allowInsecure": false' }] },
    { kind: "state", prompt: "api p95 latency lately", want: [{ key: "p95", fact: P95_NOW }] },
    { kind: "state", prompt: "how many pg connections are open on prod rn", want: [{ key: "pgconns", fact: CONNS_NOW }] },
    { kind: "history", prompt: "why did the documents queue pile up on monday", want: [{ turn: 25, fact: "each worker process prefetched 4 tasks" }] },
    { kind: "history", prompt: "how big did the docs backlog get at the worst point", want: [{ turn: 5, fact: Q_PEAK }] },
    { kind: "history", prompt: "why were worker replicas restarting during the backlog", want: [{ turn: 18, fact: "terminated with exit code '137' and reason 'OOMKilled'" }] },
    { kind: "history", prompt: "what error did the api throw when postgres ran out of connections", want: [{ turn: 47, fact: "remaining connection slots are reserved for roles with the SUPERUSER attribute" }] },
    { kind: "history", prompt: "what was max_connections set to before we raised it", want: [{ turn: 49, fact: '"value": "200"' }] },
    { kind: "history", prompt: "what lock was the 0042 migration holding on documents", want: [{ turn: 73, fact: "AccessExclusiveLock" }] },
    { kind: "history", prompt: "who wrote the migration that locked the documents table", want: [{ turn: 78, fact: "7d02a9c Mirela Popescu" }] },
    { kind: "history", prompt: "how did we end up redoing that migration", want: [{ turn: 89, fact: "CREATE INDEX CONCURRENTLY inside autocommit_block()" }] },
    { kind: "history", prompt: "what exactly broke in prod after the pydantic upgrade", want: [{ turn: 107, fact: "Input should be a valid string [type=string_type, input_value=<DocumentStatus.READY: 'ready'>" }] },
    { kind: "history", prompt: "which revision did we roll the api back to", want: [{ turn: 108, fact: ROLLBACK_ROW }] },
    { kind: "history", prompt: "why did CI fail right after we pinned pydantic", want: [{ turn: 117, fact: "needs to be updated, but `--locked` was provided" }] },
    { kind: "history", prompt: "what was the root cause of the flaky export test", want: [{ turn: 132, fact: "all rows get the same created_at" }] },
    { kind: "history", prompt: "why were the big exports still dying at ~4 min after the gunicorn fix", want: [{ turn: 148, fact: "the Container Apps ingress request timeout is 240 s" }] },
    { kind: "history", prompt: "what was the error when r0415 failed to provision", want: [{ turn: 157, fact: "Unable to get value using Managed identity" }] },
    { kind: "history", prompt: "why couldnt the app read the db secret from key vault anymore", want: [{ turn: 166, fact: "from access policies to Azure RBAC" }] },
    { kind: "multi", prompt: "api min replicas + worker max replicas?", want: [{ key: "apiscale", fact: '"minReplicas": 3' }, { key: "workerscale", fact: '"maxReplicas": 8' }] },
    { kind: "multi", prompt: "gunicorn worker count and db pool size, current values", want: [{ key: "gunicorncfg", fact: "workers = 3" }, { key: "settings", fact: "db_pool_size: int = 5" }] },
    { kind: "multi", prompt: "celery concurrency and how many msgs are waiting in the documents queue now", want: [{ key: "celerycfg", fact: "worker_concurrency = 6" }, { key: "queues", fact: Q_NOW }] },
    { kind: "multi", prompt: "pg max_connections vs how many conns are actually open atm", want: [{ key: "maxconn", fact: '"value": "400"' }, { key: "pgconns", fact: CONNS_NOW }] },
    { kind: "multi", prompt: "which api rev is live and what pydantic does it run", want: [{ key: "revisions", fact: R0417_NOW }, { key: "pkgs", fact: PYDANTIC_NOW }] },
    { kind: "multi", prompt: "what did the pydantic bump break back then, and which pg sku are we on now", want: [{ turn: 107, fact: "Input should be a valid string [type=string_type" }, { key: "pgserver", fact: '"name": "Standard_D4ds_v5"' }] },
    { kind: "multi", prompt: "why did the workers get oomkilled, and how much mem do they have now", want: [{ turn: 18, fact: "4 concurrent renders at ~600 MB each on a 2Gi replica" }, { key: "workerres", fact: '"memory": "4Gi"' }] },
    { kind: "none", prompt: "thx, thats it for today" },
    { kind: "none", prompt: "in general when would you use celery vs fastapi BackgroundTasks" },
    { kind: "none", prompt: "whats the difference between gunicorn with uvicorn workers and just uvicorn --workers" },
    { kind: "none", prompt: "brb standup" },
    { kind: "none", prompt: "roughly how does postgres MVCC deal with long running transactions" },
  ],
};

/** Held out from the selection work: written blind, never run before it was registered (FastAPI + Celery on Azure Container Apps). */
export const HELD_OUT_44 = [puffin];
