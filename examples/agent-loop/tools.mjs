// The agent's tools, confined to its workspace folder. run_command exists only with --allow-commands.
import { execFile } from "node:child_process";
import { readFile, readdir } from "node:fs/promises";
import * as path from "node:path";
import { tool } from "ai";
import { z } from "zod";

function inside(workspace, rel) {
  const full = path.resolve(workspace, rel);
  const back = path.relative(workspace, full);
  if (back.startsWith("..") || path.isAbsolute(back)) throw new Error(`${rel} is outside the workspace`);
  return full;
}

export function createTools({ workspace, allowCommands = false }) {
  const tools = {
    read_file: tool({
      description: "Read a text file of the workspace",
      inputSchema: z.object({ path: z.string().describe("path relative to the workspace") }),
      execute: async ({ path: rel }) => readFile(inside(workspace, rel), "utf8"),
    }),
    list_files: tool({
      description: "List a folder of the workspace",
      inputSchema: z.object({ dir: z.string().default(".") }),
      execute: async ({ dir }) =>
        (await readdir(inside(workspace, dir), { withFileTypes: true }))
          .map((e) => `${e.name}${e.isDirectory() ? "/" : ""}`)
          .sort()
          .join("\n"),
    }),
  };
  if (allowCommands) {
    tools.run_command = tool({
      description: "Run a shell command in the workspace",
      inputSchema: z.object({ command: z.string() }),
      execute: ({ command }) =>
        new Promise((resolve) => {
          execFile("/bin/sh", ["-c", command], { cwd: workspace, timeout: 120_000, maxBuffer: 16 << 20 }, (err, stdout, stderr) => {
            resolve({ stdout, stderr, exitCode: err ? (err.code ?? 1) : 0 });
          });
        }),
    });
  }
  return tools;
}
