//! Extraction of identifiers, files, commands and errors (spec §4.3–4.7), reproducing Python `re.findall`
//! with its alternation order and quirks (`package.json` → `package.js`) under `ipcf-projection-v2`.
//!
//! No regex engine: each pattern has a hand-written scanner that returns exactly what CPython's backtracking
//! matcher returns (leftmost start, then the first successful path in backtracking order), in linear time.
//! The comments on each scanner derive why the shortcuts are equivalent to the backtracking search.

use std::collections::BTreeSet;

use crate::hash::FastSet;
use crate::text::{fold_token, is_digit, is_space, is_stopword, is_word, nfc, strip};

/// `_extract_identifiers(text)`: sorted, deduplicated, folded, stopwords removed. NFC is applied inside.
pub fn identifiers(text: &str) -> Vec<String> {
    identifiers_of_nfc(&nfc(text))
}

/// [`identifiers`] of a text already in NFC (a fold's normalised text: NFC twice over a megabyte is not free).
pub fn identifiers_of_nfc(text_nfc: &str) -> Vec<String> {
    // Deduplicate the raw matches before folding: a long payload repeats its words many times.
    let mut raw: FastSet<&str> = FastSet::default();
    for_each_identifier_match(text_nfc, |m| {
        raw.insert(m);
    });
    // Sorted and deduplicated, as a `BTreeSet<String>` would give them.
    let mut folded: Vec<String> = raw.into_iter().map(fold_token).collect();
    folded.sort_unstable();
    folded.dedup();
    folded.retain(|t| !is_stopword(t));
    folded
}

/// The raw matches of the identifier regex over `NFC(text)`, in order (for vectors and debugging).
pub fn identifier_matches(text_nfc: &str) -> Vec<String> {
    let mut matches = Vec::new();
    for_each_identifier_match(text_nfc, |m| matches.push(m.to_owned()));
    matches
}

/// Calls `found` with each match of `\b[^\W\d]\w{2,}\b|\b[0-9]{3,}\b`, in order.
///
/// The pattern can only start where a `\w`-run starts (`\b` before a `\w` char) and, as both quantifiers are
/// greedy and must end at `\b`, only match the whole run. So a run matches iff it has ≥ 3 chars and either its
/// first char is not Nd, or it is all ASCII digits (`3000ms`, `1e9`, `١٢٣` give nothing).
fn for_each_identifier_match<'a>(text_nfc: &'a str, mut found: impl FnMut(&'a str)) {
    let bytes = text_nfc.as_bytes();
    let n = bytes.len();
    let mut i = 0;
    while i < n {
        // Skip to the start of a `\w` run (ASCII bytes classified directly, other chars decoded).
        let b = bytes[i];
        if b < 0x80 {
            if !(b.is_ascii_alphanumeric() || b == b'_') {
                i += 1;
                continue;
            }
        } else {
            let c = text_nfc[i..].chars().next().unwrap_or('\0');
            if !is_word(c) {
                i += c.len_utf8();
                continue;
            }
        }
        let start = i;
        let first_is_digit = if b < 0x80 { b.is_ascii_digit() } else { is_digit(text_nfc[i..].chars().next().unwrap_or('\0')) };
        let mut all_ascii_digits = true;
        let mut run_chars = 0usize;
        while i < n {
            let b = bytes[i];
            if b < 0x80 {
                if !(b.is_ascii_alphanumeric() || b == b'_') {
                    break;
                }
                all_ascii_digits &= b.is_ascii_digit();
                i += 1;
            } else {
                let c = text_nfc[i..].chars().next().unwrap_or('\0');
                if !is_word(c) {
                    break;
                }
                all_ascii_digits = false;
                i += c.len_utf8();
            }
            run_chars += 1;
        }
        if run_chars >= 3 && (!first_is_digit || all_ascii_digits) {
            found(&text_nfc[start..i]);
        }
    }
}

/// A text as a slice of units: bytes when it is all ASCII (one byte per char), chars otherwise.
trait Unit: Copy {
    fn ch(self) -> char;
}

impl Unit for u8 {
    #[inline(always)]
    fn ch(self) -> char {
        char::from(self)
    }
}

impl Unit for char {
    #[inline(always)]
    fn ch(self) -> char {
        self
    }
}

