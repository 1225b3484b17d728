// Two more held-out recall sessions (format: tests/recall/build.mjs): written blind, without reading the selection's
// code, its tests or any benchmark result, and kept out of the selection work. HELD_OUT_30: a Django 5 + Celery +
// Redis logistics back office on AWS ECS Fargate (web, worker and beat services behind an ALB, RDS Postgres,
// ElastiCache, CloudWatch alarms, Sentry, Terraform, GitHub Actions): a worker OOM-killed and its memory raised twice,
// a Redis broker visibility timeout that redelivered long report tasks, a flaky CSV export test, a Django 5.0 bump
// that broke two tests, a migration that locked the orders table and was unapplied then split in three, a web release
// rolled back after gunicorn moved to port 8080 and the target group was replaced, RDS resized after running out of
// CPU credits and its max_connections raised, alarm thresholds and autoscaling bounds changed, a local Redis port
// moved after a clash; English questions. HELD_OUT_31: a Go gRPC payments ledger on GKE (Cloud Spanner, Pub/Sub,
// Memorystore, Helm, Argo CD, OpenTelemetry): a release rolled back because it read a column its schema migration had
// not added yet, a dirty migration forced and re-run, Pub/Sub ack deadline and dead lettering changed, pod memory
// raised twice after OOM kills, Spanner compute raised, the collector's sampling changed twice, a flaky test on the
// shared emulator database, Memorystore moved to TLS on another port, an HPA and an alert threshold changed; the user
// writes Turkish for about half the questions.

// ───────────────────────────── osprey ─────────────────────────────

const O = "/home/dev/osprey";
const ACCT = "318417602239";
const ECR = `${ACCT}.dkr.ecr.us-east-2.amazonaws.com/osprey`;
const TG = `arn:aws:elasticloadbalancing:us-east-2:${ACCT}:targetgroup`;

const edited = (file, snippet) => `The file ${file} has been updated. Here's the result of running \`cat -n\` on a snippet of the edited file:\n${snippet}`;

const svcCmd = (svc) => ({ command: `aws ecs describe-services --cluster osprey-prod --services ${svc} --query 'services[0].{status:status,desired:desiredCount,running:runningCount,pending:pendingCount,taskDef:taskDefinition,rollout:deployments[0].rolloutState,port:loadBalancers[0].containerPort,events:events[:3].message}' --output yaml` });
const svcDesc = (svc, o) => `desired: ${o.desired}
events:
${o.events.map((e) => `- '(service ${svc}) ${e}'`).join("\n")}
pending: ${o.pending ?? 0}
${o.port ? `port: ${o.port}\n` : "port: null\n"}rollout: ${o.rollout ?? "COMPLETED"}
running: ${o.running ?? o.desired}
status: ACTIVE
taskDef: arn:aws:ecs:us-east-2:${ACCT}:task-definition/${svc}:${o.rev}`;
const WEB_SVC = svcCmd("osprey-web");
const WORKER_SVC = svcCmd("osprey-worker");
const steady = "has reached a steady state.";

const tdCmd = (family) => ({ command: `aws ecs describe-task-definition --task-definition ${family} --query 'taskDefinition.{revision:revision,cpu:cpu,memory:memory,image:containerDefinitions[0].image,command:containerDefinitions[0].command,portMappings:containerDefinitions[0].portMappings,env:containerDefinitions[0].environment}' --output yaml` });
const workerTd = (o) => `command:
- celery
- -A
- osprey
- worker
- -l
- info
- -Q
- default,reports
cpu: '${o.cpu}'
env:
- name: CELERY_BROKER_VISIBILITY_TIMEOUT
  value: '${o.vis}'
- name: CELERY_WORKER_CONCURRENCY
  value: '${o.conc}'
${o.mtpc ? `- name: CELERY_WORKER_MAX_TASKS_PER_CHILD\n  value: '${o.mtpc}'\n` : ""}- name: DJANGO_SETTINGS_MODULE
  value: osprey.settings.prod
- name: SENTRY_ENVIRONMENT
  value: production
image: ${ECR}:${o.tag}
memory: '${o.mem}'
portMappings: []
revision: ${o.rev}`;
const webTd = (o) => `command:
- gunicorn
- osprey.wsgi
- -c
- gunicorn.conf.py
cpu: '1024'
env:
- name: DJANGO_SETTINGS_MODULE
  value: osprey.settings.prod
- name: GUNICORN_WORKERS
  value: '${o.workers}'
- name: SENTRY_ENVIRONMENT
  value: production
- name: SENTRY_TRACES_SAMPLE_RATE
  value: '${o.sample}'
image: ${ECR}:${o.tag}
memory: '2048'
portMappings:
- containerPort: ${o.port}
  hostPort: ${o.port}
  protocol: tcp
revision: ${o.rev}`;
const WORKER_TD = tdCmd("osprey-worker");
const WEB_TD = tdCmd("osprey-web");

const freezeCmd = { command: "source .venv/bin/activate && pip freeze | grep -iE '^(django|celery|kombu|redis|sentry-sdk|psycopg|gunicorn|django-storages|boto3|djangorestframework)=='" };
const freeze = (django, celery, kombu, sentry) => `boto3==1.35.54
celery==${celery}
Django==${django}
django-storages==1.14.4
djangorestframework==3.15.2
gunicorn==23.0.0
kombu==${kombu}
psycopg==3.2.3
redis==5.2.0
sentry-sdk==${sentry}`;

const dockerPs = (rows) => `CONTAINER ID   IMAGE                         COMMAND                  CREATED        STATUS                  PORTS                                       NAMES
${rows.join("\n")}`;
const DPS = { command: "docker ps --format 'table {{.ID}}\\t{{.Image}}\\t{{.Command}}\\t{{.RunningFor}}\\t{{.Status}}\\t{{.Ports}}\\t{{.Names}}'" };

const ALARMS = { command: "aws cloudwatch describe-alarms --alarm-name-prefix osprey- --query 'MetricAlarms[].[AlarmName,MetricName,Threshold,EvaluationPeriods,Period,StateValue]' --output text" };
const alarms = (fivexx, fiveEval, queue, rdsCpu) => `osprey-rds-cpu\tCPUUtilization\t${rdsCpu}\t3\t300\tOK
osprey-rds-free-storage\tFreeStorageSpace\t10737418240.0\t1\t300\tOK
osprey-web-5xx\tHTTPCode_Target_5XX_Count\t${fivexx}\t${fiveEval}\t60\tOK
osprey-web-p95-latency\tTargetResponseTime\t1.5\t5\t60\tOK
osprey-worker-queue-depth\tReportsQueueDepth\t${queue}\t3\t300\tOK`;

const QDEPTH = { command: "for q in default reports notifications; do printf '%s\\t' $q; redis-cli -h osprey-redis.x8k2qd.ng.0001.use2.cache.amazonaws.com -p 6379 llen $q; done" };

const SCALING = { command: "aws application-autoscaling describe-scalable-targets --service-namespace ecs --resource-ids service/osprey-prod/osprey-web --query 'ScalableTargets[0].[MinCapacity,MaxCapacity]' --output text && aws application-autoscaling describe-scaling-policies --service-namespace ecs --resource-id service/osprey-prod/osprey-web --query 'ScalingPolicies[].[PolicyName,TargetTrackingScalingPolicyConfiguration.TargetValue,TargetTrackingScalingPolicyConfiguration.ScaleInCooldown]' --output text" };
const scaling = (min, max, target, cool) => `${min}\t${max}\nosprey-web-cpu-target\t${target}\t${cool}`;

const RDS = { command: "aws rds describe-db-instances --db-instance-identifier osprey-prod-pg --query 'DBInstances[0].{DBInstanceClass:DBInstanceClass,Engine:Engine,EngineVersion:EngineVersion,MultiAZ:MultiAZ,AllocatedStorage:AllocatedStorage,MaxAllocatedStorage:MaxAllocatedStorage,DBParameterGroup:DBParameterGroups[0].DBParameterGroupName,ParameterApplyStatus:DBParameterGroups[0].ParameterApplyStatus,Status:DBInstanceStatus}' --output yaml" };
const rds = (cls, ver, pg, apply) => `AllocatedStorage: 200
DBInstanceClass: ${cls}
DBParameterGroup: ${pg}
Engine: postgres
EngineVersion: '${ver}'
MaxAllocatedStorage: 500
MultiAZ: true
ParameterApplyStatus: ${apply}
Status: available`;
const pgParamsCmd = (pg) => ({ command: `aws rds describe-db-parameters --db-parameter-group-name ${pg} --source user --query 'Parameters[].[ParameterName,ParameterValue,ApplyType,ApplyMethod]' --output text` });
const pgParams = (maxConns, apply) => `idle_in_transaction_session_timeout\t60000\tdynamic\timmediate
lock_timeout\t0\tdynamic\timmediate
log_min_duration_statement\t500\tdynamic\timmediate
max_connections\t${maxConns}\tstatic\t${apply}
rds.force_ssl\t1\tdynamic\timmediate
statement_timeout\t30000\tdynamic\timmediate`;

const TGH = { command: `aws elbv2 describe-target-health --target-group-arn $(terraform -chdir=infra output -raw web_target_group_arn) --query 'TargetHealthDescriptions[].[Target.Id,Target.Port,TargetHealth.State,TargetHealth.Reason]' --output text` };

const sentryIssues = (rows) => `+-----------------+----------------------------------------------------------------------------------+----------------------------------------------+--------+-------+
| Short ID        | Title                                                                            | Culprit                                      | Events | Users |
+-----------------+----------------------------------------------------------------------------------+----------------------------------------------+--------+-------+
${rows.map(([id, title, culprit, ev, us]) => `| ${id.padEnd(15)} | ${title.padEnd(80)} | ${culprit.padEnd(44)} | ${String(ev).padEnd(6)} | ${String(us).padEnd(5)} |`).join("\n")}
+-----------------+----------------------------------------------------------------------------------+----------------------------------------------+--------+-------+`;
const SENTRY = { command: "sentry-cli issues list --org osprey-logistics --project osprey-backend --query 'is:unresolved' --max-rows 4" };

const TF_PLAN = { command: "terraform -chdir=infra plan -no-color" };
const tfHead = `Acquiring state lock. This may take a few moments...
aws_ecs_cluster.prod: Refreshing state... [id=arn:aws:ecs:us-east-2:${ACCT}:cluster/osprey-prod]
aws_lb.osprey: Refreshing state... [id=arn:aws:elasticloadbalancing:us-east-2:${ACCT}:loadbalancer/app/osprey-prod/6b1e0c2d9f3a4e11]
aws_db_instance.pg: Refreshing state... [id=osprey-prod-pg]
aws_elasticache_replication_group.redis: Refreshing state... [id=osprey-redis]
aws_ecs_service.web: Refreshing state... [id=arn:aws:ecs:us-east-2:${ACCT}:service/osprey-prod/osprey-web]
aws_ecs_service.worker: Refreshing state... [id=arn:aws:ecs:us-east-2:${ACCT}:service/osprey-prod/osprey-worker]
aws_ecs_service.beat: Refreshing state... [id=arn:aws:ecs:us-east-2:${ACCT}:service/osprey-prod/osprey-beat]
`;

const suiteRun = (summary, failures = "") => `============================= test session starts ==============================
platform linux -- Python 3.12.7, pytest-8.3.3, pluggy-1.5.0
django: version: ${summary.django}, settings: osprey.settings.test (from ini)
rootdir: ${O}
configfile: pyproject.toml
plugins: django-4.9.0, xdist-3.6.1, freezegun-0.4.2, repeat-0.9.3, randomly-3.16.0
created: 8/8 workers
8 workers [${summary.collected} items]
${failures}
=========================== short test summary info ============================
${summary.line}`;

const MIGRATE = (args) => ({ command: `aws ecs run-task --cluster osprey-prod --launch-type FARGATE --task-definition osprey-manage --network-configuration file://infra/run-task-net.json --overrides '{"containerOverrides":[{"name":"manage","command":["python","manage.py","migrate"${args}]}]}' --query 'tasks[0].taskArn' --output text | xargs -I{} sh -c 'aws ecs wait tasks-stopped --cluster osprey-prod --tasks {} && aws logs tail /ecs/osprey-manage --since 15m --format short'` });

const ghRuns = (rows) => `STATUS  TITLE                                                   WORKFLOW  BRANCH  EVENT  ID           ELAPSED  AGE
${rows.join("\n")}`;
const CI = { command: "gh run list --branch main --limit 5" };

