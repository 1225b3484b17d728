//! Paged ranking, `ranked-v2` (policy key `"selection": "ranked-v2"`): `ranked-v1`'s ranking computed from the
//! postings of the prompt's word forms ([`super::forms`]) instead of the whole index, so that its cost per prompt
//! grows with the postings of what the prompt asks, not with the store, and no store is too large for it.
//!
//! What it reads, in four rounds (each asked by the plan, answered by the engine from the pages and the in-memory
//! tail):
//! 1. the postings of the slots' forms ([`ask`]): a slot's weight is its rarity, from the union of those postings
//!    (`df`) and the number of entries (`N`); each step in them is a candidate, scored by its bag of slots;
//! 2. the entries (summary, token estimate) of the best [`PRELIM`] candidates by that bag score (per clause of a
//!    prompt of several) and of the newest [`PRELIM_NEWEST`] ([`Plan::prelim`]): the summary bonus and the BM25
//!    length factor (by token estimate) are computed for these only, and the pool is drawn from them;
//! 3. the postings of the pool's sources ([`Plan::sources`]): the newest step of the same command, file or search;
//! 4. the contents of the pool (at most [`POOL_BEST`] + [`POOL_NEWER`] = 56 cold nodes, [`CLAUSE_POOL`] per clause of a
//!    prompt of several), scored line by line as in `ranked-v1`, a line's words
//!    matched against the slots by the same rules that matched the store's terms ([`Matcher`]); for a question why,
//!    also (not scored) those of the few steps just after its likeliest failures ([`Plan::to_read`]).
//!
//! Differences from `ranked-v1` (why it is another mode: a store that names `ranked-v1` keeps its selections):
//! the length factor counts tokens, not identifiers; the summary bonus and the line words are matched by rule
//! (any word, not only words that are terms of the store); the pool is drawn from the preliminary candidates.

use std::collections::{BTreeMap, BTreeSet};

use crate::extract;
use crate::text::{fold_token, nfc};

use super::forms::{self, Asked, Forms, PART, STEM};
use super::query::{self, Query, Slot};
use super::stem::{match_key, stem_en, strip_tr};
use super::{bag_score, log2_fp, max_q, Cand, Plan};

/// Candidates by bag score whose entries are read: their summaries then weigh in the choice of the pool (64, not 48:
/// measured on the seen recall sessions, +5 answered and none wrong; 72 to 160 gained less, 128 and 160 with wrong
/// answers).
pub const PRELIM: usize = 64;
/// Newest candidates whose entries are read too.
pub const PRELIM_NEWEST: usize = 16;
/// Steps whose contents are read and scored line by line: the best by bag score, and the newest (ranked-v1 reads
/// 64 + 32). (`recall61`: 8 newest, not 16: steps read for being new only are the likeliest wrong answers to a
/// question about the present.)
pub const POOL_BEST: usize = 48;
pub const POOL_NEWER: usize = 8;
/// `recall61`: in a prompt of several clauses, the best steps each clause draws by its own words (not a share of
/// [`POOL_BEST`]: two questions asked as one read what each would read alone, nearly), the newest [`POOL_NEWER`] after
/// them.
pub const CLAUSE_POOL: usize = POOL_BEST * 3 / 4;

/// The best steps each of `clauses` clauses draws: [`CLAUSE_POOL`], and no more than twice [`POOL_BEST`] in all (a
/// prompt of many clauses costs at most twice the reads of a question).
fn clause_pool(clauses: usize) -> usize {
    CLAUSE_POOL.min(2 * POOL_BEST / clauses.max(1))
}
/// A slot carried by more steps than this and by more than an eighth of the store scores candidates without
/// finding any (see [`Plan::paged`]): only stores of more than 8 × 1,024 entries have such slots.
pub const COMMON_MIN: u64 = 1024;
/// The shortest word whose misspellings are looked up, and how many of its first letters they must keep.
pub const MISSPELT_MIN: usize = 7;
pub const MISSPELT_KEEP: usize = 4;
/// The most words of a prompt glued into one form, and the quality of its answer (a word's own stem's: the
/// identifier is what was asked).
#[cfg(ranked_v2)]
const GLUED_MAX: usize = 3;
#[cfg(ranked_v2)]
const GLUED_QUALITY: u32 = 16;
/// The quality of a misspelt word's answer (an identifier part's, 12/16: below the word's own).
#[cfg(ranked_v2)]
const MISSPELT_QUALITY: u32 = 12;
/// `ranked-v2` (`recall24`): what a step that carries every word of a name the index does not keep whole (`orders.v1`,
/// `kervan.com.tr`) scores for it: an identifier part's quality (the name itself is found on the lines read).
#[cfg(ranked_v2)]
const NAME_PARTS_QUALITY: u32 = 12;

/// How the slots of a query are matched by forms: exact forms (a tag and a stem), and prefixes.
#[derive(Debug, Clone, Default)]
pub struct Matcher {
    /// Form key (tag and form, as text) → (slot, quality) for each slot it answers.
    exact: BTreeMap<String, Vec<(usize, u32)>>,
    /// (tag, prefix, slot, quality): forms that start with the prefix, differ from it, and are at most 6 bytes
    /// longer.
    prefixes: Vec<(u8, String, usize, u32)>,
    /// `ranked-v2` (`recall21`): (word, its stem, slot) of the slots' long words, whose forms one edit away
    /// (a letter left out, added, changed, or two swapped: `visiblity`, `availabilty`) answer them when their own
    /// forms find nothing in the store ([`Matcher::of_key_misspelt`]).
    misspelt: Vec<(String, String, usize)>,
    /// The first two bytes of every form above, as a set of 65,536 bits (empty: no such set, every word is
    /// matched in full). A word's forms are its stem and its parts' stems, and a stem keeps the first two bytes of
    /// what it stems ([`stem_en`] only changes or drops bytes from the third on): a word none of whose parts starts
    /// with two bytes of the set answers no slot, which [`Matcher::of_word`] then knows without stemming it.
    heads: Vec<u64>,
}

/// The bytes after which an identifier part starts (those [`super::stem::parts`] splits on).
fn starts_part(b: u8) -> bool {
    matches!(b, b'_' | b'.' | b'/' | b'-' | b':' | b'@' | b' ' | b'\n' | b'\t' | b'=')
}

fn add_exact(map: &mut BTreeMap<String, Vec<(usize, u32)>>, tag: u8, form: &str, slot: usize, q: u32) {
    let list = map.entry(format!("{}{form}", tag as char)).or_default();
    match list.iter_mut().find(|(s, _)| *s == slot) {
        Some(e) => e.1 = e.1.max(q),
        None => list.push((slot, q)),
    }
}

