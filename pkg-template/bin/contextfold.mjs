#!/usr/bin/env node
// `contextfold` (npx contextfold …): the ContextFold engine over the local file system. See `contextfold --help`.
import { commandModule } from "./lib/dispatch.mjs";

// A closed pipe (`contextfold status | head -1`) is not an error.
for (const s of [process.stdout, process.stderr]) {
  s.on("error", (err) => {
    if (err && err.code === "EPIPE") process.exit(process.exitCode ?? 0);
    throw err;
  });
}

const argv = process.argv.slice(2);
// A command with a module of its own (a hook call) loads only that module.
const own = commandModule(argv);
const run = own === undefined ? (await import("./lib/cli.mjs")).main : (await import(own)).run;
process.exitCode = await run(argv, {
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
  cwd: process.cwd(),
  env: process.env,
  isTTY: Boolean(process.stdout.isTTY),
});
