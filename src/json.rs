//! JSON with Python's semantics: a parser that reads what `json.load` reads, and the two writers of spec §2
//! (canonical for hashing; the indent-2 sorted-key file format), byte-identical to
//! `json.dumps(..., sort_keys=True, ensure_ascii=False)`.
//!
//! The parser mirrors CPython 3.11's C scanner (`Modules/_json.c`) index for index, so that the documents it
//! accepts, the values it builds and even its error messages (`Expecting value: line 1 column 1 (char 0)`) are
//! Python's. Deviations, all errors where Python would succeed: lone surrogates (a Rust `String` cannot hold
//! them), ints beyond i128, nesting deeper than [`MAX_DEPTH`].

use std::collections::BTreeMap;
use std::fmt;
use crate::text::swar;

/// A JSON value as Python's `json` module sees it.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    Null,
    Bool(bool),
    /// Python int; arbitrary precision in Python, i128 here (larger ones are rejected at parse time).
    Int(i128),
    /// Python float, incl. NaN and ±Infinity (which Python reads and writes as bare words).
    Float(f64),
    Str(String),
    Array(Vec<Value>),
    /// Keys sorted by code point (the order every writer uses); duplicate keys: last one wins, as in Python.
    Object(BTreeMap<String, Value>),
}

/// Why a document could not be parsed.
#[derive(Debug, Clone, PartialEq)]
pub struct ParseError { pub message: String }

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result { f.write_str(&self.message) }
}

impl std::error::Error for ParseError {}

/// Deepest nesting of arrays/objects `parse` accepts. Python's limit is its recursion limit (~1000 minus the
/// caller's depth). The parser itself does not recurse; the bound keeps the recursive writers and `Drop` cheap.
pub const MAX_DEPTH: usize = 512;

/// Parse UTF-8 bytes like `json.loads(bytes.decode("utf-8"))`. Invalid UTF-8, lone surrogate escapes, ints
/// beyond i128 and trailing data are errors. Never panics; nesting depth is bounded.
pub fn parse(bytes: &[u8]) -> Result<Value, ParseError> {
    let s = std::str::from_utf8(bytes).map_err(|e| utf8_error(bytes, &e))?;
    parse_str(s)
}

/// [`parse`] of text already known to be UTF-8 (a caller that also needs the text checks it once).
pub fn parse_str(s: &str) -> Result<Value, ParseError> {
    let bytes = s.as_bytes();
    let mut p = Parser { s, b: bytes, lone_surrogate: None };
    if s.starts_with('\u{feff}') {
        return Err(p.error("Unexpected UTF-8 BOM (decode using utf-8-sig)", 0));
    }
    let (value, end) = p.scan_once(p.skip_ws(0))?;
    let end = p.skip_ws(end);
    if end != bytes.len() {
        return Err(p.error("Extra data", end));
    }
    // Reported only now: Python would have accepted the document, so any other error must win (same messages).
    if let Some(pos) = p.lone_surrogate {
        let (line, col, ch) = p.position(pos);
        return Err(ParseError {
            message: format!(
                "Lone surrogate escape (Python would keep it in a str, a Rust String cannot hold it): \
                 line {line} column {col} (char {ch})"
            ),
        });
    }
    Ok(value)
}

/// The string value of `key` in a top-level JSON object (its last occurrence, the one [`parse`] keeps), without
/// decoding the other members: they are walked (strings to their closing quote, containers to their closing
/// bracket), not built. `None` when the bytes are not an object, the member is missing or not a string, or the walk
/// finds them malformed. For reads that only rank (a cold node's `raw_content`, read unverified); everything else
/// reads documents with [`parse`]. (Not in the browser and bundler engines, for size: they read nodes with `parse`.)
#[cfg(ranked_v2)]
pub fn string_member(bytes: &[u8], key: &str) -> Option<String> {
    let s = std::str::from_utf8(bytes).ok()?;
    let mut p = Parser { s, b: bytes, lone_surrogate: None };
    let mut i = p.skip_ws(0);
    if p.at(i) != Some(b'{') {
        return None;
    }
    i = p.skip_ws(i + 1);
    let mut found = None;
    loop {
        let (k, j) = p.object_key(i).ok()?;
        let end = if k == key && p.at(j) == Some(b'"') {
            let (v, end) = p.scan_string(j + 1).ok()?;
            found = Some(v);
            end
        } else {
            if k == key {
                found = None;
            }
            p.skip_value(j)?
        };
        let n = p.skip_ws(end);
        match p.at(n) {
            Some(b',') => i = p.skip_ws(n + 1),
            Some(b'}') if p.skip_ws(n + 1) == bytes.len() => return found.filter(|_| p.lone_surrogate.is_none()),
            _ => return None,
        }
    }
}

/// `json.dumps(v, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()`.
pub fn to_canonical(v: &Value) -> Vec<u8> {
    let mut out = Vec::new();
    write_value(&mut out, v, None, 0);
    out
}

/// `json.dump(v, f, indent=2, sort_keys=True, ensure_ascii=False)`: no trailing newline.
pub fn to_pretty(v: &Value) -> Vec<u8> {
    let mut out = Vec::new();
    write_value(&mut out, v, Some(2), 0);
    out
}

/// Append `v` in the indent-2 file format as it appears nested `level` deep (its inner lines indented by
/// `2 × (level + 1)` spaces), so a large document can be written one member at a time.
pub fn write_pretty_at(out: &mut Vec<u8>, v: &Value, level: usize) {
    write_value(out, v, Some(2), level);
}

