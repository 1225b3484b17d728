//! `cargo run --release --example redact_bench -- FILE...`: redaction time per MB of each file, natively.
fn main() {
    for path in std::env::args().skip(1) {
        let text = std::fs::read_to_string(&path).expect("a UTF-8 file");
        let mb = text.len() as f64 / 1048576.0;
        let mut times = Vec::new();
        let mut findings = 0;
        for _ in 0..11 {
            let t = std::time::Instant::now();
            findings = contextfold::redact::find(&text, contextfold::redact::Ruleset::SecretsV1).len();
            times.push(t.elapsed().as_secs_f64() * 1000.0);
        }
        times.sort_by(f64::total_cmp);
        println!("{path}: {:.2} ms/MB, {findings} findings", times[5] / mb);
    }
}
