// Two more held-out recall sessions (format: tests/recall/build.mjs): written blind, without reading the selection's
// code, its tests or any benchmark result, and kept out of the selection work. HELD_OUT_22: a Django 5 + Celery +
// Redis + Postgres B2B scheduling SaaS on GCP (Cloud Run web/worker/beat services, Cloud SQL, Memorystore, Cloud
// Tasks, Pub/Sub push, Terraform, GitHub Actions, Sentry; pytest + factory_boy): celery beat running on two Cloud Run
// instances and sending every reminder twice (beat capped at one instance, RedBeat lock), an N+1 availability
// endpoint fixed with select_related and a concurrent index, web min/max instances and concurrency changed three
// times, Cloud SQL max_connections hit and raised (gunicorn workers and CONN_MAX_AGE cut), a Django 5.1 bump that
// broke on index_together and was reverted then redone with a RenameIndex migration, a flaky reminder-window test, a
// DST bug in slot generation, the daily digest moved from a UTC crontab to per-org Cloud Tasks and throttled after
// SendGrid 429s, a Pub/Sub ack deadline raised, a worker memory limit raised then lowered after a streaming export
// fix, a waffle flag rolled out, off and on again, a release rolled back by traffic split after a migration ran late,
// a Memorystore eviction policy changed twice, Terraform drift reconciled; English questions. HELD_OUT_23: Go gRPC
// microservices of an order-routing/logistics platform on GKE with Istio, Postgres via pgx, NATS JetStream, Helm,
// Argo CD, Prometheus/Grafana and OpenTelemetry: carrier quote deadlines raised twice, JetStream max_ack_pending up
// then down after a pgx pool exhaustion, an HPA patch undone by Argo CD self-heal, a Go 1.23 bump that broke the link
// and then the CI image, a proto change caught by buf breaking, a goroutine leak found with pprof, Istio retries that
// amplified load cut back, strict mTLS breaking a non-mesh webhook, an expired partner client certificate, a release
// rolled back with Argo CD, the collector's sampling and an alert threshold changed, Postgres running out of
// connections after a scale-up; the user writes Turkish for about half the questions.

const J = "/home/dev/juniper";
const GCP = "juniper-prod-4821";
const AR = `europe-west1-docker.pkg.dev/${GCP}/juniper`;
const DEPLOYER = `github-deployer@${GCP}.iam.gserviceaccount.com`;

const edited = (file, snippet) => `The file ${file} has been updated. Here's the result of running \`cat -n\` on a snippet of the edited file:\n${snippet}`;

/** One `key: value` line of `gcloud run services describe`. */
const kv = (k, v, indent = 2) => `${" ".repeat(indent)}${`${k}:`.padEnd(24)}${v}`;
const runDesc = (svc, o) => `✔ Service ${svc} in region europe-west1

URL:     https://${svc}-q7w2xk4fma-ew.a.run.app
Ingress: ${o.ingress ?? "all"}
Traffic:
  100% LATEST (currently ${o.rev})

Scaling: Auto (Min: ${o.min}, Max: ${o.max})

Last updated on ${o.at} by ${DEPLOYER}:
  Revision ${o.rev}
  Container ${o.container ?? svc.replace("juniper-", "")}
${kv("Image", `${AR}/${o.image}`, 4)}
${kv("Port", o.port ?? "8080", 4)}
${kv("Memory", o.mem, 4)}
${kv("CPU", o.cpu ?? "1", 4)}
${kv("Command", o.cmd, 4)}
    Env vars:
      DJANGO_SETTINGS_MODULE   juniper.settings.prod
      SENTRY_ENVIRONMENT       production
      GCP_REGION               europe-west1
    Startup Probe:
      TCP every 240s
      Port:                  ${o.port ?? "8080"}
      Initial delay:         0s
      Timeout:               240s
      Failure threshold:     1
${kv("Service account", `${svc}@${GCP}.iam.gserviceaccount.com`)}
${kv("Concurrency", o.conc)}
${kv("Min instances", o.min)}
${kv("Max instances", o.max)}
${kv("Timeout", `${o.timeout ?? 300}s`)}
${kv("CPU Allocation", o.always ? "CPU is always allocated" : "CPU is only allocated during request processing")}
${kv("Cloud SQL connections", `${GCP}:europe-west1:juniper-pg`)}
${kv("VPC access", "Connector: juniper-vpc-cx, Egress: private-ranges-only")}`;
const deployed = (svc, rev) => `Deploying...\n  Creating Revision...............................done\n  Routing traffic.....done\nDone.\nService [${svc}] revision [${rev}] has been deployed and is serving 100 percent of traffic.\nService URL: https://${svc}-q7w2xk4fma-ew.a.run.app\n`;
const WEB_DESC = "gcloud run services describe juniper-web --region europe-west1";
const WORKER_DESC = "gcloud run services describe juniper-worker --region europe-west1";
const BEAT_DESC = "gcloud run services describe juniper-beat --region europe-west1";

const freeze = (django, sentry, redbeat) => ["amqp==5.2.0", "asgiref==3.8.1", "billiard==4.2.1", "cachetools==5.5.0", "celery==5.4.0", ...(redbeat ? ["celery-redbeat==2.2.0"] : []), "certifi==2024.8.30", "charset-normalizer==3.4.0", "click==8.1.7", "click-didyoumean==0.3.1", `Django==${django}`, "django-environ==0.11.2", "django-redis==5.4.0", "django-waffle==4.1.0", "djangorestframework==3.15.2", "factory_boy==3.3.1", "Faker==30.8.2", "google-api-core==2.22.0", "google-auth==2.36.0", "google-cloud-pubsub==2.26.1", "google-cloud-storage==2.18.2", "google-cloud-tasks==2.17.1", "grpcio==1.67.1", "gunicorn==23.0.0", "idna==3.10", "iniconfig==2.0.0", "kombu==5.4.2", "memray==1.14.0", "packaging==24.2", "pluggy==1.5.0", "protobuf==5.28.3", "psycopg==3.2.3", "psycopg-binary==3.2.3", "pytest==8.3.3", "pytest-django==4.9.0", "pytest-factoryboy==2.7.0", "pytest-repeat==0.9.3", "pytest-xdist==3.6.1", "python-dateutil==2.9.0.post0", "python-http-client==3.3.7", "redis==5.2.0", "requests==2.32.3", `sentry-sdk==${sentry}`, "sendgrid==6.11.0", "six==1.16.0", "sqlparse==0.5.2", "time-machine==2.16.0", "tzdata==2024.2", "urllib3==2.2.3", "vine==5.1.0", "whitenoise==6.8.2"].join("\n");
const FREEZE_CMD = { command: "source .venv/bin/activate && pip freeze" };

const sqlDesc = (tier, maxConns) => `databaseVersion: POSTGRES_16
gceZone: europe-west1-c
name: juniper-pg
region: europe-west1
secondaryGceZone: europe-west1-b
settings:
  availabilityType: REGIONAL
  backupConfiguration:
    enabled: true
    pointInTimeRecoveryEnabled: true
    startTime: 02:00
  dataDiskSizeGb: '100'
  dataDiskType: PD_SSD
  databaseFlags:
  - name: max_connections
    value: '${maxConns}'
  - name: log_min_duration_statement
    value: '500'
  - name: cloudsql.iam_authentication
    value: 'on'
  insightsConfig:
    queryInsightsEnabled: true
  tier: ${tier}
state: RUNNABLE`;
const SQL_DESC = "gcloud sql instances describe juniper-pg --format='yaml(name,databaseVersion,region,gceZone,secondaryGceZone,state,settings.tier,settings.availabilityType,settings.dataDiskSizeGb,settings.dataDiskType,settings.databaseFlags,settings.backupConfiguration,settings.insightsConfig)'";

const redisDesc = (gb, policy) => `authorizedNetwork: projects/${GCP}/global/networks/juniper-vpc
connectMode: PRIVATE_SERVICE_ACCESS
createTime: '2025-03-11T09:12:40.118Z'
currentLocationId: europe-west1-b
locationId: europe-west1-b
memorySizeGb: ${gb}
name: projects/${GCP}/locations/europe-west1/instances/juniper-cache
persistenceConfig:
  persistenceMode: DISABLED
port: 6379
readReplicasMode: READ_REPLICAS_DISABLED
redisConfigs:
  maxmemory-policy: ${policy}
redisVersion: REDIS_7_0
state: READY
tier: BASIC
transitEncryptionMode: DISABLED`;
const REDIS_DESC = "gcloud redis instances describe juniper-cache --region europe-west1";

const tasksQueue = (rate, conc, attempts, minBackoff) => `name: projects/${GCP}/locations/europe-west1/queues/juniper-digest
rateLimits:
  maxBurstSize: 100
  maxConcurrentDispatches: ${conc}
  maxDispatchesPerSecond: ${rate}
retryConfig:
  maxAttempts: ${attempts}
  maxBackoff: 3600s
  maxDoublings: 16
  minBackoff: ${minBackoff}
stackdriverLoggingConfig:
  samplingRatio: 1.0
state: RUNNING`;
const TASKS_DESC = "gcloud tasks queues describe juniper-digest --location europe-west1";

const pubsubSub = (ack, dlq) => `ackDeadlineSeconds: ${ack}
${dlq ? `deadLetterPolicy:\n  deadLetterTopic: projects/${GCP}/topics/calendar-sync-dlq\n  maxDeliveryAttempts: 5\n` : ""}expirationPolicy: {}
messageRetentionDuration: 604800s
name: projects/${GCP}/subscriptions/calendar-sync-push
pushConfig:
  pushEndpoint: https://juniper-web-q7w2xk4fma-ew.a.run.app/internal/pubsub/calendar-sync
retryPolicy:
  maximumBackoff: 600s
  minimumBackoff: 10s
state: ACTIVE
topic: projects/${GCP}/topics/calendar-sync`;
const PUBSUB_DESC = "gcloud pubsub subscriptions describe calendar-sync-push";

const waffle = (everyone, percent) => `Flags:

NAME: new_availability_engine
SUPERUSERS: True
EVERYONE: ${everyone}
AUTHENTICATED: False
PERCENT: ${percent}
TESTING: False
ROLLOUT: False
STAFF: True
GROUPS: []
USERS: []

NAME: sms_reminders
SUPERUSERS: True
EVERYONE: True
AUTHENTICATED: False
PERCENT: None
TESTING: False
ROLLOUT: False
STAFF: False
GROUPS: []
USERS: []

NAME: bulk_reschedule
SUPERUSERS: True
EVERYONE: None
AUTHENTICATED: False
PERCENT: None
TESTING: False
ROLLOUT: False
STAFF: True
GROUPS: ['beta-customers']
USERS: []`;
const WAFFLE_CMD = { command: "gcloud run jobs execute juniper-manage --region europe-west1 --wait --args=waffle_flag,-l && gcloud logging read 'resource.type=\"cloud_run_job\" AND resource.labels.job_name=\"juniper-manage\"' --limit 60 --freshness 5m --format='value(textPayload)' | tac" };

const ghRow = (st, title, wf, id, el, age) => `${st.padEnd(8)}${title.padEnd(52)}${wf.padEnd(10)}main    push   ${id}  ${el.padEnd(9)}${age}`;
const ghRuns = (rows) => `STATUS  TITLE                                               WORKFLOW  BRANCH  EVENT  ID           ELAPSED  AGE\n${rows.join("\n")}`;

const celeryStats = (rows) => rows.map(([host, conc, child]) => `->  celery@${host}: OK\n        "max-concurrency": ${conc},\n        "max-tasks-per-child": ${child},\n        "prefetch_count": ${conc * 4},`).join("\n");
const CELERY_STATS = { command: "./scripts/celery-prod.sh inspect stats | grep -E '^->|max-concurrency|max-tasks-per-child|prefetch_count'" };

const revRow = (rev, active, at) => `${active ? "✔" : " "}  ${rev.padEnd(25)}juniper-web  ${at}  ${DEPLOYER}`;
const revList = (rows) => `   REVISION                 ACTIVE  SERVICE      DEPLOYED                 DEPLOYED BY\n${rows.join("\n")}`;
const REV_CMD = { command: "gcloud run revisions list --service juniper-web --region europe-west1 --limit 4" };

const gunicornConf = (workers, threads) => `   1\timport os
   2\t
   3\t# Cloud Run sends PORT; one gunicorn master per instance
   4\tbind = f"0.0.0.0:{os.environ.get('PORT', '8080')}"
   5\tworkers = ${workers}
   6\tthreads = ${threads}
   7\tworker_class = "gthread"
   8\ttimeout = 120
   9\tgraceful_timeout = 30
  10\tkeepalive = 5
  11\tmax_requests = 2000
  12\tmax_requests_jitter = 200
  13\taccesslog = "-"
  14\terrorlog = "-"
  15\tloglevel = "info"
  16\tforwarded_allow_ips = "*"
  17\tpreload_app = False`;

const celeryPy = (digest) => `   1\timport os
   2\t
   3\tfrom celery import Celery
   4\tfrom celery.schedules import crontab
   5\t
   6\tos.environ.setdefault("DJANGO_SETTINGS_MODULE", "juniper.settings.prod")
   7\t
   8\tapp = Celery("juniper")
   9\tapp.config_from_object("django.conf:settings", namespace="CELERY")
  10\tapp.autodiscover_tasks()
  11\t
  12\tapp.conf.beat_schedule = {
  13\t    "enqueue-due-reminders": {
  14\t        "task": "notifications.tasks.enqueue_due_reminders",
  15\t        "schedule": crontab(minute="*/5"),
  16\t    },
  17\t    "cleanup-expired-holds": {
  18\t        "task": "scheduling.tasks.cleanup_expired_holds",
  19\t        "schedule": crontab(minute=30),
  20\t    },
${digest}
  27\t    "calendar-full-resync": {
  28\t        "task": "calendars.tasks.full_resync",
  29\t        "schedule": crontab(hour=3, minute=15),
  30\t    },
  31\t}`;
const DIGEST_UTC = `  21\t    # daily digest email, 07:00 (CELERY_TIMEZONE = "UTC")
  22\t    "send-daily-digest": {
  23\t        "task": "notifications.tasks.send_daily_digest",
  24\t        "schedule": crontab(hour=7, minute=0),
  25\t    },
  26\t`;
const DIGEST_TASKS = `  21\t    # per-org digests are Cloud Tasks scheduled at 07:00 in each org's timezone
  22\t    "schedule-org-digests": {
  23\t        "task": "notifications.tasks.schedule_org_digests",
  24\t        "schedule": crontab(minute=5),
  25\t    },
  26\t`;

const tfPlanHead = `Acquiring state lock. This may take a few moments...
google_project_service.run: Refreshing state... [id=${GCP}/run.googleapis.com]
google_sql_database_instance.main: Refreshing state... [id=juniper-pg]
google_redis_instance.cache: Refreshing state... [id=projects/${GCP}/locations/europe-west1/instances/juniper-cache]
google_cloud_run_v2_service.web: Refreshing state... [id=projects/${GCP}/locations/europe-west1/services/juniper-web]
google_cloud_run_v2_service.worker: Refreshing state... [id=projects/${GCP}/locations/europe-west1/services/juniper-worker]
google_cloud_run_v2_service.beat: Refreshing state... [id=projects/${GCP}/locations/europe-west1/services/juniper-beat]
google_cloud_tasks_queue.digest: Refreshing state... [id=projects/${GCP}/locations/europe-west1/queues/juniper-digest]
google_pubsub_subscription.calendar_sync_push: Refreshing state... [id=projects/${GCP}/subscriptions/calendar-sync-push]
`;

const WEB_NOW = { rev: "juniper-web-00093-bax", image: "web:2026.12.05-2", min: 3, max: 15, conc: 30, mem: "1Gi", cmd: "gunicorn juniper.wsgi -c gunicorn.conf.py", at: "2026-12-05T17:02:44.910Z" };

