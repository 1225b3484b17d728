//! The paged view of a store: what lets a process that makes one call (a hook, the CLI) open a large store without
//! reading its whole index, and fold into it without rewriting it.
//!
//! The durable record is the reference's (`recall_index.json`) plus the index journal (`crate::journal`); the
//! view only makes them readable a piece at a time ([`crate::index::pages`]):
//! * the **base**: the pages of `recall_index.json` as a checkpoint wrote it (trusted only while that file keeps
//!   the version the base records);
//! * **segments**: the pages of journal byte ranges `[start, end)`, chained from the journal's start: after a fold
//!   leaves [`SEGMENT_RECORDS`] or more journal records uncovered, the writer (holding the store lock) writes them as
//!   a segment, then merges the last two segments while the older is no more than twice the size of the newer, so a
//!   journal of n records is covered by about log₂(n / [`SEGMENT_RECORDS`]) segments and each record is rewritten
//!   about that many times: the cost of a fold does not grow with the store;
//! * the **tail**: the journal records after the last segment, read and held in memory.
//!
//! A view that does not match the files exactly (a base for another version of the index, a chain with a gap, a
//! journal whose bytes before the chain's end changed) is not used; any damage found while reading makes the engine
//! read the index whole. Checkpoints drop the segments (the journal they cover is gone).

use crate::error::Result;
use crate::hash::{fast_hash, FastMap};
use crate::index::pages::{merge, Binding, PageEntry, Source, Unit};
use crate::index::{Postings, RecallIndex};
use crate::store::{self, Storage};

/// Where the pages live (ours, not reference files).
pub const PAGES_DIR: &str = ".contextfold/pages";
/// The base unit's name.
pub const BASE: &str = ".contextfold/pages/base";
/// Journal records left uncovered before they are written as a segment.
pub const SEGMENT_RECORDS: u64 = 64;
/// Bytes of the journal, before a segment's end, whose hash the segment records.
const ANCHOR_BYTES: u64 = 64;

fn segment_name(start: u64, end: u64) -> String {
    format!("{PAGES_DIR}/seg-{start:016x}-{end:016x}")
}

/// The name of the forms unit beside the unit `name` (see [`crate::rank::forms`]): the postings of the word forms
/// of the unit's terms and of its entries' sources, bound to the same range as the unit.
fn forms_name(name: &str) -> String {
    format!("{name}-forms")
}

#[cfg(ranked_v2)]
/// Write `forms` as the forms unit beside `name`. Forms only save time (a unit without them is turned into forms
/// when a ranking asks), so a failure is not reported.
async fn write_forms<S: Storage>(storage: &S, name: &str, forms: crate::rank::forms::Forms, binding: Binding) {
    let terms: Vec<(Vec<u8>, Vec<i64>)> = forms.into_iter().collect();
    if Unit::write(storage, &forms_name(name), Source::of_lists(terms, Vec::new()), binding).await.is_err() {
        let _ = Unit::remove(storage, &forms_name(name)).await;
    }
}

#[cfg(ranked_v2)]
/// The forms unit beside `unit`, if it is there and bound to exactly what the unit covers.
async fn open_forms<S: Storage>(storage: &S, unit: &Unit) -> Result<Option<Unit>> {
    Ok(Unit::open(storage, &forms_name(unit.name())).await?.filter(|f| f.dir.binding == unit.dir.binding))
}

/// The journal range of a segment from its directory key.
fn segment_range(key: &str) -> Option<(u64, u64)> {
    let name = key.strip_prefix(PAGES_DIR)?.strip_prefix("/seg-")?.strip_suffix(".dir")?;
    let (a, b) = name.split_once('-')?;
    Some((u64::from_str_radix(a, 16).ok()?, u64::from_str_radix(b, 16).ok()?))
}

