import type { Storage } from "../bundler/contextfold.js";

/** The part of `vscode.Uri` the adapter uses (structural: no dependency on the "vscode" module). */
export interface UriLike {
  readonly scheme: string;
  readonly path: string;
  with(change: { path?: string }): UriLike;
  toString(): string;
}

/** `vscode.FileType` bits. */
export type FileTypeBits = number;

/** The part of `vscode.FileStat` the adapter uses. */
export interface FileStatLike {
  /** Modification time, milliseconds since the epoch. */
  readonly mtime: number;
  /** Size in bytes. */
  readonly size: number;
}

/** The part of `vscode.workspace.fs` (vscode.FileSystem) the adapter uses. */
export interface FileSystemLike {
  readFile(uri: UriLike): PromiseLike<Uint8Array>;
  writeFile(uri: UriLike, content: Uint8Array): PromiseLike<void>;
  delete(uri: UriLike, options?: { recursive?: boolean; useTrash?: boolean }): PromiseLike<void>;
  rename(source: UriLike, target: UriLike, options?: { overwrite?: boolean }): PromiseLike<void>;
  readDirectory(uri: UriLike): PromiseLike<[string, FileTypeBits][]>;
  createDirectory(uri: UriLike): PromiseLike<void>;
  /** Used by `VsCodeStorage.version`. */
  stat(uri: UriLike): PromiseLike<FileStatLike>;
}

/** A Storage over `vscode.workspace.fs` under a base Uri; each write is a temp file renamed over the target. */
export declare class VsCodeStorage implements Storage {
  constructor(fs: FileSystemLike, baseUri: UriLike, options?: { root?: string });
  /** The base Uri's path unless given. */
  readonly root: string;
  load(key: string): Promise<Uint8Array | null>;
  save(key: string, data: Uint8Array): Promise<void>;
  /** Old bytes + new bytes, written through temp + rename. */
  append(key: string, data: Uint8Array): Promise<void>;
  remove(key: string): Promise<void>;
  list(prefix: string): Promise<string[]>;
  /** `${size}:${mtime}` from `fs.stat`; null if missing. No `loadRange` (the FileSystem API has no
   *  ranged read) and no `rename`: `append` rewrites the whole file here, so chunked writes would be quadratic. */
  version(key: string): Promise<string | null>;
}
