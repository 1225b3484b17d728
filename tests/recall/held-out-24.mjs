// Two more held-out recall sessions (format: tests/recall/build.mjs): written blind, without reading the selection's
// code, its tests or any benchmark result, and kept out of the selection work. HELD_OUT_24: a TypeScript serverless
// ticketing backend on AWS (Lambda on Node 20 behind API Gateway, a single-table DynamoDB with GSIs, SQS with a DLQ,
// EventBridge, Step Functions, Terraform, Logs Insights, X-Ray, GitHub Actions, vitest): a DLQ that filled up because
// the worker's timeout had been raised past the queue's visibility timeout, a Terraform state lock left by a cancelled
// CI apply, a GSI throttling incident during an onsale with a switch to on-demand and back to provisioned with
// autoscaling, worker memory / timeout / architecture and reserved concurrency changed several times, provisioned
// concurrency added, raised and removed for cold starts, the API Gateway stage throttle raised twice, an AWS SDK v3
// move that broke the esbuild ESM bundle in prod and was rolled back via the alias, reverted and redone, a flaky
// vitest suite, refund Step Functions failing on Lambda 429s, a cost spike from a stream write-back loop and
// never-expiring log groups, an OIDC deploy failure; English questions. HELD_OUT_25: a Laravel e-commerce shop on
// Hetzner VMs (nginx + php-fpm, MySQL 8, Redis with Horizon, Meilisearch, Deployer, Sentry, Pest, Docker Compose
// locally): 502s from php-fpm max_children raised and lowered again, a slow orders query and its index, MySQL
// connections and buffer pool, Horizon timeouts against retry_after (double e-mails), Redis at maxmemory, a Laravel
// 10 → 11 upgrade that broke Carbon date maths and the payment callback's CSRF exception (rolled back with Deployer),
// a unique-index migration that failed on prod duplicates, a PayTR hash bug for instalment payments, a Meilisearch
// filterable attribute and reindex, a renewed certificate that nginx never loaded, opcache sizing and stale code after
// deploys; the user writes Turkish for about half the questions.

const M = "/home/dev/marlin";
const ACCT = "418273640915";
const REG = "eu-west-1";
const Q_URL = `https://sqs.${REG}.amazonaws.com/${ACCT}/marlin-prod-orders`;
const DLQ_URL = `${Q_URL}-dlq`;

const fnCfg = (fn, desc, mem, timeout, arch, vars, modified, codeSize) => `{
    "FunctionName": "${fn}",
    "FunctionArn": "arn:aws:lambda:${REG}:${ACCT}:function:${fn}",
    "Runtime": "nodejs20.x",
    "Role": "arn:aws:iam::${ACCT}:role/${fn}",
    "Handler": "index.handler",
    "CodeSize": ${codeSize},
    "Description": "${desc}",
    "Timeout": ${timeout},
    "MemorySize": ${mem},
    "LastModified": "${modified}",
    "Version": "$LATEST",
    "Environment": {
        "Variables": {
${Object.entries(vars).map(([k, v]) => `            "${k}": "${v}"`).join(",\n")}
        }
    },
    "TracingConfig": {
        "Mode": "Active"
    },
    "State": "Active",
    "LastUpdateStatus": "Successful",
    "PackageType": "Zip",
    "Architectures": [
        "${arch}"
    ],
    "EphemeralStorage": {
        "Size": 512
    },
    "LoggingConfig": {
        "LogFormat": "JSON",
        "ApplicationLogLevel": "${vars.LOG_LEVEL.toUpperCase()}",
        "SystemLogLevel": "INFO",
        "LogGroup": "/aws/lambda/${fn}"
    }
}`;
const workerCfg = (mem, timeout, arch, level, modified, size) => fnCfg("marlin-prod-order-worker", "SQS consumer: holds seats, issues tickets, emits TicketIssued", mem, timeout, arch, { TABLE_NAME: "marlin-prod-main", EVENT_BUS_NAME: "marlin-prod", TICKET_BUCKET: "marlin-prod-tickets", LOG_LEVEL: level, POWERTOOLS_SERVICE_NAME: "order-worker", NODE_OPTIONS: "--enable-source-maps" }, modified, size);
const WORKER_CMD = { command: "aws lambda get-function-configuration --function-name marlin-prod-order-worker" };
const checkoutCfg = (mem, modified, size) => fnCfg("marlin-prod-checkout-api", "REST handler: carts, orders, seat holds (API Gateway prod stage)", mem, 10, "x86_64", { TABLE_NAME: "marlin-prod-main", ORDERS_QUEUE_URL: Q_URL, LOG_LEVEL: "info", POWERTOOLS_SERVICE_NAME: "checkout-api", NODE_OPTIONS: "--enable-source-maps" }, modified, size);
const CHECKOUT_CMD = { command: "aws lambda get-function-configuration --function-name marlin-prod-checkout-api" };

const sqsAttrs = (vis, mrc, visible, inflight, modified) => `{
    "Attributes": {
        "QueueArn": "arn:aws:sqs:${REG}:${ACCT}:marlin-prod-orders",
        "ApproximateNumberOfMessages": "${visible}",
        "ApproximateNumberOfMessagesNotVisible": "${inflight}",
        "ApproximateNumberOfMessagesDelayed": "0",
        "CreatedTimestamp": "1713346012",
        "LastModifiedTimestamp": "${modified}",
        "VisibilityTimeout": "${vis}",
        "MaximumMessageSize": "262144",
        "MessageRetentionPeriod": "345600",
        "DelaySeconds": "0",
        "ReceiveMessageWaitTimeSeconds": "20",
        "RedrivePolicy": "{\\"deadLetterTargetArn\\":\\"arn:aws:sqs:${REG}:${ACCT}:marlin-prod-orders-dlq\\",\\"maxReceiveCount\\":${mrc}}",
        "SqsManagedSseEnabled": "true"
    }
}`;
const SQS_CMD = { command: `aws sqs get-queue-attributes --queue-url ${Q_URL} --attribute-names All` };

const dlqAttrs = (n, oldest) => `{
    "Attributes": {
        "QueueArn": "arn:aws:sqs:${REG}:${ACCT}:marlin-prod-orders-dlq",
        "ApproximateNumberOfMessages": "${n}",
        "ApproximateNumberOfMessagesNotVisible": "0",
        "ApproximateNumberOfMessagesDelayed": "0",
        "CreatedTimestamp": "1713346009",
        "VisibilityTimeout": "30",
        "MessageRetentionPeriod": "1209600",
        "RedriveAllowPolicy": "{\\"redrivePermission\\":\\"allowAll\\"}",
        "SqsManagedSseEnabled": "true"
    }
}
ApproximateAgeOfOldestMessage (Maximum, last 1h): ${oldest}`;
const DLQ_CMD = { command: `aws sqs get-queue-attributes --queue-url ${DLQ_URL} --attribute-names All && aws cloudwatch get-metric-statistics --namespace AWS/SQS --metric-name ApproximateAgeOfOldestMessage --dimensions Name=QueueName,Value=marlin-prod-orders-dlq --statistics Maximum --period 3600 --start-time $(date -u -d '-1 hour' +%FT%TZ) --end-time $(date -u +%FT%TZ) --query 'Datapoints[0].Maximum'` };

const gsi = (name, pk, sk, r, w, items, bytes, status = "ACTIVE") => `            {
                "IndexName": "${name}",
                "KeySchema": [
                    { "AttributeName": "${pk}", "KeyType": "HASH" },
                    { "AttributeName": "${sk}", "KeyType": "RANGE" }
                ],
                "Projection": { "ProjectionType": "${name === "GSI3" ? "KEYS_ONLY" : "ALL"}" },
                "IndexStatus": "${status}",
                "ProvisionedThroughput": { "NumberOfDecreasesToday": 0, "ReadCapacityUnits": ${r}, "WriteCapacityUnits": ${w} },
                "IndexSizeBytes": ${bytes},
                "ItemCount": ${items}
            }`;
const ddbTable = (mode, r, w, gsis, items, bytes, ppr) => `{
    "Table": {
        "TableName": "marlin-prod-main",
        "KeySchema": [
            { "AttributeName": "PK", "KeyType": "HASH" },
            { "AttributeName": "SK", "KeyType": "RANGE" }
        ],
        "TableStatus": "ACTIVE",
        "CreationDateTime": "2025-04-11T10:01:52.118000+00:00",
        "ProvisionedThroughput": { "NumberOfDecreasesToday": 0, "ReadCapacityUnits": ${r}, "WriteCapacityUnits": ${w} },
        "TableSizeBytes": ${bytes},
        "ItemCount": ${items},
        "BillingModeSummary": {
            "BillingMode": "${mode}"${ppr ? `,\n            "LastUpdateToPayPerRequestDateTime": "${ppr}"` : ""}
        },
        "GlobalSecondaryIndexes": [
${gsis.join(",\n")}
        ],
        "StreamSpecification": { "StreamEnabled": true, "StreamViewType": "NEW_AND_OLD_IMAGES" },
        "LatestStreamLabel": "2025-04-11T10:01:52.118",
        "DeletionProtectionEnabled": true
    }
}`;
const DDB_CMD = { command: "aws dynamodb describe-table --table-name marlin-prod-main --query 'Table.{TableName:TableName,KeySchema:KeySchema,TableStatus:TableStatus,CreationDateTime:CreationDateTime,ProvisionedThroughput:ProvisionedThroughput,TableSizeBytes:TableSizeBytes,ItemCount:ItemCount,BillingModeSummary:BillingModeSummary,GlobalSecondaryIndexes:GlobalSecondaryIndexes[].{IndexName:IndexName,KeySchema:KeySchema,Projection:Projection,IndexStatus:IndexStatus,ProvisionedThroughput:ProvisionedThroughput,IndexSizeBytes:IndexSizeBytes,ItemCount:ItemCount},StreamSpecification:StreamSpecification,LatestStreamLabel:LatestStreamLabel,DeletionProtectionEnabled:DeletionProtectionEnabled}' | jq '{Table: .}'" };

const concurrency = (n, peak) => `{
    "ReservedConcurrentExecutions": ${n}
}
ConcurrentExecutions (Maximum, 5 min) marlin-prod-order-worker, last 6h:
${peak.map(([t, v]) => `  ${t}  ${v}`).join("\n")}`;
const CONC_CMD = (n) => ({ command: `${n === undefined ? "" : `aws lambda put-function-concurrency --function-name marlin-prod-order-worker --reserved-concurrent-executions ${n} >/dev/null && `}aws lambda get-function-concurrency --function-name marlin-prod-order-worker && ./scripts/metric.sh AWS/Lambda ConcurrentExecutions FunctionName=marlin-prod-order-worker --since 6h --stat Maximum` });

const pcRow = (n, status, modified) => `        {
            "FunctionArn": "arn:aws:lambda:${REG}:${ACCT}:function:marlin-prod-checkout-api:live",
            "RequestedProvisionedConcurrentExecutions": ${n},
            "AvailableProvisionedConcurrentExecutions": ${status === "READY" ? n : 0},
            "AllocatedProvisionedConcurrentExecutions": ${status === "READY" ? n : 0},
            "Status": "${status}",
            "LastModified": "${modified}"
        }`;
const pcList = (rows) => `{\n    "ProvisionedConcurrencyConfigs": [${rows.length ? `\n${rows.join(",\n")}\n    ` : ""}]\n}`;
const PC_CMD = "aws lambda list-provisioned-concurrency-configs --function-name marlin-prod-checkout-api";

const verRow = (v, when, desc) => `|  ${String(v).padEnd(4)}|  ${when.padEnd(30)}|  ${desc.padEnd(44)}|`;
const aliasOut = (ver, desc, rows) => `{
    "AliasArn": "arn:aws:lambda:${REG}:${ACCT}:function:marlin-prod-checkout-api:live",
    "Name": "live",
    "FunctionVersion": "${ver}",
    "Description": "${desc}"
}
---------------------------------------------------------------------------------------------
|                                   ListVersionsByFunction                                  |
+------+--------------------------------+----------------------------------------------+
${rows.join("\n")}
+------+--------------------------------+----------------------------------------------+`;
const ALIAS_GET = "aws lambda get-alias --function-name marlin-prod-checkout-api --name live";
const VERSIONS = "aws lambda list-versions-by-function --function-name marlin-prod-checkout-api --query 'Versions[-4:].[Version,LastModified,Description]' --output table";
const V41 = verRow(41, "2026-11-29T18:12:40.000+0000", "release 3.14.0");
const V43 = verRow(43, "2026-12-01T13:58:02.000+0000", "release 3.15.0 (aws sdk v3)");
const V44 = verRow(44, "2026-12-01T17:20:11.000+0000", "release 3.14.1 (apigw + pc tweaks, sdk v2)");
const V46 = verRow(46, "2026-12-02T15:41:27.000+0000", "release 3.15.1 (sdk v3 again, esm banner)");
const V47 = verRow(47, "2026-12-04T10:02:55.000+0000", "release 3.15.2 (indexer loop fix)");
const V48 = verRow(48, "2026-12-05T16:30:18.000+0000", "release 3.16.0 (seat map v2)");

const stage = (rate, burst, updated) => `{
    "deploymentId": "9xk2pd",
    "stageName": "prod",
    "description": "prod",
    "cacheClusterEnabled": false,
    "cacheClusterStatus": "NOT_AVAILABLE",
    "methodSettings": {
        "*/*": {
            "metricsEnabled": true,
            "loggingLevel": "ERROR",
            "dataTraceEnabled": false,
            "throttlingBurstLimit": ${burst},
            "throttlingRateLimit": ${rate},
            "cachingEnabled": false,
            "cacheTtlInSeconds": 300,
            "cacheDataEncrypted": false,
            "requireAuthorizationForCacheControl": true,
            "unauthorizedCacheControlHeaderStrategy": "SUCCEED_WITH_RESPONSE_HEADER"
        }
    },
    "variables": { "lambdaAlias": "live" },
    "tracingEnabled": true,
    "accessLogSettings": {
        "destinationArn": "arn:aws:logs:${REG}:${ACCT}:log-group:/aws/apigateway/marlin-prod-access"
    },
    "createdDate": "2025-04-11T10:02:19+00:00",
    "lastUpdatedDate": "${updated}"
}`;
const STAGE_CMD = "aws apigateway get-stage --rest-api-id k3v9x2m1qa --stage-name prod";

const coldRow = (inv, cs, pct, avg, p99, dur) => `${String(inv).padEnd(13)}${String(cs).padEnd(12)}${pct.padEnd(9)}${avg.padEnd(11)}${p99.padEnd(11)}${dur}`;
const cold = (row, note) => `invocations  coldStarts  coldPct  avgInitMs  p99InitMs  avgDurationMs\n-----------  ----------  -------  ---------  ---------  -------------\n${row}\n${note}`;
const COLD_CMD = { command: "./scripts/insights.sh /aws/lambda/marlin-prod-checkout-api --since 24h 'filter @type = \"REPORT\" | stats count(*) as invocations, count(@initDuration) as coldStarts, round(100 * count(@initDuration) / count(*), 2) as coldPct, round(avg(@initDuration), 1) as avgInitMs, round(pct(@initDuration, 99), 1) as p99InitMs, round(avg(@duration), 1) as avgDurationMs'" };
const COLD_V1 = coldRow(182044, 14880, "8.17", "1841.2", "3120.7", "212.4");
const COLD_NOW = coldRow(231907, 4406, "1.9", "402.8", "688.1", "141.7");

const npmLs = (sdk, esbuild, vitest, powertools) => `marlin@3.16.0 ${M}
${sdk === "v2" ? "├── aws-sdk@2.1691.0\n" : ["client-dynamodb", "client-eventbridge", "client-sfn", "client-sqs", "lib-dynamodb"].map((p) => `├── @aws-sdk/${p}@${sdk}`).join("\n") + "\n"}├── @aws-lambda-powertools/logger@${powertools}
├── @aws-lambda-powertools/tracer@${powertools}
├── @types/aws-lambda@8.10.145
├── @types/node@20.17.6
├── esbuild@${esbuild}
├── typescript@5.6.3
├── vitest@${vitest}
└── zod@3.23.8`;
const NPM_CMD = "npm ls --depth=0";
const SDK_NOW = "@aws-sdk/client-dynamodb@3.699.0";

const flaky = (failed, runs) => `$ for i in $(seq 20); do npx vitest run tests/order-worker --reporter=dot >/tmp/vt-$i.log 2>&1 || echo "run $i FAILED"; done; grep -l "Tests .* failed" /tmp/vt-*.log | wc -l
${runs}
${failed}/20 runs failed`;
const FLAKY_CMD = { command: "./scripts/vitest-loop.sh tests/order-worker 20" };

const logRow = (name, ret, bytes) => `|  ${name.padEnd(40)}|  ${String(ret).padEnd(6)}|  ${String(bytes).padStart(13)}  |`;
const logGroups = (rows) => `-----------------------------------------------------------------------------\n|                             DescribeLogGroups                             |\n+------------------------------------------+--------+-----------------+\n${rows.join("\n")}\n+------------------------------------------+--------+-----------------+`;
const LOGS_CMD = { command: "aws logs describe-log-groups --log-group-name-prefix /aws/lambda/marlin-prod --query 'logGroups[].[logGroupName,retentionInDays,storedBytes]' --output table" };
const LOG_WORKER_NOW = logRow("/aws/lambda/marlin-prod-order-worker", 30, 188201334871);

const costRow = (d, ddb, lam, cw, gw, sqs, sfn, total) => `${d}  ${ddb.padStart(9)}  ${lam.padStart(7)}  ${cw.padStart(10)}  ${gw.padStart(10)}  ${sqs.padStart(5)}  ${sfn.padStart(13)}  ${total.padStart(7)}`;
const cost = (rows, note) => `date        DynamoDB   Lambda  CloudWatch  APIGateway    SQS  StepFunctions    Total\n${rows.join("\n")}\n${note}`;
const COST_CMD = (start, end) => ({ command: `aws ce get-cost-and-usage --time-period Start=${start},End=${end} --granularity DAILY --metrics UnblendedCost --group-by Type=DIMENSION,Key=SERVICE --filter file://scripts/ce-marlin-filter.json | ./scripts/ce-pivot.mjs` });
const COST_PEAK = costRow("2026-12-01", "412.88", "63.12", "96.40", "22.10", "4.40", "0.61", "599.51");
const COST_NOW = costRow("2026-12-06", "52.40", "19.22", "9.87", "24.15", "2.51", "0.48", "108.63");

const asRow = (res, dim, min, max) => `|  ${res.padEnd(33)}|  ${dim.padEnd(37)}|  ${String(min).padStart(4)} |  ${String(max).padStart(5)} |`;
const scalable = (rows) => `--------------------------------------------------------------------------------------------\n|                                 DescribeScalableTargets                                  |\n+-----------------------------------+---------------------------------------+------+-------+\n${rows.join("\n")}\n+-----------------------------------+---------------------------------------+------+-------+`;
const AS_CMD = { command: "aws application-autoscaling describe-scalable-targets --service-namespace dynamodb --query 'ScalableTargets[].[ResourceId,ScalableDimension,MinCapacity,MaxCapacity]' --output table" };
const AS_TABLE_W_NOW = asRow("table/marlin-prod-main", "dynamodb:table:WriteCapacityUnits", 600, 2400);

const rule = (types) => `{
    "Name": "marlin-prod-ticket-issued",
    "Arn": "arn:aws:events:${REG}:${ACCT}:rule/marlin-prod/marlin-prod-ticket-issued",
    "EventPattern": "{\\"source\\":[\\"marlin.orders\\"],\\"detail-type\\":[${types.map((t) => `\\"${t}\\"`).join(",")}]}",
    "State": "ENABLED",
    "Description": "ticket issued -> notify, analytics firehose",
    "EventBusName": "marlin-prod",
    "CreatedBy": "${ACCT}"
}
{
    "Targets": [
        { "Id": "notify", "Arn": "arn:aws:lambda:${REG}:${ACCT}:function:marlin-prod-notify:live" },
        { "Id": "analytics", "Arn": "arn:aws:firehose:${REG}:${ACCT}:deliverystream/marlin-prod-analytics", "RoleArn": "arn:aws:iam::${ACCT}:role/marlin-prod-events-firehose" }
    ]
}`;
const RULE_CMD = { command: "aws events describe-rule --event-bus-name marlin-prod --name marlin-prod-ticket-issued && aws events list-targets-by-rule --event-bus-name marlin-prod --rule marlin-prod-ticket-issued" };

const vitestRun = (ver, files, tests, dur) => ` RUN  v${ver} ${M}

 ✓ tests/checkout-api/create-order.test.ts (24 tests) 412ms
 ✓ tests/checkout-api/seat-hold.test.ts (31 tests) 688ms
 ✓ tests/order-worker/issue-tickets.test.ts (18 tests) 1204ms
 ✓ tests/order-worker/idempotency.test.ts (9 tests) 2310ms
 ✓ tests/refund-handler/refund.test.ts (14 tests) 1877ms
 ✓ tests/search-indexer/handler.test.ts (12 tests) 301ms
 ✓ tests/core/keys.test.ts (40 tests) 22ms

 Test Files  ${files} passed (${files})
      Tests  ${tests} passed (${tests})
   Start at  10:14:22
   Duration  ${dur} (transform 1.21s, setup 4.11s, collect 9.80s, tests 38.12s, environment 12ms, prepare 2.91s)`;

const TF = "terraform -chdir=terraform/envs/prod";

