//! Every rule, with true positives (the secret is replaced, nothing else changes) and false positives (the text
//! stays byte-identical). Vendor-token rows are tested from their own specification: a random token of the
//! format in several contexts, then the same token too short, too long or low in entropy. The structural and
//! assignment rules have hand-written cases. A last test checks that no rule id lacks either kind of case.

use super::bytes::*;
use super::tokens::{Check, Seg, Token, TOKENS};
use super::*;
use std::collections::BTreeSet;

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn pick(&mut self, set: &[u8]) -> u8 {
        set[(self.next() % set.len() as u64) as usize]
    }
}

fn chars_of(class: u16) -> Vec<u8> {
    (0u8..128).filter(|&c| is(c, class) && c != b'=').collect()
}

/// A random body of a run: every kind of character the class has, in random order.
fn random_run(rng: &mut Rng, class: u16, len: usize) -> Vec<u8> {
    let set = chars_of(class);
    let mut out: Vec<u8> = (0..len).map(|_| rng.pick(&set)).collect();
    // Make sure digits and letters both appear when the class has them (rules that need a mix).
    for (k, kind) in [DIGIT, LOWER, UPPER].into_iter().enumerate() {
        let sub: Vec<u8> = set.iter().copied().filter(|&c| is(c, kind)).collect();
        if !sub.is_empty() && len > k {
            out[k] = rng.pick(&sub);
        }
    }
    out
}

/// A token that matches `t`: its prefix and each segment at its minimum length.
fn sample(t: &Token, rng: &mut Rng) -> Vec<u8> {
    let mut out = t.prefix.to_vec();
    match t.check {
        Check::Slack => {
            out.extend(b"1234567890-");
            out.extend(random_run(rng, DIGIT, 13));
            out.push(b'-');
            out.extend(random_run(rng, ALNUM, 24));
            return out;
        }
        Check::Base64PrivateKey => {
            let mut pem = b"-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA".to_vec();
            pem.extend(random_run(rng, B64, 120));
            return base64(&pem);
        }
        _ => {}
    }
    for seg in t.segs {
        match *seg {
            Seg::Lit(l) => out.extend(l),
            Seg::Run(class, min, _) => {
                if min > 0 {
                    out.extend(random_run(rng, class, usize::from(min)));
                }
            }
        }
    }
    if t.check == Check::Crc32 {
        // A body whose last 6 characters are its checksum.
        let body_len = out.len() - t.prefix.len();
        let payload = out[t.prefix.len()..out.len() - 6].to_vec();
        let mut v = u64::from(crc32(&payload));
        let digits = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
        let mut check = [b'0'; 6];
        for k in (0..6).rev() {
            check[k] = digits[(v % 62) as usize];
            v /= 62;
        }
        let at = t.prefix.len() + body_len - 6;
        out[at..].copy_from_slice(&check);
    }
    out
}

fn base64(data: &[u8]) -> Vec<u8> {
    const A: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = Vec::new();
    for chunk in data.chunks(3) {
        let n = chunk.len();
        let v = (u32::from(chunk[0]) << 16) | (u32::from(*chunk.get(1).unwrap_or(&0)) << 8) | u32::from(*chunk.get(2).unwrap_or(&0));
        for k in 0..4 {
            out.push(if k <= n { A[((v >> (18 - 6 * k)) & 63) as usize] } else { b'=' });
        }
    }
    out
}

fn text(b: &[u8]) -> String {
    String::from_utf8(b.to_vec()).unwrap()
}

fn redact_v1(s: &str) -> Redacted {
    redact(s, Ruleset::SecretsV1)
}

/// `input` with exactly `secrets` replaced by their markers, and nothing else changed.
fn assert_redacts(rule: &str, input: &str, secrets: &[&str]) {
    let out = redact_v1(input);
    let mut expected = input.to_string();
    for s in secrets {
        assert!(expected.contains(s), "test bug: {s:?} not in {input:?}");
        expected = expected.replacen(s, &marker(rule), 1);
    }
    assert_eq!(out.text, expected, "rule {rule}: input {input:?}, findings {:?}", out.findings);
}

fn assert_unchanged(input: &str) {
    let out = redact_v1(input);
    assert_eq!(out.text, input, "changed: {:?}", out.findings);
}

