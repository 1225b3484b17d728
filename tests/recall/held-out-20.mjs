// Two more held-out recall sessions (format: tests/recall/build.mjs): written blind, without reading the selection's
// code, its tests or any benchmark result, and kept out of the selection work. HELD_OUT_20: a .NET 8 ASP.NET Core
// invoicing system on Azure (an API, a Service Bus worker that renders PDFs, a webhooks dispatcher) on AKS with Azure
// SQL and EF Core migrations, Key Vault, App Configuration feature flags, App Insights/KQL, GitHub Actions and Bicep:
// a dead-letter pile-up on the render queue (lock lost, lock duration and worker concurrency changed), an EF Core 9
// bump that broke the build and the tests and was reverted, an index migration that timed out in prod and the SQL
// tier scaled up and down again, a partner 429 incident with rate limits raised then lowered, Key Vault throttling
// from the worker, a node pool SKU and count change, a Service Bus key rotation that broke the worker before the
// switch to workload identity, a flaky xUnit test, a PDF feature flag rolled out, off and on again, a release that
// was rolled back with helm; English questions. HELD_OUT_21: a Rust backend (axum, tokio, sqlx/Postgres, Redis) on two
// bare-metal servers with systemd units, nginx + certbot, Ansible, Prometheus/Alertmanager: a worker unit restart
// loop, a log disk filling up and a logrotate/journald fix, a sqlx 0.8 bump that broke on MSRV and a renamed feature,
// a migration checksum mismatch, nginx 502 upstream timeouts from an exhausted pool, a pool size raised past
// Postgres max_connections, a release rollback, a tokio task leak found with tokio-console and heaptrack, a failed
// certbot renewal, alert thresholds and Redis maxmemory that change; the user writes Turkish for about half the
// questions.

const C = "/home/dev/cobalt";
const ACR = "crcobaltprod.azurecr.io";

const depRow = (name, ready, tag) => `${name.padEnd(20)}${ready.padEnd(8)}${ready.split("/")[1].padEnd(13)}${ready.split("/")[1].padEnd(12)}${"214d".padEnd(6)}${name.replace("cobalt-", "").padEnd(12)}${ACR}/${name}:${tag}`;
const deploys = (api, hooks, worker) => `NAME                READY   UP-TO-DATE   AVAILABLE   AGE   CONTAINERS  IMAGES\n${depRow("cobalt-api", ...api)}\n${depRow("cobalt-webhooks", ...hooks)}\n${depRow("cobalt-worker", ...worker)}`;
const WORKER_NOW = depRow("cobalt-worker", "4/4", "2.15.1");

const sbQueue = (lock, mdc, active, dlq) => `{\n  "counts": {\n    "activeMessageCount": ${active},\n    "deadLetterMessageCount": ${dlq},\n    "scheduledMessageCount": 0,\n    "transferDeadLetterMessageCount": 0,\n    "transferMessageCount": 0\n  },\n  "deadLetteringOnMessageExpiration": false,\n  "defaultMessageTimeToLive": "P14D",\n  "lockDuration": "${lock}",\n  "maxDeliveryCount": ${mdc},\n  "maxSizeInMegabytes": 5120,\n  "name": "invoice-render",\n  "requiresSession": false,\n  "status": "Active"\n}`;
const SBQ_CMD = { command: "az servicebus queue show -g rg-cobalt-prod --namespace-name sb-cobalt-prod -n invoice-render --query '{name:name,status:status,lockDuration:lockDuration,maxDeliveryCount:maxDeliveryCount,defaultMessageTimeToLive:defaultMessageTimeToLive,maxSizeInMegabytes:maxSizeInMegabytes,requiresSession:requiresSession,deadLetteringOnMessageExpiration:deadLetteringOnMessageExpiration,counts:countDetails}'" };

const workerCfg = (calls, prefetch, renew, auth) => `{
  "Logging": {
    "LogLevel": { "Default": "Information", "Microsoft.Hosting.Lifetime": "Information", "Azure.Messaging.ServiceBus": "Warning" }
  },
  "ServiceBus": {
    "Auth": "${auth}",
    "FullyQualifiedNamespace": "sb-cobalt-prod.servicebus.windows.net",
${auth === "WorkloadIdentity" ? '    "ClientIdFromEnv": "AZURE_CLIENT_ID",\n' : '    "KeyVaultEntry": "ServiceBus--ConnectionString",\n'}    "Queues": {
      "InvoiceRender": {
        "Name": "invoice-render",
        "MaxConcurrentCalls": ${calls},
        "PrefetchCount": ${prefetch},
        "MaxAutoLockRenewalDuration": "${renew}",
        "AutoCompleteMessages": false
      },
      "EmailOutbound": {
        "Name": "email-outbound",
        "MaxConcurrentCalls": 10,
        "PrefetchCount": 50,
        "MaxAutoLockRenewalDuration": "00:05:00",
        "AutoCompleteMessages": false
      }
    }
  },
  "PdfRenderer": { "Engine": "DinkToPdf", "TimeoutSeconds": 120, "TempPath": "/tmp/pdf" },
  "KeyVault": { "Uri": "https://kv-cobalt-prod.vault.azure.net/", "ReloadIntervalMinutes": 30 },
  "ApplicationInsights": { "EnableAdaptiveSampling": true }
}`;

const rateLimit = (permit, queue) => `  36\tvar builder = WebApplication.CreateBuilder(args);
  37\tbuilder.Services.AddApplicationInsightsTelemetry();
  38\tbuilder.Services.AddCobaltData(builder.Configuration);
  39\tbuilder.Services.AddAzureAppConfiguration().AddFeatureManagement();
  40\t
  41\tbuilder.Services.AddRateLimiter(options =>
  42\t{
  43\t    options.RejectionStatusCode = StatusCodes.Status429TooManyRequests;
  44\t    options.OnRejected = (ctx, _) =>
  45\t    {
  46\t        ctx.HttpContext.Response.Headers.RetryAfter = "60";
  47\t        return ValueTask.CompletedTask;
  48\t    };
  49\t    options.AddPolicy("partner-api", httpContext =>
  50\t        RateLimitPartition.GetFixedWindowLimiter(
  51\t            partitionKey: httpContext.User.FindFirst("partner_id")?.Value ?? "anonymous",
  52\t            factory: _ => new FixedWindowRateLimiterOptions
  53\t            {
  54\t                PermitLimit = ${permit},
  55\t                Window = TimeSpan.FromMinutes(1),
  56\t                QueueProcessingOrder = QueueProcessingOrder.OldestFirst,
  57\t                QueueLimit = ${queue},
  58\t            }));
  59\t    options.AddPolicy("public-status", httpContext =>
  60\t        RateLimitPartition.GetFixedWindowLimiter(httpContext.Connection.RemoteIpAddress?.ToString() ?? "none",
  61\t            _ => new FixedWindowRateLimiterOptions { PermitLimit = 30, Window = TimeSpan.FromMinutes(1) }));
  62\t});
  63\t
  64\tvar app = builder.Build();
  65\tapp.UseRateLimiter();
  66\tapp.MapControllers().RequireRateLimiting("partner-api");`;

const npRow = (name, mode, size, count, min, max) => `${name.padEnd(12)}${mode.padEnd(8)}${size.padEnd(18)}${String(count).padEnd(7)}${"True".padEnd(12)}${String(min).padEnd(6)}${String(max).padEnd(6)}1.29.9    Succeeded`;
const nodepools = (rows) => `Name        Mode    VmSize            Count  AutoScaling Min   Max   K8s       State\n----------  ------  ----------------  -----  ----------- ----  ----  --------  ---------\n${rows.join("\n")}`;
const NP_SYS = npRow("systempool", "System", "Standard_D2s_v5", 3, 3, 3);
const NP_CMD = { command: "az aks nodepool list -g rg-cobalt-prod --cluster-name aks-cobalt-prod --query '[].{Name:name,Mode:mode,VmSize:vmSize,Count:count,AutoScaling:enableAutoScaling,Min:minCount,Max:maxCount,K8s:orchestratorVersion,State:provisioningState}' -o table" };
const NP_NOW = npRow("userd8", "User", "Standard_D8s_v5", 3, 2, 6);

const sqlDb = (slo, cap) => `{\n  "capacity": ${cap},\n  "currentServiceObjectiveName": "${slo}",\n  "family": "Gen5",\n  "maxSizeBytes": 536870912000,\n  "name": "sqldb-cobalt",\n  "readScale": "Disabled",\n  "status": "Online",\n  "tier": "GeneralPurpose",\n  "zoneRedundant": false\n}`;
const SQL_CMD = "az sql db show -g rg-cobalt-prod -s sql-cobalt-prod -n sqldb-cobalt --query '{name:name,status:status,tier:currentSku.tier,family:currentSku.family,capacity:currentSku.capacity,currentServiceObjectiveName:currentServiceObjectiveName,maxSizeBytes:maxSizeBytes,readScale:readScale,zoneRedundant:zoneRedundant}'";

const EF_OLD = [["20261120104455_AddCreditNotes", "8.0.8"], ["20261107091210_AddPartnerWebhooks", "8.0.8"], ["20261030150301_InvoiceStatusHistory", "8.0.8"], ["20261012082233_AddTenantSettings", "8.0.7"], ["20260921110045_PartnerApiKeysHashed", "8.0.7"]];
const efHist = (rows) => `MigrationId                                        ProductVersion\n-------------------------------------------------- --------------\n${rows.map(([id, v]) => `${id.padEnd(51)}${v}`).join("\n")}\n\n(${rows.length} rows affected)`;
const EF_CMD = { command: "sqlcmd -S sql-cobalt-prod.database.windows.net -d sqldb-cobalt --authentication-method ActiveDirectoryDefault -Q \"SET NOCOUNT OFF; SELECT TOP 5 MigrationId, ProductVersion FROM __EFMigrationsHistory ORDER BY MigrationId DESC\" -W" };

const pkgRow = (name, v) => `   > ${name.padEnd(46)}${v.padEnd(12)}${v}`;
const pkgList = (ef, sb, ident, xunit, tc) => `Project 'Cobalt.Api' has the following package references
   [net8.0]:
   Top-level Package                                 Requested   Resolved
${pkgRow("Microsoft.ApplicationInsights.AspNetCore", "2.22.0")}
${pkgRow("Microsoft.Azure.AppConfiguration.AspNetCore", "7.3.0")}
${pkgRow("Microsoft.FeatureManagement.AspNetCore", "3.5.0")}
${pkgRow("Swashbuckle.AspNetCore", "6.9.0")}

Project 'Cobalt.Data' has the following package references
   [net8.0]:
   Top-level Package                                 Requested   Resolved
${pkgRow("Microsoft.EntityFrameworkCore.Design", ef)}
${pkgRow("Microsoft.EntityFrameworkCore.SqlServer", ef)}

Project 'Cobalt.Worker' has the following package references
   [net8.0]:
   Top-level Package                                 Requested   Resolved
${pkgRow("Azure.Identity", ident)}
${pkgRow("Azure.Messaging.ServiceBus", sb)}
${pkgRow("Azure.Security.KeyVault.Secrets", "4.6.0")}
${pkgRow("DinkToPdf", "1.0.8")}
${pkgRow("QuestPDF", "2024.10.2")}

Project 'Cobalt.Tests' has the following package references
   [net8.0]:
   Top-level Package                                 Requested   Resolved
${pkgRow("Microsoft.NET.Test.Sdk", "17.11.1")}
${pkgRow("Testcontainers.MsSql", tc)}
${pkgRow("xunit", xunit)}
${pkgRow("xunit.runner.visualstudio", "2.8.2")}`;
const EF_NOW = pkgRow("Microsoft.EntityFrameworkCore.SqlServer", "8.0.11");

const kvSecret = (ct, enabled, expires, updated) => `{\n  "contentType": "${ct}",\n  "enabled": ${enabled},\n  "expires": "${expires}",\n  "name": "ServiceBus--ConnectionString",\n  "recoveryLevel": "Recoverable+Purgeable",\n  "updated": "${updated}"\n}`;
const KV_CMD = { command: "az keyvault secret show --vault-name kv-cobalt-prod --name ServiceBus--ConnectionString --query '{name:name,contentType:contentType,enabled:attributes.enabled,expires:attributes.expires,updated:attributes.updated,recoveryLevel:attributes.recoveryLevel}'" };

const flagRow = (key, state, desc) => `${key.padEnd(18)}${"prod".padEnd(9)}${state.padEnd(13)}${"False".padEnd(10)}${desc}`;
const flags = (pdf, hooks, bulk, pct) => `Key               Label    State        Locked    Description\n----------------  -------  -----------  --------  ----------------------------------------\n${flagRow("BulkExport", bulk, "CSV/XLSX export for partners")}\n${flagRow("EInvoicePeppol", "off", "Peppol BIS 3.0 e-invoicing")}\n${flagRow("InvoicePdfV2", pdf, "QuestPDF renderer (replaces DinkToPdf)")}\n${flagRow("WebhookRetriesV2", hooks, "exponential backoff + jitter")}${pct === undefined ? "" : `\n\n$ az appconfig feature filter list -n appcs-cobalt-prod --feature InvoicePdfV2 --label prod\n[\n  {\n    "name": "Microsoft.Targeting",\n    "parameters": {\n      "Audience": {\n        "DefaultRolloutPercentage": ${pct},\n        "Groups": [ { "Name": "internal-testers", "RolloutPercentage": 100 } ],\n        "Users": []\n      }\n    }\n  }\n]`}`;
const FLAG_CMD = "az appconfig feature list -n appcs-cobalt-prod --label prod --fields key label state locked description -o table";

const hpaRow = (name, cpu, min, max, rep) => `${name.padEnd(17)}${`Deployment/${name}`.padEnd(29)}${`cpu: ${cpu}/65%`.padEnd(15)}${String(min).padEnd(10)}${String(max).padEnd(10)}${String(rep).padEnd(11)}214d`;
const hpaTable = (api) => `NAME             REFERENCE                    TARGETS        MINPODS   MAXPODS   REPLICAS   AGE\n${api}\n${hpaRow("cobalt-webhooks", "22%", 2, 4, 2)}`;
const HPA_NOW = hpaRow("cobalt-api", "41%", 4, 12, 4);

const helmRow = (rev, when, status, chart, app, desc) => `${String(rev).padEnd(10)}${when.padEnd(26)}${status.padEnd(12)}${chart.padEnd(18)}${app.padEnd(13)}${desc}`;
const helmHist = (rows) => `REVISION  UPDATED                   STATUS      CHART             APP VERSION  DESCRIPTION\n${rows.join("\n")}`;
const H39 = helmRow(39, "Tue Nov 24 11:20:51 2026", "superseded", "cobalt-api-1.7.4", "2.13.2", "Upgrade complete");
const H40 = helmRow(40, "Mon Nov 30 14:02:11 2026", "superseded", "cobalt-api-1.8.0", "2.14.0", "Upgrade complete");
const H41 = (s) => helmRow(41, "Wed Dec  2 16:40:09 2026", s, "cobalt-api-1.8.1", "2.14.1", "Upgrade complete");
const H42 = (s) => helmRow(42, "Sat Dec  5 10:12:44 2026", s, "cobalt-api-1.9.0", "2.15.0", "Upgrade complete");
const H43 = (s) => helmRow(43, "Sat Dec  5 10:31:02 2026", s, "cobalt-api-1.8.1", "2.14.1", "Rollback to 41");
const H44 = helmRow(44, "Sat Dec  5 15:58:37 2026", "deployed", "cobalt-api-1.9.1", "2.15.1", "Upgrade complete");

const health = (v, commit) => `{"status":"Healthy","version":"${v}","commit":"${commit}","environment":"Production","checks":{"sql":"Healthy","servicebus":"Healthy","keyvault":"Healthy","appconfig":"Healthy"},"totalDuration":"00:00:00.0412211"}`;

const kql429 = (rows) => `PartnerId          Total     Throttled   ThrottledPct\n-----------------  --------  ----------  ------------\n${rows.map(([p, t, th, pct]) => `${p.padEnd(19)}${String(t).padEnd(10)}${String(th).padEnd(12)}${pct}`).join("\n")}`;
const Q429 = { command: "az monitor app-insights query -a appi-cobalt-prod --analytics-query \"requests | where timestamp > ago(24h) and name startswith 'POST /api/v1' | extend PartnerId = tostring(customDimensions.partner_id) | summarize Total = count(), Throttled = countif(resultCode == '429') by PartnerId | extend ThrottledPct = round(100.0 * Throttled / Total, 2) | order by Throttled desc\" -o table" };
const ACME_NOW = ["acme-erp", 236113, 212, "0.09"];
const acmeRow = ([p, t, th, pct]) => `${p.padEnd(19)}${String(t).padEnd(10)}${String(th).padEnd(12)}${pct}`;

const aiCfg = (pct, cap) => `  1\t{
  2\t  "AllowedHosts": "*",
  3\t  "ApplicationInsights": {
  4\t    "EnableAdaptiveSampling": false,
  5\t    "SamplingPercentage": ${pct},
  6\t    "ExcludedTypes": "Event;Exception",
  7\t    "DailyCapGb": ${cap}
  8\t  },
  9\t  "AppConfiguration": { "Endpoint": "https://appcs-cobalt-prod.azconfig.io", "RefreshSeconds": 30 },
 10\t  "Partners": { "ExportMaxRows": 250000, "WebhookTimeoutSeconds": 10 },
 11\t  "Sql": { "CommandTimeoutSeconds": 30, "EnableRetryOnFailure": true, "MaxRetryCount": 6 }
 12\t}`;

const flakyLoop = (failed, note) => `$ for i in $(seq 30); do dotnet test tests/Cobalt.Tests --no-build --filter "FullyQualifiedName~InvoiceNumberGeneratorTests|FullyQualifiedName~CreditNoteTests" >/tmp/xu-$i.log 2>&1 || echo "run $i FAILED"; done; grep -l "Failed!" /tmp/xu-*.log | wc -l\n${note}\n${failed}/30 runs failed`;

