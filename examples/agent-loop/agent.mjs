#!/usr/bin/env node
// An agent loop on the Vercel AI SDK with ContextFold (contextfold/ai-sdk): large tool results are folded into a
// verified store in the workspace, and what each message asks about is paged back in for that call only. The
// application keeps a short window of turns; everything older lives in the store.
//
//   node agent.mjs --demo                         a generated project and session, with the mock model
//   node agent.mjs                                chat on stdin (mock model), tools in the current folder
//   node agent.mjs --model openai/gpt-5           any AI Gateway model id (needs AI_GATEWAY_API_KEY)
//   node agent.mjs --provider @ai-sdk/openai --model gpt-4.1   any AI SDK provider package (installed separately)
//
// Options: --workspace DIR (tools and store; default .), --store DIR (default: the workspace), --script FILE (one
// message per line), --window N (turns kept; default 6, 2 in the demo), --turn-budget N (default 2000),
// --fold-threshold N (default 500), --allow-commands (a run_command tool), --json (one JSON line per turn),
// --quiet (no ContextFold lines). Environment: CONTEXTFOLD_AGENT_MODEL, CONTEXTFOLD_AGENT_PROVIDER.
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { gateway, generateText, stepCountIs, wrapLanguageModel } from "ai";
import { ContextFold } from "contextfold";
import { NodeFsStorage } from "contextfold/node";
import { contextFoldMiddleware } from "contextfold/ai-sdk";
import { DEMO_SCRIPT, createDemoWorkspace } from "./demo.mjs";
import { createMockModel } from "./mock-model.mjs";
import { createTools } from "./tools.mjs";

const { values: opt } = parseArgs({
  options: {
    demo: { type: "boolean" },
    model: { type: "string" },
    provider: { type: "string" },
    "provider-export": { type: "string" },
    workspace: { type: "string" },
    store: { type: "string" },
    script: { type: "string" },
    window: { type: "string" },
    "turn-budget": { type: "string" },
    "fold-threshold": { type: "string" },
    "allow-commands": { type: "boolean" },
    json: { type: "boolean" },
    quiet: { type: "boolean" },
  },
});

/** The model: the mock (default), an AI Gateway id, or `--provider` package's factory called with the id. */
async function resolveModel() {
  const id = opt.model ?? process.env.CONTEXTFOLD_AGENT_MODEL ?? "mock";
  const provider = opt.provider ?? process.env.CONTEXTFOLD_AGENT_PROVIDER;
  if (id === "mock") return createMockModel();
  if (!provider) return gateway(id);
  const mod = await import(provider);
  const name = opt["provider-export"] ?? provider.split("/").pop().replace(/^ai-sdk-/, "");
  const factory = mod[name] ?? mod.default;
  if (typeof factory !== "function") throw new Error(`${provider} has no provider export ${name} (give --provider-export)`);
  return factory(id);
}

const number = (v, d) => (v === undefined ? d : Number.parseInt(v, 10));
const workspace = path.resolve(opt.demo ? createDemoWorkspace() : (opt.workspace ?? "."));
const window = number(opt.window, opt.demo ? 2 : 6);
const log = (line) => {
  if (!opt.quiet && !opt.json) console.log(`   [contextfold] ${line}`);
};

const store = await ContextFold.open(new NodeFsStorage(path.resolve(opt.store ?? workspace)));
let folded = [];
let hydrated = [];
const model = wrapLanguageModel({
  model: await resolveModel(),
  middleware: contextFoldMiddleware({
    store,
    turnBudget: number(opt["turn-budget"], 2000),
    foldThreshold: number(opt["fold-threshold"], 500),
    onFold: (r) => {
      folded.push(r.step_id);
      log(`folded step ${r.step_id}: ${r.summary} (${r.token_estimate} tokens)`);
    },
    onHydrate: ({ steps, tokens }) => {
      hydrated.push(...steps);
      log(`paged in step${steps.length > 1 ? "s" : ""} ${steps.join(", ")} for this call (${tokens} tokens)`);
    },
  }),
});
const tools = createTools({ workspace, allowCommands: opt["allow-commands"] });
const system = `You are a coding agent working in ${workspace}. Use the tools to look at files before you answer.`;

const turns = []; // the application's history, one entry per turn
async function turn(user) {
  folded = [];
  hydrated = [];
  const messages = [...turns.slice(-window).flat(), { role: "user", content: user }];
  const r = await generateText({ model, system, messages, tools, stopWhen: stepCountIs(8) });
  turns.push([{ role: "user", content: user }, ...r.response.messages]);
  if (opt.json) console.log(JSON.stringify({ user, answer: r.text, folded, hydrated: [...new Set(hydrated)] }));
  else console.log(`agent> ${r.text}`);
}

async function* lines() {
  if (opt.demo) return yield* DEMO_SCRIPT;
  if (opt.script) return yield* readFileSync(opt.script, "utf8").split("\n").filter((l) => l.trim() !== "");
  const rl = createInterface({ input: process.stdin, output: process.stdin.isTTY ? process.stdout : undefined, prompt: "you> " });
  if (process.stdin.isTTY) rl.prompt();
  for await (const line of rl) {
    if (line.trim() === "exit") break;
    if (line.trim() !== "") yield line;
    if (process.stdin.isTTY) rl.prompt();
  }
}

try {
  for await (const user of lines()) {
    if (!opt.json && (opt.demo || opt.script || !process.stdin.isTTY)) console.log(`you> ${user}`);
    await turn(user);
  }
  const status = await store.status();
  log(`store ${status.storageDir}: ${status.total} steps, ${status.evicted} evicted after their call`);
} finally {
  await store.close();
}
