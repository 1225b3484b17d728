// The playground's store: one ContextFold over one IndexedDB database, and the few things the page does to
// the storage directly (the user-supplied policy file, the tamper button, reset, listing the files). Every
// protocol operation goes through the package; this module never hashes, scans or parses a cold node itself.
import * as api from "contextfold";
import { IndexedDbStorage } from "contextfold/indexeddb";
import { detectSelectionModesWith } from "./selection-modes.js";

export const DB_NAME = "contextfold-playground";
export const POLICY_KEY = ".contextfold/hydration_policy.json";
export const COLD_DIR = ".contextfold/cold_nodes/";
/** The page's own state (the prompt being typed), outside .contextfold/ so the engine never reads it. */
export const DRAFT_KEY = "playground/draft.json";

/** The policy a store without `hydration_policy.json` runs under, when the package does not export one. These
 *  are the protocol's defaults (spec §2.6); the package's own constant is preferred when it has one. */
const FALLBACK_DEFAULT_POLICY = Object.freeze({
  policy_version: "1.1",
  max_rehydration_tokens_per_call: 3000,
  max_rehydration_tokens_per_turn: 3500,
  scope: "single_turn",
  eviction_trigger: "after_response",
  integrity_verification: true,
});

/** An export the package may not have in every version (looked up by name, so the bundler does not warn). */
const optionalExport = (name) => Reflect.get(api, name);

export function defaultPolicy() {
  return { ...(optionalExport("DEFAULT_POLICY") ?? optionalExport("REFERENCE_POLICY") ?? FALLBACK_DEFAULT_POLICY) };
}

/** The selection modes this build of the engine knows (see selection-modes.js). */
export const detectSelectionModes = () => detectSelectionModesWith(api);

const enc = new TextEncoder();
const dec = new TextDecoder("utf-8", { fatal: false });

/** The canonical cold-node key of a step (spec §1: `step_{id:06d}.json`, the sign counted in the width). */
export function coldNodeKey(stepId) {
  const digits = String(Math.abs(stepId)).padStart(stepId < 0 ? 5 : 6, "0");
  return `${COLD_DIR}step_${stepId < 0 ? "-" : ""}${digits}.json`;
}

export class PlaygroundStore {
  /** @type {import("contextfold").ContextFold} */ cf;
  /** @type {IndexedDbStorage} */ storage;

  static async open(dbName = DB_NAME) {
    const s = new PlaygroundStore();
    s.dbName = dbName;
    await s.#connect();
    return s;
  }

  async #connect() {
    this.storage = await IndexedDbStorage.open(this.dbName);
    this.cf = await api.ContextFold.open(this.storage);
  }

  /** Close everything, delete the database, and open a new empty store. */
  async reset() {
    await this.close();
    await IndexedDbStorage.deleteDatabase(this.dbName);
    await this.#connect();
  }

  /** Open the same database again (another tab reset it, which closed this connection). */
  async reconnect() {
    await this.close().catch(() => {});
    await this.#connect();
  }

  /** With a journal: write the reference files (index, eviction log) now, so IndexedDB shows them as the
   *  reference would have them. A no-op without one. */
  async checkpoint() {
    if (await this.cf.journaling()) await this.cf.checkpoint();
  }

  async close() {
    try {
      await this.cf?.close();
    } finally {
      this.storage?.close();
    }
  }

  /** Re-read the index (another tab changed the store). */
  reload() {
    return this.cf.reload();
  }

  async text(key) {
    const bytes = await this.storage.load(key);
    return bytes == null ? null : dec.decode(bytes);
  }

  /** `hydration_policy.json` as stored (null when the store has none and runs on the defaults). */
  async policyFile() {
    const text = await this.text(POLICY_KEY);
    if (text === null) return null;
    try {
      return { text, policy: JSON.parse(text) };
    } catch (err) {
      return { text, policy: null, error: `hydration_policy.json is not valid JSON: ${err.message}` };
    }
  }

  /** The policy in force, as an object: the file's content, else the defaults. */
  async policy() {
    const file = await this.policyFile();
    if (file === null) return defaultPolicy();
    if (file.policy === null || typeof file.policy !== "object" || Array.isArray(file.policy)) {
      throw new Error(file.error ?? "hydration_policy.json is not a JSON object");
    }
    return file.policy;
  }

  /** Change policy keys (`undefined` removes one) and write the whole policy back. The policy file is
   *  user-supplied (spec §2.6): the engine reads it at every call and never writes it, so the page does. */
  updatePolicy(changes) {
    // One read-modify-write at a time, so quick successive changes (a slider) cannot overwrite each other.
    const next = (this.#policyWrites ?? Promise.resolve()).then(() => this.#updatePolicy(changes));
    this.#policyWrites = next.catch(() => {});
    return next;
  }

  #policyWrites;

  async #updatePolicy(changes) {
    const policy = await this.policy();
    for (const [k, v] of Object.entries(changes)) {
      if (v === undefined) delete policy[k];
      else policy[k] = v;
    }
    const sorted = Object.fromEntries(Object.keys(policy).sort().map((k) => [k, policy[k]]));
    await this.storage.save(POLICY_KEY, enc.encode(JSON.stringify(sorted, null, 2)));
    return sorted;
  }

  /** Edit one cold node's bytes in place (the summary gets a prefix), as an attacker or a bad disk would.
   *  The index is left alone, so the artifact hash no longer matches. */
  async tamper(stepId) {
    const entry = await this.cf.entry(stepId);
    if (!entry) throw new Error(`step ${stepId} is not in the recall index`);
    const key = entry.filePath ?? coldNodeKey(stepId);
    const text = await this.text(key);
    if (text === null) throw new Error(`no cold node file ${key} in IndexedDB`);
    const marker = '"summary": "';
    const at = text.indexOf(marker);
    const edited = at < 0 ? text.replace(/"raw_content":\s*"/, (m) => `${m}TAMPERED `) : `${text.slice(0, at + marker.length)}TAMPERED ${text.slice(at + marker.length)}`;
    if (edited === text) throw new Error(`could not find a field to edit in ${key}`);
    await this.storage.save(key, enc.encode(edited));
    return { key, before: text, after: edited };
  }

  /** The page's draft: { prompt, recall } as last typed ({} when none). */
  async draft() {
    try {
      const d = JSON.parse((await this.text(DRAFT_KEY)) ?? "{}");
      return d && typeof d === "object" ? d : {};
    } catch {
      return {};
    }
  }

  saveDraft(draft) {
    return this.storage.save(DRAFT_KEY, enc.encode(JSON.stringify(draft)));
  }

  /** Every key in the database with its size. */
  async files() {
    const keys = await this.storage.list("");
    const out = [];
    for (const key of keys) {
      const bytes = await this.storage.load(key);
      out.push({ key, size: bytes?.length ?? 0 });
    }
    return out;
  }
}

export const { ContextFold, extract } = api;