/// `fast_hash` of the journal bytes just before `end` (what a segment ending there records).
pub async fn journal_anchor<S: Storage>(storage: &S, end: u64) -> Result<Option<u64>> {
    let start = end.saturating_sub(ANCHOR_BYTES);
    let bytes = storage.load_range(store::JOURNAL_KEY, start, (end - start) as usize).await?;
    Ok(bytes.filter(|b| b.len() as u64 == end - start).map(|b| fast_hash(&b)))
}

/// The base and the segments of a store, as found.
#[derive(Debug, Clone, Default)]
pub struct PagedView {
    base: Option<Unit>,
    segments: Vec<Unit>,
}

impl PagedView {
    /// The view of the store whose `recall_index.json` has `index_version` (`None`: no such file), or `None` when
    /// the store has no usable pages (then the index is read whole).
    pub async fn open<S: Storage>(storage: &S, index_version: Option<&str>, index_on_disk: bool) -> Result<Option<Self>> {
        let base = if index_on_disk {
            match Unit::open(storage, BASE).await? {
                Some(b) if b.dir.binding == Binding::base(index_version.map(str::to_string)) => Some(b),
                _ => return Ok(None),
            }
        } else {
            None
        };
        let mut view = PagedView { base, segments: Vec::new() };
        // The chain: from the journal's start, always the longest segment that starts where the last one ended
        // (a merge writes its segment before it removes the two it replaces).
        let mut found: Vec<(u64, u64, String)> = storage
            .list(&format!("{PAGES_DIR}/seg-"))
            .await?
            .into_iter()
            .filter_map(|k| segment_range(&k).map(|(a, b)| (a, b, k)))
            .collect();
        found.sort();
        let mut at = 0;
        loop {
            let Some((a, b, key)) = found.iter().filter(|s| s.0 == at && s.1 > at).max_by_key(|s| s.1).cloned() else { break };
            let name = key.trim_end_matches(".dir");
            let Some(unit) = Unit::open(storage, name).await? else { break };
            let bound = unit.dir.binding.index_version.as_deref() == index_version
                && (unit.dir.binding.journal_start, unit.dir.binding.journal_end) == (a, b);
            if !bound {
                break;
            }
            view.segments.push(unit);
            at = b;
        }
        // The journal must still hold the bytes the chain ends with (else it was rewritten: no segments).
        if let Some(last) = view.segments.last() {
            let anchor = journal_anchor(storage, last.dir.binding.journal_end).await?;
            if anchor != Some(last.dir.binding.journal_anchor) {
                view.segments.clear();
            }
        }
        if view.base.is_none() && view.segments.is_empty() && index_on_disk {
            return Ok(None);
        }
        Ok(Some(view))
    }

    /// Journal bytes the segments cover (from the start).
    pub fn covered(&self) -> u64 {
        self.segments.last().map_or(0, |s| s.dir.binding.journal_end)
    }

    /// Journal records the segments cover.
    pub fn covered_records(&self) -> u64 {
        self.segments.iter().map(|s| s.dir.binding.records).sum()
    }

    pub(crate) fn units(&self) -> impl DoubleEndedIterator<Item = &Unit> {
        self.base.iter().chain(&self.segments)
    }

    /// Entries in the base and the segments.
    pub fn entries(&self) -> u64 {
        self.units().map(|u| u.dir.entries).sum()
    }

    pub fn max_step(&self) -> Option<i64> {
        self.units().filter_map(|u| u.dir.max_step).max()
    }

    /// The entry of `step` (the newest unit that has it).
    pub async fn entry<S: Storage>(&self, storage: &S, step: i64) -> Result<Option<PageEntry>> {
        for unit in self.units().rev() {
            if let Some(e) = unit.entry(storage, step).await? {
                return Ok(Some(e));
            }
        }
        Ok(None)
    }

    /// The entries of those of `steps` the view has (the newest unit's, for a step in several).
    pub async fn entries_for<S: Storage>(&self, storage: &S, steps: &[i64]) -> Result<std::collections::HashMap<i64, PageEntry>> {
        let mut found = std::collections::HashMap::new();
        for unit in self.units() {
            for e in unit.entries_for(storage, steps).await? {
                found.insert(e.step_id, e);
            }
        }
        Ok(found)
    }

