// The CLI's daemon (issue 12: short calls fast with the defaults): a short call finds or starts a background process
// of the same package and is served by it, with the same output, exit status and store as a call in a process of
// its own; it never hangs or breaks a hook; it is per user, private, replaced when stale, gone when idle.
// The rest of the suite runs with CONTEXTFOLD_DAEMON=0 (scripts/test.mjs); here each test has a socket folder of
// its own and stops its daemon.
import { after, describe, it } from "node:test";
import assert from "node:assert/strict";
import { chmodSync, cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import net from "node:net";
import * as path from "node:path";
import { bigOutput, cf, cfAsync, claudeBash, claudePayload, envWith, hook, sessionDir, tempDir } from "./hook-helpers.mjs";

const started = [];

/** An environment with the daemon on, a private socket folder and a data home of its own. */
function daemonEnv(extra = {}) {
  const home = tempDir("daemon-home");
  const runtime = path.join(tempDir("daemon-rt"), "sockets");
  const env = envWith(home, { CONTEXTFOLD_RUNTIME_DIR: runtime, SOURCE_DATE_EPOCH: "1767225600", ...extra });
  delete env.CONTEXTFOLD_DAEMON;
  started.push(env);
  return { env, home, runtime };
}

after(() => {
  for (const env of started) cf(["daemon", "stop"], { env });
});

const status = (env) => JSON.parse(cf(["daemon", "status", "--json"], { env }).stdout);

/** Wait until the daemon answers (a first call starts it in the background). */
async function running(env) {
  for (let i = 0; i < 100; i++) {
    const s = status(env);
    if (s.running) return s;
    await new Promise((r) => setTimeout(r, 50));
  }
  assert.fail("the daemon did not start");
}

/** Every file under `dir`, relative path -> bytes. */
function tree(dir) {
  const out = new Map();
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else out.set(path.relative(dir, p), readFileSync(p));
    }
  };
  walk(dir);
  return out;
}

/** Lock files and hook logs hold pids and times: everything else of two stores must be the same bytes. */
const comparable = (rel) => !/(^|\/)(\.lock|lock|[^/]*\.lock|hooks\.log)$/.test(rel) && !rel.includes(".stale-");

