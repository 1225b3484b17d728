//! The Software MMU scan, RGSC (spec §7): greedy residual coverage with per-call and per-turn budgets, intent
//! ownership, the first candidate always admitted, and the budget ≤ 0 behaviour of the reference.
//!
//! Candidates come from the inverted map, never from a pass over the whole index. The greedy loop works on
//! groups of candidates that match the same query terms: within a group every member always has the same
//! gain, so only the most recent one can ever be picked, and once it is picked or dropped the group's terms
//! are gone from the residual and the rest of the group has gain 0. The loop is thus over distinct term sets,
//! not over candidates.

use serde::{Deserialize, Serialize};

use crate::error::Result;
use crate::extract;
use crate::hash::FastMap;
use crate::index::{Postings, RecallIndex};

/// A node whose terms meet the query.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct ScanCandidate {
    pub step_id: i64,
    /// Query terms the node carries, sorted.
    pub matched: Vec<String>,
    pub summary: String,
}

/// A node chosen for hydration.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct ScanSelection {
    pub step_id: i64,
    /// The residual query terms it answered when it was picked, sorted.
    pub matched: Vec<String>,
    /// `min(token_estimate, max_per_call, budget_limit)`.
    pub cost: i64,
    pub summary: String,
}

/// The result of one scan, with the reference's internal locals (spec §7, vectors `scan.json`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct ScanResult {
    pub prompt: String,
    /// The index had no nodes at all (the reference then prints `[SCAN] Recall index is empty.`).
    pub index_empty: bool,
    pub query_terms: Vec<String>,
    /// Every matching node, by matched-term count then step id, both descending (display order); empty
    /// unless `candidates_listed`.
    pub candidates: Vec<ScanCandidate>,
    /// Whether `candidates` was computed ([`CandidateMode::All`], or the first ones with [`CandidateMode::Top`]);
    /// the selection is the same either way.
    pub candidates_listed: bool,
    /// How many nodes match, when `candidates` was computed (more than `candidates` holds when only the first
    /// ones were asked for); 0 otherwise.
    #[serde(default)]
    pub candidates_total: i64,
    /// Nodes to hydrate, in the order picked.
    pub selected: Vec<ScanSelection>,
    /// Nodes that would have answered an intent but did not fit the turn budget.
    pub budget_dropped: Vec<ScanSelection>,
    /// Nodes the selection picked that the caller said are already in the model's context (`in_context`): they
    /// answer their terms at cost 0 and are not hydrated again.
    #[serde(default)]
    pub in_context: Vec<ScanSelection>,
    pub consumed_tokens: i64,
    pub budget_limit: i64,
    pub max_per_call: i64,
    /// Query terms no picked or dropped node answered, sorted.
    pub residual: Vec<String>,
    /// `ranked-v2`: the steps ranked next after the selection, not hydrated, with the lines of each that answer best
    /// (`before_turn` shows those lines, verified, in what is left of the budget). For a question about the present,
    /// only beside a selection, never an older run of a command whose newest run is not shown, newest first.
    // (Always empty without ranked-v2: not serialized there, where its serializer would cost kilobytes of wasm; the
    // TypeScript field is declared for those builds in `src/wasm/engine.rs`.)
    #[cfg_attr(ranked_v2, serde(skip_deserializing, skip_serializing_if = "Vec::is_empty"))]
    #[cfg_attr(not(ranked_v2), serde(skip))]
    pub related: Vec<ScanRelated>,
}

/// A step ranked after the selection and the lines of it that answer best ([`ScanResult::related`]).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct ScanRelated {
    pub step_id: i64,
    pub summary: String,
    /// 0-based numbers of its best lines in `raw_content`, ascending.
    pub lines: Vec<u32>,
}

impl ScanResult {
    /// The result before the greedy loop: nothing selected, every query term still in the residual.
    fn nothing_picked(
        index_empty: bool,
        prompt: &str,
        query_terms: &[String],
        budget_limit: i64,
        max_per_call: i64,
        candidates_listed: bool,
    ) -> Self {
        ScanResult {
            prompt: prompt.to_string(),
            index_empty,
            query_terms: query_terms.to_vec(),
            candidates: Vec::new(),
            candidates_listed,
            candidates_total: 0,
            selected: Vec::new(),
            budget_dropped: Vec::new(),
            in_context: Vec::new(),
            consumed_tokens: 0,
            budget_limit,
            max_per_call,
            residual: query_terms.to_vec(),
            related: Vec::new(),
        }
    }
}

