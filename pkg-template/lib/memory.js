// An in-memory Storage: a Map of keys to bytes. Useful for tests, previews and sandboxes.
import { checkCount, checkKey, copyBytes, sortKeys } from "./keys.js";

const text = new TextDecoder("utf-8");
const utf8 = new TextEncoder();

export class MemoryStorage {
  // key -> bytes. A value written by `append` may be a view at the start of a larger buffer (room to grow, so
  // that many appends cost linear time); no view of a stored buffer ever leaves this class.
  #files = new Map();
  // key -> the write counter's value at the last change of that key (see `version`).
  #versions = new Map();
  #writes = 0;
  /** Lock queues by name: the promise the next taker waits for; and the releases of locks held now. */
  #locks = new Map();
  #held = new Map();
  /** Absolute location shown in messages. */
  root;

  /** @param {{ root?: string }} [options] */
  constructor(options = {}) {
    const root = options.root ?? "/memory";
    if (typeof root !== "string" || !root.startsWith("/")) throw new TypeError("MemoryStorage root must be an absolute path");
    this.root = root.length > 1 ? root.replace(/\/+$/, "") : root;
  }

  #touch(key) {
    this.#versions.set(key, ++this.#writes);
  }

  async load(key) {
    checkKey(key);
    const data = this.#files.get(key);
    return data === undefined ? null : data.slice();
  }
  async save(key, data) {
    checkKey(key);
    this.#files.set(key, copyBytes(data));
    this.#touch(key);
  }
  async append(key, data) {
    checkKey(key);
    const add = copyBytes(data);
    const old = this.#files.get(key);
    if (old === undefined) {
      this.#files.set(key, add);
    } else if (old.byteOffset + old.length + add.length <= old.buffer.byteLength) {
      const grown = new Uint8Array(old.buffer, old.byteOffset, old.length + add.length);
      grown.set(add, old.length);
      this.#files.set(key, grown);
    } else {
      const length = old.length + add.length;
      const joined = new Uint8Array(new ArrayBuffer(Math.max(length, 2 * old.length)), 0, length);
      joined.set(old);
      joined.set(add, old.length);
      this.#files.set(key, joined);
    }
    this.#touch(key);
  }
  async remove(key) {
    checkKey(key);
    this.#files.delete(key);
    this.#touch(key);
  }
  /** A per-key write counter as a string ("7": the 7th write of this store changed key last), null if missing. */
  async version(key) {
    checkKey(key);
    if (!this.#files.has(key)) return null;
    return String(this.#versions.get(key) ?? 0);
  }
  /** A copy of up to `length` bytes from `offset` (fewer at the end, none past it), null if missing. */
  async loadRange(key, offset, length) {
    checkKey(key);
    checkCount(offset, "offset");
    checkCount(length, "length");
    const data = this.#files.get(key);
    if (data === undefined) return null;
    const start = Math.min(offset, data.length);
    return data.slice(start, Math.min(start + length, data.length));
  }
  /** Move the bytes of `from` to `to` (replacing them); an error if `from` is missing. */
  async rename(from, to) {
    checkKey(from);
    checkKey(to);
    const data = this.#files.get(from);
    if (data === undefined) throw new Error(`rename: ${from} is missing`);
    this.#files.delete(from);
    this.#files.set(to, data);
    this.#touch(from);
    this.#touch(to);
  }
  async list(prefix) {
    return sortKeys([...this.#files.keys()].filter((k) => k.startsWith(prefix)));
  }
  /** Take the lock named key: several stores opened over this one storage take turns, in order. */
  async lock(key) {
    checkKey(key);
    const previous = this.#locks.get(key) ?? Promise.resolve();
    let release;
    const mine = new Promise((r) => (release = r));
    const tail = previous.then(() => mine);
    this.#locks.set(key, tail);
    await previous;
    this.#held.set(key, { release, tail });
  }
  /** Release the lock named key (a no-op when it is not held). */
  async unlock(key) {
    const held = this.#held.get(key);
    if (!held) return;
    this.#held.delete(key);
    if (this.#locks.get(key) === held.tail) this.#locks.delete(key);
    held.release();
  }

  // ---- inspection helpers (not part of the Storage interface) ----
  /** Every key, sorted. */
  keys() {
    return sortKeys([...this.#files.keys()]);
  }
  /** A copy of the bytes under key, or undefined. */
  get(key) {
    return this.#files.get(key)?.slice();
  }
  /** The bytes under key decoded as UTF-8, or undefined. */
  text(key) {
    const data = this.#files.get(key);
    return data === undefined ? undefined : text.decode(data);
  }
  /** Put bytes (or a string, UTF-8 encoded) under key directly, e.g. a hydration policy before opening. */
  set(key, data) {
    checkKey(key);
    this.#files.set(key, typeof data === "string" ? utf8.encode(data) : copyBytes(data));
    this.#touch(key);
  }
  /** Remove key; true if it existed. */
  delete(key) {
    this.#touch(key);
    return this.#files.delete(key);
  }
  /** A sorted snapshot `{key: bytes}` of the whole store. */
  snapshot() {
    return new Map(this.keys().map((k) => [k, this.#files.get(k).slice()]));
  }
}
