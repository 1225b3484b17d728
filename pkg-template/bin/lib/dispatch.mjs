// Which module runs a command line: the commands with a module of their own are loaded without the rest of the CLI
// (`hook` runs once per hook call of a harness, so it loads neither the console renderers nor the argument rules of
// the reference's commands).

/** Commands in modules of their own; each exports `run(argv, io)` and parses its own arguments. */
export const COMMAND_MODULES = { hook: "./hook.mjs", import: "./import.mjs", daemon: "./daemon.mjs" };

/** The command word of argv (lower-cased, as the reference reads it), skipping options and `--dir`'s value. */
export function commandWord(argv) {
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--dir") i++;
    else if (!argv[i].startsWith("-")) return argv[i].toLowerCase();
  }
  return undefined;
}

/** The URL of the module of a command with one of its own, or undefined. */
export function commandModule(argv) {
  const word = commandWord(argv);
  return word !== undefined && Object.hasOwn(COMMAND_MODULES, word) ? new URL(COMMAND_MODULES[word], import.meta.url).href : undefined;
}

/**
 * Commands whose call does a bounded amount of engine work (a hook, a fold, a scan, a lookup): run with baseline
 * wasm code only (see the bin). The others (validate, repair, import, checkpoint, status, mcp) read or write whole
 * stores or run long, where V8's optimized code pays for its compilation. The short commands are also the ones the
 * daemon runs (lib/daemon.mjs).
 */
export const SHORT_COMMANDS = new Set(["hook", "fold", "scan", "recall", "hydrate", "evict", "redact"]);

/** Whether argv is a short call (see SHORT_COMMANDS). */
export function isShortCall(argv) {
  const word = commandWord(argv);
  return word !== undefined && SHORT_COMMANDS.has(word);
}
