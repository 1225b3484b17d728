// One more held-out recall session (format: tests/recall/build.mjs): written blind, without reading the selection's
// code, its tests or any benchmark result, and kept out of the selection work. HELD_OUT_39: "kiraz", a second-hand
// marketplace in Django + Celery + Redis + Postgres on Hetzner Cloud (two, later three web nodes behind a Hetzner load
// balancer, one worker node with Redis, one db node; everything in docker compose, provisioned and deployed with Ansible
// from GitHub Actions; nginx, gunicorn, Sentry, pytest). Over about a week: 502s from a slow search endpoint with gevent
// gunicorn workers raised from 4 to 9, then "too many clients" from gevent leaking persistent connections (CONN_MAX_AGE
// None -> 0, Postgres max_connections 100 -> 200); a celery thumbnail backlog (concurrency 4 -> 12, later split into a
// default worker of 8 and an images worker of 4); a flaky payout-schedule test (UTC date vs Europe/Istanbul) fixed;
// sellers' photo uploads hitting 413 (client_max_body_size 10m -> 30m, later 20m); web nodes OOM-killing gevent workers
// (9 gevent -> 6 gthread x 4, CONN_MAX_AGE 0 -> 60); a Django 4.2 -> 5.1 / Python 3.11 -> 3.12 upgrade that failed a
// system check (CIEmailField), then shipped photos to local disk in prod because DEFAULT_FILE_STORAGE is gone in 5.1,
// was rolled back and redone with STORAGES; a search_vector migration that hit a lock timeout, was faked to unblock the
// deploy, broke prod ("column does not exist"), was un-faked and run for real with a concurrent index; Redis at
// maxmemory with noeviction, switched to allkeys-lru, which evicted Celery's kombu bindings and lost tasks, then split
// into a broker (noeviction) and a cache instance; Sentry sampling cut; Django's psycopg pool (CONN_MAX_AGE back to 0);
// a night outage where the db volume filled with WAL held by an inactive debezium replication slot (volume 100 -> 200
// GB, max_slot_wal_keep_size); a certificate that would not renew because the acme-challenge location had been dropped
// from the nginx template; a third web node. Distractors: staging inventories and vars that look like prod, old
// `docker compose ps` snapshots, the gunicorn SIGKILL message on timeouts, a staging ProgrammingError in another app,
// a backup volume and a staging cert. The user writes Turkish for about half the questions.

const K = "/home/dev/kiraz";
const IMG = "ghcr.io/kiraz-market/kiraz";
const PROD = "ansible/inventories/prod";
const STG = "ansible/inventories/staging";

/** A file as Read shows it: numbered lines. */
const num = (text, start = 1) => text.split("\n").map((l, i) => `${String(i + start).padStart(6)}\t${l}`).join("\n");

/** ansible-playbook output. */
const stars = (s) => "*".repeat(Math.max(3, 78 - s.length));
const recapRow = (host, ok, changed, failed = 0, skipped = 0) => `${host.padEnd(27)}: ok=${String(ok).padEnd(5)}changed=${String(changed).padEnd(5)}unreachable=0    failed=${String(failed).padEnd(5)}skipped=${String(skipped).padEnd(5)}rescued=0    ignored=0`;
const play = (name, tasks, recap) => `PLAY [${name}] ${stars(`PLAY [${name}] `)}

${tasks.map(([task, results]) => `TASK [${task}] ${stars(`TASK [${task}] `)}\n${results.join("\n")}`).join("\n\n")}

PLAY RECAP ${stars("PLAY RECAP ")}
${recap.join("\n")}`;
const WEB2 = ["kiraz-web-01", "kiraz-web-02"];
const each = (hosts, verb, extra = "") => hosts.map((h) => `${verb}: [${h}]${extra}`);

// ---------------------------------------------------------------- inventories and vars

const prodHosts = (web3) => num(`---
# prod (Hetzner Cloud, nbg1, network kiraz-net 10.20.0.0/16)
all:
  vars:
    ansible_user: deploy
    env_name: prod
    hcloud_network: kiraz-net
    hcloud_load_balancer: kiraz-lb
    app_domain: kiraz.com.tr
  children:
    web:
      hosts:
        kiraz-web-01: { ansible_host: 168.119.42.17, private_ip: 10.20.0.11 }
        kiraz-web-02: { ansible_host: 168.119.42.58, private_ip: 10.20.0.12 }${web3 ? "\n        kiraz-web-03: { ansible_host: 91.107.214.6, private_ip: 10.20.0.13 }" : ""}
    worker:
      hosts:
        kiraz-worker-01: { ansible_host: 49.12.201.33, private_ip: 10.20.0.21 }
    db:
      hosts:
        kiraz-db-01: { ansible_host: 49.12.201.90, private_ip: 10.20.0.31 }`);

const stgHosts = num(`---
# staging (Hetzner Cloud, nbg1, network kiraz-stg-net 10.30.0.0/16)
all:
  vars:
    ansible_user: deploy
    env_name: staging
    hcloud_network: kiraz-stg-net
    hcloud_load_balancer: ""
    app_domain: staging.kiraz.com.tr
  children:
    web:
      hosts:
        kiraz-stg-web-01: { ansible_host: 168.119.40.201, private_ip: 10.30.0.11 }
    worker:
      hosts:
        kiraz-stg-worker-01: { ansible_host: 49.12.198.14, private_ip: 10.30.0.21 }
    db:
      hosts:
        kiraz-stg-db-01: { ansible_host: 49.12.198.77, private_ip: 10.30.0.31 }`);

const webVars = ({ env = "prod", workers, klass, conns, threads, timeout, maxReq, body, names = ["kiraz.com.tr", "www.kiraz.com.tr"] }) => num(`---
# ${env} web nodes: nginx + gunicorn (docker compose, /opt/kiraz)
app_image: ${IMG}
compose_project_dir: /opt/kiraz
django_settings_module: kiraz.settings.${env === "prod" ? "prod" : "staging"}

gunicorn_bind: 0.0.0.0:8000
gunicorn_workers: ${workers}
gunicorn_worker_class: ${klass}
gunicorn_worker_connections: ${conns}
gunicorn_threads: ${threads}
gunicorn_timeout: ${timeout}
gunicorn_graceful_timeout: 30
gunicorn_max_requests: ${maxReq}
gunicorn_max_requests_jitter: ${maxReq ? 100 : 0}

nginx_server_names:
${names.map((n) => `  - ${n}`).join("\n")}
nginx_client_max_body_size: ${body}
nginx_proxy_read_timeout: 75s
nginx_upstream_keepalive: 32

sentry_environment: ${env === "prod" ? "production" : "staging"}
web_healthcheck_path: /healthz`);
const WEBVARS = { file_path: `${K}/${PROD}/group_vars/web.yml` };

const workerVars = (split) => num(split ? `---
# prod worker node: celery workers, celery beat, redis (broker) and redis-cache
celery_app: kiraz
celery_workers:
  - name: default
    queues: default,emails,payouts
    concurrency: 8
    prefetch_multiplier: 1
    max_tasks_per_child: 500
  - name: images
    queues: images
    concurrency: 4
    prefetch_multiplier: 1
    max_tasks_per_child: 50
    mem_limit: 3g
celery_beat_enabled: true

redis_broker_port: 6379
redis_broker_maxmemory: 1gb
redis_broker_maxmemory_policy: noeviction
redis_cache_port: 6380
redis_cache_maxmemory: 3gb
redis_cache_maxmemory_policy: allkeys-lru` : `---
# prod worker node: celery worker, celery beat, redis
celery_app: kiraz
celery_queues: default,emails,payouts,images
celery_concurrency: 4
celery_prefetch_multiplier: 4
celery_max_tasks_per_child: 0
celery_beat_enabled: true

redis_port: 6379
redis_maxmemory: 1gb
redis_maxmemory_policy: noeviction`);
const WORKERVARS = { file_path: `${K}/${PROD}/group_vars/worker.yml` };

// ---------------------------------------------------------------- settings

const settingsProd = ({ connMaxAge, connNote = "", healthChecks, pool, storages, cache, traces }) => num(`from .base import *  # noqa: F401,F403

import sentry_sdk
from sentry_sdk.integrations.celery import CeleryIntegration
from sentry_sdk.integrations.django import DjangoIntegration

DEBUG = False
ALLOWED_HOSTS = ["kiraz.com.tr", "www.kiraz.com.tr", ".kiraz.internal"]
CSRF_TRUSTED_ORIGINS = ["https://kiraz.com.tr", "https://www.kiraz.com.tr"]
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SESSION_COOKIE_SECURE = True
CSRF_COOKIE_SECURE = True

DATABASES = {
    "default": {
        "ENGINE": "django.db.backends.postgresql",
        "HOST": env("DB_HOST", default="10.20.0.31"),
        "PORT": 5432,
        "NAME": "kiraz",
        "USER": "kiraz",
        "PASSWORD": env("DB_PASSWORD"),
        "CONN_MAX_AGE": ${connMaxAge},${connNote}${healthChecks ? `\n        "CONN_HEALTH_CHECKS": True,` : ""}
        "OPTIONS": {
            "application_name": env("APP_ROLE", default="web"),${pool ? `\n            "pool": {"min_size": 2, "max_size": 4, "timeout": 10},` : ""}
        },
    }
}

CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": "${cache}",
        "TIMEOUT": 900,
        "KEY_PREFIX": "kiraz",
    }
}
CELERY_BROKER_URL = "redis://10.20.0.21:6379/0"
CELERY_TASK_IGNORE_RESULT = True
CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": 3600}

${storages ? `STORAGES = {
    "default": {"BACKEND": "storages.backends.s3.S3Storage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.ManifestStaticFilesStorage"},
}` : `DEFAULT_FILE_STORAGE = "storages.backends.s3.S3Storage"
STATICFILES_STORAGE = "django.contrib.staticfiles.storage.ManifestStaticFilesStorage"`}
AWS_S3_ENDPOINT_URL = "https://nbg1.your-objectstorage.com"
AWS_STORAGE_BUCKET_NAME = "kiraz-media"
AWS_S3_CUSTOM_DOMAIN = "media.kiraz.com.tr"
AWS_QUERYSTRING_AUTH = False

sentry_sdk.init(
    dsn=env("SENTRY_DSN"),
    environment="production",
    release=env("RELEASE"),
    traces_sample_rate=${traces},
    profiles_sample_rate=0.0,
    send_default_pii=False,
    integrations=[DjangoIntegration(), CeleryIntegration()],
)`);
const SETTINGS = { file_path: `${K}/kiraz/settings/prod.py` };

// ---------------------------------------------------------------- live state commands

const VERSIONS_CMD = { command: `ssh kiraz-web-01 "cd /opt/kiraz && docker compose exec -T web python -c 'import sys, django, celery, psycopg, gunicorn; print(\\"Python\\", sys.version.split()[0]); print(\\"Django\\", django.get_version()); print(\\"celery\\", celery.__version__); print(\\"psycopg\\", psycopg.__version__); print(\\"gunicorn\\", gunicorn.__version__)'"` };
const versions = (py, dj) => `Python ${py}\nDjango ${dj}\ncelery 5.4.0\npsycopg 3.2.3\ngunicorn 23.0.0`;

const composePs = (tag, webStatus, webCreated) => `NAME              IMAGE                                     COMMAND                  SERVICE   CREATED          STATUS                    PORTS
kiraz-certbot-1   certbot/certbot:v2.11.0                   "/bin/sh -c 'trap ex…"   certbot   3 weeks ago      Up 3 weeks                80/tcp, 443/tcp
kiraz-nginx-1     nginx:1.27.3-alpine                       "/docker-entrypoint.…"   nginx     3 weeks ago      Up 3 weeks                0.0.0.0:80->80/tcp, [::]:80->80/tcp, 0.0.0.0:443->443/tcp, [::]:443->443/tcp
kiraz-web-1       ${IMG}:${tag}   "gunicorn kiraz.wsgi…"   web       ${webCreated.padEnd(16)} ${webStatus.padEnd(25)} 8000/tcp`;
const PS_CMD = { command: `ssh kiraz-web-01 "cd /opt/kiraz && docker compose ps"` };

const PGQ = (sql) => `ssh kiraz-db-01 "docker exec kiraz-db-1 psql -U postgres -d kiraz ${sql}"`;
const PGSET_SQL = `-F'|' -At -c \\"select name, setting, coalesce(unit, '') from pg_settings where name in ('max_connections','max_slot_wal_keep_size','max_wal_size','shared_buffers','wal_level') order by name\\"`;
const pgSettings = (maxConn, keep) => `max_connections|${maxConn}|
max_slot_wal_keep_size|${keep}|MB
max_wal_size|2048|MB
shared_buffers|524288|8kB
wal_level|logical|`;
const PGSET_CMD = { command: PGQ(PGSET_SQL) };

const PGCONN_CMD = { command: PGQ(`-c \\"select usename, application_name, state, count(*) from pg_stat_activity where backend_type = 'client backend' group by 1, 2, 3 order by 4 desc\\" -c \\"select count(*) as total, current_setting('max_connections') as max_connections from pg_stat_activity where backend_type = 'client backend'\\"`) };
const pgConns = (rows, total, max) => ` usename  | application_name |        state        | count
----------+------------------+---------------------+-------
${rows.map(([u, a, s, n]) => ` ${u.padEnd(8)} | ${a.padEnd(16)} | ${s.padEnd(19)} | ${String(n).padStart(5)}`).join("\n")}
(${rows.length} rows)

 total | max_connections
-------+-----------------
 ${String(total).padStart(5)} | ${String(max).padStart(15)}
(1 row)`;

const CELERY_CMD = (svc) => ({ command: `ssh kiraz-worker-01 "cd /opt/kiraz && docker compose exec -T ${svc} celery -A kiraz inspect stats --json" | jq -r 'to_entries[] | "\\(.key)  pool=\\(.value.pool.implementation | split(":")[0] | split(".")[-1])  max-concurrency=\\(.value.pool["max-concurrency"])  prefetch=\\(.value.prefetch_count)  processes=\\(.value.pool.processes | length)  uptime=\\(.value.uptime)s"'` });
const celeryStats = (rows) => rows.map(([node, conc, prefetch, up]) => `${node}  pool=prefork  max-concurrency=${conc}  prefetch=${prefetch}  processes=${conc}  uptime=${up}s`).join("\n");

const QUEUES_CMD = { command: `ssh kiraz-worker-01 "for q in default emails payouts images; do printf '%-8s %s\\n' \\$q \\$(docker exec kiraz-redis-1 redis-cli -n 0 LLEN \\$q); done"` };
const queues = (d, e, p, i) => `default  ${d}\nemails   ${e}\npayouts  ${p}\nimages   ${i}`;

const REDIS_GREP = "grep -E '^(used_memory|used_memory_human|used_memory_peak_human|maxmemory|maxmemory_human|maxmemory_policy|mem_fragmentation_ratio|evicted_keys):'";
const REDIS_CMD = { command: `ssh kiraz-worker-01 "docker exec kiraz-redis-1 redis-cli INFO memory" | ${REDIS_GREP}` };
const REDIS_CACHE_CMD = { command: `ssh kiraz-worker-01 "docker exec kiraz-redis-cache-1 redis-cli INFO memory" | ${REDIS_GREP}` };
const redisMem = (usedB, used, peak, maxB, max, policy, frag) => `used_memory:${usedB}
used_memory_human:${used}
used_memory_peak_human:${peak}
maxmemory:${maxB}
maxmemory_human:${max}
maxmemory_policy:${policy}
mem_fragmentation_ratio:${frag}`;

const NGINX_CMD = { command: `ssh kiraz-web-01 "docker exec kiraz-nginx-1 nginx -T 2>/dev/null" | grep -n -E 'server_name|client_max_body_size|proxy_read_timeout|acme-challenge'` };
const nginxGrep = (body, acme) => `14:    server_name kiraz.com.tr www.kiraz.com.tr;${acme ? "\n17:    location ^~ /.well-known/acme-challenge/ {" : ""}
${acme ? 31 : 27}:    server_name kiraz.com.tr www.kiraz.com.tr;
${acme ? 39 : 35}:    client_max_body_size ${body};
${acme ? 52 : 48}:        proxy_read_timeout 75s;
${acme ? 67 : 63}:        proxy_read_timeout 75s;`;

const HEALTH_CMD = { command: "curl -s https://kiraz.com.tr/healthz | jq ." };
const health = (release, commit) => `{
  "status": "ok",
  "release": "${release}",
  "commit": "${commit}",
  "db": "ok",
  "cache": "ok",
  "broker": "ok"
}`;

const SSL_CMD = (host) => ({ command: `echo | openssl s_client -connect ${host}:443 -servername ${host} 2>/dev/null | openssl x509 -noout -issuer -subject -dates` });

