// The playground: five views over one store. Every number and list shown comes from the engine's results
// (through the package) or from the bytes in IndexedDB; this file only wires events and renders.
import { toolOutputText, toolSummary } from "contextfold/tools";
import { DEMO_QUERY, DEMO_RECALL, DEMO_TURNS } from "./demo-turns.js";
import { PlaygroundStore, POLICY_KEY, defaultPolicy, detectSelectionModes } from "./store.js";
import { $, $$, clearAlerts, describeError, fill, h, logActivity, redactionRules, showAlert, withRedactions } from "./ui.js";

const PER_CALL = "max_rehydration_tokens_per_call";
const PER_TURN = "max_rehydration_tokens_per_turn";
const EVICTION_LOG = ".contextfold/eviction_log.json";
const TIMELINE_MAX = 200;
const INDEX_MAX = 1000;

const state = {
  /** @type {PlaygroundStore} */ store: null,
  entries: [],
  sort: { key: "stepId", dir: -1 },
  scanSeq: 0,
  turn: null,
  gauge: null,
  busy: 0,
  channel: null,
};

const cf = () => state.store.cf;

// ---------------------------------------------------------------- start, busy, errors

export async function start() {
  setBusy(+1);
  try {
    state.store = await PlaygroundStore.open();
    state.modes = await detectSelectionModes();
    const draft = await state.store.draft();
    $("#prompt").value = draft.prompt ?? "";
    $("#recall-query").value = draft.recall ?? DEMO_RECALL;
    wire();
    route(false);
    await refreshAll();
    logActivity(`opened IndexedDB "${state.store.dbName}" (${state.entries.length} steps)`);
    document.documentElement.dataset.state = "ready";
    window.__playground = { ready: true };
  } finally {
    setBusy(-1);
  }
}

function setBusy(delta) {
  state.busy += delta;
  document.documentElement.dataset.busy = String(state.busy);
}

/** Run a user action: errors become a readable alert and a log line, never an uncaught exception. */
async function action(name, fn) {
  setBusy(+1);
  try {
    return await fn();
  } catch (err) {
    const text = describeError(err);
    showAlert(`${name}: ${text}`);
    logActivity(`${name} failed: ${text}`);
    return undefined;
  } finally {
    setBusy(-1);
  }
}

/** Tell other tabs on this store that it changed. */
function announce(type = "changed") {
  try {
    state.channel?.postMessage({ type });
  } catch {
    // a closed channel: nothing to tell
  }
}

// ---------------------------------------------------------------- wiring

function wire() {
  window.addEventListener("hashchange", () => route(true));
  $("#run-demo").addEventListener("click", () => action("Run demo", runDemo));
  $("#fold-form").addEventListener("submit", (e) => {
    e.preventDefault();
    action("Fold", foldFromForm);
  });
  for (const r of $$('input[name="fold-mode"]')) r.addEventListener("change", foldModeChanged);
  for (const id of ["#tool-name", "#tool-input", "#tool-error"]) $(id).addEventListener("input", previewToolSummary);
  previewToolSummary();

  for (const ev of ["input", "change"]) $("#index-filter").addEventListener(ev, renderIndexTable);
  for (const b of $$("#index-table th button")) {
    b.addEventListener("click", () => {
      const key = b.dataset.sort;
      state.sort = { key, dir: state.sort.key === key ? -state.sort.dir : key === "stepId" || key === "tokenEstimate" ? -1 : 1 };
      renderIndexTable();
    });
  }

  const prompt = $("#prompt");
  let timer;
  prompt.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(() => action("Scan", scanNow), 120);
    saveDraft();
  });
  $("#use-demo-query").addEventListener("click", () => {
    prompt.value = DEMO_QUERY;
    saveDraft();
    action("Scan", scanNow);
  });
  wireBudget("per-call", PER_CALL);
  wireBudget("per-turn", PER_TURN);
  $("#policy-defaults").addEventListener("click", () =>
    action("Policy", async () => {
      const d = defaultPolicy();
      await writePolicy({ [PER_CALL]: d[PER_CALL], [PER_TURN]: d[PER_TURN] }, "default budgets");
    }),
  );
  for (const r of $$('input[name="selection"]')) {
    r.addEventListener("change", () =>
      action("Selection", () => writePolicy({ selection: r.value === "reference" ? undefined : r.value }, `selection ${r.value}`)),
    );
  }
  $("#send").addEventListener("click", () => action("Send", send));
  $("#respond").addEventListener("click", () => action("Evict", respond));

  const rq = $("#recall-query");
  let rtimer;
  rq.addEventListener("input", () => {
    clearTimeout(rtimer);
    rtimer = setTimeout(() => action("Recall", recallNow), 150);
    saveDraft();
  });
  $("#recall-form").addEventListener("submit", (e) => {
    e.preventDefault();
    action("Recall", recallNow);
  });

  $("#tamper").addEventListener("click", () => action("Tamper", tamper));
  $("#hydrate-one").addEventListener("click", () => action("Hydrate", hydrateOne));
  $("#validate").addEventListener("click", () => action("Validate", validate));
  $("#reset").addEventListener("click", () => action("Reset store", reset));

  if (typeof BroadcastChannel === "function") {
    state.channel = new BroadcastChannel(`contextfold-playground:${state.store.dbName}`);
    state.channel.onmessage = (e) =>
      action("Sync with another tab", async () => {
        if (e.data?.type === "reset") await state.store.reconnect();
        else await state.store.reload();
        await refreshAll();
        logActivity("the store was changed in another tab: reloaded");
      });
  }
}