const cobalt = {
  name: "cobalt (held out 20)",
  sessionId: "c4f57edf-9e29-481c-b96d-876694441cb5",
  cwd: C,
  turns: 214,
  seed: 20207,
  files: ["src/Cobalt.Api/Program.cs", "src/Cobalt.Api/Controllers/InvoicesController.cs", "src/Cobalt.Api/Controllers/ExportsController.cs", "src/Cobalt.Worker/InvoiceRenderProcessor.cs", "src/Cobalt.Worker/Program.cs", "src/Cobalt.Worker/appsettings.Production.json", "src/Cobalt.Data/CobaltDbContext.cs", "src/Cobalt.Data/Migrations/CobaltDbContextModelSnapshot.cs", "src/Cobalt.Data/MigrationRunner.cs", "tests/Cobalt.Tests/InvoiceNumberGeneratorTests.cs", "tests/Cobalt.Tests/CreditNoteTests.cs", "infra/main.bicep", "infra/modules/aks.bicep", "infra/modules/servicebus.bicep", "deploy/helm/cobalt-api/values-prod.yaml", ".github/workflows/deploy.yml", "Directory.Packages.props"],
  otherTests: ["Cobalt.Tests.PartnerAuthTests", "Cobalt.Tests.InvoiceTotalsTests", "Cobalt.Tests.WebhookSignatureTests", "Cobalt.Tests.TaxRoundingTests", "Cobalt.Tests.ExportCsvTests"],
  words: ["invoice", "tenant", "partner", "render", "webhook", "queue", "message", "lock", "export", "creditNote", "line", "total", "tax", "currency", "receiver", "sender", "options", "flag", "migration", "context", "retry", "scope", "telemetry", "secret", "pdf"],
  grepWords: ["ServiceBusProcessor", "AddDbContext", "IFeatureManager", "SecretClient", "TODO", "RequireRateLimiting"],
  testCommands: ["dotnet test tests/Cobalt.Tests --filter Category=Unit", "dotnet test tests/Cobalt.Tests --filter FullyQualifiedName~PartnerAuthTests", "dotnet test tests/Cobalt.Tests --filter FullyQualifiedName~TaxRoundingTests"],
  buildCommands: ["dotnet build -c Release", "dotnet format --verify-no-changes", "az bicep build -f infra/main.bicep"],
  appCommands: ["kubectl -n cobalt logs deploy/cobalt-api --tail 40", "kubectl -n cobalt logs deploy/cobalt-webhooks --tail 40", "dotnet run --project src/Cobalt.Api --launch-profile local"],
  prompts: ["continue", "next", "ok go on", "keep going", "proceed", "ok", "go ahead", "carry on", "next step pls"],
  facts: [
    [2, "Bash", { command: "kubectl -n cobalt get deploy -o wide" }, deploys(["3/3", "2.14.0"], ["2/2", "2.14.0"], ["2/2", "2.14.0"]), "deploys", { kind: "app", where: "top" }],
    [4, "Bash", SBQ_CMD, sbQueue("PT30S", 10, 9120, 18412), "sbqueue", { kind: "app", where: "top" }],
    [6, "Bash", { command: "dotnet run --project tools/SbPeek -- --namespace sb-cobalt-prod --queue invoice-render --dead-letter --count 3" }, `Peeking 3 of 18412 messages from invoice-render/$DeadLetterQueue

#1 SequenceNumber=88231911  EnqueuedTime=2026-12-01T07:41:12Z  DeliveryCount=10
   Subject: invoice.render  MessageId: inv-2026-118233-r1
   DeadLetterReason: MaxDeliveryCountExceeded
   DeadLetterErrorDescription: Message could not be consumed after 10 delivery attempts.
   Body: {"invoiceId":"INV-2026-118233","tenantId":"t-0412","lines":1840,"template":"default-v3"}

#2 SequenceNumber=88231940  EnqueuedTime=2026-12-01T07:41:15Z  DeliveryCount=10
   Subject: invoice.render  MessageId: inv-2026-118260-r1
   DeadLetterReason: MaxDeliveryCountExceeded
   DeadLetterErrorDescription: Message could not be consumed after 10 delivery attempts.
   Body: {"invoiceId":"INV-2026-118260","tenantId":"t-0098","lines":212,"template":"default-v3"}

#3 SequenceNumber=88232007  EnqueuedTime=2026-12-01T07:42:01Z  DeliveryCount=10
   Subject: invoice.render  MessageId: inv-2026-118301-r1
   DeadLetterReason: MaxDeliveryCountExceeded
   DeadLetterErrorDescription: Message could not be consumed after 10 delivery attempts.
   Body: {"invoiceId":"INV-2026-118301","tenantId":"t-0412","lines":96,"template":"compact-v1"}`, undefined, { kind: "app", where: "top" }],
    [8, "Bash", { command: "kubectl -n cobalt logs deploy/cobalt-worker --since=1h | grep -E 'render|ServiceBus' | tail -14" }, `2026-12-01T08:02:11.412Z info: Cobalt.Worker.InvoiceRenderProcessor[0] rendering INV-2026-118233 (1840 lines) attempt 10
2026-12-01T08:02:53.208Z info: Cobalt.Worker.InvoiceRenderProcessor[0] rendered invoice INV-2026-118233 in 41.8s
2026-12-01T08:02:53.219Z fail: Cobalt.Worker.InvoiceRenderProcessor[0] complete failed for INV-2026-118233
      Azure.Messaging.ServiceBus.ServiceBusException: The lock supplied is invalid. Either the lock expired, or the message has already been removed from the queue. For more information please see https://aka.ms/ServiceBusExceptions . Reference:8e2f0c1a-0d44-4b7e-9d1e-41a0c8e2b913, TrackingId:2b9f, SystemTracker:sb-cobalt-prod:Queue:invoice-render, Timestamp:2026-12-01T08:02:53 (MessageLockLost)
         at Azure.Messaging.ServiceBus.Amqp.AmqpReceiver.CompleteInternalAsync(Guid lockToken, TimeSpan timeout)
         at Azure.Messaging.ServiceBus.ServiceBusReceivedMessage.CompleteAsync(CancellationToken cancellationToken)
         at Cobalt.Worker.InvoiceRenderProcessor.OnMessageAsync(ProcessMessageEventArgs args) in /src/src/Cobalt.Worker/InvoiceRenderProcessor.cs:line 88
2026-12-01T08:02:54.001Z info: Cobalt.Worker.InvoiceRenderProcessor[0] rendering INV-2026-118260 (212 lines) attempt 10
2026-12-01T08:03:29.770Z info: Cobalt.Worker.InvoiceRenderProcessor[0] rendered invoice INV-2026-118260 in 35.7s
2026-12-01T08:03:29.781Z fail: Cobalt.Worker.InvoiceRenderProcessor[0] complete failed for INV-2026-118260 (MessageLockLost)
2026-12-01T08:03:30.114Z warn: Cobalt.Worker.InvoiceRenderProcessor[0] 16 renders in flight, pdf engine queue depth 16, cpu throttled
2026-12-01T08:03:31.902Z info: Cobalt.Worker.InvoiceRenderProcessor[0] rendered invoice INV-2026-118301 in 33.1s`, undefined, { kind: "app", error: true, where: "middle" }],
    [10, "Read", { file_path: `${C}/src/Cobalt.Worker/appsettings.Production.json` }, workerCfg(16, 200, "00:00:00", "ConnectionString"), "workercfg", { kind: "code", where: "top" }],
    [12, "Bash", { command: "az monitor app-insights query -a appi-cobalt-prod --analytics-query \"dependencies | where timestamp > ago(6h) and type == 'InProc' and name == 'PdfRenderer.Render' | summarize count(), p50=percentile(duration,50), p95=percentile(duration,95) by bin(timestamp, 1h)\" -o table" }, `timestamp                     count_   p50        p95
----------------------------  -------  ---------  ---------
2026-12-01T02:00:00.0000000Z  412      2210.4     4120.9
2026-12-01T03:00:00.0000000Z  398      2301.2     4480.0
2026-12-01T04:00:00.0000000Z  1877     17420.6    36112.8
2026-12-01T05:00:00.0000000Z  2940     24981.3    38204.1
2026-12-01T06:00:00.0000000Z  3012     26003.9    38911.5
2026-12-01T07:00:00.0000000Z  2988     25877.0    40110.2
(the 04:00 jump is the month-start batch; 16 renders per pod in parallel)`, undefined, { kind: "app", where: "top" }],
    [14, "Bash", { command: "kubectl -n cobalt top pods -l app=cobalt-worker && kubectl -n cobalt get deploy cobalt-worker -o jsonpath='{.spec.template.spec.containers[0].resources}'" }, `NAME                              CPU(cores)   MEMORY(bytes)
cobalt-worker-6d8f9c7b54-2mxkq    998m         1412Mi
cobalt-worker-6d8f9c7b54-qz7rw    1000m        1388Mi
{"limits":{"cpu":"1","memory":"2Gi"},"requests":{"cpu":"500m","memory":"1Gi"}}`, undefined, { kind: "app", where: "top" }],
    [16, "Edit", { file_path: `${C}/src/Cobalt.Worker/appsettings.Production.json`, old_string: '        "MaxConcurrentCalls": 16,\n        "PrefetchCount": 200,\n        "MaxAutoLockRenewalDuration": "00:00:00",', new_string: '        "MaxConcurrentCalls": 4,\n        "PrefetchCount": 20,\n        "MaxAutoLockRenewalDuration": "00:05:00",' }, `The file ${C}/src/Cobalt.Worker/appsettings.Production.json has been updated.`, undefined, { kind: "code", where: "top" }],
    [17, "Read", { file_path: `${C}/src/Cobalt.Worker/appsettings.Production.json` }, workerCfg(4, 20, "00:05:00", "ConnectionString"), "workercfg", { kind: "code", where: "top" }],
    [18, "Edit", { file_path: `${C}/infra/modules/servicebus.bicep`, old_string: "    lockDuration: 'PT30S'", new_string: "    lockDuration: 'PT2M'" }, `The file ${C}/infra/modules/servicebus.bicep has been updated. Here's the result of running \`cat -n\` on a snippet of the edited file:\n  22\tresource renderQueue 'Microsoft.ServiceBus/namespaces/queues@2022-10-01-preview' = {\n  23\t  parent: ns\n  24\t  name: 'invoice-render'\n  25\t  properties: {\n  26\t    lockDuration: 'PT2M'\n  27\t    maxDeliveryCount: 10\n  28\t    defaultMessageTimeToLive: 'P14D'\n  29\t    deadLetteringOnMessageExpiration: false\n  30\t  }\n  31\t}`, undefined, { kind: "code", where: "top" }],
    [19, "Bash", { command: "az deployment group what-if -g rg-cobalt-prod -f infra/main.bicep -p infra/main.prod.bicepparam" }, `Note: The result may contain false positive predictions (noise).

Resource and property changes are indicated with these symbols:
  - Delete
  + Create
  ~ Modify
  = Nochange

The deployment will update the following scope:

Scope: /subscriptions/…/resourceGroups/rg-cobalt-prod

  ~ Microsoft.ServiceBus/namespaces/sb-cobalt-prod/queues/invoice-render [2022-10-01-preview]
    ~ properties.lockDuration: "PT30S" => "PT2M"

  = Microsoft.ServiceBus/namespaces/sb-cobalt-prod/queues/email-outbound [2022-10-01-preview]
  = Microsoft.ServiceBus/namespaces/sb-cobalt-prod/queues/webhooks-dispatch [2022-10-01-preview]
  = Microsoft.KeyVault/vaults/kv-cobalt-prod [2023-07-01]
  = Microsoft.ContainerService/managedClusters/aks-cobalt-prod [2024-05-01]

Resource changes: 1 to modify, 4 no change.`, undefined, { kind: "build", where: "top" }],
    [20, "Bash", { command: `az deployment group create -g rg-cobalt-prod -f infra/main.bicep -p infra/main.prod.bicepparam --query properties.provisioningState -o tsv && ${SBQ_CMD.command}` }, `Succeeded\n${sbQueue("PT2M", 10, 11840, 18412)}`, "sbqueue", { kind: "app", where: "top" }],
    [22, "Bash", { command: "kubectl -n cobalt apply -f deploy/k8s/worker-config.yaml && kubectl -n cobalt scale deploy/cobalt-worker --replicas=6 && kubectl -n cobalt rollout status deploy/cobalt-worker && kubectl -n cobalt get deploy -o wide" }, `configmap/cobalt-worker-appsettings configured\ndeployment.apps/cobalt-worker scaled\nWaiting for deployment "cobalt-worker" rollout to finish: 2 of 6 updated replicas are available...\nWaiting for deployment "cobalt-worker" rollout to finish: 4 of 6 updated replicas are available...\ndeployment "cobalt-worker" successfully rolled out\n${deploys(["3/3", "2.14.0"], ["2/2", "2.14.0"], ["6/6", "2.14.0"])}`, "deploys", { kind: "app", where: "top" }],
    [24, "Bash", { command: "dotnet run --project tools/SbPeek -- --namespace sb-cobalt-prod --queue invoice-render --dead-letter --resubmit --batch 500" }, `Resubmitting from invoice-render/$DeadLetterQueue in batches of 500
batch 1: 500 resubmitted (0 failed)
batch 2: 500 resubmitted (0 failed)
...
batch 36: 500 resubmitted (0 failed)
batch 37: 412 resubmitted (0 failed)
resubmitted 18412 messages from invoice-render/$DeadLetterQueue to invoice-render (duplicates guarded by MessageId inv-*-r1, RequiresDuplicateDetection=false: worker checks Invoices.PdfBlobUri before rendering)`, undefined, { kind: "app", where: "bottom" }],
    [26, "Bash", SBQ_CMD, sbQueue("PT2M", 10, 1288, 0), "sbqueue", { kind: "app", where: "top" }],
    [28, "Bash", { command: "git commit -am 'worker: 4 concurrent renders per pod, lock renewal, render queue lock PT2M' && git log -1 --format='%h %s%n%n%b'" }, `[main 41c8e07] worker: 4 concurrent renders per pod, lock renewal, render queue lock PT2M
 3 files changed, 6 insertions(+), 6 deletions(-)
41c8e07 worker: 4 concurrent renders per pod, lock renewal, render queue lock PT2M

The month-start batch dead-lettered 18412 render messages. PdfRenderer is CPU-bound: 16 concurrent
renders on a pod limited to 1 CPU took 33-42s each, past the queue's 30s lock, so every complete
failed with MessageLockLost and the message came back until MaxDeliveryCount. Now 4 per pod,
prefetch 20, MaxAutoLockRenewalDuration 5 min, lockDuration PT2M (bicep), 6 worker replicas
for the backlog. Dead letters resubmitted with tools/SbPeek.`, undefined, { kind: "build", where: "top" }],
    [30, "Bash", { command: "dotnet list package" }, pkgList("8.0.8", "7.17.5", "1.12.0", "2.9.0", "3.10.0"), "pkglist", { kind: "build", where: "top" }],
    [31, "Bash", { command: "dotnet list package --outdated" }, `The following sources were used:
   https://api.nuget.org/v3/index.json

Project \`Cobalt.Data\` has the following updates to its packages
   [net8.0]:
   Top-level Package                                 Requested   Resolved   Latest
   > Microsoft.EntityFrameworkCore.Design            8.0.8       8.0.8      9.0.0
   > Microsoft.EntityFrameworkCore.SqlServer         8.0.8       8.0.8      9.0.0

Project \`Cobalt.Worker\` has the following updates to its packages
   [net8.0]:
   Top-level Package                                 Requested   Resolved   Latest
   > Azure.Identity                                  1.12.0      1.12.0     1.13.1
   > Azure.Messaging.ServiceBus                      7.17.5      7.17.5     7.18.2

Project \`Cobalt.Tests\` has the following updates to its packages
   [net8.0]:
   Top-level Package                                 Requested   Resolved   Latest
   > Testcontainers.MsSql                            3.10.0      3.10.0     4.0.0
   > xunit                                           2.9.0       2.9.0      2.9.2`, undefined, { kind: "build", where: "top" }],
    [32, "Edit", { file_path: `${C}/Directory.Packages.props`, old_string: '    <PackageVersion Include="Microsoft.EntityFrameworkCore.SqlServer" Version="8.0.8" />', new_string: '    <PackageVersion Include="Microsoft.EntityFrameworkCore.SqlServer" Version="9.0.0" />' }, `The file ${C}/Directory.Packages.props has been updated.`, undefined, { kind: "code", where: "top" }],
    [33, "Bash", { command: "dotnet build -c Release" }, `  Determining projects to restore...
/home/dev/cobalt/src/Cobalt.Data/Cobalt.Data.csproj : error NU1605: Warning As Error: Detected package downgrade: Microsoft.EntityFrameworkCore.Relational from 9.0.0 to 8.0.8. Reference the package directly from the project to select a different version. 
/home/dev/cobalt/src/Cobalt.Data/Cobalt.Data.csproj : error NU1605:  Cobalt.Data -> Microsoft.EntityFrameworkCore.SqlServer 9.0.0 -> Microsoft.EntityFrameworkCore.Relational (>= 9.0.0) 
/home/dev/cobalt/src/Cobalt.Data/Cobalt.Data.csproj : error NU1605:  Cobalt.Data -> Microsoft.EntityFrameworkCore.Design 8.0.8 -> Microsoft.EntityFrameworkCore.Relational (>= 8.0.8)
  Failed to restore /home/dev/cobalt/src/Cobalt.Data/Cobalt.Data.csproj (in 1.41 sec).
  4 of 5 projects are up-to-date for restore.

Build FAILED.

/home/dev/cobalt/src/Cobalt.Data/Cobalt.Data.csproj : error NU1605: Warning As Error: Detected package downgrade: Microsoft.EntityFrameworkCore.Relational from 9.0.0 to 8.0.8.
    0 Warning(s)
    3 Error(s)

Time Elapsed 00:00:04.18`, undefined, { kind: "build", error: true, where: "top" }],
    [35, "Edit", { file_path: `${C}/Directory.Packages.props`, old_string: '    <PackageVersion Include="Microsoft.EntityFrameworkCore.Design" Version="8.0.8" />', new_string: '    <PackageVersion Include="Microsoft.EntityFrameworkCore.Design" Version="9.0.0" />' }, `The file ${C}/Directory.Packages.props has been updated.`, undefined, { kind: "code", where: "top" }],
    [36, "Bash", { command: "dotnet test tests/Cobalt.Tests -c Release" }, `  Cobalt.Tests -> /home/dev/cobalt/tests/Cobalt.Tests/bin/Release/net8.0/Cobalt.Tests.dll
Test run for /home/dev/cobalt/tests/Cobalt.Tests/bin/Release/net8.0/Cobalt.Tests.dll (.NETCoreApp,Version=v8.0)
A total of 1 test files matched the specified pattern.
[xUnit.net 00:00:09.41]     Cobalt.Tests.InvoiceApiTests.Creates_invoice_with_lines [FAIL]
  Failed Cobalt.Tests.InvoiceApiTests.Creates_invoice_with_lines [1 ms]
  Error Message:
   System.InvalidOperationException : An error was generated for warning 'Microsoft.EntityFrameworkCore.Migrations.PendingModelChangesWarning': The model for context 'CobaltDbContext' has pending changes. Add a new migration before updating the database. This exception can be suppressed or logged by passing event ID 'RelationalEventId.PendingModelChangesWarning' to the 'ConfigureWarnings' method in 'DbContext.OnConfiguring' or 'AddDbContext'.
  Stack Trace:
     at Microsoft.EntityFrameworkCore.Diagnostics.EventDefinition\`1.Log[TLoggerCategory](IDiagnosticsLogger\`1 logger, TParam arg)
     at Microsoft.EntityFrameworkCore.Migrations.Internal.Migrator.Migrate(String targetMigration)
     at Cobalt.Tests.SqlFixture.InitializeAsync() in /home/dev/cobalt/tests/Cobalt.Tests/SqlFixture.cs:line 31

Failed!  - Failed:    41, Passed:   263, Skipped:     2, Total:   306, Duration: 1 m 12 s - Cobalt.Tests.dll (net8.0)`, undefined, { kind: "test", error: true, where: "top" }],
    [38, "Bash", { command: "git revert --no-edit HEAD && git commit --amend -m \"$(cat /tmp/revert-msg.txt)\" && git log -1 --format='%h %s%n%n%b'" }, `[main 9a1f3d6] Revert "deps: EF Core 9.0.0"
 1 file changed, 2 insertions(+), 2 deletions(-)
9a1f3d6 Revert "deps: EF Core 9.0.0"

Reverts 7c2e91b. With EF Core 9, Database.Migrate() throws PendingModelChangesWarning: the model
snapshot was generated by 8.0 and EF 9 computes the decimal(18,2) column facets differently, so
every integration test that migrates the Testcontainers db fails (41 of 306). Adding an empty
migration just to move the snapshot is not something to ship in the same PR as the
Service Bus fixes. Staying on EF 8 (LTS, net8.0), patch bump to 8.0.11 instead; EF 9 goes with
the .NET 9 move.`, undefined, { kind: "build", where: "top" }],
    [40, "Bash", { command: "dotnet restore && dotnet list package" }, pkgList("8.0.11", "7.18.2", "1.13.1", "2.9.0", "3.10.0"), "pkglist", { kind: "build", where: "top" }],
    [42, "Bash", EF_CMD, efHist(EF_OLD), "efhistory", { kind: "pg", where: "top" }],
    [43, "Bash", { command: "dotnet ef migrations list -p src/Cobalt.Data -s src/Cobalt.Api --no-build" }, `Build started...
Build succeeded.
20260921110045_PartnerApiKeysHashed
20261012082233_AddTenantSettings
20261030150301_InvoiceStatusHistory
20261107091210_AddPartnerWebhooks
20261120104455_AddCreditNotes
20261203091522_AddInvoiceLinesTenantIdx (Pending)`, undefined, { kind: "build", where: "top" }],
    [44, "Bash", { command: "gh run view 12207731904 --job migrate-prod --log-failed | tail -30" }, `migrate-prod\tRun migrations\tinfo: Microsoft.EntityFrameworkCore.Migrations[20402]
migrate-prod\tRun migrations\t      Applying migration '20261203091522_AddInvoiceLinesTenantIdx'.
migrate-prod\tRun migrations\tfail: Microsoft.EntityFrameworkCore.Database.Command[20102]
migrate-prod\tRun migrations\t      Failed executing DbCommand (30,012ms) [Parameters=[], CommandType='Text', CommandTimeout='30']
migrate-prod\tRun migrations\t      CREATE INDEX [IX_InvoiceLines_TenantId_InvoiceId] ON [InvoiceLines] ([TenantId], [InvoiceId]);
migrate-prod\tRun migrations\tMicrosoft.Data.SqlClient.SqlException (0x80131904): Execution Timeout Expired.  The timeout period elapsed prior to completion of the operation or the server is not responding.
migrate-prod\tRun migrations\t ---> System.ComponentModel.Win32Exception (258): Unknown error 258
migrate-prod\tRun migrations\t   at Microsoft.Data.SqlClient.SqlConnection.OnError(SqlException exception, Boolean breakConnection, Action\`1 wrapCloseInAction)
migrate-prod\tRun migrations\t   at Microsoft.EntityFrameworkCore.Migrations.MigrationCommandExecutor.ExecuteNonQuery(IEnumerable\`1 migrationCommands, IRelationalConnection connection)
migrate-prod\tRun migrations\tClientConnectionId:4f1e0b7a-9c22-4d1f-8e03-1b6c2a9d7e55
migrate-prod\tRun migrations\tError Number:-2,State:0,Class:11
migrate-prod\tRun migrations\tExecution Timeout Expired.  The timeout period elapsed prior to completion of the operation or the server is not responding.
migrate-prod\tRun migrations\t##[error]Process completed with exit code 1.
migrate-prod\tRun migrations\t(the transaction was rolled back; api pods are still on the old image because deploy-api needs migrate-prod)`, undefined, { kind: "build", error: true, where: "top" }],
    [46, "Bash", { command: "sqlcmd -S sql-cobalt-prod.database.windows.net -d sqldb-cobalt --authentication-method ActiveDirectoryDefault -Q \"SELECT t.name, SUM(p.rows) AS rows, CAST(SUM(a.total_pages)*8/1024.0/1024 AS decimal(9,2)) AS gb FROM sys.tables t JOIN sys.partitions p ON p.object_id=t.object_id AND p.index_id IN (0,1) JOIN sys.allocation_units a ON a.container_id=p.partition_id GROUP BY t.name ORDER BY rows DESC\" -W" }, `name                   rows        gb
---------------------- ----------- ------
InvoiceLines           48211907    61.84
InvoiceStatusHistory   9012233     4.12
Invoices               4188120     7.90
WebhookDeliveries      3907711     5.33
CreditNoteLines        402113      0.51
CreditNotes            38840       0.04
Partners               212         0.00
TenantSettings         4102        0.00

(8 rows affected)`, undefined, { kind: "pg", where: "top" }],
    [48, "Read", { file_path: `${C}/src/Cobalt.Data/Migrations/20261203091522_AddInvoiceLinesTenantIdx.cs` }, `   1\tusing Microsoft.EntityFrameworkCore.Migrations;
   2\t
   3\t#nullable disable
   4\t
   5\tnamespace Cobalt.Data.Migrations
   6\t{
   7\t    public partial class AddInvoiceLinesTenantIdx : Migration
   8\t    {
   9\t        protected override void Up(MigrationBuilder migrationBuilder)
  10\t        {
  11\t            migrationBuilder.CreateIndex(
  12\t                name: "IX_InvoiceLines_TenantId_InvoiceId",
  13\t                table: "InvoiceLines",
  14\t                columns: new[] { "TenantId", "InvoiceId" });
  15\t        }
  16\t
  17\t        protected override void Down(MigrationBuilder migrationBuilder)
  18\t        {
  19\t            migrationBuilder.DropIndex(name: "IX_InvoiceLines_TenantId_InvoiceId", table: "InvoiceLines");
  20\t        }
  21\t    }
  22\t}`, undefined, { kind: "code", where: "top" }],
    [50, "Edit", { file_path: `${C}/src/Cobalt.Data/Migrations/20261203091522_AddInvoiceLinesTenantIdx.cs`, old_string: '            migrationBuilder.CreateIndex(\n                name: "IX_InvoiceLines_TenantId_InvoiceId",\n                table: "InvoiceLines",\n                columns: new[] { "TenantId", "InvoiceId" });', new_string: '            // 48M rows: online + resumable so the migrate job does not hold a schema lock for 40 minutes\n            migrationBuilder.Sql(\n                "CREATE NONCLUSTERED INDEX [IX_InvoiceLines_TenantId_InvoiceId] ON [InvoiceLines] ([TenantId], [InvoiceId]) " +\n                "WITH (ONLINE = ON, RESUMABLE = ON, MAX_DURATION = 240 MINUTES);",\n                suppressTransaction: true);' }, `The file ${C}/src/Cobalt.Data/Migrations/20261203091522_AddInvoiceLinesTenantIdx.cs has been updated.`, undefined, { kind: "code", where: "top" }],
    [51, "Edit", { file_path: `${C}/src/Cobalt.Data/MigrationRunner.cs`, old_string: "            sql => sql.MigrationsAssembly(typeof(CobaltDbContext).Assembly.FullName));", new_string: "            sql => sql.MigrationsAssembly(typeof(CobaltDbContext).Assembly.FullName)\n                      .CommandTimeout((int)TimeSpan.FromHours(4).TotalSeconds)); // migrate job only; the api keeps 30s" }, `The file ${C}/src/Cobalt.Data/MigrationRunner.cs has been updated.`, undefined, { kind: "code", where: "top" }],
    [52, "Bash", { command: SQL_CMD }, sqlDb("GP_Gen5_4", 4), "sqlsku", { kind: "pg", where: "top" }],
    [54, "Bash", { command: `az sql db update -g rg-cobalt-prod -s sql-cobalt-prod -n sqldb-cobalt --service-objective GP_Gen5_8 --query currentServiceObjectiveName -o tsv && ${SQL_CMD}` }, `GP_Gen5_8\n${sqlDb("GP_Gen5_8", 8)}`, "sqlsku", { kind: "pg", where: "top" }],
    [56, "Bash", { command: "gh run rerun 12207731904 --job migrate-prod && gh run watch 12207731904 --exit-status | tail -12" }, `migrate-prod\tRun migrations\tinfo: Microsoft.EntityFrameworkCore.Migrations[20402]
migrate-prod\tRun migrations\t      Applying migration '20261203091522_AddInvoiceLinesTenantIdx'.
migrate-prod\tRun migrations\tinfo: Microsoft.EntityFrameworkCore.Database.Command[20101]
migrate-prod\tRun migrations\t      Executed DbCommand (2,471,930ms) [Parameters=[], CommandType='Text', CommandTimeout='14400']
migrate-prod\tRun migrations\t      CREATE NONCLUSTERED INDEX [IX_InvoiceLines_TenantId_InvoiceId] ON [InvoiceLines] ([TenantId], [InvoiceId]) WITH (ONLINE = ON, RESUMABLE = ON, MAX_DURATION = 240 MINUTES);
migrate-prod\tRun migrations\tDone.
✓ migrate-prod in 41m22s
✓ deploy-api in 3m10s
✓ deploy-worker in 2m41s
✓ Run deploy.yml (12207731904) completed with 'success'`, undefined, { kind: "build", where: "bottom" }],
    [58, "Bash", EF_CMD, efHist([["20261203091522_AddInvoiceLinesTenantIdx", "8.0.11"], ...EF_OLD.slice(0, 4)]), "efhistory", { kind: "pg", where: "top" }],
    [60, "Bash", { command: "kubectl -n cobalt logs deploy/cobalt-webhooks --since=2h | grep -iE 'exception|retry' | tail -8" }, `2026-12-02T10:14:02.118Z warn: Cobalt.Webhooks.Dispatcher[0] partner northwind-b2b endpoint returned 503, retry 2/5 in 00:00:20
2026-12-02T10:14:22.390Z warn: Cobalt.Webhooks.Dispatcher[0] partner northwind-b2b endpoint returned 503, retry 3/5 in 00:00:40
2026-12-02T10:20:41.009Z fail: Azure.Messaging.ServiceBus.ServiceBusProcessor[0] Message processing error (Action=Receive, EntityPath=webhooks-dispatch)
      Azure.Messaging.ServiceBus.ServiceBusException: The operation did not complete within the allocated time 00:01:00 for object session. (ServiceTimeout)
2026-12-02T10:20:43.550Z info: Azure.Messaging.ServiceBus.ServiceBusProcessor[0] receive link recovered for webhooks-dispatch
2026-12-02T10:31:12.771Z warn: Cobalt.Webhooks.Dispatcher[0] partner globex-ap endpoint timed out after 10s, retry 1/5 in 00:00:10`, undefined, { kind: "app", where: "middle" }],
    [62, "Bash", Q429, kql429([["acme-erp", 241880, 18904, "7.82"], ["initech-finance", 48110, 31, "0.06"], ["northwind-b2b", 12410, 0, "0"], ["globex-ap", 9902, 0, "0"]]), "kql429", { kind: "app", where: "top" }],
    [64, "Read", { file_path: `${C}/src/Cobalt.Api/Program.cs` }, rateLimit(100, 0), "ratelimit", { kind: "code", where: "top" }],
    [66, "Edit", { file_path: `${C}/src/Cobalt.Api/Program.cs`, old_string: "                PermitLimit = 100,", new_string: "                PermitLimit = 300," }, `The file ${C}/src/Cobalt.Api/Program.cs has been updated.`, undefined, { kind: "code", where: "top" }],
    [67, "Read", { file_path: `${C}/src/Cobalt.Api/Program.cs` }, rateLimit(300, 0), "ratelimit", { kind: "code", where: "top" }],
    [69, "Bash", { command: "helm upgrade cobalt-api deploy/helm/cobalt-api -n cobalt -f deploy/helm/cobalt-api/values-prod.yaml --set image.tag=2.14.1 --wait && helm history cobalt-api -n cobalt --max 3" }, `Release "cobalt-api" has been upgraded. Happy Helming!\nNAME: cobalt-api\nLAST DEPLOYED: Wed Dec  2 16:40:09 2026\nNAMESPACE: cobalt\nSTATUS: deployed\nREVISION: 41\n\n${helmHist([H39, H40.replace("superseded", "superseded"), H41("deployed")])}`, "helmhist", { kind: "build", where: "top" }],
    [70, "Bash", { command: "kubectl -n cobalt get deploy -o wide" }, deploys(["3/3", "2.14.1"], ["2/2", "2.14.0"], ["6/6", "2.14.0"]), "deploys", { kind: "app", where: "top" }],
    [71, "Bash", { command: "curl -s https://api.cobalt-billing.com/health" }, health("2.14.1", "b71e2c4"), "health", { kind: "app", where: "top" }],
    [72, "Bash", { command: "az monitor app-insights query -a appi-cobalt-prod --analytics-query \"exceptions | where timestamp > ago(1h) | summarize count() by type, outerMessage | top 5 by count_\" -o table" }, `type                                         outerMessage                                                                                                                                   count_
-------------------------------------------  ---------------------------------------------------------------------------------------------------------------------------------------------  ------
Microsoft.Data.SqlClient.SqlException        Resource ID : 1. The request limit for the database is 800 and has been reached. See 'https://docs.microsoft.com/azure/azure-sql/database/resource-limits-logical-server' for assistance. (Error Number:10928)   4127
Microsoft.EntityFrameworkCore.Storage.RetryLimitExceededException  The maximum number of retries (6) was exceeded while executing database operations with 'SqlServerRetryingExecutionStrategy'.   611
System.Threading.Tasks.TaskCanceledException  The operation was canceled.                                                                                                                  208
Azure.RequestFailedException                 Service request failed. Status: 429 (Too Many Requests)                                                                                      97
(started 17 minutes after the 300/min limit went out; acme-erp bulk import now gets through and fans out into ~40 queries per invoice)`, undefined, { kind: "app", error: true, where: "top" }],
    [73, "Bash", { command: "az monitor metrics list --resource $(az sql db show -g rg-cobalt-prod -s sql-cobalt-prod -n sqldb-cobalt --query id -o tsv) --metric cpu_percent workers_percent --interval PT15M --aggregation Average Maximum -o table | tail -8" }, `Timestamp            Name             Average    Maximum
-------------------  ---------------  ---------  ---------
2026-12-02 16:30:00  CPU percentage   38.2       51.0
2026-12-02 16:45:00  CPU percentage   71.4       94.3
2026-12-02 17:00:00  CPU percentage   97.8       100.0
2026-12-02 17:15:00  CPU percentage   98.9       100.0
2026-12-02 17:00:00  Workers percentage  88.1    100.0
2026-12-02 17:15:00  Workers percentage  99.2    100.0`, undefined, { kind: "pg", where: "top" }],
    [74, "Edit", { file_path: `${C}/src/Cobalt.Api/Program.cs`, old_string: "                PermitLimit = 300,\n                Window = TimeSpan.FromMinutes(1),\n                QueueProcessingOrder = QueueProcessingOrder.OldestFirst,\n                QueueLimit = 0,", new_string: "                PermitLimit = 200,\n                Window = TimeSpan.FromMinutes(1),\n                QueueProcessingOrder = QueueProcessingOrder.OldestFirst,\n                QueueLimit = 50," }, `The file ${C}/src/Cobalt.Api/Program.cs has been updated.`, undefined, { kind: "code", where: "top" }],
    [75, "Read", { file_path: `${C}/src/Cobalt.Api/Program.cs` }, rateLimit(200, 50), "ratelimit", { kind: "code", where: "top" }],
    [76, "Bash", { command: "kubectl -n cobalt get hpa" }, hpaTable(hpaRow("cobalt-api", "87%", 3, 10, 10)), "hpa", { kind: "app", where: "top" }],
    [78, "Edit", { file_path: `${C}/deploy/helm/cobalt-api/values-prod.yaml`, old_string: "autoscaling:\n  enabled: true\n  minReplicas: 3\n  maxReplicas: 10", new_string: "autoscaling:\n  enabled: true\n  minReplicas: 4\n  maxReplicas: 12" }, `The file ${C}/deploy/helm/cobalt-api/values-prod.yaml has been updated.`, undefined, { kind: "code", where: "top" }],
    [79, "Bash", { command: "helm upgrade cobalt-api deploy/helm/cobalt-api -n cobalt -f deploy/helm/cobalt-api/values-prod.yaml --reuse-values --wait >/dev/null && kubectl -n cobalt get hpa" }, hpaTable(HPA_NOW), "hpa", { kind: "app", where: "top" }],
    [80, "Bash", { command: "kubectl -n cobalt logs deploy/cobalt-worker --since=30m | grep -B2 -A6 RequestFailedException | head -30" }, `2026-12-02T17:41:09.502Z fail: Cobalt.Worker.InvoiceRenderProcessor[0] render failed for INV-2026-121877, abandoning
      Azure.RequestFailedException: Service request failed.
      Status: 429 (Too Many Requests)
      ErrorCode: Throttled

      Content:
      {"error":{"code":"Throttled","message":"Request was not processed because too many requests were received. Reason: VaultRequestTypeLimitReached"}}

      Headers:
      Retry-After: 8
      x-ms-keyvault-service-version: 1.9.1835.1
      x-ms-keyvault-region: westeurope
         at Azure.Security.KeyVault.KeyVaultPipeline.SendRequestAsync(Request request, CancellationToken cancellationToken)
         at Azure.Security.KeyVault.Secrets.SecretClient.GetSecretAsync(String name, String version, CancellationToken cancellationToken)
         at Cobalt.Worker.InvoiceRenderProcessor.OnMessageAsync(ProcessMessageEventArgs args) in /src/src/Cobalt.Worker/InvoiceRenderProcessor.cs:line 61
2026-12-02T17:41:09.611Z warn: Cobalt.Worker.InvoiceRenderProcessor[0] GetSecret Pdf--LicenseKey throttled by kv-cobalt-prod, 24 renders abandoned in the last minute`, undefined, { kind: "app", error: true, where: "middle" }],
    [82, "Read", { file_path: `${C}/src/Cobalt.Worker/InvoiceRenderProcessor.cs` }, `  48\t    private async Task OnMessageAsync(ProcessMessageEventArgs args)
  49\t    {
  50\t        var job = args.Message.Body.ToObjectFromJson<RenderJob>();
  51\t        using var scope = _scopes.CreateScope();
  52\t        var db = scope.ServiceProvider.GetRequiredService<CobaltDbContext>();
  53\t        var invoice = await db.Invoices.Include(i => i.Lines).SingleAsync(i => i.Number == job.InvoiceId, args.CancellationToken);
  54\t        if (invoice.PdfBlobUri is not null)
  55\t        {
  56\t            await args.CompleteMessageAsync(args.Message);
  57\t            return;
  58\t        }
  59\t
  60\t        var kv = new SecretClient(new Uri(_options.KeyVaultUri), new DefaultAzureCredential());
  61\t        var license = (await kv.GetSecretAsync("Pdf--LicenseKey", cancellationToken: args.CancellationToken)).Value.Value;
  62\t        var pdf = await _renderer.RenderAsync(invoice, license, args.CancellationToken);
  63\t        invoice.PdfBlobUri = await _blobs.UploadAsync($"invoices/{invoice.TenantId}/{invoice.Number}.pdf", pdf);
  64\t        await db.SaveChangesAsync(args.CancellationToken);
  65\t        await args.CompleteMessageAsync(args.Message);
  66\t    }`, undefined, { kind: "code", where: "top" }],
    [84, "Edit", { file_path: `${C}/src/Cobalt.Worker/InvoiceRenderProcessor.cs`, old_string: '        var kv = new SecretClient(new Uri(_options.KeyVaultUri), new DefaultAzureCredential());\n        var license = (await kv.GetSecretAsync("Pdf--LicenseKey", cancellationToken: args.CancellationToken)).Value.Value;\n        var pdf = await _renderer.RenderAsync(invoice, license, args.CancellationToken);', new_string: "        // license comes from the Key Vault configuration provider (ReloadInterval 30 min), not one GetSecret per message\n        var pdf = await _renderer.RenderAsync(invoice, _pdfOptions.CurrentValue.LicenseKey, args.CancellationToken);" }, `The file ${C}/src/Cobalt.Worker/InvoiceRenderProcessor.cs has been updated.`, undefined, { kind: "code", where: "top" }],
    [86, "Bash", { command: "az monitor app-insights query -a appi-cobalt-prod --analytics-query \"dependencies | where timestamp > ago(3h) and type == 'Azure Key Vault' | summarize calls=count(), throttled=countif(resultCode == '429') by bin(timestamp, 30m)\" -o table" }, `timestamp                     calls    throttled
----------------------------  -------  -----------
2026-12-02T16:00:00.0000000Z  38112    0
2026-12-02T16:30:00.0000000Z  41203    2210
2026-12-02T17:00:00.0000000Z  40877    6104
2026-12-02T17:30:00.0000000Z  39950    5872
2026-12-02T18:00:00.0000000Z  1201     0
2026-12-02T18:30:00.0000000Z  12       0`, undefined, { kind: "app", where: "top" }],
    [88, "Bash", { command: "git commit -am 'worker: read the pdf license from configuration, not Key Vault per message' && git log -1 --format='%h %s%n%n%b'" }, `[main c0d9b52] worker: read the pdf license from configuration, not Key Vault per message
 3 files changed, 14 insertions(+), 6 deletions(-)
c0d9b52 worker: read the pdf license from configuration, not Key Vault per message

Key Vault throttled the worker (429, VaultRequestTypeLimitReached): InvoiceRenderProcessor built a
new SecretClient and fetched Pdf--LicenseKey for every message, ~40k GetSecret calls per 30 min
with 6 replicas. The vault allows 4000 GET transactions per 10s per vault per region, but the
secret type limit is lower. The license now binds through AddAzureKeyVault(ReloadInterval = 30m)
into PdfRendererOptions; vault calls dropped to a dozen per half hour.`, undefined, { kind: "build", where: "top" }],
    [90, "Bash", NP_CMD, nodepools([NP_SYS, npRow("userpool", "User", "Standard_D4s_v5", 3, 3, 3)]), "nodepool", { kind: "app", where: "top" }],
    [92, "Bash", { command: "kubectl -n cobalt get pods -l app=cobalt-worker && kubectl -n cobalt describe pod cobalt-worker-7f4c9d8b66-hk2tp | tail -8" }, `NAME                             READY   STATUS    RESTARTS   AGE
cobalt-worker-7f4c9d8b66-4vn8d   1/1     Running   0          12m
cobalt-worker-7f4c9d8b66-8xj2q   1/1     Running   0          12m
cobalt-worker-7f4c9d8b66-b7m5c   1/1     Running   0          12m
cobalt-worker-7f4c9d8b66-hk2tp   0/1     Pending   0          12m
cobalt-worker-7f4c9d8b66-p9w3z   0/1     Pending   0          12m
cobalt-worker-7f4c9d8b66-t6q1f   1/1     Running   0          12m
Events:
  Type     Reason             Age                  From                Message
  ----     ------             ----                 ----                -------
  Warning  FailedScheduling   2m (x7 over 12m)     default-scheduler   0/6 nodes are available: 3 Insufficient cpu, 3 node(s) had untolerated taint {CriticalAddonsOnly: true}. preemption: 0/6 nodes are available: 3 No preemption victims found for incoming pod, 3 Preemption is not helpful for scheduling.
  Normal   NotTriggerScaleUp  2m (x12 over 12m)    cluster-autoscaler  pod didn't trigger scale-up: 1 max node group size reached
(api HPA sits at 10 replicas since the 429 incident and the worker has 6; userpool is pinned at 3 nodes, min = max = 3)`, undefined, { kind: "app", error: true, where: "top" }],
    [94, "Bash", { command: `az aks nodepool update -g rg-cobalt-prod --cluster-name aks-cobalt-prod -n userpool --update-cluster-autoscaler --min-count 3 --max-count 8 -o none && sleep 240 && ${NP_CMD.command}` }, nodepools([NP_SYS, npRow("userpool", "User", "Standard_D4s_v5", 5, 3, 8)]), "nodepool", { kind: "app", where: "top" }],
    [96, "Edit", { file_path: `${C}/infra/modules/aks.bicep`, old_string: "  name: 'userpool'\n  properties: {\n    vmSize: 'Standard_D4s_v5'", new_string: "  name: 'userd8'\n  properties: {\n    vmSize: 'Standard_D8s_v5'" }, `The file ${C}/infra/modules/aks.bicep has been updated. Here's the result of running \`cat -n\` on a snippet of the edited file:\n  41\tresource userPool 'Microsoft.ContainerService/managedClusters/agentPools@2024-05-01' = {\n  42\t  parent: aks\n  43\t  name: 'userd8'\n  44\t  properties: {\n  45\t    vmSize: 'Standard_D8s_v5'\n  46\t    mode: 'User'\n  47\t    enableAutoScaling: true\n  48\t    minCount: 2\n  49\t    maxCount: 6\n  50\t    osDiskType: 'Ephemeral'\n  51\t    availabilityZones: [ '1', '2', '3' ]\n  52\t  }\n  53\t}`, undefined, { kind: "code", where: "top" }],
    [98, "Bash", { command: `az deployment group create -g rg-cobalt-prod -f infra/main.bicep -p infra/main.prod.bicepparam -o none && ${NP_CMD.command}` }, nodepools([NP_SYS, npRow("userpool", "User", "Standard_D4s_v5", 5, 3, 8), npRow("userd8", "User", "Standard_D8s_v5", 2, 2, 6)]), "nodepool", { kind: "app", where: "top" }],
    [100, "Bash", { command: "for n in $(kubectl get nodes -l agentpool=userpool -o name); do kubectl drain $n --ignore-daemonsets --delete-emptydir-data --timeout=10m; done 2>&1 | tail -10" }, `node/aks-userpool-28113947-vmss000003 cordoned
evicting pod cobalt/cobalt-api-5c7b9f6d8d-x2l4m
evicting pod cobalt/cobalt-worker-7f4c9d8b66-8xj2q
pod/cobalt-api-5c7b9f6d8d-x2l4m evicted
pod/cobalt-worker-7f4c9d8b66-8xj2q evicted
node/aks-userpool-28113947-vmss000003 drained
node/aks-userpool-28113947-vmss000004 cordoned
evicting pod cobalt/cobalt-webhooks-6b8d7c5f4-q9v2n
pod/cobalt-webhooks-6b8d7c5f4-q9v2n evicted
node/aks-userpool-28113947-vmss000004 drained`, undefined, { kind: "app", where: "bottom" }],
    [102, "Bash", { command: `az aks nodepool delete -g rg-cobalt-prod --cluster-name aks-cobalt-prod -n userpool && ${NP_CMD.command}` }, nodepools([NP_SYS, NP_NOW]), "nodepool", { kind: "app", where: "top" }],
    [104, "Bash", { command: "kubectl get nodes -o wide" }, `NAME                                 STATUS   ROLES   AGE     VERSION   INTERNAL-IP    OS-IMAGE             KERNEL-VERSION      CONTAINER-RUNTIME
aks-systempool-19201573-vmss000000   Ready    agent   214d    v1.29.9   10.224.0.4     Ubuntu 22.04.5 LTS   5.15.0-1074-azure   containerd://1.7.22-1
aks-systempool-19201573-vmss000001   Ready    agent   214d    v1.29.9   10.224.0.5     Ubuntu 22.04.5 LTS   5.15.0-1074-azure   containerd://1.7.22-1
aks-systempool-19201573-vmss000002   Ready    agent   214d    v1.29.9   10.224.0.6     Ubuntu 22.04.5 LTS   5.15.0-1074-azure   containerd://1.7.22-1
aks-userd8-40871122-vmss000000       Ready    agent   41m     v1.29.9   10.224.0.41    Ubuntu 22.04.5 LTS   5.15.0-1074-azure   containerd://1.7.22-1
aks-userd8-40871122-vmss000001       Ready    agent   41m     v1.29.9   10.224.0.42    Ubuntu 22.04.5 LTS   5.15.0-1074-azure   containerd://1.7.22-1
aks-userd8-40871122-vmss000002       Ready    agent   9m      v1.29.9   10.224.0.43    Ubuntu 22.04.5 LTS   5.15.0-1074-azure   containerd://1.7.22-1`, undefined, { kind: "app", where: "top" }],
    [106, "Bash", KV_CMD, kvSecret("sas/RootManageSharedAccessKey/primary", true, "2026-12-10T00:00:00+00:00", "2026-06-10T08:12:40+00:00"), "kvsecret", { kind: "app", where: "top" }],
    [108, "Bash", { command: "az servicebus namespace authorization-rule create -g rg-cobalt-prod --namespace-name sb-cobalt-prod -n cobalt-app --rights Listen Send -o none && az servicebus namespace authorization-rule list -g rg-cobalt-prod --namespace-name sb-cobalt-prod --query '[].{name:name,rights:rights}' -o table" }, `Name                          Rights
----------------------------  ---------------------------
RootManageSharedAccessKey     ['Listen', 'Manage', 'Send']
cobalt-app                    ['Listen', 'Send']
(app no longer uses the root rule; the new rule's secondary key goes into Key Vault, root keys get regenerated after the switch)`, undefined, { kind: "app", where: "top" }],
    [110, "Bash", { command: `./scripts/rotate-sb-secret.sh --rule cobalt-app --key secondary --expires 2027-03-10 && az keyvault secret show --vault-name kv-cobalt-prod --name ServiceBus--ConnectionString --query '{name:name,contentType:contentType,enabled:attributes.enabled,expires:attributes.expires,updated:attributes.updated,recoveryLevel:attributes.recoveryLevel}' && az servicebus namespace authorization-rule keys renew -g rg-cobalt-prod --namespace-name sb-cobalt-prod -n RootManageSharedAccessKey --key PrimaryKey --query keyName -o tsv` }, `secret ServiceBus--ConnectionString: new version written (rule cobalt-app, secondary)\n${kvSecret("sas/cobalt-app/secondary", true, "2027-03-10T00:00:00+00:00", "2026-12-03T09:02:18+00:00")}\nRootManageSharedAccessKey`, "kvsecret", { kind: "app", where: "top" }],
    [112, "Bash", { command: "kubectl -n cobalt logs deploy/cobalt-worker --since=15m | grep -A3 -m2 ServiceBusException" }, `2026-12-03T09:04:51.020Z fail: Azure.Messaging.ServiceBus.ServiceBusProcessor[0] Message processing error (Action=Receive, EntityPath=invoice-render)
      Azure.Messaging.ServiceBus.ServiceBusException: Put token failed. status-code: 401, status-description: InvalidSignature: The token has an invalid signature. (Unauthorized)
         at Azure.Messaging.ServiceBus.Amqp.AmqpConnectionScope.CreateReceivingLinkAsync(String entityPath, ...)
2026-12-03T09:04:51.771Z fail: Azure.Messaging.ServiceBus.ServiceBusProcessor[0] Message processing error (Action=Receive, EntityPath=email-outbound)
      Azure.Messaging.ServiceBus.ServiceBusException: Put token failed. status-code: 401, status-description: InvalidSignature: The token has an invalid signature. (Unauthorized)
(the pods still hold the root-rule value they read at start-up; the CSI secret sync updated the mounted file but the worker only reads it once)`, undefined, { kind: "app", error: true, where: "top" }],
    [114, "Bash", { command: "kubectl -n cobalt rollout restart deploy/cobalt-worker deploy/cobalt-webhooks && kubectl -n cobalt rollout status deploy/cobalt-worker && kubectl -n cobalt logs deploy/cobalt-worker --since=3m | tail -5" }, `deployment.apps/cobalt-worker restarted
deployment.apps/cobalt-webhooks restarted
deployment "cobalt-worker" successfully rolled out
2026-12-03T09:11:02.402Z info: Microsoft.Hosting.Lifetime[0] Application started. Hosting environment: Production
2026-12-03T09:11:03.118Z info: Cobalt.Worker.InvoiceRenderProcessor[0] processor started for invoice-render (MaxConcurrentCalls=4)
2026-12-03T09:11:04.930Z info: Cobalt.Worker.InvoiceRenderProcessor[0] rendered invoice INV-2026-122410 in 3.2s`, undefined, { kind: "app", where: "bottom" }],
    [116, "Edit", { file_path: `${C}/src/Cobalt.Worker/appsettings.Production.json`, old_string: '    "Auth": "ConnectionString",', new_string: '    "Auth": "WorkloadIdentity",' }, `The file ${C}/src/Cobalt.Worker/appsettings.Production.json has been updated.`, undefined, { kind: "code", where: "top" }],
    [117, "Bash", { command: "kubectl -n cobalt get sa cobalt-worker -o yaml && kubectl -n cobalt get deploy cobalt-worker -o jsonpath='{.spec.template.metadata.labels}'" }, `apiVersion: v1
kind: ServiceAccount
metadata:
  annotations:
    azure.workload.identity/client-id: 5b1e0c7d-2f48-4a93-8d61-0e9f3c2a7b14
  labels:
    app.kubernetes.io/managed-by: Helm
  name: cobalt-worker
  namespace: cobalt
{"app":"cobalt-worker","azure.workload.identity/use":"true","pod-template-hash":"8b6f7d9c4"}`, undefined, { kind: "app", where: "top" }],
    [118, "Bash", { command: "az role assignment list --assignee $(az identity show -g rg-cobalt-prod -n id-cobalt-worker --query principalId -o tsv) --all --query '[].{role:roleDefinitionName,scope:scope}' -o table" }, `Role                                 Scope
-----------------------------------  ---------------------------------------------------------------------------------------------------
Azure Service Bus Data Receiver      /subscriptions/…/resourceGroups/rg-cobalt-prod/providers/Microsoft.ServiceBus/namespaces/sb-cobalt-prod
Azure Service Bus Data Sender        /subscriptions/…/resourceGroups/rg-cobalt-prod/providers/Microsoft.ServiceBus/namespaces/sb-cobalt-prod
Key Vault Secrets User               /subscriptions/…/resourceGroups/rg-cobalt-prod/providers/Microsoft.KeyVault/vaults/kv-cobalt-prod
Storage Blob Data Contributor        /subscriptions/…/resourceGroups/rg-cobalt-prod/providers/Microsoft.Storage/storageAccounts/stcobaltprod`, undefined, { kind: "app", where: "top" }],
    [120, "Bash", { command: `az keyvault secret set-attributes --vault-name kv-cobalt-prod --name ServiceBus--ConnectionString --enabled false -o none && ${KV_CMD.command}` }, kvSecret("sas/cobalt-app/secondary", false, "2027-03-10T00:00:00+00:00", "2026-12-03T11:40:05+00:00"), "kvsecret", { kind: "app", where: "top" }],
    [122, "Bash", { command: "gh run list --workflow ci.yml --limit 14" }, `STATUS  TITLE                                        WORKFLOW  BRANCH  EVENT         ID           ELAPSED  AGE
✓       worker: workload identity for service bus    ci        main    push          12231904112  7m58s    2 hours ago
X       worker: read the pdf license from config...  ci        main    push          12219877301  8m12s    18 hours ago
✓       api: partner limit 200/min, queue 50         ci        main    push          12218801127  7m41s    19 hours ago
X       api: partner limit 300/min                   ci        main    push          12218220946  8m03s    20 hours ago
✓       data: online resumable tenant index          ci        main    push          12207731455  7m49s    1 day ago
✓       Revert "deps: EF Core 9.0.0"                 ci        main    push          12204410233  7m37s    1 day ago
X       deps: EF Core 9.0.0                          ci        main    push          12203998120  2m11s    1 day ago
X       worker: 4 concurrent renders per pod, lo...  ci        main    push          12201175094  8m20s    2 days ago
✓       invoices: credit notes share the number ...  ci        main    pull_request  12196630871  7m55s    2 days ago
✓       webhooks: sign with partner secret v2        ci        main    push          12190112448  7m30s    3 days ago
(the red runs after the credit notes PR all fail in Cobalt.Tests.InvoiceNumberGeneratorTests.Generates_sequential_numbers_under_concurrency, except the EF 9 one which failed at restore)`, undefined, { kind: "build", where: "top" }],
    [124, "Bash", { command: "gh run view 12219877301 --log-failed | grep -A12 '\\[FAIL\\]' | head -24" }, `test\tdotnet test\t[xUnit.net 00:00:41.22]     Cobalt.Tests.InvoiceNumberGeneratorTests.Generates_sequential_numbers_under_concurrency [FAIL]
test\tdotnet test\t  Failed Cobalt.Tests.InvoiceNumberGeneratorTests.Generates_sequential_numbers_under_concurrency [2 s]
test\tdotnet test\t  Error Message:
test\tdotnet test\t   Assert.Equal() Failure: Values differ
test\tdotnet test\tExpected: 500
test\tdotnet test\tActual:   497
test\tdotnet test\t  Stack Trace:
test\tdotnet test\t     at Cobalt.Tests.InvoiceNumberGeneratorTests.Generates_sequential_numbers_under_concurrency() in /home/runner/work/cobalt/cobalt/tests/Cobalt.Tests/InvoiceNumberGeneratorTests.cs:line 58
test\tdotnet test\tFailed!  - Failed:     1, Passed:   303, Skipped:     2, Total:   306, Duration: 1 m 09 s - Cobalt.Tests.dll (net8.0)`, undefined, { kind: "test", error: true, where: "top" }],
    [126, "Bash", { command: "./scripts/xunit-loop.sh 30" }, flakyLoop(7, "run 3 FAILED\nrun 8 FAILED\nrun 11 FAILED\nrun 12 FAILED\nrun 19 FAILED\nrun 24 FAILED\nrun 29 FAILED"), "flakyloop", { kind: "test", error: true, where: "bottom" }],
    [128, "Read", { file_path: `${C}/tests/Cobalt.Tests/CreditNoteTests.cs` }, `   1\tusing Xunit;
   2\t
   3\tnamespace Cobalt.Tests;
   4\t
   5\tpublic class CreditNoteTests : IClassFixture<SqlFixture>, IAsyncLifetime
   6\t{
   7\t    private readonly SqlFixture _sql;
   8\t    public CreditNoteTests(SqlFixture sql) => _sql = sql;
   9\t
  10\t    public async Task InitializeAsync()
  11\t    {
  12\t        // credit notes draw from the same InvoiceNumbers sequence as invoices
  13\t        await _sql.ExecuteAsync("ALTER SEQUENCE dbo.InvoiceNumbers RESTART WITH 1");
  14\t    }
  15\t
  16\t    public Task DisposeAsync() => Task.CompletedTask;
  ..
  41\t    [Fact]
  42\t    public async Task Credit_note_takes_next_invoice_number() { /* ... */ }`, undefined, { kind: "code", where: "top" }],
    [130, "Edit", { file_path: `${C}/tests/Cobalt.Tests/CreditNoteTests.cs`, old_string: "public class CreditNoteTests : IClassFixture<SqlFixture>, IAsyncLifetime", new_string: "[Collection(\"InvoiceNumberSequence\")]\npublic class CreditNoteTests : IClassFixture<SqlFixture>, IAsyncLifetime" }, `The file ${C}/tests/Cobalt.Tests/CreditNoteTests.cs has been updated. (same [Collection("InvoiceNumberSequence")] added to InvoiceNumberGeneratorTests.cs)`, undefined, { kind: "code", where: "top" }],
    [131, "Bash", { command: "dotnet build tests/Cobalt.Tests -v q && ./scripts/xunit-loop.sh 30" }, flakyLoop(0, "(no failed runs)"), "flakyloop", { kind: "test", where: "bottom" }],
    [133, "Bash", { command: "git commit -am 'tests: serialize the tests that touch the invoice number sequence' && git log -1 --format='%h %s%n%n%b'" }, `[main 5be20a9] tests: serialize the tests that touch the invoice number sequence
 2 files changed, 4 insertions(+)
5be20a9 tests: serialize the tests that touch the invoice number sequence

Flaky since the credit notes PR: CreditNoteTests restarts dbo.InvoiceNumbers in InitializeAsync,
and xUnit runs the two test classes in parallel (different collections), so the restart can land
in the middle of Generates_sequential_numbers_under_concurrency and it sees 497-499 distinct
numbers instead of 500. Both classes are now in the InvoiceNumberSequence collection; 30/30 green.`, undefined, { kind: "build", where: "top" }],
    [135, "Bash", { command: FLAG_CMD }, flags("off", "off", "on"), "flags", { kind: "app", where: "top" }],
    [137, "Bash", { command: `az appconfig feature enable -n appcs-cobalt-prod --feature InvoicePdfV2 --label prod -y -o none && az appconfig feature filter add -n appcs-cobalt-prod --feature InvoicePdfV2 --label prod --filter-name Microsoft.Targeting --filter-parameters Audience:DefaultRolloutPercentage=25 -y -o none && ${FLAG_CMD}` }, flags("conditional", "off", "on", 25), "flags", { kind: "app", where: "top" }],
    [139, "Bash", { command: "az monitor app-insights query -a appi-cobalt-prod --analytics-query \"exceptions | where timestamp > ago(2h) and cloud_RoleName == 'cobalt-worker' | summarize count(), any(outerMessage) by type | order by count_ desc\" -o table" }, `type                                                        count_   any_outerMessage
----------------------------------------------------------  -------  ------------------------------------------------------------------------------------------------------------
QuestPDF.Drawing.Exceptions.DocumentLayoutException         318      Composed layout generates infinite document. (invoice INV-2026-123902, 2210 lines, table header repeated on every page)
Azure.Messaging.ServiceBus.ServiceBusException              12       The operation did not complete within the allocated time 00:01:00 for object session. (ServiceTimeout)
System.OperationCanceledException                           4        The operation was canceled.
(all 318 layout exceptions are InvoicePdfV2 renders of invoices over ~1,200 lines; the v1 DinkToPdf path has none)`, undefined, { kind: "app", error: true, where: "top" }],
    [141, "Bash", { command: `az appconfig feature disable -n appcs-cobalt-prod --feature InvoicePdfV2 --label prod -y -o none && az appconfig feature enable -n appcs-cobalt-prod --feature WebhookRetriesV2 --label prod -y -o none && ${FLAG_CMD}` }, flags("off", "on", "on"), "flags", { kind: "app", where: "top" }],
    [143, "Bash", { command: "az servicebus queue show -g rg-cobalt-prod --namespace-name sb-cobalt-prod -n webhooks-dispatch --query '{lock:lockDuration,mdc:maxDeliveryCount,ttl:defaultMessageTimeToLive,counts:countDetails}' && dotnet run --project tools/SbPeek -- --namespace sb-cobalt-prod --queue webhooks-dispatch --dead-letter --count 1" }, `{
  "counts": {
    "activeMessageCount": 14,
    "deadLetterMessageCount": 233,
    "scheduledMessageCount": 41,
    "transferDeadLetterMessageCount": 0,
    "transferMessageCount": 0
  },
  "lock": "PT1M",
  "mdc": 5,
  "ttl": "P1D"
}
Peeking 1 of 233 messages from webhooks-dispatch/$DeadLetterQueue
#1 SequenceNumber=4410223  EnqueuedTime=2026-12-02T22:14:09Z  DeliveryCount=1
   DeadLetterReason: TTLExpiredException
   DeadLetterErrorDescription: The message expired and was dead lettered.
   Body: {"partner":"globex-ap","event":"invoice.paid","invoiceId":"INV-2026-120044"}`, undefined, { kind: "app", where: "top" }],
    [145, "Edit", { file_path: `${C}/infra/modules/servicebus.bicep`, old_string: "    lockDuration: 'PT2M'\n    maxDeliveryCount: 10", new_string: "    lockDuration: 'PT1M'\n    maxDeliveryCount: 5" }, `The file ${C}/infra/modules/servicebus.bicep has been updated. (lock renewal covers long renders now; a shorter lock gets a message back sooner when a pod dies, and 5 attempts are plenty for a poison invoice)`, undefined, { kind: "code", where: "top" }],
    [146, "Bash", { command: `az deployment group create -g rg-cobalt-prod -f infra/main.bicep -p infra/main.prod.bicepparam -o none && ${SBQ_CMD.command}` }, sbQueue("PT1M", 5, 41, 3), "sbqueue", { kind: "app", where: "top" }],
    [147, "Edit", { file_path: `${C}/src/Cobalt.Worker/appsettings.Production.json`, old_string: '        "MaxConcurrentCalls": 4,\n        "PrefetchCount": 20,', new_string: '        "MaxConcurrentCalls": 8,\n        "PrefetchCount": 40,' }, `The file ${C}/src/Cobalt.Worker/appsettings.Production.json has been updated. (worker limits raised to 2 CPU / 3Gi in deploy/helm/cobalt-worker/values-prod.yaml, D8 nodes have room)`, undefined, { kind: "code", where: "top" }],
    [148, "Read", { file_path: `${C}/src/Cobalt.Worker/appsettings.Production.json` }, workerCfg(8, 40, "00:05:00", "WorkloadIdentity"), "workercfg", { kind: "code", where: "top" }],
    [149, "Bash", { command: "helm upgrade cobalt-worker deploy/helm/cobalt-worker -n cobalt -f deploy/helm/cobalt-worker/values-prod.yaml --set image.tag=2.14.1 --set replicaCount=4 --wait >/dev/null && kubectl -n cobalt get deploy -o wide" }, deploys(["4/4", "2.14.1"], ["2/2", "2.14.0"], ["4/4", "2.14.1"]), "deploys", { kind: "app", where: "top" }],
    [150, "Bash", { command: "az monitor metrics list --resource $(az sql db show -g rg-cobalt-prod -s sql-cobalt-prod -n sqldb-cobalt --query id -o tsv) --metric cpu_percent workers_percent --interval P1D --aggregation Average Maximum --offset 3d -o table" }, `Timestamp            Name                Average    Maximum
-------------------  ------------------  ---------  ---------
2026-12-02 00:00:00  CPU percentage      44.9       100.0
2026-12-03 00:00:00  CPU percentage      31.2       58.7
2026-12-04 00:00:00  CPU percentage      29.8       55.1
2026-12-02 00:00:00  Workers percentage  38.0       100.0
2026-12-03 00:00:00  Workers percentage  9.4        21.0
2026-12-04 00:00:00  Workers percentage  8.8        19.6
(8 vCores at ~30% since the rate limit went to 200/min and the tenant index landed)`, undefined, { kind: "pg", where: "top" }],
    [152, "Bash", { command: `az sql db update -g rg-cobalt-prod -s sql-cobalt-prod -n sqldb-cobalt --service-objective GP_Gen5_6 --query currentServiceObjectiveName -o tsv && ${SQL_CMD}` }, `GP_Gen5_6\n${sqlDb("GP_Gen5_6", 6)}`, "sqlsku", { kind: "pg", where: "top" }],
    [154, "Bash", { command: `gh workflow run deploy.yml -f target=migrate-only && sleep 200 && ${EF_CMD.command}` }, efHist([["20261205143010_AddWebhookRetryColumns", "8.0.11"], ["20261203091522_AddInvoiceLinesTenantIdx", "8.0.11"], ...EF_OLD.slice(0, 3)]), "efhistory", { kind: "pg", where: "top" }],
    [156, "Bash", { command: "helm upgrade cobalt-api deploy/helm/cobalt-api -n cobalt -f deploy/helm/cobalt-api/values-prod.yaml --set image.tag=2.15.0 --wait" }, `Release "cobalt-api" has been upgraded. Happy Helming!
NAME: cobalt-api
LAST DEPLOYED: Sat Dec  5 10:12:44 2026
NAMESPACE: cobalt
STATUS: deployed
REVISION: 42
NOTES:
cobalt-api 2.15.0 (chart cobalt-api-1.9.0): partner exports v2 (async, Service Bus backed), webhook retries v2 headers`, undefined, { kind: "build", where: "top" }],
    [158, "Bash", { command: "curl -s https://api.cobalt-billing.com/health" }, health("2.15.0", "e04a7d1"), "health", { kind: "app", where: "top" }],
    [160, "Bash", { command: "az monitor app-insights query -a appi-cobalt-prod --analytics-query \"requests | where timestamp > ago(20m) and success == false | summarize count() by name, resultCode | top 5 by count_; exceptions | where timestamp > ago(20m) | summarize count() by outerMessage | top 3 by count_\" -o table" }, `name                         resultCode  count_
---------------------------  ----------  ------
POST /api/v1/exports         500         2841
GET /api/v1/exports/{id}     500         1190
POST /api/v1/invoices        429         37

outerMessage                                                                                                                                     count_
-----------------------------------------------------------------------------------------------------------------------------------------------  ------
Unable to resolve service for type 'Cobalt.Api.Exports.IExportQueue' while attempting to activate 'Cobalt.Api.Controllers.ExportsController'.  4031
The operation was canceled.                                                                                                                      6
(every exports call fails since revision 42; the queue sender registration lives in AddCobaltWorkerClients, which the api never calls)`, undefined, { kind: "app", error: true, where: "top" }],
    [162, "Bash", { command: "helm rollback cobalt-api 41 -n cobalt --wait && helm history cobalt-api -n cobalt --max 4" }, `Rollback was a success! Happy Helming!\n${helmHist([H40, H41("superseded"), H42("superseded"), H43("deployed")])}`, "helmhist", { kind: "build", where: "top" }],
    [164, "Edit", { file_path: `${C}/src/Cobalt.Api/Program.cs`, old_string: "builder.Services.AddCobaltData(builder.Configuration);", new_string: "builder.Services.AddCobaltData(builder.Configuration);\nbuilder.Services.AddExportQueue(builder.Configuration); // IExportQueue -> Service Bus sender (exports-requested), workload identity" }, `The file ${C}/src/Cobalt.Api/Program.cs has been updated.`, undefined, { kind: "code", where: "top" }],
    [166, "Bash", { command: "helm upgrade cobalt-api deploy/helm/cobalt-api -n cobalt -f deploy/helm/cobalt-api/values-prod.yaml --set image.tag=2.15.1 --wait >/dev/null && helm history cobalt-api -n cobalt --max 4" }, helmHist([H41("superseded"), H42("superseded"), H43("superseded"), H44]), "helmhist", { kind: "build", where: "top" }],
    [168, "Bash", { command: "curl -s https://api.cobalt-billing.com/health" }, health("2.15.1", "3f9c0b8"), "health", { kind: "app", where: "top" }],
    [170, "Bash", { command: "helm upgrade cobalt-worker deploy/helm/cobalt-worker -n cobalt --reuse-values --set image.tag=2.15.1 --wait >/dev/null && helm upgrade cobalt-webhooks deploy/helm/cobalt-webhooks -n cobalt --reuse-values --set image.tag=2.15.1 --wait >/dev/null && kubectl -n cobalt get deploy -o wide" }, deploys(["4/4", "2.15.1"], ["2/2", "2.15.1"], ["4/4", "2.15.1"]), "deploys", { kind: "app", where: "top" }],
    [172, "Bash", { command: "gh run list --workflow deploy.yml --limit 8" }, `STATUS  TITLE                                  WORKFLOW  BRANCH  EVENT              ID           ELAPSED  AGE
✓       release 2.15.1                         deploy    main    workflow_dispatch  12260041771  9m02s    12 minutes ago
✓       release 2.15.0                         deploy    main    workflow_dispatch  12254410092  8m51s    6 hours ago
✓       migrate-only                           deploy    main    workflow_dispatch  12251009311  4m12s    7 hours ago
✓       release 2.14.1                         deploy    main    workflow_dispatch  12218330016  49m40s   3 days ago
X       release 2.14.1                         deploy    main    workflow_dispatch  12207731904  6m02s    3 days ago
✓       release 2.14.0                         deploy    main    workflow_dispatch  12140022871  8m47s    5 days ago`, undefined, { kind: "build", where: "top" }],
    [174, "Bash", { command: "dotnet add tests/Cobalt.Tests package Testcontainers.MsSql --version 4.0.0 && dotnet add tests/Cobalt.Tests package xunit --version 2.9.2 && dotnet test tests/Cobalt.Tests -c Release | tail -3" }, `info : PackageReference for package 'Testcontainers.MsSql' version '4.0.0' updated in file '/home/dev/cobalt/tests/Cobalt.Tests/Cobalt.Tests.csproj'.
info : PackageReference for package 'xunit' version '2.9.2' updated in file '/home/dev/cobalt/tests/Cobalt.Tests/Cobalt.Tests.csproj'.
warning CS0618: 'MsSqlBuilder.MsSqlBuilder()' is obsolete: 'This parameterless constructor is obsolete and will be removed. Use MsSqlBuilder(string image) instead.' (tests/Cobalt.Tests/SqlFixture.cs:14)
Passed!  - Failed:     0, Passed:   304, Skipped:     2, Total:   306, Duration: 1 m 04 s - Cobalt.Tests.dll (net8.0)`, undefined, { kind: "test", where: "top" }],
    [176, "Bash", { command: "dotnet list tests/Cobalt.Tests package" }, `Project 'Cobalt.Tests' has the following package references
   [net8.0]:
   Top-level Package                                 Requested   Resolved
${pkgRow("Microsoft.NET.Test.Sdk", "17.11.1")}
${pkgRow("Testcontainers.MsSql", "4.0.0")}
${pkgRow("xunit", "2.9.2")}
${pkgRow("xunit.runner.visualstudio", "2.8.2")}`, undefined, { kind: "build", where: "top" }],
    [178, "Bash", { command: "az monitor app-insights query -a appi-cobalt-prod --analytics-query \"union withsource=tbl * | where timestamp > ago(7d) | summarize GB = round(sum(_BilledSize)/1e9, 2) by bin(timestamp, 1d), tbl | summarize GBperDay = sum(GB) by timestamp | order by timestamp desc\" -o table" }, `timestamp                     GBperDay
----------------------------  --------
2026-12-05T00:00:00.0000000Z  38.42
2026-12-04T00:00:00.0000000Z  37.90
2026-12-03T00:00:00.0000000Z  41.07
2026-12-02T00:00:00.0000000Z  44.81
2026-12-01T00:00:00.0000000Z  39.66
2026-11-30T00:00:00.0000000Z  12.20
2026-11-29T00:00:00.0000000Z  11.84
(dependencies from the render worker are 71% of it; sampling was turned off in the api in 2.14.0)`, undefined, { kind: "app", where: "top" }],
    [179, "Read", { file_path: `${C}/src/Cobalt.Api/appsettings.Production.json` }, aiCfg(100, 50), "aisampling", { kind: "code", where: "top" }],
    [180, "Edit", { file_path: `${C}/src/Cobalt.Api/appsettings.Production.json`, old_string: '    "SamplingPercentage": 100,', new_string: '    "SamplingPercentage": 25,' }, `The file ${C}/src/Cobalt.Api/appsettings.Production.json has been updated.`, undefined, { kind: "code", where: "top" }],
    [181, "Edit", { file_path: `${C}/src/Cobalt.Api/appsettings.Production.json`, old_string: '    "DailyCapGb": 50', new_string: '    "DailyCapGb": 20' }, `The file ${C}/src/Cobalt.Api/appsettings.Production.json has been updated.`, undefined, { kind: "code", where: "top" }],
    [182, "Read", { file_path: `${C}/src/Cobalt.Api/appsettings.Production.json` }, aiCfg(25, 20), "aisampling", { kind: "code", where: "top" }],
    [184, "Edit", { file_path: `${C}/src/Cobalt.Worker/Pdf/QuestInvoiceDocument.cs`, old_string: "            table.Header(h => ComposeHeader(h, invoice));", new_string: "            table.Header(h => ComposeHeader(h, invoice));\n            // long invoices: let rows break across pages instead of ShowEntire (the cause of the infinite layout)\n            table.Cell().ShowEntire(false);" }, `The file ${C}/src/Cobalt.Worker/Pdf/QuestInvoiceDocument.cs has been updated.`, undefined, { kind: "code", where: "top" }],
    [186, "Bash", { command: `az appconfig feature enable -n appcs-cobalt-prod --feature InvoicePdfV2 --label prod -y -o none && az appconfig feature filter update -n appcs-cobalt-prod --feature InvoicePdfV2 --label prod --filter-name Microsoft.Targeting --filter-parameters Audience:DefaultRolloutPercentage=10 -y -o none && az appconfig feature disable -n appcs-cobalt-prod --feature BulkExport --label prod -y -o none && ${FLAG_CMD}` }, flags("conditional", "on", "off", 10), "flags", { kind: "app", where: "top" }],
    [188, "Bash", Q429, kql429([ACME_NOW, ["initech-finance", 51022, 4, "0.01"], ["northwind-b2b", 13180, 0, "0"], ["globex-ap", 10447, 0, "0"]]), "kql429", { kind: "app", where: "top" }],
    [190, "Bash", { command: "az servicebus queue show -g rg-cobalt-prod --namespace-name sb-cobalt-prod -n email-outbound --query '{lock:lockDuration,mdc:maxDeliveryCount,counts:countDetails}'" }, `{
  "counts": {
    "activeMessageCount": 7,
    "deadLetterMessageCount": 19,
    "scheduledMessageCount": 0,
    "transferDeadLetterMessageCount": 0,
    "transferMessageCount": 0
  },
  "lock": "PT1M",
  "mdc": 10
}`, undefined, { kind: "app", where: "top" }],
    [193, "Bash", { command: "kubectl -n cobalt top pods" }, `NAME                               CPU(cores)   MEMORY(bytes)
cobalt-api-6f9d8c7b5-2kq8x         212m         388Mi
cobalt-api-6f9d8c7b5-7hv4p         198m         402Mi
cobalt-api-6f9d8c7b5-jx9m2         240m         395Mi
cobalt-api-6f9d8c7b5-w3n6t         187m         379Mi
cobalt-webhooks-5d7c8b9f6-8tq2l    41m          201Mi
cobalt-webhooks-5d7c8b9f6-zl4k9    38m          197Mi
cobalt-worker-8b6f7d9c4-5m2xr      1412m        2210Mi
cobalt-worker-8b6f7d9c4-9q7wz      1388m        2188Mi
cobalt-worker-8b6f7d9c4-kc3v8      1501m        2301Mi
cobalt-worker-8b6f7d9c4-t8n1j      1297m        2090Mi`, undefined, { kind: "app", where: "top" }],
    [197, "Bash", { command: "dotnet test tests/Cobalt.Tests -c Release" }, `Test run for /home/dev/cobalt/tests/Cobalt.Tests/bin/Release/net8.0/Cobalt.Tests.dll (.NETCoreApp,Version=v8.0)
A total of 1 test files matched the specified pattern.
[xUnit.net 00:00:02.14]   Starting:    Cobalt.Tests
[xUnit.net 00:01:02.88]   Finished:    Cobalt.Tests
Passed!  - Failed:     0, Passed:   304, Skipped:     2, Total:   306, Duration: 1 m 01 s - Cobalt.Tests.dll (net8.0)`, undefined, { kind: "test", where: "bottom" }],
    [201, "Bash", { command: "git log --oneline -n 12" }, `3f9c0b8 api: register IExportQueue (exports 500 in 2.15.0)
e04a7d1 release 2.15.0
7d21c4e worker: QuestPDF rows may break across pages
b02e9f3 api: sampling 25%, daily cap 20 GB
c11a7e0 tests: Testcontainers 4.0.0, xunit 2.9.2
d4a8f21 data: AddWebhookRetryColumns
5be20a9 tests: serialize the tests that touch the invoice number sequence
aa0f4d2 worker: workload identity for service bus
c0d9b52 worker: read the pdf license from configuration, not Key Vault per message
70e3c19 api: partner limit 200/min, queue 50
2f6b8e4 infra: userd8 pool (D8s_v5), drop userpool
9a1f3d6 Revert "deps: EF Core 9.0.0"`, undefined, { kind: "build", where: "top" }],
  ],
  questions: [
    { kind: "state", prompt: "how many worker pods are running rn", want: [{ key: "deploys", fact: WORKER_NOW }] },
    { kind: "state", prompt: "which api image is live now?", want: [{ key: "deploys", fact: "cobalt-api:2.15.1" }] },
    { kind: "state", prompt: "lock duration on the render queue these days?", want: [{ key: "sbqueue", fact: '"lockDuration": "PT1M"' }] },
    { kind: "state", prompt: "whats max delivery count on invoice-render now", want: [{ key: "sbqueue", fact: '"maxDeliveryCount": 5' }] },
    { kind: "state", prompt: "anything left in the render dead letter queue?", want: [{ key: "sbqueue", fact: '"deadLetterMessageCount": 3' }] },
    { kind: "state", prompt: "how many pdfs does each worker pod render in parallel now", want: [{ key: "workercfg", fact: '"MaxConcurrentCalls": 8' }] },
    { kind: "state", prompt: "is the worker still auth'ing to service bus with the conn string or MI", want: [{ key: "workercfg", fact: '"Auth": "WorkloadIdentity"' }] },
    { kind: "state", prompt: "partner rate limit per minute currently", want: [{ key: "ratelimit", fact: "PermitLimit = 200," }] },
    { kind: "state", prompt: "what tier is the prod sql db on after all the scaling", want: [{ key: "sqlsku", fact: '"currentServiceObjectiveName": "GP_Gen5_6"' }] },
    { kind: "state", prompt: "newest ef migration applied in prod?", want: [{ key: "efhistory", fact: "20261205143010_AddWebhookRetryColumns" }] },
    { kind: "state", prompt: "which efcore version did we end up on", want: [{ key: "pkglist", fact: EF_NOW }] },
    { kind: "state", prompt: "what vm size are the user nodes now and how many", want: [{ key: "nodepool", fact: NP_NOW }] },
    { kind: "state", prompt: "api autoscaler min/max?", want: [{ key: "hpa", fact: HPA_NOW }] },
    { kind: "state", prompt: "pdf v2 rollout % at the moment", want: [{ key: "flags", fact: '"DefaultRolloutPercentage": 10' }] },
    { kind: "state", prompt: "is the old bulk export thing still enabled for partners", want: [{ key: "flags", fact: flagRow("BulkExport", "off", "CSV/XLSX export for partners") }] },
    { kind: "state", prompt: "the old sb secret in the vault, is it still enabled?", want: [{ key: "kvsecret", fact: '"enabled": false' }] },
    { kind: "state", prompt: "which helm revision of the api is deployed", want: [{ key: "helmhist", fact: H44 }] },
    { kind: "state", prompt: "appinsights sampling percentage now?", want: [{ key: "aisampling", fact: '"SamplingPercentage": 25' }] },
    { kind: "state", prompt: "is the invoice number test still flaky", want: [{ key: "flakyloop", fact: "0/30 runs failed" }] },
    { kind: "state", prompt: "how many 429s is acme getting per day now", want: [{ key: "kql429", fact: acmeRow(ACME_NOW) }] },
    { kind: "history", prompt: "why were the render msgs getting dead lettered in the first place", want: [{ turn: 8, fact: "(MessageLockLost)" }] },
    { kind: "history", prompt: "how many dead letters did we end up resubmitting", want: [{ turn: 24, fact: "resubmitted 18412 messages" }] },
    { kind: "history", prompt: "what did nuget complain about right after bumping ef to 9", want: [{ turn: 33, fact: "Detected package downgrade: Microsoft.EntityFrameworkCore.Relational from 9.0.0 to 8.0.8" }] },
    { kind: "history", prompt: "why did we end up reverting the ef core 9 upgrade", want: [{ turn: 38, fact: "every integration test that migrates the Testcontainers db fails (41 of 306)" }] },
    { kind: "history", prompt: "what exactly timed out in the prod migration job", want: [{ turn: 44, fact: "Failed executing DbCommand (30,012ms)" }] },
    { kind: "history", prompt: "how many rows does invoicelines have, the table the index was on", want: [{ turn: 46, fact: "InvoiceLines           48211907" }] },
    { kind: "history", prompt: "what blew up right after we bumped the partner limit to 300", want: [{ turn: 72, fact: "The request limit for the database is 800 and has been reached" }] },
    { kind: "history", prompt: "why was key vault throttling the worker", want: [{ turn: 88, fact: "new SecretClient and fetched Pdf--LicenseKey for every message" }] },
    { kind: "history", prompt: "why were some worker pods stuck pending before the node pool change", want: [{ turn: 92, fact: "0/6 nodes are available: 3 Insufficient cpu" }] },
    { kind: "history", prompt: "what broke right after rotating the sb key", want: [{ turn: 112, fact: "InvalidSignature: The token has an invalid signature" }] },
    { kind: "history", prompt: "when did that flaky xunit test first show up on main", want: [{ turn: 122, fact: "X       worker: 4 concurrent renders per pod, lo...  ci        main    push          12201175094" }] },
    { kind: "history", prompt: "what was actually causing the flaky number generator test", want: [{ turn: 133, fact: "CreditNoteTests restarts dbo.InvoiceNumbers in InitializeAsync" }] },
    { kind: "history", prompt: "why did we turn pdf v2 back off the first time", want: [{ turn: 139, fact: "Composed layout generates infinite document" }] },
    { kind: "history", prompt: "what was broken in 2.15.0 that made us roll back", want: [{ turn: 160, fact: "Unable to resolve service for type 'Cobalt.Api.Exports.IExportQueue'" }] },
    { kind: "history", prompt: "how much was app insights ingesting a day before we turned sampling on", want: [{ turn: 178, fact: "2026-12-05T00:00:00.0000000Z  38.42" }] },
    { kind: "multi", prompt: "worker replicas + per pod concurrency?", want: [{ key: "deploys", fact: WORKER_NOW }, { key: "workercfg", fact: '"MaxConcurrentCalls": 8' }] },
    { kind: "multi", prompt: "sql sku and the latest migration in prod", want: [{ key: "sqlsku", fact: '"currentServiceObjectiveName": "GP_Gen5_6"' }, { key: "efhistory", fact: "20261205143010_AddWebhookRetryColumns" }] },
    { kind: "multi", prompt: "node pool size now, and hpa max for the api", want: [{ key: "nodepool", fact: NP_NOW }, { key: "hpa", fact: HPA_NOW }] },
    { kind: "multi", prompt: "current partner limit and how many 429s acme still gets", want: [{ key: "ratelimit", fact: "PermitLimit = 200," }, { key: "kql429", fact: acmeRow(ACME_NOW) }] },
    { kind: "multi", prompt: "live helm rev and what version /health reports", want: [{ key: "helmhist", fact: H44 }, { key: "health", fact: '"version":"2.15.1"' }] },
    { kind: "multi", prompt: "pdfv2 rollout and the sampling pct?", want: [{ key: "flags", fact: '"DefaultRolloutPercentage": 10' }, { key: "aisampling", fact: '"SamplingPercentage": 25' }] },
    { kind: "multi", prompt: "ef version + is the flaky test fixed", want: [{ key: "pkglist", fact: EF_NOW }, { key: "flakyloop", fact: "0/30 runs failed" }] },
    { kind: "none", prompt: "thx, calling it a day" },
    { kind: "none", prompt: "generally whats the difference between IOptions, IOptionsSnapshot and IOptionsMonitor?" },
    { kind: "none", prompt: "quick one: record vs record struct in c#, when do i use which" },
    { kind: "none", prompt: "coffee, back in 10" },
    { kind: "none", prompt: "how would you usually lay out a clean architecture solution in .net" },
  ],
};

