//! The Software MMU scan, RGSC (spec §7): greedy residual coverage with per-call and per-turn budgets, intent
//! ownership, the first candidate always admitted, and the budget ≤ 0 behaviour of the reference.
//!
//! Candidates come from the inverted map, never from a pass over the whole index. The greedy loop works on
//! groups of candidates that match the same query terms: within a group every member always has the same
//! gain, so only the most recent one can ever be picked, and once it is picked or dropped the group's terms
//! are gone from the residual and the rest of the group has gain 0. The loop is thus over distinct term sets,
//! not over candidates.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use crate::error::Result;
use crate::extract;
use crate::index::RecallIndex;

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
    /// Every matching node, by matched-term count then step id, both descending (display order).
    pub candidates: Vec<ScanCandidate>,
    /// Nodes to hydrate, in the order picked.
    pub selected: Vec<ScanSelection>,
    /// Nodes that would have answered an intent but did not fit the turn budget.
    pub budget_dropped: Vec<ScanSelection>,
    pub consumed_tokens: i64,
    pub budget_limit: i64,
    pub max_per_call: i64,
    /// Query terms no picked or dropped node answered, sorted.
    pub residual: Vec<String>,
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
    let query_terms = extract::scan_query_terms(prompt);
    let n = query_terms.len();
    let mut result = ScanResult {
        prompt: prompt.to_string(),
        index_empty: index.is_empty(),
        query_terms: query_terms.clone(),
        candidates: Vec::new(),
        selected: Vec::new(),
        budget_dropped: Vec::new(),
        consumed_tokens: 0,
        budget_limit,
        max_per_call,
        residual: query_terms.clone(),
    };
    if index.is_empty() {
        return Ok(result);
    }

    // Which query terms each matching step carries.
    let mut matched: HashMap<i64, TermSet> = HashMap::new();
    for (i, term) in query_terms.iter().enumerate() {
        if let Some(id) = index.term_id(term) {
            for &step in index.postings(id) {
                matched.entry(step).or_insert_with(|| TermSet::empty(n)).insert(i);
            }
        }
    }
    let names = |set: &TermSet| -> Vec<String> { set.members(n).map(|i| query_terms[i].clone()).collect() };
    let summary = |step: i64| index.by_step(step).map(|e| e.summary().to_string()).unwrap_or_default();

    let mut candidates: Vec<(i64, &TermSet)> = matched.iter().map(|(s, m)| (*s, m)).collect();
    candidates.sort_by(|a, b| b.1.count().cmp(&a.1.count()).then(b.0.cmp(&a.0)));
    result.candidates =
        candidates.iter().map(|(s, m)| ScanCandidate { step_id: *s, matched: names(m), summary: summary(*s) }).collect();

    // The most recent step of each distinct matched-term set.
    let mut groups: HashMap<&TermSet, i64> = HashMap::new();
    for (step, set) in &candidates {
        let best = groups.entry(set).or_insert(*step);
        *best = (*best).max(*step);
    }
    let mut groups: Vec<(&TermSet, i64)> = groups.into_iter().collect();

    let mut residual = TermSet::full(n);
    let mut consumed: i128 = 0;
    let budget = i128::from(budget_limit);
    let per_call = i128::from(max_per_call);
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
        let entry_tokens = index.by_step(step).map_or(0, |e| e.token_estimate());
        let cost = i128::from(entry_tokens).min(per_call).min(budget);
        let mut answered = residual.clone();
        answered.0.iter_mut().zip(&set.0).for_each(|(a, b)| *a &= b);
        let pick = ScanSelection { step_id: step, matched: names(&answered), cost: cost as i64, summary: summary(step) };
        if result.selected.is_empty() || consumed + cost <= budget {
            consumed += cost;
            result.selected.push(pick);
        } else {
            result.budget_dropped.push(pick);
        }
        // Intent ownership: all of the node's terms leave the residual, picked or not.
        residual.remove_all(set);
    }
    result.consumed_tokens = consumed.clamp(i128::from(i64::MIN), i128::from(i64::MAX)) as i64;
    result.residual = names(&residual);
    Ok(result)
}
