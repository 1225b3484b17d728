//! Where a fold of a large payload spends its time, natively: `cargo run --release --example fold_bench`.
//! Prints per-stage milliseconds for 1 MB of workload-like text (the wasm build is slower by a constant factor).

use std::time::Instant;

use contextfold::engine::{ContextFold, FoldInput, Options};
use contextfold::store::MemoryStorage;
use contextfold::{extract, identity, text};

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

fn time<T>(name: &str, f: impl FnOnce() -> T) -> T {
    let t = Instant::now();
    let out = f();
    println!("{name:>14}: {:7.2} ms", t.elapsed().as_secs_f64() * 1000.0);
    out
}

fn main() {
    let p = payload();
    let nfc = time("nfc", || text::nfc(&p));
    time("identifiers", || extract::identifiers(&nfc));
    time("files", || extract::files(&nfc));
    time("commands", || extract::commands(&nfc));
    time("errors", || extract::errors(&nfc));
    time("sha256 x1", || identity::sha256_hex(p.as_bytes()));
    let opts = || Options { clock: Some(Box::new(|| Ok("2026-01-01T00:00:00Z".into()))), journal: true, ..Default::default() };
    let storage = MemoryStorage::new();
    let mut cf = pollster::block_on(ContextFold::open(&storage, opts())).unwrap();
    for step in 1..=3 {
        time("whole fold", || {
            pollster::block_on(cf.fold(FoldInput { raw_content: Some(p.clone()), ..FoldInput::new(step, "big") })).unwrap()
        });
    }
}