#[test]
fn every_token_row_true_positives_in_context() {
    let mut rng = Rng(0x5EED_1234_ABCD_9876);
    for t in TOKENS {
        let tok = text(&sample(t, &mut rng));
        let contexts = [
            format!("{tok}"),
            format!("export VENDOR_VALUE={tok}\n"),
            format!("{{\"value\": \"{tok}\", \"n\": 1}}"),
            format!("{{\"stdout\": \"line one\\n{tok}\\nline two\"}}"),
            format!("header {tok} trailer."),
            format!("+  setting: '{tok}'"),
        ];
        for c in &contexts {
            assert_redacts(t.id, c, &[&tok]);
        }
    }
}

#[test]
fn every_token_row_false_positives() {
    let mut rng = Rng(0xFACE_0FF5_1DE5_0001);
    for t in TOKENS {
        let tok = sample(t, &mut rng);
        // One character of the same class appended makes the token too long when the format has a fixed end.
        if let Some(Seg::Run(class, min, max)) = t.segs.last() {
            if min == max && t.check != Check::Base64PrivateKey {
                let extra = chars_of(*class & t.stop).first().copied();
                if let Some(c) = extra {
                    let mut longer = tok.clone();
                    longer.push(c);
                    // Another rule may legitimately take a longer token of its own; this row must not.
                    let out = redact_v1(&text(&longer));
                    assert!(out.findings.iter().all(|f| f.rule != t.id || f.end - f.start != tok.len()), "{}: too long {:?}", t.id, text(&longer));
                }
            }
        }
        // The body cut short.
        let min_body: usize = t.segs.iter().map(|s| match *s { Seg::Lit(l) => l.len(), Seg::Run(_, min, _) => usize::from(min) }).sum();
        let keep = ((tok.len() - t.prefix.len()) / 3).min(min_body.saturating_sub(1));
        let mut short = t.prefix.to_vec();
        short.extend(&tok[t.prefix.len()..t.prefix.len() + keep]);
        short.extend(b" end");
        let out = redact_v1(&text(&short));
        assert!(out.findings.iter().all(|f| f.rule != t.id), "{}: too short {:?}", t.id, text(&short));
        // A placeholder: the prefix and one repeated character.
        if t.check != Check::Base64PrivateKey {
            let mut flat = t.prefix.to_vec();
            let first_class = match t.segs.first() {
                Some(Seg::Run(class, _, _)) => *class,
                _ => ALNUM,
            };
            let c = chars_of(first_class)[0];
            flat.extend(std::iter::repeat_n(c, tok.len() - t.prefix.len()));
            assert!(redact_v1(&text(&flat)).findings.iter().all(|f| f.rule != t.id), "{}: placeholder {:?}", t.id, text(&flat));
        }
    }
}

#[test]
fn github_checksum_admits_low_entropy_bodies_and_high_entropy_ones_without_it() {
    // A valid checksum is taken even where the entropy floor would refuse the body.
    let payload = b"aaaaaaaaaaaaaaaaaaaaaaaaaaaaab";
    let mut v = u64::from(crc32(payload));
    let digits = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    let mut check = [b'0'; 6];
    for k in (0..6).rev() {
        check[k] = digits[(v % 62) as usize];
        v /= 62;
    }
    let tok = format!("ghp_{}{}", text(payload), text(&check));
    assert!(base62_crc32_ok(&tok.as_bytes()[4..]));
    assert_redacts("github-pat", &format!("token {tok}"), &[&tok]);
    // GitHub's documentation sample has no valid checksum but is random enough: still redacted.
    assert_redacts("github-pat", "ghp_16C7e42F292c6912E7710c838347Ae178B4a", &["ghp_16C7e42F292c6912E7710c838347Ae178B4a"]);
}

