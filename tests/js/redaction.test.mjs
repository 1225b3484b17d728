// Secret redaction through the packed package (issue 13), scored as the hidden corpus is: every text folded with
// `ContextFold.open(new MemoryStorage())` and no options, then every byte the storage holds (cold node, index,
// snapshot, journal, policy) and what scan / recall / hydrate / status return, searched for any 8-character
// window of a planted value. Look-alikes must stay byte-identical, and no text outside a secret's span may change.
// Then the policy (safe by default, the reference's for stores it made), the public redact() API and the CLI.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, mkdirSync, readFileSync, existsSync, writeFileSync, rmSync } from "node:fs";
import * as path from "node:path";

import { cf, CLOCK, PKG_DIR, ROOT } from "./helpers.mjs";
import { buildCorpus } from "./redaction-corpus.mjs";

const { ContextFold, MemoryStorage, redact, redactionRules, REFERENCE_POLICY, DEFAULT_POLICY, InvalidInputError } = cf;
const POLICY_KEY = ".contextfold/hydration_policy.json";
const sha256 = (s) => createHash("sha256").update(s).digest("hex");
const corpus = buildCorpus();

/** Everything a user of the store can read back: every stored byte, and the read operations' results. */
async function everything(storage, store, text, planted = []) {
  const parts = storage.keys().map((k) => storage.text(k) ?? "");
  // The queries are the text's words without the planted values (a query holding a secret is echoed back).
  let words = text;
  for (const v of planted) words = words.split(v).join(" ");
  words = words.split(/\s+/).filter((w) => w.length > 2).slice(0, 40).join(" ");
  parts.push(JSON.stringify(await store.scan(words)));
  parts.push(JSON.stringify(await store.recall(words)));
  parts.push(JSON.stringify(await store.hydrate(1)));
  parts.push(JSON.stringify(await store.status()));
  parts.push(JSON.stringify(await store.foldedSteps()));
  parts.push(JSON.stringify(await store.beforeTurn(words)));
  return parts.join("\n\u0000\n");
}

function leaks(value, haystack) {
  for (let i = 0; i + 8 <= value.length; i++) {
    const w = value.slice(i, i + 8);
    if (haystack.includes(w)) return w;
  }
  return value.length < 8 && haystack.includes(value) ? value : null;
}

/** Whether `stored` is `text` with exactly the planted spans replaced by markers (one or more each). */
function onlySpansChanged(text, planted, stored) {
  const spans = [];
  for (const v of planted) {
    for (let at = text.indexOf(v); at >= 0; at = text.indexOf(v, at + 1)) spans.push([at, at + v.length]);
  }
  spans.sort((a, b) => a[0] - b[0]);
  const merged = [];
  for (const s of spans) {
    const last = merged.at(-1);
    if (last && s[0] <= last[1]) last[1] = Math.max(last[1], s[1]);
    else merged.push([...s]);
  }
  const esc = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  let re = "^";
  let last = 0;
  for (const [a, b] of merged) {
    re += `${esc(text.slice(last, a))}(?:\\[REDACTED:[a-z0-9-]+\\])+`;
    last = b;
  }
  re += `${esc(text.slice(last))}$`;
  return new RegExp(re, "s").test(stored);
}

