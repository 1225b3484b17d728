//! Ranked selection, `ranked-v1` (policy key `"selection": "ranked-v1"`): which folded steps answer a prompt,
//! chosen by weighted relevance instead of the reference's equal-weight term cover (`ipcf-projection-v2`,
//! [`crate::scan`], kept byte for byte and still the library default).
//!
//! 1. The prompt becomes *slots* ([`query`]): its content words, each with the word forms that answer it (English
//!    inflections, Turkish endings, identifier parts such as `postgres_port`, a small lexicon of synonyms and
//!    Turkish words), and an intent: the present state (newest answer), history (best answer) or "first" (oldest).
//! 2. Each slot weighs by its rarity in the store (`log2((N+1)/df) + 1` bits, fixed point), and each step that
//!    carries it scores that weight, BM25-normalised by the step's number of identifiers, plus a bonus when the
//!    step's summary (the tool and its input) carries it. The best steps form a pool.
//! 3. The pool's contents are read, and each step gets a *line score*: the best single line (with the summary)
//!    by the weight of the slots it holds together. The answer to "which port is postgres on" is a line with
//!    both words, not a long file that has each somewhere.
//! 4. A greedy cover over the slots picks steps by line score plus bag score; among steps within 1/8 of the best,
//!    a state question takes the newest, a "first" question the oldest, a history question the best. A picked
//!    step owns all of its slots (no older state of the same thing later), and the reference's budget rules admit
//!    the picks ([`crate::scan::admit`]): the first always, the rest within the turn budget, each capped per call.
//! 5. A prompt that nothing answers well (too little of its weight on one line, or only common words) gets nothing.
//!
//! Deterministic on every runtime: integers only (weights in 1/256 bit), ordered maps, ties broken by step id.
//!
//! Cost: a prompt reads the whole index (every term is matched against the slots' forms) and up to 96 cold
//! nodes, which is fine for a session of hundreds of steps but grows with the store (about 0.5 s natively, 1.5–3 s
//! in wasm, for 2,000 steps of the benchmark workload). So `ranked-v1` ranks stores of at most [`MAX_ENTRIES`]
//! entries; a larger store is answered by the reference selection, as part of this mode's definition (same store,
//! prompt and policy: same selection). `ranked-v2` ([`v2`]) is the paged ranking that lifts this: the same slots
//! and weights from the postings of the slots' forms ([`forms`]), any store size.

#[cfg(ranked_v2)]
pub mod concepts;
pub mod forms;
pub mod query;
pub mod stem;
pub mod v2;
#[cfg(ranked_v2)]
pub(crate) mod excerpt;
#[cfg(ranked_v2)]
mod turkish;
#[cfg(ranked_v2)]
mod verdict;

use std::collections::{BTreeMap, BTreeSet};

use crate::index::{RecallIndex, TermId};
use crate::scan::{self, ScanCandidate, ScanResult};
use crate::text::{fold_token, is_word, nfc};

use query::{Intent, Query, Shape};
use stem::{match_key, parts, stem_en, strip_tr};

/// Whether this build has `ranked-v2` (the Node and native engines): its own rules are left out of the browser and
/// bundler engines (their size budget), where no plan ever asks for them.
pub(crate) const V2: bool = cfg!(ranked_v2);

/// [`line_score`], with `ranked-v2`'s value weights where the build has them.
macro_rules! line_score_of {
    ($c:expr, $w:expr, $v:expr, $r:expr) => {{
        #[cfg(ranked_v2)]
        let s = line_score($c, $w, $v, $r);
        #[cfg(not(ranked_v2))]
        let s = line_score($c, $w, $r);
        s
    }};
}

/// [`line_sets`], with `ranked-v2`'s value flag where the build has it.
macro_rules! line_sets_of {
    ($t:expr, $ts:expr, $sh:expr, $f:expr) => {{
        #[cfg(ranked_v2)]
        let s = line_sets($t, $ts, $sh, $f);
        #[cfg(not(ranked_v2))]
        let s = line_sets($t, $ts, $sh);
        s
    }};
}

/// The largest store (index entries) that `ranked-v1` ranks; above it the mode answers with the reference selection.
pub const MAX_ENTRIES: usize = 1_000;

/// `log2(x)` in 1/256 bit (integer arithmetic only).
pub fn log2_fp(x: u64) -> i64 {
    if x == 0 {
        return 0;
    }
    let int = 63 - i64::from(x.leading_zeros());
    let mut m: u64 = if int >= 31 { x >> (int - 31) } else { x << (31 - int) };
    let mut frac = 0i64;
    for bit in (0..8).rev() {
        m = (m * m) >> 31;
        if m >= 1 << 32 {
            m >>= 1;
            frac |= 1 << bit;
        }
    }
    int * 256 + frac
}

/// Steps whose contents are read and scored line by line.
const POOL: usize = 64;
/// Newest candidates added to the pool (a state question's answer may be a short, newer step).
const POOL_NEWEST: usize = 32;
/// The least line score (1/256 bit) the first pick needs: four bits, e.g. two words each carried by a quarter of
/// the store, or one carried by a sixteenth.
const MIN_LINE: i64 = 4 * 256;
/// A single-word answer needs a word at least this rare (five bits: one step in 32).
const MIN_SINGLE: i64 = 5 * 256;
/// Steps within this share of the best gain (in 1/16) are as good as the best: the intent chooses among them.
const BAND: i64 = 14;
/// `ranked-v2` (`recall17`): steps next to a question's moment, on its asked side, whose contents are read.
#[cfg(ranked_v2)]
const AROUND_MOMENT: i64 = 32;
/// Later picks need at least this share (1/16) of the first pick's gain.
const LATER: i64 = 5;
/// Added to the quality of a slot a line answers by a value's shape (`ranked-v2`): it weighs as the shape's rarity.
#[cfg(ranked_v2)]
const VALUE: u32 = 256;
/// How much a slot named by the summary (the tool and its input) counts, against 2 for one on the best line.
const SAID: i64 = 4;
/// Whether a line is read with the next one.
const PAIR_LINES: bool = true;
/// Whether a state question also gets the best step of another source.
const ALSO_ANOTHER_SOURCE: bool = true;
/// At most this many picks (the budget usually stops earlier).
const MAX_PICKS: usize = 6;
/// `ranked-v2`: a clause's first pick is the best step that answers on its own when the best by gain does not.
#[cfg(ranked_v2)]
const FIRST_THAT_ANSWERS: bool = true;
/// `ranked-v2`: a line that gives a question word a value (`workers: 16`, `AWS_REGION=eu-west-1`, `"user": "300/min"`)
/// shows that word as a value, weighed by the rarity of such lines among the steps read (as a value's shape).
#[cfg(ranked_v2)]
const LABELS: bool = true;
/// `ranked-v2` (`recall39`): whether a quoted label before `=>` gives a value too (`'retry_after' => 960`).
#[cfg(ranked_v2)]
const RECALL39_ARROW_LABELS: bool = true;
/// `ranked-v2` (`recall16`): a state clause's first pick shows the concept it asks for when some step does
/// ([`Plan::keep_steps_that_show_the_concept`]).
#[cfg(ranked_v2)]
const STATE_SHOWS_THE_CONCEPT: bool = true;
/// `ranked-v2`: a picked step owns a slot no term of the store carries when its summary or lines say it.
#[cfg(ranked_v2)]
const NO_TERM_OWNED: bool = true;
/// `ranked-v2`: a concept's slot adds nothing to a step's bag score in the cover (its word in a command is no answer).
const CONCEPT_NOT_BAGGED: bool = true;

/// `ranked-v2` (`recall10`): a question about a fix whose best answer is the failure (a failed run, a report naming a
/// file) also gets the next edit of a file that step names, within this many steps after it: the fix is that edit,
/// whose own words need not name the problem.
#[cfg(ranked_v2)]
const FIX_AFTER: i64 = 12;
/// `ranked-v2` (`recall32`): for a question about a fix, the first this many steps shown as lines (after the fixes of
/// the picks) are each followed by the edit that came next of a file they name ([`FIX_AFTER`]), as a pick is.
#[cfg(ranked_v2)]
const FIX_OF_RELATED: usize = 3;
/// `ranked-v2` (`recall33`): for a question about how a run came out (a verdict, a failure, a flake), each run shown as
/// its best lines (a step ranked next, a later pick) shows its last tally or status row too
/// ([`excerpt::with_verdict_line`]). Measured on the seen recall sessions, natively: 763 -> 765 of 910, none more
/// wrong; for every question, not only these, the same 765.
#[cfg(ranked_v2)]
const RUN_OUTCOME_LINE: bool = true;
/// `ranked-v2` (`recall44`): for a question about a failure in the past (why something failed or was undone, what
/// the error was), each step shown as its lines (a step ranked next, a later pick) shows its first and its last this
/// many failure lines too ([`excerpt::first_and_last_failure_lines`]): what went wrong is printed apart from the
/// lines that carry the question's words (an exception below its traceback, a compiler's first error).
#[cfg(ranked_v2)]
const RECALL44_CAUSE_LINES: usize = 2;
/// `ranked-v2` (`recall34`): for a question about the present, an older read of a file is shown as lines without its
/// newest read when no newer read or edit of the file shows the question's words (its best line worth half the
/// older one's; one not read counts if it is a candidate): a read is often of a part of a file. And a pick the budget
/// left out takes no place among the steps ranked next (it is shown as its lines after them). Measured on the seen
/// recall sessions, natively: 765 -> 774 of 910, none more wrong (the reads alone: 772, 2 more wrong, the places a
/// left-out pick took pushed the newest run of a command out).
#[cfg(ranked_v2)]
const READS_OF_PARTS: bool = true;
/// `ranked-v2` (`recall35`): for a question about the present, at most this many lines of a step shown as lines that
/// give a key an older step shown answers by ([`excerpt::line_key`]). Measured on the seen recall sessions, natively:
/// 774 -> 775 of 910, one wrong fewer (9 -> 8), the pairs of answered questions unchanged.
#[cfg(ranked_v2)]
const SAME_KEY_LINES: usize = 2;

/// `ranked-v2` (`recall58`): a line nested under keys shows their words too ([`excerpt::key_paths`]).
#[cfg(ranked_v2)]
const RECALL58_KEY_PATHS: bool = true;

/// `ranked-v2` (`recall59`): a newer print of what a commit's message names ([`Plan::cover`]'s newer print) needs half the
/// commit's gain, not three quarters.
#[cfg(ranked_v2)]
const RECALL59_COMMIT_IS_NO_PRINT: bool = true;

/// `ranked-v2` (`recall62`): a state question's pick that runs a chain of commands is shown after the newest later step
/// that runs the chain's last command alone, and one that runs a command after the newest chain that ends with it
/// ([`Plan::newer_last_of_chain`]).
#[cfg(ranked_v2)]
const RECALL62_LAST_OF_A_CHAIN: bool = true;

/// `ranked-v2`: a question in the past tense also gets, first, the newest later step of the same kind as its best
/// (a summary that names at least what the best one's names), as the newest run of the best one's source.
#[cfg(ranked_v2)]
const PAST_NEWEST_KIND: bool = true;
/// `ranked-v2`: a newer read of the chosen step's file whose lines do not answer the clause (a read of another part of
/// the same file) says nothing newer about it: it follows the step instead of preceding it, so the turn budget spends
/// itself on the answer first. (Not a command run again: its output is the state now, whatever its words.)
#[cfg(ranked_v2)]
const SILENT_NEWER_AFTER: bool = true;

/// `ranked-v2`: at most this many near ties ([`Plan::near_ties`]) after the picks.
#[cfg(ranked_v2)]
const NEAR_TIES: usize = 5;
/// `ranked-v2`: a near tie's gain is at least this share (1/16) of its clause's first pick's (a first pick that names
/// the question in its summary often scores three or four times what the step that holds the answer does).
#[cfg(ranked_v2)]
const NEAR: i64 = 4;
/// `ranked-v2` (`recall27`): for a prompt of several clauses, among the steps shown as lines, at most this many runs of
/// one command (an edit or a read of a file is another state each time): six `grpcurl … :50051 list` runs ranked on a
/// rare port number took every place from the other clause's steps.
#[cfg(ranked_v2)]
const RUNS_OF_A_COMMAND: usize = 2;
/// `ranked-v2` (`recall27`): for a prompt of several clauses, this many more steps shown as lines than for a question
/// of one ([`excerpt::RELATED_STEPS`], [`excerpt::STATE_RELATED_STEPS`]), after those (a question about the present:
/// newest first among themselves, so the first ones keep their order and the room for their lines around).
#[cfg(ranked_v2)]
const MORE_RELATED_FOR_CLAUSES: usize = 2;
/// `ranked-v2` (`recall27`): in a prompt of several clauses none of which asks about the present, a first pick that
/// takes more than this share of the turn budget is shown as its best lines ([`excerpt::LARGE_PICK_LINES`]) where
/// they show every word it was picked for: two steps of a log hydrated whole took the hook's room from the lines that
/// answer the other clause ("why did we revert the agp bump and what did gradle complain about …"). (Not for a
/// question about the present: the line with the value asked for is not always a best line, and an older state
/// shown as lines beside it is a wrong answer; measured: two more wrong on the seen sessions.) `recall28`: and in a
/// question of one clause about the past, its second pick: the first answers, the second (another log of the same
/// failure) took the room of the steps ranked next, where the cause often is (natively on the seen sessions: 753 ->
/// 757 of 910, none lost, none more wrong; for the first pick too: the same; for near ties only: 754; for a question
/// about the present too: 758, two more wrong). And (`recall28`) where such a pick's best lines do not show every
/// word it was picked for (a word of its command), its best lines all the same (757 -> 760, none lost, none more
/// wrong; for the second pick of a question of one clause only: 759).
#[cfg(ranked_v2)]
const LARGE_PICK_SHARE: i64 = 4;
/// `ranked-v2` (`recall26`): a pick after the first [`excerpt::WHOLE_PICKS`] is shown as its best lines even where they
/// do not show every word it was picked for. (Measured on the seen recall sessions, natively: 740 -> 747 of 910, 10
/// gained and 3 lost, one more wrong; pairs of questions answered alone, asked as one: English state 189/238 ->
/// 195/243, history 82/136 -> 87/136.)
#[cfg(ranked_v2)]
const LATER_PICKS_AS_LINES: bool = true;
/// `ranked-v2` (`recall26`): a past question's later step "of the same kind" ([`PAST_NEWEST_KIND`]) runs the same
/// [`program`]. (Measured natively: the seen sessions unchanged, history pairs asked as one 87 -> 89 of 136.)
#[cfg(ranked_v2)]
const SAME_PROGRAM: bool = true;

/// A step that carries at least one slot.
#[derive(Debug)]
struct Cand {
    step: i64,
    /// Slot → quality (1/16) in the step's terms.
    bag: BTreeMap<usize, u32>,
    /// Slot → quality in the step's summary.
    summary: BTreeMap<usize, u32>,
    /// BM25 length factor in 1/256 (256 = a step of average length).
    norm: i64,
    bag_total: i64,
    /// Distinct slot sets of its lines (with quality), filled from the content.
    lines: Vec<Vec<(usize, u32)>>,
    /// Slots its summary names (read from the summary's words, a path by its last two parts only: the folders
    /// above are where the session works, not what the step is about).
    said: BTreeMap<usize, u32>,
}

impl Cand {
    /// A candidate with nothing of the prompt found yet (its bag, summary and lines are filled as they are read).
    fn new(step: i64) -> Cand {
        Cand { step, bag: BTreeMap::new(), summary: BTreeMap::new(), norm: 256, bag_total: 0, lines: Vec::new(), said: BTreeMap::new() }
    }
}