/// Hand-written cases of the rules that are not table rows: (rule, input, secrets).
const POSITIVE: &[(&str, &str, &[&str])] = &[
    ("private-key", "-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA3Tz2mr7SZiAMfQyuvBjM9Oi6Z7V3uT5kq1WbrK5QG3kPj0mE\n-----END RSA PRIVATE KEY-----\n", &["-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA3Tz2mr7SZiAMfQyuvBjM9Oi6Z7V3uT5kq1WbrK5QG3kPj0mE\n-----END RSA PRIVATE KEY-----"]),
    ("private-key", "{\"private_key\": \"-----BEGIN PRIVATE KEY-----\\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7\\n-----END PRIVATE KEY-----\\n\"}", &["-----BEGIN PRIVATE KEY-----\\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7\\n-----END PRIVATE KEY-----"]),
    ("private-key", "+-----BEGIN EC PRIVATE KEY-----\n+MHcCAQEEIIiH0cP7n2QZkq4x3Yv9QqLr3u8c2Xc4Z0l1aBcDeFgHoAoGCCqGSM49\n+-----END EC PRIVATE KEY-----\n context", &["-----BEGIN EC PRIVATE KEY-----\n+MHcCAQEEIIiH0cP7n2QZkq4x3Yv9QqLr3u8c2Xc4Z0l1aBcDeFgHoAoGCCqGSM49\n+-----END EC PRIVATE KEY-----"]),
    ("private-key", "tls.key: |\n    -----BEGIN ENCRYPTED PRIVATE KEY-----\n    MIIFHDBOBgkqhkiG9w0BBQ0wQTApBgkqhkiG9w0BBQwwHAQIk2+fVQ1i8l0CAggA\n    -----END ENCRYPTED PRIVATE KEY-----\nnext: 1", &["-----BEGIN ENCRYPTED PRIVATE KEY-----\n    MIIFHDBOBgkqhkiG9w0BBQ0wQTApBgkqhkiG9w0BBQwwHAQIk2+fVQ1i8l0CAggA\n    -----END ENCRYPTED PRIVATE KEY-----"]),
    ("private-key", "$ head -3 server.key\n-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7VJTUt9Us8cKj\nMzEfYyjiWA4R4/M2bS1GB4t7NXp98C3SC6dVMvDuictGeurT8jNbvJZHtCSuYEvu\n$ ls", &["-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7VJTUt9Us8cKj\nMzEfYyjiWA4R4/M2bS1GB4t7NXp98C3SC6dVMvDuictGeurT8jNbvJZHtCSuYEvu"]),
    ("openssh-private-key", "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\n-----END OPENSSH PRIVATE KEY-----", &["-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\n-----END OPENSSH PRIVATE KEY-----"]),
    ("pgp-private-key", "-----BEGIN PGP PRIVATE KEY BLOCK-----\n\nlQWGBGSVV4YBDAClvRnxezIRy2Yv7SFlzC0iFiRF/O/jePSw+XYhvcrTaqSYTGic\n=8xQN\n-----END PGP PRIVATE KEY BLOCK-----", &["-----BEGIN PGP PRIVATE KEY BLOCK-----\n\nlQWGBGSVV4YBDAClvRnxezIRy2Yv7SFlzC0iFiRF/O/jePSw+XYhvcrTaqSYTGic\n=8xQN\n-----END PGP PRIVATE KEY BLOCK-----"]),
    ("ssh2-private-key", "---- BEGIN SSH2 ENCRYPTED PRIVATE KEY ----\nP2/56wAAAi4AAAA3aWYtbW9kbntzaWdue3JzYS1wa2NzMS1zaGExfSxlbmNyeXB0e3JzYS\n---- END SSH2 ENCRYPTED PRIVATE KEY ----", &["---- BEGIN SSH2 ENCRYPTED PRIVATE KEY ----\nP2/56wAAAi4AAAA3aWYtbW9kbntzaWdue3JzYS1wa2NzMS1zaGExfSxlbmNyeXB0e3JzYS\n---- END SSH2 ENCRYPTED PRIVATE KEY ----"]),
    ("putty-private-key", "PuTTY-User-Key-File-2: ssh-rsa\nEncryption: none\nPrivate-Lines: 1\nAAABAQCx5Zq1rL9v2Bk3YpH7x0QmN8dF4sJtW6cE1uRiOaP\nPrivate-MAC: 6f2c1e9b8a7d3c4b5a6f7e8d9c0b1a2f3e4d5c6b\n", &["PuTTY-User-Key-File-2: ssh-rsa\nEncryption: none\nPrivate-Lines: 1\nAAABAQCx5Zq1rL9v2Bk3YpH7x0QmN8dF4sJtW6cE1uRiOaP\nPrivate-MAC: 6f2c1e9b8a7d3c4b5a6f7e8d9c0b1a2f3e4d5c6b"]),
    ("jwt", "token=eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U;", &["eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U"]),
    ("jwt", "unsigned eyJhbGciOiJub25lIn0.eyJzdWIiOiJhZG1pbiJ9. end", &["eyJhbGciOiJub25lIn0.eyJzdWIiOiJhZG1pbiJ9."]),
    ("url-credentials", "postgres://app:Very$ecret123@db.internal:5432/app", &["Very$ecret123"]),
    ("url-credentials", "origin\thttps://build:Qx7vL2mN9pR4sT6w@git.example.org/org/repo.git (fetch)", &["Qx7vL2mN9pR4sT6w"]),
    ("url-credentials", "SENTRY_DSN=https://3f9a1c2b7d8e4f60a1b2c3d4e5f60718@o12345.ingest.sentry.io/678", &["3f9a1c2b7d8e4f60a1b2c3d4e5f60718"]),
    ("authorization-bearer", "curl -H 'Authorization: Bearer 7fQ2xLm9Rt4Zp8Wn3Kd6Ys1V' https://api", &["7fQ2xLm9Rt4Zp8Wn3Kd6Ys1V"]),
    ("authorization-bearer", "> Authorization: bearer 7fQ2xLm9Rt4Zp8Wn3Kd6Ys1V", &["7fQ2xLm9Rt4Zp8Wn3Kd6Ys1V"]),
    ("authorization-bearer", "sent header Bearer 7fQ2xLm9Rt4Zp8Wn3Kd6Ys1V.aB3 to the proxy", &["7fQ2xLm9Rt4Zp8Wn3Kd6Ys1V.aB3"]),
    ("authorization-basic", "{\"Authorization\": \"Basic YWRtaW46czNjcjN0UGFzcw==\"}", &["YWRtaW46czNjcjN0UGFzcw=="]),
    ("authorization-header", "Authorization: ApiKey a8F3kL9qW2zX7mN4", &["a8F3kL9qW2zX7mN4"]),
    ("azure-ad-client-secret", "AZURE_CLIENT_SECRET_VALUE: abc8Q~dEfGhIjKlMnOpQrStUvWxYz0123456789a", &["abc8Q~dEfGhIjKlMnOpQrStUvWxYz0123456789a"]),
    ("mailchimp-api-key", "mc key 0123456789abcdef0123456789abcdf1-us21 ok", &["0123456789abcdef0123456789abcdf1-us21"]),
    ("terraform-api-token", "credentials 'app.terraform.io' { token = \"abcdefgh123456.atlasv1.Z9y8X7w6V5u4T3s2R1q0P9o8N7m6L5k4J3i2H1g0F9e8D7c6B5a4Z3y2X1w0V9u8T7\" }", &["abcdefgh123456.atlasv1.Z9y8X7w6V5u4T3s2R1q0P9o8N7m6L5k4J3i2H1g0F9e8D7c6B5a4Z3y2X1w0V9u8T7"]),
    ("password-assignment", "DB_PASSWORD=s3cr3t-P@ssw0rd-99", &["s3cr3t-P@ssw0rd-99"]),
    ("password-assignment", "  password: \"correct horse battery\"", &["correct horse battery"]),
    ("password-assignment", "<add key=\"ClearTextPassword\" value=\"x\" /> <user password=\"Pa55w0rd!\"/>", &["Pa55w0rd!"]),
    ("password-assignment", "Server=db;User Id=sa;Password=Str0ng!Pass;Encrypt=true", &["Str0ng!Pass"]),
    ("password-assignment", "{\"tool_result\": \"MYSQL_PWD=Hq72kLp0zz\\nNEXT=1\"}", &["Hq72kLp0zz"]),
    ("password-assignment", "\\\"password\\\": \\\"Tr0ub4dor\\\\&3\\\"", &["Tr0ub4dor\\\\&3"]),
    ("secret-assignment", "API_KEY=\"Zq8vN3kP0xWm5rT2yB7cLd4\"", &["Zq8vN3kP0xWm5rT2yB7cLd4"]),
    ("secret-assignment", "<add key=\"ApiToken\" value=\"Zq8vN3kP0xWm5rT2yB7cLd4h\" />", &["Zq8vN3kP0xWm5rT2yB7cLd4h"]),
    ("password-assignment", "<db><user>sa</user><password>Hq72kLp0zzQ</password></db>", &["Hq72kLp0zzQ"]),
    ("password-assignment", "$env:DB_PASSWORD = \"Hq72kLp0zzQ\"; helm install x --set auth.password=Hq72kLp0zzS", &["Hq72kLp0zzQ", "Hq72kLp0zzS"]),
    ("secret-assignment", "client_secret = 6da89121079f83b2eb6acccf8219ea982c3d79bccc3e9c6a85856480661f8fde", &["6da89121079f83b2eb6acccf8219ea982c3d79bccc3e9c6a85856480661f8fde"]),
    ("secret-assignment", "  token: 4f8e2a9c-1b3d-4e5f-a6b7-c8d9e0f1a2b3", &["4f8e2a9c-1b3d-4e5f-a6b7-c8d9e0f1a2b3"]),
    ("secret-assignment", "GET /v1/data?api_key=Zq8vN3kP0xWm5rT2&format=json", &["Zq8vN3kP0xWm5rT2"]),
    ("secret-assignment", "X-Api-Key: 8c2Fq9LmZ4rT7wXy", &["8c2Fq9LmZ4rT7wXy"]),
    ("secret-assignment", "'secret_key' => 'k8Jh2LmQ9xZ4vB7n',", &["k8Jh2LmQ9xZ4vB7n"]),
    ("kubeconfig-client-key", "    client-key-data: QmFzZTY0RW5jb2RlZEtleURhdGFGb3JUZXN0aW5nMTIzNDU2Nzg5MA==", &["QmFzZTY0RW5jb2RlZEtleURhdGFGb3JUZXN0aW5nMTIzNDU2Nzg5MA=="]),
    ("aws-secret-access-key", "aws_secret_access_key = 9drTJvcXLB89EXAMPL3KEYx+Qp4aLk2sWd8Hj1Zq", &["9drTJvcXLB89EXAMPL3KEYx+Qp4aLk2sWd8Hj1Zq"]),
    ("aws-session-token", "\"SessionToken\": \"IQoJb3JpZ2luX2VjEJr//////////wEaCXVzLWVhc3QtMSJHMEUCIQD\"", &["IQoJb3JpZ2luX2VjEJr//////////wEaCXVzLWVhc3QtMSJHMEUCIQD"]),
    ("azure-storage-key", "DefaultEndpointsProtocol=https;AccountName=acct;AccountKey=Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==;EndpointSuffix=core.windows.net", &["Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw=="]),
    ("azure-sas-signature", "https://acct.blob.core.windows.net/c/f.txt?sv=2022-11-02&se=2026-01-01&sig=Xr4kP9mQ2zL7vN3b8wT5yH1jC6fD0gS%2BaE%3D", &["Xr4kP9mQ2zL7vN3b8wT5yH1jC6fD0gS%2BaE%3D"]),
    ("url-signature", "https://b.s3.amazonaws.com/k?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Signature=4a1f9e2b7c3d8e5f6a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f", &["4a1f9e2b7c3d8e5f6a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f"]),
    ("npmrc-auth-token", "//registry.npmjs.org/:_authToken=8f2a6c1e-9b7d-4e3f-a5c2-1d0e9f8a7b6c", &["8f2a6c1e-9b7d-4e3f-a5c2-1d0e9f8a7b6c"]),
    ("npmrc-auth", "_auth=dXNlcjpQYXNzdzByZDEyMw==", &["dXNlcjpQYXNzdzByZDEyMw=="]),
    ("npmrc-password", "//npm.corp/:_password=UGFzc3dvcmQxMjM=", &["UGFzc3dvcmQxMjM="]),
    ("netrc-password", "machine api.heroku.com\n  login me@example.org\n  password 3f8c9a1e-2b4d-4c6e-8f0a-1b2c3d4e5f60\n", &["3f8c9a1e-2b4d-4c6e-8f0a-1b2c3d4e5f60"]),
    ("cli-password", "docker login --username ci --password Xk29fLq8Zm registry.example.com", &["Xk29fLq8Zm"]),
    ("cli-password", "mysql -u root -pS3cretRootPw -h db", &["S3cretRootPw"]),
    ("cli-password", "sshpass -p 'hunter2Pw!' ssh deploy@host", &["hunter2Pw!"]),
    ("cli-password", "curl -u admin:Tr0ub4dor3xyz https://example.com", &["Tr0ub4dor3xyz"]),
    ("cli-password", "vault login --token Qk2Lm9Xz7Rw4Tn8V", &["Qk2Lm9Xz7Rw4Tn8V"]),
];

