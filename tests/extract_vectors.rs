//! Replays the extraction vectors (curated and random) against `contextfold::{extract, text}`, plus cheap
//! robustness checks: tricky random strings never panic, and adversarial 1 MB inputs stay fast.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use contextfold::{extract, text};
use serde_json::Value;

fn load_cases(relative: &str) -> Vec<Value> {
    let path = format!("{}/tests/vectors/{relative}", env!("CARGO_MANIFEST_DIR"));
    let raw = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"));
    let doc: Value = serde_json::from_str(&raw).unwrap_or_else(|e| panic!("bad JSON in {path}: {e}"));
    doc["cases"].as_array().unwrap_or_else(|| panic!("{path} has no cases")).clone()
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array().expect("array").iter().map(|s| s.as_str().expect("string").to_owned()).collect()
}

/// Every mismatch of one case, as `field: expected … got …` lines.
fn case_diffs(case: &Value) -> Vec<String> {
    let input = case["text"].as_str().expect("text");
    let expected = &case["expected"];
    let mut diffs = Vec::new();
    let mut check = |field: &str, got: Vec<String>| {
        let want = strings(&expected[field]);
        if got != want {
            diffs.push(format!("  {field}:\n    expected {want:?}\n    got      {got:?}"));
        }
    };
    check("identifiers", extract::identifiers(input));
    check("files", extract::files(input));
    check("commands", extract::commands(input));
    check("errors", extract::errors(input));
    check("scan_query_terms", extract::scan_query_terms(input));
    let mut raw = extract::identifier_matches(&text::nfc(input));
    raw.sort();
    raw.dedup();
    check("raw_identifier_regex_matches_nfc", raw);

    let want_folds: BTreeMap<String, String> = expected["fold_token_of_matches"]
        .as_object()
        .expect("fold map")
        .iter()
        .map(|(k, v)| (k.clone(), v.as_str().expect("string").to_owned()))
        .collect();
    let got_folds: BTreeMap<String, String> = want_folds.keys().map(|m| (m.clone(), text::fold_token(m))).collect();
    if got_folds != want_folds {
        let wrong: Vec<_> = want_folds.iter().filter(|(k, v)| got_folds[*k] != **v).collect();
        diffs.push(format!("  fold_token_of_matches (expected): {wrong:?}"));
    }
    diffs
}

#[test]
fn extract_vectors() {
    let mut cases = load_cases("extract.json");
    cases.extend(load_cases("random/extract.json"));
    let mut failures = 0;
    for case in &cases {
        let diffs = case_diffs(case);
        if !diffs.is_empty() {
            failures += 1;
            eprintln!("FAIL {} {:?}\n{}", case["id"], case["text"].as_str().unwrap_or(""), diffs.join("\n"));
        }
    }
    eprintln!("{} of {} extract vectors pass", cases.len() - failures, cases.len());
    assert!(!cases.is_empty());
    assert_eq!(failures, 0, "{failures} extract vectors failed");
}

/// `(code point, re \w, re \d, str.isspace)` as printed by CPython 3.11.7 (Unicode 14.0.0). Includes chars that
/// are assigned only in Unicode 15/16, which must stay non-word as in Python 3.11.
#[rustfmt::skip]
const PYTHON_CLASSES: &[(u32, bool, bool, bool)] = &[
    (0x5f, true , false, false), (0x2d, false, false, false), (0x30, true , true , false),
    (0xb2, true , false, false), (0xbd, true , false, false), (0xaa, true , false, false),
    (0xba, true , false, false), (0x2160, true , false, false), (0x203f, false, false, false),
    (0x200c, false, false, false), (0x200d, false, false, false), (0x301, false, false, false),
    (0x307, false, false, false), (0x903, false, false, false), (0x94d, false, false, false),
    (0x663, true , true , false), (0x967, true , true , false), (0x1c, false, false, true ),
    (0x1f, false, false, true ), (0x85, false, false, true ), (0xa0, false, false, true ),
    (0x1680, false, false, true ), (0x180e, false, false, false), (0x200b, false, false, false),
    (0x2028, false, false, true ), (0x202f, false, false, true ), (0x205f, false, false, true ),
    (0x3000, false, false, true ), (0xfeff, false, false, false), (0x3007, true , false, false),
    (0x4e00, true , false, false), (0xff10, true , true , false), (0x1d7ce, true , true , false),
    (0x1d400, true , false, false), (0x10ffff, false, false, false), (0xe000, false, false, false),
    (0x1e030, false, false, false), (0x11f00, false, false, false), (0x1e4d0, false, false, false),
    (0x31350, false, false, false), (0x2ebf0, false, false, false), (0x16d40, false, false, false),
    (0x1fbf0, true , true , false), (0x2f800, true , false, false), (0x1f600, false, false, false),
    (0x16fe4, false, false, false), (0xa7c0, true , false, false), (0x10570, true , false, false),
    (0x1e290, true , false, false), (0xe01, true , false, false), (0xe31, false, false, false),
    (0xe47, false, false, false), (0x5d0, true , false, false), (0x5b4, false, false, false),
    (0x2070, true , false, false), (0x2460, true , false, false), (0x3251, true , false, false),
    (0x10107, true , false, false), (0x16b5b, true , false, false), (0xa, false, false, true ),
    (0xd, false, false, true ),
];