/// A set of query-term positions (a query can have any number of terms).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct TermSet(Vec<u64>);

impl TermSet {
    fn empty(n: usize) -> Self {
        TermSet(vec![0; n.div_ceil(64)])
    }
    fn full(n: usize) -> Self {
        let mut s = Self::empty(n);
        for i in 0..n {
            s.insert(i);
        }
        s
    }
    fn insert(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }
    fn contains(&self, i: usize) -> bool {
        self.0[i / 64] & (1 << (i % 64)) != 0
    }
    fn count(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
    fn overlap(&self, other: &TermSet) -> u32 {
        self.0.iter().zip(&other.0).map(|(a, b)| (a & b).count_ones()).sum()
    }
    fn remove_all(&mut self, other: &TermSet) {
        for (a, b) in self.0.iter_mut().zip(&other.0) {
            *a &= !b;
        }
    }
    fn members(&self, n: usize) -> impl Iterator<Item = usize> + '_ {
        (0..n).filter(move |&i| self.contains(i))
    }
}

/// `cmd_scan(prompt)` over an index, with the turn budget and per-call cap already read from the policy.
pub fn scan(index: &RecallIndex, prompt: &str, budget_limit: i64, max_per_call: i64) -> Result<ScanResult> {
    scan_all(index, prompt, budget_limit, max_per_call, &[])
}

fn scan_all(index: &RecallIndex, prompt: &str, budget_limit: i64, max_per_call: i64, in_context: &[i64]) -> Result<ScanResult> {
    let query_terms = extract::scan_query_terms(prompt);
    let n = query_terms.len();
    let mut result = ScanResult::nothing_picked(index.is_empty(), prompt, &query_terms, budget_limit, max_per_call, true);
    if index.is_empty() {
        return Ok(result);
    }

    // Which query terms each matching step carries.
    let mut matched: FastMap<i64, TermSet> = FastMap::default();
    for (i, term) in query_terms.iter().enumerate() {
        if let Some(id) = index.term_id(term) {
            let postings = index.postings(id);
            let mut buf = Vec::new();
            for b in 0..postings.num_blocks() {
                postings.decode_block(b, &mut buf);
                for &step in &buf {
                    matched.entry(step).or_insert_with(|| TermSet::empty(n)).insert(i);
                }
            }
        }
    }
    let names = |set: &TermSet| -> Vec<String> { set.members(n).map(|i| query_terms[i].clone()).collect() };
    let summary = |step: i64| index.by_step(step).map(|e| e.summary().to_string()).unwrap_or_default();

    let mut candidates: Vec<(i64, &TermSet)> = matched.iter().map(|(s, m)| (*s, m)).collect();
    candidates.sort_by(|a, b| b.1.count().cmp(&a.1.count()).then(b.0.cmp(&a.0)));
    result.candidates_total = candidates.len() as i64;
    result.candidates =
        candidates.iter().map(|(s, m)| ScanCandidate { step_id: *s, matched: names(m), summary: summary(*s) }).collect();

    // The most recent step of each distinct matched-term set.
    let mut groups: FastMap<&TermSet, i64> = FastMap::default();
    for (step, set) in &candidates {
        let best = groups.entry(set).or_insert(*step);
        *best = (*best).max(*step);
    }
    let mut groups: Vec<(&TermSet, i64)> = groups.into_iter().collect();

    let mut residual = TermSet::full(n);
    let mut picks = Vec::new();
    while residual.count() > 0 {
        let mut best: Option<(u32, i64, usize)> = None;
        for (g, (set, step)) in groups.iter().enumerate() {
            let gain = residual.overlap(set);
            if gain > 0 && best.is_none_or(|(bg, bs, _)| (gain, *step) > (bg, bs)) {
                best = Some((gain, *step, g));
            }
        }
        let Some((_, step, g)) = best else { break };
        let (set, _) = groups.swap_remove(g);
        let mut answered = residual.clone();
        answered.0.iter_mut().zip(&set.0).for_each(|(a, b)| *a &= b);
        picks.push((step, names(&answered)));
        // Intent ownership: all of the node's terms leave the residual, picked or not.
        residual.remove_all(set);
    }
    admit(&mut result, picks, in_context, index_entry(index));
    result.residual = names(&residual);
    Ok(result)
}