/** The prompt and recall query being typed, kept in IndexedDB beside the store so a reload keeps them. */
let draftTimer;
function saveDraft() {
  clearTimeout(draftTimer);
  draftTimer = setTimeout(
    () => action("Save draft", () => state.store.saveDraft({ prompt: $("#prompt").value, recall: $("#recall-query").value })),
    300,
  );
}

function route(focus) {
  const views = $$("section.view").map((s) => s.dataset.view);
  const want = location.hash.slice(1);
  const view = views.includes(want) ? want : "session";
  for (const s of $$("section.view")) s.hidden = s.dataset.view !== view;
  for (const a of $$("nav a")) {
    if (a.dataset.view === view) a.setAttribute("aria-current", "page");
    else a.removeAttribute("aria-current");
  }
  if (view === "recall") action("Recall", recallNow);
  if (view === "integrity") action("Files", renderFiles);
  if (focus) {
    const heading = $(`#view-${view} h2`);
    heading.tabIndex = -1;
    heading.focus();
  }
}

// ---------------------------------------------------------------- refresh

async function refreshAll() {
  const status = await cf().status();
  const entries = [];
  for (const n of status.nodes.slice(-INDEX_MAX)) {
    const e = await cf().entry(n.stepId);
    if (e) entries.push(e);
  }
  state.entries = entries;
  state.status = status;
  const policy = await readPolicy();
  renderStoreLine(status, policy);
  renderPolicyControls(policy);
  await renderTimeline();
  renderIndexTable();
  renderTamperSelect();
  await renderEvictions();
  if (!$("#view-integrity").hidden) await renderFiles();
  if (!$("#view-recall").hidden) await recallNow();
  if ($("#prompt").value.trim() !== "") await scanNow();
  else renderScan(null, "");
}

/** The policy in force, or the defaults with the file's error shown when the file is unusable. */
async function readPolicy() {
  try {
    return await state.store.policy();
  } catch (err) {
    showAlert(`Policy: ${describeError(err)}`);
    return defaultPolicy();
  }
}

function renderStoreLine(status, policy) {
  const perCall = policy[PER_CALL] ?? defaultPolicy()[PER_CALL];
  const perTurn = policy[PER_TURN] ?? defaultPolicy()[PER_TURN];
  fill(
    $("#store-line"),
    `IndexedDB "${state.store.dbName}": ${status.total} step${status.total === 1 ? "" : "s"} (${status.active} active, ${status.evicted} evicted), `,
    `${status.totalTokens} tokens in cold storage; budget ${perCall} per call, ${perTurn} per turn.`,
  );
}

// ---------------------------------------------------------------- session timeline and folding

async function runDemo() {
  const outcomes = await cf().foldMany(DEMO_TURNS);
  await state.store.checkpoint();
  const folded = outcomes.filter((o) => o.kind === "folded").length;
  const text =
    folded === DEMO_TURNS.length
      ? `Folded the demo's ${folded} turns.`
      : `${folded} of the demo's ${DEMO_TURNS.length} turns folded (${DEMO_TURNS.length - folded} were already in the store).`;
  fill($("#demo-status"), text, " The demo question is in the ", h("a", { href: "#prompt" }, "Prompt"), " view.");
  logActivity(`demo: ${text}`);
  $("#prompt").value = DEMO_QUERY;
  await state.store.saveDraft({ prompt: DEMO_QUERY, recall: $("#recall-query").value });
  announce();
  await refreshAll();
}

const listField = (v) => {
  const items = v.split(",").map((s) => s.trim()).filter(Boolean);
  return items.length ? items : undefined;
};

function foldModeChanged() {
  const mode = $('input[name="fold-mode"]:checked').value;
  for (const d of $$("#fold-form [data-mode]")) d.hidden = d.dataset.mode !== mode;
}

