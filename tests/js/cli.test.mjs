// The `contextfold` bin (issue 5), run from the packed package installed into tests/tmp/: every run of
// tests/vectors/cli.json replayed byte for byte (after the <ROOT> substitution), the documented deviations from
// the reference each with its own test, --json for every command, the exit codes, `--file -`, the demo, and
// `npx contextfold --help`.
//
//   node --test tests/js/cli.test.mjs          (needs pkg/ built: npm run build)
//   CONTEXTFOLD_PKG=/path/to/pkg node --test tests/js/cli.test.mjs
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const PKG = path.resolve(process.env.CONTEXTFOLD_PKG ?? path.join(REPO, "pkg"));
const TMP = path.join(REPO, "tests", "tmp");
const VECTORS = JSON.parse(readFileSync(path.join(REPO, "tests", "vectors", "cli.json"), "utf8"));
const FOLD_DEMO = JSON.parse(readFileSync(path.join(REPO, "tests", "vectors", "fold_demo.json"), "utf8"));
const NPM = process.platform === "win32" ? "npm.cmd" : "npm";
const FIXED_EPOCH = String(Date.parse(VECTORS.fixed_now) / 1000);
const sha256 = (data) => createHash("sha256").update(data).digest("hex");

let work; // tests/tmp/cli-XXXX
let project; // where the packed tarball is installed
let BIN; // <project>/node_modules/contextfold/bin/contextfold.mjs
let VERSION; // of the installed package

before(() => {
  mkdirSync(TMP, { recursive: true });
  work = mkdtempSync(path.join(TMP, "cli-"));
  const consumer = process.env.CONTEXTFOLD_CONSUMER;
  if (!process.env.CONTEXTFOLD_PKG && consumer && existsSync(path.join(consumer, "node_modules", "contextfold", "package.json"))) {
    // `npm test` has packed pkg/ and installed it into its scratch consumer: use that copy.
    project = consumer;
  } else {
    // Standalone run: pack pkg/ (or $CONTEXTFOLD_PKG) and install the tarball into tests/tmp/cli-*/project.
    assert.ok(existsSync(path.join(PKG, "package.json")), `${PKG} is not built: run \`npm run build\` first`);
    const tgzName = execFileSync(NPM, ["pack", PKG, "--pack-destination", work, "--silent"], { cwd: work, encoding: "utf8" }).trim().split("\n").pop();
    project = path.join(work, "project");
    mkdirSync(project);
    writeFileSync(path.join(project, "package.json"), JSON.stringify({ name: "contextfold-cli-test", private: true, version: "0.0.0" }));
    execFileSync(NPM, ["install", "--offline", "--no-audit", "--no-fund", "--silent", path.join(work, tgzName)], { cwd: project, stdio: "pipe" });
  }
  const installed = path.join(project, "node_modules", "contextfold");
  const manifest = JSON.parse(readFileSync(path.join(installed, "package.json"), "utf8"));
  assert.equal(manifest.bin?.contextfold, "bin/contextfold.mjs", 'package.json must list "bin": {"contextfold": "bin/contextfold.mjs"}');
  VERSION = manifest.version;
  BIN = path.join(installed, "bin", "contextfold.mjs");
  for (const f of ["contextfold.mjs", "lib/cli.mjs", "lib/demo.mjs"]) {
    assert.ok(existsSync(path.join(installed, "bin", f)), `the packed package has no bin/${f} (pkg/ must contain bin/ and package.json "files" must list it)`);
  }
});

after(() => {
  if (work && !process.env.KEEP_TMP) rmSync(work, { recursive: true, force: true });
});

/** A fresh store directory (real path, as the CLI sees its current directory). */
function freshRoot(name) {
  const dir = mkdtempSync(path.join(work, `${name}-`));
  return realpathSync(dir);
}