const osprey = {
  name: "osprey (held out 30)",
  sessionId: "8c4d2e71-0b3f-4a59-b6e2-9f1d7a3c5e30",
  cwd: O,
  turns: 214,
  seed: 30303,
  files: ["osprey/settings/base.py", "osprey/settings/prod.py", "osprey/celery.py", "orders/models.py", "orders/filters.py", "orders/api/views.py", "orders/api/serializers.py", "reports/tasks.py", "reports/statements.py", "exports/csv.py", "notifications/sms.py", "notifications/tasks.py", "billing/invoices.py", "gunicorn.conf.py", "Dockerfile", "docker-compose.yml", "infra/ecs_web.tf", "infra/ecs_worker.tf", "infra/alb.tf", "infra/rds.tf", "infra/alarms.tf", ".github/workflows/deploy.yml"],
  otherTests: ["tests/billing/test_invoice_pdf.py", "tests/orders/test_order_model.py", "tests/notifications/test_email.py", "tests/api/test_auth.py", "tests/reports/test_statement_builder.py"],
  words: ["order", "shipment", "carrier", "invoice", "statement", "report", "export", "depot", "driver", "route", "manifest", "queryset", "serializer", "task", "worker", "beat", "broker", "cache", "tenant", "webhook", "migration", "settings", "parcel", "customer", "pallet"],
  grepWords: ["shared_task", "select_related", "CELERY_BROKER_TRANSPORT_OPTIONS", "timezone.utc", "soft_time_limit", "TODO", "order_by("],
  testCommands: ["pytest tests/orders -q", "pytest tests/billing -q -p no:randomly", "pytest -k carrier -q", "pytest tests/api/test_auth.py -q"],
  buildCommands: ["ruff check .", "python manage.py check --deploy --settings=osprey.settings.prod", "docker build -t osprey:dev .", "terraform -chdir=infra validate", "mypy orders reports"],
  appCommands: ["aws logs tail /ecs/osprey-web --since 10m --format short", "aws logs tail /ecs/osprey-worker --since 10m --format short", "docker compose logs --tail 40 worker"],
  prompts: ["continue", "ok next", "go on", "keep going", "next step", "ok", "proceed", "carry on", "yep do it", "sounds good, continue"],
  facts: [
    [2, "Bash", { command: "aws ecs list-services --cluster osprey-prod --output text && aws ecs list-tasks --cluster osprey-prod --desired-status RUNNING --query 'length(taskArns)'" }, `SERVICEARNS\tarn:aws:ecs:us-east-2:${ACCT}:service/osprey-prod/osprey-beat
SERVICEARNS\tarn:aws:ecs:us-east-2:${ACCT}:service/osprey-prod/osprey-web
SERVICEARNS\tarn:aws:ecs:us-east-2:${ACCT}:service/osprey-prod/osprey-worker
5`, undefined, { kind: "app", where: "top" }],
    [4, "Bash", WEB_SVC, svcDesc("osprey-web", { desired: 2, rev: 41, port: 8000, events: [steady, "has started 1 tasks: (task 3f9c1a20b7e54d0c8a61f2e4b9d07c13).", "registered 1 targets in (target-group osprey-web-tg)"] }), "webdesc", { kind: "app", where: "top" }],
    [5, "Bash", WEB_TD, webTd({ rev: 41, tag: "1.17.2", port: 8000, workers: 4, sample: "0.1" }), "webtd", { kind: "app", where: "top" }],
    [6, "Bash", WORKER_SVC, svcDesc("osprey-worker", { desired: 2, rev: 29, events: [steady, "has started 1 tasks: (task 9a0e4b7c21d64f3e85c0a1b2d3e4f5a6).", "has stopped 1 running tasks: (task 77b2c9e0a4d14c5fb8e3a9d0c1e2f3a4)."] }), "workerdesc", { kind: "app", where: "top" }],
    [8, "Bash", WORKER_TD, workerTd({ rev: 29, cpu: 512, mem: 1024, vis: 3600, conc: 4, tag: "1.17.2" }), "workertd", { kind: "app", where: "top" }],
    [10, "Bash", freezeCmd, freeze("4.2.16", "5.3.6", "5.3.7", "1.45.0"), "pipfreeze", { kind: "build", where: "top" }],
    [12, "Bash", DPS, dockerPs([
      "a41c09e7b2d1   osprey:dev                    \"gunicorn osprey.wsg…\"   2 hours ago    Up 2 hours              0.0.0.0:8000->8000/tcp                      osprey-web-1",
      "5be2d8f0c3a9   osprey:dev                    \"celery -A osprey wo…\"   2 hours ago    Up 2 hours                                                          osprey-worker-1",
      "c07f1e3d9a42   redis:7.2-alpine              \"docker-entrypoint.s…\"   2 hours ago    Up 2 hours              0.0.0.0:6379->6379/tcp                      osprey-redis-1",
      "e9d3b1a0f6c8   postgres:15.7                 \"docker-entrypoint.s…\"   2 hours ago    Up 2 hours (healthy)    0.0.0.0:5432->5432/tcp                      osprey-db-1",
    ]), "dockerps", { kind: "app", where: "top" }],
    [14, "Bash", SENTRY, sentryIssues([
      ["OSPREY-BACK-4F1", "WorkerLostError: Worker exited prematurely: signal 9 (SIGKILL) Job: 17.", "reports.tasks.build_monthly_statement", 318, 0],
      ["OSPREY-BACK-4E7", "IntegrityError: duplicate key value violates unique constraint \"reports_statement_uniq\"", "reports.tasks.build_monthly_statement", 96, 0],
      ["OSPREY-BACK-3ZQ", "ValidationError: {'postcode': ['Enter a valid postcode.']}", "orders.api.views in create", 41, 22],
      ["OSPREY-BACK-3X2", "DisallowedHost: Invalid HTTP_HOST header: '10.40.2.77:8000'", "django.http.request in get_host", 12, 0],
    ]), "sentry", { kind: "app", where: "top" }],
    [16, "Bash", { command: "aws ecs list-tasks --cluster osprey-prod --service-name osprey-worker --desired-status STOPPED --query 'taskArns[0]' --output text | xargs aws ecs describe-tasks --cluster osprey-prod --query 'tasks[0].{cpu:cpu,memory:memory,taskDefinitionArn:taskDefinitionArn,stopCode:stopCode,stoppedReason:stoppedReason,stoppedAt:stoppedAt,containers:containers[].{name:name,exitCode:exitCode,reason:reason}}' --output yaml --tasks" }, `containers:
- exitCode: 137
  name: worker
  reason: 'OutOfMemoryError: Container killed due to memory usage'
cpu: '512'
memory: '1024'
stopCode: EssentialContainerExited
stoppedAt: '2026-12-01T02:14:51.204000+00:00'
stoppedReason: Essential container in task exited
taskDefinitionArn: arn:aws:ecs:us-east-2:${ACCT}:task-definition/osprey-worker:29`, undefined, { kind: "app", where: "top" }],
    [18, "Bash", { command: "aws cloudwatch get-metric-statistics --namespace ECS/ContainerInsights --metric-name MemoryUtilized --dimensions Name=ClusterName,Value=osprey-prod Name=ServiceName,Value=osprey-worker --start-time 2026-12-01T00:00:00Z --end-time 2026-12-01T03:00:00Z --period 900 --statistics Maximum --output text" }, `LABEL\tMemoryUtilized
DATAPOINTS\t412.0\t2026-12-01T00:00:00+00:00\tMegabytes
DATAPOINTS\t488.0\t2026-12-01T00:15:00+00:00\tMegabytes
DATAPOINTS\t731.0\t2026-12-01T01:30:00+00:00\tMegabytes
DATAPOINTS\t1019.0\t2026-12-01T02:00:00+00:00\tMegabytes
DATAPOINTS\t1022.0\t2026-12-01T02:15:00+00:00\tMegabytes
(peak 1022 MiB of 1024 MiB while build_monthly_statement ran for tenant acme-freight: 41,880 shipments loaded into one list)`, undefined, { kind: "app", where: "top" }],
    [20, "Edit", { file_path: `${O}/infra/ecs_worker.tf`, old_string: "  cpu    = 512\n  memory = 1024", new_string: "  cpu    = 1024\n  memory = 2048" }, edited(`${O}/infra/ecs_worker.tf`, `    14\tresource "aws_ecs_task_definition" "worker" {\n    15\t  family                   = "osprey-worker"\n    16\t  requires_compatibilities = ["FARGATE"]\n    17\t  network_mode             = "awsvpc"\n    18\t  cpu    = 1024\n    19\t  memory = 2048\n    20\t  execution_role_arn       = aws_iam_role.ecs_execution.arn`), undefined, { kind: "code", where: "top" }],
    [22, "Bash", TF_PLAN, `${tfHead}
Terraform will perform the following actions:

  # aws_ecs_service.worker will be updated in-place
  ~ resource "aws_ecs_service" "worker" {
        id                                 = "arn:aws:ecs:us-east-2:${ACCT}:service/osprey-prod/osprey-worker"
        name                               = "osprey-worker"
      ~ task_definition                    = "osprey-worker:29" -> (known after apply)
        # (14 unchanged attributes hidden)
    }

  # aws_ecs_task_definition.worker must be replaced
-/+ resource "aws_ecs_task_definition" "worker" {
      ~ cpu                      = "512" -> "1024" # forces replacement
      ~ memory                   = "1024" -> "2048" # forces replacement
      ~ revision                 = 29 -> (known after apply)
        # (8 unchanged attributes hidden)
    }

Plan: 1 to add, 1 to change, 1 to destroy.`, "tfplan", { kind: "build", where: "top" }],
    [23, "Bash", { command: "terraform -chdir=infra apply -auto-approve -no-color | tail -4" }, "aws_ecs_task_definition.worker: Creation complete after 1s [id=osprey-worker]\naws_ecs_service.worker: Modifications complete after 2s [id=arn:aws:ecs:us-east-2:318417602239:service/osprey-prod/osprey-worker]\n\nApply complete! Resources: 1 added, 1 changed, 1 destroyed.", undefined, { kind: "build", where: "bottom" }],
    [24, "Bash", WORKER_TD, workerTd({ rev: 30, cpu: 1024, mem: 2048, vis: 3600, conc: 4, tag: "1.17.2" }), "workertd", { kind: "app", where: "top" }],
    [28, "Bash", ALARMS, alarms("50.0", 1, "500.0", "80.0"), "alarms", { kind: "app", where: "top" }],
    [30, "Bash", QDEPTH, "default\t38\nreports\t14211\nnotifications\t5", "queuedepth", { kind: "app", where: "top" }],
    [32, "Bash", { command: "aws logs filter-log-events --log-group-name /ecs/osprey-worker --start-time $(date -d '2026-12-01T01:00:00Z' +%s000) --filter-pattern '\"build_monthly_statement\" ?\"unacknowledged\"' --query 'events[].message' --output text | tr '\\t' '\\n' | head -12" }, `[2026-12-01 01:02:11,040: INFO/MainProcess] Task reports.tasks.build_monthly_statement[6f1d2c0a-81e4-4b7a-9d35-0e2c4a1b7f90] received
[2026-12-01 01:02:11,052: INFO/ForkPoolWorker-2] build_monthly_statement tenant=acme-freight period=2026-11 started
[2026-12-01 02:02:13,377: WARNING/MainProcess] Restoring 3 unacknowledged message(s)
[2026-12-01 02:02:13,901: INFO/MainProcess] Task reports.tasks.build_monthly_statement[6f1d2c0a-81e4-4b7a-9d35-0e2c4a1b7f90] received
[2026-12-01 02:02:13,915: INFO/ForkPoolWorker-3] build_monthly_statement tenant=acme-freight period=2026-11 started
[2026-12-01 02:41:55,602: INFO/ForkPoolWorker-2] build_monthly_statement tenant=acme-freight period=2026-11 finished in 5984s
(the same task id started again exactly one hour after it was received: the Redis transport's visibility_timeout is 3600 s and the acme-freight statement takes ~100 min, so the message was handed to a second worker while the first was still running; the second run hit reports_statement_uniq)`, undefined, { kind: "app", where: "top" }],
    [34, "Edit", { file_path: `${O}/osprey/settings/prod.py`, old_string: 'CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": 3600}', new_string: 'CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": env.int("CELERY_BROKER_VISIBILITY_TIMEOUT", 3600)}' }, edited(`${O}/osprey/settings/prod.py`, `    61\tCELERY_BROKER_URL = env("REDIS_URL")\n    62\tCELERY_TASK_ACKS_LATE = True\n    63\tCELERY_WORKER_PREFETCH_MULTIPLIER = 1\n    64\tCELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": env.int("CELERY_BROKER_VISIBILITY_TIMEOUT", 3600)}`), undefined, { kind: "code", where: "top" }],
    [36, "Bash", WORKER_TD, workerTd({ rev: 31, cpu: 1024, mem: 2048, vis: 7200, conc: 4, tag: "1.17.3" }), "workertd", { kind: "app", where: "top" }],
    [38, "Bash", { command: "pytest -n 8 -q" }, suiteRun({ django: "4.2.16", collected: 585, line: "FAILED tests/exports/test_csv_export.py::test_export_rows_in_created_order - AssertionError: assert ['INV-1003', 'INV-1001', 'INV-1002'] == ['INV-1001', 'INV-1002', 'INV-1003']\n============ 1 failed, 584 passed in 61.20s (0:01:01) ============" }), "suite", { kind: "test", error: true, where: "top" }],
    [40, "Bash", { command: "pytest -n 8 -q" }, suiteRun({ django: "4.2.16", collected: 585, line: "============ 585 passed in 59.87s ============" }), "suite", { kind: "test", where: "top" }],
    [42, "Bash", { command: "pytest tests/exports/test_csv_export.py::test_export_rows_in_created_order --count 30 -q -p no:randomly" }, `..F.........F.......F.........                                           [100%]
=================================== FAILURES ===================================
__________________ test_export_rows_in_created_order[3-30] ___________________
    @freeze_time("2026-11-30 12:00:00")
    def test_export_rows_in_created_order(org):
        InvoiceFactory.create_batch(3, organization=org)
        rows = list(export_invoices_csv(org))[1:]
>       assert [r[0] for r in rows] == ["INV-1001", "INV-1002", "INV-1003"]
E       AssertionError: assert ['INV-1002', 'INV-1001', 'INV-1003'] == ['INV-1001', 'INV-1002', 'INV-1003']

tests/exports/test_csv_export.py:44: AssertionError
=========================== short test summary info ============================
3 failed, 27 passed in 9.41s`, "flaky", { kind: "test", error: true, where: "top" }],
    [44, "Read", { file_path: `${O}/exports/csv.py` }, `    18\tdef export_invoices_csv(org):
    19\t    # rows come out in created order ("oldest first" is what finance asked for)
    20\t    qs = Invoice.objects.filter(organization=org).order_by("created_at")
    21\t    yield HEADER
    22\t    for inv in qs.iterator(chunk_size=2000):
    23\t        yield [inv.number, inv.customer.name, inv.total, inv.created_at.isoformat()]`, undefined, { kind: "code", where: "top" }],
    [46, "Edit", { file_path: `${O}/exports/csv.py`, old_string: '.order_by("created_at")', new_string: '.order_by("created_at", "id")' }, edited(`${O}/exports/csv.py`, `    18\tdef export_invoices_csv(org):\n    19\t    # rows come out in created order ("oldest first" is what finance asked for)\n    20\t    # freeze_time gives every invoice of a test the same created_at, and postgres returns ties in any order:\n    21\t    # break them on the primary key\n    22\t    qs = Invoice.objects.filter(organization=org).order_by("created_at", "id")`), undefined, { kind: "code", where: "top" }],
    [48, "Bash", { command: "pytest tests/exports/test_csv_export.py::test_export_rows_in_created_order --count 30 -q -p no:randomly" }, "..............................                                           [100%]\n30 passed in 9.84s", "flaky", { kind: "test", where: "top" }],
    [50, "Bash", { command: "pytest tests/billing -q -p no:randomly" }, `.......F..............                                                   [100%]
=================================== FAILURES ===================================
_________________________ test_pdf_totals_rounding ___________________________
>       assert invoice_pdf_totals(inv)["total"] == Decimal("10.00")
E       AssertionError: assert Decimal('10.01') == Decimal('10.00')

tests/billing/test_invoice_pdf.py:71: AssertionError
=========================== short test summary info ============================
FAILED tests/billing/test_invoice_pdf.py::test_pdf_totals_rounding - AssertionError: assert Decimal('10.01') == Decimal('10.00')
1 failed, 21 passed in 3.02s`, undefined, { kind: "test", error: true, where: "top" }],
    [52, "Bash", WEB_SVC, svcDesc("osprey-web", { desired: 2, rev: 42, port: 8000, events: [steady, "has started 2 tasks: (task 1d0a9c8e7b6f45a3b2c1d0e9f8a7b6c5) (task 2e1b0d9f8c7a46b4c3d2e1f0a9b8c7d6).", "deregistered 2 targets in (target-group osprey-web-tg)"] }), "webdesc", { kind: "app", where: "top" }],
    [54, "Bash", SCALING, scaling(2, 6, "70.0", 300), "scaling", { kind: "app", where: "top" }],
    [56, "Bash", { command: "aws cloudwatch get-metric-statistics --namespace AWS/ECS --metric-name CPUUtilization --dimensions Name=ClusterName,Value=osprey-prod Name=ServiceName,Value=osprey-web --start-time 2026-12-02T08:00:00Z --end-time 2026-12-02T12:00:00Z --period 3600 --statistics Maximum Average --output text" }, `LABEL\tCPUUtilization
DATAPOINTS\t38.2\t64.9\t2026-12-02T08:00:00+00:00\tPercent
DATAPOINTS\t57.0\t91.4\t2026-12-02T09:00:00+00:00\tPercent
DATAPOINTS\t61.8\t97.3\t2026-12-02T10:00:00+00:00\tPercent
DATAPOINTS\t44.1\t72.6\t2026-12-02T11:00:00+00:00\tPercent
(web sat at max 6 tasks from 09:20 to 10:40; p95 TargetResponseTime 2.8 s on /api/v1/manifests/)`, undefined, { kind: "app", where: "top" }],
    [58, "Bash", TF_PLAN, `${tfHead}
Terraform will perform the following actions:

  # aws_appautoscaling_policy.web_cpu will be updated in-place
  ~ resource "aws_appautoscaling_policy" "web_cpu" {
        name        = "osprey-web-cpu-target"
      ~ target_tracking_scaling_policy_configuration {
          ~ target_value       = 70 -> 60
            # (3 unchanged attributes hidden)
        }
    }

  # aws_appautoscaling_target.web will be updated in-place
  ~ resource "aws_appautoscaling_target" "web" {
      ~ max_capacity       = 6 -> 10
      ~ min_capacity       = 2 -> 4
        # (4 unchanged attributes hidden)
    }

Plan: 0 to add, 2 to change, 0 to destroy.`, "tfplan", { kind: "build", where: "top" }],
    [60, "Bash", SCALING, scaling(4, 10, "60.0", 300), "scaling", { kind: "app", where: "top" }],
    [62, "Bash", WEB_SVC, svcDesc("osprey-web", { desired: 4, rev: 42, port: 8000, events: [steady, "has started 2 tasks: (task 4a3b2c1d0e9f48a7b6c5d4e3f2a1b0c9) (task 5b4c3d2e1f0a49b8c7d6e5f4a3b2c1d0).", "registered 2 targets in (target-group osprey-web-tg)"] }), "webdesc", { kind: "app", where: "top" }],
    [64, "Bash", RDS, rds("db.t4g.large", "15.7", "osprey-pg15", "in-sync"), "rdsdesc", { kind: "app", where: "top" }],
    [66, "Bash", { command: "aws logs filter-log-events --log-group-name /ecs/osprey-web --start-time $(date -d '2026-12-02T10:00:00Z' +%s000) --filter-pattern 'OperationalError' --query 'events[:4].message' --output text | tr '\\t' '\\n'" }, `[2026-12-02 10:07:41 +0000] [31] [ERROR] Error handling request /api/v1/manifests/
django.db.utils.OperationalError: connection failed: connection to server at "10.40.12.31", port 5432 failed: FATAL:  remaining connection slots are reserved for non-replication superuser connections
[2026-12-02 10:07:42 +0000] [28] [ERROR] Error handling request /api/v1/orders/?status=open
django.db.utils.OperationalError: connection failed: connection to server at "10.40.12.31", port 5432 failed: FATAL:  remaining connection slots are reserved for non-replication superuser connections
(10 web tasks x 4 gunicorn workers x CONN_MAX_AGE=600 persistent connections + 3 worker tasks x 4 = 52, plus the reporting replica sync and psql sessions: pg_stat_activity showed 147 of 150)`, undefined, { kind: "app", where: "top" }],
    [68, "Bash", pgParamsCmd("osprey-pg15"), pgParams(150, "pending-reboot"), "pgparams", { kind: "pg", where: "top" }],
    [70, "Edit", { file_path: `${O}/infra/rds.tf`, old_string: '    value        = "150"', new_string: '    value        = "400"' }, edited(`${O}/infra/rds.tf`, `    31\tresource "aws_db_parameter_group" "pg15" {\n    32\t  name   = "osprey-pg15"\n    33\t  family = "postgres15"\n    34\t  parameter {\n    35\t    name         = "max_connections"\n    36\t    value        = "400"\n    37\t    apply_method = "pending-reboot"\n    38\t  }`), undefined, { kind: "code", where: "top" }],
    [72, "Bash", { command: "terraform -chdir=infra apply -auto-approve -no-color -target=aws_db_parameter_group.pg15 | tail -3 && aws rds reboot-db-instance --db-instance-identifier osprey-prod-pg --query 'DBInstance.DBInstanceStatus' --output text" }, "aws_db_parameter_group.pg15: Modifications complete after 1s [id=osprey-pg15]\n\nApply complete! Resources: 0 added, 1 changed, 0 destroyed.\nrebooting", undefined, { kind: "build", where: "bottom" }],
    [74, "Bash", pgParamsCmd("osprey-pg15"), pgParams(400, "pending-reboot"), "pgparams", { kind: "pg", where: "top" }],
    [78, "Bash", { command: "pip install 'Django==5.0.9' 'celery==5.4.0' 'sentry-sdk==2.18.0' 2>&1 | tail -2" }, "Installing collected packages: sentry-sdk, kombu, Django, celery\nSuccessfully installed Django-5.0.9 celery-5.4.0 kombu-5.4.2 sentry-sdk-2.18.0", undefined, { kind: "build", where: "bottom" }],
    [80, "Bash", { command: "pytest -n 8 -q" }, suiteRun({ django: "5.0.9", collected: 611, line: "FAILED tests/api/test_orders_api.py::test_order_list_filters_by_status - AttributeError: module 'django.utils.timezone' has no attribute 'utc'\nFAILED tests/accounts/test_password_reset.py::test_reset_rejects_unknown_email - TypeError: SimpleTestCase.assertFormError() takes from 4 to 5 positional arguments but 6 were given\n============ 2 failed, 609 passed in 63.75s (0:01:03) ============" }, `
=================================== FAILURES ===================================
_____________________ test_order_list_filters_by_status ______________________
orders/filters.py:27: in filter_created_after
    return qs.filter(created_at__gte=datetime.fromtimestamp(value, tz=timezone.utc))
E   AttributeError: module 'django.utils.timezone' has no attribute 'utc'
_____________________ test_reset_rejects_unknown_email _______________________
tests/accounts/test_password_reset.py:58: in test_reset_rejects_unknown_email
    self.assertFormError(response, "form", "email", "No account uses this address.")
E   TypeError: SimpleTestCase.assertFormError() takes from 4 to 5 positional arguments but 6 were given
`), "suite", { kind: "test", error: true, where: "top" }],
    [82, "Edit", { file_path: `${O}/orders/filters.py`, old_string: "datetime.fromtimestamp(value, tz=timezone.utc)", new_string: "datetime.fromtimestamp(value, tz=dt_timezone.utc)" }, edited(`${O}/orders/filters.py`, `     1\tfrom datetime import datetime, timezone as dt_timezone\n     2\t\n    ...\n    26\tdef filter_created_after(qs, name, value):\n    27\t    return qs.filter(created_at__gte=datetime.fromtimestamp(value, tz=dt_timezone.utc))`), undefined, { kind: "code", where: "top" }],
    [84, "Edit", { file_path: `${O}/tests/accounts/test_password_reset.py`, old_string: 'self.assertFormError(response, "form", "email", "No account uses this address.")', new_string: 'self.assertFormError(response.context["form"], "email", "No account uses this address.")' }, edited(`${O}/tests/accounts/test_password_reset.py`, `    56\t    def test_reset_rejects_unknown_email(self):\n    57\t        response = self.client.post(reverse("password_reset"), {"email": "nobody@example.org"})\n    58\t        self.assertFormError(response.context["form"], "email", "No account uses this address.")`), undefined, { kind: "code", where: "top" }],
    [86, "Bash", { command: "pytest -n 8 -q" }, suiteRun({ django: "5.0.9", collected: 611, line: "============ 611 passed in 62.02s (0:01:02) ============" }), "suite", { kind: "test", where: "top" }],
    [88, "Bash", freezeCmd, freeze("5.0.9", "5.4.0", "5.4.2", "2.18.0"), "pipfreeze", { kind: "build", where: "top" }],
    [90, "Bash", { command: "python manage.py makemigrations orders -n order_fulfillment_state && cat orders/migrations/0089_order_fulfillment_state.py" }, `Migrations for 'orders':
  orders/migrations/0089_order_fulfillment_state.py
    + Add field fulfillment_state to order
    + Create index orders_orde_fulfill_6c1f2e_idx on field(s) fulfillment_state of model order
class Migration(migrations.Migration):
    dependencies = [("orders", "0088_alter_order_carrier_ref")]
    operations = [
        migrations.AddField(model_name="order", name="fulfillment_state", field=models.CharField(default=orders.models.default_fulfillment_state, max_length=24)),
        migrations.AddIndex(model_name="order", index=models.Index(fields=["fulfillment_state"], name="orders_orde_fulfill_6c1f2e_idx")),
    ]`, undefined, { kind: "pg", where: "top" }],
    [92, "Bash", MIGRATE(""), `2026-12-03T10:12:40 Operations to perform:
2026-12-03T10:12:40   Apply all migrations: accounts, admin, auth, billing, contenttypes, exports, orders, reports, sessions
2026-12-03T10:12:40 Running migrations:
2026-12-03T10:16:12   Applying orders.0089_order_fulfillment_state... OK (212.4s)`, "migrate", { kind: "pg", where: "top" }],
    [94, "Bash", { command: "aws cloudwatch describe-alarm-history --alarm-name osprey-web-5xx --history-item-type StateUpdate --max-items 2 --query 'AlarmHistoryItems[].[Timestamp,HistorySummary]' --output text && aws cloudwatch describe-alarm-history --alarm-name osprey-web-5xx --history-item-type StateUpdate --max-items 1 --query 'AlarmHistoryItems[0].HistoryData' --output text | jq -r .newState.stateReason" }, `2026-12-03T10:19:00.412Z\tAlarm updated from ALARM to OK
2026-12-03T10:14:00.388Z\tAlarm updated from OK to ALARM
Threshold Crossed: 1 datapoint [187.0 (03/12/26 10:13:00)] was greater than the threshold (50.0).`, undefined, { kind: "app", where: "top" }],
    [96, "Bash", { command: "psql \"$PROD_RO_URL\" -c \"SELECT pid, now()-query_start AS waiting, wait_event_type, left(query,70) FROM pg_stat_activity WHERE wait_event_type='Lock' ORDER BY waiting DESC LIMIT 5\" && psql \"$PROD_RO_URL\" -c \"SELECT l.mode, c.relname, l.granted FROM pg_locks l JOIN pg_class c ON c.oid=l.relation WHERE c.relname='orders_order' AND l.mode='AccessExclusiveLock'\"" }, `  pid  |     waiting     | wait_event_type |                                  left
-------+-----------------+-----------------+------------------------------------------------------------------------
 41877 | 00:03:18.204511 | Lock            | SELECT "orders_order"."id", "orders_order"."number", "orders_order"."s
 41902 | 00:03:11.884120 | Lock            | UPDATE "orders_order" SET "status" = 'picked' WHERE "orders_order"."id
 41911 | 00:03:02.517003 | Lock            | SELECT COUNT(*) AS "__count" FROM "orders_order" WHERE ("orders_order"
 41930 | 00:02:49.090118 | Lock            | INSERT INTO "orders_shipment" ("order_id", "carrier", "tracking_ref",
(4 rows)

        mode         |   relname    | granted
---------------------+--------------+---------
 AccessExclusiveLock | orders_order | t
(1 row)
(migration 0089: the callable default makes Django rewrite all 6.2M rows of orders_order under an AccessExclusiveLock, so every request touching orders queued behind it for ~3.5 min and the ALB returned 5xx)`, undefined, { kind: "pg", where: "top" }],
    [98, "Bash", MIGRATE(',"orders","0088"'), `2026-12-03T11:02:05 Operations to perform:
2026-12-03T11:02:05   Target specific migration: 0088_alter_order_carrier_ref, from orders
2026-12-03T11:02:05 Running migrations:
2026-12-03T11:02:09   Rendering model states... DONE
2026-12-03T11:02:19   Unapplying orders.0089_order_fulfillment_state... OK`, "migrate", { kind: "pg", where: "top" }],
    [100, "Bash", { command: "git commit -am 'orders: split 0089 (nullable column, batched backfill, concurrent index)' && git log -1 --format='%h %s%n%n%b'" }, `[main c41e7a2] orders: split 0089 (nullable column, batched backfill, concurrent index)
 5 files changed, 88 insertions(+), 21 deletions(-)
c41e7a2 orders: split 0089 (nullable column, batched backfill, concurrent index)

0089 with a callable default rewrote orders_order under an exclusive lock for 212 s on prod.
Unapplied it (migrate orders 0088) and replaced it with three migrations:
  0089_order_fulfillment_state_nullable  AddField null=True, no default (metadata only)
  0090_backfill_fulfillment_state        RunPython, 5,000 rows per batch, atomic = False
  0091_order_fulfillment_state_idx       AddIndexConcurrently`, undefined, { kind: "build", where: "top" }],
    [104, "Bash", { command: "docker build -t osprey:1.19.0 . && docker tag osprey:1.19.0 $ECR/osprey:1.19.0 && docker push $ECR/osprey:1.19.0 | tail -2" }, `#14 exporting to image
#14 exporting layers 4.1s done
#14 writing image sha256:2b7c04e1a9d3f58c6e0b1a2d3c4e5f60718293a4b5c6d7e8f9a0b1c2d3e4f5a6 done
#14 naming to docker.io/library/osprey:1.19.0 done
1.19.0: digest: sha256:9d2e41c7b0a8f6e5d4c3b2a1f0e9d8c7b6a5f4e3d2c1b0a9f8e7d6c5b4a3f2e1 size: 2416`, undefined, { kind: "build", where: "bottom" }],
    [106, "Bash", WEB_TD, webTd({ rev: 46, tag: "1.19.0", port: 8000, workers: 4, sample: "0.1" }), "webtd", { kind: "app", where: "top" }],
    [108, "Bash", WEB_SVC, svcDesc("osprey-web", { desired: 4, pending: 2, running: 4, rev: 46, port: 8000, rollout: "IN_PROGRESS", events: ["(task 6c5d4e3f2a1b40c9d8e7f6a5b4c3d2e1) failed ELB health checks in (target-group osprey-web-tg)", "has stopped 2 running tasks: (task 6c5d4e3f2a1b40c9d8e7f6a5b4c3d2e1) (task 7d6e5f4a3b2c41d0e9f8a7b6c5d4e3f2).", "has started 2 tasks: (task 8e7f6a5b4c3d42e1f0a9b8c7d6e5f4a3) (task 9f8a7b6c5d4e43f2a1b0c9d8e7f6a5b4)."] }), "webdesc", { kind: "app", where: "top" }],
    [110, "Bash", TGH, `10.40.3.118\t8000\tunhealthy\tTarget.FailedHealthChecks
10.40.5.204\t8000\tunhealthy\tTarget.FailedHealthChecks
10.40.3.71\t8000\thealthy\tNone
10.40.4.19\t8000\thealthy\tNone`, "tghealth", { kind: "app", where: "top" }],
    [112, "Bash", { command: "aws logs tail /ecs/osprey-web --since 10m --format short --log-stream-names web/web/8e7f6a5b4c3d42e1f0a9b8c7d6e5f4a3" }, `2026-12-03T14:02:11 [2026-12-03 14:02:11 +0000] [7] [INFO] Starting gunicorn 23.0.0
2026-12-03T14:02:11 [2026-12-03 14:02:11 +0000] [7] [INFO] Listening at: http://0.0.0.0:8080 (7)
2026-12-03T14:02:11 [2026-12-03 14:02:11 +0000] [7] [INFO] Using worker: gthread
2026-12-03T14:02:11 [2026-12-03 14:02:11 +0000] [9] [INFO] Booting worker with pid: 9
2026-12-03T14:04:41 [2026-12-03 14:04:41 +0000] [7] [INFO] Handling signal: term
(1.19.0 changed gunicorn.conf.py to bind = f"0.0.0.0:{os.environ.get('PORT', '8080')}"; the task definition maps and the target group health-checks 8000, so nothing answered /healthz/)`, undefined, { kind: "app", where: "top" }],
    [114, "Bash", { command: "aws ecs update-service --cluster osprey-prod --service osprey-web --task-definition osprey-web:45 --query 'service.deployments[0].[taskDefinition,rolloutState]' --output text && git commit --allow-empty -m 'rollback: osprey-web to :45 (1.18.3)' -m 'osprey-web:46 (1.19.0) never passed ELB health checks: gunicorn now binds 8080 but the container port and target group are 8000. Rolled back to osprey-web:45 (image 1.18.3) until the port change ships with the infra.' | head -1" }, `arn:aws:ecs:us-east-2:${ACCT}:task-definition/osprey-web:45\tIN_PROGRESS
[main 0f83b5d] rollback: osprey-web to :45 (1.18.3)
osprey-web:46 (1.19.0) never passed ELB health checks: gunicorn now binds 8080 but the container port and target group are 8000. Rolled back to osprey-web:45 (image 1.18.3) until the port change ships with the infra.`, undefined, { kind: "build", where: "top" }],
    [116, "Bash", WEB_SVC, svcDesc("osprey-web", { desired: 4, rev: 45, port: 8000, events: [steady, "has stopped 2 running tasks: (task 8e7f6a5b4c3d42e1f0a9b8c7d6e5f4a3) (task 9f8a7b6c5d4e43f2a1b0c9d8e7f6a5b4).", "has started 2 tasks: (task a0b9c8d7e6f544a3b2c1d0e9f8a7b6c5) (task b1c0d9e8f7a645b4c3d2e1f0a9b8c7d6)."] }), "webdesc", { kind: "app", where: "top" }],
    [118, "Bash", MIGRATE(""), `2026-12-03T16:40:02 Operations to perform:
2026-12-03T16:40:02   Apply all migrations: accounts, admin, auth, billing, contenttypes, exports, orders, reports, sessions
2026-12-03T16:40:02 Running migrations:
2026-12-03T16:40:03   Applying orders.0089_order_fulfillment_state_nullable... OK (0.2s)
2026-12-03T16:52:47   Applying orders.0090_backfill_fulfillment_state... OK (764.1s)
2026-12-03T16:55:31   Applying orders.0091_order_fulfillment_state_idx... OK (163.9s)`, "migrate", { kind: "pg", where: "top" }],
    [120, "Edit", { file_path: `${O}/infra/ecs_web.tf`, old_string: "  container_port = 8000", new_string: "  container_port = 8080" }, edited(`${O}/infra/ecs_web.tf`, `     9\tlocals {\n    10\t  container_port = 8080\n    11\t  health_path    = "/healthz/"\n    12\t}`), undefined, { kind: "code", where: "top" }],
    [122, "Bash", TF_PLAN, `${tfHead}
Terraform will perform the following actions:

  # aws_ecs_service.web will be updated in-place
  ~ resource "aws_ecs_service" "web" {
      ~ load_balancer {
          ~ container_port   = 8000 -> 8080
          ~ target_group_arn = "${TG}/osprey-web-tg/4e1c9a7b2d0f3e65" -> (known after apply)
            # (1 unchanged attribute hidden)
        }
    }

  # aws_lb_target_group.web must be replaced
+/- resource "aws_lb_target_group" "web" {
      ~ arn                                = "${TG}/osprey-web-tg/4e1c9a7b2d0f3e65" -> (known after apply)
      ~ name                               = "osprey-web-tg" -> "osprey-web-tg-8080" # forces replacement
      ~ port                               = 8000 -> 8080 # forces replacement
        # (9 unchanged attributes hidden)
    }

  # aws_lb_listener_rule.api will be updated in-place
  ~ resource "aws_lb_listener_rule" "api" {
      ~ action {
          ~ target_group_arn = "${TG}/osprey-web-tg/4e1c9a7b2d0f3e65" -> (known after apply)
        }
    }

Plan: 1 to add, 2 to change, 1 to destroy.`, "tfplan", { kind: "build", where: "top" }],
    [124, "Bash", { command: "terraform -chdir=infra apply -auto-approve -no-color | tail -3" }, "aws_lb_target_group.web: Destruction complete after 1s\n\nApply complete! Resources: 1 added, 2 changed, 1 destroyed.", undefined, { kind: "build", where: "bottom" }],
    [126, "Bash", WEB_TD, webTd({ rev: 47, tag: "1.19.1", port: 8080, workers: 4, sample: "0.1" }), "webtd", { kind: "app", where: "top" }],
    [128, "Bash", WEB_SVC, svcDesc("osprey-web", { desired: 4, rev: 47, port: 8080, events: [steady, "registered 4 targets in (target-group osprey-web-tg-8080)", "has started 4 tasks: (task c2d1e0f9a8b746c5d4e3f2a1b0c9d8e7) (task d3e2f1a0b9c847d6e5f4a3b2c1d0e9f8) (task e4f3a2b1c0d948e7f6a5b4c3d2e1f0a9) (task f5a4b3c2d1e049f8a7b6c5d4e3f2a1b0)."] }), "webdesc", { kind: "app", where: "top" }],
    [130, "Bash", TGH, `10.40.3.142\t8080\thealthy\tNone
10.40.4.88\t8080\thealthy\tNone
10.40.5.17\t8080\thealthy\tNone
10.40.5.233\t8080\thealthy\tNone`, "tghealth", { kind: "app", where: "top" }],
    [132, "Bash", WORKER_TD, workerTd({ rev: 33, cpu: 1024, mem: 2048, vis: 7200, conc: 8, tag: "1.19.1" }), "workertd", { kind: "app", where: "top" }],
    [134, "Bash", QDEPTH, "default\t11\nreports\t212\nnotifications\t0", "queuedepth", { kind: "app", where: "top" }],
    [136, "Bash", { command: "aws ecs list-tasks --cluster osprey-prod --service-name osprey-worker --desired-status STOPPED --query 'taskArns[0]' --output text | xargs aws ecs describe-tasks --cluster osprey-prod --query 'tasks[0].{cpu:cpu,memory:memory,taskDefinitionArn:taskDefinitionArn,stopCode:stopCode,stoppedReason:stoppedReason,stoppedAt:stoppedAt,containers:containers[].{name:name,exitCode:exitCode,reason:reason}}' --output yaml --tasks" }, `containers:
- exitCode: 137
  name: worker
  reason: 'OutOfMemoryError: Container killed due to memory usage'
cpu: '1024'
memory: '2048'
stopCode: EssentialContainerExited
stoppedAt: '2026-12-04T01:48:09.771000+00:00'
stoppedReason: Essential container in task exited
taskDefinitionArn: arn:aws:ecs:us-east-2:${ACCT}:task-definition/osprey-worker:33
(8 prefork children, two of them on month-end statements at ~780 MiB each)`, undefined, { kind: "app", where: "top" }],
    [138, "Bash", { command: "pytest tests/reports -q" }, `.........................                                                [100%]
25 passed in 7.72s`, undefined, { kind: "test", where: "top" }],
    [140, "Edit", { file_path: `${O}/infra/ecs_worker.tf`, old_string: "  memory = 2048", new_string: "  memory = 3072" }, edited(`${O}/infra/ecs_worker.tf`, `    18\t  cpu    = 1024\n    19\t  memory = 3072\n    ...\n    41\t      { name = "CELERY_WORKER_CONCURRENCY", value = "6" },\n    42\t      { name = "CELERY_WORKER_MAX_TASKS_PER_CHILD", value = "100" },\n    43\t      { name = "CELERY_BROKER_VISIBILITY_TIMEOUT", value = "7200" },`), undefined, { kind: "code", where: "top" }],
    [142, "Bash", TF_PLAN, `${tfHead}
Terraform will perform the following actions:

  # aws_ecs_service.worker will be updated in-place
  ~ resource "aws_ecs_service" "worker" {
      ~ desired_count                      = 2 -> 3
      ~ task_definition                    = "osprey-worker:33" -> (known after apply)
        # (13 unchanged attributes hidden)
    }

  # aws_ecs_task_definition.worker must be replaced
-/+ resource "aws_ecs_task_definition" "worker" {
      ~ container_definitions    = jsonencode(
          ~ [
              ~ {
                  ~ environment = [
                      - { name = "CELERY_WORKER_CONCURRENCY", value = "8" },
                      + { name = "CELERY_WORKER_CONCURRENCY", value = "6" },
                      + { name = "CELERY_WORKER_MAX_TASKS_PER_CHILD", value = "100" },
                    ]
                }
            ]
        ) # forces replacement
      ~ memory                   = "2048" -> "3072" # forces replacement
    }

Plan: 1 to add, 1 to change, 1 to destroy.`, "tfplan", { kind: "build", where: "top" }],
    [144, "Bash", WORKER_TD, workerTd({ rev: 34, cpu: 1024, mem: 3072, vis: 7200, conc: 6, mtpc: 100, tag: "1.19.1" }), "workertd", { kind: "app", where: "top" }],
    [146, "Bash", WORKER_SVC, svcDesc("osprey-worker", { desired: 3, rev: 34, events: [steady, "has started 3 tasks: (task 0a1b2c3d4e5f46a7b8c9d0e1f2a3b4c5) (task 1b2c3d4e5f6a47b8c9d0e1f2a3b4c5d6) (task 2c3d4e5f6a7b48c9d0e1f2a3b4c5d6e7).", "has stopped 2 running tasks: (task 3d4e5f6a7b8c49d0e1f2a3b4c5d6e7f8) (task 4e5f6a7b8c9d40e1f2a3b4c5d6e7f8a9)."] }), "workerdesc", { kind: "app", where: "top" }],
    [148, "Bash", ALARMS, alarms("20.0", 2, "2000.0", "80.0"), "alarms", { kind: "app", where: "top" }],
    [149, "Bash", { command: "docker compose up -d" }, `[+] Running 4/5
 ✔ Container osprey-db-1      Running
 ✔ Container osprey-web-1     Started
 ✔ Container osprey-worker-1  Started
 ⠿ Container osprey-redis-1   Starting
Error response from daemon: driver failed programming external connectivity on endpoint osprey-redis-1 (5e1b7a0c9d2f): Bind for 0.0.0.0:6379 failed: port is already allocated
(the heron-dev stack's redis is still up on 6379)`, undefined, { kind: "app", where: "top", error: true }],
    [150, "Bash", DPS, dockerPs([
      "f3a1c2d4e5b6   osprey:dev                    \"gunicorn osprey.wsg…\"   3 minutes ago  Up 3 minutes            0.0.0.0:8000->8080/tcp                      osprey-web-1",
      "0b9e8d7c6a5f   osprey:dev                    \"celery -A osprey wo…\"   3 minutes ago  Up 3 minutes                                                        osprey-worker-1",
      "7c6b5a4f3e2d   redis:7.2-alpine              \"docker-entrypoint.s…\"   2 minutes ago  Up 2 minutes            0.0.0.0:6380->6379/tcp                      osprey-redis-1",
      "e9d3b1a0f6c8   postgres:15.7                 \"docker-entrypoint.s…\"   2 days ago     Up 2 days (healthy)     0.0.0.0:5432->5432/tcp                      osprey-db-1",
      "1a2b3c4d5e6f   redis:7.0                     \"docker-entrypoint.s…\"   5 days ago     Up 5 days               0.0.0.0:6379->6379/tcp                      heron-dev-redis-1",
    ]), "dockerps", { kind: "app", where: "top" }],
    [152, "Bash", { command: "aws cloudwatch get-metric-statistics --namespace AWS/RDS --metric-name CPUCreditBalance --dimensions Name=DBInstanceIdentifier,Value=osprey-prod-pg --start-time 2026-12-04T06:00:00Z --end-time 2026-12-04T12:00:00Z --period 3600 --statistics Minimum --output text && aws cloudwatch describe-alarm-history --alarm-name osprey-rds-cpu --max-items 1 --query 'AlarmHistoryItems[0].HistorySummary' --output text" }, `LABEL\tCPUCreditBalance
DATAPOINTS\t211.4\t2026-12-04T06:00:00+00:00\tCount
DATAPOINTS\t96.0\t2026-12-04T07:00:00+00:00\tCount
DATAPOINTS\t3.2\t2026-12-04T08:00:00+00:00\tCount
DATAPOINTS\t0.0\t2026-12-04T09:00:00+00:00\tCount
DATAPOINTS\t0.0\t2026-12-04T10:00:00+00:00\tCount
Alarm updated from OK to ALARM
(t4g.large out of CPU credits since 09:00: throttled to its 30% baseline during the month-end statement run)`, undefined, { kind: "app", where: "top" }],
    [154, "Bash", RDS, rds("db.r6g.large", "15.7", "osprey-pg15", "in-sync"), "rdsdesc", { kind: "app", where: "top" }],
    [156, "Bash", SENTRY, sentryIssues([
      ["OSPREY-BACK-5A2", "SoftTimeLimitExceeded: SoftTimeLimitExceeded()", "reports.tasks.build_monthly_statement", 27, 0],
      ["OSPREY-BACK-3ZQ", "ValidationError: {'postcode': ['Enter a valid postcode.']}", "orders.api.views in create", 58, 31],
      ["OSPREY-BACK-59K", "ConnectionError: Error 111 connecting to localhost:6380. Connection refused.", "notifications.tasks.send_sms", 4, 0],
      ["OSPREY-BACK-3X2", "DisallowedHost: Invalid HTTP_HOST header: '10.40.2.77:8000'", "django.http.request in get_host", 12, 0],
    ]), "sentry", { kind: "app", where: "top" }],
    [158, "Edit", { file_path: `${O}/reports/tasks.py`, old_string: "@shared_task(bind=True, soft_time_limit=3300, time_limit=3600)", new_string: "@shared_task(bind=True, soft_time_limit=6600, time_limit=7000)" }, edited(`${O}/reports/tasks.py`, `    40\t# must stay under CELERY_BROKER_VISIBILITY_TIMEOUT (7200) or the broker redelivers it mid-run\n    41\t@shared_task(bind=True, soft_time_limit=6600, time_limit=7000)\n    42\tdef build_monthly_statement(self, tenant_id, period):`), undefined, { kind: "code", where: "top" }],
    [160, "Bash", { command: "pytest -n 8 -q" }, suiteRun({ django: "5.0.9", collected: 634, line: "FAILED tests/notifications/test_sms.py::test_sms_sent_once_per_order - AssertionError: Expected 'send' to have been called once. Called 2 times.\n============ 1 failed, 633 passed in 66.10s (0:01:06) ============" }), "suite", { kind: "test", error: true, where: "top" }],
    [162, "Bash", { command: "pytest tests/notifications/test_email.py -q" }, `..F....                                                                  [100%]
=================================== FAILURES ===================================
________________________ test_dispatch_email_on_ship _________________________
E       AssertionError: Expected 'send_mail' to have been called once. Called 0 times.

tests/notifications/test_email.py:39: AssertionError
=========================== short test summary info ============================
FAILED tests/notifications/test_email.py::test_dispatch_email_on_ship - AssertionError: Expected 'send_mail' to have been called once. Called 0 times.
1 failed, 6 passed in 1.88s`, undefined, { kind: "test", error: true, where: "top" }],
    [164, "Read", { file_path: `${O}/notifications/tasks.py` }, `    12\t@receiver(post_save, sender=Order)
    13\tdef on_order_saved(sender, instance, created, **kwargs):
    14\t    if instance.status == Order.Status.SHIPPED:
    15\t        # fires on every save of a shipped order: the fulfillment_state backfill saves it again
    16\t        transaction.on_commit(lambda: send_sms.delay(instance.pk))`, undefined, { kind: "code", where: "top" }],
    [166, "Bash", CI, ghRuns([
      "X       notifications: sms on status change only                main      main    push   12240187731  4m12s    3m",
      "✓       reports: statement soft limit under visibility timeout main      main    push   12239866104  5m01s    1h",
      "✓       infra: worker 3072 MiB, concurrency 6                   infra     main    push   12239551020  1m48s    2h",
    ]), "ci", { kind: "build", where: "top" }],
    [168, "Edit", { file_path: `${O}/notifications/tasks.py`, old_string: "    if instance.status == Order.Status.SHIPPED:", new_string: "    if instance.status == Order.Status.SHIPPED and instance.tracker.has_changed(\"status\"):" }, edited(`${O}/notifications/tasks.py`, `    12\t@receiver(post_save, sender=Order)\n    13\tdef on_order_saved(sender, instance, created, **kwargs):\n    14\t    if instance.status == Order.Status.SHIPPED and instance.tracker.has_changed("status"):\n    15\t        transaction.on_commit(lambda: send_sms.delay(instance.pk))`), undefined, { kind: "code", where: "top" }],
    [170, "Bash", { command: "pytest -n 8 -q" }, suiteRun({ django: "5.0.9", collected: 634, line: "============ 634 passed in 64.48s (0:01:04) ============" }), "suite", { kind: "test", where: "top" }],
    [172, "Bash", WEB_TD, webTd({ rev: 48, tag: "1.19.2", port: 8080, workers: 3, sample: "0.05" }), "webtd", { kind: "app", where: "top" }],
    [174, "Bash", { command: "sentry-cli releases list --org osprey-logistics --project osprey-backend | head -6" }, `+--------------+---------------+-------------+--------------+
| Released     | Version       | New Events  | Last Event   |
+--------------+---------------+-------------+--------------+
| 14 minutes   | osprey@1.19.2 | 0           | (unknown)    |
| 1 day        | osprey@1.19.1 | 6           | 2 hours      |
| 1 day        | osprey@1.19.0 | 0           | (unknown)    |`, undefined, { kind: "app", where: "top" }],
    [176, "Bash", SCALING, scaling(3, 12, "55.0", 600), "scaling", { kind: "app", where: "top" }],
    [178, "Bash", { command: "terraform -chdir=infra workspace select staging && terraform -chdir=infra plan -no-color" }, `Switched to workspace "staging".
${tfHead.replaceAll("osprey-prod", "osprey-staging")}
Terraform will perform the following actions:

  # aws_cloudwatch_metric_alarm.worker_queue_depth will be created
  + resource "aws_cloudwatch_metric_alarm" "worker_queue_depth" {
      + alarm_name = "osprey-staging-worker-queue-depth"
      + threshold  = 2000
    }

  # aws_ecs_task_definition.worker must be replaced
-/+ resource "aws_ecs_task_definition" "worker" {
      ~ memory = "1024" -> "3072" # forces replacement
    }

Plan: 2 to add, 0 to change, 1 to destroy.`, undefined, { kind: "build", where: "top" }],
    [180, "Bash", RDS, rds("db.r6g.large", "16.4", "osprey-pg16", "in-sync"), "rdsdesc", { kind: "app", where: "top" }],
    [182, "Bash", pgParamsCmd("osprey-pg16"), pgParams(400, "pending-reboot").replace("lock_timeout\t0", "lock_timeout\t5000"), "pgparams", { kind: "pg", where: "top" }],
    [184, "Bash", { command: "terraform -chdir=infra workspace select default && terraform -chdir=infra apply -auto-approve -no-color | tail -2" }, "aws_db_parameter_group.pg16: Creation complete after 2s [id=osprey-pg16]\nApply complete! Resources: 1 added, 1 changed, 0 destroyed.", undefined, { kind: "build", where: "bottom" }],
    [186, "Bash", TF_PLAN, `${tfHead}
No changes. Your infrastructure matches the configuration.

Terraform has compared your real infrastructure against your configuration and found no differences, so no changes are needed.`, "tfplan", { kind: "build", where: "top" }],
    [188, "Bash", DPS, dockerPs([
      "f3a1c2d4e5b6   osprey:dev                    \"gunicorn osprey.wsg…\"   2 days ago     Up 2 days               0.0.0.0:8000->8080/tcp                      osprey-web-1",
      "0b9e8d7c6a5f   osprey:dev                    \"celery -A osprey wo…\"   2 days ago     Up 2 days                                                           osprey-worker-1",
      "2d3e4f5a6b7c   mher/flower:2.0               \"celery flower\"          4 minutes ago  Up 4 minutes            0.0.0.0:5555->5555/tcp                      osprey-flower-1",
      "7c6b5a4f3e2d   redis:7.2-alpine              \"docker-entrypoint.s…\"   2 days ago     Up 2 days               0.0.0.0:6380->6379/tcp                      osprey-redis-1",
      "8a7b6c5d4e3f   postgres:16.4                 \"docker-entrypoint.s…\"   20 minutes ago Up 20 minutes (healthy) 0.0.0.0:5432->5432/tcp                      osprey-db-1",
    ]), "dockerps", { kind: "app", where: "top" }],
    [190, "Bash", QDEPTH, "default\t4\nreports\t0\nnotifications\t1", "queuedepth", { kind: "app", where: "top" }],
    [192, "Bash", { command: "aws cloudwatch get-metric-statistics --namespace AWS/ApplicationELB --metric-name HTTPCode_Target_5XX_Count --dimensions Name=LoadBalancer,Value=app/osprey-prod/6b1e0c2d9f3a4e11 --start-time $(date -u -d '-24 hours' +%FT%TZ) --end-time $(date -u +%FT%TZ) --period 86400 --statistics Sum --output text" }, "LABEL\tHTTPCode_Target_5XX_Count\nDATAPOINTS\t3.0\t2026-12-05T09:00:00+00:00\tCount", undefined, { kind: "app", where: "top" }],
    [194, "Bash", CI, ghRuns([
      "✓       web: 3 gunicorn workers, traces at 5%                   deploy    main    push   12251900417  6m40s    20m",
      "✓       infra: rds 16.4, pg16 params, lock_timeout 5s           infra     main    push   12251377720  2m03s    1h",
      "✓       notifications: sms on status change only                main      main    push   12240187731  4m12s    1d",
    ]), "ci", { kind: "build", where: "top" }],
    [196, "Bash", SENTRY, sentryIssues([
      ["OSPREY-BACK-3ZQ", "ValidationError: {'postcode': ['Enter a valid postcode.']}", "orders.api.views in create", 63, 34],
      ["OSPREY-BACK-5C8", "ReadTimeout: HTTPSConnectionPool(host='api.parcelhub.io', port=443): Read timed out.", "orders.carriers.parcelhub.quote", 19, 7],
      ["OSPREY-BACK-3X2", "DisallowedHost: Invalid HTTP_HOST header: '10.40.2.77:8000'", "django.http.request in get_host", 12, 0],
    ]), "sentry", { kind: "app", where: "top" }],
    [198, "Bash", WORKER_SVC, svcDesc("osprey-worker", { desired: 3, rev: 34, events: [steady, "has started 1 tasks: (task 5f6a7b8c9d0e41f2a3b4c5d6e7f8a9b0).", "has stopped 1 running tasks: (task 2c3d4e5f6a7b48c9d0e1f2a3b4c5d6e7)."] }), "workerdesc", { kind: "app", where: "top" }],
    [202, "Bash", { command: "pytest tests/orders -q" }, `..............F...........                                               [100%]
=================================== FAILURES ===================================
___________________ test_fulfillment_state_defaults_pending __________________
E       AssertionError: assert None == 'pending'

tests/orders/test_order_model.py:112: AssertionError
=========================== short test summary info ============================
FAILED tests/orders/test_order_model.py::test_fulfillment_state_defaults_pending - AssertionError: assert None == 'pending'
1 failed, 25 passed in 2.61s
(local db is on 0090, migrate locally first)`, undefined, { kind: "test", error: true, where: "top" }],
    [206, "Bash", WEB_SVC, svcDesc("osprey-web", { desired: 6, rev: 48, port: 8080, events: [steady, "has started 2 tasks: (task 6a7b8c9d0e1f42a3b4c5d6e7f8a9b0c1) (task 7b8c9d0e1f2a43b4c5d6e7f8a9b0c1d2).", "registered 2 targets in (target-group osprey-web-tg-8080)"] }), "webdesc", { kind: "app", where: "top" }],
    [208, "Bash", TGH, `10.40.3.142\t8080\thealthy\tNone
10.40.3.209\t8080\thealthy\tNone
10.40.4.88\t8080\thealthy\tNone
10.40.4.160\t8080\thealthy\tNone
10.40.5.17\t8080\thealthy\tNone
10.40.5.233\t8080\thealthy\tNone`, "tghealth", { kind: "app", where: "top" }],
  ],
  questions: [
    { kind: "state", prompt: "which task def revision is web running right now?", want: [{ key: "webdesc", fact: "task-definition/osprey-web:48" }] },
    { kind: "state", prompt: "how many web tasks do we have desired at the moment", want: [{ key: "webdesc", fact: "desired: 6" }] },
    { kind: "state", prompt: "what's the worker memory limit now after all the bumps?", want: [{ key: "workertd", fact: "memory: '3072'" }] },
    { kind: "state", prompt: "what did we set the visibility timeout to in the end?", want: [{ key: "workertd", fact: "- name: CELERY_BROKER_VISIBILITY_TIMEOUT\n  value: '7200'" }] },
    { kind: "state", prompt: "celery concurrency per worker container currently?", want: [{ key: "workertd", fact: "- name: CELERY_WORKER_CONCURRENCY\n  value: '6'" }] },
    { kind: "state", prompt: "which image tag is web on", want: [{ key: "webtd", fact: "osprey:1.19.2" }] },
    { kind: "state", prompt: "what port does the web container listen on these days", want: [{ key: "webtd", fact: "- containerPort: 8080" }] },
    { kind: "state", prompt: "django version we're on now?", want: [{ key: "pipfreeze", fact: "Django==5.0.9" }] },
    { kind: "state", prompt: "what's the newest migration applied to prod", want: [{ key: "migrate", fact: "orders.0091_order_fulfillment_state_idx" }] },
    { kind: "state", prompt: "remind me the 5xx alarm threshold as it stands", want: [{ key: "alarms", fact: "osprey-web-5xx\tHTTPCode_Target_5XX_Count\t20.0" }] },
    { kind: "state", prompt: "at what depth does the reports queue alarm go off now", want: [{ key: "alarms", fact: "osprey-worker-queue-depth\tReportsQueueDepth\t2000.0" }] },
    { kind: "state", prompt: "what instance class is the rds box", want: [{ key: "rdsdesc", fact: "DBInstanceClass: db.r6g.large" }] },
    { kind: "state", prompt: "which postgres engine version is prod on after the upgrade", want: [{ key: "rdsdesc", fact: "EngineVersion: '16.4'" }] },
    { kind: "state", prompt: "max_connections on the db param group, current value?", want: [{ key: "pgparams", fact: "max_connections\t400" }] },
    { kind: "state", prompt: "which port is redis on locally in compose now", want: [{ key: "dockerps", fact: "0.0.0.0:6380->6379/tcp" }] },
    { kind: "state", prompt: "web autoscaling min and max these days?", want: [{ key: "scaling", fact: "3\t12" }] },
    { kind: "state", prompt: "is the csv export test still flaky or did the fix hold", want: [{ key: "flaky", fact: "30 passed in 9.84s" }] },
    { kind: "state", prompt: "how does the full test suite look now", want: [{ key: "suite", fact: "634 passed in 64.48s" }] },
    { kind: "state", prompt: "what's the noisiest unresolved thing in sentry at the moment", want: [{ key: "sentry", fact: "OSPREY-BACK-3ZQ" }] },
    { kind: "state", prompt: "how backed up is the reports queue right now", want: [{ key: "queuedepth", fact: "reports\t0" }] },
    { kind: "history", prompt: "why did the worker task die the first time, what did ecs say", want: [{ turn: 16, fact: "OutOfMemoryError: Container killed due to memory usage" }] },
    { kind: "history", prompt: "when the worker got OOM-killed the second time, how much memory did the task have", want: [{ turn: 136, fact: "memory: '2048'" }] },
    { kind: "history", prompt: "how close to the limit was worker memory on that first night?", want: [{ turn: 18, fact: "peak 1022 MiB of 1024 MiB" }] },
    { kind: "history", prompt: "why were the monthly statements running twice?", want: [{ turn: 32, fact: "Restoring 3 unacknowledged message(s)" }] },
    { kind: "history", prompt: "what was the assertion in the export test when it flaked", want: [{ turn: 42, fact: "assert ['INV-1002', 'INV-1001', 'INV-1003'] == ['INV-1001', 'INV-1002', 'INV-1003']" }] },
    { kind: "history", prompt: "and how did we fix that flaky export ordering", want: [{ turn: 46, fact: '.order_by("created_at", "id")' }] },
    { kind: "history", prompt: "what exactly broke in orders/filters after the django upgrade", want: [{ turn: 80, fact: "module 'django.utils.timezone' has no attribute 'utc'" }] },
    { kind: "history", prompt: "why did we unapply the fulfillment_state migration", want: [{ turn: 96, fact: "AccessExclusiveLock" }] },
    { kind: "history", prompt: "how many 5xx did the alarm see while that migration was running", want: [{ turn: 94, fact: "1 datapoint [187.0" }] },
    { kind: "history", prompt: "why did the 1.19.0 web deploy never go healthy", want: [{ turn: 112, fact: "Listening at: http://0.0.0.0:8080" }] },
    { kind: "history", prompt: "which task definition and image did we roll web back to?", want: [{ turn: 114, fact: "Rolled back to osprey-web:45 (image 1.18.3)" }] },
    { kind: "history", prompt: "what did postgres say when we ran out of connections", want: [{ turn: 66, fact: "remaining connection slots are reserved for non-replication superuser connections" }] },
    { kind: "history", prompt: "what was max_connections before we raised it?", want: [{ turn: 68, fact: "max_connections\t150" }] },
    { kind: "history", prompt: "why did terraform want to replace the target group", want: [{ turn: 122, fact: "port                               = 8000 -> 8080 # forces replacement" }] },
    { kind: "history", prompt: "what was the docker error when redis wouldn't start locally", want: [{ turn: 149, fact: "Bind for 0.0.0.0:6379 failed: port is already allocated" }] },
    { kind: "history", prompt: "why did we move the database off the t4g instance", want: [{ turn: 152, fact: "out of CPU credits" }] },
    { kind: "multi", prompt: "worker memory limit and how many worker tasks are running?", want: [{ key: "workertd", fact: "memory: '3072'" }, { key: "workerdesc", fact: "desired: 3" }] },
    { kind: "multi", prompt: "django version and the latest migration on prod", want: [{ key: "pipfreeze", fact: "Django==5.0.9" }, { key: "migrate", fact: "orders.0091_order_fulfillment_state_idx" }] },
    { kind: "multi", prompt: "which image tag is live now and what was the one we rolled back from?", want: [{ key: "webtd", fact: "osprey:1.19.2" }, { turn: 106, fact: "osprey:1.19.0" }] },
    { kind: "multi", prompt: "rds instance class plus the max_connections setting", want: [{ key: "rdsdesc", fact: "DBInstanceClass: db.r6g.large" }, { key: "pgparams", fact: "max_connections\t400" }] },
    { kind: "multi", prompt: "5xx alarm threshold, and are all the targets healthy?", want: [{ key: "alarms", fact: "osprey-web-5xx\tHTTPCode_Target_5XX_Count\t20.0" }, { key: "tghealth", fact: "10.40.5.233\t8080\thealthy" }] },
    { kind: "multi", prompt: "is CI green and what does the local test run say", want: [{ key: "ci", fact: "web: 3 gunicorn workers, traces at 5%" }, { key: "suite", fact: "634 passed in 64.48s" }] },
    { kind: "multi", prompt: "web autoscaling bounds vs the number of tasks it's at", want: [{ key: "scaling", fact: "3\t12" }, { key: "webdesc", fact: "desired: 6" }] },
    { kind: "none", prompt: "thanks, that's all for today" },
    { kind: "none", prompt: "in general, what's the difference between acks_late and the default ack behaviour in celery?" },
    { kind: "none", prompt: "brb, grabbing coffee" },
    { kind: "none", prompt: "any good books on postgres internals you'd recommend?" },
    { kind: "none", prompt: "how do fargate spot interruptions work, roughly" },
  ],
};

