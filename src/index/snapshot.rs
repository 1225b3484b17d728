//! The index snapshot (`.contextfold/recall_index.snapshot`, ours, not a reference file): the in-memory
//! [`RecallIndex`] in a compact binary form, written at each checkpoint beside `recall_index.json`.
//!
//! Opening a large store from `recall_index.json` means parsing every byte of it (425 MB of JSON at 100,000
//! nodes); the snapshot holds the same index interned and compressed (about a fifth of that), and is read in
//! chunks straight into the index. It is only trusted while `recall_index.json` is exactly the file it was
//! written for: the snapshot records the storage's version token of that file ([`Storage::version`]), and a
//! store whose index file was rewritten since (by the reference, an older copy of this package, a hand edit,
//! a write outside a checkpoint) is opened from the JSON as before. Loading from the snapshot gives the index
//! that parsing the JSON would give.
//!
//! Layout: the magic `CFSNAP` + format byte, then records `tag, varint length, payload`: a header (`H`), the
//! top-level keys (`T`), interned strings (`S`), postings (`P`), entries (`E`, in file order), summary-only
//! postings (`O`), and an end record (`Z`) carrying a checksum of every record before it. Every field is
//! validated as it is read (a damaged or hostile snapshot is refused, never trusted into a panic), and a
//! refused snapshot only means the JSON is parsed instead.
//!
//! [`Storage::version`]: crate::store::Storage::version

use super::{put_varint, decode_lists, encode_lists, walk_lists, Bitmap, ListItem, Blocks, EntryData, Postings, RecallIndex, TermId, NONE_ID, TEXTS};
use crate::hash::fast_hash;
use crate::json::{self, Value};

const MAGIC: &[u8; 8] = b"CFSNAP\x00\x01";
/// Bytes of strings (or of a summary-only list) per record; records stay small so reading needs little buffer.
const RECORD_TARGET: usize = 64 * 1024;
/// No record is longer than this (a length beyond it is damage, not data).
const MAX_RECORD: u64 = 1 << 30;

const TAG_HEADER: u8 = b'H';
const TAG_TOP: u8 = b'T';
const TAG_STRINGS: u8 = b'S';
const TAG_POSTINGS: u8 = b'P';
const TAG_ENTRY: u8 = b'E';
const TAG_SUMMARY_ONLY: u8 = b'O';
const TAG_END: u8 = b'Z';

fn mix(h: u64, record: &[u8]) -> u64 {
    (h.rotate_left(5) ^ fast_hash(record)).wrapping_mul(0x517c_c1b7_2722_0a95)
}

fn put_i64(out: &mut Vec<u8>, v: i64) {
    put_varint(out, ((v << 1) ^ (v >> 63)) as u64);
}

fn put_bytes(out: &mut Vec<u8>, b: &[u8]) {
    put_varint(out, b.len() as u64);
    out.extend_from_slice(b);
}

/// Where a [`Writer`] is.
enum Stage {
    Start,
    Strings(usize),
    Postings(usize),
    Entries,
    SummaryOnly(usize),
    End,
    Done,
}

/// Writes a snapshot in chunks of about `chunk` bytes, so the whole file is never in memory at once.
pub struct Writer<'a> {
    index: &'a RecallIndex,
    file_version: String,
    stage: Stage,
    entries: std::collections::btree_map::Iter<'a, String, Box<EntryData>>,
    summary_only: Vec<TermId>,
    /// The snapshot numbers strings in string order: `order[new] = old`, `rank[old] = new`. An entry's sorted
    /// lists then have ascending ids, stored as small gaps (see `encode_lists`).
    order: Vec<TermId>,
    rank: Vec<TermId>,
    hash: u64,
}

