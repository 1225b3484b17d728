import type { Storage } from "../bundler/contextfold.js";

/** A Storage over a directory (Node fs/promises): temp file (mode 0600) + rename per write; links followed by `resolve`. */
export declare class NodeFsStorage implements Storage {
  /** @param root the directory that holds (or will hold) `.contextfold/`; made absolute
   *  @param options.lock how long `lock` waits and when a holder on another host counts as gone */
  constructor(root: string, options?: { lock?: LockOptions });
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
  /** The bytes of each key (null if missing), read synchronously as one batch. */
  loadMany(keys: string[]): Promise<(Uint8Array | null)[]>;
  /** `resolve` of each path, a directory's real path found once per batch. */
  resolveMany(paths: string[]): Promise<string[]>;
  /** Take the lock file of `key` (O_EXCL; waits while another process holds it; a dead holder's lock is recovered). */
  lock(key: string): Promise<void>;
  /** Release the lock of `key` taken by this instance. */
  unlock(key: string): Promise<void>;
  /** Non-strict realpath: the longest existing prefix with links followed, the rest appended. */
  resolve(path: string): Promise<string>;
}

/** Options of `acquireLock` and of `NodeFsStorage`'s `lock`. */
export interface LockOptions {
  /** How long to wait for a lock another holder has (default 30 000 ms); then the promise rejects (`code` "ELOCKED"). */
  timeoutMs?: number;
  /** How long a holder on another host may go without a heartbeat before its lock counts as gone (default 10 000 ms).
   *  On this host a holder counts as gone when its process no longer exists. */
  staleMs?: number;
  /** Longest pause between attempts (default 25 ms). */
  retryMs?: number;
}

/** An exclusive lock between processes on the lock file `file` (created with O_EXCL, naming its holder, kept fresh by a
 *  heartbeat); resolves to its release function. For a harness's own state files beside a store. */
export declare function acquireLock(file: string, options?: LockOptions): Promise<() => Promise<void>>;
