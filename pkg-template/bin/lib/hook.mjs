// `contextfold hook [EVENT]`: one hook call of Claude Code or Codex CLI (JSON on stdin). It never breaks the
// session: whatever happens it exits 0, prints the hook's JSON or nothing, and reports a failure as one line on
// stderr (and in the log beside the store). It loads only contextfold/hooks, not the console renderers.
import * as path from "node:path";
import { splitOptions, wholeNumber } from "./options.mjs";

/** Parse `hook` arguments; a bad one is reported, never thrown (a mistyped hook command must not block). */
function parse(argv) {
  const o = splitOptions(argv, { command: "hook", values: new Set(["--dir", "--min-bytes", "--budget", "--max-chars"]), flags: new Set(["--replace-mcp-output", "--help", "-h", "--json"]) });
  const problems = o.problems;
  if (o.words.length > 1) problems.push(`unexpected argument ${JSON.stringify(o.words[1])}`);
  return {
    event: o.words[0],
    dir: o.values.dir,
    minBytes: wholeNumber("min-bytes", o.values["min-bytes"], problems),
    budget: wholeNumber("budget", o.values.budget, problems),
    maxChars: wholeNumber("max-chars", o.values["max-chars"], problems),
    replaceMcpOutput: o.flags.has("--replace-mcp-output"),
    help: o.flags.has("--help") || o.flags.has("-h"),
    problems,
  };
}

async function readStdin(stdin) {
  if (!stdin || stdin.isTTY) return undefined;
  const chunks = [];
  for await (const c of stdin) chunks.push(typeof c === "string" ? Buffer.from(c) : c);
  return Buffer.concat(chunks).toString("utf8");
}

/** How the model can run this CLI again (shown in injected text): node and this very bin. */
function selfCommand(started = process.argv[1]) {
  const bin = started ? path.resolve(started) : "";
  if (/contextfold(\.mjs)?$/.test(bin)) return `node ${/^[A-Za-z0-9_./:=@%+-]+$/.test(bin) ? bin : `'${bin.replaceAll("'", "'\\''")}'`}`;
  return "npx contextfold";
}

/**
 * @param {string[]} argv the whole argument list (the word `hook` included)
 * @param {{ stdout: {write(s: string): unknown}, stderr: {write(s: string): unknown}, stdin?: any, cwd?: string, env?: Record<string, string | undefined>, bin?: string }} io
 *   (`bin`: the path the CLI was started as, for the command shown to the model; a daemon passes its caller's)
 * @returns {Promise<number>} always 0
 */
export async function run(argv, io) {
  const opts = parse(argv);
  if (opts.help) {
    const { commandHelp } = await import("./help.mjs");
    io.stdout.write(commandHelp("hook"));
    return 0;
  }
  // A trap of the wasm engine inside an async call surfaces as an uncaught exception and leaves the call's promise
  // unsettled (Node would exit 1, or 13 for the bin's top-level await): reported like any failure, and exit 0.
  const onCrash = (err) => {
    io.stderr.write(`contextfold hook: engine failure: ${String(err?.message ?? err).replace(/\s+/gu, " ").slice(0, 300)}\n`);
    process.exit(0);
  };
  process.on("uncaughtException", onCrash);
  try {
    if (opts.problems.length > 0) {
      io.stderr.write(`contextfold hook: ${opts.problems.join("; ")} (nothing done; see contextfold hook --help)\n`);
      return 0;
    }
    const stdin = await readStdin(io.stdin);
    if (stdin === undefined) {
      io.stderr.write("contextfold hook: no hook input on stdin (a harness pipes one JSON object in)\n");
      return 0;
    }
    const { runHook } = await import("contextfold/hooks");
    const r = await runHook(stdin, {
      event: opts.event,
      dir: opts.dir,
      env: io.env,
      cwd: io.cwd,
      minBytes: opts.minBytes,
      budget: opts.budget,
      maxChars: opts.maxChars,
      replaceMcpOutput: opts.replaceMcpOutput,
      command: selfCommand(io.bin),
    });
    if (r.error) {
      const event = r.event ?? opts.event;
      io.stderr.write(`contextfold hook${event ? ` ${event}` : ""}: ${r.error.code}: ${r.error.message}${r.logged ? ` (logged in ${r.logged})` : ""}\n`);
    } else if (r.stdout) io.stdout.write(r.stdout);
  } catch (err) {
    // Not reachable through runHook (it never throws); a broken install still must not break the session.
    io.stderr.write(`contextfold hook: ${String(err?.message ?? err).replace(/\s+/gu, " ").slice(0, 300)}\n`);
  } finally {
    process.off("uncaughtException", onCrash);
  }
  return 0;
}