impl<'a> Writer<'a> {
    /// A snapshot of `index`, valid while `recall_index.json` has the version `file_version`.
    pub fn new(index: &'a RecallIndex, file_version: &str) -> Self {
        let mut order: Vec<TermId> = (0..index.strings.len() as TermId).collect();
        order.sort_unstable_by(|&a, &b| index.strings.get(a).cmp(index.strings.get(b)));
        let mut rank = vec![0; order.len()];
        for (new, &old) in order.iter().enumerate() {
            rank[old as usize] = new as TermId;
        }
        let mut summary_only: Vec<TermId> =
            index.summary_only.iter().filter(|(_, v)| !v.is_empty()).map(|(t, _)| rank[*t as usize]).collect();
        summary_only.sort_unstable();
        Writer {
            index,
            file_version: file_version.to_string(),
            stage: Stage::Start,
            entries: index.entries.iter(),
            summary_only,
            order,
            rank,
            hash: 0,
        }
    }

    fn record(&mut self, out: &mut Vec<u8>, tag: u8, payload: &[u8]) {
        let start = out.len();
        out.push(tag);
        put_varint(out, payload.len() as u64);
        out.extend_from_slice(payload);
        self.hash = mix(self.hash, &out[start..]);
    }

    /// The next chunk (at least `chunk` bytes unless it is the last), or `None` when everything is written.
    pub fn next_chunk(&mut self, chunk: usize) -> Option<Vec<u8>> {
        let mut out = Vec::with_capacity(chunk + RECORD_TARGET);
        let mut p = Vec::new();
        while out.len() < chunk {
            p.clear();
            let index = self.index;
            match self.stage {
                Stage::Start => {
                    out.extend_from_slice(MAGIC);
                    put_bytes(&mut p, self.file_version.as_bytes());
                    put_varint(&mut p, index.entries.len() as u64);
                    put_varint(&mut p, index.strings.len() as u64);
                    put_varint(&mut p, index.postings.len() as u64);
                    put_varint(&mut p, index.strings.text_len() as u64);
                    self.record(&mut out, TAG_HEADER, &p);
                    p.clear();
                    p.extend(json::to_canonical(&Value::Object(index.top.clone())));
                    self.record(&mut out, TAG_TOP, &p);
                    self.stage = Stage::Strings(0);
                }
                Stage::Strings(first) => {
                    let mut id = first;
                    put_varint(&mut p, first as u64);
                    while id < index.strings.len() && p.len() < RECORD_TARGET {
                        put_bytes(&mut p, index.strings.get(self.order[id]).as_bytes());
                        id += 1;
                    }
                    if id > first {
                        self.record(&mut out, TAG_STRINGS, &p);
                    }
                    self.stage = if id < index.strings.len() { Stage::Strings(id) } else { Stage::Postings(0) };
                }
                Stage::Postings(mut term) => {
                    // In the snapshot's numbering (`term` is a new id).
                    let postings = |t: usize| index.postings(self.order[t]);
                    while term < self.order.len() && postings(term).is_empty() {
                        term += 1;
                    }
                    if term == self.order.len() {
                        self.stage = Stage::Entries;
                        continue;
                    }
                    put_varint(&mut p, term as u64);
                    write_postings(&mut p, postings(term));
                    self.record(&mut out, TAG_POSTINGS, &p);
                    self.stage = Stage::Postings(term + 1);
                }
                Stage::Entries => match self.entries.next() {
                    Some((key, e)) => {
                        write_entry(&mut p, key, e, &self.rank);
                        self.record(&mut out, TAG_ENTRY, &p);
                    }
                    None => self.stage = Stage::SummaryOnly(0),
                },
                Stage::SummaryOnly(i) => {
                    let Some(&term) = self.summary_only.get(i) else {
                        self.stage = Stage::End;
                        continue;
                    };
                    let steps = &index.summary_only[&self.order[term as usize]];
                    put_varint(&mut p, u64::from(term));
                    put_varint(&mut p, steps.len() as u64);
                    for &s in steps {
                        put_i64(&mut p, s);
                    }
                    self.record(&mut out, TAG_SUMMARY_ONLY, &p);
                    self.stage = Stage::SummaryOnly(i + 1);
                }
                Stage::End => {
                    out.push(TAG_END);
                    put_varint(&mut out, 8);
                    out.extend_from_slice(&self.hash.to_le_bytes());
                    self.stage = Stage::Done;
                }
                Stage::Done => break,
            }
        }
        (!out.is_empty()).then_some(out)
    }
}

