// The package's layout (README "Layout"): each harness adapter folder of pkg-template/lib/ reaches the engine only
// through the public package ("contextfold" and its exported subpaths), like any user of the package would, plus its
// own files, the shared adapter kit lib/integration/, Node built-ins and its declared peer dependencies. No adapter
// reaches into the package's internals (lib/api.js, lib/errors.js, the wasm glue, ...) by a relative path, and the
// package core (lib/*.js) and the shared kit import no adapter. Read from the source, so it needs no build.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import * as path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const LIB = path.join(ROOT, "pkg-template", "lib");
const manifest = JSON.parse(readFileSync(path.join(ROOT, "pkg-template", "package.json"), "utf8"));
const SUBPATHS = new Set(Object.keys(manifest.exports).map((k) => (k === "." ? "contextfold" : `contextfold/${k.slice(2)}`)));
const PEERS = Object.keys(manifest.peerDependencies ?? {});
/** The shared code of the adapters: not an adapter itself (no "exports" entry of its own). */
const KIT = "integration";

/** Module specifiers of a JS source: static imports and re-exports, dynamic import() and createRequire(...)(...)
 *  with a literal (a template literal counts up to its first `${`). Comments are removed first. */
function specifiers(source) {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");
  const found = [];
  const patterns = [
    /\b(?:import|export)\s[^;]*?\bfrom\s*["']([^"']+)["']/g,
    /\bimport\s*["']([^"']+)["']/g,
    /\bimport\(\s*["'`]([^"'`$]+)/g,
    /\brequire\(\s*["'`]([^"'`$]+)/g,
    /\bcreateRequire\([^)]*\)\(\s*["'`]([^"'`$]+)/g,
  ];
  for (const re of patterns) for (const m of code.matchAll(re)) found.push(m[1]);
  return found;
}

const jsFiles = (dir) =>
  readdirSync(dir)
    .filter((f) => /\.(m?js)$/.test(f))
    .map((f) => path.join(dir, f));
const folders = readdirSync(LIB).filter((f) => statSync(path.join(LIB, f)).isDirectory());
const ADAPTERS = folders.filter((f) => f !== KIT);

const isPeer = (s) => PEERS.some((p) => s === p || s.startsWith(`${p}/`));

/** Why `spec`, imported by `file` of folder `folder`, breaks the adapter rule (undefined when it does not). */
function adapterViolation(folder, file, spec) {
  if (spec.startsWith("node:")) return undefined;
  if (spec === "contextfold" || spec.startsWith("contextfold/")) {
    return SUBPATHS.has(spec) ? undefined : "not an exported subpath of the package";
  }
  if (spec.startsWith(".")) {
    const target = path.resolve(path.dirname(file), spec);
    const own = path.join(LIB, folder) + path.sep;
    const kit = path.join(LIB, KIT) + path.sep;
    if (target.startsWith(own)) return undefined;
    if (folder !== KIT && target.startsWith(kit)) return undefined;
    return "a relative path out of its folder (into the package's internals or another adapter)";
  }
  return isPeer(spec) ? undefined : "neither the package, a Node built-in nor a declared peer dependency";
}

describe("layout", () => {
  it("the adapter folders are the ones the package exports, plus the shared kit", () => {
    // A new adapter folder is checked below as soon as it exists; the kit is the one folder without an export.
    assert.ok(ADAPTERS.length >= 5, ADAPTERS.join(", "));
    for (const a of ADAPTERS) assert.ok(SUBPATHS.has(`contextfold/${a}`), `lib/${a}/ is not exported as contextfold/${a}`);
    assert.ok(!SUBPATHS.has(`contextfold/${KIT}`));
  });

  it("the import reader finds every kind of import (and none in comments)", () => {
    const src = [
      'import { a } from "contextfold";',
      "import {\n  b,\n  c,\n} from '../api.js';",
      'export { d } from "./d.js";',
      'import "./side.js";',
      "const m = await import(`gpt-tokenizer/encoding/${x}`);",
      'const v = createRequire(import.meta.url)("contextfold/package.json");',
      '// import { e } from "../errors.js";',
      '/** @param {import("../memory.js").X} x */',
    ].join("\n");
    assert.deepEqual(specifiers(src).sort(), ["../api.js", "./d.js", "./side.js", "contextfold", "contextfold/package.json", "gpt-tokenizer/encoding/"].sort());
    assert.match(adapterViolation("hooks", path.join(LIB, "hooks", "x.js"), "../api.js"), /internals/);
    assert.match(adapterViolation("hooks", path.join(LIB, "hooks", "x.js"), "contextfold/lib/api.js"), /not an exported subpath/);
    assert.equal(adapterViolation("hooks", path.join(LIB, "hooks", "x.js"), "../integration/folding.js"), undefined);
  });

  it("every adapter folder (and the shared kit) reaches the engine only through the public package", () => {
    const bad = [];
    let checked = 0;
    for (const folder of folders) {
      for (const file of jsFiles(path.join(LIB, folder))) {
        for (const spec of specifiers(readFileSync(file, "utf8"))) {
          checked++;
          const why = adapterViolation(folder, file, spec);
          if (why) bad.push(`${path.relative(LIB, file)} imports "${spec}": ${why}`);
        }
      }
    }
    assert.ok(checked >= 20, `only ${checked} imports read`);
    assert.deepEqual(bad, []);
  });

  it("the package core (lib/*.js) imports no adapter folder", () => {
    const bad = [];
    for (const file of jsFiles(LIB)) {
      for (const spec of specifiers(readFileSync(file, "utf8"))) {
        const target = spec.startsWith(".") ? path.resolve(LIB, spec) : undefined;
        const folder = target && path.relative(LIB, target).split(path.sep)[0];
        if (folder && folders.includes(folder)) bad.push(`${path.basename(file)} imports "${spec}"`);
        for (const a of ADAPTERS) if (spec === `contextfold/${a}`) bad.push(`${path.basename(file)} imports "${spec}"`);
      }
    }
    assert.deepEqual(bad, []);
  });
});
