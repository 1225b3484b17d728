//! ASCII byte classes tested eight bytes at a time ("SIMD within a register"): the scanners of a fold (redaction,
//! identifiers, files, commands, errors) each walk a megabyte byte by byte, and a branch per byte that ends every
//! word is most of their cost. A mask has the high bit of each byte set where the byte is in the class; a byte of
//! a non-ASCII char (high bit set) is in no class here, so a run found this way ends at a char boundary and the
//! caller decides what a non-ASCII char does, as it did byte by byte.
//!
//! Each test is exact per byte (no carry crosses into the next byte): `ge` adds at most 0x7F to a value of at
//! most 0x7F.
//!
//! Without feature `fast-fold` (the browser and bundler builds, for size) the scanners keep their byte loops and
//! [`run_end`] is one.
#![cfg_attr(not(feature = "fast-fold"), allow(dead_code))]

const LO: u64 = 0x0101_0101_0101_0101;
const HI: u64 = LO * 0x80;
const LOW7: u64 = LO * 0x7F;

/// The eight bytes at `b[i..i + 8]`, first byte lowest.
#[inline(always)]
pub fn load(b: &[u8], i: usize) -> u64 {
    let e = &b[i..i + 8];
    u64::from_le_bytes([e[0], e[1], e[2], e[3], e[4], e[5], e[6], e[7]])
}

/// High bit of each byte of `v7` (bytes of at most 0x7F) that is ≥ `lo` (1 ≤ lo ≤ 0x80).
#[inline(always)]
const fn ge(v7: u64, lo: u8) -> u64 {
    v7.wrapping_add(LO * (0x80 - lo as u64)) & HI
}

/// High bit of each byte of `v7` in `lo..=hi` (1 ≤ lo, hi < 0x80).
#[inline(always)]
const fn range(v7: u64, lo: u8, hi: u8) -> u64 {
    ge(v7, lo) & !ge(v7, hi + 1)
}

/// High bit of each byte of `w` equal to `c`.
#[inline(always)]
pub const fn eq(w: u64, c: u8) -> u64 {
    let x = w ^ (LO * c as u64);
    !((x & LOW7).wrapping_add(LOW7) | x) & HI
}

/// `[0-9A-Za-z]`
#[inline(always)]
pub const fn alnum(w: u64) -> u64 {
    let v = w & LOW7;
    (range(v, b'0', b'9') | range(v | (LO * 0x20), b'a', b'z')) & !w
}

/// `[A-Za-z0-9_]` (ASCII `\w`)
#[inline(always)]
pub const fn word(w: u64) -> u64 {
    alnum(w) | eq(w, b'_')
}

/// `[A-Za-z0-9_.-]`
#[inline(always)]
pub const fn word_dot_dash(w: u64) -> u64 {
    word(w) | eq(w, b'.') | eq(w, b'-')
}

/// `[A-Z]`
#[inline(always)]
pub const fn upper(w: u64) -> u64 {
    range(w & LOW7, b'A', b'Z') & !w
}

/// `[\x00-\x1f"\\]`: the bytes a JSON string escapes (JSON writing and reading, in every build).
#[inline(always)]
pub const fn json_escape(w: u64) -> u64 {
    (!ge(w & LOW7, 0x20) & !w & HI) | eq(w, b'"') | eq(w, b'\\')
}

/// Whether every byte of `b` is ASCII, 32 bytes an iteration (four words OR'd, one test): the standard library's
/// `is_ascii` reads a `usize` at a time, four bytes in wasm, and a fold asks it of its megabyte several times.
pub fn is_ascii(b: &[u8]) -> bool {
    let mut i = 0;
    while i + 32 <= b.len() {
        if (load(b, i) | load(b, i + 8) | load(b, i + 16) | load(b, i + 24)) & HI != 0 {
            return false;
        }
        i += 32;
    }
    while i + 8 <= b.len() {
        if load(b, i) & HI != 0 {
            return false;
        }
        i += 8;
    }
    b[i..].iter().all(|c| c.is_ascii())
}

