//! The recall index (`recall_index.json`, spec §2.4) and the eviction log (§2.5), held in memory.
//!
//! Compact by design (100k entries × ~170 identifiers must fit in a wasm heap next to the host's 200 MB): every
//! string of the lists is interned once and entries keep LEB128 term ids; the usual scalar fields are typed, and
//! an entry's text (hashes packed to bytes, a canonical `file_path` not stored), lists and summary terms share
//! one allocation; whatever is not of its usual type, and any unknown key, stays a `Value` in `extra`, so the
//! object rebuilt for writing is exactly the one read. Postings are delta-coded step ids in blocks, or a bitmap
//! for a term carried by a large share of its step range. [`snapshot`] writes and reads the whole index in a
//! binary form, so that opening a large store need not parse `recall_index.json`.
//! Scan and recall never re-read or re-tokenise the index per call, which is what the reference does.

use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap};

use crate::error::{Error, ErrorCode, Result};
use crate::extract;
use crate::hash::{fast_hash, same_bytes};
use crate::identity::{IPCF_VERSION, PROJECTION_VERSION};
use crate::json::{self, Value};
use crate::number::clamp_i64;

pub mod pages;
pub mod snapshot;

/// Dense id of an interned string (a term, or a string of an entry's lists).
pub type TermId = u32;

const NONE_ID: TermId = TermId::MAX;

/// The four string lists of an entry, in the order `EntryData::lists` encodes them.
const LISTS: [&str; 4] = ["identifiers", "files", "errors", "commands"];
#[cfg(read_in_place)]
pub(crate) const ENTRY_LISTS: [&str; 4] = LISTS;
/// The string fields kept in `EntryData::text`, in order.
const TEXTS: [&str; 5] = ["summary", "file_path", "payload_sha256", "projection_sha256", "artifact_sha256"];
#[cfg(read_in_place)]
pub(crate) const ENTRY_TEXTS: [&str; 5] = TEXTS;

fn put_varint(out: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        out.push(v as u8 | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

/// A LEB128 varint read from bytes that may be damaged: `None` past the end or beyond 64 bits (the snapshot reader
/// and the validation of entry lists; [`get_varint`] is for bytes the index wrote or already checked).
pub(crate) fn read_varint(bytes: &[u8], pos: &mut usize) -> Option<u64> {
    let (mut v, mut shift) = (0u64, 0u32);
    loop {
        let b = *bytes.get(*pos)?;
        *pos += 1;
        if shift == 63 && b > 1 {
            return None;
        }
        v |= u64::from(b & 0x7f) << shift;
        if b < 0x80 {
            return Some(v);
        }
        shift += 7;
        if shift > 63 {
            return None;
        }
    }
}

// Forced inline: the size-optimised build would otherwise call it once per posting decoded.
#[inline(always)]
fn get_varint(bytes: &[u8], pos: &mut usize) -> u64 {
    let (mut v, mut shift) = (0u64, 0);
    loop {
        let b = bytes[*pos];
        *pos += 1;
        v |= u64::from(b & 0x7f) << shift;
        if b < 0x80 {
            return v;
        }
        shift += 7;
    }
}

/// The scalar fields of an entry that are held typed (see [`Entry::scalar_fields`]).
#[cfg(read_in_place)]
pub(crate) struct ScalarFields<'a> {
    pub folded_at: Option<&'a str>,
    pub projection_version: Option<&'a str>,
    pub step_id: Option<i64>,
    pub token_estimate: Option<i64>,
    pub evicted: Option<bool>,
}

/// One entry as stored. Typed fields are `None`/absent when the key is missing or holds another type (then
/// the value is in `extra`).
#[derive(Debug, Clone)]
struct EntryData {
    step_id: i64,
    /// The variable-length parts in one allocation (fewer allocations are much of an entry's cost at scale):
    /// the present `TEXTS` fields, concatenated (each in its packed form if packed; `text_ends[i]` is where
    /// field i ends), then the lists (up to `lists_end`), then the summary's term ids as little-endian `u32`s.
    bytes: Box<[u8]>,
    text_ends: [u32; 5],
    lists_end: u32,
    /// Bit i: `TEXTS[i]` is present as a string.
    text_present: u8,
    /// Bit i: field i is packed: a `file_path` equal to the step's canonical key is stored as nothing, a hash of
    /// 64 lowercase hex digits as its 32 bytes (a quarter of an entry's text in the usual case).
    text_packed: u8,
    /// Interned: `folded_at`, `projection_version` (shared by many entries).
    folded_at: TermId,
    projection_version: TermId,
    /// The `step_id` key of the object, `token_estimate`, `evicted`, when of their usual type.
    step_field: Option<i64>,
    token_estimate: Option<i64>,
    evicted: Option<bool>,
    extra: Option<Box<BTreeMap<String, Value>>>,
    /// The entry's own sorted term ids, kept only when its step id is shared with another key (a hand-edited
    /// index): the postings, which are by step, cannot tell such entries apart.
    own_terms: Option<Box<[TermId]>>,
}

/// One index entry, borrowed from its index (the strings of its lists live in the index).
#[derive(Debug, Clone, Copy)]
pub struct Entry<'a> {
    /// `int(key)`: the step id the entry is filed under.
    pub step_id: i64,
    data: &'a EntryData,
    index: &'a RecallIndex,
}

impl<'a> Entry<'a> {
    fn text_bytes(&self, i: usize) -> Option<&'a [u8]> {
        if self.data.text_present & (1 << i) == 0 {
            return None;
        }
        let start = if i == 0 { 0 } else { self.data.text_ends[i - 1] as usize };
        Some(&self.data.bytes[start..self.data.text_ends[i] as usize])
    }

    /// Field i as stored, for a field that is never packed (`summary`).
    fn text_str(&self, i: usize) -> Option<&'a str> {
        // Valid UTF-8 by construction (`put`) and by validation (snapshot).
        self.text_bytes(i).map(|b| std::str::from_utf8(b).unwrap_or(""))
    }

    /// Field i, unpacked.
    fn text(&self, i: usize) -> Option<Cow<'a, str>> {
        let bytes = self.text_bytes(i)?;
        if self.data.text_packed & (1 << i) == 0 {
            return Some(Cow::Borrowed(std::str::from_utf8(bytes).unwrap_or("")));
        }
        Some(Cow::Owned(if i == 1 { crate::store::cold_node_key(self.step_id) } else { hex(bytes) }))
    }

    fn extra(&self, key: &str) -> Option<&'a Value> {
        self.data.extra.as_ref().and_then(|m| m.get(key))
    }

    fn interned(&self, id: TermId) -> Option<&'a str> {
        (id != NONE_ID).then(|| self.index.strings.get(id))
    }

    /// `summary`, or "" when missing.
    pub fn summary(&self) -> &'a str {
        self.text_str(0).unwrap_or("")
    }

    /// `entry.get("token_estimate", 0)`; bools count as 0/1 as in Python.
    pub fn token_estimate(&self) -> i64 {
        match self.data.token_estimate {
            Some(t) => t,
            None => self.extra("token_estimate").and_then(Value::python_int).map_or(0, clamp_i64),
        }
    }

    pub fn evicted(&self) -> bool {
        match self.data.evicted {
            Some(b) => b,
            None => self.extra("evicted").is_some_and(Value::python_truthy),
        }
    }

    /// `file_path`, `None` when missing or not a string.
    pub fn file_path(&self) -> Option<Cow<'a, str>> {
        self.text(1)
    }

    pub fn artifact_sha256(&self) -> Option<Cow<'a, str>> {
        self.text(4)
    }

    pub fn payload_sha256(&self) -> Cow<'a, str> {
        self.text(2).unwrap_or_default()
    }

    pub fn projection_sha256(&self) -> Cow<'a, str> {
        self.text(3).unwrap_or_default()
    }

    pub fn folded_at(&self) -> &'a str {
        self.interned(self.data.folded_at).unwrap_or("")
    }

    /// `projection_version`, or "" when missing or not a string.
    pub fn projection_version(&self) -> &'a str {
        self.interned(self.data.projection_version).unwrap_or("")
    }

    /// The string ids of a list field, `None` if it is not a list of strings (or missing).
    fn list_ids(&self, key: &str) -> Option<Vec<TermId>> {
        let which = LISTS.iter().position(|&k| k == key)?;
        decode_lists(self.data.lists())?.into_iter().nth(which)?
    }

    /// A string-list field (`identifiers`, `files`, `commands`, `errors`); missing counts as empty.
    pub fn list(&self, key: &str) -> Vec<String> {
        match self.list_ids(key) {
            Some(ids) => ids.into_iter().map(|id| self.index.strings.get(id).to_string()).collect(),
            None => self.extra(key).and_then(Value::as_str_vec).unwrap_or_default(),
        }
    }

    /// Sorted term ids of `identifiers(NFC(summary))`, which recall scores double (§6).
    pub fn summary_terms(&self) -> Vec<TermId> {
        self.data.summary_terms().collect()
    }

    /// `index["nodes"][key].get(key)`: the value of one key of the object.
    pub fn get(&self, key: &str) -> Option<Value> {
        if let Some(v) = self.extra(key) {
            return Some(v.clone());
        }
        if let Some(i) = TEXTS.iter().position(|&k| k == key) {
            return self.text(i).map(|t| Value::Str(t.into_owned()));
        }
        if let Some(ids) = self.list_ids(key) {
            return Some(Value::Array(ids.into_iter().map(|id| Value::from(self.index.strings.get(id))).collect()));
        }
        match key {
            "folded_at" => self.interned(self.data.folded_at).map(Value::from),
            "projection_version" => self.interned(self.data.projection_version).map(Value::from),
            "step_id" => self.data.step_field.map(Value::from),
            "token_estimate" => self.data.token_estimate.map(Value::from),
            "evicted" => self.data.evicted.map(Value::Bool),
            _ => None,
        }
    }

    /// The fields of [`Entry::to_object`] as held, for a check that reads them in place (`schema::EntryDoc`):
    /// the members that are not of their usual type or not known (`extra`), ...
    #[cfg(read_in_place)]
    pub(crate) fn extra_members(self) -> Option<&'a BTreeMap<String, Value>> {
        self.data.extra.as_deref()
    }

    /// ... text field `i` of [`ENTRY_TEXTS`], unpacked, if the entry has it as a string, ...
    #[cfg(read_in_place)]
    pub(crate) fn text_field(self, i: usize) -> Option<Cow<'a, str>> {
        self.text(i)
    }

    /// ... whether it has text field `i`, ...
    #[cfg(read_in_place)]
    pub(crate) fn has_text_field(self, i: usize) -> bool {
        self.data.text_present & (1 << i) != 0
    }

    /// ... the lists of [`ENTRY_LISTS`] that are lists of strings, decoded once, ...
    #[cfg(read_in_place)]
    pub(crate) fn list_fields(self) -> [Option<Vec<&'a str>>; 4] {
        let mut lists: [Option<Vec<&'a str>>; 4] = Default::default();
        for (slot, ids) in lists.iter_mut().zip(decode_lists(self.data.lists()).unwrap_or_default()) {
            *slot = ids.map(|ids| ids.into_iter().map(|id| self.index.strings.get(id)).collect());
        }
        lists
    }

    /// ... and the typed scalars, when of their usual type.
    #[cfg(read_in_place)]
    pub(crate) fn scalar_fields(self) -> ScalarFields<'a> {
        ScalarFields {
            folded_at: self.interned(self.data.folded_at),
            projection_version: self.interned(self.data.projection_version),
            step_id: self.data.step_field,
            token_estimate: self.data.token_estimate,
            evicted: self.data.evicted,
        }
    }

    /// The object exactly as it is (or will be) in the file.
    pub fn to_object(&self) -> BTreeMap<String, Value> {
        let mut m = self.data.extra.as_deref().cloned().unwrap_or_default();
        // The lists decoded once: `get` of one list decodes all four (`validate` builds every entry's object).
        let lists = decode_lists(self.data.lists()).unwrap_or_default();
        for (key, ids) in LISTS.iter().zip(&lists) {
            if let (Some(ids), false) = (ids, m.contains_key(*key)) {
                m.insert(key.to_string(), Value::Array(ids.iter().map(|&id| Value::from(self.index.strings.get(id))).collect()));
            }
        }
        let keys = TEXTS.iter().chain(&["folded_at", "projection_version", "step_id", "token_estimate", "evicted"]);
        for key in keys {
            if m.contains_key(*key) {
                continue;
            }
            if let Some(v) = self.get(key) {
                m.insert(key.to_string(), v);
            }
        }
        m
    }
}