/** Run the installed bin. */
function cli(args, { cwd, input, env } = {}) {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    cwd,
    input,
    // The reference's vectors were made with the clock fixed at 2026-01-01T00:00:00Z (folded_at is hashed).
    env: { ...process.env, NO_COLOR: "", SOURCE_DATE_EPOCH: FIXED_EPOCH, ...env },
    maxBuffer: 1 << 26,
  });
  return { status: r.status, stdout: r.stdout.toString("utf8"), stderr: r.stderr.toString("utf8") };
}

const sub = (text, root) => text.split(root).join("<ROOT>");
const coldNode = (root, step) => path.join(root, ".contextfold", "cold_nodes", `step_${String(step).padStart(6, "0")}.json`);

// ---------------------------------------------------------------------------------------------------------
// cli.json replay
// ---------------------------------------------------------------------------------------------------------

/** The state changes cli.json names in `setup`, made before the run (undone by `teardown` where the next
 * runs show they were undone: the orphan of run 14 is gone by the validate of run 16). */
const SETUP = {
  "orphan step_000999.json written": {
    apply: (root) => writeFileSync(coldNode(root, 999), "{}"),
    teardown: (root) => unlinkSync(coldNode(root, 999)),
  },
  "step 43 summary tampered": {
    apply: (root) => {
      const file = coldNode(root, 43);
      const node = JSON.parse(readFileSync(file, "utf8"));
      if (node.summary !== "tampered") {
        node.summary = "tampered";
        writeFileSync(file, JSON.stringify(node, null, 2));
      }
    },
  },
  "step 43 file deleted": { apply: (root) => rmSync(coldNode(root, 43), { force: true }) },
};

/** Runs whose reference argv relies on a documented deviation: replayed with an equivalent argv. */
const EQUIVALENT_ARGV = {
  // A dangling `--files` is a usage error here; the reference made it a summary word. Same node, same output.
  "FOLD 45 upper-case command --files": ["FOLD", "45", "upper-case command --files"],
};

describe("cli.json: every run, byte for byte", () => {
  test("the 18 runs, in order, on one store", () => {
    const root = freshRoot("replay");
    // The reference stored the file's text with CRLF turned into LF (cli_fold_42_raw_content). This CLI keeps
    // the bytes, so the replay gives it the LF text the reference ended up storing; the CRLF file itself is a
    // documented deviation, tested below.
    writeFileSync(path.join(root, "turn42.log"), VECTORS.cli_fold_42_raw_content);
    const results = [];
    for (const [i, run] of VECTORS.runs.entries()) {
      const setup = run.setup === undefined ? undefined : SETUP[run.setup];
      if (run.setup !== undefined) assert.ok(setup, `run ${i}: unknown setup ${JSON.stringify(run.setup)}`);
      setup?.apply(root);
      // `--reference`: the reference's console text byte for byte (its program name in usage lines included).
      const argv = [...(EQUIVALENT_ARGV[run.argv.join(" ")] ?? run.argv), "--reference"];
      const r = cli(argv, { cwd: root });
      setup?.teardown?.(root);
      const got = { exit_code: r.status, stdout: sub(r.stdout, root), stderr: sub(r.stderr, root) };
      const want = { exit_code: run.exit_code, stdout: run.stdout, stderr: run.stderr };
      results.push({ i, argv: run.argv, ok: JSON.stringify(got) === JSON.stringify(want), got, want });
    }
    const failed = results.filter((r) => !r.ok);
    for (const f of failed) {
      assert.deepEqual(f.got, f.want, `cli.json run ${f.i}: contextfold ${JSON.stringify(f.argv)}`);
    }
    assert.equal(results.length, 18);
  });
});

// ---------------------------------------------------------------------------------------------------------
// Documented deviations from the reference
// ---------------------------------------------------------------------------------------------------------

