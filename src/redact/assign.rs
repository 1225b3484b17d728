//! Values assigned to a name that says secret: `.env` / shell `KEY=value`, YAML `key: value`, JSON
//! `"key": "value"`, TOML/INI `key = "value"`, `=>` and `:=`, XML attributes, URL query parameters, HTTP headers
//! (`Authorization: Bearer …`, `X-Api-Key: …`), `.npmrc` (`_authToken=`), kubeconfig (`client-key-data:`,
//! `token:`), `.netrc` (`password …`) and command-line flags (`--password x`, `mysql -pX`, `curl -u user:pass`).
//!
//! The key decides the kind (a password, or some other secret), the value must look like one: not a
//! placeholder, a reference (`$VAR`, `${{ secrets.X }}`, `process.env.X`), a path, a type name or code, and,
//! for a non-password secret, mixed characters with enough entropy. Only the value is replaced.

use super::bytes::*;
use super::structured;
use super::Finding;

#[derive(Clone, Copy, PartialEq, Debug)]
pub enum Kind {
    /// Any non-placeholder value of a few characters.
    Password,
    /// A token, key or secret: long, mixed, random.
    Secret,
    /// `Authorization:` / `Proxy-Authorization:`: a scheme word and a credential.
    Authorization,
}

/// The kind of secret a key name says, and the rule id of its values.
pub fn classify(key: &[u8]) -> Option<(Kind, &'static str)> {
    let mut norm = [0u8; 64];
    let mut words: [(u8, u8); 12] = [(0, 0); 12];
    let (len, nwords) = split_words(key, &mut norm, &mut words)?;
    let norm = &norm[..len];
    // Most names say nothing of a secret: dismiss them before any list is searched.
    if !says_secret(norm) {
        return None;
    }
    let words = &words[..nwords];
    let word = |k: usize| &norm[usize::from(words[k].0)..usize::from(words[k].1)];
    let first = word(0);
    let last = word(nwords - 1);
    let has_word = |w: &[u8]| (0..nwords).any(|k| word(k) == w);
    // Exact names first (their own rule ids).
    match norm {
        b"authorization" | b"proxyauthorization" => return Some((Kind::Authorization, "authorization-header")),
        b"clientkeydata" => return Some((Kind::Secret, "kubeconfig-client-key")),
        b"awssecretaccesskey" | b"secretaccesskey" => return Some((Kind::Secret, "aws-secret-access-key")),
        b"awssessiontoken" | b"sessiontoken" | b"awssecuritytoken" | b"xamzsecuritytoken" => {
            return Some((Kind::Secret, "aws-session-token"))
        }
        b"accountkey" | b"sharedaccesskey" | b"azurestoragekey" | b"azurestorageaccountkey" => {
            return Some((Kind::Secret, "azure-storage-key"))
        }
        b"sig" => return Some((Kind::Secret, "azure-sas-signature")),
        b"xamzsignature" => return Some((Kind::Secret, "url-signature")),
        b"pwd" | b"oldpwd" => return None, // the shell's working directories
        _ => {}
    }
    if key.first() == Some(&b'_') {
        match norm {
            b"authtoken" => return Some((Kind::Secret, "npmrc-auth-token")),
            b"auth" => return Some((Kind::Secret, "npmrc-auth")),
            b"password" => return Some((Kind::Password, "npmrc-password")),
            _ => {}
        }
    }
    if NOT_SECRET_LAST.contains(&last) || NOT_SECRET_FIRST.contains(&first) {
        return None;
    }
    if contains(norm, b"password") || contains(norm, b"passwd") || contains(norm, b"passphrase") || contains(norm, b"passcode") {
        return Some((Kind::Password, "password-assignment"));
    }
    if [&b"pwd"[..], b"pass", b"pw", b"pswd", b"psw"].iter().any(|w| has_word(w)) {
        return Some((Kind::Password, "password-assignment"));
    }
    let secret = (contains(norm, b"secret") && !contains(norm, b"secretary"))
        || (0..nwords).any(|k| word(k).ends_with(b"token"))
        || SECRET_KEY_NAMES.iter().any(|n| contains(norm, n))
        || (nwords >= 2 && last == b"key" && !PUBLIC_KEY_PREFIX.contains(&word(nwords - 2)))
        || [&b"credential"[..], b"credentials", b"creds", b"cred", b"bearer"].iter().any(|w| has_word(w))
        || (last == b"auth" || last == b"pat");
    secret.then_some((Kind::Secret, "secret-assignment"))
}

