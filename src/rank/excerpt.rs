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

/// `ranked-v2` (`recall27`): the lines of a read of a file shown as its head ([`file_head`]): enough to say that it was
/// read again, and what it is.
#[cfg(ranked_v2)]
pub(super) const READ_HEAD_LINES: u32 = 3;

/// How far before a rollback its cause is looked for (steps), and at most how many of the cause's lines are shown.
pub(super) const CAUSE_BEFORE: i64 = 3;
pub(super) const CAUSE_LINES: usize = 4;

/// At most this many best lines of each (each shown with the [`LINES_AFTER`] lines after it). (Three until the
/// hook's text grew to 10,000 characters and questions about the present got lines too: two let more steps show
/// theirs, +1 on the seen recall sessions.)
pub(super) const LINES_PER_STEP: usize = 2;

/// How many lines after a best line are shown with it: a value is often on the line after its label, and an error's
/// details (`Lock Info:`, `Who:`) on the lines after it. (Two, not one, since `recall20`: measured on the seen recall
/// sessions, natively, +3 of 535 questions, none wrong; one before and one after +2, three after +2.)
pub(super) const LINES_AFTER: usize = 2;

/// How many lines before and after the lines of an excerpt it shows too when the host's text has room for them
/// (`recall22`, [`around`]; measured on the seen recall sessions, natively, with the hook's 10,000 characters: 720
/// -> 726 of 910, wrong 10 -> 8, none lost; 0 before and 2 after, or 1 and 2: 723; 2 and 4: 725; 3 and 6: 723 with
/// one wrong more). Without the host's cap they would push the steps after them out of its text (-7 to +2).
#[cfg(ranked_v2)]
pub(super) const AROUND_BEFORE: u32 = 1;
#[cfg(ranked_v2)]
pub(super) const AROUND_AFTER: u32 = 3;

/// The characters a host's header of a step's block takes besides its summary (an estimate: the step, the hash, the
/// tokens and the line numbers).
#[cfg(ranked_v2)]
pub const HEADER_CHARS: i64 = 120;

/// The characters a host's header of an excerpt takes (its summary cut to 100 characters, as the hook cuts it).
#[cfg(ranked_v2)]
pub fn header_chars(summary: &str) -> i64 {
    summary.encode_utf16().count().min(100) as i64 + HEADER_CHARS
}

/// The lines `shown` (0-based, ascending) with the [`AROUND_BEFORE`] lines before and the [`AROUND_AFTER`] lines
/// after each, within a content of `count` lines.
#[cfg(ranked_v2)]
pub fn around(shown: &[u32], count: usize) -> Vec<u32> {
    let last = count.saturating_sub(1) as u32;
    let mut lines: Vec<u32> = shown.iter().filter(|&&k| k <= last).flat_map(|&k| k.saturating_sub(AROUND_BEFORE)..=(k + AROUND_AFTER).min(last)).collect();
    lines.sort_unstable();
    lines.dedup();
    lines
}

/// The numbers (0-based, ascending) of the best lines, each with the [`LINES_AFTER`] lines after it: at most
/// [`LINES_PER_STEP`] best ones, each worth more than nothing by `worth`, the best first and, between equals, the
/// earliest.
pub(super) fn best_lines(per_line: &[Vec<(usize, u32)>], worth: impl Fn(&[(usize, u32)]) -> i64) -> Vec<u32> {
    best_lines_up_to(per_line, worth, LINES_PER_STEP)
}

/// [`best_lines`] with at most `most` best ones.
pub(super) fn best_lines_up_to(per_line: &[Vec<(usize, u32)>], worth: impl Fn(&[(usize, u32)]) -> i64, most: usize) -> Vec<u32> {
    let mut scored: Vec<(i64, usize)> = per_line.iter().enumerate().map(|(k, set)| (worth(set), k)).filter(|&(w, _)| w > 0).collect();
    scored.sort_unstable_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    let mut lines: Vec<u32> = Vec::new();
    for (_, k) in scored.into_iter().take(most) {
        for j in k..=(k + LINES_AFTER).min(per_line.len() - 1) {
            lines.push(j as u32);
        }
    }
    lines.sort_unstable();
    lines.dedup();
    lines
}

/// `ranked-v2` (`recall24`): at most this many lines a shown line's sentence runs on to ([`sentence_ends`]).
#[cfg(ranked_v2)]
pub(super) const SENTENCE_LINES: usize = 3;

