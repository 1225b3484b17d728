//! Index pages (ours, not reference files): the recall index in a form that can be read a piece at a time, so a
//! process that runs one call (a hook, the CLI) reads what its call needs instead of the whole index.
//!
//! A *unit* of pages is two keys: `<name>.dat`, the pages, and `<name>.dir`, a small directory of them that an open
//! reads whole. The pages hold
//! * **term blocks** (about 4 KB each, terms in byte order): each term of the index's term sets (spec §4.7) with the
//!   steps that carry it, inline when there are few, else a pointer to a **postings blob** placed before the block;
//! * **entry blocks** (about 4 KB each, by step id): what a call needs of an entry without the whole index: its
//!   token estimate, summary, file path, hashes, `folded_at`, files, commands and errors (not its identifiers).
//!
//! The directory names the first term or step of every block with its offset, length and checksum, so one lookup
//! costs one read of one block (and of one blob for a long postings list). Every block is checked against its
//! checksum and every field is bounds-checked as it is decoded: damaged or hostile pages are an error, on which
//! the engine reads the index whole instead.
//!
//! A unit records what it covers: the `recall_index.json` version it was made from (the *base*, written at a
//! checkpoint) or a byte range of the index journal (a *segment*, see `crate::pages`). An index the pages cannot
//! describe exactly (a hand-edited entry with extra keys or odd types, two keys for one step) gets no pages: such
//! a store is read whole, as before.

use super::{Entry, RecallIndex};
use crate::error::{Error, ErrorCode, Result};
use crate::hash::fast_hash;
use crate::store::{self, Storage};

const DIR_MAGIC: &[u8; 8] = b"CFPAGED1";
const DATA_MAGIC: &[u8; 8] = b"CFPAGES1";
/// Bytes of a term or entry block before it is closed.
const BLOCK_TARGET: usize = 4096;
/// Postings of at most this many steps are stored in the term block itself.
const INLINE_STEPS: usize = 24;
/// No block or blob is longer than this (a longer length is damage).
const MAX_PIECE: u64 = 1 << 30;

/// What a unit covers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Binding {
    /// The storage's version token of `recall_index.json` the unit belongs to (`None`: there was no such file).
    pub index_version: Option<String>,
    /// For a segment: the journal bytes `[start, end)` whose records it holds; a base has `0, 0`.
    pub journal_start: u64,
    pub journal_end: u64,
    /// `fast_hash` of the last (up to 64) journal bytes before `journal_end`: a journal rewritten since no longer
    /// matches.
    pub journal_anchor: u64,
    /// Journal records in the range (folds, evictions, headers).
    pub records: u64,
}

impl Binding {
    pub fn base(index_version: Option<String>) -> Self {
        Binding { index_version, journal_start: 0, journal_end: 0, journal_anchor: 0, records: 0 }
    }
}

/// What a call may need of an index entry without the whole index (all but the identifiers).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PageEntry {
    pub step_id: i64,
    pub token_estimate: i64,
    pub evicted: bool,
    pub summary: String,
    pub file_path: Option<String>,
    pub payload_sha256: Option<String>,
    pub projection_sha256: Option<String>,
    pub artifact_sha256: Option<String>,
    pub folded_at: Option<String>,
    pub projection_version: Option<String>,
    pub files: Option<Vec<String>>,
    pub commands: Option<Vec<String>>,
    pub errors: Option<Vec<String>>,
}

impl PageEntry {
    fn of(e: &Entry<'_>) -> Self {
        let list = |k: &str| e.list_ids(k).map(|_| e.list(k));
        PageEntry {
            step_id: e.step_id,
            token_estimate: e.token_estimate(),
            evicted: e.evicted(),
            summary: e.summary().to_string(),
            file_path: e.file_path().map(|p| p.into_owned()),
            payload_sha256: e.text(2).map(|t| t.into_owned()),
            projection_sha256: e.text(3).map(|t| t.into_owned()),
            artifact_sha256: e.artifact_sha256().map(|a| a.into_owned()),
            folded_at: e.interned(e.data.folded_at).map(str::to_string),
            projection_version: e.interned(e.data.projection_version).map(str::to_string),
            files: list("files"),
            commands: list("commands"),
            errors: list("errors"),
        }
    }

    /// The entry as the API shows it; `identifiers` is left empty (the pages do not hold them).
    pub fn to_index_entry(&self) -> crate::types::IndexEntry {
        crate::types::IndexEntry {
            step_id: self.step_id,
            summary: self.summary.clone(),
            file_path: self.file_path.clone(),
            identifiers: Vec::new(),
            files: self.files.clone().unwrap_or_default(),
            commands: self.commands.clone().unwrap_or_default(),
            errors: self.errors.clone().unwrap_or_default(),
            token_estimate: self.token_estimate,
            payload_sha256: self.payload_sha256.clone().unwrap_or_default(),
            projection_sha256: self.projection_sha256.clone().unwrap_or_default(),
            artifact_sha256: self.artifact_sha256.clone(),
            projection_version: self.projection_version.clone().unwrap_or_default(),
            folded_at: self.folded_at.clone().unwrap_or_default(),
            evicted: self.evicted,
        }
    }
}

// ------------------------------------------------------------------------------------------------------------
// Encoding

fn put_varint(out: &mut Vec<u8>, v: u64) {
    super::put_varint(out, v);
}

fn put_i64(out: &mut Vec<u8>, v: i64) {
    put_varint(out, ((v << 1) ^ (v >> 63)) as u64);
}

fn put_bytes(out: &mut Vec<u8>, b: &[u8]) {
    put_varint(out, b.len() as u64);
    out.extend_from_slice(b);
}