// ───────────────────────────── martı ─────────────────────────────

const M = "/home/dev/marti";
const AR = "europe-west4-docker.pkg.dev/marti-prod/marti";
const MOD = "github.com/marti-pay/ledger";

const depRow = (name, ready, age) => `${name.padEnd(16)}${ready.padEnd(8)}${ready.split("/")[1].padEnd(13)}${ready.split("/")[1].padEnd(12)}${age}`;
const deploys = (api, worker, notifier = "2/2") => `NAME            READY   UP-TO-DATE   AVAILABLE   AGE\n${depRow("ledger-api", api, "241d")}\n${depRow("notifier", notifier, "198d")}\n${depRow("payout-worker", worker, "241d")}`;
const GET_DEPLOY = { command: "kubectl -n marti get deploy" };

const HPA = { command: "kubectl -n marti get hpa" };
const hpaRow = (name, cpu, target, min, max, rep) => `${name.padEnd(16)}${`Deployment/${name}`.padEnd(27)}${`cpu: ${cpu}/${target}`.padEnd(15)}${String(min).padEnd(10)}${String(max).padEnd(10)}${String(rep).padEnd(11)}241d`;
const hpaTable = (api, worker) => `NAME            REFERENCE                  TARGETS        MINPODS   MAXPODS   REPLICAS   AGE\n${api}\n${worker}`;

