// A Storage over one IndexedDB object store (browsers, web workers). Each save/remove is one transaction,
// so a write is all or nothing.
import { checkKey, copyBytes, sortKeys } from "./keys.js";

const STORE = "files";

/** The error of a failed request or transaction, with a message that names it: a browser's DOMException may have
 *  an empty message (Chromium's QuotaExceededError has none), and the engine's StorageError shows the message. */
function failure(error, what) {
  if (!error) return new Error(`IndexedDB ${what}`);
  const name = typeof error.name === "string" && error.name !== "Error" ? error.name : "";
  const message = typeof error.message === "string" ? error.message : "";
  if (!name || message.includes(name)) return error;
  const text = `IndexedDB ${what}: ${name}${message ? `: ${message}` : ""}`;
  // The same name, so code that tells a QuotaExceededError apart still can.
  return typeof DOMException === "function" ? new DOMException(text, name) : Object.assign(new Error(text), { name });
}

function request(req) {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(failure(req.error, "request failed"));
  });
}

function done(tx) {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(failure(tx.error, "transaction failed"));
    tx.onabort = () => reject(failure(tx.error, "transaction aborted"));
  });
}

export class IndexedDbStorage {
  #db;
  /** Absolute location shown in messages: "/indexeddb/<dbName>" unless given. */
  root;
  /** The database name. */
  name;

  /** @private Use `IndexedDbStorage.open(dbName)`. */
  constructor(db, name, root) {
    if (!db || typeof db.transaction !== "function") throw new TypeError("use `await IndexedDbStorage.open(dbName)`");
    this.#db = db;
    this.name = name;
    this.root = root;
  }

  /**
   * Open (creating if needed) the database `dbName` with its one object store.
   * @param {string} [dbName] default "contextfold"
   * @param {{ root?: string, indexedDB?: IDBFactory }} [options]
   */
  static async open(dbName = "contextfold", options = {}) {
    const factory = options.indexedDB ?? globalThis.indexedDB;
    if (!factory) throw new Error("IndexedDB is not available in this environment");
    const req = factory.open(dbName, 1);
    req.onupgradeneeded = () => {
      if (!req.result.objectStoreNames.contains(STORE)) req.result.createObjectStore(STORE);
    };
    const db = await request(req);
    db.onversionchange = () => db.close();
    return new IndexedDbStorage(db, dbName, options.root ?? `/indexeddb/${encodeURIComponent(dbName)}`);
  }

  async load(key) {
    checkKey(key);
    const tx = this.#db.transaction(STORE, "readonly");
    const value = await request(tx.objectStore(STORE).get(key));
    if (value === undefined || value === null) return null;
    return copyBytes(value);
  }
  async save(key, data) {
    checkKey(key);
    const bytes = copyBytes(data);
    const tx = this.#db.transaction(STORE, "readwrite");
    tx.objectStore(STORE).put(bytes, key);
    await done(tx);
  }
  /** Append in one readwrite transaction (read, concatenate, put). */
  async append(key, data) {
    checkKey(key);
    const add = copyBytes(data);
    const tx = this.#db.transaction(STORE, "readwrite");
    const store = tx.objectStore(STORE);
    const req = store.get(key);
    req.onsuccess = () => {
      const old = req.result == null ? new Uint8Array(0) : copyBytes(req.result);
      const joined = new Uint8Array(old.length + add.length);
      joined.set(old);
      joined.set(add, old.length);
      store.put(joined, key);
    };
    await done(tx);
  }
  async remove(key) {
    checkKey(key);
    const tx = this.#db.transaction(STORE, "readwrite");
    tx.objectStore(STORE).delete(key);
    await done(tx);
  }
  async list(prefix) {
    const tx = this.#db.transaction(STORE, "readonly");
    const range = prefix === "" ? undefined : IDBKeyRange.lowerBound(prefix);
    const keys = await request(tx.objectStore(STORE).getAllKeys(range));
    return sortKeys(keys.filter((k) => typeof k === "string" && k.startsWith(prefix)));
  }
  /** Close the database connection. */
  close() {
    this.#db.close();
  }
  /** Delete a whole database (e.g. in tests). */
  static async deleteDatabase(dbName, options = {}) {
    const factory = options.indexedDB ?? globalThis.indexedDB;
    await request(factory.deleteDatabase(dbName));
  }
}