fn put_opt_str(out: &mut Vec<u8>, s: Option<&str>) {
    match s {
        None => out.push(0),
        Some(s) => {
            out.push(1);
            put_bytes(out, s.as_bytes());
        }
    }
}

/// A hash field: 64 lowercase hex digits as their 32 bytes, anything else as text.
fn put_hash(out: &mut Vec<u8>, s: Option<&str>) {
    match s {
        Some(h) if h.len() == 64 && h.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b)) => {
            out.push(2);
            for pair in h.as_bytes().chunks(2) {
                let nib = |c: u8| if c <= b'9' { c - b'0' } else { c - b'a' + 10 };
                out.push(nib(pair[0]) << 4 | nib(pair[1]));
            }
        }
        other => put_opt_str(out, other),
    }
}

fn put_list(out: &mut Vec<u8>, list: Option<&[String]>) {
    match list {
        None => out.push(0),
        Some(items) => {
            put_varint(out, items.len() as u64 + 1);
            for s in items {
                put_bytes(out, s.as_bytes());
            }
        }
    }
}

fn put_steps(out: &mut Vec<u8>, steps: &[i64]) {
    let mut prev = 0i64;
    for (i, &s) in steps.iter().enumerate() {
        if i == 0 {
            put_i64(out, s);
        } else {
            put_varint(out, s.wrapping_sub(prev) as u64);
        }
        prev = s;
    }
}

fn put_entry(out: &mut Vec<u8>, e: &PageEntry) {
    put_i64(out, e.step_id);
    put_i64(out, e.token_estimate);
    let canonical = e.file_path.as_deref() == Some(store::cold_node_key(e.step_id).as_str());
    out.push(u8::from(e.evicted) | u8::from(canonical) << 1);
    put_opt_str(out, if canonical { None } else { e.file_path.as_deref() });
    put_hash(out, e.payload_sha256.as_deref());
    put_hash(out, e.projection_sha256.as_deref());
    put_hash(out, e.artifact_sha256.as_deref());
    put_opt_str(out, e.folded_at.as_deref());
    put_opt_str(out, e.projection_version.as_deref());
    put_bytes(out, e.summary.as_bytes());
    put_list(out, e.files.as_deref());
    put_list(out, e.commands.as_deref());
    put_list(out, e.errors.as_deref());
}

/// A block in the directory: where it is and how to check it.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Piece {
    offset: u64,
    len: u64,
    hash: u64,
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct TermBlock {
    first: Box<[u8]>,
    at: Piece,
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct EntryBlock {
    first: i64,
    last: i64,
    count: u64,
    at: Piece,
}

/// The directory of a unit, read whole at open.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Dir {
    pub binding: Binding,
    data_len: u64,
    pub entries: u64,
    pub terms: u64,
    /// The highest step id of the unit's entries.
    pub max_step: Option<i64>,
    term_blocks: Vec<TermBlock>,
    entry_blocks: Vec<EntryBlock>,
}

impl Dir {
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = DIR_MAGIC.to_vec();
        put_opt_str(&mut out, self.binding.index_version.as_deref());
        put_varint(&mut out, self.binding.journal_start);
        put_varint(&mut out, self.binding.journal_end);
        out.extend_from_slice(&self.binding.journal_anchor.to_le_bytes());
        put_varint(&mut out, self.binding.records);
        put_varint(&mut out, self.data_len);
        put_varint(&mut out, self.entries);
        put_varint(&mut out, self.terms);
        match self.max_step {
            None => out.push(0),
            Some(m) => {
                out.push(1);
                put_i64(&mut out, m);
            }
        }
        let piece = |out: &mut Vec<u8>, p: &Piece| {
            put_varint(out, p.offset);
            put_varint(out, p.len);
            out.extend_from_slice(&p.hash.to_le_bytes());
        };
        put_varint(&mut out, self.term_blocks.len() as u64);
        for b in &self.term_blocks {
            put_bytes(&mut out, &b.first);
            piece(&mut out, &b.at);
        }
        put_varint(&mut out, self.entry_blocks.len() as u64);
        for b in &self.entry_blocks {
            put_i64(&mut out, b.first);
            put_i64(&mut out, b.last);
            put_varint(&mut out, b.count);
            piece(&mut out, &b.at);
        }
        let h = fast_hash(&out);
        out.extend_from_slice(&h.to_le_bytes());
        out
    }

    /// A directory read back; `None` if it is damaged or not a directory.
    pub fn parse(bytes: &[u8]) -> Option<Dir> {
        let body_len = bytes.len().checked_sub(8)?;
        let (body, sum) = bytes.split_at(body_len);
        if fast_hash(body).to_le_bytes() != sum || !body.starts_with(DIR_MAGIC) {
            return None;
        }
        let mut c = Cursor { bytes: body, pos: DIR_MAGIC.len() };
        let index_version = c.opt_str()?.map(str::to_string);
        let journal_start = c.varint()?;
        let journal_end = c.varint()?;
        let journal_anchor = c.u64_le()?;
        let records = c.varint()?;
        let data_len = c.varint()?;
        let entries = c.varint()?;
        let terms = c.varint()?;
        let max_step = match c.byte()? {
            0 => None,
            1 => Some(c.i64()?),
            _ => return None,
        };
        let piece = |c: &mut Cursor<'_>| -> Option<Piece> {
            let p = Piece { offset: c.varint()?, len: c.varint()?, hash: c.u64_le()? };
            (p.len <= MAX_PIECE && p.offset.checked_add(p.len)? <= data_len).then_some(p)
        };
        let n = c.count()?;
        let mut term_blocks = Vec::with_capacity(n);
        for _ in 0..n {
            let first: Box<[u8]> = c.bytes()?.into();
            let at = piece(&mut c)?;
            // In term order, so a lookup can bisect them.
            if term_blocks.last().is_some_and(|b: &TermBlock| *b.first >= *first) {
                return None;
            }
            term_blocks.push(TermBlock { first, at });
        }
        let n = c.count()?;
        let mut entry_blocks = Vec::with_capacity(n);
        for _ in 0..n {
            let (first, last, count) = (c.i64()?, c.i64()?, c.varint()?);
            let at = piece(&mut c)?;
            if first > last || entry_blocks.last().is_some_and(|b: &EntryBlock| b.last >= first) {
                return None;
            }
            entry_blocks.push(EntryBlock { first, last, count, at });
        }
        if journal_start > journal_end || c.pos != body.len() {
            return None;
        }
        let binding = Binding { index_version, journal_start, journal_end, journal_anchor, records };
        Some(Dir { binding, data_len, entries, terms, max_step, term_blocks, entry_blocks })
    }
}