const Y = "/home/dev/yelken";
const OPS = "/home/dev/yelken-ops";

const VERSION_CMD = { command: "for h in app-01 app-02; do printf '%s ' $h; curl -s http://$h.yelken.internal:8080/version; echo; done" };
const versions = (v, git, rustc, built) => ["app-01", "app-02"].map((h) => `${h} {"name":"yelken-api","version":"${v}","git":"${git}","built":"${built}","rustc":"${rustc}","profile":"release"}`).join("\n");

const dfOut = (used, avail, pct) => `Filesystem      Size  Used Avail Use% Mounted on
udev             63G     0   63G   0% /dev
tmpfs            13G  1.4M   13G   1% /run
/dev/md2        1.8T  412G  1.3T  25% /
/dev/md1        989M  212M  726M  23% /boot
/dev/nvme0n1p1   98G  ${used.padStart(4)}  ${avail.padStart(4)}  ${pct.padStart(3)} /var
tmpfs            63G     0   63G   0% /dev/shm`;
const DF_CMD = { command: "ssh app-01 df -h -x overlay" };
const DF_NOW = `/dev/nvme0n1p1   98G   41G   53G  44% /var`;

const workerUnit = (envFile, restartSec, limits) => `# /etc/systemd/system/yelken-worker.service
[Unit]
Description=Yelken background worker (payouts, reminders, ical sync)
After=network-online.target redis-server.service
Wants=network-online.target
${limits ? "StartLimitIntervalSec=300\nStartLimitBurst=10\n" : ""}
[Service]
Type=simple
User=yelken
Group=yelken
WorkingDirectory=/opt/yelken
EnvironmentFile=${envFile}
ExecStart=/opt/yelken/releases/current/yelken-worker
Restart=always
RestartSec=${restartSec}
LimitNOFILE=65536
StandardOutput=journal
StandardError=journal
SyslogIdentifier=yelken-worker

[Install]
WantedBy=multi-user.target`;

