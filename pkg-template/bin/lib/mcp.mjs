// `contextfold mcp [--dir DIR | --session ID]`: the MCP server of `contextfold/mcp` over stdio. Loaded only for
// this command, so the CLI works without the optional MCP packages.

/**
 * @param {string[]} words the arguments after "mcp"
 * @param {{ dir?: string, io: { stderr: { write(s: string): unknown }, cwd: string, env: Record<string, string | undefined> }, options?: object }} ctx
 *   `options`: the store's open options of the CLI (journal unless --reference, SOURCE_DATE_EPOCH's clock)
 * @returns {Promise<number>} the exit status
 */
export async function runMcp(words, { dir, io, options }) {
  let session;
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    if (w === "--session" && i + 1 < words.length) session = words[++i];
    else if (w.startsWith("--session=")) session = w.slice("--session=".length);
    else {
      io.stderr.write(`contextfold mcp: unexpected argument ${JSON.stringify(w)} (usage: contextfold mcp [--dir DIR | --session ID])\n`);
      return 1;
    }
  }
  let mcp;
  try {
    mcp = await import("contextfold/mcp");
  } catch (err) {
    io.stderr.write(
      `contextfold mcp needs the optional packages @modelcontextprotocol/server (2.x) and zod (4.x): npm install @modelcontextprotocol/server zod\n(${err?.message ?? err})\n`,
    );
    return 1;
  }
  let root;
  try {
    root = mcp.storeRoot({ dir, session, cwd: io.cwd, env: io.env });
  } catch (err) {
    io.stderr.write(`contextfold mcp: ${err.message}\n`);
    return 1;
  }
  await mcp.serveStdioStore({
    root,
    openOptions: options,
    onerror: (err) => io.stderr.write(`contextfold mcp: ${err?.message ?? err}\n`),
  });
  return 0;
}
