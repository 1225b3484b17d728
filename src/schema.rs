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

/// The schemas as the engine holds them: `schemas/*.json` without their annotations (build.rs).
const SOURCES: [(&str, &str); 5] = [
    ("cold_node.schema.json", include_str!(concat!(env!("OUT_DIR"), "/cold_node.schema.json"))),
    ("recall_index.schema.json", include_str!(concat!(env!("OUT_DIR"), "/recall_index.schema.json"))),
    ("eviction_log.schema.json", include_str!(concat!(env!("OUT_DIR"), "/eviction_log.schema.json"))),
    ("hydration_policy.schema.json", include_str!(concat!(env!("OUT_DIR"), "/hydration_policy.schema.json"))),
    ("folded_step.schema.json", include_str!(concat!(env!("OUT_DIR"), "/folded_step.schema.json"))),
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
    check_doc(schema, Doc::Value(value))
}

/// [`check`] of a value parsed or read in place.
pub fn check_doc(schema: Schema, doc: Doc<'_>) -> Vec<Violation> {
    let mut out = Vec::new();
    let Some(root) = schemas().get(schema.file_name()) else { return out };
    let compiled = compiled();
    Validator { compiled, out: &mut out, depth: 0, base: "", path: Vec::new() }.check(compiled.root(root), doc);
    out
}

/// A JSON value to check: parsed, or read in place from a canonical document (a cold node as the engine writes
/// it: `validate` then checks it without building a value per string).
#[derive(Clone, Copy)]
pub enum Doc<'a> {
    Value(&'a Value),
    #[cfg(read_in_place)]
    Tape(crate::tape::TapeValue<'a>),
    /// An index entry as the index holds it (typed fields, interned lists), and its fields: checked without
    /// building the entry's object (see `index::Entry::doc_members`).
    #[cfg(read_in_place)]
    Entry(&'a EntryDoc<'a>),
    /// Text field `i` of an entry (`summary`, `file_path`, the three hashes).
    #[cfg(read_in_place)]
    EntryText(crate::index::Entry<'a>, u8),
    /// A list of strings (an entry's `identifiers`, `files`, `errors`, `commands`).
    #[cfg(read_in_place)]
    Strs(&'a [&'a str]),
    #[cfg(read_in_place)]
    Str(&'a str),
    #[cfg(read_in_place)]
    Int(i64),
    #[cfg(read_in_place)]
    Bool(bool),
}

impl<'a> Doc<'a> {
    fn types(self) -> u8 {
        match self {
            Doc::Value(v) => value_types(v),
            #[cfg(read_in_place)]
            Doc::Tape(t) => tape_types(t),
            #[cfg(read_in_place)]
            Doc::Entry(_) => 1,
            #[cfg(read_in_place)]
            Doc::Strs(_) => 2,
            #[cfg(read_in_place)]
            Doc::EntryText(..) | Doc::Str(_) => 4,
            #[cfg(read_in_place)]
            Doc::Bool(_) => 8,
            #[cfg(read_in_place)]
            Doc::Int(_) => 32 | 64,
        }
    }

    fn type_name(self) -> &'static str {
        match self {
            Doc::Value(v) => v.type_name(),
            #[cfg(read_in_place)]
            Doc::Tape(t) => t.type_name(),
            #[cfg(read_in_place)]
            _ => self.to_value().type_name(),
        }
    }

    fn as_str(self) -> Option<std::borrow::Cow<'a, str>> {
        match self {
            Doc::Value(v) => v.as_str().map(std::borrow::Cow::Borrowed),
            #[cfg(read_in_place)]
            Doc::Tape(t) => t.as_str(),
            #[cfg(read_in_place)]
            Doc::EntryText(e, i) => e.text_field(usize::from(i)),
            #[cfg(read_in_place)]
            Doc::Str(s) => Some(std::borrow::Cow::Borrowed(s)),
            #[cfg(read_in_place)]
            _ => None,
        }
    }

    fn int(self) -> Option<i128> {
        match self {
            Doc::Value(Value::Int(i)) => Some(*i),
            Doc::Value(_) => None,
            #[cfg(read_in_place)]
            Doc::Tape(t) => t.as_int(),
            #[cfg(read_in_place)]
            Doc::Int(i) => Some(i128::from(i)),
            #[cfg(read_in_place)]
            _ => None,
        }
    }

    fn number(self) -> Option<f64> {
        match self {
            Doc::Value(v) => number(v),
            #[cfg(read_in_place)]
            Doc::Tape(t) => t.as_int().map(|i| i as f64),
            #[cfg(read_in_place)]
            Doc::Int(i) => Some(i as f64),
            #[cfg(read_in_place)]
            _ => None,
        }
    }

    fn get(self, key: &str) -> Option<Doc<'a>> {
        match self {
            Doc::Value(v) => v.as_object()?.get(key).map(Doc::Value),
            #[cfg(read_in_place)]
            Doc::Tape(t) => t.get(key).map(Doc::Tape),
            #[cfg(read_in_place)]
            Doc::Entry(e) => e.get(key),
            #[cfg(read_in_place)]
            _ => None,
        }
    }

    /// An object's members in key order (none for anything else).
    fn members(self) -> Members<'a> {
        match self {
            Doc::Value(Value::Object(m)) => Members::Value(Some(m.iter())),
            Doc::Value(_) => Members::Value(None),
            #[cfg(read_in_place)]
            Doc::Tape(t) => Members::Tape(Box::new(t.members())),
            #[cfg(read_in_place)]
            Doc::Entry(e) => Members::Entry(e.members().into_iter()),
            #[cfg(read_in_place)]
            _ => Members::Value(None),
        }
    }

    /// An array's items (none for anything else).
    fn items(self) -> Items<'a> {
        match self {
            Doc::Value(Value::Array(items)) => Items::Value(items.iter()),
            Doc::Value(_) => Items::Value([].iter()),
            #[cfg(read_in_place)]
            Doc::Tape(t) => Items::Tape(Box::new(t.items())),
            #[cfg(read_in_place)]
            Doc::Strs(items) => Items::Strs(items.iter()),
            #[cfg(read_in_place)]
            _ => Items::Value([].iter()),
        }
    }

    fn is_object(self) -> bool {
        self.types() == 1
    }

    fn is_array(self) -> bool {
        self.types() == 2
    }

    /// The value itself (built, for a value read in place).
    fn to_value(self) -> std::borrow::Cow<'a, Value> {
        match self {
            Doc::Value(v) => std::borrow::Cow::Borrowed(v),
            #[cfg(read_in_place)]
            Doc::Tape(t) => std::borrow::Cow::Owned(t.to_value()),
            #[cfg(read_in_place)]
            Doc::Entry(e) => std::borrow::Cow::Owned(Value::Object(e.entry.to_object())),
            #[cfg(read_in_place)]
            Doc::EntryText(e, i) => std::borrow::Cow::Owned(e.text_field(usize::from(i)).map_or(Value::Null, |t| Value::Str(t.into_owned()))),
            #[cfg(read_in_place)]
            Doc::Strs(items) => std::borrow::Cow::Owned(Value::Array(items.iter().map(|&s| Value::from(s)).collect())),
            #[cfg(read_in_place)]
            Doc::Str(s) => std::borrow::Cow::Owned(Value::from(s)),
            #[cfg(read_in_place)]
            Doc::Int(i) => std::borrow::Cow::Owned(Value::from(i)),
            #[cfg(read_in_place)]
            Doc::Bool(b) => std::borrow::Cow::Owned(Value::Bool(b)),
        }
    }
}

