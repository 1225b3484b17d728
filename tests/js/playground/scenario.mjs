// The playground's end-to-end scenario, one `it` per requirement of issue 16, run in order on one page (each
// step starts from the state the previous one left, as a user's session would). What the page shows is
// compared with the engine itself: the same package, in Node, on the same turns and the same policy file.
import { it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { ROOT, cf as pkg } from "../helpers.mjs";
import { DEMO_QUERY, DEMO_RECALL, DEMO_TURNS } from "../../../www/src/demo-turns.js";
import { detectSelectionModesWith } from "../../../www/src/selection-modes.js";

export const DB = "contextfold-playground";
const POLICY = ".contextfold/hydration_policy.json";
const VECTORS = JSON.parse(readFileSync(path.join(ROOT, "tests", "vectors", "fold_demo.json"), "utf8"));
const STEPS_NEWEST_FIRST = DEMO_TURNS.map((t) => t.stepId).sort((a, b) => b - a);

// Fake credentials (random, never valid): a Stripe-style live secret key and a bearer token.
export const FAKE_SECRETS = ["sk_live_9fQ2mX7rT4kW8pL3vZ6nB1cD", "Bearer 7Hq9ZkLm2xVb4NcR8tYp3WsJ6dFg1AeU5oIy0QrT"];
const SECRET_PAYLOAD = `$ cat .env\nSTRIPE_SECRET_KEY=${FAKE_SECRETS[0]}\n$ curl -H 'Authorization: ${FAKE_SECRETS[1]}' https://api.example.test/v1/charges\n{"ok": true}`;

// ---- probes run inside the page (self-contained functions) ----
const isReady = () => document.documentElement.dataset.state === "ready" && document.documentElement.dataset.busy === "0";
const isIdle = () => document.documentElement.dataset.busy === "0";
/** Every key and value of the playground's IndexedDB object store, values as UTF-8 text. */
const dumpDb = (db) =>
  new Promise((resolve, reject) => {
    const open = indexedDB.open(db);
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const conn = open.result;
      if (!conn.objectStoreNames.contains("files")) {
        conn.close();
        resolve([]);
        return;
      }
      const store = conn.transaction("files").objectStore("files");
      const keys = store.getAllKeys();
      const values = store.getAll();
      values.onsuccess = () => {
        const dec = new TextDecoder();
        resolve(keys.result.map((k, i) => [k, dec.decode(values.result[i])]));
        conn.close();
      };
      values.onerror = () => reject(values.error);
    };
  });
const timeline = () =>
  [...document.querySelectorAll("#timeline > li")].map((li) => ({
    step: Number(li.dataset.step),
    hashNames: [...li.querySelectorAll(".hashes dt")].map((d) => d.textContent),
    hashes: [...li.querySelectorAll(".hashes dd code")].map((c) => c.textContent),
    badges: [...li.querySelectorAll(".badges .badge")].map((b) => b.textContent),
    record: JSON.parse(li.querySelector("details pre").textContent),
  }));
const scanView = () => {
  const region = document.querySelector('[role="region"][aria-label="Selection"]');
  return {
    prompt: region.dataset.prompt,
    selected: [...region.querySelectorAll("li[data-step]")].map((li) => ({ step: Number(li.dataset.step), cost: Number(li.dataset.cost), text: li.textContent })),
    queryTerms: [...document.querySelectorAll("#query-terms li")].map((li) => li.textContent),
    candidates: [...document.querySelectorAll("#candidates li")].map((li) => Number(li.dataset.step)),
    notHydrated: [...document.querySelectorAll("#not-hydrated li[data-reason]")].map((li) => ({ step: li.dataset.step ? Number(li.dataset.step) : null, reason: li.dataset.reason, text: li.textContent })),
  };
};
const text = (css) => document.querySelector(css)?.textContent ?? null;

/** A store in Node with the page's policy file (if any) and the demo's turns: what the engine says. */
async function engine(policyText, turns = DEMO_TURNS) {
  const storage = new pkg.MemoryStorage();
  if (policyText != null) storage.set(POLICY, policyText);
  const c = await pkg.ContextFold.open(storage);
  if (turns.length) await c.foldMany(turns);
  return c;
}

