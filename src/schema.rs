//! Runtime validation of the store's files against our JSON Schemas (`schemas/*.schema.json`, compiled into the
//! engine as they are: the schemas stay the one source of truth). A small validator for the subset of JSON Schema
//! 2020-12 those files use: `type`, `properties`, `required`, `additionalProperties`, `propertyNames`, `items`,
//! `uniqueItems`, `const`, `enum`, `oneOf`, `minimum`, `maximum`, `minLength`, `maxLength`, `pattern` (anchors,
//! literals, escapes, classes, groups with `|`, and the quantifiers `? * + {n} {n,} {n,m}`), and `$ref` within a
//! schema or to another of the files. `format` is an annotation (as in 2020-12 by default); annotation keywords
//! (`title`, `description`, `default`, `examples`, `$id`, `$schema`) are ignored. A keyword outside this subset
//! makes [`check`] report it, so a schema edit that needs more is caught by the tests, not silently skipped.
//!
//! Paths are JSON Pointers into the checked document, as ajv's `instancePath` gives them (`/nodes/100/step_id`;
//! `""` is the document itself); `tests/js/schema-agreement.test.mjs` checks that ajv and this validator agree on
//! every mutated file it tries.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use crate::json::{self, Value};

/// One schema file of `schemas/`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Schema {
    ColdNode,
    RecallIndex,
    EvictionLog,
    HydrationPolicy,
    FoldedStep,
}

impl Schema {
    pub fn file_name(self) -> &'static str {
        match self {
            Schema::ColdNode => "cold_node.schema.json",
            Schema::RecallIndex => "recall_index.schema.json",
            Schema::EvictionLog => "eviction_log.schema.json",
            Schema::HydrationPolicy => "hydration_policy.schema.json",
            Schema::FoldedStep => "folded_step.schema.json",
        }
    }

    pub fn from_file_name(name: &str) -> Option<Schema> {
        [Schema::ColdNode, Schema::RecallIndex, Schema::EvictionLog, Schema::HydrationPolicy, Schema::FoldedStep]
            .into_iter()
            .find(|s| s.file_name() == name)
    }
}

const SOURCES: [(&str, &str); 5] = [
    ("cold_node.schema.json", include_str!("../schemas/cold_node.schema.json")),
    ("recall_index.schema.json", include_str!("../schemas/recall_index.schema.json")),
    ("eviction_log.schema.json", include_str!("../schemas/eviction_log.schema.json")),
    ("hydration_policy.schema.json", include_str!("../schemas/hydration_policy.schema.json")),
    ("folded_step.schema.json", include_str!("../schemas/folded_step.schema.json")),
];

fn schemas() -> &'static BTreeMap<&'static str, Value> {
    static PARSED: OnceLock<BTreeMap<&'static str, Value>> = OnceLock::new();
    PARSED.get_or_init(|| {
        SOURCES
            .iter()
            // The schemas are part of the build; one that did not parse would fail every check (see the tests).
            .map(|(name, text)| (*name, json::parse(text.as_bytes()).unwrap_or(Value::Null)))
            .collect()
    })
}

/// One violation: where in the document (a JSON Pointer) and what is wrong there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Violation {
    pub path: String,
    pub message: String,
}

/// Every violation of `value` against `schema` (empty: the value conforms).
pub fn check(schema: Schema, value: &Value) -> Vec<Violation> {
    let mut out = Vec::new();
    let Some(root) = schemas().get(schema.file_name()) else { return out };
    let mut v = Validator { out: &mut out, depth: 0 };
    v.check(schema.file_name(), root, value, &mut String::new());
    out
}

/// Every violation of `value` against the subschema at `fragment` (`/$defs/entry`) of `schema`, with paths
/// starting at `base` (the pointer of `value` in its document).
pub fn check_def(schema: Schema, fragment: &str, value: &Value, base: &str) -> Vec<Violation> {
    let mut out = Vec::new();
    let mut v = Validator { out: &mut out, depth: 0 };
    match v.resolve(schema.file_name(), &format!("#{fragment}")) {
        Some((file, sub)) => v.check(file, sub, value, &mut base.to_string()),
        None => v.report(base, format!("no subschema {fragment} in {}", schema.file_name())),
    }
    out
}

/// The JSON Pointer of `segments` (each escaped).
pub fn pointer(segments: &[&str]) -> String {
    segments.iter().map(|s| format!("/{}", pointer_segment(s))).collect()
}

/// A JSON Pointer segment: `~` → `~0`, `/` → `~1`.
fn pointer_segment(s: &str) -> String {
    s.replace('~', "~0").replace('/', "~1")
}