describe("deviations from the reference (documented)", () => {
  test("--file keeps the file's bytes: CRLF stays CRLF (reference: CRLF -> LF, against CONF-01)", () => {
    const root = freshRoot("crlf");
    const crlf = "line one\r\nline two\r\n";
    assert.equal(crlf.replaceAll("\r\n", "\n"), VECTORS.cli_fold_42_raw_content);
    writeFileSync(path.join(root, "turn42.log"), crlf);
    const run = VECTORS.runs[1];
    const r = cli(run.argv, { cwd: root });
    assert.equal(r.status, 0, r.stderr);
    const lines = r.stdout.split("\n");
    const want = run.stdout.split("\n");
    // Same report shape; the payload hash is the hash of the file bytes, so it (and the hashes over it and the
    // token estimate of 20 code points) differ from the reference's.
    assert.equal(lines.length, want.length);
    assert.equal(lines[0], want[0]);
    assert.equal(lines[1], want[1]);
    assert.equal(lines[2], `  payload_sha256    : ${sha256(Buffer.from(crlf)).slice(0, 16)}…`);
    assert.notEqual(lines[2], want[2]);
    assert.equal(lines[5], "  Tokens est.       : 5");
    assert.equal(lines[6], want[6]);
    const stored = JSON.parse(readFileSync(coldNode(root, 42), "utf8"));
    assert.equal(stored.raw_content, crlf);
    assert.equal(stored.payload_sha256, sha256(Buffer.from(crlf)));
    const h = JSON.parse(cli(["hydrate", "42", "--json"], { cwd: root }).stdout);
    assert.equal(h.rawContent, crlf);
    assert.equal(cli(["validate"], { cwd: root }).status, 0);
  });

  test("a dangling option flag is a usage error (reference: a summary word), nothing is written", () => {
    const root = freshRoot("dangling");
    const run = VECTORS.runs.find((r) => r.argv.join(" ") === "FOLD 45 upper-case command --files");
    assert.ok(run, "cli.json has the FOLD 45 … --files run");
    const r = cli(run.argv, { cwd: root });
    assert.equal(r.status, 1);
    assert.equal(r.stdout, "");
    assert.match(r.stderr, /^\n\[ERROR\] Bad argument: option --files needs a value/);
    assert.ok(!existsSync(path.join(root, ".contextfold")), "nothing written");
    for (const opt of ["--file", "--files", "--commands", "--errors"]) {
      const d = cli(["fold", "7", "summary", opt], { cwd: root });
      assert.equal(d.status, 1, opt);
      assert.ok(d.stderr.includes(`option ${opt} needs a value`), opt);
    }
    // The reference's equivalent (the word quoted into the summary) works and gives its exact output.
    const ok = cli(["FOLD", "45", "upper-case command --files", "--reference"], { cwd: root });
    assert.deepEqual({ status: ok.status, stdout: ok.stdout }, { status: 0, stdout: run.stdout });
  });

  test("--file - reads the payload from standard input, bytes kept", () => {
    const root = freshRoot("stdin");
    const payload = "tab\there\r\nTürkçe ığüşöç “quotes”\r\n\u0000 nul and trailing spaces   \n";
    const r = cli(["fold", "9", "from", "stdin", "--file", "-"], { cwd: root, input: Buffer.from(payload) });
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /^\[FOLD\] Step 9 archived\.\n {2}Summary {11}: from stdin\n/);
    assert.ok(r.stdout.includes(`payload_sha256    : ${sha256(Buffer.from(payload)).slice(0, 16)}…`));
    const node = JSON.parse(readFileSync(coldNode(root, 9), "utf8"));
    assert.equal(node.raw_content, payload);
    assert.equal(Buffer.byteLength(node.raw_content), Buffer.byteLength(payload));
    const h = cli(["hydrate", "9"], { cwd: root });
    assert.equal(h.status, 0);
    assert.ok(h.stdout.includes(`\n${payload}\n────`), "hydrate prints the exact payload");
    // --json: the API's cold node
    const j = cli(["fold", "10", "json", "stdin", "--file", "-", "--json"], { cwd: root, input: "x\r\ny" });
    assert.equal(JSON.parse(j.stdout).node.rawContent, "x\r\ny");
  });

  test("--file with bytes that are not UTF-8, or a missing file: bad argument, exit 1, nothing written", () => {
    const root = freshRoot("badfile");
    writeFileSync(path.join(root, "bad.bin"), Buffer.from([0x61, 0xff, 0x62]));
    const r = cli(["fold", "3", "s", "--file", "bad.bin"], { cwd: root });
    assert.equal(r.status, 1);
    assert.equal(r.stderr, "\n[ERROR] Bad argument: 'utf-8' codec can't decode byte 0xff in position 1: invalid start byte\n");
    const m = cli(["fold", "3", "s", "--file", "missing.log"], { cwd: root });
    assert.equal(m.status, 1);
    assert.equal(m.stderr, "\n[ERROR] Bad argument: [Errno 2] No such file or directory: 'missing.log'\n");
    assert.ok(!existsSync(path.join(root, ".contextfold")), "nothing written (the arguments are read before the store)");
  });
});

