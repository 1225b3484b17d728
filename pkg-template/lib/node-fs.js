// A Storage over a directory of the local file system (Node `fs/promises`). Writes go to a temp file in the
// target directory, created with mode 0600, flushed, then renamed over the target (atomic on POSIX).
import { lstat, mkdir, open, readFile, readdir, readlink, rename, rm, stat } from "node:fs/promises";
import { closeSync, constants, fstatSync, lstatSync, mkdirSync, openSync, readFileSync, readSync, realpathSync } from "node:fs";
import { nodeCrypto } from "./node-crypto.js";
import * as path from "node:path";
import { checkCount, checkKey, copyBytes, listBase, sortKeys } from "./keys.js";
import { acquireLock } from "./lockfile.js";

export { acquireLock };

const TEMP_MARK = ".cf-tmp-";
/** Marks the class for `validate`'s worker thread (validate-thread.js); a registry symbol: the ESM and CommonJS
 *  builds each have a copy of the class. */
const NODE_FS_STORAGE = Symbol.for("contextfold.NodeFsStorage");
/** A path with an absolute start, or an empty, "." or ".." segment: resolved in full by `resolveMany`. */
const DOT_OR_EMPTY_SEGMENT = /(?:^|\/)\.{0,2}(?:\/|$)/u;
const APPEND_FLAGS = constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | (constants.O_NOFOLLOW ?? 0);
/** How `resolveMany` tells that a file is not a link: opening it this way fails (ELOOP) on one. Not on Windows. */
const READ_NOFOLLOW = constants.O_NOFOLLOW === undefined ? undefined : constants.O_RDONLY | constants.O_NOFOLLOW;
/** Files `resolveMany` holds open for the `loadMany` after it: at most one batch of `validate` (256). */
const MAX_HELD_OPEN = 256;
/** Errors of realpath on a path that cannot exist (too long, not a valid name): resolved lexically, like a missing one. */
const UNRESOLVABLE = new Set(["ENOENT", "ENOTDIR", "ELOOP", "ENAMETOOLONG", "EINVAL", "ERR_INVALID_ARG_VALUE", "ERR_INVALID_ARG_TYPE"]);

const missing = (err) => err && (err.code === "ENOENT" || err.code === "ENOTDIR");

export class NodeFsStorage {
  /** `validate` may read this store on a worker thread too (validate-thread.js): a subclass is read here only. */
  static [NODE_FS_STORAGE] = true;

  /** The absolute directory of the store (the project root that holds `.contextfold/`). */
  root;

  /** Locks this instance holds, by key: their release functions. */
  #locks = new Map();
  /** Files `resolveMany` opened to learn that they are not links, by absolute path: the `loadMany` after it reads
   *  them through these descriptors. Closed by that `loadMany`, by the next `resolveMany`, or once the event loop
   *  turns (whichever comes first); a key read without one is read by its path, as before. */
  #heldOpen = new Map();
  #lockOptions;

  /**
   * @param {string} root directory of the store; made absolute against the current directory
   * @param {{ lock?: import("./lockfile.js").LockOptions }} [options] how long `lock` waits (`timeoutMs`) and when a
   *   holder on another host counts as gone (`staleMs`)
   */
  constructor(root, options = {}) {
    if (typeof root !== "string" || root === "") throw new TypeError("NodeFsStorage needs a root directory");
    this.root = path.resolve(root);
    this.#lockOptions = options.lock ?? {};
  }

