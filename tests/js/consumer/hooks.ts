import { importTranscript, readTranscript, runHook, type ImportSummary, type RunHookResult } from "contextfold/hooks";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

// One store for the session (by default a hook picks ~/.local/share/contextfold/sessions/<session_id>/).
const dir = mkdtempSync(join(tmpdir(), "cf-hooks-"));

// What `contextfold hook` does with one hook call of Claude Code or Codex: never throws, never blocks.
const log = Array.from({ length: 80 }, (_, i) => `PASS tests/case-${i}.spec.ts`).join("\n");
const call = { session_id: "s-1", hook_event_name: "PostToolUse", tool_name: "Bash", tool_input: { command: "npm test" }, tool_response: { stdout: log, stderr: "" }, tool_use_id: "toolu_1" };
const folded: RunHookResult = await runHook(JSON.stringify(call), { dir });
console.log(folded.stdout === "", folded.error); // true undefined: folded as step 1, nothing to print

const prompt = { session_id: "s-1", hook_event_name: "UserPromptSubmit", prompt: "Did tests/case-7.spec.ts pass?" };
const turn = await runHook(JSON.stringify(prompt), { dir, budget: 1500 });
console.log(turn.stdout); // {"hookSpecificOutput":{"hookEventName":"UserPromptSubmit","additionalContext":"[contextfold step 1 | Bash: npm test | ..."}}

// A transcript, folded by the same rule (calls already folded are skipped by their tool call id).
const transcript = JSON.stringify([
  { role: "assistant", content: [{ type: "tool_use", id: "toolu_1", name: "Bash", input: { command: "npm test" } }] },
  { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_1", content: log }] },
]);
writeFileSync(join(dir, "messages.json"), transcript);
console.log(readTranscript(transcript).toolCalls.map((c) => c.name)); // ["Bash"]
const summary: ImportSummary = await importTranscript(join(dir, "messages.json"), { dir });
console.log(summary.format, summary.folded, summary.alreadyFolded); // anthropic 0 1

// @ts-expect-error the budget is a number of tokens
await runHook("{}", { budget: "2500" });
