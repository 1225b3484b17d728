// mulberry32: a small, fast, deterministic PRNG (floats in [0, 1)), the one generator of the benchmark workloads and
// the generated test sessions, so that a seed means the same data everywhere.
export function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
