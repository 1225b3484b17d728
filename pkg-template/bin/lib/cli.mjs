// The `contextfold` command line: argument parsing, file reading, exit codes and output routing. Everything
// the engine decides comes from the package API (results) and the core's render* functions (console text, the
// reference's bytes); nothing here re-implements a protocol rule.
import { mkdir, open as openFile, stat } from "node:fs/promises";
import * as path from "node:path";

import { loadCore } from "./core.mjs";
import { decodeUtf8 } from "./utf8.mjs";
import { commandModule, commandWord } from "./dispatch.mjs";
import { startValidateWorkerEarly } from "./validate-early.mjs";

const COMMANDS = new Set(["fold", "scan", "recall", "hydrate", "evict", "status", "validate", "checkpoint", "repair", "demo", "mcp", "redact"]);
const FOLD_OPTIONS = new Set(["--file", "--files", "--commands", "--errors"]);
/** Candidates `scan` lists without --all. */
const SCAN_LISTED = 20;
const ERRNO = { ENOENT: [2, "No such file or directory"], EISDIR: [21, "Is a directory"], EACCES: [13, "Permission denied"], EPERM: [1, "Operation not permitted"], ENOTDIR: [20, "Not a directory"], ELOOP: [40, "Too many levels of symbolic links"], ENAMETOOLONG: [36, "File name too long"] };

/** A failure of the command line itself (not of the engine): printed as the reference prints its own. */
class CliError extends Error {
  /**
   * @param {"usage" | "bad_argument"} kind usage: `text` goes to stdout as is; bad_argument: stderr `[ERROR] Bad argument: …`
   * @param {string} message
   * @param {string} [text] the exact console text (usage lines)
   */
  constructor(kind, message, text) {
    super(message);
    this.kind = kind;
    this.text = text;
  }
}

/** Python's `str.lower()` for the command word (JS full case mapping, the same for every command name). */
function lower(s) {
  return s.toLowerCase();
}

/** The command word: the first argument that is neither an option nor the value of --dir. */

/** The reference names itself in its console text; ours is `contextfold` (unless `--reference`). */
const REFERENCE_PROGRAM = "python contextfold.py";
const PROGRAM = "contextfold";

/** Usage text with our program name (everywhere in it: usage screens hold no user text). */
function ownUsage(text, opts) {
  return opts.reference ? text : text.replaceAll(REFERENCE_PROGRAM, PROGRAM);
}

/** The hydrate screen with our program name in its last line (the evict hint), never inside the payload. */
function ownHydrate(text, opts) {
  return opts.reference ? text : text.replace(/`python contextfold\.py (evict -?\d+)`( after LLM response[^\n]*\n)$/, "`contextfold $1`$2");
}

/** Split argv into the global options (anywhere) and the reference's own argument list. */
export function parseArgs(argv) {
  const out = { json: false, help: false, version: false, reference: false, all: false, dir: undefined, args: [] };
  let command;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if ((command === "fold" || command === "redact") && (command === "fold" ? FOLD_OPTIONS.has(a) : a === "--file")) {
      // A fold option's value is always the next argument, whatever it looks like (as in the reference).
      if (i + 1 >= argv.length) throw new CliError("bad_argument", `option ${a} needs a value (to use "${a}" as a word of the summary, quote it together with the summary)`);
      out.args.push(a, argv[++i]);
      continue;
    }
    if (a === "--json") out.json = true;
    else if (a === "--reference") out.reference = true;
    else if (a === "--all" && command === "scan") out.all = true;
    else if (a === "--help" || a === "-h") out.help = true;
    else if (a === "--version") out.version = true;
    else if (a === "--dir" || a.startsWith("--dir=")) {
      let v;
      if (a === "--dir") {
        if (i + 1 >= argv.length) throw new CliError("bad_argument", "option --dir needs a value");
        v = argv[++i];
      } else v = a.slice("--dir=".length);
      if (v === "") throw new CliError("bad_argument", "option --dir needs a non-empty directory");
      out.dir = v;
    } else {
      if (command === undefined) command = lower(a);
      out.args.push(a);
    }
  }
  return out;
}

/** Python `int(arg)` for a step id, limited to the integers a JS number holds exactly (the core's rule). */
function stepId(arg, render) {
  try {
    return render.parseStepId(arg);
  } catch (err) {
    // The core's message is Python's ValueError text, or the out-of-range message.
    if (err?.code === "INVALID_INPUT") throw new CliError("bad_argument", err.message);
    throw err;
  }
}