const VOL_CMD = "hcloud volume list";
const volRow = (id, name, size, server, age) => `${id.padEnd(11)} ${name.padEnd(18)} ${size.padEnd(8)} ${server.padEnd(17)} nbg1       ${age}`;
const VOL_DATA_100 = volRow("100921774", "kiraz-db-data", "100 GB", "kiraz-db-01", "241d");
const VOL_DATA_200 = volRow("100921774", "kiraz-db-data", "200 GB", "kiraz-db-01", "241d");
const vols = (data) => `${"ID".padEnd(11)} ${"NAME".padEnd(18)} ${"SIZE".padEnd(8)} ${"SERVER".padEnd(17)} LOCATION   AGE
${data}
${volRow("100921775", "kiraz-db-backup", "250 GB", "kiraz-db-01", "241d")}
${volRow("101340022", "kiraz-stg-db-data", "40 GB", "kiraz-stg-db-01", "118d")}`;

const SERVERS_CMD = { command: "hcloud server list -o columns=id,name,status,server_type,ipv4,private_net,datacenter,age" };
const srvRow = (id, name, type, ip, priv, net, age) => `${id.padEnd(10)} ${name.padEnd(20)} running   ${type.padEnd(12)} ${ip.padEnd(16)} ${`${priv} (${net})`.padEnd(26)} nbg1-dc3     ${age}`;
const servers = (web3) => `${"ID".padEnd(10)} ${"NAME".padEnd(20)} STATUS    ${"SERVER TYPE".padEnd(12)} ${"IPV4".padEnd(16)} ${"PRIVATE NET".padEnd(26)} DATACENTER   AGE
${[
  srvRow("41822011", "kiraz-web-01", "cpx31", "168.119.42.17", "10.20.0.11", "kiraz-net", "241d"),
  srvRow("41822012", "kiraz-web-02", "cpx31", "168.119.42.58", "10.20.0.12", "kiraz-net", "241d"),
  ...(web3 ? [srvRow("58310447", "kiraz-web-03", "cpx31", "91.107.214.6", "10.20.0.13", "kiraz-net", "41m")] : []),
  srvRow("41822020", "kiraz-worker-01", "cpx41", "49.12.201.33", "10.20.0.21", "kiraz-net", "241d"),
  srvRow("41822031", "kiraz-db-01", "ccx23", "49.12.201.90", "10.20.0.31", "kiraz-net", "241d"),
  srvRow("51200871", "kiraz-stg-web-01", "cpx21", "168.119.40.201", "10.30.0.11", "kiraz-stg-net", "118d"),
  srvRow("51200872", "kiraz-stg-worker-01", "cpx21", "49.12.198.14", "10.30.0.21", "kiraz-stg-net", "118d"),
  srvRow("51200873", "kiraz-stg-db-01", "cpx21", "49.12.198.77", "10.30.0.31", "kiraz-stg-net", "118d"),
].join("\n")}`;

const PYTEST_CMD = { command: `docker compose run --rm web pytest -n 4 -q -p no:cacheprovider` };
const pytestOut = (summary, secs) => `bringing up nodes...
........................................................................ [ 17%]
........................................................................ [ 34%]
..........s............................................................. [ 51%]
........................................................................ [ 68%]
.....................s.................................................. [ 85%]
............................................................s........... [100%]
${summary} in ${secs}`;

const FLAKY_CMD = { command: `for i in $(seq 30); do docker compose run --rm web pytest tests/payouts/test_schedule.py -q -p no:cacheprovider >/tmp/pay-$i.log 2>&1 || echo "run $i FAILED"; done; echo "$(grep -l ' failed' /tmp/pay-*.log | wc -l)/30 runs failed"` };

const SENTRY_CMD = { command: "sentry-cli issues list -o kiraz -p kiraz-web --query 'is:unresolved' --max-rows 6" };
const sentryTable = (rows) => `+------------+--------------+----------------------------------------------------------------------------------------------+---------------------+
| Issue ID   | Short ID     | Title                                                                                        | Last seen           |
+------------+--------------+----------------------------------------------------------------------------------------------+---------------------+
${rows.map(([id, sid, title, seen]) => `| ${id.padEnd(10)} | ${sid.padEnd(12)} | ${title.padEnd(92)} | ${seen} |`).join("\n")}
+------------+--------------+----------------------------------------------------------------------------------------------+---------------------+`;

const ghDeploy = (id, tag, ago, extra = "") => `✓ main Deploy · ${id}
Triggered via push about ${ago} ago

JOBS
✓ test in 3m12s (ID ${id}1)
✓ build-and-push in 2m41s (ID ${id}2)
  ✓ Build and push ${IMG}:${tag}
✓ deploy-prod in 3m58s (ID ${id}3)
  ✓ ansible-playbook -i ${PROD} ansible/deploy.yml -e image_tag=${tag}${extra}`;

const dListing = (vector) => `                                         Table "public.listings_listing"
    Column     |           Type           | Collation | Nullable |             Default
---------------+--------------------------+-----------+----------+----------------------------------
 id            | bigint                   |           | not null | generated by default as identity
 seller_id     | bigint                   |           | not null |
 category_id   | integer                  |           | not null |
 title         | character varying(140)   |           | not null |
 description   | text                     |           | not null |
 price         | numeric(12,2)            |           | not null |
 currency      | character varying(3)     |           | not null |
 status        | character varying(16)    |           | not null |
 city          | character varying(64)    |           | not null |
 created_at    | timestamp with time zone |           | not null |
 updated_at    | timestamp with time zone |           | not null |${vector ? "\n search_vector | tsvector                 |           |          |" : ""}
Indexes:
    "listings_listing_pkey" PRIMARY KEY, btree (id)
    "listings_listing_category_id_5c1f2a0e" btree (category_id)${vector ? `\n    "listings_listing_search_vector_gin" gin (search_vector)` : ""}
    "listings_listing_seller_id_9e8b1d4c" btree (seller_id)
    "listings_listing_status_created_idx" btree (status, created_at DESC)
Foreign-key constraints:
    "listings_listing_category_id_5c1f2a0e_fk_listings_category_id" FOREIGN KEY (category_id) REFERENCES listings_category(id) DEFERRABLE INITIALLY DEFERRED
    "listings_listing_seller_id_9e8b1d4c_fk_accounts_user_id" FOREIGN KEY (seller_id) REFERENCES accounts_user(id) DEFERRABLE INITIALLY DEFERRED${vector ? `
Triggers:
    listings_listing_search_vector_trg BEFORE INSERT OR UPDATE OF title, description ON listings_listing FOR EACH ROW EXECUTE FUNCTION listings_search_vector_update()` : ""}`;
const DLISTING_CMD = { command: PGQ(`-c '\\\\d listings_listing'`) };

const SHOWMIG_CMD = { command: `ssh kiraz-web-01 "cd /opt/kiraz && docker compose exec -T web python manage.py showmigrations listings"` };
const showmig = (with43) => `listings
 [X] 0036_photo_blurhash
 [X] 0037_listing_price_currency
 [X] 0038_listing_city
 [X] 0039_photo_sort_order
 [X] 0040_listing_status_created_idx
 [X] 0041_category_slug_unique
 [X] 0042_listing_search_vector
 [${with43 ? "X" : " "}] 0043_backfill_search_vector`;

const EXPLAIN_CMD = { command: PGQ(`-c \\"explain (analyze, buffers off) select * from listings_listing where status = 'active' and city = 'istanbul' and (title ilike '%iphone 13%' or description ilike '%iphone 13%') order by created_at desc limit 24\\"`) };
const EXPLAIN_FTS_CMD = { command: PGQ(`-c \\"explain (analyze, buffers off) select * from listings_listing where status = 'active' and city = 'istanbul' and search_vector @@ websearch_to_tsquery('simple', 'iphone 13') order by created_at desc limit 24\\"`) };

const commit = (hash, subject, files, ins, del, body) => `[main ${hash}] ${subject}
 ${files} files changed, ${ins} insertions(+), ${del} deletions(-)
${hash} ${subject}

${body}`;
const COMMIT = (subject) => ({ command: `git commit -am '${subject}' && git log -1 --format='%h %s%n%n%b'` });

// ---------------------------------------------------------------- the scenario

