// One more held-out recall session (format: tests/recall/build.mjs): written blind, without reading the selection's
// code, its tests or any benchmark result, and kept out of the selection work. HELD_OUT_35: "poyraz", a Turkish
// team's second-hand furniture marketplace on Rails 7 (Ruby 3.3, Rails 7.1 at the start) deployed with Kamal 2 to
// Hetzner VMs (web-1 with Puma behind kamal-proxy and Cloudflare, job-1 with Sidekiq and its Redis accessory, db-1
// with PostgreSQL 16 and PgBouncer, search-1 with OpenSearch, Active Storage on Cloudflare R2, Iyzico payments,
// Hotwire, RSpec with cuprite, rubocop, GitHub Actions). Over the session Puma workers that bloated and OOM'd web-1
// are cut from 6 to 4 and later, with jemalloc and MALLOC_ARENA_MAX=2, set to 5 workers x 4 threads; an N+1 on the
// listings page is fixed with includes and a favorites counter cache; Iyzico webhooks fail their signature check
// because checkout-form events sign the token too; an image-variants backlog in Sidekiq leads to concurrency 10 ->
// 25 -> 16, PgBouncer and Postgres connection limits raised, a separate cache Redis (noeviction for Sidekiq) and a
// dead set cleanup; a unique index on favorites fails in prod on duplicate rows (leaving an INVALID index) and is
// redone with a dedupe; a flaky cuprite system spec is fixed; the Ruby 3.4 / Rails 7.2 upgrade breaks payments
// (Rails.application.secrets removed) and a CSV job, is rolled back with `kamal rollback`, reverted and redone; the
// listings OpenSearch index gets a Turkish analyzer and a geo_point, a first reindex aborts on bad coordinates, the
// second one succeeds and the alias is swapped; job-1's disk fills up with a 96G container log; the origin TLS
// certificate expires because Cloudflare's Always Use HTTPS broke kamal-proxy's Let's Encrypt renewal. The user
// writes Turkish for about half the questions.

const P = "/home/dev/poyraz";
const WEB = "10.0.1.11";
const JOB = "10.0.1.21";
const DB = "10.0.1.31";

const numbered = (start, text) => text.split("\n").map((l, i) => `${String(start + i).padStart(4)}\t${l}`).join("\n");
const edited = (file, start, snippet) => `The file ${P}/${file} has been updated. Here's the result of running \`cat -n\` on a snippet of the edited file:\n${numbered(start, snippet)}`;

// versions (kamal uses the full git sha)
const SHA_A = "6b1f0a3c8e2d41f79a05c3b7d2e8f104a6c9b512"; // live at the start (ruby 3.3, rails 7.1)
const SHA_B = "3e9d51a7f0c24b8e96d1a2f35c7b0e4d81f6a293"; // n+1 + counter cache + puma 4 workers
const SHA_X = "9f3d2b6e41a07c58d2e1b9f0a6c3d74e8b25f1a0"; // unique index migration that failed
const SHA_C = "c81a4f26d93e07b5a1f8c2e64b9d3a0f7e15c8d4"; // last 3.3 / 7.1 release, rollback target
const SHA_D = "d47c2e90b1a6f38e5c02d9b7a4e1f6c83b05a9e2"; // ruby 3.4.4 / rails 7.2.2.1, rolled back
const SHA_E = "5fa0b8e3c7d14e2a90b6f31d8c5e7a24f09b3d61"; // ruby 3.4.5 / rails 7.2.2.2, second try
const SHA_F = "e8a51c7d2f9b04e63a1c8d5f7b2e9a0c46d1f3b8"; // jemalloc + log rotation
const SHA_STG = "a0d93f15e2b847c6d1f05a8e3b9c72d4e6f1a058"; // staging

const VERSION_CMD = { command: "kamal app version -q" };
const appVersion = (sha) => `App Host: ${WEB}\n${sha}\n\nApp Host: ${JOB}\n${sha}`;

const RUBYV_CMD = { command: "kamal app exec -q --reuse 'ruby -v && bin/rails -v'" };
const rubyV = (ruby, rails) => `App Host: ${WEB}\n${ruby}\n${rails}`;
const RUBY_338 = "ruby 3.3.8 (2025-04-09 revision b200bad6cd) +YJIT [x86_64-linux]";
const RUBY_344 = "ruby 3.4.4 (2025-05-14 revision a38531fd3f) +YJIT +PRISM [x86_64-linux]";
const RUBY_345 = "ruby 3.4.5 (2025-07-16 revision 20cda200d3) +YJIT +PRISM [x86_64-linux]";

const PUMA_V1 = `# config/puma.rb (web role, web-1: CPX41 8 vCPU / 16 GB)
workers 6
threads 5, 5

preload_app!

port ENV.fetch("PORT", 3000)
environment ENV.fetch("RAILS_ENV", "production")
pidfile ENV.fetch("PIDFILE", "tmp/pids/server.pid")

worker_timeout 60
worker_shutdown_timeout 25

before_fork do
  ActiveRecord::Base.connection_pool.disconnect! if defined?(ActiveRecord)
end

on_worker_boot do
  ActiveRecord::Base.establish_connection if defined?(ActiveRecord)
end

plugin :tmp_restart`;

const DSTATS_CMD = { command: "ssh deploy@10.0.1.11 docker stats --no-stream" };
const dstats = (id, sha, cpu, mem, pct, net, pids, proxyMem) => `CONTAINER ID   NAME                                                    CPU %     MEM USAGE / LIMIT     MEM %     NET I/O           BLOCK I/O         PIDS
${id}   poyraz-web-${sha}   ${cpu}   ${mem} / 15.24GiB   ${pct}    ${net}    1.9GB / 88.1MB    ${pids}
a91f3c2e7b10   kamal-proxy                                             3.87%     ${proxyMem} / 15.24GiB    0.40%     1.33TB / 1.35TB   12.3MB / 0B       12`;
const DSTATS_NOW = "5.31GiB / 15.24GiB";

const LISTLOG_CMD = { command: "kamal app logs -r web --since 1h --grep 'ListingsController#index' --grep-options '-A 60' | grep 'Completed 200' | tail -3; bin/logstat ListingsController#index --since 1h" };
const listLog = (lines, stat) => `App Host: ${WEB}\n${lines.join("\n")}\n${stat}`;


const SQSTATS_CMD = { command: "kamal app exec -q --reuse -r job \"bin/rails runner 'puts Sidekiq::Stats.new.inspect'\"" };
const stats33 = (addr, o) => `App Host: ${JOB}\n#<Sidekiq::Stats:0x0000${addr} @stats={${Object.entries(o).map(([k, v]) => `:${k}=>${v}`).join(", ")}}>`;
const stats34 = (addr, o) => `App Host: ${JOB}\n#<Sidekiq::Stats:0x0000${addr} @stats={${Object.entries(o).map(([k, v]) => `${k}: ${v}`).join(", ")}}>`;

const SQQUEUES_CMD = { command: "kamal app exec -q --reuse -r job \"bin/rails runner 'Sidekiq::Queue.all.each { |q| puts format(%(%-9s size=%-6d latency=%.1fs), q.name, q.size, q.latency) }'\"" };
const qrow = (name, size, lat) => `${name.padEnd(9)} size=${String(size).padEnd(6)} latency=${lat}s`;
const sqQueues = (rows) => `App Host: ${JOB}\n${rows.join("\n")}`;
const Q_IMAGES_PEAK = qrow("images", 47111, "18922.4");
const Q_IMAGES_NOW = qrow("images", 3, "0.8");

const sidekiqYml = (conc, imagesWeight) => `# config/sidekiq.yml (job role on job-1)
concurrency: ${conc}
timeout: 25
max_retries: 25
queues:
  - [critical, 6]
  - [default, 4]
  - [mailers, 2]
  - [images, ${imagesWeight}]
  - [search, 1]`;

const REDISPOL_CMD = { command: "kamal accessory exec redis -q --reuse 'redis-cli config get maxmemory-policy' && kamal app logs -r job --since 1d --grep 'evict'" };

const PGB_INI_CMD = { command: "ssh deploy@10.0.1.31 sudo cat /etc/pgbouncer/pgbouncer.ini | grep -v '^;' | grep -v '^$'" };
const pgbIni = (maxClient, pool, reserve) => `[databases]
poyraz_production = host=127.0.0.1 port=5432 dbname=poyraz_production
[pgbouncer]
logfile = /var/log/postgresql/pgbouncer.log
pidfile = /var/run/postgresql/pgbouncer.pid
listen_addr = ${DB}
listen_port = 6432
auth_type = scram-sha-256
auth_file = /etc/pgbouncer/userlist.txt
pool_mode = transaction
max_client_conn = ${maxClient}
default_pool_size = ${pool}
reserve_pool_size = ${reserve}
reserve_pool_timeout = 3
server_idle_timeout = 600
max_prepared_statements = 0
admin_users = pgbouncer
stats_users = pgbouncer, metabase`;

const PGMAX_CMD = { command: "ssh deploy@10.0.1.31 \"sudo -u postgres psql -x -c 'show max_connections' -c 'select count(*) as conns from pg_stat_activity'\"" };
const pgMax = (n, conns) => `-[ RECORD 1 ]---+----
max_connections | ${n}

-[ RECORD 1 ]
conns | ${conns}`;

const PGPOOLS_CMD = { command: "ssh deploy@10.0.1.31 \"psql -h 10.0.1.31 -p 6432 -U pgbouncer pgbouncer -c 'show pools'\"" };
const poolRow = (db, user, clA, clW, svA, svI, svU, maxwait, mode) => ` ${db.padEnd(17)} | ${user.padEnd(9)} | ${String(clA).padStart(9)} | ${String(clW).padStart(10)} | ${String(svA).padStart(9)} | ${String(svI).padStart(7)} | ${String(svU).padStart(7)} | ${String(maxwait).padStart(7)} | ${mode}`;
const pgPools = (rows) => `     database      |   user    | cl_active | cl_waiting | sv_active | sv_idle | sv_used | maxwait | pool_mode
-------------------+-----------+-----------+------------+-----------+---------+---------+---------+-------------
${rows.join("\n")}
(${rows.length} rows)`;
const POOLS_NOW = poolRow("poyraz_production", "poyraz", 61, 0, 23, 14, 3, 0, "transaction");

const IMAGEJOB_V1 = `class ListingImageVariantsJob
  include Sidekiq::Job
  sidekiq_options queue: "images", retry: 25

  VARIANTS = %i[thumb card large].freeze

  def perform(attachment_id)
    attachment = ActiveStorage::Attachment.find(attachment_id)
    VARIANTS.each { |name| attachment.variant(name).processed }
  end
end`;

