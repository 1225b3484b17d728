import { test } from "node:test";
import assert from "node:assert/strict";
import * as path from "node:path";
import { ROOT } from "./helpers.mjs";
import { replay } from "../replay.mjs";

for (const dir of ["tests/vectors", "tests/vectors/random", "tests/fixtures/empty-store-vectors"]) {
  test(`replay ${dir} through the JS API`, async (t) => {
    const lines = [];
    const { passed, failed } = await replay(path.join(ROOT, dir), { log: (l) => lines.push(l) });
    for (const l of lines) t.diagnostic(l);
    assert.ok(passed > 0, "some cases ran");
    assert.equal(failed, 0, lines.filter((l) => l.startsWith("FAIL")).slice(0, 20).join("\n"));
  });
}
