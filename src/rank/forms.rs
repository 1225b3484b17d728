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

/// The forms of terms and entries given as lists (a unit of pages whose forms were not written).
pub fn of_lists<'a>(terms: impl IntoIterator<Item = (&'a [u8], &'a [i64])>, summaries: impl IntoIterator<Item = (i64, &'a str)>) -> Forms {
    let mut forms = Forms::new();
    for (term, steps) in terms {
        if let Ok(term) = std::str::from_utf8(term) {
            for k in term_keys(term) {
                add(&mut forms, k, steps);
            }
        }
    }
    for (step, summary) in summaries {
        add(&mut forms, source_key(summary), &[step]);
    }
    settle(&mut forms);
    forms
}

/// What a ranking asks of the forms: exact keys, and prefixes (a key whose forms within `extra` more bytes count).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Asked {
    pub exact: std::collections::BTreeSet<Vec<u8>>,
    /// Prefix → the most bytes a form may have beyond it.
    pub prefixes: BTreeMap<Vec<u8>, usize>,
}

impl Asked {
    /// Whether `form` is asked for (exactly, or under a prefix).
    pub fn wants(&self, form: &[u8]) -> bool {
        if self.exact.contains(form) {
            return true;
        }
        self.prefix_of(form)
    }

    fn prefix_of(&self, form: &[u8]) -> bool {
        // Any asked prefix of `form`: prefixes are short, so try each length.
        (1..form.len()).any(|n| self.prefixes.get(&form[..n]).is_some_and(|&extra| form.len() <= n + extra))
    }

    /// The key ranges to read: each exact key alone, each prefix with every key that starts with it.
    pub fn ranges(&self) -> Vec<(Vec<u8>, bool)> {
        let mut out: Vec<(Vec<u8>, bool)> = self.exact.iter().map(|k| (k.clone(), false)).collect();
        out.extend(self.prefixes.keys().map(|k| (k.clone(), true)));
        out.sort();
        out
    }
}

/// The asked forms of `forms`, merged into `found`.
pub fn answer(forms: &Forms, asked: &Asked, found: &mut Forms) {
    for k in &asked.exact {
        if let Some(steps) = forms.get(k) {
            found.entry(k.clone()).or_default().extend_from_slice(steps);
        }
    }
    for p in asked.prefixes.keys() {
        for (k, steps) in forms.range(p.clone()..) {
            if !k.starts_with(p) {
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
        asked.exact.insert(key(STEM, "migrat"));
        asked.prefixes.insert(key(STEM, "migrat"), 6);
        let mut found = Forms::new();
        answer(&forms, &asked, &mut found);
        assert_eq!(found.keys().cloned().collect::<Vec<_>>(), vec![key(STEM, "migrat"), key(STEM, "migrator")]);
        assert_eq!(source_key("Bash: npm test (failed)"), source_key("Bash: npm test"));
    }
}
