// A fold of a large payload returns exactly the node it stored. The bindings hand back the input's own JS string
// as `rawContent` when the node stores it unchanged, the same string as `normalizedContent` when the two are
// equal, the identifiers as one string split in JS, and read a large input through TextEncoder.encodeInto
// (src/wasm/convert.rs): each of those must give what the stored file holds, whether redaction or NFC changed the
// text or not.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";

import { cf, CLOCK } from "./helpers.mjs";

const { ContextFold, MemoryStorage } = cf;

const camel = (k) => k.replace(/_([a-z])/g, (_, c) => c.toUpperCase());

/** The stored cold node of `stepId`, its keys in camelCase as the API returns them. */
function stored(storage, stepId) {
  const file = JSON.parse(storage.text(`.contextfold/cold_nodes/step_${String(stepId).padStart(6, "0")}.json`));
  return Object.fromEntries(Object.entries(file).map(([k, v]) => [camel(k), v]));
}

// ~200,000 chars: thousands of distinct identifiers, and over the size from which strings come in by encodeInto.
const words = Array.from({ length: 3000 }, (_, i) => `w${i.toString(36)}ord${"xyz"[i % 3]}`);
const body = Array.from({ length: 24000 }, (_, i) => words[(i * 7919) % words.length]).join(" ");

const payloads = {
  "plain ASCII": body,
  "with a secret (redacted)": `${body}\nGITHUB_TOKEN=ghp_16C7e42F292c6912E7710c838347Ae178B4a\n${body}`,
  "not in NFC, trailing whitespace": `${body} cafe\u0301 e\u0301tude \n\n  `,
  "non-ASCII": `${body} 数据库迁移完成 İstanbul ΟΔΟΣ 😀 naïve`,
};

describe("a fold of a large payload returns the node it stored", () => {
  for (const [name, rawContent] of Object.entries(payloads)) {
    test(name, async () => {
      const storage = new MemoryStorage();
      const store = await ContextFold.open(storage, { clock: CLOCK });
      const node = await store.fold({ stepId: 1, summary: "large", rawContent });
      assert.deepEqual(node, stored(storage, 1));
      assert.ok(node.identifiers.length > 1000);
      const [many] = await store.foldMany([{ stepId: 2, summary: "large", rawContent }]);
      assert.equal(many.kind, "folded");
      assert.deepEqual(many.node, stored(storage, 2));
    });
  }

  test("the returned texts follow the stored ones when redaction and NFC change them", async () => {
    const storage = new MemoryStorage();
    const store = await ContextFold.open(storage, { clock: CLOCK });
    const secret = await store.fold({ stepId: 1, summary: "s", rawContent: payloads["with a secret (redacted)"] });
    assert.ok(secret.rawContent.includes("[REDACTED:github-pat]") && !secret.rawContent.includes("ghp_"));
    assert.equal(secret.normalizedContent, secret.rawContent);
    const nfc = await store.fold({ stepId: 2, summary: "s", rawContent: payloads["not in NFC, trailing whitespace"] });
    assert.equal(nfc.rawContent, payloads["not in NFC, trailing whitespace"]);
    assert.ok(nfc.normalizedContent.endsWith("café étude"));
  });
});

// The Node engine hashes a large node's two JSON preimages in parts (src/json.rs `Pieces`: the megabyte literals and
// the bytes between them, fed to node:crypto one by one) instead of building them: the digests must be those of the
// documents the protocol defines, recomputed here from the stored file alone.
describe("a large fold's hashes are those of the documents the protocol hashes", () => {
  const sha256 = (text) => createHash("sha256").update(text, "utf8").digest("hex");
  // json.dumps(sort_keys=True, ensure_ascii=False, separators=(",", ":")) for strings, ints, bools, lists, objects.
  const canonical = (v) =>
    Array.isArray(v) ? `[${v.map(canonical).join(",")}]`
    : v !== null && typeof v === "object" ? `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${canonical(v[k])}`).join(",")}}`
    : JSON.stringify(v);
  const escapes = `quote " backslash \\ tab\t cr\r bs\b ff\f nul\u0000 us\u001f del\u007f ls\u2028 /\n`;
  const cases = {
    ...payloads,
    "every kind of JSON escape": `${body}\n${escapes.repeat(500)}`,
    "escapes and non-ASCII only": `${escapes}İ 😀 数据库 `.repeat(300),
  };
  for (const [name, rawContent] of Object.entries(cases)) {
    test(name, async () => {
      const storage = new MemoryStorage();
      const store = await ContextFold.open(storage, { clock: CLOCK });
      await store.fold({ stepId: 5, summary: "large \"payload\"", rawContent });
      const file = JSON.parse(storage.text(".contextfold/cold_nodes/step_000005.json"));
      const policy = JSON.parse(storage.text(".contextfold/hydration_policy.json"));
      assert.equal(file.payload_sha256, sha256(file.raw_content));
      const { artifact_sha256, ...rest } = file;
      assert.equal(artifact_sha256, sha256(canonical(rest)));
      const projection = {
        commands: file.commands, errors: file.errors, files: file.files, folding_policy_hash: sha256(canonical(policy)),
        identifiers: file.identifiers, normalized_content: file.normalized_content, projection_version: file.projection_version,
        step_id: file.step_id,
      };
      assert.equal(file.projection_sha256, sha256(canonical(projection)));
      assert.ok(Buffer.byteLength(canonical(rest)) > 8192, "large enough for the hashes in parts");
    });
  }
});

// The Node engine hands each write to the storage as a new array that nothing else holds, marked with a
// configurable, non-enumerable Symbol.for("contextfold.unshared"); the package's storages keep such an array instead
// of copying a megabyte once more, and drop the mark, so what they hold is never handed out again uncopied.
describe("the engine's writes are handed over, not copied twice", () => {
  const UNSHARED = Symbol.for("contextfold.unshared");

  test("the engine's arrays are marked unshared, and the store keeps them without the mark", async () => {
    const inner = new MemoryStorage();
    const saved = [];
    const storage = {
      load: (k) => inner.load(k),
      list: (p) => inner.list(p),
      remove: (k) => inner.remove(k),
      async save(key, data) {
        const mark = Object.getOwnPropertyDescriptor(data, UNSHARED);
        saved.push({ key, data, mark });
        await inner.save(key, data);
      },
    };
    const store = await ContextFold.open(storage, { clock: CLOCK });
    const node = await store.fold({ stepId: 1, summary: "large", rawContent: body });
    assert.ok(saved.length >= 2);
    for (const { key, data, mark } of saved) {
      assert.deepEqual(mark, { value: true, writable: false, enumerable: false, configurable: true }, key);
      assert.equal(UNSHARED in data, false, `${key}: the store dropped the mark`);
      assert.deepEqual(await inner.load(key), new Uint8Array(data), key);
    }
    assert.deepEqual(node, stored(inner, 1));
    // What the store holds is handed out as copies.
    const key = saved.find((s) => s.key.includes("cold_nodes")).key;
    const copy = await inner.load(key);
    copy.fill(0);
    assert.deepEqual(node, stored(inner, 1));
  });

  test("a caller's own array is still copied: changing it after save changes nothing stored", async () => {
    const storage = new MemoryStorage();
    const data = new TextEncoder().encode("original");
    await storage.save("k.json", data);
    data.fill(0x21);
    assert.equal(storage.text("k.json"), "original");
  });
});