describe("contextfold daemon", () => {
  it("a short call with no daemon runs in its own process and starts one, which serves the next calls", async () => {
    const { env } = daemonEnv();
    const store = tempDir("daemon-store");
    assert.equal(status(env).running, false);
    const first = cf(["fold", "1", "first turn", "--dir", store], { env });
    assert.equal(first.status, 0, first.stderr);
    const s = await running(env);
    assert.equal(s.served, 0);
    const second = cf(["fold", "2", "second turn", "--dir", store], { env });
    assert.equal(second.status, 0, second.stderr);
    const third = cf(["scan", "second turn", "--dir", store], { env });
    assert.equal(third.status, 0, third.stderr);
    const after2 = status(env);
    assert.equal(after2.pid, s.pid, "the same daemon");
    assert.equal(after2.served, 2, "both calls were served by the daemon");
    assert.match(third.stdout, /second/);
  });

  it("calls served by the daemon print the same bytes, exit with the same status and leave the same store as calls in their own process", async () => {
    const { env } = daemonEnv();
    cf(["daemon", "start"], { env });
    await running(env);
    const withDaemon = tempDir("daemon-a");
    const alone = tempDir("daemon-b");
    const payload = path.join(tempDir("daemon-payload"), "payload.txt");
    writeFileSync(payload, `${bigOutput("ERROR connection refused at src/db/pool.ts:42 (postgres on port 5433)", 5000)}\r\nlast line`);
    const calls = [
      ["fold", "1", "db pool refused connections", "--file", payload],
      ["fold", "2", "migrated the users table", "--files", "db/migrate/001_users.sql", "--commands", "npm run migrate"],
      ["fold", "2", "again"], // already folded: a warning
      ["fold", "x", "not a step"], // a bad argument: exit status 1 or 2
      ["scan", "why did the db pool refuse connections on port 5433?"],
      ["scan", "why did the db pool refuse connections?", "--json"],
      ["recall", "1"],
      ["hydrate", "1", "2"],
      ["evict", "1"],
      ["recall", "99"], // not found
      ["redact", "--file", "-"],
      ["redact"], // standard input too
      ["redact", "--json"],
      ["redact", "--rules"], // reads nothing
      ["redact", "password=hunter2hunter2"],
      ["scan"], // usage
    ];
    const input = "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\nnothing else\n";
    for (const call of calls) {
      const a = cf([...call, "--dir", withDaemon], { env, input });
      const b = cf([...call, "--dir", alone], { env: { ...env, CONTEXTFOLD_DAEMON: "0" }, input });
      const norm = (t) => t.replaceAll(withDaemon, "<store>").replaceAll(alone, "<store>");
      assert.equal(a.status, b.status, `${call.join(" ")}: exit status`);
      assert.equal(norm(a.stdout), norm(b.stdout), `${call.join(" ")}: stdout`);
      assert.equal(norm(a.stderr), norm(b.stderr), `${call.join(" ")}: stderr`);
    }
    assert.equal(status(env).served, calls.length, "every call went through the daemon");
    const ta = tree(withDaemon);
    const tb = tree(alone);
    assert.deepEqual([...ta.keys()].filter(comparable).sort(), [...tb.keys()].filter(comparable).sort());
    for (const [rel, bytes] of ta) if (comparable(rel)) assert.ok(bytes.equals(tb.get(rel)), `${rel}: same bytes`);
  });

  it("a payload on standard input over the limit is refused through the daemon as in a process of its own", async () => {
    const { env } = daemonEnv();
    cf(["daemon", "start"], { env });
    await running(env);
    const big = "x".repeat((64 << 20) + 100);
    const a = cf(["fold", "1", "too big", "--file", "-", "--dir", tempDir("daemon-a")], { env, input: big });
    const b = cf(["fold", "1", "too big", "--file", "-", "--dir", tempDir("daemon-b")], { env: { ...env, CONTEXTFOLD_DAEMON: "0" }, input: big });
    assert.equal(a.status, b.status);
    assert.notEqual(a.status, 0);
    assert.equal(a.stderr, b.stderr);
    assert.equal(a.stdout, b.stdout);
    assert.equal(status(env).served, 1);
  });

  it("hook calls served by the daemon give the harness the same output as hook calls in their own process", async () => {
    const { env, home } = daemonEnv();
    cf(["daemon", "start"], { env });
    await running(env);
    const aloneHome = tempDir("daemon-home-b");
    const aloneEnv = { ...env, CONTEXTFOLD_HOME: aloneHome, CONTEXTFOLD_DAEMON: "0" };
    // Hooks stamp folds with the wall clock, which the artifact hash covers.
    const stamp = (t) => t.replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/g, "<time>").replace(/(artifact_sha256\\?":\\?")[0-9a-f]{64}/g, "$1<hash>").replaceAll(home, "<home>").replaceAll(aloneHome, "<home>");
    const run = (payload, args = []) => {
      const a = hook(payload, args, { env });
      const b = hook(payload, args, { env: aloneEnv });
      assert.equal(a.status, 0, a.stderr);
      assert.equal(b.status, 0, b.stderr);
      assert.equal(stamp(a.stdout), stamp(b.stdout), `${payload.hook_event_name}: stdout`);
      assert.equal(stamp(a.stderr), stamp(b.stderr), `${payload.hook_event_name ?? "bad input"}: stderr`);
      return a;
    };
    run(claudePayload("SessionStart", "sess-d"));
    run(claudeBash("sess-d", "toolu_1", "docker compose logs postgres", bigOutput("PostgreSQL listening on port 5433")));
    run(claudeBash("sess-d", "toolu_2", "npm test", bigOutput("FAIL src/cart.test.ts: expected 3 items, got 2")));
    run(claudeBash("sess-d", "toolu_2", "npm test", bigOutput("FAIL src/cart.test.ts: expected 3 items, got 2"))); // already folded
    const prompt = run(claudePayload("UserPromptSubmit", "sess-d", { prompt: "which port is postgres listening on?" }));
    assert.match(prompt.stdout, /5433/, "the fold is injected");
    run(claudePayload("UserPromptSubmit", "sess-d", { prompt: "which port is postgres listening on?" })); // injected already
    run(claudePayload("Stop", "sess-d"));
    run(claudePayload("SessionStart", "sess-d", { source: "resume" }));
    run("not json at all");
    // Hooks stamp folds with the wall clock: the same files, and the same payloads in the cold nodes.
    const a = tree(sessionDir(home, "sess-d"));
    const b = tree(sessionDir(aloneHome, "sess-d"));
    assert.deepEqual([...a.keys()].filter(comparable).sort(), [...b.keys()].filter(comparable).sort());
    for (const [rel, bytes] of a) {
      if (rel.includes("cold_nodes/step_")) assert.equal(JSON.parse(bytes).raw_content, JSON.parse(b.get(rel)).raw_content, `${rel}: same payload`);
    }
    assert.ok(status(env).served >= 9);
  });

  it("runs each call in the caller's directory, with the caller's environment", async () => {
    const { env } = daemonEnv();
    cf(["daemon", "start"], { env });
    await running(env);
    const one = tempDir("daemon-cwd");
    const two = tempDir("daemon-cwd");
    assert.equal(cf(["fold", "7", "only in one"], { env, cwd: one }).status, 0);
    assert.equal(cf(["fold", "8", "only in two"], { env, cwd: two }).status, 0);
    assert.ok(existsSync(path.join(one, ".contextfold", "cold_nodes", "step_000007.json")));
    assert.ok(existsSync(path.join(two, ".contextfold", "cold_nodes", "step_000008.json")));
    assert.ok(!existsSync(path.join(one, ".contextfold", "cold_nodes", "step_000008.json")));
    // The environment: another data home for a hook, another SOURCE_DATE_EPOCH for a fold.
    const otherHome = tempDir("daemon-home-c");
    const r = hook(claudeBash("sess-e", "toolu_1", "make", bigOutput("build ok")), [], { env: { ...env, CONTEXTFOLD_HOME: otherHome } });
    assert.equal(r.status, 0, r.stderr);
    assert.ok(existsSync(path.join(sessionDir(otherHome, "sess-e"), ".contextfold", "cold_nodes", "step_000001.json")));
    assert.equal(cf(["fold", "9", "dated", "--json"], { env: { ...env, SOURCE_DATE_EPOCH: "0" }, cwd: one }).status, 0);
    const node9 = JSON.parse(readFileSync(path.join(one, ".contextfold", "cold_nodes", "step_000009.json"), "utf8"));
    assert.equal(node9.folded_at, "1970-01-01T00:00:00Z");
    assert.ok(status(env).served >= 4);
  });

  it("serves calls that arrive at the same time, each once", async () => {
    const { env, home } = daemonEnv();
    cf(["daemon", "start"], { env });
    await running(env);
    const calls = Array.from({ length: 8 }, (_, i) => cfAsync(["hook"], { env, input: claudeBash("sess-f", `toolu_${i}`, `run ${i}`, bigOutput(`job ${i} finished`)) }));
    for (const r of await Promise.all(calls)) {
      assert.equal(r.status, 0, r.stderr);
      assert.equal(r.stderr, "");
    }
    const nodes = readdirSync(path.join(sessionDir(home, "sess-f"), ".contextfold", "cold_nodes")).filter((f) => /^step_\d+\.json$/.test(f));
    assert.equal(nodes.length, 8);
    assert.ok(status(env).served >= 8);
  });

  it("first calls at the same time leave one daemon running", { skip: process.platform !== "linux" && "reads /proc" }, async () => {
    const { env, runtime } = daemonEnv();
    const store = tempDir("daemon-store");
    const calls = Array.from({ length: 4 }, (_, i) => cfAsync(["fold", String(i + 1), `turn ${i}`, "--dir", store], { env }));
    for (const r of await Promise.all(calls)) assert.equal(r.status, 0, r.stderr);
    const s = await running(env);
    await new Promise((r) => setTimeout(r, 1500)); // the others find it running and exit
    const daemons = readdirSync("/proc")
      .filter((p) => /^\d+$/.test(p))
      .filter((p) => {
        try {
          const cmd = readFileSync(`/proc/${p}/cmdline`, "utf8");
          return cmd.includes("daemon\0serve") && readFileSync(`/proc/${p}/environ`, "utf8").includes(`CONTEXTFOLD_RUNTIME_DIR=${runtime}\0`);
        } catch {
          return false;
        }
      });
    assert.deepEqual(daemons, [String(s.pid)]);
  });

  it("CONTEXTFOLD_DAEMON=0 neither uses nor starts a daemon", async () => {
    const { env } = daemonEnv();
    const off = { ...env, CONTEXTFOLD_DAEMON: "0" };
    const store = tempDir("daemon-store");
    assert.equal(cf(["fold", "1", "no daemon", "--dir", store], { env: off }).status, 0);
    await new Promise((r) => setTimeout(r, 400));
    assert.equal(status(env).running, false);
    assert.match(cf(["daemon", "status"], { env: off }).stdout, /off/);
  });

  it("replaces the socket of a daemon that was killed, and the call in between still runs", async () => {
    const { env } = daemonEnv();
    cf(["daemon", "start"], { env });
    const s = await running(env);
    process.kill(s.pid, "SIGKILL");
    await new Promise((r) => setTimeout(r, 200));
    assert.ok(existsSync(s.socket), "the dead daemon's socket is left behind");
    const store = tempDir("daemon-store");
    const r = cf(["fold", "1", "after a crash", "--dir", store], { env });
    assert.equal(r.status, 0, r.stderr);
    assert.ok(existsSync(path.join(store, ".contextfold", "cold_nodes", "step_000001.json")));
    const again = await running(env);
    assert.notEqual(again.pid, s.pid);
  });

  it("does not use a socket folder that another user could enter", async () => {
    const { env, runtime } = daemonEnv();
    mkdirSync(runtime, { recursive: true, mode: 0o755 });
    chmodSync(runtime, 0o755);
    const store = tempDir("daemon-store");
    assert.equal(cf(["fold", "1", "open folder", "--dir", store], { env }).status, 0);
    await new Promise((r) => setTimeout(r, 400));
    assert.equal(readdirSync(runtime).length, 0, "no socket was made there");
    assert.equal(status(env).running, false);
  });

  it("a daemon that takes a hook call and never answers costs the hook its timeout, then exit 0 and one line on stderr", async () => {
    const { env, runtime } = daemonEnv({ CONTEXTFOLD_DAEMON_TIMEOUT: "1" });
    const socket = status(env).socket;
    mkdirSync(runtime, { recursive: true, mode: 0o700 });
    const stuck = net.createServer({ allowHalfOpen: true }, () => {}); // accepts, never answers
    await new Promise((r) => stuck.listen(socket, r));
    try {
      const r = await cfAsync(["hook"], { env, input: claudePayload("UserPromptSubmit", "sess-g", { prompt: "anything?" }) });
      assert.equal(r.status, 0);
      assert.equal(r.stdout, "");
      assert.match(r.stderr, /^contextfold hook: the contextfold daemon did not answer/);
      assert.equal(r.stderr.trim().split("\n").length, 1);
    } finally {
      stuck.close();
    }
  });

  it("a daemon that ends during a call: a hook exits 0, another command exits 1, and neither runs the call twice", async () => {
    const { env, runtime } = daemonEnv();
    const socket = status(env).socket;
    mkdirSync(runtime, { recursive: true, mode: 0o700 });
    const dying = net.createServer({ allowHalfOpen: true }, (c) => c.on("data", () => c.destroy()));
    await new Promise((r) => dying.listen(socket, r));
    const store = tempDir("daemon-store");
    try {
      const h = await cfAsync(["hook"], { env, input: claudePayload("UserPromptSubmit", "sess-h", { prompt: "anything?" }) });
      assert.equal(h.status, 0);
      assert.equal(h.stdout, "");
      assert.match(h.stderr, /did not answer/);
      const f = await cfAsync(["fold", "1", "lost", "--dir", store], { env });
      assert.equal(f.status, 1);
      assert.match(f.stderr, /did not answer/);
      assert.ok(!existsSync(path.join(store, ".contextfold")), "not run again here");
    } finally {
      dying.close();
    }
  });

  it("exits after CONTEXTFOLD_DAEMON_IDLE seconds without a call and removes its socket", async () => {
    const { env } = daemonEnv({ CONTEXTFOLD_DAEMON_IDLE: "1" });
    cf(["daemon", "start"], { env });
    const s = await running(env);
    await new Promise((r) => setTimeout(r, 2500));
    assert.equal(status(env).running, false);
    assert.ok(!existsSync(s.socket));
  });

  it("daemon stop stops it, and the next short call starts a new one", async () => {
    const { env } = daemonEnv();
    cf(["daemon", "start"], { env });
    const s = await running(env);
    const stop = JSON.parse(cf(["daemon", "stop", "--json"], { env }).stdout);
    assert.deepEqual(stop, { running: false, stopped: true, pid: s.pid });
    assert.equal(status(env).running, false);
    cf(["scan", "anything", "--dir", tempDir("daemon-store")], { env });
    const again = await running(env);
    assert.notEqual(again.pid, s.pid);
  });
});