async function policyText(p) {
  const files = new Map(await p.evaluate(dumpDb, DB));
  return files.get(POLICY) ?? null;
}

/** The selection modes the package in Node has, asked as the page asks (www/src/store.js). */
async function engineSelectionModes() {
  return detectSelectionModesWith(pkg);
}

async function engineRedacts() {
  const c = await pkg.ContextFold.open(new pkg.MemoryStorage());
  try {
    const node = await c.fold({ stepId: 1, summary: "env", rawContent: SECRET_PAYLOAD });
    return node.sanitized === true;
  } finally {
    await c.close();
  }
}

/** Any 8-character window of a planted value left in the text (the leak measure of issue 13). */
function leaks(haystack, secret) {
  const found = [];
  for (let i = 0; i + 8 <= secret.length; i++) if (haystack.includes(secret.slice(i, i + 8))) found.push(secret.slice(i, i + 8));
  return found;
}

async function gotoView(p, view) {
  await p.click(`nav a[href="#${view}"]`);
  await p.waitFor((v) => !document.getElementById(`view-${v}`).hidden && document.documentElement.dataset.busy === "0", view);
}

async function setBudget(p, id, value) {
  await p.fill(`#${id}`, String(value), { commit: true });
  const key = id === "per-turn" ? "max_rehydration_tokens_per_turn" : "max_rehydration_tokens_per_call";
  await p.waitFor((want) => document.querySelector("#policy-status").textContent.includes(want) && document.documentElement.dataset.busy === "0", `${key} = ${value}`);
}

/**
 * Register the scenario's tests. `session()` returns { p, browser } once the page is open (set up in the
 * caller's `before`); `shot(name)` saves a screenshot.
 */
