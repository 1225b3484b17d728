// Small helpers shared by the storage adapters (no protocol logic: key checks, key order and copies only).

// A UTF-16 code unit below U+D800 is its own code point: among such keys UTF-16 order (the built-in sort's) is
// code point order. Only surrogates (astral characters) sort differently, below U+E000…U+FFFF instead of above.
const SURROGATE = /[\uD800-\uDFFF]/;

/** Sort keys by code point (what the Rust side's byte order of UTF-8 gives), not by UTF-16 unit. */
export function sortKeys(keys) {
  // `validate` lists 10,000 cold-node keys at 10,000 nodes: the built-in order when no key needs the slow one.
  if (!keys.some((k) => SURROGATE.test(k))) return keys.sort();
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

const UNSHARED = Symbol.for("contextfold.unshared");

/** A fresh Uint8Array copy of any byte view the engine or a caller passes (or the engine's own new array). */
export function copyBytes(data) {
  if (data instanceof Uint8Array) {
    // The engine's writes are new arrays that nothing else holds (marked so): kept as they are, not copied again.
    if (data[UNSHARED] === true) return delete data[UNSHARED], data;
    return data.slice();
  }
  if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength).slice();
  if (data instanceof ArrayBuffer) return new Uint8Array(data.slice(0));
  throw new TypeError("storage data must be a Uint8Array");
}

/** The longest key (UTF-16 units) and key segment (UTF-8 bytes, the usual file name limit) an adapter accepts. */
export const MAX_KEY_LENGTH = 1024;
export const MAX_SEGMENT_BYTES = 255;
// Control characters; ":" (Windows drive letters, NTFS streams); bidirectional and invisible format characters (a
// key that displays as another one); the reserved device names of Windows (CON, NUL, COM1.json ...).
const FORBIDDEN = /[\u0000-\u001f\u007f-\u009f:\\\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/u;
const DEVICE = /^(con|prn|aux|nul|com[0-9\u00b9\u00b2\u00b3]|lpt[0-9\u00b9\u00b2\u00b3])(\.|$)/i;
const utf8 = new TextEncoder();
const PLAIN_ASCII = /^[\x20-\x7e]+$/;

function badKey(key, why) {
  return new TypeError(`invalid storage key ${JSON.stringify(key)}: ${why}`);
}

/** The structural rules, applied to a key and to its NFKC form (so no look-alike becomes "/", "." or ".."). */
function checkSegments(key, original) {
  if (key.startsWith("/")) throw badKey(original, "absolute");
  if (FORBIDDEN.test(key)) throw badKey(original, "a control, format, \":\" or \"\\\" character");
  for (const part of key.split("/")) {
    if (part === "" || part === "." || part === "..") throw badKey(original, "an empty, \".\" or \"..\" segment");
    if (part.endsWith(".") || part.endsWith(" ")) throw badKey(original, "a segment ending in a dot or a space");
    if (DEVICE.test(part)) throw badKey(original, "a reserved device name");
  }
}

/**
 * Keys are "/"-separated and relative: no empty, "." or ".." segment, no "\\", ":", control or invisible format
 * character, no segment ending in "." or " ", no Windows device name, well-formed Unicode in NFC, nothing that NFKC
 * turns into any of these (fullwidth dots and slashes), at most 1,024 units and 255 bytes a segment. So no key
 * names a place outside the store, nor another key's file on a file system that normalises names.
 */
export function checkKey(key) {
  if (typeof key !== "string" || key === "") throw badKey(key, "not a non-empty string");
  if (key.length > MAX_KEY_LENGTH) throw badKey(`${key.slice(0, 40)}…`, `longer than ${MAX_KEY_LENGTH}`);
  // Every key the engine makes (`validate` checks 10,000 of them twice at 10,000 nodes): printable ASCII has no
  // surrogate, is its own NFC and NFKC, and has a byte per unit, so the structural rules are all that is left.
  if (PLAIN_ASCII.test(key)) {
    checkSegments(key, key);
    for (const part of key.split("/")) {
      if (part.length > MAX_SEGMENT_BYTES) throw badKey(key, `a segment longer than ${MAX_SEGMENT_BYTES} bytes`);
    }
    return key;
  }
  if (/\p{Cs}/u.test(key)) throw badKey(key, "a lone surrogate");
  if (key.normalize("NFC") !== key) throw badKey(key, "not in Unicode NFC");
  checkSegments(key, key);
  const compat = key.normalize("NFKC");
  if (compat !== key) {
    checkSegments(compat, key);
    if (compat.split("/").length !== key.split("/").length) throw badKey(key, "a look-alike of \"/\"");
  }
  for (const part of key.split("/")) {
    if (utf8.encode(part).length > MAX_SEGMENT_BYTES) throw badKey(key, `a segment longer than ${MAX_SEGMENT_BYTES} bytes`);
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
