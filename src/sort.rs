//! A least-significant-byte radix sort by an integer key, for the fold's two sorts of ~15,000 items per megabyte
//! payload (identifiers by their eight-byte prefix, a new index entry's term ids), where a comparison sort cost as
//! much in wasm as building the index's string table (feature `fast-fold`).

/// Sorts `items` by `key` (stable: items of equal keys keep their order), a byte at a time from the lowest of the
/// key's `key_bytes`, passing over bytes that every key shares.
#[cfg(fast_fold)]
pub(crate) fn radix_sort_by_key<T: Copy>(items: &mut Vec<T>, key_bytes: u32, key: impl Fn(&T) -> u64) {
    let n = items.len();
    let mut src = std::mem::take(items);
    let mut dst = src.clone();
    for shift in (0..key_bytes * 8).step_by(8) {
        let digit = |t: &T| (key(t) >> shift) as usize & 0xFF;
        let mut count = [0usize; 256];
        for t in &src {
            count[digit(t)] += 1;
        }
        if count.iter().any(|&c| c == n) {
            continue;
        }
        let mut sum = 0;
        for c in count.iter_mut() {
            let here = *c;
            *c = sum;
            sum += here;
        }
        for t in &src {
            let d = digit(t);
            dst[count[d]] = *t;
            count[d] += 1;
        }
        std::mem::swap(&mut src, &mut dst);
    }
    *items = src;
}
