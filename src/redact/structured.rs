//! Secrets recognised by their structure rather than a vendor prefix: private-key armor (PEM, OpenSSH, PGP,
//! SSH2, PuTTY), JSON Web Tokens, credentials inside URLs, a bare `Bearer` token, Azure AD client secrets and
//! the two formats anchored in their middle (Mailchimp keys, Terraform Cloud tokens).

use super::bytes::*;
use super::Finding;

/// How far a private key's `-----END` may be from its `-----BEGIN` (an RSA 16384-bit key is ~12 KB).
const MAX_KEY_BYTES: usize = 128 * 1024;
/// Base64 characters a private key's body must have: a placeholder (`...`, `<key>`) is not a key.
const MIN_KEY_BODY: usize = 40;

/// A private key armor starting at `b[i]` (`-----BEGIN … PRIVATE KEY-----`, or SSH2's `---- BEGIN … ----`),
/// through its `END` line; without one (truncated output), through the base64 lines that follow. The body may be
/// JSON-escaped (`\n`), inside a diff (`+`/`-` lines) or indented (a YAML block scalar).
pub fn private_key(b: &[u8], i: usize) -> Option<Finding> {
    let (begin, end_marker): (&[u8], &[u8]) = if b[i..].starts_with(b"-----BEGIN ") {
        (b"-----BEGIN", b"-----END")
    } else if b[i..].starts_with(b"---- BEGIN ") {
        (b"---- BEGIN", b"---- END")
    } else {
        return None;
    };
    let after = i + 11;
    // The label may hold spaces ("RSA PRIVATE KEY"): read up to the closing dashes.
    let mut j = after;
    while j < b.len() && j - after <= 80 && (is(b[j], ALNUM | UNDERSCORE) || b[j] == b' ' || (b[j] == b'-' && !b[j..].starts_with(b"----"))) {
        j += 1;
    }
    let label = trim_spaces(&b[after..j]);
    let upper: Vec<u8> = label.to_ascii_uppercase();
    if !(upper.ends_with(b"PRIVATE KEY") || upper.ends_with(b"PRIVATE KEY BLOCK")) {
        return None;
    }
    let dashes = run(b, j, DASH, 5);
    if dashes < 4 {
        return None;
    }
    let header_end = j + dashes;
    let rule = if contains(&upper, b"OPENSSH") {
        "openssh-private-key"
    } else if contains(&upper, b"PGP") {
        "pgp-private-key"
    } else if contains(&upper, b"SSH2") {
        "ssh2-private-key"
    } else {
        "private-key"
    };
    let limit = b.len().min(header_end + MAX_KEY_BYTES);
    let window = &b[header_end..limit];
    // The END of this armor, unless another armor begins first (then this one was cut short).
    let end_at = find(window, end_marker, 0).filter(|&e| find(&window[..e], begin, 0).is_none());
    if let Some(e) = end_at {
        let body = &window[..e];
        if body.iter().filter(|&&c| is(c, B64)).count() < MIN_KEY_BODY {
            return None;
        }
        // The END line: "-----END <label>-----".
        let mut k = header_end + e + 8;
        while k < b.len() && k - (header_end + e) < 100 && (is(b[k], ALNUM | UNDERSCORE) || b[k] == b' ') {
            k += 1;
        }
        k += run(b, k, DASH, 5);
        return Some(Finding { rule, start: i, end: k });
    }
    // No END: the base64 lines after the header (and the header lines of an encrypted PEM or PGP armor).
    let mut k = header_end;
    let mut last = header_end;
    let mut body = 0;
    let mut blank_allowed = true;
    loop {
        let sep = line_break(b, k);
        if sep == 0 {
            break;
        }
        k += sep;
        // A diff marker, indentation, a quote opening a string literal.
        let mut p = k;
        while p < b.len() && p - k < 16 && matches!(b[p], b' ' | b'\t' | b'+' | b'-' | b'"' | b'\'') {
            p += 1;
        }
        let r = run(b, p, B64 | EQUALS, 256);
        if r > 0 && line_break(b, p + r) > 0 || (r > 0 && p + r == b.len()) {
            body += r;
            last = p + r;
            k = p + r;
            continue;
        }
        if r > 0 && p + r < b.len() && matches!(b[p + r], b'"' | b'\'' | b',') {
            body += r;
            last = p + r;
            break;
        }
        // "Proc-Type: 4,ENCRYPTED", "DEK-Info: …", "Version: …", "Comment: …"
        let line_end = (p..b.len().min(p + 200)).find(|&q| line_break(b, q) > 0).unwrap_or(p);
        let line = &b[p..line_end];
        if r > 0 && line.contains(&b':') && line.len() < 200 {
            last = line_end;
            k = line_end;
            continue;
        }
        if line.is_empty() && blank_allowed {
            blank_allowed = false;
            k = p;
            continue;
        }
        break;
    }
    (body >= MIN_KEY_BODY).then_some(Finding { rule, start: i, end: last })
}

