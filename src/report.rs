//! The reference's console text (spec §15), byte for byte: one pure function per screen, from the engine's typed
//! results. No I/O here; the CLI (native or through wasm) prints what these return, stdout unless noted.
//!
//! Python rules reproduced: `s[:n]` counts code points; `{id:>4}` pads a (possibly negative or long) int to four
//! columns on the left and never cuts it; a list of str prints as its Python `repr` (`['a', "it's"]`, escapes
//! for non-printable chars); `print(x)` appends `\n`.

use std::fmt::Write as _;

use crate::types::{ColdNode, Eviction, FoldOutcome, Hydrated, Status};
use crate::error::{Error, ErrorCode};
use crate::recall::RecallCandidate;
use crate::scan::ScanResult;
use crate::text::{lower, python_str_repr};
use crate::validate::Validation;

/// Python `s[:n]` for `n >= 0`, in code points.
fn head(s: &str, n: usize) -> &str {
    match s.char_indices().nth(n) {
        Some((i, _)) => &s[..i],
        None => s,
    }
}

/// Python `repr(list_of_str)`: `['a', 'b']`.
fn list_repr(items: &[String]) -> String {
    let mut out = String::from("[");
    for (i, s) in items.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        out.push_str(&python_str_repr(s));
    }
    out.push(']');
    out
}

/// A 16-hex-digit hash prefix followed by `…`.
fn short_hash(h: &str) -> String {
    format!("{}…", head(h, 16))
}

/// `cmd_fold`: the seven `[FOLD]` lines, or the duplicate warning.
pub fn fold(outcome: &FoldOutcome) -> String {
    match outcome {
        FoldOutcome::Duplicate { entry, .. } => fold_duplicate(entry.step_id),
        FoldOutcome::Folded { node, .. } => fold_folded(node),
    }
}

/// `cmd_fold` of a step already indexed: the duplicate warning.
pub fn fold_duplicate(step_id: i64) -> String {
    format!("[WARN] Step {step_id} already folded. Skipping.\n")
}

/// `cmd_fold` of a new cold node: the seven `[FOLD]` lines.
pub fn fold_folded(node: &ColdNode) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "[FOLD] Step {} archived.", node.step_id);
    let _ = writeln!(out, "  Summary           : {}", head(&node.summary, 80));
    let _ = writeln!(out, "  payload_sha256    : {}", short_hash(&node.payload_sha256));
    let _ = writeln!(out, "  projection_sha256 : {}", short_hash(&node.projection_sha256));
    let _ = writeln!(out, "  artifact_sha256   : {}", short_hash(&node.artifact_sha256));
    let _ = writeln!(out, "  Tokens est.       : {}", node.token_estimate);
    let _ = writeln!(out, "  File              : {}", crate::store::cold_node_key(node.step_id));
    out
}

/// `cmd_scan`: the Software MMU screen (prompt, query terms, every candidate with its `[SELECTED]` mark, the
/// action line and `[BUDGET DROPPED]` lines), or the empty-index line.
pub fn scan(result: &ScanResult) -> String {
    if result.index_empty {
        return "[SCAN] Recall index is empty.\n".to_string();
    }
    let mut out = String::new();
    out.push_str("\n[SCAN (Software MMU - CONF-13)] Passively intercepting incoming prompt:\n");
    let _ = writeln!(out, "  Prompt : '{}'", result.prompt);
    let _ = writeln!(out, "  Extracted Tokens : {}", list_repr(&result.query_terms));
    if result.selected.is_empty() {
        out.push_str("  ✓ No historical identifier collision. Dispatch directly to LLM without hydration.\n");
        return out;
    }
    let total = (result.candidates_total.max(0) as usize).max(result.candidates.len());
    let _ = writeln!(out, "  ⚡ MMU INTERCEPT: {total} candidate historical step(s) matched in index:");
    for c in &result.candidates {
        let mark = if result.selected.iter().any(|s| s.step_id == c.step_id) { " [SELECTED]" } else { "" };
        let _ = writeln!(
            out,
            "     • Step {:>4} (match: {}) -> '{}'{mark}",
            c.step_id,
            list_repr(&c.matched),
            head(&c.summary, 60)
        );
    }
    if total > result.candidates.len() {
        // Ours: a listing cut to its first candidates (the reference lists every one).
        let _ = writeln!(out, "     … and {} more", total - result.candidates.len());
    }
    let ids: Vec<String> = result.selected.iter().map(|s| s.step_id.to_string()).collect();
    let _ = writeln!(
        out,
        "  → Action: Transparently hydrate Step(s) {} into active turn prompt before LLM dispatch.",
        ids.join(", ")
    );
    for d in &result.budget_dropped {
        let _ = writeln!(
            out,
            "  [BUDGET DROPPED] Step {} (terms: {}, cost: {}) dropped — exceeded turn budget.",
            d.step_id,
            list_repr(&d.matched),
            d.cost
        );
    }
    out
}

