#![no_main]
// libFuzzer entry of the `extract` target (tests/fuzz/targets.rs); see fuzz/Cargo.toml.
#[path = "../../tests/fuzz/targets.rs"]
mod targets;

libfuzzer_sys::fuzz_target!(|data: &[u8]| targets::extraction(data));
