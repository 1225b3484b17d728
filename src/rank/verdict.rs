//! `ranked-v2` (`recall15`): status questions, "is CI green on main now?", "are the api jest tests all green?", "did
//! the release workflow succeed in the end?". Such a question asks for a verdict, and a verdict is given by a run's
//! *verdict lines*: a runner's tally (`Tests: 188 passed, 188 total`, `64 passed in 4.02s`, `100% tests passed, 0 tests
//! failed out of 51`) or a status row that starts with its mark (`✓  Merge pull request #214 … CI  main`, `X  v0.8.0
//! release`, `✓ build (ubuntu-latest) in 3m12s`, as `gh run list` / `gh run watch` print them). Words of a verdict
//! anywhere else (a `PASS` among a log's lines, `--output-on-failure`, a workflow file) tell no outcome. So:
//! - a status row's mark is read as the word of its verdict (`✓` as "pass", `X` as "fail");
//! - the first pick of a state question for a verdict is a run of the command the question names (its summary says
//!   every other word of the question: "is golangci-lint clean?") when one answers on its own; else, when some step
//!   answers on its own and shows a verdict about what the question names (on a verdict line, or in its summary), one
//!   of those steps. Either way the newest as good as the best of them, not a run of only part of the same command
//!   (`pnpm --filter api test -- auth` after `pnpm --filter api test`: a verdict about some of the tests only);
//! - a later step that names a run the chosen step's verdict lines show (`gh run rerun 9127730015 && gh run watch
//!   9127730015` after a list that showed run 9127730015 failed) is that run's newer verdict: it comes first.

use std::collections::BTreeMap;

use super::{query, Plan};

/// The verdict marks a status row starts with, and the verdict each gives (true: passed).
const MARKS: &[(char, bool)] = &[('✓', true), ('✔', true), ('✅', true), ('✗', false), ('✘', false), ('❌', false), ('X', false)];

/// Words of a tally after its count ("188 passed", "1 failed", "12 passing").
const TALLY_WORDS: &[&str] = &["passed", "failed", "passing", "failing"];

/// `ranked-v2` (`recall57`): more words of a tally after its count, and "no" as a count of none: RSpec's and ExUnit's
/// "12 examples, 0 failures", minitest's "0 failures, 0 errors", a loop's "(500 runs, no failure)", RuboCop's "219
/// files inspected, no offenses detected", golangci-lint's "0 issues.", ESLint's "3 problems".
#[cfg(ranked_v2)]
const TALLY_WORDS_V2: &[&str] = &["failure", "failures", "offense", "offenses", "issue", "issues", "problem", "problems"];
#[cfg(not(ranked_v2))]
const TALLY_WORDS_V2: &[&str] = &[];

/// The shortest number that names a run (a CI run or job id, not a count or a line number).
const RUN_ID_DIGITS: usize = 6;

/// A status row's verdict: an unindented line that starts with a verdict mark followed by a space (a run's status,
/// not a test of a listing, which a runner indents). `X` only when two spaces or a tab follow it (a column).
pub fn status_mark(line: &str) -> Option<bool> {
    let mut chars = line.chars();
    let first = chars.next()?;
    let (_, passed) = MARKS.iter().find(|(m, _)| *m == first)?;
    let rest = chars.as_str();
    let column = rest.starts_with("  ") || rest.starts_with('\t');
    let spaced = rest.starts_with(' ') && rest.trim_start().chars().next().is_some_and(|c| !c.is_whitespace());
    if (first == 'X' && column) || (first != 'X' && spaced) {
        Some(*passed)
    } else {
        None
    }
}