// ---------------------------------------------------------------------------------------------------------
// Arguments and exit codes
// ---------------------------------------------------------------------------------------------------------

/** A store with the demo's 8 turns, through the CLI itself. */
function demoStore(name) {
  const root = freshRoot(name);
  for (const t of FOLD_DEMO.turns) {
    writeFileSync(path.join(root, "raw.txt"), t.input.raw_content);
    const r = cli(["fold", String(t.input.step_id), t.input.summary, "--file", "raw.txt"], { cwd: root });
    assert.equal(r.status, 0, r.stderr);
  }
  unlinkSync(path.join(root, "raw.txt"));
  // Folds journal; `checkpoint` writes the reference files the tests below edit.
  const c = cli(["checkpoint"], { cwd: root });
  assert.equal(c.status, 0, c.stderr);
  assert.equal(c.stdout, `[CHECKPOINT] recall_index.json and eviction_log.json hold all ${FOLD_DEMO.turns.length} node(s).\n`);
  return root;
}

describe("arguments", () => {
  test("the fold of each demo turn prints the reference's hashes", () => {
    const root = freshRoot("demo-folds");
    for (const t of FOLD_DEMO.turns) {
      writeFileSync(path.join(root, "raw.txt"), t.input.raw_content);
      const r = cli(["fold", String(t.input.step_id), ...t.input.summary.split(" "), "--file", "raw.txt", "--reference"], { cwd: root });
      assert.equal(r.status, 0, r.stderr);
      const e = t.expected;
      const payload = e.payload_sha256 ?? e.index_entry?.payload_sha256;
      const projection = e.projection_sha256 ?? e.index_entry?.projection_sha256;
      if (payload) assert.ok(r.stdout.includes(`payload_sha256    : ${payload.slice(0, 16)}…`), `step ${t.input.step_id}`);
      if (projection) assert.ok(r.stdout.includes(`projection_sha256 : ${projection.slice(0, 16)}…`), `step ${t.input.step_id}`);
    }
  });

  test("step ids follow Python int(): whitespace, sign, underscores, Unicode digits", () => {
    const root = freshRoot("int");
    assert.equal(cli(["fold", "42", "PostgreSQL", "port", "5433"], { cwd: root }).status, 0);
    for (const arg of ["42", " 42 ", "\t42\n", "+42", "4_2", "0_0_42", "٤٢", "４２", "\u00a042\u3000"]) {
      const r = cli(["hydrate", arg], { cwd: root });
      assert.equal(r.status, 0, `hydrate ${JSON.stringify(arg)}: ${r.stderr}`);
      assert.match(r.stdout, /^\n\[HYDRATE\] Step 42 /);
    }
    const bad = {
      abc: "'abc'",
      "": "''",
      "4__2": "'4__2'",
      _42: "'_42'",
      "42_": "'42_'",
      "- 42": "'- 42'",
      "4.2": "'4.2'",
      "0x2a": "'0x2a'",
      "\u001c42": "'\\x1c42'",
      "it's": '"it\'s"',
      "42\u200b": "'42\\u200b'",
    };
    for (const [arg, repr] of Object.entries(bad)) {
      const r = cli(["hydrate", arg], { cwd: root });
      assert.deepEqual(
        { status: r.status, stdout: r.stdout, stderr: r.stderr },
        { status: 1, stdout: "", stderr: `\n[ERROR] Bad argument: invalid literal for int() with base 10: ${repr}\n` },
        JSON.stringify(arg),
      );
    }
    const long = cli(["evict", "1".repeat(4301)], { cwd: root });
    assert.equal(long.status, 1);
    assert.ok(long.stderr.includes("Exceeds the limit (4300 digits) for integer string conversion: value has 4301 digits"));
    const negative = cli(["hydrate", "-7"], { cwd: root });
    assert.equal(negative.status, 2);
    assert.equal(negative.stderr, "\n[ERROR] NodeNotFoundError: Step -7 not found in recall index. (CONF-10)\n");
  });

  test("the command word is lower-cased; unknown commands print the usage, exit 1", () => {
    const root = freshRoot("case");
    assert.equal(cli(["STATUS"], { cwd: root }).status, 0);
    assert.equal(cli(["VaLiDaTe"], { cwd: root }).status, 0);
    const u = cli(["Bogus", "--reference"], { cwd: root });
    assert.equal(u.status, 1);
    assert.equal(u.stdout, VECTORS.runs[13].stdout);
    const own = cli(["Bogus"], { cwd: root });
    assert.equal(own.stdout, VECTORS.runs[13].stdout.replaceAll("python contextfold.py", "contextfold"));
  });

  test("a missing argument prints the command's one-line usage naming `contextfold` (the reference's with --reference), exit 1", () => {
    const root = freshRoot("usage");
    const want = {
      scan: "Usage: contextfold scan <prompt>\n",
      recall: "Usage: contextfold recall <query>\n",
      hydrate: "Usage: contextfold hydrate <step_id>\n",
      evict: "Usage: contextfold evict <step_id>\n",
      fold: VECTORS.runs[3].stdout.replace("python contextfold.py", "contextfold"),
    };
    for (const [cmd, text] of Object.entries(want)) {
      const r = cli([cmd], { cwd: root });
      assert.deepEqual({ status: r.status, stdout: r.stdout, stderr: r.stderr }, { status: 1, stdout: text, stderr: "" }, cmd);
      const ref = cli([cmd, "--reference"], { cwd: root });
      assert.equal(ref.stdout, text.replace("Usage: contextfold", "Usage: python contextfold.py"), `${cmd} --reference`);
    }
    const usage = cli([], { cwd: root }).stdout;
    assert.ok(usage.includes("  contextfold scan ") && !usage.includes("python contextfold.py"), usage);
    const fold = cli(["fold", "3", "Redis ttl 300"], { cwd: root });
    assert.equal(fold.status, 0);
    const h = cli(["hydrate", "3"], { cwd: root }).stdout;
    assert.ok(h.endsWith("  → Call `contextfold evict 3` after LLM response to comply with CONF-07.\n"), h);
  });

  test("--dir DIR is the store root; the default is the current directory", () => {
    const root = freshRoot("dir");
    const elsewhere = freshRoot("cwd");
    assert.equal(cli(["fold", "5", "Redis", "ttl", "300", "--dir", root], { cwd: elsewhere }).status, 0);
    assert.ok(existsSync(coldNode(root, 5)));
    assert.ok(!existsSync(path.join(elsewhere, ".contextfold", "recall_index.json")));
    const s = cli(["status", `--dir=${root}`], { cwd: elsewhere });
    assert.ok(s.stdout.includes(`  Storage dir    : ${root}/.contextfold\n`));
    assert.ok(s.stdout.includes("Total folded   : 1 nodes"));
    const rel = cli(["--dir", path.relative(elsewhere, root), "hydrate", "5"], { cwd: elsewhere });
    assert.equal(rel.status, 0, rel.stderr);
    const missing = cli(["status", "--dir"], { cwd: elsewhere });
    assert.equal(missing.status, 1);
    const absent = path.join(elsewhere, "no-such-store");
    const ns = cli(["status", "--dir", absent], { cwd: elsewhere });
    assert.equal(ns.status, 1);
    assert.equal(ns.stderr, `\n[ERROR] Bad argument: [Errno 2] No such file or directory: '${absent}'\n`);
    assert.ok(!existsSync(absent), "status does not create a store");
    assert.equal(cli(["fold", "1", "new", "store", "--dir", absent], { cwd: elsewhere }).status, 0, "fold starts one");
    assert.ok(existsSync(coldNode(absent, 1)));
  });

  test("--help for each command, --version", () => {
    const root = freshRoot("help");
    const general = cli(["--help"], { cwd: root });
    assert.equal(general.status, 0);
    assert.match(general.stdout, /Usage: contextfold <command>/);
    for (const cmd of ["fold", "scan", "recall", "hydrate", "evict", "status", "validate", "demo"]) {
      const h = cli([cmd, "--help"], { cwd: root });
      assert.equal(h.status, 0, cmd);
      assert.ok(h.stdout.startsWith(`Usage: contextfold ${cmd}`), cmd);
      assert.equal(cli(["-h", cmd], { cwd: root }).stdout, h.stdout);
    }
    assert.ok(!existsSync(path.join(root, ".contextfold")), "--help touches no store");
    const v = cli(["--version"], { cwd: root });
    assert.equal(v.status, 0);
    assert.equal(v.stdout, `contextfold ${VERSION}\n`);
  });
});

