#!/usr/bin/env node
// Replays the IPCF-1.1 vectors of a directory through the public JS API of the packed package:
//   node tests/replay.mjs tests/vectors            (also tests/vectors/random, or any folder of the same shapes)
// Prints one line per failing case and ends with "N passed, M failed"; exit 1 on any failure.
// The package is taken from the scratch consumer (tests/tmp/consumer, or $CONTEXTFOLD_CONSUMER) where the packed
// .tgz is installed; without one, from pkg/ (a development shortcut).
import { existsSync, readFileSync } from "node:fs";
import * as path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const CLOCK = () => "2026-01-01T00:00:00Z";
const POLICY_KEY = ".contextfold/hydration_policy.json";
const INDEX_KEY = ".contextfold/recall_index.json";
const LOG_KEY = ".contextfold/eviction_log.json";

export async function loadPackage() {
  const consumer = process.env.CONTEXTFOLD_CONSUMER ?? path.join(ROOT, "tests", "tmp", "consumer");
  const shim = path.join(consumer, "contextfold-all.mjs");
  if (existsSync(shim)) return import(pathToFileURL(shim).href);
  return import(pathToFileURL(path.join(ROOT, "pkg", "node", "index.mjs")).href);
}

const camel = (k) => k.replace(/_([a-z0-9])/g, (_, c) => c.toUpperCase());
const camelObj = (o) => Object.fromEntries(Object.entries(o).map(([k, v]) => [camel(k), v]));
/** Python's json.dump(indent=2, sort_keys=True, ensure_ascii=False) is what the vectors wrote; key order and
 * spacing do not change the policy's meaning (its canonical form is hashed), so plain sorted JSON is used. */
