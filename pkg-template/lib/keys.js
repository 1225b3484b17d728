// Small helpers shared by the storage adapters (no protocol logic: key checks, key order and copies only).

/** Sort keys by code point (what the Rust side's byte order of UTF-8 gives), not by UTF-16 unit. */
export function sortKeys(keys) {
  return keys.sort((a, b) => {
    if (a === b) return 0;
    const ia = a[Symbol.iterator]();
    const ib = b[Symbol.iterator]();
    for (;;) {
      const x = ia.next();
      const y = ib.next();
      if (x.done) return y.done ? 0 : -1;
      if (y.done) return 1;
      const cx = x.value.codePointAt(0);
      const cy = y.value.codePointAt(0);
      if (cx !== cy) return cx < cy ? -1 : 1;
    }
  });
}

/** A fresh Uint8Array copy of any byte view the engine or a caller passes. */
export function copyBytes(data) {
  if (data instanceof Uint8Array) return data.slice();
  if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength).slice();
  if (data instanceof ArrayBuffer) return new Uint8Array(data.slice(0));
  throw new TypeError("storage data must be a Uint8Array");
}

/** Keys are "/"-separated, relative, with no empty, "." or ".." segment. */
export function checkKey(key) {
  if (typeof key !== "string" || key === "" || key.startsWith("/") || key.includes("\\") || key.includes("\0")) {
    throw new TypeError(`invalid storage key ${JSON.stringify(key)}`);
  }
  for (const part of key.split("/")) {
    if (part === "" || part === "." || part === "..") throw new TypeError(`invalid storage key ${JSON.stringify(key)}`);
  }
  return key;
}

/**
 * The directory a `list(prefix)` walk starts from: `prefix` up to its last "/" ("" for the root), or null when
 * that has an empty, "." or ".." segment (then no key can match). A prefix that is not a string is a TypeError.
 */
export function listBase(prefix) {
  if (typeof prefix !== "string") throw new TypeError("list prefix must be a string");
  const slash = prefix.lastIndexOf("/");
  const base = slash < 0 ? "" : prefix.slice(0, slash);
  if (base !== "" && base.split("/").some((p) => p === "" || p === "." || p === "..")) return null;
  return base;
}

/** An offset or length for `loadRange`: a non-negative safe integer. */
export function checkCount(n, what) {
  if (!Number.isSafeInteger(n) || n < 0) throw new TypeError(`loadRange ${what} must be a non-negative integer, got ${String(n)}`);
  return n;
}
