//! Two jobs. The cfgs `ranked_v2`, `read_in_place` and `fast_fold`: each of those cargo features' code is in every
//! native build and, in wasm, only where the feature is on (the Node package's build): one short name for
//! `any(feature = "…", not(target_arch = "wasm32"))`. And the JSON Schemas (`schemas/*.json`) go into the engine
//! without what the validator never reads (`src/schema.rs`): the prose (`description`, `title`, `examples`,
//! `$comment`, `default`), the identifiers (`$id`, `$schema`: references name the schema's file) and `format`; in
//! the browser build every byte counts against the package's size budget. The files in `schemas/` keep them for
//! readers and for other validators.
use std::{env, fs, path::Path};

use serde_json::Value;

const SCHEMAS: [&str; 5] = [
    "cold_node.schema.json",
    "recall_index.schema.json",
    "eviction_log.schema.json",
    "hydration_policy.schema.json",
    "folded_step.schema.json",
];
const ANNOTATIONS: [&str; 8] = ["description", "title", "examples", "$comment", "default", "$id", "$schema", "format"];
/// Keywords whose object members are names (of properties or definitions), not keywords.
const NAME_MAPS: [&str; 3] = ["properties", "$defs", "patternProperties"];

fn strip(v: &mut Value) {
    match v {
        Value::Object(m) => {
            m.retain(|k, _| !ANNOTATIONS.contains(&k.as_str()));
            for (k, child) in m.iter_mut() {
                match child {
                    Value::Object(names) if NAME_MAPS.contains(&k.as_str()) => names.values_mut().for_each(strip),
                    _ => strip(child),
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(strip),
        _ => {}
    }
}

/// The cargo features whose code every native build has, and the cfg that says a build has it.
const NATIVE_ALWAYS: [(&str, &str); 3] = [("RANKED_V2", "ranked_v2"), ("READ_IN_PLACE", "read_in_place"), ("FAST_FOLD", "fast_fold")];

fn main() {
    let wasm = env::var("CARGO_CFG_TARGET_ARCH").is_ok_and(|arch| arch == "wasm32");
    for (feature, cfg) in NATIVE_ALWAYS {
        println!("cargo::rustc-check-cfg=cfg({cfg})");
        if !wasm || env::var_os(format!("CARGO_FEATURE_{feature}")).is_some() {
            println!("cargo::rustc-cfg={cfg}");
        }
    }
    let out = env::var("OUT_DIR").expect("OUT_DIR");
    for name in SCHEMAS {
        let source = Path::new("schemas").join(name);
        println!("cargo:rerun-if-changed={}", source.display());
        let text = fs::read_to_string(&source).unwrap_or_else(|e| panic!("{}: {e}", source.display()));
        let mut schema: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", source.display()));
        strip(&mut schema);
        fs::write(Path::new(&out).join(name), serde_json::to_string(&schema).expect("serialize")).expect("write");
    }
    println!("cargo:rerun-if-changed=build.rs");
}