fn trim_spaces(s: &[u8]) -> &[u8] {
    let a = s.iter().position(|&c| c != b' ').unwrap_or(s.len());
    let z = s.iter().rposition(|&c| c != b' ').map_or(a, |p| p + 1);
    &s[a..z]
}

/// Bytes of a line break at `b[k]`: `\n`, `\r\n`, or the JSON escapes `\n`, `\r\n` (as two-byte text).
pub fn line_break(b: &[u8], k: usize) -> usize {
    match b.get(k) {
        Some(b'\n') => 1,
        Some(b'\r') if b.get(k + 1) == Some(&b'\n') => 2,
        Some(b'\\') if b.get(k + 1) == Some(&b'n') => 2,
        Some(b'\\') if b.get(k + 1) == Some(&b'r') && b.get(k + 2) == Some(&b'\\') && b.get(k + 3) == Some(&b'n') => 4,
        _ => 0,
    }
}

/// A PuTTY key file (`PuTTY-User-Key-File-N: …`): the whole file through its `Private-MAC` line.
pub fn putty_key(b: &[u8], i: usize) -> Option<Finding> {
    if !b[i..].starts_with(b"PuTTY-User-Key-File-") {
        return None;
    }
    let limit = b.len().min(i + 16 * 1024);
    let lines = find(&b[..limit], b"Private-Lines:", i)?;
    let mut end = lines;
    if let Some(mac) = find(&b[..limit], b"Private-MAC:", lines) {
        let mut k = mac + 12;
        while k < b.len() && b[k] == b' ' {
            k += 1;
        }
        end = k + run(b, k, HEX, 128);
    } else {
        // No MAC line: the base64 lines after Private-Lines.
        let mut k = lines + 14;
        while k < limit && line_break(b, k) == 0 {
            k += 1;
        }
        while line_break(b, k) > 0 {
            let p = k + line_break(b, k);
            let r = run(b, p, B64 | EQUALS, 256);
            if r == 0 {
                break;
            }
            end = p + r;
            k = end;
        }
    }
    (end > lines).then_some(Finding { rule: "putty-private-key", start: i, end })
}

/// A JSON Web Token (JWS `header.payload.signature`, or a five-part JWE) at a word start.
pub fn jwt(b: &[u8], i: usize) -> Option<Finding> {
    if !b[i..].starts_with(b"eyJ") {
        return None;
    }
    let mut parts = [0usize; 5];
    let mut count = 0;
    let mut j = i;
    loop {
        let r = run(b, j, B64URL, 16 * 1024);
        parts[count] = r;
        count += 1;
        j += r;
        if count == 5 || b.get(j) != Some(&b'.') {
            break;
        }
        j += 1;
    }
    // "a.b." (unsigned, `alg: none`) ends in a dot; a longer dotted word does not count.
    let ends_in_dot = j > i && b[j - 1] == b'.';
    let seg1 = i + parts[0] + 1;
    let jws = count >= 3 && parts[0] >= 10 && parts[1] >= 10 && b[seg1..].starts_with(b"ey");
    let jwe = count == 5 && parts[0] >= 10 && parts[3] >= 10;
    if !(jws || jwe) && !(count == 2 && ends_in_dot && parts[0] >= 10 && parts[1] >= 10 && b[seg1..].starts_with(b"ey")) {
        return None;
    }
    j += run(b, j, EQUALS, 2);
    if j < b.len() && is(b[j], B64URL | PLUS_SLASH) {
        return None;
    }
    Some(Finding { rule: "jwt", start: i, end: j })
}

