#!/usr/bin/env node
// `contextfold` (npx contextfold …): the ContextFold engine over the local file system. See `contextfold --help`.
import { setFlagsFromString } from "node:v8";
import { daemonDisabled } from "./lib/daemon-address.mjs";
import { commandModule, commandWord, isShortCall } from "./lib/dispatch.mjs";

// A closed pipe (`contextfold status | head -1`) is not an error.
for (const s of [process.stdout, process.stderr]) {
  s.on("error", (err) => {
    if (err && err.code === "EPIPE") process.exit(process.exitCode ?? 0);
    throw err;
  });
}

const argv = process.argv.slice(2);
const io = {
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
  cwd: process.cwd(),
  env: process.env,
  isTTY: Boolean(process.stdout.isTTY),
  bin: process.argv[1],
};

// `validate` over a large store runs long enough for V8 to recompile its hot wasm functions optimized, and the
// largest of them (validate's future, the schema check: 15–22 KB of code) cost 0.2–0.4 s each to compile, on
// background threads that compete with validate's two threads for the cores. A tiering budget ten times V8's
// default recompiles only what runs long enough to repay it, and no loop unrolling makes each compile cheaper: at
// 10,000 nodes ~4 % fewer instructions in all (optimizing compiler 1.65 → 1.28 G). Set like the short calls' flags.
const VALIDATE_FLAGS = "--wasm-tiering-budget=18000000 --no-wasm-loop-unrolling";

/** Run the call in this process: the engine loaded here, its module alone for a command that has one. */
async function runHere() {
  // V8 compiles hot wasm functions again, optimized, on background threads, and Node waits for those compilations
  // before the process exits: 60–80 ms of a hook call that itself takes 20. A short call runs on baseline code only,
  // and validates each function of the module when it is first called (our own module, of which a call runs a small
  // part: ~8 ms less compile). Set before the package (and its wasm) is loaded, and for this process alone.
  // Only a speed-up: a runtime that refuses the flags (not Node's V8) runs the call as it is, never fails it.
  const flags = isShortCall(argv) ? "--liftoff-only --wasm-lazy-validation" : commandWord(argv) === "validate" ? VALIDATE_FLAGS : undefined;
  if (flags !== undefined) {
    try {
      setFlagsFromString(flags);
    } catch {
      /* run with the runtime's defaults */
    }
  }
  const own = commandModule(argv);
  const run = own === undefined ? (await import("./lib/cli.mjs")).main : (await import(own)).run;
  return run(argv, io);
}

// A short call goes to this package's daemon when one is running (see lib/daemon.mjs): the engine is loaded and
// compiled there already. Without one, the call runs here and starts one for the next calls.
if (isShortCall(argv) && !daemonDisabled(io.env)) {
  const { runInDaemon } = await import("./lib/daemon-client.mjs");
  let r;
  try {
    r = await runInDaemon(argv, io);
  } catch (err) {
    // Not reachable by design (every failure to reach the daemon means "run it here"); a hook still exits 0.
    const hook = commandWord(argv) === "hook";
    io.stderr.write(`contextfold${hook ? " hook" : ""}: ${String(err?.message ?? err).replace(/\s+/gu, " ").slice(0, 300)}\n`);
    r = { served: true, exitCode: hook ? 0 : 1 };
  }
  if (r.served) process.exitCode = r.exitCode;
  else {
    process.exitCode = await runHere();
    if (r.startDaemon) (await import("./lib/daemon.mjs")).startDaemon(io.env);
  }
} else process.exitCode = await runHere();
