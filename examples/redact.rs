//! `cargo run --example redact < file`: the text as a fold with `"redaction": "secrets-v1"` would store it, and
//! the findings on stderr.
use std::io::Read;

fn main() {
    let mut text = String::new();
    std::io::stdin().read_to_string(&mut text).expect("UTF-8 on stdin");
    let r = contextfold::redact::redact(&text, contextfold::redact::Ruleset::SecretsV1);
    for f in &r.findings {
        eprintln!("{} {}..{} {:?}", f.rule, f.start, f.end, &text[f.start..f.end]);
    }
    print!("{}", r.text);
}
