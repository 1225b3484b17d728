// Code blocks of the repository README marked `<!-- snippet: NAME -->` on the line before the fence.
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { ROOT } from "../helpers.mjs";

/** The text of the fenced block after `<!-- snippet: name -->` in README.md (throws if missing). */
export function readmeSnippet(name) {
  const readme = readFileSync(path.join(ROOT, "README.md"), "utf8");
  const marker = `<!-- snippet: ${name} -->\n`;
  const at = readme.indexOf(marker);
  if (at < 0) throw new Error(`README.md has no snippet ${name}`);
  const m = /^```[^\n]*\n([\s\S]*?)\n```/.exec(readme.slice(at + marker.length));
  if (!m) throw new Error(`README.md snippet ${name}: no fenced block after the marker`);
  return m[1];
}