/// The first half of a ranked selection: the prompt analysed against the index, and the pool whose contents
/// [`Plan::finish`] needs.
pub struct Plan {
    prompt: String,
    query: Query,
    weights: Vec<i64>,
    /// Term (as a match key) → slots it answers, with quality: for reading contents.
    term_slots: BTreeMap<String, Vec<(usize, u32)>>,
    cands: BTreeMap<i64, Cand>,
    pool: Vec<i64>,
    index_empty: bool,
    /// Summaries and token estimates of the candidates.
    entries: BTreeMap<i64, (i64, String)>,
    /// Weight of the slots nothing in the store answers (counted against a prompt that is mostly about them).
    unmatched_weight: i64,
    /// The weight of a word only one step carries (`log2(N+1) + 1` bits).
    max_weight: i64,
    /// The newest step of each summary (a *source*: the same command, file or search), for the steps picked.
    newest_of_source: BTreeMap<i64, i64>,
    // (`ranked-v2`, a "first" question: the oldest step of each source instead.)
    /// `ranked-v2` ([`v2`]): how words match the slots (line words are matched by rule, not by the store's terms).
    matcher: Option<v2::Matcher>,
    /// `ranked-v2`: the candidates whose entries are read.
    prelim: Vec<i64>,
    /// `ranked-v2`: whether [`Plan::newest_of_source`] holds the oldest step of each source (the prompt asks for the first).
    #[cfg(ranked_v2)]
    sources_first: bool,
    /// `ranked-v2`: the steps the prompt's concepts find (read whatever their bag score).
    #[cfg(ranked_v2)]
    concept_steps: Vec<i64>,
    /// `ranked-v2`: per slot with a concept, how many steps of the store carry its output words (0: none or no concept).
    #[cfg(ranked_v2)]
    concept_df: Vec<u64>,
    /// Per slot: whether some step of the store carries it (`df > 0`).
    present: Vec<bool>,
    /// `ranked-v2`'s own rules: a search's pattern counts neither in its summary nor on its lines; a slot only a
    /// value's shape answers weighs by how many read steps show that shape.
    v2_rules: bool,
    /// `ranked-v2`: per slot, the weight of a value of its shape (0: none), by the read steps that show one.
    #[cfg(ranked_v2)]
    value_weights: Vec<i64>,
    /// `ranked-v2`: per read step that is no edit, the first edit after it (within [`FIX_AFTER`] steps) of a file it
    /// names, for a question about a fix.
    #[cfg(ranked_v2)]
    fix_after: BTreeMap<i64, i64>,
    /// `ranked-v2` (`recall17`): for a question about a moment ([`query::Query::anchor`]), the steps next to it on the
    /// asked side, from the preliminary candidates' entries ([`Plan::with_entries`]): their contents are read too.
    #[cfg(ranked_v2)]
    around_moment: Vec<i64>,
    /// `ranked-v2`: steps just after the likeliest failures of a question why, read but not ranked
    /// ([`excerpt::ORIGIN_AFTER`]).
    follow_ups: Vec<i64>,
    /// `ranked-v2`, a question for a verdict: what each read step's verdict lines show ([`verdict`]).
    #[cfg(ranked_v2)]
    verdicts: BTreeMap<i64, verdict::Shown>,
}

fn max_q(map: &mut BTreeMap<usize, u32>, slot: usize, q: u32) {
    let e = map.entry(slot).or_insert(0);
    *e = (*e).max(q);
}

impl Plan {
    /// A plan for `query` over a store of `entries` entries, before anything is read (both modes start here).
    pub(super) fn empty(prompt: &str, query: Query, entries: u64) -> Plan {
        Plan {
            prompt: prompt.to_string(),
            query,
            weights: Vec::new(),
            term_slots: BTreeMap::new(),
            cands: BTreeMap::new(),
            pool: Vec::new(),
            index_empty: entries == 0,
            entries: BTreeMap::new(),
            unmatched_weight: 0,
            max_weight: log2_fp(entries + 1) + 256,
            newest_of_source: BTreeMap::new(),
            matcher: None,
            prelim: Vec::new(),
            #[cfg(ranked_v2)]
            sources_first: false,
            #[cfg(ranked_v2)]
            concept_steps: Vec::new(),
            #[cfg(ranked_v2)]
            concept_df: Vec::new(),
            present: Vec::new(),
            v2_rules: false,
            #[cfg(ranked_v2)]
            value_weights: Vec::new(),
            #[cfg(ranked_v2)]
            fix_after: BTreeMap::new(),
            #[cfg(ranked_v2)]
            around_moment: Vec::new(),
            follow_ups: Vec::new(),
            #[cfg(ranked_v2)]
            verdicts: BTreeMap::new(),
        }
    }

    /// Analyse `prompt` against `index`.
    pub fn new(index: &RecallIndex, prompt: &str) -> Plan {
        let n = index.len() as u64;
        let mut plan = Plan::empty(prompt, query::analyse(prompt), n);
        if plan.index_empty || plan.query.slots.is_empty() {
            return plan;
        }
        // Every term of the store under its stem and the stems of its parts.
        let mut forms: BTreeMap<String, Vec<(TermId, u32, &str)>> = BTreeMap::new();
        for (id, term) in index.terms() {
            let key = match_key(term);
            forms.entry(stem_en(&key)).or_default().push((id, 16, term));
            for p in parts(&key) {
                let s = stem_en(p);
                if s.chars().count() >= 2 {
                    forms.entry(s).or_default().push((id, 12, term));
                }
            }
        }
        // Each slot's realizations: term → quality.
        let slots = plan.query.slots.clone();
        let mut realized: Vec<BTreeMap<TermId, (u32, &str)>> = vec![BTreeMap::new(); slots.len()];
        for (i, slot) in slots.iter().enumerate() {
            let r = &mut realized[i];
            if slot.whole {
                if let Some(id) = index.term_id(&slot.keys[0].0) {
                    upd(r, id, 16, slot.keys[0].0.as_str());
                }
                continue;
            }
            for (key, kq) in &slot.keys {
                if let Some(list) = forms.get(key) {
                    for &(id, base, term) in list {
                        upd(r, id, kq * base / 16, term);
                    }
                }
                if key.chars().count() >= 5 {
                    for (form, list) in forms.range(key.clone()..) {
                        if !form.starts_with(key.as_str()) {
                            break;
                        }
                        if form != key && form.len() <= key.len() + 6 {
                            for &(id, base, term) in list {
                                upd(r, id, kq * base * 10 / 256, term);
                            }
                        }
                    }
                }
            }
            if let Some(word) = &slot.inflected {
                for stripped in strip_tr(word) {
                    let s = stem_en(&stripped);
                    if let Some(list) = forms.get(&s) {
                        for &(id, base, term) in list {
                            upd(r, id, 14 * base / 16, term);
                        }
                    }
                }
            }
        }
        // Steps per slot, the slot's weight, and the candidates.
        let log_n = log2_fp(n + 1);
        for (i, r) in realized.iter().enumerate() {
            let mut steps: BTreeMap<i64, u32> = BTreeMap::new();
            for (&id, &(q, _)) in r {
                for step in index.postings(id).to_vec() {
                    let e = steps.entry(step).or_insert(0);
                    *e = (*e).max(q);
                }
            }
            let df = steps.len() as u64;
            let w = if df == 0 { log_n + 256 } else { (log_n - log2_fp(df) + 256).max(32) };
            plan.weights.push(w);
            plan.present.push(df > 0);
            if df == 0 {
                plan.unmatched_weight += w;
                continue;
            }
            for (step, q) in steps {
                let c = plan.cands.entry(step).or_insert_with(|| Cand::new(step));
                max_q(&mut c.bag, i, q);
            }
            for (_, &(q, term)) in r {
                let key = match_key(term);
                let list = plan.term_slots.entry(key).or_default();
                match list.iter_mut().find(|(s, _)| *s == i) {
                    Some(e) => e.1 = e.1.max(q),
                    None => list.push((i, q)),
                }
            }
        }
        // Summaries, lengths, bag scores.
        let mut lengths: BTreeMap<i64, i64> = BTreeMap::new();
        for (&step, c) in plan.cands.iter_mut() {
            let Some(e) = index.by_step(step) else { continue };
            let terms = e.summary_terms();
            for (i, r) in realized.iter().enumerate() {
                if let Some(q) = terms.iter().filter_map(|t| r.get(t).map(|v| v.0)).max() {
                    max_q(&mut c.summary, i, q);
                }
            }
            lengths.insert(step, index.identifier_count(&e).max(1) as i64);
            plan.entries.insert(step, (e.token_estimate(), e.summary().to_string()));
        }
        let avg = if lengths.is_empty() { 1 } else { (lengths.values().sum::<i64>() / lengths.len() as i64).max(1) };
        for (&step, c) in plan.cands.iter_mut() {
            let len = lengths.get(&step).copied().unwrap_or(avg);
            // (k1 + 1) / (1 + k1 (1 - b + b len/avg)) with k1 = 1.2, b = 0.75: 22 avg / (13 avg + 9 len).
            c.norm = 256 * 22 * avg / (13 * avg + 9 * len);
        }
        let weights = plan.weights.clone();
        let all: Vec<bool> = vec![true; weights.len()];
        for c in plan.cands.values_mut() {
            c.bag_total = bag_score(c, &weights, &all);
        }
        // The newest step of each candidate's source (same summary), wherever it is in the store.
        let wanted: BTreeSet<&str> = plan.entries.values().map(|e| source(&e.1)).collect();
        let mut newest: BTreeMap<String, i64> = BTreeMap::new();
        for e in index.entries() {
            if wanted.contains(source(e.summary())) {
                let best = newest.entry(source(e.summary()).to_string()).or_insert(e.step_id);
                *best = (*best).max(e.step_id);
            }
        }
        let mut newer: BTreeMap<i64, i64> = BTreeMap::new();
        for (&step, e) in &plan.entries {
            if let Some(&n) = newest.get(source(&e.1)) {
                if n > step {
                    newer.insert(step, n);
                }
            }
        }
        for &n in newer.values() {
            if let Some(e) = index.by_step(n) {
                plan.entries.entry(n).or_insert_with(|| (e.token_estimate(), e.summary().to_string()));
            }
        }
        plan.newest_of_source = newer;
        // The pool: the best by bag score, and the newest fairly good ones.
        let mut order: Vec<(i64, i64)> = plan.cands.values().map(|c| (c.bag_total, c.step)).collect();
        sort_desc(&mut order);
        let mut pool: BTreeSet<i64> = order.iter().take(POOL).map(|o| o.1).collect();
        for &step in plan.cands.keys().rev() {
            if pool.len() >= POOL + POOL_NEWEST {
                break;
            }
            pool.insert(step);
        }
        plan.pool = pool.into_iter().collect();
        plan
    }

    /// The steps ranked (ascending).
    pub fn pool(&self) -> &[i64] {
        &self.pool
    }

