// Crash safety (issue 17), short form of `npm run crash-test`: writer processes folding, evicting and checkpointing
// into one fs store through the packed package are killed with SIGKILL at random storage calls or random times,
// one to four at once, journal on and off; every store then validates (orphaned cold nodes aside) and holds every
// fold and eviction a writer acknowledged before it died.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { CONSUMER } from "./helpers.mjs";
import { runCrashTrials } from "../crash/crash.mjs";

describe("crash safety", () => {
  it("24 trials of writers killed with SIGKILL lose no acknowledged fold or eviction and leave valid stores", async () => {
    const s = await runCrashTrials({ consumer: CONSUMER, trials: 24, seed: 4242, log: (l) => console.log(`# ${l}`) });
    console.log(`# ${s.trials} trials, ${s.processes} writers (${s.killed} killed), ${s.folds} acknowledged folds, ${s.evictions} evictions, ${s.orphans} orphans, ${s.seconds.toFixed(0)} s`);
    assert.deepEqual(s.failures.map((f) => `trial ${f.trial} seed ${f.seed} (${f.mode}): ${f.problem}`), []);
    assert.ok(s.killed >= s.trials, "writers were killed");
    assert.ok(s.folds > 0, "writers acknowledged folds before they died");
    assert.ok(Object.keys(s.byMode).some((m) => m.startsWith("journal")) && Object.keys(s.byMode).some((m) => m.startsWith("no journal")));
  });
});
