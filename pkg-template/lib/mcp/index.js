// `contextfold/mcp`: the MCP server factory (server.js) and its stdio entry (stdio.js, `contextfold mcp`).
export { createServer } from "./server.js";
export { serveStdioStore, storeRoot } from "./stdio.js";