/// Whether a lower-cased name holds one of the stems every name [`classify`] takes has (`pass`, `pw`, `ps`,
/// `pat`, `secret`, `sig`, `token`, `key`, `cred`, `auth`, `bearer`): one pass, no search per stem.
fn says_secret(n: &[u8]) -> bool {
    let at = |j: usize, s: &[u8]| n.len() >= j + s.len() && &n[j..j + s.len()] == s;
    (0..n.len()).any(|j| match n[j] {
        b'p' => matches!(n.get(j + 1), Some(b'w' | b's')) || at(j + 1, b"ass") || at(j + 1, b"at"),
        b's' => at(j + 1, b"ecret") || at(j + 1, b"ig"),
        b't' => at(j + 1, b"oken"),
        b'k' => at(j + 1, b"ey"),
        b'c' => at(j + 1, b"red"),
        b'a' => at(j + 1, b"uth"),
        b'b' => at(j + 1, b"earer"),
        _ => false,
    })
}

/// Concatenations that name a secret key (matched in the lower-cased name without separators).
const SECRET_KEY_NAMES: &[&[u8]] = &[
    b"apikey", b"privatekey", b"secretkey", b"accesskey", b"signingkey", b"encryptionkey", b"masterkey",
    b"licensekey", b"authkey", b"clientkey", b"webhookkey", b"servicekey", b"adminkey", b"appkey",
];

/// Last words of names that hold something about a secret, not the secret.
const NOT_SECRET_LAST: &[&[u8]] = &[
    b"id", b"ids", b"name", b"names", b"type", b"types", b"url", b"uri", b"urls", b"endpoint", b"path", b"paths",
    b"file", b"filename", b"files", b"dir", b"directory", b"length", b"len", b"size", b"count", b"max", b"min",
    b"limit", b"version", b"ttl", b"expiry", b"expires", b"expiration", b"expiresat", b"expiresin", b"at", b"time",
    b"timeout", b"hint", b"field", b"header", b"env", b"var", b"prefix", b"suffix", b"format", b"kind", b"mode",
    b"policy", b"label", b"provider", b"algorithm", b"alg", b"enabled", b"enable", b"disabled", b"required",
    b"set", b"rotation", b"manager", b"store", b"ref", b"reference", b"location", b"arn", b"pattern", b"regex",
    b"description", b"desc", b"help", b"title", b"message", b"msg", b"error", b"errors", b"fingerprint",
    b"usage", b"scope", b"scopes", b"lifetime", b"source", b"status", b"index", b"method", b"duration", b"age",
    b"flag", b"option", b"options", b"class", b"schema", b"spec", b"template", b"strategy", b"sha", b"sha1",
    b"sha256", b"sha512", b"md5", b"checksum", b"digest", b"bits", b"encoding", b"charset", b"separator",
    b"delimiter", b"char", b"chars", b"placeholder", b"example", b"sample", b"generator", b"validator", b"prompt",
    b"input", b"command", b"cmd", b"strength", b"requirements", b"rules", b"changed", b"reset", b"exists",
    b"present", b"secretary", b"tokens", b"keys", b"count", b"number", b"estimate", b"budget", b"usage",
    b"tokenizer", b"sock", b"socket", b"host", b"hosts", b"port", b"user", b"username", b"login", b"email",
    b"account", b"region", b"zone", b"project", b"bucket", b"uid", b"gid", b"mount", b"volume",
];

