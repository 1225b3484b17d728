//! Fuzzing in `cargo test`: every case the fuzzer saved (`tests/fuzz_corpus/<target>/*.bin`: inputs that once
//! panicked or hung, kept after the fix) is replayed, and every target runs a short seeded burst of mutations
//! (the long runs are `npm run fuzz`). A panic anywhere fails the test.
#[path = "fuzz/mutate.rs"]
mod mutate;
#[path = "fuzz/targets.rs"]
mod targets;

use std::path::PathBuf;

#[test]
fn every_saved_fuzz_case_runs_without_a_panic() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests").join("fuzz_corpus");
    let mut replayed = 0;
    for (name, target) in targets::TARGETS {
        let Ok(dir) = std::fs::read_dir(root.join(name)) else { continue };
        let mut files: Vec<_> = dir.filter_map(|e| e.ok()).map(|e| e.path()).collect();
        files.sort();
        for file in files {
            let data = std::fs::read(&file).expect("read a saved case");
            target(&data);
            replayed += 1;
        }
    }
    println!("replayed {replayed} saved fuzz cases");
    assert!(replayed > 0, "the corpus holds the cases found so far");
}

#[test]
fn every_fuzz_target_survives_a_short_seeded_burst() {
    for (name, target) in targets::TARGETS {
        let seeds = targets::seeds(name);
        assert!(!seeds.is_empty(), "{name} has seeds");
        // A few hundred executions each (a few seconds in all in a debug build); the store target opens a whole store.
        let runs = if *name == "store" { 40 } else { 400 };
        let mut rng = mutate::Rng::new(0x5eed ^ name.len() as u64);
        for seed in &seeds {
            target(seed);
        }
        for _ in 0..runs {
            let base = &seeds[rng.below(seeds.len())];
            let other = &seeds[rng.below(seeds.len())];
            let data = mutate::mutate(&mut rng, base, other, 16 * 1024);
            target(&data);
        }
    }
}
