// One more held-out recall session (format: tests/recall/build.mjs): written blind, without reading the selection's
// code, its tests or any benchmark result, and kept out of the selection work. HELD_OUT_42: a Java 21 / Spring Boot 3
// order service on AWS ECS Fargate (ALB in front, RDS MySQL 8, Kafka on MSK, Flyway migrations run at startup, Gradle
// Kotlin DSL, GitHub Actions, Terraform, CloudWatch / Container Insights) over five days: tasks OOM-killed because the
// fixed -Xmx left no room in a 2 GB task, moved to 2 vCPU / 4 GB with MaxRAMPercentage; Hikari pool exhaustion and a
// pool raised, then lowered again when scaling to 8 tasks hit MySQL's max_connections; a Flyway migration (V42) that
// timed out on a metadata lock held by a reporting export, half-applied on MySQL, cleaned up by hand, repaired and
// re-run; a payments consumer lag incident (poll timeout with max.poll.records 500, extra tasks idle on 6 partitions,
// fixed with 100 records, 12 partitions and less listener concurrency) and a lag alarm tuned later; a flaky
// Testcontainers IT (latest offset reset with a shared group id); a Spring Boot 3.2 -> 3.3 bump whose Flyway 10 needed
// flyway-mysql; a task definition revision built for arm64 that would not start and was rolled back; ALB health checks
// timing out on the db indicator, moved to the readiness group with a longer timeout and a grace period; finally ZGC
// and a bigger task. Distractors: older describe-services / consumer-group / mysql snapshots, the staging service,
// other topics and groups, a similar Hikari error on staging, reads and edits of application-prod.yml,
// build.gradle.kts, the task definition json and terraform, git log / commit outputs. English questions.

const D = "/home/dev/alder";
const ACCT = "702915384466";
const REG = "eu-central-1";
const ECR = `${ACCT}.dkr.ecr.${REG}.amazonaws.com/alder-order-service`;
const tdArn = (rev, family = "alder-order-service") => `arn:aws:ecs:${REG}:${ACCT}:task-definition/${family}:${rev}`;

const numbered = (start, text) => text.split("\n").map((l, i) => `${String(start + i).padStart(4)}\t${l}`).join("\n");

// ---- ECS service ----------------------------------------------------------------------------------------------------
const dep = (id, status, rev, desired, running, failed, rollout, created, family = "alder-order-service") => `        {
            "id": "ecs-svc/${id}",
            "status": "${status}",
            "taskDefinition": "${tdArn(rev, family)}",
            "desiredCount": ${desired},
            "pendingCount": ${Math.max(0, desired - running)},
            "runningCount": ${running},
            "failedTasks": ${failed},
            "createdAt": "${created}",
            "rolloutState": "${rollout}"
        }`;
const svc = ({ name = "alder-order-service", cluster = "alder-prod", family = "alder-order-service", desired, running, pending = 0, rev, grace = 0, deployments, events }) => `{
    "serviceName": "${name}",
    "clusterArn": "arn:aws:ecs:${REG}:${ACCT}:cluster/${cluster}",
    "status": "ACTIVE",
    "desiredCount": ${desired},
    "runningCount": ${running},
    "pendingCount": ${pending},
    "launchType": "FARGATE",
    "platformVersion": "1.4.0",
    "taskDefinition": "${tdArn(rev, family)}",
    "healthCheckGracePeriodSeconds": ${grace},
    "deploymentConfiguration": {
        "deploymentCircuitBreaker": {
            "enable": false,
            "rollback": false
        },
        "maximumPercent": 200,
        "minimumHealthyPercent": 100
    },
    "deployments": [
${deployments.join(",\n")}
    ],
    "events": [
${events.map(([t, m]) => `        [\n            "${t}",\n            "${m}"\n        ]`).join(",\n")}
    ]
}`;
const SVC_Q = "services[0].{serviceName:serviceName,clusterArn:clusterArn,status:status,desiredCount:desiredCount,runningCount:runningCount,pendingCount:pendingCount,launchType:launchType,platformVersion:platformVersion,taskDefinition:taskDefinition,healthCheckGracePeriodSeconds:healthCheckGracePeriodSeconds,deploymentConfiguration:deploymentConfiguration,deployments:deployments[].{id:id,status:status,taskDefinition:taskDefinition,desiredCount:desiredCount,pendingCount:pendingCount,runningCount:runningCount,failedTasks:failedTasks,createdAt:createdAt,rolloutState:rolloutState},events:events[:4].[createdAt,message]}";
const SVC_CMD = `aws ecs describe-services --cluster alder-prod --services alder-order-service --query '${SVC_Q}'`;
const SVC_STG_CMD = `aws ecs describe-services --cluster alder-staging --services alder-order-service-staging --query '${SVC_Q}'`;
const ev = (svcName = "alder-order-service") => ({
  steady: `(service ${svcName}) has reached a steady state.`,
  started: (n, id) => `(service ${svcName}) has started ${n} tasks: (task ${id}).`,
  stopped: (n, id) => `(service ${svcName}) has stopped ${n} running tasks: (task ${id}).`,
  completed: (id) => `(service ${svcName}) deployment ecs-svc/${id} deployment completed.`,
  registered: (n) => `(service ${svcName}) registered ${n} targets in (target-group arn:aws:elasticloadbalancing:${REG}:${ACCT}:targetgroup/alder-prod-orders/7d41c09e2b5a8f13)`,
});
const E = ev();

// ---- task definition ------------------------------------------------------------------------------------------------
const taskDef = ({ rev, cpu, mem, image, javaOpts, family = "alder-order-service", profile = "prod", registered, arch = "X86_64" }) => `{
    "family": "${family}",
    "taskDefinitionArn": "${tdArn(rev, family)}",
    "revision": ${rev},
    "status": "ACTIVE",
    "requiresCompatibilities": [
        "FARGATE"
    ],
    "networkMode": "awsvpc",
    "cpu": "${cpu}",
    "memory": "${mem}",
    "runtimePlatform": {
        "cpuArchitecture": "${arch}",
        "operatingSystemFamily": "LINUX"
    },
    "executionRoleArn": "arn:aws:iam::${ACCT}:role/${family}-exec",
    "taskRoleArn": "arn:aws:iam::${ACCT}:role/${family}-task",
    "containerDefinitions": [
        {
            "name": "app",
            "image": "${ECR}:${image}",
            "essential": true,
            "portMappings": [
                {
                    "containerPort": 8080,
                    "hostPort": 8080,
                    "protocol": "tcp"
                }
            ],
            "environment": [
                { "name": "SPRING_PROFILES_ACTIVE", "value": "${profile}" },
                { "name": "JAVA_TOOL_OPTIONS", "value": "${javaOpts}" },
                { "name": "OTEL_SERVICE_NAME", "value": "${family}" },
                { "name": "TZ", "value": "UTC" }
            ],
            "logConfiguration": {
                "logDriver": "awslogs",
                "options": {
                    "awslogs-group": "/ecs/${family}",
                    "awslogs-region": "${REG}",
                    "awslogs-stream-prefix": "app"
                }
            },
            "stopTimeout": 60
        }
    ],
    "registeredAt": "${registered}",
    "registeredBy": "arn:aws:sts::${ACCT}:assumed-role/alder-gha-deploy/GitHubActions"
}`;
const TD_Q = "taskDefinition.{family:family,taskDefinitionArn:taskDefinitionArn,revision:revision,status:status,requiresCompatibilities:requiresCompatibilities,networkMode:networkMode,cpu:cpu,memory:memory,runtimePlatform:runtimePlatform,executionRoleArn:executionRoleArn,taskRoleArn:taskRoleArn,containerDefinitions:containerDefinitions,registeredAt:registeredAt,registeredBy:registeredBy}";
const TD_CMD = (rev, family = "alder-order-service") => ({ command: `aws ecs describe-task-definition --task-definition ${family}:${rev} --query '${TD_Q}'` });
const OPTS_57 = "-Xms1g -Xmx1800m -XX:+UseG1GC";
const OPTS_58 = "-XX:MaxRAMPercentage=75.0 -XX:+UseG1GC -XX:+ExitOnOutOfMemoryError";
const OPTS_NOW = "-XX:MaxRAMPercentage=70.0 -XX:+UseZGC -XX:+ZGenerational -XX:+ExitOnOutOfMemoryError";

const tdJson = (cpu, mem, image, opts) => numbered(1, `{
  "family": "alder-order-service",
  "requiresCompatibilities": ["FARGATE"],
  "networkMode": "awsvpc",
  "cpu": "${cpu}",
  "memory": "${mem}",
  "runtimePlatform": { "cpuArchitecture": "X86_64", "operatingSystemFamily": "LINUX" },
  "executionRoleArn": "arn:aws:iam::${ACCT}:role/alder-order-service-exec",
  "taskRoleArn": "arn:aws:iam::${ACCT}:role/alder-order-service-task",
  "containerDefinitions": [
    {
      "name": "app",
      "image": "${ECR}:${image}",
      "essential": true,
      "portMappings": [{ "containerPort": 8080, "hostPort": 8080, "protocol": "tcp" }],
      "environment": [
        { "name": "SPRING_PROFILES_ACTIVE", "value": "prod" },
        { "name": "JAVA_TOOL_OPTIONS", "value": "${opts}" },
        { "name": "OTEL_SERVICE_NAME", "value": "alder-order-service" },
        { "name": "TZ", "value": "UTC" }
      ],
      "logConfiguration": {
        "logDriver": "awslogs",
        "options": { "awslogs-group": "/ecs/alder-order-service", "awslogs-region": "${REG}", "awslogs-stream-prefix": "app" }
      },
      "stopTimeout": 60
    }
  ]
}`);

// ---- application-prod.yml -------------------------------------------------------------------------------------------
const appYml = ({ pool, minIdle, pollRecords, concurrency, probes = false }) => numbered(1, `spring:
  config:
    import: "aws-secretsmanager:alder/prod/db"
  datasource:
    url: jdbc:mysql://\${DB_HOST}:3306/orders?useSSL=true&serverTimezone=UTC
    hikari:
      pool-name: alder-hikari
      maximum-pool-size: ${pool}
      minimum-idle: ${minIdle}
      connection-timeout: 30000
      max-lifetime: 1740000
  jpa:
    open-in-view: false
    hibernate:
      ddl-auto: validate
  flyway:
    enabled: true
    locations: classpath:db/migration
    out-of-order: false
  kafka:
    bootstrap-servers: \${MSK_BOOTSTRAP}
    security:
      protocol: SASL_SSL
    properties:
      sasl.mechanism: AWS_MSK_IAM
      sasl.client.callback.handler.class: software.amazon.msk.auth.iam.IAMClientCallbackHandler
    consumer:
      group-id: alder-order-service
      auto-offset-reset: earliest
      enable-auto-commit: false
      max-poll-records: ${pollRecords}
      properties:
        max.poll.interval.ms: 300000
        isolation.level: read_committed
    listener:
      ack-mode: record
      concurrency: ${concurrency}
    producer:
      acks: all
      properties:
        enable.idempotence: true
management:
  endpoints:
    web:
      exposure:
        include: health,info,prometheus
  endpoint:
    health:
      show-details: never${probes ? `
      probes:
        enabled: true
      group:
        readiness:
          include: readinessState,ping` : ""}
server:
  port: 8080
  shutdown: graceful
logging:
  level:
    root: INFO
    com.alder.orders: INFO`);
const APPYML = `${D}/src/main/resources/application-prod.yml`;

// ---- build.gradle.kts -----------------------------------------------------------------------------------------------
const gradle = (boot, depMgmt, flywayMysql) => numbered(1, `plugins {
    java
    id("org.springframework.boot") version "${boot}"
    id("io.spring.dependency-management") version "${depMgmt}"
    id("com.gorylenko.gradle-git-properties") version "2.4.2"
}

group = "com.alder"
version = providers.gradleProperty("releaseVersion").getOrElse("0.0.0-SNAPSHOT")

java {
    toolchain {
        languageVersion = JavaLanguageVersion.of(21)
    }
}

repositories {
    mavenCentral()
}

dependencies {
    implementation("org.springframework.boot:spring-boot-starter-web")
    implementation("org.springframework.boot:spring-boot-starter-data-jpa")
    implementation("org.springframework.boot:spring-boot-starter-actuator")
    implementation("org.springframework.boot:spring-boot-starter-validation")
    implementation("org.springframework.kafka:spring-kafka")
    implementation("org.flywaydb:flyway-core")${flywayMysql ? `
    implementation("org.flywaydb:flyway-mysql")` : ""}
    implementation("io.awspring.cloud:spring-cloud-aws-starter-secrets-manager:3.1.1")
    implementation("software.amazon.msk:aws-msk-iam-auth:2.2.0")
    implementation("io.micrometer:micrometer-registry-prometheus")
    runtimeOnly("com.mysql:mysql-connector-j")
    testImplementation("org.springframework.boot:spring-boot-starter-test")
    testImplementation("org.springframework.boot:spring-boot-testcontainers")
    testImplementation("org.springframework.kafka:spring-kafka-test")
    testImplementation("org.testcontainers:junit-jupiter")
    testImplementation("org.testcontainers:mysql")
    testImplementation("org.testcontainers:kafka")
    testImplementation("org.awaitility:awaitility")
}

tasks.withType<Test> {
    useJUnitPlatform()
    maxParallelForks = 2
    systemProperty("testcontainers.reuse.enable", "false")
}`);
const GRADLE = `${D}/build.gradle.kts`;
const BOOT_NOW = 'id("org.springframework.boot") version "3.3.5"';