/// First words of names that hold no credential (pagination cursors, CSRF tokens, public keys, counters).
const NOT_SECRET_FIRST: &[&[u8]] = &[
    b"csrf", b"xsrf", b"public", b"pub", b"page", b"next", b"prev", b"previous", b"continuation", b"cursor",
    b"sync", b"resume", b"idempotency", b"max", b"min", b"num", b"total", b"cancellation", b"cancel", b"is",
    b"has", b"use", b"enable", b"disable", b"show", b"hide", b"no", b"allow",
];

/// Words before `key` that make it a lookup key, not a credential.
const PUBLIC_KEY_PREFIX: &[&[u8]] = &[
    b"public", b"pub", b"primary", b"foreign", b"sort", b"partition", b"hash", b"cache", b"idempotency", b"lookup",
    b"index", b"idx", b"map", b"row", b"dedup", b"dedupe", b"unique", b"composite", b"natural", b"sequence",
    b"schema", b"bucket", b"object", b"s3", b"translation", b"i18n", b"hot", b"host", b"range", b"routing",
    b"group", b"shortcut", b"list", b"dict", b"json", b"yaml", b"entry", b"item", b"column", b"attr", b"property",
    b"prop", b"setting", b"config", b"redis", b"message", b"event", b"locale", b"label", b"search", b"query",
    b"node", b"parent", b"child", b"tree", b"path", b"file", b"distribution", b"shard", b"cluster", b"ring",
    b"surrogate", b"candidate", b"business", b"react", b"sorting", b"storage_path", b"ssh_host", b"gpg", b"pgp",
    b"ssh", b"rsa", b"verify", b"verification", b"jwks", b"kid", b"tab", b"form", b"cache_", b"store", b"keyring",
];

/// Lower-cased alphanumerics of `key` and its words (split at non-alphanumerics and camelCase humps).
fn split_words(key: &[u8], norm: &mut [u8; 64], words: &mut [(u8, u8); 12]) -> Option<(usize, usize)> {
    let mut len = 0;
    let mut nw = 0;
    let mut start: Option<usize> = None;
    for (k, &c) in key.iter().enumerate() {
        if !is_alnum(c) {
            if let Some(s) = start.take() {
                if nw < 12 {
                    words[nw] = (s as u8, len as u8);
                    nw += 1;
                }
            }
            continue;
        }
        let hump = c.is_ascii_uppercase()
            && k > 0
            && (key[k - 1].is_ascii_lowercase()
                || key[k - 1].is_ascii_digit()
                || (key[k - 1].is_ascii_uppercase() && key.get(k + 1).is_some_and(u8::is_ascii_lowercase)));
        if hump {
            if let Some(s) = start.take() {
                if nw < 12 {
                    words[nw] = (s as u8, len as u8);
                    nw += 1;
                }
            }
        }
        if len == 64 {
            return None;
        }
        if start.is_none() {
            start = Some(len);
        }
        norm[len] = c.to_ascii_lowercase();
        len += 1;
    }
    if let Some(s) = start {
        if nw < 12 {
            words[nw] = (s as u8, len as u8);
            nw += 1;
        }
    }
    (nw > 0).then_some((len, nw))
}