/// Whether a line is a runner's tally: a count (a share, or a count out of a total: `0/20`) followed, perhaps after
/// "test(s)" or "run(s)", by a word of a verdict.
pub fn is_tally(line: &str) -> bool {
    let words: Vec<&str> = line.split(|c: char| c.is_whitespace() || c == ',' || c == ';' || c == '|').filter(|w| !w.is_empty()).collect();
    words.iter().enumerate().any(|(i, w)| {
        let count = w.strip_suffix('%').unwrap_or(w);
        // (`recall33`: a count out of the runs, `0/20 runs failed`.)
        let count = count.split_once('/').filter(|(_, of)| !of.is_empty() && of.bytes().all(|b| b.is_ascii_digit())).map_or(count, |(n, _)| n);
        let none = !TALLY_WORDS_V2.is_empty() && w.eq_ignore_ascii_case("no");
        if !none && (count.is_empty() || !count.bytes().all(|b| b.is_ascii_digit())) {
            return false;
        }
        let mut next = words.get(i + 1).copied();
        if matches!(next, Some("test" | "tests" | "run" | "runs")) {
            next = words.get(i + 2).copied();
        }
        let word = next.map(|n| n.trim_end_matches(|c: char| !c.is_ascii_alphabetic()).to_ascii_lowercase());
        word.is_some_and(|n| (!none && TALLY_WORDS.contains(&n.as_str())) || TALLY_WORDS_V2.contains(&n.as_str()))
    })
}

/// Whether a step's summary is a run of a command, not a file read, edited or searched (`Read:`, `Edit:`, `Grep:`).
pub fn is_run(summary: &str) -> bool {
    !summary.starts_with("Read: ") && !super::EDIT_TOOLS.iter().any(|p| summary.starts_with(p)) && !super::is_search(summary)
}

/// Whether a line gives a run's verdict.
pub fn is_verdict_line(line: &str) -> bool {
    status_mark(line).is_some() || is_tally(line)
}

/// Whether command `a` runs part of what `b` runs: `b`'s words, in order, with more (a filter, a test's name or file):
/// `pnpm --filter api test -- auth` of `pnpm --filter api test`, `ctest --preset host-tests -R test_crc32` of
/// `ctest --preset host-tests`.
pub fn narrows(a: &str, b: &str) -> bool {
    let (a, b): (Vec<&str>, Vec<&str>) = (a.split_whitespace().collect(), b.split_whitespace().collect());
    if a.len() <= b.len() || a.first() != b.first() {
        return false;
    }
    let mut rest = a.iter();
    b.iter().all(|w| rest.any(|x| x == w))
}

/// The numbers of a text that may name a run (at least [`RUN_ID_DIGITS`] digits).
pub fn run_ids(text: &str) -> Vec<&str> {
    text.split(|c: char| !c.is_ascii_digit()).filter(|d| d.len() >= RUN_ID_DIGITS).collect()
}

/// What a read step shows of a verdict.
#[derive(Debug, Default)]
pub(super) struct Shown {
    /// The question's slots its verdict lines (with the next line each) or its summary carry.
    pub slots: Vec<usize>,
    /// The run ids its verdict lines name.
    pub ids: Vec<String>,
}

impl Plan {
    /// Whether the prompt (or the clause being covered, by `residual`) asks for a verdict in the present.
    pub(super) fn asks_verdict_now(&self, residual: &[bool]) -> bool {
        self.v2_rules && self.query.intent == query::Intent::State && self.query.slots.iter().enumerate().any(|(i, s)| residual[i] && query::asks_verdict(s))
    }

    /// Before the lines are read: a status row's mark is matched as the word of its verdict, so the slots "pass" and
    /// "fail" answer must be known whether or not the store's words hold them.
    pub(super) fn verdict_words(&mut self) {
        let Some(matcher) = self.matcher.as_ref() else { return };
        if !self.query.slots.iter().any(query::asks_verdict) {
            return;
        }
        for word in ["pass", "fail"] {
            let found: Vec<(usize, u32)> = matcher.of_word(word).into_iter().collect();
            if !found.is_empty() {
                self.term_slots.entry(word.to_string()).or_insert(found);
            }
        }
    }