/// Where a [`Writer`] is.
enum Stage {
    Start,
    Terms,
    Entries,
    Done,
}

/// The terms and entries a unit is written from: terms in byte order with their steps ascending, entries by
/// step id ascending.
pub struct Source<'a> {
    terms: Box<dyn Iterator<Item = (Vec<u8>, Vec<i64>)> + 'a>,
    entries: Box<dyn Iterator<Item = PageEntry> + 'a>,
}

impl<'a> Source<'a> {
    /// The pages of a whole index, or `None` if the pages cannot describe it exactly (see the module doc).
    pub fn of_index(index: &'a RecallIndex) -> Option<Source<'a>> {
        // Entries are found by step id, and their fields have their usual types: an index with a step filed under
        // an odd or a second key, or an entry with keys of other types (a hand edit), is read whole.
        let irregular = index.by_step.values().any(Option::is_some)
            || index.entries.len() != index.by_step.len()
            || index.entries.values().any(|e| e.own_terms.is_some() || e.extra.is_some());
        if irregular {
            return None;
        }
        let mut order: Vec<super::TermId> =
            (0..index.strings.len() as super::TermId).filter(|&t| !index.postings(t).is_empty()).collect();
        order.sort_unstable_by(|&a, &b| index.strings.get(a).as_bytes().cmp(index.strings.get(b).as_bytes()));
        let terms = order.into_iter().map(move |t| (index.strings.get(t).as_bytes().to_vec(), index.postings(t).to_vec()));
        let entries = index.entries_by_step().into_iter().map(|e| PageEntry::of(&e));
        Some(Source { terms: Box::new(terms), entries: Box::new(entries) })
    }

    /// Terms and entries given as sorted lists (merged segments).
    pub fn of_lists(terms: Vec<(Vec<u8>, Vec<i64>)>, entries: Vec<PageEntry>) -> Source<'static> {
        Source { terms: Box::new(terms.into_iter()), entries: Box::new(entries.into_iter()) }
    }
}

/// Writes a unit's pages in chunks (`next_chunk`), then gives its directory (`dir`).
pub struct Writer<'a> {
    source: Source<'a>,
    binding: Binding,
    stage: Stage,
    written: u64,
    block: Vec<u8>,
    block_first_term: Option<Vec<u8>>,
    block_first_step: i64,
    block_last_step: i64,
    block_count: u64,
    dir: Dir,
}

impl<'a> Writer<'a> {
    pub fn new(source: Source<'a>, binding: Binding) -> Self {
        let dir = Dir {
            binding: binding.clone(),
            data_len: 0,
            entries: 0,
            terms: 0,
            max_step: None,
            term_blocks: Vec::new(),
            entry_blocks: Vec::new(),
        };
        Writer {
            source,
            binding,
            stage: Stage::Start,
            written: 0,
            block: Vec::new(),
            block_first_term: None,
            block_first_step: 0,
            block_last_step: 0,
            block_count: 0,
            dir,
        }
    }

    fn emit(&mut self, out: &mut Vec<u8>, bytes: &[u8]) -> Piece {
        let at = Piece { offset: self.written, len: bytes.len() as u64, hash: fast_hash(bytes) };
        out.extend_from_slice(bytes);
        self.written += bytes.len() as u64;
        at
    }

    fn close_term_block(&mut self, out: &mut Vec<u8>) {
        if let Some(first) = self.block_first_term.take() {
            let block = std::mem::take(&mut self.block);
            let at = self.emit(out, &block);
            self.dir.term_blocks.push(TermBlock { first: first.into(), at });
        }
    }

    fn close_entry_block(&mut self, out: &mut Vec<u8>) {
        if self.block_count > 0 {
            let block = std::mem::take(&mut self.block);
            let at = self.emit(out, &block);
            let (first, last, count) = (self.block_first_step, self.block_last_step, self.block_count);
            self.dir.entry_blocks.push(EntryBlock { first, last, count, at });
            self.block_count = 0;
        }
    }

