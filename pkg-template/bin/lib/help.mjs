// Help texts of the CLI (`--help`). The reference's own usage screen (no arguments, unknown command) comes
// from the core (renderUsage) and is kept byte for byte; these are the npm CLI's additions.

const OPTIONS = `Options:
  --dir DIR     store root, the directory that holds .contextfold/ (default: the current directory)
  --json        print one JSON document on stdout (the API's result shapes) instead of the console text
  --reference   behave as the reference CLI (python contextfold.py): its console text byte for byte (its
                program name included), the reference files written on every call, and a new store created
                with the reference's policy (no redaction, no hydration_policy.json)
  --help, -h    this help; \`contextfold <command> --help\` for one command
  --version     print the version`;

const EXIT = `Exit status: 0 ok; 1 bad argument, usage error or failed validation; 2 node not found;
3 integrity check or path containment; 4 orphaned node; 5 broken reference; 6 storage error.
A limit exceeded (a --file over the payload limit, 64 MiB) is a bad argument: exit 1 (LimitExceededError).`;

export const GENERAL = `contextfold — IPCF-1.1 in-place context folding (ContextFold engine, WebAssembly)

Usage: contextfold <command> [arguments] [--dir DIR] [--json]

Commands:
  fold <step_id> <summary…> [--file P] [--files a,b] [--commands a,b] [--errors a,b]
                      fold (archive) one turn into cold storage
  scan <prompt…>      scan a prompt against the recall index and pick what to hydrate (CONF-13);
                      --all lists every matching step
  recall <query…>     list archived nodes matching a query, latest first (CONF-04)
  hydrate <step_id>   print a cold node's verified, bounded content (CONF-05/06)
  evict <step_id>     mark a node evicted after the response (CONF-07)
  status              show the index summary
  validate            check every cold node and the index (CONF-02/09/12); exit 1 on failure
  repair              re-index verified orphans, rebuild a lost or damaged index from the cold nodes,
                      move what does not verify to .contextfold/quarantine/ (never deletes a cold node)
  checkpoint          write recall_index.json and eviction_log.json from the journal, for readers
                      of the reference files (a fold appends to the journal; --reference writes them each time)
  demo                run the §6 scenario (8 turns, one multi-intent query) in a temporary store
  redact [--file P]   print a text as a fold stores it, secrets replaced by [REDACTED:<rule>]
  mcp [--session ID]  serve the store to an MCP client over stdio (needs @modelcontextprotocol/server, zod)
  hook [EVENT]        one Claude Code / Codex hook call (JSON on stdin); never blocks, always exits 0
  import FILE         fold the tool results of a transcript (Claude Code, Codex, Anthropic, OpenAI)
  daemon [ACTION]     the background process that serves short calls: status, start, stop

${OPTIONS}

${EXIT}
`;

