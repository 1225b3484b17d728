//! `cargo run --release --example nfc_bench`: throughput of `text::nfc` on two 1 MB texts (figures only).

use std::hint::black_box;
use std::time::Instant;

use contextfold::text::nfc;

fn build(target: usize, parts: &[&str]) -> String {
    let mut s = String::with_capacity(target + 64);
    let mut i = 0usize;
    while s.len() < target {
        s.push_str(parts[i % parts.len()]);
        i = i.wrapping_mul(31).wrapping_add(7) % 1009;
    }
    s
}

fn measure(name: &str, text: &str) {
    let rounds = 40;
    let mut out_len = 0;
    let start = Instant::now();
    for _ in 0..rounds {
        out_len = black_box(nfc(black_box(text))).len();
    }
    let secs = start.elapsed().as_secs_f64() / rounds as f64;
    let mb = text.len() as f64 / 1e6;
    println!("{name}: {} B in, {out_len} B out, {:.3} ms/pass, {:.1} MB/s", text.len(), secs * 1e3, mb / secs);
}

fn main() {
    let ascii = build(
        1 << 20,
        &[
            "The quick brown fox jumps over the lazy dog. ", "fn main() { println!(\"hello\"); }\n",
            "SELECT id, name FROM users WHERE age > 30;\n", "lorem ipsum dolor sit amet, ", "café ",
            "path/to/file_name.rs:42 ", "2024-01-01T00:00:00Z ",
        ],
    );
    let mixed = build(
        1 << 20,
        &[
            "İstanbul'da ılık bir gün, şu çiçekler güzel. ", "Iğdır ve Çanakkale ", "हिन्दी भाषा में लिखा गया पाठ। ",
            "क़ ज़ ड़ ", "한국어 텍스트 정규화 ", "\u{1100}\u{1161}\u{11a8} \u{1112}\u{1161}\u{11ab} ",
            "e\u{301} a\u{30a}\u{301} o\u{308}\u{304} ", "q\u{323}\u{307} s\u{307}\u{323} ", "Å Ω K ",
            "\u{5d1}\u{5bc}\u{5b0} ", "ASCII words in between, ", "\u{f900}\u{2f800} ",
        ],
    );
    measure("mostly-ascii", &ascii);
    measure("mixed", &mixed);
}