function toolCall() {
  const name = $("#tool-name").value.trim();
  const inputText = $("#tool-input").value.trim();
  let input = {};
  if (inputText !== "") {
    try {
      input = JSON.parse(inputText);
    } catch (err) {
      throw new Error(`the tool input is not valid JSON (${err.message})`);
    }
  }
  const outputText = $("#tool-output").value;
  let response = outputText;
  try {
    response = JSON.parse(outputText);
  } catch {
    // plain text output
  }
  return { name, input, response, isError: $("#tool-error").checked };
}

function previewToolSummary() {
  const out = $("#tool-summary");
  try {
    const t = toolCall();
    out.value = t.name ? toolSummary(t.name, t.input, { isError: t.isError }) : "(name the tool)";
  } catch (err) {
    out.value = `(${err.message})`;
  }
}

function fieldError(input, message) {
  input.setAttribute("aria-invalid", "true");
  input.focus();
  throw new Error(message);
}

async function foldFromForm() {
  const form = $("#fold-form");
  for (const el of $$("[aria-invalid]", form)) el.removeAttribute("aria-invalid");
  const mode = $('input[name="fold-mode"]:checked').value;
  const stepText = $("#fold-step").value.trim();
  let stepId; // none: the engine gives the next id (one more than the highest), under the store's write lock
  if (stepText !== "") {
    stepId = Number(stepText);
    if (!Number.isSafeInteger(stepId)) fieldError($("#fold-step"), "the step id must be a whole number");
  }
  let summary;
  let rawContent;
  if (mode === "tool") {
    if ($("#tool-name").value.trim() === "") fieldError($("#tool-name"), "name the tool (e.g. Bash, Read, Edit)");
    let t;
    try {
      t = toolCall();
    } catch (err) {
      fieldError($("#tool-input"), err.message);
    }
    summary = toolSummary(t.name, t.input, { isError: t.isError });
    rawContent = toolOutputText(t.response) || undefined;
  } else {
    summary = $("#fold-summary").value.trim();
    if (summary === "") fieldError($("#fold-summary"), "a summary is needed (one line saying what the turn did)");
    rawContent = $("#fold-raw").value === "" ? undefined : $("#fold-raw").value;
  }
  const input = stepId === undefined ? { summary } : { stepId, summary };
  if (rawContent !== undefined) input.rawContent = rawContent;
  const files = listField($("#fold-files").value);
  const commands = listField($("#fold-commands").value);
  const errors = listField($("#fold-errors").value);
  if (files) input.files = files;
  if (commands) input.commands = commands;
  if (errors) input.errors = errors;

  const outcome = await cf().foldDetailed(input);
  await state.store.checkpoint();
  const status = $("#fold-status");
  if (outcome.kind === "duplicate") {
    fill(status, `Step ${stepId} is already folded: nothing was written (a step is folded once).`);
    logActivity(`fold ${stepId}: duplicate, nothing written`);
  } else {
    const node = outcome.node;
    const rules = redactionRules(`${node.summary}\n${node.rawContent}`);
    fill(
      status,
      `Folded step ${node.stepId}: ${node.tokenEstimate} tokens.`,
      node.sanitized ? ` The payload held ${rules.length ? rules.join(", ") : "a secret"}: it was stored redacted.` : "",
    );
    logActivity(`fold ${node.stepId}: ${node.tokenEstimate} tokens${node.sanitized ? ", redacted" : ""}`);
    for (const id of ["#fold-step", "#fold-summary", "#fold-raw", "#fold-files", "#fold-commands", "#fold-errors", "#tool-output"]) $(id).value = "";
  }
  announce();
  await refreshAll();
  if (outcome.kind === "folded") {
    const item = $(`#timeline li[data-step="${outcome.node.stepId}"]`);
    if (item) await openColdNode(outcome.node.stepId, item);
  }
}

async function renderTimeline() {
  const records = await cf().foldedSteps(TIMELINE_MAX);
  const list = $("#timeline");
  $("#timeline-empty").hidden = records.length > 0;
  const byStep = new Map(state.entries.map((e) => [e.stepId, e]));
  const items = [];
  for (const rec of records) {
    const entry = byStep.get(rec.step_id);
    let check = null;
    try {
      const node = await cf().node(rec.step_id);
      check = { ok: true, sanitized: node.sanitized };
    } catch (err) {
      check = { ok: false, error: err };
    }
    items.push(timelineItem(rec, entry, check));
  }
  fill(list, items);
}

function badge(text, kind, title) {
  return h("span", { class: `badge ${kind}`, title }, text);
}

