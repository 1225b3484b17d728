// One more held-out recall session (format: tests/recall/build.mjs): written blind, without reading the selection's
// code, its tests or any benchmark result, and kept out of the selection work. HELD_OUT_36: a Python 3.12 document-OCR
// service (FastAPI behind gunicorn/uvicorn, Celery workers on a self-hosted RabbitMQ cluster, Textract and an internal
// layout model, S3 uploads, RDS PostgreSQL 16 with SQLAlchemy 2 and Alembic, ElastiCache Redis for results and rate
// limits, ECS Fargate and Terraform, poetry, ruff, mypy, pytest-xdist, Sentry): an ocr queue backlog with no consumers
// because acks_late plus prefetch 4 kept small documents unacked behind 400-page PDFs until RabbitMQ's consumer_timeout
// closed the channels (prefetch 1, consumer_timeout raised, celery time limits put under it), autoscaling moved from
// CPU to a backlog-per-task metric and retuned twice, an Alembic SET NOT NULL migration that hit lock_timeout on prod
// because workers sat "idle in transaction" across Textract calls (split into a NOT VALID check + validate), running
// out of database connections (NullPool in workers, max_connections 200 -> 400), an unbounded lru_cache on page images
// that OOM-killed workers (found with tracemalloc, task memory raised then lowered again with max_tasks_per_child), a
// pydantic v1 -> v2 bump that broke CI and then broke numeric external_ids in prod (the api was rolled back to the
// previous task definition revision and fixed forward), a flaky rate-limit test sharing one Redis db across xdist
// workers, a rotated database secret that left running tasks with the old password, a poetry lockfile CI failure,
// ALB 502s from a gunicorn keepalive below the ALB idle timeout, result backend memory in Redis and Textract
// throttling retries; English questions.

const W = "/home/dev/wren";
const ACCT = "731904562218";
const REG = "eu-central-1";
const TD = (fam, rev) => `arn:aws:ecs:${REG}:${ACCT}:task-definition/${fam}:${rev}`;

// ---------- ECS services ----------
const SVC_QUERY = "--query 'services[0].{serviceName:serviceName,status:status,desiredCount:desiredCount,runningCount:runningCount,pendingCount:pendingCount,taskDefinition:taskDefinition,deployments:deployments[].{status:status,taskDefinition:taskDefinition,desiredCount:desiredCount,runningCount:runningCount,rolloutState:rolloutState,updatedAt:updatedAt},events:events[:3].message}'";
const svcCmd = (svc, cluster = "wren-prod") => ({ command: `aws ecs describe-services --cluster ${cluster} --services ${svc} ${SVC_QUERY}` });
const dep = (status, fam, rev, desired, running, rollout, updated) => `        {
            "status": "${status}",
            "taskDefinition": "${TD(fam, rev)}",
            "desiredCount": ${desired},
            "runningCount": ${running},
            "rolloutState": "${rollout}",
            "updatedAt": "${updated}"
        }`;
const svcOut = (svc, desired, running, pending, fam, rev, deps, events) => `{
    "serviceName": "${svc}",
    "status": "ACTIVE",
    "desiredCount": ${desired},
    "runningCount": ${running},
    "pendingCount": ${pending},
    "taskDefinition": "${TD(fam, rev)}",
    "deployments": [
${deps.join(",\n")}
    ],
    "events": [
${events.map((e) => `        "${e}"`).join(",\n")}
    ]
}`;

// ---------- ECS task definitions ----------
const TDEF_QUERY = "--query 'taskDefinition.{family:family,revision:revision,cpu:cpu,memory:memory,image:containerDefinitions[0].image,command:containerDefinitions[0].command,environment:containerDefinitions[0].environment,secrets:containerDefinitions[0].secrets[].name,registeredAt:registeredAt}'";
const TDEF_CMD = { command: `aws ecs describe-task-definition --task-definition wren-worker-ocr ${TDEF_QUERY}` };
const workerTdef = (rev, cpu, mem, conc, image, registered, maxMem) => `{
    "family": "wren-worker-ocr",
    "revision": ${rev},
    "cpu": "${cpu}",
    "memory": "${mem}",
    "image": "${ACCT}.dkr.ecr.${REG}.amazonaws.com/wren:${image}",
    "command": [
        "celery",
        "-A",
        "app.celery_app",
        "worker",
        "-Q",
        "ocr,ocr.priority",
        "--concurrency=${conc}",
        "--loglevel=INFO",
        "-O",
        "fair"
    ],
    "environment": [
        { "name": "PROCESS_ROLE", "value": "worker" },
        { "name": "AWS_REGION", "value": "${REG}" },
        { "name": "LAYOUT_MODEL_URL", "value": "http://layout.wren.internal:8080/v3" },
        { "name": "CELERY_WORKER_MAX_MEMORY_KIB", "value": "${maxMem}" }
    ],
    "secrets": [
        "DATABASE_URL",
        "CELERY_BROKER_URL",
        "CELERY_RESULT_BACKEND",
        "SENTRY_DSN"
    ],
    "registeredAt": "${registered}"
}`;

// ---------- RabbitMQ ----------
const RMQ_Q_CMD = { command: "ssh mq-1 sudo rabbitmqctl list_queues -p wren name messages consumers" };
const rmqQueues = (rows, note) => `Timeout: 60.0 seconds ...
Listing queues for vhost wren ...
name\tmessages\tconsumers
${rows.map((r) => r.join("\t")).join("\n")}${note ? `\n${note}` : ""}`;
const rmqConf = (timeout) => `## /etc/rabbitmq/rabbitmq.conf (templated by ops/ansible/roles/rabbitmq, same on mq-1..3)
listeners.tcp.default = 5672
management.tcp.port = 15672
cluster_formation.peer_discovery_backend = classic_config
cluster_formation.classic_config.nodes.1 = rabbit@mq-1
cluster_formation.classic_config.nodes.2 = rabbit@mq-2
cluster_formation.classic_config.nodes.3 = rabbit@mq-3
vm_memory_high_watermark.relative = 0.6
disk_free_limit.absolute = 5GB
heartbeat = 30
consumer_timeout = ${timeout}
default_queue_type = classic
log.file.level = info
log.console = false`;

// ---------- celery ----------
const STATS_CMD = { command: "./scripts/ecs-exec.sh wren-worker-ocr -- celery -A app.celery_app inspect stats --timeout 10 | head -48" };
const celeryStats = (host, conc, maxTasks, soft, hard, prefetch, maxrss, total, uptime) => `->  celery@${host}: OK
    {
        "broker": {
            "connect_timeout": 4,
            "heartbeat": 30.0,
            "hostname": "mq-1.wren.internal",
            "port": 5672,
            "transport": "amqp",
            "userid": "wren",
            "virtual_host": "wren"
        },
        "clock": "${total * 7 + 311}",
        "pid": 1,
        "pool": {
            "implementation": "celery.concurrency.prefork:TaskPool",
            "max-concurrency": ${conc},
            "max-tasks-per-child": ${maxTasks},
            "processes": [
${Array.from({ length: conc }, (_, i) => `                ${21 + i}`).join(",\n")}
            ],
            "timeouts": [
                ${soft},
                ${hard}
            ]
        },
        "prefetch_count": ${prefetch},
        "rusage": {
            "maxrss": ${maxrss},
            "utime": 611.87
        },
        "total": {
            "app.tasks.ocr.extract_text": ${total},
            "app.tasks.ocr.finalize_document": ${Math.floor(total / 9)}
        },
        "uptime": ${uptime}
    }`;

const celeryCfg = (lines) => lines.map((l, i) => `${String(i + 1).padStart(4)}\t${l}`).join("\n");
const CFG_HEAD = [
  '"""Celery settings for the wren workers (loaded by app/celery_app.py via config_from_object)."""',
  "import os",
  "",
  "from kombu import Queue",
  "",
  'broker_url = os.environ["CELERY_BROKER_URL"]',
  'result_backend = os.environ["CELERY_RESULT_BACKEND"]',
  "broker_heartbeat = 30",
  "broker_connection_retry_on_startup = True",
  "",
  'task_default_queue = "ocr"',
  "task_queues = (",
  '    Queue("ocr", routing_key="ocr"),',
  '    Queue("ocr.priority", routing_key="ocr.priority"),',
  '    Queue("thumbnails", routing_key="thumbnails"),',
  '    Queue("webhooks", routing_key="webhooks"),',
  ")",
  "task_routes = {",
  '    "app.tasks.thumbs.*": {"queue": "thumbnails"},',
  '    "app.tasks.webhooks.*": {"queue": "webhooks"},',
  "}",
  "",
];
const CFG_TAIL = ["task_track_started = True", "worker_send_task_events = True", 'task_serializer = "json"', 'accept_content = ["json"]'];
const CFG_V1 = celeryCfg([
  ...CFG_HEAD,
  "task_acks_late = True",
  "task_reject_on_worker_lost = True",
  "worker_prefetch_multiplier = 4",
  "task_soft_time_limit = 3300",
  "task_time_limit = 3600",
  "",
  "result_expires = 86400",
  ...CFG_TAIL,
]);
const CFG_V2 = celeryCfg([
  ...CFG_HEAD,
  "task_acks_late = True",
  "task_reject_on_worker_lost = True",
  "# a worker only reserves what it runs; with acks_late every reserved message counts",
  "# against RabbitMQ's consumer_timeout (3600000 ms on mq-1..3) from the moment it is delivered",
  "worker_prefetch_multiplier = 1",
  "task_soft_time_limit = 3000",
  "task_time_limit = 3300",
  "# backstop for native/PIL memory that python cannot give back",
  "worker_max_tasks_per_child = 200",
  "worker_max_memory_per_child = 1_500_000  # KiB",
  "",
  "result_expires = 86400",
  ...CFG_TAIL,
]);
const CFG_V3 = celeryCfg([
  ...CFG_HEAD,
  "task_acks_late = True",
  "task_reject_on_worker_lost = True",
  "# a worker only reserves what it runs; with acks_late every reserved message counts",
  "# against RabbitMQ's consumer_timeout (3600000 ms on mq-1..3) from the moment it is delivered",
  "worker_prefetch_multiplier = 1",
  "task_soft_time_limit = 3000",
  "task_time_limit = 3300",
  "# backstop for native/PIL memory that python cannot give back",
  "worker_max_tasks_per_child = 100",
  'worker_max_memory_per_child = int(os.getenv("CELERY_WORKER_MAX_MEMORY_KIB", "900000"))',
  "",
  "# results are only read by GET /v1/jobs/{id} polling within minutes; 24h filled redis",
  "result_expires = 3600",
  'task_annotations = {"app.tasks.thumbs.*": {"ignore_result": True}}',
  ...CFG_TAIL,
]);
const CFG_PATH = `${W}/app/celery_config.py`;

// ---------- autoscaling ----------
const asRow = (res, min, max) => `|  ${res.padEnd(36)}|  ecs:service:DesiredCount  |  ${String(min).padStart(3)} |  ${String(max).padStart(3)} |`;
const scalable = (rows) => `---------------------------------------------------------------------------------
|                            DescribeScalableTargets                            |
+--------------------------------------+----------------------------+------+------+
${rows.join("\n")}
+--------------------------------------+----------------------------+------+------+`;
const AS_CMD = { command: "aws application-autoscaling describe-scalable-targets --service-namespace ecs --query 'ScalableTargets[].[ResourceId,ScalableDimension,MinCapacity,MaxCapacity]' --output table" };
const AS_API = asRow("service/wren-prod/wren-api", 2, 6);
const AS_LIGHT = asRow("service/wren-prod/wren-worker-light", 1, 4);
const AS_OCR_NOW = asRow("service/wren-prod/wren-worker-ocr", 3, 12);
const POLICY_CMD = { command: "aws application-autoscaling describe-scaling-policies --service-namespace ecs --resource-id service/wren-prod/wren-worker-ocr" };
const policyCpu = `{
    "ScalingPolicies": [
        {
            "PolicyARN": "arn:aws:autoscaling:${REG}:${ACCT}:scalingPolicy:1f0c9a2e-5b7d-4e61-9c3a-0d8e2f4b6a17:resource/ecs/service/wren-prod/wren-worker-ocr:policyName/wren-worker-ocr-cpu",
            "PolicyName": "wren-worker-ocr-cpu",
            "ServiceNamespace": "ecs",
            "ResourceId": "service/wren-prod/wren-worker-ocr",
            "ScalableDimension": "ecs:service:DesiredCount",
            "PolicyType": "TargetTrackingScaling",
            "TargetTrackingScalingPolicyConfiguration": {
                "TargetValue": 70.0,
                "PredefinedMetricSpecification": {
                    "PredefinedMetricType": "ECSServiceAverageCPUUtilization"
                },
                "ScaleOutCooldown": 60,
                "ScaleInCooldown": 300,
                "DisableScaleIn": false
            },
            "Alarms": [
                { "AlarmName": "TargetTracking-service/wren-prod/wren-worker-ocr-AlarmHigh-6b1e0c44", "AlarmARN": "arn:aws:cloudwatch:${REG}:${ACCT}:alarm:TargetTracking-service/wren-prod/wren-worker-ocr-AlarmHigh-6b1e0c44" },
                { "AlarmName": "TargetTracking-service/wren-prod/wren-worker-ocr-AlarmLow-0e9d7a51", "AlarmARN": "arn:aws:cloudwatch:${REG}:${ACCT}:alarm:TargetTracking-service/wren-prod/wren-worker-ocr-AlarmLow-0e9d7a51" }
            ],
            "CreationTime": "2026-06-02T10:14:51.201000+02:00"
        }
    ]
}`;
const policyBacklog = (target, outCd, inCd, created) => `{
    "ScalingPolicies": [
        {
            "PolicyARN": "arn:aws:autoscaling:${REG}:${ACCT}:scalingPolicy:8c2d41f7-0a3e-4b9c-b5d6-71e9f0a2c348:resource/ecs/service/wren-prod/wren-worker-ocr:policyName/wren-worker-ocr-backlog",
            "PolicyName": "wren-worker-ocr-backlog",
            "ServiceNamespace": "ecs",
            "ResourceId": "service/wren-prod/wren-worker-ocr",
            "ScalableDimension": "ecs:service:DesiredCount",
            "PolicyType": "TargetTrackingScaling",
            "TargetTrackingScalingPolicyConfiguration": {
                "TargetValue": ${target},
                "CustomizedMetricSpecification": {
                    "MetricName": "BacklogPerTask",
                    "Namespace": "Wren/Celery",
                    "Dimensions": [
                        { "Name": "Queue", "Value": "ocr" }
                    ],
                    "Statistic": "Average"
                },
                "ScaleOutCooldown": ${outCd},
                "ScaleInCooldown": ${inCd},
                "DisableScaleIn": false
            },
            "Alarms": [
                { "AlarmName": "TargetTracking-service/wren-prod/wren-worker-ocr-AlarmHigh-c41a9e02", "AlarmARN": "arn:aws:cloudwatch:${REG}:${ACCT}:alarm:TargetTracking-service/wren-prod/wren-worker-ocr-AlarmHigh-c41a9e02" },
                { "AlarmName": "TargetTracking-service/wren-prod/wren-worker-ocr-AlarmLow-5d7f2b18", "AlarmARN": "arn:aws:cloudwatch:${REG}:${ACCT}:alarm:TargetTracking-service/wren-prod/wren-worker-ocr-AlarmLow-5d7f2b18" }
            ],
            "CreationTime": "${created}"
        }
    ]
}`;