describe("corpus: folds through the package with no options", () => {
  test("≥ 99 % of planted values leave no 8-character window in any stored or returned byte; only their spans change", async () => {
    let planted = 0;
    let clean = 0;
    const leaked = [];
    const changed = [];
    for (const item of corpus.positives) {
      const storage = new MemoryStorage();
      const store = await ContextFold.open(storage);
      const summary = item.text.split("\n")[0].slice(0, 200);
      await store.fold({ stepId: 1, summary, rawContent: item.text });
      const hay = await everything(storage, store, item.text, item.planted);
      for (const v of item.planted) {
        planted++;
        const w = leaks(v, hay);
        if (w === null) clean++;
        else leaked.push(`${item.name}: ${JSON.stringify(w)} of ${JSON.stringify(v.slice(0, 60))}`);
      }
      const node = await store.node(1);
      assert.equal(node.sanitized, true);
      assert.equal(node.payloadSha256, sha256(node.rawContent), "payload_sha256 is the hash of the stored (redacted) bytes");
      if (!onlySpansChanged(item.text, item.planted, node.rawContent)) changed.push(`${item.name}: ${JSON.stringify(redact(item.text).findings.map((f) => [f.rule, item.text.slice(f.start, f.end).slice(0, 50)]))}`);
      await store.close();
    }
    const score = clean / planted;
    console.log(`# redaction corpus: ${clean}/${planted} planted values without a leaked window (${(100 * score).toFixed(2)} %), ${corpus.positives.length - changed.length}/${corpus.positives.length} texts unchanged outside the spans`);
    assert.ok(score >= 0.99, `only ${(100 * score).toFixed(2)} % clean:\n${leaked.slice(0, 30).join("\n")}`);
    assert.deepEqual(leaked, [], "this corpus is ours: every value must be clean");
    assert.deepEqual(changed, [], "text outside the secrets changed");
  });

  test("100 % of look-alikes are stored byte-identical (raw content, summary, every list)", async () => {
    const changed = [];
    for (const item of corpus.negatives) {
      const storage = new MemoryStorage();
      const store = await ContextFold.open(storage);
      const summary = item.text.split("\n")[0];
      const lines = item.text.split("\n");
      const node = await store.fold({ stepId: 1, summary, rawContent: item.text, files: lines.slice(1, 3), commands: lines.slice(-2) });
      const same = node.rawContent === item.text && node.summary === summary && JSON.stringify([node.files, node.commands]) === JSON.stringify([lines.slice(1, 3), lines.slice(-2)]);
      if (!same) {
        changed.push(`${item.name}: ${JSON.stringify(redact(item.text).findings.map((f) => [f.rule, item.text.slice(f.start, f.end)]))}`);
      }
    }
    console.log(`# redaction corpus: ${corpus.negatives.length - changed.length}/${corpus.negatives.length} look-alikes byte-identical`);
    assert.deepEqual(changed, []);
  });

  test("journaled folds and checkpoints store no planted value either", async () => {
    const storage = new MemoryStorage();
    const store = await ContextFold.open(storage, { journal: true });
    const items = corpus.positives.filter((_, i) => i % 9 === 0);
    for (const [i, item] of items.entries()) await store.fold({ stepId: i + 1, summary: item.text.slice(0, 120), rawContent: item.text });
    assert.ok(storage.keys().includes(".contextfold/recall_index.journal"));
    const before = storage.keys().map((k) => storage.text(k)).join("\n");
    await store.checkpoint();
    const after = storage.keys().map((k) => storage.text(k)).join("\n");
    // Several texts share this store: a window that also occurs in their secret-free text (e.g. "https://") is
    // not a leak.
    let innocent = items.map((i) => i.text).join("\n");
    for (const item of items) for (const v of item.planted) innocent = innocent.split(v).join("\n");
    const stored = before + after;
    for (const item of items) {
      for (const v of item.planted) {
        for (let k = 0; k + 8 <= v.length; k++) {
          const w = v.slice(k, k + 8);
          assert.ok(!stored.includes(w) || innocent.includes(w), `${item.name}: ${JSON.stringify(w)} of ${v.slice(0, 40)}`);
        }
      }
    }
  });
});