    /// Steps whose contents [`Plan::finish`] reads (ascending): the pool's, and (`ranked-v2`) the steps just after a
    /// likely failure.
    pub fn to_read(&self) -> Vec<i64> {
        let mut out = self.pool.clone();
        out.extend(&self.follow_ups);
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The selection, given the contents of the pool (a step whose content could not be read is scored on its
    /// terms alone).
    pub fn finish(
        mut self,
        contents: &BTreeMap<i64, String>,
        budget_limit: i64,
        max_per_call: i64,
        in_context: &[i64],
        listed: scan::CandidateMode,
    ) -> ScanResult {
        let names: Vec<String> = self.query.slots.iter().map(|s| s.name.clone()).collect();
        let mut query_terms = names.clone();
        query_terms.sort();
        query_terms.dedup();
        let mut result = scan::start(self.index_empty, &self.prompt, &query_terms, budget_limit, max_per_call);
        result.candidates_listed = !matches!(listed, scan::CandidateMode::None);
        if self.index_empty || self.cands.is_empty() {
            return result;
        }
        #[cfg(ranked_v2)]
        if self.matcher.is_some() {
            self.verdict_words();
            self.word_slots(contents);
        }
        let pool: Vec<i64> = self.pool.clone();
        let shapes: Vec<(usize, Shape)> = self.query.slots.iter().enumerate().filter_map(|(i, s)| s.shape.map(|sh| (i, sh))).collect();
        // `ranked-v2`: a command that performs a concept (`vercel rollback`, `kubectl scale`) names it in its summary.
        #[cfg(ranked_v2)]
        let summary_shapes: Vec<(usize, Shape)> = if self.v2_rules { shapes.iter().copied().filter(|(_, sh)| is_concept(*sh)).collect() } else { Vec::new() };
        // `ranked-v2`: per pool step, its lines' slots ([`line_slots`] with [`VALUE`]), computed once.
        #[cfg(ranked_v2)]
        let mut per_line_of: BTreeMap<i64, Vec<Vec<(usize, u32)>>> = BTreeMap::new();
        for &step in &pool {
            // (`ranked-v2`: the summary without the ` (failed)` the fold adds: a verdict, not what the step is about.)
            #[allow(unused_mut)]
            let mut said = self.entries.get(&step).map(|e| line_sets_of!(&short_paths(said_of(self.v2_rules, &e.1)), &self.term_slots, &[], 0)).unwrap_or_default();
            // (`ranked-v2`, `recall10`: a question for a verdict, "do the tests pass?", is not answered by a command's
            // words of one (`--output-on-failure`, `--passWithNoTests`): they say what it does, not how it went. Nor is
            // a question for a share, "how full is it?", by a command's word (`--leak-check=full`).)
            if V2 && self.v2_rules {
                let slots = &self.query.slots;
                for set in &mut said {
                    set.retain(|(i, _)| !query::asks_verdict(&slots[*i]) && !asks_share(&slots[*i]));
                }
            }
            #[cfg(ranked_v2)]
            if !summary_shapes.is_empty() {
                // A concept is said by its markers only, not by the question's word in a command (`--replicas=4`
                // is no more about the replicas than the `kubectl get deploy` table after it).
                for set in &mut said {
                    set.retain(|(i, _)| !summary_shapes.iter().any(|(c, _)| c == i));
                }
                let empty = BTreeMap::new();
                said.extend(self.entries.get(&step).map(|e| line_sets_of!(&short_paths(said_of(self.v2_rules, &e.1)), &empty, &summary_shapes, 0)).unwrap_or_default());
            }
            // (`ranked-v2`, `recall20`: a command that prints a tool's version, `pnpm -v`, `go version`, hints
            // "version": what it prints answers "which pnpm version are we on?". At a word's half quality: a hint,
            // since a newer install's summary may be cut before its `php -v` (measured at 16: one wrong answer).)
            #[cfg(ranked_v2)]
            if self.v2_rules && self.entries.get(&step).is_some_and(|e| prints_version(source(&e.1))) {
                for (i, _) in shapes.iter().filter(|(_, sh)| *sh == Shape::Version) {
                    said.push(vec![(*i, 8)]);
                }
            }
            #[cfg(not(ranked_v2))]
            let lines = contents.get(&step).map(|text| line_sets(text, &self.term_slots, &shapes));
            // (`ranked-v2`: each line's slots are kept, for the lines shown after the selection.)
            #[cfg(ranked_v2)]
            let lines = contents.get(&step).map(|text| {
                let flag = if self.v2_rules { VALUE } else { 0 };
                let per_line = line_slots(text, &self.term_slots, &shapes, flag);
                let sets = sets_of_lines(text, &per_line, flag);
                if self.v2_rules {
                    per_line_of.insert(step, per_line);
                }
                sets
            });
            // A search's summary names its pattern, which every line of its output holds by construction: it says
            // what the lines contain, not that they answer, so it counts half.
            let search = self.entries.get(&step).is_some_and(|e| is_search(&e.1));
            if let Some(c) = self.cands.get_mut(&step) {
                #[cfg(ranked_v2)]
                let mut pattern: Vec<usize> = Vec::new();
                for set in said {
                    for (i, q) in set {
                        #[cfg(ranked_v2)]
                        if search && self.v2_rules {
                            pattern.push(i);
                            continue;
                        }
                        max_q(&mut c.said, i, if search { q / 2 } else { q });
                    }
                }
                #[allow(unused_mut)]
                if let Some(mut lines) = lines {
                    #[cfg(ranked_v2)]
                    if !pattern.is_empty() {
                        // `ranked-v2`: a search's pattern is on every line of its output because it was searched for:
                        // neither its summary nor its lines say more about it than where the word is written.
                        for set in &mut lines {
                            set.retain(|(i, _)| !pattern.contains(i));
                        }
                        lines.retain(|set| !set.is_empty());
                    }
                    // (`ranked-v2`: a word the summary says is what the command is; its output's `Plan: 2 to add`
                    // is a heading of that command, not the value of something asked.)
                    #[cfg(ranked_v2)]
                    if LABELS && self.v2_rules {
                        let slots = &self.query.slots;
                        for set in &mut lines {
                            for (i, q) in set.iter_mut() {
                                if *q >= VALUE && slots[*i].shape.is_none() && c.said.contains_key(i) {
                                    *q -= VALUE;
                                }
                            }
                        }
                    }
                    c.lines = lines;
                }
            }
        }
        #[cfg(ranked_v2)]
        self.read_verdicts(contents);
        #[cfg(ranked_v2)]
        if self.v2_rules {
            // A slot no term carries, answered by a value's shape only (`389.77 kB` for "size"), weighs by the read steps
            // whose lines show it, as a word by the steps that carry it: a size on every build log is no rare word.
            // Any slot with a shape: a line that shows such a value weighs as rare as that value is among them.
            let entries = self.max_weight - 256;
            self.value_weights = vec![0; self.weights.len()];
            for i in 0..self.weights.len() {
                if self.query.slots[i].shape.is_some() || LABELS {
                    let df = pool.iter().filter(|s| self.cands.get(s).is_some_and(|c| c.lines.iter().any(|l| l.iter().any(|&(x, q)| x == i && q >= VALUE)))).count() as u64;
                    if df > 0 {
                        let mut w = (entries - log2_fp(df) + 256).max(32);
                        // A concept's marker weighs no more than its output words' rarity in the store: the steps read
                        // are drawn by the prompt's words, and a marker on every step of the store is no rare value.
                        if let Some(&cdf) = self.concept_df.get(i).filter(|&&d| d > 0) {
                            w = w.min((entries - log2_fp(cdf) + 256).max(32));
                        }
                        self.value_weights[i] = w;
                        if !self.present[i] {
                            self.weights[i] = w;
                        }
                    }
                }
            }
        }
        // (`ranked-v2`, `recall10`: for a question about a fix, the edit that followed each read step that names its file.)
        #[cfg(ranked_v2)]
        if self.v2_rules && self.query.slots.iter().any(|s| s.shape.is_some_and(is_event)) {
            let edits: Vec<(i64, &str)> = self.entries.iter().filter_map(|(&st, e)| edited_file(&e.1).map(|f| (st, f))).collect();
            let mut fix_after = BTreeMap::new();
            for &step in &pool {
                let Some(e) = self.entries.get(&step) else { continue };
                if edited_file(&e.1).is_some() {
                    continue;
                }
                let text = contents.get(&step).map(String::as_str).unwrap_or("");
                if let Some(&(fix, _)) = edits.iter().find(|&&(st, f)| st > step && st <= step + FIX_AFTER && (e.1.contains(f) || text.contains(f))) {
                    fix_after.insert(step, fix);
                }
            }
            #[cfg(not(target_arch = "wasm32"))]
            if std::env::var_os("CF_RANK_DEBUG").is_some() {
                eprintln!("  fix_after {fix_after:?} edits {edits:?}");
            }
            self.fix_after = fix_after;
        }
        let weights = self.weights.clone();
        #[cfg(ranked_v2)]
        let values = self.value_weights.clone();
        let n = weights.len();
        // A slot is there to answer when some step carries it, or (a value asked for by its shape) some line shows it.
        let residual: Vec<bool> = (0..n)
            .map(|i| self.present[i] || self.cands.values().any(|c| c.lines.iter().any(|l| l.iter().any(|(s, _)| *s == i))))
            .collect();
        let gain = |c: &Cand, residual: &[bool]| -> (i64, i64, usize) {
            let (line, count) = line_score_of!(c, &weights, &values, residual);
            let said: i64 = c.said.iter().filter(|(i, _)| residual[**i]).map(|(&i, &q)| weights[i] * i64::from(q) / 16).sum();
            (2 * line + SAID * said + bag_score(c, &weights, residual), line, count)
        };
        if matches!(listed, scan::CandidateMode::All | scan::CandidateMode::Top(_)) {
            let mut shown: Vec<(i64, i64)> = pool.iter().map(|s| (gain(&self.cands[s], &residual).0, *s)).collect();
            sort_desc(&mut shown);
            if let scan::CandidateMode::Top(k) = listed {
                shown.truncate(k);
            }
            result.candidates_total = pool.len() as i64;
            result.candidates = shown
                .iter()
                .map(|(_, s)| ScanCandidate {
                    step_id: *s,
                    matched: slot_names(&names, self.cands[s].bag.keys().copied()),
                    summary: self.entries.get(s).map(|e| e.1.clone()).unwrap_or_default(),
                })
                .collect();
        }
        // Each clause of the prompt ("which port…, and which version…") is its own intent: covered on its own, so
        // that a step picked for one never takes the words of another.
        let matched: Vec<bool> = residual.clone();
        let mut clauses: Vec<u32> = Vec::new();
        for s in &self.query.slots {
            if s.clauses != u32::MAX {
                for b in 0..32 {
                    if s.clauses & (1 << b) != 0 && !clauses.contains(&b) {
                        clauses.push(b);
                    }
                }
            }
        }
        clauses.sort_unstable();
        #[cfg(not(target_arch = "wasm32"))]
        if std::env::var_os("CF_RANK_DEBUG").is_some() {
            eprintln!("  slots {:?}", self.query.slots.iter().map(|s| (s.name.as_str(), s.clauses, s.shape)).collect::<Vec<_>>());
        }
        let mut picks: Vec<(i64, Vec<String>)> = Vec::new();
        let mut taken: BTreeSet<i64> = BTreeSet::new();
        let mut answered_all = vec![false; n];
        // Each run: the clause's slots (all of them weigh in the "needs nothing" test, found or not), and the ones
        // the store has.
        let runs: Vec<Vec<bool>> = if clauses.len() <= 1 {
            vec![vec![true; n]]
        } else {
            clauses.iter().map(|&b| (0..n).map(|i| self.query.slots[i].clauses & (1 << b) != 0).collect()).collect()
        };
        #[cfg(ranked_v2)]
        let mut per_clause: Vec<std::ops::Range<usize>> = Vec::new();
        // (`ranked-v2`: per clause, the slots it asked and its first pick's gain, for its near ties.)
        #[cfg(ranked_v2)]
        let mut asked_of_clause: Vec<(Vec<bool>, i64)> = Vec::new();
        // (`ranked-v2`: each clause's own intent, when its words say one; the prompt's otherwise.)
        #[cfg(ranked_v2)]
        let prompt_intent = (self.query.intent, self.query.past);
        #[cfg(ranked_v2)]
        let run_intents: Vec<(Intent, bool)> = {
            self.sources_first = self.query.intent == Intent::First;
            if clauses.len() <= 1 {
                vec![prompt_intent]
            } else {
                clauses.iter().map(|b| self.query.clause_intents.iter().find(|c| c.0 == *b).map_or(prompt_intent, |c| (c.1, c.2))).collect()
            }
        };
        // (`ranked-v2`, `recall17`: a question about a moment ("before we added the index"): the step of that moment,
        // and the steps on the asked side of it.)
        #[cfg(ranked_v2)]
        let anchor: Option<(u32, i64, bool)> = if self.v2_rules && clauses.len() > 1 { self.anchor_step(&pool, &weights, &matched) } else { None };
        for (_k, in_clause) in runs.into_iter().enumerate() {
            #[cfg(ranked_v2)]
            {
                (self.query.intent, self.query.past) = run_intents[_k];
            }
            let clause_weight: i64 = (0..n).filter(|&i| in_clause[i]).map(|i| weights[i]).sum();
            let mut residual: Vec<bool> = (0..n).map(|i| in_clause[i] && matched[i]).collect();
            #[cfg(ranked_v2)]
            let asked = residual.clone();
            let before = picks.len();
            // (The anchor's clause is answered by the moment it names, never picked for; the others are answered on
            // its side: the newest step before it, the first after it, when one there answers.)
            #[cfg(ranked_v2)]
            if let Some((anchor_clause, moment, after)) = anchor {
                if clauses[_k] == anchor_clause {
                    for (i, &c) in in_clause.iter().enumerate() {
                        if c && matched[i] {
                            answered_all[i] = true;
                        }
                    }
                    per_clause.push(before..before);
                    asked_of_clause.push((vec![false; n], 0));
                    continue;
                }
                let side: Vec<i64> = pool.iter().copied().filter(|&s| if after { s > moment } else { s < moment }).collect();
                (self.query.intent, self.query.past) = (if after { Intent::First } else { Intent::State }, false);
                let mut on_side = residual.clone();
                let mut side_taken = taken.clone();
                let mut side_picks: Vec<(i64, Vec<String>)> = Vec::new();
                let first_gain = self.cover(&side, &weights, &names, &mut on_side, clause_weight, &mut side_taken, &mut side_picks);
                // (A newer run of a source, or the oldest, may be on the other side: not an answer about the moment.)
                side_picks.retain(|p| if after { p.0 > moment } else { p.0 < moment });
                if !side_picks.is_empty() {
                    taken.extend(side_picks.iter().map(|p| p.0));
                    picks.extend(side_picks);
                    for (i, r) in on_side.iter().enumerate() {
                        if !r && matched[i] {
                            answered_all[i] = true;
                        }
                    }
                    per_clause.push(before..picks.len());
                    asked_of_clause.push((vec![false; n], first_gain));
                    continue;
                }
                (self.query.intent, self.query.past) = run_intents[_k];
            }
            // (`ranked-v2`, `recall18`: a clause that an earlier clause's picks answer as well as any step does ("which
            // port is postgres on now, and why did we move it?": the commit that moved it says why) takes nothing more:
            // the next best step is an answer to another question.)
            #[cfg(ranked_v2)]
            if self.v2_rules && !taken.is_empty() && self.answered_by(&taken, &pool, &weights, &names, &residual, clause_weight) {
                for (i, &r) in residual.iter().enumerate() {
                    if r {
                        answered_all[i] = true;
                    }
                }
                per_clause.push(before..before);
                asked_of_clause.push((vec![false; n], 0));
                continue;
            }
            let _first_gain = self.cover(&pool, &weights, &names, &mut residual, clause_weight, &mut taken, &mut picks);
            #[cfg(ranked_v2)]
            per_clause.push(before..picks.len());
            #[cfg(ranked_v2)]
            asked_of_clause.push((asked, _first_gain));
            if picks.len() > before {
                for (i, r) in residual.iter().enumerate() {
                    if !r && matched[i] {
                        answered_all[i] = true;
                    }
                }
            }
        }
        // (`ranked-v2`: each clause's near ties, computed before the picks are reordered.)
        #[cfg(ranked_v2)]
        let near: Vec<(i64, Vec<String>)> = if self.v2_rules && NEAR_TIES > 0 {
            let mut lists: Vec<Vec<(i64, Vec<String>)>> = Vec::new();
            for ((range, (asked, first_gain)), &(intent, past)) in per_clause.iter().zip(&asked_of_clause).zip(&run_intents) {
                (self.query.intent, self.query.past) = (intent, past);
                lists.push(self.near_ties(&pool, &weights, &names, asked, *first_gain, &picks[range.clone()], &taken));
            }
            let mut near: Vec<(i64, Vec<String>)> = Vec::new();
            let longest = lists.iter().map(Vec::len).max().unwrap_or(0);
            for k in 0..longest {
                for list in &lists {
                    if let Some(p) = list.get(k).filter(|p| !near.iter().any(|q| q.0 == p.0)) {
                        near.push(p.clone());
                    }
                }
            }
            near.truncate(NEAR_TIES);
            near
        } else {
            Vec::new()
        };
        #[cfg(ranked_v2)]
        if self.v2_rules && per_clause.len() > 1 {
            // `ranked-v2`: one answer per clause before any clause's second pick (the budget admits picks in order).
            let mut order: Vec<(i64, Vec<String>)> = Vec::with_capacity(picks.len());
            let mut slots: Vec<std::vec::IntoIter<(i64, Vec<String>)>> = per_clause.iter().map(|r| picks[r.clone()].to_vec().into_iter()).collect();
            while order.len() < picks.len() {
                for it in &mut slots {
                    if let Some(p) = it.next() {
                        order.push(p);
                    }
                }
            }
            picks = order;
        }
        #[cfg(ranked_v2)]
        {
            (self.query.intent, self.query.past) = prompt_intent;
        }
        let residual: Vec<bool> = (0..n).map(|i| matched[i] && !answered_all[i]).collect();
        #[cfg(not(target_arch = "wasm32"))]
        if std::env::var_os("CF_RANK_DEBUG").is_some() {
            eprintln!("  picks {:?}", picks.iter().map(|p| p.0).collect::<Vec<_>>());
        }
        let entries = &self.entries;
        scan::admit(&mut result, picks, in_context, |step| entries.get(&step).cloned());
        #[cfg(ranked_v2)]
        admit_near_ties(&mut result, near, in_context, |step| entries.get(&step).cloned());
        // (`ranked-v2`: the steps ranked after the selection, as their best lines. A question about the past gets them
        // also when nothing answered well enough to be hydrated whole; a question about the present only beside a
        // selection, and never an older run of a command whose newest run is not shown ([`excerpt`]).)
        #[cfg(ranked_v2)]
        let about_present = run_intents.iter().any(|r| r.0 == Intent::State);
        #[cfg(ranked_v2)]
        let selected_any = !(result.selected.is_empty() && result.in_context.is_empty() && result.budget_dropped.is_empty());
        #[cfg(ranked_v2)]
        if self.v2_rules && (!about_present || selected_any) {
            // (A step dropped for the budget is not shown: its lines may be, and it does not stand beside an older run.)
            let shown: BTreeSet<i64> = result.selected.iter().chain(&result.in_context).map(|s| s.step_id).collect();
            let worth = |set: &[(usize, u32)]| -> i64 {
                set.iter()
                    .filter(|(i, _)| matched[*i])
                    .map(|&(i, q)| if q >= VALUE { weights[i].max(values[i]) * i64::from(q - VALUE) / 16 } else { weights[i] * i64::from(q) / 16 })
                    .sum()
            };
            // (First, for a question about a fix, the edit that followed each pick that names the file it changed, as
            // the first pick gets it whole: the fix, whatever its words, shown by the head of the edit.)
            let mut fixes: Vec<i64> = Vec::new();
            for s in &result.selected {
                if let Some(&fix) = self.fix_after.get(&s.step_id).filter(|f| !shown.contains(f) && !fixes.contains(f)) {
                    fixes.push(fix);
                }
            }
            let edit_head = |fix: i64| scan::ScanRelated { step_id: fix, summary: entries.get(&fix).map(|e| e.1.clone()).unwrap_or_default(), lines: (0..excerpt::EDIT_HEAD_LINES).collect() };
            for &fix in &fixes {
                result.related.push(edit_head(fix));
            }
            // (A question why a release was rolled back: a rollback prints what is live again, not why; the step just
            // before it that shows a failure (a crash log, a failing probe) does: its failure lines.)
            if asks_why(&self.query) {
                for s in &result.selected {
                    if !excerpt::rolls_back(&s.summary) {
                        continue;
                    }
                    let cause = (s.step_id - excerpt::CAUSE_BEFORE..s.step_id)
                        .rev()
                        .filter(|c| !shown.contains(c) && !fixes.contains(c))
                        .find_map(|c| contents.get(&c).map(|t| (c, excerpt::trouble_lines(t))).filter(|(_, l)| !l.is_empty()));
                    if let Some((step_id, lines)) = cause {
                        fixes.push(step_id);
                        result.related.push(scan::ScanRelated { step_id, summary: entries.get(&step_id).map(|e| e.1.clone()).unwrap_or_default(), lines });
                    }
                }
                // (A failure points at where it came from: a Sentry culprit or a stack frame `price.service.ts:58`, a
                // crash's address. The step just after it that reads that file shows that line; one that resolves the
                // address (`addr2line … 0x08004a1c`) shows the places it printed.)
                for s in &result.selected {
                    let Some(text) = contents.get(&s.step_id) else { continue };
                    let places = excerpt::pointed_places(text);
                    let addresses = excerpt::pointed_addresses(text);
                    if places.is_empty() && addresses.is_empty() {
                        continue;
                    }
                    let origin = (s.step_id + 1..=s.step_id + excerpt::ORIGIN_AFTER).filter(|c| !shown.contains(c) && !fixes.contains(c)).find_map(|c| {
                        let (summary, body) = (&entries.get(&c)?.1, contents.get(&c)?);
                        let read = summary.strip_prefix("Read: ").map(source);
                        let lines = match read {
                            Some(path) => places.iter().filter(|(p, _)| excerpt::same_file(path, p)).map(|&(_, line)| excerpt::numbered_line(body, line)).find(|l| !l.is_empty())?,
                            None if addresses.iter().any(|a| summary.contains(a)) => excerpt::place_lines(body),
                            None => return None,
                        };
                        (!lines.is_empty()).then_some((c, lines))
                    });
                    if let Some((step_id, lines)) = origin {
                        fixes.push(step_id);
                        result.related.push(scan::ScanRelated { step_id, summary: entries.get(&step_id).map(|e| e.1.clone()).unwrap_or_default(), lines });
                    }
                }
            }
            // (Every step of the pool in rank order, as the candidates are listed.)
            let mut ranked: Vec<(i64, i64)> = pool.iter().map(|s| (gain(&self.cands[s], &matched).0, *s)).collect();
            sort_desc(&mut ranked);
            let (first_most, newest_first) = if about_present { (excerpt::STATE_RELATED_STEPS, !self.sources_first) } else { (excerpt::RELATED_STEPS, false) };
            let several = clauses.len() > 1;
            let asks_outcome = RUN_OUTCOME_LINE && self.query.slots.iter().any(query::asks_outcome);
            let cause_lines = if !about_present && asks_failure(&self.query) { RECALL44_CAUSE_LINES } else { 0 };
            let most = if several { first_most + MORE_RELATED_FOR_CLAUSES } else { first_most };
            // (`recall34`: a pick the budget left out is not one of them: it is shown as its lines after them, and the
            // place it took here was left empty.)
            let dropped: BTreeSet<i64> = result.budget_dropped.iter().map(|s| s.step_id).filter(|_| READS_OF_PARTS).collect();
            for step in ranked.into_iter().map(|(_, s)| s).filter(|s| !shown.contains(s) && !fixes.contains(s) && !dropped.contains(s)) {
                if result.related.len() >= most {
                    break;
                }
                let summary = entries.get(&step).map_or("", |e| e.1.as_str());
                // (The newest run of its command is the state now: an older run's lines are shown only beside it.
                // `recall34`: not so for a read of a file whose newer reads and edits show nothing of the question: a
                // read is often of a part of a file, and a newer read of other lines is no newer state of these.)
                let newer_state = || {
                    let Some(path) = summary.strip_prefix("Read: ").filter(|_| READS_OF_PARTS) else { return true };
                    let Some(text) = contents.get(&step) else { return true };
                    let best = |s: i64, t: &str| slots_of(&per_line_of, s, t, &self.term_slots, &shapes).iter().map(|set| worth(set)).max().unwrap_or(0);
                    let own = best(step, text);
                    let of_file = |later: &str| ["Read: "].iter().chain(&EDIT_TOOLS).any(|tool| later.strip_prefix(tool).is_some_and(|p| source(p) == source(path)));
                    // (A later step of the file not read here shows the question's words if it is a candidate.)
                    entries.range(step + 1..).filter(|(_, e)| of_file(&e.1)).any(|(later, _)| contents.get(later).map_or(self.cands.contains_key(later), |t| 2 * best(*later, t) >= own))
                };
                if newest_first && self.newest_of_source.get(&step).is_some_and(|newer| !shown.contains(newer)) && newer_state() {
                    continue;
                }
                // (`recall27`: a command's runs ranked one after another leave no place for another clause's steps.)
                if several && verdict::is_run(summary) && result.related.iter().filter(|r| source(&r.summary) == source(summary)).count() >= RUNS_OF_A_COMMAND {
                    continue;
                }
                let Some(text) = contents.get(&step) else { continue };
                let mut lines = excerpt::best_lines(&slots_of(&per_line_of, step, text, &self.term_slots, &shapes), worth);
                // (`recall23`: and the lines its command filtered for.)
                if !lines.is_empty() {
                    lines = excerpt::with_lines(lines, excerpt::filtered_lines(summary, text));
                    // (`recall24`: and the rest of a sentence a shown line breaks off.)
                    lines = excerpt::sentence_ends(text, &lines);
                    // (`recall56`: and the rest of a table or block a shown line is part of.)
                    #[cfg(ranked_v2)]
                    if excerpt::RECALL56_BLOCKS {
                        lines = excerpt::block_ends(text, &lines);
                    }
                    // (`recall33`: and for a question about how a run came out, the run's last tally or status row:
                    // a runner prints its outcome last, below the lines that carry the question's words.)
                    if asks_outcome && verdict::is_run(summary) {
                        lines = excerpt::with_verdict_line(text, lines);
                    }
                    // (`recall44`: and for a question about a failure, its first and last failure lines.)
                    if cause_lines > 0 {
                        lines = excerpt::with_lines(lines, excerpt::first_and_last_failure_lines(text, cause_lines));
                    }
                }
                if !lines.is_empty() {
                    result.related.push(scan::ScanRelated { step_id: step, summary: summary.to_string(), lines });
                }
            }
            // (`recall32`: for a question about a fix, the steps ranked next that show the trouble are followed by the
            // edit that came next of the file they name, as a pick is: the fix, whatever its words.)
            if !self.fix_after.is_empty() {
                let firsts: Vec<i64> = result.related[fixes.len()..].iter().take(FIX_OF_RELATED).map(|r| r.step_id).collect();
                for step in firsts {
                    let Some(&fix) = self.fix_after.get(&step) else { continue };
                    if shown.contains(&fix) || fixes.contains(&fix) || result.related.iter().any(|r| r.step_id == fix) {
                        continue;
                    }
                    let after = result.related.iter().position(|r| r.step_id == step).map_or(result.related.len(), |at| at + 1);
                    fixes.push(fix);
                    result.related.insert(after, edit_head(fix));
                }
            }
            // (Newest first: whatever prefix of them the budget keeps, no older state is shown while a newer one is left out.
            // `recall27`: the steps a prompt of several clauses gets beyond a question's come after them, newest first
            // among themselves: before them, a newer step ranked lower took the room of the best ones' lines.)
            if newest_first {
                let first = first_most.clamp(fixes.len(), result.related.len());
                result.related[fixes.len()..first].sort_unstable_by_key(|r| std::cmp::Reverse(r.step_id));
                result.related[first..].sort_unstable_by_key(|r| std::cmp::Reverse(r.step_id));
            }
            // (`recall19`: the picks after the first [`excerpt::WHOLE_PICKS`], and those the budget left out, are shown
            // as their best lines, before the steps ranked next: a third whole step costs what the lines of eight
            // do. Only where those lines show every word it was picked for (a pick made by its summary stays whole;
            // since `recall27` and `recall28`, a later one comes as its head or its last lines), and a failure's with
            // its last error lines.)
            let dropped = std::mem::take(&mut result.budget_dropped);
            let (mut whole, mut lines_of) = (Vec::new(), Vec::new());
            // (A pick's lines, at most `most` best ones with a failure's last error lines ([`excerpt::pick_lines`]);
            // `recall26`, and `recall28` for the large first picks: where they do not show every word it was picked
            // for, its best lines all the same, when one shows a word of the question: a step hydrated whole took the
            // hook's room from the lines that answer another clause or the steps ranked next.)
            let as_lines = |pick: &scan::ScanSelection, text: &str, most: usize| {
                let per_line = slots_of(&per_line_of, pick.step_id, text, &self.term_slots, &shapes);
                excerpt::pick_lines(text, &per_line, worth, &pick.matched, &names, pick.summary.ends_with(FAILED), most)
                    .or_else(|| Some(excerpt::best_lines_up_to(&per_line, worth, most)).filter(|l| LATER_PICKS_AS_LINES && !l.is_empty()))
                    .map(|lines| if asks_outcome && verdict::is_run(&pick.summary) { excerpt::with_verdict_line(text, lines) } else { lines })
                    .map(|lines| if cause_lines > 0 { excerpt::with_lines(lines, excerpt::first_and_last_failure_lines(text, cause_lines)) } else { lines })
            };
            for (k, pick) in result.selected.iter().chain(&dropped).enumerate() {
                let lines = if k < excerpt::WHOLE_PICKS {
                    // (`recall27`: a large one, in a prompt of several clauses about the past, as its lines; `recall28`:
                    // and the second of a question of one clause about the past.)
                    let large = (several || k == 1) && !about_present && pick.cost * LARGE_PICK_SHARE > budget_limit;
                    contents.get(&pick.step_id).filter(|_| large).and_then(|text| as_lines(pick, text, excerpt::LARGE_PICK_LINES))
                } else {
                    contents.get(&pick.step_id).and_then(|text| as_lines(pick, text, excerpt::LINES_PER_STEP))
                    // (`recall27`: and where no line of it shows a word of the question, a read's or an edit's head: a
                    // newer read of another part of the file, an edit made after a failure, hydrated whole, took the room
                    // of the lines that answer.)
                    .or_else(|| excerpt::file_head(&pick.summary))
                    // (`recall28`: and any other step's (a command's output), its last lines: a near tie picked by its
                    // summary alone (`php artisan serve` for "php sürümü"), hydrated whole, took the hook's room from the
                    // lines that answer.)
                    .or_else(|| contents.get(&pick.step_id).and_then(|text| excerpt::command_tail(text)))
                };
                match lines {
                    Some(lines) => lines_of.push(scan::ScanRelated { step_id: pick.step_id, summary: pick.summary.clone(), lines }),
                    None if k < result.selected.len() => whole.push(pick.clone()),
                    None => result.budget_dropped.push(pick.clone()),
                }
            }
            // (Each step once: a pick left out for the budget may be among the steps ranked next already.)
            result.related.retain(|r| !lines_of.iter().any(|l| l.step_id == r.step_id));
            result.related.splice(0..0, lines_of);
            // (`recall20`: for a question about the present, an older run of a command is not shown beside a newer
            // run's lines: a pick's lines come first, and the budget may keep them and leave out the newer run after
            // them, an older state shown alone. Not an older read of a file: a newer read may be of other lines.)
            if newest_first {
                drop_older_runs(&mut result.related);
            }
            // (`recall35`: for a question about the present, each step shown as lines also shows its line of a key
            // (`BillingMode`, `max_connections`) that a line answering in an older step shown gives: the newer value of
            // the same setting, whatever its words.)
            if about_present && SAME_KEY_LINES > 0 {
                let answering_keys = |step: i64, lines: Option<&[u32]>| -> Vec<(i64, String)> {
                    let Some(text) = contents.get(&step) else { return Vec::new() };
                    let per_line = slots_of(&per_line_of, step, text, &self.term_slots, &shapes);
                    let lines = lines.map_or_else(|| excerpt::best_lines(&per_line, worth), <[u32]>::to_vec);
                    let all: Vec<&str> = text.lines().collect();
                    lines.iter().filter(|&&k| per_line.get(k as usize).is_some_and(|set| worth(set) > 0)).filter_map(|&k| all.get(k as usize).and_then(|l| excerpt::line_key(l))).map(|key| (step, key)).collect()
                };
                let keys: Vec<(i64, String)> = whole.iter().flat_map(|w| answering_keys(w.step_id, None)).chain(result.related.iter().flat_map(|r| answering_keys(r.step_id, Some(&r.lines)))).collect();
                for r in result.related.iter_mut() {
                    let older: Vec<&str> = keys.iter().filter(|(step, _)| *step < r.step_id).map(|(_, key)| key.as_str()).collect();
                    let Some(text) = contents.get(&r.step_id).filter(|_| !older.is_empty()) else { continue };
                    r.lines = excerpt::with_key_lines(text, std::mem::take(&mut r.lines), &older, SAME_KEY_LINES);
                }
            }
            result.consumed_tokens = whole.iter().map(|s| s.cost).sum();
            result.selected = whole;
        }
        let mut left: Vec<String> = (0..n).filter(|&i| residual[i] || !self.present[i]).map(|i| names[i].clone()).collect();
        if result.selected.is_empty() && result.budget_dropped.is_empty() && result.in_context.is_empty() {
            left = names.clone();
        }
        left.sort();
        left.dedup();
        result.residual = left;
        result
    }
}

impl Plan {
    /// Whether a step may be a clause's first pick: enough of the clause on one line (`line`, holding `count` slots),
    /// in words rare enough to mean something; or (`ranked-v2`) a summary that names every word of the clause, two or
    /// more: what the question names, a command or a file ("what does the latest terraform plan say?"), however
    /// common the words.
    #[allow(clippy::too_many_arguments)]
    fn answers_alone(&self, line: i64, count: usize, step: i64, residual: &[bool], weights: &[i64], total_weight: i64, min_line: i64, min_single: i64) -> bool {
        let single_ok = count >= 2 || line >= min_single;
        let named = V2 && self.v2_rules && {
            let said: Vec<usize> = self.cands[&step].said.iter().filter(|&(&i, &q)| residual[i] && q >= 12).map(|(&i, _)| i).collect();
            said.len() >= 2 && said.iter().map(|&i| weights[i]).sum::<i64>() >= total_weight
        };
        named || (line >= min_line && single_ok && line * 4 >= total_weight)
    }

    /// A step's gain for a clause's `residual` slots in the cover, with the score of its best line and how many slots
    /// that line answers.
    fn clause_gain(&self, c: &Cand, weights: &[i64], residual: &[bool]) -> (i64, i64, usize) {
        // (`ranked-v2`: a concept is answered by its markers on a line, not by the question's word in a command's
        // postings: `kubectl scale --replicas=5` carries "replicas", the newer `kubectl get deploy` table does not.)
        let bagged = |i: usize| !(V2 && self.v2_rules && CONCEPT_NOT_BAGGED && self.query.slots[i].shape.is_some_and(is_concept));
        let (line, count) = line_score_of!(c, weights, values_of(self), residual);
        let said: i64 = c.said.iter().filter(|(i, _)| residual[**i]).map(|(&i, &q)| weights[i] * i64::from(q) / 16).sum();
        let in_bag: Vec<bool> = residual.iter().enumerate().map(|(i, &r)| r && bagged(i)).collect();
        (2 * line + SAID * said + bag_score(c, weights, &in_bag), line, count)
    }

    /// `ranked-v2` (`recall18`): whether the steps already `taken` are all that a clause's cover over the whole pool
    /// would pick (they answer it as well as any step does).
    #[cfg(ranked_v2)]
    fn answered_by(&self, taken: &BTreeSet<i64>, pool: &[i64], weights: &[i64], names: &[String], residual: &[bool], total_weight: i64) -> bool {
        let (mut probe, mut probe_taken, mut probe_picks) = (residual.to_vec(), BTreeSet::new(), Vec::new());
        self.cover(pool, weights, names, &mut probe, total_weight, &mut probe_taken, &mut probe_picks);
        !probe_picks.is_empty() && probe_picks.iter().all(|p| taken.contains(&p.0))
    }

    /// The greedy cover of one clause: picks (with the slots each answered) appended to `picks`, steps in `taken`
    /// skipped, `residual` left with what nothing answered. Returns the first pick's gain (0: no pick).
    fn cover(
        &self,
        pool: &[i64],
        weights: &[i64],
        names: &[String],
        residual: &mut [bool],
        total_weight: i64,
        taken: &mut BTreeSet<i64>,
        picks: &mut Vec<(i64, Vec<String>)>,
    ) -> i64 {
        let gain = |c: &Cand, residual: &[bool]| self.clause_gain(c, weights, residual);
        // In a small store no word can be rare: the thresholds are capped by the weight of a word one step carries.
        let rarest = self.max_weight;
        let (min_line, min_single) = (MIN_LINE.min(rarest), MIN_SINGLE.min(rarest));
        let mut first_gain = 0i64;
        let mut own = 0usize;
        let asked: Vec<bool> = residual.to_vec();
        while own < MAX_PICKS && residual.iter().any(|&r| r) {
            let mut scored: Vec<(i64, i64, usize, i64)> = Vec::new(); // (gain, line, line slots, step)
            for &step in pool {
                if taken.contains(&step) {
                    continue;
                }
                let (g, line, count) = gain(&self.cands[&step], residual);
                if g > 0 {
                    scored.push((g, line, count, step));
                }
            }
            // (`ranked-v2`: a question about an event, "how did we fix X?", asks for the event: its first pick is one
            // whose lines show it (a commit) with another word of the clause, when some step does, not the step that
            // tells most about X.)
            #[cfg(ranked_v2)]
            if own == 0 && self.v2_rules {
                let events: Vec<usize> = (0..residual.len()).filter(|&i| residual[i] && self.query.slots[i].shape.is_some_and(is_event)).collect();
                if !events.is_empty() {
                    let other = |c: &Cand, l: &[(usize, u32)]| l.iter().map(|p| p.0).chain(c.said.keys().copied()).any(|x| residual[x] && !events.contains(&x));
                    let tells = |step: i64| {
                        let c = &self.cands[&step];
                        c.lines.iter().any(|l| l.iter().any(|&(x, q)| events.contains(&x) && shown(q)) && other(c, l))
                    };
                    if scored.iter().any(|s| tells(s.3)) {
                        scored.retain(|s| tells(s.3));
                    }
                }
            }
            #[cfg(ranked_v2)]
            if own == 0 && self.v2_rules && STATE_SHOWS_THE_CONCEPT && self.query.intent == Intent::State {
                self.keep_steps_that_show_the_concept(&mut scored, residual);
            }
            // (`ranked-v2`: the first pick is the best step that answers on its own, by a line or by its summary (the
            // test below), when the best by gain does not: "the minimum supported Rust version" is one line of a
            // manifest, however much more a `rustc --version` says about "version".)
            // (`ranked-v2`, `recall15`: a state question for a verdict is answered by a step that shows one.)
            #[cfg(ranked_v2)]
            if own == 0 {
                self.keep_verdicts(&mut scored, residual, |s| self.answers_alone(s.1, s.2, s.3, residual, weights, total_weight, min_line, min_single));
            }
            #[cfg(ranked_v2)]
            if own == 0 && self.v2_rules && FIRST_THAT_ANSWERS {
                let answers = |s: &(i64, i64, usize, i64)| self.answers_alone(s.1, s.2, s.3, residual, weights, total_weight, min_line, min_single);
                if scored.iter().max_by(|a, b| (a.0, a.3).cmp(&(b.0, b.3))).is_some_and(|b| !answers(b)) && scored.iter().any(answers) {
                    scored.retain(answers);
                }
            }
            let Some(&(best, best_line, best_count, best_step)) = scored.iter().max_by(|a, b| (a.0, a.3).cmp(&(b.0, b.3))) else {
                break;
            };
            #[cfg(not(target_arch = "wasm32"))]
            if std::env::var_os("CF_RANK_DEBUG").is_some() {
                let mut v = scored.clone();
                v.sort_by(|a, b| (b.0, b.3).cmp(&(a.0, a.3)));
                eprintln!("  cover own={own} total_weight={total_weight} min_line={min_line} weights={weights:?} intent={:?} shapes={:?}", self.query.intent, self.query.slots.iter().map(|s| s.shape).collect::<Vec<_>>());
                let watch: Option<i64> = std::env::var("CF_RANK_STEP").ok().and_then(|v| v.parse().ok());
                for s in v.iter().enumerate().filter(|(k, s)| *k < 10 || Some(s.3) == watch).map(|(_, s)| s) {
                    let c = &self.cands[&s.3];
                    eprintln!("    step {} gain {} line {} count {} said {:?} bag {:?} {}", s.3, s.0, s.1, s.2, c.said, c.bag, self.entries.get(&s.3).map(|e| e.1.as_str()).unwrap_or(""));
                }
            }
            if own == 0 {
                if !self.answers_alone(best_line, best_count, best_step, residual, weights, total_weight, min_line, min_single) {
                    break;
                }
                first_gain = best;
            } else if best * 16 < first_gain * LATER || best_line < min_line / 2 {
                break;
            }
            // As good as the best: nearly its gain, and a summary that names at least what the best one's names (the
            // same command or file at another time, not another source that happens to share the words).
            // (`ranked-v2`: not a concept's word: `kubectl scale --replicas=4 && kubectl get deploy api` and a later
            // `kubectl get deploy api` show the same thing, the replicas of `api`.)
            let best_said: Vec<usize> = self.cands[&best_step].said.keys().copied().filter(|&i| residual[i] && !(V2 && self.v2_rules && self.query.slots[i].shape.is_some_and(is_concept))).collect();
            // (`ranked-v2`, a history or "first" question: and that shows every concept the best one's lines show: a
            // step without an error line is not as good an answer to "what was the first error" as the failed run,
            // whatever its words. Not a state question: the state now may be that the error is gone.)
            #[cfg(ranked_v2)]
            let shows = |step: i64, i: usize| self.cands[&step].lines.iter().any(|l| l.iter().any(|&(x, q)| x == i && shown(q)));
            #[cfg(ranked_v2)]
            let best_shows: Vec<usize> = if self.v2_rules && self.query.intent != Intent::State {
                (0..residual.len()).filter(|&i| residual[i] && self.query.slots[i].shape.is_some_and(is_concept) && shows(best_step, i)).collect()
            } else {
                Vec::new()
            };
            #[cfg(not(ranked_v2))]
            let (shows, best_shows) = (|_: i64, _: usize| true, [0usize; 0]);
            // (`ranked-v2`, `recall21`, a state question: a newer step whose best line answers better than the best
            // one's, at three quarters of its gain or more, is a newer print of the same thing, whatever the best one's
            // summary says that its own does not: `update-function-configuration --timeout 60` against a later
            // update of the memory whose output shows `"Timeout": 60` next to the function's name.)
            // (`recall59`: at half its gain when the best is a commit: its message names the setting and the value it
            // was given then, and the gain of its summary is no better an answer than a newer print of it.)
            #[cfg(ranked_v2)]
            let best_is_commit = RECALL59_COMMIT_IS_NO_PRINT && self.entries.get(&best_step).is_some_and(|e| is_commit(&e.1));
            #[cfg(not(ranked_v2))]
            let best_is_commit = false;
            let newer_print = |s: &(i64, i64, usize, i64)| {
                let near = if best_is_commit { s.0 * 2 >= best } else { s.0 * 4 >= best * 3 };
                V2 && self.v2_rules && self.query.intent == Intent::State && best_line >= min_line && s.3 > best_step && s.1 > best_line && near
            };
            let said_or_printed = |s: &(i64, i64, usize, i64), i: usize| self.cands[&s.3].said.contains_key(&i) || (newer_print(s) && self.cands[&s.3].lines.iter().any(|l| l.iter().any(|&(x, _)| x == i)));
            let band: Vec<&(i64, i64, usize, i64)> = scored
                .iter()
                .filter(|s| (s.0 * 16 >= best * BAND || newer_print(s)) && best_said.iter().all(|&i| said_or_printed(s, i)) && best_shows.iter().all(|&i| shows(s.3, i)))
                .collect();
            let chosen = match self.query.intent {
                Intent::State => band.iter().map(|s| s.3).max(),
                Intent::First => band.iter().map(|s| s.3).min(),
                Intent::History => band.iter().max_by(|a, b| (a.0, a.3).cmp(&(b.0, b.3))).map(|s| s.3),
            };
            let Some(step) = chosen else { break };
            #[cfg(not(target_arch = "wasm32"))]
            if std::env::var_os("CF_RANK_DEBUG").is_some() {
                eprintln!("    chosen {step} of band {:?}, then {:?}", band.iter().map(|s| s.3).collect::<Vec<_>>(), self.newest_of_source.get(&step));
            }
            let c = &self.cands[&step];
            let answered: Vec<usize> = c.bag.keys().copied().filter(|&i| residual[i]).collect();
            // A state question about a step whose command (or file, or search) was run again later: the newest run
            // is the state now, whether or not it repeats the question's words; it comes first, the step found after.
            // (`ranked-v2`: a "first" question likewise gets the oldest run of that source, which is the first state.)
            // (`ranked-v2`: and a question that is a history question by its past tense alone: the best step may be an
            // older state of what was asked, never shown without the newest.)
            // (The map holds the oldest run of each source for a prompt that asks for the first, the newest otherwise:
            // a clause of another intent than the prompt's takes neither.)
            #[cfg(not(ranked_v2))]
            if self.query.intent == Intent::State {
                if let Some(&newer) = self.newest_of_source.get(&step) {
                    if taken.insert(newer) {
                        picks.push((newer, slot_names(names, answered.iter().copied())));
                    }
                }
            }
            #[cfg(ranked_v2)]
            let same_direction = (self.query.intent == Intent::First) == self.sources_first;
            #[cfg(ranked_v2)]
            let mut newer_first: Vec<i64> = Vec::new();
            #[cfg(ranked_v2)]
            if same_direction && (self.query.intent == Intent::State || first_takes_oldest(self) || (self.v2_rules && self.query.past)) {
                newer_first.extend(self.newest_of_source.get(&step));
            }
            // (`ranked-v2`: a question in the past tense may ask about something done again since under another name,
            // the same command with another argument (`docker push api:1.4.0`, later `docker push api:1.5.2`): the
            // newest step after the best whose summary names at least what the best one's names, and that answers as
            // well as a near tie, comes first too, so the best is never shown without what was done last.)
            #[cfg(ranked_v2)]
            if self.v2_rules && self.query.past && PAST_NEWEST_KIND && !best_said.is_empty() {
                let later = scored
                    .iter()
                    .filter(|s| s.3 > step && !taken.contains(&s.3) && s.0 * 16 >= best * NEAR && best_said.iter().all(|i| self.cands[&s.3].said.contains_key(i)))
                    // (`recall26`: the same program: `tail …/error.log` is not done again by a later `awk …/access.log`.)
                    .filter(|s| !SAME_PROGRAM || self.entries.get(&s.3).zip(self.entries.get(&step)).is_none_or(|(a, b)| program(&a.1) == program(&b.1)))
                    .map(|s| s.3)
                    .max();
                if let Some(later) = later {
                    let newest = self.newest_of_source.get(&later).copied().filter(|_| same_direction).unwrap_or(later);
                    if !newer_first.iter().any(|&n| n >= newest) {
                        newer_first.push(newest);
                    }
                }
            }
            #[cfg(ranked_v2)]
            newer_first.extend(self.verdict_followup(step, residual));
            // (`ranked-v2`, `recall62`: a chain of commands, `argocd app sync X && argocd app get X`, run again later in
            // part: its last command alone is the newer print of what it printed.)
            #[cfg(ranked_v2)]
            if RECALL62_LAST_OF_A_CHAIN && self.v2_rules && same_direction && self.query.intent == Intent::State && !self.query.past {
                newer_first.extend(self.newer_last_of_chain(step));
            }
            #[cfg(ranked_v2)]
            let mut silent_newer: Vec<i64> = Vec::new();
            #[cfg(ranked_v2)]
            {
                newer_first.sort_unstable_by(|a, b| b.cmp(a));
                // (A newer run that does not answer the clause on its own, after a step that does, is no newer state
                // of what was asked: it comes after the step.)
                if self.v2_rules && SILENT_NEWER_AFTER {
                    let answers = |s: i64| {
                        self.cands.get(&s).is_some_and(|c| {
                            let (_, line, count) = self.clause_gain(c, weights, residual);
                            self.answers_alone(line, count, s, residual, weights, total_weight, min_line, min_single)
                        })
                    };
                    // (A file read again, not a command run again: a rerun's output is the state now whatever its
                    // words, `ok` for "does the test pass now?", while a read of the same file shows the same lines
                    // unless it is a read of another part of it.)
                    let read_again = |s: i64| self.entries.get(&s).is_some_and(|e| e.1.starts_with("Read: "));
                    if answers(step) {
                        silent_newer = newer_first.iter().copied().filter(|&s| read_again(s) && !answers(s)).collect();
                        newer_first.retain(|s| !silent_newer.contains(s));
                    }
                }
                for newer in newer_first {
                    if taken.insert(newer) {
                        picks.push((newer, slot_names(names, answered.iter().copied())));
                    }
                }
            }
            picks.push((step, slot_names(names, answered.iter().copied())));
            #[cfg(ranked_v2)]
            for newer in silent_newer {
                if taken.insert(newer) {
                    picks.push((newer, slot_names(names, answered.iter().copied())));
                }
            }
            // (`ranked-v2`, `recall10`: a question about a fix whose first answer is the failure, or a step that names the
            // file at fault, gets the edit of that file that came next: the fix, whatever its words.)
            #[cfg(ranked_v2)]
            if own == 0 && self.v2_rules && !self.fix_after.is_empty() {
                if let Some(&fix) = self.fix_after.get(&step) {
                    if taken.insert(fix) {
                        picks.push((fix, slot_names(names, answered.iter().copied())));
                    }
                }
            }
            // Intent ownership: every slot of the clause the step carries is answered by it, picked or dropped, so
            // no older state of the same thing is picked after it.
            for &i in c.bag.keys() {
                residual[i] = false;
            }
            // (`ranked-v2`: and every concept its lines show: a concept is no word of the store's, it is never in a bag.)
            #[cfg(ranked_v2)]
            if self.v2_rules {
                for (i, slot) in self.query.slots.iter().enumerate() {
                    if slot.shape.is_some_and(is_concept) && c.lines.iter().any(|l| l.iter().any(|&(x, _)| x == i)) {
                        residual[i] = false;
                    }
                    // (And a word no term of the store carries, such as a two-letter name the index leaves out
                    // (`go`), that its summary or lines say: it is in no bag either.)
                    if NO_TERM_OWNED && !self.present[i] && (c.said.contains_key(&i) || c.lines.iter().any(|l| l.iter().any(|&(x, _)| x == i))) {
                        residual[i] = false;
                    }
                }
            }
            taken.insert(step);
            own += 1;
        }
        // A state question's answer may be told by more than one source (a log, a config file, a commit): one more
        // step from a source not picked yet and newer than every pick (so never an older state of what was picked),
        // as good as a later pick must be, the newest of the best (the turn budget still decides whether it is
        // hydrated).
        if own > 0 && self.query.intent == Intent::State && ALSO_ANOTHER_SOURCE {
            let sources: Vec<&str> = picks[picks.len() - own..].iter().filter_map(|(s, _)| self.entries.get(s).map(|e| source(&e.1))).collect();
            let newest = picks[picks.len() - own..].iter().map(|p| p.0).max().unwrap_or(i64::MAX);
            let mut scored: Vec<(i64, i64)> = Vec::new();
            for &step in pool {
                if step <= newest || taken.contains(&step) || self.entries.get(&step).is_some_and(|e| sources.contains(&source(&e.1))) {
                    continue;
                }
                let (g, line, _) = gain(&self.cands[&step], &asked);
                if g * 16 >= first_gain * LATER && line >= min_line {
                    scored.push((g, step));
                }
            }
            if let Some(&(best, _)) = scored.iter().max() {
                if let Some(step) = scored.iter().filter(|s| s.0 * 16 >= best * BAND).map(|s| s.1).max() {
                    let answered: Vec<usize> = self.cands[&step].bag.keys().copied().filter(|&i| asked[i]).collect();
                    picks.push((step, slot_names(names, answered.iter().copied())));
                    taken.insert(step);
                }
            }
        }
        first_gain
    }
}

#[cfg(ranked_v2)]
impl Plan {
    /// `ranked-v2` (`recall62`): the newest step read after `step` (and after the newest run of its command) that runs
    /// the last command of `step`'s chain alone (`a && b` or `a; b`, then `b`), or, for a step that runs one command, a
    /// chain that ends with it (`b`, then `a && b`): the newer print of what it printed. (Never one chain for another:
    /// two commits both ending in `git log -1 --oneline` print two things.)
    fn newer_last_of_chain(&self, step: i64) -> Option<i64> {
        let command = source(&self.entries.get(&step)?.1).strip_prefix("Bash: ")?;
        let (last, chain) = last_of_chain(command)?;
        let newest = self.newest_of_source.get(&step).copied().unwrap_or(step);
        self.entries
            .range(newest + 1..)
            .rev()
            .find(|(_, e)| source(&e.1).strip_prefix("Bash: ").and_then(last_of_chain).is_some_and(|(l, c)| same_command(l, last) && c != chain))
            .map(|(&s, _)| s)
    }

    /// `ranked-v2` (`recall17`): the step of the moment an anchor clause names ([`query::Query::anchor`]): the oldest
    /// of the read steps that tell its words as well as the best does (a moment is when it first happened; the steps
    /// after it repeat its words), with the clause's anchor bit and direction.
    fn anchor_step(&self, pool: &[i64], weights: &[i64], matched: &[bool]) -> Option<(u32, i64, bool)> {
        let (clause, after) = self.query.anchor?;
        let residual: Vec<bool> = self.query.slots.iter().enumerate().map(|(i, s)| matched[i] && s.clauses != u32::MAX && s.clauses & (1 << clause.min(31)) != 0).collect();
        if !residual.iter().any(|&r| r) {
            return None;
        }
        let scored: Vec<(i64, i64)> = pool.iter().map(|&s| (self.clause_gain(&self.cands[&s], weights, &residual).0, s)).filter(|g| g.0 > 0).collect();
        let best = scored.iter().map(|g| g.0).max()?;
        let moment = scored.iter().filter(|g| g.0 * 16 >= best * BAND).map(|g| g.1).min()?;
        #[cfg(not(target_arch = "wasm32"))]
        if std::env::var_os("CF_RANK_DEBUG").is_some() {
            eprintln!("  anchor clause {clause} after {after}: moment {moment} of {scored:?}");
        }
        Some((clause, moment, after))
    }

    /// `ranked-v2` (`recall16`): a clause that asks for the state of a concept ("which release is live", "how many
    /// replicas run") is answered by a line that shows the concept's marker next to another word of the clause (`v45
    /// deployed successfully` of a `fly deploy`), not by a step whose summary names the words (`fly releases`, whose
    /// table says nothing of what is live): its first pick is among the steps that show it, when the best by gain
    /// does not and some step does. (A history question's event has its own rule: the event, whatever the best.)
    fn keep_steps_that_show_the_concept(&self, scored: &mut Vec<(i64, i64, usize, i64)>, residual: &[bool]) {
        let asked: Vec<usize> = (0..residual.len()).filter(|&i| residual[i] && self.query.slots[i].shape.is_some_and(|sh| is_concept(sh) && !is_event(sh))).collect();
        if asked.is_empty() {
            return;
        }
        let shows = |step: i64| {
            let c = &self.cands[&step];
            c.lines.iter().any(|l| {
                l.iter().any(|&(x, q)| asked.contains(&x) && shown(q)) && l.iter().map(|p| p.0).chain(c.said.keys().copied()).any(|x| residual[x] && !asked.contains(&x))
            })
        };
        let best = scored.iter().max_by(|a, b| (a.0, a.3).cmp(&(b.0, b.3))).map(|b| b.3);
        if best.is_some_and(|b| !shows(b)) && scored.iter().any(|s| shows(s.3)) {
            scored.retain(|s| shows(s.3));
        }
    }

    /// `ranked-v2`: a clause's *near ties*, steps of other sources that answer it about as well as its first pick (a
    /// config file and the log that shows the same value, the failure and the commit that explains it), to be
    /// hydrated after every clause's picks while the turn's budget lasts (at most [`NEAR_TIES`] in all). A state
    /// question takes only steps newer than every pick of the clause, each the newest run of its source, newest
    /// first, and stops at the first step that answers the clause fairly well without being a near tie: whatever
    /// prefix of them the budget (or a host's own cap) keeps, it never shows an older state of something whose newer
    /// state is left out. A history or "first" question takes the best of each source, best first.
    #[allow(clippy::too_many_arguments)]
    fn near_ties(&self, pool: &[i64], weights: &[i64], names: &[String], asked: &[bool], first_gain: i64, clause: &[(i64, Vec<String>)], taken: &BTreeSet<i64>) -> Vec<(i64, Vec<String>)> {
        let Some(newest_pick) = clause.iter().map(|p| p.0).max() else { return Vec::new() };
        if first_gain <= 0 {
            return Vec::new();
        }
        // (A line a quarter as good as a first pick needs: a near tie's summary may say what its lines do not.)
        let min_line = MIN_LINE.min(self.max_weight) / 4;
        let source_of = |step: i64| self.entries.get(&step).map(|e| source(&e.1));
        let mut sources: Vec<&str> = clause.iter().filter_map(|p| source_of(p.0)).collect();
        let state = self.query.intent == Intent::State;
        // (A state clause of a prompt that asks for the first elsewhere: the newest runs of the sources are not known.)
        if state && self.sources_first {
            return Vec::new();
        }
        // (gain, line, step) of every pool step not picked.
        let mut scored: Vec<(i64, i64, i64)> = pool
            .iter()
            .filter(|s| !taken.contains(s))
            .map(|&s| {
                let (g, line, _) = self.clause_gain(&self.cands[&s], weights, asked);
                (g, line, s)
            })
            .collect();
        let mut out: Vec<i64> = Vec::new();
        if state {
            scored.retain(|s| s.2 > newest_pick);
            scored.sort_unstable_by(|a, b| b.2.cmp(&a.2));
            for &(g, line, step) in &scored {
                let is_near = g * 16 >= first_gain * NEAR && line >= min_line;
                let src = source_of(step);
                if is_near && src.is_some_and(|s| !sources.contains(&s)) {
                    let newest = self.newest_of_source.get(&step).copied().unwrap_or(step);
                    if !taken.contains(&newest) && !out.contains(&newest) {
                        out.push(newest);
                    }
                    sources.extend(src);
                } else if g * 16 >= first_gain * NEAR {
                    // As good, but of a picked source or without a line: what it tells may be newer than what the
                    // older near ties tell.
                    break;
                }
            }
            out.sort_unstable_by(|a, b| b.cmp(a));
        } else {
            scored.sort_unstable_by(|a, b| (b.0, b.2).cmp(&(a.0, a.2)));
            for &(g, line, step) in &scored {
                if g * 16 < first_gain * NEAR {
                    break;
                }
                let src = source_of(step);
                // (A question in the past tense may be about what holds now: no near tie that a newer run of its own
                // source has superseded.)
                let superseded = self.query.past && !self.sources_first && self.newest_of_source.contains_key(&step);
                if line >= min_line && src.is_some_and(|s| !sources.contains(&s)) && !superseded {
                    out.push(step);
                    sources.extend(src);
                }
            }
        }
        out.truncate(NEAR_TIES);
        out.into_iter()
            .map(|step| {
                let answered = self.cands.get(&step).map(|c| c.bag.keys().copied().filter(|&i| asked[i]).collect::<Vec<_>>()).unwrap_or_default();
                (step, slot_names(names, answered.into_iter()))
            })
            .collect()
    }
}

/// `ranked-v2`: near ties admitted after the picks, in order, while the turn budget lasts: the first that does not
/// fit ends them (a prefix of them, never a later one in place of an earlier).
#[cfg(ranked_v2)]
fn admit_near_ties(result: &mut ScanResult, near: Vec<(i64, Vec<String>)>, in_context: &[i64], mut entry: impl FnMut(i64) -> Option<(i64, String)>) {
    let budget = i128::from(result.budget_limit);
    let per_call = i128::from(result.max_per_call);
    let mut consumed = i128::from(result.consumed_tokens);
    for (step, matched) in near {
        let (tokens, summary) = entry(step).unwrap_or_default();
        if in_context.contains(&step) {
            result.in_context.push(scan::ScanSelection { step_id: step, matched, cost: 0, summary });
            continue;
        }
        let cost = i128::from(tokens).min(per_call).min(budget);
        if result.selected.is_empty() || consumed + cost > budget {
            break;
        }
        consumed += cost;
        result.selected.push(scan::ScanSelection { step_id: step, matched, cost: cost as i64, summary });
    }
    result.consumed_tokens = consumed.clamp(i128::from(i64::MIN), i128::from(i64::MAX)) as i64;
}

/// A cold node's `raw_content`, from the bytes of its file, for ranking: `None` unless they are a JSON object with a
/// string there.
pub fn raw_content_of(bytes: &[u8]) -> Option<String> {
    #[cfg(ranked_v2)]
    return crate::json::string_member(bytes, "raw_content");
    // The browser and bundler engines (for size): the whole node parsed, the same member taken.
    #[cfg(not(ranked_v2))]
    match crate::json::parse(bytes).ok()? {
        crate::json::Value::Object(mut m) => match m.remove("raw_content") {
            Some(crate::json::Value::Str(s)) => Some(s),
            _ => None,
        },
        _ => None,
    }
}

/// Highest first ((score, step) pairs are distinct: any sort gives the same order).
fn sort_desc(v: &mut [(i64, i64)]) {
    v.sort_unstable_by(|a, b| b.cmp(a));
}

fn upd<'a>(r: &mut BTreeMap<TermId, (u32, &'a str)>, id: TermId, q: u32, term: &'a str) {
    let e = r.entry(id).or_insert((0, term));
    e.0 = e.0.max(q);
}