const ARGO = { command: `argocd app get marti-ledger && kubectl -n marti get deploy ledger-api -o jsonpath='{.spec.template.spec.containers[0].image}{"\\n"}'` };
const argoApp = (o) => `Name:               argocd/marti-ledger
Project:            marti
Server:             https://kubernetes.default.svc
Namespace:          marti
URL:                https://argocd.marti.internal/applications/marti-ledger
Source:
- Repo:             https://github.com/marti-pay/deploy.git
  Target:           main
  Path:             charts/ledger-api
  Helm Values:      values-prod.yaml
SyncWindow:         Sync Allowed
Sync Policy:        ${o.policy ?? "Automated (Prune)"}
Sync Status:        ${o.sync}
Health Status:      ${o.health}
${o.op ? `\nOperation:          Sync\nPhase:              ${o.op.phase}\nMessage:            ${o.op.msg}\n` : ""}
GROUP  KIND        NAMESPACE  NAME            STATUS     HEALTH       HOOK      MESSAGE
       Service     marti      ledger-api      Synced     Healthy                service/ledger-api unchanged
apps   Deployment  marti      ledger-api      ${o.depStatus ?? "Synced"}     ${(o.depHealth ?? o.health).padEnd(12)}          deployment.apps/ledger-api ${o.depMsg ?? "configured"}
batch  Job         marti      ledger-migrate  ${o.jobStatus ?? "Succeeded"}  ${o.hook ?? "PreSync"}   job.batch/ledger-migrate ${o.jobMsg ?? "completed"}
${AR}/ledger-api:${o.tag}`;

