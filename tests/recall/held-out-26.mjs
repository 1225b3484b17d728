// Two more held-out recall sessions (format: tests/recall/build.mjs): written blind, without reading the selection's
// code, its tests or any benchmark result, and kept out of the selection work. HELD_OUT_26: an Elixir/Phoenix LiveView
// dispatch board for a courier co-op on Fly.io (web and worker process groups, Fly Postgres, Oban, Ecto migrations,
// libcluster over 6PN, Sentry, ExUnit, GitHub Actions): a DB connection exhaustion from POOL_SIZE times machine count
// against max_connections, worker OOM kills from a CSV export that loaded everything (fixed with a stream and more
// memory, then back after a deploy reset the size from fly.toml's [[vm]]), an Oban job stuck in executing on an
// OOM-killed node (Lifeline), the geocode queue's concurrency raised and lowered again (pool too small, then the
// geocoder's rate limit), a non-concurrent index migration that blocked writes on a 38M-row table, was cancelled
// and redone concurrently, a release that moved the host and broke every LiveView socket (check_origin) and was
// rolled back to the previous image, a flaky LiveView test (sandbox ownership of a named GenServer), a secrets
// rotation that split the cluster (RELEASE_COOKIE), a rolling -> bluegreen switch that first failed on health
// checks, machine sizes / counts / regions changed several times (ams + lhr), an Erlang/OTP 27 + Elixir 1.17 bump
// (a new deprecation under --warnings-as-errors, a missing hexpm image tag), Sentry sampling cut for quota, a LiveView
// 1.0 upgrade; English questions. HELD_OUT_27: a Ruby on Rails plant shop with Sidekiq moved from Heroku to Render
// (blueprint render.yaml, Render Postgres and Key Value, Puma, RSpec, maintenance_tasks, iyzico payments, Cloudflare
// in front): puma workers / threads and the web plan changed with memory limits, Key Value's allkeys-lru evicting
// Sidekiq jobs (noeviction, then out of maxmemory and a bigger plan), Sidekiq concurrency raised past the AR pool and
// lowered, a slow admin orders query and its concurrent index, a phone-number backfill that failed on duplicates and
// was rerun, a Rails 7.2 upgrade that broke the payment webhook (Rails.application.secrets) and was rolled back and
// not redone yet, a webhook signature bug, a Cloudflare cache rule that served logged-in pages to others, a report cron
// moved because Render cron runs in UTC, a Ruby 3.3 bump; about half of the questions in Turkish.

const HR = "/Users/mira/src/heron";
const IP = (n) => `fdaa:2:4b1c:a7b:1d4:${n}:2`;
const NODE = (n) => `heron-prod@${IP(n)}`;

// fly scale show
const scaleRow = (name, count, kind, cpus, mem, regions) => `${name.padEnd(8)}${String(count).padEnd(8)}${kind.padEnd(13)}${String(cpus).padEnd(6)}${mem.padEnd(9)}${regions}`;
const flyScale = (app, rows) => `VM Resources for app: ${app}

Groups
${scaleRow("NAME", "COUNT", "KIND", "CPUS", "MEMORY", "REGIONS")}
${rows.join("\n")}`;
const SCALE_CMD = { command: "fly scale show -a heron-prod" };
const WEB_V1 = scaleRow("web", 3, "shared", 1, "512 MB", "ams(3)");
const WEB_1G = scaleRow("web", 3, "shared", 1, "1024 MB", "ams(3)");
const WEB_LHR2 = scaleRow("web", 5, "shared", 1, "1024 MB", "ams(3),lhr(2)");
const WEB_NOW = scaleRow("web", 4, "shared", 1, "1024 MB", "ams(3),lhr(1)");
const WORKER_512 = scaleRow("worker", 2, "shared", 1, "512 MB", "ams(2)");
const WORKER_1G = scaleRow("worker", 2, "shared", 1, "1024 MB", "ams(2)");
const WORKER_2X = scaleRow("worker", 2, "shared", 2, "2048 MB", "ams(2)");
const WORKER_NOW = scaleRow("worker", 2, "performance", 1, "2048 MB", "ams(2)");

// fly.toml
const VM_ONE = `[[vm]]
  memory = '512mb'
  cpu_kind = 'shared'
  cpus = 1`;
const VM_SPLIT = (worker) => `[[vm]]
  processes = ['web']
  memory = '1gb'
  cpu_kind = 'shared'
  cpus = 1

[[vm]]
  processes = ['worker']
${worker}`;
const CHECKS = `
  [[http_service.checks]]
    grace_period = '20s'
    interval = '15s'
    method = 'GET'
    timeout = '4s'
    path = '/healthz'
`;
const flyToml = (strategy, pool, host, checks, vm) => `# fly.toml app configuration file generated for heron-prod on 2025-03-14T10:22:51+01:00
#
# See https://fly.io/docs/reference/configuration/ for information about how to use this file.
#

app = 'heron-prod'
primary_region = 'ams'
kill_signal = 'SIGTERM'
kill_timeout = '30s'

[build]

[deploy]
  release_command = '/app/bin/migrate'
  strategy = '${strategy}'

[env]
  ECTO_IPV6 = 'true'
  ERL_AFLAGS = '-proto_dist inet6_tcp'
  PHX_HOST = '${host}'
  PORT = '8080'
  POOL_SIZE = '${pool}'

[processes]
  web = '/app/bin/server'
  worker = '/app/bin/heron start'

[http_service]
  internal_port = 8080
  force_https = true
  auto_stop_machines = 'off'
  auto_start_machines = true
  min_machines_running = 2
  processes = ['web']

  [http_service.concurrency]
    type = 'connections'
    hard_limit = 1000
    soft_limit = 800
${checks}
${vm}`;
const TOML_READ = { file_path: `${HR}/fly.toml` };

// config/runtime.exs
const POOL_V1 = 'pool_size: String.to_integer(System.get_env("POOL_SIZE") || "10"),';
const POOL_NOW = 'pool_size: if(System.get_env("FLY_PROCESS_GROUP") == "worker", do: 15, else: String.to_integer(System.get_env("POOL_SIZE") || "10")),';
const ORIGINS_V1 = 'check_origin: ["https://heron.app", "https://www.heron.app"],';
const ORIGINS_NOW = 'check_origin: ["https://heron.app", "https://www.heron.app", "https://dispatch.heron.app"],';
const runtimeExs = (pool, origins) => `import Config

if System.get_env("PHX_SERVER") do
  config :heron, HeronWeb.Endpoint, server: true
end

if config_env() == :prod do
  database_url =
    System.get_env("DATABASE_URL") ||
      raise "environment variable DATABASE_URL is missing."

  maybe_ipv6 = if System.get_env("ECTO_IPV6") in ~w(true 1), do: [:inet6], else: []

  config :heron, Heron.Repo,
    url: database_url,
    ${pool}
    queue_target: 500,
    socket_options: maybe_ipv6

  secret_key_base =
    System.get_env("SECRET_KEY_BASE") ||
      raise "environment variable SECRET_KEY_BASE is missing."

  host = System.get_env("PHX_HOST") || "heron.app"
  port = String.to_integer(System.get_env("PORT") || "8080")

  config :heron, HeronWeb.Endpoint,
    url: [host: host, port: 443, scheme: "https"],
    ${origins}
    http: [ip: {0, 0, 0, 0, 0, 0, 0, 0}, port: port],
    secret_key_base: secret_key_base

  # only the worker process group runs Oban queues and plugins
  if System.get_env("FLY_PROCESS_GROUP") == "web" do
    config :heron, Oban, queues: false, plugins: false
  end

  config :libcluster,
    topologies: [
      fly6pn: [
        strategy: Cluster.Strategy.DNSPoll,
        config: [
          polling_interval: 5_000,
          query: "#{System.get_env("FLY_APP_NAME")}.internal",
          node_basename: System.get_env("FLY_APP_NAME")
        ]
      ]
    ]

  config :heron, Heron.Geo, mapbox_token: System.fetch_env!("MAPBOX_TOKEN")
  config :sentry, dsn: System.get_env("SENTRY_DSN")
end`;
const RUNTIME_READ = { file_path: `${HR}/config/runtime.exs` };

// config/config.exs (Oban part)
const LIFELINE = "{Oban.Plugins.Lifeline, rescue_after: :timer.minutes(30)},";
const obanCfg = (queues, lifeline) => `  40\tconfig :heron, Oban,
  41\t  engine: Oban.Engines.Basic,
  42\t  repo: Heron.Repo,
  43\t  queues: [${queues}],
  44\t  plugins: [
  45\t    {Oban.Plugins.Pruner, max_age: 60 * 60 * 24 * 7},${lifeline ? `\n  46\t    ${LIFELINE}` : ""}
  ${lifeline ? 47 : 46}\t    {Oban.Plugins.Cron,
  ${lifeline ? 48 : 47}\t     crontab: [
  ${lifeline ? 49 : 48}\t       {"0 2 * * *", Heron.Workers.NightlyInvoices},
  ${lifeline ? 50 : 49}\t       {"*/15 * * * *", Heron.Workers.StaleDeliverySweeper},
  ${lifeline ? 51 : 50}\t       {"0 5 1 * *", Heron.Workers.MonthlyStatementExport}
  ${lifeline ? 52 : 51}\t     ]}
  ${lifeline ? 53 : 52}\t  ]
  ${lifeline ? 54 : 53}\t
  ${lifeline ? 55 : 54}\tconfig :heron, Heron.Geo,
  ${lifeline ? 56 : 55}\t  base_url: "https://api.mapbox.com/search/geocode/v6",
  ${lifeline ? 57 : 56}\t  receive_timeout: 8_000
  ${lifeline ? 58 : 57}\t
  ${lifeline ? 59 : 58}\tconfig :heron, HeronWeb.Gettext, default_locale: "en", locales: ~w(en nl)`;
const CONFIG_READ = { file_path: `${HR}/config/config.exs`, offset: 40, limit: 20 };

// Oban.check_queue
const checkQueue = (limit, running, available, updated) => `Connecting to ${IP("51a0:7c22")}... complete
%{
  limit: ${limit},
  node: "${NODE("51a0:7c22")}",
  paused: false,
  queue: "geocode",
  running: [${running.join(", ")}],
  started_at: ~U[2026-12-08 07:40:12.118204Z],
  updated_at: ~U[${updated}]
}
available geocode jobs (all nodes): ${available}
executing geocode jobs (all nodes): ${running.length * 2}`;
const QUEUE_CMD = (scale) => ({ command: `fly ssh console -a heron-prod -s --process-group worker -C "/app/bin/heron rpc '${scale === undefined ? "" : `Oban.scale_queue(queue: :geocode, limit: ${scale}); `}IO.inspect(Oban.check_queue(queue: :geocode)); Heron.Ops.queue_counts(\\"geocode\\")'"` });

// fly pg config show
const pgRow = (name, value, unit, desc, pending) => `${name.padEnd(28)}${value.padEnd(10)}${unit.padEnd(6)}${desc.padEnd(78)}${pending}`;
const pgConfig = (max, pending) => `${pgRow("NAME", "VALUE", "UNIT", "DESCRIPTION", "PENDING")}
${pgRow("log-min-duration-statement", "1000", "ms", "Sets the minimum execution time above which all statements will be logged.", "false")}
${pgRow("log-statement", "none", "", "Sets the type of statements logged.", "false")}
${pgRow("max-connections", max, "", "Sets the maximum number of concurrent connections.", pending)}
${pgRow("max-replication-slots", "10", "", "Sets the maximum number of simultaneously defined replication slots.", "false")}
${pgRow("max-wal-senders", "10", "", "Sets the maximum number of simultaneously running WAL sender processes.", "false")}
${pgRow("shared-buffers", "98304", "8kB", "Sets the number of shared memory buffers used by the server.", "false")}
${pgRow("shared-preload-libraries", "repmgr", "", "Lists shared libraries to preload into server.", "false")}
${pgRow("wal-level", "replica", "", "Sets the level of information written to the WAL.", "false")}
${pgRow("work-mem", "4096", "kB", "Sets the maximum memory to be used for query workspaces.", "false")}`;
const PGCFG_CMD = { command: "fly pg config show -a heron-db" };
const MAXCONN_NOW = pgRow("max-connections", "200", "", "Sets the maximum number of concurrent connections.", "false");

// mix ecto.migrations against prod (fly proxy)
const migs = (last) => `
Repo: Heron.Repo

  Status    Migration ID    Migration Name
--------------------------------------------------
  up        20250314093012  create_couriers
  up        20250314093044  create_deliveries
  up        20250402110510  create_oban_jobs
  up        20250611154402  add_zones
  up        20250918083020  upgrade_oban_jobs_to_v12
  up        20261021141107  add_proof_photo_to_deliveries
  up        20261118142233  add_stop_window_to_deliveries
  up        20261125091540  create_courier_shifts
  up        20261128160012  add_zone_id_to_couriers
${last}
`;
const MIG_CMD = { command: "fly proxy 15432:5432 -a heron-db >/dev/null 2>&1 & sleep 2; DATABASE_URL=$HERON_PROD_PROXY_URL MIX_ENV=prod mix ecto.migrations; kill %1" };
const MIG_DOWN = "  down      20261203101500  add_deliveries_courier_inserted_index";
const MIG_NOW = "  up        20261209141200  add_deliveries_courier_inserted_index_concurrently";

// fly releases --image
const relRow = (v, status, when, image) => `${v.padEnd(8)}${status.padEnd(10)}${"Release".padEnd(13)}${"mira@heron.app".padEnd(16)}${when.padEnd(22)}${image}`;
const releases = (rows) => `${relRow("VERSION", "STATUS", "DATE", "DOCKER IMAGE").replace("Release      ", "DESCRIPTION  ").replace("mira@heron.app  ", "USER            ")}
${rows.join("\n")}`;
const REL_CMD = { command: "fly releases --image -a heron-prod | head -8" };
const IMG = (tag) => `registry.fly.io/heron-prod:deployment-${tag}`;
const R78 = relRow("v78", "complete", "2026-12-04T17:02:44Z", IMG("01JEM2W4G8Q3T6P1ZB0C7XKD5N"));
const R77 = relRow("v77", "complete", "2026-12-03T11:40:18Z", IMG("01JEJ7A1V3N9F2K8HQ4Y6RDT0C"));
const R76 = relRow("v76", "complete", "2026-12-01T09:15:52Z", IMG("01JEE0P5C7R2M4X9T1WQ8BZK3F"));
const R79 = relRow("v79", "complete", "2026-12-07T09:32:10Z", IMG("01JEWB2D0Z8K4N6R1TQ3M9XH7V"));
const R80 = relRow("v80", "complete", "2026-12-07T15:10:46Z", IMG("01JEWZ6H4M1P8C3V9RK2T0YQ5D"));
const R81 = relRow("v81", "complete", "2026-12-08T09:58:03Z", IMG("01JEZ4F0T7W2B9N5K1XR3C8QHM"));
const R82 = relRow("v82", "complete", "2026-12-08T11:47:29Z", IMG("01JEZAE8Y3Q6M0V4H2TK9N1RCP"));
const R83 = relRow("v83", "complete", "2026-12-09T14:19:31Z", IMG("01JF1TZ2K6N8R4C0W3VB7QH5MD"));
const R84 = relRow("v84", "complete", "2026-12-09T15:58:12Z", IMG("01JF1ZR5M9T2H6Q8C1XN4KB0VW"));
const R85 = relRow("v85", "complete", "2026-12-09T16:21:07Z", IMG("01JF1TZ2K6N8R4C0W3VB7QH5MD"));
const R86 = relRow("v86", "complete", "2026-12-09T17:40:55Z", IMG("01JF25N0C3W7K1T9R6QB2HM8XZ"));
const R87 = relRow("v87", "complete", "2026-12-10T11:06:02Z", IMG("01JF25N0C3W7K1T9R6QB2HM8XZ"));
const R88 = relRow("v88", "complete", "2026-12-10T15:31:40Z", IMG("01JF4XH7Q2M5V0C8T3RK9BN1WD"));
const R89 = relRow("v89", "complete", "2026-12-11T09:12:18Z", IMG("01JF6T0B8K3R1N7W5CQ2XHM9VZ"));
const R90 = relRow("v90", "complete", "2026-12-11T16:44:51Z", IMG("01JF7N4W2C9T6K0R8QM1HB5XVD"));
const R91 = relRow("v91", "complete", "2026-12-12T10:05:33Z", IMG("01JF9G1M6T4C8W2R0KQ7HN3BXZ"));
const REL_NOW = relRow("v92", "complete", "2026-12-12T15:48:02Z", IMG("01JFA3K9W1R5T7C2M0QH8NB4XV"));

// cluster size
const NODES_CMD = { command: "fly ssh console -a heron-prod -s --process-group web -C \"/app/bin/heron rpc 'IO.inspect(Node.list(), limit: :infinity); IO.inspect(length(Node.list()) + 1, label: \\\"cluster size\\\")'\"" };
const nodes = (self, others) => `Connecting to ${IP(self)}... complete
[${others.map((n) => `:"${NODE(n)}"`).join(",\n ")}]
cluster size: ${others.length + 1}`;

// mix hex.outdated
const dep = (name, cur, latest, status) => `${name.padEnd(24)}${cur.padEnd(9)}${latest.padEnd(8)}${status}`;
const outdated = (lv, phx, status) => `${dep("Dependency", "Current", "Latest", "Status")}
${dep("bandit", "1.5.7", "1.6.1", "Update possible")}
${dep("ecto_sql", "3.12.1", "3.12.1", "Up-to-date")}
${dep("finch", "0.19.0", "0.19.0", "Up-to-date")}
${dep("libcluster", "3.4.1", "3.4.1", "Up-to-date")}
${dep("oban", "2.18.3", "2.18.3", "Up-to-date")}
${dep("phoenix", phx, "1.7.18", phx === "1.7.18" ? "Up-to-date" : "Update possible")}
${dep("phoenix_ecto", "4.6.3", "4.6.3", "Up-to-date")}
${dep("phoenix_html", "4.1.1", "4.2.0", "Update possible")}
${lv}
${dep("postgrex", "0.19.3", "0.19.3", "Up-to-date")}
${dep("recon", "2.5.6", "2.5.6", "Up-to-date")}
${dep("sentry", "11.0.1", "11.0.1", "Up-to-date")}
${dep("swoosh", "1.17.3", "1.17.5", "Update possible")}

${status}

Run \`mix hex.outdated APP\` to see requirements for a specific dependency.

To view the diffs in each available update, visit:
https://hex.pm/l/Xz81c`;
const LV_V1 = dep("phoenix_live_view", "0.20.17", "1.0.1", "Update not possible");
const LV_NOW = dep("phoenix_live_view", "1.0.1", "1.0.1", "Up-to-date");

// mix test
const mixTest = (seed, n, secs) => `Running ExUnit with seed: ${seed}, max_cases: 20
Excluding tags: [:external]

..................................................................................................
..................................................................................................
.............................................................................
Finished in ${secs} seconds (${(secs * 0.29).toFixed(1)}s async, ${(secs * 0.71).toFixed(1)}s sync)
${n} tests, 0 failures, 6 excluded

Randomized with seed ${seed}`;
const MIXTEST_NOW = "441 tests, 0 failures, 6 excluded";

const FLAKY_CMD = { command: "bin/flaky test/heron_web/live/dispatch_live/index_test.exs 40" };

const SECRETS_CMD = { command: "fly secrets list -a heron-prod" };
const secRow = (name, digest, created) => `${name.padEnd(16)}\t${digest}\t${created}`;
const secrets = (rows) => `${secRow("NAME", "DIGEST          ", "CREATED AT")}\n${rows.join("\n")}`;

const elixirVersion = (otp, erts, ex) => `Erlang/OTP ${otp} [erts-${erts}] [source] [64-bit] [smp:10:10] [ds:10:10:10] [async-threads:1] [jit]

Elixir ${ex} (compiled with Erlang/OTP ${otp})`;

const prodExs = (rate) => `import Config

config :heron, HeronWeb.Endpoint, cache_static_manifest: "priv/static/cache_manifest.json"

config :swoosh, api_client: Swoosh.ApiClient.Finch, finch_name: Heron.Finch
config :swoosh, local: false

config :logger, level: :info

config :sentry,
  environment_name: :prod,
  enable_source_code_context: true,
  root_source_code_paths: [File.cwd!()],
  traces_sample_rate: ${rate},
  integrations: [
    oban: [capture_errors: true, cron: [enabled: true]]
  ]

# Runtime production configuration, including reading
# of environment variables, is done on config/runtime.exs.`;

const flyDeploy = (strategy, tag, release, machines, extra = "") => `==> Verifying app config
Validating ${HR}/fly.toml
✓ Configuration is valid
--> Verified app config
==> Building image
==> Building image with Depot
--> build:  (​)
[+] Building 71.4s (21/21) FINISHED
 => [builder 9/14] RUN mix deps.compile                                 38.2s
 => [builder 12/14] RUN mix assets.deploy                               9.1s
 => [builder 14/14] RUN mix release                                     11.7s
 => exporting to image                                                  2.2s
--> Build Summary:  ()
--> Building image done
image: ${IMG(tag)}
image size: 151 MB

Watch your deployment at https://fly.io/apps/heron-prod/monitoring

Running heron-prod release_command: /app/bin/migrate${extra}
-------
 ✔ release_command completed successfully
-------
-------
Updating existing machines in 'heron-prod' with ${strategy} strategy

-------
${machines.map((m, i) => ` ✔ [${i + 1}/${machines.length}] Machine ${m} update succeeded`).join("\n")}
-------
Checking DNS configuration for heron-prod.fly.dev

Visit your newly deployed app at https://heron-prod.fly.dev/
(release ${release})`;
const M5 = ["d8912e3c0a4718 [web]", "e286d51f2b9938 [web]", "3d08e447b52968 [web]", "6e82931a5d0787 [worker]", "78432d1c0e9948 [worker]"];