// ---- Kafka ----------------------------------------------------------------------------------------------------------
const MSK = "--bootstrap-server $MSK_BOOTSTRAP --command-config /opt/kafka/config/client-iam.properties";
const topic = (name, parts, retention = 604800000) => `Topic: ${name}\tPartitionCount: ${parts}\tReplicationFactor: 3\tConfigs: min.insync.replicas=2,cleanup.policy=delete,retention.ms=${retention},unclean.leader.election.enable=false
${Array.from({ length: parts }, (_, i) => {
  const r = [(i % 3) + 1, ((i + 1) % 3) + 1, ((i + 2) % 3) + 1].join(",");
  return `\tTopic: ${name}\tPartition: ${i}\tLeader: ${(i % 3) + 1}\tReplicas: ${r}\tIsr: ${r}\tElr: \tLastKnownElr: `;
}).join("\n")}`;
const TOPIC_CMD = { command: `kafka-topics.sh ${MSK} --describe --topic payments.events` };

const cid = (group, k) => `consumer-${group}-${k}-${((k * 2654435761) >>> 0).toString(16).padStart(8, "0")}-41c7-4e0a-9d2b-${String(k).padStart(12, "7")}`;
const lagTable = (group, topicName, rows) => {
  const head = `${"GROUP".padEnd(24)} ${"TOPIC".padEnd(16)} PARTITION  CURRENT-OFFSET  LOG-END-OFFSET  ${"LAG".padEnd(7)} ${"CONSUMER-ID".padEnd(72)} HOST            CLIENT-ID`;
  const lines = rows.map(([p, cur, lag, k, host]) => `${group.padEnd(24)} ${topicName.padEnd(16)} ${String(p).padEnd(10)} ${String(cur).padEnd(15)} ${String(cur + lag).padEnd(15)} ${String(lag).padEnd(7)} ${cid(group, k).padEnd(72)} /${host.padEnd(14)} consumer-${group}-${k}`);
  return [head, ...lines].join("\n");
};
const lagTotal = (rows) => `total lag: ${rows.reduce((s, r) => s + r[2], 0)}`;
const lagOut = (group, topicName, rows, note = "") => `${lagTable(group, topicName, rows)}\n${lagTotal(rows)}${note ? `\n${note}` : ""}`;
const LAG_CMD = { command: `kafka-consumer-groups.sh ${MSK} --describe --group alder-order-service | tee /tmp/lag.txt; awk 'NR>1 && $6 ~ /^[0-9]+$/ {s+=$6} END {print "total lag: " s}' /tmp/lag.txt` };
const HOSTS = ["10.40.12.31", "10.40.14.77", "10.40.13.108", "10.40.12.59", "10.40.14.203", "10.40.13.12", "10.40.12.140", "10.40.14.9"];
const lagRows = (lags, base, members) => lags.map((lag, p) => [p, base + p * 1187331, lag, (p % members) + 1, HOSTS[p % HOSTS.length]]);
const LAG_PEAK = lagRows([71204, 68990, 70118, 66402, 69871, 66292], 18220411, 6);
const LAG_SCALED = lagRows([66480, 65011, 67733, 63390, 68204, 67592], 18301177, 6);
const LAG_FIX = lagRows([10221, 9870, 10544, 9902, 10118, 9730, 9991, 10402, 10077, 9811, 10290, 9499], 18512900, 12);
const LAG_CAUGHT = lagRows([21, 0, 14, 33, 9, 0, 17, 40, 12, 26, 0, 40], 18640211, 12);
const LAG_NOW_ROWS = lagRows([0, 4, 0, 7, 3, 0, 11, 0, 2, 6, 0, 4], 18990402, 12);
const LAG_NOW = lagTotal(LAG_NOW_ROWS);

// ---- Flyway ---------------------------------------------------------------------------------------------------------
const fwRow = (v, desc, installed, state) => `| Versioned | ${v.padEnd(7)} | ${desc.padEnd(32)} | SQL  | ${installed.padEnd(19)} | ${state.padEnd(7)} | No       |`;
const FW_SEP = "+-----------+---------+----------------------------------+------+---------------------+---------+----------+";
const flywayInfo = (schemaVersion, rows) => `Flyway OSS Edition 10.10.0 by Redgate

Database: jdbc:mysql://alder-prod-db.internal:3306/orders (MySQL 8.0)
Schema version: ${schemaVersion}

${FW_SEP}
| Category  | Version | Description                      | Type | Installed On        | State   | Undoable |
${FW_SEP}
${rows.join("\n")}
${FW_SEP}`;
const FW_CMD = { command: "flyway -configFiles=ops/flyway/prod.conf info" };
const FW_OLD = [
  fwRow("37", "payments add provider ref", "2026-10-21 08:40:12", "Success"),
  fwRow("38", "orders add idempotency key", "2026-10-29 09:02:55", "Success"),
  fwRow("39", "outbox events", "2026-11-06 08:31:40", "Success"),
  fwRow("40", "outbox events add headers", "2026-11-13 10:14:09", "Success"),
  fwRow("41", "order items add discount", "2026-11-24 08:55:31", "Success"),
];
const FW_42_OK = fwRow("42", "orders add channel", "2026-12-02 22:14:47", "Success");
const FW_NOW = fwRow("44", "order items add tax code", "2026-12-05 09:02:11", "Success");

// ---- MySQL ----------------------------------------------------------------------------------------------------------
const stRow = (k, v) => `| ${k.padEnd(22)} | ${String(v).padEnd(6)} |`;
const mysqlConn = (maxConn, maxUsed, connected, running, byUser) => `+------------------------+--------+
| Variable_name          | Value  |
+------------------------+--------+
${stRow("max_connections", maxConn)}
+------------------------+--------+
+------------------------+--------+
| Variable_name          | Value  |
+------------------------+--------+
${stRow("Max_used_connections", maxUsed)}
${stRow("Threads_connected", connected)}
${stRow("Threads_running", running)}
+------------------------+--------+
+-----------------+-------+
| user            | conns |
+-----------------+-------+
${byUser.map(([u, n]) => `| ${u.padEnd(15)} | ${String(n).padStart(5)} |`).join("\n")}
+-----------------+-------+`;
const CONN_Q = "SHOW GLOBAL VARIABLES LIKE 'max_connections'; SHOW GLOBAL STATUS WHERE Variable_name IN ('Max_used_connections','Threads_connected','Threads_running'); SELECT user, COUNT(*) AS conns FROM information_schema.processlist GROUP BY user ORDER BY conns DESC";
const CONN_CMD = { command: `mysql --defaults-group-suffix=_prod -e "${CONN_Q}"` };
const CONN_NOW = stRow("Threads_connected", 118);

// ---- ALB target group -----------------------------------------------------------------------------------------------
const tg = ({ name = "alder-prod-orders", id = "7d41c09e2b5a8f13", lb = "app/alder-prod/3b9e51d0c7a24f86", path, interval, timeout, healthy, unhealthy }) => `{
    "TargetGroupArn": "arn:aws:elasticloadbalancing:${REG}:${ACCT}:targetgroup/${name}/${id}",
    "TargetGroupName": "${name}",
    "Protocol": "HTTP",
    "Port": 8080,
    "VpcId": "vpc-0a4e7c21d9b3f5e68",
    "HealthCheckProtocol": "HTTP",
    "HealthCheckPort": "traffic-port",
    "HealthCheckEnabled": true,
    "HealthCheckIntervalSeconds": ${interval},
    "HealthCheckTimeoutSeconds": ${timeout},
    "HealthyThresholdCount": ${healthy},
    "UnhealthyThresholdCount": ${unhealthy},
    "HealthCheckPath": "${path}",
    "Matcher": {
        "HttpCode": "200"
    },
    "LoadBalancerArns": [
        "arn:aws:elasticloadbalancing:${REG}:${ACCT}:loadbalancer/${lb}"
    ],
    "TargetType": "ip",
    "ProtocolVersion": "HTTP1",
    "IpAddressType": "ipv4"
}`;
const TG_CMD = { command: "aws elbv2 describe-target-groups --names alder-prod-orders --query 'TargetGroups[0]'" };

// ---- CloudWatch -----------------------------------------------------------------------------------------------------
const cwRow = (t, cpu, mem, n) => `${t}   ${cpu.padEnd(15)} ${mem.padEnd(18)} ${n}`;
const cw = (rows, maxCpu, maxMem, note = "") => `time (UTC)         CPUUtilization  MemoryUtilization  RunningTaskCount
${rows.map((r) => cwRow(...r)).join("\n")}
max over 6h: CPUUtilization ${maxCpu}  MemoryUtilization ${maxMem}${note ? `\n${note}` : ""}`;
const CW_CMD = { command: "./scripts/cw-ecs.sh --cluster alder-prod --service alder-order-service --since 6h --period 1h --metrics CPUUtilization,MemoryUtilization,RunningTaskCount" };
const MEM_NOW = "MemoryUtilization 64.2%";

const alarm = (threshold, state, updated) => `{
    "MetricAlarms": [
        {
            "AlarmName": "alder-prod-payments-consumer-lag",
            "AlarmArn": "arn:aws:cloudwatch:${REG}:${ACCT}:alarm:alder-prod-payments-consumer-lag",
            "AlarmDescription": "alder-order-service is falling behind on payments.events (SumOffsetLag)",
            "AlarmConfigurationUpdatedTimestamp": "${updated}",
            "ActionsEnabled": true,
            "OKActions": [
                "arn:aws:sns:${REG}:${ACCT}:alder-oncall"
            ],
            "AlarmActions": [
                "arn:aws:sns:${REG}:${ACCT}:alder-oncall"
            ],
            "StateValue": "${state}",
            "MetricName": "SumOffsetLag",
            "Namespace": "AWS/Kafka",
            "Statistic": "Maximum",
            "Dimensions": [
                { "Name": "Cluster Name", "Value": "alder-prod-msk" },
                { "Name": "Consumer Group", "Value": "alder-order-service" },
                { "Name": "Topic", "Value": "payments.events" }
            ],
            "Period": 60,
            "EvaluationPeriods": 5,
            "DatapointsToAlarm": 5,
            "Threshold": ${threshold},
            "ComparisonOperator": "GreaterThanThreshold",
            "TreatMissingData": "breaching"
        }
    ],
    "CompositeAlarms": []
}`;
const ALARM_CMD = "aws cloudwatch describe-alarms --alarm-names alder-prod-payments-consumer-lag";

const itLoop = (failedRuns, failed) => `$ for i in $(seq 20); do ./gradlew test --tests '*OrderOutboxPublisherIT' --rerun -q >/tmp/it-$i.log 2>&1 || echo "run $i FAILED"; done
${failedRuns}
${failed}/20 runs failed`;
const IT_CMD = { command: "./scripts/it-loop.sh OrderOutboxPublisherIT 20" };

const TF = "terraform -chdir=infra/terraform/envs/prod";
const TF_REFRESH = `module.network.data.aws_vpc.main: Reading...
module.network.data.aws_vpc.main: Read complete after 0s [id=vpc-0a4e7c21d9b3f5e68]
module.orders_service.aws_cloudwatch_log_group.app: Refreshing state... [id=/ecs/alder-order-service]
module.orders_service.aws_lb_target_group.this: Refreshing state... [id=arn:aws:elasticloadbalancing:${REG}:${ACCT}:targetgroup/alder-prod-orders/7d41c09e2b5a8f13]
module.orders_service.aws_ecs_service.this: Refreshing state... [id=arn:aws:ecs:${REG}:${ACCT}:service/alder-prod/alder-order-service]
module.orders_service.aws_appautoscaling_target.this: Refreshing state... [id=service/alder-prod/alder-order-service]
module.alarms.aws_cloudwatch_metric_alarm.consumer_lag: Refreshing state... [id=alder-prod-payments-consumer-lag]
module.msk.aws_msk_cluster.this: Refreshing state... [id=arn:aws:kafka:${REG}:${ACCT}:cluster/alder-prod-msk/4f0e2c91-1b7a-4d3e-8c55-0a9e7d2b1f64-3]`;

