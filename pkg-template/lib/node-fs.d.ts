import type { Storage } from "../bundler/contextfold.js";

/** A Storage over a directory (Node fs/promises): temp file (mode 0600) + rename per write; links followed by `resolve`. */
export declare class NodeFsStorage implements Storage {
  /** @param root the directory that holds (or will hold) `.contextfold/`; made absolute */
  constructor(root: string);
  /** The absolute root directory. */
  readonly root: string;
  load(key: string): Promise<Uint8Array | null>;
  save(key: string, data: Uint8Array): Promise<void>;
  /** Append with O_APPEND (a new file gets mode 0600). */
  append(key: string, data: Uint8Array): Promise<void>;
  remove(key: string): Promise<void>;
  /** `${inode}:${size}:${mtimeNs}` of the file (a save renames a new file over it, so even equal bytes change it); null if missing. */
  version(key: string): Promise<string | null>;
  /** Up to `length` bytes from `offset` by positioned reads (fewer at the end, none past it); null if missing. */
  loadRange(key: string, offset: number, length: number): Promise<Uint8Array | null>;
  /** Rename the file of `from` over the file of `to` (atomic on POSIX); rejects if `from` is missing. */
  rename(from: string, to: string): Promise<void>;
  list(prefix: string): Promise<string[]>;
  /** Non-strict realpath: the longest existing prefix with links followed, the rest appended. */
  resolve(path: string): Promise<string>;
}
