// One more held-out recall session (format: tests/recall/build.mjs): written blind, without reading the selection's
// code, its tests or any benchmark result, and kept out of the selection work. HELD_OUT_45: a PHP 8.3 / Symfony 7
// e-commerce backend on bare-metal Debian 12 servers managed with Ansible (web-01/web-02 with nginx + php-fpm, a
// worker box running Symfony Messenger consumers as systemd template units against RabbitMQ, MariaDB 10.11 with one
// replica, Redis for sessions and the cache pool, Deployer releases behind a `current` symlink, Doctrine migrations,
// PHPUnit, GitLab CI, Prometheus node/mysqld exporters with Grafana and Alertmanager). Over six days: 502s on a
// campaign night from php-fpm pm.max_children, raised and then lowered after the OOM killer, raised once more at the
// end; nginx fastcgi_read_timeout raised for a slow admin export and lowered again, worker_connections raised; opcache
// resized with validate_timestamps turned off; a replica lag incident caused by a single huge DELETE from a cart purge
// command, fixed with chunking, parallel replication and replica flush settings; innodb buffer pool / redo log sizing
// on the primary; a Doctrine migration that failed on orphan rows (MariaDB DDL half applied, re-run failed on the
// duplicate column) and was fixed; a brick/money bump that broke checkout rounding, rolled back by flipping the
// Deployer symlink (which only took effect after a php-fpm reload), pinned, then redone with a code fix; a Messenger
// backlog from consumers hanging on an ERP call without timeout, consumer count changed twice; a flaky PHPUnit test
// from a query without ORDER BY; web-02's disk filled by a debug-level prod.log; a Let's Encrypt renewal failing on a
// webroot that pointed into a deleted release; sessions evicted by an allkeys-lru Redis; a third web node added.
// Distractors: staging look-alikes, older snapshots of systemctl status / SHOW REPLICA STATUS / messenger:stats /
// df -h, similar errors in other services, config reads and edits, git output. About half the questions are Turkish.

const G = "/home/dev/gelincik";
const REL = "/var/www/gelincik";
const ANS = "cd ops/ansible && ansible-playbook -i inventories/prod/hosts.ini";

const numbered = (start, text) => text.split("\n").map((l, i) => `${String(start + i).padStart(4)}\t${l}`).join("\n");

const recap = (hosts, changed) => `PLAY RECAP *********************************************************************************
${hosts.map((h, i) => `${h.padEnd(28)}: ok=${31 + i * 2}   changed=${changed}    unreachable=0    failed=0    skipped=${4 + i}    rescued=0    ignored=0`).join("\n")}`;

// ---------------------------------------------------------------- php-fpm
const fpmPool = (host, max, start, minS, maxS, maxReq) => `; /etc/php/8.3/fpm/pool.d/www.conf on ${host} (ops/ansible roles/php/templates/www.conf.j2)
[www]
user = www-data
group = www-data
listen = /run/php/php8.3-fpm.sock
listen.owner = www-data
listen.group = www-data
listen.backlog = 1024

pm = dynamic
pm.max_children = ${max}
pm.start_servers = ${start}
pm.min_spare_servers = ${minS}
pm.max_spare_servers = ${maxS}
pm.max_requests = ${maxReq}
pm.status_path = /fpm-status
ping.path = /fpm-ping

request_terminate_timeout = 300s
request_slowlog_timeout = 5s
slowlog = /var/log/php8.3-fpm/www.slow.log

php_admin_value[memory_limit] = 256M
php_admin_value[error_log] = /var/log/php8.3-fpm/www.error.log
php_admin_flag[log_errors] = on
env[APP_ENV] = prod`;
const FPM_CMD = { command: "ssh deploy@web-01 cat /etc/php/8.3/fpm/pool.d/www.conf" };

const fpmStatus = (host, since, accepted, idle, active, maxActive, reached, slow) => `pool:                 www
process manager:      dynamic
start time:           ${since}
start since:          ${int6(accepted)}
accepted conn:        ${accepted}
listen queue:         0
max listen queue:     ${reached ? 187 : 0}
listen queue len:     1024
idle processes:       ${idle}
active processes:     ${active}
total processes:      ${idle + active}
max active processes: ${maxActive}
max children reached: ${reached}
slow requests:        ${slow}
(${host})`;
function int6(n) { return String(Math.floor(n / 37) % 900000); }

const fpmSystemctl = (host, since, ago, active, idle, reqs, mem, oom) => `● php8.3-fpm.service - The PHP 8.3 FastCGI Process Manager
     Loaded: loaded (/lib/systemd/system/php8.3-fpm.service; enabled; preset: enabled)
     Active: active (running) since ${since}; ${ago}
       Docs: man:php-fpm8.3(8)
    Process: 812 ExecStartPost=/usr/lib/php/php-fpm-socket-helper install /run/php/php-fpm.sock /etc/php/8.3/fpm/pool.d/www.conf 83 (code=exited, status=0/SUCCESS)
   Main PID: 797 (php-fpm8.3)
     Status: "Processes active: ${active}, idle: ${idle}, Requests: ${reqs}, slow: 2211, Traffic: 61.2req/sec"
      Tasks: ${active + idle + 1} (limit: 19051)
     Memory: ${mem}
        CPU: 2d 4h 11min 2.114s
     CGroup: /system.slice/php8.3-fpm.service
             ├─797 "php-fpm: master process (/etc/php/8.3/fpm/php-fpm.conf)"
             ├─30112 "php-fpm: pool www"
             ├─30113 "php-fpm: pool www"
             └─30114 "php-fpm: pool www"
${oom ? `\nFeb 15 21:52:08 web-01 systemd[1]: php8.3-fpm.service: A process of this unit has been killed by the OOM killer.\nFeb 15 21:52:31 web-01 systemd[1]: php8.3-fpm.service: A process of this unit has been killed by the OOM killer.\nFeb 15 21:52:31 web-01 php-fpm8.3[797]: [WARNING] [pool www] child 28190 exited on signal 9 (SIGKILL) after 412.118204 seconds from start` : `\nFeb 15 06:25:01 ${host} systemd[1]: Reloading php8.3-fpm.service - The PHP 8.3 FastCGI Process Manager...\nFeb 15 06:25:01 ${host} systemd[1]: Reloaded php8.3-fpm.service - The PHP 8.3 FastCGI Process Manager.`}`;

// ---------------------------------------------------------------- opcache
const opcacheIni = (mem, strings, files, validate) => `; /etc/php/8.3/fpm/conf.d/10-opcache.ini (web-01, web-02; ops/ansible roles/php/templates/opcache.ini.j2)
zend_extension=opcache.so
opcache.enable=1
opcache.enable_cli=0
opcache.memory_consumption=${mem}
opcache.interned_strings_buffer=${strings}
opcache.max_accelerated_files=${files}
opcache.validate_timestamps=${validate}
opcache.revalidate_freq=0
opcache.preload=${REL}/current/config/preload.php
opcache.preload_user=www-data
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
const OCSTAT_CMD = { command: "ssh deploy@web-01 'cachetool opcache:status --fcgi=/run/php/php8.3-fpm.sock'" };

// ---------------------------------------------------------------- nginx
const nginxSite = (readTimeout, acme) => `# /etc/nginx/sites-enabled/gelincik.conf on web-01 (ops/ansible roles/nginx/templates/gelincik.conf.j2, web-02 identical)
server {
    listen 80;
    server_name gelincik.com.tr www.gelincik.com.tr;
${acme ? "\n    location ^~ /.well-known/acme-challenge/ {\n        root /var/www/letsencrypt;\n        default_type text/plain;\n    }\n\n" : ""}    location / {
        return 301 https://$host$request_uri;
    }
}