struct Validator<'o> {
    out: &'o mut Vec<Violation>,
    depth: usize,
}

fn type_matches(t: &str, v: &Value) -> bool {
    match t {
        "object" => matches!(v, Value::Object(_)),
        "array" => matches!(v, Value::Array(_)),
        "string" => matches!(v, Value::Str(_)),
        "boolean" => matches!(v, Value::Bool(_)),
        "null" => matches!(v, Value::Null),
        "integer" => matches!(v, Value::Int(_)) || matches!(v, Value::Float(f) if f.is_finite() && f.fract() == 0.0),
        "number" => matches!(v, Value::Int(_) | Value::Float(_)),
        _ => false,
    }
}

fn number(v: &Value) -> Option<f64> {
    match v {
        Value::Int(i) => Some(*i as f64),
        Value::Float(f) => Some(*f),
        _ => None,
    }
}

/// JSON equality: numbers by value (`1` equals `1.0`), objects by their members.
fn json_equal(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Int(x), Value::Int(y)) => x == y,
        (Value::Int(_) | Value::Float(_), Value::Int(_) | Value::Float(_)) => number(a) == number(b),
        (Value::Array(x), Value::Array(y)) => x.len() == y.len() && x.iter().zip(y).all(|(p, q)| json_equal(p, q)),
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len() && x.iter().all(|(k, p)| y.get(k).is_some_and(|q| json_equal(p, q)))
        }
        _ => a == b,
    }
}

