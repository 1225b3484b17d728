// The client side of the CLI's daemon: a short call (a hook, a fold, a scan) is sent to a warm process of the same
// package over a Unix socket instead of loading the engine again. Most of a short call's time is Node loading the
// package and V8 compiling the wasm; the daemon pays that once. Any trouble before the daemon takes the call
// (no daemon, a stale socket, an unsafe folder) means "run it here": the caller then does, exactly as without a
// daemon. Loaded on every short call, so it imports only what such a call needs anyway.
import net from "node:net";
import { daemonAddress, privateDir } from "./daemon-address.mjs";
import { commandWord } from "./dispatch.mjs";

/** Protocol version of a request and of its answer (daemon.mjs). */
export const WIRE_VERSION = 1;

/**
 * How long a hook waits for the daemon's answer before it gives up (exit 0): a harness must never hang on us.
 * CONTEXTFOLD_DAEMON_TIMEOUT seconds, default 20: under the hook timeout of the package's plugin (30 s) and of the
 * harnesses' defaults (60 s and more), so the hook still ends on its own terms.
 */
function hookTimeoutMs(env) {
  const n = Number(env.CONTEXTFOLD_DAEMON_TIMEOUT);
  return (Number.isFinite(n) && n > 0 ? n : 20) * 1000;
}

/** The payload limit of `--file -` (the engine's default `maxPayloadBytes`, 64 MiB): more is never sent. */
const PAYLOAD_LIMIT = 64 << 20;

/**
 * What the command reads from standard input, as a call in its own process reads it: a hook its JSON (nothing from
 * a terminal), `--file -` the payload (from a terminal too), up to one byte past the limit (the command then
 * reports the limit, as it does when it reads the stream itself); anything else nothing.
 * @returns {{ tty: boolean, limit: number } | undefined}
 */
export function stdinOf(argv) {
  const word = commandWord(argv);
  if (word === "hook") return { tty: false, limit: Infinity };
  for (let i = 0; i + 1 < argv.length; i++) if (argv[i] === "--file" && argv[i + 1] === "-") return { tty: true, limit: PAYLOAD_LIMIT + 1 };
  // `redact` with neither a file, the rule list nor words of text reads standard input as `--file -` does.
  if (word === "redact" && !argv.includes("--file") && !argv.includes("--rules") && wordsAfterCommand(argv) === 0) return { tty: true, limit: PAYLOAD_LIMIT + 1 };
  return undefined;
}

/** How many words (not options, nor the `--dir` option's value) follow the command word. */
function wordsAfterCommand(argv) {
  let seen = false;
  let count = 0;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--dir") i++;
    else if (!argv[i].startsWith("-")) {
      if (seen) count++;
      seen = true;
    }
  }
  return count;
}

async function readAll(stream, { tty, limit }) {
  if (!stream || (stream.isTTY && !tty)) return undefined;
  const chunks = [];
  let total = 0;
  for await (const c of stream) {
    const b = typeof c === "string" ? Buffer.from(c) : c;
    chunks.push(b);
    total += b.length;
    if (total >= limit) {
      stream.destroy?.();
      break;
    }
  }
  const all = Buffer.concat(chunks);
  return all.length > limit ? all.subarray(0, limit) : all;
}

/** Connect to `socket`; resolves the connected socket, or undefined (no daemon there, or it refused). */
function connect(socket) {
  return new Promise((resolve) => {
    const s = net.connect(socket);
    s.once("connect", () => {
      s.removeAllListeners("error");
      resolve(s);
    });
    s.once("error", () => resolve(undefined));
  });
}

/**
 * Send one request and read the one JSON answer. Resolves the parsed answer, or undefined when the daemon closed
 * the connection without a whole answer (it ended during the call) or `timeoutMs` passed.
 */
export function exchange(s, request, timeoutMs) {
  return new Promise((resolve) => {
    const chunks = [];
    let timer;
    const done = (value) => {
      clearTimeout(timer);
      s.destroy();
      resolve(value);
    };
    if (timeoutMs) timer = setTimeout(() => done(undefined), timeoutMs);
    s.on("data", (d) => chunks.push(d));
    s.on("error", () => done(undefined));
    s.on("end", () => {
      try {
        const answer = JSON.parse(Buffer.concat(chunks).toString("utf8"));
        done(answer && answer.v === WIRE_VERSION ? answer : undefined);
      } catch {
        done(undefined);
      }
    });
    s.end(`${JSON.stringify(request)}\n`);
  });
}

/**
 * Run `argv` in the daemon, if one of this package copy is listening.
 * @param {string[]} argv
 * @param {{ stdout: {write(b: Uint8Array): unknown}, stderr: {write(b: Uint8Array | string): unknown}, stdin?: any, cwd: string, env: Record<string, string | undefined>, isTTY: boolean, bin?: string }} io
 * @returns {Promise<{ served: true, exitCode: number } | { served: false, startDaemon: boolean }>} not served: run
 *   the call here (and, with `startDaemon`, start a daemon for the next calls)
 */
export async function runInDaemon(argv, io) {
  const address = daemonAddress(io.env);
  if (!address || !privateDir(address.dir)) return { served: false, startDaemon: false };
  const s = await connect(address.socket);
  if (!s) return { served: false, startDaemon: true };
  const hook = commandWord(argv) === "hook";
  const reads = stdinOf(argv);
  const stdin = reads ? await readAll(io.stdin, reads) : undefined;
  const request = { v: WIRE_VERSION, op: "run", argv, cwd: io.cwd, env: io.env, isTTY: io.isTTY, bin: io.bin, stdin: stdin === undefined ? null : stdin.toString("base64") };
  const answer = await exchange(s, request, hook ? hookTimeoutMs(io.env) : 0);
  if (answer?.op !== "run") {
    // The daemon took the call and ended, or timed out: whether it acted is unknown, so the call is not run again.
    // A hook still never breaks the session (exit 0, one line on stderr).
    io.stderr.write(`contextfold${hook ? " hook" : ""}: the contextfold daemon did not answer (${address.socket}); the call may not have been done. CONTEXTFOLD_DAEMON=0 runs calls without it.\n`);
    return { served: true, exitCode: hook ? 0 : 1 };
  }
  if (answer.stdout) io.stdout.write(Buffer.from(answer.stdout, "base64"));
  if (answer.stderr) io.stderr.write(Buffer.from(answer.stderr, "base64"));
  return { served: true, exitCode: Number.isInteger(answer.exitCode) ? answer.exitCode : 1 };
}

/** Ask the daemon of this package copy something (`status`, `stop`); undefined when none answers. */
export async function askDaemon(env, op) {
  const address = daemonAddress(env);
  if (!address || !privateDir(address.dir)) return undefined;
  const s = await connect(address.socket);
  if (!s) return undefined;
  return exchange(s, { v: WIRE_VERSION, op }, 5000);
}