impl From<&Entry<'_>> for crate::types::IndexEntry {
    fn from(e: &Entry<'_>) -> Self {
        crate::types::IndexEntry {
            step_id: e.step_id,
            summary: e.summary().to_string(),
            file_path: e.file_path().map(|p| p.into_owned()),
            identifiers: e.list("identifiers"),
            files: e.list("files"),
            commands: e.list("commands"),
            errors: e.list("errors"),
            token_estimate: e.token_estimate(),
            payload_sha256: e.payload_sha256().into_owned(),
            projection_sha256: e.projection_sha256().into_owned(),
            artifact_sha256: e.artifact_sha256().map(|a| a.into_owned()),
            projection_version: e.projection_version().to_string(),
            folded_at: e.folded_at().to_string(),
            evicted: e.evicted(),
        }
    }
}

impl From<Entry<'_>> for crate::types::IndexEntry {
    fn from(e: Entry<'_>) -> Self {
        Self::from(&e)
    }
}

/// Interned strings: ids by first appearance, looked up in an open-addressing table (linear probing) of
/// `(hash, id)` slots. The text is in two arenas (see [`Split`]): `base` holds the strings of an index read from
/// its snapshot and never grows, `tail` whatever is interned after.
#[derive(Debug, Clone, Default)]
struct Strings {
    base: Arena,
    tail: Arena,
    /// `(low 32 bits of the hash, id)`; id `NONE_ID` marks a free slot. At most three quarters full; any length
    /// (a slot is picked by multiply-shift, not a mask), so a table rebuilt for a loaded index is no larger than
    /// it needs to be.
    slots: Vec<(u32, TermId)>,
}

/// Strings end to end; `ends[i]` is where string i ends.
#[derive(Debug, Clone, Default)]
struct Arena {
    text: String,
    ends: Vec<u32>,
}

impl Arena {
    fn get(&self, i: usize) -> &str {
        let start = if i == 0 { 0 } else { self.ends[i - 1] as usize };
        &self.text[start..self.ends[i] as usize]
    }

    fn push(&mut self, s: &str) {
        self.text.push_str(s);
        self.ends.push(self.text.len() as u32);
    }
}

impl Strings {
    fn get(&self, id: TermId) -> &str {
        let i = id as usize;
        match i.checked_sub(self.base.ends.len()) {
            None => self.base.get(i),
            Some(t) => self.tail.get(t),
        }
    }

    /// The first slot to probe for a string of tag `tag` (the low 32 bits of its hash) in a table of `cap` slots:
    /// the slots hold the tags, so a table grows without hashing its strings again.
    fn home(tag: u32, cap: usize) -> usize {
        (u64::from(tag) * cap as u64 >> 32) as usize
    }

    /// The id of `s`, or the free slot where it would go.
    fn probe(&self, s: &str, h: u64) -> Result<TermId, usize> {
        let cap = self.slots.len();
        let tag = h as u32;
        let mut i = Self::home(tag, cap);
        loop {
            let (t, id) = self.slots[i];
            if id == NONE_ID {
                return Err(i);
            }
            if t == tag && same_bytes(self.get(id).as_bytes(), s.as_bytes()) {
                return Ok(id);
            }
            i = if i + 1 == cap { 0 } else { i + 1 };
        }
    }

    fn find(&self, s: &str) -> Option<TermId> {
        if self.slots.is_empty() {
            return None;
        }
        self.probe(s, fast_hash(s.as_bytes())).ok()
    }

    fn grow(&mut self) {
        self.rebuild_slots_with((self.slots.len() * 2).max(64));
    }

    /// Slots for the strings there are (after they were loaded without them), about 70 % full.
    fn rebuild_slots(&mut self) {
        self.rebuild_slots_with(((self.len() + 1) * 10 / 7 + 1).max(64));
    }

    /// A table of `cap` slots for every string: from the tags in the slots when they hold every string (a table
    /// that grows), else from the strings' hashes (strings loaded without slots).
    fn rebuild_slots_with(&mut self, cap: usize) {
        let mut slots = vec![(0u32, NONE_ID); cap];
        let mut place = |(tag, id): (u32, TermId)| {
            let mut i = Self::home(tag, cap);
            while slots[i].1 != NONE_ID {
                i = if i + 1 == cap { 0 } else { i + 1 };
            }
            slots[i] = (tag, id);
        };
        if self.slots.iter().filter(|s| s.1 != NONE_ID).count() == self.len() {
            self.slots.iter().filter(|s| s.1 != NONE_ID).for_each(|&s| place(s));
        } else {
            (0..self.len() as TermId).for_each(|id| place((fast_hash(self.get(id).as_bytes()) as u32, id)));
        }
        self.slots = slots;
    }

    /// Room for `more` strings to be interned without the slots growing on the way (each growth rehashes every
    /// string): one rebuild for a large entry (a megabyte payload has ~15,000 identifiers) instead of one per
    /// doubling. Only when `more` exceeds the strings there are, where several doublings would follow in a row;
    /// strings already interned are counted as new, so the table may grow a doubling earlier than it must.
    fn reserve(&mut self, more: usize) {
        let need = self.len() + more + 1;
        if more > self.len() && need * 4 > self.slots.len() * 3 {
            let mut cap = self.slots.len().max(64);
            while need * 4 > cap * 3 {
                cap *= 2;
            }
            self.rebuild_slots_with(cap);
        }
    }

    fn intern(&mut self, s: &str) -> TermId {
        // At most three quarters full: linear probing stays short with this hash, and slots are a large part
        // of the index when most strings are one node's own file paths and messages.
        if (self.len() + 1) * 4 > self.slots.len() * 3 {
            self.grow();
        }
        let h = fast_hash(s.as_bytes());
        match self.probe(s, h) {
            Ok(id) => id,
            Err(slot) => {
                let id = self.len() as TermId;
                self.tail.push(s);
                self.slots[slot] = (h as u32, id);
                id
            }
        }
    }

    fn len(&self) -> usize {
        self.base.ends.len() + self.tail.ends.len()
    }

    fn text_len(&self) -> usize {
        self.base.text.len() + self.tail.text.len()
    }
}

/// A vector in two parts: `base`, filled once with its exact size (an index read from its snapshot) and never
/// grown, and `tail` for what is added after. One large vector grown by doubling would hold both copies at
/// once, and wasm linear memory keeps its high-water mark: the first fold into a freshly opened 100,000-node
/// store would cost tens of megabytes for good.
#[derive(Debug, Clone)]
struct Split<T> {
    base: Vec<T>,
    tail: Vec<T>,
}

impl<T> Default for Split<T> {
    fn default() -> Self {
        Split { base: Vec::new(), tail: Vec::new() }
    }
}

impl<T> Split<T> {
    fn len(&self) -> usize {
        self.base.len() + self.tail.len()
    }