const COMMANDS = {
  fold: `Usage: contextfold fold <step_id> <summary…> [--file P] [--files a,b] [--commands a,b] [--errors a,b]

Fold (archive) one turn into cold storage: writes .contextfold/cold_nodes/step_NNNNNN.json, then the index.
A step that is already indexed is left as it is ("[WARN] Step N already folded. Skipping.").

  <step_id>         an integer, read as Python's int() reads it (spaces around it, a sign and
                    underscores between digits are allowed: " 42 ", "+42", "1_000")
  <summary…>        the remaining words, joined with single spaces
  --file P          the payload (raw content) from file P, kept byte for byte (CRLF stays CRLF);
                    it must be UTF-8. "--file -" reads the payload from standard input.
                    Without --file the summary is the payload.
  --files a,b       files, commands, errors of the node, given explicitly instead of extracted:
  --commands a,b    split on commas, each trimmed, empty items dropped ("" gives an empty list)
  --errors a,b

Each of these options needs a value: "--files" with nothing after it is a usage error. To use such a
word in the summary, quote it together with the summary: contextfold fold 45 "upper-case command --files".

${OPTIONS}
`,
  scan: `Usage: contextfold scan <prompt…> [--all]

Scan a prompt the way the Software MMU does before the model sees it (CONF-13): extract the query terms,
list the folded steps that carry one, and select the steps to hydrate (greedy coverage, newest first on
ties, within the per-turn token budget). Nothing is written.

  --all             list every matching step (by default the first 20 in display order, then how many
                    more match; the reference lists every one, as --reference does)

${OPTIONS}
`,
  recall: `Usage: contextfold recall <query…>

List archived nodes that match a query: the best coverage tier first, each tier latest first (CONF-04),
with score, coverage and status (latest_chronological, superseded, historical, related). Nothing is written.

${OPTIONS}
`,
  hydrate: `Usage: contextfold hydrate <step_id>

Print the exact content of a cold node after verifying it (artifact hash, index hash, path containment),
bounded by the per-call token cap of the policy. Exit 2 if the step is unknown, 3 on an integrity or
containment failure, 4 for an orphaned cold node, 5 if the indexed file is missing.

${OPTIONS}
`,
  evict: `Usage: contextfold evict <step_id>

Mark a node evicted from the active prompt after the model's response (CONF-07) and append the event to
.contextfold/eviction_log.json. The cold node itself is kept. Exit 2 if the step is unknown.

${OPTIONS}
`,
  status: `Usage: contextfold status

Show the store's location, node counts, archived tokens, the hydration policy and one line per node.

${OPTIONS}
`,
  validate: `Usage: contextfold validate

Verify every indexed cold node (path containment, presence, artifact hash, index hash) and look for
orphaned cold nodes. Exit 0 if everything passes, 1 otherwise. Also checks the index, the indexed cold
nodes, the policy and the eviction log against the package's JSON Schemas (schemas/) and lists each
violation with its JSON path (these do not change the exit status), and says when \`contextfold repair\`
would fix what failed (not under --reference, which prints the reference's screen only). --json adds
"schemaViolations" and "repairable".

${OPTIONS}
`,
  repair: `Usage: contextfold repair [--dir DIR] [--json]

Repair a store, under its write lock, without deleting anything: a cold node whose three hashes verify
(artifact, payload, projection under the store's policy) and that has no index entry (a fold interrupted
between its two writes) is indexed; a lost or damaged recall_index.json (not JSON, or JSON that is not an
index, e.g. {}) is rebuilt from the verified cold nodes; a node that does not verify, a damaged journal
or eviction log are moved into .contextfold/quarantine/<time>/ beside a report.json saying why; an entry
whose cold node is missing is dropped. The repaired store passes validate. --json prints the report.

${OPTIONS}
`,
  redact: `Usage: contextfold redact [--file P | <text…>] [--json]
       contextfold redact --rules [--json]

Print what a fold would store of a text: every secret the redactor finds (vendor tokens, private keys,
JWTs, URL credentials, Authorization headers, values of names like PASSWORD or API_KEY) replaced by
[REDACTED:<rule>], the rest byte for byte. Reads --file P, the words given, or standard input; writes
nothing. --json prints {"text", "findings": [{"rule", "start", "end"}], "rules"} with UTF-16 spans of the
input. --rules lists the rules of the rule set ("secrets-v2").

A new store gets "redaction": "secrets-v2" in .contextfold/hydration_policy.json at its first fold, so
its folds store exactly this; a store the reference created (an index, no policy file) and a store
created with --reference are not redacted.

${OPTIONS}
`,
  checkpoint: `Usage: contextfold checkpoint

Write recall_index.json and eviction_log.json exactly as the reference would have after the same calls, and
the index snapshot, then drop the journal. A fold or an eviction from this CLI appends one line to
.contextfold/recall_index.journal instead of rewriting the whole index (which would cost more as the store
grows); the engine checkpoints by itself once the journal is as large as the index. Readers of the reference
files (the reference CLI, an older copy of this package) see what was folded up to the last checkpoint.
With --reference every fold and eviction writes the reference files at once.

${OPTIONS}
`,
  demo: `Usage: contextfold demo [--dir DIR] [--json]

Run the §6 scenario of IPCF-1.1: fold 8 turns of a long session (PostgreSQL port changes, a migration
rolled back and re-applied, ...), show the index, send the query "What port are we using for PostgreSQL,
and which migration applied the billing table?", show the candidates, the steps hydrated (with the terms
they answer and their cost) and the ones left out and why, the prompt size before, during and after the
turn as measured by the token counter, then evict and validate.

The store is a fresh temporary directory, removed afterwards, unless --dir DIR is given (then it is kept).
Colour is used only when standard output is a terminal and NO_COLOR is not set.

${OPTIONS}
`,
  mcp: `Usage: contextfold mcp [--dir DIR | --session ID]

Serve the store as an MCP server over standard input/output (JSON-RPC on stdout, messages on stderr) until
the client closes the connection. Tools: fold, scan, recall, hydrate, status, validate, folded_steps; resource
template contextfold://step/{id} (a step's exact, verified payload). Engine errors are MCP tool errors with
the engine's code. Needs the optional packages @modelcontextprotocol/server (2.x) and zod (4.x).

  --dir DIR       the store root (default: the current directory)
  --session ID    the store of a hooks session: $CONTEXTFOLD_HOME/sessions/ID (else
                  $XDG_DATA_HOME/contextfold/sessions/ID, else ~/.local/share/contextfold/sessions/ID)

${OPTIONS}
`,
};

