//! ContextFold: the IPCF-1.1 in-place context folding engine, byte-compatible with the reference
//! `contextfold.py` (commit fac105f9, projection `ipcf-projection-v2`).
//!
//! The engine does no I/O of its own: it talks to a host-supplied [`store::Storage`]. Each module owns one
//! concept of the protocol; see `../shared/spec/IPCF-1.1.md` for the rules they implement.

pub mod error;
pub mod limits;
pub mod types;
pub mod folded_step;
pub mod text;
pub mod number;
pub mod extract;
mod sort;
/// A deterministic source of numbers below `m` (xorshift64), for the crate's random-input unit tests.
#[cfg(test)]
pub(crate) mod test_rng {
    pub(crate) fn below(seed: u64) -> impl FnMut(usize) -> usize {
        let mut x = seed;
        move |m| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x % m as u64) as usize
        }
    }
}
pub mod json;
#[cfg(read_in_place)]
pub mod tape;
pub mod hash;
pub mod identity;
pub mod policy;
pub mod redact;
pub mod index;
pub mod journal;
pub mod store;
pub mod containment;
pub mod scan;
pub mod rank;
pub mod recall;
pub mod validate;
pub mod schema;
pub mod repair;
pub mod pages;
pub mod engine;
#[cfg(target_arch = "wasm32")]
pub mod wasm;
pub mod report;
#[cfg(feature = "replay")]
pub mod replay;

pub use engine::ContextFold;
pub use error::{Error, ErrorCode};