// ---------- alarms ----------
const alRow = (name, state, when) => `|  ${name.padEnd(32)}|  ${state.padEnd(18)}|  ${when}  |`;
const alarms = (rows) => `--------------------------------------------------------------------------------------------
|                                      DescribeAlarms                                      |
+----------------------------------+--------------------+------------------------------------+
${rows.join("\n")}
+----------------------------------+--------------------+------------------------------------+`;
const ALARM_CMD = { command: "aws cloudwatch describe-alarms --alarm-name-prefix wren-prod- --query 'MetricAlarms[].[AlarmName,StateValue,StateUpdatedTimestamp]' --output table" };
const ALARM_TEXTRACT_NOW = alRow("wren-prod-textract-throttles", "ALARM", "2026-11-19T08:41:00.512000+00:00");

// ---------- alembic / psql ----------
const ALEMBIC_HEAD = "INFO  [alembic.runtime.migration] Context impl PostgresqlImpl.\nINFO  [alembic.runtime.migration] Will assume transactional DDL.";
const MAXCONN_SQL = `psql "$WREN_PROD_RO" -c 'show max_connections' -c "select application_name, state, count(*) from pg_stat_activity where backend_type = 'client backend' group by 1, 2 order by 3 desc"`;
const maxConn = (n, rows) => ` max_connections 
-----------------
 ${n}
(1 row)

  application_name  |        state        | count 
--------------------+---------------------+-------
${rows.map(([a, s, c]) => ` ${a.padEnd(18)} | ${s.padEnd(19)} | ${String(c).padStart(5)}`).join("\n")}
(${rows.length} rows)`;

// ---------- poetry / gh ----------
const poetryShow = (ver, desc, deps) => ` name         : pydantic
 version      : ${ver}
 description  : ${desc}

dependencies
${deps.map((d) => ` - ${d}`).join("\n")}

required by
 - fastapi >=1.7.4,!=1.8,!=1.8.1,!=2.0.0,!=2.0.1,!=2.1.0,<3.0.0
 - pydantic-settings >=2.7.0`;
const PYD_NOW = "version      : 2.9.2";
const ghRow = (st, title, branch, event, id, el, age) => `${st.padEnd(8)}${title.padEnd(48)}ci        ${branch.padEnd(19)}${event.padEnd(14)}${id}  ${el.padEnd(9)}${age}`;
const ghList = (rows) => `STATUS  TITLE                                           WORKFLOW  BRANCH             EVENT         ID           ELAPSED  AGE\n${rows.join("\n")}`;
const GH_CMD = { command: "gh run list --workflow ci.yml --limit 6" };
const CI_NOW = ghRow("✓", "ocr: retry textract throttling with jitter", "main", "push", "11998204117", "7m02s", "about 12 minutes ago");

// ---------- redis ----------
const REDIS_HOST = "master.wren-prod-redis.x1k9qa.euc1.cache.amazonaws.com";
const REDIS_CMD = { command: `redis-cli -h ${REDIS_HOST} --tls info memory | grep -E 'used_memory_human|used_memory_peak_human|maxmemory_human|maxmemory_policy|mem_fragmentation_ratio' && redis-cli -h ${REDIS_HOST} --tls info keyspace && redis-cli -h ${REDIS_HOST} --tls info stats | grep evicted_keys` };
const redisInfo = (used, peak, frag, db0, ttl0, db1, evicted) => `used_memory_human:${used}
used_memory_peak_human:${peak}
maxmemory_human:6.05G
maxmemory_policy:volatile-lru
mem_fragmentation_ratio:${frag}
# Keyspace
db0:keys=${db0},expires=${db0},avg_ttl=${ttl0}
db1:keys=${db1},expires=${db1},avg_ttl=41877
evicted_keys:${evicted}`;

// ---------- secrets ----------
const SECRET_CMD = "aws secretsmanager describe-secret --secret-id wren/prod/db";
const secret = (rotated, changed, next, cur, prev) => `{
    "ARN": "arn:aws:secretsmanager:${REG}:${ACCT}:secret:wren/prod/db-Xk29qL",
    "Name": "wren/prod/db",
    "Description": "RDS wren-prod-pg, app user wren_app (DATABASE_URL for api + workers)",
    "KmsKeyId": "alias/wren-prod",
    "RotationEnabled": true,
    "RotationLambdaARN": "arn:aws:lambda:${REG}:${ACCT}:function:wren-prod-rds-rotation",
    "RotationRules": {
        "AutomaticallyAfterDays": 30
    },
    "LastRotatedDate": "${rotated}",
    "LastChangedDate": "${changed}",
    "LastAccessedDate": "2026-11-16T01:00:00+01:00",
    "NextRotationDate": "${next}",
    "VersionIdsToStages": {
        "${cur}": [
            "AWSCURRENT"
        ],
        "${prev}": [
            "AWSPREVIOUS"
        ]
    },
    "CreatedDate": "2025-09-03T11:20:17.442000+02:00"
}`;

// ---------- misc ----------
const flaky = (runs, failed, note) => `$ for i in $(seq 20); do poetry run pytest -n 8 tests/api -q -p no:cacheprovider >/tmp/pt-$i.log 2>&1 || echo "run $i FAILED"; done
${runs}
${failed}/20 runs failed${note ? ` ${note}` : ""}`;
const FLAKY_CMD = { command: "./scripts/pytest-loop.sh tests/api 20" };

const gunicorn = (workers, keepalive, comment) => `   1\timport os
   2\t
   3\tbind = "0.0.0.0:8000"
   4\tworker_class = "uvicorn.workers.UvicornWorker"
   5\tworkers = int(os.getenv("WEB_CONCURRENCY", "${workers}"))
   6\ttimeout = 60
   7\tgraceful_timeout = 30
${comment ? comment.map((c, i) => `${String(8 + i).padStart(4)}\t${c}`).join("\n") + "\n" : ""}${String(8 + (comment?.length ?? 0)).padStart(4)}\tkeepalive = ${keepalive}
${String(9 + (comment?.length ?? 0)).padStart(4)}\tmax_requests = 2000
${String(10 + (comment?.length ?? 0)).padStart(4)}\tmax_requests_jitter = 200
${String(11 + (comment?.length ?? 0)).padStart(4)}\taccesslog = "-"
${String(12 + (comment?.length ?? 0)).padStart(4)}\tforwarded_allow_ips = "*"`;

const TF = "terraform -chdir=terraform/envs/prod";
const EXEC = "./scripts/ecs-exec.sh";