/// Look-alikes each rule must leave alone: (rule, input).
const NEGATIVE: &[(&str, &str)] = &[
    ("private-key", "-----BEGIN PRIVATE KEY-----\n...\n-----END PRIVATE KEY-----"),
    ("private-key", "if line.startswith(\"-----BEGIN RSA PRIVATE KEY-----\"):"),
    ("private-key", "-----BEGIN CERTIFICATE-----\nMIIDdzCCAl+gAwIBAgIEAgAAuTANBgkqhkiG9w0BAQUFADBaMQswCQYDVQQGEwJJ\n-----END CERTIFICATE-----"),
    ("private-key", "-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAu1SU1LfVLPHCozMxH2Mo\n-----END PUBLIC KEY-----"),
    ("openssh-private-key", "-----BEGIN OPENSSH PRIVATE KEY----------END OPENSSH PRIVATE KEY-----"),
    ("pgp-private-key", "-----BEGIN PGP PUBLIC KEY BLOCK-----\n\nmQINBGSVV4YBEADClvRnxezIRy2Yv7SFlzC0iFiRF/O/jePSw+XYhvcrTaqSYTGic\n-----END PGP PUBLIC KEY BLOCK-----"),
    ("ssh2-private-key", "---- BEGIN SSH2 PUBLIC KEY ----\nAAAAB3NzaC1yc2EAAAADAQABAAABAQCx5Zq1rL9v2Bk3YpH7x0QmN8dF4sJtW6cE1uRi\n---- END SSH2 PUBLIC KEY ----"),
    ("putty-private-key", "PuTTY-User-Key-File-2 is the format of .ppk files"),
    ("jwt", "eyJhbGciOiJIUzI1NiJ9 is a base64 header alone"),
    ("jwt", "namespace eyJhbGciOi.something.else"),
    ("url-credentials", "postgres://user:password@localhost:5432/db"),
    ("url-credentials", "https://ghp_placeholder:x-oauth-basic@github.com and ssh://git@github.com/org/repo"),
    ("url-credentials", "DATABASE_URL=postgres://app:${DB_PASSWORD}@db/app"),
    ("url-credentials", "see https://example.com/path?email=a@b.com"),
    ("authorization-bearer", "Authorization: Bearer $TOKEN"),
    ("authorization-bearer", "WWW-Authenticate: Bearer realm=\"api\", error=\"invalid_token\""),
    ("authorization-bearer", "\"token_type\": \"Bearer\", \"expires_in\": 3600"),
    ("authorization-basic", "Authorization: Basic <base64 of user:pass>"),
    ("authorization-header", "Authorization: Digest username=\"Mufasa\", realm=\"test\""),
    ("azure-ad-client-secret", "path ~/Q~ and a~b"),
    ("mailchimp-api-key", "0123456789abcdef0123456789abcdef-user"),
    ("terraform-api-token", "abcdefgh123456.atlasv1.short"),
    ("password-assignment", "password: string;\npassword = self.password\npassword: ${DB_PASSWORD}\npassword: \"<your password>\"\nPASSWORD=changeme"),
    ("password-assignment", "password_file: /run/secrets/db_password\npassword_min_length: 12\npasswordRequired: true"),
    ("password-assignment", "const password = getPassword(user);\nif (password == null) {}"),
    ("password-assignment", "PWD=/home/dev/project\nOLDPWD=/home/dev"),
    ("password-assignment", "passwd: !vault |\n<password></password> <password>${PASS}</password> <add key=\"Timeout\" value=\"Zq8vN3kP0xWm5rT2\"/>"),
    ("secret-assignment", "token_type: bearer\nmax_tokens: 4096\npublic_key: ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl"),
    ("secret-assignment", "GITHUB_TOKEN: ***\nCI_JOB_TOKEN=[MASKED]\ntoken: ${{ secrets.GH_TOKEN }}"),
    ("secret-assignment", "Cache restored from key: node-cache-Linux-x64-npm-3f2a9c4e1b7d8f6a5c4b3a2918171615141312110f0e0d0c0b0a09080706050403"),
    ("secret-assignment", "\"key\": \"feature.flags.dark_mode\", \"api_key_id\": \"ak_7f3c2b1a\", \"secret_name\": \"prod-db-credentials\""),
    ("secret-assignment", "credentialsId: 'ff083f76-7804-4ef1-80e4-fe975bb9141b'\napiVersion: v1\nsecretName: tls-secret"),
    ("secret-assignment", "client-certificate-data: DATA+OMITTED\nclient-key-data: DATA+OMITTED\ntoken: REDACTED"),
    ("secret-assignment", "next_page_token: CiAKGjBpNDd2Nmp2Zml2cXRwYjBpOXA\ncsrf_token: a8F3kL9qW2zX7mN4"),
    ("kubeconfig-client-key", "client-key-data: DATA+OMITTED"),
    ("aws-secret-access-key", "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"),
    ("aws-session-token", "\"SessionToken\": \"<session token>\""),
    ("azure-storage-key", "AccountKey=<your account key>;"),
    ("azure-sas-signature", "signature verified: sig=ok"),
    ("url-signature", "X-Amz-Signature=<signature>"),
    ("npmrc-auth-token", "//registry.npmjs.org/:_authToken=${NPM_TOKEN}"),
    ("npmrc-auth", "_auth=${NPM_AUTH}"),
    ("npmrc-password", "_password=<base64 password>"),
    ("netrc-password", "the password reset failed; password must be at least 8 characters"),
    ("cli-password", "docker login --password-stdin\nmysql -p db_name\ngit push -u origin main\npsql -p 5432 -U postgres"),
];

