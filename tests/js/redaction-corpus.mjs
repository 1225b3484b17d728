// A deterministic corpus of realistic agent tool output for the redaction tests (tests/js/redaction.test.mjs):
// `cat .env`, `printenv`, `git remote -v`, `kubectl config view --raw`, curl -v, CI logs, diffs, JSON tool
// results, config files, with fake secrets planted (each recorded exactly as it appears in the text), and
// look-alikes that must stay byte-identical (digests, UUIDs, base64 of ordinary text, documentation keys, long
// identifiers, this engine's own hashes).
//
//   buildCorpus(seed) -> { positives: [{ name, text, planted: string[] }], negatives: [{ name, text }] }
//   node tests/js/redaction-corpus.mjs [DIR]   writes the corpus as JSON (to DIR/corpus.json, or stdout)
import { createHash } from "node:crypto";
import { writeFileSync } from "node:fs";
import * as path from "node:path";
import { fileURLToPath } from "node:url";

const UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const LOWER = "abcdefghijklmnopqrstuvwxyz";
const DIGITS = "0123456789";
const ALNUM = UPPER + LOWER + DIGITS;
const HEX = "0123456789abcdef";
const B64 = ALNUM + "+/";
const B64URL = ALNUM + "-_";
const BASE62 = DIGITS + UPPER + LOWER;

