//! Byte-level helpers of the rules: character classes (one 256-entry table), Shannon entropy, base64 and the
//! CRC32 / base62 checksum of GitHub and npm tokens. Everything here works on ASCII bytes; a non-ASCII byte is
//! in no class, so a span that ends at a class boundary always ends on a UTF-8 character boundary.

/// Class bits of a byte.
pub const DIGIT: u16 = 1;
pub const UPPER: u16 = 2;
pub const LOWER: u16 = 4;
/// `a-f`
pub const HEX_LOWER: u16 = 8;
/// `A-F`
pub const HEX_UPPER: u16 = 16;
pub const DASH: u16 = 32;
pub const UNDERSCORE: u16 = 64;
/// `+` and `/`
pub const PLUS_SLASH: u16 = 128;
pub const DOT: u16 = 256;
pub const EQUALS: u16 = 512;
/// `A-Z` and `2-7` (RFC 4648 base32, AWS key ids)
pub const BASE32: u16 = 1024;
pub const TILDE: u16 = 2048;
pub const PERCENT: u16 = 4096;

pub const ALNUM: u16 = DIGIT | UPPER | LOWER;
pub const HEX: u16 = DIGIT | HEX_LOWER | HEX_UPPER;
pub const HEXL: u16 = DIGIT | HEX_LOWER;
/// `[A-Za-z0-9_]`
pub const WORD: u16 = ALNUM | UNDERSCORE;
/// `[A-Za-z0-9_-]`: base64url
pub const B64URL: u16 = ALNUM | UNDERSCORE | DASH;
/// `[A-Za-z0-9+/]`: base64 without padding
pub const B64: u16 = ALNUM | PLUS_SLASH;
/// The characters of a key name: `[A-Za-z0-9_.-]`.
pub const KEY: u16 = ALNUM | UNDERSCORE | DASH | DOT;

const fn class_of(b: u8) -> u16 {
    let mut c = 0;
    if b.is_ascii_digit() {
        c |= DIGIT;
        if b >= b'2' && b <= b'7' {
            c |= BASE32;
        }
    }
    if b.is_ascii_uppercase() {
        c |= UPPER | BASE32;
        if b <= b'F' {
            c |= HEX_UPPER;
        }
    }
    if b.is_ascii_lowercase() {
        c |= LOWER;
        if b <= b'f' {
            c |= HEX_LOWER;
        }
    }
    match b {
        b'-' => c |= DASH,
        b'_' => c |= UNDERSCORE,
        b'+' | b'/' => c |= PLUS_SLASH,
        b'.' => c |= DOT,
        b'=' => c |= EQUALS,
        b'~' => c |= TILDE,
        b'%' => c |= PERCENT,
        _ => {}
    }
    c
}

const fn build_table() -> [u16; 256] {
    let mut t = [0u16; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = class_of(i as u8);
        i += 1;
    }
    t
}

static CLASS: [u16; 256] = build_table();

#[inline(always)]
pub const fn is(b: u8, mask: u16) -> bool {
    CLASS[b as usize] & mask != 0
}

#[inline(always)]
pub fn is_alnum(b: u8) -> bool {
    is(b, ALNUM)
}

/// Bytes of `b[from..]` in `mask`, at most `max`.
#[inline]
pub fn run(b: &[u8], from: usize, mask: u16, max: usize) -> usize {
    let end = b.len().min(from.saturating_add(max));
    let mut j = from;
    while j < end && is(b[j], mask) {
        j += 1;
    }
    j - from
}

/// Whether `b[i]` begins a word: the byte before is not alphanumeric, or it is the `n`, `r` or `t` of a JSON
/// escape (`\n`), so that a token right after an escaped newline in JSON-encoded output still starts a word.
#[inline]
pub fn word_start(b: &[u8], i: usize) -> bool {
    i == 0 || !is_alnum(b[i - 1]) || (i >= 2 && b[i - 2] == b'\\' && matches!(b[i - 1], b'n' | b'r' | b't'))
}

/// Shannon entropy in bits per byte.
pub fn entropy(s: &[u8]) -> f32 {
    if s.is_empty() {
        return 0.0;
    }
    let mut counts = [0u16; 256];
    for &c in s {
        counts[c as usize] = counts[c as usize].saturating_add(1);
    }
    let n = s.len() as f32;
    let mut h = 0.0f32;
    for &k in counts.iter() {
        if k > 0 {
            let p = f32::from(k) / n;
            h -= p * p.log2();
        }
    }
    h
}