const juniper = {
  name: "juniper (held out 22)",
  sessionId: "3b9e0f6a-5c21-4d87-9a13-e2f4c7b80d22",
  cwd: J,
  turns: 212,
  seed: 22022,
  files: ["juniper/settings/base.py", "juniper/settings/prod.py", "juniper/celery.py", "scheduling/models.py", "scheduling/api/views.py", "scheduling/api/serializers.py", "scheduling/availability/generator.py", "scheduling/availability/v2.py", "calendars/models.py", "calendars/tasks.py", "notifications/tasks.py", "notifications/digest.py", "reports/tasks.py", "tests/factories.py", "gunicorn.conf.py", "requirements.txt", "infra/cloudrun.tf", "infra/cloudsql.tf", ".github/workflows/deploy.yml", "bin/worker.sh"],
  otherTests: ["tests/api/test_bookings.py", "tests/api/test_technicians.py", "tests/billing/test_invoices.py", "tests/calendars/test_google_sync.py", "tests/accounts/test_sso.py"],
  words: ["booking", "slot", "technician", "site", "organization", "reminder", "digest", "calendar", "availability", "shift", "skill", "customer", "invoice", "queryset", "serializer", "task", "worker", "beat", "cache", "timezone", "export", "webhook", "migration", "settings", "flag"],
  grepWords: ["select_related", "CONN_MAX_AGE", "shared_task", "ZoneInfo", "waffle.flag_is_active", "TODO", "index_together"],
  testCommands: ["pytest tests/api/test_bookings.py -q", "pytest tests/calendars -q", "pytest -k technicians -q", "pytest tests/billing -q -p no:randomly"],
  buildCommands: ["ruff check .", "python manage.py check --deploy --settings=juniper.settings.prod", "docker build -t juniper:dev .", "mypy scheduling notifications"],
  appCommands: ["gcloud logging read 'resource.labels.service_name=\"juniper-web\"' --limit 40 --format='value(textPayload)'", "docker compose logs --tail 40 worker", "python manage.py runserver 0.0.0.0:8000"],
  prompts: ["continue", "ok next", "go on", "keep going", "next step", "ok", "proceed", "carry on pls", "yep do it"],
  facts: [
    [2, "Bash", { command: "gcloud run services list --region europe-west1" }, `   SERVICE         REGION        URL                                              LAST DEPLOYED BY                                           LAST DEPLOYED AT
✔  juniper-beat    europe-west1  https://juniper-beat-q7w2xk4fma-ew.a.run.app     ${DEPLOYER}  2026-11-28T16:07:02.441Z
✔  juniper-web     europe-west1  https://juniper-web-q7w2xk4fma-ew.a.run.app      ${DEPLOYER}  2026-11-28T16:04:11.219Z
✔  juniper-worker  europe-west1  https://juniper-worker-q7w2xk4fma-ew.a.run.app   ${DEPLOYER}  2026-11-28T16:05:37.902Z`, undefined, { kind: "app", where: "top" }],
    [4, "Bash", { command: WEB_DESC }, runDesc("juniper-web", { rev: "juniper-web-00071-hob", image: "web:2026.11.28-1", min: 1, max: 10, conc: 80, mem: "1Gi", cmd: "gunicorn juniper.wsgi -c gunicorn.conf.py", at: "2026-11-28T16:04:11.219Z" }), "webdesc", { kind: "app", where: "top" }],
    [6, "Bash", FREEZE_CMD, freeze("5.0.9", "2.16.0", false), "pipfreeze", { kind: "build", where: "top" }],
    [8, "Bash", { command: "sentry-cli issues list --project juniper-api --query 'is:unresolved' --max-rows 4" }, `+------------------+-------------------------------------------------------------------------------------------------------------------+--------------------------------------------+--------+-------+
| Short ID         | Title                                                                                                             | Culprit                                    | Events | Users |
+------------------+-------------------------------------------------------------------------------------------------------------------+--------------------------------------------+--------+-------+
| JUNIPER-API-1K7  | IntegrityError: duplicate key value violates unique constraint "notifications_sentreminder_booking_kind_uniq"       | notifications.tasks.send_booking_reminder  | 1842   | 0     |
| JUNIPER-API-1K2  | SoftTimeLimitExceeded: SoftTimeLimitExceeded()                                                                    | calendars.tasks.sync_google_calendar       | 211    | 0     |
| JUNIPER-API-19Z  | DisallowedHost: Invalid HTTP_HOST header: 'juniper-web-q7w2xk4fma-ew.a.run.app:443'                               | django.http.request in get_host            | 96     | 3     |
| JUNIPER-API-1JX  | ValidationError: {'starts_at': ['Booking must start inside the technician shift.']}                              | scheduling.api.views in create             | 41     | 17    |
+------------------+-------------------------------------------------------------------------------------------------------------------+--------------------------------------------+--------+-------+
(support ticket #4471 from Brightwell Facilities: "every customer got the 24h reminder email twice this morning")`, undefined, { kind: "app", where: "top" }],
    [10, "Bash", { command: "gcloud logging read 'resource.labels.service_name=\"juniper-beat\" AND timestamp>=\"2026-12-01T06:55:00Z\" AND timestamp<=\"2026-12-01T07:01:00Z\"' --format='value(timestamp,labels.instanceId.slice(0,10),textPayload)' --order asc" }, `2026-12-01T06:58:41.730Z  00b7f29d31  [2026-12-01 06:58:41,729: INFO/MainProcess] beat: Starting...
2026-12-01T06:58:41.902Z  00b7f29d31  [2026-12-01 06:58:41,901: INFO/MainProcess] Writing entries...
2026-12-01T07:00:00.012Z  0069c1e4aa  [2026-12-01 07:00:00,011: INFO/MainProcess] Scheduler: Sending due task enqueue-due-reminders (notifications.tasks.enqueue_due_reminders)
2026-12-01T07:00:00.019Z  00b7f29d31  [2026-12-01 07:00:00,018: INFO/MainProcess] Scheduler: Sending due task enqueue-due-reminders (notifications.tasks.enqueue_due_reminders)
2026-12-01T07:00:00.044Z  0069c1e4aa  [2026-12-01 07:00:00,043: INFO/MainProcess] Scheduler: Sending due task send-daily-digest (notifications.tasks.send_daily_digest)
2026-12-01T07:00:00.051Z  00b7f29d31  [2026-12-01 07:00:00,050: INFO/MainProcess] Scheduler: Sending due task send-daily-digest (notifications.tasks.send_daily_digest)
2026-12-01T07:00:31.118Z  0069c1e4aa  [2026-12-01 07:00:31,117: INFO/MainProcess] Scheduler: Sending due task cleanup-expired-holds (scheduling.tasks.cleanup_expired_holds)
2026-12-01T07:00:31.120Z  00b7f29d31  [2026-12-01 07:00:31,119: INFO/MainProcess] Scheduler: Sending due task cleanup-expired-holds (scheduling.tasks.cleanup_expired_holds)`, undefined, { kind: "app", where: "middle" }],
    [12, "Bash", { command: BEAT_DESC }, runDesc("juniper-beat", { rev: "juniper-beat-00019-wuv", image: "worker:2026.11.28-1", min: 1, max: 3, conc: 1, mem: "512Mi", cmd: "celery -A juniper beat -l info", always: true, at: "2026-11-28T16:07:02.441Z" }), "beatdesc", { kind: "app", where: "top" }],
    [14, "Bash", { command: `gcloud run services update juniper-beat --region europe-west1 --max-instances=1 && ${BEAT_DESC}` }, `${deployed("juniper-beat", "juniper-beat-00020-kac")}${runDesc("juniper-beat", { rev: "juniper-beat-00020-kac", image: "worker:2026.11.28-1", min: 1, max: 1, conc: 1, mem: "512Mi", cmd: "celery -A juniper beat -l info", always: true, at: "2026-12-01T09:41:18.302Z" })}`, "beatdesc", { kind: "app", where: "top" }],
    [16, "Edit", { file_path: `${J}/juniper/settings/base.py`, old_string: 'CELERY_TIMEZONE = "UTC"', new_string: 'CELERY_TIMEZONE = "UTC"\nCELERY_BEAT_SCHEDULER = "redbeat.RedBeatScheduler"\nREDBEAT_REDIS_URL = env("REDIS_URL")\nREDBEAT_LOCK_TIMEOUT = 900' }, edited(`${J}/juniper/settings/base.py`, `   141\tCELERY_BROKER_URL = env("REDIS_URL")\n   142\tCELERY_RESULT_BACKEND = None\n   143\tCELERY_TASK_ACKS_LATE = True\n   144\tCELERY_TIMEZONE = "UTC"\n   145\tCELERY_BEAT_SCHEDULER = "redbeat.RedBeatScheduler"\n   146\tREDBEAT_REDIS_URL = env("REDIS_URL")\n   147\tREDBEAT_LOCK_TIMEOUT = 900`), undefined, { kind: "code", where: "top" }],
    [17, "Bash", { command: "pip install celery-redbeat==2.2.0 && pip freeze | grep -i redbeat >> requirements.txt" }, "Collecting celery-redbeat==2.2.0\n  Downloading celery_redbeat-2.2.0-py3-none-any.whl (15 kB)\nRequirement already satisfied: celery>=5.0 in ./.venv/lib/python3.12/site-packages (from celery-redbeat==2.2.0) (5.4.0)\nRequirement already satisfied: redis>=3.2 in ./.venv/lib/python3.12/site-packages (from celery-redbeat==2.2.0) (5.2.0)\nRequirement already satisfied: tenacity in ./.venv/lib/python3.12/site-packages (from celery-redbeat==2.2.0) (9.0.0)\nInstalling collected packages: celery-redbeat\nSuccessfully installed celery-redbeat-2.2.0", undefined, { kind: "build", where: "top" }],
    [18, "Bash", { command: "git commit -am 'beat: one instance, RedBeat lock' && git log -1 --format='%h %s%n%n%b'" }, `[main 5d1c9e2] beat: one instance, RedBeat lock
 3 files changed, 5 insertions(+), 1 deletion(-)
5d1c9e2 beat: one instance, RedBeat lock

Reminders went out twice on 2026-12-01: juniper-beat had max-instances 3 and Cloud Run
started a second instance at 06:58 UTC (the 07:00 burst), so both ran celery beat and each
enqueued enqueue-due-reminders and send-daily-digest. The unique constraint on SentReminder
caught some of the second sends, most went out before the row was written (JUNIPER-API-1K7).
Beat is now capped at max-instances=1 and uses RedBeat, which holds a Redis lock
(REDBEAT_LOCK_TIMEOUT 900s) so two overlapping beat containers during a deploy cannot both tick.`, undefined, { kind: "build", where: "top" }],
    [20, "Bash", CELERY_STATS, celeryStats([["juniper-worker-00044-rak-6d2f1", 8, '"N/A"'], ["juniper-worker-00044-rak-a91c0", 8, '"N/A"']]), "celerystats", { kind: "app", where: "top" }],
    [24, "Bash", { command: "pytest tests/api/test_availability.py" }, `============================= test session starts ==============================
platform linux -- Python 3.12.7, pytest-8.3.3, pluggy-1.5.0
django: version: 5.0.9, settings: juniper.settings.test (from ini)
rootdir: ${J}
configfile: pyproject.toml
plugins: django-4.9.0, xdist-3.6.1, time-machine-2.16.0, factoryboy-2.7.0, repeat-0.9.3
collected 5 items

tests/api/test_availability.py ..F..                                     [100%]

=================================== FAILURES ===================================
_____________________ test_availability_list_query_count ______________________

api_client = <rest_framework.test.APIClient object at 0x7f3a1c2e4d10>
django_assert_max_num_queries = <function _assert_num_queries at 0x7f3a1c9b0e00>

    def test_availability_list_query_count(api_client, django_assert_max_num_queries):
        org = OrganizationFactory(timezone="Europe/Berlin")
        SlotFactory.create_batch(70, organization=org)
        api_client.force_authenticate(UserFactory(organization=org))
>       with django_assert_max_num_queries(9):
E       Failed: Expected to perform 9 queries or less but 214 were done (add -v option to show queries)

tests/api/test_availability.py:88: Failed
=========================== short test summary info ============================
FAILED tests/api/test_availability.py::test_availability_list_query_count - Failed: Expected to perform 9 queries or less but 214 were done (add -v option to show queries)
========================= 1 failed, 4 passed in 4.02s ==========================`, "availtest", { kind: "test", error: true, where: "top" }],
    [26, "Read", { file_path: `${J}/scheduling/api/views.py` }, `    58\tclass AvailabilityViewSet(mixins.ListModelMixin, viewsets.GenericViewSet):
    59\t    serializer_class = AvailabilitySlotSerializer
    60\t    permission_classes = [IsAuthenticated, IsOrgMember]
    61\t    filterset_class = SlotFilter
    62\t
    63\t    def get_queryset(self):
    64\t        org = self.request.user.organization
    65\t        start, end = self.window()
    66\t        return Slot.objects.filter(
    67\t            organization=org,
    68\t            starts_at__gte=start,
    69\t            starts_at__lt=end,
    70\t            booking__isnull=True,
    71\t        ).order_by("starts_at")
    72\t
    73\t    def window(self):
    74\t        # serializer reads slot.technician.display_name, slot.site.timezone and
    75\t        # slot.technician.skills.all() for every row
    76\t        days = int(self.request.query_params.get("days", 7))`, undefined, { kind: "code", where: "top" }],
    [28, "Edit", { file_path: `${J}/scheduling/api/views.py`, old_string: '        ).order_by("starts_at")', new_string: '        ).select_related("technician", "site").prefetch_related("technician__skills").order_by("starts_at")' }, edited(`${J}/scheduling/api/views.py`, `    63\t    def get_queryset(self):\n    64\t        org = self.request.user.organization\n    65\t        start, end = self.window()\n    66\t        return Slot.objects.filter(\n    67\t            organization=org,\n    68\t            starts_at__gte=start,\n    69\t            starts_at__lt=end,\n    70\t            booking__isnull=True,\n    71\t        ).select_related("technician", "site").prefetch_related("technician__skills").order_by("starts_at")`), undefined, { kind: "code", where: "top" }],
    [30, "Bash", { command: "pytest tests/api/test_availability.py -q" }, ".....                                                                    [100%]\n5 passed in 3.18s", "availtest", { kind: "test", where: "top" }],
    [32, "Bash", { command: "psql -h 127.0.0.1 -p 6432 -U juniper_ro juniper -c \"EXPLAIN (ANALYZE, BUFFERS) SELECT s.* FROM scheduling_slot s WHERE s.organization_id = 4411 AND s.starts_at >= '2026-12-02' AND s.starts_at < '2026-12-09' AND s.booking_id IS NULL ORDER BY s.starts_at\"" }, `                                                               QUERY PLAN
------------------------------------------------------------------------------------------------------------------------------------------
 Gather Merge  (cost=182311.42..183004.17 rows=5938 width=96) (actual time=1790.204..1841.877 rows=7124 loops=1)
   Workers Planned: 2
   Workers Launched: 2
   Buffers: shared hit=2210 read=86120
   ->  Sort  (cost=181311.40..181318.82 rows=2969 width=96) (actual time=1771.415..1772.008 rows=2375 loops=3)
         Sort Key: starts_at
         Sort Method: quicksort  Memory: 412kB
         ->  Parallel Seq Scan on scheduling_slot s  (cost=0.00..181140.12 rows=2969 width=96) (actual time=12.338..1769.990 rows=2375 loops=3)
               Filter: ((booking_id IS NULL) AND (starts_at >= '2026-12-02 00:00:00+00'::timestamp with time zone) AND (starts_at < '2026-12-09 00:00:00+00'::timestamp with time zone) AND (organization_id = 4411))
               Rows Removed by Filter: 3911220
               Buffers: shared hit=2210 read=86120
 Planning Time: 0.311 ms
 Execution Time: 1843.221 ms
(13 rows)`, "explain", { kind: "pg", where: "top" }],
    [34, "Bash", { command: "python manage.py makemigrations scheduling -n slot_org_start_idx" }, "Migrations for 'scheduling':\n  scheduling/migrations/0057_slot_org_start_idx.py\n    + Create index sched_slot_org_start_idx on field(s) organization, starts_at of model slot", undefined, { kind: "pg", where: "top" }],
    [35, "Read", { file_path: `${J}/scheduling/migrations/0057_slot_org_start_idx.py` }, `     1\tfrom django.contrib.postgres.operations import AddIndexConcurrently
     2\tfrom django.db import migrations, models
     3\t
     4\t
     5\tclass Migration(migrations.Migration):
     6\t    # 11.7M rows in scheduling_slot: build the index without locking writes
     7\t    atomic = False
     8\t
     9\t    dependencies = [
    10\t        ("scheduling", "0056_booking_cancel_reason"),
    11\t    ]
    12\t
    13\t    operations = [
    14\t        AddIndexConcurrently(
    15\t            model_name="slot",
    16\t            index=models.Index(fields=["organization", "starts_at"], name="sched_slot_org_start_idx"),
    17\t        ),
    18\t    ]`, undefined, { kind: "code", where: "top" }],
    [36, "Bash", { command: "DATABASE_URL=$PROD_DB_PROXY_URL python manage.py migrate scheduling" }, "Operations to perform:\n  Apply all migrations: scheduling\nRunning migrations:\n  Applying scheduling.0057_slot_org_start_idx... OK", "migrate", { kind: "pg", where: "top" }],
    [38, "Bash", { command: "psql -h 127.0.0.1 -p 6432 -U juniper_ro juniper -c \"EXPLAIN (ANALYZE, BUFFERS) SELECT s.* FROM scheduling_slot s WHERE s.organization_id = 4411 AND s.starts_at >= '2026-12-02' AND s.starts_at < '2026-12-09' AND s.booking_id IS NULL ORDER BY s.starts_at\"" }, `                                                               QUERY PLAN
------------------------------------------------------------------------------------------------------------------------------------------
 Index Scan using sched_slot_org_start_idx on scheduling_slot s  (cost=0.56..6120.44 rows=5938 width=96) (actual time=0.041..10.702 rows=7124 loops=1)
   Index Cond: ((organization_id = 4411) AND (starts_at >= '2026-12-02 00:00:00+00'::timestamp with time zone) AND (starts_at < '2026-12-09 00:00:00+00'::timestamp with time zone))
   Filter: (booking_id IS NULL)
   Rows Removed by Filter: 1880
   Buffers: shared hit=7291
 Planning Time: 0.402 ms
 Execution Time: 11.904 ms
(7 rows)`, "explain", { kind: "pg", where: "top" }],
    [42, "Bash", { command: "gcloud logging read 'resource.labels.service_name=\"juniper-web\" AND httpRequest.status=429' --limit 6 --format='value(timestamp,httpRequest.requestUrl,textPayload)' && gcloud monitoring time-series list --filter='metric.type=\"run.googleapis.com/container/instance_count\" AND resource.labels.service_name=\"juniper-web\"' --interval-start-time=2026-12-01T14:00:00Z --format='value(points[0].value.int64Value)' | sort -n | tail -1" }, `2026-12-01T14:31:07.118Z  https://app.junipersched.com/api/v2/availability/?days=14  The request was aborted because there was no available instance. Additional troubleshooting documentation can be found at: https://cloud.google.com/run/docs/troubleshooting#abort-request
2026-12-01T14:31:07.402Z  https://app.junipersched.com/api/v2/bookings/  The request was aborted because there was no available instance. Additional troubleshooting documentation can be found at: https://cloud.google.com/run/docs/troubleshooting#abort-request
2026-12-01T14:31:08.771Z  https://app.junipersched.com/api/v2/availability/?days=7  The request was aborted because there was no available instance. Additional troubleshooting documentation can be found at: https://cloud.google.com/run/docs/troubleshooting#abort-request
2026-12-01T14:31:09.015Z  https://app.junipersched.com/api/v2/technicians/  The request was aborted because there was no available instance. Additional troubleshooting documentation can be found at: https://cloud.google.com/run/docs/troubleshooting#abort-request
2026-12-01T14:31:09.560Z  https://app.junipersched.com/api/v2/availability/?days=14  The request was aborted because there was no available instance. Additional troubleshooting documentation can be found at: https://cloud.google.com/run/docs/troubleshooting#abort-request
2026-12-01T14:31:10.233Z  https://app.junipersched.com/api/v2/bookings/?status=open  The request was aborted because there was no available instance. Additional troubleshooting documentation can be found at: https://cloud.google.com/run/docs/troubleshooting#abort-request
10
(peak instance_count 10 = max-instances, 80 concurrent requests per instance, availability p95 ~2.1s during the Brightwell onboarding import)`, undefined, { kind: "app", where: "top" }],
    [44, "Bash", { command: `gcloud run services update juniper-web --region europe-west1 --min-instances=2 --max-instances=20 --concurrency=40 && ${WEB_DESC}` }, `${deployed("juniper-web", "juniper-web-00072-lod")}${runDesc("juniper-web", { rev: "juniper-web-00072-lod", image: "web:2026.11.28-1", min: 2, max: 20, conc: 40, mem: "1Gi", cmd: "gunicorn juniper.wsgi -c gunicorn.conf.py", at: "2026-12-01T14:44:52.006Z" })}`, "webdesc", { kind: "app", where: "top" }],
    [46, "Bash", { command: WORKER_DESC }, runDesc("juniper-worker", { rev: "juniper-worker-00044-rak", image: "worker:2026.11.28-1", min: 1, max: 4, conc: 10, mem: "1Gi", cmd: "bin/worker.sh", always: true, at: "2026-11-28T16:05:37.902Z" }), "workerdesc", { kind: "app", where: "top" }],
    [48, "Read", { file_path: `${J}/gunicorn.conf.py` }, gunicornConf(4, 2), "gunicorn", { kind: "code", where: "top" }],
    [50, "Bash", { command: "gcloud logging read 'resource.labels.service_name=\"juniper-web\" AND severity>=ERROR AND timestamp>=\"2026-12-02T08:00:00Z\"' --limit 5 --format='value(timestamp,textPayload)'" }, `2026-12-02T08:14:02.331Z  django.db.utils.OperationalError: connection failed: connection to server on socket "/cloudsql/${GCP}:europe-west1:juniper-pg/.s.PGSQL.5432" failed: FATAL:  remaining connection slots are reserved for roles with the SUPERUSER attribute
2026-12-02T08:14:02.580Z  django.db.utils.OperationalError: connection failed: connection to server on socket "/cloudsql/${GCP}:europe-west1:juniper-pg/.s.PGSQL.5432" failed: FATAL:  remaining connection slots are reserved for roles with the SUPERUSER attribute
2026-12-02T08:14:03.004Z  Internal Server Error: /api/v2/availability/
2026-12-02T08:14:03.117Z  django.db.utils.OperationalError: connection failed: connection to server on socket "/cloudsql/${GCP}:europe-west1:juniper-pg/.s.PGSQL.5432" failed: FATAL:  remaining connection slots are reserved for roles with the SUPERUSER attribute
2026-12-02T08:14:03.440Z  Internal Server Error: /api/v2/bookings/
(1,204 matching entries between 08:10 and 08:20; web was at 17 instances)`, undefined, { kind: "app", where: "top" }],
    [52, "Bash", { command: SQL_DESC }, sqlDesc("db-custom-2-7680", 100), "sqldesc", { kind: "pg", where: "top" }],
    [54, "Bash", { command: "psql -h 127.0.0.1 -p 6432 -U juniper juniper -c \"SELECT usename, application_name, state, count(*) FROM pg_stat_activity WHERE datname = 'juniper' GROUP BY 1,2,3 ORDER BY 4 DESC\"" }, `    usename     | application_name |        state        | count
----------------+------------------+---------------------+-------
 juniper        | juniper-web      | idle                |    71
 juniper        | juniper-web      | active              |    13
 juniper        | juniper-worker   | idle                |     9
 juniper        | juniper-worker   | active              |     3
 cloudsqladmin  | cloudsqlagent    | idle                |     2
 juniper_ro     | psql             | active              |     1
(6 rows)

 max_connections | superuser_reserved_connections | used
-----------------+--------------------------------+------
             100 |                              3 |   99`, undefined, { kind: "pg", where: "top" }],
    [56, "Bash", { command: `gcloud sql instances patch juniper-pg --database-flags=max_connections=200,log_min_duration_statement=500,cloudsql.iam_authentication=on --quiet && ${SQL_DESC}` }, `The following message will be used for the patch API method.
{"name": "juniper-pg", "project": "${GCP}", "settings": {"databaseFlags": [{"name": "max_connections", "value": "200"}, {"name": "log_min_duration_statement", "value": "500"}, {"name": "cloudsql.iam_authentication", "value": "on"}]}}
Patching Cloud SQL instance...done.
Updated [https://sqladmin.googleapis.com/sql/v1beta4/projects/${GCP}/instances/juniper-pg].
${sqlDesc("db-custom-2-7680", 200)}`, "sqldesc", { kind: "pg", where: "top" }],
    [58, "Bash", { command: `gcloud run services update juniper-web --region europe-west1 --max-instances=12 && ${WEB_DESC}` }, `${deployed("juniper-web", "juniper-web-00074-ruq")}${runDesc("juniper-web", { rev: "juniper-web-00074-ruq", image: "web:2026.12.02-1", min: 2, max: 12, conc: 40, mem: "1Gi", cmd: "gunicorn juniper.wsgi -c gunicorn.conf.py", at: "2026-12-02T09:02:13.774Z" })}`, "webdesc", { kind: "app", where: "top" }],
    [59, "Edit", { file_path: `${J}/gunicorn.conf.py`, old_string: "workers = 4\nthreads = 2", new_string: "workers = 2\nthreads = 4" }, edited(`${J}/gunicorn.conf.py`, "     4\tbind = f\"0.0.0.0:{os.environ.get('PORT', '8080')}\"\n     5\tworkers = 2\n     6\tthreads = 4\n     7\tworker_class = \"gthread\""), undefined, { kind: "code", where: "top" }],
    [60, "Bash", { command: "git commit -am 'db: stop exhausting cloud sql connections' && git log -1 --format='%h %s%n%n%b'" }, `[main a8e41f7] db: stop exhausting cloud sql connections
 3 files changed, 4 insertions(+), 4 deletions(-)
a8e41f7 db: stop exhausting cloud sql connections

Cloud SQL refused connections at 08:14 (max_connections 100, 3 reserved). After raising
web to max-instances 20, each instance runs 4 gunicorn workers and CONN_MAX_AGE=600 keeps
every thread's connection open for ten minutes, so 17 instances held 84 connections, 71 of
them idle, plus 12 from the workers. Now: max_connections flag 200 (instance restarted at
08:52), web max-instances 12, gunicorn 2 workers x 4 threads, CONN_MAX_AGE 60 with
CONN_HEALTH_CHECKS. Worst case web = 12 x 8 = 96.`, undefined, { kind: "build", where: "top" }],
    [62, "Read", { file_path: `${J}/gunicorn.conf.py` }, gunicornConf(2, 4), "gunicorn", { kind: "code", where: "top" }],
    [64, "Edit", { file_path: `${J}/requirements.txt`, old_string: "Django==5.0.9", new_string: "Django==5.1.3" }, edited(`${J}/requirements.txt`, "     9\tclick-didyoumean==0.3.1\n    10\tDjango==5.1.3\n    11\tdjango-environ==0.11.2"), undefined, { kind: "code", where: "top" }],
    [66, "Bash", { command: "pip install -r requirements.txt -q && pip freeze" }, freeze("5.1.3", "2.16.0", true), "pipfreeze", { kind: "build", where: "top" }],
    [68, "Bash", { command: "python manage.py migrate" }, `Traceback (most recent call last):
  File "${J}/manage.py", line 22, in <module>
    main()
  File "${J}/manage.py", line 18, in main
    execute_from_command_line(sys.argv)
  File "${J}/.venv/lib/python3.12/site-packages/django/core/management/__init__.py", line 442, in execute_from_command_line
    utility.execute()
  File "${J}/.venv/lib/python3.12/site-packages/django/core/management/__init__.py", line 416, in execute
    django.setup()
  File "${J}/.venv/lib/python3.12/site-packages/django/__init__.py", line 24, in setup
    apps.populate(settings.INSTALLED_APPS)
  File "${J}/.venv/lib/python3.12/site-packages/django/apps/registry.py", line 116, in populate
    app_config.import_models()
  File "${J}/.venv/lib/python3.12/site-packages/django/apps/config.py", line 269, in import_models
    self.models_module = import_module(models_module_name)
  File "/usr/lib/python3.12/importlib/__init__.py", line 90, in import_module
    return _bootstrap._gcd_import(name[level:], package, level)
  File "${J}/calendars/models.py", line 61, in <module>
    class CalendarEvent(models.Model):
  File "${J}/.venv/lib/python3.12/site-packages/django/db/models/base.py", line 143, in __new__
    new_class.add_to_class("_meta", Options(meta, app_label))
  File "${J}/.venv/lib/python3.12/site-packages/django/db/models/base.py", line 371, in add_to_class
    value.contribute_to_class(cls, name)
  File "${J}/.venv/lib/python3.12/site-packages/django/db/models/options.py", line 220, in contribute_to_class
    raise TypeError(
TypeError: 'class Meta' got invalid attribute(s): index_together`, undefined, { kind: "build", error: true, where: "top" }],
    [70, "Bash", { command: "git revert --no-edit HEAD~1 && git commit --amend -F /tmp/revert-msg.txt && git log -1 --format='%h %s%n%n%b'" }, `[main 0f3b7d8] Revert "deps: Django 5.1.3"
 2 files changed, 1 insertion(+), 2 deletions(-)
0f3b7d8 Revert "deps: Django 5.1.3"

Django 5.1 removed Meta.index_together and calendars.CalendarEvent still declares it
(owner, starts_at), so every manage.py command and the web container die at import
(TypeError in Options.contribute_to_class). Back to 5.0.9 for the Thursday release; the
upgrade comes back once index_together is turned into Meta.indexes with a RenameIndex
migration, so the existing index is renamed and not rebuilt on 2.4M calendar events.`, undefined, { kind: "build", where: "top" }],
    [72, "Bash", FREEZE_CMD, freeze("5.0.9", "2.16.0", true), "pipfreeze", { kind: "build", where: "top" }],
    [76, "Bash", { command: "pytest -q -n 4" }, `........................................................................ [  5%]
........................................................................ [ 10%]
...............................................F........................ [ 96%]
...........................................................              [100%]
=================================== FAILURES ===================================
__________________________ test_reminder_window_24h ___________________________
[gw2] linux -- Python 3.12.7 ${J}/.venv/bin/python

    def test_reminder_window_24h(settings, mailoutbox):
        booking = BookingFactory(status=Booking.CONFIRMED)
        enqueue_due_reminders()
>       assert SentReminder.objects.filter(booking=booking, kind="24h").count() == 1
E       assert 0 == 1

tests/notifications/test_reminders.py:41: AssertionError
=========================== short test summary info ============================
FAILED tests/notifications/test_reminders.py::test_reminder_window_24h - assert 0 == 1
1 failed, 1412 passed, 6 skipped in 212.40s (0:03:32)`, "pytestfull", { kind: "test", error: true, where: "top" }],
    [78, "Bash", { command: "pytest tests/notifications/test_reminders.py::test_reminder_window_24h --count=100 -p no:randomly -q" }, `......F...........F.....................F.......F...............F........ [ 72%]
.........F..........F.......                                             [100%]
FAILED tests/notifications/test_reminders.py::test_reminder_window_24h[8-100] - assert 0 == 1
FAILED tests/notifications/test_reminders.py::test_reminder_window_24h[19-100] - assert 0 == 1
FAILED tests/notifications/test_reminders.py::test_reminder_window_24h[42-100] - assert 0 == 1
FAILED tests/notifications/test_reminders.py::test_reminder_window_24h[50-100] - assert 0 == 1
FAILED tests/notifications/test_reminders.py::test_reminder_window_24h[66-100] - assert 0 == 1
FAILED tests/notifications/test_reminders.py::test_reminder_window_24h[82-100] - assert 0 == 1
FAILED tests/notifications/test_reminders.py::test_reminder_window_24h[93-100] - assert 0 == 1
7 failed, 93 passed in 41.22s`, "flaky", { kind: "test", error: true, where: "top" }],
    [80, "Read", { file_path: `${J}/tests/factories.py` }, `    12\tclass OrganizationFactory(factory.django.DjangoModelFactory):
    13\t    class Meta:
    14\t        model = Organization
    15\t
    16\t    name = factory.Faker("company")
    17\t    timezone = "Europe/Berlin"
    18\t    plan = "growth"
    ...
    44\tclass BookingFactory(factory.django.DjangoModelFactory):
    45\t    class Meta:
    46\t        model = Booking
    47\t
    48\t    organization = factory.SubFactory(OrganizationFactory)
    49\t    technician = factory.SubFactory(TechnicianFactory, organization=factory.SelfAttribute("..organization"))
    50\t    customer = factory.SubFactory(CustomerFactory, organization=factory.SelfAttribute("..organization"))
    51\t    starts_at = factory.LazyFunction(lambda: timezone.now() + timedelta(hours=24))
    52\t    duration = timedelta(hours=2)
    53\t    status = Booking.PENDING`, undefined, { kind: "code", where: "top" }],
    [82, "Read", { file_path: `${J}/notifications/tasks.py` }, `    18\t@shared_task(acks_late=True)
    19\tdef enqueue_due_reminders():
    20\t    now = timezone.now()
    21\t    # runs every 5 minutes: pick bookings starting 23h55m..24h from now
    22\t    lo, hi = now + timedelta(hours=23, minutes=55), now + timedelta(hours=24)
    23\t    due = (
    24\t        Booking.objects.filter(status=Booking.CONFIRMED, starts_at__gt=lo, starts_at__lte=hi)
    25\t        .exclude(sent_reminders__kind="24h")
    26\t        .values_list("id", flat=True)
    27\t    )
    28\t    for booking_id in due:
    29\t        send_booking_reminder.delay(booking_id, "24h")`, undefined, { kind: "code", where: "top" }],
    [84, "Edit", { file_path: `${J}/tests/notifications/test_reminders.py`, old_string: "def test_reminder_window_24h(settings, mailoutbox):\n    booking = BookingFactory(status=Booking.CONFIRMED)", new_string: "@time_machine.travel(datetime(2026, 12, 1, 6, 0, tzinfo=UTC), tick=False)\ndef test_reminder_window_24h(settings, mailoutbox):\n    booking = BookingFactory(status=Booking.CONFIRMED, starts_at=datetime(2026, 12, 2, 5, 58, tzinfo=UTC))" }, edited(`${J}/tests/notifications/test_reminders.py`, `    34\t# BookingFactory sets starts_at = now + 24h when the row is built; enqueue_due_reminders
    35\t# reads now() again later, so when the two calls straddle a microsecond tick past
    36\t# "24h" the booking is just outside (lo, hi] and nothing is sent. Freeze the clock.
    37\t@time_machine.travel(datetime(2026, 12, 1, 6, 0, tzinfo=UTC), tick=False)
    38\tdef test_reminder_window_24h(settings, mailoutbox):
    39\t    booking = BookingFactory(status=Booking.CONFIRMED, starts_at=datetime(2026, 12, 2, 5, 58, tzinfo=UTC))
    40\t    enqueue_due_reminders()
    41\t    assert SentReminder.objects.filter(booking=booking, kind="24h").count() == 1`), undefined, { kind: "code", where: "top" }],
    [86, "Bash", { command: "pytest tests/notifications/test_reminders.py::test_reminder_window_24h --count=100 -p no:randomly -q" }, "........................................................................ [ 72%]\n............................                                             [100%]\n100 passed in 38.90s", "flaky", { kind: "test", where: "top" }],
    [88, "Bash", { command: "gh run list --limit 4" }, ghRuns([ghRow("✓", "test: freeze the clock in the 24h reminder test", "ci", "12241907215", "7m02s", "3 minutes ago"), ghRow("X", "db: stop exhausting cloud sql connections", "ci", "12240988310", "7m40s", "2 hours ago"), ghRow("✓", "db: stop exhausting cloud sql connections", "deploy", "12240988311", "9m12s", "2 hours ago"), ghRow("✓", "beat: one instance, RedBeat lock", "deploy", "12239114702", "8m58s", "1 day ago")]), "ci", { kind: "build", where: "top" }],
    [90, "Edit", { file_path: `${J}/calendars/models.py`, old_string: '        index_together = [("owner", "starts_at")]', new_string: '        indexes = [models.Index(fields=["owner", "starts_at"], name="cal_event_owner_start_idx")]' }, edited(`${J}/calendars/models.py`, `    61\tclass CalendarEvent(models.Model):\n    ...\n    84\t    class Meta:\n    85\t        ordering = ["starts_at"]\n    86\t        indexes = [models.Index(fields=["owner", "starts_at"], name="cal_event_owner_start_idx")]`), undefined, { kind: "code", where: "top" }],
    [92, "Bash", { command: "python manage.py makemigrations calendars" }, "Migrations for 'calendars':\n  calendars/migrations/0031_rename_calendarevent_owner_starts_at_cal_event_owner_start_idx.py\n    - Rename unnamed index for ('owner', 'starts_at') on calendarevent to cal_event_owner_start_idx", undefined, { kind: "pg", where: "top" }],
    [94, "Bash", { command: "sed -i 's/^Django==.*/Django==5.1.4/; s/^sentry-sdk==.*/sentry-sdk==2.19.0/' requirements.txt && pip install -r requirements.txt -q && pip freeze" }, freeze("5.1.4", "2.19.0", true), "pipfreeze", { kind: "build", where: "top" }],
    [96, "Bash", { command: "DATABASE_URL=$PROD_DB_PROXY_URL python manage.py migrate" }, "Operations to perform:\n  Apply all migrations: accounts, admin, auth, billing, calendars, contenttypes, notifications, reports, scheduling, sessions, waffle\nRunning migrations:\n  Applying calendars.0031_rename_calendarevent_owner_starts_at_cal_event_owner_start_idx... OK", "migrate", { kind: "pg", where: "top" }],
    [98, "Bash", { command: "pytest -q -n 4" }, `........................................................................ [  5%]
........................................................................ [ 96%]
...................................................................      [100%]
=============================== warnings summary ===============================
scheduling/models.py:212
  ${J}/scheduling/models.py:212: RemovedInDjango60Warning: CheckConstraint.check is deprecated in favor of \`.condition\`.
    models.CheckConstraint(check=Q(ends_at__gt=F("starts_at")), name="slot_ends_after_start"),

-- Docs: https://docs.pytest.org/en/stable/how-to/capture-warnings.html
1419 passed, 6 skipped, 1 warning in 208.11s (0:03:28)`, "pytestfull", { kind: "test", where: "bottom" }],
    [100, "Bash", { command: "pytest -q -n 8 tests/api" }, `ERROR tests/api/test_bookings.py::test_reschedule_keeps_technician - django.db.utils.OperationalError: connection failed: connection to server at "127.0.0.1", port 5432 failed: FATAL:  sorry, too many clients already
ERROR tests/api/test_technicians.py::test_skill_filter - django.db.utils.OperationalError: connection failed: connection to server at "127.0.0.1", port 5432 failed: FATAL:  sorry, too many clients already
(local docker postgres has max_connections=20; 8 xdist workers each clone test_juniper_gwN)
2 errors, 211 passed in 31.77s`, undefined, { kind: "test", error: true, where: "top" }],
    [102, "Bash", { command: "pytest tests/scheduling/test_timezones.py -q" }, `F.F...                                                                   [100%]
=================================== FAILURES ===================================
________________ test_weekly_slots_across_dst[Europe/Berlin] __________________

    @pytest.mark.parametrize("tz", ["Europe/Berlin", "America/Chicago"])
    def test_weekly_slots_across_dst(tz):
        rule = AvailabilityRuleFactory(weekday=0, start_time=time(9, 0), organization__timezone=tz)
        slots = list(generate_slots(rule, date(2026, 10, 19), weeks=2))
>       assert [s.astimezone(ZoneInfo(tz)).strftime("%H:%M") for s in slots] == ["09:00", "09:00"]
E       AssertionError: assert ['09:00', '08:00'] == ['09:00', '09:00']
E         At index 1 diff: '08:00' != '09:00'

tests/scheduling/test_timezones.py:27: AssertionError
_______________ test_weekly_slots_across_dst[America/Chicago] _________________
E       AssertionError: assert ['09:00', '08:00'] == ['09:00', '09:00']
=========================== short test summary info ============================
FAILED tests/scheduling/test_timezones.py::test_weekly_slots_across_dst[Europe/Berlin] - AssertionError: assert ['09:00', '08:00'] == ['09:00', '09:00']
FAILED tests/scheduling/test_timezones.py::test_weekly_slots_across_dst[America/Chicago] - AssertionError: assert ['09:00', '08:00'] == ['09:00', '09:00']
2 failed, 4 passed in 0.94s`, "tztest", { kind: "test", error: true, where: "top" }],
    [104, "Read", { file_path: `${J}/scheduling/availability/generator.py` }, `    22\tdef generate_slots(rule, first_day, weeks):
    23\t    tz = ZoneInfo(rule.organization.timezone)
    24\t    day = next_weekday(first_day, rule.weekday)
    25\t    first = datetime.combine(day, rule.start_time, tzinfo=tz).astimezone(UTC)
    26\t    for i in range(weeks):
    27\t        # same UTC instant every week
    28\t        yield first + timedelta(weeks=i)`, undefined, { kind: "code", where: "top" }],
    [106, "Edit", { file_path: `${J}/scheduling/availability/generator.py`, old_string: "    first = datetime.combine(day, rule.start_time, tzinfo=tz).astimezone(UTC)\n    for i in range(weeks):\n        # same UTC instant every week\n        yield first + timedelta(weeks=i)", new_string: "    for i in range(weeks):\n        # step in local wall-clock days, then convert: 09:00 stays 09:00 across DST\n        local_day = day + timedelta(weeks=i)\n        yield datetime.combine(local_day, rule.start_time, tzinfo=tz).astimezone(UTC)" }, edited(`${J}/scheduling/availability/generator.py`, `    22\tdef generate_slots(rule, first_day, weeks):\n    23\t    tz = ZoneInfo(rule.organization.timezone)\n    24\t    day = next_weekday(first_day, rule.weekday)\n    25\t    for i in range(weeks):\n    26\t        # step in local wall-clock days, then convert: 09:00 stays 09:00 across DST\n    27\t        local_day = day + timedelta(weeks=i)\n    28\t        yield datetime.combine(local_day, rule.start_time, tzinfo=tz).astimezone(UTC)`), undefined, { kind: "code", where: "top" }],
    [108, "Bash", { command: "pytest tests/scheduling/test_timezones.py -q" }, "......                                                                   [100%]\n6 passed in 0.81s", "tztest", { kind: "test", where: "top" }],
    [110, "Read", { file_path: `${J}/juniper/celery.py` }, celeryPy(DIGEST_UTC), "beatsched", { kind: "code", where: "top" }],
    [112, "Edit", { file_path: `${J}/notifications/digest.py`, old_string: "def schedule_org_digests():\n    raise NotImplementedError", new_string: "def schedule_org_digests():\n    ..." }, edited(`${J}/notifications/digest.py`, `    31\tdef schedule_org_digests(now=None):
    32\t    """Hourly: create one Cloud Task per org for its next local 07:00 (named, so re-runs dedupe)."""
    33\t    now = now or timezone.now()
    34\t    client = tasks_v2.CloudTasksClient()
    35\t    parent = client.queue_path(settings.GCP_PROJECT, "europe-west1", "juniper-digest")
    36\t    for org in Organization.objects.filter(digest_enabled=True).only("id", "timezone"):
    37\t        local = now.astimezone(ZoneInfo(org.timezone))
    38\t        run_at = datetime.combine(local.date() + timedelta(days=local.hour >= 7), time(7), tzinfo=local.tzinfo)
    39\t        name = f"{parent}/tasks/digest-{org.id}-{run_at:%Y%m%d}"
    40\t        task = {"name": name, "schedule_time": run_at, "http_request": digest_request(org.id)}
    41\t        try:
    42\t            client.create_task(parent=parent, task=task)
    43\t        except AlreadyExists:
    44\t            pass`), undefined, { kind: "code", where: "top" }],
    [114, "Bash", { command: TASKS_DESC }, tasksQueue("500.0", 1000, 5, "0.100s"), "tasksq", { kind: "app", where: "top" }],
    [116, "Edit", { file_path: `${J}/juniper/celery.py`, old_string: '    "send-daily-digest": {\n        "task": "notifications.tasks.send_daily_digest",\n        "schedule": crontab(hour=7, minute=0),\n    },', new_string: '    "schedule-org-digests": {\n        "task": "notifications.tasks.schedule_org_digests",\n        "schedule": crontab(minute=5),\n    },' }, edited(`${J}/juniper/celery.py`, DIGEST_TASKS), undefined, { kind: "code", where: "top" }],
    [118, "Read", { file_path: `${J}/juniper/celery.py` }, celeryPy(DIGEST_TASKS), "beatsched", { kind: "code", where: "top" }],
    [120, "Bash", { command: "gcloud logging read 'resource.labels.service_name=\"juniper-web\" AND httpRequest.requestUrl:\"/internal/tasks/digest\" AND severity>=ERROR' --limit 6 --format='value(timestamp,textPayload)'" }, `2026-12-03T06:00:01.412Z  python_http_client.exceptions.TooManyRequestsError: HTTP Error 429: Too Many Requests
2026-12-03T06:00:01.418Z    File "/app/notifications/digest.py", line 77, in send_org_digest
2026-12-03T06:00:01.418Z      sg.send(message)
2026-12-03T06:00:01.530Z  python_http_client.exceptions.TooManyRequestsError: HTTP Error 429: Too Many Requests
2026-12-03T06:00:01.771Z  python_http_client.exceptions.TooManyRequestsError: HTTP Error 429: Too Many Requests
2026-12-03T06:00:02.006Z  Task digest-4411-20261203 failed with 500; Cloud Tasks will retry (attempt 5 of 5)
(all Europe/Berlin orgs hit 07:00 local in the same second: 1,930 digest tasks dispatched at up to 500/s, SendGrid plan allows 100 req/s; 212 tasks gave up after 5 attempts)`, undefined, { kind: "app", where: "top" }],
    [122, "Bash", { command: `gcloud tasks queues update juniper-digest --location europe-west1 --max-dispatches-per-second=20 --max-concurrent-dispatches=50 --max-attempts=10 --min-backoff=10s && ${TASKS_DESC}` }, `Updated queue [projects/${GCP}/locations/europe-west1/queues/juniper-digest].\n${tasksQueue("20.0", 50, 10, "10s")}`, "tasksq", { kind: "app", where: "top" }],
    [126, "Bash", { command: "gcloud logging read 'resource.labels.service_name=\"juniper-web\" AND httpRequest.requestUrl:\"/internal/pubsub/calendar-sync\"' --limit 8 --format='value(timestamp,httpRequest.status,httpRequest.latency,textPayload)'" }, `2026-12-03T11:02:14.201Z  200  14.212s  calendar sync org=4411 calendar=tech-3391@brightwell.example events=812 (message 13107754201893377)
2026-12-03T11:02:14.880Z  200  13.905s  calendar sync org=4411 calendar=tech-3391@brightwell.example events=812 (message 13107754201893377) duplicate delivery
2026-12-03T11:02:25.117Z  200  11.604s  calendar sync org=4411 calendar=tech-3391@brightwell.example events=812 (message 13107754201893377) duplicate delivery
2026-12-03T11:02:31.442Z  200  0.412s  calendar sync org=2207 calendar=ops@northpeak.example events=14 (message 13107754201901022)
2026-12-03T11:02:40.009Z  200  12.770s  calendar sync org=4411 calendar=tech-3388@brightwell.example events=640 (message 13107754201893391)
2026-12-03T11:02:40.981Z  200  12.301s  calendar sync org=4411 calendar=tech-3388@brightwell.example events=640 (message 13107754201893391) duplicate delivery
(push handler takes 11-14s for big calendars; the subscription's ack deadline is 10s, so Pub/Sub redelivers before the first 200 comes back)`, undefined, { kind: "app", where: "top" }],
    [128, "Bash", { command: PUBSUB_DESC }, pubsubSub(10, false), "pubsub", { kind: "app", where: "top" }],
    [130, "Bash", { command: `gcloud pubsub subscriptions update calendar-sync-push --ack-deadline=120 && ${PUBSUB_DESC}` }, `Updated subscription [projects/${GCP}/subscriptions/calendar-sync-push].\n${pubsubSub(120, false)}`, "pubsub", { kind: "app", where: "top" }],
    [134, "Bash", { command: "gcloud logging read 'resource.labels.service_name=\"juniper-worker\" AND severity>=WARNING AND timestamp>=\"2026-12-03T13:00:00Z\"' --limit 6 --format='value(timestamp,textPayload)'" }, `2026-12-03T13:41:09.552Z  [2026-12-03 13:41:09,551: INFO/MainProcess] Task reports.tasks.export_bookings_csv[7f1e0c2a-91d4-4b3e-8a55-0c6d2e4f9a13] received
2026-12-03T13:41:52.118Z  Memory limit of 1024 MiB exceeded with 1079 MiB used. Consider increasing the memory limit, see https://cloud.google.com/run/docs/configuring/memory-limits
2026-12-03T13:41:52.204Z  Container terminated on signal 9.
2026-12-03T13:41:58.930Z  [2026-12-03 13:41:58,929: WARNING/MainProcess] Restoring 14 unacknowledged message(s)
2026-12-03T13:44:30.071Z  Memory limit of 1024 MiB exceeded with 1102 MiB used. Consider increasing the memory limit, see https://cloud.google.com/run/docs/configuring/memory-limits
2026-12-03T13:44:30.160Z  Container terminated on signal 9.`, undefined, { kind: "app", where: "top" }],
    [136, "Bash", { command: `gcloud run services update juniper-worker --region europe-west1 --memory=2Gi && ${WORKER_DESC}` }, `${deployed("juniper-worker", "juniper-worker-00047-saf")}${runDesc("juniper-worker", { rev: "juniper-worker-00047-saf", image: "worker:2026.12.03-1", min: 1, max: 4, conc: 10, mem: "2Gi", cmd: "bin/worker.sh", always: true, at: "2026-12-03T13:52:40.118Z" })}`, "workerdesc", { kind: "app", where: "top" }],
    [138, "Read", { file_path: `${J}/reports/tasks.py` }, `    14\t@shared_task(acks_late=True, soft_time_limit=900)
    15\tdef export_bookings_csv(org_id, start, end, requested_by):
    16\t    rows = list(
    17\t        Booking.objects.filter(organization_id=org_id, starts_at__range=(start, end))
    18\t        .select_related("customer", "technician", "site")
    19\t        .order_by("starts_at")
    20\t    )
    21\t    buf = io.StringIO()
    22\t    writer = csv.writer(buf)
    23\t    writer.writerow(EXPORT_HEADER)
    24\t    for b in rows:
    25\t        writer.writerow(export_row(b))
    26\t    blob = bucket().blob(f"exports/{org_id}/{uuid4()}.csv")
    27\t    blob.upload_from_string(buf.getvalue(), content_type="text/csv")`, undefined, { kind: "code", where: "top" }],
    [139, "Bash", { command: "python -m memray run -o /tmp/export.bin manage.py export_bookings --org 4411 --from 2025-01-01 --to 2026-12-31 && python -m memray stats /tmp/export.bin | head -12" }, `Writing profile results into /tmp/export.bin
exported 612,904 bookings to exports/4411/local.csv
[memray] Successfully generated profile results.

📏 Total allocations:
	48211904

📦 Total memory allocated:
	14.912GB

📊 Histogram of allocation size:
	min: 1.000B

🥇 Peak memory usage: 1.83GB`, "exportmem", { kind: "app", where: "top" }],
    [140, "Edit", { file_path: `${J}/reports/tasks.py`, old_string: "    rows = list(\n", new_string: "    rows = (\n" }, edited(`${J}/reports/tasks.py`, `    14\t@shared_task(acks_late=True, soft_time_limit=900)
    15\tdef export_bookings_csv(org_id, start, end, requested_by):
    16\t    rows = (
    17\t        Booking.objects.filter(organization_id=org_id, starts_at__range=(start, end))
    18\t        .select_related("customer", "technician", "site")
    19\t        .order_by("starts_at")
    20\t        .iterator(chunk_size=2000)
    21\t    )
    22\t    blob = bucket().blob(f"exports/{org_id}/{uuid4()}.csv")
    23\t    with blob.open("w", content_type="text/csv") as fh:  # streams to GCS in 8 MiB chunks
    24\t        writer = csv.writer(fh)
    25\t        writer.writerow(EXPORT_HEADER)
    26\t        for b in rows:
    27\t            writer.writerow(export_row(b))`), undefined, { kind: "code", where: "top" }],
    [142, "Bash", { command: "python -m memray run -o /tmp/export2.bin manage.py export_bookings --org 4411 --from 2025-01-01 --to 2026-12-31 && python -m memray stats /tmp/export2.bin | head -12" }, `Writing profile results into /tmp/export2.bin
exported 612,904 bookings to exports/4411/local.csv
[memray] Successfully generated profile results.

📏 Total allocations:
	47902118

📦 Total memory allocated:
	13.604GB

📊 Histogram of allocation size:
	min: 1.000B

🥇 Peak memory usage: 214.6MB`, "exportmem", { kind: "app", where: "top" }],
    [144, "Bash", { command: `gcloud run services update juniper-worker --region europe-west1 --memory=1536Mi && ${WORKER_DESC}` }, `${deployed("juniper-worker", "juniper-worker-00049-xen")}${runDesc("juniper-worker", { rev: "juniper-worker-00049-xen", image: "worker:2026.12.04-1", min: 1, max: 4, conc: 10, mem: "1536Mi", cmd: "bin/worker.sh", always: true, at: "2026-12-04T10:20:11.640Z" })}`, "workerdesc", { kind: "app", where: "top" }],
    [146, "Edit", { file_path: `${J}/bin/worker.sh`, old_string: "exec celery -A juniper worker -l info --concurrency=8", new_string: "exec celery -A juniper worker -l info --concurrency=6 --max-tasks-per-child=200" }, edited(`${J}/bin/worker.sh`, "     1\t#!/bin/sh\n     2\tset -e\n     3\t# 6 prefork children x ~180 MiB each leaves room for one export in 1536Mi\n     4\texec celery -A juniper worker -l info --concurrency=6 --max-tasks-per-child=200"), undefined, { kind: "code", where: "top" }],
    [148, "Bash", CELERY_STATS, celeryStats([["juniper-worker-00050-pim-2b7e4", 6, 200], ["juniper-worker-00050-pim-c04d1", 6, 200]]), "celerystats", { kind: "app", where: "top" }],
    [150, "Bash", WAFFLE_CMD, waffle("None", "10.0"), "waffle", { kind: "app", where: "top" }],
    [152, "Bash", { command: "sentry-cli issues list --project juniper-api --query 'is:unresolved firstSeen:-6h' --max-rows 3" }, `+------------------+------------------------------------------------------------------------------------------------------+-------------------------------------------+--------+-------+
| Short ID         | Title                                                                                                | Culprit                                   | Events | Users |
+------------------+------------------------------------------------------------------------------------------------------+-------------------------------------------+--------+-------+
| JUNIPER-API-1NB  | SlotOverlapError: slot 2026-12-07 12:00 overlaps lunch break 12:00-12:30 for technician 3391         | scheduling.availability.v2 in build_day   | 2311   | 118   |
| JUNIPER-API-1NC  | KeyError: 'break_ends_at'                                                                            | scheduling.availability.v2 in merge_rules | 87     | 12    |
| JUNIPER-API-1N4  | TooManyRequestsError: HTTP Error 429: Too Many Requests                                              | notifications.digest in send_org_digest   | 212    | 0     |
+------------------+------------------------------------------------------------------------------------------------------+-------------------------------------------+--------+-------+
(both v2 errors only for orgs in the 10% new_availability_engine bucket: their booking page shows no slots at all)`, undefined, { kind: "app", where: "top" }],
    [154, "Bash", { command: "gcloud run jobs execute juniper-manage --region europe-west1 --wait --args=waffle_flag,new_availability_engine,--deactivate" }, `Creating execution...done
  Provisioning resources...done
  Starting execution...done
  Running execution...done
Done.
Execution [juniper-manage-8x2qf] has successfully completed.
(logs) Flag new_availability_engine deactivated: everyone=False`, undefined, { kind: "app", where: "top" }],
    [155, "Bash", WAFFLE_CMD, waffle("False", "10.0"), "waffle", { kind: "app", where: "top" }],
    [158, "Edit", { file_path: `${J}/scheduling/availability/v2.py`, old_string: "        if slot.start < brk.end and brk.start < slot.end:\n            raise SlotOverlapError(slot, brk)", new_string: "        if slot.start < brk.end and brk.start < slot.end:\n            continue  # a break removes the slot; it is not an error" }, edited(`${J}/scheduling/availability/v2.py`, `   118\tdef build_day(rules, breaks, day):\n   ...\n   131\t    for slot in candidate_slots(rules, day):\n   132\t        brk = next((b for b in breaks if b.day == day), None)\n   133\t        if brk is None:\n   134\t            yield slot\n   135\t            continue\n   136\t        if slot.start < brk.end and brk.start < slot.end:\n   137\t            continue  # a break removes the slot; it is not an error\n   138\t        yield slot`), undefined, { kind: "code", where: "top" }],
    [160, "Bash", { command: "pytest tests/scheduling/test_availability_v2.py -q" }, "..........................                                               [100%]\n26 passed in 2.64s", undefined, { kind: "test", where: "top" }],
    [162, "Bash", { command: "gh run list --limit 4" }, ghRuns([ghRow("✓", "feat(bookings): buffer minutes between jobs", "deploy", "12251330417", "9m31s", "4 minutes ago"), ghRow("✓", "feat(bookings): buffer minutes between jobs", "ci", "12251330416", "7m12s", "4 minutes ago"), ghRow("✓", "fix(availability): breaks drop slots in v2", "ci", "12250912004", "7m05s", "1 hour ago"), ghRow("✓", "worker: stream exports, 6 children", "deploy", "12249771530", "9m02s", "5 hours ago")]), "ci", { kind: "build", where: "top" }],
    [164, "Bash", { command: "gcloud logging read 'resource.labels.service_name=\"juniper-web\" AND severity>=ERROR AND timestamp>=\"2026-12-04T15:20:00Z\"' --limit 5 --format='value(timestamp,resource.labels.revision_name,textPayload)'" }, `2026-12-04T15:21:44.019Z  juniper-web-00091-vix  django.db.utils.ProgrammingError: column scheduling_booking.buffer_minutes does not exist
2026-12-04T15:21:44.020Z  juniper-web-00091-vix  LINE 1: ...ooking"."duration", "scheduling_booking"."buffer_minutes", ...
2026-12-04T15:21:44.388Z  juniper-web-00091-vix  Internal Server Error: /api/v2/bookings/
2026-12-04T15:21:45.102Z  juniper-web-00091-vix  django.db.utils.ProgrammingError: column scheduling_booking.buffer_minutes does not exist
2026-12-04T15:21:45.870Z  juniper-web-00091-vix  Internal Server Error: /api/v2/availability/
(every request that loads a Booking 500s; the deploy workflow started the migrate job after deploy-web, and it is still waiting for its runner)`, undefined, { kind: "app", where: "top" }],
    [166, "Bash", REV_CMD, revList([revRow("juniper-web-00091-vix", true, "2026-12-04 15:20:58 UTC"), revRow("juniper-web-00090-fem", false, "2026-12-04 09:11:30 UTC"), revRow("juniper-web-00089-qal", false, "2026-12-03 16:40:02 UTC"), revRow("juniper-web-00088-dun", false, "2026-12-03 11:05:47 UTC")]), "revisions", { kind: "app", where: "top" }],
    [168, "Bash", { command: "gcloud run services update-traffic juniper-web --region europe-west1 --to-revisions=juniper-web-00090-fem=100" }, `Updating traffic...done.
  Routing traffic...done.
Done.
URL: https://juniper-web-q7w2xk4fma-ew.a.run.app
Traffic:
  0%   juniper-web-00091-vix
  100% juniper-web-00090-fem`, "traffic", { kind: "app", where: "top" }],
    [170, "Read", { file_path: `${J}/.github/workflows/deploy.yml` }, `    31\t  deploy-web:
    32\t    needs: [build]
    33\t    runs-on: ubuntu-latest
    34\t    steps:
    35\t      - uses: google-github-actions/auth@v2
    36\t        with:
    37\t          workload_identity_provider: \${{ vars.WIF_PROVIDER }}
    38\t          service_account: \${{ vars.DEPLOY_SA }}
    39\t      - uses: google-github-actions/deploy-cloudrun@v2
    40\t        with:
    41\t          service: juniper-web
    42\t          region: europe-west1
    43\t          image: \${{ needs.build.outputs.web_image }}
    44\t
    45\t  migrate:
    46\t    needs: [build, deploy-web]
    47\t    runs-on: ubuntu-latest
    48\t    steps:
    49\t      - run: gcloud run jobs execute juniper-migrate --region europe-west1 --wait`, undefined, { kind: "code", where: "top" }],
    [172, "Edit", { file_path: `${J}/.github/workflows/deploy.yml`, old_string: "  migrate:\n    needs: [build, deploy-web]", new_string: "  migrate:\n    needs: [build]" }, edited(`${J}/.github/workflows/deploy.yml`, `    31\t  migrate:
    32\t    needs: [build]
    33\t    runs-on: ubuntu-latest
    34\t    steps:
    35\t      - run: gcloud run jobs execute juniper-migrate --region europe-west1 --wait
    36\t
    37\t  deploy-web:
    38\t    # migrations are additive-only (checked in CI), so the old revision keeps working on the new schema
    39\t    needs: [build, migrate]
    40\t    runs-on: ubuntu-latest`), undefined, { kind: "code", where: "top" }],
    [174, "Bash", { command: "gh run list --limit 4" }, ghRuns([ghRow("✓", "ci(deploy): run migrations before deploy-web", "deploy", "12252440871", "11m48s", "2 minutes ago"), ghRow("✓", "ci(deploy): run migrations before deploy-web", "ci", "12252440870", "7m20s", "2 minutes ago"), ghRow("X", "feat(bookings): buffer minutes between jobs", "deploy", "12251330417", "31m02s", "2 hours ago"), ghRow("✓", "fix(availability): breaks drop slots in v2", "ci", "12250912004", "7m05s", "3 hours ago")]), "ci", { kind: "build", where: "top" }],
    [176, "Bash", { command: `${REV_CMD.command} && gcloud run services update-traffic juniper-web --region europe-west1 --to-latest` }, `${revList([revRow("juniper-web-00092-tup", true, "2026-12-04 17:48:12 UTC"), revRow("juniper-web-00091-vix", false, "2026-12-04 15:20:58 UTC"), revRow("juniper-web-00090-fem", true, "2026-12-04 09:11:30 UTC"), revRow("juniper-web-00089-qal", false, "2026-12-03 16:40:02 UTC")])}
Updating traffic...done.
  Routing traffic...done.
Done.
URL: https://juniper-web-q7w2xk4fma-ew.a.run.app
Traffic:
  100% LATEST (currently juniper-web-00092-tup)`, "revisions", { kind: "app", where: "top" }],
    [178, "Bash", { command: "gcloud run services list --region europe-west1" }, `   SERVICE         REGION        URL                                              LAST DEPLOYED BY                                           LAST DEPLOYED AT
✔  juniper-beat    europe-west1  https://juniper-beat-q7w2xk4fma-ew.a.run.app     ${DEPLOYER}  2026-12-04T17:49:30.118Z
✔  juniper-web     europe-west1  https://juniper-web-q7w2xk4fma-ew.a.run.app      ${DEPLOYER}  2026-12-04T17:48:12.502Z
✔  juniper-worker  europe-west1  https://juniper-worker-q7w2xk4fma-ew.a.run.app   ${DEPLOYER}  2026-12-04T17:49:02.977Z`, undefined, { kind: "app", where: "top" }],
    [180, "Bash", { command: REDIS_DESC }, redisDesc(1, "allkeys-lru"), "redis", { kind: "app", where: "top" }],
    [182, "Bash", { command: "redis-cli -h 127.0.0.1 -p 16379 INFO memory | grep -E 'used_memory_human|maxmemory_human|maxmemory_policy' && redis-cli -h 127.0.0.1 -p 16379 INFO stats | grep -E 'evicted_keys|expired_keys|keyspace_misses' && redis-cli -h 127.0.0.1 -p 16379 LLEN celery" }, `used_memory_human:1003.21M
maxmemory_human:1.00G
maxmemory_policy:allkeys-lru
evicted_keys:48211
expired_keys:912044
keyspace_misses:3310291
0
(support: 3 orgs report reminders that never arrived; worker logs show no send_booking_reminder for those bookings: the broker list and unacked hash live in the same Redis as the page cache, and allkeys-lru evicts them)`, undefined, { kind: "app", where: "top" }],
    [184, "Bash", { command: `gcloud redis instances update juniper-cache --region europe-west1 --update-redis-config maxmemory-policy=noeviction && ${REDIS_DESC}` }, `Request issued for: [juniper-cache]
Waiting for operation [projects/${GCP}/locations/europe-west1/operations/operation-1733401820112-62a8f] to complete...done.
Updated instance [juniper-cache].
${redisDesc(1, "noeviction")}`, "redis", { kind: "app", where: "top" }],
    [186, "Bash", { command: "gcloud logging read 'resource.labels.service_name=\"juniper-web\" AND textPayload:\"OOM command not allowed\"' --limit 4 --format='value(timestamp,textPayload)'" }, `2026-12-05T09:12:40.118Z  redis.exceptions.OutOfMemoryError: OOM command not allowed when used memory > 'maxmemory'.
2026-12-05T09:12:40.119Z    File "/app/scheduling/api/views.py", line 94, in list
2026-12-05T09:12:40.119Z      cache.set(key, payload, timeout=None)
2026-12-05T09:12:41.502Z  redis.exceptions.OutOfMemoryError: OOM command not allowed when used memory > 'maxmemory'.
(the availability cache writes keys with timeout=None, so with noeviction the instance fills up and every cache.set fails; celery is fine)`, undefined, { kind: "app", where: "top" }],
    [188, "Bash", { command: `gcloud redis instances update juniper-cache --region europe-west1 --size=2 --update-redis-config maxmemory-policy=volatile-lru && ${REDIS_DESC}` }, `Request issued for: [juniper-cache]
Waiting for operation [projects/${GCP}/locations/europe-west1/operations/operation-1733404471908-62a90] to complete...done.
Updated instance [juniper-cache].
${redisDesc(2, "volatile-lru")}`, "redis", { kind: "app", where: "top" }],
    [190, "Edit", { file_path: `${J}/scheduling/api/views.py`, old_string: "        cache.set(key, payload, timeout=None)", new_string: "        cache.set(key, payload, timeout=900)  # volatile-lru only evicts keys with a TTL" }, edited(`${J}/scheduling/api/views.py`, "    92\t        payload = serializer.data\n    93\t        # volatile-lru only evicts keys with a TTL: celery's broker keys have none, so they stay\n    94\t        cache.set(key, payload, timeout=900)"), undefined, { kind: "code", where: "top" }],
    [192, "Bash", { command: "cd infra && terraform plan -no-color" }, `${tfPlanHead}
Terraform used the selected providers to generate the following execution plan. Resource actions are indicated with the following symbols:
  ~ update in-place

Terraform will perform the following actions:

  # google_cloud_run_v2_service.web will be updated in-place
  ~ resource "google_cloud_run_v2_service" "web" {
        name = "juniper-web"
      ~ template {
          ~ max_instance_request_concurrency = 40 -> 80
          ~ scaling {
              ~ max_instance_count = 12 -> 10
              ~ min_instance_count = 2 -> 1
            }
        }
    }

  # google_cloud_run_v2_service.worker will be updated in-place
  ~ resource "google_cloud_run_v2_service" "worker" {
      ~ template {
          ~ containers {
              ~ resources {
                  ~ limits = {
                      ~ "memory" = "1536Mi" -> "1Gi"
                    }
                }
            }
        }
    }

  # google_sql_database_instance.main will be updated in-place
  ~ resource "google_sql_database_instance" "main" {
      ~ settings {
          ~ database_flags {
              ~ value = "200" -> "100"
                name  = "max_connections"
            }
        }
    }

  # google_redis_instance.cache will be updated in-place
  ~ resource "google_redis_instance" "cache" {
      ~ memory_size_gb = 2 -> 1
      ~ redis_configs  = {
          ~ "maxmemory-policy" = "volatile-lru" -> "allkeys-lru"
        }
    }

Plan: 0 to add, 4 to change, 0 to destroy.`, "tfplan", { kind: "build", where: "top" }],
    [194, "Edit", { file_path: `${J}/infra/cloudsql.tf`, old_string: '    tier = "db-custom-2-7680"', new_string: '    tier = "db-custom-4-16384"' }, edited(`${J}/infra/cloudsql.tf`, `    14\t  settings {\n    15\t    tier              = "db-custom-4-16384"\n    16\t    availability_type = "REGIONAL"\n    17\t    database_flags {\n    18\t      name  = "max_connections"\n    19\t      value = "200"\n    20\t    }`), undefined, { kind: "code", where: "top" }],
    [196, "Bash", { command: "cd infra && terraform plan -no-color | tail -40" }, `  # google_cloud_run_v2_service.web will be updated in-place
  ~ resource "google_cloud_run_v2_service" "web" {
        name = "juniper-web"
      ~ template {
          ~ max_instance_request_concurrency = 40 -> 30
          ~ scaling {
              ~ max_instance_count = 12 -> 15
              ~ min_instance_count = 2 -> 3
            }
        }
    }

  # google_sql_database_instance.main will be updated in-place
  ~ resource "google_sql_database_instance" "main" {
        name = "juniper-pg"
      ~ settings {
          ~ tier = "db-custom-2-7680" -> "db-custom-4-16384"
        }
    }

Plan: 0 to add, 2 to change, 0 to destroy.`, "tfplan", { kind: "build", where: "top" }],
    [198, "Bash", { command: "cd infra && terraform apply -auto-approve -no-color | tail -8" }, `google_sql_database_instance.main: Modifying... [id=juniper-pg]
google_cloud_run_v2_service.web: Modifying... [id=projects/${GCP}/locations/europe-west1/services/juniper-web]
google_cloud_run_v2_service.web: Modifications complete after 41s [id=projects/${GCP}/locations/europe-west1/services/juniper-web]
google_sql_database_instance.main: Still modifying... [id=juniper-pg, 4m50s elapsed]
google_sql_database_instance.main: Modifications complete after 6m12s [id=juniper-pg]
Releasing state lock. This may take a few moments...

Apply complete! Resources: 0 added, 2 changed, 0 destroyed.`, undefined, { kind: "build", where: "bottom" }],
    [200, "Bash", { command: SQL_DESC }, sqlDesc("db-custom-4-16384", 200), "sqldesc", { kind: "pg", where: "top" }],
    [202, "Bash", { command: "cd infra && terraform plan -no-color | tail -6" }, `google_pubsub_subscription.calendar_sync_push: Refreshing state... [id=projects/${GCP}/subscriptions/calendar-sync-push]

No changes. Your infrastructure matches the configuration.

Terraform has compared your real infrastructure against your configuration and found no differences, so no changes are needed.
Releasing state lock. This may take a few moments...`, "tfplan", { kind: "build", where: "top" }],
    [204, "Bash", { command: WEB_DESC }, runDesc("juniper-web", WEB_NOW), "webdesc", { kind: "app", where: "top" }],
    [206, "Bash", { command: "gcloud run jobs execute juniper-manage --region europe-west1 --wait --args=shell,-c,\"from waffle.models import Flag; Flag.objects.filter(name='new_availability_engine').update(everyone=None, percent=50)\" && " + WAFFLE_CMD.command }, waffle("None", "50.0"), "waffle", { kind: "app", where: "top" }],
    [208, "Bash", { command: "gh run list --limit 4" }, ghRuns([ghRow("✓", "infra: sql 4 vCPU, web 3..15 at concurrency 30", "deploy", "12254108822", "8m49s", "6 minutes ago"), ghRow("✓", "infra: sql 4 vCPU, web 3..15 at concurrency 30", "ci", "12254108821", "7m31s", "6 minutes ago"), ghRow("✓", "cache: availability keys expire after 15 min", "deploy", "12253720140", "9m10s", "1 hour ago"), ghRow("✓", "ci(deploy): run migrations before deploy-web", "deploy", "12252440871", "11m48s", "18 hours ago")]), "ci", { kind: "build", where: "top" }],
    [210, "Bash", { command: "sentry-cli issues list --project juniper-api --query 'is:unresolved' --max-rows 3" }, `+------------------+-----------------------------------------------------------------------------------------------------+--------------------------------------------+--------+-------+
| Short ID         | Title                                                                                               | Culprit                                    | Events | Users |
+------------------+-----------------------------------------------------------------------------------------------------+--------------------------------------------+--------+-------+
| JUNIPER-API-1K2  | SoftTimeLimitExceeded: SoftTimeLimitExceeded()                                                      | calendars.tasks.sync_google_calendar       | 240    | 0     |
| JUNIPER-API-19Z  | DisallowedHost: Invalid HTTP_HOST header: 'juniper-web-q7w2xk4fma-ew.a.run.app:443'                 | django.http.request in get_host            | 101    | 3     |
| JUNIPER-API-1JX  | ValidationError: {'starts_at': ['Booking must start inside the technician shift.']}                | scheduling.api.views in create             | 44     | 18    |
+------------------+-----------------------------------------------------------------------------------------------------+--------------------------------------------+--------+-------+`, undefined, { kind: "app", where: "top" }],
  ],
  questions: [
    { kind: "state", prompt: "web autoscaling min/max rn?", want: [{ key: "webdesc", fact: "Scaling: Auto (Min: 3, Max: 15)" }] },
    { kind: "state", prompt: "how many concurrent reqs does each web instance take now", want: [{ key: "webdesc", fact: kv("Concurrency", 30) }] },
    { kind: "state", prompt: "worker mem limit at the moment?", want: [{ key: "workerdesc", fact: kv("Memory", "1536Mi", 4) }] },
    { kind: "state", prompt: "can beat still scale out to more than one container?", want: [{ key: "beatdesc", fact: "Scaling: Auto (Min: 1, Max: 1)" }] },
    { kind: "state", prompt: "what django are we on now", want: [{ key: "pipfreeze", fact: "Django==5.1.4" }] },
    { kind: "state", prompt: "last migration that got applied to the prod db?", want: [{ key: "migrate", fact: "calendars.0031_rename_calendarevent_owner_starts_at_cal_event_owner_start_idx" }] },
    { kind: "state", prompt: "how fast is the open slots query these days", want: [{ key: "explain", fact: "Execution Time: 11.904 ms" }] },
    { kind: "state", prompt: "postgres max conns on cloud sql now", want: [{ key: "sqldesc", fact: "  - name: max_connections\n    value: '200'" }] },
    { kind: "state", prompt: "what machine size is the db instance", want: [{ key: "sqldesc", fact: "tier: db-custom-4-16384" }] },
    { kind: "state", prompt: "celery worker concurrency per container?", want: [{ key: "celerystats", fact: '"max-concurrency": 6' }] },
    { kind: "state", prompt: "how fast is cloud tasks allowed to fire the digest jobs now", want: [{ key: "tasksq", fact: "maxDispatchesPerSecond: 20.0" }] },
    { kind: "state", prompt: "how many tries does a digest get before cloud tasks gives up on it", want: [{ key: "tasksq", fact: "maxAttempts: 10" }] },
    { kind: "state", prompt: "ack deadline on the calendar sync sub?", want: [{ key: "pubsub", fact: "ackDeadlineSeconds: 120" }] },
    { kind: "state", prompt: "memorystore eviction setting currently", want: [{ key: "redis", fact: "maxmemory-policy: volatile-lru" }] },
    { kind: "state", prompt: "what % of orgs get the new availabilty engine right now", want: [{ key: "waffle", fact: "PERCENT: 50.0" }] },
    { kind: "state", prompt: "is that 24h reminder test still flaky", want: [{ key: "flaky", fact: "100 passed in 38.90s" }] },
    { kind: "state", prompt: "gunicorn procs per container now?", want: [{ key: "gunicorn", fact: "workers = 2" }] },
    { kind: "state", prompt: "any tf drift left or is infra in sync", want: [{ key: "tfplan", fact: "No changes. Your infrastructure matches the configuration." }] },
    { kind: "state", prompt: "how often does beat kick off the digest scheduling now", want: [{ key: "beatsched", fact: "crontab(minute=5)" }] },
    { kind: "state", prompt: "is main green in actions", want: [{ key: "ci", fact: "infra: sql 4 vCPU, web 3..15 at concurrency 30" }] },
    { kind: "history", prompt: "why did every customer get their reminder twice that morning", want: [{ turn: 18, fact: "both ran celery beat" }] },
    { kind: "history", prompt: "what was the sentry error behind the dup reminders", want: [{ turn: 8, fact: 'duplicate key value violates unique constraint "notifications_sentreminder_booking_kind_uniq"' }] },
    { kind: "history", prompt: "how many queries was the availability list doing before the fix", want: [{ turn: 24, fact: "214 were done" }] },
    { kind: "history", prompt: "how did we kill the n+1 on availability", want: [{ turn: 28, fact: '.select_related("technician", "site").prefetch_related("technician__skills")' }] },
    { kind: "history", prompt: "what did cloud run say when web ran out of instances", want: [{ turn: 42, fact: "The request was aborted because there was no available instance." }] },
    { kind: "history", prompt: "the pg error text when we ran out of connections?", want: [{ turn: 50, fact: "remaining connection slots are reserved for roles with the SUPERUSER attribute" }] },
    { kind: "history", prompt: "how many conns was web holding when we hit the limit", want: [{ turn: 60, fact: "17 instances held 84 connections" }] },
    { kind: "history", prompt: "why did the first 5.1 bump get reverted", want: [{ turn: 70, fact: "calendars.CalendarEvent still declares it" }] },
    { kind: "history", prompt: "exact exception from manage.py right after upgrading django", want: [{ turn: 68, fact: "TypeError: 'class Meta' got invalid attribute(s): index_together" }] },
    { kind: "history", prompt: "what was making the reminder window test flake", want: [{ turn: 84, fact: "BookingFactory sets starts_at = now + 24h when the row is built" }] },
    { kind: "history", prompt: "the dst thing in slot generation, how did we fix it", want: [{ turn: 106, fact: "step in local wall-clock days, then convert" }] },
    { kind: "history", prompt: "why were digests failing right after moving them to cloud tasks", want: [{ turn: 120, fact: "TooManyRequestsError: HTTP Error 429: Too Many Requests" }] },
    { kind: "history", prompt: "how much ram was the worker at when it got killed", want: [{ turn: 134, fact: "1079 MiB used" }] },
    { kind: "history", prompt: "which revision did we pin traffic to after the bad release", want: [{ turn: 168, fact: "100% juniper-web-00090-fem" }] },
    { kind: "history", prompt: "what broke when we flipped redis to noeviction", want: [{ turn: 186, fact: "OOM command not allowed when used memory > 'maxmemory'" }] },
    { kind: "history", prompt: "why did we switch the new availabilty flag off", want: [{ turn: 152, fact: "SlotOverlapError: slot 2026-12-07 12:00 overlaps lunch break" }] },
    { kind: "multi", prompt: "django version + newest migration on prod?", want: [{ key: "pipfreeze", fact: "Django==5.1.4" }, { key: "migrate", fact: "calendars.0031_rename_calendarevent_owner_starts_at_cal_event_owner_start_idx" }] },
    { kind: "multi", prompt: "worker memory and celery concurrency now", want: [{ key: "workerdesc", fact: kv("Memory", "1536Mi", 4) }, { key: "celerystats", fact: '"max-concurrency": 6' }] },
    { kind: "multi", prompt: "db max_connections vs how far web can scale", want: [{ key: "sqldesc", fact: "  - name: max_connections\n    value: '200'" }, { key: "webdesc", fact: "Scaling: Auto (Min: 3, Max: 15)" }] },
    { kind: "multi", prompt: "digest queue rate limit and the pubsub ack deadline?", want: [{ key: "tasksq", fact: "maxDispatchesPerSecond: 20.0" }, { key: "pubsub", fact: "ackDeadlineSeconds: 120" }] },
    { kind: "multi", prompt: "redis policy now, and is terraform clean", want: [{ key: "redis", fact: "maxmemory-policy: volatile-lru" }, { key: "tfplan", fact: "No changes. Your infrastructure matches the configuration." }] },
    { kind: "multi", prompt: "gunicorn workers + web concurrency setting", want: [{ key: "gunicorn", fact: "workers = 2" }, { key: "webdesc", fact: kv("Concurrency", 30) }] },
    { kind: "multi", prompt: "flaky test sorted? and CI status", want: [{ key: "flaky", fact: "100 passed in 38.90s" }, { key: "ci", fact: "infra: sql 4 vCPU, web 3..15 at concurrency 30" }] },
    { kind: "none", prompt: "thx, thats it for today" },
    { kind: "none", prompt: "generally, select_related vs prefetch_related - when do i use which?" },
    { kind: "none", prompt: "brb lunch" },
    { kind: "none", prompt: "any good python podcasts you'd recommend" },
    { kind: "none", prompt: "explain how django signals work in general, pros and cons" },
  ],
};