function timelineItem(rec, entry, check) {
  const id = rec.step_id;
  const nodeBox = h("div", { class: "cold-node", id: `cold-${id}`, hidden: true });
  const open = h(
    "button",
    { type: "button", class: "small", "aria-expanded": "false", "aria-controls": `cold-${id}` },
    "Open cold node",
  );
  const li = h(
    "li",
    { dataset: { step: id } },
    h(
      "article",
      { "aria-labelledby": `step-${id}-h` },
      h(
        "h3",
        { id: `step-${id}-h`, class: "step-h" },
        h("span", { class: "step-id" }, `Step ${id}`),
        " ",
        h("span", { class: "step-summary" }, withRedactions(rec.summary)),
      ),
      h(
        "p",
        { class: "badges" },
        badge(`${rec.token_estimate} tokens`, "neutral", "token estimate of the whole payload"),
        badge(rec.action_type, "neutral", "action type of the folded-step record"),
        badge(rec.status, rec.status === "SUCCESS" ? "ok" : "warn", "status of the folded-step record"),
        entry?.evicted ? badge("evicted", "neutral", "evicted from a prompt after a response (the cold node is kept)") : null,
        check.ok && check.sanitized ? badge("redacted", "warn", "the payload held a secret; the stored node has [REDACTED:rule] markers") : null,
        check.ok ? null : badge(check.error?.name ?? "error", "bad", describeError(check.error)),
      ),
      h(
        "dl",
        { class: "hashes" },
        h("dt", {}, "payload_sha256"),
        h("dd", {}, h("code", {}, rec.artifacts.payload_sha256)),
        h("dt", {}, "projection_sha256"),
        h("dd", {}, h("code", {}, rec.artifacts.projection_sha256)),
        h("dt", {}, "artifact_sha256"),
        h("dd", {}, h("code", {}, rec.artifacts.artifact_sha256)),
      ),
      h(
        "details",
        {},
        h("summary", {}, "Folded-step record (what stays in the prompt)"),
        h("pre", { class: "code", tabindex: "0" }, JSON.stringify(rec, null, 2)),
      ),
      h("p", { class: "actions" }, open),
      nodeBox,
    ),
  );
  open.addEventListener("click", () =>
    action("Open cold node", async () => {
      if (open.getAttribute("aria-expanded") === "true") {
        open.setAttribute("aria-expanded", "false");
        open.textContent = "Open cold node";
        nodeBox.hidden = true;
      } else {
        await openColdNode(id, li);
      }
    }),
  );
  return li;
}

/** Show a step's cold node: the exact bytes stored in IndexedDB, and whether the engine verifies them. */
async function openColdNode(stepId, li) {
  const box = $(".cold-node", li);
  const button = $('button[aria-controls^="cold-"]', li);
  const entry = await cf().entry(stepId);
  const key = entry?.filePath ?? "";
  const text = key ? await state.store.text(key) : null;
  let verdict;
  try {
    const node = await cf().node(stepId);
    const rules = redactionRules(`${node.summary}\n${node.rawContent}`);
    verdict = h(
      "p",
      { class: "verdict ok" },
      "✓ Verified by the engine: path contained, artifact hash matches the file and the index.",
      node.sanitized ? h("span", { class: "badge warn" }, `sanitized: true${rules.length ? ` (${rules.join(", ")})` : ""}`) : null,
    );
  } catch (err) {
    verdict = h("p", { class: "verdict bad" }, `✗ ${describeError(err)}`);
  }
  fill(
    box,
    h("h4", {}, "Cold node ", h("code", {}, key || "(no file_path)")),
    verdict,
    text === null ? h("p", { class: "muted" }, "No file under this key.") : h("pre", { class: "code", tabindex: "0", "aria-label": `Bytes of ${key}` }, withRedactions(text)),
  );
  box.hidden = false;
  button.setAttribute("aria-expanded", "true");
  button.textContent = "Close cold node";
}

// ---------------------------------------------------------------- recall index table

function renderIndexTable() {
  const q = $("#index-filter").value.trim().toLowerCase();
  const { key, dir } = state.sort;
  const value = (e) => (Array.isArray(e[key]) ? e[key].join(" ") : e[key]);
  const rows = state.entries
    .filter((e) => q === "" || [String(e.stepId), e.summary, ...e.identifiers, ...e.files, ...e.errors].some((s) => s.toLowerCase().includes(q)))
    .sort((a, b) => {
      const va = value(a);
      const vb = value(b);
      const c = typeof va === "string" ? va.localeCompare(vb) : Number(va) - Number(vb);
      return (c || a.stepId - b.stepId) * dir;
    });
  for (const th of $$("#index-table th")) {
    const k = $("button", th).dataset.sort;
    if (k === key) th.setAttribute("aria-sort", dir > 0 ? "ascending" : "descending");
    else th.removeAttribute("aria-sort");
  }
  const list = (xs) => (xs.length ? xs.join(", ") : h("span", { class: "muted" }, "—"));
  fill(
    $("#index-table tbody"),
    rows.map((e) =>
      h(
        "tr",
        { dataset: { step: e.stepId } },
        h("td", { class: "num" }, String(e.stepId)),
        h("td", {}, withRedactions(e.summary)),
        h("td", {}, list(e.identifiers)),
        h("td", {}, list(e.files)),
        h("td", {}, list(e.errors)),
        h("td", { class: "num" }, String(e.tokenEstimate)),
        h("td", {}, e.evicted ? "yes" : "no"),
      ),
    ),
  );
  fill($("#index-caption"), `${rows.length} of ${state.entries.length} entries`);
}