/** The reference's list options: split on ",", strip, drop empties. */
function listOption(value) {
  return value
    .split(",")
    .map((x) => x.trim())
    .filter((x) => x !== "");
}

/** The error of a payload over the limit: read no further than limit + 1 bytes (`/dev/zero` never ends). */
function overLimit(api, what, limit) {
  const Cls = api.LimitExceededError ?? Error;
  const err = new Cls(`${what}: more than ${limit} bytes, over the payload limit (limits.maxPayloadBytes); nothing was written`);
  if (!api.LimitExceededError) err.code = "LIMIT_EXCEEDED";
  return err;
}

async function readAll(stream, limit, api, what) {
  const chunks = [];
  let total = 0;
  for await (const c of stream) {
    const b = typeof c === "string" ? Buffer.from(c) : c;
    total += b.length;
    if (total > limit) {
      stream.destroy?.();
      throw overLimit(api, what, limit);
    }
    chunks.push(b);
  }
  return Buffer.concat(chunks);
}

/** At most `limit` bytes of a file (its size is not trusted: devices and pipes have none). */
async function readBounded(file, limit, api, what) {
  const handle = await openFile(file, "r");
  try {
    const chunks = [];
    let total = 0;
    for (;;) {
      const want = Math.min(1 << 20, limit + 1 - total);
      const buf = Buffer.allocUnsafe(want);
      const { bytesRead } = await handle.read(buf, 0, want, null);
      if (bytesRead === 0) break;
      total += bytesRead;
      if (total > limit) throw overLimit(api, what, limit);
      chunks.push(bytesRead === want ? buf : buf.subarray(0, bytesRead));
    }
    return Buffer.concat(chunks, total);
  } finally {
    await handle.close();
  }
}

/** The payload of `--file P`: the exact bytes as UTF-8 text ("-" = standard input), at most the payload limit. */
async function readPayload(file, io, render, api) {
  const limit = api?.defaultLimits ? api.defaultLimits().maxPayloadBytes : 64 << 20;
  let bytes;
  if (file === "-") {
    bytes = await readAll(io.stdin, limit, api ?? {}, "--file -");
  } else {
    try {
      bytes = await readBounded(path.resolve(io.cwd, file), limit, api ?? {}, `--file ${file}`);
    } catch (err) {
      if (err?.code === "LIMIT_EXCEEDED") throw err;
      const known = err && ERRNO[err.code];
      const msg = known ? `[Errno ${known[0]}] ${known[1]}: ${render.pythonRepr(file)}` : `cannot read ${render.pythonRepr(file)}: ${err?.message ?? err}`;
      throw new CliError("bad_argument", msg);
    }
  }
  const text = decodeUtf8(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  if (!text.ok) throw new CliError("bad_argument", text.message);
  return text.text;
}

/** The fold arguments after the step id, as the reference reads them (options anywhere, last one wins). */
async function foldInput(step, words, io, render, api) {
  const input = { stepId: step, summary: "" };
  const summary = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    if (FOLD_OPTIONS.has(w)) {
      const v = words[++i]; // parseArgs guarantees a value
      if (w === "--file") input.rawContent = await readPayload(v, io, render, api);
      else input[w.slice(2)] = listOption(v);
    } else summary.push(w);
  }
  input.summary = summary.join(" ");
  return input;
}

/**
 * The clock of the engine: the system clock, or a fixed time from SOURCE_DATE_EPOCH (seconds since the epoch,
 * the reproducible-builds convention) so that runs can be replayed byte for byte (folded_at is hashed).
 */
export function clockFromEnv(env, render) {
  const v = env.SOURCE_DATE_EPOCH;
  if (v === undefined || v === "") return undefined;
  if (!/^[0-9]{1,12}$/.test(v) || Number(v) > 253402300799) {
    throw new CliError("bad_argument", `SOURCE_DATE_EPOCH must be a number of seconds since 1970 (got ${render.pythonRepr(v)})`);
  }
  const iso = new Date(Number(v) * 1000).toISOString().replace(/\.\d{3}Z$/, "Z");
  return () => iso;
}

/** The exit status of an engine error (`exitCode`, Rust src/error.rs), or undefined for an error without an engine code. */
function engineExitCode(err, render) {
  if (!render || typeof err?.code !== "string") return undefined;
  try {
    return render.exitCode(err.code);
  } catch {
    return undefined; // not an engine code
  }
}

function jsonText(value) {
  return JSON.stringify(value, null, 2) + "\n";
}

function errorDoc(name, code, message) {
  return { error: { name, code, message } };
}