/// Steps picked by the greedy loop, in pick order, with the residual terms each answered: admitted within the turn
/// budget (the first one always), dropped when over it (intent ownership: its terms stay answered), or, when the
/// caller has it in context already, taken at cost 0 and not hydrated. The picks never depend on the costs, so
/// the full and the fast scan share this. `entry` gives a step's token estimate and summary.
pub fn admit(
    result: &mut ScanResult,
    picks: Vec<(i64, Vec<String>)>,
    in_context: &[i64],
    mut entry: impl FnMut(i64) -> Option<(i64, String)>,
) {
    let mut consumed: i128 = 0;
    let budget = i128::from(result.budget_limit);
    let per_call = i128::from(result.max_per_call);
    for (step, matched) in picks {
        let (tokens, summary) = entry(step).unwrap_or_default();
        if in_context.contains(&step) {
            result.in_context.push(ScanSelection { step_id: step, matched, cost: 0, summary });
            continue;
        }
        let cost = i128::from(tokens).min(per_call).min(budget);
        let pick = ScanSelection { step_id: step, matched, cost: cost as i64, summary };
        if result.selected.is_empty() || consumed + cost <= budget {
            consumed += cost;
            result.selected.push(pick);
        } else {
            result.budget_dropped.push(pick);
        }
    }
    result.consumed_tokens = consumed.clamp(i128::from(i64::MIN), i128::from(i64::MAX)) as i64;
}

fn index_entry(index: &RecallIndex) -> impl FnMut(i64) -> Option<(i64, String)> + '_ {
    |step| index.by_step(step).map(|e| (e.token_estimate(), e.summary().to_string()))
}

/// Whether a scan lists its candidates.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum CandidateMode {
    /// Every matching node, as the reference prints them (cost grows with the index).
    #[default]
    All,
    /// None: only the selection, computed without visiting every matching node.
    None,
    /// The first `n` in display order (and how many match in all).
    Top(usize),
}

/// How [`scan_with`] runs.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ScanOptions {
    pub candidates: CandidateMode,
    /// Steps already in the model's context: picked, they cost nothing and are listed in `in_context`.
    pub in_context: Vec<i64>,
}

/// [`scan`], optionally without the candidate list. `selected`, `budget_dropped`, `consumed_tokens` and
/// `residual` are the same in both modes.
pub fn scan_with(
    index: &RecallIndex,
    prompt: &str,
    budget_limit: i64,
    max_per_call: i64,
    options: ScanOptions,
) -> Result<ScanResult> {
    match options.candidates {
        CandidateMode::All => return scan_all(index, prompt, budget_limit, max_per_call, &options.in_context),
        CandidateMode::Top(n) => {
            let mut result = scan_all(index, prompt, budget_limit, max_per_call, &options.in_context)?;
            result.candidates.truncate(n);
            return Ok(result);
        }
        CandidateMode::None => {}
    }
    let query_terms = extract::scan_query_terms(prompt);
    let mut result = ScanResult::nothing_picked(index.is_empty(), prompt, &query_terms, budget_limit, max_per_call, false);
    if index.is_empty() {
        return Ok(result);
    }
    let terms: Vec<(usize, &Postings)> = query_terms
        .iter()
        .enumerate()
        .filter_map(|(i, t)| index.term_id(t).map(|id| (i, index.postings(id))))
        .filter(|(_, p)| !p.is_empty())
        .collect();
    let (picks, residual) = pick(&query_terms, &terms, index.len());
    admit(&mut result, picks, &options.in_context, index_entry(index));
    result.residual = residual;
    Ok(result)
}

/// The result of a scan before the greedy loop (for a caller that runs [`pick`] and [`admit`] itself).
pub fn start(index_empty: bool, prompt: &str, query_terms: &[String], budget_limit: i64, max_per_call: i64) -> ScanResult {
    ScanResult::nothing_picked(index_empty, prompt, query_terms, budget_limit, max_per_call, false)
}

