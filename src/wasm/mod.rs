//! WebAssembly bindings (wasm32 only): a thin JS face over the engine. `Engine` wraps [`crate::ContextFold`]
//! over a host `Storage`; `extract` and the `render*` functions are the pure helpers. No protocol logic lives
//! here: the bindings check JS input, serialise calls, and convert results and errors.
//!
//! * `storage` — the JS `Storage` interface and the engine's storage trait over it
//! * `engine` — the exported `Engine` class
//! * `input` — checked conversion of JS values (types, lone surrogates, safe integers)
//! * `errors` — engine errors as thrown JS `Error`s with `name` and `code`
//! * `report` — the console text of the reference (`render*`)
//! * `cli` — the bin's argument rules: `parseStepId` (Python `int()`), `pythonRepr`
//! * `redact` — the redactor (`redact`, `redactionRules`)
//! * `lock` — the async mutex that serialises overlapping calls

mod cli;
mod engine;
mod errors;
pub(crate) mod input;
mod lock;
mod redact;
mod report;
mod storage;

use tsify::Ts;
use wasm_bindgen::prelude::*;

pub use cli::*;
pub use engine::Engine;
pub use redact::*;
pub use report::*;

/// The package version (the crate's).
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}

/// Identifiers, files, commands and errors of a text, plus the terms a scan of it would look for.
#[wasm_bindgen]
pub fn extract(#[wasm_bindgen(unchecked_param_type = "string")] text: JsValue) -> Result<Ts<crate::extract::Extraction>, JsValue> {
    let text = input::string(&text, "extract: text").map_err(errors::to_js)?;
    engine::output(&crate::extract::extract_all(&text), "extract")
}

/// Bytes of WebAssembly linear memory the engine holds: its index and working buffers, at their high-water mark
/// (linear memory grows and never shrinks).
#[wasm_bindgen(js_name = engineMemoryBytes)]
pub fn engine_memory_bytes() -> f64 {
    (core::arch::wasm32::memory_size(0) as f64) * 65536.0
}