fn write_postings(p: &mut Vec<u8>, postings: &Postings) {
    match postings {
        Postings::Empty => p.push(0),
        Postings::One(s) => {
            p.push(1);
            put_i64(p, *s);
        }
        Postings::Many(b) => {
            p.push(2);
            put_varint(p, u64::from(b.len));
            put_varint(p, u64::from(b.last_block_len));
            put_i64(p, b.last);
            put_varint(p, b.heads.len() as u64);
            for &(head, start) in &b.heads {
                put_i64(p, head);
                put_varint(p, u64::from(start));
            }
            put_bytes(p, &b.bytes);
        }
        Postings::Dense(b) => {
            p.push(3);
            put_i64(p, b.base);
            put_varint(p, u64::from(b.len));
            put_varint(p, b.words.len() as u64);
            for w in &b.words {
                p.extend_from_slice(&w.to_le_bytes());
            }
        }
    }
}

fn put_opt_i64(p: &mut Vec<u8>, v: Option<i64>) {
    match v {
        None => p.push(0),
        Some(v) => {
            p.push(1);
            put_i64(p, v);
        }
    }
}

/// Sorted ids, renumbered: written sorted again.
fn put_ids(p: &mut Vec<u8>, ids: &[TermId], rank: &[TermId]) {
    let mut ids: Vec<TermId> = ids.iter().map(|&t| rank[t as usize]).collect();
    ids.sort_unstable();
    put_varint(p, ids.len() as u64);
    for &t in &ids {
        put_varint(p, u64::from(t));
    }
}

fn write_entry(p: &mut Vec<u8>, key: &str, e: &EntryData, rank: &[TermId]) {
    let renumber = |id: TermId| if id == NONE_ID { id } else { rank[id as usize] };
    put_bytes(p, key.as_bytes());
    put_i64(p, e.step_id);
    put_bytes(p, e.text());
    for end in e.text_ends {
        put_varint(p, u64::from(end));
    }
    p.push(e.text_present);
    p.push(e.text_packed);
    put_varint(p, u64::from(renumber(e.folded_at)));
    put_varint(p, u64::from(renumber(e.projection_version)));
    put_opt_i64(p, e.step_field);
    put_opt_i64(p, e.token_estimate);
    p.push(match e.evicted {
        None => 0,
        Some(false) => 1,
        Some(true) => 2,
    });
    // Lists were checked when the entry was made, so they decode.
    let lists: Vec<Option<Vec<TermId>>> = decode_lists(e.lists())
        .unwrap_or_default()
        .into_iter()
        .map(|l| l.map(|ids| ids.into_iter().map(renumber).collect()))
        .collect();
    put_bytes(p, &encode_lists(&lists));
    put_ids(p, &e.summary_terms().collect::<Vec<_>>(), rank);
    match &e.extra {
        None => p.push(0),
        Some(extra) => {
            p.push(1);
            let mut obj = Vec::new();
            json::write_canonical_object(&mut obj, extra);
            put_bytes(p, &obj);
        }
    }
    match &e.own_terms {
        None => p.push(0),
        Some(t) => {
            p.push(1);
            put_ids(p, t, rank);
        }
    }
}

/// A bounds-checked cursor over one record's payload: every read is `None` past the end.
struct Cursor<'b> {
    bytes: &'b [u8],
    pos: usize,
}

