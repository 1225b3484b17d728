//! Extraction of identifiers, files, commands and errors (spec §4.3–4.7), reproducing Python `re.findall`
//! with its alternation order and quirks (`package.json` → `package.js`) under `ipcf-projection-v2`.
//!
//! No regex engine: each pattern has a hand-written scanner that returns exactly what CPython's backtracking
//! matcher returns (leftmost start, then the first successful path in backtracking order), in linear time.
//! The comments on each scanner derive why the shortcuts are equivalent to the backtracking search.

use std::collections::BTreeSet;

use crate::hash::{compare_bytes, same_bytes};
#[cfg(feature = "fast-fold")]
use crate::text::swar;
use crate::text::{fold_token, is_digit, is_space, is_stopword, is_word, nfc, strip};

/// `_extract_identifiers(text)`: sorted, deduplicated, folded, stopwords removed. NFC is applied inside.
pub fn identifiers(text: &str) -> Vec<String> {
    identifiers_of_nfc(&nfc(text))
}

/// [`identifiers`] of a text already in NFC (a fold's normalised text: NFC twice over a megabyte is not free).
pub fn identifiers_of_nfc(text_nfc: &str) -> Vec<String> {
    #[cfg(feature = "fast-fold")]
    if let Some(spans) = distinct_spans(text_nfc) {
        return folded_set_of_spans(text_nfc, &spans);
    }
    // Deduplicate the raw matches before folding: a long payload repeats its words many times.
    let mut raw = Distinct::with_capacity(text_nfc, text_nfc.len() / 256);
    for_each_identifier_match(text_nfc, |m| raw.insert(m));
    folded_set(&raw.words)
}

/// The distinct matches of the identifier pattern as (start, length) spans, found and deduplicated in one pass
/// (feature `fast-fold`): each match goes straight into a [`SpanTable`], whose slot holds all a probe reads.
/// `None` for a text of 4 GiB or more (spans are `u32`).
#[cfg(feature = "fast-fold")]
fn distinct_spans(text_nfc: &str) -> Option<Vec<(u32, u32)>> {
    let n = u32::try_from(text_nfc.len()).ok()?;
    let mut table = SpanTable::with_capacity(text_nfc.len() / 128);
    let bytes = text_nfc.as_bytes();
    let base = bytes.as_ptr() as usize;
    for_each_identifier_match(text_nfc, |m| {
        let start = m.as_ptr() as usize - base;
        table.insert(bytes, start, m.len());
    });
    debug_assert!(table.spans.iter().all(|&(s, l)| s + l <= n));
    Some(table.spans)
}

/// The distinct words of a text as spans, in first-seen order: an open-addressing table (linear probing, at most
/// half full) whose 16-byte slots hold a word's key, start and length, so a probe reads one slot (the table it
/// replaces read a slot, then the key and the word from two other arrays). A word of at most eight bytes is its
/// own key (equal keys and lengths: equal words); a longer one is keyed by a hash of its first and last eight
/// bytes and of the ones between, and compared when the keys agree.
#[cfg(feature = "fast-fold")]
struct SpanTable {
    /// (key, start, length); length 0: empty (a word has at least one byte).
    slots: Vec<(u64, u32, u32)>,
    spans: Vec<(u32, u32)>,
}

#[cfg(feature = "fast-fold")]
impl SpanTable {
    fn with_capacity(words: usize) -> Self {
        let slots = (words * 2).next_power_of_two().max(64);
        SpanTable { slots: vec![(0, 0, 0); slots], spans: Vec::with_capacity(words) }
    }

    /// The key of `text[start..start + len]`.
    #[inline(always)]
    fn key(text: &[u8], start: usize, len: usize) -> u64 {
        let end = start + len;
        if len > 8 {
            const K: u64 = 0x517c_c1b7_2722_0a95;
            let mut h = (len as u64).wrapping_mul(K);
            let mut i = start;
            while i + 8 < end {
                h = (h.rotate_left(5) ^ swar::load(text, i)).wrapping_mul(K);
                i += 8;
            }
            return (h.rotate_left(5) ^ swar::load(text, end - 8)).wrapping_mul(K);
        }
        if start + 8 <= text.len() {
            let x = swar::load(text, start);
            return if len == 8 { x } else { x & ((1u64 << (8 * len)) - 1) };
        }
        text[start..end].iter().enumerate().fold(0u64, |x, (k, &b)| x | u64::from(b) << (8 * k))
    }

