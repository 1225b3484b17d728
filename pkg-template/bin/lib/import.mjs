// `contextfold import FILE [--dir DIR] [--format claude-code|codex|anthropic|openai] [--session ID] [--min-bytes N]
// [--json]`: fold the tool results of a transcript into the session's store, as the post-tool-use hook would have.
import * as path from "node:path";
import { splitOptions, wholeNumber } from "./options.mjs";

class UsageError extends Error {}

function parse(argv) {
  const o = splitOptions(argv, { command: "import", values: new Set(["--dir", "--format", "--session", "--min-bytes"]), flags: new Set(["--json", "--help", "-h"]) });
  const minBytes = wholeNumber("min-bytes", o.values["min-bytes"], o.problems);
  if (o.problems.length > 0) throw new UsageError(o.problems.join("; "));
  return { files: o.words, json: o.flags.has("--json"), help: o.flags.has("--help") || o.flags.has("-h"), dir: o.values.dir, format: o.values.format, session: o.values.session, minBytes };
}

/** A progress bar on a terminal (stderr), redrawn at most every 100 ms. */
function progressBar(stream) {
  let last = 0;
  const draw = (done, total) => {
    const width = 30;
    const filled = total ? Math.round((done / total) * width) : width;
    stream.write(`\rimporting ${"█".repeat(filled)}${"░".repeat(width - filled)} ${done}/${total} tool results`);
  };
  return {
    update(done, total) {
      const now = Date.now();
      if (now - last < 100 && done < total) return;
      last = now;
      draw(done, total);
    },
    end() {
      if (last) stream.write("\n");
    },
  };
}

async function readAll(stream) {
  const chunks = [];
  for await (const c of stream) chunks.push(typeof c === "string" ? Buffer.from(c) : c);
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * @param {string[]} argv the whole argument list (the word `import` included)
 * @param {{ stdout: {write(s: string): unknown}, stderr: {write(s: string): unknown, isTTY?: boolean}, stdin?: any, cwd?: string, env?: Record<string, string | undefined> }} io
 * @returns {Promise<number>} 0 ok, 1 bad argument or unreadable transcript, 6 storage error
 */
export async function run(argv, io) {
  const cwd = io.cwd ?? process.cwd();
  let opts;
  try {
    opts = parse(argv);
    if (opts.help) {
      const { commandHelp } = await import("./help.mjs");
      io.stdout.write(commandHelp("import"));
      return 0;
    }
    if (opts.files.length !== 1) throw new UsageError(opts.files.length === 0 ? "import needs a transcript FILE" : "import takes one FILE");
    const { TRANSCRIPT_FORMATS, importTranscript } = await import("contextfold/hooks");
    if (opts.format !== undefined && !TRANSCRIPT_FORMATS.includes(opts.format)) throw new UsageError(`--format must be one of ${TRANSCRIPT_FORMATS.join(", ")}`);
    const file = opts.files[0];
    const text = file === "-" ? await readAll(io.stdin) : undefined;
    const bar = !opts.json && io.stderr.isTTY ? progressBar(io.stderr) : undefined;
    let summary;
    try {
      summary = await importTranscript(file === "-" ? undefined : path.resolve(cwd, file), {
        text,
        format: opts.format,
        dir: opts.dir,
        sessionId: opts.session,
        minBytes: opts.minBytes,
        env: io.env,
        cwd,
        onProgress: bar ? (d, t) => bar.update(d, t) : undefined,
      });
    } finally {
      bar?.end();
    }
    if (opts.json) io.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
    else {
      const steps = summary.steps ? ` as steps ${summary.steps.first}–${summary.steps.last}` : "";
      io.stdout.write(
        `[IMPORT] ${summary.format} transcript: ${summary.toolResults} tool results; ${summary.folded} folded${steps}, ` +
          `${summary.alreadyFolded} already folded, ${summary.small} under ${opts.minBytes ?? 2048} bytes left out.\n` +
          `[IMPORT] Store: ${summary.dir}\n`,
      );
    }
    return 0;
  } catch (err) {
    const json = opts?.json ?? argv.includes("--json");
    const usage = err instanceof UsageError || err?.code === "BAD_ARGUMENT" || err?.code === "UNKNOWN_FORMAT" || err?.code === "ENOENT" || err?.code === "EISDIR";
    const name = usage ? "BadArgument" : err?.name ?? "Error";
    const code = usage ? "BAD_ARGUMENT" : typeof err?.code === "string" ? err.code : "INTERNAL";
    const message = String(err?.message ?? err);
    if (json) io.stdout.write(`${JSON.stringify({ error: { name, code, message } }, null, 2)}\n`);
    else io.stderr.write(`\n[ERROR] ${usage ? "Bad argument" : name}: ${message}\n`);
    return usage ? 1 : code === "STORAGE" ? 6 : 1;
  }
}
