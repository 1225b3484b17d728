//! Non-cryptographic hashing for the engine's in-memory tables (interned strings, scan's step and term-set
//! maps, extraction's de-duplication). Keys come from the store and the prompt; a bad case only costs probes,
//! and SipHash was most of a scan's time at 100,000 nodes.

use std::collections::{HashMap, HashSet};
use std::hash::BuildHasherDefault;

/// FxHash's multiplier.
const K: u64 = 0x517c_c1b7_2722_0a95;

/// A fast, non-cryptographic string hash (FxHash-style: 8 bytes at a time, multiply and rotate, then a final
/// mix so that the low bits, which pick the slot, depend on every input bit). Collisions only cost a compare.
pub fn fast_hash(s: &[u8]) -> u64 {
    let mut h: u64 = s.len() as u64;
    let mut chunks = s.chunks_exact(8);
    for c in &mut chunks {
        let w = u64::from_le_bytes([c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]]);
        h = (h.rotate_left(5) ^ w).wrapping_mul(K);
    }
    let rest = chunks.remainder();
    if !rest.is_empty() {
        let mut buf = [0u8; 8];
        buf[..rest.len()].copy_from_slice(rest);
        h = (h.rotate_left(5) ^ u64::from_le_bytes(buf)).wrapping_mul(K);
    }
    h ^= h >> 33;
    h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
    h ^ (h >> 33)
}

/// Whether two byte strings are equal, compared eight bytes at a time. In WebAssembly, `==` on slices calls a
/// `memcmp` that compares byte by byte: a fold compares megabyte texts and tens of thousands of table keys.
#[inline]
pub fn same_bytes(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let (mut x, mut y) = (a.chunks_exact(8), b.chunks_exact(8));
    for (p, q) in (&mut x).zip(&mut y) {
        if word(p) != word(q) {
            return false;
        }
    }
    x.remainder().iter().zip(y.remainder()).all(|(p, q)| p == q)
}

/// `a.cmp(b)` for byte strings (lexicographic; for UTF-8, code-point order), eight bytes at a time.
#[inline]
pub fn compare_bytes(a: &[u8], b: &[u8]) -> std::cmp::Ordering {
    let n = a.len().min(b.len());
    let mut i = 0;
    while i + 8 <= n {
        let (p, q) = (word(&a[i..i + 8]), word(&b[i..i + 8]));
        if p != q {
            // The first differing byte decides: compare the words as big-endian numbers.
            return p.swap_bytes().cmp(&q.swap_bytes());
        }
        i += 8;
    }
    a[i..].iter().cmp(b[i..].iter())
}

#[inline(always)]
fn word(eight: &[u8]) -> u64 {
    u64::from_le_bytes([eight[0], eight[1], eight[2], eight[3], eight[4], eight[5], eight[6], eight[7]])
}

/// A `HashMap` hashed with [`FastHasher`].
pub type FastMap<K, V> = HashMap<K, V, BuildHasherDefault<FastHasher>>;
/// A `HashSet` hashed with [`FastHasher`].
pub type FastSet<K> = HashSet<K, BuildHasherDefault<FastHasher>>;

/// Multiply-and-mix hashing of integers (FxHash-style), [`fast_hash`] for anything else.
#[derive(Default)]
pub struct FastHasher(u64);

impl std::hash::Hasher for FastHasher {
    fn write(&mut self, bytes: &[u8]) {
        self.0 = (self.0.rotate_left(5) ^ fast_hash(bytes)).wrapping_mul(K);
    }
    fn write_u8(&mut self, b: u8) {
        self.write_u64(u64::from(b));
    }
    fn write_u64(&mut self, v: u64) {
        self.0 = (self.0.rotate_left(5) ^ v).wrapping_mul(K);
    }
    fn write_i64(&mut self, v: i64) {
        self.write_u64(v as u64);
    }
    fn write_usize(&mut self, v: usize) {
        self.write_u64(v as u64);
    }
    fn finish(&self) -> u64 {
        // hashbrown takes the bucket from the low bits and a tag from the top 7: fold the high half down.
        self.0 ^ (self.0 >> 29)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn byte_comparisons_agree_with_the_slice_operators() {
        let words: Vec<&[u8]> = vec![
            b"", b"a", b"ab", b"abcdefgh", b"abcdefghi", b"abcdefgz", b"abcdefgha", b"b", b"abcdefghabcdefgh",
            b"abcdefghabcdefgi", "ça".as_bytes(), "c\u{0}".as_bytes(), b"\xff\x00", b"\x00\xff",
        ];
        for a in &words {
            for b in &words {
                assert_eq!(same_bytes(a, b), a == b, "{a:?} {b:?}");
                assert_eq!(compare_bytes(a, b), a.cmp(b), "{a:?} {b:?}");
            }
        }
    }
}
