//! The structured fuzzer (stable Rust, no coverage feedback): seeded mutations of inputs the engine itself wrote,
//! run against each target of `tests/fuzz/targets.rs`, catching panics, watching for hangs and memory.
//!
//! `cargo run --release --example fuzz -- [--target T] [--seconds N] [--runs N] [--seed S] [--hang-ms N]`
//! (`npm run fuzz -- --seconds N` runs every target in its own process). A panic or hang saves its input under
//! `tests/fuzz_corpus/<target>/`, where `cargo test --test fuzz_corpus` replays it. Exits 1 on any finding.
#[path = "../tests/fuzz/mutate.rs"]
mod mutate;
#[path = "../tests/fuzz/targets.rs"]
mod targets;

use std::collections::BTreeSet;
use std::panic::{self, AssertUnwindSafe};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

fn arg(name: &str) -> Option<String> {
    let args: Vec<String> = std::env::args().collect();
    args.iter().position(|a| a == name).and_then(|i| args.get(i + 1).cloned())
}

fn fnv(data: &[u8]) -> u64 {
    data.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3))
}

fn corpus_dir(target: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests").join("fuzz_corpus").join(target)
}

fn save_case(target: &str, kind: &str, data: &[u8]) -> PathBuf {
    let dir = corpus_dir(target);
    let _ = std::fs::create_dir_all(&dir);
    let file = dir.join(format!("{kind}-{:016x}.bin", fnv(data)));
    let _ = std::fs::write(&file, data);
    file
}

/// Peak resident memory of this process (VmHWM), in KB.
fn peak_rss_kb() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| s.lines().find(|l| l.starts_with("VmHWM:")).and_then(|l| l.split_whitespace().nth(1)?.parse().ok()))
        .unwrap_or(0)
}

thread_local! {
    static LAST_PANIC: std::cell::RefCell<Option<String>> = const { std::cell::RefCell::new(None) };
}

fn main() {
    let seconds: f64 = arg("--seconds").and_then(|s| s.parse().ok()).unwrap_or(10.0);
    let runs: u64 = arg("--runs").and_then(|s| s.parse().ok()).unwrap_or(u64::MAX);
    let seed: u64 = arg("--seed").and_then(|s| s.parse().ok()).unwrap_or(1);
    let hang_ms: u64 = arg("--hang-ms").and_then(|s| s.parse().ok()).unwrap_or(10_000);
    let max_len: usize = arg("--max-len").and_then(|s| s.parse().ok()).unwrap_or(64 * 1024);
    let only = arg("--target");
    if let Some(dir) = arg("--write-seeds") {
        // The seeds of each target as files (`DIR/<target>/seed-N`), the starting corpus of a libFuzzer run.
        for (name, _) in targets::TARGETS.iter().filter(|(n, _)| only.as_deref().is_none_or(|o| o == *n)) {
            let d = PathBuf::from(&dir).join(name);
            std::fs::create_dir_all(&d).expect("create the seed directory");
            for (i, seed) in targets::seeds(name).iter().enumerate() {
                std::fs::write(d.join(format!("seed-{i}")), seed).expect("write a seed");
            }
        }
        return;
    }
    let chosen: Vec<_> = targets::TARGETS.iter().filter(|(n, _)| only.as_deref().is_none_or(|o| o == *n)).collect();
    if chosen.is_empty() {
        eprintln!("unknown target; targets: {}", targets::TARGETS.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(", "));
        std::process::exit(2);
    }
    panic::set_hook(Box::new(|info| {
        let at = info.location().map(|l| format!("{}:{}", l.file(), l.line())).unwrap_or_default();
        let msg = info.payload().downcast_ref::<&str>().map(|s| s.to_string()).or_else(|| info.payload().downcast_ref::<String>().cloned()).unwrap_or_default();
        LAST_PANIC.with(|p| *p.borrow_mut() = Some(format!("{msg} at {at}")));
    }));

    // The watchdog: an execution running longer than --hang-ms is a hang; its input is saved and the process ends.
    let started_ms = Arc::new(AtomicU64::new(0));
    let current: Arc<Mutex<(String, Vec<u8>)>> = Arc::new(Mutex::new((String::new(), Vec::new())));
    let clock = Instant::now();
    {
        let started_ms = started_ms.clone();
        let current = current.clone();
        std::thread::spawn(move || loop {
            std::thread::sleep(Duration::from_millis(250));
            let s = started_ms.load(Ordering::Relaxed);
            if s != 0 && clock.elapsed().as_millis() as u64 > s + hang_ms {
                let (target, data) = current.lock().map(|g| g.clone()).unwrap_or_default();
                let file = save_case(&target, "hang", &data);
                println!("[fuzz] {target}: HANG (> {hang_ms} ms) on {} bytes, saved {}", data.len(), file.display());
                std::process::exit(1);
            }
        });
    }

    let mut findings = 0usize;
    for (name, target) in chosen {
        // The sample store is built before timing starts (it is the seeds' source).
        let seeds = targets::seeds(name);
        let seeds = if seeds.is_empty() { vec![Vec::new()] } else { seeds };
        let mut rng = mutate::Rng::new(seed ^ fnv(name.as_bytes()));
        let t0 = Instant::now();
        let mut execs = 0u64;
        let mut slowest = Duration::ZERO;
        let mut seen = BTreeSet::new();
        let mut last: Vec<u8> = seeds[0].clone();
        let mut checked_at = 0u64;
        while execs < runs {
            if execs - checked_at >= 64 {
                checked_at = execs;
                if t0.elapsed().as_secs_f64() >= seconds {
                    break;
                }
            }
            let base = if rng.chance(20) { &last } else { &seeds[rng.below(seeds.len())] };
            let other = &seeds[rng.below(seeds.len())];
            let data = if execs < seeds.len() as u64 { seeds[execs as usize].clone() } else { mutate::mutate(&mut rng, base, other, max_len) };
            if let Ok(mut g) = current.lock() {
                g.0.clear();
                g.0.push_str(name);
                g.1.clear();
                g.1.extend_from_slice(&data);
            }
            let t = Instant::now();
            started_ms.store(clock.elapsed().as_millis() as u64 + 1, Ordering::Relaxed);
            let result = panic::catch_unwind(AssertUnwindSafe(|| target(&data)));
            started_ms.store(0, Ordering::Relaxed);
            slowest = slowest.max(t.elapsed());
            execs += 1;
            if result.is_err() {
                let msg = LAST_PANIC.with(|p| p.borrow_mut().take()).unwrap_or_default();
                if seen.insert(msg.clone()) {
                    findings += 1;
                    let file = save_case(name, "panic", &data);
                    println!("[fuzz] {name}: PANIC {msg} ({} bytes, saved {})", data.len(), file.display());
                }
            }
            if data.len() <= 4096 && rng.chance(50) {
                last = data;
            }
        }
        let secs = t0.elapsed().as_secs_f64();
        println!(
            "[fuzz] {name}: {execs} executions in {secs:.1} s ({:.0}/s), slowest {:.1} ms, {} distinct panics, peak RSS {} MB",
            execs as f64 / secs.max(1e-9),
            slowest.as_secs_f64() * 1000.0,
            seen.len(),
            peak_rss_kb() / 1024
        );
    }
    std::process::exit(if findings == 0 { 0 } else { 1 });
}
