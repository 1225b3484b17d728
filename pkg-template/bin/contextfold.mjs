#!/usr/bin/env node
// `contextfold` (npx contextfold …): the ContextFold engine over the local file system. See `contextfold --help`.
import { setFlagsFromString } from "node:v8";
import { commandModule, isShortCall } from "./lib/dispatch.mjs";

// A closed pipe (`contextfold status | head -1`) is not an error.
for (const s of [process.stdout, process.stderr]) {
  s.on("error", (err) => {
    if (err && err.code === "EPIPE") process.exit(process.exitCode ?? 0);
    throw err;
  });
}

const argv = process.argv.slice(2);
// V8 compiles hot wasm functions again, optimized, on background threads, and Node waits for those compilations
// before the process exits: 60–80 ms of a hook call that itself takes 20. A short call runs on baseline code only,
// and validates each function of the module when it is first called (our own module, of which a call runs a small
// part: ~8 ms less compile). Set before the package (and its wasm) is loaded, and for this process alone.
// Only a speed-up: a runtime that refuses the flags (not Node's V8) runs the call as it is, never fails it.
if (isShortCall(argv)) {
  try {
    setFlagsFromString("--liftoff-only --wasm-lazy-validation");
  } catch {
    /* run with the runtime's defaults */
  }
}
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