/// The key name ending just before the operator at `op` (spaces, then an optional closing quote, skipped).
fn key_before(b: &[u8], op: usize) -> Option<(usize, usize)> {
    let mut k = op;
    while k > 0 && op - k < 8 && matches!(b[k - 1], b' ' | b'\t') {
        k -= 1;
    }
    let quote = match k.checked_sub(1).map(|p| b[p]) {
        Some(q @ (b'"' | b'\'' | b'`')) => Some(q),
        _ => None,
    };
    let mut end = k;
    let mut escaped = false;
    if quote.is_some() {
        end -= 1;
        if end > 0 && b[end - 1] == b'\\' {
            end -= 1;
            escaped = true;
        }
    }
    let mut s = end;
    while s > 0 && end - s < 80 && is(b[s - 1], KEY) {
        s -= 1;
    }
    if s == end {
        return None;
    }
    if let Some(q) = quote {
        // The opening quote must be there (else the quote closed a value: `"a" = b`).
        let opening = s.checked_sub(1).map(|p| b[p]) == Some(q) && (!escaped || (s >= 2 && b[s - 2] == b'\\'));
        if !opening {
            return None;
        }
    }
    // `\nKEY=` inside JSON-encoded output: the `n` belongs to the escape.
    if s >= 1 && b[s - 1] == b'\\' && matches!(b[s], b'n' | b'r' | b't') {
        s += 1;
    }
    // A URL's user name (`scheme://user:pass@`) is the URL rule's.
    if s >= 2 && &b[s - 2..s] == b"//" {
        return None;
    }
    (s < end).then_some((s, end))
}

/// The value starting at `b[p]` (after the operator and spaces): `(start, end, quoted)`.
fn value_at(b: &[u8], mut p: usize) -> Option<(usize, usize, bool)> {
    let start = p;
    while p < b.len() && p - start < 16 && matches!(b[p], b' ' | b'\t') {
        p += 1;
    }
    let c = *b.get(p)?;
    let (quote, escaped) = match c {
        b'"' | b'\'' | b'`' => (Some(c), false),
        b'\\' if b.get(p + 1) == Some(&b'"') => (Some(b'"'), true),
        _ => (None, false),
    };
    if let Some(q) = quote {
        let vs = p + if escaped { 2 } else { 1 };
        let mut k = vs;
        while k < b.len() && k - vs < 4096 {
            let ch = b[k];
            if ch == b'\n' || ch == b'\r' {
                return None;
            }
            if escaped {
                if ch == b'\\' && b.get(k + 1) == Some(&q) {
                    return Some((vs, k, true));
                }
                if ch == b'\\' && b.get(k + 1) == Some(&b'\\') {
                    k += 2;
                    continue;
                }
            } else if ch == b'\\' && q != b'\'' {
                // An escape inside a double-quoted string; `\n` ends nothing here.
                k += 2;
                continue;
            } else if ch == q {
                return Some((vs, k, true));
            }
            k += 1;
        }
        return None;
    }
    let vs = p;
    let mut k = vs;
    while k < b.len() && k - vs < 1024 {
        match b[k] {
            b' ' | b'\t' | b'\n' | b'\r' | b'"' | b'\'' | b'`' | b';' | b',' | b'&' | b')' | b'}' | b']' | b'<' | b'>' | b'|' => break,
            b'\\' if matches!(b.get(k + 1), Some(b'n' | b'r' | b't' | b'"' | b'\\' | b'u' | b'/')) => break,
            _ => k += 1,
        }
    }
    // Never end inside a UTF-8 sequence (the length cap).
    while k > vs && k < b.len() && (b[k] & 0xC0) == 0x80 {
        k -= 1;
    }
    (k > vs).then_some((vs, k, false))
}

