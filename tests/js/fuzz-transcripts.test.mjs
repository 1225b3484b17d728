// The transcript importers under a short seeded fuzz run (the long form is `npm run fuzz -- --target transcripts`):
// mutated Claude Code, Codex, Anthropic and OpenAI transcripts give calls of the documented shape or the one
// documented error, never another exception or a hang.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { PKG_DIR } from "./helpers.mjs";
import { runTranscriptFuzz } from "../fuzz/transcripts.mjs";

describe("transcript importers under fuzzing", () => {
  it("3,000 mutated transcripts: no exception but UNKNOWN_FORMAT, none slow", async () => {
    const r = await runTranscriptFuzz({ pkgDir: PKG_DIR, runs: 3000, seed: 17 });
    console.log(`# ${r.execs} transcripts in ${r.seconds.toFixed(1)} s, slowest ${r.slowestMs.toFixed(1)} ms`);
    assert.equal(r.execs, 3000);
    assert.deepEqual(r.findings.map((f) => `${f.kind}: ${f.message}`), []);
  });
});