#[test]
fn hand_written_true_positives() {
    for (rule, input, secrets) in POSITIVE {
        assert_redacts(rule, input, secrets);
    }
}

#[test]
fn hand_written_false_positives() {
    for (_, input) in NEGATIVE {
        assert_unchanged(input);
    }
}

#[test]
fn look_alikes_stay_byte_identical() {
    for input in [
        "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855  empty.txt",
        "commit 3f2a9c4e1b7d8f6a5c4b3a29181716151413121f\nAuthor: Dev <dev@example.org>",
        "index 83db48f..bf269f4 100644\n--- a/src/app.ts\n+++ b/src/app.ts",
        "Digest: sha256:9b2a3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f809",
        "\"integrity\": \"sha512-Qm9vQmFyQmF6UXV4UXV1eFF1dXhRdXV4UXV1eFF1dXhRdXV4UXV1eA==\"",
        "request id 123e4567-e89b-12d3-a456-426614174000 took 12ms",
        "AKIAIOSFODNN7EXAMPLE is the documented sample key id",
        "aws_access_key_id = AKIAIOSFODNN7EXAMPLE",
        "SGVsbG8gd29ybGQsIHRoaXMgaXMganVzdCBvcmRpbmFyeSBiYXNlNjQgdGV4dC4=",
        "AbstractSingletonProxyFactoryBeanConfigurationManagerImplementation",
        "payload_sha256: 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
        "\"artifactSha256\": \"2ea9c87d4403aad1f0f69d2eda3b23189c546f628eae48f50388dae4ae02ac29\"",
        "pk_live_51H8abcDEF0123456789ghiJKLmnoPQRstuVWXyz (a publishable key is public)",
        "xoxb-XXXXXXXXXXXX-XXXXXXXXXXXX-XXXXXXXXXXXXXXXX",
        "ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
        "sk-proj-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
        "The task-based scheduler; sk-learn; my_secret_helper(); token_estimate: 1234",
        "[REDACTED:github-pat] and password=[REDACTED:password-assignment]",
    ] {
        assert_unchanged(input);
    }
}

