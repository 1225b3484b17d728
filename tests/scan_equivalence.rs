//! Issue 4: the scan path that skips the candidate list (`CandidateMode::None`) must select exactly what the
//! reference RGSC selects. Checked on every scan vector's store and on thousands of random queries over
//! synthetic Zipf-like stores of 1k–20k nodes.

use std::collections::BTreeMap;
use std::path::Path;

use contextfold::engine::Options;
use contextfold::index::RecallIndex;
use contextfold::json::{self, Value};
use contextfold::scan::{self, CandidateMode, ScanOptions, ScanResult};
use contextfold::store::MemoryStorage;
use contextfold::ContextFold;

const FAST: ScanOptions = ScanOptions { candidates: CandidateMode::None, in_context: Vec::new() };

/// (turn budget, per-call cap) pairs: the default, tight ones, and the reference's budget ≤ 0 cases.
const BUDGETS: [(i64, i64); 6] = [(3500, 3000), (40, 30), (1, 1), (0, 3000), (-5, 3000), (120, 7)];

fn assert_same_selection(index: &RecallIndex, prompt: &str, budget: i64, per_call: i64) -> ScanResult {
    let full = scan::scan(index, prompt, budget, per_call).unwrap();
    let fast = scan::scan_with(index, prompt, budget, per_call, FAST).unwrap();
    let ctx = || format!("prompt {prompt:?}, budget {budget}/{per_call}");
    assert_eq!(fast.selected, full.selected, "selected: {}", ctx());
    assert_eq!(fast.budget_dropped, full.budget_dropped, "budget_dropped: {}", ctx());
    assert_eq!(fast.consumed_tokens, full.consumed_tokens, "consumed_tokens: {}", ctx());
    assert_eq!(fast.residual, full.residual, "residual: {}", ctx());
    assert_eq!(fast.query_terms, full.query_terms, "query_terms: {}", ctx());
    assert_eq!(fast.index_empty, full.index_empty);
    assert!(full.candidates_listed && !fast.candidates_listed && fast.candidates.is_empty());
    let all = scan::scan_with(index, prompt, budget, per_call, ScanOptions { candidates: CandidateMode::All, ..Default::default() }).unwrap();
    assert_eq!(all, full, "CandidateMode::All is the reference path: {}", ctx());
    full
}

fn load(path: &Path) -> Value {
    json::parse(&std::fs::read(path).unwrap()).unwrap()
}

/// Fold a vector store's turns (`[step_id, summary, raw_content]`) into a fresh in-memory engine.
fn build_store(store: &Value) -> RecallIndex {
    pollster::block_on(async {
        let opts = Options { clock: Some(Box::new(|| Ok("2026-01-01T00:00:00Z".to_string()))), default_policy: Some(contextfold::policy::Policy::reference()), ..Default::default() };
        let mut cf = ContextFold::open(MemoryStorage::new(), opts).await.unwrap();
        for turn in store.get("turns").and_then(Value::as_array).unwrap() {
            let t = turn.as_array().unwrap();
            let mut input = BTreeMap::new();
            input.insert("step_id".to_string(), t[0].clone());
            input.insert("summary".to_string(), t[1].clone());
            input.insert("raw_content".to_string(), t.get(2).cloned().unwrap_or(Value::Null));
            let Ok(input) = contextfold::replay::fold_input(&Value::Object(input)) else { continue };
            cf.fold(input).await.unwrap();
        }
        cf.index().clone()
    })
}

fn vector_cases(file: &str, stores: &Value) -> usize {
    let doc = load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/vectors").join(file));
    let mut indexes: BTreeMap<String, RecallIndex> = BTreeMap::new();
    let mut checked = 0;
    for case in doc.get("cases").and_then(Value::as_array).unwrap() {
        let Some(name) = case.get("store").and_then(Value::as_str) else { continue };
        let Some(query) = case.get("query").and_then(Value::as_str) else { continue };
        let index = indexes.entry(name.to_string()).or_insert_with(|| build_store(stores.get(name).unwrap()));
        let expected = case.get("expected");
        let from_vector = (|| {
            let e = expected?;
            Some((e.get("budget_limit")?.as_i64()?, e.get("max_per_call")?.as_i64()?))
        })();
        for (budget, per_call) in from_vector.into_iter().chain(BUDGETS) {
            assert_same_selection(index, query, budget, per_call);
            checked += 1;
        }
        // Also with the query's words reshuffled and cut: other term sets over the same store.
        let words: Vec<&str> = query.split_whitespace().collect();
        for k in 1..words.len() {
            assert_same_selection(index, &words[k..].join(" "), 3500, 3000);
            assert_same_selection(index, &words[..k].join(" "), 60, 25);
            checked += 2;
        }
    }
    checked
}

