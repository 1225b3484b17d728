// The "contextfold/web" build in a browser: explicit init() with the default wasm location, then a fold.
import init, { ContextFold, MemoryStorage, extract, REFERENCE_POLICY } from "contextfold/web";

const results = [];
async function main() {
  let before = "";
  try {
    extract("x");
  } catch (err) {
    before = String(err.message);
  }
  results.push({ name: "web: extract before init() explains itself", ok: before.includes("init()"), info: before });
  await init();
  const cf = await ContextFold.open(new MemoryStorage(), { clock: () => "2026-01-01T00:00:00Z", defaultPolicy: REFERENCE_POLICY });
  const node = await cf.fold({ stepId: 37, summary: "PostgreSQL configured on Port 5433", rawContent: "$ docker compose up -d postgres\nPostgreSQL running on port 5433" });
  results.push({ name: "web: fold after init()", ok: node.artifactSha256 === "9ce77ffedef0fc161acbe736bb775b3f649280953ff09d7f32b1ffc4fa16e8a8", info: node.artifactSha256 });
  const mem = ContextFold.engineMemoryBytes();
  results.push({ name: "web: engineMemoryBytes after init()", ok: mem > 0 && mem % 65536 === 0, info: String(mem) });
}
main().then(
  () => { window.__results = results; },
  (err) => { window.__results = [...results, { name: "web page", ok: false, info: String(err && err.stack || err) }]; },
);