    #[inline(always)]
    fn home(key: u64, mask: usize) -> usize {
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32) as usize & mask
    }

    #[inline(always)]
    fn insert(&mut self, text: &[u8], start: usize, len: usize) {
        let key = Self::key(text, start, len);
        let mask = self.slots.len() - 1;
        let mut i = Self::home(key, mask);
        loop {
            let (k, s, l) = self.slots[i];
            if l == 0 {
                break;
            }
            if k == key && l as usize == len && (len <= 8 || same_bytes(&text[s as usize..s as usize + len], &text[start..start + len])) {
                return;
            }
            i = (i + 1) & mask;
        }
        self.slots[i] = (key, start as u32, len as u32);
        self.spans.push((start as u32, len as u32));
        if self.spans.len() * 2 > self.slots.len() {
            self.grow();
        }
    }

    fn grow(&mut self) {
        let cap = self.slots.len() * 2;
        let mask = cap - 1;
        let mut slots = vec![(0u64, 0u32, 0u32); cap];
        for &slot in self.slots.iter().filter(|s| s.2 != 0) {
            let mut i = Self::home(slot.0, mask);
            while slots[i].2 != 0 {
                i = (i + 1) & mask;
            }
            slots[i] = slot;
        }
        self.slots = slots;
    }
}

/// The words folded ([`fold_token`]), stopwords dropped, sorted in code-point (UTF-8 byte) order and
/// deduplicated, as a `BTreeSet<String>` would give them. The folded words are written end to end into one text
/// and sorted as (prefix, span) items, so a word costs no allocation of its own until the result's string: the
/// first eight bytes as one big-endian number decide most comparisons without reading the text (zero-padded
/// prefixes order as the words do wherever they differ: the first differing byte decides, and a word that ends
/// is padded with 0, the least byte), the whole words the rest.
fn folded_set(words: &[&str]) -> Vec<String> {
    let mut arena = String::with_capacity(words.iter().map(|w| w.len()).sum::<usize>());
    let mut items: Vec<(u64, usize, usize)> = Vec::with_capacity(words.len());
    for w in words {
        let start = arena.len();
        if w.is_ascii() {
            // `fold_token` of ASCII: lower case.
            arena.push_str(w);
            arena[start..].make_ascii_lowercase();
        } else {
            arena.push_str(&fold_token(w));
        }
        if is_stopword(&arena[start..]) {
            arena.truncate(start);
            continue;
        }
        items.push((prefix8(&arena.as_bytes()[start..]), start, arena.len()));
    }
    let text = arena.as_bytes();
    let bytes = |&(_, s, e): &(u64, usize, usize)| &text[s..e];
    #[cfg(fast_fold)]
    sort_by_prefix_then_bytes(&mut items, text);
    #[cfg(not(fast_fold))]
    items.sort_unstable_by(|a, b| a.0.cmp(&b.0).then_with(|| compare_bytes(bytes(a), bytes(b))));
    items.dedup_by(|a, b| a.0 == b.0 && same_bytes(bytes(a), bytes(b)));
    items.iter().map(|&(_, s, e)| arena[s..e].to_owned()).collect()
}

/// The items of [`folded_set`] sorted as its comparison sorts them (prefix, then the words' bytes), in linear
/// time: a radix sort of the prefixes, a byte at a time from the least significant, passing over bytes that all
/// prefixes share; then each run of equal prefixes (words that agree on their first eight bytes) sorted by its
/// words. A comparison sort of ~15,000 items was most of the cost of sorting a megabyte's identifiers.
#[cfg(fast_fold)]
fn sort_by_prefix_then_bytes(items: &mut Vec<(u64, usize, usize)>, text: &[u8]) {
    crate::sort::radix_sort_by_key(items, 8, |it| it.0);
    let bytes = |&(_, s, e): &(u64, usize, usize)| &text[s..e];
    sort_runs_of_equal_prefixes(items, |a, b| compare_bytes(bytes(a), bytes(b)));
}

/// The first eight bytes of `b` as a big-endian number, zero-padded.
#[inline]
fn prefix8(b: &[u8]) -> u64 {
    let mut k = [0u8; 8];
    let n = b.len().min(8);
    k[..n].copy_from_slice(&b[..n]);
    u64::from_be_bytes(k)
}

/// The distinct strings of a text's matches, in first-seen order: an open-addressing table of indexes into
/// `words` (linear probing, at most half full). A payload of a megabyte has ~150,000 matches and ~15,000 distinct
/// words, so each match must cost little: a word of at most eight bytes (most) is its own key, its bytes read as
/// one number (equal keys and lengths: equal words, no string compare); a longer one is keyed by its hash and
/// compared when the keys agree.
struct Distinct<'a> {
    text: &'a [u8],
    /// 0: empty; k: `words[k - 1]`.
    slots: Vec<u32>,
    words: Vec<&'a str>,
    keys: Vec<u64>,
}