const P = "/home/dev/pusula";
const REG = "europe-west3-docker.pkg.dev/pusula-prod/pusula";

const podRow = (name, ready, age = "212d") => `${name.padEnd(18)}${ready.padEnd(8)}${ready.split("/")[1].padEnd(13)}${ready.split("/")[1].padEnd(12)}${age}`;
const deployTable = (cg, dw, or, ts) => `NAME              READY   UP-TO-DATE   AVAILABLE   AGE\n${podRow("carrier-gateway", cg)}\n${podRow("dispatch-worker", dw)}\n${podRow("order-router", or)}\n${podRow("tracking-svc", ts, "188d")}`;
const DW_NOW = podRow("dispatch-worker", "14/14");

const hpaRow = (name, cpu, target, min, max, rep) => `${name.padEnd(18)}${`Deployment/${name}`.padEnd(29)}${`cpu: ${cpu}/${target}`.padEnd(15)}${String(min).padEnd(10)}${String(max).padEnd(10)}${String(rep).padEnd(11)}212d`;
const hpaTable = (rows) => `NAME              REFERENCE                    TARGETS        MINPODS   MAXPODS   REPLICAS   AGE\n${rows.join("\n")}`;
const HPA_TS = hpaRow("tracking-svc", "21%", "70%", 2, 6, 3);
const HPA_OR_NOW = hpaRow("order-router", "52%", "70%", 4, 16, 6);
const HPA_DW_NOW = hpaRow("dispatch-worker", "61%", "65%", 6, 20, 14);