    /// The next chunk of the pages (at least `chunk` bytes unless it is the last), `None` when all are written.
    pub fn next_chunk(&mut self, chunk: usize) -> Option<Vec<u8>> {
        let mut out = Vec::with_capacity(chunk + BLOCK_TARGET);
        while out.len() < chunk {
            match self.stage {
                Stage::Start => {
                    self.emit(&mut out, DATA_MAGIC);
                    self.stage = Stage::Terms;
                }
                Stage::Terms => match self.source.terms.next() {
                    Some((term, steps)) => {
                        self.dir.terms += 1;
                        if self.block_first_term.is_none() {
                            self.block_first_term = Some(term.clone());
                        }
                        let mut item = Vec::with_capacity(term.len() + 16);
                        put_bytes(&mut item, &term);
                        put_varint(&mut item, steps.len() as u64);
                        if steps.len() <= INLINE_STEPS {
                            put_steps(&mut item, &steps);
                        } else {
                            let mut blob = Vec::with_capacity(steps.len() * 2);
                            put_steps(&mut blob, &steps);
                            let at = self.emit(&mut out, &blob);
                            put_varint(&mut item, at.offset);
                            put_varint(&mut item, at.len);
                            item.extend_from_slice(&at.hash.to_le_bytes());
                        }
                        self.block.extend_from_slice(&item);
                        if self.block.len() >= BLOCK_TARGET {
                            self.close_term_block(&mut out);
                        }
                    }
                    None => {
                        self.close_term_block(&mut out);
                        self.stage = Stage::Entries;
                    }
                },
                Stage::Entries => match self.source.entries.next() {
                    Some(e) => {
                        self.dir.entries += 1;
                        self.dir.max_step = Some(self.dir.max_step.map_or(e.step_id, |m| m.max(e.step_id)));
                        if self.block_count == 0 {
                            self.block_first_step = e.step_id;
                        }
                        self.block_last_step = e.step_id;
                        self.block_count += 1;
                        put_entry(&mut self.block, &e);
                        if self.block.len() >= BLOCK_TARGET {
                            self.close_entry_block(&mut out);
                        }
                    }
                    None => {
                        self.close_entry_block(&mut out);
                        self.stage = Stage::Done;
                    }
                },
                Stage::Done => break,
            }
        }
        (!out.is_empty()).then_some(out)
    }

    /// The directory, once every chunk has been taken.
    pub fn dir(mut self) -> Dir {
        while self.next_chunk(1 << 20).is_some() {}
        self.dir.data_len = self.written;
        self.dir.binding = self.binding;
        self.dir
    }
}

// ------------------------------------------------------------------------------------------------------------
// Decoding

/// A bounds-checked cursor: every read is `None` past the end.
struct Cursor<'b> {
    bytes: &'b [u8],
    pos: usize,
}

impl<'b> Cursor<'b> {
    fn done(&self) -> bool {
        self.pos >= self.bytes.len()
    }
    fn varint(&mut self) -> Option<u64> {
        super::read_varint(self.bytes, &mut self.pos)
    }
    fn i64(&mut self) -> Option<i64> {
        let z = self.varint()?;
        Some((z >> 1) as i64 ^ -((z & 1) as i64))
    }
    fn byte(&mut self) -> Option<u8> {
        let b = *self.bytes.get(self.pos)?;
        self.pos += 1;
        Some(b)
    }
    fn u64_le(&mut self) -> Option<u64> {
        Some(u64::from_le_bytes(self.take(8)?.try_into().ok()?))
    }
    fn take(&mut self, n: usize) -> Option<&'b [u8]> {
        let end = self.pos.checked_add(n)?;
        let s = self.bytes.get(self.pos..end)?;
        self.pos = end;
        Some(s)
    }
    fn bytes(&mut self) -> Option<&'b [u8]> {
        let n = usize::try_from(self.varint()?).ok()?;
        self.take(n)
    }
    fn str(&mut self) -> Option<&'b str> {
        std::str::from_utf8(self.bytes()?).ok()
    }
    fn opt_str(&mut self) -> Option<Option<&'b str>> {
        match self.byte()? {
            0 => Some(None),
            1 => Some(Some(self.str()?)),
            _ => None,
        }
    }
    fn hash(&mut self) -> Option<Option<String>> {
        match self.byte()? {
            0 => Some(None),
            1 => Some(Some(self.str()?.to_string())),
            2 => Some(Some(super::hex(self.take(32)?))),
            _ => None,
        }
    }
    /// A count of items that each take at least one byte: never more than the bytes left.
    fn count(&mut self) -> Option<usize> {
        let n = usize::try_from(self.varint()?).ok()?;
        (n <= self.bytes.len() - self.pos).then_some(n)
    }
    fn list(&mut self) -> Option<Option<Vec<String>>> {
        let n = usize::try_from(self.varint()?).ok()?;
        if n == 0 {
            return Some(None);
        }
        if n - 1 > self.bytes.len() - self.pos {
            return None;
        }
        let mut items = Vec::with_capacity(n - 1);
        for _ in 1..n {
            items.push(self.str()?.to_string());
        }
        Some(Some(items))
    }
    /// `n` ascending steps (as [`put_steps`] wrote them).
    fn steps(&mut self, n: usize) -> Option<Vec<i64>> {
        if n > self.bytes.len() - self.pos {
            return None;
        }
        let mut steps: Vec<i64> = Vec::with_capacity(n);
        for i in 0..n {
            let s = if i == 0 { self.i64()? } else { steps[i - 1].checked_add(i64::try_from(self.varint()?).ok()?)? };
            steps.push(s);
        }
        Some(steps)
    }
    /// Past an entry, its layout checked as [`Cursor::entry`] checks it but nothing decoded (no text, no hex): its step.
    #[cfg(ranked_v2)]
    fn skip_entry(&mut self) -> Option<i64> {
        let step_id = self.i64()?;
        self.i64()?;
        let flags = self.byte()?;
        if flags > 3 {
            return None;
        }
        let named = self.opt_str_bytes()?;
        if flags & 2 != 0 && named {
            return None;
        }
        for _ in 0..3 {
            match self.byte()? {
                0 => {}
                1 => {
                    self.bytes()?;
                }
                2 => {
                    self.take(32)?;
                }
                _ => return None,
            }
        }
        self.opt_str_bytes()?;
        self.opt_str_bytes()?;
        self.bytes()?;
        for _ in 0..3 {
            let n = usize::try_from(self.varint()?).ok()?;
            if n > 0 && n - 1 > self.bytes.len() - self.pos {
                return None;
            }
            for _ in 1..n.max(1) {
                self.bytes()?;
            }
        }
        Some(step_id)
    }
    /// An optional string's bytes skipped: whether it was there.
    #[cfg(ranked_v2)]
    fn opt_str_bytes(&mut self) -> Option<bool> {
        match self.byte()? {
            0 => Some(false),
            1 => self.bytes().map(|_| true),
            _ => None,
        }
    }
    fn entry(&mut self) -> Option<PageEntry> {
        let step_id = self.i64()?;
        let token_estimate = self.i64()?;
        let flags = self.byte()?;
        if flags > 3 {
            return None;
        }
        let mut file_path = self.opt_str()?.map(str::to_string);
        if flags & 2 != 0 {
            if file_path.is_some() {
                return None;
            }
            file_path = Some(store::cold_node_key(step_id));
        }
        Some(PageEntry {
            step_id,
            token_estimate,
            evicted: flags & 1 != 0,
            file_path,
            payload_sha256: self.hash()?,
            projection_sha256: self.hash()?,
            artifact_sha256: self.hash()?,
            folded_at: self.opt_str()?.map(str::to_string),
            projection_version: self.opt_str()?.map(str::to_string),
            summary: self.str()?.to_string(),
            files: self.list()?,
            commands: self.list()?,
            errors: self.list()?,
        })
    }
}

