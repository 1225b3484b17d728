// `--demo`: a small project in a temporary folder (a PostgreSQL config, a deploy log, an application log, sources)
// and a session over it. The window is two turns, so by the time the questions come, the files the agent read
// have long left the conversation: what answers them is what ContextFold pages back in.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";

const pad = (n, f) => Array.from({ length: n }, (_, i) => f(i)).join("\n");

export function createDemoWorkspace() {
  const dir = mkdtempSync(path.join(tmpdir(), "contextfold-agent-demo-"));
  const files = {
    "config/postgresql.conf": `${pad(60, (i) => `# setting group ${i}: shared_buffers_${i} = ${128 + i}MB`)}\nport = 5433  # the port PostgreSQL listens on\n${pad(60, (i) => `work_mem_${i} = ${4 + i}MB`)}\n`,
    "logs/deploy.log": `${pad(80, (i) => `2026-11-30T10:${String(i % 60).padStart(2, "0")}:00Z step ${i}: image layer ${i} pushed`)}\n2026-11-30T11:20:00Z migration 0042_create_billing_table applied to billing database\n${pad(40, (i) => `2026-11-30T11:${String(21 + (i % 39)).padStart(2, "0")}:00Z health check ${i} ok`)}\n`,
    "logs/app.log": `${pad(90, (i) => `GET /api/items/${i} 200 ${10 + (i % 17)}ms`)}\nERROR PaymentGatewayTimeout: the payment gateway did not answer within 30s on POST /api/charge\n${pad(60, (i) => `GET /api/cart/${i} 200 ${8 + (i % 11)}ms`)}\n`,
    "src/server.ts": `${pad(70, (i) => `export function handler${i}(req: Request): Response { return new Response("item ${i}"); }`)}\n`,
    "README.md": "# Demo shop\n\nA small service with a PostgreSQL database, a billing schema and a payment gateway.\n",
  };
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), text);
  }
  return dir;
}

export const DEMO_SCRIPT = [
  "read config/postgresql.conf",
  "read logs/deploy.log",
  "read logs/app.log",
  "read src/server.ts",
  "list logs",
  "read README.md",
  "Which port is configured for PostgreSQL?",
  "Which migration created the billing table?",
  "What error did the payment gateway raise?",
];