    /// For a question for a verdict: what each read step's verdict lines show.
    pub(super) fn read_verdicts(&mut self, contents: &BTreeMap<i64, String>) {
        if !self.v2_rules || !self.query.slots.iter().any(query::asks_verdict) {
            return;
        }
        for (&step, text) in contents {
            let Some(c) = self.cands.get(&step) else { continue };
            let lines: Vec<&str> = text.lines().take(20_000).collect();
            let mut shown = String::new();
            let mut ids: Vec<String> = Vec::new();
            for (k, line) in lines.iter().enumerate() {
                if is_verdict_line(line) {
                    shown.push_str(line);
                    shown.push(' ');
                    shown.push_str(lines.get(k + 1).copied().unwrap_or(""));
                    shown.push('\n');
                    ids.extend(run_ids(line).into_iter().map(str::to_string));
                }
            }
            if shown.is_empty() {
                continue;
            }
            let mut slots: Vec<usize> = c.said.keys().copied().collect();
            for set in super::line_sets(&shown, &self.term_slots, &[], 0) {
                slots.extend(set.into_iter().map(|(i, _)| i));
            }
            slots.sort_unstable();
            slots.dedup();
            self.verdicts.insert(step, Shown { slots, ids });
        }
    }

    /// The first pick of a state question for a verdict: when some of `scored` (gain, line, line slots, step) answers
    /// on its own (`answers`) and shows a verdict about a word of the question that is not the verdict's, only those,
    /// without a run of part of another one's command.
    pub(super) fn keep_verdicts(&self, scored: &mut Vec<(i64, i64, usize, i64)>, residual: &[bool], answers: impl Fn(&(i64, i64, usize, i64)) -> bool) {
        if !self.asks_verdict_now(residual) {
            return;
        }
        let about = |step: i64| {
            self.verdicts.get(&step).is_some_and(|v| v.slots.iter().any(|&i| residual[i] && !query::asks_verdict(&self.query.slots[i])))
        };
        // (A run of the command the question names, "is golangci-lint clean?", its summary saying every other word of
        // the question, is its verdict whatever its lines: before a row of another run that mentions it.)
        let others: Vec<usize> = (0..residual.len()).filter(|&i| residual[i] && !query::asks_verdict(&self.query.slots[i])).collect();
        // (A run: not a file read, written or searched, whose words are the file's, not an outcome.)
        let run = |step: i64| self.entries.get(&step).is_some_and(|e| is_run(&e.1));
        let named = |step: i64| !others.is_empty() && run(step) && others.iter().all(|i| self.cands[&step].said.contains_key(i));
        // (Those of them that show a verdict when some do: `pnpm --filter api test` before `pnpm --filter api test:cov |
        // grep 'All files'`.)
        // (Never a run of part of a command when a run of the whole answers too: `pytest tests/test_cli_args.py -q`
        // says nothing of the other tests that `pytest -q` ran.)
        let source = |step: i64| self.entries.get(&step).map_or("", |e| super::source(&e.1));
        let whole: Vec<i64> = scored.iter().filter(|s| answers(s)).map(|s| s.3).collect();
        let part = |step: i64| whole.iter().any(|&o| narrows(source(step), source(o)));
        let mut kept: Vec<(i64, i64, usize, i64)> = scored.iter().copied().filter(|s| named(s.3) && answers(s) && !part(s.3)).collect();
        if kept.iter().any(|s| self.verdicts.contains_key(&s.3)) {
            kept.retain(|s| self.verdicts.contains_key(&s.3));
        }
        if kept.is_empty() {
            kept = scored.iter().copied().filter(|s| about(s.3) && answers(s) && !part(s.3)).collect();
        }
        if !kept.is_empty() {
            *scored = kept;
        }
    }