/// An assignment whose operator (`=`, `:`, `:=`, `=>`) is at `b[i]`; `verdicts` (`secrets-v2`): a test runner's
/// `PASS:` is no key.
pub fn at_operator(b: &[u8], i: usize, verdicts: bool) -> Option<Finding> {
    let next = b.get(i + 1).copied();
    let prev = if i > 0 { b[i - 1] } else { b' ' };
    let value_from = match b[i] {
        b':' => match next {
            Some(b':') => return None,
            Some(b'=') => i + 2,
            _ if prev == b':' => return None,
            _ => i + 1,
        },
        b'=' => {
            if matches!(prev, b'=' | b'!' | b'<' | b'>') || next == Some(b'=') {
                return None;
            }
            if next == Some(b'>') {
                i + 2
            } else {
                i + 1
            }
        }
        _ => return None,
    };
    let (ks, ke) = key_before(b, if b[i] == b'=' && prev == b':' { i - 1 } else { i })?;
    // `--- PASS: TestRedelivery (0.05s)`: a test runner's verdict (Go, automake), not a `pass:` key; redacted, its
    // test name would be redacted everywhere it occurs.
    if verdicts && b[i] == b':' && &b[ks..ke] == b"PASS" {
        return None;
    }
    let (kind, rule) = match classify(&b[ks..ke]) {
        Some(c) => c,
        // `<add key="ApiToken" value="…"/>`: the name is in the key attribute of the same element.
        None if b[ks..ke].eq_ignore_ascii_case(b"value") => classify(attribute_name(b, ks)?)?,
        None => return None,
    };
    let (vs, ve, quoted) = value_at(b, value_from)?;
    if kind == Kind::Authorization {
        return authorization_value(b, vs, ve);
    }
    if let Some(f) = super::specific(b, vs) {
        return Some(f);
    }
    let code_style = !quoted && i > 0 && b[i - 1] == b' ' && b.get(i + 1) == Some(&b' ');
    acceptable(kind, &b[vs..ve], quoted, code_style).then_some(Finding { rule, start: vs, end: ve })
}

/// The `key="…"` or `name="…"` attribute before a `value=` attribute, in the same element.
fn attribute_name(b: &[u8], value_at: usize) -> Option<&[u8]> {
    let from = value_at.saturating_sub(200);
    let tag = b[from..value_at].iter().rposition(|&c| c == b'<').map(|p| from + p)?;
    for attr in [&b"key=\""[..], b"name=\"", b"Key=\"", b"Name=\""] {
        if let Some(p) = find(&b[tag..value_at], attr, 0) {
            let s = tag + p + attr.len();
            let e = s + b[s..value_at].iter().position(|&c| c == b'"')?;
            return Some(&b[s..e]);
        }
    }
    None
}

/// `<password>value</password>`: an XML element whose tag says secret, with `b[i]` its `<`.
pub fn xml_element(b: &[u8], i: usize) -> Option<Finding> {
    let ns = i + 1;
    let nl = run(b, ns, KEY, 64);
    if nl == 0 || b.get(ns + nl) != Some(&b'>') {
        return None;
    }
    let name = &b[ns..ns + nl];
    let (kind, rule) = classify(name)?;
    let vs = ns + nl + 1;
    let ve = vs + b[vs..b.len().min(vs + 1024)].iter().position(|&c| c == b'<' || c == b'\n')?;
    if !(b[ve..].starts_with(b"</") && b[ve + 2..].starts_with(name) && b.get(ve + 2 + nl) == Some(&b'>')) {
        return None;
    }
    let kind = if kind == Kind::Authorization { Kind::Secret } else { kind };
    if let Some(f) = super::specific(b, vs) {
        return Some(f);
    }
    acceptable(kind, &b[vs..ve], true, false).then_some(Finding { rule, start: vs, end: ve })
}

/// The credential of an `Authorization` value `b[vs..ve]`: after its scheme word, or the whole value.
fn authorization_value(b: &[u8], vs: usize, ve: usize) -> Option<Finding> {
    let scheme_len = run(b, vs, ALNUM | DASH, 32);
    let after = vs + scheme_len;
    if scheme_len > 0 && after < b.len() && b[after] == b' ' {
        let scheme = b[vs..after].to_ascii_lowercase();
        let mut s = after;
        while s < b.len() && b[s] == b' ' {
            s += 1;
        }
        let rule = match &scheme[..] {
            b"bearer" => "authorization-bearer",
            b"basic" => "authorization-basic",
            b"digest" | b"negotiate" | b"ntlm" => return None,
            _ => "authorization-header",
        };
        if let Some(f) = super::specific(b, s) {
            return Some(f);
        }
        let r = run(b, s, B64URL | PLUS_SLASH | DOT | TILDE | EQUALS, 8192);
        let tok = &b[s..s + r];
        let ok = r >= 8 && !placeholder(tok) && (rule == "authorization-basic" || entropy(tok) >= 2.5);
        return ok.then_some(Finding { rule, start: s, end: s + r });
    }
    // A bare credential (`Authorization: <api key>`).
    if let Some(f) = super::specific(b, vs) {
        return Some(f);
    }
    let v = &b[vs..ve];
    acceptable(Kind::Secret, v, false, false).then_some(Finding { rule: "authorization-header", start: vs, end: ve })
}

