// The text the hooks put into the conversation: hydrated nodes framed by one header line each (user-prompt-submit),
// the folded-step records of the session (session-start), the record that replaces an MCP tool's output
// (post-tool-use --replace-mcp-output). Every text is bounded by `maxChars` (UTF-16 units, as JavaScript counts):
// Claude Code 2.1.332 passes hook context of up to 10,000 characters whole and replaces anything longer by a file
// path and a 2 KB preview; and, for Codex, by `maxBytes`: Codex 0.171.0 passes up to 10,000 UTF-8 bytes whole and
// cuts longer context in its middle, whatever the characters (measured, and tested in both; see the README).
// (The default was 9,000 characters: the 1,000 more carry the lines of one or two more steps, +6 of 272 questions
// of the unseen recall sessions, none more wrong.)

import { Buffer } from "node:buffer";

export const DEFAULT_MAX_CHARS = 10000;
/** The longest hook context Codex passes whole, in UTF-8 bytes (2,500 of its 4-byte token estimates). */
export const CODEX_MAX_BYTES = 10000;

const utf8Length = (s) => Buffer.byteLength(s, "utf8");

/** The room a text has: characters and UTF-8 bytes, and what fits in what is left of it. */
class Room {
  constructor(maxChars, maxBytes = Infinity) {
    this.chars = maxChars;
    this.bytes = maxBytes;
  }
  fits(s) {
    return s.length <= this.chars && (this.bytes === Infinity || utf8Length(s) <= this.bytes);
  }
  take(s) {
    this.chars -= s.length;
    if (this.bytes !== Infinity) this.bytes -= utf8Length(s);
  }
  /** The longest prefix of `s` that fits (never half of a surrogate pair). */
  prefix(s) {
    let cut = s.slice(0, Math.max(0, this.chars));
    if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
    if (this.bytes === Infinity || utf8Length(cut) <= this.bytes) return cut;
    let bytes = 0;
    let end = 0;
    for (const c of cut) {
      const n = utf8Length(c);
      if (bytes + n > this.bytes) break;
      bytes += n;
      end += c.length;
    }
    return cut.slice(0, end);
  }
  /** The least of the two, as characters of ASCII. */
  get least() {
    return Math.min(this.chars, this.bytes);
  }
}

/** A path quoted for a POSIX shell. */
export function shellQuote(s) {
  return /^[A-Za-z0-9_./:=@%+-]+$/.test(s) ? s : `'${s.replaceAll("'", "'\\''")}'`;
}

/** How the model can read one node in full: `<command> hydrate <step> --dir <root>`. */
export function hydrateCommand(command, root, step = "<step_id>") {
  return `${command} hydrate ${step} --dir ${shellQuote(root)}`;
}

/** The header line of a hydrated node: step, tool and input (the summary), `sha256 verified`, size. */
export function nodeHeader(h) {
  const size = h.truncated ? `${h.tokenEstimate} tokens, truncated to the per-call cap` : `${h.tokenEstimate} tokens`;
  return `[contextfold step ${h.stepId} | ${h.summary.replace(/\s+/gu, " ")} | sha256 verified | ${size}]`;
}

/**
 * The least room worth a cut of a node after the first: less shows too little of it to be worth its header.
 */
export const MIN_CUT_CHARS = 400;

/** A node's verified content cut to the `room` left, under a header that says so and how to read all of it. */
function cutNode(h, room, { command, root }) {
  const header = `[contextfold step ${h.stepId} | ${h.summary.replace(/\s+/gu, " ")} | sha256 verified | cut to fit the hook output; all of it: ${hydrateCommand(command, root, h.stepId)}]`;
  const frame = `${header}\n…`;
  if (!room.fits(frame)) return undefined;
  const left = new Room(room.chars - frame.length, room.bytes - (room.bytes === Infinity ? 0 : utf8Length(frame)));
  const cut = left.prefix(h.content);
  return cut === "" ? undefined : `${header}\n${cut}…`;
}

/** An excerpt: the lines of a node shown, under a header that says which (how to read all of it is said once, by
 * [`excerptsHeading`]), its summary cut to 100 characters (a long command line is most of a header, and eight
 * headers are room for the lines of another step). */
function excerptBlock(e) {
  const numbers = e.lines.map((l) => l.number).join(", ");
  const summary = e.summary.replace(/\s+/gu, " ");
  const short = [...summary].length > 100 ? `${[...summary].slice(0, 99).join("")}…` : summary;
  const header = `[contextfold step ${e.stepId} | ${short} | sha256 verified | ${e.tokenEstimate} tokens, lines ${numbers} of ${e.lineCount}]`;
  return `${header}\n${e.lines.map((l) => l.text).join("\n")}`;
}

