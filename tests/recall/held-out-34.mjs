// One more held-out recall session (format: tests/recall/build.mjs): written blind, without reading the selection's
// code, its tests or any benchmark result, and kept out of the selection work. HELD_OUT_34: an Elixir/Phoenix B2B
// invoicing and bookkeeping SaaS on Fly.io (LiveView, Ecto on Fly Postgres and then Crunchy Bridge behind pgbouncer,
// Oban, a mix release with libcluster across ams and iad, Hammer, Finch/Req, Tigris for invoice PDFs, Stripe
// webhooks, Sentry, GitHub Actions with Credo/Dialyzer, ExUnit): a month-end pdf queue that backed up to 18k jobs
// (concurrency 5, a starved Finch pool to Tigris, jobs orphaned in executing without Lifeline, a 30-day pruner), a
// GenServer exchange-rate cache that leaked 1.4 GB and got machines OOM-killed while the nodes were not even
// clustered (libcluster node_basename vs RELEASE_NODE), app and worker machines scaled up, down and resized several
// times, an Elixir 1.17 / OTP 27 bump that broke CI on a 0.0 pattern, per-node Hammer buckets moved to Redis, a
// reminder migration that locked the invoices table behind a report query, POOL_SIZE raised into "too many clients",
// max_connections raised, a move to Crunchy Bridge (prepared statements through pgbouncer, Oban's PG notifier), a
// req/endpoint cleanup that dropped the raw body reader, broke Stripe signatures and was rolled back with
// `fly deploy --image`, a webhook secret rotated with fly secrets, and a flaky LiveView test from an unstable
// order_by. English questions.

const C = "/home/dev/corvid";
const APP = "corvid-web";

const numbered = (start, text) => text.split("\n").map((l, i) => `${String(start + i).padStart(4)}\t${l}`).join("\n");

// ---- fly scale show ----
const scaleRow = (name, count, kind, cpus, mem, regions) => `${name.padEnd(8)}${String(count).padEnd(8)}${kind.padEnd(13)}${String(cpus).padEnd(6)}${mem.padEnd(9)}${regions}`;
const scaleShow = (app, rows) => `VM Resources for app: ${app}

Groups
${"NAME".padEnd(8)}${"COUNT".padEnd(8)}${"KIND".padEnd(13)}${"CPUS".padEnd(6)}${"MEMORY".padEnd(9)}REGIONS
${rows.join("\n")}`;
const SCALE_CMD = { command: `fly scale show -a ${APP}` };
const APP_S1 = scaleRow("app", 3, "shared", 2, "2048 MB", "ams(2),iad(1)");
const WRK_S1 = scaleRow("worker", 1, "shared", 1, "1024 MB", "ams(1)");
const APP_S2 = scaleRow("app", 6, "performance", 2, "4096 MB", "ams(4),iad(2)");
const WRK_S2 = scaleRow("worker", 2, "shared", 2, "2048 MB", "ams(2)");
const APP_S3 = scaleRow("app", 4, "shared", 2, "2048 MB", "ams(2),iad(2)");
const APP_NOW = scaleRow("app", 5, "performance", 1, "2048 MB", "ams(3),iad(2)");
const WRK_NOW = scaleRow("worker", 2, "shared", 4, "4096 MB", "ams(2)");

// ---- fly status / machine list ----
const statusOut = (app, image, rows) => `App
  Name     = ${app}
  Owner    = corvid-labs
  Hostname = ${app}.fly.dev
  Image    = ${app}:deployment-${image}
  Platform = machines

Machines
PROCESS ID              VERSION REGION  STATE   ROLE    CHECKS                  LAST UPDATED
${rows.map(([p, id, v, r, st, ch, at]) => `${p.padEnd(8)}${id.padEnd(16)}${String(v).padEnd(8)}${r.padEnd(8)}${st.padEnd(8)}        ${ch.padEnd(24)}${at}`).join("\n")}`;

const mRow = ([id, name, st, chk, region, image, ip, created, updated, group, size]) =>
  `${id}  ${name.padEnd(22)}${st.padEnd(9)}${chk.padEnd(7)}${region.padEnd(7)}     corvid-web:deployment-${image}  ${ip.padEnd(32)}        ${created}  ${updated}  ${group.padEnd(14)}${size}`;
const machineList = (rows) => `${rows.length} machines have been retrieved from app ${APP}.
View them in the UI here (https://fly.io/apps/${APP}/machines/)

${APP}
ID              NAME                  STATE    CHECKS REGION ROLE IMAGE                                            IP ADDRESS                              VOLUME CREATED               LAST UPDATED          PROCESS GROUP SIZE
${rows.map(mRow).join("\n")}`;

// ---- fly releases ----
const relRow = (v, status, user, date, image) => `${`v${v}`.padEnd(8)}${status.padEnd(10)}Release     ${user.padEnd(20)}${date.padEnd(16)}registry.fly.io/corvid-web:deployment-${image}`;
const releases = (rows) => `VERSION STATUS    DESCRIPTION USER                DATE            DOCKER IMAGE\n${rows.join("\n")}`;
const REL_CMD = { command: `fly releases --image -a ${APP} | head -7` };
const IMG = {
  135: "01J9MZ4Q1R8T2C6V0K3WXB7NDH",
  136: "01J9RJ2C5E8WQ4T7Y1ZK3M6PAN",
  137: "01J9VB0HS4N7D2K8X6QF1CTR5E",
  138: "01J9Z8T6M2V4R1K7H3QW5XN0AB",
  139: "01JA2KQ9D7F3S6W0B8HN4YC1ZE",
  140: "01JA5R3X0T9G2M7K4C6PV8DWQH",
  141: "01JA8F6N2B5Y9J1Q3R7TZ0KXSM",
  143: "01JAE7K2T5Z8D1X4S6WB9NQCFY",
  144: "01JAF2R9N6D3W0K8C5TY1QBHXM",
  145: "01JAH0P6V3C9R2Y5K8TM1QDWGJ",
  146: "01JAKD4M8W1N6B3F9XZ2C5HRTQ",
  147: "01JAMX9R2K7T4P0D6VC3H8NYBE",
  148: "01JAQ3F7Y0C5W8M2R4KD9TB1XN",
  150: "01JATB2H6Q9V3N7X1CM4RKF0DW",
  152: "01JAZ5C8R1M4K7T0W3PB6XHEQV",
};

// ---- fly deploy ----
const deployOut = (image, machines, extra = "") => `==> Verifying app config
Validating ${C}/fly.toml
✓ Configuration is valid
--> Verified app config
==> Building image
==> Building image with Depot
[+] Building 96.4s (27/27) FINISHED
 => [builder 14/17] RUN mix compile                                      41.2s
 => [builder 16/17] RUN mix release                                      12.8s
--> Building image done
==> Pushing image to fly
--> Pushing image done
image: registry.fly.io/corvid-web:deployment-${image}
image size: 118 MB

Watch your deployment at https://fly.io/apps/corvid-web/monitoring

Running corvid-web release_command: /app/bin/migrate
${extra}-------
 ✔ release_command 2865d4ef7e1d48 completed successfully
-------
Updating existing machines in 'corvid-web' with rolling strategy
-------
${machines.map((m, i) => ` ✔ [${i + 1}/${machines.length}] Machine ${m[0]} [${m[1]}] update succeeded`).join("\n")}
-------
Checking DNS configuration for corvid-web.fly.dev

Visit your newly deployed app at https://corvid-web.fly.dev/`;

// ---- tool versions ----
const toolVersions = (elixir, erlang) => `elixir ${elixir}\nerlang ${erlang}\nnodejs 20.17.0`;
const TV_CMD = { command: "cat .tool-versions && elixir --version | tail -1" };

// ---- oban queue counts ----
const qRow = (queue, state, n) => ` ${queue.padEnd(8)} | ${state.padEnd(9)} | ${String(n).padStart(5)}`;
const obanCounts = (rows) => `  queue   |   state   | count
----------+-----------+-------
${rows.map((r) => qRow(...r)).join("\n")}
(${rows.length} rows)`;
const OBANQ_CMD = { command: `fly ssh console -a ${APP} -C "/app/bin/psql-prod -c \\"select queue, state, count(*) from oban_jobs where state not in ('completed','cancelled','discarded') group by 1, 2 order by 1, 2\\""` };
const PDF_BACKLOG = qRow("pdf", "available", 18432);
const PDF_NOW = qRow("pdf", "available", 4);

// ---- runtime.exs: oban ----
const obanCfg = (queues, pruner, plugins, notifier) => numbered(56, `  oban_queues =
    if System.get_env("FLY_PROCESS_GROUP") == "worker",
      do: [${queues}],
      else: false

  config :corvid, Oban,
    repo: Corvid.Repo,
    engine: Oban.Engines.Basic,${notifier ? `\n    notifier: ${notifier},` : ""}
    queues: oban_queues,
    plugins: [
      {Oban.Plugins.Pruner, max_age: ${pruner}},${plugins}
      {Oban.Plugins.Cron,
       crontab: [
         {"0 2 1 * *", Corvid.Workers.MonthlyInvoiceRun},
         {"*/15 * * * *", Corvid.Workers.SyncBankFeeds},
         {"0 7 * * *", Corvid.Workers.SendDueReminders}
       ]}
    ]`);
const RUNTIME = `${C}/config/runtime.exs`;

// ---- render_invoice_pdf.ex ----
const pdfWorker = (maxAttempts, unique, extra) => numbered(1, `defmodule Corvid.Workers.RenderInvoicePdf do
  use Oban.Worker,
    queue: :pdf,
    max_attempts: ${maxAttempts},
    unique: [period: ${unique}, keys: [:invoice_id]]

  alias Corvid.{Billing, Pdf, Storage}

  @impl Oban.Worker
  def perform(%Oban.Job{args: %{"invoice_id" => id}}) do
    invoice = Billing.get_invoice!(id)

    with {:ok, pdf} <- Pdf.render(invoice),
         {:ok, key} <- Storage.put_pdf(invoice, pdf) do
      Billing.mark_pdf_ready(invoice, key)
    end
  end

  @impl Oban.Worker
  def timeout(_job), do: :timer.minutes(2)${extra}
end`);

// ---- application.ex finch ----
const appEx = (tigris) => numbered(10, `  @impl true
  def start(_type, _args) do
    children = [
      CorvidWeb.Telemetry,
      Corvid.Repo,
      {Cluster.Supervisor, [Application.get_env(:libcluster, :topologies, []), [name: Corvid.ClusterSupervisor]]},
      {Phoenix.PubSub, name: Corvid.PubSub},
      {Finch,
       name: Corvid.Finch,
       pools: %{
         "https://fly.storage.tigris.dev" => ${tigris},
         "https://api.stripe.com" => [size: 10],
         :default => [size: 25]
       }},
      Corvid.FX.RateCache,
      {Oban, Application.fetch_env!(:corvid, Oban)},
      CorvidWeb.Endpoint
    ]

    opts = [strategy: :one_for_one, name: Corvid.Supervisor]
    Supervisor.start_link(children, opts)
  end`);
const TIGRIS_POOL_NOW = '"https://fly.storage.tigris.dev" => [size: 50, count: 2]';

// ---- fly.toml ----
const flyToml = (pool, ipv6) => numbered(1, `app = 'corvid-web'
primary_region = 'ams'
kill_signal = 'SIGTERM'
kill_timeout = '30s'

[build]

[deploy]
  release_command = '/app/bin/migrate'
  strategy = 'rolling'

[env]
  PHX_HOST = 'app.corvid.io'
  PORT = '8080'
  POOL_SIZE = '${pool}'${ipv6 ? "\n  ECTO_IPV6 = 'true'" : ""}
  ERL_AFLAGS = '-proto_dist inet6_tcp'
  BUCKET_NAME = 'corvid-invoices-prod'

[processes]
  app = '/app/bin/server'
  worker = '/app/bin/corvid start'

[http_service]
  internal_port = 8080
  force_https = true
  auto_stop_machines = 'off'
  auto_start_machines = true
  min_machines_running = 2
  processes = ['app']

  [http_service.concurrency]
    type = 'connections'
    hard_limit = 1000
    soft_limit = 800

[[http_service.checks]]
  grace_period = '20s'
  interval = '15s'
  method = 'GET'
  path = '/healthz'
  timeout = '5s'`);
