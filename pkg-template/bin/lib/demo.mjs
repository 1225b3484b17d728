// `contextfold demo`: the §6 scenario of IPCF-1.1 on one screen. Eight turns of a long session are folded into
// a fresh store, one multi-intent question is asked, and the harness loop runs: beforeTurn (scan + hydrate),
// the model's turn, afterResponse (evict), then validate. Every number shown comes from the engine's results
// and from the token counter the engine itself uses; the presentation is the only thing decided here.
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import * as os from "node:os";
import * as path from "node:path";

/** The 8 demo turns of the reference (tests/vectors/fold_demo.json `turns[*].input`). */
export const DEMO_TURNS = [
  { stepId: 37, summary: "PostgreSQL configured on Port 5433", rawContent: "$ docker compose up -d postgres\nPostgreSQL running on port 5433" },
  { stepId: 91, summary: "PostgreSQL switched to Port 5434 (conflict resolution)", rawContent: "$ psql -p 5434 -U admin\nConflict resolved on port 5434" },
  { stepId: 137, summary: "PostgreSQL port 5434 reverted back to Port 5433", rawContent: "$ sed -i 's/5434/5433/' config.env\nPostgreSQL Port 5433 restored" },
  { stepId: 200, summary: "Authentication middleware refactored; JWT secret rotated", rawContent: "JWT secret updated in auth/middleware.py" },
  { stepId: 318, summary: "Migration V12 applied to production database", rawContent: "$ python manage.py migrate V12__TenantBilling.sql\nMigration V12 applied" },
  { stepId: 342, summary: "Migration V12 rolled back due to deadlocks", rawContent: "Deadlock detected in billing table; rolled back V12" },
  { stepId: 447, summary: "Migration V12 patched and re-applied successfully", rawContent: "Patched V12__TenantBilling.sql with row-level locks; migration complete" },
  { stepId: 499, summary: "Final review: all services healthy, Port 5433 confirmed", rawContent: "All health checks passing on port 5433" },
];

export const DEMO_QUERY = "What port are we using for PostgreSQL, and which migration applied the billing table?";

/** The reference's token counter (code points / 4, rounded down), given to the engine and used for the prompt. */
export function countTokens(text) {
  let n = 0;
  for (const _ of text) n++;
  return Math.floor(n / 4);
}

function palette(enabled) {
  const sgr = (code) => (s) => (enabled ? `\x1b[${code}m${s}\x1b[0m` : s);
  return { bold: sgr("1"), dim: sgr("2"), green: sgr("32"), yellow: sgr("33"), cyan: sgr("36"), red: sgr("31") };
}

function cut(s, n) {
  const cps = Array.from(s);
  return cps.length <= n ? s : cps.slice(0, n - 1).join("") + "…";
}

const pad = (v, n) => String(v).padStart(n);
const padEnd = (v, n) => {
  const s = String(v);
  const len = Array.from(s).length;
  return len >= n ? s : s + " ".repeat(n - len);
};

/** Which picked step answered each query term (picked = selected or budget-dropped, in pick order). */
function owners(scan) {
  const map = new Map();
  for (const p of [...scan.selected, ...scan.budgetDropped]) for (const t of p.matched) if (!map.has(t)) map.set(t, p.stepId);
  return map;
}

/**
 * @param {{ api: any, NodeFsStorage: any, render: any, root?: string, json: boolean,
 *           io: { stdout: {write(s: string): unknown}, env: Record<string, string|undefined>, isTTY: boolean } }} ctx
 */
export async function runDemo({ api, NodeFsStorage, root, json, io, clock }) {
  const temporary = root === undefined;
  const dir = temporary ? await mkdtemp(path.join(os.tmpdir(), "contextfold-demo-")) : root;
  try {
    await mkdir(path.join(dir, ".contextfold", "cold_nodes"), { recursive: true });
    const cf = await api.ContextFold.open(new NodeFsStorage(dir), clock ? { tokenCounter: countTokens, clock } : { tokenCounter: countTokens });
    try {
      const data = await scenario(cf);
      if (json) {
        io.stdout.write(JSON.stringify({ store: dir, temporary, ...data }, null, 2) + "\n");
      } else {
        const noColor = io.env.NO_COLOR !== undefined && io.env.NO_COLOR !== "";
        io.stdout.write(screen({ ...data, dir, temporary }, palette(io.isTTY && !noColor)));
      }
      return data.validation.ok ? 0 : 1;
    } finally {
      await cf.close?.();
    }
  } finally {
    if (temporary) await rm(dir, { recursive: true, force: true });
  }
}

/** The scenario itself: only API calls and token counts. */
async function scenario(cf) {
  const folds = [];
  for (const turn of DEMO_TURNS) folds.push(await cf.foldDetailed(turn));
  const index = [];
  for (const turn of DEMO_TURNS) index.push(await cf.entry(turn.stepId));
  const promptTokens = countTokens(DEMO_QUERY);
  // Without folding, every earlier turn's content stays in the prompt.
  const unfolded = DEMO_TURNS.map((t) => t.rawContent).join("\n\n");
  // The reference's scan result, with every candidate listed (beforeTurn itself only selects).
  const scan = await cf.scan(DEMO_QUERY);
  const turn = await cf.beforeTurn(DEMO_QUERY);
  const assembled = turn.context === "" ? DEMO_QUERY : `${turn.context}\n\n${DEMO_QUERY}`;
  const during = countTokens(assembled);
  const evictions = await cf.afterResponse(turn);
  // After the response the hydrated content is gone again: what stays in front of the model is the prompt.
  const after = countTokens(DEMO_QUERY);
  const status = await cf.status();
  const validation = await cf.validate();
  return {
    folds,
    index,
    query: DEMO_QUERY,
    scan,
    turn,
    tokens: {
      counter: "code points / 4 (the reference's estimate)",
      before: promptTokens,
      hydrated: turn.tokens,
      during,
      after,
      withoutFolding: countTokens(`${unfolded}\n\n${DEMO_QUERY}`),
      archived: status.totalTokens,
    },
    evictions,
    status,
    validation,
  };
}

