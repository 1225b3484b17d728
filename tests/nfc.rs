//! `text::nfc` against CPython 3.11.7 `unicodedata.normalize("NFC", s)` (Unicode 14.0.0): the fixtures are
//! written by scripts/gen_unicode_tables.py, which also checks the same algorithm in Python on more input.

use contextfold::text::nfc;

fn parse_seq(field: &str, x: Option<char>) -> String {
    field
        .split_whitespace()
        .map(|h| match h {
            "X" => x.expect("X outside a range line"),
            _ => char::from_u32(u32::from_str_radix(h, 16).expect("hex code point")).expect("scalar value"),
        })
        .collect()
}

fn hex(s: &str) -> String {
    s.chars().map(|c| format!("{:04X}", c as u32)).collect::<Vec<_>>().join(" ")
}

#[test]
fn nfc_matches_cpython_fixtures() {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/nfc_cases.txt"))
        .expect("tests/fixtures/nfc_cases.txt");
    let (mut explicit, mut expanded, mut failures) = (0usize, 0usize, Vec::new());
    let mut check = |input: String, want: String| {
        let got = nfc(&input);
        if got != want && failures.len() < 20 {
            failures.push(format!("{} -> {} (want {})", hex(&input), hex(&got), hex(&want)));
        }
    };
    let mut covered_alone = vec![false; 0x110000];
    for line in text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        if let Some(range) = line.strip_prefix("@ ") {
            let fields: Vec<&str> = range.split(" ; ").collect();
            let bounds: Vec<u32> = fields[0].split(' ').map(|h| u32::from_str_radix(h, 16).unwrap()).collect();
            for cp in bounds[0]..=bounds[1] {
                let Some(x) = char::from_u32(cp) else { continue };
                if fields[1] == "X" {
                    covered_alone[cp as usize] = true;
                }
                check(parse_seq(fields[1], Some(x)), parse_seq(fields[2], Some(x)));
                expanded += 1;
            }
        } else {
            let (input, want) = line.split_once(" ; ").expect("IN ; OUT");
            let input = parse_seq(input, None);
            if input.chars().count() == 1 {
                covered_alone[input.chars().next().unwrap() as u32 as usize] = true;
            }
            check(input, parse_seq(want, None));
            explicit += 1;
        }
    }
    assert!(failures.is_empty(), "{} mismatches, first ones:\n{}", failures.len(), failures.join("\n"));
    // Every scalar value alone is in the fixtures, and every one after 'e' and before U+0301 too.
    let missing = (0..0x110000u32).filter(|&cp| char::from_u32(cp).is_some() && !covered_alone[cp as usize]).count();
    assert_eq!(missing, 0, "code points missing from the single-char fixtures");
    assert!(expanded > 2 * 1_000_000 && explicit > 5_000, "{expanded} expanded, {explicit} explicit");
}

#[test]
fn nfc_spot_checks() {
    assert_eq!(nfc(""), "");
    assert_eq!(nfc("plain ascii"), "plain ascii");
    assert_eq!(nfc("cafe\u{301} \u{212b} \u{2126}"), "café Å Ω");
    assert_eq!(nfc("\u{1e9b}\u{323}"), "\u{1e9b}\u{323}"); // decomposed, reordered, recomposed to itself
    assert_eq!(nfc("q\u{307}\u{323}"), "q\u{323}\u{307}");
    assert_eq!(nfc("\u{1100}\u{1161}\u{11a8}"), "\u{ac01}");
    assert_eq!(nfc("\u{ac00}\u{11a8}"), "\u{ac01}");
    assert_eq!(nfc("\u{ac01}\u{11a8}"), "\u{ac01}\u{11a8}");
    assert_eq!(nfc("\u{0915}\u{093c}"), "\u{0915}\u{093c}"); // U+0958 is a composition exclusion
    assert_eq!(nfc("\u{0928}\u{093c}"), "\u{0929}");
    assert_eq!(nfc("\u{f900}"), "\u{8c48}"); // CJK compatibility ideograph: singleton
    assert_eq!(nfc("İ ı ş ğ"), "İ ı ş ğ");
    // Assigned after Unicode 14 (Kirat Rai, Unicode 16): inert for Python 3.11.
    assert_eq!(nfc("\u{16d63}\u{16d67}"), "\u{16d63}\u{16d67}");
    assert_eq!(nfc("e\u{1e4ec}\u{301}"), "e\u{1e4ec}\u{301}");
}