  /** Take the lock file of `key` (exclusive between processes; a dead holder's lock is recovered). */
  async lock(key) {
    const file = this.#file(key);
    mkdirSync(path.dirname(file), { recursive: true });
    // Two engines over one instance take turns like two processes do.
    while (this.#locks.has(key)) await this.#locks.get(key).done;
    let settle;
    const done = new Promise((r) => (settle = r));
    this.#locks.set(key, { done, release: undefined });
    try {
      const release = await acquireLock(file, this.#lockOptions);
      this.#locks.set(key, { done, release, settle });
    } catch (err) {
      this.#locks.delete(key);
      settle();
      throw err;
    }
  }

  /** Release the lock of `key` taken with `lock` (a no-op if this instance does not hold it). */
  async unlock(key) {
    const held = this.#locks.get(key);
    if (!held?.release) return;
    this.#locks.delete(key);
    try {
      await held.release();
    } finally {
      held.settle();
    }
  }

  #file(key) {
    checkKey(key);
    // A checked key has no empty, "." or ".." segment: joining by hand is path.join's result, without its cost.
    return path.sep === "/" ? `${this.root === "/" ? "" : this.root}/${key}` : path.join(this.root, ...key.split("/"));
  }

  async load(key) {
    try {
      const data = await readFile(this.#file(key));
      return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    } catch (err) {
      if (missing(err)) return null;
      throw err;
    }
  }

  /**
   * The bytes of each key (null if missing). Read synchronously: the engine asks for a batch (validate reads every
   * cold node in batches of a few hundred) and then spends as long verifying it, so one short pause of the event
   * loop per batch costs less than a promise per file.
   */
  async loadMany(keys) {
    try {
      return keys.map((key) => {
        try {
          const file = this.#file(key);
          const fd = this.#heldOpen.get(file);
          let data;
          if (fd === undefined) {
            data = readFileSync(file);
          } else {
            this.#heldOpen.delete(file);
            try {
              data = readFileSync(fd);
            } finally {
              closeSync(fd);
            }
          }
          return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
        } catch (err) {
          if (missing(err)) return null;
          throw err;
        }
      });
    } finally {
      this.#closeHeldOpen();
    }
  }

  #closeHeldOpen() {
    for (const fd of this.#heldOpen.values()) {
      try {
        closeSync(fd);
      } catch {
        /* already closed */
      }
    }
    this.#heldOpen.clear();
  }

  /**
   * Whether the file at `abs` is not a symbolic link; throws when it cannot be told (missing). One open that does
   * not follow a link in place of an lstat: `validate` resolves then reads every cold node, and the read then
   * needs no second walk of the path (and reads the very file found not to be a link).
   */
  #notALink(abs) {
    if (READ_NOFOLLOW !== undefined && this.#heldOpen.size < MAX_HELD_OPEN && !this.#heldOpen.has(abs)) {
      try {
        this.#heldOpen.set(abs, openSync(abs, READ_NOFOLLOW));
        return true;
      } catch (err) {
        if (err?.code === "ELOOP") return false;
        // Anything else (missing, unreadable, out of descriptors): as the lstat says.
      }
    }
    return !lstatSync(abs).isSymbolicLink();
  }