const heron = {
  name: "heron (held out 26)",
  sessionId: "b621ccfd-68bc-4e45-8554-1d4e86df4537",
  cwd: HR,
  turns: 214,
  seed: 26626,
  files: ["lib/heron/application.ex", "lib/heron/repo.ex", "lib/heron/dispatch.ex", "lib/heron/dispatch/eta_server.ex", "lib/heron/dispatch/planner.ex", "lib/heron/workers/route_optimizer.ex", "lib/heron/workers/geocode_batch.ex", "lib/heron/workers/monthly_statement_export.ex", "lib/heron/geo.ex", "lib/heron_web/endpoint.ex", "lib/heron_web/router.ex", "lib/heron_web/live/dispatch_live/index.ex", "lib/heron_web/live/courier_live/show.ex", "config/config.exs", "config/runtime.exs", "config/prod.exs", "fly.toml", "Dockerfile", "mix.exs", "rel/env.sh.eex"],
  otherTests: ["test/heron/dispatch_test.exs", "test/heron/workers/geocode_batch_test.exs", "test/heron_web/controllers/page_controller_test.exs", "test/heron/billing_test.exs", "test/heron_web/live/courier_live_test.exs"],
  words: ["courier", "delivery", "dispatch", "route", "stop", "eta", "zone", "shift", "invoice", "statement", "geocode", "socket", "channel", "presence", "assign", "stream", "job", "queue", "node", "machine", "repo", "changeset", "schema", "pubsub", "tracker"],
  grepWords: ["Repo.all", "Oban.insert", "handle_info", "Phoenix.PubSub.broadcast", "TODO", "pool_size"],
  testCommands: ["mix test test/heron/dispatch_test.exs", "mix test --only billing", "mix test test/heron_web/controllers --trace"],
  buildCommands: ["mix compile", "MIX_ENV=prod mix assets.deploy", "mix format --check-formatted && mix credo --strict"],
  appCommands: ["fly logs -a heron-prod --no-tail | tail -60", "iex -S mix phx.server", "fly logs -a heron-staging --no-tail | tail -40"],
  prompts: ["continue", "next", "go on", "ok", "keep going", "alright next", "yep do it", "carry on", "sounds good, continue", "proceed", "ok what now"],
  facts: [
    [2, "Read", TOML_READ, flyToml("rolling", "20", "heron.app", "", VM_ONE), "flytoml", { kind: "code", where: "top" }],
    [3, "Bash", SCALE_CMD, flyScale("heron-prod", [WEB_V1, WORKER_512]), "flyscale", { kind: "app", where: "top" }],
    [4, "Bash", { command: "fly status -a heron-prod" }, `App
  Name     = heron-prod
  Owner    = heron-couriers
  Hostname = heron-prod.fly.dev
  Image    = heron-prod:deployment-01JEM2W4G8Q3T6P1ZB0C7XKD5N
  Platform = machines

Machines
PROCESS	ID            	VERSION	REGION	STATE  	ROLE	CHECKS	LAST UPDATED
web    	d8912e3c0a4718	78     	ams   	started	    	      	2026-12-04T17:03:40Z
web    	e286d51f2b9938	78     	ams   	started	    	      	2026-12-04T17:04:02Z
web    	3d08e447b52968	78     	ams   	started	    	      	2026-12-04T17:04:21Z
worker 	6e82931a5d0787	78     	ams   	started	    	      	2026-12-04T17:04:44Z
worker 	78432d1c0e9948	78     	ams   	started	    	      	2026-12-04T17:05:03Z`, undefined, { kind: "app", where: "top" }],
    [6, "Read", RUNTIME_READ, runtimeExs(POOL_V1, ORIGINS_V1), "runtime", { kind: "code", where: "top" }],
    [7, "Bash", { command: "elixir --version" }, elixirVersion(26, "14.2.5.4", "1.16.3"), "elixirver", { kind: "build", where: "top" }],
    [8, "Read", { file_path: `${HR}/.tool-versions` }, "erlang 26.2.5.4\nelixir 1.16.3-otp-26\nnodejs 20.18.0\npostgres 16.4", "toolversions", { kind: "code", where: "top" }],
    [9, "Read", CONFIG_READ, obanCfg("default: 10, mailers: 20, geocode: 5, routing: 3", false), "obancfg", { kind: "code", where: "top" }],
    [10, "Bash", NODES_CMD, nodes("3b19:e1c4", ["8f21:93e0", "c702:11ab", "51a0:7c22", "a9e4:0d36"]), "nodes", { kind: "app", where: "top" }],
    [11, "Bash", { command: "mix test" }, mixTest(118204, 412, 38.9), "mixtest", { kind: "test", where: "bottom" }],
    [12, "Bash", REL_CMD, releases([R78, R77, R76, relRow("v75", "complete", "2026-11-28T10:02:31Z", IMG("01JE6C3R8T0W2K5N9QB1XM7HVD"))]), "releases", { kind: "app", where: "top" }],
    [13, "Bash", { command: "gh run list -L 5" }, `STATUS  TITLE                                        WORKFLOW    BRANCH  EVENT  ID           ELAPSED  AGE
✓       courier: show proof photo in stop drawer     CI          main    push   12204418311  6m41s    about 3 days ago
✓       courier: show proof photo in stop drawer     Fly Deploy  main    push   12204418309  4m02s    about 3 days ago
✓       dispatch: drag to reorder stops              CI          main    push   12188020117  6m12s    about 4 days ago
✓       dispatch: drag to reorder stops              Fly Deploy  main    push   12188020115  3m58s    about 4 days ago
✓       deps: bump bandit                            CI          main    push   12170933402  6m30s    about 6 days ago`, "ci", { kind: "build", where: "top" }],
    [14, "Bash", PGCFG_CMD, pgConfig("100", "false"), "pgconfig", { kind: "pg", where: "top" }],
    [15, "Bash", { command: "fly scale show -a heron-staging" }, flyScale("heron-staging", [scaleRow("web", 1, "shared", 1, "256 MB", "ams"), scaleRow("worker", 1, "shared", 1, "512 MB", "ams")]), undefined, { kind: "app", where: "top" }],
    [16, "Bash", { command: "mix hex.outdated" }, outdated(LV_V1, "1.7.14", "Some dependencies are outdated."), "deps", { kind: "build", where: "top" }],
    [17, "Bash", { command: "fly logs -a heron-prod --no-tail | grep -E 'error|ConnectionError|53300' | tail -12" }, `2026-12-07T08:41:12.402 app[d8912e3c0a4718] ams [info] 08:41:12.401 request_id=F_3kQ2x1Zq8AAAhB [error] GenServer #PID<0.4211.0> terminating
2026-12-07T08:41:12.402 app[d8912e3c0a4718] ams [info] ** (DBConnection.ConnectionError) connection not available and request was dropped from queue after 2841ms. This means requests are coming in and your connection pool cannot serve them fast enough. You can address this by:
2026-12-07T08:41:12.402 app[d8912e3c0a4718] ams [info]   1. Ensuring your database is available and that you can connect to it
2026-12-07T08:41:12.402 app[d8912e3c0a4718] ams [info]   2. Tracking down slow queries and making sure they are running fast enough
2026-12-07T08:41:12.402 app[d8912e3c0a4718] ams [info]   3. Increasing the pool_size (although this increases resource consumption)
2026-12-07T08:41:12.402 app[d8912e3c0a4718] ams [info]   4. Allowing requests to wait longer by increasing :queue_target and :queue_interval
2026-12-07T08:41:12.403 app[d8912e3c0a4718] ams [info] Last message: %Phoenix.Socket.Message{topic: "lv:phx-F_3kP8", event: "event", payload: %{"event" => "mark_delivered"}}
2026-12-07T08:41:13.118 app[78432d1c0e9948] ams [info] 08:41:13.117 [error] Postgrex.Protocol (#PID<0.2982.0>) failed to connect: ** (Postgrex.Error) FATAL 53300 (too_many_connections) remaining connection slots are reserved for roles with the SUPERUSER attribute
2026-12-07T08:41:14.551 app[78432d1c0e9948] ams [info] 08:41:14.550 [error] Postgrex.Protocol (#PID<0.2990.0>) failed to connect: ** (Postgrex.Error) FATAL 53300 (too_many_connections) remaining connection slots are reserved for roles with the SUPERUSER attribute
2026-12-07T08:41:19.004 app[e286d51f2b9938] ams [info] 08:41:19.003 request_id=F_3kRLh0c9YAAAwD [info] Sent 500 in 5012ms
(dispatch board: "mark delivered" and "reassign stop" fail for every dispatcher since 08:40)`, undefined, { kind: "app", error: true, where: "top" }],
    [18, "Bash", { command: "fly pg connect -a heron-db -d heron_prod -c \"select coalesce(nullif(application_name,''),'(none)') as app, client_addr, count(*) from pg_stat_activity where datname = 'heron_prod' group by 1,2 order by 3 desc\"" }, `        app        |        client_addr        | count
-------------------+---------------------------+-------
 heron             | ${IP("3b19:e1c4")}  |    20
 heron             | ${IP("8f21:93e0")}  |    20
 heron             | ${IP("51a0:7c22")}  |    20
 heron             | ${IP("c702:11ab")}  |    19
 heron             | ${IP("a9e4:0d36")}  |    15
 postgres_exporter | fdaa:2:4b1c:a7b:1d4:0:1:2 |     3
(6 rows)

max_connections = 100, superuser_reserved_connections = 3: 97 of 97 usable slots taken`, undefined, { kind: "pg", where: "top" }],
    [20, "Edit", { file_path: `${HR}/fly.toml`, old_string: "  POOL_SIZE = '20'", new_string: "  POOL_SIZE = '10'" }, `The file ${HR}/fly.toml has been updated. Here's the result of running \`cat -n\` on a snippet of the edited file:
    22\t  PHX_HOST = 'heron.app'
    23\t  PORT = '8080'
    24\t  POOL_SIZE = '10'`, undefined, { kind: "code", where: "top" }],
    [21, "Bash", { command: "fly pg config update --max-connections 200 -a heron-db" }, `NAME           	VALUE	TARGET VALUE	RESTART REQUIRED
max-connections	100  	200         	true
? Are you sure you want to apply these changes? Yes
Performing a restart on each Postgres Machine in your cluster ...
Identifying cluster role(s)
  Machine 148ed4ef0e3d89: replica
  Machine 2874d20f5e6e18: primary
Restarting machine 148ed4ef0e3d89
  Waiting for 148ed4ef0e3d89 to become healthy (started, 3/3)
Performing a failover
  Waiting for 148ed4ef0e3d89 to become healthy (started, 3/3)
Restarting machine 2874d20f5e6e18
  Waiting for 2874d20f5e6e18 to become healthy (started, 3/3)
Machine 2874d20f5e6e18 restarted successfully!
Postgres cluster has been successfully restarted!`, undefined, { kind: "pg", where: "top" }],
    [22, "Bash", PGCFG_CMD, pgConfig("200", "false"), "pgconfig", { kind: "pg", where: "top" }],
    [23, "Bash", { command: "fly deploy -a heron-prod" }, flyDeploy("rolling", "01JEWB2D0Z8K4N6R1TQ3M9XH7V", "v79", M5), undefined, { kind: "build", where: "top" }],
    [24, "Bash", { command: "fly pg connect -a heron-db -d heron_prod -c \"select count(*) as conns, (select setting from pg_settings where name='max_connections') as max from pg_stat_activity where datname='heron_prod'\"" }, ` conns | max
-------+-----
    54 | 200
(1 row)`, undefined, { kind: "pg", where: "top" }],
    [26, "Bash", { command: "git commit -am 'prod: POOL_SIZE 10, heron-db max_connections 200' && git log -1 --format='%h %s%n%n%b'" }, `[main 4c1e7a9] prod: POOL_SIZE 10, heron-db max_connections 200
 1 file changed, 1 insertion(+), 1 deletion(-)
4c1e7a9 prod: POOL_SIZE 10, heron-db max_connections 200

Dispatch board and courier app got DBConnection "connection not available" errors from
08:40 on Dec 7. Every machine opens its own pool of POOL_SIZE connections: 3 web + 2 worker
machines at POOL_SIZE 20 want 100 connections, and heron-db (Fly Postgres) had
max_connections 100 with 3 slots reserved for superusers, so the pools that started last
never filled and new connections failed with 53300 too_many_connections. POOL_SIZE 10
(50 connections plus Oban's notifier) and max_connections 200 (rolling pg restart).`, undefined, { kind: "build", where: "top" }],
    [27, "Read", TOML_READ, flyToml("rolling", "10", "heron.app", "", VM_ONE), "flytoml", { kind: "code", where: "top" }],
    [30, "Bash", { command: "fly logs -a heron-prod --no-tail --machine 6e82931a5d0787 | tail -14" }, `2026-12-07T14:21:58.118 app[6e82931a5d0787] ams [info] 14:21:58.117 [info] Heron.Workers.RouteOptimizer job=918244 zone=ams-centrum started
2026-12-07T14:22:01.440 app[6e82931a5d0787] ams [info] 14:22:01.439 [info] Heron.Workers.MonthlyStatementExport job=918190 org=77 started (attempt 1)
2026-12-07T14:22:07.911 app[6e82931a5d0787] ams [info] [ 9182.551806] Out of memory: Killed process 322 (beam.smp) total-vm:1204552kB, anon-rss:468120kB, file-rss:0kB, shmem-rss:0kB, UID:65534 pgtables:1208kB oom_score_adj:0
2026-12-07T14:22:08.022 app[6e82931a5d0787] ams [info]  INFO Process appears to have been OOM killed!
2026-12-07T14:22:08.774 app[6e82931a5d0787] ams [info]  INFO Main child exited normally with code: 137
2026-12-07T14:22:08.790 app[6e82931a5d0787] ams [info]  INFO Starting clean up.
2026-12-07T14:22:09.802 app[6e82931a5d0787] ams [info] [ 9184.470392] reboot: Restarting system
2026-12-07T14:22:11.066 runner[6e82931a5d0787] ams [info] Machine started in 1.041s
2026-12-07T14:22:14.930 app[6e82931a5d0787] ams [info] 14:22:14.929 [info] Running Heron.Application (heron 0.1.0)
(third OOM kill of a worker today: 09:05, 11:31, 14:22, each time a statement export was running)`, undefined, { kind: "app", error: true, where: "top" }],
    [31, "Bash", { command: "fly ssh console -a heron-prod -s --process-group worker -C \"/app/bin/heron rpc ':recon.proc_count(:memory, 4) |> IO.inspect(limit: :infinity)'\"" }, `Connecting to ${IP("51a0:7c22")}... complete
[
  {#PID<0.5123.0>, 402118832,
   [
     Heron.Workers.MonthlyStatementExport,
     {:current_function, {Enum, :"-map/2-lists^map/1-1-", 2}},
     {:initial_call, {:proc_lib, :init_p, 5}}
   ]},
  {#PID<0.2841.0>, 14112904,
   [:code_server, {:current_function, {:code_server, :loop, 1}}, {:initial_call, {:erlang, :apply, 2}}]},
  {#PID<0.3310.0>, 6291828,
   [Oban.Queue.Geocode.Producer, {:current_function, {:gen_server, :loop, 7}}, {:initial_call, {:proc_lib, :init_p, 5}}]},
  {#PID<0.3001.0>, 2318016,
   [Heron.Repo.Pool, {:current_function, {:gen_server, :loop, 7}}, {:initial_call, {:proc_lib, :init_p, 5}}]}
]
(the export job for org 77, 1.9M deliveries, holds ~400 MB: Repo.all loads every delivery row, then builds the whole CSV in memory; the machine has 512 MB)`, undefined, { kind: "app", where: "top" }],
    [33, "Read", { file_path: `${HR}/lib/heron/workers/monthly_statement_export.ex` }, `   1\tdefmodule Heron.Workers.MonthlyStatementExport do
   2\t  use Oban.Worker, queue: :default, max_attempts: 3
   3\t
   4\t  import Ecto.Query
   5\t  alias Heron.{Repo, Billing}
   6\t
   7\t  @impl Oban.Worker
   8\t  def perform(%Oban.Job{args: %{"org_id" => org_id, "month" => month}}) do
   9\t    deliveries =
  10\t      from(d in Heron.Dispatch.Delivery,
  11\t        where: d.org_id == ^org_id and fragment("date_trunc('month', ?)", d.delivered_at) == ^month,
  12\t        preload: [:courier, :stops]
  13\t      )
  14\t      |> Repo.all()
  15\t
  16\t    csv = deliveries |> Enum.map(&Billing.statement_row/1) |> CSV.encode() |> Enum.join()
  17\t    Billing.upload_statement!(org_id, month, csv)
  18\t  end
  19\tend`, undefined, { kind: "code", where: "top" }],
    [34, "Edit", { file_path: `${HR}/lib/heron/workers/monthly_statement_export.ex`, old_string: "      |> Repo.all()", new_string: "      |> Repo.stream(max_rows: 2_000)" }, `The file ${HR}/lib/heron/workers/monthly_statement_export.ex has been updated. (perform/1 now runs the stream inside Repo.transaction(timeout: :infinity), encodes chunks of 2000 rows with CSV.encode/1 into a temp file and uploads the file; preload moved to Repo.preload per chunk)`, undefined, { kind: "code", where: "top" }],
    [36, "Bash", { command: "fly scale memory 1024 --process-group worker -a heron-prod -y && fly scale show -a heron-prod" }, `Updating machine 6e82931a5d0787
  Waiting for 6e82931a5d0787 to become healthy (started)
Machine 6e82931a5d0787 updated successfully!
Updating machine 78432d1c0e9948
  Waiting for 78432d1c0e9948 to become healthy (started)
Machine 78432d1c0e9948 updated successfully!
${flyScale("heron-prod", [WEB_V1, WORKER_1G])}`, "flyscale", { kind: "app", where: "top" }],
    [37, "Bash", { command: "fly deploy -a heron-prod" }, flyDeploy("rolling", "01JEWZ6H4M1P8C3V9RK2T0YQ5D", "v80", M5), undefined, { kind: "build", where: "top" }],
    [38, "Bash", { command: "git commit -am 'statements: stream the export instead of Repo.all' && git log -1 --format='%h %s%n%n%b'" }, `[main 0a7d3f2] statements: stream the export instead of Repo.all
 2 files changed, 31 insertions(+), 9 deletions(-)
0a7d3f2 statements: stream the export instead of Repo.all

Workers were OOM-killed three times on Dec 7 while MonthlyStatementExport ran for big orgs:
the job loaded all deliveries of the month with preloads and built the CSV in memory
(~400 MB for org 77 on a 512 MB machine). Stream in chunks of 2000 to a temp file. Worker
machines also scaled to 1024 MB with fly scale memory.`, undefined, { kind: "build", where: "top" }],
    [41, "Bash", { command: "fly ssh console -a heron-prod -s --process-group worker -C \"/app/bin/heron rpc 'Heron.Ops.stuck_jobs(30) |> IO.inspect(limit: :infinity)'\"" }, `Connecting to ${IP("a9e4:0d36")}... complete
[
  %{
    id: 918244,
    queue: "routing",
    worker: "Heron.Workers.RouteOptimizer",
    state: "executing",
    attempt: 1,
    max_attempts: 5,
    args: %{"zone" => "ams-centrum", "date" => "2026-12-08"},
    attempted_at: ~U[2026-12-07 14:21:58.118204Z],
    attempted_by: ["${NODE("51a0:7c22")}", "b2f1c6e0-91d4-4a7e-8c3b-5d0e2f7a9b14"]
  }
]
(job 918244 has been "executing" for 19 hours: the worker running it was OOM-killed at 14:22 yesterday mid-job, and without the Lifeline plugin nothing moves orphaned executing jobs back to available; tomorrow's ams-centrum routes were never planned)`, undefined, { kind: "app", where: "top" }],
    [42, "Grep", { pattern: "plugins:", path: "config", "-A": 10, output_mode: "content" }, `config/config.exs:44:  plugins: [
config/config.exs-45-    {Oban.Plugins.Pruner, max_age: 60 * 60 * 24 * 7},
config/config.exs-46-    {Oban.Plugins.Cron,
config/config.exs-47-     crontab: [
config/config.exs-48-       {"0 2 * * *", Heron.Workers.NightlyInvoices},
config/config.exs-49-       {"*/15 * * * *", Heron.Workers.StaleDeliverySweeper},
config/config.exs-50-       {"0 5 1 * *", Heron.Workers.MonthlyStatementExport}
config/config.exs-51-     ]}
config/config.exs-52-  ]
config/test.exs:31:config :heron, Oban, testing: :manual, plugins: false, queues: false`, undefined, { kind: "code", where: "top" }],
    [43, "Edit", { file_path: `${HR}/config/config.exs`, old_string: "    {Oban.Plugins.Pruner, max_age: 60 * 60 * 24 * 7},", new_string: `    {Oban.Plugins.Pruner, max_age: 60 * 60 * 24 * 7},\n    ${LIFELINE}` }, `The file ${HR}/config/config.exs has been updated.`, undefined, { kind: "code", where: "top" }],
    [44, "Bash", { command: "fly ssh console -a heron-prod -s --process-group worker -C \"/app/bin/heron rpc 'Oban.retry_job(918244) |> IO.inspect(); Process.sleep(60_000); Heron.Repo.get!(Oban.Job, 918244) |> Map.take([:state, :attempt, :completed_at]) |> IO.inspect()'\"" }, `Connecting to ${IP("a9e4:0d36")}... complete
:ok
%{state: "completed", attempt: 2, completed_at: ~U[2026-12-08 09:31:40.228113Z]}`, undefined, { kind: "app", where: "top" }],
    [46, "Bash", { command: "fly deploy -a heron-prod" }, flyDeploy("rolling", "01JEZ4F0T7W2B9N5K1XR3C8QHM", "v81", M5), undefined, { kind: "build", where: "top" }],
    [48, "Bash", QUEUE_CMD(), checkQueue(5, [1204410, 1204411, 1204413, 1204418, 1204420], 41207, "2026-12-08 10:02:41.402117Z"), "obanqueue", { kind: "app", where: "top" }],
    [49, "Bash", QUEUE_CMD(20), checkQueue(20, Array.from({ length: 20 }, (_, i) => 1204500 + i * 3), 39884, "2026-12-08 10:06:12.551930Z"), "obanqueue", { kind: "app", where: "top" }],
    [51, "Edit", { file_path: `${HR}/config/config.exs`, old_string: "  queues: [default: 10, mailers: 20, geocode: 5, routing: 3],", new_string: "  queues: [default: 10, mailers: 20, geocode: 20, routing: 3]," }, `The file ${HR}/config/config.exs has been updated.`, undefined, { kind: "code", where: "top" }],
    [52, "Bash", { command: "fly logs -a heron-prod --no-tail | grep -E 'GeocodeBatch|ConnectionError' | tail -8" }, `2026-12-08T10:14:02.118 app[6e82931a5d0787] ams [info] 10:14:02.117 [error] Heron.Workers.GeocodeBatch job=1205114 attempt=1 ** (DBConnection.ConnectionError) connection not available and request was dropped from queue after 1094ms. This means requests are coming in and your connection pool cannot serve them fast enough.
2026-12-08T10:14:02.530 app[78432d1c0e9948] ams [info] 10:14:02.529 [error] Heron.Workers.GeocodeBatch job=1205131 attempt=1 ** (DBConnection.ConnectionError) connection not available and request was dropped from queue after 1012ms.
2026-12-08T10:14:03.904 app[6e82931a5d0787] ams [info] 10:14:03.903 [error] Heron.Workers.RouteOptimizer job=1205140 attempt=1 ** (DBConnection.ConnectionError) connection not available and request was dropped from queue after 1207ms.
2026-12-08T10:14:05.002 app[78432d1c0e9948] ams [info] 10:14:05.001 [warning] Oban.Notifiers.Postgres lost connection, reconnecting
(worker machines have POOL_SIZE 10 like web, but the geocode queue alone now runs 20 jobs per node, plus routing 3, mailers 20 and default 10: the pool is smaller than Oban's concurrency on the worker nodes)`, undefined, { kind: "app", error: true, where: "top" }],
    [53, "Edit", { file_path: `${HR}/config/runtime.exs`, old_string: `    ${POOL_V1}`, new_string: `    ${POOL_NOW}` }, `The file ${HR}/config/runtime.exs has been updated.`, undefined, { kind: "code", where: "top" }],
    [54, "Read", RUNTIME_READ, runtimeExs(POOL_NOW, ORIGINS_V1), "runtime", { kind: "code", where: "top" }],
    [56, "Bash", { command: "fly deploy -a heron-prod" }, flyDeploy("rolling", "01JEZAE8Y3Q6M0V4H2TK9N1RCP", "v82", M5), undefined, { kind: "build", where: "top" }],
    [58, "Bash", { command: "fly logs -a heron-prod --no-tail | grep -i 'geocode' | grep -E '429|rate' | tail -6" }, `2026-12-08T11:58:20.441 app[6e82931a5d0787] ams [info] 11:58:20.440 [warning] Heron.Workers.GeocodeBatch job=1209902 attempt=2: {:error, %Heron.Geo.Error{status: 429, body: "{\\"message\\":\\"Too Many Requests\\"}", headers: [{"x-rate-limit-limit", "600"}, {"x-rate-limit-interval", "60"}, {"x-rate-limit-reset", "1765195140"}]}}
2026-12-08T11:58:20.502 app[78432d1c0e9948] ams [info] 11:58:20.501 [warning] Heron.Workers.GeocodeBatch job=1209917 attempt=2: {:error, %Heron.Geo.Error{status: 429, body: "{\\"message\\":\\"Too Many Requests\\"}"}}
2026-12-08T11:58:21.118 app[6e82931a5d0787] ams [info] 11:58:21.117 [warning] Heron.Workers.GeocodeBatch job=1209920 attempt=3: {:error, %Heron.Geo.Error{status: 429, body: "{\\"message\\":\\"Too Many Requests\\"}"}}
2026-12-08T11:58:22.730 app[78432d1c0e9948] ams [info] 11:58:22.729 [error] Heron.Workers.GeocodeBatch job=1209644 discarded after 5 attempts
(Mapbox geocoding allows 600 requests/min on our plan; 40 concurrent geocode jobs over 2 worker nodes send ~1900/min, so most batches now fail with 429 and get discarded)`, undefined, { kind: "app", error: true, where: "top" }],
    [59, "Bash", QUEUE_CMD(8), checkQueue(8, [1210002, 1210005, 1210007, 1210011, 1210012, 1210016, 1210019, 1210021], 23410, "2026-12-08 12:04:55.007311Z"), "obanqueue", { kind: "app", where: "top" }],
    [60, "Edit", { file_path: `${HR}/config/config.exs`, old_string: "  queues: [default: 10, mailers: 20, geocode: 20, routing: 3],", new_string: "  queues: [default: 10, mailers: 20, geocode: 8, routing: 3]," }, `The file ${HR}/config/config.exs has been updated.`, undefined, { kind: "code", where: "top" }],
    [61, "Read", CONFIG_READ, obanCfg("default: 10, mailers: 20, geocode: 8, routing: 3", true), "obancfg", { kind: "code", where: "top" }],
    [62, "Bash", { command: "git commit -am 'oban: geocode 8, worker pool 15, Lifeline' && git log -1 --format='%h %s%n%n%b'" }, `[main 6f2b90c] oban: geocode 8, worker pool 15, Lifeline
 2 files changed, 4 insertions(+), 2 deletions(-)
6f2b90c oban: geocode 8, worker pool 15, Lifeline

geocode went 5 -> 20 for the 41k backlog, but 20 per node is more than the worker's pool
(connection not available) and more than Mapbox lets us send (600 req/min, 429s and
discarded batches). 8 per node = 16 in flight, about 550 req/min. Worker machines get a
pool of 15 (FLY_PROCESS_GROUP check in runtime.exs), web keeps POOL_SIZE. Lifeline rescues
jobs left executing by a killed node after 30 min.`, undefined, { kind: "build", where: "top" }],
    [64, "Bash", { command: "fly pg connect -a heron-db -d heron_prod -c \"EXPLAIN (ANALYZE, BUFFERS) SELECT d.* FROM deliveries d WHERE d.courier_id = 4412 AND d.inserted_at >= '2026-11-01' ORDER BY d.inserted_at DESC LIMIT 50\"" }, `                                                                  QUERY PLAN
---------------------------------------------------------------------------------------------------------------------------------------------
 Limit  (cost=1000.59..412881.22 rows=50 width=412) (actual time=2869.114..2871.301 rows=50 loops=1)
   Buffers: shared hit=112 read=581244
   ->  Gather Merge  (cost=1000.59..588402.87 rows=71 width=412) (actual time=2869.110..2871.288 rows=50 loops=1)
         Workers Planned: 2
         Workers Launched: 2
         Buffers: shared hit=112 read=581244
         ->  Sort  (cost=0.56..0.64 rows=30 width=412) (actual time=2851.20..2851.23 rows=41 loops=3)
               Sort Key: inserted_at DESC
               Sort Method: top-N heapsort  Memory: 61kB
               ->  Parallel Seq Scan on deliveries d  (cost=0.00..587301.44 rows=30 width=412) (actual time=12.04..2841.77 rows=1203 loops=3)
                     Filter: ((inserted_at >= '2026-11-01 00:00:00'::timestamp without time zone) AND (courier_id = 4412))
                     Rows Removed by Filter: 12741380
 Planning Time: 0.212 ms
 Execution Time: 2871.455 ms
(14 rows)
(courier history page, CourierLive.Show: deliveries has 38.2M rows and only a pkey + an index on org_id)`, "explain", { kind: "pg", where: "top" }],
    [65, "Write", { file_path: `${HR}/priv/repo/migrations/20261203101500_add_deliveries_courier_inserted_index.exs`, content: "defmodule Heron.Repo.Migrations.AddDeliveriesCourierInsertedIndex do\n  use Ecto.Migration\n\n  def change do\n    create index(:deliveries, [:courier_id, :inserted_at])\n  end\nend\n" }, `File created successfully at: ${HR}/priv/repo/migrations/20261203101500_add_deliveries_courier_inserted_index.exs`, undefined, { kind: "code", where: "top" }],
    [67, "Bash", { command: "fly deploy -a heron-prod" }, `==> Verifying app config
Validating ${HR}/fly.toml
✓ Configuration is valid
--> Verified app config
==> Building image
--> Building image done
image: ${IMG("01JF1N8Q4C2W6T0R9KB3XM7HVZ")}
image size: 151 MB

Running heron-prod release_command: /app/bin/migrate
-------
 ✔ Created release_command machine 9080e6f1c4d238
 ⠼ Waiting for 9080e6f1c4d238 to have state: destroyed
   10:17:01.447 [info] Migrations already up? false
   10:17:03.112 [info] == Running 20261203101500 Heron.Repo.Migrations.AddDeliveriesCourierInsertedIndex.change/0 forward
   10:17:03.113 [info] create index deliveries_courier_id_inserted_at_index
 ⠦ Waiting for 9080e6f1c4d238 to have state: destroyed (6m12s)`, undefined, { kind: "build", where: "top" }],
    [68, "Bash", { command: "fly pg connect -a heron-db -d heron_prod -c \"select pid, wait_event_type, wait_event, now() - query_start as running, left(query, 64) as query from pg_stat_activity where datname='heron_prod' and (wait_event_type = 'Lock' or query ilike 'create index%') order by query_start limit 6\" -c \"select l.pid, l.mode, l.granted from pg_locks l join pg_class c on c.oid = l.relation where c.relname = 'deliveries' and l.pid = 8812\"" }, `  pid  | wait_event_type | wait_event |     running     |                              query
-------+-----------------+------------+-----------------+------------------------------------------------------------------
  8812 |                 |            | 00:06:41.20871  | CREATE INDEX "deliveries_courier_id_inserted_at_index" ON "deliv
 10433 | Lock            | relation   | 00:06:12.88104  | UPDATE "deliveries" AS d0 SET "status" = $1, "updated_at" = $2 W
 10437 | Lock            | relation   | 00:06:09.11420  | UPDATE "deliveries" AS d0 SET "status" = $1, "updated_at" = $2 W
 10440 | Lock            | relation   | 00:05:58.40712  | INSERT INTO "deliveries" ("org_id","courier_id","status","pickup
 10452 | Lock            | relation   | 00:05:51.90233  | UPDATE "deliveries" AS d0 SET "courier_id" = $1, "updated_at" =
 10461 | Lock            | relation   | 00:05:40.00118  | UPDATE "deliveries" AS d0 SET "status" = $1, "updated_at" = $2 W
(6 rows)

 pid  |   mode    | granted
------+-----------+---------
 8812 | ShareLock | t
(1 row)

(63 UPDATE/INSERT statements on deliveries are waiting behind the index build; reads still work, so the dispatch board loads but every status change hangs until the LiveView call times out)`, undefined, { kind: "pg", where: "top" }],
    [69, "Bash", { command: "fly logs -a heron-prod --no-tail | grep -E 'handle_event|timeout' | tail -6" }, `2026-12-09T10:21:12.881 app[d8912e3c0a4718] ams [info] 10:21:12.880 [error] ** (DBConnection.ConnectionError) tcp recv (idle): timeout
2026-12-09T10:21:12.882 app[d8912e3c0a4718] ams [info]     (heron 0.1.0) lib/heron/dispatch.ex:212: Heron.Dispatch.mark_delivered/2
2026-12-09T10:21:12.882 app[d8912e3c0a4718] ams [info]     (heron 0.1.0) lib/heron_web/live/dispatch_live/index.ex:141: HeronWeb.DispatchLive.Index.handle_event/3
2026-12-09T10:21:14.019 app[e286d51f2b9938] ams [info] 10:21:14.018 [error] GenServer #PID<0.8812.0> terminating ** (exit) exited in: DBConnection.Holder.checkout/3 ** (EXIT) time out
2026-12-09T10:21:15.440 app[78432d1c0e9948] ams [info] 10:21:15.439 [error] Heron.Workers.StaleDeliverySweeper job=1230118 ** (DBConnection.ConnectionError) tcp recv (idle): timeout`, undefined, { kind: "app", error: true, where: "top" }],
    [70, "Bash", { command: "fly pg connect -a heron-db -d heron_prod -c 'select pg_cancel_backend(8812)'" }, ` pg_cancel_backend
-------------------
 t
(1 row)`, undefined, { kind: "pg", where: "top" }],
    [71, "Bash", { command: "fly logs -a heron-prod --no-tail --machine 9080e6f1c4d238 | tail -14" }, `   10:24:14.602 [error] Migration 20261203101500 failed
** (Postgrex.Error) ERROR 57014 (query_canceled) canceling statement due to user request
    (ecto_sql 3.12.1) lib/ecto/adapters/sql.ex:1096: Ecto.Adapters.SQL.raise_sql_call_error/1
    (elixir 1.16.3) lib/enum.ex:1700: Enum."-map/2-lists^map/1-1-"/2
    (ecto_sql 3.12.1) lib/ecto/adapters/sql.ex:1203: Ecto.Adapters.SQL.execute_ddl/4
    (ecto_sql 3.12.1) lib/ecto/migration/runner.ex:348: Ecto.Migration.Runner.log_and_execute_ddl/3
    (ecto_sql 3.12.1) lib/ecto/migrator.ex:365: Ecto.Migrator.attempt/8
 ✖ release_command failed
Error: release command failed - aborting deployment. machine 9080e6f1c4d238 exited with non-zero status of 1
(the CREATE INDEX ran inside the migration's transaction, so the cancel rolled it back: no index, no schema_migrations row; v83 was never rolled out)`, undefined, { kind: "build", error: true, where: "top" }],
    [72, "Bash", MIG_CMD, migs(MIG_DOWN), "migstatus", { kind: "pg", where: "top" }],
    [74, "Write", { file_path: `${HR}/priv/repo/migrations/20261209141200_add_deliveries_courier_inserted_index_concurrently.exs`, content: "defmodule Heron.Repo.Migrations.AddDeliveriesCourierInsertedIndexConcurrently do\n  use Ecto.Migration\n  @disable_ddl_transaction true\n  @disable_migration_lock true\n\n  def change do\n    create_if_not_exists index(:deliveries, [:courier_id, :inserted_at], concurrently: true)\n  end\nend\n" }, `File created successfully at: ${HR}/priv/repo/migrations/20261209141200_add_deliveries_courier_inserted_index_concurrently.exs (and git rm of 20261203101500_add_deliveries_courier_inserted_index.exs)`, undefined, { kind: "code", where: "top" }],
    [76, "Bash", { command: "fly deploy -a heron-prod" }, flyDeploy("rolling", "01JF1TZ2K6N8R4C0W3VB7QH5MD", "v83", M5, `
   14:12:44.020 [info] == Running 20261209141200 Heron.Repo.Migrations.AddDeliveriesCourierInsertedIndexConcurrently.change/0 forward
   14:12:44.021 [info] create index if not exists deliveries_courier_id_inserted_at_index
   14:19:12.231 [info] == Migrated 20261209141200 in 388.2s`), undefined, { kind: "build", where: "top" }],
    [77, "Bash", MIG_CMD, migs(MIG_NOW), "migstatus", { kind: "pg", where: "top" }],
    [78, "Bash", { command: "fly pg connect -a heron-db -d heron_prod -c \"EXPLAIN (ANALYZE, BUFFERS) SELECT d.* FROM deliveries d WHERE d.courier_id = 4412 AND d.inserted_at >= '2026-11-01' ORDER BY d.inserted_at DESC LIMIT 50\"" }, `                                                                      QUERY PLAN
-------------------------------------------------------------------------------------------------------------------------------------------------------
 Limit  (cost=0.56..201.44 rows=50 width=412) (actual time=0.061..3.822 rows=50 loops=1)
   Buffers: shared hit=48 read=9
   ->  Index Scan Backward using deliveries_courier_id_inserted_at_index on deliveries d  (cost=0.56..289.12 rows=71 width=412) (actual time=0.058..3.801 rows=50 loops=1)
         Index Cond: ((courier_id = 4412) AND (inserted_at >= '2026-11-01 00:00:00'::timestamp without time zone))
         Buffers: shared hit=48 read=9
 Planning Time: 0.301 ms
 Execution Time: 3.914 ms
(7 rows)`, "explain", { kind: "pg", where: "top" }],
    [79, "Bash", { command: "git commit -am 'migrations: build the deliveries courier index concurrently' && git log -1 --format='%h %s%n%n%b'" }, `[main 93d5e18] migrations: build the deliveries courier index concurrently
 2 files changed, 10 insertions(+), 7 deletions(-)
93d5e18 migrations: build the deliveries courier index concurrently

Redo of the deliveries (courier_id, inserted_at) index. The first version (20261203101500)
ran a plain CREATE INDEX inside the migration transaction on a 38M-row table: it holds a
ShareLock on deliveries for the whole build, so every status UPDATE from the dispatch board
queued behind it for 6+ minutes. Cancelled it with pg_cancel_backend, the transaction rolled
back and the deploy aborted. Now CREATE INDEX CONCURRENTLY with @disable_ddl_transaction and
@disable_migration_lock: 388 s, no blocked writes. Courier history query 2871 ms -> 3.9 ms.`, undefined, { kind: "build", where: "top" }],
    [82, "Edit", { file_path: `${HR}/config/runtime.exs`, old_string: `    ${ORIGINS_V1}`, new_string: '    check_origin: ["https://dispatch.heron.app"],' }, `The file ${HR}/config/runtime.exs has been updated.`, undefined, { kind: "code", where: "top" }],
    [83, "Edit", { file_path: `${HR}/fly.toml`, old_string: "  PHX_HOST = 'heron.app'", new_string: "  PHX_HOST = 'dispatch.heron.app'" }, `The file ${HR}/fly.toml has been updated.`, undefined, { kind: "code", where: "top" }],
    [84, "Bash", { command: "fly deploy -a heron-prod" }, flyDeploy("rolling", "01JF1ZR5M9T2H6Q8C1XN4KB0VW", "v84", M5), undefined, { kind: "build", where: "top" }],
    [86, "Bash", { command: "fly logs -a heron-prod --no-tail | grep -A18 'Could not check origin' | head -24" }, `2026-12-09T16:05:41.877 app[d8912e3c0a4718] ams [info] 16:05:41.876 [error] Could not check origin for Phoenix.Socket transport.
2026-12-09T16:05:41.877 app[d8912e3c0a4718] ams [info] Origin of the request: https://heron.app
2026-12-09T16:05:41.877 app[d8912e3c0a4718] ams [info] This happens when you are attempting a socket connection to
2026-12-09T16:05:41.877 app[d8912e3c0a4718] ams [info] a different host than the one configured in your config/
2026-12-09T16:05:41.877 app[d8912e3c0a4718] ams [info] files. For example, in development the host is configured
2026-12-09T16:05:41.877 app[d8912e3c0a4718] ams [info] to "localhost" but you may be trying to access it from
2026-12-09T16:05:41.877 app[d8912e3c0a4718] ams [info] "127.0.0.1". To fix this issue, you may either:
2026-12-09T16:05:41.877 app[d8912e3c0a4718] ams [info]   1. update [url: [host: ...]] to your actual host in the
2026-12-09T16:05:41.877 app[d8912e3c0a4718] ams [info]      config file for your current environment (recommended)
2026-12-09T16:05:41.877 app[d8912e3c0a4718] ams [info]   2. pass the :check_origin option when configuring your
2026-12-09T16:05:41.877 app[d8912e3c0a4718] ams [info]      endpoint or when configuring the transport in your
2026-12-09T16:05:41.877 app[d8912e3c0a4718] ams [info]      UserSocket module, explicitly outlining which origins
2026-12-09T16:05:41.877 app[d8912e3c0a4718] ams [info]      are allowed:
2026-12-09T16:05:41.877 app[d8912e3c0a4718] ams [info]         check_origin: ["https://example.com",
2026-12-09T16:05:41.877 app[d8912e3c0a4718] ams [info]                        "//another.com:888", "//other.com"]
2026-12-09T16:05:41.902 app[d8912e3c0a4718] ams [info] 16:05:41.901 [info] Sent 403 in 411µs GET /live/websocket
(2814 of these since 15:59, from every web machine; the dispatch board and the courier PWA show "Attempting to reconnect")`, undefined, { kind: "app", error: true, where: "top" }],
    [88, "Bash", REL_CMD, releases([R84, R83, R82, R81, R80]), "releases", { kind: "app", where: "top" }],
    [89, "Bash", { command: `fly deploy -a heron-prod --image ${IMG("01JF1TZ2K6N8R4C0W3VB7QH5MD")}` }, `==> Verifying app config
Validating ${HR}/fly.toml
✓ Configuration is valid
--> Verified app config
Searching for image '${IMG("01JF1TZ2K6N8R4C0W3VB7QH5MD")}' remotely...
image found: img_8rlxp2n0kdj04jmq
==> Creating release
Running heron-prod release_command: /app/bin/migrate
 ✔ release_command completed successfully
Updating existing machines in 'heron-prod' with rolling strategy
 ✔ [1/5] Machine d8912e3c0a4718 [web] update succeeded
 ✔ [2/5] Machine e286d51f2b9938 [web] update succeeded
 ✔ [3/5] Machine 3d08e447b52968 [web] update succeeded
 ✔ [4/5] Machine 6e82931a5d0787 [worker] update succeeded
 ✔ [5/5] Machine 78432d1c0e9948 [worker] update succeeded
Visit your newly deployed app at https://heron-prod.fly.dev/
(release v85: v83's image; note PHX_HOST in fly.toml [env] is still dispatch.heron.app but v83's runtime.exs check_origin allows heron.app and www.heron.app, sockets reconnect)`, undefined, { kind: "build", where: "top" }],
    [90, "Bash", REL_CMD, releases([R85, R84, R83, R82, R81]), "releases", { kind: "app", where: "top" }],
    [91, "Bash", { command: "git revert --no-edit 71f3c2a && git log -1 --format='%h %s%n%n%b'" }, `[main 2b8e0d4] Revert "web: serve from dispatch.heron.app"
 2 files changed, 2 insertions(+), 2 deletions(-)
2b8e0d4 Revert "web: serve from dispatch.heron.app"

This reverts commit 71f3c2a. v84 set PHX_HOST=dispatch.heron.app and check_origin to
["https://dispatch.heron.app"] only, but the cert for dispatch.heron.app was not issued yet
and every courier phone (PWA) and dispatcher bookmark still loads https://heron.app: all
LiveView sockets from heron.app were refused with 403 "Could not check origin" and the
board sat on "Attempting to reconnect" for 22 minutes. Rolled back by deploying v83's
image (v85). Redo: add the cert first, allow both hosts in check_origin.`, undefined, { kind: "build", where: "top" }],
    [94, "Edit", { file_path: `${HR}/config/runtime.exs`, old_string: `    ${ORIGINS_V1}`, new_string: `    ${ORIGINS_NOW}` }, `The file ${HR}/config/runtime.exs has been updated.`, undefined, { kind: "code", where: "top" }],
    [95, "Bash", { command: "fly certs add dispatch.heron.app -a heron-prod && sleep 60 && fly certs show dispatch.heron.app -a heron-prod" }, `The certificate for dispatch.heron.app has been issued.

Hostname                  = dispatch.heron.app
DNS Provider              = cloudflare
Certificate Authority     = Let's Encrypt
Issued                    = rsa,ecdsa
Added to App              = 1 minute ago
Source                    = fly
Status                    = Ready`, undefined, { kind: "app", where: "top" }],
    [96, "Bash", { command: "fly deploy -a heron-prod" }, flyDeploy("rolling", "01JF25N0C3W7K1T9R6QB2HM8XZ", "v86", M5), undefined, { kind: "build", where: "top" }],
    [97, "Read", RUNTIME_READ, runtimeExs(POOL_NOW, ORIGINS_NOW), "runtime", { kind: "code", where: "top" }],
    [98, "Bash", { command: "for o in https://heron.app https://dispatch.heron.app; do curl -s -o /dev/null -w \"$o %{http_code}\\n\" -H \"Origin: $o\" -H 'Connection: Upgrade' -H 'Upgrade: websocket' -H 'Sec-WebSocket-Version: 13' -H 'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==' 'https://dispatch.heron.app/live/websocket?vsn=2.0.0'; done" }, "https://heron.app 101\nhttps://dispatch.heron.app 101", undefined, { kind: "app", where: "top" }],
    [101, "Bash", { command: "gh run view 12290114471 --log-failed | grep -v '^\\s*$' | head -30" }, `test	2026-12-10T08:12:40Z   1) test stop drawer moves a stop to delivered when the courier reports it (HeronWeb.DispatchLive.IndexTest)
test	2026-12-10T08:12:40Z      test/heron_web/live/dispatch_live/index_test.exs:88
test	2026-12-10T08:12:40Z      ** (EXIT from #PID<0.1042.0>) an exception was raised:
test	2026-12-10T08:12:40Z          ** (DBConnection.OwnershipError) cannot find ownership process for #PID<0.611.0>.
test	2026-12-10T08:12:40Z      When using ownership, you must manage connections in one
test	2026-12-10T08:12:40Z      of the four ways:
test	2026-12-10T08:12:40Z      * By explicitly checking out a connection
test	2026-12-10T08:12:40Z      * By explicitly allowing a spawned process
test	2026-12-10T08:12:40Z      * By running the pid with a shared connection
test	2026-12-10T08:12:40Z      * By using a caller process that has checked out a connection
test	2026-12-10T08:12:40Z              (ecto_sql 3.12.1) lib/ecto/adapters/sql.ex:1096: Ecto.Adapters.SQL.raise_sql_call_error/1
test	2026-12-10T08:12:40Z              (heron 0.1.0) lib/heron/dispatch/eta_server.ex:64: Heron.Dispatch.EtaServer.handle_call/3
test	2026-12-10T08:12:41Z  412 tests, 1 failure, 6 excluded
test	2026-12-10T08:12:41Z  Randomized with seed 771204
test	2026-12-10T08:12:41Z  ##[error]Process completed with exit code 2.`, undefined, { kind: "test", error: true, where: "top" }],
    [102, "Bash", FLAKY_CMD, `run  3  seed 771204  FAIL  index_test.exs:88 (DBConnection.OwnershipError) cannot find ownership process
run  9  seed 102938  FAIL  index_test.exs:88 (DBConnection.OwnershipError) cannot find ownership process
run 14  seed 660412  FAIL  index_test.exs:121 (DBConnection.OwnershipError) cannot find ownership process
run 22  seed 38811   FAIL  index_test.exs:88 (DBConnection.OwnershipError) cannot find ownership process
run 31  seed 904117  FAIL  index_test.exs:88 (DBConnection.OwnershipError) cannot find ownership process
run 37  seed 250019  FAIL  index_test.exs:121 (DBConnection.OwnershipError) cannot find ownership process
flaky check: 6 of 40 runs failed`, "flaky", { kind: "test", error: true, where: "bottom" }],
    [104, "Read", { file_path: `${HR}/test/heron_web/live/dispatch_live/index_test.exs` }, `   1\tdefmodule HeronWeb.DispatchLive.IndexTest do
   2\t  use HeronWeb.ConnCase, async: true
   3\t
   4\t  import Phoenix.LiveViewTest
   5\t  import Heron.DispatchFixtures
   6\t
   7\t  setup :register_and_log_in_dispatcher
  ..
  88\t  test "stop drawer moves a stop to delivered when the courier reports it", %{conn: conn, org: org} do
  89\t    delivery = delivery_fixture(org: org, status: :en_route)
  90\t    {:ok, view, _html} = live(conn, ~p"/dispatch")
  91\t
  92\t    Heron.Dispatch.report_delivered(delivery, proof_photo_fixture())
  93\t    assert render(view) =~ "Delivered"
  94\t    assert render(view) =~ "ETA"`, undefined, { kind: "code", where: "top" }],
    [105, "Read", { file_path: `${HR}/lib/heron/dispatch/eta_server.ex`, offset: 50, limit: 20 }, `  50\t  # one EtaServer for the whole node, started by Heron.Application
  51\t  def start_link(opts), do: GenServer.start_link(__MODULE__, opts, name: __MODULE__)
  52\t
  53\t  def eta(delivery_id), do: GenServer.call(__MODULE__, {:eta, delivery_id})
  ..
  60\t  @impl true
  61\t  def handle_call({:eta, delivery_id}, _from, state) do
  62\t    delivery =
  63\t      Heron.Dispatch.Delivery
  64\t      |> Repo.get!(delivery_id)
  65\t      |> Repo.preload(:stops)
  66\t
  67\t    {:reply, compute_eta(delivery, state.speeds), state}
  68\t  end`, undefined, { kind: "code", where: "top" }],
    [107, "Edit", { file_path: `${HR}/test/heron_web/live/dispatch_live/index_test.exs`, old_string: "  use HeronWeb.ConnCase, async: true\n", new_string: "  # the board talks to the node-wide Heron.Dispatch.EtaServer, which queries the Repo itself\n  use HeronWeb.ConnCase, async: false\n\n  setup do\n    Ecto.Adapters.SQL.Sandbox.allow(Heron.Repo, self(), Process.whereis(Heron.Dispatch.EtaServer))\n    :ok\n  end\n" }, `The file ${HR}/test/heron_web/live/dispatch_live/index_test.exs has been updated.`, undefined, { kind: "code", where: "top" }],
    [108, "Bash", FLAKY_CMD, `run  1..40  ok  (seeds 771204 102938 660412 38811 904117 250019 + 34 random)
flaky check: 0 of 40 runs failed`, "flaky", { kind: "test", where: "bottom" }],
    [109, "Bash", { command: "git commit -am 'test: dispatch board test allows EtaServer into the sandbox' && git log -1 --format='%h %s%n%n%b'" }, `[main c41a8e6] test: dispatch board test allows EtaServer into the sandbox
 1 file changed, 7 insertions(+), 1 deletion(-)
c41a8e6 test: dispatch board test allows EtaServer into the sandbox

index_test.exs failed 6 of 40 runs with DBConnection.OwnershipError. The board asks
Heron.Dispatch.EtaServer for ETAs; EtaServer is a named GenServer from the application
tree (one per node, not per test) and queries deliveries from its own process, which was
never allowed into the test's sandbox. It only passed when another test had happened to
allow it first. The test now runs async: false and allows EtaServer explicitly.`, undefined, { kind: "build", where: "top" }],
    [110, "Bash", { command: "gh run list -L 4" }, `STATUS  TITLE                                                       WORKFLOW    BRANCH  EVENT  ID           ELAPSED  AGE
✓       test: dispatch board test allows EtaServer into the sandbox  CI          main    push   12291880402  6m55s    1 minute ago
✓       test: dispatch board test allows EtaServer into the sandbox  Fly Deploy  main    push   12291880400  4m21s    1 minute ago
X       oban: geocode 8, worker pool 15, Lifeline                   CI          main    push   12290114471  6m48s    about 1 hour ago
✓       migrations: build the deliveries courier index concurrently CI          main    push   12271040118  6m37s    about 1 day ago`, "ci", { kind: "build", where: "top" }],
    [113, "Bash", SECRETS_CMD, secrets([secRow("DATABASE_URL", "2c91e8f07ab4d613", "2025-03-14T09:40:11Z"), secRow("MAPBOX_TOKEN", "9e0d17b4c2a85f31", "2025-06-02T12:18:40Z"), secRow("RELEASE_COOKIE", "41bb7c0e93d2a6f8", "2025-03-14T09:40:12Z"), secRow("SECRET_KEY_BASE", "d07f3e1a8c4b9265", "2025-03-14T09:40:12Z"), secRow("SENTRY_DSN", "5a2c8e9d1f07b346", "2025-04-22T08:01:55Z"), secRow("SMTP_PASSWORD", "b83e6f20d4a9c517", "2025-09-30T17:44:02Z")]), "secrets", { kind: "app", where: "top" }],
    [114, "Bash", { command: "sentry-cli issues list -p heron-prod --query 'mapbox' --max-rows 3" }, `+------------+---------------------------------------------------------------+----------+----------+
| Issue ID   | Title                                                         | Status   | Last seen |
+------------+---------------------------------------------------------------+----------+----------+
| HERON-5T1  | Heron.Geo.Error: 429 Too Many Requests                        | resolved | 2d ago   |
| HERON-5R8  | Req.TransportError: timeout (GET api.mapbox.com)              | unresolved | 4d ago |
+------------+---------------------------------------------------------------+----------+----------+
HERON-5T1 breadcrumbs: "http" breadcrumbs carry the full request URL, including the access_token query parameter, for every geocode call since June (the MAPBOX_TOKEN is readable by everyone with Sentry access, incl. the agency contractors)`, undefined, { kind: "app", where: "top" }],
    [115, "Bash", { command: "fly secrets set MAPBOX_TOKEN=\"$NEW_MAPBOX\" SECRET_KEY_BASE=\"$(mix phx.gen.secret)\" RELEASE_COOKIE=\"$(openssl rand -base64 48 | tr -d '\\n')\" -a heron-prod" }, `Updating existing machines in 'heron-prod' with rolling strategy

-------
 ✔ [1/5] Machine d8912e3c0a4718 [web] update succeeded
 ✔ [2/5] Machine e286d51f2b9938 [web] update succeeded
 ✔ [3/5] Machine 3d08e447b52968 [web] update succeeded
 ✔ [4/5] Machine 6e82931a5d0787 [worker] update succeeded
 ✔ [5/5] Machine 78432d1c0e9948 [worker] update succeeded
-------
(release v87; took 4m10s)`, undefined, { kind: "app", where: "top" }],
    [117, "Bash", { command: "fly logs -a heron-prod --no-tail | grep -E 'rejected|libcluster|nodedown' | head -10" }, `2026-12-10T11:03:20.551 app[d8912e3c0a4718] ams [info] 11:03:20.550 [error] ** Connection attempt from node :"${NODE("8f21:93e0")}" rejected. Invalid challenge reply. **
2026-12-10T11:03:20.602 app[e286d51f2b9938] ams [info] 11:03:20.601 [warning] [libcluster:fly6pn] unable to connect to :"${NODE("3b19:e1c4")}"
2026-12-10T11:03:25.611 app[3d08e447b52968] ams [info] 11:03:25.610 [error] ** Connection attempt from node :"${NODE("8f21:93e0")}" rejected. Invalid challenge reply. **
2026-12-10T11:04:02.018 app[6e82931a5d0787] ams [info] 11:04:02.017 [warning] [libcluster:fly6pn] unable to connect to :"${NODE("c702:11ab")}"
2026-12-10T11:05:44.300 app[78432d1c0e9948] ams [info] 11:05:44.299 [error] ** Connection attempt from node :"${NODE("51a0:7c22")}" rejected. Invalid challenge reply. **
(the rolling secrets deploy restarts machines one by one: machines already on the new RELEASE_COOKIE and machines still on the old one cannot connect to each other, so for ~4 min the cluster was split in two and PubSub broadcasts from the workers did not reach every web node; dispatchers missed "delivered" updates until 11:07)`, undefined, { kind: "app", error: true, where: "top" }],
    [118, "Bash", NODES_CMD, nodes("3b19:e1c4", ["8f21:93e0"]), "nodes", { kind: "app", where: "top" }],
    [120, "Bash", NODES_CMD, nodes("3b19:e1c4", ["8f21:93e0", "c702:11ab", "51a0:7c22", "a9e4:0d36"]), "nodes", { kind: "app", where: "top" }],
    [121, "Bash", SECRETS_CMD, secrets([secRow("DATABASE_URL", "2c91e8f07ab4d613", "2025-03-14T09:40:11Z"), secRow("MAPBOX_TOKEN", "e41f0b7a9c3d2865", "2026-12-10T11:02:37Z"), secRow("RELEASE_COOKIE", "7c2d90e1b5f4a836", "2026-12-10T11:02:37Z"), secRow("SECRET_KEY_BASE", "0f8a3c6e2d91b574", "2026-12-10T11:02:37Z"), secRow("SENTRY_DSN", "5a2c8e9d1f07b346", "2025-04-22T08:01:55Z"), secRow("SMTP_PASSWORD", "b83e6f20d4a9c517", "2025-09-30T17:44:02Z")]), "secrets", { kind: "app", where: "top" }],
    [125, "Edit", { file_path: `${HR}/fly.toml`, old_string: "  strategy = 'rolling'", new_string: "  strategy = 'bluegreen'" }, `The file ${HR}/fly.toml has been updated.`, undefined, { kind: "code", where: "top" }],
    [126, "Bash", { command: "fly deploy -a heron-prod" }, `==> Verifying app config
Validating ${HR}/fly.toml
✓ Configuration is valid
--> Verified app config
==> Building image
--> Building image done
image: ${IMG("01JF4R2C8W5T1K9N0QB6XH3MVD")}
image size: 151 MB

Running heron-prod release_command: /app/bin/migrate
 ✔ release_command completed successfully
Updating existing machines in 'heron-prod' with bluegreen strategy
Error: bluegreen deployments require health checks: machine d8912e3c0a4718 (process group web) has no checks defined. Add [[http_service.checks]] or [checks] to fly.toml, or use another strategy
(nothing was changed; v87 keeps running)`, undefined, { kind: "build", error: true, where: "top" }],
    [128, "Write", { file_path: `${HR}/lib/heron_web/controllers/health_controller.ex`, content: "defmodule HeronWeb.HealthController do\n  use HeronWeb, :controller\n\n  def show(conn, _params) do\n    Ecto.Adapters.SQL.query!(Heron.Repo, \"select 1\", [])\n    send_resp(conn, 200, \"ok\")\n  end\nend\n" }, `File created successfully at: ${HR}/lib/heron_web/controllers/health_controller.ex (and get "/healthz" in the router's :api-less scope, outside force_ssl redirects)`, undefined, { kind: "code", where: "top" }],
    [129, "Edit", { file_path: `${HR}/fly.toml`, old_string: "    soft_limit = 800\n", new_string: `    soft_limit = 800\n${CHECKS}` }, `The file ${HR}/fly.toml has been updated.`, undefined, { kind: "code", where: "top" }],
    [131, "Bash", { command: "fly deploy -a heron-prod" }, `==> Verifying app config
✓ Configuration is valid
==> Building image
--> Building image done
image: ${IMG("01JF4XH7Q2M5V0C8T3RK9BN1WD")}

Running heron-prod release_command: /app/bin/migrate
 ✔ release_command completed successfully
Updating existing machines in 'heron-prod' with bluegreen strategy

Verifying if app can be safely deployed

Creating green machines
  Created machine 1781e04fa32698 [web]
  Created machine 90801d2b6e4358 [web]
  Created machine 4d89677c1e0538 [web]
  Created machine 2e2867d4b11998 [worker]
  Created machine 5683e19c0a7708 [worker]

Waiting for all green machines to start
  Machine 1781e04fa32698 [web] - started
  Machine 2e2867d4b11998 [worker] - started

Waiting for all green machines to be healthy
  Machine 1781e04fa32698 [web] - 1/1 passing
  Machine 90801d2b6e4358 [web] - 1/1 passing
  Machine 4d89677c1e0538 [web] - 1/1 passing

Marking green machines as ready
Checkpointing deployment, this may take a few seconds...
Waiting before cordoning all blue machines
Cordoning all blue machines
Waiting before stopping all blue machines
Stopping all blue machines
Waiting for all blue machines to stop
Destroying all blue machines
Deployment Complete
(release v88)`, undefined, { kind: "build", where: "top" }],
    [132, "Read", TOML_READ, flyToml("bluegreen", "10", "dispatch.heron.app", CHECKS, VM_ONE), "flytoml", { kind: "code", where: "top" }],
    [135, "Bash", { command: "fly logs -a heron-prod --no-tail | grep -E 'Out of memory|OOM' | tail -6" }, `2026-12-11T07:48:10.332 app[2e2867d4b11998] ams [info] [ 4021.882190] Out of memory: Killed process 318 (beam.smp) total-vm:1190114kB, anon-rss:471004kB, file-rss:0kB, shmem-rss:0kB, UID:65534 pgtables:1192kB oom_score_adj:0
2026-12-11T07:48:10.401 app[2e2867d4b11998] ams [info]  INFO Process appears to have been OOM killed!
2026-12-11T08:12:55.019 app[5683e19c0a7708] ams [info] [ 5496.114023] Out of memory: Killed process 320 (beam.smp) total-vm:1184420kB, anon-rss:466388kB, file-rss:0kB, shmem-rss:0kB, UID:65534 pgtables:1188kB oom_score_adj:0
2026-12-11T08:12:55.090 app[5683e19c0a7708] ams [info]  INFO Process appears to have been OOM killed!
(both worker machines, during the morning RouteOptimizer burst; no statement export running this time)`, undefined, { kind: "app", error: true, where: "top" }],
    [136, "Bash", SCALE_CMD, flyScale("heron-prod", [WEB_V1, WORKER_512]), "flyscale", { kind: "app", where: "top" }],
    [138, "Edit", { file_path: `${HR}/fly.toml`, old_string: VM_ONE, new_string: VM_SPLIT("  size = 'shared-cpu-2x'\n  memory = '2gb'") }, `The file ${HR}/fly.toml has been updated.`, undefined, { kind: "code", where: "top" }],
    [139, "Bash", { command: "fly deploy -a heron-prod" }, `==> Verifying app config
✓ Configuration is valid
--> Building image done
image: ${IMG("01JF6T0B8K3R1N7W5CQ2XHM9VZ")}
Running heron-prod release_command: /app/bin/migrate
 ✔ release_command completed successfully
Updating existing machines in 'heron-prod' with bluegreen strategy
Creating green machines
  Created machine 080e6d4b7109d8 [web]
  Created machine 6e8247da1c3918 [web]
  Created machine 9185e37f4d2e08 [web]
  Created machine 3287d00b6e5148 [worker]
  Created machine 48ed6e1f5a2978 [worker]
Waiting for all green machines to be healthy
Marking green machines as ready
Destroying all blue machines
Deployment Complete
(release v89)`, undefined, { kind: "build", where: "top" }],
    [140, "Bash", { command: "git commit -am 'fly.toml: per-process [[vm]] blocks' && git log -1 --format='%h %s%n%n%b'" }, `[main 9d04c7e] fly.toml: per-process [[vm]] blocks
 1 file changed, 12 insertions(+), 3 deletions(-)
9d04c7e fly.toml: per-process [[vm]] blocks

Workers were OOM-killed again on Dec 11. \`fly scale memory 1024 --process-group worker\`
(Dec 7) only changed the machines that existed then; the bluegreen deploy on Dec 10 created
new machines from fly.toml, whose single [[vm]] block still said memory = '512mb' for every
process group, so all machines were back on 512 MB. Per-process [[vm]] blocks now (web 1gb,
worker shared-cpu-2x 2gb) so deploys keep the sizes.`, undefined, { kind: "build", where: "top" }],
    [141, "Bash", SCALE_CMD, flyScale("heron-prod", [WEB_1G, WORKER_2X]), "flyscale", { kind: "app", where: "top" }],
    [144, "Bash", { command: "fly scale count 2 --region lhr --process-group web -a heron-prod -y" }, `App 'heron-prod' is going to be scaled according to this plan:
  +2 machines for group 'web' on region 'lhr' of size 'shared-cpu-1x'
Executing scale plan
  Created e82d92ec4d0618 group:web region:lhr size:shared-cpu-1x
  Created 7811d4e5f60938 group:web region:lhr size:shared-cpu-1x`, undefined, { kind: "app", where: "top" }],
    [145, "Bash", SCALE_CMD, flyScale("heron-prod", [WEB_LHR2, WORKER_2X]), "flyscale", { kind: "app", where: "top" }],
    [146, "Bash", NODES_CMD, nodes("3b19:e1c4", ["8f21:93e0", "c702:11ab", "51a0:7c22", "a9e4:0d36", "e0c1:4f28", "e0c1:9a03"]), "nodes", { kind: "app", where: "top" }],
    [151, "Edit", { file_path: `${HR}/.tool-versions`, old_string: "erlang 26.2.5.4\nelixir 1.16.3-otp-26", new_string: "erlang 27.1.2\nelixir 1.17.3-otp-27" }, `The file ${HR}/.tool-versions has been updated.`, undefined, { kind: "code", where: "top" }],
    [152, "Bash", { command: "asdf install" }, `erlang 27.1.2 is being installed...
Downloading kerl...
Extracting source code
Building Erlang/OTP 27.1.2 (asdf_27.1.2), please wait...
APPLICATIONS DISABLED (See: /Users/mira/.asdf/plugins/erlang/kerl-home/builds/asdf_27.1.2/otp_build_27.1.2.log)
 * jinterface     : Java compiler disabled by user
 * odbc           : ODBC library - link check failed
Erlang/OTP 27.1.2 (asdf_27.1.2) has been successfully built
elixir 1.17.3-otp-27 is being installed...
==> Downloading 1.17.3-otp-27 to /Users/mira/.asdf/downloads/elixir/1.17.3-otp-27/elixir-precompiled-1.17.3-otp-27.zip
==> Copying release into place
nodejs 20.18.0 is already installed`, undefined, { kind: "build", where: "top" }],
    [153, "Bash", { command: "elixir --version" }, elixirVersion(27, "15.1.2", "1.17.3"), "elixirver", { kind: "build", where: "top" }],
    [154, "Bash", { command: "mix deps.get && mix compile --warnings-as-errors --force" }, `Resolving Hex dependencies...
Resolution completed in 0.214s
All dependencies are up to date
==> heron
Compiling 214 files (.ex)
    warning: using map.field notation (without parentheses) to invoke function Heron.Geo.default_zone/0 is deprecated, you must add parentheses instead: remote.function()
    │
 41 │     zone = Heron.Geo.default_zone
    │                      ~
    │
    └─ lib/heron/dispatch/planner.ex:41:22: Heron.Dispatch.Planner.plan/2

    warning: using map.field notation (without parentheses) to invoke function Heron.Geo.default_zone/0 is deprecated, you must add parentheses instead: remote.function()
    │
 17 │       |> Map.put_new(:zone, Heron.Geo.default_zone)
    │                                       ~
    │
    └─ lib/heron/workers/geocode_batch.ex:17:39: Heron.Workers.GeocodeBatch.perform/1

Compilation failed due to warnings while using the --warnings-as-errors option`, undefined, { kind: "build", error: true, where: "top" }],
    [156, "Edit", { file_path: `${HR}/lib/heron/dispatch/planner.ex`, old_string: "    zone = Heron.Geo.default_zone\n", new_string: "    zone = Heron.Geo.default_zone()\n" }, `The file ${HR}/lib/heron/dispatch/planner.ex has been updated. (same fix in lib/heron/workers/geocode_batch.ex:17)`, undefined, { kind: "code", where: "top" }],
    [157, "Bash", { command: "mix test" }, mixTest(502117, 437, 36.4), "mixtest", { kind: "test", where: "bottom" }],
    [158, "Read", { file_path: `${HR}/.tool-versions` }, "erlang 27.1.2\nelixir 1.17.3-otp-27\nnodejs 20.18.0\npostgres 16.4", "toolversions", { kind: "code", where: "top" }],
    [159, "Edit", { file_path: `${HR}/Dockerfile`, old_string: "ARG ELIXIR_VERSION=1.16.3\nARG OTP_VERSION=26.2.5.4", new_string: "ARG ELIXIR_VERSION=1.17.3\nARG OTP_VERSION=27.1.2" }, `The file ${HR}/Dockerfile has been updated. Here's the result of running \`cat -n\` on a snippet of the edited file:
    12\tARG ELIXIR_VERSION=1.17.3
    13\tARG OTP_VERSION=27.1.2
    14\tARG DEBIAN_VERSION=bookworm-20240904-slim`, undefined, { kind: "code", where: "top" }],
    [160, "Bash", { command: "fly deploy -a heron-prod" }, `==> Verifying app config
✓ Configuration is valid
==> Building image
==> Building image with Depot
--> build:  (​)
#3 [internal] load metadata for docker.io/hexpm/elixir:1.17.3-erlang-27.1.2-debian-bookworm-20240904-slim
#3 ERROR: docker.io/hexpm/elixir:1.17.3-erlang-27.1.2-debian-bookworm-20240904-slim: not found
------
 > [internal] load metadata for docker.io/hexpm/elixir:1.17.3-erlang-27.1.2-debian-bookworm-20240904-slim:
------
Dockerfile:16
--------------------
  14 |     ARG DEBIAN_VERSION=bookworm-20240904-slim
  15 |     ARG BUILDER_IMAGE="hexpm/elixir:\${ELIXIR_VERSION}-erlang-\${OTP_VERSION}-debian-\${DEBIAN_VERSION}"
  16 | >>> FROM \${BUILDER_IMAGE} AS builder
--------------------
Error: failed to fetch an image or build from source: error building: failed to solve: hexpm/elixir:1.17.3-erlang-27.1.2-debian-bookworm-20240904-slim: not found
(hexpm only publishes elixir 1.17.3 / erlang 27.1.2 on newer debian snapshots; the Dockerfile still pinned DEBIAN_VERSION=bookworm-20240904-slim from the 1.16 image)`, undefined, { kind: "build", error: true, where: "top" }],
    [162, "Edit", { file_path: `${HR}/Dockerfile`, old_string: "ARG DEBIAN_VERSION=bookworm-20240904-slim", new_string: "ARG DEBIAN_VERSION=bookworm-20241202-slim" }, `The file ${HR}/Dockerfile has been updated.`, undefined, { kind: "code", where: "top" }],
    [163, "Bash", { command: "fly deploy -a heron-prod" }, `==> Verifying app config
✓ Configuration is valid
==> Building image with Depot
 => [builder 1/14] FROM docker.io/hexpm/elixir:1.17.3-erlang-27.1.2-debian-bookworm-20241202-slim   4.1s
 => [builder 9/14] RUN mix deps.compile                                                              41.0s
--> Building image done
image: ${IMG("01JF7N4W2C9T6K0R8QM1HB5XVD")}
Running heron-prod release_command: /app/bin/migrate
 ✔ release_command completed successfully
Updating existing machines in 'heron-prod' with bluegreen strategy
Creating green machines
Waiting for all green machines to be healthy
  7/7 machines passing
Marking green machines as ready
Destroying all blue machines
Deployment Complete
(release v90)`, undefined, { kind: "build", where: "top" }],
    [164, "Bash", { command: "fly ssh console -a heron-prod -s --process-group web -C \"/app/bin/heron eval 'IO.puts(System.otp_release()); IO.puts(System.version())'\"" }, `Connecting to ${IP("3b19:e1c4")}... complete
27
1.17.3`, undefined, { kind: "app", where: "top" }],
    [167, "Read", { file_path: `${HR}/config/prod.exs` }, prodExs("0.2"), "sentry", { kind: "code", where: "top" }],
    [168, "Bash", { command: "curl -s -H \"Authorization: Bearer $SENTRY_AUTH\" 'https://sentry.io/api/0/organizations/heron/stats_v2/?field=sum(quantity)&groupBy=category&groupBy=outcome&statsPeriod=12d&interval=12d' | ./scripts/sentry-stats.mjs" }, `category      accepted   rate_limited   filtered   dropped
transaction   4812044    1204411        0          0
error         18220      0              114        0
attachment    0          0              0          0
(December transactions quota: 5,000,000, 96% used on Dec 12 and 1.2M transactions already rate limited; at traces_sample_rate 0.2 the LiveView traces from 5 web machines eat the monthly quota in under two weeks, errors would be next)`, undefined, { kind: "app", where: "top" }],
    [170, "Edit", { file_path: `${HR}/config/prod.exs`, old_string: "  traces_sample_rate: 0.2,", new_string: "  traces_sample_rate: 0.05," }, `The file ${HR}/config/prod.exs has been updated.`, undefined, { kind: "code", where: "top" }],
    [171, "Read", { file_path: `${HR}/config/prod.exs` }, prodExs("0.05"), "sentry", { kind: "code", where: "top" }],
    [172, "Bash", { command: "fly deploy -a heron-prod" }, `==> Verifying app config
✓ Configuration is valid
--> Building image done
image: ${IMG("01JF9G1M6T4C8W2R0KQ7HN3BXZ")}
Running heron-prod release_command: /app/bin/migrate
 ✔ release_command completed successfully
Updating existing machines in 'heron-prod' with bluegreen strategy
Waiting for all green machines to be healthy
Destroying all blue machines
Deployment Complete
(release v91)`, undefined, { kind: "build", where: "top" }],
    [175, "Bash", { command: "fly ssh console -a heron-prod -s --process-group worker -C \"/app/bin/heron rpc 'Heron.Ops.job_durations(\\\"routing\\\", hours: 24)'\" && fly machine status 3287d00b6e5148 -a heron-prod | grep -iE 'cpu|size'" }, `Connecting to ${IP("51a0:7c22")}... complete
worker                          p50_ms   p95_ms   max_ms   n
Heron.Workers.RouteOptimizer    7412     94108    181220   1840
Heron.Workers.GeocodeBatch      212      1204     8003     22410
  Size             = shared-cpu-2x
  CPU quota        = 12.5% per vCPU baseline, burst balance 0s (throttled 61% of the last hour)
(route optimisation is CPU bound: the 06:00-08:00 dispatch peak burns the burst balance of the shared CPUs, after which the machine is throttled to its baseline and RouteOptimizer p95 goes from 8 s to 94 s; routes for the 08:30 shift arrive late)`, undefined, { kind: "app", where: "top" }],
    [177, "Bash", { command: "fly scale vm performance-1x --process-group worker -a heron-prod -y" }, `Updating machine 3287d00b6e5148
  Waiting for 3287d00b6e5148 to become healthy (started)
Machine 3287d00b6e5148 updated successfully!
Updating machine 48ed6e1f5a2978
  Waiting for 48ed6e1f5a2978 to become healthy (started)
Machine 48ed6e1f5a2978 updated successfully!
Scaled VM Type to 'performance-1x' for process group worker
      CPU Cores: 1
         Memory: 2048 MB`, undefined, { kind: "app", where: "top" }],
    [178, "Bash", SCALE_CMD, flyScale("heron-prod", [WEB_LHR2, WORKER_NOW]), "flyscale", { kind: "app", where: "top" }],
    [179, "Edit", { file_path: `${HR}/config/config.exs`, old_string: "  queues: [default: 10, mailers: 20, geocode: 8, routing: 3],", new_string: "  queues: [default: 10, mailers: 20, geocode: 8, routing: 6]," }, `The file ${HR}/config/config.exs has been updated.`, undefined, { kind: "code", where: "top" }],
    [180, "Read", CONFIG_READ, obanCfg("default: 10, mailers: 20, geocode: 8, routing: 6", true), "obancfg", { kind: "code", where: "top" }],
    [183, "Bash", { command: "fly ssh console -a heron-prod -s --process-group web -C \"/app/bin/heron rpc 'Heron.Ops.liveview_latency_by_region(hours: 24)'\"" }, `Connecting to ${IP("3b19:e1c4")}... complete
region  handle_event_p50_ms  handle_event_p95_ms  db_time_p95_ms  events
ams     9.2                  22.4                 6.1             412044
lhr     61.8                 184.7                163.9           88120
(every handle_event on the dispatch board runs 4-6 queries; from lhr each one is a round trip to the heron-db primary in ams, ~14 ms, and there is no read replica in lhr; the two lhr machines only serve the UK dispatchers, ~18% of events, one is enough for failover)`, undefined, { kind: "app", where: "top" }],
    [185, "Bash", { command: "fly scale count 1 --region lhr --process-group web -a heron-prod -y" }, `App 'heron-prod' is going to be scaled according to this plan:
  -1 machines for group 'web' on region 'lhr' of size 'shared-cpu-1x'
Executing scale plan
  Destroyed 7811d4e5f60938 group:web region:lhr size:shared-cpu-1x`, undefined, { kind: "app", where: "top" }],
    [186, "Bash", SCALE_CMD, flyScale("heron-prod", [WEB_NOW, WORKER_NOW]), "flyscale", { kind: "app", where: "top" }],
    [187, "Bash", NODES_CMD, nodes("3b19:e1c4", ["8f21:93e0", "c702:11ab", "51a0:7c22", "a9e4:0d36", "e0c1:4f28"]), "nodes", { kind: "app", where: "top" }],
    [189, "Edit", { file_path: `${HR}/fly.toml`, old_string: "  size = 'shared-cpu-2x'\n  memory = '2gb'", new_string: "  size = 'performance-1x'\n  memory = '2gb'" }, `The file ${HR}/fly.toml has been updated.`, undefined, { kind: "code", where: "top" }],
    [190, "Read", TOML_READ, flyToml("bluegreen", "10", "dispatch.heron.app", CHECKS, VM_SPLIT("  size = 'performance-1x'\n  memory = '2gb'")), "flytoml", { kind: "code", where: "top" }],
    [193, "Bash", { command: "mix deps.update phoenix_live_view phoenix" }, `Resolving Hex dependencies...
Resolution completed in 0.412s
Unchanged:
  bandit 1.5.7
  ecto_sql 3.12.1
  oban 2.18.3
Upgraded:
  phoenix 1.7.14 => 1.7.18
  phoenix_live_view 0.20.17 => 1.0.1 (major)
  phoenix_template 1.0.4 => 1.0.4
* Updating phoenix_live_view (Hex package)
* Updating phoenix (Hex package)`, undefined, { kind: "build", where: "top" }],
    [194, "Bash", { command: "mix compile --warnings-as-errors" }, `==> phoenix_live_view
Compiling 39 files (.ex)
Generated phoenix_live_view app
==> heron
Compiling 198 files (.ex)
    warning: the phx-feedback-for attribute is deprecated in LiveView 1.0 and no longer has any effect, use Phoenix.Component.used_input?/1 instead
    └─ lib/heron_web/components/core_components.ex:312: HeronWeb.CoreComponents.input/1
Compilation failed due to warnings while using the --warnings-as-errors option
(fixed in core_components.ex: errors now only render when used_input?(field) is true)`, undefined, { kind: "build", error: true, where: "top" }],
    [195, "Bash", { command: "mix test" }, mixTest(80311, 441, 37.2), "mixtest", { kind: "test", where: "bottom" }],
    [196, "Bash", { command: "mix hex.outdated" }, outdated(LV_NOW, "1.7.18", "Some dependencies are outdated."), "deps", { kind: "build", where: "top" }],
    [197, "Bash", { command: "fly deploy -a heron-prod" }, `==> Verifying app config
✓ Configuration is valid
--> Building image done
image: ${IMG("01JFA3K9W1R5T7C2M0QH8NB4XV")}
Running heron-prod release_command: /app/bin/migrate
 ✔ release_command completed successfully
Updating existing machines in 'heron-prod' with bluegreen strategy
Creating green machines
Waiting for all green machines to be healthy
  6/6 machines passing
Marking green machines as ready
Destroying all blue machines
Deployment Complete
(release v92)`, undefined, { kind: "build", where: "top" }],
    [199, "Bash", REL_CMD, releases([REL_NOW, R91, R90, R89, R88, R87, R86]), "releases", { kind: "app", where: "top" }],
    [201, "Bash", { command: "fly pg config show -a heron-staging-db" }, pgConfig("50", "false"), undefined, { kind: "pg", where: "top" }],
    [203, "Bash", { command: "gh run list -L 4" }, `STATUS  TITLE                                        WORKFLOW    BRANCH  EVENT  ID           ELAPSED  AGE
✓       deps: phoenix_live_view 1.0.1, phoenix 1.7.18  CI          main    push   12330471822  6m20s    4 minutes ago
✓       deps: phoenix_live_view 1.0.1, phoenix 1.7.18  Fly Deploy  main    push   12330471820  5m02s    4 minutes ago
✓       fly.toml: worker vm performance-1x             CI          main    push   12328810147  6m31s    2 hours ago
✓       sentry: traces 0.05                            CI          main    push   12321904418  6m44s    5 hours ago`, "ci", { kind: "build", where: "top" }],
    [205, "Bash", { command: "git log --oneline -n 16" }, `e81c4d7 deps: phoenix_live_view 1.0.1, phoenix 1.7.18
5b0f9a2 fly.toml: worker vm performance-1x
a29e0c8 oban: routing 6 on performance workers
3e1d7b4 sentry: traces 0.05
7c6a1f0 docker: bookworm-20241202 base for otp 27
d2f8e35 elixir 1.17.3 / otp 27.1.2
9d04c7e fly.toml: per-process [[vm]] blocks
1a7e6c2 health: /healthz for bluegreen checks
fb3902d deploy: bluegreen
c41a8e6 test: dispatch board test allows EtaServer into the sandbox
e4d1f89 web: serve from dispatch.heron.app (both hosts in check_origin)
2b8e0d4 Revert "web: serve from dispatch.heron.app"
71f3c2a web: serve from dispatch.heron.app
93d5e18 migrations: build the deliveries courier index concurrently
6f2b90c oban: geocode 8, worker pool 15, Lifeline
0a7d3f2 statements: stream the export instead of Repo.all`, undefined, { kind: "build", where: "top" }],
    [207, "Bash", { command: "fly status -a heron-prod" }, `App
  Name     = heron-prod
  Owner    = heron-couriers
  Hostname = heron-prod.fly.dev
  Image    = heron-prod:deployment-01JFA3K9W1R5T7C2M0QH8NB4XV
  Platform = machines

Machines
PROCESS	ID            	VERSION	REGION	STATE  	ROLE	CHECKS            	LAST UPDATED
web    	1d8e2f47a05968	92     	ams   	started	    	1 total, 1 passing	2026-12-12T15:46:11Z
web    	91857e3c2d4468	92     	ams   	started	    	1 total, 1 passing	2026-12-12T15:46:12Z
web    	6e8241fa2c0558	92     	ams   	started	    	1 total, 1 passing	2026-12-12T15:46:12Z
web    	e82d92ec4d0618	92     	lhr   	started	    	1 total, 1 passing	2026-12-12T15:46:30Z
worker 	3287d00b6e5148	92     	ams   	started	    	                  	2026-12-12T15:46:41Z
worker 	48ed6e1f5a2978	92     	ams   	started	    	                  	2026-12-12T15:46:44Z`, undefined, { kind: "app", where: "top" }],
    [210, "Bash", { command: "fly secrets list -a heron-staging" }, secrets([secRow("DATABASE_URL", "77c1e09a2b4d3f58", "2025-03-20T14:02:10Z"), secRow("MAPBOX_TOKEN", "1d9a0e4c7b2f8635", "2025-06-02T12:21:05Z"), secRow("RELEASE_COOKIE", "c3b8e2f1907d6a45", "2025-03-20T14:02:10Z"), secRow("SECRET_KEY_BASE", "58f0a3d7e1c2b964", "2025-03-20T14:02:10Z")]), undefined, { kind: "app", where: "top" }],
  ],
  questions: [
    { kind: "state", prompt: "how many web machines are we running on prod now", want: [{ key: "flyscale", fact: WEB_NOW }] },
    { kind: "state", prompt: "worker vm size atm?", want: [{ key: "flyscale", fact: WORKER_NOW }] },
    { kind: "state", prompt: "what's POOL_SIZE set to in fly.toml rn", want: [{ key: "flytoml", fact: "POOL_SIZE = '10'" }] },
    { kind: "state", prompt: "what pool size do the worker machines get now", want: [{ key: "runtime", fact: '== "worker", do: 15' }] },
    { kind: "state", prompt: "are we still doing rolling deploys?", want: [{ key: "flytoml", fact: "strategy = 'bluegreen'" }] },
    { kind: "state", prompt: "max_connections on heron-db these days", want: [{ key: "pgconfig", fact: MAXCONN_NOW }] },
    { kind: "state", prompt: "what's the geocode queue limit right now", want: [{ key: "obanqueue", fact: "limit: 8," }] },
    { kind: "state", prompt: "routing queue concurrency in the oban config?", want: [{ key: "obancfg", fact: "routing: 6" }] },
    { kind: "state", prompt: "is lifeline actually in the oban plugins now", want: [{ key: "obancfg", fact: LIFELINE }] },
    { kind: "state", prompt: "which origins does check_origin allow now", want: [{ key: "runtime", fact: ORIGINS_NOW }] },
    { kind: "state", prompt: "did the concurrent version of the deliveries index migration run on prod", want: [{ key: "migstatus", fact: MIG_NOW }] },
    { kind: "state", prompt: "dispatch live test still flaky?", want: [{ key: "flaky", fact: "flaky check: 0 of 40 runs failed" }] },
    { kind: "state", prompt: "what elixir are we on now", want: [{ key: "elixirver", fact: "Elixir 1.17.3 (compiled with Erlang/OTP 27)" }] },
    { kind: "state", prompt: "erlang version in .tool-versions?", want: [{ key: "toolversions", fact: "erlang 27.1.2" }] },
    { kind: "state", prompt: "latest release on heron-prod", want: [{ key: "releases", fact: REL_NOW }] },
    { kind: "state", prompt: "how many nodes are in the erlang cluster atm", want: [{ key: "nodes", fact: "cluster size: 6" }] },
    { kind: "state", prompt: "sentry traces_sample_rate now?", want: [{ key: "sentry", fact: "traces_sample_rate: 0.05," }] },
    { kind: "state", prompt: "how many tests do we have, all passing?", want: [{ key: "mixtest", fact: MIXTEST_NOW }] },
    { kind: "state", prompt: "when did we last rotate SECRET_KEY_BASE", want: [{ key: "secrets", fact: "2026-12-10T11:02:37Z" }] },
    { kind: "state", prompt: "which liveview version are we on", want: [{ key: "deps", fact: LV_NOW }] },
    { kind: "history", prompt: "why did we run out of db connections on the 7th", want: [{ turn: 26, fact: "POOL_SIZE 20 want 100 connections" }] },
    { kind: "history", prompt: "what error did the app throw when the pool ran out", want: [{ turn: 17, fact: "connection not available and request was dropped from queue after 2841ms" }] },
    { kind: "history", prompt: "what was eating the memory on the workers the first time they got oom killed", want: [{ turn: 31, fact: "Repo.all loads every delivery row" }] },
    { kind: "history", prompt: "why was that route optimizer job stuck in executing", want: [{ turn: 41, fact: "without the Lifeline plugin nothing moves orphaned executing jobs back to available" }] },
    { kind: "history", prompt: "why did we take the geocode queue back down from 20", want: [{ turn: 58, fact: "Mapbox geocoding allows 600 requests/min on our plan" }] },
    { kind: "history", prompt: "how slow was the courier history query before the index", want: [{ turn: 64, fact: "Execution Time: 2871.455 ms" }] },
    { kind: "history", prompt: "what lock was the non concurrent index build holding on deliveries", want: [{ turn: 68, fact: "8812 | ShareLock | t" }] },
    { kind: "history", prompt: "how did the first index migration deploy end up failing", want: [{ turn: 71, fact: "ERROR 57014 (query_canceled) canceling statement due to user request" }] },
    { kind: "history", prompt: "what did the logs say when the sockets broke after v84", want: [{ turn: 86, fact: "Could not check origin for Phoenix.Socket transport." }] },
    { kind: "history", prompt: "why did we revert the dispatch.heron.app release", want: [{ turn: 91, fact: "every courier phone (PWA) and dispatcher bookmark still loads https://heron.app" }] },
    { kind: "history", prompt: "root cause of the flaky dispatch board test?", want: [{ turn: 109, fact: "never allowed into the test's sandbox" }] },
    { kind: "history", prompt: "why did the cluster split when we rotated the secrets", want: [{ turn: 117, fact: "Invalid challenge reply" }] },
    { kind: "history", prompt: "why did the first bluegreen deploy fail", want: [{ turn: 126, fact: "bluegreen deployments require health checks" }] },
    { kind: "history", prompt: "why did the OOMs come back after we'd already bumped worker memory", want: [{ turn: 140, fact: "whose single [[vm]] block still said memory = '512mb'" }] },
    { kind: "history", prompt: "why did the docker build break after the otp bump", want: [{ turn: 160, fact: "hexpm/elixir:1.17.3-erlang-27.1.2-debian-bookworm-20240904-slim: not found" }] },
    { kind: "history", prompt: "why did we move the workers off shared cpus", want: [{ turn: 175, fact: "after which the machine is throttled to its baseline" }] },
    { kind: "multi", prompt: "web machine count + POOL_SIZE?", want: [{ key: "flyscale", fact: WEB_NOW }, { key: "flytoml", fact: "POOL_SIZE = '10'" }] },
    { kind: "multi", prompt: "pg max_connections vs our POOL_SIZE, current values", want: [{ key: "pgconfig", fact: MAXCONN_NOW }, { key: "flytoml", fact: "POOL_SIZE = '10'" }] },
    { kind: "multi", prompt: "elixir and otp versions we're on", want: [{ key: "elixirver", fact: "Elixir 1.17.3 (compiled with Erlang/OTP 27)" }, { key: "toolversions", fact: "erlang 27.1.2" }] },
    { kind: "multi", prompt: "latest release number and which deploy strategy", want: [{ key: "releases", fact: REL_NOW }, { key: "flytoml", fact: "strategy = 'bluegreen'" }] },
    { kind: "multi", prompt: "geocode limit now and is lifeline on", want: [{ key: "obanqueue", fact: "limit: 8," }, { key: "obancfg", fact: LIFELINE }] },
    { kind: "multi", prompt: "cluster size vs how many worker machines we have", want: [{ key: "nodes", fact: "cluster size: 6" }, { key: "flyscale", fact: WORKER_NOW }] },
    { kind: "multi", prompt: "sentry sample rate and the liveview version", want: [{ key: "sentry", fact: "traces_sample_rate: 0.05," }, { key: "deps", fact: LV_NOW }] },
    { kind: "none", prompt: "thanks, that's enough for today" },
    { kind: "none", prompt: "how does the BEAM scheduler preempt processes, roughly?" },
    { kind: "none", prompt: "genserver vs agent, when would you pick which" },
    { kind: "none", prompt: "grabbing food, back in 20" },
    { kind: "none", prompt: "whats the difference between a Task and a spawned process in general" },
  ],
};