function sortedJson(v) {
  if (Array.isArray(v)) return v.map(sortedJson);
  if (v && typeof v === "object") return Object.fromEntries(Object.keys(v).sort().map((k) => [k, sortedJson(v[k])]));
  return v;
}
const policyText = (p) => JSON.stringify(sortedJson(p), null, 2);
/** The vectors write strings that UTF-8 cannot hold as {"python_repr": "'...\\udXXX...'"}. */
function pyValue(v) {
  if (v && typeof v === "object" && !Array.isArray(v) && typeof v.python_repr === "string") {
    const body = v.python_repr.slice(1, -1);
    return body.replace(/\\u([0-9a-fA-F]{4})|\\x([0-9a-fA-F]{2})|\\(['"\\nrt])/g, (_, u, x, e) =>
      u ? String.fromCharCode(parseInt(u, 16)) : x ? String.fromCharCode(parseInt(x, 16)) : { n: "\n", r: "\r", t: "\t" }[e] ?? e,
    );
  }
  return v;
}

function fmt(v) {
  const s = JSON.stringify(v);
  return s === undefined ? String(v) : s.length > 300 ? `${s.slice(0, 300)}…` : s;
}

class Case {
  constructor(id) {
    this.id = id;
    this.problems = [];
  }
  eq(what, actual, expected) {
    if (deepEq(actual, expected)) return;
    if (typeof actual === "string" && typeof expected === "string") {
      let i = 0;
      while (i < actual.length && i < expected.length && actual[i] === expected[i]) i++;
      const at = (s) => JSON.stringify(s.slice(Math.max(0, i - 40), i + 40));
      this.problems.push(`${what}: differs at index ${i}: expected …${at(expected)}…, got …${at(actual)}…`);
    } else {
      this.problems.push(`${what}: expected ${fmt(expected)}, got ${fmt(actual)}`);
    }
  }
  ok(what, cond) {
    if (!cond) this.problems.push(what);
  }
  /** `eq` for each `field: expectedField` of `fields`, in order: `actual[field]` against `expected[expectedField]`. */
  /** Compare the fields the vector has (a vector may leave some out, e.g. a scan over an empty store). */
  eqFields(actual, expected, fields) {
    for (const [field, want] of Object.entries(fields)) if (expected && want in expected) this.eq(field, actual[field], expected[want]);
  }
}
function deepEq(a, b) {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => deepEq(x, b[i]));
  if (a && b && typeof a === "object" && typeof b === "object") {
    const ka = Object.keys(a).filter((k) => a[k] !== undefined).sort();
    const kb = Object.keys(b).filter((k) => b[k] !== undefined).sort();
    return deepEq(ka, kb) && ka.every((k) => deepEq(a[k], b[k]));
  }
  return false;
}

function foldInput(i) {
  const input = { stepId: i.step_id, summary: pyValue(i.summary) };
  if (i.raw_content !== null && i.raw_content !== undefined) input.rawContent = pyValue(i.raw_content);
  if (i.session_id !== null && i.session_id !== undefined) input.sessionId = i.session_id;
  for (const k of ["files", "commands", "errors"]) if (i[k] !== null && i[k] !== undefined) input[k] = i[k];
  return input;
}

/**
 * Replay every vector file found in `dir`.
 * @param {string} dir
 * @param {{ onStore?: (id: string, storage: any) => void, log?: (line: string) => void }} [hooks]
 */
export async function replay(dir, hooks = {}) {
  const api = await loadPackage();
  const { ContextFold, MemoryStorage, extract, ContextFoldError, NodeNotFoundError, REFERENCE_POLICY } = api;
  const log = hooks.log ?? ((l) => console.log(l));
  const onStore = hooks.onStore ?? (() => {});
  const read = (name) => {
    const f = path.join(dir, name);
    return existsSync(f) ? JSON.parse(readFileSync(f, "utf8")) : undefined;
  };
  let passed = 0;
  let failed = 0;
  const run = async (id, fn) => {
    const c = new Case(id);
    try {
      await fn(c);
    } catch (err) {
      c.problems.push(`threw ${err && err.name}: ${err && err.message}`);
    }
    if (c.problems.length === 0) passed++;
    else {
      failed++;
      log(`FAIL ${id}: ${c.problems.slice(0, 3).join(" | ")}${c.problems.length > 3 ? ` (+${c.problems.length - 3} more)` : ""}`);
    }
  };
  // Strict reference behaviour: a new store gets the reference's policy (no redaction, no policy file written),
  // and the reference files are compared after each call.
  const open = async (storage) => ContextFold.open(storage, { clock: CLOCK, journal: false, defaultPolicy: REFERENCE_POLICY });

  /** Fold one turn and compare everything the vector lists. */
  async function checkTurn(c, cf, storage, turn, label) {
    const input = foldInput(turn.input);
    const exp = turn.expected;
    if (turn.duplicate) {
      const before = storage.snapshot();
      const detailed = await cf.foldDetailed(input);
      c.eq(`${label} duplicate kind`, detailed.kind, "duplicate");
      c.eq(`${label} duplicate entry`, detailed.entry, camelObj(exp.returns_index_entry));
      const node = await cf.fold(input);
      c.eq(`${label} duplicate fold() node`, node.artifactSha256, exp.returns_index_entry.artifact_sha256);
      c.eq(`${label} duplicate writes nothing`, [...storage.snapshot().entries()].map(([k, v]) => [k, [...v].join()]), [...before.entries()].map(([k, v]) => [k, [...v].join()]));
      return;
    }
    const outcome = await cf.foldDetailed(input);
    c.eq(`${label} kind`, outcome.kind, "folded");
    const node = outcome.node ?? {};
    c.eq(`${label} cold node file`, storage.text(exp.file_path), exp.cold_node_file);
    c.eq(`${label} node`, node, camelObj(JSON.parse(exp.cold_node_file)));
    c.eq(`${label} hashes`, [node.payloadSha256, node.projectionSha256, node.artifactSha256], [exp.payload_sha256, exp.projection_sha256, exp.artifact_sha256]);
    c.eq(`${label} index entry`, await cf.entry(input.stepId), camelObj(exp.index_entry));
    if (exp.recall_index_file !== undefined) c.eq(`${label} recall_index.json`, storage.text(INDEX_KEY), exp.recall_index_file);
  }

  // ---- fold: curated demo (one store) ----
  const demo = read("fold_demo.json");
  if (demo) {
    await run("fold_demo", async (c) => {
      const storage = new MemoryStorage();
      const cf = await open(storage);
      for (const [i, turn] of demo.turns.entries()) await checkTurn(c, cf, storage, turn, `turn ${i} (step ${turn.input.step_id})`);
      c.eq("recall_index.json after all folds", storage.text(INDEX_KEY), demo.recall_index_file_after_all_folds);
      const d = demo.duplicate_fold;
      const before = storage.snapshot();
      const node = await cf.fold(foldInput(d.input));
      c.eq("duplicate fold returns the existing node", node.artifactSha256, d.returns_index_entry.artifact_sha256);
      c.eq("duplicate fold node summary", node.summary, d.returns_index_entry.summary);
      const detailed = await cf.foldDetailed(foldInput(d.input));
      c.eq("duplicate foldDetailed", { kind: detailed.kind, entry: detailed.entry }, { kind: "duplicate", entry: camelObj(d.returns_index_entry) });
      c.eq("duplicate foldDetailed carries the folded-step record", detailed.foldedStep?.step_id, d.returns_index_entry.step_id);
      const after = storage.snapshot();
      c.eq("duplicate fold changes no file", [...after.keys()], [...before.keys()]);
      for (const [k, v] of before) c.ok(`duplicate fold changed ${k}`, deepEq([...after.get(k)], [...v]));
      onStore("fold_demo", storage);
    });
  }

  // ---- fold: single-fold and multi-turn scenarios ----
  for (const file of ["fold_extra.json", "fold.json"]) {
    const data = read(file);
    if (!data) continue;
    for (const sc of data.cases) {
      await run(`${file}:${sc.id}`, async (c) => {
        const storage = new MemoryStorage();
        const policy = sc.policy !== undefined ? sc.policy : sc.input?.policy;
        if (policy !== null && policy !== undefined) storage.set(POLICY_KEY, policyText(policy));
        const cf = await open(storage);
        const turns = sc.turns ?? [{ input: sc.input, expected: sc.expected }];
        for (const [i, turn] of turns.entries()) await checkTurn(c, cf, storage, turn, `turn ${i}`);
        if (sc.recall_index_file !== undefined) c.eq("recall_index.json", storage.text(INDEX_KEY), sc.recall_index_file);
        if (sc.cold_node_files_on_disk) {
          c.eq("cold_nodes/ listing", (await storage.list(".contextfold/cold_nodes/")).map((k) => k.split("/").pop()), sc.cold_node_files_on_disk);
        }
        onStore(`${file}:${sc.id}`, storage);
      });
    }
  }

  // ---- stores for scan / recall ----
  const storeSets = {};
  const storesFrom = (name) => {
    if (storeSets[name]) return storeSets[name];
    const d = read(name);
    return (storeSets[name] = d && d.stores ? d.stores : undefined);
  };
  const built = new Map();
  async function buildStore(setName, storeName) {
    const key = `${setName}/${storeName}`;
    if (built.has(key)) return built.get(key);
    const def = storesFrom(setName)?.[storeName];
    if (!def) throw new Error(`no store ${storeName} in ${setName}`);
    const storage = new MemoryStorage();
    if (def.policy_at_fold) storage.set(POLICY_KEY, policyText(def.policy_at_fold));
    const cf = await open(storage);
    for (const [stepId, summary, raw] of def.turns) {
      const input = { stepId, summary };
      if (raw !== null && raw !== undefined) input.rawContent = raw;
      await cf.fold(input);
    }
    const result = { storage, indexText: storage.text(INDEX_KEY), expectedIndex: def.recall_index_file };
    built.set(key, result);
    return result;
  }
  async function storeCopy(setName, storeName, policy) {
    // A case without a store runs over an empty one.
    const storage = storeName ? (await buildStore(setName, storeName)).storage : new MemoryStorage();
    const copy = new MemoryStorage();
    for (const [k, v] of storage.snapshot()) copy.set(k, v);
    if (policy !== null && policy !== undefined) copy.set(POLICY_KEY, policyText(policy));
    return copy;
  }
  for (const setName of ["stores.json", "scan.json"]) {
    const stores = storesFrom(setName);
    if (!stores) continue;
    for (const name of Object.keys(stores)) {
      await run(`${setName}:store ${name}`, async (c) => {
        const b = await buildStore(setName, name);
        if (b.expectedIndex !== undefined) c.eq("recall_index.json", b.indexText, b.expectedIndex);
        onStore(`${setName}:store ${name}`, b.storage);
      });
    }
  }

  // ---- scan ----
  const scan = read("scan.json");
  if (scan) {
    const setName = scan.stores ? "scan.json" : "stores.json";
    for (const sc of scan.cases) {
      await run(`scan.json:${sc.id}`, async (c) => {
        const cf = await open(await storeCopy(setName, sc.store, sc.policy));
        const r = await cf.scan(sc.query);
        const e = sc.expected ?? {};
        // Only what the vector states is compared (over an empty index the reference returns before the query terms).
        const lists = [
          ["candidates", r.candidates, (x) => [x.stepId, x.matched], (x) => [x.step_id, x.matched]],
          ["selected", r.selected, (x) => [x.stepId, x.matched, x.cost], (x) => [x.step_id, x.matched_residual, x.cost]],
          ["budget_dropped", r.budgetDropped, (x) => [x.stepId, x.matched, x.cost], (x) => [x.step_id, x.terms, x.cost]],
        ];
        for (const [key, got, mine, theirs] of lists) if (Array.isArray(e[key])) c.eq(key, got.map(mine), e[key].map(theirs));
        if (Array.isArray(e.selected_step_ids)) c.eq("selected_step_ids", r.selected.map((x) => x.stepId), e.selected_step_ids);
        c.eqFields(r, e, { queryTerms: "query_terms", consumedTokens: "consumed_tokens", budgetLimit: "budget_limit", maxPerCall: "max_per_call", residual: "residual_after" });
      });
    }
  }

  // ---- recall ----
  const recall = read("recall.json");
  if (recall) {
    const setName = recall.stores_file ?? "stores.json";
    for (const sc of recall.cases) {
      await run(`recall.json:${sc.id}`, async (c) => {
        const { storage } = await buildStore(setName, sc.store);
        const cf = await open(storage);
        const r = await cf.recall(sc.query);
        c.eq("candidates", r.map((x) => [x.stepId, x.score, x.coverage, x.status]), sc.expected.candidates.map((x) => [x.step_id, x.score, x.coverage, x.status]));
      });
    }
  }

  // ---- extract ----
  const ex = read("extract.json");
  if (ex) {
    for (const sc of ex.cases) {
      await run(`extract.json:${sc.id}`, async (c) => {
        const r = extract(sc.text);
        c.eqFields(r, sc.expected, { identifiers: "identifiers", files: "files", commands: "commands", errors: "errors", queryTerms: "scan_query_terms" });
      });
    }
  }

  // ---- hydrate ----
  const hy = read("hydrate.json");
  if (hy) {
    const defaultPolicy = read("fold_demo.json")?.default_policy ?? read("fold.json")?.default_policy ?? {
      policy_version: "1.1", max_rehydration_tokens_per_call: 3000, max_rehydration_tokens_per_turn: 3500,
      scope: "single_turn", eviction_trigger: "after_response", integrity_verification: true,
    };
    for (const sc of hy.cases) {
      await run(`hydrate.json:${sc.id}`, async (c) => {
        const i = sc.input;
        const raw = i.raw_content ?? "x".repeat(i.raw_content_length);
        const storage = new MemoryStorage();
        const cf = await open(storage);
        await cf.fold({ stepId: 5, summary: "hydrate case", rawContent: raw });
        storage.set(POLICY_KEY, policyText({ ...defaultPolicy, max_rehydration_tokens_per_call: i.max_rehydration_tokens_per_call }));
        const h = await cf.hydrate(5);
        const e = sc.expected;
        c.eq("truncated", h.truncated, e.truncated);
        c.eq("tokenEstimate", h.tokenEstimate, e.token_estimate);
        c.eq("content length (code points)", [...h.content].length, e.content_length);
        if (e.content !== null && e.content !== undefined) c.eq("content", h.content, e.content);
        c.eq("stored token estimate", (await cf.entry(5)).tokenEstimate, e.stored_token_estimate);
        if (e.payload_sha256) c.eq("payloadSha256", h.payloadSha256, e.payload_sha256);
        onStore(`hydrate.json:${sc.id}`, storage);
      });
    }
  }

  // ---- evict ----
  const ev = read("evict.json");
  if (ev && demo) {
    await run("evict.json", async (c) => {
      const storage = new MemoryStorage();
      const cf = await open(storage);
      const t137 = demo.turns.find((t) => t.input.step_id === 137);
      await cf.fold(foldInput(t137.input));
      const r1 = await cf.evict(137);
      const r2 = await cf.evict(137);
      c.eq("returns", [r1, r2], ev.returns.map(camelObj));
      let err;
      try {
        await cf.evict(999);
      } catch (e) {
        err = e;
      }
      c.ok(`evict 999 throws NodeNotFoundError (got ${err && err.name})`, err instanceof NodeNotFoundError);
      c.eq("evict 999 message", err && err.message, ev.evict_unknown.message);
      c.eq("eviction_log.json", storage.text(LOG_KEY), ev.eviction_log_file);
      c.eq("index entry after", await cf.entry(137), camelObj(ev.index_entry_after));
      c.eq("recall_index.json after", storage.text(INDEX_KEY), ev.recall_index_file_after);
      onStore("evict.json", storage);
    });
  }

  // ---- inputs on which the reference crashed: a typed error, and the store as it was ----
  const crashes = read("crashes.json");
  if (crashes) {
    for (const sc of crashes.cases) {
      await run(`crashes.json:${sc.id}`, async (c) => {
        const i = sc.input;
        const storage = new MemoryStorage();
        if (i.policy !== null && i.policy !== undefined) storage.set(POLICY_KEY, policyText(i.policy));
        const cf = await open(storage);
        const input = { stepId: i.step_id, summary: pyValue(i.summary) };
        if (i.raw_content !== null && i.raw_content !== undefined) input.rawContent = pyValue(i.raw_content);
        for (const k of ["files", "commands", "errors", "session_id"]) if (i[k] !== undefined && i[k] !== null) input[camel(k)] = i[k];
        const stage = sc.kind === "fold" ? "fold" : sc.kind.replace("fold_then_", "");
        let before = storage.snapshot();
        let err;
        try {
          await cf.fold(input);
          before = storage.snapshot();
          if (stage === "scan") await cf.scan(i.query);
          else if (stage === "hydrate") await cf.hydrate(i.step_id);
          else if (stage !== "fold") throw new Error(`unknown kind ${sc.kind}`);
        } catch (e) {
          err = e;
        }
        if (stage !== "fold" && err === undefined) return; // the engine may accept what Python could not
        c.ok(`a ContextFoldError (got ${err && `${err.name}: ${err.message}`})`, err instanceof ContextFoldError);
        const after = storage.snapshot();
        c.eq("store unchanged", [...after.keys()], [...before.keys()]);
      });
    }
  }

  log(`${passed} passed, ${failed} failed`);
  return { passed, failed };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2];
  if (!dir) {
    console.error("usage: node tests/replay.mjs DIR");
    process.exit(2);
  }
  const { passed, failed } = await replay(path.resolve(dir));
  process.exit(failed > 0 || passed === 0 ? 1 : 0);
}
