// `contextfold/mcp`: an MCP server (`@modelcontextprotocol/server` 2.x) over a ContextFold store.
import type { ContextFold, OpenOptions } from "contextfold";
import type { McpServer } from "@modelcontextprotocol/server";

export interface ContextFoldServerOptions {
  /** The open store the tools work on. */
  store: ContextFold;
  /** Server name (default "contextfold") and version (default: the package's). */
  name?: string;
  version?: string;
  /** The server's instructions to the client (default: how the tools fit together). */
  instructions?: string;
}

/** An McpServer with the tools `fold`, `scan`, `recall`, `hydrate`, `status`, `validate`, `folded_steps` and the
 *  resource template `contextfold://step/{id}`. Connect it to any transport. */
export declare function createServer(options: ContextFoldServerOptions): McpServer;

/** The store root of `--dir DIR` or `--session ID` (the shared session layout); the current directory by default. */
export declare function storeRoot(where: { dir?: string; session?: string; cwd?: string; env?: Record<string, string | undefined> }): string;

/** Serve the store at `root` over this process's stdio until stdin closes (or SIGINT/SIGTERM), then close the store. */
export declare function serveStdioStore(options: {
  root: string;
  openOptions?: OpenOptions;
  stdin?: { once(event: "end" | "close", listener: () => void): unknown };
  onerror?: (error: Error) => void;
}): Promise<void>;
