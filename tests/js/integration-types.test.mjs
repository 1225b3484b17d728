// The integration subpaths type-check against the real peer packages (ai 6, ai 7's V4 types, @opencode-ai/plugin,
// @openai/agents, @modelcontextprotocol/server), with skipLibCheck off; the README's AI SDK and OpenAI Agents
// snippets are the type-checked files, verbatim.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { copyFileSync, readFileSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { BIN, ROOT, scratch } from "./helpers.mjs";

const FILES = ["integrations.ts", "ai-sdk-v7.ts", "readme-ai-sdk.ts", "readme-openai-agents.ts"];
const consumerFile = (f) => path.join(ROOT, "tests", "js", "consumer", f);

describe("integration types", () => {
  it("tsc --noEmit (strict, skipLibCheck off) on the adapters' use with ai 6, ai 7 (V4), opencode, OpenAI Agents, MCP", () => {
    const dir = scratch("ts-integrations");
    for (const f of FILES) copyFileSync(consumerFile(f), path.join(dir, f));
    writeFileSync(path.join(dir, "package.json"), JSON.stringify({ type: "module" }));
    writeFileSync(
      path.join(dir, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          skipLibCheck: false,
          target: "es2022",
          module: "nodenext",
          moduleResolution: "nodenext",
          lib: ["es2023", "dom", "esnext.disposable"],
          types: ["node"],
          typeRoots: [path.join(ROOT, "node_modules", "@types")],
        },
        files: FILES,
      }),
    );
    try {
      execFileSync(path.join(BIN, "tsc"), ["-p", "."], { cwd: dir, encoding: "utf8" });
    } catch (err) {
      assert.fail(`tsc:\n${err.stdout}${err.stderr}`);
    }
  });

  it("the README's AI SDK and OpenAI Agents examples are the type-checked files, verbatim", () => {
    const readme = readFileSync(path.join(ROOT, "README.md"), "utf8");
    for (const f of ["readme-ai-sdk.ts", "readme-openai-agents.ts"]) {
      const text = readFileSync(consumerFile(f), "utf8");
      const region = /\/\/ readme-start\n([\s\S]*?)\/\/ readme-end\n/.exec(text)[1].trimEnd();
      assert.ok(readme.includes(region), `README.md includes the region of ${f} verbatim`);
    }
  });
});