/// `cmd_recall`: the ranked candidates with their detail lines; `index_empty` when the index has no node.
pub fn recall(query: &str, candidates: &[RecallCandidate], index_empty: bool) -> String {
    if index_empty {
        return "[RECALL] No folded nodes found.\n".to_string();
    }
    if candidates.is_empty() {
        return format!("[RECALL] No matching nodes for query: '{query}'\n");
    }
    let mut out = String::new();
    let _ = writeln!(out, "\n[RECALL] Query: '{query}'");
    let _ =
        writeln!(out, "  Found {} candidate(s) — coverage tiered & chronological (latest first):\n", candidates.len());
    for (rank, c) in candidates.iter().enumerate() {
        let e = &c.entry;
        let evicted = if e.evicted { " [EVICTED]" } else { "" };
        let _ = writeln!(
            out,
            "  [{}] Step {:>4}  |  coverage={}  score={}  |  {}{evicted}",
            rank + 1,
            c.step_id,
            c.coverage,
            c.score,
            c.status
        );
        let _ = writeln!(out, "       Summary           : {}", head(&e.summary, 80));
        let _ = writeln!(out, "       payload_sha256    : {}", short_hash(&e.payload_sha256));
        let _ = writeln!(out, "       projection_sha256 : {}", short_hash(&e.projection_sha256));
        let _ = writeln!(out, "       Tokens            : {}", e.token_estimate);
        let _ = writeln!(out, "       Folded            : {}", e.folded_at);
        out.push('\n');
    }
    out
}

/// `cmd_hydrate`: the truncation warning (when cut), then the content between two rules.
pub fn hydrate(h: &Hydrated) -> String {
    let rule = "─".repeat(60);
    let mut out = String::new();
    if h.truncated {
        let _ = writeln!(out, "[WARN] Content truncated to {} tokens (policy cap). (CONF-06)", h.cap);
    }
    let _ = writeln!(out, "\n[HYDRATE] Step {} — exact verbatim content:", h.step_id);
    let _ = writeln!(out, "  Token estimate    : {}", h.token_estimate);
    let _ = writeln!(out, "  payload_sha256    : {}", short_hash(&h.payload_sha256));
    let _ = writeln!(out, "  Scope             : {} (evict after response)", h.scope);
    out.push('\n');
    let _ = writeln!(out, "{rule}");
    let _ = writeln!(out, "{}", h.content);
    let _ = writeln!(out, "{rule}");
    let _ = writeln!(out, "\n[HYDRATE] Eviction trigger: {}", h.eviction_trigger);
    let _ = writeln!(
        out,
        "  → Call `python contextfold.py evict {}` after LLM response to comply with CONF-07.",
        h.step_id
    );
    out
}

/// `cmd_evict`.
pub fn evict(e: &Eviction) -> String {
    format!("[EVICT] Step {} evicted from active prompt. Cold storage preserved. (CONF-07)\n", e.step_id)
}