server {
    listen 443 ssl;
    http2 on;
    server_name gelincik.com.tr www.gelincik.com.tr;
    root ${REL}/current/public;

    ssl_certificate     /etc/letsencrypt/live/gelincik.com.tr/fullchain.pem;
    ssl_certificate_key /etc/letsencrypt/live/gelincik.com.tr/privkey.pem;

    client_max_body_size 16m;
    access_log /var/log/nginx/gelincik.access.log main_timed;
    error_log  /var/log/nginx/gelincik.error.log warn;

    location / {
        try_files $uri /index.php$is_args$args;
    }

    location ~ ^/index\\.php(/|$) {
        fastcgi_pass unix:/run/php/php8.3-fpm.sock;
        fastcgi_split_path_info ^(.+\\.php)(/.*)$;
        include fastcgi_params;
        fastcgi_param SCRIPT_FILENAME $realpath_root$fastcgi_script_name;
        fastcgi_param DOCUMENT_ROOT $realpath_root;
        fastcgi_read_timeout ${readTimeout};
        fastcgi_buffers 16 16k;
        fastcgi_buffer_size 32k;
        internal;
    }

    location ~ \\.php$ {
        return 404;
    }

    location = /fpm-status {
        allow 10.20.0.0/16;
        deny all;
        include fastcgi_params;
        fastcgi_param SCRIPT_FILENAME /fpm-status;
        fastcgi_pass unix:/run/php/php8.3-fpm.sock;
    }
}`;
const SITE_CMD = { command: "ssh deploy@web-01 cat /etc/nginx/sites-enabled/gelincik.conf" };

const nginxMain = (wc, rlimit, keepalive) => `# /etc/nginx/nginx.conf on web-01 (ops/ansible roles/nginx/templates/nginx.conf.j2)
user www-data;
worker_processes auto;
${rlimit ? `worker_rlimit_nofile ${rlimit};\n` : ""}pid /run/nginx.pid;
error_log /var/log/nginx/error.log;
include /etc/nginx/modules-enabled/*.conf;

events {
    worker_connections ${wc};
    multi_accept on;
}

http {
    sendfile on;
    tcp_nopush on;
    types_hash_max_size 2048;
    server_tokens off;
    keepalive_timeout ${keepalive};

    include /etc/nginx/mime.types;
    default_type application/octet-stream;

    ssl_protocols TLSv1.2 TLSv1.3;
    ssl_prefer_server_ciphers off;
    ssl_session_cache shared:SSL:20m;

    log_format main_timed '$remote_addr - $remote_user [$time_local] "$request" $status $body_bytes_sent '
                          '"$http_referer" "$http_user_agent" rt=$request_time urt=$upstream_response_time';

    gzip on;
    gzip_types text/css application/javascript application/json image/svg+xml;

    include /etc/nginx/conf.d/*.conf;
    include /etc/nginx/sites-enabled/*;
}`;
const MAIN_CMD = { command: "ssh deploy@web-01 cat /etc/nginx/nginx.conf" };

// ---------------------------------------------------------------- mariadb
const replica = (host, master, behind, io, sql, state, readPos, execPos, gtid, mode) => {
  const f = (k, v) => `${k.padStart(30)}: ${v}`;
  return `*************************** 1. row ***************************  (${host})
${f("Slave_IO_State", io === "Yes" ? "Waiting for master to send event" : "")}
${f("Master_Host", master)}
${f("Master_User", "repl")}
${f("Master_Port", 3306)}
${f("Connect_Retry", 60)}
${f("Master_Log_File", "mariadb-bin.004211")}
${f("Read_Master_Log_Pos", readPos)}
${f("Relay_Log_File", "mariadb-relay-bin.000912")}
${f("Relay_Log_Pos", execPos + 4112)}
${f("Relay_Master_Log_File", behind > 600 ? "mariadb-bin.004209" : "mariadb-bin.004211")}
${f("Slave_IO_Running", io)}
${f("Slave_SQL_Running", sql)}
${f("Replicate_Do_DB", "")}
${f("Replicate_Ignore_DB", "")}
${f("Last_Errno", 0)}
${f("Last_Error", "")}
${f("Skip_Counter", 0)}
${f("Exec_Master_Log_Pos", execPos)}
${f("Relay_Log_Space", readPos - execPos + 9812)}
${f("Seconds_Behind_Master", behind)}
${f("Master_SSL_Verify_Server_Cert", "No")}
${f("Last_IO_Errno", 0)}
${f("Last_IO_Error", "")}
${f("Last_SQL_Errno", 0)}
${f("Last_SQL_Error", "")}
${f("Master_Server_Id", 1)}
${f("Using_Gtid", "Slave_Pos")}
${f("Gtid_IO_Pos", gtid)}
${f("Parallel_Mode", mode)}
${f("SQL_Delay", 0)}
${f("Slave_SQL_Running_State", state)}
${f("Slave_DDL_Groups", 4211)}
${f("Slave_Non_Transactional_Groups", 12)}
${f("Slave_Transactional_Groups", 918220114)}`;
};
const REPLICA_CMD = { command: "ssh deploy@db-02 \"sudo mariadb -e 'SHOW REPLICA STATUS\\G'\"" };

const vRow = (k, v) => `| ${k.padEnd(34)} | ${String(v).padEnd(12)} |`;
const vTable = (rows) => `+------------------------------------+--------------+
| Variable_name                      | Value        |
+------------------------------------+--------------+
${rows.map(([k, v]) => vRow(k, v)).join("\n")}
+------------------------------------+--------------+
${rows.length} rows in set (0.002 sec)`;
const INNODB_Q = "SHOW GLOBAL VARIABLES WHERE Variable_name IN ('innodb_buffer_pool_size','innodb_log_file_size','innodb_io_capacity','innodb_flush_log_at_trx_commit','innodb_flush_method','max_connections','binlog_format')";
const INNODB_CMD = { command: `ssh deploy@db-01 "sudo mariadb -e \\"${INNODB_Q}\\""` };
const innodb = (bp, log, io, maxConn) => vTable([["binlog_format", "ROW"], ["innodb_buffer_pool_size", bp], ["innodb_flush_log_at_trx_commit", 1], ["innodb_flush_method", "O_DIRECT"], ["innodb_io_capacity", io], ["innodb_log_file_size", log], ["max_connections", maxConn]]);
const REPLVARS_Q = "SHOW GLOBAL VARIABLES WHERE Variable_name IN ('slave_parallel_threads','slave_parallel_mode','slave_parallel_max_queued','innodb_flush_log_at_trx_commit','sync_binlog','read_only')";
const REPLVARS_CMD = { command: `ssh deploy@db-02 "sudo mariadb -e \\"${REPLVARS_Q}\\""` };
const replVars = (threads, mode, flush, sync) => vTable([["innodb_flush_log_at_trx_commit", flush], ["read_only", "ON"], ["slave_parallel_max_queued", threads ? 1048576 : 131072], ["slave_parallel_mode", mode], ["slave_parallel_threads", threads], ["sync_binlog", sync]]);

// ---------------------------------------------------------------- doctrine migrations
const migLine = (a, b, c) => `| ${a.padEnd(20)} | ${b.padEnd(20)} | ${c.padEnd(70)} |`;
const migCur = (v) => `${"Current".padEnd(20)} | DoctrineMigrations\\Version${v}`;
const migStatus = (prev, cur, next, latest, executed, available, fresh, release) => `+----------------------+----------------------+------------------------------------------------------------------------+
| Configuration                                                                                                        |
+----------------------+----------------------+------------------------------------------------------------------------+
${migLine("Storage", "Type", "Doctrine\\Migrations\\Metadata\\Storage\\TableMetadataStorageConfiguration")}
${migLine("", "Table Name", "doctrine_migration_versions")}
${migLine("", "Column Name", "version")}
|----------------------------------------------------------------------------------------------------------------------|
${migLine("Database", "Driver", "Doctrine\\DBAL\\Driver\\PDO\\MySQL\\Driver")}
${migLine("", "Name", "gelincik")}
|----------------------------------------------------------------------------------------------------------------------|
${migLine("Versions", "Previous", `DoctrineMigrations\\Version${prev}`)}
| ${"".padEnd(20)} | ${migCur(cur).padEnd(93)} |
${migLine("", "Next", next ? `DoctrineMigrations\\Version${next}` : "Already at latest version")}
${migLine("", "Latest", `DoctrineMigrations\\Version${latest}`)}
|----------------------------------------------------------------------------------------------------------------------|
${migLine("Migrations", "Executed", String(executed))}
${migLine("", "Executed Unavailable", "0")}
${migLine("", "Available", String(available))}
${migLine("", "New", String(fresh))}
|----------------------------------------------------------------------------------------------------------------------|
${migLine("Migration Namespaces", "DoctrineMigrations", `${REL}/releases/${release}/migrations`)}
+----------------------+----------------------+------------------------------------------------------------------------+`;
const MIG_CMD = { command: `ssh deploy@web-01 'cd ${REL}/current && php bin/console doctrine:migrations:status --env=prod'` };

// ---------------------------------------------------------------- deployer
const deployOut = (n, migrate, tail = "") => `task deploy:info
[web-01] info deploying main (release ${n})
[web-02] info deploying main (release ${n})
task deploy:setup
task deploy:lock
task deploy:release
task deploy:update_code
task deploy:shared
task deploy:writable
task deploy:vendors
[web-01] run cd ${REL}/releases/${n} && /usr/bin/php /usr/local/bin/composer install --no-dev --optimize-autoloader --no-interaction --no-progress
task deploy:cache:clear
task deploy:cache:warmup
task database:migrate
[web-01] run cd ${REL}/releases/${n} && /usr/bin/php bin/console doctrine:migrations:migrate --no-interaction --allow-no-migration --all-or-nothing
${migrate}${tail || `
task deploy:symlink
task php-fpm:reload
[web-01] run sudo /usr/bin/systemctl reload php8.3-fpm
[web-02] run sudo /usr/bin/systemctl reload php8.3-fpm
task messenger:stop-workers
[worker-01] run cd ${REL}/releases/${n} && /usr/bin/php bin/console messenger:stop-workers
task deploy:unlock
task deploy:cleanup
task deploy:success
[web-01] info successfully deployed!`}`;
const relRow = (date, rel, author, commit) => `| ${date} | ${rel.padEnd(14)} | ${author.padEnd(6)} | main   | ${commit} |`;
const releases = (rows) => `task releases
+---------------------+----------------+--------+--------+---------+
| Date (UTC)          | Release        | Author | Target | Commit  |
+---------------------+----------------+--------+--------+---------+
${rows.join("\n")}
+---------------------+----------------+--------+--------+---------+`;
const RELEASES_CMD = { command: "dep releases prod" };
const R141 = relRow("2027-02-10 08:12:40", "141", "burak", "4c1e9a0");
const R142 = relRow("2027-02-11 13:40:02", "142", "elif", "7f20b3d");
const R143 = (c) => relRow("2027-02-12 09:02:11", `143${c}`, "burak", "b81d0c4");
const R144 = relRow("2027-02-17 07:31:50", "144 (failed)", "elif", "2e7c9f1");
const R145 = (c) => relRow("2027-02-17 09:48:12", `145${c}`, "elif", "9a0d4b7");
const R146 = (c) => relRow("2027-02-17 13:55:30", `146${c}`, "burak", "c4f81e2");
const R147 = (c) => relRow("2027-02-18 16:20:44", `147${c}`, "burak", "d03a7c5");
const R148 = relRow("2027-02-20 11:05:09", "148 (current)", "elif", "3d8b5f2");

// ---------------------------------------------------------------- messenger / rabbitmq
const mRow = (t, n) => `${t.padEnd(17)}${n}`;
const msgStats = (a, p, f) => ` ---------------- ------- 
  Transport        Count  
 ---------------- ------- 
  ${mRow("async", a)}
  ${mRow("async_priority", p)}
  ${mRow("failed", f)}
 ---------------- ------- `;
const MSG_CMD = { command: `ssh deploy@worker-01 'cd ${REL}/current && php bin/console messenger:stats --env=prod'` };

const units = (n) => `  UNIT                          LOAD   ACTIVE SUB     DESCRIPTION
${Array.from({ length: n }, (_, i) => `  gelincik-messenger@${i + 1}.service  loaded active running gelincik messenger consumer ${i + 1}`).join("\n")}

LOAD   = Reflects whether the unit definition was properly loaded.
ACTIVE = The high-level unit activation state, i.e. generalization of SUB.
SUB    = The low-level unit activation state, values depend on unit type.
${n} loaded units listed.`;
const UNITS_CMD = { command: "ssh deploy@worker-01 \"systemctl list-units 'gelincik-messenger@*' --no-pager\"" };

const unitFile = (mem, limit) => `# /etc/systemd/system/gelincik-messenger@.service (ops/ansible roles/messenger/templates/messenger@.service.j2)
[Unit]
Description=gelincik messenger consumer %i
After=network-online.target
Wants=network-online.target

[Service]
Type=simple
User=deploy
WorkingDirectory=${REL}/current
Environment=APP_ENV=prod
ExecStart=/usr/bin/php ${REL}/current/bin/console messenger:consume async_priority async --time-limit=3600 --memory-limit=${mem}${limit ? ` --limit=${limit}` : ""} --no-interaction -vv
Restart=always
RestartSec=5
StartLimitIntervalSec=0
KillSignal=SIGTERM
TimeoutStopSec=60

[Install]
WantedBy=multi-user.target`;
const UNIT_CMD = { command: "ssh deploy@worker-01 systemctl cat gelincik-messenger@.service" };

const qRow = (name, msgs, ready, unacked, consumers) => `${name.padEnd(26)}${String(msgs).padEnd(10)}${String(ready).padEnd(16)}${String(unacked).padEnd(24)}${consumers}`;
const rabbitQueues = (host, rows) => `Timeout: 60.0 seconds ...
Listing queues for vhost / ...  (${host})
name                      messages  messages_ready  messages_unacknowledged  consumers
${rows.join("\n")}`;

// ---------------------------------------------------------------- composer / phpunit
const cRow = (name, ver) => `${name.padEnd(36)} ${ver}`;
const composerShow = (money, math) => `${cRow("brick/math", math)}  Arbitrary-precision arithmetic library
${cRow("brick/money", money)}  Money and currency library
${cRow("doctrine/dbal", "4.2.1")}   Powerful PHP database abstraction layer (DBAL) with many features for database schema introspection and management.
${cRow("doctrine/doctrine-migrations-bundle", "3.3.1")}   Symfony DoctrineMigrationsBundle
${cRow("doctrine/orm", "3.3.1")}   Object-Relational-Mapper for PHP
${cRow("symfony/framework-bundle", "v7.2.2")}  Provides a tight integration between Symfony components and the Symfony full-stack framework
${cRow("symfony/http-client", "v7.2.2")}  Provides powerful methods to fetch HTTP resources synchronously or asynchronously
${cRow("symfony/messenger", "v7.2.1")}  Helps applications send and receive messages to/from other applications or via message queues
${cRow("symfony/amqp-messenger", "v7.2.0")}  Symfony AMQP extension Messenger Bridge`;
const COMPOSER_SHOW = { command: "composer show | grep -E '^(brick/|doctrine/(orm|dbal|doctrine-migrations-bundle) |symfony/(framework-bundle|http-client|messenger|amqp-messenger) )'" };

const phpunitOut = (summary, time) => `PHPUnit 11.5.3 by Sebastian Bergmann and contributors.

Runtime:       PHP 8.3.16
Configuration: ${G}/phpunit.xml.dist

Time: ${time}, Memory: 312.00 MB

${summary}`;
const PHPUNIT_CMD = { command: "php -d memory_limit=1G vendor/bin/phpunit" };

const FLAKY_CMD = { command: "for i in $(seq 30); do vendor/bin/phpunit --filter StockReservationTest >/tmp/pu-$i.log 2>&1 || echo \"run $i FAILED\"; done; echo \"$(grep -l FAILURES /tmp/pu-*.log | wc -l)/30 runs failed\"" };

// ---------------------------------------------------------------- disk / cert / redis / inventory / alerts
const dfRow = (dev, size, used, avail, pct, mount) => `${dev.padEnd(15)} ${size.padStart(5)} ${used.padStart(5)} ${avail.padStart(5)} ${pct.padStart(4)} ${mount}`;
const df = (host, root, varlog) => `${host}
Filesystem      Size  Used Avail Use% Mounted on
${dfRow("udev", "7.8G", "0", "7.8G", "0%", "/dev")}
${dfRow("tmpfs", "1.6G", "1.3M", "1.6G", "1%", "/run")}
${root}
${dfRow("tmpfs", "7.8G", "0", "7.8G", "0%", "/dev/shm")}
${dfRow("tmpfs", "5.0M", "0", "5.0M", "0%", "/run/lock")}
${dfRow("/dev/md1", "989M", "142M", "796M", "16%", "/boot")}
${varlog}
${dfRow("tmpfs", "1.6G", "0", "1.6G", "0%", "/run/user/1001")}`;
const DF_WEB02 = { command: "ssh deploy@web-02 df -h" };
const DF_W2_FULL = dfRow("/dev/md2", "96G", "96G", "0", "100%", "/");
const DF_W2_NOW = dfRow("/dev/md2", "96G", "22G", "70G", "24%", "/");

const certDates = (nb, na) => ["web-01", "web-02"].map((h) => `== ${h}\nsubject=CN = gelincik.com.tr\nissuer=C = US, O = Let's Encrypt, CN = E6\nnotBefore=${nb}\nnotAfter=${na}`).join("\n");
const CERT_CMD = { command: "for h in web-01 web-02; do echo \"== $h\"; echo | openssl s_client -connect $h.gelincik.internal:443 -servername gelincik.com.tr 2>/dev/null | openssl x509 -noout -subject -issuer -dates; done" };
const CERT_NOW = "notAfter=May 20 06:14:52 2027 GMT";

const redisInfo = (used, usedB, peak, maxB, maxH, policy, evicted, keys) => `# Memory
used_memory:${usedB}
used_memory_human:${used}
used_memory_rss_human:${used}
used_memory_peak_human:${peak}
maxmemory:${maxB}
maxmemory_human:${maxH}
maxmemory_policy:${policy}
mem_fragmentation_ratio:1.06
mem_allocator:jemalloc-5.3.0
# Stats
total_connections_received:9120448
expired_keys:4120981
evicted_keys:${evicted}
keyspace_hits:412098811
keyspace_misses:20118224
# Keyspace
${keys}`;
const REDIS_CMD = { command: "ssh deploy@redis-01 \"redis-cli -p 6379 INFO memory | grep -E '^(# Memory|used_memory:|used_memory_human|used_memory_rss_human|used_memory_peak_human|maxmemory|mem_)'; redis-cli -p 6379 INFO stats | grep -E '^(# Stats|total_connections_received|expired_keys|evicted_keys|keyspace_)'; redis-cli -p 6379 INFO keyspace\"" };

const inventory = (extraWeb) => numbered(1, `# ops/ansible/inventories/prod/hosts.ini
[web]
web-01 ansible_host=10.20.0.11
web-02 ansible_host=10.20.0.12${extraWeb ? "\nweb-03 ansible_host=10.20.0.13" : ""}

[worker]
worker-01 ansible_host=10.20.0.21

[db_primary]
db-01 ansible_host=10.20.0.31

[db_replica]
db-02 ansible_host=10.20.0.32

[mq]
mq-01 ansible_host=10.20.0.41

[redis]
redis-01 ansible_host=10.20.0.51

[monitoring]
mon-01 ansible_host=10.20.0.61

[prod:children]
web
worker
db_primary
db_replica
mq
redis
monitoring`);
const INV_READ = { file_path: `${G}/ops/ansible/inventories/prod/hosts.ini` };

const alertRules = (lagExpr, lagFor) => numbered(1, `groups:
  - name: gelincik-node
    rules:
      - alert: DiskSpaceLow
        expr: node_filesystem_avail_bytes{fstype=~"ext4|xfs"} / node_filesystem_size_bytes{fstype=~"ext4|xfs"} * 100 < 10
        for: 10m
        labels: { severity: warning }
        annotations:
          summary: "{{ $labels.instance }} {{ $labels.mountpoint }} has less than 10% free"
      - alert: HostMemoryLow
        expr: node_memory_MemAvailable_bytes / node_memory_MemTotal_bytes * 100 < 8
        for: 5m
        labels: { severity: warning }
  - name: gelincik-mariadb
    rules:
      - alert: MariaDBReplicationLag
        expr: ${lagExpr}
        for: ${lagFor}
        labels: { severity: critical }
        annotations:
          summary: "{{ $labels.instance }} is {{ $value | humanizeDuration }} behind db-01"
      - alert: MariaDBReplicationStopped
        expr: mysql_slave_status_slave_sql_running == 0 or mysql_slave_status_slave_io_running == 0
        for: 1m
        labels: { severity: critical }`);
const RULES_READ = { file_path: `${G}/ops/ansible/roles/prometheus/files/rules/gelincik.yml` };

const gitLog = (rows) => rows.join("\n");

const gelincik = {
  name: "gelincik (held out 45)",
  sessionId: "d4da63f5-0e43-4854-8d42-78fe8c55ccee",
  cwd: G,
  turns: 218,
  seed: 45457,
  files: ["src/Controller/CheckoutController.php", "src/Controller/Admin/OrderExportController.php", "src/Command/PurgeAbandonedCartsCommand.php", "src/MessageHandler/SyncStockToErpHandler.php", "src/MessageHandler/SendOrderMailHandler.php", "src/Pricing/VatCalculator.php", "src/Pricing/InstallmentPricer.php", "src/Repository/StockBatchRepository.php", "src/Repository/OrderRepository.php", "src/Entity/OrderItem.php", "src/Entity/ProductVariant.php", "src/Service/Erp/ErpClient.php", "config/packages/framework.yaml", "config/packages/messenger.yaml", "config/packages/doctrine.yaml", "config/packages/prod/monolog.yaml", "deploy.php", ".gitlab-ci.yml", "ops/ansible/inventories/prod/group_vars/web.yml", "ops/ansible/roles/nginx/templates/gelincik.conf.j2"],
  otherTests: ["App\\Tests\\Unit\\Pricing\\VatCalculatorTest", "App\\Tests\\Functional\\Checkout\\CheckoutFlowTest", "App\\Tests\\Unit\\Cart\\CartTotalsTest", "App\\Tests\\Functional\\Api\\ProductListTest", "App\\Tests\\Unit\\Erp\\StockPayloadTest"],
  words: ["siparis", "sepet", "urun", "stok", "kargo", "odeme", "fatura", "musteri", "order", "cart", "product", "variant", "stock", "checkout", "invoice", "shipment", "customer", "coupon", "price", "category", "message", "handler", "repository", "batch", "campaign"],
  grepWords: ["MessageHandler", "createQueryBuilder", "HttpClientInterface", "RoundingMode", "TODO", "#[AsCommand"],
  testCommands: ["vendor/bin/phpunit --testsuite unit", "vendor/bin/phpunit tests/Functional/Checkout", "vendor/bin/phpunit --filter CartTotalsTest"],
  buildCommands: ["vendor/bin/phpstan analyse --memory-limit=1G", "vendor/bin/php-cs-fixer fix --dry-run --diff", "php bin/console lint:container --env=prod"],
  appCommands: [`ssh deploy@web-01 tail -n 40 ${REL}/shared/var/log/prod.log`, "ssh deploy@web-02 sudo tail -n 40 /var/log/nginx/gelincik.access.log", "ssh deploy@worker-01 sudo journalctl -u 'gelincik-messenger@*' -n 40 --no-pager"],
  prompts: ["devam", "devam et", "ok next", "tamam sonraki", "hadi", "go on", "siradaki", "evet devam", "ok", "keep going", "bakalim", "next pls"],
  facts: [
    // ------------------------------------------------------------ day 1 (2027-02-15): campaign night, php-fpm / nginx / opcache
    [2, "Bash", { command: "ssh deploy@web-01 sudo tail -n 6 /var/log/nginx/gelincik.error.log" }, `2027/02/15 20:03:12 [error] 2211#2211: *5512087 connect() to unix:/run/php/php8.3-fpm.sock failed (11: Resource temporarily unavailable) while connecting to upstream, client: 78.186.20.14, server: gelincik.com.tr, request: "GET /kategori/kadin-bot HTTP/2.0", upstream: "fastcgi://unix:/run/php/php8.3-fpm.sock:", host: "gelincik.com.tr"
2027/02/15 20:03:12 [error] 2211#2211: *5512101 connect() to unix:/run/php/php8.3-fpm.sock failed (11: Resource temporarily unavailable) while connecting to upstream, client: 176.42.88.3, server: gelincik.com.tr, request: "POST /api/cart/items HTTP/2.0", upstream: "fastcgi://unix:/run/php/php8.3-fpm.sock:", host: "gelincik.com.tr"
2027/02/15 20:03:13 [error] 2212#2212: *5512144 connect() to unix:/run/php/php8.3-fpm.sock failed (11: Resource temporarily unavailable) while connecting to upstream, client: 88.241.7.190, server: gelincik.com.tr, request: "GET /urun/deri-bot-siyah-38 HTTP/2.0", upstream: "fastcgi://unix:/run/php/php8.3-fpm.sock:", host: "gelincik.com.tr"
(502 on 3.8% of requests between 20:00 and 20:35; the "kis indirimi" campaign mail went out at 20:00)`, undefined, { kind: "app", error: true, where: "top" }],
    [3, "Bash", { command: "ssh deploy@web-01 sudo grep -c max_children /var/log/php8.3-fpm.log && ssh deploy@web-01 sudo tail -n 4 /var/log/php8.3-fpm.log" }, `188
[15-Feb-2027 20:01:44] WARNING: [pool www] server reached pm.max_children setting (24), consider raising it
[15-Feb-2027 20:02:19] WARNING: [pool www] seems busy (you may need to increase pm.start_servers, or pm.min/max_spare_servers), spawning 8 children, there are 0 idle, and 24 total children
[15-Feb-2027 20:03:02] WARNING: [pool www] server reached pm.max_children setting (24), consider raising it
[15-Feb-2027 20:04:40] WARNING: [pool www] server reached pm.max_children setting (24), consider raising it`, undefined, { kind: "app", error: true, where: "top" }],
    [5, "Bash", FPM_CMD, fpmPool("web-01", 24, 6, 4, 10, 0), "fpmpool", { kind: "code", where: "top" }],
    [6, "Bash", { command: "ssh deploy@web-01 systemctl status php8.3-fpm --no-pager" }, fpmSystemctl("web-01", "Thu 2027-02-11 06:12:40 +03", "4 days ago", 24, 0, 4120877, "2.3G", false), undefined, { kind: "app", where: "top" }],
    [7, "Bash", { command: "ssh deploy@web-01 \"ps -C php-fpm8.3 -o rss= | awk '{s+=\\$1; n++} END {printf \\\"%d workers, avg %.1f MB, total %.1f MB\\n\\\", n, s/n/1024, s/1024}'; free -m; nproc\"" }, `25 workers, avg 91.6 MB, total 2290.0 MB
               total        used        free      shared  buff/cache   available
Mem:           15896        4410         702         288       10784       11486
Swap:           4095           0        4095
8
(Hetzner AX41 class box: 8 threads, 16 GB; nginx + php-fpm only)`, undefined, { kind: "app", where: "top" }],
    [8, "Read", { file_path: `${G}/ops/ansible/inventories/prod/group_vars/web.yml` }, numbered(1, `---
php_version: "8.3"
php_fpm_pm: dynamic
php_fpm_max_children: 24
php_fpm_start_servers: 6
php_fpm_min_spare_servers: 4
php_fpm_max_spare_servers: 10
php_fpm_max_requests: 0
php_memory_limit: 256M
php_opcache_memory: 128
php_opcache_interned_strings: 8
php_opcache_max_files: 10000
php_opcache_validate_timestamps: 1
nginx_worker_connections: 768
nginx_keepalive_timeout: 65
nginx_fastcgi_read_timeout: 60s
app_root: ${REL}
deploy_user: deploy`), undefined, { kind: "code", where: "top" }],
    [9, "Edit", { file_path: `${G}/ops/ansible/inventories/prod/group_vars/web.yml`, old_string: "php_fpm_max_children: 24\nphp_fpm_start_servers: 6\nphp_fpm_min_spare_servers: 4\nphp_fpm_max_spare_servers: 10", new_string: "php_fpm_max_children: 64\nphp_fpm_start_servers: 16\nphp_fpm_min_spare_servers: 8\nphp_fpm_max_spare_servers: 24" }, `The file ${G}/ops/ansible/inventories/prod/group_vars/web.yml has been updated.`, undefined, { kind: "code", where: "top" }],
    [11, "Bash", { command: `${ANS} web.yml --tags php-fpm >/dev/null && ${FPM_CMD.command}` }, fpmPool("web-01", 64, 16, 8, 24, 0), "fpmpool", { kind: "code", where: "top" }],
    [13, "Bash", { command: "ssh deploy@web-01 curl -s http://127.0.0.1/fpm-status" }, fpmStatus("web-01, 20:51", "15/Feb/2027:20:41:07 +0300", 388120, 9, 49, 58, 0, 211), undefined, { kind: "app", where: "top" }],
    [14, "Bash", { command: "ssh deploy@stg-web-01 cat /etc/php/8.3/fpm/pool.d/www.conf" }, fpmPool("stg-web-01 (staging)", 8, 2, 1, 3, 200), undefined, { kind: "code", where: "top" }],
    [16, "Bash", { command: "ssh deploy@web-02 sudo grep 'upstream timed out' /var/log/nginx/gelincik.error.log | tail -n 3" }, `2027/02/15 22:14:40 [error] 1904#1904: *6120411 upstream timed out (110: Connection timed out) while reading response header from upstream, client: 10.20.0.5, server: gelincik.com.tr, request: "GET /admin/export/orders.csv?from=2026-01-01&to=2026-12-31 HTTP/2.0", upstream: "fastcgi://unix:/run/php/php8.3-fpm.sock:", host: "gelincik.com.tr"
2027/02/15 22:21:03 [error] 1904#1904: *6122871 upstream timed out (110: Connection timed out) while reading response header from upstream, client: 10.20.0.5, server: gelincik.com.tr, request: "GET /admin/export/orders.csv?from=2026-01-01&to=2026-12-31 HTTP/2.0", upstream: "fastcgi://unix:/run/php/php8.3-fpm.sock:", host: "gelincik.com.tr"
2027/02/15 22:30:55 [error] 1905#1905: *6126002 upstream timed out (110: Connection timed out) while reading response header from upstream, client: 10.20.0.5, server: gelincik.com.tr, request: "GET /admin/export/orders.csv?from=2026-01-01&to=2026-12-31 HTTP/2.0", upstream: "fastcgi://unix:/run/php/php8.3-fpm.sock:", host: "gelincik.com.tr"
(finance exports all 2026 orders for the year-end close; the export takes ~140s, nginx gives up after 60s and the browser gets a 504)`, undefined, { kind: "app", error: true, where: "top" }],
    [17, "Bash", SITE_CMD, nginxSite("60s", false), "nginxsite", { kind: "code", where: "top" }],
    [19, "Edit", { file_path: `${G}/ops/ansible/inventories/prod/group_vars/web.yml`, old_string: "nginx_fastcgi_read_timeout: 60s", new_string: "nginx_fastcgi_read_timeout: 300s  # admin yearly export, until it moves to messenger" }, `The file ${G}/ops/ansible/inventories/prod/group_vars/web.yml has been updated.`, undefined, { kind: "code", where: "top" }],
    [20, "Bash", { command: `${ANS} web.yml --tags nginx >/dev/null && ${SITE_CMD.command}` }, nginxSite("300s", false), "nginxsite", { kind: "code", where: "top" }],
    [21, "Bash", { command: "ssh deploy@web-01 sudo grep -E 'alert|emerg' /var/log/nginx/error.log | tail -n 3" }, `2027/02/15 20:02:51 [alert] 2210#2210: 768 worker_connections are not enough while connecting to upstream, client: 85.99.120.4, server: gelincik.com.tr, request: "GET /kategori/erkek-mont HTTP/2.0"
2027/02/15 20:02:51 [alert] 2212#2212: 768 worker_connections are not enough while connecting to upstream, client: 31.223.9.14, server: gelincik.com.tr, request: "GET /api/products?category=12&page=3 HTTP/2.0"
2027/02/15 20:02:52 [alert] 2209#2209: 768 worker_connections are not enough
(Debian default; keepalive connections from the campaign traffic hold the slots)`, undefined, { kind: "app", error: true, where: "top" }],
    [22, "Bash", MAIN_CMD, nginxMain(768, null, 65), "nginxmain", { kind: "code", where: "top" }],
    [24, "Edit", { file_path: `${G}/ops/ansible/inventories/prod/group_vars/web.yml`, old_string: "nginx_worker_connections: 768\nnginx_keepalive_timeout: 65", new_string: "nginx_worker_connections: 4096\nnginx_worker_rlimit_nofile: 16384\nnginx_keepalive_timeout: 15" }, `The file ${G}/ops/ansible/inventories/prod/group_vars/web.yml has been updated.`, undefined, { kind: "code", where: "top" }],
    [25, "Bash", { command: `${ANS} web.yml --tags nginx >/dev/null && ${MAIN_CMD.command}` }, nginxMain(4096, 16384, 15), "nginxmain", { kind: "code", where: "top" }],
    [27, "Bash", { command: "ssh deploy@web-01 'sudo dmesg -T | grep -iE \"out of memory|oom-kill\" | tail -n 4; free -m'" }, `[Mon Feb 15 21:52:08 2027] php-fpm8.3 invoked oom-killer: gfp_mask=0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP), order=0, oom_score_adj=0
[Mon Feb 15 21:52:08 2027] oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed=0,global_oom,task_memcg=/system.slice/php8.3-fpm.service,task=php-fpm8.3,pid=28114,uid=33
[Mon Feb 15 21:52:08 2027] Out of memory: Killed process 28114 (php-fpm8.3) total-vm:812440kB, anon-rss:402118kB, file-rss:0kB, shmem-rss:18224kB, UID:33 pgtables:1204kB oom_score_adj:0
[Mon Feb 15 21:52:31 2027] Out of memory: Killed process 28190 (php-fpm8.3) total-vm:790112kB, anon-rss:388410kB, file-rss:0kB, shmem-rss:18224kB, UID:33 pgtables:1188kB oom_score_adj:0
               total        used        free      shared  buff/cache   available
Mem:           15896       14902         211         301         782         590
Swap:           4095        4095           0
(64 children, the google merchant feed regeneration at 21:45 runs a few workers up to ~400 MB each)`, undefined, { kind: "app", error: true, where: "top" }],
    [28, "Bash", { command: "ssh deploy@web-01 systemctl status php8.3-fpm --no-pager" }, fpmSystemctl("web-01", "Mon 2027-02-15 20:41:07 +03", "1h 14min ago", 61, 3, 1120411, "14.1G", true), undefined, { kind: "app", where: "top" }],
    [29, "Edit", { file_path: `${G}/ops/ansible/inventories/prod/group_vars/web.yml`, old_string: "php_fpm_max_children: 64\nphp_fpm_start_servers: 16\nphp_fpm_min_spare_servers: 8\nphp_fpm_max_spare_servers: 24", new_string: "php_fpm_max_children: 40  # 64 got OOM-killed on 16 GB (feed job workers reach 400 MB)\nphp_fpm_start_servers: 12\nphp_fpm_min_spare_servers: 8\nphp_fpm_max_spare_servers: 16" }, `The file ${G}/ops/ansible/inventories/prod/group_vars/web.yml has been updated.`, undefined, { kind: "code", where: "top" }],
    [30, "Bash", { command: `${ANS} web.yml --tags php-fpm >/dev/null && ${FPM_CMD.command}` }, fpmPool("web-01", 40, 12, 8, 16, 0), "fpmpool", { kind: "code", where: "top" }],
    [32, "Bash", OPCACHE_CMD, opcacheIni(128, 8, 10000, 1), "opcache", { kind: "code", where: "top" }],
    [33, "Bash", OCSTAT_CMD, opcacheStatus("Yes", "128.00 MiB", "0.00 MiB", 9998, 16229, 9, "91.40%"), "opcachestat", { kind: "app", where: "top" }],
    [35, "Edit", { file_path: `${G}/ops/ansible/inventories/prod/group_vars/web.yml`, old_string: "php_opcache_memory: 128\nphp_opcache_interned_strings: 8\nphp_opcache_max_files: 10000\nphp_opcache_validate_timestamps: 1", new_string: "php_opcache_memory: 256\nphp_opcache_interned_strings: 32\nphp_opcache_max_files: 32531\nphp_opcache_validate_timestamps: 0  # deploy.php reloads php-fpm after the symlink" }, `The file ${G}/ops/ansible/inventories/prod/group_vars/web.yml has been updated.`, undefined, { kind: "code", where: "top" }],
    [36, "Bash", { command: `${ANS} web.yml --tags php >/dev/null && ${OPCACHE_CMD.command}` }, opcacheIni(256, 32, 32531, 0), "opcache", { kind: "code", where: "top" }],
    [37, "Bash", OCSTAT_CMD, opcacheStatus("No", "97.40 MiB", "158.60 MiB", 10342, 65407, 0, "99.31%"), "opcachestat", { kind: "app", where: "top" }],
    [38, "Bash", { command: "git commit -am 'ops(web): fpm 40 children, nginx 4096 conns + 300s fastcgi timeout, opcache 256M' && git log -1 --format='%h %s%n%n%b'" }, `[main 1e4b7c2] ops(web): fpm 40 children, nginx 4096 conns + 300s fastcgi timeout, opcache 256M
 1 file changed, 12 insertions(+), 9 deletions(-)
1e4b7c2 ops(web): fpm 40 children, nginx 4096 conns + 300s fastcgi timeout, opcache 256M

Campaign night: 502s from pm.max_children 24 and nginx's 768 worker_connections.
Raised fpm to 64, which the OOM killer answered at 21:52 (feed regeneration workers),
so 40 for now. fastcgi_read_timeout 300s for the yearly order export until it is a
messenger job. opcache was full (9 oom restarts): 256M, 32531 files, timestamps off.`, undefined, { kind: "build", where: "top" }],
    [40, "Bash", { command: "ssh deploy@web-02 curl -s http://127.0.0.1/fpm-status" }, fpmStatus("web-02, 23:10", "15/Feb/2027:22:58:31 +0300", 120447, 14, 11, 27, 0, 40), undefined, { kind: "app", where: "top" }],
    [41, "Read", { file_path: `${G}/deploy.php` }, numbered(1, `<?php
namespace Deployer;

require 'recipe/symfony.php';

set('repository', 'git@gitlab.gelincik.internal:shop/gelincik.git');
set('keep_releases', 5);
set('shared_files', ['.env.local']);
set('shared_dirs', ['var/log', 'var/sessions', 'public/media']);
set('writable_dirs', ['var']);
set('bin/console', '{{bin/php}} {{release_or_current_path}}/bin/console');

host('web-01')->set('hostname', '10.20.0.11')->set('remote_user', 'deploy')->set('deploy_path', '${REL}');
host('web-02')->set('hostname', '10.20.0.12')->set('remote_user', 'deploy')->set('deploy_path', '${REL}');
host('worker-01')->set('hostname', '10.20.0.21')->set('remote_user', 'deploy')->set('deploy_path', '${REL}')->set('labels', ['role' => 'worker']);

// migrations run once, on web-01
task('database:migrate')->select('web-01');

// opcache.validate_timestamps=0 + preload: a release is only picked up after php-fpm reloads
task('php-fpm:reload', function () {
    run('sudo /usr/bin/systemctl reload php8.3-fpm');
})->select('web-01,web-02');

task('messenger:stop-workers', function () {
    run('{{bin/console}} messenger:stop-workers');
})->select('role=worker');

after('deploy:symlink', 'php-fpm:reload');
after('php-fpm:reload', 'messenger:stop-workers');
after('deploy:failed', 'deploy:unlock');`), undefined, { kind: "code", where: "top" }],
    [44, "Bash", RELEASES_CMD, releases([R141, R142, R143(" (current)")]), "releases", { kind: "build", where: "top" }],

    // ------------------------------------------------------------ day 2 (2027-02-16): replica lag, innodb
    [46, "Bash", { command: "ssh deploy@mon-01 amtool alert query --alertmanager.url=http://127.0.0.1:9093" }, `Alertname               Starts At                Summary
MariaDBReplicationLag   2027-02-16 04:12:31 +03  db-02:9104 is 1h 20m 21s behind db-01
OrderStatusMismatch     2027-02-16 06:40:02 +03  214 paid orders still "awaiting_payment" on the account page
HostCpuHigh             2027-02-16 03:01:10 +03  db-02:9100 cpu iowait above 40% for 30m`, undefined, { kind: "app", where: "top" }],
    [47, "Bash", REPLICA_CMD, replica("db-02", "db-01.gelincik.internal", 4821, "Yes", "Yes", "Delete_rows_log_event::find_row(-1) on table `cart_item`", 881204417, 410998112, "0-1-918224107", "conservative"), "replica", { kind: "app", where: "top" }],
    [48, "Bash", { command: `ssh deploy@web-01 "grep -h 'OrderReadModel' ${REL}/shared/var/log/prod.log | tail -n 3"` }, `[2027-02-16T06:41:12.118+03:00] app.WARNING: OrderReadModel served order GLN-2027-118204 with status awaiting_payment, payment callback marked it paid at 05:02:44 {"connection":"replica","order":"GLN-2027-118204"} []
[2027-02-16T06:41:30.402+03:00] app.WARNING: OrderReadModel served order GLN-2027-118209 with status awaiting_payment, payment callback marked it paid at 05:03:10 {"connection":"replica","order":"GLN-2027-118209"} []
[2027-02-16T06:42:02.877+03:00] app.WARNING: OrderReadModel served order GLN-2027-118233 with status awaiting_payment, payment callback marked it paid at 05:05:51 {"connection":"replica","order":"GLN-2027-118233"} []
(the account pages read through the doctrine "replica" connection; 38 support tickets since 06:00)`, undefined, { kind: "app", error: true, where: "top" }],
    [49, "Bash", { command: "ssh deploy@db-01 \"sudo mariadb-binlog --base64-output=decode-rows -v /var/lib/mysql/mariadb-bin.004209 | ./binlog-summary.awk\"" }, `binlog mariadb-bin.004209 (db-01), biggest transactions:
  start                 end                   gtid              thread   table                    rows       bytes
  2027-02-16 03:00:02   2027-02-16 03:11:48   0-1-918204411     88121    gelincik.cart_item       2914402    1.61G
  2027-02-16 03:11:49   2027-02-16 03:11:52   0-1-918204412     88121    gelincik.cart            402118     88.2M
  2027-02-16 02:00:01   2027-02-16 02:00:03   0-1-918198002     87990    gelincik.search_log      18220      3.1M
(thread 88121 = bin/console app:purge-abandoned-carts from the 03:00 cron on worker-01)`, undefined, { kind: "app", where: "top" }],
    [50, "Read", { file_path: `${G}/src/Command/PurgeAbandonedCartsCommand.php` }, numbered(1, `<?php

namespace App\\Command;

use Doctrine\\ORM\\EntityManagerInterface;
use Symfony\\Component\\Console\\Attribute\\AsCommand;
use Symfony\\Component\\Console\\Command\\Command;
use Symfony\\Component\\Console\\Input\\InputInterface;
use Symfony\\Component\\Console\\Output\\OutputInterface;

#[AsCommand(name: 'app:purge-abandoned-carts', description: 'Deletes carts untouched for 30 days')]
final class PurgeAbandonedCartsCommand extends Command
{
    public function __construct(private readonly EntityManagerInterface $em)
    {
        parent::__construct();
    }

    protected function execute(InputInterface $input, OutputInterface $output): int
    {
        $cutoff = new \\DateTimeImmutable('-30 days');
        $conn = $this->em->getConnection();
        $conn->executeStatement('DELETE ci FROM cart_item ci JOIN cart c ON c.id = ci.cart_id WHERE c.updated_at < ? AND c.order_id IS NULL', [$cutoff->format('Y-m-d H:i:s')]);
        $conn->executeStatement('DELETE FROM cart WHERE updated_at < ? AND order_id IS NULL', [$cutoff->format('Y-m-d H:i:s')]);

        return Command::SUCCESS;
    }
}`), undefined, { kind: "code", where: "top" }],
    [52, "Bash", { command: "ssh deploy@stg-db-02 \"sudo mariadb -e 'SHOW REPLICA STATUS\\G'\"" }, replica("stg-db-02 (staging)", "stg-db-01.gelincik.internal", 0, "Yes", "Yes", "Slave has read all relay log; waiting for more updates", 120448112, 120448112, "0-11-20441871", "conservative"), undefined, { kind: "app", where: "top" }],
    [53, "Bash", REPLVARS_CMD, replVars(0, "conservative", 1, 1), "replvars", { kind: "app", where: "top" }],
    [55, "Bash", { command: `ssh deploy@db-02 "sudo mariadb -e \\"STOP REPLICA SQL_THREAD; SET GLOBAL slave_parallel_threads = 8; SET GLOBAL slave_parallel_mode = 'optimistic'; SET GLOBAL innodb_flush_log_at_trx_commit = 2; SET GLOBAL sync_binlog = 0; START REPLICA SQL_THREAD;\\"" && ${REPLVARS_CMD.command}` }, replVars(8, "optimistic", 2, 0), "replvars", { kind: "app", where: "top" }],
    [57, "Bash", REPLICA_CMD, replica("db-02", "db-01.gelincik.internal", 1290, "Yes", "Yes", "Waiting for prior transaction to commit", 902118004, 770442981, "0-1-918229981", "optimistic"), "replica", { kind: "app", where: "top" }],
    [59, "Edit", { file_path: `${G}/src/Command/PurgeAbandonedCartsCommand.php`, old_string: "        $conn->executeStatement('DELETE ci FROM cart_item ci JOIN cart c ON c.id = ci.cart_id WHERE c.updated_at < ? AND c.order_id IS NULL', [$cutoff->format('Y-m-d H:i:s')]);", new_string: "        // chunks of 5000 carts, one short transaction each, so the replica can keep up (row-based binlog)\n        do {\n            $ids = $conn->fetchFirstColumn('SELECT id FROM cart WHERE updated_at < ? AND order_id IS NULL ORDER BY id LIMIT 5000', [$cutoff->format('Y-m-d H:i:s')]);\n            if ($ids) {\n                $conn->executeStatement('DELETE FROM cart_item WHERE cart_id IN (?)', [$ids], [ArrayParameterType::INTEGER]);\n                $conn->executeStatement('DELETE FROM cart WHERE id IN (?)', [$ids], [ArrayParameterType::INTEGER]);\n                usleep(200_000);\n            }\n        } while (\\count($ids) === 5000);" }, `The file ${G}/src/Command/PurgeAbandonedCartsCommand.php has been updated.`, undefined, { kind: "code", where: "top" }],
    [60, "Bash", { command: "vendor/bin/phpunit tests/Command" }, phpunitOut("OK (6 tests, 19 assertions)", "00:02.412"), undefined, { kind: "test", where: "bottom" }],
    [62, "Bash", REPLICA_CMD, replica("db-02", "db-01.gelincik.internal", 0, "Yes", "Yes", "Slave has read all relay log; waiting for more updates", 931004417, 931004417, "0-1-918241187", "optimistic"), "replica", { kind: "app", where: "top" }],
    [63, "Bash", { command: "git commit -am 'purge carts in chunks of 5000; replica parallel apply' && git log -1 --format='%h %s%n%n%b'" }, `[main 6a31d0e] purge carts in chunks of 5000; replica parallel apply
 2 files changed, 21 insertions(+), 3 deletions(-)
6a31d0e purge carts in chunks of 5000; replica parallel apply

db-02 fell 4821s behind overnight. The 03:00 app:purge-abandoned-carts cron
deleted 2914402 cart_item rows in a single DELETE (one 1.6 GB row-based binlog
transaction); the replica applies it single-threaded and cart_item's lookup on
the replica had to find every row, so everything behind it (payment callbacks
included) waited, and the account pages read stale order statuses from the
replica. Purge now deletes 5000 carts per transaction. db-02: slave_parallel_threads
8, optimistic mode, innodb_flush_log_at_trx_commit 2 (it is a replica; ansible
group_vars/db_replica.yml updated to match). Caught up at 08:52.`, undefined, { kind: "build", where: "top" }],
    [65, "Bash", INNODB_CMD, innodb(8589934592, 536870912, 200, 200), "innodb", { kind: "app", where: "top" }],
    [66, "Bash", { command: "ssh deploy@db-01 'free -g; nproc; sudo mariadb -e \"SHOW GLOBAL STATUS LIKE \\\"Innodb_buffer_pool_read%\\\"\"'" }, `               total        used        free      shared  buff/cache   available
Mem:              62          11           1           0          50          50
Swap:              3           0           3
16
+---------------------------------------+--------------+
| Variable_name                         | Value        |
+---------------------------------------+--------------+
| Innodb_buffer_pool_read_ahead         | 1204118      |
| Innodb_buffer_pool_read_requests      | 90412208114  |
| Innodb_buffer_pool_reads              | 412207718    |
+---------------------------------------+--------------+
(hit ratio 99.54%, data + indexes ~31 GB; 64 GB box running only mariadb)`, undefined, { kind: "app", where: "top" }],
    [68, "Edit", { file_path: `${G}/ops/ansible/inventories/prod/group_vars/db_primary.yml`, old_string: "mariadb_innodb_buffer_pool_size: 8G\nmariadb_innodb_log_file_size: 512M\nmariadb_innodb_io_capacity: 200\nmariadb_max_connections: 200", new_string: "mariadb_innodb_buffer_pool_size: 20G\nmariadb_innodb_log_file_size: 2G\nmariadb_innodb_io_capacity: 1000  # NVMe\nmariadb_max_connections: 300" }, `The file ${G}/ops/ansible/inventories/prod/group_vars/db_primary.yml has been updated.`, undefined, { kind: "code", where: "top" }],
    [69, "Bash", { command: `${ANS} db.yml --limit db-01 -e mariadb_allow_restart=true` }, `TASK [mariadb : template /etc/mysql/mariadb.conf.d/60-gelincik.cnf] *************************
changed: [db-01]
RUNNING HANDLER [mariadb : restart mariadb] ************************************************
changed: [db-01]
TASK [mariadb : wait for port 3306] ********************************************************
ok: [db-01]

${recap(["db-01"], 2)}
(restart at 06:05 in the maintenance window, 41s; web nodes retried through it)`, undefined, { kind: "build", where: "top" }],
    [70, "Bash", INNODB_CMD, innodb(21474836480, 2147483648, 1000, 300), "innodb", { kind: "app", where: "top" }],
    [72, "Bash", { command: "ssh deploy@db-01 systemctl status mariadb --no-pager" }, `● mariadb.service - MariaDB 10.11.6 database server
     Loaded: loaded (/lib/systemd/system/mariadb.service; enabled; preset: enabled)
    Drop-In: /etc/systemd/system/mariadb.service.d
             └─limits.conf
     Active: active (running) since Tue 2027-02-16 06:05:12 +03; 3h 2min ago
       Docs: man:mariadbd(8)
             https://mariadb.com/kb/en/library/systemd/
   Main PID: 1182 (mariadbd)
     Status: "Taking your SQL requests now..."
      Tasks: 71 (limit: 76881)
     Memory: 21.9G
        CPU: 1h 12min 40.311s
     CGroup: /system.slice/mariadb.service
             └─1182 /usr/sbin/mariadbd

Feb 16 06:05:11 db-01 mariadbd[1182]: 2027-02-16  6:05:11 0 [Note] InnoDB: Buffer pool(s) load completed at 270216  6:05:11
Feb 16 06:05:12 db-01 mariadbd[1182]: 2027-02-16  6:05:12 0 [Note] /usr/sbin/mariadbd: ready for connections.`, undefined, { kind: "app", where: "top" }],
    [74, "Bash", { command: "ssh deploy@db-01 df -h" }, df("db-01", dfRow("/dev/md2", "1.8T", "412G", "1.3T", "24%", "/"), dfRow("/dev/nvme0n1p1", "1.7T", "388G", "1.3T", "23%", "/var/lib/mysql")), undefined, { kind: "app", where: "top" }],
    [76, "Read", INV_READ, inventory(false), "inventory", { kind: "code", where: "top" }],
    [77, "Read", { file_path: `${G}/ops/ansible/inventories/staging/hosts.ini` }, numbered(1, `# ops/ansible/inventories/staging/hosts.ini
[web]
stg-web-01 ansible_host=10.60.0.11

[worker]
stg-web-01

[db_primary]
stg-db-01 ansible_host=10.60.0.31

[db_replica]
stg-db-02 ansible_host=10.60.0.32

[mq]
stg-web-01

[redis]
stg-web-01`), undefined, { kind: "code", where: "top" }],
    [78, "Bash", { command: "git log --oneline -n 12" }, gitLog(["6a31d0e purge carts in chunks of 5000; replica parallel apply", "1e4b7c2 ops(web): fpm 40 children, nginx 4096 conns + 300s fastcgi timeout, opcache 256M", "b81d0c4 checkout: installment table for 9 and 12 months", "0d1f2a7 erp: sync stock via messenger instead of cron", "7f20b3d admin: yearly order export", "4c1e9a0 feed: google merchant xml regeneration at 21:45", "a12e9b4 ci: cache composer between jobs", "5c7d2f0 search: log zero-result queries", "e01b4a9 cart: merge guest cart on login", "3f9a0c1 deps: symfony 7.2", "8d2c7e3 order: status history table", "2b6f1e8 mail: order shipped template"]), undefined, { kind: "build", where: "top" }],
    [80, "Read", RULES_READ, alertRules("mysql_slave_status_seconds_behind_master > 300", "10m"), "alertrule", { kind: "code", where: "top" }],
    [82, "Edit", { file_path: RULES_READ.file_path, old_string: "        expr: mysql_slave_status_seconds_behind_master > 300\n        for: 10m", new_string: "        expr: mysql_slave_status_seconds_behind_master > 60\n        for: 2m" }, `The file ${RULES_READ.file_path} has been updated.`, undefined, { kind: "code", where: "top" }],
    [83, "Bash", { command: `promtool check rules ops/ansible/roles/prometheus/files/rules/gelincik.yml && ${ANS} monitoring.yml --tags prometheus-rules >/dev/null && cat -n ops/ansible/roles/prometheus/files/rules/gelincik.yml` }, `Checking ops/ansible/roles/prometheus/files/rules/gelincik.yml
  SUCCESS: 4 rules found

${alertRules("mysql_slave_status_seconds_behind_master > 60", "2m")}`, "alertrule", { kind: "code", where: "top" }],

    // ------------------------------------------------------------ day 3 (2027-02-17): migration, brick/money, rollback
    [86, "Bash", MIG_CMD, migStatus("20270210143000", "20270212091500", "20270216101500", "20270216101500", 86, 87, 1, 143), "migstatus", { kind: "app", where: "top" }],
    [87, "Read", { file_path: `${G}/migrations/Version20270216101500.php` }, numbered(1, `<?php

declare(strict_types=1);

namespace DoctrineMigrations;

use Doctrine\\DBAL\\Schema\\Schema;
use Doctrine\\Migrations\\AbstractMigration;

final class Version20270216101500 extends AbstractMigration
{
    public function getDescription(): string
    {
        return 'order_item.variant_id -> product_variant (keep the ordered variant, not only the product)';
    }

    public function up(Schema $schema): void
    {
        $this->addSql('ALTER TABLE order_item ADD variant_id INT DEFAULT NULL');
        $this->addSql('UPDATE order_item oi JOIN product_variant_legacy_map m ON m.sku = oi.sku SET oi.variant_id = m.variant_id');
        $this->addSql('ALTER TABLE order_item ADD CONSTRAINT FK_52EA1F093B69A9BA FOREIGN KEY (variant_id) REFERENCES product_variant (id)');
        $this->addSql('CREATE INDEX IDX_52EA1F093B69A9BA ON order_item (variant_id)');
    }

    public function down(Schema $schema): void
    {
        $this->addSql('ALTER TABLE order_item DROP FOREIGN KEY FK_52EA1F093B69A9BA');
        $this->addSql('DROP INDEX IDX_52EA1F093B69A9BA ON order_item');
        $this->addSql('ALTER TABLE order_item DROP variant_id');
    }
}`), undefined, { kind: "code", where: "top" }],
    [89, "Bash", { command: "dep deploy prod" }, deployOut(144, `[web-01]  [notice] Migrating up to DoctrineMigrations\\Version20270216101500
[web-01]  [error] Migration DoctrineMigrations\\Version20270216101500 failed during Execution. Error: "An exception occurred while executing a query: SQLSTATE[23000]: Integrity constraint violation: 1452 Cannot add or update a child row: a foreign key constraint fails (\`gelincik\`.\`#sql-alter-4a1-2b17\`, CONSTRAINT \`FK_52EA1F093B69A9BA\` FOREIGN KEY (\`variant_id\`) REFERENCES \`product_variant\` (\`id\`))"
[web-01] In ExceptionConverter.php line 117:
[web-01]   An exception occurred while executing a query: SQLSTATE[23000]: Integrity constraint violation: 1452 Cannot add or update a child row: a foreign key constraint fails`, `
task deploy:failed
task deploy:unlock
[web-01] error in database:migrate: exit code 1 (General error)
(release 144 was never symlinked; current still points at 143)`), undefined, { kind: "build", error: true, where: "top" }],
    [90, "Bash", RELEASES_CMD, releases([R141, R142, R143(" (current)"), R144]), "releases", { kind: "build", where: "top" }],
    [92, "Bash", { command: "ssh deploy@db-01 \"sudo mariadb gelincik -e 'SELECT COUNT(*) AS orphans, MIN(oi.created_at), MAX(oi.created_at) FROM order_item oi LEFT JOIN product_variant v ON v.id = oi.variant_id WHERE oi.variant_id IS NOT NULL AND v.id IS NULL; SHOW COLUMNS FROM order_item LIKE \\\"variant_id\\\"'\"" }, `+---------+---------------------+---------------------+
| orphans | MIN(oi.created_at)  | MAX(oi.created_at)  |
+---------+---------------------+---------------------+
|     312 | 2024-03-02 10:14:51 | 2025-11-20 18:02:33 |
+---------+---------------------+---------------------+
+------------+---------+------+-----+---------+-------+
| Field      | Type    | Null | Key | Default | Extra |
+------------+---------+------+-----+---------+-------+
| variant_id | int(11) | YES  |     | NULL    |       |
+------------+---------+------+-----+---------+-------+
(312 order items point at variants that were hard-deleted in the 2025 catalogue cleanup; and the column is already there: MariaDB committed the ADD COLUMN before the FK failed)`, undefined, { kind: "app", where: "top" }],
    [94, "Bash", { command: `ssh deploy@web-01 'cd ${REL}/releases/144 && php bin/console doctrine:migrations:migrate --no-interaction --env=prod'` }, `[notice] Migrating up to DoctrineMigrations\\Version20270216101500
[error] Migration DoctrineMigrations\\Version20270216101500 failed during Execution. Error: "An exception occurred while executing a query: SQLSTATE[42S21]: Column already exists: 1060 Duplicate column name 'variant_id'"

In ExceptionConverter.php line 54:

  An exception occurred while executing a query: SQLSTATE[42S21]: Column already exists: 1060 Duplicate column name 'variant_id'

In Exception.php line 28:

  SQLSTATE[42S21]: Column already exists: 1060 Duplicate column name 'variant_id'`, undefined, { kind: "app", error: true, where: "top" }],
    [95, "Edit", { file_path: `${G}/migrations/Version20270216101500.php`, old_string: "        $this->addSql('ALTER TABLE order_item ADD variant_id INT DEFAULT NULL');", new_string: "        // MariaDB DDL is not transactional: the column may exist from the failed run on prod (release 144)\n        $this->addSql('ALTER TABLE order_item ADD COLUMN IF NOT EXISTS variant_id INT DEFAULT NULL');\n        // 312 items reference variants hard-deleted in the 2025 catalogue cleanup\n        $this->addSql('UPDATE order_item oi LEFT JOIN product_variant v ON v.id = oi.variant_id SET oi.variant_id = NULL WHERE v.id IS NULL');" }, `The file ${G}/migrations/Version20270216101500.php has been updated.`, undefined, { kind: "code", where: "top" }],
    [97, "Bash", { command: "ssh deploy@stg-web-01 'cd /var/www/gelincik/current && php bin/console doctrine:migrations:migrate --no-interaction --env=prod'" }, `[notice] Migrating up to DoctrineMigrations\\Version20270216101500
[notice] finished in 2211.4ms, used 48M memory, 1 migrations executed, 5 sql queries

 [OK] Successfully migrated to version: DoctrineMigrations\\Version20270216101500
(staging, stg-web-01)`, undefined, { kind: "app", where: "top" }],
    [98, "Bash", { command: "dep deploy prod" }, deployOut(145, `[web-01]  [notice] Migrating up to DoctrineMigrations\\Version20270216101500
[web-01]  [notice] finished in 48120.7ms, used 62M memory, 1 migrations executed, 5 sql queries
[web-01]  [OK] Successfully migrated to version: DoctrineMigrations\\Version20270216101500`), undefined, { kind: "build", where: "top" }],
    [99, "Bash", MIG_CMD, migStatus("20270212091500", "20270216101500", null, "20270216101500", 87, 87, 0, 145), "migstatus", { kind: "app", where: "top" }],
    [100, "Bash", { command: "git commit -am 'migration: tolerate the half-applied variant_id column, null orphan variants' && git log -1 --format='%h %s'" }, `[main 9a0d4b7] migration: tolerate the half-applied variant_id column, null orphan variants
 1 file changed, 4 insertions(+), 1 deletion(-)
9a0d4b7 migration: tolerate the half-applied variant_id column, null orphan variants`, undefined, { kind: "build", where: "top" }],
    [102, "Read", { file_path: `${G}/composer.json` }, numbered(1, `{
    "name": "gelincik/shop",
    "type": "project",
    "license": "proprietary",
    "require": {
        "php": ">=8.3",
        "ext-amqp": "*",
        "ext-redis": "*",
        "brick/money": "^0.9",
        "doctrine/doctrine-bundle": "^2.13",
        "doctrine/doctrine-migrations-bundle": "^3.3",
        "doctrine/orm": "^3.3",
        "symfony/amqp-messenger": "7.2.*",
        "symfony/console": "7.2.*",
        "symfony/dotenv": "7.2.*",
        "symfony/framework-bundle": "7.2.*",
        "symfony/http-client": "7.2.*",
        "symfony/messenger": "7.2.*",
        "symfony/monolog-bundle": "^3.10",
        "symfony/runtime": "7.2.*",
        "symfony/security-bundle": "7.2.*",
        "symfony/twig-bundle": "7.2.*"
    },
    "require-dev": {
        "phpunit/phpunit": "^11.5",
        "phpstan/phpstan": "^2.1",
        "symfony/browser-kit": "7.2.*",
        "dama/doctrine-test-bundle": "^8.2"
    },
    "config": {
        "platform": { "php": "8.3.16" },
        "sort-packages": true
    }
}`), undefined, { kind: "code", where: "top" }],
    [103, "Bash", { command: "composer require brick/money:^0.10 -W 2>&1 | grep -E 'Upgrading|Lock file'" }, `Lock file operations: 0 installs, 2 updates, 0 removals
  - Upgrading brick/math (0.12.1 => 0.12.3)
  - Upgrading brick/money (0.9.0 => 0.10.0)`, undefined, { kind: "build", where: "top" }],
    [104, "Bash", COMPOSER_SHOW, composerShow("0.10.0", "0.12.3"), "composershow", { kind: "build", where: "top" }],
    [105, "Bash", PHPUNIT_CMD, phpunitOut("OK (1279 tests, 4098 assertions)", "02:38.204"), "phpunit", { kind: "test", where: "bottom" }],
    [107, "Bash", { command: "dep deploy prod" }, deployOut(146, "[web-01]  [notice] No migrations to execute."), undefined, { kind: "build", where: "top" }],
    [108, "Bash", RELEASES_CMD, releases([R142, R143(""), R144, R145(""), R146(" (current)")]), "releases", { kind: "build", where: "top" }],
    [110, "Bash", { command: `ssh deploy@web-01 "grep -h 'request.CRITICAL' ${REL}/shared/var/log/prod.log | tail -n 2"` }, `[2027-02-17T14:09:51.204+03:00] request.CRITICAL: Uncaught PHP Exception Brick\\Math\\Exception\\RoundingNecessaryException: "Rounding is necessary to represent the result of the operation at this scale." at ${REL}/releases/146/vendor/brick/math/src/Exception/RoundingNecessaryException.php line 21 {"exception":"[object] (Brick\\Math\\Exception\\RoundingNecessaryException(code: 0): Rounding is necessary to represent the result of the operation at this scale. at ${REL}/releases/146/vendor/brick/math/src/Exception/RoundingNecessaryException.php:21)\\n[stacktrace]\\n#0 ${REL}/releases/146/vendor/brick/math/src/BigDecimal.php(611): Brick\\Math\\Exception\\RoundingNecessaryException::roundingNecessary()\\n#1 ${REL}/releases/146/vendor/brick/money/src/Money.php(402): Brick\\Math\\BigDecimal->toScale()\\n#2 ${REL}/releases/146/src/Pricing/VatCalculator.php(38): Brick\\Money\\Money->dividedBy()\\n#3 ${REL}/releases/146/src/Pricing/InstallmentPricer.php(52): App\\Pricing\\VatCalculator->netOf()"} []
[2027-02-17T14:10:03.881+03:00] request.CRITICAL: Uncaught PHP Exception Brick\\Math\\Exception\\RoundingNecessaryException: "Rounding is necessary to represent the result of the operation at this scale." at ${REL}/releases/146/vendor/brick/math/src/Exception/RoundingNecessaryException.php line 21
(POST /api/checkout/complete for any cart whose VAT split does not come out to whole kuruş)`, undefined, { kind: "app", error: true, where: "top" }],
    [111, "Bash", { command: "ssh deploy@web-01 \"sudo awk '\\$9 == 500 {print \\$7}' /var/log/nginx/gelincik.access.log | sort | uniq -c | sort -rn | head -4\"" }, `   1204 /api/checkout/complete
     88 /api/cart/installments
      3 /admin/orders/118411/invoice
      1 /api/products/feed-preview
(since 13:56, release 146)`, undefined, { kind: "app", error: true, where: "top" }],
    [112, "Bash", { command: `for h in web-01 web-02; do ssh deploy@$h 'cd ${REL} && ln -sfn releases/145 current.tmp && mv -T current.tmp current && readlink -f current'; done` }, `${REL}/releases/145
${REL}/releases/145
(manual rollback: current flipped back to 145 on both web nodes at 14:18; worker-01 left on 146, no pricing code runs there)`, undefined, { kind: "build", where: "top" }],
    [113, "Bash", { command: `sleep 60; ssh deploy@web-01 "grep -c RoundingNecessaryException ${REL}/shared/var/log/prod.log; grep -h 'request.CRITICAL' ${REL}/shared/var/log/prod.log | tail -n 1 | cut -c1-220"` }, `1319
[2027-02-17T14:19:40.512+03:00] request.CRITICAL: Uncaught PHP Exception Brick\\Math\\Exception\\RoundingNecessaryException: "Rounding is necessary to represent the result of the operation at this scale." at ${REL}/releases/146/vendor/brick/math/src/Exc
(still failing a minute after the flip, and still from releases/146: opcache.validate_timestamps=0 keeps serving the compiled 146 code and the realpath cache still resolves current/ to 146 until php-fpm is reloaded, which dep rollback would have done for us)`, undefined, { kind: "app", error: true, where: "top" }],
    [114, "Bash", { command: `for h in web-01 web-02; do ssh deploy@$h sudo systemctl reload php8.3-fpm; done; sleep 120; ssh deploy@web-01 "awk '\\$4 > \\"[17/Feb/2027:14:21\\" && \\$9 == 500' /var/log/nginx/gelincik.access.log | wc -l"` }, `0
(no 500s on either node since the reload at 14:21; checkout completes again)`, undefined, { kind: "app", where: "top" }],
    [115, "Bash", RELEASES_CMD, releases([R142, R143(""), R144, R145(" (current)"), R146(" (rolled back)")]), "releases", { kind: "build", where: "top" }],
    [116, "Edit", { file_path: `${G}/composer.json`, old_string: '        "brick/money": "^0.10",', new_string: '        "brick/money": "0.9.*",' }, `The file ${G}/composer.json has been updated.`, undefined, { kind: "code", where: "top" }],
    [117, "Bash", { command: "composer update brick/money brick/math -W 2>&1 | grep -E 'Downgrading|Lock file'" }, `Lock file operations: 0 installs, 2 updates, 0 removals
  - Downgrading brick/math (0.12.3 => 0.12.1)
  - Downgrading brick/money (0.10.0 => 0.9.0)`, undefined, { kind: "build", where: "top" }],
    [118, "Bash", COMPOSER_SHOW, composerShow("0.9.0", "0.12.1"), "composershow", { kind: "build", where: "top" }],
    [120, "Bash", { command: "git commit -am 'deps: pin brick/money 0.9 again (0.10 throws on inexact division)' && git log --oneline -n 4" }, `[main 6e02c11] deps: pin brick/money 0.9 again (0.10 throws on inexact division)
 2 files changed, 9 insertions(+), 9 deletions(-)
6e02c11 deps: pin brick/money 0.9 again (0.10 throws on inexact division)
c4f81e2 deps: brick/money 0.10
9a0d4b7 migration: tolerate the half-applied variant_id column, null orphan variants
6a31d0e purge carts in chunks of 5000; replica parallel apply`, undefined, { kind: "build", where: "top" }],
    [122, "Read", { file_path: `${G}/src/Pricing/VatCalculator.php` }, numbered(1, `<?php

namespace App\\Pricing;

use Brick\\Math\\RoundingMode;
use Brick\\Money\\Money;

final class VatCalculator
{
    public function __construct(private readonly string $defaultRate = '20')
    {
    }

    /** Gross price -> net price for the invoice lines (KDV included in shelf prices). */
    public function netOf(Money $gross, ?string $rate = null): Money
    {
        $rate ??= $this->defaultRate;

        return $gross->dividedBy(bcadd('1', bcdiv($rate, '100', 4), 4));
    }

    public function vatOf(Money $gross, ?string $rate = null): Money
    {
        return $gross->minus($this->netOf($gross, $rate));
    }
}`), undefined, { kind: "code", where: "top" }],
    [124, "Edit", { file_path: `${G}/src/Pricing/VatCalculator.php`, old_string: "        return $gross->dividedBy(bcadd('1', bcdiv($rate, '100', 4), 4));", new_string: "        // brick/money 0.10 no longer rounds implicitly: say how (the accounting team uses half-up)\n        return $gross->dividedBy(bcadd('1', bcdiv($rate, '100', 4), 4), RoundingMode::HALF_UP);" }, `The file ${G}/src/Pricing/VatCalculator.php has been updated.`, undefined, { kind: "code", where: "top" }],
    [125, "Bash", { command: "vendor/bin/phpunit --filter VatCalculatorTest" }, phpunitOut("OK (14 tests, 31 assertions)", "00:00.311"), undefined, { kind: "test", where: "bottom" }],
    [127, "Bash", { command: "git log --oneline -n 8" }, gitLog(["f0a4c9e pricing: explicit half-up rounding in VatCalculator", "6e02c11 deps: pin brick/money 0.9 again (0.10 throws on inexact division)", "c4f81e2 deps: brick/money 0.10", "9a0d4b7 migration: tolerate the half-applied variant_id column, null orphan variants", "2e7c9f1 order_item: variant_id", "6a31d0e purge carts in chunks of 5000; replica parallel apply", "1e4b7c2 ops(web): fpm 40 children, nginx 4096 conns + 300s fastcgi timeout, opcache 256M", "b81d0c4 checkout: installment table for 9 and 12 months"]), undefined, { kind: "build", where: "top" }],

    // ------------------------------------------------------------ day 4 (2027-02-18): messenger backlog, flaky test
    [130, "Bash", MSG_CMD, msgStats(48211, 312, 27), "msgstats", { kind: "app", where: "top" }],
    [131, "Bash", UNITS_CMD, units(2), "consumers", { kind: "app", where: "top" }],
    [132, "Bash", { command: "ssh deploy@worker-01 sudo journalctl -u 'gelincik-messenger@*' --since '2027-02-18 09:00' --no-pager | tail -n 6" }, `Feb 18 09:14:02 worker-01 php[30411]: 09:14:02 INFO      [messenger] Received message App\\Message\\SyncStockToErp ["class" => "App\\Message\\SyncStockToErp"]