/// Run `f` over the text's units (bytes if ASCII, else chars): the scanners index by char position.
macro_rules! with_units {
    ($text:expr, $f:ident) => {
        if $text.is_ascii() {
            $f($text.as_bytes())
        } else {
            $f(&$text.chars().collect::<Vec<char>>())
        }
    };
}

/// Extensions of the second files alternative, in pattern order (the first that is a prefix wins).
const FILE_EXTS: [&str; 14] =
    ["py", "js", "ts", "json", "md", "sql", "sh", "yml", "yaml", "html", "css", "rs", "go", "cs"];

/// `_extract_files(text)`: sorted, deduplicated, backslashes turned into `/`. No NFC inside.
///
/// Pattern: `(?:[\w.-]+[/\\])+[\w.-]+\.[a-zA-Z0-9]+|[\w.-]+\.(?:py|js|…|cs)`. Call a maximal run of `[\w.-]`
/// chars a *segment*; segments joined by exactly one `/` or `\` form a *chain*. Because `[\w.-]` and `[/\\]` are
/// disjoint, every `[\w.-]+` that is followed by a separator must take its whole segment, so from any start `p`
/// inside segment `i`, alternative 1 tries "tail = segment k" for k = last … i+1 (greedy outer `+` gives back
/// iterations one by one) and the tail succeeds iff segment k has a `.` after its first char followed by an ASCII
/// alphanumeric; the match then ends after the alphanumerics behind the *last* such dot (greedy `[\w.-]+`).
/// Hence alternative 1 succeeds from any `p` in segment `i` iff a later segment of the chain has such a dot, and
/// it always ends in the last one: one walk per chain. Alternative 2 ends at the last dot of the segment that is
/// after `p` and followed by an extension prefix; if that fails at the first tried `p` of a segment, it fails for
/// every later `p` of the segment, so the scan moves on to the next segment.
pub fn files(text: &str) -> Vec<String> {
    with_units!(text, files_in)
}

fn files_in<C: Unit>(chars: &[C]) -> Vec<String> {
    let n = chars.len();
    let in_segment = |i: usize| i < n && (is_word(chars[i].ch()) || chars[i].ch() == '.' || chars[i].ch() == '-');
    let is_separator = |i: usize| i < n && matches!(chars[i].ch(), '/' | '\\');
    let segment_end = |mut i: usize| {
        while in_segment(i) {
            i += 1;
        }
        i
    };
    let mut found = BTreeSet::new();
    let mut chain_walked_until = 0; // alternative 1 is already known to fail for starts before this
    let mut p = 0;
    while p < n {
        if !in_segment(p) {
            p += 1;
            continue;
        }
        let end = segment_end(p);
        let mut match_end = None;
        if p >= chain_walked_until {
            let mut q = end;
            while is_separator(q) && in_segment(q + 1) {
                let tail_end = segment_end(q + 1);
                match_end = path_tail_end(&chars[q + 1..tail_end]).map(|e| q + 1 + e).or(match_end);
                q = tail_end;
            }
            chain_walked_until = q;
        }
        match_end = match_end.or_else(|| ext_end(&chars[p..end]).map(|e| p + e));
        match match_end {
            Some(e) => {
                found.insert(chars[p..e].iter().map(|&c| if c.ch() == '\\' { '/' } else { c.ch() }).collect::<String>());
                p = e;
            }
            None => p = end,
        }
    }
    found.into_iter().collect()
}

/// End of `[\w.-]+\.[a-zA-Z0-9]+` matched from the start of a segment: the last dot after the first char that is
/// followed by an ASCII alphanumeric, plus all alphanumerics after it.
fn path_tail_end<C: Unit>(segment: &[C]) -> Option<usize> {
    let dot = (1..segment.len().saturating_sub(1))
        .rev()
        .find(|&d| segment[d].ch() == '.' && segment[d + 1].ch().is_ascii_alphanumeric())?;
    Some(dot + 1 + segment[dot + 1..].iter().take_while(|c| c.ch().is_ascii_alphanumeric()).count())
}