const CR = "/home/emre/projeler/cinar";
const WEB_SRV = "srv-ct8q0flds78s73c0ak2g";
const SSH_WEB = `ssh ${WEB_SRV}@ssh.frankfurt.render.com`;

// render.yaml (blueprint)
const renderYaml = ({ plan, n, wc, threads, pool, cron, kvPlan, policy }) => `services:
  - type: web
    name: cinar-web
    runtime: ruby
    region: frankfurt
    plan: ${plan}
    numInstances: ${n}
    buildCommand: bundle install && bundle exec rails assets:precompile
    preDeployCommand: bundle exec rails db:migrate
    startCommand: bundle exec puma -C config/puma.rb
    healthCheckPath: /up
    envVars:
      - key: WEB_CONCURRENCY
        value: "${wc}"
      - key: RAILS_MAX_THREADS
        value: "${threads}"
      - key: DATABASE_URL
        fromDatabase:
          name: cinar-db
          property: connectionString
      - key: REDIS_URL
        fromService:
          type: keyvalue
          name: cinar-redis
          property: connectionString
      - fromGroup: cinar-secrets

  - type: worker
    name: cinar-sidekiq
    runtime: ruby
    region: frankfurt
    plan: standard
    buildCommand: bundle install
    startCommand: bundle exec sidekiq -C config/sidekiq.yml
    envVars:${pool ? `
      - key: DB_POOL
        value: "${pool}"` : ""}
      - key: DATABASE_URL
        fromDatabase:
          name: cinar-db
          property: connectionString
      - key: REDIS_URL
        fromService:
          type: keyvalue
          name: cinar-redis
          property: connectionString
      - fromGroup: cinar-secrets

  - type: cron
    name: cinar-nightly-reports
    runtime: ruby
    region: frankfurt
    plan: starter
    schedule: "${cron}"
    buildCommand: bundle install
    startCommand: bundle exec rails reports:nightly
    envVars:
      - key: DATABASE_URL
        fromDatabase:
          name: cinar-db
          property: connectionString
      - fromGroup: cinar-secrets

  - type: keyvalue
    name: cinar-redis
    region: frankfurt
    plan: ${kvPlan}
    maxmemoryPolicy: ${policy}
    ipAllowList: []

databases:
  - name: cinar-db
    region: frankfurt
    plan: basic-4gb
    databaseName: cinar_production
    user: cinar
    postgresMajorVersion: "16"`;