const apiUnit = (mem) => `# /etc/systemd/system/yelken-api.service
[Unit]
Description=Yelken HTTP API (axum)
After=network-online.target
Wants=network-online.target

[Service]
Type=simple
User=yelken
Group=yelken
WorkingDirectory=/opt/yelken
EnvironmentFile=/etc/yelken/yelken-api.env
ExecStart=/opt/yelken/releases/current/yelken-api
Restart=on-failure
RestartSec=2s
LimitNOFILE=65536
TasksMax=4096
MemoryAccounting=yes
MemoryMax=${mem}
OOMPolicy=stop
StandardOutput=append:/var/log/yelken/api.log
StandardError=journal

[Install]
WantedBy=multi-user.target`;

const apiStatus = (since, mem, max, avail, peak, tasks, pid) => `● yelken-api.service - Yelken HTTP API (axum)
     Loaded: loaded (/etc/systemd/system/yelken-api.service; enabled; preset: enabled)
     Active: active (running) since ${since}
   Main PID: ${pid} (yelken-api)
      Tasks: ${tasks} (limit: 4096)
     Memory: ${mem} (max: ${max} available: ${avail} peak: ${peak})
        CPU: 3h 41min 12.337s
     CGroup: /system.slice/yelken-api.service
             └─${pid} /opt/yelken/releases/current/yelken-api

Dec 05 09:14:02 app-01 yelken-api[${pid}]: INFO yelken_api::http: GET /v1/boats?port=bodrum 200 41ms
Dec 05 09:14:03 app-01 yelken-api[${pid}]: INFO yelken_api::http: POST /v1/bookings 201 88ms`;