/// How many of lower case, upper case, digits and other characters `s` mixes.
pub fn char_kinds(s: &[u8]) -> u32 {
    let (mut lo, mut up, mut dg, mut ot) = (0, 0, 0, 0);
    for &c in s {
        if c.is_ascii_lowercase() {
            lo = 1;
        } else if c.is_ascii_uppercase() {
            up = 1;
        } else if c.is_ascii_digit() {
            dg = 1;
        } else {
            ot = 1;
        }
    }
    lo + up + dg + ot
}

pub fn has_digit(s: &[u8]) -> bool {
    s.iter().any(u8::is_ascii_digit)
}

pub fn has_letter(s: &[u8]) -> bool {
    s.iter().any(u8::is_ascii_alphabetic)
}

pub fn contains(hay: &[u8], needle: &[u8]) -> bool {
    find(hay, needle, 0).is_some()
}

/// First index `>= from` of `needle` in `hay`.
pub fn find(hay: &[u8], needle: &[u8], from: usize) -> Option<usize> {
    let (&first, rest) = needle.split_first()?;
    let mut i = from;
    while i + needle.len() <= hay.len() {
        match hay[i..hay.len() - rest.len()].iter().position(|&c| c == first) {
            None => return None,
            Some(k) => {
                let at = i + k;
                if &hay[at + 1..at + needle.len()] == rest {
                    return Some(at);
                }
                i = at + 1;
            }
        }
    }
    None
}

/// Standard or URL-safe base64 (padding optional) decoded, at most `max` output bytes; `None` on a byte
/// outside both alphabets.
pub fn base64_decode(s: &[u8], max: usize) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(max.min(s.len() * 3 / 4 + 3));
    let mut acc: u32 = 0;
    let mut bits = 0;
    for &c in s {
        let v = match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' | b'-' => 62,
            b'/' | b'_' => 63,
            b'=' => break,
            _ => return None,
        };
        acc = (acc << 6) | u32::from(v);
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            if out.len() >= max {
                break;
            }
        }
    }
    Some(out)
}

const fn crc_table() -> [u32; 256] {
    let mut t = [0u32; 256];
    let mut n = 0;
    while n < 256 {
        let mut c = n as u32;
        let mut k = 0;
        while k < 8 {
            c = if c & 1 != 0 { 0xEDB8_8320 ^ (c >> 1) } else { c >> 1 };
            k += 1;
        }
        t[n] = c;
        n += 1;
    }
    t
}

static CRC: [u32; 256] = crc_table();

/// CRC-32 (IEEE, the zlib one).
pub fn crc32(s: &[u8]) -> u32 {
    let mut c = !0u32;
    for &b in s {
        c = CRC[((c ^ u32::from(b)) & 0xff) as usize] ^ (c >> 8);
    }
    !c
}

/// `0-9A-Za-z` digit value.
fn base62_digit(c: u8) -> Option<u64> {
    Some(u64::from(match c {
        b'0'..=b'9' => c - b'0',
        b'A'..=b'Z' => c - b'A' + 10,
        b'a'..=b'z' => c - b'a' + 36,
        _ => return None,
    }))
}

/// The checksum of GitHub's and npm's token formats: the last 6 characters of the body are the CRC-32 of the
/// rest of the body in base62 (`0-9A-Za-z`, left-padded with `0`).
pub fn base62_crc32_ok(body: &[u8]) -> bool {
    if body.len() <= 6 {
        return false;
    }
    let (payload, check) = body.split_at(body.len() - 6);
    let mut v: u64 = 0;
    for &c in check {
        match base62_digit(c) {
            Some(d) => v = v * 62 + d,
            None => return false,
        }
    }
    v == u64::from(crc32(payload))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crc32_is_zlib_crc32() {
        assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
        assert_eq!(crc32(b""), 0);
    }

    #[test]
    fn entropy_of_simple_strings() {
        assert_eq!(entropy(b"aaaa"), 0.0);
        assert!((entropy(b"abcd") - 2.0).abs() < 1e-6);
    }

    #[test]
    fn base64_both_alphabets() {
        assert_eq!(base64_decode(b"aGVsbG8=", 100).unwrap(), b"hello");
        assert_eq!(base64_decode(b"-_8", 100).unwrap(), vec![0xfb, 0xff]);
        assert!(base64_decode(b"a b", 100).is_none());
    }

    #[test]
    fn find_substrings() {
        assert_eq!(find(b"abcabd", b"abd", 0), Some(3));
        assert_eq!(find(b"abc", b"abcd", 0), None);
        assert_eq!(find(b"aaa", b"a", 1), Some(1));
    }
}