    fn get(&self, i: usize) -> Option<&T> {
        match i.checked_sub(self.base.len()) {
            None => self.base.get(i),
            Some(t) => self.tail.get(t),
        }
    }

    fn get_mut(&mut self, i: usize) -> Option<&mut T> {
        match i.checked_sub(self.base.len()) {
            None => self.base.get_mut(i),
            Some(t) => self.tail.get_mut(t),
        }
    }

    /// Grow to `len` with `f()` (in the tail).
    fn resize_with(&mut self, len: usize, f: impl FnMut() -> T) {
        let tail = len.saturating_sub(self.base.len());
        if tail > self.tail.len() {
            self.tail.resize_with(tail, f);
        }
    }

    fn capacity(&self) -> usize {
        self.base.capacity() + self.tail.capacity()
    }
}

const BLOCK: usize = 64;

/// The step ids carrying one term, ascending (duplicates kept: two keys may parse to one step).
#[derive(Debug, Clone, Default)]
pub enum Postings {
    #[default]
    Empty,
    One(i64),
    Many(Box<Blocks>),
    /// A term carried by a large share of a compact step range (`src`, a file extension): one bit per step,
    /// smaller than the gaps and O(1) to test, which is what scan asks of such terms. Never holds duplicates.
    Dense(Box<Bitmap>),
}

/// Steps `base + 64·w + b` for each set bit `b` of `words[w]`.
#[derive(Debug, Clone)]
pub struct Bitmap {
    /// A multiple of 64.
    base: i64,
    words: Vec<u64>,
    len: u32,
}

/// A term goes dense once it has this many steps and a bitmap of its range is smaller than its gaps.
const DENSE_MIN: usize = 256;

impl Bitmap {
    /// `None` if `steps` (ascending) holds a duplicate or spans a range too sparse for a bitmap.
    fn from_sorted(steps: &[i64]) -> Option<Self> {
        let (&first, &last) = (steps.first()?, steps.last()?);
        if steps.windows(2).any(|w| w[0] == w[1]) || !Self::worth_it(steps.len(), first, last) {
            return None;
        }
        let base = first.div_euclid(64) * 64;
        let words = ((i128::from(last) - i128::from(base)) / 64 + 1) as usize;
        let mut b = Bitmap { base, words: vec![0; words], len: 0 };
        for &s in steps {
            b.set(s);
        }
        Some(b)
    }

    /// A bitmap over `first..=last` costs range/8 bytes; the gaps cost about a byte a step.
    fn worth_it(len: usize, first: i64, last: i64) -> bool {
        let range = i128::from(last) - i128::from(first) + 1;
        len >= DENSE_MIN && range <= 8 * len as i128 && range < i128::from(u32::MAX)
    }

    #[inline(always)]
    fn slot(&self, step: i64) -> Option<(usize, u64)> {
        // i64 arithmetic (i128 is emulated in wasm, and this is scan's inner loop); an overflowing difference
        // lies outside any range a bitmap covers.
        let off = step.checked_sub(self.base)?;
        (off >= 0 && (off as u64) < 64 * self.words.len() as u64).then(|| ((off >> 6) as usize, 1u64 << (off & 63)))
    }

    #[inline(always)]
    fn contains(&self, step: i64) -> bool {
        self.slot(step).is_some_and(|(w, bit)| self.words.as_slice()[w] & bit != 0)
    }

    /// Set a step inside the range; false if it was set already.
    fn set(&mut self, step: i64) -> bool {
        let (w, bit) = self.slot(step).expect("inside the range");
        let fresh = self.words[w] & bit == 0;
        self.words[w] |= bit;
        self.len += u32::from(fresh);
        fresh
    }

    /// Add a step, growing the range; false (nothing changed) if that would make it a duplicate or too sparse.
    fn add(&mut self, step: i64) -> bool {
        if self.contains(step) {
            return false;
        }
        let first = self.base.min(step);
        let last = (self.base + 64 * self.words.len() as i64 - 1).max(step);
        if self.slot(step).is_none() {
            if !Self::worth_it(self.len as usize + 1, first, last) {
                return false;
            }
            let base = first.div_euclid(64) * 64;
            let front = ((self.base - base) / 64) as usize;
            let total = ((i128::from(last) - i128::from(base)) / 64 + 1) as usize;
            let mut words = vec![0; total];
            words[front..front + self.words.len()].copy_from_slice(&self.words);
            self.words = words;
            self.base = base;
        }
        self.set(step)
    }

    fn remove(&mut self, step: i64) {
        if let Some((w, bit)) = self.slot(step).filter(|&(w, bit)| self.words[w] & bit != 0) {
            self.words[w] &= !bit;
            self.len -= 1;
        }
    }

    fn decode_block(&self, b: usize, out: &mut Vec<i64>) {
        out.clear();
        let mut word = self.words[b];
        let base = self.base + 64 * b as i64;
        while word != 0 {
            out.push(base + i64::from(word.trailing_zeros()));
            word &= word - 1;
        }
    }

    fn to_vec(&self) -> Vec<i64> {
        let mut all = Vec::with_capacity(self.len as usize);
        let mut buf = Vec::with_capacity(64);
        for b in 0..self.words.len() {
            self.decode_block(b, &mut buf);
            all.extend_from_slice(&buf);
        }
        all
    }
}

/// Blocks of up to `BLOCK` steps: the first step of each block, then LEB128 gaps.
#[derive(Debug, Clone, Default)]
pub struct Blocks {
    /// First step of each block and where its gaps start in `bytes`.
    heads: Vec<(i64, u32)>,
    bytes: Vec<u8>,
    len: u32,
    last: i64,
    last_block_len: u32,
}

impl Blocks {
    fn from_sorted(steps: &[i64]) -> Self {
        let mut b = Blocks::default();
        for &s in steps {
            b.append(s);
        }
        b
    }

    fn append(&mut self, step: i64) {
        if self.len == 0 || self.last_block_len as usize == BLOCK {
            self.heads.push((step, self.bytes.len() as u32));
            self.last_block_len = 1;
        } else {
            put_varint(&mut self.bytes, (i128::from(step) - i128::from(self.last)) as u64);
            self.last_block_len += 1;
        }
        self.last = step;
        self.len += 1;
    }

    fn decode_block(&self, b: usize, out: &mut Vec<i64>) {
        out.clear();
        let (head, start) = self.heads[b];
        let end = self.heads.get(b + 1).map_or(self.bytes.len(), |h| h.1 as usize);
        let mut pos = start as usize;
        let mut cur = head;
        // Through a stack batch copied out whole: one `push` per step was a tenth of a scan in the size-optimised
        // wasm build, which does not inline it.
        let mut batch = [0i64; 32];
        batch[0] = cur;
        let mut filled = 1;
        while pos < end {
            // Gaps are the exact i64 difference stored as u64, so wrapping arithmetic is exact (and cheap in wasm).
            cur = cur.wrapping_add(get_varint(&self.bytes, &mut pos) as i64);
            if filled == batch.len() {
                out.extend_from_slice(&batch);
                filled = 0;
            }
            batch[filled] = cur;
            filled += 1;
        }
        out.extend_from_slice(&batch[..filled]);
    }

    /// Insert below the last step: only the block concerned is re-coded (split in two when it gets long).
    fn insert(&mut self, step: i64) {
        let b = self.heads.partition_point(|h| h.0 <= step).saturating_sub(1);
        let mut steps = Vec::with_capacity(2 * BLOCK);
        self.decode_block(b, &mut steps);
        let at = steps.partition_point(|&s| s <= step);
        steps.insert(at, step);
        let parts: Vec<&[i64]> = if steps.len() > 2 * BLOCK { steps.chunks(steps.len().div_ceil(2)).collect() } else { vec![&steps] };
        let start = self.heads[b].1 as usize;
        let end = self.heads.get(b + 1).map_or(self.bytes.len(), |h| h.1 as usize);
        let mut heads = Vec::with_capacity(2);
        let mut coded = Vec::new();
        for part in parts {
            heads.push((part[0], (start + coded.len()) as u32));
            for w in part.windows(2) {
                put_varint(&mut coded, (i128::from(w[1]) - i128::from(w[0])) as u64);
            }
        }
        let shift = coded.len() as i64 - (end - start) as i64;
        self.bytes.splice(start..end, coded);
        let is_last = b + 1 == self.heads.len();
        let added = heads.len() - 1;
        self.heads.splice(b..=b, heads);
        for h in &mut self.heads[b + 1 + added..] {
            h.1 = (i64::from(h.1) + shift) as u32;
        }
        if is_last {
            self.last_block_len = (steps.len() - if added == 1 { steps.len().div_ceil(2) } else { 0 }) as u32;
        }
        self.len += 1;
    }

    fn to_vec(&self) -> Vec<i64> {
        let mut all = Vec::with_capacity(self.len as usize);
        let mut buf = Vec::with_capacity(BLOCK);
        for b in 0..self.heads.len() {
            self.decode_block(b, &mut buf);
            all.extend_from_slice(&buf);
        }
        all
    }
}

