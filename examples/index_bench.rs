//! `cargo run --release --example index_bench [-- 100000]`: heap of the recall index and per-scan cost at
//! 1k/10k/100k entries shaped like bench/workload.mjs (≈170 Zipf(1) identifiers from a 20,000-word vocabulary,
//! three file paths, a command and an error per entry; queries of 3–8 uniform words plus a file path).
//! Prints figures only; nothing here asserts a time.

use std::alloc::{GlobalAlloc, Layout, System};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use contextfold::index::RecallIndex;
use contextfold::json::Value;
use contextfold::engine::{ContextFold, FoldInput, Options};
use contextfold::extract;
use contextfold::scan::{self, CandidateMode, ScanOptions};
use contextfold::store::{MemoryStorage, Storage, INDEX_KEY};
use pollster::block_on;

/// Counts live heap bytes, so the index's footprint can be read off before and after building it.
struct Counting;
static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            let now = LIVE.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
            PEAK.fetch_max(now, Ordering::Relaxed);
        }
        p
    }
    unsafe fn dealloc(&self, p: *mut u8, layout: Layout) {
        unsafe { System.dealloc(p, layout) };
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// mulberry32, as in bench/workload.mjs.
struct Prng(u32);
impl Prng {
    fn next(&mut self) -> f64 {
        self.0 = self.0.wrapping_add(0x6d2b_79f5);
        let mut t = self.0;
        t = (t ^ (t >> 15)).wrapping_mul(t | 1);
        t ^= t.wrapping_add((t ^ (t >> 7)).wrapping_mul(t | 61));
        f64::from(t ^ (t >> 14)) / 4_294_967_296.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() * n as f64) as usize
    }
}

fn vocabulary(size: usize) -> Vec<String> {
    let (cons, vow) = (b"bcdfghjklmnprstvz", b"aeiou");
    let mut r = Prng(42);
    let mut seen = std::collections::BTreeSet::new();
    let mut words = Vec::new();
    while words.len() < size {
        let mut w = String::new();
        for _ in 0..2 + r.below(4) {
            w.push(cons[r.below(cons.len())] as char);
            w.push(vow[r.below(vow.len())] as char);
        }
        if r.next() < 0.15 {
            w.push('_');
            w.push(cons[r.below(cons.len())] as char);
            w.push('x');
        }
        if seen.insert(w.clone()) {
            words.push(w);
        }
    }
    words
}

fn zipf(r: &mut Prng, n: usize) -> usize {
    let h = (n as f64).ln() + 0.577_215_664_9;
    ((r.next() * h).exp() as usize).saturating_sub(1).min(n - 1)
}

fn file_path(r: &mut Prng, v: &[String]) -> String {
    let ext = ["rs", "py", "ts", "sql", "md", "go"];
    format!("src/{}/{}.{}", v[r.below(v.len())], v[r.below(v.len())], ext[r.below(6)])
}

/// An index entry like the engine writes for a workload turn (identifiers as extraction would list them).
fn entry(i: usize, v: &[String]) -> BTreeMap<String, Value> {
    let mut r = Prng(42u32.wrapping_mul(1_000_003).wrapping_add(i as u32));
    let mut ids = std::collections::BTreeSet::new();
    let (f1, f2, f3) = (file_path(&mut r, v), file_path(&mut r, v), file_path(&mut r, v));
    let mut chars = 0;
    while chars < 2048 {
        let w = &v[zipf(&mut r, v.len())];
        chars += w.len() + 1;
        ids.insert(w.clone());
    }
    for f in [&f1, &f2, &f3] {
        ids.extend(f.split(['/', '.']).filter(|p| p.len() >= 3).map(str::to_string));
    }
    let hex = |salt: usize| format!("{:064x}", (i as u128 + 1) * 0x9e37_79b9_7f4a_7c15 + salt as u128);
    let s = |x: &str| Value::from(x);
    let mut m = BTreeMap::new();
    m.insert("artifact_sha256".into(), s(&hex(1)));
    m.insert("commands".into(), Value::from(vec![format!("git {} --{} {f1}", v[r.below(v.len())], v[r.below(v.len())])]));
    m.insert("errors".into(), Value::from(vec!["TimeoutError".to_string()]));
    m.insert("evicted".into(), Value::Bool(false));
    m.insert("file_path".into(), s(&format!(".contextfold/cold_nodes/step_{:06}.json", i + 1)));
    m.insert("files".into(), Value::from(vec![f1, f2, f3.clone()]));
    m.insert("folded_at".into(), s("2026-01-01T00:00:00Z"));
    m.insert("identifiers".into(), Value::from(ids.into_iter().collect::<Vec<_>>()));
    m.insert("payload_sha256".into(), s(&hex(2)));
    m.insert("projection_sha256".into(), s(&hex(3)));
    m.insert("projection_version".into(), s("ipcf-projection-v2"));
    m.insert("step_id".into(), Value::from(i as i64 + 1));
    m.insert("summary".into(), s(&format!("Turn {i}: {} {} on {f3}", v[r.below(v.len())], v[r.below(v.len())])));
    m.insert("token_estimate".into(), Value::from(400 + r.below(300)));
    m
}