impl<'b> Cursor<'b> {
    fn varint(&mut self) -> Option<u64> {
        super::read_varint(self.bytes, &mut self.pos)
    }
    fn i64(&mut self) -> Option<i64> {
        let z = self.varint()?;
        Some((z >> 1) as i64 ^ -((z & 1) as i64))
    }
    fn u32(&mut self) -> Option<u32> {
        u32::try_from(self.varint()?).ok()
    }
    fn byte(&mut self) -> Option<u8> {
        let b = *self.bytes.get(self.pos)?;
        self.pos += 1;
        Some(b)
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
    fn opt_i64(&mut self) -> Option<Option<i64>> {
        match self.byte()? {
            0 => Some(None),
            1 => Some(Some(self.i64()?)),
            _ => None,
        }
    }
    /// A count of items that each take at least one byte: never more than the bytes left.
    fn count(&mut self) -> Option<usize> {
        let n = usize::try_from(self.varint()?).ok()?;
        (n <= self.bytes.len() - self.pos).then_some(n)
    }
    fn ids(&mut self, limit: usize) -> Option<Box<[TermId]>> {
        let n = self.count()?;
        let mut ids = Vec::with_capacity(n);
        for _ in 0..n {
            let t = self.u32()?;
            if t as usize >= limit {
                return None;
            }
            ids.push(t);
        }
        ids.windows(2).all(|w| w[0] <= w[1]).then(|| ids.into_boxed_slice())
    }
    fn done(&self) -> bool {
        self.pos == self.bytes.len()
    }
}

/// Reads a snapshot fed in chunks of any size. Any damage makes it refuse the snapshot (`None` from
/// [`Reader::feed`] or [`Reader::finish`]); the caller then parses `recall_index.json`.
pub struct Reader {
    expected_version: String,
    buf: Vec<u8>,
    pos: usize,
    index: RecallIndex,
    hash: u64,
    started: bool,
    header: bool,
    done: bool,
    /// Whether postings records are read into the index (else only checksummed: see [`Reader::without_postings`]).
    #[cfg(read_in_place)]
    postings: bool,
}

/// A record was read, or more bytes are needed, or the snapshot is refused.
enum Step {
    Record,
    NeedMore,
}

impl Reader {
    /// A reader that accepts only a snapshot written for `recall_index.json` at version `expected_version`.
    pub fn new(expected_version: &str) -> Self {
        Reader {
            expected_version: expected_version.to_string(),
            buf: Vec::new(),
            pos: 0,
            index: RecallIndex::default(),
            hash: 0,
            started: false,
            header: false,
            done: false,
            #[cfg(read_in_place)]
            postings: true,
        }
    }

    /// A reader that leaves the postings out: every term's postings in the index it gives are empty. For a caller
    /// that never looks terms up (`validate`): the postings are a quarter of a snapshot's bytes and most of its
    /// records. They still count in the checksum, so a damaged snapshot is refused as by [`Reader::new`]. Node and
    /// native builds (size).
    #[cfg(read_in_place)]
    pub fn without_postings(expected_version: &str) -> Self {
        Reader { postings: false, ..Reader::new(expected_version) }
    }

    /// Whether the header has been read and matched the expected version (so the rest is worth reading).
    pub fn header_matched(&self) -> bool {
        self.header
    }

    /// Take the next chunk; `None` refuses the snapshot.
    pub fn feed(&mut self, chunk: &[u8]) -> Option<()> {
        if self.pos > 0 && self.pos >= self.buf.len() / 2 {
            self.buf.drain(..self.pos);
            self.pos = 0;
        }
        self.buf.extend_from_slice(chunk);
        if !self.started {
            if self.buf.len() < MAGIC.len() {
                return Some(());
            }
            if &self.buf[..MAGIC.len()] != MAGIC {
                return None;
            }
            self.pos = MAGIC.len();
            self.started = true;
        }
        while let Step::Record = self.step()? {}
        Some(())
    }