impl<'a> Distinct<'a> {
    fn with_capacity(text: &'a str, words: usize) -> Self {
        let slots = (words * 2).next_power_of_two().max(64);
        Distinct { text: text.as_bytes(), slots: vec![0; slots], words: Vec::with_capacity(words), keys: Vec::with_capacity(words) }
    }

    /// The key of `w` (a slice of `text`): its bytes, little-endian, when it has at most eight, else its hash.
    #[inline]
    fn key(&self, w: &[u8]) -> u64 {
        let n = w.len();
        if n > 8 {
            return word_hash(w);
        }
        let start = w.as_ptr() as usize - self.text.as_ptr() as usize;
        match self.text.get(start..start + 8) {
            // Eight bytes from the word's start, the ones past its end masked off.
            Some(e) => {
                let x = u64::from_le_bytes([e[0], e[1], e[2], e[3], e[4], e[5], e[6], e[7]]);
                if n == 8 { x } else { x & ((1u64 << (8 * n)) - 1) }
            }
            None => w.iter().enumerate().fold(0u64, |x, (k, &b)| x | u64::from(b) << (8 * k)),
        }
    }

    #[inline]
    fn home(key: u64, mask: usize) -> usize {
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32) as usize & mask
    }

    #[inline]
    fn insert(&mut self, w: &'a str) {
        let b = w.as_bytes();
        let key = self.key(b);
        let mask = self.slots.len() - 1;
        let mut i = Self::home(key, mask);
        loop {
            let slot = self.slots[i];
            if slot == 0 {
                break;
            }
            let k = slot as usize - 1;
            if self.keys[k] == key && self.words[k].len() == b.len() && (b.len() <= 8 || same_bytes(self.words[k].as_bytes(), b)) {
                return;
            }
            i = (i + 1) & mask;
        }
        self.words.push(w);
        self.keys.push(key);
        self.slots[i] = self.words.len() as u32;
        if self.words.len() * 2 > self.slots.len() {
            self.grow();
        }
    }

    fn grow(&mut self) {
        let cap = self.slots.len() * 2;
        let mask = cap - 1;
        let mut slots = vec![0u32; cap];
        for (k, &key) in self.keys.iter().enumerate() {
            let mut i = Self::home(key, mask);
            while slots[i] != 0 {
                i = (i + 1) & mask;
            }
            slots[i] = k as u32 + 1;
        }
        self.slots = slots;
    }
}

/// A hash of a word longer than eight bytes for [`Distinct`] (FxHash-style, eight bytes at a time, the tail
/// gathered a byte at a time rather than copied).
#[inline]
fn word_hash(w: &[u8]) -> u64 {
    const K: u64 = 0x517c_c1b7_2722_0a95;
    let mut h = w.len() as u64;
    let mut chunks = w.chunks_exact(8);
    for c in &mut chunks {
        h = (h.rotate_left(5) ^ u64::from_le_bytes([c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]])).wrapping_mul(K);
    }
    let mut tail = 0u64;
    for (k, &b) in chunks.remainder().iter().enumerate() {
        tail |= u64::from(b) << (8 * k);
    }
    (h.rotate_left(5) ^ tail).wrapping_mul(K)
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
    // The char at `i` (a non-ASCII one: ASCII bytes are classified by `ID_CLASS`).
    let char_at = |i: usize| text_nfc[i..].chars().next().unwrap_or('\0');
    let mut i = 0;
    while i < n {
        // Skip to the start of a `\w` run (ASCII bytes classified by table, other chars decoded).
        let class = ID_CLASS[bytes[i] as usize];
        if class == ID_OTHER {
            i += 1;
            continue;
        }
        let first_is_digit = if class == ID_NON_ASCII {
            let c = char_at(i);
            if !is_word(c) {
                i += c.len_utf8();
                continue;
            }
            is_digit(c)
        } else {
            class == ID_DIGIT
        };
        let start = i;
        let mut all_ascii_digits = true;
        let mut run_chars = 0usize;
        loop {
            // ASCII word chars, one table lookup each (digits only matter after a leading digit).
            let from = i;
            if first_is_digit && all_ascii_digits {
                while i < n && ID_CLASS[bytes[i] as usize] == ID_DIGIT {
                    i += 1;
                }
                all_ascii_digits = i == n || ID_CLASS[bytes[i] as usize] != ID_WORD;
            }
            #[cfg(feature = "fast-fold")]
            {
                i = swar::run_end(bytes, i, swar::word, |b| ID_CLASS[b as usize] <= ID_DIGIT);
            }
            #[cfg(not(feature = "fast-fold"))]
            while i < n && ID_CLASS[bytes[i] as usize] <= ID_DIGIT {
                i += 1;
            }
            run_chars += i - from;
            if i < n && bytes[i] >= 0x80 {
                let c = char_at(i);
                if is_word(c) {
                    all_ascii_digits = false;
                    run_chars += 1;
                    i += c.len_utf8();
                    continue;
                }
            }
            break;
        }
        if run_chars >= 3 && (!first_is_digit || all_ascii_digits) {
            found(&text_nfc[start..i]);
        }
    }
}