/// Whether a value assigned to a secret name is a secret.
pub fn acceptable(kind: Kind, v: &[u8], quoted: bool, code_style: bool) -> bool {
    if v.len() < 4 || placeholder(v) || reference(v) {
        return false;
    }
    let identifier = v.iter().all(|&c| is(c, UPPER | LOWER | UNDERSCORE | DOT | DASH));
    match kind {
        Kind::Password => {
            if !quoted && (code_style && identifier || dotted_identifier(v)) {
                return false;
            }
            (v.len() >= 6 || char_kinds(v) >= 2) && entropy(v) >= 1.5
        }
        Kind::Secret | Kind::Authorization => {
            if v.len() < 8 || v.iter().all(u8::is_ascii_digit) {
                return false;
            }
            if identifier && !(v.len() >= 24 && entropy(v) >= 3.8) {
                return false;
            }
            let floor = if v.len() >= 16 { 3.0 } else { 2.5 };
            char_kinds(v) >= 2 && entropy(v) >= floor
        }
    }
}

/// `a.b.c` made of identifiers without digits: a property read in code (`self.password`, `config.token`),
/// not a random password that happens to hold a dot.
fn dotted_identifier(v: &[u8]) -> bool {
    v.contains(&b'.')
        && !has_digit(v)
        && v.split(|&c| c == b'.').all(|p| !p.is_empty() && p[0].is_ascii_alphabetic() || p.first() == Some(&b'_'))
        && v.iter().all(|&c| is(c, WORD | DOT))
}

/// Values that stand for a secret without being one: masks, template slots, documentation words, type names.
pub fn placeholder(v: &[u8]) -> bool {
    if v.len() >= 3 && v.iter().all(|&c| matches!(c, b'*' | b'x' | b'X' | b'#' | b'.' | b'-' | b'_' | b'0')) {
        return true;
    }
    if v.starts_with(b"[REDACTED") || v.starts_with(b"<") || v.starts_with(b"{{") || v.starts_with(b"{%") {
        return true;
    }
    if contains(v, b"EXAMPLE") || contains(v, b"example") || contains(v, b"Example") {
        return true;
    }
    let lower = v.to_ascii_lowercase();
    if PLACEHOLDER_WORDS.contains(&&lower[..]) {
        return true;
    }
    let starts = |p: &[u8]| lower.starts_with(p);
    starts(b"your") || starts(b"replace") || starts(b"insert") || starts(b"enter") || starts(b"todo")
        || starts(b"changeme") || contains(&lower, b"placeholder") || lower.ends_with(b"_here") || lower.ends_with(b"-here")
        || contains(&lower, b"xxxxx") || contains(&lower, b"*****") || contains(&lower, b"redacted")
}

const PLACEHOLDER_WORDS: &[&[u8]] = &[
    b"changeme", b"change_me", b"change-me", b"password", b"passwd", b"secret", b"token", b"null", b"nil", b"none",
    b"true", b"false", b"yes", b"no", b"undefined", b"hidden", b"masked", b"[masked]", b"omitted", b"data+omitted",
    b"required", b"optional", b"string", b"str", b"&str", b"number", b"int", b"integer", b"bool", b"boolean",
    b"any", b"object", b"bytes", b"unknown", b"secretstr", b"secretstring", b"option", b"default", b"empty",
    b"pass", b"pwd", b"apikey", b"api_key", b"access_token", b"mypassword", b"sensitive", b"notset", b"not-set",
    b"tbd", b"n/a", b"dummy", b"foobar", b"foo", b"bar", b"test", b"testing", b"value",
];