impl Matcher {
    /// The rules of `ranked-v1`'s realization (a slot's keys against a term's stem, quality × 16/16, and against
    /// its parts' stems, × 12/16; a key of five letters or more against longer forms, × 10/16; a Turkish word's
    /// stripped stems, 14/16), for the non-whole slots of `query`.
    pub fn new(query: &Query) -> Matcher {
        let mut m = Matcher::default();
        for (i, slot) in query.slots.iter().enumerate() {
            if slot.whole {
                continue;
            }
            // (`ranked-v2`: an event asked for, "fix", is a word of its own, not a part of a name: `test_fixed_point`.)
            #[cfg(ranked_v2)]
            let parts_answer = !slot.shape.is_some_and(super::is_event);
            #[cfg(not(ranked_v2))]
            let parts_answer = true;
            for (tag, base) in [(STEM, 16u32), (PART, 12u32)] {
                if tag == PART && !parts_answer {
                    continue;
                }
                for (key, kq) in &slot.keys {
                    add_exact(&mut m.exact, tag, key, i, kq * base / 16);
                    // (A truncation of the slot's word, `cover` for "coverage", is matched as it is.)
                    let truncation = key.len() < slot.keys[0].0.len() && slot.keys[0].0.starts_with(key.as_str());
                    if key.chars().count() >= 5 && !truncation {
                        m.prefixes.push((tag, key.clone(), i, kq * base * 10 / 256));
                    }
                }
                if let Some(word) = &slot.inflected {
                    for stripped in strip_tr(word) {
                        add_exact(&mut m.exact, tag, &stem_en(&stripped), i, 14 * base / 16);
                    }
                }
            }
            #[cfg(ranked_v2)]
            if parts_answer {
                let word = match_key(&slot.name);
                if word.len() >= MISSPELT_MIN && word.bytes().all(|b| b.is_ascii_lowercase()) {
                    let stem = stem_en(&word);
                    m.misspelt.push((word, stem, i));
                }
            }
        }
        m.settle_heads();
        m
    }

    /// `ranked-v2` (`recall22`): a run of two or three words of the prompt with a slot word among them, glued, as a
    /// form that answers each slot word of the run, and as a prefix of longer forms: "visibility timeout" is
    /// `VisibilityTimeout`, "max delivery count" `maxDeliveryCount`, which the index keeps lowercased and whole
    /// (`visibilitytimeout`), so that no word of the question finds it otherwise.
    #[cfg(ranked_v2)]
    pub fn add_glued(&mut self, query: &Query, words: &[String]) {
        // (Words of two letters or more, ASCII: a name's words. Words that are no slot, "go", "after", "to", glue in
        // too, `GOTOOLCHAIN`, `retryAfter`, but the form answers the slots only.)
        let plain = |w: &str| w.len() >= 2 && w.bytes().all(|b| b.is_ascii_lowercase());
        let slot_of = |w: &str| query.slots.iter().position(|s| !s.whole && s.name == w);
        for start in 0..words.len() {
            for len in 2..=GLUED_MAX {
                let Some(run) = words.get(start..start + len) else { break };
                if !run.iter().all(|w| plain(w)) {
                    break;
                }
                let slots: Vec<usize> = run.iter().filter_map(|w| slot_of(w)).collect();
                if slots.is_empty() {
                    continue;
                }
                let glued = stem_en(&match_key(&run.concat()));
                for &i in &slots {
                    add_exact(&mut self.exact, STEM, &glued, i, GLUED_QUALITY);
                    // (As a prefix too, at a prefix's 10/16: "horizon max procs" is `maxProcesses`.)
                    if glued.len() >= 5 {
                        self.prefixes.push((STEM, glued.clone(), i, GLUED_QUALITY * 10 / 16));
                    }
                }
            }
        }
        self.settle_heads();
    }

    /// The set of first two bytes of the forms asked for ([`Matcher::heads`]).
    fn settle_heads(&mut self) {
        let m = self;
        m.heads.clear();
        let forms: Vec<&[u8]> = m.exact.keys().map(|k| &k.as_bytes()[1..]).chain(m.prefixes.iter().map(|p| p.1.as_bytes())).chain(m.misspelt.iter().map(|t| t.0.as_bytes())).collect();
        if forms.iter().all(|f| f.len() >= 2) {
            m.heads = vec![0u64; 1024];
            for f in forms {
                let h = usize::from(f[0]) << 8 | usize::from(f[1]);
                m.heads[h >> 6] |= 1 << (h & 63);
            }
        }
    }

    /// Whether a word (a match key) may answer a slot: some part of it starts with the first two bytes of a form
    /// asked for (always, without the set of those).
    fn may_answer(&self, word: &str) -> bool {
        if self.heads.is_empty() {
            return true;
        }
        let b = word.as_bytes();
        let head = |i: usize| {
            b.get(i + 1).is_some_and(|&second| {
                let h = usize::from(b[i]) << 8 | usize::from(second);
                self.heads[h >> 6] & (1 << (h & 63)) != 0
            })
        };
        head(0) || (1..b.len()).any(|i| starts_part(b[i - 1]) && head(i))
    }

    /// The forms to read.
    pub fn asked(&self) -> Asked {
        let mut asked = Asked::default();
        for k in self.exact.keys() {
            asked.add(k.as_bytes().to_vec(), 0);
        }
        for (tag, prefix, _, _) in &self.prefixes {
            asked.add(forms::key(*tag, prefix), 6);
        }
        for (word, _, _) in &self.misspelt {
            for tag in [STEM, PART] {
                asked.add(forms::key(tag, &word[..MISSPELT_KEEP]), word.len() + 1 - MISSPELT_KEEP);
            }
        }
        asked
    }

    /// Slot → quality of a form key, its own or misspelt.
    pub fn of_key(&self, key: &[u8], out: &mut BTreeMap<usize, u32>) {
        self.of_key_as_written(key, out);
        self.of_key_misspelt(key, out);
    }

    /// Slot → quality of a stem or part form one edit away from a slot's long word or its stem (not the same).
    #[allow(unused_variables)]
    pub fn of_key_misspelt(&self, key: &[u8], out: &mut BTreeMap<usize, u32>) {
        #[cfg(ranked_v2)]
        self.misspelt_into(key, out);
    }

    /// [`Matcher::of_key_misspelt`], in the builds that have `ranked-v2`'s rules.
    #[cfg(ranked_v2)]
    fn misspelt_into(&self, key: &[u8], out: &mut BTreeMap<usize, u32>) {
        let Some((&tag, form)) = key.split_first() else { return };
        if tag != STEM && tag != PART {
            return;
        }
        for (word, stem, i) in &self.misspelt {
            let near = form.len() + 1 >= stem.len() && form.len() <= word.len() + 1 && form.starts_with(&word.as_bytes()[..MISSPELT_KEEP]);
            if near && form != stem.as_bytes() && form != word.as_bytes() && (one_edit(form, word.as_bytes()) || one_edit(form, stem.as_bytes())) {
                // (A part's form answers as parts do, 12/16 of it.)
                max_q(out, *i, if tag == STEM { MISSPELT_QUALITY } else { MISSPELT_QUALITY * 12 / 16 });
            }
        }
    }