fn slot_names(names: &[String], slots: impl Iterator<Item = usize>) -> Vec<String> {
    let mut v: Vec<String> = slots.map(|i| names[i].clone()).collect();
    v.sort();
    v.dedup();
    v
}


/// Whether a pick's oldest run of its source comes first (`ranked-v2`, a "first" question).
#[cfg_attr(not(ranked_v2), allow(dead_code))]
fn first_takes_oldest(plan: &Plan) -> bool {
    #[cfg(ranked_v2)]
    return plan.v2_rules && plan.query.intent == Intent::First;
    #[cfg(not(ranked_v2))]
    {
        let _ = plan;
        false
    }
}

/// The summary a step's `said` slots are read from (`ranked-v2`: without the fold's ` (failed)`).
fn said_of(v2_rules: bool, summary: &str) -> &str {
    #[cfg(ranked_v2)]
    if v2_rules {
        return source(summary);
    }
    let _ = v2_rules;
    summary
}

/// `ranked-v2` (`recall20`): the steps shown as lines without the runs of a command of which a newer run is among
/// them too (only runs, [`verdict::is_run`]: a newer read of a file may be of other lines, an older edit is another
/// change).
#[cfg(ranked_v2)]
fn drop_older_runs(related: &mut Vec<scan::ScanRelated>) {
    let runs: Vec<(i64, String)> = related.iter().map(|r| (r.step_id, source(&r.summary).to_string())).collect();
    related.retain(|r| !verdict::is_run(&r.summary) || !runs.iter().any(|(step, src)| *step > r.step_id && src == source(&r.summary)));
}

