// Every file the engine writes during the vector replay validates against our schemas (schemas/) and against the
// reference's (a copy of ../shared/reference/schemas in tests/reference_schemas, or $CONTEXTFOLD_REFERENCE_SCHEMAS).
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import * as path from "node:path";
import { createRequire } from "node:module";
import { ROOT, cf, CLOCK } from "./helpers.mjs";
import { replay } from "../replay.mjs";

const require = createRequire(import.meta.url);
const Ajv2020 = require(path.join(ROOT, "node_modules", "ajv", "dist", "2020.js")).default;
const REF_DIR = process.env.CONTEXTFOLD_REFERENCE_SCHEMAS ?? path.join(ROOT, "tests", "reference_schemas");
const OURS = path.join(ROOT, "schemas");
// RFC 3339 date-time (ajv checks formats only when told how).
const DATE_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/i;

function compiler(dir, strict) {
  const ajv = new Ajv2020({ strict, allErrors: true, formats: { "date-time": DATE_TIME } });
  for (const f of readdirSync(dir).filter((f) => f.endsWith(".schema.json"))) ajv.addSchema(JSON.parse(readFileSync(path.join(dir, f), "utf8")), f);
  return (name) => {
    const validate = ajv.getSchema(name);
    assert.ok(validate, `${dir}/${name}`);
    return validate;
  };
}

describe("JSON Schemas", () => {
  const ours = compiler(OURS, true);
  assert.ok(existsSync(REF_DIR), `the reference schemas are in ${REF_DIR}`);
  const ref = compiler(REF_DIR, false);

  it("our schemas compile in ajv strict mode (draft 2020-12)", () => {
    for (const f of ["cold_node", "recall_index", "hydration_policy", "folded_step", "eviction_log"]) ours(`${f}.schema.json`);
  });

  it("every file the engine writes in the replay validates (ours and the reference's)", async () => {
    const counts = { cold_node: 0, recall_index: 0, eviction_log: 0 };
    const failures = [];
    const check = (id, key, text, schema, withRef) => {
      const data = JSON.parse(text);
      for (const [who, get] of [["ours", ours], ...(withRef ? [["reference", ref]] : [])]) {
        const v = get(`${schema}.schema.json`);
        if (!v(data)) failures.push(`${id} ${key} (${who} ${schema}): ${JSON.stringify(v.errors.slice(0, 2))}`);
      }
      counts[schema]++;
    };
    const onStore = (id, storage) => {
      for (const key of storage.keys()) {
        const text = storage.text(key);
        if (key.startsWith(".contextfold/cold_nodes/")) check(id, key, text, "cold_node", true);
        else if (key === ".contextfold/recall_index.json") check(id, key, text, "recall_index", true);
        else if (key === ".contextfold/eviction_log.json") check(id, key, text, "eviction_log", false);
      }
    };
    for (const dir of ["tests/vectors", "tests/vectors/random"]) {
      const r = await replay(path.join(ROOT, dir), { onStore, log: () => {} });
      assert.equal(r.failed, 0);
    }
    assert.deepEqual(failures.slice(0, 10), []);
    assert.ok(counts.cold_node > 300 && counts.recall_index > 100 && counts.eviction_log >= 1, JSON.stringify(counts));
  });

  it("the default hydration policy and the folded-step records of the engine validate (ours and the reference's); bad ones do not", async () => {
    const demo = JSON.parse(readFileSync(path.join(ROOT, "tests", "vectors", "fold_demo.json"), "utf8"));
    assert.ok(ours("hydration_policy.schema.json")(demo.default_policy));
    assert.ok(ref("hydration_policy.schema.json")(demo.default_policy));
    assert.ok(ours("hydration_policy.schema.json")({}), "{} is a valid (non-default) policy");
    assert.ok(!ours("hydration_policy.schema.json")({ max_rehydration_tokens_per_call: "50" }));
    const c = await cf.ContextFold.open(new cf.MemoryStorage(), { clock: CLOCK });
    const folded = await c.foldDetailed({ stepId: 37, summary: "Bash: npm test -- tests/billing.spec.ts", rawContent: "FAIL tests/billing.spec.ts\nAssertionError: expected 200" });
    const step = await c.foldedStep(37);
    assert.deepEqual(folded.foldedStep, step, "the fold outcome carries the same record as foldedStep()");
    assert.equal(step.action_type, "VERIFICATION");
    assert.equal(step.status, "FAILED");
    assert.equal(step.artifacts.cold_node_ref, ".contextfold/cold_nodes/step_000037.json");
    assert.equal(step.artifacts.artifact_sha256, folded.node.artifactSha256);
    await c.fold({ stepId: 38, summary: "x".repeat(400) });
    const long = await c.foldedStep(38);
    assert.equal([...long.summary].length, 280);
    for (const s of [step, long, (await c.foldDetailed({ stepId: 37, summary: "again" })).foldedStep]) {
      assert.ok(ours("folded_step.schema.json")(s), JSON.stringify(ours("folded_step.schema.json").errors));
      assert.ok(ref("folded_step.schema.json")(s), JSON.stringify(ref("folded_step.schema.json").errors));
    }
    assert.deepEqual((await c.foldedSteps()).map((s) => s.step_id), [38, 37], "newest first");
    assert.deepEqual((await c.foldedSteps(1)).map((s) => s.step_id), [38]);
    await assert.rejects(c.foldedStep(99), { code: "NODE_NOT_FOUND" });
    const badNode = { ...JSON.parse('{"step_id": 1}') };
    assert.ok(!ours("cold_node.schema.json")(badNode));
  });
});