const workerValues = (mem, outstanding, replicas) => `USER-SUPPLIED VALUES:
image:
  repository: ${AR}/payout-worker
replicaCount: ${replicas}
env:
  PUBSUB_SUBSCRIPTION: payout-requests-worker
  PUBSUB_MAX_OUTSTANDING_MESSAGES: "${outstanding}"
  PUBSUB_NUM_GOROUTINES: "4"
  OTEL_EXPORTER_OTLP_ENDPOINT: http://otel-collector.observability:4317
resources:
  requests:
    cpu: 250m
    memory: 256Mi
  limits:
    cpu: "1"
    memory: ${mem}
serviceAccount:
  annotations:
    iam.gke.io/gcp-service-account: payout-worker@marti-prod.iam.gserviceaccount.com`;
const WORKER_VALUES = { command: "helm -n marti get values payout-worker" };

const apiValues = (redis, tls) => `USER-SUPPLIED VALUES:
image:
  repository: ${AR}/ledger-api
service:
  grpcPort: 50051
  metricsPort: 9464
env:
  SPANNER_DATABASE: projects/marti-prod/instances/marti-prod/databases/ledger
  REDIS_ADDR: ${redis}
  REDIS_TLS: "${tls}"
  RATE_LIMIT_PER_MERCHANT: "300"
  OTEL_EXPORTER_OTLP_ENDPOINT: http://otel-collector.observability:4317
resources:
  limits:
    cpu: "2"
    memory: 1Gi`;
const API_VALUES = { command: "helm -n marti get values ledger-api" };

const SUB = { command: "gcloud pubsub subscriptions describe payout-requests-worker" };
const sub = (ack, dlq) => `ackDeadlineSeconds: ${ack}
${dlq ? `deadLetterPolicy:\n  deadLetterTopic: projects/marti-prod/topics/payout-requests-dlq\n  maxDeliveryAttempts: ${dlq}\n` : ""}enableExactlyOnceDelivery: false
expirationPolicy: {}
messageRetentionDuration: 604800s
name: projects/marti-prod/subscriptions/payout-requests-worker
retryPolicy:
  maximumBackoff: 600s
  minimumBackoff: 10s
state: ACTIVE
topic: projects/marti-prod/topics/payout-requests`;

const BACKLOG = { command: "gcloud monitoring time-series list --project marti-prod --filter='metric.type=\"pubsub.googleapis.com/subscription/num_undelivered_messages\" OR metric.type=\"pubsub.googleapis.com/subscription/oldest_unacked_message_age\"' --interval-end-time=$(date -u +%FT%TZ) --interval-start-time=$(date -u -d '-2 min' +%FT%TZ) --format='table(resource.labels.subscription_id,metric.type.basename(),points[0].value.int64Value)' | sed 's/pubsub.googleapis.com\\/subscription\\///'" };
const backlog = (n, age, dlqN) => `SUBSCRIPTION_ID             TYPE                         VALUE
payout-requests-worker      num_undelivered_messages     ${n}
payout-requests-worker      oldest_unacked_message_age   ${age}
payout-requests-dlq-audit   num_undelivered_messages     ${dlqN}
ledger-events-notifier      num_undelivered_messages     12
ledger-events-notifier      oldest_unacked_message_age   3`;

const SCHEMA = { command: "gcloud spanner databases execute-sql ledger --instance marti-prod --sql 'SELECT Version, Dirty FROM SchemaMigrations'" };
const schema = (v, dirty) => `Version  Dirty\n${String(v).padEnd(9)}${dirty ? "True" : "False"}`;

const SPANNER = { command: "gcloud spanner instances describe marti-prod" };
const spanner = (pu) => `config: projects/marti-prod/instanceConfigs/regional-europe-west4
createTime: '2025-04-02T08:14:51.302115Z'
displayName: marti-prod
edition: ENTERPRISE
instanceType: PROVISIONED
name: projects/marti-prod/instances/marti-prod
${pu % 1000 === 0 ? `nodeCount: ${pu / 1000}\n` : ""}processingUnits: ${pu}
state: READY
updateTime: '2026-12-0${pu === 900 ? 1 : pu === 2000 ? 3 : 5}T10:02:11.448913Z'`;

const GOMOD = { command: "head -14 go.mod && go version" };
const gomod = (go, grpc, spannerV, otel, tool) => `module ${MOD}

go ${go}

require (
	cloud.google.com/go/pubsub v1.45.1
	cloud.google.com/go/spanner ${spannerV}
	github.com/golang-migrate/migrate/v4 v4.18.1
	github.com/redis/go-redis/v9 v9.7.0
	go.opentelemetry.io/otel ${otel}
	google.golang.org/grpc ${grpc}
	google.golang.org/protobuf v1.35.2
)
go version ${tool} linux/amd64`;