/// An index of `n` workload entries (steps 1..=n).
fn workload_index(n: usize, vocab: &[String]) -> RecallIndex {
    let mut index = RecallIndex::new("2026-01-01T00:00:00Z");
    for i in 0..n {
        index.insert(i as i64 + 1, entry(i, vocab));
    }
    index
}

fn query(j: usize, v: &[String]) -> String {
    let mut r = Prng(42u32.wrapping_mul(7_777_777).wrapping_add(j as u32));
    let n = 3 + r.below(6);
    let words: Vec<&str> = (0..n).map(|_| v[r.below(v.len())].as_str()).collect();
    format!("{} in {}?", words.join(" "), file_path(&mut r, v))
}

fn median_ms(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs[xs.len() / 2]
}

/// A fold input shaped like `workload.turn(i)`: a shell line, an error line, then Zipf words up to `chars`.
fn turn(i: usize, v: &[String], chars: usize) -> FoldInput {
    let mut r = Prng(42u32.wrapping_mul(1_000_003).wrapping_add(i as u32).wrapping_add(0x5bd1));
    let mut body = format!(
        "$ git {} --{} {}\nTimeoutError: {} {} failed at {}\n",
        v[r.below(v.len())],
        v[r.below(v.len())],
        file_path(&mut r, v),
        v[r.below(v.len())],
        v[r.below(v.len())],
        file_path(&mut r, v)
    );
    while body.len() < chars {
        body.push_str(&v[zipf(&mut r, v.len())]);
        body.push_str(if r.next() < 0.1 { ".\n" } else { " " });
    }
    body.truncate(chars);
    let summary = format!("Turn {i}: {} {} on {}", v[r.below(v.len())], v[r.below(v.len())], file_path(&mut r, v));
    FoldInput { step_id: Some(i as i64 + 1), summary, raw_content: Some(body), ..Default::default() }
}

fn options() -> Options {
    Options { clock: Some(Box::new(|| Ok("2026-01-01T00:00:00Z".to_string()))), journal: true, default_policy: Some(contextfold::policy::Policy::reference()), ..Default::default() }
}