const YAML_READ = { file_path: `${CR}/render.yaml` };
const CRON_NOW = 'schedule: "0 23 * * *"';

// puma boot
const pumaBoot = (prefix, pid, ruby, threads, workers) => [
  `Puma starting in cluster mode...`,
  `* Puma version: 6.4.3 (ruby ${ruby}) ("The Eagle of Durango")`,
  `*  Min threads: ${threads}`,
  `*  Max threads: ${threads}`,
  `*  Environment: production`,
  `*   Master PID: ${pid}`,
  `*      Workers: ${workers}`,
  `*     Restarts: (✔) hot (✖) phased`,
  `* Preloading application`,
  `* Listening on http://0.0.0.0:${prefix.includes("heroku") || prefix.includes("app[") ? "31842" : "10000"}`,
  `Use Ctrl-C to stop`,
  ...Array.from({ length: workers }, (_, i) => `- Worker ${i} (PID: ${pid + 11 + i * 4}) booted in 0.0${i + 1}s, phase: 0`),
].map((l) => `${prefix}[${pid}] ${l}`).join("\n");
const RUBY_OLD = "3.2.6-p234";
const RUBY_NEW = "3.3.6-p108";
const WORKERS_NOW = "*      Workers: 4";
const THREADS_NOW = "*  Min threads: 4";
const RENDER_LOGS = (svc, q) => ({ command: `render logs --resources ${svc} --limit 40 ${q ? `--text '${q}' ` : ""}-o text` });