    /// Slot → quality of a form key as the slots' words are written (exact, or a prefix within 6 bytes).
    pub fn of_key_as_written(&self, key: &[u8], out: &mut BTreeMap<usize, u32>) {
        let Ok(text) = std::str::from_utf8(key) else { return };
        let Some((&tag, _)) = key.split_first() else { return };
        let form = &text[1..];
        if let Some(list) = self.exact.get(text) {
            for &(i, q) in list {
                max_q(out, i, q);
            }
        }
        for (t, prefix, i, q) in &self.prefixes {
            if *t == tag && form.starts_with(prefix.as_str()) && form != prefix && form.len() <= prefix.len() + 6 {
                max_q(out, *i, *q);
            }
        }
    }

    /// Slot → quality of a word (a match key) as if it were a term: its own stem and its parts'.
    pub fn of_word(&self, word: &str) -> BTreeMap<usize, u32> {
        let mut out = BTreeMap::new();
        if !self.may_answer(word) {
            return out;
        }
        for k in forms::term_keys(word) {
            self.of_key(&k, &mut out);
        }
        out
    }
}

/// Whether `a` and `b` differ by one edit: a byte left out, added or changed, or two neighbours swapped.
#[cfg(ranked_v2)]
fn one_edit(a: &[u8], b: &[u8]) -> bool {
    let (short, long) = if a.len() <= b.len() { (a, b) } else { (b, a) };
    let head = short.iter().zip(long).take_while(|(x, y)| x == y).count();
    match long.len() - short.len() {
        0 => head < short.len() && (short[head + 1..] == long[head + 1..] || (head + 1 < short.len() && short[head] == long[head + 1] && short[head + 1] == long[head] && short[head + 2..] == long[head + 2..])),
        1 => short[head..] == long[head + 1..],
        _ => false,
    }
}

/// What a prompt asks of the store before it can be ranked.
pub struct Ask {
    pub query: Query,
    pub matcher: Matcher,
    /// The forms to read.
    pub asked: Asked,
    /// Terms to read whole (files and error names of the prompt), ascending.
    pub whole: Vec<String>,
}

/// Analyse a prompt for paged ranking.
pub fn ask(prompt: &str) -> Ask {
    let query = query::analyse_with(prompt, true);
    #[allow(unused_mut)]
    let mut matcher = Matcher::new(&query);
    #[cfg(ranked_v2)]
    matcher.add_glued(&query, &query::words_in_order(prompt));
    #[allow(unused_mut)]
    let mut asked = matcher.asked();
    #[cfg(ranked_v2)]
    for k in concept_keys(&query) {
        asked.add(k, 0);
    }
    #[allow(unused_mut)]
    let mut whole: BTreeSet<String> = query.slots.iter().filter(|s| s.whole).map(|s| s.keys[0].0.clone()).collect();
    // (`recall24`: and the words of each, for a name the index does not keep whole.)
    #[cfg(ranked_v2)]
    {
        let parts: Vec<String> = whole.iter().flat_map(|t| name_parts(t)).collect();
        whole.extend(parts);
    }
    Ask { query, matcher, asked, whole: whole.into_iter().collect() }
}

/// `ranked-v2` (`recall24`): the words of a host or versioned name the prompt asks for whole that the index keeps as
/// terms of their own (three characters or more, not all digits, not a top-level domain, which every URL of the
/// store may carry): `orders.v1` → `orders`, `kervan.com.tr` → `kervan`. None for a file or a path, which the index
/// keeps whole (and whose parts, `src`, may be on every step: reading their postings for each prompt would cost what
/// the rest of the ranking does).
#[cfg(ranked_v2)]
fn name_parts(name: &str) -> Vec<String> {
    let words: Vec<&str> = name.split(|c: char| !(c.is_alphanumeric() || c == '_')).filter(|w| !w.is_empty()).collect();
    if words.len() < 2 || !query::is_host_name(name) {
        return Vec::new();
    }
    let mut out: Vec<String> = words.into_iter().filter(|w| w.chars().count() >= 3 && !w.bytes().all(|b| b.is_ascii_digit()) && !query::TLDS.contains(w)).map(str::to_string).collect();
    out.dedup();
    out
}

/// The form keys whose steps the prompt's concepts find (`ranked-v2`, [`super::concepts`]), ascending.
#[cfg(ranked_v2)]
fn concept_keys(query: &Query) -> Vec<Vec<u8>> {
    let mut keys: Vec<Vec<u8>> = query.slots.iter().filter_map(|s| match s.shape {
        Some(query::Shape::Concept(k)) => Some(super::concepts::finds(k)),
        _ => None,
    }).flatten().collect();
    keys.sort();
    keys.dedup();
    keys
}

/// The newest steps of the words the prompt's concepts find (a "first" question: the oldest): candidates whatever
/// their words.
#[cfg(ranked_v2)]
fn concept_steps(query: &Query, found: &Forms) -> Vec<i64> {
    let mut out: BTreeSet<i64> = BTreeSet::new();
    for k in concept_keys(query) {
        if let Some(steps) = found.get(&k) {
            if query.intent == query::Intent::First {
                out.extend(steps.iter().take(super::concepts::NEWEST));
            } else {
                out.extend(steps.iter().rev().take(super::concepts::NEWEST));
            }
        }
    }
    out.into_iter().collect()
}

/// Two ascending step lists merged, each step once with its best quality: `a` as it is, `b` at quality `q`.
fn merge_best(a: &[(i64, u32)], b: &[i64], q: u32) -> Vec<(i64, u32)> {
    let mut out = Vec::with_capacity(a.len() + b.len());
    let (mut i, mut j) = (0, 0);
    while i < a.len() || j < b.len() {
        match (a.get(i), b.get(j)) {
            (Some(&(s, qa)), Some(&t)) if s == t => {
                out.push((s, qa.max(q)));
                i += 1;
                j += 1;
            }
            (Some(&(s, qa)), Some(&t)) if s < t => {
                out.push((s, qa));
                i += 1;
            }
            (Some(&x), None) => {
                out.push(x);
                i += 1;
            }
            (_, Some(&t)) => {
                out.push((t, q));
                j += 1;
            }
            (None, None) => break,
        }
    }
    out
}