/// An index entry as a schema document: `Entry::to_object` without building it (no string copied, no list made
/// of values; `validate` checks every entry of the index against the entry schema, 100,000 at scale). Its lists
/// are decoded once, as every keyword that looks at them reads them.
#[cfg(read_in_place)]
pub struct EntryDoc<'a> {
    entry: crate::index::Entry<'a>,
    lists: [Option<Vec<&'a str>>; 4],
    scalars: crate::index::ScalarFields<'a>,
}

#[cfg(read_in_place)]
impl<'a> EntryDoc<'a> {
    pub fn new(entry: crate::index::Entry<'a>) -> Self {
        EntryDoc { entry, lists: entry.list_fields(), scalars: entry.scalar_fields() }
    }

    /// The members of the object, in key order: the entry's `extra` ones, and its typed ones where `extra` does
    /// not hold the key (as `Entry::to_object` builds it).
    fn members(&'a self) -> Vec<(&'a str, Doc<'a>)> {
        use crate::index::{ENTRY_LISTS, ENTRY_TEXTS};
        let extra = self.entry.extra_members();
        let mut out: Vec<(&'a str, Doc<'a>)> = Vec::with_capacity(16);
        if let Some(extra) = extra {
            out.extend(extra.iter().map(|(k, v)| (k.as_str(), Doc::Value(v))));
        }
        for key in ENTRY_TEXTS.iter().chain(&ENTRY_LISTS).chain(&ENTRY_SCALARS) {
            if !extra.is_some_and(|m| m.contains_key(*key)) {
                if let Some(d) = self.typed(key) {
                    out.push((*key, d));
                }
            }
        }
        out.sort_unstable_by(|a, b| a.0.cmp(b.0));
        out
    }