/// `ranked-v2` (`recall24`): `lines` (ascending) with the lines that finish the sentence the last line of each run of
/// them breaks off (a commit message's or a note's paragraph wrapped at 80 columns: "…, so a slow carrier got" /
/// "three times the load…"): while a line of prose (sixty characters or more, five words of letters) ends in a word
/// or a comma and the next starts with a word in small letters, at most [`SENTENCE_LINES`] more.
#[cfg(ranked_v2)]
pub(super) fn sentence_ends(text: &str, lines: &[u32]) -> Vec<u32> {
    let all: Vec<&str> = text.lines().take(20_000).collect();
    let breaks_off = |k: usize| {
        let line = all[k].trim_end();
        let next = all.get(k + 1).map(|l| l.trim_start());
        // (Prose wrapped at a margin: sixty characters or more, five words of letters; the next line goes on with a
        // word, not a path or a number.)
        let word = |w: &str| w.trim_end_matches([',', '.', ';', ':']).chars().all(char::is_alphabetic);
        line.trim().chars().count() >= 60
            && line.split_whitespace().filter(|w| word(w)).count() >= 5
            && line.ends_with(|c: char| c.is_alphabetic() || c == ',')
            && next.and_then(|n| n.split_whitespace().next()).is_some_and(|w| word(w) && w.starts_with(char::is_lowercase))
    };
    let mut out: Vec<u32> = lines.to_vec();
    for (i, &k) in lines.iter().enumerate() {
        if lines.get(i + 1) == Some(&(k + 1)) {
            continue;
        }
        let mut at = k as usize;
        for _ in 0..SENTENCE_LINES {
            if at >= all.len() || !breaks_off(at) {
                break;
            }
            at += 1;
            out.push(at as u32);
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// `ranked-v2` (`recall56`): whether shown lines bring the rest of their table or block ([`block_ends`]).
#[cfg(ranked_v2)]
pub(super) const RECALL56_BLOCKS: bool = true;

/// `ranked-v2` (`recall56`): at most this many lines a shown line's block runs on to ([`block_ends`]).
#[cfg(ranked_v2)]
pub(super) const BLOCK_LINES: usize = 6;

/// `ranked-v2` (`recall56`): the most rows of a result table shown whole ([`block_ends`]): one, the value a query asks
/// for (`count`, `show max_connections`). (Measured on the seen recall sessions, natively: up to three or eight rows
/// show a plan's `EXPLAIN ANALYZE` table whole, whose room the steps ranked after it then lose: 1 and 2 fewer.)
#[cfg(ranked_v2)]
pub(super) const TABLE_ROWS: usize = 1;

/// `ranked-v2` (`recall56`): the text of a line without the line number a file read prints before it (`  47\t`).
#[cfg(ranked_v2)]
fn content_of(line: &str) -> &str {
    match line.split_once('\t') {
        Some((n, rest)) if !n.trim().is_empty() && n.trim().bytes().all(|b| b.is_ascii_digit()) => rest,
        _ => line,
    }
}

/// `ranked-v2` (`recall56`, `recall58`): whether a line's text (trimmed, without its read's line number) is a key with
/// nothing after its colon, which opens the block indented under it (`logging:`; not prose, `the limits are:`).
#[cfg(ranked_v2)]
fn opens_block(t: &str) -> bool {
    t.len() > 1 && t.ends_with(':') && !t.contains(' ')
}

/// `ranked-v2` (`recall58`): for each line of `text` (its first 20,000), the lines of the keys it is nested under: the
/// keys with nothing after their colon that open the indented blocks it is in (`sink:` / `  resources:` /
/// `    limits:` over `      memory: 2Gi`, also in a file read's numbered lines), and a TOML or INI `[section]` header
/// above it. A nested value is labelled by its whole path, never by its own key alone.
#[cfg(ranked_v2)]
pub(super) fn key_paths(text: &str) -> Vec<Vec<u32>> {
    let mut out: Vec<Vec<u32>> = Vec::new();
    // (The open keys, outermost first, with their indentation; a section header's is below any line's.)
    let mut open: Vec<(i64, u32)> = Vec::new();
    for (k, line) in text.lines().take(20_000).enumerate() {
        let own = content_of(line);
        let t = own.trim();
        if t.is_empty() {
            out.push(Vec::new());
            continue;
        }
        let indent = (own.len() - own.trim_start().len()) as i64;
        let section = indent == 0 && t.len() > 2 && t.starts_with('[') && t.ends_with(']') && !t.contains(' ') && t[1..t.len() - 1].bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.' | b'"'));
        if section {
            open.clear();
            out.push(Vec::new());
            open.push((-1, k as u32));
            continue;
        }
        while open.last().is_some_and(|&(i, _)| i >= indent) {
            open.pop();
        }
        out.push(open.iter().map(|&(_, l)| l).collect());
        if opens_block(t.strip_prefix("- ").unwrap_or(t)) {
            open.push((indent, k as u32));
        }
    }
    out
}

/// `ranked-v2` (`recall56`): the number of rows a result table's footer counts (`(1 row)`, `(12 rows)` of psql,
/// `(5 rows affected)` of sqlcmd).
#[cfg(ranked_v2)]
fn table_footer(line: &str) -> Option<usize> {
    let inner = line.trim().strip_prefix('(')?.strip_suffix(')')?;
    let inner = inner.strip_suffix(" affected").unwrap_or(inner);
    let (n, word) = inner.split_once(' ')?;
    matches!(word, "row" | "rows").then(|| n.parse().ok()).flatten()
}

/// `ranked-v2` (`recall56`): `lines` (ascending) with the rest of the table or block a shown line is part of, so that a
/// value is shown with its label: a result table of at most [`TABLE_ROWS`] rows (psql's header, its rule of dashes,
/// its row and its `(1 row)` footer: ` max_connections ` over ` 500`), whole; the lines of a block a shown key opens
/// (`logging:` over `  driver: json-file` / `  options:` / `    max-size: 100m`), at most [`BLOCK_LINES`] (not one a
/// brace opens: a JSON object of many keys, measured: one answer more wrong); and the `DETAIL:` / `HINT:` lines
/// Postgres prints after an error (`Key (user_id, listing_id)=(4, 9) is duplicated.`).
#[cfg(ranked_v2)]
pub(super) fn block_ends(text: &str, lines: &[u32]) -> Vec<u32> {
    let all: Vec<&str> = text.lines().take(20_000).collect();
    let rule = |l: &str| {
        let t = l.trim();
        t.len() >= 3 && t.contains("---") && t.bytes().all(|b| matches!(b, b'-' | b'+' | b' '))
    };
    let indent = |l: &str| l.len() - l.trim_start().len();
    let mut out: Vec<u32> = lines.to_vec();
    for &k in lines {
        let k = k as usize;
        // (A table: the first footer from this line on, whose row count puts its rule at most the rows above it.)
        if let Some((f, n)) = (k..all.len().min(k + TABLE_ROWS + 3)).find_map(|f| table_footer(all[f]).map(|n| (f, n))) {
            let d = f.checked_sub(n + 1);
            if let Some(d) = d.filter(|&d| d >= 1 && n <= TABLE_ROWS && rule(all[d]) && d - 1 <= k) {
                out.extend((d - 1..=f).map(|x| x as u32));
            }
        }
        // (A block: a key with nothing after its colon, and the lines indented under it.)
        let own = content_of(all[k]);
        let t = own.trim();
        if opens_block(t) {
            let base = indent(own);
            for (x, l) in all.iter().enumerate().skip(k + 1).take(BLOCK_LINES) {
                let c = content_of(l);
                if c.trim().is_empty() || indent(c) <= base {
                    break;
                }
                out.push(x as u32);
            }
        }
        // (Postgres' details of an error, on the lines right after it.)
        for (x, l) in all.iter().enumerate().skip(k + 1).take(2) {
            if !(l.contains("DETAIL:  ") || l.contains("HINT:  ")) {
                break;
            }
            out.push(x as u32);
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// `ranked-v2` (`recall27`): the head of a step that reads or edits a file, for a later pick none of whose lines shows
/// a word of the question: its first [`READ_HEAD_LINES`] lines, or [`EDIT_HEAD_LINES`] of an edit (the tool's line,
/// then the snippet it changed). `None` for any other step (a command's output: [`command_tail`]).
#[cfg(ranked_v2)]
pub(super) fn file_head(summary: &str) -> Option<Vec<u32>> {
    if summary.starts_with("Read: ") {
        Some((0..READ_HEAD_LINES).collect())
    } else if super::EDIT_TOOLS.iter().any(|p| summary.starts_with(p)) {
        Some((0..EDIT_HEAD_LINES).collect())
    } else {
        None
    }
}

/// `ranked-v2` (`recall28`): the lines of a command's output shown as its tail ([`command_tail`]).
#[cfg(ranked_v2)]
pub(super) const COMMAND_TAIL_LINES: u32 = 3;

/// `ranked-v2` (`recall28`): the tail of a command's output (or of any step that neither reads nor edits a file), for
/// a later pick none of whose lines shows a word of the question (picked by its summary, `php artisan serve` for "php
/// sürümü"): its last [`COMMAND_TAIL_LINES`] lines, where a run says how it ended. Measured on the seen recall
/// sessions, natively: 749 -> 753 of 910, none lost, none more wrong (its first lines instead: the same; whole, as
/// until `recall28`, its output took the room of the lines that answer). `None` for an empty output.
#[cfg(ranked_v2)]
pub(super) fn command_tail(text: &str) -> Option<Vec<u32>> {
    let count = text.lines().count() as u32;
    (count > 0).then(|| (count.saturating_sub(COMMAND_TAIL_LINES)..count).collect())
}

/// `ranked-v2` (`recall33`): `lines` with the last line of a run's output that gives its verdict (a tally, a status
/// row): a runner prints its outcome last (`100% tests passed, 0 tests failed out of 51`, `0/20 runs failed`), below
/// the lines that carry the question's words (each test's `PASS`).
#[cfg(ranked_v2)]
pub(super) fn with_verdict_line(text: &str, mut lines: Vec<u32>) -> Vec<u32> {
    if let Some((k, _)) = text.lines().enumerate().filter(|(_, l)| super::verdict::is_verdict_line(l)).last() {
        lines.push(k as u32);
        lines.sort_unstable();
        lines.dedup();
    }
    lines
}

/// `ranked-v2` (`recall35`): the key of a line that sets or shows a value (`"BillingMode": "PROVISIONED"`,
/// `max_connections = 32`, `maxmemory-policy: volatile-lru`, `- name: x`), lowercase, its letters and digits only
/// (`maxmemory_policy` and `maxmemory-policy` are one key); `None` for a heading (`redisConfigs:`), a time (`07:08:44`),
/// a line of prose.
#[cfg(ranked_v2)]
pub(super) fn line_key(line: &str) -> Option<String> {
    let t = line.trim_start().trim_start_matches(['-', ' ', '"', '\'']);
    let end = t.find([':', '='])?;
    let raw = t[..end].trim().trim_end_matches(['"', '\'']);
    if raw.len() < 3 || !raw.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.')) || !raw.as_bytes()[0].is_ascii_alphabetic() {
        return None;
    }
    // (A value after it, not a heading such as `redisConfigs:`.)
    let rest = t[end + 1..].trim().trim_start_matches(['=', ' ']);
    if rest.is_empty() || rest == "{" || rest == "[" {
        return None;
    }
    Some(raw.bytes().filter(u8::is_ascii_alphanumeric).map(|b| b.to_ascii_lowercase() as char).collect())
}

/// `ranked-v2` (`recall35`): `lines` with at most `most` more lines of `text` whose key ([`line_key`]) is one of `keys`.
#[cfg(ranked_v2)]
pub(super) fn with_key_lines(text: &str, lines: Vec<u32>, keys: &[&str], most: usize) -> Vec<u32> {
    let more: Vec<u32> = text
        .lines()
        .enumerate()
        .filter(|(k, l)| !lines.contains(&(*k as u32)) && line_key(l).is_some_and(|key| keys.contains(&key.as_str())))
        .map(|(k, _)| k as u32)
        .take(most)
        .collect();
    with_lines(lines, more)
}

/// `ranked-v2` (`recall27`): at most this many best lines of a large first pick shown as its lines (in a prompt of
/// several clauses about the past): three times a step's, for a step that would have been shown whole.
#[cfg(ranked_v2)]
pub(super) const LARGE_PICK_LINES: usize = 6;

/// How many of the selection's picks are shown whole (`recall19`): each later one, and each the budget left out, as
/// its best lines ([`pick_lines`]), where those show what it was picked for (`recall26`: and where they do not, its
/// best lines all the same, when one shows a word of the question). (Measured on the seen recall sessions,
/// natively: 2 against all whole, 436 -> 449 of 535 questions, wrong 3 -> 1; 1, before the check of what the lines
/// show, lost 6 of 446 and made 11 more wrong: a clause's first pick often needs more than its best lines.)
pub(super) const WHOLE_PICKS: usize = 2;

/// The lines a pick is shown as instead of whole: its best lines ([`best_lines`]) and, for a failure, its last error
/// lines ([`failure_lines`]); `None` when they do not show every slot it was picked for (`matched`, by slot name: a
/// pick made by its summary or a command, whose lines need not show its words; a first pick is then shown whole, a
/// later one as its best lines or, without any, its head or its last lines: [`file_head`], [`command_tail`]).
pub(super) fn pick_lines(text: &str, per_line: &[Vec<(usize, u32)>], worth: impl Fn(&[(usize, u32)]) -> i64, matched: &[String], names: &[String], failed: bool, most: usize) -> Option<Vec<u32>> {
    let lines = best_lines_up_to(per_line, worth, most);
    let shown: Vec<&str> = lines.iter().filter_map(|&k| per_line.get(k as usize)).flatten().filter(|(_, q)| *q > 0).map(|(i, _)| names[*i].as_str()).collect();
    if lines.is_empty() || !matched.iter().all(|m| shown.contains(&m.as_str())) {
        return None;
    }
    let lines = if failed { with_lines(lines, failure_lines(text)) } else { lines };
    #[cfg(ranked_v2)]
    let lines = sentence_ends(text, &lines);
    #[cfg(ranked_v2)]
    let lines = if RECALL56_BLOCKS { block_ends(text, &lines) } else { lines };
    Some(lines)
}

/// The numbers (0-based, ascending) of the last lines of a failure's output that say what went wrong, at most
/// [`CAUSE_LINES`]: [`super::concepts::ERROR`]'s markers, and the forms of other tools (`ERROR:` of Postgres,
/// `error:` of a compiler, `fatal`, `panic`, an exception, `failed`), which the concept's markers, written to
/// score a line, leave out.
pub(super) fn failure_lines(text: &str) -> Vec<u32> {
    failure_lines_up_to(text, CAUSE_LINES)
}

/// Whether a line says what went wrong ([`failure_lines`]' lines).
pub fn says_what_failed(line: &str) -> bool {
    let low = line.to_ascii_lowercase();
    super::concepts::shows(line, super::concepts::ERROR) || ["error:", "error[", "exception", "failed", "fatal", "panic"].iter().any(|m| low.contains(m))
}

/// Lines and more lines, ascending, each once.
pub(super) fn with_lines(mut lines: Vec<u32>, more: Vec<u32>) -> Vec<u32> {
    lines.extend(more);
    lines.sort_unstable();
    lines.dedup();
    lines
}

/// The first of a failure's lines ([`failure_lines`]) and its last `most`: a compiler or a table of errors says what
/// went wrong first, a traceback last.
pub(super) fn first_and_last_failure_lines(text: &str, most: usize) -> Vec<u32> {
    let all = failure_lines_up_to(text, usize::MAX);
    let mut lines: Vec<u32> = all.first().into_iter().chain(&all[all.len().saturating_sub(most)..]).copied().collect();
    lines.dedup();
    lines
}

/// The last at most `most` of a failure's lines ([`failure_lines`]).
pub(super) fn failure_lines_up_to(text: &str, most: usize) -> Vec<u32> {
    let mut lines: Vec<u32> = text.lines().enumerate().filter(|(_, l)| says_what_failed(l)).map(|(k, _)| k as u32).collect();
    lines.drain(..lines.len().saturating_sub(most));
    lines
}

/// At most this many lines a command's own filter kept ([`filtered_lines`]). (Measured on the seen recall sessions,
/// natively: one, 731 -> 733 of 910, none lost; two: 732; three: 731, two gained and two lost: each line more
/// pushes the steps after it out of the hook's text.)
#[cfg(ranked_v2)]
pub(super) const FILTERED_LINES: usize = 1;

/// `recall23`: the numbers (0-based, ascending) of the first lines of a step's text that hold what its command
/// filtered for (`… | grep 'All files'`, `grep -m3 -i route53`, `grep -E 'ERROR|FATAL'`): the lines it was run to
/// see, whatever words the question uses. At most [`FILTERED_LINES`]; none when the summary has no `grep` with a
/// pattern of plain text (three characters or more an alternative; regular expressions' anchors are dropped).
#[cfg(ranked_v2)]
pub(super) fn filtered_lines(summary: &str, text: &str) -> Vec<u32> {
    let Some(at) = summary.find("grep ").filter(|&k| k == 0 || !summary.as_bytes()[k - 1].is_ascii_alphanumeric()) else { return Vec::new() };
    let mut rest = summary[at + 5..].trim_start();
    let mut fold_case = false;
    // (Flags, perhaps with a number: `-m3`, `-A 12`, `-i`, `-E`.)
    while let Some(flag) = rest.strip_prefix('-') {
        let end = flag.find(' ').unwrap_or(flag.len());
        fold_case |= !flag.starts_with('-') && flag[..end].contains('i');
        rest = flag[end..].trim_start();
        if matches!(flag.as_bytes().get(end.wrapping_sub(1)), Some(b'A' | b'B' | b'C' | b'm')) {
            rest = rest.trim_start_matches(|c: char| c.is_ascii_digit()).trim_start();
        }
    }
    let pattern = match rest.chars().next() {
        Some(q @ ('\'' | '"')) => rest[1..].split(q).next().unwrap_or(""),
        _ => rest.split([' ', '|']).next().unwrap_or(""),
    };
    let plain = |c: char| c.is_ascii_alphanumeric() || " _:./=-".contains(c);
    let alternatives: Vec<String> = pattern
        .split('|')
        .map(|a| a.trim_start_matches('^').trim_end_matches('$').replace("\\b", ""))
        .filter(|a| a.chars().count() >= 3 && a.chars().all(plain))
        .map(|a| if fold_case { a.to_ascii_lowercase() } else { a })
        .collect();
    if alternatives.is_empty() {
        return Vec::new();
    }
    text.lines()
        .enumerate()
        .filter(|(_, l)| {
            let l = if fold_case { l.to_ascii_lowercase() } else { l.to_string() };
            alternatives.iter().any(|a| l.contains(a.as_str()))
        })
        .map(|(k, _)| k as u32)
        .take(FILTERED_LINES)
        .collect()
}

/// Whether a step's summary rolls a release back (`kubectl rollout undo`, `helm rollback`, `vercel rollback`; `recall19`:
/// a migration's `alembic downgrade`): its output says what is live again, not why.
pub(super) fn rolls_back(summary: &str) -> bool {
    let s = summary.to_ascii_lowercase();
    s.contains("rollout undo") || s.contains("rollback") || s.contains("roll back") || s.contains(" downgrade ")
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

/// How far after a failure the step that looks where it points (reads the file of a stack frame, resolves an address)
/// is looked for, and of how many of the best candidates.
pub(super) const ORIGIN_AFTER: i64 = 4;
pub(super) const ORIGIN_OF: usize = 4;

/// The places a failure's text points at as `path:LINE` (a stack frame, a Sentry culprit, a compiler's location):
/// the path (with an extension) and the line, at most 16, in order.
pub(super) fn pointed_places(text: &str) -> Vec<(&str, u32)> {
    let mut out: Vec<(&str, u32)> = Vec::new();
    let token_byte = |c: char| c.is_ascii_alphanumeric() || matches!(c, '/' | '.' | '_' | '-' | ':');
    for token in text.split(|c: char| !token_byte(c)) {
        let mut parts = token.split(':');
        let (Some(path), Some(line)) = (parts.next(), parts.next()) else { continue };
        let name = path.rsplit('/').next().unwrap_or(path);
        let extension = name.rsplit_once('.').is_some_and(|(stem, ext)| !stem.is_empty() && (1..=5).contains(&ext.len()) && ext.bytes().all(|b| b.is_ascii_alphabetic()));
        let Ok(line) = line.parse::<u32>() else { continue };
        if extension && line > 0 && !out.contains(&(path, line)) {
            out.push((path, line));
            if out.len() == 16 {
                break;
            }
        }
    }
    out
}

/// The hex addresses a failure's text shows (`0x08004a1c`: a crash's program counter, a fault address), at most 16.
pub(super) fn pointed_addresses(text: &str) -> Vec<&str> {
    let mut out: Vec<&str> = Vec::new();
    for token in text.split(|c: char| !c.is_ascii_alphanumeric()) {
        let hex = token.strip_prefix("0x").is_some_and(|h| h.len() >= 6 && h.bytes().all(|b| b.is_ascii_hexdigit()));
        if hex && !out.contains(&token) {
            out.push(token);
            if out.len() == 16 {
                break;
            }
        }
    }
    out
}

/// The numbers (0-based) of the line a file read numbers `line` (`Read` prints `  58\t…` or `  58→…`) and of the
/// lines on either side of it; none when the read does not show that line.
pub(super) fn numbered_line(text: &str, line: u32) -> Vec<u32> {
    let number = line.to_string();
    let at = text.lines().position(|l| {
        let l = l.trim_start();
        l.strip_prefix(number.as_str()).is_some_and(|rest| rest.starts_with('\t') || rest.starts_with('→'))
    });
    let count = text.lines().count() as u32;
    at.map(|k| (k as u32).saturating_sub(1)..=(k as u32 + 1).min(count.saturating_sub(1))).map(|r| r.collect()).unwrap_or_default()
}

/// Whether two paths name the same file, one of them perhaps relative to a folder of the other
/// (`/home/dev/app/src/pricing/price.service.ts`, `src/pricing/price.service.ts`; not `service.ts`).
pub(super) fn same_file(a: &str, b: &str) -> bool {
    let (long, short) = if a.len() >= b.len() { (a, b) } else { (b, a) };
    !short.is_empty() && (long == short || long.strip_suffix(short).is_some_and(|head| head.ends_with('/')))
}

/// The numbers (0-based) of the lines of a text that name a place `path:LINE` (what `addr2line` or a symbolizer
/// prints for an address), at most [`CAUSE_LINES`].
pub(super) fn place_lines(text: &str) -> Vec<u32> {
    text.lines().enumerate().filter(|(_, l)| !pointed_places(l).is_empty()).map(|(k, _)| k as u32).take(CAUSE_LINES).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(ranked_v2)]
    #[test]
    fn a_line_that_sets_or_shows_a_value_has_a_key_and_a_heading_a_time_or_prose_has_none() {
        assert_eq!(line_key(r#"        "BillingMode": "PROVISIONED","#).as_deref(), Some("billingmode"));
        assert_eq!(line_key("max_connections = 32").as_deref(), Some("maxconnections"));
        assert_eq!(line_key("  maxmemory-policy: volatile-lru"), line_key("maxmemory_policy:allkeys-lru"));
        assert_eq!(line_key("  - name: max_connections").as_deref(), Some("name"));
        for line in ["redisConfigs:", "  \"Table\": {", "07:08:44 worker started", "2026-12-04T07:08:44Z INFO ready", "we raised it: the pool was too small", "x: 1"] {
            assert_eq!(line_key(line), None, "{line}");
        }
    }


    #[cfg(ranked_v2)]
    #[test]
    fn recall58_a_line_is_nested_under_the_keys_of_the_blocks_it_is_in_and_its_section() {
        let yaml = "  1\tsink:\n  2\t  resources:\n  3\t    limits:\n  4\t      memory: 2Gi\n  5\t\n  6\t  replicas: 8\n  7\tingest:\n  8\t  - name: api\n  9\t    port: 8080";
        assert_eq!(key_paths(yaml), vec![vec![], vec![0], vec![0, 1], vec![0, 1, 2], vec![], vec![0], vec![], vec![6], vec![6]]);
        // (A key with a value after its colon opens nothing, nor does prose that ends in a colon.)
        assert_eq!(key_paths("replicas: 8\n  note\nthe limits are:\n  60 per minute"), vec![vec![], vec![], vec![], vec![]]);
        // (A section header: every line up to the next one.)
        assert_eq!(key_paths("[package]\nname = \"sink\"\n[dependencies]\naxum = \"0.8.1\"\n  # pinned"), vec![vec![], vec![0], vec![], vec![2], vec![2]]);
    }

    #[cfg(ranked_v2)]
    #[test]
    fn recall56_a_shown_line_brings_its_one_row_table_its_block_and_its_error_details() {
        // A one-row psql result shown from its header: its value and footer too.
        let table = "noise\n max_connections \n-----------------\n 500\n(1 row)\nnoise";
        assert_eq!(block_ends(table, &[1]), vec![1, 2, 3, 4]);
        // (From its value: its header and rule.)
        assert_eq!(block_ends(table, &[3]), vec![1, 2, 3, 4]);
        // Not a table of more rows (an `EXPLAIN ANALYZE` plan).
        let plan = " QUERY PLAN\n------------\n Seq Scan on slots\n Execution Time: 38.117 ms\n(2 rows)";
        assert_eq!(block_ends(plan, &[0]), vec![0]);
        // A key that opens a block in a file read: the lines indented under it, numbered as the read prints them.
        let yaml = "  46\t# docker's json-file driver never rotates\n  47\tlogging:\n  48\t  driver: json-file\n  49\t  options:\n  50\t    max-size: 100m\n  51\tproxy:\n  52\t  ssl: true";
        assert_eq!(block_ends(yaml, &[0, 1]), vec![0, 1, 2, 3, 4]);
        // Not a brace's object, nor a line of prose that ends in a colon.
        assert_eq!(block_ends("{\n  \"a\": 1\n}", &[0]), vec![0]);
        assert_eq!(block_ends("the limits are:\n  60 per minute", &[0]), vec![0]);
        // Postgres' details of an error.
        let err = " ERROR PG::UniqueViolation: ERROR:  could not create unique index\n ERROR DETAIL:  Key (user_id, listing_id)=(48211, 903114) is duplicated.\n ERROR (SSHKit::Command::Failed)";
        assert_eq!(block_ends(err, &[0]), vec![0, 1]);
        // A pick shown as its lines shows the block its best line opens.
        let per_line: Vec<Vec<(usize, u32)>> = (0..7).map(|k| if k == 1 { vec![(0, 16)] } else { Vec::new() }).collect();
        let worth = |set: &[(usize, u32)]| set.iter().map(|&(_, q)| i64::from(q)).sum::<i64>();
        let names = vec!["logging".to_string()];
        assert_eq!(pick_lines(yaml, &per_line, worth, &names, &names, false, 2), Some(vec![1, 2, 3, 4]));
    }

    #[cfg(ranked_v2)]
    #[test]
    fn a_shown_line_that_breaks_off_a_sentence_is_shown_with_the_rest_of_it() {
        let text = "[main 5e0c2b8] istio: fewer retries\n\nThe mesh retried Quote on deadline-exceeded, so a slow carrier got\nthree times the load exactly when it was already slow (3.07x per call).\nRetry only what is safe.\nand then the build step wrote the whole of the size report out to\ndist/report.txt\nthe sizes of all of the chunks that the bundler wrote out are these\n1.2 kB\n  worker heartbeat ok, queue depth 3, latency 12 ms\n  worker heartbeat ok";
        // (Line 2 breaks off at "got"; line 3 ends the sentence.)
        assert_eq!(sentence_ends(text, &[2]), vec![2, 3]);
        // (A line that ends in a full stop is a whole sentence.)
        assert_eq!(sentence_ends(text, &[4]), vec![4]);
        // (Tool output goes on with a path or a number, not a word: no sentence to finish.)
        assert_eq!(sentence_ends(text, &[5]), vec![5]);
        assert_eq!(sentence_ends(text, &[7]), vec![7]);
        // (Nor is a short log line wrapped prose.)
        assert_eq!(sentence_ends(text, &[9]), vec![9]);
    }

    #[cfg(ranked_v2)]
    #[test]
    fn around_adds_a_line_before_and_three_after_each_shown_line_within_the_content() {
        assert_eq!(around(&[0, 1, 2], 10), vec![0, 1, 2, 3, 4, 5]);
        assert_eq!(around(&[5], 7), vec![4, 5, 6]);
        assert_eq!(around(&[2, 9], 20), vec![1, 2, 3, 4, 5, 8, 9, 10, 11, 12]);
    }

    #[test]
    fn the_best_lines_come_in_content_order_with_the_lines_after_each_and_equals_go_to_the_earliest() {
        let per_line = vec![vec![(0, 16)], vec![], vec![], vec![], vec![(0, 16), (1, 16)], vec![(0, 16)], vec![(0, 16)], vec![], vec![(1, 8)]];
        let worth = |set: &[(usize, u32)]| set.iter().map(|&(_, q)| i64::from(q)).sum();
        // Lines 4 and 0 (0, 5 and 6 are equals), each with the two lines after it.
        assert_eq!(best_lines(&per_line, worth), vec![0, 1, 2, 4, 5, 6]);
        // The last line has no line after it.
        assert_eq!(best_lines(&[vec![], vec![(0, 16)]], worth), vec![1]);
    }

    #[test]
    fn a_pick_is_shown_as_lines_only_where_they_show_every_word_it_was_picked_for() {
        let names = vec!["migration".to_string(), "staging".to_string()];
        let worth = |set: &[(usize, u32)]| set.iter().map(|&(_, q)| i64::from(q)).sum();
        let text = "Applying migration 0007_enum on staging\nok\nfiller\nfiller";
        let per_line = vec![vec![(0, 16), (1, 16)], vec![], vec![], vec![]];
        let matched = names.clone();
        assert_eq!(pick_lines(text, &per_line, worth, &matched, &names, false, LINES_PER_STEP), Some(vec![0, 1, 2]));
        // Picked for "migration" by its command (`npm run migrate`): no line of its output says it, so not as its best
        // lines.
        let per_line = vec![vec![(1, 16)], vec![], vec![], vec![]];
        assert_eq!(pick_lines(text, &per_line, worth, &matched, &names, false, LINES_PER_STEP), None);
        assert_eq!(pick_lines(text, &[vec![], vec![], vec![], vec![]], worth, &matched, &names, false, LINES_PER_STEP), None);
    }

    #[test]
    fn a_failed_pick_shown_as_lines_gets_its_last_error_lines_in_any_tools_form() {
        let names = vec!["enum".to_string()];
        let worth = |set: &[(usize, u32)]| set.iter().map(|&(_, q)| i64::from(q)).sum();
        let text = "Applying migration `order_status_enum`\nError: P3018\nfiller\nfiller\nDatabase error:\nERROR: invalid input value for enum \"OrderStatus\"\nfiller";
        let mut per_line = vec![Vec::new(); 7];
        per_line[0] = vec![(0, 16)];
        assert_eq!(pick_lines(text, &per_line, worth, &names, &names, true, LINES_PER_STEP), Some(vec![0, 1, 2, 4, 5]));
        assert_eq!(pick_lines(text, &per_line, worth, &names, &names, false, LINES_PER_STEP), Some(vec![0, 1, 2]));
    }

    #[test]
    fn a_rollbacks_cause_is_its_last_failure_lines_and_only_a_rollback_has_one() {
        assert!(rolls_back("Bash: kubectl -n relay rollout undo deploy/relayd"));
        assert!(rolls_back("Bash: helm rollback api 41"));
        assert!(!rolls_back("Bash: git revert 4c1d9e2"));
        assert!(rolls_back("Bash: poetry run alembic -x env=staging downgrade 5d0b77e1c2a4"));
        assert!(!rolls_back("Bash: pip install --upgrade pip"));
        let log = "Traceback (most recent call last):\n  File \"utils.py\", line 105\ndjango.db.utils.ProgrammingError: column x does not exist\n[ERROR] Worker exited\n[ERROR] Shutting down\nWarning Unhealthy Readiness probe failed: timeout\n[error-6] POST /api/v1/worker/280 201\ninfo view error queued";
        // The last four lines that show a failure; not a line that only says the word "error".
        assert_eq!(trouble_lines(log), vec![2, 3, 4, 5]);
        assert!(trouble_lines("deployment.apps/relayd image updated\nok 0.4s").is_empty());
    }

    #[test]
    fn a_failure_points_at_file_lines_and_addresses_and_a_read_shows_the_numbered_line() {
        let sentry = "| LARKSPUR-API-3F2 | TypeError: Cannot read properties of undefined (reading 'currency') | 412 | apps/api/src/pricing/price.service.ts:58   |\n    at CheckoutPage (app/checkout/page.tsx:42:17)\n[api-3] GET /api/v1/cart 200 31ms";
        assert_eq!(pointed_places(sentry), vec![("apps/api/src/pricing/price.service.ts", 58), ("app/checkout/page.tsx", 42)]);
        // Not a time, a URL's port or a ratio.
        assert!(pointed_places("at 09:41:07 GET http://localhost:3000/api 2:1").is_empty());
        assert_eq!(pointed_addresses("HardFault PC=0x08004a1c LR=0x08004b57 CFSR=0x8200 id=0xdeadbeefcafe"), vec!["0x08004a1c", "0x08004b57", "0xdeadbeefcafe"]);
        let read = "  56\t  async total(cart) {\n  57\t    const subtotal = sum(cart);\n  58\t    const currency = cart.region.currency;\n  59\t    return subtotal;";
        assert_eq!(numbered_line(read, 58), vec![1, 2, 3]);
        assert_eq!(numbered_line(read, 56), vec![0, 1]);
        assert!(numbered_line(read, 5).is_empty() && numbered_line("no numbers here", 58).is_empty());
        assert!(same_file("/home/dev/app/src/pricing/price.service.ts", "src/pricing/price.service.ts"));
        assert!(!same_file("/home/dev/app/src/pricing/price.service.ts", "service.ts") && !same_file("a/b.ts", "c/b.ts"));
        assert_eq!(place_lines("Bmi270::readFifo()\nsrc/sensors/bmi270.cpp:212\nisr()\nsrc/board/isr.cpp:40"), vec![1, 3]);
    }

    #[cfg(ranked_v2)]
    #[test]
    fn the_lines_a_command_filtered_for_are_those_with_its_grep_pattern_in_its_case() {
        let text = "PASS apps/api/src/a.spec.ts\nAll files   |   82.41 |   71.05\nall files again\nroute53 denied\nRoute53 denied twice";
        assert_eq!(filtered_lines("Bash: pnpm --filter api test:cov | grep 'All files'", text), vec![1]);
        // `-i` folds case, a count flag's number is no pattern, and the first match is the one shown.
        assert_eq!(filtered_lines("Bash: kubectl logs deploy/cert-manager | grep -m 3 -i ROUTE53 (failed)", text), vec![3]);
        assert_eq!(filtered_lines("Bash: journalctl -u api | grep -E 'ERROR|denied twice'", text), vec![4]);
        // No grep, a pattern of regular expression only, or a word that only ends in "grep".
        assert!(filtered_lines("Bash: pnpm test", text).is_empty());
        assert!(filtered_lines("Bash: logs | grep -E '^[0-9]+$'", text).is_empty());
        assert!(filtered_lines("Bash: pgrep files", text).is_empty());
    }

    #[test]
    fn a_line_worth_nothing_is_never_shown() {
        let per_line = vec![vec![], vec![(0, 0)], vec![]];
        assert!(best_lines(&per_line, |set: &[(usize, u32)]| set.iter().map(|&(_, q)| i64::from(q)).sum()).is_empty());
    }
}