/** The line before the excerpts: what they are and, once for all of them, how to read any of those steps whole.
 * (Once, not in each header: the room it took in eight headers shows the lines of one or two more steps.) */
export function excerptsHeading({ command, root }) {
  return `[contextfold: the best lines of the steps ranked next; any of them whole: ${hydrateCommand(command, root)}]`;
}

/**
 * The additionalContext of user-prompt-submit: the hydrated nodes in selection order, each under its header,
 * as many as fit in `maxChars`; the first that does not fit is cut to the room left (marked as cut, with the
 * command that reads all of it), when that is the first node or leaves at least `MIN_CUT_CHARS`, and ends the
 * text (a prefix of the selection: never a later node in place of an earlier one). When every node fits whole,
 * the turn's excerpts (`Turn.excerpts`: a few lines of the steps ranked next) follow, as many as fit, in order.
 * @param {import("contextfold").Hydrated[]} hydrated
 * @param {{ maxChars: number, maxBytes?: number, command: string, root: string }} options `maxBytes`: a bound in
 *   UTF-8 bytes too (Codex)
 * @param {import("contextfold").Excerpt[]} [excerpts]
 * @returns {{ text: string, steps: number[], excerpted: number[] }} the text, the steps it carries whole (or cut),
 *   and the steps it shows lines of
 */
export function renderHydrated(hydrated, { maxChars, maxBytes = Infinity, command, root }, excerpts = []) {
  const parts = [];
  const steps = [];
  const excerpted = [];
  const room = new Room(maxChars, maxBytes);
  let whole = true;
  for (const h of hydrated) {
    const sep = parts.length === 0 ? "" : "\n\n";
    const block = `${nodeHeader(h)}\n${h.content}`;
    if (room.fits(sep + block)) {
      parts.push(block);
      steps.push(h.stepId);
      room.take(sep + block);
      continue;
    }
    // The first node that does not fit: its verified content, cut, with where the rest is. What is shown stays a
    // prefix of the selection, as a longer text would show it (the engine puts a newer state before an older one).
    room.take(sep);
    const cut = parts.length === 0 || room.least >= MIN_CUT_CHARS ? cutNode(h, room, { command, root }) : undefined;
    if (cut !== undefined) {
      parts.push(cut);
      steps.push(h.stepId);
    }
    whole = false;
    break;
  }
  // (Lines of the next steps only after the whole selection: a cut node is already what fills the room.)
  for (const e of whole ? excerpts : []) {
    const sep = parts.length === 0 ? "" : "\n\n";
    const block = (excerpted.length === 0 ? `${excerptsHeading({ command, root })}\n` : "") + excerptBlock(e);
    if (!room.fits(sep + block)) break;
    parts.push(block);
    excerpted.push(e.stepId);
    room.take(sep + block);
  }
  return { text: parts.join("\n\n"), steps, excerpted };
}

/**
 * The additionalContext of session-start: one line of explanation, then the folded-step records (JSON, one per
 * line), newest first, as many as fit in `maxChars` (and `maxBytes` UTF-8 bytes, for Codex) and `maxTokens`.
 * @param {import("contextfold").FoldedStep[]} records newest first
 * @param {{ maxChars: number, maxBytes?: number, maxTokens: number, countTokens: (s: string) => Promise<number>, command: string, root: string }} options
 */
export async function renderFoldedSteps(records, { maxChars, maxBytes = Infinity, maxTokens, countTokens, command, root }) {
  if (records.length === 0) return { text: "", count: 0 };
  const head =
    `[contextfold] Tool results of this session up to step ${records[0].step_id} are folded out of the prompt into ` +
    `SHA-256-verified cold storage. Their folded-step records follow, newest first. Prompts that need one get its ` +
    `exact text automatically; to read one yourself: ${hydrateCommand(command, root)}`;
  const room = new Room(maxChars, maxBytes);
  room.take(head);
  let text = head;
  let tokens = await countTokens(head);
  let count = 0;
  for (const r of records) {
    const line = `\n${JSON.stringify(r)}`;
    const t = await countTokens(line.slice(1));
    if (!room.fits(line) || tokens + t > maxTokens) break;
    room.take(line);
    text += line;
    tokens += t;
    count++;
  }
  return count === 0 ? { text: "", count: 0 } : { text, count };
}

/** What replaces an MCP tool's output: its folded-step record and how to read the exact text. */
export function renderReplacement(record, { command, root }) {
  return (
    `[contextfold] This tool output (${record.token_estimate} tokens) was folded into step ${record.step_id}; ` +
    `exact text: ${hydrateCommand(command, root, record.step_id)}\n${JSON.stringify(record)}`
  );
}