/// The first `n` candidates in display order (matched-term count, then step id, both descending), with their
/// matched terms, and how many match in all, from the postings of the query terms.
pub fn top_candidates(query_terms: &[String], terms: &[(usize, &Postings)], n: usize) -> (Vec<(i64, Vec<String>)>, usize) {
    /// A term's steps from the highest down.
    struct Down<'p> {
        postings: &'p Postings,
        block: usize,
        buf: Vec<i64>,
    }
    impl Down<'_> {
        fn peek(&mut self) -> Option<i64> {
            while self.buf.is_empty() {
                self.block = self.block.checked_sub(1)?;
                // Ascending: the highest is at the end, taken first.
                self.postings.decode_block(self.block, &mut self.buf);
            }
            self.buf.last().copied()
        }
    }
    let mut cursors: Vec<(usize, Down<'_>)> =
        terms.iter().map(|(i, p)| (*i, Down { postings: p, block: p.num_blocks(), buf: Vec::new() })).collect();
    // Steps met from the highest down, so the first `n` of each matched-term count are the ones the display order
    // puts first among that count: keep those, then take the counts from the highest.
    let mut by_count: Vec<Vec<(i64, Vec<usize>)>> = vec![Vec::new(); terms.len() + 1];
    let mut total = 0;
    loop {
        let Some(step) = cursors.iter_mut().filter_map(|(_, c)| c.peek()).max() else { break };
        let mut carried = Vec::new();
        for (i, c) in cursors.iter_mut() {
            while c.peek() == Some(step) {
                c.buf.pop();
                if carried.last() != Some(i) {
                    carried.push(*i);
                }
            }
        }
        total += 1;
        let bucket = &mut by_count[carried.len()];
        if bucket.len() < n {
            carried.sort_unstable();
            bucket.push((step, carried));
        }
    }
    let named = by_count
        .into_iter()
        .rev()
        .flatten()
        .take(n)
        .map(|(s, ids)| (s, ids.into_iter().map(|i| query_terms[i].clone()).collect()))
        .collect();
    (named, total)
}

/// The reference's RGSC picks for the query terms, from the postings of those terms that have any (`terms`:
/// position in `query_terms`, postings), over an index of `entries` entries; found without listing every
/// matching node. Returns the picks in order with the residual terms each answered, and the residual left.
pub fn pick(query_terms: &[String], terms: &[(usize, &Postings)], entries: usize) -> (Vec<(i64, Vec<String>)>, Vec<String>) {
    let n = query_terms.len();
    // Walking pays off only for terms carried by a large share of the index (paths' `src`, extensions).
    let short_limit = SHORT_POSTINGS.max(entries / 16);
    let (picks, residual): (Vec<(i64, Vec<usize>)>, Vec<usize>) = if n <= 64 {
        let (picks, residual) = certified_greedy::<u64>(terms, n, short_limit);
        (picks.into_iter().map(|(s, a)| (s, Mask::members(&a, n))).collect(), Mask::members(&residual, n))
    } else {
        let (picks, residual) = certified_greedy::<TermSet>(terms, n, short_limit);
        (picks.into_iter().map(|(s, a)| (s, Mask::members(&a, n))).collect(), Mask::members(&residual, n))
    };
    let names = |set: &[usize]| -> Vec<String> { set.iter().map(|&i| query_terms[i].clone()).collect() };
    (picks.into_iter().map(|(step, answered)| (step, names(&answered))).collect(), names(&residual))
}

/// A set of query-term positions: `u64` for up to 64 terms, [`TermSet`] beyond.
trait Mask: Clone + Eq + std::hash::Hash {
    fn empty(n: usize) -> Self;
    fn full(n: usize) -> Self;
    fn insert(&mut self, i: usize);
    fn count(&self) -> u32;
    fn overlap(&self, other: &Self) -> u32;
    fn remove_all(&mut self, other: &Self);
    fn union_with(&mut self, other: &Self);
    fn and(&self, other: &Self) -> Self;
    fn members(&self, n: usize) -> Vec<usize>;
}

// The hot paths call these per step seen: forced inline, since the size-optimised build would not.
impl Mask for u64 {
    #[inline(always)]
    fn empty(_: usize) -> Self {
        0
    }
    fn full(n: usize) -> Self {
        if n >= 64 { u64::MAX } else { (1u64 << n) - 1 }
    }
    #[inline(always)]
    fn insert(&mut self, i: usize) {
        *self |= 1 << i;
    }
    #[inline(always)]
    fn count(&self) -> u32 {
        self.count_ones()
    }
    #[inline(always)]
    fn overlap(&self, other: &Self) -> u32 {
        (self & other).count_ones()
    }
    fn remove_all(&mut self, other: &Self) {
        *self &= !other;
    }
    fn union_with(&mut self, other: &Self) {
        *self |= other;
    }
    fn and(&self, other: &Self) -> Self {
        self & other
    }
    fn members(&self, n: usize) -> Vec<usize> {
        (0..n).filter(|&i| self & (1 << i) != 0).collect()
    }
}