Feb 18 09:14:02 worker-01 php[30411]: 09:14:02 DEBUG     [http_client] Request: "POST https://erp.gelincik.internal/api/v2/stock"
Feb 18 09:14:07 worker-01 php[30412]: 09:14:07 INFO      [messenger] Received message App\\Message\\SyncStockToErp ["class" => "App\\Message\\SyncStockToErp"]
Feb 18 09:14:07 worker-01 php[30412]: 09:14:07 DEBUG     [http_client] Request: "POST https://erp.gelincik.internal/api/v2/stock"
(now 11:02: no log line from either consumer since 09:14:07; both processes are alive but each is blocked inside an ERP stock request that never returns, the erp scoped client has no timeout and the ERP's load balancer keeps the connection open)`, undefined, { kind: "app", error: true, where: "top" }],
    [133, "Bash", { command: "ssh deploy@mq-01 sudo rabbitmqctl list_queues name messages messages_ready messages_unacknowledged consumers" }, rabbitQueues("mq-01", [qRow("messages", 48240, 48218, 22, 2), qRow("messages_priority", 312, 312, 0, 2), qRow("failed", 27, 27, 0, 0), qRow("erp_dead", 0, 0, 0, 0)]), undefined, { kind: "app", where: "top" }],
    [134, "Read", { file_path: `${G}/config/packages/framework.yaml` }, numbered(1, `framework:
    http_method_override: false
    handle_all_throwables: true
    trusted_proxies: '%env(TRUSTED_PROXIES)%'

    session:
        handler_id: Symfony\\Component\\HttpFoundation\\Session\\Storage\\Handler\\RedisSessionHandler
        cookie_secure: auto
        cookie_samesite: lax
        gc_maxlifetime: 86400

    http_client:
        default_options:
            max_redirects: 3
        scoped_clients:
            erp.client:
                base_uri: 'https://erp.gelincik.internal'
                headers: { Accept: 'application/json' }
            kargo.client:
                base_uri: 'https://track.kargonet.com.tr'
                timeout: 5
                max_duration: 15

    cache:
        app: cache.adapter.redis
        default_redis_provider: 'redis://redis-01.gelincik.internal:6379/1'`), undefined, { kind: "code", where: "top" }],
    [135, "Bash", { command: "ssh deploy@worker-01 \"sudo ss -tnpo state established '( dport = :443 )' | grep php\"" }, `0      0      10.20.0.21:51822   10.30.1.5:443   users:(("php",pid=30411,fd=14)) timer:(keepalive,38sec,0)
0      0      10.20.0.21:51840   10.30.1.5:443   users:(("php",pid=30412,fd=14)) timer:(keepalive,41sec,0)
(10.30.1.5 = erp.gelincik.internal; both sockets open since 09:14)`, undefined, { kind: "app", where: "top" }],
    [137, "Edit", { file_path: `${G}/config/packages/framework.yaml`, old_string: "                base_uri: 'https://erp.gelincik.internal'\n                headers: { Accept: 'application/json' }", new_string: "                base_uri: 'https://erp.gelincik.internal'\n                headers: { Accept: 'application/json' }\n                timeout: 10       # idle timeout: a hung ERP call blocked both consumers for 2h (2027-02-18)\n                max_duration: 30" }, `The file ${G}/config/packages/framework.yaml has been updated.`, undefined, { kind: "code", where: "top" }],
    [138, "Bash", UNIT_CMD, unitFile("128M", null), "consumerunit", { kind: "code", where: "top" }],
    [139, "Edit", { file_path: `${G}/ops/ansible/inventories/prod/group_vars/worker.yml`, old_string: "messenger_consumers: 2\nmessenger_memory_limit: 128M\nmessenger_limit: 0", new_string: "messenger_consumers: 6\nmessenger_memory_limit: 256M\nmessenger_limit: 1000" }, `The file ${G}/ops/ansible/inventories/prod/group_vars/worker.yml has been updated.`, undefined, { kind: "code", where: "top" }],
    [140, "Bash", { command: `${ANS} worker.yml --tags messenger >/dev/null && ${UNITS_CMD.command}` }, units(6), "consumers", { kind: "app", where: "top" }],
    [141, "Bash", UNIT_CMD, unitFile("256M", 1000), "consumerunit", { kind: "code", where: "top" }],
    [143, "Bash", MSG_CMD, msgStats(9120, 0, 31), "msgstats", { kind: "app", where: "top" }],
    [145, "Bash", { command: "ssh deploy@worker-01 sudo journalctl -u gelincik-scheduler --since today --no-pager | grep -i timeout | tail -n 3" }, `Feb 18 10:40:02 worker-01 php[29120]: 10:40:02 ERROR     [app] kargo tracking poll failed: Idle timeout reached for "https://track.kargonet.com.tr/v2/shipments?status=in_transit". ["shipments" => 212]
Feb 18 11:00:02 worker-01 php[29188]: 11:00:02 ERROR     [app] kargo tracking poll failed: Idle timeout reached for "https://track.kargonet.com.tr/v2/shipments?status=in_transit". ["shipments" => 198]
Feb 18 11:20:03 worker-01 php[29240]: 11:20:03 ERROR     [app] kargo tracking poll failed: Idle timeout reached for "https://track.kargonet.com.tr/v2/shipments?status=in_transit". ["shipments" => 204]
(the scheduler's carrier poll, not messenger; kargonet has had a status page incident since 10:30)`, undefined, { kind: "app", error: true, where: "top" }],
    [146, "Bash", { command: `ssh deploy@worker-01 'cd ${REL}/current && php bin/console messenger:failed:show --stats --env=prod'` }, ` ----------------------------------------- ------- 
  Message                                   Count  
 ----------------------------------------- ------- 
  App\\Message\\SyncStockToErp               29     
  App\\Message\\SendOrderMail                 2      
 ----------------------------------------- ------- 

 SyncStockToErp, last error: Idle timeout reached for "https://erp.gelincik.internal/api/v2/stock". (31 in the failure transport, 3 retries each)`, undefined, { kind: "app", where: "top" }],
    [147, "Bash", { command: "ssh deploy@stg-web-01 'cd /var/www/gelincik/current && php bin/console messenger:stats --env=prod'" }, `${msgStats(3, 0, 118)}
(staging, stg-web-01)`, undefined, { kind: "app", where: "top" }],
    [148, "Bash", { command: `ssh deploy@worker-01 'cd ${REL}/current && php bin/console messenger:failed:retry --force --env=prod' | tail -n 4` }, `Retrying message 418220 (App\\Message\\SyncStockToErp)
Retrying message 418221 (App\\Message\\SyncStockToErp)
Retrying message 418232 (App\\Message\\SendOrderMail)

 [OK] All failed messages have been handled or removed!`, undefined, { kind: "app", where: "top" }],
    [150, "Bash", MSG_CMD, msgStats(211, 0, 4), "msgstats", { kind: "app", where: "top" }],
    [151, "Bash", { command: "ssh deploy@stg-web-01 sudo rabbitmqctl list_queues name messages messages_ready messages_unacknowledged consumers" }, rabbitQueues("stg-web-01 (staging)", [qRow("messages", 3, 3, 0, 1), qRow("messages_priority", 0, 0, 0, 1), qRow("failed", 118, 118, 0, 0)]), undefined, { kind: "app", where: "top" }],
    [152, "Edit", { file_path: `${G}/ops/ansible/inventories/prod/group_vars/worker.yml`, old_string: "messenger_consumers: 6", new_string: "messenger_consumers: 4  # 6 pushed mq-01 and the ERP to 90% cpu once the backlog was gone" }, `The file ${G}/ops/ansible/inventories/prod/group_vars/worker.yml has been updated.`, undefined, { kind: "code", where: "top" }],
    [153, "Bash", { command: `${ANS} worker.yml --tags messenger >/dev/null && ${UNITS_CMD.command}` }, units(4), "consumers", { kind: "app", where: "top" }],
    [155, "Bash", { command: "glab ci trace 88412 --job phpunit | tail -n 18" }, `There was 1 failure:

1) App\\Tests\\Functional\\Checkout\\StockReservationTest::testReservesOldestBatchFirst
Failed asserting that two strings are identical.
--- Expected
+++ Actual
@@ @@
-'B-2027-0107'
+'B-2027-0211'

${G}/tests/Functional/Checkout/StockReservationTest.php:88

FAILURES!
Tests: 1281, Assertions: 4109, Failures: 1.
ERROR: Job failed: exit code 1
(pipeline 88412 on main; the same job passed on retry)`, undefined, { kind: "test", error: true, where: "bottom" }],
    [156, "Bash", FLAKY_CMD, `run 4 FAILED
run 11 FAILED
run 19 FAILED
run 27 FAILED
4/30 runs failed`, "flaky", { kind: "test", where: "bottom" }],
    [157, "Read", { file_path: `${G}/src/Repository/StockBatchRepository.php` }, numbered(1, `<?php

namespace App\\Repository;

use App\\Entity\\ProductVariant;
use App\\Entity\\StockBatch;
use Doctrine\\Bundle\\DoctrineBundle\\Repository\\ServiceEntityRepository;
use Doctrine\\Persistence\\ManagerRegistry;

/** @extends ServiceEntityRepository<StockBatch> */
final class StockBatchRepository extends ServiceEntityRepository
{
    public function __construct(ManagerRegistry $registry)
    {
        parent::__construct($registry, StockBatch::class);
    }

    /** @return list<StockBatch> batches with stock left, oldest first (FIFO reservation) */
    public function findAvailableForVariant(ProductVariant $variant): array
    {
        return $this->createQueryBuilder('b')
            ->andWhere('b.variant = :variant')
            ->andWhere('b.quantity > b.reserved')
            ->setParameter('variant', $variant)
            ->getQuery()
            ->getResult();
    }
}`), undefined, { kind: "code", where: "top" }],
    [159, "Edit", { file_path: `${G}/src/Repository/StockBatchRepository.php`, old_string: "            ->setParameter('variant', $variant)\n            ->getQuery()", new_string: "            ->setParameter('variant', $variant)\n            ->orderBy('b.receivedAt', 'ASC')\n            ->addOrderBy('b.id', 'ASC')\n            ->getQuery()" }, `The file ${G}/src/Repository/StockBatchRepository.php has been updated.`, undefined, { kind: "code", where: "top" }],
    [160, "Bash", FLAKY_CMD, "0/30 runs failed", "flaky", { kind: "test", where: "bottom" }],
    [161, "Bash", PHPUNIT_CMD, phpunitOut("OK (1281 tests, 4109 assertions)", "02:40.915"), "phpunit", { kind: "test", where: "bottom" }],
    [163, "Bash", { command: "git commit -am 'stock: FIFO order for batch reservation' && git log -1 --format='%h %s%n%n%b'" }, `[main 71c0b3a] stock: FIFO order for batch reservation
 1 file changed, 2 insertions(+)
71c0b3a stock: FIFO order for batch reservation

StockReservationTest::testReservesOldestBatchFirst failed in about 1 of 8 runs
(4/30 locally, pipeline 88412). StockBatchRepository::findAvailableForVariant() had no ORDER BY,
so MariaDB returned the batches in whatever order the idx_variant_qty index scan
produced; after the fixtures' random quantities the newer batch sometimes came first.
Same bug in prod: reservations were not FIFO. Now ordered by receivedAt, id. 0/30.`, undefined, { kind: "build", where: "top" }],
    [164, "Bash", { command: "composer require brick/money:^0.10.1 -W 2>&1 | grep -E 'Upgrading|Lock file'" }, `Lock file operations: 0 installs, 2 updates, 0 removals
  - Upgrading brick/math (0.12.1 => 0.12.3)
  - Upgrading brick/money (0.9.0 => 0.10.1)`, undefined, { kind: "build", where: "top" }],
    [165, "Bash", COMPOSER_SHOW, composerShow("0.10.1", "0.12.3"), "composershow", { kind: "build", where: "top" }],
    [166, "Bash", PHPUNIT_CMD, phpunitOut("OK (1284 tests, 4121 assertions)", "02:41.118"), "phpunit", { kind: "test", where: "bottom" }],
    [167, "Bash", { command: "glab ci status --branch main" }, `(success) • 00m 41s	lint		phpstan
(success) • 00m 12s	lint		php-cs-fixer
(success) • 02m 58s	test		phpunit
(success) • 01m 04s	build		composer-install-prod
(manual) • 00m 00s	deploy		deploy-prod

https://gitlab.gelincik.internal/shop/gelincik/-/pipelines/88431
SHA: d03a7c5
Pipeline state: success`, undefined, { kind: "build", where: "top" }],
    [168, "Bash", { command: "dep deploy prod" }, deployOut(147, "[web-01]  [notice] No migrations to execute."), undefined, { kind: "build", where: "top" }],

    // ------------------------------------------------------------ day 5 (2027-02-19): disk full on web-02, certificate
    [170, "Bash", DF_WEB02, df("web-02", DF_W2_FULL, dfRow("/dev/md3", "20G", "3.1G", "16G", "17%", "/var/log")), "df", { kind: "app", where: "top" }],
    [171, "Bash", { command: `ssh deploy@web-02 "sudo du -xh --max-depth=6 / 2>/dev/null | sort -rh | sed -n '2,6p'"` }, `38G\t${REL}/shared/var/log/prod.log
41G\t${REL}/shared/var/log
41G\t${REL}/shared/var
43G\t${REL}/shared
12G\t${REL}/releases
(prod.log grew 36 GB since yesterday 10:30; every messenger/http_client debug line of the web requests is in it)`, undefined, { kind: "app", where: "top" }],
    [172, "Bash", { command: "ssh deploy@web-02 sudo tail -n 4 /var/log/php8.3-fpm/www.error.log" }, `[19-Feb-2027 05:12:40 Europe/Istanbul] PHP Warning:  file_put_contents(${REL}/releases/147/var/cache/prod/pools/app/Z/4/Yx1kQ2): Failed to open stream: No space left on device in ${REL}/releases/147/vendor/symfony/cache/Traits/FilesystemCommonTrait.php on line 101
[19-Feb-2027 05:12:41 Europe/Istanbul] PHP Warning:  fwrite(): Write of 1289 bytes failed with errno=28 No space left on device in ${REL}/releases/147/vendor/monolog/monolog/src/Monolog/Handler/StreamHandler.php on line 165
[19-Feb-2027 05:12:41 Europe/Istanbul] PHP Warning:  fwrite(): Write of 944 bytes failed with errno=28 No space left on device in ${REL}/releases/147/vendor/monolog/monolog/src/Monolog/Handler/StreamHandler.php on line 165
[19-Feb-2027 05:12:43 Europe/Istanbul] PHP Fatal error:  Uncaught Symfony\\Component\\Cache\\Exception\\CacheException: Unable to write the cache file in ${REL}/releases/147/var/cache/prod/ContainerXy1/getCheckoutControllerService.php:12`, undefined, { kind: "app", error: true, where: "top" }],
    [173, "Bash", { command: "ssh deploy@web-01 df -h" }, df("web-01", dfRow("/dev/md2", "96G", "21G", "71G", "23%", "/"), dfRow("/dev/md3", "20G", "2.8G", "16G", "15%", "/var/log")), undefined, { kind: "app", where: "top" }],
    [174, "Bash", { command: "ssh deploy@worker-01 sudo journalctl --since '2027-01-20' --until '2027-01-31' -p warning --no-pager | grep -i 'no space' | tail -n 3" }, `Jan 27 03:14:09 worker-01 systemd-journald[311]: Failed to write entry (22 items, 812 bytes) despite vacuuming, ignoring: No space left on device
Jan 27 03:14:09 worker-01 rabbitmq-server[1012]: 2027-01-27 03:14:09.118 [warning] <0.512.0> disk resource limit alarm set on node rabbit@worker-01
Jan 27 03:20:41 worker-01 systemd-journald[311]: Failed to write entry (18 items, 640 bytes) despite vacuuming, ignoring: No space left on device
(last month, worker-01, before rabbitmq moved to mq-01; fixed then by SystemMaxUse=2G)`, undefined, { kind: "app", where: "top" }],
    [175, "Read", { file_path: `${G}/config/packages/prod/monolog.yaml` }, numbered(1, `monolog:
    handlers:
        main:
            type: fingers_crossed
            action_level: error
            handler: nested
            excluded_http_codes: [404, 405]
            buffer_size: 50
        nested:
            type: stream
            path: '%kernel.logs_dir%/%kernel.environment%.log'
            level: '%env(LOG_LEVEL)%'
            formatter: monolog.formatter.json
        app:
            type: stream
            path: '%kernel.logs_dir%/%kernel.environment%.log'
            level: '%env(LOG_LEVEL)%'
            channels: ['app', 'messenger', 'http_client']
        console:
            type: console
            process_psr_3_messages: false
            channels: ['!event', '!doctrine']`), undefined, { kind: "code", where: "top" }],
    [176, "Bash", { command: `ssh deploy@web-02 "grep -nE '^(APP_ENV|APP_DEBUG|LOG_LEVEL|TRUSTED_PROXIES)=' ${REL}/shared/.env.local; stat -c '%y' ${REL}/shared/.env.local"` }, `1:APP_ENV=prod
2:APP_DEBUG=0
7:TRUSTED_PROXIES=10.20.0.0/16
9:LOG_LEVEL=debug
2027-02-18 10:31:12.402118771 +0300
(set to debug on web-02 yesterday while chasing the consumer hang, never set back; the "app" handler is a plain stream with no rotation)`, undefined, { kind: "app", where: "top" }],
    [178, "Edit", { file_path: `${G}/config/packages/prod/monolog.yaml`, old_string: "        app:\n            type: stream\n            path: '%kernel.logs_dir%/%kernel.environment%.log'\n            level: '%env(LOG_LEVEL)%'", new_string: "        app:\n            type: rotating_file\n            path: '%kernel.logs_dir%/%kernel.environment%.log'\n            max_files: 14\n            level: '%env(default:log_level_default:LOG_LEVEL)%'" }, `The file ${G}/config/packages/prod/monolog.yaml has been updated. (parameter log_level_default: info; LOG_LEVEL=info again in web-02's shared .env.local; logrotate for var/log added to the php role)`, undefined, { kind: "code", where: "top" }],
    [179, "Bash", { command: `ssh deploy@web-02 "sudo truncate -s 0 ${REL}/shared/var/log/prod.log && sudo systemctl reload php8.3-fpm" && ${DF_WEB02.command}` }, df("web-02", dfRow("/dev/md2", "96G", "24G", "68G", "27%", "/"), dfRow("/dev/md3", "20G", "3.1G", "16G", "17%", "/var/log")), "df", { kind: "app", where: "top" }],
    [181, "Bash", { command: "ssh deploy@web-01 'sudo certbot renew --dry-run; sudo journalctl -u certbot.service --since 2027-01-20 --no-pager | grep -c \"Failed to renew\"'" }, `Saving debug log to /var/log/letsencrypt/letsencrypt.log

- - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - -
Processing /etc/letsencrypt/renewal/gelincik.com.tr.conf
- - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - -
Simulating renewal of an existing certificate for gelincik.com.tr and www.gelincik.com.tr
Failed to renew certificate gelincik.com.tr with error: ${REL}/releases/131/public does not exist or is not a directory

- - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - -
All simulated renewals failed. The following certificates could not be renewed:
  /etc/letsencrypt/live/gelincik.com.tr/fullchain.pem (failure)
- - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - -
1 renew failure(s), 0 parse failure(s)
Ask for help or search for solutions at https://community.letsencrypt.org. See the logfile /var/log/letsencrypt/letsencrypt.log or re-run Certbot with -v for more details.
52
(the twice-daily certbot.timer has been failing since Jan 24; the expiry mails went to a former colleague's address)`, undefined, { kind: "app", error: true, where: "top" }],
    [182, "Bash", { command: "ssh deploy@web-01 sudo grep -vE '^(privkey|account)' /etc/letsencrypt/renewal/gelincik.com.tr.conf" }, `# renew_before_expiry = 30 days
version = 2.1.0
archive_dir = /etc/letsencrypt/archive/gelincik.com.tr
cert = /etc/letsencrypt/live/gelincik.com.tr/cert.pem
chain = /etc/letsencrypt/live/gelincik.com.tr/chain.pem
fullchain = /etc/letsencrypt/live/gelincik.com.tr/fullchain.pem

# Options used in the renewal process
[renewalparams]
authenticator = webroot
webroot_path = ${REL}/releases/131/public,
server = https://acme-v02.api.letsencrypt.org/directory
[[webroot_map]]
gelincik.com.tr = ${REL}/releases/131/public
www.gelincik.com.tr = ${REL}/releases/131/public
(issued in November with -w pointing through current/, which certbot stored resolved; keep_releases 5 removed release 131 weeks ago)`, undefined, { kind: "app", where: "top" }],
    [183, "Bash", { command: `ssh deploy@web-01 ls ${REL}/releases` }, `143
144
145
146
147`, undefined, { kind: "app", where: "top" }],
    [184, "Bash", CERT_CMD, certDates("Nov 25 04:10:51 2026 GMT", "Feb 23 04:10:50 2027 GMT"), "cert", { kind: "app", where: "top" }],
    [186, "Edit", { file_path: `${G}/ops/ansible/roles/nginx/templates/gelincik.conf.j2`, old_string: "    server_name {{ app_domains | join(' ') }};\n\n    location / {\n        return 301 https://$host$request_uri;", new_string: "    server_name {{ app_domains | join(' ') }};\n\n    location ^~ /.well-known/acme-challenge/ {\n        root /var/www/letsencrypt;\n        default_type text/plain;\n    }\n\n    location / {\n        return 301 https://$host$request_uri;" }, `The file ${G}/ops/ansible/roles/nginx/templates/gelincik.conf.j2 has been updated.`, undefined, { kind: "code", where: "top" }],
    [187, "Bash", { command: `${ANS} web.yml --tags nginx,certbot >/dev/null && ssh deploy@web-01 "sudo sed -i 's#${REL}/releases/131/public#/var/www/letsencrypt#g' /etc/letsencrypt/renewal/gelincik.com.tr.conf && sudo grep webroot /etc/letsencrypt/renewal/gelincik.com.tr.conf"` }, `webroot_path = /var/www/letsencrypt,
[[webroot_map]]
(web-02 gets the cert via the certbot role's sync task; webroot is now outside the release tree)`, undefined, { kind: "build", where: "top" }],
    [188, "Bash", { command: "ssh deploy@web-01 sudo certbot renew --cert-name gelincik.com.tr --deploy-hook 'systemctl reload nginx && /usr/local/bin/cert-sync web-02'" }, `Saving debug log to /var/log/letsencrypt/letsencrypt.log

- - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - -
Processing /etc/letsencrypt/renewal/gelincik.com.tr.conf
- - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - -
Renewing an existing certificate for gelincik.com.tr and www.gelincik.com.tr
Hook 'deploy-hook' ran with output:
 cert-sync: web-02 fullchain.pem updated, nginx reloaded

- - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - -
Congratulations, all renewals succeeded:
  /etc/letsencrypt/live/gelincik.com.tr/fullchain.pem (success)
- - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - -`, undefined, { kind: "app", where: "top" }],
    [189, "Bash", CERT_CMD, certDates("Feb 19 06:14:53 2027 GMT", CERT_NOW.replace("notAfter=", "")), "cert", { kind: "app", where: "top" }],
    [190, "Bash", { command: "echo | openssl s_client -connect stg-web-01.gelincik.internal:443 -servername staging.gelincik.com.tr 2>/dev/null | openssl x509 -noout -subject -issuer -dates" }, `subject=CN = staging.gelincik.com.tr
issuer=C = US, O = Let's Encrypt, CN = E5
notBefore=Jan 30 08:02:11 2027 GMT
notAfter=Apr 30 08:02:10 2027 GMT
(staging renews with the dns-01 plugin, unaffected)`, undefined, { kind: "app", where: "top" }],

    // ------------------------------------------------------------ day 6 (2027-02-20): redis sessions, web-03, final tuning
    [192, "Bash", REDIS_CMD, redisInfo("1.99G", 2142108221, "2.00G", 2147483648, "2.00G", "allkeys-lru", 1842113, "db0:keys=412207,expires=412207,avg_ttl=61204118\ndb1:keys=1981204,expires=402118,avg_ttl=2118004"), "redis", { kind: "app", where: "top" }],
    [193, "Bash", { command: "ssh deploy@redis-01 \"redis-cli -p 6379 --bigkeys -i 0.01 | tail -n 6\"" }, `-------- summary -------

Sampled 2393411 keys in the keyspace!
Total key length in bytes is 162411877 (avg len 67.86)

Biggest string found 'gelincik_cache:product_listing_12_p1_tr' has 1884120 bytes
(db0 = sessions "sf_s..." with 24h TTL, db1 = the cache.app pool; the cache fills the 2 GB and allkeys-lru evicts whatever is least recently used, sessions of customers who paused at checkout included)`, undefined, { kind: "app", where: "top" }],
    [195, "Edit", { file_path: `${G}/ops/ansible/inventories/prod/group_vars/redis.yml`, old_string: "redis_instances:\n  - { port: 6379, maxmemory: 2gb, policy: allkeys-lru }", new_string: "redis_instances:\n  - { port: 6379, maxmemory: 4gb, policy: noeviction }    # sessions only: never evict a logged-in customer\n  - { port: 6380, maxmemory: 3gb, policy: allkeys-lru }   # cache.app pool" }, `The file ${G}/ops/ansible/inventories/prod/group_vars/redis.yml has been updated. (framework.yaml: default_redis_provider -> redis://redis-01.gelincik.internal:6380)`, undefined, { kind: "code", where: "top" }],
    [196, "Bash", { command: `${ANS} redis.yml >/dev/null && ${REDIS_CMD.command}` }, redisInfo("402.11M", 421641011, "1.99G", 4294967296, "4.00G", "noeviction", 0, "db0:keys=418822,expires=418822,avg_ttl=60998102"), "redis", { kind: "app", where: "top" }],
    [198, "Edit", { file_path: INV_READ.file_path, old_string: "web-02 ansible_host=10.20.0.12", new_string: "web-02 ansible_host=10.20.0.12\nweb-03 ansible_host=10.20.0.13" }, `The file ${INV_READ.file_path} has been updated.`, undefined, { kind: "code", where: "top" }],
    [199, "Read", INV_READ, inventory(true), "inventory", { kind: "code", where: "top" }],
    [200, "Bash", { command: `${ANS} site.yml --limit web-03` }, `TASK [php : install php8.3 packages] *********************************************************
changed: [web-03]
TASK [nginx : template /etc/nginx/sites-available/gelincik.conf] ****************************
changed: [web-03]
TASK [node_exporter : install node_exporter 1.8.2] *****************************************
changed: [web-03]
TASK [deploy_user : authorized keys for deploy] *********************************************
changed: [web-03]

${recap(["web-03"], 47)}
(web-03 added to the load balancer pool with weight 1, same group_vars as web-01/02)`, undefined, { kind: "build", where: "top" }],
    [201, "Edit", { file_path: `${G}/ops/ansible/inventories/prod/group_vars/web.yml`, old_string: "php_fpm_max_children: 40  # 64 got OOM-killed on 16 GB (feed job workers reach 400 MB)\nphp_fpm_start_servers: 12\nphp_fpm_min_spare_servers: 8\nphp_fpm_max_spare_servers: 16\nphp_fpm_max_requests: 0", new_string: "php_fpm_max_children: 48  # feed job moved to worker-01, workers now ~95 MB\nphp_fpm_start_servers: 12\nphp_fpm_min_spare_servers: 8\nphp_fpm_max_spare_servers: 16\nphp_fpm_max_requests: 500" }, `The file ${G}/ops/ansible/inventories/prod/group_vars/web.yml has been updated.`, undefined, { kind: "code", where: "top" }],
    [202, "Bash", { command: `${ANS} web.yml --tags php-fpm >/dev/null && ${FPM_CMD.command}` }, fpmPool("web-01", 48, 12, 8, 16, 500), "fpmpool", { kind: "code", where: "top" }],
    [203, "Edit", { file_path: `${G}/ops/ansible/inventories/prod/group_vars/web.yml`, old_string: "nginx_fastcgi_read_timeout: 300s  # admin yearly export, until it moves to messenger", new_string: "nginx_fastcgi_read_timeout: 120s  # the yearly export is a messenger job now (ExportOrdersCsv)" }, `The file ${G}/ops/ansible/inventories/prod/group_vars/web.yml has been updated.`, undefined, { kind: "code", where: "top" }],
    [204, "Bash", { command: `${ANS} web.yml --tags nginx >/dev/null && ${SITE_CMD.command}` }, nginxSite("120s", true), "nginxsite", { kind: "code", where: "top" }],
    [206, "Bash", { command: "dep deploy prod" }, deployOut(148, `[web-01]  [notice] Migrating up to DoctrineMigrations\\Version20270219084500
[web-01]  [notice] finished in 912.4ms, used 40M memory, 1 migrations executed, 2 sql queries
[web-01]  [OK] Successfully migrated to version: DoctrineMigrations\\Version20270219084500`).replace("[web-02] info deploying main (release 148)", "[web-02] info deploying main (release 148)\n[web-03] info deploying main (release 148)"), undefined, { kind: "build", where: "top" }],
    [207, "Bash", RELEASES_CMD, releases([R145(""), R146(" (rolled back)"), R147(""), R148]), "releases", { kind: "build", where: "top" }],
    [208, "Bash", MIG_CMD, migStatus("20270216101500", "20270219084500", null, "20270219084500", 88, 88, 0, 148), "migstatus", { kind: "app", where: "top" }],
    [209, "Bash", REPLICA_CMD, replica("db-02", "db-01.gelincik.internal", 0, "Yes", "Yes", "Slave has read all relay log; waiting for more updates", 412880117, 412880117, "0-1-921402218", "optimistic"), "replica", { kind: "app", where: "top" }],
    [210, "Bash", MSG_CMD, msgStats(14, 0, 2), "msgstats", { kind: "app", where: "top" }],
    [211, "Bash", OCSTAT_CMD, opcacheStatus("No", "141.80 MiB", "114.20 MiB", 13120, 65407, 0, "99.88%"), "opcachestat", { kind: "app", where: "top" }],
    [212, "Bash", DF_WEB02, df("web-02", DF_W2_NOW, dfRow("/dev/md3", "20G", "3.2G", "16G", "17%", "/var/log")), "df", { kind: "app", where: "top" }],
    [214, "Bash", { command: "ssh deploy@web-03 systemctl status php8.3-fpm --no-pager" }, fpmSystemctl("web-03", "Sat 2027-02-20 10:48:02 +03", "1h 9min ago", 7, 9, 88412, "1.1G", false), undefined, { kind: "app", where: "top" }],
    [216, "Bash", { command: "git log --oneline -n 14" }, gitLog(["3d8b5f2 redis: sessions alone on 6379 (noeviction), cache pool on 6380; web-03; fpm 48", "8c1e4f0 export: yearly order csv as a messenger job, fastcgi timeout back to 120s", "a4d92e1 monolog: rotating app log, LOG_LEVEL defaults to info", "e7b0c13 ops: acme webroot outside the release tree", "d03a7c5 deps: brick/money 0.10.1", "71c0b3a stock: FIFO order for batch reservation", "5f2b8d9 messenger: erp client timeouts, 4 consumers with --limit 1000", "f0a4c9e pricing: explicit half-up rounding in VatCalculator", "6e02c11 deps: pin brick/money 0.9 again (0.10 throws on inexact division)", "c4f81e2 deps: brick/money 0.10", "9a0d4b7 migration: tolerate the half-applied variant_id column, null orphan variants", "2e7c9f1 order_item: variant_id", "6a31d0e purge carts in chunks of 5000; replica parallel apply", "1e4b7c2 ops(web): fpm 40 children, nginx 4096 conns + 300s fastcgi timeout, opcache 256M"]), undefined, { kind: "build", where: "top" }],
  ],
  questions: [
    // state
    { kind: "state", lang: "tr", prompt: "prod'da fpm max_children'i simdi kac", want: [{ key: "fpmpool", fact: "pm.max_children = 48" }] },
    { kind: "state", lang: "tr", prompt: "opcache'e ne kadar memory verdik su an", want: [{ key: "opcache", fact: "opcache.memory_consumption=256" }] },
    { kind: "state", prompt: "is opcache still checking file timestamps on prod?", want: [{ key: "opcache", fact: "opcache.validate_timestamps=0" }] },
    { kind: "state", lang: "tr", prompt: "nginx'te fastcgi read timeout en son ne kaldi", want: [{ key: "nginxsite", fact: "fastcgi_read_timeout 120s;" }] },
    { kind: "state", prompt: "nginx worker_connections current value?", want: [{ key: "nginxmain", fact: "worker_connections 4096;" }] },
    { kind: "state", lang: "tr", prompt: "replica'nin lag'i su an ne durumda, yetisti mi", want: [{ key: "replica", fact: "Seconds_Behind_Master: 0" }] },
    { kind: "state", prompt: "how many parallel applier threads does db-02 run now", want: [{ key: "replvars", fact: vRow("slave_parallel_threads", 8) }] },
    { kind: "state", lang: "tr", prompt: "db-01de innodb buffer pool kac GB simdi", want: [{ key: "innodb", fact: vRow("innodb_buffer_pool_size", 21474836480) }] },
    { kind: "state", prompt: "which doctrine migration is prod at rn", want: [{ key: "migstatus", fact: migCur("20270219084500") }] },
    { kind: "state", lang: "tr", prompt: "async queue'da su an kac mesaj bekliyo", want: [{ key: "msgstats", fact: mRow("async", 14) }] },
    { kind: "state", prompt: "how many msgs sitting in the failed transport atm", want: [{ key: "msgstats", fact: mRow("failed", 2) }] },
    { kind: "state", lang: "tr", prompt: "worker-01de kac messenger consumer calisiyor", want: [{ key: "consumers", fact: "4 loaded units listed." }] },
    { kind: "state", prompt: "what brick/money version are we on now", want: [{ key: "composershow", fact: cRow("brick/money", "0.10.1") }] },
    { kind: "state", lang: "tr", prompt: "test suite yesil mi, kac test kosuyo", want: [{ key: "phpunit", fact: "OK (1284 tests, 4121 assertions)" }] },
    { kind: "state", prompt: "stock reservation test still flakey?", want: [{ key: "flaky", fact: "0/30 runs failed" }] },
    { kind: "state", lang: "tr", prompt: "web-02 diski su an yuzde kac dolu", want: [{ key: "df", fact: DF_W2_NOW }] },
    { kind: "state", prompt: "when does the live cert expire now", want: [{ key: "cert", fact: CERT_NOW }] },
    { kind: "state", lang: "tr", prompt: "canlida hangi release var su an", want: [{ key: "releases", fact: "148 (current)" }] },
    { kind: "state", prompt: "what maxmemory policy is the session redis on these days", want: [{ key: "redis", fact: "maxmemory_policy:noeviction" }] },
    { kind: "state", lang: "tr", prompt: "prod inventory'ye yeni web node eklendi mi, ip'si ne", want: [{ key: "inventory", fact: "web-03 ansible_host=10.20.0.13" }] },
    { kind: "state", prompt: "at what lag does the replication alert fire now", want: [{ key: "alertrule", fact: "expr: mysql_slave_status_seconds_behind_master > 60" }] },
    // history
    { kind: "history", lang: "tr", prompt: "max_children'i 64ten neden geri cektik", want: [{ turn: 27, fact: "Out of memory: Killed process 28114 (php-fpm8.3)" }] },
    { kind: "history", prompt: "what was behind the 502s on campaign night", want: [{ turn: 3, fact: "server reached pm.max_children setting (24), consider raising it" }] },
    { kind: "history", prompt: "why did we bump the fastcgi timeout in the first place", want: [{ turn: 16, fact: "upstream timed out (110: Connection timed out) while reading response header from upstream" }] },
    { kind: "history", lang: "tr", prompt: "replica neden o kadar geride kalmisti, sebep neydi", want: [{ turn: 63, fact: "deleted 2914402 cart_item rows in a single DELETE" }] },
    { kind: "history", prompt: "how far behind was db-02 at the worst point", want: [{ turn: 47, fact: "Seconds_Behind_Master: 4821" }] },
    { kind: "history", lang: "tr", prompt: "deploy sirasinda migration neden patladi", want: [{ turn: 89, fact: "1452 Cannot add or update a child row: a foreign key constraint fails" }] },
    { kind: "history", lang: "tr", prompt: "brick/money bump'indan sonra checkoutta hangi exception cikiyodu", want: [{ turn: 110, fact: "Rounding is necessary to represent the result of the operation at this scale." }] },
    { kind: "history", lang: "tr", prompt: "rollback'te hangi release'e donmustuk", want: [{ turn: 112, fact: `${REL}/releases/145` }] },
    { kind: "history", prompt: "why were we still getting 500s right after flipping the symlink back", want: [{ turn: 113, fact: "opcache.validate_timestamps=0 keeps serving the compiled 146 code" }] },
    { kind: "history", lang: "tr", prompt: "consumer'lar neden takilip kalmisti", want: [{ turn: 132, fact: "blocked inside an ERP stock request that never returns" }] },
    { kind: "history", prompt: "how big was the async backlog when we first looked", want: [{ turn: 130, fact: mRow("async", 48211) }] },
    { kind: "history", prompt: "what was actually making the reservation test flaky", want: [{ turn: 163, fact: "findAvailableForVariant() had no ORDER BY" }] },
    { kind: "history", lang: "tr", prompt: "web-02nin diskini ne doldurmustu", want: [{ turn: 171, fact: `38G\t${REL}/shared/var/log/prod.log` }] },
    { kind: "history", prompt: "why did certbot renewals keep failing", want: [{ turn: 181, fact: `${REL}/releases/131/public does not exist or is not a directory` }] },
    { kind: "history", lang: "tr", prompt: "musteriler neden surekli logout oluyodu, redis'te ne gormustuk", want: [{ turn: 192, fact: "evicted_keys:1842113" }] },
    // multi
    { kind: "multi", lang: "tr", prompt: "fpm max_children ile opcache memory su an ne", want: [{ key: "fpmpool", fact: "pm.max_children = 48" }, { key: "opcache", fact: "opcache.memory_consumption=256" }] },
    { kind: "multi", prompt: "replica lag right now + how many parallel threads its using", want: [{ key: "replica", fact: "Seconds_Behind_Master: 0" }, { key: "replvars", fact: vRow("slave_parallel_threads", 8) }] },
    { kind: "multi", lang: "tr", prompt: "queue'da kac mesaj var, kac consumer calisiyo", want: [{ key: "msgstats", fact: mRow("async", 14) }, { key: "consumers", fact: "4 loaded units listed." }] },
    { kind: "multi", prompt: "current release no. and brick/money version?", want: [{ key: "releases", fact: "148 (current)" }, { key: "composershow", fact: cRow("brick/money", "0.10.1") }] },
    { kind: "multi", lang: "tr", prompt: "ssl ne zaman bitiyo, bi de renewal conf'ta webroot nereyi gosteriyodu", want: [{ key: "cert", fact: CERT_NOW }, { turn: 182, fact: `webroot_path = ${REL}/releases/131/public` }] },
    { kind: "multi", prompt: "why did the replica fall behind, and is it caught up now", want: [{ turn: 63, fact: "deleted 2914402 cart_item rows in a single DELETE" }, { key: "replica", fact: "Seconds_Behind_Master: 0" }] },
    { kind: "multi", lang: "tr", prompt: "web-02 disk simdi ne durumda, o %100 olayina ne sebep olmustu", want: [{ key: "df", fact: DF_W2_NOW }, { turn: 171, fact: `38G\t${REL}/shared/var/log/prod.log` }] },
    // none
    { kind: "none", prompt: "thx thats all for today" },
    { kind: "none", prompt: "in general when would you pick pm = ondemand over dynamic" },
    { kind: "none", prompt: "gtid vs file/pos replication in mariadb, short version?" },
    { kind: "none", lang: "tr", prompt: "genel olarak symfony messenger yerine direkt php-amqplib kullanmanin bi avantaji var mi" },
    { kind: "none", lang: "tr", prompt: "kahve molasi, 10 dk'ya donuyorum" },
  ],
};

/** Held out from the selection work: written blind, never run before it was registered (Symfony on bare-metal Debian, Turkish and English). */
export const HELD_OUT_45 = [gelincik];