/// References to a secret kept elsewhere: environment and template variables, secret managers, paths, code.
pub fn reference(v: &[u8]) -> bool {
    let c0 = v[0];
    // A YAML tag (`!vault |`, `!Ref`, `!Sub`): the value comes from elsewhere.
    if c0 == b'!' && v.get(1).is_some_and(u8::is_ascii_alphabetic) {
        return true;
    }
    if c0 == b'$' && v.get(1).is_some_and(|&c| c.is_ascii_alphabetic() || matches!(c, b'_' | b'{' | b'(')) {
        return true;
    }
    if c0 == b'%' && v.last() == Some(&b'%') {
        return true;
    }
    let lower = v.to_ascii_lowercase();
    for p in [
        &b"process.env"[..], b"os.environ", b"os.getenv", b"env.", b"env[", b"secrets.", b"vars.", b"getenv", b"system.getenv",
        b"arn:aws:", b"vault:", b"op://", b"sm://", b"projects/", b"file:", b"./", b"../", b"~/", b"keyring:", b"akv://",
        b"#{", b"@{", b"%{", b"%(", b"%s",
    ] {
        if lower.starts_with(p) {
            return true;
        }
    }
    if v.contains(&b'(') {
        return true;
    }
    // A plain absolute path: slashes between words, nothing base64 would add.
    c0 == b'/' && v.iter().filter(|&&c| c == b'/').count() >= 2 && v.iter().all(|&c| is(c, WORD | DOT | DASH | PLUS_SLASH) && c != b'+')
}

/// A `.netrc` password (`machine h login u password p`) or a `--password` / `--token` style flag with its value
/// after a space, starting at the word `b[i]`.
pub fn netrc(b: &[u8], i: usize) -> Option<Finding> {
    let word = if b[i..].starts_with(b"password") {
        8
    } else if b[i..].starts_with(b"passwd") {
        6
    } else {
        return None;
    };
    let mut p = i + word;
    if !matches!(b.get(p), Some(b' ' | b'\t')) {
        return None;
    }
    // netrc context: "machine" or "login" on this line or the lines just before.
    let from = i.saturating_sub(300);
    let before = &b[from..i];
    if !(contains(before, b"machine ") || contains(before, b"login ") || contains(before, b"default ")) {
        return None;
    }
    while p < b.len() && matches!(b[p], b' ' | b'\t') {
        p += 1;
    }
    let (vs, ve, quoted) = value_at(b, p)?;
    acceptable(Kind::Password, &b[vs..ve], quoted, false).then_some(Finding { rule: "netrc-password", start: vs, end: ve })
}

