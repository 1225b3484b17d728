// Vite config of the playground. The page imports "contextfold" like any app would; this config resolves it
// to a built copy of the package (pkg/ by default, or CONTEXTFOLD_PKG, e.g. the packed package the tests
// install) through that package's own `exports`, with the browser conditions.
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { fileURLToPath } from "node:url";

export const WWW = path.dirname(fileURLToPath(import.meta.url));
export const ROOT = path.dirname(WWW);

const CONDITIONS = new Set(["browser", "import", "module", "default"]);

/** The target of an `exports` entry under the browser conditions (Node's rules: the first matching key wins). */
function pickExport(target) {
  if (typeof target === "string") return target;
  if (target === null || typeof target !== "object" || Array.isArray(target)) return null;
  for (const [cond, sub] of Object.entries(target)) {
    if (!CONDITIONS.has(cond)) continue;
    const hit = pickExport(sub);
    if (hit) return hit;
  }
  return null;
}

/** Resolve `contextfold` and `contextfold/<subpath>` inside the package directory `pkgDir`. */
export function contextfoldPackage(pkgDir) {
  let manifest;
  return {
    name: "contextfold-package",
    enforce: "pre",
    buildStart() {
      try {
        manifest = JSON.parse(readFileSync(path.join(pkgDir, "package.json"), "utf8"));
      } catch (err) {
        this.error(`no built package at ${pkgDir} (run \`npm run build\`): ${err.message}`);
      }
    },
    resolveId(id) {
      if (id !== "contextfold" && !id.startsWith("contextfold/")) return null;
      const sub = id === "contextfold" ? "." : `./${id.slice("contextfold/".length)}`;
      const target = pickExport(manifest.exports?.[sub]);
      if (!target) this.error(`the package at ${pkgDir} has no browser export for "${id}"`);
      return path.join(pkgDir, target);
    },
  };
}

/** A Content-Security-Policy in the built page: scripts, styles, the wasm and data all from the page's own
 *  origin, so the browser itself refuses any request elsewhere (no CDN fonts, icons or analytics). */
const CSP = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join("; ");

function contentSecurityPolicy() {
  return {
    name: "playground-csp",
    apply: "build",
    transformIndexHtml(html) {
      return html.replace("<meta charset=\"utf-8\">", `<meta charset="utf-8">\n  <meta http-equiv="Content-Security-Policy" content="${CSP}">`);
    },
  };
}

export function playgroundConfig({ pkgDir = process.env.CONTEXTFOLD_PKG ?? path.join(ROOT, "pkg"), outDir = path.join(WWW, "dist") } = {}) {
  return {
    configFile: false,
    root: WWW,
    base: "./",
    logLevel: "warn",
    publicDir: false,
    plugins: [contextfoldPackage(path.resolve(pkgDir)), contentSecurityPolicy()],
    build: {
      target: "es2022",
      outDir: path.resolve(outDir),
      emptyOutDir: true,
      reportCompressedSize: false,
      assetsInlineLimit: 0,
    },
    server: { host: "127.0.0.1", port: 5173, fs: { allow: [ROOT, path.resolve(pkgDir)] } },
  };
}

export default playgroundConfig();