impl Mask for TermSet {
    fn empty(n: usize) -> Self {
        TermSet::empty(n)
    }
    fn full(n: usize) -> Self {
        TermSet::full(n)
    }
    fn insert(&mut self, i: usize) {
        TermSet::insert(self, i)
    }
    fn count(&self) -> u32 {
        TermSet::count(self)
    }
    fn overlap(&self, other: &Self) -> u32 {
        TermSet::overlap(self, other)
    }
    fn remove_all(&mut self, other: &Self) {
        TermSet::remove_all(self, other)
    }
    fn union_with(&mut self, other: &Self) {
        for (a, b) in self.0.iter_mut().zip(&other.0) {
            *a |= b;
        }
    }
    fn and(&self, other: &Self) -> Self {
        TermSet(self.0.iter().zip(&other.0).map(|(a, b)| a & b).collect())
    }
    fn members(&self, n: usize) -> Vec<usize> {
        TermSet::members(self, n).collect()
    }
}

/// Terms with at most this many postings (or 1/16 of the index) are read whole; longer ones are walked from
/// the newest step down.
const SHORT_POSTINGS: usize = 256;
/// Steps the first walk round takes from the densest walked term; each round doubles it.
const FIRST_CHUNK: usize = 64;

/// A walked term's postings, read newest first, block by block.
struct Walk<'a> {
    term: usize,
    postings: &'a Postings,
    /// Next block to decode (counting down), and the undelivered head of the current one (`buf[..left]`).
    next_block: usize,
    buf: Vec<i64>,
    left: usize,
}

impl<'a> Walk<'a> {
    fn new(term: usize, postings: &'a Postings) -> Self {
        Walk { term, postings, next_block: postings.num_blocks(), buf: Vec::new(), left: 0 }
    }
    #[inline]
    fn peek(&mut self) -> Option<i64> {
        while self.left == 0 {
            if self.next_block == 0 {
                return None;
            }
            self.next_block -= 1;
            self.postings.decode_block(self.next_block, &mut self.buf);
            self.left = self.buf.len();
        }
        Some(self.buf[self.left - 1])
    }
    #[inline(always)]
    fn advance(&mut self) {
        self.left -= 1;
    }
}