/** xorshift64*: the same corpus on every machine. */
function rng(seed) {
  let s = BigInt.asUintN(64, BigInt(seed) || 88172645463325252n);
  const next = () => {
    s ^= s >> 12n;
    s ^= BigInt.asUintN(64, s << 25n);
    s ^= s >> 27n;
    return Number(BigInt.asUintN(64, s * 2685821657736338717n) >> 11n) / 2 ** 53;
  };
  const int = (n) => Math.floor(next() * n);
  const pick = (arr) => arr[int(arr.length)];
  const str = (alphabet, n) => {
    let out = "";
    for (let i = 0; i < n; i++) out += alphabet[int(alphabet.length)];
    return out;
  };
  /** A random string with upper, lower and digits all present (what real tokens look like). */
  const mixed = (alphabet, n) => {
    for (;;) {
      const v = str(alphabet, n);
      const kinds = [/[A-Z]/, /[a-z]/, /[0-9]/].filter((re) => re.test(v) && re.test(alphabet)).length;
      const need = [/[A-Z]/, /[a-z]/, /[0-9]/].filter((re) => re.test(alphabet)).length;
      if (kinds === need) return v;
    }
  };
  return { next, int, pick, str, mixed };
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(s) {
  let c = 0xffffffff;
  for (const ch of Buffer.from(s)) c = CRC_TABLE[(c ^ ch) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function base62(n, width) {
  let out = "";
  for (let i = 0; i < width; i++) {
    out = BASE62[n % 62] + out;
    n = Math.floor(n / 62);
  }
  return out;
}
const b64 = (s) => Buffer.from(s).toString("base64");

/** Generators of fake secrets, by format. Each returns the secret text. */
function secrets(r) {
  const checksummed = (prefix) => {
    const body = r.mixed(ALNUM, 30);
    return `${prefix}${body}${base62(crc32(body), 6)}`;
  };
  const pemBody = (lines) => Array.from({ length: lines }, () => r.str(B64, 64)).join("\n");
  return {
    githubPat: () => checksummed("ghp_"),
    githubOauth: () => checksummed("gho_"),
    githubApp: () => checksummed(r.pick(["ghs_", "ghu_"])),
    githubFine: () => `github_pat_11${r.mixed(UPPER + DIGITS, 20)}_${r.mixed(ALNUM, 59)}`,
    gitlabPat: () => `glpat-${r.mixed(ALNUM + "-_", 20)}`,
    npm: () => checksummed("npm_"),
    pypi: () => `pypi-AgEIcHlwaS5vcmc${r.mixed(B64URL, 70)}`,
    slackBot: () => `xoxb-${r.str(DIGITS, 12)}-${r.str(DIGITS, 13)}-${r.mixed(ALNUM, 24)}`,
    slackUser: () => `xoxp-${r.str(DIGITS, 12)}-${r.str(DIGITS, 12)}-${r.str(DIGITS, 13)}-${r.str(HEX, 32)}`,
    slackWebhook: () => `https://hooks.slack.com/services/T${r.str(UPPER + DIGITS, 8)}/B${r.str(UPPER + DIGITS, 10)}/${r.mixed(ALNUM, 24)}`,
    discordWebhook: () => `https://discord.com/api/webhooks/${r.str(DIGITS, 18)}/${r.mixed(B64URL, 68)}`,
    stripe: () => `${r.pick(["sk_live_", "sk_test_", "rk_live_"])}${r.mixed(ALNUM, 99)}`,
    stripeWebhook: () => `whsec_${r.mixed(ALNUM, 32)}`,
    openai: () => `sk-proj-${r.mixed(B64URL, 156)}`,
    openaiLegacy: () => `sk-${r.mixed(ALNUM, 20)}T3BlbkFJ${r.mixed(ALNUM, 20)}`,
    anthropic: () => `sk-ant-api03-${r.mixed(B64URL, 93)}AA`,
    groq: () => `gsk_${r.mixed(ALNUM, 52)}`,
    xai: () => `xai-${r.mixed(ALNUM, 80)}`,
    perplexity: () => `pplx-${r.mixed(ALNUM, 48)}`,
    openrouter: () => `sk-or-v1-${r.str(HEX, 64)}`,
    huggingface: () => `hf_${r.mixed(UPPER + LOWER, 34)}`,
    replicate: () => `r8_${r.mixed(ALNUM, 37)}`,
    awsKeyId: () => `${r.pick(["AKIA", "ASIA"])}${r.mixed(UPPER + "234567", 16)}`,
    awsSecret: () => r.mixed(B64, 40),
    gcpKey: () => `AIza${r.mixed(B64URL, 35)}`,
    googleOauth: () => `ya29.${r.mixed(B64URL, 120)}`,
    sendgrid: () => `SG.${r.mixed(B64URL, 22)}.${r.mixed(B64URL, 43)}`,
    twilio: () => `SK${r.str(HEX, 32)}`,
    digitalocean: () => `dop_v1_${r.str(HEX, 64)}`,
    heroku: () => `HRKU-AA${r.mixed(B64URL, 58)}`,
    databricks: () => `dapi${r.str(HEX, 32)}`,
    vault: () => `hvs.${r.mixed(B64URL, 90)}`,
    docker: () => `dckr_pat_${r.mixed(B64URL, 27)}`,
    shopify: () => `shpat_${r.str(HEX, 32)}`,
    linear: () => `lin_api_${r.mixed(ALNUM, 40)}`,
    postman: () => `PMAK-${r.str(HEX, 24)}-${r.str(HEX, 34)}`,
    telegram: () => `${r.str(DIGITS, 10)}:AA${r.mixed(B64URL, 33)}`,
    age: () => `AGE-SECRET-KEY-1${r.str("QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L", 58)}`,
    jwt: () => {
      const header = Buffer.from(JSON.stringify({ alg: r.pick(["HS256", "RS256", "ES256"]), typ: "JWT" })).toString("base64url");
      const payload = Buffer.from(JSON.stringify({ sub: r.str(DIGITS, 10), name: r.mixed(ALNUM, 8), iat: 1700000000 + r.int(1e7) })).toString("base64url");
      return `${header}.${payload}.${r.mixed(B64URL, 43)}`;
    },
    rsaKey: () => `-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA${r.str(B64, 48)}\n${pemBody(6)}\n${r.str(B64, 36)}==\n-----END RSA PRIVATE KEY-----`,
    pkcs8Key: () => `-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC${r.str(B64, 32)}\n${pemBody(5)}\n-----END PRIVATE KEY-----`,
    ecKey: () => `-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEI${r.str(B64, 55)}\n${r.str(B64, 64)}\n${r.str(B64, 24)}==\n-----END EC PRIVATE KEY-----`,
    opensshKey: () => `-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\n${pemBody(4)}\n-----END OPENSSH PRIVATE KEY-----`,
    pgpKey: () => `-----BEGIN PGP PRIVATE KEY BLOCK-----\n\nlQWGBGSVV4YBDAC${r.str(B64, 49)}\n${pemBody(4)}\n=${r.str(B64, 4)}\n-----END PGP PRIVATE KEY BLOCK-----`,
    password: () => `${r.mixed(ALNUM, 8)}${r.pick(["!", "@", "#", "%", "-", "_", "."])}${r.mixed(ALNUM, 6)}`,
    apiKey: () => r.mixed(ALNUM, 32),
    hexSecret: () => r.str(HEX, 64),
    azureStorageKey: () => `${r.mixed(B64, 86)}==`,
    uuidToken: () => [8, 4, 4, 4, 12].map((n) => r.str(HEX, n)).join("-"),
  };
}

/** Look-alikes: what only looks like a secret. */
function lookAlikes(r) {
  const sha = (s) => createHash("sha256").update(s).digest("hex");
  const sha1 = (s) => createHash("sha1").update(s).digest("hex");
  const uuid = () => [8, 4, 4, 4, 12].map((n) => r.str(HEX, n)).join("-");
  const words = ["build", "release", "cache", "module", "worker", "config", "deploy", "metrics", "session", "router", "adapter", "payload"];
  const sentence = () => Array.from({ length: 6 + r.int(8) }, () => r.pick(words)).join(" ");
  const cls = () => Array.from({ length: 4 + r.int(4) }, () => { const w = r.pick(words); return w[0].toUpperCase() + w.slice(1); }).join("");
  return {
    sha256: () => sha(String(r.next())),
    sha1: () => sha1(String(r.next())),
    uuid,
    base64Text: () => b64(sentence()),
    identifier: () => `${cls()}${r.pick(["Factory", "Manager", "ServiceImpl", "Controller"])}`,
    snake: () => `${r.pick(words)}_${r.pick(words)}_${r.pick(words)}_${r.pick(words)}`,
    sentence,
  };
}

export function buildCorpus(seed = 20261202) {
  const r = rng(seed);
  const s = secrets(r);
  const la = lookAlikes(r);
  const positives = [];
  const negatives = [];
  const pos = (name, build) => {
    const planted = [];
    const plant = (v) => {
      planted.push(v);
      return v;
    };
    const text = build(plant);
    for (const v of planted) if (!text.includes(v)) throw new Error(`${name}: planted value not in text`);
    positives.push({ name, text, planted });
  };
  const neg = (name, text) => negatives.push({ name, text });
  /** JSON string content of a text (what a JSON tool result holds: escaped newlines and quotes). */
  const esc = (t) => JSON.stringify(t).slice(1, -1);

  for (let i = 0; i < 20; i++) {
    pos(`cat-env-${i}`, (p) =>
      [
        `$ cat .env`,
        `# generated ${new Date(Date.UTC(2026, 0, 1 + i)).toISOString()}`,
        `NODE_ENV=production`,
        `PORT=${3000 + i}`,
        `DATABASE_URL=postgres://app:${p(s.password())}@db.internal:5432/app_${i}`,
        `DB_PASSWORD=${p(s.password())}`,
        `REDIS_URL=redis://cache:6379/0`,
        `STRIPE_SECRET_KEY=${p(s.stripe())}`,
        `OPENAI_API_KEY=${p(i % 2 ? s.openai() : s.openaiLegacy())}`,
        `ANTHROPIC_API_KEY="${p(s.anthropic())}"`,
        `SESSION_SECRET='${p(s.hexSecret())}'`,
        `SENDGRID_API_KEY=${p(s.sendgrid())}`,
        `BUILD_SHA=${la.sha1()}`,
        `REQUEST_ID=${la.uuid()}`,
        `LOG_LEVEL=info`,
        ``,
      ].join("\n"),
    );
  }
  for (let i = 0; i < 20; i++) {
    pos(`printenv-${i}`, (p) =>
      [
        `HOME=/home/dev`,
        `PWD=/home/dev/project-${i}`,
        `SHELL=/bin/bash`,
        `PATH=/usr/local/bin:/usr/bin:/bin`,
        `GITHUB_TOKEN=${p(s.githubPat())}`,
        `NPM_TOKEN=${p(s.npm())}`,
        `AWS_ACCESS_KEY_ID=${p(s.awsKeyId())}`,
        `AWS_SECRET_ACCESS_KEY=${p(s.awsSecret())}`,
        `AWS_SESSION_TOKEN=${p(r.mixed(B64, 200))}`,
        `HF_TOKEN=${p(s.huggingface())}`,
        `GROQ_API_KEY=${p(s.groq())}`,
        `SSH_AUTH_SOCK=/tmp/ssh-${r.str(ALNUM, 10)}/agent.${r.int(9999)}`,
        `TERM_SESSION_ID=${la.uuid()}`,
        `VAULT_TOKEN=${p(s.vault())}`,
        `GIT_COMMIT=${la.sha1()}`,
        `LANG=en_US.UTF-8`,
      ].join("\n"),
    );
  }
  for (let i = 0; i < 15; i++) {
    pos(`git-remote-${i}`, (p) => {
      const t = r.pick([() => s.githubPat(), () => s.gitlabPat(), () => s.githubFine()])();
      return [
        `$ git remote -v`,
        `origin\thttps://x-access-token:${p(t)}@github.com/acme/service-${i}.git (fetch)`,
        `origin\thttps://x-access-token:${t}@github.com/acme/service-${i}.git (push)`,
        `upstream\thttps://deploy:${p(s.password())}@git.example.org/acme/service.git (fetch)`,
        `$ git log -1 --format=%H`,
        la.sha1(),
      ].join("\n");
    });
  }
  for (let i = 0; i < 15; i++) {
    const keyPem = s.rsaKey();
    pos(`kubectl-config-${i}`, (p) =>
      [
        `$ kubectl config view --raw`,
        `apiVersion: v1`,
        `clusters:`,
        `- cluster:`,
        // (DER bytes: a PEM-wrapped certificate's base64 would share its first 8 characters with the key's.)
        `    certificate-authority-data: MIIC${r.str(B64, 120)}=`,
        `    server: https://10.0.${i}.1:6443`,
        `  name: prod-${i}`,
        `users:`,
        `- name: admin`,
        `  user:`,
        `    client-key-data: ${p(b64(keyPem + "\n"))}`,
        `    token: ${p(s.jwt())}`,
        `- name: ci`,
        `  user:`,
        `    password: ${p(s.password())}`,
        `    username: ci-bot`,
      ].join("\n"),
    );
  }
  for (let i = 0; i < 20; i++) {
    pos(`curl-${i}`, (p) =>
      [
        `$ curl -sv -H "Authorization: Bearer ${p(r.pick([s.openai, s.apiKey, s.jwt, s.googleOauth])())}" https://api.example.com/v1/items?page=${i}`,
        `> GET /v1/items?page=${i} HTTP/1.1`,
        `> Host: api.example.com`,
        `> Authorization: Basic ${p(b64(`svc-${i}:${s.password()}`))}`,
        `> X-Api-Key: ${p(s.apiKey())}`,
        `< HTTP/1.1 200 OK`,
        `< ETag: "${la.sha1()}"`,
        `< X-Request-Id: ${la.uuid()}`,
        `{"items": [], "next_page_token": "${la.base64Text()}"}`,
        `$ curl -u admin:${p(s.password())} https://jenkins.internal/api/json`,
      ].join("\n"),
    );
  }
  for (let i = 0; i < 20; i++) {
    pos(`ci-log-${i}`, (p) =>
      [
        `2026-01-0${1 + (i % 9)}T10:00:0${i % 10}.000Z ##[group]Run npm ci`,
        `npm ci --no-audit`,
        `added 812 packages in 14s`,
        `##[endgroup]`,
        `Run echo "//registry.npmjs.org/:_authToken=\${NPM_TOKEN}" > ~/.npmrc`,
        `Cache restored from key: node-cache-Linux-x64-npm-${la.sha256()}`,
        `+ docker login -u ci-bot -p ${p(s.password())} registry.example.com`,
        `Login Succeeded`,
        `+ export SLACK_WEBHOOK=${p(s.slackWebhook())}`,
        `+ curl -X POST -d @payload.json ${r.pick([s.discordWebhook, s.slackWebhook])()}`,
        `deploying with DIGITALOCEAN_TOKEN=${p(s.digitalocean())}`,
        `mysql -h db -u root -p${p(s.password())} -e "SHOW TABLES"`,
        `Digest: sha256:${la.sha256()}`,
        `GITHUB_TOKEN: ***`,
      ].join("\n").replace(/\+ curl -X POST -d @payload\.json (\S+)/, (m, url) => (p(url), m)),
    );
  }
  for (let i = 0; i < 25; i++) {
    const key = r.pick([s.rsaKey, s.pkcs8Key, s.ecKey, s.opensshKey, s.pgpKey])();
    pos(`diff-${i}`, (p) => {
      const keyLines = key.split("\n").map((l) => `+${l}`).join("\n");
      p(keyLines.slice(1));
      return [
        `diff --git a/config/secrets.yml b/config/secrets.yml`,
        `index ${la.sha1().slice(0, 7)}..${la.sha1().slice(0, 7)} 100644`,
        `--- a/config/secrets.yml`,
        `+++ b/config/secrets.yml`,
        `@@ -1,4 +1,9 @@`,
        ` production:`,
        `-  api_key: ${p(s.apiKey())}`,
        `+  api_key: ${p(s.apiKey())}`,
        `+  slack_token: ${p(s.slackBot())}`,
        `+  stripe_webhook_secret: ${p(s.stripeWebhook())}`,
        keyLines,
        `   timeout: 30`,
      ].join("\n");
    });
  }
  for (let i = 0; i < 30; i++) {
    pos(`json-tool-result-${i}`, (p) => {
      const key = r.pick([s.pkcs8Key, s.rsaKey])();
      const tok = r.pick([s.githubOauth, s.githubApp, s.slackUser, s.heroku, s.databricks, s.docker, s.shopify, s.linear, s.postman, s.twilio, s.replicate, s.xai, s.perplexity, s.openrouter, s.gcpKey, s.pypi, s.telegram, s.age])();
      const inner = `TOKEN=${tok}\nother=1\n`;
      const sa = { type: "service_account", project_id: `proj-${i}`, private_key_id: la.sha1(), private_key: `${key}\n`, client_email: `sa-${i}@proj.iam.gserviceaccount.com` };
      const text = JSON.stringify({ tool: "Bash", exitCode: 0, stdout: `$ cat sa.json\n${JSON.stringify(sa, null, 2)}\n$ cat token.env\n${inner}`, stderr: "" });
      p(esc(esc(key)));
      p(tok);
      return text;
    });
  }
  for (let i = 0; i < 20; i++) {
    pos(`config-files-${i}`, (p) =>
      [
        `$ cat ~/.aws/credentials`,
        `[default]`,
        `aws_access_key_id = ${p(s.awsKeyId())}`,
        `aws_secret_access_key = ${p(s.awsSecret())}`,
        `$ cat ~/.npmrc`,
        `//registry.npmjs.org/:_authToken=${p(r.pick([s.npm, s.uuidToken])())}`,
        `$ cat ~/.netrc`,
        `machine api.github.com`,
        `  login octocat`,
        `  password ${p(s.githubPat())}`,
        `machine ftp.example.org login deploy password ${p(s.password())}`,
        `$ cat ~/.docker/config.json`,
        `{"auths": {"registry.example.com": {"auth": "${p(b64(`deploy:${s.password()}`))}"}}}`,
        `$ cat appsettings.json`,
        `{"ConnectionStrings": {"Default": "Server=db;Database=app;User Id=sa;Password=${p(s.password())};"},`,
        ` "Storage": "DefaultEndpointsProtocol=https;AccountName=acct${i};AccountKey=${p(s.azureStorageKey())};EndpointSuffix=core.windows.net"}`,
      ].join("\n"),
    );
  }
  for (let i = 0; i < 20; i++) {
    pos(`app-log-${i}`, (p) =>
      [
        `[2026-01-01 12:00:0${i % 10}] INFO  connecting to mongodb+srv://admin:${p(s.password())}@cluster0.mongodb.net/db`,
        `[2026-01-01 12:00:0${i % 10}] DEBUG request headers: {"authorization": "Bearer ${p(s.jwt())}", "x-request-id": "${la.uuid()}"}`,
        `[2026-01-01 12:00:0${i % 10}] DEBUG settings: {'SECRET_KEY': '${p(s.apiKey())}', 'DEBUG': False, 'ALLOWED_HOSTS': ['*']}`,
        `[2026-01-01 12:00:0${i % 10}] INFO  loaded ${la.identifier()} in 12ms`,
        `Traceback (most recent call last):`,
        `  File "/app/client.py", line 42, in call`,
        `    client = Client(api_key="${p(s.apiKey())}", timeout=30)`,
        `ValueError: invalid response ${la.sha256().slice(0, 12)}`,
      ].join("\n"),
    );
  }
  for (let i = 0; i < 15; i++) {
    pos(`k8s-secret-${i}`, (p) =>
      [
        `apiVersion: v1`,
        `kind: Secret`,
        `metadata:`,
        `  name: app-${i}`,
        `  uid: ${la.uuid()}`,
        `type: Opaque`,
        `data:`,
        `  password: ${p(b64(s.password()))}`,
        `  api-token: ${p(b64(s.apiKey()))}`,
        `  tls.key: ${p(b64(s.ecKey() + "\n"))}`,
        `stringData:`,
        `  DB_PASS: "${p(s.password())}"`,
        `  config.yaml: |`,
        `    private_key: |`,
        ...s.pkcs8Key().split("\n").map((l) => `      ${l}`),
      ].join("\n").replace(/( {6}-----BEGIN PRIVATE KEY-----[\s\S]*-----END PRIVATE KEY-----)/, (m) => (p(m.slice(6)), m)),
    );
  }
  for (let i = 0; i < 15; i++) {
    pos(`compose-${i}`, (p) =>
      [
        `services:`,
        `  db:`,
        `    image: postgres:16@sha256:${la.sha256()}`,
        `    environment:`,
        `      POSTGRES_PASSWORD: ${p(s.password())}`,
        `      POSTGRES_USER: app`,
        `  api:`,
        `    environment:`,
        `      - JWT_SECRET=${p(s.hexSecret())}`,
        `      - SENTRY_DSN=https://${p(r.str(HEX, 32))}@o${r.int(99999)}.ingest.sentry.io/${r.int(9999)}`,
        `    command: ["node", "server.js", "--api-token", "${p(s.apiKey())}"]`,
        `    healthcheck:`,
        `      test: ["CMD", "curl", "-f", "http://localhost:${3000 + i}/health"]`,
      ].join("\n"),
    );
  }
  for (let i = 0; i < 20; i++) {
    pos(`single-${i}`, (p) => {
      const t = r.pick(Object.values(s).filter((f) => ![s.password, s.apiKey, s.hexSecret, s.awsSecret, s.azureStorageKey, s.uuidToken].includes(f)))();
      return `Found this in the logs while debugging: ${p(t)} (rotating it now)`;
    });
  }
  for (let i = 0; i < 20; i++) {
    pos(`summary-like-${i}`, (p) => `Bash: export API_TOKEN=${p(s.apiKey())} && npm run deploy -- --password '${p(s.password())}'`);
  }

  // ---- look-alikes (negatives) ----
  for (let i = 0; i < 20; i++) {
    neg(`sha256sum-${i}`, Array.from({ length: 5 }, (_, k) => `${la.sha256()}  dist/chunk-${i}-${k}.js`).join("\n"));
    neg(`git-log-${i}`, [`commit ${la.sha1()}`, `Merge: ${la.sha1().slice(0, 7)} ${la.sha1().slice(0, 7)}`, `Author: Dev <dev@example.org>`, ``, `    ${la.sentence()}`, ``, `index ${la.sha1().slice(0, 7)}..${la.sha1().slice(0, 7)} 100644`].join("\n"));
    neg(`uuids-${i}`, JSON.stringify({ id: la.uuid(), requestId: la.uuid(), traceId: la.sha256().slice(0, 32), items: [la.uuid(), la.uuid()] }, null, 2));
    neg(`base64-${i}`, `$ echo ${la.base64Text()} | base64 -d\n${la.sentence()}\ncontent: ${la.base64Text()}`);
    neg(`identifiers-${i}`, `at com.example.${la.identifier()}.handle(${la.identifier()}.java:${10 + i})\n  ${la.snake()}(${la.snake()}, ${la.identifier()})\nconst ${la.identifier()}Token = new ${la.identifier()}();`);
    neg(`engine-output-${i}`, [`[FOLD] Step ${i} archived.`, `  payload_sha256    : ${la.sha256().slice(0, 16)}…`, `  artifact_sha256   : ${la.sha256()}`, `{"payloadSha256": "${la.sha256()}", "projectionSha256": "${la.sha256()}", "folding_policy_hash": "${la.sha256()}", "sanitized": true, "tokenEstimate": ${i * 7}}`].join("\n"));
    neg(`docs-${i}`, [`aws_access_key_id = AKIAIOSFODNN7EXAMPLE`, `aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY`, `export GITHUB_TOKEN=<your token>`, `password: \${DB_PASSWORD}`, `token: {{ .Values.token }}`, `api_key = "your-api-key-here"`, `Authorization: Bearer $TOKEN`, `postgres://user:password@localhost:5432/db`].join("\n"));
    neg(`lockfile-${i}`, `"node_modules/${la.snake().replaceAll("_", "-")}": {\n  "version": "1.${i}.0",\n  "resolved": "https://registry.npmjs.org/x/-/x-1.${i}.0.tgz",\n  "integrity": "sha512-${b64(la.sha256() + la.sha1()).slice(0, 86)}=="\n}`);
  }
  return { positives, negatives };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const corpus = buildCorpus();
  const json = `${JSON.stringify(corpus, null, 1)}\n`;
  if (process.argv[2]) writeFileSync(path.join(process.argv[2], "corpus.json"), json);
  else process.stdout.write(json);
}