/// `cmd_status`: the boxed session screen.
pub fn status(s: &Status) -> String {
    let mut out = String::new();
    out.push('\n');
    out.push_str("╔══════════════════════════════════════════════════╗\n");
    out.push_str("║      ContextFold — IPCF-1.1 Session Status      ║\n");
    out.push_str("╚══════════════════════════════════════════════════╝\n");
    out.push('\n');
    let _ = writeln!(out, "  Storage dir    : {}", s.storage_dir);
    let _ = writeln!(out, "  Index          : {}", s.index_path);
    let _ = writeln!(out, "  Total folded   : {} nodes", s.total);
    let _ = writeln!(out, "  Active cold    : {}", s.active);
    let _ = writeln!(out, "  Evicted        : {}", s.evicted);
    let _ = writeln!(out, "  Total tokens   : {} (archived, not in active prompt)", s.total_tokens);
    out.push('\n');
    let _ = writeln!(out, "  Policy version : {}", s.policy_version);
    let _ = writeln!(out, "  Rehydration cap: {} tokens (reference default)", s.max_tokens_per_call);
    let _ = writeln!(out, "  Scope          : {}", s.scope);
    let _ = writeln!(out, "  Eviction       : {}", s.eviction_trigger);
    out.push('\n');
    if !s.nodes.is_empty() {
        out.push_str("  Folded nodes (step_id | tokens | evicted | summary):\n");
        for n in &s.nodes {
            let flag = if n.evicted { "✓ evicted" } else { "  active " };
            let _ = writeln!(
                out,
                "    Step {:>4}  |  {:>5} tk  |  {flag}  |  {}",
                n.step_id,
                n.token_estimate,
                head(&n.summary, 50)
            );
        }
    }
    out.push('\n');
    out
}

/// `cmd_validate`: the boxed audit screen. Entries print in `checked` order (OK, or FAIL with the entry's
/// problem), then one FAIL line per orphan, then the PASSED line or the FAILED summary with every problem.
pub fn validate(v: &Validation) -> String {
    let mut out = String::new();
    out.push('\n');
    out.push_str("╔══════════════════════════════════════════════════╗\n");
    out.push_str("║   ContextFold — IPCF-1.1 Integrity Validation   ║\n");
    out.push_str("╚══════════════════════════════════════════════════╝\n");
    out.push('\n');
    // Entry problems are in audit order, at most one per audited entry, so they pair with `checked` in order.
    let mut entry_problems = v.problems.iter().filter(|p| p.step_id.is_some()).peekable();
    for &step in &v.checked {
        match entry_problems.next_if(|p| p.step_id == Some(step)) {
            Some(p) => {
                let _ = writeln!(out, "  [FAIL] Step {step:>4}: {}", p.message);
            }
            None => {
                let _ = writeln!(out, "  [ OK ] Step {step:>4}: artifact_sha256 verified. (CONF-02 / CONF-09)");
            }
        }
    }
    for p in v.problems.iter().filter(|p| p.step_id.is_none()) {
        let _ = writeln!(out, "  [FAIL] Orphan : {}", p.message);
    }
    out.push('\n');
    if v.problems.is_empty() {
        let _ = writeln!(out, "  Validation PASSED — {} node(s) verified. IPCF-1.1 integrity confirmed.", v.pass_count);
    } else {
        let _ = writeln!(out, "  Validation FAILED — {} error(s), {} passed.", v.problems.len(), v.pass_count);
        out.push('\n');
        out.push_str("  Error summary:\n");
        for p in &v.problems {
            let _ = writeln!(out, "    • {}", p.message);
        }
        out.push('\n');
    }
    out
}