/// `ranked-v2` (`recall62`): the last command of a command line (after its last `&&` or `;`), and whether it is a
/// chain of several; none for a command sent to the background (`… &`).
#[cfg(ranked_v2)]
fn last_of_chain(command: &str) -> Option<(&str, bool)> {
    let command = command.trim();
    if command.ends_with('&') && !command.ends_with("&&") {
        return None;
    }
    let last = command.rsplit(['&', ';']).next()?.trim();
    (!last.is_empty()).then_some((last, last.len() != command.len()))
}

/// `ranked-v2` (`recall62`): whether two commands are the same, one of them perhaps cut short in its summary (`…`) after
/// at least [`SAME_COMMAND_PREFIX`] characters.
#[cfg(ranked_v2)]
fn same_command(a: &str, b: &str) -> bool {
    let cut = |x: &str, y: &str| x.strip_suffix('…').is_some_and(|head| head.len() >= SAME_COMMAND_PREFIX && y.starts_with(head));
    a == b || cut(a, b) || cut(b, a)
}

/// `ranked-v2` (`recall62`): the fewest characters of a command cut short in its summary that name it.
#[cfg(ranked_v2)]
const SAME_COMMAND_PREFIX: usize = 24;

/// `ranked-v2` (`recall59`): whether a step's summary is a `git commit` (its message says what was changed, and to what).
#[cfg(ranked_v2)]
fn is_commit(summary: &str) -> bool {
    program(summary) == "git" && source(summary).split_whitespace().take(5).any(|w| w == "commit")
}