const consumer = (wait, pending, outstanding, redelivered, unprocessed) => `Information for Consumer ORDERS > dispatch-worker created 2026-05-04T10:11:52Z

Configuration:

                    Name: dispatch-worker
               Pull Mode: true
          Filter Subject: orders.created.>
          Deliver Policy: All
              Ack Policy: Explicit
                Ack Wait: ${wait}
           Replay Policy: Instant
      Maximum Deliveries: 5
         Max Ack Pending: ${pending}
       Max Waiting Pulls: 512

Cluster Information:

                    Name: pusula-nats
                  Leader: nats-1
                 Replica: nats-0, current, seen 0.21s ago
                 Replica: nats-2, current, seen 0.21s ago

State:

  Last Delivered Message: Consumer sequence: 9,120,441 Stream sequence: 9,204,118 Last delivery: 0.02s ago
    Acknowledgment Floor: Consumer sequence: 9,118,902 Stream sequence: 9,202,571 Last Ack: 0.40s ago
        Outstanding Acks: ${outstanding} out of maximum ${pending}
    Redelivered Messages: ${redelivered}
    Unprocessed Messages: ${unprocessed}
           Waiting Pulls: 0 of maximum 512`;
const CONSUMER_CMD = { command: "nats --context pusula-prod consumer info ORDERS dispatch-worker" };

