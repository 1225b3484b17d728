// An in-memory Storage: a Map of keys to bytes. Useful for tests, previews and sandboxes.
import { checkKey, copyBytes, sortKeys } from "./keys.js";

const text = new TextDecoder("utf-8");
const utf8 = new TextEncoder();

export class MemoryStorage {
  #files = new Map();
  /** Absolute location shown in messages. */
  root;

  /** @param {{ root?: string }} [options] */
  constructor(options = {}) {
    const root = options.root ?? "/memory";
    if (typeof root !== "string" || !root.startsWith("/")) throw new TypeError("MemoryStorage root must be an absolute path");
    this.root = root.length > 1 ? root.replace(/\/+$/, "") : root;
  }

  async load(key) {
    const data = this.#files.get(key);
    return data === undefined ? null : data.slice();
  }
  async save(key, data) {
    checkKey(key);
    this.#files.set(key, copyBytes(data));
  }
  async append(key, data) {
    checkKey(key);
    const add = copyBytes(data);
    const old = this.#files.get(key);
    if (old === undefined) {
      this.#files.set(key, add);
      return;
    }
    const joined = new Uint8Array(old.length + add.length);
    joined.set(old);
    joined.set(add, old.length);
    this.#files.set(key, joined);
  }
  async remove(key) {
    this.#files.delete(key);
  }
  async list(prefix) {
    return sortKeys([...this.#files.keys()].filter((k) => k.startsWith(prefix)));
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
  }
  /** Remove key; true if it existed. */
  delete(key) {
    return this.#files.delete(key);
  }
  /** A sorted snapshot `{key: bytes}` of the whole store. */
  snapshot() {
    return new Map(this.keys().map((k) => [k, this.#files.get(k).slice()]));
  }
}