/**
 * Run one command line.
 * @param {string[]} argv the arguments after the program name
 * @param {{ stdout: {write(s: string): unknown}, stderr: {write(s: string): unknown}, stdin?: AsyncIterable<Buffer>,
 *           cwd?: string, env?: Record<string, string | undefined>, isTTY?: boolean }} io
 * @returns {Promise<number>} the exit status
 */
export async function main(argv, io) {
  io = { cwd: process.cwd(), env: process.env, stdin: process.stdin, isTTY: false, ...io };
  const own = commandModule(argv);
  if (own !== undefined) return (await import(own)).run(argv, io);
  let opts;
  let core;
  if (commandWord(argv) === "validate") startEarly(argv, io);
  try {
    core = await loadCore();
    opts = parseArgs(argv);
    return await run(opts, core, io);
  } catch (err) {
    // A bad option is found before the options are known: then --json anywhere counts.
    const json = opts ? opts.json : argv.includes("--json");
    if (err instanceof CliError) {
      if (json) {
        io.stdout.write(jsonText(errorDoc(err.kind === "usage" ? "UsageError" : "BadArgument", err.kind === "usage" ? "USAGE" : "BAD_ARGUMENT", err.message)));
      } else if (err.kind === "usage") {
        io.stdout.write(err.text ?? `${err.message}\n`);
      } else {
        io.stderr.write(core.render.renderBadArgument(err.message));
      }
      return 1;
    }
    const code = typeof err?.code === "string" ? err.code : undefined;
    const name = err?.name ?? "Error";
    const message = err?.message ?? String(err);
    const exit = engineExitCode(err, core?.render);
    if (json) io.stdout.write(jsonText(errorDoc(name, code ?? "INTERNAL", message)));
    else if (exit !== undefined) io.stderr.write(core.render.renderError(code, message));
    else io.stderr.write(`\n[ERROR] ${name}: ${message}\n`);
    return exit ?? 1;
  }
}

/** `validate`'s worker thread started before the package is loaded (see validate-early.mjs), for the store the
 *  arguments name; arguments in error start nothing (they are reported below). */
function startEarly(argv, io) {
  let opts;
  try {
    opts = parseArgs(argv);
  } catch {
    return;
  }
  if (!opts.help && !opts.version) startValidateWorkerEarly(path.resolve(io.cwd, opts.dir ?? "."));
}

