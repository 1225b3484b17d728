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
  "renderRepair",
  "renderValidateNotes",
  "renderUnknownCommand",
  "renderCommandUsage",
  "renderBadArgument",
  "exitCode",
  "version",
];

let loaded;

/** @returns {Promise<{ api: any, NodeFsStorage: any, render: Record<string, Function>, version: string }>} */
export function loadCore() {
  loaded ??= load();
  return loaded;
}

async function load() {
  const api = await import("contextfold");
  const { NodeFsStorage } = await import("contextfold/node");
  // The renderers and argument rules are exports of the wasm-bindgen glue of the Node build, which the package's
  // Node entry loads too: the same module (one require cache entry), so one engine instance.
  const glue = createRequire(import.meta.url)("../../node/contextfold.js");
  const absent = REQUIRED.filter((n) => typeof glue[n] !== "function");
  if (absent.length) throw new Error(`the contextfold core does not export ${absent.join(", ")}`);
  const render = Object.fromEntries(REQUIRED.map((n) => [n, glue[n]]));
  return { api, NodeFsStorage, render, version: glue.version() };
}