describe("policy: safe by default, the reference's for the reference's stores", () => {
  const input = { stepId: 7, summary: "cat .env", rawContent: "GITHUB_TOKEN=ghp_16C7e42F292c6912E7710c838347Ae178B4a\nPORT=5433\n" };

  test("a new store gets DEFAULT_POLICY written at its first fold, and its folds are redacted", async () => {
    const storage = new MemoryStorage();
    const store = await ContextFold.open(storage, { clock: CLOCK });
    assert.equal(storage.get(POLICY_KEY), undefined, "open writes nothing");
    const node = await store.fold(input);
    assert.deepEqual(JSON.parse(storage.text(POLICY_KEY)), DEFAULT_POLICY);
    assert.equal(node.sanitized, true);
    assert.equal(node.rawContent, "GITHUB_TOKEN=[REDACTED:github-pat]\nPORT=5433\n");
    assert.equal(node.payloadSha256, sha256(node.rawContent));
    assert.equal((await store.validate()).ok, true, "CONF-02 holds over the redacted bytes");
    assert.equal(DEFAULT_POLICY.redaction, "secrets-v2");
    assert.deepEqual({ ...DEFAULT_POLICY, redaction: undefined }, { ...REFERENCE_POLICY, redaction: undefined });
    assert.ok(Object.isFrozen(DEFAULT_POLICY) && Object.isFrozen(REFERENCE_POLICY));
  });

  test("defaultPolicy: REFERENCE_POLICY is strict reference behaviour: no policy file, sanitized false, bytes kept", async () => {
    const storage = new MemoryStorage();
    const store = await ContextFold.open(storage, { clock: CLOCK, defaultPolicy: REFERENCE_POLICY });
    const node = await store.fold(input);
    assert.equal(storage.get(POLICY_KEY), undefined);
    assert.equal(node.sanitized, false);
    assert.equal(node.rawContent, input.rawContent);
    assert.equal(node.payloadSha256, sha256(input.rawContent));
  });

  test("a store with an index and no policy file (the reference's) keeps the reference's policy; an existing file rules", async () => {
    const storage = new MemoryStorage();
    await (await ContextFold.open(storage, { clock: CLOCK, defaultPolicy: REFERENCE_POLICY })).fold({ stepId: 1, summary: "first" });
    const reopened = await ContextFold.open(storage, { clock: CLOCK });
    const node = await reopened.fold(input);
    assert.equal(node.sanitized, false);
    assert.equal(storage.get(POLICY_KEY), undefined, "nothing written into the reference's store");
    storage.set(POLICY_KEY, JSON.stringify({ ...REFERENCE_POLICY, redaction: "secrets-v1" }));
    assert.equal((await reopened.fold({ ...input, stepId: 8 })).sanitized, true);
    storage.set(POLICY_KEY, JSON.stringify({ ...REFERENCE_POLICY, redaction: false }));
    assert.equal((await reopened.fold({ ...input, stepId: 9 })).rawContent, input.rawContent);
  });

  test("the redaction key is in folding_policy_hash: the same text gets other projection hashes than the reference's", async () => {
    const plain = { stepId: 3, summary: "no secrets here", rawContent: "PostgreSQL on port 5433" };
    const a = await (await ContextFold.open(new MemoryStorage(), { clock: CLOCK })).fold(plain);
    const b = await (await ContextFold.open(new MemoryStorage(), { clock: CLOCK, defaultPolicy: REFERENCE_POLICY })).fold(plain);
    assert.equal(a.payloadSha256, b.payloadSha256, "no secret: the same payload");
    assert.notEqual(a.projectionSha256, b.projectionSha256);
  });

  test("an unknown rule set is an InvalidInputError, at open for defaultPolicy and at fold for a policy file (nothing written)", async () => {
    await assert.rejects(ContextFold.open(new MemoryStorage(), { defaultPolicy: { ...REFERENCE_POLICY, redaction: "secrets-v9" } }), InvalidInputError);
    await assert.rejects(ContextFold.open(new MemoryStorage(), { defaultPolicy: { redaction: true } }), InvalidInputError);
    const storage = new MemoryStorage();
    storage.set(POLICY_KEY, JSON.stringify({ redaction: "nope" }));
    const store = await ContextFold.open(storage, { clock: CLOCK });
    await assert.rejects(store.fold(input), { code: "INVALID_INPUT", message: /unknown redaction rule set "nope"/ });
    assert.deepEqual(storage.keys(), [POLICY_KEY]);
  });

  test("a failed first fold leaves no policy file behind", async () => {
    const storage = new MemoryStorage();
    const failing = { ...storage, load: (k) => storage.load(k), list: (p) => storage.list(p), remove: (k) => storage.remove(k), root: storage.root, save: async (k, d) => { if (k.endsWith("recall_index.json")) throw new Error("disk full"); return storage.save(k, d); } };
    const store = await ContextFold.open(failing, { clock: CLOCK });
    await assert.rejects(store.fold(input), { code: "STORAGE" });
    assert.deepEqual(storage.keys(), []);
  });

  test("summary, given files, commands and errors are redacted too, and a value found in one is removed from all", async () => {
    const store = await ContextFold.open(new MemoryStorage(), { clock: CLOCK });
    const node = await store.fold({
      stepId: 1,
      summary: "Bash: curl -H 'Authorization: Bearer Zq8vN3kP0xWm5rT2yB7cLd4e' https://api",
      rawContent: "using token Zq8vN3kP0xWm5rT2yB7cLd4e",
      files: ["config.env"],
      commands: ["mysql -pS3cretRootPw db"],
      errors: ["401 for xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx"],
    });
    assert.equal(node.summary, "Bash: curl -H 'Authorization: Bearer [REDACTED:authorization-bearer]' https://api");
    assert.equal(node.rawContent, "using token [REDACTED:authorization-bearer]");
    assert.deepEqual(node.commands, ["mysql -p[REDACTED:cli-password] db"]);
    assert.deepEqual(node.errors, ["401 for [REDACTED:slack-bot-token]"]);
    assert.deepEqual(node.files, ["config.env"]);
  });
});

