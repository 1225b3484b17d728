//! WebAssembly bindings (wasm32 only): a thin JS face over the engine. `Engine` wraps [`crate::ContextFold`]
//! over a host `Storage`; `extract` and the `render*` functions are the pure helpers. No protocol logic lives
//! here: the bindings decode and check JS input, hold the engine for one call at a time (the package's `ContextFold`
//! queues overlapping calls; see `engine.rs`), and convert results and errors.
//!
//! * `storage` — the JS `Storage` interface and the engine's storage trait over it
//! * `engine` — the exported `Engine` class
//! * `convert` — conversion both ways: JS input checked into engine values (types, lone surrogates, safe
//!   integers), engine results out as the JS objects their tsify types declare
//! * `errors` — engine errors as thrown JS `Error`s with `name` and `code`
//! * `report` — the console text of the reference (`render*`) — feature `cli`
//! * `cli` — the bin's argument rules: `parseStepId` (Python `int()`), `pythonRepr` — feature `cli`
//!
//! `report` and `cli` serve only the contextfold CLI, so only the Node package's wasm carries them (cargo feature
//! `cli`); the browser and bundler builds are that much smaller.
//! * `redact` — the redactor (`redact`, `redactionRules`)
//! * `validate` — `validate` on two threads: the host's checker elsewhere and `auditEntries`, its side (Node
//!   build only)

#[cfg(feature = "cli")]
mod cli;
mod convert;
mod engine;
mod errors;
mod redact;
#[cfg(feature = "cli")]
mod report;
mod storage;
#[cfg(read_in_place)]
mod validate;

use tsify::Ts;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// What every binding returns: an engine error becomes a thrown JS `Error` through `From<Error> for JsValue`.
pub(crate) type JsResult<T> = std::result::Result<T, JsValue>;

#[cfg(feature = "cli")]
pub use cli::*;
pub use engine::Engine;
pub use redact::*;
#[cfg(read_in_place)]
pub use validate::audit_entries;
#[cfg(feature = "cli")]
pub use report::*;

/// The package version (the crate's).
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}

/// Identifiers, files, commands and errors of a text, plus the terms a scan of it would look for.
#[wasm_bindgen]
pub fn extract(#[wasm_bindgen(unchecked_param_type = "string")] text: JsValue) -> JsResult<Ts<crate::extract::Extraction>> {
    let text = convert::string(&text, "extract: text")?;
    convert::output(&crate::extract::extract_all(&text), "extract")
}

thread_local! {
    static HOST_SHA256: std::cell::RefCell<Option<js_sys::Function>> = const { std::cell::RefCell::new(None) };
}

/// The 32-byte digest a host hash function returned, or `None` for anything else (then the engine hashes itself).
fn digest_of(out: JsValue) -> Option<[u8; 32]> {
    let digest = out.dyn_into::<js_sys::Uint8Array>().ok()?;
    if digest.length() != 32 {
        return None;
    }
    let mut d = [0u8; 32];
    digest.copy_to(&mut d);
    Some(d)
}

/// The host's SHA-256 over `bytes`, through the function given to `setSha256`: handed a view of wasm memory
/// (no copy; the function must use it at once, as `crypto.createHash("sha256").update(view).digest()` does) and
/// expected to return the 32-byte digest. Anything else, or a throw, means hashing in wasm instead.
fn host_sha256(bytes: &[u8]) -> Option<[u8; 32]> {
    HOST_SHA256.with(|h| {
        let h = h.borrow();
        let f = h.as_ref()?;
        // SAFETY: the view lives only for this synchronous call, during which wasm memory cannot grow.
        let view = unsafe { js_sys::Uint8Array::view(bytes) };
        digest_of(f.call1(&JsValue::UNDEFINED, &view).ok()?)
    })
}

thread_local! {
    #[cfg(fast_fold)]
    static HOST_SHA256_PARTS: std::cell::RefCell<Option<js_sys::Function>> = const { std::cell::RefCell::new(None) };
}

/// The host's SHA-256 over the concatenation of `parts`, through the function given to `setSha256Parts`: handed
/// an array of views of wasm memory (no copy; used at once, as a `Hash` updated with each does) and expected to
/// return the 32-byte digest. Anything else, or a throw, means hashing in wasm instead.
#[cfg(fast_fold)]
fn host_sha256_parts(parts: &[&[u8]]) -> Option<[u8; 32]> {
    HOST_SHA256_PARTS.with(|h| {
        let h = h.borrow();
        let f = h.as_ref()?;
        let views = js_sys::Array::new();
        for part in parts {
            // SAFETY: the views live only for this synchronous call, during which wasm memory cannot grow (nothing
            // here allocates in wasm between the first view and the call's return).
            let view = unsafe { js_sys::Uint8Array::view(part) };
            views.push(&view);
        }
        digest_of(f.call1(&JsValue::UNDEFINED, &views).ok()?)
    })
}

/// Give the engine the host's SHA-256 over parts (`(parts: Uint8Array[]) => Uint8Array`, the 32-byte digest of
/// their concatenation, synchronous), used for a fold's large preimages (the Node build). The package's Node entry
/// passes `node:crypto`'s.
#[cfg(fast_fold)]
#[wasm_bindgen(js_name = setSha256Parts)]
pub fn set_sha256_parts(f: js_sys::Function) {
    HOST_SHA256_PARTS.with(|h| *h.borrow_mut() = Some(f));
    crate::identity::use_host_sha256_parts(host_sha256_parts);
}

/// Give the engine the host's SHA-256 (`(bytes: Uint8Array) => Uint8Array`, 32 bytes, synchronous), used for large
/// inputs. The package's Node entry passes `node:crypto`'s; browsers hash in wasm.
#[wasm_bindgen(js_name = setSha256)]
pub fn set_sha256(f: js_sys::Function) {
    HOST_SHA256.with(|h| *h.borrow_mut() = Some(f));
    crate::identity::use_host_sha256(host_sha256);
}

/// Bytes of WebAssembly linear memory the engine holds: its index and working buffers, at their high-water mark
/// (linear memory grows and never shrinks).
#[wasm_bindgen(js_name = engineMemoryBytes)]
pub fn engine_memory_bytes() -> f64 {
    (core::arch::wasm32::memory_size(0) as f64) * 65536.0
}
