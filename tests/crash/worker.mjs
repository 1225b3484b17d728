// One writer of the crash test (tests/crash/crash.mjs): folds, evicts, checkpoints and reopens an fs store through
// the packed package until it is killed, reporting each operation on stdout only after its promise resolved (an
// acknowledged operation). It may kill itself with SIGKILL at a chosen storage call, just before or just after it,
// so that every call site of every operation is a place where a process can die.
import { writeSync } from "node:fs";
import * as path from "node:path";
import { pathToFileURL } from "node:url";

const cfg = JSON.parse(process.argv[2]);
const cf = await import(pathToFileURL(path.join(cfg.consumer, "contextfold-all.mjs")).href);

// A small seeded generator (mulberry32): the same seed gives the same operations.
let state = cfg.seed >>> 0;
function rand() {
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = (n) => Math.floor(rand() * n);

const say = (obj) => writeSync(1, `${JSON.stringify(obj)}\n`);

/** NodeFsStorage with a count of calls, dying with SIGKILL at call number `killAt` (before or after it runs). */
function killing(inner) {
  let calls = 0;
  const wrapper = { root: inner.root };
  for (const name of ["load", "save", "remove", "list", "append", "resolve", "version", "loadRange", "rename", "loadMany", "resolveMany", "lock", "unlock"]) {
    wrapper[name] = async (...args) => {
      calls += 1;
      if (calls === cfg.killAt && cfg.killWhen === "before") process.kill(process.pid, "SIGKILL");
      const result = await inner[name](...args);
      if (calls === cfg.killAt && cfg.killWhen === "after") process.kill(process.pid, "SIGKILL");
      return result;
    };
  }
  return wrapper;
}

const fsStorage = new cf.NodeFsStorage(cfg.root, { lock: { timeoutMs: 120_000 } });
const storage = cfg.killAt > 0 ? killing(fsStorage) : fsStorage;
const open = () => cf.ContextFold.open(storage, { journal: cfg.journal });

function content(i) {
  const size = rand() < 0.1 ? 50_000 + pick(150_000) : 40 + pick(4000);
  const line = `${cfg.name} step ${i} ${pick(1e9).toString(36)} port ${3000 + pick(5000)} src/mod${pick(50)}.rs\n`;
  return line.repeat(Math.ceil(size / line.length));
}

let store = await open();
say({ op: "ready" });
const mine = [];
for (let i = 0; i < cfg.ops; i++) {
  const r = rand();
  if (r < 0.6) {
    const summary = `${cfg.name} fold ${i} tag ${pick(1e9).toString(36)}`;
    const node = await store.fold({ summary, rawContent: content(i) });
    mine.push(node.stepId);
    say({ op: "fold", stepId: node.stepId, summary });
  } else if (r < 0.7) {
    const inputs = Array.from({ length: 2 + pick(3) }, (_, k) => ({ summary: `${cfg.name} many ${i}.${k} tag ${pick(1e9).toString(36)}`, rawContent: content(i) }));
    const outcomes = await store.foldMany(inputs);
    outcomes.forEach((o, k) => {
      mine.push(o.node.stepId);
      say({ op: "fold", stepId: o.node.stepId, summary: inputs[k].summary });
    });
  } else if (r < 0.82 && mine.length > 0) {
    const stepId = mine[pick(mine.length)];
    await store.evict(stepId);
    say({ op: "evict", stepId });
  } else if (r < 0.94) {
    await store.checkpoint();
    say({ op: "checkpoint" });
  } else {
    await store.close({ checkpoint: rand() < 0.5 });
    store = await open();
    say({ op: "reopen" });
  }
}
await store.close();
say({ op: "done" });
