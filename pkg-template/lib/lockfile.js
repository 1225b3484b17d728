// An exclusive lock between processes: a lock file created with O_EXCL that names its holder (host, pid, a random
// token), kept fresh by a heartbeat while held. A lock whose holder is gone is recovered: on this host when its
// process no longer exists, from another host (a shared file system) when its heartbeat stopped for `staleMs`.
import { closeSync, linkSync, openSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeSync } from "node:fs";
import { nodeCrypto } from "./node-crypto.js";
import { hostname } from "node:os";

/** @typedef {{ timeoutMs?: number, staleMs?: number, retryMs?: number }} LockOptions */

const HOST = hostname();
/** On this host a live holder is never broken, except past this age (its pid may have been reused). */
const SAME_HOST_MAX_AGE_MS = 10 * 60_000;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err?.code === "EPERM"; // exists, owned by someone else
  }
}

// The file operations are synchronous: each is one small system call, made while a writer waits for the store, where
// a promise per call would cost more than the call.

/** What the lock file says, or null if it is gone; unreadable content counts as a holder of unknown age. */
function holder(file) {
  let text;
  let st;
  try {
    st = statSync(file);
    text = readFileSync(file, "utf8");
  } catch (err) {
    if (err?.code === "ENOENT") return null;
    throw err;
  }
  let info = {};
  try {
    info = JSON.parse(text);
  } catch {
    info = {};
  }
  return { token: typeof info.token === "string" ? info.token : text, pid: info.pid, host: info.host, ageMs: Date.now() - st.mtimeMs };
}

function isStale(h, staleMs) {
  if (h.host === HOST && Number.isInteger(h.pid)) return !alive(h.pid) || h.ageMs > SAME_HOST_MAX_AGE_MS;
  return h.ageMs > staleMs;
}

/**
 * Remove a stale lock, unless another process replaced it meanwhile: the file is first renamed aside (only one
 * breaker wins that), and put back with link() (which fails if a new holder exists) when it is not the one judged
 * stale.
 */
function breakStale(file, h) {
  const aside = `${file}.stale-${process.pid}-${nodeCrypto().randomBytes(4).toString("hex")}`;
  try {
    renameSync(file, aside);
  } catch (err) {
    if (err?.code === "ENOENT") return;
    throw err;
  }
  const moved = holder(aside);
  if (moved && moved.token !== h.token) {
    try {
      linkSync(aside, file);
    } catch {
      // A new holder took the lock meanwhile: it keeps it.
    }
  }
  rmSync(aside, { force: true });
}

/**
 * Take the lock `file`, waiting up to `timeoutMs` (default 30 s) while another holder has it.
 * @param {string} file
 * @param {LockOptions} [options] `staleMs` (default 10 s): how long a holder on another host may go without a
 *   heartbeat before its lock is taken over; `retryMs` (default 25): the longest pause between attempts.
 * @returns {Promise<() => Promise<void>>} release (idempotent)
 */
export async function acquireLock(file, options = {}) {
  if (typeof file !== "string" || file === "") throw new TypeError("acquireLock needs a lock file path");
  const timeoutMs = options.timeoutMs ?? 30_000;
  const staleMs = options.staleMs ?? 10_000;
  const retryMs = options.retryMs ?? 25;
  const token = nodeCrypto().randomBytes(12).toString("hex");
  const body = JSON.stringify({ host: HOST, pid: process.pid, token, since: new Date().toISOString() });
  const deadline = Date.now() + timeoutMs;
  let pause = 2;
  for (;;) {
    try {
      const fd = openSync(file, "wx", 0o600);
      try {
        writeSync(fd, body);
      } finally {
        closeSync(fd);
      }
      return held(file, token, staleMs);
    } catch (err) {
      if (err?.code !== "EEXIST") throw err;
    }
    const h = holder(file);
    if (h && isStale(h, staleMs)) {
      breakStale(file, h);
      continue;
    }
    if (Date.now() >= deadline) {
      const who = h ? `process ${h.pid ?? "?"} on ${h.host ?? "?"}` : "another process";
      const error = new Error(`lock ${file} is held by ${who}; gave up after ${timeoutMs} ms`);
      error.code = "ELOCKED";
      throw error;
    }
    await sleep(pause + Math.random() * pause);
    pause = Math.min(retryMs, pause * 2);
  }
}

function held(file, token, staleMs) {
  const beat = setInterval(() => {
    const now = new Date();
    try {
      utimesSync(file, now, now);
    } catch {
      // Gone or not ours any more: the release finds out.
    }
  }, Math.max(50, Math.floor(staleMs / 3)));
  beat.unref?.();
  let released = false;
  return async function release() {
    if (released) return;
    released = true;
    clearInterval(beat);
    let h = null;
    try {
      h = holder(file);
    } catch {
      h = null;
    }
    // Only our own lock is removed (a holder that took over a lock judged stale keeps it).
    if (h && h.token === token) rmSync(file, { force: true });
  };
}