impl Validator<'_> {
    fn report(&mut self, path: &str, message: String) {
        self.out.push(Violation { path: path.to_string(), message });
    }

    /// The schema a `$ref` names, with the file it lives in.
    fn resolve(&self, doc: &'static str, reference: &str) -> Option<(&'static str, &'static Value)> {
        let (file, fragment) = reference.split_once('#').unwrap_or((reference, ""));
        let (file, mut node) = if file.is_empty() {
            (doc, schemas().get(doc)?)
        } else {
            let (name, value) = schemas().get_key_value(file)?;
            (*name, value)
        };
        for part in fragment.split('/').filter(|p| !p.is_empty()) {
            let part = part.replace("~1", "/").replace("~0", "~");
            node = node.get(&part)?;
        }
        Some((file, node))
    }

    fn check(&mut self, doc: &'static str, schema: &'static Value, value: &Value, path: &mut String) {
        self.depth += 1;
        if self.depth > 64 {
            self.report(path, "schema recursion too deep".to_string());
            self.depth -= 1;
            return;
        }
        match schema {
            Value::Bool(true) => {}
            Value::Bool(false) => self.report(path, "no value is allowed here".to_string()),
            Value::Object(keywords) => self.check_keywords(doc, keywords, value, path),
            _ => self.report(path, "the schema here is not an object or boolean".to_string()),
        }
        self.depth -= 1;
    }

    fn check_keywords(&mut self, doc: &'static str, k: &'static BTreeMap<String, Value>, value: &Value, path: &mut String) {
        for (key, arg) in k {
            match key.as_str() {
                "$schema" | "$id" | "title" | "description" | "default" | "examples" | "format" | "$defs" => {}
                "$ref" => match arg.as_str().and_then(|r| self.resolve(doc, r)) {
                    Some((file, target)) => self.check(file, target, value, path),
                    None => self.report(path, format!("unresolved $ref {}", json::python_str(arg))),
                },
                "type" => {
                    let ok = match arg {
                        Value::Str(t) => type_matches(t, value),
                        Value::Array(ts) => ts.iter().any(|t| t.as_str().is_some_and(|t| type_matches(t, value))),
                        _ => false,
                    };
                    if !ok {
                        let wanted = match arg {
                            Value::Str(t) => t.clone(),
                            other => json::python_str(other),
                        };
                        self.report(path, format!("must be {wanted}, not {}", value.type_name()));
                    }
                }
                "const" => {
                    if !json_equal(arg, value) {
                        self.report(path, format!("must be {}", String::from_utf8_lossy(&json::to_canonical(arg))));
                    }
                }
                "enum" => {
                    let options = arg.as_array().map(Vec::as_slice).unwrap_or_default();
                    if !options.iter().any(|o| json_equal(o, value)) {
                        self.report(path, format!("must be one of {}", String::from_utf8_lossy(&json::to_canonical(arg))));
                    }
                }
                "oneOf" => {
                    let options = arg.as_array().map(Vec::as_slice).unwrap_or_default();
                    let passing = options
                        .iter()
                        .filter(|o| {
                            let mut scratch = Vec::new();
                            Validator { out: &mut scratch, depth: self.depth }.check(doc, o, value, &mut path.clone());
                            scratch.is_empty()
                        })
                        .count();
                    if passing != 1 {
                        self.report(path, format!("must match exactly one of {} schemas (matches {passing})", options.len()));
                    }
                }
                "minimum" | "maximum" => {
                    if let (Some(n), Some(limit)) = (number(value), number(arg)) {
                        let bad = if key == "minimum" { n < limit } else { n > limit };
                        // An i128 beyond f64's exact range compares exactly.
                        let bad = match (value, arg) {
                            (Value::Int(i), Value::Int(l)) => if key == "minimum" { i < l } else { i > l },
                            _ => bad,
                        };
                        if bad {
                            let op = if key == "minimum" { ">=" } else { "<=" };
                            self.report(path, format!("must be {op} {}", json::python_str(arg)));
                        }
                    }
                }
                "minLength" | "maxLength" => {
                    if let (Value::Str(s), Some(limit)) = (value, arg.as_i128()) {
                        let n = s.chars().count() as i128;
                        let bad = if key == "minLength" { n < limit } else { n > limit };
                        if bad {
                            let which = if key == "minLength" { "fewer" } else { "more" };
                            self.report(path, format!("must not have {which} than {limit} characters"));
                        }
                    }
                }
                "pattern" => {
                    if let (Value::Str(s), Some(p)) = (value, arg.as_str()) {
                        match Pattern::compile(p) {
                            Some(re) if re.is_match(s) => {}
                            Some(_) => self.report(path, format!("must match the pattern {p}")),
                            None => self.report(path, format!("unsupported pattern {p}")),
                        }
                    }
                }
                "required" => {
                    if let (Value::Object(m), Some(names)) = (value, arg.as_array()) {
                        for n in names.iter().filter_map(Value::as_str) {
                            if !m.contains_key(n) {
                                self.report(path, format!("must have the key \"{n}\""));
                            }
                        }
                    }
                }
                "properties" => {
                    if let (Value::Object(m), Value::Object(props)) = (value, arg) {
                        for (name, sub) in props {
                            if let Some(v) = m.get(name) {
                                self.descend(doc, sub, v, path, name);
                            }
                        }
                    }
                }
                "additionalProperties" => {
                    if let Value::Object(m) = value {
                        let props = k.get("properties").and_then(Value::as_object);
                        for (name, v) in m {
                            if props.is_some_and(|p| p.contains_key(name)) {
                                continue;
                            }
                            match arg {
                                Value::Bool(false) => self.report(path, format!("must not have the key \"{name}\"")),
                                sub => self.descend(doc, sub, v, path, name),
                            }
                        }
                    }
                }
                "propertyNames" => {
                    if let Value::Object(m) = value {
                        for name in m.keys() {
                            let mut scratch = Vec::new();
                            Validator { out: &mut scratch, depth: self.depth }.check(doc, arg, &Value::Str(name.clone()), &mut path.clone());
                            if !scratch.is_empty() {
                                self.report(path, format!("the key \"{name}\" is not a valid name here"));
                            }
                        }
                    }
                }
                "items" => {
                    if let Value::Array(items) = value {
                        for (i, item) in items.iter().enumerate() {
                            self.descend(doc, arg, item, path, &i.to_string());
                        }
                    }
                }
                "uniqueItems" => {
                    if let (Value::Array(items), Value::Bool(true)) = (value, arg) {
                        let dup = (0..items.len()).any(|i| (i + 1..items.len()).any(|j| json_equal(&items[i], &items[j])));
                        if dup {
                            self.report(path, "must not have duplicate items".to_string());
                        }
                    }
                }
                other => self.report(path, format!("unsupported schema keyword {other}")),
            }
        }
    }

    fn descend(&mut self, doc: &'static str, schema: &'static Value, value: &Value, path: &mut String, segment: &str) {
        let len = path.len();
        path.push('/');
        path.push_str(&pointer_segment(segment));
        self.check(doc, schema, value, path);
        path.truncate(len);
    }
}

/// A regular expression of the small subset the schemas use, matched by backtracking (the inputs are short and
/// the patterns have no nested quantifiers).
#[derive(Debug, Clone)]
pub struct Pattern {
    alternatives: Vec<Vec<Piece>>,
}

#[derive(Debug, Clone)]
struct Piece {
    atom: Atom,
    min: usize,
    max: usize,
}

#[derive(Debug, Clone)]
enum Atom {
    Start,
    End,
    Any,
    Char(char),
    Class { negated: bool, ranges: Vec<(char, char)> },
    Group(Vec<Vec<Piece>>),
}

