// `contextfold daemon [start|stop|status]` and the daemon itself (`daemon serve`, started by a short call that
// found none). One per user and package copy; it runs the same command code as a call in its own process (cli.mjs,
// hook.mjs) with the caller's argv, cwd, environment and standard input, one call at a time, and exits after
// CONTEXTFOLD_DAEMON_IDLE seconds without a call (default 600). It keeps no store open between calls: each call
// opens the store, as a process of its own would, so what other processes wrote is always seen.
import { spawn } from "node:child_process";
import { lstatSync, unlinkSync } from "node:fs";
import net from "node:net";
import { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import { daemonAddress, privateDir } from "./daemon-address.mjs";
import { WIRE_VERSION, askDaemon } from "./daemon-client.mjs";
import { isShortCall } from "./dispatch.mjs";

const DEFAULT_IDLE_SECONDS = 600;
/** A call that runs longer than this means a stuck daemon: it exits, and the next call starts a new one. */
const CALL_LIMIT_MS = 10 * 60_000;
const BIN = fileURLToPath(new URL("../contextfold.mjs", import.meta.url));

function idleSeconds(env) {
  const n = Number(env.CONTEXTFOLD_DAEMON_IDLE);
  return Number.isFinite(n) && n > 0 ? n : DEFAULT_IDLE_SECONDS;
}

/**
 * Start a daemon in the background for the next calls (detached, no terminal, its own session), and return at
 * once; `wait` resolves when it answers (or after ~5 s). Never throws: the daemon only ever saves time.
 */
export function startDaemon(env, { wait = false } = {}) {
  try {
    const child = spawn(process.execPath, [BIN, "daemon", "serve"], { detached: true, stdio: "ignore", cwd: "/", env });
    child.on("error", () => {});
    child.unref();
  } catch {
    return Promise.resolve(undefined);
  }
  if (!wait) return Promise.resolve(undefined);
  return (async () => {
    for (let i = 0; i < 100; i++) {
      const status = await askDaemon(env, "status");
      if (status) return status;
      await new Promise((r) => setTimeout(r, 50));
    }
    return undefined;
  })();
}

/** Listen on `socket`; a socket file no daemon answers on is stale (a daemon that was killed) and is replaced. */
function listen(server, socket) {
  return new Promise((resolve, reject) => {
    const attempt = (retry) => {
      server.once("error", async (err) => {
        if (err.code !== "EADDRINUSE" || !retry) return reject(err);
        const live = await new Promise((r) => {
          const s = net.connect(socket);
          s.once("connect", () => (s.destroy(), r(true)));
          s.once("error", () => r(false));
        });
        if (live) return reject(Object.assign(new Error("a daemon is already listening"), { code: "ALREADY_RUNNING" }));
        try {
          unlinkSync(socket);
        } catch {
          /* gone already */
        }
        attempt(false);
      });
      server.listen(socket, () => resolve());
    };
    attempt(true);
  });
}

/** A write target that keeps what a command prints, as the bytes a process's stdout would carry. */
function collector() {
  const chunks = [];
  return { chunks, write: (s) => (chunks.push(typeof s === "string" ? Buffer.from(s, "utf8") : Buffer.from(s)), true) };
}

/** Run one call of a client. */
async function runCall(request) {
  const { main } = await import("./cli.mjs");
  const stdout = collector();
  const stderr = collector();
  const cwd = typeof request.cwd === "string" ? request.cwd : "/";
  try {
    // Calls run one at a time, so the process's directory can be the caller's (for any path resolved against it).
    process.chdir(cwd);
  } catch {
    /* the command resolves against io.cwd itself */
  }
  const io = {
    stdout,
    stderr,
    stdin: typeof request.stdin === "string" ? Readable.from([Buffer.from(request.stdin, "base64")]) : undefined,
    cwd,
    env: request.env && typeof request.env === "object" ? request.env : {},
    isTTY: request.isTTY === true,
    bin: typeof request.bin === "string" ? request.bin : undefined,
  };
  const exitCode = await main(request.argv.map(String), io);
  return { v: WIRE_VERSION, op: "run", exitCode, stdout: Buffer.concat(stdout.chunks).toString("base64"), stderr: Buffer.concat(stderr.chunks).toString("base64") };
}

/** `daemon serve`: listen until idle. Returns the exit status (the process then ends). */
async function serve(env) {
  const address = daemonAddress(env);
  if (!address || !privateDir(address.dir)) return 1;
  const startedAt = new Date().toISOString();
  let served = 0;
  let queue = Promise.resolve();
  let idleTimer;
  let finish;
  const finished = new Promise((r) => (finish = r));
  const server = net.createServer({ allowHalfOpen: true });
  let inode;
  let open = 0; // connections not closed yet: a call that arrives as the idle time ends is served first
  const stop = ({ idle = false } = {}) => {
    clearTimeout(idleTimer);
    if (idle && open > 0) return;
    server.close();
    // Remove the socket only if it is still ours (a new daemon may have replaced a socket it found dead).
    try {
      if (lstatSync(address.socket).ino === inode) unlinkSync(address.socket);
    } catch {
      /* gone already */
    }
    finish(0);
  };
  const armIdle = () => {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => stop({ idle: true }), idleSeconds(env) * 1000);
  };
  const answerTo = async (request) => {
    if (request?.v !== WIRE_VERSION) return { v: WIRE_VERSION, op: "error", message: "unknown request version" };
    if (request.op === "status") {
      const { ContextFold } = await import("contextfold");
      return { v: WIRE_VERSION, op: "status", pid: process.pid, since: startedAt, served, socket: address.socket, idleSeconds: idleSeconds(env), rssBytes: process.memoryUsage().rss, engineMemoryBytes: ContextFold.engineMemoryBytes() };
    }
    if (request.op === "stop") return { v: WIRE_VERSION, op: "stop", pid: process.pid };
    if (request.op !== "run" || !Array.isArray(request.argv) || !isShortCall(request.argv.map(String))) return { v: WIRE_VERSION, op: "error", message: "not a call the daemon runs" };
    const watchdog = setTimeout(() => process.exit(1), CALL_LIMIT_MS);
    try {
      return await runCall(request);
    } finally {
      clearTimeout(watchdog);
    }
  };
  server.on("connection", (conn) => {
    const chunks = [];
    open++;
    clearTimeout(idleTimer);
    conn.on("close", () => {
      open--;
      if (open === 0) armIdle();
    });
    conn.on("error", () => {});
    conn.on("data", (d) => chunks.push(d));
    conn.on("end", () => {
      queue = queue.then(async () => {
        clearTimeout(idleTimer);
        let answer;
        try {
          answer = await answerTo(JSON.parse(Buffer.concat(chunks).toString("utf8")));
          if (answer.op === "run") served++;
        } catch {
          // Not JSON, or a command that threw (commands return exit codes: a defect). No answer: the client says
          // the daemon did not answer, rather than print what a call in a process of its own would not.
          answer = undefined;
        }
        if (answer === undefined) conn.destroy();
        else await new Promise((r) => conn.end(JSON.stringify(answer), r));
        if (answer?.op === "stop") stop();
      });
    });
  });
  try {
    await listen(server, address.socket);
    inode = lstatSync(address.socket).ino;
  } catch (err) {
    return err.code === "ALREADY_RUNNING" ? 0 : 1;
  }
  armIdle();
  // Asked to end (a logout, `kill`): remove the socket too, so the next call does not first try a dead one.
  for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"]) process.once(signal, () => stop());
  return finished;
}