async function run(opts, core, io) {
  const { render, api, NodeFsStorage, version } = core;
  const { json, args } = opts;
  const out = (text) => io.stdout.write(text);
  const command = args.length ? lower(args[0]) : undefined;

  if (opts.version) {
    out(json ? jsonText({ version }) : `contextfold ${version}\n`);
    return 0;
  }
  if (opts.help) {
    // The help texts and the demo are loaded when asked for: most calls are a hook's or a scan's.
    const { GENERAL, commandHelp } = await import("./help.mjs");
    const text = command && COMMANDS.has(command) ? commandHelp(command) : GENERAL;
    out(json ? jsonText({ help: text }) : text);
    return 0;
  }
  if (command === undefined) {
    const usage = ownUsage(render.renderUsage(), opts);
    out(json ? jsonText({ usage }) : usage);
    return 0;
  }
  if (!COMMANDS.has(command)) {
    const text = ownUsage(render.renderUnknownCommand(command), opts);
    throw new CliError("usage", `Unknown command: '${command}'`, text);
  }
  if (command === "redact") return redactCommand(args.slice(1), { api, render, json, io, out });
  const minArgs = command === "fold" ? 3 : ["scan", "recall", "hydrate", "evict"].includes(command) ? 2 : 1;
  if (args.length < minArgs) {
    const text = ownUsage(render.renderCommandUsage(command), opts);
    throw new CliError("usage", text.trimEnd(), text);
  }

  const root = path.resolve(io.cwd, opts.dir ?? ".");
  const clock = clockFromEnv(io.env, render);
  // A process per call journals (a fold appends one line; the reference files are written by `checkpoint`);
  // --reference is strict reference behaviour: the reference files on every call, and a new store gets the
  // reference's policy (no redaction, no hydration_policy.json). Otherwise a new store gets the package's default
  // policy (redaction on).
  const options = { journal: !opts.reference, ...(clock ? { clock } : {}), ...(opts.reference ? { defaultPolicy: api.REFERENCE_POLICY } : {}) };
  if (command === "demo") return (await import("./demo.mjs")).runDemo({ api, NodeFsStorage, render, root: opts.dir === undefined ? undefined : root, json, io, clock });
  if (command === "mcp") return (await import("./mcp.mjs")).runMcp(args.slice(1), { dir: opts.dir, io, options });

  // Arguments first (the reference parses them before it touches the store).
  let input;
  let step;
  if (command === "fold") {
    step = stepId(args[1], render);
    input = await foldInput(step, args.slice(2), io, render, api);
  } else if (command === "hydrate" || command === "evict") {
    step = stepId(args[1], render);
  }
  // A store root given with --dir must exist, except for fold, which starts a new store there.
  if (command !== "fold") {
    const st = await stat(root).catch(() => null);
    if (!st) throw new CliError("bad_argument", `[Errno 2] No such file or directory: ${render.pythonRepr(opts.dir ?? root)}`);
    if (!st.isDirectory()) throw new CliError("bad_argument", `[Errno 20] Not a directory: ${render.pythonRepr(opts.dir ?? root)}`);
  }
  // fold, status and validate create .contextfold/cold_nodes/ first, as the reference's ensure_dirs() does.
  if (command === "fold" || command === "status" || command === "validate") {
    await mkdir(path.join(root, ".contextfold", "cold_nodes"), { recursive: true });
  }
  if (command === "repair") {
    // Without opening the store: open refuses a damaged index, which is what repair rebuilds.
    const report = await api.ContextFold.repair(new NodeFsStorage(root), Object.keys(options).length ? options : undefined);
    out(json ? jsonText(report) : render.renderRepair(report));
    return 0;
  }
  const cf = await api.ContextFold.open(new NodeFsStorage(root), Object.keys(options).length ? options : undefined);
  /** Print a result: the JSON document, or the console text of `renderer`. */
  const show = (result, renderer) => {
    out(json ? jsonText(result) : renderer(result));
    return 0;
  };
  try {
    switch (command) {
      case "fold":
        return show(await cf.foldDetailed(input), render.renderFold);
      case "scan": {
        // The first candidates only, unless asked (a store of 100,000 nodes can match them all).
        const candidates = opts.all || opts.reference ? true : SCAN_LISTED;
        return show(await cf.scan(args.slice(1).join(" "), { candidates }), render.renderScan);
      }
      case "recall": {
        const query = args.slice(1).join(" ");
        const candidates = await cf.recall(query);
        if (json) out(jsonText(candidates));
        else {
          const empty = candidates.length === 0 && (await cf.status()).total === 0;
          out(render.renderRecall(query, candidates, empty));
        }
        return 0;
      }
      case "hydrate":
        return show(await cf.hydrate(step), (h) => ownHydrate(render.renderHydrate(h), opts));
      case "evict":
        return show(await cf.evict(step), render.renderEvict);
      case "status":
        return show(await cf.status(), render.renderStatus);
      case "validate": {
        const v = await cf.validate();
        // Ours after the reference's screen: schema violations and the repair hint (nothing under --reference).
        const notes = opts.reference ? "" : render.renderValidateNotes(v);
        show(v, (x) => render.renderValidate(x) + notes);
        return v.ok ? 0 : 1;
      }
      case "checkpoint": {
        await cf.checkpoint();
        const { total } = await cf.status();
        return show({ checkpointed: true, nodes: total }, () => `[CHECKPOINT] recall_index.json and eviction_log.json hold all ${total} node(s).\n`);
      }
    }
  } finally {
    // Without writing the reference files: that would cost a whole index rewrite per call (see `checkpoint`).
    await cf.close({ checkpoint: false });
  }
  return 0;
}

/**
 * `contextfold redact [--file F | text…]`: what a redacting fold would store, for checking by hand. Reads F, the
 * words given, or standard input; prints the redacted text exactly (no newline added), or with --json the
 * result of the package's `redact()` (text, findings with UTF-16 spans, rule set). `--rules` lists the rules.
 */
async function redactCommand(words, { api, render, json, io, out }) {
  if (words.length === 1 && words[0] === "--rules") {
    const rules = api.redactionRules();
    out(json ? jsonText(rules) : rules.map((r) => `${r.id}\t${r.description}\n`).join(""));
    return 0;
  }
  let text;
  if (words[0] === "--file") {
    if (words.length > 2) throw new CliError("bad_argument", "redact takes --file F or text, not both");
    text = await readPayload(words[1], io, render, api);
  } else if (words.length > 0) {
    text = words.join(" ");
  } else {
    text = await readPayload("-", io, render, api);
  }
  const result = api.redact(text);
  out(json ? jsonText(result) : result.text);
  return 0;
}