fn damaged(key: &str) -> Error {
    Error::new(ErrorCode::IntegrityCheck, format!("{key}: the index pages are damaged"))
}

/// A unit of pages in storage: its data key and its directory.
#[derive(Debug, Clone)]
pub struct Unit {
    pub data_key: String,
    pub dir: Dir,
}

impl Unit {
    /// The unit named `name` (`<name>.dir` and `<name>.dat`), if its directory is there and sound.
    pub async fn open<S: Storage>(storage: &S, name: &str) -> Result<Option<Unit>> {
        let Some(bytes) = storage.load(&format!("{name}.dir")).await? else { return Ok(None) };
        Ok(Dir::parse(&bytes).map(|dir| Unit { data_key: format!("{name}.dat"), dir }))
    }

    /// Write `source` as the unit `name`: the pages first, then the directory (a directory never describes pages
    /// that are not all there; stale pages under a new directory fail their checksums).
    pub async fn write<S: Storage>(storage: &S, name: &str, source: Source<'_>, binding: Binding) -> Result<Unit> {
        let mut writer = Writer::new(source, binding);
        let data_key = format!("{name}.dat");
        crate::store::write_chunked(storage, &data_key, || writer.next_chunk(4 << 20)).await?;
        let dir = writer.dir();
        storage.save(&format!("{name}.dir"), &dir.to_bytes()).await?;
        Ok(Unit { data_key, dir })
    }

    /// Remove both keys of the unit `name`.
    pub async fn remove<S: Storage>(storage: &S, name: &str) -> Result<()> {
        storage.remove(&format!("{name}.dir")).await?;
        storage.remove(&format!("{name}.dat")).await
    }

    async fn piece<S: Storage>(&self, storage: &S, at: &Piece) -> Result<Vec<u8>> {
        let len = usize::try_from(at.len).map_err(|_| damaged(&self.data_key))?;
        let bytes = storage.load_range(&self.data_key, at.offset, len).await?.ok_or_else(|| damaged(&self.data_key))?;
        if bytes.len() != len || fast_hash(&bytes) != at.hash {
            return Err(damaged(&self.data_key));
        }
        Ok(bytes)
    }

    /// The steps carrying `term` (empty if none), ascending.
    pub async fn postings<S: Storage>(&self, storage: &S, term: &str) -> Result<Vec<i64>> {
        let t = term.as_bytes();
        let i = self.dir.term_blocks.partition_point(|b| &*b.first <= t);
        let Some(block) = i.checked_sub(1).map(|i| &self.dir.term_blocks[i]) else { return Ok(Vec::new()) };
        let bytes = self.piece(storage, &block.at).await?;
        let mut c = Cursor { bytes: &bytes, pos: 0 };
        while !c.done() {
            let name = c.bytes().ok_or_else(|| damaged(&self.data_key))?;
            let n = c.varint().and_then(|n| usize::try_from(n).ok()).ok_or_else(|| damaged(&self.data_key))?;
            let found = name == t;
            if n <= INLINE_STEPS {
                let steps = c.steps(n).ok_or_else(|| damaged(&self.data_key))?;
                if found {
                    return Ok(steps);
                }
            } else {
                let at = (|| Some(Piece { offset: c.varint()?, len: c.varint()?, hash: c.u64_le()? }))()
                    .filter(|p| p.len <= MAX_PIECE)
                    .ok_or_else(|| damaged(&self.data_key))?;
                if found {
                    let blob = self.piece(storage, &at).await?;
                    let mut b = Cursor { bytes: &blob, pos: 0 };
                    return b.steps(n).filter(|_| b.done()).ok_or_else(|| damaged(&self.data_key));
                }
            }
            if name > t {
                break;
            }
        }
        Ok(Vec::new())
    }