impl Pattern {
    /// `None` when the pattern uses something outside the subset.
    pub fn compile(pattern: &str) -> Option<Pattern> {
        let chars: Vec<char> = pattern.chars().collect();
        let mut pos = 0;
        let alternatives = parse_alternatives(&chars, &mut pos)?;
        (pos == chars.len()).then_some(Pattern { alternatives })
    }

    /// ECMA-262 `test`: a match anywhere (the schemas anchor theirs).
    pub fn is_match(&self, text: &str) -> bool {
        let chars: Vec<char> = text.chars().collect();
        let mut steps = 0usize;
        (0..=chars.len()).any(|start| match_alternatives(&self.alternatives, &chars, start, &mut steps, &mut |_, _| true))
    }
}

fn parse_alternatives(c: &[char], pos: &mut usize) -> Option<Vec<Vec<Piece>>> {
    let mut alts = vec![Vec::new()];
    while *pos < c.len() {
        let ch = c[*pos];
        match ch {
            ')' => break,
            '|' => {
                *pos += 1;
                alts.push(Vec::new());
                continue;
            }
            _ => {}
        }
        *pos += 1;
        let atom = match ch {
            '^' => Atom::Start,
            '$' => Atom::End,
            '.' => Atom::Any,
            '(' => {
                if c.get(*pos) == Some(&'?') {
                    return None;
                }
                let inner = parse_alternatives(c, pos)?;
                if c.get(*pos) != Some(&')') {
                    return None;
                }
                *pos += 1;
                Atom::Group(inner)
            }
            '[' => parse_class(c, pos)?,
            '\\' => {
                let e = *c.get(*pos)?;
                *pos += 1;
                escape_atom(e)?
            }
            '*' | '+' | '?' | '{' | '}' | ']' => return None,
            other => Atom::Char(other),
        };
        let (min, max) = parse_quantifier(c, pos)?;
        alts.last_mut()?.push(Piece { atom, min, max });
    }
    Some(alts)
}

fn escape_atom(e: char) -> Option<Atom> {
    let digit = vec![('0', '9')];
    let word = vec![('a', 'z'), ('A', 'Z'), ('0', '9'), ('_', '_')];
    Some(match e {
        'd' => Atom::Class { negated: false, ranges: digit },
        'D' => Atom::Class { negated: true, ranges: digit },
        'w' => Atom::Class { negated: false, ranges: word },
        'W' => Atom::Class { negated: true, ranges: word },
        c if c.is_ascii_punctuation() => Atom::Char(c),
        _ => return None,
    })
}

fn parse_class(c: &[char], pos: &mut usize) -> Option<Atom> {
    let negated = c.get(*pos) == Some(&'^');
    if negated {
        *pos += 1;
    }
    let mut ranges = Vec::new();
    loop {
        let mut ch = *c.get(*pos)?;
        *pos += 1;
        if ch == ']' {
            break;
        }
        if ch == '\\' {
            ch = *c.get(*pos)?;
            *pos += 1;
            if !ch.is_ascii_punctuation() {
                match escape_atom(ch)? {
                    Atom::Class { negated: false, ranges: r } => {
                        ranges.extend(r);
                        continue;
                    }
                    _ => return None,
                }
            }
        }
        if c.get(*pos) == Some(&'-') && c.get(*pos + 1).is_some_and(|&n| n != ']') {
            let hi = c[*pos + 1];
            if hi == '\\' {
                return None;
            }
            *pos += 2;
            ranges.push((ch, hi));
        } else {
            ranges.push((ch, ch));
        }
    }
    Some(Atom::Class { negated, ranges })
}

fn parse_quantifier(c: &[char], pos: &mut usize) -> Option<(usize, usize)> {
    let q = match c.get(*pos) {
        Some('?') => (0, 1),
        Some('*') => (0, usize::MAX),
        Some('+') => (1, usize::MAX),
        Some('{') => {
            let close = c[*pos..].iter().position(|&x| x == '}')? + *pos;
            let body: String = c[*pos + 1..close].iter().collect();
            let (lo, hi) = match body.split_once(',') {
                None => {
                    let n = body.parse().ok()?;
                    (n, n)
                }
                Some((lo, "")) => (lo.parse().ok()?, usize::MAX),
                Some((lo, hi)) => (lo.parse().ok()?, hi.parse().ok()?),
            };
            *pos = close;
            (lo, hi)
        }
        _ => return Some((1, 1)),
    };
    *pos += 1;
    if matches!(c.get(*pos), Some('?' | '*' | '+' | '{')) {
        return None; // lazy or stacked quantifiers: not in the subset
    }
    Some(q)
}

