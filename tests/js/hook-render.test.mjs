// The hook's rendering of hydrated nodes (user-prompt-submit's additionalContext): bounded by maxChars, a prefix of
// the selection, a node that does not fit whole shown cut and marked as such, the lines of the steps ranked next
// (excerpts) only after the whole selection.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import * as path from "node:path";
import { pathToFileURL } from "node:url";
import { PKG_DIR } from "./helpers.mjs";

const { MIN_CUT_CHARS, renderHydrated } = await import(pathToFileURL(path.join(PKG_DIR, "lib", "hooks", "render.js")).href);

const node = (stepId, content) => ({ stepId, summary: `Bash: cat file-${stepId}.log`, content, tokenEstimate: Math.ceil(content.length / 4), truncated: false });
const lines = (tag, n) => Array.from({ length: n }, (_, i) => `${tag} line ${i}`).join("\n");
const options = { maxChars: 3000, command: "contextfold", root: "/tmp/store" };

describe("renderHydrated", () => {
  it("shows a node that does not fit whole after the first cut to the room left, marked, with the command that reads all of it", () => {
    const first = node(1, lines("first", 60)); // ~800 characters
    const second = node(2, lines("second", 400)); // far more than the room left
    const { text, steps } = renderHydrated([first, second], options);
    assert.deepEqual(steps, [1, 2]);
    assert.ok(text.length <= options.maxChars, `${text.length}`);
    assert.ok(text.includes(first.content), "the first node whole");
    assert.match(text, /\[contextfold step 2 \| Bash: cat file-2\.log \| sha256 verified \| cut to fit the hook output; all of it: contextfold hydrate 2 --dir \/tmp\/store\]\nsecond line 0\n/);
    assert.ok(text.endsWith("…"), "the cut is marked where it ends");
    assert.ok(!/step 2 \|.*\d+ tokens\]/.test(text), "a cut node does not claim its whole size as shown");
  });

  it("ends at the last whole node when less than MIN_CUT_CHARS would be left for a cut", () => {
    const first = node(1, "x".repeat(options.maxChars - MIN_CUT_CHARS));
    const { text, steps } = renderHydrated([first, node(2, lines("second", 400))], options);
    assert.deepEqual(steps, [1]);
    assert.ok(!text.includes("step 2"));
  });

  it("shows a prefix of the selection: nothing after a node it cut, even a node that would fit", () => {
    const { steps } = renderHydrated([node(1, lines("first", 60)), node(2, lines("second", 400)), node(3, "short")], options);
    assert.deepEqual(steps, [1, 2]);
  });

  it("with maxBytes (Codex), bounds the UTF-8 bytes too, cutting between characters", () => {
    // Two bytes a character: 3,000 characters are 6,000 bytes, twice what Codex is given here.
    const turkish = (stepId, n) => node(stepId, Array.from({ length: n }, (_, i) => `şğüöç satır ${i}`).join("\n"));
    const bytes = { ...options, maxBytes: 3000 };
    const { text, steps } = renderHydrated([turkish(1, 60), turkish(2, 400)], bytes);
    assert.deepEqual(steps, [1, 2]);
    assert.ok(Buffer.byteLength(text) <= 3000 && Buffer.byteLength(text) > 2990, `${Buffer.byteLength(text)} bytes`);
    assert.ok(text.endsWith("…") && !text.includes("\uFFFD"));
    const wide = renderHydrated([turkish(1, 60), turkish(2, 400)], options);
    assert.ok(Buffer.byteLength(wide.text) > 3000, "without maxBytes only the characters are bounded");
    // Four bytes a character (an emoji): a cut never splits one.
    const emoji = renderHydrated([node(3, "😀".repeat(2000))], { ...options, maxBytes: 1001 });
    assert.ok(Buffer.byteLength(emoji.text) <= 1001 && !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/.test(emoji.text), emoji.text.slice(-10));
  });

  it("still cuts a first node that does not fit at all", () => {
    const { text, steps } = renderHydrated([node(7, lines("only", 1000))], options);
    assert.deepEqual(steps, [7]);
    assert.equal(text.length, options.maxChars);
    assert.match(text, /^\[contextfold step 7 \| .* \| cut to fit the hook output; all of it: contextfold hydrate 7 --dir \/tmp\/store\]\nonly line 0/);
  });

  const excerpt = (stepId, numbers) => ({
    stepId,
    summary: `Bash: gh run view ${stepId}`,
    lines: numbers.map((number) => ({ number, text: `run ${stepId} line ${number}: TestRedelivery failed` })),
    lineCount: 120,
    tokenEstimate: 20,
    payloadSha256: "0".repeat(64),
  });

  it("shows the excerpts after the whole selection, each under a header with its lines, and once how to read any of them whole", () => {
    const { text, steps, excerpted } = renderHydrated([node(1, lines("first", 20))], options, [excerpt(5, [3, 9]), excerpt(8, [40])]);
    assert.deepEqual(steps, [1], "an excerpt is not a step shown whole");
    assert.deepEqual(excerpted, [5, 8]);
    assert.ok(text.includes(
      "\n\n[contextfold: the best lines of the steps ranked next; any of them whole: contextfold hydrate <step_id> --dir /tmp/store]\n" +
        "[contextfold step 5 | Bash: gh run view 5 | sha256 verified | 20 tokens, lines 3, 9 of 120]\nrun 5 line 3: TestRedelivery failed\nrun 5 line 9: TestRedelivery failed",
    ), text);
    assert.equal(text.split("hydrate <step_id>").length, 2, "said once");
    assert.ok(text.includes("\n\n[contextfold step 8 | Bash: gh run view 8 | sha256 verified | 20 tokens, lines 40 of 120]\n"), text);
    assert.ok(text.indexOf("step 5") < text.indexOf("step 8"), "in the engine's order");
    const long = { ...excerpt(9, [1]), summary: `Bash: ${"x".repeat(200)}` };
    const cut = renderHydrated([], options, [long]).text;
    assert.ok(cut.includes(`[contextfold step 9 | Bash: ${"x".repeat(93)}… | sha256 verified | 20 tokens, lines 1 of 120]`), cut);
  });

  it("shows no excerpt after a node it cut, and only the excerpts that fit, in order", () => {
    const cut = renderHydrated([node(1, lines("first", 60)), node(2, lines("second", 400))], options, [excerpt(5, [3])]);
    assert.deepEqual(cut.excerpted, []);
    const first = node(1, "x".repeat(options.maxChars - 600)); // leaves ~550 characters
    const long = excerpt(5, Array.from({ length: 12 }, (_, i) => i + 1)); // ~650 characters
    const tight = renderHydrated([first], options, [long, excerpt(6, [4])]);
    assert.deepEqual(tight.excerpted, [], "the first that does not fit ends them");
    assert.ok(tight.text.length <= options.maxChars);
    const roomy = renderHydrated([first], options, [excerpt(6, [4])]);
    assert.deepEqual(roomy.excerpted, [6]);
    // Excerpts alone (nothing answered well enough to be hydrated whole).
    const alone = renderHydrated([], options, [excerpt(6, [4])]);
    assert.deepEqual([alone.steps, alone.excerpted], [[], [6]]);
    assert.match(alone.text, /^\[contextfold: the best lines of the steps ranked next; any of them whole: contextfold hydrate <step_id> --dir \/tmp\/store\]\n\[contextfold step 6 \| Bash: gh run view 6 \| sha256 verified \| 20 tokens, lines 4 of 120\]\n/);
    assert.ok(roomy.text.length <= options.maxChars);
  });
});