/**
 * @param {string[]} argv the whole argument list (the word `daemon` included)
 * @param {{ stdout: {write(s: string): unknown}, stderr: {write(s: string): unknown}, env?: Record<string, string | undefined> }} io
 * @returns {Promise<number>}
 */
export async function run(argv, io) {
  const env = io.env ?? process.env;
  const words = argv.filter((a) => !a.startsWith("-"));
  const action = words[1] ?? "status";
  const json = argv.includes("--json");
  const print = (obj, text) => io.stdout.write(json ? `${JSON.stringify(obj, null, 2)}\n` : text);
  if (argv.includes("--help") || argv.includes("-h")) {
    const { commandHelp } = await import("./help.mjs");
    io.stdout.write(commandHelp("daemon"));
    return 0;
  }
  if (action === "serve") {
    const code = await serve(env);
    // Leave nothing pending (timers of the last call's store, a lock's heartbeat): the daemon is done.
    process.exit(code);
  }
  const address = daemonAddress(env);
  if (action === "status" || action === "start" || action === "stop") {
    if (!address) {
      print({ running: false, disabled: true }, "contextfold daemon: off (CONTEXTFOLD_DAEMON=0, or a platform without Unix sockets)\n");
      return action === "status" ? 0 : 1;
    }
    let status = await askDaemon(env, "status");
    if (action === "start" && !status) status = await startDaemon(env, { wait: true });
    if (action === "stop") {
      const stopped = status ? await askDaemon(env, "stop") : undefined;
      print({ running: false, stopped: Boolean(stopped), pid: stopped?.pid }, stopped ? `contextfold daemon: stopped (pid ${stopped.pid})\n` : "contextfold daemon: not running\n");
      return 0;
    }
    if (!status) {
      print({ running: false, socket: address.socket }, `contextfold daemon: not running (${address.socket})\n`);
      return action === "start" ? 1 : 0;
    }
    const mb = (b) => (b / 2 ** 20).toFixed(1);
    print(
      { running: true, pid: status.pid, since: status.since, served: status.served, socket: status.socket, idleSeconds: status.idleSeconds, rssBytes: status.rssBytes, engineMemoryBytes: status.engineMemoryBytes },
      `contextfold daemon: running (pid ${status.pid}, since ${status.since}, ${status.served} call(s) served, exits after ${status.idleSeconds} s idle)\n  memory: ${mb(status.rssBytes)} MB RSS, engine ${mb(status.engineMemoryBytes)} MB\n  socket: ${status.socket}\n`,
    );
    return 0;
  }
  io.stderr.write(`contextfold daemon: unknown action ${JSON.stringify(action)} (start, stop, status)\n`);
  return 1;
}