const MIGSTATUS_CMD = { command: "kamal app exec -q 'bin/rails db:migrate:status | tail -6'" };
const migRow = (st, id, name) => `${st.padStart(6)}     ${id}  ${name}`;
const migStatus = (rows) => `App Host: ${WEB}

database: poyraz_production

 Status   Migration ID    Migration Name
--------------------------------------------------
${rows.join("\n")}`;
const MIG_BASE = [migRow("up", "20260224093000", "Add condition to listings"), migRow("up", "20260227101500", "Add sold at to listings"), migRow("up", "20260309121500", "Add favorites count to listings")];
const MIG_NOW = migRow("up", "20260310121000", "Add unique index to favorites");

const FLAKY_CMD = { command: "bin/rspec-loop spec/system/offers/make_offer_spec.rb 25" };

const ghRow = (st, title, branch, id, elapsed, age) => `${st.padEnd(8)}${title.padEnd(47)}CI        ${branch.padEnd(28)}${branch === "main" ? "push " : "pull_request"}  ${id}  ${elapsed.padEnd(8)} ${age}`;
const ghRuns = (rows) => `STATUS  TITLE                                          WORKFLOW  BRANCH                      EVENT  ID           ELAPSED  AGE\n${rows.join("\n")}`;
const GH_CMD = { command: "gh run list --workflow ci.yml --limit 5" };
const GH_NOW = ghRow("✓", "puma: jemalloc + MALLOC_ARENA_MAX=2, workers ...", "main", "13902881406", "8m51s", "about 12 minutes ago");

const RUBOCOP_CMD = { command: "bundle exec rubocop --format simple | tail -4" };

const OSIDX_CMD = { command: "ssh deploy@10.0.1.41 \"curl -s 'localhost:9200/_cat/indices?v&s=index'\"" };
const idxRow = (health, index, uuid, pri, docs, deleted, size) => `${health.padEnd(6)} open   ${index.padEnd(26)} ${uuid}   ${pri}   0 ${String(docs).padStart(10)} ${String(deleted).padStart(12)} ${size.padStart(10)} ${size.padStart(14)}`;
const osIndices = (rows) => `health status index                      uuid                     pri rep docs.count docs.deleted store.size pri.store.size\n${rows.join("\n")}`;
const IDX_SYS = [idxRow("green", ".opensearch-observability", "0Fz3kQ8aTOi6mWn1cVx5Ug", 1, 0, 0, "208b"), idxRow("green", ".plugins-ml-config", "Ra4nP1xYSg6q2Vb7eKt0cw", 1, 1, 0, "3.9kb")];
const IDX_CAT = idxRow("green", "categories_v1", "p2Lr7vKcQf2a9wXz0eD4sg", 1, 214, 0, "112.4kb");
const IDX_SAVED = (n, d, s) => idxRow("green", "saved_searches_v2", "b7Tg0xWmR1uQ5nKe8sFh2A", 1, n, d, s);
const IDX_V4_NOW = idxRow("green", "listings_v4", "kR7wq1XzS0ehb3Nf9LcT2A", 3, 419106, 2304, "1gb");

const OSALIAS_CMD = { command: "ssh deploy@10.0.1.41 \"curl -s 'localhost:9200/_cat/aliases?v&s=alias'\"" };
const aliasRow = (alias, index, write) => `${alias.padEnd(14)} ${index.padEnd(17)} -      -             -              ${write}`;
const osAliases = (rows) => `alias          index             filter routing.index routing.search is_write_index\n${rows.join("\n")}`;
const ALIAS_NOW = aliasRow("listings", "listings_v4", "true");

const OSMAP_CMD = { command: "ssh deploy@10.0.1.41 \"curl -s 'localhost:9200/listings/_mapping/field/title,location?pretty'\"" };

const TASK_CMD = (id) => ({ command: `ssh deploy@10.0.1.41 "curl -s 'localhost:9200/_tasks/hX2kP0aNQ9m3wQ1c7ZtV0g:${id}?pretty'"` });

const DFJOB_CMD = { command: "ssh deploy@10.0.1.21 df -h / /var/lib/docker" };
const dfJob = (size, used, avail, pct) => `Filesystem      Size  Used Avail Use% Mounted on
/dev/sda1       ${size}  ${used}  ${avail}  ${pct} /
/dev/sda1       ${size}  ${used}  ${avail}  ${pct} /`;
const DFJOB_NOW = "150G   19G  125G  14%";

const CERT_CMD = { command: "echo | openssl s_client -connect 10.0.1.11:443 -servername poyraz.com.tr 2>/dev/null | openssl x509 -noout -subject -issuer -dates" };
const cert = (nb, na) => `subject=CN = poyraz.com.tr\nissuer=C = US, O = Let's Encrypt, CN = R11\nnotBefore=${nb}\nnotAfter=${na}`;
const CERT_NOW = "notAfter=Jun 10 19:20:32 2026 GMT";

const ENV_CMD = { command: "kamal app exec -q --reuse 'env | grep -E \"^(LD_PRELOAD|MALLOC_|RAILS_MAX_THREADS|RUBY_YJIT|WEB_CONCURRENCY)\" | sort'" };

