//! Secret redaction (issue 13): what a fold stores is redacted first, when the policy asks for it
//! (`"redaction": "secrets-v2"`, or the older `"secrets-v1"`, see [`crate::policy::Policy::redaction`]). The engine calls [`sanitize`] on the
//! fold input before extraction, hashing and any write, so every stored byte (cold node, index, journal,
//! snapshot) and everything derived from it (scan, recall, hydrate) sees only the redacted text.
//!
//! Each secret is replaced by `[REDACTED:<rule>]`, a deterministic marker naming the rule; nothing outside the
//! secret's own span changes. The rules (`tokens`: vendor prefixes; `structured`: private-key armor, JWTs, URL
//! credentials, bearer tokens; `assign`: values of names that say secret) run in one left-to-right pass over
//! the bytes: most bytes cost one table lookup, and a rule is only tried where its first byte can start it.
//! A value found by any rule is then also redacted wherever else it occurs in the same fold.
//!
//! Rule sets are versioned: `secrets-v1` is the first set, frozen in behaviour; `secrets-v2` (the default) is it with
//! one false positive fewer ([`Ruleset::SecretsV2`]); a changed set gets a new name, so a store's policy says which
//! rules its nodes went through.

mod assign;
mod bytes;
mod structured;
mod tokens;

use serde::Serialize;

use crate::hash::{FastMap, FastSet};
use crate::types::FoldInput;
use bytes::{is, is_alnum, run, word_start, ALNUM};

/// The rule set a policy names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ruleset {
    /// The first set, frozen.
    SecretsV1,
    /// `secrets-v1` with a test runner's verdict (`--- PASS: TestRedelivery (0.05s)`) no longer read as a `pass:` key
    /// (which redacted the test's name wherever it occurred, the fold's summary included).
    SecretsV2,
}

impl Ruleset {
    pub const LATEST: Ruleset = Ruleset::SecretsV2;

    pub fn from_name(name: &str) -> Option<Ruleset> {
        match name {
            "secrets-v1" => Some(Ruleset::SecretsV1),
            "secrets-v2" => Some(Ruleset::SecretsV2),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Ruleset::SecretsV1 => "secrets-v1",
            Ruleset::SecretsV2 => "secrets-v2",
        }
    }
}

/// One secret found: its rule and its byte span in the text.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Finding {
    pub rule: &'static str,
    pub start: usize,
    pub end: usize,
}

/// A text with its secrets replaced, and where they were (spans in the input).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Redacted {
    pub text: String,
    pub findings: Vec<Finding>,
}

/// The marker that replaces a secret.
pub fn marker(rule: &str) -> String {
    format!("[REDACTED:{rule}]")
}

/// The secrets of `text`, sorted by position and not overlapping, including every other occurrence of a value
/// that a rule found. Redacting at these spans is a fixed point: [`redact`] of its own output changes nothing.
pub fn find(text: &str, ruleset: Ruleset) -> Vec<Finding> {
    find_fields(&[text], ruleset).pop().map(|(found, _)| found).unwrap_or_default()
}

/// `text` with its secrets replaced by markers. Idempotent: `redact(redact(x).text) == redact(x).text`.
pub fn redact(text: &str, ruleset: Ruleset) -> Redacted {
    let (findings, redacted) = find_fields(&[text], ruleset).pop().unwrap_or_default();
    Redacted { text: redacted.unwrap_or_else(|| text.to_string()), findings }
}

