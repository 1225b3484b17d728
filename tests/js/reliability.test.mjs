// Issue 17 through the packed package: limits (typed errors before anything crosses into wasm, and a working
// instance afterwards), repair (API and CLI), structurally wrong files refused with repair offered, runtime schema
// validation in agreement with ajv over the same mutated files.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, realpathSync, writeFileSync, rmSync, mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import * as path from "node:path";
import { ROOT, CONSUMER, PKG_DIR, cf, CLOCK } from "./helpers.mjs";

const { ContextFold, MemoryStorage, NodeFsStorage, LimitExceededError, InvalidInputError, IntegrityCheckError, defaultLimits, REFERENCE_POLICY } = cf;
const BIN = path.join(PKG_DIR, "bin", "contextfold.mjs");
const INDEX = ".contextfold/recall_index.json";
const node = (step) => `.contextfold/cold_nodes/step_${String(step).padStart(6, "0")}.json`;

function cli(args, cwd, input) {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd, input, env: { ...process.env, SOURCE_DATE_EPOCH: "1767225600" }, maxBuffer: 1 << 26, timeout: 120_000 });
  return { status: r.status, signal: r.signal, stdout: r.stdout?.toString("utf8") ?? "", stderr: r.stderr?.toString("utf8") ?? "" };
}

function freshDir(name) {
  const base = path.join(CONSUMER, "reliability");
  mkdirSync(base, { recursive: true });
  return realpathSync(mkdtempSync(path.join(base, `${name}-`)));
}

async function storeWith(n, storage = new MemoryStorage()) {
  const c = await ContextFold.open(storage, { clock: CLOCK, journal: false, defaultPolicy: REFERENCE_POLICY });
  for (let i = 1; i <= n; i++) await c.fold({ stepId: i * 100, summary: `Legit node ${i * 100}`, rawContent: `content ${i * 100} PostgreSQL port ${5000 + i}` });
  await c.close();
  return storage;
}