const marlin = {
  name: "marlin (held out 24)",
  sessionId: "5e0b7c21-8d4f-4a6b-9c3e-71f2a9d04b88",
  cwd: M,
  turns: 212,
  seed: 24241,
  files: ["functions/checkout-api/src/handler.ts", "functions/checkout-api/src/orders.ts", "functions/checkout-api/src/seatHolds.ts", "functions/order-worker/src/handler.ts", "functions/order-worker/src/issueTickets.ts", "functions/search-indexer/src/handler.ts", "functions/notify/src/handler.ts", "functions/refund-handler/src/handler.ts", "packages/core/src/db.ts", "packages/core/src/keys.ts", "esbuild.config.mjs", "terraform/modules/lambda/main.tf", "terraform/modules/queues/main.tf", "terraform/modules/dynamodb/main.tf", "terraform/envs/prod/main.tf", "statemachines/refund.asl.json", ".github/workflows/deploy.yml", "vitest.config.ts"],
  otherTests: ["tests/checkout-api/create-order.test.ts", "tests/checkout-api/seat-hold.test.ts", "tests/core/keys.test.ts", "tests/notify/email.test.ts", "tests/refund-handler/refund.test.ts"],
  words: ["order", "ticket", "seat", "hold", "event", "venue", "onsale", "cart", "refund", "queue", "message", "batch", "item", "partition", "index", "stream", "handler", "client", "command", "alias", "version", "logger", "tracer", "payload", "schema"],
  grepWords: ["DynamoDBDocumentClient", "TransactWriteCommand", "SQSBatchResponse", "PutEventsCommand", "TODO", "GSI2PK"],
  testCommands: ["npx vitest run tests/checkout-api", "npx vitest run tests/core --reporter=verbose", "npm run typecheck && npx vitest run tests/notify"],
  buildCommands: ["npm run build", "node esbuild.config.mjs --function order-worker", `${TF} validate`],
  appCommands: ["aws logs tail /aws/lambda/marlin-prod-checkout-api --since 10m", "aws logs tail /aws/lambda/marlin-prod-order-worker --since 10m", "aws logs tail /aws/lambda/marlin-prod-notify --since 10m"],
  prompts: ["continue", "next", "ok go on", "keep going", "proceed", "ok", "go ahead", "carry on", "next step pls", "yep"],
  facts: [
    [2, "Bash", WORKER_CMD, workerCfg(512, 90, "x86_64", "debug", "2026-11-24T16:02:41.000+0000", 2841177), "lambdacfg", { kind: "app", where: "top" }],
    [4, "Bash", SQS_CMD, sqsAttrs(60, 3, 212, 388, "1731412210"), "sqsattrs", { kind: "app", where: "top" }],
    [5, "Bash", DLQ_CMD, dlqAttrs(4312, 518400), "dlq", { kind: "app", where: "top" }],
    [7, "Bash", { command: "./scripts/insights.sh /aws/lambda/marlin-prod-order-worker --since 3h 'fields @timestamp, @requestId, receiveCount, msg | filter messageId = \"b7e1c0d2-5f3a-4c8e-9a61-2d0f7e4b9c11\" | sort @timestamp asc'" }, `@timestamp               @requestId                            receiveCount  msg
-----------------------  ------------------------------------  ------------  ------------------------------------------------------------------
2026-11-30 08:14:02.118  3f0c2a7e-61d4-4b0e-a2f1-9c7d5e8b1a20  1             processing order ord_01JDX4K2M9 (6 tickets, event evt_harbor_lights_0412)
2026-11-30 08:14:05.402  3f0c2a7e-61d4-4b0e-a2f1-9c7d5e8b1a20  1             rendering 6 ticket pdfs
2026-11-30 08:15:02.377  91d4e6b0-2c8a-4f17-b3e9-0a6d2f1c7e54  2             processing order ord_01JDX4K2M9 (6 tickets, event evt_harbor_lights_0412)
2026-11-30 08:15:02.511  91d4e6b0-2c8a-4f17-b3e9-0a6d2f1c7e54  2             seat hold already claimed by this order, continuing
2026-11-30 08:15:18.930  3f0c2a7e-61d4-4b0e-a2f1-9c7d5e8b1a20  1             issued 6 tickets for ord_01JDX4K2M9 in 76.8s
2026-11-30 08:16:02.640  c2a9f1d7-8e03-4d5b-9f26-7b1e0a4c3d98  3             processing order ord_01JDX4K2M9 (6 tickets, event evt_harbor_lights_0412)
2026-11-30 08:16:02.702  c2a9f1d7-8e03-4d5b-9f26-7b1e0a4c3d98  3             ConditionalCheckFailedException: tickets already issued for ord_01JDX4K2M9, throwing to retry
2026-11-30 08:16:20.118  91d4e6b0-2c8a-4f17-b3e9-0a6d2f1c7e54  2             ConditionalCheckFailedException: tickets already issued for ord_01JDX4K2M9, throwing to retry
(the message became visible again 60s after each receive while the first invocation was still rendering; after receive 3 it went to marlin-prod-orders-dlq although the order has its 6 tickets)`, undefined, { kind: "app", where: "top" }],
    [9, "Read", { file_path: `${M}/terraform/modules/queues/main.tf` }, `   1\tresource "aws_sqs_queue" "orders_dlq" {
   2\t  name                      = "\${var.prefix}-orders-dlq"
   3\t  message_retention_seconds = 1209600
   4\t  sqs_managed_sse_enabled   = true
   5\t}
   6\t
   7\tresource "aws_sqs_queue" "orders" {
   8\t  name                       = "\${var.prefix}-orders"
   9\t  visibility_timeout_seconds = 60
  10\t  message_retention_seconds  = 345600
  11\t  receive_wait_time_seconds  = 20
  12\t  sqs_managed_sse_enabled    = true
  13\t  redrive_policy = jsonencode({
  14\t    deadLetterTargetArn = aws_sqs_queue.orders_dlq.arn
  15\t    maxReceiveCount     = 3
  16\t  })
  17\t}
  18\t
  19\tresource "aws_lambda_event_source_mapping" "orders_worker" {
  20\t  event_source_arn                   = aws_sqs_queue.orders.arn
  21\t  function_name                      = var.order_worker_alias_arn
  22\t  batch_size                         = 5
  23\t  maximum_batching_window_in_seconds = 2
  24\t  function_response_types            = ["ReportBatchItemFailures"]
  25\t  scaling_config {
  26\t    maximum_concurrency = 50
  27\t  }
  28\t}`, undefined, { kind: "code", where: "top" }],
    [10, "Bash", { command: "git log -S'timeout     = 90' --format='%h %ad %an%n    %s%n%n%b' --date=iso -- terraform/" }, `a41c9e2 2026-11-24 15:58:12 +0100 Deniz Aydin
    order-worker: timeout 90s

ticket pdf render for 10-ticket orders takes 70s+ since the new seat map artwork,
the worker timed out at 30s and the orders were retried. Bumped memory to 512 too.`, undefined, { kind: "build", where: "top" }],
    [12, "Edit", { file_path: `${M}/terraform/modules/queues/main.tf`, old_string: "  visibility_timeout_seconds = 60", new_string: "  # must stay above the order-worker timeout: AWS recommends 6x the function timeout for SQS event sources\n  visibility_timeout_seconds = 540" }, `The file ${M}/terraform/modules/queues/main.tf has been updated. (maxReceiveCount 3 -> 5 in the same edit of redrive_policy)`, undefined, { kind: "code", where: "top" }],
    [13, "Bash", { command: `${TF} plan -out=tfplan` }, `module.queues.aws_sqs_queue.orders_dlq: Refreshing state... [id=${DLQ_URL}]
module.queues.aws_sqs_queue.orders: Refreshing state... [id=${Q_URL}]
module.lambdas.aws_lambda_function.order_worker: Refreshing state... [id=marlin-prod-order-worker]
module.dynamodb.aws_dynamodb_table.main: Refreshing state... [id=marlin-prod-main]

Terraform used the selected providers to generate the following execution plan. Resource actions are indicated with the following symbols:
  ~ update in-place

Terraform will perform the following actions:

  # module.queues.aws_sqs_queue.orders will be updated in-place
  ~ resource "aws_sqs_queue" "orders" {
        id                                = "${Q_URL}"
        name                              = "marlin-prod-orders"
      ~ redrive_policy                    = jsonencode(
          ~ {
              ~ maxReceiveCount     = 3 -> 5
                # (1 unchanged attribute hidden)
            }
        )
      ~ visibility_timeout_seconds        = 60 -> 540
        # (12 unchanged attributes hidden)
    }

Plan: 0 to add, 1 to change, 0 to destroy.

Saved the plan to: tfplan`, "tfplan", { kind: "build", where: "top" }],
    [14, "Bash", { command: `${TF} apply tfplan` }, `╷
│ Error: Error acquiring the state lock
│ 
│ Error message: operation error DynamoDB: PutItem, https response error StatusCode: 400, api error ConditionalCheckFailedException: The conditional request failed
│ Lock Info:
│   ID:        8d2f61c4-0b7e-4a93-b1d5-6e0c9f27a4e8
│   Path:      marlin-tfstate-prod/envs/prod/terraform.tfstate
│   Operation: OperationTypeApply
│   Who:       runner@fv-az412-117
│   Version:   1.9.8
│   Created:   2026-11-30 07:41:55.201398 +0000 UTC
│   Info:      
│ 
│ Terraform acquires a state lock to protect the state from being written
│ by multiple users at the same time. Please resolve the issue above and try
│ running the command again. For most commands, you can disable locking with
│ the "-lock=false" flag, but this is not recommended.
╵`, undefined, { kind: "build", error: true, where: "top" }],
    [15, "Bash", { command: "gh run list --workflow terraform.yml --limit 6" }, `STATUS  TITLE                                   WORKFLOW   BRANCH  EVENT  ID           ELAPSED  AGE
-       infra: notify dlq alarm                 terraform  main    push   11984410233  14m2s    about 1 hour ago
✓       infra: api access log format            terraform  main    push   11979012871  3m41s    1 day ago
✓       infra: ticket bucket lifecycle          terraform  main    push   11961877402  3m55s    3 days ago
✓       order-worker: timeout 90s               terraform  main    push   11950233118  4m02s    6 days ago
(11984410233 was cancelled at 07:55 while "terraform apply" was running: the runner lost its connection, so the job never reached the step that releases the lock; the notify alarm it was applying is in the plan below anyway)`, undefined, { kind: "build", where: "top" }],
    [16, "Bash", { command: `${TF} force-unlock -force 8d2f61c4-0b7e-4a93-b1d5-6e0c9f27a4e8 && ${TF} plan -out=tfplan >/dev/null && ${TF} apply tfplan` }, `Terraform state has been successfully unlocked!

The state has been unlocked, and Terraform commands should now be able to
obtain a new lock on the remote state.
module.queues.aws_sqs_queue.orders: Modifying... [id=${Q_URL}]
module.queues.aws_sqs_queue.orders: Modifications complete after 1s [id=${Q_URL}]
module.alarms.aws_cloudwatch_metric_alarm.notify_dlq_depth: Creating...
module.alarms.aws_cloudwatch_metric_alarm.notify_dlq_depth: Creation complete after 1s [id=marlin-prod-notify-dlq-depth]

Apply complete! Resources: 1 added, 1 changed, 0 destroyed.`, undefined, { kind: "build", where: "top" }],
    [17, "Bash", SQS_CMD, sqsAttrs(540, 5, 190, 41, "1732955831"), "sqsattrs", { kind: "app", where: "top" }],
    [19, "Edit", { file_path: `${M}/functions/order-worker/src/handler.ts`, old_string: "      if (err instanceof ConditionalCheckFailedException) throw err;", new_string: "      // a redelivered message for an order whose tickets exist: done, not a failure\n      if (err instanceof ConditionalCheckFailedException && (await ticketsIssued(order.id))) continue;\n      if (err instanceof ConditionalCheckFailedException) throw err;" }, `The file ${M}/functions/order-worker/src/handler.ts has been updated.`, undefined, { kind: "code", where: "top" }],
    [20, "Bash", { command: `aws sqs start-message-move-task --source-arn arn:aws:sqs:${REG}:${ACCT}:marlin-prod-orders-dlq --max-number-of-messages-per-second 50 >/dev/null && sleep 120 && aws sqs list-message-move-tasks --source-arn arn:aws:sqs:${REG}:${ACCT}:marlin-prod-orders-dlq --query 'Results[0]'` }, `{
    "Status": "COMPLETED",
    "SourceArn": "arn:aws:sqs:${REG}:${ACCT}:marlin-prod-orders-dlq",
    "MaxNumberOfMessagesPerSecond": 50,
    "ApproximateNumberOfMessagesMoved": 4312,
    "ApproximateNumberOfMessagesToMove": 4312,
    "StartedTimestamp": 1732957402118
}`, undefined, { kind: "app", where: "top" }],
    [21, "Bash", DLQ_CMD, dlqAttrs(0, 0), "dlq", { kind: "app", where: "top" }],
    [23, "Bash", { command: "git commit -am 'queues: visibility 540s, maxReceiveCount 5; worker treats issued orders as done' && git log -1 --format='%h %s%n%n%b'" }, `[main 7b20e4f] queues: visibility 540s, maxReceiveCount 5; worker treats issued orders as done
 2 files changed, 9 insertions(+), 3 deletions(-)
7b20e4f queues: visibility 540s, maxReceiveCount 5; worker treats issued orders as done

The orders DLQ held 4312 messages. The worker timeout went from 30s to 90s on Nov 24
(a41c9e2) but the orders queue kept its 60s visibility timeout, so every order that took
longer than 60s (big orders, pdf render) became visible again and was picked up by a
second invocation while the first one was still running; the duplicates failed the
tickets-issued condition, threw, and after 3 receives the message was dead-lettered.
Visibility now 540s (6x timeout), maxReceiveCount 5, and a conditional failure for an
order whose tickets exist counts as success. DLQ redriven (4312 moved).`, undefined, { kind: "build", where: "top" }],
    [25, "Bash", DDB_CMD, ddbTable("PROVISIONED", 400, 200, [gsi("GSI1", "GSI1PK", "GSI1SK", 200, 100, 18200412, 6120448190), gsi("GSI2", "GSI2PK", "GSI2SK", 100, 50, 9104221, 3011842207)], 18422107, 9120448812), "ddbtable", { kind: "app", where: "top" }],
    [26, "Bash", { command: "./scripts/insights.sh /aws/lambda/marlin-prod-checkout-api --since 2h 'filter level = \"ERROR\" | stats count(*) as n by errorType | sort n desc' && ./scripts/insights.sh /aws/lambda/marlin-prod-checkout-api --since 2h 'filter errorType = \"ProvisionedThroughputExceededException\" | fields errorMessage | limit 1'" }, `errorType                                 n
----------------------------------------  -----
ProvisionedThroughputExceededException    18402
TransactionCanceledException              2210
ThrottlingException                       611
TimeoutError                              97

errorMessage
-----------------------------------------------------------------------------------------------------------------
The level of configured provisioned throughput for one or more global secondary indexes of the table was exceeded. Consider increasing your provisioning level for the under-provisioned global secondary indexes with the UpdateTable API
(all of it between 10:00 and 10:40, the Harbor Lights Tour onsale; POST /orders returns 503 to the client)`, undefined, { kind: "app", error: true, where: "top" }],
    [27, "Bash", { command: "aws cloudwatch get-metric-statistics --namespace AWS/DynamoDB --metric-name WriteThrottleEvents --dimensions Name=TableName,Value=marlin-prod-main Name=GlobalSecondaryIndexName,Value=GSI2 --start-time 2026-11-30T09:40:00Z --end-time 2026-11-30T10:40:00Z --period 300 --statistics Sum --query 'sort_by(Datapoints,&Timestamp)[].[Timestamp,Sum]' --output text" }, `2026-11-30T09:40:00+00:00\t0.0
2026-11-30T09:45:00+00:00\t0.0
2026-11-30T09:50:00+00:00\t12.0
2026-11-30T09:55:00+00:00\t1804.0
2026-11-30T10:00:00+00:00\t41877.0
2026-11-30T10:05:00+00:00\t38120.0
2026-11-30T10:10:00+00:00\t22013.0
2026-11-30T10:15:00+00:00\t9410.0
2026-11-30T10:20:00+00:00\t3302.0
2026-11-30T10:25:00+00:00\t877.0
2026-11-30T10:30:00+00:00\t140.0
2026-11-30T10:35:00+00:00\t0.0`, undefined, { kind: "app", where: "top" }],
    [28, "Bash", { command: "aws xray get-trace-summaries --start-time $(date -d '2026-11-30 10:00' +%s) --end-time $(date -d '2026-11-30 10:20' +%s) --filter-expression 'service(\"marlin-prod-checkout-api\") AND responsetime > 3' --query 'length(TraceSummaries)' && ./scripts/xray-tree.sh 1-674ae2b1-3c1f0e9a2b7d4c6e8f01a2b3" }, `312
trace 1-674ae2b1-3c1f0e9a2b7d4c6e8f01a2b3  POST /orders  503  4.812s
  marlin-prod-checkout-api (AWS::Lambda)                      4.812s
    marlin-prod-checkout-api (AWS::Lambda::Function)          4.790s
      Invocation                                              4.788s
        DynamoDB TransactWriteItems marlin-prod-main          4.402s  retries: 9  throttled: true  error: ProvisionedThroughputExceededException
        SQS SendMessage marlin-prod-orders                    (not reached)
      Overhead                                                0.002s`, undefined, { kind: "app", where: "top" }],
    [30, "Bash", { command: `aws dynamodb update-table --table-name marlin-prod-main --billing-mode PAY_PER_REQUEST >/dev/null && aws dynamodb wait table-exists --table-name marlin-prod-main && ${DDB_CMD.command}` }, ddbTable("PAY_PER_REQUEST", 0, 0, [gsi("GSI1", "GSI1PK", "GSI1SK", 0, 0, 18241907, 6131007720), gsi("GSI2", "GSI2PK", "GSI2SK", 0, 0, 9150034, 3026118512)], 18470381, 9144102337, "2026-11-30T10:21:44.517000+00:00"), "ddbtable", { kind: "app", where: "top" }],
    [31, "Bash", CONC_CMD(), concurrency(100, [["09:55", 96], ["10:00", 100], ["10:05", 100], ["10:10", 100], ["10:15", 88], ["10:20", 61]]), "concurrency", { kind: "app", where: "top" }],
    [33, "Bash", CONC_CMD(20), concurrency(20, [["10:25", 61], ["10:30", 20], ["10:35", 20], ["10:40", 20], ["10:45", 20], ["10:50", 18]]), "concurrency", { kind: "app", where: "top" }],
    [35, "Bash", { command: "./scripts/insights.sh /aws/lambda/marlin-prod-checkout-api --since 30m 'filter level = \"ERROR\" | stats count(*) as n by errorType' && ./scripts/metric.sh AWS/DynamoDB WriteThrottleEvents TableName=marlin-prod-main,GlobalSecondaryIndexName=GSI2 --since 30m --stat Sum" }, `errorType                                 n
----------------------------------------  -----
TransactionCanceledException              14
(no ProvisionedThroughputExceededException since 10:24)
WriteThrottleEvents GSI2 Sum/5min: 0 0 0 0 0 0`, undefined, { kind: "app", where: "top" }],
    [36, "Edit", { file_path: `${M}/terraform/modules/dynamodb/main.tf`, old_string: '  billing_mode   = "PROVISIONED"\n  read_capacity  = 400\n  write_capacity = 200', new_string: '  billing_mode   = "PAY_PER_REQUEST"' }, `The file ${M}/terraform/modules/dynamodb/main.tf has been updated. (read_capacity / write_capacity removed from both global_secondary_index blocks as well)`, undefined, { kind: "code", where: "top" }],
    [38, "Bash", { command: `${TF} plan -out=tfplan` }, `module.dynamodb.aws_dynamodb_table.main: Refreshing state... [id=marlin-prod-main]
module.lambdas.aws_lambda_function.order_worker: Refreshing state... [id=marlin-prod-order-worker]
module.queues.aws_sqs_queue.orders: Refreshing state... [id=${Q_URL}]

Terraform used the selected providers to generate the following execution plan. Resource actions are indicated with the following symbols:
  ~ update in-place

Terraform will perform the following actions:

  # module.lambdas.aws_lambda_function.order_worker will be updated in-place
  ~ resource "aws_lambda_function" "order_worker" {
        id                             = "marlin-prod-order-worker"
      ~ reserved_concurrent_executions = 20 -> 100
        # (27 unchanged attributes hidden)

        # (5 unchanged blocks hidden)
    }

Plan: 0 to add, 1 to change, 0 to destroy.

Saved the plan to: tfplan`, "tfplan", { kind: "build", where: "top" }],
    [39, "Edit", { file_path: `${M}/terraform/modules/lambda/main.tf`, old_string: "  reserved_concurrent_executions = 100", new_string: "  reserved_concurrent_executions = 20 # keep the worker from outrunning the table during onsales" }, `The file ${M}/terraform/modules/lambda/main.tf has been updated.`, undefined, { kind: "code", where: "top" }],
    [40, "Bash", { command: "git commit -am 'dynamodb: on-demand; order-worker reserved concurrency 20' && git log -1 --format='%h %s%n%n%b'" }, `[main c93f1a8] dynamodb: on-demand; order-worker reserved concurrency 20
 2 files changed, 4 insertions(+), 9 deletions(-)
c93f1a8 dynamodb: on-demand; order-worker reserved concurrency 20

Harbor Lights onsale (Nov 30 10:00): POST /orders failed with
ProvisionedThroughputExceededException for 40 minutes. The table itself had headroom,
but GSI2 (orders by event) was provisioned at 50 WCU and every order write projects into
it; a throttled GSI throttles the base-table write. 41877 write throttles on GSI2 in the
10:00 five-minute bucket. Switched the table to PAY_PER_REQUEST (throttles gone by 10:24)
and capped the order worker at 20 concurrent executions while the backlog drained.`, undefined, { kind: "build", where: "top" }],
    [42, "Bash", COLD_CMD, cold(COLD_V1, "(checkout-api, 1024 MB, aws-sdk v2 bundled, no provisioned concurrency)"), "coldstart", { kind: "app", where: "top" }],
    [43, "Bash", CHECKOUT_CMD, checkoutCfg(1024, "2026-11-29T18:12:40.000+0000", 7172204), "apicfg", { kind: "app", where: "top" }],
    [44, "Bash", { command: NPM_CMD }, npmLs("v2", "0.21.5", "2.0.5", "2.10.0"), "npmls", { kind: "build", where: "top" }],
    [45, "Bash", { command: "node scripts/bundle-report.mjs" }, `function          bundle (minified)   zip       modules
----------------  ------------------  --------  -------
checkout-api      6.84 MB             1.71 MB   1412
order-worker      7.12 MB             1.79 MB   1466
refund-handler    6.61 MB             1.66 MB   1380
search-indexer    6.58 MB             1.65 MB   1371
notify            6.90 MB             1.74 MB   1402
(aws-sdk v2 is ~5.9 MB of every bundle)`, undefined, { kind: "build", where: "top" }],
    [47, "Bash", { command: `aws lambda put-provisioned-concurrency-config --function-name marlin-prod-checkout-api --qualifier live --provisioned-concurrent-executions 10 >/dev/null && sleep 90 && ${PC_CMD}` }, pcList([pcRow(10, "READY", "2026-12-01T09:12:44+0000")]), "provconc", { kind: "app", where: "top" }],
    [49, "Bash", { command: `${ALIAS_GET} && ${VERSIONS}` }, aliasOut("41", "release 3.14.0", [verRow(38, "2026-11-21T10:40:02.000+0000", "release 3.13.2"), verRow(39, "2026-11-25T09:12:31.000+0000", "release 3.13.3"), verRow(40, "2026-11-27T14:55:09.000+0000", "release 3.13.4"), V41]), "alias", { kind: "app", where: "top" }],
    [51, "Bash", COLD_CMD, cold(coldRow(201377, 822, "0.41", "1822.9", "3050.2", "208.8"), "(last 24h; provisioned concurrency 10 on live since 09:12)"), "coldstart", { kind: "app", where: "top" }],
    [53, "Bash", { command: STAGE_CMD }, stage("500.0", 1000, "2026-06-02T08:11:40+00:00"), "apigw", { kind: "app", where: "top" }],
    [55, "Bash", { command: "./scripts/insights.sh /aws/apigateway/marlin-prod-access --since 2h 'filter requestTime >= \"01/Dec/2026:11:00\" | stats count(*) as n by status | sort n desc'" }, `status  n
------  ------
200     402117
201     48820
429     61204
409     3311
503     212
(429s are the stage throttle: "Too Many Requests" from API Gateway before the Lambda is invoked, 11:00-11:20, the Northern Lines presale)`, undefined, { kind: "app", error: true, where: "top" }],
    [57, "Bash", { command: `aws apigateway update-stage --rest-api-id k3v9x2m1qa --stage-name prod --patch-operations op=replace,path=/*/*/throttling/rateLimit,value=1200 op=replace,path=/*/*/throttling/burstLimit,value=2500 >/dev/null && ${STAGE_CMD}` }, stage("1200.0", 2500, "2026-12-01T11:31:09+00:00"), "apigw", { kind: "app", where: "top" }],
    [58, "Bash", { command: `aws lambda put-provisioned-concurrency-config --function-name marlin-prod-checkout-api --qualifier live --provisioned-concurrent-executions 25 >/dev/null && sleep 120 && ${PC_CMD}` }, pcList([pcRow(25, "READY", "2026-12-01T11:36:52+0000")]), "provconc", { kind: "app", where: "top" }],
    [60, "Bash", { command: `aws lambda update-function-configuration --function-name marlin-prod-checkout-api --memory-size 1769 >/dev/null && aws lambda wait function-updated --function-name marlin-prod-checkout-api && ${CHECKOUT_CMD.command}` }, checkoutCfg(1769, "2026-12-01T11:48:20.000+0000", 7172204), "apicfg", { kind: "app", where: "top" }],
    [62, "Edit", { file_path: `${M}/package.json`, old_string: '    "aws-sdk": "^2.1691.0",', new_string: '    "@aws-sdk/client-dynamodb": "^3.682.0",\n    "@aws-sdk/client-eventbridge": "^3.682.0",\n    "@aws-sdk/client-sfn": "^3.682.0",\n    "@aws-sdk/client-sqs": "^3.682.0",\n    "@aws-sdk/lib-dynamodb": "^3.682.0",' }, `The file ${M}/package.json has been updated.`, undefined, { kind: "code", where: "top" }],
    [64, "Bash", { command: `npm install && ${NPM_CMD}` }, `added 118 packages, removed 41 packages, changed 3 packages, and audited 612 packages in 14s\n${npmLs("3.682.0", "0.21.5", "2.0.5", "2.10.0")}`, "npmls", { kind: "build", where: "top" }],
    [65, "Bash", { command: "npx vitest run" }, vitestRun("2.0.5", 58, 471, "21.34s"), "vitest", { kind: "test", where: "bottom" }],
    [66, "Bash", { command: "npm run build && node scripts/bundle-report.mjs" }, `function          bundle (minified)   zip       modules
----------------  ------------------  --------  -------
checkout-api      1.91 MB             0.48 MB   402
order-worker      2.20 MB             0.55 MB   455
refund-handler    1.63 MB             0.41 MB   361
search-indexer    1.58 MB             0.40 MB   352
notify            1.77 MB             0.44 MB   384
(esbuild: format esm, platform node, target node20, everything bundled, no banner)`, undefined, { kind: "build", where: "top" }],
    [68, "Bash", { command: `./scripts/deploy.sh checkout-api --publish && aws lambda update-alias --function-name marlin-prod-checkout-api --name live --function-version 43 --description 'release 3.15.0 (aws sdk v3)' >/dev/null && ${ALIAS_GET} && ${VERSIONS}` }, aliasOut("43", "release 3.15.0 (aws sdk v3)", [verRow(40, "2026-11-27T14:55:09.000+0000", "release 3.13.4"), V41, verRow(42, "2026-12-01T09:10:03.000+0000", "pc warmup test (not aliased)"), V43]), "alias", { kind: "app", where: "top" }],
    [70, "Bash", { command: "./scripts/insights.sh /aws/lambda/marlin-prod-checkout-api --since 15m 'filter level = \"ERROR\" or @message like /INIT_REPORT/ | stats count(*) as n by errorType, errorMessage | sort n desc | limit 5'" }, `errorType                    errorMessage                                                   n
---------------------------  -------------------------------------------------------------  ----
Error                        Dynamic require of "buffer" is not supported                   3812
Runtime.Unknown              INIT_REPORT Init Duration: 612.40 ms Phase: init Status: error  3812
TransactionCanceledException Transaction cancelled, please refer cancellation reasons       9
(stack: at file:///var/task/index.mjs:12:9 <- node_modules/safe-buffer/index.js <- node_modules/qrcode/lib/core/utils.js; every POST /orders since 14:02, version 43 on live)`, undefined, { kind: "app", error: true, where: "top" }],
    [71, "Bash", { command: "./scripts/metric.sh AWS/ApiGateway 5XXError ApiName=marlin-prod,Stage=prod --since 30m --stat Sum" }, `5XXError Sum/5min (marlin-prod, prod):
14:00  3
14:05  1120
14:10  1398
14:15  1294
14:20  402`, undefined, { kind: "app", error: true, where: "top" }],
    [72, "Bash", { command: `aws lambda update-alias --function-name marlin-prod-checkout-api --name live --function-version 41 --description 'rollback: 43 fails POST /orders (esm dynamic require)' >/dev/null && ${ALIAS_GET} && ${VERSIONS}` }, aliasOut("41", "rollback: 43 fails POST /orders (esm dynamic require)", [V41, verRow(42, "2026-12-01T09:10:03.000+0000", "pc warmup test (not aliased)"), V43, verRow(44, "2026-12-01T14:21:40.000+0000", "publish for pc move")]), "alias", { kind: "app", where: "top" }],
    [74, "Bash", { command: "git revert --no-edit HEAD~1 && git log -1 --format='%h %s%n%n%b'" }, `[main e15d0b3] Revert "deps: aws sdk v3 (3.682.0)"
 6 files changed, 41 insertions(+), 118 deletions(-)
e15d0b3 Revert "deps: aws sdk v3 (3.682.0)"

Reverts 2c7a9d1. In prod the ESM bundle throws 'Dynamic require of "buffer" is not
supported' on the first POST /orders: qrcode pulls in safe-buffer, a CommonJS module
that calls require("buffer"), and esbuild's ESM output has no require. The v2 bundle was
CommonJS so it never showed up; unit tests don't load the bundle. Live alias is back on
41 (3.14.0). Redo with a createRequire banner.`, undefined, { kind: "build", where: "top" }],
    [76, "Bash", { command: `npm install && ${NPM_CMD}` }, `added 41 packages, removed 118 packages, changed 3 packages, and audited 535 packages in 11s\n${npmLs("v2", "0.21.5", "2.0.5", "2.10.0")}`, "npmls", { kind: "build", where: "top" }],
    [78, "Read", { file_path: `${M}/esbuild.config.mjs` }, `   1\timport { build } from "esbuild";
   2\timport { readdirSync } from "node:fs";
   3\t
   4\tconst only = process.argv.includes("--function") ? [process.argv[process.argv.indexOf("--function") + 1]] : readdirSync("functions");
   5\t
   6\tfor (const fn of only) {
   7\t  await build({
   8\t    entryPoints: [\`functions/\${fn}/src/handler.ts\`],
   9\t    outfile: \`dist/\${fn}/index.mjs\`,
  10\t    bundle: true,
  11\t    platform: "node",
  12\t    target: "node20",
  13\t    format: "esm",
  14\t    minify: true,
  15\t    sourcemap: true,
  16\t    mainFields: ["module", "main"],
  17\t    metafile: true,
  18\t    external: [],
  19\t  });
  20\t}`, undefined, { kind: "code", where: "top" }],
    [80, "Edit", { file_path: `${M}/esbuild.config.mjs`, old_string: '    format: "esm",', new_string: '    format: "esm",\n    // CommonJS deps (safe-buffer via qrcode) call require(); ESM output needs one\n    banner: { js: "import { createRequire } from \'node:module\'; const require = createRequire(import.meta.url);" },' }, `The file ${M}/esbuild.config.mjs has been updated.`, undefined, { kind: "code", where: "top" }],
    [82, "Bash", { command: "git cherry-pick 2c7a9d1 && npm install && npm run build && node -e \"import('./dist/checkout-api/index.mjs').then(m => m.handler(require('./events/create-order.json'), {})).then(r => console.log(r.statusCode))\"" }, `[main 4a0e7c6] deps: aws sdk v3 (3.699.0)
 6 files changed, 118 insertions(+), 41 deletions(-)
added 118 packages, removed 41 packages, and audited 612 packages in 13s
dist/checkout-api/index.mjs      1.9mb
dist/order-worker/index.mjs      2.2mb
dist/refund-handler/index.mjs    1.6mb
dist/search-indexer/index.mjs    1.6mb
dist/notify/index.mjs            1.8mb
201
(the bundle itself is now loaded in a smoke test: tests/bundle/smoke.test.ts imports every dist/*/index.mjs)`, undefined, { kind: "build", where: "top" }],
    [84, "Bash", { command: "npx vitest run" }, ` RUN  v2.0.5 ${M}

 ✓ tests/checkout-api/create-order.test.ts (24 tests) 418ms
 ✓ tests/bundle/smoke.test.ts (5 tests) 2102ms
 ❯ tests/order-worker/idempotency.test.ts (9 tests | 1 failed) 2291ms
   × issueTickets > issues each ticket once per order 311ms
     → expected 2 to be 1 // Object.is equality
 ✓ tests/refund-handler/refund.test.ts (14 tests) 1880ms

 FAIL  tests/order-worker/idempotency.test.ts > issueTickets > issues each ticket once per order
AssertionError: expected 2 to be 1 // Object.is equality
 ❯ tests/order-worker/idempotency.test.ts:58:37

 Test Files  1 failed | 58 passed (59)
      Tests  1 failed | 475 passed (476)`, "vitest", { kind: "test", error: true, where: "top" }],
    [86, "Bash", FLAKY_CMD, flaky(5, "run 2 FAILED\nrun 7 FAILED\nrun 8 FAILED\nrun 13 FAILED\nrun 19 FAILED"), "flaky", { kind: "test", error: true, where: "bottom" }],
    [88, "Read", { file_path: `${M}/tests/setup/dynamo-local.ts` }, `   1\timport { beforeEach } from "vitest";
   2\timport { CreateTableCommand, DeleteTableCommand, DynamoDBClient } from "@aws-sdk/client-dynamodb";
   3\t
   4\texport const client = new DynamoDBClient({ endpoint: "http://localhost:8000", region: "local" });
   5\texport const TABLE = "marlin-test";
   6\t
   7\t// every test file starts from an empty table
   8\tbeforeEach(async () => {
   9\t  await client.send(new DeleteTableCommand({ TableName: TABLE })).catch(() => {});
  10\t  await client.send(new CreateTableCommand(tableDefinition(TABLE)));
  11\t});`, undefined, { kind: "code", where: "top" }],
    [90, "Edit", { file_path: `${M}/tests/setup/dynamo-local.ts`, old_string: 'export const TABLE = "marlin-test";', new_string: "// one table per vitest worker: files run in parallel threads and must not share it\nexport const TABLE = `marlin-test-${process.env.VITEST_POOL_ID}`;" }, `The file ${M}/tests/setup/dynamo-local.ts has been updated.`, undefined, { kind: "code", where: "top" }],
    [91, "Bash", FLAKY_CMD, flaky(0, "(no failed runs)"), "flaky", { kind: "test", where: "bottom" }],
    [92, "Bash", { command: "git commit -am 'tests: a dynamodb local table per vitest worker' && git log -1 --format='%h %s%n%n%b'" }, `[main 0f3b8d2] tests: a dynamodb local table per vitest worker
 1 file changed, 2 insertions(+), 1 deletion(-)
0f3b8d2 tests: a dynamodb local table per vitest worker

idempotency.test.ts failed 5 of 20 runs (expected 2 to be 1). vitest runs test files in
parallel worker threads and every file's beforeEach dropped and recreated the one shared
DynamoDB Local table marlin-test, so the new bundle smoke test (which issues a ticket)
could write into the table while the idempotency test was counting tickets. Table name
now includes VITEST_POOL_ID; 0/20 failures.`, undefined, { kind: "build", where: "top" }],
    [93, "Bash", { command: `npm install @aws-sdk/client-dynamodb@3.699.0 @aws-sdk/client-eventbridge@3.699.0 @aws-sdk/client-sfn@3.699.0 @aws-sdk/client-sqs@3.699.0 @aws-sdk/lib-dynamodb@3.699.0 && ${NPM_CMD}` }, `changed 64 packages, and audited 612 packages in 9s\n${npmLs("3.699.0", "0.21.5", "2.0.5", "2.10.0")}`, "npmls", { kind: "build", where: "top" }],
    [95, "Bash", { command: `./scripts/deploy.sh checkout-api --publish && aws lambda update-alias --function-name marlin-prod-checkout-api --name live --function-version 46 --description 'release 3.15.1 (sdk v3 again, esm banner)' >/dev/null && ${ALIAS_GET} && ${VERSIONS}` }, aliasOut("46", "release 3.15.1 (sdk v3 again, esm banner)", [V43, V44, verRow(45, "2026-12-02T15:30:12.000+0000", "canary 10% (weighted alias test)"), V46]), "alias", { kind: "app", where: "top" }],
    [97, "Bash", COLD_CMD, cold(coldRow(214420, 396, "0.18", "598.3", "1010.4", "162.0"), "(last 6h scaled to 24h; 3.15.1 on live, provisioned concurrency 25)"), "coldstart", { kind: "app", where: "top" }],
    [99, "Bash", { command: "git log -1 --format='%h %s%n%n%b' 4a0e7c6" }, `4a0e7c6 deps: aws sdk v3 (3.699.0)

Second try of the v3 move (first one reverted in e15d0b3). esbuild now adds a banner that
defines require via createRequire(import.meta.url), so CommonJS dependencies that
require() node builtins work in the ESM bundle; the clients are bundled (not taken from
the runtime) so prod runs the version we test. Bundles 6.8 MB -> 1.9 MB for checkout-api,
init p99 3.0 s -> about 1.0 s.`, undefined, { kind: "build", where: "top" }],
    [101, "Bash", RULE_CMD, rule(["TicketIssued"]), "ebrule", { kind: "app", where: "top" }],
    [103, "Bash", { command: `aws stepfunctions list-executions --state-machine-arn arn:aws:states:${REG}:${ACCT}:stateMachine:marlin-prod-refund --max-results 200 --query 'executions[].status' --output text | tr '\\t' '\\n' | sort | uniq -c` }, `    141 FAILED
    212 SUCCEEDED
      3 RUNNING
(last 24h; the failures started with the Northern Lines presale cancellations, 40+ refunds per minute)`, "sfnexec", { kind: "app", error: true, where: "top" }],
    [104, "Bash", { command: `aws stepfunctions get-execution-history --execution-arn arn:aws:states:${REG}:${ACCT}:execution:marlin-prod-refund:refund-ord_01JE2Q7H4N --reverse-order --max-results 3 --query 'events[].{type:type,error:taskFailedEventDetails.error || executionFailedEventDetails.error,cause:taskFailedEventDetails.cause || executionFailedEventDetails.cause}'` }, `[
    {
        "type": "ExecutionFailed",
        "error": "Lambda.TooManyRequestsException",
        "cause": "Rate Exceeded. (Service: Lambda, Status Code: 429, Request ID: 6f2b1c0e-4d7a-4e1b-8c3f-2a9e5d7b0c41)"
    },
    {
        "type": "TaskFailed",
        "error": "Lambda.TooManyRequestsException",
        "cause": "Rate Exceeded. (Service: Lambda, Status Code: 429, Request ID: 6f2b1c0e-4d7a-4e1b-8c3f-2a9e5d7b0c41)"
    },
    {
        "type": "TaskScheduled",
        "error": null,
        "cause": null
    }
]
(marlin-prod-refund-handler has reserved concurrency 2; the state machine only retries Lambda.ServiceException)`, undefined, { kind: "app", error: true, where: "top" }],
    [105, "Read", { file_path: `${M}/statemachines/refund.asl.json` }, `   1\t{
   2\t  "Comment": "refund an order: void tickets, refund the payment, release seats, notify",
   3\t  "StartAt": "VoidTickets",
   4\t  "States": {
   5\t    "VoidTickets": {
   6\t      "Type": "Task",
   7\t      "Resource": "arn:aws:states:::lambda:invoke",
   8\t      "Parameters": { "FunctionName": "\${RefundHandlerArn}", "Payload": { "step": "void", "orderId.$": "$.orderId" } },
   9\t      "Retry": [
  10\t        { "ErrorEquals": ["Lambda.ServiceException"], "IntervalSeconds": 2, "MaxAttempts": 3, "BackoffRate": 2 }
  11\t      ],
  12\t      "Next": "RefundPayment"
  13\t    },
  14\t    "RefundPayment": {
  15\t      "Type": "Task",
  16\t      "Resource": "arn:aws:states:::lambda:invoke",
  17\t      "Parameters": { "FunctionName": "\${RefundHandlerArn}", "Payload": { "step": "payment", "orderId.$": "$.orderId" } },
  18\t      "Retry": [
  19\t        { "ErrorEquals": ["Lambda.ServiceException"], "IntervalSeconds": 2, "MaxAttempts": 3, "BackoffRate": 2 }
  20\t      ],
  21\t      "Next": "ReleaseSeats"
  22\t    },`, undefined, { kind: "code", where: "top" }],
    [107, "Edit", { file_path: `${M}/statemachines/refund.asl.json`, old_string: '        { "ErrorEquals": ["Lambda.ServiceException"], "IntervalSeconds": 2, "MaxAttempts": 3, "BackoffRate": 2 }', new_string: '        { "ErrorEquals": ["Lambda.ServiceException", "Lambda.TooManyRequestsException", "Lambda.SdkClientException"], "IntervalSeconds": 2, "MaxAttempts": 6, "BackoffRate": 2, "JitterStrategy": "FULL" }' }, `The file ${M}/statemachines/refund.asl.json has been updated. (all four Task states; refund-handler reserved concurrency 2 -> 10 in terraform/modules/lambda)`, undefined, { kind: "code", where: "top" }],
    [109, "Bash", { command: `${TF} apply -auto-approve -target=module.refund >/dev/null && sleep 900 && aws stepfunctions list-executions --state-machine-arn arn:aws:states:${REG}:${ACCT}:stateMachine:marlin-prod-refund --max-results 200 --query 'executions[?startDate>=\`2026-12-02T17:00:00\`].status' --output text | tr '\\t' '\\n' | sort | uniq -c` }, `     88 SUCCEEDED
      1 RUNNING
(since 17:00, after the retry change; 141 failed ones restarted with ./scripts/sfn-redrive.sh, 141 redriven, 141 SUCCEEDED)`, "sfnexec", { kind: "app", where: "top" }],
    [111, "Bash", { command: `aws events put-rule --event-bus-name marlin-prod --name marlin-prod-ticket-issued --event-pattern '{"source":["marlin.orders"],"detail-type":["TicketIssued","TicketReissued"]}' >/dev/null && ${RULE_CMD.command}` }, rule(["TicketIssued", "TicketReissued"]), "ebrule", { kind: "app", where: "top" }],
    [113, "Bash", CONC_CMD(60), concurrency(60, [["16:00", 19], ["16:05", 20], ["16:10", 31], ["16:15", 44], ["16:20", 38], ["16:25", 22]]), "concurrency", { kind: "app", where: "top" }],
    [115, "Bash", COST_CMD("2026-11-26", "2026-12-03"), cost([costRow("2026-11-26", "38.12", "21.40", "14.88", "11.02", "2.31", "0.41", "88.14"), costRow("2026-11-27", "37.90", "20.96", "15.10", "10.87", "2.28", "0.39", "87.50"), costRow("2026-11-28", "41.22", "22.18", "15.42", "11.30", "2.40", "0.44", "92.96"), costRow("2026-11-29", "39.85", "21.77", "16.01", "11.12", "2.35", "0.40", "91.50"), costRow("2026-11-30", "356.41", "58.90", "71.22", "19.84", "4.12", "0.52", "511.01"), COST_PEAK, costRow("2026-12-02", "398.20", "61.44", "94.87", "18.31", "3.98", "0.55", "577.35")], "(USD, unblended, tag project=marlin; budget alert at 150/day fired on Nov 30)"), "cost", { kind: "app", where: "top" }],
    [117, "Bash", { command: "./scripts/metric.sh AWS/DynamoDB ConsumedWriteCapacityUnits TableName=marlin-prod-main --since 7d --period 1d --stat Sum && ./scripts/metric.sh AWS/Lambda Invocations FunctionName=marlin-prod-search-indexer --since 7d --period 1d --stat Sum" }, `ConsumedWriteCapacityUnits Sum/day (marlin-prod-main):
2026-11-27     4102331
2026-11-28     4388120
2026-11-29    61208774
2026-11-30   218410092
2026-12-01   251877310
2026-12-02   243019441
Invocations Sum/day (marlin-prod-search-indexer):
2026-11-27       88410
2026-11-28       91277
2026-11-29     2204118
2026-11-30    13877402
2026-12-01    14210993
2026-12-02    14022871
(writes jumped on the evening of Nov 29, with release 3.14.0; orders did not)`, undefined, { kind: "app", where: "top" }],
    [118, "Bash", { command: "aws dynamodb describe-table --table-name marlin-prod-idempotency --query 'Table.{name:TableName,status:TableStatus,billing:BillingModeSummary.BillingMode,items:ItemCount,ttl:TimeToLiveDescription}' && aws dynamodb describe-time-to-live --table-name marlin-prod-idempotency" }, `{
    "name": "marlin-prod-idempotency",
    "status": "ACTIVE",
    "billing": "PAY_PER_REQUEST",
    "items": 1204117,
    "ttl": null
}
{
    "TimeToLiveDescription": {
        "TimeToLiveStatus": "ENABLED",
        "AttributeName": "expiration"
    }
}`, undefined, { kind: "app", where: "top" }],
    [119, "Read", { file_path: `${M}/functions/search-indexer/src/handler.ts` }, `  12\texport const handler = async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
  13\t  const failures: { itemIdentifier: string }[] = [];
  14\t  for (const record of event.Records) {
  15\t    const item = unmarshall(record.dynamodb!.NewImage as Record<string, AttributeValue>);
  16\t    if (!isSearchable(item)) continue;
  17\t    try {
  18\t      await search.upsert(toDocument(item));
  19\t      // remember when the item was last indexed (added in 3.14.0 for the reindex dashboard)
  20\t      await ddb.send(new UpdateCommand({
  21\t        TableName: process.env.TABLE_NAME,
  22\t        Key: { PK: item.PK, SK: item.SK },
  23\t        UpdateExpression: "SET indexedAt = :now",
  24\t        ExpressionAttributeValues: { ":now": new Date().toISOString() },
  25\t      }));
  26\t    } catch (err) {
  27\t      logger.error("index failed", { err, pk: item.PK });
  28\t      failures.push({ itemIdentifier: record.dynamodb!.SequenceNumber! });
  29\t    }
  30\t  }
  31\t  return { batchItemFailures: failures };
  32\t};`, undefined, { kind: "code", where: "top" }],
    [121, "Edit", { file_path: `${M}/functions/search-indexer/src/handler.ts`, old_string: '      // remember when the item was last indexed (added in 3.14.0 for the reindex dashboard)\n      await ddb.send(new UpdateCommand({\n        TableName: process.env.TABLE_NAME,\n        Key: { PK: item.PK, SK: item.SK },\n        UpdateExpression: "SET indexedAt = :now",\n        ExpressionAttributeValues: { ":now": new Date().toISOString() },\n      }));', new_string: "      // indexedAt lives in the search index now: writing it back to the table emitted another stream record for the same item" }, `The file ${M}/functions/search-indexer/src/handler.ts has been updated. (terraform: the stream event source mapping also gets a filter_criteria that drops MODIFY records whose only changed attribute is indexedAt, for old in-flight records)`, undefined, { kind: "code", where: "top" }],
    [122, "Bash", { command: "git commit -am 'search-indexer: stop writing indexedAt back to the table' && git log -1 --format='%h %s%n%n%b'" }, `[main 91c4e0a] search-indexer: stop writing indexedAt back to the table
 2 files changed, 14 insertions(+), 8 deletions(-)
91c4e0a search-indexer: stop writing indexedAt back to the table

Cost spike since Nov 29 (DynamoDB 38 -> 412 USD/day on on-demand): the search-indexer,
triggered by the table's stream, wrote indexedAt back to the same item it had just
indexed, which emitted another stream record, which invoked the indexer again: an
endless update loop per item (14M indexer invocations/day, 250M WCU/day). On
provisioned capacity the same loop ate GSI write capacity and helped the Nov 30
throttling. indexedAt is now kept in the search index only.`, undefined, { kind: "build", where: "top" }],
    [123, "Bash", LOGS_CMD, logGroups([logRow("/aws/lambda/marlin-prod-checkout-api", "None", 412880119312), logRow("/aws/lambda/marlin-prod-notify", "None", 20114877120), logRow("/aws/lambda/marlin-prod-order-worker", "None", 188201334871), logRow("/aws/lambda/marlin-prod-refund-handler", "None", 1201877403), logRow("/aws/lambda/marlin-prod-search-indexer", "None", 301877221004)]), "logretention", { kind: "app", where: "top" }],
    [125, "Edit", { file_path: `${M}/terraform/modules/lambda/main.tf`, old_string: 'resource "aws_cloudwatch_log_group" "fn" {\n  for_each = var.functions\n  name     = "/aws/lambda/${each.value.name}"\n}', new_string: 'resource "aws_cloudwatch_log_group" "fn" {\n  for_each          = var.functions\n  name              = "/aws/lambda/${each.value.name}"\n  retention_in_days = each.key == "search-indexer" ? 14 : 30\n}' }, `The file ${M}/terraform/modules/lambda/main.tf has been updated. (order-worker LOG_LEVEL debug -> info in the same commit: debug logged every DynamoDB request)`, undefined, { kind: "code", where: "top" }],
    [127, "Bash", { command: `${TF} apply -auto-approve >/dev/null && ${LOGS_CMD.command}` }, logGroups([logRow("/aws/lambda/marlin-prod-checkout-api", 30, 412880119312), logRow("/aws/lambda/marlin-prod-notify", 30, 20114877120), LOG_WORKER_NOW, logRow("/aws/lambda/marlin-prod-refund-handler", 30, 1201877403), logRow("/aws/lambda/marlin-prod-search-indexer", 14, 301877221004)]), "logretention", { kind: "app", where: "top" }],
    [129, "Bash", { command: `aws dynamodb update-table --table-name marlin-prod-main --billing-mode PROVISIONED --provisioned-throughput ReadCapacityUnits=600,WriteCapacityUnits=400 --global-secondary-index-updates file://scripts/gsi-provisioned.json >/dev/null && aws dynamodb wait table-exists --table-name marlin-prod-main && ${DDB_CMD.command}` }, ddbTable("PROVISIONED", 600, 400, [gsi("GSI1", "GSI1PK", "GSI1SK", 200, 200, 18355120, 6177904112), gsi("GSI2", "GSI2PK", "GSI2SK", 200, 300, 9242108, 3061190487)], 18611402, 9221877015), "ddbtable", { kind: "app", where: "top" }],
    [131, "Bash", AS_CMD, scalable([asRow("table/marlin-prod-main", "dynamodb:table:ReadCapacityUnits", 600, 2400), asRow("table/marlin-prod-main", "dynamodb:table:WriteCapacityUnits", 400, 1600), asRow("table/marlin-prod-main/index/GSI1", "dynamodb:index:WriteCapacityUnits", 200, 800), asRow("table/marlin-prod-main/index/GSI2", "dynamodb:index:WriteCapacityUnits", 300, 1600)]), "autoscale", { kind: "app", where: "top" }],
    [133, "Bash", COST_CMD("2026-12-01", "2026-12-05"), cost([COST_PEAK, costRow("2026-12-02", "398.20", "61.44", "94.87", "18.31", "3.98", "0.55", "577.35"), costRow("2026-12-03", "121.30", "40.12", "48.20", "19.02", "3.10", "0.50", "232.24"), costRow("2026-12-04", "61.75", "27.90", "22.41", "18.88", "2.62", "0.47", "134.03")], "(Dec 3 is half a day of the loop; provisioned again since Dec 4 09:20)"), "cost", { kind: "app", where: "top" }],
    [135, "Bash", { command: `aws lambda update-function-configuration --function-name marlin-prod-order-worker --memory-size 1024 --timeout 60 >/dev/null && ./scripts/deploy.sh order-worker --arch arm64 >/dev/null && ${WORKER_CMD.command}` }, workerCfg(1024, 60, "arm64", "info", "2026-12-04T11:02:37.000+0000", 611204), "lambdacfg", { kind: "app", where: "top" }],
    [137, "Bash", { command: `aws sqs set-queue-attributes --queue-url ${Q_URL} --attributes VisibilityTimeout=360 && ${SQS_CMD.command}` }, sqsAttrs(360, 5, 34, 12, "1733311420"), "sqsattrs", { kind: "app", where: "top" }],
    [140, "Bash", COLD_CMD, cold(coldRow(220118, 201, "0.09", "388.1", "640.2", "139.4"), "(provisioned concurrency 25 on live; PC line item is 318.40 USD/month on Cost Explorer)"), "coldstart", { kind: "app", where: "top" }],
    [142, "Bash", { command: `aws lambda delete-provisioned-concurrency-config --function-name marlin-prod-checkout-api --qualifier live && ${PC_CMD}` }, pcList([]), "provconc", { kind: "app", where: "top" }],
    [144, "Bash", { command: `aws lambda update-function-configuration --function-name marlin-prod-checkout-api --memory-size 2048 >/dev/null && aws lambda wait function-updated --function-name marlin-prod-checkout-api && ${CHECKOUT_CMD.command}` }, checkoutCfg(2048, "2026-12-04T13:40:55.000+0000", 1920411), "apicfg", { kind: "app", where: "top" }],
    [146, "Bash", COLD_CMD, cold(COLD_NOW, "(no provisioned concurrency since Dec 4 13:35; 2048 MB; aws sdk v3 bundle)"), "coldstart", { kind: "app", where: "top" }],
    [148, "Bash", { command: "aws lambda get-function-configuration --function-name marlin-prod-notify --query '{fn:FunctionName,mem:MemorySize,timeout:Timeout,arch:Architectures[0],runtime:Runtime,level:Environment.Variables.LOG_LEVEL}'" }, `{
    "fn": "marlin-prod-notify",
    "mem": 256,
    "timeout": 6,
    "arch": "arm64",
    "runtime": "nodejs20.x",
    "level": "info"
}`, undefined, { kind: "app", where: "top" }],
    [150, "Bash", { command: `aws apigateway update-stage --rest-api-id k3v9x2m1qa --stage-name prod --patch-operations op=replace,path=/*/*/throttling/rateLimit,value=2000 op=replace,path=/*/*/throttling/burstLimit,value=5000 >/dev/null && ${STAGE_CMD}` }, stage("2000.0", 5000, "2026-12-05T08:02:44+00:00"), "apigw", { kind: "app", where: "top" }],
    [151, "Bash", { command: "aws service-quotas get-service-quota --service-code apigateway --quota-code L-8A5B8E43 --query 'Quota.{name:QuotaName,value:Value}' && aws service-quotas get-service-quota --service-code lambda --quota-code L-B99A9384 --query 'Quota.{name:QuotaName,value:Value}'" }, `{
    "name": "Throttle rate",
    "value": 10000.0
}
{
    "name": "Concurrent executions",
    "value": 1000.0
}`, undefined, { kind: "app", where: "top" }],
    [153, "Bash", { command: "gh run view 12011877230 --log-failed | head -20" }, `deploy\tConfigure AWS credentials\t2026-12-05T09:14:02.118Z ##[group]Run aws-actions/configure-aws-credentials@v4
deploy\tConfigure AWS credentials\t2026-12-05T09:14:02.119Z with:
deploy\tConfigure AWS credentials\t2026-12-05T09:14:02.119Z   role-to-assume: arn:aws:iam::${ACCT}:role/marlin-gha-deploy
deploy\tConfigure AWS credentials\t2026-12-05T09:14:02.119Z   aws-region: ${REG}
deploy\tConfigure AWS credentials\t2026-12-05T09:14:02.120Z ##[endgroup]
deploy\tConfigure AWS credentials\t2026-12-05T09:14:03.402Z ##[error]Could not assume role with OIDC: Not authorized to perform sts:AssumeRoleWithWebIdentity
(first deploy since the workflow got "environment: production" for the approval gate)`, undefined, { kind: "build", error: true, where: "top" }],
    [155, "Read", { file_path: `${M}/terraform/modules/ci/oidc.tf` }, `  18\tdata "aws_iam_policy_document" "gha_trust" {
  19\t  statement {
  20\t    actions = ["sts:AssumeRoleWithWebIdentity"]
  21\t    principals {
  22\t      type        = "Federated"
  23\t      identifiers = [aws_iam_openid_connect_provider.github.arn]
  24\t    }
  25\t    condition {
  26\t      test     = "StringEquals"
  27\t      variable = "token.actions.githubusercontent.com:aud"
  28\t      values   = ["sts.amazonaws.com"]
  29\t    }
  30\t    condition {
  31\t      test     = "StringLike"
  32\t      variable = "token.actions.githubusercontent.com:sub"
  33\t      values   = ["repo:marlin-tix/marlin:ref:refs/heads/main"]
  34\t    }
  35\t  }
  36\t}`, undefined, { kind: "code", where: "top" }],
    [157, "Edit", { file_path: `${M}/terraform/modules/ci/oidc.tf`, old_string: '      values   = ["repo:marlin-tix/marlin:ref:refs/heads/main"]', new_string: '      # a job with `environment:` gets sub = repo:<org>/<repo>:environment:<name>, not the ref\n      values   = ["repo:marlin-tix/marlin:ref:refs/heads/main", "repo:marlin-tix/marlin:environment:production"]' }, `The file ${M}/terraform/modules/ci/oidc.tf has been updated.`, undefined, { kind: "code", where: "top" }],
    [159, "Bash", { command: "gh run list --workflow deploy.yml --limit 6" }, `STATUS  TITLE                                        WORKFLOW  BRANCH  EVENT              ID           ELAPSED  AGE
✓       seat map v2                                  deploy    main    workflow_dispatch  12013390118  6m12s    5 minutes ago
X       seat map v2                                  deploy    main    push               12011877230  41s      7 hours ago
✓       search-indexer: stop writing indexedAt ...   deploy    main    push               11998201447  5m58s    1 day ago
✓       release 3.15.1 (sdk v3 again, esm banner)    deploy    main    push               11990112874  6m03s    3 days ago
✓       revert sdk v3                                deploy    main    push               11987761092  5m41s    4 days ago`, undefined, { kind: "build", where: "top" }],
    [160, "Bash", { command: `${ALIAS_GET} && ${VERSIONS}` }, aliasOut("48", "release 3.16.0 (seat map v2)", [V44, V46, V47, V48]), "alias", { kind: "app", where: "top" }],
    [162, "Bash", { command: "./scripts/insights.sh /aws/lambda/marlin-prod-notify --since 3h 'filter @message like /Task timed out/ or level = \"ERROR\" | stats count(*) as n by coalesce(errorType, \"timeout\")'" }, `coalesce(errorType,"timeout")   n
------------------------------  ---
timeout                         38
TooManyRequestsException        12
(notify: "Task timed out after 6.01 seconds" while SES SendEmail was throttled at 14 msg/s; notify has its own queue marlin-prod-notify with visibility 36s, unrelated to the orders DLQ)`, undefined, { kind: "app", error: true, where: "top" }],
    [163, "Bash", { command: `aws sqs get-queue-attributes --queue-url https://sqs.${REG}.amazonaws.com/${ACCT}/marlin-prod-notify --attribute-names VisibilityTimeout ApproximateNumberOfMessages RedrivePolicy` }, `{
    "Attributes": {
        "ApproximateNumberOfMessages": "57",
        "VisibilityTimeout": "36",
        "RedrivePolicy": "{\\"deadLetterTargetArn\\":\\"arn:aws:sqs:${REG}:${ACCT}:marlin-prod-notify-dlq\\",\\"maxReceiveCount\\":4}"
    }
}`, undefined, { kind: "app", where: "top" }],
    [164, "Bash", DLQ_CMD, dlqAttrs(3, 7412), "dlq", { kind: "app", where: "top" }],
    [166, "Bash", { command: `aws sqs receive-message --queue-url ${DLQ_URL} --max-number-of-messages 3 --visibility-timeout 5 --attribute-names ApproximateReceiveCount --query 'Messages[].{receives:Attributes.ApproximateReceiveCount,body:Body}' && ./scripts/insights.sh /aws/lambda/marlin-prod-order-worker --since 3h 'filter errorType = \"ZodError\" | fields orderId, errorMessage | limit 3'` }, `[
    {
        "receives": "5",
        "body": "{\\"orderId\\":\\"ord_01JEB2W8QK\\",\\"eventId\\":\\"evt_seatmap_v2_test\\",\\"seats\\":[{\\"seatId\\":\\"A-\\",\\"price\\":4500}]}"
    },
    {
        "receives": "5",
        "body": "{\\"orderId\\":\\"ord_01JEB2WC1F\\",\\"eventId\\":\\"evt_seatmap_v2_test\\",\\"seats\\":[{\\"seatId\\":\\"\\",\\"price\\":4500}]}"
    },
    {
        "receives": "5",
        "body": "{\\"orderId\\":\\"ord_01JEB2WFZ3\\",\\"eventId\\":\\"evt_seatmap_v2_test\\",\\"seats\\":[{\\"seatId\\":\\"B-\\",\\"price\\":4500}]}"
    }
]
orderId          errorMessage
---------------  ---------------------------------------------------------------------------------------
ord_01JEB2W8QK   seats[0].seatId: Invalid string: must match /^[A-Z]{1,2}-\\d{1,3}$/
ord_01JEB2WC1F   seats[0].seatId: Invalid string: must match /^[A-Z]{1,2}-\\d{1,3}$/
ord_01JEB2WFZ3   seats[0].seatId: Invalid string: must match /^[A-Z]{1,2}-\\d{1,3}$/
(all three from the seat map v2 test event: the new seat map sends row letters without seat numbers for standing areas)`, undefined, { kind: "app", error: true, where: "top" }],
    [168, "Bash", { command: `aws stepfunctions describe-execution --execution-arn arn:aws:states:${REG}:${ACCT}:execution:powerTuningStateMachine-marlin:order-worker-2026-12-05 --query output --output text | jq '{power, cost, duration, stateMachine: {visualization: .stateMachine.visualization}, stats: [.stats[] | {value, averagePrice, averageDuration}]}'` }, `{
  "power": 1536,
  "cost": 0.0000104,
  "duration": 412.7,
  "stateMachine": {
    "visualization": "https://lambda-power-tuning.show/#gAEAAgAEAAYACAAM;..."
  },
  "stats": [
    { "value": 512, "averagePrice": 0.0000131, "averageDuration": 1602.1 },
    { "value": 1024, "averagePrice": 0.0000112, "averageDuration": 681.4 },
    { "value": 1536, "averagePrice": 0.0000104, "averageDuration": 412.7 },
    { "value": 2048, "averagePrice": 0.0000118, "averageDuration": 351.0 },
    { "value": 3008, "averagePrice": 0.0000163, "averageDuration": 330.2 }
  ]
}`, undefined, { kind: "app", where: "top" }],
    [170, "Bash", { command: `aws lambda update-function-configuration --function-name marlin-prod-order-worker --memory-size 1536 >/dev/null && aws lambda wait function-updated --function-name marlin-prod-order-worker && ${WORKER_CMD.command}` }, workerCfg(1536, 60, "arm64", "info", "2026-12-05T17:21:09.000+0000", 611872), "lambdacfg", { kind: "app", where: "top" }],
    [171, "Bash", CONC_CMD(80), concurrency(80, [["17:00", 22], ["17:05", 27], ["17:10", 35], ["17:15", 41], ["17:20", 30], ["17:25", 24]]), "concurrency", { kind: "app", where: "top" }],
    [173, "Edit", { file_path: `${M}/terraform/modules/lambda/main.tf`, old_string: '    order-worker   = { memory = 1024, timeout = 60, reserved = 60, arch = "arm64" }', new_string: '    order-worker   = { memory = 1536, timeout = 60, reserved = 80, arch = "arm64" } # power tuning 2026-12-05' }, `The file ${M}/terraform/modules/lambda/main.tf has been updated.`, undefined, { kind: "code", where: "top" }],
    [175, "Bash", { command: `${TF} plan` }, `module.queues.aws_sqs_queue.orders_dlq: Refreshing state... [id=${DLQ_URL}]
module.queues.aws_sqs_queue.orders: Refreshing state... [id=${Q_URL}]
module.dynamodb.aws_dynamodb_table.main: Refreshing state... [id=marlin-prod-main]
module.lambdas.aws_lambda_function.fn["order-worker"]: Refreshing state... [id=marlin-prod-order-worker]
module.lambdas.aws_lambda_function.fn["checkout-api"]: Refreshing state... [id=marlin-prod-checkout-api]
module.lambdas.aws_cloudwatch_log_group.fn["order-worker"]: Refreshing state... [id=/aws/lambda/marlin-prod-order-worker]
module.refund.aws_sfn_state_machine.refund: Refreshing state... [id=arn:aws:states:${REG}:${ACCT}:stateMachine:marlin-prod-refund]
module.events.aws_cloudwatch_event_rule.ticket_issued: Refreshing state... [id=marlin-prod|marlin-prod-ticket-issued]
module.ci.aws_iam_role.gha_deploy: Refreshing state... [id=marlin-gha-deploy]

No changes. Your infrastructure matches the configuration.

Terraform has compared your real infrastructure against your configuration and found no
differences, so no changes are needed.`, "tfplan", { kind: "build", where: "top" }],
    [178, "Bash", { command: "npx vitest run" }, vitestRun("2.1.8", 64, 512, "19.02s"), "vitest", { kind: "test", where: "bottom" }],
    [180, "Bash", { command: `npm install -D esbuild@0.24.0 vitest@2.1.8 && ${NPM_CMD}` }, `changed 21 packages, and audited 618 packages in 7s\n${npmLs("3.699.0", "0.24.0", "2.1.8", "2.11.0")}`, "npmls", { kind: "build", where: "top" }],
    [182, "Bash", { command: "./scripts/insights.sh /aws/lambda/marlin-prod-order-worker --since 24h 'filter @type = \"REPORT\" | stats max(@maxMemoryUsed / 1024 / 1024) as maxMemMB, avg(@duration) as avgMs, pct(@duration, 99) as p99Ms, count(*) as n'" }, `maxMemMB  avgMs   p99Ms    n
--------  ------  -------  ------
611.2     398.4   1880.3   88412
(1536 MB, arm64; the slowest orders are the 10-ticket pdf renders, p99 well under the 60s timeout)`, undefined, { kind: "app", where: "top" }],
    [185, "Bash", COST_CMD("2026-12-03", "2026-12-07"), cost([costRow("2026-12-03", "121.30", "40.12", "48.20", "19.02", "3.10", "0.50", "232.24"), costRow("2026-12-04", "61.75", "27.90", "22.41", "18.88", "2.62", "0.47", "134.03"), costRow("2026-12-05", "55.02", "20.14", "10.31", "31.40", "2.88", "0.52", "120.27"), COST_NOW], "(Dec 5: second Northern Lines onsale on API Gateway; Dec 6 is a full day without provisioned concurrency)"), "cost", { kind: "app", where: "top" }],
    [188, "Bash", { command: "aws dynamodb update-table --table-name marlin-prod-main --attribute-definitions AttributeName=GSI3PK,AttributeType=S AttributeName=GSI3SK,AttributeType=S --global-secondary-index-updates file://scripts/gsi3-create.json --query 'TableDescription.GlobalSecondaryIndexes[?IndexName==`GSI3`].[IndexName,IndexStatus,Backfilling]' --output text" }, `GSI3\tCREATING\tTrue
(GSI3: tickets by status for the door scanner app, KEYS_ONLY, 100/100 provisioned, autoscaling target added after ACTIVE)`, undefined, { kind: "app", where: "top" }],
    [190, "Bash", DDB_CMD, ddbTable("PROVISIONED", 800, 600, [gsi("GSI1", "GSI1PK", "GSI1SK", 200, 200, 18402117, 6190311870), gsi("GSI2", "GSI2PK", "GSI2SK", 200, 300, 9270412, 3070118843), gsi("GSI3", "GSI3PK", "GSI3SK", 100, 100, 11204877, 912004331)], 18688201, 9250110446), "ddbtable", { kind: "app", where: "top" }],
    [192, "Bash", AS_CMD, scalable([asRow("table/marlin-prod-main", "dynamodb:table:ReadCapacityUnits", 800, 3200), AS_TABLE_W_NOW, asRow("table/marlin-prod-main/index/GSI1", "dynamodb:index:WriteCapacityUnits", 200, 800), asRow("table/marlin-prod-main/index/GSI2", "dynamodb:index:WriteCapacityUnits", 300, 1600), asRow("table/marlin-prod-main/index/GSI3", "dynamodb:index:WriteCapacityUnits", 100, 400)]), "autoscale", { kind: "app", where: "top" }],
    [195, "Bash", { command: "aws xray get-service-graph --start-time $(date -d '-1 hour' +%s) --end-time $(date +%s) --query 'Services[].[Name,Type,SummaryStatistics.TotalCount,SummaryStatistics.TotalResponseTime,SummaryStatistics.FaultStatistics.TotalCount]' --output text" }, `marlin-prod-checkout-api\tAWS::Lambda::Function\t41207\t5841.2\t3
marlin-prod-main\tAWS::DynamoDB::Table\t118402\t1204.7\t0
marlin-prod-orders\tAWS::SQS::Queue\t9120\t188.4\t0
marlin-prod-order-worker\tAWS::Lambda::Function\t9102\t3630.1\t0
marlin-prod\tAWS::Events::EventBus\t9098\t91.0\t0
marlin-prod-notify\tAWS::Lambda::Function\t9098\t2210.4\t2`, undefined, { kind: "app", where: "top" }],
    [199, "Bash", { command: `aws stepfunctions list-executions --state-machine-arn arn:aws:states:${REG}:${ACCT}:stateMachine:marlin-prod-seat-release --max-results 50 --query 'executions[].status' --output text | tr '\\t' '\\n' | sort | uniq -c` }, `     47 SUCCEEDED
      3 TIMED_OUT
(seat-release: holds older than 15 min; the 3 timeouts are the Wait state for a venue whose hold TTL is 20 min, expected)`, undefined, { kind: "app", where: "top" }],
    [203, "Bash", { command: "git log --oneline -n 14" }, `8e4c1f0 tf: order-worker 1536 MB, reserved 80 (power tuning)
5d29b7a ci: trust environment:production in the deploy role
b07e3a2 seat map v2
3c18f0d dynamodb: GSI3 tickets by status
91c4e0a search-indexer: stop writing indexedAt back to the table
a0f7e21 logs: retention 30d (indexer 14d), worker LOG_LEVEL info
6e2d9c4 dynamodb: back to provisioned with autoscaling
f41b0a8 refund: retry Lambda 429s with jitter, refund-handler reserved 10
4a0e7c6 deps: aws sdk v3 (3.699.0)
0f3b8d2 tests: a dynamodb local table per vitest worker
e15d0b3 Revert "deps: aws sdk v3 (3.682.0)"
2c7a9d1 deps: aws sdk v3 (3.682.0)
c93f1a8 dynamodb: on-demand; order-worker reserved concurrency 20
7b20e4f queues: visibility 540s, maxReceiveCount 5; worker treats issued orders as done`, undefined, { kind: "build", where: "top" }],
  ],
  questions: [
    { kind: "state", prompt: "how much memory does the order worker have now", want: [{ key: "lambdacfg", fact: '"MemorySize": 1536' }] },
    { kind: "state", prompt: "worker lambda timeout rn?", want: [{ key: "lambdacfg", fact: '"Timeout": 60' }] },
    { kind: "state", prompt: "did we end up moving the order worker to graviton", want: [{ key: "lambdacfg", fact: '"arm64"' }] },
    { kind: "state", prompt: "reserved concurrency on the worker currently?", want: [{ key: "concurrency", fact: '"ReservedConcurrentExecutions": 80' }] },
    { kind: "state", prompt: "whats the visiblity timeout on the orders queue these days", want: [{ key: "sqsattrs", fact: '"VisibilityTimeout": "360"' }] },
    { kind: "state", prompt: "after how many receives does an order msg get dead-lettered now", want: [{ key: "sqsattrs", fact: '\\"maxReceiveCount\\":5}' }] },
    { kind: "state", prompt: "anything sitting in the orders dlq right now?", want: [{ key: "dlq", fact: '"ApproximateNumberOfMessages": "3"' }] },
    { kind: "state", prompt: "is the main table still pay per request", want: [{ key: "ddbtable", fact: '"BillingMode": "PROVISIONED"' }] },
    { kind: "state", prompt: "write capacity on the main table atm", want: [{ key: "ddbtable", fact: '"WriteCapacityUnits": 600 }' }] },
    { kind: "state", prompt: "did the tickets-by-status index finish building", want: [{ key: "ddbtable", fact: '"IndexName": "GSI3"' }] },
    { kind: "state", prompt: "do we still pay for provisioned concurrency on checkout", want: [{ key: "provconc", fact: '"ProvisionedConcurrencyConfigs": []' }] },
    { kind: "state", prompt: "which version is checkout's live alias on", want: [{ key: "alias", fact: '"FunctionVersion": "48"' }] },
    { kind: "state", prompt: "apigw rate limit on prod now", want: [{ key: "apigw", fact: '"throttlingRateLimit": 2000.0' }] },
    { kind: "state", prompt: "which v3 sdk version are we on", want: [{ key: "npmls", fact: SDK_NOW }] },
    { kind: "state", prompt: "how bad are checkout cold starts now", want: [{ key: "coldstart", fact: COLD_NOW }] },
    { kind: "state", prompt: "how long do we keep the order worker logs", want: [{ key: "logretention", fact: LOG_WORKER_NOW }] },
    { kind: "state", prompt: "what detail types does the ticket issued rule catch", want: [{ key: "ebrule", fact: '[\\"TicketIssued\\",\\"TicketReissued\\"]' }] },
    { kind: "state", prompt: "idempotency test still flaky?", want: [{ key: "flaky", fact: "0/20 runs failed" }] },
    { kind: "state", prompt: "what's the daily aws bill looking like now", want: [{ key: "cost", fact: COST_NOW }] },
    { kind: "state", prompt: "checkout fn memory size", want: [{ key: "apicfg", fact: '"MemorySize": 2048' }] },
    { kind: "state", prompt: "does terraform show any drift", want: [{ key: "tfplan", fact: "No changes. Your infrastructure matches the configuration." }] },
    { kind: "history", prompt: "why was the dlq filling up in the first place", want: [{ turn: 23, fact: "the orders queue kept its 60s visibility timeout" }] },
    { kind: "history", prompt: "who bumped the worker timeout to 90s and why", want: [{ turn: 10, fact: "ticket pdf render for 10-ticket orders takes 70s+" }] },
    { kind: "history", prompt: "who was holding the tf state lock", want: [{ turn: 14, fact: "Who:       runner@fv-az412-117" }] },
    { kind: "history", prompt: "how many msgs did we move back out of the dlq", want: [{ turn: 20, fact: '"ApproximateNumberOfMessagesMoved": 4312' }] },
    { kind: "history", prompt: "what was checkout throwing during the harbor lights onsale", want: [{ turn: 26, fact: "The level of configured provisioned throughput for one or more global secondary indexes of the table was exceeded" }] },
    { kind: "history", prompt: "how many 429s did apigw hand out in the presale before we raised it", want: [{ turn: 55, fact: "429     61204" }] },
    { kind: "history", prompt: "what broke when we first shipped sdk v3", want: [{ turn: 70, fact: 'Dynamic require of "buffer" is not supported' }] },
    { kind: "history", prompt: "which version did we roll checkout back to", want: [{ turn: 72, fact: '"FunctionVersion": "41"' }] },
    { kind: "history", prompt: "what was the actual cause of the flaky idempotency test", want: [{ turn: 92, fact: "every file's beforeEach dropped and recreated the one shared" }] },
    { kind: "history", prompt: "why were refund executions failing", want: [{ turn: 104, fact: '"error": "Lambda.TooManyRequestsException"' }] },
    { kind: "history", prompt: "root cause of the dynamo cost spike?", want: [{ turn: 122, fact: "wrote indexedAt back to the same item it had just" }] },
    { kind: "history", prompt: "what was dynamo costing per day at the worst", want: [{ turn: 115, fact: COST_PEAK }] },
    { kind: "history", prompt: "why couldnt the deploy workflow get aws creds", want: [{ turn: 153, fact: "Not authorized to perform sts:AssumeRoleWithWebIdentity" }] },
    { kind: "history", prompt: "what was wrong with the msgs stuck in the dlq after the seat map release", want: [{ turn: 166, fact: "seats[0].seatId: Invalid string" }] },
    { kind: "history", prompt: "cold start p99 before we added PC?", want: [{ turn: 42, fact: COLD_V1 }] },
    { kind: "history", prompt: "what memory did power tuning say was cheapest", want: [{ turn: 168, fact: '"power": 1536' }] },
    { kind: "multi", prompt: "worker mem + reserved concurrency?", want: [{ key: "lambdacfg", fact: '"MemorySize": 1536' }, { key: "concurrency", fact: '"ReservedConcurrentExecutions": 80' }] },
    { kind: "multi", prompt: "queue visibility timeout vs the worker timeout, current values", want: [{ key: "sqsattrs", fact: '"VisibilityTimeout": "360"' }, { key: "lambdacfg", fact: '"Timeout": 60' }] },
    { kind: "multi", prompt: "live alias version and is PC still on it", want: [{ key: "alias", fact: '"FunctionVersion": "48"' }, { key: "provconc", fact: '"ProvisionedConcurrencyConfigs": []' }] },
    { kind: "multi", prompt: "table wcu and how high autoscaling can take it", want: [{ key: "ddbtable", fact: '"WriteCapacityUnits": 600 }' }, { key: "autoscale", fact: AS_TABLE_W_NOW }] },
    { kind: "multi", prompt: "apigw throttle + current cold start numbers", want: [{ key: "apigw", fact: '"throttlingRateLimit": 2000.0' }, { key: "coldstart", fact: COLD_NOW }] },
    { kind: "multi", prompt: "sdk version and is the flaky test fixed", want: [{ key: "npmls", fact: SDK_NOW }, { key: "flaky", fact: "0/20 runs failed" }] },
    { kind: "none", prompt: "thanks, thats it for today" },
    { kind: "none", prompt: "in general whats the difference between sqs standard and fifo queues" },
    { kind: "none", prompt: "how does dynamodb adaptive capacity work, roughly" },
    { kind: "none", prompt: "lunch, brb" },
    { kind: "none", prompt: "ts question: type alias vs interface, which do you usually go for" },
  ],
};