/// `ranked-v2` (`recall20`): whether a command line asks a tool for its version: `--version`, a last argument `-v`
/// or `-V` (`pnpm -v`; not `pytest -v tests/` or `grep -v`, where it is another flag), or `version` as the tool's
/// subcommand (`go version`, `kubectl version --client`).
#[cfg(ranked_v2)]
fn prints_version(command: &str) -> bool {
    command.split(['&', '|', ';', '(', ')', '\n']).any(|one| {
        // (The first command follows the tool's name: `Bash: go version`.)
        let words: Vec<&str> = one.split_whitespace().skip_while(|w| w.ends_with(':')).collect();
        words.len() >= 2 && (words.contains(&"--version") || matches!(words[words.len() - 1], "-v" | "-V") || words[1] == "version")
    })
}

/// `ranked-v2` (`recall10`): whether a slot asks for a share (a percentage).
fn asks_share(slot: &query::Slot) -> bool {
    #[cfg(ranked_v2)]
    return slot.shape == Some(Shape::Percent);
    #[cfg(not(ranked_v2))]
    {
        let _ = slot;
        false
    }
}

/// Whether a line's quality for a slot is a value shown by its shape (`ranked-v2`), not a word.
#[cfg(ranked_v2)]
fn shown(q: u32) -> bool {
    q >= VALUE
}

/// Whether a shape is a concept of tool output (`ranked-v2`, [`concepts`]).
fn is_concept(shape: Shape) -> bool {
    #[cfg(ranked_v2)]
    return matches!(shape, Shape::Concept(_));
    #[cfg(not(ranked_v2))]
    {
        let _ = shape;
        false
    }
}

/// `ranked-v2`: whether a question asks why something happened ("why", "neden"): for the cause of a rollback.
#[cfg(ranked_v2)]
fn asks_why(query: &query::Query) -> bool {
    query.intent == Intent::History && query.slots.iter().any(|s| s.name == "why")
}

/// `ranked-v2` (`recall44`): whether a question asks about a failure: why something happened (a history question's
/// or the first time's), an error (the concept's slot), or what failed or broke.
#[cfg(ranked_v2)]
fn asks_failure(query: &query::Query) -> bool {
    let failure = |k: &str| ["fail", "broke", "broken", "wrong", "crash"].iter().any(|w| stem_en(w) == k);
    query.slots.iter().any(|s| s.name == "why" || s.shape == Some(Shape::Concept(concepts::ERROR)) || s.keys.iter().any(|(k, _)| failure(k)))
}

/// Whether a shape is a concept that is an event (`ranked-v2`: "fix").
#[cfg(ranked_v2)]
fn is_event(shape: Shape) -> bool {
    matches!(shape, Shape::Concept(k) if concepts::CONCEPTS[usize::from(k)].event)
}

/// `ranked-v2`'s value weights of a plan.
#[cfg(ranked_v2)]
fn values_of(plan: &Plan) -> &[i64] {
    &plan.value_weights
}

/// The bag score over the residual slots: weight × quality × length factor, plus half the weight again for a slot
/// in the summary.
fn bag_score(c: &Cand, weights: &[i64], residual: &[bool]) -> i64 {
    let mut total = 0i64;
    for (&i, &q) in &c.bag {
        if !residual[i] {
            continue;
        }
        let w = weights[i];
        total += w * i64::from(q) / 16 * c.norm / 256;
        if let Some(&sq) = c.summary.get(&i) {
            total += w * i64::from(sq) / 32;
        }
    }
    total
}

/// The best line's score over the residual slots (the summary counts as part of every line), and how many slots
/// that line answers.
fn line_score(c: &Cand, weights: &[i64], #[cfg(ranked_v2)] values: &[i64], residual: &[bool]) -> (i64, usize) {
    let base: Vec<(usize, u32)> = c.said.iter().map(|(&i, &q)| (i, q)).collect();
    let mut best = (0i64, 0usize);
    let score = |set: &[(usize, u32)]| -> (i64, usize) {
        let mut per: BTreeMap<usize, u32> = BTreeMap::new();
        for &(i, q) in set.iter().chain(&base) {
            if residual[i] {
                max_q(&mut per, i, q);
            }
        }
        // A value shown by its shape (`ranked-v2`, quality + VALUE) weighs as its shape's rarity when that is more.
        #[cfg(ranked_v2)]
        let w = |i: usize, q: u32| if q >= VALUE { weights[i].max(values.get(i).copied().unwrap_or(0)) * i64::from(q - VALUE) / 16 } else { weights[i] * i64::from(q) / 16 };
        #[cfg(not(ranked_v2))]
        let w = |i: usize, q: u32| weights[i] * i64::from(q) / 16;
        (per.iter().map(|(&i, &q)| w(i, q)).sum(), per.len())
    };
    if c.lines.is_empty() {
        // Not read: the summary alone.
        return score(&[]);
    }
    for set in &c.lines {
        let s = score(set);
        if s > best {
            best = s;
        }
    }
    best
}

