//! The hot projection (`folded_step.schema.json`): the short record that stands in the active prompt for a folded
//! step, so the model knows what happened, how it ended and where the exact record is.
//!
//! It is computed from the step's index entry alone (no cold-node read), so the records of a whole session are
//! cheap to list, and it is deterministic: the same entry always gives the same record. The keys are the schema's
//! (snake_case), since the record is meant to be serialised into a prompt or a tool result as it is.
//!
//! Rules, applied to the words of the summary and of the commands (lower-cased, split at anything that is not a
//! letter, digit or `_`) and to the first word of the summary (the *lead*: the tool name in summaries such as
//! `Bash: npm test`, `Edit: src/app.ts`):
//!
//! `action_type`, the first that applies:
//! 1. `VERIFICATION`: a word names a test or check run ([`VERIFY_WORDS`]: `test`, `pytest`, `lint`, `tsc`, ...);
//! 2. `REFACTOR`: a summary word says refactor or rename ([`REFACTOR_WORDS`]);
//! 3. `CODE_MODIFICATION`: the lead is an editing tool or a summary word an edit verb ([`EDIT_WORDS`]);
//! 4. `EXPLORATION`: the lead is a reading or searching tool, or a word is a read/search verb ([`EXPLORE_WORDS`]);
//! 5. `COMMAND_EXECUTION`: the node has commands, or the lead is a shell tool ([`SHELL_LEADS`]);
//! 6. `OTHER`.
//!
//! `status`, the first that applies:
//! 1. `BLOCKED`: a summary word says the step was refused ([`BLOCKED_WORDS`]: `blocked`, `denied`, ...);
//! 2. `FAILED`: the node has errors (extracted or given: `ValueError`, `HTTP 503`, `Traceback`, ...) or a summary
//!    word says it failed ([`FAILED_WORDS`]);
//! 3. `PARTIAL`: a summary word says it was cut short ([`PARTIAL_WORDS`]);
//! 4. `SUCCESS`.
//!
//! `summary` is the entry's summary, cut to [`MAX_SUMMARY`] code points (the last one then `…`).

use crate::text::{is_word, lower};
use crate::types::IndexEntry;

/// The schema's `maxLength` of `summary`, in code points.
pub const MAX_SUMMARY: usize = 280;

/// Words of a test or check run.
pub const VERIFY_WORDS: &[&str] = &[
    "test", "tests", "testing", "pytest", "jest", "vitest", "mocha", "rspec", "phpunit", "unittest", "nextest",
    "lint", "linter", "eslint", "clippy", "mypy", "ruff", "flake8", "pylint", "tsc", "typecheck", "verify",
    "verified", "validate", "validated", "spec",
];
/// Summary words of a restructuring.
pub const REFACTOR_WORDS: &[&str] =
    &["refactor", "refactored", "refactoring", "rename", "renamed", "renaming", "restructure", "restructured"];
/// Leads and summary words of an edit.
pub const EDIT_WORDS: &[&str] = &[
    "edit", "edited", "multiedit", "write", "wrote", "notebookedit", "apply_patch", "patch", "patched", "fix",
    "fixed", "modify", "modified", "change", "changed", "implement", "implemented", "replace", "replaced", "create",
    "created", "delete", "deleted", "add", "added", "remove", "removed", "str_replace",
];
/// Leads and words of reading and searching.
pub const EXPLORE_WORDS: &[&str] = &[
    "read", "grep", "glob", "ls", "search", "websearch", "webfetch", "fetch", "find", "view", "cat", "rg", "list",
    "inspect", "explore", "show", "open", "head", "tail",
];
/// Leads of a shell tool.
pub const SHELL_LEADS: &[&str] = &["bash", "shell", "sh", "zsh", "terminal", "exec", "run", "command", "powershell"];
/// Summary words of a refused step.
pub const BLOCKED_WORDS: &[&str] = &["blocked", "denied", "forbidden", "refused", "rejected", "unauthorized"];
/// Summary words of a failed step.
pub const FAILED_WORDS: &[&str] = &["failed", "fails", "failing", "failure", "crashed", "crash", "broken", "errored"];
/// Summary words of a step cut short.
pub const PARTIAL_WORDS: &[&str] = &["partial", "partially", "interrupted", "truncated", "incomplete", "skipped", "wip"];

pub use crate::types::{FoldedStep, FoldedStepArtifacts};


/// Lower-cased words: runs of Python `\w` characters (the engine's own tables), everything else separates.
fn words(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split(|c: char| !is_word(c)).filter(|w| !w.is_empty()).map(lower)
}

fn any_in(words: &[String], set: &[&str]) -> bool {
    words.iter().any(|w| set.contains(&w.as_str()))
}

/// The entry's summary cut to [`MAX_SUMMARY`] code points.
fn short_summary(summary: &str) -> String {
    if summary.chars().count() <= MAX_SUMMARY {
        return summary.to_string();
    }
    let mut s: String = summary.chars().take(MAX_SUMMARY - 1).collect();
    s.push('…');
    s
}

