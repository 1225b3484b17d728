//! `ranked-v2`: what a question is shown beyond its selection. The selection hydrates two or three
//! whole steps; the step that answers is often ranked just after them (an edit after the error it fixes, the CI run
//! that says why). The steps ranked next get their best lines shown instead of their whole content: a few lines each,
//! in what the hydrated steps leave of the turn budget ([`crate::scan::ScanResult::related`], shown by
//! `before_turn`). A question about the present gets them too, beside its selection only, and so that an older
//! state is never shown without the newer ones: an older state shown as a line, without the newest, is a wrong
//! answer, where a missing one is only a miss. Its steps skip any older run of a command whose newest run is not
//! shown, and come newest first, so that whatever prefix of them the budget keeps holds the newest states.

/// At most this many steps after the selection get lines.
pub(super) const RELATED_STEPS: usize = 8;

/// At most this many for a question about the present (fewer: each is an older state than the one above it;
/// measured on the seen sessions, 6 against 8: +2 questions answered, none more wrong).
pub(super) const STATE_RELATED_STEPS: usize = 6;

/// The lines of an edit shown as the fix of a failure: its head (the tool's line, then the snippet it changed).
pub(super) const EDIT_HEAD_LINES: u32 = 8;

/// How far before a rollback its cause is looked for (steps), and at most how many of the cause's lines are shown.
pub(super) const CAUSE_BEFORE: i64 = 3;
pub(super) const CAUSE_LINES: usize = 4;

/// At most this many best lines of each (each shown with the line after it). (Three until the hook's text grew to
/// 10,000 characters and questions about the present got lines too: two let more steps show theirs, +1 on the seen
/// recall sessions.)
pub(super) const LINES_PER_STEP: usize = 2;

/// The numbers (0-based, ascending) of the best lines, each with the line after it: at most [`LINES_PER_STEP`] best
/// ones, each worth more than nothing by `worth`, the best first and, between equals, the earliest.
pub(super) fn best_lines(per_line: &[Vec<(usize, u32)>], worth: impl Fn(&[(usize, u32)]) -> i64) -> Vec<u32> {
    let mut scored: Vec<(i64, usize)> = per_line.iter().enumerate().map(|(k, set)| (worth(set), k)).filter(|&(w, _)| w > 0).collect();
    scored.sort_unstable_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    let mut lines: Vec<u32> = Vec::new();
    for (_, k) in scored.into_iter().take(LINES_PER_STEP) {
        // (With the line after it, as ranking reads a line: a value is often on the line after its label.)
        lines.push(k as u32);
        if k + 1 < per_line.len() {
            lines.push(k as u32 + 1);
        }
    }
    lines.sort_unstable();
    lines.dedup();
    lines
}

/// Whether a step's summary rolls a release back (`kubectl rollout undo`, `helm rollback`, `vercel rollback`): its
/// output says what is live again, not why.
pub(super) fn rolls_back(summary: &str) -> bool {
    let s = summary.to_ascii_lowercase();
    s.contains("rollout undo") || s.contains("rollback") || s.contains("roll back")
}

/// The numbers (0-based, ascending) of the last lines of a text that show a failure ([`super::concepts::ERROR`]'s
/// markers, `failed:`, `[ERROR]`), at most [`CAUSE_LINES`]: the cause of a rollback, as a crash log or a failing probe
/// shows it.
pub(super) fn trouble_lines(text: &str) -> Vec<u32> {
    let trouble = |l: &str| super::concepts::shows(l, super::concepts::ERROR) || l.contains("failed:") || l.contains("[ERROR]");
    let mut lines: Vec<u32> = text.lines().enumerate().filter(|(_, l)| trouble(l)).map(|(k, _)| k as u32).collect();
    lines.drain(..lines.len().saturating_sub(CAUSE_LINES));
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_best_lines_come_in_content_order_with_the_line_after_each_and_equals_go_to_the_earliest() {
        let per_line = vec![vec![(0, 16)], vec![], vec![(0, 16), (1, 16)], vec![(0, 16)], vec![(0, 16)], vec![(1, 8)]];
        let worth = |set: &[(usize, u32)]| set.iter().map(|&(_, q)| i64::from(q)).sum();
        // Lines 2 and 0 (0, 3 and 4 are equals), each with the line after it.
        assert_eq!(best_lines(&per_line, worth), vec![0, 1, 2, 3]);
    }

    #[test]
    fn a_rollbacks_cause_is_its_last_failure_lines_and_only_a_rollback_has_one() {
        assert!(rolls_back("Bash: kubectl -n relay rollout undo deploy/relayd"));
        assert!(rolls_back("Bash: helm rollback api 41"));
        assert!(!rolls_back("Bash: git revert 4c1d9e2"));
        let log = "Traceback (most recent call last):\n  File \"utils.py\", line 105\ndjango.db.utils.ProgrammingError: column x does not exist\n[ERROR] Worker exited\n[ERROR] Shutting down\nWarning Unhealthy Readiness probe failed: timeout\n[error-6] POST /api/v1/worker/280 201\ninfo view error queued";
        // The last four lines that show a failure; not a line that only says the word "error".
        assert_eq!(trouble_lines(log), vec![2, 3, 4, 5]);
        assert!(trouble_lines("deployment.apps/relayd image updated\nok 0.4s").is_empty());
    }

    #[test]
    fn a_line_worth_nothing_is_never_shown() {
        let per_line = vec![vec![], vec![(0, 0)], vec![]];
        assert!(best_lines(&per_line, |set: &[(usize, u32)]| set.iter().map(|&(_, q)| i64::from(q)).sum()).is_empty());
    }
}