/// A command-line flag with a secret value at `b[i]` (a `-`): `--password x`, `--token x`, `mysql -pSECRET`,
/// `sshpass -p x`, `docker login -p x`, `curl -u user:pass`.
pub fn flag(b: &[u8], i: usize) -> Option<Finding> {
    if i > 0 && !matches!(b[i - 1], b' ' | b'\t' | b'"' | b'\'' | b'\n') {
        return None;
    }
    if b[i..].starts_with(b"--") {
        let ns = i + 2;
        let nl = run(b, ns, ALNUM | DASH | UNDERSCORE, 64);
        let ne = ns + nl;
        let sep = *b.get(ne)?;
        // `--flag value`, or an argv array: `"--flag", "value"`.
        let mut value_from = ne + 1;
        if matches!(sep, b'"' | b'\'') && i > 0 && b[i - 1] == sep {
            let mut k = ne + 1;
            while k < b.len() && b[k] == b' ' {
                k += 1;
            }
            if b.get(k) != Some(&b',') {
                return None;
            }
            value_from = k + 1;
        } else if nl == 0 || !(sep == b' ' || (sep == b'=' && &b[ns..ne] == b"user")) {
            return None;
        }
        if nl == 0 {
            return None;
        }
        let name = &b[ns..ne];
        if name == b"user" {
            return curl_user(b, value_from, line_before(b, i));
        }
        let (kind, _) = classify(name)?;
        let (vs, ve, quoted) = value_at(b, value_from)?;
        if b[vs] == b'-' {
            return None;
        }
        if let Some(f) = super::specific(b, vs) {
            return Some(f);
        }
        let kind = if kind == Kind::Authorization { Kind::Secret } else { kind };
        return acceptable(kind, &b[vs..ve], quoted, false).then_some(Finding { rule: "cli-password", start: vs, end: ve });
    }
    match b.get(i + 1) {
        Some(b'p') => {
            let line = line_before(b, i);
            let mysql = ["mysql", "mariadb"].iter().any(|t| contains(line, t.as_bytes()));
            let login = ["sshpass", " login"].iter().any(|t| contains(line, t.as_bytes()));
            let glued = b.get(i + 2).is_some_and(|&c| !matches!(c, b' ' | b'\t' | b'\n' | b'\r'));
            if mysql && glued {
                let (vs, ve, quoted) = value_at(b, i + 2)?;
                return acceptable(Kind::Password, &b[vs..ve], quoted, false).then_some(Finding { rule: "cli-password", start: vs, end: ve });
            }
            if login && b.get(i + 2) == Some(&b' ') {
                let (vs, ve, quoted) = value_at(b, i + 3)?;
                if b[vs] == b'-' {
                    return None;
                }
                return acceptable(Kind::Password, &b[vs..ve], quoted, false).then_some(Finding { rule: "cli-password", start: vs, end: ve });
            }
            None
        }
        Some(b'u') if b.get(i + 2) == Some(&b' ') => curl_user(b, i + 3, line_before(b, i)),
        _ => None,
    }
}

/// `user:password` after curl's `-u` / `--user`: the password.
fn curl_user(b: &[u8], p: usize, line: &[u8]) -> Option<Finding> {
    if !contains(line, b"curl") {
        return None;
    }
    let (vs, ve, _) = value_at(b, p)?;
    let colon = b[vs..ve].iter().position(|&c| c == b':')?;
    let pass = &b[vs + colon + 1..ve];
    (!pass.is_empty() && !placeholder(pass) && !reference(pass)).then_some(Finding { rule: "cli-password", start: vs + colon + 1, end: ve })
}

/// The text of the line before `b[i]` (at most 512 bytes).
fn line_before(b: &[u8], i: usize) -> &[u8] {
    let mut s = i;
    while s > 0 && i - s < 512 && b[s - 1] != b'\n' && structured::line_break(b, s.saturating_sub(2)) != 2 {
        s -= 1;
    }
    &b[s..i]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kind(k: &str) -> Option<Kind> {
        classify(k.as_bytes()).map(|(k, _)| k)
    }

    #[test]
    fn key_names() {
        for k in ["DB_PASSWORD", "password", "dbPassword", "MYSQL_PWD", "SMTP_PASS", "passwd", "PGPASSWORD"] {
            assert_eq!(kind(k), Some(Kind::Password), "{k}");
        }
        for k in ["GITHUB_TOKEN", "apiKey", "X-Api-Key", "client_secret", "SECRET_KEY_BASE", "accessToken", "token", "STRIPE_KEY", "aws_secret_access_key", "credentials", "GH_PAT", "basic_auth", "AUTH"] {
            assert_eq!(kind(k), Some(Kind::Secret), "{k}");
        }
        for k in ["token_type", "max_tokens", "public_key", "cache_key", "key", "password_file", "secret_name", "csrf_token", "next_page_token", "api_key_id", "PWD", "SSH_AUTH_SOCK", "GIT_ASKPASS", "token_estimate", "primaryKey", "author", "tokenizer", "keyboard"] {
            assert_eq!(kind(k), None, "{k}");
        }
        assert_eq!(kind("Authorization"), Some(Kind::Authorization));
    }
}
