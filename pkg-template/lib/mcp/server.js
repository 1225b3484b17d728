// `contextfold/mcp`: an MCP server (`@modelcontextprotocol/server` 2.x, zod 4) over one open store. The tools are
// the engine's operations; the resource template `contextfold://step/{id}` reads a step's exact, verified payload.
// Engine errors come back as MCP tool errors (`isError: true`) carrying the engine's code. The transport is the
// caller's: see stdio.js for `contextfold mcp`.
import { createRequire } from "node:module";
import { McpServer, ProtocolError, ProtocolErrorCode, ResourceNotFoundError, ResourceTemplate } from "@modelcontextprotocol/server";
import { z } from "zod";
import { BEST_SELECTION } from "contextfold";

import { foldNext } from "../integration/folding.js";

const LIST_LIMIT = 100;

const INSTRUCTIONS = [
  "ContextFold keeps the exact, hash-verified record of folded steps (tool outputs, turns) out of the context.",
  "Use `scan` (or `recall`) with what the user asks about to find the steps that answer it, then `hydrate` a step",
  "to read its content; `folded_steps` lists the newest steps' short records; `fold` stores a new step.",
].join(" ");

/**
 * @param {import("./index.js").ContextFoldServerOptions} options
 * @returns {import("@modelcontextprotocol/server").McpServer}
 */
export function createServer(options) {
  const store = options?.store;
  if (!store || typeof store.scan !== "function") throw new TypeError("createServer needs { store }: an open ContextFold");
  const server = new McpServer(
    { name: options.name ?? "contextfold", version: options.version ?? packageVersion() },
    { instructions: options.instructions ?? INSTRUCTIONS },
  );

  const stepId = z.number().int().describe("the step id");
  const tool = (name, config, run) =>
    server.registerTool(name, config, async (args) => {
      try {
        return result(await run(args ?? {}));
      } catch (err) {
        return toolError(err);
      }
    });

  tool(
    "fold",
    {
      title: "Fold a step",
      description: "Store a step (e.g. a long tool output) as a verified cold node; returns its folded-step record. Without step_id the next free id is used.",
      inputSchema: z.object({
        summary: z.string().describe("one line saying what the step did"),
        raw_content: z.string().optional().describe("the exact content to keep (default: the summary)"),
        step_id: stepId.optional(),
        session_id: z.string().optional(),
        files: z.array(z.string()).optional().describe("files of the step (default: extracted)"),
        commands: z.array(z.string()).optional().describe("commands of the step (default: extracted)"),
        errors: z.array(z.string()).optional().describe("errors of the step (default: extracted)"),
      }),
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true },
    },
    async (a) => {
      const input = { summary: a.summary };
      if (a.raw_content !== undefined) input.rawContent = a.raw_content;
      if (a.session_id !== undefined) input.sessionId = a.session_id;
      for (const k of ["files", "commands", "errors"]) if (a[k] !== undefined) input[k] = a[k];
      const outcome = a.step_id === undefined ? await foldNext(store, input) : await store.foldDetailed({ ...input, stepId: a.step_id });
      return { kind: outcome.kind, folded_step: outcome.foldedStep };
    },
  );

  tool(
    "scan",
    {
      title: "Scan a prompt",
      description: "Match a prompt against the index: the steps selected for it within the turn budget (what `hydrate` should read).",
      inputSchema: z.object({
        prompt: z.string(),
        turn_budget: z.number().int().positive().optional().describe("token budget of this scan (default: the policy's)"),
        in_context: z.array(z.number().int()).optional().describe("step ids already in the context"),
      }),
      annotations: { readOnlyHint: true },
    },
    async (a) => {
      const opts = { candidates: false, defaultSelection: BEST_SELECTION };
      if (a.turn_budget !== undefined) opts.turnBudget = a.turn_budget;
      if (a.in_context !== undefined) opts.inContext = a.in_context;
      return store.scan(a.prompt, opts);
    },
  );

  tool(
    "recall",
    {
      title: "Recall steps",
      description: "Every step matching a query, ranked (coverage tiers, latest first).",
      inputSchema: z.object({ query: z.string() }),
      annotations: { readOnlyHint: true },
    },
    async (a) => ({ candidates: await store.recall(a.query) }),
  );

  tool(
    "hydrate",
    {
      title: "Hydrate a step",
      description: "The verified content of a step (hashes checked), cut to the policy's per-call cap.",
      inputSchema: z.object({ step_id: stepId }),
      annotations: { readOnlyHint: true },
    },
    async (a) => store.hydrate(a.step_id),
  );

  tool(
    "status",
    {
      title: "Store status",
      description: "Counts of the index (total, active, evicted, tokens) and the policy in force.",
      inputSchema: z.object({}),
      annotations: { readOnlyHint: true },
    },
    async () => {
      const { nodes, ...counts } = await store.status();
      return counts;
    },
  );

  tool(
    "validate",
    {
      title: "Validate the store",
      description: "Check every node's path containment, existence and hashes; problems are listed.",
      inputSchema: z.object({}),
      annotations: { readOnlyHint: true },
    },
    async () => store.validate(),
  );

  tool(
    "folded_steps",
    {
      title: "Folded steps",
      description: "The short records (hot projection) of the newest steps, newest first.",
      inputSchema: z.object({ limit: z.number().int().min(1).optional().describe(`how many (default ${LIST_LIMIT})`) }),
      annotations: { readOnlyHint: true },
    },
    async (a) => ({ steps: await store.foldedSteps(a.limit ?? LIST_LIMIT) }),
  );

  server.registerResource(
    "step",
    new ResourceTemplate("contextfold://step/{id}", {
      list: async () => ({
        resources: (await store.foldedSteps(LIST_LIMIT)).map((r) => ({
          uri: `contextfold://step/${r.step_id}`,
          name: `step ${r.step_id}`,
          description: r.summary,
          mimeType: "text/plain",
        })),
      }),
    }),
    { title: "Folded step", description: "The exact payload of a folded step, verified against its hashes.", mimeType: "text/plain" },
    async (uri, variables) => {
      const raw = Array.isArray(variables.id) ? variables.id[0] : variables.id;
      if (!/^-?\d+$/.test(String(raw)) || !Number.isSafeInteger(Number(raw))) throw new ResourceNotFoundError(uri.href, `not a step id: ${raw}`);
      try {
        const node = await store.node(Number(raw));
        return { contents: [{ uri: uri.href, mimeType: "text/plain", text: node.rawContent }] };
      } catch (err) {
        if (err?.code === "NODE_NOT_FOUND") throw new ResourceNotFoundError(uri.href, `${err.code}: ${err.message}`);
        throw new ProtocolError(ProtocolErrorCode.InternalError, `${err?.code ?? "ERROR"}: ${err?.message ?? err}`, { code: err?.code });
      }
    },
  );

  return server;
}

/** A tool result: the value as JSON text, and as structured content (an object). */
function result(value) {
  return { content: [{ type: "text", text: JSON.stringify(value, null, 2) }], structuredContent: value };
}

/** An MCP tool error with the engine's code (`INVALID_INPUT`, `NODE_NOT_FOUND`, `INTEGRITY_CHECK`, ...). */
function toolError(err) {
  const code = typeof err?.code === "string" ? err.code : "INTERNAL";
  const message = err instanceof Error ? err.message : String(err);
  return {
    isError: true,
    content: [{ type: "text", text: `${code}: ${message}` }],
    structuredContent: { error: { code, name: err?.name ?? "Error", message } },
  };
}

function packageVersion() {
  try {
    return createRequire(import.meta.url)("contextfold/package.json").version;
  } catch {
    return "0.0.0";
  }
}