    /// The terms in each of `ranges` with their steps: a range is a term alone (`false`) or every term that starts
    /// with it (`true`), of which `keep` says which to return. Each block is read once, whatever the number of
    /// ranges in a row in it; only the blobs of terms kept are read; a term in two ranges comes twice. (What paged ranking reads of a forms unit.)
    pub async fn lookup<S: Storage>(
        &self,
        storage: &S,
        ranges: &[(Vec<u8>, bool)],
        keep: impl Fn(&[u8]) -> bool,
    ) -> Result<Vec<(Vec<u8>, Vec<i64>)>> {
        // The block read last (ranges come in order: the next one is often in the same block).
        let mut held: Option<(usize, Vec<u8>)> = None;
        let mut out: Vec<(Vec<u8>, Vec<i64>)> = Vec::new();
        for (from, prefix) in ranges {
            let from = from.as_slice();
            let mut i = self.dir.term_blocks.partition_point(|b| &*b.first <= from).saturating_sub(1);
            'blocks: while i < self.dir.term_blocks.len() {
                if held.as_ref().is_none_or(|h| h.0 != i) {
                    held = Some((i, self.piece(storage, &self.dir.term_blocks[i].at).await?));
                }
                let Some((_, block)) = &held else { break };
                let mut c = Cursor { bytes: block, pos: 0 };
                let mut wanted: Vec<(Vec<u8>, usize, Option<Piece>, Vec<i64>)> = Vec::new();
                let mut past = false;
                while !c.done() {
                    let name = c.bytes().ok_or_else(|| damaged(&self.data_key))?;
                    let n = c.varint().and_then(|n| usize::try_from(n).ok()).ok_or_else(|| damaged(&self.data_key))?;
                    let (steps, at) = if n <= INLINE_STEPS {
                        (c.steps(n).ok_or_else(|| damaged(&self.data_key))?, None)
                    } else {
                        let at = (|| Some(Piece { offset: c.varint()?, len: c.varint()?, hash: c.u64_le()? }))()
                            .filter(|p| p.len <= MAX_PIECE)
                            .ok_or_else(|| damaged(&self.data_key))?;
                        (Vec::new(), Some(at))
                    };
                    if name < from {
                        continue;
                    }
                    let inside = if *prefix { name.starts_with(from) } else { name == from };
                    if !inside {
                        past = true;
                        break;
                    }
                    if keep(name) {
                        wanted.push((name.to_vec(), n, at, steps));
                    }
                }
                for (name, n, at, steps) in wanted {
                    let steps = match at {
                        None => steps,
                        Some(at) => {
                            let blob = self.piece(storage, &at).await?;
                            let mut b = Cursor { bytes: &blob, pos: 0 };
                            b.steps(n).filter(|_| b.done()).ok_or_else(|| damaged(&self.data_key))?
                        }
                    };
                    out.push((name, steps));
                }
                if past {
                    break 'blocks;
                }
                i += 1;
            }
        }
        Ok(out)
    }

    /// The unit's name (its keys without `.dir` / `.dat`).
    pub fn name(&self) -> &str {
        self.data_key.strip_suffix(".dat").unwrap_or(&self.data_key)
    }

    async fn entry_block<S: Storage>(&self, storage: &S, block: &EntryBlock) -> Result<Vec<PageEntry>> {
        let bytes = self.piece(storage, &block.at).await?;
        let mut c = Cursor { bytes: &bytes, pos: 0 };
        let mut out = Vec::new();
        while !c.done() {
            out.push(c.entry().ok_or_else(|| damaged(&self.data_key))?);
        }
        let sound = out.len() as u64 == block.count
            && out.first().map(|e| e.step_id) == Some(block.first)
            && out.last().map(|e| e.step_id) == Some(block.last)
            && out.windows(2).all(|w| w[0].step_id < w[1].step_id);
        sound.then_some(out).ok_or_else(|| damaged(&self.data_key))
    }

    /// The entry of `step`, if the unit has it.
    pub async fn entry<S: Storage>(&self, storage: &S, step: i64) -> Result<Option<PageEntry>> {
        let i = self.dir.entry_blocks.partition_point(|b| b.last < step);
        match self.dir.entry_blocks.get(i) {
            Some(block) if block.first <= step => {
                Ok(self.entry_block(storage, block).await?.into_iter().find(|e| e.step_id == step))
            }
            _ => Ok(None),
        }
    }

    /// The entries of those of `steps` the unit has, each block read once.
    pub async fn entries_for<S: Storage>(&self, storage: &S, steps: &[i64]) -> Result<Vec<PageEntry>> {
        let mut blocks: Vec<usize> = steps
            .iter()
            .filter_map(|&step| {
                let i = self.dir.entry_blocks.partition_point(|b| b.last < step);
                self.dir.entry_blocks.get(i).filter(|b| b.first <= step).map(|_| i)
            })
            .collect();
        blocks.sort_unstable();
        blocks.dedup();
        let mut sorted = steps.to_vec();
        sorted.sort_unstable();
        let mut out = Vec::new();
        for i in blocks {
            out.extend(self.asked_entries(storage, &self.dir.entry_blocks[i], &sorted).await?);
        }
        Ok(out)
    }

    /// The entries of a block whose steps are in `sorted`. Only those are decoded; every entry's layout is walked
    /// and the block checked as [`Unit::entry_block`] checks it (the Node and native engines, which rank: a prompt
    /// reads ~64 entries from ~60 blocks).
    #[cfg(ranked_v2)]
    async fn asked_entries<S: Storage>(&self, storage: &S, block: &EntryBlock, sorted: &[i64]) -> Result<Vec<PageEntry>> {
        let bytes = self.piece(storage, &block.at).await?;
        let mut c = Cursor { bytes: &bytes, pos: 0 };
        let mut out = Vec::new();
        let (mut count, mut first, mut last) = (0u64, None, None::<i64>);
        let mut ascending = true;
        while !c.done() {
            let at = c.pos;
            let step = c.skip_entry().ok_or_else(|| damaged(&self.data_key))?;
            if sorted.binary_search(&step).is_ok() {
                c.pos = at;
                out.push(c.entry().ok_or_else(|| damaged(&self.data_key))?);
            }
            ascending &= last.is_none_or(|l| l < step);
            first = first.or(Some(step));
            last = Some(step);
            count += 1;
        }
        let sound = count == block.count && first == Some(block.first) && last == Some(block.last) && ascending;
        sound.then_some(out).ok_or_else(|| damaged(&self.data_key))
    }

    /// The entries of a block whose steps are in `sorted` (the browser and bundler engines: the block decoded whole,
    /// for size).
    #[cfg(not(ranked_v2))]
    async fn asked_entries<S: Storage>(&self, storage: &S, block: &EntryBlock, sorted: &[i64]) -> Result<Vec<PageEntry>> {
        let entries = self.entry_block(storage, block).await?;
        Ok(entries.into_iter().filter(|e| sorted.binary_search(&e.step_id).is_ok()).collect())
    }

    /// The entries of the `limit` highest steps, highest first.
    pub async fn last_entries<S: Storage>(&self, storage: &S, limit: usize) -> Result<Vec<PageEntry>> {
        let mut out = Vec::new();
        for block in self.dir.entry_blocks.iter().rev() {
            if out.len() >= limit {
                break;
            }
            let mut entries = self.entry_block(storage, block).await?;
            entries.reverse();
            out.extend(entries);
        }
        out.truncate(limit);
        Ok(out)
    }

    /// Every term with its steps, and every entry, in order (to merge units).
    pub async fn read_all<S: Storage>(&self, storage: &S) -> Result<(Vec<(Vec<u8>, Vec<i64>)>, Vec<PageEntry>)> {
        let terms = self.read_terms(storage).await?;
        let mut entries = Vec::with_capacity(self.dir.entries as usize);
        for block in &self.dir.entry_blocks {
            entries.extend(self.entry_block(storage, block).await?);
        }
        Ok((terms, entries))
    }

    /// Every term with its steps, in term order.
    pub async fn read_terms<S: Storage>(&self, storage: &S) -> Result<Vec<(Vec<u8>, Vec<i64>)>> {
        let mut terms = Vec::new();
        self.for_each_term(storage, |name, steps| terms.push((name.to_vec(), steps))).await?;
        Ok(terms)
    }

    /// Each term with its steps, in term order, one at a time (so a large unit is never all decoded at once).
    pub async fn for_each_term<S: Storage>(&self, storage: &S, mut visit: impl FnMut(&[u8], Vec<i64>)) -> Result<()> {
        for block in &self.dir.term_blocks {
            let bytes = self.piece(storage, &block.at).await?;
            let mut c = Cursor { bytes: &bytes, pos: 0 };
            while !c.done() {
                let name = c.bytes().ok_or_else(|| damaged(&self.data_key))?;
                let n = c.varint().and_then(|n| usize::try_from(n).ok()).ok_or_else(|| damaged(&self.data_key))?;
                let steps = if n <= INLINE_STEPS {
                    c.steps(n).ok_or_else(|| damaged(&self.data_key))?
                } else {
                    let at = (|| Some(Piece { offset: c.varint()?, len: c.varint()?, hash: c.u64_le()? }))()
                        .filter(|p| p.len <= MAX_PIECE)
                        .ok_or_else(|| damaged(&self.data_key))?;
                    let blob = self.piece(storage, &at).await?;
                    let mut b = Cursor { bytes: &blob, pos: 0 };
                    b.steps(n).filter(|_| b.done()).ok_or_else(|| damaged(&self.data_key))?
                };
                visit(name, steps);
            }
        }
        Ok(())
    }
}

