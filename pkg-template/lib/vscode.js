// A Storage over `vscode.workspace.fs` (any file system provider: local, remote, virtual). The host passes
// the FileSystem and a base Uri; the vscode module itself is never loaded at run time. Writes go to a temp file that
// is renamed over the target.
import { checkKey, copyBytes, listBase, sortKeys } from "./keys.js";

const TEMP_MARK = ".cf-tmp-";
const FILE = 1;
const DIRECTORY = 2;

function isNotFound(err) {
  if (!err || typeof err !== "object") return false;
  const code = err.code;
  return code === "FileNotFound" || code === "ENOENT" || code === "EntryNotFound" || /\bFileNotFound\b|EntryNotFound/.test(String(err.name ?? ""));
}

function randomSuffix() {
  const c = globalThis.crypto;
  if (c && typeof c.getRandomValues === "function") {
    return [...c.getRandomValues(new Uint8Array(6))].map((b) => b.toString(16).padStart(2, "0")).join("");
  }
  return Math.random().toString(16).slice(2, 14);
}

function joinPath(base, rel) {
  return `${base.replace(/\/+$/, "")}/${rel}`;
}

export class VsCodeStorage {
  #fs;
  #base;
  #appending = new Map();
  /** Absolute location shown in messages (the base Uri's path unless given). */
  root;

  /**
   * @param {import("./vscode.js").FileSystemLike} fs `vscode.workspace.fs`
   * @param {import("./vscode.js").UriLike} baseUri the directory that holds (or will hold) `.contextfold/`
   * @param {{ root?: string }} [options]
   */
  constructor(fs, baseUri, options = {}) {
    if (!fs || typeof fs.readFile !== "function" || typeof fs.writeFile !== "function") {
      throw new TypeError("VsCodeStorage needs vscode.workspace.fs");
    }
    if (!baseUri || typeof baseUri.path !== "string" || typeof baseUri.with !== "function") {
      throw new TypeError("VsCodeStorage needs a base vscode.Uri");
    }
    this.#fs = fs;
    this.#base = baseUri;
    // `version` needs `fs.stat` (vscode.workspace.fs has it); over a FileSystem without it, leave it out.
    if (typeof fs.stat !== "function") Object.defineProperty(this, "version", { value: undefined });
    const root = options.root ?? (baseUri.path.length > 1 ? baseUri.path.replace(/\/+$/, "") : baseUri.path);
    this.root = root.startsWith("/") ? root : `/${root}`;
  }

  #uri(rel) {
    return this.#base.with({ path: joinPath(this.#base.path, rel) });
  }

  async load(key) {
    checkKey(key);
    try {
      return copyBytes(await this.#fs.readFile(this.#uri(key)));
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  /**
   * `${size}:${mtime}` from `fs.stat`, null if missing. (The FileSystem API offers nothing finer: a rewrite with
   * the same size within the file system's timestamp resolution keeps the version.)
   */
  async version(key) {
    checkKey(key);
    try {
      const st = await this.#fs.stat(this.#uri(key));
      return `${st.size}:${st.mtime}`;
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async save(key, data) {
    checkKey(key);
    const bytes = copyBytes(data);
    const slash = key.lastIndexOf("/");
    const dir = slash < 0 ? "" : key.slice(0, slash);
    const name = key.slice(slash + 1);
    if (dir !== "") await this.#fs.createDirectory(this.#uri(dir));
    const temp = this.#uri(`${dir === "" ? "" : `${dir}/`}.${name}${TEMP_MARK}${randomSuffix()}`);
    try {
      await this.#fs.writeFile(temp, bytes);
      await this.#fs.rename(temp, this.#uri(key), { overwrite: true });
    } catch (err) {
      try {
        await this.#fs.delete(temp, { recursive: false, useTrash: false });
      } catch {
        // the temp file may not exist
      }
      throw err;
    }
  }

  /** Append: the old bytes plus the new ones, written like save (the FileSystem API has no append). */
  async append(key, data) {
    checkKey(key);
    const add = copyBytes(data);
    const previous = this.#appending.get(key) ?? Promise.resolve();
    const next = previous.then(async () => {
      const old = (await this.load(key)) ?? new Uint8Array(0);
      const joined = new Uint8Array(old.length + add.length);
      joined.set(old);
      joined.set(add, old.length);
      await this.save(key, joined);
    });
    const settled = next.then(() => {}, () => {});
    this.#appending.set(key, settled);
    try {
      await next;
    } finally {
      if (this.#appending.get(key) === settled) this.#appending.delete(key);
    }
  }

  async remove(key) {
    checkKey(key);
    try {
      await this.#fs.delete(this.#uri(key), { recursive: false, useTrash: false });
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
  }

  async list(prefix) {
    const base = listBase(prefix);
    const out = [];
    const walk = async (relDir) => {
      let entries;
      try {
        entries = await this.#fs.readDirectory(relDir === "" ? this.#base : this.#uri(relDir));
      } catch (err) {
        if (isNotFound(err)) return;
        throw err;
      }
      for (const [name, type] of entries) {
        if (name.includes(TEMP_MARK)) continue;
        const key = relDir === "" ? name : `${relDir}/${name}`;
        if (type & DIRECTORY) {
          if (key.startsWith(prefix) || prefix.startsWith(`${key}/`)) await walk(key);
        } else if (type & FILE && key.startsWith(prefix)) {
          out.push(key);
        }
      }
    };
    if (base !== null) await walk(base);
    return sortKeys(out);
  }
}