describe("limits", () => {
  it("defaultLimits(): 64 MiB payload, 16 MiB prompt, 512 MiB index, 250,000 entries", () => {
    assert.deepEqual(defaultLimits(), { maxPayloadBytes: 64 << 20, maxPromptBytes: 16 << 20, maxIndexBytes: 512 << 20, maxIndexEntries: 250_000, maxBatchBytes: 256 << 20 });
  });

  it("a fold over the payload limit rejects with LimitExceededError before crossing into wasm; the next fold works", async () => {
    const storage = new MemoryStorage();
    const c = await ContextFold.open(storage, { clock: CLOCK });
    const huge = "x".repeat((64 << 20) + 1);
    const err = await c.fold({ stepId: 1, summary: "big", rawContent: huge }).catch((e) => e);
    assert.ok(err instanceof LimitExceededError, String(err));
    assert.ok(err instanceof InvalidInputError, "a kind of invalid input");
    assert.equal(err.code, "LIMIT_EXCEEDED");
    assert.equal(storage.keys().filter((k) => k.includes("step_")).length, 0, "nothing written");
    const folded = await c.fold({ stepId: 1, summary: "small", rawContent: "PostgreSQL on 5433" });
    assert.equal(folded.stepId, 1);
    await assert.rejects(c.foldMany([{ stepId: 2, summary: "a" }, { stepId: 3, summary: huge }]), LimitExceededError);
    assert.equal((await c.status()).total, 1);
  });

  it("lowered limits: the engine counts UTF-8 bytes, prompts and entries are refused, the instance keeps working", async () => {
    const storage = new MemoryStorage();
    const c = await ContextFold.open(storage, { clock: CLOCK, limits: { maxPayloadBytes: 1000, maxPromptBytes: 50, maxIndexEntries: 2 } });
    assert.deepEqual(c.limits(), { maxPayloadBytes: 1000, maxPromptBytes: 50, maxIndexBytes: 512 << 20, maxIndexEntries: 2, maxBatchBytes: 4000 });
    // 600 UTF-16 units, 1,200 UTF-8 bytes: passes the JS pre-check, refused by the engine.
    await assert.rejects(c.fold({ stepId: 1, summary: "s", rawContent: "é".repeat(600) }), (e) => e instanceof LimitExceededError && /1201 bytes/.test(e.message));
    await assert.rejects(c.scan("q".repeat(51)), LimitExceededError);
    await assert.rejects(c.beforeTurn("q".repeat(51)), LimitExceededError);
    await assert.rejects(c.recall("q".repeat(51)), LimitExceededError);
    await c.fold({ stepId: 1, summary: "one" });
    await c.fold({ stepId: 2, summary: "two" });
    await assert.rejects(c.fold({ stepId: 3, summary: "three" }), LimitExceededError);
    assert.equal((await c.status()).total, 2);
    assert.ok((await c.validate()).ok);
    await assert.rejects(ContextFold.open(new MemoryStorage(), { limits: { maxPayloadBytes: (64 << 20) + 1 } }), (e) => e.code === "INVALID_INPUT");
    const many = await ContextFold.open(new MemoryStorage(), { clock: CLOCK, limits: { maxPayloadBytes: 1000 } });
    const inputs = (n) => Array.from({ length: n }, (_, i) => ({ stepId: i + 1, summary: "x".repeat(900) }));
    await assert.rejects(many.foldMany(inputs(5)), (e) => e instanceof LimitExceededError && /batch limit of 4000/.test(e.message));
    assert.equal((await many.foldMany(inputs(4))).length, 4);
  });

  it("the engine refuses too when the JS check is bypassed (the raw Engine binding)", async () => {
    // A string over the limit reaches the binding only if the JS layer is skipped: its own length check refuses it.
    const { Engine } = createRequire(import.meta.url)(path.join(PKG_DIR, "node", "contextfold.js"));
    const e = await Engine.open(new MemoryStorage(), { clock: CLOCK, limits: { maxPayloadBytes: 10 } });
    await assert.rejects(e.fold({ stepId: 1, summary: "s".repeat(11) }), (err) => err.code === "LIMIT_EXCEEDED");
    const ok = await e.fold({ stepId: 1, summary: "s".repeat(10) });
    assert.equal(ok.kind, "folded");
  });

  it("contextfold fold --file /dev/zero stops after the limit with LimitExceededError (exit 1), writing nothing", { skip: !existsSync("/dev/zero") }, () => {
    const root = freshDir("zero");
    const r = cli(["fold", "1", "s", "--file", "/dev/zero", "--dir", root], root);
    assert.equal(r.signal, null);
    assert.equal(r.status, 1, r.stderr);
    assert.match(r.stderr, /\[ERROR\] LimitExceededError: --file \/dev\/zero: more than 67108864 bytes/);
    assert.ok(!existsSync(path.join(root, ".contextfold")), "arguments are read before the store is touched: nothing written");
    const j = cli(["fold", "1", "s", "--file", "-", "--json", "--dir", root], root, Buffer.alloc((64 << 20) + 1, 0x61));
    assert.equal(j.status, 1);
    assert.equal(JSON.parse(j.stdout).error.code, "LIMIT_EXCEEDED");
  });
});

describe("structurally wrong files", () => {
  for (const [name, text] of [["{}", "{}"], ["an array", "[]"], ["nodes as a list", '{"nodes": []}'], ["an entry that is a number", '{"nodes": {"100": 1}}']]) {
    it(`an index holding ${name} is refused (IntegrityCheckError naming repair) and left as it was`, async () => {
      const storage = await storeWith(2);
      storage.set(INDEX, text);
      const err = await ContextFold.open(storage, { clock: CLOCK }).catch((e) => e);
      assert.ok(err instanceof IntegrityCheckError, String(err));
      assert.match(err.message, /contextfold repair/);
      assert.equal(storage.text(INDEX), text);
    });
  }
});

