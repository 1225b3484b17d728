// A vscode.FileSystem (workspace.fs) implemented over Node fs, with vscode's error codes, for the adapter tests.
import * as fsp from "node:fs/promises";
import * as path from "node:path";

export class FakeUri {
  constructor(scheme, p) {
    this.scheme = scheme;
    this.path = p;
  }
  static file(p) {
    return new FakeUri("file", path.resolve(p));
  }
  with(change) {
    return new FakeUri(change.scheme ?? this.scheme, change.path ?? this.path);
  }
  get fsPath() {
    return this.path;
  }
  toString() {
    return `${this.scheme}://${this.path}`;
  }
}

class FileSystemError extends Error {
  constructor(code, uri) {
    super(`${code} (${uri})`);
    this.code = code;
    this.name = `EntryNotFound (FileSystemError)`.replace("EntryNotFound", code);
  }
}

const wrap = async (uri, fn) => {
  try {
    return await fn();
  } catch (err) {
    if (err.code === "ENOENT") throw new FileSystemError("FileNotFound", uri);
    if (err.code === "EEXIST") throw new FileSystemError("FileExists", uri);
    if (err.code === "ENOTDIR") throw new FileSystemError("FileNotADirectory", uri);
    if (err.code === "EISDIR") throw new FileSystemError("FileIsADirectory", uri);
    throw err;
  }
};

export class NodeVsCodeFs {
  readFile(uri) {
    return wrap(uri, async () => new Uint8Array(await fsp.readFile(uri.path)));
  }
  writeFile(uri, content) {
    return wrap(uri, async () => {
      await fsp.mkdir(path.dirname(uri.path), { recursive: true });
      await fsp.writeFile(uri.path, content);
    });
  }
  delete(uri, options = {}) {
    return wrap(uri, () => fsp.rm(uri.path, { recursive: !!options.recursive }));
  }
  rename(source, target, options = {}) {
    return wrap(source, async () => {
      if (!options.overwrite) {
        const exists = await fsp.stat(target.path).then(() => true, () => false);
        if (exists) throw new FileSystemError("FileExists", target);
      }
      await fsp.rename(source.path, target.path);
    });
  }
  readDirectory(uri) {
    return wrap(uri, async () => {
      const ents = await fsp.readdir(uri.path, { withFileTypes: true });
      return ents.map((e) => [e.name, (e.isFile() ? 1 : e.isDirectory() ? 2 : 0) | (e.isSymbolicLink() ? 64 : 0)]);
    });
  }
  createDirectory(uri) {
    return wrap(uri, () => fsp.mkdir(uri.path, { recursive: true }));
  }
  stat(uri) {
    return wrap(uri, async () => {
      const st = await fsp.stat(uri.path);
      return { type: st.isFile() ? 1 : 2, ctime: st.ctimeMs, mtime: st.mtimeMs, size: st.size };
    });
  }
}