/// Per clause of a prompt of several, the slots in it (a whole file or error name is in every clause); one mask for
/// a prompt of one clause.
fn clause_masks(slots: &[Slot]) -> Vec<Vec<bool>> {
    let mut bits: Vec<u32> = Vec::new();
    for s in slots.iter().filter(|s| s.clauses != u32::MAX) {
        for b in 0..32 {
            if s.clauses & (1 << b) != 0 && !bits.contains(&b) {
                bits.push(b);
            }
        }
    }
    bits.sort_unstable();
    if bits.len() <= 1 {
        return vec![vec![true; slots.len()]];
    }
    bits.iter().map(|&b| slots.iter().map(|s| s.clauses & (1 << b) != 0).collect()).collect()
}

fn slot_of_whole(slots: &[Slot], term: &str) -> Vec<usize> {
    slots.iter().enumerate().filter(|(_, s)| s.whole && s.keys[0].0 == term).map(|(i, _)| i).collect()
}

impl Plan {
    /// The first round of a paged ranking: `found` holds the postings of the asked forms, `whole` those of the
    /// whole terms, `entries` is the number of entries in the store.
    pub fn paged(prompt: &str, ask: Ask, found: &Forms, whole: &BTreeMap<String, Vec<i64>>, entries: u64) -> Plan {
        let Ask { query, matcher, .. } = ask;
        let n = entries;
        let mut plan = Plan { matcher: Some(matcher), v2_rules: true, ..Plan::empty(prompt, query, n) };
        if plan.index_empty || plan.query.slots.is_empty() {
            return plan;
        }
        let slots = plan.query.slots.clone();
        // Each slot's steps from its forms' postings (already ascending: one form needs no sort), the best quality
        // of each step kept.
        let matcher = plan.matcher.as_ref().expect("set above");
        let mut parts: Vec<Vec<(&[i64], u32)>> = vec![Vec::new(); slots.len()];
        // (Misspelt forms answer a slot only when its own forms find nothing: a word the store has is not a typo.)
        let mut misspelt: Vec<Vec<(&[i64], u32)>> = vec![Vec::new(); slots.len()];
        let mut q = BTreeMap::new();
        for (key, steps) in found {
            q.clear();
            matcher.of_key_as_written(key, &mut q);
            for (&i, &q) in &q {
                parts[i].push((steps.as_slice(), q));
            }
            q.clear();
            matcher.of_key_misspelt(key, &mut q);
            for (&i, &q) in &q {
                misspelt[i].push((steps.as_slice(), q));
            }
        }
        for (i, m) in misspelt.into_iter().enumerate() {
            if parts[i].is_empty() {
                parts[i] = m;
            }
        }
        for (term, steps) in whole {
            for i in slot_of_whole(&slots, term) {
                parts[i].push((steps.as_slice(), 16));
            }
        }
        // (`recall24`: a name no step carries whole, `orders.v1`, finds the steps that carry all of its words.)
        #[cfg(ranked_v2)]
        let by_name_parts: Vec<(usize, Vec<i64>)> = slots
            .iter()
            .enumerate()
            .filter(|(i, s)| s.whole && parts[*i].iter().all(|p| p.0.is_empty()))
            .filter_map(|(i, s)| {
                let words = name_parts(&s.keys[0].0);
                let mut lists = words.iter().map(|w| whole.get(w).map(Vec::as_slice).unwrap_or(&[]));
                let first = lists.next()?.to_vec();
                let steps: Vec<i64> = lists.fold(first, |acc, l| acc.into_iter().filter(|s| l.binary_search(s).is_ok()).collect());
                (!steps.is_empty()).then_some((i, steps))
            })
            .collect();
        #[cfg(ranked_v2)]
        for (i, steps) in &by_name_parts {
            parts[*i] = vec![(steps.as_slice(), NAME_PARTS_QUALITY)];
        }
        let per_slot: Vec<Vec<(i64, u32)>> = parts
            .iter()
            .map(|p| match p.as_slice() {
                [] => Vec::new(),
                [(steps, q)] => steps.iter().map(|&s| (s, *q)).collect(),
                _ => p.iter().fold(Vec::new(), |acc, (steps, q)| merge_best(&acc, steps, *q)),
            })
            .collect();
        let df: Vec<u64> = per_slot.iter().map(|l| l.len() as u64).collect();
        // A very common slot (more than COMMON_MIN steps and an eighth of the store: a word such as `src` that every
        // step carries) finds no candidates of its own: it scores the candidates the other slots found, so the cost
        // of a prompt does not grow with it. With no other slot found, its newest steps are the candidates.
        let common: Vec<bool> = df.iter().map(|&d| d > COMMON_MIN && d * 8 > n).collect();
        let mut cand_steps: Vec<i64> = per_slot.iter().zip(&common).filter(|(_, &c)| !c).flat_map(|(l, _)| l.iter().map(|t| t.0)).collect();
        if cand_steps.is_empty() {
            cand_steps = per_slot.iter().flat_map(|l| l.iter().rev().take(PRELIM).map(|t| t.0)).collect();
            cand_steps.sort_unstable();
            cand_steps.dedup();
            let newest = cand_steps.len().saturating_sub(PRELIM);
            cand_steps.drain(..newest);
        } else {
            cand_steps.sort_unstable();
            cand_steps.dedup();
        }
        // (step, slot, quality) for every candidate and slot it carries, in (step, slot) order.
        let mut triples: Vec<(i64, usize, u32)> = Vec::new();
        for (i, l) in per_slot.iter().enumerate() {
            if common[i] {
                for &step in &cand_steps {
                    if let Ok(k) = l.binary_search_by_key(&step, |t| t.0) {
                        triples.push((step, i, l[k].1));
                    }
                }
            } else {
                // Every step of a slot that is not common is a candidate.
                triples.extend(l.iter().map(|&(s, q)| (s, i, q)));
            }
        }
        triples.sort_unstable();
        let log_n = log2_fp(n + 1);
        for &d in &df {
            let w = if d == 0 { log_n + 256 } else { (log_n - log2_fp(d) + 256).max(32) };
            plan.weights.push(w);
            plan.present.push(d > 0);
            if d == 0 {
                plan.unmatched_weight += w;
            }
        }
        // Each step's bag score (no length factor, no summary yet), then the preliminary candidates: the best by it,
        // and the newest.
        let mut scores: Vec<(i64, i64)> = Vec::new(); // (score, step)
        for t in &triples {
            let add = plan.weights[t.1] * i64::from(t.2) / 16;
            match scores.last_mut() {
                Some(last) if last.1 == t.0 => last.0 += add,
                _ => scores.push((add, t.0)),
            }
        }
        // (A "first" question: the oldest instead, the steps its intent prefers.)
        let first = plan.query.intent == query::Intent::First;
        let newest: Vec<i64> = if first { scores.iter().take(PRELIM_NEWEST).map(|s| s.1).collect() } else { scores.iter().rev().take(PRELIM_NEWEST).map(|s| s.1).collect() };
        // A prompt of several clauses ("which port…, and does checkout pass?"): each clause draws the candidates it
        // would draw alone, by its own slots' bag score, so that one clause's common words do not crowd out the
        // other's (`recall25`: half of PRELIM each left the answer out when one clause's words are on many steps:
        // natively on the seen sessions +5 answered, 1 lost; entries are read for up to PRELIM per clause, not the
        // contents).
        let masks = clause_masks(&plan.query.slots);
        let mut prelim: BTreeSet<i64> = BTreeSet::new();
        if masks.len() > 1 {
            for mask in &masks {
                let mut per: Vec<(i64, i64)> = Vec::new();
                for t in triples.iter().filter(|t| mask[t.1]) {
                    let add = plan.weights[t.1] * i64::from(t.2) / 16;
                    match per.last_mut() {
                        Some(last) if last.1 == t.0 => last.0 += add,
                        _ => per.push((add, t.0)),
                    }
                }
                if per.len() > PRELIM {
                    per.select_nth_unstable_by(PRELIM - 1, |a, b| b.cmp(a));
                    per.truncate(PRELIM);
                }
                prelim.extend(per.iter().map(|s| s.1));
            }
        } else {
            if scores.len() > PRELIM {
                scores.select_nth_unstable_by(PRELIM - 1, |a, b| b.cmp(a));
                scores.truncate(PRELIM);
            }
            prelim.extend(scores.iter().map(|s| s.1));
        }
        prelim.extend(newest);
        // Steps a concept finds (`ranked-v2`: the newest `kubectl get deploy` table for "how many replicas").
        #[cfg(ranked_v2)]
        {
            plan.concept_steps = concept_steps(&plan.query, found);
            prelim.extend(plan.concept_steps.iter().copied());
            // How many steps of the store carry a concept's output words (the longest of their lists: a lower bound
            // of their union, read for free): what a concept's marker weighs at most.
            plan.concept_df = plan
                .query
                .slots
                .iter()
                .map(|s| match s.shape {
                    Some(query::Shape::Concept(k)) => super::concepts::finds(k).iter().filter_map(|key| found.get(key).map(|l| l.len() as u64)).max().unwrap_or(0),
                    _ => 0,
                })
                .collect();
        }
        for &step in &prelim {
            let from = triples.partition_point(|t| t.0 < step);
            let mut c = Cand::new(step);
            for t in triples[from..].iter().take_while(|t| t.0 == step) {
                max_q(&mut c.bag, t.1, t.2);
            }
            plan.cands.insert(step, c);
        }
        plan.prelim = prelim.into_iter().collect();
        plan
    }

