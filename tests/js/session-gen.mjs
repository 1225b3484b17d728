// A long Claude Code session of our own making, as a session JSONL: a few hundred turns of an agent working on a
// billing service, with facts that change over time (the PostgreSQL port, migrations applied and rolled back, a
// flaky test that gets fixed, the API port, the Node version, ...) buried in noise (file reads, searches, other
// test runs, builds). It has what real transcripts have: assistant blocks split over records that share
// `message.id`, prompts as strings, tool results as strings and as item lists, failed calls (`is_error`), small
// results, and records of other types (snapshots, progress, summaries, system lines).
//
// `generateSession({ turns, seed })` returns `{ sessionId, jsonl, calls, questions }`: the calls in result order
// (`{ id, name, input, text, isError }`) and a dozen questions, each with the tool call that holds the latest
// state of what it asks (`expect`), and the text that state contains (`fact`).
import { prng as rng } from "../../scripts/prng.mjs";


// Noise words chosen not to be terms of the questions below.
const NOISE = ["render", "widget", "queue", "heartbeat", "retry", "buffer", "layout", "stream", "payload", "handler", "reducer", "schema", "token", "session", "locale", "theme", "router", "modal", "invoice_row", "ledger"];

function padded(head, random, bytes) {
  let s = `${head}\n`;
  for (let i = 0; s.length < bytes; i++) {
    const w = () => NOISE[Math.floor(random() * NOISE.length)];
    s += `  ${String(i).padStart(4, "0")} ${w()} ${w()} ok in ${Math.floor(random() * 900)}ms (${w()}=${Math.floor(random() * 1e6).toString(16)})\n`;
  }
  return s;
}

/** The facts over time: [turn, tool, input, head of the output, question key or undefined]. */
function timeline() {
  return [
    [8, "Bash", { command: "cat .env" }, "POSTGRES_HOST=db\nPOSTGRES_PORT=5432\nREDIS_PORT=6379", "envPort"],
    [10, "Bash", { command: "docker compose up -d db" }, "PostgreSQL listening on port 5432", "pgPort"],
    [12, "Bash", { command: "node --version" }, "node version: v18.19.0", "nodeVersion"],
    [20, "Bash", { command: "git branch --show-current" }, "current git branch: main", "branch"],
    [30, "Bash", { command: "npm run start:api" }, "API server listening on port 3000", "apiPort"],
    [35, "Bash", { command: "aws s3 ls" }, "backups bucket: s3://acme-backups-old", "bucket"],
    [40, "Bash", { command: "npm run migrate" }, "migration 0041_create_users: applied (8ms)\nmigration 0042_add_billing_table: applied (12ms)", "migration"],
    [50, "Bash", { command: "npm test -- tests/billing.spec.ts" }, "FAIL tests/billing.spec.ts: timeout of 5000ms exceeded (flaky)", "flaky", true],
    [65, "Bash", { command: "npm test -- tests/billing.spec.ts" }, "PASS tests/billing.spec.ts (flaky: passed on retry 2)", "flaky"],
    [70, "Bash", { command: "docker compose up -d db" }, "PostgreSQL listening on port 5433", "pgPort"],
    [75, "Bash", { command: "cat .env" }, "POSTGRES_HOST=db\nPOSTGRES_PORT=5433\nREDIS_PORT=6379", "envPort"],
    [95, "Bash", { command: "npm run migrate:down" }, "migration 0042_add_billing_table: reverted (5ms)", undefined],
    [100, "Bash", { command: "npm test -- tests/billing.spec.ts" }, "FAIL tests/billing.spec.ts: deadlock detected (flaky)", "flaky", true],
    [110, "Bash", { command: "docker push registry.acme.dev/api:1.4.0" }, "image tag api:1.4.0 pushed", "imageTag"],
    [120, "Bash", { command: "redis-cli -p 6380 info server" }, "Redis server started, port 6380", "redisPort"],
    [130, "Bash", { command: "npm run flags:list" }, "feature flag BILLING_V2: enabled=false", "flag"],
    [150, "Bash", { command: "npm run start:api" }, "API server listening on port 8080", "apiPort"],
    [170, "Bash", { command: "nvm use 20 && node --version" }, "node version: v20.11.1", "nodeVersion"],
    [190, "Bash", { command: "docker compose up -d db" }, "PostgreSQL listening on port 5434", "pgPort"],
    [195, "Bash", { command: "cat .env" }, "POSTGRES_HOST=db\nPOSTGRES_PORT=5434\nREDIS_PORT=6380", "envPort"],
    [200, "Bash", { command: "npm run ci:lint" }, "lint CI job: fail (3 errors)", "lint", true],
    [205, "Bash", { command: "aws s3 ls" }, "backups bucket: s3://acme-backups-2026", "bucket"],
    [210, "Bash", { command: "npm run migrate" }, "migration 0042_add_billing_table: applied (11ms)\nmigration 0043_add_invoice_index: applied (30ms)", "migration"],
    [220, "Bash", { command: "docker push registry.acme.dev/api:1.5.2" }, "image tag api:1.5.2 pushed", "imageTag"],
    [230, "Bash", { command: "npm test -- tests/billing.spec.ts" }, "PASS tests/billing.spec.ts: 3 passed, 0 flaky; still green after 20 repeats", "flaky"],
    [240, "Bash", { command: "npm run ci:lint" }, "lint CI job: pass (0 errors)", "lint"],
    [245, "Bash", { command: "npm run flags:list" }, "feature flag BILLING_V2: enabled=true", "flag"],
    [250, "Bash", { command: "git branch --show-current" }, "current git branch: release/2026-12", "branch"],
  ];
}