function screen(d, c) {
  const L = [];
  const scan = d.scan;
  const selected = new Set(scan.selected.map((s) => s.stepId));
  const dropped = new Map(scan.budgetDropped.map((s) => [s.stepId, s]));
  const took = owners(scan);
  const title = "ContextFold demo — IPCF-1.1 in-place context folding (§6 scenario)";
  L.push(c.bold(title));
  L.push(c.dim(`store: ${d.dir}${d.temporary ? "  (temporary, removed at the end; --dir DIR keeps one)" : ""}`));
  L.push("");

  L.push(c.bold(`1. Fold ${d.folds.length} turns of a long session into cold storage`));
  for (const f of d.folds) {
    const n = f.kind === "folded" ? f.node : f.entry;
    const note = f.kind === "folded" ? c.dim(n.payloadSha256.slice(0, 12) + "…") : c.yellow("already folded");
    L.push(`   ${c.cyan(pad(n.stepId, 4))}  ${pad(n.tokenEstimate, 3)} tk  ${note}  ${cut(n.summary, 56)}`);
  }
  L.push("");

  L.push(c.bold("2. Recall index: step → identifiers"));
  for (const e of d.index) {
    const terms = [...e.identifiers, ...e.files.filter((f) => !e.identifiers.includes(f))].join(" ");
    L.push(`   ${c.cyan(pad(e.stepId, 4))}  ${cut(terms, 88)}`);
  }
  L.push("");

  L.push(c.bold("3. New turn: ") + `"${d.query}"`);
  L.push(`   query terms: ${scan.queryTerms.join(" ")}`);
  L.push(`   candidates (${scan.candidates.length}), most terms first, newest first:`);
  const cands = scan.candidates.map((x) => `${c.cyan(String(x.stepId))} [${x.matched.join(" ")}]`);
  for (let i = 0; i < cands.length; i += 4) L.push(`     ${cands.slice(i, i + 4).join("  ")}`);
  L.push(`   hydrated (greedy coverage, turn budget ${scan.budgetLimit} tokens, ${scan.maxPerCall} per call):`);
  for (const s of scan.selected) {
    L.push(`     ${c.green("✓")} ${c.cyan(pad(s.stepId, 4))}  ${padEnd(s.matched.join(", "), 26)} cost ${pad(s.cost, 3)}  ${c.dim(cut(s.summary, 44))}`);
  }
  L.push(`     ${" ".repeat(34)}total ${pad(scan.consumedTokens, 3)}`);
  L.push("   not hydrated:");
  for (const x of scan.candidates) {
    if (selected.has(x.stepId)) continue;
    let why;
    if (dropped.has(x.stepId)) {
      why = `cost ${dropped.get(x.stepId).cost} would exceed the turn budget (${scan.budgetLimit})`;
    } else {
      const by = new Map();
      for (const t of x.matched) {
        const o = took.get(t);
        if (!by.has(o)) by.set(o, []);
        by.get(o).push(t);
      }
      // The step that took a term was picked first: it answered more of the remaining terms, or as many and is newer.
      why = "already answered: " + [...by].map(([o, ts]) => `${ts.join(", ")} by ${o}${o > x.stepId ? " (newer)" : " (more terms)"}`).join("; ");
    }
    L.push(c.dim(`     · ${pad(x.stepId, 4)}  ${why}`));
  }
  for (const t of scan.residual) L.push(c.dim(`     · "${t}": no folded turn carries it`));
  L.push("");

  const t = d.tokens;
  L.push(c.bold("4. Prompt size, measured by the token counter (code points / 4)"));
  L.push(`   before the turn     ${pad(t.before, 4)} tokens  the question alone`);
  L.push(`   during the turn     ${pad(t.during, 4)} tokens  question + ${d.turn.hydrated.length} hydrated nodes (${d.turn.hydrated.map((h) => h.tokenEstimate).join(" + ")} = ${t.hydrated}) + headers`);
  L.push(`   after the response  ${pad(t.after, 4)} tokens  hydrated nodes evicted, cold storage kept`);
  L.push(c.dim(`   without folding     ${pad(t.withoutFolding, 4)} tokens  the ${d.folds.length} turns' content kept in the prompt instead`));
  L.push("");

  L.push(c.bold("5. Evict and validate"));
  L.push(`   evicted ${d.evictions.map((e) => e.stepId).join(", ")} at ${d.evictions[0]?.evictedAt ?? "-"}; status: ${d.status.total} nodes, ${d.status.active} active, ${d.status.evicted} evicted`);
  const v = d.validation;
  L.push(
    v.ok
      ? `   ${c.green("validate: PASSED")} — ${v.passCount} node(s) verified (path containment, artifact and index hashes)`
      : `   ${c.red("validate: FAILED")} — ${v.problems.length} problem(s): ${v.problems.map((p) => p.message.split("\n")[0]).join("; ")}`,
  );
  return L.join("\n") + "\n";
}