const FLYTOML = `${C}/fly.toml`;

// ---- :erlang.memory ----
const BEAM_CMD = (machine) => ({ command: `fly ssh console -a ${APP} --machine ${machine} -C "/app/bin/corvid rpc 'IO.inspect(for {k, v} <- :erlang.memory(), do: {k, div(v, 1_048_576)})'"` });
const beamMem = (m) => `Connecting to fdaa:2:91c4:a7b:1d2:6e1c:8a3f:2... complete
[
  total: ${m.total},
  processes: ${m.processes},
  processes_used: ${m.processes - 1},
  system: ${m.total - m.processes},
  atom: 1,
  atom_used: 1,
  binary: ${m.binary},
  code: 39,
  ets: ${m.ets}
]`;

// ---- node list ----
const NODES_CMD = { command: `fly ssh console -a ${APP} -C "/app/bin/corvid rpc 'IO.inspect(length(Node.list())); IO.inspect(Enum.frequencies_by([node() | Node.list()], fn n -> :erpc.call(n, System, :get_env, [\\"FLY_REGION\\"]) end))'"` };

// ---- libcluster ----
const libcluster = (basename) => numbered(94, `  image_ref = System.get_env("FLY_IMAGE_REF", "local") |> String.split("-") |> List.last()

  config :libcluster,
    topologies: [
      fly6pn: [
        strategy: Cluster.Strategy.DNSPoll,
        config: [
          polling_interval: 5_000,
          query: "corvid-web.internal",
          node_basename: ${basename}
        ]
      ]
    ]`);
const BASENAME_NOW = 'node_basename: "corvid-web-#{image_ref}"';

// ---- mix hex.outdated ----
const hexRow = (dep, cur, latest, status) => `${dep.padEnd(24)}${cur.padEnd(9)}${latest.padEnd(9)}${status}`;
const hexOutdated = (rows) => `Dependency              Current  Latest   Status
${rows.map((r) => hexRow(...r)).join("\n")}

Run \`mix hex.outdated APP\` to see requirements for a specific dependency.

To view the diffs in each available update, visit:
https://diff.hex.pm/diffs?diffs[]=oban:2.17.10:2.18.3&diffs[]=req:0.4.14:0.5.6`;
const OBAN_HEX_NOW = hexRow("oban", "2.18.3", "2.18.3", "Up-to-date");

// ---- gh run list ----
const ghRow = (st, title, id, elapsed, age) => `${st.padEnd(8)}${title.padEnd(62)}CI        main    push   ${id}  ${elapsed.padEnd(9)}${age}`;
const ghRuns = (rows) => `STATUS  TITLE                                                         WORKFLOW  BRANCH  EVENT  ID           ELAPSED  AGE\n${rows.join("\n")}`;
const GH_CMD = { command: "gh run list --workflow ci.yml --branch main --limit 5" };
const CI_NOW = ghRow("✓", "oban: mailers 20, pdf 12, webhooks 25, reports; api limit 120", "11991822057", "7m02s", "about 6 minutes ago");

// ---- hammer ----
const rateLimitPlug = (key, limit) => numbered(1, `defmodule CorvidWeb.Plugs.ApiRateLimit do
  @moduledoc "Request limit for /api/v1, counted per ${key === "key.id" ? "API key" : "organisation"}."
  import Plug.Conn

  @scale_ms 60_000
  @limit ${limit}

  def init(opts), do: opts

  def call(%{assigns: %{api_key: key}} = conn, _opts) do
    case Hammer.check_rate("api:${key === "key.id" ? "#{key.id}" : "org:#{key.org_id}"}", @scale_ms, @limit) do
      {:allow, _count} ->
        conn

      {:deny, _limit} ->
        conn
        |> put_resp_header("retry-after", "60")
        |> send_resp(429, ~s({"error":"rate_limited"}))
        |> halt()
    end
  end
end`);
const PLUG = `${C}/lib/corvid_web/plugs/api_rate_limit.ex`;

// ---- psql show max_connections ----
const showMax = (n) => ` max_connections \n-----------------\n ${n}\n(1 row)`;

// ---- fly postgres config show ----
const pgRow = (name, value, unit, desc, pending) => `${name.padEnd(28)}${value.padEnd(9)}${unit.padEnd(6)}${desc.padEnd(90)}${pending}`;
const pgConfig = (maxConn, minDur, pending) => `NAME                        VALUE    UNIT  DESCRIPTION                                                                               PENDING
${pgRow("log-min-duration-statement", minDur, "ms", "Sets the minimum execution time above which all statements will be logged. (-1 = disabled)", "false")}
${pgRow("log-statement", "none", "", "Sets the type of statements logged. [none, ddl, mod, all]", "false")}
${pgRow("max-connections", maxConn, "", "Sets the maximum number of concurrent connections.", pending)}
${pgRow("shared-buffers", "65536", "8kB", "Sets the number of shared memory buffers used by the server.", "false")}
${pgRow("shared-preload-libraries", "repmgr", "", "Lists shared libraries to preload into server.", "false")}
${pgRow("wal-level", "replica", "", "Sets the level of information written to the WAL. [minimal, replica, logical]", "false")}`;
const PG_MAX_OLD = pgRow("max-connections", "100", "", "Sets the maximum number of concurrent connections.", "false");

// ---- runtime.exs: repo ----
const repoCfg = (extra) => numbered(20, `  database_url =
    System.get_env("DATABASE_URL") ||
      raise """
      environment variable DATABASE_URL is missing.
      For example: ecto://USER:PASS@HOST/DATABASE
      """

  maybe_ipv6 = if System.get_env("ECTO_IPV6") in ~w(true 1), do: [:inet6], else: []

  config :corvid, Corvid.Repo,
    url: database_url,
    pool_size: String.to_integer(System.get_env("POOL_SIZE") || "10"),${extra}
    socket_options: maybe_ipv6`);

// ---- fly secrets list ----
const secRow = (name, digest, created) => `${name.padEnd(24)}${digest.padEnd(20)}${created}`;
const secrets = (db, dbAt, whsec, whAt) => `NAME                    DIGEST              CREATED AT
${secRow("AWS_ACCESS_KEY_ID", "3b90d1f2a7c4e518", "7 months ago")}
${secRow("AWS_ENDPOINT_URL_S3", "c0a1e8d2f9b3a764", "7 months ago")}
${secRow("AWS_SECRET_ACCESS_KEY", "8e27f4b01c9d3a56", "7 months ago")}
${secRow("DATABASE_URL", db, dbAt)}
${secRow("REDIS_URL", "4c0b7e91d2a8f365", "9 days ago")}
${secRow("RELEASE_COOKIE", "a5d3c9e07b1f2486", "1 year ago")}
${secRow("SECRET_KEY_BASE", "f19e2a7c48d0b3e5", "1 year ago")}
${secRow("SENTRY_DSN", "62e8b1d0c4f7a935", "11 months ago")}
${secRow("STRIPE_SECRET_KEY", "d7a40c9e2b61f853", "7 months ago")}
${secRow("STRIPE_WEBHOOK_SECRET", whsec, whAt)}`;
const SEC_CMD = { command: `fly secrets list -a ${APP}` };
const WHSEC_NOW = secRow("STRIPE_WEBHOOK_SECRET", "2f8c6d0e1b93a475", "1 minute ago");

// ---- tigris ----
const TIGRIS_CMD = { command: "aws s3 ls s3://corvid-invoices-prod --recursive --summarize --endpoint-url https://fly.storage.tigris.dev | tail -2" };

const M1 = [
  ["3d8d9e1ae09489", "falling-sunset-4120", "started", "1/1", "ams", IMG[139], "fdaa:2:91c4:a7b:1d2:6e1c:8a3f:2", "2025-08-14T09:02:11Z", "2026-10-03T11:41:07Z", "app", "shared-cpu-2x:2048MB"],
  ["e2865d4ef7e1d4", "quiet-river-2231", "started", "1/1", "ams", IMG[139], "fdaa:2:91c4:a7b:1d3:3f21:77c0:2", "2025-08-14T09:02:40Z", "2026-10-06T03:12:52Z", "app", "shared-cpu-2x:2048MB"],
  ["148e21d4b75489", "bold-field-9013", "started", "1/1", "iad", IMG[139], "fdaa:2:91c4:a7b:21b:9a0e:4d12:2", "2026-02-02T16:20:19Z", "2026-10-06T02:58:30Z", "app", "shared-cpu-2x:2048MB"],
  ["9080e4f6a31778", "snowy-pine-5521", "started", "", "ams", IMG[139], "fdaa:2:91c4:a7b:1d2:81e4:c3a9:2", "2025-11-20T10:15:02Z", "2026-10-03T11:41:33Z", "worker", "shared-cpu-1x:1024MB"],
];
const M2 = [
  ["3d8d9e1ae09489", "falling-sunset-4120", "started", "1/1", "ams", IMG[152], "fdaa:2:91c4:a7b:1d2:6e1c:8a3f:2", "2025-08-14T09:02:11Z", "2026-10-23T10:02:14Z", "app", "performance-1x:2048MB"],
  ["e2865d4ef7e1d4", "quiet-river-2231", "started", "1/1", "ams", IMG[152], "fdaa:2:91c4:a7b:1d3:3f21:77c0:2", "2025-08-14T09:02:40Z", "2026-10-23T10:02:51Z", "app", "performance-1x:2048MB"],
  ["918574e1b02d38", "lively-glade-2957", "started", "1/1", "ams", IMG[152], "fdaa:2:91c4:a7b:1d6:4a08:b3c1:2", "2026-10-23T09:48:36Z", "2026-10-23T10:03:30Z", "app", "performance-1x:2048MB"],
  ["148e21d4b75489", "bold-field-9013", "started", "1/1", "iad", IMG[152], "fdaa:2:91c4:a7b:21b:9a0e:4d12:2", "2026-02-02T16:20:19Z", "2026-10-23T10:04:02Z", "app", "performance-1x:2048MB"],
  ["4d89119a651d87", "cold-canyon-3380", "started", "1/1", "iad", IMG[152], "fdaa:2:91c4:a7b:21c:5b70:e08d:2", "2026-10-06T09:41:55Z", "2026-10-23T10:04:40Z", "app", "performance-1x:2048MB"],
  ["9080e4f6a31778", "snowy-pine-5521", "started", "", "ams", IMG[152], "fdaa:2:91c4:a7b:1d2:81e4:c3a9:2", "2025-11-20T10:15:02Z", "2026-10-23T10:05:11Z", "worker", "shared-cpu-4x:4096MB"],
  ["78143e6b0e2e18", "misty-harbor-6402", "started", "", "ams", IMG[152], "fdaa:2:91c4:a7b:1d5:e7a2:604b:2", "2026-10-06T09:43:20Z", "2026-10-23T10:05:49Z", "worker", "shared-cpu-4x:4096MB"],
];
const DEPLOY4 = [["3d8d9e1ae09489", "app"], ["e2865d4ef7e1d4", "app"], ["148e21d4b75489", "app"], ["9080e4f6a31778", "worker"]];
const DEPLOY8 = [["3d8d9e1ae09489", "app"], ["e2865d4ef7e1d4", "app"], ["6e82d93c406787", "app"], ["32874d0c2d1d58", "app"], ["148e21d4b75489", "app"], ["4d89119a651d87", "app"], ["9080e4f6a31778", "worker"], ["78143e6b0e2e18", "worker"]];
const DEPLOY6 = [["3d8d9e1ae09489", "app"], ["e2865d4ef7e1d4", "app"], ["148e21d4b75489", "app"], ["4d89119a651d87", "app"], ["9080e4f6a31778", "worker"], ["78143e6b0e2e18", "worker"]];