/// The findings of several fields redacted together (a value found in one is redacted in all), run to a fixed
/// point. Replacing a secret by its marker changes the context other rules read (a URL's user info ends at its
/// last `@` before a delimiter, and a marker's `[` is one: libFuzzer found a URL with two `@` whose first pass
/// redacted the password after the second, while in the redacted text the token before the first read as the
/// URL's user name, `tests/fuzz_corpus/redact/`). So the redacted fields are scanned again, and what that pass finds is mapped
/// back onto the input (a span touching a marker covers the marker's whole secret) and added, with its value
/// propagated, until a pass finds nothing. Only fields that had a finding are scanned again, so text without
/// secrets costs one pass as before. Each round redacts at least one more input byte (a finding lying only on
/// markers is not one: [`scan_text`]), so the loop ends; in practice a second pass finds nothing. Returns each
/// field's findings and, when it has any, its redacted text (the one the last pass verified).
fn find_fields(fields: &[&str], ruleset: Ruleset) -> Vec<(Vec<Finding>, Option<String>)> {
    let mut found: Vec<Vec<Finding>> = fields.iter().map(|f| scan_text(f.as_bytes(), ruleset)).collect();
    let mut values: Vec<(Vec<u8>, &'static str)> = Vec::new();
    let mut texts: Vec<Option<String>> = vec![None; fields.len()];
    loop {
        let mut all = std::mem::take(&mut values);
        for (f, fs) in fields.iter().zip(&found) {
            all.extend(values_of(f.as_bytes(), fs));
        }
        values = distinct(all);
        for (f, fs) in fields.iter().zip(found.iter_mut()) {
            propagate(f.as_bytes(), fs, &values);
        }
        let mut grew = false;
        for ((f, fs), text) in fields.iter().zip(found.iter_mut()).zip(texts.iter_mut()) {
            if fs.is_empty() {
                continue;
            }
            let (redacted, markers) = apply_mapped(f, fs);
            let again = scan_text(redacted.as_bytes(), ruleset);
            // The text of these findings; if they grow below, the next round redoes it.
            *text = Some(redacted);
            if again.is_empty() {
                continue;
            }
            let before = fs.clone();
            fs.extend(again.iter().map(|g| Finding { rule: g.rule, start: to_input(&markers, g.start, false), end: to_input(&markers, g.end, true) }));
            *fs = merge(std::mem::take(fs));
            grew |= *fs != before;
        }
        if !grew {
            return found.into_iter().zip(texts).collect();
        }
    }
}

/// Every string a fold stores, redacted: summary, raw content, session id and given files / commands / errors.
/// A value found in one of them is redacted in all of them (a token in the payload is also removed from the
/// summary that quotes it).
pub fn sanitize(input: FoldInput, ruleset: Ruleset) -> FoldInput {
    let FoldInput { step_id, summary, raw_content, session_id, files, commands, errors } = input;
    let mut fields: Vec<String> = Vec::new();
    fields.push(summary);
    let has_raw = raw_content.is_some();
    fields.extend(raw_content);
    let has_session = session_id.is_some();
    fields.extend(session_id);
    let counts = [files.as_ref().map(Vec::len), commands.as_ref().map(Vec::len), errors.as_ref().map(Vec::len)];
    for list in [files, commands, errors].into_iter().flatten() {
        fields.extend(list);
    }
    let found = find_fields(&fields.iter().map(String::as_str).collect::<Vec<&str>>(), ruleset);
    let mut fields = fields.into_iter().zip(found).map(|(f, (_, redacted))| redacted.unwrap_or(f));
    let summary = fields.next().unwrap_or_default();
    let raw_content = if has_raw { fields.next() } else { None };
    let session_id = if has_session { fields.next() } else { None };
    let mut take = |n: Option<usize>| n.map(|n| fields.by_ref().take(n).collect::<Vec<String>>());
    let files = take(counts[0]);
    let commands = take(counts[1]);
    let errors = take(counts[2]);
    FoldInput { step_id, summary, raw_content, session_id, files, commands, errors }
}

/// A marker put in the output: the secret's span in the input, the marker's span in the output.
struct Placed {
    input: (usize, usize),
    output: (usize, usize),
}

/// Replace each (sorted, disjoint) finding of `text` by its marker, saying where each marker went.
fn apply_mapped(text: &str, findings: &[Finding]) -> (String, Vec<Placed>) {
    let mut out = String::with_capacity(text.len());
    let mut placed = Vec::with_capacity(findings.len());
    let mut last = 0;
    for f in findings {
        // Spans end at ASCII boundaries; `get` keeps this safe whatever a rule returns.
        if let (Some(before), true) = (text.get(last..f.start), text.is_char_boundary(f.end)) {
            out.push_str(before);
            let at = out.len();
            out.push_str("[REDACTED:");
            out.push_str(f.rule);
            out.push(']');
            placed.push(Placed { input: (f.start, f.end), output: (at, out.len()) });
            last = f.end;
        }
    }
    out.push_str(&text[last..]);
    (out, placed)
}

/// The input offset of output offset `p` (see [`apply_mapped`]): inside a marker, the start of its secret (or its
/// end, for the end of a span), elsewhere the same byte shifted by the markers before it.
fn to_input(placed: &[Placed], p: usize, is_end: bool) -> usize {
    let k = placed.partition_point(|m| if is_end { m.output.0 < p } else { m.output.0 <= p });
    match k.checked_sub(1).map(|k| &placed[k]) {
        None => p,
        Some(m) if p < m.output.1 || (is_end && p == m.output.1) => {
            if is_end {
                m.input.1
            } else {
                m.input.0
            }
        }
        Some(m) => m.input.1 + (p - m.output.1),
    }
}

/// The spans of `b` that read as a marker, `[REDACTED:<rule id>]` (lower-case letters, digits, `-`).
fn marker_spans(b: &[u8]) -> Vec<(usize, usize)> {
    const OPEN: &[u8] = b"[REDACTED:";
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(p) = bytes::find(b, OPEN, from) {
        let id = p + OPEN.len();
        let n = b[id..].iter().take_while(|c| matches!(c, b'a'..=b'z' | b'0'..=b'9' | b'-')).count();
        if n > 0 && b.get(id + n) == Some(&b']') {
            out.push((p, id + n + 1));
            from = id + n + 1;
        } else {
            from = p + 1;
        }
    }
    out
}

/// The single pass, without findings that lie only on markers: a marker is never itself taken for a secret (a
/// rule reading `password: [REDACTED:password-assignment]` as an assignment), which is what makes redacting
/// redacted text find nothing new.
fn scan_text(b: &[u8], ruleset: Ruleset) -> Vec<Finding> {
    let mut found = scan(b, ruleset);
    if found.is_empty() || !bytes::contains(b, b"[REDACTED:") {
        return found;
    }
    let markers = marker_spans(b);
    found.retain(|f| {
        // Is some byte of the finding outside every marker?
        let mut at = f.start;
        for &(s, e) in markers.iter().filter(|&&(s, e)| e > f.start && s < f.end) {
            if s > at {
                return true;
            }
            at = at.max(e);
        }
        at < f.end
    });
    found
}

/// A rule that names a specific format (a vendor token, a JWT) at `b[i]`: what an assignment or a header value
/// tries first, so the value gets the precise rule id.
pub(crate) fn specific(b: &[u8], i: usize) -> Option<Finding> {
    if i >= b.len() {
        return None;
    }
    if b[i] == b'-' {
        return structured::private_key(b, i);
    }
    if !is_alnum(b[i]) {
        return None;
    }
    if let Some((rule, end)) = tokens::at(b, i) {
        return Some(Finding { rule, start: i, end });
    }
    if b.get(i + 5) == Some(&b'~') {
        if let Some(f) = structured::azure_ad_secret(b, i + 5).filter(|f| f.start == i) {
            return Some(f);
        }
    }
    structured::jwt(b, i).or_else(|| structured::infix(b, i))
}

/// A cheap test of whether any word rule can start at `b[i]`, so most words cost no call. With feature
/// `fast-fold`, by the word's first three bytes ([`tokens::may_start3`]: a word of ordinary text starts with the
/// first two bytes of some vendor prefix one time in seven, with its first three one time in hundreds) and the
/// anchors after them; else (and within two bytes of the end) [`may_start_word_by_pairs`].
#[inline(always)]
fn may_start_word(b: &[u8], i: usize) -> bool {
    #[cfg(fast_fold)]
    if let Some(&third) = b.get(i + 2) {
        return tokens::may_start3(b[i], b[i + 1], third)
            || b.get(i + 5) == Some(&b'~')
            || b.get(i + 14) == Some(&b'.')
            || b.get(i + 32) == Some(&b'-');
    }
    may_start_word_by_pairs(b, i)
}

/// The two-byte prefix filter and the anchors of the other word rules.
#[inline(always)]
fn may_start_word_by_pairs(b: &[u8], i: usize) -> bool {
    tokens::may_start(b, i)
        || matches!((b[i], b.get(i + 1)), (b'e', Some(b'y')) | (b'B' | b'b', Some(b'e')) | (b'P', Some(b'u')) | (b'p', Some(b'a')))
        || b.get(i + 5) == Some(&b'~')
        || b.get(i + 14) == Some(&b'.')
        || b.get(i + 32) == Some(&b'-')
}

/// The word rules at a word start `b[i]`.
fn at_word(b: &[u8], i: usize) -> Option<Finding> {
    if let Some(f) = specific(b, i).filter(|_| b[i] != b'-') {
        return Some(f);
    }
    match b[i] {
        b'B' | b'b' => structured::bearer(b, i),
        b'P' => structured::putty_key(b, i),
        b'p' => assign::netrc(b, i),
        _ => None,
    }
}

/// The single pass: every rule at every place it can start. Findings sorted and merged.
fn scan(b: &[u8], ruleset: Ruleset) -> Vec<Finding> {
    let verdicts = ruleset != Ruleset::SecretsV1;
    let n = b.len();
    let mut out: Vec<Finding> = Vec::new();
    let mut i = 0;
    while i < n {
        let c = b[i];
        if is_alnum(c) {
            if word_start(b, i) && may_start_word(b, i) {
                if let Some(f) = at_word(b, i) {
                    i = f.end.max(i + 1);
                    out.push(f);
                    continue;
                }
            }
            // `\n` of a JSON escape: the next byte starts a word too.
            if i > 0 && b[i - 1] == b'\\' && matches!(c, b'n' | b'r' | b't') {
                i += 1;
                continue;
            }
            // The rest of the word (eight bytes at a time with feature `fast-fold`).
            #[cfg(feature = "fast-fold")]
            {
                i = crate::text::swar::run_end(b, i + 1, crate::text::swar::alnum, is_alnum);
            }
            #[cfg(not(feature = "fast-fold"))]
            {
                i += 1 + run(b, i + 1, ALNUM, usize::MAX);
            }
            continue;
        }
        let hit = match c {
            b'-' => structured::private_key(b, i).or_else(|| assign::flag(b, i)),
            b'=' => assign::at_operator(b, i, verdicts),
            b':' => {
                if b.get(i + 1) == Some(&b'/') {
                    // A URL's credentials: scanning goes on inside it (a token may be its user name).
                    if let Some(f) = structured::url_credentials(b, i) {
                        out.push(f);
                    }
                    None
                } else {
                    assign::at_operator(b, i, verdicts)
                }
            }
            b'~' => structured::azure_ad_secret(b, i),
            b'<' => assign::xml_element(b, i),
            _ => None,
        };
        match hit {
            Some(f) => {
                i = f.end.max(i + 1);
                out.push(f);
            }
            None => i += 1,
        }
    }
    merge(out)
}

/// Sort findings and merge overlapping ones (the union keeps the earlier rule's id). The pass emits them almost
/// in order, so an insertion sort does (and keeps `sort`'s code out of the wasm).
fn merge(mut v: Vec<Finding>) -> Vec<Finding> {
    v.retain(|f| f.end > f.start);
    for k in 1..v.len() {
        let mut j = k;
        while j > 0 && (v[j - 1].start, usize::MAX - v[j - 1].end) > (v[j].start, usize::MAX - v[j].end) {
            v.swap(j - 1, j);
            j -= 1;
        }
    }
    let mut out: Vec<Finding> = Vec::with_capacity(v.len());
    for f in v {
        match out.last_mut() {
            Some(last) if f.start < last.end => last.end = last.end.max(f.end),
            _ => out.push(f),
        }
    }
    out
}

/// Values long enough to look for elsewhere (8 bytes: shorter ones would redact ordinary words).
const MIN_PROPAGATED: usize = 8;

/// The values of findings long enough to propagate, with their rules; a multi-line secret (a private key) also
/// gives each of its lines, so a summary quoting the first line of a key loses it too.
fn values_of(b: &[u8], found: &[Finding]) -> Vec<(Vec<u8>, &'static str)> {
    let mut out = Vec::new();
    for f in found.iter().filter(|f| f.end - f.start >= MIN_PROPAGATED) {
        let v = &b[f.start..f.end];
        out.push((v.to_vec(), f.rule));
        if v.contains(&b'\n') || bytes::contains(v, b"\\n") {
            let mut k = 0;
            let mut start = 0;
            while k <= v.len() {
                let br = if k == v.len() { 1 } else { structured::line_break(v, k) };
                if br > 0 {
                    let line = trim_line(&v[start..k]);
                    if line.len() >= MIN_PROPAGATED {
                        out.push((line.to_vec(), f.rule));
                    }
                    k += br;
                    start = k;
                } else {
                    k += 1;
                }
            }
        }
    }
    out
}

/// The first of each value (the same token is often found many times).
fn distinct(values: Vec<(Vec<u8>, &'static str)>) -> Vec<(Vec<u8>, &'static str)> {
    let mut seen: FastSet<Vec<u8>> = FastSet::default();
    values.into_iter().filter(|(v, _)| seen.insert(v.clone())).collect()
}

/// A line of a multi-line secret without its diff marker or indentation.
fn trim_line(l: &[u8]) -> &[u8] {
    let s = l.iter().position(|&c| !matches!(c, b' ' | b'\t' | b'+' | b'"')).unwrap_or(l.len());
    &l[s..]
}

/// Redact every other occurrence of a found value. One pass over the text with a 64 Kbit filter on the first
/// four bytes of each value, so the cost does not grow with the number of values.
fn propagate(b: &[u8], found: &mut Vec<Finding>, values: &[(Vec<u8>, &'static str)]) {
    if values.is_empty() || b.len() < MIN_PROPAGATED {
        return;
    }
    // Values by their first four bytes, behind a 64 Kbit filter of the same.
    let first4 = |w: &[u8]| u32::from_le_bytes([w[0], w[1], w[2], w[3]]);
    let bit = |x: u32| (x.wrapping_mul(0x9E37_79B1) >> 16) as usize;
    let mut filter = vec![0u64; 1024];
    let mut by_first4: FastMap<u32, Vec<usize>> = FastMap::default();
    for (k, (v, _)) in values.iter().enumerate() {
        let x = first4(v);
        filter[bit(x) >> 6] |= 1 << (bit(x) & 63);
        by_first4.entry(x).or_default().push(k);
    }
    let mut extra = Vec::new();
    let mut next_found = 0;
    let mut i = 0;
    let existing: Vec<(usize, usize)> = found.iter().map(|f| (f.start, f.end)).collect();
    while i + MIN_PROPAGATED <= b.len() {
        // Skip spans already redacted.
        while next_found < existing.len() && existing[next_found].1 <= i {
            next_found += 1;
        }
        if next_found < existing.len() && existing[next_found].0 <= i {
            i = existing[next_found].1;
            continue;
        }
        // Inside a word no value can start (its boundary check refuses it): on to the word's end.
        if i > 0 && is_alnum(b[i]) && is_alnum(b[i - 1]) {
            i += run(b, i, ALNUM, usize::MAX);
            continue;
        }
        let x = first4(&b[i..i + 4]);
        if filter[bit(x) >> 6] & (1 << (bit(x) & 63)) != 0 {
            // Longest value matching here, so a value that contains another is redacted whole.
            let here = by_first4.get(&x).map_or(&[][..], Vec::as_slice);
            let best = here.iter().map(|&k| &values[k]).filter(|(v, _)| b[i..].starts_with(v)).max_by_key(|(v, _)| v.len());
            if let Some((v, rule)) = best {
                let boundary_ok = !(is(v[0], ALNUM) && i > 0 && is_alnum(b[i - 1]))
                    && !(is(v[v.len() - 1], ALNUM) && b.get(i + v.len()).is_some_and(|&c| is_alnum(c)));
                if boundary_ok {
                    extra.push(Finding { rule, start: i, end: i + v.len() });
                    i += v.len();
                    continue;
                }
            }
        }
        i += 1;
    }
    // A field cut short in the middle of a secret (a summary truncated to a length): its tail is the start of a
    // value.
    let tail_from = found.last().map_or(0, |f| f.end);
    for (v, rule) in values {
        let n = b.len();
        let lo = n.saturating_sub(v.len() - 1).max(tail_from);
        let mut at = lo;
        while at + MIN_PROPAGATED <= n {
            match bytes::find(&b[..n], &v[..MIN_PROPAGATED], at) {
                Some(p) if v.starts_with(&b[p..n]) => {
                    if !(is_alnum(v[0]) && p > 0 && is_alnum(b[p - 1])) && !extra.iter().any(|f: &Finding| f.end > p) {
                        extra.push(Finding { rule, start: p, end: n });
                    }
                    break;
                }
                Some(p) => at = p + 1,
                None => break,
            }
        }
    }
    if !extra.is_empty() {
        found.extend(extra);
        let merged = merge(std::mem::take(found));
        *found = merged;
    }
}

/// Every rule id of a rule set, with what it covers.
pub fn rules(ruleset: Ruleset) -> Vec<(&'static str, &'static str)> {
    let (Ruleset::SecretsV1 | Ruleset::SecretsV2) = ruleset;
    let mut out: Vec<(&'static str, &'static str)> = Vec::new();
    for t in tokens::TOKENS {
        if !out.iter().any(|(id, _)| *id == t.id) {
            out.push((t.id, "vendor token (prefix, alphabet, length, entropy, checksum)"));
        }
    }
    out.extend(STRUCTURED_RULES.iter().copied());
    out
}

const STRUCTURED_RULES: &[(&str, &str)] = &[
    ("private-key", "PEM private key armor (PKCS#1, PKCS#8, EC, DSA, encrypted)"),
    ("openssh-private-key", "OpenSSH private key armor"),
    ("pgp-private-key", "PGP private key block"),
    ("ssh2-private-key", "SSH2 (RFC 4716 style) private key armor"),
    ("putty-private-key", "PuTTY .ppk key file"),
    ("jwt", "JSON Web Token (JWS or JWE)"),
    ("url-credentials", "password or token in a URL's user info (scheme://user:pass@host)"),
    ("authorization-bearer", "Bearer credential (Authorization header or bare)"),
    ("authorization-basic", "Basic credential of an Authorization header"),
    ("authorization-header", "other Authorization header credentials"),
    ("azure-ad-client-secret", "Azure AD / Entra client secret (…Q~…)"),
    ("mailchimp-api-key", "Mailchimp API key (32 hex + -usNN)"),
    ("terraform-api-token", "Terraform Cloud / Enterprise token (….atlasv1.…)"),
    ("password-assignment", "value of a name that says password (env, YAML, JSON, TOML, INI, XML attribute or element, query)"),
    ("secret-assignment", "value of a name that says token, secret, key or credential, gated by entropy"),
    ("kubeconfig-client-key", "kubeconfig client-key-data"),
    ("aws-secret-access-key", "AWS secret access key (aws_secret_access_key, SecretAccessKey)"),
    ("aws-session-token", "AWS session token"),
    ("azure-storage-key", "Azure storage AccountKey / SharedAccessKey"),
    ("azure-sas-signature", "Azure SAS sig= parameter"),
    ("url-signature", "X-Amz-Signature of a presigned URL"),
    ("npmrc-auth-token", ".npmrc _authToken"),
    ("npmrc-auth", ".npmrc _auth"),
    ("npmrc-password", ".npmrc _password"),
    ("netrc-password", ".netrc password"),
    ("cli-password", "password or token given as a command-line flag (--password x, -pX, curl -u user:pass)"),
];

#[cfg(test)]
mod rule_tests;

#[cfg(test)]
mod tests {
    use super::*;

    fn r(s: &str) -> String {
        redact(s, Ruleset::SecretsV1).text
    }

    #[test]
    fn replaces_only_the_span() {
        assert_eq!(r("DB_PASSWORD=hunter2hunter2 rest"), "DB_PASSWORD=[REDACTED:password-assignment] rest");
        assert_eq!(r("nothing here"), "nothing here");
    }

    #[test]
    fn found_values_are_redacted_everywhere() {
        let out = r("API_TOKEN=Zq8vN3kP0xWm5rT2yB7c\necho Zq8vN3kP0xWm5rT2yB7c");
        assert!(!out.contains("Zq8vN3kP"), "{out}");
    }

    /// libFuzzer's case (`tests/fuzz_corpus/redact/crash-737d…`), as a user would write it: a URL whose user info
    /// holds two `@`. The first pass reads the password after the second `@`'s user info; once that password is a
    /// marker (its `[` ends a URL's user info), the token before the first `@` reads as the URL's user name.
    #[test]
    fn redaction_is_idempotent_when_a_credential_url_overlaps_an_earlier_match() {
        let text = "git clone https://Zq8vN3kP0xWm5rT2yB7c@mirror:hunter2x@example.com/repo";
        let once = r(text);
        assert_eq!(once, "git clone https://[REDACTED:url-credentials]@mirror:[REDACTED:url-credentials]@example.com/repo");
        assert_eq!(r(&once), once);
        let found = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fuzz_corpus/redact/crash-737d5ab6723d59271171e11c4f2f9296e36ee4db"))
            .expect("the saved case");
        let once = r(&String::from_utf8_lossy(&found));
        assert_eq!(r(&once), once);
    }

    #[test]
    fn a_marker_is_never_taken_for_a_secret() {
        for (id, _) in rules(Ruleset::SecretsV1) {
            let m = marker(id);
            for text in [
                m.clone(),
                format!("password: {m}"),
                format!("DB_PASSWORD={m} rest"),
                format!("\"api_key\": \"{m}\""),
                format!("https://user:{m}@example.com"),
                format!("Authorization: Bearer {m}"),
                format!("curl -u admin:{m} --password {m} -p{m}"),
                format!("<password>{m}</password>"),
                format!("{m}{m}\n{m} {m}"),
            ] {
                assert_eq!(r(&text), text, "{id}");
            }
        }
    }

    #[test]
    fn fields_sanitized_together_are_a_fixed_point() {
        let input = FoldInput {
            summary: "cloned https://Zq8vN3kP0xWm5rT2yB7c@mirror:hunter2x@example.com".into(),
            raw_content: Some("token Zq8vN3kP0xWm5rT2yB7c and hunter2x".into()),
            ..FoldInput::default()
        };
        let once = sanitize(input, Ruleset::SecretsV1);
        assert_eq!(once.raw_content.as_deref(), Some("token [REDACTED:url-credentials] and [REDACTED:url-credentials]"));
        assert_eq!(sanitize(once.clone(), Ruleset::SecretsV1), once);
    }

    #[test]
    fn rule_ids_are_listed() {
        let ids: Vec<&str> = rules(Ruleset::SecretsV1).iter().map(|(id, _)| *id).collect();
        assert!(ids.len() >= 100, "{}", ids.len());
        let mut sorted = ids.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), ids.len());
    }
}
