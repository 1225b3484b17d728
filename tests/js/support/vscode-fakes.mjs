// In-memory stand-ins for the parts of the VS Code API the example extension uses (VS Code itself cannot be
// downloaded here): workspace.fs (vscode.FileSystem with its error codes), Uri, LanguageModelChatMessage,
// chat.createChatParticipant, and a LanguageModelChat whose countTokens and sendRequest are recorded.

export class MemoryUri {
  constructor(scheme, p) {
    this.scheme = scheme;
    this.path = p;
  }
  static file(p) {
    return new MemoryUri("file", p);
  }
  with(change) {
    return new MemoryUri(change.scheme ?? this.scheme, change.path ?? this.path);
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
    super(`${code}: ${uri}`);
    this.code = code;
    this.name = `${code} (FileSystemError)`;
  }
}

const FILE = 1;
const DIRECTORY = 2;
const norm = (p) => p.replace(/\/+$/, "") || "/";
const parent = (p) => norm(p).replace(/\/[^/]*$/, "") || "/";

/** vscode.workspace.fs over a Map; directories are explicit, as in a real file system. */
export class MemoryFileSystem {
  files = new Map();
  dirs = new Set(["/"]);
  #clock = 0;

  #dirOf(uri) {
    if (!this.dirs.has(parent(uri.path))) throw new FileSystemError("FileNotFound", uri);
  }
  async stat(uri) {
    const p = norm(uri.path);
    const f = this.files.get(p);
    if (f) return { type: FILE, size: f.data.length, mtime: f.mtime, ctime: f.mtime };
    if (this.dirs.has(p)) return { type: DIRECTORY, size: 0, mtime: 0, ctime: 0 };
    throw new FileSystemError("FileNotFound", uri);
  }
  async readFile(uri) {
    const f = this.files.get(norm(uri.path));
    if (!f) throw new FileSystemError("FileNotFound", uri);
    return new Uint8Array(f.data);
  }
  async writeFile(uri, content) {
    this.#dirOf(uri);
    this.files.set(norm(uri.path), { data: new Uint8Array(content), mtime: ++this.#clock });
  }
  async createDirectory(uri) {
    let p = norm(uri.path);
    const missing = [];
    while (!this.dirs.has(p)) {
      if (this.files.has(p)) throw new FileSystemError("FileNotADirectory", uri);
      missing.push(p);
      p = parent(p);
    }
    for (const d of missing) this.dirs.add(d);
  }
  async readDirectory(uri) {
    const p = norm(uri.path);
    if (!this.dirs.has(p)) throw new FileSystemError("FileNotFound", uri);
    const prefix = p === "/" ? "/" : `${p}/`;
    const out = [];
    for (const d of this.dirs) if (d !== p && d.startsWith(prefix) && !d.slice(prefix.length).includes("/")) out.push([d.slice(prefix.length), DIRECTORY]);
    for (const f of this.files.keys()) if (f.startsWith(prefix) && !f.slice(prefix.length).includes("/")) out.push([f.slice(prefix.length), FILE]);
    return out;
  }
  async rename(source, target, options = {}) {
    const from = norm(source.path);
    const to = norm(target.path);
    const f = this.files.get(from);
    if (!f) throw new FileSystemError("FileNotFound", source);
    if (this.files.has(to) && !options.overwrite) throw new FileSystemError("FileExists", target);
    this.#dirOf(target);
    this.files.delete(from);
    this.files.set(to, { ...f, mtime: ++this.#clock });
  }
  async delete(uri) {
    const p = norm(uri.path);
    if (!this.files.delete(p)) {
      if (this.dirs.has(p)) this.dirs.delete(p);
      else throw new FileSystemError("FileNotFound", uri);
    }
  }
}

/** A LanguageModelChat: a fixed window, its own tokenizer (characters / 3), answers from a function. */
export class FakeChatModel {
  id = "fake-model";
  name = "Fake";
  vendor = "test";
  family = "fake";
  version = "1";
  requests = [];
  counted = 0;
  constructor({ maxInputTokens, answer }) {
    this.maxInputTokens = maxInputTokens;
    this.answer = answer;
  }
  static tokens(text) {
    return Math.ceil([...text].length / 3);
  }
  async countTokens(text) {
    this.counted++;
    return FakeChatModel.tokens(typeof text === "string" ? text : text.content.map((p) => p.value).join(""));
  }
  async sendRequest(messages) {
    this.requests.push(messages);
    const reply = this.answer(messages);
    return {
      text: (async function* () {
        yield reply.slice(0, 5);
        yield reply.slice(5);
      })(),
      stream: (async function* () {})(),
    };
  }
}

/** The `vscode` module as the example extension uses it. */
export function fakeVscode(fs) {
  const participants = new Map();
  const message = (role) => (content) => ({ role, content: [{ value: content }], name: undefined });
  return {
    participants,
    workspace: { fs },
    Uri: MemoryUri,
    LanguageModelChatMessageRole: { User: 1, Assistant: 2 },
    LanguageModelChatMessage: { User: message(1), Assistant: message(2) },
    chat: {
      createChatParticipant(id, handler) {
        const p = { id, handler, dispose() {} };
        participants.set(id, p);
        return p;
      },
    },
  };
}