impl Postings {
    pub fn len(&self) -> usize {
        match self {
            Postings::Empty => 0,
            Postings::One(_) => 1,
            Postings::Many(b) => b.len as usize,
            Postings::Dense(b) => b.len as usize,
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Number of blocks, for walking them (in either direction) with [`Postings::decode_block`].
    pub fn num_blocks(&self) -> usize {
        match self {
            Postings::Empty => 0,
            Postings::One(_) => 1,
            Postings::Many(b) => b.heads.len(),
            Postings::Dense(b) => b.words.len(),
        }
    }

    /// The steps of block `b`, ascending, into `out` (a block may be empty).
    pub fn decode_block(&self, b: usize, out: &mut Vec<i64>) {
        match self {
            Postings::Empty => out.clear(),
            Postings::One(s) => {
                out.clear();
                out.push(*s);
            }
            Postings::Many(blocks) => blocks.decode_block(b, out),
            Postings::Dense(bits) => bits.decode_block(b, out),
        }
    }

    /// All steps, ascending.
    pub fn to_vec(&self) -> Vec<i64> {
        match self {
            Postings::Empty => Vec::new(),
            Postings::One(s) => vec![*s],
            Postings::Many(b) => b.to_vec(),
            Postings::Dense(b) => b.to_vec(),
        }
    }

    /// Whether `step` is among them: the last block whose head is ≤ step holds it if anything does.
    #[inline]
    pub fn contains(&self, step: i64) -> bool {
        match self {
            Postings::Empty => false,
            Postings::One(s) => *s == step,
            Postings::Many(b) => {
                if step > b.last {
                    return false;
                }
                let i = b.heads.partition_point(|h| h.0 <= step);
                if i == 0 {
                    return false;
                }
                let (head, start) = b.heads[i - 1];
                let end = b.heads.get(i).map_or(b.bytes.len(), |h| h.1 as usize);
                let (mut pos, mut cur) = (start as usize, head);
                while cur < step && pos < end {
                    cur = cur.wrapping_add(get_varint(&b.bytes, &mut pos) as i64);
                }
                cur == step
            }
            Postings::Dense(b) => b.contains(step),
        }
    }

    /// The postings of `steps` (ascending).
    pub fn from_sorted(steps: &[i64]) -> Postings {
        let mut p = Postings::Empty;
        p.set(steps);
        p
    }

    fn set(&mut self, steps: &[i64]) {
        *self = match steps {
            [] => Postings::Empty,
            [s] => Postings::One(*s),
            _ => match Bitmap::from_sorted(steps) {
                Some(bits) => Postings::Dense(Box::new(bits)),
                None => Postings::Many(Box::new(Blocks::from_sorted(steps))),
            },
        };
    }

    /// Add a step, keeping the order (appending, the usual case, is O(1) amortised).
    fn push(&mut self, step: i64) {
        match self {
            Postings::Empty => *self = Postings::One(step),
            Postings::One(s) => {
                let (a, b) = ((*s).min(step), (*s).max(step));
                *self = Postings::Many(Box::new(Blocks::from_sorted(&[a, b])));
            }
            Postings::Many(b) => {
                if step >= b.last {
                    b.append(step);
                } else {
                    b.insert(step);
                }
                // Checked at powers of two only, so the conversion costs O(1) per push amortised.
                let len = b.len as usize;
                if len >= DENSE_MIN && len.is_power_of_two() && Bitmap::worth_it(len, b.heads[0].0, b.last) {
                    if let Some(bits) = Bitmap::from_sorted(&b.to_vec()) {
                        *self = Postings::Dense(Box::new(bits));
                    }
                }
            }
            Postings::Dense(bits) => {
                if !bits.add(step) {
                    // A duplicate step or a far one: back to gaps, which hold anything.
                    let mut all = bits.to_vec();
                    let at = all.partition_point(|&s| s <= step);
                    all.insert(at, step);
                    *self = Postings::Many(Box::new(Blocks::from_sorted(&all)));
                }
            }
        }
    }

    /// Drop every occurrence of `step`.
    fn remove_all(&mut self, step: i64) {
        if let Postings::Dense(bits) = self {
            bits.remove(step);
        } else if self.contains(step) {
            let mut all = self.to_vec();
            all.retain(|&s| s != step);
            self.set(&all);
        }
    }
}

/// What every structural error of a store file ends with.
pub const REPAIR_HINT: &str = "Run `contextfold repair` (or `repair()`): it rebuilds the index from the verified cold nodes and moves what does not verify to .contextfold/quarantine/";

/// The recall index with its inverted map.
#[derive(Debug, Clone, Default)]
pub struct RecallIndex {
    /// Top-level keys other than `nodes`, as in the file (`created_at`, versions, anything else).
    top: BTreeMap<String, Value>,
    /// Entries by index key (`str(step_id)`), in key order as the file lists them.
    /// Boxed: a B-tree node has room for eleven values whether it holds them or not, so a small slot (a
    /// pointer) wastes much less than a whole entry would.
    entries: BTreeMap<String, Box<EntryData>>,
    /// Key of each step id (several keys may parse to one int in a hand-edited file; the last one wins here).
    /// `None` for the canonical key `str(step_id)` (nearly every entry), so most steps keep no copy of their key.
    by_step: BTreeMap<i64, Option<Box<str>>>,
    strings: Strings,
    /// For each term id, the step ids whose term set carries it (indexed by id; shorter if the last ids are
    /// no term).
    postings: Split<Postings>,
    /// For each term id, the step ids whose summary carries it but whose term set does not (only possible in a
    /// hand-edited index; kept so that recall finds every node the reference finds).
    summary_only: HashMap<TermId, Vec<i64>>,
}

static EMPTY_POSTINGS: Postings = Postings::Empty;

impl RecallIndex {
    /// A new, empty index, as `load_index()` makes it when the file does not exist (`created_at` = now).
    pub fn new(created_at: &str) -> Self {
        let mut top = BTreeMap::new();
        top.insert("created_at".to_string(), Value::from(created_at));
        top.insert("ipcf_version".to_string(), Value::from(IPCF_VERSION));
        top.insert("projection_version".to_string(), Value::from(PROJECTION_VERSION));
        RecallIndex { top, ..Default::default() }
    }

    /// Parse `recall_index.json`. A file that is not an index (not an object, no `nodes` object, a key that is not
    /// an int, an entry that is not an object, lists that are not lists of strings) is an integrity error, never an
    /// empty index: the next fold would otherwise rewrite it with one entry and drop every other. The message
    /// names `contextfold repair`, which rebuilds the index from the cold nodes.
    pub fn from_file_bytes(bytes: &[u8]) -> Result<Self> {
        let bad = |msg: String| Error::new(ErrorCode::IntegrityCheck, format!("recall_index.json: {msg}. {REPAIR_HINT}"));
        let value = json::parse(bytes).map_err(|e| bad(format!("not valid JSON: {}", e.message)))?;
        let Value::Object(mut top) = value else {
            return Err(bad(format!("must be a JSON object, not {}", value.type_name())));
        };
        let nodes = match top.remove("nodes") {
            None => return Err(bad("has no \"nodes\" object: it is not a recall index".to_string())),
            Some(Value::Object(m)) => m,
            Some(other) => return Err(bad(format!("\"nodes\" must be an object, not {}", other.type_name()))),
        };
        let mut index = RecallIndex { top, ..Default::default() };
        let mut parsed = Vec::with_capacity(nodes.len());
        for (key, value) in nodes {
            let step_id = crate::number::python_int(&key)
                .ok()
                .and_then(|i| i64::try_from(i).ok())
                .ok_or_else(|| bad(format!("node key {key:?} is not an integer step id")))?;
            let Value::Object(raw) = value else {
                return Err(bad(format!("node {key:?} must be an object, not {}", value.type_name())));
            };
            for field in LISTS {
                if let Some(v) = raw.get(field) {
                    let strings = matches!(v, Value::Array(a) if a.iter().all(|x| matches!(x, Value::Str(_))));
                    if !strings {
                        return Err(bad(format!("node {key:?}: \"{field}\" must be a list of strings")));
                    }
                }
            }
            parsed.push((step_id, key, raw));
        }
        // In step order, postings are only appended to; a stable sort keeps key order among equal steps, so
        // the last key of a step still wins as it did in file order.
        parsed.sort_by_key(|p| p.0);
        for (step_id, key, raw) in parsed {
            index.put(key, step_id, raw, None);
        }
        Ok(index)
    }

    /// `json.dump(index, indent=2, sort_keys=True, ensure_ascii=False)`.
    pub fn to_file_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.entries.len() * 2048 + 256);
        let mut w = FileWriter::new(self);
        while let Some(chunk) = w.next_chunk(1 << 20) {
            out.extend_from_slice(&chunk);
        }
        out
    }