#[test]
fn every_rule_has_true_and_false_positive_cases() {
    let tokens: BTreeSet<&str> = TOKENS.iter().map(|t| t.id).collect();
    let positive: BTreeSet<&str> = POSITIVE.iter().map(|c| c.0).chain(tokens.iter().copied()).collect();
    let negative: BTreeSet<&str> = NEGATIVE.iter().map(|c| c.0).chain(tokens.iter().copied()).collect();
    for (id, _) in rules(Ruleset::SecretsV1) {
        assert!(positive.contains(id), "rule {id} has no true-positive case");
        assert!(negative.contains(id), "rule {id} has no false-positive case");
    }
    assert!(rules(Ruleset::SecretsV1).len() >= 50);
}

#[test]
fn propagated_values_true_and_false_positives() {
    // The value of an assignment, quoted again elsewhere.
    let out = redact_v1("API_TOKEN=Zq8vN3kP0xWm5rT2yB7c\n$ echo Zq8vN3kP0xWm5rT2yB7c | wc");
    assert_eq!(out.text, "API_TOKEN=[REDACTED:secret-assignment]\n$ echo [REDACTED:secret-assignment] | wc");
    // Not inside a longer word, and short values are not propagated.
    let out = redact_v1("PASSWORD=hunter22x\nxhunter22xy hunter22x");
    assert_eq!(out.text, "PASSWORD=[REDACTED:password-assignment]\nxhunter22xy [REDACTED:password-assignment]");
    assert_eq!(redact_v1("PGPASSWORD=abc123\nabc123").text, "PGPASSWORD=[REDACTED:password-assignment]\nabc123");
}