const A = "/home/dev/ayva";
const REL = "/var/www/ayva";

const numbered = (start, text) => text.split("\n").map((l, i) => `${String(start + i).padStart(4)}\t${l}`).join("\n");

const fpmPool = (max, start, minS, maxS, maxReq) => `; /etc/php/8.3/fpm/pool.d/ayva.conf  (same file on web-01 and web-02, templated by ops/ansible)
[ayva]
user = deploy
group = www-data
listen = /run/php/php8.3-fpm-ayva.sock
listen.owner = www-data
listen.group = www-data
listen.backlog = 511

pm = dynamic
pm.max_children = ${max}
pm.start_servers = ${start}
pm.min_spare_servers = ${minS}
pm.max_spare_servers = ${maxS}
pm.max_requests = ${maxReq}
pm.status_path = /fpm-status

request_terminate_timeout = 120s
request_slowlog_timeout = 5s
slowlog = /var/log/php8.3-fpm-ayva.slow.log

php_admin_value[memory_limit] = 256M
php_admin_value[error_log] = /var/log/php8.3-fpm-ayva.error.log
php_admin_flag[log_errors] = on
env[APP_ENV] = production`;
const FPM_CMD = { command: "ssh deploy@web-01 cat /etc/php/8.3/fpm/pool.d/ayva.conf" };