/// End of `[\w.-]+\.(?:py|js|…)` matched from the start of `segment`: the last dot after the first char followed by
/// an extension, taking the first extension in pattern order that is a prefix (`.json` → `js`).
fn ext_end<C: Unit>(segment: &[C]) -> Option<usize> {
    (1..segment.len()).rev().filter(|&d| segment[d].ch() == '.').find_map(|d| {
        let rest = &segment[d + 1..];
        let ext =
            FILE_EXTS.iter().find(|ext| ext.len() <= rest.len() && ext.chars().zip(rest).all(|(a, &b)| a == b.ch()))?;
        Some(d + 1 + ext.len())
    })
}

/// `_extract_commands(text)`: sorted, deduplicated, stripped, empties dropped.
///
/// Pattern (MULTILINE): `^\s*(?:\$|>)\s*([a-zA-Z0-9_.-]+(?:\s+[^;\n\r]+)?)`. `\s*` before `$`/`>` and before the
/// name must be maximal (a shorter one leaves a space where `$`, `>` or a name char is needed), and so must the
/// name. The optional group takes all following whitespace, then `[^;\n\r]+` up to the next `;`, `\n`, `\r`; if
/// that is empty, `\s+` gives back chars until one of them can start `[^;\n\r]+` (only a non-newline space can).
/// A failed attempt at a line start depends only on where its leading `\s*` ends, so every line start inside
/// that whitespace fails too and is skipped, which keeps the scan linear.
pub fn commands(text: &str) -> Vec<String> {
    with_units!(text, commands_in)
}

fn commands_in<C: Unit>(chars: &[C]) -> Vec<String> {
    let n = chars.len();
    let skip_spaces = |mut i: usize| {
        while i < n && is_space(chars[i].ch()) {
            i += 1;
        }
        i
    };
    let is_name = |i: usize| i < n && (chars[i].ch().is_ascii_alphanumeric() || matches!(chars[i].ch(), '_' | '.' | '-'));
    let is_rest = |i: usize| i < n && !matches!(chars[i].ch(), ';' | '\n' | '\r');
    let match_at = |prompt: usize| -> Option<(usize, usize)> {
        if prompt >= n || !matches!(chars[prompt].ch(), '$' | '>') {
            return None;
        }
        let name_start = skip_spaces(prompt + 1);
        let mut end = name_start;
        while is_name(end) {
            end += 1;
        }
        if end == name_start {
            return None;
        }
        let spaces_end = skip_spaces(end);
        if let Some(rest_start) = (end + 1..=spaces_end).rev().find(|&i| is_rest(i)) {
            end = rest_start;
            while is_rest(end) {
                end += 1;
            }
        }
        Some((name_start, end))
    };
    let mut found = BTreeSet::new();
    let mut p = 0;
    while p < n {
        if p > 0 && chars[p - 1].ch() != '\n' {
            p += 1;
            continue;
        }
        let prompt = skip_spaces(p);
        match match_at(prompt) {
            Some((start, end)) => {
                let value: String = chars[start..end].iter().map(|c| c.ch()).collect();
                let value = strip(&value);
                if !value.is_empty() {
                    found.insert(value.to_owned());
                }
                p = end;
            }
            None => p = prompt + 1,
        }
    }
    found.into_iter().collect()
}

/// `_extract_errors(text)`: sorted, deduplicated, case kept.
///
/// Pattern: `\b(?:[A-Z][a-zA-Z0-9]+Error|[A-Z][a-zA-Z0-9]+Exception|FATAL|PANIC|Traceback)\b|HTTP\s+[45]\d{2}|
/// \b[A-Z]{2,}_[A-Z0-9_]+_ERROR\b`. The suffixes `Error`/`Exception`/`_ERROR` consist of chars of the greedy class
/// before them, and the closing `\b` cannot hold inside that class, so they can only end the maximal run, which
/// must then be followed by a non-`\w` char (Unicode `\w`: `ValueErrorü` fails).
pub fn errors(text: &str) -> Vec<String> {
    with_units!(text, errors_in)
}

fn errors_in<C: Unit>(chars: &[C]) -> Vec<String> {
    let mut found = BTreeSet::new();
    let mut p = 0;
    while p < chars.len() {
        // Every alternative starts with an ASCII capital (`[A-Z]…`, `FATAL`, `PANIC`, `Traceback`, `HTTP`).
        if !chars[p].ch().is_ascii_uppercase() {
            p += 1;
            continue;
        }
        match error_match_end(chars, p) {
            Some(e) => {
                found.insert(chars[p..e].iter().map(|c| c.ch()).collect::<String>());
                p = e;
            }
            None => p += 1,
        }
    }
    found.into_iter().collect()
}