    fn step(&mut self) -> Option<Step> {
        if self.done {
            // Nothing may follow the end record.
            return (self.pos == self.buf.len()).then_some(Step::NeedMore);
        }
        let mut c = Cursor { bytes: &self.buf[self.pos..], pos: 0 };
        let Some(tag) = c.byte() else { return Some(Step::NeedMore) };
        let len = match c.varint() {
            Some(l) => l,
            // An incomplete length (at most 10 bytes) needs more; a longer one is damage.
            None if self.buf.len() - self.pos < 11 => return Some(Step::NeedMore),
            None => return None,
        };
        if len > MAX_RECORD {
            return None;
        }
        let header_len = c.pos;
        let total = header_len + len as usize;
        if self.buf.len() - self.pos < total {
            return Some(Step::NeedMore);
        }
        let start = self.pos;
        self.pos += total;
        let payload_start = start + header_len;
        if tag == TAG_END {
            let stored = self.buf.get(payload_start..self.pos)?;
            let ok = self.header && stored == self.hash.to_le_bytes();
            self.done = true;
            return ok.then_some(Step::Record);
        }
        self.hash = mix(self.hash, &self.buf[start..self.pos]);
        let payload = std::mem::take(&mut self.buf);
        let result = self.record(tag, &payload[payload_start..self.pos]);
        self.buf = payload;
        result.map(|()| Step::Record)
    }

    fn record(&mut self, tag: u8, payload: &[u8]) -> Option<()> {
        let mut c = Cursor { bytes: payload, pos: 0 };
        if !self.header {
            if tag != TAG_HEADER || c.str()? != self.expected_version {
                return None;
            }
            let _entries = c.varint()?;
            let strings = c.varint()?;
            let terms = c.varint()?;
            let arena = c.varint()?;
            // Exact capacities up front, so nothing is reallocated (a doubling would hold both copies at once,
            // and linear memory keeps its high-water mark). Capped so a damaged header cannot ask for much.
            let cap = |n: u64, max: usize| usize::try_from(n).unwrap_or(0).min(max);
            let _ = terms;
            // Everything goes to the `base` parts, which never grow after (see `Split`); every string has a
            // postings slot.
            self.index.strings.base.ends.reserve_exact(cap(strings, 1 << 24));
            self.index.postings.base.reserve_exact(cap(strings, 1 << 24));
            self.index.strings.base.text.reserve_exact(cap(arena, 1 << 30));
            self.header = true;
            return c.done().then_some(());
        }
        let idx = &mut self.index;
        match tag {
            TAG_TOP => {
                let Value::Object(top) = json::parse(payload).ok()? else { return None };
                idx.top = top;
                Some(())
            }
            TAG_STRINGS => {
                if c.varint()? != idx.strings.len() as u64 {
                    return None;
                }
                while !c.done() {
                    let s = c.str()?;
                    u32::try_from(idx.strings.base.text.len() + s.len()).ok()?;
                    idx.strings.base.push(s);
                }
                Some(())
            }
            #[cfg(read_in_place)]
            TAG_POSTINGS if !self.postings => Some(()),
            TAG_POSTINGS => {
                let term = usize::try_from(c.varint()?).ok()?;
                // Terms come once each, ascending, and are interned strings.
                if term < idx.postings.len() || term >= idx.strings.len() {
                    return None;
                }
                let postings = read_postings(&mut c)?;
                if !c.done() {
                    return None;
                }
                idx.postings.base.resize_with(term, Postings::default);
                idx.postings.base.push(postings);
                Some(())
            }
            TAG_ENTRY => {
                let (key, data) = read_entry(&mut c, idx.strings.len())?;
                if !c.done() {
                    return None;
                }
                // In file order, each key once: ascending.
                if idx.entries.last_key_value().is_some_and(|(k, _)| k.as_str() >= key.as_str()) {
                    return None;
                }
                // The last key of a step wins, as when the file is parsed in key order.
                idx.by_step.insert(data.step_id, super::odd_key(data.step_id, &key));
                idx.entries.insert(key, Box::new(data));
                Some(())
            }
            TAG_SUMMARY_ONLY => {
                let term = c.u32()?;
                if term as usize >= idx.strings.len() || idx.summary_only.contains_key(&term) {
                    return None;
                }
                let n = c.count()?;
                let mut steps = Vec::with_capacity(n);
                for _ in 0..n {
                    steps.push(c.i64()?);
                }
                idx.summary_only.insert(term, steps);
                c.done().then_some(())
            }
            _ => None,
        }
    }