// ---------------------------------------------------------------- prompt: budget, selection mode, live scan

function wireBudget(id, key) {
  const range = $(`#${id}-range`);
  const num = $(`#${id}`);
  let timer;
  const save = (v) =>
    action("Policy", async () => {
      if (!Number.isSafeInteger(v) || v < 0) {
        num.setAttribute("aria-invalid", "true");
        throw new Error(`${key} must be a whole number of tokens, 0 or more`);
      }
      num.removeAttribute("aria-invalid");
      await writePolicy({ [key]: v }, `${key} = ${v}`);
    });
  range.addEventListener("input", () => {
    num.value = range.value;
    clearTimeout(timer);
    timer = setTimeout(() => save(Number(range.value)), 200);
  });
  num.addEventListener("change", () => {
    if (num.value.trim() === "") return; // cleared while typing a new value: wait for it
    const v = Number(num.value);
    if (Number.isFinite(v)) {
      range.max = String(Math.max(4000, v));
      range.value = String(v);
    }
    clearTimeout(timer);
    save(v);
  });
}

async function writePolicy(changes, what) {
  const policy = await state.store.updatePolicy(changes);
  announce();
  fill($("#policy-status"), `Saved ${what} to ${POLICY_KEY}.`);
  logActivity(`policy: ${what}`);
  renderStoreLine(await cf().status(), policy);
  renderPolicyControls(policy);
  if ($("#prompt").value.trim() !== "") await scanNow();
}

function renderPolicyControls(policy) {
  const d = defaultPolicy();
  for (const [id, key] of [["per-call", PER_CALL], ["per-turn", PER_TURN]]) {
    const v = Number(policy[key] ?? d[key]);
    const num = $(`#${id}`);
    const range = $(`#${id}-range`);
    if (document.activeElement !== num) num.value = String(v);
    range.max = String(Math.max(4000, v));
    if (document.activeElement !== range) range.value = String(v);
  }
  const modes = state.modes;
  const current = typeof policy.selection === "string" ? policy.selection : "reference";
  for (const r of $$('input[name="selection"]')) {
    r.disabled = !modes.includes(r.value);
    r.checked = r.value === current;
  }
  const note = $("#selection-note");
  if (!modes.includes("ranked-v1")) fill(note, "This build of the engine has only the reference selection: ranked selection is not available yet.");
  else if (!modes.includes(current)) fill(note, `The policy asks for "${current}", which this engine does not know.`);
  else fill(note, current === "reference" ? "The reference's greedy set cover, byte-compatible with contextfold.py." : `Policy key "selection": "${current}".`);
}

async function scanNow() {
  const prompt = $("#prompt").value;
  const seq = ++state.scanSeq;
  if (prompt.trim() === "") {
    renderScan(null, prompt);
    return;
  }
  const result = await cf().scan(prompt);
  if (seq !== state.scanSeq) return; // a newer keystroke's scan will render
  renderScan(result, prompt);
}

/** For each picked step (selected or budget-dropped), the query terms it took from the residual. A term is
 *  taken by exactly one pick, because every pick removes all of its terms. */
function owners(scan) {
  const map = new Map();
  for (const p of scan.selected) for (const t of p.matched) map.set(t, { stepId: p.stepId, dropped: false });
  for (const p of scan.budgetDropped) for (const t of p.matched) map.set(t, { stepId: p.stepId, dropped: true });
  return map;
}

/** Why a candidate was not hydrated, in the terms of the scan result: its own cost did not fit (budget
 *  dropped), or every term it matched was already taken, by a selected step (already answered) or by a step
 *  that was then dropped for the budget (intent ownership: those terms stay unanswered). */
