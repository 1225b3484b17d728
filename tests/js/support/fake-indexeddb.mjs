// A small in-memory IndexedDB for Node tests: the calls IndexedDbStorage makes (open, transaction, objectStore get,
// put, delete, getAllKeys), each readwrite transaction all or nothing. Past `quota` bytes stored, a readwrite
// transaction aborts with a QuotaExceededError, as a browser's does.

/** The IDBFactory (`factory`), the stored values (`data`) and a copy of them (`bytes()`). */
export function fakeIndexedDb(quota = Infinity) {
  const data = new Map();
  const size = (m) => [...m.values()].reduce((n, v) => n + v.byteLength, 0);
  const later = (fn) => setTimeout(fn, 0);
  const request = (compute) => {
    const req = { result: undefined, error: null, onsuccess: null, onerror: null };
    later(() => {
      try {
        req.result = compute();
        req.onsuccess?.();
      } catch (err) {
        req.error = err;
        req.onerror?.();
      }
    });
    return req;
  };
  const db = {
    objectStoreNames: { contains: () => true },
    createObjectStore() {},
    close() {},
    transaction(_name, mode) {
      const pending = new Map(data);
      const tx = { error: null, oncomplete: null, onerror: null, onabort: null };
      let open = 0;
      let done = false;
      const settle = () => {
        later(() => {
          if (open > 0 || done) return;
          done = true;
          if (mode === "readwrite" && size(pending) > quota) {
            tx.error = new DOMException("The quota has been exceeded.", "QuotaExceededError");
            tx.onabort?.();
            return;
          }
          if (mode === "readwrite") {
            data.clear();
            for (const [k, v] of pending) data.set(k, v);
          }
          tx.oncomplete?.();
        });
      };
      const op = (compute) => {
        open++;
        const req = request(compute);
        const wrap = (fn) => () => {
          fn?.();
          open--;
          settle();
        };
        let onsuccess = null;
        Object.defineProperty(req, "onsuccess", { get: () => wrap(onsuccess), set: (f) => (onsuccess = f) });
        return req;
      };
      tx.objectStore = () => ({
        get: (k) => op(() => pending.get(k)),
        put: (v, k) => op(() => void pending.set(k, new Uint8Array(v))),
        delete: (k) => op(() => void pending.delete(k)),
        getAllKeys: () => op(() => [...pending.keys()]),
      });
      settle();
      return tx;
    },
  };
  const factory = {
    open() {
      const req = request(() => db);
      return req;
    },
  };
  return { factory, data, bytes: () => new Map([...data].map(([k, v]) => [k, v.slice()])) };
}

