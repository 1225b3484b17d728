#!/usr/bin/env node
// `contextfold` (npx contextfold …): the ContextFold engine over the local file system. See `contextfold --help`.
import { main } from "./lib/cli.mjs";

// A closed pipe (`contextfold status | head -1`) is not an error.
for (const s of [process.stdout, process.stderr]) {
  s.on("error", (err) => {
    if (err && err.code === "EPIPE") process.exit(process.exitCode ?? 0);
    throw err;
  });
}

process.exitCode = await main(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
  cwd: process.cwd(),
  env: process.env,
  isTTY: Boolean(process.stdout.isTTY),
});