    /// The member `key`.
    fn get(&'a self, key: &str) -> Option<Doc<'a>> {
        match self.entry.extra_members().and_then(|m| m.get(key)) {
            Some(v) => Some(Doc::Value(v)),
            None => self.typed(key),
        }
    }

    /// A typed member (where `extra` does not hold the key).
    fn typed(&'a self, key: &str) -> Option<Doc<'a>> {
        use crate::index::{ENTRY_LISTS, ENTRY_TEXTS};
        if let Some(i) = ENTRY_TEXTS.iter().position(|&k| k == key) {
            return self.entry.has_text_field(i).then_some(Doc::EntryText(self.entry, i as u8));
        }
        if let Some(i) = ENTRY_LISTS.iter().position(|&k| k == key) {
            return self.lists[i].as_deref().map(Doc::Strs);
        }
        let s = &self.scalars;
        match key {
            "folded_at" => s.folded_at.map(Doc::Str),
            "projection_version" => s.projection_version.map(Doc::Str),
            "step_id" => s.step_id.map(Doc::Int),
            "token_estimate" => s.token_estimate.map(Doc::Int),
            "evicted" => s.evicted.map(Doc::Bool),
            _ => None,
        }
    }
}

/// The typed scalar members of an entry, as `Entry::to_object` adds them.
#[cfg(read_in_place)]
const ENTRY_SCALARS: [&str; 5] = ["folded_at", "projection_version", "step_id", "token_estimate", "evicted"];

/// Every violation of `value` against the subschema at `fragment` (`/$defs/entry`) of `schema`, with paths
/// starting at `base` (the pointer of `value` in its document).
pub fn check_def(schema: Schema, fragment: &str, value: &Value, base: &str) -> Vec<Violation> {
    match def(schema, fragment) {
        Some(d) => check_at(d, value, base),
        None => vec![Violation { path: base.to_string(), message: format!("no subschema {fragment} in {}", schema.file_name()) }],
    }
}

/// A subschema found once by [`def`], for checking many values against it (every entry of an index).
#[derive(Debug, Clone, Copy)]
pub struct Def(usize);

/// The subschema at `fragment` (`/$defs/entry`) of `schema`, if there is one.
pub fn def(schema: Schema, fragment: &str) -> Option<Def> {
    compiled().fragment(schema.file_name(), fragment).map(Def)
}

/// [`check_at`] of a document (an index entry as held: `Doc::Entry`).
pub fn check_doc_at(def: Def, doc: Doc<'_>, base: &str) -> Vec<Violation> {
    let mut out = Vec::new();
    Validator { compiled: compiled(), out: &mut out, depth: 0, base, path: Vec::new() }.check(def.0, doc);
    out
}

/// [`check_def`] against a subschema found by [`def`].
pub fn check_at(def: Def, value: &Value, base: &str) -> Vec<Violation> {
    let mut out = Vec::new();
    Validator { compiled: compiled(), out: &mut out, depth: 0, base, path: Vec::new() }.check(def.0, Doc::Value(value));
    out
}

/// `n` in decimal, appended to `out`.
fn push_decimal(out: &mut String, mut n: usize) {
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    loop {
        at -= 1;
        digits[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    // Only ASCII digits were written.
    out.push_str(std::str::from_utf8(&digits[at..]).unwrap_or_default());
}

/// The JSON Pointer of `segments` (each escaped).
pub fn pointer(segments: &[&str]) -> String {
    segments.iter().map(|s| format!("/{}", pointer_segment(s))).collect()
}

/// A JSON Pointer segment: `~` → `~0`, `/` → `~1` (borrowed when there is nothing to escape: the usual case,
/// and `validate` descends into every identifier of every node).
fn pointer_segment(s: &str) -> std::borrow::Cow<'_, str> {
    if s.contains(['~', '/']) {
        std::borrow::Cow::Owned(s.replace('~', "~0").replace('/', "~1"))
    } else {
        std::borrow::Cow::Borrowed(s)
    }
}

/// The schemas compiled once per process: each subschema a node of keywords in the order they are checked (the
/// schema's own, alphabetical, so violations come in the same order as a walk of the JSON would give them), with
/// `$ref`s resolved and patterns compiled. `validate` checks every node and index entry of a store against them.
struct Compiled {
    nodes: Vec<Node>,
    /// Node of each subschema, by its address in the parsed schemas (which live as long as the process).
    by_address: BTreeMap<usize, usize>,
}

enum Node {
    Any,
    Never,
    Keywords(Vec<Keyword>),
    /// Neither an object nor a boolean.
    NotASchema,
}

enum Keyword {
    Ref(usize),
    UnresolvedRef(&'static Value),
    /// The types allowed (a [`type_bit`] mask, 0 when the argument is not a type name or a list of them) and
    /// the argument, for the message.
    Type(u8, &'static Value),
    Const(&'static Value),
    Enum(&'static Value),
    OneOf(Vec<usize>),
    Minimum(&'static Value),
    Maximum(&'static Value),
    MinLength(i128),
    MaxLength(i128),
    Pattern(&'static str, Option<Pattern>),
    Required(Vec<&'static str>),
    /// `properties`: each name with its node, in name order.
    Properties(Vec<(&'static str, usize)>),
    /// `additionalProperties`: the names `properties` lists beside it (sorted), and the node for the others
    /// (`None`: false).
    Additional(Vec<&'static str>, Option<usize>),
    PropertyNames(usize),
    Items(usize),
    UniqueItems,
    Unsupported(&'static str),
}

fn compiled() -> &'static Compiled {
    static COMPILED: OnceLock<Compiled> = OnceLock::new();
    COMPILED.get_or_init(|| {
        let mut c = Compiled { nodes: Vec::new(), by_address: BTreeMap::new() };
        for (file, root) in schemas() {
            c.node(file, root);
            // Definitions no schema refers to can still be asked for by `check_def`.
            if let Some(defs) = root.get("$defs").and_then(Value::as_object) {
                for def in defs.values() {
                    c.node(file, def);
                }
            }
        }
        c
    })
}

impl Compiled {
    fn root(&self, schema: &'static Value) -> usize {
        self.by_address[&(schema as *const Value as usize)]
    }

    /// The node of the subschema at `fragment` of `file`, if it is one.
    fn fragment(&self, file: &'static str, fragment: &str) -> Option<usize> {
        let (_, sub) = resolve(file, &format!("#{fragment}"))?;
        self.by_address.get(&(sub as *const Value as usize)).copied()
    }

    /// The node of `schema` (a subschema of the file `doc`), compiled on first use.
    fn node(&mut self, doc: &'static str, schema: &'static Value) -> usize {
        let address = schema as *const Value as usize;
        if let Some(&id) = self.by_address.get(&address) {
            return id;
        }
        let id = self.nodes.len();
        // Reserved before the keywords are compiled, so a schema that refers to itself ends.
        self.nodes.push(Node::Any);
        self.by_address.insert(address, id);
        let node = match schema {
            Value::Bool(true) => Node::Any,
            Value::Bool(false) => Node::Never,
            Value::Object(k) => Node::Keywords(k.iter().filter_map(|(key, arg)| self.keyword(doc, k, key, arg)).collect()),
            _ => Node::NotASchema,
        };
        self.nodes[id] = node;
        id
    }

    fn keyword(&mut self, doc: &'static str, k: &'static BTreeMap<String, Value>, key: &'static str, arg: &'static Value) -> Option<Keyword> {
        Some(match key {
            "$schema" | "$id" | "title" | "description" | "default" | "examples" | "format" | "$defs" => return None,
            "$ref" => match arg.as_str().and_then(|r| resolve(doc, r)) {
                Some((file, target)) => Keyword::Ref(self.node(file, target)),
                None => Keyword::UnresolvedRef(arg),
            },
            "type" => Keyword::Type(type_mask(arg), arg),
            "const" => Keyword::Const(arg),
            "enum" => Keyword::Enum(arg),
            "oneOf" => Keyword::OneOf(arg.as_array().map(Vec::as_slice).unwrap_or_default().iter().map(|o| self.node(doc, o)).collect()),
            "minimum" => Keyword::Minimum(arg),
            "maximum" => Keyword::Maximum(arg),
            "minLength" => Keyword::MinLength(arg.as_i128()?),
            "maxLength" => Keyword::MaxLength(arg.as_i128()?),
            "pattern" => Keyword::Pattern(arg.as_str()?, arg.as_str().and_then(Pattern::compile)),
            "required" => Keyword::Required(arg.as_array()?.iter().filter_map(Value::as_str).collect()),
            "properties" => match arg {
                Value::Object(props) => Keyword::Properties(props.iter().map(|(name, sub)| (name.as_str(), self.node(doc, sub))).collect()),
                _ => return None,
            },
            "additionalProperties" => {
                let listed = k.get("properties").and_then(Value::as_object).map(|p| p.keys().map(String::as_str).collect()).unwrap_or_default();
                match arg {
                    Value::Bool(false) => Keyword::Additional(listed, None),
                    sub => Keyword::Additional(listed, Some(self.node(doc, sub))),
                }
            }
            "propertyNames" => Keyword::PropertyNames(self.node(doc, arg)),
            "items" => Keyword::Items(self.node(doc, arg)),
            "uniqueItems" => match arg {
                Value::Bool(true) => Keyword::UniqueItems,
                _ => return None,
            },
            other => Keyword::Unsupported(other),
        })
    }
}

/// The schema a `$ref` names, with the file it lives in.
fn resolve(doc: &'static str, reference: &str) -> Option<(&'static str, &'static Value)> {
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

/// Where the validator is in the document: a step of its JSON Pointer.
#[derive(Clone, Copy)]
enum Segment<'v> {
    Key(&'v str),
    Item(usize),
}

struct Validator<'o, 'v> {
    compiled: &'static Compiled,
    out: &'o mut Vec<Violation>,
    depth: usize,
    /// The pointer of the checked value in its document, and the steps below it: written out only when a
    /// violation is reported (`validate` descends into every identifier of every node, almost always clean).
    base: &'v str,
    path: Vec<Segment<'v>>,
}

/// [`Doc::members`]: unboxed for parsed values (the only kind in the browser build, where size counts).
enum Members<'a> {
    Value(Option<std::collections::btree_map::Iter<'a, String, Value>>),
    #[cfg(read_in_place)]
    Tape(Box<dyn Iterator<Item = (&'a str, crate::tape::TapeValue<'a>)> + 'a>),
    #[cfg(read_in_place)]
    Entry(std::vec::IntoIter<(&'a str, Doc<'a>)>),
}

impl<'a> Iterator for Members<'a> {
    type Item = (&'a str, Doc<'a>);
    fn next(&mut self) -> Option<Self::Item> {
        match self {
            Members::Value(it) => it.as_mut()?.next().map(|(k, v)| (k.as_str(), Doc::Value(v))),
            #[cfg(read_in_place)]
            Members::Tape(it) => it.next().map(|(k, v)| (k, Doc::Tape(v))),
            #[cfg(read_in_place)]
            Members::Entry(it) => it.next(),
        }
    }
}

/// [`Doc::items`], likewise.
enum Items<'a> {
    Value(std::slice::Iter<'a, Value>),
    #[cfg(read_in_place)]
    Tape(Box<dyn Iterator<Item = crate::tape::TapeValue<'a>> + 'a>),
    #[cfg(read_in_place)]
    Strs(std::slice::Iter<'a, &'a str>),
}

impl<'a> Iterator for Items<'a> {
    type Item = Doc<'a>;
    fn next(&mut self) -> Option<Self::Item> {
        match self {
            Items::Value(it) => it.next().map(Doc::Value),
            #[cfg(read_in_place)]
            Items::Tape(it) => it.next().map(Doc::Tape),
            #[cfg(read_in_place)]
            Items::Strs(it) => it.next().map(|&s| Doc::Str(s)),
        }
    }
}

/// [`Doc::types`] of a value read in place.
#[cfg(read_in_place)]
#[inline]
fn tape_types(t: crate::tape::TapeValue<'_>) -> u8 {
    use crate::tape::Kind;
    match t.kind() {
        Kind::Object => 1,
        Kind::Array => 2,
        Kind::Str => 4,
        Kind::Bool => 8,
        Kind::Null => 16,
        Kind::Int => 32 | 64,
    }
}

/// The bit of a JSON Schema type name (0 for anything else).
fn type_bit(name: &str) -> u8 {
    match name {
        "object" => 1,
        "array" => 2,
        "string" => 4,
        "boolean" => 8,
        "null" => 16,
        "integer" => 32,
        "number" => 64,
        _ => 0,
    }
}

/// The types a `type` keyword allows, as [`type_bit`]s: one name or a list of them.
fn type_mask(arg: &Value) -> u8 {
    match arg {
        Value::Str(t) => type_bit(t),
        Value::Array(ts) => ts.iter().filter_map(Value::as_str).fold(0, |m, t| m | type_bit(t)),
        _ => 0,
    }
}

/// The [`type_bit`]s `v` is an instance of (an integer is a number too; so is a float without a fraction).
fn value_types(v: &Value) -> u8 {
    match v {
        Value::Object(_) => 1,
        Value::Array(_) => 2,
        Value::Str(_) => 4,
        Value::Bool(_) => 8,
        Value::Null => 16,
        Value::Int(_) => 32 | 64,
        Value::Float(f) if f.is_finite() && f.fract() == 0.0 => 32 | 64,
        Value::Float(_) => 64,
    }
}

/// Whether two items of an array are JSON-equal. Arrays of strings (the schemas' only `uniqueItems`: a node's
/// identifiers, some hundreds each) go through a set; anything else pairwise, as the keyword is defined.
fn has_duplicate(array: Doc<'_>) -> bool {
    // Read in place: strings without escapes compare as written, and strictly ascending means unique.
    #[cfg(read_in_place)]
    if let Doc::Tape(t) = array {
        let mut previous: Option<&str> = None;
        let ascending = t.all_items(|item| {
            let Some(s) = item.plain_str() else { return false };
            let after = previous.is_none_or(|p| p < s);
            previous = Some(s);
            after
        });
        if ascending {
            return false;
        }
    }
    // A node's and an entry's identifiers are written sorted: strictly ascending strings are unique, in one pass.
    let mut previous: Option<std::borrow::Cow<'_, str>> = None;
    let ascending = array.items().all(|item| {
        let Some(s) = item.as_str() else { return false };
        let after = previous.as_ref().is_none_or(|p| *p < s);
        previous = Some(s);
        after
    });
    if ascending {
        return false;
    }
    let strings: Option<Vec<std::borrow::Cow<'_, str>>> = array.items().map(Doc::as_str).collect();
    match strings {
        Some(strings) => {
            let mut seen = std::collections::BTreeSet::new();
            !strings.into_iter().all(|s| seen.insert(s))
        }
        None => {
            let items: Vec<_> = array.items().map(Doc::to_value).collect();
            (0..items.len()).any(|i| (i + 1..items.len()).any(|j| json_equal(&items[i], &items[j])))
        }
    }
}

fn number(v: &Value) -> Option<f64> {
    match v {
        Value::Int(i) => Some(*i as f64),
        Value::Float(f) => Some(*f),
        _ => None,
    }
}

/// [`json_equal`] of a schema's value and a checked one (a string without building it).
fn doc_equal(a: &Value, b: Doc<'_>) -> bool {
    match (a, b) {
        (_, Doc::Value(v)) => json_equal(a, v),
        // A document read in place or an index entry's field: a string equals only a string.
        #[cfg(read_in_place)]
        (Value::Str(x), _) => b.as_str().is_some_and(|y| *x == y),
        #[cfg(read_in_place)]
        _ => json_equal(a, &b.to_value()),
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

impl<'v> Validator<'_, 'v> {
    fn report(&mut self, message: String) {
        let mut path = self.base.to_string();
        for segment in &self.path {
            path.push('/');
            match segment {
                Segment::Key(k) => path.push_str(&pointer_segment(k)),
                Segment::Item(i) => push_decimal(&mut path, *i),
            }
        }
        self.out.push(Violation { path, message });
    }

    /// Whether `value` conforms to node `id` (violations counted apart, as `oneOf` and `propertyNames` need).
    fn conforms(&self, id: usize, value: Doc<'_>) -> bool {
        let mut scratch = Vec::new();
        Validator { compiled: self.compiled, out: &mut scratch, depth: self.depth, base: "", path: Vec::new() }.check(id, value);
        scratch.is_empty()
    }

    fn check(&mut self, id: usize, value: Doc<'v>) {
        self.depth += 1;
        if self.depth > 64 {
            apart::report_str(self, "schema recursion too deep");
            self.depth -= 1;
            return;
        }
        match &self.compiled.nodes[id] {
            Node::Any => {}
            Node::Never => apart::report_str(self, "no value is allowed here"),
            Node::NotASchema => apart::report_str(self, "the schema here is not an object or boolean"),
            Node::Keywords(keywords) => {
                for keyword in keywords {
                    self.check_keyword(keyword, value);
                }
            }
        }
        self.depth -= 1;
    }

    fn check_keyword(&mut self, keyword: &'static Keyword, value: Doc<'v>) {
        match keyword {
            Keyword::Ref(id) => self.check(*id, value),
            Keyword::UnresolvedRef(arg) => apart::unresolved_ref(self, arg),
            Keyword::Type(mask, arg) => {
                if mask & value.types() == 0 {
                    apart::wrong_type(self, arg, value);
                }
            }
            Keyword::Const(arg) => {
                if !doc_equal(arg, value) {
                    apart::not_const(self, arg);
                }
            }
            Keyword::Enum(arg) => {
                let options = arg.as_array().map(Vec::as_slice).unwrap_or_default();
                if !options.iter().any(|o| doc_equal(o, value)) {
                    apart::not_in_enum(self, arg);
                }
            }
            Keyword::OneOf(options) => apart::one_of(self, options, value),
            Keyword::Minimum(arg) | Keyword::Maximum(arg) => {
                let minimum = matches!(keyword, Keyword::Minimum(_));
                // Two integers compare exactly (an i128 beyond f64's exact range too), without a float conversion.
                let bad = match (value.int(), arg) {
                    (Some(i), Value::Int(l)) => Some(if minimum { i < *l } else { i > *l }),
                    _ => match (value.number(), number(arg)) {
                        (Some(n), Some(limit)) => Some(if minimum { n < limit } else { n > limit }),
                        _ => None,
                    },
                };
                if bad == Some(true) {
                    apart::out_of_range(self, minimum, arg);
                }
            }
            Keyword::MinLength(limit) | Keyword::MaxLength(limit) => {
                let minimum = matches!(keyword, Keyword::MinLength(_));
                if let Some(s) = value.as_str() {
                    let n = s.chars().count() as i128;
                    if if minimum { n < *limit } else { n > *limit } {
                        apart::wrong_length(self, minimum, *limit);
                    }
                }
            }
            Keyword::Pattern(p, compiled) => {
                if let Some(s) = value.as_str() {
                    match compiled {
                        Some(re) if re.is_match(&s) => {}
                        Some(_) => apart::no_match(self, p, true),
                        None => apart::no_match(self, p, false),
                    }
                }
            }
            Keyword::Required(names) => {
                // Read in place: the keys once, in order, then each name looked up among them.
                #[cfg(read_in_place)]
                if let Doc::Tape(t) = value {
                    if t.kind() == crate::tape::Kind::Object {
                        let keys: Vec<&str> = t.members().map(|(k, _)| k).collect();
                        for n in names {
                            if keys.binary_search(n).is_err() {
                                apart::missing_key(self, n);
                            }
                        }
                    }
                    return;
                }
                if value.is_object() {
                    for n in names {
                        if value.get(n).is_none() {
                            apart::missing_key(self, n);
                        }
                    }
                }
            }
            Keyword::Properties(props) => {
                // Read in place, an object's keys are in order (a canonical document's), as `props` are: one
                // walk of both.
                #[cfg(read_in_place)]
                if let Doc::Tape(t) = value {
                    let mut members = t.members().peekable();
                    for (name, sub) in props {
                        while members.next_if(|(k, _)| k < name).is_some() {}
                        if let Some((_, v)) = members.next_if(|(k, _)| k == name) {
                            self.descend(*sub, Doc::Tape(v), Segment::Key(name));
                        }
                    }
                    return;
                }
                if value.is_object() {
                    for (name, sub) in props {
                        if let Some(v) = value.get(name) {
                            self.descend(*sub, v, Segment::Key(name));
                        }
                    }
                }
            }
            Keyword::Additional(listed, sub) => {
                if value.is_object() {
                    for (name, v) in value.members() {
                        if listed.binary_search(&name).is_ok() {
                            continue;
                        }
                        match sub {
                            None => apart::unexpected_key(self, name),
                            Some(sub) => self.descend(*sub, v, Segment::Key(name)),
                        }
                    }
                }
            }
            Keyword::PropertyNames(sub) => apart::property_names(self, *sub, value),
            Keyword::Items(sub) => {
                if value.is_array() {
                    // Items of a schema that is a type alone (a node's identifiers: hundreds per node) are checked
                    // here; only a failing one is walked into, for its violation.
                    if let Node::Keywords(k) = &self.compiled.nodes[*sub] {
                        if let [Keyword::Type(mask, _)] = k.as_slice() {
                            let all = match value {
                                #[cfg(read_in_place)]
                                Doc::Tape(t) => t.all_items(|item| mask & tape_types(item) != 0),
                                _ => value.items().all(|item| mask & item.types() != 0),
                            };
                            if all {
                                return;
                            }
                        }
                    }
                    apart::each_item(self, *sub, value);
                }
            }
            Keyword::UniqueItems => {
                if value.is_array() && has_duplicate(value) {
                    apart::report_str(self, "must not have duplicate items");
                }
            }
            Keyword::Unsupported(other) => apart::unsupported(self, other),
        }
    }

    fn descend(&mut self, id: usize, value: Doc<'v>, segment: Segment<'v>) {
        self.path.push(segment);
        self.check(id, value);
        self.path.pop();
    }
}

/// What [`Validator::check`] does only for a value that fails (the messages) or for keywords the store's files
/// rarely meet, each a function of its own in the Node build (`contextfold::*::apart::*` is not inlined by its
/// wasm optimizer, see `validate::apart`): `check` runs for every value of every cold node and becomes hot enough
/// for V8 to compile it again, optimized, in the background while `validate`'s two threads run; without these
/// paths inlined, that compile is smaller. The other builds inline them, as before they were written apart (size).
mod apart {
    use super::*;

    #[cfg_attr(read_in_place, inline(never))]
    #[cfg_attr(not(read_in_place), inline(always))]
    pub(super) fn report_str(v: &mut Validator<'_, '_>, message: &str) {
        v.report(message.to_string());
    }

    #[cfg_attr(read_in_place, inline(never))]
    #[cfg_attr(not(read_in_place), inline(always))]
    pub(super) fn unresolved_ref(v: &mut Validator<'_, '_>, arg: &Value) {
        v.report(format!("unresolved $ref {}", json::python_str(arg)));
    }

    #[cfg_attr(read_in_place, inline(never))]
    #[cfg_attr(not(read_in_place), inline(always))]
    pub(super) fn wrong_type(v: &mut Validator<'_, '_>, arg: &Value, value: Doc<'_>) {
        let wanted = match arg {
            Value::Str(t) => t.clone(),
            other => json::python_str(other),
        };
        v.report(format!("must be {wanted}, not {}", value.type_name()));
    }

    #[cfg_attr(read_in_place, inline(never))]
    #[cfg_attr(not(read_in_place), inline(always))]
    pub(super) fn not_const(v: &mut Validator<'_, '_>, arg: &Value) {
        v.report(format!("must be {}", String::from_utf8_lossy(&json::to_canonical(arg))));
    }

    #[cfg_attr(read_in_place, inline(never))]
    #[cfg_attr(not(read_in_place), inline(always))]
    pub(super) fn not_in_enum(v: &mut Validator<'_, '_>, arg: &Value) {
        v.report(format!("must be one of {}", String::from_utf8_lossy(&json::to_canonical(arg))));
    }

    #[cfg_attr(read_in_place, inline(never))]
    #[cfg_attr(not(read_in_place), inline(always))]
    pub(super) fn one_of(v: &mut Validator<'_, '_>, options: &[usize], value: Doc<'_>) {
        let passing = options.iter().filter(|&&o| v.conforms(o, value)).count();
        if passing != 1 {
            v.report(format!("must match exactly one of {} schemas (matches {passing})", options.len()));
        }
    }

    #[cfg_attr(read_in_place, inline(never))]
    #[cfg_attr(not(read_in_place), inline(always))]
    pub(super) fn out_of_range(v: &mut Validator<'_, '_>, minimum: bool, arg: &Value) {
        let op = if minimum { ">=" } else { "<=" };
        v.report(format!("must be {op} {}", json::python_str(arg)));
    }

    #[cfg_attr(read_in_place, inline(never))]
    #[cfg_attr(not(read_in_place), inline(always))]
    pub(super) fn wrong_length(v: &mut Validator<'_, '_>, minimum: bool, limit: i128) {
        let which = if minimum { "fewer" } else { "more" };
        v.report(format!("must not have {which} than {limit} characters"));
    }

    /// A string that does not match its pattern (`supported`), or a pattern this engine cannot match.
    #[cfg_attr(read_in_place, inline(never))]
    #[cfg_attr(not(read_in_place), inline(always))]
    pub(super) fn no_match(v: &mut Validator<'_, '_>, pattern: &str, supported: bool) {
        v.report(if supported { format!("must match the pattern {pattern}") } else { format!("unsupported pattern {pattern}") });
    }

    #[cfg_attr(read_in_place, inline(never))]
    #[cfg_attr(not(read_in_place), inline(always))]
    pub(super) fn missing_key(v: &mut Validator<'_, '_>, name: &str) {
        v.report(format!("must have the key \"{name}\""));
    }

    #[cfg_attr(read_in_place, inline(never))]
    #[cfg_attr(not(read_in_place), inline(always))]
    pub(super) fn unexpected_key(v: &mut Validator<'_, '_>, name: &str) {
        v.report(format!("must not have the key \"{name}\""));
    }

    #[cfg_attr(read_in_place, inline(never))]
    #[cfg_attr(not(read_in_place), inline(always))]
    pub(super) fn property_names(v: &mut Validator<'_, '_>, sub: usize, value: Doc<'_>) {
        if value.is_object() {
            for (name, _) in value.members() {
                if !v.conforms(sub, Doc::Value(&Value::Str(name.to_string()))) {
                    v.report(format!("the key \"{name}\" is not a valid name here"));
                }
            }
        }
    }

    /// Every item of an array walked into (when the quick pass over them found one that fails).
    #[cfg_attr(read_in_place, inline(never))]
    #[cfg_attr(not(read_in_place), inline(always))]
    pub(super) fn each_item<'v>(v: &mut Validator<'_, 'v>, sub: usize, value: Doc<'v>) {
        for (i, item) in value.items().enumerate() {
            v.descend(sub, item, Segment::Item(i));
        }
    }

    #[cfg_attr(read_in_place, inline(never))]
    #[cfg_attr(not(read_in_place), inline(always))]
    pub(super) fn unsupported(v: &mut Validator<'_, '_>, keyword: &str) {
        v.report(format!("unsupported schema keyword {keyword}"));
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
        if let Some(found) = self.match_fixed(text) {
            return found;
        }
        let chars: Vec<char> = text.chars().collect();
        let mut steps = 0usize;
        // A pattern anchored at `^` in every alternative (every pattern of the schemas) can only match at 0.
        let anchored = self.alternatives.iter().all(|seq| matches!(seq.first(), Some(Piece { atom: Atom::Start, min: 1, max: 1 })));
        let starts = if anchored { 0..=0 } else { 0..=chars.len() };
        starts.into_iter().any(|start| match_alternatives(&self.alternatives, &chars, start, &mut steps, &mut |_, _| true))
    }
}

impl Pattern {
    /// The match of an anchored pattern of single characters and classes (`^[0-9a-f]{64}$`, the date-time one,
    /// the cold-node path `^\.contextfold/cold_nodes/step_-?[0-9]{5,}\.json$`) in one pass without backtracking:
    /// `validate` matches several per node and per index entry. A piece repeated a varying number of times is taken
    /// greedily, which is exact when what follows it cannot match what it does (checked here: the next piece's
    /// atom, or the end, is disjoint from it). `None`: any other pattern.
    fn match_fixed(&self, text: &str) -> Option<bool> {
        let [seq] = self.alternatives.as_slice() else { return None };
        let (Some(Piece { atom: Atom::Start, min: 1, max: 1 }), Some(Piece { atom: Atom::End, min: 1, max: 1 })) = (seq.first(), seq.last()) else {
            return None;
        };
        let inner = &seq[1..seq.len() - 1];
        for (i, p) in inner.iter().enumerate() {
            if !matches!(p.atom, Atom::Char(_) | Atom::Class { .. }) {
                return None;
            }
            if p.min != p.max && !inner.get(i + 1).is_none_or(|next| disjoint(&p.atom, &next.atom)) {
                return None;
            }
        }
        let mut chars = text.chars().peekable();
        for piece in inner {
            let mut count = 0;
            while count < piece.max {
                let Some(&c) = chars.peek() else { break };
                if !atom_takes(&piece.atom, c) {
                    break;
                }
                chars.next();
                count += 1;
            }
            if count < piece.min {
                return Some(false);
            }
        }
        Some(chars.next().is_none())
    }
}

/// Whether a single-character atom (a character or a class) matches `c`.
fn atom_takes(atom: &Atom, c: char) -> bool {
    match atom {
        Atom::Char(want) => c == *want,
        Atom::Class { negated, ranges } => ranges.iter().any(|&(lo, hi)| lo <= c && c <= hi) != *negated,
        _ => false,
    }
}

/// Whether no character matches both single-character atoms (`false` when unsure: a negated class).
fn disjoint(a: &Atom, b: &Atom) -> bool {
    match (a, b) {
        (Atom::Char(x), other) | (other, Atom::Char(x)) => !atom_takes(other, *x),
        (Atom::Class { negated: false, ranges: p }, Atom::Class { negated: false, ranges: q }) => {
            p.iter().all(|&(a0, a1)| q.iter().all(|&(b0, b1)| a1 < b0 || b1 < a0))
        }
        _ => false,
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

/// `validate`'s fast schema check of the index entries (100,000 at scale, each with some hundreds of identifiers):
/// an entry of the shape the engine writes ([`crate::index::Entry::plain`]) under a key of plain digits is
/// checked on its few fields that can still be wrong, without walking the schema; [`Self::conforms`] says true only
/// when the full check would find nothing, so every entry it does not vouch for is checked in full and reported as
/// before. Written for the entry schema below, exactly: a build whose schemas differ checks every entry in full
/// (and the tests fail until this is brought up to date).
#[cfg(read_in_place)]
pub struct EntryFastCheck {
    on: bool,
    base_ascending: bool,
}

/// What [`EntryFastCheck`] was written for: the entry schema and the definitions it refers to, as the engine holds
/// them (without annotations), and the schema of `nodes` (the keys' pattern).
#[cfg(read_in_place)]
const FAST_ENTRY_SCHEMA: [(&str, &str, &str); 3] = [
    (
        "recall_index.schema.json",
        "/$defs/entry",
        r##"{"additionalProperties":false,"properties":{"artifact_sha256":{"$ref":"cold_node.schema.json#/$defs/sha256"},"commands":{"$ref":"cold_node.schema.json#/$defs/strings"},"errors":{"$ref":"cold_node.schema.json#/$defs/strings"},"evicted":{"type":"boolean"},"file_path":{"pattern":"^\\.contextfold/cold_nodes/step_-?[0-9]{5,}\\.json$","type":"string"},"files":{"$ref":"cold_node.schema.json#/$defs/strings"},"folded_at":{"$ref":"cold_node.schema.json#/$defs/utcSecond"},"identifiers":{"$ref":"cold_node.schema.json#/$defs/strings","type":"array","uniqueItems":true},"payload_sha256":{"$ref":"cold_node.schema.json#/$defs/sha256"},"projection_sha256":{"$ref":"cold_node.schema.json#/$defs/sha256"},"projection_version":{"const":"ipcf-projection-v2"},"step_id":{"$ref":"cold_node.schema.json#/$defs/stepId"},"summary":{"type":"string"},"token_estimate":{"minimum":0,"type":"integer"}},"required":["artifact_sha256","commands","errors","evicted","file_path","files","folded_at","identifiers","payload_sha256","projection_sha256","projection_version","step_id","summary","token_estimate"],"type":"object"}"##,
    ),
    (
        "recall_index.schema.json",
        "/properties/nodes",
        r##"{"additionalProperties":{"$ref":"#/$defs/entry"},"propertyNames":{"pattern":"^-?(0|[1-9][0-9]*)$"},"type":"object"}"##,
    ),
    (
        "cold_node.schema.json",
        "/$defs",
        r##"{"sha256":{"pattern":"^[0-9a-f]{64}$","type":"string"},"stepId":{"maximum":9007199254740991,"minimum":-9007199254740991,"type":"integer"},"strings":{"items":{"type":"string"},"type":"array"},"utcSecond":{"pattern":"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$","type":"string"}}"##,
    ),
];

#[cfg(read_in_place)]
impl EntryFastCheck {
    /// The check for the entries of `index`.
    pub fn new(index: &crate::index::RecallIndex) -> Self {
        let on = FAST_ENTRY_SCHEMA.iter().all(|(file, fragment, expected)| {
            let held = resolve(file, &format!("#{fragment}")).map(|(_, v)| v);
            held.is_some() && held == json::parse(expected.as_bytes()).ok().as_ref()
        });
        EntryFastCheck { on, base_ascending: on && index.base_strings_ascending() }
    }

    /// Whether the schema check of the entry under `key` (its name and its object) would find nothing; false: it
    /// may, check it in full.
    pub fn conforms(&self, key: &str, entry: crate::index::Entry<'_>) -> bool {
        // A key of plain digits matches `^-?(0|[1-9][0-9]*)$`.
        let digits = key.bytes().all(|b| b.is_ascii_digit());
        if !self.on || key.is_empty() || !digits || (key.len() > 1 && key.starts_with('0')) {
            return false;
        }
        let Some(e) = entry.plain() else { return false };
        // The packed `file_path` is the step's canonical key (`step_` and at least five digits after an optional
        // sign) and the packed hashes are 64 lowercase hex digits: their patterns hold. The lists are lists of
        // strings (`strings`); the identifiers' ids ascend among strings that ascend (`uniqueItems`).
        const STEP_ID: i64 = 9_007_199_254_740_991;
        self.base_ascending
            && e.identifiers_ascending
            && utc_second(e.folded_at)
            && e.projection_version == "ipcf-projection-v2"
            && (-STEP_ID..=STEP_ID).contains(&e.step_field)
            && e.token_estimate >= 0
    }
}

/// Whether `s` matches `^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$`.
#[cfg(read_in_place)]
fn utc_second(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 20
        && b.iter().zip(b"0000-00-00T00:00:00Z").all(|(&c, &form)| if form == b'0' { c.is_ascii_digit() } else { c == form })
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
    fn a_policy_with_any_selection_mode_the_engine_knows_validates_clean() {
        // The hooks and integrations write `selection: "ranked-v2"`: `validate` must not flag their own stores.
        for mode in crate::types::Selection::ALL {
            let mut policy = crate::policy::Policy::safe_default().raw;
            if let Value::Object(m) = &mut policy {
                m.insert(crate::policy::KEY_SELECTION.to_string(), Value::from(mode.name()));
            }
            assert_eq!(check(Schema::HydrationPolicy, &policy), vec![], "{}", mode.name());
        }
        let mut unknown = crate::policy::Policy::safe_default().raw;
        if let Value::Object(m) = &mut unknown {
            m.insert(crate::policy::KEY_SELECTION.to_string(), Value::from("ranked-v9"));
        }
        assert_eq!(check(Schema::HydrationPolicy, &unknown).len(), 1);
    }

    #[test]
    fn a_violation_inside_an_array_is_reported_at_its_items_index() {
        let mut ids: Vec<Value> = (0..12).map(|i| Value::from(format!("id{i:02}"))).collect();
        ids.push(Value::Int(5));
        let entry = Value::Object(BTreeMap::from([("identifiers".to_string(), Value::Array(ids))]));
        let found = check_def(Schema::RecallIndex, "/$defs/entry", &entry, "/nodes/7");
        let at_item: Vec<_> = found.iter().filter(|v| v.path.starts_with("/nodes/7/identifiers")).collect();
        assert_eq!(at_item.len(), 1, "{found:?}");
        assert_eq!(at_item[0].path, "/nodes/7/identifiers/12");
        assert_eq!(at_item[0].message, "must be string, not int");
        let mut decimal = String::from("/");
        push_decimal(&mut decimal, 0);
        push_decimal(&mut decimal, 1_234_567_890);
        assert_eq!(decimal, "/01234567890");
    }

    #[test]
    fn integer_bounds_are_compared_exactly() {
        let def = def(Schema::ColdNode, "/$defs/stepId").expect("stepId");
        let max = 9_007_199_254_740_991i128;
        assert!(check_at(def, &Value::Int(max), "").is_empty());
        // max + 1 and max + 2 are one float apart: only an exact comparison tells both from max.
        assert_eq!(check_at(def, &Value::Int(max + 1), "").len(), 1);
        assert_eq!(check_at(def, &Value::Int(-max - 1), "")[0].message, "must be >= -9007199254740991");
        assert!(check_at(def, &Value::Float(12.0), "").is_empty());
        assert_eq!(check_at(def, &Value::Float(1e300), "")[0].message, "must be <= 9007199254740991");
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
    fn the_one_pass_match_of_fixed_patterns_agrees_with_backtracking() {
        let backtracking = |re: &Pattern, text: &str| {
            let chars: Vec<char> = text.chars().collect();
            let mut steps = 0;
            (0..=chars.len()).any(|at| match_alternatives(&re.alternatives, &chars, at, &mut steps, &mut |_, _| true))
        };
        let date = "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$";
        let node_path = "^\\.contextfold/cold_nodes/step_-?[0-9]{5,}\\.json$";
        for pattern in ["^[0-9a-f]{64}$", date, "^ab[^x]{2}c$", node_path, "^a?b*c{2,3}[d-f]{0,2}$"] {
            let re = Pattern::compile(pattern).unwrap();
            assert!(re.match_fixed("").is_some(), "{pattern} takes the one-pass path");
            for text in [
                "".to_string(),
                "a".repeat(64),
                "a".repeat(65),
                format!("{}\n", "a".repeat(64)),
                "2026-01-01T00:00:00Z".into(),
                "2026-01-01T00:00:00Zx".into(),
                "2026-01-01 00:00:00Z".into(),
                "abyyc".into(),
                "abxyc".into(),
                "abéyc".into(),
                ".contextfold/cold_nodes/step_000001.json".into(),
                ".contextfold/cold_nodes/step_-123456789.json".into(),
                ".contextfold/cold_nodes/step_0001.json".into(),
                ".contextfold/cold_nodes/step_--00001.json".into(),
                ".contextfold/cold_nodes/step_00001.jsonx".into(),
                "xcontextfold/cold_nodes/step_00001.json".into(),
            ] {
                assert_eq!(re.is_match(&text), backtracking(&re, &text), "{pattern} on {text:?}");
            }
            // Every short text over the pattern's own characters.
            let alphabet: Vec<char> = "abcdefx-_.0195".chars().collect();
            let mut state = 0x2545_f491_4f6c_dd1du64;
            for _ in 0..20_000 {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                let len = (state % 9) as usize;
                let text: String = (0..len).map(|k| alphabet[((state >> (8 + 4 * k)) % alphabet.len() as u64) as usize]).collect();
                assert_eq!(re.is_match(&text), backtracking(&re, &text), "{pattern} on {text:?}");
            }
        }
        // A varying piece followed by one that can take what it takes, or a group: backtracking.
        for pattern in ["^-?(0|[1-9][0-9]*)$", "^a*ab$", "^[0-9]{2,}[5-7]$", "^[^x]*y$"] {
            assert!(Pattern::compile(pattern).unwrap().match_fixed("1").is_none(), "{pattern} backtracks");
        }
    }

    #[test]
    fn violations_carry_json_pointers() {
        let v = json::parse(br#"{"evicted": [{"evicted_at": "2026-01-01T00:00:00Z", "step_id": "7"}, 3], "x": 1}"#).unwrap();
        let found = check(Schema::EvictionLog, &v);
        let paths: Vec<&str> = found.iter().map(|f| f.path.as_str()).collect();
        assert_eq!(paths, vec!["", "/evicted/0/step_id", "/evicted/1"], "{found:?}");
    }
}