/// `ranked-v2`: the slots of the lines of step `step`'s `text` ([`line_slots`] with [`VALUE`]), from `per_line_of`
/// when the step is there (every pool step is: see [`Plan::finish`]).
#[cfg(ranked_v2)]
fn slots_of<'a>(
    per_line_of: &'a BTreeMap<i64, Vec<Vec<(usize, u32)>>>,
    step: i64,
    text: &str,
    term_slots: &BTreeMap<String, Vec<(usize, u32)>>,
    shapes: &[(usize, Shape)],
) -> std::borrow::Cow<'a, [Vec<(usize, u32)>]> {
    match per_line_of.get(&step) {
        Some(per_line) => std::borrow::Cow::Borrowed(per_line.as_slice()),
        None => std::borrow::Cow::Owned(line_slots(text, term_slots, shapes, VALUE)),
    }
}

/// The distinct slot sets of a text's lines (a line and the one after it read together, so a value on the line
/// below its label counts).
fn line_sets(text: &str, term_slots: &BTreeMap<String, Vec<(usize, u32)>>, shapes: &[(usize, Shape)], #[cfg(ranked_v2)] flag: u32) -> Vec<Vec<(usize, u32)>> {
    #[cfg(not(ranked_v2))]
    let flag = 0;
    let per_line = line_slots(text, term_slots, shapes, flag);
    sets_of_lines(text, &per_line, flag)
}

/// [`line_sets`] of a text whose lines' slots ([`line_slots`] with `flag`) are `per_line`.
#[cfg_attr(not(ranked_v2), allow(unused_variables))]
fn sets_of_lines(text: &str, per_line: &[Vec<(usize, u32)>], flag: u32) -> Vec<Vec<(usize, u32)>> {
    // (`ranked-v2`, `recall10`: a line that starts with a location, `path:12:` as a search prints its hits, is a record of
    // its own: not read with the next when that is the hit of another file.)
    #[cfg(ranked_v2)]
    let locs: Vec<Option<&str>> = if flag != 0 { text.lines().take(20_000).map(location).collect() } else { Vec::new() };
    #[cfg(ranked_v2)]
    let apart = |k: usize| matches!((locs.get(k), locs.get(k + 1)), (Some(Some(a)), Some(Some(b))) if a != b);
    #[cfg(not(ranked_v2))]
    let apart = |_: usize| false;
    let mut sets: BTreeSet<Vec<(usize, u32)>> = BTreeSet::new();
    for (k, set) in per_line.iter().enumerate() {
        let mut joined = set.clone();
        if let Some(next) = per_line.get(k + 1).filter(|_| PAIR_LINES && !apart(k)) {
            for &(i, q) in next {
                match joined.iter_mut().find(|(s, _)| *s == i) {
                    Some(e) => e.1 = e.1.max(q),
                    None => joined.push((i, q)),
                }
            }
        }
        if !joined.is_empty() {
            joined.sort_unstable();
            sets.insert(joined);
        }
    }
    sets.into_iter().collect()
}

/// `ranked-v2` (`recall19`): the parts of an ASCII identifier, split at `_` and where a lowercase letter or a digit
/// meets an uppercase one (`maxProcesses`: `max`, `Processes`), of three letters or more; none for a plain word.
fn identifier_parts(word: &str) -> Vec<&str> {
    let b = word.as_bytes();
    let camel = b.windows(2).any(|p| (p[0].is_ascii_lowercase() || p[0].is_ascii_digit()) && p[1].is_ascii_uppercase());
    if !camel && !word.contains('_') {
        return Vec::new();
    }
    let mut out = Vec::new();
    let mut start = 0;
    for k in 0..=b.len() {
        let cut = k == b.len() || b[k] == b'_' || (k > 0 && (b[k - 1].is_ascii_lowercase() || b[k - 1].is_ascii_digit()) && b[k].is_ascii_uppercase());
        if cut {
            if k - start >= 3 {
                out.push(&word[start..k]);
            }
            start = if k < b.len() && b[k] == b'_' { k + 1 } else { k };
        }
    }
    out
}

/// The slots each line of a text shows (one set per line, in order, for its first 20,000 lines), with `flag` added
/// to the quality of a value shown (`ranked-v2`).
fn line_slots(text: &str, term_slots: &BTreeMap<String, Vec<(usize, u32)>>, shapes: &[(usize, Shape)], flag: u32) -> Vec<Vec<(usize, u32)>> {
    let whole: Vec<(&String, &Vec<(usize, u32)>)> = term_slots.iter().filter(|(k, _)| !k.chars().all(is_word)).collect();
    let mut per_line: Vec<Vec<(usize, u32)>> = Vec::new();
    let mut low = String::new();
    for line in text.lines().take(20_000) {
        let mut set: Vec<(usize, u32)> = Vec::new();
        let mut add = |list: &Vec<(usize, u32)>| {
            for &(i, q) in list {
                match set.iter_mut().find(|(s, _)| *s == i) {
                    Some(e) => e.1 = e.1.max(q),
                    None => set.push((i, q)),
                }
            }
        };
        let line_nfc = if line.is_ascii() { std::borrow::Cow::Borrowed(line) } else { std::borrow::Cow::Owned(nfc(line)) };
        if line.is_ascii() {
            // ASCII is its own NFC, fold and match key: a word is a run of `[A-Za-z0-9_]`, lowercased.
            for w in line.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).filter(|w| !w.is_empty()) {
                low.clear();
                low.extend(w.bytes().map(|b| b.to_ascii_lowercase() as char));
                if let Some(list) = term_slots.get(low.as_str()) {
                    add(list);
                } else if V2 && flag != 0 {
                    // (`ranked-v2`, `recall19`: an identifier's parts, `maxProcesses` and `max_connections`, answer
                    // as parts do: `'maxProcesses' => 14` shows "how many procs max".)
                    for part in identifier_parts(w) {
                        low.clear();
                        low.extend(part.bytes().map(|b| b.to_ascii_lowercase() as char));
                        if let Some(list) = term_slots.get(low.as_str()).or_else(|| term_slots.get(stem_en(&low).as_str())) {
                            add(&list.iter().map(|&(i, q)| (i, q * 12 / 16)).collect());
                        }
                    }
                }
            }
        } else {
            for word in words_of(&line_nfc) {
                let found = if word.is_ascii() {
                    low.clear();
                    low.extend(word.bytes().map(|b| b.to_ascii_lowercase() as char));
                    term_slots.get(low.as_str())
                } else {
                    term_slots.get(&match_key(&fold_token(word)))
                };
                if let Some(list) = found {
                    add(list);
                }
            }
        }
        // (`ranked-v2`: a question word that is the label of a value on this line shows that value.)
        #[cfg(ranked_v2)]
        if LABELS && flag != 0 {
            for label in labels(line) {
                for w in label.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).filter(|w| !w.is_empty()) {
                    low.clear();
                    low.extend(w.bytes().map(|b| b.to_ascii_lowercase() as char));
                    if let Some(list) = term_slots.get(low.as_str()) {
                        let shown: Vec<(usize, u32)> = list.iter().filter(|(i, _)| !shapes.iter().any(|(s, sh)| s == i && is_concept(*sh))).map(|&(i, q)| (i, q + flag)).collect();
                        add(&shown);
                    }
                }
            }
        }
        // (`ranked-v2`, `recall15`: a status row's mark is the word of its verdict.)
        #[cfg(ranked_v2)]
        if flag != 0 {
            if let Some(list) = verdict::status_mark(line).and_then(|passed| term_slots.get(if passed { "pass" } else { "fail" })) {
                add(list);
            }
        }
        for &(i, shape) in shapes {
            if has_shape(line, shape) {
                // (A concept's marker is what the word asks for, not a value that may be it: full quality.)
                add(&vec![(i, if V2 && is_concept(shape) { 16 } else { 13 } + flag)]);
            }
        }
        if !whole.is_empty() {
            let lower = match_key(&fold_token(&line_nfc));
            for (k, list) in &whole {
                if lower.contains(k.as_str()) {
                    add(list);
                }
            }
        }
        per_line.push(set);
    }
    // (`ranked-v2`, `recall58`: a line nested under keys ([`excerpt::key_paths`]) shows their words too, at three
    // quarters of their quality and as no value: `memory: 2Gi` under `sink:` and `limits:` answers "sink memory limit".)
    #[cfg(ranked_v2)]
    if RECALL58_KEY_PATHS && flag != 0 {
        let paths = excerpt::key_paths(text);
        // (Most outputs open no block: nothing to copy then.)
        let own = if paths.iter().any(|p| !p.is_empty()) { per_line.clone() } else { Vec::new() };
        for (k, path) in paths.iter().enumerate() {
            for &a in path {
                for &(i, q) in &own[a as usize] {
                    let q = (if q >= VALUE { q - VALUE } else { q }) * 12 / 16;
                    match per_line[k].iter_mut().find(|(s, _)| *s == i) {
                        Some(e) => e.1 = e.1.max(q),
                        None => per_line[k].push((i, q)),
                    }
                }
            }
        }
    }
    per_line
}

/// The runs of word characters of a text (`text::is_word`), as slices.
fn words_of(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| !is_word(c)).filter(|w| !w.is_empty())
}

/// What the fold adds to the summary of a failed call.
const FAILED: &str = " (failed)";

/// `ranked-v2` (`recall26`): the program a shell step runs, past `ssh HOST`, `sudo` and quotes (`ssh app-01 "sudo awk
/// …"` runs `awk`); the tool's name for any other step.
#[cfg(ranked_v2)]
fn program(summary: &str) -> &str {
    let Some(command) = summary.strip_prefix("Bash: ") else { return summary.split(':').next().unwrap_or("") };
    let mut words = command.split_whitespace().map(|w| w.trim_matches(|c| c == '"' || c == '\'')).filter(|w| !w.is_empty());
    while let Some(w) = words.next() {
        match w {
            "sudo" => {}
            "ssh" => {
                words.next();
            }
            _ => return w,
        }
    }
    ""
}

/// The source a summary names: the tool and its input, without the ` (failed)` a failed call's summary ends with
/// (a command that failed, then passed, is one source).
fn source(summary: &str) -> &str {
    let s = summary.trim_end();
    s.strip_suffix(FAILED).unwrap_or(s)
}

/// `ranked-v2` (`recall16`): a listen address with an empty host shows a port (`gRPC listening on :50061`,
/// `addr=":8080"`, Go's and Node's notation for every interface), so a clause that asks for a port is answered by the
/// line that gives it, not only by one that names a host.
#[cfg(ranked_v2)]
const BARE_LISTEN_ADDRESS: bool = true;

/// `ranked-v2`: whether a line has a `:` that starts a word (after a space, `=`, a quote or a bracket) followed by a
/// port of three to five digits that ends there (`:50061`, not `:12:` nor `:443abc`).
#[cfg(ranked_v2)]
fn has_bare_listen_address(b: &[u8]) -> bool {
    (1..b.len()).any(|i| {
        if b[i] != b':' || !matches!(b[i - 1], b' ' | b'\t' | b'=' | b'"' | b'\'' | b'(' | b'[') {
            return false;
        }
        let n = b[i + 1..].iter().take_while(|c| c.is_ascii_digit()).count();
        let end = i + 1 + n;
        (3..=5).contains(&n) && (end == b.len() || !(b[end].is_ascii_alphanumeric() || matches!(b[end], b':' | b'.')))
    })
}

/// Whether a summary is a search's (`Grep: …`, `Glob: …`, `Bash: grep -rn …`, `rg`, `ag`, `find`, `git grep`).
fn is_search(summary: &str) -> bool {
    let lower = summary.to_ascii_lowercase();
    let (tool, rest) = lower.split_once(':').unwrap_or((lower.as_str(), ""));
    let tool = tool.trim();
    if matches!(tool, "grep" | "glob" | "search" | "rg" | "find" | "websearch" | "codebase_search" | "search_files") {
        return true;
    }
    let cmd = rest.trim_start();
    ["grep ", "rg ", "ag ", "find ", "git grep ", "egrep ", "fgrep "].iter().any(|p| cmd.starts_with(p))
}

/// `ranked-v2`: the file a line starts with as a location (`src/db/pool.ts:12:` or `pool.ts:12: …`, a search's hit),
/// if it does.
#[cfg(ranked_v2)]
fn location(line: &str) -> Option<&str> {
    let b = line.as_bytes();
    let end = b.iter().position(|&c| c == b':')?;
    let path = &line[..end];
    let digits = b[end + 1..].iter().take_while(|c| c.is_ascii_digit()).count();
    let file = path.contains('.') && !path.is_empty() && path.bytes().all(|c| c.is_ascii_alphanumeric() || matches!(c, b'/' | b'.' | b'_' | b'-'));
    (file && digits > 0 && matches!(b.get(end + 1 + digits), Some(b':' | b'-'))).then_some(path)
}

/// `ranked-v2`: the summaries' prefixes of the tools that write a file.
#[cfg(ranked_v2)]
const EDIT_TOOLS: [&str; 3] = ["Edit: ", "MultiEdit: ", "Write: "];

/// `ranked-v2`: the name of the file an edit's summary (`Edit: /home/dev/app/src/db/pool.ts`) changes (`pool.ts`), if
/// it is an edit's and the name is long enough to mean that file where another step writes it (five bytes or more).
#[cfg(ranked_v2)]
fn edited_file(summary: &str) -> Option<&str> {
    let path = EDIT_TOOLS.iter().find_map(|p| summary.strip_prefix(p))?;
    let path = source(path);
    let name = path.rsplit('/').next()?.trim();
    (name.len() >= 5 && !name.contains(' ')).then_some(name)
}