COMMANDS.hook = `Usage: contextfold hook [EVENT] [--dir DIR] [--min-bytes N] [--budget TOKENS] [--max-chars N]
                        [--replace-mcp-output]

One hook call of Claude Code or Codex CLI: the hook's JSON input on standard input, the hook's JSON output (if
any) on standard output. EVENT is one of session-start, user-prompt-submit, post-tool-use, pre-compact, stop;
without it, the input's hook_event_name decides (PostToolUseFailure counts as post-tool-use).

  post-tool-use       fold the tool's output (the text the model saw) if it has at least --min-bytes bytes,
                      as the next step; a tool call id already folded is not folded again
  user-prompt-submit  scan the prompt, hydrate the matching steps within --budget tokens, print them as
                      additionalContext, each under one header line; nothing if nothing matches. A step
                      injected since the last compaction is not injected again.
  session-start       (source compact or resume) the session's folded-step records, newest first
  pre-compact         fold what no hook folded yet (from transcript_path), forget what was injected
  stop                log the eviction of what this turn hydrated; never blocks

  --dir DIR           store root (default: $CONTEXTFOLD_HOME, else $XDG_DATA_HOME/contextfold, else
                      ~/.local/share/contextfold, then /sessions/<session_id>/)
  --min-bytes N       smallest tool output folded, in UTF-8 bytes (default 2048)
  --budget TOKENS     tokens one injection may hydrate (default 2500; the per-call cap stays the policy's)
  --max-chars N       longest injection in characters (default 10000; Claude Code shows longer hook output
                      only as a file path and a 2 KB preview; from Codex, also at most 10,000 UTF-8 bytes,
                      past which Codex cuts it)
  --replace-mcp-output  Claude Code: an MCP tool's output is replaced by its folded-step record

Whatever fails (bad input, an unwritable or damaged store), it exits 0, prints nothing on standard output and
one line on standard error, also appended to .contextfold-hooks/hooks.log beside the store.
`;

COMMANDS.import = `Usage: contextfold import FILE [--dir DIR] [--format claude-code|codex|anthropic|openai]
                          [--session ID] [--min-bytes N] [--json]

Fold the tool results of a transcript into a session's store, with the ids, summaries and content of the
post-tool-use hook: importing a session whose tools were folded live adds nothing, and importing twice adds
nothing the second time. FILE "-" reads standard input.

  --format F          claude-code (session JSONL), codex (rollout JSONL), anthropic (Messages array),
                      openai (chat array or Responses items); default: detected
  --dir DIR           store root (default: the session's folder, as for contextfold hook)
  --session ID        the session (default: the one the transcript names; Anthropic and OpenAI arrays
                      name none, so give --session or --dir)
  --min-bytes N       smallest tool output folded, in UTF-8 bytes (default 2048)
  --json              print a JSON summary (tool results, folded, already folded, left out, steps)

A progress bar is drawn on standard error when it is a terminal.
`;

COMMANDS.daemon = `Usage: contextfold daemon [status|start|stop] [--json]

The short calls (hook, fold, scan, recall, hydrate, evict, redact) run in a background process of this
package when one is running: each call then costs little more than starting Node, since the engine is loaded
and compiled there already. The first short call that finds none runs as usual and starts one; it serves this
user's calls one at a time, with each call's own directory, environment and standard input, opens the store
for every call (so it sees what other processes wrote), and exits after CONTEXTFOLD_DAEMON_IDLE seconds
without a call (default 600). Output and exit status are the same as a call in a process of its own.

  status              whether the daemon of this package copy runs (pid, calls served, socket)
  start               start it now and wait until it answers
  stop                stop it (the next short call starts a new one)

Environment: CONTEXTFOLD_DAEMON=0 runs every call in its own process (no daemon is used or started);
CONTEXTFOLD_DAEMON_TIMEOUT is how long a hook waits for the daemon's answer (seconds, default 20; then it
exits 0 and says so on standard error); CONTEXTFOLD_RUNTIME_DIR is the folder of its socket (default: $XDG_RUNTIME_DIR/contextfold, else
<tmp>/contextfold-<uid>; it must be a folder of this user that no one else can enter). Not on Windows.
`;

export function commandHelp(command) {
  return COMMANDS[command] ?? GENERAL;
}
