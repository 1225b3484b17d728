// A small page built by Vite from the installed package ("browser" condition): folds and scans in memory and
// runs the Storage conformance suite over IndexedDB, reporting into window.__results.
import { ContextFold, MemoryStorage, extract, REFERENCE_POLICY } from "contextfold";
import { IndexedDbStorage } from "contextfold/indexeddb";
import { runStorageAdapterTests } from "contextfold/testing";

const results = [];
const tests = [];
const describe = (name, fn) => fn();
const it = (name, fn) => tests.push({ name, fn });

let n = 0;
runStorageAdapterTests("IndexedDbStorage", async () => IndexedDbStorage.open(`cf-test-${Date.now()}-${n++}`), { describe, it });

async function main() {
  const s = new MemoryStorage();
  const cf = await ContextFold.open(s, { clock: () => "2026-01-01T00:00:00Z", defaultPolicy: REFERENCE_POLICY });
  const node = await cf.fold({ stepId: 37, summary: "PostgreSQL configured on Port 5433", rawContent: "$ docker compose up -d postgres\nPostgreSQL running on port 5433" });
  results.push({ name: "fold in the browser", ok: node.artifactSha256 === "9ce77ffedef0fc161acbe736bb775b3f649280953ff09d7f32b1ffc4fa16e8a8", info: node.artifactSha256 });
  const scan = await cf.scan("What port is PostgreSQL on?");
  results.push({ name: "scan in the browser", ok: scan.selected.length === 1 && scan.selected[0].stepId === 37 });
  results.push({ name: "extract in the browser", ok: extract("$ ls -la").commands[0] === "ls -la" });
  const mem = ContextFold.engineMemoryBytes();
  results.push({ name: "engineMemoryBytes in the browser", ok: mem > 0 && mem % 65536 === 0, info: String(mem) });
  for (const t of tests) {
    try {
      await t.fn();
      results.push({ name: t.name, ok: true });
    } catch (err) {
      results.push({ name: t.name, ok: false, info: String(err && err.stack || err) });
    }
  }
}
main().then(
  () => { window.__results = results; },
  (err) => { window.__results = [...results, { name: "page", ok: false, info: String(err && err.stack || err) }]; },
);
