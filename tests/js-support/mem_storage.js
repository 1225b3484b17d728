// An in-memory `Storage` for the wasm-bindgen tests (Node and browsers), with hooks to make a method fail
// and to make every call take a macrotask, so that overlapping engine calls would interleave if the engine
// did not serialise them.

export class MemStorage {
  constructor(root) {
    this.files = new Map();
    if (root !== undefined) this.root = root;
    this.failures = new Map(); // op -> {message, skip}: after `skip` more calls, the next call of op rejects
    this.slow = false;
    this.log = [];
  }

  async _enter(op, key) {
    this.log.push(`${op} ${key}`);
    if (this.slow) await new Promise((resolve) => setTimeout(resolve, 0));
    const failure = this.failures.get(op);
    if (failure !== undefined) {
      if (failure.skip > 0) {
        failure.skip -= 1;
      } else {
        this.failures.delete(op);
        throw new Error(failure.message);
      }
    }
  }

  async load(key) {
    await this._enter("load", key);
    const bytes = this.files.get(key);
    return bytes === undefined ? null : bytes.slice();
  }

  async save(key, data) {
    await this._enter("save", key);
    if (!(data instanceof Uint8Array)) throw new TypeError(`save(${key}): data is not a Uint8Array`);
    this.files.set(key, data.slice());
  }

  async remove(key) {
    await this._enter("remove", key);
    this.files.delete(key);
  }

  async list(prefix) {
    await this._enter("list", prefix);
    return [...this.files.keys()].filter((k) => k.startsWith(prefix)).sort();
  }

  // Test helpers.
  failNext(op, message, skip = 0) { this.failures.set(op, { message, skip }); }
  setSlow(slow) { this.slow = slow; }
  getText(key) {
    const bytes = this.files.get(key);
    return bytes === undefined ? undefined : new TextDecoder().decode(bytes);
  }
  setText(key, text) { this.files.set(key, new TextEncoder().encode(text)); }
  forget(key) { this.files.delete(key); }
  keys() { return [...this.files.keys()].sort(); }
  logText() { return this.log.join("\n"); }
  /** Every file as "key\n<text>\n" blocks, sorted: compares whole stores. */
  dump() { return this.keys().map((k) => `${k}\n${this.getText(k)}\n`).join(""); }
}

/** A storage that breaks the interface in one way (`kind`); its methods return plain values, not promises. */
export function brokenStorage(kind) {
  return {
    // Open reads the index and the journal, which stay well-formed here; later loads get a number.
    load(key) { return kind === "load" && !/recall_index\.(json|journal)$/.test(key) ? 42 : null; },
    save() {},
    remove() {},
    list() { return kind === "list" ? ["ok", 7] : kind === "list-object" ? { length: 0 } : []; },
    get root() { return kind === "root" ? 5 : "/broken"; },
  };
}

/** A MemStorage whose `resolve` follows links (key -> absolute target), like a file system with symlinks. */
export class LinkedStorage extends MemStorage {
  constructor(root) {
    super(root);
    this.links = new Map();
  }
  link(key, target) { this.links.set(key, target); }
  async resolve(path) {
    await this._enter("resolve", path);
    const abs = path.startsWith("/") ? path : `${this.root}/${path}`;
    const parts = [];
    for (const p of abs.split("/")) {
      if (p === "" || p === ".") continue;
      if (p === "..") parts.pop(); else parts.push(p);
    }
    const resolved = "/" + parts.join("/");
    const key = resolved.startsWith(this.root + "/") ? resolved.slice(this.root.length + 1) : null;
    if (key !== null && this.links.has(key)) return this.links.get(key);
    if (key === "bad-resolve") return 17;
    return resolved;
  }
}

/** A storage whose `load` answers with an ArrayBuffer instead of a Uint8Array. */
export class ArrayBufferStorage extends MemStorage {
  async load(key) {
    const bytes = await super.load(key);
    return bytes === null ? undefined : bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  }
}

/** A storage whose `load` throws synchronously with a non-Error value. */
export function throwingStorage() {
  return {
    load() { throw "disk on fire"; },
    save() { return Promise.reject(new Error("never")); },
    remove() {},
    list() { return []; },
  };
}

export function fixedClock(now) { return () => now; }

/** The reference's DEFAULT_POLICY: these tests compare bytes and hashes with the reference's, so a new store gets
 *  its policy (no redaction, no policy file written), not the package's default. */
const REFERENCE_POLICY = {
  policy_version: "1.1",
  max_rehydration_tokens_per_call: 3000,
  max_rehydration_tokens_per_turn: 3500,
  scope: "single_turn",
  eviction_trigger: "after_response",
  integrity_verification: true,
};

export function options(clock, tokenCounter, policy) {
  const o = { defaultPolicy: REFERENCE_POLICY };
  if (clock !== undefined) o.clock = clock;
  if (tokenCounter !== undefined) o.tokenCounter = tokenCounter;
  if (policy !== undefined) o.policy = policy;
  return o;
}

/** Token counters that break the contract in each way. */
export function badCounter(kind) {
  switch (kind) {
    case "negative": return () => -1;
    case "fraction": return () => 1.5;
    case "nan": return () => NaN;
    case "infinite": return () => Infinity;
    case "string": return () => "12";
    case "throws": return () => { throw new Error("counter broke"); };
    default: return () => 0;
  }
}

export function withLoneSurrogate(before, after) { return before + "\uD800" + after; }

/** `JSON.parse`, for building inputs from text in the tests. */
export function parse(text) { return JSON.parse(text); }
export function stringify(value) { return JSON.stringify(value); }
