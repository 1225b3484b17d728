import type { Storage } from "../bundler/contextfold.js";

/** A Storage over one IndexedDB object store; each write is one transaction. */
export declare class IndexedDbStorage implements Storage {
  private constructor();
  /** Open (or create) the database `dbName` (default "contextfold"). */
  static open(dbName?: string, options?: { root?: string; indexedDB?: IDBFactory }): Promise<IndexedDbStorage>;
  /** Delete a whole database. */
  static deleteDatabase(dbName: string, options?: { indexedDB?: IDBFactory }): Promise<void>;
  readonly name: string;
  /** "/indexeddb/<dbName>" unless given. */
  readonly root: string;
  load(key: string): Promise<Uint8Array | null>;
  save(key: string, data: Uint8Array): Promise<void>;
  append(key: string, data: Uint8Array): Promise<void>;
  remove(key: string): Promise<void>;
  list(prefix: string): Promise<string[]>;
  close(): void;
}