const quoteGo = (timeout) => `     1\tpackage dispatch
     2\t
     3\timport (
     4\t\t"context"
     5\t\t"fmt"
     6\t\t"time"
     7\t
     8\t\tcarrierv1 "github.com/pusula-tech/pusula/gen/pusula/carrier/v1"
     9\t\troutingv1 "github.com/pusula-tech/pusula/gen/pusula/routing/v1"
    10\t)
    ...
    31\t// Quote asks carrier-gateway for a price for one leg. Called once per candidate carrier,
    32\t// fanned out with errgroup in assign.go (up to 6 carriers per leg).
    33\tfunc (c *Client) Quote(ctx context.Context, leg *routingv1.Leg, carrier string) (*carrierv1.QuoteResponse, error) {
    34\t\tctx, cancel := context.WithTimeout(ctx, ${timeout})
    35\t\tdefer cancel()
    36\t\tresp, err := c.carriers.Quote(ctx, &carrierv1.QuoteRequest{
    37\t\t\tCarrier:  carrier,
    38\t\t\tOrigin:   leg.GetOrigin(),
    39\t\t\tDest:     leg.GetDest(),
    40\t\t\tWeightKg: leg.GetWeightKg(),
    41\t\t})
    42\t\tif err != nil {
    43\t\t\treturn nil, fmt.Errorf("quote %s: %w", carrier, err)
    44\t\t}
    45\t\treturn resp, nil
    46\t}`;

const gomod = (go, goccy, grpc, pgx, nats, otel) => `module github.com/pusula-tech/pusula

go ${go}

require (
\tgithub.com/bufbuild/protovalidate-go v0.7.2
\tgithub.com/goccy/go-json ${goccy}
\tgithub.com/jackc/pgx/v5 ${pgx}
\tgithub.com/nats-io/nats.go ${nats}
\tgithub.com/prometheus/client_golang v1.20.5
\tgo.opentelemetry.io/contrib/instrumentation/google.golang.org/grpc/otelgrpc v0.56.0
\tgo.opentelemetry.io/otel ${otel}
\tgo.opentelemetry.io/otel/sdk ${otel}
\tgo.uber.org/automaxprocs v1.6.0
\tgo.uber.org/goleak v1.3.0
\tgolang.org/x/sync v0.9.0
\tgoogle.golang.org/grpc ${grpc}
\tgoogle.golang.org/protobuf v1.35.2
)

require (
\tgithub.com/jackc/pgpassfile v1.0.0 // indirect
\tgithub.com/jackc/pgservicefile v0.0.0-20240606120523-5a60cdf6a761 // indirect
\tgithub.com/jackc/puddle/v2 v2.2.2 // indirect
\tgithub.com/klauspost/compress v1.17.11 // indirect
\tgithub.com/nats-io/nkeys v0.4.7 // indirect
\tgithub.com/nats-io/nuid v1.0.1 // indirect
\tgolang.org/x/net v0.31.0 // indirect
\tgoogle.golang.org/genproto/googleapis/rpc v0.0.0-20241113202542-65e8d215514f // indirect
)`;

const dwValues = (maxConns) => `replicaCount: 6
image:
  repository: ${REG}/dispatch-worker
  tag: v2.4.1
resources:
  requests: { cpu: 500m, memory: 256Mi }
  limits: { cpu: "1", memory: 512Mi }
autoscaling:
  enabled: true
  minReplicas: 4
  maxReplicas: 12
  targetCPUUtilizationPercentage: 65
config:
  nats:
    url: nats://nats.nats.svc:4222
    stream: ORDERS
    consumer: dispatch-worker
    fetchBatch: 100
  database:
    host: pg-pusula.internal
    name: pusula
    maxConns: ${maxConns}
    minConns: 2
    maxConnLifetime: 30m
    maxConnIdleTime: 5m
    healthCheckPeriod: 1m
  carrierGateway:
    addr: carrier-gateway.pusula.svc.cluster.local:9090
  otel:
    endpoint: otel-collector.monitoring.svc:4317`;

const vsYaml = (timeout, attempts, perTry, retryOn) => `apiVersion: networking.istio.io/v1
kind: VirtualService
metadata:
  name: carrier-gateway
  namespace: pusula
spec:
  hosts:
  - carrier-gateway.pusula.svc.cluster.local
  http:
  - match:
    - port: 9090
    route:
    - destination:
        host: carrier-gateway.pusula.svc.cluster.local
        port:
          number: 9090
    timeout: ${timeout}
    retries:
      attempts: ${attempts}
      perTryTimeout: ${perTry}
      retryOn: ${retryOn}`;

const peerAuth = (permissive) => `apiVersion: security.istio.io/v1
kind: PeerAuthentication
metadata:
  name: default
  namespace: pusula
spec:
  mtls:
    mode: STRICT
${permissive ? `---
apiVersion: security.istio.io/v1
kind: PeerAuthentication
metadata:
  name: tracking-svc-legacy-webhook
  namespace: pusula
spec:
  selector:
    matchLabels:
      app: tracking-svc
  mtls:
    mode: STRICT
  portLevelMtls:
    9090:
      mode: PERMISSIVE   # carrier-webhook in legacy-ingest has no sidecar yet` : "# tracking-svc-legacy-webhook removed: legacy-ingest is injected now, everything is STRICT"}`;

const promq = (expr, value) => `$ promtool query instant http://localhost:9090 '${expr}'\n${value}`;
const ERR_EXPR = 'sum(rate(grpc_server_handled_total{grpc_service="pusula.routing.v1.OrderRouter",grpc_code!~"OK|NotFound|InvalidArgument"}[5m])) / sum(rate(grpc_server_handled_total{grpc_service="pusula.routing.v1.OrderRouter"}[5m]))';
const P99_EXPR = 'histogram_quantile(0.99, sum by (le) (rate(grpc_server_handling_seconds_bucket{grpc_service="pusula.carrier.v1.CarrierGateway",grpc_method="Quote"}[5m])))';

const ghRowP = (st, title, wf, id, el, age) => `${st.padEnd(8)}${title.padEnd(50)}${wf.padEnd(10)}main    push   ${id}  ${el.padEnd(9)}${age}`;
const ghRunsP = (rows) => `STATUS  TITLE                                             WORKFLOW  BRANCH  EVENT  ID           ELAPSED  AGE\n${rows.join("\n")}`;

const goroutines = (total, top) => `goroutine profile: total ${total}
${top}
61 @ 0x43e4ce 0x44f7e5 0x8a1f27 0x8a2b91 0x474fe1
#\t0x8a1f26\tgoogle.golang.org/grpc/internal/transport.(*controlBuffer).get+0x1a6\t/go/pkg/mod/google.golang.org/grpc@v1.68.1/internal/transport/controlbuf.go:418
#\t0x8a2b90\tgoogle.golang.org/grpc/internal/transport.(*loopyWriter).run+0x90\t/go/pkg/mod/google.golang.org/grpc@v1.68.1/internal/transport/controlbuf.go:552

24 @ 0x43e4ce 0x436fb7 0x46a645 0x4e1ea7 0x4e3131 0x4e311f 0x58f0c5 0x5a2c65 0x69c0b0 0x474fe1
#\t0x46a644\tinternal/poll.runtime_pollWait+0x84\t/usr/local/go/src/runtime/netpoll.go:351
#\t0x69c0af\tgithub.com/nats-io/nats.go.(*Conn).readLoop+0x14f\t/go/pkg/mod/github.com/nats-io/nats.go@v1.38.0/nats.go:3221`;
const GOR_CMD = { command: "kubectl -n pusula port-forward deploy/tracking-svc 6060:6060 >/dev/null & sleep 2; curl -s 'localhost:6060/debug/pprof/goroutine?debug=1' | head -24; kill %1" };
const LEAK_TOP = `48102 @ 0x43e4ce 0x40b1bd 0x40ad52 0x8f2c11 0x474fe1
#\t0x8f2c10\tgithub.com/pusula-tech/pusula/internal/tracking.(*Hub).fanout.func1+0x1b0\t/src/internal/tracking/hub.go:77`;
const OK_TOP = `142 @ 0x43e4ce 0x44f7e5 0x8f2d4a 0x474fe1
#\t0x8f2d49\tgithub.com/pusula-tech/pusula/internal/tracking.(*Hub).serve+0x129\t/src/internal/tracking/hub.go:58`;

const otelCfg = (sampling) => `receivers:
  otlp:
    protocols:
      grpc:
        endpoint: 0.0.0.0:4317
      http:
        endpoint: 0.0.0.0:4318
processors:
  memory_limiter:
    check_interval: 1s
    limit_percentage: 80
    spike_limit_percentage: 20
  batch:
    timeout: 5s
    send_batch_size: 2048
${sampling}
exporters:
  googlecloud:
    project: pusula-prod
  prometheusremotewrite:
    endpoint: http://prometheus.monitoring.svc:9090/api/v1/write
service:
  pipelines:
    traces:
      receivers: [otlp]
      processors: [memory_limiter, ${sampling.includes("tail_sampling") ? "tail_sampling" : "probabilistic_sampler"}, batch]
      exporters: [googlecloud]
    metrics:
      receivers: [otlp]
      processors: [memory_limiter, batch]
      exporters: [prometheusremotewrite]`;
const SAMPLE_PROB = `  probabilistic_sampler:
    sampling_percentage: 10`;
const SAMPLE_TAIL = `  tail_sampling:
    decision_wait: 10s
    num_traces: 50000
    policies:
      - name: errors
        type: status_code
        status_code: { status_codes: [ERROR] }
      - name: slow
        type: latency
        latency: { threshold_ms: 1500 }
      - name: baseline
        type: probabilistic
        probabilistic: { sampling_percentage: 5 }`;

const alertRule = (threshold, forDur) => `groups:
- name: order-router
  rules:
  - alert: OrderRouterHighErrorRate
    expr: |
      sum(rate(grpc_server_handled_total{grpc_service="pusula.routing.v1.OrderRouter",grpc_code!~"OK|NotFound|InvalidArgument"}[5m]))
        / sum(rate(grpc_server_handled_total{grpc_service="pusula.routing.v1.OrderRouter"}[5m])) > ${threshold}
    for: ${forDur}
    labels:
      severity: page
      team: routing
    annotations:
      summary: order-router error ratio above ${threshold} for ${forDur}
      runbook_url: https://runbooks.pusula.internal/order-router/errors
  - alert: DispatchConsumerLag
    expr: nats_consumer_num_pending{stream="ORDERS",consumer="dispatch-worker"} > 20000
    for: 15m
    labels:
      severity: ticket
      team: routing`;

const argoHist = (rows) => `SOURCE  https://github.com/pusula-tech/pusula-gitops.git
ID      DATE                           REVISION
${rows.join("\n")}`;
const OR_IMAGE_CMD = { command: "kubectl -n pusula get deploy order-router -o jsonpath='{.spec.template.spec.containers[?(@.name==\"order-router\")].image}{\"\\n\"}'" };

const cmctl = (ready, notBefore, notAfter) => `Name: kargonet-client
Namespace: pusula
Created at: 2026-05-27T09:12:01Z
Conditions:
  Ready: ${ready}
  Issuing: ${ready.startsWith("True") ? "False" : "True, Reason: Issuing, Message: Renewing certificate as renewal was scheduled at 2026-11-03T00:00:00Z"}
DNS Names:
- dispatch.pusula.example
Issuer:
  Name: kargonet-partner-issuer
  Kind: Issuer
  Conditions:
    Ready: True, Reason: Verified, Message: partner EST endpoint reachable
Not Before: ${notBefore}
Not After: ${notAfter}
Renewal Time: ${ready.startsWith("True") ? "2027-02-01T08:31:07Z" : "2026-11-03T00:00:00Z"}`;

