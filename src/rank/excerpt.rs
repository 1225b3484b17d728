//! `ranked-v2`: what a question about the past is shown beyond its selection. The selection hydrates two or three
//! whole steps; the step that answers is often ranked just after them (an edit after the error it fixes, the CI run
//! that says why). The steps ranked next get their best lines shown instead of their whole content: a few lines each,
//! in what the hydrated steps leave of the turn budget ([`crate::scan::ScanResult::related`], shown by
//! `before_turn`). Not for a question about the present: an older state shown as a line, without the newest, is a
//! wrong answer, where a missing one is only a miss.

/// At most this many steps after the selection get lines.
pub(super) const RELATED_STEPS: usize = 8;

/// At most this many lines of each.
pub(super) const LINES_PER_STEP: usize = 3;

/// The numbers (0-based, ascending) of the best lines: at most [`LINES_PER_STEP`], each worth more than nothing by
/// `worth`, the best first and, between equals, the earliest.
pub(super) fn best_lines(per_line: &[Vec<(usize, u32)>], worth: impl Fn(&[(usize, u32)]) -> i64) -> Vec<u32> {
    let mut scored: Vec<(i64, usize)> = per_line.iter().enumerate().map(|(k, set)| (worth(set), k)).filter(|&(w, _)| w > 0).collect();
    scored.sort_unstable_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    let mut lines: Vec<u32> = scored.into_iter().take(LINES_PER_STEP).map(|(_, k)| k as u32).collect();
    lines.sort_unstable();
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_best_lines_come_in_content_order_and_equals_go_to_the_earliest() {
        let per_line = vec![vec![(0, 16)], vec![], vec![(0, 16), (1, 16)], vec![(0, 16)], vec![(0, 16)], vec![(1, 8)]];
        let worth = |set: &[(usize, u32)]| set.iter().map(|&(_, q)| i64::from(q)).sum();
        assert_eq!(best_lines(&per_line, worth), vec![0, 2, 3]);
    }

    #[test]
    fn a_line_worth_nothing_is_never_shown() {
        let per_line = vec![vec![], vec![(0, 0)], vec![]];
        assert!(best_lines(&per_line, |set: &[(usize, u32)]| set.iter().map(|&(_, q)| i64::from(q)).sum()).is_empty());
    }
}