const logrotate = (body) => `# /etc/logrotate.d/yelken (app-01, app-02)\n${body}`;
const LR_V1 = `/var/log/yelken/*.log {
    weekly
    rotate 4
    missingok
    notifempty
    create 0640 yelken adm
}`;
const lrV2 = (rotate) => `/var/log/yelken/*.log {
    daily
    rotate ${rotate}
    maxsize 500M
    compress
    delaycompress
    missingok
    notifempty
    copytruncate
    su yelken adm
}`;

const toolchain = (ch) => `[toolchain]\nchannel = "${ch}"\ncomponents = ["rustfmt", "clippy"]\ntargets = ["x86_64-unknown-linux-gnu"]\nprofile = "minimal"`;

const cargoTree = (self, sqlx, tokio, redis, extra) => `yelken-api v${self} (${Y}/crates/api)
├── anyhow v1.0.93
├── axum v0.7.9
├── futures v0.3.31
├── redis v${redis}
├── serde v1.0.215
├── serde_json v1.0.133
├── sqlx v${sqlx}
├── thiserror v1.0.69
├── tokio v${tokio}
${extra}├── tower-http v0.6.2
├── tracing v0.1.40
├── tracing-appender v0.2.3
├── tracing-subscriber v0.3.18
└── yelken-core v${self} (${Y}/crates/core)
[dev-dependencies]
├── axum-test v16.4.0
└── tokio-tungstenite v0.24.0`;

const CK_OLD = "5e1a07c2d9b34f8e6a0c1d2e3f40516273849aabbccddeeff00112233445566778899aabbccddeeff0011223344556677";
const CK_NEW = "c07b9e1f2a3d4c5b6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5";
const MIG_BASE = ["20261101090000/installed init", "20261109120500/installed boats and berths", "20261115143000/installed bookings add currency", "20261121101500/installed payouts"];
const migInfo = (rows) => `$ sqlx migrate info --source migrations\n${rows.join("\n")}`;

const poolCfg = (max) => `   1\t# config/production.toml (deployed by ansible to /etc/yelken/production.toml)
   2\t[server]
   3\tbind = "0.0.0.0:8080"
   4\trequest_timeout_secs = 30
   5\tgraceful_shutdown_secs = 20
   6\t
   7\t[database]
   8\turl_env = "DATABASE_URL"
   9\tmax_connections = ${max}
  10\tmin_connections = 2
  11\tacquire_timeout_secs = 5
  12\tidle_timeout_secs = 600
  13\tstatement_timeout_ms = 15000
  14\t
  15\t[redis]
  16\turl_env = "REDIS_URL"
  17\tpool_size = 16
  18\t
  19\t[worker]
  20\tdb_max_connections = 8
  21\tpayout_batch = 200
  22\t
  23\t[ws]
  24\tmax_subscribers_per_user = 8
  25\tbroadcast_capacity = 1024`;

const pgSettings = (max, sb, pending) => ` name            | setting | unit | pending_restart\n-----------------+---------+------+-----------------\n max_connections | ${String(max).padEnd(7)} |      | ${pending}\n shared_buffers  | ${String(sb).padEnd(7)} | 8kB  | f\n work_mem        | 16384   | kB   | f\n(3 rows)`;
const PG_CMD = "ssh db-01 sudo -u postgres psql -c \"select name, setting, unit, pending_restart from pg_settings where name in ('max_connections','shared_buffers','work_mem')\"";

const nginxConf = (read, keepalive) => `# configuration file /etc/nginx/sites-enabled/yelken.conf:
upstream yelken_api {
    server 127.0.0.1:8080 max_fails=3 fail_timeout=10s;
    server 10.0.1.12:8080 max_fails=3 fail_timeout=10s;
    keepalive ${keepalive};
}

server {
    listen 443 ssl;
    http2 on;
    server_name api.yelken.app;
    ssl_certificate     /etc/letsencrypt/live/api.yelken.app/fullchain.pem;
    ssl_certificate_key /etc/letsencrypt/live/api.yelken.app/privkey.pem;
    client_max_body_size 10m;

    location / {
        proxy_pass http://yelken_api;
        proxy_http_version 1.1;
        proxy_set_header Connection "";
        proxy_set_header Host $host;
        proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
        proxy_connect_timeout 5s;
        proxy_read_timeout ${read};
        proxy_next_upstream error timeout http_502;
    }

    location /v1/ws {
        proxy_pass http://yelken_api;
        proxy_http_version 1.1;
        proxy_set_header Upgrade $http_upgrade;
        proxy_set_header Connection "upgrade";
        proxy_read_timeout 3600s;
    }
}

server {
    listen 80;
    server_name api.yelken.app;
    location /.well-known/acme-challenge/ { root /var/www/letsencrypt; }
    location / { return 301 https://$host$request_uri; }
}`;
const NGINX_CMD = { command: "ssh app-01 sudo nginx -T 2>/dev/null | sed -n '/sites-enabled\\/yelken.conf/,/^# configuration file/p'" };

const tasksOut = (alive, spawned, ws) => `yelken_tokio_alive_tasks{host="app-01"} ${alive}
yelken_tokio_spawned_tasks_total{host="app-01"} ${spawned}
yelken_tokio_global_queue_depth{host="app-01"} 0
yelken_tokio_workers{host="app-01"} 16
yelken_ws_connected_clients{host="app-01"} ${ws}`;
const TASKS_CMD = { command: "ssh app-01 curl -s localhost:9464/metrics | grep -E '^yelken_(tokio|ws)_'" };
const TASKS_NOW = 'yelken_tokio_alive_tasks{host="app-01"} 214';

const certs = (api) => `Saving debug log to /var/log/letsencrypt/letsencrypt.log

- - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - -
Found the following certs:
  Certificate Name: api.yelken.app
    Key Type: ECDSA
    Domains: api.yelken.app
    Expiry Date: ${api}
    Certificate Path: /etc/letsencrypt/live/api.yelken.app/fullchain.pem
    Private Key Path: /etc/letsencrypt/live/api.yelken.app/privkey.pem
  Certificate Name: grafana.yelken.app
    Key Type: ECDSA
    Domains: grafana.yelken.app
    Expiry Date: 2027-02-11 11:02:40+00:00 (VALID: 67 days)
    Certificate Path: /etc/letsencrypt/live/grafana.yelken.app/fullchain.pem
    Private Key Path: /etc/letsencrypt/live/grafana.yelken.app/privkey.pem
- - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - -`;
const CERT_NOW = "Expiry Date: 2027-03-05 08:14:22+00:00 (VALID: 89 days)";

const rules = (p99, forP99, mem, tasks) => `   1\tgroups:
   2\t  - name: yelken-api
   3\t    rules:
   4\t      - alert: YelkenP99LatencyHigh
   5\t        expr: histogram_quantile(0.99, sum by (le) (rate(http_server_request_duration_seconds_bucket{job="yelken-api"}[5m]))) > ${p99}
   6\t        for: ${forP99}
   7\t        labels: { severity: page }
   8\t        annotations:
   9\t          summary: "p99 latency high on {{ $labels.instance }}"
  10\t      - alert: YelkenApiMemoryHigh
  11\t        expr: process_resident_memory_bytes{job="yelken-api"} > ${mem}
  12\t        for: 10m
  13\t        labels: { severity: warn }
  14\t      - alert: Yelken5xxRate
  15\t        expr: sum(rate(http_server_requests_total{job="yelken-api",status=~"5.."}[5m])) / sum(rate(http_server_requests_total{job="yelken-api"}[5m])) > 0.02
  16\t        for: 5m
  17\t        labels: { severity: page }${tasks ? `
  18\t      - alert: YelkenTokioTasksHigh
  19\t        expr: yelken_tokio_alive_tasks > 5000
  20\t        for: 15m
  21\t        labels: { severity: warn }` : ""}`;

const amCfg = (repeat) => `route:
  receiver: slack-yelken
  group_by: [alertname, instance]
  group_wait: 30s
  group_interval: 5m
  repeat_interval: ${repeat}
  routes:
    - matchers: [severity="page"]
      receiver: pagerduty-yelken
      group_wait: 10s
receivers:
  - name: slack-yelken
    slack_configs:
      - channel: "#yelken-alerts"
        send_resolved: true
  - name: pagerduty-yelken
    pagerduty_configs:
      - routing_key_file: /etc/alertmanager/pd-routing-key
inhibit_rules:
  - source_matchers: [severity="page"]
    target_matchers: [severity="warn"]
    equal: [instance]`;

const redisInfo = (used, peak, max, policy, evicted) => `# Memory
used_memory:${Math.round(parseFloat(used) * 1073741824)}
used_memory_human:${used}
used_memory_peak_human:${peak}
maxmemory_human:${max}
maxmemory_policy:${policy}
mem_fragmentation_ratio:1.12
# Stats
evicted_keys:${evicted}
keyspace_hits:918220411
keyspace_misses:40118203`;
const REDIS_CMD = "ssh app-01 redis-cli info memory | grep -E '^(used_memory|used_memory_human|used_memory_peak_human|maxmemory_human|maxmemory_policy|mem_fragmentation_ratio):' && ssh app-01 redis-cli info stats | grep -E '^(evicted_keys|keyspace_hits|keyspace_misses):'";

const recap = (rows) => `PLAY RECAP *********************************************************************\n${rows.join("\n")}`;
const recapRow = (h, ok, changed, failed) => `${h.padEnd(31)}: ok=${ok}   changed=${changed}    unreachable=0    failed=${failed}    skipped=3    rescued=0    ignored=0`;