    /// The steps carrying `term`, ascending, once each.
    pub async fn postings<S: Storage>(&self, storage: &S, term: &str) -> Result<Vec<i64>> {
        let mut all = Vec::new();
        for unit in self.units() {
            all.extend(unit.postings(storage, term).await?);
        }
        all.sort_unstable();
        all.dedup();
        Ok(all)
    }

    #[cfg(ranked_v2)]
    /// The asked forms (see [`crate::rank::forms`]) over every unit, from the forms units beside them; `None` when a
    /// unit has none (pages written before forms existed: the caller reads the index whole).
    pub async fn forms<S: Storage>(&self, storage: &S, asked: &crate::rank::forms::Asked) -> Result<Option<crate::rank::forms::Forms>> {
        let ranges = asked.ranges();
        let mut found = crate::rank::forms::Forms::new();
        for unit in self.units() {
            let Some(f) = open_forms(storage, unit).await? else { return Ok(None) };
            for (k, steps) in f.lookup(storage, &ranges, |k| asked.wants(k)).await? {
                found.entry(k).or_default().extend(steps);
            }
        }
        crate::rank::forms::settle_found(&mut found);
        Ok(Some(found))
    }

    /// The entries of the `limit` highest steps (all of them without a limit), highest first.
    pub async fn last_entries<S: Storage>(&self, storage: &S, limit: Option<usize>) -> Result<Vec<PageEntry>> {
        let mut all: Vec<PageEntry> = Vec::new();
        for unit in self.units() {
            match limit {
                Some(n) => all.extend(unit.last_entries(storage, n).await?),
                None => all.extend(unit.read_all(storage).await?.1),
            }
        }
        all.sort_by(|a, b| b.step_id.cmp(&a.step_id));
        all.dedup_by_key(|e| e.step_id);
        if let Some(n) = limit {
            all.truncate(n);
        }
        Ok(all)
    }

    /// Write the journal records `[self.covered(), end)`, held in `tail`, as a segment, then merge the newest
    /// segments while the older is at most twice the newer. `false` when the tail cannot be paged (an irregular
    /// index); nothing is then written.
    pub async fn add_segment<S: Storage>(
        &mut self,
        storage: &S,
        tail: &RecallIndex,
        end: u64,
        records: u64,
        index_version: Option<&str>,
    ) -> Result<bool> {
        let start = self.covered();
        let Some(source) = Source::of_index(tail) else { return Ok(false) };
        let Some(anchor) = journal_anchor(storage, end).await? else { return Ok(false) };
        let binding = Binding {
            index_version: index_version.map(str::to_string),
            journal_start: start,
            journal_end: end,
            journal_anchor: anchor,
            records,
        };
        let unit = Unit::write(storage, &segment_name(start, end), source, binding.clone()).await?;
        #[cfg(ranked_v2)]
        write_forms(storage, &segment_name(start, end), crate::rank::forms::of_index(tail), binding).await;
        self.segments.push(unit);
        while self.segments.len() >= 2 {
            let n = self.segments.len();
            let (older, newer) = (&self.segments[n - 2], &self.segments[n - 1]);
            if older.dir.binding.records > 2 * newer.dir.binding.records {
                break;
            }
            let parts = vec![older.read_all(storage).await?, newer.read_all(storage).await?];
            let (terms, entries) = merge(parts);
            let binding = Binding {
                index_version: index_version.map(str::to_string),
                journal_start: older.dir.binding.journal_start,
                journal_end: newer.dir.binding.journal_end,
                journal_anchor: newer.dir.binding.journal_anchor,
                records: older.dir.binding.records + newer.dir.binding.records,
            };
            let names = [older, newer].map(|u| segment_name(u.dir.binding.journal_start, u.dir.binding.journal_end));
            let name = segment_name(binding.journal_start, binding.journal_end);
            // The forms of the two, merged the same way (if either has none, neither has the merged one).
            #[cfg(ranked_v2)]
            let forms = match (open_forms(storage, older).await, open_forms(storage, newer).await) {
                (Ok(Some(a)), Ok(Some(b))) => match (a.read_all(storage).await, b.read_all(storage).await) {
                    (Ok(a), Ok(b)) => Some(merge(vec![a, b]).0),
                    _ => None,
                },
                _ => None,
            };
            let merged = Unit::write(storage, &name, Source::of_lists(terms, entries), binding.clone()).await?;
            #[cfg(ranked_v2)]
            if let Some(forms) = forms {
                write_forms(storage, &name, forms.into_iter().collect(), binding).await;
            }
            self.segments.truncate(n - 2);
            self.segments.push(merged);
            for old in names {
                Unit::remove(storage, &old).await?;
                Unit::remove(storage, &forms_name(&old)).await?;
            }
        }
        Ok(true)
    }
}