const explain = (row) => `+----+-------------+--------+------------+-------+--------------------------------+--------------------------------+---------+------+---------+----------+----------------------------------------+
| id | select_type | table  | partitions | type  | possible_keys                  | key                            | key_len | ref  | rows    | filtered | Extra                                  |
+----+-------------+--------+------------+-------+--------------------------------+--------------------------------+---------+------+---------+----------+----------------------------------------+
${row}
+----+-------------+--------+------------+-------+--------------------------------+--------------------------------+---------+------+---------+----------+----------------------------------------+
1 row in set, 1 warning (0.00 sec)`;
const EXPLAIN_CMD = { command: "ssh deploy@db-01 \"mysql ayva -e \\\"EXPLAIN SELECT * FROM orders WHERE status = 'paid' AND created_at >= '2026-11-01 00:00:00' ORDER BY created_at DESC LIMIT 50\\\"\"" };
const EXPLAIN_V1 = "|  1 | SIMPLE      | orders | NULL       | ALL   | NULL                           | NULL                           | NULL    | NULL | 1184220 |     3.33 | Using where; Using filesort            |";
const EXPLAIN_NOW = "|  1 | SIMPLE      | orders | NULL       | range | orders_status_created_at_index | orders_status_created_at_index | 90      | NULL |    3120 |   100.00 | Using index condition; Backward index scan |";