const wren = {
  name: "wren (held out 36)",
  sessionId: "8644290d-6876-46b2-beb9-a0c01644ab13",
  cwd: W,
  turns: 210,
  seed: 36363,
  files: ["app/main.py", "app/api/documents.py", "app/api/jobs.py", "app/celery_app.py", "app/celery_config.py", "app/tasks/ocr.py", "app/tasks/thumbs.py", "app/tasks/webhooks.py", "app/ocr/textract.py", "app/ocr/preprocess.py", "app/ocr/layout_client.py", "app/db.py", "app/models.py", "app/settings.py", "app/schemas/document.py", "app/ratelimit.py", "migrations/env.py", "gunicorn.conf.py", "terraform/modules/ecs_worker/main.tf", "terraform/modules/ecs_worker/autoscaling.tf", "terraform/envs/prod/main.tf", "pyproject.toml"],
  otherTests: ["tests/api/test_documents.py", "tests/api/test_jobs.py", "tests/tasks/test_ocr.py", "tests/tasks/test_webhooks.py", "tests/ocr/test_preprocess.py", "tests/test_models.py"],
  words: ["document", "page", "tenant", "upload", "job", "textract", "layout", "queue", "task", "result", "bucket", "webhook", "thumbnail", "session", "engine", "schema", "worker", "retry", "backlog", "image", "block", "confidence", "settings", "limit", "redis"],
  grepWords: ["SessionLocal", "shared_task", "model_dump", "get_settings", "boto3.client", "TODO", "lru_cache"],
  testCommands: ["poetry run pytest tests/tasks -q", "poetry run pytest -n 8 tests/ocr", "poetry run pytest tests/api/test_documents.py -q", "poetry run mypy app && poetry run pytest tests/test_models.py"],
  buildCommands: ["docker build -t wren:dev .", `${TF} validate`, "poetry build", "poetry run ruff format --check ."],
  appCommands: ["aws logs tail /ecs/wren-api --since 10m", "aws logs tail /ecs/wren-worker-ocr --since 10m", "aws logs tail /ecs/wren-worker-light --since 10m", "docker compose up api worker"],
  prompts: ["continue", "next", "ok go on", "keep going", "proceed", "ok", "go ahead", "carry on", "next step pls", "yep", "sure"],
  facts: [
    // ---- the ocr backlog and consumer_timeout (Mon 2026-11-09) ----
    [2, "Bash", RMQ_Q_CMD, rmqQueues([["ocr", 18422, 0], ["ocr.priority", 37, 0], ["thumbnails", 0, 4], ["webhooks", 112, 2], ["celery", 0, 4], ["celeryev.2b9f0c1e-7a44-4d0e-9b1f-5e3a8c2d7f10", 0, 1]]), "rmqqueues", { kind: "app", where: "top" }],
    [3, "Bash", svcCmd("wren-worker-ocr"), svcOut("wren-worker-ocr", 4, 4, 0, "wren-worker-ocr", 57, [dep("PRIMARY", "wren-worker-ocr", 57, 4, 4, "COMPLETED", "2026-11-06T16:31:12.880000+01:00")], ["(service wren-worker-ocr) has started 1 tasks: (task 0c7e2f91b4d84a61a2f3e5d9c1b08a44).", "(service wren-worker-ocr) has stopped 1 running tasks: (task 9a41d2c06e3f4b7d8e12f0a9b3c5d781).", "(service wren-worker-ocr) has reached a steady state."]), "ecsworker", { kind: "app", where: "top" }],
    [5, "Bash", { command: "aws logs tail /ecs/wren-worker-ocr --since 2h --format short --filter-pattern '?PRECONDITION_FAILED ?Restoring ?\"Connection to broker lost\"'" }, `2026-11-09T06:28:03 [2026-11-09 06:28:03,114: WARNING/MainProcess] consumer: Connection to broker lost. Trying to re-establish the connection...
2026-11-09T06:28:03 [2026-11-09 06:28:03,117: CRITICAL/MainProcess] Unrecoverable error: PreconditionFailed(406, 'PRECONDITION_FAILED - delivery acknowledgement on channel 1 timed out. Timeout value used: 1800000 ms. This timeout value can be configured, see consumers doc guide to learn more', (0, 0), '')
Traceback (most recent call last):
  File "/usr/local/lib/python3.12/site-packages/celery/worker/worker.py", line 202, in start
    self.blueprint.start(self)
  File "/usr/local/lib/python3.12/site-packages/celery/worker/consumer/consumer.py", line 340, in start
    blueprint.start(self)
  File "/usr/local/lib/python3.12/site-packages/amqp/connection.py", line 525, in on_inbound_method
    return self.channels[channel_id].dispatch_method(
  File "/usr/local/lib/python3.12/site-packages/amqp/channel.py", line 283, in _on_close
    raise error_for_code(
amqp.exceptions.PreconditionFailed: (0, 0): (406) PRECONDITION_FAILED - delivery acknowledgement on channel 1 timed out. Timeout value used: 1800000 ms. This timeout value can be configured, see consumers doc guide to learn more
2026-11-09T06:28:04 [2026-11-09 06:28:04,502: WARNING/MainProcess] Restoring 16 unacknowledged message(s)
2026-11-09T06:58:07 [2026-11-09 06:58:07,331: CRITICAL/MainProcess] Unrecoverable error: PreconditionFailed(406, 'PRECONDITION_FAILED - delivery acknowledgement on channel 1 timed out. Timeout value used: 1800000 ms. ...', (0, 0), '')
2026-11-09T06:58:08 [2026-11-09 06:58:08,019: WARNING/MainProcess] Restoring 16 unacknowledged message(s)
(same pattern on all 4 tasks every ~30 min since Sunday 22:00; ECS restarts the container, it reserves 16 messages again)`, undefined, { kind: "app", error: true, where: "top" }],
    [6, "Read", { file_path: CFG_PATH }, CFG_V1, "celerycfg", { kind: "code", where: "top" }],
    [8, "Bash", TDEF_CMD, workerTdef(57, "1024", "2048", 4, "2026.11.06-4f1c2ab", "2026-11-06T16:20:41.102000+01:00", 1500000), "workertdef", { kind: "app", where: "top" }],
    [9, "Bash", STATS_CMD, celeryStats("ip-10-0-12-41.eu-central-1.compute.internal", 4, '"N/A"', 3300, 3600, 16, 1843312, 412, 1804), "celerystats", { kind: "app", where: "top" }],
    [10, "Bash", svcCmd("wren-api"), svcOut("wren-api", 3, 3, 0, "wren-api", 112, [dep("PRIMARY", "wren-api", 112, 3, 3, "COMPLETED", "2026-11-05T11:02:48.310000+01:00")], ["(service wren-api) has reached a steady state.", "(service wren-api) (deployment ecs-svc/4480912771302211873) deployment completed.", "(service wren-api) registered 1 targets in (target-group arn:aws:elasticloadbalancing:eu-central-1:731904562218:targetgroup/wren-api-prod/5f1e0b2a9c3d4e71)"]), "ecsapi", { kind: "app", where: "top" }],
    [11, "Bash", { command: "ssh mq-1 sudo cat /etc/rabbitmq/rabbitmq.conf && ssh mq-1 sudo rabbitmqctl version" }, `${rmqConf(1800000)}\n3.13.7`, "rmqconf", { kind: "app", where: "top" }],
    [12, "Bash", { command: "./scripts/trace-doc.sh doc_01JCA7M3QK9 --since '2026-11-09 05:50'" }, `2026-11-09 05:58:02,114 worker ip-10-0-12-41 Received task app.tasks.ocr.extract_text[5d2e8f10-...] doc=doc_01JCA7M1ZP pages=412 tenant=acme-logistics
2026-11-09 05:58:02,118 worker ip-10-0-12-41 Received task app.tasks.ocr.extract_text[77b0c3a2-...] doc=doc_01JCA7M2H4 pages=388 tenant=acme-logistics
2026-11-09 05:58:02,120 worker ip-10-0-12-41 Received task app.tasks.ocr.extract_text[a91c4e07-...] doc=doc_01JCA7M3QK9 pages=3 tenant=norvik-legal  (reserved, not started: all 4 processes busy)
2026-11-09 06:19:40,502 worker ip-10-0-12-41 Task app.tasks.ocr.extract_text[0f3b...] succeeded in 1298.4s (doc_01JCA7KZ8W, 290 pages)
2026-11-09 06:28:03,110 rabbit@mq-1 closing AMQP connection <0.28841.3> (10.0.12.41:51544 -> 10.0.3.11:5672, vhost: 'wren', user: 'wren'): delivery acknowledgement on channel 1 timed out
2026-11-09 06:28:04,502 worker ip-10-0-12-41 Restoring 16 unacknowledged message(s)
2026-11-09 06:28:09,880 worker ip-10-0-12-77 Received task app.tasks.ocr.extract_text[a91c4e07-...] doc=doc_01JCA7M3QK9 pages=3 (redelivered)
(the 3-page document was delivered at 05:58 but sat 30 min in ip-10-0-12-41's prefetch buffer behind two 400-page PDFs; with acks_late nothing is acked before it runs, and the broker's 30-min clock starts at delivery)`, undefined, { kind: "app", where: "top" }],
    [14, "Edit", { file_path: CFG_PATH, old_string: "worker_prefetch_multiplier = 4\ntask_soft_time_limit = 3300\ntask_time_limit = 3600", new_string: "# a worker only reserves what it runs; with acks_late every reserved message counts\n# against RabbitMQ's consumer_timeout (3600000 ms on mq-1..3) from the moment it is delivered\nworker_prefetch_multiplier = 1\ntask_soft_time_limit = 3000\ntask_time_limit = 3300" }, `The file ${CFG_PATH} has been updated. Here's the result of running \`cat -n\` on a snippet of the edited file:
  23\ttask_acks_late = True
  24\ttask_reject_on_worker_lost = True
  25\t# a worker only reserves what it runs; with acks_late every reserved message counts
  26\t# against RabbitMQ's consumer_timeout (3600000 ms on mq-1..3) from the moment it is delivered
  27\tworker_prefetch_multiplier = 1
  28\ttask_soft_time_limit = 3000
  29\ttask_time_limit = 3300
  30\t
  31\tresult_expires = 86400`, undefined, { kind: "code", where: "top" }],
    [15, "Bash", { command: "ansible-playbook -i ops/ansible/inventory/prod ops/ansible/rabbitmq.yml --limit mq --tags config -e rabbitmq_consumer_timeout=3600000 >/dev/null && ssh mq-1 sudo cat /etc/rabbitmq/rabbitmq.conf && ssh mq-1 sudo rabbitmqctl eval 'application:get_env(rabbit, consumer_timeout).'" }, `${rmqConf(3600000)}\n{ok,3600000}\n(rolling restart mq-3, mq-2, mq-1 by the playbook; quorum of the cluster kept, clients reconnected)`, "rmqconf", { kind: "app", where: "top" }],
    [17, "Bash", { command: "git commit -am \"celery: prefetch 1, time limits under the broker's consumer_timeout\" && git log -1 --format='%h %s%n%n%b'" }, `[main 3be91d4] celery: prefetch 1, time limits under the broker's consumer_timeout
 2 files changed, 7 insertions(+), 4 deletions(-)
3be91d4 celery: prefetch 1, time limits under the broker's consumer_timeout

The ocr queue stood at 18k messages with 0 consumers. With task_acks_late
and worker_prefetch_multiplier = 4 every worker reserved 16 messages (4 x 4
processes); small documents waited unacked behind 400-page PDFs and after
30 min RabbitMQ's consumer_timeout (1800000 ms) closed the channel. All
unacked messages went back to the queue and the worker restarted, then
reserved 16 again: a loop that never drained.
Prefetch 1 (+ -O fair) so a worker only holds what it runs, broker
consumer_timeout raised to 1h (ops/ansible), soft/hard time limits
3000/3300 s so celery kills a runaway task before the broker gives up.`, undefined, { kind: "build", where: "top" }],
    [18, "Bash", { command: `aws ecs update-service --cluster wren-prod --service wren-worker-ocr --task-definition wren-worker-ocr:58 --desired-count 6 >/dev/null && aws ecs wait services-stable --cluster wren-prod --services wren-worker-ocr && ${svcCmd("wren-worker-ocr").command}` }, svcOut("wren-worker-ocr", 6, 6, 0, "wren-worker-ocr", 58, [dep("PRIMARY", "wren-worker-ocr", 58, 6, 6, "COMPLETED", "2026-11-09T09:12:40.114000+01:00")], ["(service wren-worker-ocr) has reached a steady state.", "(service wren-worker-ocr) (deployment ecs-svc/7719204458813370122) deployment completed.", "(service wren-worker-ocr) has started 6 tasks: (task 1b2f...) (task 4e90...) (task 7c11...) (task 8a3d...) (task b5e2...) (task f01c...)."]), "ecsworker", { kind: "app", where: "top" }],
    [22, "Bash", RMQ_Q_CMD, rmqQueues([["ocr", 9120, 6], ["ocr.priority", 0, 6], ["thumbnails", 3, 4], ["webhooks", 0, 2], ["celery", 0, 4], ["celeryev.2b9f0c1e-7a44-4d0e-9b1f-5e3a8c2d7f10", 0, 1]], "(draining ~1.9k/h with 6 tasks, no channel closes since 09:12)"), "rmqqueues", { kind: "app", where: "top" }],
    [24, "Bash", { command: "ssh mq-1 sudo rabbitmqctl list_queues -p ledger name messages consumers" }, `Timeout: 60.0 seconds ...
Listing queues for vhost ledger ...
name\tmessages\tconsumers
ledger.postings\t4411\t3
ledger.reconcile\t0\t1
ledger.dlx\t57\t0
(ledger is the payments team's vhost on the same cluster; their consumers are on wren-staging-free k8s, not ours)`, undefined, { kind: "app", where: "top" }],
    [28, "Bash", ALARM_CMD, alarms([alRow("wren-prod-api-5xx", "OK", "2026-11-08T22:14:03.118000+00:00"), alRow("wren-prod-api-p95-latency", "OK", "2026-11-07T10:02:41.902000+00:00"), alRow("wren-prod-ocr-backlog", "ALARM", "2026-11-08T22:31:00.207000+00:00"), alRow("wren-prod-ocr-oldest-message", "ALARM", "2026-11-08T23:01:00.441000+00:00"), alRow("wren-prod-rds-cpu", "OK", "2026-11-02T04:11:12.330000+00:00"), alRow("wren-prod-redis-memory", "OK", "2026-10-29T15:40:08.118000+00:00"), alRow("wren-prod-worker-memory", "OK", "2026-11-06T15:44:51.004000+00:00")]), "alarms", { kind: "app", where: "top" }],
    // ---- autoscaling on backlog ----
    [31, "Bash", AS_CMD, scalable([AS_API, AS_LIGHT, asRow("service/wren-prod/wren-worker-ocr", 2, 6)]), "scalable", { kind: "app", where: "top" }],
    [32, "Bash", POLICY_CMD, `${policyCpu}\nCPUUtilization Average (wren-prod/wren-worker-ocr) 2026-11-08 22:00 -> 2026-11-09 09:00: 6.2 - 11.8 %`, "scalepolicy", { kind: "app", where: "top" }],
    [35, "Edit", { file_path: `${W}/terraform/modules/ecs_worker/autoscaling.tf`, old_string: "    predefined_metric_specification {\n      predefined_metric_type = \"ECSServiceAverageCPUUtilization\"\n    }\n    target_value = 70", new_string: "    customized_metric_specification {\n      metric_name = \"BacklogPerTask\"\n      namespace   = \"Wren/Celery\"\n      statistic   = \"Average\"\n      dimensions {\n        name  = \"Queue\"\n        value = var.queue\n      }\n    }\n    target_value = var.backlog_per_task_target" }, `The file ${W}/terraform/modules/ecs_worker/autoscaling.tf has been updated. Here's the result of running \`cat -n\` on a snippet of the edited file:
   1\tresource "aws_appautoscaling_target" "worker" {
   2\t  service_namespace  = "ecs"
   3\t  resource_id        = "service/\${var.cluster}/\${var.name}"
   4\t  scalable_dimension = "ecs:service:DesiredCount"
   5\t  min_capacity       = var.min_tasks
   6\t  max_capacity       = var.max_tasks
   7\t}
   8\t
   9\tresource "aws_appautoscaling_policy" "backlog" {
  10\t  name               = "\${var.name}-backlog"
  11\t  policy_type        = "TargetTrackingScaling"
  12\t  service_namespace  = aws_appautoscaling_target.worker.service_namespace
  13\t  resource_id        = aws_appautoscaling_target.worker.resource_id
  14\t  scalable_dimension = aws_appautoscaling_target.worker.scalable_dimension
  15\t  target_tracking_scaling_policy_configuration {
  16\t    customized_metric_specification {
  17\t      metric_name = "BacklogPerTask"
  18\t      namespace   = "Wren/Celery"
  19\t      statistic   = "Average"
  20\t      dimensions {
  21\t        name  = "Queue"
  22\t        value = var.queue
  23\t      }
  24\t    }
  25\t    target_value = var.backlog_per_task_target`, undefined, { kind: "code", where: "top" }],
    [38, "Bash", { command: `${TF} apply -auto-approve -target=module.ocr_worker >/dev/null && ${AS_CMD.command}` }, scalable([AS_API, AS_LIGHT, asRow("service/wren-prod/wren-worker-ocr", 3, 10)]), "scalable", { kind: "app", where: "top" }],
    [39, "Bash", POLICY_CMD, policyBacklog("150.0", 60, 600, "2026-11-09T11:48:02.771000+01:00"), "scalepolicy", { kind: "app", where: "top" }],
    [40, "Bash", { command: "git commit -am 'autoscale ocr workers on backlog per task, not cpu' && git log -1 --format='%h %s%n%n%b'" }, `[main 9a1f7c3] autoscale ocr workers on backlog per task, not cpu
 4 files changed, 88 insertions(+), 9 deletions(-)
9a1f7c3 autoscale ocr workers on backlog per task, not cpu

During the backlog the ocr service sat at 4 tasks: the target tracking policy
was on average CPU 70% and the workers spend most of a task waiting on
Textract (async job polling) and the layout model over HTTP, so CPU stayed
at 6-12% and it never scaled out. A small Lambda (ops/lambdas/backlog_metric)
now publishes Wren/Celery BacklogPerTask = ready messages in the queue /
running tasks every minute; target 150 per task, min 3, max 10 tasks,
scale-in cooldown 10 min so long tasks are not killed by scale-in churn.`, undefined, { kind: "build", where: "top" }],
    // ---- alembic migration failure (Tue 2026-11-10) ----
    [42, "Bash", { command: `${EXEC} wren-api -- sh -c 'alembic current && alembic heads'` }, `${ALEMBIC_HEAD}\n9e2b7c4d1a36\nc41e9d2f7a10 (head)`, "alembic", { kind: "app", where: "top" }],
    [44, "Bash", { command: "gh run view 11901877302 --log-failed | tail -22" }, `deploy\tRun migrations\t2026-11-10T09:12:40.118Z INFO  [alembic.runtime.migration] Context impl PostgresqlImpl.
deploy\tRun migrations\t2026-11-10T09:12:40.118Z INFO  [alembic.runtime.migration] Will assume transactional DDL.
deploy\tRun migrations\t2026-11-10T09:12:40.201Z INFO  [alembic.runtime.migration] Running upgrade 9e2b7c4d1a36 -> c41e9d2f7a10, pages.ocr_engine not null
deploy\tRun migrations\t2026-11-10T09:16:02.447Z Traceback (most recent call last):
deploy\tRun migrations\t2026-11-10T09:16:02.448Z   File "/usr/local/lib/python3.12/site-packages/sqlalchemy/engine/base.py", line 1967, in _exec_single_context
deploy\tRun migrations\t2026-11-10T09:16:02.448Z     self.dialect.do_execute(
deploy\tRun migrations\t2026-11-10T09:16:02.448Z   File "/usr/local/lib/python3.12/site-packages/psycopg/cursor.py", line 732, in execute
deploy\tRun migrations\t2026-11-10T09:16:02.448Z     raise ex.with_traceback(None)
deploy\tRun migrations\t2026-11-10T09:16:02.449Z psycopg.errors.LockNotAvailable: canceling statement due to lock timeout
deploy\tRun migrations\t2026-11-10T09:16:02.451Z The above exception was the direct cause of the following exception:
deploy\tRun migrations\t2026-11-10T09:16:02.460Z sqlalchemy.exc.OperationalError: (psycopg.errors.LockNotAvailable) canceling statement due to lock timeout
deploy\tRun migrations\t2026-11-10T09:16:02.460Z [SQL: ALTER TABLE pages ALTER COLUMN ocr_engine SET NOT NULL]
deploy\tRun migrations\t2026-11-10T09:16:02.460Z (Background on this error at: https://sqlalche.me/e/20/e3q8)
deploy\tRun migrations\t2026-11-10T09:16:02.702Z ##[error]Process completed with exit code 1.
(the UPDATE ran 3m22s and found nothing to update; migrations/env.py sets lock_timeout = '5s'. Later steps skipped, no service was updated)`, undefined, { kind: "build", error: true, where: "top" }],
    [45, "Bash", { command: `psql "$WREN_PROD_RO" -c "select pid, application_name, state, now() - xact_start as xact_age, wait_event_type, left(query, 44) as query from pg_stat_activity where datname = 'wren' and (state like 'idle in%' or wait_event_type = 'Lock') order by xact_start"` }, `  pid  | application_name |        state        |    xact_age     | wait_event_type |                    query
-------+------------------+---------------------+-----------------+-----------------+----------------------------------------------
 31877 | wren-worker-ocr  | idle in transaction | 00:24:51.20311  | Client          | SELECT pages.id, pages.document_id, pages.pa
 31902 | wren-worker-ocr  | idle in transaction | 00:19:07.91822  | Client          | UPDATE pages SET status=$1::VARCHAR, updated
 32011 | wren-worker-ocr  | idle in transaction | 00:14:40.00127  | Client          | SELECT pages.id, pages.document_id, pages.pa
 32066 | wren-worker-ocr  | idle in transaction | 00:08:12.77410  | Client          | UPDATE pages SET status=$1::VARCHAR, updated
 32103 | wren-worker-ocr  | idle in transaction | 00:02:55.40913  | Client          | SELECT documents.id, documents.tenant_id, do
 32410 | alembic          | active              | 00:03:26.88102  | Lock            | ALTER TABLE pages ALTER COLUMN ocr_engine SE
(6 rows)
(reran the migration by hand to see what it waits on: the ALTER needs ACCESS EXCLUSIVE on pages and every ocr worker keeps its transaction open while it waits for Textract)`, undefined, { kind: "pg", where: "top" }],
    [48, "Edit", { file_path: `${W}/migrations/versions/c41e9d2f7a10_pages_ocr_engine_not_null.py`, old_string: "    op.execute(\"UPDATE pages SET ocr_engine = 'textract' WHERE ocr_engine IS NULL\")\n    op.alter_column(\"pages\", \"ocr_engine\", existing_type=sa.String(length=32), nullable=False)", new_string: "    # step 1 of 2: a NOT VALID check only needs a brief lock, no scan (d85a0f3c2b19 validates it)\n    op.execute(\"ALTER TABLE pages ADD CONSTRAINT pages_ocr_engine_not_null CHECK (ocr_engine IS NOT NULL) NOT VALID\")" }, `The file ${W}/migrations/versions/c41e9d2f7a10_pages_ocr_engine_not_null.py has been updated. Here's the result of running \`cat -n\` on a snippet of the edited file:
  17\tdef upgrade() -> None:
  18\t    # step 1 of 2: a NOT VALID check only needs a brief lock, no scan (d85a0f3c2b19 validates it)
  19\t    op.execute("ALTER TABLE pages ADD CONSTRAINT pages_ocr_engine_not_null CHECK (ocr_engine IS NOT NULL) NOT VALID")
  20\t
  21\t
  22\tdef downgrade() -> None:
  23\t    op.execute("ALTER TABLE pages DROP CONSTRAINT pages_ocr_engine_not_null")
(new file migrations/versions/d85a0f3c2b19_pages_ocr_engine_validate.py: VALIDATE CONSTRAINT, then SET NOT NULL, then drop the check)`, undefined, { kind: "code", where: "top" }],
    [52, "Bash", { command: `${EXEC} wren-api -- sh -c 'alembic upgrade head && alembic current'` }, `${ALEMBIC_HEAD}
INFO  [alembic.runtime.migration] Running upgrade 9e2b7c4d1a36 -> c41e9d2f7a10, pages.ocr_engine check constraint (not valid)
INFO  [alembic.runtime.migration] Running upgrade c41e9d2f7a10 -> d85a0f3c2b19, pages.ocr_engine validate + set not null
${ALEMBIC_HEAD}
d85a0f3c2b19 (head)`, "alembic", { kind: "app", where: "top" }],
    [53, "Bash", { command: "git commit -am 'migrations: pages.ocr_engine not null in two steps; no db session across textract' && git log -1 --format='%h %s%n%n%b'" }, `[main 5c70e2d] migrations: pages.ocr_engine not null in two steps; no db session across textract
 3 files changed, 61 insertions(+), 14 deletions(-)
5c70e2d migrations: pages.ocr_engine not null in two steps; no db session across textract

Tuesday's deploy failed in "Run migrations": ALTER TABLE pages ... SET NOT
NULL needs an ACCESS EXCLUSIVE lock plus a full scan of pages (212M rows,
41 GB) and env.py sets lock_timeout 5s. The ocr workers held transactions
open on pages for up to 25 min ("idle in transaction" while waiting on
Textract), so the ALTER never got its lock. Transactional DDL rolled it
back; prod stayed on 9e2b7c4d1a36.
Now c41e9d2f7a10 adds CHECK (ocr_engine IS NOT NULL) NOT VALID, and
d85a0f3c2b19 validates it (SHARE UPDATE EXCLUSIVE, writes keep going) and
then SET NOT NULL, which PG 12+ does without a scan when a valid check
exists. extract_text opens a short session per step instead of one for
the whole task.`, undefined, { kind: "build", where: "top" }],
    [55, "Bash", { command: `${EXEC} --cluster wren-staging wren-api -- alembic current` }, `${ALEMBIC_HEAD}\ne7a03b6c9d21 (head)\n(staging runs the feature/retention branch; e7a03b6c9d21 is its documents.purge_after column, not on main)`, undefined, { kind: "app", where: "top" }],
    // ---- db connections ----
    [57, "Bash", { command: "aws logs tail /ecs/wren-worker-ocr --since 30m --format short --filter-pattern 'OperationalError'" }, `2026-11-10T16:02:11 [2026-11-10 16:02:11,480: ERROR/ForkPoolWorker-3] Task app.tasks.ocr.extract_text[e1d0...] raised unexpected: OperationalError('(psycopg.OperationalError) connection failed: connection to server at "10.0.21.40", port 5432 failed: FATAL:  remaining connection slots are reserved for roles with the SUPERUSER attribute')
2026-11-10T16:02:14 [2026-11-10 16:02:14,902: ERROR/ForkPoolWorker-1] Task app.tasks.ocr.extract_text[3a7c...] raised unexpected: OperationalError('(psycopg.OperationalError) connection failed: connection to server at "10.0.21.40", port 5432 failed: FATAL:  remaining connection slots are reserved for roles with the SUPERUSER attribute')
2026-11-10T16:02:20 [2026-11-10 16:02:20,117: WARNING/ForkPoolWorker-2] Retrying app.tasks.ocr.finalize_document[77e2...]: OperationalError (1/5)
(started when autoscaling took the ocr service to 10 tasks at 15:50; the api logged 41 of the same on POST /v1/documents)`, undefined, { kind: "app", error: true, where: "top" }],
    [58, "Bash", { command: MAXCONN_SQL }, maxConn(200, [["wren-worker-ocr", "idle", 118], ["wren-worker-ocr", "active", 21], ["wren-worker-ocr", "idle in transaction", 12], ["wren-api", "idle", 29], ["wren-api", "active", 6], ["wren-worker-light", "idle", 9], ["rdsadmin", "idle", 2]]), "maxconn", { kind: "pg", where: "top" }],
    [59, "Read", { file_path: `${W}/app/db.py` }, `   1\tfrom sqlalchemy import create_engine
   2\tfrom sqlalchemy.orm import sessionmaker
   3\t
   4\tfrom app.settings import get_settings
   5\t
   6\tsettings = get_settings()
   7\t
   8\tengine = create_engine(
   9\t    settings.database_url,
  10\t    pool_size=10,
  11\t    max_overflow=20,
  12\t    pool_pre_ping=True,
  13\t    connect_args={"application_name": settings.app_name},
  14\t)
  15\tSessionLocal = sessionmaker(engine, expire_on_commit=False)`, "dbpool", { kind: "code", where: "top" }],
    [61, "Edit", { file_path: `${W}/app/db.py`, old_string: "engine = create_engine(\n    settings.database_url,\n    pool_size=10,\n    max_overflow=20,\n    pool_pre_ping=True,", new_string: "_worker = settings.process_role == \"worker\"\nengine = create_engine(\n    settings.database_url,\n    poolclass=NullPool if _worker else QueuePool,\n    **({} if _worker else {\"pool_size\": 5, \"max_overflow\": 5}),\n    pool_pre_ping=True,\n    pool_recycle=1800," }, `The file ${W}/app/db.py has been updated. Here's the result of running \`cat -n\` on a snippet of the edited file:
   6\tsettings = get_settings()
   7\t
   8\t# celery prefork: each child process has its own engine and pool; 10+20 per process
   9\t# x 4 processes x 10 tasks was far above max_connections. workers: no pool at all.
  10\t_worker = settings.process_role == "worker"
  11\tengine = create_engine(
  12\t    settings.database_url,
  13\t    poolclass=NullPool if _worker else QueuePool,
  14\t    **({} if _worker else {"pool_size": 5, "max_overflow": 5}),
  15\t    pool_pre_ping=True,
  16\t    pool_recycle=1800,
  17\t    connect_args={"application_name": settings.app_name},
  18\t)`, "dbpool", { kind: "code", where: "top" }],
    [64, "Bash", { command: `aws rds modify-db-parameter-group --db-parameter-group-name wren-prod-pg16 --parameters 'ParameterName=max_connections,ParameterValue=400,ApplyMethod=pending-reboot' && aws rds reboot-db-instance --db-instance-identifier wren-prod-pg >/dev/null && aws rds wait db-instance-available --db-instance-identifier wren-prod-pg && ${MAXCONN_SQL}` }, `{
    "DBParameterGroupName": "wren-prod-pg16"
}
${maxConn(400, [["wren-worker-ocr", "active", 27], ["wren-api", "idle", 22], ["wren-api", "active", 5], ["wren-worker-light", "idle", 4], ["rdsadmin", "idle", 2]])}
(rebooted 22:05 in the maintenance window, 41 s unavailable; db.r6g.xlarge)`, "maxconn", { kind: "pg", where: "top" }],
    [66, "Bash", { command: `psql "$WREN_STAGING_RO" -c 'show max_connections'` }, ` max_connections 
-----------------
 100
(1 row)
(staging: db.t4g.medium, default parameter group)`, undefined, { kind: "pg", where: "top" }],
    [67, "Bash", { command: "git commit -am 'db: NullPool in celery workers, api pool 5+5' && git log -1 --format='%h %s%n%n%b'" }, `[main 0d4b8e1] db: NullPool in celery workers, api pool 5+5
 2 files changed, 9 insertions(+), 3 deletions(-)
0d4b8e1 db: NullPool in celery workers, api pool 5+5

"remaining connection slots are reserved" once the ocr service scaled to
10 tasks: every prefork child had its own QueuePool (10 + 20 overflow) and
kept idle connections around, ~150 of the 200 slots were idle worker conns.
Workers now use NullPool (they hold a connection only for a short step since
5c70e2d), the api keeps 5+5 per gunicorn worker. max_connections raised to
400 in the wren-prod-pg16 parameter group (terraform/modules/rds).`, undefined, { kind: "build", where: "top" }],
    // ---- worker memory leak (Wed/Thu) ----
    [70, "Bash", { command: "aws ecs list-tasks --cluster wren-prod --service-name wren-worker-ocr --desired-status STOPPED --query 'taskArns' --output text | xargs aws ecs describe-tasks --cluster wren-prod --query 'tasks[].{task:taskArn,def:taskDefinitionArn,stopCode:stopCode,exit:containers[0].exitCode,reason:containers[0].reason,started:startedAt,stopped:stoppedAt}' --tasks" }, `[
    {
        "task": "arn:aws:ecs:${REG}:${ACCT}:task/wren-prod/4b0e9d7c21a34f6e8b1a0c5d2e7f9a13",
        "def": "${TD("wren-worker-ocr", 58)}",
        "stopCode": "EssentialContainerExited",
        "exit": 137,
        "reason": "OutOfMemoryError: Container killed due to memory usage",
        "started": "2026-11-11T06:02:11.402000+01:00",
        "stopped": "2026-11-11T09:14:52.118000+01:00"
    },
    {
        "task": "arn:aws:ecs:${REG}:${ACCT}:task/wren-prod/a7c3e1f09b2d4c58a6e4f1b0d9c2e871",
        "def": "${TD("wren-worker-ocr", 58)}",
        "stopCode": "EssentialContainerExited",
        "exit": 137,
        "reason": "OutOfMemoryError: Container killed due to memory usage",
        "started": "2026-11-11T06:40:27.930000+01:00",
        "stopped": "2026-11-11T09:51:03.441000+01:00"
    }
]
(14 stopped tasks since yesterday, all OOM, each after ~3 h; the tasks they were running were redelivered)`, undefined, { kind: "app", error: true, where: "top" }],
    [73, "Bash", { command: `${EXEC} wren-worker-ocr -- python -m app.tools.memdiff --task app.tasks.ocr.extract_text --docs 40 --frames 25` }, `tracemalloc: 25 frames, snapshot before / after 40 documents (1,212 pages)
[ Top 8 differences ]
/app/app/ocr/preprocess.py:57: size=1187 MiB (+1187 MiB), count=1212 (+1212), average=1003 KiB
/usr/local/lib/python3.12/site-packages/PIL/ImageFile.py:291: size=61.2 MiB (+58.9 MiB), count=388 (+371), average=161 KiB
/usr/local/lib/python3.12/site-packages/botocore/parsers.py:449: size=9412 KiB (+2210 KiB), count=88120 (+20112), average=109 B
/usr/local/lib/python3.12/site-packages/sqlalchemy/orm/identity.py:142: size=1804 KiB (+12.4 KiB), count=5120 (+41), average=361 B
/usr/local/lib/python3.12/json/decoder.py:353: size=911 KiB (+3840 B), count=9210 (+30), average=101 B
/app/app/ocr/textract.py:88: size=402 KiB (+0 B), count=1882 (+0), average=219 B
/usr/local/lib/python3.12/tracemalloc.py:558: size=88.2 KiB (+88.2 KiB), count=1210 (+1210), average=75 B
/usr/local/lib/python3.12/site-packages/kombu/messaging.py:512: size=12.0 KiB (+0 B), count=90 (+0), average=137 B
Top traceback for #1:
  File "/app/app/tasks/ocr.py", line 74
    image = load_page_image(doc.bucket, doc.s3_key, page_no)
  File "/app/app/ocr/preprocess.py", line 57
    return Image.open(io.BytesIO(raw)).convert("L")
RSS: 612 MiB -> 1893 MiB`, undefined, { kind: "app", where: "top" }],
    [78, "Read", { file_path: CFG_PATH }, CFG_V2, "celerycfg", { kind: "code", where: "top" }],
    [80, "Bash", { command: `aws ecs register-task-definition --cli-input-json file://ops/ecs/wren-worker-ocr.json --query 'taskDefinition.revision' && ${TDEF_CMD.command}` }, `60\n${workerTdef(60, "2048", "4096", 4, "2026.11.11-8e02d4b", "2026-11-11T14:02:37.551000+01:00", 1500000)}`, "workertdef", { kind: "app", where: "top" }],
    [82, "Bash", { command: `aws ecs update-service --cluster wren-prod --service wren-worker-ocr --task-definition wren-worker-ocr:60 >/dev/null && aws ecs wait services-stable --cluster wren-prod --services wren-worker-ocr && ${svcCmd("wren-worker-ocr").command}` }, svcOut("wren-worker-ocr", 7, 7, 0, "wren-worker-ocr", 60, [dep("PRIMARY", "wren-worker-ocr", 60, 7, 7, "COMPLETED", "2026-11-11T14:19:05.207000+01:00")], ["(service wren-worker-ocr) has reached a steady state.", "(service wren-worker-ocr) (deployment ecs-svc/2201948877410263311) deployment completed.", "(service wren-worker-ocr) has stopped 7 running tasks: (task 1b2f...) (task 4e90...) (task 7c11...) (task 8a3d...) (task b5e2...) (task c3d4...) (task f01c...)."]), "ecsworker", { kind: "app", where: "top" }],
    [85, "Bash", { command: "git commit -am 'ocr: drop the unbounded lru_cache on page images; max_tasks_per_child' && git log -1 --format='%h %s%n%n%b'" }, `[main e81a2c7] ocr: drop the unbounded lru_cache on page images; max_tasks_per_child
 3 files changed, 31 insertions(+), 9 deletions(-)
e81a2c7 ocr: drop the unbounded lru_cache on page images; max_tasks_per_child

ocr workers were OOM-killed (exit 137) about every 3 hours. tracemalloc
over 40 documents: +1187 MiB at app/ocr/preprocess.py:57, one decoded 300
dpi page image per page ever processed. load_page_image had
@lru_cache(maxsize=None) since the deskew refactor, keyed by (bucket, key,
page), so every page of every document stayed in memory for the life of
the process. The cache is now a per-document dict that is dropped when the
task ends. As a backstop celery recycles a child after 200 tasks or 1.5
GB. Task memory raised to 4 GB (:60) until we see it flat for a few days.`, undefined, { kind: "build", where: "top" }],
    // ---- pydantic v2 (Thu/Fri) ----
    [95, "Bash", { command: "poetry show pydantic" }, poetryShow("1.10.17", "Data validation and settings management using python type hints", ["typing-extensions >=4.2.0"]).replace("\n - pydantic-settings >=2.7.0", ""), "pydantic", { kind: "build", where: "top" }],
    [97, "Bash", { command: "poetry add 'pydantic@^2.8' 'pydantic-settings@^2.4' && poetry show pydantic" }, `Updating dependencies
Resolving dependencies... (4.1s)

Package operations: 4 installs, 1 update, 0 removals

  - Installing annotated-types (0.7.0)
  - Installing pydantic-core (2.20.1)
  - Installing python-dotenv (1.0.1)
  - Updating pydantic (1.10.17 -> 2.8.2)
  - Installing pydantic-settings (2.4.0)

Writing lock file
${poetryShow("2.8.2", "Data validation using Python type hints", ["annotated-types >=0.4.0", "pydantic-core 2.20.1", "typing-extensions >=4.6.1"])}`, "pydantic", { kind: "build", where: "top" }],
    [99, "Bash", GH_CMD, ghList([ghRow("X", "deps: pydantic v2 + pydantic-settings", "deps/pydantic-v2", "pull_request", "11873301842", "3m12s", "about 4 minutes ago"), ghRow("✓", "ocr: drop the unbounded lru_cache on pag…", "main", "push", "11869912077", "6m41s", "about 3 hours ago"), ghRow("✓", "db: NullPool in celery workers, api pool 5+5", "main", "push", "11852004410", "6m55s", "1 day ago"), ghRow("✓", "migrations: pages.ocr_engine not null in tw…", "main", "push", "11849120377", "7m10s", "1 day ago")]), "ci", { kind: "build", where: "top" }],
    [100, "Bash", { command: "gh run view 11873301842 --log-failed | grep -E 'error|ERROR|Found' | head -20" }, `lint\tmypy\t2026-11-12T15:40:12.301Z app/settings.py:3: error: Module "pydantic" has no attribute "BaseSettings"  [attr-defined]
lint\tmypy\t2026-11-12T15:40:12.301Z app/schemas/document.py:22: error: Unexpected keyword argument "regex" for "Field"  [call-arg]
lint\tmypy\t2026-11-12T15:40:12.302Z app/schemas/document.py:58: error: Unexpected keyword argument "orm_mode" for "ConfigDict"  [call-arg]
lint\tmypy\t2026-11-12T15:40:12.302Z app/api/jobs.py:41: error: "JobOut" has no attribute "parse_obj"; maybe "model_validate"?  [attr-defined]
lint\tmypy\t2026-11-12T15:40:12.310Z Found 4 errors in 3 files (checked 148 source files)
lint\tmypy\t2026-11-12T15:40:12.511Z ##[error]Process completed with exit code 1.
test\tpytest\t2026-11-12T15:41:02.880Z ERROR tests/conftest.py - pydantic.errors.PydanticImportError: \`BaseSettings\` has been moved to the \`pydantic-settings\` package. See https://docs.pydantic.dev/2.8/migration/#basesettings-has-moved-to-pydantic-settings for more details.
test\tpytest\t2026-11-12T15:41:02.881Z !!!!!!!!!!!!!!!!!!! Interrupted: 1 error during collection !!!!!!!!!!!!!!!!!!!
test\tpytest\t2026-11-12T15:41:02.881Z ========================= 1 error in 2.41s =========================
test\tpytest\t2026-11-12T15:41:03.004Z ##[error]Process completed with exit code 2.`, undefined, { kind: "build", error: true, where: "top" }],
    [103, "Edit", { file_path: `${W}/app/schemas/document.py`, old_string: "    external_id: str | None = Field(None, max_length=128, regex=r\"^[\\w.:-]+$\")", new_string: "    external_id: str | None = Field(None, max_length=128, pattern=r\"^[\\w.:-]+$\")" }, `The file ${W}/app/schemas/document.py has been updated. Here's the result of running \`cat -n\` on a snippet of the edited file:
  18\tclass DocumentCreate(BaseModel):
  19\t    filename: str = Field(..., max_length=255)
  20\t    content_type: Literal["application/pdf", "image/png", "image/jpeg", "image/tiff"]
  21\t    callback_url: HttpUrl | None = None
  22\t    external_id: str | None = Field(None, max_length=128, pattern=r"^[\\w.:-]+$")
(same session: class Config/orm_mode -> model_config = ConfigDict(from_attributes=True) in 3 schemas, parse_obj -> model_validate in app/api/jobs.py, app/settings.py imports BaseSettings from pydantic_settings)`, undefined, { kind: "code", where: "top" }],
    [106, "Bash", { command: "poetry run pytest -n 8 -q" }, `8 workers [612 items]
........................................................................ [ 11%]
.............................................F.......................... [ 23%]
........................................................................ [ 35%]
........................................................................ [ 47%]
........................................................................ [ 58%]
........................................................................ [ 70%]
........................................................................ [ 82%]
........................................................................ [ 94%]
....................................                                     [100%]
=================================== FAILURES ===================================
_________________________________ test_burst_then_429 _________________________________
[gw3] linux -- Python 3.12.7 /home/dev/.cache/pypoetry/virtualenvs/wren-Qk2x9aLm-py3.12/bin/python
tests/api/test_rate_limit.py:38: in test_burst_then_429
    assert resp.status_code == 429
E   assert 200 == 429
E    +  where 200 = <Response [200 OK]>.status_code
=========================== short test summary info ============================
FAILED tests/api/test_rate_limit.py::test_burst_then_429 - assert 200 == 429
1 failed, 611 passed in 48.20s
(rate limit test, untouched by the pydantic change; passed on the next run)`, undefined, { kind: "test", error: true, where: "bottom" }],
    [108, "Bash", GH_CMD, ghList([ghRow("✓", "deps: pydantic v2 + pydantic-settings", "deps/pydantic-v2", "pull_request", "11874410923", "6m48s", "about 2 minutes ago"), ghRow("X", "deps: pydantic v2 + pydantic-settings", "deps/pydantic-v2", "pull_request", "11873301842", "3m12s", "about 1 hour ago"), ghRow("✓", "ocr: drop the unbounded lru_cache on pag…", "main", "push", "11869912077", "6m41s", "about 4 hours ago"), ghRow("✓", "db: NullPool in celery workers, api pool 5+5", "main", "push", "11852004410", "6m55s", "1 day ago")]), "ci", { kind: "build", where: "top" }],
    [110, "Bash", { command: `./scripts/deploy.sh api && ${svcCmd("wren-api").command}` }, svcOut("wren-api", 3, 3, 0, "wren-api", 115, [dep("PRIMARY", "wren-api", 115, 3, 3, "COMPLETED", "2026-11-13T09:31:44.019000+01:00")], ["(service wren-api) has reached a steady state.", "(service wren-api) (deployment ecs-svc/8810022934471855102) deployment completed.", "(service wren-api) has stopped 3 running tasks: (task 2e1f...) (task 6d0a...) (task 9b7c...)."]), "ecsapi", { kind: "app", where: "top" }],
    [112, "Bash", { command: "aws logs tail /ecs/wren-api --since 20m --format short --filter-pattern '\" 422 \"' | head -8 && ./scripts/insights.sh /ecs/wren-api --since 20m 'filter status = 422 | stats count(*) as n by tenant'" }, `2026-11-13T09:36:02 10.0.4.17:40212 - "POST /v1/documents HTTP/1.1" 422 detail=[{"type":"string_type","loc":["body","external_id"],"msg":"Input should be a valid string","input":48213377}]
2026-11-13T09:36:02 10.0.4.17:40218 - "POST /v1/documents HTTP/1.1" 422 detail=[{"type":"string_type","loc":["body","external_id"],"msg":"Input should be a valid string","input":48213378}]
2026-11-13T09:36:03 10.0.5.22:51877 - "POST /v1/documents HTTP/1.1" 422 detail=[{"type":"string_type","loc":["body","external_id"],"msg":"Input should be a valid string","input":48213379}]
2026-11-13T09:36:04 10.0.4.17:40231 - "POST /v1/documents HTTP/1.1" 422 detail=[{"type":"string_type","loc":["body","external_id"],"msg":"Input should be a valid string","input":48213380}]
tenant              n
------------------  ----
acme-logistics      1940
norvik-legal        3
(since wren-api:115 went live at 09:31; acme's ERP sends external_id as a JSON number, pydantic v1 coerced it to str, v2 does not)`, undefined, { kind: "app", error: true, where: "top" }],
    [114, "Bash", { command: `aws ecs update-service --cluster wren-prod --service wren-api --task-definition wren-api:114 >/dev/null && aws ecs wait services-stable --cluster wren-prod --services wren-api && ${svcCmd("wren-api").command}` }, svcOut("wren-api", 3, 3, 0, "wren-api", 114, [dep("PRIMARY", "wren-api", 114, 3, 3, "COMPLETED", "2026-11-13T09:49:18.660000+01:00")], ["(service wren-api) has reached a steady state.", "(service wren-api) (deployment ecs-svc/3091877204416620913) deployment completed.", "(service wren-api) has stopped 3 running tasks: (task 0a4e...) (task 5f2b...) (task c81d...)."]), "ecsapi", { kind: "app", where: "top" }],
    [116, "Edit", { file_path: `${W}/app/schemas/document.py`, old_string: "class DocumentCreate(BaseModel):\n", new_string: "class DocumentCreate(BaseModel):\n    # clients (acme's ERP) send external_id as a number; v1 coerced it, v2 is strict\n    model_config = ConfigDict(coerce_numbers_to_str=True)\n\n" }, `The file ${W}/app/schemas/document.py has been updated. Here's the result of running \`cat -n\` on a snippet of the edited file:
  18\tclass DocumentCreate(BaseModel):
  19\t    # clients (acme's ERP) send external_id as a number; v1 coerced it, v2 is strict
  20\t    model_config = ConfigDict(coerce_numbers_to_str=True)
  21\t
  22\t    filename: str = Field(..., max_length=255)
  23\t    content_type: Literal["application/pdf", "image/png", "image/jpeg", "image/tiff"]
  24\t    callback_url: HttpUrl | None = None
  25\t    external_id: str | None = Field(None, max_length=128, pattern=r"^[\\w.:-]+$")
(+ tests/api/test_documents.py::test_create_document_numeric_external_id)`, undefined, { kind: "code", where: "top" }],
    [120, "Bash", { command: "poetry update pydantic pydantic-settings && poetry show pydantic" }, `Updating dependencies
Resolving dependencies... (3.2s)

Package operations: 0 installs, 3 updates, 0 removals

  - Updating pydantic-core (2.20.1 -> 2.23.4)
  - Updating pydantic (2.8.2 -> 2.9.2)
  - Updating pydantic-settings (2.4.0 -> 2.6.1)

Writing lock file
${poetryShow("2.9.2", "Data validation using Python type hints", ["annotated-types >=0.6.0", "pydantic-core 2.23.4", "typing-extensions >=4.6.1"])}`, "pydantic", { kind: "build", where: "top" }],
    [122, "Bash", { command: "git commit -am 'api: accept numeric external_id again (pydantic v2 is strict)' && git log -1 --format='%h %s%n%n%b'" }, `[main 4f09b6e] api: accept numeric external_id again (pydantic v2 is strict)
 4 files changed, 38 insertions(+), 12 deletions(-)
4f09b6e api: accept numeric external_id again (pydantic v2 is strict)

After the pydantic v2 release (wren-api:115) POST /v1/documents answered
422 "Input should be a valid string" for 1940 uploads from acme-logistics
in 15 minutes: their ERP sends external_id as a JSON number, v1 silently
coerced it to str, v2 does not. The api was rolled back to wren-api:114
(the v1 build) at 09:49. DocumentCreate now sets coerce_numbers_to_str, and
a test posts a numeric external_id. pydantic 2.9.2 / pydantic-core 2.23.4.`, undefined, { kind: "build", where: "top" }],
    [124, "Bash", { command: `./scripts/deploy.sh api && ${svcCmd("wren-api").command}` }, svcOut("wren-api", 3, 3, 0, "wren-api", 116, [dep("PRIMARY", "wren-api", 116, 3, 3, "COMPLETED", "2026-11-13T13:12:07.338000+01:00")], ["(service wren-api) has reached a steady state.", "(service wren-api) (deployment ecs-svc/5520193847710266412) deployment completed.", "(service wren-api) registered 3 targets in (target-group arn:aws:elasticloadbalancing:eu-central-1:731904562218:targetgroup/wren-api-prod/5f1e0b2a9c3d4e71)"]), "ecsapi", { kind: "app", where: "top" }],
    // ---- flaky rate-limit test ----
    [126, "Bash", FLAKY_CMD, flaky("run 3 FAILED\nrun 4 FAILED\nrun 9 FAILED\nrun 14 FAILED\nrun 17 FAILED\nrun 20 FAILED", 6, "(all in tests/api/test_rate_limit.py: test_burst_then_429 or test_window_resets_after_60s)"), "flaky", { kind: "test", error: true, where: "bottom" }],
    [130, "Edit", { file_path: `${W}/tests/conftest.py`, old_string: "def redis_client():\n    client = redis.Redis.from_url(\"redis://localhost:6379/0\")", new_string: "def redis_client(worker_id):\n    # one redis db per xdist worker (gw0 -> 1, gw1 -> 2, ...): flushdb must not hit another worker's counters\n    db = 0 if worker_id == \"master\" else int(worker_id.removeprefix(\"gw\")) + 1\n    client = redis.Redis.from_url(f\"redis://localhost:6379/{db}\")" }, `The file ${W}/tests/conftest.py has been updated. Here's the result of running \`cat -n\` on a snippet of the edited file:
  31\t@pytest.fixture()
  32\tdef redis_client(worker_id):
  33\t    # one redis db per xdist worker (gw0 -> 1, gw1 -> 2, ...): flushdb must not hit another worker's counters
  34\t    db = 0 if worker_id == "master" else int(worker_id.removeprefix("gw")) + 1
  35\t    client = redis.Redis.from_url(f"redis://localhost:6379/{db}")
  36\t    yield client
  37\t    client.flushdb()`, undefined, { kind: "code", where: "top" }],
    [131, "Bash", FLAKY_CMD, flaky("(no failed runs)", 0), "flaky", { kind: "test", where: "bottom" }],
    [132, "Bash", { command: "git commit -am 'tests: a redis db per xdist worker' && git log -1 --format='%h %s%n%n%b'" }, `[main 7e3d1a0] tests: a redis db per xdist worker
 1 file changed, 3 insertions(+), 2 deletions(-)
7e3d1a0 tests: a redis db per xdist worker

test_rate_limit failed 6 of 20 runs under pytest -n 8. The frozen clock
(freezegun, tick=False) was fine; the redis_client fixture used db 0 for
every xdist worker and its teardown calls flushdb(), so a test finishing
on gw2 wiped the rate-limit counters of a test still counting on gw5 and
the 11th request came back 200 instead of 429. Each worker now gets its
own db (worker_id). 0/20 failures.`, undefined, { kind: "build", where: "top" }],
    [134, "Bash", { command: "poetry run ruff --version && poetry run ruff check ." }, `ruff 0.7.3
app/tasks/retention.py:14:32: UP017 [*] Use \`datetime.UTC\` alias
app/ocr/textract.py:61:24: UP017 [*] Use \`datetime.UTC\` alias
app/api/documents.py:88:9: B904 Within an \`except\` clause, raise exceptions with \`raise ... from err\` or \`raise ... from None\` to distinguish them from errors in exception handling
app/api/jobs.py:12:1: I001 [*] Import block is un-sorted or un-formatted
app/ocr/preprocess.py:3:1: F401 [*] \`functools.lru_cache\` imported but unused
tests/tasks/test_ocr.py:140:5: PT011 \`pytest.raises(ValueError)\` is too broad, set the \`match\` parameter or use a more specific exception
tests/conftest.py:9:1: I001 [*] Import block is un-sorted or un-formatted
Found 7 errors.
[*] 5 fixable with the \`--fix\` option.`, "ruff", { kind: "build", error: true, where: "top" }],
    [136, "Bash", { command: "poetry run ruff check --fix . && poetry run ruff check ." }, `Found 7 errors (5 fixed, 2 remaining).
(B904 and PT011 fixed by hand in the same commit)
All checks passed!`, "ruff", { kind: "build", where: "top" }],
    [138, "Bash", { command: `${EXEC} wren-api -- sh -c 'alembic upgrade head && alembic current'` }, `${ALEMBIC_HEAD}
INFO  [alembic.runtime.migration] Running upgrade d85a0f3c2b19 -> f2c6a8e41d07, documents.retention_until + index (concurrently)
${ALEMBIC_HEAD}
f2c6a8e41d07 (head)`, "alembic", { kind: "app", where: "top" }],
    // ---- secret rotation (Mon 2026-11-16) ----
    [140, "Bash", { command: SECRET_CMD }, secret("2026-10-18T03:12:44.901000+02:00", "2026-10-18T03:12:45.210000+02:00", "2026-11-17T01:59:59+01:00", "3d0c8a51-77e2-4b9f-a1c4-6f2e9b0d5a18", "f1a92c07-4e3b-4d6a-8b0f-2c7d9e1a4b63"), "secret", { kind: "app", where: "top" }],
    [141, "Bash", { command: "aws secretsmanager rotate-secret --secret-id wren/prod/db" }, `{
    "ARN": "arn:aws:secretsmanager:${REG}:${ACCT}:secret:wren/prod/db-Xk29qL",
    "Name": "wren/prod/db",
    "VersionId": "b7e40f29-1c6d-4a83-9e5b-0d2f8a7c3e91"
}
(rotated early: the full DATABASE_URL showed up in a Sentry breadcrumb of a LockNotAvailable event last week; breadcrumb scrubbing fixed in app/sentry.py)`, undefined, { kind: "app", where: "top" }],
    [143, "Bash", { command: "aws logs tail /ecs/wren-worker-ocr --since 15m --format short --filter-pattern 'password authentication failed'" }, `2026-11-16T10:22:41 [2026-11-16 10:22:41,118: ERROR/ForkPoolWorker-2] Task app.tasks.ocr.extract_text[51c0...] raised unexpected: OperationalError('(psycopg.OperationalError) connection failed: connection to server at "10.0.21.40", port 5432 failed: FATAL:  password authentication failed for user "wren_app"')
2026-11-16T10:22:44 [2026-11-16 10:22:44,702: ERROR/ForkPoolWorker-1] Task app.tasks.ocr.finalize_document[0e77...] raised unexpected: OperationalError('(psycopg.OperationalError) connection failed: connection to server at "10.0.21.40", port 5432 failed: FATAL:  password authentication failed for user "wren_app"')
(every ocr and light worker task since the rotation at 10:21; api tasks too on new connections. ECS resolves "secrets" only when a task starts, so running tasks still have the old password, and the single-user rotation changed it in place)`, undefined, { kind: "app", error: true, where: "top" }],
    [146, "Bash", { command: `aws ecs update-service --cluster wren-prod --service wren-worker-ocr --force-new-deployment >/dev/null && aws ecs update-service --cluster wren-prod --service wren-worker-light --force-new-deployment >/dev/null && aws ecs update-service --cluster wren-prod --service wren-api --force-new-deployment >/dev/null && sleep 300 && ${SECRET_CMD}` }, secret("2026-11-16T10:21:07.330000+01:00", "2026-11-16T10:21:07.612000+01:00", "2026-12-16T00:59:59+01:00", "b7e40f29-1c6d-4a83-9e5b-0d2f8a7c3e91", "3d0c8a51-77e2-4b9f-a1c4-6f2e9b0d5a18"), "secret", { kind: "app", where: "top" }],
    [147, "Bash", { command: "git commit -am 'ops: rotate wren/prod/db with alternating users, redeploy after rotation' && git log -1 --format='%h %s%n%n%b'" }, `[main c2f8e90] ops: rotate wren/prod/db with alternating users, redeploy after rotation
 3 files changed, 44 insertions(+), 6 deletions(-)
c2f8e90 ops: rotate wren/prod/db with alternating users, redeploy after rotation

Rotating wren/prod/db this morning broke every running api and worker task
for ~6 minutes with 'password authentication failed for user "wren_app"'.
ECS injects secrets as env vars at task start, so running tasks kept the
old password, and the single-user rotation function changed that password
in place. The rotation Lambda now uses the alternating-users strategy
(wren_app / wren_app_clone, the previous user stays valid until the next
rotation) and an EventBridge rule on RotationSucceeded forces a new
deployment of wren-api, wren-worker-ocr and wren-worker-light.`, undefined, { kind: "build", where: "top" }],
    [149, "Bash", GH_CMD, ghList([ghRow("X", "deps: sentry-sdk[celery,fastapi] 2.18", "main", "push", "11931775028", "0m58s", "about 6 minutes ago"), ghRow("✓", "ops: rotate wren/prod/db with alternating u…", "main", "push", "11929021446", "7m21s", "about 2 hours ago"), ghRow("✓", "tests: a redis db per xdist worker", "main", "push", "11901114562", "6m37s", "3 days ago"), ghRow("✓", "api: accept numeric external_id again (pyd…", "main", "push", "11899402117", "6m59s", "3 days ago")]), "ci", { kind: "build", where: "top" }],
    [150, "Bash", { command: "gh run view 11931775028 --log-failed | tail -8" }, `lint\tInstall dependencies\t2026-11-16T13:04:51.201Z Installing dependencies from lock file
lint\tInstall dependencies\t2026-11-16T13:04:51.880Z 
lint\tInstall dependencies\t2026-11-16T13:04:51.880Z pyproject.toml changed significantly since poetry.lock was last generated. Run \`poetry lock [--no-update]\` to fix the lock file.
lint\tInstall dependencies\t2026-11-16T13:04:52.004Z ##[error]Process completed with exit code 1.
test\tInstall dependencies\t2026-11-16T13:04:52.330Z pyproject.toml changed significantly since poetry.lock was last generated. Run \`poetry lock [--no-update]\` to fix the lock file.
test\tInstall dependencies\t2026-11-16T13:04:52.441Z ##[error]Process completed with exit code 1.
(the sentry bump edited pyproject.toml in the GitHub web editor, no lock file in the commit; fixed with poetry lock --no-update, commit 1a6e4f2)`, undefined, { kind: "build", error: true, where: "top" }],
    // ---- ALB 502s and gunicorn (Tue 2026-11-17) ----
    [152, "Bash", { command: "./scripts/metric.sh AWS/ApplicationELB HTTPCode_ELB_502_Count LoadBalancer=app/wren-prod/8e1f0a2b3c4d5e6f --since 6h --period 1h --stat Sum && aws elbv2 describe-load-balancer-attributes --load-balancer-arn $(./scripts/alb-arn.sh wren-prod) --query \"Attributes[?Key=='idle_timeout.timeout_seconds']\"" }, `HTTPCode_ELB_502_Count Sum/1h (wren-prod):
03:00    4
04:00    2
05:00   11
06:00   38
07:00  122
08:00  141
[
    {
        "Key": "idle_timeout.timeout_seconds",
        "Value": "60"
    }
]
(access log: elb_status_code 502, target_status_code "-", request_processing_time -1 on reused connections; api never logged the requests)`, undefined, { kind: "app", error: true, where: "top" }],
    [153, "Read", { file_path: `${W}/gunicorn.conf.py` }, gunicorn(4, 5), "gunicorn", { kind: "code", where: "top" }],
    [158, "Read", { file_path: `${W}/gunicorn.conf.py` }, gunicorn(3, 75, ["# must be above the ALB idle timeout (60 s): otherwise gunicorn closes an idle", "# keep-alive connection the ALB is about to reuse and the ALB answers 502"]), "gunicorn", { kind: "code", where: "top" }],
    [160, "Bash", { command: "git commit -am 'api: gunicorn keepalive 75 (> alb idle timeout), 3 workers per task' && git log -1 --format='%h %s%n%n%b'" }, `[main 6b2e19d] api: gunicorn keepalive 75 (> alb idle timeout), 3 workers per task
 2 files changed, 5 insertions(+), 2 deletions(-)
6b2e19d api: gunicorn keepalive 75 (> alb idle timeout), 3 workers per task

Intermittent 502s from the ALB with no matching request in the api logs.
gunicorn's keepalive was 5 s and the ALB keeps idle connections to targets
for 60 s, so gunicorn closed connections the ALB then reused: 502 with
target_status_code "-". keepalive is now 75 s. WEB_CONCURRENCY 4 -> 3 since
the task has 2 GB and each uvicorn worker sits at ~520 MB with the pydantic
v2 schemas loaded; api desired count 3 -> 4 to keep the same capacity.`, undefined, { kind: "build", where: "top" }],
    [162, "Bash", { command: `./scripts/deploy.sh api --desired-count 4 && ${svcCmd("wren-api").command}` }, svcOut("wren-api", 4, 4, 0, "wren-api", 117, [dep("PRIMARY", "wren-api", 117, 4, 4, "COMPLETED", "2026-11-17T11:40:52.902000+01:00")], ["(service wren-api) has reached a steady state.", "(service wren-api) (deployment ecs-svc/6612098347712093341) deployment completed.", "(service wren-api) registered 4 targets in (target-group arn:aws:elasticloadbalancing:eu-central-1:731904562218:targetgroup/wren-api-prod/5f1e0b2a9c3d4e71)"]), "ecsapi", { kind: "app", where: "top" }],
    // ---- redis results, worker sizing, autoscaling retune (Wed/Thu) ----
    [164, "Bash", REDIS_CMD, redisInfo("5.81G", "5.93G", "1.08", 2104877, 61211034, 18220, 31877), "redis", { kind: "app", where: "top" }],
    [166, "Read", { file_path: CFG_PATH }, CFG_V3, "celerycfg", { kind: "code", where: "top" }],
    [168, "Bash", { command: `aws ecs register-task-definition --cli-input-json file://ops/ecs/wren-worker-ocr.json --query 'taskDefinition.revision' && ${TDEF_CMD.command}` }, `63\n${workerTdef(63, "1024", "3072", 3, "2026.11.18-2d7a91f", "2026-11-18T10:11:29.004000+01:00", 900000)}`, "workertdef", { kind: "app", where: "top" }],
    [170, "Bash", { command: "git commit -am 'ocr worker: 1 vCPU / 3 GB, concurrency 3; result_expires 1h' && git log -1 --format='%h %s%n%n%b'" }, `[main d41c7b8] ocr worker: 1 vCPU / 3 GB, concurrency 3; result_expires 1h
 4 files changed, 17 insertions(+), 9 deletions(-)
d41c7b8 ocr worker: 1 vCPU / 3 GB, concurrency 3; result_expires 1h

Since e81a2c7 worker memory has been flat for 6 days at ~780 MB per child
peak, so the 2 vCPU / 4 GB tasks (:60) were mostly idle money. New :63 is
1 vCPU / 3 GB with concurrency 3 (4 children at 900 MB max each did not fit
in 3 GB) and max_tasks_per_child 100. Autoscaling follows: backlog target
100 per task, max 12 tasks. Redis was at 5.8 of 6 GB with 2.1M
celery-task-meta keys: results are kept 1 h instead of 24 h and thumbnail
tasks do not store results at all.`, undefined, { kind: "build", where: "top" }],
    [173, "Bash", { command: `${TF} apply -auto-approve -target=module.ocr_worker >/dev/null && ${AS_CMD.command}` }, scalable([AS_API, AS_LIGHT, AS_OCR_NOW]), "scalable", { kind: "app", where: "top" }],
    [174, "Bash", POLICY_CMD, policyBacklog("100.0", 60, 600, "2026-11-09T11:48:02.771000+01:00"), "scalepolicy", { kind: "app", where: "top" }],
    [176, "Bash", RMQ_Q_CMD, rmqQueues([["ocr", 31877, 12], ["ocr.priority", 4, 12], ["thumbnails", 210, 4], ["webhooks", 8, 2], ["celery", 0, 4], ["celeryev.9d01b2e4-3f6a-4c7d-8e21-b0a5c9f4d312", 0, 1]], "(Thursday 08:10: acme-logistics month-end batch upload, 31k documents; autoscaling at max 12)"), "rmqqueues", { kind: "app", where: "top" }],
    [180, "Bash", REDIS_CMD, redisInfo("1.12G", "5.93G", "1.21", 88410, 1804117, 17904, 31877), "redis", { kind: "app", where: "top" }],
    // ---- textract throttling ----
    [182, "Bash", { command: "aws logs tail /ecs/wren-worker-ocr --since 1h --format short --filter-pattern '?ProvisionedThroughputExceededException ?MaxRetriesExceededError'" }, `2026-11-19T08:22:10 [2026-11-19 08:22:10,441: INFO/ForkPoolWorker-2] Task app.tasks.ocr.extract_text[8c1e...] retry: Retry in 8s: ProvisionedThroughputExceededException('An error occurred (ProvisionedThroughputExceededException) when calling the StartDocumentTextDetection operation (reached max retries: 4): Provisioned rate exceeded')
2026-11-19T08:22:31 [2026-11-19 08:22:31,902: INFO/ForkPoolWorker-1] Task app.tasks.ocr.extract_text[2b90...] retry: Retry in 16s: ProvisionedThroughputExceededException(...)
2026-11-19T08:24:02 [2026-11-19 08:24:02,018: ERROR/ForkPoolWorker-3] Task app.tasks.ocr.extract_text[44fa...] raised unexpected: MaxRetriesExceededError("Can't retry app.tasks.ocr.extract_text[44fa...] args:('doc_01JD1Q8W2E',) kwargs:{}")
(412 MaxRetriesExceededError in the last hour, all during the month-end batch: 36 tasks hitting StartDocumentTextDetection together, quota 10 TPS; retries back off 1-2-4-8-16 s and give up after 5)`, undefined, { kind: "app", error: true, where: "top" }],
    [184, "Read", { file_path: `${W}/app/tasks/ocr.py` }, `  18\t@shared_task(
  19\t    bind=True,
  20\t    acks_late=True,
  21\t    autoretry_for=(ClientError, LayoutModelUnavailable),
  22\t    retry_backoff=True,
  23\t    retry_backoff_max=60,
  24\t    retry_jitter=False,
  25\t    max_retries=5,
  26\t)
  27\tdef extract_text(self, document_id: str) -> dict:
  28\t    with SessionLocal() as session:
  29\t        doc = session.get(Document, document_id)`, "ocrtask", { kind: "code", where: "top" }],
    [186, "Edit", { file_path: `${W}/app/tasks/ocr.py`, old_string: "    autoretry_for=(ClientError, LayoutModelUnavailable),\n    retry_backoff=True,\n    retry_backoff_max=60,\n    retry_jitter=False,\n    max_retries=5,", new_string: "    autoretry_for=(TextractThrottled, ClientError, LayoutModelUnavailable),\n    retry_backoff=5,\n    retry_backoff_max=300,\n    retry_jitter=True,\n    max_retries=10," }, `The file ${W}/app/tasks/ocr.py has been updated. Here's the result of running \`cat -n\` on a snippet of the edited file:
  18\t@shared_task(
  19\t    bind=True,
  20\t    acks_late=True,
  21\t    # textract start calls are throttled account-wide (10 TPS): spread retries out
  22\t    autoretry_for=(TextractThrottled, ClientError, LayoutModelUnavailable),
  23\t    retry_backoff=5,
  24\t    retry_backoff_max=300,
  25\t    retry_jitter=True,
  26\t    max_retries=10,
  27\t)`, "ocrtask", { kind: "code", where: "top" }],
    [187, "Bash", { command: "git commit -am 'ocr: retry textract throttling with jitter' && git log -1 --format='%h %s%n%n%b'" }, `[main a90d3f5] ocr: retry textract throttling with jitter
 3 files changed, 29 insertions(+), 7 deletions(-)
a90d3f5 ocr: retry textract throttling with jitter

During the acme month-end batch 412 documents failed with
MaxRetriesExceededError: 36 worker processes called
StartDocumentTextDetection at once against the account's 10 TPS quota,
and the retries (1, 2, 4, 8, 16 s, no jitter) came back in lockstep.
Retries now start at 5 s, go up to 300 s with full jitter, 10 attempts;
botocore's adaptive retry mode for the textract client. A quota increase
to 25 TPS is requested (case 17319402881). The 412 failed documents were
re-queued with scripts/requeue_failed.py.`, undefined, { kind: "build", where: "top" }],
    [190, "Bash", RMQ_Q_CMD, rmqQueues([["ocr", 214, 9], ["ocr.priority", 0, 9], ["thumbnails", 0, 4], ["webhooks", 1, 2], ["celery", 0, 4], ["celeryev.9d01b2e4-3f6a-4c7d-8e21-b0a5c9f4d312", 0, 1]]), "rmqqueues", { kind: "app", where: "top" }],
    [191, "Bash", svcCmd("wren-worker-ocr"), svcOut("wren-worker-ocr", 9, 9, 0, "wren-worker-ocr", 63, [dep("PRIMARY", "wren-worker-ocr", 63, 9, 9, "COMPLETED", "2026-11-19T15:02:44.170000+01:00")], ["(service wren-worker-ocr) has stopped 3 running tasks: (task 0d9e...) (task 6a1b...) (task e47c...).", "(service wren-worker-ocr) has reached a steady state.", "(service wren-worker-ocr) Successfully set desired count to 9. Change reason: monitor alarm TargetTracking-service/wren-prod/wren-worker-ocr-AlarmLow-5d7f2b18 in state ALARM triggered policy wren-worker-ocr-backlog"]), "ecsworker", { kind: "app", where: "top" }],
    [193, "Bash", STATS_CMD, celeryStats("ip-10-0-13-208.eu-central-1.compute.internal", 3, 100, 3000, 3300, 3, 801224, 161, 20410), "celerystats", { kind: "app", where: "top" }],
    [195, "Bash", ALARM_CMD, alarms([alRow("wren-prod-api-5xx", "OK", "2026-11-17T11:52:10.330000+00:00"), alRow("wren-prod-api-p95-latency", "OK", "2026-11-13T09:58:41.118000+00:00"), alRow("wren-prod-ocr-backlog", "OK", "2026-11-19T12:31:00.872000+00:00"), alRow("wren-prod-ocr-oldest-message", "OK", "2026-11-19T11:46:00.209000+00:00"), alRow("wren-prod-rds-connections", "OK", "2026-11-10T21:09:11.400000+00:00"), alRow("wren-prod-rds-cpu", "OK", "2026-11-19T10:02:12.771000+00:00"), alRow("wren-prod-redis-memory", "OK", "2026-11-18T09:30:08.552000+00:00"), ALARM_TEXTRACT_NOW, alRow("wren-prod-worker-memory", "OK", "2026-11-11T16:20:51.004000+00:00")]), "alarms", { kind: "app", where: "top" }],
    [197, "Bash", GH_CMD, ghList([CI_NOW, ghRow("✓", "ocr worker: 1 vCPU / 3 GB, concurrency 3; re…", "main", "push", "11987730412", "6m49s", "1 day ago"), ghRow("✓", "api: gunicorn keepalive 75 (> alb idle time…", "main", "push", "11952208873", "6m41s", "2 days ago"), ghRow("✓", "deps: lock sentry-sdk 2.18", "main", "push", "11931990134", "6m58s", "3 days ago")]), "ci", { kind: "build", where: "top" }],
    [199, "Bash", svcCmd("wren-worker-ocr", "wren-staging"), svcOut("wren-worker-ocr", 1, 1, 0, "wren-worker-ocr-staging", 88, [dep("PRIMARY", "wren-worker-ocr-staging", 88, 1, 1, "COMPLETED", "2026-11-19T09:40:02.500000+01:00")], ["(service wren-worker-ocr) has reached a steady state.", "(service wren-worker-ocr) (deployment ecs-svc/1188204937751022918) deployment completed.", "(service wren-worker-ocr) has started 1 tasks: (task 3f0e...)."]), undefined, { kind: "app", where: "top" }],
    [201, "Bash", { command: "git log --oneline -n 16" }, `a90d3f5 ocr: retry textract throttling with jitter
d41c7b8 ocr worker: 1 vCPU / 3 GB, concurrency 3; result_expires 1h
6b2e19d api: gunicorn keepalive 75 (> alb idle timeout), 3 workers per task
1a6e4f2 deps: lock sentry-sdk 2.18
b33c0e7 deps: sentry-sdk[celery,fastapi] 2.18
c2f8e90 ops: rotate wren/prod/db with alternating users, redeploy after rotation
90e5a1c migrations: documents.retention_until
f7d2b44 lint: ruff 0.7 fixes
7e3d1a0 tests: a redis db per xdist worker
4f09b6e api: accept numeric external_id again (pydantic v2 is strict)
28c1d9a deps: pydantic v2 + pydantic-settings
e81a2c7 ocr: drop the unbounded lru_cache on page images; max_tasks_per_child
0d4b8e1 db: NullPool in celery workers, api pool 5+5
5c70e2d migrations: pages.ocr_engine not null in two steps; no db session across textract
9a1f7c3 autoscale ocr workers on backlog per task, not cpu
3be91d4 celery: prefetch 1, time limits under the broker's consumer_timeout`, undefined, { kind: "build", where: "top" }],
    [204, "Bash", { command: "sentry-cli issues list --org wren --project wren-worker --status unresolved --max-rows 6" }, `+-------------+--------------------------------------------------------------------+--------+-------+
| Issue ID    | Title                                                              | Events | Users |
+-------------+--------------------------------------------------------------------+--------+-------+
| WREN-WRK-3F | MaxRetriesExceededError: Can't retry app.tasks.ocr.extract_text... | 412    | 0     |
| WREN-WRK-3C | SoftTimeLimitExceeded: app.tasks.ocr.extract_text                  | 7      | 0     |
| WREN-WRK-2Z | LayoutModelUnavailable: 503 from layout.wren.internal              | 31     | 0     |
| WREN-WRK-1K | PreconditionFailed: (406) PRECONDITION_FAILED - delivery acknow... | 2841   | 0     |
+-------------+--------------------------------------------------------------------+--------+-------+
(WREN-WRK-1K last seen 2026-11-09 09:04, nothing since the prefetch change; MaxRetries ones are Thursday's batch, already re-queued)`, undefined, { kind: "app", where: "top" }],
  ],
  questions: [
    // ---- state ----
    { kind: "state", prompt: "how many ocr worker tasks are running rn", want: [{ key: "ecsworker", fact: '"desiredCount": 9' }] },
    { kind: "state", prompt: "which task def revision are the ocr workers on now", want: [{ key: "ecsworker", fact: "wren-worker-ocr:63" }] },
    { kind: "state", prompt: "how much mem does an ocr worker task get these days", want: [{ key: "workertdef", fact: '"memory": "3072"' }] },
    { kind: "state", prompt: "whats the consumer timeout on the rabbit brokers atm", want: [{ key: "rmqconf", fact: "consumer_timeout = 3600000" }] },
    { kind: "state", prompt: "how deep is the ocr queue right now", want: [{ key: "rmqqueues", fact: "ocr\t214\t9" }] },
    { kind: "state", prompt: "do we still store results for the thumbnail tasks", want: [{ key: "celerycfg", fact: '{"app.tasks.thumbs.*": {"ignore_result": True}}' }] },
    { kind: "state", prompt: "how many msgs does each worker reserve from rabbit now", want: [{ key: "celerystats", fact: '"prefetch_count": 3' }] },
    { kind: "state", prompt: "which alembic revision is the prod db at", want: [{ key: "alembic", fact: "f2c6a8e41d07 (head)" }] },
    { kind: "state", prompt: "max conns on prod postgres currently?", want: [{ key: "maxconn", fact: "-----------------\n 400" }] },
    { kind: "state", prompt: "what pydantic are we on", want: [{ key: "pydantic", fact: PYD_NOW }] },
    { kind: "state", prompt: "which api task def is live in prod", want: [{ key: "ecsapi", fact: "wren-api:117" }] },
    { kind: "state", prompt: "how many api containers do we run now", want: [{ key: "ecsapi", fact: '"desiredCount": 4' }] },
    { kind: "state", prompt: "gunicorn keepalive value rn", want: [{ key: "gunicorn", fact: "keepalive = 75" }] },
    { kind: "state", prompt: "what's the backlog per task target the ocr autoscaler aims for now", want: [{ key: "scalepolicy", fact: '"TargetValue": 100.0' }] },
    { kind: "state", prompt: "redis mem usage these days?", want: [{ key: "redis", fact: "used_memory_human:1.12G" }] },
    { kind: "state", prompt: "any cloudwatch alarms firing at the moment", want: [{ key: "alarms", fact: ALARM_TEXTRACT_NOW }] },
    { kind: "state", prompt: "when was the prod db password last rotated", want: [{ key: "secret", fact: '"LastRotatedDate": "2026-11-16T10:21:07.330000+01:00"' }] },
    { kind: "state", prompt: "is the rate limit test still flakey", want: [{ key: "flaky", fact: "0/20 runs failed" }] },
    { kind: "state", prompt: "how many retries does extract_text get before giving up now", want: [{ key: "ocrtask", fact: "max_retries=10," }] },
    { kind: "state", prompt: "api db pool size, after all the conn changes?", want: [{ key: "dbpool", fact: '{"pool_size": 5, "max_overflow": 5}' }] },
    // ---- history ----
    { kind: "history", prompt: "why did rabbit keep closing the channels on the ocr workers monday", want: [{ turn: 17, fact: "after\n30 min RabbitMQ's consumer_timeout (1800000 ms) closed the channel" }] },
    { kind: "history", prompt: "what was the prefetch count per worker before we changed anything", want: [{ turn: 9, fact: '"prefetch_count": 16' }] },
    { kind: "history", prompt: "how many msgs were stuck in the ocr queue when this all started", want: [{ turn: 2, fact: "ocr\t18422\t0" }] },
    { kind: "history", prompt: "why didnt the ocr service scale out during the backlog", want: [{ turn: 40, fact: "the target tracking policy\nwas on average CPU 70%" }] },
    { kind: "history", prompt: "what killed the pages not-null migration in the deploy", want: [{ turn: 44, fact: "canceling statement due to lock timeout" }] },
    { kind: "history", prompt: "who was holding locks on pages while the alter was waiting", want: [{ turn: 45, fact: "wren-worker-ocr  | idle in transaction | 00:24:51.20311" }] },
    { kind: "history", prompt: "what error did we get when the db ran out of connection slots", want: [{ turn: 57, fact: "remaining connection slots are reserved for roles with the SUPERUSER attribute" }] },
    { kind: "history", prompt: "what was actually leaking mem in the ocr worker", want: [{ turn: 73, fact: "/app/app/ocr/preprocess.py:57: size=1187 MiB (+1187 MiB)" }] },
    { kind: "history", prompt: "exit code / reason when the workers were dying wed", want: [{ turn: 70, fact: '"reason": "OutOfMemoryError: Container killed due to memory usage"' }] },
    { kind: "history", prompt: "what broke ci after the pydantic bump", want: [{ turn: 100, fact: "`BaseSettings` has been moved to the `pydantic-settings` package" }] },
    { kind: "history", prompt: "which revision did we roll the api back to after the v2 release", want: [{ turn: 114, fact: TD("wren-api", 114) }] },
    { kind: "history", prompt: "why were uploads getting 422s after the pydantic deploy", want: [{ turn: 112, fact: '"msg":"Input should be a valid string","input":48213377' }] },
    { kind: "history", prompt: "what was the real cause of the flaky rate limit tests", want: [{ turn: 132, fact: "its teardown calls flushdb()" }] },
    { kind: "history", prompt: "why did everything fail db auth after we rotated the secret", want: [{ turn: 147, fact: "ECS injects secrets as env vars at task start" }] },
    { kind: "history", prompt: "what was the ci failure on the sentry-sdk bump", want: [{ turn: 150, fact: "pyproject.toml changed significantly since poetry.lock was last generated" }] },
    // ---- multi ----
    { kind: "multi", prompt: "how many ocr workers rn vs the autoscaling max", want: [{ key: "ecsworker", fact: '"desiredCount": 9' }, { key: "scalable", fact: AS_OCR_NOW }] },
    { kind: "multi", prompt: "broker consumer timeout, and what prefetch do the workers end up with", want: [{ key: "rmqconf", fact: "consumer_timeout = 3600000" }, { key: "celerystats", fact: '"prefetch_count": 3' }] },
    { kind: "multi", prompt: "pydantic version and is ci green?", want: [{ key: "pydantic", fact: PYD_NOW }, { key: "ci", fact: CI_NOW }] },
    { kind: "multi", prompt: "live api rev + gunicorn keepalive", want: [{ key: "ecsapi", fact: "wren-api:117" }, { key: "gunicorn", fact: "keepalive = 75" }] },
    { kind: "multi", prompt: "max_connections on the db as well as the api's sqlalchemy pool size", want: [{ key: "maxconn", fact: "-----------------\n 400" }, { key: "dbpool", fact: '{"pool_size": 5, "max_overflow": 5}' }] },
    { kind: "multi", prompt: "redis used mem / how long celery results are kept", want: [{ key: "redis", fact: "used_memory_human:1.12G" }, { key: "celerycfg", fact: "result_expires = 3600" }] },
    { kind: "multi", prompt: "what alembic rev is prod on? anything in ALARM?", want: [{ key: "alembic", fact: "f2c6a8e41d07 (head)" }, { key: "alarms", fact: ALARM_TEXTRACT_NOW }] },
    { kind: "multi", prompt: "is the flaky test fixed, plus is ruff clean now", want: [{ key: "flaky", fact: "0/20 runs failed" }, { key: "ruff", fact: "All checks passed!" }] },
    { kind: "multi", prompt: "worker task mem, concurrency per task", want: [{ key: "workertdef", fact: '"memory": "3072"' }, { key: "celerystats", fact: '"max-concurrency": 3' }] },
    // ---- none ----
    { kind: "none", prompt: "thanks, that's it for today" },
    { kind: "none", prompt: "in general whats the difference between acks_late and the prefetch multiplier in celery" },
    { kind: "none", prompt: "grabbing coffee brb" },
    { kind: "none", prompt: "generally when would you pick sqs over rabbitmq for celery" },
  ],
};

/** Held out from the selection work: written blind, never run before it was registered (Python OCR pipeline on ECS). */
export const HELD_OUT_36 = [wren];