const OTEL = { command: "kubectl -n observability get configmap otel-collector -o jsonpath='{.data.config\\.yaml}' | sed -n '1,40p'" };
const otel = (pct, note) => `receivers:
  otlp:
    protocols:
      grpc: { endpoint: 0.0.0.0:4317 }
      http: { endpoint: 0.0.0.0:4318 }
processors:
  memory_limiter: { check_interval: 1s, limit_percentage: 80, spike_limit_percentage: 20 }
  batch: { send_batch_size: 8192, timeout: 5s }
  probabilistic_sampler:
    sampling_percentage: ${pct}${note ? `   # ${note}` : ""}
  resource:
    attributes:
      - { key: deployment.environment, value: prod, action: upsert }
exporters:
  googlecloud:
    project: marti-prod
  googlemanagedprometheus: {}
service:
  pipelines:
    traces:  { receivers: [otlp], processors: [memory_limiter, probabilistic_sampler, resource, batch], exporters: [googlecloud] }
    metrics: { receivers: [otlp], processors: [memory_limiter, resource, batch], exporters: [googlemanagedprometheus] }`;

const REDIS = { command: "gcloud redis instances describe marti-ratelimit --region europe-west4 --format='yaml(name,host,port,memorySizeGb,redisVersion,tier,transitEncryptionMode,authEnabled,state)'" };
const redis = (host, port, tls) => `authEnabled: false
host: ${host}
memorySizeGb: 2
name: projects/marti-prod/locations/europe-west4/instances/marti-ratelimit
port: ${port}
redisVersion: REDIS_7_2
state: READY
tier: STANDARD_HA
transitEncryptionMode: ${tls}`;

const ALERT = { command: "gcloud alpha monitoring policies list --filter='displayName=\"ledger-api p99 latency\"' --format='yaml(displayName,conditions[0].conditionThreshold.filter,conditions[0].conditionThreshold.thresholdValue,conditions[0].conditionThreshold.duration,enabled)'" };
const alert = (ms, dur) => `conditions:
- conditionThreshold:
    duration: ${dur}
    filter: metric.type="prometheus.googleapis.com/grpc_server_handling_seconds/histogram" resource.type="prometheus_target" metric.labels.grpc_service="marti.ledger.v1.LedgerService"
    thresholdValue: ${ms}
displayName: ledger-api p99 latency
enabled: true
(thresholdValue in ms, p99 over 5m windows)`;

const TOP = { command: "kubectl -n marti top pods -l 'app in (ledger-api,payout-worker)'" };
const topRow = ([n, c, m]) => `${n.padEnd(34)}${c.padEnd(13)}${m}`;
const top = (rows) => `NAME                              CPU(cores)   MEMORY(bytes)\n${rows.map(topRow).join("\n")}`;

const GOTEST = { command: "go test ./... 2>&1 | tail -12" };
const okPkg = (pkg, s) => `ok  \t${MOD}/${pkg}\t${s}`;

const CB = { command: "gcloud builds list --region europe-west4 --limit 4 --format='table(id.slice(0:8),status,substitutions.TAG_NAME,substitutions.SHORT_SHA,createTime.date(%Y-%m-%d %H:%M),duration)'" };

const marti = {
  name: "martı (held out 31)",
  sessionId: "e1a7c3f9-5d20-4b86-8f4a-2c6e9b1d0a31",
  cwd: M,
  turns: 216,
  seed: 31313,
  files: ["cmd/ledger-api/main.go", "cmd/payout-worker/main.go", "internal/ledger/service.go", "internal/ledger/commit.go", "internal/ledger/testutil/emulator.go", "internal/payout/consumer.go", "internal/payout/schedule.go", "internal/ratelimit/redis.go", "internal/grpcserver/server.go", "internal/grpcserver/interceptors.go", "db/migrations/000042_add_payout_ref.up.sql", "proto/marti/ledger/v1/ledger.proto", "charts/ledger-api/values-prod.yaml", "charts/payout-worker/values-prod.yaml", "deploy/argocd/marti-ledger.yaml", "infra/memorystore.tf", "go.mod", "cloudbuild.yaml"],
  otherTests: ["internal/notifier/notifier_test.go", "internal/ratelimit/redis_test.go", "internal/payout/consumer_test.go", "internal/grpcserver/auth_test.go", "internal/ledger/balance_test.go"],
  words: ["ledger", "transfer", "payout", "merchant", "account", "balance", "entry", "reversal", "settlement", "mutation", "txn", "stream", "subscriber", "span", "tracer", "limiter", "handler", "client", "interceptor", "schedule", "cutoff", "idempotency", "currency", "batch", "snapshot"],
  grepWords: ["ReadWriteTransaction", "spanner.Insert", "grpc.NewClient", "otel.Tracer", "MaxOutstandingMessages", "TODO", "PayoutRef"],
  testCommands: ["go test ./internal/payout/...", "go test ./internal/ratelimit -v", "go test -race ./internal/notifier/...", "go vet ./... && go test ./internal/grpcserver"],
  buildCommands: ["go build ./...", "golangci-lint run ./...", "buf lint && buf generate", "helm lint charts/ledger-api -f charts/ledger-api/values-prod.yaml", "docker build -f cmd/ledger-api/Dockerfile -t ledger-api:dev ."],
  appCommands: ["kubectl -n marti logs deploy/ledger-api --since=10m --tail=40", "kubectl -n marti logs deploy/payout-worker --since=10m --tail=40", "stern -n marti notifier --since 5m"],
  prompts: ["devam", "tamam, devam et", "go on", "sıradaki adım", "ok next", "devam et lütfen", "keep going", "evet yap", "olur, devam", "proceed"],
  facts: [
    [2, "Bash", { command: "kubectl config current-context && kubectl get nodes -o wide | head -5" }, `gke_marti-prod_europe-west4_marti-prod-gke
NAME                                          STATUS   ROLES    AGE    VERSION               INTERNAL-IP   OS-IMAGE
gke-marti-prod-gke-pool-e2-std8-5c1f0a2b-2kx9   Ready    <none>   18d    v1.30.5-gke.1443001   10.50.0.14    Container-Optimized OS from Google
gke-marti-prod-gke-pool-e2-std8-5c1f0a2b-7hq1   Ready    <none>   18d    v1.30.5-gke.1443001   10.50.0.15    Container-Optimized OS from Google
gke-marti-prod-gke-pool-e2-std8-9d4e2c71-m3vz   Ready    <none>   18d    v1.30.5-gke.1443001   10.50.0.22    Container-Optimized OS from Google`, undefined, { kind: "app", where: "top" }],
    [3, "Bash", GET_DEPLOY, deploys("3/3", "2/2"), "deploys", { kind: "app", where: "top" }],
    [5, "Bash", ARGO, argoApp({ sync: "Synced to main (9b20e4f)", health: "Healthy", tag: "v2.7.3" }), "argoapp", { kind: "app", where: "top" }],
    [7, "Bash", WORKER_VALUES, workerValues("512Mi", 1000, 2), "workervalues", { kind: "app", where: "top" }],
    [8, "Bash", API_VALUES, apiValues("10.60.0.4:6379", "false"), "apivalues", { kind: "app", where: "top" }],
    [9, "Bash", GOMOD, gomod("1.22.6", "v1.66.2", "v1.67.0", "v1.30.0", "go1.22.6"), "gomod", { kind: "build", where: "top" }],
    [11, "Bash", SUB, sub(10, 0), "pubsubsub", { kind: "app", where: "top" }],
    [13, "Bash", BACKLOG, backlog(48211, 5412, 0), "backlog", { kind: "app", where: "top" }],
    [15, "Bash", { command: "kubectl -n marti logs deploy/payout-worker --since=30m | grep -E 'payout_id=po_7Qm2' | head -8" }, `{"level":"info","ts":"2026-12-01T09:12:04.118Z","msg":"payout received","payout_id":"po_7Qm2Xk41","delivery_attempt":1}
{"level":"info","ts":"2026-12-01T09:12:04.120Z","msg":"calling bank adapter","payout_id":"po_7Qm2Xk41","bank":"garanti-sftp"}
{"level":"info","ts":"2026-12-01T09:12:16.377Z","msg":"payout received","payout_id":"po_7Qm2Xk41","delivery_attempt":2}
{"level":"info","ts":"2026-12-01T09:12:29.904Z","msg":"payout settled","payout_id":"po_7Qm2Xk41","elapsed_ms":25786}
{"level":"warn","ts":"2026-12-01T09:12:30.011Z","msg":"payout po_7Qm2Xk41 already settled: rpc error: code = AlreadyExists desc = transfer tr_po_7Qm2Xk41 exists","delivery_attempt":2}
{"level":"info","ts":"2026-12-01T09:12:31.220Z","msg":"payout received","payout_id":"po_7Qm2Xk41","delivery_attempt":3}
(bank adapter calls take ~25 s, the subscription's ackDeadlineSeconds is 10 and the client's lease extension is capped by MaxExtensionPeriod 10s: every slow payout is redelivered two or three times)`, undefined, { kind: "app", where: "top" }],
    [17, "Bash", { command: "kubectl -n marti describe pod -l app=payout-worker | sed -n '/Containers:/,/Conditions:/p' | head -30" }, `Containers:
  payout-worker:
    Image:          ${AR}/payout-worker:v2.7.3
    Port:           9464/TCP
    State:          Running
      Started:      Mon, 01 Dec 2026 09:31:07 +0000
    Last State:     Terminated
      Reason:       OOMKilled
      Exit Code:    137
      Started:      Mon, 01 Dec 2026 09:02:44 +0000
      Finished:     Mon, 01 Dec 2026 09:31:05 +0000
    Ready:          True
    Restart Count:  6
    Limits:
      cpu:     1
      memory:  512Mi
    Requests:
      cpu:     250m
      memory:  256Mi`, undefined, { kind: "app", where: "top" }],
    [19, "Bash", TOP, top([["ledger-api-6d8f7c9b5-4kq2x", "212m", "188Mi"], ["ledger-api-6d8f7c9b5-9vbn7", "240m", "201Mi"], ["ledger-api-6d8f7c9b5-tz6lw", "198m", "179Mi"], ["payout-worker-7b9c5d4f8-2mxkp", "611m", "498Mi"], ["payout-worker-7b9c5d4f8-w8d3r", "587m", "471Mi"]]), "toppods", { kind: "app", where: "top" }],
    [21, "Edit", { file_path: `${M}/charts/payout-worker/values-prod.yaml`, old_string: "    memory: 512Mi", new_string: "    memory: 768Mi" }, edited(`${M}/charts/payout-worker/values-prod.yaml`, `    18\tresources:\n    19\t  requests:\n    20\t    cpu: 250m\n    21\t    memory: 256Mi\n    22\t  limits:\n    23\t    cpu: "1"\n    24\t    memory: 768Mi`), undefined, { kind: "code", where: "top" }],
    [23, "Bash", { command: "git commit -am 'payout-worker: 768Mi, ack deadline 60s + dlq' && git push && argocd app sync marti-payout-worker --timeout 300 | tail -4" }, `[main 3e9a1c0] payout-worker: 768Mi, ack deadline 60s + dlq
 2 files changed, 6 insertions(+), 2 deletions(-)
Name:               argocd/marti-payout-worker
Sync Status:        Synced to main (3e9a1c0)
Health Status:      Healthy
Message:            successfully synced (all tasks run)`, undefined, { kind: "build", where: "bottom" }],
    [25, "Bash", WORKER_VALUES, workerValues("768Mi", 1000, 2), "workervalues", { kind: "app", where: "top" }],
    [27, "Bash", { command: `gcloud pubsub subscriptions update payout-requests-worker --ack-deadline=60 --dead-letter-topic=payout-requests-dlq --max-delivery-attempts=5 && ${SUB.command}` }, `Updated subscription [projects/marti-prod/subscriptions/payout-requests-worker].\n${sub(60, 5)}`, "pubsubsub", { kind: "app", where: "top" }],
    [29, "Bash", OTEL, otel(100), "otelcol", { kind: "app", where: "top" }],
    [31, "Bash", SPANNER, spanner(900), "spanner", { kind: "app", where: "top" }],
    [33, "Bash", { command: "gcloud monitoring time-series list --project marti-prod --filter='metric.type=\"spanner.googleapis.com/instance/cpu/utilization_by_priority\" AND metric.labels.priority=\"high\"' --interval-start-time=2026-12-01T08:00:00Z --interval-end-time=2026-12-01T12:00:00Z --aggregation-alignment-period=3600s --aggregation-per-series-aligner=ALIGN_MAX --format='table(points[].interval.endTime,points[].value.doubleValue)'" }, `END_TIME              VALUE
2026-12-01T09:00:00Z  0.612
2026-12-01T10:00:00Z  0.874
2026-12-01T11:00:00Z  0.841
2026-12-01T12:00:00Z  0.703
(high-priority CPU peaked at 87.4% at 10:00, recommended max for a regional instance is 65%; top query by CPU: SELECT ... FROM Transfers WHERE MerchantId = @m AND CreatedAt > @t, a full scan of Transfers)`, undefined, { kind: "app", where: "top" }],
    [35, "Bash", SCHEMA, schema(41, false), "schemaver", { kind: "pg", where: "top" }],
    [37, "Bash", GOTEST, `--- FAIL: TestPayoutSchedule_Cutoff (0.02s)
    schedule_test.go:88: cutoff = 2026-12-05 17:00:00 +0100 CET, want 2026-12-05 17:00:00 +0000 UTC