const varRow = (k, v) => `| ${k.padEnd(28)} | ${String(v).padEnd(12)} |`;
const mysqlVars = (bp, maxConn, maxUsed, connected) => `+------------------------------+--------------+
| Variable_name                | Value        |
+------------------------------+--------------+
${varRow("innodb_buffer_pool_size", bp)}
${varRow("innodb_log_file_size", 50331648)}
${varRow("long_query_time", "1.000000")}
${varRow("max_connections", maxConn)}
${varRow("slow_query_log", "ON")}
${varRow("wait_timeout", 28800)}
+------------------------------+--------------+
+------------------------------+--------------+
| Variable_name                | Value        |
+------------------------------+--------------+
${varRow("Innodb_buffer_pool_wait_free", 0)}
${varRow("Max_used_connections", maxUsed)}
${varRow("Threads_connected", connected)}
+------------------------------+--------------+`;
const MYSQLVARS_CMD = { command: "ssh deploy@db-01 \"mysql -e \\\"SHOW GLOBAL VARIABLES WHERE Variable_name IN ('max_connections','innodb_buffer_pool_size','long_query_time','slow_query_log','wait_timeout','innodb_log_file_size'); SHOW GLOBAL STATUS WHERE Variable_name IN ('Max_used_connections','Threads_connected','Innodb_buffer_pool_wait_free')\\\"\"" };
const MAXCONN_NOW = varRow("max_connections", 300);
const BP_NOW = varRow("innodb_buffer_pool_size", 10737418240);

const sup = (name, queues, min, max, timeout, memory) => `            '${name}' => [
                'connection' => 'redis',
                'queue' => [${queues.map((q) => `'${q}'`).join(", ")}],
                'balance' => 'auto',
                'autoScalingStrategy' => 'time',
                'minProcesses' => ${min},
                'maxProcesses' => ${max},
                'balanceMaxShift' => 1,
                'balanceCooldown' => 3,
                'tries' => 3,
                'timeout' => ${timeout},
                'memory' => ${memory},
            ],`;
const horizonCfg = (trim, sups) => numbered(96, `    'trim' => [
        'recent' => ${trim},
        'pending' => ${trim},
        'completed' => ${trim},
        'recent_failed' => 10080,
        'failed' => 10080,
        'monitored' => 10080,
    ],

    'silenced' => [
        App\\Jobs\\WarmCategoryCache::class,
    ],

    'fast_termination' => false,

    'memory_limit' => 64,

    'environments' => [
        'production' => [
${sups.join("\n")}
        ],

        'local' => [
            'supervisor-1' => [
                'connection' => 'redis',
                'queue' => ['default', 'mail', 'exports'],
                'maxProcesses' => 3,
                'timeout' => 60,
            ],
        ],
    ],`);
const queueCfg = (retryAfter) => numbered(62, `        'redis' => [
            'driver' => 'redis',
            'connection' => env('REDIS_QUEUE_CONNECTION', 'default'),
            'queue' => env('REDIS_QUEUE', 'default'),
            'retry_after' => ${retryAfter},
            'block_for' => null,
            'after_commit' => true,
        ],

        'database' => [
            'driver' => 'database',
            'connection' => env('DB_QUEUE_CONNECTION'),
            'table' => env('DB_QUEUE_TABLE', 'jobs'),
            'queue' => env('DB_QUEUE', 'default'),
            'retry_after' => (int) env('DB_QUEUE_RETRY_AFTER', 90),
            'after_commit' => false,
        ],`);

const supRow = (name, pid, queues, procs) => `| ${name.padEnd(34)} | ${String(pid).padEnd(6)} | ${queues.padEnd(20)} | ${String(procs).padEnd(9)} | running |`;
const horizonSups = (rows) => `+------------------------------------+--------+----------------------+-----------+---------+
| Name                               | PID    | Queues               | Processes | Status  |
+------------------------------------+--------+----------------------+-----------+---------+
${rows.join("\n")}
+------------------------------------+--------+----------------------+-----------+---------+`;
const HSUP_CMD = { command: "ssh deploy@worker-01 'cd /var/www/ayva/current && php artisan horizon:status && php artisan horizon:supervisors'" };

const redisMem = (used, usedB, rss, peak, maxB, maxH, policy, frag) => `# Memory
used_memory:${usedB}
used_memory_human:${used}
used_memory_rss_human:${rss}
used_memory_peak_human:${peak}
used_memory_dataset_perc:96.12%
maxmemory:${maxB}
maxmemory_human:${maxH}
maxmemory_policy:${policy}
mem_fragmentation_ratio:${frag}
mem_allocator:jemalloc-5.3.0
# Keyspace
db0:keys=2118406,expires=1402977,avg_ttl=86120331
db1:keys=1402311,expires=1402311,avg_ttl=41227012`;
const REDIS_CMD = { command: "ssh deploy@worker-01 \"redis-cli INFO memory | grep -E '^(# Memory|used_memory:|used_memory_human|used_memory_rss_human|used_memory_peak_human|used_memory_dataset_perc|maxmemory|mem_fragmentation_ratio|mem_allocator)'; redis-cli INFO keyspace\"" };

const dots = (label, value) => `  ${label} ${".".repeat(Math.max(2, 70 - label.length - value.length))} ${value}`;
const about = (lv, releaseNo) => `
${dots("Environment", "")}
${dots("Application Name", "Ayva")}
${dots("Laravel Version", lv)}
${dots("PHP Version", "8.3.13")}
${dots("Composer Version", "2.8.2")}
${dots("Environment", "production")}
${dots("Debug Mode", "OFF")}
${dots("URL", "ayva.com.tr")}
${dots("Maintenance Mode", "OFF")}
${dots("Timezone", "Europe/Istanbul")}
${dots("Locale", "tr")}

${dots("Cache", "")}
${dots("Config", "CACHED")}
${dots("Events", "CACHED")}
${dots("Routes", "CACHED")}
${dots("Views", "CACHED")}

${dots("Drivers", "")}
${dots("Broadcasting", "log")}
${dots("Cache", "redis")}
${dots("Database", "mysql")}
${dots("Logs", "stack / daily, sentry")}
${dots("Mail", "smtp")}
${dots("Queue", "redis")}
${dots("Scout", "meilisearch")}
${dots("Session", "redis")}
(current -> ${REL}/releases/${releaseNo})`;
const ABOUT_CMD = { command: "ssh deploy@web-01 'cd /var/www/ayva/current && php artisan about && readlink -f /var/www/ayva/current'" };
const LARAVEL_NOW = dots("Laravel Version", "11.34.2");

const relRow = (date, rel, author, commit) => `| ${date} | ${rel.padEnd(12)} | ${author.padEnd(6)} | main   | ${commit} |`;
const releases = (rows) => `task releases
+---------------------+--------------+--------+--------+---------+
| Date (UTC)          | Release      | Author | Target | Commit  |
+---------------------+--------------+--------+--------+---------+
${rows.join("\n")}
+---------------------+--------------+--------+--------+---------+`;
const RELEASES_CMD = "dep releases production";
const R80 = relRow("2026-11-26 09:12:40", "80", "selin", "4c1e9a0");
const R81 = (c) => relRow("2026-11-28 10:02:11", `81${c}`, "emre", "7f20b3d");
const R82 = (c) => relRow("2026-11-29 21:58:30", `82${c}`, "emre", "b81d0c4");
const R83 = (c) => relRow("2026-11-30 11:20:05", `83${c}`, "emre", "2e7c9f1");
const R84 = (c) => relRow("2026-12-01 09:41:18", `84${c}`, "selin", "9a0d4b7");
const R85 = (c) => relRow("2026-12-01 13:05:52", `85${c}`, "selin", "c4f81e2");
const R86 = relRow("2026-12-02 10:31:47", "86 (failed)", "emre", "61b2d09");
const R87 = (c) => relRow("2026-12-02 12:14:09", `87${c}`, "emre", "d03a7c5");
const R88 = relRow("2026-12-03 15:40:22", "88", "selin", "8e1f6b3");
const R89 = relRow("2026-12-04 14:12:51", "89", "emre", "5b9c2a0");
const R90 = relRow("2026-12-05 10:02:30", "90", "selin", "a77e0d1");
const R91 = (c) => relRow("2026-12-05 11:31:04", `91${c}`, "selin", "f1c3e88");
const R92 = relRow("2026-12-06 09:20:44", "92 (current)", "emre", "3d8b5f2");

const redisUse = (rows) => `prefix (sampled 200k keys, scaled)     keys        est. memory
-------------------------------------  ----------  -----------
${rows.join("\n")}`;

const meiliStats = (n, indexing, brand) => `{
  "numberOfDocuments": ${n},
  "isIndexing": ${indexing},
  "fieldDistribution": {
    "brand_id": ${brand},
    "category_id": ${n},
    "created_at": ${n},
    "description": ${n - 1204},
    "id": ${n},
    "in_stock": ${n},
    "name": ${n},
    "price": ${n},
    "sales_count": ${n},
    "sku": ${n}
  }
}`;
const MEILI_STATS_CMD = { command: "curl -s -H \"Authorization: Bearer $MEILI_ADMIN_KEY\" http://search-01.ayva.internal:7700/indexes/products/stats | jq ." };
const meiliSettings = (filterable) => `{"filterableAttributes":[${filterable.map((f) => `"${f}"`).join(",")}],"sortableAttributes":["created_at","price","sales_count"],"searchableAttributes":["name","sku","brand_name","description"],"rankingRules":["words","typo","proximity","attribute","sort","exactness","sales_count:desc"],"pagination":{"maxTotalHits":5000}}
(index products on search-01, Meilisearch 1.11.3)`;
const MEILI_SET_CMD = "curl -s -H \"Authorization: Bearer $MEILI_ADMIN_KEY\" http://search-01.ayva.internal:7700/indexes/products/settings | jq -c '{filterableAttributes, sortableAttributes, searchableAttributes, rankingRules, pagination}'";
const FILTERABLE_NOW = '"filterableAttributes":["brand_id","category_id","in_stock","price"]';

const sslDates = (nb, na) => ["web-01", "web-02"].map((h) => `== ${h}\nsubject=CN = ayva.com.tr\nissuer=C = US, O = Let's Encrypt, CN = R11\nnotBefore=${nb}\nnotAfter=${na}`).join("\n");
const SSL_CMD = { command: "for h in web-01 web-02; do echo \"== $h\"; echo | openssl s_client -connect $h.ayva.internal:443 -servername ayva.com.tr 2>/dev/null | openssl x509 -noout -subject -issuer -dates; done" };
const SSL_NOW = "notAfter=Mar  4 05:14:10 2027 GMT";

const opcacheIni = (mem, strings, files, validate) => `; /etc/php/8.3/fpm/conf.d/10-opcache.ini  (web-01, web-02)
zend_extension=opcache.so
opcache.enable=1
opcache.enable_cli=0
opcache.memory_consumption=${mem}
opcache.interned_strings_buffer=${strings}
opcache.max_accelerated_files=${files}
opcache.validate_timestamps=${validate}
opcache.revalidate_freq=2
opcache.save_comments=1
opcache.fast_shutdown=1
opcache.jit=off
opcache.jit_buffer_size=0`;
const OPCACHE_CMD = { command: "ssh deploy@web-01 cat /etc/php/8.3/fpm/conf.d/10-opcache.ini" };

const ocRow = (k, v) => `| ${k.padEnd(20)} | ${String(v).padEnd(31)} |`;
const opcacheStatus = (full, used, free, scripts, maxKeys, oom, hit) => `+----------------------+---------------------------------+
| Name                 | Value                           |
+----------------------+---------------------------------+
${ocRow("Enabled", "Yes")}
${ocRow("Cache full", full)}
${ocRow("Restart pending", "No")}
${ocRow("Restart in progress", "No")}
${ocRow("Memory used", used)}
${ocRow("Memory free", free)}
${ocRow("Cached scripts", scripts)}
${ocRow("Max cached keys", maxKeys)}
${ocRow("Oom restarts", oom)}
${ocRow("Hash restarts", 0)}
${ocRow("Manual restarts", 0)}
${ocRow("Opcache hit rate", hit)}
+----------------------+---------------------------------+`;
const OCSTAT_CMD = { command: "ssh deploy@web-01 'cachetool opcache:status --fcgi=/run/php/php8.3-fpm-ayva.sock'" };

const pestOut = (head, summary) => `${head}

  Tests:    ${summary}
  Duration: 41.08s
  Parallel: 8 processes`;

const composePs = (meili) => `NAME                  IMAGE                            COMMAND                  SERVICE        CREATED       STATUS                 PORTS
ayva-laravel.test-1   sail-8.3/app                     "start-container"        laravel.test   2 days ago    Up 3 hours             0.0.0.0:80->80/tcp, 0.0.0.0:5173->5173/tcp
ayva-mailpit-1        axllent/mailpit:v1.21            "/mailpit"               mailpit        2 days ago    Up 3 hours (healthy)   0.0.0.0:1025->1025/tcp, 0.0.0.0:8025->8025/tcp
ayva-meilisearch-1    ${meili.padEnd(32)} "tini -- /bin/sh -c …"   meilisearch    ${meili.endsWith("1.11.3") ? "1 minute ago" : "2 days ago  "}  Up ${meili.endsWith("1.11.3") ? "1 minute " : "3 hours  "} (healthy)   0.0.0.0:7700->7700/tcp
ayva-mysql-1          mysql/mysql-server:8.0.39        "/entrypoint.sh mysq…"   mysql          2 days ago    Up 3 hours (healthy)   0.0.0.0:3306->3306/tcp, 33060-33061/tcp
ayva-redis-1          redis:7.2-alpine                 "docker-entrypoint.s…"   redis          2 days ago    Up 3 hours (healthy)   0.0.0.0:6379->6379/tcp`;

const migRow = (name, status) => `  ${name} ${".".repeat(Math.max(2, 96 - name.length - status.length))} ${status}`;
const migStatus = (rows) => `
  Migration name ${".".repeat(66)} Batch / Status
${rows.join("\n")}`;
const MIG_CMD = { command: "ssh deploy@web-01 'cd /var/www/ayva/current && php artisan migrate:status | tail -6'" };
const MIG_BASE = [migRow("2026_11_14_120000_create_coupon_usages_table", "[59] Ran"), migRow("2026_11_21_084500_add_installment_columns_to_payments", "[60] Ran"), migRow("2026_11_28_093000_add_status_created_at_index_to_orders", "[61] Ran"), migRow("2026_12_01_081200_create_campaign_banners_table", "[62] Ran")];
const MIG_NOW = migRow("2026_12_02_101500_add_unique_sku_to_products", "[63] Ran");

const nginxConf = (readTimeout) => `# /etc/nginx/sites-enabled/ayva.conf (excerpt, web-01 = web-02)
server {
    listen 443 ssl;
    http2 on;
    server_name ayva.com.tr www.ayva.com.tr;
    root ${REL}/current/public;
    index index.php;

    ssl_certificate     /etc/letsencrypt/live/ayva.com.tr/fullchain.pem;
    ssl_certificate_key /etc/letsencrypt/live/ayva.com.tr/privkey.pem;

    client_max_body_size 20m;

    location / {
        try_files $uri $uri/ /index.php?$query_string;
    }

    location ~ \\.php$ {
        fastcgi_pass unix:/run/php/php8.3-fpm-ayva.sock;
        fastcgi_param SCRIPT_FILENAME $document_root$fastcgi_script_name;
        include fastcgi_params;
        fastcgi_read_timeout ${readTimeout};
        fastcgi_buffers 16 16k;
        fastcgi_buffer_size 32k;
    }

    location = /fpm-status { allow 10.0.0.0/16; deny all; include fastcgi_params; fastcgi_pass unix:/run/php/php8.3-fpm-ayva.sock; }
}`;
const NGINX_CMD = { command: "ssh deploy@web-01 cat /etc/nginx/sites-enabled/ayva.conf" };

const deployOk = (n, extra = "", migrate = "") => `task deploy:info
[web-01] info deploying main
[web-02] info deploying main
task deploy:setup
task deploy:lock
task deploy:release
task deploy:update_code
task deploy:shared
task deploy:writable
task deploy:vendors
task artisan:storage:link
task artisan:config:cache
task artisan:route:cache
task artisan:view:cache
task artisan:event:cache
task artisan:migrate
[web-01] run cd ${REL}/releases/${n} && /usr/bin/php artisan migrate --force
${migrate || "[web-01]    INFO  Nothing to migrate."}
task deploy:publish
task deploy:symlink
${extra}task artisan:horizon:terminate
[worker-01] run cd ${REL}/releases/${n} && /usr/bin/php artisan horizon:terminate
task deploy:unlock
task deploy:cleanup
task deploy:success
[web-01] info successfully deployed!`;

