//! A canonical JSON document read in place, for `validate`: one token per value, in document order (an object's
//! members as key, value, key, value...), each token telling where the tokens after it (and everything in it)
//! start. Strings stay in the text and are decoded on demand (a canonical string has few escapes, most none), so
//! checking a cold node against its schema needs no allocation per string: a node's identifiers are hundreds of
//! strings, and `validate` reads every node.
//!
//! Only for documents [`json::canonical_without`] accepted (well-formed, canonical: sorted keys, no floats, only
//! the escapes the writers use); for those, what the tape reads is exactly what [`json::parse`] gives (tested on
//! every document the canonical reader's tests try). In the Node build and natively (feature `read-in-place`);
//! the browser and bundler builds parse instead (size).

use std::borrow::Cow;

use crate::json::{self, Value};

/// Nesting the tape takes (deeper documents are parsed instead: no schema needs them).
const DEPTH: usize = 64;

const OBJECT: u8 = 0;
const ARRAY: u8 = 1;
/// A string without escapes (its text is its value); `ESCAPED` one with some.
const STRING: u8 = 2;
const ESCAPED: u8 = 3;
const INT: u8 = 4;
const TRUE: u8 = 5;
const FALSE: u8 = 6;
const NULL: u8 = 7;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Tok {
    kind: u8,
    /// Strings: their contents (between the quotes); integers: their digits; otherwise unused.
    start: u32,
    end: u32,
    /// The index of the first token after this value and everything in it.
    next: u32,
}

#[derive(Debug, PartialEq, Eq)]
pub struct Tape<'a> {
    text: &'a str,
    toks: Vec<Tok>,
}

impl<'a> Tape<'a> {
    /// The tape of `text`, a document [`json::canonical_without`] accepted. `None` when it cannot be read as
    /// exactly what [`json::parse`] gives: an integer beyond i128 (which `parse` rejects), nesting deeper than
    /// [`DEPTH`]. Any other text gives some tape or `None`, never a panic. `validate` takes its tapes from
    /// [`canonical_with_tape`] (the same pass as the node's hash); this reader, on its own, is what the tests hold
    /// that one to.
    pub fn read(text: &'a str) -> Option<Tape<'a>> {
        if text.len() >= u32::MAX as usize {
            return None;
        }
        let mut r = Reader { text, b: text.as_bytes(), i: 0, toks: Vec::new() };
        r.value(0)?;
        Some(Tape { text, toks: r.toks })
    }

    /// The document.
    pub fn root(&'a self) -> TapeValue<'a> {
        TapeValue { tape: self, at: 0 }
    }
}

/// [`json::canonical_without`], and from the same pass the document's tape for its schema check (`None` where
/// [`Tape::read`] gives none; otherwise the same tape, tested): `validate` reads each cold node once.
pub fn canonical_with_tape<'t>(text: &'t str, drop: &str) -> Option<(Vec<u8>, String, Option<Tape<'t>>)> {
    let (out, value, tokens) = json::canonical_with(text, drop, Builder::new(text.len()))?;
    Some((out, value, tokens.finish(text)))
}

/// A tape written token by token by the canonical minifier as it walks the document.
struct Builder {
    toks: Vec<Tok>,
    /// Something [`Tape::read`] refuses: nesting deeper than [`DEPTH`], an integer beyond i128.
    refused: bool,
}

impl Builder {
    fn new(text_len: usize) -> Builder {
        // About one token per 16 bytes of a pretty-printed node: most are its identifiers' short lines.
        Builder { toks: Vec::with_capacity(text_len / 16), refused: text_len >= u32::MAX as usize }
    }

    fn finish(self, text: &str) -> Option<Tape<'_>> {
        (!self.refused).then_some(Tape { text, toks: self.toks })
    }
}

impl json::Tokens for Builder {
    /// An object or array opens at `depth` (the document is at 0): the index to `close` it with.
    #[inline]
    fn open(&mut self, depth: usize) -> usize {
        self.refused |= depth >= DEPTH;
        self.toks.push(Tok { kind: NULL, start: 0, end: 0, next: 0 });
        self.toks.len() - 1
    }

    #[inline]
    fn close(&mut self, at: usize, object: bool) {
        let next = self.toks.len() as u32;
        self.toks[at] = Tok { kind: if object { OBJECT } else { ARRAY }, start: 0, end: 0, next };
    }

    /// A string whose contents are `start..end` of the text (a key is one without escapes).
    #[inline]
    fn string(&mut self, start: usize, end: usize, escaped: bool) {
        let next = self.toks.len() as u32 + 1;
        self.toks.push(Tok { kind: if escaped { ESCAPED } else { STRING }, start: start as u32, end: end as u32, next });
    }