    /// Steps whose entries the second round needs (ascending).
    pub fn prelim(&self) -> &[i64] {
        &self.prelim
    }

    /// The second round: the preliminary candidates' entries (token estimate, summary); the ones not given are
    /// left out. Returns the forms of the pool's sources, for the third round.
    pub fn with_entries(&mut self, entries: &BTreeMap<i64, (i64, String)>) -> Asked {
        let prelim: Vec<i64> = self.prelim.iter().copied().filter(|s| entries.contains_key(s)).collect();
        let matcher = self.matcher.take().unwrap_or_default();
        let mut words: BTreeMap<String, BTreeMap<usize, u32>> = BTreeMap::new();
        let mut lengths: BTreeMap<i64, i64> = BTreeMap::new();
        for &step in &prelim {
            let (tokens, summary) = &entries[&step];
            let Some(c) = self.cands.get_mut(&step) else { continue };
            for t in extract::identifiers(summary) {
                let q = words.entry(t.clone()).or_insert_with(|| matcher.of_word(&match_key(&t)));
                for (&i, &q) in q.iter() {
                    max_q(&mut c.summary, i, q);
                }
            }
            lengths.insert(step, (*tokens).max(1));
            self.entries.insert(step, (*tokens, summary.clone()));
        }
        self.matcher = Some(matcher);
        let avg = if lengths.is_empty() { 1 } else { (lengths.values().sum::<i64>() / lengths.len() as i64).max(1) };
        for (&step, &len) in &lengths {
            if let Some(c) = self.cands.get_mut(&step) {
                c.norm = 256 * 22 * avg / (13 * avg + 9 * len);
            }
        }
        let weights = self.weights.clone();
        let all = vec![true; weights.len()];
        for &step in &prelim {
            if let Some(c) = self.cands.get_mut(&step) {
                c.bag_total = bag_score(c, &weights, &all);
            }
        }
        let masks = clause_masks(&self.query.slots);
        let mut pool: BTreeSet<i64> = BTreeSet::new();
        if masks.len() > 1 {
            // Each clause its share of the pool, by its own slots (as the preliminary candidates).
            let share = clause_pool(masks.len());
            for mask in &masks {
                let mut order: Vec<(i64, i64)> = prelim.iter().map(|s| (bag_score(&self.cands[s], &weights, mask), *s)).filter(|o| o.0 > 0).collect();
                super::sort_desc(&mut order);
                pool.extend(order.iter().take(share).map(|o| o.1));
            }
        } else {
            let mut order: Vec<(i64, i64)> = prelim.iter().map(|s| (self.cands[s].bag_total, *s)).collect();
            super::sort_desc(&mut order);
            pool.extend(order.iter().take(POOL_BEST).map(|o| o.1));
        }
        #[cfg(ranked_v2)]
        for &step in &self.concept_steps {
            if prelim.binary_search(&step).is_ok() {
                pool.insert(step);
            }
        }
        let first = self.query.intent == query::Intent::First;
        let by_age: Vec<i64> = if first { prelim.clone() } else { prelim.iter().rev().copied().collect() };
        let most = if masks.len() > 1 { clause_pool(masks.len()) * masks.len() + POOL_NEWER } else { POOL_BEST + POOL_NEWER };
        for step in by_age {
            if pool.len() >= most {
                break;
            }
            pool.insert(step);
        }
        self.pool = pool.into_iter().collect();
        #[cfg(not(target_arch = "wasm32"))]
        if std::env::var_os("CF_RANK_DEBUG").is_some() {
            eprintln!("  pool {:?}", self.pool);
        }
        #[cfg(ranked_v2)]
        {
            self.around_moment = self.around_moment();
        }
        let mut asked = Asked::default();
        for step in &self.pool {
            asked.add(forms::source_key(&self.entries[step].1), 0);
        }
        asked
    }