    /// A later step whose summary names a run the chosen step's verdict lines show: that run's newer verdict.
    pub(super) fn verdict_followup(&self, step: i64, residual: &[bool]) -> Option<i64> {
        if !self.asks_verdict_now(residual) {
            return None;
        }
        let ids = &self.verdicts.get(&step)?.ids;
        self.entries.range(step + 1..).rev().find(|(_, e)| run_ids(&e.1).iter().any(|id| ids.iter().any(|x| x == id))).map(|(&s, _)| s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_status_row_starts_with_its_mark_and_a_listed_test_is_indented() {
        assert_eq!(status_mark("✓       Merge pull request #214 from quill-dev/feat/x  CI  main  push  9128001245"), Some(true));
        assert_eq!(status_mark("X       v0.8.0  release   v0.8.0  push   9127730015  2m09s"), Some(false));
        assert_eq!(status_mark("✓ build (ubuntu-latest) in 3m12s"), Some(true));
        assert_eq!(status_mark("  ✓ bucket returns retry when retry is empty (13 ms)"), None);
        assert_eq!(status_mark("X-Request-Id: 12"), None);
        assert_eq!(status_mark("X is not defined"), None);
        assert_eq!(status_mark("✓"), None);
    }

    #[test]
    fn a_tally_is_a_count_followed_by_a_verdict_and_a_flag_is_not() {
        for line in [
            "Tests:       188 passed, 188 total",
            "Test Suites: 1 failed, 23 passed, 24 total",
            "64 passed in 4.02s",
            "100% tests passed, 0 tests failed out of 51",
            "test cases: 6 | 5 passed | 1 failed",
            "  12 passing (3s)",
            "0/20 runs failed",
            "12/12 tests passed",
        ] {
            assert!(is_tally(line), "{line}");
        }
        #[cfg(ranked_v2)]
        for line in ["12 examples, 0 failures", "3 tests, 1 failure", "(500 runs, no failure)", "219 files inspected, no offenses detected", "0 issues.", "✖ 3 problems (3 errors, 0 warnings)"] {
            assert!(is_tally(line), "recall57: {line}");
        }
        for line in ["PASS src/chunk.rs (1.4 s)", "ctest --output-on-failure", "build passed", "error: 2 warnings emitted", "passed 3 checks", "runs failed", "1/ runs failed", "3/20 jobs done", "no passed checks"] {
            assert!(!is_tally(line), "{line}");
        }
    }

    #[test]
    fn a_command_with_more_words_in_order_runs_part_of_it() {
        assert!(narrows("pnpm --filter api test -- auth", "pnpm --filter api test"));
        assert!(narrows("ctest --preset host-tests -R test_crc32", "ctest --preset host-tests"));
        assert!(narrows("cd tools && pytest tests/test_cli_args.py -q", "cd tools && pytest -q"));
        assert!(!narrows("pnpm --filter api test", "pnpm --filter api test"));
        assert!(!narrows("pnpm --filter api test:cov", "pnpm --filter api test"));
        assert!(!narrows("cargo test --lib", "cargo test --doc"));
        assert!(!narrows("npx pnpm test", "pnpm test"));
    }

    #[test]
    fn a_command_is_a_run_and_a_file_read_edited_or_searched_is_not() {
        assert!(is_run("Bash: golangci-lint run ./..."));
        assert!(is_run("Bash: gh run list --limit 3"));
        assert!(!is_run("Read: /home/dev/kestrel/.github/workflows/ci.yml"));
        assert!(!is_run("Edit: /home/dev/kestrel/.github/workflows/ci.yml"));
        assert!(!is_run("Grep: golangci in ."));
        assert!(!is_run("Bash: grep -rn golangci ."));
    }

    #[test]
    fn a_run_is_named_by_a_long_number_not_by_a_count() {
        assert_eq!(run_ids("X  v0.8.0  release  push  9127730015  2m09s  3 minutes ago"), vec!["9127730015"]);
        assert!(run_ids("Tests: 188 passed, 188 total in 20917 ms").is_empty());
    }
}
