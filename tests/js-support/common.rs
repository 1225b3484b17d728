// Shared by the tests/wasm_*.rs suites (included with `#[path]`): the JS in-memory storage, small JS helpers,
// and assertions on thrown errors. Not every suite uses every helper.
#![allow(dead_code)]

use contextfold::engine::FoldInput;
use js_sys::Reflect;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

#[wasm_bindgen(module = "/tests/js-support/mem_storage.js")]
extern "C" {
    #[derive(Clone)]
    pub type MemStorage;
    #[wasm_bindgen(constructor)]
    pub fn new(root: Option<String>) -> MemStorage;
    #[wasm_bindgen(method, js_name = failNext)]
    pub fn fail_next(this: &MemStorage, op: &str, message: &str, skip: u32);
    #[wasm_bindgen(method, js_name = setSlow)]
    pub fn set_slow(this: &MemStorage, slow: bool);
    #[wasm_bindgen(method, js_name = getText)]
    pub fn get_text(this: &MemStorage, key: &str) -> Option<String>;
    #[wasm_bindgen(method, js_name = setText)]
    pub fn set_text(this: &MemStorage, key: &str, text: &str);
    #[wasm_bindgen(method)]
    pub fn forget(this: &MemStorage, key: &str);
    #[wasm_bindgen(method)]
    pub fn keys(this: &MemStorage) -> Vec<String>;
    #[wasm_bindgen(method, js_name = logText)]
    pub fn log_text(this: &MemStorage) -> String;
    #[wasm_bindgen(method)]
    pub fn dump(this: &MemStorage) -> String;

    #[wasm_bindgen(extends = MemStorage)]
    #[derive(Clone)]
    pub type LinkedStorage;
    #[wasm_bindgen(constructor)]
    pub fn new(root: Option<String>) -> LinkedStorage;
    #[wasm_bindgen(method)]
    pub fn link(this: &LinkedStorage, key: &str, target: &str);

    #[wasm_bindgen(extends = MemStorage)]
    #[derive(Clone)]
    pub type ArrayBufferStorage;
    #[wasm_bindgen(constructor)]
    pub fn new() -> ArrayBufferStorage;

    #[wasm_bindgen(js_name = brokenStorage)]
    pub fn broken_storage(kind: &str) -> JsValue;
    #[wasm_bindgen(js_name = throwingStorage)]
    pub fn throwing_storage() -> JsValue;
    #[wasm_bindgen(js_name = fixedClock)]
    pub fn fixed_clock(now: &str) -> JsValue;
    pub fn options(clock: JsValue, token_counter: JsValue, policy: JsValue) -> JsValue;
    #[wasm_bindgen(js_name = badCounter)]
    pub fn bad_counter(kind: &str) -> JsValue;
    #[wasm_bindgen(js_name = withLoneSurrogate)]
    pub fn with_lone_surrogate(before: &str, after: &str) -> JsValue;
    pub fn parse(text: &str) -> JsValue;
    pub fn stringify(value: &JsValue) -> String;
}

pub const NOW: &str = "2026-01-01T00:00:00Z";

/// The golden vectors of the reference (`fold_demo.json`), parsed by JS.
pub fn fold_demo() -> JsValue {
    parse(include_str!("../vectors/fold_demo.json"))
}

pub fn get(v: &JsValue, path: &str) -> JsValue {
    let mut cur = v.clone();
    for part in path.split('.') {
        cur = match part.parse::<u32>() {
            Ok(i) => Reflect::get_u32(&cur, i).unwrap(),
            Err(_) => Reflect::get(&cur, &JsValue::from_str(part)).unwrap(),
        };
    }
    cur
}

pub fn get_str(v: &JsValue, path: &str) -> String {
    get(v, path).as_string().unwrap_or_else(|| panic!("{path} is not a string"))
}

/// The 8 demo turns as engine inputs (lists null: extracted), from the vectors.
pub fn demo_turns() -> Vec<FoldInput> {
    let demo = fold_demo();
    (0..8)
        .map(|i| {
            let input = get(&demo, &format!("turns.{i}.input"));
            FoldInput {
                step_id: Some(get(&input, "step_id").as_f64().unwrap() as i64),
                summary: get_str(&input, "summary"),
                raw_content: get(&input, "raw_content").as_string(),
                ..FoldInput::default()
            }
        })
        .collect()
}

/// A `FoldInput` as the JS object a caller would pass.
pub fn fold_js(input: &FoldInput) -> JsValue {
    serde_wasm_bindgen::to_value(input).unwrap()
}

/// An object from (key, value) pairs.
pub fn object(pairs: &[(&str, JsValue)]) -> JsValue {
    let o = js_sys::Object::new();
    for (k, v) in pairs {
        Reflect::set(&o, &JsValue::from_str(k), v).unwrap();
    }
    o.into()
}

pub fn fixed_options() -> JsValue {
    options(fixed_clock(NOW), JsValue::UNDEFINED, JsValue::UNDEFINED)
}

/// Assert a thrown value is an `Error` with this name and code; returns its message.
pub fn expect_error(thrown: JsValue, name: &str, code: &str) -> String {
    assert!(thrown.is_instance_of::<js_sys::Error>(), "not an Error: {thrown:?}");
    let got_name = get_str(&thrown, "name");
    let got_code = get_str(&thrown, "code");
    let message = get_str(&thrown, "message");
    assert_eq!((got_name.as_str(), got_code.as_str()), (name, code), "message: {message}");
    message
}

pub fn err<T>(r: Result<T, JsValue>) -> JsValue {
    match r {
        Ok(_) => panic!("expected an error"),
        Err(e) => e,
    }
}