/// The first byte at or after `i` that a JSON string escapes (a C0 control, `"` or `\`), or `b.len()`: sixteen
/// bytes an iteration while neither of two words has one (text needs an escape every ~70 bytes at most).
#[inline]
pub fn json_escape_first(b: &[u8], mut i: usize) -> usize {
    while i + 16 <= b.len() {
        let (lo, hi) = (json_escape(load(b, i)), json_escape(load(b, i + 8)));
        if lo | hi != 0 {
            return if lo != 0 { i + (lo.trailing_zeros() / 8) as usize } else { i + 8 + (hi.trailing_zeros() / 8) as usize };
        }
        i += 16;
    }
    while i + 8 <= b.len() {
        let m = json_escape(load(b, i));
        if m != 0 {
            return i + (m.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    while i < b.len() && !matches!(b[i], 0x00..=0x1f | b'"' | b'\\') {
        i += 1;
    }
    i
}

/// The number of chars of a UTF-8 text: its bytes less its continuation bytes (`10xxxxxx`), eight bytes at a
/// time (the standard library's count reads a `usize` at a time, four bytes in wasm).
pub fn count_chars(s: &str) -> usize {
    let b = s.as_bytes();
    let mut continuation = 0usize;
    let mut i = 0;
    while i + 8 <= b.len() {
        let w = load(b, i);
        continuation += (w & !(w << 1) & HI).count_ones() as usize;
        i += 8;
    }
    continuation += b[i..].iter().filter(|&&c| c & 0xC0 == 0x80).count();
    b.len() - continuation
}

/// The first byte at or after `i` that `class` (a mask function above) does not mark, eight bytes at a time;
/// `one` is the same class for a single byte (the last bytes of the text, and every byte in a build without
/// feature `fast-fold`).
#[inline(always)]
pub fn run_end(b: &[u8], mut i: usize, class: impl Fn(u64) -> u64, one: impl Fn(u8) -> bool) -> usize {
    #[cfg(feature = "fast-fold")]
    while i + 8 <= b.len() {
        let out = !class(load(b, i)) & HI;
        if out != 0 {
            return i + (out.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    #[cfg(not(feature = "fast-fold"))]
    let _ = &class;
    while i < b.len() && one(b[i]) {
        i += 1;
    }
    i
}

/// The first byte at or after `i` that `class` marks (`b.len()` if none), eight bytes at a time (see
/// [`run_end`]).
#[inline(always)]
pub fn find(b: &[u8], mut i: usize, class: impl Fn(u64) -> u64, one: impl Fn(u8) -> bool) -> usize {
    #[cfg(feature = "fast-fold")]
    while i + 8 <= b.len() {
        let hit = class(load(b, i));
        if hit != 0 {
            return i + (hit.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    #[cfg(not(feature = "fast-fold"))]
    let _ = &class;
    while i < b.len() && !one(b[i]) {
        i += 1;
    }
    i
}

/// The bytes of `w` with ASCII capitals made small (`A-Z` + 0x20), the others unchanged.
#[inline(always)]
pub const fn to_ascii_lower(w: u64) -> u64 {
    w | upper(w) >> 2
}

/// Whether every byte of `w` is ASCII.
#[inline(always)]
pub const fn all_ascii(w: u64) -> bool {
    w & HI == 0
}

/// How many bytes of `b` are `c`, eight bytes at a time (the Node binding's check of the identifiers it joins).
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
pub fn count_byte(b: &[u8], c: u8) -> usize {
    let mut count = 0usize;
    let mut i = 0;
    while i + 8 <= b.len() {
        count += eq(load(b, i), c).count_ones() as usize;
        i += 8;
    }
    count + b[i..].iter().filter(|&&x| x == c).count()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A byte counted eight bytes at a time is counted as a byte loop counts it, at every length and offset.
    #[test]
    fn bytes_counted_eight_at_a_time_equal_a_byte_loop() {
        let text: Vec<u8> = (0..200u32).map(|k| [b'\n', b'a', 0x8a, b'\n', 0xff, b' ', 0x0a][(k * k % 7) as usize]).collect();
        for from in 0..16 {
            for to in from..text.len() {
                let b = &text[from..to];
                for c in [b'\n', b'a', 0x8a, 0xff, b'z'] {
                    assert_eq!(count_byte(b, c), b.iter().filter(|&&x| x == c).count());
                }
            }
        }
    }

    /// Eight bytes made small at once equal each byte made small, for every byte value in every lane.
    #[test]
    fn ascii_lower_case_of_a_word_is_each_byte_in_lower_case() {
        for lane in 0..8 {
            for c in 0..=255u8 {
                let mut bytes = [0xFFu8, b'A', b'Z', b'@', b'[', b'z', 0x80, 0xC1];
                bytes[lane] = c;
                let want: Vec<u8> = bytes.iter().map(u8::to_ascii_lowercase).collect();
                assert_eq!(to_ascii_lower(u64::from_le_bytes(bytes)).to_le_bytes().to_vec(), want, "{c:#x} in lane {lane}");
                assert_eq!(all_ascii(u64::from_le_bytes(bytes)), bytes.is_ascii());
            }
        }
    }

    /// Every class agrees with its byte-by-byte definition on every byte value, in every lane.
    #[test]
    fn masks_match_the_byte_classes() {
        let classes: [(fn(u64) -> u64, fn(u8) -> bool); 7] = [
            (alnum, |c| c.is_ascii_alphanumeric()),
            (word, |c| c.is_ascii_alphanumeric() || c == b'_'),
            (word_dot_dash, |c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'.' | b'-')),
            (upper, |c| c.is_ascii_uppercase()),
            (|w| eq(w, b'\n'), |c| c == b'\n'),
            (|w| eq(w, 0), |c| c == 0),
            (json_escape, |c| c < 0x20 || c == b'"' || c == b'\\'),
        ];
        for (mask, one) in classes {
            for lane in 0..8 {
                for c in 0..=255u8 {
                    // The other lanes hold neighbours that could carry into this one.
                    let mut bytes = [0xFFu8, 0x00, 0x7F, 0x80, b'z', b'0', b'_', 0x41];
                    bytes[lane] = c;
                    let m = mask(u64::from_le_bytes(bytes));
                    for (k, &x) in bytes.iter().enumerate() {
                        assert_eq!(m >> (8 * k + 7) & 1 == 1, one(x), "byte {x:#x} in lane {k}");
                    }
                    assert_eq!(m & !HI, 0);
                }
            }
        }
    }

    #[test]
    fn chars_counted_eight_bytes_at_a_time_equal_chars_count() {
        let pieces = ["a", "é", "数", "😀", "\u{7f}", "\u{80}", "\u{7ff}", "\u{800}", "\u{ffff}", "\u{10000}", "\u{0}", " "];
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        for _ in 0..5000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let s: String = (0..x % 60).map(|k| pieces[((x >> (k % 50)) as usize + k as usize) % pieces.len()]).collect();
            assert_eq!(count_chars(&s), s.chars().count(), "{s:?}");
        }
    }

    /// `is_ascii` and `json_escape_first` agree with their byte-by-byte definitions at every length and offset.
    #[test]
    fn ascii_and_escape_searches_match_byte_loops() {
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for len in 0..90 {
            for _ in 0..40 {
                let mut b: Vec<u8> = (0..len)
                    .map(|_| {
                        x ^= x << 13;
                        x ^= x >> 7;
                        x ^= x << 17;
                        // Mostly plain text; now and then a byte to find.
                        match x % 41 {
                            0 => 0x80 | (x >> 8) as u8,
                            1 => b'"',
                            2 => b'\\',
                            3 => (x >> 8) as u8 & 0x1f,
                            _ => b'a' + (x >> 8) as u8 % 26,
                        }
                    })
                    .collect();
                assert_eq!(is_ascii(&b), b.is_ascii(), "{b:?}");
                for from in 0..=len {
                    let want = (from..len).find(|&k| b[k] < 0x20 || b[k] == b'"' || b[k] == b'\\').unwrap_or(len);
                    assert_eq!(json_escape_first(&b, from), want, "{b:?} from {from}");
                }
                if let Some(last) = b.last_mut() {
                    *last = 0xC3;
                    assert!(!is_ascii(&b));
                }
            }
        }
    }

    #[test]
    fn runs_and_finds() {
        let t = b"abc_de9 x.y-z\nQRS tail";
        assert_eq!(run_end(t, 0, word, |c| c.is_ascii_alphanumeric() || c == b'_'), 7);
        assert_eq!(run_end(t, 8, word_dot_dash, |c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'.' | b'-')), 13);
        assert_eq!(find(t, 0, |w| eq(w, b'\n'), |c| c == b'\n'), 13);
        assert_eq!(find(t, 0, upper, |c| c.is_ascii_uppercase()), 14);
        assert_eq!(find(t, 15, upper, |c| c.is_ascii_uppercase()), 15);
        assert_eq!(find(t, 17, upper, |c| c.is_ascii_uppercase()), t.len());
        assert_eq!(run_end(t, 18, word, |c| c.is_ascii_alphanumeric()), t.len());
    }
}