    /// The bytes of [`Self::to_file_bytes`] in chunks, so that a large index is written without holding a
    /// second copy of it as one buffer.
    pub fn file_writer(&self) -> FileWriter<'_> {
        FileWriter::new(self)
    }

    /// The snapshot of this index (see [`snapshot`]), valid while `recall_index.json` has version `file_version`.
    pub fn snapshot_writer(&self, file_version: &str) -> snapshot::Writer<'_> {
        snapshot::Writer::new(self, file_version)
    }

    fn view<'a>(&'a self, data: &'a EntryData) -> Entry<'a> {
        Entry { step_id: data.step_id, data, index: self }
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Approximate heap bytes by part (capacities, not allocator overhead), for benchmarks and tuning.
    pub fn heap_breakdown(&self) -> Vec<(&'static str, usize)> {
        use std::mem::size_of;
        let postings: usize = (0..self.postings.len())
            .filter_map(|t| self.postings.get(t))
            .map(|p| match p {
                Postings::Many(b) => size_of::<Blocks>() + b.heads.capacity() * 16 + b.bytes.capacity(),
                Postings::Dense(b) => size_of::<Bitmap>() + b.words.capacity() * 8,
                _ => 0,
            })
            .sum();
        let mut text = 0;
        let mut lists = 0;
        let mut terms = 0;
        let mut keys = 0;
        for (k, e) in &self.entries {
            text += e.text_ends[4] as usize;
            lists += e.lists().len();
            terms += e.bytes.len() - e.lists_end as usize + e.own_terms.as_ref().map_or(0, |t| t.len() * 4);
            keys += k.capacity();
        }
        vec![
            ("strings: text", self.strings.base.text.capacity() + self.strings.tail.text.capacity()),
            (
                "strings: ends + slots",
                (self.strings.base.ends.capacity() + self.strings.tail.ends.capacity()) * 4 + self.strings.slots.capacity() * 8,
            ),
            ("postings: table", self.postings.capacity() * size_of::<Postings>()),
            ("postings: lists", postings),
            ("entries: structs (+ map keys)", self.entries.len() * (size_of::<EntryData>() + size_of::<String>()) + keys),
            ("entries: text", text),
            ("entries: lists", lists),
            ("entries: summary terms", terms),
            ("by_step", self.by_step.len() * (8 + size_of::<Option<Box<str>>>()) + self.by_step.values().flatten().map(|k| k.len()).sum::<usize>()),
        ]
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// `str(step_id) in index["nodes"]`.
    pub fn contains_key_of(&self, step_id: i64) -> bool {
        self.entries.contains_key(&step_id.to_string())
    }

    /// The entry filed under `str(step_id)` (what `index["nodes"].get(str(step_id))` finds).
    pub fn get(&self, step_id: i64) -> Option<Entry<'_>> {
        self.entries.get(&step_id.to_string()).map(|d| self.view(d))
    }

    /// Entries in file order (keys sorted as strings).
    pub fn entries(&self) -> impl Iterator<Item = Entry<'_>> {
        self.entries.values().map(|d| self.view(d))
    }

    /// Entries with their keys in `nodes`, in file order.
    pub fn keyed_entries(&self) -> impl Iterator<Item = (&str, Entry<'_>)> {
        self.entries.iter().map(|(k, d)| (k.as_str(), self.view(d)))
    }

    /// The top-level keys other than `nodes`.
    pub fn top_level(&self) -> &BTreeMap<String, Value> {
        &self.top
    }

    /// Entries sorted by int step id (status, validate).
    pub fn entries_by_step(&self) -> Vec<Entry<'_>> {
        let mut v: Vec<Entry<'_>> = self.entries().collect();
        v.sort_by_key(|e| e.step_id);
        v
    }

    /// Every term with the steps that carry it (for a copy of the postings elsewhere).
    pub fn all_postings(&self) -> impl Iterator<Item = (&str, Vec<i64>)> + '_ {
        (0..self.strings.len() as TermId)
            .filter(|&t| !self.postings(t).is_empty())
            .map(|t| (self.strings.get(t), self.postings(t).to_vec()))
    }

    /// Every term some entry carries, with its id, in id order (ranked selection matches word forms against them).
    pub fn terms(&self) -> impl Iterator<Item = (TermId, &str)> + '_ {
        (0..self.strings.len() as TermId).filter(|&t| !self.postings(t).is_empty()).map(|t| (t, self.strings.get(t)))
    }

    /// How many strings the index has interned (grows with every new term; a cheap fingerprint of its terms).
    pub fn interned(&self) -> usize {
        self.strings.len()
    }

    /// How many identifiers an entry carries, without building their strings.
    pub fn identifier_count(&self, entry: &Entry<'_>) -> usize {
        entry.list_ids("identifiers").map_or_else(|| entry.list("identifiers").len(), |ids| ids.len())
    }

    /// The highest step id of any entry (`None` when the index is empty).
    pub fn max_step(&self) -> Option<i64> {
        self.by_step.keys().next_back().copied()
    }

    /// Whether some entry's key parses to `step_id` (validate's orphan check compares ints).
    pub fn has_step(&self, step_id: i128) -> bool {
        i64::try_from(step_id).is_ok_and(|s| self.by_step.contains_key(&s))
    }

    /// Insert or replace the entry for `step_id` under `str(step_id)`.
    pub fn insert(&mut self, step_id: i64, raw: BTreeMap<String, Value>) {
        self.put(step_id.to_string(), step_id, raw, None);
    }

    /// [`RecallIndex::insert`] of an entry whose `identifiers` are given apart, borrowed (a fold's node keeps its
    /// own: a megabyte payload has ~15,000 of them, which the entry's object would otherwise copy one by one).
    /// `raw` must not hold `identifiers` itself.
    pub fn insert_with_identifiers(&mut self, step_id: i64, raw: BTreeMap<String, Value>, identifiers: &[String]) {
        debug_assert!(!raw.contains_key("identifiers"));
        self.put(step_id.to_string(), step_id, raw, Some(identifiers));
    }

    /// Set `evicted = true` on the entry of `step_id`; false if there is none.
    pub fn mark_evicted(&mut self, step_id: i64) -> bool {
        match self.entries.get_mut(&step_id.to_string()) {
            Some(e) => {
                set_evicted_field(e, true);
                true
            }
            None => false,
        }
    }

    /// Set the `evicted` flag of a step's entry (used to undo an eviction whose write failed).
    pub fn set_evicted(&mut self, step_id: i64, evicted: bool) {
        if let Some(e) = self.entries.get_mut(&step_id.to_string()) {
            set_evicted_field(e, evicted);
        }
    }

    fn put(&mut self, key: String, step_id: i64, mut raw: BTreeMap<String, Value>, identifiers: Option<&[String]>) {
        self.remove_key(&key);
        // The lists of strings are moved out of the object (no copy); anything else stays in it.
        let owned: Vec<Option<Vec<String>>> = LISTS.iter().map(|k| take_str_list(&mut raw, k)).collect();
        let lists: Vec<Option<&[String]>> =
            owned.iter().enumerate().map(|(li, l)| if li == 0 && identifiers.is_some() { identifiers } else { l.as_deref() }).collect();
        // Each string of the lists is interned once; the term set (§4.7: identifiers ∪ fold(files) ∪
        // fold(errors)) reuses those ids, interning only the folded forms that differ.
        // Identifiers, files, errors, commands, and the folded forms of files and errors.
        let more: usize = lists.iter().enumerate().map(|(li, l)| l.as_ref().map_or(0, |l| if li == 1 || li == 2 { 2 * l.len() } else { l.len() })).sum();
        self.strings.reserve(more);
        let mut ids: Vec<Option<Vec<TermId>>> = Vec::with_capacity(LISTS.len());
        let mut terms: Vec<TermId> = Vec::with_capacity(lists.iter().take(3).map(|l| l.map_or(0, |l| l.len())).sum());
        for (li, l) in lists.iter().enumerate() {
            let Some(items) = l else {
                ids.push(None);
                continue;
            };
            let mut list = Vec::with_capacity(items.len());
            for s in items.iter() {
                let id = self.strings.intern(s);
                list.push(id);
                match li {
                    0 => terms.push(id),
                    1 | 2 => terms.push(match fold_cow(s) {
                        Cow::Borrowed(_) => id,
                        Cow::Owned(folded) => self.strings.intern(&folded),
                    }),
                    _ => {}
                }
            }
            ids.push(Some(list));
        }
        let encoded = encode_lists(&ids);
        #[cfg(fast_fold)]
        sort_term_ids(&mut terms);
        #[cfg(not(fast_fold))]
        terms.sort_unstable();
        terms.dedup();
        drop(lists);
        drop(owned);
        let mut text = Vec::new();
        let mut text_ends = [0u32; 5];
        let mut text_present = 0u8;
        let mut text_packed = 0u8;
        for (i, k) in TEXTS.iter().enumerate() {
            if let Some(Value::Str(_)) = raw.get(*k) {
                let Some(Value::Str(s)) = raw.remove(*k) else { unreachable!() };
                let packed = match i {
                    1 => (s == crate::store::cold_node_key(step_id)).then(Vec::new),
                    2..=4 => unhex(&s),
                    _ => None,
                };
                match packed {
                    Some(p) => {
                        text.extend_from_slice(&p);
                        text_packed |= 1 << i;
                    }
                    None => text.extend_from_slice(s.as_bytes()),
                }
                text_present |= 1 << i;
            }
            text_ends[i] = text.len() as u32;
        }
        let mut interned = |raw: &mut BTreeMap<String, Value>, k: &str| match raw.get(k) {
            Some(Value::Str(s)) => {
                let id = self.strings.intern(s);
                raw.remove(k);
                id
            }
            _ => NONE_ID,
        };
        let folded_at = interned(&mut raw, "folded_at");
        let projection_version = interned(&mut raw, "projection_version");
        let mut int_field = |k: &str| match raw.get(k) {
            Some(Value::Int(i)) => i64::try_from(*i).ok().inspect(|_| {
                raw.remove(k);
            }),
            _ => None,
        };
        let step_field = int_field("step_id");
        let token_estimate = int_field("token_estimate");
        let evicted = match raw.get("evicted") {
            Some(Value::Bool(b)) => {
                let b = *b;
                raw.remove("evicted");
                Some(b)
            }
            _ => None,
        };
        let summary = std::str::from_utf8(&text[..text_ends[0] as usize]).unwrap_or("");
        let mut summary_terms: Vec<TermId> =
            extract::identifiers(summary).iter().map(|t| self.strings.intern(t)).collect();
        summary_terms.sort_unstable();
        if self.postings.len() < self.strings.len() {
            self.postings.resize_with(self.strings.len(), Postings::default);
        }
        for &t in &terms {
            if let Some(p) = self.postings.get_mut(t as usize) {
                p.push(step_id);
            }
        }
        for &t in &summary_terms {
            if terms.binary_search(&t).is_err() {
                self.summary_only.entry(t).or_default().push(step_id);
            }
        }
        // A step shared by two keys: both entries keep their own term sets (see `EntryData::own_terms`).
        let mut own_terms = None;
        if let Some(other) = self.key_of(step_id).filter(|k| **k != *key).map(Cow::into_owned) {
            if let Some(o) = self.entries.get(&other).filter(|o| o.own_terms.is_none()) {
                let o_terms = self.own_terms(o).into_boxed_slice();
                self.entries.get_mut(&other).expect("present").own_terms = Some(o_terms);
            }
            own_terms = Some(terms.clone().into_boxed_slice());
        }
        let (bytes, lists_end) = EntryData::join(&text, &encoded, &summary_terms);
        let data = EntryData {
            step_id,
            bytes,
            text_ends,
            lists_end,
            text_present,
            text_packed,
            folded_at,
            projection_version,
            step_field,
            token_estimate,
            evicted,
            extra: (!raw.is_empty()).then(|| Box::new(raw)),
            own_terms,
        };
        self.by_step.insert(step_id, odd_key(step_id, &key));
        self.entries.insert(key, Box::new(data));
    }

    /// The term set of an entry computed from its lists (§4.7), as ids.
    fn own_terms(&self, data: &EntryData) -> Vec<TermId> {
        if let Some(t) = &data.own_terms {
            return t.to_vec();
        }
        let e = self.view(data);
        let terms = extract::node_terms(&e.list("identifiers"), &e.list("files"), &e.list("errors"));
        let mut ids: Vec<TermId> = terms.iter().filter_map(|t| self.strings.find(t)).collect();
        ids.sort_unstable();
        ids
    }

    /// Whether the entry's term set (§4.7) carries a term.
    pub fn entry_has_term(&self, entry: &Entry<'_>, term: TermId) -> bool {
        match &entry.data.own_terms {
            Some(terms) => terms.binary_search(&term).is_ok(),
            None => self.postings(term).contains(entry.step_id),
        }
    }

    /// Remove the entry filed under `str(step_id)` (used to undo a fold whose index write failed).
    pub fn remove(&mut self, step_id: i64) {
        self.remove_key(&step_id.to_string());
    }

    fn remove_key(&mut self, key: &str) {
        let Some(old) = self.entries.get(key) else { return };
        let terms = self.own_terms(old);
        let old = self.entries.remove(key).expect("present");
        // As before the compaction: every occurrence of the step leaves these terms' postings.
        for &t in &terms {
            if let Some(list) = self.postings.get_mut(t as usize) {
                list.remove_all(old.step_id);
            }
        }
        for t in old.summary_terms() {
            if let Some(list) = self.summary_only.get_mut(&t) {
                list.retain(|&s| s != old.step_id);
            }
        }
        if self.key_of(old.step_id).is_some_and(|k| k == key) {
            self.by_step.remove(&old.step_id);
        }
    }

    /// Step ids whose summary carries a term their term set lacks.
    pub fn summary_only_postings(&self, term: TermId) -> &[i64] {
        self.summary_only.get(&term).map_or(&[], Vec::as_slice)
    }

    /// Set a top-level key (e.g. `created_at` when the first fold creates the file).
    pub fn set_top(&mut self, key: &str, value: Value) {
        self.top.insert(key.to_string(), value);
    }

    /// A top-level value (`created_at`, …).
    pub fn top(&self, key: &str) -> Option<&Value> {
        self.top.get(key)
    }

    /// Whether a top-level key is present.
    pub fn has_top(&self, key: &str) -> bool {
        self.top.contains_key(key)
    }

    /// The id of a term, if any entry carries it.
    pub fn term_id(&self, term: &str) -> Option<TermId> {
        self.strings.find(term)
    }

    /// Step ids of the entries carrying a term, ascending.
    pub fn postings(&self, term: TermId) -> &Postings {
        self.postings.get(term as usize).unwrap_or(&EMPTY_POSTINGS)
    }

    /// The key a step id is filed under in `by_step` (the last of its keys in file order).
    fn key_of(&self, step_id: i64) -> Option<Cow<'_, str>> {
        self.by_step.get(&step_id).map(|k| match k {
            Some(k) => Cow::Borrowed(&**k),
            None => Cow::Owned(step_id.to_string()),
        })
    }

    /// The entry of a step id as found through the inverted map.
    pub fn by_step(&self, step_id: i64) -> Option<Entry<'_>> {
        self.key_of(step_id).and_then(|k| self.entries.get(k.as_ref())).map(|d| self.view(d))
    }
}