const poyraz = {
  name: "poyraz (held out 35)",
  sessionId: "3d0a1e32-239a-4514-8ca4-1df31823ac3f",
  cwd: P,
  turns: 210,
  seed: 35353,
  files: ["app/controllers/listings_controller.rb", "app/controllers/webhooks/iyzico_controller.rb", "app/controllers/checkout/payments_controller.rb", "app/controllers/offers_controller.rb", "app/models/listing.rb", "app/models/favorite.rb", "app/models/offer.rb", "app/services/payments/iyzico_client.rb", "app/sidekiq/listing_image_variants_job.rb", "app/sidekiq/seller_payout_report_job.rb", "app/sidekiq/listing_index_job.rb", "app/views/listings/_listing_card.html.erb", "app/views/listings/index.html.erb", "app/views/offers/_form.html.erb", "lib/search/listing_indexer.rb", "config/deploy.yml", "config/puma.rb", "config/sidekiq.yml", "config/database.yml", "config/storage.yml", "Dockerfile", "Gemfile"],
  otherTests: ["spec/models/listing_spec.rb", "spec/models/favorite_spec.rb", "spec/requests/listings_spec.rb", "spec/requests/webhooks/iyzico_spec.rb", "spec/sidekiq/listing_image_variants_job_spec.rb", "spec/system/listings/search_spec.rb", "spec/system/favorites_spec.rb"],
  words: ["ilan", "ilanlar", "satici", "alici", "teklif", "favori", "sehir", "kategori", "mobilya", "koltuk", "gardirop", "listing", "offer", "seller", "favorite", "image", "variant", "payment", "webhook", "index", "queue", "job", "worker", "search", "blob"],
  grepWords: ["includes(", "Sidekiq::Job", "perform_async", "Rails.application.credentials", "TODO", "turbo_stream", "with_attached_images"],
  testCommands: ["bundle exec rspec spec/models", "bundle exec rspec spec/requests/listings_spec.rb", "bundle exec rspec spec/sidekiq --format progress"],
  buildCommands: ["bin/rails assets:precompile", "bundle exec rubocop app/models", "docker build -t poyraz:dev ."],
  appCommands: ["kamal app logs -r web --since 10m", "kamal app logs -r job --since 10m", "kamal proxy logs --lines 50"],
  prompts: ["devam", "devam et", "ok", "tamam sonraki", "go on", "next", "hadi", "evet", "keep going", "sıradaki adım"],
  facts: [
    // ---- orientation, puma memory, listings n+1 ----
    [3, "Bash", VERSION_CMD, appVersion(SHA_A), "appversion", { kind: "app", where: "top" }],
    [4, "Bash", RUBYV_CMD, rubyV(RUBY_338, "Rails 7.1.5.1"), "rubyv", { kind: "app", where: "top" }],
    [6, "Read", { file_path: `${P}/config/deploy.yml` }, numbered(1, `service: poyraz
image: poyraz-pazar/poyraz

servers:
  web:
    hosts:
      - ${WEB}
  job:
    hosts:
      - ${JOB}
    cmd: bundle exec sidekiq -C config/sidekiq.yml

proxy:
  ssl: true
  host: poyraz.com.tr
  app_port: 3000

env:
  secret:
    - RAILS_MASTER_KEY
    - DATABASE_URL
    - REDIS_URL
    - IYZICO_API_KEY
    - IYZICO_SECRET_KEY
  clear:
    RAILS_ENV: production
    RAILS_LOG_TO_STDOUT: "1"
    RAILS_MAX_THREADS: 5
    OPENSEARCH_URL: http://10.0.1.41:9200
    RUBY_YJIT_ENABLE: "1"

accessories:
  redis:
    image: redis:7.2-alpine
    host: ${JOB}
    port: "${JOB}:6379:6379"
    cmd: redis-server --maxmemory 2gb --maxmemory-policy allkeys-lru --appendonly yes
    directories:
      - data:/data`), "deployyml", { kind: "code", where: "top" }],
    [8, "Read", { file_path: `${P}/config/puma.rb` }, numbered(1, PUMA_V1), "pumarb", { kind: "code", where: "top" }],
    [10, "Bash", DSTATS_CMD, dstats("4b1e0c2f9a7d", SHA_A, "388.21%", "13.87GiB", "91.01%", "412GB / 1.02TB", 74, "61.2MiB"), "dockerstats", { kind: "app", where: "top" }],
    [11, "Bash", { command: "ssh deploy@10.0.1.21 docker stats --no-stream" }, `CONTAINER ID   NAME                                                    CPU %     MEM USAGE / LIMIT     MEM %     NET I/O           BLOCK I/O         PIDS
7c2e91ab40d5   poyraz-job-${SHA_A}   96.40%    3.12GiB / 7.57GiB     41.22%    88.1GB / 61.4GB   2.2GB / 41.9GB    31
e01b7a4f9c22   poyraz-redis                                            2.11%     1.98GiB / 7.57GiB     26.16%    61.9GB / 92.3GB   0B / 18.2GB       6`, undefined, { kind: "app", where: "top" }],
    [12, "Bash", { command: "ssh deploy@10.0.1.11 'sudo dmesg -T | grep -iE \"out of memory|oom-kill\" | tail -3; docker top poyraz-web-" + SHA_A + " -o pid,rss,etime,args | head -8'" }, `[Mon Mar  9 10:41:07 2026] oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=docker-4b1e0c2f9a7d.scope,mems_allowed=0,global_oom,task_memcg=/system.slice/docker-4b1e0c2f9a7d.scope,task=ruby,pid=2218841,uid=1000
[Mon Mar  9 10:41:07 2026] Out of memory: Killed process 2218841 (ruby) total-vm:3911204kB, anon-rss:2298412kB, file-rss:0kB, shmem-rss:0kB, UID:1000 pgtables:5120kB oom_score_adj:0
[Mon Mar  9 12:03:55 2026] Out of memory: Killed process 2241107 (ruby) total-vm:3870112kB, anon-rss:2251880kB, file-rss:0kB, shmem-rss:0kB, UID:1000 pgtables:5044kB oom_score_adj:0
PID       RSS       ELAPSED   COMMAND
2201554   412880    06:02:11  puma 6.5.0 (tcp://0.0.0.0:3000) [rails]
2201610   2187204   06:02:09  puma: cluster worker 0: 2201554 [rails]
2201613   2240118   06:02:09  puma: cluster worker 1: 2201554 [rails]
2241107   498212    00:01:12  puma: cluster worker 2: 2201554 [rails]
2201619   2301442   06:02:09  puma: cluster worker 3: 2201554 [rails]
2201622   2118006   06:02:09  puma: cluster worker 4: 2201554 [rails]
(workers start at ~480 MB and reach 2.1-2.3 GB after a few hours; 6 of them do not fit in 16 GB, the kernel kills one and puma forks a new one)`, undefined, { kind: "app", error: true, where: "top" }],
    [14, "Bash", LISTLOG_CMD, listLog([
      "I, [2026-03-09T11:02:13.412881 #188]  INFO -- : [6f2c1a0e-8b1d-4c3e-9a7f-21d0e4b8c951] Completed 200 OK in 2841ms (Views: 1210.3ms | ActiveRecord: 1502.8ms | Allocations: 912331)",
      "I, [2026-03-09T11:02:19.088102 #191]  INFO -- : [0b7d31e2-5c4a-4f0b-8e21-9c3d7a1f6b04] Completed 200 OK in 3312ms (Views: 1388.0ms | ActiveRecord: 1811.2ms | Allocations: 1004121)",
      "I, [2026-03-09T11:02:24.771530 #188]  INFO -- : [c42e9a10-7d3b-4e6f-b1a8-5f0e2d9c7b36] Completed 200 OK in 2210ms (Views: 1102.6ms | ActiveRecord: 988.1ms | Allocations: 877002)",
    ], "ListingsController#index  n=1184  avg=2841ms  p50=2612ms  p95=5120ms  (sql avg 412 queries/request)"), "listingslog", { kind: "app", where: "top" }],
    [26, "Bash", LISTLOG_CMD, listLog([
      "I, [2026-03-09T15:12:40.220118 #211]  INFO -- : [2c1d0e9f-8a7b-4c6d-b5e4-f3a2b1c0d9e8] Completed 200 OK in 188ms (Views: 96.0ms | ActiveRecord: 38.9ms | Allocations: 88120)",
      "I, [2026-03-09T15:12:44.501207 #214]  INFO -- : [7b6a5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d] Completed 200 OK in 204ms (Views: 101.7ms | ActiveRecord: 41.2ms | Allocations: 90211)",
      "I, [2026-03-09T15:12:49.013344 #211]  INFO -- : [d4c3b2a1-0f9e-4d8c-a7b6-5e4d3c2b1a0f] Completed 200 OK in 176ms (Views: 92.3ms | ActiveRecord: 36.0ms | Allocations: 86009)",
    ], "ListingsController#index  n=1411  avg=191ms  p50=182ms  p95=340ms  (sql avg 9 queries/request)"), "listingslog", { kind: "app", where: "top" }],
    [27, "Bash", { command: "git log -1 --format='%h %an %ad%n%s%n%n%b' --date=iso" }, `a17f4c2 Elif Yılmaz 2026-03-09 15:02:41 +0300
ilanlar: N+1 fix, favorites_count counter cache

Ilan listesi (ListingsController#index) 48 kart icin ~410 sorgu atiyordu: her kartta
seller, city, images ve favorites.count ayri ayri. includes + variant_records ile 9
sorguya indi. favorites.count her kartta COUNT(*) attigi icin (Bullet: Need Counter
Cache) listings.favorites_count eklendi, prod'da tek UPDATE ile dolduruldu.
p50 2.6s -> ~180ms.`, undefined, { kind: "build", where: "top" }],
    [29, "Edit", { file_path: `${P}/config/puma.rb`, old_string: "workers 6", new_string: "# 6 workers x ~2.2 GB after a few hours OOM'd web-1 (dmesg 2026-03-09 10:41)\nworkers 4" }, edited("config/puma.rb", 1, `# config/puma.rb (web role, web-1: CPX41 8 vCPU / 16 GB)
# 6 workers x ~2.2 GB after a few hours OOM'd web-1 (dmesg 2026-03-09 10:41)
workers 4
threads 5, 5`), "pumarb", { kind: "code", where: "top" }],
    [32, "Bash", DSTATS_CMD, dstats("0d3e8b1f6c24", SHA_B, "301.88%", "9.42GiB", "61.81%", "88.4GB / 212GB", 51, "58.9MiB"), "dockerstats", { kind: "app", where: "top" }],
    [33, "Bash", ENV_CMD, `App Host: ${WEB}\nRAILS_MAX_THREADS=5\nRUBY_YJIT_ENABLE=1\n(no LD_PRELOAD, no MALLOC_* in the web container; glibc malloc)`, "envmalloc", { kind: "app", where: "top" }],
    // ---- iyzico webhook signature ----
    [34, "Bash", { command: "kamal app logs -r web --since 24h --grep 'Webhooks::IyzicoController#create' --grep-options '-A 30' | grep -oE 'Completed [0-9]{3}' | sort | uniq -c" }, `App Host: ${WEB}
   1184 Completed 200
    412 Completed 401`, undefined, { kind: "app", error: true, where: "top" }],
    [38, "Edit", { file_path: `${P}/app/controllers/webhooks/iyzico_controller.rb`, old_string: "      data = [key, payload[\"iyziEventType\"], payload[\"iyziPaymentId\"], payload[\"paymentConversationId\"], payload[\"status\"]].join\n      OpenSSL::HMAC.hexdigest(\"SHA256\", key, data) == header", new_string: "      fields = [payload[\"iyziEventType\"], payload[\"iyziPaymentId\"]]\n      fields << payload[\"token\"] if payload[\"token\"].present? # checkout form (HPP) format\n      fields += [payload[\"paymentConversationId\"], payload[\"status\"]]\n      expected = OpenSSL::HMAC.hexdigest(\"SHA256\", key, key + fields.join)\n      ActiveSupport::SecurityUtils.secure_compare(expected, header.to_s)" }, edited("app/controllers/webhooks/iyzico_controller.rb", 16, `    # iyzico signs two formats: checkout form (HPP) events carry the token and sign
    # secretKey + iyziEventType + iyziPaymentId + token + paymentConversationId + status;
    # direct API payments sign the same without the token.
    def valid_signature?(payload, header)
      key = Rails.application.secrets.iyzico_secret_key
      fields = [payload["iyziEventType"], payload["iyziPaymentId"]]
      fields << payload["token"] if payload["token"].present? # checkout form (HPP) format
      fields += [payload["paymentConversationId"], payload["status"]]
      expected = OpenSSL::HMAC.hexdigest("SHA256", key, key + fields.join)
      ActiveSupport::SecurityUtils.secure_compare(expected, header.to_s)
    end`), undefined, { kind: "code", where: "top" }],
    [40, "Bash", { command: "git commit -am 'iyzico webhook: checkout form imzasi token iceriyor' && git log -1 --format='%h %s%n%n%b'" }, `[main 71c0d4e] iyzico webhook: checkout form imzasi token iceriyor
 2 files changed, 31 insertions(+), 4 deletions(-)
71c0d4e iyzico webhook: checkout form imzasi token iceriyor

CHECKOUT_FORM_AUTH event'lerinde iyzico imzaya token'i da katiyor (secretKey +
iyziEventType + iyziPaymentId + token + paymentConversationId + status). Biz hepsini
direct formatla hesapladigimiz icin checkout form ile gelen tum webhook'lar 401
donuyordu (son 24 saatte 412 adet); bu siparisler sadece callback ile onaylaniyordu,
callback kacinca odeme alinmis ama siparis "odeme bekliyor"da kaliyordu.
Karsilastirma da secure_compare oldu.`, undefined, { kind: "build", where: "top" }],
    // ---- sidekiq images backlog, connections ----
    [44, "Bash", SQSTATS_CMD, stats33("7f3b2c1e8a10", { processed: 18422310, failed: 41233, scheduled_size: 212, retry_size: 3811, dead_size: 1204, processes_size: 1, default_queue_latency: 41.8 }), "sqstats", { kind: "app", where: "top" }],
    [45, "Bash", SQQUEUES_CMD, sqQueues([qrow("critical", 0, "0.0"), qrow("default", 312, "41.8"), qrow("mailers", 788, "96.2"), Q_IMAGES_PEAK, qrow("search", 0, "0.0")]) + "\n(Mobilya Deposu Ltd. bulk-imported 14k listings with 47k photos last night; each photo = one ListingImageVariantsJob)", "sqqueues", { kind: "app", where: "top" }],
    [46, "Read", { file_path: `${P}/config/sidekiq.yml` }, numbered(1, sidekiqYml(10, 1)), "sidekiqyml", { kind: "code", where: "top" }],
    [47, "Bash", REDISPOL_CMD, `App Host: ${JOB}
maxmemory-policy
allkeys-lru
App Host: ${JOB}
2026-03-10T07:00:02.118Z pid=1 tid=2ag WARN: WARNING: Your Redis instance will evict Sidekiq data under heavy load.
The 'noeviction' maxmemory policy is recommended (current policy: 'allkeys-lru').
See: https://github.com/sidekiq/sidekiq/wiki/Using-Redis#memory
(sidekiq and Rails.cache share this one redis accessory on job-1)`, "redispolicy", { kind: "app", where: "top" }],
    [48, "Read", { file_path: `${P}/app/sidekiq/listing_image_variants_job.rb` }, numbered(1, IMAGEJOB_V1), "imagejob", { kind: "code", where: "top" }],
    [49, "Edit", { file_path: `${P}/config/sidekiq.yml`, old_string: "concurrency: 10", new_string: "concurrency: 25" }, edited("config/sidekiq.yml", 1, sidekiqYml(25, 3)), "sidekiqyml", { kind: "code", where: "top" }],
    [51, "Bash", { command: "kamal app logs -r job --since 20m --grep 'Error' --lines 8" }, `App Host: ${JOB}
2026-03-10T09:14:21.402Z pid=1 tid=8ak class=ListingImageVariantsJob jid=2c8e41a7d0b39f6e51c2a8d4 elapsed=5.004 INFO: fail
2026-03-10T09:14:21.403Z pid=1 tid=8ak WARN: ActiveRecord::ConnectionTimeoutError: could not obtain a connection from the pool within 5.000 seconds (waited 5.001 seconds); all pooled connections were in use
2026-03-10T09:14:22.911Z pid=1 tid=8c0 WARN: ActiveRecord::ConnectionNotEstablished: connection to server at "${DB}", port 6432 failed: FATAL:  no more connections allowed (max_client_conn)
2026-03-10T09:14:23.120Z pid=1 tid=8dq class=ListingImageVariantsJob jid=9a0f3c7e2d51b84a6c1e0f97 elapsed=5.002 INFO: fail
2026-03-10T09:14:23.121Z pid=1 tid=8dq WARN: ActiveRecord::ConnectionTimeoutError: could not obtain a connection from the pool within 5.000 seconds (waited 5.002 seconds); all pooled connections were in use
(concurrency 25 but the job container still has RAILS_MAX_THREADS=5, so database.yml pool = 5; pgbouncer max_client_conn 60 < 4 puma workers x 5 + 25 + metabase 10 + cron)`, undefined, { kind: "app", error: true, where: "top" }],
    [52, "Bash", PGPOOLS_CMD, pgPools([poolRow("pgbouncer", "pgbouncer", 1, 0, 0, 0, 0, 0, "statement"), poolRow("poyraz_production", "metabase", 4, 0, 1, 0, 0, 0, "transaction"), poolRow("poyraz_production", "poyraz", 58, 61, 20, 0, 0, 7, "transaction")]), "pgbpools", { kind: "pg", error: true, where: "top" }],
    [53, "Bash", PGB_INI_CMD, pgbIni(60, 20, 0), "pgbini", { kind: "pg", where: "top" }],
    [54, "Bash", PGMAX_CMD, pgMax(100, 31), "pgmax", { kind: "pg", where: "top" }],
    [56, "Bash", { command: `ssh deploy@10.0.1.31 "sudo sed -i -e 's/^max_client_conn = 60/max_client_conn = 400/' -e 's/^default_pool_size = 20/default_pool_size = 40/' -e 's/^reserve_pool_size = 0/reserve_pool_size = 5/' /etc/pgbouncer/pgbouncer.ini && sudo systemctl reload pgbouncer" && ${PGB_INI_CMD.command}` }, pgbIni(400, 40, 5), "pgbini", { kind: "pg", where: "top" }],
    [57, "Bash", { command: `ssh deploy@10.0.1.31 "sudo -u postgres psql -c 'ALTER SYSTEM SET max_connections = 150' && sudo systemctl restart postgresql@16-main" && ${PGMAX_CMD.command}` }, `ALTER SYSTEM\n${pgMax(150, 58)}`, "pgmax", { kind: "pg", where: "top" }],
    [58, "Bash", PGPOOLS_CMD, pgPools([poolRow("pgbouncer", "pgbouncer", 1, 0, 0, 0, 0, 0, "statement"), poolRow("poyraz_production", "metabase", 3, 0, 0, 1, 0, 0, "transaction"), POOLS_NOW]), "pgbpools", { kind: "pg", where: "top" }],
    [61, "Edit", { file_path: `${P}/app/sidekiq/listing_image_variants_job.rb`, old_string: "  sidekiq_options queue: \"images\", retry: 25", new_string: "  sidekiq_options queue: \"images\", retry: 5" }, edited("app/sidekiq/listing_image_variants_job.rb", 1, `class ListingImageVariantsJob
  include Sidekiq::Job
  sidekiq_options queue: "images", retry: 5

  VARIANTS = %i[thumb card large].freeze

  def perform(attachment_id)
    attachment = ActiveStorage::Attachment.find_by(id: attachment_id)
    return if attachment.nil? # listing deleted before the job ran

    VARIANTS.each { |name| attachment.variant(name).processed }
  rescue Vips::Error => e
    # truncated / corrupt upload: retrying never helps, mark the blob and move on
    attachment.blob.update!(metadata: attachment.blob.metadata.merge("broken" => true))
    Rails.logger.warn("variants: broken image blob=#{attachment.blob_id} #{e.message}")
  end
end`), "imagejob", { kind: "code", where: "top" }],
    [62, "Edit", { file_path: `${P}/config/sidekiq.yml`, old_string: "concurrency: 25", new_string: "concurrency: 16" }, edited("config/sidekiq.yml", 1, sidekiqYml(16, 2)), "sidekiqyml", { kind: "code", where: "top" }],
    [63, "Bash", { command: "git commit -am 'sidekiq: concurrency 25 -> 16, job role RAILS_MAX_THREADS=16' && git log -1 --format='%h %s%n%n%b'" }, `[main 0a4c7e2] sidekiq: concurrency 25 -> 16, job role RAILS_MAX_THREADS=16
 3 files changed, 9 insertions(+), 3 deletions(-)
0a4c7e2 sidekiq: concurrency 25 -> 16, job role RAILS_MAX_THREADS=16

25 thread'de her ListingImageVariantsJob R2'den orijinali indirip vips ile 3 variant
uretiyor; job-1 (4 vCPU) load 19'a cikti, db-1 CPU %92 ve images kuyrugu 25 ile 16
arasinda neredeyse ayni hizda eriyordu. Darbogaz CPU, thread sayisi degil. 16 ile
kuyruk ~45 dakikada bitiyor. Job rolunde pool'u concurrency'ye esitledik
(env RAILS_MAX_THREADS=16), yoksa ConnectionTimeoutError geri gelir.`, undefined, { kind: "build", where: "top" }],
    [65, "Bash", { command: "kamal accessory boot redis-cache && kamal accessory reboot redis && kamal accessory exec redis -q --reuse 'redis-cli config get maxmemory-policy' && kamal accessory exec redis-cache -q --reuse 'redis-cli config get maxmemory-policy'" }, `App Host: ${JOB}
maxmemory-policy
noeviction
App Host: ${JOB}
maxmemory-policy
allkeys-lru
(REDIS_CACHE_URL=redis://10.0.1.21:6380/0 for Rails.cache; REDIS_URL stays on 6379 for sidekiq)`, "redispolicy", { kind: "app", where: "top" }],
    [67, "Bash", SQSTATS_CMD, stats33("7f11e0b3a6c8", { processed: 18712490, failed: 44015, scheduled_size: 190, retry_size: 4, dead_size: 0, processes_size: 1, default_queue_latency: 0.1 }), "sqstats", { kind: "app", where: "top" }],
    [68, "Bash", SQQUEUES_CMD, sqQueues([qrow("critical", 0, "0.0"), qrow("default", 6, "0.3"), qrow("mailers", 0, "0.0"), qrow("images", 1204, "611.0"), qrow("search", 2, "0.1")]), "sqqueues", { kind: "app", where: "top" }],
    // ---- favorites unique index migration ----
    [69, "Bash", { command: "kamal deploy" }, `  INFO [e3b17c04] Running docker run --detach --restart unless-stopped --name poyraz-web-${SHA_X} --network kamal ... ghcr.io/poyraz-pazar/poyraz:${SHA_X} on ${WEB}
  INFO Waiting for the first healthy container to start up...
 ERROR Failed to boot web on ${WEB}
  INFO First web container is unhealthy on ${WEB}, not booting any other roles
  INFO [a0c92e1b] Running docker container ls --all --filter name=^poyraz-web-${SHA_X}$ --quiet | xargs docker logs --timestamps 2>&1 | tail -n 12 on ${WEB}
 ERROR 2026-03-10T13:41:02.118Z == 20260310121000 AddUniqueIndexToFavorites: migrating ======================
 ERROR 2026-03-10T13:41:02.119Z -- add_index(:favorites, [:user_id, :listing_id], {:unique=>true, :algorithm=>:concurrently})
 ERROR 2026-03-10T13:42:10.402Z bin/rails aborted!
 ERROR 2026-03-10T13:42:10.402Z StandardError: An error has occurred, all later migrations canceled: (StandardError)
 ERROR 2026-03-10T13:42:10.402Z
 ERROR 2026-03-10T13:42:10.402Z PG::UniqueViolation: ERROR:  could not create unique index "index_favorites_on_user_id_and_listing_id"
 ERROR 2026-03-10T13:42:10.402Z DETAIL:  Key (user_id, listing_id)=(48211, 903114) is duplicated.
Releasing the deploy lock...
  Finished all in 118.4 seconds
  ERROR (SSHKit::Command::Failed): Exception while executing on host ${WEB}: docker exit status: 1
(the old web container keeps serving; kamal-proxy never switched)`, undefined, { kind: "build", error: true, where: "top" }],
    [70, "Bash", MIGSTATUS_CMD, migStatus([...MIG_BASE, migRow("down", "20260310121000", "Add unique index to favorites")]), "migstatus", { kind: "app", where: "top" }],
    [72, "Bash", { command: "ssh deploy@10.0.1.31 \"sudo -u postgres psql poyraz_production -c 'SELECT count(*) AS dup_pairs, sum(n - 1) AS extra_rows FROM (SELECT user_id, listing_id, count(*) AS n FROM favorites GROUP BY 1, 2 HAVING count(*) > 1) d'\"" }, ` dup_pairs | extra_rows
-----------+------------
      1873 |       2011
(1 row)
(created_at of the pairs is within 300 ms of each other: double clicks on the heart button; the model's uniqueness validation races)`, undefined, { kind: "pg", where: "top" }],
    [75, "Bash", { command: "git commit -am 'favorites: duplicate satirlari sil, unique index tekrar' && git log -1 --format='%h %s%n%n%b'" }, `[main 2b8e0f5] favorites: duplicate satirlari sil, unique index tekrar
 3 files changed, 24 insertions(+), 3 deletions(-)
2b8e0f5 favorites: duplicate satirlari sil, unique index tekrar

Prod'da 1873 cift (2011 fazla satir) vardi, hepsi kalp butonuna cift tiklamadan:
validates uniqueness iki istek arasinda yarisiyor. Ilk deploy'da CREATE UNIQUE INDEX
CONCURRENTLY patladi ve geride INVALID index birakti; migration once onu dusuruyor,
sonra en eski satir kalacak sekilde duplicate'leri siliyor, index'i tekrar kuruyor ve
favorites_count'lari yeniden hesapliyor. Buton artik submit sirasinda disable.`, undefined, { kind: "build", where: "top" }],
    [78, "Bash", MIGSTATUS_CMD, migStatus([...MIG_BASE, MIG_NOW]), "migstatus", { kind: "app", where: "top" }],
    // ---- flaky system spec, rubocop, CI ----
    [81, "Bash", GH_CMD, ghRuns([
      ghRow("X", "favorites: duplicate satirlari sil, unique i...", "main", "13820114562", "9m12s", "about 20 minutes ago"),
      ghRow("X", "sidekiq: concurrency 25 -> 16, job role RAIL...", "main", "13818402217", "9m40s", "about 3 hours ago"),
      ghRow("✓", "redis: separate cache accessory (allkeys-lru...", "main", "13817990125", "8m58s", "about 4 hours ago"),
      ghRow("X", "iyzico webhook: checkout form imzasi token i...", "main", "13801244810", "9m03s", "about 1 day ago"),
      ghRow("✓", "ilanlar: N+1 fix, favorites_count counter c...", "main", "13799120431", "8m47s", "about 1 day ago"),
    ]), "ghruns", { kind: "build", error: true, where: "top" }],
    [83, "Bash", FLAKY_CMD, `run 3: 1 failure (make_offer_spec.rb:21 undefined method \`amount' for nil)
run 9: 1 failure (make_offer_spec.rb:21 undefined method \`amount' for nil)
run 12: 1 failure (make_offer_spec.rb:21 undefined method \`amount' for nil)
run 17: 1 failure (make_offer_spec.rb:21 undefined method \`amount' for nil)
run 20: 1 failure (make_offer_spec.rb:21 undefined method \`amount' for nil)
run 24: 1 failure (make_offer_spec.rb:21 undefined method \`amount' for nil)
6/25 runs failed (spec/system/offers/make_offer_spec.rb, random order, cuprite headless)`, "flaky", { kind: "test", error: true, where: "bottom" }],
    [86, "Bash", FLAKY_CMD, `run 8: 1 failure (make_offer_spec.rb:21 undefined method \`amount' for nil)
run 19: 1 failure (make_offer_spec.rb:21 undefined method \`amount' for nil)
2/25 runs failed (spec/system/offers/make_offer_spec.rb, random order, cuprite headless)`, "flaky", { kind: "test", error: true, where: "bottom" }],
    [88, "Bash", FLAKY_CMD, `(no failed runs)\n0/25 runs failed (spec/system/offers/make_offer_spec.rb, random order, cuprite headless)`, "flaky", { kind: "test", where: "bottom" }],
    [89, "Bash", { command: "git commit -am 'spec: make_offer waits for the turbo stream before reading the db' && git log -1 --format='%h %s%n%n%b'" }, `[main 8c1f3a9] spec: make_offer waits for the turbo stream before reading the db
 2 files changed, 4 insertions(+), 3 deletions(-)
8c1f3a9 spec: make_offer waits for the turbo stream before reading the db

The spec read Offer.last right after click_on "Gönder". With cuprite the click returns
as soon as the event is dispatched; Turbo's fetch is still in flight on the test
server's puma thread, so Offer.last was sometimes nil (6/25 local runs, about 1 CI run
in 4). Raising default_max_wait_time to 5s only helps matchers that wait (2/25);
Offer.last never waits. Now the spec asserts the confirmation text first (capybara
waits for it) and checks the record after: 0/25.`, undefined, { kind: "build", where: "top" }],
    [90, "Bash", RUBOCOP_CMD, `app/controllers/webhooks/iyzico_controller.rb:24:7: C: [Correctable] Style/StringConcatenation: Prefer string interpolation to string concatenation.
app/sidekiq/listing_image_variants_job.rb:15:5: C: [Correctable] Style/RescueStandardError: Avoid rescuing without specifying an error class.

212 files inspected, 14 offenses detected, 14 offenses autocorrectable`, "rubocop", { kind: "build", error: true, where: "bottom" }],
    [93, "Bash", GH_CMD, ghRuns([
      ghRow("✓", "rubocop -a (14 offenses)", "main", "13824410987", "8m41s", "about 6 minutes ago"),
      ghRow("✓", "spec: make_offer waits for the turbo stream ...", "main", "13824102266", "8m55s", "about 25 minutes ago"),
      ghRow("X", "favorites: duplicate satirlari sil, unique i...", "main", "13820114562", "9m12s", "about 2 hours ago"),
      ghRow("X", "sidekiq: concurrency 25 -> 16, job role RAIL...", "main", "13818402217", "9m40s", "about 5 hours ago"),
      ghRow("✓", "redis: separate cache accessory (allkeys-lru...", "main", "13817990125", "8m58s", "about 6 hours ago"),
    ]), "ghruns", { kind: "build", where: "top" }],
    // ---- ruby 3.4 / rails 7.2 upgrade, rollback, redo ----
    [101, "Bash", { command: "bundle exec rubocop -a --format simple | tail -1 && bundle exec rubocop --format simple | tail -1" }, `219 files inspected, 3 offenses detected, 3 offenses corrected
219 files inspected, no offenses detected`, "rubocop", { kind: "build", where: "bottom" }],
    [103, "Bash", VERSION_CMD, appVersion(SHA_D), "appversion", { kind: "app", where: "top" }],
    [104, "Bash", RUBYV_CMD, rubyV(RUBY_344, "Rails 7.2.2.1"), "rubyv", { kind: "app", where: "top" }],
    [106, "Bash", { command: "kamal app logs -r web --since 15m --grep 'Error' --lines 14" }, `App Host: ${WEB}
E, [2026-03-11T10:22:41.118002 #48] ERROR -- : [a8c1d0e2-7f3b-4a96-b2e1-5c9d0f7a3e68]
NoMethodError (undefined method 'secrets' for an instance of Poyraz::Application):

app/services/payments/iyzico_client.rb:9:in 'Payments::IyzicoClient#options'
app/controllers/checkout/payments_controller.rb:14:in 'Checkout::PaymentsController#create'
E, [2026-03-11T10:22:58.402117 #51] ERROR -- : [0c3e9a71-2d4b-4f80-9e16-b7a2c5d1f039]
NoMethodError (undefined method 'secrets' for an instance of Poyraz::Application):

app/controllers/webhooks/iyzico_controller.rb:20:in 'Webhooks::IyzicoController#valid_signature?'
app/controllers/webhooks/iyzico_controller.rb:5:in 'Webhooks::IyzicoController#create'
(POST /odeme -> 500 x 131, POST /webhooks/iyzico -> 500 x 58 since the deploy at 10:14; nobody can pay)`, undefined, { kind: "app", error: true, where: "top" }],
    [107, "Bash", { command: "kamal app logs -r job --since 15m --grep 'SellerPayoutReportJob' --lines 8" }, `App Host: ${JOB}
2026-03-11T10:30:00.412Z pid=1 tid=3fk class=SellerPayoutReportJob jid=8d2c41a0b9e7f1c3d5a2e6b8 INFO: start
2026-03-11T10:30:00.488Z pid=1 tid=3fk class=SellerPayoutReportJob jid=8d2c41a0b9e7f1c3d5a2e6b8 elapsed=0.076 INFO: fail
2026-03-11T10:30:00.489Z pid=1 tid=3fk WARN: {"context":"Job raised exception","job":{"class":"SellerPayoutReportJob","queue":"default","retry":true,"args":["2026-03-10"],"jid":"8d2c41a0b9e7f1c3d5a2e6b8"}}
2026-03-11T10:30:00.489Z pid=1 tid=3fk WARN: LoadError: cannot load such file -- csv
2026-03-11T10:30:00.489Z pid=1 tid=3fk WARN: /usr/local/bundle/ruby/3.4.0/gems/bootsnap-1.18.4/lib/bootsnap/load_path_cache/core_ext/kernel_require.rb:30:in 'Kernel#require'
/rails/app/sidekiq/seller_payout_report_job.rb:9:in 'SellerPayoutReportJob#perform'
(csv is a bundled gem since ruby 3.4, not in Gemfile.lock; the require is inside perform, so boot and the healthcheck were fine)`, undefined, { kind: "app", error: true, where: "top" }],
    [108, "Grep", { pattern: "Rails\\.application\\.secrets", path: P, output_mode: "content", "-n": true }, `app/controllers/webhooks/iyzico_controller.rb:20:      key = Rails.application.secrets.iyzico_secret_key
app/services/payments/iyzico_client.rb:9:        api_key: Rails.application.secrets.iyzico_api_key,
app/services/payments/iyzico_client.rb:10:        secret_key: Rails.application.secrets.iyzico_secret_key,
spec/requests/webhooks/iyzico_spec.rb:6:    allow(Rails.application).to receive(:secrets).and_return(OpenStruct.new(iyzico_secret_key: "sandbox-secret"))
spec/support/iyzico_helpers.rb:4:    allow(Rails.application).to receive(:secrets).and_return(OpenStruct.new(iyzico_api_key: "k", iyzico_secret_key: "s"))`, undefined, { kind: "code", where: "top" }],
    [109, "Bash", { command: `kamal rollback ${SHA_C}` }, `  INFO [c1e8a0d2] Running docker container ls --all --filter name=^poyraz-web-${SHA_C}$ --quiet on ${WEB}
  INFO [c1e8a0d2] Finished in 0.311 seconds with exit status 0 (successful).
  INFO [2f7b9e41] Running docker container ls --all --filter name=^poyraz-job-${SHA_C}$ --quiet on ${JOB}
Rolling back to version ${SHA_C}
Acquiring the deploy lock...
  INFO [6d0c3b18] Running docker container start poyraz-web-${SHA_C} on ${WEB}
  INFO [8e2a4f70] Running docker exec kamal-proxy kamal-proxy deploy poyraz-web --target="${SHA_C.slice(0, 12)}:3000" --host="poyraz.com.tr" --tls --deploy-timeout="30s" --drain-timeout="30s" --health-check-path="/up" --buffer-requests --buffer-responses on ${WEB}
  INFO [0b9d1c63] Running docker container ls --all --filter name=^poyraz-web-${SHA_D}$ --quiet | xargs docker stop on ${WEB}
  INFO [4a1e7d25] Running docker container start poyraz-job-${SHA_C} on ${JOB}
  INFO [71c3e0b9] Running docker container ls --all --filter name=^poyraz-job-${SHA_D}$ --quiet | xargs docker stop -t 30 on ${JOB}
Releasing the deploy lock...
  Finished all in 19.7 seconds`, "appversion", { kind: "build", where: "top" }],
    [110, "Bash", RUBYV_CMD, rubyV(RUBY_338, "Rails 7.1.5.1"), "rubyv", { kind: "app", where: "top" }],
    [111, "Bash", { command: "git revert --no-edit -m 1 HEAD && git commit --amend -F .git/REVERT_MSG && git log -1 --format='%h %s%n%n%b'" }, `[main 4d9e2c7] Revert "ruby 3.4.4 + rails 7.2.2.1"
 6 files changed, 104 insertions(+), 164 deletions(-)
4d9e2c7 Revert "ruby 3.4.4 + rails 7.2.2.1"

Prod'da iki sey patladi: (1) Rails 7.2 Rails.application.secrets'i tamamen kaldirdi;
iyzico client ve webhook controller hala secrets okuyordu -> POST /odeme 500 (131
istek, 8 dakika boyunca kimse odeme yapamadi). Testler yesildi cunku spec'ler
secrets'i stub'liyordu (verify_partial_doubles kapali). (2) Ruby 3.4'te csv artik
default gem degil, SellerPayoutReportJob icindeki require "csv" LoadError veriyor.
kamal rollback ile ${SHA_C.slice(0, 7)}'e donduk.`, undefined, { kind: "build", where: "top" }],
    [118, "Bash", GH_CMD, ghRuns([
      ghRow("✓", "ruby 3.4.5 + rails 7.2.2.2 (ikinci deneme)", "upgrade/ruby-3.4-rails-7.2b", "13861220471", "9m02s", "about 8 minutes ago"),
      ghRow("✓", "Revert \"ruby 3.4.4 + rails 7.2.2.1\"", "main", "13852004918", "8m49s", "about 3 hours ago"),
      ghRow("✓", "ruby 3.4.4 + rails 7.2.2.1", "main", "13849877104", "9m14s", "about 4 hours ago"),
      ghRow("✓", "rubocop -a (14 offenses)", "main", "13824410987", "8m41s", "about 20 hours ago"),
      ghRow("✓", "spec: make_offer waits for the turbo stream ...", "main", "13824102266", "8m55s", "about 20 hours ago"),
    ]), "ghruns", { kind: "build", where: "top" }],
    [122, "Bash", RUBYV_CMD, rubyV(RUBY_345, "Rails 7.2.2.2"), "rubyv", { kind: "app", where: "top" }],
    [123, "Bash", LISTLOG_CMD, listLog([
      "I, [2026-03-11T16:40:12.004118 #57]  INFO -- : [9e8d7c6b-5a4f-4e3d-b2c1-a0f9e8d7c6b5] Completed 200 OK in 171ms (Views: 90.2ms | ActiveRecord: 31.5ms (7 queries, 1 cached) | GC: 4.1ms)",
      "I, [2026-03-11T16:40:15.772901 #60]  INFO -- : [1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d] Completed 200 OK in 182ms (Views: 94.8ms | ActiveRecord: 33.0ms (7 queries, 0 cached) | GC: 6.2ms)",
      "I, [2026-03-11T16:40:21.309554 #57]  INFO -- : [5f4e3d2c-1b0a-4f9e-8d7c-6b5a4f3e2d1c] Completed 200 OK in 160ms (Views: 85.1ms | ActiveRecord: 29.9ms (7 queries, 1 cached) | GC: 3.8ms)",
    ], "ListingsController#index  n=1522  avg=174ms  p50=166ms  p95=298ms  (sql avg 7 queries/request)"), "listingslog", { kind: "app", where: "top" }],
    [124, "Bash", { command: "git log -1 --format='%h %s%n%n%b' HEAD^2" }, `b3f70a1 ruby 3.4.5 + rails 7.2.2.2 (ikinci deneme)

- Rails.application.secrets -> credentials (iyzico.api_key, iyzico.secret_key);
  IYZICO_* env'leri credentials'a tasindi
- gem "csv" ~> 3.3 (ruby 3.4 bundled gem)
- rspec: mocks.verify_partial_doubles = true, secrets stub'lari silindi; artik
  olmayan bir metodu stub'layan spec kirmizi olur
- ruby 3.4.5 (3.4.4 yerine: YJIT fix), rails 7.2.2.2
- staging'de bin/smoke checkout + webhook imza senaryosu gecti`, undefined, { kind: "build", where: "top" }],
    // ---- opensearch: turkish analyzer, geo_point, reindex, alias swap ----
    [130, "Bash", OSIDX_CMD, osIndices([...IDX_SYS, IDX_CAT, idxRow("green", "listings_v3", "Xq8b1S0aT3CwH4y2mN6e1Q", 3, 418233, 22011, "1.2gb"), IDX_SAVED(88412, 1204, "38.1mb")]), "osindices", { kind: "app", where: "top" }],
    [131, "Bash", OSALIAS_CMD, osAliases([aliasRow("categories", "categories_v1", "-"), aliasRow("listings", "listings_v3", "-"), aliasRow("saved_searches", "saved_searches_v2", "-")]), "osalias", { kind: "app", where: "top" }],
    [132, "Bash", OSMAP_CMD, `{
  "listings_v3" : {
    "mappings" : {
      "title" : {
        "full_name" : "title",
        "mapping" : {
          "title" : {
            "type" : "text",
            "fields" : {
              "keyword" : { "type" : "keyword", "ignore_above" : 256 }
            }
          }
        }
      }
    }
  }
}
(no "location" field in listings_v3: lat / lon are two float fields, geo queries are done in postgres)`, "osmapping", { kind: "app", where: "top" }],
    [139, "Bash", TASK_CMD(1884120), `{
  "completed" : true,
  "task" : {
    "node" : "hX2kP0aNQ9m3wQ1c7ZtV0g",
    "id" : 1884120,
    "action" : "indices:data/write/reindex",
    "description" : "reindex from [listings_v3] to [listings_v4]",
    "running_time_in_nanos" : 248812004117
  },
  "response" : {
    "took" : 248811,
    "timed_out" : false,
    "total" : 418233,
    "created" : 388000,
    "batches" : 389,
    "failures" : [
      {
        "index" : "listings_v4",
        "id" : "771204",
        "cause" : {
          "type" : "mapper_parsing_exception",
          "reason" : "failed to parse field [location] of type [geo_point]",
          "caused_by" : { "type" : "parse_exception", "reason" : "latitude must be a number" }
        },
        "status" : 400
      }
    ]
  }
}
(reindex aborts on the first failed bulk; 212 listings have lat/lon null: old listings created before the map picker)`, "reindextask", { kind: "app", error: true, where: "top" }],
    [143, "Bash", TASK_CMD(1902277), `{
  "completed" : true,
  "task" : {
    "node" : "hX2kP0aNQ9m3wQ1c7ZtV0g",
    "id" : 1902277,
    "action" : "indices:data/write/reindex",
    "description" : "reindex from [listings_v3] to [listings_v4]",
    "running_time_in_nanos" : 266104877201
  },
  "response" : {
    "took" : 266104,
    "timed_out" : false,
    "total" : 418502,
    "updated" : 0,
    "created" : 418502,
    "deleted" : 0,
    "batches" : 420,
    "version_conflicts" : 0,
    "failures" : [ ]
  }
}`, "reindextask", { kind: "app", where: "top" }],
    [144, "Bash", OSIDX_CMD, osIndices([...IDX_SYS, IDX_CAT, idxRow("green", "listings_v3", "Xq8b1S0aT3CwH4y2mN6e1Q", 3, 418561, 22310, "1.2gb"), idxRow("green", "listings_v4", "kR7wq1XzS0ehb3Nf9LcT2A", 3, 418502, 0, "944.2mb"), IDX_SAVED(88622, 1219, "38.2mb")]), "osindices", { kind: "app", where: "top" }],
    [147, "Bash", OSALIAS_CMD, osAliases([aliasRow("categories", "categories_v1", "-"), ALIAS_NOW, aliasRow("saved_searches", "saved_searches_v2", "-")]), "osalias", { kind: "app", where: "top" }],
    [148, "Bash", OSMAP_CMD, `{
  "listings_v4" : {
    "mappings" : {
      "location" : {
        "full_name" : "location",
        "mapping" : {
          "location" : { "type" : "geo_point" }
        }
      },
      "title" : {
        "full_name" : "title",
        "mapping" : {
          "title" : {
            "type" : "text",
            "analyzer" : "turkish_folded",
            "fields" : {
              "keyword" : { "type" : "keyword", "ignore_above" : 256 }
            }
          }
        }
      }
    }
  }
}`, "osmapping", { kind: "app", where: "top" }],
    [150, "Bash", { command: "git commit -am 'search: listings_v4 (turkish analyzer, geo_point), alias swap' && git log -1 --format='%h %s%n%n%b'" }, `[main 1f6c0b8] search: listings_v4 (turkish analyzer, geo_point), alias swap
 5 files changed, 141 insertions(+), 38 deletions(-)
1f6c0b8 search: listings_v4 (turkish analyzer, geo_point), alias swap

"cekyat" araması 0 sonuç veriyordu (standard analyzer, folding yok) ve "yakınımdaki
ilanlar" postgres'te lat/lon ile hesaplanıyordu. listings_v4: turkish lowercase +
asciifolding + turkish stemmer, location geo_point. İlk reindex 388k'da durdu (212
ilanda lat/lon null, geo_point parse edilemedi), painless script artık null'ları
atlıyor. Alias tek POST _aliases ile değişti, aradaki 1184 değişiklik catch_up ile
yazıldı. listings_v3 bir gün daha duracak.`, undefined, { kind: "build", where: "top" }],
    [154, "Bash", { command: "ssh deploy@10.0.2.41 \"curl -s 'localhost:9200/_cat/indices?v&s=index'\"  # staging search" }, osIndices([idxRow("green", "categories_v1", "Lw0eP3kdR1a7Zq2mT8xYcQ", 1, 214, 0, "110.9kb"), idxRow("yellow", "listings_v3", "Ce2rT7uV0wX1yZ3aB4cD5e", 3, 12004, 88, "41.2mb"), idxRow("green", "listings_v4", "Fg6hI7jK8lM9nO0pQ1rS2t", 3, 12004, 0, "30.8mb"), IDX_SAVED(2120, 12, "1.1mb")]) + "\n(staging: search-stg-1, 10.0.2.41)", undefined, { kind: "app", where: "top" }],
    [157, "Bash", OSIDX_CMD, osIndices([...IDX_SYS, IDX_CAT, IDX_V4_NOW, IDX_SAVED(88790, 1224, "38.4mb")]), "osindices", { kind: "app", where: "top" }],
    // ---- job-1 disk full ----
    [159, "Bash", DFJOB_CMD, dfJob("150G", "134G", "9.6G", "94%"), "dfjob", { kind: "app", where: "top" }],
    [160, "Bash", { command: "kamal app logs -r job --since 30m --grep 'ENOSPC' --lines 6" }, `App Host: ${JOB}
2026-03-12T16:02:40.118Z pid=1 tid=5nw class=ListingImageVariantsJob jid=b1c2d3e4f5a6b7c8d9e0f1a2 WARN: Errno::ENOSPC: No space left on device @ io_write - /tmp/image_processing20260312-1-x0b3kd.webp
2026-03-12T16:02:41.902Z pid=1 tid=5o8 class=SellerPayoutReportJob jid=0f1e2d3c4b5a69788796a5b4 WARN: Errno::ENOSPC: No space left on device @ rb_sysopen - /rails/tmp/payouts-2026-03-11.csv
2026-03-12T16:02:44.311Z pid=1 tid=5nw WARN: Redis::CommandError: MISCONF Errors writing to the AOF file: No space left on device`, undefined, { kind: "app", error: true, where: "top" }],
    [161, "Bash", DFJOB_CMD, dfJob("150G", "150G", "0", "100%"), "dfjob", { kind: "app", error: true, where: "top" }],
    [162, "Bash", { command: "ssh deploy@10.0.1.11 df -h /  # web-1 for comparison" }, `Filesystem      Size  Used Avail Use% Mounted on
/dev/sda1       226G  124G   93G  58% /`, undefined, { kind: "app", where: "top" }],
    [163, "Bash", { command: "ssh deploy@10.0.1.21 'sudo find /var/lib/docker/containers -name \"*-json.log\" -size +1G -exec ls -lh {} \\; ; docker ps --format \"{{.ID}}  {{.Names}}\"; sudo du -sh /var/lib/docker/overlay2'" }, `-rw-r----- 1 root root 96G Mar 12 16:03 /var/lib/docker/containers/7d1f0c9e3a2b4f58e6a1c0d9b7e2f3a4c5d6e7f8091a2b3c4d5e6f708192a3b4/7d1f0c9e3a2b4f58e6a1c0d9b7e2f3a4c5d6e7f8091a2b3c4d5e6f708192a3b4-json.log
-rw-r----- 1 root root 2.1G Mar 12 16:03 /var/lib/docker/containers/e01b7a4f9c22d83e5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f/e01b7a4f9c22d83e5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f-json.log
7d1f0c9e3a2b  poyraz-job-${SHA_E}
e01b7a4f9c22  poyraz-redis
5a6b7c8d9e0f  poyraz-redis-cache
21G	/var/lib/docker/overlay2
(the job container logs at debug level: RAILS_LOG_LEVEL=debug was added to the job role while chasing the pool errors on Mar 10 and never removed; docker's json-file driver has no rotation by default)`, undefined, { kind: "app", where: "top" }],
    [172, "Bash", DFJOB_CMD, dfJob("150G", " 19G", "125G", "14%"), "dfjob", { kind: "app", where: "top" }],
    [173, "Bash", { command: "git log -1 --format='%h %s%n%n%b' 7a0b1c2" }, `7a0b1c2 kamal: docker log rotation (json-file 100m x 5), job rolunde debug log kapandi

job-1 diski doldu (%100, sidekiq ENOSPC, redis AOF yazamadi). Sebep: job
container'inin json-file log'u 96G. Docker varsayilaninda rotation yok ve 10 Mart'ta
baglanti hatalarini ararken job rolune koydugumuz RAILS_LOG_LEVEL=debug acik kalmis.
Debug kaldirildi, log'lar artik container basina 5 x 100m. Eski image'lar icin
kamal prune all ile 17.8G geri geldi.`, undefined, { kind: "build", where: "top" }],
    // ---- TLS: cloudflare 526, kamal-proxy let's encrypt ----
    [176, "Bash", CERT_CMD, cert("Dec 12 18:02:11 2025 GMT", "Mar 12 18:02:10 2026 GMT") + "\n(expired 70 minutes ago)", "cert", { kind: "app", error: true, where: "top" }],
    [177, "Bash", { command: "kamal proxy logs --grep acme --lines 6" }, `App Host: ${WEB}
{"time":"2026-02-10T18:03:12.118Z","level":"WARN","msg":"Unable to renew certificate","host":"poyraz.com.tr","error":"acme: authorization error for poyraz.com.tr: 403 urn:ietf:params:acme:error:unauthorized: 104.21.48.12: Invalid response from https://poyraz.com.tr/.well-known/acme-challenge/Zx1k9f0Q2mLr: 404"}
{"time":"2026-03-05T18:03:40.402Z","level":"WARN","msg":"Unable to renew certificate","host":"poyraz.com.tr","error":"acme: authorization error for poyraz.com.tr: 403 urn:ietf:params:acme:error:unauthorized: 172.67.161.9: Invalid response from https://poyraz.com.tr/.well-known/acme-challenge/Qm3v8N1pLk0X: 404"}
{"time":"2026-03-12T19:08:41.201Z","level":"ERROR","msg":"Unable to obtain certificate","host":"poyraz.com.tr","error":"acme: authorization error for poyraz.com.tr: 403 urn:ietf:params:acme:error:unauthorized: 104.21.48.12: Invalid response from https://poyraz.com.tr/.well-known/acme-challenge/Ab7c2D9eF0gH: 526"}
(Let's Encrypt asks http://poyraz.com.tr/.well-known/acme-challenge/..., Cloudflare's Always Use HTTPS redirects it to https before it reaches kamal-proxy's port 80 handler; renewals failed since Feb 10)`, undefined, { kind: "app", error: true, where: "top" }],
    [180, "Bash", { command: "curl -s -X PATCH -H \"Authorization: Bearer $CF_API_TOKEN\" -H 'Content-Type: application/json' https://api.cloudflare.com/client/v4/zones/$CF_ZONE_ID/settings/always_use_https -d '{\"value\":\"off\"}' | jq -c '{success, result}' && sleep 90 && curl -sI https://poyraz.com.tr | head -3" }, `{"success":true,"result":{"id":"always_use_https","value":"off","modified_on":"2026-03-12T19:18:02.771Z","editable":true}}
HTTP/2 200
date: Thu, 12 Mar 2026 19:21:40 GMT`, undefined, { kind: "app", where: "top" }],
    [182, "Bash", CERT_CMD, cert("Mar 12 19:20:33 2026 GMT", "Jun 10 19:20:32 2026 GMT"), "cert", { kind: "app", where: "top" }],
    [183, "Bash", { command: "echo | openssl s_client -connect poyraz.com.tr:443 -servername poyraz.com.tr 2>/dev/null | openssl x509 -noout -subject -issuer -dates  # what browsers see (cloudflare edge)" }, `subject=CN = poyraz.com.tr
issuer=C = US, O = Google Trust Services, CN = WE1
notBefore=Feb 28 07:11:52 2026 GMT
notAfter=May 29 08:11:46 2026 GMT`, undefined, { kind: "app", where: "top" }],
    // ---- jemalloc, final puma sizing ----
    [185, "Edit", { file_path: `${P}/Dockerfile`, old_string: "    apt-get install --no-install-recommends -y curl libvips postgresql-client && \\", new_string: "    apt-get install --no-install-recommends -y curl libjemalloc2 libvips postgresql-client && \\\n    ln -s /usr/lib/$(uname -m)-linux-gnu/libjemalloc.so.2 /usr/local/lib/libjemalloc.so && \\" }, edited("Dockerfile", 14, `# Install base packages
RUN apt-get update -qq && \\
    apt-get install --no-install-recommends -y curl libjemalloc2 libvips postgresql-client && \\
    ln -s /usr/lib/$(uname -m)-linux-gnu/libjemalloc.so.2 /usr/local/lib/libjemalloc.so && \\
    rm -rf /var/lib/apt/lists /var/cache/apt/archives

# jemalloc: puma workers grew to 2.2 GB with glibc malloc (arena fragmentation)
ENV LD_PRELOAD="/usr/local/lib/libjemalloc.so"`), undefined, { kind: "code", where: "top" }],
    [187, "Edit", { file_path: `${P}/config/puma.rb`, old_string: "# 6 workers x ~2.2 GB after a few hours OOM'd web-1 (dmesg 2026-03-09 10:41)\nworkers 4\nthreads 5, 5", new_string: "# jemalloc (LD_PRELOAD) + MALLOC_ARENA_MAX=2: workers level off around 900 MB\nworkers 5\nthreads 4, 4" }, edited("config/puma.rb", 1, `# config/puma.rb (web role, web-1: CPX41 8 vCPU / 16 GB)
# jemalloc (LD_PRELOAD) + MALLOC_ARENA_MAX=2: workers level off around 900 MB
workers 5
threads 4, 4`), "pumarb", { kind: "code", where: "top" }],
    [189, "Bash", VERSION_CMD, appVersion(SHA_F), "appversion", { kind: "app", where: "top" }],
    [190, "Bash", ENV_CMD, `App Host: ${WEB}\nLD_PRELOAD=/usr/local/lib/libjemalloc.so\nMALLOC_ARENA_MAX=2\nRAILS_MAX_THREADS=4\nRUBY_YJIT_ENABLE=1`, "envmalloc", { kind: "app", where: "top" }],
    [191, "Bash", DSTATS_CMD, dstats("f2a9c0e7d1b4", SHA_F, "244.70%", "5.31GiB", "34.84%", "61.2GB / 140GB", 58, "57.4MiB") + "\n(uptime 8h; workers ~880-940 MB each)", "dockerstats", { kind: "app", where: "top" }],
    [192, "Bash", SQSTATS_CMD, stats34("7f6d1a0e9c42", { processed: 19882411, failed: 45102, scheduled_size: 174, retry_size: 2, dead_size: 37, processes_size: 1, default_queue_latency: 0.0 }), "sqstats", { kind: "app", where: "top" }],
    [193, "Bash", SQQUEUES_CMD, sqQueues([qrow("critical", 0, "0.0"), qrow("default", 1, "0.1"), qrow("mailers", 0, "0.0"), Q_IMAGES_NOW, qrow("search", 5, "0.2")]), "sqqueues", { kind: "app", where: "top" }],
    [194, "Bash", { command: "git log -1 --format='%h %an %ad%n%s%n%n%b' --date=iso " + SHA_F.slice(0, 7) }, `${SHA_F.slice(0, 7)} Burak Demir 2026-03-13 09:12:40 +0300
puma: jemalloc + MALLOC_ARENA_MAX=2, workers 5 x 4 threads

web-1'de puma worker'lari glibc malloc ile 6 saatte ~480 MB'dan 2.2 GB'a siskiyordu
(arena fragmentation). 6 worker OOM oluyordu, 4'e dusunce de CPU bosta kaliyordu.
jemalloc preload + MALLOC_ARENA_MAX=2 ile 8 saat sonra worker basi ~900 MB. Bu
yuzden 5 worker'a ciktik, thread'i 5'ten 4'e indirdik (GVL beklemesi azaldi, p95
iyilesti). RAILS_MAX_THREADS=4 web icin; job rolu 16'da kaliyor.`, undefined, { kind: "build", where: "top" }],
    [195, "Read", { file_path: `${P}/config/deploy.yml`, offset: 31, limit: 40 }, numbered(31, `env:
  secret:
    - RAILS_MASTER_KEY
    - DATABASE_URL
    - DIRECT_DATABASE_URL
    - REDIS_URL
    - REDIS_CACHE_URL
  clear:
    RAILS_ENV: production
    RAILS_LOG_TO_STDOUT: "1"
    RAILS_MAX_THREADS: 4
    MALLOC_ARENA_MAX: "2"
    OPENSEARCH_URL: http://10.0.1.41:9200
    RUBY_YJIT_ENABLE: "1"

# docker's json-file driver never rotates on its own: job-1 filled up with a 96G log
logging:
  driver: json-file
  options:
    max-size: 100m
    max-file: 5

accessories:
  redis:
    image: redis:7.2-alpine
    host: ${JOB}
    port: "${JOB}:6379:6379"
    # sidekiq only: jobs must never be evicted
    cmd: redis-server --maxmemory 2gb --maxmemory-policy noeviction --appendonly yes
    directories:
      - data:/data
  redis-cache:
    image: redis:7.2-alpine
    host: ${JOB}
    port: "${JOB}:6380:6379"
    cmd: redis-server --maxmemory 1gb --maxmemory-policy allkeys-lru --save ''`), "deployyml", { kind: "code", where: "top" }],
    [197, "Bash", { command: "kamal app version -q -d staging" }, `App Host: 10.0.2.11\n${SHA_STG}\n\nApp Host: 10.0.2.21\n${SHA_STG}\n(staging runs the saved-search alerts branch)`, undefined, { kind: "app", where: "top" }],
    [198, "Bash", GH_CMD, ghRuns([
      GH_NOW,
      ghRow("✓", "kamal: docker log rotation (json-file 100m x...", "main", "13895510032", "8m47s", "about 1 day ago"),
      ghRow("✓", "search: listings_v4 (turkish analyzer, geo_p...", "main", "13884021175", "9m10s", "about 1 day ago"),
      ghRow("X", "saved searches: alert e-mails (wip)", "feature/saved-search-alerts", "13880092214", "4m02s", "about 1 day ago"),
      ghRow("✓", "ruby 3.4.5 + rails 7.2.2.2 (ikinci deneme)", "main", "13862004417", "9m05s", "about 2 days ago"),
    ]), "ghruns", { kind: "build", where: "top" }],
    [200, "Bash", { command: "kamal app exec -q --reuse -r job -d staging \"bin/rails runner 'puts Sidekiq::Stats.new.inspect'\"" }, `App Host: 10.0.2.21
#<Sidekiq::Stats:0x00007f2e8d1c0b66 @stats={processed: 412330, failed: 9120, scheduled_size: 12, retry_size: 88, dead_size: 412, processes_size: 1, default_queue_latency: 0.0}>
(staging)`, undefined, { kind: "app", where: "top" }],
  ],
  questions: [
    // state
    { kind: "state", lang: "tr", prompt: "puma'nın worker sayısı şu an kaç", want: [{ key: "pumarb", fact: "workers 5" }] },
    { kind: "state", prompt: "how many threads per puma worker rn", want: [{ key: "pumarb", fact: "threads 4, 4" }] },
    { kind: "state", lang: "tr", prompt: "sidekiq concurrency simdi kac", want: [{ key: "sidekiqyml", fact: "concurrency: 16" }] },
    { kind: "state", prompt: "how big is the dead set atm", want: [{ key: "sqstats", fact: "dead_size: 37" }] },
    { kind: "state", lang: "tr", prompt: "pgbouncer'da pool size en son kaça çıktı", want: [{ key: "pgbini", fact: "default_pool_size = 40" }] },
    { kind: "state", prompt: "max conns on the prod postgres these days?", want: [{ key: "pgmax", fact: "max_connections | 150" }] },
    { kind: "state", lang: "tr", prompt: "listings alias'ı şu an hangi index'i gösteriyor", want: [{ key: "osalias", fact: ALIAS_NOW }] },
    { kind: "state", prompt: "how many docs are in the live listings index now", want: [{ key: "osindices", fact: IDX_V4_NOW }] },
    { kind: "state", lang: "tr", prompt: "job-1'de disk yüzde kaç dolu simdi", want: [{ key: "dfjob", fact: DFJOB_NOW }] },
    { kind: "state", prompt: "which sha is deployed to prod rn", want: [{ key: "appversion", fact: SHA_F }] },
    { kind: "state", lang: "tr", prompt: "prod'da ruby kaç şu an", want: [{ key: "rubyv", fact: "ruby 3.4.5 (2025-07-16 revision 20cda200d3)" }] },
    { kind: "state", lang: "tr", prompt: "make_offer spec'i hala flaky mi", want: [{ key: "flaky", fact: "0/25 runs failed" }] },
    { kind: "state", prompt: "is ci on main green atm", want: [{ key: "ghruns", fact: GH_NOW }] },
    { kind: "state", prompt: "web container mem usage on web-1 now?", want: [{ key: "dockerstats", fact: DSTATS_NOW }] },
    { kind: "state", lang: "tr", prompt: "sidekiq'in redis'inde eviction policy ne oldu en son", want: [{ key: "redispolicy", fact: "maxmemory-policy\nnoeviction" }] },
    { kind: "state", prompt: "when does the origin cert expire now", want: [{ key: "cert", fact: CERT_NOW }] },
    { kind: "state", lang: "tr", prompt: "ilan listesi sayfasi su an ortalama kac ms'de donuyor", want: [{ key: "listingslog", fact: "avg=174ms" }] },
    { kind: "state", prompt: "did the unique idx on favorites ever actually run in prod", want: [{ key: "migstatus", fact: MIG_NOW }] },
    { kind: "state", lang: "tr", prompt: "title alanı artık hangi analyzer'la index'leniyor", want: [{ key: "osmapping", fact: '"analyzer" : "turkish_folded"' }] },
    { kind: "state", prompt: "how many retries does the image variants job get these days", want: [{ key: "imagejob", fact: 'sidekiq_options queue: "images", retry: 5' }] },
    // history
    { kind: "history", lang: "tr", prompt: "ilk başta puma kaç worker'la çalışıyordu", want: [{ turn: 8, fact: "workers 6" }] },
    { kind: "history", prompt: "why was web-1 getting oom killed at the start", want: [{ turn: 12, fact: "Out of memory: Killed process 2218841 (ruby)" }] },
    { kind: "history", prompt: "listings page avg response time before the n+1 fix?", want: [{ turn: 14, fact: "avg=2841ms" }] },
    { kind: "history", lang: "tr", prompt: "iyzico webhook'ları neden 401 dönüyordu", want: [{ turn: 40, fact: "CHECKOUT_FORM_AUTH event'lerinde iyzico imzaya token'i da katiyor" }] },
    { kind: "history", lang: "tr", prompt: "images queue'su en kötü anda kaç job'du", want: [{ turn: 45, fact: Q_IMAGES_PEAK }] },
    { kind: "history", prompt: "why'd we drop sidekiq concurrency back down from 25", want: [{ turn: 63, fact: "Darbogaz CPU, thread sayisi degil" }] },
    { kind: "history", lang: "tr", prompt: "favorites unique index migration'ı prod'da neden patladı", want: [{ turn: 69, fact: "Key (user_id, listing_id)=(48211, 903114) is duplicated." }] },
    { kind: "history", lang: "tr", prompt: "offer spec'i neden flaky'di, asıl sebep neydi", want: [{ turn: 89, fact: "so Offer.last was sometimes nil" }] },
    { kind: "history", prompt: "what broke in prod after the ruby 3.4 / rails 7.2 deploy", want: [{ turn: 106, fact: "undefined method 'secrets' for an instance of Poyraz::Application" }] },
    { kind: "history", lang: "tr", prompt: "rollback yaptığımızda hangi versiyona döndük", want: [{ turn: 109, fact: `Rolling back to version ${SHA_C}` }] },
    { kind: "history", lang: "tr", prompt: "ilk reindex neden yarida kaldi", want: [{ turn: 139, fact: "latitude must be a number" }] },
    { kind: "history", prompt: "what was eating the disk on job-1", want: [{ turn: 163, fact: "-rw-r----- 1 root root 96G" }] },
    { kind: "history", lang: "tr", prompt: "origin sertifikası neden yenilenemedi", want: [{ turn: 177, fact: "403 urn:ietf:params:acme:error:unauthorized" }] },
    // multi
    { kind: "multi", lang: "tr", prompt: "puma worker sayısı ve sidekiq concurrency şu an ne", want: [{ key: "pumarb", fact: "workers 5" }, { key: "sidekiqyml", fact: "concurrency: 16" }] },
    { kind: "multi", prompt: "pg max_connections vs pgbouncer max_client_conn?", want: [{ key: "pgmax", fact: "max_connections | 150" }, { key: "pgbini", fact: "max_client_conn = 400" }] },
    { kind: "multi", lang: "tr", prompt: "prod'da hangi commit var, rails kaç?", want: [{ key: "appversion", fact: SHA_F }, { key: "rubyv", fact: "Rails 7.2.2.2" }] },
    { kind: "multi", prompt: "where does the listings alias point and how many docs does that index have", want: [{ key: "osalias", fact: ALIAS_NOW }, { key: "osindices", fact: IDX_V4_NOW }] },
    { kind: "multi", lang: "tr", prompt: "hem job-1 diski hem images kuyrugu ne durumda", want: [{ key: "dfjob", fact: DFJOB_NOW }, { key: "sqqueues", fact: Q_IMAGES_NOW }] },
    { kind: "multi", prompt: "web-1 mem / is MALLOC_ARENA_MAX actually set in the container", want: [{ key: "dockerstats", fact: DSTATS_NOW }, { key: "envmalloc", fact: "MALLOC_ARENA_MAX=2" }] },
    { kind: "multi", prompt: "Is the offer spec still flaky? And is rubocop clean?", want: [{ key: "flaky", fact: "0/25 runs failed" }, { key: "rubocop", fact: "219 files inspected, no offenses detected" }] },
    { kind: "multi", lang: "tr", prompt: "pgbouncer'da bekleyen client var mı, ikinci reindex task'ı hatasız bitti mi", want: [{ key: "pgbpools", fact: POOLS_NOW }, { key: "reindextask", fact: '"failures" : [ ]' }] },
    { kind: "multi", prompt: "origin cert expiry + docker log rotation setting in the kamal cfg", want: [{ key: "cert", fact: CERT_NOW }, { key: "deployyml", fact: "max-size: 100m" }] },
    // none
    { kind: "none", lang: "tr", prompt: "tamam, çay molası" },
    { kind: "none", prompt: "in general how does sidekiq compute the retry backoff" },
    { kind: "none", lang: "tr", prompt: "puma'da cluster mode ile single mode farkı ne genel olarak" },
    { kind: "none", prompt: "thx thats all for today" },
  ],
};

/** Held out from the selection work: written blind, never run before it was registered (Rails on Kamal 2 / Hetzner, Turkish and English). */
export const HELD_OUT_35 = [poyraz];