describe("exit codes", () => {
  test("2 not found, 3 integrity, 3 path containment, 4 orphan, 5 broken reference, 1 failed validation", () => {
    const root = demoStore("exit");
    const index = path.join(root, ".contextfold", "recall_index.json");
    assert.equal(cli(["hydrate", "1000"], { cwd: root }).status, 2);
    assert.equal(cli(["evict", "1000"], { cwd: root }).stderr, "\n[ERROR] NodeNotFoundError: Step 1000 not found in recall index.\n");
    assert.equal(cli(["evict", "1000"], { cwd: root }).status, 2);

    // path containment: the index entry of 200 points outside cold_nodes/
    const original = readFileSync(index, "utf8");
    const idx = JSON.parse(original);
    idx.nodes["200"].file_path = "../evil.json";
    writeFileSync(index, JSON.stringify(idx, null, 2));
    const pc = cli(["hydrate", "200"], { cwd: root });
    assert.equal(pc.status, 3);
    assert.equal(
      pc.stderr,
      "\n[ERROR] IntegrityCheckError: PathContainmentError: Cold node path '../evil.json' violates canonical boundary or does not match expected '.contextfold/cold_nodes/step_000200.json' for step 200.\n",
    );
    const v = cli(["validate"], { cwd: root });
    assert.equal(v.status, 1);
    assert.ok(v.stdout.includes("CONF-12 Path Containment"));
    writeFileSync(index, original);
    assert.equal(cli(["validate"], { cwd: root }).status, 0);

    // integrity: a tampered raw_content
    const file = coldNode(root, 137);
    const node = JSON.parse(readFileSync(file, "utf8"));
    writeFileSync(file, JSON.stringify({ ...node, raw_content: "PostgreSQL Port 9999" }, null, 2));
    const ic = cli(["hydrate", "137"], { cwd: root });
    assert.equal(ic.status, 3);
    assert.match(ic.stderr, /^\n\[ERROR\] IntegrityCheckError: IntegrityCheckError: artifact_sha256 mismatch for /);
    assert.equal(cli(["validate"], { cwd: root }).status, 1);

    // orphan and broken reference
    writeFileSync(coldNode(root, 12), "{}");
    assert.equal(cli(["hydrate", "12"], { cwd: root }).status, 4);
    unlinkSync(file);
    assert.equal(cli(["hydrate", "137"], { cwd: root }).status, 5);
  });
});

