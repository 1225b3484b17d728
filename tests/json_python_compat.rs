//! `contextfold::json` against CPython 3.11's `json`: fixtures precomputed by `tests/fixtures/gen_json_fixtures.py`
//! (no Python at test time) and every JSON text embedded in the golden vectors, byte for byte.

use contextfold::json::{self, parse, python_float_repr, to_canonical, to_pretty, Value, MAX_DEPTH};
use std::path::PathBuf;

fn manifest_dir() -> PathBuf { PathBuf::from(env!("CARGO_MANIFEST_DIR")) }

fn read(path: &PathBuf) -> Vec<u8> {
    std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The vector folders present: the crate's copy (`tests/vectors`) and the shared one (`../shared/vectors`).
fn vector_dirs() -> Vec<PathBuf> {
    let dirs: Vec<PathBuf> = [manifest_dir().join("tests/vectors"), manifest_dir().join("../shared/vectors")]
        .into_iter()
        .filter(|d| d.join("fold_demo.json").is_file())
        .collect();
    assert!(!dirs.is_empty(), "no golden vectors found (tests/vectors or ../shared/vectors)");
    dirs
}

fn load_serde(path: &PathBuf) -> serde_json::Value {
    serde_json::from_slice(&read(path)).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn text(b: &[u8]) -> String { String::from_utf8_lossy(b).into_owned() }

// ---------------------------------------------------------------------------------------------------------------
// Floats

#[test]
fn float_repr_matches_cpython() {
    let fixture = String::from_utf8(read(&manifest_dir().join("tests/fixtures/python_floats.txt"))).unwrap();
    let mut n = 0;
    for line in fixture.lines() {
        let (hex, expected) = line.split_once(' ').unwrap();
        let f = f64::from_bits(u64::from_str_radix(hex, 16).unwrap());
        assert_eq!(python_float_repr(f), expected, "bits {hex}");
        assert_eq!(to_canonical(&Value::Float(f)), expected.as_bytes(), "bits {hex}");
        // Reading Python's text back gives the same double (NaN: any NaN).
        match parse(expected.as_bytes()) {
            Ok(Value::Float(g)) if f.is_nan() => assert!(g.is_nan()),
            Ok(Value::Float(g)) => assert_eq!(g.to_bits(), f.to_bits(), "{expected}"),
            other => panic!("{expected} parsed as {other:?}"),
        }
        n += 1;
    }
    assert!(n > 3000, "fixture too small: {n}");
    eprintln!("{n} float reprs byte-exact");
}

// ---------------------------------------------------------------------------------------------------------------
// Documents: acceptance, values (through both writers) and error messages, all as CPython

#[test]
fn documents_match_cpython() {
    let cases = load_serde(&manifest_dir().join("tests/fixtures/python_json_cases.json"));
    let (mut ok, mut err) = (0, 0);
    for case in cases.as_array().unwrap() {
        let input: Vec<u8> = match (case.get("in"), case.get("in_hex")) {
            (Some(s), _) => s.as_str().unwrap().as_bytes().to_vec(),
            (_, Some(h)) => {
                let h = h.as_str().unwrap();
                (0..h.len()).step_by(2).map(|i| u8::from_str_radix(&h[i..i + 2], 16).unwrap()).collect()
            }
            _ => panic!("bad case {case}"),
        };
        let shown = text(&input);
        let got = parse(&input);
        if let Some(canonical) = case.get("canonical").and_then(|c| c.as_str()) {
            let v = got.unwrap_or_else(|e| panic!("{shown:?}: Python accepts it, we said {e}"));
            let pretty = case["pretty"].as_str().unwrap();
            assert_eq!(text(&to_canonical(&v)), canonical, "canonical of {shown:?}");
            assert_eq!(text(&to_pretty(&v)), pretty, "pretty of {shown:?}");
            // Our own output reads back to the same bytes.
            assert_eq!(to_canonical(&parse(pretty.as_bytes()).unwrap()), canonical.as_bytes());
            assert_eq!(to_pretty(&parse(canonical.as_bytes()).unwrap()), pretty.as_bytes());
            ok += 1;
        } else {
            let expected = case["error"].as_str().unwrap();
            let e = match got {
                Ok(v) => panic!("{shown:?}: Python rejects it ({expected}), we parsed {v:?}"),
                Err(e) => e.message,
            };
            if expected == "lone surrogate" {
                assert!(e.starts_with("Lone surrogate"), "{shown:?}: {e}");
            } else if expected == "int beyond i128" {
                assert!(e.contains("does not fit in 128 bits"), "{shown:?}: {e}");
            } else {
                assert_eq!(e, expected, "error for {shown:?}");
            }
            err += 1;
        }
    }
    assert!(ok > 300 && err > 300, "fixture too small: {ok} ok, {err} errors");
    eprintln!("{ok} accepted documents byte-exact (x4), {err} rejections with Python's message");
}

// ---------------------------------------------------------------------------------------------------------------
// Golden vectors

const DEFAULT_POLICY_CANONICAL: &str = concat!(
    r#"{"eviction_trigger":"after_response","integrity_verification":true,"#,
    r#""max_rehydration_tokens_per_call":3000,"max_rehydration_tokens_per_turn":3500,"#,
    r#""policy_version":"1.1","scope":"single_turn"}"#
);

/// Which writer produced a string field of a vector, by its key.
fn writer_for(key: &str) -> Option<fn(&Value) -> Vec<u8>> {
    if key.ends_with("_preimage") || key.ends_with("_canonical_json") {
        Some(to_canonical)
    } else if key == "cold_node_file" || key.starts_with("recall_index_file") || key == "eviction_log_file" {
        Some(to_pretty)
    } else {
        None
    }
}

/// Every JSON text embedded in a vector file (cold node files, index files, preimages, canonical policies)
/// must be exactly what the matching writer makes of its parse.
fn check_embedded(v: &serde_json::Value, key: &str, file: &str, count: &mut usize) {
    match v {
        serde_json::Value::Object(m) => m.iter().for_each(|(k, x)| check_embedded(x, k, file, count)),
        serde_json::Value::Array(a) => a.iter().for_each(|x| check_embedded(x, key, file, count)),
        serde_json::Value::String(s) => {
            if let Some(write) = writer_for(key) {
                let parsed = parse(s.as_bytes()).unwrap_or_else(|e| panic!("{file} {key}: {e}"));
                assert_eq!(text(&write(&parsed)), *s, "{file} {key}");
                *count += 1;
            }
        }
        _ => {}
    }
}

/// A policy as the reference wrote it (`json.dump(policy, f)`); null = no file = the default policy.
fn policy_canonical(policy: &serde_json::Value) -> String {
    if policy.is_null() {
        return DEFAULT_POLICY_CANONICAL.to_string();
    }
    text(&to_canonical(&parse(serde_json::to_string(policy).unwrap().as_bytes()).unwrap()))
}

#[test]
fn vectors_embedded_json_is_byte_exact() {
    let mut count = 0;
    for dir in vector_dirs() {
        for sub in [dir.clone(), dir.join("random")] {
            let Ok(entries) = std::fs::read_dir(&sub) else { continue };
            let mut files: Vec<PathBuf> = entries.map(|e| e.unwrap().path()).collect();
            files.sort();
            for path in files.iter().filter(|p| p.extension().is_some_and(|e| e == "json")) {
                check_embedded(&load_serde(path), "", &path.display().to_string(), &mut count);
            }
        }
    }
    assert!(count >= 300, "only {count} embedded JSON texts found");
    eprintln!("{count} embedded JSON texts byte-exact");
}

#[test]
fn vectors_policy_and_turns() {
    let mut count = 0;
    let mut check_turn = |input_policy: &serde_json::Value, expected: &serde_json::Value, what: &str| {
        let canonical = expected["policy_canonical_json"].as_str().unwrap();
        assert_eq!(policy_canonical(input_policy), canonical, "{what}");
        let node = expected["cold_node_file"].as_str().unwrap();
        assert_eq!(text(&to_pretty(&parse(node.as_bytes()).unwrap())), node, "{what}");
        for key in ["projection_preimage", "artifact_preimage"] {
            let pre = expected[key].as_str().unwrap();
            assert_eq!(text(&to_canonical(&parse(pre.as_bytes()).unwrap())), pre, "{what} {key}");
        }
        count += 4;
    };
    for dir in vector_dirs() {
        let demo = load_serde(&dir.join("fold_demo.json"));
        assert_eq!(demo["default_policy_canonical_json"], DEFAULT_POLICY_CANONICAL);
        assert_eq!(policy_canonical(&demo["default_policy"]), DEFAULT_POLICY_CANONICAL);
        for (i, turn) in demo["turns"].as_array().unwrap().iter().enumerate() {
            check_turn(&turn["input"]["policy"], &turn["expected"], &format!("fold_demo turn {i}"));
        }
        let index = demo["recall_index_file_after_all_folds"].as_str().unwrap();
        assert_eq!(text(&to_pretty(&parse(index.as_bytes()).unwrap())), index);

        if let Ok(bytes) = std::fs::read(dir.join("fold_extra.json")) {
            let extra: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
            for case in extra["cases"].as_array().unwrap() {
                check_turn(&case["input"]["policy"], &case["expected"], case["id"].as_str().unwrap());
            }
        }
        if let Ok(bytes) = std::fs::read(dir.join("random/fold.json")) {
            let random: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
            for case in random["cases"].as_array().unwrap() {
                // A duplicate step id writes nothing, so its turn has no texts to check.
                let turns = case["turns"].as_array().unwrap().iter().filter(|t| t["duplicate"] != true);
                for (i, turn) in turns.enumerate() {
                    check_turn(&case["policy"], &turn["expected"], &format!("{} turn {i}", case["id"]));
                }
            }
        }
    }
    eprintln!("{count} fold checks byte-exact");
}

/// Our parser and serde_json agree on every vector file (they are large, indent=1, non-ASCII-heavy documents).
#[test]
fn vector_files_parse_like_serde() {
    fn conv(v: &serde_json::Value) -> Value {
        match v {
            serde_json::Value::Null => Value::Null,
            serde_json::Value::Bool(b) => Value::Bool(*b),
            serde_json::Value::Number(n) => match (n.as_i64(), n.as_u64()) {
                (Some(i), _) => Value::from(i),
                (_, Some(u)) => Value::from(u),
                _ => Value::Float(n.as_f64().unwrap()),
            },
            serde_json::Value::String(s) => Value::from(s.as_str()),
            serde_json::Value::Array(a) => Value::Array(a.iter().map(conv).collect()),
            serde_json::Value::Object(m) => Value::Object(m.iter().map(|(k, v)| (k.clone(), conv(v))).collect()),
        }
    }
    for dir in vector_dirs() {
        for name in ["fold_demo.json", "fold_extra.json", "stores.json", "validate.json", "random/fold.json",
                     "random/scan.json"] {
            let Ok(bytes) = std::fs::read(dir.join(name)) else { continue };
            let ours = parse(&bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert!(ours == conv(&serde_json::from_slice(&bytes).unwrap()), "{name}");
        }
    }
}

// ---------------------------------------------------------------------------------------------------------------
// Robustness: errors, never panics

fn assert_err(doc: &[u8], needle: &str) {
    match parse(doc) {
        Ok(v) => panic!("{:?} parsed as {v:?}", text(doc)),
        Err(e) => assert!(e.message.contains(needle), "{:?}: {}", text(doc), e.message),
    }
}

#[test]
fn truncated_documents_are_errors() {
    let demo = read(&vector_dirs()[0].join("fold_demo.json"));
    let demo: serde_json::Value = serde_json::from_slice(&demo).unwrap();
    let node = demo["turns"][0]["expected"]["cold_node_file"].as_str().unwrap();
    let index = demo["recall_index_file_after_all_folds"].as_str().unwrap();
    for doc in [node, index, r#"{"a":[1,2.5e-3,"\u00e9\ud83d\ude80",null,true,-Infinity]}"#] {
        let b = doc.as_bytes();
        assert!(parse(b).is_ok());
        // Every byte prefix (incl. ones that cut a UTF-8 sequence) is an error: all these docs end in `}`.
        for cut in 0..b.len() {
            assert!(parse(&b[..cut]).is_err(), "prefix {cut} of {doc:?}");
        }
    }
}

#[test]
fn nesting_is_bounded() {
    let nest = |n: usize| format!("{}{}", "[".repeat(n), "]".repeat(n));
    assert!(parse(nest(MAX_DEPTH).as_bytes()).is_ok());
    assert_err(nest(MAX_DEPTH + 1).as_bytes(), "nesting");
    assert_err("[".repeat(1_000_000).as_bytes(), "nesting");
    assert_err("{\"a\":".repeat(1_000_000).as_bytes(), "nesting");
    let objects = format!("{}1{}", "{\"k\":[".repeat(MAX_DEPTH / 2), "]}".repeat(MAX_DEPTH / 2));
    let v = parse(objects.as_bytes()).unwrap();
    assert_eq!(to_canonical(&v), objects.as_bytes());
}

#[test]
fn invalid_utf8_bom_and_surrogates() {
    assert_err(b"\"\xff\"", "can't decode byte 0xff in position 1: invalid start byte");
    assert_err(b"\"\xe2\x82\"", "can't decode bytes in position 1-2: invalid continuation byte");
    assert_err(b"\"\xe2\x82", "unexpected end of data");
    assert_err(b"\"\xed\xa0\x80\"", "invalid continuation byte"); // UTF-8-encoded surrogate
    assert_err(b"\xef\xbb\xbf{}", "Unexpected UTF-8 BOM");
    assert_err(br#""\ud800""#, "Lone surrogate");
    assert_err(br#""\udc00\ud800""#, "Lone surrogate");
    assert_err(br#"["\ud800x", 1,]"#, "Expecting value"); // Python's own error wins over the surrogate
    assert_eq!(parse(br#""\ud83d\ude80\u00E9""#).unwrap(), Value::from("🚀é"));
    assert_eq!(parse("\"\u{feff}\"".as_bytes()).unwrap(), Value::from("\u{feff}")); // BOM inside a string is fine
}

#[test]
fn numbers() {
    assert_eq!(parse(b"-0").unwrap(), Value::Int(0));
    assert_eq!(parse(b"170141183460469231731687303715884105727").unwrap(), Value::Int(i128::MAX));
    assert_err(b"170141183460469231731687303715884105728", "128 bits");
    assert_err(&[b'9'; 10_000], "128 bits");
    assert_eq!(parse(b"1e400").unwrap(), Value::Float(f64::INFINITY));
    assert_eq!(parse(b"-1e99999999999999999999").unwrap(), Value::Float(f64::NEG_INFINITY));
    assert!(matches!(parse(b"NaN").unwrap(), Value::Float(f) if f.is_nan()));
    let special = parse(b"[NaN,Infinity,-Infinity,-0.0,1E5]").unwrap();
    assert_eq!(to_canonical(&special), b"[NaN,Infinity,-Infinity,-0.0,100000.0]");
    assert_eq!(to_canonical(&parse(b"{\"a\":1,\"a\":2}").unwrap()), b"{\"a\":2}"); // last duplicate wins
    for bad in ["+1", "01", "1.", ".5", "1e", "-", "--1", "-NaN", "nan", "infinity", "0x10"] {
        assert!(parse(bad.as_bytes()).is_err(), "{bad}");
    }
}

/// Random byte soup built from JSON's own punctuation: no panic, and whatever parses re-serialises stably.
#[test]
fn fuzz_never_panics() {
    const PIECES: &[&[u8]] = &[b"[", b"]", b"{", b"}", b",", b":", b"\"", b"\\", b"\\u", b"d83d", b"\\ude80",
        b"ud800", b"0", b"1", b"-", b".", b"e", b"+", b"9", b" ", b"\n", b"null", b"true", b"NaN", b"-Infinity",
        b"\x00", b"\x1f", b"\xc3", b"\xa9", b"\xff", b"\xef\xbb\xbf", b"\"k\":", b"\"v\"", "é🚀".as_bytes()];
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut parsed = 0;
    for _ in 0..200_000 {
        let len = (next() % 24) as usize;
        let doc: Vec<u8> =
            (0..len).flat_map(|_| PIECES[(next() % PIECES.len() as u64) as usize].iter().copied()).collect();
        if let Ok(v) = parse(&doc) {
            let c = to_canonical(&v);
            assert_eq!(to_canonical(&parse(&c).unwrap()), c, "{:?}", text(&doc));
            assert_eq!(to_canonical(&parse(&to_pretty(&v)).unwrap()), c);
            parsed += 1;
        }
    }
    assert!(parsed > 1000, "fuzz produced only {parsed} valid documents");
}

#[test]
fn value_helpers() {
    let v = parse(br#"{"s":"x","i":3,"b":true,"l":["a","b"],"o":{},"n":null,"f":0.0}"#).unwrap();
    assert_eq!(v.get("s").and_then(Value::as_str), Some("x"));
    assert_eq!(v.get("i").and_then(Value::as_i64), Some(3));
    assert_eq!(v.get("b").and_then(Value::as_i128), None); // a bool is not an int here ...
    assert_eq!(v.get("b").and_then(Value::python_int), Some(1)); // ... but is one in Python arithmetic
    assert_eq!(v.get("l").and_then(Value::as_str_vec), Some(vec!["a".to_string(), "b".to_string()]));
    assert_eq!(Value::from(vec!["a".to_string(), "b".to_string()]), v.get("l").unwrap().clone());
    assert_eq!(v.get("missing"), None);
    assert_eq!(Value::from(3).get("s"), None);
    let keys = ["s", "i", "b", "l", "o", "n", "f"];
    let names: Vec<&str> = keys.iter().map(|k| v.get(k).unwrap().type_name()).collect();
    assert_eq!(names, ["str", "int", "bool", "list", "dict", "NoneType", "float"]);
    let truthy: Vec<bool> = keys.iter().map(|k| v.get(k).unwrap().python_truthy()).collect();
    assert_eq!(truthy, [true, true, true, true, false, false, false]);
    assert!(Value::Float(f64::NAN).python_truthy()); // NaN != 0
    assert!(!Value::Float(-0.0).python_truthy() && !Value::from("").python_truthy());
    assert_eq!(to_canonical(&Value::from(None::<&str>)), b"null");
    assert_eq!(to_canonical(&Value::from(Some(-7i64))), b"-7");
    assert_eq!(json::parse(b" true ").unwrap(), Value::from(true));
}

/// `canonical_without` (validate's fast path) gives what parsing and re-serialising give, or nothing.
#[test]
fn canonical_without_agrees_with_parse_and_serialise() {
    use contextfold::json::{canonical_without, parse, to_canonical, Value};
    let check = |doc: &str| {
        let fast = canonical_without(doc, "artifact_sha256");
        let taken = fast.is_some();
        read_in_place_agrees(doc);
        if let Some((bytes, stored)) = fast {
            let Value::Object(mut m) = parse(doc.as_bytes()).expect("a document the fast path takes parses") else { panic!() };
            assert_eq!(m.remove("artifact_sha256"), Some(Value::Str(stored)), "{doc}");
            assert_eq!(String::from_utf8(bytes).unwrap(), String::from_utf8(to_canonical(&Value::Object(m))).unwrap(), "{doc}");
        }
        taken
    };
    assert!(check(r#"{"artifact_sha256": "ab", "b": [1, -2, true, null, {"x": "y\n\u001f"}], "c": "é😀"}"#));
    assert!(check("{\n  \"a\": 1,\n  \"artifact_sha256\": \"ff\"\n}"));
    assert!(check(r#"{"artifact_sha256":"x"}"#));
    // An integer beyond i128 is canonical, but the tape refuses it (and `parse` too): checked by parsing.
    assert!(!read_in_place_agrees(r#"{"a": [170141183460469231731687303715884105728, -1], "artifact_sha256": "x"}"#));
    // Not taken (the caller parses): floats, other escapes, unsorted or repeated keys, -0, no member to drop.
    for doc in [
        r#"{"a": 1.5, "artifact_sha256": "x"}"#,
        r#"{"a": "\u00e9", "artifact_sha256": "x"}"#,
        r#"{"a": "\/", "artifact_sha256": "x"}"#,
        r#"{"b": 1, "a": 2, "artifact_sha256": "x"}"#,
        r#"{"a": 1, "a": 2, "artifact_sha256": "x"}"#,
        r#"{"a": -0, "artifact_sha256": "x"}"#,
        r#"{"a": 01, "artifact_sha256": "x"}"#,
        r#"{"a": "\u000a", "artifact_sha256": "x"}"#,
        r#"{"artifact_sha256": 5}"#,
        r#"{"a": 1}"#,
        r#"[1]"#,
        r#"{"artifact_sha256": "x"} trailing"#,
        "{\"artifact_sha256\": \"x\", \"k\": \"\u{1}\"}",
    ] {
        assert!(!check(doc), "{doc}");
    }
    // Every cold node the golden vectors hold goes the fast way and agrees.
    let demo = parse(&std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/vectors/fold_demo.json")).unwrap()).unwrap();
    let mut taken = 0;
    for turn in demo.get("turns").and_then(Value::as_array).unwrap() {
        let file = turn.get("expected").and_then(|e| e.get("cold_node_file")).and_then(Value::as_str).unwrap();
        taken += usize::from(check(file));
    }
    assert_eq!(taken, 8);
    // Truncations and flips of a real node never panic and never disagree.
    let file = demo.get("turns").and_then(Value::as_array).unwrap()[3].get("expected").and_then(|e| e.get("cold_node_file")).and_then(Value::as_str).unwrap();
    for cut in 0..file.len() {
        if file.is_char_boundary(cut) {
            check(&file[..cut]);
        }
    }
    let bytes = file.as_bytes();
    for i in 0..bytes.len() {
        let mut b = bytes.to_vec();
        b[i] ^= 0x04;
        if let Ok(doc) = std::str::from_utf8(&b) {
            if parse(doc.as_bytes()).is_ok() {
                check(doc);
            } else {
                assert!(canonical_without(doc, "artifact_sha256").is_none(), "invalid JSON is never taken");
            }
        }
    }
}

/// The minifier skips indentation and plain string bytes words at a time: at every indentation width, with other
/// whitespace after the spaces, and with an escape, a quote, a control or a non-ASCII char at every position of
/// strings of every length (near the end of the document too, where fewer than a word of bytes is left), it still
/// gives what parsing and re-serialising give, or nothing.
#[test]
fn canonical_without_agrees_at_every_indentation_and_string_length() {
    use contextfold::json::{canonical_without, parse, to_canonical, Value};
    let agrees = |doc: &str| {
        read_in_place_agrees(doc);
        let Some((bytes, stored)) = canonical_without(doc, "artifact_sha256") else { return false };
        let Value::Object(mut m) = parse(doc.as_bytes()).expect("a document the fast path takes parses") else { panic!() };
        assert_eq!(m.remove("artifact_sha256"), Some(Value::Str(stored)), "{doc:?}");
        assert_eq!(bytes, to_canonical(&Value::Object(m)), "{doc:?}");
        true
    };
    for width in 0..20 {
        for after in ["", "\t", "\r", " \n  ", "\n"] {
            let pad = format!("\n{}{after}", " ".repeat(width));
            let doc = format!("{{{pad}\"a\":{pad}[{pad}1,{pad}\"x\"{pad}],{pad}\"artifact_sha256\": \"ff\"{pad}}}{pad}");
            assert!(agrees(&doc), "{doc:?}");
        }
    }
    for len in 0..40 {
        for at in 0..len {
            for (odd, taken) in [("\\n", true), ("\\\"", true), ("\\u001f", true), ("é", true), ("😀", true), ("\u{1}", false), ("\\u0041", false), ("\\/", false)] {
                let mut text: String = "abcdefghij".chars().cycle().take(len).collect();
                text.insert_str(at, odd);
                for tail in ["", "}"] {
                    let doc = format!("{{\"artifact_sha256\": \"ff\", \"s\": \"{text}\"{tail}");
                    assert_eq!(agrees(&doc), taken && tail == "}", "{doc:?}");
                }
            }
        }
    }
}

/// What `validate` reads of a canonical cold node in place (`tape`) is what `parse` gives, and its schema check
/// finds the same violations as the check of the parsed node. Returns whether it was read in place.
fn read_in_place_agrees(doc: &str) -> bool {
    use contextfold::json::{canonical_without, parse};
    use contextfold::schema::{check, check_doc, Doc, Schema};
    use contextfold::tape::Tape;
    // The tape reads only what the canonical reader accepted; on anything else it must still not panic.
    let tape = Tape::read(doc);
    // The canonical form and tape from one pass (what `validate` uses) are the two read apart.
    {
        let fused = contextfold::tape::canonical_with_tape(doc, "artifact_sha256");
        assert_eq!(fused.as_ref().map(|(w, s, _)| (w.clone(), s.clone())), canonical_without(doc, "artifact_sha256"), "{doc}");
        if let Some((_, _, fused_tape)) = &fused {
            assert_eq!(fused_tape, &tape, "{doc}");
        }
    }
    if canonical_without(doc, "artifact_sha256").is_none() {
        return false;
    }
    let Some(tape) = tape else { return false };
    let parsed = parse(doc.as_bytes()).expect("a document read in place parses");
    assert_eq!(tape.root().to_value(), parsed, "{doc}");
    assert_eq!(check_doc(Schema::ColdNode, Doc::Tape(tape.root())), check(Schema::ColdNode, &parsed), "{doc}");
    true
}

/// A cold node written the canonical way but wrong in every way the schema knows gets, read in place, exactly the
/// violations (paths and messages) the parsed node gets.
#[test]
fn a_cold_node_read_in_place_gets_the_violations_of_the_parsed_node() {
    let demo = json::parse(&std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/vectors/fold_demo.json")).unwrap()).unwrap();
    let node = demo.get("turns").and_then(Value::as_array).unwrap()[3].get("expected").and_then(|e| e.get("cold_node_file")).and_then(Value::as_str).unwrap();
    assert!(read_in_place_agrees(node));
    assert!(contextfold::schema::check(contextfold::schema::Schema::ColdNode, &json::parse(node.as_bytes()).unwrap()).is_empty());
    let Value::Object(base) = json::parse(node.as_bytes()).unwrap() else { panic!() };
    let strings = |xs: &[&str]| Value::Array(xs.iter().map(|x| Value::from(*x)).collect());
    let changes: Vec<(&str, Option<Value>)> = vec![
        ("token_estimate", Some(Value::Int(-1))),
        ("token_estimate", Some(Value::from("12"))),
        ("step_id", Some(Value::Int(9_007_199_254_740_992))),
        ("step_id", Some(Value::Int(-9_007_199_254_740_992))),
        ("status", Some(Value::from("warm"))),
        ("status", Some(Value::Null)),
        ("sanitized", Some(Value::Int(1))),
        ("session_id", Some(Value::from(""))),
        ("ipcf_version", Some(Value::from("1.0"))),
        ("projection_version", Some(Value::Bool(true))),
        ("payload_sha256", Some(Value::from("ABC"))),
        ("projection_sha256", Some(Value::from("0".repeat(63) + "\n"))),
        ("folded_at", Some(Value::from("2026-01-01 00:00:00"))),
        ("identifiers", Some(strings(&["b", "a"]))),
        ("identifiers", Some(strings(&["a", "a"]))),
        ("identifiers", Some(strings(&["a\n", "a\"b", "a\u{1}", "é"]))),
        ("identifiers", Some(Value::Array(vec![Value::from("a"), Value::Int(2), Value::Null, Value::Array(vec![])]))),
        ("identifiers", Some(Value::Array(vec![Value::Int(2), Value::Int(2)]))),
        ("files", Some(Value::from("src/a.rs"))),
        ("commands", Some(Value::Array(vec![Value::Object(Default::default())]))),
        ("errors", None),
        ("raw_content", Some(Value::Int(0))),
        ("summary", Some(Value::from("tab\there, quote \" and \\ back"))),
        ("zzz_extra", Some(Value::from("x"))),
        ("aaa_extra", Some(Value::Array(vec![Value::Bool(false)]))),
    ];
    let mut seen = 0;
    for (key, value) in changes {
        let mut m = base.clone();
        match value {
            Some(v) => m.insert(key.to_string(), v),
            None => m.remove(key),
        };
        let doc = String::from_utf8(json::to_pretty(&Value::Object(m))).unwrap();
        assert!(read_in_place_agrees(&doc), "read in place: {key}");
        seen += usize::from(!contextfold::schema::check(contextfold::schema::Schema::ColdNode, &json::parse(doc.as_bytes()).unwrap()).is_empty());
    }
    // All are violations but three: the summary is any string, and identifiers need to be unique, not sorted.
    assert_eq!(seen, 22);
    // An integer beyond i128 is not read in place (parse rejects it: the caller's parse decides).
    let big = node.replacen("\"step_id\": ", "\"step_id\": 1000000000000000000000000000000000000000000", 1);
    assert!(!read_in_place_agrees(&big));
}