const corvid = {
  name: "corvid (held out 34)",
  sessionId: "2447592e-3194-4502-8de8-3a9fbc94759e",
  cwd: C,
  turns: 210,
  seed: 34343,
  files: ["lib/corvid/billing.ex", "lib/corvid/billing/invoice.ex", "lib/corvid/billing/reminders.ex", "lib/corvid/workers/render_invoice_pdf.ex", "lib/corvid/workers/stripe_event_worker.ex", "lib/corvid/fx/rate_cache.ex", "lib/corvid/storage.ex", "lib/corvid/pdf.ex", "lib/corvid/money/format.ex", "lib/corvid/ledger/journal.ex", "lib/corvid_web/live/invoice_live/index.ex", "lib/corvid_web/live/invoice_live/show.ex", "lib/corvid_web/controllers/stripe_webhook_controller.ex", "lib/corvid_web/plugs/api_rate_limit.ex", "lib/corvid_web/endpoint.ex", "lib/corvid/application.ex", "config/runtime.exs", "config/config.exs", "mix.exs", "fly.toml", "Dockerfile", ".github/workflows/ci.yml", "rel/env.sh.eex"],
  otherTests: ["test/corvid/billing_test.exs", "test/corvid/money/format_test.exs", "test/corvid_web/controllers/stripe_webhook_controller_test.exs", "test/corvid/workers/render_invoice_pdf_test.exs", "test/corvid_web/live/customer_live_test.exs", "test/corvid/ledger/journal_test.exs"],
  words: ["invoice", "customer", "org", "ledger", "payment", "reminder", "tax", "currency", "rate", "line_item", "credit_note", "pdf", "upload", "job", "webhook", "subscription", "account", "journal", "entry", "bank_feed", "changeset", "socket", "assigns", "dunning"],
  grepWords: ["Oban.insert", "Repo.transaction", "Req.post", "Hammer.check_rate", "handle_event", "TODO", "Ecto.Multi", "Phoenix.PubSub.broadcast"],
  testCommands: ["mix test test/corvid/billing_test.exs", "mix test test/corvid_web/live --trace", "mix test --failed", "mix test test/corvid/money test/corvid/ledger"],
  buildCommands: ["mix compile --warnings-as-errors", "mix credo --strict", "MIX_ENV=prod mix release --overwrite", "mix format --check-formatted"],
  appCommands: ["fly logs -a corvid-web --no-tail | tail -40", "fly logs -a corvid-web --region iad --no-tail | tail -40", "fly logs -a corvid-staging --no-tail | tail -30", "iex -S mix phx.server"],
  prompts: ["continue", "ok", "go on", "next", "keep going", "yep do it", "sounds good", "carry on", "proceed", "ok next"],
  facts: [
    // ---------------- the pdf queue backlog (Oct 2-3) ----------------
    [1, "Bash", { command: `fly status -a ${APP}` }, statusOut(APP, IMG[138], [
      ["app", "3d8d9e1ae09489", 138, "ams", "started", "1 total, 1 passing", "2026-09-30T16:44:02Z"],
      ["app", "e2865d4ef7e1d4", 138, "ams", "started", "1 total, 1 passing", "2026-09-30T16:44:39Z"],
      ["app", "148e21d4b75489", 138, "iad", "started", "1 total, 1 passing", "2026-09-30T16:45:13Z"],
      ["worker", "9080e4f6a31778", 138, "ams", "started", "", "2026-09-30T16:45:40Z"],
    ]), "status", { kind: "app", where: "top" }],
    [2, "Bash", TV_CMD, `${toolVersions("1.16.3-otp-26", "26.2.5.3")}\nElixir 1.16.3 (compiled with Erlang/OTP 26)`, "toolversions", { kind: "build", where: "top" }],
    [3, "Bash", SCALE_CMD, scaleShow(APP, [APP_S1, WRK_S1]), "scale", { kind: "app", where: "top" }],
    [5, "Bash", REL_CMD, releases([
      relRow(138, "complete", "mira@corvid.io", "2d ago", IMG[138]),
      relRow(137, "complete", "jonas@corvid.io", "6d ago", IMG[137]),
      relRow(136, "complete", "mira@corvid.io", "Sep 22 2026", IMG[136]),
      relRow(135, "complete", "mira@corvid.io", "Sep 17 2026", IMG[135]),
    ]), "releases", { kind: "app", where: "top" }],
    [6, "Bash", { command: `fly logs -a ${APP} --no-tail | grep RenderInvoicePdf | tail -6` }, `2026-10-02T08:14:22Z app[9080e4f6a31778] ams [info]08:14:22.118 [error] Job Corvid.Workers.RenderInvoicePdf id=4418207 attempt=3 failed: %Req.TransportError{reason: :timeout}
2026-10-02T08:14:25Z app[9080e4f6a31778] ams [info]08:14:25.902 [error] Job Corvid.Workers.RenderInvoicePdf id=4418211 attempt=2 failed: ** (RuntimeError) Finch was unable to provide a connection within the timeout due to excess queuing for connections. Consider adjusting the pool size, count, timeout or reducing the rate of requests if it is possible to do so.
2026-10-02T08:14:26Z app[9080e4f6a31778] ams [info]08:14:26.310 [error] Job Corvid.Workers.RenderInvoicePdf id=4418215 attempt=4 failed: %Req.TransportError{reason: :timeout}
2026-10-02T08:14:31Z app[9080e4f6a31778] ams [info]08:14:31.044 [info] Job Corvid.Workers.RenderInvoicePdf id=4398102 completed in 2412ms (pdf 188 kB, upload 1740ms)
2026-10-02T08:14:33Z app[9080e4f6a31778] ams [info]08:14:33.871 [error] Job Corvid.Workers.RenderInvoicePdf id=4418219 attempt=5 failed: ** (RuntimeError) Finch was unable to provide a connection within the timeout due to excess queuing for connections.
2026-10-02T08:14:34Z app[9080e4f6a31778] ams [info]08:14:34.402 [warning] support: org 812 (Halvorsen Regnskap) reports "invoice PDF still generating" for invoices sent on Oct 1`, undefined, { kind: "app", error: true, where: "top" }],
    [7, "Bash", OBANQ_CMD, obanCounts([["default", "available", 12], ["mailers", "available", 2210], ["mailers", "executing", 5], ["pdf", "available", 18432], ["pdf", "executing", 42], ["pdf", "retryable", 3411], ["webhooks", "available", 3]]), "obanqueue", { kind: "pg", where: "top" }],
    [8, "Bash", { command: `fly ssh console -a ${APP} -C "/app/bin/psql-prod -c \\"select id, worker, attempted_at, attempted_by[1] as node from oban_jobs where state = 'executing' and attempted_at < now() - interval '1 hour' order by attempted_at limit 5\\""` }, `   id    |             worker              |        attempted_at        |                        node
---------+---------------------------------+----------------------------+-----------------------------------------------------
 4391022 | Corvid.Workers.RenderInvoicePdf | 2026-09-30 16:44:51.20812  | corvid-web-01J9VB0HS4N7D2K8X6QF1CTR5E@fdaa:2:91c4:a7b:1d2:81e4:c3a9:2
 4391023 | Corvid.Workers.RenderInvoicePdf | 2026-09-30 16:44:51.21304  | corvid-web-01J9VB0HS4N7D2K8X6QF1CTR5E@fdaa:2:91c4:a7b:1d2:81e4:c3a9:2
 4391030 | Corvid.Workers.RenderInvoicePdf | 2026-09-30 16:44:52.00491  | corvid-web-01J9VB0HS4N7D2K8X6QF1CTR5E@fdaa:2:91c4:a7b:1d2:81e4:c3a9:2
 4391041 | Corvid.Workers.SendInvoiceEmail | 2026-09-30 16:44:52.71177  | corvid-web-01J9VB0HS4N7D2K8X6QF1CTR5E@fdaa:2:91c4:a7b:1d2:81e4:c3a9:2
 4391044 | Corvid.Workers.RenderInvoicePdf | 2026-09-30 16:44:53.10820  | corvid-web-01J9VB0HS4N7D2K8X6QF1CTR5E@fdaa:2:91c4:a7b:1d2:81e4:c3a9:2
(5 rows)

 count
-------
    37
(1 row)
(all on the worker node of v137, killed by the v138 rolling deploy on Sep 30; nothing moves them out of executing)`, undefined, { kind: "pg", where: "top" }],
    [9, "Read", { file_path: RUNTIME }, obanCfg("default: 10, mailers: 5, pdf: 5, webhooks: 10", "60 * 60 * 24 * 30", "", null), "obancfg", { kind: "code", where: "top" }],
    [10, "Read", { file_path: `${C}/lib/corvid/workers/render_invoice_pdf.ex` }, pdfWorker(20, 60, ""), "pdfworker", { kind: "code", where: "top" }],
    [12, "Read", { file_path: FLYTOML }, flyToml(10, true), "flytoml", { kind: "code", where: "top" }],
    [13, "Read", { file_path: `${C}/lib/corvid/application.ex` }, appEx("[size: 10, count: 1]"), "finch", { kind: "code", where: "top" }],
    [14, "Bash", { command: `fly ssh console -a ${APP} -C "/app/bin/psql-prod -c \\"select pg_size_pretty(pg_total_relation_size('oban_jobs')) as size, count(*) as rows, min(inserted_at) as oldest from oban_jobs\\""` }, ` size   |  rows   |           oldest
--------+---------+----------------------------
 6.9 GB | 6211904 | 2026-09-02 02:00:00.41092
(1 row)`, undefined, { kind: "pg", where: "top" }],
    [15, "Bash", { command: "psql \"$STAGING_DATABASE_URL\" -c \"select queue, state, count(*) from oban_jobs where state not in ('completed','cancelled','discarded') group by 1, 2 order by 1, 2\"" }, `${obanCounts([["default", "available", 1], ["mailers", "available", 0], ["pdf", "available", 0], ["pdf", "retryable", 2]])}
(corvid-staging)`, undefined, { kind: "pg", where: "top" }],
    [20, "Bash", { command: "git commit -am 'oban: pdf concurrency 20, lifeline, prune after 3 days; tigris pool 50' && git log -1 --format='%h %s%n%n%b'" }, `[main 5c1e2a9] oban: pdf concurrency 20, lifeline, prune after 3 days; tigris pool 50
 3 files changed, 11 insertions(+), 6 deletions(-)
5c1e2a9 oban: pdf concurrency 20, lifeline, prune after 3 days; tigris pool 50

The Oct 1 month-end run enqueued ~19k RenderInvoicePdf jobs and the pdf queue
(concurrency 5, one worker machine) backed up to 18432 available. Uploads to Tigris
waited on a Finch pool of 10 conns and timed out ("excess queuing for connections"), so
jobs went retryable with max_attempts 20 and kept coming back. 37 jobs sat in executing
since the v138 deploy killed their node: without the Lifeline plugin nothing rescues
them. The pruner kept 30 days, oban_jobs was 6.2M rows / 6.9 GB and fetches got slow.
Now: pdf 20, mailers 10, Lifeline rescue_after 30 min, prune after 3 days, Tigris pool
size 50 x 2, RenderInvoicePdf max_attempts 5.`, undefined, { kind: "build", where: "top" }],
    [21, "Bash", { command: `fly deploy -a ${APP} && fly releases -a ${APP} | head -2` }, `${deployOut(IMG[139], DEPLOY4)}
VERSION STATUS    DESCRIPTION USER                DATE
v139    complete  Release     mira@corvid.io      just now`, undefined, { kind: "build", where: "bottom" }],
    [24, "Read", { file_path: RUNTIME }, obanCfg("default: 10, mailers: 10, pdf: 20, webhooks: 10", "60 * 60 * 24 * 3", "\n      {Oban.Plugins.Lifeline, rescue_after: :timer.minutes(30)},", null), "obancfg", { kind: "code", where: "top" }],
    [25, "Read", { file_path: `${C}/lib/corvid/application.ex` }, appEx("[size: 50, count: 2]"), "finch", { kind: "code", where: "top" }],
    [26, "Read", { file_path: `${C}/lib/corvid/workers/render_invoice_pdf.ex` }, pdfWorker(5, 300, `

  @impl Oban.Worker
  def backoff(%Oban.Job{attempt: attempt}), do: trunc(:math.pow(2, attempt) * 15)`), "pdfworker", { kind: "code", where: "top" }],
    [28, "Bash", OBANQ_CMD, obanCounts([["default", "available", 3], ["mailers", "executing", 2], ["pdf", "available", 211], ["pdf", "executing", 20], ["pdf", "retryable", 14], ["webhooks", "executing", 1]]), "obanqueue", { kind: "pg", where: "top" }],
    [29, "Bash", TIGRIS_CMD, `Total Objects: 1184203
   Total Size: 187421098811`, "tigris", { kind: "app", where: "top" }],

    // ---------------- the rate cache leak, OOM kills, scaling, libcluster (Oct 6-8) ----------------
    [31, "Bash", { command: `fly logs -a ${APP} --no-tail | grep -iE 'out of memory|oom' | tail -6` }, `2026-10-06T02:58:21Z runner[148e21d4b75489] iad [info]Out of memory: Killed process 331 (beam.smp) total-vm:3208812kB, anon-rss:1948120kB, file-rss:0kB, shmem-rss:0kB, UID:65534 pgtables:4296kB oom_score_adj:0
2026-10-06T02:58:22Z app[148e21d4b75489] iad [info] INFO Process appears to have been OOM killed!
2026-10-06T03:12:44Z runner[e2865d4ef7e1d4] ams [info]Out of memory: Killed process 318 (beam.smp) total-vm:3311208kB, anon-rss:1962204kB, file-rss:0kB, shmem-rss:0kB, UID:65534 pgtables:4412kB oom_score_adj:0
2026-10-06T03:12:45Z app[e2865d4ef7e1d4] ams [info] INFO Main child exited with signal (with signal 'SIGKILL', core dumped? false)
2026-10-06T03:12:46Z app[e2865d4ef7e1d4] ams [info] INFO Process appears to have been OOM killed!
2026-10-06T03:12:52Z app[e2865d4ef7e1d4] ams [info] INFO Starting init (commit: 6ab2c3e)...`, undefined, { kind: "app", error: true, where: "top" }],
    [32, "Bash", { command: `fly machine list -a ${APP}` }, machineList(M1), "machines", { kind: "app", where: "top" }],
    [33, "Bash", BEAM_CMD("3d8d9e1ae09489"), beamMem({ total: 1824, processes: 1515, binary: 196, ets: 17 }), "beammem", { kind: "app", where: "top" }],
    [34, "Bash", { command: `fly ssh console -a ${APP} --machine 3d8d9e1ae09489 -C "/app/bin/corvid rpc 'IO.inspect(:recon.proc_count(:memory, 3)); IO.inspect(Process.info(Process.whereis(Corvid.FX.RateCache), [:message_queue_len, :total_heap_size]))'"` }, `[
  {#PID<0.4127.0>, 1451203984,
   [Corvid.FX.RateCache, {:current_function, {:gen_server, :loop, 7}},
    {:initial_call, {:proc_lib, :init_p, 5}}]},
  {#PID<0.3311.0>, 21002440,
   [Oban.Queue.Producer, {:current_function, {:gen_server, :loop, 7}},
    {:initial_call, {:proc_lib, :init_p, 5}}]},
  {#PID<0.2902.0>, 8810336,
   [{:current_function, {Phoenix.LiveView.Channel, :mount, 3}},
    {:initial_call, {:proc_lib, :init_p, 5}}]}
]
[message_queue_len: 48211, total_heap_size: 181400498]`, undefined, { kind: "app", where: "top" }],
    [35, "Read", { file_path: `${C}/lib/corvid/fx/rate_cache.ex` }, numbered(18, `  def rate(base, quote, date), do: GenServer.call(__MODULE__, {:rate, base, quote, date}, 10_000)

  @impl true
  def handle_call({:rate, base, quote, date}, _from, state) do
    case Enum.find(state.rates, fn {{b, q, d, _at}, _} -> {b, q, d} == {base, quote, date} end) do
      {_key, rate} ->
        {:reply, {:ok, rate}, state}

      nil ->
        {:ok, rate} = Corvid.FX.Client.fetch(base, quote, date)
        key = {base, quote, date, System.monotonic_time()}
        {:reply, {:ok, rate}, %{state | rates: Map.put(state.rates, key, rate)}}
    end
  end`), undefined, { kind: "code", where: "top" }],
    [38, "Bash", { command: `fly scale vm performance-2x --vm-memory 4096 --process-group app -a ${APP} && fly scale vm shared-cpu-2x --vm-memory 2048 --process-group worker -a ${APP} && fly scale count app=4 --region ams -y -a ${APP} && fly scale count app=2 --region iad -y -a ${APP} && fly scale count worker=2 -y -a ${APP} && fly scale show -a ${APP}` }, `Updating machine 3d8d9e1ae09489
  Waiting for 3d8d9e1ae09489 to become healthy (started, 1/1)
Machine 3d8d9e1ae09489 updated successfully!
Scaled VM Type to
 CPU Cores: 2
    Memory: 4096 MB
App 'corvid-web' is going to be scaled according to this plan:
  +2 machines for group 'app' on region 'ams' of size 'performance-2x'
  +1 machines for group 'app' on region 'iad' of size 'performance-2x'
  +1 machines for group 'worker' on region 'ams' of size 'shared-cpu-2x'
${scaleShow(APP, [APP_S2, WRK_S2])}`, "scale", { kind: "app", where: "bottom" }],
    [39, "Bash", { command: `fly ssh console -a ${APP} --machine e2865d4ef7e1d4 -C "/app/bin/corvid rpc 'IO.inspect(:scheduler.utilization(1)); IO.inspect(:erlang.statistics(:run_queue_lengths))'"` }, `[
  {:total, 0.9712, ~c"97.1%"},
  {:weighted, 1.9424, ~c"194.2%"},
  {:normal, 1, 0.9934, ~c"99.3%"},
  {:normal, 2, 0.949, ~c"94.9%"},
  {:cpu, 3, 0.0, ~c"0.0%"},
  {:cpu, 4, 0.0, ~c"0.0%"},
  {:io, 5, 0.0012, ~c"0.1%"}
]
[118, 94, 0, 0]
(GC of the RateCache heap: long major collections, every request that converts a currency waits on GenServer.call)`, undefined, { kind: "app", where: "top" }],
    [40, "Bash", NODES_CMD, `0
%{"ams" => 1}
(on every machine: nobody is connected. PubSub broadcasts from the worker (invoice.paid) never reach the LiveViews on the app machines, support reports "paid invoices still show as open until refresh")`, "nodelist", { kind: "app", where: "top" }],
    [41, "Read", { file_path: RUNTIME }, libcluster('"corvid-web"'), "libcluster", { kind: "code", where: "top" }],
    [45, "Bash", { command: "fly status -a corvid-staging" }, statusOut("corvid-staging", "01JA4W0E2N8C5K1R7T3YB6QDMV", [
      ["app", "5683d920be1e48", 64, "ams", "started", "1 total, 1 passing", "2026-10-05T12:20:41Z"],
      ["worker", "0e28650b7d4d98", 64, "ams", "stopped", "", "2026-10-05T12:21:02Z"],
    ]), undefined, { kind: "app", where: "top" }],
    [47, "Bash", { command: "git commit -am 'fix(fx): rates in ets with a ttl sweep; libcluster basename matches RELEASE_NODE' && git log -1 --format='%h %s%n%n%b'" }, `[main 9a04d7e] fix(fx): rates in ets with a ttl sweep; libcluster basename matches RELEASE_NODE
 3 files changed, 58 insertions(+), 21 deletions(-)
9a04d7e fix(fx): rates in ets with a ttl sweep; libcluster basename matches RELEASE_NODE

Corvid.FX.RateCache kept every lookup in its state map keyed by
{base, quote, date, System.monotonic_time()}. The timestamp made every key unique, so
nothing was reused or evicted: 1.38 GB in one process after five days, 48k messages in
its mailbox, and beam.smp OOM-killed at ~1.9 GB RSS on the 2 GB machines. Rates now live
in a protected ets table keyed by {base, quote, date}, read without calling the process,
and a sweep every 10 min drops entries older than 24h.

libcluster: RELEASE_NODE in rel/env.sh.eex is corvid-web-<image ref>@ip but DNSPoll used
node_basename "corvid-web", so it dialled names that do not exist and no node was ever
connected (PubSub from the worker never reached LiveViews).`, undefined, { kind: "build", where: "top" }],
    [52, "Bash", BEAM_CMD("3d8d9e1ae09489"), beamMem({ total: 388, processes: 141, binary: 88, ets: 24 }), "beammem", { kind: "app", where: "top" }],
    [53, "Bash", NODES_CMD, `7
%{"ams" => 6, "iad" => 2}`, "nodelist", { kind: "app", where: "top" }],
    [56, "Bash", { command: `fly scale count app=2 --region ams -y -a ${APP} && fly scale vm shared-cpu-2x --vm-memory 2048 --process-group app -a ${APP} && fly scale show -a ${APP}` }, `App 'corvid-web' is going to be scaled according to this plan:
  -2 machines for group 'app' on region 'ams' of size 'performance-2x'
Executing scale plan
  Destroyed 32874d0c2d1d58 group:app region:ams size:performance-2x
  Destroyed 6e82d93c406787 group:app region:ams size:performance-2x
Scaled VM Type to
 CPU Cores: 2
    Memory: 2048 MB
${scaleShow(APP, [APP_S3, WRK_S2])}
(memory flat at ~400 MB for 36h after v140, back to 2 GB shared machines)`, "scale", { kind: "app", where: "bottom" }],
    [57, "Read", { file_path: RUNTIME }, libcluster('"corvid-web-#{image_ref}"'), "libcluster", { kind: "code", where: "top" }],
    [58, "Bash", { command: `fly status -a ${APP}` }, statusOut(APP, IMG[140], [
      ["app", "3d8d9e1ae09489", 140, "ams", "started", "1 total, 1 passing", "2026-10-08T09:12:40Z"],
      ["app", "e2865d4ef7e1d4", 140, "ams", "started", "1 total, 1 passing", "2026-10-08T09:13:18Z"],
      ["app", "148e21d4b75489", 140, "iad", "started", "1 total, 1 passing", "2026-10-08T09:13:55Z"],
      ["app", "4d89119a651d87", 140, "iad", "started", "1 total, 1 passing", "2026-10-08T09:14:31Z"],
      ["worker", "9080e4f6a31778", 140, "ams", "started", "", "2026-10-08T09:15:02Z"],
      ["worker", "78143e6b0e2e18", 140, "ams", "started", "", "2026-10-08T09:15:40Z"],
    ]), "status", { kind: "app", where: "top" }],

    // ---------------- elixir 1.17 / otp 27 (Oct 9-10) ----------------
    [60, "Bash", { command: "mix hex.outdated" }, hexOutdated([
      ["credo", "1.7.7", "1.7.8", "Update possible"],
      ["dialyxir", "1.4.3", "1.4.4", "Update possible"],
      ["ecto_sql", "3.11.3", "3.12.1", "Update possible"],
      ["ex_aws_s3", "2.5.3", "2.5.4", "Update possible"],
      ["finch", "0.18.0", "0.19.0", "Update not possible"],
      ["hammer", "6.1.0", "6.2.1", "Update possible"],
      ["libcluster", "3.3.3", "3.4.1", "Update possible"],
      ["oban", "2.17.10", "2.18.3", "Update possible"],
      ["phoenix", "1.7.12", "1.7.14", "Update possible"],
      ["phoenix_live_view", "0.20.14", "0.20.17", "Update possible"],
      ["req", "0.4.14", "0.5.6", "Update not possible"],
      ["sentry", "10.4.0", "10.7.1", "Update possible"],
      ["stripity_stripe", "3.1.1", "3.2.0", "Update possible"],
    ]), "hexoutdated", { kind: "build", where: "top" }],
    [67, "Bash", GH_CMD, ghRuns([
      ghRow("X", "deps: elixir 1.17.3 / otp 27.1.2, oban 2.18.1, ecto_sql 3.12", "11873310221", "3m12s", "about 4 minutes ago"),
      ghRow("✓", "fix(fx): rates in ets with a ttl sweep; libcluster basename", "11861120948", "6m41s", "2 days ago"),
      ghRow("✓", "oban: pdf concurrency 20, lifeline, prune after 3 days", "11829004116", "6m55s", "about 7 days ago"),
      ghRow("✓", "invoices: show vat breakdown per rate", "11811772390", "6m20s", "about 8 days ago"),
    ]), "ci", { kind: "build", where: "top" }],
    [68, "Bash", { command: "gh run view 11873310221 --log-failed | tail -14" }, `test	Compile (warnings as errors)	2026-10-10T10:14:50.9Z Compiling 214 files (.ex)
test	Compile (warnings as errors)	2026-10-10T10:14:51.2Z     warning: pattern matching on 0.0 is equivalent to matching only on +0.0 from Erlang/OTP 27+. Instead you must match on +0.0 or -0.0
test	Compile (warnings as errors)	2026-10-10T10:14:51.2Z     │
test	Compile (warnings as errors)	2026-10-10T10:14:51.2Z  41 │   def format(0.0, currency), do: zero(currency)
test	Compile (warnings as errors)	2026-10-10T10:14:51.2Z     │              ~
test	Compile (warnings as errors)	2026-10-10T10:14:51.2Z     │
test	Compile (warnings as errors)	2026-10-10T10:14:51.2Z     └─ lib/corvid/money/format.ex:41:14: Corvid.Money.Format.format/2
test	Compile (warnings as errors)	2026-10-10T10:14:51.2Z 
test	Compile (warnings as errors)	2026-10-10T10:14:51.3Z Compilation failed due to warnings while using the --warnings-as-errors option
test	Compile (warnings as errors)	2026-10-10T10:14:51.3Z ##[error]Process completed with exit code 1.
dialyzer	Restore PLT cache	2026-10-10T10:13:02.4Z Cache not found for input keys: plt-Linux-7c1d2e0b9f4a
dialyzer	Run dialyzer	2026-10-10T10:16:40.8Z ##[error]The operation was canceled.`, undefined, { kind: "build", error: true, where: "top" }],
    [72, "Bash", { command: "git commit -am 'fix(money): match zero amounts with a guard (otp 27)' && git log -1 --format='%h %s%n%n%b' && git push" }, `[main c2b81f4] fix(money): match zero amounts with a guard (otp 27)
 2 files changed, 6 insertions(+), 3 deletions(-)
c2b81f4 fix(money): match zero amounts with a guard (otp 27)

CI broke on the elixir 1.17.3 / otp 27.1.2 bump: the compile step runs with
--warnings-as-errors and failed on "pattern matching on 0.0 is equivalent to matching
only on +0.0 from Erlang/OTP 27+" in Money.Format.format/2. The clause never matched
-0.0 from credit notes anyway (they printed "-€0.00"). Now format(amount, c) when
amount == 0. The dialyzer job was cancelled on a cold PLT cache; the cache key now
includes the otp and elixir versions.`, undefined, { kind: "build", where: "top" }],
    [73, "Bash", GH_CMD, ghRuns([
      ghRow("✓", "fix(money): match zero amounts with a guard (otp 27)", "11873902415", "9m48s", "about 11 minutes ago"),
      ghRow("X", "deps: elixir 1.17.3 / otp 27.1.2, oban 2.18.1, ecto_sql 3.12", "11873310221", "3m12s", "about 1 hour ago"),
      ghRow("✓", "fix(fx): rates in ets with a ttl sweep; libcluster basename", "11861120948", "6m41s", "2 days ago"),
      ghRow("✓", "oban: pdf concurrency 20, lifeline, prune after 3 days", "11829004116", "6m55s", "about 7 days ago"),
    ]), "ci", { kind: "build", where: "top" }],
    [75, "Bash", TV_CMD, `${toolVersions("1.17.3-otp-27", "27.1.2")}\nElixir 1.17.3 (compiled with Erlang/OTP 27)`, "toolversions", { kind: "build", where: "top" }],
    [76, "Bash", { command: `fly deploy -a ${APP} && fly releases -a ${APP} | head -3` }, `${deployOut(IMG[141], DEPLOY6)}
VERSION STATUS    DESCRIPTION USER                DATE
v141    complete  Release     jonas@corvid.io     just now
v140    complete  Release     mira@corvid.io      2d ago
(first release built on hexpm/elixir:1.17.3-erlang-27.1.2-debian-bookworm-20241016-slim)`, undefined, { kind: "build", where: "bottom" }],
    // ---------------- hammer per-node buckets -> redis (Oct 11) ----------------
    [82, "Bash", { command: `fly logs -a ${APP} --no-tail | grep 'api_key=ak_live_acme' | grep -oE '^[0-9T:-]{16}' | uniq -c | sort -rn | head -4; fly logs -a ${APP} --no-tail | grep 'api_key=ak_live_acme' | grep -c ' 429 '` }, `    231 2026-10-11T07:02
    226 2026-10-11T07:03
    219 2026-10-11T07:01
    204 2026-10-11T07:04
0
(Acme Logistics' ERP sync, GET/POST /api/v1/invoices; limit is 60 per minute per key)`, undefined, { kind: "app", where: "top" }],
    [83, "Read", { file_path: PLUG }, rateLimitPlug("key.id", 60), "ratelimit", { kind: "code", where: "top" }],
    [84, "Read", { file_path: `${C}/config/config.exs` }, numbered(40, `config :hammer,
  backend: {Hammer.Backend.ETS, [expiry_ms: 60_000 * 60 * 4, cleanup_interval_ms: 60_000 * 10]}

config :sentry,
  dsn: nil,
  environment_name: config_env(),
  enable_source_code_context: true,
  root_source_code_paths: [File.cwd!()]`), "hammercfg", { kind: "code", where: "top" }],
    [89, "Bash", { command: "git commit -am 'rate limit: shared redis backend for hammer' && git log -1 --format='%h %s%n%n%b'" }, `[main 0d6e3b8] rate limit: shared redis backend for hammer
 4 files changed, 17 insertions(+), 4 deletions(-)
0d6e3b8 rate limit: shared redis backend for hammer

Acme's ERP sync did up to 231 req/min on /api/v1/invoices without a single 429.
The limit is 60/min per key, but Hammer ran on the ETS backend, so every app machine
counted on its own and the proxy spread the requests over them: the effective limit
was 60 x machines. Buckets now live in Upstash Redis (fly redis corvid-ratelimit,
ams) through hammer_backend_redis 6.2, REDIS_URL as a fly secret.`, undefined, { kind: "build", where: "top" }],
    [92, "Read", { file_path: RUNTIME }, numbered(108, `  config :hammer,
    backend:
      {Hammer.Backend.Redis,
       [
         expiry_ms: 60_000 * 60 * 2,
         redis_url: System.fetch_env!("REDIS_URL"),
         redix_config: [socket_opts: [:inet6]],
         pool_size: 4
       ]}`), "hammercfg", { kind: "code", where: "top" }],
    // ---------------- the reminder migration that locked invoices (Oct 14) ----------------
    [97, "Bash", { command: `fly deploy -a ${APP}` }, deployOut(IMG[143], DEPLOY6, `09:31:02.114 [info] == Running 20261014091500 Corvid.Repo.Migrations.AddReminderFieldsToInvoices.change/0 forward
09:31:02.118 [info] alter table invoices
09:33:58.902 [info] create index invoices_org_id_due_date_status_index
09:35:14.771 [info] == Migrated 20261014091500 in 252.6s
`), undefined, { kind: "build", where: "middle" }],
    [98, "Bash", { command: `fly logs -a ${APP} --no-tail | grep -E 'DBConnection|Sent 5' | tail -5` }, `2026-10-14T09:32:40Z app[3d8d9e1ae09489] ams [info]09:32:40.552 [error] GenServer #PID<0.9921.0> terminating
** (DBConnection.ConnectionError) connection not available and request was dropped from queue after 2987ms. This means requests are coming in and your connection pool cannot serve them fast enough. You can address this by:
  1. Ensuring your database is available and that you can connect to it
  2. Tracking down slow queries and making sure they are running fast enough
  3. Increasing the pool_size (although this increases resource consumption)
2026-10-14T09:32:41Z app[148e21d4b75489] iad [info]09:32:41.003 request_id=F_8Kq2x7 [info] Sent 500 in 15004ms
2026-10-14T09:32:41Z app[e2865d4ef7e1d4] ams [info]09:32:41.210 [error] ** (Phoenix.LiveView) CorvidWeb.InvoiceLive.Index mount timed out`, undefined, { kind: "app", error: true, where: "top" }],
    [99, "Bash", { command: `fly ssh console -a corvid-db -C "psql -U postgres corvid_web -c \\"select pid, pg_blocking_pids(pid) as blocked_by, wait_event_type, now() - query_start as running, left(query, 70) as query from pg_stat_activity where datname = 'corvid_web' and state <> 'idle' order by query_start limit 4\\" -c \\"select count(*) from pg_stat_activity where wait_event_type = 'Lock'\\""` }, `  pid  | blocked_by | wait_event_type |     running     |                                 query
-------+------------+-----------------+-----------------+------------------------------------------------------------------------
 41822 | {}         |                 | 00:03:12.441901 | SELECT i0."org_id", sum(i0."total_cents") FROM "invoices" AS i0 WHERE
 41907 | {41822}    | Lock            | 00:02:58.102337 | ALTER TABLE "invoices" ADD COLUMN "reminder_sent_at" timestamp(0), ADD
 41911 | {41907}    | Lock            | 00:02:57.930118 | SELECT i0."id", i0."number", i0."status", i0."due_date", i0."total_cen
 41915 | {41907}    | Lock            | 00:02:57.811462 | SELECT i0."id", i0."number", i0."status", i0."due_date", i0."total_cen
(4 rows)

 count
-------
   187
(1 row)
(41822 is the monthly revenue report from the admin dashboard, a full scan of invoices)`, undefined, { kind: "pg", where: "top" }],
    [102, "Bash", { command: "git commit -am 'migrations: lock_timeout, concurrent indexes in their own migration' && git log -1 --format='%h %s%n%n%b'" }, `[main 71e9c0a] migrations: lock_timeout, concurrent indexes in their own migration
 4 files changed, 39 insertions(+), 2 deletions(-)
71e9c0a migrations: lock_timeout, concurrent indexes in their own migration

The v143 deploy took the app down for ~4 minutes. 20261014091500 ran ALTER TABLE
invoices and CREATE INDEX in one transaction. The ALTER needs an ACCESS EXCLUSIVE lock
and queued behind a 3-minute revenue report query (pid 41822); every read of invoices
queued behind the ALTER, pools drained and 187 backends waited on locks. After that the
plain CREATE INDEX on 14.2M rows held a SHARE lock for 76s and blocked writes.
From now on: Corvid.Migration sets lock_timeout '3s' (fail fast instead of queueing),
indexes get their own migration with @disable_ddl_transaction and
@disable_migration_lock and concurrently: true, and the revenue report reads the replica.`, undefined, { kind: "build", where: "top" }],
    [107, "Bash", { command: "fly scale show -a corvid-staging" }, scaleShow("corvid-staging", [scaleRow("app", 1, "shared", 1, "512 MB", "ams(1)"), scaleRow("worker", 1, "shared", 1, "512 MB", "ams(1)")]), undefined, { kind: "app", where: "top" }],
    // ---------------- connections: POOL_SIZE 20, too many clients, max_connections 300 (Oct 15-16) ----------------
    [128, "Read", { file_path: RUNTIME }, repoCfg("\n    queue_target: 500,"), "repocfg", { kind: "code", where: "top" }],
    [130, "Bash", { command: `fly logs -a ${APP} --no-tail | grep -c 'connection not available'; fly logs -a ${APP} --no-tail | grep 'connection not available' | tail -1` }, `341
2026-10-15T08:01:12Z app[148e21d4b75489] iad [info]08:01:12.908 [error] ** (DBConnection.ConnectionError) connection not available and request was dropped from queue after 1042ms. This means requests are coming in and your connection pool cannot serve them fast enough.
(morning peak, 10 conns per machine, the iad machines wait longest: every query crosses the atlantic to the ams primary)`, undefined, { kind: "app", error: true, where: "top" }],
    [133, "Bash", { command: `fly logs -a ${APP} --no-tail | grep -E 'FATAL|too_many' | tail -4` }, `2026-10-15T10:22:05Z app[78143e6b0e2e18] ams [info]10:22:05.117 [error] Postgrex.Protocol (#PID<0.2810.0>) failed to connect: ** (Postgrex.Error) FATAL 53300 (too_many_connections) sorry, too many clients already
2026-10-15T10:22:05Z app[78143e6b0e2e18] ams [info]10:22:05.121 [error] Postgrex.Protocol (#PID<0.2814.0>) failed to connect: ** (Postgrex.Error) FATAL 53300 (too_many_connections) sorry, too many clients already
2026-10-15T10:22:06Z app[4d89119a651d87] iad [info]10:22:06.480 [error] Postgrex.Protocol (#PID<0.2799.0>) failed to connect: ** (Postgrex.Error) FATAL 53300 (too_many_connections) sorry, too many clients already
2026-10-15T10:22:09Z app[78143e6b0e2e18] ams [info]10:22:09.004 [error] Oban.Notifier: Postgres connection failed, retrying in 1000ms`, undefined, { kind: "app", error: true, where: "top" }],
    [134, "Bash", { command: `fly ssh console -a corvid-db -C "psql -U postgres -c 'show max_connections'"` }, showMax(100), "maxconn", { kind: "pg", where: "top" }],
    [135, "Bash", { command: `fly ssh console -a corvid-db -C "psql -U postgres -c \\"select usename, datname, count(*) from pg_stat_activity where backend_type = 'client backend' group by 1, 2 order by 3 desc\\""` }, `    usename     |    datname     | count
----------------+----------------+-------
 corvid_web     | corvid_web     |    64
 corvid_staging | corvid_staging |    30
 repmgr         | repmgr         |     3
 postgres       | postgres       |     2
(4 rows)
(staging is attached to the prod cluster since 2025; 6 prod machines x POOL_SIZE 20 would need 120)`, undefined, { kind: "pg", where: "top" }],
    [136, "Bash", { command: "fly postgres config show -a corvid-db" }, pgConfig("100", "-1", "false"), "pgconfig", { kind: "pg", where: "top" }],
    [139, "Bash", { command: "fly postgres config update --max-connections 300 --log-min-duration-statement 1000 -a corvid-db --auto-confirm && fly postgres restart -a corvid-db && fly postgres config show -a corvid-db" }, `NAME                        VALUE  TARGET VALUE  RESTART REQUIRED
log-min-duration-statement  -1     1000          false
max-connections             100    300           true

Performing a rolling restart on corvid-db
Identifying cluster role(s)
  Machine 17812d4f0e6d89: replica
  Machine e784e2d3c47918: primary
Restarting machine 17812d4f0e6d89
  Waiting for 17812d4f0e6d89 to become healthy (started, 3/3)
Restarting machine e784e2d3c47918
  Waiting for e784e2d3c47918 to become healthy (started, 3/3)
Postgres cluster has been successfully restarted!
${pgConfig("300", "1000", "false")}`, "pgconfig", { kind: "pg", where: "bottom" }],
    [140, "Bash", { command: `fly ssh console -a corvid-db -C "psql -U postgres -c 'show max_connections'"` }, showMax(300), "maxconn", { kind: "pg", where: "top" }],
    [142, "Read", { file_path: FLYTOML }, flyToml(20, true), "flytoml", { kind: "code", where: "top" }],
    [143, "Bash", { command: "git commit -am 'fly.toml: POOL_SIZE 20' && git log -1 --format='%h %s%n%n%b'" }, `[main 4b2f8d6] fly.toml: POOL_SIZE 20
 1 file changed, 1 insertion(+), 1 deletion(-)
4b2f8d6 fly.toml: POOL_SIZE 20

10 conns per machine dropped requests from the queue at the morning peak (341
"connection not available" in an hour). With 20 the cluster hit max_connections 100
right away (FATAL 53300) because corvid-staging is attached to the same Fly Postgres
and holds 30 conns. corvid-db restarted with max-connections 300 and
log-min-duration-statement 1000. Staging gets its own cluster next; prod moves off
Fly Postgres (40 GB volume at 91%, no PITR).`, undefined, { kind: "build", where: "top" }],

    // ---------------- move to crunchy bridge + pgbouncer (Oct 16-17) ----------------
    [150, "Bash", SEC_CMD, secrets("7d1e0c2b9a4f3e81", "1 year ago", "91ab22f0c7e4d356", "7 months ago"), "secrets", { kind: "app", where: "top" }],
    [152, "Bash", { command: `fly secrets set DATABASE_URL="$CB_POOLER_URL" --stage -a ${APP} && fly deploy -a ${APP} && fly releases -a ${APP} | head -2` }, `Secrets have been staged, but not set on VMs. Deploy or update machines in this app for the secrets to take effect.
${deployOut(IMG[146], DEPLOY6)}
VERSION STATUS    DESCRIPTION USER                DATE
v146    complete  Release     mira@corvid.io      just now`, undefined, { kind: "build", where: "bottom" }],
    [154, "Bash", { command: `fly logs -a ${APP} --no-tail | grep -E 'Postgrex.Error|notifier' | tail -5` }, `2026-10-17T01:12:03Z app[3d8d9e1ae09489] ams [info]01:12:03.441 [error] ** (Postgrex.Error) ERROR 26000 (invalid_sql_statement_name) prepared statement "ecto_1442" does not exist
2026-10-17T01:12:03Z app[148e21d4b75489] iad [info]01:12:03.902 [error] ** (Postgrex.Error) ERROR 42P05 (duplicate_prepared_statement) prepared statement "ecto_88" already exists
2026-10-17T01:12:04Z app[e2865d4ef7e1d4] ams [info]01:12:04.118 [error] ** (Postgrex.Error) ERROR 26000 (invalid_sql_statement_name) prepared statement "ecto_1517" does not exist
2026-10-17T01:12:09Z app[9080e4f6a31778] ams [info]01:12:09.661 [warning] {"message":"notifier only receiving messages from its own node, functionality may be degraded","source":"oban","event":"notifier:switch","status":"solitary"}
(v146 talks to crunchy through pgbouncer in transaction mode)`, undefined, { kind: "app", error: true, where: "top" }],
    [158, "Bash", { command: "git commit -am 'db: crunchy bridge behind pgbouncer: unnamed prepares, pg notifier, POOL_SIZE 15' && git log -1 --format='%h %s%n%n%b'" }, `[main e8a3c52] db: crunchy bridge behind pgbouncer: unnamed prepares, pg notifier, POOL_SIZE 15
 2 files changed, 8 insertions(+), 4 deletions(-)
e8a3c52 db: crunchy bridge behind pgbouncer: unnamed prepares, pg notifier, POOL_SIZE 15

prod now runs on Crunchy Bridge (corvid-prod, standard-8) through its pgbouncer on 5431.
Transaction pooling hands each transaction a different server connection, so Postgrex's
named prepared statements broke on v146 (26000 "prepared statement ecto_1442 does not
exist", 42P05 "already exists"): prepare: :unnamed. LISTEN/NOTIFY does not survive
transaction pooling either, Oban's Postgres notifier went solitary; Oban now uses
Oban.Notifiers.PG over the (now working) cluster. pgbouncer multiplexes, so
POOL_SIZE back down to 15 per machine; ECTO_IPV6 dropped (crunchy is not on 6PN).`, undefined, { kind: "build", where: "top" }],
    [160, "Bash", SEC_CMD, secrets("e40f9a1c6b27d853", "21 hours ago", "91ab22f0c7e4d356", "7 months ago"), "secrets", { kind: "app", where: "top" }],
    [161, "Read", { file_path: RUNTIME }, repoCfg("\n    prepare: :unnamed,\n    queue_target: 1000,\n    ssl: [verify: :verify_peer, cacerts: :public_key.cacerts_get(), server_name_indication: ~c\"p.rvf73a77ozfsvcttryanh67vqi.db.postgresbridge.com\"],"), "repocfg", { kind: "code", where: "top" }],
    [162, "Bash", { command: "psql \"$CB_DIRECT_URL\" -c 'show max_connections'" }, showMax(500), "maxconn", { kind: "pg", where: "top" }],
    [163, "Read", { file_path: FLYTOML }, flyToml(15, false), "flytoml", { kind: "code", where: "top" }],

    // ---------------- req 0.5 / endpoint cleanup, stripe 400s, rollback (Oct 19-20) ----------------
    [165, "Bash", { command: "mix hex.outdated" }, hexOutdated([
      ["credo", "1.7.8", "1.7.10", "Update possible"],
      ["ecto_sql", "3.12.1", "3.12.1", "Up-to-date"],
      ["finch", "0.18.0", "0.19.0", "Update not possible"],
      ["hammer", "6.2.1", "6.2.1", "Up-to-date"],
      ["libcluster", "3.3.3", "3.4.1", "Update possible"],
      ["oban", "2.18.1", "2.18.3", "Update possible"],
      ["phoenix", "1.7.12", "1.7.14", "Update possible"],
      ["phoenix_live_view", "0.20.14", "0.20.17", "Update possible"],
      ["req", "0.4.14", "0.5.6", "Update not possible"],
      ["sentry", "10.4.0", "10.7.1", "Update possible"],
      ["stripity_stripe", "3.1.1", "3.2.0", "Update possible"],
    ]), "hexoutdated", { kind: "build", where: "top" }],
    [167, "Edit", { file_path: `${C}/lib/corvid_web/endpoint.ex`, old_string: "  plug Plug.Parsers,\n    parsers: [:urlencoded, :multipart, :json],\n    pass: [\"*/*\"],\n    body_reader: {CorvidWeb.CacheBodyReader, :read_body, []},\n    json_decoder: Phoenix.json_library()", new_string: "  plug Plug.Parsers,\n    parsers: [:urlencoded, :multipart, :json],\n    pass: [\"*/*\"],\n    json_decoder: Phoenix.json_library()" }, `The file ${C}/lib/corvid_web/endpoint.ex has been updated.`, undefined, { kind: "code", where: "top" }],
    [170, "Bash", { command: "git commit -am 'deps: req 0.5, phoenix 1.7.14, oban 2.18.3; endpoint cleanup' && git log -1 --format='%h %s%n%n%b'" }, `[main 1f3c9a2] deps: req 0.5, phoenix 1.7.14, oban 2.18.3; endpoint cleanup
 9 files changed, 41 insertions(+), 58 deletions(-)
1f3c9a2 deps: req 0.5, phoenix 1.7.14, oban 2.18.3; endpoint cleanup

Req 0.5 renamed :connect_options pool opts, Storage and FX.Client adjusted. Removed
CorvidWeb.CacheBodyReader from Plug.Parsers: nothing in lib/ reads conn.assigns.raw_body
any more since the webhook controller moved to the StripeEventWorker.`, undefined, { kind: "build", where: "top" }],
    [172, "Bash", { command: `fly logs -a ${APP} --no-tail | grep -A2 'POST /webhooks/stripe' | tail -6; fly logs -a ${APP} --no-tail | grep -c 'stripe webhook rejected'` }, `2026-10-20T13:42:10Z app[3d8d9e1ae09489] ams [info]13:42:10.117 request_id=F_9xTq1aB [info] POST /webhooks/stripe
2026-10-20T13:42:10Z app[3d8d9e1ae09489] ams [info]13:42:10.120 [warning] stripe webhook rejected: %Stripe.SignatureVerificationError{message: "No signatures found matching the expected signature for payload"}
2026-10-20T13:42:10Z app[3d8d9e1ae09489] ams [info]13:42:10.121 request_id=F_9xTq1aB [info] Sent 400 in 3ms
2026-10-20T13:42:11Z app[148e21d4b75489] iad [info]13:42:11.480 request_id=F_9xTr0Kz [info] POST /webhooks/stripe
2026-10-20T13:42:11Z app[148e21d4b75489] iad [info]13:42:11.482 [warning] stripe webhook rejected: %Stripe.SignatureVerificationError{message: "No signatures found matching the expected signature for payload"}
2026-10-20T13:42:11Z app[148e21d4b75489] iad [info]13:42:11.483 request_id=F_9xTr0Kz [info] Sent 400 in 2ms
1284`, undefined, { kind: "app", error: true, where: "top" }],
    [174, "Bash", REL_CMD, releases([
      relRow(148, "complete", "jonas@corvid.io", "38m ago", IMG[148]),
      relRow(147, "complete", "mira@corvid.io", "3d ago", IMG[147]),
      relRow(146, "complete", "mira@corvid.io", "3d ago", IMG[146]),
      relRow(145, "complete", "mira@corvid.io", "5d ago", IMG[145]),
      relRow(144, "complete", "jonas@corvid.io", "6d ago", IMG[144]),
      relRow(143, "complete", "jonas@corvid.io", "6d ago", IMG[143]),
    ]), "releases", { kind: "app", where: "top" }],
    [175, "Bash", { command: `fly deploy -a ${APP} --image registry.fly.io/corvid-web:deployment-${IMG[147]} && fly releases -a ${APP} | head -2` }, `==> Verifying app config
Validating ${C}/fly.toml
✓ Configuration is valid
--> Verified app config
Searching for image 'registry.fly.io/corvid-web:deployment-${IMG[147]}' remotely...
image found: img_0lq747j6w8y4x6dy
image: registry.fly.io/corvid-web:deployment-${IMG[147]}
image size: 117 MB

Watch your deployment at https://fly.io/apps/corvid-web/monitoring

Running corvid-web release_command: /app/bin/migrate
 ✔ release_command 91857e4b26d318 completed successfully
Updating existing machines in 'corvid-web' with rolling strategy
${DEPLOY6.map((m, i) => ` ✔ [${i + 1}/6] Machine ${m[0]} [${m[1]}] update succeeded`).join("\n")}
Visit your newly deployed app at https://corvid-web.fly.dev/
VERSION STATUS    DESCRIPTION USER                DATE
v149    complete  Release     jonas@corvid.io     just now`, undefined, { kind: "build", where: "bottom" }],
    [178, "Bash", { command: "git commit -am 'fix(webhooks): restore the raw body reader on Plug.Parsers' && git log -1 --format='%h %s%n%n%b'" }, `[main 6d0e71b] fix(webhooks): restore the raw body reader on Plug.Parsers
 3 files changed, 52 insertions(+), 1 deletion(-)
6d0e71b fix(webhooks): restore the raw body reader on Plug.Parsers

v148 (1f3c9a2, req 0.5 + endpoint cleanup) dropped body_reader: {CorvidWeb.CacheBodyReader,
:read_body, []} from Plug.Parsers as dead code. The webhook controller still verifies
the Stripe signature against conn.assigns.raw_body before enqueueing the event, and
without the exact raw body every delivery failed with "No signatures found matching
the expected signature for payload" and a 400: 1284 events in 38 minutes (invoice.paid,
customer.subscription.updated). Rolled back to v147's image with fly deploy --image
(released as v149); Stripe retried the failed deliveries. Body reader is back and a
test now posts a signed payload through the whole endpoint.`, undefined, { kind: "build", where: "top" }],

    // ---------------- stripe webhook secret rotation (Oct 21) ----------------
    [181, "Bash", { command: "git log --all -S 'whsec_' --format='%h %ad %an %s' --date=short && git grep -n 'whsec_' $(git rev-list --all | tail -1) -- config/ | head -2" }, `4e1a2b0 2025-03-14 Jonas Brandt chore: env example for prod deploys
8c3d1f7 2025-03-20 Jonas Brandt chore: remove env example
4e1a2b0:config/.env.prod.example:3:STRIPE_WEBHOOK_SECRET=whsec_5Xk2...q9Lw
(the example file held the live signing secret, not a placeholder; the repo went public for the hiring take-home fork on Oct 18, so the secret is rolled in Stripe and replaced in fly secrets)`, undefined, { kind: "build", where: "top" }],
    [183, "Bash", SEC_CMD, secrets("e40f9a1c6b27d853", "4 days ago", "2f8c6d0e1b93a475", "1 minute ago"), "secrets", { kind: "app", where: "top" }],

    // ---------------- flaky InvoiceLiveTest (Oct 22) ----------------
    [185, "Bash", GH_CMD, ghRuns([
      ghRow("X", "invoices: csv export for accountants", "11962207114", "6m58s", "about 20 minutes ago"),
      ghRow("✓", "fix(webhooks): restore the raw body reader on Plug.Parsers", "11930045870", "7m11s", "2 days ago"),
      ghRow("X", "deps: req 0.5, phoenix 1.7.14, oban 2.18.3; endpoint cleanup", "11928810021", "7m30s", "2 days ago"),
      ghRow("✓", "db: crunchy bridge behind pgbouncer: unnamed prepares", "11901220583", "6m49s", "about 5 days ago"),
    ]), "ci", { kind: "build", where: "top" }],
    [186, "Bash", { command: "gh run view 11962207114 --log-failed | grep -A12 '1) test'" }, `test	Run tests	2026-10-22T09:41:18.0Z   1) test reminders tab lists overdue invoices by due date (CorvidWeb.InvoiceLiveTest)
test	Run tests	2026-10-22T09:41:18.0Z      test/corvid_web/live/invoice_live_test.exs:142
test	Run tests	2026-10-22T09:41:18.0Z      match (=) failed
test	Run tests	2026-10-22T09:41:18.0Z      code:  assert [%{id: ^older_id}, %{id: ^newer_id}] = Reminders.overdue(org)
test	Run tests	2026-10-22T09:41:18.0Z      left:  [%{id: ^older_id}, %{id: ^newer_id}]
test	Run tests	2026-10-22T09:41:18.0Z      right: [%Corvid.Billing.Invoice{id: 88213, due_date: ~D[2026-10-01], ...}, %Corvid.Billing.Invoice{id: 88212, due_date: ~D[2026-10-01], ...}]
test	Run tests	2026-10-22T09:41:18.0Z      stacktrace:
test	Run tests	2026-10-22T09:41:18.0Z        test/corvid_web/live/invoice_live_test.exs:151: (test)
test	Run tests	2026-10-22T09:41:18.1Z 
test	Run tests	2026-10-22T09:41:18.1Z Finished in 41.2 seconds (33.8s async, 7.4s sync)
test	Run tests	2026-10-22T09:41:18.1Z 455 tests, 1 failure, 3 skipped
(the same test failed on 1f3c9a2 two days ago, passed on re-run)`, undefined, { kind: "test", error: true, where: "top" }],
    [187, "Bash", { command: "mix test test/corvid_web/live/invoice_live_test.exs --repeat-until-failure 100 2>&1 | tail -14" }, `Running ExUnit with seed: 418220, max_cases: 16

........
  1) test reminders tab lists overdue invoices by due date (CorvidWeb.InvoiceLiveTest)
     test/corvid_web/live/invoice_live_test.exs:142
     match (=) failed
     code:  assert [%{id: ^older_id}, %{id: ^newer_id}] = Reminders.overdue(org)
     right: [%Corvid.Billing.Invoice{id: 1044, due_date: ~D[2026-10-01], ...}, %Corvid.Billing.Invoice{id: 1043, due_date: ~D[2026-10-01], ...}]

Finished in 1.1 seconds (1.1s async, 0.00s sync)
25 tests, 1 failure
(failed on run 23 of 100)`, "flaky", { kind: "test", error: true, where: "bottom" }],
    [190, "Bash", { command: "mix test test/corvid_web/live/invoice_live_test.exs --repeat-until-failure 500 2>&1 | tail -4" }, `Finished in 1.0 seconds (1.0s async, 0.00s sync)
25 tests, 0 failures
(500 runs, no failure)`, "flaky", { kind: "test", where: "bottom" }],
    [191, "Bash", { command: "git commit -am 'fix(billing): stable order for overdue reminders' && git log -1 --format='%h %s%n%n%b'" }, `[main a7f2c04] fix(billing): stable order for overdue reminders
 2 files changed, 3 insertions(+), 2 deletions(-)
a7f2c04 fix(billing): stable order for overdue reminders

InvoiceLiveTest "reminders tab lists overdue invoices by due date" failed about once
in 20-30 runs (red CI on 1f3c9a2 and on the csv export push). Reminders.overdue/1
ordered by due_date only, so two invoices due the same day came back in whatever order
postgres picked. A real bug too: the reminders tab and the dunning e-mail could list
them differently. Now order_by [asc: due_date, asc: id].`, undefined, { kind: "build", where: "top" }],

    // ---------------- final tuning before month-end (Oct 23) ----------------
    [194, "Bash", { command: "git commit -am 'oban: mailers 20, pdf 12, webhooks 25, reports; api limit 120' && git log -1 --format='%h %s%n%n%b'" }, `[main 2c9b6e1] oban: mailers 20, pdf 12, webhooks 25, reports; api limit 120
 3 files changed, 9 insertions(+), 6 deletions(-)
2c9b6e1 oban: mailers 20, pdf 12, webhooks 25, reports; api limit 120

Month-end prep. Each pdf job holds a db connection while it renders, and the worker
machines have POOL_SIZE 15 through pgbouncer: pdf 20 starved everything else on the
worker, so pdf 12 and workers go to 4 cpus. Mailers 20 for the Nov 1 invoice mails,
webhooks 25 for Stripe retry bursts, a reports queue (2) for the revenue report that
used to run in the request. Pruner keeps 7 days again, support wants a week of webhook
job history. API limit is now per org, 120/min: with the shared Redis buckets the old
60 per key throttled customers with two integrations.`, undefined, { kind: "build", where: "top" }],
    [196, "Bash", GH_CMD, ghRuns([
      CI_NOW,
      ghRow("✓", "fix(billing): stable order for overdue reminders", "11970551392", "6m47s", "about 1 day ago"),
      ghRow("X", "invoices: csv export for accountants", "11962207114", "6m58s", "about 1 day ago"),
      ghRow("✓", "fix(webhooks): restore the raw body reader on Plug.Parsers", "11930045870", "7m11s", "3 days ago"),
    ]), "ci", { kind: "build", where: "top" }],
    [198, "Bash", { command: `fly scale vm performance-1x --vm-memory 2048 --process-group app -a ${APP} && fly scale vm shared-cpu-4x --vm-memory 4096 --process-group worker -a ${APP} && fly scale count app=3 --region ams -y -a ${APP} && fly scale show -a ${APP}` }, `Scaled VM Type to
 CPU Cores: 1
    Memory: 2048 MB
Scaled VM Type to
 CPU Cores: 4
    Memory: 4096 MB
App 'corvid-web' is going to be scaled according to this plan:
  +1 machines for group 'app' on region 'ams' of size 'performance-1x'
${scaleShow(APP, [APP_NOW, WRK_NOW])}`, "scale", { kind: "app", where: "bottom" }],
    [199, "Read", { file_path: PLUG }, rateLimitPlug("org", 120), "ratelimit", { kind: "code", where: "top" }],
    [200, "Read", { file_path: RUNTIME }, obanCfg("default: 10, mailers: 20, pdf: 12, webhooks: 25, reports: 2", "60 * 60 * 24 * 7", "\n      {Oban.Plugins.Lifeline, rescue_after: :timer.minutes(30)},", "Oban.Notifiers.PG"), "obancfg", { kind: "code", where: "top" }],
    [201, "Bash", TIGRIS_CMD, `Total Objects: 1261877
   Total Size: 199804412203`, "tigris", { kind: "app", where: "top" }],
    [202, "Bash", { command: "mix hex.outdated" }, hexOutdated([
      ["credo", "1.7.10", "1.7.10", "Up-to-date"],
      ["ecto_sql", "3.12.1", "3.12.1", "Up-to-date"],
      ["finch", "0.19.0", "0.19.0", "Up-to-date"],
      ["hammer", "6.2.1", "6.2.1", "Up-to-date"],
      ["libcluster", "3.4.1", "3.4.1", "Up-to-date"],
      ["oban", "2.18.3", "2.18.3", "Up-to-date"],
      ["phoenix", "1.7.14", "1.7.14", "Up-to-date"],
      ["phoenix_live_view", "0.20.17", "1.0.1", "Update not possible"],
      ["req", "0.5.6", "0.5.6", "Up-to-date"],
      ["sentry", "10.7.1", "10.8.0", "Update possible"],
      ["stripity_stripe", "3.2.0", "3.2.0", "Up-to-date"],
    ]), "hexoutdated", { kind: "build", where: "top" }],
    [203, "Bash", REL_CMD, releases([
      relRow(152, "complete", "mira@corvid.io", "14m ago", IMG[152]),
      relRow(151, "complete", "jonas@corvid.io", "2d ago", IMG[150]),
      relRow(150, "complete", "jonas@corvid.io", "3d ago", IMG[150]),
      relRow(149, "complete", "jonas@corvid.io", "3d ago", IMG[147]),
      relRow(148, "complete", "jonas@corvid.io", "3d ago", IMG[148]),
      relRow(147, "complete", "mira@corvid.io", "6d ago", IMG[147]),
    ]), "releases", { kind: "app", where: "top" }],
    [204, "Bash", OBANQ_CMD, obanCounts([["default", "available", 1], ["mailers", "available", 1], ["pdf", "available", 4], ["pdf", "executing", 3], ["reports", "available", 1], ["webhooks", "executing", 2]]), "obanqueue", { kind: "pg", where: "top" }],
    [205, "Bash", BEAM_CMD("6e82d93c406787"), beamMem({ total: 412, processes: 152, binary: 91, ets: 31 }), "beammem", { kind: "app", where: "top" }],
    [206, "Bash", NODES_CMD, `6
%{"ams" => 5, "iad" => 2}`, "nodelist", { kind: "app", where: "top" }],
    [207, "Bash", { command: `fly machine list -a ${APP}` }, machineList(M2), "machines", { kind: "app", where: "top" }],
  ],
  questions: [
    // state
    { kind: "state", prompt: "how many web machines do we have in ams now?", want: [{ key: "scale", fact: "ams(3),iad(2)" }] },
    { kind: "state", prompt: "what vm are the app machines on these days", want: [{ key: "scale", fact: APP_NOW }] },
    { kind: "state", prompt: "oban mailer queue concurrency rn", want: [{ key: "obancfg", fact: "mailers: 20" }] },
    { kind: "state", prompt: "which elixir r we on", want: [{ key: "toolversions", fact: "elixir 1.17.3-otp-27" }] },
    { kind: "state", prompt: "db pool size per machine atm?", want: [{ key: "flytoml", fact: "POOL_SIZE = '15'" }] },
    { kind: "state", prompt: "max conns on the prod postgres now", want: [{ key: "maxconn", fact: " 500\n(1 row)" }] },
    { kind: "state", prompt: "which fly release is live in prod rn", want: [{ key: "releases", fact: "v152" }] },
    { kind: "state", prompt: "how many times does a pdf job get retried before it's discarded, currently", want: [{ key: "pdfworker", fact: "max_attempts: 5," }] },
    { kind: "state", prompt: "how long do we keep completed oban jobs these days", want: [{ key: "obancfg", fact: "{Oban.Plugins.Pruner, max_age: 60 * 60 * 24 * 7}" }] },
    { kind: "state", prompt: "whats the api rate limit now and is it per key or per org", want: [{ key: "ratelimit", fact: "@limit 120" }] },
    { kind: "state", prompt: "is hammer still on the ets backend?", want: [{ key: "hammercfg", fact: "{Hammer.Backend.Redis," }] },
    { kind: "state", prompt: "beam mem on the app nodes now", want: [{ key: "beammem", fact: "total: 412" }] },
    { kind: "state", prompt: "how many nodes are in the erlang cluster atm", want: [{ key: "nodelist", fact: '%{"ams" => 5, "iad" => 2}' }] },
    { kind: "state", prompt: "is the invoice live test still flaky", want: [{ key: "flaky", fact: "(500 runs, no failure)" }] },
    { kind: "state", prompt: "is ci green on main", want: [{ key: "ci", fact: CI_NOW }] },
    { kind: "state", prompt: "which oban version do we have", want: [{ key: "hexoutdated", fact: OBAN_HEX_NOW }] },
    { kind: "state", prompt: "how many pdf jobs waiting rn", want: [{ key: "obanqueue", fact: PDF_NOW }] },
    { kind: "state", prompt: "when was the stripe webhook signing secret last changed", want: [{ key: "secrets", fact: WHSEC_NOW }] },
    { kind: "state", prompt: "libcluster basename cfg these days?", want: [{ key: "libcluster", fact: BASENAME_NOW }] },
    { kind: "state", prompt: "are we still using named prepared statments against the db", want: [{ key: "repocfg", fact: "prepare: :unnamed," }] },
    // history
    { kind: "history", prompt: "why did we roll back v148?", want: [{ turn: 178, fact: "dropped body_reader: {CorvidWeb.CacheBodyReader" }] },
    { kind: "history", prompt: "what did ci complain about right after the otp 27 bump", want: [{ turn: 68, fact: "pattern matching on 0.0 is equivalent to matching only on +0.0 from Erlang/OTP 27+" }] },
    { kind: "history", prompt: "how many jobs were stuck in the pdf queue when it backed up", want: [{ turn: 7, fact: PDF_BACKLOG }] },
    { kind: "history", prompt: "what was eating all the memory on the app machines before the oom kills", want: [{ turn: 34, fact: "{#PID<0.4127.0>, 1451203984," }] },
    { kind: "history", prompt: "which image did we roll back to", want: [{ turn: 175, fact: `image: registry.fly.io/corvid-web:deployment-${IMG[147]}` }] },
    { kind: "history", prompt: "who else was hogging conns on fly pg when we ran out", want: [{ turn: 135, fact: " corvid_staging | corvid_staging |    30" }] },
    { kind: "history", prompt: "what was the reminder migration actually stuck behind when invoices locked up", want: [{ turn: 99, fact: "(41822 is the monthly revenue report from the admin dashboard" }] },
    { kind: "history", prompt: "how many jobs were sitting in executing after the v138 deploy", want: [{ turn: 8, fact: "    37\n(1 row)" }] },
    { kind: "history", prompt: "what broke right after we pointed DATABASE_URL at crunchy", want: [{ turn: 154, fact: 'prepared statement "ecto_1442" does not exist' }] },
    { kind: "history", prompt: "why did we have to rotate the stripe webhook secret", want: [{ turn: 181, fact: "the example file held the live signing secret, not a placeholder" }] },
    { kind: "history", prompt: "root cause of the flaky invoice test?", want: [{ turn: 191, fact: "ordered by due_date only, so two invoices due the same day" }] },
    { kind: "history", prompt: "how many req/min was acme getting thru before hammer moved to redis", want: [{ turn: 82, fact: "    231 2026-10-11T07:02" }] },
    { kind: "history", prompt: "which release first shipped with otp 27", want: [{ turn: 76, fact: "v141    complete  Release     jonas@corvid.io     just now" }] },
    // multi
    { kind: "multi", prompt: "pool size and max conns rn", want: [{ key: "flytoml", fact: "POOL_SIZE = '15'" }, { key: "maxconn", fact: " 500\n(1 row)" }] },
    { kind: "multi", prompt: "oban pdf concurrency + max attempts on the pdf worker?", want: [{ key: "obancfg", fact: "pdf: 12" }, { key: "pdfworker", fact: "max_attempts: 5," }] },
    { kind: "multi", prompt: "which elixir are we on, and is ci green?", want: [{ key: "toolversions", fact: "elixir 1.17.3-otp-27" }, { key: "ci", fact: CI_NOW }] },
    { kind: "state", prompt: "web vs worker machines rn, counts and sizes", want: [{ key: "scale", fact: APP_NOW }, { key: "scale", fact: WRK_NOW }] },
    { kind: "multi", prompt: "current release / beam mem", want: [{ key: "releases", fact: "v152" }, { key: "beammem", fact: "total: 412" }] },
    { kind: "multi", prompt: "is the flaky invoice test fixed? also whats the api limit now", want: [{ key: "flaky", fact: "(500 runs, no failure)" }, { key: "ratelimit", fact: "@limit 120" }] },
    { kind: "multi", prompt: "hammer backend as well as how many nodes are clustered", want: [{ key: "hammercfg", fact: "{Hammer.Backend.Redis," }, { key: "nodelist", fact: '%{"ams" => 5, "iad" => 2}' }] },
    { kind: "multi", prompt: "oban version plus how many pdf jobs are queued", want: [{ key: "hexoutdated", fact: OBAN_HEX_NOW }, { key: "obanqueue", fact: PDF_NOW }] },
    { kind: "multi", prompt: "prepare mode vs oban notifier, current cfg", want: [{ key: "repocfg", fact: "prepare: :unnamed," }, { key: "obancfg", fact: "notifier: Oban.Notifiers.PG," }] },
    // none
    { kind: "none", prompt: "thx, thats all for today" },
    { kind: "none", prompt: "how does a GenServer's handle_continue work in general" },
    { kind: "none", prompt: "generally when would you pick Task.async_stream over an oban queue for fan-out" },
    { kind: "none", prompt: "brb lunch" },
  ],
};

/** Held out from the selection work: written blind, never run before it was registered (Elixir/Phoenix on Fly.io). */
export const HELD_OUT_34 = [corvid];