/// Classes of bytes for the identifier scan: ASCII `\w` (a letter or `_`, a digit), other ASCII, a byte of a
/// non-ASCII char (decoded and classified by the Unicode tables).
const ID_WORD: u8 = 0;
const ID_DIGIT: u8 = 1;
const ID_OTHER: u8 = 2;
const ID_NON_ASCII: u8 = 3;

static ID_CLASS: [u8; 256] = {
    let mut t = [ID_OTHER; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        t[b] = if c >= 0x80 {
            ID_NON_ASCII
        } else if c.is_ascii_digit() {
            ID_DIGIT
        } else if c.is_ascii_alphabetic() || c == b'_' {
            ID_WORD
        } else {
            ID_OTHER
        };
        b += 1;
    }
    t
};

/// A text as a slice of units: bytes when it is all ASCII (one byte per char), chars otherwise.
trait Unit: Copy {
    fn ch(self) -> char;
    /// `[\w.-]`: a char of a files segment.
    fn in_segment(self) -> bool;

    /// The end of the segment (a run of [`Unit::in_segment`]) from `start`, and whether it has a `.` after its
    /// first char.
    #[cfg(feature = "fast-fold")]
    #[inline(always)]
    fn segment(chars: &[Self], start: usize) -> (usize, bool) {
        let mut i = start;
        let mut dot = false;
        while i < chars.len() && chars[i].in_segment() {
            dot |= chars[i].ch() == '.' && i > start;
            i += 1;
        }
        (i, dot)
    }

    /// The first unit at or after `from` that is `c` (ASCII), or the text's length.
    #[cfg(feature = "fast-fold")]
    #[inline(always)]
    fn find_ascii(chars: &[Self], from: usize, c: u8) -> usize {
        chars[from..].iter().position(|u| u.ch() == char::from(c)).map_or(chars.len(), |k| from + k)
    }

    /// The first unit at or after `from` that is an ASCII capital, or the text's length.
    #[cfg(feature = "fast-fold")]
    #[inline(always)]
    fn find_upper(chars: &[Self], from: usize) -> usize {
        chars[from..].iter().position(|u| u.ch().is_ascii_uppercase()).map_or(chars.len(), |k| from + k)
    }
}

impl Unit for u8 {
    #[inline(always)]
    fn ch(self) -> char {
        char::from(self)
    }
    #[inline(always)]
    fn in_segment(self) -> bool {
        SEGMENT_BYTE[self as usize]
    }

    /// Eight bytes at a time; the dots are those before the segment's end, less its first byte.
    #[cfg(feature = "fast-fold")]
    #[inline]
    fn segment(b: &[u8], start: usize) -> (usize, bool) {
        let mut i = start;
        let mut first = 0x80u64;
        let mut dot = 0u64;
        while i + 8 <= b.len() {
            let w = swar::load(b, i);
            let out = !swar::word_dot_dash(w) & 0x8080_8080_8080_8080;
            let dots = swar::eq(w, b'.') & !first;
            first = 0;
            if out != 0 {
                dot |= dots & ((1u64 << out.trailing_zeros()) - 1);
                return (i + (out.trailing_zeros() / 8) as usize, dot != 0);
            }
            dot |= dots;
            i += 8;
        }
        let mut any = dot != 0;
        while i < b.len() && SEGMENT_BYTE[b[i] as usize] {
            any |= b[i] == b'.' && i > start;
            i += 1;
        }
        (i, any)
    }

    #[cfg(feature = "fast-fold")]
    #[inline]
    fn find_ascii(b: &[u8], from: usize, c: u8) -> usize {
        swar::find(b, from, |w| swar::eq(w, c), |x| x == c)
    }