const yelken = {
  name: "yelken (held out 21)",
  sessionId: "edd59e73-5b2e-460f-956a-37dbd5809270",
  cwd: Y,
  turns: 208,
  seed: 21211,
  files: ["crates/api/src/main.rs", "crates/api/src/routes/bookings.rs", "crates/api/src/routes/reports.rs", "crates/api/src/ws/hub.rs", "crates/api/src/metrics.rs", "crates/core/src/db.rs", "crates/core/src/bookings.rs", "crates/core/src/config.rs", "crates/worker/src/main.rs", "crates/worker/src/payouts.rs", "migrations/20261128120000_orders_status_idx.sql", "Cargo.toml", "rust-toolchain.toml", "config/production.toml", "../yelken-ops/roles/yelken/templates/yelken-worker.service.j2", "../yelken-ops/roles/nginx/templates/yelken.conf.j2"],
  otherTests: ["yelken_core::bookings::tests", "yelken_api::routes::boats::tests", "yelken_worker::payouts::tests", "yelken_core::pricing::tests", "yelken_api::auth::tests"],
  words: ["booking", "boat", "berth", "payout", "owner", "charter", "port", "season", "price", "calendar", "ical", "reminder", "pool", "conn", "task", "subscriber", "hub", "request", "handler", "state", "redis", "cache", "migration", "span", "release"],
  grepWords: ["tokio::spawn", "PgPoolOptions", "sqlx::query_as!", "broadcast::channel", "TODO", "acquire_timeout"],
  testCommands: ["cargo test -p yelken-core", "cargo test -p yelken-api routes::boats", "cargo nextest run -p yelken-worker"],
  buildCommands: ["cargo build --release", "cargo clippy --all-targets -- -D warnings", "cargo fmt --check"],
  appCommands: ["ssh app-01 journalctl -u yelken-api -n 40 --no-pager", "ssh app-02 journalctl -u yelken-api -n 40 --no-pager", "ssh app-01 sudo tail -n 40 /var/log/nginx/access.log"],
  prompts: ["devam", "devam et", "ok next", "tamam, sonraki", "go on", "hadi devam", "sıradaki", "keep going", "ok"],
  facts: [
    [2, "Bash", VERSION_CMD, versions("0.18.2", "3f1a9c2", "1.75.0", "2026-11-26T14:02:11Z"), "version", { kind: "app", where: "top" }],
    [4, "Bash", DF_CMD, dfOut("90G", "3.1G", "97%"), "df", { kind: "app", where: "top" }],
    [6, "Bash", { command: "ssh app-01 journalctl -u yelken-worker -n 14 --no-pager" }, `Dec 03 07:41:12 app-01 systemd[1]: yelken-worker.service: Scheduled restart job, restart counter is at 4821.
Dec 03 07:41:12 app-01 systemd[1]: Stopped yelken-worker.service - Yelken background worker (payouts, reminders, ical sync).
Dec 03 07:41:12 app-01 systemd[1]: Started yelken-worker.service - Yelken background worker (payouts, reminders, ical sync).
Dec 03 07:41:12 app-01 yelken-worker[918271]: Error: config: missing env var REDIS_URL
Dec 03 07:41:12 app-01 yelken-worker[918271]: Caused by:
Dec 03 07:41:12 app-01 yelken-worker[918271]:     environment variable not found
Dec 03 07:41:12 app-01 systemd[1]: yelken-worker.service: Main process exited, code=exited, status=1/FAILURE
Dec 03 07:41:12 app-01 systemd[1]: yelken-worker.service: Failed with result 'exit-code'.
Dec 03 07:41:12 app-01 systemd[1]: yelken-worker.service: Scheduled restart job, restart counter is at 4822.
Dec 03 07:41:12 app-01 systemd[1]: Started yelken-worker.service - Yelken background worker (payouts, reminders, ical sync).
Dec 03 07:41:12 app-01 yelken-worker[918274]: Error: config: missing env var REDIS_URL
Dec 03 07:41:12 app-01 systemd[1]: yelken-worker.service: Main process exited, code=exited, status=1/FAILURE
(same on app-02; every 100ms since the ansible run on Dec 02 18:20)`, undefined, { kind: "app", error: true, where: "top" }],
    [8, "Bash", { command: "ssh app-01 systemctl cat yelken-worker" }, workerUnit("/etc/yelken/worker.env", "100ms", false), "workerunit", { kind: "code", where: "top" }],
    [10, "Bash", { command: "ssh app-01 sudo ls -la /etc/yelken" }, `total 28
drwxr-x---   2 root yelken 4096 Dec  2 18:20 .
drwxr-xr-x 112 root root   4096 Dec  2 18:20 ..
-rw-r-----   1 root yelken  611 Dec  2 18:20 production.toml
-rw-r-----   1 root yelken  402 Dec  2 18:20 yelken-api.env
-rw-r-----   1 root yelken  377 Dec  2 18:20 yelken-worker.env
(no worker.env any more)`, undefined, { kind: "app", where: "top" }],
    [12, "Bash", { command: `git -C ${OPS} log -1 -p --stat roles/yelken/tasks/main.yml | head -40` }, `commit 8d41c07e2a9b1f3e5d7c6b4a29180e7f3c5d2b1a
Author: Kerem Aydın <kerem@yelken.app>
Date:   Wed Dec 2 18:11:40 2026 +0300

    ansible: env files named after their units

 roles/yelken/tasks/main.yml | 4 ++--
 1 file changed, 2 insertions(+), 2 deletions(-)

diff --git a/roles/yelken/tasks/main.yml b/roles/yelken/tasks/main.yml
@@ -31,10 +31,10 @@
 - name: env files
   ansible.builtin.template:
     src: "{{ item }}.env.j2"
-    dest: "/etc/yelken/{{ item | replace('yelken-', '') }}.env"
+    dest: "/etc/yelken/{{ item }}.env"
     owner: root
     group: yelken
     mode: "0640"
   loop: [yelken-api, yelken-worker]
(the api unit template was updated to /etc/yelken/yelken-api.env in the same PR; yelken-worker.service.j2 still points at /etc/yelken/worker.env)`, undefined, { kind: "build", where: "top" }],
    [14, "Edit", { file_path: `${OPS}/roles/yelken/templates/yelken-worker.service.j2`, old_string: "EnvironmentFile=/etc/yelken/worker.env\nExecStart=/opt/yelken/releases/current/yelken-worker\nRestart=always\nRestartSec=100ms", new_string: "EnvironmentFile=/etc/yelken/yelken-worker.env\nExecStart=/opt/yelken/releases/current/yelken-worker\nRestart=always\nRestartSec=5s" }, `The file ${OPS}/roles/yelken/templates/yelken-worker.service.j2 has been updated. (StartLimitIntervalSec=300 / StartLimitBurst=10 added to [Unit])`, undefined, { kind: "code", where: "top" }],
    [15, "Bash", { command: `cd ${OPS} && ansible-playbook -i inventories/prod site.yml --tags yelken-units` }, `TASK [yelken : env files] ******************************************************
ok: [app-01] => (item=yelken-api)
ok: [app-01] => (item=yelken-worker)
ok: [app-02] => (item=yelken-api)
ok: [app-02] => (item=yelken-worker)

TASK [yelken : api unit] *******************************************************
ok: [app-01]
ok: [app-02]

TASK [yelken : worker unit] ****************************************************
changed: [app-01]
changed: [app-02]

RUNNING HANDLER [yelken : restart worker] **************************************
changed: [app-01]
changed: [app-02]

${recap([recapRow("app-01", 14, 2, 0), recapRow("app-02", 14, 2, 0)])}`, undefined, { kind: "build", where: "bottom" }],
    [16, "Bash", { command: "ssh app-01 systemctl cat yelken-worker" }, workerUnit("/etc/yelken/yelken-worker.env", "5s", true), "workerunit", { kind: "code", where: "top" }],
    [18, "Bash", { command: "ssh app-01 systemctl status yelken-worker --no-pager | head -12" }, `● yelken-worker.service - Yelken background worker (payouts, reminders, ical sync)
     Loaded: loaded (/etc/systemd/system/yelken-worker.service; enabled; preset: enabled)
     Active: active (running) since Thu 2026-12-03 07:52:40 UTC; 3min 11s ago
   Main PID: 921004 (yelken-worker)
      Tasks: 19 (limit: 76821)
     Memory: 38.2M (peak: 41.0M)
        CPU: 1.402s
Dec 03 07:52:40 app-01 yelken-worker[921004]: INFO yelken_worker: connected to redis, 3 queues
Dec 03 07:52:41 app-01 yelken-worker[921004]: INFO yelken_worker::payouts: 212 payouts pending since Dec 02 18:20, draining`, undefined, { kind: "app", where: "top" }],
    [20, "Bash", { command: "ssh app-01 sudo du -sh /var/log/yelken/* /var/log/journal /var/log/nginx | sort -h | tail -8" }, `212M\t/var/log/nginx
1.1G\t/var/log/yelken/worker.log.1
2.3G\t/var/log/yelken/worker.log
4.0G\t/var/log/yelken/api.log
6.2G\t/var/log/journal
41G\t/var/log/yelken/api.log.1
(api.log.1 is the file the api still has open: logrotate renamed it on Sunday, the process keeps appending to the old inode)`, undefined, { kind: "app", where: "top" }],
    [22, "Bash", { command: "ssh app-01 cat /etc/logrotate.d/yelken" }, logrotate(LR_V1), "logrotate", { kind: "code", where: "top" }],
    [24, "Edit", { file_path: `${OPS}/roles/yelken/files/logrotate-yelken`, old_string: LR_V1, new_string: lrV2(14) }, `The file ${OPS}/roles/yelken/files/logrotate-yelken has been updated.`, undefined, { kind: "code", where: "top" }],
    [25, "Bash", { command: `cd ${OPS} && ansible-playbook -i inventories/prod site.yml --tags logrotate && ssh app-01 sudo logrotate -d /etc/logrotate.d/yelken 2>&1 | head -20` }, `${recap([recapRow("app-01", 6, 1, 0), recapRow("app-02", 6, 1, 0)])}
reading config file /etc/logrotate.d/yelken
Reading state from file: /var/lib/logrotate/status
Handling 1 logs
rotating pattern: /var/log/yelken/*.log  after 1 days empty log files are not rotated, (14 rotations), old logs are removed
switching euid from 0 to 998 and egid from 0 to 4 (pid 922118)
considering log /var/log/yelken/api.log
  Now: 2026-12-03 08:10
  Last rotated at 2026-11-29 00:00
  log needs rotating
considering log /var/log/yelken/worker.log
  log needs rotating
rotating log /var/log/yelken/api.log, log->rotateCount is 14
copying /var/log/yelken/api.log to /var/log/yelken/api.log.1
truncating /var/log/yelken/api.log`, undefined, { kind: "build", where: "top" }],
    [26, "Bash", { command: "ssh app-01 'sudo systemctl restart yelken-api && sudo rm /var/log/yelken/api.log.1 /var/log/yelken/worker.log.1 && sudo logrotate -f /etc/logrotate.d/yelken' && ssh app-01 df -h -x overlay" }, dfOut("35G", "59G", "38%"), "df", { kind: "app", where: "top" }],
    [27, "Bash", { command: "ssh app-01 cat /etc/logrotate.d/yelken" }, logrotate(lrV2(14)), "logrotate", { kind: "code", where: "top" }],
    [28, "Bash", { command: "ssh app-01 'sudo journalctl --disk-usage && sudo sed -i s/^#SystemMaxUse=.*/SystemMaxUse=1G/ /etc/systemd/journald.conf && sudo systemctl restart systemd-journald && sudo journalctl --vacuum-size=1G | tail -3'" }, `Archived and active journals take up 6.2G in the file system.
Deleted archived journal /var/log/journal/5c0e1d2f7a8b4c3d9e6f1a2b3c4d5e6f/system@00061f2a3b4c5d6e-1a2b3c4d5e6f7a8b.journal~ (128.0M).
Deleted archived journal /var/log/journal/5c0e1d2f7a8b4c3d9e6f1a2b3c4d5e6f/system@00061f2a3b4c5d6e-2b3c4d5e6f7a8b9c.journal~ (128.0M).
Vacuuming done, freed 5.1G of archived journals from /var/log/journal/5c0e1d2f7a8b4c3d9e6f1a2b3c4d5e6f.`, undefined, { kind: "app", where: "bottom" }],
    [29, "Bash", { command: "cargo tree -p yelken-api --depth 1 -e normal,dev" }, cargoTree("0.19.0", "0.7.4", "1.38.0", "0.25.4", ""), "deps", { kind: "build", where: "top" }],
    [30, "Edit", { file_path: `${Y}/Cargo.toml`, old_string: 'sqlx = { version = "0.7.4", default-features = false, features = ["runtime-tokio-rustls", "postgres", "macros", "chrono", "uuid", "migrate"] }\ntokio = { version = "1.38.0", features = ["full"] }\nredis = { version = "0.25.4", features = ["tokio-comp", "connection-manager"] }', new_string: 'sqlx = { version = "0.8.2", default-features = false, features = ["runtime-tokio-rustls", "postgres", "macros", "chrono", "uuid", "migrate"] }\ntokio = { version = "1.41.1", features = ["full"] }\nredis = { version = "0.27.5", features = ["tokio-comp", "connection-manager"] }' }, `The file ${Y}/Cargo.toml has been updated.`, undefined, { kind: "code", where: "top" }],
    [31, "Bash", { command: "cargo build --release 2>&1 | tail -12" }, `    Updating crates.io index
     Locking 37 packages to latest compatible versions
      Adding sqlx v0.8.2 (latest: v0.8.2)
      Adding sqlx-core v0.8.2
      Adding sqlx-postgres v0.8.2
    Updating tokio v1.38.0 -> v1.41.1
    Updating redis v0.25.4 -> v0.27.5
error: rustc 1.75.0 is not supported by the following packages:
  sqlx@0.8.2 requires rustc 1.78.0
  sqlx-core@0.8.2 requires rustc 1.78.0
  sqlx-postgres@0.8.2 requires rustc 1.78.0
  sqlx-macros@0.8.2 requires rustc 1.78.0
Either upgrade rustc or select compatible dependency versions with
\`cargo update <name>@<current-ver> --precise <compatible-ver>\`
where \`<compatible-ver>\` is the latest version supporting rustc 1.75.0`, undefined, { kind: "build", error: true, where: "top" }],
    [33, "Read", { file_path: `${Y}/rust-toolchain.toml` }, toolchain("1.75.0"), "toolchain", { kind: "code", where: "top" }],
    [35, "Edit", { file_path: `${Y}/rust-toolchain.toml`, old_string: 'channel = "1.75.0"', new_string: 'channel = "1.82.0"' }, `The file ${Y}/rust-toolchain.toml has been updated.`, undefined, { kind: "code", where: "top" }],
    [36, "Bash", { command: "cargo build --release 2>&1 | tail -8" }, `info: syncing channel updates for '1.82.0-x86_64-unknown-linux-gnu'
info: downloading component 'cargo'
info: downloading component 'rustc'
info: installing component 'rustc'
    Updating crates.io index
error: failed to select a version for \`sqlx\`.
    ... required by package \`yelken-core v0.19.0 (${Y}/crates/core)\`
    ... which satisfies path dependency \`yelken-core\` of package \`yelken-api v0.19.0 (${Y}/crates/api)\`
versions that meet the requirements \`^0.8.2\` are: 0.8.2

the package \`yelken-core\` depends on \`sqlx\`, with features: \`runtime-tokio-rustls\` but \`sqlx\` does not have these features.
 It has an optional dependency with that name, but that dependency uses the "dep:" syntax in the features table, so it does not have an implicit feature with that name.

failed to select a version for \`sqlx\` which could resolve this conflict`, undefined, { kind: "build", error: true, where: "top" }],
    [38, "Edit", { file_path: `${Y}/Cargo.toml`, old_string: 'features = ["runtime-tokio-rustls", "postgres", "macros", "chrono", "uuid", "migrate"]', new_string: 'features = ["runtime-tokio", "tls-rustls", "postgres", "macros", "chrono", "uuid", "migrate"]' }, `The file ${Y}/Cargo.toml has been updated.`, undefined, { kind: "code", where: "top" }],
    [39, "Bash", { command: "cargo build --release 2>&1 | grep -A14 '^error' | head -22" }, `error[E0277]: the trait bound \`&mut Transaction<'_, Postgres>: Executor<'_>\` is not satisfied
   --> crates/core/src/bookings.rs:142:18
    |
142 |         .execute(&mut tx)
    |          ------- ^^^^^^^ the trait \`Executor<'_>\` is not implemented for \`&mut Transaction<'_, Postgres>\`
    |          |
    |          required by a bound introduced by this call
    |
    = help: the following other types implement trait \`Executor<'c>\`:
              &'c mut PgConnection
              &'c mut PgListener
              &Pool<DB>
    = note: \`Executor<'_>\` is implemented for \`&mut PgConnection\`, but not for \`&mut Transaction<'_, Postgres>\`

error: could not compile \`yelken-core\` (lib) due to 6 previous errors`, undefined, { kind: "build", error: true, where: "top" }],
    [41, "Edit", { file_path: `${Y}/crates/core/src/bookings.rs`, old_string: "        .execute(&mut tx)", new_string: "        .execute(&mut *tx)" }, `The file ${Y}/crates/core/src/bookings.rs has been updated. (same change in 5 more places: payouts.rs x3, berths.rs x2)`, undefined, { kind: "code", where: "top" }],
    [42, "Bash", { command: "cargo build --release 2>&1 | tail -3 && cargo tree -p yelken-api --depth 1 -e normal,dev" }, `   Compiling yelken-api v0.19.0 (${Y}/crates/api)\n   Compiling yelken-worker v0.19.0 (${Y}/crates/worker)\n    Finished \`release\` profile [optimized] target(s) in 2m 41s\n${cargoTree("0.19.0", "0.8.2", "1.41.1", "0.27.5", "")}`, "deps", { kind: "build", where: "top" }],
    [44, "Read", { file_path: `${Y}/rust-toolchain.toml` }, toolchain("1.82.0"), "toolchain", { kind: "code", where: "top" }],
    [46, "Bash", { command: "git commit -am 'deps: sqlx 0.8.2, tokio 1.41, redis 0.27; toolchain 1.82' && git log -1 --format='%h %s%n%n%b'" }, `[main 2c7e9a1] deps: sqlx 0.8.2, tokio 1.41, redis 0.27; toolchain 1.82
 7 files changed, 19 insertions(+), 15 deletions(-)
2c7e9a1 deps: sqlx 0.8.2, tokio 1.41, redis 0.27; toolchain 1.82

sqlx 0.8 needs rustc 1.78 (MSRV), so the toolchain goes from 1.75.0 to 1.82.0. The
runtime-tokio-rustls feature is gone in 0.8: it is runtime-tokio + tls-rustls now. Transactions
are no longer an Executor themselves, so queries take &mut *tx.`, undefined, { kind: "build", where: "top" }],
    [48, "Bash", { command: `cd ${OPS} && ansible-playbook -i inventories/prod deploy.yml -e yelken_version=0.19.0 --limit app-01 2>&1 | tail -6; ssh app-01 journalctl -u yelken-api -n 6 --no-pager` }, `TASK [yelken : wait for /health] ***********************************************
fatal: [app-01]: FAILED! => {"changed": false, "elapsed": 60, "msg": "Status code was -1 and not [200]: Request failed: <urlopen error [Errno 111] Connection refused>", "redirected": false, "status": -1, "url": "http://127.0.0.1:8080/health"}

${recap([recapRow("app-01", 11, 3, 1)])}
Dec 03 10:02:15 app-01 systemd[1]: Started yelken-api.service - Yelken HTTP API (axum).
Dec 03 10:02:15 app-01 yelken-api[930112]: INFO yelken_api: starting 0.19.0 (git 7b0d3e5)
Dec 03 10:02:15 app-01 yelken-api[930112]: INFO yelken_core::db: running migrations
Dec 03 10:02:15 app-01 yelken-api[930112]: Error: migration 20261128120000 was previously applied but has been modified
Dec 03 10:02:15 app-01 systemd[1]: yelken-api.service: Main process exited, code=exited, status=1/FAILURE
Dec 03 10:02:15 app-01 systemd[1]: yelken-api.service: Failed with result 'exit-code'.
(deploy.yml stops after the first host fails; app-02 is still on 0.18.2)`, undefined, { kind: "app", error: true, where: "top" }],
    [50, "Bash", { command: "DATABASE_URL=$(ssh db-01 cat /etc/yelken/ro-migrate.url) sqlx migrate info --source migrations" }, migInfo([...MIG_BASE, "20261128120000/installed (different checksum) orders status idx", `applied migration had checksum ${CK_OLD}`, `local migration has checksum   ${CK_NEW}`]), "sqlxmig", { kind: "pg", where: "top" }],
    [52, "Bash", { command: "git log --oneline --follow -p migrations/20261128120000_orders_status_idx.sql | head -30" }, `e91f4a2 style: sqlfluff fix across migrations/
diff --git a/migrations/20261128120000_orders_status_idx.sql b/migrations/20261128120000_orders_status_idx.sql
index 4b1c0de..9a7e2f1 100644
--- a/migrations/20261128120000_orders_status_idx.sql
+++ b/migrations/20261128120000_orders_status_idx.sql
@@ -1,2 +1,3 @@
--- bookings by status for the owner dashboard
-create index bookings_status_idx on bookings (status, starts_at);
+-- Bookings by status for the owner dashboard.
+CREATE INDEX IF NOT EXISTS bookings_status_idx
+    ON bookings (status, starts_at);
5d20b7c migrations: bookings status index
diff --git a/migrations/20261128120000_orders_status_idx.sql b/migrations/20261128120000_orders_status_idx.sql
new file mode 100644
(the sqlfluff commit landed on Nov 30, two days after the migration ran in prod)`, undefined, { kind: "build", where: "top" }],
    [54, "Bash", { command: "git checkout 5d20b7c -- migrations/20261128120000_orders_status_idx.sql && echo 'migrations/*.sql' >> .sqlfluffignore && git diff --cached --stat" }, ` .sqlfluffignore                                  | 1 +\n migrations/20261128120000_orders_status_idx.sql | 5 ++---\n 2 files changed, 3 insertions(+), 3 deletions(-)`, undefined, { kind: "build", where: "top" }],
    [55, "Bash", { command: "DATABASE_URL=$(ssh db-01 cat /etc/yelken/ro-migrate.url) sqlx migrate info --source migrations" }, migInfo([...MIG_BASE, "20261128120000/installed orders status idx"]), "sqlxmig", { kind: "pg", where: "top" }],
    [56, "Bash", { command: "git commit -m 'migrations: restore 20261128120000 byte for byte' && git log -1 --format='%h %s%n%n%b'" }, `[main 0a6c3f8] migrations: restore 20261128120000 byte for byte
 2 files changed, 3 insertions(+), 3 deletions(-)
0a6c3f8 migrations: restore 20261128120000 byte for byte

sqlx stores a sha384 of every applied migration and refuses to start when the file changed
(VersionMismatch). The sqlfluff reformat touched an applied migration; restored the applied text
and excluded migrations/ from sqlfluff. Never edit an applied migration, add a new one.`, undefined, { kind: "build", where: "top" }],
    [58, "Bash", { command: `cd ${OPS} && ansible-playbook -i inventories/prod deploy.yml -e yelken_version=0.19.0 2>&1 | tail -3 && ${VERSION_CMD.command}` }, `${recap([recapRow("app-01", 15, 4, 0), recapRow("app-02", 15, 4, 0)])}\n${versions("0.19.0", "9c41e0b", "1.82.0", "2026-12-03T10:31:48Z")}`, "version", { kind: "app", where: "top" }],
    [60, "Bash", { command: "ssh app-01 sudo tail -n 8 /var/log/nginx/error.log" }, `2026/12/03 14:12:02 [error] 1102#1102: *4180211 upstream timed out (110: Connection timed out) while reading response header from upstream, client: 85.105.44.12, server: api.yelken.app, request: "GET /v1/reports/monthly?owner=o_8812&month=2026-11 HTTP/2.0", upstream: "http://127.0.0.1:8080/v1/reports/monthly?owner=o_8812&month=2026-11", host: "api.yelken.app"
2026/12/03 14:12:02 [warn] 1102#1102: *4180211 upstream server temporarily disabled while reading response header from upstream, client: 85.105.44.12, server: api.yelken.app, request: "GET /v1/reports/monthly?owner=o_8812&month=2026-11 HTTP/2.0", upstream: "http://127.0.0.1:8080/v1/reports/monthly?owner=o_8812&month=2026-11", host: "api.yelken.app"
2026/12/03 14:12:32 [error] 1102#1102: *4180211 upstream timed out (110: Connection timed out) while reading response header from upstream, client: 85.105.44.12, server: api.yelken.app, request: "GET /v1/reports/monthly?owner=o_8812&month=2026-11 HTTP/2.0", upstream: "http://10.0.1.12:8080/v1/reports/monthly?owner=o_8812&month=2026-11", host: "api.yelken.app"
2026/12/03 14:12:40 [error] 1103#1103: *4180377 no live upstreams while connecting to upstream, client: 176.88.21.9, server: api.yelken.app, request: "POST /v1/bookings HTTP/2.0", upstream: "http://yelken_api/v1/bookings", host: "api.yelken.app"
(502 count in access.log since 13:50: 3,914)`, undefined, { kind: "app", error: true, where: "top" }],
    [62, "Bash", { command: "ssh app-01 journalctl -u yelken-api --since '14:05' --no-pager | grep -E 'WARN|ERROR' | tail -8" }, `Dec 03 14:11:37 app-01 yelken-api[931877]: WARN yelken_api::http: GET /v1/reports/monthly took 29.8s
Dec 03 14:11:41 app-01 yelken-api[931877]: ERROR yelken_api::http: POST /v1/bookings failed: pool timed out while waiting for an open connection
Dec 03 14:11:41 app-01 yelken-api[931877]: ERROR yelken_api::http: GET /v1/boats failed: pool timed out while waiting for an open connection
Dec 03 14:11:44 app-01 yelken-api[931877]: WARN yelken_api::http: GET /v1/reports/monthly took 31.2s
Dec 03 14:11:46 app-01 yelken-api[931877]: ERROR yelken_api::http: GET /v1/bookings/b_77120 failed: pool timed out while waiting for an open connection
Dec 03 14:11:50 app-01 yelken-api[931877]: WARN yelken_core::db: pool stats size=20 idle=0 waiting=143`, undefined, { kind: "app", error: true, where: "top" }],
    [64, "Read", { file_path: `${Y}/config/production.toml` }, poolCfg(20), "poolcfg", { kind: "code", where: "top" }],
    [66, "Bash", NGINX_CMD, nginxConf("30s", 16), "nginxconf", { kind: "code", where: "top" }],
    [68, "Bash", { command: "ssh db-01 sudo -u postgres psql yelken -c \"select application_name, client_addr, state, count(*), max(now() - query_start) as longest from pg_stat_activity where datname = 'yelken' group by 1,2,3 order by 4 desc\"" }, ` application_name | client_addr |        state        | count |     longest
------------------+-------------+---------------------+-------+-----------------
 yelken-api       | 10.0.1.11   | active              |    20 | 00:00:29.412
 yelken-api       | 10.0.1.12   | active              |    20 | 00:00:28.990
 yelken-worker    | 10.0.1.11   | idle                |     8 | 00:02:11.004
 yelken-worker    | 10.0.1.12   | idle                |     8 | 00:01:58.310
 grafana          | 10.0.1.30   | idle                |     2 | 00:00:41.118
(5 rows)
-- every api connection is busy with: select ... from bookings b join payouts p ... where b.owner_id = $1 and date_trunc('month', b.starts_at) = $2`, undefined, { kind: "pg", where: "top" }],
    [70, "Bash", { command: "ssh db-01 sudo -u postgres psql yelken -c \"explain (analyze, buffers) select b.id, b.starts_at, b.total_cents, p.amount_cents from bookings b left join payouts p on p.booking_id = b.id where b.owner_id = 'o_8812' and date_trunc('month', b.starts_at) = '2026-11-01'\"" }, `                                                          QUERY PLAN
------------------------------------------------------------------------------------------------------------------------------
 Hash Right Join  (cost=186220.41..402118.77 rows=3110 width=40) (actual time=14102.118..14211.402 rows=412 loops=1)
   Hash Cond: (p.booking_id = b.id)
   ->  Seq Scan on payouts p  (cost=0.00..198223.12 rows=9120012 width=24) (actual time=0.011..1120.447 rows=9120012 loops=1)
   ->  Hash  (cost=186181.55..186181.55 rows=3110 width=32) (actual time=12801.002..12801.003 rows=412 loops=1)
         ->  Seq Scan on bookings b  (cost=0.00..186181.55 rows=3110 width=32) (actual time=4.118..12800.660 rows=412 loops=1)
               Filter: ((owner_id = 'o_8812'::text) AND (date_trunc('month'::text, starts_at) = '2026-11-01 00:00:00+00'::timestamp with time zone))
               Rows Removed by Filter: 6220391
 Planning Time: 0.402 ms
 Execution Time: 14213.882 ms
(0.19.0 dropped the owner_id filter from the old query's index path when the report moved to date_trunc)`, undefined, { kind: "pg", where: "top" }],
    [72, "Edit", { file_path: `${Y}/config/production.toml`, old_string: "max_connections = 20", new_string: "max_connections = 50" }, `The file ${Y}/config/production.toml has been updated.`, undefined, { kind: "code", where: "top" }],
    [73, "Edit", { file_path: `${OPS}/roles/nginx/templates/yelken.conf.j2`, old_string: "        proxy_read_timeout 30s;", new_string: "        proxy_read_timeout 120s;" }, `The file ${OPS}/roles/nginx/templates/yelken.conf.j2 has been updated.`, undefined, { kind: "code", where: "top" }],
    [74, "Bash", { command: `cd ${OPS} && ansible-playbook -i inventories/prod site.yml --tags yelken-config,nginx 2>&1 | tail -4` }, `RUNNING HANDLER [nginx : reload nginx] *****************************************\nchanged: [app-01]\n\n${recap([recapRow("app-01", 21, 3, 0), recapRow("app-02", 19, 1, 0)])}`, undefined, { kind: "build", where: "bottom" }],
    [75, "Read", { file_path: `${Y}/config/production.toml` }, poolCfg(50), "poolcfg", { kind: "code", where: "top" }],
    [76, "Bash", NGINX_CMD, nginxConf("120s", 16), "nginxconf", { kind: "code", where: "top" }],
    [78, "Bash", { command: "ssh app-02 journalctl -u yelken-api -u yelken-worker --since '-10min' --no-pager | grep -E 'ERROR|FATAL' | tail -6; ssh db-01 sudo tail -n 3 /var/log/postgresql/postgresql-16-main.log" }, `Dec 03 14:31:02 app-02 yelken-api[71122]: ERROR yelken_core::db: failed to open connection: error returned from database: sorry, too many clients already
Dec 03 14:31:02 app-02 yelken-worker[70411]: ERROR yelken_worker::payouts: batch failed: error returned from database: sorry, too many clients already
Dec 03 14:31:05 app-02 yelken-api[71122]: ERROR yelken_api::http: POST /v1/bookings failed: pool timed out while waiting for an open connection
Dec 03 14:31:09 app-02 yelken-api[71122]: ERROR yelken_core::db: failed to open connection: error returned from database: sorry, too many clients already
2026-12-03 14:31:02.118 UTC [88120] yelken@yelken FATAL:  sorry, too many clients already
2026-12-03 14:31:09.402 UTC [88133] yelken@yelken FATAL:  sorry, too many clients already
2026-12-03 14:31:11.977 UTC [88141] grafana@yelken FATAL:  remaining connection slots are reserved for roles with the SUPERUSER attribute
(2 hosts x (50 api + 8 worker) = 116 > max_connections 100)`, undefined, { kind: "pg", error: true, where: "top" }],
    [80, "Bash", { command: PG_CMD }, pgSettings(100, 524288, "f"), "pgmax", { kind: "pg", where: "top" }],
    [82, "Bash", { command: `cd ${OPS} && ansible-playbook -i inventories/prod deploy.yml -e yelken_version=0.18.2 2>&1 | tail -3 && ${VERSION_CMD.command}` }, `${recap([recapRow("app-01", 15, 3, 0), recapRow("app-02", 15, 3, 0)])}\n${versions("0.18.2", "3f1a9c2", "1.75.0", "2026-11-26T14:02:11Z").replace(/"profile":"release"/g, '"profile":"release","rollback":true')}`, "version", { kind: "app", where: "top" }],
    [83, "Bash", { command: `git -C ${OPS} commit -am 'rollback api to 0.18.2' && git -C ${OPS} log -1 --format='%h %s%n%n%b'` }, `[main f4b2a90] rollback api to 0.18.2
 2 files changed, 2 insertions(+), 2 deletions(-)
f4b2a90 rollback api to 0.18.2

0.19.0 rewrote the monthly owner report with date_trunc on starts_at, which cannot use
bookings_owner_starts_idx: a seq scan over 6.2M bookings, 14.2s per call, holding a pool
connection each. 20 connections per host were gone in a minute, everything else waited for the
pool and nginx gave 502s after its 30s read timeout. Raising the pool to 50 only moved the wall to
Postgres (too many clients). 0.18.2 has no migration that 0.19.0 needed, so the rollback is safe.`, undefined, { kind: "build", where: "top" }],
    [84, "Bash", { command: `ssh db-01 "sudo sed -i 's/^max_connections = 100/max_connections = 200/' /etc/postgresql/16/main/postgresql.conf && sudo systemctl restart postgresql@16-main" && ${PG_CMD}` }, pgSettings(200, 524288, "f"), "pgmax", { kind: "pg", where: "top" }],
    [86, "Edit", { file_path: `${Y}/config/production.toml`, old_string: "max_connections = 50", new_string: "max_connections = 32" }, `The file ${Y}/config/production.toml has been updated.`, undefined, { kind: "code", where: "top" }],
    [87, "Read", { file_path: `${Y}/config/production.toml` }, poolCfg(32), "poolcfg", { kind: "code", where: "top" }],
    [88, "Write", { file_path: `${Y}/migrations/20261204093000_bookings_month_idx.sql`, content: "create index concurrently if not exists bookings_owner_month_idx\n    on bookings (owner_id, (date_trunc('month', starts_at at time zone 'UTC')));\n" }, `File created successfully at: ${Y}/migrations/20261204093000_bookings_month_idx.sql`, undefined, { kind: "code", where: "top" }],
    [90, "Bash", { command: "DATABASE_URL=$(ssh db-01 cat /etc/yelken/migrate.url) sqlx migrate run --source migrations" }, `Applying 20261204093000/migrate bookings month idx
error: while executing migration 20261204093000: error returned from database: CREATE INDEX CONCURRENTLY cannot run inside a transaction block`, undefined, { kind: "pg", error: true, where: "top" }],
    [91, "Edit", { file_path: `${Y}/migrations/20261204093000_bookings_month_idx.sql`, old_string: "create index concurrently if not exists bookings_owner_month_idx", new_string: "-- no-transaction\ncreate index concurrently if not exists bookings_owner_month_idx" }, `The file ${Y}/migrations/20261204093000_bookings_month_idx.sql has been updated.`, undefined, { kind: "code", where: "top" }],
    [92, "Bash", { command: "DATABASE_URL=$(ssh db-01 cat /etc/yelken/migrate.url) sqlx migrate run --source migrations && ssh db-01 sudo -u postgres psql yelken -c \"explain analyze select b.id from bookings b where b.owner_id = 'o_8812' and date_trunc('month', b.starts_at at time zone 'UTC') = '2026-11-01'\"" }, `Applied 20261204093000/migrate bookings month idx (4m 12.118s)
                                                          QUERY PLAN
------------------------------------------------------------------------------------------------------------------------------
 Index Scan using bookings_owner_month_idx on bookings b  (cost=0.56..1402.11 rows=3110 width=16) (actual time=0.041..2.990 rows=412 loops=1)
   Index Cond: ((owner_id = 'o_8812'::text) AND (date_trunc('month'::text, (starts_at AT TIME ZONE 'UTC'::text)) = '2026-11-01 00:00:00'::timestamp without time zone))
 Planning Time: 0.311 ms
 Execution Time: 38.411 ms`, undefined, { kind: "pg", where: "top" }],
    [93, "Edit", { file_path: `${OPS}/roles/nginx/templates/yelken.conf.j2`, old_string: "    keepalive 16;", new_string: "    keepalive 64;" }, `The file ${OPS}/roles/nginx/templates/yelken.conf.j2 has been updated. (proxy_read_timeout back down from 120s to 60s in the same commit: a 2 minute read timeout only hides a stuck pool)`, undefined, { kind: "code", where: "top" }],
    [94, "Bash", { command: `cd ${OPS} && ansible-playbook -i inventories/prod site.yml --tags nginx >/dev/null && ${NGINX_CMD.command}` }, nginxConf("60s", 64), "nginxconf", { kind: "code", where: "top" }],
    [95, "Bash", { command: `cd ${OPS} && ansible-playbook -i inventories/prod deploy.yml -e yelken_version=0.19.1 2>&1 | tail -3 && ${VERSION_CMD.command}` }, `${recap([recapRow("app-01", 15, 4, 0), recapRow("app-02", 15, 4, 0)])}\n${versions("0.19.1", "c2d8f71", "1.82.0", "2026-12-04T10:12:09Z")}`, "version", { kind: "app", where: "top" }],
    [97, "Bash", { command: "DATABASE_URL=$(ssh db-01 cat /etc/yelken/ro-migrate.url) sqlx migrate info --source migrations" }, migInfo([...MIG_BASE, "20261128120000/installed orders status idx", "20261204093000/installed bookings month idx"]), "sqlxmig", { kind: "pg", where: "top" }],
    [98, "Bash", TASKS_CMD, tasksOut(31877, 1204411, 1170), "tasks", { kind: "app", where: "top" }],
    [100, "Bash", { command: "ssh app-01 systemctl status yelken-api --no-pager | head -14" }, apiStatus("Fri 2026-12-04 10:12:40 UTC; 23h ago", "1.9G", "2.0G", "88.4M", "2.0G", 41, 938812), "apistatus", { kind: "app", where: "top" }],
    [101, "Bash", { command: "ssh app-01 systemctl cat yelken-api" }, apiUnit("2G"), "apiunit", { kind: "code", where: "top" }],
    [102, "Bash", { command: "ssh app-01 journalctl -u yelken-api --since '2026-12-01' --no-pager | grep -E 'oom|OOM' " }, `Dec 02 03:14:07 app-01 systemd[1]: yelken-api.service: A process of this unit has been killed by the OOM killer.
Dec 02 03:14:07 app-01 systemd[1]: yelken-api.service: Main process exited, code=killed, status=9/KILL
Dec 02 03:14:07 app-01 systemd[1]: yelken-api.service: Failed with result 'oom-kill'.
Dec 02 03:14:07 app-01 systemd[1]: yelken-api.service: Consumed 5h 12min 9.404s CPU time, 2.0G memory peak.
Dec 03 21:40:51 app-01 systemd[1]: yelken-api.service: A process of this unit has been killed by the OOM killer.
Dec 03 21:40:51 app-01 systemd[1]: yelken-api.service: Failed with result 'oom-kill'.
Dec 04 09:58:12 app-01 systemd[1]: yelken-api.service: A process of this unit has been killed by the OOM killer.
Dec 04 09:58:12 app-01 systemd[1]: yelken-api.service: Failed with result 'oom-kill'.
(app-02: two oom-kills in the same window; memory climbs ~35 MB/h from every start)`, undefined, { kind: "app", error: true, where: "top" }],
    [104, "Bash", { command: "curl -s 'http://prometheus.yelken.internal:9090/api/v1/query_range?query=process_resident_memory_bytes{job=\"yelken-api\",instance=\"app-01:9464\"}&start=2026-12-04T10:00:00Z&end=2026-12-05T09:00:00Z&step=3h' | jq -r '.data.result[0].values[] | \"\\(.[0] | todate) \\(.[1] | tonumber / 1048576 | floor) MiB\"'" }, `2026-12-04T10:00:00Z 96 MiB
2026-12-04T13:00:00Z 301 MiB
2026-12-04T16:00:00Z 612 MiB
2026-12-04T19:00:00Z 844 MiB
2026-12-04T22:00:00Z 1021 MiB
2026-12-05T01:00:00Z 1240 MiB
2026-12-05T04:00:00Z 1498 MiB
2026-12-05T07:00:00Z 1822 MiB`, undefined, { kind: "app", where: "top" }],
    [106, "Edit", { file_path: `${OPS}/roles/yelken/templates/yelken-api.service.j2`, old_string: "MemoryMax=2G", new_string: "MemoryMax=3G" }, `The file ${OPS}/roles/yelken/templates/yelken-api.service.j2 has been updated. (stopgap until the leak is found)`, undefined, { kind: "code", where: "top" }],
    [107, "Bash", { command: `cd ${OPS} && ansible-playbook -i inventories/prod site.yml --tags yelken-units >/dev/null && ssh app-01 systemctl cat yelken-api` }, apiUnit("3G"), "apiunit", { kind: "code", where: "top" }],
    [108, "Bash", TASKS_CMD, tasksOut(48211, 1902233, 1184), "tasks", { kind: "app", where: "top" }],
    [110, "Bash", { command: "ssh -L 6669:127.0.0.1:6669 app-01 true & tokio-console http://127.0.0.1:6669 --retain-for 1m --dump-tasks --sort-by total --limit 8" }, `Tasks (48,213 total, 48,190 idle, 23 running)
  ID       State  Name                     Total      Busy       Idle       Polls   Location
  41      ▶ run  axum::serve              23h11m     41m02s     22h29m     9120411 crates/api/src/main.rs:77:5
  1902     idle   ws::hub::subscriber      22h58m     0.004s     22h58m     3       crates/api/src/ws/hub.rs:88:9
  1907     idle   ws::hub::subscriber      22h58m     0.003s     22h58m     3       crates/api/src/ws/hub.rs:88:9
  2211     idle   ws::hub::subscriber      22h57m     0.006s     22h57m     4       crates/api/src/ws/hub.rs:88:9
  2214     idle   ws::hub::subscriber      22h57m     0.002s     22h57m     2       crates/api/src/ws/hub.rs:88:9
  ...
  by location:
    crates/api/src/ws/hub.rs:88:9       47,902 tasks  (47,899 idle, last poll > 1h for 47,311)
    crates/api/src/routes/bookings.rs:201:13  112 tasks
    crates/core/src/cache.rs:44:5        16 tasks
  warnings: 47,311 tasks have not been polled for over 1h and hold a broadcast::Receiver (lagged)`, undefined, { kind: "app", where: "top" }],
    [112, "Bash", { command: "ssh app-01 heaptrack_print -f /tmp/heaptrack.yelken-api.938812.zst --print-leaks --print-peaks 0 --print-allocators 0 | tail -26" }, `MOST MEMORY LEAKED
1.21G leaked over 47902 calls from
  tokio::sync::broadcast::Receiver<T>::new
    at tokio-1.41.1/src/sync/broadcast.rs:540
  in yelken-api
  yelken_api::ws::hub::Hub::subscribe
    at crates/api/src/ws/hub.rs:84
  yelken_api::ws::handler::on_upgrade
    at crates/api/src/ws/handler.rs:52
412.77M leaked over 47902 calls from
  alloc::vec::Vec<T>::with_capacity
  yelken_api::ws::hub::SubscriberState::new
    at crates/api/src/ws/hub.rs:31

total runtime: 81201.40s.
calls to allocation functions: 1409221004 (17354/s)
temporary memory allocations: 301220119 (3709/s)
peak heap memory consumption: 2.71G
peak RSS (including heaptrack overhead): 2.94G
total memory leaked: 1.83G`, undefined, { kind: "app", where: "bottom" }],
    [114, "Read", { file_path: `${Y}/crates/api/src/ws/hub.rs` }, `  80\t    pub fn subscribe(&self, user: UserId, mut sink: SplitSink<WebSocket, Message>) {
  81\t        let topics = self.topics_for(&user);
  82\t        let state = SubscriberState::new(user, topics.len());
  83\t        for topic in topics {
  84\t            let mut rx = self.sender(&topic).subscribe();
  85\t            let state = state.clone();
  86\t            let sink = sink.clone();
  87\t            // one task per topic, forwards broadcast events to the socket
  88\t            tokio::spawn(async move {
  89\t                loop {
  90\t                    let Ok(event) = rx.recv().await else { continue };
  91\t                    if sink.lock().await.send(event.to_message()).await.is_err() {
  92\t                        continue; // client went away? try the next event
  93\t                    }
  94\t                    state.delivered.fetch_add(1, Ordering::Relaxed);
  95\t                }
  96\t            });
  97\t        }
  98\t    }`, undefined, { kind: "code", where: "top" }],
    [116, "Edit", { file_path: `${Y}/crates/api/src/ws/hub.rs`, old_string: "                loop {\n                    let Ok(event) = rx.recv().await else { continue };\n                    if sink.lock().await.send(event.to_message()).await.is_err() {\n                        continue; // client went away? try the next event\n                    }", new_string: "                loop {\n                    let event = tokio::select! {\n                        _ = cancel.cancelled() => break, // socket closed: handler cancels the token\n                        r = rx.recv() => match r { Ok(e) => e, Err(RecvError::Lagged(_)) => continue, Err(RecvError::Closed) => break },\n                    };\n                    if sink.lock().await.send(event.to_message()).await.is_err() {\n                        break;\n                    }" }, `The file ${Y}/crates/api/src/ws/hub.rs has been updated. (handler.rs: a CancellationToken per connection, cancelled when the read half ends; the subscriber tasks live in a JoinSet owned by the connection)`, undefined, { kind: "code", where: "top" }],
    [118, "Bash", { command: "cargo test -p yelken-api ws:: 2>&1 | tail -9" }, `running 6 tests
test ws::hub::tests::broadcast_reaches_all_topics ... ok
test ws::hub::tests::lagged_subscriber_skips_ahead ... ok
test ws::hub::tests::subscriber_task_exits_when_client_disconnects ... ok
test ws::hub::tests::subscriber_tasks_exit_on_send_error ... ok
test ws::handler::tests::upgrade_requires_auth ... ok
test ws::handler::tests::ping_pong_keeps_connection ... ok

test result: ok. 6 passed; 0 failed; 0 ignored; 0 measured; 41 filtered out; finished in 0.21s`, undefined, { kind: "test", where: "bottom" }],
    [120, "Bash", { command: `cd ${OPS} && ansible-playbook -i inventories/prod deploy.yml -e yelken_version=0.19.2 2>&1 | tail -3 && ${VERSION_CMD.command}` }, `${recap([recapRow("app-01", 15, 4, 0), recapRow("app-02", 15, 4, 0)])}\n${versions("0.19.2", "51a0e9d", "1.82.0", "2026-12-05T11:40:27Z")}`, "version", { kind: "app", where: "top" }],
    [122, "Bash", TASKS_CMD, tasksOut(214, 402118, 1201), "tasks", { kind: "app", where: "top" }],
    [124, "Bash", { command: "ssh app-01 systemctl status yelken-api --no-pager | head -14" }, apiStatus("Sat 2026-12-05 11:41:02 UTC; 20h ago", "402.3M", "3.0G", "2.6G", "431.0M", 37, 951220), "apistatus", { kind: "app", where: "top" }],
    [126, "Edit", { file_path: `${OPS}/roles/yelken/templates/yelken-api.service.j2`, old_string: "MemoryMax=3G", new_string: "MemoryMax=1G" }, `The file ${OPS}/roles/yelken/templates/yelken-api.service.j2 has been updated. (flat at ~400M for 20h: 1G leaves room and a regression shows up as an alert, not a slow climb)`, undefined, { kind: "code", where: "top" }],
    [127, "Bash", { command: `cd ${OPS} && ansible-playbook -i inventories/prod site.yml --tags yelken-units >/dev/null && ssh app-01 systemctl cat yelken-api` }, apiUnit("1G"), "apiunit", { kind: "code", where: "top" }],
    [128, "Bash", { command: "ssh app-01 systemctl status yelken-api --no-pager | head -14" }, apiStatus("Sun 2026-12-06 08:02:19 UTC; 1h 12min ago", "398.7M", "1.0G", "625.3M", "404.1M", 37, 960114), "apistatus", { kind: "app", where: "top" }],
    [130, "Bash", { command: "git log -1 --format='%h %s%n%n%b' 51a0e9d" }, `51a0e9d ws: subscriber tasks end with their connection

Every websocket connection spawned one task per topic (crates/api/src/ws/hub.rs:88) that looped on
the broadcast receiver forever: a failed send to a closed socket did \`continue\` instead of
\`break\`, and nothing cancelled the task when the client left. ~48k idle tasks after a day, each
holding a broadcast::Receiver and its lagged buffer (heaptrack: 1.21G leaked from Hub::subscribe),
RSS +35 MB/h until the 2G MemoryMax OOM-killed the api. Now a CancellationToken per connection and
a JoinSet; alive tasks stay around 200.`, undefined, { kind: "build", where: "top" }],
    [132, "Bash", { command: "ssh app-01 sudo certbot certificates" }, certs("2026-12-19 06:40:12+00:00 (VALID: 13 days)"), "certs", { kind: "app", where: "top" }],
    [134, "Bash", { command: "ssh app-01 sudo certbot renew --cert-name api.yelken.app --dry-run" }, `Saving debug log to /var/log/letsencrypt/letsencrypt.log

- - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - -
Processing /etc/letsencrypt/renewal/api.yelken.app.conf
- - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - -
Simulating renewal of an existing certificate for api.yelken.app

Certbot failed to authenticate some domains (authenticator: webroot). The Certificate Authority reported these problems:
  Domain: api.yelken.app
  Type:   unauthorized
  Detail: 49.12.88.140: Invalid response from http://api.yelken.app/.well-known/acme-challenge/Qm4x2c7RkT0vZp9aL1sYw3eN8uHd6fJb5gKo: 404

Hint: The Certificate Authority failed to download the temporary challenge files created by Certbot. Ensure that the listed domains serve their content from the provided --webroot-path/-w and that files created there can be downloaded from the internet.

Failed to renew certificate api.yelken.app with error: Some challenges have failed.

- - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - -
All simulated renewals failed. The following certificates could not be renewed:
  /etc/letsencrypt/live/api.yelken.app/fullchain.pem (failure)`, undefined, { kind: "app", error: true, where: "top" }],
    [136, "Bash", { command: "ssh app-01 \"sudo nginx -T 2>/dev/null | grep -n -B2 -A2 acme-challenge\"" }, `118-    listen 80;
119-    server_name api.yelken.app;
120:    location /.well-known/acme-challenge/ { root /var/www/letsencrypt; }
121-    location / { return 301 https://$host$request_uri; }
122-}
161-    listen 80;
162-    server_name grafana.yelken.app;
163:    location /.well-known/acme-challenge/ { root /var/www/certbot; }
164-    location / { return 301 https://$host$request_uri; }`, undefined, { kind: "code", where: "top" }],
    [138, "Bash", { command: "ssh app-01 sudo cat /etc/letsencrypt/renewal/api.yelken.app.conf" }, `# renew_before_expiry = 30 days
version = 2.11.0
archive_dir = /etc/letsencrypt/archive/api.yelken.app
cert = /etc/letsencrypt/live/api.yelken.app/cert.pem
privkey = /etc/letsencrypt/live/api.yelken.app/privkey.pem
chain = /etc/letsencrypt/live/api.yelken.app/chain.pem
fullchain = /etc/letsencrypt/live/api.yelken.app/fullchain.pem

# Options used in the renewal process
[renewalparams]
account = 7f3c2b1a0e9d8c7b6a5f4e3d2c1b0a99
authenticator = webroot
webroot_path = /var/www/certbot,
server = https://acme-v02.api.letsencrypt.org/directory
key_type = ecdsa
[[webroot_map]]
api.yelken.app = /var/www/certbot
(certbot writes the challenge to /var/www/certbot, nginx serves it from /var/www/letsencrypt since the nginx role refactor)`, undefined, { kind: "code", where: "top" }],
    [140, "Edit", { file_path: `${OPS}/roles/nginx/templates/yelken.conf.j2`, old_string: "    location /.well-known/acme-challenge/ { root /var/www/letsencrypt; }", new_string: "    location /.well-known/acme-challenge/ { root /var/www/certbot; }" }, `The file ${OPS}/roles/nginx/templates/yelken.conf.j2 has been updated.`, undefined, { kind: "code", where: "top" }],
    [141, "Bash", { command: `cd ${OPS} && ansible-playbook -i inventories/prod site.yml --tags nginx >/dev/null && ssh app-01 sudo certbot renew --cert-name api.yelken.app --force-renewal -q && ssh app-01 sudo certbot certificates` }, certs(CERT_NOW.replace("Expiry Date: ", "")), "certs", { kind: "app", where: "top" }],
    [143, "Bash", { command: "ssh app-01 systemctl list-timers certbot.timer logrotate.timer --no-pager" }, `NEXT                        LEFT     LAST                        PASSED  UNIT            ACTIVATES
Sun 2026-12-06 12:17:00 UTC 2h 41min Sun 2026-12-06 00:02:11 UTC 9h ago  certbot.timer   certbot.service
Mon 2026-12-07 00:00:00 UTC 14h      Sun 2026-12-06 00:00:02 UTC 9h ago  logrotate.timer logrotate.service

2 timers listed.`, undefined, { kind: "app", where: "top" }],
    [145, "Read", { file_path: `${OPS}/prometheus/rules/yelken.yml` }, rules("0.8", "5m", "1.8e+09", false), "alertrule", { kind: "code", where: "top" }],
    [147, "Bash", { command: "amtool --alertmanager.url=http://alertmanager.yelken.internal:9093 alert query -o extended" }, `Labels                                                                Annotations                                       Starts At                Ends At                  Generator URL
alertname="YelkenP99LatencyHigh" instance="app-01:9464" severity="page"   summary="p99 latency high on app-01:9464"       2026-12-06 07:41:00 UTC  2026-12-06 07:52:00 UTC  http://prometheus:9090/graph?g0.expr=...
alertname="YelkenP99LatencyHigh" instance="app-02:9464" severity="page"   summary="p99 latency high on app-02:9464"       2026-12-06 08:12:00 UTC  2026-12-06 08:19:00 UTC  http://prometheus:9090/graph?g0.expr=...
alertname="Watchdog" severity="none"                                                                                      2026-12-01 00:00:00 UTC  0001-01-01 00:00:00 UTC  http://prometheus:9090/graph?g0.expr=vector%281%29
(p99 flaps 0.8-1.1s whenever the monthly owner reports run at 08:00; paged twice this morning)`, undefined, { kind: "app", where: "top" }],
    [149, "Edit", { file_path: `${OPS}/prometheus/rules/yelken.yml`, old_string: "[5m]))) > 0.8\n        for: 5m", new_string: "[5m]))) > 1.2\n        for: 10m" }, `The file ${OPS}/prometheus/rules/yelken.yml has been updated. (plus a YelkenTokioTasksHigh rule on yelken_tokio_alive_tasks)`, undefined, { kind: "code", where: "top" }],
    [150, "Read", { file_path: `${OPS}/prometheus/rules/yelken.yml` }, rules("1.2", "10m", "1.8e+09", true), "alertrule", { kind: "code", where: "top" }],
    [151, "Bash", { command: "promtool check rules prometheus/rules/yelken.yml && ssh mon-01 sudo systemctl reload prometheus" }, "Checking prometheus/rules/yelken.yml\n  SUCCESS: 4 rules found\n", undefined, { kind: "build", where: "top" }],
    [152, "Read", { file_path: `${OPS}/alertmanager/alertmanager.yml` }, amCfg("12h"), "amroute", { kind: "code", where: "top" }],
    [153, "Edit", { file_path: `${OPS}/alertmanager/alertmanager.yml`, old_string: "  repeat_interval: 12h", new_string: "  repeat_interval: 3h" }, `The file ${OPS}/alertmanager/alertmanager.yml has been updated.`, undefined, { kind: "code", where: "top" }],
    [154, "Bash", { command: "amtool check-config alertmanager/alertmanager.yml && cat alertmanager/alertmanager.yml" }, `Checking 'alertmanager/alertmanager.yml'  SUCCESS\nFound:\n - global config\n - route\n - 1 inhibit rules\n - 2 receivers\n - 0 templates\n\n${amCfg("3h")}`, "amroute", { kind: "code", where: "top" }],
    [156, "Bash", { command: `${REDIS_CMD} && ssh app-01 journalctl -u yelken-api --since '-30min' --no-pager | grep -m3 -i 'redis'` }, `${redisInfo("1.98G", "2.00G", "2.00G", "noeviction", 0)}
Dec 06 10:02:11 app-01 yelken-api[960114]: ERROR yelken_core::cache: SET boat:avail:b_2291:2026-12 failed: OOM command not allowed when used memory > 'maxmemory'.
Dec 06 10:02:11 app-01 yelken-api[960114]: ERROR yelken_api::http: POST /v1/sessions failed: redis: OOM command not allowed when used memory > 'maxmemory'.
Dec 06 10:02:12 app-01 yelken-api[960114]: WARN yelken_core::cache: availability cache disabled for 60s after 50 write errors`, "redis", { kind: "app", error: true, where: "top" }],
    [157, "Bash", { command: `cd ${OPS} && ansible-playbook -i inventories/prod site.yml --tags redis --diff 2>&1 | grep -E '^[+-]max|PLAY RECAP' -A2` }, `-maxmemory 2gb\n+maxmemory 4gb\n-maxmemory-policy noeviction\n+maxmemory-policy allkeys-lru\n${recap([recapRow("app-01", 9, 2, 0)])}`, undefined, { kind: "build", where: "top" }],
    [158, "Bash", { command: REDIS_CMD }, redisInfo("2.01G", "2.02G", "4.00G", "allkeys-lru", 0), "redis", { kind: "app", where: "top" }],
    [160, "Bash", { command: "ssh db-01 sudo -u postgres psql yelken -c \"select application_name, client_addr, state, count(*) from pg_stat_activity where datname = 'yelken' group by 1,2,3 order by 4 desc\"" }, ` application_name | client_addr | state  | count
------------------+-------------+--------+-------
 yelken-api       | 10.0.1.11   | idle   |    29
 yelken-api       | 10.0.1.12   | idle   |    27
 yelken-worker    | 10.0.1.11   | idle   |     8
 yelken-worker    | 10.0.1.12   | idle   |     8
 yelken-api       | 10.0.1.11   | active |     3
 yelken-api       | 10.0.1.12   | active |     2
 grafana          | 10.0.1.30   | idle   |     2
(7 rows)`, undefined, { kind: "pg", where: "top" }],
    [163, "Bash", { command: "curl -s 'http://prometheus.yelken.internal:9090/api/v1/query?query=sum(rate(http_server_requests_total{job=\"yelken-api\",status=~\"5..\"}[1h]))/sum(rate(http_server_requests_total{job=\"yelken-api\"}[1h]))' | jq -r '.data.result[0].value[1]'; sudo awk '$9 == 502' /var/log/nginx/access.log | wc -l" }, "0.000412\n3", undefined, { kind: "app", where: "top" }],
    [166, "Bash", { command: `cd ${OPS} && ansible-inventory -i inventories/prod --graph` }, `@all:
  |--@ungrouped:
  |--@app:
  |  |--app-01
  |  |--app-02
  |--@db:
  |  |--db-01
  |--@monitoring:
  |  |--mon-01
  |--@nginx:
  |  |--app-01`, undefined, { kind: "build", where: "top" }],
    [168, "Edit", { file_path: `${OPS}/prometheus/rules/yelken.yml`, old_string: 'process_resident_memory_bytes{job="yelken-api"} > 1.8e+09', new_string: 'process_resident_memory_bytes{job="yelken-api"} > 8e+08' }, `The file ${OPS}/prometheus/rules/yelken.yml has been updated. (MemoryMax is 1G now; warn at 800M. p99 page back down from 1.2 to 1.0: with the month index the 08:00 reports stay under 0.7s)`, undefined, { kind: "code", where: "top" }],
    [170, "Bash", { command: "promtool check rules prometheus/rules/yelken.yml && cat prometheus/rules/yelken.yml | cat -n" }, `Checking prometheus/rules/yelken.yml\n  SUCCESS: 4 rules found\n\n${rules("1.0", "10m", "8e+08", true)}`, "alertrule", { kind: "code", where: "top" }],
    [172, "Bash", { command: `git -C ${OPS} log --oneline -n 14` }, `9e02c11 prometheus: memory warn at 800M (MemoryMax 1G), p99 page at 1.0s
71c4d0a redis: maxmemory 4gb, allkeys-lru
3b8f2e6 alertmanager: repeat every 3h
a01d9c4 prometheus: p99 page at 1.2s for 10m, tokio tasks rule
e7c3f12 nginx: acme webroot /var/www/certbot again
c55a0e9 api unit: MemoryMax 1G
b2e8d41 deploy 0.19.2
40d1a7e api unit: MemoryMax 3G (leak stopgap)
d19f6b2 deploy 0.19.1
8c0e3a5 nginx: keepalive 64, read timeout 60s
f4b2a90 rollback api to 0.18.2
6a1e2d0 config: pool 50, nginx read timeout 120s
2f9c7b3 worker unit: yelken-worker.env, RestartSec 5s, start limits
8d41c07 ansible: env files named after their units`, undefined, { kind: "build", where: "top" }],
    [176, "Bash", { command: "cargo add tokio-metrics@0.3.1 -p yelken-api && cargo update -p redis -p sqlx && cargo tree -p yelken-api --depth 1 -e normal,dev" }, `    Updating crates.io index
      Adding tokio-metrics v0.3.1 to dependencies
    Updating redis v0.27.5 -> v0.27.6
    Updating sqlx v0.8.2 -> v0.8.3 (+ sqlx-core, sqlx-macros, sqlx-postgres)
${cargoTree("0.19.2", "0.8.3", "1.41.1", "0.27.6", "├── tokio-metrics v0.3.1\n├── tokio-util v0.7.12\n")}`, "deps", { kind: "build", where: "top" }],
    [180, "Bash", { command: "for h in app-01 app-02 db-01; do echo \"== $h\"; ssh $h systemctl list-units --failed --no-pager --no-legend; done" }, "== app-01\n== app-02\n== db-01\n  fwupd-refresh.service loaded failed failed Refresh fwupd metadata and update motd", undefined, { kind: "app", where: "top" }],
    [183, "Edit", { file_path: `${OPS}/roles/yelken/files/logrotate-yelken`, old_string: "    rotate 14", new_string: "    rotate 30" }, `The file ${OPS}/roles/yelken/files/logrotate-yelken has been updated. (booking audit lines live in api.log; the accountant asked for 30 days)`, undefined, { kind: "code", where: "top" }],
    [184, "Bash", { command: `cd ${OPS} && ansible-playbook -i inventories/prod site.yml --tags logrotate >/dev/null && ssh app-01 cat /etc/logrotate.d/yelken` }, logrotate(lrV2(30)), "logrotate", { kind: "code", where: "top" }],
    [187, "Bash", { command: "ssh app-02 df -h -x overlay" }, `Filesystem      Size  Used Avail Use% Mounted on
udev             63G     0   63G   0% /dev
tmpfs            13G  1.3M   13G   1% /run
/dev/md2        1.8T  388G  1.3T  23% /
/dev/md1        989M  212M  726M  23% /boot
/dev/nvme0n1p1   98G   29G   65G  31% /var
tmpfs            63G     0   63G   0% /dev/shm`, undefined, { kind: "app", where: "top" }],
    [190, "Bash", { command: `ssh app-01 redis-cli config set maxmemory 3gb && ${REDIS_CMD}` }, `OK\n${redisInfo("1.14G", "2.31G", "3.00G", "allkeys-lru", 18220)}`, "redis", { kind: "app", where: "top" }],
    [193, "Bash", { command: "ssh app-01 \"sudo awk '{print \\$NF}' /var/log/nginx/access.log | sort -n | awk '{a[NR]=\\$1} END {print \\\"p50\\\", a[int(NR*0.5)], \\\"p99\\\", a[int(NR*0.99)], \\\"n\\\", NR}'\"" }, "p50 0.041 p99 0.612 n 1822041", undefined, { kind: "app", where: "top" }],
    [195, "Bash", DF_CMD, dfOut("41G", "53G", "44%"), "df", { kind: "app", where: "top" }],
    [198, "Bash", { command: "cargo clippy --all-targets -- -D warnings 2>&1 | tail -6" }, `    Checking yelken-core v0.19.2 (${Y}/crates/core)
    Checking yelken-worker v0.19.2 (${Y}/crates/worker)
    Checking yelken-api v0.19.2 (${Y}/crates/api)
    Finished \`dev\` profile [unoptimized + debuginfo] target(s) in 38.12s`, undefined, { kind: "build", where: "top" }],
    [203, "Bash", { command: "ssh app-02 systemctl status yelken-worker --no-pager | head -8" }, `● yelken-worker.service - Yelken background worker (payouts, reminders, ical sync)
     Loaded: loaded (/etc/systemd/system/yelken-worker.service; enabled; preset: enabled)
     Active: active (running) since Sat 2026-12-05 11:41:09 UTC; 22h ago
   Main PID: 80211 (yelken-worker)
      Tasks: 19 (limit: 76821)
     Memory: 44.1M (peak: 61.7M)
        CPU: 4min 2.118s`, undefined, { kind: "app", where: "top" }],
  ],
  questions: [
    { kind: "state", lang: "tr", prompt: "api şu an hangi versiyonda calisiyor iki sunucuda", want: [{ key: "version", fact: '"version":"0.19.2"' }] },
    { kind: "state", prompt: "db pool size in the prod config now?", want: [{ key: "poolcfg", fact: "max_connections = 32" }] },
    { kind: "state", lang: "tr", prompt: "postgres'te max_connections kac oldu en son", want: [{ key: "pgmax", fact: "max_connections | 200" }] },
    { kind: "state", prompt: "nginx read timeout to the upstream rn?", want: [{ key: "nginxconf", fact: "proxy_read_timeout 60s;" }] },
    { kind: "state", lang: "tr", prompt: "nginx'te upstream keepalive kaç", want: [{ key: "nginxconf", fact: "keepalive 64;" }] },
    { kind: "state", prompt: "how long does systemd wait between worker restarts now", want: [{ key: "workerunit", fact: "RestartSec=5s" }] },
    { kind: "state", lang: "tr", prompt: "api servisinin memory limiti ne şimdi unit'te", want: [{ key: "apiunit", fact: "MemoryMax=1G" }] },
    { kind: "state", prompt: "how much ram is the api process using now on app-01", want: [{ key: "apistatus", fact: "Memory: 398.7M" }] },
    { kind: "state", lang: "tr", prompt: "alive tokio task sayısı şu an kaç", want: [{ key: "tasks", fact: TASKS_NOW }] },
    { kind: "state", prompt: "which rustc are we pinned to", want: [{ key: "toolchain", fact: 'channel = "1.82.0"' }] },
    { kind: "state", lang: "tr", prompt: "sqlx hangi versiyonda şimdi", want: [{ key: "deps", fact: "sqlx v0.8.3" }] },
    { kind: "state", prompt: "/var usage on app-01 these days?", want: [{ key: "df", fact: DF_NOW }] },
    { kind: "state", lang: "tr", prompt: "logrotate kaç günlük log tutuyor artik", want: [{ key: "logrotate", fact: "rotate 30" }] },
    { kind: "state", lang: "tr", prompt: "api.yelken.app sertifikasi ne zamana kadar gecerli simdi", want: [{ key: "certs", fact: CERT_NOW }] },
    { kind: "state", prompt: "what's the p99 latency alert threshold now", want: [{ key: "alertrule", fact: "[5m]))) > 1.0" }] },
    { kind: "state", lang: "tr", prompt: "memory alarmı hangi eşikte tetikleniyor", want: [{ key: "alertrule", fact: 'process_resident_memory_bytes{job="yelken-api"} > 8e+08' }] },
    { kind: "state", prompt: "redis maxmemory now?", want: [{ key: "redis", fact: "maxmemory_human:3.00G" }] },
    { kind: "state", lang: "tr", prompt: "alertmanager aynı alarmı kaç saatte bir tekrar yolluyor", want: [{ key: "amroute", fact: "repeat_interval: 3h" }] },
    { kind: "state", prompt: "did the month index migration go in? what does migrate info say", want: [{ key: "sqlxmig", fact: "20261204093000/installed bookings month idx" }] },
    { kind: "history", lang: "tr", prompt: "worker neden restart loop'a girmisti", want: [{ turn: 6, fact: "Error: config: missing env var REDIS_URL" }] },
    { kind: "history", prompt: "how many times had systemd restarted the worker by the time we looked", want: [{ turn: 6, fact: "restart counter is at 4821" }] },
    { kind: "history", lang: "tr", prompt: "disk dolduğunda en büyük log dosyası hangisiydi, kaç GB", want: [{ turn: 20, fact: "41G\t/var/log/yelken/api.log.1" }] },
    { kind: "history", lang: "tr", prompt: "sqlx bump'ından hemen sonra cargo ne dedi", want: [{ turn: 31, fact: "sqlx@0.8.2 requires rustc 1.78.0" }] },
    { kind: "history", prompt: "and once the toolchain was bumped what did cargo choke on", want: [{ turn: 36, fact: "does not have these features" }] },
    { kind: "history", prompt: "what was the exact error when the api wouldnt boot on 0.19.0 the first time", want: [{ turn: 48, fact: "migration 20261128120000 was previously applied but has been modified" }] },
    { kind: "history", lang: "tr", prompt: "checksum mismatch'e hangi commit sebep olmuştu", want: [{ turn: 52, fact: "e91f4a2 style: sqlfluff fix across migrations/" }] },
    { kind: "history", lang: "tr", prompt: "502'ler başladığında nginx error log'unda ne yazıyordu", want: [{ turn: 60, fact: "upstream timed out (110: Connection timed out) while reading response header from upstream" }] },
    { kind: "history", prompt: "how slow was the monthly report query before the index", want: [{ turn: 70, fact: "Execution Time: 14213.882 ms" }] },
    { kind: "history", lang: "tr", prompt: "pool'u 50'ye çekince ne patladı", want: [{ turn: 78, fact: "FATAL:  sorry, too many clients already" }] },
    { kind: "history", prompt: "why did we roll 0.19.0 back", want: [{ turn: 83, fact: "a seq scan over 6.2M bookings, 14.2s per call" }] },
    { kind: "history", lang: "tr", prompt: "index migration'ı ilk seferde neden fail etti", want: [{ turn: 90, fact: "CREATE INDEX CONCURRENTLY cannot run inside a transaction block" }] },
    { kind: "history", prompt: "when did the api get oom killed the first time", want: [{ turn: 102, fact: "Dec 02 03:14:07 app-01 systemd[1]: yelken-api.service: Failed with result 'oom-kill'." }] },
    { kind: "history", lang: "tr", prompt: "sızan task'lar nerede spawn ediliyordu, kaç taneydi", want: [{ turn: 110, fact: "crates/api/src/ws/hub.rs:88:9       47,902 tasks" }] },
    { kind: "history", prompt: "heaptrack total leak number?", want: [{ turn: 112, fact: "total memory leaked: 1.83G" }] },
    { kind: "history", lang: "tr", prompt: "sertifika yenileme neden olmuyordu, sebep neydi", want: [{ turn: 138, fact: "certbot writes the challenge to /var/www/certbot, nginx serves it from /var/www/letsencrypt" }] },
    { kind: "multi", lang: "tr", prompt: "api versiyonu ve pool size ne şu an", want: [{ key: "version", fact: '"version":"0.19.2"' }, { key: "poolcfg", fact: "max_connections = 32" }] },
    { kind: "multi", prompt: "pg max_connections + app pool size?", want: [{ key: "pgmax", fact: "max_connections | 200" }, { key: "poolcfg", fact: "max_connections = 32" }] },
    { kind: "multi", lang: "tr", prompt: "nginx timeout'u ve cert bitiş tarihi ne", want: [{ key: "nginxconf", fact: "proxy_read_timeout 60s;" }, { key: "certs", fact: CERT_NOW }] },
    { kind: "multi", prompt: "api mem usage now vs the MemoryMax on its unit", want: [{ key: "apistatus", fact: "Memory: 398.7M" }, { key: "apiunit", fact: "MemoryMax=1G" }] },
    { kind: "multi", lang: "tr", prompt: "/var doluluğu ve logrotate kaç gün tutuyor", want: [{ key: "df", fact: DF_NOW }, { key: "logrotate", fact: "rotate 30" }] },
    { kind: "multi", prompt: "toolchain + sqlx version?", want: [{ key: "toolchain", fact: 'channel = "1.82.0"' }, { key: "deps", fact: "sqlx v0.8.3" }] },
    { kind: "multi", lang: "tr", prompt: "redis maxmemory ile alive task sayisi ne durumda", want: [{ key: "redis", fact: "maxmemory_human:3.00G" }, { key: "tasks", fact: TASKS_NOW }] },
    { kind: "none", lang: "tr", prompt: "tamam eyvallah, yarın devam ederiz" },
    { kind: "none", prompt: "generic q: Arc<Mutex<T>> vs RwLock, when do you pick which?" },
    { kind: "none", lang: "tr", prompt: "rust'ta lifetime elision kuralları neydi kısaca anlatır mısın" },
    { kind: "none", prompt: "gonna grab food, brb" },
    { kind: "none", lang: "tr", prompt: "async fn in trait artik stable mi genel olarak?" },
  ],
};

/** Held out from the selection work: written blind, never run before it was registered (.NET 8 on Azure: AKS, Azure SQL, Service Bus). */
export const HELD_OUT_20 = [cobalt];
/** Held out from the selection work: written blind, never run before it was registered (Rust on bare metal, Turkish and English). */
export const HELD_OUT_21 = [yelken];