/// Open a MemoryStorage holding `bytes` as recall_index.json, then fold `reps` more 2 KB turns (journaled).
/// Returns (open ms, median fold ms).
fn open_and_fold(bytes: &[u8], n: usize, v: &[String], reps: usize) -> (f64, f64) {
    let storage = MemoryStorage::new();
    block_on(storage.save(INDEX_KEY, bytes)).unwrap();
    let t = Instant::now();
    let mut cf = block_on(ContextFold::open(&storage, options())).unwrap();
    let open = t.elapsed().as_secs_f64() * 1e3;
    let mut xs = Vec::new();
    for k in 0..reps {
        let input = turn(n + k, v, 2048);
        let t = Instant::now();
        std::hint::black_box(block_on(cf.fold(input)).unwrap());
        xs.push(t.elapsed().as_secs_f64() * 1e3);
    }
    (open, median_ms(xs))
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).map(String::as_str) == Some("fold") {
        return fold_bench(args.get(2).and_then(|a| a.parse().ok()).unwrap_or(100_000));
    }
    if args.get(1).map(String::as_str) == Some("write") {
        // `write N DIR`: DIR/.contextfold/recall_index.json of N workload entries (no cold nodes), for
        // timing scans in the package without building a store turn by turn.
        let n: usize = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(100_000);
        let dir = std::path::Path::new(args.get(3).map_or(".", String::as_str)).join(".contextfold");
        let vocab = vocabulary(20_000);
        let index = workload_index(n, &vocab);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("recall_index.json"), index.to_file_bytes()).unwrap();
        drop(index);
        // A checkpoint with nothing journaled writes the snapshot beside it, as a store checkpointed by the
        // package would have.
        let storage = contextfold::store::FsStorage::new(dir.parent().unwrap()).unwrap();
        let mut cf = block_on(ContextFold::open(&storage, options())).unwrap();
        block_on(cf.checkpoint()).unwrap();
        assert!(cf.snapshot_current());
        return;
    }
    if args.get(1).map(String::as_str) == Some("snapshot") {
        return snapshot_profile(args.get(2).and_then(|a| a.parse().ok()).unwrap_or(100_000));
    }
    if args.get(1).map(String::as_str) == Some("open") {
        return open_profile(args.get(2).and_then(|a| a.parse().ok()).unwrap_or(10_000));
    }
    if args.get(1).map(String::as_str) == Some("scan") {
        return scan_profile(args.get(2).and_then(|a| a.parse().ok()).unwrap_or(100_000));
    }
    let max: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(100_000);
    let vocab = vocabulary(20_000);
    let queries: Vec<String> = (0..200).map(|j| query(j, &vocab)).collect();
    let base = LIVE.load(Ordering::Relaxed);
    let mut index = RecallIndex::new("2026-01-01T00:00:00Z");
    let start = Instant::now();
    let mut built = 0;
    for checkpoint in [1_000, 10_000, 100_000].into_iter().filter(|&c| c <= max) {
        while built < checkpoint {
            index.insert(built as i64 + 1, entry(built, &vocab));
            built += 1;
        }
        let build = start.elapsed().as_secs_f64();
        let heap = LIVE.load(Ordering::Relaxed) - base;
        let time = |mode: CandidateMode, reps: usize| {
            let opts = ScanOptions { candidates: mode, ..Default::default() };
            let mut xs = Vec::new();
            for q in queries.iter().take(reps) {
                let t = Instant::now();
                std::hint::black_box(scan::scan_with(&index, q, 3500, 3000, opts.clone()).unwrap());
                xs.push(t.elapsed().as_secs_f64() * 1e3);
            }
            median_ms(xs)
        };
        let fast = time(CandidateMode::None, 200);
        let full = time(CandidateMode::All, if checkpoint >= 100_000 { 40 } else { 200 });
        let t = Instant::now();
        let bytes = index.to_file_bytes();
        let write = t.elapsed().as_secs_f64() * 1e3;
        println!(
            "{checkpoint:>7} entries: heap {:>7.1} MB ({:>5} B/entry), built in {build:>6.2} s; scan median fast {fast:.4} ms, full {full:.3} ms; to_file_bytes {write:.0} ms ({:.1} MB)",
            heap as f64 / 1e6,
            heap / checkpoint,
            bytes.len() as f64 / 1e6
        );
        let t = Instant::now();
        let reopened = RecallIndex::from_file_bytes(&bytes).unwrap();
        let parse = t.elapsed().as_secs_f64() * 1e3;
        drop(reopened);
        let t = Instant::now();
        std::hint::black_box(contextfold::json::parse(&bytes).unwrap());
        let json_only = t.elapsed().as_secs_f64() * 1e3;
        println!("{checkpoint:>7} entries: from_file_bytes {parse:.0} ms (json::parse alone {json_only:.0} ms)");
        drop(bytes);
    }
    println!("peak heap {:.1} MB", (PEAK.load(Ordering::Relaxed) - base) as f64 / 1e6);
}

/// Journaled folds into MemoryStorage holding an index of 1k/10k/100k entries, and folds of 1 MB payloads.
fn fold_bench(max: usize) {
    let vocab = vocabulary(20_000);
    let mut index = RecallIndex::new("2026-01-01T00:00:00Z");
    let mut built = 0;
    for checkpoint in [1_000, 10_000, 100_000].into_iter().filter(|&c| c <= max) {
        while built < checkpoint {
            index.insert(built as i64 + 1, entry(built, &vocab));
            built += 1;
        }
        let bytes = index.to_file_bytes();
        let (open, fold) = open_and_fold(&bytes, checkpoint, &vocab, 30);
        println!("{checkpoint:>7} entries: engine open {open:.0} ms; one more journaled 2 KB fold median {fold:.3} ms");
    }
    drop(index);
    let big = turn(7, &vocab, 1 << 20);
    let payload = big.raw_content.clone().unwrap();
    let mb = payload.len() as f64 / 1e6;
    let mut best = f64::MAX;
    for k in 0..3 {
        let storage = MemoryStorage::new();
        let mut cf = block_on(ContextFold::open(&storage, options())).unwrap();
        let mut input = big.clone();
        input.step_id = Some(k + 1);
        let t = Instant::now();
        std::hint::black_box(block_on(cf.fold(input)).unwrap());
        best = best.min(t.elapsed().as_secs_f64());
    }
    println!("fold of a {mb:.2} MB payload: {:.1} ms ({:.1} MB/s)", best * 1e3, mb / best);
    let time = |f: &dyn Fn()| {
        let t = Instant::now();
        f();
        t.elapsed().as_secs_f64() * 1e3 / mb
    };
    println!(
        "  per MB: identifiers {:.1} ms, files {:.1} ms, commands {:.1} ms, errors {:.1} ms, nfc {:.1} ms, sha256 {:.1} ms",
        time(&|| drop(std::hint::black_box(extract::identifiers(&payload)))),
        time(&|| drop(std::hint::black_box(extract::files(&payload)))),
        time(&|| drop(std::hint::black_box(extract::commands(&payload)))),
        time(&|| drop(std::hint::black_box(extract::errors(&payload)))),
        time(&|| drop(std::hint::black_box(contextfold::text::nfc(&payload)))),
        time(&|| drop(std::hint::black_box(contextfold::identity::payload_sha256(&payload)))),
    );
}