const ayva = {
  name: "ayva (held out 25)",
  sessionId: "a93c1f6e-2b7d-4e05-8f41-c6d8e2b7105a",
  cwd: A,
  turns: 214,
  seed: 25253,
  files: ["app/Http/Controllers/CheckoutController.php", "app/Http/Controllers/Payments/PaytrCallbackController.php", "app/Http/Controllers/Admin/OrderController.php", "app/Jobs/ExportOrdersCsv.php", "app/Jobs/SendOrderConfirmation.php", "app/Models/Order.php", "app/Models/Product.php", "app/Support/ShippingEta.php", "app/Services/Cart/CampaignPricer.php", "bootstrap/app.php", "config/horizon.php", "config/queue.php", "config/scout.php", "routes/web.php", "deploy.php", "docker-compose.yml", "tests/Feature/CheckoutTest.php", "tests/Unit/ShippingEtaTest.php"],
  otherTests: ["Tests\\Feature\\CheckoutTest", "Tests\\Feature\\CartTest", "Tests\\Feature\\Admin\\OrderExportTest", "Tests\\Unit\\CouponTest", "Tests\\Unit\\PriceFormatterTest"],
  words: ["sepet", "siparis", "urun", "kampanya", "odeme", "kargo", "stok", "musteri", "fatura", "order", "product", "cart", "checkout", "queue", "job", "worker", "cache", "index", "release", "payment", "coupon", "category", "brand", "invoice", "shipment"],
  grepWords: ["ShouldQueue", "DB::table", "Cache::remember", "Http::withHeaders", "TODO", "searchable"],
  testCommands: ["php artisan test --filter=CheckoutTest", "./vendor/bin/pest tests/Unit", "./vendor/bin/pest --filter=Cart"],
  buildCommands: ["npm run build", "composer dump-autoload -o", "./vendor/bin/pint --test"],
  appCommands: ["ssh deploy@web-01 tail -n 40 /var/www/ayva/current/storage/logs/laravel.log", "ssh deploy@worker-01 tail -n 40 /var/www/ayva/current/storage/logs/horizon.log", "ssh deploy@web-02 sudo tail -n 40 /var/log/nginx/ayva.access.log"],
  prompts: ["devam", "devam et", "ok next", "tamam sonraki", "hadi bakalım", "go on", "sıradaki", "evet devam", "ok", "keep going"],
  facts: [
    [2, "Bash", { command: "ssh deploy@web-01 sudo tail -n 8 /var/log/nginx/ayva.error.log" }, `2026/11/27 20:02:11 [error] 1187#1187: *8812044 connect() to unix:/run/php/php8.3-fpm-ayva.sock failed (11: Resource temporarily unavailable) while connecting to upstream, client: 85.105.41.12, server: ayva.com.tr, request: "GET /sepet HTTP/2.0", upstream: "fastcgi://unix:/run/php/php8.3-fpm-ayva.sock:", host: "ayva.com.tr"
2026/11/27 20:02:11 [error] 1187#1187: *8812051 connect() to unix:/run/php/php8.3-fpm-ayva.sock failed (11: Resource temporarily unavailable) while connecting to upstream, client: 176.88.12.201, server: ayva.com.tr, request: "POST /sepet/ekle HTTP/2.0", upstream: "fastcgi://unix:/run/php/php8.3-fpm-ayva.sock:", host: "ayva.com.tr"
2026/11/27 20:02:12 [error] 1188#1188: *8812077 connect() to unix:/run/php/php8.3-fpm-ayva.sock failed (11: Resource temporarily unavailable) while connecting to upstream, client: 88.230.4.77, server: ayva.com.tr, request: "GET /kategori/kislik-mont HTTP/2.0", upstream: "fastcgi://unix:/run/php/php8.3-fpm-ayva.sock:", host: "ayva.com.tr"
(502 for 4.1% of requests between 20:00 and 20:40, Efsane Cuma campaign start)`, undefined, { kind: "app", error: true, where: "top" }],
    [3, "Bash", { command: "ssh deploy@web-01 sudo grep -c 'max_children' /var/log/php8.3-fpm.log && ssh deploy@web-01 sudo tail -n 4 /var/log/php8.3-fpm.log" }, `212
[27-Nov-2026 20:01:58] WARNING: [pool ayva] server reached pm.max_children setting (20), consider raising it
[27-Nov-2026 20:02:40] WARNING: [pool ayva] seems busy (you may need to increase pm.start_servers, or pm.min/max_spare_servers), spawning 8 children, there are 0 idle, and 20 total children
[27-Nov-2026 20:03:11] WARNING: [pool ayva] server reached pm.max_children setting (20), consider raising it
[27-Nov-2026 20:05:02] WARNING: [pool ayva] server reached pm.max_children setting (20), consider raising it`, undefined, { kind: "app", error: true, where: "top" }],
    [5, "Bash", FPM_CMD, fpmPool(20, 4, 2, 6, 0), "fpmpool", { kind: "code", where: "top" }],
    [6, "Bash", { command: "ssh deploy@web-01 \"ps -C php-fpm8.3 -o rss= | awk '{s+=\\$1; n++} END {printf \\\"%d workers, avg %.1f MB, total %.1f MB\\n\\\", n, s/n/1024, s/1024}'; free -m; nproc\"" }, `21 workers, avg 84.2 MB, total 1768.6 MB
               total        used        free      shared  buff/cache   available
Mem:           15990        4120         812         310       11058       11211
Swap:           2047          12        2035
8
(CPX41: 8 vCPU, 16 GB; nginx + php-fpm only on this box)`, undefined, { kind: "app", where: "top" }],
    [8, "Edit", { file_path: `${A}/ops/ansible/roles/php/templates/ayva-pool.conf.j2`, old_string: "pm.max_children = 20\npm.start_servers = 4\npm.min_spare_servers = 2\npm.max_spare_servers = 6", new_string: "pm.max_children = 60\npm.start_servers = 12\npm.min_spare_servers = 8\npm.max_spare_servers = 20" }, `The file ${A}/ops/ansible/roles/php/templates/ayva-pool.conf.j2 has been updated.`, undefined, { kind: "code", where: "top" }],
    [9, "Bash", { command: `cd ops/ansible && ansible-playbook -i inventories/prod web.yml --tags php-fpm >/dev/null && ${FPM_CMD.command}` }, fpmPool(60, 12, 8, 20, 0), "fpmpool", { kind: "code", where: "top" }],
    [11, "Bash", { command: "ssh deploy@web-01 curl -s 'http://127.0.0.1/fpm-status?full' | head -16" }, `pool:                 ayva
process manager:      dynamic
start time:           27/Nov/2026:20:44:09 +0300
start since:          1311
accepted conn:        418220
listen queue:         0
max listen queue:     3
listen queue len:     511
idle processes:       22
active processes:     19
total processes:      41
max active processes: 52
max children reached: 0
slow requests:        117`, undefined, { kind: "app", where: "top" }],
    [12, "Bash", { command: "ssh deploy@db-01 'sudo pt-query-digest --limit 3 /var/log/mysql/mysql-slow.log' | sed -n '/# Profile/,/# Query 2/p'" }, `# Profile
# Rank Query ID                            Response time    Calls R/Call V/M   Item
# ==== =================================== ================ ===== ====== ===== ============
#    1 0x9F1E2A4C7B3D8E01F2A6C5B4D3E2F1A0  18311.2041 61.2%  3807 4.8098  0.41 SELECT orders
#    2 0x41A7C3E9D2B8F6A1C0E5D4B3A2F1E0D9   4120.0081 13.8% 88120 0.0468  0.02 SELECT products product_images
#    3 0xC02B7E5A9D4F1E3C8B6A0D2F4E1C3B5A   2210.4410  7.4%  1204 1.8359  0.12 SELECT carts cart_items

# Query 1: 0.88 QPS, 4.23x concurrency, ID 0x9F1E2A4C7B3D8E01F2A6C5B4D3E2F1A0 at byte 18822011
# Attribute    pct   total     min     max     avg     95%  stddev  median
# ============ === ======= ======= ======= ======= ======= ======= =======
# Count         61    3807
# Exec time     61  18311s      2s     11s      5s      8s      1s      5s
# Rows examine  98   4.40G   1.18M   1.19M   1.18M   1.18M   3.21k   1.18M
# Rows sent      0 186.94k      50      50      50      50       0      50
# Tables
#    SHOW CREATE TABLE \`ayva\`.\`orders\`\\G
# EXPLAIN /*!50100 PARTITIONS*/
SELECT * FROM \`orders\` WHERE \`status\` = 'paid' AND \`created_at\` >= '2026-11-01 00:00:00' ORDER BY \`created_at\` DESC LIMIT 50 OFFSET 0\\G
(admin panel, Siparişler list; the finance team keeps it open with auto refresh)`, undefined, { kind: "app", where: "top" }],
    [14, "Bash", EXPLAIN_CMD, explain(EXPLAIN_V1), "explain", { kind: "app", where: "top" }],
    [15, "Bash", { command: "ssh deploy@db-01 \"mysql ayva -e 'SHOW INDEX FROM orders'\" | awk '{print $3, $4, $5, $7}' | column -t" }, `Key_name                     Seq_in_index  Column_name  Cardinality
PRIMARY                      1             id           1184220
orders_number_unique         1             number       1184220
orders_user_id_foreign       1             user_id      402118
orders_coupon_id_foreign     1             coupon_id    212
orders_payment_ref_index     1             payment_ref  1180412`, undefined, { kind: "app", where: "top" }],
    [17, "Write", { file_path: `${A}/database/migrations/2026_11_28_093000_add_status_created_at_index_to_orders.php` }, numbered(1, `<?php

use Illuminate\\Database\\Migrations\\Migration;
use Illuminate\\Database\\Schema\\Blueprint;
use Illuminate\\Support\\Facades\\Schema;

return new class extends Migration
{
    public function up(): void
    {
        Schema::table('orders', function (Blueprint $table) {
            // admin order list: WHERE status = ? AND created_at >= ? ORDER BY created_at DESC
            $table->index(['status', 'created_at']);
        });
    }

    public function down(): void
    {
        Schema::table('orders', function (Blueprint $table) {
            $table->dropIndex(['status', 'created_at']);
        });
    }
};`), undefined, { kind: "code", where: "top" }],
    [19, "Bash", { command: "dep deploy production" }, deployOk(81, "", `[web-01]    INFO  Running migrations.\n[web-01]   2026_11_28_093000_add_status_created_at_index_to_orders ........ 41s DONE`), undefined, { kind: "build", where: "top" }],
    [20, "Bash", { command: RELEASES_CMD }, releases([relRow("2026-11-24 15:40:02", "79", "selin", "0b2d7e1"), R80, R81(" (current)")]), "releases", { kind: "build", where: "top" }],
    [21, "Bash", EXPLAIN_CMD, explain(EXPLAIN_NOW), "explain", { kind: "app", where: "top" }],
    [22, "Bash", MYSQLVARS_CMD, mysqlVars(4294967296, 151, 152, 141), "mysqlvars", { kind: "app", where: "top" }],
    [24, "Bash", { command: "ssh deploy@web-02 \"grep -h 'production.ERROR' /var/www/ayva/current/storage/logs/laravel-2026-11-29.log | cut -c1-260 | sort | uniq -c | sort -rn | head -4\"" }, `   1811 [2026-11-29 20:31:07] production.ERROR: SQLSTATE[HY000] [1040] Too many connections (Connection: mysql, SQL: select * from \`carts\` where \`token\` = ? limit 1)
     94 [2026-11-29 20:31:09] production.ERROR: SQLSTATE[HY000] [1040] Too many connections (Connection: mysql, SQL: select * from \`products\` where \`slug\` = ? limit 1)
     12 [2026-11-29 20:33:40] production.ERROR: Illuminate\\Http\\Client\\ConnectionException: cURL error 28: Operation timed out after 10001 milliseconds (see https://curl.haxx.se/libcurl/c/libcurl-errors.html) for https://www.paytr.com/odeme/api/get-token
      3 [2026-11-29 20:40:02] production.ERROR: Meilisearch\\Exceptions\\CommunicationException: Failed to connect to search-01.ayva.internal port 7700
(two web nodes x 60 fpm children + 10 horizon workers + cron against max_connections 151)`, undefined, { kind: "app", error: true, where: "top" }],
    [26, "Bash", { command: `ssh deploy@db-01 "mysql -e \\"SET PERSIST max_connections = 400; SET PERSIST innodb_buffer_pool_size = 12884901888;\\"" && ${MYSQLVARS_CMD.command}` }, mysqlVars(12884901888, 400, 188, 121), "mysqlvars", { kind: "app", where: "top" }],
    [28, "Bash", { command: "ssh deploy@web-01 'sudo dmesg -T | grep -iE \"out of memory|oom-kill\" | tail -4; free -m'" }, `[Sun Nov 29 21:40:12 2026] oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed=0,global_oom,task_memcg=/system.slice/php8.3-fpm.service,task=php-fpm8.3,pid=41822,uid=1001
[Sun Nov 29 21:40:12 2026] Out of memory: Killed process 41822 (php-fpm8.3) total-vm:612884kB, anon-rss:402118kB, file-rss:0kB, shmem-rss:41220kB, UID:1001 pgtables:1124kB oom_score_adj:0
[Sun Nov 29 21:52:37 2026] Out of memory: Killed process 42907 (php-fpm8.3) total-vm:598112kB, anon-rss:388004kB, file-rss:0kB, shmem-rss:40110kB, UID:1001 pgtables:1098kB oom_score_adj:0
               total        used        free      shared  buff/cache   available
Mem:           15990       15211         188         402         590         301
Swap:           2047        2047           0
(60 children; the Google Merchant XML feed and the admin exports push single workers to 250-400 MB, and workers never recycle with pm.max_requests = 0)`, undefined, { kind: "app", error: true, where: "top" }],
    [30, "Edit", { file_path: `${A}/ops/ansible/roles/php/templates/ayva-pool.conf.j2`, old_string: "pm.max_children = 60\npm.start_servers = 12\npm.min_spare_servers = 8\npm.max_spare_servers = 20\npm.max_requests = 0", new_string: "pm.max_children = 36\npm.start_servers = 10\npm.min_spare_servers = 6\npm.max_spare_servers = 14\npm.max_requests = 500" }, `The file ${A}/ops/ansible/roles/php/templates/ayva-pool.conf.j2 has been updated. (36 x ~250 MB worst case stays under 10 GB; feed generation moves to a queued job)`, undefined, { kind: "code", where: "top" }],
    [31, "Bash", { command: `cd ops/ansible && ansible-playbook -i inventories/prod web.yml --tags php-fpm >/dev/null && ${FPM_CMD.command}` }, fpmPool(36, 10, 6, 14, 500), "fpmpool", { kind: "code", where: "top" }],
    [33, "Read", { file_path: `${A}/config/horizon.php` }, horizonCfg(10080, [sup("supervisor-1", ["default", "mail", "exports"], 2, 10, 60, 256)]), "horizoncfg", { kind: "code", where: "top" }],
    [35, "Bash", { command: "ssh deploy@worker-01 'cd /var/www/ayva/current && php artisan queue:failed' | head -12" }, `  2026-11-30 08:14:22 0b7e41c2-9f3a-4d18-8c2e-1a6f0d9b7e33 ......... redis@exports  App\\Jobs\\ExportOrdersCsv
  2026-11-30 08:02:51 4c2a9d10-7e5b-4f61-a0c3-9d8e2b1f4a70 ......... redis@exports  App\\Jobs\\ExportOrdersCsv
  2026-11-30 07:41:09 91e0f3b7-2c4d-4a85-b6e1-0f7a3c9d2e58 ......... redis@exports  App\\Jobs\\ExportOrdersCsv
  2026-11-29 22:10:33 d1a8c7e2-5b3f-4e09-9a64-3c2e1f0b8d77 ......... redis@mail     App\\Jobs\\SendOrderConfirmation

$ php artisan queue:failed --id=0b7e41c2-9f3a-4d18-8c2e-1a6f0d9b7e33 | grep -m1 Exception
Illuminate\\Queue\\MaxAttemptsExceededException: App\\Jobs\\ExportOrdersCsv has been attempted too many times or run too long. The job may have previously timed out.
(the November export for finance: 212k orders, runs 2-3 minutes; horizon kills it at 60s)`, undefined, { kind: "app", error: true, where: "top" }],
    [36, "Bash", HSUP_CMD, `Horizon is running.\n${horizonSups([supRow("worker-01-Xk2P:supervisor-1", 8812, "default,mail,exports", 10)])}`, "horizonstat", { kind: "app", where: "top" }],
    [38, "Edit", { file_path: `${A}/config/horizon.php`, old_string: "                'maxProcesses' => 10,\n                'balanceMaxShift' => 1,\n                'balanceCooldown' => 3,\n                'tries' => 3,\n                'timeout' => 60,", new_string: "                'maxProcesses' => 24,\n                'balanceMaxShift' => 1,\n                'balanceCooldown' => 3,\n                'tries' => 3,\n                'timeout' => 180," }, `The file ${A}/config/horizon.php has been updated.`, undefined, { kind: "code", where: "top" }],
    [39, "Read", { file_path: `${A}/config/horizon.php` }, horizonCfg(10080, [sup("supervisor-1", ["default", "mail", "exports"], 2, 24, 180, 256)]), "horizoncfg", { kind: "code", where: "top" }],
    [41, "Bash", { command: "ssh deploy@worker-01 \"grep -h 'SendOrderConfirmation' /var/www/ayva/current/storage/logs/horizon.log | tail -6\" && ssh deploy@db-01 \"mysql ayva -e \\\"SELECT COUNT(DISTINCT order_id) AS dup_orders FROM mail_log WHERE template = 'order-confirmation' AND created_at >= '2026-11-30' GROUP BY NULL HAVING COUNT(*) > 0\\\"\"" }, `  2026-11-30 09:14:02 App\\Jobs\\SendOrderConfirmation ...................... RUNNING
  2026-11-30 09:15:32 App\\Jobs\\SendOrderConfirmation ...................... RUNNING
  2026-11-30 09:15:44 App\\Jobs\\SendOrderConfirmation ............. 101,992.12ms DONE
  2026-11-30 09:17:10 App\\Jobs\\SendOrderConfirmation .............. 98,120.54ms DONE
  2026-11-30 09:17:12 App\\Jobs\\SendOrderConfirmation ...................... RUNNING
  2026-11-30 09:18:42 App\\Jobs\\SendOrderConfirmation ...................... RUNNING
+------------+
| dup_orders |
+------------+
|       1204 |
+------------+
(the same job is reserved again 90s after the first worker took it: redis retry_after 90 is shorter than the new 180s timeout, and the e-invoice call makes the job take ~100s, so a second worker sends the mail again)`, undefined, { kind: "app", error: true, where: "top" }],
    [43, "Read", { file_path: `${A}/config/queue.php` }, queueCfg(90), "queuecfg", { kind: "code", where: "top" }],
    [45, "Edit", { file_path: `${A}/config/queue.php`, old_string: "            'retry_after' => 90,", new_string: "            // must be longer than the longest horizon 'timeout', or a running job is handed out again\n            'retry_after' => 240," }, `The file ${A}/config/queue.php has been updated.`, undefined, { kind: "code", where: "top" }],
    [46, "Read", { file_path: `${A}/config/queue.php` }, queueCfg(240), "queuecfg", { kind: "code", where: "top" }],
    [47, "Bash", { command: `dep deploy production && ${RELEASES_CMD}` }, `${deployOk(82)}\n${releases([R80, R81(""), R82(" (current)")])}`, "releases", { kind: "build", where: "top" }],
    [49, "Bash", HSUP_CMD, `Horizon is running.\n${horizonSups([supRow("worker-01-Q7mT:supervisor-1", 11204, "default,mail,exports", 24)])}`, "horizonstat", { kind: "app", where: "top" }],
    [51, "Bash", REDIS_CMD, redisMem("3.98G", 4273514102, "4.11G", "4.00G", 4294967296, "4.00G", "noeviction", "1.03"), "redismem", { kind: "app", where: "top" }],
    [52, "Bash", { command: "ssh deploy@web-01 \"grep -h 'production.ERROR' /var/www/ayva/current/storage/logs/laravel-2026-11-30.log | cut -c1-230 | sort | uniq -c | sort -rn | head -3\"" }, `   4410 [2026-11-30 14:02:18] production.ERROR: OOM command not allowed when used memory > 'maxmemory'. {"exception":"[object] (RedisException(code: 0): OOM command not allowed when used memory > 'maxmemory'. at ${REL}/releases/82/vendor/laravel/framework/src/Illuminate/Redis/Connections/PhpRedisConnection.php:525)
    311 [2026-11-30 14:02:19] production.ERROR: Unable to create payload: RedisException OOM command not allowed ... (App\\Jobs\\SendOrderConfirmation not queued)
     22 [2026-11-30 14:05:40] production.ERROR: Session write failed: OOM command not allowed when used memory > 'maxmemory'.
(sessions, cache and horizon share one redis on worker-01, policy noeviction; from 14:02 nothing could be written: logins, carts and queued mails failed)`, undefined, { kind: "app", error: true, where: "top" }],
    [54, "Bash", { command: "ssh deploy@worker-01 'python3 /opt/tools/redis-prefix-usage.py --sample 200000'" }, redisUse([`ayva_horizon:<job-id> (hash)           2,104,877   2.41G`, `ayva_cache:                            1,402,311   1.12G`, `ayva_horizon:recent_jobs (zset)        1           182.4M`, `ayva_horizon:completed_jobs (zset)     1           171.9M`, `ayva_session:                          41,207      88.0M`, `ayva_horizon:failed_jobs (zset)        1           1.2M`]) + "\n(horizon keeps every job payload for 7 days: trim recent/completed = 10080 minutes, ~300k jobs/day since the campaign)", undefined, { kind: "app", where: "top" }],
    [56, "Edit", { file_path: `${A}/config/horizon.php`, old_string: "        'recent' => 10080,\n        'pending' => 10080,\n        'completed' => 10080,", new_string: "        'recent' => 1440,\n        'pending' => 1440,\n        'completed' => 1440," }, `The file ${A}/config/horizon.php has been updated.`, undefined, { kind: "code", where: "top" }],
    [57, "Edit", { file_path: `${A}/config/database.php`, old_string: "        'cache' => [\n            'url' => env('REDIS_URL'),\n            'host' => env('REDIS_HOST', '127.0.0.1'),\n            'username' => env('REDIS_USERNAME'),\n            'password' => env('REDIS_PASSWORD'),\n            'port' => env('REDIS_PORT', '6379'),\n            'database' => env('REDIS_CACHE_DB', '1'),\n        ],", new_string: "        'cache' => [\n            'url' => env('REDIS_CACHE_URL'),\n            'host' => env('REDIS_CACHE_HOST', '127.0.0.1'),\n            'username' => env('REDIS_USERNAME'),\n            'password' => env('REDIS_PASSWORD'),\n            // separate instance on 6380 with allkeys-lru: the cache may be evicted, queues and sessions may not\n            'port' => env('REDIS_CACHE_PORT', '6380'),\n            'database' => env('REDIS_CACHE_DB', '0'),\n        ]," }, `The file ${A}/config/database.php has been updated.`, undefined, { kind: "code", where: "top" }],
    [58, "Bash", { command: "ssh deploy@worker-01 \"redis-cli CONFIG SET maxmemory 6gb && redis-cli CONFIG REWRITE\" && dep deploy production" }, `OK\nOK\n${deployOk(83)}`, undefined, { kind: "build", where: "top" }],
    [59, "Bash", REDIS_CMD, redisMem("1.42G", 1524713881, "1.61G", "4.00G", 6442450944, "6.00G", "noeviction", "1.13").replace("db1:keys=1402311,expires=1402311,avg_ttl=41227012", "(db1 empty: cache moved to the 6380 instance)"), "redismem", { kind: "app", where: "top" }],
    [60, "Bash", { command: "ssh deploy@worker-01 \"redis-cli -p 6380 INFO memory | grep -E '^(used_memory_human|maxmemory_human|maxmemory_policy)'; redis-cli -p 6380 INFO stats | grep -E '^(evicted_keys|keyspace_hits|keyspace_misses)'\"" }, `used_memory_human:1.09G
maxmemory_human:2.00G
maxmemory_policy:allkeys-lru
evicted_keys:0
keyspace_hits:1840221
keyspace_misses:402118
(cache-only instance, redis-cache.service on worker-01, port 6380)`, undefined, { kind: "app", where: "top" }],
    [62, "Bash", ABOUT_CMD, about("10.48.22", 83), "laravel", { kind: "app", where: "top" }],
    [64, "Edit", { file_path: `${A}/composer.json`, old_string: '        "laravel/framework": "^10.10",', new_string: '        "laravel/framework": "^11.0",' }, `The file ${A}/composer.json has been updated. (also nunomaduro/collision ^8.1, pestphp/pest ^3.0, pestphp/pest-plugin-laravel ^3.0; doctrine/dbal removed)`, undefined, { kind: "code", where: "top" }],
    [65, "Bash", { command: "composer update -W 2>&1 | grep -E 'Upgrading|Removing|Installing|Lock file'" }, `Lock file operations: 3 installs, 41 updates, 2 removals
  - Removing doctrine/dbal (3.9.3)
  - Removing doctrine/event-manager (2.0.1)
  - Upgrading laravel/framework (v10.48.22 => v11.31.0)
  - Upgrading nesbot/carbon (2.72.5 => 3.8.2)
  - Upgrading laravel/horizon (v5.29.1 => v5.30.0)
  - Upgrading laravel/scout (v10.11.4 => v10.11.7)
  - Upgrading laravel/sanctum (v3.3.3 => v4.0.3)
  - Upgrading nunomaduro/collision (v7.11.0 => v8.5.0)
  - Upgrading pestphp/pest (v2.36.0 => v3.5.1)
  - Upgrading phpunit/phpunit (10.5.38 => 11.4.3)
  - Upgrading sentry/sentry-laravel (4.9.0 => 4.10.1)
  - Upgrading symfony/http-foundation (v6.4.14 => v7.1.8)
  - Installing laravel/prompts (v0.3.2)
  - Installing symfony/clock (v7.1.6)
  - Installing carbonphp/carbon-doctrine-types (3.2.0)`, undefined, { kind: "build", where: "top" }],
    [67, "Bash", { command: "./vendor/bin/pest --parallel" }, pestOut(`   FAIL  Tests\\Unit\\ShippingEtaTest
  ✓ it labels same day delivery                                          0.01s
  ⨯ it labels next day delivery                                          0.02s
  ⨯ it labels delivery in 3 days                                         0.01s
  ⨯ it never shows a negative eta                                        0.01s
   FAIL  Tests\\Feature\\CartPageTest
  ⨯ it shows the delivery estimate on the cart page                      0.21s
  ──────────────────────────────────────────────────────────────────────
   FAILED  Tests\\Unit\\ShippingEtaTest > it labels delivery in 3 days      TypeError
  App\\Support\\ShippingEta::label(): Argument #1 ($days) must be of type int, float given, called in ${A}/app/Support/ShippingEta.php on line 31

  at app/Support/ShippingEta.php:38
     34▕     }
     35▕
     36▕     private function label(int $days): string
     37▕     {
  ➜  38▕         return match (true) {`, "7 failed, 418 passed (1296 assertions)"), "pest", { kind: "test", error: true, where: "top" }],
    [69, "Read", { file_path: `${A}/app/Support/ShippingEta.php` }, numbered(20, `    public function forCart(Cart $cart): string
    {
        $promised = $this->calendar->addBusinessDays(
            now()->startOfDay(),
            $cart->maxPreparationDays() + $this->carrierDays($cart->shippingCity()),
        );

        // Carbon 2: absolute int days; Carbon 3 returns a signed float
        $days = $promised->diffInDays(now());

        return $this->label($days);
    }`), undefined, { kind: "code", where: "top" }],
    [71, "Edit", { file_path: `${A}/app/Support/ShippingEta.php`, old_string: "        $days = $promised->diffInDays(now());", new_string: "        // Carbon 3: diffInDays() is signed (from -> to) and fractional\n        $days = (int) ceil(now()->startOfDay()->diffInDays($promised, absolute: true));" }, `The file ${A}/app/Support/ShippingEta.php has been updated.`, undefined, { kind: "code", where: "top" }],
    [72, "Bash", { command: "./vendor/bin/pest --parallel" }, pestOut("   PASS  Tests\\Unit\\ShippingEtaTest\n  ✓ it labels same day delivery\n  ✓ it labels next day delivery\n  ✓ it labels delivery in 3 days\n  ✓ it never shows a negative eta\n   PASS  Tests\\Feature\\CartPageTest", "425 passed (1311 assertions)"), "pest", { kind: "test", where: "bottom" }],
    [74, "Bash", { command: "git commit -am 'laravel 11 (carbon 3, pest 3)' && git log -1 --format='%h %s%n%n%b'" }, `[main 9a0d4b7] laravel 11 (carbon 3, pest 3)
 61 files changed, 412 insertions(+), 1190 deletions(-)
9a0d4b7 laravel 11 (carbon 3, pest 3)

Slim skeleton: middleware, exception handling and routing moved into bootstrap/app.php,
app/Http/Kernel.php, app/Console/Kernel.php and the default middleware classes removed.
Carbon 3: diffInDays() now returns a signed float; ShippingEta cast it.`, undefined, { kind: "build", where: "top" }],
    [76, "Bash", { command: "dep deploy production" }, deployOk(84), undefined, { kind: "build", where: "top" }],
    [77, "Bash", ABOUT_CMD, about("11.31.0", 84), "laravel", { kind: "app", where: "top" }],
    [79, "Bash", { command: "ssh deploy@web-01 \"sudo awk '\\$7 ~ /paytr/ {print \\$9}' /var/log/nginx/ayva.access.log | sort | uniq -c\" && ssh deploy@web-01 \"sudo grep -m2 'paytr/callback' /var/log/nginx/ayva.access.log\"" }, `    312 419
      4 200
185.141.240.13 - - [01/Dec/2026:09:44:02 +0300] "POST /odeme/paytr/callback HTTP/1.1" 419 6612 "-" "PayTR-Notify/1.0"
185.141.240.13 - - [01/Dec/2026:09:44:09 +0300] "POST /odeme/paytr/callback HTTP/1.1" 419 6612 "-" "PayTR-Notify/1.0"
(419 Page Expired = CSRF token mismatch; every PayTR payment notification since release 84 is rejected before the controller, the 4 x 200 are from before 09:41)`, undefined, { kind: "app", error: true, where: "top" }],
    [80, "Bash", { command: "ssh deploy@db-01 \"mysql ayva -e \\\"SELECT status, COUNT(*) FROM orders WHERE created_at >= '2026-12-01 09:41:00' GROUP BY status\\\"\"" }, `+------------------+----------+
| status           | COUNT(*) |
+------------------+----------+
| awaiting_payment |      312 |
| cancelled        |        9 |
| paid             |        4 |
+------------------+----------+`, undefined, { kind: "app", where: "top" }],
    [82, "Bash", { command: `dep rollback production && ${RELEASES_CMD}` }, `task rollback
[web-01] info rollback to release 83 was successful
[web-02] info rollback to release 83 was successful
${releases([R81(""), R82(""), R83(" (current)"), R84("")])}`, "releases", { kind: "build", where: "top" }],
    [83, "Bash", ABOUT_CMD, about("10.48.22", 83), "laravel", { kind: "app", where: "top" }],
    [85, "Bash", { command: "git show 9a0d4b7^:app/Http/Middleware/VerifyCsrfToken.php && git show 9a0d4b7:bootstrap/app.php | sed -n '14,30p'" }, `<?php

namespace App\\Http\\Middleware;

use Illuminate\\Foundation\\Http\\Middleware\\VerifyCsrfToken as Middleware;

class VerifyCsrfToken extends Middleware
{
    /**
     * The URIs that should be excluded from CSRF verification.
     *
     * @var array<int, string>
     */
    protected $except = [
        'odeme/paytr/callback',
        'odeme/iyzico/3ds-return',
    ];
}
    ->withMiddleware(function (Middleware $middleware) {
        $middleware->trustProxies(at: ['10.0.0.2']);
        $middleware->web(append: [
            \\App\\Http\\Middleware\\SetLocaleFromDomain::class,
        ]);
    })
(the upgrade deleted app/Http/Middleware/VerifyCsrfToken.php with the rest of the default middleware, and its except list with it)`, undefined, { kind: "code", where: "top" }],
    [87, "Edit", { file_path: `${A}/bootstrap/app.php`, old_string: "        $middleware->trustProxies(at: ['10.0.0.2']);", new_string: "        $middleware->trustProxies(at: ['10.0.0.2']);\n        // payment providers post back without a session: was VerifyCsrfToken::$except before Laravel 11\n        $middleware->validateCsrfTokens(except: [\n            'odeme/paytr/callback',\n            'odeme/iyzico/3ds-return',\n        ]);" }, `The file ${A}/bootstrap/app.php has been updated.`, undefined, { kind: "code", where: "top" }],
    [88, "Bash", { command: "./vendor/bin/pest tests/Feature/Payments" }, pestOut("   PASS  Tests\\Feature\\Payments\\PaytrCallbackTest\n  ✓ it accepts a signed callback without a csrf token              0.09s\n  ✓ it marks the order paid                                        0.05s\n  ✓ it rejects a bad hash                                          0.03s\n   PASS  Tests\\Feature\\Payments\\IyzicoReturnTest\n  ✓ it accepts the 3ds return post                                 0.07s", "4 passed (19 assertions)"), undefined, { kind: "test", where: "top" }],
    [90, "Bash", { command: `dep deploy production && ${RELEASES_CMD}` }, `${deployOk(85)}\n${releases([R82(""), R83(""), R84(""), R85(" (current)")])}`, "releases", { kind: "build", where: "top" }],
    [91, "Bash", ABOUT_CMD, about("11.31.0", 85), "laravel", { kind: "app", where: "top" }],
    [93, "Bash", { command: "ssh deploy@web-01 'cd /var/www/ayva/current && php artisan payments:reconcile-paytr --since=\"2026-12-01 09:41\"'" }, `Checking 312 orders in awaiting_payment since 2026-12-01 09:41 against the PayTR status API...
 312/312 [▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓] 100%

 ------------------ -------
  result             orders
 ------------------ -------
  marked paid        298
  still unpaid       14
  amount mismatch    0
 ------------------ -------
298 orders marked paid, SendOrderConfirmation queued for each; 14 left in awaiting_payment (no successful PayTR transaction)`, undefined, { kind: "app", where: "top" }],
    [95, "Bash", { command: "git log -1 --format='%h %s%n%n%b' c4f81e2" }, `c4f81e2 csrf: exclude the payment callbacks again (laravel 11)

Release 84 (Laravel 11) answered every PayTR notification with 419: the callback
exception lived in app/Http/Middleware/VerifyCsrfToken.php, which the upgrade removed,
so POST /odeme/paytr/callback needed a CSRF token again. 312 orders stayed in
awaiting_payment for 3 hours; rolled back to 83, re-added the exceptions with
validateCsrfTokens(except: ...) in bootstrap/app.php, reconciled 298 orders.`, undefined, { kind: "build", where: "top" }],
    [97, "Write", { file_path: `${A}/database/migrations/2026_12_02_101500_add_unique_sku_to_products.php` }, numbered(1, `<?php

use Illuminate\\Database\\Migrations\\Migration;
use Illuminate\\Database\\Schema\\Blueprint;
use Illuminate\\Support\\Facades\\Schema;

return new class extends Migration
{
    public function up(): void
    {
        Schema::table('products', function (Blueprint $table) {
            $table->unique('sku');
        });
    }

    public function down(): void
    {
        Schema::table('products', function (Blueprint $table) {
            $table->dropUnique(['sku']);
        });
    }
};`), undefined, { kind: "code", where: "top" }],
    [99, "Bash", { command: "dep deploy production" }, `task deploy:info
[web-01] info deploying main
[web-02] info deploying main
task deploy:setup
task deploy:lock
task deploy:release
task deploy:update_code
task deploy:shared
task deploy:writable
task deploy:vendors
task artisan:storage:link
task artisan:config:cache
task artisan:route:cache
task artisan:view:cache
task artisan:event:cache
task artisan:migrate
[web-01] run cd ${REL}/releases/86 && /usr/bin/php artisan migrate --force
[web-01]    INFO  Running migrations.
[web-01]   2026_12_02_101500_add_unique_sku_to_products ..................... 3s FAIL
[web-01]
[web-01]    Illuminate\\Database\\UniqueConstraintViolationException
[web-01]
[web-01]   SQLSTATE[23000]: Integrity constraint violation: 1062 Duplicate entry 'AYV-10442' for key 'products.products_sku_unique' (Connection: mysql, SQL: alter table \`products\` add unique \`products_sku_unique\`(\`sku\`))
[web-01]
[web-01]   at vendor/laravel/framework/src/Illuminate/Database/Connection.php:819
[web-01]
[web-01] error in artisan.php on line 42:
[web-01] exit code 1 (General error)
task deploy:failed
task deploy:unlock`, undefined, { kind: "build", error: true, where: "top" }],
    [100, "Bash", { command: RELEASES_CMD }, releases([R83(""), R84(""), R85(" (current)"), R86]), "releases", { kind: "build", where: "top" }],
    [101, "Bash", { command: "ssh deploy@db-01 \"mysql ayva -e \\\"SELECT sku, COUNT(*) c, GROUP_CONCAT(id) ids FROM products GROUP BY sku HAVING c > 1 ORDER BY c DESC LIMIT 5\\\"; mysql ayva -e \\\"SELECT COUNT(*) FROM (SELECT sku FROM products GROUP BY sku HAVING COUNT(*) > 1) d\\\"\"" }, `+-----------+---+-------------------+
| sku       | c | ids               |
+-----------+---+-------------------+
| AYV-10442 | 3 | 10442,48810,48811 |
| AYV-22019 | 2 | 22019,51207       |
| AYV-22020 | 2 | 22020,51208       |
| AYV-30117 | 2 | 30117,55901       |
| AYV-30118 | 2 | 30118,55902       |
+-----------+---+-------------------+
+----------+
| COUNT(*) |
+----------+
|       37 |
+----------+
(all 37 duplicated skus come from the supplier XML import of Nov 18, which created a second product instead of updating the variant)`, undefined, { kind: "app", where: "top" }],
    [102, "Bash", MIG_CMD, migStatus([...MIG_BASE, migRow("2026_12_02_101500_add_unique_sku_to_products", "Pending")]), "migstatus", { kind: "app", where: "top" }],
    [104, "Write", { file_path: `${A}/database/migrations/2026_12_02_101000_merge_duplicate_product_skus.php` }, numbered(1, `<?php

use Illuminate\\Database\\Migrations\\Migration;
use Illuminate\\Support\\Facades\\DB;

return new class extends Migration
{
    // the Nov 18 supplier import created second products for existing skus; keep the oldest,
    // move order lines, stock and images over, soft-delete the rest and free their sku
    public function up(): void
    {
        $dupes = DB::table('products')->select('sku')->groupBy('sku')->havingRaw('COUNT(*) > 1')->pluck('sku');
        foreach ($dupes as $sku) {
            $ids = DB::table('products')->where('sku', $sku)->orderBy('id')->pluck('id');
            $keep = $ids->shift();
            DB::table('order_items')->whereIn('product_id', $ids)->update(['product_id' => $keep]);
            DB::table('product_images')->whereIn('product_id', $ids)->update(['product_id' => $keep]);
            DB::table('products')->whereIn('id', $ids)->update(['deleted_at' => now(), 'sku' => DB::raw("CONCAT(sku, '-dup-', id)")]);
        }
    }
};`), undefined, { kind: "code", where: "top" }],
    [106, "Bash", { command: `dep deploy production && ${RELEASES_CMD}` }, `${deployOk(87, "", "[web-01]    INFO  Running migrations.\n[web-01]   2026_12_02_101000_merge_duplicate_product_skus ............... 2s DONE\n[web-01]   2026_12_02_101500_add_unique_sku_to_products ................ 14s DONE")}\n${releases([R84(""), R85(""), R86, R87(" (current)")])}`, "releases", { kind: "build", where: "top" }],
    [107, "Bash", MIG_CMD, migStatus([...MIG_BASE.slice(1), migRow("2026_12_02_101000_merge_duplicate_product_skus", "[63] Ran"), MIG_NOW]), "migstatus", { kind: "app", where: "top" }],
    [110, "Bash", { command: "ssh deploy@web-01 \"grep -h 'PAYTR callback rejected' /var/www/ayva/current/storage/logs/laravel-2026-12-03.log | tail -5\"" }, `[2026-12-03 10:14:22] production.WARNING: PAYTR callback rejected: bad hash {"merchant_oid":"AY26120310041","status":"success","installment_count":"3","payment_amount":"249900","total_amount":"268643"}
[2026-12-03 10:31:05] production.WARNING: PAYTR callback rejected: bad hash {"merchant_oid":"AY26120310107","status":"success","installment_count":"6","payment_amount":"1899000","total_amount":"2118214"}
[2026-12-03 11:02:47] production.WARNING: PAYTR callback rejected: bad hash {"merchant_oid":"AY26120310388","status":"success","installment_count":"2","payment_amount":"74990","total_amount":"78214"}
[2026-12-03 11:20:13] production.WARNING: PAYTR callback rejected: bad hash {"merchant_oid":"AY26120310455","status":"success","installment_count":"9","payment_amount":"412500","total_amount":"471220"}
[2026-12-03 11:40:51] production.WARNING: PAYTR callback rejected: bad hash {"merchant_oid":"AY26120310601","status":"success","installment_count":"3","payment_amount":"129900","total_amount":"139671"}
(41 rejections since Nov 21; all of them have installment_count > 1, single payments verify fine)`, undefined, { kind: "app", error: true, where: "top" }],
    [112, "Read", { file_path: `${A}/app/Http/Controllers/Payments/PaytrCallbackController.php` }, numbered(18, `    public function __invoke(Request $request): Response
    {
        $expected = base64_encode(hash_hmac(
            'sha256',
            $request->input('merchant_oid')
                . config('services.paytr.merchant_salt')
                . $request->input('status')
                . $request->input('payment_amount'),
            config('services.paytr.merchant_key'),
            true,
        ));

        if (! hash_equals($expected, (string) $request->input('hash'))) {
            Log::warning('PAYTR callback rejected: bad hash', $request->only('merchant_oid', 'status', 'installment_count', 'payment_amount', 'total_amount'));

            return response('PAYTR notification failed: bad hash', 400);
        }

        $this->payments->confirm($request->input('merchant_oid'), $request->input('status'), (int) $request->input('total_amount'));

        return response('OK');
    }`), undefined, { kind: "code", where: "top" }],
    [114, "Edit", { file_path: `${A}/app/Http/Controllers/Payments/PaytrCallbackController.php`, old_string: "                . $request->input('payment_amount'),", new_string: "                . $request->input('total_amount'), // PayTR signs the charged amount (with instalment interest), not payment_amount" }, `The file ${A}/app/Http/Controllers/Payments/PaytrCallbackController.php has been updated.`, undefined, { kind: "code", where: "top" }],
    [115, "Bash", { command: "./vendor/bin/pest tests/Feature/Payments" }, pestOut("   PASS  Tests\\Feature\\Payments\\PaytrCallbackTest\n  ✓ it accepts a signed callback without a csrf token              0.09s\n  ✓ it marks the order paid                                        0.05s\n  ✓ it rejects a bad hash                                          0.03s\n  ✓ it accepts an instalment payment signed with total_amount      0.04s\n   PASS  Tests\\Feature\\Payments\\IyzicoReturnTest\n  ✓ it accepts the 3ds return post                                 0.07s", "5 passed (24 assertions)"), undefined, { kind: "test", where: "top" }],
    [117, "Bash", { command: "dep deploy production" }, deployOk(88), undefined, { kind: "build", where: "top" }],
    [118, "Bash", { command: "ssh deploy@web-01 'cd /var/www/ayva/current && php artisan payments:reconcile-paytr --since=\"2026-11-21\" --only-rejected'" }, `Checking 41 orders with rejected PayTR notifications since 2026-11-21 against the PayTR status API...
 41/41 [▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓] 100%
41 orders marked paid (customers had been charged; 17 of them had been auto-cancelled after 48h and are reopened)`, undefined, { kind: "app", where: "top" }],
    [120, "Bash", { command: "git log -1 --format='%h %s%n%n%b' 8e1f6b3" }, `8e1f6b3 paytr: verify the callback hash with total_amount

Instalment payments were never confirmed: the callback hash was computed with
payment_amount, but PayTR signs merchant_oid + salt + status + total_amount, and
total_amount differs from payment_amount exactly when instalment interest is added
(installment_count > 1). Single payments have equal amounts, which is why it only hit
instalments. 41 orders since Nov 21 reconciled.`, undefined, { kind: "build", where: "top" }],
    [122, "Bash", { command: MEILI_SET_CMD }, meiliSettings(["category_id", "in_stock", "price"]), "meilisettings", { kind: "app", where: "top" }],
    [123, "Bash", MEILI_STATS_CMD, meiliStats(48211, false, 48211), "meilistats", { kind: "app", where: "top" }],
    [125, "Bash", { command: "ssh deploy@web-01 \"grep -h 'Meilisearch' /var/www/ayva/current/storage/logs/laravel-2026-12-04.log | cut -c1-300 | sort | uniq -c | sort -rn | head -3\"" }, `   2210 [2026-12-04 11:02:41] production.ERROR: Attribute \`brand_id\` is not filterable. Available filterable attributes are: \`category_id, in_stock, price\`.
1:9 brand_id = 12 {"exception":"[object] (Meilisearch\\Exceptions\\ApiException(code: 400): Attribute \`brand_id\` is not filterable. at ${REL}/releases/89/vendor/meilisearch/meilisearch-php/src/Http/Client.php:198)
     14 [2026-12-04 11:20:03] production.WARNING: Meilisearch task 18190 (settingsUpdate) still processing after 60s
(the brand filter on category pages shipped in release 89 but the index settings on search-01 were never updated)`, undefined, { kind: "app", error: true, where: "top" }],
    [127, "Edit", { file_path: `${A}/config/scout.php`, old_string: "                'filterableAttributes' => ['category_id', 'price', 'in_stock'],", new_string: "                'filterableAttributes' => ['category_id', 'brand_id', 'price', 'in_stock']," }, `The file ${A}/config/scout.php has been updated.`, undefined, { kind: "code", where: "top" }],
    [128, "Bash", { command: `ssh deploy@web-01 'cd /var/www/ayva/current && php artisan scout:sync-index-settings' && sleep 240 && ${MEILI_SET_CMD}` }, `Settings for the [products] index synced successfully.\n${meiliSettings(["brand_id", "category_id", "in_stock", "price"])}`, "meilisettings", { kind: "app", where: "top" }],
    [130, "Bash", { command: "curl -s -H \"Authorization: Bearer $MEILI_ADMIN_KEY\" 'http://search-01.ayva.internal:7700/tasks?limit=4' | jq -c '.results[] | {uid, indexUid, type, status, duration}'" }, `{"uid":18231,"indexUid":"products","type":"settingsUpdate","status":"succeeded","duration":"PT212.41S"}
{"uid":18230,"indexUid":"products","type":"documentAdditionOrUpdate","status":"succeeded","duration":"PT0.88S"}
{"uid":18190,"indexUid":"products","type":"settingsUpdate","status":"canceled","duration":"PT61.02S"}
{"uid":18188,"indexUid":"orders_admin","type":"documentAdditionOrUpdate","status":"succeeded","duration":"PT0.12S"}`, undefined, { kind: "app", where: "top" }],
    [132, "Bash", { command: "ssh deploy@worker-01 'cd /var/www/ayva/current && php artisan search:rebuild products --chunk=1000'" }, `Creating index products_tmp with the settings of products...
Importing App\\Models\\Product into products_tmp (62,014 rows, 61,870 searchable)
 62/62 [▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓] 100%
Waiting for 62 tasks... done (4m 12s)
Swapping products <-> products_tmp (task 18302 succeeded)
Deleting products_tmp (old documents)... done
Rebuilt products: 61870 documents (was 48211: products from the supplier XML import since Nov 18 had never been indexed, the importer used withoutSyncingToSearch())`, undefined, { kind: "app", where: "top" }],
    [134, "Bash", MEILI_STATS_CMD, meiliStats(61870, false, 61870), "meilistats", { kind: "app", where: "top" }],
    [136, "Bash", { command: "docker compose ps" }, composePs("getmeili/meilisearch:v1.10.3"), "compose", { kind: "app", where: "top" }],
    [137, "Bash", { command: "curl -s -H \"Authorization: Bearer $MEILI_ADMIN_KEY\" http://search-01.ayva.internal:7700/version && ssh deploy@search-01 'systemctl status meilisearch --no-pager | head -5'" }, `{"commitSha":"a1b9c2d04e7f3a58c6d2b1e09f4a7c3d5e8b2f10","commitDate":"2024-11-18T10:44:12Z","pkgVersion":"1.11.3"}
● meilisearch.service - Meilisearch
     Loaded: loaded (/etc/systemd/system/meilisearch.service; enabled; preset: enabled)
     Active: active (running) since Mon 2026-11-16 04:12:40 UTC; 2 weeks 4 days ago
   Main PID: 812 (meilisearch)`, undefined, { kind: "app", where: "top" }],
    [138, "Edit", { file_path: `${A}/docker-compose.yml`, old_string: "        image: 'getmeili/meilisearch:v1.10.3'", new_string: "        image: 'getmeili/meilisearch:v1.11.3' # same as search-01" }, `The file ${A}/docker-compose.yml has been updated.`, undefined, { kind: "code", where: "top" }],
    [139, "Bash", { command: "docker compose up -d meilisearch && docker compose ps" }, composePs("getmeili/meilisearch:v1.11.3"), "compose", { kind: "app", where: "top" }],
    [141, "Bash", { command: "ssh deploy@web-02 \"sudo grep -h ' 504 ' /var/log/nginx/ayva.access.log | tail -3; sudo grep -m2 'upstream timed out' /var/log/nginx/ayva.error.log\"" }, `10.0.0.2 - - [04/Dec/2026:16:02:11 +0300] "GET /admin/raporlar/stok.xlsx?depo=all HTTP/2.0" 504 562 "https://ayva.com.tr/admin/raporlar" "Mozilla/5.0"
10.0.0.2 - - [04/Dec/2026:16:04:40 +0300] "GET /admin/raporlar/stok.xlsx?depo=all HTTP/2.0" 504 562 "https://ayva.com.tr/admin/raporlar" "Mozilla/5.0"
2026/12/04 16:02:11 [error] 2210#2210: *9912044 upstream timed out (110: Connection timed out) while reading response header from upstream, client: 10.0.0.2, server: ayva.com.tr, request: "GET /admin/raporlar/stok.xlsx?depo=all HTTP/2.0", upstream: "fastcgi://unix:/run/php/php8.3-fpm-ayva.sock", host: "ayva.com.tr"`, undefined, { kind: "app", error: true, where: "top" }],
    [142, "Bash", NGINX_CMD, nginxConf("60s"), "nginxconf", { kind: "code", where: "top" }],
    [143, "Edit", { file_path: `${A}/ops/ansible/roles/nginx/templates/ayva.conf.j2`, old_string: "        fastcgi_read_timeout 60s;", new_string: "        fastcgi_read_timeout 120s; # = request_terminate_timeout; the stock xlsx moves to a queued export next" }, `The file ${A}/ops/ansible/roles/nginx/templates/ayva.conf.j2 has been updated.`, undefined, { kind: "code", where: "top" }],
    [144, "Bash", { command: `cd ops/ansible && ansible-playbook -i inventories/prod web.yml --tags nginx >/dev/null && ${NGINX_CMD.command}` }, nginxConf("120s"), "nginxconf", { kind: "code", where: "top" }],
    [146, "Bash", { command: "curl -sSI https://ayva.com.tr/ 2>&1 | head -3; curl -sSI --resolve ayva.com.tr:443:10.0.0.12 https://ayva.com.tr/ 2>&1 | head -2" }, `curl: (60) SSL certificate problem: certificate has expired
More details here: https://curl.se/docs/sslcerts.html

curl: (60) SSL certificate problem: certificate has expired
(browsers show NET::ERR_CERT_DATE_INVALID since 09:12 local time; Sentry uptime check red on both web nodes)`, undefined, { kind: "app", error: true, where: "top" }],
    [147, "Bash", SSL_CMD, sslDates("Sep  5 06:12:34 2026 GMT", "Dec  4 06:12:33 2026 GMT"), "sslcert", { kind: "app", where: "top" }],
    [148, "Bash", { command: "ssh deploy@web-01 sudo certbot certificates" }, `Saving debug log to /var/log/letsencrypt/letsencrypt.log

- - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - -
Found the following certs:
  Certificate Name: ayva.com.tr
    Serial Number: 4a1e0c7d2b9f3e58a6c4d2e0b1f7a9c3d5e
    Key Type: ECDSA
    Domains: ayva.com.tr www.ayva.com.tr
    Expiry Date: 2027-03-04 05:14:10+00:00 (VALID: 89 days)
    Certificate Path: /etc/letsencrypt/live/ayva.com.tr/fullchain.pem
    Private Key Path: /etc/letsencrypt/live/ayva.com.tr/privkey.pem
- - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - -`, undefined, { kind: "app", where: "top" }],
    [150, "Bash", { command: "ssh deploy@web-01 'sudo cat /etc/letsencrypt/renewal/ayva.com.tr.conf; sudo ls -la /etc/letsencrypt/renewal-hooks/deploy/; sudo journalctl -u certbot.service --since \"2026-12-03\" --no-pager | tail -4'" }, `# renew_before_expiry = 30 days
version = 2.11.0
archive_dir = /etc/letsencrypt/archive/ayva.com.tr
cert = /etc/letsencrypt/live/ayva.com.tr/cert.pem
privkey = /etc/letsencrypt/live/ayva.com.tr/privkey.pem
chain = /etc/letsencrypt/live/ayva.com.tr/chain.pem
fullchain = /etc/letsencrypt/live/ayva.com.tr/fullchain.pem

# Options used in the renewal process
[renewalparams]
account = 7c2e1f0a9b4d8e3c6a5f1b0d2e9c7a4f
authenticator = dns-cloudflare
dns_cloudflare_credentials = /etc/letsencrypt/cloudflare.ini
dns_cloudflare_propagation_seconds = 30
server = https://acme-v02.api.letsencrypt.org/directory
key_type = ecdsa
total 8
drwxr-xr-x 2 root root 4096 Sep  5 06:10 .
drwxr-xr-x 5 root root 4096 Sep  5 06:10 ..
Dec 03 03:12:40 web-01 certbot[771201]: Congratulations, all renewals succeeded:
Dec 03 03:12:40 web-01 certbot[771201]:   /etc/letsencrypt/live/ayva.com.tr/fullchain.pem (success)
Dec 03 03:12:41 web-01 systemd[1]: certbot.service: Deactivated successfully.
(renewed on Dec 3 with the dns-cloudflare authenticator and no installer, so nothing reloads nginx: the deploy hook directory is empty and nginx kept serving the old certificate from memory until it expired on Dec 4)`, undefined, { kind: "app", where: "top" }],
    [152, "Write", { file_path: `${A}/ops/ansible/roles/certbot/files/reload-nginx.sh` }, numbered(1, `#!/bin/sh
# /etc/letsencrypt/renewal-hooks/deploy/reload-nginx.sh
# certbot runs deploy hooks once per successfully renewed certificate;
# with the dns-cloudflare authenticator there is no installer that would reload nginx for us.
set -e
nginx -t -q
systemctl reload nginx
logger -t certbot-deploy-hook "reloaded nginx for $RENEWED_LINEAGE"`), undefined, { kind: "code", where: "top" }],
    [154, "Bash", { command: `cd ops/ansible && ansible-playbook -i inventories/prod web.yml --tags certbot >/dev/null && for h in web-01 web-02; do ssh deploy@$h sudo systemctl reload nginx; done && ${SSL_CMD.command}` }, sslDates("Dec  4 05:14:11 2026 GMT", SSL_NOW), "sslcert", { kind: "app", where: "top" }],
    [160, "Bash", OPCACHE_CMD, opcacheIni(128, 8, 10000, 1), "opcache", { kind: "code", where: "top" }],
    [161, "Bash", OCSTAT_CMD, opcacheStatus("Yes", "127.98 MiB", "20.55 KiB", 9981, 16229, 14, "91.40%") + "\n(the release has ~13.4k php files incl. vendor; each deploy adds a new releases/N path, so every release fills the cache again)", "opcachestat", { kind: "app", where: "top" }],
    [163, "Edit", { file_path: `${A}/ops/ansible/roles/php/templates/10-opcache.ini.j2`, old_string: "opcache.memory_consumption=128\nopcache.interned_strings_buffer=8\nopcache.max_accelerated_files=10000\nopcache.validate_timestamps=1", new_string: "opcache.memory_consumption=256\nopcache.interned_strings_buffer=32\nopcache.max_accelerated_files=32531\nopcache.validate_timestamps=0" }, `The file ${A}/ops/ansible/roles/php/templates/10-opcache.ini.j2 has been updated.`, undefined, { kind: "code", where: "top" }],
    [164, "Bash", { command: `cd ops/ansible && ansible-playbook -i inventories/prod web.yml --tags php-fpm >/dev/null && ${OPCACHE_CMD.command}` }, opcacheIni(256, 32, 32531, 0), "opcache", { kind: "code", where: "top" }],
    [165, "Bash", { command: "dep deploy production" }, deployOk(90), undefined, { kind: "build", where: "top" }],
    [166, "Bash", { command: "sentry-cli issues list -p ayva-web --query 'is:unresolved firstSeen:-30m' && curl -s https://ayva.com.tr/_version" }, `+------------+-------------+--------------------------------------------------------------------------------------------+---------------------+
| Issue ID   | Short ID    | Title                                                                                      | Last seen           |
+------------+-------------+--------------------------------------------------------------------------------------------+---------------------+
| 5812201447 | AYVA-WEB-6F | Error: Class "App\\Services\\Cart\\CampaignPricer" not found                                    | 2026-12-05 10:09:12 |
| 5812201502 | AYVA-WEB-6G | ErrorException: Undefined array key "kampanya_id"                                          | 2026-12-05 10:08:55 |
+------------+-------------+--------------------------------------------------------------------------------------------+---------------------+
{"release":"89","commit":"5b9c2a0"}
(release 90 is symlinked but php-fpm still serves 89: with validate_timestamps=0 opcache keeps the scripts it compiled for ${REL}/current/... paths, including the old composer classmap, so new classes are "not found")`, undefined, { kind: "app", error: true, where: "top" }],
    [168, "Edit", { file_path: `${A}/deploy.php`, old_string: "after('deploy:failed', 'deploy:unlock');", new_string: "after('deploy:failed', 'deploy:unlock');\n\n// opcache.validate_timestamps=0: compiled scripts are keyed by the current/ path, so a new release is only\n// picked up after php-fpm reloads (graceful, workers finish their requests)\ntask('php-fpm:reload', function () {\n    run('sudo /usr/bin/systemctl reload php8.3-fpm');\n})->select('stage=production&role=web');\nafter('deploy:symlink', 'php-fpm:reload');" }, `The file ${A}/deploy.php has been updated.`, undefined, { kind: "code", where: "top" }],
    [170, "Bash", { command: "dep deploy production" }, deployOk(91, "task php-fpm:reload\n[web-01] run sudo /usr/bin/systemctl reload php8.3-fpm\n[web-02] run sudo /usr/bin/systemctl reload php8.3-fpm\n"), undefined, { kind: "build", where: "top" }],
    [171, "Bash", { command: `${RELEASES_CMD} && curl -s https://ayva.com.tr/_version` }, `${releases([R88, R89, R90, R91(" (current)")])}\n{"release":"91","commit":"f1c3e88"}`, "releases", { kind: "build", where: "top" }],
    [172, "Bash", OCSTAT_CMD, opcacheStatus("No", "141.22 MiB", "114.78 MiB", 13402, 32531, 0, "99.87%"), "opcachestat", { kind: "app", where: "top" }],
    [174, "Edit", { file_path: `${A}/config/horizon.php`, old_string: "                'queue' => ['default', 'mail', 'exports'],", new_string: "                'queue' => ['default', 'mail']," }, `The file ${A}/config/horizon.php has been updated. (supervisor-1 maxProcesses 24 -> 16; new supervisor-exports for the exports queue, 2 processes, timeout 900, memory 512)`, undefined, { kind: "code", where: "top" }],
    [176, "Read", { file_path: `${A}/config/horizon.php` }, horizonCfg(1440, [sup("supervisor-1", ["default", "mail"], 2, 16, 180, 256), sup("supervisor-exports", ["exports"], 1, 2, 900, 512)]), "horizoncfg", { kind: "code", where: "top" }],
    [177, "Edit", { file_path: `${A}/config/queue.php`, old_string: "            'retry_after' => 240,", new_string: "            'retry_after' => 960," }, `The file ${A}/config/queue.php has been updated. (exports run up to 900s now)`, undefined, { kind: "code", where: "top" }],
    [178, "Read", { file_path: `${A}/config/queue.php` }, queueCfg(960), "queuecfg", { kind: "code", where: "top" }],
    [180, "Bash", { command: "composer update laravel/framework -W 2>&1 | grep -E 'Upgrading|Lock file'" }, `Lock file operations: 0 installs, 6 updates, 0 removals
  - Upgrading laravel/framework (v11.31.0 => v11.34.2)
  - Upgrading laravel/prompts (v0.3.2 => v0.3.3)
  - Upgrading nesbot/carbon (3.8.2 => 3.8.4)
  - Upgrading symfony/http-foundation (v7.1.8 => v7.2.0)
  - Upgrading symfony/http-kernel (v7.1.8 => v7.2.0)
  - Upgrading symfony/mailer (v7.1.6 => v7.2.0)`, undefined, { kind: "build", where: "top" }],
    [181, "Bash", { command: "./vendor/bin/pest --parallel" }, pestOut("   PASS  Tests\\Unit\\ShippingEtaTest\n   PASS  Tests\\Feature\\CartPageTest\n   PASS  Tests\\Feature\\Payments\\PaytrCallbackTest\n   PASS  Tests\\Feature\\Admin\\StockExportTest\n   PASS  Tests\\Feature\\Search\\BrandFilterTest", "431 passed (1342 assertions)"), "pest", { kind: "test", where: "bottom" }],
    [183, "Bash", { command: "dep deploy production" }, deployOk(92, "task php-fpm:reload\n[web-01] run sudo /usr/bin/systemctl reload php8.3-fpm\n[web-02] run sudo /usr/bin/systemctl reload php8.3-fpm\n"), undefined, { kind: "build", where: "top" }],
    [184, "Bash", { command: RELEASES_CMD }, releases([R89, R90, R91(""), R92]), "releases", { kind: "build", where: "top" }],
    [185, "Bash", ABOUT_CMD, about("11.34.2", 92), "laravel", { kind: "app", where: "top" }],
    [186, "Bash", HSUP_CMD, `Horizon is running.\n${horizonSups([supRow("worker-01-Lp9d:supervisor-1", 20411, "default,mail", 16), supRow("worker-01-Lp9d:supervisor-exports", 20412, "exports", 2)])}`, "horizonstat", { kind: "app", where: "top" }],
    [188, "Bash", { command: `ssh deploy@db-01 "mysql -e \\"SET PERSIST innodb_buffer_pool_size = 10737418240; SET PERSIST max_connections = 300;\\"" && ${MYSQLVARS_CMD.command}` }, mysqlVars(10737418240, 300, 171, 88), "mysqlvars", { kind: "app", where: "top" }],
    [190, "Bash", { command: "sentry-cli issues list -p ayva-web --query 'is:unresolved' --max-rows 6" }, `+------------+-------------+--------------------------------------------------------------------------------------------+---------------------+
| Issue ID   | Short ID    | Title                                                                                      | Last seen           |
+------------+-------------+--------------------------------------------------------------------------------------------+---------------------+
| 5801877302 | AYVA-WEB-5A | Illuminate\\Http\\Client\\ConnectionException: cURL error 28 ... yurtici kargo tracking         | 2026-12-06 08:41:02 |
| 5799120455 | AYVA-WEB-58 | ErrorException: Attempt to read property "price" on null (CampaignPricer.php:77)            | 2026-12-06 07:12:30 |
| 5790211876 | AYVA-WEB-51 | Symfony\\Component\\HttpKernel\\Exception\\HttpException: Too Many Attempts.                     | 2026-12-05 22:10:09 |
| 5788120014 | AYVA-WEB-4Z | Illuminate\\Database\\QueryException: SQLSTATE[40001]: Deadlock found when trying to get lock | 2026-12-05 19:55:41 |
+------------+-------------+--------------------------------------------------------------------------------------------+---------------------+`, undefined, { kind: "app", where: "top" }],
    [192, "Bash", { command: "ssh deploy@db-01 'sudo pt-query-digest --since 24h --limit 3 /var/log/mysql/mysql-slow.log' | sed -n '/# Profile/,/^$/p'" }, `# Profile
# Rank Query ID                            Response time   Calls R/Call V/M   Item
# ==== =================================== =============== ===== ====== ===== ==============
#    1 0x41A7C3E9D2B8F6A1C0E5D4B3A2F1E0D9   812.4410 38.1% 17320 0.0469  0.02 SELECT products product_images
#    2 0xC02B7E5A9D4F1E3C8B6A0D2F4E1C3B5A   402.1187 18.9%   988 0.4070  0.08 SELECT carts cart_items
#    3 0x9F1E2A4C7B3D8E01F2A6C5B4D3E2F1A0    61.2201  2.9% 14002 0.0044  0.00 SELECT orders`, undefined, { kind: "app", where: "top" }],
    [194, "Bash", REDIS_CMD, redisMem("1.88G", 2018774310, "2.04G", "4.00G", 6442450944, "6.00G", "noeviction", "1.08").replace("db1:keys=1402311,expires=1402311,avg_ttl=41227012", "(db1 empty: cache moved to the 6380 instance)"), "redismem", { kind: "app", where: "top" }],
    [196, "Bash", MEILI_STATS_CMD, meiliStats(62440, false, 62440), "meilistats", { kind: "app", where: "top" }],
    [198, "Bash", { command: "ssh deploy@web-02 curl -s 'http://127.0.0.1/fpm-status' | head -13" }, `pool:                 ayva
process manager:      dynamic
start time:           05/Dec/2026:11:31:09 +0300
start since:          77412
accepted conn:        2204118
listen queue:         0
max listen queue:     0
listen queue len:     511
idle processes:       9
active processes:     7
total processes:      16
max active processes: 33
max children reached: 0`, undefined, { kind: "app", where: "top" }],
    [203, "Bash", { command: "git log --oneline -n 14" }, `3d8b5f2 laravel 11.34.2; horizon: separate exports supervisor, retry_after 960
f1c3e88 deploy: reload php-fpm after symlink (opcache validate_timestamps=0)
a77e0d1 campaign pricer; opcache 256M
5b9c2a0 search: brand filter on category pages
8e1f6b3 paytr: verify the callback hash with total_amount
d03a7c5 products: merge duplicate skus, unique sku
61b2d09 products: unique sku
c4f81e2 csrf: exclude the payment callbacks again (laravel 11)
9a0d4b7 laravel 11 (carbon 3, pest 3)
2e7c9f1 redis: cache on its own instance, horizon trim 24h
b81d0c4 queue: retry_after 240, horizon 24 workers / 180s
7f20b3d orders: index on (status, created_at)
4c1e9a0 feed: google merchant xml as a queued job
0b2d7e1 efsane cuma banners`, undefined, { kind: "build", where: "top" }],
  ],
  questions: [
    { kind: "state", lang: "tr", prompt: "php-fpm'de max_children şu an kaç", want: [{ key: "fpmpool", fact: "pm.max_children = 36" }] },
    { kind: "state", lang: "tr", prompt: "admin siparis sorgusu artik hangi index'i kullaniyor", want: [{ key: "explain", fact: EXPLAIN_NOW }] },
    { kind: "state", prompt: "mysql max connections currently?", want: [{ key: "mysqlvars", fact: MAXCONN_NOW }] },
    { kind: "state", lang: "tr", prompt: "innodb buffer pool en son kaç GB'a ayarlandı", want: [{ key: "mysqlvars", fact: BP_NOW }] },
    { kind: "state", prompt: "how many horizon workers do we run for the default/mail queues", want: [{ key: "horizoncfg", fact: "'maxProcesses' => 16," }] },
    { kind: "state", lang: "tr", prompt: "export job'larının timeout'u ne kadar şimdi", want: [{ key: "horizoncfg", fact: "'timeout' => 900," }] },
    { kind: "state", prompt: "retry_after on the redis queue connection?", want: [{ key: "queuecfg", fact: "'retry_after' => 960," }] },
    { kind: "state", lang: "tr", prompt: "redis su an ne kadar memory kullaniyo", want: [{ key: "redismem", fact: "used_memory_human:1.88G" }] },
    { kind: "state", prompt: "redis maxmemory now", want: [{ key: "redismem", fact: "maxmemory_human:6.00G" }] },
    { kind: "state", lang: "tr", prompt: "prod'da laravel hangi versiyonda", want: [{ key: "laravel", fact: LARAVEL_NOW }] },
    { kind: "state", lang: "tr", prompt: "canlıda hangi release var şu an", want: [{ key: "releases", fact: "| 92 (current) |" }] },
    { kind: "state", prompt: "how many products are in the meili index", want: [{ key: "meilistats", fact: '"numberOfDocuments": 62440' }] },
    { kind: "state", lang: "tr", prompt: "meili'de hangi alanlarla filtreleme yapılabiliyor artık", want: [{ key: "meilisettings", fact: FILTERABLE_NOW }] },
    { kind: "state", prompt: "when does the cert nginx is serving expire now", want: [{ key: "sslcert", fact: SSL_NOW }] },
    { kind: "state", lang: "tr", prompt: "opcache'e kaç MB verdik en son", want: [{ key: "opcache", fact: "opcache.memory_consumption=256" }] },
    { kind: "state", prompt: "is validate_timestamps off in prod", want: [{ key: "opcache", fact: "opcache.validate_timestamps=0" }] },
    { kind: "state", lang: "tr", prompt: "lokal docker'da meilisearch hangi versiyon", want: [{ key: "compose", fact: "getmeili/meilisearch:v1.11.3" }] },
    { kind: "state", prompt: "is the pest suite green, how many tests", want: [{ key: "pest", fact: "431 passed (1342 assertions)" }] },
    { kind: "state", prompt: "did the unique sku migration ever actually run on prod", want: [{ key: "migstatus", fact: MIG_NOW }] },
    { kind: "history", lang: "tr", prompt: "kampanyadaki 502'lerin ilk sebebi neydi", want: [{ turn: 3, fact: "server reached pm.max_children setting (20)" }] },
    { kind: "history", prompt: "how slow was the admin orders query before we indexed it", want: [{ turn: 12, fact: "18311.2041 61.2%  3807 4.8098" }] },
    { kind: "history", lang: "tr", prompt: "max_children'ı 60'a çekince mysql ne hatası verdi", want: [{ turn: 24, fact: "SQLSTATE[HY000] [1040] Too many connections" }] },
    { kind: "history", prompt: "why did we drop max_children again after raising it", want: [{ turn: 28, fact: "Out of memory: Killed process 41822 (php-fpm8.3)" }] },
    { kind: "history", lang: "tr", prompt: "müşterilere neden iki kere onay maili gitti", want: [{ turn: 41, fact: "redis retry_after 90 is shorter than the new 180s timeout" }] },
    { kind: "history", prompt: "what was eating all the redis memory", want: [{ turn: 54, fact: "ayva_horizon:<job-id> (hash)           2,104,877   2.41G" }] },
    { kind: "history", lang: "tr", prompt: "redis dolunca app'te ne hatasi cikti", want: [{ turn: 52, fact: "OOM command not allowed when used memory > 'maxmemory'." }] },
    { kind: "history", prompt: "which carbon version came in with the laravel 11 upgrade", want: [{ turn: 65, fact: "nesbot/carbon (2.72.5 => 3.8.2)" }] },
    { kind: "history", lang: "tr", prompt: "upgrade'den sonra testlerde patlayan şey neydi", want: [{ turn: 67, fact: "App\\Support\\ShippingEta::label(): Argument #1 ($days) must be of type int, float given" }] },
    { kind: "history", prompt: "what broke in prod right after we shipped laravel 11", want: [{ turn: 79, fact: '"POST /odeme/paytr/callback HTTP/1.1" 419' }] },
    { kind: "history", lang: "tr", prompt: "rollback yaptigimizda hangi release'e dondük", want: [{ turn: 82, fact: "rollback to release 83 was successful" }] },
    { kind: "history", lang: "tr", prompt: "unique sku migration'ı prod'da neden patladı", want: [{ turn: 99, fact: "1062 Duplicate entry 'AYV-10442' for key 'products.products_sku_unique'" }] },
    { kind: "history", prompt: "how many dupe skus were there", want: [{ turn: 101, fact: "|       37 |" }] },
    { kind: "history", lang: "tr", prompt: "taksitli ödemelerde paytr hash'i neden tutmuyordu", want: [{ turn: 120, fact: "PayTR signs merchant_oid + salt + status + total_amount" }] },
    { kind: "history", lang: "tr", prompt: "meili'de marka filtresi neden hata veriyodu", want: [{ turn: 125, fact: "Attribute `brand_id` is not filterable" }] },
    { kind: "history", prompt: "why was the site showing an expired cert even tho certbot said it renewed", want: [{ turn: 150, fact: "no installer, so nothing reloads nginx" }] },
    { kind: "history", lang: "tr", prompt: "deploy'dan sonra eski kodun gelmesinin sebebi neydi", want: [{ turn: 166, fact: 'Class "App\\Services\\Cart\\CampaignPricer" not found' }] },
    { kind: "history", prompt: "how many oom restarts did opcache have before we resized it", want: [{ turn: 161, fact: ocRow("Oom restarts", 14) }] },
    { kind: "multi", lang: "tr", prompt: "fpm max_children ile mysql max_connections şu an ne", want: [{ key: "fpmpool", fact: "pm.max_children = 36" }, { key: "mysqlvars", fact: MAXCONN_NOW }] },
    { kind: "multi", prompt: "horizon worker count + retry_after?", want: [{ key: "horizoncfg", fact: "'maxProcesses' => 16," }, { key: "queuecfg", fact: "'retry_after' => 960," }] },
    { kind: "multi", lang: "tr", prompt: "laravel versiyonu ve canlidaki release no", want: [{ key: "laravel", fact: LARAVEL_NOW }, { key: "releases", fact: "| 92 (current) |" }] },
    { kind: "multi", prompt: "redis used mem and meili doc count", want: [{ key: "redismem", fact: "used_memory_human:1.88G" }, { key: "meilistats", fact: '"numberOfDocuments": 62440' }] },
    { kind: "multi", lang: "tr", prompt: "ssl bitiş tarihi ve opcache memory ne", want: [{ key: "sslcert", fact: SSL_NOW }, { key: "opcache", fact: "opcache.memory_consumption=256" }] },
    { kind: "none", lang: "tr", prompt: "tamamdır eyvallah, yarın devam ederiz" },
    { kind: "none", prompt: "in general whats the difference between a facade and constructor injection in laravel" },
    { kind: "none", lang: "tr", prompt: "php 8.4'teki property hooks nasıl çalışıyor kısaca" },
    { kind: "none", prompt: "brb coffee" },
    { kind: "none", prompt: "generally how does a clustered index work in innodb" },
  ],
};

/** Held out from the selection work: written blind, never run before it was registered (TypeScript serverless on AWS). */
export const HELD_OUT_24 = [marlin];
/** Held out from the selection work: written blind, never run before it was registered (Laravel on Hetzner VMs, Turkish and English). */
export const HELD_OUT_25 = [ayva];