/// Write the base pages of `index` (as `recall_index.json` with version `index_version` holds it) and drop every
/// segment (after a checkpoint the journal they covered is gone). `false` if the index cannot be paged.
pub async fn write_base<S: Storage>(storage: &S, index: &RecallIndex, index_version: &str) -> Result<bool> {
    remove_segments(storage).await?;
    let Some(source) = Source::of_index(index) else {
        Unit::remove(storage, BASE).await?;
        Unit::remove(storage, &forms_name(BASE)).await?;
        return Ok(false);
    };
    let binding = Binding::base(Some(index_version.to_string()));
    Unit::write(storage, BASE, source, binding.clone()).await?;
    #[cfg(ranked_v2)]
    write_forms(storage, BASE, crate::rank::forms::of_index(index), binding).await;
    Ok(true)
}

/// Remove every segment.
pub async fn remove_segments<S: Storage>(storage: &S) -> Result<()> {
    for key in storage.list(&format!("{PAGES_DIR}/seg-")).await? {
        storage.remove(&key).await?;
    }
    Ok(())
}

/// The pages' postings of the terms a process has scanned for, kept in memory so that a process that scans again
/// and again reads each term's pages once (a process per call scans once or twice and keeps almost nothing). Terms
/// are loaded one at a time as queries name them, so no scan pays for the whole store; past
/// [`TermCache::MAX_STEPS`] held steps the cache starts over, which bounds its memory.
#[derive(Debug, Default)]
pub struct TermCache {
    postings: FastMap<Box<[u8]>, Postings>,
    steps: usize,
}

impl TermCache {
    /// Held steps (over every term) after which the cache is emptied before the next insert: 4 Mi steps, a few MB
    /// of compact postings.
    pub const MAX_STEPS: usize = 4 << 20;

    /// The pages' postings of `term`, if held.
    pub fn get(&self, term: &str) -> Option<&Postings> {
        self.postings.get(term.as_bytes())
    }

    /// Hold the pages' postings of `term` (read by [`PagedView::postings`]).
    pub fn insert(&mut self, term: &str, postings: Postings) {
        if self.steps + postings.len() > Self::MAX_STEPS {
            self.clear();
        }
        self.steps += postings.len();
        self.postings.insert(term.as_bytes().into(), postings);
    }

    /// Merge the postings of `index` (journal records just written as a segment) into the terms held; the terms
    /// not held are read from the pages, which now include that segment, when a query names them.
    pub fn add(&mut self, index: &RecallIndex) {
        for (term, steps) in index.all_postings() {
            let Some(p) = self.postings.get_mut(term.as_bytes()) else { continue };
            let before = p.len();
            let mut all = p.to_vec();
            all.extend(steps);
            all.sort_unstable();
            all.dedup();
            *p = Postings::from_sorted(&all);
            self.steps += p.len() - before;
        }
    }

    /// Forget every term (the view they were read from was replaced).
    pub fn clear(&mut self) {
        self.postings.clear();
        self.steps = 0;
    }
}