function whyNot(cand, scan, took, dropped) {
  const d = dropped.get(cand.stepId);
  if (d) return { kind: "budget", text: `budget dropped: its cost ${d.cost} does not fit the turn budget of ${scan.budgetLimit}; its terms (${d.matched.join(", ")}) stay unanswered` };
  const answered = [];
  const owned = [];
  for (const t of cand.matched) {
    const o = took.get(t);
    if (!o) continue;
    (o.dropped ? owned : answered).push(`${t} by step ${o.stepId}${o.dropped ? "" : o.stepId > cand.stepId ? " (newer)" : " (more terms)"}`);
  }
  const parts = [];
  if (answered.length) parts.push(`already answered: ${answered.join(", ")}`);
  if (owned.length) parts.push(`intent ownership: ${owned.join(", ")}, which did not fit the budget`);
  return { kind: owned.length ? "ownership" : "answered", text: parts.join("; ") };
}

function renderScan(scan, prompt) {
  const region = $("#selection");
  region.dataset.prompt = prompt;
  if (!scan) {
    fill($("#scan-summary"), prompt.trim() === "" ? "Type a prompt: it is scanned against the recall index as you type." : "");
    for (const id of ["#query-terms", "#candidates", "#selected", "#not-hydrated"]) fill($(id));
    fill($("#selection-total"), "Nothing selected.");
    region.dataset.steps = "";
    return;
  }
  const selected = new Set(scan.selected.map((s) => s.stepId));
  const dropped = new Map(scan.budgetDropped.map((s) => [s.stepId, s]));
  const inContext = new Map((scan.inContext ?? []).map((s) => [s.stepId, s]));
  const took = owners(scan);
  const residual = new Set(scan.residual);
  fill(
    $("#scan-summary"),
    scan.indexEmpty
      ? "The recall index is empty: fold some turns first (Run demo)."
      : `${scan.queryTerms.length} query terms, ${scan.candidates.length} candidate steps, ${scan.selected.length} selected.`,
  );
  fill(
    $("#query-terms"),
    scan.queryTerms.map((t) => h("li", { class: residual.has(t) ? "chip unmatched" : "chip", title: residual.has(t) ? "no folded step carries this term" : undefined }, t)),
  );
  fill(
    $("#candidates"),
    scan.candidates.map((c) =>
      h(
        "li",
        { dataset: { step: c.stepId } },
        h("span", { class: "step-id" }, `Step ${c.stepId}`),
        " ",
        selected.has(c.stepId) ? badge("selected", "ok") : dropped.has(c.stepId) ? badge("dropped", "bad") : inContext.has(c.stepId) ? badge("in context", "neutral") : badge("not needed", "neutral"),
        " matches ",
        h("span", { class: "terms" }, c.matched.join(", ")),
      ),
    ),
  );
  region.dataset.steps = scan.selected.map((s) => s.stepId).join(",");
  fill(
    $("#selected"),
    scan.selected.map((s) =>
      h(
        "li",
        { dataset: { step: s.stepId, cost: s.cost } },
        h("span", { class: "step-id" }, `Step ${s.stepId}`),
        " ",
        h("span", { class: "terms" }, s.matched.join(", ")),
        " ",
        badge(`cost ${s.cost}`, "neutral", "tokens it adds, clipped to the per-call cap"),
        h("br"),
        h("span", { class: "muted" }, withRedactions(s.summary)),
      ),
    ),
  );
  fill(
    $("#selection-total"),
    scan.selected.length
      ? `${scan.consumedTokens} of ${scan.budgetLimit} turn tokens (per call at most ${scan.maxPerCall}).`
      : "Nothing selected: the prompt goes to the model as it is.",
  );
  const rows = [];
  for (const c of scan.candidates) {
    if (selected.has(c.stepId)) continue;
    if (inContext.has(c.stepId)) {
      rows.push(h("li", { dataset: { step: c.stepId, reason: "in-context" } }, h("span", { class: "step-id" }, `Step ${c.stepId}`), " already in the model's context: answers its terms at cost 0"));
      continue;
    }
    const why = whyNot(c, scan, took, dropped);
    rows.push(h("li", { dataset: { step: c.stepId, reason: why.kind } }, h("span", { class: "step-id" }, `Step ${c.stepId}`), " ", why.text));
  }
  for (const t of scan.residual) rows.push(h("li", { dataset: { reason: "unmatched" } }, `"${t}": no folded step carries it`));
  fill($("#not-hydrated"), rows.length ? rows : [h("li", { class: "muted" }, "Every candidate was selected.")]);
}

// ---------------------------------------------------------------- send, respond, gauge