// bin/rails about
const railsAbout = (rails, ruby, gems, schema) => `About your application's environment
Rails version             ${rails}
Ruby version              ${ruby}
RubyGems version          ${gems}
Rack version              3.1.8
Middleware                ActionDispatch::HostAuthorization, Rack::Sendfile, ActionDispatch::Static, ActionDispatch::Executor, ActionDispatch::ServerTiming, ActiveSupport::Cache::Strategy::LocalCache::Middleware, Rack::Runtime, Rack::MethodOverride, ActionDispatch::RequestId, ActionDispatch::RemoteIp, Sentry::Rails::CaptureExceptions, Rails::Rack::Logger, ActionDispatch::ShowExceptions, ActionDispatch::DebugExceptions, ActionDispatch::Callbacks, ActionDispatch::Cookies, ActionDispatch::Session::CookieStore, ActionDispatch::Flash, ActionDispatch::ContentSecurityPolicy::Middleware, ActionDispatch::PermissionsPolicy::Middleware, Rack::Head, Rack::ConditionalGet, Rack::ETag, Rack::TempfileReaper, Rack::Attack
Application root          ${rails === "heroku" ? "/app" : "/opt/render/project/src"}
Environment               production
Database adapter          postgresql
Database schema version   ${schema}`;
const ABOUT_CMD = { command: `${SSH_WEB} 'cd /opt/render/project/src && bin/rails about'` };
const RAILS_NOW = "Rails version             7.1.5.1";
const RUBY_326 = "ruby 3.2.6 (2024-10-30 revision 63aeb018eb) [x86_64-linux]";
const RUBY_336 = "ruby 3.3.6 (2024-11-05 revision 75015d4c1f) [x86_64-linux]";

// config/sidekiq.yml
const sidekiqYml = (conc, mailers) => `---
:concurrency: ${conc}
:timeout: 25
:max_retries: 12
:queues:
  - [critical, 6]${mailers === 4 ? "\n  - [mailers, 4]\n  - [default, 3]" : "\n  - [default, 3]\n  - [mailers, 2]"}
  - [low, 1]

:scheduler:
  :schedule:
    tedarikci_stok_sync:
      cron: "0 5 * * *"
      class: TedarikciStokSyncJob
      queue: low
    sepet_hatirlatma:
      cron: "0 */2 * * *"
      class: SepetHatirlatmaJob
      queue: mailers

production:
  :logfile: false`;
const SIDEKIQ_YML_READ = { file_path: `${CR}/config/sidekiq.yml` };

// sidekiq stats
const qRow = (name, size, lat) => `${name.padEnd(10)}${String(size).padEnd(8)}${lat}`;
const sidekiqStats = (processed, failed, enq, sched, retries, dead, rows, busy) => `processed: ${processed}   failed: ${failed}
enqueued: ${enq}   scheduled: ${sched}   retries: ${retries}   dead: ${dead}
${qRow("queue", "size", "latency")}
${rows.join("\n")}
processes: 1 (cinar-sidekiq-5c7d9f8b6-q4n2t)  busy ${busy}`;
const STATS_CMD = { command: `ssh srv-ct8q2vlds78s73c0b3n0@ssh.frankfurt.render.com 'cd /opt/render/project/src && bin/rails runner "puts Cinar::Ops.sidekiq_summary"'` };
const DEFAULT_Q_NOW = qRow("default", 3, "0.2s");

// redis INFO
const redisInfo = (used, max, policy, evicted, peak) => `used_memory_human:${used}
used_memory_peak_human:${peak}
maxmemory_human:${max}
maxmemory_policy:${policy}
mem_fragmentation_ratio:1.12
evicted_keys:${evicted}`;
const REDIS_CMD = { command: "redis-cli -u \"$CINAR_REDIS_URL\" --no-auth-warning INFO memory | grep -E '^(used_memory_human|used_memory_peak_human|maxmemory_human|maxmemory_policy|mem_fragmentation_ratio):' && redis-cli -u \"$CINAR_REDIS_URL\" --no-auth-warning INFO stats | grep '^evicted_keys:'" };

const EXPLAIN_CMD = { command: "psql \"$CINAR_DB_EXTERNAL\" -c \"EXPLAIN (ANALYZE, BUFFERS) SELECT orders.* FROM orders WHERE orders.shop_id = 12 AND orders.status = 'paid' ORDER BY orders.created_at DESC LIMIT 25 OFFSET 0\"" };

const BACKFILL_CMD = { command: `${SSH_WEB} 'cd /opt/render/project/src && bin/rails runner "puts MaintenanceTasks::Run.where(task_name: %q(Maintenance::BackfillNormalizedPhoneTask)).last.attributes.slice(*%w(id status tick_count tick_total error_class error_message started_at ended_at)).to_yaml"'` };

const rspec = (seed, ex, pending, dur) => `Randomized with seed ${seed}
........................................................................................................
..........................................*..............*...............................................
........................................................................................................

Pending: (Failures listed here are expected and do not affect your suite's status)

  1) Kargo::YurticiClient tracks a shipment against the live sandbox
     # needs YURTICI_SANDBOX credentials
     # ./spec/services/kargo/yurtici_client_spec.rb:41

Finished in ${dur} (files took 6.18 seconds to load)
${ex} examples, 0 failures, ${pending} pending

Randomized with seed ${seed}`;
const RSPEC_NOW = "1761 examples, 0 failures, 2 pending";

const CF_ZONE = "a3f0c19d5b2e4d7e8c6b1f2a9e0d4c37";
const CF_CMD = { command: `curl -s "https://api.cloudflare.com/client/v4/zones/${CF_ZONE}/rulesets/phases/http_request_cache_settings/entrypoint" -H "Authorization: Bearer $CF_API_TOKEN" | jq '.result | {phase, version, last_updated, rules: [.rules[] | {description, expression, action, action_parameters, enabled}]}'` };
const CF_EXPR_V1 = '(starts_with(http.request.uri.path, \\"/urunler/\\"))';
const CF_EXPR_NOW = '(starts_with(http.request.uri.path, \\"/urunler/\\") and not http.cookie contains \\"cinar_giris=1\\")';
const cfRules = (version, updated, expr) => `{
  "phase": "http_request_cache_settings",
  "version": "${version}",
  "last_updated": "${updated}",
  "rules": [
    {
      "description": "assets 30 gun",
      "expression": "(starts_with(http.request.uri.path, \\"/assets/\\")) or (starts_with(http.request.uri.path, \\"/packs/\\"))",
      "action": "set_cache_settings",
      "action_parameters": {
        "cache": true,
        "edge_ttl": { "mode": "override_origin", "default": 2592000 },
        "browser_ttl": { "mode": "override_origin", "default": 31536000 }
      },
      "enabled": true
    },
    {
      "description": "urun sayfalari html 10 dk",
      "expression": "${expr}",
      "action": "set_cache_settings",
      "action_parameters": {
        "cache": true,
        "edge_ttl": { "mode": "override_origin", "default": 600 },
        "browser_ttl": { "mode": "respect_origin" }
      },
      "enabled": true
    },
    {
      "description": "sepet, hesabim, odeme, admin: asla",
      "expression": "(starts_with(http.request.uri.path, \\"/sepet\\")) or (starts_with(http.request.uri.path, \\"/hesabim\\")) or (starts_with(http.request.uri.path, \\"/odeme\\")) or (starts_with(http.request.uri.path, \\"/admin\\"))",
      "action": "set_cache_settings",
      "action_parameters": { "cache": false },
      "enabled": true
    }
  ]
}`;