#[test]
fn sanitize_redacts_every_field_and_shares_values() {
    let input = FoldInput {
        step_id: Some(7),
        summary: "Bash: export TOKEN=Qk2Lm9Xz7Rw4Tn8V".into(),
        raw_content: Some("using Qk2Lm9Xz7Rw4Tn8V\nDB_PASSWORD=s3cr3t-P@ss".into()),
        session_id: Some("sess-1".into()),
        files: Some(vec!["config.env".into(), "ghp_16C7e42F292c6912E7710c838347Ae178B4a".into()]),
        commands: Some(vec!["mysql -pS3cretRootPw".into()]),
        errors: Some(vec![]),
    };
    let out = sanitize(input, Ruleset::SecretsV1);
    assert_eq!(out.summary, "Bash: export TOKEN=[REDACTED:secret-assignment]");
    assert_eq!(out.raw_content.as_deref(), Some("using [REDACTED:secret-assignment]\nDB_PASSWORD=[REDACTED:password-assignment]"));
    assert_eq!(out.session_id.as_deref(), Some("sess-1"));
    assert_eq!(out.files, Some(vec!["config.env".to_string(), "[REDACTED:github-pat]".to_string()]));
    assert_eq!(out.commands, Some(vec!["mysql -p[REDACTED:cli-password]".to_string()]));
    assert_eq!(out.errors, Some(vec![]));
    let none = sanitize(FoldInput { step_id: Some(1), summary: "s".into(), ..FoldInput::default() }, Ruleset::SecretsV1);
    assert_eq!((none.raw_content, none.files), (None, None));
}

