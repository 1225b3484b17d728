// The stdio entry of the MCP server (`contextfold mcp`): opens the store (a directory, or a session of the shared
// session layout), serves `createServer()` over this process's stdin/stdout until the client closes stdin (or a
// SIGINT/SIGTERM), then closes the store (checkpoint). stdout carries JSON-RPC only; messages go to stderr.
import * as path from "node:path";
import { ContextFold, INTEGRATION_POLICY } from "contextfold";
import { NodeFsStorage } from "contextfold/node";
import { serveStdio } from "@modelcontextprotocol/server/stdio";

import { sessionStoreDir } from "../integration/session-store.js";
import { createServer } from "./server.js";

/**
 * The store root of `--dir DIR` / `--session ID` (default: the current directory).
 * @param {{ dir?: string, session?: string, cwd?: string, env?: Record<string, string | undefined> }} where
 */
export function storeRoot({ dir, session, cwd = process.cwd(), env = process.env }) {
  if (dir !== undefined && session !== undefined) throw new TypeError("give --dir or --session, not both");
  if (session !== undefined) return sessionStoreDir(session, env);
  return path.resolve(cwd, dir ?? ".");
}

/**
 * Serve the store at `root` over stdio; resolves when the connection has ended and the store is closed.
 * @param {{ root: string, openOptions?: import("contextfold").OpenOptions, stdin?: NodeJS.ReadableStream, onerror?: (err: Error) => void }} options
 */
export async function serveStdioStore({ root, openOptions, stdin = process.stdin, onerror }) {
  // A store this server creates gets the integrations' policy (redaction, the best selection mode).
  const store = await ContextFold.open(new NodeFsStorage(root), { defaultPolicy: INTEGRATION_POLICY, ...openOptions });
  const handle = serveStdio(() => createServer({ store }), { onerror });
  await new Promise((resolve) => {
    const done = () => resolve(undefined);
    stdin.once("end", done);
    stdin.once("close", done);
    process.once("SIGINT", done);
    process.once("SIGTERM", done);
  });
  await handle.close().catch(() => {});
  await store.close();
}