    /// `ranked-v2` (`recall17`): the steps next to the moment a question's anchor clause names, on the asked side (at
    /// most [`super::AROUND_MOMENT`]): the moment is the oldest of the preliminary candidates whose bag and summary
    /// carry the anchor's words as well as the best one's do (computed once, when their entries are in).
    #[cfg(ranked_v2)]
    fn around_moment(&self) -> Vec<i64> {
        let Some((clause, after)) = self.query.anchor.filter(|_| self.v2_rules) else { return Vec::new() };
        let mask: Vec<bool> = self.query.slots.iter().map(|s| s.clauses != u32::MAX && s.clauses & (1 << clause.min(31)) != 0).collect();
        let scored: Vec<(i64, i64)> = self.prelim.iter().filter(|s| self.entries.contains_key(s)).map(|s| (bag_score(&self.cands[s], &self.weights, &mask), *s)).filter(|g| g.0 > 0).collect();
        let Some(best) = scored.iter().map(|g| g.0).max() else { return Vec::new() };
        let Some(moment) = scored.iter().filter(|g| g.0 * 16 >= best * super::BAND).map(|g| g.1).min() else { return Vec::new() };
        if after {
            (moment + 1..=moment + super::AROUND_MOMENT).collect()
        } else {
            ((moment - super::AROUND_MOMENT).max(0)..moment).collect()
        }
    }

    /// `ranked-v2`: the pool's rollbacks, for a question why something was rolled back (none for any other).
    #[cfg(ranked_v2)]
    fn rollbacks(&self) -> Vec<i64> {
        if !(self.v2_rules && super::asks_why(&self.query)) {
            return Vec::new();
        }
        self.pool.iter().copied().filter(|s| self.entries.get(s).is_some_and(|e| super::excerpt::rolls_back(&e.1))).collect()
    }

    /// `ranked-v2`: for a question why something failed, the steps just after the best candidates of the pool, where
    /// the file a failure points at is read or its address resolved ([`super::excerpt::ORIGIN_AFTER`]).
    #[cfg(ranked_v2)]
    fn after_failures(&self) -> Vec<i64> {
        if !(self.v2_rules && super::asks_why(&self.query)) {
            return Vec::new();
        }
        let mut best: Vec<(i64, i64)> = self.pool.iter().filter_map(|s| self.cands.get(s).map(|c| (c.bag_total, *s))).collect();
        best.sort_unstable_by(|a, b| b.cmp(a));
        let mut out: BTreeSet<i64> = BTreeSet::new();
        for &(_, step) in best.iter().take(super::excerpt::ORIGIN_OF) {
            out.extend(step + 1..=step + super::excerpt::ORIGIN_AFTER);
        }
        out.into_iter().collect()
    }

    /// The third round: the postings of the pool's sources. Returns the steps, newer than a pool step and of its
    /// source's key, whose entries [`Plan::with_newer`] needs.
    /// (A "first" question: the oldest step of the source, older than the pool step, instead.)
    pub fn sources(&self, found: &Forms) -> Vec<i64> {
        let first = self.query.intent == query::Intent::First;
        let mut out: BTreeSet<i64> = BTreeSet::new();
        for step in &self.pool {
            let key = forms::source_key(&self.entries[step].1);
            if let Some(&newest) = found.get(&key).and_then(|s| if first { s.first() } else { s.last() }) {
                if (newest > *step) != first && newest != *step {
                    out.insert(newest);
                }
            }
        }
        // (`ranked-v2`, `recall17`: a question about a moment: the steps next to it on the asked side.)
        #[cfg(ranked_v2)]
        out.extend(&self.around_moment);
        // (`ranked-v2`: a question why a release was rolled back: the steps just before each rollback of the pool,
        // where what made it fail may be shown (`Plan::finish` shows the failure lines of the nearest).)
        #[cfg(ranked_v2)]
        for step in self.rollbacks() {
            out.extend((step - super::excerpt::CAUSE_BEFORE).max(0)..step);
        }
        // (`ranked-v2`: and the steps after a question's likeliest failures, where what they point at is looked at.)
        #[cfg(ranked_v2)]
        out.extend(self.after_failures());
        // (`ranked-v2`, `recall10`: a question about a fix: the steps just after each pool step, where the edit that
        // fixed what it shows may be (`Plan::finish` keeps the edits of a file the step names).)
        #[cfg(ranked_v2)]
        if self.v2_rules && self.query.slots.iter().any(|s| s.shape.is_some_and(super::is_event)) {
            for step in &self.pool {
                if super::edited_file(&self.entries[step].1).is_none() {
                    out.extend(step + 1..=step + super::FIX_AFTER);
                }
            }
        }
        out.into_iter().collect()
    }

    /// The entries of the steps [`Plan::sources`] named: each is the newest of a pool step's source when its
    /// summary names the same source (a hash can collide).
    pub fn with_newer(&mut self, found: &Forms, newer: &BTreeMap<i64, (i64, String)>) {
        let first = self.query.intent == query::Intent::First;
        let mut map = BTreeMap::new();
        for step in self.pool.clone() {
            let summary = self.entries[&step].1.clone();
            let key = forms::source_key(&summary);
            let Some(&newest) = found.get(&key).and_then(|s| if first { s.first() } else { s.last() }) else { continue };
            if (newest <= step) != first || newest == step {
                continue;
            }
            if let Some(e) = newer.get(&newest).filter(|e| forms::source(&e.1) == forms::source(&summary)) {
                map.insert(step, newest);
                self.entries.entry(newest).or_insert_with(|| e.clone());
            }
        }
        self.newest_of_source = map;
        // (`ranked-v2`, `recall17`: the steps next to a question's moment join the pool, read as the others are.)
        #[cfg(ranked_v2)]
        for step in self.around_moment.clone() {
            if let Some(e) = newer.get(&step) {
                self.entries.entry(step).or_insert_with(|| e.clone());
                if let Err(at) = self.pool.binary_search(&step) {
                    self.pool.insert(at, step);
                    self.cands.entry(step).or_insert_with(|| Cand::new(step));
                }
            }
        }
        // (`ranked-v2`: the steps before a rollback, for a question why: read as the pool's are.)
        #[cfg(ranked_v2)]
        let (before_rollbacks, after_failures) = (self.rollbacks().into_iter().flat_map(|r| (r - super::excerpt::CAUSE_BEFORE).max(0)..r).collect::<Vec<i64>>(), self.after_failures());
        #[cfg(ranked_v2)]
        for step in before_rollbacks {
            let Some(e) = newer.get(&step) else { continue };
            self.entries.entry(step).or_insert_with(|| e.clone());
            if let Err(at) = self.pool.binary_search(&step) {
                self.pool.insert(at, step);
                self.cands.entry(step).or_insert_with(|| Cand::new(step));
            }
        }
        // (Those after a failure are read, not candidates: what they show is looked at only where the failure points.)
        #[cfg(ranked_v2)]
        for step in after_failures {
            let Some(e) = newer.get(&step) else { continue };
            self.entries.entry(step).or_insert_with(|| e.clone());
            if self.pool.binary_search(&step).is_err() && !self.follow_ups.contains(&step) {
                self.follow_ups.push(step);
            }
        }
        // (`ranked-v2`, `recall10`: the edits among the steps after the pool's, for a question about a fix.)
        #[cfg(ranked_v2)]
        if self.v2_rules && self.query.slots.iter().any(|s| s.shape.is_some_and(super::is_event)) {
            for (&step, e) in newer {
                if super::edited_file(&e.1).is_some() {
                    self.entries.entry(step).or_insert_with(|| e.clone());
                }
            }
        }
    }

