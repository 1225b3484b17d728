// Loads what the CLI needs from the package it ships in: the public API (`ContextFold`, `NodeFsStorage`, the
// error classes), the core's console renderers (`render*`, Rust src/report.rs through wasm) and its argument
// rules (`parseStepId`, `pythonRepr`: Rust src/number.rs and src/text.rs, see src/wasm/cli.rs). The bin imports
// the package by its own name ("contextfold", a self-reference through package.json "exports"), so it runs the
// same code as any user of the package, from pkg/ as well as from an installed copy.
import { createRequire } from "node:module";

const REQUIRED = [
  "parseStepId",
  "pythonRepr",
  "renderFold",
  "renderScan",
  "renderRecall",
  "renderHydrate",
  "renderEvict",
  "renderStatus",
  "renderValidate",
  "renderUsage",
  "renderError",
];
// Optional helpers of the core; the CLI has equivalents for the ones that are missing.
const OPTIONAL = ["renderRepair", "renderValidateNotes", "renderUnknownCommand", "renderFoldUsage", "renderCommandUsage", "renderBadArgument", "exitCode", "version"];

// Where the wasm-bindgen glue for Node may sit relative to this file (pkg/bin/lib/), if the public entry
// points do not re-export these functions.
const GLUE = ["../../node/contextfold.js", "../../node/core/contextfold.js", "../../wasm/node/contextfold.js", "../../core/node/contextfold.js"];

function pick(sources, name) {
  for (const s of sources) {
    if (s && typeof s[name] === "function") return s[name].bind(s);
  }
  return undefined;
}

let loaded;

/** @returns {Promise<{ api: any, NodeFsStorage: any, render: Record<string, Function>, version: string }>} */
export function loadCore() {
  loaded ??= load();
  return loaded;
}

async function load() {
  const api = await import("contextfold");
  let nodeApi = null;
  try {
    nodeApi = await import("contextfold/node");
  } catch {
    nodeApi = null;
  }
  const sources = [api, api.default, nodeApi, nodeApi?.default];
  const missing = () => REQUIRED.filter((n) => !pick(sources, n));
  if (missing().length) {
    const require = createRequire(import.meta.url);
    for (const rel of GLUE) {
      try {
        sources.push(require(rel));
      } catch {
        continue;
      }
      if (!missing().length) break;
    }
  }
  const render = {};
  for (const n of [...REQUIRED, ...OPTIONAL]) {
    const f = pick(sources, n);
    if (f) render[n] = f;
  }
  const absent = missing();
  if (absent.length) throw new Error(`the contextfold core does not export ${absent.join(", ")}`);
  const NodeFsStorage = nodeApi?.NodeFsStorage ?? api.NodeFsStorage;
  if (typeof NodeFsStorage !== "function") throw new Error("contextfold/node does not export NodeFsStorage");
  let version = typeof api.VERSION === "string" ? api.VERSION : typeof api.version === "string" ? api.version : undefined;
  if (version === undefined && render.version) version = render.version();
  if (version === undefined) {
    try {
      version = createRequire(import.meta.url)("../../package.json").version;
    } catch {
      version = "unknown";
    }
  }
  return { api, NodeFsStorage, render, version };
}