/// `scheme://user:password@host`: the password (or a token used as the user name) of a URL whose `://` is at
/// `b[i]`. The user name, host and path stay.
pub fn url_credentials(b: &[u8], i: usize) -> Option<Finding> {
    if !b[i..].starts_with(b"://") || i == 0 {
        return None;
    }
    let mut s = i;
    while s > 0 && i - s < 32 && (is(b[s - 1], ALNUM | DOT | DASH) || b[s - 1] == b'+') {
        s -= 1;
    }
    if s == i || !b[s].is_ascii_alphabetic() {
        return None;
    }
    let a = i + 3;
    let mut t = a;
    let mut at = None;
    while t < b.len() && t - a < 512 {
        match b[t] {
            // '?' and '#' are allowed: unencoded in many a password (a port is not taken for one, below).
            b'/' | b' ' | b'\t' | b'\n' | b'\r' | b'"' | b'\'' | b'<' | b'>' | b'`' | b'\\' | b'(' | b')' | b'[' | b']' | b'{' | b'}' | b',' => break,
            b'@' => at = Some(t),
            _ => {}
        }
        t += 1;
    }
    let at = at?;
    let user_info = &b[a..at];
    match user_info.iter().position(|&c| c == b':') {
        Some(c) => {
            let pass = &user_info[c + 1..];
            if pass.is_empty() || pass.iter().all(u8::is_ascii_digit) || super::assign::placeholder(pass) || pass == b"x-oauth-basic" {
                return None;
            }
            let rule = super::specific(b, a + c + 1).filter(|f| f.end == at).map_or("url-credentials", |f| f.rule);
            Some(Finding { rule, start: a + c + 1, end: at })
        }
        None => {
            // A token as the user name (`https://<token>@host`): long, high-entropy, letters and digits.
            let ok = user_info.len() >= 16 && entropy(user_info) >= 3.0 && has_digit(user_info) && has_letter(user_info);
            ok.then_some(Finding { rule: "url-credentials", start: a, end: at })
        }
    }
}

/// The token after a bare `Bearer ` (a header value printed without its name, a log line).
pub fn bearer(b: &[u8], i: usize) -> Option<Finding> {
    if !(b[i..].starts_with(b"Bearer ") || b[i..].starts_with(b"bearer ")) {
        return None;
    }
    let mut s = i + 7;
    while s < b.len() && b[s] == b' ' {
        s += 1;
    }
    credential_token(b, s, "authorization-bearer")
}

/// The credential of an authorization value starting at `b[s]`: a known token (its own rule), else a run of
/// RFC 6750 `b64token` characters that is long and random enough.
pub fn credential_token(b: &[u8], s: usize, rule: &'static str) -> Option<Finding> {
    if s >= b.len() {
        return None;
    }
    if let Some(f) = super::specific(b, s) {
        return Some(f);
    }
    let r = run(b, s, B64URL | PLUS_SLASH | DOT | TILDE | EQUALS, 8192);
    let tok = &b[s..s + r];
    let ok = r >= 16 && entropy(tok) >= 3.0 && has_letter(tok) && (has_digit(tok) || char_kinds(tok) >= 3) && !super::assign::placeholder(tok);
    ok.then_some(Finding { rule, start: s, end: s + r })
}

/// An Azure AD client secret, anchored by its `Q~` (3 characters, a digit, `Q~`, 31–34 more), with `b[i]` the `~`.
pub fn azure_ad_secret(b: &[u8], i: usize) -> Option<Finding> {
    const CLASS: u16 = ALNUM | UNDERSCORE | TILDE | DOT;
    if i < 5 || b[i - 1] != b'Q' || !b[i - 2].is_ascii_digit() {
        return None;
    }
    let s = i - 5;
    if !(s..i - 2).all(|k| is(b[k], CLASS)) || (s > 0 && is(b[s - 1], CLASS | DASH)) {
        return None;
    }
    let r = run(b, i + 1, CLASS | DASH, 35);
    if !(31..=34).contains(&r) {
        return None;
    }
    let end = i + 1 + r;
    (entropy(&b[s..end]) >= 3.0).then_some(Finding { rule: "azure-ad-client-secret", start: s, end })
}

/// Formats anchored after their first characters, tried at every word start: a Mailchimp key
/// (`<32 hex>-us<dc>`) and a Terraform Cloud token (`<14>.atlasv1.<60-70>`).
pub fn infix(b: &[u8], i: usize) -> Option<Finding> {
    if b.get(i + 32) == Some(&b'-') && b.get(i + 33) == Some(&b'u') && b.get(i + 34) == Some(&b's') && run(b, i, HEXL, 32) == 32 {
        let d = run(b, i + 35, DIGIT, 2);
        let end = i + 35 + d;
        if d > 0 && !(end < b.len() && is_alnum(b[end])) && entropy(&b[i..i + 32]) >= 3.0 {
            return Some(Finding { rule: "mailchimp-api-key", start: i, end });
        }
    }
    if b.get(i + 14) == Some(&b'.') && b[i + 14..].starts_with(b".atlasv1.") && run(b, i, ALNUM, 14) == 14 {
        let r = run(b, i + 23, B64URL | EQUALS, 71);
        let end = i + 23 + r;
        if (60..=70).contains(&r) && !(end < b.len() && is(b[end], B64URL)) {
            return Some(Finding { rule: "terraform-api-token", start: i, end });
        }
    }
    None
}