#[test]
fn scan_selection_equals_reference_rgsc_on_scan_vectors() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/vectors");
    let stores = load(&dir.join("stores.json")).get("stores").cloned().unwrap();
    let n = vector_cases("scan.json", &stores);
    let random = load(&dir.join("random/scan.json")).get("stores").cloned().unwrap();
    let m = vector_cases("random/scan.json", &random);
    eprintln!("scan vectors: {n} curated and {m} random (query, budget) checks");
    assert!(n > 0 && m > 0);
}

/// splitmix64: deterministic, no dependency.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
    /// Zipf(1)-like rank in 0..n, as bench/workload.mjs draws it.
    fn zipf(&mut self, n: usize) -> usize {
        let h = (n as f64).ln() + 0.577_215_664_9;
        (((self.unit() * h).exp() as usize).saturating_sub(1)).min(n - 1)
    }
}

fn word(i: usize) -> String {
    // Distinct, ≥ 4 letters, never a digit run, so each is an identifier of its own.
    let letters = b"bcdfghjklmnprstvz";
    let mut w = String::from("w");
    let mut x = i + 1;
    while x > 0 {
        w.push(letters[x % letters.len()] as char);
        x /= letters.len();
    }
    w.push_str("ax");
    w
}

/// A synthetic store: `nodes` entries, identifiers Zipf-drawn from `vocab` words, a file path each, token
/// estimates over a wide range; steps inserted out of order, with gaps and some negative ones.
fn synthetic(rng: &mut Rng, nodes: usize, vocab: usize, per_node: usize) -> RecallIndex {
    synthetic_spread(rng, nodes, vocab, per_node, 1)
}

/// [`synthetic`] with every step id multiplied by `spread` (sparse ids: the scan's hashed step table instead of its
/// bitmap).
fn synthetic_spread(rng: &mut Rng, nodes: usize, vocab: usize, per_node: usize, spread: i64) -> RecallIndex {
    let mut index = RecallIndex::new("2026-01-01T00:00:00Z");
    let mut steps: Vec<i64> = (0..nodes as i64).map(|i| (i * 3 - 200 + (i % 2)) * spread).collect();
    for i in (1..steps.len()).rev() {
        if rng.below(8) == 0 {
            let j = rng.below(i + 1);
            steps.swap(i, j);
        }
    }
    for step in steps {
        let mut ids: Vec<String> = (0..per_node).map(|_| word(rng.zipf(vocab))).collect();
        ids.sort();
        ids.dedup();
        let mut raw = BTreeMap::new();
        raw.insert("identifiers".to_string(), Value::from(ids));
        let file = format!("src/{}/{}.rs", word(rng.below(vocab)), word(rng.below(50)));
        raw.insert("files".to_string(), Value::from(vec![file]));
        raw.insert("summary".to_string(), Value::from(format!("step {step}")));
        let range = if rng.below(4) == 0 { 4000 } else { 60 };
        raw.insert("token_estimate".to_string(), Value::from(1 + rng.below(range)));
        raw.insert("evicted".to_string(), Value::Bool(false));
        index.insert(step, raw);
    }
    index
}

fn random_query(rng: &mut Rng, vocab: usize) -> String {
    let n = 1 + rng.below(9);
    let mut words: Vec<String> = (0..n)
        .map(|_| match rng.below(3) {
            0 => word(rng.zipf(vocab)), // often a common term: the walked path
            1 => word(rng.below(vocab)),
            _ => word(rng.below(vocab / 20)),
        })
        .collect();
    if rng.below(3) == 0 {
        words.push(format!("src/{}/{}.rs", word(rng.below(vocab)), word(rng.below(50))));
    }
    if rng.below(5) == 0 {
        words.push("unknownterm".to_string());
    }
    words.join(" ")
}