const alder = {
  name: "alder (held out 42)",
  sessionId: "e73b4cf8-86c8-4c0d-968b-d5af585e6a00",
  cwd: D,
  turns: 218,
  seed: 42042,
  files: [
    "src/main/java/com/alder/orders/OrderService.java",
    "src/main/java/com/alder/orders/OrderController.java",
    "src/main/java/com/alder/orders/OrderRepository.java",
    "src/main/java/com/alder/orders/outbox/OrderOutboxPublisher.java",
    "src/main/java/com/alder/orders/payments/PaymentEventListener.java",
    "src/main/java/com/alder/orders/payments/PaymentEventHandler.java",
    "src/main/java/com/alder/orders/config/KafkaConfig.java",
    "src/main/java/com/alder/orders/config/DataSourceConfig.java",
    "src/main/resources/application.yml",
    "src/main/resources/application-prod.yml",
    "src/main/resources/db/migration/V42__orders_add_channel.sql",
    "build.gradle.kts",
    "infra/ecs/task-definition.json",
    "infra/terraform/modules/ecs-service/main.tf",
    "infra/terraform/modules/ecs-service/alb.tf",
    "infra/terraform/envs/prod/main.tf",
    ".github/workflows/ci.yml",
    ".github/workflows/deploy.yml",
  ],
  otherTests: [
    "com.alder.orders.OrderServiceTest",
    "com.alder.orders.OrderControllerTest",
    "com.alder.orders.payments.PaymentEventHandlerTest",
    "com.alder.orders.OrderRepositoryIT",
    "com.alder.orders.pricing.TaxCalculatorTest",
  ],
  words: ["order", "payment", "outbox", "event", "consumer", "partition", "offset", "task", "service", "pool", "connection", "migration", "schema", "listener", "record", "topic", "repo", "entity", "dto", "mapper", "client", "health", "probe", "batch", "refund", "channel"],
  grepWords: ["@KafkaListener", "HikariDataSource", "@Transactional", "OutboxEvent", "TODO", "maxPollRecords"],
  testCommands: ["./gradlew test --tests '*OrderServiceTest'", "./gradlew test --tests '*PaymentEventHandlerTest' -i", "./gradlew check"],
  buildCommands: ["./gradlew build -x test", "./gradlew bootJar", `${TF} validate`],
  appCommands: ["aws logs tail /ecs/alder-order-service --since 10m", "aws logs tail /ecs/alder-order-service-staging --since 10m", "docker compose logs app --since 5m"],
  prompts: ["continue", "next", "ok go on", "keep going", "go ahead", "ok", "proceed", "carry on", "next step pls", "yep do it", "sure"],
  facts: [
    // ---- day 1 (Dec 1): OOM kills, Hikari pool -------------------------------------------------------------------
    [2, "Read", { file_path: APPYML }, appYml({ pool: 10, minIdle: 10, pollRecords: 500, concurrency: 3 }), "appyml", { kind: "code", where: "top" }],
    [3, "Bash", { command: SVC_CMD }, svc({ desired: 4, running: 3, pending: 1, rev: 57, deployments: [dep("8812074412391047711", "PRIMARY", 57, 4, 3, 0, "COMPLETED", "2026-11-24T10:02:18.331000+01:00")], events: [["2026-12-01T08:58:40.902000+01:00", E.started(1, "2b7e0c1d9a4f")], ["2026-12-01T08:57:31.118000+01:00", E.stopped(1, "6d1f3a0b8c2e")], ["2026-12-01T08:21:09.774000+01:00", E.started(1, "0c9a4e7f1b2d")], ["2026-12-01T08:19:58.402000+01:00", E.stopped(1, "f3b8d2e0a6c1")]] }), "ecssvc", { kind: "app", where: "top" }],
    [5, "Bash", { command: "aws ecs list-tasks --cluster alder-prod --service-name alder-order-service --desired-status STOPPED --query 'taskArns[:2]' --output text | xargs aws ecs describe-tasks --cluster alder-prod --query 'tasks[].{task:taskArn,td:taskDefinitionArn,stoppedAt:stoppedAt,stopCode:stopCode,stoppedReason:stoppedReason,exit:containers[0].exitCode,reason:containers[0].reason}' --tasks" }, `[
    {
        "task": "arn:aws:ecs:${REG}:${ACCT}:task/alder-prod/6d1f3a0b8c2e",
        "td": "${tdArn(57)}",
        "stoppedAt": "2026-12-01T08:57:12.410000+01:00",
        "stopCode": "EssentialContainerExited",
        "stoppedReason": "Essential container in task exited",
        "exit": 137,
        "reason": "OutOfMemoryError: Container killed due to memory usage"
    },
    {
        "task": "arn:aws:ecs:${REG}:${ACCT}:task/alder-prod/f3b8d2e0a6c1",
        "td": "${tdArn(57)}",
        "stoppedAt": "2026-12-01T08:19:41.027000+01:00",
        "stopCode": "EssentialContainerExited",
        "stoppedReason": "Essential container in task exited",
        "exit": 137,
        "reason": "OutOfMemoryError: Container killed due to memory usage"
    }
]
(no java.lang.OutOfMemoryError in /ecs/alder-order-service before either stop: the heap was fine, the container went over its limit)`, undefined, { kind: "app", error: true, where: "top" }],
    [6, "Bash", TD_CMD(57), taskDef({ rev: 57, cpu: 1024, mem: 2048, image: "1.41.0", javaOpts: OPTS_57, registered: "2026-11-24T09:58:02.611000+01:00" }), "taskdef", { kind: "app", where: "top" }],
    [8, "Bash", CW_CMD, cw([["2026-12-01 02:00", "21.4%", "88.1%", 4], ["2026-12-01 03:00", "19.8%", "90.2%", 4], ["2026-12-01 04:00", "24.0%", "93.7%", 4], ["2026-12-01 05:00", "38.6%", "97.9%", 4], ["2026-12-01 06:00", "52.1%", "99.8%", 3], ["2026-12-01 07:00", "61.7%", "99.6%", 4]], "61.7%", "99.8%", "(4 tasks x 1 vCPU / 2 GB, revision 57)"), "ecsmetrics", { kind: "app", where: "top" }],
    [9, "Bash", { command: SVC_STG_CMD }, svc({ name: "alder-order-service-staging", cluster: "alder-staging", family: "alder-order-service-staging", desired: 2, running: 2, rev: 31, grace: 60, deployments: [dep("4410928374610298812", "PRIMARY", 31, 2, 2, 0, "COMPLETED", "2026-11-29T16:40:11.002000+01:00", "alder-order-service-staging")], events: [["2026-12-01T06:02:10.331000+01:00", ev("alder-order-service-staging").steady], ["2026-11-30T18:01:55.107000+01:00", ev("alder-order-service-staging").steady]] }), undefined, { kind: "app", where: "top" }],
    [11, "Read", { file_path: `${D}/infra/ecs/task-definition.json` }, tdJson(1024, 2048, "1.41.0", OPTS_57), undefined, { kind: "code", where: "top" }],
    [12, "Bash", { command: "aws ecs execute-command --cluster alder-prod --task 2b7e0c1d9a4f --container app --interactive --command \"sh /opt/diag/mem.sh\"" }, `The Session Manager plugin was installed successfully. Use the AWS CLI to start a session.

Starting session with SessionId: ecs-execute-command-0e5d71c2b9a8f4e13
-XX:MaxHeapSize=1887436800
-XX:ReservedCodeCacheSize=251658240
-XX:+UseG1GC
2147483648
2098421760
231
(heap alone may grow to 1800 MiB of the 2048 MiB task; metaspace ~190 MiB, code cache, 231 thread stacks, netty/kafka direct buffers come on top)

Exiting session with sessionId: ecs-execute-command-0e5d71c2b9a8f4e13.`, undefined, { kind: "app", where: "top" }],
    [14, "Edit", { file_path: `${D}/infra/ecs/task-definition.json`, old_string: `  "cpu": "1024",\n  "memory": "2048",`, new_string: `  "cpu": "2048",\n  "memory": "4096",` }, `The file ${D}/infra/ecs/task-definition.json has been updated. (JAVA_TOOL_OPTIONS "${OPTS_57}" -> "${OPTS_58}" in the same edit: size the heap from the task memory instead of a fixed -Xmx)`, undefined, { kind: "code", where: "top" }],
    [16, "Bash", { command: "aws ecs register-task-definition --cli-input-json file://infra/ecs/task-definition.json --query 'taskDefinition.[family,revision,cpu,memory]' --output text && aws ecs update-service --cluster alder-prod --service alder-order-service --task-definition alder-order-service:58 --query 'service.deployments[0].[id,status,rolloutState]' --output text" }, `alder-order-service\t58\t2048\t4096
ecs-svc/2290418837201648190\tPRIMARY\tIN_PROGRESS`, undefined, { kind: "build", where: "top" }],
    [17, "Bash", TD_CMD(58), taskDef({ rev: 58, cpu: 2048, mem: 4096, image: "1.41.0", javaOpts: OPTS_58, registered: "2026-12-01T09:41:27.220000+01:00" }), "taskdef", { kind: "app", where: "top" }],
    [19, "Bash", { command: SVC_CMD }, svc({ desired: 4, running: 4, rev: 58, deployments: [dep("2290418837201648190", "PRIMARY", 58, 4, 4, 0, "COMPLETED", "2026-12-01T09:41:40.118000+01:00")], events: [["2026-12-01T09:58:12.640000+01:00", E.steady], ["2026-12-01T09:58:12.639000+01:00", E.completed("2290418837201648190")], ["2026-12-01T09:52:03.221000+01:00", E.stopped(2, "2b7e0c1d9a4f")], ["2026-12-01T09:47:30.902000+01:00", E.registered(2)]] }), "ecssvc", { kind: "app", where: "top" }],
    [21, "Bash", { command: "git commit -am 'ecs: 2 vCPU / 4 GB, heap via MaxRAMPercentage' && git log -1 --format='%h %s%n%n%b'" }, `[main 4e1a7c9] ecs: 2 vCPU / 4 GB, heap via MaxRAMPercentage
 1 file changed, 3 insertions(+), 3 deletions(-)
4e1a7c9 ecs: 2 vCPU / 4 GB, heap via MaxRAMPercentage

Tasks were stopped with exit 137 (container OOM) several times a day. -Xmx1800m in a
2048 MiB task left ~250 MiB for metaspace, code cache, ~230 thread stacks and the
Kafka/Netty direct buffers. Revision 58: 2048 CPU / 4096 MiB and the heap as 75% of
the container instead of a fixed -Xmx; ExitOnOutOfMemoryError so a real heap OOM
restarts the task instead of limping on.`, undefined, { kind: "build", where: "top" }],
    [23, "Bash", CW_CMD, cw([["2026-12-01 08:00", "58.2%", "97.1%", 4], ["2026-12-01 09:00", "49.0%", "78.4%", 5], ["2026-12-01 10:00", "31.5%", "57.2%", 4], ["2026-12-01 11:00", "33.8%", "60.9%", 4], ["2026-12-01 12:00", "36.1%", "61.4%", 4], ["2026-12-01 13:00", "34.7%", "60.1%", 4]], "58.2%", "97.1%", "(revision 58 since 09:58; from 10:00 on 2 vCPU / 4 GB)"), "ecsmetrics", { kind: "app", where: "top" }],
    [25, "Read", { file_path: `${D}/src/main/resources/application.yml` }, numbered(1, `spring:
  application:
    name: alder-order-service
  datasource:
    url: jdbc:mysql://localhost:3306/orders
    hikari:
      maximum-pool-size: 10
      connection-timeout: 10000
  kafka:
    bootstrap-servers: localhost:9092
    consumer:
      group-id: alder-order-service-local
      max-poll-records: 500
    listener:
      concurrency: 1
management:
  endpoints:
    web:
      exposure:
        include: "*"`), undefined, { kind: "code", where: "top" }],
    [27, "Read", { file_path: GRADLE }, gradle("3.2.5", "1.1.5", false), "bootver", { kind: "code", where: "top" }],
    [29, "Bash", { command: "./gradlew test" }, `> Task :compileJava
> Task :processResources
> Task :classes
> Task :compileTestJava
> Task :test

OrderServiceTest > cancelsUnpaidOrderAfterTimeout() PASSED
PaymentEventHandlerTest > marksOrderPaidOnCaptured() PASSED
OrderOutboxPublisherIT > publishesOrderCreated() PASSED
OrderRepositoryIT > findsOpenOrdersByCustomer() PASSED

BUILD SUCCESSFUL in 2m 41s
5 actionable tasks: 5 executed
212 tests completed, 0 failed, 3 skipped`, undefined, { kind: "test", where: "bottom" }],
    [31, "Bash", TD_CMD(31, "alder-order-service-staging"), taskDef({ rev: 31, cpu: 1024, mem: 2048, image: "1.41.0", javaOpts: "-XX:MaxRAMPercentage=75.0 -XX:+UseSerialGC", family: "alder-order-service-staging", profile: "staging", registered: "2026-11-29T16:39:50.418000+01:00" }), undefined, { kind: "app", where: "top" }],
    [33, "Bash", { command: "aws logs filter-log-events --log-group-name /ecs/alder-order-service --start-time $(date -d '-2 hours' +%s000) --filter-pattern '\"Connection is not available\"' --query 'events[:4].message' --output text" }, `2026-12-01T11:42:17.204Z ERROR 1 --- [alder-order-service] [nio-8080-exec-37] o.h.engine.jdbc.spi.SqlExceptionHelper   : alder-hikari - Connection is not available, request timed out after 30000ms (total=10, active=10, idle=0, waiting=41)
2026-12-01T11:42:17.311Z ERROR 1 --- [alder-order-service] [nio-8080-exec-12] o.a.c.c.C.[.[.[/].[dispatcherServlet]    : Servlet.service() for servlet [dispatcherServlet] threw exception [Request processing failed: org.springframework.transaction.CannotCreateTransactionException: Could not open JPA EntityManager for transaction] with root cause
2026-12-01T11:42:18.090Z ERROR 1 --- [alder-order-service] [ntainer#0-1-C-1] o.h.engine.jdbc.spi.SqlExceptionHelper   : alder-hikari - Connection is not available, request timed out after 30000ms (total=10, active=10, idle=0, waiting=38)
2026-12-01T11:42:19.552Z  WARN 1 --- [alder-order-service] [nio-8080-exec-51] o.s.w.s.m.s.DefaultHandlerExceptionResolver : Resolved [org.springframework.web.HttpMediaTypeNotAcceptableException]
(1,912 of these between 11:30 and 11:50, lunch peak: 4 tasks x 10 connections, 200 Tomcat threads and 3 listener threads per task competing for them)`, undefined, { kind: "app", error: true, where: "top" }],
    [35, "Bash", CONN_CMD, mysqlConn(200, 44, 40, 9, [["alder_app", 40], ["reporting_ro", 3], ["rdsadmin", 1], ["event_scheduler", 1]]), "mysqlconn", { kind: "app", where: "top" }],
    [36, "Bash", { command: "aws logs tail /ecs/alder-reporting-staging --since 1h --filter-pattern 'Hikari'" }, `2026-12-01T11:05:40.118Z alder-reporting-staging/app/91c0 WARN  com.zaxxer.hikari.pool.HikariPool : reporting-hikari - Thread starvation or clock leap detected (housekeeper delta=1m12s).
2026-12-01T11:06:02.771Z alder-reporting-staging/app/91c0 ERROR o.h.engine.jdbc.spi.SqlExceptionHelper : reporting-hikari - Connection is not available, request timed out after 10000ms (total=4, active=4, idle=0, waiting=2)
2026-12-01T11:06:02.790Z alder-reporting-staging/app/91c0 ERROR c.a.reporting.ExportJob : monthly export failed, retrying in 60s
(staging reporting service, separate pool and database; not the order service)`, undefined, { kind: "app", error: true, where: "top" }],
    [38, "Edit", { file_path: APPYML, old_string: "      maximum-pool-size: 10\n      minimum-idle: 10", new_string: "      maximum-pool-size: 30\n      minimum-idle: 10" }, `The file ${APPYML} has been updated.`, undefined, { kind: "code", where: "top" }],
    [40, "Read", { file_path: APPYML }, appYml({ pool: 30, minIdle: 10, pollRecords: 500, concurrency: 3 }), "appyml", { kind: "code", where: "top" }],
    [42, "Bash", { command: `./gradlew bootJar -PreleaseVersion=1.41.1 && docker buildx build --platform linux/amd64 -t ${ECR}:1.41.1 --push .` }, `> Task :bootJar

BUILD SUCCESSFUL in 38s
[+] Building 71.4s (12/12) FINISHED                                       docker-container:builder
 => [internal] load build definition from Dockerfile                                         0.0s
 => [internal] load metadata for docker.io/library/eclipse-temurin:21-jre-jammy               1.2s
 => [1/4] FROM docker.io/library/eclipse-temurin:21-jre-jammy                                 0.0s
 => [2/4] RUN useradd --system --uid 10001 app                                                0.4s
 => [3/4] COPY build/libs/alder-order-service-1.41.1.jar /app/app.jar                          0.6s
 => exporting to image                                                                        64.9s
 => => pushing layers                                                                          58.1s
 => => pushing manifest for ${ECR}:1.41.1                                                      1.1s`, undefined, { kind: "build", where: "top" }],
    [44, "Bash", TG_CMD, tg({ path: "/actuator/health", interval: 30, timeout: 5, healthy: 5, unhealthy: 2 }), "tg", { kind: "app", where: "top" }],
    [45, "Bash", { command: "./scripts/deploy.sh prod 1.41.1" }, `registering task definition from infra/ecs/task-definition.json (image ${ECR}:1.41.1)
registered alder-order-service:59
updating service alder-order-service on alder-prod -> alder-order-service:59
waiting for services-stable ... ok (6m02s)`, undefined, { kind: "build", where: "top" }],
    [46, "Bash", { command: SVC_CMD }, svc({ desired: 4, running: 4, rev: 59, deployments: [dep("6120938475510294831", "PRIMARY", 59, 4, 4, 0, "COMPLETED", "2026-12-01T14:12:44.018000+01:00")], events: [["2026-12-01T14:18:46.771000+01:00", E.steady], ["2026-12-01T14:18:46.770000+01:00", E.completed("6120938475510294831")], ["2026-12-01T14:16:10.402000+01:00", E.stopped(2, "91e0d7c3b5a2")], ["2026-12-01T14:13:58.220000+01:00", E.registered(2)]] }), "ecssvc", { kind: "app", where: "top" }],
    [48, "Bash", CONN_CMD, mysqlConn(200, 128, 122, 14, [["alder_app", 120], ["reporting_ro", 2], ["rdsadmin", 1], ["event_scheduler", 1]]), "mysqlconn", { kind: "app", where: "top" }],

    // ---- days 2-3 (Dec 2/3): Flyway V42, then the consumer lag incident--------------------------------------------
    [52, "Read", { file_path: `${D}/src/main/resources/db/migration/V42__orders_add_channel.sql` }, numbered(1, `-- orders.channel: where the order was placed (web, app, pos); backfilled from source_app_id
ALTER TABLE orders ADD COLUMN channel VARCHAR(16) NOT NULL DEFAULT 'web';

CREATE INDEX idx_orders_channel_created ON orders (channel, created_at);

UPDATE orders SET channel = 'app' WHERE source_app_id IS NOT NULL;`), undefined, { kind: "code", where: "top" }],
    [54, "Bash", { command: "git log --oneline -n 6" }, `b20d4f1 orders: channel column + index (V42), channel filter on GET /orders
0a7c3e2 hikari: pool 30 in prod
4e1a7c9 ecs: 2 vCPU / 4 GB, heap via MaxRAMPercentage
c19f0e8 payments: ignore duplicate CAPTURED events
7be2a51 outbox: publish in batches of 50
e4d0913 deps: spring cloud aws 3.1.1`, undefined, { kind: "build", where: "top" }],
    [56, "Bash", { command: "./scripts/deploy.sh prod 1.42.0" }, `registering task definition from infra/ecs/task-definition.json (image ${ECR}:1.42.0)
registered alder-order-service:60
updating service alder-order-service on alder-prod -> alder-order-service:60
waiting for services-stable ...`, undefined, { kind: "build", where: "top" }],
    [58, "Bash", { command: "mysql --defaults-group-suffix=_prod -e \"SELECT id, user, host, db, command, time, state, LEFT(info, 90) AS info FROM information_schema.processlist WHERE db = 'orders' AND command <> 'Sleep' ORDER BY time DESC LIMIT 6\"" }, `+--------+--------------+-------------------+--------+---------+------+---------------------------------+--------------------------------------------------------------------------------------------+
| id     | user         | host              | db     | command | time | state                           | info                                                                                       |
+--------+--------------+-------------------+--------+---------+------+---------------------------------+--------------------------------------------------------------------------------------------+
| 881204 | reporting_ro | 10.40.31.7:51522  | orders | Query   | 1412 | executing                       | /* monthly-revenue-export */ SELECT o.id, o.total_cents, o.created_at, i.sku, i.qty FROM o |
| 881377 | alder_app    | 10.40.12.31:40112 | orders | Query   |   48 | Waiting for table metadata lock | CREATE INDEX idx_orders_channel_created ON orders (channel, created_at)                     |
| 881390 | alder_app    | 10.40.14.77:38810 | orders | Query   |   46 | Waiting for table metadata lock | SELECT o1_0.id,o1_0.channel,o1_0.created_at,o1_0.customer_id FROM orders o1_0 WHERE o1_0.i |
| 881391 | alder_app    | 10.40.13.108:5120 | orders | Query   |   45 | Waiting for table metadata lock | SELECT o1_0.id,o1_0.channel,o1_0.created_at,o1_0.customer_id FROM orders o1_0 WHERE o1_0.i |
+--------+--------------+-------------------+--------+---------+------+---------------------------------+--------------------------------------------------------------------------------------------+`, undefined, { kind: "app", where: "top" }],
    [60, "Bash", { command: "aws logs tail /ecs/alder-order-service --since 15m --filter-pattern '?ERROR ?Migrating'" }, `2026-12-02T08:12:40.118Z alder-order-service/app/5a0e  INFO 1 --- [main] o.f.core.internal.command.DbMigrate : Current version of schema \`orders\`: 41
2026-12-02T08:12:40.131Z alder-order-service/app/5a0e  INFO 1 --- [main] o.f.core.internal.command.DbMigrate : Migrating schema \`orders\` to version "42 - orders add channel"
2026-12-02T08:13:31.502Z alder-order-service/app/5a0e ERROR 1 --- [main] o.s.boot.SpringApplication : Application run failed
org.springframework.beans.factory.BeanCreationException: Error creating bean with name 'flywayInitializer' defined in class path resource [org/springframework/boot/autoconfigure/flyway/FlywayAutoConfiguration$FlywayConfiguration.class]: Migration V42__orders_add_channel.sql failed
---------------------------------------------
SQL State  : HY000
Error Code : 1205
Message    : Lock wait timeout exceeded; try restarting transaction
Location   : db/migration/V42__orders_add_channel.sql (/app/BOOT-INF/classes/db/migration/V42__orders_add_channel.sql)
Line       : 4
Statement  : CREATE INDEX idx_orders_channel_created ON orders (channel, created_at)
(MySQL DDL is not transactional: the ALTER on line 2 had already been committed when line 4 failed)`, undefined, { kind: "app", error: true, where: "top" }],
    [61, "Bash", { command: SVC_CMD }, svc({ desired: 4, running: 4, pending: 1, rev: 60, deployments: [dep("7301928840129384712", "PRIMARY", 60, 4, 0, 5, "IN_PROGRESS", "2026-12-02T08:11:52.640000+01:00"), dep("6120938475510294831", "ACTIVE", 59, 4, 4, 0, "COMPLETED", "2026-12-01T14:12:44.018000+01:00")], events: [["2026-12-02T08:31:02.118000+01:00", E.started(1, "ad40e19c7b52")], ["2026-12-02T08:27:40.902000+01:00", E.stopped(1, "e8b1f20c4d93")], ["2026-12-02T08:19:12.331000+01:00", E.started(1, "e8b1f20c4d93")], ["2026-12-02T08:13:40.007000+01:00", E.stopped(1, "5a0e71c2d8b4")]] }), "ecssvc", { kind: "app", error: true, where: "top" }],
    [62, "Bash", { command: "aws logs tail /ecs/alder-order-service --since 10m --filter-pattern 'FlywayValidateException'" }, `2026-12-02T08:19:58.770Z alder-order-service/app/e8b1 ERROR 1 --- [main] o.s.boot.SpringApplication : Application run failed
org.flywaydb.core.api.exception.FlywayValidateException: Validate failed: Migrations have failed validation
Detected failed migration to version 42 (orders add channel).
Please remove any half-completed changes then run repair to fix the schema history.
Need more flexibility with validation rules? Learn more: https://rd.gt/3AbJUZE
(every new task of revision 60 since the first one; the 4 tasks of revision 59 keep serving)`, undefined, { kind: "app", error: true, where: "top" }],
    [63, "Bash", FW_CMD, flywayInfo(41, [...FW_OLD, fwRow("42", "orders add channel", "2026-12-02 08:12:40", "Failed")]), "flywayinfo", { kind: "app", error: true, where: "top" }],
    [65, "Bash", { command: "mysql --defaults-group-suffix=_staging -e \"SHOW GLOBAL STATUS WHERE Variable_name IN ('Threads_connected','Threads_running'); SELECT version, description, success FROM orders.flyway_schema_history ORDER BY installed_rank DESC LIMIT 3\"" }, `+-------------------+-------+
| Variable_name     | Value |
+-------------------+-------+
| Threads_connected | 14    |
| Threads_running   | 2     |
+-------------------+-------+
+---------+----------------------------+---------+
| version | description                | success |
+---------+----------------------------+---------+
| 42      | orders add channel         |       1 |
| 41      | order items add discount   |       1 |
| 40      | outbox events add headers  |       1 |
+---------+----------------------------+---------+
(staging: V42 went through there on Nov 30, nothing was reading the orders table at the time)`, undefined, { kind: "app", where: "top" }],
    [67, "Bash", { command: "mysql --defaults-group-suffix=_prod orders -e \"SHOW COLUMNS FROM orders LIKE 'channel'; SHOW INDEX FROM orders WHERE Key_name LIKE 'idx_orders_channel%'\"" }, `+---------+-------------+------+-----+---------+-------+
| Field   | Type        | Null | Key | Default | Extra |
+---------+-------------+------+-----+---------+-------+
| channel | varchar(16) | NO   |     | web     |       |
+---------+-------------+------+-----+---------+-------+
(SHOW INDEX: empty set, idx_orders_channel_created was never created)`, undefined, { kind: "app", where: "top" }],
    [69, "Bash", { command: "mysql --defaults-group-suffix=_prod orders -e \"ALTER TABLE orders DROP COLUMN channel, ALGORITHM=INPLACE, LOCK=NONE\" && flyway -configFiles=ops/flyway/prod.conf repair" }, `Query OK, 0 rows affected (41.20 sec)
Records: 0  Duplicates: 0  Warnings: 0
Flyway OSS Edition 10.10.0 by Redgate

Database: jdbc:mysql://alder-prod-db.internal:3306/orders (MySQL 8.0)
Successfully removed 1 failed migration from the schema history table \`orders\`.\`flyway_schema_history\`.
Successfully repaired schema history table \`orders\`.\`flyway_schema_history\` (execution time 00:00.118s).`, undefined, { kind: "app", where: "top" }],
    [71, "Edit", { file_path: `${D}/src/main/resources/db/migration/V42__orders_add_channel.sql`, old_string: "ALTER TABLE orders ADD COLUMN channel VARCHAR(16) NOT NULL DEFAULT 'web';\n\nCREATE INDEX idx_orders_channel_created ON orders (channel, created_at);", new_string: "-- one statement, online: a half-applied V42 (column without index) cost us a manual cleanup on Dec 2\nALTER TABLE orders\n  ADD COLUMN channel VARCHAR(16) NOT NULL DEFAULT 'web',\n  ADD INDEX idx_orders_channel_created (channel, created_at),\n  ALGORITHM=INPLACE, LOCK=NONE;" }, `The file ${D}/src/main/resources/db/migration/V42__orders_add_channel.sql has been updated.`, undefined, { kind: "code", where: "top" }],
    [73, "Bash", { command: "flyway -configFiles=ops/flyway/prod.conf -locations=filesystem:src/main/resources/db/migration migrate" }, `Flyway OSS Edition 10.10.0 by Redgate

Database: jdbc:mysql://alder-prod-db.internal:3306/orders (MySQL 8.0)
Successfully validated 42 migrations (execution time 00:00.204s)
Current version of schema \`orders\`: 41
Migrating schema \`orders\` to version "42 - orders add channel"
Successfully applied 1 migration to schema \`orders\`, now at version v42 (execution time 03:12.771s)
(run at 22:11 with the reporting exports paused; lock_wait_timeout 60 for this session)`, undefined, { kind: "app", where: "top" }],
    [75, "Bash", { command: "./scripts/deploy.sh prod 1.42.1" }, `registering task definition from infra/ecs/task-definition.json (image ${ECR}:1.42.1)
registered alder-order-service:61
updating service alder-order-service on alder-prod -> alder-order-service:61
waiting for services-stable ... ok (5m44s)`, undefined, { kind: "build", where: "top" }],
    [78, "Bash", FW_CMD, flywayInfo(42, [...FW_OLD, FW_42_OK]), "flywayinfo", { kind: "app", where: "top" }],
    [80, "Bash", { command: "git commit -am 'V42: one online ALTER (column + index)' && git log -1 --format='%h %s%n%n%b'" }, `[main 5c8e2d0] V42: one online ALTER (column + index)
 1 file changed, 5 insertions(+), 3 deletions(-)
5c8e2d0 V42: one online ALTER (column + index)

V42 failed in prod this morning: the CREATE INDEX waited on a metadata lock held by the
monthly revenue export and hit lock_wait_timeout. MySQL had already committed the ADD
COLUMN, so the schema was half migrated and every new task failed Flyway validation.
We dropped the column by hand, ran flyway repair (removes the failed row and realigns
the checksum of the edited file) and re-ran V42 as a single ALGORITHM=INPLACE ALTER at
22:11 with the exports paused. Revision 61 (1.42.1) is live.`, undefined, { kind: "build", where: "top" }],
    [82, "Bash", { command: SVC_CMD }, svc({ desired: 4, running: 4, rev: 61, deployments: [dep("1938472010293847561", "PRIMARY", 61, 4, 4, 0, "COMPLETED", "2026-12-02T22:20:31.110000+01:00")], events: [["2026-12-02T22:26:15.402000+01:00", E.steady], ["2026-12-02T22:26:15.401000+01:00", E.completed("1938472010293847561")], ["2026-12-02T22:23:40.118000+01:00", E.stopped(4, "ad40e19c7b52")], ["2026-12-02T22:21:50.640000+01:00", E.registered(4)]] }), "ecssvc", { kind: "app", where: "top" }],
    [84, "Bash", LAG_CMD, lagOut("alder-order-service", "payments.events", LAG_PEAK, "(payments.events, 2026-12-03 13:40; orders are stuck in PAYMENT_PENDING since about 11:00)"), "lag", { kind: "app", error: true, where: "top" }],
    [86, "Bash", { command: "aws logs filter-log-events --log-group-name /ecs/alder-order-service --start-time $(date -d '-3 hours' +%s000) --filter-pattern '?\"poll timeout\" ?CommitFailedException' --query 'events[:3].message' --output text" }, `2026-12-03T13:51:09.332Z  WARN 1 --- [alder-order-service] [ntainer#0-2-C-1] o.a.k.c.c.internals.ConsumerCoordinator  : [Consumer clientId=consumer-alder-order-service-3, groupId=alder-order-service] consumer poll timeout has expired. This means the time between subsequent calls to poll() was longer than the configured max.poll.interval.ms, which typically implies that the poll loop is spending too much time processing messages. You can address this either by increasing max.poll.interval.ms or by reducing the maximum size of batches returned in poll() with max.poll.records.
2026-12-03T13:51:09.340Z ERROR 1 --- [alder-order-service] [ntainer#0-2-C-1] o.s.k.l.KafkaMessageListenerContainer    : Consumer exception
org.apache.kafka.clients.consumer.CommitFailedException: Offset commit cannot be completed since the consumer is not part of an active group for auto partition assignment; it is likely that the consumer was kicked out of the group.
(a poll of 500 payment events takes 6-9 minutes at the moment: each record runs 3 queries and waits on the Hikari pool; the partition is revoked, the same batch is re-delivered to the next member, and the group rebalances again)`, undefined, { kind: "app", error: true, where: "top" }],
    [87, "Bash", { command: `kafka-consumer-groups.sh ${MSK} --describe --group alder-notification-service | tee /tmp/lag-notif.txt; awk 'NR>1 && $6 ~ /^[0-9]+$/ {s+=$6} END {print "total lag: " s}' /tmp/lag-notif.txt` }, lagOut("alder-notification-service", "payments.events", lagRows([3, 0, 12, 1, 0, 5], 18288004, 2), "(notification service reads the same topic in its own group; it is keeping up)"), undefined, { kind: "app", where: "top" }],
    [88, "Bash", TOPIC_CMD, topic("payments.events", 6), "topic", { kind: "app", where: "top" }],
    [89, "Bash", { command: `kafka-topics.sh ${MSK} --describe --topic orders.created` }, topic("orders.created", 12, 1209600000), undefined, { kind: "app", where: "top" }],
    [90, "Bash", { command: `aws ecs update-service --cluster alder-prod --service alder-order-service --desired-count 8 >/dev/null && aws ecs wait services-stable --cluster alder-prod --services alder-order-service && ${SVC_CMD}` }, svc({ desired: 8, running: 8, rev: 61, deployments: [dep("1938472010293847561", "PRIMARY", 61, 8, 8, 0, "COMPLETED", "2026-12-02T22:20:31.110000+01:00")], events: [["2026-12-03T14:02:51.331000+01:00", E.steady], ["2026-12-03T14:01:12.902000+01:00", E.registered(4)], ["2026-12-03T13:58:40.118000+01:00", E.started(4, "c01e9b7d2a54")], ["2026-12-03T13:20:15.402000+01:00", E.steady]] }), "ecssvc", { kind: "app", where: "top" }],
    [92, "Bash", { command: `${LAG_CMD.command}; kafka-consumer-groups.sh ${MSK} --describe --group alder-order-service --members | awk 'NR>1 {n++; if ($5 == 0) idle++} END {print idle " of " n " consumers have no partition assigned"}'` }, lagOut("alder-order-service", "payments.events", LAG_SCALED, "18 of 24 consumers have no partition assigned\n(8 tasks x concurrency 3 = 24 consumers for 6 partitions)"), "lag", { kind: "app", error: true, where: "top" }],
    [94, "Bash", { command: "aws logs filter-log-events --log-group-name /ecs/alder-order-service --start-time $(date -d '-30 minutes' +%s000) --filter-pattern 'SQLNonTransientConnectionException' --query 'events[:3].message' --output text" }, `2026-12-03T14:02:44.910Z  WARN 1 --- [alder-order-service] [alder-hikari housekeeper] com.zaxxer.hikari.pool.HikariPool        : alder-hikari - Pool is below minimum idle, failed to add connection
java.sql.SQLNonTransientConnectionException: Data source rejected establishment of connection,  message from server: "Too many connections"
	at com.mysql.cj.jdbc.exceptions.SQLError.createSQLException(SQLError.java:112)
	at com.zaxxer.hikari.pool.PoolBase.newConnection(PoolBase.java:361)
2026-12-03T14:02:45.118Z ERROR 1 --- [alder-order-service] [nio-8080-exec-22] o.h.engine.jdbc.spi.SqlExceptionHelper   : alder-hikari - Connection is not available, request timed out after 30000ms (total=17, active=17, idle=0, waiting=22)
(since the scale-out to 8 tasks: 8 x pool 30 = 240 > max_connections 200 on alder-prod-db)`, undefined, { kind: "app", error: true, where: "top" }],
    [95, "Bash", CONN_CMD, mysqlConn(200, 200, 200, 61, [["alder_app", 195], ["reporting_ro", 3], ["rdsadmin", 1], ["event_scheduler", 1]]), "mysqlconn", { kind: "app", error: true, where: "top" }],
    [97, "Edit", { file_path: APPYML, old_string: "      maximum-pool-size: 30", new_string: "      maximum-pool-size: 20" }, `The file ${APPYML} has been updated. (same change: spring.kafka.consumer.max-poll-records 500 -> 100, spring.kafka.listener.concurrency 3 -> 2)`, undefined, { kind: "code", where: "top" }],
    [98, "Read", { file_path: APPYML }, appYml({ pool: 20, minIdle: 5, pollRecords: 100, concurrency: 2 }), "appyml", { kind: "code", where: "top" }],
    [100, "Bash", { command: `kafka-topics.sh ${MSK} --alter --topic payments.events --partitions 12 && ${TOPIC_CMD.command}` }, topic("payments.events", 12), "topic", { kind: "app", where: "top" }],
    [102, "Bash", { command: "./scripts/deploy.sh prod 1.42.2 && aws ecs update-service --cluster alder-prod --service alder-order-service --desired-count 6 --query 'service.[desiredCount,taskDefinition]' --output text" }, `registering task definition from infra/ecs/task-definition.json (image ${ECR}:1.42.2)
registered alder-order-service:62
updating service alder-order-service on alder-prod -> alder-order-service:62
waiting for services-stable ... ok (7m10s)
6\t${tdArn(62)}`, undefined, { kind: "build", where: "top" }],
    [104, "Bash", { command: SVC_CMD }, svc({ desired: 6, running: 6, rev: 62, deployments: [dep("5502918374650192837", "PRIMARY", 62, 6, 6, 0, "COMPLETED", "2026-12-03T14:31:02.771000+01:00")], events: [["2026-12-03T14:48:20.118000+01:00", E.steady], ["2026-12-03T14:46:05.331000+01:00", E.stopped(2, "c01e9b7d2a54")], ["2026-12-03T14:38:12.640000+01:00", E.completed("5502918374650192837")], ["2026-12-03T14:33:40.902000+01:00", E.registered(8)]] }), "ecssvc", { kind: "app", where: "top" }],
    [106, "Bash", LAG_CMD, lagOut("alder-order-service", "payments.events", LAG_FIX, "(6 tasks x concurrency 2 = 12 consumers, one partition each; draining ~2,900 records/s)"), "lag", { kind: "app", where: "top" }],
    [108, "Bash", CONN_CMD, mysqlConn(200, 200, 121, 18, [["alder_app", 117], ["reporting_ro", 2], ["rdsadmin", 1], ["event_scheduler", 1]]), "mysqlconn", { kind: "app", where: "top" }],
    [110, "Bash", { command: `aws cloudwatch put-metric-alarm --cli-input-json file://ops/alarms/consumer-lag.json && ${ALARM_CMD}` }, alarm("10000.0", "INSUFFICIENT_DATA", "2026-12-03T15:02:44.118000+00:00"), "alarm", { kind: "app", where: "top" }],
    [112, "Bash", { command: "git commit -am 'kafka: max.poll.records 100, concurrency 2; hikari 20' && git log -1 --format='%h %s%n%n%b'" }, `[main 3d7f1a4] kafka: max.poll.records 100, concurrency 2; hikari 20
 2 files changed, 9 insertions(+), 4 deletions(-)
3d7f1a4 kafka: max.poll.records 100, concurrency 2; hikari 20

payments.events lag reached 412k: batches of 500 records took longer than
max.poll.interval.ms (5 min), members were kicked out and the group kept rebalancing.
Scaling to 8 tasks did not help (6 partitions, 18 idle consumers) and ran MySQL out of
connections (8 x 30). Now: 100 records per poll, 12 partitions, 6 tasks with 2 listener
threads each, Hikari 20 per task (120 of 200 connections). Lag alarm on SumOffsetLag.`, undefined, { kind: "build", where: "top" }],
    [114, "Bash", LAG_CMD, lagOut("alder-order-service", "payments.events", LAG_CAUGHT), "lag", { kind: "app", where: "top" }],
    [116, "Bash", CW_CMD, cw([["2026-12-03 10:00", "44.2%", "59.8%", 4], ["2026-12-03 11:00", "52.9%", "63.1%", 4], ["2026-12-03 12:00", "58.0%", "66.4%", 4], ["2026-12-03 13:00", "63.4%", "67.0%", 8], ["2026-12-03 14:00", "71.0%", "68.2%", 6], ["2026-12-03 15:00", "47.5%", "62.7%", 6]], "71.0%", "68.2%"), "ecsmetrics", { kind: "app", where: "top" }],

    // ---- day 3 (Dec 4): flaky IT, Spring Boot bump, bad revision ----------------------------------------------------
    [118, "Bash", { command: "gh run list --workflow ci.yml --limit 6" }, `STATUS  TITLE                                              WORKFLOW  BRANCH  EVENT  ID           ELAPSED  AGE
X       orders: channel filter on GET /orders/export       ci        main    push   12052210874  9m12s    25 minutes ago
✓       kafka: max.poll.records 100, concurrency 2; hi...  ci        main    push   12048817302  8m51s    18 hours ago
X       V42: one online ALTER (column + index)             ci        main    push   12041190233  9m40s    1 day ago
✓       hikari: pool 30 in prod                            ci        main    push   12031877120  8m47s    2 days ago
✓       ecs: 2 vCPU / 4 GB, heap via MaxRAMPercentage      ci        main    push   12029930417  8m39s    2 days ago
(both red runs: OrderOutboxPublisherIT; re-run of 12041190233 was green)`, undefined, { kind: "build", error: true, where: "top" }],
    [120, "Bash", { command: "./gradlew test --tests '*OrderOutboxPublisherIT'" }, `> Task :test

OrderOutboxPublisherIT > publishesOrderCreated() FAILED
    org.opentest4j.AssertionFailedError: 
    expected: 1
     but was: 0
        at app//com.alder.orders.outbox.OrderOutboxPublisherIT.publishesOrderCreated(OrderOutboxPublisherIT.java:38)

OrderOutboxPublisherIT > publishesOrderCancelled() PASSED
OrderOutboxPublisherIT > skipsAlreadyPublished() PASSED

3 tests completed, 1 failed

FAILURE: Build failed with an exception.`, undefined, { kind: "test", error: true, where: "top" }],
    [122, "Bash", IT_CMD, itLoop("run 2 FAILED\nrun 5 FAILED\nrun 9 FAILED\nrun 14 FAILED\nrun 15 FAILED\nrun 19 FAILED", 6), "flaky", { kind: "test", error: true, where: "bottom" }],
    [124, "Read", { file_path: `${D}/src/test/java/com/alder/orders/outbox/OrderOutboxPublisherIT.java` }, numbered(28, `    @Test
    void publishesOrderCreated() {
        var order = orders.save(OrderFixtures.paidOrder());
        outboxPublisher.publishPending();

        try (var consumer = testConsumer("test", "orders.created")) {
            var records = KafkaTestUtils.getRecords(consumer, Duration.ofSeconds(5));
            assertThat(records.count()).isEqualTo(1);
            assertThat(records.iterator().next().key()).isEqualTo(order.getId().toString());
        }
    }

    private Consumer<String, String> testConsumer(String groupId, String topic) {
        var props = KafkaTestUtils.consumerProps(kafka.getBootstrapServers(), groupId, "true");
        props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "latest");
        var consumer = new DefaultKafkaConsumerFactory<>(props, new StringDeserializer(), new StringDeserializer()).createConsumer();
        consumer.subscribe(List.of(topic));
        return consumer;
    }`), undefined, { kind: "code", where: "top" }],
    [126, "Edit", { file_path: `${D}/src/test/java/com/alder/orders/outbox/OrderOutboxPublisherIT.java`, old_string: '        props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "latest");', new_string: '        props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");' }, `The file ${D}/src/test/java/com/alder/orders/outbox/OrderOutboxPublisherIT.java has been updated. (all three tests now call testConsumer("outbox-it-" + UUID.randomUUID(), ...) and filter records by the order id)`, undefined, { kind: "code", where: "top" }],
    [128, "Bash", IT_CMD, itLoop("(no failed runs)", 0), "flaky", { kind: "test", where: "bottom" }],
    [129, "Bash", { command: "git commit -am 'test: outbox IT reads from earliest with its own group' && git log -1 --format='%h %s%n%n%b'" }, `[main 8a2f6c1] test: outbox IT reads from earliest with its own group
 1 file changed, 8 insertions(+), 5 deletions(-)
8a2f6c1 test: outbox IT reads from earliest with its own group

OrderOutboxPublisherIT failed 6 of 20 runs (expected 1 but was 0). The test consumer
subscribed after publishPending() with auto.offset.reset=latest and the shared group id
"test": when the group had no committed offset yet, the consumer started at the end of
the topic and never saw the record; when an earlier test had committed one, it did.
Now every test uses its own group, reads from earliest and filters by order id.`, undefined, { kind: "build", where: "top" }],
    [131, "Edit", { file_path: GRADLE, old_string: '    id("org.springframework.boot") version "3.2.5"\n    id("io.spring.dependency-management") version "1.1.5"', new_string: '    id("org.springframework.boot") version "3.3.5"\n    id("io.spring.dependency-management") version "1.1.6"' }, `The file ${GRADLE} has been updated.`, undefined, { kind: "code", where: "top" }],
    [133, "Bash", { command: "./gradlew test" }, `> Task :test

OrderRepositoryIT > initializationError FAILED
    java.lang.IllegalStateException: Failed to load ApplicationContext for [WebMergedContextConfiguration@6b3e12f testClass = com.alder.orders.OrderRepositoryIT, ...]
        Caused by: org.springframework.beans.factory.BeanCreationException: Error creating bean with name 'flywayInitializer' defined in class path resource [org/springframework/boot/autoconfigure/flyway/FlywayAutoConfiguration$FlywayConfiguration.class]: Unsupported Database: MySQL 8.0
            Caused by: org.flywaydb.core.api.FlywayException: Unsupported Database: MySQL 8.0
                at app//org.flywaydb.core.internal.database.DatabaseTypeRegister.getDatabaseTypeForConnection(DatabaseTypeRegister.java:105)

OrderOutboxPublisherIT > initializationError FAILED
    java.lang.IllegalStateException at DefaultCacheAwareContextLoaderDelegate.java:180

214 tests completed, 61 failed, 3 skipped

FAILURE: Build failed with an exception.`, undefined, { kind: "test", error: true, where: "top" }],
    [134, "Bash", { command: "./gradlew dependencyInsight --dependency flyway --configuration runtimeClasspath" }, `> Task :dependencyInsight
org.flywaydb:flyway-core:10.10.0
  Variant runtime:
    | Attribute Name                 | Provided     | Requested    |
    |--------------------------------|--------------|--------------|
    | org.gradle.status              | release      |              |
    | org.gradle.category            | library      | library      |
    | org.gradle.libraryelements     | jar          | jar          |
    | org.gradle.usage               | java-runtime | java-runtime |
   Selection reasons:
      - By constraint : dependency-management (Spring Boot 3.3.5 BOM, was 9.22.3 with 3.2.5)

org.flywaydb:flyway-core -> 10.10.0
\\--- runtimeClasspath
(Flyway 10 moved MySQL support out of flyway-core into the separate flyway-mysql module)`, undefined, { kind: "build", where: "top" }],
    [136, "Edit", { file_path: GRADLE, old_string: '    implementation("org.flywaydb:flyway-core")', new_string: '    implementation("org.flywaydb:flyway-core")\n    implementation("org.flywaydb:flyway-mysql")' }, `The file ${GRADLE} has been updated.`, undefined, { kind: "code", where: "top" }],
    [137, "Read", { file_path: GRADLE }, gradle("3.3.5", "1.1.6", true), "bootver", { kind: "code", where: "top" }],
    [139, "Bash", { command: "./gradlew test" }, `> Task :test

OrderRepositoryIT > findsOpenOrdersByCustomer() PASSED
OrderOutboxPublisherIT > publishesOrderCreated() PASSED
PaymentEventHandlerTest > marksOrderPaidOnCaptured() PASSED

BUILD SUCCESSFUL in 3m 02s
5 actionable tasks: 5 executed
214 tests completed, 0 failed, 3 skipped`, undefined, { kind: "test", where: "bottom" }],
    [141, "Bash", { command: `./gradlew bootJar -PreleaseVersion=1.43.0 && docker build -t ${ECR}:1.43.0 . && docker push ${ECR}:1.43.0` }, `> Task :bootJar

BUILD SUCCESSFUL in 41s
[+] Building 48.2s (9/9) FINISHED                                         docker:desktop-linux
 => [internal] load build definition from Dockerfile                                         0.0s
 => [internal] load metadata for docker.io/library/eclipse-temurin:21-jre-jammy               1.4s
 => [1/4] FROM docker.io/library/eclipse-temurin:21-jre-jammy                                 9.8s
 => [3/4] COPY build/libs/alder-order-service-1.43.0.jar /app/app.jar                          0.7s
 => exporting to image                                                                         2.1s
The push refers to repository [${ECR}]
1.43.0: digest: sha256:51c0e7d2a9b84f16e3d0c7a2b5e9f1d48c6a3b0e2f7d91c5a4b8e06f3d2c1a97 size: 1784`, undefined, { kind: "build", where: "top" }],
    [143, "Bash", { command: "./scripts/deploy.sh prod 1.43.0 --no-wait" }, `registering task definition from infra/ecs/task-definition.json (image ${ECR}:1.43.0)
registered alder-order-service:63
updating service alder-order-service on alder-prod -> alder-order-service:63`, undefined, { kind: "build", where: "top" }],
    [145, "Bash", TD_CMD(63), taskDef({ rev: 63, cpu: 2048, mem: 4096, image: "1.43.0", javaOpts: OPTS_58, registered: "2026-12-04T11:20:09.331000+01:00" }), "taskdef", { kind: "app", where: "top" }],
    [147, "Bash", { command: SVC_CMD }, svc({ desired: 6, running: 6, pending: 2, rev: 63, deployments: [dep("9012837465019283746", "PRIMARY", 63, 6, 0, 7, "IN_PROGRESS", "2026-12-04T11:20:22.902000+01:00"), dep("5502918374650192837", "ACTIVE", 62, 6, 6, 0, "COMPLETED", "2026-12-03T14:31:02.771000+01:00")], events: [["2026-12-04T11:31:10.640000+01:00", E.started(2, "7e0b4c91d2a3")], ["2026-12-04T11:30:58.118000+01:00", E.stopped(2, "19fd0a3c6b87")], ["2026-12-04T11:24:40.331000+01:00", E.started(2, "19fd0a3c6b87")], ["2026-12-04T11:24:30.002000+01:00", E.stopped(2, "c4a2e8d01f56")]] }), "ecssvc", { kind: "app", error: true, where: "top" }],
    [148, "Bash", { command: "aws ecs describe-tasks --cluster alder-prod --tasks 19fd0a3c6b87 --query 'tasks[0].{td:taskDefinitionArn,stopCode:stopCode,stoppedReason:stoppedReason,exit:containers[0].exitCode}' && aws logs tail /ecs/alder-order-service --since 20m --log-stream-name-prefix app/app/19fd" }, `{
    "td": "${tdArn(63)}",
    "stopCode": "EssentialContainerExited",
    "stoppedReason": "Essential container in task exited",
    "exit": 255
}
2026-12-04T10:30:52.004Z app/app/19fd0a3c6b87 exec /opt/java/openjdk/bin/java: exec format error
(same line in every task of revision 63; the container dies before the JVM starts)`, undefined, { kind: "app", error: true, where: "top" }],
    [150, "Bash", { command: `docker buildx imagetools inspect ${ECR}:1.43.0` }, `Name:      ${ECR}:1.43.0
MediaType: application/vnd.docker.distribution.manifest.v2+json
Digest:    sha256:51c0e7d2a9b84f16e3d0c7a2b5e9f1d48c6a3b0e2f7d91c5a4b8e06f3d2c1a97
Platform:  linux/arm64
(built and pushed from a laptop with Apple silicon without --platform; the Fargate tasks are X86_64)`, undefined, { kind: "build", where: "top" }],
    [152, "Bash", { command: `aws ecs update-service --cluster alder-prod --service alder-order-service --task-definition alder-order-service:62 >/dev/null && aws ecs wait services-stable --cluster alder-prod --services alder-order-service && ${SVC_CMD}` }, svc({ desired: 6, running: 6, rev: 62, deployments: [dep("3374650192837465012", "PRIMARY", 62, 6, 6, 0, "COMPLETED", "2026-12-04T11:34:18.771000+01:00")], events: [["2026-12-04T11:39:02.118000+01:00", E.steady], ["2026-12-04T11:39:02.117000+01:00", E.completed("3374650192837465012")], ["2026-12-04T11:34:20.402000+01:00", `(service alder-order-service) rolled back: updated to task definition alder-order-service:62, stopping the tasks of alder-order-service:63`], ["2026-12-04T11:31:10.640000+01:00", E.started(2, "7e0b4c91d2a3")]] }), "ecssvc", { kind: "app", where: "top" }],
    [154, "Bash", { command: "aws ecs deregister-task-definition --task-definition alder-order-service:63 --query 'taskDefinition.[family,revision,status]' --output text" }, `alder-order-service\t63\tINACTIVE`, undefined, { kind: "app", where: "top" }],
    [156, "Bash", { command: `docker buildx build --platform linux/amd64 -t ${ECR}:1.43.1 --push . && ./scripts/deploy.sh prod 1.43.1` }, `[+] Building 79.6s (12/12) FINISHED                                       docker-container:builder
 => [internal] load metadata for docker.io/library/eclipse-temurin:21-jre-jammy               1.1s
 => [3/4] COPY build/libs/alder-order-service-1.43.0.jar /app/app.jar                          0.6s
 => exporting to image                                                                        71.0s
 => => pushing manifest for ${ECR}:1.43.1                                                      1.0s
registering task definition from infra/ecs/task-definition.json (image ${ECR}:1.43.1)
registered alder-order-service:64
updating service alder-order-service on alder-prod -> alder-order-service:64
waiting for services-stable ... ok (6m31s)`, undefined, { kind: "build", where: "top" }],
    [158, "Bash", { command: SVC_CMD }, svc({ desired: 6, running: 6, rev: 64, deployments: [dep("8847561920384756102", "PRIMARY", 64, 6, 6, 0, "COMPLETED", "2026-12-04T12:10:40.331000+01:00")], events: [["2026-12-04T12:17:11.902000+01:00", E.steady], ["2026-12-04T12:17:11.901000+01:00", E.completed("8847561920384756102")], ["2026-12-04T12:14:30.118000+01:00", E.stopped(6, "7e0b4c91d2a3")], ["2026-12-04T12:12:02.640000+01:00", E.registered(6)]] }), "ecssvc", { kind: "app", where: "top" }],
    [160, "Bash", { command: "git commit -am 'deploy: images only from CI (buildx, linux/amd64); boot 3.3.5 + flyway-mysql' && git log -1 --format='%h %s%n%n%b'" }, `[main 0e9b3d7] deploy: images only from CI (buildx, linux/amd64); boot 3.3.5 + flyway-mysql
 3 files changed, 14 insertions(+), 4 deletions(-)
0e9b3d7 deploy: images only from CI (buildx, linux/amd64); boot 3.3.5 + flyway-mysql

Spring Boot 3.3 brings Flyway 10, which needs org.flywaydb:flyway-mysql on the classpath.
Revision 63 ran an arm64 image built locally and never started; service rolled back
to 62 and 63 deregistered. scripts/deploy.sh now refuses images whose manifest is not
linux/amd64; 1.43.1 (revision 64) is live.`, undefined, { kind: "build", where: "top" }],

    // ---- day 4 (Dec 5 morning): ALB health checks ---------------------------------------------------------------------
    [162, "Bash", { command: SVC_CMD }, svc({ desired: 6, running: 5, pending: 1, rev: 64, deployments: [dep("8847561920384756102", "PRIMARY", 64, 6, 5, 0, "COMPLETED", "2026-12-04T12:10:40.331000+01:00")], events: [["2026-12-05T08:44:21.331000+01:00", E.started(1, "3c1a9e0d7f25")], ["2026-12-05T08:43:58.118000+01:00", `(service alder-order-service) (port 8080) is unhealthy in (target-group arn:aws:elasticloadbalancing:${REG}:${ACCT}:targetgroup/alder-prod-orders/7d41c09e2b5a8f13) due to (reason Request timed out).`], ["2026-12-05T08:43:58.117000+01:00", E.stopped(1, "d2e7f0a1b94c")], ["2026-12-05T08:31:40.902000+01:00", E.started(1, "d2e7f0a1b94c")]] }), "ecssvc", { kind: "app", error: true, where: "top" }],
    [163, "Bash", { command: "aws elbv2 describe-target-health --target-group-arn $(aws elbv2 describe-target-groups --names alder-prod-orders --query 'TargetGroups[0].TargetGroupArn' --output text)" }, `{
    "TargetHealthDescriptions": [
        { "Target": { "Id": "10.40.12.31", "Port": 8080, "AvailabilityZone": "eu-central-1a" }, "HealthCheckPort": "8080", "TargetHealth": { "State": "healthy" } },
        { "Target": { "Id": "10.40.14.77", "Port": 8080, "AvailabilityZone": "eu-central-1c" }, "HealthCheckPort": "8080", "TargetHealth": { "State": "unhealthy", "Reason": "Target.Timeout", "Description": "Request timed out" } },
        { "Target": { "Id": "10.40.13.108", "Port": 8080, "AvailabilityZone": "eu-central-1b" }, "HealthCheckPort": "8080", "TargetHealth": { "State": "healthy" } },
        { "Target": { "Id": "10.40.12.59", "Port": 8080, "AvailabilityZone": "eu-central-1a" }, "HealthCheckPort": "8080", "TargetHealth": { "State": "unhealthy", "Reason": "Target.Timeout", "Description": "Request timed out" } },
        { "Target": { "Id": "10.40.14.203", "Port": 8080, "AvailabilityZone": "eu-central-1c" }, "HealthCheckPort": "8080", "TargetHealth": { "State": "initial", "Reason": "Elb.RegistrationInProgress", "Description": "Target registration is in progress" } },
        { "Target": { "Id": "10.40.13.12", "Port": 8080, "AvailabilityZone": "eu-central-1b" }, "HealthCheckPort": "8080", "TargetHealth": { "State": "healthy" } }
    ]
}`, undefined, { kind: "app", error: true, where: "top" }],
    [165, "Bash", TG_CMD, tg({ path: "/actuator/health", interval: 30, timeout: 5, healthy: 5, unhealthy: 2 }), "tg", { kind: "app", where: "top" }],
    [167, "Bash", { command: "aws ecs execute-command --cluster alder-prod --task 3c1a9e0d7f25 --container app --interactive --command \"sh -c 'curl -s -o /dev/null -w \\\"%{http_code} %{time_total}s\\\\n\\\" localhost:8080/actuator/health; curl -s localhost:8080/actuator/metrics/hikaricp.connections.pending'\"" }, `The Session Manager plugin was installed successfully. Use the AWS CLI to start a session.

Starting session with SessionId: ecs-execute-command-07c3a91e5d2b6f480
200 7.912s
{"name":"hikaricp.connections.pending","description":"Pending threads","baseUnit":null,"measurements":[{"statistic":"VALUE","value":14.0}],"availableTags":[{"tag":"pool","values":["alder-hikari"]}]}
(/actuator/health aggregates db, diskSpace and ping; the db indicator waits for a free Hikari connection (connection-timeout 30s), so with the pool busy the check takes longer than the ALB's 5s timeout and two misses get a healthy task replaced)

Exiting session with sessionId: ecs-execute-command-07c3a91e5d2b6f480.`, undefined, { kind: "app", where: "top" }],
    [168, "Bash", { command: "aws elbv2 describe-target-groups --names alder-staging-orders --query 'TargetGroups[0]'" }, tg({ name: "alder-staging-orders", id: "1f6b0e83c9d24a75", lb: "app/alder-staging/90c2d7e4b1a36f58", path: "/actuator/health/readiness", interval: 30, timeout: 5, healthy: 3, unhealthy: 3 }), undefined, { kind: "app", where: "top" }],
    [170, "Edit", { file_path: `${D}/infra/terraform/modules/ecs-service/alb.tf`, old_string: '  health_check {\n    path                = "/actuator/health"\n    interval            = 30\n    timeout             = 5\n    healthy_threshold   = 5\n    unhealthy_threshold = 2', new_string: '  health_check {\n    # readiness only: the db indicator in /actuator/health blocks on the Hikari pool\n    path                = "/actuator/health/readiness"\n    interval            = 15\n    timeout             = 10\n    healthy_threshold   = 2\n    unhealthy_threshold = 3' }, `The file ${D}/infra/terraform/modules/ecs-service/alb.tf has been updated. (main.tf: health_check_grace_period_seconds = 120 on aws_ecs_service.this)`, undefined, { kind: "code", where: "top" }],
    [171, "Bash", { command: `${TF} plan -out=tfplan` }, `${TF_REFRESH}

Terraform used the selected providers to generate the following execution plan. Resource actions are indicated with the following symbols:
  ~ update in-place

Terraform will perform the following actions:

  # module.orders_service.aws_ecs_service.this will be updated in-place
  ~ resource "aws_ecs_service" "this" {
      ~ health_check_grace_period_seconds  = 0 -> 120
        id                                 = "arn:aws:ecs:${REG}:${ACCT}:service/alder-prod/alder-order-service"
        name                               = "alder-order-service"
        # (14 unchanged attributes hidden)
    }

  # module.orders_service.aws_lb_target_group.this will be updated in-place
  ~ resource "aws_lb_target_group" "this" {
        id                                 = "arn:aws:elasticloadbalancing:${REG}:${ACCT}:targetgroup/alder-prod-orders/7d41c09e2b5a8f13"
        name                               = "alder-prod-orders"
      ~ health_check {
          ~ healthy_threshold   = 5 -> 2
          ~ interval            = 30 -> 15
          ~ path                = "/actuator/health" -> "/actuator/health/readiness"
          ~ timeout             = 5 -> 10
          ~ unhealthy_threshold = 2 -> 3
            # (4 unchanged attributes hidden)
        }
        # (12 unchanged attributes hidden)
    }

Plan: 0 to add, 2 to change, 0 to destroy.

Saved the plan to: tfplan`, "tfplan", { kind: "build", where: "top" }],
    [173, "Bash", { command: `${TF} apply tfplan` }, `module.orders_service.aws_lb_target_group.this: Modifying... [id=arn:aws:elasticloadbalancing:${REG}:${ACCT}:targetgroup/alder-prod-orders/7d41c09e2b5a8f13]
module.orders_service.aws_lb_target_group.this: Modifications complete after 1s
module.orders_service.aws_ecs_service.this: Modifying... [id=arn:aws:ecs:${REG}:${ACCT}:service/alder-prod/alder-order-service]
module.orders_service.aws_ecs_service.this: Modifications complete after 2s

Apply complete! Resources: 0 added, 2 changed, 0 destroyed.`, undefined, { kind: "build", where: "top" }],
    [175, "Bash", TG_CMD, tg({ path: "/actuator/health/readiness", interval: 15, timeout: 10, healthy: 2, unhealthy: 3 }), "tg", { kind: "app", where: "top" }],
    [177, "Bash", { command: SVC_CMD }, svc({ desired: 6, running: 6, rev: 64, grace: 120, deployments: [dep("8847561920384756102", "PRIMARY", 64, 6, 6, 0, "COMPLETED", "2026-12-04T12:10:40.331000+01:00")], events: [["2026-12-05T09:40:12.118000+01:00", E.steady], ["2026-12-05T09:21:30.640000+01:00", E.registered(1)], ["2026-12-05T09:19:02.331000+01:00", E.started(1, "0b8e2f1d6c47")], ["2026-12-05T08:44:21.331000+01:00", E.started(1, "3c1a9e0d7f25")]] }), "ecssvc", { kind: "app", where: "top" }],
    [179, "Edit", { file_path: APPYML, old_string: "    health:\n      show-details: never", new_string: "    health:\n      show-details: never\n      probes:\n        enabled: true\n      group:\n        readiness:\n          include: readinessState,ping" }, `The file ${APPYML} has been updated.`, undefined, { kind: "code", where: "top" }],
    [181, "Read", { file_path: APPYML }, appYml({ pool: 20, minIdle: 5, pollRecords: 100, concurrency: 2, probes: true }), "appyml", { kind: "code", where: "top" }],

    // ---- day 5 (Dec 5/6): ZGC, bigger task, final checks ----------------------------------------------------------------
    [183, "Bash", { command: `${CW_CMD.command} && curl -s https://orders.alder.internal/actuator/prometheus | grep -E '^jvm_gc_pause_seconds_max'` }, `${cw([["2026-12-05 06:00", "39.8%", "74.1%", 6], ["2026-12-05 07:00", "48.3%", "77.9%", 6], ["2026-12-05 08:00", "57.2%", "81.3%", 6], ["2026-12-05 09:00", "55.0%", "80.6%", 6], ["2026-12-05 10:00", "51.9%", "79.8%", 6], ["2026-12-05 11:00", "49.4%", "78.2%", 6]], "57.2%", "81.3%")}
jvm_gc_pause_seconds_max{action="end of major GC",cause="G1 Evacuation Pause",gc="G1 Old Generation"} 0.842
jvm_gc_pause_seconds_max{action="end of minor GC",cause="G1 Evacuation Pause",gc="G1 Young Generation"} 0.311
(p99 of POST /orders 640 ms during the 08:00 peak; G1 pauses line up with the latency spikes)`, "ecsmetrics", { kind: "app", where: "top" }],
    [185, "Edit", { file_path: `${D}/infra/ecs/task-definition.json`, old_string: `  "memory": "4096",`, new_string: `  "memory": "5120",` }, `The file ${D}/infra/ecs/task-definition.json has been updated. (JAVA_TOOL_OPTIONS "${OPTS_58}" -> "${OPTS_NOW}": generational ZGC for the pause times, 70% because ZGC wants more off-heap headroom)`, undefined, { kind: "code", where: "top" }],
    [187, "Bash", { command: "./scripts/deploy.sh prod 1.44.0" }, `checking manifest of ${ECR}:1.44.0 ... linux/amd64 ok
registering task definition from infra/ecs/task-definition.json (image ${ECR}:1.44.0)
registered alder-order-service:65
updating service alder-order-service on alder-prod -> alder-order-service:65
waiting for services-stable ... ok (5m58s)`, undefined, { kind: "build", where: "top" }],
    [189, "Bash", IT_CMD, itLoop("(no failed runs)", 0), "flaky", { kind: "test", where: "bottom" }],
    [191, "Bash", TD_CMD(65), taskDef({ rev: 65, cpu: 2048, mem: 5120, image: "1.44.0", javaOpts: OPTS_NOW, registered: "2026-12-05T13:02:40.118000+01:00" }), "taskdef", { kind: "app", where: "top" }],
    [193, "Bash", { command: SVC_CMD }, svc({ desired: 6, running: 6, rev: 65, grace: 120, deployments: [dep("2203948571029384756", "PRIMARY", 65, 6, 6, 0, "COMPLETED", "2026-12-05T13:02:55.640000+01:00")], events: [["2026-12-05T13:08:53.331000+01:00", E.steady], ["2026-12-05T13:08:53.330000+01:00", E.completed("2203948571029384756")], ["2026-12-05T13:06:20.118000+01:00", E.stopped(6, "0b8e2f1d6c47")], ["2026-12-05T13:04:41.902000+01:00", E.registered(6)]] }), "ecssvc", { kind: "app", where: "top" }],
    [195, "Bash", FW_CMD, flywayInfo(44, [...FW_OLD.slice(2), FW_42_OK, fwRow("43", "payments add refund ref", "2026-12-05 13:03:40", "Success"), FW_NOW]), "flywayinfo", { kind: "app", where: "top" }],
    [197, "Bash", CONN_CMD, mysqlConn(200, 200, 118, 11, [["alder_app", 114], ["reporting_ro", 2], ["rdsadmin", 1], ["event_scheduler", 1]]), "mysqlconn", { kind: "app", where: "top" }],
    [199, "Bash", LAG_CMD, lagOut("alder-order-service", "payments.events", LAG_NOW_ROWS), "lag", { kind: "app", where: "top" }],
    [201, "Bash", { command: `aws cloudwatch put-metric-alarm --cli-input-json file://ops/alarms/consumer-lag.json && ${ALARM_CMD}` }, alarm("5000.0", "OK", "2026-12-05T14:20:11.402000+00:00"), "alarm", { kind: "app", where: "top" }],
    [203, "Bash", CW_CMD, cw([["2026-12-06 04:00", "28.4%", "58.0%", 6], ["2026-12-06 05:00", "31.9%", "59.7%", 6], ["2026-12-06 06:00", "37.2%", "61.5%", 6], ["2026-12-06 07:00", "44.0%", "63.0%", 6], ["2026-12-06 08:00", "48.1%", "64.2%", 6], ["2026-12-06 09:00", "46.6%", "63.8%", 6]], "48.1%", "64.2%", "(revision 65: 2 vCPU / 5 GB, generational ZGC; jvm_gc_pause_seconds_max < 1 ms)"), "ecsmetrics", { kind: "app", where: "top" }],
    [205, "Bash", { command: `${TF} plan` }, `${TF_REFRESH}

No changes. Your infrastructure matches the configuration.

Terraform has compared your real infrastructure against your configuration and found no
differences, so no changes are needed.`, "tfplan", { kind: "build", where: "top" }],
    [207, "Bash", { command: SVC_STG_CMD }, svc({ name: "alder-order-service-staging", cluster: "alder-staging", family: "alder-order-service-staging", desired: 2, running: 2, rev: 34, grace: 60, deployments: [dep("7710293847561029384", "PRIMARY", 34, 2, 2, 0, "COMPLETED", "2026-12-05T10:12:30.118000+01:00", "alder-order-service-staging")], events: [["2026-12-06T06:00:40.331000+01:00", ev("alder-order-service-staging").steady], ["2026-12-05T10:18:02.902000+01:00", ev("alder-order-service-staging").steady]] }), undefined, { kind: "app", where: "top" }],
    [209, "Bash", { command: "gh run list --workflow deploy.yml --limit 5" }, `STATUS  TITLE                                              WORKFLOW  BRANCH  EVENT              ID           ELAPSED  AGE
✓       ecs: 5 GB, generational ZGC                        deploy    main    push               12071188420  7m02s    about 20 hours ago
✓       health: readiness group for the ALB                deploy    main    push               12066903114  6m48s    1 day ago
✓       deploy: images only from CI (buildx, linux/amd64)  deploy    main    push               12060022781  7m15s    1 day ago
✓       kafka: max.poll.records 100, concurrency 2; hi...  deploy    main    workflow_dispatch  12048901277  8m10s    2 days ago
✓       V42: one online ALTER (column + index)             deploy    main    push               12041204408  6m55s    3 days ago`, undefined, { kind: "build", where: "top" }],
    [211, "Bash", { command: "git log --oneline -n 14" }, `f7c20a9 ecs: 5 GB, generational ZGC (MaxRAMPercentage 70)
a91d4e3 alarms: consumer lag threshold 5000
6b0e8f2 health: readiness group for the ALB, grace period 120s
0e9b3d7 deploy: images only from CI (buildx, linux/amd64); boot 3.3.5 + flyway-mysql
8a2f6c1 test: outbox IT reads from earliest with its own group
3d7f1a4 kafka: max.poll.records 100, concurrency 2; hikari 20
5c8e2d0 V42: one online ALTER (column + index)
b20d4f1 orders: channel column + index (V42), channel filter on GET /orders
0a7c3e2 hikari: pool 30 in prod
4e1a7c9 ecs: 2 vCPU / 4 GB, heap via MaxRAMPercentage
c19f0e8 payments: ignore duplicate CAPTURED events
7be2a51 outbox: publish in batches of 50
e4d0913 deps: spring cloud aws 3.1.1
91f3b06 orders: cancel unpaid orders after 30 min`, undefined, { kind: "build", where: "top" }],
    [213, "Bash", TOPIC_CMD, topic("payments.events", 12), "topic", { kind: "app", where: "top" }],
    [215, "Read", { file_path: GRADLE }, gradle("3.3.5", "1.1.6", true), "bootver", { kind: "code", where: "top" }],
  ],
  questions: [
    { kind: "state", prompt: "how many tasks is the order svc running rn", want: [{ key: "ecssvc", fact: '"desiredCount": 6,' }] },
    { kind: "state", prompt: "which task def revision is prod on atm?", want: [{ key: "ecssvc", fact: 'task-definition/alder-order-service:65"' }] },
    { kind: "state", prompt: "fargate cpu units for the order service task now", want: [{ key: "taskdef", fact: '"cpu": "2048"' }] },
    { kind: "state", prompt: "how much mem does each task get these days", want: [{ key: "taskdef", fact: '"memory": "5120"' }] },
    { kind: "state", prompt: "what's the heap sizing flag we ended up with in prod", want: [{ key: "taskdef", fact: "-XX:MaxRAMPercentage=70.0" }] },
    { kind: "state", prompt: "which garbage collector does prod use now", want: [{ key: "taskdef", fact: "-XX:+UseZGC -XX:+ZGenerational" }] },
    { kind: "state", prompt: "what image tag is actually deployed rn", want: [{ key: "taskdef", fact: "alder-order-service:1.44.0" }] },
    { kind: "state", prompt: "hikari max pool in prod config currently?", want: [{ key: "appyml", fact: "maximum-pool-size: 20" }] },
    { kind: "state", prompt: "how many records per poll does the payments consumer fetch now", want: [{ key: "appyml", fact: "max-poll-records: 100" }] },
    { kind: "state", prompt: "kafka listener threads per task atm?", want: [{ key: "appyml", fact: "concurrency: 2" }] },
    { kind: "state", prompt: "partition count on payments.events now", want: [{ key: "topic", fact: "PartitionCount: 12" }] },
    { kind: "state", prompt: "is the consumer group caught up, whats the lag rn", want: [{ key: "lag", fact: LAG_NOW }] },
    { kind: "state", prompt: "newest flyway migration applied on prod?", want: [{ key: "flywayinfo", fact: FW_NOW }] },
    { kind: "state", prompt: "what path is the alb hitting for health checks now", want: [{ key: "tg", fact: '"HealthCheckPath": "/actuator/health/readiness"' }] },
    { kind: "state", prompt: "target group hc timeout currently", want: [{ key: "tg", fact: '"HealthCheckTimeoutSeconds": 10' }] },
    { kind: "state", prompt: "which spring boot verison are we on now", want: [{ key: "bootver", fact: BOOT_NOW }] },
    { kind: "state", prompt: "is the outbox IT still flaky or nah", want: [{ key: "flaky", fact: "0/20 runs failed" }] },
    { kind: "state", prompt: "how many connections are open on the prod db atm", want: [{ key: "mysqlconn", fact: CONN_NOW }] },
    { kind: "state", prompt: "what threshold is the lag alarm set to now", want: [{ key: "alarm", fact: '"Threshold": 5000.0' }] },
    { kind: "state", prompt: "does tf show any drift for prod", want: [{ key: "tfplan", fact: "No changes. Your infrastructure matches the configuration." }] },
    { kind: "state", prompt: "memory utilisation of the service lately, after the last change", want: [{ key: "ecsmetrics", fact: MEM_NOW }] },
    { kind: "history", prompt: "what was killing the prod tasks on the first day", want: [{ turn: 5, fact: "OutOfMemoryError: Container killed due to memory usage" }] },
    { kind: "history", prompt: "what heap flags did we have before switching to a percentage", want: [{ turn: 6, fact: OPTS_57 }] },
    { kind: "history", prompt: "what was the original db pool error in the prod logs", want: [{ turn: 33, fact: "Connection is not available, request timed out after 30000ms" }] },
    { kind: "history", prompt: "why did the V42 migraton fail in prod", want: [{ turn: 60, fact: "Lock wait timeout exceeded; try restarting transaction" }] },
    { kind: "history", prompt: "what was holding the lock on orders while V42 was running", want: [{ turn: 58, fact: "/* monthly-revenue-export */" }] },
    { kind: "history", prompt: "what did we have to clean up manually before flyway repair", want: [{ turn: 80, fact: "We dropped the column by hand" }] },
    { kind: "history", prompt: "how bad did the payments lag get at the worst", want: [{ turn: 84, fact: lagTotal(LAG_PEAK) }] },
    { kind: "history", prompt: "why were the consumers getting kicked out of the group", want: [{ turn: 86, fact: "consumer poll timeout has expired" }] },
    { kind: "history", prompt: "why didnt going to 8 tasks help with the lag", want: [{ turn: 92, fact: "18 of 24 consumers have no partition assigned" }] },
    { kind: "history", prompt: "what did mysql complain about after the scale out", want: [{ turn: 94, fact: 'message from server: "Too many connections"' }] },
    { kind: "history", prompt: "root cause of the flaky outbox test?", want: [{ turn: 129, fact: "auto.offset.reset=latest" }] },
    { kind: "history", prompt: "what broke when we bumped spring boot", want: [{ turn: 133, fact: "Unsupported Database: MySQL 8.0" }] },
    { kind: "history", prompt: "why wouldnt rev 63 start", want: [{ turn: 148, fact: "exec format error" }] },
    { kind: "history", prompt: "which revision did we roll back to after that bad deploy", want: [{ turn: 152, fact: 'task-definition/alder-order-service:62"' }] },
    { kind: "history", prompt: "why were the alb health checks timing out", want: [{ turn: 167, fact: "the db indicator waits for a free Hikari connection" }] },
    { kind: "multi", prompt: "desired count + hikari pool size?", want: [{ key: "ecssvc", fact: '"desiredCount": 6,' }, { key: "appyml", fact: "maximum-pool-size: 20" }] },
    { kind: "multi", prompt: "task memory and how many partitions payments.events has", want: [{ key: "taskdef", fact: '"memory": "5120"' }, { key: "topic", fact: "PartitionCount: 12" }] },
    { kind: "multi", prompt: "max poll records, also what's the lag looking like now", want: [{ key: "appyml", fact: "max-poll-records: 100" }, { key: "lag", fact: LAG_NOW }] },
    { kind: "multi", prompt: "alb hc path and the grace period on the service?", want: [{ key: "tg", fact: '"HealthCheckPath": "/actuator/health/readiness"' }, { key: "ecssvc", fact: '"healthCheckGracePeriodSeconds": 120' }] },
    { kind: "multi", prompt: "boot version + latest migration on prod", want: [{ key: "bootver", fact: BOOT_NOW }, { key: "flywayinfo", fact: FW_NOW }] },
    { kind: "multi", prompt: "is the flaky IT fixed and is terraform clean", want: [{ key: "flaky", fact: "0/20 runs failed" }, { key: "tfplan", fact: "No changes. Your infrastructure matches the configuration." }] },
    { kind: "multi", prompt: "open db conns rn, and the lag alarm threshold", want: [{ key: "mysqlconn", fact: CONN_NOW }, { key: "alarm", fact: '"Threshold": 5000.0' }] },
    { kind: "none", prompt: "thx, thats all for today" },
    { kind: "none", prompt: "in general G1 vs ZGC, when would u pick which" },
    { kind: "none", prompt: "how do kafka consumer group rebalances work, roughly? cooperative vs eager" },
    { kind: "none", prompt: "java records vs lombok @Value, what do you usually go with" },
    { kind: "none", prompt: "brb standup" },
  ],
};

/** Held out from the selection work: written blind, never run before it was registered (Java / Spring Boot on ECS Fargate). */
export const HELD_OUT_42 = [alder];