/// Writes `recall_index.json` one chunk at a time: the document of `json::to_pretty`, built entry by entry,
/// so peak memory is one chunk plus one entry rather than the whole file (or the index as JSON values).
pub struct FileWriter<'a> {
    index: &'a RecallIndex,
    /// Everything up to the first entry, and everything after the last.
    before: Vec<u8>,
    after: Vec<u8>,
    entries: std::collections::btree_map::Iter<'a, String, Box<EntryData>>,
    first_entry: bool,
    stage: u8,
}

impl<'a> FileWriter<'a> {
    fn new(index: &'a RecallIndex) -> Self {
        let mut keys: Vec<&str> = index.top.keys().map(String::as_str).filter(|k| *k != "nodes").collect();
        keys.push("nodes");
        keys.sort_unstable();
        let (mut before, mut after) = (vec![b'{'], Vec::new());
        let mut past_nodes = false;
        for (i, key) in keys.iter().enumerate() {
            let out = if past_nodes { &mut after } else { &mut before };
            out.extend_from_slice(if i == 0 { b"\n  " } else { b",\n  " });
            json::write_pretty_at(out, &Value::from(*key), 1);
            out.extend_from_slice(b": ");
            if *key != "nodes" {
                if let Some(v) = index.top.get(*key) {
                    json::write_pretty_at(out, v, 1);
                }
                continue;
            }
            if index.entries.is_empty() {
                out.extend_from_slice(b"{}");
            } else {
                out.push(b'{');
                after.extend_from_slice(b"\n  }");
            }
            past_nodes = true;
        }
        after.extend_from_slice(b"\n}");
        FileWriter { index, before, after, entries: index.entries.iter(), first_entry: true, stage: 0 }
    }

    /// The next chunk (at least `chunk` bytes unless it is the last), `None` once the file is complete.
    pub fn next_chunk(&mut self, chunk: usize) -> Option<Vec<u8>> {
        let mut out = Vec::with_capacity(chunk + 4096);
        while out.len() < chunk && self.stage < 3 {
            match self.stage {
                0 => {
                    out.append(&mut self.before);
                    self.stage = 1;
                }
                1 => match self.entries.next() {
                    Some((k, e)) => {
                        out.extend_from_slice(if self.first_entry { b"\n    " } else { b",\n    " });
                        self.first_entry = false;
                        json::write_pretty_at(&mut out, &Value::from(k.as_str()), 2);
                        out.extend_from_slice(b": ");
                        json::write_pretty_at(&mut out, &Value::Object(self.index.view(e).to_object()), 2);
                    }
                    None => self.stage = 2,
                },
                _ => {
                    out.append(&mut self.after);
                    self.stage = 3;
                }
            }
        }
        (!out.is_empty()).then_some(out)
    }
}

/// What `by_step` keeps of a key: nothing when it is the canonical `str(step_id)`.
fn odd_key(step_id: i64, key: &str) -> Option<Box<str>> {
    (key != step_id.to_string()).then(|| key.into())
}

impl EntryData {
    /// `bytes` and `lists_end` from the text, the encoded lists and the summary's term ids.
    fn join(text: &[u8], lists: &[u8], summary_terms: &[TermId]) -> (Box<[u8]>, u32) {
        let mut bytes = Vec::with_capacity(text.len() + lists.len() + 4 * summary_terms.len());
        bytes.extend_from_slice(text);
        bytes.extend_from_slice(lists);
        let lists_end = bytes.len() as u32;
        for t in summary_terms {
            bytes.extend_from_slice(&t.to_le_bytes());
        }
        (bytes.into_boxed_slice(), lists_end)
    }

    fn text(&self) -> &[u8] {
        &self.bytes[..self.text_ends[4] as usize]
    }

    fn lists(&self) -> &[u8] {
        &self.bytes[self.text_ends[4] as usize..self.lists_end as usize]
    }

    fn summary_terms(&self) -> impl Iterator<Item = TermId> + '_ {
        self.bytes[self.lists_end as usize..].chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
    }
}

/// Remove `raw[key]` and return its strings if it is a list of strings; otherwise leave it.
fn take_str_list(raw: &mut BTreeMap<String, Value>, key: &str) -> Option<Vec<String>> {
    match raw.get(key) {
        Some(Value::Array(items)) if items.iter().all(|v| matches!(v, Value::Str(_))) => {}
        _ => return None,
    }
    let Some(Value::Array(items)) = raw.remove(key) else { unreachable!() };
    Some(items.into_iter().map(|v| if let Value::Str(s) = v { s } else { unreachable!() }).collect())
}

/// `EntryData::lists`: for each of `LISTS`, 0 when it is not a list of strings, else the tag
/// `2 · (len + 1) + gaps` and the ids: as gaps from the previous id when they never decrease (the usual case once
/// ids follow string order, as in an index read from its snapshot: a sorted list then costs about a byte an id),
/// else as they are.
fn encode_lists(lists: &[Option<Vec<TermId>>]) -> Box<[u8]> {
    let mut out = Vec::new();
    for list in lists {
        let Some(ids) = list else {
            put_varint(&mut out, 0);
            continue;
        };
        let gaps = ids.windows(2).all(|w| w[0] <= w[1]);
        put_varint(&mut out, 2 * (ids.len() as u64 + 1) + u64::from(gaps));
        let mut prev = 0;
        for &id in ids {
            put_varint(&mut out, u64::from(if gaps { id - prev } else { id }));
            prev = id;
        }
    }
    out.into_boxed_slice()
}