/// Budget of backtracking steps for one match (the schemas' patterns need a few per character).
const STEP_BUDGET: usize = 1 << 20;

fn match_alternatives(alts: &[Vec<Piece>], t: &[char], at: usize, steps: &mut usize, k: &mut dyn FnMut(usize, &mut usize) -> bool) -> bool {
    alts.iter().any(|seq| match_seq(seq, t, at, steps, k))
}

fn match_seq(seq: &[Piece], t: &[char], at: usize, steps: &mut usize, k: &mut dyn FnMut(usize, &mut usize) -> bool) -> bool {
    *steps += 1;
    if *steps > STEP_BUDGET {
        return false;
    }
    let Some((first, rest)) = seq.split_first() else { return k(at, steps) };
    match_repeat(first, 0, rest, t, at, steps, k)
}

/// `piece` matched `count` times so far, ending at `at`: try one more (greedy), then the rest of the sequence.
fn match_repeat(
    piece: &Piece,
    count: usize,
    rest: &[Piece],
    t: &[char],
    at: usize,
    steps: &mut usize,
    k: &mut dyn FnMut(usize, &mut usize) -> bool,
) -> bool {
    *steps += 1;
    if *steps > STEP_BUDGET {
        return false;
    }
    if count < piece.max {
        let more = match_atom(&piece.atom, t, at, steps, &mut |next, steps| {
            // An empty iteration beyond the minimum cannot make progress: stop repeating there.
            (next != at || count < piece.min) && match_repeat(piece, count + 1, rest, t, next, steps, k)
        });
        if more {
            return true;
        }
    }
    count >= piece.min && match_seq(rest, t, at, steps, k)
}

fn match_atom(atom: &Atom, t: &[char], at: usize, steps: &mut usize, k: &mut dyn FnMut(usize, &mut usize) -> bool) -> bool {
    match atom {
        Atom::Start => at == 0 && k(at, steps),
        Atom::End => at == t.len() && k(at, steps),
        Atom::Any => at < t.len() && !matches!(t[at], '\n' | '\r' | '\u{2028}' | '\u{2029}') && k(at + 1, steps),
        Atom::Char(c) => t.get(at) == Some(c) && k(at + 1, steps),
        Atom::Class { negated, ranges } => {
            let Some(&c) = t.get(at) else { return false };
            let inside = ranges.iter().any(|&(lo, hi)| lo <= c && c <= hi);
            inside != *negated && k(at + 1, steps)
        }
        Atom::Group(alts) => match_alternatives(alts, t, at, steps, k),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_schemas_parse_and_use_only_the_supported_subset() {
        for (name, text) in SOURCES {
            assert!(json::parse(text.as_bytes()).is_ok(), "{name}");
        }
        // The reference's own writes conform.
        let policy = crate::policy::Policy::reference().raw;
        assert_eq!(check(Schema::HydrationPolicy, &policy), vec![]);
    }

    #[test]
    fn patterns_of_the_schemas() {
        let p = |s: &str| Pattern::compile(s).unwrap();
        let sha = p("^[0-9a-f]{64}$");
        assert!(sha.is_match(&"a".repeat(64)));
        assert!(!sha.is_match(&"a".repeat(63)));
        assert!(!sha.is_match(&"A".repeat(64)));
        let key = p("^-?(0|[1-9][0-9]*)$");
        for ok in ["0", "7", "-12", "100"] {
            assert!(key.is_match(ok), "{ok}");
        }
        for bad in ["", "01", "-", "1a", "+1", " 1"] {
            assert!(!key.is_match(bad), "{bad}");
        }
        let path = p(r"^\.contextfold/cold_nodes/step_-?[0-9]{5,}\.json$");
        assert!(path.is_match(".contextfold/cold_nodes/step_000100.json"));
        assert!(path.is_match(".contextfold/cold_nodes/step_-00005.json"));
        assert!(!path.is_match(".contextfold/cold_nodes/step_100.json"));
        assert!(!path.is_match("xcontextfold/cold_nodes/step_000100.json"));
        assert!(Pattern::compile("(?=x)").is_none());
        assert!(p("b").is_match("abc"), "unanchored patterns search");
    }

    #[test]
    fn violations_carry_json_pointers() {
        let v = json::parse(br#"{"evicted": [{"evicted_at": "2026-01-01T00:00:00Z", "step_id": "7"}, 3], "x": 1}"#).unwrap();
        let found = check(Schema::EvictionLog, &v);
        let paths: Vec<&str> = found.iter().map(|f| f.path.as_str()).collect();
        assert_eq!(paths, vec!["", "/evicted/0/step_id", "/evicted/1"], "{found:?}");
    }
}