    /// The index, once every byte has been fed; `None` if the snapshot was incomplete.
    pub fn finish(mut self) -> Option<RecallIndex> {
        if !self.done || self.pos != self.buf.len() {
            return None;
        }
        let strings = self.index.strings.len();
        if self.index.postings.base.len() < strings {
            self.index.postings.base.resize_with(strings, Postings::default);
        }
        self.index.strings.rebuild_slots();
        self.index.strings.base.text.shrink_to_fit();
        self.index.strings.base.ends.shrink_to_fit();
        self.index.postings.base.shrink_to_fit();
        Some(self.index)
    }
}

fn read_postings(c: &mut Cursor<'_>) -> Option<Postings> {
    match c.byte()? {
        0 => Some(Postings::Empty),
        1 => Some(Postings::One(c.i64()?)),
        2 => {
            let len = c.u32()?;
            let last_block_len = c.u32()?;
            let last = c.i64()?;
            let n = c.count()?;
            let mut heads = Vec::with_capacity(n);
            for _ in 0..n {
                heads.push((c.i64()?, c.u32()?));
            }
            let bytes = c.bytes()?.to_vec();
            let b = Blocks { heads, bytes, len, last, last_block_len };
            blocks_are_sound(&b).then(|| Postings::Many(Box::new(b)))
        }
        3 => {
            let base = c.i64()?;
            let len = c.u32()?;
            let n = c.count()?;
            let mut words = Vec::with_capacity(n);
            for _ in 0..n {
                words.push(u64::from_le_bytes(c.take(8)?.try_into().ok()?));
            }
            // The range must be addressable by i64 steps, and `len` must count the bits.
            let span = i64::try_from(n).ok()?.checked_mul(64)?;
            let sound = base.rem_euclid(64) == 0
                && n > 0
                && base.checked_add(span - 1).is_some()
                && words.iter().map(|w| u64::from(w.count_ones())).sum::<u64>() == u64::from(len);
            sound.then(|| Postings::Dense(Box::new(Bitmap { base, words, len })))
        }
        _ => None,
    }
}

/// Whether blocks decode within their bytes to a non-decreasing run of exactly `len` steps ending at `last`,
/// the last block holding `last_block_len` of them (what every method of [`Blocks`] relies on).
fn blocks_are_sound(b: &Blocks) -> bool {
    if b.heads.is_empty() || b.heads[0].1 != 0 {
        return false;
    }
    let mut count: u64 = 0;
    let mut prev: Option<i64> = None;
    let mut in_last = 0;
    for (i, &(head, start)) in b.heads.iter().enumerate() {
        let end = b.heads.get(i + 1).map_or(b.bytes.len(), |h| h.1 as usize);
        if start as usize > end || end > b.bytes.len() || prev.is_some_and(|p| head < p) {
            return false;
        }
        let mut c = Cursor { bytes: &b.bytes[..end], pos: start as usize };
        let mut cur = head;
        let mut n = 1;
        while c.pos < end {
            let Some(gap) = c.varint() else { return false };
            match i64::try_from(gap).ok().and_then(|g| cur.checked_add(g)) {
                Some(next) => cur = next,
                None => return false,
            }
            n += 1;
        }
        count += n;
        prev = Some(cur);
        in_last = n;
    }
    count == u64::from(b.len) && prev == Some(b.last) && in_last == u64::from(b.last_block_len)
}

fn read_entry(c: &mut Cursor<'_>, strings: usize) -> Option<(String, EntryData)> {
    let key = c.str()?.to_string();
    let step_id = c.i64()?;
    // The key must be the step id as `int()` reads it, as when the file is parsed.
    let parsed = crate::number::python_int(&key).ok().and_then(|i| i64::try_from(i).ok());
    if parsed != Some(step_id) {
        return None;
    }
    let text = c.bytes()?;
    let mut text_ends = [0u32; TEXTS.len()];
    for end in &mut text_ends {
        *end = c.u32()?;
    }
    let text_present = c.byte()?;
    let text_packed = c.byte()?;
    // Packed fields are present ones among file_path and the hashes; each field lies within the text, in
    // order, and is UTF-8 unless packed, where it has its packed length.
    if text_present >> TEXTS.len() != 0 || text_packed & !text_present & 0x1f != 0 || text_packed & !0b11110 != 0 {
        return None;
    }
    let mut start = 0;
    for (i, &end) in text_ends.iter().enumerate() {
        let field = text.get(start..end as usize)?;
        let sound = match (text_packed >> i & 1 != 0, i) {
            (true, 1) => field.is_empty(),
            (true, _) => field.len() == 32,
            (false, _) => std::str::from_utf8(field).is_ok(),
        };
        if !sound || (text_present >> i & 1 == 0 && !field.is_empty()) {
            return None;
        }
        start = end as usize;
    }
    if start != text.len() {
        return None;
    }
    let interned = |id: u32| (id == NONE_ID || (id as usize) < strings).then_some(id);
    let folded_at = interned(c.u32()?)?;
    let projection_version = interned(c.u32()?)?;
    let step_field = c.opt_i64()?;
    let token_estimate = c.opt_i64()?;
    let evicted = match c.byte()? {
        0 => None,
        1 => Some(false),
        2 => Some(true),
        _ => return None,
    };
    let lists = c.bytes()?;
    if !lists_are_sound(lists, strings) {
        return None;
    }
    let summary_terms = c.ids(strings)?;
    let extra = match c.byte()? {
        0 => None,
        1 => match json::parse(c.bytes()?).ok()? {
            Value::Object(m) if !m.is_empty() => Some(Box::new(m)),
            _ => return None,
        },
        _ => return None,
    };
    let own_terms = match c.byte()? {
        0 => None,
        1 => Some(c.ids(strings)?),
        _ => return None,
    };
    let (bytes, lists_end) = EntryData::join(text, lists, &summary_terms);
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
        extra,
        own_terms,
    };
    Some((key, data))
}

