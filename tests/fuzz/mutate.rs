//! The fuzzer's input generator: a seeded PRNG and mutations of seed inputs (bit flips, interesting bytes, tokens
//! of the engine's formats, deletions, duplications, splices, deep repetition). No coverage feedback: structure
//! comes from the seeds (files the engine wrote) and the token dictionary.
#![allow(dead_code)]

/// xorshift64*: small, fast, and the same sequence for the same seed on every machine.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }
    pub fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }
}

const INTERESTING: &[u8] = b"\x00\xff\x7f\x80\xc3\xe2\xf0\xed\"\\{}[],:\n\r\t 0129-+eE./";

const TOKENS: &[&str] = &[
    "{", "}", "[", "]", "\"", ",", ":", "null", "true", "false", "-0", "0", "1e999", "-1e999", "1e-400", "1.5", "9007199254740993",
    "99999999999999999999999999999999999999", "-9223372036854775809", "NaN", "Infinity", "\\u0000", "\\ud800", "\\udc00",
    "\\ud83d\\ude00", "\\\"", "\\\\", "\\n", "\\x", "\\u12", "\"step_id\"", "\"file_path\"", "\"summary\"", "\"evicted\"",
    "\"nodes\"", "\"created_at\"", "\"entry\"", "\"op\"", "\"fold\"", "\"evict\"", "\"journal\"", "\"base_evictions\"",
    "\"artifact_sha256\"", "\"payload_sha256\"", "\"token_estimate\"", "\"identifiers\"", "\"files\"", "\"errors\"", "\"commands\"",
    "\"redaction\"", "\"secrets-v1\"", "\"max_rehydration_tokens_per_call\"", "\"max_rehydration_tokens_per_turn\"",
    "\"integrity_verification\"", "\"evicted_at\"", "\"contextfold-index-journal/1\"", "../", "./", "/", "//", "\\",
    "C:\\", "\\\\?\\", ".contextfold/cold_nodes/", "step_000001.json", "step_-00001.json", "\u{202e}", "\u{200b}", "\u{feff}",
    "\u{2215}", "\u{ff0f}", "e\u{301}", "\u{1f600}", "ſ", "K", "İ", "port 5432", "src/main.rs", "E0308", "sk-", "AKIA",
    "ghp_", "-----BEGIN PRIVATE KEY-----", "password=", "eyJhbGciOiJIUzI1NiJ9.", "$ ", "Traceback (most recent call last):",
];

/// A mutated copy of `base` (with `other` as splice material), at most `max_len` bytes.
pub fn mutate(rng: &mut Rng, base: &[u8], other: &[u8], max_len: usize) -> Vec<u8> {
    let mut d = base.to_vec();
    let rounds = 1 + rng.below(8);
    for _ in 0..rounds {
        let len = d.len();
        match rng.below(12) {
            0 if len > 0 => {
                let i = rng.below(len);
                d[i] ^= 1 << rng.below(8);
            }
            1 if len > 0 => {
                let i = rng.below(len);
                d[i] = INTERESTING[rng.below(INTERESTING.len())];
            }
            2 | 3 => {
                let i = rng.below(len + 1);
                let t = TOKENS[rng.below(TOKENS.len())].as_bytes();
                d.splice(i..i, t.iter().copied());
            }
            4 if len > 0 => {
                let i = rng.below(len);
                let n = 1 + rng.below((len - i).min(64));
                d.drain(i..i + n);
            }
            5 if len > 0 => {
                let i = rng.below(len);
                let n = 1 + rng.below((len - i).min(64));
                let chunk = d[i..i + n].to_vec();
                d.splice(i..i, chunk);
            }
            6 if !other.is_empty() => {
                let i = rng.below(len + 1);
                let j = rng.below(other.len());
                let n = 1 + rng.below((other.len() - j).min(256));
                d.splice(i..i, other[j..j + n].iter().copied());
            }
            7 if len > 0 => d.truncate(rng.below(len)),
            8 => {
                let i = rng.below(len + 1);
                let n = 1 + rng.below(16);
                let bytes: Vec<u8> = (0..n).map(|_| rng.next() as u8).collect();
                d.splice(i..i, bytes);
            }
            9 => {
                // Deep or long repetition: nesting, runs of one character.
                let i = rng.below(len + 1);
                let unit = ["[", "{\"a\":", "\\\\", "a", " ", "../", "\u{301}", "9"][rng.below(8)].as_bytes();
                let n = 1 + rng.below(2000);
                let run: Vec<u8> = unit.iter().copied().cycle().take(unit.len() * n).collect();
                d.splice(i..i, run);
            }
            10 => {
                // A digit run replaced by an extreme number.
                if let Some(i) = (0..len).map(|_| rng.below(len)).find(|&i| d[i].is_ascii_digit()) {
                    let mut j = i;
                    while j < d.len() && d[j].is_ascii_digit() {
                        j += 1;
                    }
                    let n = ["0", "-1", "9223372036854775807", "9223372036854775808", "1e308", "4294967296", "999999"][rng.below(7)];
                    d.splice(i..j, n.bytes());
                }
            }
            _ if len > 0 => {
                let i = rng.below(len);
                d[i] = rng.next() as u8;
            }
            _ => d.push(rng.next() as u8),
        }
    }
    d.truncate(max_len);
    d
}