export function scenario(session) {
  const P = () => session().p;
  const shot = (name) => P().screenshot(`${session().browser}-${name}`);

  it("first screen: three sentences say what the page is; the engine starts on IndexedDB", async () => {
    const p = P();
    await p.waitFor(isReady, undefined, { timeout: 60_000, what: "the page to be ready" });
    const intro = (await p.evaluate(text, ".intro")).replace(/\s+/g, " ").trim();
    const sentences = intro.split(/(?<=[.!?])\s+(?=[A-Z])/);
    assert.equal(sentences.length, 3, intro);
    assert.match(await p.evaluate(text, "#store-line"), /IndexedDB "contextfold-playground": 0 steps/);
    await shot("01-first-screen");
  });

  it('"Run demo" folds the 8 turns: each step shows its folded-step record, tokens and three hashes, and opens to its exact cold node', async () => {
    const p = P();
    const name = await p.evaluate(() => {
      const b = document.querySelector("#run-demo");
      return (b.getAttribute("aria-label") ?? b.textContent).trim();
    });
    assert.equal(name, "Run demo");
    await p.click("#run-demo");
    await p.waitFor(() => document.querySelectorAll("#timeline > li").length === 8 && document.documentElement.dataset.busy === "0", undefined, { what: "8 folded steps" });
    const items = await p.evaluate(timeline);
    assert.deepEqual(items.map((i) => i.step), STEPS_NEWEST_FIRST);

    const c = await engine(await policyText(p));
    for (const item of items) {
      const vector = VECTORS.turns.find((t) => t.input.step_id === item.step).expected;
      const own = await c.foldedStep(item.step);
      assert.deepEqual(item.hashNames, ["payload_sha256", "projection_sha256", "artifact_sha256"]);
      assert.equal(item.hashes[0], vector.payload_sha256, `step ${item.step} payload_sha256`);
      assert.equal(item.hashes[1], own.artifacts.projection_sha256, `step ${item.step} projection_sha256 (same policy in Node)`);
      assert.equal(item.hashes[2], item.record.artifacts.artifact_sha256);
      assert.equal(item.badges[0], `${vector.index_entry.token_estimate} tokens`);
      // The record is the engine's: the same in Node but for the fold time (and so the artifact hash).
      const strip = (r) => ({ ...r, timestamp: "", artifacts: { ...r.artifacts, artifact_sha256: "" } });
      assert.deepEqual(strip(item.record), strip(own));
    }
    await c.close();

    await p.click('#timeline li[data-step="137"] button[aria-controls="cold-137"]');
    await p.waitFor(() => document.querySelector("#cold-137 pre") !== null && document.documentElement.dataset.busy === "0");
    const shown = await p.evaluate(text, "#cold-137 pre");
    const files = new Map(await p.evaluate(dumpDb, DB));
    assert.equal(shown, files.get(".contextfold/cold_nodes/step_000137.json"), "the exact bytes stored in IndexedDB");
    const node = JSON.parse(shown);
    assert.equal(node.raw_content, DEMO_TURNS.find((t) => t.stepId === 137).rawContent);
    assert.equal(node.payload_sha256, VECTORS.turns.find((t) => t.input.step_id === 137).expected.payload_sha256);
    assert.match(await p.evaluate(text, "#cold-137 .verdict"), /Verified by the engine/);
    await shot("02-demo-folded");
  });

  it('Prompt: the scan runs as you type; the "Selection" region shows 342, 137, 447 with matched terms and cost, and why the others were not hydrated', async () => {
    const p = P();
    await gotoView(p, "prompt");
    await p.fill("#prompt", DEMO_QUERY);
    await p.waitFor((q) => document.querySelector("#selection").dataset.prompt === q && document.documentElement.dataset.busy === "0", DEMO_QUERY, { what: "the scan of the demo question" });
    const view = await p.evaluate(scanView);
    assert.deepEqual(view.selected.map((s) => s.step), [342, 137, 447]);
    const c = await engine(await policyText(p));
    const scan = await c.scan(DEMO_QUERY);
    await c.close();
    assert.deepEqual(view.selected.map((s) => s.step), scan.selected.map((s) => s.stepId));
    assert.deepEqual(view.selected.map((s) => s.cost), scan.selected.map((s) => s.cost));
    for (const [i, s] of scan.selected.entries()) for (const t of s.matched) assert.ok(view.selected[i].text.includes(t), `${t} shown for ${s.stepId}`);
    assert.deepEqual(view.queryTerms, scan.queryTerms);
    assert.deepEqual(view.candidates, scan.candidates.map((x) => x.stepId));
    assert.deepEqual(
      view.notHydrated.filter((n) => n.step !== null).map((n) => [n.step, n.reason]),
      [[318, "answered"], [91, "answered"], [37, "answered"], [499, "answered"]],
    );
    assert.ok(view.notHydrated.some((n) => n.reason === "unmatched" && n.text.includes('"using"')));
    await shot("03-scan");
  });

  it("budget sliders write the per-turn and per-call caps to hydration_policy.json; the selection changes as the engine says", async () => {
    const p = P();
    const expected = { 25: { selected: [342], dropped: [137, 447] }, 30: { selected: [342, 137], dropped: [447] } };
    for (const budget of [25, 30]) {
      await setBudget(p, "per-turn", budget);
      const policy = await policyText(p);
      assert.equal(JSON.parse(policy).max_rehydration_tokens_per_turn, budget);
      const c = await engine(policy);
      const scan = await c.scan(DEMO_QUERY);
      await c.close();
      const view = await p.evaluate(scanView);
      const byStep = (a, b) => a - b;
      const dropped = view.notHydrated.filter((n) => n.reason === "budget").map((n) => n.step).sort(byStep);
      assert.deepEqual(view.selected.map((s) => s.step), scan.selected.map((s) => s.stepId), `budget ${budget}`);
      assert.deepEqual(dropped, scan.budgetDropped.map((s) => s.stepId).sort(byStep), `budget ${budget}: dropped`);
      assert.deepEqual({ selected: scan.selected.map((s) => s.stepId), dropped }, expected[budget], "the reference's CONF-06 selections");
      if (budget === 25) {
        // 137 and 447 were dropped, but they took their terms: the older steps with those terms are not tried.
        const owned = view.notHydrated.filter((n) => n.reason === "ownership").map((n) => n.step).sort(byStep);
        assert.deepEqual(owned, [37, 91, 318, 499]);
        assert.match(view.notHydrated.find((n) => n.step === 91).text, /intent ownership: port by step 137, postgresql by step 137/);
        await shot("04-turn-budget-25");
      }
    }
    // The per-call cap clips each node's cost; at 10 every pick costs 10 and the turn budget of 30 takes three.
    await setBudget(p, "per-call", 10);
    const policy = await policyText(p);
    assert.equal(JSON.parse(policy).max_rehydration_tokens_per_call, 10);
    const c = await engine(policy);
    const scan = await c.scan(DEMO_QUERY);
    await c.close();
    const view = await p.evaluate(scanView);
    assert.deepEqual(view.selected.map((s) => [s.step, s.cost]), scan.selected.map((s) => [s.stepId, s.cost]));
    assert.ok(view.selected.every((s) => s.cost === 10));

    await p.click("#policy-defaults");
    await p.waitFor(() => document.querySelector("#policy-status").textContent.includes("default budgets") && document.documentElement.dataset.busy === "0");
    const back = JSON.parse(await policyText(p));
    assert.equal(back.max_rehydration_tokens_per_turn, 3500);
    assert.equal(back.max_rehydration_tokens_per_call, 3000);
    assert.deepEqual((await p.evaluate(scanView)).selected.map((s) => s.step), [342, 137, 447]);
  });

  it("selection switch: the engine's ranked selection is offered, and choosing it writes the policy key", async () => {
    const p = P();
    const modes = await engineSelectionModes();
    const ranked = await p.evaluate(() => {
      const r = document.querySelector('input[name="selection"][value="ranked-v1"]');
      return { disabled: r.disabled, note: document.querySelector("#selection-note").textContent };
    });
    assert.deepEqual(modes, ["reference", "ranked-v1"], "the engine of this package has the ranked mode");
    assert.equal(ranked.disabled, false, ranked.note);
    await p.click('input[name="selection"][value="ranked-v1"]');
    await p.waitFor(() => document.querySelector("#policy-status").textContent.includes("selection ranked-v1") && document.documentElement.dataset.busy === "0");
    const policy = await policyText(p);
    assert.equal(JSON.parse(policy).selection, "ranked-v1");
    const c = await engine(policy);
    const scan = await c.scan(DEMO_QUERY);
    await c.close();
    assert.deepEqual((await p.evaluate(scanView)).selected.map((s) => s.step), scan.selected.map((s) => s.stepId));
    await p.click('input[name="selection"][value="reference"]');
    await p.waitFor(() => document.querySelector("#policy-status").textContent.includes("selection reference") && document.documentElement.dataset.busy === "0");
    assert.equal(JSON.parse(await policyText(p)).selection, undefined);
  });

  it("Send hydrates the selection with a hash-verified badge per node; the gauge goes baseline → hydrated → baseline; the eviction is logged", async () => {
    const p = P();
    await p.click("#send");
    await p.waitFor(() => document.querySelector("#gauge").dataset.stage === "hydrated" && document.documentElement.dataset.busy === "0", undefined, { what: "the hydrated turn" });
    const sent = await p.evaluate(() => ({
      hydrated: [...document.querySelectorAll("#hydrated li")].map((li) => ({ step: Number(li.dataset.step), text: li.textContent })),
      assembled: document.querySelector("#assembled").textContent,
      gauge: Object.fromEntries([...document.querySelectorAll("#gauge .gauge-row")].map((r) => [r.dataset.stage, r.querySelector(".gauge-value").textContent])),
    }));
    const c = await engine(await policyText(p));
    const turn = await c.beforeTurn(DEMO_QUERY);
    const assembled = `${turn.context}\n\n${DEMO_QUERY}`;
    const baseline = await c.countTokens(DEMO_QUERY);
    const during = await c.countTokens(assembled);
    await c.close();
    assert.deepEqual(sent.hydrated.map((h) => h.step), [342, 137, 447]);
    for (const h of sent.hydrated) assert.match(h.text, /✓ hash verified/);
    assert.equal(sent.assembled, assembled, "the assembled prompt is the engine's context + the prompt");
    assert.equal(sent.gauge.before, `${baseline} tokens`);
    assert.equal(sent.gauge.hydrated, `${during} tokens`);
    assert.equal(sent.gauge.after, "—");
    await shot("05-hydrated");
    await P().elementShot?.("#view-prompt", "readme-prompt-view"); // the README's picture (www/playground.png)

    await p.click("#respond");
    await p.waitFor(() => document.querySelector("#gauge").dataset.stage === "after" && document.documentElement.dataset.busy === "0", undefined, { what: "the eviction" });
    const after = await p.evaluate(() => ({
      gauge: Object.fromEntries([...document.querySelectorAll("#gauge .gauge-row")].map((r) => [r.dataset.stage, r.querySelector(".gauge-value").textContent])),
      log: [...document.querySelectorAll("#evictions li")].map((li) => li.textContent),
    }));
    assert.equal(after.gauge.after, `${baseline} tokens`, "back to the baseline");
    const files = new Map(await p.evaluate(dumpDb, DB));
    const log = JSON.parse(files.get(".contextfold/eviction_log.json")).evicted;
    assert.deepEqual(log.map((e) => e.step_id), [342, 137, 447]);
    assert.deepEqual(after.log.map((l) => Number(/step (\d+)/.exec(l)[1])), [447, 137, 342], "newest first");
    await shot("06-evicted");
  });

  it("Recall has its own view: coverage tiers and labels, as the engine recalls", async () => {
    const p = P();
    await gotoView(p, "recall");
    await p.fill("#recall-query", DEMO_RECALL);
    await p.waitFor(() => document.querySelectorAll("#recall-table tbody tr").length > 0 && document.documentElement.dataset.busy === "0");
    await p.waitFor(isIdle);
    const rows = await p.evaluate(() => [...document.querySelectorAll("#recall-table tbody tr")].map((tr) => [...tr.children].map((td) => td.textContent)));
    const c = await engine(await policyText(p));
    const recall = await c.recall(DEMO_RECALL);
    await c.close();
    assert.deepEqual(rows.map((r) => [Number(r[1]), r[2], r[3], Number(r[4])]), recall.map((x, i, all) => [x.stepId, x.coverage === all[0].coverage ? "primary" : "secondary", x.status, x.coverage]));
    assert.deepEqual(rows.map((r) => [Number(r[1]), r[3]]), [[137, "latest_chronological"], [91, "superseded"], [37, "historical"], [499, "related"]]);
    await shot("07-recall");
  });

  it("Recall index: a table of step, summary, identifiers, files, errors, evicted; sortable and filterable", async () => {
    const p = P();
    await gotoView(p, "index");
    const rows = () => p.evaluate(() => [...document.querySelectorAll("#index-table tbody tr")].map((tr) => [...tr.children].map((td) => td.textContent)));
    assert.deepEqual((await rows()).map((r) => Number(r[0])), STEPS_NEWEST_FIRST);
    const headers = await p.evaluate(() => [...document.querySelectorAll("#index-table thead th")].map((th) => th.textContent));
    assert.deepEqual(headers, ["Step", "Summary", "Identifiers", "Files", "Errors", "Tokens", "Evicted"]);
    await p.click('#index-table th button[data-sort="stepId"]');
    assert.deepEqual((await rows()).map((r) => Number(r[0])), [...STEPS_NEWEST_FIRST].reverse());
    assert.equal(await p.evaluate(() => document.querySelector("#index-table th").getAttribute("aria-sort")), "ascending");
    await p.fill("#index-filter", "v12__tenantbilling");
    await p.waitFor(() => document.querySelectorAll("#index-table tbody tr").length === 2);
    const filtered = await rows();
    assert.deepEqual(filtered.map((r) => Number(r[0])), [318, 447]);
    assert.ok(filtered.every((r) => r[3].includes("V12__TenantBilling.sql")));
    await p.fill("#index-filter", "");
    await p.waitFor(() => document.querySelectorAll("#index-table tbody tr").length === 8);
    const evicted = Object.fromEntries((await rows()).map((r) => [Number(r[0]), r[6]]));
    assert.deepEqual(Object.keys(evicted).filter((k) => evicted[k] === "yes").map(Number).sort((a, b) => a - b), [137, 342, 447]);
    await p.click('#index-table th button[data-sort="tokenEstimate"]');
    const tokens = (await rows()).map((r) => Number(r[5]));
    assert.deepEqual(tokens, [...tokens].sort((a, b) => b - a));
    await shot("08-index");
  });

  it("state survives a reload: steps, evictions and the policy come back from IndexedDB", async () => {
    const p = P();
    const before = await p.evaluate(dumpDb, DB);
    await p.reload();
    await p.waitFor(isReady, undefined, { timeout: 60_000, what: "the reloaded page" });
    assert.deepEqual((await p.evaluate(timeline)).map((i) => i.step), STEPS_NEWEST_FIRST);
    assert.match(await p.evaluate(text, "#store-line"), /8 steps \(5 active, 3 evicted\)/);
    assert.equal(await p.evaluate(() => document.querySelector("#prompt").value), DEMO_QUERY, "the prompt being typed");
    assert.deepEqual(await p.evaluate(dumpDb, DB), before, "the reload itself changed nothing in IndexedDB");
    await shot("09-reloaded");
  });

  it("Integrity: Tamper edits one cold node's bytes in IndexedDB; hydrate then shows the IntegrityCheckError and validate lists the problem", async () => {
    const p = P();
    await gotoView(p, "integrity");
    await p.select("#tamper-step", "137");
    await p.click("#tamper");
    await p.waitFor(() => document.querySelector("#integrity-result").textContent.includes("TAMPERED") && document.documentElement.dataset.busy === "0");
    const files = new Map(await p.evaluate(dumpDb, DB));
    assert.match(files.get(".contextfold/cold_nodes/step_000137.json"), /"summary": "TAMPERED PostgreSQL/);

    await p.click("#hydrate-one");
    await p.waitFor(() => document.querySelector("#integrity-result [data-error]") !== null && document.documentElement.dataset.busy === "0");
    const err = await p.evaluate(() => ({ name: document.querySelector("#integrity-result [data-error]").dataset.error, text: document.querySelector("#integrity-result").textContent }));
    assert.equal(err.name, "IntegrityCheckError");
    assert.match(err.text, /INTEGRITY_CHECK/);
    assert.match(err.text, /artifact_sha256 mismatch/);

    await p.click("#validate");
    await p.waitFor(() => document.querySelector('#integrity-result [data-validation="failed"]') !== null && document.documentElement.dataset.busy === "0");
    const problems = await p.evaluate(() => [...document.querySelectorAll("#problems li")].map((li) => ({ code: li.dataset.code, step: li.dataset.step, text: li.textContent })));
    // The engine in Node, on a copy of every byte of the page's store, reports the same problems.
    const storage = new pkg.MemoryStorage();
    for (const [k, v] of files) storage.set(k, v);
    const c = await pkg.ContextFold.open(storage);
    const v = await c.validate();
    await c.close();
    assert.equal(v.ok, false);
    assert.deepEqual(problems.map((x) => [x.code, Number(x.step)]), v.problems.map((x) => [x.code, x.stepId]));
    assert.deepEqual(problems.map((x) => Number(x.step)), [137]);
    await shot("10-tampered");

    // The same error through the turn: a readable alert, and the page stays whole.
    await gotoView(p, "prompt");
    await p.click("#send");
    await p.waitFor(() => document.querySelector("#alerts .alert") !== null && document.documentElement.dataset.busy === "0");
    assert.match(await p.evaluate(text, "#alerts .alert"), /^Send: IntegrityCheckError \(INTEGRITY_CHECK\): .*artifact_sha256 mismatch/s);
    assert.equal(await p.evaluate(text, "h1"), "ContextFold playground");
    assert.ok((await p.evaluate(timeline)).find((i) => i.step === 137).badges.includes("IntegrityCheckError"), "the timeline marks the step");
    await shot("11-send-tampered");
  });

  it('"Reset store" deletes the database and starts an empty store', async () => {
    const p = P();
    await gotoView(p, "integrity");
    await p.click("#reset");
    await p.waitFor(() => document.querySelector("#reset-status").textContent.includes("empty") && document.documentElement.dataset.busy === "0");
    assert.deepEqual(await p.evaluate(dumpDb, DB), []);
    assert.match(await p.evaluate(text, "#store-line"), /0 steps/);
    assert.equal(await p.evaluate(() => document.querySelectorAll("#timeline > li").length), 0);
    await shot("12-reset");
  });

  it("a tool call pasted in the form is folded with the shared tool rules (contextfold/tools)", async () => {
    const p = P();
    await gotoView(p, "session");
    await p.click('input[name="fold-mode"][value="tool"]');
    const input = { command: "npm test -- tests/billing.spec.ts" };
    const response = { stdout: "PASS tests/billing.spec.ts\n  12 passing", stderr: "", exit_code: 0 };
    await p.fill("#tool-input", JSON.stringify(input));
    await p.fill("#tool-output", JSON.stringify(response));
    await p.click("#fold-submit");
    await p.waitFor(() => document.querySelector("#fold-status").textContent.startsWith("Folded step") && document.documentElement.dataset.busy === "0");
    const tools = await import(path.join(session().pkgDir, "lib", "tools.js"));
    const files = new Map(await p.evaluate(dumpDb, DB));
    const node = JSON.parse(files.get(".contextfold/cold_nodes/step_000001.json"));
    assert.equal(node.summary, tools.toolSummary("Bash", input, { isError: false }));
    assert.equal(node.raw_content, tools.toolOutputText(response));
    await p.click('input[name="fold-mode"][value="turn"]');
  });

  it("a folded payload with a secret: redaction is shown and no planted value is left in IndexedDB", async () => {
    const p = P();
    await p.fill("#fold-summary", "Stripe key configured for charges");
    await p.fill("#fold-raw", SECRET_PAYLOAD);
    await p.click("#fold-submit");
    await p.waitFor(() => document.querySelector("#fold-status").textContent.startsWith("Folded step") && document.documentElement.dataset.busy === "0");
    await p.waitFor(() => document.querySelector("#cold-2 pre") !== null && document.documentElement.dataset.busy === "0");
    await shot("13-secret");
    const all = (await p.evaluate(dumpDb, DB)).map(([k, v]) => `${k}\n${v}`).join("\n");
    for (const secret of FAKE_SECRETS) {
      const body = secret.replace(/^(sk_live_|Bearer )/, ""); // a vendor's public prefix may stay
      assert.deepEqual(leaks(all, body), [], `no 8-character window of ${secret} in IndexedDB`);
    }
    const ui = await p.evaluate(() => ({ marks: [...document.querySelectorAll("#cold-2 mark.redacted")].map((m) => m.textContent), verdict: document.querySelector("#cold-2 .verdict").textContent, status: document.querySelector("#fold-status").textContent }));
    assert.ok(ui.marks.length >= 1 && ui.marks.every((m) => /^\[REDACTED:[^\]]+\]$/.test(m)), JSON.stringify(ui));
    assert.match(ui.verdict, /sanitized: true/);
    assert.match(ui.status, /stored redacted/);
  });

  it("no request leaves the page's own origin (no CDN fonts, icons or scripts)", async () => {
    const p = P();
    const origin = new URL(session().url).origin;
    const loaded = await p.evaluate(() => [location.href, ...performance.getEntriesByType("resource").map((e) => e.name)]);
    const all = [...loaded, ...(p.requests ?? [])];
    assert.ok(all.some((u) => u.endsWith(".wasm")), "the wasm was loaded");
    assert.deepEqual(all.filter((u) => !u.startsWith(`${origin}/`) && !u.startsWith("data:")), []);
    assert.deepEqual(p.problems, [], "no page error or console error");
  });
}

export { dumpDb, isReady, isIdle };