#[test]
fn character_classes_match_python_sample() {
    for &(cp, word, digit, space) in PYTHON_CLASSES {
        let c = char::from_u32(cp).expect("valid char");
        assert_eq!((text::is_word(c), text::is_digit(c), text::is_space(c)), (word, digit, space), "U+{cp:04X}");
    }
}

/// Deterministic xorshift, so failures are reproducible without a rand dependency.
struct XorShift(u64);
impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

#[test]
fn random_tricky_strings_never_panic() {
    const ALPHABET: &[&str] = &[
        "a", "Z", "_", "1", "0", "4", "5", ".", "-", "/", "\\", "$", ">", ";", " ", "\t", "\n", "\r", "\x1c",
        "\u{85}", "\u{a0}", "\u{2028}", "\u{3000}", "é", "e\u{301}", "\u{301}", "\u{307}", "İ", "ı", "I", "Σ",
        "ς", "ß", "ẞ", "ǅ", "٣", "१", "²", "½", "न", "\u{94d}", "数", "🧪", "\u{200d}", "\u{200b}", "\u{feff}",
        "\u{16d63}", "\u{16d67}", "\u{1e030}", "HTTP", "Error", "Exception", "_ERROR", "FATAL", "PANIC",
        "Traceback", "py", "js", "json", "cs", "css", "yaml", "http://", "C:\\", "package", "\u{10ffff}", "\0",
    ];
    let mut rng = XorShift(0x9e37_79b9_7f4a_7c15);
    for _ in 0..3000 {
        let len = (rng.next() % 40) as usize;
        let s: String = (0..len).map(|_| ALPHABET[(rng.next() % ALPHABET.len() as u64) as usize]).collect();
        let ids = extract::identifiers(&s);
        let files = extract::files(&s);
        let errors = extract::errors(&s);
        let _ = extract::commands(&s);
        let _ = extract::scan_query_terms(&s);
        let _ = extract::node_terms(&ids, &files, &errors);
        let _ = text::rstrip(&s);
        assert_eq!(text::nfc(&text::nfc(&s)), text::nfc(&s));
        for word in extract::identifier_matches(&text::nfc(&s)) {
            let _ = text::fold_token(&word);
        }
    }
}

#[test]
fn adversarial_megabyte_inputs_are_linear() {
    let inputs = [
        "a/".repeat(500_000),
        "a.b/".repeat(250_000) + "x",
        "a.".repeat(500_000),
        "\n".repeat(1_000_000),
        "$".to_owned() + &" \n".repeat(500_000) + ";",
        "$ x".to_owned() + &" \n".repeat(500_000),
        "\n$".repeat(500_000),
        "HTTP ".repeat(200_000),
        "AB_".repeat(330_000),
        "Error".repeat(200_000),
        "i\u{307}Σ".repeat(300_000),
    ];
    for input in &inputs {
        let start = Instant::now();
        let _ = extract::identifiers(input);
        let _ = extract::files(input);
        let _ = extract::commands(input);
        let _ = extract::errors(input);
        let elapsed = start.elapsed();
        // Generous for debug builds; a quadratic scan would take minutes.
        let head: String = input.chars().take(10).collect();
        assert!(elapsed < Duration::from_secs(20), "{elapsed:?} for input starting {head:?}");
    }
}