fn error_match_end<C: Unit>(chars: &[C], p: usize) -> Option<usize> {
    let n = chars.len();
    let word_at = |i: usize| i < n && is_word(chars[i].ch());
    let starts_with = |i: usize, lit: &str| lit.chars().enumerate().all(|(k, c)| chars.get(i + k).map(|u| u.ch()) == Some(c));
    let run_end = |mut i: usize, class: fn(char) -> bool| {
        while i < n && class(chars[i].ch()) {
            i += 1;
        }
        i
    };
    let at_word_start = word_at(p) && (p == 0 || !is_word(chars[p - 1].ch()));

    if at_word_start {
        if chars[p].ch().is_ascii_uppercase() {
            let end = run_end(p, |c| c.is_ascii_alphanumeric());
            if !word_at(end) {
                // `[A-Z]` + at least one `[a-zA-Z0-9]` + suffix.
                for suffix in ["Error", "Exception"] {
                    if end - p >= suffix.len() + 2 && starts_with(end - suffix.len(), suffix) {
                        return Some(end);
                    }
                }
            }
        }
        for word in ["FATAL", "PANIC", "Traceback"] {
            if starts_with(p, word) && !word_at(p + word.len()) {
                return Some(p + word.len());
            }
        }
    }
    if starts_with(p, "HTTP") {
        let code = run_end(p + 4, is_space);
        if code > p + 4
            && matches!(chars.get(code).map(|u| u.ch()), Some('4' | '5'))
            && chars.get(code + 1).is_some_and(|c| is_digit(c.ch()))
            && chars.get(code + 2).is_some_and(|c| is_digit(c.ch()))
        {
            return Some(code + 3);
        }
    }
    if at_word_start {
        let underscore = run_end(p, |c| c.is_ascii_uppercase());
        if underscore - p >= 2 && chars.get(underscore).map(|u| u.ch()) == Some('_') {
            let end = run_end(underscore + 1, |c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_');
            // `_` + at least one `[A-Z0-9_]` + `_ERROR`.
            if end - underscore >= 8 && starts_with(end - 6, "_ERROR") && !word_at(end) {
                return Some(end);
            }
        }
    }
    None
}

/// Scan query terms (§4.7): with `q = NFC(prompt)`, identifiers(q) ∪ fold(files(q)) ∪ fold(errors(q)), sorted.
pub fn scan_query_terms(prompt: &str) -> Vec<String> {
    let q = nfc(prompt);
    let mut terms: BTreeSet<String> = identifiers(&q).into_iter().collect();
    terms.extend(files(&q).iter().chain(&errors(&q)).map(|t| fold_token(t)));
    terms.into_iter().collect()
}

/// Recall query terms (§4.7): identifiers(NFC(query)), sorted.
pub fn recall_query_terms(query: &str) -> Vec<String> {
    identifiers(query)
}

/// Everything extraction finds in one text (what the JS `extract()` returns).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct Extraction {
    pub identifiers: Vec<String>,
    pub files: Vec<String>,
    pub commands: Vec<String>,
    pub errors: Vec<String>,
    /// The terms a scan of this text as a prompt would look for.
    pub query_terms: Vec<String>,
}

/// Identifiers, files, commands and errors of a text, plus its scan query terms.
pub fn extract_all(text: &str) -> Extraction {
    Extraction {
        identifiers: identifiers(text),
        files: files(text),
        commands: commands(text),
        errors: errors(text),
        query_terms: scan_query_terms(text),
    }
}