/// Python `repr(float)` as `json` writes it (`1e+16`, `1e-07`, `0.5`, `NaN`, `Infinity`, `-Infinity`).
pub fn python_float_repr(f: f64) -> String {
    if f.is_nan() {
        return "NaN".into();
    }
    if f.is_infinite() {
        return if f > 0.0 { "Infinity" } else { "-Infinity" }.into();
    }
    // Rust's `{:e}` gives the shortest round-trip digits (the same digits as Python's dtoa mode 0), e.g.
    // "-1.2345e-7", "0e0"; only the layout differs.
    let sci = format!("{f:e}");
    let (sign, rest) = match sci.strip_prefix('-') {
        Some(r) => ("-", r),
        None => ("", sci.as_str()),
    };
    let (mantissa, exp) = rest.split_once('e').unwrap_or((rest, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let digits: String = mantissa.chars().filter(|c| *c != '.').collect();
    let n = digits.len() as i32;
    // CPython's format_float_short, mode 'r': value = 0.DIGITS × 10^decpt; exponent form iff decpt ∉ (-4, 16].
    let decpt = exp + 1;
    if decpt <= -4 || decpt > 16 {
        let frac = if n > 1 { format!(".{}", &digits[1..]) } else { String::new() };
        let esign = if exp < 0 { '-' } else { '+' };
        format!("{sign}{}{frac}e{esign}{:02}", &digits[..1], exp.abs())
    } else if decpt <= 0 {
        format!("{sign}0.{}{digits}", "0".repeat((-decpt) as usize))
    } else if decpt >= n {
        format!("{sign}{digits}{}.0", "0".repeat((decpt - n) as usize))
    } else {
        format!("{sign}{}.{}", &digits[..decpt as usize], &digits[decpt as usize..])
    }
}

// ------------------------------------------------------------------------------------------------------------
// Writers

/// Python's `_iterencode`: empty containers stay `[]`/`{}`; with an indent every item sits on its own line and
/// the item separator is a bare `,` (no trailing space). Kept free of closures and generics so that each level
/// of nesting costs little stack.
fn write_value(out: &mut Vec<u8>, v: &Value, indent: Option<usize>, level: usize) {
    match v {
        Value::Null => out.extend_from_slice(b"null"),
        Value::Bool(true) => out.extend_from_slice(b"true"),
        Value::Bool(false) => out.extend_from_slice(b"false"),
        Value::Int(i) => out.extend_from_slice(i.to_string().as_bytes()),
        Value::Float(f) => out.extend_from_slice(python_float_repr(*f).as_bytes()),
        Value::Str(s) => write_str(out, s),
        Value::Array(items) => {
            out.push(b'[');
            for (i, item) in items.iter().enumerate() {
                item_start(out, i, indent, level + 1);
                write_value(out, item, indent, level + 1);
            }
            container_end(out, items.is_empty(), indent, level);
            out.push(b']');
        }
        Value::Object(map) => {
            out.push(b'{');
            for (i, (key, item)) in map.iter().enumerate() {
                item_start(out, i, indent, level + 1);
                write_str(out, key);
                out.extend_from_slice(if indent.is_some() { b": " } else { b":" });
                write_value(out, item, indent, level + 1);
            }
            container_end(out, map.is_empty(), indent, level);
            out.push(b'}');
        }
    }
}

/// A borrowed member value for [`write_members`]: writes exactly as the `Value` it stands for.
#[derive(Debug, Clone, Copy)]
pub enum Ref<'a> {
    Str(&'a str),
    /// An array of strings.
    Strs(&'a [String]),
    Int(i128),
    Bool(bool),
    Value(&'a Value),
    /// A value already written as JSON (e.g. a large string's literal from [`string_literal`], written once and
    /// copied into each document that holds it). Its bytes are copied as they are.
    Json(&'a [u8]),
}

/// Write an object given as members whose keys are in code-point order (as a `BTreeMap` holds them), exactly
/// as `write_value` writes the equal `Value::Object`, without building it. `indent`: `None` canonical, `Some(2)`
/// the file format.
pub fn write_members(out: &mut Vec<u8>, members: &[(&str, Ref<'_>)], indent: Option<usize>, level: usize) {
    debug_assert!(members.windows(2).all(|w| w[0].0 < w[1].0), "keys must be sorted and distinct");
    out.push(b'{');
    for (i, (key, item)) in members.iter().enumerate() {
        item_start(out, i, indent, level + 1);
        write_str(out, key);
        out.extend_from_slice(if indent.is_some() { b": " } else { b":" });
        match *item {
            Ref::Str(s) => write_str(out, s),
            Ref::Strs(items) => write_strs(out, items, indent, level + 1),
            Ref::Int(n) => out.extend_from_slice(n.to_string().as_bytes()),
            Ref::Bool(b) => out.extend_from_slice(if b { b"true" } else { b"false" }),
            Ref::Value(v) => write_value(out, v, indent, level + 1),
            Ref::Json(bytes) => out.extend_from_slice(bytes),
        }
    }
    container_end(out, members.is_empty(), indent, level);
    out.push(b'}');
}

/// A canonical document held as the small bytes written around its large pre-written members, not copied into
/// one buffer: a fold hashes two documents that hold the payload's megabyte literals (feature `fast-fold`), and
/// feeding a hash these parts one by one spares building the ~3 MB of preimages.
#[cfg(fast_fold)]
pub struct Pieces<'a> {
    /// Every byte of the document except the large members.
    glue: Vec<u8>,
    /// (where in `glue` the member goes, its bytes), in document order.
    large: Vec<(usize, &'a [u8])>,
}

#[cfg(fast_fold)]
impl<'a> Pieces<'a> {
    /// The document's bytes in order: the parts whose concatenation is the document.
    pub fn parts(&self) -> Vec<&[u8]> {
        let mut parts = Vec::with_capacity(2 * self.large.len() + 1);
        let mut at = 0;
        for &(cut, bytes) in &self.large {
            parts.push(&self.glue[at..cut]);
            parts.push(bytes);
            at = cut;
        }
        parts.push(&self.glue[at..]);
        parts
    }

    /// The whole document in one buffer (for the tests: what [`write_members`] writes).
    #[cfg(test)]
    pub fn concat(&self) -> Vec<u8> {
        self.parts().concat()
    }
}

/// The size from which a pre-written member is a part of its own in [`Pieces`]: a smaller one costs less to copy
/// than to hand to a hash as one more part.
#[cfg(fast_fold)]
pub const LARGE_PIECE: usize = 4096;

/// [`write_members`] of a top-level object (level 0) as [`Pieces`]: each [`Ref::Json`] member of at least `large`
/// bytes stays where it is. `indent`: `None` canonical, `Some(2)` the file format.
#[cfg(fast_fold)]
pub fn members_in_pieces<'a>(members: &[(&str, Ref<'a>)], indent: Option<usize>, large: usize) -> Pieces<'a> {
    debug_assert!(members.windows(2).all(|w| w[0].0 < w[1].0), "keys must be sorted and distinct");
    let mut pieces = Pieces { glue: Vec::with_capacity(4096), large: Vec::new() };
    let out = &mut pieces.glue;
    out.push(b'{');
    for (i, (key, item)) in members.iter().enumerate() {
        item_start(out, i, indent, 1);
        write_str(out, key);
        out.extend_from_slice(if indent.is_some() { b": " } else { b":" });
        match *item {
            Ref::Json(bytes) if bytes.len() >= large => pieces.large.push((out.len(), bytes)),
            Ref::Json(bytes) => out.extend_from_slice(bytes),
            Ref::Str(s) => write_str(out, s),
            Ref::Strs(items) => write_strs(out, items, indent, 1),
            Ref::Int(n) => out.extend_from_slice(n.to_string().as_bytes()),
            Ref::Bool(b) => out.extend_from_slice(if b { b"true" } else { b"false" }),
            Ref::Value(v) => write_value(out, v, indent, 1),
        }
    }
    container_end(out, members.is_empty(), indent, 0);
    out.push(b'}');
    pieces
}

/// An array of strings at `level`.
fn write_strs(out: &mut Vec<u8>, items: &[String], indent: Option<usize>, level: usize) {
    out.push(b'[');
    for (j, s) in items.iter().enumerate() {
        item_start(out, j, indent, level + 1);
        write_str(out, s);
    }
    container_end(out, items.is_empty(), indent, level);
    out.push(b']');
}

/// The canonical (compact) JSON of a list of strings, as [`Ref::Strs`] writes it in a document without indent:
/// written once, then copied (as [`Ref::Json`]) into each document that holds the list.
pub fn strs_literal(items: &[String]) -> Vec<u8> {
    let mut out = Vec::with_capacity(items.iter().map(|s| s.len() + 3).sum::<usize>() + 2);
    write_strs(&mut out, items, None, 0);
    out
}

/// Append the canonical JSON of an object (`to_canonical(&Value::Object(m))` without the wrapping copy).
pub fn write_canonical_object(out: &mut Vec<u8>, m: &BTreeMap<String, Value>) {
    let members: Vec<(&str, Ref<'_>)> = m.iter().map(|(k, v)| (k.as_str(), Ref::Value(v))).collect();
    write_members(out, &members, None, 0);
}

fn item_start(out: &mut Vec<u8>, i: usize, indent: Option<usize>, level: usize) {
    if i > 0 {
        out.push(b',');
    }
    if let Some(n) = indent {
        newline(out, n * level);
    }
}

fn container_end(out: &mut Vec<u8>, empty: bool, indent: Option<usize>, level: usize) {
    if let (Some(n), false) = (indent, empty) {
        newline(out, n * level);
    }
}

fn newline(out: &mut Vec<u8>, spaces: usize) {
    out.push(b'\n');
    out.resize(out.len() + spaces, b' ');
}

/// A string as a JSON literal (quotes included), exactly as every writer here writes it: for a large string that
/// goes into several documents (a node's file and its hash preimages), escaped once.
pub fn string_literal(s: &str) -> Vec<u8> {
    let mut out = Vec::with_capacity(s.len() + s.len() / 16 + 2);
    write_str(&mut out, s);
    out
}

/// `ensure_ascii=False` escaping: only `"`, `\` and C0 controls; everything else (DEL, U+2028, `/`, non-ASCII)
/// is written raw.
fn write_str(out: &mut Vec<u8>, s: &str) {
    out.push(b'"');
    let bytes = s.as_bytes();
    let mut start = 0;
    let mut i = 0;
    loop {
        // Most text needs no escape: skip sixteen bytes at a time (fast-fold) while none is a control, `"` or `\`.
        #[cfg(fast_fold)]
        {
            i = swar::json_escape_first(bytes, i);
        }
        // Else eight: in a word that has one, the lowest flagged byte is the first that needs an escape.
        #[cfg(not(fast_fold))]
        while i + 8 <= bytes.len() {
            let m = swar::json_escape(swar::load(bytes, i));
            if m != 0 {
                i += (m.trailing_zeros() / 8) as usize;
                break;
            }
            i += 8;
        }
        let Some(&b) = bytes.get(i) else { break };
        i += 1;
        let esc: &[u8] = match b {
            b'"' => b"\\\"",
            b'\\' => b"\\\\",
            b'\n' => b"\\n",
            b'\r' => b"\\r",
            b'\t' => b"\\t",
            0x08 => b"\\b",
            0x0c => b"\\f",
            0x00..=0x1f => b"",
            _ => continue,
        };
        out.extend_from_slice(&bytes[start..i - 1]);
        if esc.is_empty() {
            const HEX: &[u8; 16] = b"0123456789abcdef";
            out.extend_from_slice(&[b'\\', b'u', b'0', b'0', HEX[(b >> 4) as usize], HEX[(b & 15) as usize]]);
        } else {
            out.extend_from_slice(esc);
        }
        start = i;
    }
    out.extend_from_slice(&bytes[start..]);
    out.push(b'"');
}

/// Whether `eight` is eight bytes of which none needs an escape (a control, `"` or `\`).
#[inline]
#[cfg(read_in_place)]
pub(crate) fn word_is_plain(eight: &[u8]) -> bool {
    eight.len() == 8 && swar::json_escape(swar::load(eight, 0)) == 0
}

/// The end of the run of spaces that starts at `i` (`i` itself when there is none), a word at a time.
#[inline]
#[cfg(read_in_place)]
fn spaces_end(b: &[u8], mut i: usize) -> usize {
    const HIGH_BITS: u64 = 0x8080_8080_8080_8080;
    while i + 8 <= b.len() {
        let other = !swar::eq(swar::load(b, i), b' ') & HIGH_BITS;
        if other != 0 {
            return i + (other.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    while b.get(i) == Some(&b' ') {
        i += 1;
    }
    i
}

/// The canonical JSON of a document (spec §2.2) without parsing it into values, for a document whose strings are
/// already written the canonical way (what this engine and the reference write), with one top-level string member
/// (`drop`) left out, and that member's value. `None` when the document is anything else (floats, other escapes,
/// keys out of order or repeated, nesting deeper than [`MAX_DEPTH`], not an object, `drop` missing or not a plain
/// string): the caller then parses it. Only whitespace outside strings is removed, so whenever this answers, it
/// answers what parsing and re-serialising would.
pub fn canonical_without(text: &str, drop: &str) -> Option<(Vec<u8>, String)> {
    canonical_with(text, drop, ()).map(|(out, value, ())| (out, value))
}

/// [`canonical_without`], telling `tokens` of every value on the way (see [`crate::tape`]).
pub(crate) fn canonical_with<T: Tokens>(text: &str, drop: &str, tokens: T) -> Option<(Vec<u8>, String, T)> {
    let bytes = text.as_bytes();
    let mut m = Minifier { b: bytes, i: 0, out: Vec::with_capacity(bytes.len()), dropped: None, tokens };
    m.ws();
    if m.b.get(m.i) != Some(&b'{') {
        return None;
    }
    m.value(0, Some(drop))?;
    m.ws();
    if m.i != bytes.len() {
        return None;
    }
    let (start, end, value) = m.dropped?;
    // The member and the comma that joined it to a neighbour.
    let (start, end) = if m.out.get(end) == Some(&b',') {
        (start, end + 1)
    } else if start > 0 && m.out[start - 1] == b',' {
        (start - 1, end)
    } else {
        (start, end)
    };
    m.out.drain(start..end);
    Some((m.out, value, m.tokens))
}

/// What the minifier tells of the values it walks (nothing, or a tape's tokens).
pub(crate) trait Tokens {
    fn open(&mut self, _depth: usize) -> usize {
        0
    }
    fn close(&mut self, _at: usize, _object: bool) {}
    fn string(&mut self, _start: usize, _end: usize, _escaped: bool) {}
    fn int(&mut self, _text: &[u8], _start: usize, _end: usize) {}
    fn literal(&mut self, _first: u8) {}
}

impl Tokens for () {}

struct Minifier<'a, T> {
    b: &'a [u8],
    i: usize,
    out: Vec<u8>,
    /// Where the dropped member is in `out`, and its value.
    dropped: Option<(usize, usize, String)>,
    tokens: T,
}

impl<T: Tokens> Minifier<'_, T> {
    fn ws(&mut self) {
        // A pretty-printed document (every cold node) has a line break then an indentation before each member and
        // item: the spaces are skipped a word at a time (Node and native builds: size).
        #[cfg(read_in_place)]
        if self.b.get(self.i) == Some(&b'\n') {
            self.i = spaces_end(self.b, self.i + 1);
        }
        while matches!(self.b.get(self.i), Some(b' ' | b'\n' | b'\r' | b'\t')) {
            self.i += 1;
        }
    }

    /// A canonically escaped string at `i` (its quote), copied; its raw content, and whether it has escapes.
    fn string(&mut self) -> Option<(usize, usize, bool)> {
        let start = self.i + 1;
        let mut i = start;
        let mut escaped = false;
        loop {
            // Straight to the next byte that ends or escapes the string, words at a time: payloads are long runs
            // of plain bytes, and a short string (most of a node's) is one step (Node and native builds: size).
            #[cfg(read_in_place)]
            {
                i = swar::json_escape_first(self.b, i);
            }
            match *self.b.get(i)? {
                b'"' => break,
                b'\\' => match *self.b.get(i + 1)? {
                    b'"' | b'\\' | b'n' | b'r' | b't' | b'b' | b'f' => {
                        escaped = true;
                        i += 2;
                    }
                    b'u' => {
                        let hex = self.b.get(i + 2..i + 6)?;
                        let lower = |c: &u8| c.is_ascii_digit() || (b'a'..=b'f').contains(c);
                        if &hex[..2] != b"00" || !hex[2..].iter().all(lower) {
                            return None;
                        }
                        let v = u8::from_str_radix(std::str::from_utf8(&hex[2..]).ok()?, 16).ok()?;
                        // Only controls without a short escape are written as \u00XX.
                        if v >= 0x20 || matches!(v, 0x08..=0x0a | 0x0c | 0x0d) {
                            return None;
                        }
                        escaped = true;
                        i += 6;
                    }
                    _ => return None,
                },
                0x00..=0x1f => return None,
                _ => i += 1,
            }
        }
        self.out.extend_from_slice(&self.b[self.i..=i]);
        self.i = i + 1;
        Some((start, i, escaped))
    }

    /// One value at `i`; `drop` names the member to leave out (top level only).
    fn value(&mut self, depth: usize, drop: Option<&str>) -> Option<()> {
        match *self.b.get(self.i)? {
            b'{' => {
                if depth >= MAX_DEPTH {
                    return None;
                }
                self.out.push(b'{');
                self.i += 1;
                self.ws();
                let at = self.tokens.open(depth);
                let mut last: Option<(usize, usize)> = None;
                if self.b.get(self.i) == Some(&b'}') {
                    self.out.push(b'}');
                    self.i += 1;
                    self.tokens.close(at, true);
                    return Some(());
                }
                loop {
                    if self.b.get(self.i) != Some(&b'"') {
                        return None;
                    }
                    let member = self.out.len();
                    let (ks, ke, key_escaped) = self.string()?;
                    let key = &self.b[ks..ke];
                    // Keys compare by their text: without escapes, UTF-8 byte order is code-point order.
                    if key_escaped || last.is_some_and(|(s, e)| key <= &self.b[s..e]) {
                        return None;
                    }
                    self.tokens.string(ks, ke, false);
                    last = Some((ks, ke));
                    self.ws();
                    if self.b.get(self.i) != Some(&b':') {
                        return None;
                    }
                    self.out.push(b':');
                    self.i += 1;
                    self.ws();
                    let is_dropped = drop.is_some_and(|d| d.as_bytes() == key);
                    let value_at = self.i;
                    self.value(depth + 1, None)?;
                    if is_dropped {
                        if self.b.get(value_at) != Some(&b'"') {
                            return None;
                        }
                        let text = std::str::from_utf8(&self.b[value_at + 1..self.i - 1]).ok()?;
                        if text.contains('\\') {
                            return None;
                        }
                        self.dropped = Some((member, self.out.len(), text.to_string()));
                    }
                    self.ws();
                    match *self.b.get(self.i)? {
                        b',' => {
                            self.out.push(b',');
                            self.i += 1;
                            self.ws();
                        }
                        b'}' => {
                            self.out.push(b'}');
                            self.i += 1;
                            self.tokens.close(at, true);
                            return Some(());
                        }
                        _ => return None,
                    }
                }
            }
            b'[' => {
                if depth >= MAX_DEPTH {
                    return None;
                }
                self.out.push(b'[');
                self.i += 1;
                self.ws();
                let at = self.tokens.open(depth);
                if self.b.get(self.i) == Some(&b']') {
                    self.out.push(b']');
                    self.i += 1;
                    self.tokens.close(at, false);
                    return Some(());
                }
                loop {
                    self.value(depth + 1, None)?;
                    self.ws();
                    match *self.b.get(self.i)? {
                        b',' => {
                            self.out.push(b',');
                            self.i += 1;
                            self.ws();
                        }
                        b']' => {
                            self.out.push(b']');
                            self.i += 1;
                            self.tokens.close(at, false);
                            return Some(());
                        }
                        _ => return None,
                    }
                }
            }
            b'"' => {
                let (start, end, escaped) = self.string()?;
                self.tokens.string(start, end, escaped);
                Some(())
            }
            c @ (b't' | b'f' | b'n') => {
                let word: &[u8] = match c {
                    b't' => b"true",
                    b'f' => b"false",
                    _ => b"null",
                };
                if self.b.get(self.i..self.i + word.len())? != word {
                    return None;
                }
                self.out.extend_from_slice(word);
                self.i += word.len();
                self.tokens.literal(c);
                Some(())
            }
            c @ (b'-' | b'0'..=b'9') => {
                let start = self.i;
                if c == b'-' {
                    self.i += 1;
                }
                let digits = self.i;
                while self.b.get(self.i).is_some_and(u8::is_ascii_digit) {
                    self.i += 1;
                }
                let d = &self.b[digits..self.i];
                // Integers only, written as Python writes them (no leading zero, no -0).
                if d.is_empty() || (d[0] == b'0' && (d.len() > 1 || c == b'-')) {
                    return None;
                }
                if matches!(self.b.get(self.i), Some(b'.' | b'e' | b'E')) {
                    return None;
                }
                self.out.extend_from_slice(&self.b[start..self.i]);
                self.tokens.int(self.b, start, self.i);
                Some(())
            }
            _ => None,
        }
    }
}

// ------------------------------------------------------------------------------------------------------------
// Parser: a transcription of CPython's scan_once_unicode & co. Indices are byte offsets into valid UTF-8; every
// index the scanner stops at is an ASCII byte or the end, hence a char boundary.

struct Parser<'a> {
    s: &'a str,
    b: &'a [u8],
    /// Byte offset of the first lone surrogate escape seen (reported once the whole document parsed).
    lone_surrogate: Option<usize>,
}

type Scan<T> = Result<(T, usize), ParseError>;

impl Parser<'_> {
    /// Python's `JSONDecodeError` message: positions count code points, lines and columns from 1.
    fn error(&self, msg: &str, pos: usize) -> ParseError {
        let (line, col, ch) = self.position(pos);
        ParseError { message: format!("{msg}: line {line} column {col} (char {ch})") }
    }

    fn position(&self, pos: usize) -> (usize, usize, usize) {
        let prefix = self.s.get(..pos).unwrap_or(self.s);
        let ch = prefix.chars().count();
        let line = prefix.bytes().filter(|&b| b == b'\n').count() + 1;
        let col = match prefix.rfind('\n') {
            Some(nl) => ch - prefix[..nl].chars().count(),
            None => ch + 1,
        };
        (line, col, ch)
    }

    fn at(&self, i: usize) -> Option<u8> { self.b.get(i).copied() }

    fn skip_ws(&self, mut i: usize) -> usize {
        while matches!(self.at(i), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            i += 1;
        }
        i
    }

    /// CPython's `scan_once_unicode` with `_parse_array_unicode`/`_parse_object_unicode` folded in, run on
    /// an explicit stack of open containers so that deep documents cannot exhaust the call stack.
    fn scan_once(&mut self, mut idx: usize) -> Scan<Value> {
        enum Open {
            Array(Vec<Value>),
            /// The object so far and the key whose value is being parsed.
            Object(BTreeMap<String, Value>, String),
        }
        let mut stack: Vec<Open> = Vec::new();
        loop {
            // Parse the value at `idx`; an opened non-empty container resumes the loop at its first item.
            let (mut value, mut next) = match self.at(idx) {
                Some(c @ (b'[' | b'{')) => {
                    if stack.len() >= MAX_DEPTH {
                        return Err(ParseError { message: format!("JSON nesting deeper than {MAX_DEPTH} levels") });
                    }
                    let i = self.skip_ws(idx + 1);
                    match (c, self.at(i)) {
                        (b'[', Some(b']')) => (Value::Array(Vec::new()), i + 1),
                        (b'{', Some(b'}')) => (Value::Object(BTreeMap::new()), i + 1),
                        (b'[', _) => {
                            stack.push(Open::Array(Vec::new()));
                            idx = i;
                            continue;
                        }
                        _ => {
                            let (key, j) = self.object_key(i)?;
                            stack.push(Open::Object(BTreeMap::new(), key));
                            idx = j;
                            continue;
                        }
                    }
                }
                _ => self.scan_scalar(idx)?,
            };
            // Hand the finished value to its container; close containers until one expects another item.
            loop {
                let i = self.skip_ws(next);
                let close = match stack.last_mut() {
                    None => return Ok((value, next)),
                    Some(Open::Array(items)) => {
                        items.push(value);
                        b']'
                    }
                    Some(Open::Object(map, key)) => {
                        map.insert(std::mem::take(key), value);
                        b'}'
                    }
                };
                match self.at(i) {
                    Some(c) if c == close => {
                        value = match stack.pop() {
                            Some(Open::Array(items)) => Value::Array(items),
                            Some(Open::Object(map, _)) => Value::Object(map),
                            None => unreachable!("the stack was non-empty just above"),
                        };
                        next = i + 1;
                    }
                    Some(b',') => {
                        idx = self.skip_ws(i + 1);
                        if let Some(Open::Object(_, key)) = stack.last_mut() {
                            let (k, j) = self.object_key(idx)?;
                            *key = k;
                            idx = j;
                        }
                        break;
                    }
                    _ => return Err(self.error("Expecting ',' delimiter", i)),
                }
            }
        }
    }

    /// `"key" :` with the whitespace around the colon; returns the key and where its value starts.
    fn object_key(&mut self, idx: usize) -> Scan<String> {
        if self.at(idx) != Some(b'"') {
            return Err(self.error("Expecting property name enclosed in double quotes", idx));
        }
        let (key, next) = self.scan_string(idx + 1)?;
        let i = self.skip_ws(next);
        if self.at(i) != Some(b':') {
            return Err(self.error("Expecting ':' delimiter", i));
        }
        Ok((key, self.skip_ws(i + 1)))
    }

    /// A string, a literal or a number at `idx`.
    fn scan_scalar(&mut self, idx: usize) -> Scan<Value> {
        let rest = &self.b[idx.min(self.b.len())..];
        let word = |w: &str, v: Value| rest.starts_with(w.as_bytes()).then(|| (v, idx + w.len()));
        let found = match rest.first() {
            None => return Err(self.error("Expecting value", idx)),
            Some(b'"') => return self.scan_string(idx + 1).map(|(s, e)| (Value::Str(s), e)),
            Some(b'n') => word("null", Value::Null),
            Some(b't') => word("true", Value::Bool(true)),
            Some(b'f') => word("false", Value::Bool(false)),
            Some(b'N') => word("NaN", Value::Float(f64::NAN)),
            Some(b'I') => word("Infinity", Value::Float(f64::INFINITY)),
            Some(b'-') => word("-Infinity", Value::Float(f64::NEG_INFINITY)),
            Some(_) => None,
        };
        match found {
            Some(r) => Ok(r),
            None => self.match_number(idx),
        }
    }

    /// `-?(0|[1-9]\d*)(\.\d+)?([eE][-+]?\d+)?`; a `.` or `e` not followed by digits is left for the caller
    /// (which then reports "Extra data" or a missing delimiter, as Python does).
    fn match_number(&self, start: usize) -> Scan<Value> {
        let digit = |i: usize| self.at(i).is_some_and(|c| c.is_ascii_digit());
        let mut idx = start;
        if self.at(idx) == Some(b'-') {
            idx += 1;
        }
        match self.at(idx) {
            Some(b'1'..=b'9') => {
                idx += 1;
                while digit(idx) {
                    idx += 1;
                }
            }
            Some(b'0') => idx += 1,
            _ => return Err(self.error("Expecting value", start)),
        }
        let mut is_float = false;
        if self.at(idx) == Some(b'.') && digit(idx + 1) {
            is_float = true;
            idx += 2;
            while digit(idx) {
                idx += 1;
            }
        }
        if matches!(self.at(idx), Some(b'e' | b'E')) {
            let mut e = idx + 1;
            if matches!(self.at(e), Some(b'+' | b'-')) {
                e += 1;
            }
            if digit(e) {
                is_float = true;
                idx = e;
                while digit(idx) {
                    idx += 1;
                }
            }
        }
        let text = &self.s[start..idx];
        let v = if is_float {
            // Correctly rounded like Python's float(); overflow gives ±inf, underflow ±0.0.
            Value::Float(text.parse().map_err(|_| self.error("Invalid number", start))?)
        } else {
            Value::Int(text.parse().map_err(|_| {
                let shown = if text.len() > 60 { format!("{}…", &text[..60]) } else { text.to_string() };
                self.error(&format!("Integer {shown} does not fit in 128 bits"), start)
            })?)
        };
        Ok((v, idx))
    }

    /// CPython's `scanstring_unicode`; `end` is just past the opening quote.
    fn scan_string(&mut self, mut end: usize) -> Scan<String> {
        let begin = end - 1;
        let len = self.b.len();
        let mut out = String::new();
        loop {
            let mut next = end;
            // Eight plain bytes at a time: payloads are long runs of them (Node and native builds: size).
            #[cfg(read_in_place)]
            while next + 8 <= len && word_is_plain(&self.b[next..next + 8]) {
                next += 8;
            }
            while next < len && !matches!(self.b[next], b'"' | b'\\') {
                if self.b[next] <= 0x1f {
                    return Err(self.error("Invalid control character at", next));
                }
                next += 1;
            }
            if next >= len {
                return Err(self.error("Unterminated string starting at", begin));
            }
            out.push_str(&self.s[end..next]);
            if self.b[next] == b'"' {
                return Ok((out, next + 1));
            }
            next += 1; // past the backslash
            let Some(c) = self.at(next) else {
                return Err(self.error("Unterminated string starting at", begin));
            };
            if c != b'u' {
                end = next + 1;
                out.push(match c {
                    b'"' => '"',
                    b'\\' => '\\',
                    b'/' => '/',
                    b'b' => '\u{8}',
                    b'f' => '\u{c}',
                    b'n' => '\n',
                    b'r' => '\r',
                    b't' => '\t',
                    _ => return Err(self.error("Invalid \\escape", end - 2)),
                });
                continue;
            }
            next += 1;
            end = next + 4;
            // `>=`, not `>`: Python wants at least one char after the 4 digits (the closing quote, at least).
            if end >= len {
                return Err(self.error("Invalid \\uXXXX escape", next - 1));
            }
            let mut cp = self.hex4(next).ok_or_else(|| self.error("Invalid \\uXXXX escape", end - 5))?;
            if (0xd800..0xdc00).contains(&cp) && end + 6 < len && self.b[end] == b'\\' && self.b[end + 1] == b'u' {
                let low = self.hex4(end + 2).ok_or_else(|| self.error("Invalid \\uXXXX escape", end + 1))?;
                if (0xdc00..0xe000).contains(&low) {
                    cp = 0x10000 + ((cp - 0xd800) << 10) + (low - 0xdc00);
                    end += 6;
                }
                // else: Python keeps the lone high surrogate and rescans the second escape on its own.
            }
            match char::from_u32(cp) {
                Some(ch) => out.push(ch),
                None => {
                    self.lone_surrogate.get_or_insert(next - 2);
                    out.push('\u{fffd}');
                }
            }
        }
    }

    /// Past the value at `idx` (a string, a container with everything in it, or a scalar up to the next
    /// delimiter), without building it; `None` if it is missing, unterminated or its brackets do not pair.
    #[cfg(ranked_v2)]
    fn skip_value(&self, idx: usize) -> Option<usize> {
        let mut open: Vec<u8> = Vec::new();
        let mut i = idx;
        loop {
            match *self.b.get(i)? {
                b'"' => {
                    i += 1;
                    loop {
                        match *self.b.get(i)? {
                            b'"' => break,
                            b'\\' => i += 2,
                            _ => i += 1,
                        }
                    }
                    i += 1;
                }
                b'[' => {
                    open.push(b']');
                    i += 1;
                }
                b'{' => {
                    open.push(b'}');
                    i += 1;
                }
                c @ (b']' | b'}') => {
                    if open.pop()? != c {
                        return None;
                    }
                    i += 1;
                }
                b',' | b':' | b' ' | b'\t' | b'\n' | b'\r' => {
                    if open.is_empty() {
                        return None;
                    }
                    i += 1;
                    continue;
                }
                _ => {
                    while self.b.get(i).is_some_and(|c| !matches!(c, b',' | b':' | b'[' | b']' | b'{' | b'}' | b'"' | b' ' | b'\t' | b'\n' | b'\r')) {
                        i += 1;
                    }
                }
            }
            if open.is_empty() {
                return Some(i);
            }
        }
    }

    fn hex4(&self, i: usize) -> Option<u32> {
        let digits = self.b.get(i..i + 4)?;
        digits.iter().try_fold(0u32, |acc, &d| Some(acc * 16 + (d as char).to_digit(16)?))
    }
}

/// Python's `UnicodeDecodeError` text for `bytes.decode("utf-8")` (same maximal-subpart ranges as Rust).
fn utf8_error(bytes: &[u8], e: &std::str::Utf8Error) -> ParseError {
    let start = e.valid_up_to();
    let (end, reason) = match e.error_len() {
        None => (bytes.len(), "unexpected end of data"),
        Some(n) => {
            let lead = bytes[start];
            let invalid_start = matches!(lead, 0x80..=0xc1 | 0xf5..=0xff);
            (start + n, if invalid_start { "invalid start byte" } else { "invalid continuation byte" })
        }
    };
    let message = if end - start == 1 {
        format!("'utf-8' codec can't decode byte 0x{:02x} in position {start}: {reason}", bytes[start])
    } else {
        format!("'utf-8' codec can't decode bytes in position {start}-{}: {reason}", end - 1)
    };
    ParseError { message }
}

/// Python `str(v)` of the value `json.load` gives: a str as is, everything else as `repr` (`None`, `True`,
/// `['a', 1]`, `{'k': 2.5}`). Dict keys print in code-point order (Python would keep file order).
pub fn python_str(v: &Value) -> String {
    match v {
        Value::Str(s) => s.clone(),
        other => python_repr(other),
    }
}

/// Python `repr(v)` of a JSON value.
pub fn python_repr(v: &Value) -> String {
    match v {
        Value::Null => "None".into(),
        Value::Bool(true) => "True".into(),
        Value::Bool(false) => "False".into(),
        Value::Int(i) => i.to_string(),
        Value::Float(f) if f.is_nan() => "nan".into(),
        Value::Float(f) if f.is_infinite() => if *f > 0.0 { "inf" } else { "-inf" }.into(),
        Value::Float(f) => python_float_repr(*f),
        Value::Str(s) => crate::text::python_str_repr(s),
        Value::Array(items) => format!("[{}]", items.iter().map(python_repr).collect::<Vec<_>>().join(", ")),
        Value::Object(m) => format!(
            "{{{}}}",
            m.iter()
                .map(|(k, v)| format!("{}: {}", crate::text::python_str_repr(k), python_repr(v)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

// ------------------------------------------------------------------------------------------------------------
// Helpers for the engine

impl Value {
    pub fn as_str(&self) -> Option<&str> {
        match self { Value::Str(s) => Some(s), _ => None }
    }

    /// Only a JSON int (not a bool; see [`Value::python_int`]).
    pub fn as_i128(&self) -> Option<i128> {
        match self { Value::Int(i) => Some(*i), _ => None }
    }

    /// A JSON int that fits in i64.
    pub fn as_i64(&self) -> Option<i64> { self.as_i128().and_then(|i| i64::try_from(i).ok()) }

    /// The value as Python int arithmetic sees it: ints, and bools as 0/1 (`isinstance(True, int)`).
    pub fn python_int(&self) -> Option<i128> {
        match self { Value::Int(i) => Some(*i), Value::Bool(b) => Some(i128::from(*b)), _ => None }
    }

    pub fn as_f64(&self) -> Option<f64> {
        match self { Value::Float(f) => Some(*f), _ => None }
    }

    pub fn as_bool(&self) -> Option<bool> {
        match self { Value::Bool(b) => Some(*b), _ => None }
    }

    pub fn as_array(&self) -> Option<&Vec<Value>> {
        match self { Value::Array(a) => Some(a), _ => None }
    }

    pub fn as_object(&self) -> Option<&BTreeMap<String, Value>> {
        match self { Value::Object(m) => Some(m), _ => None }
    }

    pub fn is_null(&self) -> bool { matches!(self, Value::Null) }

    /// `obj.get(key)` on an object; `None` for a missing key or a non-object.
    pub fn get(&self, key: &str) -> Option<&Value> { self.as_object()?.get(key) }

    /// A list of strings (e.g. `files`), `None` if not an array or any item is not a string.
    pub fn as_str_vec(&self) -> Option<Vec<String>> {
        self.as_array()?.iter().map(|v| v.as_str().map(str::to_string)).collect()
    }

    /// `type(v).__name__` in Python, for error messages.
    pub fn type_name(&self) -> &'static str {
        match self {
            Value::Null => "NoneType",
            Value::Bool(_) => "bool",
            Value::Int(_) => "int",
            Value::Float(_) => "float",
            Value::Str(_) => "str",
            Value::Array(_) => "list",
            Value::Object(_) => "dict",
        }
    }

    /// `bool(v)` in Python: None, False, 0, 0.0, -0.0, "", [] and {} are falsy; NaN is truthy.
    pub fn python_truthy(&self) -> bool {
        match self {
            Value::Null => false,
            Value::Bool(b) => *b,
            Value::Int(i) => *i != 0,
            Value::Float(f) => *f != 0.0,
            Value::Str(s) => !s.is_empty(),
            Value::Array(a) => !a.is_empty(),
            Value::Object(m) => !m.is_empty(),
        }
    }
}

impl From<&str> for Value {
    fn from(s: &str) -> Self { Value::Str(s.to_string()) }
}
impl From<String> for Value {
    fn from(s: String) -> Self { Value::Str(s) }
}
impl From<&String> for Value {
    fn from(s: &String) -> Self { Value::Str(s.clone()) }
}
impl From<bool> for Value {
    fn from(b: bool) -> Self { Value::Bool(b) }
}
impl From<f64> for Value {
    fn from(f: f64) -> Self { Value::Float(f) }
}
// i32 is included so that an untyped literal (`Value::from(3)`) compiles.
macro_rules! from_int {
    ($($t:ty),*) => {$(
        impl From<$t> for Value {
            fn from(i: $t) -> Self { Value::Int(i128::from(i)) }
        }
    )*};
}
from_int!(i32, i64, i128, u32, u64);
impl From<usize> for Value {
    fn from(i: usize) -> Self { Value::Int(i as i128) } // usize is at most 64 bits on every target
}
impl From<Vec<String>> for Value {
    fn from(v: Vec<String>) -> Self { Value::Array(v.into_iter().map(Value::Str).collect()) }
}
impl From<&[String]> for Value {
    fn from(v: &[String]) -> Self { Value::Array(v.iter().map(Value::from).collect()) }
}
impl From<Vec<Value>> for Value {
    fn from(v: Vec<Value>) -> Self { Value::Array(v) }
}
impl From<BTreeMap<String, Value>> for Value {
    fn from(m: BTreeMap<String, Value>) -> Self { Value::Object(m) }
}
/// `None` becomes `null`, as Python writes it.
impl<T: Into<Value>> From<Option<T>> for Value {
    fn from(o: Option<T>) -> Self { o.map_or(Value::Null, Into::into) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(fast_fold)]
    #[test]
    fn a_document_in_pieces_is_the_document_written_whole() {
        let big = string_literal(&"x\"y\u{1}é\n".repeat(2000));
        let small = string_literal("small \"one\"");
        let strs = vec!["a".to_string(), "b\\".to_string()];
        let value = Value::Object(BTreeMap::from([("k".to_string(), Value::Array(vec![Value::Float(1.5), Value::Null]))]));
        let cases: Vec<Vec<(&str, Ref<'_>)>> = vec![
            vec![],
            vec![("a", Ref::Json(&big))],
            vec![("a", Ref::Json(&big)), ("b", Ref::Json(&big))],
            vec![("a", Ref::Json(&small)), ("b", Ref::Json(&big)), ("c", Ref::Strs(&strs)), ("d", Ref::Strs(&[]))],
            vec![("a", Ref::Int(-5)), ("b", Ref::Bool(true)), ("c", Ref::Str("t\u{7f}")), ("d", Ref::Value(&value)), ("e", Ref::Json(&big))],
        ];
        for members in cases {
            for indent in [None, Some(2)] {
                let mut whole = Vec::new();
                write_members(&mut whole, &members, indent, 0);
                let pieces = members_in_pieces(&members, indent, LARGE_PIECE);
                assert_eq!(pieces.concat(), whole, "indent {indent:?}");
                let large = members.iter().filter(|(_, r)| matches!(r, Ref::Json(b) if b.len() >= LARGE_PIECE)).count();
                assert_eq!(pieces.parts().len(), 2 * large + 1, "each large member a part of its own");
            }
        }
    }

    #[test]
    fn a_string_member_is_what_parse_gives() {
        let docs: &[&str] = &[
            r#"{"a": [1, {"raw_content": "x"}, "]"], "raw_content": "line\nt\u00e9xt \"q\"", "z": {"k": [true, null, -1.5e3]}}"#,
            r#"{"raw_content": "first", "raw_content": "last"}"#,
            r#"{"raw_content": "first", "raw_content": 3}"#,
            r#"{"raw_content": ["not", "a", "string"]}"#,
            r#"{"other": "raw_content"}"#,
            r#"{"raw_content": "x"} trailing"#,
            r#"{"raw_content": "x",}"#,
            r#"{"a": [1, 2}, "raw_content": "x"}"#,
            r#"{"a": "unterminated, "raw_content": "x"}"#,
            r#"["raw_content", "x"]"#,
            r#"{}"#,
            r#"  {"b":"\\","raw_content":""}  "#,
        ];
        for d in docs {
            let parsed = parse(d.as_bytes()).ok().and_then(|v| v.get("raw_content").and_then(Value::as_str).map(str::to_string));
            assert_eq!(string_member(d.as_bytes(), "raw_content"), parsed, "{d}");
        }
    }

    #[test]
    fn float_layout() {
        for (f, s) in [(1e16, "1e+16"), (1e-7, "1e-07"), (1.5e300, "1.5e+300"), (1e-4, "0.0001"), (-0.0, "-0.0"),
                       (123456789012345.0, "123456789012345.0"), (1234567890123456.8, "1234567890123456.8"),
                       (1e15, "1000000000000000.0"), (0.5, "0.5"), (5e-324, "5e-324"), (f64::NAN, "NaN")] {
            assert_eq!(python_float_repr(f), s);
        }
    }

    #[test]
    fn writers() {
        let v = parse(br#"{"b":[],"a":{},"c":[1,{"d":"\u007f\u2028/\u0000\u001f\b"}]}"#).unwrap();
        let d = "\"\u{7f}\u{2028}/\\u0000\\u001f\\b\"";
        let pretty = format!("{{\n  \"a\": {{}},\n  \"b\": [],\n  \"c\": [\n    1,\n    {{\n      \"d\": {d}\n    }}\n  ]\n}}");
        assert_eq!(to_pretty(&v), pretty.as_bytes());
        assert_eq!(to_canonical(&v), format!("{{\"a\":{{}},\"b\":[],\"c\":[1,{{\"d\":{d}}}]}}").as_bytes());
    }
}
