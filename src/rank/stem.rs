//! Word forms for ranked selection: a small English suffix stripper and a Turkish case/plural suffix stripper,
//! written for this engine (no stemmer crate: a few hundred bytes of wasm instead of the tens of kilobytes of the
//! snowball tables). Both work on *match keys*: a folded token (`text::fold_token`) with the Turkish letters
//! `ç ş ğ ö ü` written `c s g o u` (folding already turned `ı` into `i`), so `düzelttik` and `duzelttik`, or
//! `çalışıyor` and `calisiyor`, meet.
//!
//! The English stripper is deliberately light: it has to bring `migrate / migrated / migration / migrations`,
//! `flaky / flake / flakes / flakiness`, `fix / fixed / fixes / fixing`, `rolled / rolls / rolling` to one key,
//! not to be a linguistic stemmer. Tokens with a digit are left alone (`v12`, `5432`, `es2022`).

/// A token as a match key: Turkish letters with diacritics written as their ASCII base letters.
pub fn match_key(folded: &str) -> String {
    if folded.is_ascii() {
        return folded.to_string();
    }
    folded
        .chars()
        .map(|c| match c {
            'ç' => 'c',
            'ş' => 's',
            'ğ' => 'g',
            'ö' => 'o',
            'ü' => 'u',
            'â' => 'a',
            'î' => 'i',
            'û' => 'u',
            other => other,
        })
        .collect()
}

fn is_vowel(b: u8) -> bool {
    matches!(b, b'a' | b'e' | b'i' | b'o' | b'u')
}

/// The English stem of a match key (ASCII letters only; anything else is returned as it is).
pub fn stem_en(key: &str) -> String {
    let b = key.as_bytes();
    if b.len() <= 3 || !b.iter().all(|c| c.is_ascii_lowercase()) {
        return key.to_string();
    }
    let mut s: Vec<u8> = b.to_vec();
    let ends = |s: &[u8], suf: &str| s.len() > suf.len() && s.ends_with(suf.as_bytes());
    // Plurals and third person.
    if ends(&s, "ies") && s.len() > 4 {
        s.truncate(s.len() - 3);
        s.push(b'y');
    } else if ends(&s, "sses") {
        s.truncate(s.len() - 2);
    } else if ends(&s, "s") && !ends(&s, "ss") && !ends(&s, "us") && !ends(&s, "is") && s.len() > 3 {
        s.pop();
    }
    // -ing / -ed, when a stem with a vowel of at least three letters is left.
    let mut undouble = false;
    for suf in ["ing", "ed"] {
        if ends(&s, suf) && s.len() - suf.len() >= 3 && s[..s.len() - suf.len()].iter().any(|&c| is_vowel(c) || c == b'y') {
            s.truncate(s.len() - suf.len());
            undouble = true;
            break;
        }
    }
    if undouble {
        let n = s.len();
        if n >= 2 && s[n - 1] == s[n - 2] && !is_vowel(s[n - 1]) && !matches!(s[n - 1], b'l' | b's' | b'z') {
            s.pop();
        }
    }
    // A few derivational endings.
    for (suf, rep) in [("ational", "at"), ("ation", "at"), ("ition", "it"), ("iness", ""), ("ness", ""), ("ment", ""), ("ity", ""), ("ure", "")] {
        if ends(&s, suf) && s.len() - suf.len() + rep.len() >= 4 {
            s.truncate(s.len() - suf.len());
            s.extend_from_slice(rep.as_bytes());
            break;
        }
    }
    // Final -y / -e.
    if s.len() > 3 && matches!(s.last(), Some(b'y') | Some(b'e')) {
        s.pop();
    }
    String::from_utf8(s).unwrap_or_else(|_| key.to_string())
}