/// RGSC's greedy loop (see [`scan`]) over every matching step, found without enumerating them all.
///
/// Short postings are read whole; long ones are walked by one cursor, newest first, so every step at or above
/// the cursor is known, and its matched set is exact (a step found through a short term gets its long-term
/// bits by lookup). A step not yet seen lies below the cursor and can match only long terms still being
/// walked (`open`), so its gain is at most |residual ∩ open|. A simulated pick of gain g is therefore the
/// reference's pick iff g > that bound, or g equals it and the pick lies at or above the cursor (ties go to
/// the larger step); the simulation is the reference's loop once it ends with residual ∩ open = ∅. Until
/// then the cursor goes further down. Returns the picks (step, terms answered) and the final residual.
fn certified_greedy<M: Mask>(terms: &[(usize, &Postings)], n: usize, short_limit: usize) -> (Vec<(i64, M)>, M) {
    let (short, long): (Vec<_>, Vec<_>) = terms.iter().partition(|(_, p)| p.len() <= short_limit);
    // Each short term's steps, ascending.
    let mut lists: Vec<(usize, Vec<i64>)> = Vec::with_capacity(short.len());
    let mut buf = Vec::new();
    for &(i, postings) in &short {
        let mut steps = Vec::with_capacity(postings.len());
        for b in 0..postings.num_blocks() {
            postings.decode_block(b, &mut buf);
            steps.extend_from_slice(&buf);
        }
        lists.push((i, steps));
    }
    // Every step with a short term is `seen`; those met more than once (`multi`) get their whole set below.
    let (seen, repeated) = Seen::build(&lists);
    // (A step met twice in one list alone, in a hand-edited index, has one short term but is handled here too.)
    let mut multi: Vec<(i64, M)> = repeated
        .into_iter()
        .map(|step| {
            let mut set = M::empty(n);
            for (i, list) in &lists {
                if list.binary_search(&step).is_ok() {
                    set.insert(*i);
                }
            }
            (step, set)
        })
        .collect();
    let mut walks: Vec<Walk> = long.iter().map(|&(i, postings)| Walk::new(i, postings)).collect();
    let long_terms = |step: i64| {
        let mut set = M::empty(n);
        for w in &walks {
            if w.postings.contains(step) {
                set.insert(w.term);
            }
        }
        set
    };
    // The most recent step of each distinct term set: all that the greedy loop looks at. A step's set can be
    // left out when a newer step's set contains it: the greedy loop prefers that one at every turn (more gain,
    // or as much and newer), and once it is picked the older one has nothing left to answer.
    let mut groups = Groups::<M>::new();
    // Steps with a single short term i, newest first: a set {i} ∪ L is left out when a newer one of the same term
    // had a superset of L, and the walk down term i stops at the first step carrying every long term. At session
    // scale this is what keeps a scan from testing every posting of its rare words against its common ones.
    for (i, steps) in &lists {
        let mut kept: Vec<M> = Vec::new();
        for &step in steps.iter().rev() {
            if seen.times(step) > 1 {
                continue;
            }
            let long = long_terms(step);
            if kept.iter().any(|k| long.overlap(k) == long.count()) {
                continue;
            }
            let mut set = long.clone();
            set.insert(*i);
            groups.record(&set, step);
            let all = long.count() as usize == walks.len();
            kept.push(long);
            if all {
                break;
            }
        }
    }
    // Steps met more than once: each recorded with its whole set.
    for (step, set) in &mut multi {
        set.union_with(&long_terms(*step));
        groups.record(set, *step);
    }
    // Densest first: it sets the pace of the cursor.
    walks.sort_by_key(|w| std::cmp::Reverse(w.postings.len()));
    // Every step ≥ cursor has been seen; `i128` so that "nothing walked yet" lies above every step.
    let mut cursor: i128 = i128::from(i64::MAX) + 1;
    let mut chunk = FIRST_CHUNK;
    // Steps met only by walking (no short term), with their walked terms, for the current round.
    let mut round: FastMap<i64, M> = FastMap::default();
    loop {
        let mut open = M::empty(n);
        for w in walks.iter_mut() {
            if w.peek().is_some() {
                open.insert(w.term);
            }
        }
        if let Some(done) = simulate(&groups, &open, cursor, n) {
            return done;
        }
        // Lower the cursor: `chunk` more steps of the densest open term, then every open term down to there.
        let lead = walks.iter_mut().position(|w| w.peek().is_some()).expect("an open term, or the simulation ends");
        let mut low = i64::MAX;
        let take = |round: &mut FastMap<i64, M>, step: i64, term: usize| {
            // A step with a short term is in `seen` with its walked terms already.
            if seen.times(step) == 0 {
                round.entry(step).or_insert_with(|| M::empty(n)).insert(term);
            }
        };
        for _ in 0..chunk {
            let Some(step) = walks[lead].peek() else { break };
            low = step;
            walks[lead].advance();
            take(&mut round, step, walks[lead].term);
        }
        for w in walks.iter_mut() {
            while let Some(step) = w.peek().filter(|&s| s >= low) {
                w.advance();
                take(&mut round, step, w.term);
            }
        }
        // Every walk is now below `low`: the round's steps have their whole term sets.
        for (step, set) in round.drain() {
            groups.record(&set, step);
        }
        cursor = i128::from(low);
        chunk = chunk.saturating_mul(2);
    }
}

/// The steps carrying a short term: a bitmap over their range when it is compact (the usual case: steps are
/// turn numbers), else an open-addressing table of step → times met. Not generic over the term mask, to keep the
/// package small.
enum Seen {
    /// Bit `step - low` of `once` when met, of `twice` when met again.
    Bits { low: i64, once: Vec<u64>, twice: Vec<u64> },
    Table(StepCounts),
}