describe("repair", () => {
  it("cf.repair() indexes the orphan of an interrupted fold: the store validates, the index is the completed fold's", async () => {
    const storage = await storeWith(2);
    const before = storage.text(INDEX);
    const c = await ContextFold.open(storage, { clock: CLOCK, journal: false, defaultPolicy: REFERENCE_POLICY });
    await c.fold({ stepId: 300, summary: "Legit node 300" });
    const complete = storage.text(INDEX);
    storage.set(INDEX, before);
    await c.reload();
    const v = await c.validate();
    assert.equal(v.ok, false);
    assert.equal(v.repairable, true);
    const report = await c.repair();
    assert.deepEqual(report.reindexed, [300]);
    assert.equal(storage.text(INDEX), complete);
    assert.ok((await c.validate()).ok);
    assert.equal((await c.hydrate(300)).content, "Legit node 300");
    await c.close();
  });

  it("ContextFold.repair(storage) rebuilds an index holding {} and quarantines it; nothing is deleted", async () => {
    const storage = await storeWith(3);
    const original = storage.text(INDEX);
    storage.set(INDEX, "{}");
    const report = await ContextFold.repair(storage, { clock: CLOCK });
    assert.equal(report.indexRebuilt, true);
    assert.equal(storage.text(INDEX), original);
    assert.equal(report.quarantined.length, 1);
    assert.equal(storage.text(report.quarantined[0].movedTo), "{}");
    assert.ok(storage.text(`${report.quarantineDir}/report.json`).includes("recall_index.json"));
    const c = await ContextFold.open(storage, { clock: CLOCK });
    assert.ok((await c.validate()).ok);
  });

  it("contextfold repair over NodeFsStorage (under the store lock): tampered node quarantined, validate then passes", () => {
    const root = freshDir("repair");
    for (const [i, s] of [[1, "one PostgreSQL"], [2, "two PostgreSQL"]]) assert.equal(cli(["fold", String(i), s, "--dir", root], root).status, 0);
    assert.equal(cli(["checkpoint", "--dir", root], root).status, 0);
    const file = path.join(root, node(1));
    writeFileSync(file, readFileSync(file, "utf8").replace("one PostgreSQL", "evil PostgreSQL"));
    writeFileSync(path.join(root, node(9)), "{\"step_id\": 9");
    const v = cli(["validate", "--dir", root], root);
    assert.equal(v.status, 1);
    assert.match(v.stdout, /Hint: `contextfold repair` would fix this/);
    const ref = cli(["validate", "--reference", "--dir", root], root);
    assert.doesNotMatch(ref.stdout, /Hint|Schema/, "the reference's screen only");
    const r = cli(["repair", "--dir", root], root);
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /\[REPAIR\] Store repaired: 1 indexed node\(s\)\./);
    assert.match(r.stdout, /Quarantined \.contextfold\/cold_nodes\/step_000001\.json -> \.contextfold\/quarantine\//);
    const after = cli(["validate", "--dir", root], root);
    assert.equal(after.status, 0, after.stdout);
    const j = JSON.parse(cli(["repair", "--json", "--dir", root], root).stdout);
    assert.equal(j.changed, false);
    assert.ok(!existsSync(path.join(root, ".contextfold", "write.lock")), "the lock is released");
  });

  it("contextfold validate on an index holding {} exits 3 and names contextfold repair; repair fixes it", () => {
    const root = freshDir("empty-index");
    assert.equal(cli(["fold", "1", "one", "--dir", root], root).status, 0);
    assert.equal(cli(["checkpoint", "--dir", root], root).status, 0);
    const original = readFileSync(path.join(root, INDEX), "utf8");
    writeFileSync(path.join(root, INDEX), "{}");
    const v = cli(["validate", "--dir", root], root);
    assert.equal(v.status, 3);
    assert.match(v.stderr, /IntegrityCheckError: recall_index\.json: has no "nodes" object.*contextfold repair/s);
    const f = cli(["fold", "2", "two", "--dir", root], root);
    assert.equal(f.status, 3, "the next fold refuses too");
    assert.equal(readFileSync(path.join(root, INDEX), "utf8"), "{}");
    assert.equal(cli(["repair", "--dir", root], root).status, 0);
    assert.equal(readFileSync(path.join(root, INDEX), "utf8"), original);
  });
});