/// Ours, after the validate screen (never under `--reference`): each schema violation with its file and JSON path,
/// and a line saying when `contextfold repair` would fix what failed. Empty when there is nothing to say.
pub fn validate_notes(v: &Validation) -> String {
    let mut out = String::new();
    if !v.schema_violations.is_empty() {
        let _ = writeln!(out, "  Schema violations (schemas/): {}", v.schema_violations.len());
        for s in &v.schema_violations {
            let path = if s.path.is_empty() { "(document)" } else { s.path.as_str() };
            let _ = writeln!(out, "    • {} {path}: {}", s.file, s.message);
        }
        out.push('\n');
    }
    if v.repairable {
        out.push_str("  Hint: `contextfold repair` would fix this: it re-indexes cold nodes that verify, moves what does not\n");
        out.push_str("  verify to .contextfold/quarantine/ with a report, and never deletes a cold node.\n\n");
    }
    out
}

/// `contextfold repair`: what was done.
pub fn repair(r: &crate::repair::RepairReport) -> String {
    let mut out = String::new();
    if !r.changed {
        let _ = writeln!(out, "[REPAIR] Nothing to repair: {} indexed node(s), every cold node verified.", r.entries);
        return out;
    }
    let _ = writeln!(out, "[REPAIR] Store repaired: {} indexed node(s).", r.entries);
    if r.index_rebuilt {
        out.push_str("  recall_index.json rebuilt from the verified cold nodes\n");
    }
    let ids = |v: &[i64]| v.iter().map(i64::to_string).collect::<Vec<_>>().join(", ");
    if !r.reindexed.is_empty() {
        let _ = writeln!(out, "  Indexed (verified cold nodes without an entry): {}", ids(&r.reindexed));
    }
    if !r.rewritten.is_empty() {
        let _ = writeln!(out, "  Entries rewritten from their cold node: {}", ids(&r.rewritten));
    }
    for d in &r.dropped {
        let _ = writeln!(out, "  Entry {} dropped: {}", d.step_id, d.reason);
    }
    for q in &r.quarantined {
        let _ = writeln!(out, "  Quarantined {} -> {}: {}", q.file, q.moved_to, q.reason);
    }
    for n in &r.notes {
        let _ = writeln!(out, "  Note: {n}");
    }
    if let Some(dir) = &r.quarantine_dir {
        let _ = writeln!(out, "  Report: {dir}/report.json");
    }
    out
}

/// The usage screen (no arguments: exit 0; after an unknown command: exit 1).
pub fn usage() -> String {
    concat!(
        "\n",
        "ContextFold — IPCF-1.1 Reference Implementation\n",
        "\n",
        "Usage:\n",
        "  python contextfold.py fold     <step_id> <\"summary\"> [--file path] [--files f1,f2] [--commands c1,c2] [--errors e1,e2]\n",
        "  python contextfold.py scan     <\"prompt\">               Passively scan prompt (CONF-13 MMU)\n",
        "  python contextfold.py recall   <\"query\">                Query archived nodes (CONF-04)\n",
        "  python contextfold.py hydrate  <step_id>               Hydrate a cold node (CONF-05/06)\n",
        "  python contextfold.py evict    <step_id>               Evict after LLM response (CONF-07)\n",
        "  python contextfold.py status                            Show index summary\n",
        "  python contextfold.py validate                          Integrity check (CONF-02/09/12)\n",
        "  python contextfold.py demo                              Run 500-turn simulation\n",
        "\n",
        "Specification: https://github.com/mrblackman/ContextFold\n",
        "Motto: \"Don't make the AI carry what the machine can page.\"\n",
        "\n",
    )
    .to_string()
}

/// `Unknown command: '{cmd}'` and the usage screen (stdout, exit 1). The reference lower-cases the command word
/// before it compares or prints it; this does the same, so `cmd` may be given as typed.
pub fn unknown_command(cmd: &str) -> String {
    format!("Unknown command: '{}'\n{}", lower(cmd), usage())
}

/// The one-line usage of `fold` when it has fewer than two arguments (stdout, exit 1).
pub fn fold_usage() -> String {
    "Usage: python contextfold.py fold <step_id> <summary> [--file path] [--files f1,f2] [--commands c1,c2] [--errors e1,e2]\n"
        .to_string()
}