impl Seen {
    /// Mark every step of the short terms' lists; also returns the steps met more than once (in two lists, or
    /// twice in one: a hand-edited index), each once.
    fn build(lists: &[(usize, Vec<i64>)]) -> (Self, Vec<i64>) {
        let total: usize = lists.iter().map(|(_, l)| l.len()).sum();
        let low = lists.iter().filter_map(|(_, l)| l.first()).min().copied().unwrap_or(0);
        let high = lists.iter().filter_map(|(_, l)| l.last()).max().copied().unwrap_or(0);
        let range = i128::from(high) - i128::from(low) + 1;
        let mut repeated = Vec::new();
        // A bitmap when it costs at most 64 bits a step read (or 64 KB): zeroing it is cheaper than hashing.
        let seen = if range <= (64 * total as i128).max(1 << 19) {
            let mut once = vec![0u64; (range as usize).div_ceil(64)];
            let mut twice = vec![0u64; once.len()];
            // Indexed as slices: `Vec`'s `Index` is a call per access in the size-optimised build.
            let (once_bits, twice_bits) = (once.as_mut_slice(), twice.as_mut_slice());
            for (_, list) in lists {
                for &step in list {
                    let off = (step - low) as usize;
                    let (w, bit) = (off >> 6, 1u64 << (off & 63));
                    if once_bits[w] & bit != 0 && twice_bits[w] & bit == 0 {
                        twice_bits[w] |= bit;
                        repeated.push(step);
                    }
                    once_bits[w] |= bit;
                }
            }
            Seen::Bits { low, once, twice }
        } else {
            let mut table = StepCounts::with_capacity(total);
            for (_, list) in lists {
                for &step in list {
                    if table.add(step) == 2 {
                        repeated.push(step);
                    }
                }
            }
            Seen::Table(table)
        };
        (seen, repeated)
    }

    /// How many times `step` was met, up to 2.
    #[inline]
    fn times(&self, step: i64) -> u32 {
        match self {
            Seen::Bits { low, once, twice } => {
                let Some(off) = step.checked_sub(*low).filter(|&o| o >= 0) else { return 0 };
                let (w, bit) = ((off >> 6) as u64, 1u64 << (off & 63));
                if w >= once.len() as u64 {
                    return 0;
                }
                let (once, twice) = (once.as_slice(), twice.as_slice());
                u32::from(once[w as usize] & bit != 0) + u32::from(twice[w as usize] & bit != 0)
            }
            Seen::Table(t) => t.count(step).min(2),
        }
    }
}

/// Steps with the number of times met, in an open-addressing table sized once for the postings read (a
/// general-purpose map was most of a scan's time at 100,000 nodes).
struct StepCounts {
    /// `(step, count)`; count 0 marks a free slot.
    slots: Vec<(i64, u32)>,
    shift: u32,
}

impl StepCounts {
    fn with_capacity(postings: usize) -> Self {
        let cap = (2 * postings).next_power_of_two().max(16);
        StepCounts { slots: vec![(0, 0); cap], shift: 64 - cap.trailing_zeros() }
    }

    #[inline(always)]
    fn slot(&self, step: i64) -> usize {
        ((step as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15) >> self.shift) as usize
    }

    /// Count `step` once more; returns its count.
    fn add(&mut self, step: i64) -> u32 {
        let mask = self.slots.len() - 1;
        let mut i = self.slot(step);
        loop {
            let (s, count) = &mut self.slots[i];
            if *count == 0 || *s == step {
                *s = step;
                *count += 1;
                return *count;
            }
            i = (i + 1) & mask;
        }
    }

    fn count(&self, step: i64) -> u32 {
        let mask = self.slots.len() - 1;
        let mut i = self.slot(step);
        loop {
            let (s, count) = self.slots[i];
            if count == 0 || s == step {
                return count;
            }
            i = (i + 1) & mask;
        }
    }
}

/// The most recent step of each distinct term set, in an open-addressing table: one probe per step seen, where
/// a general-purpose map's entry API was a sixth of a scan at 100,000 nodes.
struct Groups<M> {
    /// `(set, step)`; an empty set marks a free slot (a recorded set always has a term). A power of two long.
    slots: Vec<(M, i64)>,
    len: usize,
}

impl<M: Mask> Groups<M> {
    fn new() -> Self {
        Groups { slots: Vec::new(), len: 0 }
    }

    #[inline(always)]
    fn home(&self, set: &M) -> usize {
        use std::hash::Hasher;
        let mut h = crate::hash::FastHasher::default();
        set.hash(&mut h);
        (h.finish().wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 32) as usize & (self.slots.len() - 1)
    }