const kiraz = {
  name: "kiraz (held out 39)",
  sessionId: "c41d8e72-90b3-4f6a-a215-7e3b9d0f4c18",
  cwd: K,
  turns: 214,
  seed: 39391,
  files: ["kiraz/settings/base.py", "kiraz/settings/prod.py", "kiraz/celery.py", "kiraz/urls.py", "listings/models.py", "listings/views.py", "listings/search.py", "listings/tasks.py", "listings/serializers.py", "orders/models.py", "orders/services.py", "payouts/schedule.py", "accounts/models.py", "messaging/tasks.py", "ansible/site.yml", "ansible/deploy.yml", "ansible/roles/app/tasks/main.yml", "ansible/roles/nginx/templates/kiraz.conf.j2", "Dockerfile", ".github/workflows/deploy.yml"],
  otherTests: ["tests/listings/test_search.py", "tests/listings/test_photos.py", "tests/orders/test_checkout.py", "tests/accounts/test_signup.py", "tests/messaging/test_inbox.py"],
  words: ["ilan", "satici", "alici", "siparis", "odeme", "kargo", "listing", "seller", "buyer", "order", "payout", "photo", "thumbnail", "search", "category", "message", "review", "coupon", "shipment", "task", "cache", "queue", "favorite", "city", "price"],
  grepWords: ["select_related", "shared_task", "cache.get_or_set", "transaction.atomic", "TODO", "search_vector"],
  testCommands: ["docker compose run --rm web pytest tests/listings -q", "docker compose run --rm web pytest tests/orders -q -k checkout", "docker compose run --rm web pytest tests/accounts -q"],
  buildCommands: ["docker compose build web", "ansible-lint ansible/site.yml ansible/deploy.yml", "ruff check . && ruff format --check ."],
  appCommands: [`ssh kiraz-web-01 "cd /opt/kiraz && docker compose logs --since 10m web"`, `ssh kiraz-worker-01 "cd /opt/kiraz && docker compose logs --since 10m celery"`, `ssh kiraz-web-02 "sudo tail -n 60 /var/log/nginx/kiraz.access.log"`],
  prompts: ["devam", "devam et", "ok", "sıradaki", "bak bakalım", "go on", "next", "tamam", "evet", "hadi", "keep going"],
  facts: [
    // ---- Dec 2: 502s, gunicorn, connections
    [1, "Bash", { command: "git log --oneline -n 12" }, `b7d21e4 listings: search by city + free text
a90c3f1 messaging: unread badge in header
6e2f0b8 payouts: weekly schedule for pro sellers
31c7ad2 ci: cache pip wheels
f04e9b7 orders: cargo tracking webhook (yurtici)
c7e2a19 nginx: redirect everything to https, drop the www server block
9b1a6d3 listings: photo upload through the api, max 12 photos
51f0c82 accounts: phone verification via netgsm
2ad8e11 celery: thumbnails on their own queue
e5c4b70 gunicorn: gevent workers (iyzico calls were blocking sync workers)
7f3d0a6 ansible: hcloud lb health check on /healthz
0c19e2f deps: django 4.2.16`, undefined, { kind: "build", where: "top" }],
    [2, "Read", { file_path: `${K}/${PROD}/hosts.yml` }, prodHosts(false), "prodinv", { kind: "code", where: "top" }],
    [3, "Read", { file_path: `${K}/${STG}/hosts.yml` }, stgHosts, undefined, { kind: "code", where: "top" }],
    [4, "Read", WEBVARS, webVars({ workers: 4, klass: "gevent", conns: 100, threads: 1, timeout: 30, maxReq: 0, body: "10m" }), "webvars", { kind: "code", where: "top" }],
    [5, "Bash", { command: `ssh kiraz-web-01 "sudo tail -n 6 /var/log/nginx/kiraz.error.log"` }, `2026/12/02 11:41:07 [error] 31#31: *1844120 upstream timed out (110: Connection timed out) while reading response header from upstream, client: 10.20.0.2, server: kiraz.com.tr, request: "GET /api/v1/listings/search?q=iphone+13&city=istanbul HTTP/1.1", upstream: "http://172.18.0.3:8000/api/v1/listings/search?q=iphone+13&city=istanbul", host: "kiraz.com.tr"
2026/12/02 11:41:09 [error] 31#31: *1844187 upstream prematurely closed connection while reading response header from upstream, client: 10.20.0.2, server: kiraz.com.tr, request: "GET /api/v1/listings/88121 HTTP/1.1", upstream: "http://172.18.0.3:8000/api/v1/listings/88121", host: "kiraz.com.tr"
2026/12/02 11:41:09 [error] 31#31: *1844190 upstream prematurely closed connection while reading response header from upstream, client: 10.20.0.2, server: kiraz.com.tr, request: "POST /api/v1/messages HTTP/1.1", upstream: "http://172.18.0.3:8000/api/v1/messages", host: "kiraz.com.tr"
2026/12/02 11:41:22 [error] 31#31: *1844301 upstream timed out (110: Connection timed out) while reading response header from upstream, client: 10.20.0.2, server: kiraz.com.tr, request: "GET /api/v1/listings/search?q=bisiklet&city=ankara HTTP/1.1", upstream: "http://172.18.0.3:8000/api/v1/listings/search?q=bisiklet&city=ankara", host: "kiraz.com.tr"
2026/12/02 11:41:30 [error] 31#31: *1844355 upstream prematurely closed connection while reading response header from upstream, client: 10.20.0.2, server: kiraz.com.tr, request: "GET /api/v1/categories HTTP/1.1", upstream: "http://172.18.0.3:8000/api/v1/categories", host: "kiraz.com.tr"
2026/12/02 11:41:31 [error] 31#31: *1844360 upstream timed out (110: Connection timed out) while reading response header from upstream, client: 10.20.0.2, server: kiraz.com.tr, request: "GET /api/v1/listings/search?q=iphone&city=izmir HTTP/1.1", upstream: "http://172.18.0.3:8000/api/v1/listings/search?q=iphone&city=izmir", host: "kiraz.com.tr"`, undefined, { kind: "app", where: "top" }],
    [6, "Bash", PS_CMD, composePs("2026.12.01-1", "Up 20 hours (unhealthy)", "20 hours ago"), "composeps", { kind: "app", where: "top" }],
    [7, "Bash", { command: `ssh kiraz-web-01 "cd /opt/kiraz && docker compose logs --since 15m web" | grep -E 'WORKER TIMEOUT|SIGKILL|Booting worker' | tail -n 8` }, `web-1  | [2026-12-02 11:40:58 +0000] [1] [CRITICAL] WORKER TIMEOUT (pid:412)
web-1  | [2026-12-02 11:40:59 +0000] [1] [ERROR] Worker (pid:412) was sent SIGKILL! Perhaps out of memory?
web-1  | [2026-12-02 11:40:59 +0000] [498] [INFO] Booting worker with pid: 498
web-1  | [2026-12-02 11:41:29 +0000] [1] [CRITICAL] WORKER TIMEOUT (pid:415)
web-1  | [2026-12-02 11:41:30 +0000] [1] [ERROR] Worker (pid:415) was sent SIGKILL! Perhaps out of memory?
web-1  | [2026-12-02 11:41:30 +0000] [503] [INFO] Booting worker with pid: 503
web-1  | [2026-12-02 11:42:01 +0000] [1] [CRITICAL] WORKER TIMEOUT (pid:409)
web-1  | [2026-12-02 11:42:02 +0000] [1] [ERROR] Worker (pid:409) was sent SIGKILL! Perhaps out of memory?
(each timeout is a gevent worker stuck in a blocking psycopg call for the search query; the whole worker with its ~100 greenlets is killed)`, undefined, { kind: "app", where: "top" }],
    [8, "Bash", EXPLAIN_CMD, `                                                                          QUERY PLAN
-----------------------------------------------------------------------------------------------------------------------------------------------------------------------
 Limit  (cost=0.00..48211.40 rows=24 width=412) (actual time=4.118..6112.404 rows=24 loops=1)
   ->  Index Scan using listings_listing_status_created_idx on listings_listing  (cost=0.43..981744.12 rows=488 width=412) (actual time=4.117..6112.380 rows=24 loops=1)
         Index Cond: ((status)::text = 'active'::text)
         Filter: (((city)::text = 'istanbul'::text) AND (((title)::text ~~* '%iphone 13%'::text) OR (description ~~* '%iphone 13%'::text)))
         Rows Removed by Filter: 1841202
 Planning Time: 0.412 ms
 Execution Time: 6112.533 ms
(7 rows)`, "explain", { kind: "pg", where: "top" }],
    [10, "Edit", { file_path: `${K}/${PROD}/group_vars/web.yml`, old_string: "gunicorn_workers: 4", new_string: "gunicorn_workers: 9" }, `The file ${K}/${PROD}/group_vars/web.yml has been updated. (gunicorn_timeout 30 -> 60 in the same edit)`, undefined, { kind: "code", where: "top" }],
    [11, "Bash", { command: `cd ansible && ansible-playbook -i inventories/prod site.yml --tags gunicorn --limit web` }, play("web", [["Gathering Facts", each(WEB2, "ok")], ["app : render gunicorn.conf.py", each(WEB2, "changed")], ["app : render compose.yml", each(WEB2, "ok")], ["app : restart web (rolling)", each(WEB2, "changed")]], WEB2.map((h) => recapRow(h, 9, 2, 0, 1))), undefined, { kind: "build", where: "top" }],
    [12, "Read", WEBVARS, webVars({ workers: 9, klass: "gevent", conns: 100, threads: 1, timeout: 60, maxReq: 0, body: "10m" }), "webvars", { kind: "code", where: "top" }],
    [13, "Bash", { command: `ssh kiraz-web-01 "sudo awk '\\$9 == 502 { split(\\$4, t, \\":\\"); print t[2] \\":\\" t[3] }' /var/log/nginx/kiraz.access.log | uniq -c | tail -n 8"` }, `    311 11:38
    402 11:39
    388 11:40
    417 11:41
    296 11:42
     41 11:43
      3 11:44
(restart with 9 workers at 11:43)`, undefined, { kind: "app", where: "top" }],
    [15, "Bash", { command: `ssh kiraz-web-02 "cd /opt/kiraz && docker compose logs --since 10m web" | grep -m1 -B2 -A14 'Traceback'` }, `web-1  | [2026-12-02 12:31:44 +0000] [611] [ERROR] Error handling request /api/v1/listings/90411
web-1  | Traceback (most recent call last):
web-1  |   File "/usr/local/lib/python3.11/site-packages/django/db/backends/base/base.py", line 275, in ensure_connection
web-1  |     self.connect()
web-1  |   File "/usr/local/lib/python3.11/site-packages/django/db/backends/base/base.py", line 256, in connect
web-1  |     self.connection = self.get_new_connection(conn_params)
web-1  |   File "/usr/local/lib/python3.11/site-packages/django/db/backends/postgresql/base.py", line 332, in get_new_connection
web-1  |     connection = self.Database.connect(**conn_params)
web-1  |   File "/usr/local/lib/python3.11/site-packages/psycopg/connection.py", line 119, in connect
web-1  |     raise last_ex.with_traceback(None)
web-1  | psycopg.OperationalError: connection failed: connection to server at "10.20.0.31", port 5432 failed: FATAL:  sorry, too many clients already
web-1  |
web-1  | The above exception was the direct cause of the following exception:
web-1  | django.db.utils.OperationalError: connection failed: connection to server at "10.20.0.31", port 5432 failed: FATAL:  sorry, too many clients already`, undefined, { kind: "app", error: true, where: "top" }],
    [16, "Bash", PGCONN_CMD, pgConns([["kiraz", "web", "idle", 81], ["kiraz", "celery", "idle", 9], ["kiraz", "web", "active", 5], ["kiraz", "celery", "active", 2], ["metabase", "Metabase v0.50.3", "idle", 2], ["postgres", "psql", "active", 1]], 100, 100), "pgconns", { kind: "pg", where: "top" }],
    [17, "Bash", PGSET_CMD, pgSettings(100, -1), "pgsettings", { kind: "pg", where: "top" }],
    [18, "Read", SETTINGS, settingsProd({ connMaxAge: "None", healthChecks: false, pool: false, storages: false, cache: "redis://10.20.0.21:6379/1", traces: "1.0" }), "settingsprod", { kind: "code", where: "top" }],
    [19, "Edit", { file_path: `${K}/kiraz/settings/prod.py`, old_string: '        "CONN_MAX_AGE": None,', new_string: '        # gevent: every greenlet gets its own connection and a persistent one is never closed when the greenlet ends\n        "CONN_MAX_AGE": 0,' }, `The file ${K}/kiraz/settings/prod.py has been updated.`, undefined, { kind: "code", where: "top" }],
    [21, "Bash", { command: `${PGQ(`-c 'ALTER SYSTEM SET max_connections = 200'`)} && ssh kiraz-db-01 "cd /opt/kiraz && docker compose restart db" && sleep 5 && ${PGQ(PGSET_SQL)}` }, `ALTER SYSTEM
 Container kiraz-db-1  Restarting
 Container kiraz-db-1  Started
${pgSettings(200, -1)}`, "pgsettings", { kind: "pg", where: "top" }],
    [22, "Bash", { command: `cd ansible && ansible-playbook -i inventories/prod deploy.yml -e image_tag=2026.12.02-1` }, play("web", [["app : pull image", each(WEB2, "changed", ` => ${IMG}:2026.12.02-1`)], ["app : run migrations", ["ok: [kiraz-web-01]", "skipping: [kiraz-web-02]"]], ["app : collectstatic", ["ok: [kiraz-web-01]", "skipping: [kiraz-web-02]"]], ["app : restart web (rolling)", each(WEB2, "changed")], ["app : wait for /healthz", each(WEB2, "ok")]], WEB2.map((h, i) => recapRow(h, 12 - i, 2, 0, 1 + i))), undefined, { kind: "build", where: "top" }],
    [23, "Bash", PGCONN_CMD, pgConns([["kiraz", "web", "active", 11], ["kiraz", "celery", "idle", 9], ["kiraz", "web", "idle", 6], ["kiraz", "celery", "active", 2], ["metabase", "Metabase v0.50.3", "idle", 2], ["postgres", "psql", "active", 1]], 31, 200), "pgconns", { kind: "pg", where: "top" }],
    [24, "Bash", COMMIT("prod: gunicorn 9 gevent workers / 60s, CONN_MAX_AGE 0, pg max_connections 200"), commit("4be91c2", "prod: gunicorn 9 gevent workers / 60s, CONN_MAX_AGE 0, pg max_connections 200", 3, 9, 4, `Search requests (6s, a filtered index scan over 1.8M listings) block a whole gevent
worker because psycopg is not cooperative; gunicorn killed the worker at the 30s
timeout and nginx returned 502. 4 -> 9 workers and a 60s timeout until search is fixed.

With CONN_MAX_AGE = None every greenlet kept its own connection open forever:
81 idle web connections and FATAL: sorry, too many clients already at 100.
CONN_MAX_AGE 0 (close at the end of each request), max_connections 200.`), undefined, { kind: "build", where: "top" }],
    // ---- Dec 3: celery backlog, flaky test, 413
    [26, "Read", WORKERVARS, workerVars(false), "workervars", { kind: "code", where: "top" }],
    [27, "Bash", CELERY_CMD("celery"), celeryStats([["celery@kiraz-worker-01", 4, 16, 1814220]]), "celerystats", { kind: "app", where: "top" }],
    [28, "Bash", QUEUES_CMD, queues(12, 0, 3, 18422), "celeryqueues", { kind: "app", where: "top" }],
    [30, "Edit", { file_path: `${K}/${PROD}/group_vars/worker.yml`, old_string: "celery_concurrency: 4", new_string: "celery_concurrency: 12" }, `The file ${K}/${PROD}/group_vars/worker.yml has been updated.`, undefined, { kind: "code", where: "top" }],
    [31, "Bash", { command: `cd ansible && ansible-playbook -i inventories/prod site.yml --tags celery --limit worker` }, play("worker", [["Gathering Facts", ["ok: [kiraz-worker-01]"]], ["celery : render compose.worker.yml", ["changed: [kiraz-worker-01]"]], ["celery : restart celery", ["changed: [kiraz-worker-01]"]]], [recapRow("kiraz-worker-01", 7, 2)]), undefined, { kind: "build", where: "top" }],
    [32, "Bash", CELERY_CMD("celery"), celeryStats([["celery@kiraz-worker-01", 12, 48, 41]]), "celerystats", { kind: "app", where: "top" }],
    [34, "Bash", QUEUES_CMD, queues(4, 0, 0, 212), "celeryqueues", { kind: "app", where: "top" }],
    [36, "Bash", { command: "gh run view 12141877302 --log-failed | grep -E 'FAILED|assert|Error' | head -n 12" }, `test	Run pytest	2026-12-03T06:12:41.1180Z FAILED tests/payouts/test_schedule.py::test_next_payout_date_for_weekly_seller - AssertionError: assert datetime.date(2026, 12, 8) == datetime.date(2026, 12, 9)
test	Run pytest	2026-12-03T06:12:41.1181Z  +  where datetime.date(2026, 12, 8) = next_payout_date(<Payout: #4 seller=3 weekly>)
test	Run pytest	2026-12-03T06:12:41.1190Z ========== 1 failed, 408 passed, 3 skipped in 151.40s (0:02:31) ==========
test	Run pytest	2026-12-03T06:12:41.2203Z ##[error]Process completed with exit code 1.`, undefined, { kind: "test", error: true, where: "top" }],
    [37, "Bash", { command: "gh run list --workflow ci.yml --limit 8" }, `STATUS  TITLE                                       WORKFLOW  BRANCH                 EVENT         ID           ELAPSED  AGE
X       listings: search by city + free text        CI        main                   push          12141877302  3m22s    about 2 hours ago
✓       messaging: unread badge in header           CI        main                   push          12139020411  3m09s    about 5 hours ago
✓       messaging: unread badge in header           CI        feat/unread-badge      pull_request  12138877120  3m14s    about 6 hours ago
X       payouts: weekly schedule for pro sellers    CI        main                   push          12131440022  3m31s    about 14 hours ago
✓       payouts: weekly schedule for pro sellers    CI        feat/weekly-payouts    pull_request  12130998713  3m18s    about 15 hours ago
✓       ci: cache pip wheels                        CI        main                   push          12122031987  3m40s    1 day ago
X       orders: cargo tracking webhook (yurtici)    CI        main                   push          12119940102  3m27s    1 day ago
✓       orders: cargo tracking webhook (yurtici)    CI        feat/yurtici-webhook   pull_request  12119002211  3m12s    1 day ago
(the three red runs all failed only tests/payouts/test_schedule.py::test_next_payout_date_for_weekly_seller; re-runs passed)`, undefined, { kind: "build", where: "top" }],
    [38, "Read", { file_path: `${K}/tests/payouts/test_schedule.py` }, num(`import datetime

import pytest

from payouts.schedule import next_payout_date
from tests.factories import PayoutFactory, SellerFactory

pytestmark = pytest.mark.django_db


def test_next_payout_date_for_weekly_seller():
    seller = SellerFactory(payout_plan="weekly", payout_weekday=2)  # wednesday
    payout = PayoutFactory(seller=seller)
    created = payout.created_at.astimezone(datetime.timezone(datetime.timedelta(hours=3))).date()
    expected = created + datetime.timedelta(days=(2 - created.weekday()) % 7 or 7)
    assert next_payout_date(payout) == expected


def test_next_payout_date_for_monthly_seller():
    seller = SellerFactory(payout_plan="monthly", payout_monthday=15)
    payout = PayoutFactory(seller=seller, created_at=datetime.datetime(2026, 12, 20, 9, 0, tzinfo=datetime.UTC))
    assert next_payout_date(payout) == datetime.date(2027, 1, 15)`), undefined, { kind: "code", where: "top" }],
    [39, "Bash", FLAKY_CMD, `run 7 FAILED
run 12 FAILED
run 19 FAILED
run 26 FAILED
4/30 runs failed`, "flakyloop", { kind: "test", where: "bottom" }],
    [40, "Read", { file_path: `${K}/payouts/schedule.py` }, num(`import datetime

from django.utils import timezone

from payouts.models import Payout

WEEKLY = "weekly"
MONTHLY = "monthly"


def next_payout_date(payout: Payout) -> datetime.date:
    """The day the payout leaves the account, in the seller's calendar (Europe/Istanbul)."""
    seller = payout.seller
    created = payout.created_at.date()
    if seller.payout_plan == WEEKLY:
        days = (seller.payout_weekday - created.weekday()) % 7 or 7
        return created + datetime.timedelta(days=days)
    if seller.payout_plan == MONTHLY:
        month = created.month % 12 + 1 if created.day >= seller.payout_monthday else created.month
        year = created.year + (1 if month < created.month else 0)
        return datetime.date(year, month, seller.payout_monthday)
    raise ValueError(f"unknown payout plan {seller.payout_plan!r}")`), undefined, { kind: "code", where: "top" }],
    [41, "Edit", { file_path: `${K}/payouts/schedule.py`, old_string: "    created = payout.created_at.date()", new_string: "    created = timezone.localdate(payout.created_at)" }, `The file ${K}/payouts/schedule.py has been updated.`, undefined, { kind: "code", where: "top" }],
    [42, "Edit", { file_path: `${K}/tests/payouts/test_schedule.py`, old_string: "    payout = PayoutFactory(seller=seller)", new_string: "    # 22:30 UTC is already the next day in Istanbul: the case that used to flake\n    payout = PayoutFactory(seller=seller, created_at=datetime.datetime(2026, 12, 7, 22, 30, tzinfo=datetime.UTC))" }, `The file ${K}/tests/payouts/test_schedule.py has been updated.`, undefined, { kind: "code", where: "top" }],
    [43, "Bash", FLAKY_CMD, "0/30 runs failed", "flakyloop", { kind: "test", where: "bottom" }],
    [44, "Bash", PYTEST_CMD, pytestOut("409 passed, 3 skipped", "148.22s (0:02:28)"), "pytest", { kind: "test", where: "bottom" }],
    [45, "Bash", COMMIT("payouts: schedule in local date; pin created_at in the weekly test"), commit("d31f7a0", "payouts: schedule in local date; pin created_at in the weekly test", 2, 4, 2, `next_payout_date used payout.created_at.date(), which is the UTC date; a payout
created between 21:00 and 24:00 UTC belongs to the next day in Europe/Istanbul, so
the weekly seller's payout date moved by a day. The test compared against the
local date and PayoutFactory's created_at is Faker's date_time_this_month, so it
failed whenever Faker picked a late evening (4/30 runs). Use timezone.localdate and
pin created_at to 22:30 UTC in the test. 0/30 failures after the fix.`), undefined, { kind: "build", where: "top" }],
    [47, "Bash", { command: `ssh kiraz-web-02 "sudo grep -h 'too large body' /var/log/nginx/kiraz.error.log | tail -n 3; sudo awk '\\$9 == 413' /var/log/nginx/kiraz.access.log | wc -l"` }, `2026/12/03 10:02:51 [error] 29#29: *2210441 client intended to send too large body: 14811203 bytes, client: 10.20.0.2, server: kiraz.com.tr, request: "POST /api/v1/listings/90877/photos HTTP/1.1", host: "kiraz.com.tr"
2026/12/03 10:04:13 [error] 29#29: *2210702 client intended to send too large body: 11207731 bytes, client: 10.20.0.2, server: kiraz.com.tr, request: "POST /api/v1/listings/90880/photos HTTP/1.1", host: "kiraz.com.tr"
2026/12/03 10:05:40 [error] 29#29: *2210913 client intended to send too large body: 23990114 bytes, client: 10.20.0.2, server: kiraz.com.tr, request: "POST /api/v1/listings/90712/photos HTTP/1.1", host: "kiraz.com.tr"
1318`, undefined, { kind: "app", where: "top" }],
    [48, "Bash", NGINX_CMD, nginxGrep("10m", false), "nginxbody", { kind: "app", where: "top" }],
    [49, "Read", { file_path: `${K}/ansible/roles/nginx/templates/kiraz.conf.j2` }, num(`upstream kiraz_web {
    server web:8000;
    keepalive {{ nginx_upstream_keepalive }};
}

map $http_x_forwarded_proto $fwd_proto {
    default $http_x_forwarded_proto;
    ""      $scheme;
}

server {
    listen 80;
    listen [::]:80;
    server_name {{ nginx_server_names | join(' ') }};
    return 301 https://kiraz.com.tr$request_uri;
}

server {
    listen 443 ssl;
    listen [::]:443 ssl;
    http2 on;
    server_name {{ nginx_server_names | join(' ') }};

    ssl_certificate     /etc/letsencrypt/live/kiraz.com.tr/fullchain.pem;
    ssl_certificate_key /etc/letsencrypt/live/kiraz.com.tr/privkey.pem;

    client_max_body_size {{ nginx_client_max_body_size }};

    location /static/ {
        alias /srv/static/;
        expires 30d;
    }

    location / {
        proxy_pass http://kiraz_web;
        proxy_http_version 1.1;
        proxy_set_header Connection "";
        proxy_set_header Host $host;
        proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
        proxy_set_header X-Forwarded-Proto $fwd_proto;
        proxy_read_timeout {{ nginx_proxy_read_timeout }};
    }
}`), undefined, { kind: "code", where: "top" }],
    [50, "Edit", { file_path: `${K}/${PROD}/group_vars/web.yml`, old_string: "nginx_client_max_body_size: 10m", new_string: "nginx_client_max_body_size: 30m" }, `The file ${K}/${PROD}/group_vars/web.yml has been updated.`, undefined, { kind: "code", where: "top" }],
    [51, "Bash", { command: `cd ansible && ansible-playbook -i inventories/prod site.yml --tags nginx --limit web` }, play("web", [["Gathering Facts", each(WEB2, "ok")], ["nginx : render kiraz.conf", each(WEB2, "changed")], ["nginx : nginx -t", each(WEB2, "ok")]], WEB2.map((h) => recapRow(h, 6, 2))).replace("PLAY RECAP", `RUNNING HANDLER [nginx : reload nginx] ${stars("RUNNING HANDLER [nginx : reload nginx] ")}\n${each(WEB2, "changed").join("\n")}\n\nPLAY RECAP`), undefined, { kind: "build", where: "top" }],
    [52, "Bash", NGINX_CMD, nginxGrep("30m", false), "nginxbody", { kind: "app", where: "top" }],
    [53, "Read", WEBVARS, webVars({ workers: 9, klass: "gevent", conns: 100, threads: 1, timeout: 60, maxReq: 0, body: "30m" }), "webvars", { kind: "code", where: "top" }],
    // ---- Dec 3 evening: OOM on the web nodes
    [55, "Bash", { command: `ssh kiraz-web-01 "sudo dmesg -T | grep -iE 'out of memory|oom-kill' | tail -n 4"` }, `[Thu Dec  3 18:22:40 2026] gunicorn invoked oom-killer: gfp_mask=0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP), order=0, oom_score_adj=0
[Thu Dec  3 18:22:40 2026] oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=docker-5e1b0c.scope,mems_allowed=0,global_oom,task_memcg=/system.slice/docker-5e1b0c.scope,task=gunicorn,pid=28114,uid=1000
[Thu Dec  3 18:22:40 2026] Out of memory: Killed process 28114 (gunicorn) total-vm:1893412kB, anon-rss:1204332kB, file-rss:0kB, shmem-rss:0kB, UID:1000 pgtables:2744kB oom_score_adj:0
[Thu Dec  3 18:41:07 2026] Out of memory: Killed process 28390 (gunicorn) total-vm:1762040kB, anon-rss:1118876kB, file-rss:0kB, shmem-rss:0kB, UID:1000 pgtables:2610kB oom_score_adj:0
(9 gevent workers, each decoding several 12-24 MB phone photos with Pillow at once since uploads up to 30m are allowed; cpx31 has 8 GB)`, undefined, { kind: "app", where: "top" }],
    [56, "Bash", { command: `ssh kiraz-web-01 "free -m && docker stats --no-stream --format 'table {{.Name}}\\t{{.CPUPerc}}\\t{{.MemUsage}}'"` }, `               total        used        free      shared  buff/cache   available
Mem:            7751        7342         112           4         296         174
Swap:              0           0           0
NAME              CPU %     MEM USAGE / LIMIT
kiraz-web-1       288.41%   7.04GiB / 7.57GiB
kiraz-nginx-1     3.12%     41.2MiB / 7.57GiB
kiraz-certbot-1   0.00%     1.9MiB / 7.57GiB`, undefined, { kind: "app", where: "top" }],
    [57, "Bash", SERVERS_CMD, servers(false), "hcloudservers", { kind: "app", where: "top" }],
    [58, "Edit", { file_path: `${K}/${PROD}/group_vars/web.yml`, old_string: "gunicorn_workers: 9\ngunicorn_worker_class: gevent\ngunicorn_worker_connections: 100\ngunicorn_threads: 1", new_string: "gunicorn_workers: 6\ngunicorn_worker_class: gthread\ngunicorn_worker_connections: 1000\ngunicorn_threads: 4" }, `The file ${K}/${PROD}/group_vars/web.yml has been updated. (gunicorn_max_requests 0 -> 1000, jitter 100)`, undefined, { kind: "code", where: "top" }],
    [59, "Edit", { file_path: `${K}/kiraz/settings/prod.py`, old_string: '        # gevent: every greenlet gets its own connection and a persistent one is never closed when the greenlet ends\n        "CONN_MAX_AGE": 0,', new_string: '        "CONN_MAX_AGE": 60,\n        "CONN_HEALTH_CHECKS": True,' }, `The file ${K}/kiraz/settings/prod.py has been updated.`, undefined, { kind: "code", where: "top" }],
    [60, "Bash", { command: `cd ansible && ansible-playbook -i inventories/prod deploy.yml -e image_tag=2026.12.03-2 --tags gunicorn,app` }, play("web", [["app : pull image", each(WEB2, "changed", ` => ${IMG}:2026.12.03-2`)], ["app : render gunicorn.conf.py", each(WEB2, "changed")], ["app : restart web (rolling)", each(WEB2, "changed")], ["app : wait for /healthz", each(WEB2, "ok")]], WEB2.map((h) => recapRow(h, 11, 3, 0, 2))), undefined, { kind: "build", where: "top" }],
    [61, "Read", WEBVARS, webVars({ workers: 6, klass: "gthread", conns: 1000, threads: 4, timeout: 60, maxReq: 1000, body: "30m" }), "webvars", { kind: "code", where: "top" }],
    [62, "Bash", { command: `ssh kiraz-web-01 "docker stats --no-stream --format 'table {{.Name}}\\t{{.CPUPerc}}\\t{{.MemUsage}}'"` }, `NAME              CPU %     MEM USAGE / LIMIT
kiraz-web-1       121.87%   3.18GiB / 7.57GiB
kiraz-nginx-1     2.40%     39.8MiB / 7.57GiB
kiraz-certbot-1   0.00%     1.9MiB / 7.57GiB`, undefined, { kind: "app", where: "top" }],
    [63, "Bash", COMMIT("gunicorn: 6 gthread workers x 4 threads, max_requests 1000; CONN_MAX_AGE 60"), commit("8a4c6e1", "gunicorn: 6 gthread workers x 4 threads, max_requests 1000; CONN_MAX_AGE 60", 2, 6, 5, `9 gevent workers OOM-killed on kiraz-web-01 twice (Out of memory: Killed process
28114 (gunicorn), 1.2 GB anon-rss): photo uploads are CPU and memory heavy and
gevent lets one worker decode many of them at once. gthread with 6 x 4 keeps the
concurrency and caps the memory (3.2 GB now). Threads are real threads, so
persistent connections are safe again: CONN_MAX_AGE 60 with health checks.`), undefined, { kind: "build", where: "top" }],
    [64, "Bash", { command: "gh run list --workflow deploy.yml --limit 5" }, `STATUS  TITLE                                                         WORKFLOW  BRANCH  EVENT  ID           ELAPSED  AGE
✓       orders: iyzico refund reasons (tag 2026.12.04-2)              Deploy    main    push   12160241180  9m51s    about 1 hour ago
✓       listings: report button (tag 2026.12.04-1)                    Deploy    main    push   12158830217  9m40s    about 4 hours ago
✓       gunicorn: 6 gthread workers x 4 threads (tag 2026.12.03-2)    Deploy    main    push   12150114422  9m58s    about 18 hours ago
✓       payouts: schedule in local date (tag 2026.12.03-1)            Deploy    main    push   12146611870  9m47s    1 day ago
✓       prod: gunicorn 9 gevent workers (tag 2026.12.02-1)            Deploy    main    push   12137720045  10m3s    2 days ago`, undefined, { kind: "build", where: "top" }],
    // ---- Dec 4-5: Django 5.1
    [65, "Bash", VERSIONS_CMD, versions("3.11.10", "4.2.16"), "versions", { kind: "app", where: "top" }],
    [66, "Read", { file_path: `${K}/requirements/base.txt` }, num(`Django==4.2.16
celery[redis]==5.4.0
django-storages[s3]==1.14.4
django-environ==0.11.2
djangorestframework==3.15.2
gunicorn[gevent,gthread]==23.0.0
Pillow==11.0.0
psycopg[c]==3.2.3
redis==5.2.0
sentry-sdk[django,celery]==2.19.0
iyzipay==1.0.45`), undefined, { kind: "code", where: "top" }],
    [67, "Edit", { file_path: `${K}/requirements/base.txt`, old_string: "Django==4.2.16", new_string: "Django==5.1.4" }, `The file ${K}/requirements/base.txt has been updated. (Dockerfile: FROM python:3.11.10-slim-bookworm -> python:3.12.8-slim-bookworm in the same change; psycopg[c,pool]==3.2.3)`, undefined, { kind: "code", where: "top" }],
    [68, "Bash", { command: "docker compose build web && docker compose run --rm web python manage.py check" }, ` => [web 6/8] RUN pip install --no-cache-dir -r requirements/prod.txt        71.4s
 => [web 7/8] COPY . /app                                                   0.4s
 => [web 8/8] RUN python manage.py collectstatic --noinput                  6.1s
 => exporting to image                                                      3.2s
SystemCheckError: System check identified some issues:

ERRORS:
accounts.User.email: (fields.E906) django.contrib.postgres.fields.CIEmailField is removed except for support in historical migrations.
	HINT: Use EmailField(db_collation="…") with a case-insensitive non-deterministic collation instead.

System check identified 1 issue (0 silenced).`, undefined, { kind: "build", error: true, where: "top" }],
    [69, "Grep", { pattern: "CIEmailField|CICharField|CITextField", path: "." }, `accounts/models.py:4:from django.contrib.postgres.fields import CIEmailField
accounts/models.py:31:    email = CIEmailField(_("e-posta"), unique=True)
accounts/migrations/0001_initial.py:9:import django.contrib.postgres.fields.citext
accounts/migrations/0001_initial.py:41:                ("email", django.contrib.postgres.fields.citext.CIEmailField(max_length=254, unique=True, verbose_name="e-posta")),`, undefined, { kind: "code", where: "top" }],
    [70, "Edit", { file_path: `${K}/accounts/models.py`, old_string: '    email = CIEmailField(_("e-posta"), unique=True)', new_string: '    email = models.EmailField(_("e-posta"), unique=True, db_collation="und_ci")' }, `The file ${K}/accounts/models.py has been updated.`, undefined, { kind: "code", where: "top" }],
    [71, "Bash", { command: "docker compose run --rm web python manage.py makemigrations accounts -n email_und_ci" }, `Migrations for 'accounts':
  accounts/migrations/0019_email_und_ci.py
    ~ Alter field email on user
(CreateCollation("und_ci", provider="icu", locale="und-u-ks-level2", deterministic=False) added by hand as the first operation)`, undefined, { kind: "build", where: "top" }],
    [72, "Bash", PYTEST_CMD, pytestOut("414 passed, 3 skipped", "139.87s (0:02:19)"), "pytest", { kind: "test", where: "bottom" }],
    [73, "Bash", { command: "git push && gh run watch $(gh run list --workflow deploy.yml --limit 1 --json databaseId -q '.[0].databaseId')" }, ghDeploy("12171102937", "2026.12.05-1", "10 minutes"), undefined, { kind: "build", where: "top" }],
    [74, "Bash", VERSIONS_CMD, versions("3.12.8", "5.1.4"), "versions", { kind: "app", where: "top" }],
    [75, "Bash", { command: `ssh kiraz-web-02 "sudo grep -E 'GET /media/listings/' /var/log/nginx/kiraz.access.log | tail -n 5; sudo grep -c 'GET /media/listings/.* 404 ' /var/log/nginx/kiraz.access.log"` }, `10.20.0.2 - - [05/Dec/2026:09:12:40 +0000] "GET /media/listings/2026/12/05/90944_1_a81f2c.jpg HTTP/2.0" 404 179 "https://kiraz.com.tr/ilan/90944" "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X)"
10.20.0.2 - - [05/Dec/2026:09:12:41 +0000] "GET /media/listings/2026/12/05/90944_2_0c77de.jpg HTTP/2.0" 404 179 "https://kiraz.com.tr/ilan/90944" "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X)"
10.20.0.2 - - [05/Dec/2026:09:13:02 +0000] "GET /media/listings/2026/12/05/90951_1_f4e019.jpg HTTP/2.0" 404 179 "https://kiraz.com.tr/ilan/90951" "kiraz-android/3.3.2"
10.20.0.2 - - [05/Dec/2026:09:13:17 +0000] "GET /media/listings/2026/12/05/90947_1_9b2d40.jpg HTTP/2.0" 404 179 "https://kiraz.com.tr/ilan/90947" "Mozilla/5.0 (Linux; Android 14)"
10.20.0.2 - - [05/Dec/2026:09:13:19 +0000] "GET /media/listings/2026/12/05/90947_2_c3aa81.jpg HTTP/2.0" 404 179 "https://kiraz.com.tr/ilan/90947" "Mozilla/5.0 (Linux; Android 14)"
1907
(photos uploaded since the 5.1 deploy get /media/... urls on the web host instead of https://media.kiraz.com.tr/...; the upload landed on whichever web node took the request)`, undefined, { kind: "app", where: "top" }],
    [76, "Bash", { command: `ssh kiraz-web-01 "cd /opt/kiraz && docker compose exec -T web python manage.py shell -c 'from django.core.files.storage import default_storage, storages; print(type(default_storage)); print(storages.backends)'"` }, `<class 'django.core.files.storage.filesystem.FileSystemStorage'>
{'default': {'BACKEND': 'django.core.files.storage.FileSystemStorage'}, 'staticfiles': {'BACKEND': 'django.contrib.staticfiles.storage.StaticFilesStorage'}}
(Django 5.1 removed the DEFAULT_FILE_STORAGE and STATICFILES_STORAGE settings; settings/prod.py still sets them, so they are ignored and STORAGES falls back to the defaults)`, undefined, { kind: "app", where: "top" }],
    [77, "Bash", { command: `cd ansible && ansible-playbook -i inventories/prod deploy.yml -e image_tag=2026.12.04-2 --skip-tags migrate` }, play("web", [["app : pull image", each(WEB2, "ok", ` => ${IMG}:2026.12.04-2`)], ["app : render compose.yml", each(WEB2, "changed")], ["app : restart web (rolling)", each(WEB2, "changed")], ["app : wait for /healthz", each(WEB2, "ok")]], WEB2.map((h) => recapRow(h, 10, 2, 0, 3))), undefined, { kind: "build", where: "top" }],
    [78, "Bash", VERSIONS_CMD, versions("3.11.10", "4.2.16"), "versions", { kind: "app", where: "top" }],
    [79, "Bash", PS_CMD, composePs("2026.12.04-2", "Up 4 minutes (healthy)", "4 minutes ago"), "composeps", { kind: "app", where: "top" }],
    [80, "Read", SETTINGS, settingsProd({ connMaxAge: "60", healthChecks: true, pool: false, storages: false, cache: "redis://10.20.0.21:6379/1", traces: "1.0" }), "settingsprod", { kind: "code", where: "top" }],
    [81, "Edit", { file_path: `${K}/kiraz/settings/prod.py`, old_string: 'DEFAULT_FILE_STORAGE = "storages.backends.s3.S3Storage"\nSTATICFILES_STORAGE = "django.contrib.staticfiles.storage.ManifestStaticFilesStorage"', new_string: 'STORAGES = {\n    "default": {"BACKEND": "storages.backends.s3.S3Storage"},\n    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.ManifestStaticFilesStorage"},\n}' }, `The file ${K}/kiraz/settings/prod.py has been updated.`, undefined, { kind: "code", where: "top" }],
    [82, "Bash", { command: `for h in kiraz-web-01 kiraz-web-02; do ssh $h "docker cp kiraz-web-1:/app/media/listings /tmp/local-media && rclone copy /tmp/local-media kiraz-media:kiraz-media/listings --stats-one-line -v" ; done 2>&1 | grep -E 'Transferred|Errors'` }, `Transferred:   	  118.402 MiB / 118.402 MiB, 100%, 9.871 MiB/s, ETA 0s
Transferred:           97 / 97, 100%
Transferred:   	  141.930 MiB / 141.930 MiB, 100%, 10.112 MiB/s, ETA 0s
Transferred:          117 / 117, 100%
(214 photos back in the bucket; Photo.image paths are relative, so the rows need no change)`, undefined, { kind: "app", where: "top" }],
    [83, "Bash", COMMIT("settings: STORAGES (django 5.1 dropped DEFAULT_FILE_STORAGE)"), commit("3f92b1d", "settings: STORAGES (django 5.1 dropped DEFAULT_FILE_STORAGE)", 1, 4, 2, `The 5.1 deploy (2026.12.05-1) silently stored listing photos on the web
containers' disk: DEFAULT_FILE_STORAGE / STATICFILES_STORAGE are gone in 5.1 and
default_storage was FileSystemStorage. 1907 photo 404s; rolled back to
2026.12.04-2, copied the 214 local files to the bucket, moved to STORAGES.`), undefined, { kind: "build", where: "top" }],
    [84, "Bash", { command: "git push && gh run watch $(gh run list --workflow deploy.yml --limit 1 --json databaseId -q '.[0].databaseId')" }, ghDeploy("12173390551", "2026.12.05-3", "11 minutes"), undefined, { kind: "build", where: "top" }],
    [85, "Bash", VERSIONS_CMD, versions("3.12.8", "5.1.4"), "versions", { kind: "app", where: "top" }],
    [86, "Bash", { command: `ssh kiraz-web-01 "cd /opt/kiraz && docker compose exec -T web python manage.py shell -c 'from django.core.files.storage import default_storage; print(type(default_storage), default_storage.url(\\"listings/x.jpg\\"))'"` }, `<class 'storages.backends.s3.S3Storage'> https://media.kiraz.com.tr/listings/x.jpg`, undefined, { kind: "app", where: "top" }],
    // ---- Dec 5: the search_vector migration
    [88, "Read", { file_path: `${K}/listings/migrations/0042_listing_search_vector.py` }, num(`from django.contrib.postgres.indexes import GinIndex
from django.contrib.postgres.search import SearchVectorField
from django.db import migrations

TRIGGER_SQL = """
CREATE FUNCTION listings_search_vector_update() RETURNS trigger AS $$
BEGIN
  NEW.search_vector := setweight(to_tsvector('simple', coalesce(NEW.title, '')), 'A')
                    || setweight(to_tsvector('simple', coalesce(NEW.description, '')), 'B');
  RETURN NEW;
END $$ LANGUAGE plpgsql;
CREATE TRIGGER listings_listing_search_vector_trg BEFORE INSERT OR UPDATE OF title, description
  ON listings_listing FOR EACH ROW EXECUTE FUNCTION listings_search_vector_update();
"""
DROP_TRIGGER_SQL = "DROP TRIGGER listings_listing_search_vector_trg ON listings_listing; DROP FUNCTION listings_search_vector_update();"


class Migration(migrations.Migration):
    dependencies = [("listings", "0041_category_slug_unique")]

    operations = [
        migrations.AddField(model_name="listing", name="search_vector", field=SearchVectorField(null=True)),
        migrations.AddIndex(model_name="listing", index=GinIndex(fields=["search_vector"], name="listings_listing_search_vector_gin")),
        migrations.RunSQL(TRIGGER_SQL, reverse_sql=DROP_TRIGGER_SQL),
    ]`), undefined, { kind: "code", where: "top" }],
    [90, "Bash", { command: `cd ansible && ANSIBLE_STDOUT_CALLBACK=yaml ansible-playbook -i inventories/prod deploy.yml -e image_tag=2026.12.05-4` }, `PLAY [web] ${stars("PLAY [web] ")}

TASK [app : pull image] ${stars("TASK [app : pull image] ")}
changed: [kiraz-web-01] => ${IMG}:2026.12.05-4
changed: [kiraz-web-02] => ${IMG}:2026.12.05-4

TASK [app : run migrations] ${stars("TASK [app : run migrations] ")}
fatal: [kiraz-web-01]: FAILED! => changed=true
  cmd: docker compose run --rm -e DJANGO_LOCK_TIMEOUT=5s web python manage.py migrate --noinput
  delta: '0:00:06.214'
  rc: 1
  stdout: |-
    Operations to perform:
      Apply all migrations: accounts, admin, auth, contenttypes, listings, messaging, orders, payouts, sessions
    Running migrations:
      Applying listings.0042_listing_search_vector...
  stderr: |-
    Traceback (most recent call last):
      File "/usr/local/lib/python3.12/site-packages/django/db/backends/utils.py", line 105, in _execute
        return self.cursor.execute(sql, params)
      File "/usr/local/lib/python3.12/site-packages/psycopg/cursor.py", line 97, in execute
        raise ex.with_traceback(None)
    psycopg.errors.LockNotAvailable: canceling statement due to lock timeout
    ...
    django.db.utils.OperationalError: canceling statement due to lock timeout

PLAY RECAP ${stars("PLAY RECAP ")}
${recapRow("kiraz-web-01", 4, 1, 1)}
${recapRow("kiraz-web-02", 3, 1, 0, 1)}`, undefined, { kind: "build", error: true, where: "top" }],
    [91, "Bash", { command: PGQ(`-c \\"select pid, usename, application_name, state, now() - xact_start as xact_age, left(query, 70) as query from pg_stat_activity where datname = 'kiraz' and xact_start < now() - interval '1 minute' order by xact_start\\"`) }, `  pid  | usename  | application_name |        state        |    xact_age     |                                 query
-------+----------+------------------+---------------------+-----------------+------------------------------------------------------------------------
 48810 | metabase | Metabase v0.50.3 | active              | 00:41:12.30122  | SELECT "listings_listing"."city", count(*) FROM "listings_listing" LEFT
 49002 | kiraz    | celery           | idle in transaction | 00:02:03.118204 | UPDATE "listings_listing" SET "updated_at" = '2026-12-05T13:58:41.2201
(2 rows)
(the metabase report holds ACCESS SHARE on listings_listing; ALTER TABLE ... ADD COLUMN waits for ACCESS EXCLUSIVE and gives up after lock_timeout 5s)`, undefined, { kind: "pg", where: "top" }],
    [92, "Bash", { command: `ssh kiraz-web-01 "cd /opt/kiraz && docker compose run --rm web python manage.py migrate listings 0042 --fake"` }, `Operations to perform:
  Target specific migration: 0042_listing_search_vector, from listings
Running migrations:
  Applying listings.0042_listing_search_vector... FAKED`, undefined, { kind: "app", where: "top" }],
    [93, "Bash", { command: `cd ansible && ansible-playbook -i inventories/prod deploy.yml -e image_tag=2026.12.05-4` }, play("web", [["app : pull image", each(WEB2, "ok", ` => ${IMG}:2026.12.05-4`)], ["app : run migrations", ["changed: [kiraz-web-01]", "skipping: [kiraz-web-02]"]], ["app : restart web (rolling)", each(WEB2, "changed")], ["app : wait for /healthz", each(WEB2, "ok")]], WEB2.map((h, i) => recapRow(h, 12 - i, 2 - i, 0, 1 + i))), undefined, { kind: "build", where: "top" }],
    [94, "Bash", SHOWMIG_CMD, showmig(false), "showmig", { kind: "app", where: "top" }],
    [97, "Bash", { command: `ssh kiraz-stg-web-01 "cd /opt/kiraz && docker compose logs --since 30m web" | grep -m1 -A12 'Traceback'` }, `web-1  | Traceback (most recent call last):
web-1  |   File "/usr/local/lib/python3.12/site-packages/django/db/backends/utils.py", line 105, in _execute
web-1  |     return self.cursor.execute(sql, params)
web-1  |   File "/usr/local/lib/python3.12/site-packages/psycopg/cursor.py", line 97, in execute
web-1  |     raise ex.with_traceback(None)
web-1  | psycopg.errors.UndefinedColumn: column orders_order.cancel_reason does not exist
web-1  | LINE 1: ...rder"."status", "orders_order"."total", "orders_order"."cancel_re...
web-1  |                                                              ^
web-1  | The above exception was the direct cause of the following exception:
web-1  | django.db.utils.ProgrammingError: column orders_order.cancel_reason does not exist
(staging, kiraz-stg-web-01: feat/cancel-reasons was deployed to staging without running migrate)`, undefined, { kind: "app", error: true, where: "top" }],
    [99, "Bash", { command: `ssh kiraz-web-01 "cd /opt/kiraz && docker compose logs --since 20m web" | grep -m1 -B1 -A13 'Traceback'` }, `web-1  | [2026-12-05 14:22:07 +0000] [77] [ERROR] Internal Server Error: /api/v1/listings/search
web-1  | Traceback (most recent call last):
web-1  |   File "/usr/local/lib/python3.12/site-packages/django/db/backends/utils.py", line 105, in _execute
web-1  |     return self.cursor.execute(sql, params)
web-1  |   File "/usr/local/lib/python3.12/site-packages/psycopg/cursor.py", line 97, in execute
web-1  |     raise ex.with_traceback(None)
web-1  | psycopg.errors.UndefinedColumn: column listings_listing.search_vector does not exist
web-1  | LINE 1: ...ng" WHERE ("listings_listing"."status" = 'active' AND "listings_listing"."search_vector...
web-1  |                                                              ^
web-1  | The above exception was the direct cause of the following exception:
web-1  |   File "/app/listings/views.py", line 88, in search
web-1  |     page = self.paginate_queryset(qs)
web-1  | django.db.utils.ProgrammingError: column listings_listing.search_vector does not exist
(Sentry KIRAZ-WEB-3K: 2,914 events in 19 minutes, every search request since 2026.12.05-4)`, undefined, { kind: "app", error: true, where: "top" }],
    [100, "Bash", DLISTING_CMD, dListing(false), "dlisting", { kind: "pg", where: "top" }],
    [101, "Bash", { command: `ssh kiraz-web-01 "cd /opt/kiraz && docker compose run --rm web python manage.py migrate listings 0041 --fake"` }, `Operations to perform:
  Target specific migration: 0041_category_slug_unique, from listings
Running migrations:
  Rendering model states... DONE
  Unapplying listings.0042_listing_search_vector... FAKED`, undefined, { kind: "app", where: "top" }],
    [102, "Edit", { file_path: `${K}/listings/migrations/0042_listing_search_vector.py`, old_string: '        migrations.AddIndex(model_name="listing", index=GinIndex(fields=["search_vector"], name="listings_listing_search_vector_gin")),', new_string: '        AddIndexConcurrently(model_name="listing", index=GinIndex(fields=["search_vector"], name="listings_listing_search_vector_gin")),' }, `The file ${K}/listings/migrations/0042_listing_search_vector.py has been updated. (atomic = False on the Migration; from django.contrib.postgres.operations import AddIndexConcurrently)`, undefined, { kind: "code", where: "top" }],
    [103, "Bash", { command: "docker compose run --rm web python manage.py sqlmigrate listings 0042 | head -n 8" }, `--
-- Add field search_vector to listing
--
ALTER TABLE "listings_listing" ADD COLUMN "search_vector" tsvector NULL;
--
-- Concurrently create index listings_listing_search_vector_gin on field(s) search_vector of model listing
--
CREATE INDEX CONCURRENTLY "listings_listing_search_vector_gin" ON "listings_listing" USING gin ("search_vector");`, undefined, { kind: "build", where: "top" }],
    [104, "Bash", { command: `ssh kiraz-web-01 "cd /opt/kiraz && time docker compose run --rm -e DJANGO_LOCK_TIMEOUT=5s web python manage.py migrate listings"` }, `Operations to perform:
  Target specific migration: 0043_backfill_search_vector, from listings
Running migrations:
  Applying listings.0042_listing_search_vector... OK
  Applying listings.0043_backfill_search_vector... OK

real	6m53.118s
user	0m1.402s
sys	0m0.311s
(run at 02:30 with the metabase sync paused; 0043 backfills search_vector in batches of 5000)`, undefined, { kind: "app", where: "top" }],
    [105, "Bash", DLISTING_CMD, dListing(true), "dlisting", { kind: "pg", where: "top" }],
    [106, "Bash", SHOWMIG_CMD, showmig(true), "showmig", { kind: "app", where: "top" }],
    [107, "Bash", EXPLAIN_FTS_CMD, `                                                                          QUERY PLAN
--------------------------------------------------------------------------------------------------------------------------------------------------------
 Limit  (cost=8812.44..8812.50 rows=24 width=460) (actual time=37.811..38.104 rows=24 loops=1)
   ->  Sort  (cost=8812.44..8815.94 rows=1402 width=460) (actual time=37.809..38.097 rows=24 loops=1)
         Sort Key: created_at DESC
         ->  Bitmap Heap Scan on listings_listing  (cost=812.44..8773.18 rows=1402 width=460) (actual time=30.220..37.410 rows=2218 loops=1)
               Recheck Cond: (search_vector @@ '''iphone'' & ''13'''::tsquery)
               Filter: (((status)::text = 'active'::text) AND ((city)::text = 'istanbul'::text))
               ->  Bitmap Index Scan on listings_listing_search_vector_gin  (cost=0.00..812.09 rows=4410 width=0) (actual time=29.881..29.881 rows=6631 loops=1)
 Planning Time: 0.688 ms
 Execution Time: 38.214 ms
(9 rows)`, "explain", { kind: "pg", where: "top" }],
    [108, "Bash", COMMIT("listings: search_vector with a concurrent gin index (0042 redone)"), commit("e1a07c3", "listings: search_vector with a concurrent gin index (0042 redone)", 3, 14, 4, `0042 failed on prod with a lock timeout (a 41 min metabase query on
listings_listing) and was applied with --fake to unblock the 2026.12.05-4 deploy,
so the column never existed: every search raised "column
listings_listing.search_vector does not exist". Unfaked (migrate listings 0041
--fake), made 0042 non-atomic with AddIndexConcurrently and ran it for real at
02:30. Search: 6112 ms -> 38 ms.`), undefined, { kind: "build", where: "top" }],
    [110, "Bash", { command: `ssh kiraz-stg-web-01 "cd /opt/kiraz && docker compose run --rm web python manage.py migrate orders"` }, `Operations to perform:
  Target specific migration: 0031_order_cancel_reason, from orders
Running migrations:
  Applying orders.0030_order_cancelled_at... OK
  Applying orders.0031_order_cancel_reason... OK`, undefined, { kind: "app", where: "top" }],
    // ---- Dec 6: redis
    [112, "Bash", REDIS_CMD, redisMem(1073599120, "1023.87M", "1.00G", 1073741824, "1.00G", "noeviction", "1.05"), "redismem", { kind: "app", where: "top" }],
    [113, "Bash", { command: `ssh kiraz-web-01 "cd /opt/kiraz && docker compose logs --since 10m web" | grep -m1 -B3 -A3 'OOM command'` }, `web-1  |   File "/app/listings/views.py", line 41, in retrieve
web-1  |     data = cache.get_or_set(f"listing:{pk}:v3", lambda: self._serialize(pk), 900)
web-1  |   File "/usr/local/lib/python3.12/site-packages/django/core/cache/backends/redis.py", line 99, in set
web-1  | redis.exceptions.ResponseError: OOM command not allowed when used memory > 'maxmemory'.
web-1  | [2026-12-06 09:14:22 +0000] [61] [ERROR] Internal Server Error: /api/v1/listings/91012
web-1  | kombu.exceptions.OperationalError: OOM command not allowed when used memory > 'maxmemory'.
web-1  | [2026-12-06 09:14:23 +0000] [64] [ERROR] Internal Server Error: /api/v1/orders (send_order_email.delay)`, undefined, { kind: "app", error: true, where: "top" }],
    [114, "Bash", { command: `ssh kiraz-worker-01 "docker exec kiraz-redis-1 redis-cli INFO keyspace; docker exec kiraz-redis-1 redis-cli -n 1 --scan --pattern 'kiraz:1:listing:*' | wc -l"` }, `# Keyspace
db0:keys=11,expires=0,avg_ttl=0,subexpiry=0
db1:keys=2811230,expires=2811230,avg_ttl=611204,subexpiry=0
2402117
(db0 = celery broker: 4 queue lists, _kombu.binding.* sets, unacked hash; db1 = django cache, 2.4M listing detail keys since the city landing pages went live)`, undefined, { kind: "app", where: "top" }],
    [115, "Bash", { command: `ssh kiraz-worker-01 "docker exec kiraz-redis-1 redis-cli CONFIG SET maxmemory 2gb && docker exec kiraz-redis-1 redis-cli CONFIG SET maxmemory-policy allkeys-lru" && ${REDIS_CMD.command}` }, `OK
OK
${redisMem(1288411204, "1.20G", "1.20G", 2147483648, "2.00G", "allkeys-lru", "1.04")}`, "redismem", { kind: "app", where: "top" }],
    [116, "Edit", { file_path: `${K}/${PROD}/group_vars/worker.yml`, old_string: "redis_maxmemory: 1gb\nredis_maxmemory_policy: noeviction", new_string: "redis_maxmemory: 2gb\nredis_maxmemory_policy: allkeys-lru" }, `The file ${K}/${PROD}/group_vars/worker.yml has been updated.`, undefined, { kind: "code", where: "top" }],
    [117, "Bash", COMMIT("redis: 2gb, allkeys-lru"), commit("5c8d2f9", "redis: 2gb, allkeys-lru", 1, 2, 2, `Redis hit maxmemory 1gb with noeviction: cache sets and celery publishes failed
with OOM command not allowed. The django cache (db1) is 2.8M keys.`), undefined, { kind: "build", where: "top" }],
    [119, "Bash", { command: `curl -s -H "Authorization: Bearer $SENTRY_TOKEN" 'https://sentry.io/api/0/organizations/kiraz/stats_v2/?field=sum(quantity)&groupBy=category&interval=30d&statsPeriod=30d' | jq -r '.groups[] | "\\(.by.category)\\t\\(.totals["sum(quantity)"])"'` }, `error	48211
transaction	4912877
attachment	0
profile	0
(plan: 5,000,000 transactions / month; renews on Dec 11; traces_sample_rate is 1.0)`, undefined, { kind: "app", where: "top" }],
    [120, "Edit", { file_path: `${K}/kiraz/settings/prod.py`, old_string: "    traces_sample_rate=1.0,", new_string: "    traces_sample_rate=0.1," }, `The file ${K}/kiraz/settings/prod.py has been updated.`, undefined, { kind: "code", where: "top" }],
    [122, "Bash", { command: `cd ansible && ansible-playbook -i inventories/prod deploy.yml -e image_tag=2026.12.06-1` }, play("web", [["app : pull image", each(WEB2, "changed", ` => ${IMG}:2026.12.06-1`)], ["app : run migrations", ["ok: [kiraz-web-01]", "skipping: [kiraz-web-02]"]], ["app : restart web (rolling)", each(WEB2, "changed")], ["app : wait for /healthz", each(WEB2, "ok")]], WEB2.map((h, i) => recapRow(h, 12 - i, 2, 0, 1 + i))), undefined, { kind: "build", where: "top" }],
    [124, "Bash", { command: `ssh kiraz-worker-01 "cd /opt/kiraz && docker compose logs --since 3h celery" | grep -c 'Task listings.tasks.make_thumbnails.*received'; ${PGQ(`-At -c \\"select count(*) from listings_photo where created_at > now() - interval '3 hours' and thumbnail = ''\\"`)}` }, `0
3104
(no make_thumbnails task received for 3 hours although 3104 photos were uploaded; the web side logs "apply_async ok" for each)`, undefined, { kind: "app", where: "top" }],
    [125, "Bash", { command: `ssh kiraz-worker-01 "docker exec kiraz-redis-1 redis-cli INFO stats | grep -E 'evicted_keys|expired_keys'; docker exec kiraz-redis-1 redis-cli -n 0 EXISTS _kombu.binding.images _kombu.binding.default _kombu.binding.emails"` }, `expired_keys:1904471
evicted_keys:18211
0
(allkeys-lru evicted broker keys in db0 too, among them _kombu.binding.images and _kombu.binding.default: without the binding set kombu routes a published message nowhere, so every task sent to those queues since ~10:20 was dropped)`, undefined, { kind: "app", where: "top" }],
    [126, "Read", SETTINGS, settingsProd({ connMaxAge: "60", healthChecks: true, pool: false, storages: true, cache: "redis://10.20.0.21:6379/1", traces: "0.1" }), "settingsprod", { kind: "code", where: "top" }],
    [127, "Edit", { file_path: `${K}/ansible/roles/celery/templates/compose.worker.yml.j2`, old_string: "  redis:\n    image: redis:7.4.1-alpine\n    command: redis-server /usr/local/etc/redis/redis.conf", new_string: "  redis:\n    image: redis:7.4.1-alpine\n    command: redis-server /usr/local/etc/redis/redis.conf --maxmemory {{ redis_broker_maxmemory }} --maxmemory-policy {{ redis_broker_maxmemory_policy }}\n\n  redis-cache:\n    image: redis:7.4.1-alpine\n    command: redis-server --save '' --appendonly no --maxmemory {{ redis_cache_maxmemory }} --maxmemory-policy {{ redis_cache_maxmemory_policy }}\n    ports:\n      - \"{{ private_ip }}:{{ redis_cache_port }}:6379\"" }, `The file ${K}/ansible/roles/celery/templates/compose.worker.yml.j2 has been updated.`, undefined, { kind: "code", where: "top" }],
    [128, "Edit", { file_path: `${K}/kiraz/settings/prod.py`, old_string: '        "LOCATION": "redis://10.20.0.21:6379/1",', new_string: '        "LOCATION": "redis://10.20.0.21:6380/0",' }, `The file ${K}/kiraz/settings/prod.py has been updated.`, undefined, { kind: "code", where: "top" }],
    [129, "Bash", { command: `cd ansible && ansible-playbook -i inventories/prod site.yml --tags redis,celery,app -e image_tag=2026.12.06-1` }, `PLAY [worker] ${stars("PLAY [worker] ")}

TASK [celery : render compose.worker.yml] ${stars("TASK [celery : render compose.worker.yml] ")}
changed: [kiraz-worker-01]

TASK [celery : docker compose up] ${stars("TASK [celery : docker compose up] ")}
changed: [kiraz-worker-01] => redis recreated, redis-cache created, celery restarted

TASK [celery : flush the django cache from the broker db] ${stars("TASK [celery : flush the django cache from the broker db] ")}
changed: [kiraz-worker-01] => redis-cli -n 1 FLUSHDB

${play("web", [["app : render .env", each(WEB2, "changed")], ["app : restart web (rolling)", each(WEB2, "changed")]], [recapRow("kiraz-worker-01", 9, 3), ...WEB2.map((h) => recapRow(h, 7, 2))])}`, undefined, { kind: "build", where: "top" }],
    [130, "Bash", REDIS_CMD, redisMem(39971208, "38.12M", "41.60M", 1073741824, "1.00G", "noeviction", "1.21"), "redisbroker", { kind: "app", where: "top" }],
    [131, "Bash", REDIS_CACHE_CMD, redisMem(301189120, "287.24M", "290.02M", 3221225472, "3.00G", "allkeys-lru", "1.08"), "redismem", { kind: "app", where: "top" }],
    [132, "Bash", { command: `ssh kiraz-web-01 "cd /opt/kiraz && docker compose exec -T web python manage.py regenerate_thumbnails --missing --since 2026-12-06T10:00"` }, `scanning photos created since 2026-12-06 10:00 UTC without a thumbnail...
queued 3104 make_thumbnails tasks on "images" (batch 200)
done in 4.8s`, undefined, { kind: "app", where: "top" }],
    [133, "Bash", COMMIT("redis: separate cache instance (3gb, allkeys-lru); broker back to 1gb noeviction"), commit("a6b3e50", "redis: separate cache instance (3gb, allkeys-lru); broker back to 1gb noeviction", 4, 23, 6, `allkeys-lru on the shared instance evicted celery's own keys (evicted_keys
18211, including _kombu.binding.images / .default), so tasks were published to
nowhere: 3104 thumbnails and an unknown number of e-mails lost between 10:20
and 13:05. The broker (6379) is noeviction again and the cache lives on
redis-cache (10.20.0.21:6380, 3gb, allkeys-lru). Thumbnails re-queued.`), undefined, { kind: "build", where: "top" }],
    [135, "Bash", { command: `ssh kiraz-worker-01 "docker stats --no-stream --format 'table {{.Name}}\\t{{.CPUPerc}}\\t{{.MemUsage}}'"` }, `NAME                  CPU %     MEM USAGE / LIMIT
kiraz-celery-1        391.22%   11.08GiB / 15.24GiB
kiraz-celery-beat-1   0.03%     88.4MiB / 15.24GiB
kiraz-redis-1         0.41%     52.7MiB / 15.24GiB
kiraz-redis-cache-1   1.88%     1.02GiB / 15.24GiB
(12 prefork children; the thumbnail ones sit at 600-900 MB each, and the e-mail/payout tasks wait behind 3104 thumbnails)`, undefined, { kind: "app", where: "top" }],
    [136, "Edit", { file_path: `${K}/${PROD}/group_vars/worker.yml`, old_string: "celery_queues: default,emails,payouts,images\ncelery_concurrency: 12\ncelery_prefetch_multiplier: 4\ncelery_max_tasks_per_child: 0", new_string: "celery_workers:\n  - name: default\n    queues: default,emails,payouts\n    concurrency: 8\n    prefetch_multiplier: 1\n    max_tasks_per_child: 500\n  - name: images\n    queues: images\n    concurrency: 4\n    prefetch_multiplier: 1\n    max_tasks_per_child: 50\n    mem_limit: 3g" }, `The file ${K}/${PROD}/group_vars/worker.yml has been updated.`, undefined, { kind: "code", where: "top" }],
    [137, "Bash", { command: `cd ansible && ansible-playbook -i inventories/prod site.yml --tags celery --limit worker` }, play("worker", [["Gathering Facts", ["ok: [kiraz-worker-01]"]], ["celery : render compose.worker.yml", ["changed: [kiraz-worker-01]"]], ["celery : docker compose up", ["changed: [kiraz-worker-01] => celery removed, celery-default created, celery-images created"]]], [recapRow("kiraz-worker-01", 8, 2)]), undefined, { kind: "build", where: "top" }],
    [138, "Bash", CELERY_CMD("celery-default"), celeryStats([["celery@default.kiraz-worker-01", 8, 8, 122], ["celery@images.kiraz-worker-01", 4, 4, 121]]), "celerystats", { kind: "app", where: "top" }],
    [139, "Read", WORKERVARS, workerVars(true), "workervars", { kind: "code", where: "top" }],
    [140, "Bash", QUEUES_CMD, queues(0, 2, 0, 1890), "celeryqueues", { kind: "app", where: "top" }],
    [141, "Bash", COMMIT("celery: default worker 8, images worker 4 (prefetch 1)"), commit("0d4f8a2", "celery: default worker 8, images worker 4 (prefetch 1)", 2, 19, 6, `One worker at concurrency 12 used 11 GB with thumbnails and kept e-mails and
payouts behind the image backlog. Two workers: default (default, emails,
payouts) at 8 and images at 4 with a 3g memory limit and max_tasks_per_child 50.`), undefined, { kind: "build", where: "top" }],
    [143, "Edit", { file_path: `${K}/kiraz/settings/prod.py`, old_string: '            "application_name": env("APP_ROLE", default="web"),', new_string: '            "application_name": env("APP_ROLE", default="web"),\n            "pool": {"min_size": 2, "max_size": 4, "timeout": 10},' }, `The file ${K}/kiraz/settings/prod.py has been updated.`, undefined, { kind: "code", where: "top" }],
    [144, "Bash", { command: "DJANGO_SETTINGS_MODULE=kiraz.settings.prod docker compose run --rm -e DB_PASSWORD=x web pytest tests/test_settings_prod.py -q" }, `F
=================================== FAILURES ===================================
_________________________ test_prod_db_connection_opens _________________________
    def test_prod_db_connection_opens(django_db_blocker):
        with django_db_blocker.unblock():
>           connection.ensure_connection()
/usr/local/lib/python3.12/site-packages/django/db/backends/postgresql/base.py:215: in pool
    raise ImproperlyConfigured(
E   django.core.exceptions.ImproperlyConfigured: Pooling doesn't support persistent connections.
=========================== short test summary info ============================
FAILED tests/test_settings_prod.py::test_prod_db_connection_opens - django.core.exceptions.ImproperlyConfigured: Pooling doesn't support persistent connections.
1 failed in 2.41s`, undefined, { kind: "test", error: true, where: "top" }],
    [145, "Edit", { file_path: `${K}/kiraz/settings/prod.py`, old_string: '        "CONN_MAX_AGE": 60,\n        "CONN_HEALTH_CHECKS": True,', new_string: '        "CONN_MAX_AGE": 0,  # required by the psycopg pool below\n        "CONN_HEALTH_CHECKS": True,' }, `The file ${K}/kiraz/settings/prod.py has been updated.`, undefined, { kind: "code", where: "top" }],
    [146, "Bash", PYTEST_CMD, pytestOut("418 passed, 3 skipped", "141.06s (0:02:21)"), "pytest", { kind: "test", where: "bottom" }],
    [147, "Bash", { command: "git commit -qam 'db: psycopg pool (min 2, max 4), CONN_MAX_AGE 0' && git push && gh run watch $(gh run list --workflow deploy.yml --limit 1 --json databaseId -q '.[0].databaseId')" }, ghDeploy("12190441802", "2026.12.06-2", "9 minutes"), undefined, { kind: "build", where: "top" }],
    [148, "Bash", PGCONN_CMD, pgConns([["kiraz", "web", "idle", 19], ["kiraz", "celery", "idle", 10], ["kiraz", "web", "active", 7], ["kiraz", "celery", "active", 3], ["metabase", "Metabase v0.50.3", "idle", 2], ["postgres", "psql", "active", 1]], 42, 200), "pgconns", { kind: "pg", where: "top" }],
    [149, "Read", SETTINGS, `${settingsProd({ connMaxAge: "0", connNote: "  # required by the psycopg pool below", healthChecks: true, pool: true, storages: true, cache: "redis://10.20.0.21:6380/0", traces: "0.1" })}`, "settingsprod", { kind: "code", where: "top" }],
    [150, "Bash", { command: "git log -3 --format='%h %ad %s' --date=format:'%m-%d %H:%M'" }, `c25e9d1 12-06 16:41 db: psycopg pool (min 2, max 4), CONN_MAX_AGE 0
0d4f8a2 12-06 14:02 celery: default worker 8, images worker 4 (prefetch 1)
a6b3e50 12-06 13:20 redis: separate cache instance (3gb, allkeys-lru); broker back to 1gb noeviction`, undefined, { kind: "build", where: "top" }],
    // ---- night of Dec 7: the outage
    [151, "Bash", { command: "curl -sS -o /dev/null -w '%{http_code} %{time_total}s\\n' https://kiraz.com.tr/ https://kiraz.com.tr/healthz" }, `500 0.212s
503 0.091s
(2026-12-07 03:24 UTC, paged by the hcloud lb health check: both targets unhealthy since 03:13)`, undefined, { kind: "app", error: true, where: "top" }],
    [152, "Bash", { command: `ssh kiraz-web-01 "cd /opt/kiraz && docker compose logs --since 15m web" | grep -E 'OperationalError|PoolTimeout' | sort | uniq -c | sort -rn | head -n 4; ssh kiraz-worker-01 "cd /opt/kiraz && docker compose logs --since 15m celery-default" | grep -m2 OperationalError` }, `   2214 web-1  | psycopg_pool.PoolTimeout: couldn't get a connection after 10.00 sec
    811 web-1  | django.db.utils.OperationalError: connection failed: connection to server at "10.20.0.31", port 5432 failed: Connection refused
    402 web-1  | psycopg.OperationalError: consuming input failed: server closed the connection unexpectedly
celery-default-1  | [2026-12-07 03:12:09,771: ERROR/ForkPoolWorker-3] Task messaging.tasks.send_push[5be0...] raised unexpected: OperationalError('consuming input failed: server closed the connection unexpectedly')
celery-default-1  | [2026-12-07 03:12:40,102: ERROR/ForkPoolWorker-6] Task payouts.tasks.settle_daily[a11c...] raised unexpected: OperationalError('connection failed: connection to server at "10.20.0.31", port 5432 failed: Connection refused')`, undefined, { kind: "app", error: true, where: "top" }],
    [153, "Bash", { command: `ssh kiraz-db-01 "cd /opt/kiraz && docker compose ps"` }, `NAME                IMAGE                              COMMAND                  SERVICE            CREATED        STATUS                          PORTS
kiraz-db-1          postgres:16.6-bookworm             "docker-entrypoint.s…"   db                 5 weeks ago    Restarting (1) 14 seconds ago
kiraz-pgbackrest-1  woblerr/pgbackrest:2.54.0          "/entrypoint.sh"         pgbackrest         5 weeks ago    Up 5 weeks
kiraz-node-exp-1    prom/node-exporter:v1.8.2          "/bin/node_exporter …"   node-exporter      5 weeks ago    Up 5 weeks                      9100/tcp`, undefined, { kind: "app", where: "top" }],
    [154, "Bash", { command: `ssh kiraz-db-01 "cd /opt/kiraz && docker compose logs --no-log-prefix db" | grep -E 'PANIC|FATAL|LOG:  (database system|terminating)' | head -n 8` }, `2026-12-07 03:12:08.441 UTC [48211] PANIC:  could not write to file "pg_wal/xlogtemp.48211": No space left on device
2026-12-07 03:12:08.522 UTC [1] LOG:  WAL writer process (PID 48211) was terminated by signal 6: Aborted
2026-12-07 03:12:08.522 UTC [1] LOG:  terminating any other active server processes
2026-12-07 03:12:09.104 UTC [1] LOG:  all server processes terminated; reinitializing
2026-12-07 03:12:09.377 UTC [48390] LOG:  database system was interrupted; last known up at 2026-12-07 03:07:41 UTC
2026-12-07 03:12:09.611 UTC [48390] FATAL:  could not write to file "pg_wal/xlogtemp.48390": No space left on device
2026-12-07 03:12:09.640 UTC [1] LOG:  startup process (PID 48390) exited with exit code 1
2026-12-07 03:12:09.641 UTC [1] LOG:  aborting startup due to startup process failure`, undefined, { kind: "pg", error: true, where: "top" }],
    [155, "Bash", { command: `ssh kiraz-db-01 "df -h /mnt/HC_Volume_100921774 /mnt/HC_Volume_100921775 /" && ${VOL_CMD}` }, `Filesystem      Size  Used Avail Use% Mounted on
/dev/sdb         98G   98G     0 100% /mnt/HC_Volume_100921774
/dev/sdc        246G  131G  103G  56% /mnt/HC_Volume_100921775
/dev/sda1        75G   11G   61G  16% /
${vols(VOL_DATA_100)}`, "hcloudvol", { kind: "app", where: "top" }],
    [156, "Bash", { command: `ssh kiraz-db-01 "sudo du -sh /mnt/HC_Volume_100921774/pgdata/base /mnt/HC_Volume_100921774/pgdata/pg_wal; sudo ls /mnt/HC_Volume_100921774/pgdata/pg_wal | head -n 2; sudo ls /mnt/HC_Volume_100921774/pgdata/pg_wal | wc -l"` }, `27G	/mnt/HC_Volume_100921774/pgdata/base
71G	/mnt/HC_Volume_100921774/pgdata/pg_wal
000000010000012A00000041
000000010000012A00000042
4531
(WAL segments go back to 2026-11-28 17:40)`, undefined, { kind: "app", where: "top" }],
    [157, "Bash", { command: `hcloud volume resize kiraz-db-data --size 200 && ssh kiraz-db-01 "sudo resize2fs /dev/sdb && df -h /mnt/HC_Volume_100921774" && ${VOL_CMD}` }, `Resizing volume 100921774 ... done
Volume 100921774 resized
resize2fs 1.47.0 (5-Feb-2023)
Filesystem at /dev/sdb is mounted on /mnt/HC_Volume_100921774; on-line resizing required
old_desc_blocks = 13, new_desc_blocks = 25
The filesystem on /dev/sdb is now 52428800 (4k) blocks long.

Filesystem      Size  Used Avail Use% Mounted on
/dev/sdb        197G   98G   91G  52% /mnt/HC_Volume_100921774
${vols(VOL_DATA_200)}`, "hcloudvol", { kind: "app", where: "top" }],
    [158, "Bash", { command: `ssh kiraz-db-01 "cd /opt/kiraz && docker compose up -d db && sleep 20 && docker compose logs --no-log-prefix --since 1m db" | grep -E 'redo|ready|checkpoint'` }, `2026-12-07 03:58:12.018 UTC [1] LOG:  database system was interrupted; last known up at 2026-12-07 03:07:41 UTC
2026-12-07 03:58:12.204 UTC [31] LOG:  redo starts at 12A/41000028
2026-12-07 03:58:39.918 UTC [31] LOG:  redo done at 12B/F1FFFFA0 system usage: CPU: user: 14.20 s, system: 6.01 s, elapsed: 27.71 s
2026-12-07 03:58:40.355 UTC [29] LOG:  checkpoint starting: end-of-recovery immediate wait
2026-12-07 04:01:02.770 UTC [29] LOG:  checkpoint complete: wrote 211840 buffers (40.4%)
2026-12-07 04:01:02.801 UTC [1] LOG:  database system is ready to accept connections`, undefined, { kind: "pg", where: "top" }],
    [159, "Bash", { command: PGQ(`-c \\"select slot_name, slot_type, active, pg_size_pretty(pg_wal_lsn_diff(pg_current_wal_lsn(), restart_lsn)) as retained, wal_status from pg_replication_slots\\"`) }, `   slot_name    | slot_type | active | retained | wal_status
----------------+-----------+--------+----------+------------
 debezium_kiraz | logical   | f      | 71 GB    | extended
 pgbackrest     | physical  | t      | 112 kB   | reserved
(2 rows)`, undefined, { kind: "pg", where: "top" }],
    [160, "Bash", { command: "git log -S'debezium' --format='%h %ad %an%n    %s' --date=short -- ansible/ && curl -s http://10.20.0.41:8083/connectors/kiraz-cdc/status | jq -c '{state: .connector.state, task: .tasks[0].state, trace: (.tasks[0].trace | split(\"\\n\")[0])}'" }, `6b21f0e 2026-10-14 Ece Demir
    postgres: wal_level=logical and a debezium slot for the analytics cdc
{"state":"RUNNING","task":"FAILED","trace":"org.apache.kafka.connect.errors.ConnectException: An exception occurred in the change event producer. This connector will be stopped. (2026-11-28T17:39:52Z)"}`, undefined, { kind: "build", where: "top" }],
    [161, "Bash", { command: `${PGQ(`-c \\"select pg_drop_replication_slot('debezium_kiraz')\\" -c 'CHECKPOINT'`)} && ssh kiraz-db-01 "sudo du -sh /mnt/HC_Volume_100921774/pgdata/pg_wal && df -h /mnt/HC_Volume_100921774"` }, ` pg_drop_replication_slot
--------------------------

(1 row)

CHECKPOINT
1.2G	/mnt/HC_Volume_100921774/pgdata/pg_wal
Filesystem      Size  Used Avail Use% Mounted on
/dev/sdb        197G   29G  160G  16% /mnt/HC_Volume_100921774`, undefined, { kind: "pg", where: "top" }],
    [162, "Bash", { command: `${PGQ(`-c \\"ALTER SYSTEM SET max_slot_wal_keep_size = '10GB'\\" -c 'select pg_reload_conf()'`)} && ${PGQ(PGSET_SQL)}` }, `ALTER SYSTEM
 pg_reload_conf
----------------
 t
(1 row)

${pgSettings(200, 10240)}`, "pgsettings", { kind: "pg", where: "top" }],
    [163, "Bash", HEALTH_CMD, health("2026.12.06-2", "c25e9d1"), "health", { kind: "app", where: "top" }],
    [164, "Bash", { command: "sentry-cli issues list -o kiraz -p kiraz-web --query 'is:unresolved firstSeen:>2026-12-07T03:00:00' --max-rows 5" }, sentryTable([
      ["6120044187", "KIRAZ-WEB-4F", "PoolTimeout: couldn't get a connection after 10.00 sec", "2026-12-07 04:01:40"],
      ["6120044102", "KIRAZ-WEB-4E", "OperationalError: connection failed: ... port 5432 failed: Connection refused", "2026-12-07 04:01:02"],
      ["6120043977", "KIRAZ-WEB-4D", "OperationalError: consuming input failed: server closed the connection unexpectedly", "2026-12-07 03:12:11"],
      ["6120043950", "KIRAZ-CELERY-1B", "payouts.tasks.settle_daily: OperationalError (Connection refused)", "2026-12-07 03:55:00"],
    ]), undefined, { kind: "app", where: "top" }],
    [165, "Edit", { file_path: `${K}/ansible/roles/postgres/templates/postgresql.conf.j2`, old_string: "wal_level = logical", new_string: "wal_level = logical\n# an abandoned logical slot filled the 100 GB volume on 2026-12-07; cap what a slot may hold\nmax_slot_wal_keep_size = 10GB" }, `The file ${K}/ansible/roles/postgres/templates/postgresql.conf.j2 has been updated.`, undefined, { kind: "code", where: "top" }],
    [166, "Edit", { file_path: `${K}/ansible/roles/monitoring/files/alerts/postgres.yml`, old_string: "  - alert: PostgresDown", new_string: "  - alert: PgDataVolumeFilling\n    expr: 1 - node_filesystem_avail_bytes{mountpoint=~\"/mnt/HC_Volume_.*\", instance=\"kiraz-db-01\"} / node_filesystem_size_bytes > 0.8\n    for: 10m\n    labels: { severity: page }\n  - alert: ReplicationSlotInactive\n    expr: pg_replication_slots_active == 0\n    for: 30m\n    labels: { severity: warn }\n  - alert: PostgresDown" }, `The file ${K}/ansible/roles/monitoring/files/alerts/postgres.yml has been updated.`, undefined, { kind: "code", where: "top" }],
    [167, "Bash", { command: `cd ansible && ansible-playbook -i inventories/prod site.yml --tags postgres,monitoring --limit db` }, play("db", [["Gathering Facts", ["ok: [kiraz-db-01]"]], ["postgres : render postgresql.conf", ["changed: [kiraz-db-01]"]], ["postgres : reload postgres", ["changed: [kiraz-db-01]"]], ["monitoring : copy alert rules", ["changed: [kiraz-db-01]"]]], [recapRow("kiraz-db-01", 11, 3)]), undefined, { kind: "build", where: "top" }],
    [168, "Bash", COMMIT("postgres: max_slot_wal_keep_size 10GB; alerts for volume fill and inactive slots"), commit("9d0e4a7", "postgres: max_slot_wal_keep_size 10GB; alerts for volume fill and inactive slots", 3, 22, 1, `Outage 2026-12-07 03:12-04:01 UTC (49 min): kiraz-db-01's data volume (100 GB)
filled up with WAL and postgres PANICked. The logical slot debezium_kiraz (analytics
CDC, set up on 2026-10-14) went inactive on Nov 28 when the Kafka Connect task
failed, and postgres kept every WAL segment since then for it (71 GB). Volume
resized to 200 GB to start postgres, slot dropped (pg_wal 71G -> 1.2G), slot
retention capped at 10GB, alerts for the volume at 80% and for inactive slots.
The analytics team re-snapshots when they recreate the connector.`), undefined, { kind: "build", where: "top" }],
    [169, "Read", { file_path: `${K}/${STG}/group_vars/web.yml` }, webVars({ env: "staging", workers: 2, klass: "gthread", conns: 1000, threads: 4, timeout: 60, maxReq: 1000, body: "30m", names: ["staging.kiraz.com.tr"] }), undefined, { kind: "code", where: "top" }],
    // ---- Dec 7: certificate
    [171, "Bash", SSL_CMD("staging.kiraz.com.tr"), `issuer=C = US, O = Let's Encrypt, CN = R11
subject=CN = staging.kiraz.com.tr
notBefore=Nov  4 10:11:04 2026 GMT
notAfter=Feb  2 10:11:03 2027 GMT`, undefined, { kind: "app", where: "top" }],
    [172, "Bash", SSL_CMD("kiraz.com.tr"), `issuer=C = US, O = Let's Encrypt, CN = R11
subject=CN = kiraz.com.tr
notBefore=Sep 15 08:22:10 2026 GMT
notAfter=Dec 14 08:22:09 2026 GMT`, "sslcert", { kind: "app", where: "top" }],
    [173, "Bash", { command: `ssh kiraz-web-01 "cd /opt/kiraz && docker compose run --rm certbot renew --dry-run"` }, `Saving debug log to /var/log/letsencrypt/letsencrypt.log

- - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - -
Processing /etc/letsencrypt/renewal/kiraz.com.tr.conf
- - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - -
Simulating renewal of an existing certificate for kiraz.com.tr and www.kiraz.com.tr

Certbot failed to authenticate some domains (authenticator: webroot). The Certificate Authority reported these problems:
  Domain: kiraz.com.tr
  Type:   unauthorized
  Detail: 49.13.77.120: Invalid response from http://kiraz.com.tr/.well-known/acme-challenge/Xf3kQ9bLm2v0T1aZcP7yW4nR8sE6uH5jD0gK2oI1qMw: 404

Hint: The Certificate Authority failed to download the temporary challenge files created by Certbot. Ensure that the listed domains serve their content from the provided --webroot-path/-w and that files created there can be downloaded from the internet.

Failed to renew certificate kiraz.com.tr with error: Some challenges have failed.

- - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - -
All simulated renewals failed. The following certificates could not be renewed:
  /etc/letsencrypt/live/kiraz.com.tr/fullchain.pem (failure)
- - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - -
1 renew failure(s), 0 parse failure(s)`, undefined, { kind: "app", error: true, where: "top" }],
    [174, "Bash", { command: "git log -S'acme-challenge' --format='%h %ad %an %s' --date=short -- ansible/roles/nginx && git show c7e2a19 -- ansible/roles/nginx/templates/kiraz.conf.j2 | grep -n -A3 'acme'" }, `c7e2a19 2026-11-12 Burak Yilmaz nginx: redirect everything to https, drop the www server block
51d0b8e 2026-09-15 Selin Kaya nginx: certbot webroot
14:-    location ^~ /.well-known/acme-challenge/ {
15--        root /var/www/certbot;
16--    }
17--`, undefined, { kind: "build", where: "top" }],
    [175, "Edit", { file_path: `${K}/ansible/roles/nginx/templates/kiraz.conf.j2`, old_string: "    server_name {{ nginx_server_names | join(' ') }};\n    return 301 https://kiraz.com.tr$request_uri;", new_string: "    server_name {{ nginx_server_names | join(' ') }};\n\n    location ^~ /.well-known/acme-challenge/ {\n        root /var/www/certbot;\n    }\n\n    location / {\n        return 301 https://kiraz.com.tr$request_uri;\n    }" }, `The file ${K}/ansible/roles/nginx/templates/kiraz.conf.j2 has been updated.`, undefined, { kind: "code", where: "top" }],
    [176, "Bash", { command: `cd ansible && ansible-playbook -i inventories/prod site.yml --tags nginx --limit web` }, play("web", [["Gathering Facts", each(WEB2, "ok")], ["nginx : render kiraz.conf", each(WEB2, "changed")], ["nginx : nginx -t", each(WEB2, "ok")], ["nginx : reload nginx", each(WEB2, "changed")]], WEB2.map((h) => recapRow(h, 7, 2))), undefined, { kind: "build", where: "top" }],
    [177, "Bash", { command: `ssh kiraz-web-01 "cd /opt/kiraz && docker compose run --rm certbot renew --deploy-hook 'touch /etc/letsencrypt/.reload-nginx'"` }, `Saving debug log to /var/log/letsencrypt/letsencrypt.log

- - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - -
Processing /etc/letsencrypt/renewal/kiraz.com.tr.conf
- - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - -
Renewing an existing certificate for kiraz.com.tr and www.kiraz.com.tr

- - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - -
Congratulations, all renewals succeeded:
  /etc/letsencrypt/live/kiraz.com.tr/fullchain.pem (success)
- - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - -
(the .reload-nginx flag is picked up by the nginx container's watcher on both nodes; cert synced to kiraz-web-02 by the certbot role)`, undefined, { kind: "app", where: "top" }],
    [178, "Bash", SSL_CMD("kiraz.com.tr"), `issuer=C = US, O = Let's Encrypt, CN = R10
subject=CN = kiraz.com.tr
notBefore=Dec  7 08:21:45 2026 GMT
notAfter=Mar  7 08:21:44 2027 GMT`, "sslcert", { kind: "app", where: "top" }],
    [179, "Bash", COMMIT("nginx: serve acme-challenge on :80 again"), commit("71b0f3c", "nginx: serve acme-challenge on :80 again", 1, 7, 1, `c7e2a19 replaced the :80 server with a bare "return 301", which also
redirected /.well-known/acme-challenge/ and the webroot renewal got a 404
(cert was due on Dec 14). The challenge location is back; renewed on Dec 7,
valid until Mar 7 2027.`), undefined, { kind: "build", where: "top" }],
    // ---- Dec 8: body size down, a third web node, final checks
    [181, "Bash", { command: `ssh kiraz-web-01 "sudo awk '\\$7 ~ /\\/photos\\$/ && \\$9 == 201 { print \\$10 }' /var/log/nginx/kiraz.upload.log" | sort -n | awk '{ a[NR] = \\$1 } END { print "uploads:", NR, " p50:", a[int(NR*0.5)], " p99:", a[int(NR*0.99)], " max:", a[NR] }'` }, `uploads: 41877  p50: 1904221  p99: 4811203  max: 28911740
(the 3.4 apps resize photos to 2560 px before upload; the only bodies over 20 MB in 24h are 6 PDFs from one account)`, undefined, { kind: "app", where: "top" }],
    [182, "Edit", { file_path: `${K}/${PROD}/group_vars/web.yml`, old_string: "nginx_client_max_body_size: 30m", new_string: "nginx_client_max_body_size: 20m" }, `The file ${K}/${PROD}/group_vars/web.yml has been updated.`, undefined, { kind: "code", where: "top" }],
    [183, "Bash", { command: `cd ansible && ansible-playbook -i inventories/prod site.yml --tags nginx --limit web` }, play("web", [["Gathering Facts", each(WEB2, "ok")], ["nginx : render kiraz.conf", each(WEB2, "changed")], ["nginx : nginx -t", each(WEB2, "ok")], ["nginx : reload nginx", each(WEB2, "changed")]], WEB2.map((h) => recapRow(h, 7, 2))), undefined, { kind: "build", where: "top" }],
    [184, "Bash", NGINX_CMD, nginxGrep("20m", true), "nginxbody", { kind: "app", where: "top" }],
    [185, "Read", WEBVARS, webVars({ workers: 6, klass: "gthread", conns: 1000, threads: 4, timeout: 60, maxReq: 1000, body: "20m" }), "webvars", { kind: "code", where: "top" }],
    [187, "Bash", { command: "hcloud server create --name kiraz-web-03 --type cpx31 --image ubuntu-24.04 --location nbg1 --network kiraz-net --ssh-key deploy --label role=web --label env=prod --user-data-from-file cloud-init/web.yml" }, `Waiting for create_server     100% 12s
Waiting for start_server      100% 1s
Waiting for attach_to_network 100% 2s
Server 58310447 created
IPv4: 91.107.214.6
IPv6: 2a01:4f8:1c1b:6e2a::1
IPv6 Network: 2a01:4f8:1c1b:6e2a::/64
Private Networks:
	- 10.20.0.13 (kiraz-net)`, undefined, { kind: "app", where: "top" }],
    [188, "Edit", { file_path: `${K}/${PROD}/hosts.yml`, old_string: "        kiraz-web-02: { ansible_host: 168.119.42.58, private_ip: 10.20.0.12 }", new_string: "        kiraz-web-02: { ansible_host: 168.119.42.58, private_ip: 10.20.0.12 }\n        kiraz-web-03: { ansible_host: 91.107.214.6, private_ip: 10.20.0.13 }" }, `The file ${K}/${PROD}/hosts.yml has been updated.`, undefined, { kind: "code", where: "top" }],
    [189, "Read", { file_path: `${K}/${PROD}/hosts.yml` }, prodHosts(true), "prodinv", { kind: "code", where: "top" }],
    [190, "Bash", { command: `cd ansible && ansible-playbook -i inventories/prod site.yml --limit kiraz-web-03 -e image_tag=2026.12.06-2` }, play("web", [["Gathering Facts", ["ok: [kiraz-web-03]"]], ["common : base packages, ufw, unattended-upgrades", ["changed: [kiraz-web-03]"]], ["docker : install docker engine 27.4", ["changed: [kiraz-web-03]"]], ["app : render .env, compose.yml, gunicorn.conf.py", ["changed: [kiraz-web-03]"]], ["nginx : render kiraz.conf", ["changed: [kiraz-web-03]"]], ["certbot : sync certificates from kiraz-web-01", ["changed: [kiraz-web-03]"]], ["app : pull image", [`changed: [kiraz-web-03] => ${IMG}:2026.12.06-2`]], ["app : wait for /healthz", ["ok: [kiraz-web-03]"]]], [recapRow("kiraz-web-03", 58, 31, 0, 6)]), undefined, { kind: "build", where: "top" }],
    [191, "Bash", { command: "hcloud load-balancer add-target kiraz-lb --server kiraz-web-03 --use-private-ip && sleep 30 && hcloud load-balancer describe kiraz-lb -o format='{{range .Targets}}{{.Server.Name}} {{range .HealthStatus}}{{.ListenPort}}={{.Status}} {{end}}{{println}}{{end}}'" }, `Target added to load balancer 1821044
kiraz-web-01 80=healthy 443=healthy
kiraz-web-02 80=healthy 443=healthy
kiraz-web-03 80=healthy 443=healthy`, undefined, { kind: "app", where: "top" }],
    [192, "Bash", SERVERS_CMD, servers(true), "hcloudservers", { kind: "app", where: "top" }],
    [194, "Bash", PGCONN_CMD, pgConns([["kiraz", "web", "idle", 27], ["kiraz", "celery", "idle", 10], ["kiraz", "web", "active", 9], ["kiraz", "celery", "active", 2], ["metabase", "Metabase v0.50.3", "idle", 2], ["postgres", "psql", "active", 1]], 51, 200), "pgconns", { kind: "pg", where: "top" }],
    [196, "Bash", PYTEST_CMD, pytestOut("431 passed, 2 skipped", "144.90s (0:02:24)"), "pytest", { kind: "test", where: "bottom" }],
    [197, "Bash", { command: "git commit -qam 'search: highlight matches; web-03 in the prod inventory' && git push" }, `To github.com:kiraz-market/kiraz.git
   71b0f3c..f8e2d61  main -> main`, undefined, { kind: "build", where: "top" }],
    [198, "Bash", { command: "gh run watch $(gh run list --workflow deploy.yml --limit 1 --json databaseId -q '.[0].databaseId')" }, ghDeploy("12207730114", "2026.12.08-1", "12 minutes", " (kiraz-web-01, kiraz-web-02, kiraz-web-03)"), undefined, { kind: "build", where: "top" }],
    [199, "Bash", HEALTH_CMD, health("2026.12.08-1", "f8e2d61"), "health", { kind: "app", where: "top" }],
    [200, "Bash", PS_CMD, composePs("2026.12.08-1", "Up 6 minutes (healthy)", "6 minutes ago"), "composeps", { kind: "app", where: "top" }],
    [201, "Bash", SENTRY_CMD, sentryTable([
      ["6128810071", "KIRAZ-WEB-4N", "ValidationError: {'phone': ['Geçerli bir telefon numarası girin.']}", "2026-12-08 11:02:14"],
      ["6127441903", "KIRAZ-WEB-4K", "iyzipay: Connection timed out (api.iyzipay.com)", "2026-12-08 10:41:57"],
      ["6120044187", "KIRAZ-WEB-4F", "PoolTimeout: couldn't get a connection after 10.00 sec", "2026-12-07 04:01:40"],
      ["6101882240", "KIRAZ-CELERY-12", "orders.tasks.poll_yurtici: HTTPError 502 Bad Gateway", "2026-12-08 09:30:00"],
    ]), undefined, { kind: "app", where: "top" }],
    [203, "Bash", { command: `ssh kiraz-worker-01 "cd /opt/kiraz && docker compose ps --format 'table {{.Name}}\\t{{.Image}}\\t{{.Status}}'"` }, `NAME                    IMAGE                                     STATUS
kiraz-celery-beat-1     ${IMG}:2026.12.08-1   Up 9 minutes
kiraz-celery-default-1  ${IMG}:2026.12.08-1   Up 9 minutes
kiraz-celery-images-1   ${IMG}:2026.12.08-1   Up 9 minutes
kiraz-redis-1           redis:7.4.1-alpine                        Up 2 days
kiraz-redis-cache-1     redis:7.4.1-alpine                        Up 2 days`, undefined, { kind: "app", where: "top" }],
    [204, "Bash", { command: "git log --oneline -n 16" }, `f8e2d61 search: highlight matches; web-03 in the prod inventory
71b0f3c nginx: serve acme-challenge on :80 again
9d0e4a7 postgres: max_slot_wal_keep_size 10GB; alerts for volume fill and inactive slots
c25e9d1 db: psycopg pool (min 2, max 4), CONN_MAX_AGE 0
0d4f8a2 celery: default worker 8, images worker 4 (prefetch 1)
a6b3e50 redis: separate cache instance (3gb, allkeys-lru); broker back to 1gb noeviction
2e90d14 sentry: traces_sample_rate 0.1
5c8d2f9 redis: 2gb, allkeys-lru
e1a07c3 listings: search_vector with a concurrent gin index (0042 redone)
3f92b1d settings: STORAGES (django 5.1 dropped DEFAULT_FILE_STORAGE)
77c1e0a django 5.1.4, python 3.12.8 (accounts.email: und_ci collation)
8a4c6e1 gunicorn: 6 gthread workers x 4 threads, max_requests 1000; CONN_MAX_AGE 60
d31f7a0 payouts: schedule in local date; pin created_at in the weekly test
4be91c2 prod: gunicorn 9 gevent workers / 60s, CONN_MAX_AGE 0, pg max_connections 200
b7d21e4 listings: search by city + free text
a90c3f1 messaging: unread badge in header`, undefined, { kind: "build", where: "top" }],
    [209, "Bash", { command: `ssh kiraz-stg-worker-01 "docker exec kiraz-redis-1 redis-cli INFO memory" | ${REDIS_GREP}` }, redisMem(98112004, "93.57M", "311.20M", 536870912, "512.00M", "allkeys-lru", "1.31"), undefined, { kind: "app", where: "top" }],
  ],
  questions: [
    // state
    { kind: "state", lang: "tr", prompt: "prod'da gunicorn worker sayısı şu an kaç", want: [{ key: "webvars", fact: "gunicorn_workers: 6" }] },
    { kind: "state", prompt: "celery concurrency on the default worker?", want: [{ key: "celerystats", fact: "celery@default.kiraz-worker-01  pool=prefork  max-concurrency=8" }] },
    { kind: "state", lang: "tr", prompt: "images kuyruğunu işleyen worker'ların concurrency'si kaç", want: [{ key: "celerystats", fact: "celery@images.kiraz-worker-01  pool=prefork  max-concurrency=4" }] },
    { kind: "state", lang: "tr", prompt: "canlıda django hangi sürümde", want: [{ key: "versions", fact: "Django 5.1.4" }] },
    { kind: "state", prompt: "which python is the prod image on now", want: [{ key: "versions", fact: "Python 3.12.8" }] },
    { kind: "state", lang: "tr", prompt: "CONN_MAX_AGE'i en son neye ayarladık", want: [{ key: "settingsprod", fact: '"CONN_MAX_AGE": 0,' }] },
    { kind: "state", prompt: "redis cache instance maxmemory", want: [{ key: "redismem", fact: "maxmemory_human:3.00G" }] },
    { kind: "state", lang: "tr", prompt: "broker redis'in eviction policy'si ne şu an", want: [{ key: "redisbroker", fact: "maxmemory_policy:noeviction" }] },
    { kind: "state", lang: "tr", prompt: "nginx'te client_max_body_size kaçta kaldı", want: [{ key: "nginxbody", fact: "client_max_body_size 20m;" }] },
    { kind: "state", prompt: "is search_vector actually in the listings table on prod now, with its index?", want: [{ key: "dlisting", fact: '"listings_listing_search_vector_gin" gin (search_vector)' }] },
    { kind: "state", prompt: "when does the kiraz.com.tr cert expire", want: [{ key: "sslcert", fact: "notAfter=Mar  7 08:21:44 2027 GMT" }] },
    { kind: "state", lang: "tr", prompt: "pytest'te kaç test geçiyor şu an", want: [{ key: "pytest", fact: "431 passed, 2 skipped" }] },
    { kind: "state", prompt: "pg max_connections currently", want: [{ key: "pgsettings", fact: "max_connections|200|" }] },
    { kind: "state", lang: "tr", prompt: "max_slot_wal_keep_size neye ayarlı", want: [{ key: "pgsettings", fact: "max_slot_wal_keep_size|10240|MB" }] },
    { kind: "state", lang: "tr", prompt: "canlıda hangi release dönüyor", want: [{ key: "health", fact: '"release": "2026.12.08-1"' }] },
    { kind: "state", prompt: "how big is the db data volume now", want: [{ key: "hcloudvol", fact: VOL_DATA_200 }] },
    { kind: "state", prompt: "how many web nodes are in the prod inventory", want: [{ key: "prodinv", fact: "kiraz-web-03: { ansible_host: 91.107.214.6, private_ip: 10.20.0.13 }" }] },
    { kind: "state", lang: "tr", prompt: "sentry traces_sample_rate kaçta", want: [{ key: "settingsprod", fact: "traces_sample_rate=0.1," }] },
    { kind: "state", prompt: "payout schedule test still flaky?", want: [{ key: "flakyloop", fact: "0/30 runs failed" }] },
    { kind: "state", prompt: "what image tag is web-01 running", want: [{ key: "composeps", fact: `${IMG}:2026.12.08-1` }] },
    // history
    { kind: "history", lang: "tr", prompt: "gece site neden çöktü, sebep neydi", want: [{ turn: 159, fact: " debezium_kiraz | logical   | f      | 71 GB" }] },
    { kind: "history", prompt: "what time exactly did postgres go down in the outage", want: [{ turn: 154, fact: "2026-12-07 03:12:08.441 UTC [48211] PANIC:  could not write to file" }] },
    { kind: "history", lang: "tr", prompt: "gunicorn worker'ları 9'a çıkarmadan önce kaç taneydi", want: [{ turn: 4, fact: "gunicorn_workers: 4" }] },
    { kind: "history", prompt: "why did we go down from 9 gunicorn workers", want: [{ turn: 55, fact: "Out of memory: Killed process 28114 (gunicorn)" }] },
    { kind: "history", lang: "tr", prompt: "CONN_MAX_AGE'i None'dan neden değiştirmiştik", want: [{ turn: 15, fact: "FATAL:  sorry, too many clients already" }] },
    { kind: "history", prompt: "what was CONN_MAX_AGE before we switched on the psycopg pool", want: [{ turn: 126, fact: '"CONN_MAX_AGE": 60,' }] },
    { kind: "history", lang: "tr", prompt: "0042 migration'ı neden fake'lemek zorunda kalmıştık", want: [{ turn: 90, fact: "canceling statement due to lock timeout" }] },
    { kind: "history", prompt: "what error did prod throw after the faked migration", want: [{ turn: 99, fact: "column listings_listing.search_vector does not exist" }] },
    { kind: "history", prompt: "what was making the weekly payout test flaky", want: [{ turn: 45, fact: "created_at.date(), which is the UTC date" }] },
    { kind: "history", lang: "tr", prompt: "django 5.1 deploy'undan sonra ilan fotoğrafları neden 404 veriyordu", want: [{ turn: 76, fact: "<class 'django.core.files.storage.filesystem.FileSystemStorage'>" }] },
    { kind: "history", prompt: "which tag did we roll back to when 5.1 broke the photos", want: [{ turn: 77, fact: `${IMG}:2026.12.04-2` }] },
    { kind: "history", lang: "tr", prompt: "sertifika yenileme neden başarısız oluyordu", want: [{ turn: 173, fact: "Invalid response from http://kiraz.com.tr/.well-known/acme-challenge/" }] },
    { kind: "history", prompt: "client_max_body_size before we first raised it?", want: [{ turn: 48, fact: "client_max_body_size 10m;" }] },
    { kind: "history", lang: "tr", prompt: "redis ayarını değiştirdikten sonra celery task'ları neden kayboldu", want: [{ turn: 125, fact: "evicted_keys:18211" }] },
    // multi
    { kind: "multi", lang: "tr", prompt: "gunicorn worker sayısı ve default celery worker'ın concurrency'si", want: [{ key: "webvars", fact: "gunicorn_workers: 6" }, { key: "celerystats", fact: "celery@default.kiraz-worker-01  pool=prefork  max-concurrency=8" }] },
    { kind: "multi", prompt: "django version and how many tests pass", want: [{ key: "versions", fact: "Django 5.1.4" }, { key: "pytest", fact: "431 passed, 2 skipped" }] },
    { kind: "multi", prompt: "cache redis maxmemory + broker eviction policy", want: [{ key: "redismem", fact: "maxmemory_human:3.00G" }, { key: "redisbroker", fact: "maxmemory_policy:noeviction" }] },
    { kind: "multi", lang: "tr", prompt: "CONN_MAX_AGE ile postgres max_connections şu an kaç", want: [{ key: "settingsprod", fact: '"CONN_MAX_AGE": 0,' }, { key: "pgsettings", fact: "max_connections|200|" }] },
    { kind: "multi", prompt: "cert expiry, and which release is live", want: [{ key: "sslcert", fact: "notAfter=Mar  7 08:21:44 2027 GMT" }, { key: "health", fact: '"release": "2026.12.08-1"' }] },
    { kind: "multi", lang: "tr", prompt: "client_max_body_size ve db volume'unun boyutu", want: [{ key: "nginxbody", fact: "client_max_body_size 20m;" }, { key: "hcloudvol", fact: VOL_DATA_200 }] },
    { kind: "multi", prompt: "why did the db die last night and what's max_slot_wal_keep_size set to now", want: [{ turn: 159, fact: " debezium_kiraz | logical   | f      | 71 GB" }, { key: "pgsettings", fact: "max_slot_wal_keep_size|10240|MB" }] },
    { kind: "multi", lang: "tr", prompt: "flaky payout testini düzelttik mi, toplamda kaç test geçiyor", want: [{ key: "flakyloop", fact: "0/30 runs failed" }, { key: "pytest", fact: "431 passed, 2 skipped" }] },
    // none
    { kind: "none", lang: "tr", prompt: "tamam sağol, yarın devam ederiz" },
    { kind: "none", prompt: "in general whats the diff between select_related and prefetch_related" },
    { kind: "none", lang: "tr", prompt: "python'da walrus operatörü ne işe yarıyor kısaca" },
    { kind: "none", prompt: "brb lunch" },
    { kind: "none", lang: "tr", prompt: "genel olarak celery'de chord ile group arasındaki fark ne" },
  ],
};

/** Held out from the selection work: written blind, never run before it was registered (Django on Hetzner Cloud, Turkish and English). */
export const HELD_OUT_39 = [kiraz];
