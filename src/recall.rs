//! Recall (spec §6): coverage tiers ordered by recency, with the reference's labels. `score` is reported but,
//! as in the reference, plays no part in the order.

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

use crate::types::IndexEntry;
use crate::extract;
use crate::index::RecallIndex;

/// One recalled node.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct RecallCandidate {
    pub step_id: i64,
    /// +2 per query term in the summary's identifiers, +1 per query term among the node's terms.
    pub score: i64,
    /// Number of query terms matched.
    pub coverage: i64,
    /// `latest_chronological`, `superseded`, `historical` (top tier) or `related`.
    pub status: String,
    pub entry: IndexEntry,
}

/// `cmd_recall(query)`.
pub fn recall(index: &RecallIndex, query: &str) -> Vec<RecallCandidate> {
    let terms = extract::recall_query_terms(query);
    let ids: Vec<u32> = terms.iter().filter_map(|t| index.term_id(t)).collect();
    let mut steps = BTreeSet::new();
    for &id in &ids {
        steps.extend(index.postings(id).to_vec());
        steps.extend(index.summary_only_postings(id).iter().copied());
    }
    let mut scored: Vec<(i64, i64, i64)> = Vec::new(); // (step, score, coverage)
    for step in steps {
        let Some(entry) = index.by_step(step) else { continue };
        let (mut score, mut coverage) = (0, 0);
        let summary_terms = entry.summary_terms();
        for id in &ids {
            let in_summary = summary_terms.binary_search(id).is_ok();
            let in_terms = index.entry_has_term(&entry, *id);
            score += 2 * i64::from(in_summary) + i64::from(in_terms);
            coverage += i64::from(in_summary || in_terms);
        }
        if coverage > 0 {
            scored.push((step, score, coverage));
        }
    }
    let Some(max_coverage) = scored.iter().map(|c| c.2).max() else { return Vec::new() };
    let (mut primary, mut secondary): (Vec<_>, Vec<_>) = scored.into_iter().partition(|c| c.2 == max_coverage);
    primary.sort_by(|a, b| b.0.cmp(&a.0));
    secondary.sort_by(|a, b| b.0.cmp(&a.0));
    let n = primary.len();
    let label = |rank: usize| match (n, rank) {
        (_, 0) => "latest_chronological",
        (2, _) => "historical",
        (_, r) if r == n - 1 => "historical",
        _ => "superseded",
    };
    let make = |(step, score, coverage): (i64, i64, i64), status: &str| RecallCandidate {
        step_id: step,
        score,
        coverage,
        status: status.to_string(),
        entry: index.by_step(step).map(IndexEntry::from).unwrap_or_default(),
    };
    let mut out: Vec<RecallCandidate> = primary.into_iter().enumerate().map(|(r, c)| make(c, label(r))).collect();
    out.extend(secondary.into_iter().map(|c| make(c, "related")));
    out
}