    /// Before the line scores of a paged ranking: every word of the pool's contents and summaries that answers a
    /// slot, matched by rule, and the prompt's whole terms (matched inside a line).
    #[cfg_attr(not(ranked_v2), allow(dead_code))]
    pub(super) fn word_slots(&mut self, contents: &BTreeMap<i64, String>) {
        let Some(matcher) = self.matcher.take() else { return };
        // Words looked up already (only those that may answer: the others cost less to test again).
        let mut seen: BTreeSet<String> = BTreeSet::new();
        let mut low = String::new();
        let mut visit = |text: &str, term_slots: &mut BTreeMap<String, Vec<(usize, u32)>>| {
            for line in text.lines().take(20_000) {
                if line.is_ascii() {
                    for w in line.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).filter(|w| !w.is_empty()) {
                        // (`recall20`: and an identifier's parts, which the line scores match as parts,
                        // `failureRateThreshold` for "the failure threshold": each is looked up as a word.)
                        #[cfg(ranked_v2)]
                        let parts = super::identifier_parts(w);
                        #[cfg(not(ranked_v2))]
                        let parts: Vec<&str> = Vec::new();
                        for w in std::iter::once(w).chain(parts) {
                            low.clear();
                            low.extend(w.bytes().map(|b| b.to_ascii_lowercase() as char));
                            if matcher.may_answer(&low) && !seen.contains(low.as_str()) {
                                let q = matcher.of_word(&low);
                                if !q.is_empty() {
                                    term_slots.insert(low.clone(), q.into_iter().collect());
                                }
                                seen.insert(low.clone());
                            }
                        }
                    }
                    continue;
                }
                for word in super::words_of(&nfc(line)) {
                    let key = if word.is_ascii() { word.to_ascii_lowercase() } else { match_key(&fold_token(word)) };
                    if matcher.may_answer(&key) && !seen.contains(&key) {
                        let q = matcher.of_word(&key);
                        if !q.is_empty() {
                            term_slots.insert(key.clone(), q.into_iter().collect());
                        }
                        seen.insert(key);
                    }
                }
            }
        };
        let mut term_slots = std::mem::take(&mut self.term_slots);
        for step in &self.pool {
            if let Some(e) = self.entries.get(step) {
                visit(&super::short_paths(&e.1), &mut term_slots);
            }
            if let Some(text) = contents.get(step) {
                visit(text, &mut term_slots);
            }
        }
        for (i, slot) in self.query.slots.iter().enumerate() {
            if slot.whole {
                let list = term_slots.entry(slot.keys[0].0.clone()).or_default();
                if !list.iter().any(|(s, _)| *s == i) {
                    list.push((i, 16));
                }
            }
        }
        self.term_slots = term_slots;
        self.matcher = Some(matcher);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(ranked_v2)]
    #[test]
    fn the_words_of_a_name_are_those_the_index_keeps_as_terms() {
        assert_eq!(name_parts("orders.v1"), ["orders"]);
        assert_eq!(name_parts("kervan.com.tr"), ["kervan"]);
        assert_eq!(name_parts("api.acme-shop.dev"), ["api", "acme", "shop"]);
        assert!(name_parts("/var/log").is_empty(), "a path is kept whole");
        assert!(name_parts("src/app/main.go").is_empty(), "a file is kept whole");
        assert!(name_parts("3.12.1").is_empty());
        assert!(name_parts("checkout").is_empty(), "a name of one word is its own term");
    }

    #[cfg(ranked_v2)]
    #[test]
    fn one_edit_is_a_letter_left_out_added_changed_or_two_swapped() {
        for (a, b) in [("visiblity", "visibility"), ("availabilty", "availability"), ("recieve", "receive"), ("timeuot", "timeout"), ("deploy", "deplot")] {
            assert!(one_edit(a.as_bytes(), b.as_bytes()) && one_edit(b.as_bytes(), a.as_bytes()), "{a} {b}");
        }
        for (a, b) in [("timeout", "timeout"), ("visblty", "visibility"), ("deploy", "redeploy"), ("abcd", "badc")] {
            assert!(!one_edit(a.as_bytes(), b.as_bytes()), "{a} {b}");
        }
    }

    #[cfg(ranked_v2)]
    #[test]
    fn slot_words_asked_apart_answer_by_the_identifier_they_glue_into_or_start() {
        let a = ask("horizon max procs and visibility timeout now?");
        let slot = |n: &str| a.query.slots.iter().position(|s| s.name == n).unwrap();
        let glued = a.matcher.of_word("visibilitytimeout");
        assert_eq!((glued.get(&slot("visibility")), glued.get(&slot("timeout"))), (Some(&GLUED_QUALITY), Some(&GLUED_QUALITY)));
        let started = a.matcher.of_word("maxprocesses");
        assert_eq!((started.get(&slot("max")), started.get(&slot("procs"))), (Some(&(GLUED_QUALITY * 10 / 16)), Some(&(GLUED_QUALITY * 10 / 16))));
        assert!(a.asked.wants(&forms::key(STEM, &stem_en("visibilitytimeout"))) && a.asked.wants(&forms::key(STEM, &stem_en("maxprocesses"))));
        // (A word that is no slot glues in too, and the form answers the slot words: `GOTOOLCHAIN`.)
        let b = ask("which go toolchain do we build with now");
        let toolchain = b.query.slots.iter().position(|s| s.name == "toolchain").unwrap();
        assert_eq!(b.matcher.of_word("gotoolchain").get(&toolchain), Some(&GLUED_QUALITY));
        // (Only words next to each other: "horizon" and "visibility" are not a name.)
        assert!(a.matcher.of_word("horizonvisibility").is_empty() && a.matcher.of_word("procsvisibility").is_empty());
    }

    #[cfg(ranked_v2)]
    #[test]
    fn a_misspelt_long_word_answers_by_the_forms_one_edit_away_only_when_its_own_find_nothing() {
        let a = ask("whats the visiblity timeout on the orders queue");
        let vis = a.query.slots.iter().position(|s| s.name == "visiblity").unwrap();
        assert!(a.asked.wants(&forms::key(STEM, &stem_en("visibility"))));
        assert_eq!(a.matcher.of_word("visibility").get(&vis), Some(&MISSPELT_QUALITY));
        let mut found = Forms::new();
        found.insert(forms::key(STEM, &stem_en("visibility")), vec![2]);
        found.insert(forms::key(STEM, &stem_en("timeout")), vec![1, 2]);
        let plan = Plan::paged("whats the visiblity timeout on the orders queue", ask("whats the visiblity timeout on the orders queue"), &found, &BTreeMap::new(), 10);
        assert!(plan.cands[&2].bag.contains_key(&vis));
        // A word the store has is no misspelling of another.
        let mut both = found.clone();
        both.insert(forms::key(STEM, &stem_en("visiblity")), vec![1]);
        let plan = Plan::paged("whats the visiblity timeout on the orders queue", ask("whats the visiblity timeout on the orders queue"), &both, &BTreeMap::new(), 10);
        assert!(!plan.cands[&2].bag.contains_key(&vis));
    }

    #[test]
    fn words_match_slots_by_the_rules_of_terms() {
        let a = ask("Which port is postgres on now?");
        let port = a.query.slots.iter().position(|s| s.name == "port").unwrap();
        let pg = a.query.slots.iter().position(|s| s.name == "postgres").unwrap();
        assert_eq!(a.matcher.of_word("ports").get(&port), Some(&16));
        assert_eq!(a.matcher.of_word("postgres_port").get(&port), Some(&12));
        assert_eq!(a.matcher.of_word("postgresql").get(&pg), Some(&13));
        assert!(a.matcher.of_word("portal").is_empty());
        let t = ask("Flaky testi düzelttik mi?");
        assert!(t.asked.wants(&forms::key(STEM, "test")));
    }

    #[cfg(ranked_v2)]
    #[test]
    fn an_event_asked_for_is_a_word_of_its_own_not_a_part_of_a_name() {
        let a = ask("How did we fix the usb interrupt handler?");
        let fix = a.query.slots.iter().position(|s| s.name == "fix").unwrap();
        let usb = a.query.slots.iter().position(|s| s.name == "usb").unwrap();
        assert_eq!(a.matcher.of_word("fixed").get(&fix), Some(&16));
        // A test named after fixed-point numbers fixes nothing; a thing asked about is still found in a name.
        assert!(a.matcher.of_word("test_fixed_point").get(&fix).is_none());
        assert_eq!(a.matcher.of_word("usb_otg_fs").get(&usb), Some(&12));
    }

    #[test]
    fn each_clause_of_a_prompt_draws_the_candidates_it_would_draw_alone() {
        // 100 steps carry both words of the first clause, 100 others both of the second: more than half of PRELIM each.
        let mut found = Forms::new();
        found.insert(forms::key(STEM, &stem_en("postgres")), (1..=300).collect());
        found.insert(forms::key(STEM, &stem_en("port")), (3..=300).step_by(3).collect());
        found.insert(forms::key(STEM, &stem_en("python")), (301..=600).collect());
        found.insert(forms::key(STEM, &stem_en("version")), (303..=600).step_by(3).collect());
        let n = 10_000;
        let alone = Plan::paged("which port is postgres on?", ask("which port is postgres on?"), &found, &BTreeMap::new(), n);
        let prompt = "which port is postgres on, and which python version do we run?";
        let both = Plan::paged(prompt, ask(prompt), &found, &BTreeMap::new(), n);
        assert_eq!(clause_masks(&both.query.slots).len(), 2);
        let best_alone: Vec<i64> = alone.prelim.iter().copied().filter(|s| s % 3 == 0).collect();
        assert!(best_alone.len() >= PRELIM / 2 + 1, "{best_alone:?}");
        let missing: Vec<i64> = best_alone.iter().copied().filter(|s| !both.prelim.contains(s)).collect();
        assert!(missing.is_empty(), "{missing:?}");
    }

    #[test]
    fn a_word_every_step_carries_scores_the_candidates_of_rarer_words_without_adding_its_own() {
        let n = 20_000i64;
        let a = ask("postgres src");
        let (pg, src) = (a.query.slots.iter().position(|s| s.name == "postgres").unwrap(), a.query.slots.iter().position(|s| s.name == "src").unwrap());
        let mut found = Forms::new();
        found.insert(forms::key(STEM, "src"), (1..=n).collect());
        found.insert(forms::key(PART, "src"), (1..=n).step_by(2).collect());
        found.insert(forms::key(STEM, &stem_en("postgres")), vec![5, 17_000]);
        let plan = Plan::paged("postgres src", a, &found, &BTreeMap::new(), n as u64);
        assert_eq!(plan.prelim, vec![5, 17_000]);
        assert_eq!(plan.cands[&5].bag.keys().copied().collect::<Vec<_>>(), {
            let mut v = vec![pg, src];
            v.sort();
            v
        });
        assert!(plan.present[src] && plan.weights[src] < plan.weights[pg]);
        // Nothing rarer: the newest steps of the common word are the candidates.
        let a = ask("src");
        let plan = Plan::paged("src", a, &found, &BTreeMap::new(), n as u64);
        assert_eq!(plan.prelim, ((n - PRELIM as i64 + 1)..=n).collect::<Vec<_>>());
        // In a store of at most 8 × COMMON_MIN entries every step that carries a word is a candidate.
        let small: Forms = found.iter().map(|(k, v)| (k.clone(), v.iter().copied().filter(|&s| s <= 1000).collect())).collect();
        let plan = Plan::paged("postgres src", ask("postgres src"), &small, &BTreeMap::new(), 1000);
        assert!(plan.prelim.contains(&5) && plan.prelim.contains(&1000) && plan.prelim.len() >= PRELIM);
    }

    #[test]
    fn the_two_byte_filter_never_drops_a_word_that_answers() {
        let words = [
            "ports", "postgres_port", "postgresql", "portal", "flakiness", "flies", "flaky", "tests", "testing", "db.port",
            "my-postgres", "x_y", "re_tested", "migrations", "migrate", "rollbacks", "rolled", "duzelttik", "düzelt",
            "fixed", "fixing", "cries", "crying", "config.yaml", "a", "po", "ab_po", "versions", "v12", "v12_rollback",
        ];
        for prompt in ["Which port is postgres on now?", "Flaky testi düzelttik mi?", "why did we roll back V12 migrations?", "cry fly db"] {
            let a = ask(prompt);
            let mut unfiltered = a.matcher.clone();
            unfiltered.heads.clear();
            assert!(!a.matcher.heads.is_empty(), "{prompt}");
            for w in words {
                let key = match_key(&fold_token(w));
                assert_eq!(a.matcher.of_word(&key), unfiltered.of_word(&key), "{prompt}: {w}");
            }
        }
    }
}