    #[cfg(feature = "fast-fold")]
    #[inline]
    fn find_upper(b: &[u8], from: usize) -> usize {
        swar::find(b, from, swar::upper, |x| x.is_ascii_uppercase())
    }
}

impl Unit for char {
    #[inline(always)]
    fn ch(self) -> char {
        self
    }
    #[inline(always)]
    fn in_segment(self) -> bool {
        is_word(self) || self == '.' || self == '-'
    }
}

/// ASCII bytes in `[\w.-]` (a letter, digit, `_`, `.` or `-`).
static SEGMENT_BYTE: [bool; 256] = {
    let mut t = [false; 256];
    let mut b = 0;
    while b < 128 {
        let c = b as u8;
        t[b] = c.is_ascii_alphanumeric() || c == b'_' || c == b'.' || c == b'-';
        b += 1;
    }
    t
};

/// Whether a text is all ASCII (32 bytes an iteration with feature `fast-fold`: a fold asks it of its megabyte).
#[inline]
fn is_ascii(text: &str) -> bool {
    #[cfg(feature = "fast-fold")]
    return swar::is_ascii(text.as_bytes());
    #[cfg(not(feature = "fast-fold"))]
    text.is_ascii()
}

/// Run `f` over the text's units (bytes if ASCII, else chars): the scanners index by char position.
macro_rules! with_units {
    ($text:expr, $f:ident) => {
        if is_ascii($text) {
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
    with_units!(text, files_of)
}

fn files_of<C: Unit>(chars: &[C]) -> Vec<String> {
    files_in(chars, cfg!(feature = "fast-fold"))
}

/// [`files`] of a text's units. With `skip` (feature `fast-fold`), the scan passes over the chains that cannot
/// hold a match: every match has a `.` followed by an ASCII alphanumeric (both alternatives end in one) in the
/// chain where it starts (alternative 1 in a later segment of that chain, alternative 2 in its own segment). So
/// from outside a chain the scan jumps to the start of the chain of the next such dot (or stops when there is
/// none), where the unit-by-unit walk would arrive in the same state: the chains passed over match nothing, and
/// their walks leave `chain_walked_until` at or before it. Prose without such dots costs one search for `.`.
fn files_in<C: Unit>(chars: &[C], skip: bool) -> Vec<String> {
    let n = chars.len();
    let in_segment = |i: usize| i < n && chars[i].in_segment();
    let is_separator = |i: usize| i < n && matches!(chars[i].ch(), '/' | '\\');
    let segment_end = |mut i: usize| {
        while in_segment(i) {
            i += 1;
        }
        i
    };
    // The segment's end from `i`, and whether it has a `.` after its first char (alternative 2 needs one).
    #[cfg(feature = "fast-fold")]
    let segment_end_and_dot = |start: usize| C::segment(chars, start);
    #[cfg(not(feature = "fast-fold"))]
    let segment_end_and_dot = |start: usize| {
        let mut i = start;
        let mut dot = false;
        while in_segment(i) {
            dot |= chars[i].ch() == '.' && i > start;
            i += 1;
        }
        (i, dot)
    };
    let mut found = BTreeSet::new();
    let mut chain_walked_until = 0; // alternative 1 is already known to fail for starts before this
    let mut p = 0;
    // With `skip`: the next dot to look for starts here.
    let mut look_from = 0;
    while p < n {
        if skip && p >= look_from {
            // The next `.` followed by an ASCII alphanumeric at or after `p`.
            let mut d = p;
            loop {
                #[cfg(feature = "fast-fold")]
                {
                    d = C::find_ascii(chars, d, b'.');
                }
                #[cfg(not(feature = "fast-fold"))]
                {
                    d = chars[d..].iter().position(|c| c.ch() == '.').map_or(n, |k| d + k);
                }
                if d >= n || chars.get(d + 1).is_some_and(|c| c.ch().is_ascii_alphanumeric()) {
                    break;
                }
                d += 1;
            }
            if d >= n {
                break;
            }
            // The start of its chain, or `p` if that is before: back over segment units, and over a separator
            // with a segment unit before it (the forward walk's join).
            let mut s = d;
            while s > p {
                if in_segment(s - 1) {
                    s -= 1;
                } else if s >= 2 && s - 2 >= p && is_separator(s - 1) && in_segment(s - 2) {
                    s -= 2;
                } else {
                    break;
                }
            }
            p = s;
            look_from = d + 1;
        }
        if !in_segment(p) {
            p += 1;
            continue;
        }
        let (end, has_dot) = segment_end_and_dot(p);
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
        if has_dot {
            match_end = match_end.or_else(|| ext_end(&chars[p..end]).map(|e| p + e));
        }
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
            // On to the next line start, just after the next newline.
            #[cfg(feature = "fast-fold")]
            {
                p = (C::find_ascii(chars, p, b'\n') + 1).min(n);
            }
            #[cfg(not(feature = "fast-fold"))]
            {
                p = chars[p..].iter().position(|c| c.ch() == '\n').map_or(n, |k| p + k + 1);
            }
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
            #[cfg(feature = "fast-fold")]
            {
                p = C::find_upper(chars, p);
            }
            #[cfg(not(feature = "fast-fold"))]
            {
                p = chars[p..].iter().position(|c| c.ch().is_ascii_uppercase()).map_or(chars.len(), |k| p + k);
            }
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

/// [`folded_set`] of the words at `spans` of `text` (distinct, as [`distinct_spans`] gives them), with no copy of
/// a word before its result string (feature `fast-fold`): an ASCII word (nearly all of a payload's) is tested,
/// lower-cased (its fold) and given its prefix by eight-byte loads of the text, and its string is cut from the
/// text and lower-cased once at the end; the other words (and the last ones of a text, fewer than eight bytes
/// from its end) are folded into an arena as [`folded_set`] folds them. Items are sorted and deduplicated by
/// their folded bytes as there.
#[cfg(feature = "fast-fold")]
fn folded_set_of_spans(text: &str, spans: &[(u32, u32)]) -> Vec<String> {
    /// Set in an item's length: its folded bytes are in the arena (else: the text's, lower-cased).
    const IN_ARENA: usize = 1 << (usize::BITS - 1);
    let b = text.as_bytes();
    let mut arena = String::new();
    let mut items: Vec<(u64, usize, usize)> = Vec::with_capacity(spans.len());
    for &(s, l) in spans {
        let (start, len) = (s as usize, l as usize);
        if start + 8 <= b.len() {
            let first = swar::load(b, start);
            if len <= 8 {
                let word = first & (u64::MAX >> (64 - 8 * len));
                if swar::all_ascii(word) {
                    let lower = swar::to_ascii_lower(word);
                    if !crate::text::is_stopword_bytes(&lower.to_le_bytes()[..len]) {
                        items.push((lower.swap_bytes(), start, len));
                    }
                    continue;
                }
            } else if ascii_span(b, start, len) {
                // Longer than any stopword; the prefix is the first eight bytes lower-cased.
                items.push((swar::to_ascii_lower(first).swap_bytes(), start, len));
                continue;
            }
        }
        let at = arena.len();
        arena.push_str(&fold_token(&text[start..start + len]));
        if is_stopword(&arena[at..]) {
            arena.truncate(at);
            continue;
        }
        items.push((prefix8(&arena.as_bytes()[at..]), at, (arena.len() - at) | IN_ARENA));
    }
    let arena_bytes = arena.as_bytes();
    // The folded bytes of an item, compared as bytes (only items of equal prefixes get here).
    let compare = |x: &(u64, usize, usize), y: &(u64, usize, usize)| {
        let folded = |&(_, s, l): &(u64, usize, usize)| {
            let in_arena = l & IN_ARENA != 0;
            let bytes = if in_arena { &arena_bytes[s..s + (l & !IN_ARENA)] } else { &b[s..s + l] };
            bytes.iter().map(move |&c| if in_arena { c } else { c.to_ascii_lowercase() })
        };
        folded(x).cmp(folded(y))
    };
    crate::sort::radix_sort_by_key(&mut items, 8, |it| it.0);
    sort_runs_of_equal_prefixes(&mut items, compare);
    items.dedup_by(|x, y| x.0 == y.0 && compare(x, y).is_eq());
    items
        .iter()
        .map(|&(_, s, l)| {
            if l & IN_ARENA != 0 {
                arena[s..s + (l & !IN_ARENA)].to_owned()
            } else {
                let mut word = text[s..s + l].to_owned();
                word.make_ascii_lowercase();
                word
            }
        })
        .collect()
}

/// Whether `b[start..start + len]` (`len` > 8) is all ASCII, by eight-byte loads (the last one overlapping).
#[cfg(feature = "fast-fold")]
#[inline]
fn ascii_span(b: &[u8], start: usize, len: usize) -> bool {
    let end = start + len;
    let mut any = swar::load(b, end - 8);
    let mut i = start;
    while i + 8 < end {
        any |= swar::load(b, i);
        i += 8;
    }
    swar::all_ascii(any)
}

/// Items already sorted by their prefixes (`.0`): each run of equal prefixes sorted by `compare`.
#[cfg(fast_fold)]
fn sort_runs_of_equal_prefixes<T: Copy>(items: &mut [(u64, T, T)], compare: impl Fn(&(u64, T, T), &(u64, T, T)) -> std::cmp::Ordering) {
    let n = items.len();
    let mut i = 0;
    while i < n {
        let mut j = i + 1;
        while j < n && items[j].0 == items[i].0 {
            j += 1;
        }
        if j - i > 1 {
            items[i..j].sort_unstable_by(&compare);
        }
        i = j;
    }
}

/// [`distinct_spans`] as the words they are.
#[cfg(all(test, feature = "fast-fold"))]
fn distinct_matches(text_nfc: &str) -> Option<Vec<&str>> {
    Some(distinct_spans(text_nfc)?.iter().map(|&(s, l)| &text_nfc[s as usize..(s + l) as usize]).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(items: &[&str]) -> Vec<String> {
        items.iter().map(|s| s.to_string()).collect()
    }

    use crate::test_rng::below;

    #[test]
    fn the_distinct_words_of_a_text_are_its_set_of_words() {
        // Short and long words (around the eight-byte keys), equal prefixes, non-ASCII bytes, a word at the very
        // end of the text (fewer than eight bytes after its start), and a table that starts small and grows.
        let pieces = ["a", "bc", "defgh", "é", "数", "_9", "abcdefgh", "abcdefghi", "x"];
        let mut next = below(0x9e37_79b9_7f4a_7c15);
        for _ in 0..300 {
            let words: Vec<String> = (0..next(400)).map(|_| (0..1 + next(4)).map(|_| pieces[next(pieces.len())]).collect()).collect();
            let text = words.join(" ");
            let mut spans = Vec::new();
            let mut at = 0;
            for w in &words {
                spans.push(&text[at..at + w.len()]);
                at += w.len() + 1;
            }
            let mut d = Distinct::with_capacity(&text, next(8));
            for &w in &spans {
                d.insert(w);
            }
            let mut got: Vec<&str> = d.words.clone();
            got.sort_unstable();
            let want: Vec<&str> = spans.iter().copied().collect::<BTreeSet<&str>>().into_iter().collect();
            assert_eq!(got, want);
        }
    }

    /// The one-pass span table gives the distinct matches the two-step path gives (matches, then the table of
    /// `&str`), in the same first-seen order: words around eight and sixteen bytes, shared prefixes and suffixes,
    /// non-ASCII, digits, and words ending at the text's end.
    #[cfg(feature = "fast-fold")]
    #[test]
    fn identifiers_found_and_deduplicated_in_one_pass_equal_the_distinct_matches() {
        let pieces = ["a", "bc", "defgh", "é", "数", "_9", "123", "abcdefgh", "abcdefghi", "abcdefghijklmnop", "xbcdefghijklmnop", "x", " ", "  ", ".", "\n"];
        let mut next = below(0x5851_f42d_4c95_7f2d);
        for _ in 0..400 {
            let text: String = (0..next(300)).map(|_| pieces[next(pieces.len())]).collect();
            let mut matches = Vec::new();
            for_each_identifier_match(&text, |m| matches.push(m));
            let mut d = Distinct::with_capacity(&text, next(8));
            for &m in &matches {
                d.insert(m);
            }
            assert_eq!(distinct_matches(&text), Some(d.words.clone()), "{text:?}");
            assert_eq!(identifiers_of_nfc(&text), folded_set(&d.words));
        }
    }

    /// The words at spans folded from eight-byte loads of the text equal the words folded one by one into an
    /// arena ([`folded_set`]): capitals, stopwords in any case, words of 1 to 24 bytes (around the eight-byte
    /// loads and prefixes), words that fold equal (`Foo`, `FOO`, `foo`), shared long prefixes, non-ASCII words,
    /// and words within eight bytes of the text's end.
    #[cfg(feature = "fast-fold")]
    #[test]
    fn identifiers_folded_from_the_text_equal_identifiers_folded_into_an_arena() {
        let pieces = ["a", "B", "the", "THE", "Nasil", "ab", "AB", "migration", "MIGRATION", "Migrations", "z", "Z", "0", "_", "é", "İ", "ı", "数据", "e\u{301}", "gepesufote_gx"];
        let mut next = below(0x6a09_e667_f3bc_c909);
        for _ in 0..600 {
            let words: Vec<String> = (0..next(80)).map(|_| (0..1 + next(5)).map(|_| pieces[next(pieces.len())]).collect()).collect();
            let text = words.join(" ") + &" ".repeat(next(3));
            let mut spans: Vec<(u32, u32)> = Vec::new();
            let mut at = 0;
            for w in &words {
                if !w.is_empty() && !spans.iter().any(|&(s, l)| &text[s as usize..(s + l) as usize] == w.as_str()) {
                    spans.push((at as u32, w.len() as u32));
                }
                at += w.len() + 1;
            }
            let refs: Vec<&str> = spans.iter().map(|&(s, l)| &text[s as usize..(s + l) as usize]).collect();
            assert_eq!(folded_set_of_spans(&text, &spans), folded_set(&refs), "{words:?}");
        }
    }

    #[test]
    fn files_found_by_jumping_to_chains_with_a_dot_equal_files_found_unit_by_unit() {
        // Texts of path pieces (segments, single and double separators, dots before letters, digits and
        // nothing, extensions and their prefixes, non-ASCII), in both unit kinds (bytes, chars).
        let pieces = ["a", "src", "/", "\\", "//", ".", ".py", ".json", ".j", ".1", "..", "-", "_", " ", "\n", "x.y", "é", "package.json", "a/b", "tsconfig"];
        let mut next = below(0x0123_4567_89ab_cdef);
        let mut found = 0;
        for _ in 0..3000 {
            let text: String = (0..next(40)).map(|_| pieces[next(pieces.len())]).collect();
            let slow = if text.is_ascii() { files_in(text.as_bytes(), false) } else { files_in(&text.chars().collect::<Vec<char>>(), false) };
            let fast = if text.is_ascii() { files_in(text.as_bytes(), true) } else { files_in(&text.chars().collect::<Vec<char>>(), true) };
            assert_eq!(fast, slow, "{text:?}");
            found += slow.len();
        }
        assert!(found > 1000, "{found}");
    }

    #[test]
    fn identifiers_folded_into_one_text_equal_each_word_folded_into_a_sorted_set() {
        // Random words over pieces that fold (capitals, `İ`, `ı`, decomposed marks), share long prefixes, are
        // stopwords, or are equal after folding; the reference is the definition: fold, drop stopwords, BTreeSet.
        let pieces = ["a", "B", "the", "İ", "ı", "e\u{301}", "ab", "AB", "migration", "MIGRATION", "z", "0", "é", "ß", "数据", "_", "nasıl"];
        let mut next = below(0x2545_f491_4f6c_dd1d);
        for _ in 0..300 {
            let words: Vec<String> = (0..next(60)).map(|_| (0..1 + next(5)).map(|_| pieces[next(pieces.len())]).collect()).collect();
            let refs: Vec<&str> = words.iter().map(String::as_str).collect();
            let want: Vec<String> =
                words.iter().map(|w| fold_token(w)).filter(|t| !is_stopword(t)).collect::<BTreeSet<String>>().into_iter().collect();
            assert_eq!(folded_set(&refs), want, "{words:?}");
        }
    }

    /// The radix sort of prefixes with ties sorted by bytes orders items as the comparison sort does, on large
    /// sets of words that share long prefixes, differ in one byte anywhere, or are shorter than eight bytes.
    #[cfg(fast_fold)]
    #[test]
    fn items_sorted_by_radix_equal_items_sorted_by_comparison() {
        let pieces = ["a", "b", "z", "ab", "migratio", "migration", "migrations", "é", "数", "_", "0", "9", "zzzzzzzz", "\u{7f}", "\u{80}"];
        let mut next = below(0x1234_5678_9ABC_DEF1);
        for round in 0..200 {
            let count = if round % 10 == 0 { 5000 } else { next(300) };
            let mut text = String::new();
            let mut items = Vec::new();
            for _ in 0..count {
                let start = text.len();
                for _ in 0..1 + next(4) {
                    text.push_str(pieces[next(pieces.len())]);
                }
                items.push((prefix8(&text.as_bytes()[start..]), start, text.len()));
            }
            let b = text.as_bytes();
            let mut want = items.clone();
            want.sort_unstable_by(|x, y| x.0.cmp(&y.0).then_with(|| compare_bytes(&b[x.1..x.2], &b[y.1..y.2])));
            sort_by_prefix_then_bytes(&mut items, b);
            let words = |v: &[(u64, usize, usize)]| v.iter().map(|&(_, s, e)| &b[s..e]).collect::<Vec<_>>();
            assert_eq!(words(&items), words(&want));
        }
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
