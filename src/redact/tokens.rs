//! Vendor tokens: a fixed public prefix, then segments of known alphabets and lengths (the anchors gitleaks
//! and trufflehog use), a boundary after the token, an entropy floor on the part after the prefix, and a
//! checksum where the format has one. Each rule is one row of [`TOKENS`]; a row is tried only at the start of a
//! word whose first byte is the first byte of its prefix ([`BY_FIRST`], built at compile time).
//!
//! The whole token is the span (prefix included): no characters of a secret stay in the stored text.

use super::bytes::*;

/// One segment of a token after its prefix.
#[derive(Clone, Copy)]
pub enum Seg {
    /// These bytes exactly.
    Lit(&'static [u8]),
    /// Between `min` and `max` bytes of a class (greedy; no backtracking, so a following `Lit` must not be in
    /// the class unless the run has an exact length).
    Run(u16, u16, u16),
}

#[derive(Clone, Copy, PartialEq)]
pub enum Check {
    None,
    /// The body holds both letters and digits.
    Mixed,
    /// GitHub / npm: the last 6 base62 characters are the CRC-32 of the rest of the body. A token whose
    /// checksum holds is taken whatever its entropy; one whose checksum fails still needs the entropy floor.
    Crc32,
    /// The base64 body decodes to text containing `PRIVATE KEY`.
    Base64PrivateKey,
    /// A Slack token: digits, dashes and an alphanumeric tail.
    Slack,
}

pub struct Token {
    pub id: &'static str,
    pub prefix: &'static [u8],
    pub segs: &'static [Seg],
    /// Bytes of this class may not follow the token (it would be longer than the format allows).
    pub stop: u16,
    /// Minimum Shannon entropy (bits per byte) of the part after the prefix.
    pub entropy: f32,
    pub check: Check,
}

use Seg::{Lit, Run};

const fn t(id: &'static str, prefix: &'static [u8], segs: &'static [Seg], stop: u16, entropy: f32, check: Check) -> Token {
    Token { id, prefix, segs, stop, entropy, check }
}

const E: f32 = 3.0;
const N: Check = Check::None;

/// Every vendor-token rule. Order matters only among rows sharing a first byte: the first that matches wins.
pub const TOKENS: &[Token] = &[
    // ---- GitHub (base62 with a CRC-32 checksum) ----
    t("github-pat", b"ghp_", &[Run(ALNUM, 36, 251)], ALNUM, E, Check::Crc32),
    t("github-oauth", b"gho_", &[Run(ALNUM, 36, 251)], ALNUM, E, Check::Crc32),
    t("github-app-token", b"ghu_", &[Run(ALNUM, 36, 251)], ALNUM, E, Check::Crc32),
    t("github-app-token", b"ghs_", &[Run(ALNUM, 36, 251)], ALNUM, E, Check::Crc32),
    t("github-refresh-token", b"ghr_", &[Run(ALNUM, 36, 251)], ALNUM, E, Check::Crc32),
    t("github-fine-grained-pat", b"github_pat_", &[Run(WORD, 70, 251)], WORD, E, N),
    // ---- GitLab ----
    t("gitlab-pat", b"glpat-", &[Run(B64URL | DOT, 20, 300)], B64URL, E, N),
    t("gitlab-deploy-token", b"gldt-", &[Run(B64URL | DOT, 20, 300)], B64URL, E, N),
    t("gitlab-runner-token", b"glrt-", &[Run(B64URL | DOT, 20, 300)], B64URL, E, N),
    t("gitlab-runner-registration-token", b"GR1348941", &[Run(B64URL, 20, 64)], B64URL, E, N),
    t("gitlab-pipeline-trigger-token", b"glptt-", &[Run(B64URL | DOT, 20, 300)], B64URL, E, N),
    t("gitlab-feed-token", b"glft-", &[Run(B64URL | DOT, 20, 300)], B64URL, E, N),
    t("gitlab-incoming-mail-token", b"glimt-", &[Run(B64URL | DOT, 25, 300)], B64URL, E, N),
    t("gitlab-agent-token", b"glagent-", &[Run(B64URL | DOT, 50, 300)], B64URL, E, N),
    t("gitlab-oauth-secret", b"gloas-", &[Run(B64URL | DOT, 64, 300)], B64URL, E, N),
    t("gitlab-scim-token", b"glsoat-", &[Run(B64URL | DOT, 20, 300)], B64URL, E, N),
    t("gitlab-ci-job-token", b"glcbt-", &[Run(B64URL | DOT, 20, 300)], B64URL, E, N),
    t("gitlab-feature-flag-token", b"glffct-", &[Run(B64URL | DOT, 20, 300)], B64URL, E, N),
    // ---- Atlassian / Bitbucket ----
    t("atlassian-api-token", b"ATATT3", &[Run(B64URL | EQUALS, 150, 260)], B64URL | EQUALS, E, N),
    t("bitbucket-app-password", b"ATBB", &[Run(ALNUM, 28, 64)], ALNUM, E, Check::Mixed),
    // ---- package registries ----
    t("npm-access-token", b"npm_", &[Run(ALNUM, 36, 36)], ALNUM, E, Check::Crc32),
    t("pypi-upload-token", b"pypi-AgE", &[Run(B64URL, 50, 1000)], B64URL, E, N),
    t("rubygems-api-token", b"rubygems_", &[Run(HEXL, 48, 48)], ALNUM, E, N),
    t("nuget-api-key", b"oy2", &[Run(LOWER | DIGIT, 43, 43)], ALNUM, E, Check::Mixed),
    t("dockerhub-pat", b"dckr_pat_", &[Run(B64URL, 20, 64)], B64URL, E, N),
    t("dockerhub-pat", b"dckr_oat_", &[Run(B64URL, 20, 64)], B64URL, E, N),
    t("clojars-api-token", b"CLOJARS_", &[Run(ALNUM, 60, 60)], ALNUM, E, N),
    t("crates-io-token", b"cio", &[Run(ALNUM, 32, 32)], ALNUM, 3.5, Check::Mixed),
    t("jfrog-api-key", b"AKCp", &[Run(ALNUM, 60, 80)], ALNUM, E, Check::Mixed),
    t("huggingface-token", b"hf_", &[Run(UPPER | LOWER, 30, 40)], ALNUM, E, N),
    t("huggingface-org-token", b"api_org_", &[Run(UPPER | LOWER, 30, 40)], ALNUM, E, N),
    // ---- developer platforms ----
    t("sourcegraph-token", b"sgp_", &[Run(HEX | UNDERSCORE | LOWER, 40, 100)], WORD, E, Check::Mixed),
    t("linear-api-key", b"lin_api_", &[Run(ALNUM, 40, 40)], ALNUM, E, N),
    t("linear-api-key", b"lin_oauth_", &[Run(HEXL, 64, 64)], ALNUM, E, N),
    t("postman-api-key", b"PMAK-", &[Run(HEX, 24, 24), Lit(b"-"), Run(HEX, 34, 34)], ALNUM, E, N),
    t("prefect-api-key", b"pnu_", &[Run(ALNUM, 36, 36)], ALNUM, E, N),
    t("readme-api-key", b"rdme_", &[Run(ALNUM, 70, 70)], ALNUM, E, N),
    t("pulumi-access-token", b"pul-", &[Run(HEXL, 40, 40)], ALNUM, E, N),
    t("vault-token", b"hvs.", &[Run(B64URL, 24, 300)], B64URL, E, N),
    t("vault-token", b"hvb.", &[Run(B64URL, 100, 400)], B64URL, E, N),
    t("vault-token", b"hvr.", &[Run(B64URL, 24, 300)], B64URL, E, N),
    t("doppler-token", b"dp.pt.", &[Run(ALNUM, 40, 44)], ALNUM, E, N),
    t("doppler-token", b"dp.st.", &[Run(B64URL | DOT, 40, 80)], ALNUM, E, N),
    t("doppler-token", b"dp.sa.", &[Run(ALNUM, 40, 44)], ALNUM, E, N),
    t("doppler-token", b"dp.ct.", &[Run(ALNUM, 40, 44)], ALNUM, E, N),
    t("doppler-token", b"dp.scim.", &[Run(ALNUM, 40, 44)], ALNUM, E, N),
    t("doppler-token", b"dp.audit.", &[Run(ALNUM, 40, 44)], ALNUM, E, N),
    t("databricks-token", b"dapi", &[Run(HEXL, 32, 32)], ALNUM, E, N),
    t("grafana-cloud-token", b"glc_", &[Run(B64 | EQUALS, 32, 400)], B64 | EQUALS, E, N),
    t("grafana-service-account-token", b"glsa_", &[Run(ALNUM, 32, 32), Lit(b"_"), Run(HEX, 8, 8)], ALNUM, E, N),
    t("grafana-api-key", b"eyJrIjoi", &[Run(B64 | EQUALS, 60, 400)], B64 | EQUALS, E, N),
    t("newrelic-api-key", b"NRAK-", &[Run(UPPER | DIGIT, 27, 27)], ALNUM, E, N),
    t("newrelic-api-key", b"NRJS-", &[Run(HEX, 19, 19)], ALNUM, E, N),
    t("newrelic-api-key", b"NRII-", &[Run(B64URL, 32, 32)], B64URL, E, N),
    t("sentry-token", b"sntryu_", &[Run(HEXL, 64, 64)], ALNUM, E, N),
    t("sentry-token", b"sntrys_", &[Run(B64 | EQUALS | UNDERSCORE, 60, 600)], B64 | UNDERSCORE | EQUALS, E, N),
    t("dynatrace-token", b"dt0c01.", &[Run(ALNUM, 24, 24), Lit(b"."), Run(ALNUM, 64, 64)], ALNUM, E, N),
    t("airtable-pat", b"pat", &[Run(ALNUM, 14, 14), Lit(b"."), Run(HEXL, 64, 64)], ALNUM, E, N),
    t("notion-token", b"ntn_", &[Run(ALNUM, 40, 50)], ALNUM, E, Check::Mixed),
    t("notion-token", b"secret_", &[Run(ALNUM, 43, 43)], ALNUM, 3.5, Check::Mixed),
    t("circleci-token", b"CCIPAT_", &[Run(WORD, 40, 80)], WORD, E, N),
    t("buildkite-token", b"bkua_", &[Run(HEXL, 40, 40)], ALNUM, E, N),
    t("render-api-key", b"rnd_", &[Run(ALNUM, 32, 32)], ALNUM, E, Check::Mixed),
    t("infracost-api-key", b"ico-", &[Run(ALNUM, 32, 32)], ALNUM, E, N),
    t("scalingo-token", b"tk-us-", &[Run(B64URL, 48, 48)], B64URL, E, N),
    t("harness-token", b"pat.", &[Run(B64URL, 22, 22), Lit(b"."), Run(ALNUM, 24, 24), Lit(b"."), Run(ALNUM, 20, 20)], ALNUM, E, N),
    t("harness-token", b"sat.", &[Run(B64URL, 22, 22), Lit(b"."), Run(ALNUM, 24, 24), Lit(b"."), Run(ALNUM, 20, 20)], ALNUM, E, N),
    t("octopus-api-key", b"API-", &[Run(UPPER | DIGIT, 26, 26)], ALNUM, E, Check::Mixed),
    t("contentful-token", b"CFPAT-", &[Run(B64URL, 43, 43)], B64URL, E, N),
    t("frameio-token", b"fio-u-", &[Run(B64URL | EQUALS, 64, 64)], B64URL, E, N),
    t("typeform-token", b"tfp_", &[Run(B64URL | DOT, 50, 64)], B64URL, E, N),
    t("settlemint-token", b"sm_pat_", &[Run(ALNUM, 16, 16)], ALNUM, E, N),
    t("settlemint-token", b"sm_aat_", &[Run(ALNUM, 16, 16)], ALNUM, E, N),
    t("settlemint-token", b"sm_sat_", &[Run(ALNUM, 16, 16)], ALNUM, E, N),
    // ---- cloud providers ----
    t("aws-access-key-id", b"AKIA", &[Run(BASE32, 16, 16)], ALNUM, E, N),
    t("aws-access-key-id", b"ASIA", &[Run(BASE32, 16, 16)], ALNUM, E, N),
    t("aws-access-key-id", b"ABIA", &[Run(BASE32, 16, 16)], ALNUM, E, N),
    t("aws-access-key-id", b"ACCA", &[Run(BASE32, 16, 16)], ALNUM, E, N),
    t("aws-bedrock-api-key", b"ABSK", &[Run(B64, 100, 270), Run(EQUALS, 0, 2)], B64 | EQUALS, E, N),
    t("gcp-api-key", b"AIza", &[Run(B64URL, 35, 35)], B64URL, E, N),
    t("google-oauth-token", b"ya29.", &[Run(B64URL, 30, 2048)], B64URL, E, N),
    t("google-oauth-client-secret", b"GOCSPX-", &[Run(B64URL, 28, 28)], B64URL, E, N),
    t("google-oauth-refresh-token", b"1//0", &[Run(B64URL, 40, 512)], B64URL, E, N),
    t("alibaba-access-key-id", b"LTAI", &[Run(ALNUM, 20, 20)], ALNUM, E, N),
    t("tencent-secret-id", b"AKID", &[Run(ALNUM, 32, 32)], ALNUM, E, Check::Mixed),
    t("digitalocean-token", b"dop_v1_", &[Run(HEXL, 64, 64)], ALNUM, E, N),
    t("digitalocean-token", b"doo_v1_", &[Run(HEXL, 64, 64)], ALNUM, E, N),
    t("digitalocean-token", b"dor_v1_", &[Run(HEXL, 64, 64)], ALNUM, E, N),
    t("heroku-api-key", b"HRKU-AA", &[Run(B64URL, 58, 58)], B64URL, E, N),
    t("flyio-token", b"fo1_", &[Run(B64URL, 43, 43)], B64URL, E, N),
    t("flyio-token", b"fm1a_", &[Run(B64 | EQUALS, 100, 4000)], B64 | EQUALS, E, N),
    t("flyio-token", b"fm1r_", &[Run(B64 | EQUALS, 100, 4000)], B64 | EQUALS, E, N),
    t("flyio-token", b"fm2_", &[Run(B64 | EQUALS, 100, 4000)], B64 | EQUALS, E, N),
    t("netlify-token", b"nfp_", &[Run(ALNUM, 36, 40)], ALNUM, E, N),
    t("supabase-token", b"sbp_", &[Run(HEXL, 40, 40)], ALNUM, E, N),
    t("supabase-token", b"sb_secret_", &[Run(B64URL, 20, 64)], B64URL, E, N),
    t("planetscale-token", b"pscale_tkn_", &[Run(B64URL | DOT | EQUALS, 32, 64)], B64URL | EQUALS, E, N),
    t("planetscale-token", b"pscale_pw_", &[Run(B64URL | DOT | EQUALS, 32, 64)], B64URL | EQUALS, E, N),
    t("planetscale-token", b"pscale_oauth_", &[Run(B64URL | DOT | EQUALS, 32, 64)], B64URL | EQUALS, E, N),
    t("cloudflare-origin-ca-key", b"v1.0-", &[Run(HEXL, 24, 24), Lit(b"-"), Run(HEXL, 146, 146)], ALNUM, E, N),
    // ---- payments ----
    t("stripe-secret-key", b"sk_live_", &[Run(ALNUM, 20, 247)], ALNUM, E, N),
    t("stripe-secret-key", b"sk_test_", &[Run(ALNUM, 20, 247)], ALNUM, E, N),
    t("stripe-secret-key", b"sk_prod_", &[Run(ALNUM, 20, 247)], ALNUM, E, N),
    t("stripe-secret-key", b"rk_live_", &[Run(ALNUM, 20, 247)], ALNUM, E, N),
    t("stripe-secret-key", b"rk_test_", &[Run(ALNUM, 20, 247)], ALNUM, E, N),
    t("stripe-secret-key", b"rk_prod_", &[Run(ALNUM, 20, 247)], ALNUM, E, N),
    t("stripe-webhook-secret", b"whsec_", &[Run(B64 | EQUALS, 32, 88)], B64 | EQUALS, E, N),
    t("square-token", b"sq0atp-", &[Run(B64URL, 22, 60)], B64URL, E, N),
    t("square-token", b"sq0csp-", &[Run(B64URL, 43, 43)], B64URL, E, N),
    t("square-token", b"EAAA", &[Run(B64URL, 60, 60)], B64URL, E, N),
    t("razorpay-key", b"rzp_live_", &[Run(ALNUM, 14, 32)], ALNUM, E, N),
    t("razorpay-key", b"rzp_test_", &[Run(ALNUM, 14, 32)], ALNUM, E, N),
    t("flutterwave-secret-key", b"FLWSECK-", &[Run(HEX, 32, 32), Lit(b"-X")], ALNUM, E, N),
    t("flutterwave-secret-key", b"FLWSECK_TEST-", &[Run(HEX, 32, 32), Lit(b"-X")], ALNUM, E, N),
    t("braintree-access-token", b"access_token$production$", &[Run(LOWER | DIGIT, 16, 16), Lit(b"$"), Run(HEXL, 32, 32)], ALNUM, E, N),
    t("braintree-access-token", b"access_token$sandbox$", &[Run(LOWER | DIGIT, 16, 16), Lit(b"$"), Run(HEXL, 32, 32)], ALNUM, E, N),
    t("plaid-access-token", b"access-sandbox-", &[Run(HEXL | DASH, 36, 36)], B64URL, E, N),
    t("plaid-access-token", b"access-development-", &[Run(HEXL | DASH, 36, 36)], B64URL, E, N),
    t("plaid-access-token", b"access-production-", &[Run(HEXL | DASH, 36, 36)], B64URL, E, N),
    t("shippo-token", b"shippo_live_", &[Run(HEX, 40, 40)], ALNUM, E, N),
    t("shippo-token", b"shippo_test_", &[Run(HEX, 40, 40)], ALNUM, E, N),
    t("easypost-api-key", b"EZAK", &[Run(ALNUM, 54, 54)], ALNUM, E, N),
    t("easypost-api-key", b"EZTK", &[Run(ALNUM, 54, 54)], ALNUM, E, N),
    t("duffel-token", b"duffel_live_", &[Run(B64URL | EQUALS, 43, 43)], B64URL, E, N),
    t("duffel-token", b"duffel_test_", &[Run(B64URL | EQUALS, 43, 43)], B64URL, E, N),
    // ---- chat, webhooks, messaging ----
    t("slack-bot-token", b"xoxb-", &[Run(ALNUM | DASH, 20, 250)], B64URL, 2.5, Check::Slack),
    t("slack-user-token", b"xoxp-", &[Run(ALNUM | DASH, 20, 250)], B64URL, 2.5, Check::Slack),
    t("slack-config-token", b"xoxe.xoxp-", &[Run(ALNUM | DASH, 20, 250)], B64URL, 2.5, N),
    t("slack-config-token", b"xoxe.xoxb-", &[Run(ALNUM | DASH, 20, 250)], B64URL, 2.5, N),
    t("slack-config-token", b"xoxe-", &[Run(ALNUM | DASH, 20, 250)], B64URL, 2.5, Check::Slack),
    t("slack-legacy-token", b"xoxa-", &[Run(ALNUM | DASH, 10, 250)], B64URL, 2.5, Check::Slack),
    t("slack-legacy-token", b"xoxr-", &[Run(ALNUM | DASH, 10, 250)], B64URL, 2.5, Check::Slack),
    t("slack-legacy-token", b"xoxs-", &[Run(ALNUM | DASH, 10, 250)], B64URL, 2.5, Check::Slack),
    t("slack-legacy-token", b"xoxo-", &[Run(ALNUM | DASH, 10, 250)], B64URL, 2.5, Check::Slack),
    t("slack-app-token", b"xapp-", &[Run(DIGIT, 1, 2), Lit(b"-"), Run(ALNUM | DASH, 20, 250)], B64URL, 2.5, N),
    t("slack-webhook-url", b"https://hooks.slack.com/services/", &[Run(ALNUM | PLUS_SLASH | UNDERSCORE | DASH, 20, 200)], B64URL | PLUS_SLASH, E, N),
    t("slack-webhook-url", b"https://hooks.slack.com/workflows/", &[Run(ALNUM | PLUS_SLASH | UNDERSCORE | DASH, 20, 200)], B64URL | PLUS_SLASH, E, N),
    t("slack-webhook-url", b"https://hooks.slack.com/triggers/", &[Run(ALNUM | PLUS_SLASH | UNDERSCORE | DASH, 20, 200)], B64URL | PLUS_SLASH, E, N),
    t("slack-webhook-url", b"hooks.slack.com/services/", &[Run(ALNUM | PLUS_SLASH | UNDERSCORE | DASH, 20, 200)], B64URL | PLUS_SLASH, E, N),
    t("discord-webhook-url", b"https://discord.com/api/webhooks/", &[Run(DIGIT, 17, 20), Lit(b"/"), Run(B64URL, 60, 68)], B64URL, E, N),
    t("discord-webhook-url", b"https://discordapp.com/api/webhooks/", &[Run(DIGIT, 17, 20), Lit(b"/"), Run(B64URL, 60, 68)], B64URL, E, N),
    t("discord-webhook-url", b"https://canary.discord.com/api/webhooks/", &[Run(DIGIT, 17, 20), Lit(b"/"), Run(B64URL, 60, 68)], B64URL, E, N),
    t("discord-webhook-url", b"https://ptb.discord.com/api/webhooks/", &[Run(DIGIT, 17, 20), Lit(b"/"), Run(B64URL, 60, 68)], B64URL, E, N),
    t("discord-bot-token", b"M", &[Run(ALNUM, 22, 27), Lit(b"."), Run(B64URL, 6, 7), Lit(b"."), Run(B64URL, 27, 40)], B64URL, 3.5, N),
    t("discord-bot-token", b"N", &[Run(ALNUM, 22, 27), Lit(b"."), Run(B64URL, 6, 7), Lit(b"."), Run(B64URL, 27, 40)], B64URL, 3.5, N),
    t("discord-bot-token", b"O", &[Run(ALNUM, 22, 27), Lit(b"."), Run(B64URL, 6, 7), Lit(b"."), Run(B64URL, 27, 40)], B64URL, 3.5, N),
    t("telegram-bot-token", b"1", &[Run(DIGIT, 7, 9), Lit(b":AA"), Run(B64URL, 33, 33)], B64URL, E, N),
    t("telegram-bot-token", b"2", &[Run(DIGIT, 7, 9), Lit(b":AA"), Run(B64URL, 33, 33)], B64URL, E, N),
    t("telegram-bot-token", b"3", &[Run(DIGIT, 7, 9), Lit(b":AA"), Run(B64URL, 33, 33)], B64URL, E, N),
    t("telegram-bot-token", b"4", &[Run(DIGIT, 7, 9), Lit(b":AA"), Run(B64URL, 33, 33)], B64URL, E, N),
    t("telegram-bot-token", b"5", &[Run(DIGIT, 7, 9), Lit(b":AA"), Run(B64URL, 33, 33)], B64URL, E, N),
    t("telegram-bot-token", b"6", &[Run(DIGIT, 7, 9), Lit(b":AA"), Run(B64URL, 33, 33)], B64URL, E, N),
    t("telegram-bot-token", b"7", &[Run(DIGIT, 7, 9), Lit(b":AA"), Run(B64URL, 33, 33)], B64URL, E, N),
    t("telegram-bot-token", b"8", &[Run(DIGIT, 7, 9), Lit(b":AA"), Run(B64URL, 33, 33)], B64URL, E, N),
    t("telegram-bot-token", b"9", &[Run(DIGIT, 7, 9), Lit(b":AA"), Run(B64URL, 33, 33)], B64URL, E, N),
    t("twilio-api-key", b"SK", &[Run(HEX, 32, 32)], ALNUM, E, N),
    t("sendgrid-api-key", b"SG.", &[Run(B64URL, 22, 22), Lit(b"."), Run(B64URL, 43, 43)], B64URL, E, N),
    t("sendinblue-api-key", b"xkeysib-", &[Run(HEXL, 64, 64), Lit(b"-"), Run(ALNUM, 16, 16)], ALNUM, E, N),
    t("sendinblue-api-key", b"xsmtpsib-", &[Run(HEXL, 64, 64), Lit(b"-"), Run(ALNUM, 16, 16)], ALNUM, E, N),
    t("mapbox-secret-token", b"sk.eyJ", &[Run(B64URL, 50, 300), Lit(b"."), Run(B64URL, 20, 30)], B64URL, E, N),
    t("twitter-bearer-token", b"AAAAAAAAAAAAAAAAAAAAA", &[Run(ALNUM | PERCENT | UPPER, 50, 150)], ALNUM | PERCENT, E, N),
    t("facebook-access-token", b"EAA", &[Run(UPPER, 1, 1), Run(ALNUM, 96, 400)], ALNUM, E, N),
    // ---- LLM providers ----
    t("anthropic-api-key", b"sk-ant-", &[Run(LOWER | DIGIT, 4, 10), Lit(b"-"), Run(B64URL, 80, 120)], B64URL, E, N),
    t("openrouter-api-key", b"sk-or-v1-", &[Run(HEXL, 64, 64)], ALNUM, E, N),
    t("openai-api-key", b"sk-proj-", &[Run(B64URL, 40, 300)], B64URL, E, N),
    t("openai-api-key", b"sk-svcacct-", &[Run(B64URL, 40, 300)], B64URL, E, N),
    t("openai-api-key", b"sk-admin-", &[Run(B64URL, 40, 300)], B64URL, E, N),
    t("openai-api-key", b"sk-None-", &[Run(B64URL, 40, 300)], B64URL, E, N),
    t("sk-api-key", b"sk-", &[Run(ALNUM, 32, 100)], B64URL, E, Check::Mixed),
    t("groq-api-key", b"gsk_", &[Run(ALNUM, 52, 52)], ALNUM, E, N),
    t("xai-api-key", b"xai-", &[Run(ALNUM, 80, 80)], ALNUM, E, N),
    t("perplexity-api-key", b"pplx-", &[Run(ALNUM, 48, 48)], ALNUM, E, N),
    t("replicate-api-token", b"r8_", &[Run(ALNUM, 37, 37)], ALNUM, E, N),
    t("langsmith-api-key", b"lsv2_pt_", &[Run(HEXL, 32, 32), Lit(b"_"), Run(HEXL, 10, 10)], ALNUM, E, N),
    t("langsmith-api-key", b"lsv2_sk_", &[Run(HEXL, 32, 32), Lit(b"_"), Run(HEXL, 10, 10)], ALNUM, E, N),
    t("tavily-api-key", b"tvly-", &[Run(B64URL, 20, 64)], B64URL, E, Check::Mixed),
    t("pinecone-api-key", b"pcsk_", &[Run(WORD, 40, 120)], WORD, E, N),
    t("firecrawl-api-key", b"fc-", &[Run(HEXL, 32, 32)], ALNUM, E, N),
    // ---- keys ----
    t("age-secret-key", b"AGE-SECRET-KEY-1", &[Run(UPPER | DIGIT, 58, 58)], ALNUM, E, N),
    t("onepassword-service-token", b"ops_eyJ", &[Run(B64 | EQUALS, 200, 4000)], B64 | EQUALS, E, N),
    t("private-key-base64", b"LS0tLS1CRUdJTi", &[Run(B64 | EQUALS, 80, 65535)], B64 | EQUALS, 0.0, Check::Base64PrivateKey),
];

const COUNT: usize = TOKENS.len();

/// Rows of [`TOKENS`] grouped by the first byte of their prefix (table order within a group): the rows of
/// first byte `c` are `ORDER[START[c]..START[c + 1]]`. `second[k]` is the second byte of row `order[k]`'s prefix
/// (`ANY_SECOND` for a one-byte prefix), so a row whose prefix cannot match is passed over without reading it: a
/// word of ordinary text often starts with the first two bytes of some prefix, and the byte `s` has 25 rows.
struct Index {
    start: [u16; 257],
    order: [u16; COUNT],
    second: [u16; COUNT],
}

const ANY_SECOND: u16 = 256;

const fn build_index() -> Index {
    let mut order = [0u16; COUNT];
    let mut second = [0u16; COUNT];
    let mut start = [0u16; 257];
    let mut k = 0;
    let mut c = 0;
    while c < 256 {
        start[c] = k as u16;
        let mut i = 0;
        while i < COUNT {
            if TOKENS[i].prefix[0] as usize == c {
                order[k] = i as u16;
                let p = TOKENS[i].prefix;
                second[k] = if p.len() > 1 { p[1] as u16 } else { ANY_SECOND };
                k += 1;
            }
            i += 1;
        }
        c += 1;
    }
    start[256] = k as u16;
    Index { start, order, second }
}

static INDEX: Index = build_index();

/// Bit `(first << 8) | second` is set when some prefix starts with these two bytes (one-byte prefixes set every
/// second byte): most word starts are dismissed by one load.
const fn build_pairs() -> [u64; 1024] {
    let mut bits = [0u64; 1024];
    let mut i = 0;
    while i < COUNT {
        let p = TOKENS[i].prefix;
        let first = p[0] as usize;
        // A one-byte prefix: the second byte is the first of its first run.
        let class = match TOKENS[i].segs[0] {
            Seg::Run(class, _, _) => class,
            Seg::Lit(_) => 0xffff,
        };
        let mut second = 0;
        while second < 256 {
            if (p.len() == 1 && (class == 0xffff || is(second as u8, class))) || (p.len() > 1 && p[1] as usize == second) {
                let k = (first << 8) | second;
                bits[k >> 6] |= 1 << (k & 63);
            }
            second += 1;
        }
        i += 1;
    }
    bits
}

static PAIRS: [u64; 1024] = build_pairs();

/// The first three bytes of the word rules other than vendor tokens that [`crate::redact`]'s word scan tries at a
/// word start (a JWT, `Bearer`/`bearer`, a PuTTY key, a netrc `password`/`passwd`).
#[cfg(fast_fold)]
const WORDS3: [&[u8]; 5] = [b"eyJ", b"Bea", b"bea", b"PuT", b"pas"];

/// The bit of three bytes in [`TRIPLES`] (4,096 bits, hashed: a few collisions only let a word through).
#[cfg(fast_fold)]
#[inline(always)]
const fn bit3(a: u8, b: u8, c: u8) -> usize {
    ((((a as u32) << 16) | ((b as u32) << 8) | c as u32).wrapping_mul(0x9E37_79B1) >> 20) as usize
}

/// The three-byte filter: the bits of the first three bytes of every prefix of three bytes or more and of
/// [`WORDS3`], and the first bytes of the prefixes of one or two bytes (a word starting with one of those always
/// passes).
#[cfg(fast_fold)]
const fn build_triples() -> ([u64; 64], [bool; 256]) {
    let mut bits = [0u64; 64];
    let mut short = [false; 256];
    let mut i = 0;
    while i < COUNT + WORDS3.len() {
        let p = if i < COUNT { TOKENS[i].prefix } else { WORDS3[i - COUNT] };
        if p.len() < 3 {
            short[p[0] as usize] = true;
        } else {
            let k = bit3(p[0], p[1], p[2]);
            bits[k >> 6] |= 1 << (k & 63);
        }
        i += 1;
    }
    (bits, short)
}

#[cfg(fast_fold)]
static TRIPLES: ([u64; 64], [bool; 256]) = build_triples();

/// Whether a vendor token or another word rule ([`WORDS3`]) can start with the bytes `a b c`: false only when
/// none can (every prefix of three bytes or more sets its bit; a shorter one lets every word through that starts
/// with its first byte).
#[cfg(fast_fold)]
#[inline(always)]
pub fn may_start3(a: u8, b: u8, c: u8) -> bool {
    let k = bit3(a, b, c);
    TRIPLES.1[a as usize] || TRIPLES.0[k >> 6] & (1 << (k & 63)) != 0
}

/// Whether some vendor prefix starts with the two bytes at `b[i]`.
#[inline(always)]
pub fn may_start(b: &[u8], i: usize) -> bool {
    let k = ((b[i] as usize) << 8) | b.get(i + 1).map_or(0, |&x| x as usize);
    PAIRS[k >> 6] & (1 << (k & 63)) != 0
}

/// The vendor token starting at `b[i]` (a word start), if any: `(rule, end)`.
#[inline]
pub fn at(b: &[u8], i: usize) -> Option<(&'static str, usize)> {
    let c = b[i] as usize;
    let k = (c << 8) | b.get(i + 1).map_or(0, |&x| x as usize);
    if PAIRS[k >> 6] & (1 << (k & 63)) == 0 {
        return None;
    }
    let (from, to) = (INDEX.start[c] as usize, INDEX.start[c + 1] as usize);
    let next = b.get(i + 1).map_or(ANY_SECOND, |&x| u16::from(x));
    for k in from..to {
        let second = INDEX.second[k];
        if second != ANY_SECOND && second != next {
            continue;
        }
        let rule = &TOKENS[INDEX.order[k] as usize];
        if let Some(end) = rule.matches(b, i) {
            return Some((rule.id, end));
        }
    }
    None
}

impl Token {
    /// The end of this token at `b[i]`, if it is one.
    pub fn matches(&self, b: &[u8], i: usize) -> Option<usize> {
        let body_start = i + self.prefix.len();
        // The second byte first: a call to compare the whole prefix is the cost of most rows.
        if b.len() < body_start || (self.prefix.len() > 1 && b[i + 1] != self.prefix[1]) || &b[i..body_start] != self.prefix {
            return None;
        }
        let mut j = body_start;
        let mut last_class = 0;
        for seg in self.segs {
            match *seg {
                Seg::Lit(lit) => {
                    if !b[j..].starts_with(lit) {
                        return None;
                    }
                    j += lit.len();
                    last_class = 0;
                }
                Seg::Run(class, min, max) => {
                    let k = run(b, j, class, usize::from(max));
                    if k < usize::from(min) {
                        return None;
                    }
                    j += k;
                    last_class = class;
                }
            }
        }
        // A sentence's full stop after a token whose alphabet has dots is not part of it.
        if last_class & DOT != 0 {
            while j > body_start && b[j - 1] == b'.' {
                j -= 1;
            }
        }
        if j < b.len() && is(b[j], self.stop) {
            return None;
        }
        let body = &b[body_start..j];
        let strong = match self.check {
            Check::None => false,
            Check::Mixed => {
                if !(has_digit(body) && has_letter(body)) {
                    return None;
                }
                false
            }
            // A checksum that holds: a real token, whatever it looks like.
            Check::Crc32 => base62_crc32_ok(body),
            Check::Base64PrivateKey => {
                // Decoded from the token's start: the prefix is not a whole number of base64 quads.
                let head = base64_decode(&b[i..(i + 160).min(j)], 120)?;
                if !contains(&head, b"PRIVATE KEY") {
                    return None;
                }
                true
            }
            Check::Slack => {
                if !(body.iter().any(|&c| c == b'-') && has_digit(body)) {
                    return None;
                }
                false
            }
        };
        if strong {
            return Some(j);
        }
        if !plausible(body) {
            return None;
        }
        // A short body cannot reach a fixed floor: at most log2(length) bits.
        let floor = self.entropy.min(0.85 * (body.len() as f32).log2());
        if entropy(body) < floor {
            return None;
        }
        Some(j)
    }
}

/// Not a documentation placeholder: AWS-style `...EXAMPLE` values and runs of one character (`xxxx`).
pub fn plausible(body: &[u8]) -> bool {
    !contains(body, b"EXAMPLE") && !body.windows(8).any(|w| w.iter().all(|&c| c == w[0]))
}

#[cfg(all(test, fast_fold))]
mod prefilter_tests {
    use super::super::{at_word, may_start_word, may_start_word_by_pairs, word_start};
    use super::*;