describe("runtime schema validation agrees with ajv", () => {
  const Ajv2020 = createRequire(import.meta.url)(path.join(ROOT, "node_modules", "ajv", "dist", "2020.js")).default;
  const ajv = new Ajv2020({ strict: true, allErrors: true, formats: { "date-time": /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/i } });
  for (const f of readdirSync(path.join(ROOT, "schemas"))) ajv.addSchema(JSON.parse(readFileSync(path.join(ROOT, "schemas", f), "utf8")), f);

  /** Mutations of one JSON document: each a function returning a new document. */
  const mutate = {
    node: [
      (d) => ({ ...d, status: "warm" }), (d) => ({ ...d, step_id: "100" }), (d) => ({ ...d, step_id: 1.5 }), (d) => ({ ...d, step_id: 2 ** 54 }),
      (d) => ({ ...d, extra: 1 }), (d) => { const { summary, ...r } = d; return r; }, (d) => ({ ...d, files: ["a", 3] }), (d) => ({ ...d, identifiers: ["a", "a"] }),
      (d) => ({ ...d, payload_sha256: "ABC" }), (d) => ({ ...d, folded_at: "2026-01-01 00:00:00" }), (d) => ({ ...d, session_id: "" }), (d) => ({ ...d, token_estimate: -1 }),
      (d) => ({ ...d, ipcf_version: "1.2" }), (d) => ({ ...d, sanitized: null }), (d) => [d], () => null, (d) => d, (d) => ({ ...d, token_estimate: 3.0 }),
    ],
    index: [
      (d) => ({ ...d, nodes: { ...d.nodes, "0100": d.nodes["100"] } }), (d) => ({ ...d, nodes: { ...d.nodes, "100": { ...d.nodes["100"], evicted: 0 } } }),
      (d) => ({ ...d, nodes: { ...d.nodes, "100": { ...d.nodes["100"], file_path: "../evil.json" } } }), (d) => { const { created_at, ...r } = d; return r; },
      (d) => ({ ...d, nodes: { ...d.nodes, "100": { ...d.nodes["100"], extra: true } } }), (d) => ({ ...d, projection_version: "v3" }), (d) => d,
      (d) => ({ ...d, nodes: { ...d.nodes, "-5": { ...d.nodes["100"], step_id: -5, file_path: ".contextfold/cold_nodes/step_-00005.json" } } }),
    ],
    policy: [
      (d) => d, () => ({}), (d) => ({ ...d, max_rehydration_tokens_per_call: -1 }), (d) => ({ ...d, redaction: true }), (d) => ({ ...d, redaction: "secrets-v1" }),
      (d) => ({ ...d, redaction: null }), (d) => ({ ...d, integrity_verification: "yes" }), (d) => ({ ...d, anything: [1, { a: 2 }] }), () => [1, 2],
    ],
    log: [
      (d) => d, () => ({}), () => ({ evicted: [{ step_id: 1, evicted_at: "2026-01-01T00:00:00Z", x: 1 }] }), () => ({ evicted: [3] }),
      () => ({ evicted: [{ step_id: "1", evicted_at: "x" }] }), () => ({ evicted: [] }),
    ],
  };

  it("the engine's violations (validate) and ajv's errors match: the same verdict and the same JSON paths", async () => {
    const base = await storeWith(1);
    const c0 = await ContextFold.open(base, { clock: CLOCK });
    await c0.evict(100);
    await c0.close();
    const docs = { node: JSON.parse(base.text(node(100))), index: JSON.parse(base.text(INDEX)), policy: { ...REFERENCE_POLICY }, log: JSON.parse(base.text(".contextfold/eviction_log.json")) };
    const target = { node: [node(100), "cold_node.schema.json"], index: [INDEX, "recall_index.schema.json"], policy: [".contextfold/hydration_policy.json", "hydration_policy.schema.json"], log: [".contextfold/eviction_log.json", "eviction_log.schema.json"] };
    let compared = 0;
    for (const [kind, list] of Object.entries(mutate)) {
      for (const m of list) {
        const doc = m(structuredClone(docs[kind]));
        const [key, schema] = target[kind];
        const validateFn = ajv.getSchema(schema);
        const ajvOk = validateFn(doc);
        const ajvPaths = ajvOk ? [] : [...new Set(validateFn.errors.map((e) => e.instancePath))].sort();
        // The same document in a store: the index with its entry, the others beside a sound index.
        const storage = new MemoryStorage();
        for (const k of base.keys()) storage.set(k, base.get(k));
        storage.set(key, JSON.stringify(doc));
        let ours;
        try {
          const c = await ContextFold.open(storage, { clock: CLOCK, journal: false, policy: kind === "policy" ? undefined : REFERENCE_POLICY });
          const v = await c.validate();
          ours = [...new Set(v.schemaViolations.filter((x) => x.file === key).map((x) => x.path))].sort();
          await c.close({ checkpoint: false });
        } catch (e) {
          // Documents the engine refuses outright (not an index, a policy that is not an object): ajv must reject them too.
          assert.equal(ajvOk, false, `${kind} ${JSON.stringify(doc).slice(0, 80)}: the engine refused (${e.message}) what ajv accepts`);
          compared++;
          continue;
        }
        // The index entry `0100` (a second key of step 100) is one entry the engine keeps separately; paths agree.
        assert.deepEqual(ours, ajvPaths, `${kind}: ${JSON.stringify(doc).slice(0, 160)}\najv: ${JSON.stringify(validateFn.errors)}`);
        compared++;
      }
    }
    assert.ok(compared >= 40, `${compared} documents compared`);
  });
});