/// A summary with each path cut to its last two parts (`Read: /home/dev/app/src/db/pool.ts` → `Read: db/pool.ts`).
fn short_paths(summary: &str) -> String {
    summary
        .split(' ')
        .map(|w| {
            let parts: Vec<&str> = w.split('/').filter(|p| !p.is_empty()).collect();
            if parts.len() > 2 { parts[parts.len() - 2..].join("/") } else { w.to_string() }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// `ranked-v2`: the extensions of source, config and text files, whose `name.ext:123` is a line of a file, not a host
/// and a port (no top-level domain a dev server is reached at is among them).
#[cfg(ranked_v2)]
const FILE_EXTENSIONS: &[&str] = &[
    "c", "cc", "cjs", "cpp", "cs", "css", "dart", "ex", "exs", "go", "gradle", "h", "hpp", "hs", "html", "java", "js",
    "json", "jsx", "kt", "kts", "lua", "md", "mjs", "ml", "php", "proto", "py", "rb", "rs", "scala", "scss", "sh", "sql",
    "svelte", "swift", "tf", "toml", "ts", "tsx", "txt", "vue", "xml", "yaml", "yml",
];

/// Whether the token that ends `before` (a `name.ext`, or a path ending in one) names a file by its extension.
#[cfg(ranked_v2)]
fn names_a_file(before: &[u8]) -> bool {
    let start = before.iter().rposition(|&c| !(c.is_ascii_alphanumeric() || matches!(c, b'.' | b'_' | b'-' | b'/'))).map_or(0, |p| p + 1);
    let token = &before[start..];
    match token.iter().rposition(|&c| c == b'.') {
        Some(dot) if dot > 0 => {
            let ext = token[dot + 1..].to_ascii_lowercase();
            FILE_EXTENSIONS.iter().any(|e| e.as_bytes() == ext.as_slice())
        }
        _ => false,
    }
}

/// `ranked-v2`: the labels a line gives a value to: a name at the start of the line (after indentation, a `cat -n`
/// line number, `- `, `export `), or a quoted name anywhere (`{"anon": "30/min", "user": "300/min"}`), followed by
/// `:` or `=` (not `==`, `::`, `=>`, `://`; a quoted name, `=>` too) and a value with a letter or a digit (a YAML
/// section `store:` gives none).
#[cfg(ranked_v2)]
fn labels(line: &str) -> Vec<&str> {
    let b = line.as_bytes();
    let name = |c: u8| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'-' | b'.');
    // After the label (at `i`, past a closing quote): the separator and a value.
    // (`recall39`: after a quoted label, `=>` too: the key of a PHP array or of a Ruby or Perl hash, `'retry_after' =>
    // 960`. Not after a bare word, where it is an arrow function's or a match arm's.)
    let valued_as = |mut i: usize, arrow: bool| -> bool {
        while i < b.len() && b[i] == b' ' {
            i += 1;
        }
        let Some(&sep) = b.get(i) else { return false };
        if arrow && sep == b'=' && b.get(i + 1) == Some(&b'>') {
            i += 1;
        } else if !(sep == b':' || sep == b'=') || matches!(b.get(i + 1).copied().unwrap_or(b' '), b'=' | b':' | b'>' | b'/') {
            return false;
        }
        b[i + 1..].iter().take(80).any(|c| c.is_ascii_alphanumeric())
    };
    let valued = |i: usize| valued_as(i, false);
    let mut out = Vec::new();
    // At the start of the line.
    let mut i = 0;
    while i < b.len() && matches!(b[i], b' ' | b'\t') {
        i += 1;
    }
    let digits = b[i..].iter().take_while(|c| c.is_ascii_digit()).count();
    if digits > 0 && b.get(i + digits) == Some(&b'\t') {
        i += digits + 1;
        while i < b.len() && matches!(b[i], b' ' | b'\t') {
            i += 1;
        }
    }
    if b[i..].starts_with(b"- ") {
        i += 2;
    } else if b[i..].starts_with(b"export ") {
        i += 7;
    }
    let start = i;
    while i < b.len() && name(b[i]) {
        i += 1;
    }
    if i > start && b[start].is_ascii_alphabetic() && valued(i) {
        out.push(&line[start..i]);
    }
    // Quoted, anywhere.
    let mut k = 0;
    while k < b.len() {
        if matches!(b[k], b'"' | b'\'') {
            let q = b[k];
            let s = k + 1;
            let mut e = s;
            while e < b.len() && name(b[e]) {
                e += 1;
            }
            if e > s && e < b.len() && b[e] == q && b[s].is_ascii_alphabetic() && valued_as(e + 1, RECALL39_ARROW_LABELS) {
                out.push(&line[s..e]);
                k = e + 1;
                continue;
            }
        }
        k += 1;
    }
    out
}

/// Whether a line holds a value of the shape: a port after a host (`localhost:5180`, `0.0.0.0:5432->5432/tcp`,
/// `:8080`), or a version of at least three numbers (`1.22.2`, `v20.11.1`, `go1.22.2`).
fn has_shape(line: &str, shape: Shape) -> bool {
    let b = line.as_bytes();
    let digits = |mut i: usize| {
        let start = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        (i, i - start)
    };
    match shape {
        #[cfg(ranked_v2)]
        Shape::Concept(k) => concepts::shows(line, k),
        // A number and a percent sign (`34.89%`, `31% used`), not inside a word.
        #[cfg(ranked_v2)]
        Shape::Percent => (0..b.len()).any(|i| {
            if !b[i].is_ascii_digit() || (i > 0 && (b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'.')) {
                return false;
            }
            let (mut end, _) = digits(i);
            if end + 1 < b.len() && b[end] == b'.' && b[end + 1].is_ascii_digit() {
                end = digits(end + 1).0;
            }
            b.get(end) == Some(&b'%')
        }),
        // A number, a space or not, and a unit of size (`389.77 kB`, `18.4 MB`, `512MiB`), not inside a word.
        #[cfg(ranked_v2)]
        Shape::Size => (0..b.len()).any(|i| {
            if !b[i].is_ascii_digit() || (i > 0 && (b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'.')) {
                return false;
            }
            let (mut end, _) = digits(i);
            if end + 1 < b.len() && b[end] == b'.' && b[end + 1].is_ascii_digit() {
                end = digits(end + 1).0;
            }
            if end < b.len() && b[end] == b' ' {
                end += 1;
            }
            let unit = &b[end..];
            ["kB", "KB", "MB", "GB", "KiB", "MiB", "GiB", "bytes"].iter().any(|u| {
                unit.starts_with(u.as_bytes()) && unit.get(u.len()).is_none_or(|c| !c.is_ascii_alphanumeric())
            })
        }),
        #[cfg(ranked_v2)]
        Shape::PortLabel => {
            // (A host, not a file: `src/db/pool.ts:123` is a line of a file, which build and test output cite.)
            (0..b.len()).any(|i| {
                if b[i] != b':' || i == 0 || !(b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b']') || names_a_file(&b[..i]) {
                    return false;
                }
                let (end, n) = digits(i + 1);
                (3..=5).contains(&n) && (end == b.len() || !(b[end].is_ascii_alphanumeric() || b[end] == b':'))
            }) || (0..b.len().saturating_sub(4)).any(|i| {
                    if !b[i..i + 4].eq_ignore_ascii_case(b"port") || (i > 0 && b[i - 1].is_ascii_alphanumeric()) {
                        return false;
                    }
                    let mut j = i + 4;
                    let mut seps = 0;
                    while j < b.len() && matches!(b[j], b' ' | b':' | b'=') && seps < 2 {
                        j += 1;
                        seps += 1;
                    }
                    let (end, n) = digits(j);
                    seps > 0 && (2..=5).contains(&n) && (end == b.len() || !(b[end].is_ascii_alphanumeric() || b[end] == b'.'))
                })
                || (BARE_LISTEN_ADDRESS && has_bare_listen_address(b))
        }
        Shape::Port => (0..b.len()).any(|i| {
            if b[i] != b':' || i == 0 || !(b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b']') {
                return false;
            }
            let (end, n) = digits(i + 1);
            (3..=5).contains(&n) && (end == b.len() || !(b[end].is_ascii_alphanumeric() || b[end] == b':'))
        }),
        Shape::Version => (0..b.len()).any(|i| {
            if !b[i].is_ascii_digit() || (i > 0 && (b[i - 1].is_ascii_digit() || b[i - 1] == b'.')) {
                return false;
            }
            let (mut end, _) = digits(i);
            let mut groups = 1;
            while end + 1 < b.len() && b[end] == b'.' && b[end + 1].is_ascii_digit() {
                end = digits(end + 1).0;
                groups += 1;
            }
            groups >= 3 && (end == b.len() || !b[end].is_ascii_alphanumeric())
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(ranked_v2)]
    #[test]
    fn ranked_v2_an_older_run_of_a_command_is_not_shown_as_lines_beside_a_newer_run() {
        let r = |step_id: i64, summary: &str| scan::ScanRelated { step_id, summary: summary.to_string(), lines: vec![0] };
        let cert = "Bash: openssl x509 -noout -dates -in api.pem";
        let mut related = vec![r(152, cert), r(40, "Read: /srv/app/gunicorn.conf.py"), r(159, cert), r(94, "Read: /srv/app/gunicorn.conf.py"), r(150, "Bash: kubectl get certificate (failed)"), r(120, "Bash: kubectl get certificate"), r(30, "Edit: /srv/app/gunicorn.conf.py"), r(60, "Edit: /srv/app/gunicorn.conf.py")];
        drop_older_runs(&mut related);
        assert_eq!(related.iter().map(|r| r.step_id).collect::<Vec<_>>(), vec![40, 159, 94, 150, 30, 60]);
    }

    #[cfg(ranked_v2)]
    #[test]
    fn ranked_v2_a_command_that_asks_a_tool_for_its_version_is_told_from_other_uses_of_v() {
        for c in ["Bash: corepack use pnpm@9.4.0 && pnpm -v", "Bash: go version", "Bash: node --version", "Bash: python3 -V", "Bash: kubectl version --client | head -2"] {
            assert!(prints_version(c), "{c}");
        }
        for c in ["Bash: pytest -v tests/unit", "Bash: grep -v DEBUG app.log", "Bash: docker run -v /data:/data img", "Read: /home/dev/app/version.txt"] {
            assert!(!prints_version(c), "{c}");
        }
    }

    #[cfg(ranked_v2)]
    #[test]
    fn ranked_v2_near_ties_are_admitted_as_a_prefix_the_first_that_does_not_fit_ends_them() {
        let mut r = scan::start(false, "which port now?", &[], 1000, 800);
        scan::admit(&mut r, vec![(5, Vec::new())], &[], |_| Some((400, "Bash: a".into())));
        let tokens = |s: i64| Some((if s == 7 { 700 } else { 100 }, format!("Bash: {s}")));
        // 7 (the newest near tie) does not fit after the pick: the older 6 is not shown in its place.
        admit_near_ties(&mut r, vec![(7, Vec::new()), (6, Vec::new())], &[], tokens);
        assert_eq!(r.selected.iter().map(|s| s.step_id).collect::<Vec<_>>(), vec![5]);
        assert_eq!(r.consumed_tokens, 400);
        admit_near_ties(&mut r, vec![(6, Vec::new()), (7, Vec::new())], &[], tokens);
        assert_eq!(r.selected.iter().map(|s| s.step_id).collect::<Vec<_>>(), vec![5, 6]);
        assert_eq!(r.consumed_tokens, 500);
    }

    // Rules of branch recall10 (ranked-v2 only).

    #[cfg(ranked_v2)]
    #[test]
    fn ranked_v2_a_search_hit_is_not_read_with_the_next_hit_of_another_file() {
        assert_eq!(location("turbo.json:220:    return x; // TODO"), Some("turbo.json"));
        assert_eq!(location("src/a/cart.ts:12-  context"), Some("src/a/cart.ts"));
        assert_eq!(location("Error: listen EADDRINUSE :::3001"), None);
        assert_eq!(location("localhost:5432 ready"), None);
        let mut terms: BTreeMap<String, Vec<(usize, u32)>> = BTreeMap::new();
        terms.insert("turbo".to_string(), vec![(0, 16)]);
        terms.insert("package".to_string(), vec![(1, 16)]);
        let both = |text: &str, flag: u32| line_sets(text, &terms, &[], flag).iter().any(|set| set.len() == 2);
        // Two hits of two files: apart. The same words on two lines of one file's output, or of one file's hits: read together.
        assert!(!both("turbo.json:220:    return x; // TODO\npackage.json:482:    return y; // TODO", VALUE));
        assert!(both("src/build.ts:3:  turbo\nsrc/build.ts:4:  package", VALUE));
        assert!(both("turbo run build\npackage larkspur", VALUE));
    }

    #[cfg(ranked_v2)]
    #[test]
    fn ranked_v2_a_share_is_a_number_with_a_percent_sign() {
        assert!(has_shape("           FLASH:     182904 B       512 KB     34.89%", Shape::Percent));
        assert!(has_shape("logger=flash(2MB, 31% used)", Shape::Percent));
        assert!(!has_shape("All files  |   82.41 |    71.05 |", Shape::Percent));
        assert!(!has_shape("v2% of x", Shape::Percent));
    }

    #[cfg(ranked_v2)]
    #[test]
    fn ranked_v2_an_edit_names_the_file_it_changes() {
        assert_eq!(edited_file("Edit: /home/dev/fw/src/proto/packet_parser.cpp"), Some("packet_parser.cpp"));
        assert_eq!(edited_file("Write: src/app.ts (failed)"), Some("app.ts"));
        assert_eq!(edited_file("Read: src/app.ts"), None);
        assert_eq!(edited_file("Edit: a/b.c"), None);
    }

    #[cfg(ranked_v2)]
    #[test]
    fn ranked_v2_a_listen_address_with_an_empty_host_shows_a_port() {
        assert!(has_shape("2026-12-02T11:43:52Z INFO  gRPC listening on :50061", Shape::PortLabel));
        assert!(has_shape(r#"server addr=":8080" ready"#, Shape::PortLabel));
        // Not a clock, a line of a file, a ratio, a version or a port glued to a word.
        assert!(!has_shape("2026-12-02T11:43:52Z INFO  started", Shape::PortLabel));
        assert!(!has_shape("  --> src/main.rs :12:5", Shape::PortLabel));
        assert!(!has_shape("ratio 3 :1 done", Shape::PortLabel));
        assert!(!has_shape("build :1234.5 ms", Shape::PortLabel));
        assert!(!has_shape("code :443abc", Shape::PortLabel));
        // ranked-v1's port shape is unchanged.
        assert!(!has_shape("gRPC listening on :50061", Shape::Port));
    }

    #[test]
    fn ranked_v2_an_identifiers_parts_in_a_line_answer_as_identifier_parts_do() {
        assert_eq!(identifier_parts("maxProcesses"), vec!["max", "Processes"]);
        assert_eq!(identifier_parts("max_connections"), vec!["max", "connections"]);
        assert_eq!(identifier_parts("guestWishlistEnabled"), vec!["guest", "Wishlist", "Enabled"]);
        assert_eq!(identifier_parts("http2Server_id"), vec!["http2", "Server"]);
        assert!(identifier_parts("processes").is_empty() && identifier_parts("HTTP").is_empty());
        // A line's identifier answers the words its parts are, as an identifier part does (12/16), in ranked-v2 only.
        let term_slots: BTreeMap<String, Vec<(usize, u32)>> = [("process".to_string(), vec![(0, 16)]), ("max".to_string(), vec![(1, 16)])].into_iter().collect();
        let mut got = line_slots("                'maxProcesses' => 14,", &term_slots, &[], VALUE).remove(0);
        got.sort_unstable();
        assert_eq!(got, if V2 { vec![(0, 12), (1, 12)] } else { vec![] });
        assert!(line_slots("                'maxProcesses' => 14,", &term_slots, &[], 0)[0].is_empty());
    }

    #[test]
    fn ranked_v2_a_quoted_key_before_an_arrow_labels_its_value_and_a_bare_word_before_one_does_not() {
        // `recall39`: a PHP array's or a Ruby hash's key (`'retry_after' => 960`); not an arrow function's parameter
        // or a match arm.
        assert_eq!(labels("            'retry_after' => 960,"), vec!["retry_after"]);
        assert_eq!(labels(r#"  "max_children" => 24"#), vec!["max_children"]);
        assert!(labels("const double = x => x * 2;").is_empty());
        assert!(labels("        None => 0,").is_empty());
    }

    #[test]
    fn value_shapes() {
        assert!(has_shape("  ➜  Local:   http://localhost:5180/", Shape::Port));
        assert!(has_shape("0.0.0.0:5432->5432/tcp", Shape::Port));
        assert!(!has_shape("at 09:14:03.123 UTC", Shape::Port));
        assert!(!has_shape("ratio 3:1 done", Shape::Port));
        assert!(has_shape("+ typescript 5.4.2", Shape::Version));
        assert!(has_shape("go version go1.22.2 linux/amd64", Shape::Version));
        assert!(!has_shape("612.40 kB", Shape::Version));
        assert!(has_shape(r#"LOG:  listening on IPv4 address "0.0.0.0", port 5434"#, Shape::PortLabel));
        assert!(has_shape("POSTGRES_PORT=5434", Shape::PortLabel));
        assert!(has_shape("tcp_port:6380", Shape::PortLabel));
        assert!(has_shape("  ➜  Local:   http://localhost:5180/", Shape::PortLabel));
        assert!(!has_shape("POSTGRES_PORT=5434", Shape::Port));
        assert!(!has_shape("report 2026 done", Shape::PortLabel));
        assert!(!has_shape("port 5.4.2", Shape::PortLabel));
        // A file and a line are no host and port (`ranked-v2`); a host with dots is.
        assert!(!has_shape("warning: retry is declared but never used (src/db/pool.ts:123)", Shape::PortLabel));
        assert!(!has_shape("  File main.go:245 panicked", Shape::PortLabel));
        assert!(has_shape("warning: retry is declared but never used (src/db/pool.ts:123)", Shape::Port));
        assert!(has_shape("Connected to redis.default.svc.cluster.local:6379", Shape::PortLabel));
        assert!(has_shape("https://api.example.com:8443/v1", Shape::PortLabel));
        assert!(has_shape("dist/assets/index-2a9f.js  389.77 kB │ gzip: 122.40 kB", Shape::Size));
        assert!(has_shape("app-release.apk  18.4 MB", Shape::Size));
        assert!(has_shape("memory limit 512MiB", Shape::Size));
        assert!(!has_shape("v2MB 12 ms", Shape::Size));
        assert!(!has_shape("5 KBytes", Shape::Size));
        assert_eq!(short_paths("Read: /home/dev/app/src/db/pool.ts"), "Read: db/pool.ts");
    }

    #[test]
    fn log2_fixed_point() {
        assert_eq!(log2_fp(1), 0);
        assert_eq!(log2_fp(2), 256);
        assert_eq!(log2_fp(1024), 2560);
        assert!((log2_fp(3) - 406).abs() <= 1, "{}", log2_fp(3));
        assert!((log2_fp(176) - 1909).abs() <= 2, "{}", log2_fp(176));
    }
}
