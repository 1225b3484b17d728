// A minimal IndexedDB `Storage` for the browser tests (one object store, one transaction per write). The
// package's real adapter is pkg-template/lib/indexeddb.js; it imports ./keys.js, and wasm-bindgen copies a
// snippet module alone, so the tests carry this self-contained one.

const STORE = "files";

function request(req) {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error || new Error("IndexedDB request failed"));
  });
}

function done(tx) {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error || new Error("IndexedDB transaction failed"));
    tx.onabort = () => reject(tx.error || new Error("IndexedDB transaction aborted"));
  });
}

export class IdbStorage {
  constructor(db, name) {
    this.db = db;
    this.name = name;
    this.root = `/indexeddb/${name}`;
  }

  static async open(name) {
    const req = indexedDB.open(name, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    return new IdbStorage(await request(req), name);
  }

  async load(key) {
    const value = await request(this.db.transaction(STORE, "readonly").objectStore(STORE).get(key));
    return value === undefined ? null : new Uint8Array(value);
  }
  async save(key, data) {
    const tx = this.db.transaction(STORE, "readwrite");
    tx.objectStore(STORE).put(data.slice(), key);
    await done(tx);
  }
  async remove(key) {
    const tx = this.db.transaction(STORE, "readwrite");
    tx.objectStore(STORE).delete(key);
    await done(tx);
  }
  async list(prefix) {
    const keys = await request(this.db.transaction(STORE, "readonly").objectStore(STORE).getAllKeys());
    return keys.filter((k) => typeof k === "string" && k.startsWith(prefix)).sort();
  }

  // Test helpers.
  async getText(key) {
    const bytes = await this.load(key);
    return bytes === null ? undefined : new TextDecoder().decode(bytes);
  }
  async setText(key, text) { await this.save(key, new TextEncoder().encode(text)); }
  close() { this.db.close(); }
  static async destroy(name) { await request(indexedDB.deleteDatabase(name)); }
}