/// `scan N`: build an index of N entries, then only fast scans, for a profiler (`perf record`).
fn scan_profile(n: usize) {
    let vocab = vocabulary(20_000);
    let queries: Vec<String> = (0..200).map(|j| query(j, &vocab)).collect();
    let index = workload_index(n, &vocab);
    let opts = ScanOptions { candidates: CandidateMode::None, ..Default::default() };
    let t = Instant::now();
    let mut picked = 0;
    let rounds: usize = std::env::var("ROUNDS").ok().and_then(|r| r.parse().ok()).unwrap_or(10);
    for _ in 0..rounds {
        for q in &queries {
            picked += scan::scan_with(&index, q, 3500, 3000, opts.clone()).unwrap().selected.len();
        }
    }
    println!("{n} entries: {:.4} ms per fast scan ({picked} picks)", t.elapsed().as_secs_f64() * 1e3 / (rounds * queries.len()) as f64);
}

/// `open N`: parse an N-entry recall_index.json three times, for a profiler.
fn open_profile(n: usize) {
    let vocab = vocabulary(20_000);
    let index = workload_index(n, &vocab);
    let bytes = index.to_file_bytes();
    drop(index);
    for _ in 0..3 {
        let t = Instant::now();
        drop(std::hint::black_box(RecallIndex::from_file_bytes(&bytes).unwrap()));
        println!("{n} entries: from_file_bytes {:.0} ms", t.elapsed().as_secs_f64() * 1e3);
    }
}

/// `snapshot N`: the index of N workload entries, its heap, its snapshot and JSON sizes, and the time and peak
/// heap of reading it back from the snapshot in 4 MB chunks.
fn snapshot_profile(n: usize) {
    let vocab = vocabulary(20_000);
    let base = LIVE.load(Ordering::Relaxed);
    let index = workload_index(n, &vocab);
    let heap = LIVE.load(Ordering::Relaxed) - base;
    let t = Instant::now();
    let bytes = contextfold::index::snapshot::to_bytes(&index, "v");
    let write = t.elapsed().as_secs_f64() * 1e3;
    let json_len: usize = {
        let mut w = index.file_writer();
        let mut total = 0;
        while let Some(c) = w.next_chunk(4 << 20) {
            total += c.len();
        }
        total
    };
    drop(index);
    let before = LIVE.load(Ordering::Relaxed);
    PEAK.store(before, Ordering::Relaxed);
    let t = Instant::now();
    let mut reader = contextfold::index::snapshot::Reader::new("v");
    for chunk in bytes.chunks(4 << 20) {
        reader.feed(chunk).expect("accepted");
    }
    let back = reader.finish().expect("complete");
    let read = t.elapsed().as_secs_f64() * 1e3;
    let loaded = LIVE.load(Ordering::Relaxed) - before;
    let peak = PEAK.load(Ordering::Relaxed) - before;
    println!(
        "{n} entries: built heap {:.1} MB ({} B/entry); snapshot {:.1} MB (JSON {:.1} MB), written in {write:.0} ms; \
         read in {read:.0} ms, loaded heap {:.1} MB ({} B/entry), peak while reading {:.1} MB",
        heap as f64 / 1e6,
        heap / n,
        bytes.len() as f64 / 1e6,
        json_len as f64 / 1e6,
        loaded as f64 / 1e6,
        loaded / n,
        peak as f64 / 1e6
    );
    for (part, bytes) in back.heap_breakdown() {
        println!("  {part:<32} {:>7.1} MB ({:>4} B/entry)", bytes as f64 / 1e6, bytes / n);
    }
    std::hint::black_box(back);
}
