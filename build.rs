//! The JSON Schemas (`schemas/*.json`) go into the engine without their prose: `description`, `title`, `examples`,
//! `$comment` and `default` are annotations the validator never reads (`src/schema.rs`), and in the browser build
//! every byte counts against the package's size budget. The files in `schemas/` keep them for readers.
use std::{env, fs, path::Path};

use serde_json::Value;

const SCHEMAS: [&str; 5] = [
    "cold_node.schema.json",
    "recall_index.schema.json",
    "eviction_log.schema.json",
    "hydration_policy.schema.json",
    "folded_step.schema.json",
];
const ANNOTATIONS: [&str; 5] = ["description", "title", "examples", "$comment", "default"];
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

fn main() {
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