    /// An integer written `text` at `start..end`.
    #[inline]
    fn int(&mut self, text: &[u8], start: usize, end: usize) {
        self.refused |= std::str::from_utf8(&text[start..end]).ok().and_then(|d| d.parse::<i128>().ok()).is_none();
        let next = self.toks.len() as u32 + 1;
        self.toks.push(Tok { kind: INT, start: start as u32, end: end as u32, next });
    }

    /// `true`, `false` or `null`, by its first letter.
    #[inline]
    fn literal(&mut self, first: u8) {
        let kind = match first {
            b't' => TRUE,
            b'f' => FALSE,
            _ => NULL,
        };
        let next = self.toks.len() as u32 + 1;
        self.toks.push(Tok { kind, start: 0, end: 0, next });
    }
}

struct Reader<'a> {
    text: &'a str,
    b: &'a [u8],
    i: usize,
    toks: Vec<Tok>,
}

impl Reader<'_> {
    fn ws(&mut self) {
        while matches!(self.b.get(self.i), Some(b' ' | b'\n' | b'\r' | b'\t')) {
            self.i += 1;
        }
    }

    fn value(&mut self, depth: usize) -> Option<()> {
        self.ws();
        let at = self.toks.len();
        self.toks.push(Tok { kind: NULL, start: 0, end: 0, next: 0 });
        let c = *self.b.get(self.i)?;
        let (kind, start, end) = match c {
            b'{' | b'[' => {
                if depth >= DEPTH {
                    return None;
                }
                let close = if c == b'{' { b'}' } else { b']' };
                self.i += 1;
                loop {
                    self.ws();
                    match self.b.get(self.i)? {
                        b if *b == close => {
                            self.i += 1;
                            break;
                        }
                        b',' => {
                            self.i += 1;
                            self.ws();
                        }
                        _ => {}
                    }
                    if c == b'{' {
                        let (start, end, _) = self.string()?;
                        let next = self.toks.len() as u32 + 1;
                        self.toks.push(Tok { kind: STRING, start: start as u32, end: end as u32, next });
                        self.ws();
                        self.i += 1; // the colon
                    }
                    self.value(depth + 1)?;
                }
                (if c == b'{' { OBJECT } else { ARRAY }, 0, 0)
            }
            b'"' => {
                let (start, end, escaped) = self.string()?;
                (if escaped { ESCAPED } else { STRING }, start, end)
            }
            b't' => {
                self.i += 4;
                (TRUE, 0, 0)
            }
            b'f' => {
                self.i += 5;
                (FALSE, 0, 0)
            }
            b'n' => {
                self.i += 4;
                (NULL, 0, 0)
            }
            _ => {
                let start = self.i;
                self.i += 1;
                while self.b.get(self.i).is_some_and(u8::is_ascii_digit) {
                    self.i += 1;
                }
                self.text.get(start..self.i)?.parse::<i128>().ok()?;
                (INT, start, self.i)
            }
        };
        let next = self.toks.len() as u32;
        self.toks[at] = Tok { kind, start: start as u32, end: end as u32, next };
        Some(())
    }

    /// The string whose opening quote is at `i`: where its contents start and end, and whether it has escapes.
    fn string(&mut self) -> Option<(usize, usize, bool)> {
        let start = self.i + 1;
        let mut i = start;
        let mut escaped = false;
        loop {
            // Eight plain bytes at a time: payloads are long runs of them.
            while let Some(eight) = self.b.get(i..i + 8) {
                if !json::word_is_plain(eight) {
                    break;
                }
                i += 8;
            }
            match *self.b.get(i)? {
                b'"' => break,
                b'\\' => {
                    escaped = true;
                    i += if self.b.get(i + 1) == Some(&b'u') { 6 } else { 2 };
                }
                _ => i += 1,
            }
        }
        self.i = i + 1;
        Some((start, i, escaped))
    }
}

/// The kinds of value a tape holds (no floats: a canonical document read in place has none).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Null,
    Bool,
    Int,
    Str,
    Array,
    Object,
}

/// One value of a [`Tape`].
#[derive(Clone, Copy)]
pub struct TapeValue<'a> {
    tape: &'a Tape<'a>,
    at: usize,
}

impl<'a> TapeValue<'a> {
    fn tok(&self) -> Tok {
        self.tape.toks[self.at]
    }

