// `contextfold/tools`: how a tool call of an agent harness becomes a fold, shared by every integration (the Claude
// Code and Codex hooks, transcript import, the AI SDK middleware, the opencode plugin, the OpenAI Agents filter), so
// that a tool result folded live and the same result imported later get the same summary and the same content.
// Harness formats only: the fold itself (redaction, extraction, hashing) is the engine's.

/** Longest summary this module writes, in code points (the folded-step record allows 280). */
export const MAX_SUMMARY = 200;

const SHELLS = new Set(["bash", "sh", "zsh", "dash", "fish", "pwsh", "powershell"]);

/** Whitespace runs (newlines included) as one space, trimmed, cut to `max` code points (the last one then "…"). */
export function oneLine(text, max = MAX_SUMMARY) {
  const flat = String(text).replace(/\s+/gu, " ").trim();
  const points = [...flat];
  return points.length <= max ? flat : `${points.slice(0, max - 1).join("")}…`;
}

/** A shell command as the user would type it: a string as is; an argv array (Codex: ["bash", "-lc", "npm test"])
 *  as its script when it runs a shell with -c / -lc, else its words joined by spaces. */
export function commandText(command) {
  if (typeof command === "string") return command;
  if (!Array.isArray(command) || !command.every((w) => typeof w === "string")) return undefined;
  const [exe, flag, script, ...rest] = command;
  const base = typeof exe === "string" ? exe.split("/").pop() : "";
  if (SHELLS.has(base ?? "") && /^-\w*c$/.test(flag ?? "") && typeof script === "string" && rest.length === 0) return script;
  return command.join(" ");
}

const first = (input, keys) => {
  for (const k of keys) {
    const v = input?.[k];
    if (typeof v === "string" && v !== "") return v;
  }
  return undefined;
};

/** Stable JSON: object keys sorted (so a summary or a rendering does not depend on key order). */
export function stableJson(value) {
  return JSON.stringify(value, (_key, v) =>
    v && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, v[k]])) : v,
  );
}

/**
 * The deterministic summary of a tool call: `<Tool>: <what it was called on>`, on one line, at most
 * {@link MAX_SUMMARY} code points, with " (failed)" when the call failed. What it was called on:
 * shell tools the command; file tools the path; search tools the pattern (and path); fetch the URL; search
 * the query; agents the description; anything else the first string argument, or the stable JSON of the input.
 * @param {string} toolName
 * @param {unknown} input the tool's input (arguments) as the harness reports it
 * @param {{ isError?: boolean }} [options]
 */
export function toolSummary(toolName, input, options = {}) {
  const name = typeof toolName === "string" && toolName !== "" ? toolName : "tool";
  const lower = name.toLowerCase();
  const args = input && typeof input === "object" ? input : {};
  let what;
  const cmd = commandText(args.command ?? args.cmd);
  if (cmd !== undefined && cmd !== "") what = cmd;
  else if (["grep", "search", "rg"].includes(lower)) {
    const pattern = first(args, ["pattern", "query", "regex"]);
    const where = first(args, ["path", "glob", "include"]);
    what = pattern === undefined ? undefined : where ? `${pattern} in ${where}` : pattern;
  } else what = first(args, ["file_path", "filePath", "path", "notebook_path", "url", "query", "pattern", "description", "prompt", "name"]);
  if (what === undefined) {
    const strings = Object.values(args).filter((v) => typeof v === "string" && v !== "");
    what = strings.length > 0 ? strings[0] : typeof input === "string" ? input : input === undefined ? "" : stableJson(input);
  }
  const tail = options.isError ? " (failed)" : "";
  const head = what === "" ? name : `${name}: ${what}`;
  return `${oneLine(head, MAX_SUMMARY - [...tail].length)}${tail}`;
}

/** Text items of an MCP-style content list (`[{type: "text", text}]`), joined by newlines; undefined otherwise. */
function contentText(items) {
  if (!Array.isArray(items)) return undefined;
  const parts = [];
  for (const item of items) {
    if (typeof item === "string") parts.push(item);
    else if (item && typeof item === "object" && typeof item.text === "string") parts.push(item.text);
    else if (item && typeof item === "object" && item.type === "image") parts.push("[image]");
    else if (item && typeof item === "object") parts.push(stableJson(item));
  }
  return parts.join("\n");
}

/**
 * The text the model saw for a tool result, from what a harness reports:
 * - a string: as is;
 * - a shell result `{stdout, stderr}` (Claude Code Bash): stdout, then stderr after a newline when there is any;
 * - a file read `{file: {content}}` (Claude Code Read): the content;
 * - a search `{content}` / `{filenames}` (Grep, Glob): the content, else the file names one per line;
 * - MCP content (`[{type: "text", text}]` or `{content: [...]}`): the text items, one per line;
 * - `{output}` / `{result}` strings (Codex, generic): that string;
 * - anything else: its stable JSON.
 * @param {unknown} response
 * @returns {string}
 */
export function toolOutputText(response) {
  if (typeof response === "string") return response;
  if (response === undefined || response === null) return "";
  const list = contentText(response);
  if (list !== undefined) return list;
  if (typeof response !== "object") return String(response);
  const r = /** @type {Record<string, any>} */ (response);
  if (typeof r.stdout === "string" || typeof r.stderr === "string") {
    const out = typeof r.stdout === "string" ? r.stdout : "";
    const err = typeof r.stderr === "string" ? r.stderr : "";
    return err === "" ? out : out === "" ? err : `${out}\n${err}`;
  }
  if (r.file && typeof r.file === "object" && typeof r.file.content === "string") return r.file.content;
  if (typeof r.content === "string") return r.content;
  const nested = contentText(r.content);
  if (nested !== undefined) return nested;
  if (Array.isArray(r.filenames) && r.filenames.every((f) => typeof f === "string")) return r.filenames.join("\n");
  for (const k of ["output", "result", "text"]) if (typeof r[k] === "string") return r[k];
  return stableJson(response);
}
