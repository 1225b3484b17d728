// An exclusive lock between processes: a lock file created with O_EXCL that names its holder (host, pid, a random
// token), kept fresh by a heartbeat while held. A lock whose holder is gone is recovered: on this host when its
// process no longer exists, from another host (a shared file system) when its heartbeat stopped for `staleMs`.
import { link, open, readFile, rename, rm, stat, utimes } from "node:fs/promises";
import { randomBytes } from "node:crypto";
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

/** What the lock file says, or null if it is gone; unreadable content counts as a holder of unknown age. */
async function holder(file) {
  let text;
  let st;
  try {
    st = await stat(file);
    text = await readFile(file, "utf8");
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
async function breakStale(file, h) {
  const aside = `${file}.stale-${process.pid}-${randomBytes(4).toString("hex")}`;
  try {
    await rename(file, aside);
  } catch (err) {
    if (err?.code === "ENOENT") return;
    throw err;
  }
  const moved = await holder(aside);
  if (moved && moved.token !== h.token) await link(aside, file).catch(() => {});
  await rm(aside, { force: true });
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
  const token = randomBytes(12).toString("hex");
  const body = JSON.stringify({ host: HOST, pid: process.pid, token, since: new Date().toISOString() });
  const deadline = Date.now() + timeoutMs;
  let pause = 2;
  for (;;) {
    try {
      const handle = await open(file, "wx", 0o600);
      try {
        await handle.writeFile(body);
      } finally {
        await handle.close();
      }
      return held(file, token, staleMs);
    } catch (err) {
      if (err?.code !== "EEXIST") throw err;
    }
    const h = await holder(file);
    if (h && isStale(h, staleMs)) {
      await breakStale(file, h);
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
    utimes(file, now, now).catch(() => {});
  }, Math.max(50, Math.floor(staleMs / 3)));
  beat.unref?.();
  let released = false;
  return async function release() {
    if (released) return;
    released = true;
    clearInterval(beat);
    const h = await holder(file).catch(() => null);
    // Only our own lock is removed (a holder that took over a lock judged stale keeps it).
    if (h && h.token === token) await rm(file, { force: true });
  };
}