/// Whether `lists` decodes to the four lists with interned ids only.
fn lists_are_sound(lists: &[u8], strings: usize) -> bool {
    let mut interned = true;
    walk_lists(lists, |item| {
        if let ListItem::Id(id) = item {
            interned &= (id as usize) < strings;
        }
    }) && interned
}

/// The whole snapshot of `index` in one buffer (for tests and small stores).
pub fn to_bytes(index: &RecallIndex, file_version: &str) -> Vec<u8> {
    let mut w = Writer::new(index, file_version);
    let mut out = Vec::new();
    while let Some(chunk) = w.next_chunk(1 << 20) {
        out.extend(chunk);
    }
    out
}

/// Read a whole snapshot; `None` if it is refused.
pub fn from_bytes(bytes: &[u8], file_version: &str) -> Option<RecallIndex> {
    let mut r = Reader::new(file_version);
    r.feed(bytes)?;
    r.finish()
}

/// `bytes` with the end record's checksum recomputed over the records as they are, `None` if the records do not
/// frame. For tools and tests that edit a snapshot on purpose (the checksum only guards against damage).
pub fn reseal(bytes: &[u8]) -> Option<Vec<u8>> {
    let body = bytes.strip_prefix(MAGIC.as_slice())?;
    let mut c = Cursor { bytes: body, pos: 0 };
    let mut hash = 0;
    loop {
        let start = c.pos;
        let tag = c.byte()?;
        let len = usize::try_from(c.varint()?).ok()?;
        c.take(len)?;
        if tag == TAG_END {
            let mut out = bytes[..MAGIC.len() + start].to_vec();
            out.push(TAG_END);
            put_varint(&mut out, 8);
            out.extend_from_slice(&u64::to_le_bytes(hash));
            return Some(out);
        }
        hash = mix(hash, &body[start..c.pos]);
    }
}