FAIL
FAIL\t${MOD}/internal/payout\t0.412s
${okPkg("internal/ledger", "6.881s")}
${okPkg("internal/grpcserver", "1.204s")}
${okPkg("internal/ratelimit", "0.733s")}
${okPkg("internal/notifier", "0.918s")}
FAIL`, "gotest", { kind: "test", error: true, where: "top" }],
    [39, "Edit", { file_path: `${M}/internal/payout/schedule.go`, old_string: "\tcut := time.Date(d.Year(), d.Month(), d.Day(), 17, 0, 0, 0, time.Local)", new_string: "\tcut := time.Date(d.Year(), d.Month(), d.Day(), 17, 0, 0, 0, time.UTC)" }, edited(`${M}/internal/payout/schedule.go`, `    31\t// Cutoff is the bank's daily cutoff, 17:00 UTC (not the pod's TZ: CI runs with TZ=Europe/Berlin)\n    32\tfunc Cutoff(d time.Time) time.Time {\n    33\t\tcut := time.Date(d.Year(), d.Month(), d.Day(), 17, 0, 0, 0, time.UTC)`), undefined, { kind: "code", where: "top" }],
    [41, "Bash", GOTEST, `${okPkg("internal/payout", "0.398s")}
${okPkg("internal/ledger", "7.013s")}
${okPkg("internal/grpcserver", "1.187s")}
${okPkg("internal/ratelimit", "0.741s")}
${okPkg("internal/notifier", "0.902s")}`, "gotest", { kind: "test", where: "top" }],
    [43, "Bash", { command: "go test ./internal/ledger -run TestCommitTransfer_Idempotent -count=200 -parallel 8 2>&1 | tail -9" }, `--- FAIL: TestCommitTransfer_Idempotent (0.31s)
    commit_test.go:57: first commit: spanner: code = "AlreadyExists", desc = "Row [acct-1, tr-1] in table Transfers already exists"
--- FAIL: TestCommitTransfer_Idempotent (0.29s)
    commit_test.go:57: first commit: spanner: code = "AlreadyExists", desc = "Row [acct-1, tr-1] in table Transfers already exists"
--- FAIL: TestCommitTransfer_Idempotent (0.33s)
    commit_test.go:57: first commit: spanner: code = "AlreadyExists", desc = "Row [acct-1, tr-1] in table Transfers already exists"
FAIL
FAIL\t${MOD}/internal/ledger\t44.906s
(7 of 200 runs failed)`, "flaky", { kind: "test", error: true, where: "top" }],
    [45, "Read", { file_path: `${M}/internal/ledger/testutil/emulator.go` }, `    14\t// NewTestDB returns a client on the Spanner emulator.
    15\t// NOTE: all tests share the ledger-test database, and the tests call t.Parallel(),
    16\t// so two runs of a test that use the same fixed keys (acct-1, tr-1) race each other.
    17\tfunc NewTestDB(t *testing.T) *spanner.Client {
    18\t\tt.Helper()
    19\t\tdb := fmt.Sprintf("projects/%s/instances/%s/databases/ledger-test", emulatorProject, emulatorInstance)
    20\t\tc, err := spanner.NewClient(context.Background(), db)`, undefined, { kind: "code", where: "top" }],
    [47, "Edit", { file_path: `${M}/internal/ledger/testutil/emulator.go`, old_string: '"projects/%s/instances/%s/databases/ledger-test", emulatorProject, emulatorInstance)', new_string: '"projects/%s/instances/%s/databases/%s", emulatorProject, emulatorInstance, createTestDatabase(t))' }, edited(`${M}/internal/ledger/testutil/emulator.go`, `    14\t// NewTestDB creates a fresh emulator database per test (t-<hash of t.Name()>-<random>) with the schema applied.\n    17\tfunc NewTestDB(t *testing.T) *spanner.Client {\n    18\t\tt.Helper()\n    19\t\tdb := fmt.Sprintf("projects/%s/instances/%s/databases/%s", emulatorProject, emulatorInstance, createTestDatabase(t))`), undefined, { kind: "code", where: "top" }],
    [49, "Bash", { command: "go test ./internal/ledger -run TestCommitTransfer_Idempotent -count=200 -parallel 8 2>&1 | tail -3" }, okPkg("internal/ledger", "41.207s"), "flaky", { kind: "test", where: "top" }],
    [51, "Bash", { command: "go test ./internal/notifier/... 2>&1 | tail -6" }, `--- FAIL: TestNotifyOnSettlement_Dedup (0.05s)
    notifier_test.go:112: publish: rpc error: code = AlreadyExists desc = Row [ntf-1] in table Notifications already exists
FAIL
FAIL\t${MOD}/internal/notifier\t0.944s
FAIL`, undefined, { kind: "test", error: true, where: "top" }],
    [53, "Bash", HPA, hpaTable(hpaRow("ledger-api", "91%", "70%", 3, 8, 8), hpaRow("payout-worker", "44%", "75%", 2, 4, 2)), "hpa", { kind: "app", where: "top" }],
    [55, "Bash", GET_DEPLOY, deploys("8/8", "2/2"), "deploys", { kind: "app", where: "top" }],
    [57, "Edit", { file_path: `${M}/charts/ledger-api/values-prod.yaml`, old_string: "  minReplicas: 3\n  maxReplicas: 8\n  targetCPUUtilizationPercentage: 70", new_string: "  minReplicas: 4\n  maxReplicas: 12\n  targetCPUUtilizationPercentage: 60" }, edited(`${M}/charts/ledger-api/values-prod.yaml`, `    40\tautoscaling:\n    41\t  enabled: true\n    42\t  minReplicas: 4\n    43\t  maxReplicas: 12\n    44\t  targetCPUUtilizationPercentage: 60`), undefined, { kind: "code", where: "top" }],
    [59, "Bash", HPA, hpaTable(hpaRow("ledger-api", "58%", "60%", 4, 12, 9), hpaRow("payout-worker", "40%", "75%", 2, 4, 2)), "hpa", { kind: "app", where: "top" }],
    [61, "Bash", { command: `gcloud spanner instances update marti-prod --processing-units=2000 && ${SPANNER.command}` }, `Updating instance...done.\n${spanner(2000)}`, "spanner", { kind: "app", where: "top" }],
    [63, "Bash", CB, `ID        STATUS   TAG_NAME  SHORT_SHA  CREATE_TIME       DURATION
5b0c9e1d  SUCCESS  v2.8.0    d17f3a2    2026-12-03 13:40  6M12S
0a7e3c44  SUCCESS  v2.7.3    9b20e4f    2026-11-27 10:05  5M58S
e2f81b90  FAILURE  v2.7.2    71c0a9e    2026-11-26 17:31  1M04S
91d3c5aa  SUCCESS  v2.7.1    4f6e2b8    2026-11-25 09:12  6M01S`, "ci", { kind: "build", where: "top" }],
    [65, "Bash", { command: "kubectl -n marti logs job/ledger-migrate --tail=20" }, `2026/12/03 14:02:11 Start buffering 42/u add_payout_ref
2026/12/03 14:02:11 Read and execute 42/u add_payout_ref
2026/12/03 14:02:14 error: migration failed in line 0: ALTER TABLE Transfers ADD COLUMN PayoutRef STRING(64) NOT NULL (details: rpc error: code = FailedPrecondition desc = Cannot add NOT NULL column Transfers.PayoutRef to existing table Transfers.)
(the job runs as a PostSync hook, so the v2.8.0 pods were already rolling out when it failed)`, undefined, { kind: "pg", where: "top", error: true }],
    [66, "Bash", SCHEMA, schema(42, true), "schemaver", { kind: "pg", where: "top" }],
    [67, "Bash", ARGO, argoApp({ sync: "Synced to main (d17f3a2)", health: "Degraded", tag: "v2.8.0", hook: "PostSync", jobStatus: "Failed   ", jobMsg: "BackoffLimitExceeded", depMsg: "configured", op: { phase: "Failed", msg: "one or more synchronization tasks completed unsuccessfully" } }), "argoapp", { kind: "app", where: "top" }],
    [69, "Bash", { command: "kubectl -n marti logs deploy/ledger-api --since=5m | grep -m4 '\"level\":\"error\"'" }, `{"level":"error","ts":"2026-12-03T14:03:02.551Z","msg":"CommitTransfer failed","grpc.code":"Internal","error":"spanner: code = \\"InvalidArgument\\", desc = \\"Column not found in table Transfers: PayoutRef\\""}
{"level":"error","ts":"2026-12-03T14:03:02.812Z","msg":"GetBalance failed","grpc.code":"Internal","error":"spanner: code = \\"InvalidArgument\\", desc = \\"Column not found in table Transfers: PayoutRef\\""}
{"level":"error","ts":"2026-12-03T14:03:03.007Z","msg":"ListTransfers failed","grpc.code":"Internal","error":"spanner: code = \\"InvalidArgument\\", desc = \\"Column not found in table Transfers: PayoutRef\\""}
(v2.8.0 reads and writes Transfers.PayoutRef, but migration 42 never applied)`, undefined, { kind: "app", where: "top" }],
    [71, "Bash", { command: "gcloud monitoring time-series list --project marti-prod --filter='metric.type=\"prometheus.googleapis.com/grpc_server_handled_total/counter\" AND metric.labels.grpc_code!=\"OK\"' --interval-start-time=2026-12-03T14:00:00Z --interval-end-time=2026-12-03T14:10:00Z --format=json | ./scripts/error-ratio.sh" }, `window                 handled  errors  ratio
2026-12-03T14:00:00Z   41122    12      0.0003
2026-12-03T14:05:00Z   40870    5807    0.1421
(ledger-api error ratio 14.21% while v2.8.0 was serving)`, "errrate", { kind: "app", where: "top" }],
    [73, "Bash", { command: "argocd app set marti-ledger --sync-policy none && argocd app history marti-ledger | tail -3 && argocd app rollback marti-ledger 57 --timeout 300 | tail -3" }, `ID  DATE                           REVISION
56  2026-11-27 10:14:52 +0000 UTC  main (9b20e4f) ledger-api:v2.7.3
57  2026-12-03 14:01:40 +0000 UTC  main (d17f3a2) ledger-api:v2.8.0
Rolling back to history ID 56: main (9b20e4f), image ${AR}/ledger-api:v2.7.3
Sync Status:        OutOfSync from main (d17f3a2)
Health Status:      Healthy`, undefined, { kind: "build", where: "top" }],
    [75, "Bash", ARGO, argoApp({ sync: "OutOfSync from main (d17f3a2)", health: "Healthy", tag: "v2.7.3", policy: "<none>", depStatus: "OutOfSync", depMsg: "rolled back" }), "argoapp", { kind: "app", where: "top" }],
    [77, "Bash", { command: "git revert --no-edit d17f3a2 && git log -1 --format='%h %s%n%n%b'" }, `[main 6a2f0b9] Revert "ledger: PayoutRef on transfers (v2.8.0)"
6a2f0b9 Revert "ledger: PayoutRef on transfers (v2.8.0)"

v2.8.0 went out while its migration (42, NOT NULL PayoutRef) failed: Spanner cannot add a
NOT NULL column to a table with rows, and the job ran PostSync, after the new pods. Every call
touching Transfers failed with "Column not found" (14% errors for ~6 minutes). Rolled back to
v2.7.3 with argocd app rollback (history 56); auto-sync off until the migration is split.`, undefined, { kind: "build", where: "top" }],
    [79, "Bash", { command: "migrate -path db/migrations -database \"spanner://projects/marti-prod/instances/marti-prod/databases/ledger?x-clean-statements=true\" force 41 && migrate -path db/migrations -database \"spanner://projects/marti-prod/instances/marti-prod/databases/ledger\" version" }, "41", undefined, { kind: "pg", where: "top" }],
    [80, "Bash", SCHEMA, schema(41, false), "schemaver", { kind: "pg", where: "top" }],
    [82, "Edit", { file_path: `${M}/db/migrations/000042_add_payout_ref.up.sql`, old_string: "ALTER TABLE Transfers ADD COLUMN PayoutRef STRING(64) NOT NULL;", new_string: "ALTER TABLE Transfers ADD COLUMN PayoutRef STRING(64);" }, edited(`${M}/db/migrations/000042_add_payout_ref.up.sql`, `     1\t-- nullable first: Spanner rejects NOT NULL on a table with rows; 000043 indexes it,\n     2\t-- the NOT NULL comes after the backfill job (ledger-backfill-payoutref)\n     3\tALTER TABLE Transfers ADD COLUMN PayoutRef STRING(64);`), undefined, { kind: "code", where: "top" }],
    [84, "Edit", { file_path: `${M}/charts/ledger-api/templates/migrate-job.yaml`, old_string: "    argocd.argoproj.io/hook: PostSync", new_string: "    argocd.argoproj.io/hook: PreSync" }, edited(`${M}/charts/ledger-api/templates/migrate-job.yaml`, `     4\t  annotations:\n     5\t    argocd.argoproj.io/hook: PreSync\n     6\t    argocd.argoproj.io/hook-delete-policy: BeforeHookCreation`), undefined, { kind: "code", where: "top" }],
    [86, "Bash", CB, `ID        STATUS   TAG_NAME  SHORT_SHA  CREATE_TIME       DURATION
c83d21f7  SUCCESS  v2.8.1    b5e04c9    2026-12-03 17:22  6M20S
5b0c9e1d  SUCCESS  v2.8.0    d17f3a2    2026-12-03 13:40  6M12S
0a7e3c44  SUCCESS  v2.7.3    9b20e4f    2026-11-27 10:05  5M58S
e2f81b90  FAILURE  v2.7.2    71c0a9e    2026-11-26 17:31  1M04S`, "ci", { kind: "build", where: "top" }],
    [88, "Bash", ARGO, argoApp({ sync: "Synced to main (b5e04c9)", health: "Healthy", tag: "v2.8.1" }), "argoapp", { kind: "app", where: "top" }],
    [90, "Bash", SCHEMA, schema(43, false), "schemaver", { kind: "pg", where: "top" }],
    [92, "Bash", { command: "./scripts/error-ratio.sh --last 15m" }, `window                 handled  errors  ratio
2026-12-03T17:45:00Z   42017    14      0.0003
2026-12-03T17:50:00Z   41880    11      0.0003`, "errrate", { kind: "app", where: "top" }],
    [94, "Bash", { command: "go get go@1.23.4 google.golang.org/grpc@v1.68.1 cloud.google.com/go/spanner@v1.73.0 go.opentelemetry.io/otel@v1.32.0 && go mod tidy && go test ./... 2>&1 | tail -12" }, `--- FAIL: TestHealthCheck_Serving (5.00s)
    server_test.go:41: health: rpc error: code = Unavailable desc = name resolver error: produced zero addresses
--- FAIL: TestLedgerService_GetBalance (5.00s)
    server_test.go:77: GetBalance: rpc error: code = Unavailable desc = name resolver error: produced zero addresses
FAIL
FAIL\t${MOD}/internal/grpcserver\t10.231s
${okPkg("internal/ledger", "6.954s")}
${okPkg("internal/payout", "0.402s")}
FAIL`, "gotest", { kind: "test", error: true, where: "top" }],
    [96, "Edit", { file_path: `${M}/internal/grpcserver/server_test.go`, old_string: 'grpc.NewClient("bufnet",', new_string: 'grpc.NewClient("passthrough:///bufnet",' }, edited(`${M}/internal/grpcserver/server_test.go`, `    24\t\t// grpc.NewClient resolves with "dns" by default (Dial used "passthrough"): bufconn needs the explicit scheme\n    25\t\tconn, err := grpc.NewClient("passthrough:///bufnet",\n    26\t\t\tgrpc.WithContextDialer(func(ctx context.Context, _ string) (net.Conn, error) { return lis.DialContext(ctx) }),`), undefined, { kind: "code", where: "top" }],
    [98, "Bash", GOTEST, `${okPkg("internal/grpcserver", "1.311s")}
${okPkg("internal/ledger", "6.870s")}
${okPkg("internal/payout", "0.389s")}
${okPkg("internal/ratelimit", "0.722s")}
${okPkg("internal/notifier", "0.931s")}`, "gotest", { kind: "test", where: "top" }],
    [100, "Bash", GOMOD, gomod("1.23.4", "v1.68.1", "v1.73.0", "v1.32.0", "go1.23.4"), "gomod", { kind: "build", where: "top" }],
    [102, "Bash", { command: "kubectl -n marti describe pod -l app=payout-worker | sed -n '/Containers:/,/Conditions:/p' | head -30" }, `Containers:
  payout-worker:
    Image:          ${AR}/payout-worker:v2.8.1
    Port:           9464/TCP
    State:          Running
      Started:      Thu, 04 Dec 2026 08:44:19 +0000
    Last State:     Terminated
      Reason:       OOMKilled
      Exit Code:    137
      Started:      Thu, 04 Dec 2026 08:01:52 +0000
      Finished:     Thu, 04 Dec 2026 08:44:17 +0000
    Ready:          True
    Restart Count:  3
    Limits:
      cpu:     1
      memory:  768Mi
    Requests:
      cpu:     250m
      memory:  256Mi
(month-start batch: 1000 outstanding messages per pod, each holding a decoded settlement file)`, undefined, { kind: "app", where: "top" }],
    [104, "Bash", TOP, top([["ledger-api-5c7e9a8d6-8wq4n", "260m", "214Mi"], ["ledger-api-5c7e9a8d6-fk2lp", "231m", "205Mi"], ["ledger-api-5c7e9a8d6-m9x7t", "244m", "198Mi"], ["ledger-api-5c7e9a8d6-zr5d2", "219m", "207Mi"], ["payout-worker-6f8d4c7b9-5hn2q", "702m", "751Mi"], ["payout-worker-6f8d4c7b9-kq8vw", "688m", "733Mi"]]), "toppods", { kind: "app", where: "top" }],
    [106, "Bash", WORKER_VALUES, workerValues("1Gi", 200, 4), "workervalues", { kind: "app", where: "top" }],
    [108, "Bash", { command: "gcloud pubsub subscriptions update payout-requests-worker --ack-deadline=120 --max-delivery-attempts=10 && gcloud pubsub subscriptions describe payout-requests-worker" }, `Updated subscription [projects/marti-prod/subscriptions/payout-requests-worker].\n${sub(120, 10)}`, "pubsubsub", { kind: "app", where: "top" }],
    [110, "Bash", BACKLOG, backlog(1302, 208, 17), "backlog", { kind: "app", where: "top" }],
    [112, "Bash", { command: "git log -1 --format='%h %s%n%n%b' -- deploy/observability/otel-collector.yaml" }, `8d0c4b1 otel: sample 10% of traces

Cloud Trace ingested 2.1B spans in November (most of it GetBalance polling from the merchant
dashboard); at 100% sampling that is most of the observability bill. Errors are still visible
through metrics and logs.`, undefined, { kind: "build", where: "top" }],
    [113, "Bash", OTEL, otel(10), "otelcol", { kind: "app", where: "top" }],
    [115, "Bash", REDIS, redis("10.60.0.4", 6379, "DISABLED"), "redis", { kind: "app", where: "top" }],
    [117, "Edit", { file_path: `${M}/infra/memorystore.tf`, old_string: '  transit_encryption_mode = "DISABLED"', new_string: '  transit_encryption_mode = "SERVER_AUTHENTICATION"' }, edited(`${M}/infra/memorystore.tf`, `     1\tresource "google_redis_instance" "ratelimit" {\n     2\t  name                    = "marti-ratelimit"\n     3\t  tier                    = "STANDARD_HA"\n     4\t  memory_size_gb          = 2\n     5\t  redis_version           = "REDIS_7_2"\n     6\t  transit_encryption_mode = "SERVER_AUTHENTICATION" # forces a new instance; TLS port is 6378`), undefined, { kind: "code", where: "top" }],
    [119, "Bash", REDIS, redis("10.60.0.12", 6378, "SERVER_AUTHENTICATION"), "redis", { kind: "app", where: "top" }],
    [121, "Bash", { command: "kubectl -n marti logs deploy/ledger-api --since=5m | grep -m3 ratelimit" }, `{"level":"warn","ts":"2026-12-04T11:20:41.302Z","msg":"ratelimit: redis unavailable, failing open","error":"dial tcp 10.60.0.4:6379: connect: connection refused"}
{"level":"warn","ts":"2026-12-04T11:20:41.877Z","msg":"ratelimit: redis unavailable, failing open","error":"dial tcp 10.60.0.4:6379: connect: connection refused"}
{"level":"warn","ts":"2026-12-04T11:20:42.015Z","msg":"ratelimit: redis unavailable, failing open","error":"dial tcp 10.60.0.4:6379: connect: connection refused"}`, undefined, { kind: "app", where: "top" }],
    [123, "Bash", API_VALUES, apiValues("10.60.0.12:6378", "true"), "apivalues", { kind: "app", where: "top" }],
    [125, "Bash", ALERT, alert(500, "300s"), "alert", { kind: "app", where: "top" }],
    [127, "Bash", { command: "gcloud alpha monitoring incidents list --policy='ledger-api p99 latency' --limit 3 2>/dev/null || ./scripts/incidents.sh ledger-api" }, `STARTED               ENDED                 POLICY                  SUMMARY
2026-12-04T16:12:00Z  2026-12-04T16:29:00Z  ledger-api p99 latency  p99 612 ms > 500 ms for 300s on marti.ledger.v1.LedgerService/ListTransfers
2026-12-02T10:05:00Z  2026-12-02T10:40:00Z  ledger-api p99 latency  p99 1840 ms > 500 ms for 300s on marti.ledger.v1.LedgerService/ListTransfers`, undefined, { kind: "app", where: "top" }],
    [129, "Bash", ALERT, alert(350, "600s"), "alert", { kind: "app", where: "top" }],
    [131, "Bash", GET_DEPLOY, deploys("6/6", "4/4"), "deploys", { kind: "app", where: "top" }],
    [133, "Bash", HPA, hpaTable(hpaRow("ledger-api", "49%", "60%", 4, 12, 6), hpaRow("payout-worker", "52%", "75%", 4, 6, 4)), "hpa", { kind: "app", where: "top" }],
    [135, "Bash", { command: "gcloud spanner databases ddl describe ledger --instance marti-prod | grep -A3 'CREATE INDEX'" }, `CREATE INDEX TransfersByMerchantCreatedAt ON Transfers(MerchantId, CreatedAt DESC) STORING (Amount, Currency, PayoutRef);
CREATE INDEX TransfersByPayoutRef ON Transfers(PayoutRef);
CREATE NULL_FILTERED INDEX EntriesByReversal ON Entries(ReversalOf);`, undefined, { kind: "pg", where: "top" }],
    [137, "Bash", { command: `gcloud spanner instances update marti-prod --processing-units=1000 && ${SPANNER.command}` }, `Updating instance...done.\n${spanner(1000)}`, "spanner", { kind: "app", where: "top" }],
    [139, "Bash", { command: "argocd app get marti-notifier && kubectl -n marti get deploy notifier -o jsonpath='{.spec.template.spec.containers[0].image}'" }, `Name:               argocd/marti-notifier
Project:            marti
Sync Policy:        Automated (Prune)
Sync Status:        Synced to main (4c1d9e2)
Health Status:      Healthy

GROUP  KIND        NAMESPACE  NAME      STATUS  HEALTH   HOOK  MESSAGE
apps   Deployment  marti      notifier  Synced  Healthy        deployment.apps/notifier configured
${AR}/notifier:v1.4.2`, undefined, { kind: "app", where: "top" }],
    [141, "Bash", { command: "go test ./internal/ratelimit -v -run TLS 2>&1 | tail -6" }, `=== RUN   TestRedisLimiter_TLS
    redis_test.go:64: dial: tls: failed to verify certificate: x509: certificate signed by unknown authority
--- FAIL: TestRedisLimiter_TLS (0.02s)
FAIL
FAIL\t${MOD}/internal/ratelimit\t0.611s
(the test reads the Memorystore CA from testdata/server-ca.pem, which is still the old instance's)`, undefined, { kind: "test", error: true, where: "top" }],
    [143, "Bash", { command: "kubectl -n marti get pods -o wide --sort-by=.metadata.creationTimestamp | tail -6" }, `NAME                             READY   STATUS             RESTARTS      AGE   IP            NODE
payout-worker-6f8d4c7b9-5hn2q    1/1     Running            3 (2d ago)    2d    10.52.1.44    gke-marti-prod-gke-pool-e2-std8-5c1f0a2b-2kx9
payout-worker-6f8d4c7b9-kq8vw    1/1     Running            2 (2d ago)    2d    10.52.2.19    gke-marti-prod-gke-pool-e2-std8-5c1f0a2b-7hq1
ledger-api-7f6c5b9d8-6rj2m       0/1     CrashLoopBackOff   4 (31s ago)   3m    10.52.0.77    gke-marti-prod-gke-pool-e2-std8-9d4e2c71-m3vz
(staging namespace context leaked: this is marti-staging, see kubectl config current-context)`, undefined, { kind: "app", where: "top" }],
    [147, "Bash", WORKER_VALUES, workerValues("1Gi", 200, 4), "workervalues", { kind: "app", where: "top" }],
    [150, "Bash", BACKLOG, backlog(0, 0, 17), "backlog", { kind: "app", where: "top" }],
    [153, "Bash", { command: "kubectl -n observability logs deploy/otel-collector --since=1h | grep -c 'Dropping' ; git log -1 --format='%h %s%n%n%b' -- deploy/observability/otel-collector.yaml" }, `0
2f71e9a otel: 25% sampling

At 10% the support team could not find traces for the failing ListTransfers calls they were
given trace ids for; 25% is the compromise until tail sampling lands.`, undefined, { kind: "build", where: "top" }],
    [155, "Bash", OTEL, otel(25, "raised from 10: support could not find traces"), "otelcol", { kind: "app", where: "top" }],
    [160, "Bash", { command: "migrate -path db/migrations -database \"spanner://projects/marti-prod/instances/marti-prod/databases/ledger\" up 2>&1 | tail -2" }, "44/u drop_legacy_balance_view (18.402s)", undefined, { kind: "pg", where: "top" }],
    [161, "Bash", SCHEMA, schema(44, false), "schemaver", { kind: "pg", where: "top" }],
    [166, "Bash", CB, `ID        STATUS   TAG_NAME  SHORT_SHA  CREATE_TIME       DURATION
f40a2b6e  SUCCESS  v2.8.2    e91c7d3    2026-12-05 15:08  6M33S
77b1d0c2  FAILURE  v2.8.2    0c4a5f1    2026-12-05 14:41  2M10S
c83d21f7  SUCCESS  v2.8.1    b5e04c9    2026-12-03 17:22  6M20S
5b0c9e1d  SUCCESS  v2.8.0    d17f3a2    2026-12-03 13:40  6M12S`, "ci", { kind: "build", where: "top" }],
    [170, "Bash", ARGO, argoApp({ sync: "Synced to main (e91c7d3)", health: "Healthy", tag: "v2.8.2" }), "argoapp", { kind: "app", where: "top" }],
    [175, "Bash", GET_DEPLOY, deploys("7/7", "4/4"), "deploys", { kind: "app", where: "top" }],
    [180, "Bash", GOTEST, `${okPkg("internal/grpcserver", "1.298s")}
${okPkg("internal/ledger", "6.902s")}
${okPkg("internal/notifier", "0.917s")}
${okPkg("internal/payout", "0.395s")}
${okPkg("internal/ratelimit", "0.815s")}`, "gotest", { kind: "test", where: "top" }],
    [186, "Bash", TOP, top([["ledger-api-8a9b7c6d5-2c4vx", "233m", "211Mi"], ["ledger-api-8a9b7c6d5-7kd9q", "251m", "219Mi"], ["ledger-api-8a9b7c6d5-b3mzn", "240m", "208Mi"], ["payout-worker-9c1e2d3f4-h6t8p", "540m", "612Mi"], ["payout-worker-9c1e2d3f4-q2w7e", "515m", "598Mi"], ["payout-worker-9c1e2d3f4-v9s3k", "528m", "604Mi"], ["payout-worker-9c1e2d3f4-x1y5z", "502m", "587Mi"]]), "toppods", { kind: "app", where: "top" }],
    [192, "Bash", HPA, hpaTable(hpaRow("ledger-api", "52%", "60%", 4, 12, 7), hpaRow("payout-worker", "47%", "75%", 4, 6, 4)), "hpa", { kind: "app", where: "top" }],
    [198, "Bash", { command: "./scripts/error-ratio.sh --last 1h" }, `window                 handled  errors  ratio
2026-12-05T16:00:00Z   43802    9       0.0002
2026-12-05T16:30:00Z   44117    10      0.0002`, "errrate", { kind: "app", where: "top" }],
    [204, "Bash", { command: "go test ./internal/ledger -run TestCommitTransfer_Idempotent -count=100 -race 2>&1 | tail -2" }, okPkg("internal/ledger", "58.730s"), "flaky", { kind: "test", where: "top" }],
    [210, "Bash", GET_DEPLOY, deploys("7/7", "4/4", "3/3"), "deploys", { kind: "app", where: "top" }],
  ],
  questions: [
    { kind: "state", lang: "tr", prompt: "ledger-api şu an hangi image tag'iyle çalışıyor?", want: [{ key: "argoapp", fact: "ledger-api:v2.8.2" }] },
    { kind: "state", prompt: "is the ledger app healthy and synced in argo right now", want: [{ key: "argoapp", fact: "Sync Status:        Synced to main (e91c7d3)" }] },
    { kind: "state", lang: "tr", prompt: "payout-worker'ın memory limiti en son kaça çıktı", want: [{ key: "workervalues", fact: "    memory: 1Gi" }] },
    { kind: "state", prompt: "what's the ack deadline on the payout subscription now?", want: [{ key: "pubsubsub", fact: "ackDeadlineSeconds: 120" }] },
    { kind: "state", lang: "tr", prompt: "mesaj dead letter'a düşmeden önce kaç kere deneniyor şimdi", want: [{ key: "pubsubsub", fact: "maxDeliveryAttempts: 10" }] },
    { kind: "state", prompt: "which schema version is the spanner ledger db on, and is it clean", want: [{ key: "schemaver", fact: "44       False" }] },
    { kind: "state", lang: "tr", prompt: "spanner instance'ın processing unit'i şu an kaç", want: [{ key: "spanner", fact: "processingUnits: 1000" }] },
    { kind: "state", prompt: "which go toolchain are we on these days", want: [{ key: "gomod", fact: "go version go1.23.4" }] },
    { kind: "state", lang: "tr", prompt: "go.mod'da grpc hangi sürümde duruyor", want: [{ key: "gomod", fact: "google.golang.org/grpc v1.68.1" }] },
    { kind: "state", prompt: "what trace sampling percentage is the collector using now?", want: [{ key: "otelcol", fact: "sampling_percentage: 25" }] },
    { kind: "state", lang: "tr", prompt: "redis'in portu ne şimdi, değişmişti galiba", want: [{ key: "redis", fact: "port: 6378" }] },
    { kind: "state", prompt: "is memorystore encrypted in transit at this point", want: [{ key: "redis", fact: "transitEncryptionMode: SERVER_AUTHENTICATION" }] },
    { kind: "state", lang: "tr", prompt: "ledger-api'nin hpa'sında min ve max replika kaç", want: [{ key: "hpa", fact: hpaRow("ledger-api", "52%", "60%", 4, 12, 7) }] },
    { kind: "state", prompt: "what's the p99 latency alert threshold these days", want: [{ key: "alert", fact: "thresholdValue: 350" }] },
    { kind: "state", lang: "tr", prompt: "payout kuyruğunda bekleyen mesaj kaldı mı hâlâ", want: [{ key: "backlog", fact: "payout-requests-worker      num_undelivered_messages     0" }] },
    { kind: "state", prompt: "is the idempotency test still flaky or solid now", want: [{ key: "flaky", fact: okPkg("internal/ledger", "58.730s") }] },
    { kind: "state", lang: "tr", prompt: "go test ./... şu an tamamen yeşil mi", want: [{ key: "gotest", fact: okPkg("internal/ratelimit", "0.815s") }] },
    { kind: "state", prompt: "how many ledger-api pods are up right now", want: [{ key: "deploys", fact: depRow("ledger-api", "7/7", "241d") }] },
    { kind: "state", lang: "tr", prompt: "ledger-api'de REDIS_ADDR neye ayarlı şu an", want: [{ key: "apivalues", fact: "REDIS_ADDR: 10.60.0.12:6378" }] },
    { kind: "state", prompt: "how much memory are the payout workers actually using at the moment", want: [{ key: "toppods", fact: topRow(["payout-worker-9c1e2d3f4-h6t8p", "540m", "612Mi"]) }] },
    { kind: "history", lang: "tr", prompt: "ack deadline'ı ilk başta neden yükseltmek zorunda kaldık", want: [{ turn: 15, fact: "the subscription's ackDeadlineSeconds is 10" }] },
    { kind: "history", prompt: "when payout-worker first got OOMKilled, what was its memory limit?", want: [{ turn: 17, fact: "memory:  512Mi" }] },
    { kind: "history", lang: "tr", prompt: "payout-worker ikinci kez OOM olduğunda limit kaçtı", want: [{ turn: 102, fact: "memory:  768Mi" }] },
    { kind: "history", prompt: "why did we have to roll back v2.8.0?", want: [{ turn: 69, fact: "Column not found in table Transfers: PayoutRef" }] },
    { kind: "history", lang: "tr", prompt: "migration'ı neden force etmek zorunda kaldık, spanner ne hatası vermişti", want: [{ turn: 65, fact: "Cannot add NOT NULL column Transfers.PayoutRef to existing table Transfers." }] },
    { kind: "history", lang: "tr", prompt: "rollback'te hangi history id'ye ve hangi image'a dönmüştük", want: [{ turn: 73, fact: "Rolling back to history ID 56" }] },
    { kind: "history", prompt: "how bad was the error rate while the broken release was serving", want: [{ turn: 71, fact: "0.1421" }] },
    { kind: "history", lang: "tr", prompt: "go bump'tan sonra grpcserver testleri neden kırıldı", want: [{ turn: 94, fact: "name resolver error: produced zero addresses" }] },
    { kind: "history", prompt: "how did we fix the bufconn tests after moving to NewClient", want: [{ turn: 96, fact: 'grpc.NewClient("passthrough:///bufnet",' }] },
    { kind: "history", lang: "tr", prompt: "idempotency testi neden flaky'ydi, sebebi neydi", want: [{ turn: 45, fact: "all tests share the ledger-test database" }] },
    { kind: "history", prompt: "what error did the flaky commit test throw", want: [{ turn: 43, fact: "Row [acct-1, tr-1] in table Transfers already exists" }] },
    { kind: "history", lang: "tr", prompt: "cutoff testi hangi hatayla patlamıştı en başta", want: [{ turn: 37, fact: "want 2026-12-05 17:00:00 +0000 UTC" }] },
    { kind: "history", prompt: "what was ledger-api logging right after memorystore was recreated with TLS", want: [{ turn: 121, fact: "dial tcp 10.60.0.4:6379: connect: connection refused" }] },
    { kind: "history", lang: "tr", prompt: "processing unit'leri artırmadan önce spanner cpu'su en fazla ne kadardı", want: [{ turn: 33, fact: "peaked at 87.4%" }] },
    { kind: "history", prompt: "how many messages were stuck on the payout sub when we started", want: [{ turn: 13, fact: "num_undelivered_messages     48211" }] },
    { kind: "history", lang: "tr", prompt: "trace sampling'i ilk başta neden düşürmüştük", want: [{ turn: 112, fact: "Cloud Trace ingested 2.1B spans in November" }] },
    { kind: "multi", lang: "tr", prompt: "ledger-api'nin image tag'i ne ve kaç pod'u ayakta", want: [{ key: "argoapp", fact: "ledger-api:v2.8.2" }, { key: "deploys", fact: depRow("ledger-api", "7/7", "241d") }] },
    { kind: "multi", prompt: "ack deadline on the sub and the payout-worker memory limit?", want: [{ key: "pubsubsub", fact: "ackDeadlineSeconds: 120" }, { key: "workervalues", fact: "    memory: 1Gi" }] },
    { kind: "multi", lang: "tr", prompt: "spanner'ın processing unit'i ve şema versiyonu kaç", want: [{ key: "spanner", fact: "processingUnits: 1000" }, { key: "schemaver", fact: "44       False" }] },
    { kind: "multi", prompt: "go version plus whether the last cloud build passed", want: [{ key: "gomod", fact: "go version go1.23.4" }, { key: "ci", fact: "f40a2b6e  SUCCESS  v2.8.2" }] },
    { kind: "multi", lang: "tr", prompt: "redis'in portu ile ledger-api'deki REDIS_ADDR birbirini tutuyor mu", want: [{ key: "redis", fact: "port: 6378" }, { key: "apivalues", fact: "REDIS_ADDR: 10.60.0.12:6378" }] },
    { kind: "multi", prompt: "sampling percent and the latency alert threshold", want: [{ key: "otelcol", fact: "sampling_percentage: 25" }, { key: "alert", fact: "thresholdValue: 350" }] },
    { kind: "multi", lang: "tr", prompt: "canlıdaki tag hangisi, geri aldığımız sürüm hangisiydi", want: [{ key: "argoapp", fact: "ledger-api:v2.8.2" }, { turn: 67, fact: "ledger-api:v2.8.0" }] },
    { kind: "none", lang: "tr", prompt: "tamamdır eyvallah, bugünlük bu kadar" },
    { kind: "none", prompt: "in general, how does spanner's external consistency actually work?" },
    { kind: "none", lang: "tr", prompt: "go'da context iptali goroutine'lere nasıl yayılıyor, genel olarak anlatır mısın" },
    { kind: "none", prompt: "brb, standup" },
    { kind: "none", lang: "tr", prompt: "bu arada hafta sonu için film önerin var mı" },
  ],
};

/** Held out from the selection work: written blind, never run before it was registered (Django + Celery on AWS ECS Fargate). */
export const HELD_OUT_30 = [osprey];
/** Held out from the selection work: written blind, never run before it was registered (Go gRPC on GKE with Spanner, Turkish and English). */
export const HELD_OUT_31 = [marti];