describe("redact() and redactionRules()", () => {
  test("redact returns the stored text and UTF-16 spans of the input", () => {
    const input = "🔑 é DB_PASSWORD=s3cr3t-P@ssw0rd-99 and ghp_16C7e42F292c6912E7710c838347Ae178B4a";
    const r = redact(input);
    assert.equal(r.rules, "secrets-v2");
    assert.equal(r.text, "🔑 é DB_PASSWORD=[REDACTED:password-assignment] and [REDACTED:github-pat]");
    assert.deepEqual(r.findings.map((f) => [f.rule, input.slice(f.start, f.end)]), [
      ["password-assignment", "s3cr3t-P@ssw0rd-99"],
      ["github-pat", "ghp_16C7e42F292c6912E7710c838347Ae178B4a"],
    ]);
    assert.throws(() => redact(42), InvalidInputError);
  });

  test("at least 50 rules, with ids and descriptions", () => {
    const rules = redactionRules();
    assert.ok(rules.length >= 50, String(rules.length));
    assert.ok(rules.every((r) => /^[a-z0-9-]+$/.test(r.id) && r.description.length > 0));
    assert.equal(new Set(rules.map((r) => r.id)).size, rules.length);
  });

  test("1 MB of tool output is redacted whole (a smoke check of size, not of speed)", () => {
    const chunk = corpus.positives.map((p) => p.text).join("\n");
    let text = "";
    while (text.length < 1 << 20) text += chunk;
    const r = redact(text);
    assert.ok(r.findings.length > 1000);
    // (Whole values: across many texts an 8-character window such as "https://" recurs in innocent text.)
    for (const p of corpus.positives) for (const v of p.planted) assert.ok(!r.text.includes(v), v);
  });
});

describe("contextfold redact and --reference", () => {
  const bin = path.join(PKG_DIR, "bin", "contextfold.mjs");
  const run = (args, opts = {}) => {
    const r = spawnSync(process.execPath, [bin, ...args], { encoding: "utf8", ...opts });
    return { status: r.status, stdout: r.stdout, stderr: r.stderr };
  };
  const tmp = () => {
    mkdirSync(path.join(ROOT, "tests", "tmp"), { recursive: true });
    return mkdtempSync(path.join(ROOT, "tests", "tmp", "redact-"));
  };

  test("redact --file, stdin and words print exactly what a fold stores; --json the findings; --rules the rules", () => {
    const dir = tmp();
    const text = "DB_PASSWORD=s3cr3t-P@ssw0rd-99\nPORT=5433\n";
    writeFileSync(path.join(dir, ".env"), text);
    const expected = "DB_PASSWORD=[REDACTED:password-assignment]\nPORT=5433\n";
    assert.deepEqual(run(["redact", "--file", ".env"], { cwd: dir }), { status: 0, stdout: expected, stderr: "" });
    assert.equal(run(["redact"], { cwd: dir, input: text }).stdout, expected);
    assert.equal(run(["redact", "token", "ghp_16C7e42F292c6912E7710c838347Ae178B4a"], { cwd: dir }).stdout, "token [REDACTED:github-pat]");
    const json = JSON.parse(run(["redact", "--json", "--file", ".env"], { cwd: dir }).stdout);
    assert.deepEqual(json, { text: expected, findings: [{ rule: "password-assignment", start: 12, end: 30 }], rules: "secrets-v2" });
    const rules = run(["redact", "--rules"], { cwd: dir }).stdout.trim().split("\n");
    assert.ok(rules.length >= 50 && rules.some((l) => l.startsWith("github-pat\t")));
    assert.equal(run(["redact", "--file", "missing"], { cwd: dir }).status, 1);
    assert.ok(!existsSync(path.join(dir, ".contextfold")), "redact writes nothing");
    assert.match(run(["redact", "--help"], { cwd: dir }).stdout, /Usage: contextfold redact/);
    rmSync(dir, { recursive: true, force: true });
  });

  test("fold into a new directory writes the default policy and redacts; with --reference it does neither", () => {
    const dir = tmp();
    writeFileSync(path.join(dir, "out.log"), "export TOKEN=ghp_16C7e42F292c6912E7710c838347Ae178B4a\n");
    mkdirSync(path.join(dir, "a"));
    mkdirSync(path.join(dir, "b"));
    assert.equal(run(["fold", "1", "cat", "out.log", "--file", "../out.log"], { cwd: path.join(dir, "a") }).status, 0);
    const a = JSON.parse(readFileSync(path.join(dir, "a", ".contextfold", "cold_nodes", "step_000001.json"), "utf8"));
    assert.equal(a.raw_content, "export TOKEN=[REDACTED:github-pat]\n");
    assert.equal(a.sanitized, true);
    assert.deepEqual(JSON.parse(readFileSync(path.join(dir, "a", POLICY_KEY), "utf8")), DEFAULT_POLICY);
    assert.equal(run(["fold", "1", "cat", "out.log", "--file", "../out.log", "--reference"], { cwd: path.join(dir, "b") }).status, 0);
    const b = JSON.parse(readFileSync(path.join(dir, "b", ".contextfold", "cold_nodes", "step_000001.json"), "utf8"));
    assert.equal(b.sanitized, false);
    assert.ok(b.raw_content.includes("ghp_16C7e42F292c6912E7710c838347Ae178B4a"));
    assert.ok(!existsSync(path.join(dir, "b", POLICY_KEY)));
    rmSync(dir, { recursive: true, force: true });
  });
});