/// The lists of [`encode_lists`] (each `None` when not a list of strings); `None` if the bytes are not such an
/// encoding of exactly `LISTS.len()` lists.
fn decode_lists(bytes: &[u8]) -> Option<Vec<Option<Vec<TermId>>>> {
    let mut out: Vec<Option<Vec<TermId>>> = Vec::with_capacity(LISTS.len());
    let sound = walk_lists(bytes, |item| match item {
        ListItem::Start(len) => out.push(len.map(|n| Vec::with_capacity(n.min(bytes.len())))),
        ListItem::Id(id) => {
            if let Some(Some(list)) = out.last_mut() {
                list.push(id);
            }
        }
    });
    sound.then_some(out)
}

/// What [`walk_lists`] meets: the start of a list (its length, `None` when it is not a list of strings), or an id.
enum ListItem {
    Start(Option<usize>),
    Id(TermId),
}

/// Walk the encoding of [`encode_lists`] without building anything. False if the bytes are not such an encoding.
fn walk_lists(bytes: &[u8], mut visit: impl FnMut(ListItem)) -> bool {
    let mut pos = 0;
    let mut varint = || read_varint(bytes, &mut pos);
    for _ in LISTS {
        let Some(tag) = varint() else { return false };
        if tag == 0 {
            visit(ListItem::Start(None));
            continue;
        }
        let Some(len) = usize::try_from(tag / 2).ok().and_then(|n| n.checked_sub(1)) else { return false };
        let gaps = tag % 2 == 1;
        visit(ListItem::Start(Some(len)));
        let mut prev: u64 = 0;
        for _ in 0..len {
            let Some(v) = varint() else { return false };
            let next = if gaps { prev.checked_add(v) } else { Some(v) };
            let Some(next) = next.and_then(|n| TermId::try_from(n).ok()) else { return false };
            visit(ListItem::Id(next));
            prev = u64::from(next);
        }
    }
    drop(varint);
    pos == bytes.len()
}

/// The 32 bytes of a hash written as 64 lowercase hex digits (anything else is kept as text).
fn unhex(s: &str) -> Option<Vec<u8>> {
    let digit = |c: u8| match c {
        b'0'..=b'9' => Some(c - b'0'),
        b'a'..=b'f' => Some(c - b'a' + 10),
        _ => None,
    };
    let b = s.as_bytes();
    if b.len() != 64 {
        return None;
    }
    b.chunks_exact(2).map(|p| Some(digit(p[0])? << 4 | digit(p[1])?)).collect()
}

fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut s = String::with_capacity(bytes.len() * 2);
    for &b in bytes {
        s.push(DIGITS[usize::from(b >> 4)] as char);
        s.push(DIGITS[usize::from(b & 15)] as char);
    }
    s
}

/// `fold_token(t)`, borrowing when folding changes nothing (ASCII without capitals).
fn fold_cow(t: &str) -> Cow<'_, str> {
    if t.bytes().all(|b| b.is_ascii() && !b.is_ascii_uppercase()) {
        Cow::Borrowed(t)
    } else {
        Cow::Owned(crate::text::fold_token(t))
    }
}

fn set_evicted_field(e: &mut EntryData, evicted: bool) {
    // The key keeps its place in the object either way; a non-bool value there is simply replaced.
    if let Some(extra) = e.extra.as_mut() {
        extra.remove("evicted");
        if extra.is_empty() {
            e.extra = None;
        }
    }
    e.evicted = Some(evicted);
}

/// `eviction_log.json`: `{"evicted": [{"evicted_at", "step_id"}, ...]}`, only ever appended to.
#[derive(Debug, Clone, Default)]
pub struct EvictionLog {
    doc: BTreeMap<String, Value>,
}

impl EvictionLog {
    /// Parse `eviction_log.json`. A file that is not an eviction log (not an object, no `evicted` list, an event
    /// that is not an object) is an integrity error naming `contextfold repair`; taking it as an empty log would
    /// drop every event at the next eviction.
    pub fn from_file_bytes(bytes: &[u8]) -> Result<Self> {
        let bad = |msg: String| Error::new(ErrorCode::IntegrityCheck, format!("eviction_log.json: {msg}. {REPAIR_HINT}"));
        match json::parse(bytes).map_err(|e| bad(format!("not valid JSON: {}", e.message)))? {
            Value::Object(doc) => match doc.get("evicted") {
                None => Err(bad("has no \"evicted\" list: it is not an eviction log".to_string())),
                Some(Value::Array(items)) if !items.iter().all(|i| matches!(i, Value::Object(_))) => {
                    Err(bad("\"evicted\" holds an event that is not an object".to_string()))
                }
                Some(Value::Array(_)) => Ok(EvictionLog { doc }),
                Some(other) => Err(bad(format!("\"evicted\" must be a list, not {}", other.type_name()))),
            },
            other => Err(bad(format!("must be a JSON object, not {}", other.type_name()))),
        }
    }

    pub fn append(&mut self, step_id: i64, evicted_at: &str) {
        let mut event = BTreeMap::new();
        event.insert("evicted_at".to_string(), Value::from(evicted_at));
        event.insert("step_id".to_string(), Value::from(step_id));
        let list = self.doc.entry("evicted".to_string()).or_insert_with(|| Value::Array(Vec::new()));
        if let Value::Array(items) = list {
            items.push(Value::Object(event));
        }
    }

    pub fn to_file_bytes(&self) -> Vec<u8> {
        let mut doc = self.doc.clone();
        doc.entry("evicted".to_string()).or_insert_with(|| Value::Array(Vec::new()));
        json::to_pretty(&Value::Object(doc))
    }

    /// The step ids of the events that have one.
    pub fn steps(&self) -> Vec<i64> {
        let items = self.doc.get("evicted").and_then(Value::as_array).map(Vec::as_slice).unwrap_or_default();
        items.iter().filter_map(|e| e.get("step_id").and_then(Value::as_i64)).collect()
    }

    /// Number of events.
    pub fn len(&self) -> usize {
        self.doc.get("evicted").and_then(Value::as_array).map_or(0, Vec::len)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

// `validate`'s fast schema check of the entries (`schema::EntryFastCheck`): in the builds that read in place.

/// What [`Entry::plain`] gives: the fields of an entry of the usual shape that its schema check still looks at.
#[cfg(read_in_place)]
pub(crate) struct PlainEntry<'a> {
    pub folded_at: &'a str,
    pub projection_version: &'a str,
    /// The `step_id` member (an integer).
    pub step_field: i64,
    pub token_estimate: i64,
    /// `identifiers` are strictly ascending ids of the index's base strings (see [`RecallIndex::base_strings_ascending`]).
    pub identifiers_ascending: bool,
}

#[cfg(read_in_place)]
impl<'a> Entry<'a> {
    /// The entry as the engine writes it, for `validate`'s fast schema check (`schema::EntryFastCheck`): no member
    /// beyond the typed ones, every text field present, `file_path` canonical and the hashes 64 lowercase hex
    /// digits (all four packed), every scalar of its usual type, the four lists lists of strings; `None` otherwise.
    pub(crate) fn plain(self) -> Option<PlainEntry<'a>> {
        let d = self.data;
        if d.extra.as_ref().is_some_and(|m| !m.is_empty()) || d.text_present != 0b11111 || d.text_packed != 0b11110 {
            return None;
        }
        let (folded_at, projection_version) = (self.interned(d.folded_at)?, self.interned(d.projection_version)?);
        let (step_field, token_estimate, _) = (d.step_field?, d.token_estimate?, d.evicted?);
        let identifiers_ascending = plain_lists(d.lists(), self.index.strings.base.ends.len() as u64)?;
        Some(PlainEntry { folded_at, projection_version, step_field, token_estimate, identifiers_ascending })
    }
}

#[cfg(read_in_place)]
impl RecallIndex {
    /// Whether the strings of the base part (an index read from its snapshot, which numbers them in string order)
    /// are strictly ascending: then ascending ids of them are ascending, distinct strings (validate's fast check of
    /// `uniqueItems`). One pass over them; a snapshot that was damaged or made by hand may hold them in any order.
    pub(crate) fn base_strings_ascending(&self) -> bool {
        let base = &self.strings.base;
        (1..base.ends.len()).all(|i| crate::hash::compare_bytes(base.get(i - 1).as_bytes(), base.get(i).as_bytes()).is_lt())
    }
}

/// [`walk_lists`] for [`Entry::plain`], in one tight loop: `None` unless the bytes are such an encoding (as
/// `walk_lists` accepts it) of four lists of strings; else whether the first (`identifiers`) holds strictly
/// ascending ids below `base`.
#[cfg(read_in_place)]
fn plain_lists(bytes: &[u8], base: u64) -> Option<bool> {
    let mut pos = 0;
    let mut ascending = true;
    for list in 0..LISTS.len() {
        let tag = read_varint(bytes, &mut pos)?;
        let len = usize::try_from(tag / 2).ok()?.checked_sub(1)?;
        let gaps = tag % 2 == 1;
        let mut prev: u64 = 0;
        for i in 0..len {
            // `read_varint`, inlined (most ids or gaps take one or two bytes).
            let (mut v, mut shift) = (0u64, 0u32);
            loop {
                let b = *bytes.get(pos)?;
                pos += 1;
                if shift == 63 && b > 1 {
                    return None;
                }
                v |= u64::from(b & 0x7f) << shift;
                if b < 0x80 {
                    break;
                }
                shift += 7;
                if shift > 63 {
                    return None;
                }
            }
            let next = if gaps { prev.checked_add(v)? } else { v };
            TermId::try_from(next).ok()?;
            if list == 0 {
                ascending &= i == 0 || prev < next;
            }
            prev = next;
        }
        if list == 0 {
            // Ascending: the last is the largest.
            ascending &= prev < base;
        }
    }
    (pos == bytes.len()).then_some(ascending)
}