/// Turkish case, plural and possessive endings, longest first (after [`match_key`]: `ı`→`i`, `ü`→`u`).
const TR_SUFFIXES: &[&str] = &[
    "lerinden", "larindan", "lerini", "larini", "lerine", "larina", "lerinde", "larinda", "lerin", "larin", "leri",
    "lari", "daki", "deki", "taki", "teki", "nden", "ndan", "nin", "nun", "dan", "den", "tan", "ten", "ler", "lar",
    "yla", "yle", "la", "le", "in", "un", "da", "de", "ta", "te", "ya", "ye", "yi", "yu", "si", "su", "ni", "nu", "i",
    "u", "a", "e",
];

/// Shorter forms of a (Turkish-inflected) key: each ending of [`TR_SUFFIXES`] stripped, up to twice, keeping at
/// least three letters. The caller keeps only those that name something in the store.
pub fn strip_tr(key: &str) -> Vec<String> {
    strip_endings(key, TR_SUFFIXES, 2)
}

/// Each way of taking up to `rounds` endings of `endings` off `word` (at each round every ending that fits, in the
/// list's order), keeping at least three letters; each form once, in the order found.
pub fn strip_endings(word: &str, endings: &[&str], rounds: usize) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut frontier = vec![word.to_string()];
    for _ in 0..rounds {
        let mut next = Vec::new();
        for w in &frontier {
            for end in endings {
                if let Some(bare) = w.strip_suffix(end).filter(|b| b.chars().count() >= 3) {
                    if !out.iter().any(|o| o == bare) {
                        out.push(bare.to_string());
                        next.push(bare.to_string());
                    }
                }
            }
        }
        frontier = next;
    }
    out
}

/// The parts of an identifier-like term: split on `_ . / - : @` and spaces (snake_case, dotted names, paths,
/// `http 503`), each part of at least two characters; empty when the term has no separator.
pub fn parts(term: &str) -> Vec<&str> {
    if !term.contains(['_', '.', '/', '-', ':', '@', ' ', '\n', '\t', '=']) {
        return Vec::new();
    }
    term.split(['_', '.', '/', '-', ':', '@', ' ', '\n', '\t', '=']).filter(|p| p.chars().count() >= 2).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn english_inflections_meet() {
        let same = |words: &[&str]| {
            let stems: Vec<String> = words.iter().map(|w| stem_en(w)).collect();
            assert!(stems.windows(2).all(|p| p[0] == p[1]), "{words:?} -> {stems:?}");
        };
        same(&["migrate", "migrated", "migration", "migrations", "migrating"]);
        same(&["flaky", "flake", "flakes", "flakiness"]);
        same(&["fix", "fixed", "fixes", "fixing"]);
        same(&["roll", "rolled", "rolls", "rolling"]);
        same(&["fail", "failed", "failing", "fails", "failure"]);
        same(&["pass", "passed", "passes", "passing"]);
        same(&["listen", "listening", "listens"]);
        same(&["run", "running", "runs"]);
        same(&["port", "ports"]);
        same(&["enable", "enabled", "enabling"]);
        same(&["revert", "reverted", "reverting"]);
        same(&["version", "versions"]);
        assert_ne!(stem_en("production"), stem_en("product"));
        assert_eq!(stem_en("v12"), "v12");
        assert_eq!(stem_en("5432"), "5432");
        assert_ne!(stem_en("port"), stem_en("portal"));
    }

    #[test]
    fn turkish_endings_are_stripped() {
        assert!(strip_tr("portta").contains(&"port".to_string()));
        assert!(strip_tr("testi").contains(&"test".to_string()));
        assert!(strip_tr("testleri").contains(&"test".to_string()));
        assert!(strip_tr("migrationi").contains(&"migration".to_string()));
        assert!(strip_tr("branchteki").contains(&"branch".to_string()));
        assert_eq!(match_key("düzelttik"), "duzelttik");
        assert!(strip_tr("api").is_empty());
    }

    #[test]
    fn identifier_parts() {
        assert_eq!(parts("postgres_port"), vec!["postgres", "port"]);
        assert_eq!(parts("tests/billing.spec.ts"), vec!["tests", "billing", "spec", "ts"]);
        assert!(parts("rollback").is_empty());
    }
}
