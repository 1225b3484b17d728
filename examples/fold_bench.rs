//! Where a fold of a large payload spends its time, natively: `cargo run --release --example fold_bench [FILE...]`.
//! Prints per-stage milliseconds, in the order a fold runs them, for 1 MB of workload-like text (or for each FILE,
//! e.g. the payloads of `bench/bench.mjs`), then whole folds with the package's defaults (redaction on, journal)
//! next to one SHA-256 pass over the same bytes. The wasm build is slower by a constant factor.

use std::time::Instant;

use contextfold::engine::{ContextFold, FoldInput, Options};
use contextfold::policy::Policy;
use contextfold::store::MemoryStorage;
use contextfold::{extract, identity, redact, text};

fn payload() -> String {
    let words = ["postgres", "migration", "src/app/main.rs", "TimeoutError:", "kafka_broker", "port", "5433", "the", "deploy"];
    let mut s = String::new();
    let mut i = 0u64;
    while s.len() < 1 << 20 {
        i = i.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        s.push_str(words[(i >> 33) as usize % words.len()]);
        s.push_str(if (i >> 20) % 11 == 0 { "\n$ cargo test\n" } else { " " });
    }
    s
}

/// Best of `runs` timings of `f`, in milliseconds (the machine is shared: the minimum is the least noisy).
fn time<T>(name: &str, runs: usize, mut f: impl FnMut() -> T) -> T {
    let mut best = f64::INFINITY;
    let mut out = None;
    for _ in 0..runs {
        let t = Instant::now();
        out = Some(f());
        best = best.min(t.elapsed().as_secs_f64() * 1000.0);
    }
    println!("{name:>22}: {best:7.2} ms");
    out.expect("runs > 0")
}

/// Timed runs of each stage (`FOLD_BENCH_RUNS`, default 5; 1 under a profiler that counts instructions).
fn runs() -> usize {
    std::env::var("FOLD_BENCH_RUNS").ok().and_then(|r| r.parse().ok()).unwrap_or(5)
}

fn stages(p: &str) {
    let runs = runs();
    let rules = Policy::safe_default().redaction().ok().flatten().expect("the default policy redacts");
    let redacted = time("redact (scan)", runs, || redact::find(p, rules));
    println!("{:>22}  {} findings", "", redacted.len());
    let nfc = time("nfc", runs, || text::nfc(p));
    let ids = time("identifiers", runs, || extract::identifiers_of_nfc(&nfc));
    println!("{:>22}  {} identifiers", "", ids.len());
    time("files", runs, || extract::files(&nfc));
    time("commands", runs, || extract::commands(&nfc));
    time("errors", runs, || extract::errors(&nfc));
    time("token count", runs, || contextfold::engine::reference_token_count(p));
    time("sha256 x1", runs, || identity::sha256_hex(p.as_bytes()));
}

fn folds(p: &str) {
    let opts = || Options { clock: Some(Box::new(|| Ok("2026-01-01T00:00:00Z".into()))), journal: true, ..Default::default() };
    let storage = MemoryStorage::new();
    let mut cf = pollster::block_on(ContextFold::open(&storage, opts())).expect("open");
    let mut step = 0;
    let fold = time("whole fold (defaults)", runs(), || {
        step += 1;
        pollster::block_on(cf.fold(FoldInput { raw_content: Some(p.to_string()), ..FoldInput::new(step, "big") })).expect("fold")
    });
    drop(fold);
    let sha = time("sha256 x1", runs(), || identity::sha256_hex(p.as_bytes()));
    drop(sha);
}

fn main() {
    let files: Vec<String> = std::env::args().skip(1).collect();
    let payloads: Vec<(String, String)> = if files.is_empty() {
        vec![("generated".into(), payload())]
    } else {
        files.iter().map(|f| (f.clone(), std::fs::read_to_string(f).expect("a UTF-8 payload file"))).collect()
    };
    for (name, p) in &payloads {
        println!("{name}: {} bytes", p.len());
        stages(p);
        folds(p);
    }
}