    /// Keep `step` for `set` if it is the most recent seen for it.
    fn record(&mut self, set: &M, step: i64) {
        if (self.len + 1) * 2 > self.slots.len() {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut i = self.home(set);
        loop {
            let (s, best) = &mut self.slots[i];
            if s.count() == 0 {
                *s = set.clone();
                *best = step;
                self.len += 1;
                return;
            }
            if s == set {
                *best = (*best).max(step);
                return;
            }
            i = (i + 1) & mask;
        }
    }

    fn grow(&mut self) {
        let old = std::mem::take(&mut self.slots);
        self.slots = vec![(M::empty(0), 0); (old.len() * 2).max(32)];
        self.len = 0;
        for (set, step) in old.into_iter().filter(|(s, _)| s.count() > 0) {
            self.record(&set, step);
        }
    }

    fn iter(&self) -> impl Iterator<Item = (&M, i64)> {
        self.slots.iter().filter(|(s, _)| s.count() > 0).map(|(s, step)| (s, *step))
    }
}

/// The greedy loop over the seen steps' groups; `None` as soon as a pick (or the end) is not certain.
fn simulate<M: Mask>(groups: &Groups<M>, open: &M, cursor: i128, n: usize) -> Option<(Vec<(i64, M)>, M)> {
    let mut groups: Vec<(&M, i64)> = groups.iter().collect();
    let mut residual = M::full(n);
    let mut picks = Vec::new();
    while residual.count() > 0 {
        let bound = residual.overlap(open);
        let mut best: Option<(u32, i64, usize)> = None;
        for (g, (set, step)) in groups.iter().enumerate() {
            let gain = residual.overlap(set);
            if gain > 0 && best.is_none_or(|(bg, bs, _)| (gain, *step) > (bg, bs)) {
                best = Some((gain, *step, g));
            }
        }
        let Some((gain, step, g)) = best else {
            return (bound == 0).then_some((picks, residual));
        };
        if gain < bound || (gain == bound && i128::from(step) < cursor) {
            return None;
        }
        let (set, _) = groups.swap_remove(g);
        picks.push((step, residual.and(set)));
        residual.remove_all(set);
    }
    Some((picks, residual))
}

/// One turn of the harness loop: what `before_turn` hydrated into the prompt (pre_turn_dispatch).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct Turn {
    pub scan: ScanResult,
    /// The selected nodes, hydrated, in selection order.
    pub hydrated: Vec<crate::types::Hydrated>,
    /// The text to put in front of the model for this turn only: each hydrated node's bounded content under a
    /// `[ContextFold: step N]` header, separated by blank lines; empty when nothing was hydrated.
    pub context: String,
    /// Lines of the steps ranked next ([`ScanResult::related`]), read from their verified content, within what the
    /// hydrated nodes left of the turn budget; after the hydrated nodes in `context` (ours; `ranked-v2` only).
    // (Always empty without ranked-v2: not serialized there, as `ScanResult::related`.)
    #[cfg_attr(ranked_v2, serde(skip_deserializing, skip_serializing_if = "Vec::is_empty"))]
    #[cfg_attr(not(ranked_v2), serde(skip))]
    pub excerpts: Vec<Excerpt>,
    /// Sum of the hydrated and excerpted token estimates (what the turn adds to the prompt).
    pub tokens: i64,
}

/// Some lines of a verified cold node, not hydrated whole ([`Turn::excerpts`]).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct Excerpt {
    pub step_id: i64,
    pub summary: String,
    /// The lines shown, ascending, each at most [`EXCERPT_LINE_CHARS`] characters, or [`FAILURE_LINE_CHARS`] for one that
    /// says what went wrong (a longer one is cut and ends in `…`).
    pub lines: Vec<ExcerptLine>,
    /// How many lines the node's content has.
    pub line_count: i64,
    /// Tokens of the lines shown (joined by newlines), by the store's counter.
    pub token_estimate: i64,
    pub payload_sha256: String,
}

/// One line of an [`Excerpt`].
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct ExcerptLine {
    /// 1-based line number in the node's content.
    pub number: i64,
    pub text: String,
}

/// The most characters of one excerpt line (a minified bundle or a JSON blob is one line).
pub const EXCERPT_LINE_CHARS: usize = 200;

/// `ranked-v2` (`recall45`): the most characters of an excerpt line that says what went wrong (an error, an exception,
/// a failure): `OperationalError: connection failed: connection to server on socket "…" failed: FATAL:  remaining
/// connection slots are reserved …` names its cause past the 200th. (Measured on the seen recall sessions, natively:
/// 480, 780 -> 782 of 910, three gained and one lost, a last step pushed out of the hook's text; 640 the same; 360
/// one less.)
pub const FAILURE_LINE_CHARS: usize = 480;