async function send() {
  const prompt = $("#prompt").value;
  if (prompt.trim() === "") throw new Error("type a prompt first");
  if (state.turn) await respond(); // the previous turn's response never came: evict it first
  const turn = await cf().beforeTurn(prompt);
  const assembled = turn.context === "" ? prompt : `${turn.context}\n\n${prompt}`;
  const baseline = await cf().countTokens(prompt);
  const during = await cf().countTokens(assembled);
  const withoutFolding = baseline + state.status.totalTokens;
  state.turn = turn;
  state.gauge = { stage: "hydrated", baseline, during, after: null, withoutFolding };
  const policy = await readPolicy();
  const verified = policy.integrity_verification !== false;
  fill(
    $("#hydrated"),
    turn.hydrated.map((x) =>
      h(
        "li",
        { dataset: { step: x.stepId } },
        h("span", { class: "step-id" }, `Step ${x.stepId}`),
        " ",
        verified ? badge("✓ hash verified", "ok", `artifact ${x.artifactSha256}`) : badge("not verified (integrity_verification is off)", "warn"),
        " ",
        badge(`${x.tokenEstimate} tokens`, "neutral"),
        x.truncated ? badge(`cut to the per-call cap of ${x.cap}`, "warn") : null,
        h("br"),
        h("code", { class: "muted" }, `payload_sha256 ${x.payloadSha256}`),
      ),
    ),
  );
  fill($("#assembled"), withRedactions(assembled));
  $("#assembled-box").open = true;
  $("#respond").disabled = false;
  fill($("#turn-status"), turn.hydrated.length ? `Hydrated ${turn.hydrated.length} node${turn.hydrated.length === 1 ? "" : "s"} (${turn.tokens} tokens) into this turn.` : "Nothing to hydrate: the prompt goes as it is.");
  logActivity(`send: hydrated ${turn.hydrated.map((x) => x.stepId).join(", ") || "nothing"} (+${turn.tokens} tokens)`);
  renderGauge();
  await refreshAll();
}

async function respond() {
  const turn = state.turn;
  if (!turn) return;
  const evictions = await cf().afterResponse(turn);
  await state.store.checkpoint();
  state.turn = null;
  $("#respond").disabled = true;
  if (state.gauge) {
    state.gauge.stage = "after";
    state.gauge.after = state.gauge.baseline;
  }
  fill($("#turn-status"), evictions.length ? `Evicted ${evictions.map((e) => e.stepId).join(", ")}: the prompt is back to its baseline.` : "Nothing to evict.");
  logActivity(`response: evicted ${evictions.map((e) => e.stepId).join(", ") || "nothing"}`);
  renderGauge();
  announce();
  await refreshAll();
}

function renderGauge() {
  const g = state.gauge;
  const box = $("#gauge");
  if (!g) {
    fill(box);
    return;
  }
  const rows = [
    ["before", "Before the turn: the prompt alone", g.baseline],
    ["hydrated", "During the turn: prompt + hydrated nodes", g.during],
    ["after", "After the response: nodes evicted", g.after],
  ];
  const max = Math.max(g.during, g.withoutFolding, 1);
  const row = (stage, label, value, extra) =>
    h(
      "div",
      { class: `gauge-row${g.stage === stage ? " current" : ""}${extra ? " extra" : ""}`, dataset: { stage }, "aria-current": g.stage === stage ? "step" : undefined },
      h("span", { class: "gauge-label" }, label),
      gaugeBar(value === null ? 0 : Math.max(1, (100 * value) / max)),
      h("span", { class: "gauge-value" }, value === null ? "—" : `${value} tokens`),
    );
  box.dataset.stage = g.stage;
  fill(box, rows.map(([s, l, v]) => row(s, l, v)), row("unfolded", "Without folding: every turn's payload kept (≈)", g.withoutFolding, true));
}

/** A bar of `percent` width (set through the CSSOM: the page's CSP allows no inline style attribute). */
function gaugeBar(percent) {
  const fillEl = h("span");
  fillEl.style.width = `${percent}%`;
  return h("span", { class: "gauge-bar", "aria-hidden": "true" }, fillEl);
}

async function renderEvictions() {
  const text = await state.store.text(EVICTION_LOG);
  let events = [];
  if (text !== null) {
    try {
      events = JSON.parse(text).evicted ?? [];
    } catch (err) {
      events = [];
      showAlert(`${EVICTION_LOG} is not valid JSON: ${err.message}`);
    }
  }
  fill(
    $("#evictions"),
    events.length
      ? events.slice(-20).reverse().map((e) => h("li", {}, `${e.evicted_at}  step ${e.step_id} evicted`))
      : [h("li", { class: "muted" }, "No eviction yet.")],
  );
}

// ---------------------------------------------------------------- recall view

