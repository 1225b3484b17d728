//! Word forms as postings, for paged ranking (`ranked-v2`): what lets a prompt find the steps whose terms answer
//! its slots by reading the postings of the slots' forms, instead of matching every term of the store.
//!
//! Each term of the index contributes its steps to
//! * `s<stem>`: the English stem of its match key ([`stem_en`]`(`[`match_key`]`(term))`), quality base 16;
//! * `p<stem>`: the stem of each identifier part ([`parts`]: `postgres_port` → `postgres`, `port`) of at least
//!   two characters, quality base 12;
//!
//! and each entry contributes its step to `u<hash>`, the hash of its *source* (its summary without ` (failed)`: the
//! same command, file or search run at another time). These are exactly the forms `ranked-v1` builds from the whole
//! index for every prompt, kept as postings: the pages hold them next to the term postings (a *forms* unit beside
//! each unit, see [`crate::pages`]), the in-memory part of the index (the journal's tail) is turned into forms when
//! asked.

use std::collections::BTreeMap;

use crate::hash::fast_hash;
use crate::index::RecallIndex;

use super::stem::{match_key, parts, stem_en};

/// Form key tag of a term's own stem.
pub const STEM: u8 = b's';
/// Form key tag of an identifier part's stem.
pub const PART: u8 = b'p';
/// Form key tag of a source's hash.
pub const SOURCE: u8 = b'u';

/// Forms and their steps, in key order.
pub type Forms = BTreeMap<Vec<u8>, Vec<i64>>;

/// A form key: a tag and the form.
pub fn key(tag: u8, form: &str) -> Vec<u8> {
    let mut k = Vec::with_capacity(form.len() + 1);
    k.push(tag);
    k.extend_from_slice(form.as_bytes());
    k
}

/// The source a summary names: the tool and its input, without the ` (failed)` a failed call's summary ends with
/// (a command that failed, then passed, is one source).
pub fn source(summary: &str) -> &str {
    let s = summary.trim_end();
    s.strip_suffix(" (failed)").unwrap_or(s)
}

/// The form key of a summary's source.
pub fn source_key(summary: &str) -> Vec<u8> {
    let mut k = vec![SOURCE];
    k.extend_from_slice(format!("{:016x}", fast_hash(source(summary).as_bytes())).as_bytes());
    k
}

/// The form keys of a term (own stem first, then its parts'), deduplicated.
pub fn term_keys(term: &str) -> Vec<Vec<u8>> {
    let m = match_key(term);
    let mut out = vec![key(STEM, &stem_en(&m))];
    for p in parts(&m) {
        let s = stem_en(p);
        if s.chars().count() >= 2 {
            let k = key(PART, &s);
            if !out.contains(&k) {
                out.push(k);
            }
        }
    }
    out
}

/// Add `steps` (ascending) to `key`'s steps.
fn add(forms: &mut Forms, key: Vec<u8>, steps: &[i64]) {
    forms.entry(key).or_default().extend_from_slice(steps);
}

/// Sort and deduplicate every list.
fn settle(forms: &mut Forms) {
    for steps in forms.values_mut() {
        steps.sort_unstable();
        steps.dedup();
    }
}

/// The forms of a whole index (its terms' postings and its entries' sources).
pub fn of_index(index: &RecallIndex) -> Forms {
    let mut forms = Forms::new();
    for (term, steps) in index.all_postings() {
        for k in term_keys(term) {
            add(&mut forms, k, &steps);
        }
    }
    for e in index.entries() {
        add(&mut forms, source_key(e.summary()), &[e.step_id]);
    }
    settle(&mut forms);
    forms
}

/// What a ranking asks of the forms: keys, each exact (`0`) or a prefix whose forms up to that many bytes longer
/// count too; ascending, one entry per key.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Asked(Vec<(Vec<u8>, usize)>);

impl Asked {
    /// Ask for `key` alone (`extra` 0) or with the forms that start with it and are at most `extra` bytes longer.
    pub fn add(&mut self, key: Vec<u8>, extra: usize) {
        match self.0.binary_search_by(|(k, _)| k.as_slice().cmp(&key)) {
            Ok(i) => self.0[i].1 = self.0[i].1.max(extra),
            Err(i) => self.0.insert(i, (key, extra)),
        }
    }

    /// Whether `form` is asked for (exactly, or under a prefix).
    pub fn wants(&self, form: &[u8]) -> bool {
        (1..=form.len()).any(|n| {
            self.0
                .binary_search_by(|(k, _)| k.as_slice().cmp(&form[..n]))
                .is_ok_and(|i| n == form.len() || form.len() <= n + self.0[i].1)
        })
    }

    /// The key ranges to read: each key, alone (`false`) or with every key that starts with it (`true`).
    pub fn ranges(&self) -> Vec<(Vec<u8>, bool)> {
        self.0.iter().map(|(k, extra)| (k.clone(), *extra > 0)).collect()
    }
}

/// The asked forms of `forms`, merged into `found`.
pub fn answer(forms: &Forms, asked: &Asked, found: &mut Forms) {
    for (p, extra) in &asked.0 {
        for (k, steps) in forms.range(p.clone()..) {
            if !(k.starts_with(p) && (k == p || *extra > 0)) {
                break;
            }
            if asked.wants(k) {
                found.entry(k.clone()).or_default().extend_from_slice(steps);
            }
        }
    }
}

/// Sort and deduplicate what several sources answered.
pub fn settle_found(found: &mut Forms) {
    settle(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_term_gives_its_stem_and_its_parts() {
        let keys = term_keys("postgres_port");
        assert_eq!(keys[0], key(STEM, "postgres_port"));
        assert!(keys.contains(&key(PART, "postgr")) || keys.contains(&key(PART, "postgres")));
        assert!(keys.contains(&key(PART, "port")));
        assert_eq!(term_keys("migrations"), vec![key(STEM, &stem_en("migration"))]);
    }

    #[test]
    fn prefixes_answer_within_their_reach() {
        let mut forms = Forms::new();
        forms.insert(key(STEM, "migrat"), vec![1, 3]);
        forms.insert(key(STEM, "migrator"), vec![2]);
        forms.insert(key(STEM, "migratorsandmore"), vec![4]);
        forms.insert(key(PART, "migrat"), vec![5]);
        let mut asked = Asked::default();
        asked.add(key(STEM, "migrat"), 6);
        let mut found = Forms::new();
        answer(&forms, &asked, &mut found);
        assert_eq!(found.keys().cloned().collect::<Vec<_>>(), vec![key(STEM, "migrat"), key(STEM, "migrator")]);
        assert_eq!(source_key("Bash: npm test (failed)"), source_key("Bash: npm test"));
    }
}