/// Merge units' terms and entries (each sorted) into one sorted pair of lists; a step in several units keeps the
/// newest unit's entry (the units are given oldest first).
pub fn merge(parts: Vec<(Vec<(Vec<u8>, Vec<i64>)>, Vec<PageEntry>)>) -> (Vec<(Vec<u8>, Vec<i64>)>, Vec<PageEntry>) {
    let mut terms: std::collections::BTreeMap<Vec<u8>, Vec<i64>> = std::collections::BTreeMap::new();
    let mut entries: std::collections::BTreeMap<i64, PageEntry> = std::collections::BTreeMap::new();
    for (t, e) in parts {
        for (term, steps) in t {
            terms.entry(term).or_default().extend(steps);
        }
        for entry in e {
            entries.insert(entry.step_id, entry);
        }
    }
    let terms = terms
        .into_iter()
        .map(|(t, mut s)| {
            s.sort_unstable();
            s.dedup();
            (t, s)
        })
        .collect();
    (terms, entries.into_values().collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::Value;
    use std::collections::BTreeMap;

    fn entry(step: i64, summary: &str, identifiers: &[&str]) -> BTreeMap<String, Value> {
        let mut m = BTreeMap::new();
        m.insert("artifact_sha256".into(), Value::from("ab".repeat(32).as_str()));
        m.insert("commands".into(), Value::Array(vec![Value::from("ls -la")]));
        m.insert("errors".into(), Value::Array(vec![]));
        m.insert("evicted".into(), Value::Bool(false));
        m.insert("file_path".into(), Value::from(store::cold_node_key(step).as_str()));
        m.insert("files".into(), Value::Array(vec![Value::from("src/App.ts")]));
        m.insert("folded_at".into(), Value::from("2026-01-01T00:00:00Z"));
        m.insert("identifiers".into(), Value::Array(identifiers.iter().map(|s| Value::from(*s)).collect()));
        m.insert("payload_sha256".into(), Value::from("cd".repeat(32).as_str()));
        m.insert("projection_sha256".into(), Value::from("not a hash"));
        m.insert("projection_version".into(), Value::from("ipcf-projection-v2"));
        m.insert("step_id".into(), Value::from(step));
        m.insert("summary".into(), Value::from(summary));
        m.insert("token_estimate".into(), Value::from(step * 3));
        m
    }

    fn index(n: i64) -> RecallIndex {
        let mut idx = RecallIndex::new("2026-01-01T00:00:00Z");
        for s in 1..=n {
            let many = format!("common{}", s % 3);
            let own = format!("word{s}");
            idx.insert(s * 2, entry(s * 2, &format!("turn {s}"), &["port", &many, &own]));
        }
        idx
    }

    fn write(idx: &RecallIndex) -> (Vec<u8>, Dir) {
        let mut w = Writer::new(Source::of_index(idx).expect("regular index"), Binding::base(Some("v1".into())));
        let mut data = Vec::new();
        while let Some(c) = w.next_chunk(1000) {
            data.extend(c);
        }
        (data, w.dir())
    }

    #[test]
    fn pages_answer_like_the_index() {
        let idx = index(500);
        let (data, dir) = write(&idx);
        let dir = Dir::parse(&dir.to_bytes()).expect("directory round trip");
        assert_eq!(dir.entries, 500);
        assert_eq!(dir.max_step, Some(1000));
        let storage = store::MemoryStorage::with_root("/s");
        pollster::block_on(storage.save("p.dat", &data)).unwrap();
        let unit = Unit { data_key: "p.dat".into(), dir };
        for term in ["port", "common1", "word7", "word500", "src/app.ts", "absent", "", "zzz"] {
            let want = idx.term_id(term).map(|t| idx.postings(t).to_vec()).unwrap_or_default();
            assert_eq!(pollster::block_on(unit.postings(&storage, term)).unwrap(), want, "{term}");
        }
        for step in [2, 3, 500, 1000, 1001] {
            let want = idx.get(step).map(|e| PageEntry::of(&e));
            assert_eq!(pollster::block_on(unit.entry(&storage, step)).unwrap(), want, "step {step}");
        }
        let last = pollster::block_on(unit.last_entries(&storage, 3)).unwrap();
        assert_eq!(last.iter().map(|e| e.step_id).collect::<Vec<_>>(), [1000, 998, 996]);
        let e = pollster::block_on(unit.entry(&storage, 4)).unwrap().unwrap();
        assert_eq!(e.projection_sha256.as_deref(), Some("not a hash"));
        assert_eq!(e.file_path.as_deref(), Some(".contextfold/cold_nodes/step_000004.json"));
        let (terms, entries) = pollster::block_on(unit.read_all(&storage)).unwrap();
        assert_eq!(entries.len(), 500);
        assert!(terms.windows(2).all(|w| w[0].0 < w[1].0));
    }

    #[test]
    fn damaged_pages_are_errors_never_panics() {
        let idx = index(200);
        let (data, dir) = write(&idx);
        let dir_bytes = dir.to_bytes();
        for i in (0..dir_bytes.len()).step_by(7) {
            let mut d = dir_bytes.clone();
            d[i] ^= 0x55;
            assert!(Dir::parse(&d).is_none(), "a flipped directory byte {i} is refused");
        }
        assert!(Dir::parse(&dir_bytes[..dir_bytes.len() - 1]).is_none());
        let storage = store::MemoryStorage::with_root("/s");
        for i in (8..data.len()).step_by(97) {
            let mut d = data.clone();
            d[i] ^= 0x01;
            pollster::block_on(storage.save("p.dat", &d)).unwrap();
            let unit = Unit { data_key: "p.dat".into(), dir: dir.clone() };
            for term in ["port", "word9", "common2"] {
                if let Err(e) = pollster::block_on(unit.postings(&storage, term)) {
                    assert_eq!(e.code(), ErrorCode::IntegrityCheck);
                }
            }
            let _ = pollster::block_on(unit.read_all(&storage));
        }
    }

    #[test]
    fn an_irregular_index_gets_no_pages() {
        let mut idx = index(3);
        let mut odd = entry(99, "odd", &["x"]);
        odd.insert("extra_key".into(), Value::from(1));
        idx.insert(99, odd);
        assert!(Source::of_index(&idx).is_none(), "an entry with other keys is read whole");
        let mut two = index(3);
        two.put("+4".to_string(), 4, entry(4, "again", &["y"]), None);
        assert!(Source::of_index(&two).is_none(), "a step under two keys cannot be found by step");
    }

    #[test]
    fn merged_units_keep_every_step() {
        let a = index(10);
        let mut b = RecallIndex::new("2026-01-01T00:00:00Z");
        b.insert(101, entry(101, "later", &["port", "late"]));
        let part = |idx: &RecallIndex| {
            let s = Source::of_index(idx).unwrap();
            (s.terms.collect::<Vec<_>>(), s.entries.collect::<Vec<_>>())
        };
        let (terms, entries) = merge(vec![part(&a), part(&b)]);
        assert_eq!(entries.len(), 11);
        let port = terms.iter().find(|(t, _)| t == b"port").unwrap();
        assert_eq!(port.1.len(), 11);
        assert_eq!(*port.1.last().unwrap(), 101);
    }
}