// ---------------------------------------------------------------------------------------------------------
// --json: one JSON document on stdout, the API's shapes
// ---------------------------------------------------------------------------------------------------------

describe("--json", () => {
  test("every command prints one JSON document", () => {
    const root = freshRoot("json");
    const j = (args, status = 0) => {
      const r = cli([...args, "--json"], { cwd: root });
      assert.equal(r.status, status, `${args.join(" ")}: ${r.stderr}`);
      assert.equal(r.stderr, "");
      return JSON.parse(r.stdout);
    };
    const folded = j(["fold", "42", "PostgreSQL", "configured", "on", "port", "5433", "--files", "db.yml, ,x.py"]);
    assert.equal(folded.kind, "folded");
    assert.equal(folded.node.stepId, 42);
    assert.equal(folded.node.summary, "PostgreSQL configured on port 5433");
    assert.deepEqual(folded.node.files, ["db.yml", "x.py"]);
    assert.equal(folded.node.payloadSha256, sha256("PostgreSQL configured on port 5433"));
    assert.equal(j(["fold", "42", "again"]).kind, "duplicate");
    j(["fold", "43", "Migration", "applied", "to", "billing", "--errors", ""]);

    const scan = j(["scan", "which", "port", "for", "postgresql?"]);
    assert.deepEqual(scan.selected.map((s) => s.stepId), [42]);
    assert.ok(scan.queryTerms.includes("port") && scan.queryTerms.includes("postgresql"));

    const recall = j(["recall", "PostgreSQL", "port"]);
    assert.ok(Array.isArray(recall));
    assert.equal(recall[0].stepId, 42);
    assert.equal(recall[0].status, "latest_chronological");

    const h = j(["hydrate", "42"]);
    assert.equal(h.stepId, 42);
    assert.equal(h.content, "PostgreSQL configured on port 5433");
    assert.equal(h.truncated, false);

    const e = j(["evict", "42"]);
    assert.equal(e.stepId, 42);
    assert.match(e.evictedAt, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);

    const s = j(["status"]);
    assert.deepEqual([s.total, s.active, s.evicted], [2, 1, 1]);
    assert.equal(s.storageDir, `${root}/.contextfold`);

    const v = j(["validate"]);
    assert.equal(v.ok, true);
    assert.equal(v.passCount, 2);

    const nf = j(["hydrate", "999"], 2);
    assert.deepEqual(Object.keys(nf), ["error"]);
    assert.equal(nf.error.code, "NODE_NOT_FOUND");
    assert.equal(nf.error.message, "Step 999 not found in recall index. (CONF-10)");
    assert.equal(j(["hydrate", "abc"], 1).error.code, "BAD_ARGUMENT");
    assert.equal(j(["bogus"], 1).error.code, "USAGE");
    // (--json last would be the value of --files: an option's value is always the next argument)
    const dangling = cli(["--json", "fold", "1", "x", "--files"], { cwd: root });
    assert.equal(dangling.status, 1);
    assert.equal(JSON.parse(dangling.stdout).error.code, "BAD_ARGUMENT");

    rmSync(coldNode(root, 43));
    const bad = j(["validate"], 1);
    assert.equal(bad.ok, false);
    assert.equal(bad.problems[0].code, "BROKEN_REFERENCE");
  });
});