const depRow = (created, status, trigger, commit, msg, id) => `${created.padEnd(19)}${status.padEnd(13)}${trigger.padEnd(13)}${commit.padEnd(9)}${msg.padEnd(46)}${id}`;
const deploys = (rows) => `${depRow("CREATED", "STATUS", "TRIGGER", "COMMIT", "MESSAGE", "ID")}\n${rows.join("\n")}`;
const DEPLOYS_CMD = { command: `render deploys list ${WEB_SRV} -o text | head -6` };
const D_WEBHOOK = (status) => depRow("2026-11-18 16:20", status, "new_commit", "5d8c2a7", "webhooks: iyzico signature over raw paidPrice", "dep-ctb0k3pu0jms73f1q2eg");
const D_BACKFILL = depRow("2026-11-18 11:02", "deactivated", "new_commit", "c90e4b1", "customers: non-unique phone index + merge", "dep-ctav1r9u0jms73ev0c4g");
const D_R72 = (status) => depRow("2026-11-19 09:38", status, "new_commit", "e3b91f0", "rails 7.2.2.1", "dep-ctbk2mpu0jms73fkq1v0");
const D_ROLLBACK = (status) => depRow("2026-11-19 10:17", status, "rollback", "5d8c2a7", "webhooks: iyzico signature over raw paidPrice", "dep-ctbkl0hu0jms73flbk30");
const D_PRO = depRow("2026-11-19 14:51", "deactivated", "blueprint", "8b17f2d", "render: web pro, WEB_CONCURRENCY 4", "dep-ctbp3c9u0jms73fn8qj0");
const DEP_NOW = depRow("2026-11-20 11:26", "live", "new_commit", "a41d9e2", "ruby 3.3.6", "dep-ctc6m1pu0jms73g2sa10");
const DEP_LIVE = DEP_NOW.slice(0, 64);

const heroku = (dyno) => `2026-11-16T08:02:11.441118+00:00 app[${dyno}]: `;