const QUESTIONS = {
  pgPort: ["Which port is PostgreSQL listening on now?", "PostgreSQL listening on port 5434"],
  envPort: ["What is POSTGRES_PORT set to in the env file?", "POSTGRES_PORT=5434"],
  nodeVersion: ["Which node version are we on?", "node version: v20.11.1"],
  branch: ["What is the current git branch?", "current git branch: release/2026-12"],
  apiPort: ["Which port is the API server listening on?", "API server listening on port 8080"],
  bucket: ["Which s3 bucket holds the backups?", "backups bucket: s3://acme-backups-2026"],
  migration: ["Which migration was applied last?", "migration 0043_add_invoice_index: applied"],
  flaky: ["Is tests/billing.spec.ts still flaky?", "3 passed, 0 flaky"],
  imageTag: ["Which image tag was pushed for the api?", "image tag api:1.5.2 pushed"],
  redisPort: ["Which port does the Redis server use?", "Redis server started, port 6380"],
  flag: ["Is the BILLING_V2 feature flag enabled?", "feature flag BILLING_V2: enabled=true"],
  lint: ["Did the lint CI job pass?", "lint CI job: pass (0 errors)"],
};

/**
 * @param {{ turns?: number, seed?: number, sessionId?: string }} [options]
 */
/**
 * A Claude Code session JSONL being written: `push(record)` adds a record with the fields every conversation record
 * carries (uuid chained to the previous one, timestamp, session, version, cwd); `records` are other types too.
 */
export function transcriptWriter(sessionId, cwd) {
  const records = [];
  let uuid = 0;
  let parent = null;
  const push = (r) => {
    const id = `00000000-0000-4000-8000-${String(++uuid).padStart(12, "0")}`;
    records.push({ parentUuid: parent, isSidechain: false, ...r, uuid: id, timestamp: new Date(Date.UTC(2026, 11, 1, 9, 0, uuid)).toISOString(), sessionId, version: "2.1.332", cwd });
    parent = id;
  };
  return {
    records,
    push,
    /** The uuid of the last record pushed. */
    get last() {
      return parent;
    },
  };
}