const topPods = (rows) => `NAME                            CPU(cores)   MEMORY(bytes)\n${rows.map(([n, c, m]) => `${n.padEnd(32)}${c.padEnd(13)}${m}`).join("\n")}`;
const TOP_CMD = { command: "kubectl -n pusula top pods -l app=tracking-svc" };
const TOP_NOW = `${"tracking-svc-5b8c7d9f4-hx2mq".padEnd(32)}${"96m".padEnd(13)}231Mi`;

const pusula = {
  name: "pusula (held out 23)",
  sessionId: "9d47c2e1-0b6f-4a38-8e5d-71f3a2c6b523",
  cwd: P,
  turns: 216,
  seed: 23023,
  files: ["cmd/order-router/main.go", "cmd/dispatch-worker/main.go", "cmd/tracking-svc/main.go", "cmd/carrier-gateway/main.go", "internal/dispatch/quote.go", "internal/dispatch/assign.go", "internal/routing/planner.go", "internal/tracking/hub.go", "internal/store/pg.go", "internal/bus/jetstream.go", "proto/pusula/routing/v1/routing.proto", "proto/pusula/carrier/v1/carrier.proto", "go.mod", "Dockerfile", "buf.yaml", "deploy/helm/dispatch-worker/values-prod.yaml", "deploy/istio/carrier-gateway-vs.yaml", "deploy/istio/peer-authentication.yaml", "deploy/otel/collector.yaml", "deploy/prometheus/rules/order-router.yaml"],
  otherTests: ["github.com/pusula-tech/pusula/internal/geo", "github.com/pusula-tech/pusula/internal/pricing", "github.com/pusula-tech/pusula/internal/store", "github.com/pusula-tech/pusula/cmd/carrier-gateway"],
  words: ["order", "route", "leg", "carrier", "quote", "shipment", "dispatch", "tracking", "event", "hub", "subscriber", "stream", "consumer", "ack", "pool", "conn", "ctx", "deadline", "span", "planner", "depot", "vehicle", "eta", "retry", "metric"],
  grepWords: ["context.WithTimeout", "pgxpool.New", "js.PullSubscribe", "otelgrpc.NewServerHandler", "TODO", "grpc.WithDefaultCallOptions"],
  testCommands: ["go test ./internal/geo/...", "go test ./internal/pricing/ -count=1", "go test -race ./internal/store/...", "go test ./cmd/carrier-gateway/ -run TestQuote -v"],
  buildCommands: ["go build ./...", "go vet ./...", "golangci-lint run ./...", "buf generate", "helm template deploy/helm/order-router -f deploy/helm/order-router/values-prod.yaml"],
  appCommands: ["kubectl -n pusula logs deploy/order-router --tail 40", "kubectl -n pusula logs deploy/carrier-gateway --tail 40", "kubectl -n pusula get pods"],
  prompts: ["devam", "tamam devam et", "ok next", "go on", "sıradaki", "continue", "hadi bakalım", "ok", "devam edelim"],
  facts: [
    [2, "Bash", { command: "kubectl -n pusula get deploy" }, deployTable("3/3", "6/6", "4/4", "3/3"), "deploys", { kind: "app", where: "top" }],
    [4, "Bash", { command: "kubectl -n pusula get hpa" }, hpaTable([hpaRow("dispatch-worker", "58%", "65%", 4, 12, 6), hpaRow("order-router", "61%", "70%", 3, 10, 4), HPA_TS]), "hpa", { kind: "app", where: "top" }],
    [6, "Bash", { command: "go version && go env GOTOOLCHAIN GOFLAGS" }, "go version go1.22.9 linux/amd64\nlocal\n-mod=readonly", "gover", { kind: "build", where: "top" }],
    [8, "Read", { file_path: `${P}/go.mod` }, gomod("1.22.0", "v0.10.2", "v1.67.1", "v5.6.0", "v1.37.0", "v1.31.0"), "gomod", { kind: "code", where: "top" }],
    [10, "Bash", CONSUMER_CMD, consumer("30.00s", "1,000", "1,000", "3,112", "48,211"), "consumer", { kind: "app", where: "top" }],
    [12, "Bash", { command: "kubectl -n pusula logs deploy/dispatch-worker --since=30m | grep -E 'level=(WARN|ERROR)' | tail -8" }, `time=2026-12-01T09:14:02.118Z level=ERROR msg="assign carrier" order_id=ORD-2026-4418820 leg=2 carrier=kargonet err="quote kargonet: rpc error: code = DeadlineExceeded desc = context deadline exceeded" elapsed=801ms
time=2026-12-01T09:14:02.120Z level=ERROR msg="assign carrier" order_id=ORD-2026-4418820 leg=2 carrier=yurtici err="quote yurtici: rpc error: code = DeadlineExceeded desc = context deadline exceeded" elapsed=800ms
time=2026-12-01T09:14:02.131Z level=WARN msg="nak message" subject=orders.created.ist seq=9118211 delivery=3 reason="no carrier quoted"
time=2026-12-01T09:14:02.904Z level=ERROR msg="assign carrier" order_id=ORD-2026-4418831 leg=1 carrier=kargonet err="quote kargonet: rpc error: code = DeadlineExceeded desc = context deadline exceeded" elapsed=800ms
time=2026-12-01T09:14:03.011Z level=WARN msg="nak message" subject=orders.created.ank seq=9118230 delivery=4 reason="no carrier quoted"
time=2026-12-01T09:14:03.377Z level=ERROR msg="assign carrier" order_id=ORD-2026-4418840 leg=1 carrier=aras err="quote aras: rpc error: code = DeadlineExceeded desc = context deadline exceeded" elapsed=800ms
time=2026-12-01T09:14:03.380Z level=WARN msg="nak message" subject=orders.created.izm seq=9118244 delivery=5 reason="no carrier quoted"
time=2026-12-01T09:14:03.381Z level=ERROR msg="max deliveries reached, message dropped to orders.dlq" seq=9118244`, undefined, { kind: "app", where: "top" }],
    [14, "Read", { file_path: `${P}/internal/dispatch/quote.go` }, quoteGo("800*time.Millisecond"), "deadline", { kind: "code", where: "top" }],
    [16, "Bash", { command: `promtool query instant http://localhost:9090 '${P99_EXPR}'` }, promq(P99_EXPR, "{} => 1.4213 @[1764580800]"), "p99q", { kind: "app", where: "top" }],
    [18, "Edit", { file_path: `${P}/internal/dispatch/quote.go`, old_string: "\tctx, cancel := context.WithTimeout(ctx, 800*time.Millisecond)", new_string: "\tctx, cancel := context.WithTimeout(ctx, 2*time.Second)" }, edited(`${P}/internal/dispatch/quote.go`, "    33\tfunc (c *Client) Quote(ctx context.Context, leg *routingv1.Leg, carrier string) (*carrierv1.QuoteResponse, error) {\n    34\t\tctx, cancel := context.WithTimeout(ctx, 2*time.Second)\n    35\t\tdefer cancel()"), undefined, { kind: "code", where: "top" }],
    [19, "Read", { file_path: `${P}/internal/dispatch/quote.go` }, quoteGo("2*time.Second"), "deadline", { kind: "code", where: "top" }],
    [20, "Bash", { command: `nats --context pusula-prod consumer edit ORDERS dispatch-worker --max-pending 4000 -f && ${CONSUMER_CMD.command}` }, consumer("30.00s", "4,000", "4,000", "3,480", "31,902"), "consumer", { kind: "app", where: "top" }],
    [22, "Bash", { command: "argocd app sync pusula-dispatch-worker --prune && argocd app wait pusula-dispatch-worker --health --timeout 300" }, `TIMESTAMP                  GROUP        KIND           NAMESPACE  NAME             STATUS   HEALTH       HOOK  MESSAGE
2026-12-01T12:40:11+03:00  apps         Deployment     pusula     dispatch-worker  Synced   Progressing        deployment.apps/dispatch-worker configured
2026-12-01T12:40:11+03:00               ConfigMap      pusula     dispatch-worker  Synced                      configmap/dispatch-worker configured

Name:               argocd/pusula-dispatch-worker
Project:            pusula
Sync Status:        Synced to main (3a9e1f0)
Health Status:      Healthy
Operation:          Sync
Phase:              Succeeded
Message:            successfully synced (all tasks run)`, undefined, { kind: "app", where: "top" }],
    [26, "Bash", { command: "kubectl -n pusula logs deploy/dispatch-worker --since=20m | grep -E 'level=ERROR' | tail -6" }, `time=2026-12-01T13:02:44.551Z level=ERROR msg="assign carrier" order_id=ORD-2026-4421907 err="load order: acquire conn: context deadline exceeded" pool_total=10 pool_acquired=10 pool_idle=0 pool_empty_acquire=91344
time=2026-12-01T13:02:44.553Z level=ERROR msg="assign carrier" order_id=ORD-2026-4421911 err="load order: acquire conn: context deadline exceeded" pool_total=10 pool_acquired=10 pool_idle=0 pool_empty_acquire=91351
time=2026-12-01T13:02:44.602Z level=ERROR msg="save assignment" order_id=ORD-2026-4421899 err="begin tx: acquire conn: context deadline exceeded" pool_total=10 pool_acquired=10 pool_idle=0 pool_empty_acquire=91360
time=2026-12-01T13:02:45.010Z level=ERROR msg="assign carrier" order_id=ORD-2026-4421920 err="load order: acquire conn: context deadline exceeded" pool_total=10 pool_acquired=10 pool_idle=0 pool_empty_acquire=91372
time=2026-12-01T13:02:45.118Z level=ERROR msg="assign carrier" order_id=ORD-2026-4421926 err="load order: acquire conn: context deadline exceeded" pool_total=10 pool_acquired=10 pool_idle=0 pool_empty_acquire=91380
(~660 messages in flight per pod with max ack pending 4000 over 6 pods, each handler holds a conn while it waits for quotes)`, undefined, { kind: "app", where: "top" }],
    [28, "Read", { file_path: `${P}/deploy/helm/dispatch-worker/values-prod.yaml` }, dwValues(10), "pgpool", { kind: "code", where: "top" }],
    [30, "Bash", { command: "kubectl -n pusula exec deploy/pg-admin -- psql -h pg-pusula.internal -U pusula_admin pusula -c \"SELECT application_name, count(*) FROM pg_stat_activity GROUP BY 1 ORDER BY 2 DESC\" -c 'SHOW max_connections'" }, ` application_name | count
------------------+-------
 dispatch-worker  |    60
 order-router     |    48
 tracking-svc     |    18
 carrier-gateway  |    12
                  |     6
 psql             |     1
(6 rows)

 max_connections
-----------------
 200
(1 row)`, undefined, { kind: "pg", where: "top" }],
    [32, "Edit", { file_path: `${P}/deploy/helm/dispatch-worker/values-prod.yaml`, old_string: "    maxConns: 10", new_string: "    maxConns: 20" }, edited(`${P}/deploy/helm/dispatch-worker/values-prod.yaml`, "    20\t  database:\n    21\t    host: pg-pusula.internal\n    22\t    name: pusula\n    23\t    maxConns: 20\n    24\t    minConns: 2"), undefined, { kind: "code", where: "top" }],
    [33, "Read", { file_path: `${P}/deploy/helm/dispatch-worker/values-prod.yaml` }, dwValues(20), "pgpool", { kind: "code", where: "top" }],
    [34, "Bash", { command: `nats --context pusula-prod consumer edit ORDERS dispatch-worker --max-pending 2000 -f && ${CONSUMER_CMD.command}` }, consumer("30.00s", "2,000", "2,000", "4,012", "12,330"), "consumer", { kind: "app", where: "top" }],
    [36, "Bash", { command: "git -C ../pusula-gitops commit -am 'dispatch-worker: pool 20, max ack pending 2000' && git -C ../pusula-gitops log -1 --format='%h %s%n%n%b'" }, `[main 7b2d4c9] dispatch-worker: pool 20, max ack pending 2000
 2 files changed, 3 insertions(+), 3 deletions(-)
7b2d4c9 dispatch-worker: pool 20, max ack pending 2000

Raising max_ack_pending to 4000 cleared the quote backlog but moved the bottleneck into
pgx: 4000 in flight over 6 pods is ~660 concurrent handlers per pod against MaxConns 10,
so Acquire timed out (pool_acquired=10 pool_idle=0). MaxConns 20 per pod (6-12 pods = 120-240
conns, Postgres max_connections 200 shared with order-router) and max_ack_pending back down
to 2000 so in-flight work matches what the pool can serve.`, undefined, { kind: "build", where: "top" }],
    [38, "Bash", { command: "kubectl -n pusula patch hpa order-router --patch '{\"spec\":{\"maxReplicas\":16}}' && kubectl -n pusula get hpa" }, `horizontalpodautoscaler.autoscaling/order-router patched\n${hpaTable([hpaRow("dispatch-worker", "63%", "65%", 4, 12, 8), hpaRow("order-router", "66%", "70%", 3, 16, 5), HPA_TS])}`, "hpa", { kind: "app", where: "top" }],
    [42, "Bash", { command: "argocd app get pusula-order-router --show-operation" }, `Name:               argocd/pusula-order-router
Project:            pusula
Server:             https://kubernetes.default.svc
Namespace:          pusula
URL:                https://argocd.pusula.internal/applications/pusula-order-router
Source:
- Repo:             https://github.com/pusula-tech/pusula-gitops.git
  Target:           main
  Path:             apps/order-router
SyncWindow:         Sync Allowed
Sync Policy:        Automated (Prune, SelfHeal)
Sync Status:        Synced to main (e07a5c4)
Health Status:      Healthy

Operation:          Sync
Sync Revision:      e07a5c4
Phase:              Succeeded
Start:              2026-12-01 14:21:09 +0300 +03
Finished:           2026-12-01 14:21:12 +0300 +03
Duration:           3s
Message:            successfully synced (all tasks run)
Initiated by:       automated sync policy (self heal)

GROUP        KIND                     NAMESPACE  NAME          STATUS  HEALTH   HOOK  MESSAGE
autoscaling  HorizontalPodAutoscaler  pusula     order-router  Synced  Healthy        horizontalpodautoscaler.autoscaling/order-router configured
apps         Deployment               pusula     order-router  Synced  Healthy        deployment.apps/order-router unchanged`, undefined, { kind: "app", where: "top" }],
    [44, "Bash", { command: "kubectl -n pusula get hpa" }, hpaTable([hpaRow("dispatch-worker", "60%", "65%", 4, 12, 8), hpaRow("order-router", "69%", "70%", 3, 10, 5), HPA_TS]), "hpa", { kind: "app", where: "top" }],
    [46, "Bash", { command: "git -C ../pusula-gitops commit -am 'order-router: hpa 4..16' && git -C ../pusula-gitops log -1 --format='%h %s%n%n%b'" }, `[main 9d2b7e3] order-router: hpa 4..16
 1 file changed, 2 insertions(+), 2 deletions(-)
9d2b7e3 order-router: hpa 4..16

The kubectl patch to maxReplicas 16 was undone by Argo CD self-heal three minutes later
(the app syncs automated with SelfHeal, so the cluster goes back to what the chart says:
maxReplicas 10). The bounds live in apps/order-router/values-prod.yaml now: min 4, max 16.`, undefined, { kind: "build", where: "top" }],
    [48, "Bash", { command: "argocd app wait pusula-order-router --sync --health --timeout 300 >/dev/null && kubectl -n pusula get hpa" }, hpaTable([hpaRow("dispatch-worker", "57%", "65%", 4, 12, 7), hpaRow("order-router", "58%", "70%", 4, 16, 6), HPA_TS]), "hpa", { kind: "app", where: "top" }],
    [52, "Bash", { command: "go mod edit -go=1.23.4 && go mod tidy" }, "go: downloading go1.23.4 (linux/amd64)\ngo: finding module for package golang.org/x/exp/slices\ngo: found golang.org/x/exp/slices in golang.org/x/exp v0.0.0-20241108190413-2d47ceb2692f", undefined, { kind: "build", where: "top" }],
    [54, "Bash", { command: "GOTOOLCHAIN=go1.23.4 go build ./..." }, `# github.com/pusula-tech/pusula/cmd/order-router
link: github.com/goccy/go-json/internal/runtime: invalid reference to reflect.typelinks
# github.com/pusula-tech/pusula/cmd/tracking-svc
link: github.com/goccy/go-json/internal/runtime: invalid reference to reflect.typelinks
# github.com/pusula-tech/pusula/cmd/dispatch-worker
link: github.com/goccy/go-json/internal/runtime: invalid reference to reflect.typelinks
(Go 1.23 refuses //go:linkname pulls into the standard library that are not marked push; go-json v0.10.2 still uses one)`, undefined, { kind: "build", error: true, where: "top" }],
    [56, "Bash", { command: "go get github.com/goccy/go-json@v0.10.4 google.golang.org/grpc@v1.68.1 github.com/jackc/pgx/v5@v5.7.1 github.com/nats-io/nats.go@v1.38.0 go.opentelemetry.io/otel@v1.32.0 go.opentelemetry.io/otel/sdk@v1.32.0 && go mod tidy" }, "go: upgraded github.com/goccy/go-json v0.10.2 => v0.10.4\ngo: upgraded github.com/jackc/pgx/v5 v5.6.0 => v5.7.1\ngo: upgraded github.com/nats-io/nats.go v1.37.0 => v1.38.0\ngo: upgraded go.opentelemetry.io/otel v1.31.0 => v1.32.0\ngo: upgraded go.opentelemetry.io/otel/sdk v1.31.0 => v1.32.0\ngo: upgraded google.golang.org/grpc v1.67.1 => v1.68.1", undefined, { kind: "build", where: "top" }],
    [58, "Bash", { command: "GOTOOLCHAIN=go1.23.4 go build ./... && GOTOOLCHAIN=go1.23.4 go test ./... 2>&1 | tail -12" }, `ok  \tgithub.com/pusula-tech/pusula/internal/bus\t1.204s
ok  \tgithub.com/pusula-tech/pusula/internal/dispatch\t2.881s
ok  \tgithub.com/pusula-tech/pusula/internal/geo\t0.412s
ok  \tgithub.com/pusula-tech/pusula/internal/pricing\t0.377s
ok  \tgithub.com/pusula-tech/pusula/internal/routing\t3.019s
ok  \tgithub.com/pusula-tech/pusula/internal/store\t6.770s
ok  \tgithub.com/pusula-tech/pusula/internal/tracking\t1.552s
?   \tgithub.com/pusula-tech/pusula/gen/pusula/routing/v1\t[no test files]`, undefined, { kind: "test", where: "top" }],
    [60, "Bash", { command: "gh run view 12261094418 --log-failed | tail -14" }, `build-images\tBuild order-router\t#12 [builder 4/7] RUN go mod download
build-images\tBuild order-router\t#12 0.412 go: go.mod requires go >= 1.23.4 (running go 1.22.9; GOTOOLCHAIN=local)
build-images\tBuild order-router\t#12 ERROR: process "/bin/sh -c go mod download" did not complete successfully: exit code: 1
build-images\tBuild order-router\t------
build-images\tBuild order-router\t > [builder 4/7] RUN go mod download:
build-images\tBuild order-router\t0.412 go: go.mod requires go >= 1.23.4 (running go 1.22.9; GOTOOLCHAIN=local)
build-images\tBuild order-router\t------
build-images\tBuild order-router\tDockerfile:9
build-images\tBuild order-router\t   7 |     COPY go.mod go.sum ./
build-images\tBuild order-router\t   8 |     ENV GOTOOLCHAIN=local
build-images\tBuild order-router\t   9 | >>> RUN go mod download
build-images\tBuild order-router\tERROR: failed to solve: process "/bin/sh -c go mod download" did not complete successfully: exit code: 1
build-images\tBuild order-router\t##[error]buildx failed with: ERROR: failed to solve: process "/bin/sh -c go mod download" did not complete successfully: exit code: 1
(the builder stage is still FROM golang:1.22.9-alpine)`, undefined, { kind: "build", error: true, where: "top" }],
    [62, "Edit", { file_path: `${P}/Dockerfile`, old_string: "FROM golang:1.22.9-alpine AS builder", new_string: "FROM golang:1.23.4-alpine AS builder" }, edited(`${P}/Dockerfile`, "     1\t# syntax=docker/dockerfile:1.7\n     2\tFROM golang:1.23.4-alpine AS builder\n     3\tARG SERVICE\n     4\tWORKDIR /src"), undefined, { kind: "code", where: "top" }],
    [64, "Bash", { command: "gh run list --limit 4" }, ghRunsP([ghRowP("✓", "build: go 1.23.4 builder image", "ci", "12261577203", "8m14s", "2 minutes ago"), ghRowP("X", "deps: go 1.23.4, go-json 0.10.4, grpc 1.68.1", "ci", "12261094418", "3m40s", "38 minutes ago"), ghRowP("✓", "dispatch: quote deadline 2s", "ci", "12259880112", "7m58s", "5 hours ago"), ghRowP("✓", "chore: golangci-lint 1.62", "ci", "12258101977", "7m41s", "1 day ago")]), "ci", { kind: "build", where: "top" }],
    [65, "Bash", { command: "go version && go env GOTOOLCHAIN GOFLAGS" }, "go version go1.23.4 linux/amd64\nlocal\n-mod=readonly", "gover", { kind: "build", where: "top" }],
    [66, "Read", { file_path: `${P}/go.mod` }, gomod("1.23.4", "v0.10.4", "v1.68.1", "v5.7.1", "v1.38.0", "v1.32.0"), "gomod", { kind: "code", where: "top" }],
    [70, "Edit", { file_path: `${P}/proto/pusula/routing/v1/routing.proto`, old_string: "  int64 weight_grams = 7;", new_string: "  double weight_kg = 7;" }, edited(`${P}/proto/pusula/routing/v1/routing.proto`, "    41\tmessage RouteRequest {\n    42\t  string order_id = 1;\n    ...\n    48\t  double weight_kg = 7;"), undefined, { kind: "code", where: "top" }],
    [72, "Bash", { command: "buf lint && buf breaking --against '.git#branch=main'" }, `proto/pusula/routing/v1/routing.proto:48:3:Field "7" with name "weight_kg" on message "RouteRequest" changed type from "int64" to "double". See https://developers.google.com/protocol-buffers/docs/proto3#updating for wire compatibility rules.
proto/pusula/routing/v1/routing.proto:48:3:Field "7" on message "RouteRequest" changed name from "weight_grams" to "weight_kg".
proto/pusula/routing/v1/routing.proto:48:3:Field "7" with name "weight_kg" on message "RouteRequest" changed option "json_name" from "weightGrams" to "weightKg".`, "buf", { kind: "build", error: true, where: "top" }],
    [74, "Edit", { file_path: `${P}/proto/pusula/routing/v1/routing.proto`, old_string: "  double weight_kg = 7;", new_string: "  int64 weight_grams = 7 [deprecated = true];\n  double weight_kg = 14;" }, edited(`${P}/proto/pusula/routing/v1/routing.proto`, "    48\t  int64 weight_grams = 7 [deprecated = true];  // old clients (carrier-webhook) still send it\n    49\t  double weight_kg = 14;"), undefined, { kind: "code", where: "top" }],
    [76, "Bash", { command: "buf lint && buf breaking --against '.git#branch=main' && echo 'buf: no lint or breaking issues'" }, "buf: no lint or breaking issues", "buf", { kind: "build", where: "top" }],
    [78, "Read", { file_path: `${P}/proto/pusula/routing/v1/routing.proto` }, `    41\tmessage RouteRequest {
    42\t  string order_id = 1;
    43\t  Location origin = 2;
    44\t  Location destination = 3;
    45\t  google.protobuf.Timestamp ready_at = 4;
    46\t  google.protobuf.Timestamp deliver_by = 5;
    47\t  repeated string allowed_carriers = 6;
    48\t  int64 weight_grams = 7 [deprecated = true];  // old clients (carrier-webhook) still send it
    49\t  double weight_kg = 14;
    50\t  ServiceLevel service_level = 8;
    51\t  map<string, string> labels = 9;
    52\t}`, undefined, { kind: "code", where: "top" }],
    [80, "Bash", { command: "gh run list --limit 3" }, ghRunsP([ghRowP("✓", "routing: weight_kg as field 14, keep weight_grams", "ci", "12262310548", "8m31s", "1 minute ago"), ghRowP("✓", "build: go 1.23.4 builder image", "ci", "12261577203", "8m14s", "3 hours ago"), ghRowP("X", "deps: go 1.23.4, go-json 0.10.4, grpc 1.68.1", "ci", "12261094418", "3m40s", "3 hours ago")]), "ci", { kind: "build", where: "top" }],
    [82, "Bash", { command: `${TOP_CMD.command} && kubectl -n pusula get pods -l app=tracking-svc` }, `${topPods([["tracking-svc-7d9f8c6b5d-4kq2m", "412m", "1893Mi"], ["tracking-svc-7d9f8c6b5d-9xw7c", "398m", "1902Mi"], ["tracking-svc-7d9f8c6b5d-p2lrn", "405m", "1871Mi"]])}
NAME                            READY   STATUS    RESTARTS        AGE
tracking-svc-7d9f8c6b5d-4kq2m   2/2     Running   7 (41m ago)     6d
tracking-svc-7d9f8c6b5d-9xw7c   2/2     Running   7 (2h10m ago)   6d
tracking-svc-7d9f8c6b5d-p2lrn   2/2     Running   6 (58m ago)     6d
(last state of each: Terminated, Reason: OOMKilled, limit 2Gi)`, "toppods", { kind: "app", where: "top" }],
    [84, "Bash", GOR_CMD, goroutines(48261, LEAK_TOP), "goroutines", { kind: "app", where: "top" }],
    [86, "Read", { file_path: `${P}/internal/tracking/hub.go` }, `    60\t// fanout pushes one shipment event to every subscriber of that shipment.
    61\tfunc (h *Hub) fanout(ev *trackingv1.Event) {
    62\t\th.mu.RLock()
    63\t\tsubs := h.subs[ev.GetShipmentId()]
    64\t\th.mu.RUnlock()
    65\t\tfor _, sub := range subs {
    66\t\t\tgo func(sub *subscriber) {
    ...
    77\t\t\t\tsub.ch <- ev // unbuffered; Watch stream may be gone
    78\t\t\t}(sub)
    79\t\t}
    80\t}
    ...
    96\tfunc (s *Server) Watch(req *trackingv1.WatchRequest, stream trackingv1.Tracking_WatchServer) error {
    97\t\tsub := s.hub.Subscribe(req.GetShipmentId())
    98\t\tfor ev := range sub.ch {
    99\t\t\tif err := stream.Send(ev); err != nil {
   100\t\t\t\treturn err // returns without Unsubscribe
   101\t\t\t}
   102\t\t}`, undefined, { kind: "code", where: "top" }],
    [88, "Edit", { file_path: `${P}/internal/tracking/hub.go`, old_string: "\t\t\t\tsub.ch <- ev // unbuffered; Watch stream may be gone", new_string: "\t\t\t\tselect {\n\t\t\t\tcase sub.ch <- ev:\n\t\t\t\tcase <-sub.ctx.Done():\n\t\t\t\t}" }, edited(`${P}/internal/tracking/hub.go`, `    66\t\t\tgo func(sub *subscriber) {
    ...
    77\t\t\t\tselect {
    78\t\t\t\tcase sub.ch <- ev:
    79\t\t\t\tcase <-sub.ctx.Done(): // Watch returned: drop instead of blocking forever
    80\t\t\t\t}
    81\t\t\t}(sub)
    ...
    99\t\tsub := s.hub.Subscribe(stream.Context(), req.GetShipmentId())
   100\t\tdefer s.hub.Unsubscribe(sub)`), undefined, { kind: "code", where: "top" }],
    [90, "Bash", { command: "argocd app sync pusula-tracking-svc && argocd app wait pusula-tracking-svc --health --timeout 300" }, `TIMESTAMP                  GROUP  KIND        NAMESPACE  NAME          STATUS  HEALTH       HOOK  MESSAGE
2026-12-02T11:05:41+03:00  apps   Deployment  pusula     tracking-svc  Synced  Progressing        deployment.apps/tracking-svc configured

Name:               argocd/pusula-tracking-svc
Sync Status:        Synced to main (c41f8a0)
Health Status:      Healthy
Operation:          Sync
Phase:              Succeeded
Message:            successfully synced (all tasks run)`, undefined, { kind: "app", where: "top" }],
    [92, "Bash", GOR_CMD, goroutines(318, OK_TOP), "goroutines", { kind: "app", where: "top" }],
    [94, "Bash", TOP_CMD, topPods([["tracking-svc-5b8c7d9f4-hx2mq", "88m", "212Mi"], ["tracking-svc-5b8c7d9f4-m7v2d", "91m", "208Mi"], ["tracking-svc-5b8c7d9f4-zq81k", "79m", "219Mi"]]), "toppods", { kind: "app", where: "top" }],
    [98, "Read", { file_path: `${P}/deploy/istio/carrier-gateway-vs.yaml` }, vsYaml("10s", 3, "3s", "unavailable,cancelled,deadline-exceeded,resource-exhausted,reset,connect-failure"), "vs", { kind: "code", where: "top" }],
    [100, "Bash", { command: "promtool query instant http://localhost:9090 'sum(rate(istio_requests_total{reporter=\"destination\",destination_workload=\"carrier-gateway\"}[5m])) / sum(rate(grpc_client_handled_total{grpc_service=\"pusula.carrier.v1.CarrierGateway\"}[5m]))' && promtool query instant http://localhost:9090 'sum by (response_flags) (rate(istio_requests_total{reporter=\"source\",destination_workload=\"carrier-gateway\"}[5m]))'" }, `{} => 3.07 @[1764676800]
{response_flags="-"} => 212.4 @[1764676800]
{response_flags="URX"} => 418.9 @[1764676800]
{response_flags="UT"} => 97.2 @[1764676800]
(during the kargonet slowdown every Quote that hit perTryTimeout 3s was retried up to 3 times, with 6 quotes per leg fanned out: carrier-gateway saw 3.07 requests per client call)`, undefined, { kind: "app", where: "top" }],
    [102, "Edit", { file_path: `${P}/deploy/istio/carrier-gateway-vs.yaml`, old_string: "    timeout: 10s\n    retries:\n      attempts: 3\n      perTryTimeout: 3s\n      retryOn: unavailable,cancelled,deadline-exceeded,resource-exhausted,reset,connect-failure", new_string: "    timeout: 4s\n    retries:\n      attempts: 2\n      perTryTimeout: 1500ms\n      retryOn: unavailable,reset,connect-failure" }, edited(`${P}/deploy/istio/carrier-gateway-vs.yaml`, "    17\t    timeout: 4s\n    18\t    retries:\n    19\t      attempts: 2\n    20\t      perTryTimeout: 1500ms\n    21\t      retryOn: unavailable,reset,connect-failure"), undefined, { kind: "code", where: "top" }],
    [103, "Read", { file_path: `${P}/deploy/istio/carrier-gateway-vs.yaml` }, vsYaml("4s", 2, "1500ms", "unavailable,reset,connect-failure"), "vs", { kind: "code", where: "top" }],
    [104, "Bash", { command: "git commit -am 'istio: fewer carrier-gateway retries' && git log -1 --format='%h %s%n%n%b'" }, `[main 5e0c2b8] istio: fewer carrier-gateway retries
 1 file changed, 4 insertions(+), 4 deletions(-)
5e0c2b8 istio: fewer carrier-gateway retries

The mesh retried Quote on deadline-exceeded and resource-exhausted, so a slow carrier got
three times the load exactly when it was already slow (3.07x requests per client call,
URX flags). Retry only what is safe and cheap (unavailable, reset, connect-failure), 2
attempts of 1500ms inside a 4s route timeout; the client deadline goes to 4.5s so the mesh
gives up first and the caller sees UNAVAILABLE/DEADLINE_EXCEEDED from one place.`, undefined, { kind: "build", where: "top" }],
    [106, "Edit", { file_path: `${P}/internal/dispatch/quote.go`, old_string: "\tctx, cancel := context.WithTimeout(ctx, 2*time.Second)", new_string: "\tctx, cancel := context.WithTimeout(ctx, 4500*time.Millisecond)" }, edited(`${P}/internal/dispatch/quote.go`, "    34\t\tctx, cancel := context.WithTimeout(ctx, 4500*time.Millisecond)\n    35\t\tdefer cancel()"), undefined, { kind: "code", where: "top" }],
    [107, "Read", { file_path: `${P}/internal/dispatch/quote.go` }, quoteGo("4500*time.Millisecond"), "deadline", { kind: "code", where: "top" }],
    [108, "Bash", { command: `promtool query instant http://localhost:9090 '${P99_EXPR}'` }, promq(P99_EXPR, "{} => 0.6120 @[1764684000]"), "p99q", { kind: "app", where: "top" }],
    [110, "Bash", { command: "kubectl apply -f deploy/istio/peer-authentication.yaml && kubectl -n pusula get peerauthentication" }, "peerauthentication.security.istio.io/default created\nNAME      MODE     AGE\ndefault   STRICT   1s", undefined, { kind: "app", where: "top" }],
    [112, "Bash", { command: "kubectl -n legacy-ingest logs deploy/carrier-webhook --since=15m | grep -i error | tail -5" }, `2026-12-02T13:41:12.882Z ERROR forward status update failed {"shipment": "SHP-88213114", "target": "tracking-svc.pusula.svc.cluster.local:9090", "err": "rpc error: code = Unavailable desc = connection error: desc = \\"error reading server preface: read tcp 10.44.6.19:51932->10.44.2.31:9090: read: connection reset by peer\\""}
2026-12-02T13:41:13.104Z ERROR forward status update failed {"shipment": "SHP-88213120", "target": "tracking-svc.pusula.svc.cluster.local:9090", "err": "rpc error: code = Unavailable desc = connection error: desc = \\"error reading server preface: read tcp 10.44.6.19:51944->10.44.2.31:9090: read: connection reset by peer\\""}
2026-12-02T13:41:14.330Z ERROR forward status update failed {"shipment": "SHP-88213131", "target": "tracking-svc.pusula.svc.cluster.local:9090", "err": "rpc error: code = Unavailable desc = connection error: desc = \\"error reading server preface: read tcp 10.44.6.19:51950->10.44.2.33:9090: read: connection reset by peer\\""}
2026-12-02T13:41:15.009Z ERROR giving up after 5 attempts {"shipment": "SHP-88213114"}
(started 13:40:58, right after the STRICT PeerAuthentication was applied; carrier-webhook speaks plaintext gRPC from outside the mesh)`, undefined, { kind: "app", where: "top" }],
    [114, "Bash", { command: "kubectl get ns -L istio-injection && kubectl -n legacy-ingest get pods" }, `NAME              STATUS   AGE    ISTIO-INJECTION
argocd            Active   401d
default           Active   402d
istio-system      Active   402d
legacy-ingest     Active   388d
monitoring        Active   401d
nats              Active   214d
pusula            Active   214d   enabled
NAME                               READY   STATUS    RESTARTS   AGE
carrier-webhook-5c7d9b8f6-xk2lp    1/1     Running   0          12d
carrier-webhook-5c7d9b8f6-r9t4w    1/1     Running   0          12d`, undefined, { kind: "app", where: "top" }],
    [116, "Edit", { file_path: `${P}/deploy/istio/peer-authentication.yaml`, old_string: "  mtls:\n    mode: STRICT\n", new_string: "  mtls:\n    mode: STRICT\n---\n# tracking-svc-legacy-webhook: port 9090 PERMISSIVE" }, edited(`${P}/deploy/istio/peer-authentication.yaml`, "    10\t---\n    11\tapiVersion: security.istio.io/v1\n    12\tkind: PeerAuthentication\n    13\tmetadata:\n    14\t  name: tracking-svc-legacy-webhook\n    ...\n    22\t  portLevelMtls:\n    23\t    9090:\n    24\t      mode: PERMISSIVE"), undefined, { kind: "code", where: "top" }],
    [118, "Read", { file_path: `${P}/deploy/istio/peer-authentication.yaml` }, peerAuth(true), "peerauth", { kind: "code", where: "top" }],
    [122, "Bash", { command: "kubectl -n pusula logs deploy/carrier-gateway --since=1h | grep -E 'ERROR' | grep kargonet | tail -5" }, `2026-12-03T08:14:22.118Z ERROR kargonet quote failed {"carrier": "kargonet", "err": "Post \\"https://api.kargonet.com.tr/v2/quotes\\": remote error: tls: expired certificate"}
2026-12-03T08:14:22.431Z ERROR kargonet quote failed {"carrier": "kargonet", "err": "Post \\"https://api.kargonet.com.tr/v2/quotes\\": remote error: tls: expired certificate"}
2026-12-03T08:14:23.006Z ERROR kargonet quote failed {"carrier": "kargonet", "err": "Post \\"https://api.kargonet.com.tr/v2/quotes\\": remote error: tls: expired certificate"}
2026-12-03T08:14:23.552Z ERROR kargonet label failed {"carrier": "kargonet", "shipment": "SHP-88230071", "err": "Post \\"https://api.kargonet.com.tr/v2/labels\\": remote error: tls: expired certificate"}
(kargonet requires our client certificate; all kargonet calls fail since 03:00 local)`, undefined, { kind: "app", where: "top" }],
    [124, "Bash", { command: "cmctl status certificate kargonet-client -n pusula" }, cmctl("False, Reason: Expired, Message: Certificate expired on 2026-12-03T00:00:00Z; renewal failed: partner EST endpoint returned 401", "2026-09-04T00:00:00Z", "2026-12-03T00:00:00Z"), "certs", { kind: "app", where: "top" }],
    [126, "Bash", { command: "kubectl -n pusula create secret generic kargonet-est-creds --from-file=est.json=/tmp/kargonet-est.json --dry-run=client -o yaml | kubectl apply -f - && cmctl renew kargonet-client -n pusula && sleep 20 && cmctl status certificate kargonet-client -n pusula" }, `Manually triggered issuance of Certificate pusula/kargonet-client\n${cmctl("True, Reason: Ready, Message: Certificate is up to date and has not expired", "2026-12-03T08:31:07Z", "2027-03-03T08:31:07Z")}`, "certs", { kind: "app", where: "top" }],
    [130, "Bash", { command: "argocd app history pusula-order-router | tail -4" }, argoHist(["39      2026-11-18 14:02:51 +0300 +03  apps/order-router (4c1e9a2)", "40      2026-11-26 11:40:07 +0300 +03  apps/order-router (b81d3f0)", "41      2026-12-01 16:22:19 +0300 +03  apps/order-router (9d2b7e3)"]), "argohist", { kind: "app", where: "top" }],
    [132, "Bash", { command: "argocd app sync pusula-order-router && argocd app history pusula-order-router | tail -4" }, `TIMESTAMP                  GROUP  KIND        NAMESPACE  NAME          STATUS  HEALTH       HOOK  MESSAGE
2026-12-03T14:10:02+03:00  apps   Deployment  pusula     order-router  Synced  Progressing        deployment.apps/order-router configured
${argoHist(["39      2026-11-18 14:02:51 +0300 +03  apps/order-router (4c1e9a2)", "40      2026-11-26 11:40:07 +0300 +03  apps/order-router (b81d3f0)", "41      2026-12-01 16:22:19 +0300 +03  apps/order-router (9d2b7e3)", "42      2026-12-03 14:10:02 +0300 +03  apps/order-router (1f6a0d2)"])}`, "argohist", { kind: "app", where: "top" }],
    [133, "Bash", OR_IMAGE_CMD, `${REG}/order-router:v1.14.0`, "orimage", { kind: "app", where: "top" }],
    [134, "Bash", { command: `promtool query instant http://localhost:9090 '${ERR_EXPR}'` }, promq(ERR_EXPR, "{} => 0.0782 @[1764760800]"), "errrate", { kind: "app", where: "top" }],
    [135, "Bash", { command: "kubectl -n pusula logs deploy/order-router --since=10m | grep -A8 panic | head -20" }, `2026-12-03T11:18:40.771Z ERROR grpc panic recovered {"method": "/pusula.routing.v1.OrderRouter/Plan", "panic": "runtime error: invalid memory address or nil pointer dereference"}
goroutine 48211 [running]:
runtime/debug.Stack()
\t/usr/local/go/src/runtime/debug/stack.go:26 +0x5e
github.com/pusula-tech/pusula/internal/grpcx.RecoveryInterceptor.func1.1()
\t/src/internal/grpcx/recover.go:31 +0x7d
panic({0x1a2f3c0?, 0x2bd4c70?})
\t/usr/local/go/src/runtime/panic.go:785 +0x132
github.com/pusula-tech/pusula/internal/routing.(*Planner).pickCarrier(0xc0004a6000, 0xc0011f2d80, {0xc000d31200, 0x3, 0x4})
\t/src/internal/routing/planner.go:212 +0x1c4
github.com/pusula-tech/pusula/internal/routing.(*Planner).Plan(0xc0004a6000, {0x1e0c8a8, 0xc001a2e0f0}, 0xc0011f2d80)
\t/src/internal/routing/planner.go:141 +0x3b5
(only for requests without a deliver_by: v1.14.0 reads req.DeliverBy.AsTime() unguarded)`, undefined, { kind: "app", where: "top" }],
    [136, "Bash", { command: "argocd app set pusula-order-router --sync-policy none && argocd app rollback pusula-order-router 41" }, `TIMESTAMP                  GROUP  KIND        NAMESPACE  NAME          STATUS     HEALTH       HOOK  MESSAGE
2026-12-03T14:24:51+03:00  apps   Deployment  pusula     order-router  OutOfSync  Progressing        deployment.apps/order-router configured

Name:               argocd/pusula-order-router
Project:            pusula
Sync Policy:        Manual
Sync Status:        OutOfSync from main (1f6a0d2)
Health Status:      Healthy

Operation:          Sync
Sync Revision:      9d2b7e3
Phase:              Succeeded
Message:            successfully synced (all tasks run)`, undefined, { kind: "app", where: "top" }],
    [137, "Bash", OR_IMAGE_CMD, `${REG}/order-router:v1.13.1`, "orimage", { kind: "app", where: "top" }],
    [138, "Bash", { command: `promtool query instant http://localhost:9090 '${ERR_EXPR}'` }, promq(ERR_EXPR, "{} => 0.00038 @[1764763200]"), "errrate", { kind: "app", where: "top" }],
    [140, "Read", { file_path: `${P}/internal/routing/planner.go` }, `   198\tfunc (p *Planner) pickCarrier(req *routingv1.RouteRequest, quotes []*carrierv1.QuoteResponse) (*carrierv1.QuoteResponse, error) {
   199\t\tif len(quotes) == 0 {
   200\t\t\treturn nil, ErrNoQuote
   201\t\t}
   ...
   210\t\tbest := quotes[0]
   211\t\tfor _, q := range quotes[1:] {
   212\t\t\tif q.GetEta().AsTime().After(req.DeliverBy.AsTime()) {
   213\t\t\t\tcontinue
   214\t\t\t}`, undefined, { kind: "code", where: "top" }],
    [142, "Edit", { file_path: `${P}/internal/routing/planner.go`, old_string: "\t\tif q.GetEta().AsTime().After(req.DeliverBy.AsTime()) {", new_string: "\t\tif req.GetDeliverBy() != nil && q.GetEta().AsTime().After(req.GetDeliverBy().AsTime()) {" }, edited(`${P}/internal/routing/planner.go`, "   211\t\tfor _, q := range quotes[1:] {\n   212\t\t\tif req.GetDeliverBy() != nil && q.GetEta().AsTime().After(req.GetDeliverBy().AsTime()) {\n   213\t\t\t\tcontinue\n   214\t\t\t}"), undefined, { kind: "code", where: "top" }],
    [144, "Bash", { command: "go test ./internal/routing/... -run 'TestPlan|TestPickCarrier' -v -count=1 | tail -8" }, "=== RUN   TestPickCarrier_NoDeliverBy\n--- PASS: TestPickCarrier_NoDeliverBy (0.00s)\n=== RUN   TestPlan_ThreeLegs\n--- PASS: TestPlan_ThreeLegs (0.02s)\nPASS\nok  \tgithub.com/pusula-tech/pusula/internal/routing\t0.311s", undefined, { kind: "test", where: "top" }],
    [146, "Bash", { command: "git -C ../pusula-gitops commit -am 'order-router v1.14.1' && git -C ../pusula-gitops push && argocd app set pusula-order-router --sync-policy automated --self-heal --auto-prune && argocd app wait pusula-order-router --sync --health --timeout 300" }, `[main 6c3e9f1] order-router v1.14.1
 1 file changed, 1 insertion(+), 1 deletion(-)
To github.com:pusula-tech/pusula-gitops.git
   1f6a0d2..6c3e9f1  main -> main

Name:               argocd/pusula-order-router
Sync Policy:        Automated (Prune, SelfHeal)
Sync Status:        Synced to main (6c3e9f1)
Health Status:      Healthy`, undefined, { kind: "app", where: "top" }],
    [148, "Bash", { command: "argocd app history pusula-order-router | tail -5" }, argoHist(["40      2026-11-26 11:40:07 +0300 +03  apps/order-router (b81d3f0)", "41      2026-12-01 16:22:19 +0300 +03  apps/order-router (9d2b7e3)", "42      2026-12-03 14:10:02 +0300 +03  apps/order-router (1f6a0d2)", "43      2026-12-03 14:24:51 +0300 +03  apps/order-router (9d2b7e3)", "44      2026-12-03 17:02:30 +0300 +03  apps/order-router (6c3e9f1)"]), "argohist", { kind: "app", where: "top" }],
    [150, "Bash", OR_IMAGE_CMD, `${REG}/order-router:v1.14.1`, "orimage", { kind: "app", where: "top" }],
    [152, "Bash", { command: `promtool query instant http://localhost:9090 '${ERR_EXPR}'` }, promq(ERR_EXPR, "{} => 0.00041 @[1764774000]"), "errrate", { kind: "app", where: "top" }],
    [154, "Bash", { command: `nats --context pusula-prod consumer edit ORDERS dispatch-worker --wait 45s -f && ${CONSUMER_CMD.command}` }, consumer("45.00s", "2,000", "388", "4,120", "0"), "consumer", { kind: "app", where: "top" }],
    [156, "Bash", { command: "kubectl -n pusula get deploy" }, deployTable("3/3", "8/8", "6/6", "3/3"), "deploys", { kind: "app", where: "top" }],
    [160, "Read", { file_path: `${P}/deploy/otel/collector.yaml` }, otelCfg(SAMPLE_PROB), "otelcol", { kind: "code", where: "top" }],
    [162, "Edit", { file_path: `${P}/deploy/otel/collector.yaml`, old_string: SAMPLE_PROB, new_string: SAMPLE_TAIL }, edited(`${P}/deploy/otel/collector.yaml`, "    16\t  tail_sampling:\n    17\t    decision_wait: 10s\n    ...\n    27\t        probabilistic: { sampling_percentage: 5 }"), undefined, { kind: "code", where: "top" }],
    [164, "Read", { file_path: `${P}/deploy/otel/collector.yaml` }, otelCfg(SAMPLE_TAIL), "otelcol", { kind: "code", where: "top" }],
    [166, "Read", { file_path: `${P}/deploy/prometheus/rules/order-router.yaml` }, alertRule("0.05", "10m"), "alert", { kind: "code", where: "top" }],
    [168, "Bash", { command: "kubectl label ns legacy-ingest istio-injection=enabled --overwrite && kubectl -n legacy-ingest rollout restart deploy/carrier-webhook && kubectl -n legacy-ingest rollout status deploy/carrier-webhook && kubectl -n legacy-ingest get pods" }, `namespace/legacy-ingest labeled
deployment.apps/carrier-webhook restarted
Waiting for deployment "carrier-webhook" rollout to finish: 1 of 2 updated replicas are available...
deployment "carrier-webhook" successfully rolled out
NAME                               READY   STATUS    RESTARTS   AGE
carrier-webhook-6f8b2c7d9-9wq4n    2/2     Running   0          41s
carrier-webhook-6f8b2c7d9-tl2xs    2/2     Running   0          22s`, undefined, { kind: "app", where: "top" }],
    [170, "Edit", { file_path: `${P}/deploy/istio/peer-authentication.yaml`, old_string: "      mode: PERMISSIVE   # carrier-webhook in legacy-ingest has no sidecar yet", new_string: "" }, edited(`${P}/deploy/istio/peer-authentication.yaml`, "     8\t  mtls:\n     9\t    mode: STRICT\n    10\t# tracking-svc-legacy-webhook removed: legacy-ingest is injected now, everything is STRICT"), undefined, { kind: "code", where: "top" }],
    [171, "Read", { file_path: `${P}/deploy/istio/peer-authentication.yaml` }, peerAuth(false), "peerauth", { kind: "code", where: "top" }],
    [172, "Edit", { file_path: `${P}/deploy/prometheus/rules/order-router.yaml`, old_string: "> 0.05\n    for: 10m", new_string: "> 0.02\n    for: 5m" }, edited(`${P}/deploy/prometheus/rules/order-router.yaml`, "     8\t        / sum(rate(grpc_server_handled_total{grpc_service=\"pusula.routing.v1.OrderRouter\"}[5m])) > 0.02\n     9\t    for: 5m"), undefined, { kind: "code", where: "top" }],
    [173, "Read", { file_path: `${P}/deploy/prometheus/rules/order-router.yaml` }, alertRule("0.02", "5m"), "alert", { kind: "code", where: "top" }],
    [176, "Edit", { file_path: `${P}/deploy/helm/dispatch-worker/values-prod.yaml`, old_string: "  minReplicas: 4\n  maxReplicas: 12", new_string: "  minReplicas: 6\n  maxReplicas: 20" }, edited(`${P}/deploy/helm/dispatch-worker/values-prod.yaml`, "     9\tautoscaling:\n    10\t  enabled: true\n    11\t  minReplicas: 6\n    12\t  maxReplicas: 20"), undefined, { kind: "code", where: "top" }],
    [178, "Bash", { command: "kubectl -n pusula get hpa" }, hpaTable([HPA_DW_NOW, HPA_OR_NOW, HPA_TS]), "hpa", { kind: "app", where: "top" }],
    [180, "Bash", { command: "kubectl -n pusula get deploy" }, deployTable("3/3", "14/14", "6/6", "3/3"), "deploys", { kind: "app", where: "top" }],
    [182, "Bash", { command: "kubectl -n pusula logs deploy/order-router --since=15m | grep -E 'level=ERROR' | tail -5" }, `time=2026-12-04T10:02:11.304Z level=ERROR msg="plan" err="store: failed to connect to \`user=router database=pusula\`: 10.20.0.5:5432 (pg-pusula.internal): server error: FATAL: sorry, too many clients already (SQLSTATE 53300)"
time=2026-12-04T10:02:11.912Z level=ERROR msg="plan" err="store: failed to connect to \`user=router database=pusula\`: 10.20.0.5:5432 (pg-pusula.internal): server error: FATAL: sorry, too many clients already (SQLSTATE 53300)"
time=2026-12-04T10:02:12.450Z level=ERROR msg="health" err="store ping: failed to connect to \`user=router database=pusula\`: 10.20.0.5:5432 (pg-pusula.internal): server error: FATAL: sorry, too many clients already (SQLSTATE 53300)"
time=2026-12-04T10:02:13.006Z level=WARN msg="readiness failing" component=store
(started when the dispatch-worker HPA went to 14 pods: 14 dispatch-worker pods x maxConns 20 = 280 allowed against max_connections 200, before order-router gets any)`, undefined, { kind: "app", where: "top" }],
    [184, "Bash", { command: "kubectl -n pusula exec deploy/pg-admin -- psql -h pg-pusula.internal -U pusula_admin pusula -c \"SELECT application_name, count(*) FROM pg_stat_activity GROUP BY 1 ORDER BY 2 DESC\"" }, ` application_name | count
------------------+-------
 dispatch-worker  |   171
 order-router     |    12
 tracking-svc     |     9
 carrier-gateway  |     4
                  |     3
 psql             |     1
(6 rows)`, undefined, { kind: "pg", where: "top" }],
    [186, "Edit", { file_path: `${P}/deploy/helm/dispatch-worker/values-prod.yaml`, old_string: "    maxConns: 20", new_string: "    maxConns: 8" }, edited(`${P}/deploy/helm/dispatch-worker/values-prod.yaml`, "    20\t  database:\n    21\t    host: pg-pusula.internal\n    22\t    name: pusula\n    23\t    maxConns: 8   # 20 pods max x 8 = 160, leaves 40 for order-router, tracking, admin\n    24\t    minConns: 2"), undefined, { kind: "code", where: "top" }],
    [188, "Read", { file_path: `${P}/deploy/helm/dispatch-worker/values-prod.yaml` }, dwValues(8), "pgpool", { kind: "code", where: "top" }],
    [190, "Bash", { command: "argocd app sync pusula-dispatch-worker && argocd app wait pusula-dispatch-worker --health --timeout 300" }, `TIMESTAMP                  GROUP  KIND        NAMESPACE  NAME             STATUS  HEALTH       HOOK  MESSAGE
2026-12-04T10:31:40+03:00         ConfigMap   pusula     dispatch-worker  Synced                     configmap/dispatch-worker configured
2026-12-04T10:31:40+03:00  apps   Deployment  pusula     dispatch-worker  Synced  Progressing        deployment.apps/dispatch-worker configured

Name:               argocd/pusula-dispatch-worker
Sync Status:        Synced to main (b4e7a13)
Health Status:      Healthy`, undefined, { kind: "app", where: "top" }],
    [192, "Bash", { command: "kubectl -n pusula get deploy" }, deployTable("3/3", "14/14", "6/6", "3/3"), "deploys", { kind: "app", where: "top" }],
    [194, "Bash", { command: "kubectl -n pusula exec deploy/pg-admin -- psql -h pg-pusula.internal -U pusula_admin pusula -c \"SELECT count(*) AS used, current_setting('max_connections') AS max FROM pg_stat_activity\"" }, " used | max\n------+-----\n  161 | 200\n(1 row)", undefined, { kind: "pg", where: "top" }],
    [196, "Bash", GOR_CMD, goroutines(304, OK_TOP), "goroutines", { kind: "app", where: "top" }],
    [198, "Bash", TOP_CMD, topPods([["tracking-svc-5b8c7d9f4-hx2mq", "96m", "231Mi"], ["tracking-svc-5b8c7d9f4-m7v2d", "102m", "226Mi"], ["tracking-svc-5b8c7d9f4-zq81k", "87m", "240Mi"]]), "toppods", { kind: "app", where: "top" }],
    [200, "Bash", { command: `promtool query instant http://localhost:9090 '${P99_EXPR}'` }, promq(P99_EXPR, "{} => 0.5840 @[1764842400]"), "p99q", { kind: "app", where: "top" }],
    [202, "Bash", { command: "gh run list --limit 4" }, ghRunsP([ghRowP("✓", "dispatch-worker: pool 8 per pod, hpa 6..20", "ci", "12270044196", "8m02s", "4 minutes ago"), ghRowP("✓", "otel: tail sampling, 5% baseline", "ci", "12268811230", "7m49s", "3 hours ago"), ghRowP("✓", "routing: guard nil deliver_by (v1.14.1)", "ci", "12266390517", "8m20s", "19 hours ago"), ghRowP("X", "routing: carrier ETA vs deliver_by", "ci", "12265027781", "8m11s", "1 day ago")]), "ci", { kind: "build", where: "top" }],
    [204, "Bash", { command: "go test -race ./... 2>&1 | tail -10" }, `ok  \tgithub.com/pusula-tech/pusula/internal/bus\t2.912s
ok  \tgithub.com/pusula-tech/pusula/internal/dispatch\t4.301s
ok  \tgithub.com/pusula-tech/pusula/internal/geo\t1.020s
ok  \tgithub.com/pusula-tech/pusula/internal/pricing\t0.884s
ok  \tgithub.com/pusula-tech/pusula/internal/routing\t5.114s
ok  \tgithub.com/pusula-tech/pusula/internal/store\t9.402s
ok  \tgithub.com/pusula-tech/pusula/internal/tracking\t3.871s`, undefined, { kind: "test", where: "top" }],
    [206, "Bash", { command: "kubectl -n pusula get pods" }, `NAME                               READY   STATUS    RESTARTS   AGE
carrier-gateway-84c6d7f9b-2lqxn    2/2     Running   0          3d
carrier-gateway-84c6d7f9b-8vz4k    2/2     Running   0          3d
carrier-gateway-84c6d7f9b-wq7pm    2/2     Running   0          3d
dispatch-worker-7f9b6c5d8-4hx2m    2/2     Running   0          41m
dispatch-worker-7f9b6c5d8-7kq9z    2/2     Running   0          41m
dispatch-worker-7f9b6c5d8-9d2lt    2/2     Running   0          41m
order-router-5d8c9b7f6-2kxq4       2/2     Running   0          18h
order-router-5d8c9b7f6-6mz8r       2/2     Running   0          18h
order-router-5d8c9b7f6-h4v7c       2/2     Running   0          18h
tracking-svc-5b8c7d9f4-hx2mq       2/2     Running   0          2d
tracking-svc-5b8c7d9f4-m7v2d       2/2     Running   0          2d
tracking-svc-5b8c7d9f4-zq81k       2/2     Running   0          2d`, undefined, { kind: "app", where: "top" }],
    [210, "Bash", { command: "argocd app list -p pusula" }, `NAME                           CLUSTER                         NAMESPACE  PROJECT  STATUS  HEALTH   SYNCPOLICY  CONDITIONS  REPO                                              PATH                    TARGET
argocd/pusula-carrier-gateway  https://kubernetes.default.svc  pusula     pusula   Synced  Healthy  Auto-Prune  <none>      https://github.com/pusula-tech/pusula-gitops.git  apps/carrier-gateway    main
argocd/pusula-dispatch-worker  https://kubernetes.default.svc  pusula     pusula   Synced  Healthy  Auto-Prune  <none>      https://github.com/pusula-tech/pusula-gitops.git  apps/dispatch-worker    main
argocd/pusula-order-router     https://kubernetes.default.svc  pusula     pusula   Synced  Healthy  Auto-Prune  <none>      https://github.com/pusula-tech/pusula-gitops.git  apps/order-router       main
argocd/pusula-tracking-svc     https://kubernetes.default.svc  pusula     pusula   Synced  Healthy  Auto-Prune  <none>      https://github.com/pusula-tech/pusula-gitops.git  apps/tracking-svc       main`, undefined, { kind: "app", where: "top" }],
  ],
  questions: [
    { kind: "state", lang: "tr", prompt: "order-router hpa max kaç şimdi", want: [{ key: "hpa", fact: HPA_OR_NOW }] },
    { kind: "state", prompt: "dispatch worker autoscaling bounds?", want: [{ key: "hpa", fact: HPA_DW_NOW }] },
    { kind: "state", lang: "tr", prompt: "jetstream consumer'da max ack pending en son kaça çekildi", want: [{ key: "consumer", fact: "Max Ack Pending: 2,000" }] },
    { kind: "state", prompt: "ack wait on the dispatch consumer rn", want: [{ key: "consumer", fact: "Ack Wait: 45.00s" }] },
    { kind: "state", lang: "tr", prompt: "quote çağrısının deadline'ı şu an kaç", want: [{ key: "deadline", fact: "context.WithTimeout(ctx, 4500*time.Millisecond)" }] },
    { kind: "state", prompt: "how many retry attempts does the mesh do for carrier gw now", want: [{ key: "vs", fact: "attempts: 2" }] },
    { kind: "state", lang: "tr", prompt: "carrier-gateway icin istio timeout'u ne", want: [{ key: "vs", fact: "timeout: 4s" }] },
    { kind: "state", prompt: "which go toolchain do we build with now", want: [{ key: "gover", fact: "go version go1.23.4" }] },
    { kind: "state", lang: "tr", prompt: "go.mod'da grpc kaçta", want: [{ key: "gomod", fact: "google.golang.org/grpc v1.68.1" }] },
    { kind: "state", prompt: "pgx pool size per dispatch pod now?", want: [{ key: "pgpool", fact: "maxConns: 8" }] },
    { kind: "state", lang: "tr", prompt: "tracking-svc'de kac goroutine var simdi", want: [{ key: "goroutines", fact: "goroutine profile: total 304" }] },
    { kind: "state", prompt: "what image is order-router on", want: [{ key: "orimage", fact: `${REG}/order-router:v1.14.1` }] },
    { kind: "state", lang: "tr", prompt: "order-router'ın hata oranı ne durumda şu an", want: [{ key: "errrate", fact: "{} => 0.00041" }] },
    { kind: "state", prompt: "kargonet client cert ok again? when does it run out", want: [{ key: "certs", fact: "Not After: 2027-03-03T08:31:07Z" }] },
    { kind: "state", lang: "tr", prompt: "tracking-svc grpc portu hala permissive mi", want: [{ key: "peerauth", fact: "everything is STRICT" }] },
    { kind: "state", prompt: "trace sampling % in the collector these days", want: [{ key: "otelcol", fact: "probabilistic: { sampling_percentage: 5 }" }] },
    { kind: "state", lang: "tr", prompt: "error rate alarmının eşiği ne oldu", want: [{ key: "alert", fact: "[5m])) > 0.02\n    for: 5m" }] },
    { kind: "state", prompt: "how many dispatch-worker pods are up", want: [{ key: "deploys", fact: DW_NOW }] },
    { kind: "state", lang: "tr", prompt: "buf hala breaking change diye bağırıyor mu", want: [{ key: "buf", fact: "buf: no lint or breaking issues" }] },
    { kind: "state", prompt: "is ci green on main", want: [{ key: "ci", fact: "dispatch-worker: pool 8 per pod, hpa 6..20" }] },
    { kind: "state", lang: "tr", prompt: "carrier quote p99 simdi ne kadar", want: [{ key: "p99q", fact: "{} => 0.5840" }] },
    { kind: "history", lang: "tr", prompt: "dispatch-worker'daki ilk timeout hatası neydi, hangi çağrıdaydı", want: [{ turn: 12, fact: "quote kargonet: rpc error: code = DeadlineExceeded desc = context deadline exceeded" }] },
    { kind: "history", prompt: "what was the pgx error when the pool ran dry", want: [{ turn: 26, fact: "acquire conn: context deadline exceeded" }] },
    { kind: "history", lang: "tr", prompt: "hpa max'ı 16 yapmıştık, neden tekrar 10'a döndü", want: [{ turn: 46, fact: "undone by Argo CD self-heal" }] },
    { kind: "history", prompt: "what broke the build right after the go bump", want: [{ turn: 54, fact: "link: github.com/goccy/go-json/internal/runtime: invalid reference to reflect.typelinks" }] },
    { kind: "history", lang: "tr", prompt: "go 1.23'e gecince CI neden patladı", want: [{ turn: 60, fact: "go.mod requires go >= 1.23.4 (running go 1.22.9; GOTOOLCHAIN=local)" }] },
    { kind: "history", prompt: "what did buf complain about on the weight field", want: [{ turn: 72, fact: 'changed type from "int64" to "double"' }] },
    { kind: "history", lang: "tr", prompt: "leak'i ilk bulduğumuzda kaç goroutine vardı", want: [{ turn: 84, fact: "goroutine profile: total 48261" }] },
    { kind: "history", prompt: "how did we fix the leak in the tracking hub", want: [{ turn: 88, fact: "case <-sub.ctx.Done(): // Watch returned: drop instead of blocking forever" }] },
    { kind: "history", prompt: "why did we cut back the istio retries", want: [{ turn: 104, fact: "a slow carrier got\nthree times the load exactly when it was already slow" }] },
    { kind: "history", lang: "tr", prompt: "mtls strict'e geçince webhook neden bozuldu, hata neydi", want: [{ turn: 112, fact: "error reading server preface" }] },
    { kind: "history", prompt: "the tls error kargonet was giving us?", want: [{ turn: 122, fact: "remote error: tls: expired certificate" }] },
    { kind: "history", lang: "tr", prompt: "v1.14.0'ı neden geri aldık", want: [{ turn: 135, fact: "invalid memory address or nil pointer dereference" }] },
    { kind: "history", prompt: "what version did we roll order-router back to", want: [{ turn: 137, fact: `${REG}/order-router:v1.13.1` }] },
    { kind: "history", lang: "tr", prompt: "too many clients hatası çıktığında dispatch kaç pod'du", want: [{ turn: 182, fact: "14 dispatch-worker pods x maxConns 20" }] },
    { kind: "history", prompt: "how slow was carrier quote p99 at the very start", want: [{ turn: 16, fact: "{} => 1.4213" }] },
    { kind: "multi", lang: "tr", prompt: "go versiyonu ve ci durumu ne", want: [{ key: "gover", fact: "go version go1.23.4" }, { key: "ci", fact: "dispatch-worker: pool 8 per pod, hpa 6..20" }] },
    { kind: "multi", prompt: "max ack pending + pgx pool size per pod", want: [{ key: "consumer", fact: "Max Ack Pending: 2,000" }, { key: "pgpool", fact: "maxConns: 8" }] },
    { kind: "multi", lang: "tr", prompt: "istio timeout'u ve go tarafındaki quote deadline'ı ne", want: [{ key: "vs", fact: "timeout: 4s" }, { key: "deadline", fact: "context.WithTimeout(ctx, 4500*time.Millisecond)" }] },
    { kind: "multi", prompt: "order-router image and its hpa max?", want: [{ key: "orimage", fact: `${REG}/order-router:v1.14.1` }, { key: "hpa", fact: HPA_OR_NOW }] },
    { kind: "multi", lang: "tr", prompt: "goroutine sayisi ve tracking pod'larinin memory'si", want: [{ key: "goroutines", fact: "goroutine profile: total 304" }, { key: "toppods", fact: TOP_NOW }] },
    { kind: "multi", prompt: "sampling pct and the error alert threshold", want: [{ key: "otelcol", fact: "probabilistic: { sampling_percentage: 5 }" }, { key: "alert", fact: "[5m])) > 0.02\n    for: 5m" }] },
    { kind: "multi", lang: "tr", prompt: "dispatch-worker replika sayısı ve pool max conns", want: [{ key: "deploys", fact: DW_NOW }, { key: "pgpool", fact: "maxConns: 8" }] },
    { kind: "none", lang: "tr", prompt: "tamamdır sağ ol, yarın bakarız" },
    { kind: "none", prompt: "in general how does grpc deadline propagation work across services?" },
    { kind: "none", lang: "tr", prompt: "go'da generics hangi sürümle gelmişti ya, 1.18 mi" },
    { kind: "none", prompt: "brb standup" },
    { kind: "none", lang: "tr", prompt: "bu arada iyi bir kahve önerin var mi" },
  ],
};

/** Held out from the selection work: written blind, never run before it was registered (Django + Celery on GCP Cloud Run). */
export const HELD_OUT_22 = [juniper];
/** Held out from the selection work: written blind, never run before it was registered (Go gRPC on GKE with Istio, Turkish and English). */
export const HELD_OUT_23 = [pusula];