#[test]
fn redaction_is_idempotent_on_the_cases() {
    for (_, input, _) in POSITIVE {
        let once = redact_v1(input).text;
        assert_eq!(redact_v1(&once).text, once, "{input:?}");
    }
}

#[test]
fn arbitrary_mixtures_never_panic_stay_utf8_and_redact_idempotently() {
    // Fuzz-style: random mixtures of rule fragments, ASCII, multi-byte characters and control bytes.
    let fragments: &[&str] = &[
        "ghp_", "-----BEGIN ", "PRIVATE KEY-----", "-----END", "\\n", "\n", "=", ":", "://", "@", "\"", "'", "password", "token",
        "Authorization: ", "Bearer ", "eyJ", ".", "xoxb-", "sk-", "AKIA", "~", "Q~", "--password ", "-p", "é", "日本", "🔑", "\u{0}",
        "\\\"", "machine ", "LS0tLS1CRUdJTi", "AAAAAAAAAAAAAAAAAAAAA", "1//0", "+", "-", "_", "$", "{", "}",
    ];
    let alphabet: Vec<char> = "aZ09+/=_-.:;@ \t\né€😀\u{301}".chars().collect();
    let mut rng = Rng(0xDEAD_BEEF_CAFE_F00D);
    for _ in 0..20_000 {
        let mut s = String::new();
        let parts = 1 + rng.next() % 24;
        for _ in 0..parts {
            if rng.next() % 3 == 0 {
                s.push_str(fragments[(rng.next() % fragments.len() as u64) as usize]);
            } else {
                for _ in 0..rng.next() % 40 {
                    s.push(alphabet[(rng.next() % alphabet.len() as u64) as usize]);
                }
            }
        }
        let out = redact_v1(&s);
        // The output is a String (valid UTF-8 by construction); spans are char boundaries and disjoint.
        let mut last = 0;
        for f in &out.findings {
            assert!(f.start >= last && f.end > f.start && s.is_char_boundary(f.start) && s.is_char_boundary(f.end), "{s:?} {f:?}");
            last = f.end;
        }
        // Idempotent: the redacted text has nothing more to redact (property check; the fuzz target `redact` runs
        // the same over mutated inputs).
        let again = redact_v1(&out.text);
        assert!(again.findings.is_empty() && again.text == out.text, "{s:?} redacted again found {:?}", again.findings);
    }
}

#[test]
fn secrets_v2_reads_a_test_runners_pass_as_a_verdict_and_secrets_v1_stays_as_it_was() {
    // `go test -v`, automake and TAP-like runners print `PASS: <test>`; read as a `pass:` key, the test's name was
    // redacted everywhere it occurs (the fold's summary `go test -run TestRedelivery` included).
    let go = "=== RUN   TestRedelivery\n--- PASS: TestRedelivery (0.05s)\nPASS: tests/upload.sh\nok  \trelayd/internal/server\t0.412s";
    assert_eq!(redact(go, Ruleset::SecretsV2).text, go);
    assert!(redact(go, Ruleset::SecretsV1).text.contains("[REDACTED:password-assignment]"), "secrets-v1 is frozen");
    // A key named pass still is one.
    let env = "PASS=hunter2hunter2\nsmtp:\n  pass: s3cr3tMailPw";
    assert_eq!(redact(env, Ruleset::SecretsV2).text, "PASS=[REDACTED:password-assignment]\nsmtp:\n  pass: [REDACTED:password-assignment]");
}