const cinar = {
  name: "cinar (held out 27)",
  sessionId: "77e29bd1-ac6b-407d-87e1-3ef62b824a1a",
  cwd: CR,
  turns: 216,
  seed: 27727,
  files: ["app/controllers/webhooks/iyzico_controller.rb", "app/controllers/admin/orders_controller.rb", "app/controllers/urunler_controller.rb", "app/models/order.rb", "app/models/customer.rb", "app/services/iyzico/client.rb", "app/services/iyzico/signature.rb", "app/jobs/siparis_onay_job.rb", "app/jobs/tedarikci_stok_sync_job.rb", "app/jobs/sepet_hatirlatma_job.rb", "app/tasks/maintenance/backfill_normalized_phone_task.rb", "config/puma.rb", "config/sidekiq.yml", "config/database.yml", "config/application.rb", "render.yaml", "Gemfile", "lib/tasks/reports.rake"],
  otherTests: ["spec/models/order_spec.rb", "spec/requests/urunler_spec.rb", "spec/services/kargo/yurtici_client_spec.rb", "spec/jobs/sepet_hatirlatma_job_spec.rb", "spec/system/checkout_spec.rb"],
  words: ["siparis", "urun", "fidan", "sepet", "odeme", "musteri", "kargo", "stok", "tedarikci", "kampanya", "order", "payment", "webhook", "shop", "cart", "invoice", "job", "queue", "worker", "redis", "cache", "index", "report", "phone", "session"],
  grepWords: ["perform_later", "Rails.application.secrets", "find_each", "Sidekiq::", "TODO", "cache_control"],
  testCommands: ["bundle exec rspec spec/models", "bundle exec rspec spec/requests/urunler_spec.rb", "bundle exec rspec spec/jobs --format progress"],
  buildCommands: ["bundle exec rubocop", "bin/rails assets:precompile", "bundle exec brakeman -q --no-pager"],
  appCommands: ["bin/dev", "render logs --resources srv-ct8q0flds78s73c0ak2g --limit 30 -o text", "heroku logs -a cinar-prod -n 40"],
  prompts: ["devam", "devam et", "ok next", "tamam sonraki", "go on", "sıradaki", "evet devam", "ok", "hadi bakalım", "keep going", "tamamdır, devam"],
  facts: [
    [2, "Read", { file_path: `${CR}/Procfile` }, "web: bundle exec puma -C config/puma.rb\nworker: bundle exec sidekiq -C config/sidekiq.yml\nrelease: bundle exec rails db:migrate", undefined, { kind: "code", where: "top" }],
    [3, "Bash", { command: "heroku ps -a cinar-prod" }, `=== web (Standard-2X): bundle exec puma -C config/puma.rb (2)
web.1: up 2026/11/14 03:12:40 +0300 (~ 2d ago)
web.2: up 2026/11/14 03:13:02 +0300 (~ 2d ago)

=== worker (Standard-1X): bundle exec sidekiq -C config/sidekiq.yml (1)
worker.1: up 2026/11/14 03:12:55 +0300 (~ 2d ago)`, undefined, { kind: "app", where: "top" }],
    [4, "Bash", { command: "heroku config -a cinar-prod | grep -vE 'URL|KEY|SECRET|TOKEN'" }, `=== cinar-prod Config Vars
LANG:                     en_US.UTF-8
MALLOC_ARENA_MAX:         2
RACK_ENV:                 production
RAILS_ENV:                production
RAILS_LOG_TO_STDOUT:      enabled
RAILS_MAX_THREADS:        5
RAILS_SERVE_STATIC_FILES: enabled
SIDEKIQ_CONCURRENCY:      10
TZ:                       Europe/Istanbul
WEB_CONCURRENCY:          2`, undefined, { kind: "app", where: "top" }],
    [5, "Bash", { command: "heroku logs -a cinar-prod -d web.1 -n 300 | grep -A14 'Puma starting' | head -16" }, pumaBoot(heroku("web.1"), 2, RUBY_OLD, 5, 2), "pumaboot", { kind: "app", where: "top" }],
    [6, "Bash", { command: "heroku run -a cinar-prod -- bin/rails about" }, `Running bin/rails about on ⬢ cinar-prod... up, run.4182 (Standard-1X)\n${railsAbout("7.1.5.1", RUBY_326, "3.4.19", "20261104120215").replace("/opt/render/project/src", "/app")}`, "railsver", { kind: "app", where: "top" }],
    [7, "Bash", { command: "heroku pg:info -a cinar-prod" }, `=== DATABASE_URL
Plan:                  Standard 0
Status:                Available
Data Size:             18.2 GB
Tables:                61
PG Version:            16.4
Connections:           31/120
Connection Pooling:    Available
Credentials:           1
Fork/Follow:           Available
Rollback:              earliest from 2026-11-12 03:40 UTC
Created:               2023-02-08 09:11 UTC
Region:                eu
Data Encryption:       In Use
Continuous Protection: On
Maintenance:           not required
Maintenance window:    Sundays 02:00 to 06:00 UTC
Add-on:                postgresql-curved-41822`, undefined, { kind: "pg", where: "top" }],
    [8, "Read", SIDEKIQ_YML_READ, sidekiqYml(10, 2), "sidekiqyml", { kind: "code", where: "top" }],
    [9, "Read", { file_path: `${CR}/config/puma.rb` }, `   1\tmax_threads_count = ENV.fetch("RAILS_MAX_THREADS") { 5 }
   2\tmin_threads_count = ENV.fetch("RAILS_MIN_THREADS") { max_threads_count }
   3\tthreads min_threads_count, max_threads_count
   4\t
   5\tworker_timeout 3600 if ENV.fetch("RAILS_ENV", "development") == "development"
   6\t
   7\tport ENV.fetch("PORT") { 3000 }
   8\tenvironment ENV.fetch("RAILS_ENV") { "development" }
   9\tpidfile ENV.fetch("PIDFILE") { "tmp/pids/server.pid" }
  10\t
  11\tworkers ENV.fetch("WEB_CONCURRENCY") { 2 }
  12\tpreload_app!
  13\t
  14\tplugin :tmp_restart`, undefined, { kind: "code", where: "top" }],
    [10, "Bash", { command: "bundle exec rspec" }, rspec(40211, 1712, 4, "3 minutes 12.4 seconds"), "rspec", { kind: "test", where: "bottom" }],
    [11, "Bash", { command: "heroku redis:info -a cinar-prod" }, `=== redis-rugged-90211 (REDIS_URL)
Plan:                   Premium 0
Status:                 available
Created:                2023-02-08 09:14
Version:                7.2.4
Timeout:                300
Maxmemory:              noeviction
Maintenance:            not required
Persistence:            AOF`, undefined, { kind: "app", where: "top" }],
    [12, "Bash", { command: "heroku addons -a cinar-prod" }, `Add-on                                     Plan        Price         Max price   State
─────────────────────────────────────────  ──────────  ────────────  ──────────  ───────
heroku-postgresql (postgresql-curved-41822)  standard-0  ~$0.069/hour  $50/month   created
 └─ as DATABASE

heroku-redis (redis-rugged-90211)          premium-0   ~$0.021/hour  $15/month   created
 └─ as REDIS

papertrail (papertrail-octagonal-11204)    choklad     free          free        created
 └─ as PAPERTRAIL

The table above shows add-ons and the attachments to the current app (cinar-prod) or other apps.`, "herokuaddons", { kind: "app", where: "top" }],
    [13, "Read", { file_path: `${CR}/config/database.yml` }, `default: &default
  adapter: postgresql
  encoding: unicode
  pool: <%= ENV.fetch("RAILS_MAX_THREADS") { 5 } %>

development:
  <<: *default
  database: cinar_development

test:
  <<: *default
  database: cinar_test<%= ENV["TEST_ENV_NUMBER"] %>

production:
  <<: *default
  url: <%= ENV["DATABASE_URL"] %>
  prepared_statements: true
  variables:
    statement_timeout: 15000`, undefined, { kind: "code", where: "top" }],
    [14, "Write", { file_path: `${CR}/render.yaml`, content: renderYaml({ plan: "standard", n: 2, wc: 4, threads: 5, pool: undefined, cron: "0 2 * * *", kvPlan: "starter", policy: "allkeys-lru" }) }, `File created successfully at: ${CR}/render.yaml`, undefined, { kind: "code", where: "top" }],
    [15, "Read", YAML_READ, renderYaml({ plan: "standard", n: 2, wc: 4, threads: 5, pool: undefined, cron: "0 2 * * *", kvPlan: "starter", policy: "allkeys-lru" }), "renderyaml", { kind: "code", where: "top" }],
    [17, "Bash", { command: "render services list -o text" }, `NAME                    TYPE               REGION     PLAN       STATUS     ID
cinar-web               web_service        frankfurt  standard   deployed   ${WEB_SRV}
cinar-sidekiq           background_worker  frankfurt  standard   deployed   srv-ct8q2vlds78s73c0b3n0
cinar-nightly-reports   cron_job           frankfurt  starter    deployed   crn-ct8q3hlds78s73c0b7q0
cinar-redis             keyvalue           frankfurt  starter    available  red-ct8q1g5ds78s73c0apm0
cinar-db                postgres           frankfurt  basic-4gb  available  dpg-ct8q0alds78s73c0ah8g-a
cinar-web-staging       web_service        frankfurt  starter    deployed   srv-ct8q6t1ds78s73c0c2e0`, undefined, { kind: "app", where: "top" }],
    [19, "Bash", { command: "time pg_dump -Fc --no-acl --no-owner -d \"$(heroku config:get DATABASE_URL -a cinar-prod)\" -f cinar.dump && ls -lh cinar.dump" }, `
real	11m42.118s
user	4m2.410s
sys	0m31.220s
-rw-r--r-- 1 emre emre 4.1G Nov 17 01:14 cinar.dump
(heroku maintenance:on since 01:02, workers scaled to 0)`, undefined, { kind: "pg", where: "top" }],
    [20, "Bash", { command: "time pg_restore --no-owner --no-acl -j 8 -d \"$CINAR_DB_EXTERNAL\" cinar.dump" }, `pg_restore: error: could not execute query: ERROR:  must be owner of extension pg_stat_statements
Command was: COMMENT ON EXTENSION pg_stat_statements IS 'track planning and execution statistics of all SQL statements executed';
pg_restore: warning: errors ignored on restore: 1

real	38m12.441s
user	1m10.904s
sys	0m20.118s
(4.1G dump, 18.2 GB on disk in cinar-db; only the extension comment failed, harmless)`, undefined, { kind: "pg", where: "top" }],
    [22, "Bash", { command: `curl -s -X PATCH "https://api.cloudflare.com/client/v4/zones/${CF_ZONE}/dns_records/$WWW_RECORD" -H "Authorization: Bearer $CF_API_TOKEN" -H 'Content-Type: application/json' --data '{"type":"CNAME","name":"www","content":"cinar-web.onrender.com","proxied":true}' | jq '{result: .result | {name, type, content, proxied, ttl, modified_on}, success, errors}'` }, `{
  "result": {
    "name": "www.cinarfidan.com.tr",
    "type": "CNAME",
    "content": "cinar-web.onrender.com",
    "proxied": true,
    "ttl": 1,
    "modified_on": "2026-11-17T01:52:40.118204Z"
  },
  "success": true,
  "errors": []
}
(was cinar-prod-4e1b2c9a7d30.herokudns.com; apex cinarfidan.com.tr redirects to www via a Cloudflare redirect rule)`, undefined, { kind: "app", where: "top" }],
    [23, "Bash", { command: "heroku ps:scale web=0 worker=0 -a cinar-prod && heroku maintenance:off -a cinar-prod" }, `Scaling dynos... done, now running worker at 0:Standard-1X, web at 0:Standard-2X
Disabling maintenance mode for ⬢ cinar-prod... done`, undefined, { kind: "app", where: "top" }],
    [24, "Bash", RENDER_LOGS(WEB_SRV, "Puma"), pumaBoot("2026-11-17T01:49:12Z [cinar-web-k8x2p] ", 1, RUBY_OLD, 5, 4), "pumaboot", { kind: "app", where: "top" }],
    [25, "Bash", { command: "curl -sI https://www.cinarfidan.com.tr/ | grep -iE '^(HTTP|server|cf-|rndr|x-request|cache-control)'" }, `HTTP/2 200
cache-control: max-age=0, private, must-revalidate
x-request-id: 5f0c8e2a-9d41-4b7e-a3c6-1e2f7d9b0a55
rndr-id: 8c1f2a0e-3b7d-4e21
cf-cache-status: DYNAMIC
server: cloudflare
cf-ray: 8e4c1a2b3c4d5e6f-IST`, undefined, { kind: "app", where: "top" }],
    [27, "Bash", { command: `render events list ${WEB_SRV} -o text | head -8` }, `TIMESTAMP              TYPE              DETAILS
2026-11-17T09:41:07Z   server_failed     cinar-web-k8x2p: Ran out of memory (used over 2GB) while running your code.
2026-11-17T09:41:09Z   server_restarted  cinar-web-k8x2p
2026-11-17T10:22:31Z   server_failed     cinar-web-q7m4d: Ran out of memory (used over 2GB) while running your code.
2026-11-17T10:22:33Z   server_restarted  cinar-web-q7m4d
2026-11-17T11:05:50Z   server_failed     cinar-web-k8x2p: Ran out of memory (used over 2GB) while running your code.
2026-11-17T11:05:52Z   server_restarted  cinar-web-k8x2p
(every restart drops in-flight requests: 502s from Cloudflare, 3 times this morning)`, undefined, { kind: "app", error: true, where: "top" }],
    [28, "Bash", { command: `${SSH_WEB} 'ps -o pid,rss,args --sort=-rss | head -7'` }, `  PID    RSS COMMAND
   27 498212 puma: cluster worker 2: 1 [src]
   19 492004 puma: cluster worker 0: 1 [src]
   23 487904 puma: cluster worker 1: 1 [src]
   31 481330 puma: cluster worker 3: 1 [src]
    1 212880 puma 6.4.3 (tcp://0.0.0.0:10000) [src]
  118   3404 ps -o pid,rss,args --sort=-rss
(4 workers x ~490 MB + master 210 MB ≈ 2.17 GB on a 2 GB standard instance; on Heroku the same code ran 2 workers per Standard-2X dyno, WEB_CONCURRENCY 4 in render.yaml was a guess)`, undefined, { kind: "app", where: "top" }],
    [30, "Bash", RENDER_LOGS("srv-ct8q2vlds78s73c0b3n0", "WARNING"), `2026-11-17T01:50:03Z [cinar-sidekiq-q4n2t] pid=1 tid=2gx INFO: Booted Rails 7.1.5.1 application in production environment
2026-11-17T01:50:03Z [cinar-sidekiq-q4n2t] pid=1 tid=2gx INFO: Running in ruby 3.2.6 (2024-10-30 revision 63aeb018eb) [x86_64-linux]
2026-11-17T01:50:03Z [cinar-sidekiq-q4n2t] pid=1 tid=2gx INFO: Sidekiq 7.3.6 connecting to Redis with options {:size=>12, :pool_name=>"internal", :url=>"redis://red-ct8q1g5ds78s73c0apm0:6379"}
2026-11-17T01:50:03Z [cinar-sidekiq-q4n2t] pid=1 tid=2gx WARN: WARNING: Your Redis instance will evict Sidekiq data under heavy load.
2026-11-17T01:50:03Z [cinar-sidekiq-q4n2t] The 'noeviction' maxmemory policy is recommended (current policy: 'allkeys-lru').
2026-11-17T01:50:03Z [cinar-sidekiq-q4n2t] See: https://github.com/sidekiq/sidekiq/wiki/Using-Redis#memory
(cinar-redis was created by the blueprint with maxmemoryPolicy allkeys-lru; on Heroku the policy was noeviction. At 241M of 256M, lru evicts the oldest keys: scheduled and enqueued jobs included)`, undefined, { kind: "app", where: "top" }],
    [31, "Bash", REDIS_CMD, redisInfo("241.07M", "256.00M", "allkeys-lru", 18344, "255.96M"), "redisinfo", { kind: "app", where: "top" }],
    [32, "Bash", { command: `${SSH_WEB} 'cd /opt/render/project/src && bin/rails runner "puts Cinar::Ops.missing_confirmations(since: Time.zone.parse(%q(2026-11-17 04:52)))"'` }, `orders paid since cutover without confirmation mail: 37
  first: #418204 (2026-11-17 05:14 +03)   last: #418771 (2026-11-17 13:02 +03)
  SiparisOnayJob enqueued for all 37 (order.confirmation_jid set), none in processed/dead/retry: the job payloads are gone from redis
(customers wrote to destek@ that they paid but got no e-mail)`, undefined, { kind: "app", error: true, where: "top" }],
    [34, "Edit", { file_path: `${CR}/render.yaml`, old_string: "    maxmemoryPolicy: allkeys-lru", new_string: "    maxmemoryPolicy: noeviction # sidekiq: never evict job data" }, `The file ${CR}/render.yaml has been updated.`, undefined, { kind: "code", where: "top" }],
    [35, "Edit", { file_path: `${CR}/render.yaml`, old_string: '      - key: WEB_CONCURRENCY\n        value: "4"\n      - key: RAILS_MAX_THREADS\n        value: "5"', new_string: '      - key: WEB_CONCURRENCY\n        value: "3"\n      - key: RAILS_MAX_THREADS\n        value: "4"' }, `The file ${CR}/render.yaml has been updated.`, undefined, { kind: "code", where: "top" }],
    [36, "Read", YAML_READ, renderYaml({ plan: "standard", n: 2, wc: 3, threads: 4, pool: undefined, cron: "0 2 * * *", kvPlan: "starter", policy: "noeviction" }).replace("maxmemoryPolicy: noeviction", "maxmemoryPolicy: noeviction # sidekiq: never evict job data"), "renderyaml", { kind: "code", where: "top" }],
    [38, "Bash", REDIS_CMD, redisInfo("188.40M", "256.00M", "noeviction", 18344, "255.96M"), "redisinfo", { kind: "app", where: "top" }],
    [39, "Bash", RENDER_LOGS(WEB_SRV, "Puma"), pumaBoot("2026-11-17T12:31:40Z [cinar-web-v2r8c] ", 1, RUBY_OLD, 4, 3), "pumaboot", { kind: "app", where: "top" }],
    [40, "Bash", { command: "git commit -am 'render: redis noeviction, puma 3 workers x 4 threads' && git log -1 --format='%h %s%n%n%b'" }, `[main 1f7e0b9] render: redis noeviction, puma 3 workers x 4 threads
 1 file changed, 3 insertions(+), 3 deletions(-)
1f7e0b9 render: redis noeviction, puma 3 workers x 4 threads

Two problems from the first day on Render:
- cinar-redis came up with allkeys-lru (the Key Value default) instead of Heroku's
  noeviction; near 256 MB it evicted Sidekiq job payloads, 37 order confirmation mails
  were lost (resent with Cinar::Ops.resend_confirmations).
- cinar-web ran out of memory on the 2 GB standard plan with 4 puma workers (~490 MB each).
  3 workers x 4 threads for now.`, undefined, { kind: "build", where: "top" }],
    [41, "Bash", { command: `${SSH_WEB} 'cd /opt/render/project/src && bin/rails runner "Cinar::Ops.resend_confirmations(since: Time.zone.parse(%q(2026-11-17 04:52)))"'` }, `37 orders: SiparisOnayJob enqueued again (queue mailers)
37 processed within 41s, 0 failed`, undefined, { kind: "app", where: "top" }],
    [43, "Bash", { command: "docker compose exec redis redis-cli CONFIG GET maxmemory-policy && docker compose exec redis redis-cli INFO memory | grep -E '^(used_memory_human|maxmemory_human)'" }, `maxmemory-policy
allkeys-lru
used_memory_human:3.12M
maxmemory_human:64.00M
(local docker-compose redis, cache + sidekiq in dev)`, undefined, { kind: "app", where: "top" }],
    [44, "Bash", STATS_CMD, sidekiqStats("4,118,204", "21,388", "18,412", "311", "208", "12", [qRow("critical", 14, "2.1s"), qRow("default", "16,902", "1842.6s"), qRow("mailers", "1,480", "1311.0s"), qRow("low", 16, "40.2s")], "10/10"), "sidekiqstats", { kind: "app", where: "top" }],
    [45, "Edit", { file_path: `${CR}/config/sidekiq.yml`, old_string: ":concurrency: 10", new_string: ":concurrency: 20" }, `The file ${CR}/config/sidekiq.yml has been updated.`, undefined, { kind: "code", where: "top" }],
    [46, "Read", SIDEKIQ_YML_READ, sidekiqYml(20, 2), "sidekiqyml", { kind: "code", where: "top" }],
    [48, "Bash", RENDER_LOGS("srv-ct8q2vlds78s73c0b3n0", "ConnectionTimeoutError"), `2026-11-17T15:12:40Z [cinar-sidekiq-h2w9m] pid=1 tid=4kq class=TedarikciStokSyncJob jid=3f9a1c0e2b7d4e85a6c1 elapsed=5.004 INFO: fail
2026-11-17T15:12:40Z [cinar-sidekiq-h2w9m] pid=1 tid=4kq WARN: ActiveRecord::ConnectionTimeoutError: could not obtain a connection from the pool within 5.000 seconds (waited 5.001 seconds); all pooled connections were in use
2026-11-17T15:12:40Z [cinar-sidekiq-h2w9m] pid=1 tid=4kq WARN: /opt/render/project/src/vendor/bundle/ruby/3.2.0/gems/activerecord-7.1.5.1/lib/active_record/connection_adapters/abstract/connection_pool/queue.rb:128:in \`block in wait_poll'
2026-11-17T15:12:41Z [cinar-sidekiq-h2w9m] pid=1 tid=4lm class=SiparisOnayJob jid=0c2e9b7a1f4d3e6a8b50 elapsed=5.002 INFO: fail
2026-11-17T15:12:41Z [cinar-sidekiq-h2w9m] pid=1 tid=4lm WARN: ActiveRecord::ConnectionTimeoutError: could not obtain a connection from the pool within 5.000 seconds (waited 5.002 seconds); all pooled connections were in use
(1,904 of these in 20 min; database.yml sizes the pool from RAILS_MAX_THREADS, which the worker does not set, so the pool is 5 for 20 sidekiq threads)`, undefined, { kind: "app", error: true, where: "top" }],
    [50, "Edit", { file_path: `${CR}/config/database.yml`, old_string: '  pool: <%= ENV.fetch("RAILS_MAX_THREADS") { 5 } %>', new_string: '  pool: <%= ENV.fetch("DB_POOL") { ENV.fetch("RAILS_MAX_THREADS", 5) } %>' }, `The file ${CR}/config/database.yml has been updated.`, undefined, { kind: "code", where: "top" }],
    [51, "Edit", { file_path: `${CR}/render.yaml`, old_string: "    startCommand: bundle exec sidekiq -C config/sidekiq.yml\n    envVars:", new_string: '    startCommand: bundle exec sidekiq -C config/sidekiq.yml\n    envVars:\n      - key: DB_POOL\n        value: "12"' }, `The file ${CR}/render.yaml has been updated.`, undefined, { kind: "code", where: "top" }],
    [52, "Bash", { command: "psql \"$CINAR_DB_EXTERNAL\" -c \"select now(), round(100 * (1 - avg(idle_pct)), 1) as cpu_pct from cinar_ops.cpu_samples where at > now() - interval '30 min'\" -c \"select state, count(*) from pg_stat_activity where datname = 'cinar_production' group by 1\"" }, `              now              | cpu_pct
-------------------------------+---------
 2026-11-17 16:02:11.118204+00 |    94.2
(1 row)

 state  | count
--------+-------
 active |    23
 idle   |    19
(2 rows)
(with 20 sidekiq threads TedarikciStokSyncJob and the report exports run side by side; admin order pages time out at 15s)`, undefined, { kind: "pg", where: "top" }],
    [53, "Edit", { file_path: `${CR}/config/sidekiq.yml`, old_string: ":concurrency: 20", new_string: ":concurrency: 12" }, `The file ${CR}/config/sidekiq.yml has been updated. (mailers weight 2 -> 4 in the same edit)`, undefined, { kind: "code", where: "top" }],
    [54, "Read", SIDEKIQ_YML_READ, sidekiqYml(12, 4), "sidekiqyml", { kind: "code", where: "top" }],
    [55, "Bash", STATS_CMD, sidekiqStats("4,162,880", "23,301", "41", "298", "31", "12", [qRow("critical", 0, "0.0s"), qRow("default", 38, "4.8s"), qRow("mailers", 3, "0.9s"), qRow("low", 0, "0.0s")], "9/12"), "sidekiqstats", { kind: "app", where: "top" }],
    [56, "Bash", { command: "git commit -am 'sidekiq: concurrency 12, DB_POOL for the worker' && git log -1 --format='%h %s%n%n%b'" }, `[main 0e4c7b2] sidekiq: concurrency 12, DB_POOL for the worker
 3 files changed, 6 insertions(+), 4 deletions(-)
0e4c7b2 sidekiq: concurrency 12, DB_POOL for the worker

Backlog after the move (default queue latency 30 min), so concurrency 10 -> 20. That
broke two ways: the AR pool came from RAILS_MAX_THREADS, not set on the worker, so 5
connections for 20 threads (ConnectionTimeoutError); and once the pool was fixed,
20 threads running the stock sync and report exports together meant
cinar-db (basic-4gb) sat at 94% CPU and admin pages timed out.
Now DB_POOL=12 on cinar-sidekiq (database.yml reads DB_POOL first), concurrency 12,
mailers weight 4 so confirmations don't wait behind the stock sync.`, undefined, { kind: "build", where: "top" }],
    [58, "Bash", RENDER_LOGS(WEB_SRV, "Admin::OrdersController#index"), `2026-11-18T08:40:12Z [cinar-web-v2r8c] I, [2026-11-18T08:40:07.901 #27]  INFO -- : [c1d8e0f2-7a4b-4c19-9e3d-5b2a0f6c8d11] Processing by Admin::OrdersController#index as HTML
2026-11-18T08:40:12Z [cinar-web-v2r8c] I, [2026-11-18T08:40:07.902 #27]  INFO -- : [c1d8e0f2-7a4b-4c19-9e3d-5b2a0f6c8d11]   Parameters: {"durum"=>"paid", "shop_id"=>"12"}
2026-11-18T08:40:12Z [cinar-web-v2r8c] I, [2026-11-18T08:40:12.290 #27]  INFO -- : [c1d8e0f2-7a4b-4c19-9e3d-5b2a0f6c8d11] Completed 200 OK in 4388ms (Views: 41.2ms | ActiveRecord: 4301.7ms | Allocations: 81204)
2026-11-18T08:41:30Z [cinar-web-q7m4d] I, [2026-11-18T08:41:25.118 #31]  INFO -- : [0a9e2d4c-1b3f-4e7a-8c5d-6f1e2b9a0c77] Completed 200 OK in 4512ms (Views: 38.9ms | ActiveRecord: 4440.1ms | Allocations: 80877)`, undefined, { kind: "app", where: "top" }],
    [59, "Bash", EXPLAIN_CMD, `                                                                 QUERY PLAN
--------------------------------------------------------------------------------------------------------------------------------------------
 Limit  (cost=398114.20..398117.12 rows=25 width=622) (actual time=4211.902..4212.118 rows=25 loops=1)
   Buffers: shared hit=2204 read=318877
   ->  Gather Merge  (cost=398114.20..402881.77 rows=40862 width=622) (actual time=4211.900..4212.104 rows=25 loops=1)
         Workers Planned: 2
         Workers Launched: 2
         ->  Sort  (cost=397114.18..397165.25 rows=20431 width=622) (actual time=4188.402..4188.410 rows=20 loops=3)
               Sort Key: created_at DESC
               Sort Method: top-N heapsort  Memory: 88kB
               ->  Parallel Seq Scan on orders  (cost=0.00..396537.04 rows=20431 width=622) (actual time=0.441..4170.228 rows=16204 loops=3)
                     Filter: ((shop_id = 12) AND ((status)::text = 'paid'::text))
                     Rows Removed by Filter: 4128110
 Planning Time: 0.388 ms
 Execution Time: 4213.877 ms
(13 rows)
(orders: 12.4M rows; existing indexes: pkey, index_orders_on_customer_id, index_orders_on_number)`, "explain", { kind: "pg", where: "top" }],
    [61, "Write", { file_path: `${CR}/db/migrate/20261118094500_add_shop_status_created_at_index_to_orders.rb`, content: "class AddShopStatusCreatedAtIndexToOrders < ActiveRecord::Migration[7.1]\n  disable_ddl_transaction!\n\n  def change\n    add_index :orders, [:shop_id, :status, :created_at], algorithm: :concurrently\n  end\nend\n" }, `File created successfully at: ${CR}/db/migrate/20261118094500_add_shop_status_created_at_index_to_orders.rb`, undefined, { kind: "code", where: "top" }],
    [62, "Bash", RENDER_LOGS(WEB_SRV, "migrat"), `2026-11-18T09:51:02Z ==> Running pre-deploy command 'bundle exec rails db:migrate'
2026-11-18T09:51:09Z == 20261118094500 AddShopStatusCreatedAtIndexToOrders: migrating ==============
2026-11-18T09:51:09Z -- add_index(:orders, [:shop_id, :status, :created_at], {:algorithm=>:concurrently})
2026-11-18T09:52:45Z    -> 96.4112s
2026-11-18T09:52:45Z == 20261118094500 AddShopStatusCreatedAtIndexToOrders: migrated (96.4118s) =====
2026-11-18T09:52:46Z ==> Pre-deploy command succeeded
2026-11-18T09:53:31Z ==> Your service is live 🎉`, undefined, { kind: "build", where: "top" }],
    [63, "Bash", EXPLAIN_CMD, `                                                                            QUERY PLAN
------------------------------------------------------------------------------------------------------------------------------------------------------------------
 Limit  (cost=0.56..61.90 rows=25 width=622) (actual time=0.052..1.881 rows=25 loops=1)
   Buffers: shared hit=29 read=3
   ->  Index Scan Backward using index_orders_on_shop_id_and_status_and_created_at on orders  (cost=0.56..100311.42 rows=40862 width=622) (actual time=0.050..1.870 rows=25 loops=1)
         Index Cond: ((shop_id = 12) AND ((status)::text = 'paid'::text))
         Buffers: shared hit=29 read=3
 Planning Time: 0.412 ms
 Execution Time: 1.942 ms
(7 rows)`, "explain", { kind: "pg", where: "top" }],
    [64, "Bash", { command: "psql \"$CINAR_DB_EXTERNAL\" -c \"EXPLAIN ANALYZE SELECT products.* FROM products WHERE products.aktif = true AND products.ad ILIKE '%zeytin%' ORDER BY products.satis_sayisi DESC LIMIT 24\"" }, `                                                           QUERY PLAN
--------------------------------------------------------------------------------------------------------------------------------
 Limit  (cost=6120.44..6120.50 rows=24 width=1104) (actual time=38.902..38.911 rows=24 loops=1)
   ->  Sort  (cost=6120.44..6121.01 rows=228 width=1104) (actual time=38.900..38.905 rows=24 loops=1)
         Sort Key: satis_sayisi DESC
         Sort Method: top-N heapsort  Memory: 61kB
         ->  Seq Scan on products  (cost=0.00..6114.02 rows=228 width=1104) (actual time=0.031..38.702 rows=211 loops=1)
               Filter: (aktif AND ((ad)::text ~~* '%zeytin%'::text))
               Rows Removed by Filter: 48219
 Planning Time: 0.201 ms
 Execution Time: 38.944 ms
(9 rows)
(product search: 48k products, fine for now, pg_trgm later)`, undefined, { kind: "pg", where: "top" }],
    [66, "Read", { file_path: `${CR}/app/tasks/maintenance/backfill_normalized_phone_task.rb` }, `   1\tmodule Maintenance
   2\t  class BackfillNormalizedPhoneTask < MaintenanceTasks::Task
   3\t    throttle_on(backoff: 30.seconds) { DatabaseLoad.high? }
   4\t
   5\t    def collection
   6\t      Customer.where(normalized_phone: nil).where.not(phone: [nil, ""])
   7\t    end
   8\t
   9\t    def process(customer)
  10\t      customer.update_columns(normalized_phone: PhoneNormalizer.e164(customer.phone, default_country: "TR"))
  11\t    end
  12\t  end
  13\tend`, undefined, { kind: "code", where: "top" }],
    [68, "Bash", { command: `${SSH_WEB} 'cd /opt/render/project/src && bundle exec maintenance_tasks perform Maintenance::BackfillNormalizedPhoneTask'` }, `Task Maintenance::BackfillNormalizedPhoneTask enqueued.`, undefined, { kind: "app", where: "top" }],
    [69, "Bash", BACKFILL_CMD, `---
id: 14
status: errored
tick_count: 412000
tick_total: 1284911
error_class: ActiveRecord::RecordNotUnique
error_message: 'PG::UniqueViolation: ERROR:  duplicate key value violates unique constraint
  "index_customers_on_normalized_phone"

  DETAIL:  Key (normalized_phone)=(+90532*****41) already exists.'
started_at: 2026-11-18 10:02:11.118204000 Z
ended_at: 2026-11-18 10:31:40.440118000 Z`, "backfill", { kind: "app", error: true, where: "top" }],
    [70, "Bash", { command: "psql \"$CINAR_DB_EXTERNAL\" -c \"select count(*) as phones, sum(n) as customers from (select regexp_replace(phone, '[^0-9]', '', 'g') as p, count(*) as n from customers where phone <> '' group by 1 having count(*) > 1) d\"" }, ` phones | customers
--------+-----------
    214 |       431
(1 row)
(the same phone on two or three accounts: guest checkout first, a signup later; the unique index on normalized_phone went in with the column, before the data was clean)`, undefined, { kind: "pg", where: "top" }],
    [72, "Write", { file_path: `${CR}/db/migrate/20261118110500_make_customers_normalized_phone_index_non_unique.rb`, content: "class MakeCustomersNormalizedPhoneIndexNonUnique < ActiveRecord::Migration[7.1]\n  disable_ddl_transaction!\n\n  def up\n    remove_index :customers, :normalized_phone, algorithm: :concurrently\n    add_index :customers, :normalized_phone, algorithm: :concurrently\n  end\n\n  def down\n    raise ActiveRecord::IrreversibleMigration\n  end\nend\n" }, `File created successfully at: ${CR}/db/migrate/20261118110500_make_customers_normalized_phone_index_non_unique.rb`, undefined, { kind: "code", where: "top" }],
    [74, "Bash", BACKFILL_CMD, `---
id: 15
status: succeeded
tick_count: 1284911
tick_total: 1284911
error_class:
error_message:
started_at: 2026-11-18 11:10:02.551930000 Z
ended_at: 2026-11-18 12:48:19.004117000 Z`, "backfill", { kind: "app", where: "top" }],
    [75, "Bash", { command: "git log -1 --format='%h %s%n%n%b' c90e4b1" }, `c90e4b1 customers: non-unique phone index + merge

The phone backfill (run 14) stopped at 412k of 1.28M with PG::UniqueViolation on
index_customers_on_normalized_phone: 214 phone numbers are on more than one customer
(guest checkout + later signup). The index is non-unique now; the duplicate accounts get
merged by Maintenance::MergeDuplicateCustomersTask (next week, after support reviews the
list), then the unique index comes back. Run 15 succeeded.`, undefined, { kind: "build", where: "top" }],
    [78, "Bash", RENDER_LOGS(WEB_SRV, "iyzico"), `2026-11-18T14:02:11Z [cinar-web-v2r8c] I, [2026-11-18T14:02:11.117 #31]  INFO -- : [7e0d...] Started POST "/webhooks/iyzico" for 3.68.114.20 at 2026-11-18 14:02:11 +0000
2026-11-18T14:02:11Z [cinar-web-v2r8c] W, [2026-11-18T14:02:11.121 #31]  WARN -- : [7e0d...] Iyzico::Signature::Mismatch: iyziEventType=CREDIT_PAYMENT_AUTH paymentId=23881904 paidPrice=1249.9
2026-11-18T14:02:11Z [cinar-web-v2r8c] I, [2026-11-18T14:02:11.122 #31]  INFO -- : [7e0d...] Completed 401 Unauthorized in 3ms
2026-11-18T14:05:44Z [cinar-web-q7m4d] W, [2026-11-18T14:05:44.501 #27]  WARN -- : [2b9c...] Iyzico::Signature::Mismatch: iyziEventType=CREDIT_PAYMENT_AUTH paymentId=23882117 paidPrice=480.5
2026-11-18T14:05:44Z [cinar-web-q7m4d] I, [2026-11-18T14:05:44.502 #27]  INFO -- : [2b9c...] Completed 401 Unauthorized in 2ms
(401 on 212 of 1,904 iyzico webhooks since Nov 12; those orders stay "odeme_bekleniyor" although the card was charged)`, undefined, { kind: "app", error: true, where: "top" }],
    [79, "Read", { file_path: `${CR}/app/services/iyzico/signature.rb` }, `   1\tmodule Iyzico
   2\t  class Signature
   3\t    class Mismatch < StandardError; end
   4\t
   5\t    # X-IYZ-SIGNATURE-V3: HMAC-SHA256 over secretKey + iyziEventType + paymentId + paymentConversationId + status + paidPrice
   6\t    def self.verify!(payload, header, secret_key)
   7\t      data = [secret_key, payload["iyziEventType"], payload["paymentId"], payload["paymentConversationId"],
   8\t              payload["status"], payload["paidPrice"].to_d.to_s].join
   9\t      expected = OpenSSL::HMAC.hexdigest("SHA256", secret_key, data)
  10\t      raise Mismatch, "iyziEventType=#{payload["iyziEventType"]} paymentId=#{payload["paymentId"]} paidPrice=#{payload["paidPrice"].to_d}" unless ActiveSupport::SecurityUtils.secure_compare(expected, header.to_s)
  11\t    end
  12\t  end
  13\tend`, undefined, { kind: "code", where: "top" }],
    [81, "Edit", { file_path: `${CR}/app/services/iyzico/signature.rb`, old_string: '              payload["status"], payload["paidPrice"].to_d.to_s].join', new_string: '              payload["status"], raw_paid_price(payload)].join' }, `The file ${CR}/app/services/iyzico/signature.rb has been updated. (raw_paid_price reads the paidPrice string exactly as it appears in request.raw_post; the controller now passes the raw body)`, undefined, { kind: "code", where: "top" }],
    [82, "Bash", { command: "bundle exec rspec spec/requests/webhooks/iyzico_spec.rb spec/services/iyzico" }, `Randomized with seed 6120
...................

Finished in 0.84112 seconds (files took 5.91 seconds to load)
19 examples, 0 failures

Randomized with seed 6120`, undefined, { kind: "test", where: "bottom" }],
    [83, "Bash", { command: "git commit -am 'webhooks: iyzico signature over raw paidPrice' && git log -1 --format='%h %s%n%n%b'" }, `[main 5d8c2a7] webhooks: iyzico signature over raw paidPrice
 3 files changed, 28 insertions(+), 6 deletions(-)
5d8c2a7 webhooks: iyzico signature over raw paidPrice

212 iyzico webhooks were rejected with 401 since Nov 12 (orders stuck in
odeme_bekleniyor). iyzico signs paidPrice as the string it sends, e.g. "1249.90"; we
parsed it, BigDecimal#to_s gave "1249.9", so every payment with paidPrice with a trailing zero
failed verification. Sign the raw string from request.raw_post. The 212 payments were
reconciled from the iyzico panel export.`, undefined, { kind: "build", where: "top" }],
    [86, "Edit", { file_path: `${CR}/Gemfile`, old_string: 'gem "rails", "~> 7.1.5"', new_string: 'gem "rails", "~> 7.2.2"' }, `The file ${CR}/Gemfile has been updated.`, undefined, { kind: "code", where: "top" }],
    [87, "Bash", { command: "bundle update rails && bin/rails app:update:configs 2>&1 | tail -4" }, `Fetching gem metadata from https://rubygems.org/.........
Resolving dependencies...
Fetching rails 7.2.2.1
Installing activesupport 7.2.2.1
Installing actionpack 7.2.2.1
Installing activerecord 7.2.2.1
Installing railties 7.2.2.1
Bundle updated!
       exist  config
   identical  config/boot.rb
    conflict  config/environments/production.rb
        skip  config/environments/production.rb`, undefined, { kind: "build", where: "top" }],
    [88, "Bash", { command: "bundle exec rspec" }, rspec(88120, 1738, 4, "3 minutes 4.9 seconds"), "rspec", { kind: "test", where: "bottom" }],
    [89, "Bash", ABOUT_CMD, railsAbout("7.2.2.1", RUBY_326, "3.4.19", "20261118110500"), "railsver", { kind: "app", where: "top" }],
    [90, "Bash", RENDER_LOGS(WEB_SRV, "NoMethodError"), `2026-11-19T09:41:02Z [cinar-web-v2r8c] E, [2026-11-19T09:41:02.551 #27] ERROR -- : [4c1e...] NoMethodError (undefined method \`secrets' for #<Cinar::Application:0x00007f3b2c1e8a40 @_all_autoload_paths=[...], @app_env_config=...>):
2026-11-19T09:41:02Z [cinar-web-v2r8c]   app/services/iyzico/client.rb:14:in \`secret_key'
2026-11-19T09:41:02Z [cinar-web-v2r8c]   app/services/iyzico/client.rb:31:in \`initialize_checkout'
2026-11-19T09:41:02Z [cinar-web-v2r8c]   app/controllers/odeme_controller.rb:22:in \`create'
2026-11-19T09:41:07Z [cinar-web-q7m4d] E, [2026-11-19T09:41:07.118 #31] ERROR -- : [9a0b...] NoMethodError (undefined method \`secrets' for #<Cinar::Application:0x00007f8e11d04b18 ...>):
2026-11-19T09:41:07Z [cinar-web-q7m4d]   app/services/iyzico/client.rb:14:in \`secret_key'
2026-11-19T09:41:07Z [cinar-web-q7m4d]   app/services/iyzico/signature.rb:6:in \`verify!'
2026-11-19T09:41:07Z [cinar-web-q7m4d]   app/controllers/webhooks/iyzico_controller.rb:9:in \`verify_signature!'
(every POST /odeme and POST /webhooks/iyzico since the 09:38 deploy: 500)`, undefined, { kind: "app", error: true, where: "top" }],
    [91, "Bash", DEPLOYS_CMD, deploys([D_R72("live"), D_WEBHOOK("deactivated"), D_BACKFILL]), "deploys", { kind: "app", where: "top" }],
    [92, "Bash", { command: `curl -s -X POST "https://api.render.com/v1/services/${WEB_SRV}/rollback" -H "Authorization: Bearer $RENDER_API_KEY" -H 'Content-Type: application/json' -d '{"deployId":"dep-ctb0k3pu0jms73f1q2eg"}' | jq '{status, trigger, commit: .commit.message}'` }, `{
  "status": "build_in_progress",
  "trigger": "rollback",
  "commit": "webhooks: iyzico signature over raw paidPrice"
}
(same rollback done for cinar-sidekiq from the dashboard)`, undefined, { kind: "app", where: "top" }],
    [93, "Bash", DEPLOYS_CMD, deploys([D_ROLLBACK("live"), D_R72("deactivated"), D_WEBHOOK("deactivated"), D_BACKFILL]), "deploys", { kind: "app", where: "top" }],
    [94, "Bash", ABOUT_CMD, railsAbout("7.1.5.1", RUBY_326, "3.4.19", "20261118110500"), "railsver", { kind: "app", where: "top" }],
    [95, "Bash", { command: "git revert --no-edit e3b91f0 && git log -1 --format='%h %s%n%n%b'" }, `[main 7a1d0e3] Revert "rails 7.2.2.1"
 4 files changed, 61 insertions(+), 58 deletions(-)
7a1d0e3 Revert "rails 7.2.2.1"

This reverts commit e3b91f0. Rails 7.2 removed Rails.application.secrets (deprecated in
7.1) and Iyzico::Client read the iyzico keys from it lazily, at the first payment request,
so boot and the /up health check passed and the deploy went live; then for 38 minutes
every checkout and iyzico webhook raised NoMethodError (500).
Rolled back cinar-web and cinar-sidekiq to the previous deploy on Render (5d8c2a7).
Before trying 7.2 again: move the iyzico keys to credentials and grep for secrets.`, undefined, { kind: "build", where: "top" }],
    [96, "Bash", { command: `${SSH_WEB} 'cd /opt/render/project/src && bin/rails runner "Cinar::Ops.reconcile_iyzico(from: Time.zone.parse(%q(2026-11-19 12:38)), to: Time.zone.parse(%q(2026-11-19 13:17)))"'` }, `iyzico payments in window: 61 succeeded on iyzico side
  matched and marked paid: 61
  SiparisOnayJob enqueued: 61
  still unmatched: 0`, undefined, { kind: "app", where: "top" }],
    [100, "Bash", { command: `render metrics ${WEB_SRV} --since 24h -o text` }, `INSTANCE          CPU_P95   MEM_MAX    HTTP_P95   HTTP_5XX
cinar-web-v2r8c   0.98/1    1.71/2GB   1820ms     14
cinar-web-q7m4d   0.97/1    1.68/2GB   1904ms     11
(standard: 1 CPU, 2 GB; 3 workers are CPU-bound at the evening peak, queueing in puma, and 4 workers don't fit in memory)`, undefined, { kind: "app", where: "top" }],
    [102, "Edit", { file_path: `${CR}/render.yaml`, old_string: '    plan: standard\n    numInstances: 2', new_string: '    plan: pro\n    numInstances: 2' }, `The file ${CR}/render.yaml has been updated. (WEB_CONCURRENCY "3" -> "4" in the same edit; pro = 2 CPU, 4 GB)`, undefined, { kind: "code", where: "top" }],
    [103, "Read", YAML_READ, renderYaml({ plan: "pro", n: 2, wc: 4, threads: 4, pool: 12, cron: "0 2 * * *", kvPlan: "starter", policy: "noeviction # sidekiq: never evict job data" }), "renderyaml", { kind: "code", where: "top" }],
    [105, "Bash", RENDER_LOGS(WEB_SRV, "Puma"), pumaBoot("2026-11-19T14:53:02Z [cinar-web-m3t6x] ", 1, RUBY_OLD, 4, 4), "pumaboot", { kind: "app", where: "top" }],
    [110, "Bash", CF_CMD, cfRules("7", "2026-11-10T13:22:04.551930Z", CF_EXPR_V1), "cfrules", { kind: "app", where: "top" }],
    [112, "Bash", { command: "curl -s -D - -o /tmp/p.html https://www.cinarfidan.com.tr/urunler/zeytin-fidani-gemlik-2-yas | grep -iE '^(cf-cache-status|age|set-cookie):'; grep -oE 'Merhaba, [^<]+|Sepet \\([0-9]+\\)' /tmp/p.html" }, `cf-cache-status: HIT
age: 388
Merhaba, Ayşe
Sepet (3)
(anonymous request, no cookies: the edge served a page rendered for a logged-in customer, with her name and cart count in the header. The /urunler/ rule caches HTML for 10 min, and Rails sends no Set-Cookie when the session did not change, so logged-in responses were cacheable)`, undefined, { kind: "app", error: true, where: "top" }],
    [114, "Bash", { command: `curl -s -X PUT "https://api.cloudflare.com/client/v4/zones/${CF_ZONE}/rulesets/phases/http_request_cache_settings/entrypoint" -H "Authorization: Bearer $CF_API_TOKEN" -H 'Content-Type: application/json' --data @ops/cloudflare/cache-rules.json >/dev/null && ${CF_CMD.command}` }, cfRules("8", "2026-11-19T16:05:40.118204Z", CF_EXPR_NOW), "cfrules", { kind: "app", where: "top" }],
    [115, "Bash", { command: `curl -s -X POST "https://api.cloudflare.com/client/v4/zones/${CF_ZONE}/purge_cache" -H "Authorization: Bearer $CF_API_TOKEN" -H 'Content-Type: application/json' --data '{"prefixes":["www.cinarfidan.com.tr/urunler/"]}'` }, `{
  "success": true,
  "errors": [],
  "messages": [],
  "result": {
    "id": "${CF_ZONE}"
  }
}`, undefined, { kind: "app", where: "top" }],
    [116, "Bash", { command: "for c in '' 'cinar_giris=1'; do curl -s -o /dev/null -D - -H \"Cookie: $c\" https://www.cinarfidan.com.tr/urunler/zeytin-fidani-gemlik-2-yas | grep -i '^cf-cache-status'; done" }, `cf-cache-status: MISS
cf-cache-status: DYNAMIC
(anonymous: cached again after the purge; with the login cookie (set by Devise on sign in, removed on sign out): never cached)`, undefined, { kind: "app", where: "top" }],
    [120, "Bash", RENDER_LOGS("crn-ct8q3hlds78s73c0b7q0"), `2026-11-19T02:00:04Z ==> Running 'bundle exec rails reports:nightly'
2026-11-19T02:00:09Z reports:nightly starting for 2026-11-18 (Europe/Istanbul)
2026-11-19T02:04:18Z [cinar-sidekiq-h2w9m] TedarikciStokSyncJob ERROR: PG::LockNotAvailable: ERROR:  canceling statement due to lock timeout
2026-11-19T02:11:40Z reports:nightly finished: 14 reports in 696.2s
2026-11-20T02:00:03Z ==> Running 'bundle exec rails reports:nightly'
2026-11-20T02:06:51Z [cinar-sidekiq-h2w9m] TedarikciStokSyncJob ERROR: PG::LockNotAvailable: ERROR:  canceling statement due to lock timeout
(Render cron schedules are in UTC: "0 2 * * *" runs at 05:00 Istanbul, exactly when the supplier stock sync (sidekiq-cron, 05:00 local) locks the stok rows; on Heroku Scheduler the job ran at 02:00 local. 23:00 UTC = 02:00 Istanbul)`, undefined, { kind: "app", error: true, where: "top" }],
    [122, "Edit", { file_path: `${CR}/render.yaml`, old_string: '    schedule: "0 2 * * *"', new_string: `    ${CRON_NOW}` }, `The file ${CR}/render.yaml has been updated.`, undefined, { kind: "code", where: "top" }],
    [123, "Read", YAML_READ, renderYaml({ plan: "pro", n: 2, wc: 4, threads: 4, pool: 12, cron: "0 23 * * *", kvPlan: "starter", policy: "noeviction # sidekiq: never evict job data" }), "renderyaml", { kind: "code", where: "top" }],
    [126, "Edit", { file_path: `${CR}/.ruby-version`, old_string: "3.2.6", new_string: "3.3.6" }, `The file ${CR}/.ruby-version has been updated.`, undefined, { kind: "code", where: "top" }],
    [127, "Bash", { command: "bundle install && bundle exec rspec" }, `Bundle complete! 84 Gemfile dependencies, 211 gems now installed.\n${rspec(31007, 1749, 2, "2 minutes 51.7 seconds")}`, "rspec", { kind: "test", where: "bottom" }],
    [128, "Bash", RENDER_LOGS(WEB_SRV, "Build"), `2026-11-20T10:58:12Z ==> Cloning from https://github.com/cinarfidan/cinar
2026-11-20T10:58:14Z ==> Checking out commit 2f6e1c4 in branch main
2026-11-20T10:58:15Z ==> Using Ruby version 3.3.6 via /opt/render/project/src/.ruby-version
2026-11-20T10:59:02Z ==> Running build command 'bundle install && bundle exec rails assets:precompile'...
2026-11-20T10:59:03Z Your Ruby version is 3.3.6, but your Gemfile specified 3.2.6
2026-11-20T10:59:03Z ==> Build failed 😞
(Gemfile still has ruby "3.2.6"; locally asdf picked 3.3.6 from .ruby-version and bundler on the laptop was run with the Gemfile line commented out)`, undefined, { kind: "build", error: true, where: "top" }],
    [130, "Edit", { file_path: `${CR}/Gemfile`, old_string: 'ruby "3.2.6"', new_string: 'ruby file: ".ruby-version"' }, `The file ${CR}/Gemfile has been updated.`, undefined, { kind: "code", where: "top" }],
    [131, "Bash", RENDER_LOGS(WEB_SRV, "==>"), `2026-11-20T11:24:40Z ==> Checking out commit a41d9e2 in branch main
2026-11-20T11:24:41Z ==> Using Ruby version 3.3.6 via /opt/render/project/src/.ruby-version
2026-11-20T11:25:58Z ==> Uploading build...
2026-11-20T11:26:10Z ==> Build successful 🎉
2026-11-20T11:26:12Z ==> Running pre-deploy command 'bundle exec rails db:migrate'
2026-11-20T11:26:19Z ==> Pre-deploy command succeeded
2026-11-20T11:26:55Z ==> Your service is live 🎉`, undefined, { kind: "build", where: "top" }],
    [132, "Bash", ABOUT_CMD, railsAbout("7.1.5.1", RUBY_336, "3.5.22", "20261118110500"), "railsver", { kind: "app", where: "top" }],
    [133, "Bash", RENDER_LOGS(WEB_SRV, "Puma"), pumaBoot("2026-11-20T11:26:31Z [cinar-web-w9d2k] ", 1, RUBY_NEW, 4, 4), "pumaboot", { kind: "app", where: "top" }],
    [136, "Bash", RENDER_LOGS("srv-ct8q2vlds78s73c0b3n0", "OOM"), `2026-11-20T14:14:02Z [cinar-sidekiq-h2w9m] pid=1 tid=2gx ERROR: Error fetching job: OOM command not allowed when used memory > 'maxmemory'.
2026-11-20T14:14:02Z [cinar-web-w9d2k] E, [2026-11-20T14:14:02.221 #27] ERROR -- : [0e3a...] RedisClient::CommandError (OOM command not allowed when used memory > 'maxmemory'.):
2026-11-20T14:14:02Z [cinar-web-w9d2k]   app/controllers/odeme_controller.rb:48:in \`tamamla' -> SiparisOnayJob.perform_later
2026-11-20T14:14:05Z [cinar-sidekiq-h2w9m] pid=1 tid=4kq ERROR: Error fetching job: OOM command not allowed when used memory > 'maxmemory'.
(noeviction does what it says: once cinar-redis (starter, 256 MB) is full, writes fail instead of evicting. 214k scheduled SepetHatirlatmaJob entries from the cart-reminder campaign take ~190 MB of the schedule set)`, undefined, { kind: "app", error: true, where: "top" }],
    [137, "Bash", REDIS_CMD, redisInfo("255.99M", "256.00M", "noeviction", 18344, "256.00M"), "redisinfo", { kind: "app", where: "top" }],
    [139, "Edit", { file_path: `${CR}/render.yaml`, old_string: "    plan: starter\n    maxmemoryPolicy:", new_string: "    plan: standard\n    maxmemoryPolicy:" }, `The file ${CR}/render.yaml has been updated.`, undefined, { kind: "code", where: "top" }],
    [141, "Bash", REDIS_CMD, redisInfo("262.40M", "1.00G", "noeviction", 0, "262.88M"), "redisinfo", { kind: "app", where: "top" }],
    [144, "Edit", { file_path: `${CR}/render.yaml`, old_string: '    plan: pro\n    numInstances: 2', new_string: '    plan: pro\n    numInstances: 3' }, `The file ${CR}/render.yaml has been updated.`, undefined, { kind: "code", where: "top" }],
    [145, "Read", YAML_READ, renderYaml({ plan: "pro", n: 3, wc: 4, threads: 4, pool: 12, cron: "0 23 * * *", kvPlan: "standard", policy: "noeviction # sidekiq: never evict job data" }), "renderyaml", { kind: "code", where: "top" }],
    [147, "Bash", { command: "render services list -o text" }, `NAME                    TYPE               REGION     PLAN       STATUS     ID
cinar-web               web_service        frankfurt  pro        deployed   ${WEB_SRV}
cinar-sidekiq           background_worker  frankfurt  standard   deployed   srv-ct8q2vlds78s73c0b3n0
cinar-nightly-reports   cron_job           frankfurt  starter    deployed   crn-ct8q3hlds78s73c0b7q0
cinar-redis             keyvalue           frankfurt  standard   available  red-ct8q1g5ds78s73c0apm0
cinar-db                postgres           frankfurt  basic-4gb  available  dpg-ct8q0alds78s73c0ah8g-a
cinar-web-staging       web_service        frankfurt  starter    deployed   srv-ct8q6t1ds78s73c0c2e0`, undefined, { kind: "app", where: "top" }],
    [150, "Bash", STATS_CMD, sidekiqStats("4,401,227", "24,118", "6", "214,302", "17", "41", [qRow("critical", 0, "0.0s"), qRow("default", 4, "0.3s"), qRow("mailers", 2, "0.4s"), qRow("low", 0, "0.0s")], "3/12"), "sidekiqstats", { kind: "app", where: "top" }],
    [151, "Bash", { command: `ssh srv-ct8q2vlds78s73c0b3n0@ssh.frankfurt.render.com 'cd /opt/render/project/src && bin/rails runner "Sidekiq::DeadSet.new.group_by { |j| [j.klass, j[%q(error_class)]] }.each { |k, v| puts [k, v.size].flatten.join(%q(  )) }"'` }, `TedarikciStokSyncJob  Net::ReadTimeout  38
SiparisOnayJob  RedisClient::CommandError  3
(stock sync: the supplier API takes 20-40 s per page since Nov 18, our Faraday timeout is 15 s, 12 retries over ~3 days then dead)`, undefined, { kind: "app", where: "top" }],
    [153, "Edit", { file_path: `${CR}/app/jobs/tedarikci_stok_sync_job.rb`, old_string: "    conn.options.timeout = 15", new_string: "    conn.options.timeout = 60 # supplier API pages take 20-40 s since Nov 18" }, `The file ${CR}/app/jobs/tedarikci_stok_sync_job.rb has been updated.`, undefined, { kind: "code", where: "top" }],
    [154, "Bash", { command: `ssh srv-ct8q2vlds78s73c0b3n0@ssh.frankfurt.render.com 'cd /opt/render/project/src && bin/rails runner "puts Sidekiq::DeadSet.new.retry_all"'` }, `41`, undefined, { kind: "app", where: "top" }],
    [155, "Bash", STATS_CMD, sidekiqStats("4,402,006", "24,118", "3", "214,288", "0", "0", [qRow("critical", 0, "0.0s"), DEFAULT_Q_NOW, qRow("mailers", 0, "0.0s"), qRow("low", 0, "0.0s")], "2/12"), "sidekiqstats", { kind: "app", where: "top" }],
    [160, "Bash", { command: "heroku addons:destroy heroku-redis -a cinar-prod --confirm cinar-prod && heroku addons:destroy papertrail -a cinar-prod --confirm cinar-prod && heroku pg:backups:capture -a cinar-prod && heroku addons:destroy heroku-postgresql -a cinar-prod --confirm cinar-prod" }, `Destroying redis-rugged-90211 on ⬢ cinar-prod... done
Destroying papertrail-octagonal-11204 on ⬢ cinar-prod... done
Starting backup of postgresql-curved-41822... done
Backing up DATABASE to b214... done
Destroying postgresql-curved-41822 on ⬢ cinar-prod... done
(final dump b214 also copied to s3://cinar-arsiv/heroku/2026-11-20.dump)`, undefined, { kind: "app", where: "top" }],
    [161, "Bash", { command: "heroku addons -a cinar-prod" }, "No add-ons for app cinar-prod.", "herokuaddons", { kind: "app", where: "top" }],
    [165, "Bash", { command: "bundle exec rspec" }, rspec(7743, 1761, 2, "2 minutes 49.0 seconds"), "rspec", { kind: "test", where: "bottom" }],
    [170, "Bash", DEPLOYS_CMD, deploys([DEP_NOW, depRow("2026-11-20 10:58", "build_failed", "new_commit", "2f6e1c4", "ruby 3.3.6", "dep-ctc5r0hu0jms73g1o2g"), D_PRO, D_ROLLBACK("deactivated"), D_R72("deactivated")]), "deploys", { kind: "app", where: "top" }],
    [175, "Bash", { command: "git log --oneline -n 14" }, `a41d9e2 ruby 3.3.6
2f6e1c4 ruby 3.3.6 (.ruby-version)
9e03b7c render: web 3 instances, redis standard
c6f1d20 stok sync: supplier timeout 60s
3d7a9e5 render: reports cron 23:00 UTC (02:00 Istanbul)
b58e0f1 cloudflare: do not cache /urunler for logged-in customers
8b17f2d render: web pro, WEB_CONCURRENCY 4
7a1d0e3 Revert "rails 7.2.2.1"
e3b91f0 rails 7.2.2.1
5d8c2a7 webhooks: iyzico signature over raw paidPrice
c90e4b1 customers: non-unique phone index + merge
6a2e1b8 orders: index on shop_id, status, created_at
0e4c7b2 sidekiq: concurrency 12, DB_POOL for the worker
1f7e0b9 render: redis noeviction, puma 3 workers x 4 threads`, undefined, { kind: "build", where: "top" }],
    [180, "Bash", { command: "heroku ps -a cinar-staging" }, `=== web (Basic): bundle exec puma -C config/puma.rb (1)
web.1: up 2026/11/19 22:40:11 +0300 (~ 14h ago)

=== worker (Basic): bundle exec sidekiq -C config/sidekiq.yml (1)
worker.1: up 2026/11/19 22:40:18 +0300 (~ 14h ago)
(staging stays on Heroku until the review apps move)`, undefined, { kind: "app", where: "top" }],
    [185, "Bash", RENDER_LOGS("srv-ct8q6t1ds78s73c0c2e0", "Puma"), pumaBoot("2026-11-20T16:02:44Z [cinar-web-staging-p1x7r] ", 1, RUBY_NEW, 5, 2), undefined, { kind: "app", where: "top" }],
    [190, "Read", { file_path: `${CR}/docker-compose.yml` }, `services:
  db:
    image: postgres:16.4
    ports: ["5432:5432"]
    environment:
      POSTGRES_PASSWORD: postgres
  redis:
    image: redis:7.2
    command: ["redis-server", "--maxmemory", "64mb", "--maxmemory-policy", "allkeys-lru"]
    ports: ["6379:6379"]
  sidekiq:
    build: .
    command: bundle exec sidekiq -C config/sidekiq.yml -c 5
    depends_on: [db, redis]`, undefined, { kind: "code", where: "top" }],
    [196, "Bash", { command: "psql \"$CINAR_DB_EXTERNAL\" -c \"select indexrelname, idx_scan, pg_size_pretty(pg_relation_size(indexrelid)) from pg_stat_user_indexes where relname = 'orders' order by idx_scan desc\"" }, `                    indexrelname                     | idx_scan  | pg_size_pretty
-----------------------------------------------------+-----------+----------------
 orders_pkey                                         | 118204551 | 266 MB
 index_orders_on_shop_id_and_status_and_created_at   |   2204117 | 512 MB
 index_orders_on_customer_id                         |   1877002 | 266 MB
 index_orders_on_number                              |    402118 | 301 MB
(4 rows)`, undefined, { kind: "pg", where: "top" }],
  ],
  questions: [
    { kind: "state", lang: "tr", prompt: "puma'nın worker sayısı şu an kaç", want: [{ key: "pumaboot", fact: WORKERS_NOW }] },
    { kind: "state", prompt: "puma threads per worker now?", want: [{ key: "pumaboot", fact: THREADS_NOW }] },
    { kind: "state", lang: "tr", prompt: "sidekiq'te concurrency kaç şu an", want: [{ key: "sidekiqyml", fact: ":concurrency: 12" }] },
    { kind: "state", prompt: "whats the redis maxmemory policy now", want: [{ key: "redisinfo", fact: "maxmemory_policy:noeviction" }] },
    { kind: "state", lang: "tr", prompt: "redis'in maxmemory'si ne kadar oldu en son", want: [{ key: "redisinfo", fact: "maxmemory_human:1.00G" }] },
    { kind: "state", prompt: "which render plan is cinar-web on", want: [{ key: "renderyaml", fact: "plan: pro" }] },
    { kind: "state", lang: "tr", prompt: "render'da kaç web instance'ı çalışıyor", want: [{ key: "renderyaml", fact: "numInstances: 3" }] },
    { kind: "state", prompt: "when does the nightly reports cron run now", want: [{ key: "renderyaml", fact: CRON_NOW }] },
    { kind: "state", lang: "tr", prompt: "rails sürümü şu an ne, 7.2'ye geçtik mi sonunda", want: [{ key: "railsver", fact: RAILS_NOW }] },
    { kind: "state", prompt: "ruby version on prod?", want: [{ key: "railsver", fact: "ruby 3.3.6" }] },
    { kind: "state", lang: "tr", prompt: "admin sipariş listesi sorgusu şimdi ne kadar sürüyo", want: [{ key: "explain", fact: "Execution Time: 1.942 ms" }] },
    { kind: "state", prompt: "did the phone backfill finish", want: [{ key: "backfill", fact: "status: succeeded" }] },
    { kind: "state", lang: "tr", prompt: "ürün sayfaları için cloudflare cache kuralı şu an ne", want: [{ key: "cfrules", fact: CF_EXPR_NOW }] },
    { kind: "state", prompt: "how many specs now, all green?", want: [{ key: "rspec", fact: RSPEC_NOW }] },
    { kind: "state", lang: "tr", prompt: "default kuyruğunun latency'si ne kadar şimdi", want: [{ key: "sidekiqstats", fact: DEFAULT_Q_NOW }] },
    { kind: "state", prompt: "anything in the sidekiq dead set now", want: [{ key: "sidekiqstats", fact: "dead: 0" }] },
    { kind: "state", lang: "tr", prompt: "heroku'da hâlâ addon kaldı mı, para ödüyor muyuz", want: [{ key: "herokuaddons", fact: "No add-ons for app cinar-prod." }] },
    { kind: "state", prompt: "which commit is live on cinar-web", want: [{ key: "deploys", fact: DEP_LIVE }] },
    { kind: "state", lang: "tr", prompt: "sidekiq kuyruk ağırlıkları şu an neler", want: [{ key: "sidekiqyml", fact: "- [mailers, 4]" }] },
    { kind: "state", prompt: "DB_POOL on the sidekiq service?", want: [{ key: "renderyaml", fact: 'key: DB_POOL\n        value: "12"' }] },
    { kind: "history", lang: "tr", prompt: "heroku'da hangi dyno tipleri vardı", want: [{ turn: 3, fact: "=== web (Standard-2X)" }] },
    { kind: "history", prompt: "how long did the pg_restore into render take", want: [{ turn: 20, fact: "real\t38m12.441s" }] },
    { kind: "history", lang: "tr", prompt: "render'a geçince puma worker'ları kaç MB yiyordu", want: [{ turn: 28, fact: "4 workers x ~490 MB + master 210 MB" }] },
    { kind: "history", prompt: "why were sidekiq jobs going missing right after the move", want: [{ turn: 30, fact: "current policy: 'allkeys-lru'" }] },
    { kind: "history", lang: "tr", prompt: "kaç siparişin onay maili gitmemişti", want: [{ turn: 32, fact: "without confirmation mail: 37" }] },
    { kind: "history", prompt: "what error did sidekiq throw when we bumped concurrency to 20", want: [{ turn: 48, fact: "could not obtain a connection from the pool within 5.000 seconds" }] },
    { kind: "history", lang: "tr", prompt: "sidekiq concurrency'sini neden 20'den 12'ye indirdik", want: [{ turn: 56, fact: "cinar-db (basic-4gb) sat at 94% CPU" }] },
    { kind: "history", prompt: "how slow was the admin orders query before we added the index", want: [{ turn: 59, fact: "Execution Time: 4213.877 ms" }] },
    { kind: "history", lang: "tr", prompt: "telefon backfill'i ilk seferde neden patladı", want: [{ turn: 69, fact: "PG::UniqueViolation" }] },
    { kind: "history", prompt: "what was wrong with the iyzico webhook signatures", want: [{ turn: 83, fact: "paidPrice with a trailing zero" }] },
    { kind: "history", lang: "tr", prompt: "rails 7.2'ye geçince canlıda ne patladı", want: [{ turn: 90, fact: "undefined method `secrets' for #<Cinar::Application" }] },
    { kind: "history", prompt: "why did we roll back the rails upgrade", want: [{ turn: 95, fact: "every checkout and iyzico webhook raised NoMethodError" }] },
    { kind: "history", lang: "tr", prompt: "cloudflare cache'inde ne sızıyordu tam olarak", want: [{ turn: 112, fact: "the edge served a page rendered for a logged-in customer" }] },
    { kind: "history", prompt: "why did we move the report cron", want: [{ turn: 120, fact: "Render cron schedules are in UTC" }] },
    { kind: "history", lang: "tr", prompt: "ruby'yi yükseltince render'da build neden patladı", want: [{ turn: 128, fact: "Your Ruby version is 3.3.6, but your Gemfile specified 3.2.6" }] },
    { kind: "history", prompt: "why did redis start throwing OOM errors even with noeviction", want: [{ turn: 136, fact: "once cinar-redis (starter, 256 MB) is full, writes fail instead of evicting" }] },
    { kind: "multi", lang: "tr", prompt: "puma worker sayısı ve web instance sayısı ne şu an", want: [{ key: "pumaboot", fact: WORKERS_NOW }, { key: "renderyaml", fact: "numInstances: 3" }] },
    { kind: "multi", prompt: "sidekiq concurrency + redis policy?", want: [{ key: "sidekiqyml", fact: ":concurrency: 12" }, { key: "redisinfo", fact: "maxmemory_policy:noeviction" }] },
    { kind: "multi", lang: "tr", prompt: "ruby sürümü ne oldu, kaç spec var şu an", want: [{ key: "railsver", fact: "ruby 3.3.6" }, { key: "rspec", fact: RSPEC_NOW }] },
    { kind: "multi", prompt: "web plan and puma threads", want: [{ key: "renderyaml", fact: "plan: pro" }, { key: "pumaboot", fact: THREADS_NOW }] },
    { kind: "multi", lang: "tr", prompt: "dead set boş mu, sidekiq concurrency kaç", want: [{ key: "sidekiqstats", fact: "dead: 0" }, { key: "sidekiqyml", fact: ":concurrency: 12" }] },
    { kind: "multi", prompt: "redis maxmemory and when the reports cron fires", want: [{ key: "redisinfo", fact: "maxmemory_human:1.00G" }, { key: "renderyaml", fact: CRON_NOW }] },
    { kind: "multi", lang: "tr", prompt: "sipariş sorgusu kaç ms sürüyor, backfill bitti mi", want: [{ key: "explain", fact: "Execution Time: 1.942 ms" }, { key: "backfill", fact: "status: succeeded" }] },
    { kind: "none", lang: "tr", prompt: "tamamdır eyvallah, yarın devam ederiz" },
    { kind: "none", prompt: "in general how does puma cluster mode differ from just running more threads" },
    { kind: "none", lang: "tr", prompt: "ruby'de frozen_string_literal ne işe yarıyor kısaca" },
    { kind: "none", prompt: "brb, coffee" },
    { kind: "none", lang: "tr", prompt: "öğle arası veriyorum, sonra bakarız" },
  ],
};

/** Held out from the selection work on: written blind, never looked at by the selection's author (Elixir/Phoenix on Fly.io). */
export const HELD_OUT_26 = [heron];
/** Held out from the selection work on: written blind, never looked at by the selection's author (Rails + Sidekiq, Heroku to Render). */
export const HELD_OUT_27 = [cinar];