    fn raw(&self) -> &'a str {
        let t = self.tok();
        self.tape.text.get(t.start as usize..t.end as usize).unwrap_or_default()
    }

    pub fn kind(&self) -> Kind {
        match self.tok().kind {
            OBJECT => Kind::Object,
            ARRAY => Kind::Array,
            STRING | ESCAPED => Kind::Str,
            INT => Kind::Int,
            TRUE | FALSE => Kind::Bool,
            _ => Kind::Null,
        }
    }

    /// What [`Value::type_name`] calls it.
    pub fn type_name(&self) -> &'static str {
        match self.kind() {
            Kind::Object => "dict",
            Kind::Array => "list",
            Kind::Str => "str",
            Kind::Int => "int",
            Kind::Bool => "bool",
            Kind::Null => "NoneType",
        }
    }

    /// The integer ([`Tape::read`] holds only those that fit).
    pub fn as_int(&self) -> Option<i128> {
        (self.tok().kind == INT).then(|| self.raw().parse().ok()).flatten()
    }

    /// The string, decoded (borrowed from the text when it has no escapes).
    pub fn as_str(&self) -> Option<Cow<'a, str>> {
        match self.tok().kind {
            STRING => Some(Cow::Borrowed(self.raw())),
            ESCAPED => Some(Cow::Owned(unescape(self.raw()))),
            _ => None,
        }
    }

    /// An object's members in order (keys have no escapes in a canonical document); none for anything else.
    pub fn members(self) -> impl Iterator<Item = (&'a str, TapeValue<'a>)> {
        let (mut at, end) = if self.kind() == Kind::Object { (self.at + 1, self.tok().next as usize) } else { (0, 0) };
        std::iter::from_fn(move || {
            if at >= end {
                return None;
            }
            let key = TapeValue { tape: self.tape, at };
            let value = TapeValue { tape: self.tape, at: at + 1 };
            at = value.tok().next as usize;
            Some((key.raw(), value))
        })
    }

    /// The member `key` of an object.
    pub fn get(self, key: &str) -> Option<TapeValue<'a>> {
        self.members().find(|(k, _)| *k == key).map(|(_, v)| v)
    }

    /// Whether `f` holds for every item of an array (true for anything else): the loop of the schema check's
    /// hot paths (a node's hundreds of identifiers), without an iterator object.
    #[inline]
    pub fn all_items(self, mut f: impl FnMut(TapeValue<'a>) -> bool) -> bool {
        if self.kind() != Kind::Array {
            return true;
        }
        let toks = &self.tape.toks;
        let end = toks[self.at].next as usize;
        let mut at = self.at + 1;
        while at < end {
            if !f(TapeValue { tape: self.tape, at }) {
                return false;
            }
            at = toks[at].next as usize;
        }
        true
    }

    /// A string without escapes, as written (its value); `None` for anything else.
    #[inline]
    pub fn plain_str(&self) -> Option<&'a str> {
        (self.tok().kind == STRING).then(|| self.raw())
    }

    /// An array's items; none for anything else.
    pub fn items(self) -> impl Iterator<Item = TapeValue<'a>> {
        let (mut at, end) = if self.kind() == Kind::Array { (self.at + 1, self.tok().next as usize) } else { (0, 0) };
        std::iter::from_fn(move || {
            if at >= end {
                return None;
            }
            let item = TapeValue { tape: self.tape, at };
            at = item.tok().next as usize;
            Some(item)
        })
    }

    /// The value as [`json::parse`] gives it.
    pub fn to_value(&self) -> Value {
        match self.kind() {
            Kind::Object => {
                let mut m = std::collections::BTreeMap::new();
                for (k, v) in self.members() {
                    m.insert(k.to_string(), v.to_value());
                }
                Value::Object(m)
            }
            Kind::Array => Value::Array(self.items().map(|v| v.to_value()).collect()),
            Kind::Str => Value::Str(self.as_str().unwrap_or_default().into_owned()),
            Kind::Int => self.as_int().map_or(Value::Null, Value::Int),
            Kind::Bool => Value::Bool(self.tok().kind == TRUE),
            Kind::Null => Value::Null,
        }
    }
}

/// The text of a canonically escaped string's contents (the escapes `canonical_without` lets through).
fn unescape(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    let mut rest = raw;
    while let Some(k) = rest.find('\\') {
        out.push_str(&rest[..k]);
        let esc = &rest[k + 1..];
        let (ch, len) = match esc.as_bytes().first() {
            Some(b'"') => ('"', 1),
            Some(b'\\') => ('\\', 1),
            Some(b'n') => ('\n', 1),
            Some(b'r') => ('\r', 1),
            Some(b't') => ('\t', 1),
            Some(b'b') => ('\u{8}', 1),
            Some(b'f') => ('\u{c}', 1),
            // `\u00XX` (a control character).
            _ => (esc.get(1..5).and_then(|h| u32::from_str_radix(h, 16).ok()).and_then(char::from_u32).unwrap_or('\u{fffd}'), 5),
        };
        out.push(ch);
        rest = esc.get(len..).unwrap_or_default();
    }
    out.push_str(rest);
    out
}