export function generateSession({ turns = 300, seed = 11, sessionId = "5f0c2a4e-1b7d-4c8e-9a61-3e2d7c9b0f11" } = {}) {
  const random = rng(seed);
  const facts = new Map(timeline().map((f) => [f[0], f]));
  const transcript = transcriptWriter(sessionId, "/home/dev/billing");
  const { records, push } = transcript;
  const calls = [];
  const latest = {}; // question key -> tool call id of its newest fact
  const files = ["src/billing/invoice.ts", "src/billing/ledger.ts", "src/ui/widget.tsx", "src/router.ts", "src/session/store.ts"];
  for (let t = 1; t <= turns; t++) {
    push({ type: "user", message: { role: "user", content: `turn ${t}: keep going with the billing work` }, promptId: `p${t}` });
    let name;
    let input;
    let text;
    let isError = false;
    let key;
    const fact = facts.get(t);
    if (fact) {
      [, name, input, , key] = fact;
      isError = fact[5] === true;
      text = padded(fact[3], random, 2400 + Math.floor(random() * 1500));
      if (isError) text = `Exit code 1\n${text}`;
    } else {
      const kind = random();
      if (kind < 0.35) {
        name = "Read";
        const file = files[Math.floor(random() * files.length)];
        input = { file_path: `/home/dev/billing/${file}` };
        text = padded(`// ${file}\nexport function handler() { return render(widget); }`, random, 2200 + Math.floor(random() * 4000));
      } else if (kind < 0.55) {
        name = "Grep";
        input = { pattern: NOISE[Math.floor(random() * NOISE.length)], path: "src" };
        text = padded(`src/ui/widget.tsx:12: ${input.pattern}`, random, random() < 0.3 ? 400 : 2500);
      } else if (kind < 0.8) {
        name = "Bash";
        input = { command: `npm run build:${NOISE[Math.floor(random() * NOISE.length)]}` };
        text = padded("vite building for production...", random, 2100 + Math.floor(random() * 2500));
      } else {
        name = "Bash";
        input = { command: "ls -la src" };
        text = "total 48\ndrwxr-xr-x  7 dev dev 4096 .\n"; // small: stays in the prompt
      }
    }
    const callId = `toolu_${String(t).padStart(4, "0")}`;
    const messageId = `msg_${String(t).padStart(4, "0")}`;
    // Assistant blocks split over two records that share message.id, as Claude Code writes them.
    push({ type: "assistant", message: { id: messageId, type: "message", role: "assistant", content: [{ type: "text", text: `Running ${name}.` }] } });
    push({ type: "assistant", message: { id: messageId, type: "message", role: "assistant", content: [{ type: "tool_use", id: callId, name, input }] } });
    const response =
      name === "Bash" ? { stdout: text, stderr: "", interrupted: false, isImage: false, noOutputExpected: false } : name === "Read" ? { type: "text", file: { filePath: input.file_path, content: text, numLines: text.split("\n").length, startLine: 1, totalLines: text.split("\n").length } } : { mode: "content", content: text, numLines: text.split("\n").length, numFiles: 1 };
    const asItems = name === "Grep" && random() < 0.5; // some tool results carry an item list
    const block = { tool_use_id: callId, type: "tool_result", content: asItems ? [{ type: "text", text }] : text, ...(isError ? { is_error: true } : {}) };
    push({ type: "user", message: { role: "user", content: [block] }, ...(isError ? { toolUseResult: `Error: ${text}` } : { toolUseResult: response }) });
    calls.push({ id: callId, name, input, text, isError });
    if (key) latest[key] = callId;
    push({ type: "assistant", message: { id: `${messageId}b`, type: "message", role: "assistant", content: [{ type: "text", text: "Done with that step." }] } });
    if (t % 25 === 0) records.push({ type: "file-history-snapshot", messageId: messageId, snapshot: { trackedFileBackups: {} } });
    if (t % 40 === 0) records.push({ type: "progress", data: { type: "hook_progress", hookEvent: "PostToolUse" }, uuid: `prog-${t}` });
    if (t % 60 === 0) push({ type: "system", subtype: "stop_hook_summary", hookCount: 1, hookErrors: [] });
    if (t % 90 === 0) records.push({ type: "summary", summary: "Billing service work", leafUuid: transcript.last });
  }
  const questions = Object.entries(QUESTIONS)
    .filter(([k]) => latest[k])
    .map(([k, [prompt, fact]]) => ({ key: k, prompt, fact, expect: latest[k] }));
  return { sessionId, jsonl: `${records.map((r) => JSON.stringify(r)).join("\n")}\n`, calls, questions };
}