/// Term ids sorted (as `sort_unstable` sorts them) by a radix sort, a byte at a time from the lowest, passing
/// over bytes that all ids share: an entry brings ~15,000 of them for a megabyte payload, and a comparison sort of
/// them cost as much in wasm as the index's string table (feature `fast-fold`).
#[cfg(fast_fold)]
fn sort_term_ids(v: &mut Vec<TermId>) {
    crate::sort::radix_sort_by_key(v, 4, |&t| u64::from(t));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(fast_fold)]
    #[test]
    fn term_ids_sorted_by_radix_equal_sort_unstable() {
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for round in 0..300 {
            let n = if round % 10 == 0 { 20_000 } else { round * 3 };
            let v: Vec<TermId> = (0..n)
                .map(|k| {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    match round % 4 {
                        0 => x as TermId,
                        1 => (x % 300) as TermId,
                        2 => k as TermId + (x % 3) as TermId,
                        _ => (x as TermId) | 0xFF00_0000,
                    }
                })
                .collect();
            let mut want = v.clone();
            want.sort_unstable();
            let mut got = v;
            sort_term_ids(&mut got);
            assert_eq!(got, want);
        }
    }

    #[test]
    fn interned_strings_keep_their_ids_whether_the_slots_grew_from_their_tags_or_were_rebuilt_from_the_strings() {
        // Strings (some repeated, some sharing prefixes, of every length around eight bytes) interned through many
        // growths and reservations: each keeps the id of its first appearance and is found by it; slots rebuilt
        // from the strings' hashes (an index loaded without slots) find the same ids.
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move |m: u64| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x % m
        };
        let mut strings = Strings::default();
        let mut want: HashMap<String, TermId> = HashMap::new();
        for round in 0..40 {
            if round % 7 == 3 {
                strings.reserve(next(3000) as usize);
            }
            for _ in 0..next(400) {
                let s = format!("{}{}", "ab".repeat(next(7) as usize), next(600));
                let id = strings.intern(&s);
                let expected = want.len() as TermId;
                assert_eq!(*want.entry(s.clone()).or_insert(expected), id, "{s}");
            }
            for (s, &id) in &want {
                assert_eq!(strings.find(s), Some(id), "{s}");
                assert_eq!(strings.get(id), s);
            }
        }
        assert!(strings.slots.len() >= 1024, "the table grew: {}", strings.slots.len());
        let mut loaded = strings.clone();
        loaded.slots.clear();
        loaded.rebuild_slots();
        for (s, &id) in &want {
            assert_eq!(loaded.find(s), Some(id), "{s}");
        }
        assert_eq!(loaded.find("absent"), None);
    }

    #[test]
    fn an_entry_inserted_with_its_identifiers_apart_equals_the_whole_entry_inserted() {
        // Many identifiers into an empty index (the slots are sized once for them), and into one that has some.
        for (before, n) in [(0usize, 5000usize), (3, 20), (40, 10)] {
            let ids: Vec<String> = (0..n).map(|k| format!("w{k}")).collect();
            let mut entry = BTreeMap::new();
            entry.insert("files".to_string(), Value::from(vec!["A/B.py".to_string()]));
            entry.insert("errors".to_string(), Value::from(vec!["HTTP 503".to_string()]));
            entry.insert("summary".to_string(), Value::from("port db"));
            entry.insert("step_id".to_string(), Value::from(9));
            let mut whole = entry.clone();
            whole.insert("identifiers".to_string(), Value::from(ids.as_slice()));
            let mut a = RecallIndex::new("2026-01-01T00:00:00Z");
            let mut b = RecallIndex::new("2026-01-01T00:00:00Z");
            for k in 0..before {
                let mut e = BTreeMap::new();
                e.insert("identifiers".to_string(), Value::from(vec![format!("w{k}"), format!("x{k}")]));
                a.insert(k as i64 + 1, e.clone());
                b.insert(k as i64 + 1, e);
            }
            a.insert(1000, whole);
            b.insert_with_identifiers(1000, entry, &ids);
            assert_eq!(a.to_file_bytes(), b.to_file_bytes());
            for t in ["w0", "w4", "a/b.py", "http 503"] {
                let id = a.term_id(t).expect("a term of the entry");
                assert_eq!(b.term_id(t), Some(id), "{t}");
                assert!(a.postings(id).contains(1000) && b.postings(id).contains(1000), "{t}");
            }
        }
    }

    #[test]
    fn an_entrys_object_holds_each_key_as_get_gives_it() {
        let mut idx = RecallIndex::new("2026-01-01T00:00:00Z");
        let mut raw = BTreeMap::new();
        raw.insert("identifiers".to_string(), Value::from(vec!["port".to_string(), "db".to_string(), "port".to_string()]));
        raw.insert("files".to_string(), Value::Array(vec![Value::Int(1), Value::from("a.py")]));
        raw.insert("errors".to_string(), Value::from(Vec::<String>::new()));
        raw.insert("summary".to_string(), Value::from("ran the tests"));
        raw.insert("token_estimate".to_string(), Value::Int(12));
        raw.insert("odd".to_string(), Value::Null);
        idx.insert(9, raw.clone());
        let entry = idx.get(9).unwrap();
        let object = entry.to_object();
        assert_eq!(object, raw, "the object is the entry as it was given");
        for (key, value) in &object {
            assert_eq!(entry.get(key).as_ref(), Some(value), "{key}");
        }
        assert_eq!(entry.get("commands"), None);
    }

    #[test]
    fn index_round_trips_and_inverts() {
        let mut idx = RecallIndex::new("2026-01-01T00:00:00Z");
        let mut raw = BTreeMap::new();
        raw.insert("identifiers".to_string(), Value::from(vec!["port".to_string(), "db".to_string()]));
        raw.insert("files".to_string(), Value::from(vec!["A.py".to_string()]));
        idx.insert(37, raw.clone());
        idx.insert(5, raw);
        let bytes = idx.to_file_bytes();
        let back = RecallIndex::from_file_bytes(&bytes).unwrap();
        assert_eq!(back.to_file_bytes(), bytes);
        let t = back.term_id("a.py").unwrap();
        let mut steps = back.postings(t).to_vec();
        steps.sort();
        assert_eq!(steps, vec![5, 37]);
        assert!(RecallIndex::from_file_bytes(b"[]").is_err());
        assert!(RecallIndex::from_file_bytes(br#"{"nodes":{"x":{}}}"#).is_err());
    }
}

#[cfg(test)]
mod postings_tests {
    use super::*;

    #[test]
    fn postings_stay_sorted_under_any_insert_order() {
        let mut p = Postings::default();
        let mut want = Vec::new();
        let mut x: u64 = 7;
        for i in 0..3000i64 {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let step = if i % 3 == 0 { i * 5 } else { (x >> 40) as i64 % 20000 - 5000 };
            p.push(step);
            want.push(step);
        }
        want.sort();
        assert_eq!(p.to_vec(), want);
        assert_eq!(p.len(), want.len());
        for s in -5100..20100 {
            assert_eq!(p.contains(s), want.binary_search(&s).is_ok(), "{s}");
        }
        p.remove_all(want[17]);
        let gone = want[17];
        want.retain(|&s| s != gone);
        assert_eq!(p.to_vec(), want);
    }

    #[test]
    fn dense_postings_behave_like_sorted_lists() {
        let mut p = Postings::default();
        let mut want: Vec<i64> = Vec::new();
        let check = |p: &Postings, want: &[i64]| {
            assert_eq!(p.to_vec(), want);
            assert_eq!(p.len(), want.len());
            // Every step, its neighbours, and a window past each end.
            let ends = (1..=70).flat_map(|d| [want[0].saturating_sub(d), want[want.len() - 1].saturating_add(d)]);
            let near = want.iter().flat_map(|&s| [s.saturating_sub(1), s, s.saturating_add(1)]);
            for s in ends.chain(near) {
                assert_eq!(p.contains(s), want.binary_search(&s).is_ok(), "{s}");
            }
            let mut blocks = Vec::new();
            let mut buf = Vec::new();
            for b in 0..p.num_blocks() {
                p.decode_block(b, &mut buf);
                blocks.extend_from_slice(&buf);
            }
            assert_eq!(blocks, want);
        };
        for step in (-300..3000).filter(|s| s % 3 != 0) {
            p.push(step);
            want.push(step);
        }
        assert!(matches!(p, Postings::Dense(_)), "a term in 2/3 of a range goes dense");
        check(&p, &want);
        for step in [-700, 4000, 9] {
            p.push(step);
            want.push(step);
        }
        want.sort();
        assert!(matches!(p, Postings::Dense(_)));
        check(&p, &want);
        p.push(9);
        want.insert(want.partition_point(|&s| s <= 9), 9);
        assert!(matches!(p, Postings::Many(_)), "a duplicate step leaves the bitmap");
        check(&p, &want);
        let mut q = Postings::default();
        let mut far: Vec<i64> = (0..600).collect();
        for &s in &far {
            q.push(s);
        }
        q.push(i64::MAX - 3);
        far.push(i64::MAX - 3);
        check(&q, &far);
        q.remove_all(5);
        far.retain(|&s| s != 5);
        check(&q, &far);
        let mut r = Postings::default();
        let mut dense: Vec<i64> = (1..=1024).collect();
        for &s in &dense {
            r.push(s);
        }
        r.remove_all(512);
        dense.retain(|&s| s != 512);
        assert!(matches!(r, Postings::Dense(_)));
        check(&r, &dense);
    }
}