async function recallNow() {
  const query = $("#recall-query").value;
  if (query.trim() === "") {
    fill($("#recall-table tbody"));
    fill($("#recall-status"), "Type a query.");
    return;
  }
  const results = await cf().recall(query);
  const max = results.reduce((m, r) => Math.max(m, r.coverage), 0);
  fill(
    $("#recall-table tbody"),
    results.map((r, i) =>
      h(
        "tr",
        { dataset: { step: r.stepId, status: r.status } },
        h("td", { class: "num" }, String(i + 1)),
        h("td", { class: "num" }, String(r.stepId)),
        h("td", {}, r.coverage === max ? "primary" : "secondary"),
        h("td", {}, h("span", { class: `label ${r.status}` }, r.status)),
        h("td", { class: "num" }, String(r.coverage)),
        h("td", { class: "num" }, String(r.score)),
        h("td", {}, withRedactions(r.entry.summary)),
        h("td", {}, r.entry.evicted ? "yes" : "no"),
      ),
    ),
  );
  fill($("#recall-status"), results.length ? `${results.length} step${results.length === 1 ? "" : "s"} recalled (score is shown; the reference orders by tier and recency only).` : "No folded step matches this query.");
}

// ---------------------------------------------------------------- integrity

function renderTamperSelect() {
  const sel = $("#tamper-step");
  const before = sel.value;
  fill(sel, state.entries.map((e) => h("option", { value: String(e.stepId) }, `Step ${e.stepId}: ${e.summary.slice(0, 60)}`)));
  if (state.entries.some((e) => String(e.stepId) === before)) sel.value = before;
  else if (state.entries.some((e) => e.stepId === 137)) sel.value = "137";
  for (const id of ["#tamper", "#hydrate-one"]) $(id).disabled = state.entries.length === 0;
}

function selectedStep() {
  const v = $("#tamper-step").value;
  if (v === "") throw new Error("the store has no step yet (Run demo first)");
  return Number(v);
}

async function tamper() {
  const stepId = selectedStep();
  const { key } = await state.store.tamper(stepId);
  fill($("#integrity-result"), h("p", { class: "verdict warn" }, `Edited the bytes of ${key} in IndexedDB: its summary now starts with "TAMPERED". The index still holds the old artifact hash.`));
  logActivity(`tamper: edited ${key}`);
  announce();
  await refreshAll();
}

async function hydrateOne() {
  const stepId = selectedStep();
  const box = $("#integrity-result");
  try {
    const x = await cf().hydrate(stepId);
    fill(box, h("p", { class: "verdict ok" }, `✓ Step ${stepId} hydrated: ${x.tokenEstimate} tokens, artifact hash verified.`), h("pre", { class: "code", tabindex: "0" }, withRedactions(x.content)));
    logActivity(`hydrate ${stepId}: verified`);
  } catch (err) {
    fill(box, h("div", { class: "verdict bad", dataset: { error: err?.name ?? "Error" } }, h("p", {}, h("strong", {}, err?.name ?? "Error"), ` (${err?.code ?? "?"})`), h("p", {}, err?.message ?? String(err))));
    logActivity(`hydrate ${stepId} failed: ${describeError(err)}`);
  }
}

async function validate() {
  const v = await cf().validate();
  const box = $("#integrity-result");
  if (v.ok) fill(box, h("p", { class: "verdict ok", dataset: { validation: "passed" } }, `✓ validate: PASSED: ${v.passCount} node(s) verified.`));
  else
    fill(
      box,
      h("p", { class: "verdict bad", dataset: { validation: "failed" } }, `✗ validate: FAILED: ${v.problems.length} problem(s), ${v.passCount} node(s) passed.`),
      h("ul", { id: "problems" }, v.problems.map((p) => h("li", { dataset: { code: p.code, step: p.stepId ?? "" } }, h("strong", {}, p.code), " ", p.message))),
    );
  logActivity(`validate: ${v.ok ? "passed" : `${v.problems.length} problem(s)`}`);
}

async function renderFiles() {
  const files = await state.store.files();
  fill($("#files-note"), `${files.length} keys in the object store "files" of database "${state.store.dbName}".`);
  fill(
    $("#files-table tbody"),
    files.map((f) => h("tr", {}, h("td", {}, h("code", {}, f.key)), h("td", { class: "num" }, String(f.size)))),
  );
}

async function reset() {
  await state.store.reset();
  state.turn = null;
  state.gauge = null;
  $("#respond").disabled = true;
  for (const id of ["#hydrated", "#assembled", "#turn-status", "#integrity-result", "#demo-status", "#fold-status", "#policy-status"]) fill($(id));
  renderGauge();
  clearAlerts();
  fill($("#reset-status"), "The store is empty: IndexedDB database deleted and created again.");
  logActivity("reset: database deleted");
  announce("reset");
  await refreshAll();
  await renderFiles();
}