/// Node terms (§4.7): identifiers ∪ fold(files) ∪ fold(errors), sorted and deduplicated. Commands never count.
pub fn node_terms(identifiers: &[String], files: &[String], errors: &[String]) -> Vec<String> {
    let mut terms: BTreeSet<String> = identifiers.iter().cloned().collect();
    terms.extend(files.iter().chain(errors).map(|t| fold_token(t)));
    terms.into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(items: &[&str]) -> Vec<String> {
        items.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn identifiers_follow_python_word_runs() {
        assert_eq!(identifiers("İstanbul"), v(&["istanbul"]));
        assert_eq!(identifiers("i\u{307}stanbul"), v(&["stanbul"])); // pre-decomposed: U+0307 splits the word
        assert_eq!(identifiers("3000ms 12 5433 V12 ١٢٣ a٥٤ 1e9 0xFF"), v(&["5433", "a٥٤", "v12"]));
        assert_eq!(identifiers("नमस्ते दुनिया"), v(&["नमस"]));
        assert_eq!(identifiers("数据库迁移完成"), v(&["数据库迁移完成"]));
        assert_eq!(identifiers("İab the nasıl için icin ΟΔΟΣ"), v(&["iab", "icin", "οδος"]));
        assert_eq!(identifier_matches("the x² ½cd"), v(&["the", "½cd"]));
    }

    #[test]
    fn files_keep_regex_quirks() {
        assert_eq!(
            files("package.json tsconfig.json main.tsx x.shtml x.css x.cs"),
            v(&["main.ts", "package.js", "tsconfig.js", "x.cs", "x.css", "x.sh"])
        );
        assert_eq!(files("https://example.com/docs/index.html"), v(&["example.com/docs/index.html"]));
        assert_eq!(files(r"C:\Users\dev\x.json"), v(&["Users/dev/x.json"]));
        assert_eq!(files("./a/b/c.d.e"), v(&["./a/b/c.d.e"]));
        assert_eq!(files("a//b.c a//b/c.d"), v(&["b/c.d"]));
        assert!(files("/etc/passwd config.env Dockerfile .gitignore").is_empty());
    }

    #[test]
    fn commands_cross_newlines() {
        assert_eq!(commands("$ ls\nfoo bar"), v(&["ls\nfoo bar"]));
        assert_eq!(commands("  $\nafter newline"), v(&["after newline"]));
        assert_eq!(commands("$x\n$ "), v(&["x\n$"]));
        assert_eq!(commands("> echo hi; rm -rf /"), v(&["echo hi"]));
        assert_eq!(commands("$ dir\r\nnext\n$ ls -la\r\n"), v(&["dir\r\nnext", "ls -la"]));
        assert!(commands(">>> python\nx $ ls").is_empty());
    }

    #[test]
    fn errors_need_word_boundaries_except_http() {
        assert_eq!(
            errors("ValueError KeyError Error TypeErrors FATAL PANIC Traceback fatal"),
            v(&["FATAL", "KeyError", "PANIC", "Traceback", "ValueError"])
        );
        assert_eq!(errors("HTTP 4044 XHTTP 500"), v(&["HTTP 404", "HTTP 500"]));
        assert_eq!(errors("HTTP\n503 HTTP ٥٠٣"), v(&["HTTP\n503"]));
        assert_eq!(errors("DB_CONN_ERROR SSL_READ_ERROR SSL_ERROR E_ERROR"), v(&["DB_CONN_ERROR", "SSL_READ_ERROR"]));
        assert!(errors("ValueErrorü _ValueError").is_empty());
    }

    #[test]
    fn identifiers_of_two_nfc_texts_joined_by_a_newline_need_no_second_normalisation() {
        // A payload that starts with combining marks, after a summary that ends in a base letter they could
        // compose with, were the newline not between them.
        for (summary, payload) in [("cafe", "\u{301}x\u{301}yz naïve"), ("Ａ", "\u{308}\u{301}bcd e\u{301}tude"), ("", "\u{327}c\u{327}edilla")] {
            let joined = format!("{}\n{}", nfc(summary), nfc(payload));
            assert_eq!(identifiers_of_nfc(&joined), identifiers(&format!("{summary}\n{payload}")), "{summary:?} {payload:?}");
        }
    }

    #[test]
    fn term_sets() {
        assert_eq!(
            scan_query_terms("auth/middleware.py HTTP 503"),
            v(&["503", "auth", "auth/middleware.py", "http", "http 503", "middleware"])
        );
        assert_eq!(recall_query_terms("auth/middleware.py HTTP 503"), v(&["503", "auth", "http", "middleware"]));
        assert_eq!(node_terms(&v(&["zeta"]), &v(&["A/B.py"]), &v(&["HTTP 503"])), v(&["a/b.py", "http 503", "zeta"]));
    }
}