#[test]
fn scan_selection_equals_reference_rgsc_on_random_stores() {
    let mut rng = Rng(0x1234_5678);
    let mut total = 0;
    for &(nodes, vocab, per_node, queries) in
        &[(1_000, 2_000, 60, 1500), (5_000, 5_000, 80, 800), (20_000, 20_000, 120, 400), (3_000, 300, 40, 800)]
    {
        let index = synthetic(&mut rng, nodes, vocab, per_node);
        // Unoptimised builds (plain `cargo test`) check a quarter of the queries: the reference path is slow there.
        let queries = if cfg!(debug_assertions) { queries / 4 } else { queries };
        for q in 0..queries {
            let prompt = random_query(&mut rng, vocab);
            let (budget, per_call) = BUDGETS[q % BUDGETS.len()];
            assert_same_selection(&index, &prompt, budget, per_call);
            total += 1;
        }
    }
    eprintln!("random stores: {total} queries");
}

#[test]
fn scan_selection_equals_reference_rgsc_with_sparse_step_ids() {
    let mut rng = Rng(0x5eed);
    for spread in [1_000_000_007, 4_000_000_000_000] {
        let index = synthetic_spread(&mut rng, 2_000, 1_000, 60, spread);
        let queries = if cfg!(debug_assertions) { 100 } else { 400 };
        for q in 0..queries {
            let prompt = random_query(&mut rng, 1_000);
            let (budget, per_call) = BUDGETS[q % BUDGETS.len()];
            assert_same_selection(&index, &prompt, budget, per_call);
        }
    }
}

#[test]
fn scan_selection_equals_reference_rgsc_beyond_64_terms() {
    // More than 64 query terms: the TermSet path of the fast scan.
    let mut rng = Rng(99);
    let vocab = 400;
    let index = synthetic(&mut rng, 2_000, vocab, 50);
    let mut wide = 0;
    for q in 0..150 {
        let n = 65 + rng.below(60);
        let prompt: Vec<String> = (0..n).map(|_| word(if q % 2 == 0 { rng.zipf(vocab) } else { rng.below(vocab) })).collect();
        let prompt = prompt.join(" ");
        let r = assert_same_selection(&index, &prompt, BUDGETS[q % 6].0, BUDGETS[q % 6].1);
        wide += usize::from(r.query_terms.len() > 64);
    }
    assert!(wide > 50, "only {wide} queries had more than 64 terms");
}

#[test]
fn scan_selection_on_an_empty_index_and_duplicate_keys() {
    let empty = RecallIndex::new("2026-01-01T00:00:00Z");
    assert_same_selection(&empty, "anything here", 3500, 3000);
    // Two keys that parse to one step (a hand-edited file): the postings are by step in both paths.
    let file = br#"{"nodes": {"05": {"identifiers": ["alpha", "beta"], "token_estimate": 3},
        "5": {"identifiers": ["gamma"], "token_estimate": 4}, "7": {"identifiers": ["beta", "gamma"]}}}"#;
    let index = RecallIndex::from_file_bytes(file).unwrap();
    for q in ["alpha beta gamma", "beta", "gamma alpha", "delta"] {
        assert_same_selection(&index, q, 3500, 3000);
    }
    // Both keys carry the term: the step is twice in its postings.
    let file = br#"{"nodes": {"05": {"identifiers": ["alpha"], "token_estimate": 3},
        "5": {"identifiers": ["alpha", "beta"], "token_estimate": 4}, "7": {"identifiers": ["beta"]}}}"#;
    let index = RecallIndex::from_file_bytes(file).unwrap();
    for q in ["alpha", "alpha beta", "beta"] {
        let r = assert_same_selection(&index, q, 3500, 3000);
        assert!(!r.selected.is_empty(), "{q}: nothing selected");
    }
}