    /// The three-byte filter only turns away word starts where no word rule matches: wherever the two-byte filter
    /// let a word through and the three-byte one does not, the word rules find nothing (so the scan's findings are
    /// the same), on random texts made of every vendor prefix and rule word followed by token-like bytes, and of
    /// ordinary words and punctuation.
    #[test]
    fn the_three_byte_prefilter_turns_away_no_word_a_rule_matches() {
        let mut prefixes: Vec<&[u8]> = TOKENS.iter().map(|t| t.prefix).collect();
        prefixes.extend(WORDS3);
        prefixes.extend([&b"Bearer "[..], b"bearer ", b"password ", b"passwd ", b"PuTTY-User-Key-File-2: ssh-rsa\n"]);
        for p in &prefixes {
            if p.len() >= 3 {
                assert!(may_start3(p[0], p[1], p[2]), "{:?}", String::from_utf8_lossy(p));
            }
        }
        let alphabet = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.~ \n=:/+";
        let mut next = crate::test_rng::below(0xd1b5_4a32_d192_ed03);
        let (mut through, mut turned) = (0, 0);
        for _ in 0..3000 {
            let mut b = Vec::new();
            for _ in 0..1 + next(8) {
                if next(3) == 0 {
                    b.extend_from_slice(prefixes[next(prefixes.len())]);
                }
                for _ in 0..next(80) {
                    b.push(if next(4) == 0 { alphabet[next(alphabet.len())] } else { alphabet[next(62)] });
                }
                b.push(b" \n.="[next(4)]);
            }
            for i in 0..b.len() {
                if !is_alnum(b[i]) || !word_start(&b, i) || !may_start_word_by_pairs(&b, i) {
                    continue;
                }
                if may_start_word(&b, i) {
                    through += 1;
                } else {
                    turned += 1;
                    assert_eq!(at_word(&b, i), None, "{:?} at {i}", String::from_utf8_lossy(&b));
                }
            }
        }
        assert!(through > 1000 && turned > 500, "{through} {turned}");
    }
}
