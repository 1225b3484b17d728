// Argument splitting for the command modules (hook, import): `--name value` and `--name=value` for the options
// that take a value, bare flags, and the remaining words (the command word itself left out).

/**
 * @param {string[]} argv the whole argument list
 * @param {{ command: string, values: Set<string>, flags: Set<string> }} spec
 * @returns {{ values: Record<string, string>, flags: Set<string>, words: string[], problems: string[] }}
 */
export function splitOptions(argv, { command, values, flags }) {
  const out = { values: {}, flags: new Set(), words: [], problems: [] };
  let seenCommand = false;
  for (let i = 0; i < argv.length; i++) {
    let a = argv[i];
    let value;
    const eq = a.startsWith("--") ? a.indexOf("=") : -1;
    if (eq > 0) {
      value = a.slice(eq + 1);
      a = a.slice(0, eq);
    }
    if (values.has(a)) {
      if (value === undefined) {
        if (i + 1 >= argv.length) {
          out.problems.push(`option ${a} needs a value`);
          continue;
        }
        value = argv[++i];
      }
      if (value === "") out.problems.push(`option ${a} needs a non-empty value`);
      else out.values[a.slice(2)] = value;
    } else if (flags.has(a)) out.flags.add(a);
    else if (a.startsWith("-") && a !== "-") out.problems.push(`unknown option ${a}`);
    else if (!seenCommand && a.toLowerCase() === command) seenCommand = true;
    else out.words.push(a);
  }
  return out;
}

/** A whole number option (`--min-bytes 2048`), or a problem. */
export function wholeNumber(name, value, problems) {
  if (value === undefined) return undefined;
  if (/^\d+$/.test(value) && Number.isSafeInteger(Number(value))) return Number(value);
  problems.push(`option --${name} needs a whole number, got ${JSON.stringify(value)}`);
  return undefined;
}
