//! One exported `scan(ptr, len) -> matches` over the pattern set, with the engine chosen by feature.
use std::sync::OnceLock;

const PATTERNS: &str = include_str!("../patterns.txt");

fn patterns() -> Vec<&'static str> {
    PATTERNS.lines().filter(|l| !l.is_empty()).collect()
}

#[no_mangle]
pub extern "C" fn alloc(n: usize) -> *mut u8 {
    let mut v = Vec::<u8>::with_capacity(n);
    let p = v.as_mut_ptr();
    std::mem::forget(v);
    p
}

#[cfg(feature = "regex")]
fn engine() -> &'static regex::bytes::Regex {
    static R: OnceLock<regex::bytes::Regex> = OnceLock::new();
    R.get_or_init(|| {
        let alt = patterns().iter().map(|p| format!("(?:{p})")).collect::<Vec<_>>().join("|");
        regex::bytes::RegexBuilder::new(&alt).unicode(false).size_limit(64 << 20).dfa_size_limit(64 << 20).build().unwrap()
    })
}

#[cfg(feature = "lite")]
fn engine() -> &'static regex_lite::Regex {
    static R: OnceLock<regex_lite::Regex> = OnceLock::new();
    R.get_or_init(|| {
        let alt = patterns().iter().map(|p| format!("(?:{p})")).collect::<Vec<_>>().join("|");
        regex_lite::RegexBuilder::new(&alt).size_limit(64 << 20).build().unwrap()
    })
}

#[cfg(feature = "automata")]
fn engine() -> &'static regex_automata::meta::Regex {
    use regex_automata::{meta, util::syntax};
    static R: OnceLock<meta::Regex> = OnceLock::new();
    R.get_or_init(|| {
        meta::Builder::new()
            .syntax(syntax::Config::new().unicode(false).utf8(false))
            .configure(meta::Config::new().nfa_size_limit(Some(64 << 20)).hybrid_cache_capacity(16 << 20))
            .build_many(&patterns())
            .unwrap()
    })
}

#[cfg(feature = "hand")]
fn engine() -> Hand {
    Hand
}
#[cfg(feature = "hand")]
struct Hand;
#[cfg(feature = "hand")]
impl Hand {
    fn find_iter(&self, b: &[u8]) -> std::vec::IntoIter<contextfold::redact::Finding> {
        let text = std::str::from_utf8(b).unwrap();
        contextfold::redact::find(text, contextfold::redact::Ruleset::SecretsV1).into_iter()
    }
}

/// Compile the set (timed apart from scanning).
#[no_mangle]
pub extern "C" fn init() -> u32 {
    let _ = engine();
    patterns().len() as u32
}

/// Matches of the set in the UTF-8 bytes at `ptr`.
#[no_mangle]
pub extern "C" fn scan(ptr: *const u8, len: usize) -> u32 {
    let bytes = unsafe { std::slice::from_raw_parts(ptr, len) };
    #[cfg(feature = "lite")]
    let bytes = std::str::from_utf8(bytes).unwrap();
    engine().find_iter(bytes).count() as u32
}