/// The one-line usage of a command that lacks its argument (stdout, exit 1): `fold`, `scan`, `recall`,
/// `hydrate` or `evict` (lower-case); `None` for any other command (those take no argument).
pub fn command_usage(command: &str) -> Option<String> {
    let args = match command {
        "fold" => return Some(fold_usage()),
        "scan" => "<prompt>",
        "recall" => "<query>",
        "hydrate" | "evict" => "<step_id>",
        _ => return None,
    };
    Some(format!("Usage: python contextfold.py {command} {args}\n"))
}

/// The stderr text of an engine error: `\n[ERROR] <Name>: <msg>\n`. `PathContainmentError` is caught as its base
/// class, so it prints as `IntegrityCheckError: ` + its message (which itself starts `PathContainmentError: `
/// when the path is wrong). Invalid input prints as a bad argument; a storage failure, which the reference
/// has no class for, as `StorageError`. The exit status is [`exit_code`].
pub fn error(e: &Error) -> String {
    let name = match e.code() {
        ErrorCode::NodeNotFound => "NodeNotFoundError",
        ErrorCode::IntegrityCheck | ErrorCode::PathContainment => "IntegrityCheckError",
        ErrorCode::OrphanedNode => "OrphanedNodeError",
        ErrorCode::BrokenReference => "BrokenReferenceError",
        ErrorCode::InvalidInput => return bad_argument(e.message()),
        ErrorCode::Storage => "StorageError",
        ErrorCode::LimitExceeded => "LimitExceededError",
    };
    format!("\n[ERROR] {name}: {}\n", e.message())
}

/// The CLI's exit status for an engine error (2 not found, 3 integrity and containment, 4 orphan, 5 broken
/// reference, 1 bad input, 6 storage).
pub fn exit_code(e: &Error) -> i32 {
    e.code().exit_code()
}

/// The stderr text of a bad argument (`ValueError`/`TypeError` in the reference, exit 1), e.g. the message of
/// a [`crate::number::IntError`] (a step id that `int()` cannot read).
pub fn bad_argument(msg: &str) -> String {
    format!("\n[ERROR] Bad argument: {msg}\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slicing_and_padding() {
        assert_eq!(head("🚀🚀🚀", 2), "🚀🚀");
        assert_eq!(head("ab", 80), "ab");
        assert_eq!(head("", 0), "");
        assert_eq!(format!("{:>4}", -5), "  -5");
        assert_eq!(format!("{:>4}", 1_000_384), "1000384");
        assert_eq!(list_repr(&["a".into(), "it's".into(), "x\ny".into()]), "['a', \"it's\", 'x\\ny']");
        assert_eq!(list_repr(&[]), "[]");
    }

    #[test]
    fn python_repr_of_str_lists() {
        // Expected texts are CPython 3.11.7's repr() of the same lists.
        let l = |v: &[&str]| list_repr(&v.iter().map(|s| s.to_string()).collect::<Vec<_>>());
        assert_eq!(
            l(&["a\u{a0}b", "\u{2028}", "e\u{301}", "\x7f", "🚀"]),
            "['a\\xa0b', '\\u2028', 'e\u{301}', '\\x7f', '🚀']"
        );
        assert_eq!(
            l(&["\u{e0001}", "\u{ad}", "'\"", "\\", "http\t429"]),
            "['\\U000e0001', '\\xad', '\\'\"', '\\\\', 'http\\t429']"
        );
    }

    #[test]
    fn cli_lines() {
        assert_eq!(
            bad_argument(&crate::number::python_int("abc").unwrap_err().to_string()),
            "\n[ERROR] Bad argument: invalid literal for int() with base 10: 'abc'\n"
        );
        assert!(unknown_command("BOGUS").starts_with("Unknown command: 'bogus'\n\nContextFold"));
        assert_eq!(command_usage("status"), None);
        assert_eq!(command_usage("evict").unwrap(), "Usage: python contextfold.py evict <step_id>\n");
    }
}
