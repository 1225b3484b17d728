// Where the CLI's daemon listens: a Unix socket in a folder only this user can open, named after the package copy
// that serves it (its path, version and build), so a client only ever talks to a daemon running its own code.
// Loaded on every short call: it uses only node:fs, node:os and node:path.
import { lstatSync, mkdirSync, readFileSync, realpathSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The longest socket path the platforms accept (sun_path is 104 bytes on macOS, 108 on Linux, with the NUL). */
const MAX_SOCKET_PATH = 103;

/** Whether the daemon is off: `CONTEXTFOLD_DAEMON=0` (or false, off, no), or a platform without Unix sockets. */
export function daemonDisabled(env) {
  if (process.platform === "win32" || typeof process.getuid !== "function") return true;
  const v = String(env.CONTEXTFOLD_DAEMON ?? "").trim().toLowerCase();
  return v === "0" || v === "false" || v === "off" || v === "no";
}

/** The folder of the sockets: CONTEXTFOLD_RUNTIME_DIR, else $XDG_RUNTIME_DIR/contextfold, else <tmp>/contextfold-<uid>. */
export function runtimeDir(env) {
  if (env.CONTEXTFOLD_RUNTIME_DIR) return path.resolve(env.CONTEXTFOLD_RUNTIME_DIR);
  if (env.XDG_RUNTIME_DIR) return path.join(env.XDG_RUNTIME_DIR, "contextfold");
  return path.join(os.tmpdir(), `contextfold-${process.getuid()}`);
}

/**
 * Make `dir` if needed (mode 0700) and tell whether it is safe to put a socket in: a real folder (not a link), this
 * user's, that no one else may enter. Another user able to plant a socket there would read every hook's payload.
 */
export function privateDir(dir) {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const st = lstatSync(dir);
    return st.isDirectory() && st.uid === process.getuid() && (st.mode & 0o077) === 0;
  } catch {
    return false;
  }
}

/** cyrb53: a small non-cryptographic string hash (names a socket; nothing is verified with it). */
function hash53(s) {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/**
 * The identity of the package copy this module belongs to: its real path, version, and the size and time of the
 * files a rebuild or an upgrade changes (an installed package's times are npm's fixed ones: the version decides).
 */
export function packageIdentity() {
  const pkg = realpathSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", ".."));
  const parts = [pkg, process.version];
  try {
    parts.push(JSON.parse(readFileSync(path.join(pkg, "package.json"), "utf8")).version);
  } catch {
    parts.push("?");
  }
  for (const f of ["package.json", "bin/contextfold.mjs", "bin/lib/daemon.mjs", "node/contextfold.js", "node/contextfold_bg.wasm", "node/index.js"]) {
    try {
      const st = statSync(path.join(pkg, f));
      parts.push(`${f}:${st.size}:${st.mtimeMs}`);
    } catch {
      parts.push(`${f}:-`);
    }
  }
  return parts.join("\n");
}

/**
 * The socket of this package copy's daemon for this user, or undefined when there can be none (daemon off, no
 * private folder, a path too long for a socket).
 * @param {Record<string, string | undefined>} env
 * @returns {{ dir: string, socket: string } | undefined}
 */
export function daemonAddress(env) {
  if (daemonDisabled(env)) return undefined;
  const dir = runtimeDir(env);
  const socket = path.join(dir, `cf-${hash53(packageIdentity())}.sock`);
  if (Buffer.byteLength(socket) > MAX_SOCKET_PATH) return undefined;
  return { dir, socket };
}