// ---------------------------------------------------------------------------------------------------------
// demo
// ---------------------------------------------------------------------------------------------------------

describe("demo", () => {
  test("--json: the §6 selection 342, 137, 447 and the measured prompt sizes", () => {
    const r = cli(["demo", "--json"], { cwd: freshRoot("demo-json") });
    assert.equal(r.status, 0, r.stderr);
    const d = JSON.parse(r.stdout);
    assert.equal(d.temporary, true);
    assert.ok(!existsSync(d.store), "the temporary store is removed");
    assert.equal(d.folds.length, 8);
    assert.ok(d.folds.every((f) => f.kind === "folded"));
    assert.equal(d.query, "What port are we using for PostgreSQL, and which migration applied the billing table?");
    const scan = d.scan;
    assert.deepEqual(scan.candidates.map((c) => c.stepId), [342, 447, 318, 137, 91, 37, 499]);
    // beforeTurn selects without listing candidates, and selects the same.
    assert.equal(d.turn.scan.candidatesListed, false);
    assert.deepEqual(d.turn.scan.selected, scan.selected);
    assert.deepEqual(
      scan.selected.map((s) => [s.stepId, s.matched, s.cost]),
      [
        [342, ["billing", "migration", "table"], 12],
        [137, ["port", "postgresql"], 16],
        [447, ["applied"], 17],
      ],
    );
    assert.deepEqual(scan.residual, ["using"]);
    assert.equal(scan.consumedTokens, 45);
    assert.deepEqual(d.turn.hydrated.map((h) => h.stepId), [342, 137, 447]);
    const t = d.tokens;
    assert.equal(t.before, Math.floor(Array.from(d.query).length / 4));
    assert.equal(t.hydrated, 45);
    assert.equal(t.during, Math.floor(Array.from(`${d.turn.context}\n\n${d.query}`).length / 4));
    assert.ok(t.during >= t.before + t.hydrated);
    assert.equal(t.after, t.before);
    assert.ok(t.withoutFolding > t.during);
    assert.deepEqual(d.evictions.map((e) => e.stepId), [342, 137, 447]);
    assert.equal(d.validation.ok, true);
    assert.equal(d.validation.passCount, 8);
  });

  test("text: one screen, no colour when stdout is not a terminal; --dir keeps the store", () => {
    const root = freshRoot("demo-text");
    const r = cli(["demo", "--dir", root], { cwd: root });
    assert.equal(r.status, 0, r.stderr);
    assert.ok(!r.stdout.includes("\x1b["), "no ANSI escapes");
    const lines = r.stdout.trimEnd().split("\n");
    assert.ok(lines.length <= 60, `${lines.length} lines`);
    assert.ok(lines.every((l) => Array.from(l).length <= 120), "lines fit a wide terminal");
    for (const step of [342, 137, 447]) assert.match(r.stdout, new RegExp(`✓ +${step} `));
    assert.match(r.stdout, /validate: PASSED/);
    assert.ok(existsSync(path.join(root, ".contextfold", "eviction_log.json")));
    // The store left behind is a normal one.
    const s = cli(["status"], { cwd: root });
    assert.ok(s.stdout.includes("Total folded   : 8 nodes"));
    assert.ok(s.stdout.includes("Evicted        : 3"));
  });

  test("colour only on a terminal, and never with NO_COLOR", async () => {
    const { main } = await import(pathToFileURL(path.join(path.dirname(BIN), "lib", "cli.mjs")).href);
    const capture = async (env, isTTY) => {
      let out = "";
      const io = { stdout: { write: (s) => (out += s) }, stderr: { write: () => {} }, env, isTTY, cwd: work };
      assert.equal(await main(["demo"], io), 0);
      return out;
    };
    assert.ok((await capture({}, true)).includes("\x1b["));
    assert.ok(!(await capture({ NO_COLOR: "1" }, true)).includes("\x1b["));
    assert.ok(!(await capture({}, false)).includes("\x1b["));
  });
});

// ---------------------------------------------------------------------------------------------------------
// npx
// ---------------------------------------------------------------------------------------------------------

test("npx contextfold --help from the packed package", () => {
  const npx = process.platform === "win32" ? "npx.cmd" : "npx";
  const env = { ...process.env, npm_config_offline: "true", npm_config_yes: "false" }; // the installed copy, never the registry
  const r = spawnSync(npx, ["contextfold", "--help"], { cwd: project, encoding: "utf8", env });
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /^contextfold — IPCF-1\.1/);
  const s = spawnSync(npx, ["contextfold", "--reference"], { cwd: project, encoding: "utf8", env });
  assert.equal(s.stdout, VECTORS.runs[0].stdout);
});