  /**
   * `resolve` of each path. A path in a directory already resolved, naming a file that is not a link, resolves to
   * that directory's real path plus its name (one open without following a link, held for `loadMany`, or an
   * lstat); anything else is resolved in full.
   */
  async resolveMany(paths) {
    this.#closeHeldOpen();
    const dirs = new Map();
    const out = [];
    for (const p of paths) {
      if (typeof p === "string" && !DOT_OR_EMPTY_SEGMENT.test(p)) {
        const slash = p.lastIndexOf("/");
        const dir = slash < 0 ? "" : p.slice(0, slash);
        try {
          const abs = this.#file(p);
          if (!dirs.has(dir)) dirs.set(dir, realpathSync(dir === "" ? this.root : this.#file(dir)));
          if (this.#notALink(abs)) {
            const real = dirs.get(dir);
            out.push(`${real === "/" ? "" : real}/${p.slice(slash + 1)}`);
            continue;
          }
        } catch {
          // Missing or unreadable: the full resolution says what it is.
        }
      }
      out.push(await this.resolve(p));
    }
    // Held only until the event loop turns: a caller that reads right after resolving (validate) reads through them.
    if (this.#heldOpen.size > 0) setImmediate(() => this.#closeHeldOpen());
    return out;
  }

  /** `${inode}:${size}:${mtime in ns}`: a save (a new file renamed over the old) or an append changes it. */
  async version(key) {
    try {
      const st = await stat(this.#file(key), { bigint: true });
      return `${st.ino}:${st.size}:${st.mtimeNs}`;
    } catch (err) {
      if (missing(err)) return null;
      throw err;
    }
  }

  /** Up to `length` bytes from `offset` (fewer at the end, none past it), read with positioned reads; null if missing. */
  async loadRange(key, offset, length) {
    const file = this.#file(key);
    checkCount(offset, "offset");
    checkCount(length, "length");
    // Synchronous positioned reads: the engine reads a few kilobytes at a time (index pages, a journal's tail),
    // for which a promise per open, stat, read and close would cost far more than the reads.
    let fd;
    try {
      fd = openSync(file, "r");
    } catch (err) {
      if (missing(err)) return null;
      throw err;
    }
    try {
      const size = fstatSync(fd).size;
      // Sized by the file, not by `length` (which may be far larger than what is there).
      const buf = Buffer.allocUnsafe(Math.max(0, Math.min(length, size - offset)));
      let filled = 0;
      while (filled < buf.length) {
        const bytesRead = readSync(fd, buf, filled, buf.length - filled, offset + filled);
        if (bytesRead === 0) break; // the file shrank meanwhile
        filled += bytesRead;
      }
      return new Uint8Array(buf.buffer, buf.byteOffset, filled);
    } finally {
      closeSync(fd);
    }
  }

  /** Rename the file of `from` over the file of `to` (atomic on POSIX); an error if `from` is missing. */
  async rename(from, to) {
    const source = this.#file(from);
    const target = this.#file(to);
    await mkdir(path.dirname(target), { recursive: true });
    await rename(source, target);
  }

  async save(key, data) {
    const file = this.#file(key);
    const bytes = copyBytes(data);
    const dir = path.dirname(file);
    await mkdir(dir, { recursive: true });
    const temp = path.join(dir, `.${path.basename(file)}${TEMP_MARK}${process.pid}-${nodeCrypto().randomBytes(6).toString("hex")}`);
    let handle;
    try {
      handle = await open(temp, "wx", 0o600);
      await handle.chmod(0o600); // not widened by a umask
      await handle.writeFile(bytes);
      await handle.sync();
      await handle.close();
      handle = undefined;
      await rename(temp, file);
    } catch (err) {
      if (handle) await handle.close().catch(() => {});
      await rm(temp, { force: true }).catch(() => {});
      throw err;
    }
  }

  /**
   * Append bytes (one write with O_APPEND; a new file gets mode 0600). Appending writes into the file in place, so
   * it refuses a file that is a symbolic link (O_NOFOLLOW) or has other hard links: either would let it write to a
   * file outside the store.
   */
  async append(key, data) {
    const file = this.#file(key);
    const bytes = copyBytes(data);
    await mkdir(path.dirname(file), { recursive: true });
    const handle = await open(file, APPEND_FLAGS, 0o600);
    try {
      if ((await handle.stat()).nlink > 1) {
        throw Object.assign(new Error(`append: ${file} has other hard links; refusing to write through them`), { code: "EMLINK" });
      }
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
  }

  async remove(key) {
    await rm(this.#file(key), { force: true });
  }

  async list(prefix) {
    const base = listBase(prefix);
    const out = [];
    const walk = async (relDir) => {
      let entries;
      try {
        entries = await readdir(relDir === "" ? this.root : path.join(this.root, ...relDir.split("/")), { withFileTypes: true });
      } catch (err) {
        if (missing(err)) return;
        throw err;
      }
      for (const ent of entries) {
        const key = relDir === "" ? ent.name : `${relDir}/${ent.name}`;
        if (ent.name.includes(TEMP_MARK)) continue;
        if (ent.isDirectory()) {
          if (key.startsWith(prefix) || prefix.startsWith(`${key}/`)) await walk(key);
        } else if (key.startsWith(prefix)) {
          out.push(key);
        }
      }
    };
    if (base !== null) await walk(base);
    return sortKeys(out);
  }

  /**
   * Where a store-relative or absolute path really points, like Python's non-strict `Path.resolve()`:
   * the longest existing prefix through `fs.realpath` (links followed), the rest appended and normalised.
   */
  async resolve(p) {
    return this.#resolve(p, 0);
  }

  async #resolve(p, depth) {
    if (typeof p !== "string") throw new TypeError("resolve path must be a string");
    const abs = p.startsWith("/") ? p : `${this.root}/${p}`;
    const parts = abs.split("/").filter((s) => s !== "");
    for (let i = parts.length; i >= 0; i--) {
      const head = `/${parts.slice(0, i).join("/")}`;
      let real;
      try {
        // Synchronous, as loadMany's reads are: validate resolves the cold-node directory once per batch on each of
        // its two threads, and an async realpath waits for a thread-pool thread (1-10 ms each on a busy machine).
        real = realpathSync.native(head);
      } catch (err) {
        if (err && UNRESOLVABLE.has(err.code)) {
          // A dangling link is followed to where it points, as Python does.
          const target = i > 0 && depth < 40 ? await danglingTarget(head) : undefined;
          if (target !== undefined) return path.posix.resolve(await this.#resolve(target, depth + 1), ...parts.slice(i));
          continue;
        }
        throw err;
      }
      return path.posix.resolve(real, ...parts.slice(i));
    }
    return path.posix.resolve("/", ...parts);
  }
}

async function danglingTarget(p) {
  try {
    const st = await lstat(p);
    if (!st.isSymbolicLink()) return undefined;
    const t = await readlink(p);
    return path.posix.isAbsolute(t) ? t : path.posix.join(path.posix.dirname(p), t);
  } catch {
    return undefined;
  }
}