/// `action_type` of an entry (rules in the module doc).
pub fn action_type(entry: &IndexEntry) -> &'static str {
    let summary: Vec<String> = words(&entry.summary).collect();
    let lead = summary.first().map(String::as_str).unwrap_or("");
    let mut all = summary.clone();
    for c in &entry.commands {
        all.extend(words(c));
    }
    if any_in(&all, VERIFY_WORDS) {
        "VERIFICATION"
    } else if any_in(&summary, REFACTOR_WORDS) {
        "REFACTOR"
    } else if EDIT_WORDS.contains(&lead) || any_in(&summary, EDIT_WORDS) {
        "CODE_MODIFICATION"
    } else if EXPLORE_WORDS.contains(&lead) || any_in(&all, EXPLORE_WORDS) {
        "EXPLORATION"
    } else if !entry.commands.is_empty() || SHELL_LEADS.contains(&lead) {
        "COMMAND_EXECUTION"
    } else {
        "OTHER"
    }
}

/// `status` of an entry (rules in the module doc).
pub fn status(entry: &IndexEntry) -> &'static str {
    let summary: Vec<String> = words(&entry.summary).collect();
    if any_in(&summary, BLOCKED_WORDS) {
        "BLOCKED"
    } else if !entry.errors.is_empty() || any_in(&summary, FAILED_WORDS) {
        "FAILED"
    } else if any_in(&summary, PARTIAL_WORDS) {
        "PARTIAL"
    } else {
        "SUCCESS"
    }
}

/// The folded-step record of an index entry.
pub fn folded_step(entry: &IndexEntry) -> FoldedStep {
    FoldedStep {
        step_id: entry.step_id,
        timestamp: entry.folded_at.clone(),
        target_files: entry.files.clone(),
        action_type: action_type(entry).to_string(),
        summary: short_summary(&entry.summary),
        status: status(entry).to_string(),
        artifacts: FoldedStepArtifacts {
            cold_node_ref: entry.file_path.clone().unwrap_or_else(|| crate::store::cold_node_key(entry.step_id)),
            payload_sha256: entry.payload_sha256.clone(),
            projection_sha256: entry.projection_sha256.clone(),
            artifact_sha256: entry.artifact_sha256.clone().unwrap_or_default(),
        },
        token_estimate: entry.token_estimate,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(summary: &str, commands: &[&str], errors: &[&str]) -> IndexEntry {
        IndexEntry {
            step_id: 7,
            summary: summary.to_string(),
            file_path: Some(".contextfold/cold_nodes/step_000007.json".into()),
            commands: commands.iter().map(|s| s.to_string()).collect(),
            errors: errors.iter().map(|s| s.to_string()).collect(),
            folded_at: "2026-01-01T00:00:00Z".into(),
            ..IndexEntry::default()
        }
    }

    #[test]
    fn action_type_follows_the_documented_order() {
        assert_eq!(action_type(&entry("Bash: npm test -- tests/billing.spec.ts", &[], &[])), "VERIFICATION");
        assert_eq!(action_type(&entry("ran the suite", &["cargo test --release"], &[])), "VERIFICATION");
        assert_eq!(action_type(&entry("Refactor auth middleware", &[], &[])), "REFACTOR");
        assert_eq!(action_type(&entry("Edit: src/app.ts", &[], &[])), "CODE_MODIFICATION");
        assert_eq!(action_type(&entry("PostgreSQL back on port 5433, config changed", &[], &[])), "CODE_MODIFICATION");
        assert_eq!(action_type(&entry("Read: src/db/pool.ts", &[], &[])), "EXPLORATION");
        assert_eq!(action_type(&entry("Bash: grep -rn TODO src", &[], &[])), "EXPLORATION");
        assert_eq!(action_type(&entry("Bash: docker ps", &[], &[])), "COMMAND_EXECUTION");
        assert_eq!(action_type(&entry("deployed", &["kubectl apply -f k8s.yml"], &[])), "COMMAND_EXECUTION");
        assert_eq!(action_type(&entry("Meeting notes", &[], &[])), "OTHER");
    }

    #[test]
    fn status_follows_the_documented_order() {
        assert_eq!(status(&entry("Bash: npm test", &[], &[])), "SUCCESS");
        assert_eq!(status(&entry("Bash: npm test", &[], &["AssertionError"])), "FAILED");
        assert_eq!(status(&entry("Bash: deploy (failed)", &[], &[])), "FAILED");
        assert_eq!(status(&entry("Bash: rm -rf / denied by policy", &[], &["HTTP 403"])), "BLOCKED");
        assert_eq!(status(&entry("Bash: npm test (interrupted)", &[], &[])), "PARTIAL");
    }

    #[test]
    fn summary_is_cut_to_280_code_points() {
        let long = "ş".repeat(400);
        let s = folded_step(&entry(&long, &[], &[]));
        assert_eq!(s.summary.chars().count(), MAX_SUMMARY);
        assert!(s.summary.ends_with('…'));
        let exact = "a".repeat(MAX_SUMMARY);
        assert_eq!(folded_step(&entry(&exact, &[], &[])).summary, exact);
    }

    #[test]
    fn the_same_entry_gives_the_same_record() {
        let e = entry("Bash: npm test", &["npm test"], &[]);
        assert_eq!(folded_step(&e), folded_step(&e.clone()));
        assert_eq!(folded_step(&e).artifacts.cold_node_ref, ".contextfold/cold_nodes/step_000007.json");
    }
}
