//! Ranked selection (`"selection": "ranked-v1"` and the paged `"ranked-v2"`): state questions get the newest state
//! and never a superseded one alone, history questions the step that answers, English and Turkish word forms meet,
//! budgets hold, prompts that need nothing get nothing, and the selections are the golden ones of
//! tests/fixtures/ranked_v1.json (unchanged since ranked-v1 was made: a store that names it keeps selecting the same
//! way) and tests/fixtures/ranked_v2.json, which the wasm build must give too (tests/js/ranked.test.mjs). ranked-v2
//! ranks stores of any size.

use contextfold::engine::{ContextFold, FoldInput, Options, TurnOptions};
use contextfold::json::{self, Value};
use contextfold::policy::Selection;
use contextfold::scan::ScanResult;
use contextfold::store::MemoryStorage;
use contextfold::ErrorCode;
use pollster::block_on;

const FIXTURE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/ranked_v1.json");
/// ranked-v2's selections on ranked_v1.json's folds and questions.
const FIXTURE_V2: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/ranked_v2.json");
const MODES: [&str; 2] = [r#"{"selection": "ranked-v1"}"#, r#"{"selection": "ranked-v2"}"#];

fn fixture() -> Value {
    json::parse(&std::fs::read(FIXTURE).unwrap()).unwrap()
}

fn clock() -> Options {
    Options { clock: Some(Box::new(|| Ok("2026-12-01T00:00:00Z".into()))), ..Default::default() }
}

/// The fixture's folds in a store whose policy is `policy` (JSON), journaled or not.
fn store(policy: &str, journal: bool) -> ContextFold<MemoryStorage> {
    let storage = MemoryStorage::with_root("/store");
    block_on(contextfold::store::Storage::save(&storage, ".contextfold/hydration_policy.json", policy.as_bytes())).unwrap();
    let mut cf = block_on(ContextFold::open(storage, Options { journal, ..clock() })).unwrap();
    for f in fixture().get("folds").and_then(Value::as_array).unwrap() {
        let mut input = FoldInput::new(f.get("stepId").and_then(Value::as_i64).unwrap(), f.get("summary").and_then(Value::as_str).unwrap());
        input.raw_content = f.get("rawContent").and_then(Value::as_str).map(str::to_string);
        block_on(cf.fold(input)).unwrap();
    }
    cf
}

fn ranked() -> ContextFold<MemoryStorage> {
    store(r#"{"selection": "ranked-v1"}"#, false)
}

fn ask<S: contextfold::store::Storage>(cf: &ContextFold<S>, prompt: &str, budget: Option<i64>) -> ScanResult {
    block_on(cf.scan_selection_with(prompt, &TurnOptions { turn_budget: budget, ..Default::default() })).unwrap()
}

fn ids(r: &ScanResult) -> Vec<i64> {
    r.selected.iter().map(|s| s.step_id).collect()
}

/// What the golden file records of a result.
fn summary(r: &ScanResult) -> Value {
    let list = |v: Vec<i64>| Value::Array(v.into_iter().map(Value::from).collect());
    let mut m = std::collections::BTreeMap::new();
    m.insert("selected".to_string(), list(ids(r)));
    m.insert("budgetDropped".to_string(), list(r.budget_dropped.iter().map(|s| s.step_id).collect()));
    m.insert("consumedTokens".to_string(), Value::from(r.consumed_tokens));
    m.insert("residual".to_string(), Value::Array(r.residual.iter().map(|s| Value::from(s.as_str())).collect()));
    Value::Object(m)
}

#[test]
fn ranked_selection_matches_the_golden_file_shared_with_wasm() {
    let cf = ranked();
    let mut doc = fixture();
    let mut got = Vec::new();
    for q in doc.get("questions").and_then(Value::as_array).unwrap() {
        let prompt = q.get("prompt").and_then(Value::as_str).unwrap();
        let r = ask(&cf, prompt, q.get("turnBudget").and_then(Value::as_i64));
        // Same store, prompt and policy: the same selection every time.
        assert_eq!(r, ask(&cf, prompt, q.get("turnBudget").and_then(Value::as_i64)));
        got.push(summary(&r));
    }
    if std::env::var_os("UPDATE_RANKED").is_some() {
        if let Value::Object(m) = &mut doc {
            m.insert("expected".to_string(), Value::Array(got));
        }
        std::fs::write(FIXTURE, [json::to_pretty(&doc), b"\n".to_vec()].concat()).unwrap();
        return;
    }
    let expected = doc.get("expected").and_then(Value::as_array).expect("run UPDATE_RANKED=1 cargo test --test ranked");
    assert_eq!(&got, expected);
}

#[test]
fn ranked_v2_selection_matches_its_golden_file_shared_with_wasm() {
    let cf = store(MODES[1], false);
    let doc = fixture();
    let mut got = Vec::new();
    for q in doc.get("questions").and_then(Value::as_array).unwrap() {
        let prompt = q.get("prompt").and_then(Value::as_str).unwrap();
        let r = ask(&cf, prompt, q.get("turnBudget").and_then(Value::as_i64));
        assert_eq!(r, ask(&cf, prompt, q.get("turnBudget").and_then(Value::as_i64)));
        got.push(summary(&r));
    }
    if std::env::var_os("UPDATE_RANKED").is_some() {
        let mut m = std::collections::BTreeMap::new();
        m.insert("description".to_string(), Value::from("ranked-v2's selections of the folds and questions of ranked_v1.json (tests/ranked.rs, tests/js/ranked.test.mjs)."));
        m.insert("expected".to_string(), Value::Array(got));
        std::fs::write(FIXTURE_V2, [json::to_pretty(&Value::Object(m)), b"\n".to_vec()].concat()).unwrap();
        return;
    }
    let v2 = json::parse(&std::fs::read(FIXTURE_V2).expect("run UPDATE_RANKED=1 cargo test --test ranked")).unwrap();
    assert_eq!(&got, v2.get("expected").and_then(Value::as_array).unwrap());
}

#[test]
fn a_state_question_gets_the_newest_state_and_no_superseded_one() {
    for mode in MODES {
        let r = ask(&store(mode, false), "Which port is postgres listening on now?", None);
        assert_eq!(r.selected[0].step_id, 109, "{mode}: the newest postgres log (port 5434)");
        for old in [100, 105] {
            assert!(!ids(&r).contains(&old) && !r.budget_dropped.iter().any(|s| s.step_id == old), "{mode}: superseded state {old}");
        }
    }
}

#[test]
fn history_questions_find_the_answer_through_inflections_and_turkish() {
    for mode in MODES {
        history_questions(store(mode, false));
    }
}

fn history_questions(cf: ContextFold<MemoryStorage>) {
    // "roll back" in the question, "rolled back" / "Reverting" in the output.
    assert_eq!(ids(&ask(&cf, "Why did we roll back V12?", None))[0], 104);
    assert_eq!(ids(&ask(&cf, "V12 migration'ı neden geri aldık?", None))[0], 104);
    // "portta" (locative), "şu an" (now): the newest state.
    assert_eq!(ids(&ask(&cf, "Postgres şu an hangi portta çalışıyor?", None))[0], 109);
    // "flaky" against "flaky" and "flakes": the newest run of the test.
    assert_eq!(ids(&ask(&cf, "Is the payments webhook test still flaky?", None))[0], 110);
    // "first": the oldest of the steps that answer as well.
    assert_eq!(ids(&ask(&cf, "When did postgres first listen on a port?", None))[0], 100);
}

#[test]
fn a_multi_intent_question_gets_one_step_per_intent() {
    for mode in MODES {
        let r = ask(&store(mode, false), "Which node version are we on, and which port is postgres listening on?", None);
        assert!(ids(&r).contains(&108) && ids(&r).contains(&109), "{mode}: {:?}", ids(&r));
    }
}

#[test]
fn budgets_hold_the_first_pick_always_and_the_rest_within_the_turn_budget() {
    let cf = ranked();
    let q = "Which node version are we on, and which port is postgres listening on?";
    let small = ask(&cf, q, Some(10));
    assert_eq!(small.selected.len(), 1, "the first pick is always admitted");
    assert_eq!(small.selected[0].cost, 10, "cut to the turn budget");
    assert!(!small.budget_dropped.is_empty());
    let mid = ask(&cf, q, Some(200));
    assert!(mid.consumed_tokens <= 200);
    // The per-call cap bounds every pick.
    let capped = store(r#"{"selection": "ranked-v1", "max_rehydration_tokens_per_call": 7}"#, false);
    assert!(ask(&capped, q, None).selected.iter().all(|s| s.cost <= 7));
}

#[test]
fn a_prompt_that_needs_nothing_gets_nothing() {
    for mode in MODES {
        let cf = store(mode, false);
        for p in ["Thanks, that's all!", "Write a haiku about autumn.", "Teşekkürler, şimdilik bu kadar.", ""] {
            let r = ask(&cf, p, None);
            assert!(r.selected.is_empty() && r.budget_dropped.is_empty(), "{mode} {p}: {:?}", ids(&r));
        }
    }
}

#[test]
fn the_mode_is_a_policy_key_and_an_unknown_one_is_invalid_input() {
    // A store opened with the library's defaults scans with the reference's selection.
    let plain = store("{}", false);
    let default_scan = ask(&plain, "Which port is postgres listening on now?", None);
    let explicit = ask(&store(r#"{"selection": "ipcf-projection-v2"}"#, false), "Which port is postgres listening on now?", None);
    assert_eq!(default_scan, explicit);
    // `default_selection` applies when the policy names none, and the policy's key wins over it.
    let with_default = TurnOptions { default_selection: Some(Selection::RankedV1), ..Default::default() };
    let r = block_on(plain.scan_selection_with("Which port is postgres listening on now?", &with_default)).unwrap();
    assert_eq!(r, ask(&ranked(), "Which port is postgres listening on now?", None));
    let pinned = store(r#"{"selection": "ipcf-projection-v2"}"#, false);
    assert_eq!(block_on(pinned.scan_selection_with("Which port is postgres listening on now?", &with_default)).unwrap(), explicit);
    // Unknown values fail, even on an empty store (how the playground tells which modes an engine has).
    for bad in [r#"{"selection": "ranked-v9"}"#, r#"{"selection": 3}"#] {
        let storage = MemoryStorage::with_root("/empty");
        block_on(contextfold::store::Storage::save(&storage, ".contextfold/hydration_policy.json", bad.as_bytes())).unwrap();
        let cf = block_on(ContextFold::open(storage, clock())).unwrap();
        assert_eq!(block_on(cf.scan("probe")).unwrap_err().code(), ErrorCode::InvalidInput, "{bad}");
    }
}

#[test]
fn a_journaled_and_checkpointed_store_gives_the_same_selection() {
    for mode in MODES {
        let whole = store(mode, false);
        let mut journaled = store(mode, true);
        block_on(journaled.checkpoint()).unwrap();
        let reopened = block_on(ContextFold::open(journaled.storage(), Options { journal: true, ..clock() })).unwrap();
        for p in ["Which port is postgres listening on now?", "Why did we roll back V12?", "Is the payments webhook test still flaky?"] {
            assert_eq!(ask(&reopened, p, None), ask(&whole, p, None), "{mode} {p}");
        }
    }
}

#[test]
fn a_state_question_also_gets_the_newest_run_of_the_command_that_answered() {
    for mode in MODES {
        newest_run(mode);
    }
}

fn newest_run(mode: &str) {
    let storage = MemoryStorage::with_root("/runs");
    block_on(contextfold::store::Storage::save(&storage, ".contextfold/hydration_policy.json", mode.as_bytes())).unwrap();
    let mut cf = block_on(ContextFold::open(storage, clock())).unwrap();
    let filler = "\n  worker heartbeat ok, queue depth 3, latency 12 ms".repeat(40);
    let folds = [
        (1, "Bash: go test ./internal/push/... (failed)", format!("--- FAIL: TestAPNSRetry (0.31s)\n    retry_test.go:44: expected 3 attempts, got 1{filler}")),
        (2, "Read: internal/push/retry.go", format!("package push\nfunc backoff() {{}}{filler}")),
        (3, "Bash: go test ./internal/push/...", format!("ok  \tgithub.com/acme/notify/internal/push\t0.412s{filler}")),
    ];
    for (step, summary, text) in folds {
        let mut input = FoldInput::new(step, summary);
        input.raw_content = Some(text);
        block_on(cf.fold(input)).unwrap();
    }
    // Only step 1 names the test; step 3 is the same command run later (it failed first): the state now.
    let r = ask(&cf, "Does TestAPNSRetry pass now?", None);
    assert_eq!(ids(&r), [3, 1]);
    // A history question keeps to the step that answers.
    assert_eq!(ids(&ask(&cf, "Why did TestAPNSRetry fail before?", None)), [1]);
}

#[test]
fn a_store_above_the_ranked_ceiling_is_answered_by_the_reference_selection() {
    // The same folds under ranked-v1 and under the reference mode, one step past the ceiling.
    let fold_all = |policy: &str| {
        let storage = MemoryStorage::with_root("/store");
        block_on(contextfold::store::Storage::save(&storage, ".contextfold/hydration_policy.json", policy.as_bytes())).unwrap();
        let mut cf = block_on(ContextFold::open(storage, Options { journal: true, ..clock() })).unwrap();
        let inputs: Vec<FoldInput> = (1..=contextfold::rank::MAX_ENTRIES as i64 + 1)
            .map(|i| {
                let mut input = FoldInput::new(i, &format!("Bash: docker compose ps ({i})"));
                input.raw_content = Some(format!("postgres listening on port {}\nredis up", 5400 + i % 50));
                input
            })
            .collect();
        block_on(cf.fold_many(inputs)).unwrap();
        cf
    };
    let ranked = fold_all(r#"{"selection": "ranked-v1"}"#);
    let reference = fold_all("{}");
    for prompt in ["which port is postgres on now?", "redis", "docker compose ps"] {
        let (r, e) = (ask(&ranked, prompt, None), ask(&reference, prompt, None));
        assert_eq!((ids(&r), r.residual.clone()), (ids(&e), e.residual.clone()), "{prompt}");
    }
}

#[test]
fn ranked_v2_ranks_a_store_above_ranked_v1s_ceiling() {
    // 1,500 steps: one old config line answers "which port is postgres on" (both words on one line, through the
    // parts of POSTGRES_PORT); the newest 300 steps say "postgres" alone, and every step says "port" somewhere.
    let fold_all = |policy: &str| {
        let storage: &'static MemoryStorage = Box::leak(Box::new(MemoryStorage::with_root("/big")));
        block_on(contextfold::store::Storage::save(storage, ".contextfold/hydration_policy.json", policy.as_bytes())).unwrap();
        let mut cf = block_on(ContextFold::open(storage, Options { journal: true, ..clock() })).unwrap();
        let inputs: Vec<FoldInput> = (1..=1500i64)
            .map(|i| {
                let (summary, text) = match i {
                    700 => ("Read: deploy/postgres.env".to_string(), "POSTGRES_USER=app\nPOSTGRES_PORT=5433\n".to_string()),
                    i if i > 1200 => (format!("Bash: pg_dump check {i}"), format!("postgres backup {i} ok\nsize 12 MB")),
                    i => (format!("Bash: curl /health/{i}"), format!("service{i} healthy on port {}\nretries 0", 8000 + i)),
                };
                let mut input = FoldInput::new(i, &summary);
                input.raw_content = Some(text);
                input
            })
            .collect();
        block_on(cf.fold_many(inputs)).unwrap();
        block_on(cf.checkpoint()).unwrap();
        block_on(ContextFold::open(storage, Options { journal: true, ..clock() })).unwrap()
    };
    let v2 = fold_all(MODES[1]);
    let reference = fold_all("{}");
    let q = "Which port is postgres on now?";
    let r = ask(&v2, q, None);
    assert_eq!(r.selected.first().map(|s| s.step_id), Some(700), "{:?}", ids(&r));
    assert_ne!(ids(&ask(&reference, q, None)).first(), Some(&700), "the reference's equal weights pick a newer step");
    assert!(ask(&v2, "Thanks, that's all!", None).selected.is_empty());
}

/// A ranked-v2 store of the given folds (a step, its summary and its output, each padded to a realistic length).
/// (A hundred builds after them, so that a word four steps carry is a rare one.)
fn v2_store(folds: &[(i64, &str, &str)]) -> ContextFold<MemoryStorage> {
    let storage = MemoryStorage::with_root("/v2rules");
    block_on(contextfold::store::Storage::save(&storage, ".contextfold/hydration_policy.json", br#"{"selection": "ranked-v2"}"#)).unwrap();
    let mut cf = block_on(ContextFold::open(storage, clock())).unwrap();
    let filler = "\n  worker heartbeat ok, queue depth 3, latency 12 ms".repeat(40);
    let builds: Vec<(i64, String)> = (0..100).map(|k| (100 + k, format!("vite v5.1.4 building, {k} modules transformed"))).collect();
    let folds = folds.iter().map(|&(s, m, t)| (s, m, t)).chain(builds.iter().map(|(s, t)| (*s, "Bash: npm run build", t.as_str())));
    for (step, summary, text) in folds {
        let mut input = FoldInput::new(step, summary);
        input.raw_content = Some(format!("{text}{filler}"));
        block_on(cf.fold(input)).unwrap();
    }
    cf
}

#[test]
fn ranked_v2_a_search_does_not_answer_the_word_it_searched_for() {
    let grep = "src/api/client.ts:3:  const url = import.meta.env.VITE_API_URL\n".repeat(30);
    let cf = v2_store(&[
        (1, "Bash: cat .env.local", "VITE_API_URL=https://staging-api.acme.dev"),
        (2, "Grep: VITE_API_URL in src", &grep),
        (3, "Bash: cat .env.local", "VITE_API_URL=https://api.acme.dev"),
        (4, "Grep: VITE_API_URL in src", &grep),
    ]);
    let r = ask(&cf, "What is VITE_API_URL now?", None);
    assert_eq!(ids(&r).first(), Some(&3), "{:?}", ids(&r));
    assert!(!ids(&r).contains(&1));
}

#[test]
fn ranked_v2_whether_something_passes_is_answered_by_its_newest_run_pass_or_fail() {
    let cf = v2_store(&[
        (1, "Bash: airflow dags test nightly_rollup 2026-12-01 (failed)", "Task failed: dedupe_events\nKeyError: 'event_id'"),
        (2, "Bash: airflow dags test nightly_rollup 2026-12-02", "DagRun nightly_rollup finished: success (12 tasks)"),
        (3, "Read: dags/nightly_rollup.py", "from airflow import DAG\nwith DAG('nightly_rollup') as dag:"),
        (4, "Bash: airflow dags test nightly_rollup 2026-12-03 (failed)", "Task failed: export_parquet\npyarrow.lib.ArrowInvalid: Float value 1.5 was truncated"),
        (5, "Bash: pytest tests/test_export.py", "4 passed in 0.31s"),
    ]);
    for prompt in ["Does the nightly_rollup DAG pass now?", "nightly_rollup DAG'ı şimdi başarılı mı?"] {
        let r = ask(&cf, prompt, None);
        assert_eq!(ids(&r).first(), Some(&4), "{prompt}: {:?}", ids(&r));
    }
}

#[test]
fn ranked_v2_a_why_question_prefers_the_step_that_gives_a_reason() {
    let cf = v2_store(&[
        (1, "Bash: pnpm dlx vercel deploy --prod", "Production: https://storefront-7xk2.vercel.app [1m 12s]"),
        (2, "Bash: pnpm dlx vercel deploy --prod", "Production: https://storefront-q93m.vercel.app [1m 30s]"),
        (3, "Bash: pnpm dlx vercel rollback storefront-7xk2", "Success! Production rolled back to storefront-7xk2.vercel.app\n  reason: checkout 500s on storefront-q93m (missing STRIPE_PUBLIC_KEY)"),
        (4, "Bash: pnpm lint", "0 problems"),
    ]);
    for prompt in ["Why did we roll back the production deploy?", "Production deploy'u neden geri aldık?"] {
        let r = ask(&cf, prompt, None);
        assert_eq!(ids(&r).first(), Some(&3), "{prompt}: {:?}", ids(&r));
    }
}

#[test]
fn ranked_v2_recall49_a_why_question_takes_the_line_that_gives_a_cause_and_its_consequence_with_so() {
    // A commit message says why as "X, so Y": the worker's log names the sms queue as well, later, but only the
    // commit says what stopped it.
    let cf = v2_store(&[
        (1, "Bash: php artisan horizon:status", "Horizon is paused."),
        (2, "Bash: git commit -am 'deploy: resume horizon after activation'", "The after-activate hook paused Horizon for migrations and never resumed it,\nso nothing consumed the sms queue since the 10:19 deploy."),
        (3, "Bash: tail -n 1 storage/logs/worker.log", "[10:41] sms queue depth 18452, no worker attached"),
        (4, "Bash: php artisan horizon:status", "Horizon is running."),
    ]);
    for prompt in ["Why was the sms queue stuck?", "sms kuyruğu neden takılmıştı?"] {
        let r = ask(&cf, prompt, None);
        assert_eq!(ids(&r).first(), Some(&2), "{prompt}: {:?}", ids(&r));
    }
}

#[test]
fn ranked_v2_a_value_asked_by_its_shape_weighs_as_rare_as_the_value() {
    // "port" is on many lines (a word of the code); a port value (`localhost:5180`) on few: the dev server's log,
    // whose summary names "dev", answers over a config file that has the words "server" and "port".
    let code = "const port = config.port; // port of the server\n".repeat(3);
    let cf = v2_store(&[
        (1, "Read: src/server/config.ts", &code),
        (2, "Read: vite.config.ts", "export default defineConfig({\n  server: { port: 5173 },\n})"),
        (3, "Read: src/server/listen.ts", &code),
        (4, "Bash: pnpm dev", "VITE v5.2.0  ready in 380 ms\n  ➜  Local:   http://localhost:5180/"),
        (5, "Read: src/server/routes.ts", &code),
    ]);
    let r = ask(&cf, "Which port is the dev server on now?", None);
    assert_eq!(ids(&r).first(), Some(&4), "{:?}", ids(&r));
}

#[test]
fn ranked_v2_each_clause_gets_its_first_pick_before_any_clause_gets_a_second() {
    let cf = v2_store(&[
        (1, "Bash: python --version", "Python 3.10.13"),
        (2, "Bash: kubectl get deploy ingest-api -n data", "NAME         READY   UP-TO-DATE   AVAILABLE\ningest-api   2/2     2            2"),
        (3, "Bash: pyenv install 3.12.1 && python --version", "Python 3.12.1"),
        (4, "Bash: kubectl get deploy ingest-api -n data", "NAME         READY   UP-TO-DATE   AVAILABLE\ningest-api   6/6     6            6"),
    ]);
    let r = ask(&cf, "Which python version are we on, and what does kubectl get deploy ingest-api show?", Some(10_000));
    let got = ids(&r);
    assert!(got.len() >= 2 && got[..2].contains(&3) && got[..2].contains(&4), "{got:?}");
}

#[test]
fn ranked_v2_a_first_question_gets_the_oldest_run_of_the_command_that_answered() {
    // Only the later runs say "error" and "timeout" near the test's name; the first run (step 1) is the same command.
    let cf = v2_store(&[
        (1, "Bash: pnpm test:e2e -- checkout.spec.ts (failed)", "FAIL e2e/checkout.spec.ts\n  TimeoutError: locator.click: Timeout 30000ms exceeded."),
        (2, "Read: e2e/checkout.spec.ts", "test('applies coupon', async ({ page }) => {})"),
        (3, "Bash: pnpm test:e2e -- checkout.spec.ts (failed)", "FAIL e2e/checkout.spec.ts checkout error\n  Error: expect(received).toHaveText(expected)"),
        (4, "Bash: pnpm test:e2e -- checkout.spec.ts", "PASS e2e/checkout.spec.ts checkout error free"),
    ]);
    let r = ask(&cf, "What was the first error of the checkout e2e test?", None);
    assert_eq!(ids(&r).first(), Some(&1), "{:?}", ids(&r));
}

// Concepts of tool output (`src/rank/concepts.rs`, ranked-v2 only): the answer shares no word with the question.

#[test]
fn ranked_v2_how_many_replicas_is_answered_by_the_newest_deployment_table_not_an_older_scale() {
    let deploy = |n: u32| format!("NAME         READY   UP-TO-DATE   AVAILABLE   AGE\ningest-api   {n}/{n}     {n}            {n}           14d");
    let (d2, d4, d6) = (deploy(2), format!("deployment.apps/ingest-api scaled\n{}", deploy(4)), deploy(6));
    let pods = "NAME                          READY   STATUS    RESTARTS   AGE\ningest-api-7d9f8c6b5-abcde    1/1     Running   0          2d";
    let cf = v2_store(&[
        (1, "Bash: kubectl get deploy ingest-api -n data", &d2),
        (2, "Bash: kubectl scale deploy/ingest-api -n data --replicas=4 && kubectl get deploy ingest-api -n data", &d4),
        (3, "Read: charts/ingest-api/values.yaml", "replicaCount: 2\nimage:\n  tag: v2.2.7"),
        (4, "Bash: kubectl get deploy ingest-api -n data", &d6),
        (5, "Bash: kubectl get pods -n data", pods),
    ]);
    for prompt in ["How many replicas does ingest-api run now?", "ingest-api şu an kaç replica ile çalışıyor?"] {
        let r = ask(&cf, prompt, None);
        assert_eq!(ids(&r).first(), Some(&4), "{prompt}: {:?}", ids(&r));
        assert!(!ids(&r).contains(&2) && !ids(&r).contains(&1), "{prompt}: {:?}", ids(&r));
    }
}

#[test]
fn ranked_v2_which_release_is_live_is_answered_by_the_rollback_after_the_last_deploy() {
    let cf = v2_store(&[
        (1, "Bash: pnpm dlx vercel deploy --prod", "Production: https://storefront-7xk2.vercel.app [1m 12s]"),
        (2, "Bash: pnpm dlx vercel deploy --prod", "Production: https://storefront-q93m.vercel.app [1m 30s]"),
        (3, "Bash: pnpm dlx vercel rollback storefront-7xk2", "Success! Production rolled back to storefront-7xk2.vercel.app"),
        (4, "Bash: pnpm lint", "0 problems"),
    ]);
    let r = ask(&cf, "Which deployment is live in production?", None);
    assert!(ids(&r).contains(&3), "{:?}", ids(&r));
}

#[test]
fn ranked_v2_which_release_is_live_now_is_answered_by_the_deploy_that_went_through_not_an_older_release_list() {
    let cf = v2_store(&[
        (1, "Bash: fly deploy -a api", "==> Building image\nv43 deployed successfully"),
        (2, "Bash: fly releases -a api | head -3", "VERSION STATUS   DESCRIPTION\nv44     failed   Release\nv43     complete Release"),
        (3, "Bash: fly deploy -a api --config fly.toml", "==> Building image\nMachine 3d8d1e2b update succeeded\nv45 deployed successfully"),
        (4, "Bash: pnpm lint", "0 problems"),
    ]);
    for prompt in ["Which fly release is live now?", "Which fly release is live and how many machines run it?"] {
        let r = ask(&cf, prompt, None);
        assert_eq!(ids(&r).first(), Some(&3), "{prompt}: {:?}", ids(&r));
    }
}

#[test]
fn ranked_v2_how_something_was_fixed_is_answered_by_its_commit_not_a_log_of_many() {
    // A session about the dedupe test: its words are on most steps, and `git log --oneline` (run often) has them on
    // every line.
    let oneline: String = (0..40).map(|k| format!("{:07x} fix(dedupe): test batch window {k}\n", 0x1a2b3c4 + k)).collect();
    let work = "def dedupe(events):  # test with tests/test_dedupe.py\n".repeat(4);
    let oneline2: String = (0..40).map(|k| format!("{:07x} fix(batch): flush window {k}\n", 0x2b3c4d5 + k)).collect();
    let mut folds: Vec<(i64, String, String)> = vec![
        (1, "Bash: pytest tests/test_dedupe.py (failed)".into(), "FAILED tests/test_dedupe.py::test_drops_duplicate_ids - AssertionError: 3 != 2".into()),
        (2, "Bash: git log --oneline -n 60".into(), oneline.clone()),
        (3, "Bash: git log -1".into(), "commit 8e2f4a1\n    fix(dedupe): key on (source, event_id) instead of event_id alone".into()),
        (4, "Bash: pytest tests/test_dedupe.py".into(), "4 passed in 0.31s".into()),
        (5, "Bash: git log --oneline -n 60".into(), oneline),
    ];
    folds.extend((6..100).map(|k| if k % 10 == 0 { (k, "Bash: git log --oneline -n 60".to_string(), oneline2.clone()) } else { (k, format!("Read: ingest/dedupe_{k}.py"), work.clone()) }));
    let folds: Vec<(i64, &str, &str)> = folds.iter().map(|(k, m, t)| (*k, m.as_str(), t.as_str())).collect();
    let cf = v2_store(&folds);
    for prompt in ["How did we fix the dedupe test?", "Dedupe testini nasıl düzelttik?"] {
        let r = ask(&cf, prompt, None);
        assert_eq!(ids(&r).first(), Some(&3), "{prompt}: {:?}", ids(&r));
    }
}

#[test]
fn ranked_v2_the_port_of_a_server_is_on_the_line_it_prints_when_it_is_up() {
    // Only the config file has the word "server"; the dev server's log says where it runs.
    let cf = v2_store(&[
        (1, "Read: vite.config.ts", "export default defineConfig({\n  server: { port: 5173 },\n})"),
        (2, "Bash: pnpm dev", "VITE v5.2.0  ready in 380 ms\n  ➜  Local:   http://localhost:5180/"),
        (3, "Read: vite.config.ts", "export default defineConfig({\n  server: { port: 5173 },\n  build: {},\n})"),
    ]);
    let r = ask(&cf, "Which port is the dev server on?", None);
    assert!(ids(&r).contains(&2), "{:?}", ids(&r));
}

#[test]
fn ranked_v2_an_error_question_is_answered_by_the_line_that_names_the_error() {
    // The word "error" is on most steps (code, logs); the failed runs name an error.
    let code = "if (!dag) throw new Error(\"error: dag not found\")\n".repeat(3);
    let mut folds: Vec<(i64, String, String)> = vec![
        (1, "Read: dags/nightly_rollup.py".into(), code.clone()),
        (2, "Bash: airflow dags test nightly_rollup 2026-11-30 (failed)".into(), "Task failed: load_to_warehouse\nsnowflake.connector.errors.ProgrammingError: Table 'RAW.EVENTS_V2' does not exist".into()),
        (3, "Bash: airflow dags details nightly_rollup".into(), format!("dag_id: nightly_rollup\n{code}")),
        (4, "Bash: airflow dags test nightly_rollup 2026-12-01 (failed)".into(), "Task failed: dedupe_events\nKeyError: 'event_id'".into()),
        (5, "Read: dags/nightly_rollup.py".into(), code.clone()),
    ];
    folds.extend((6..40).map(|k| (k, format!("Read: dags/task_{k}.py"), code.clone())));
    let folds: Vec<(i64, &str, &str)> = folds.iter().map(|(k, m, t)| (*k, m.as_str(), t.as_str())).collect();
    let cf = v2_store(&folds);
    let r = ask(&cf, "What was the first error of the nightly_rollup DAG?", None);
    assert_eq!(ids(&r).first(), Some(&2), "{:?}", ids(&r));
}

#[test]
fn ranked_v2_which_tests_failed_now_is_answered_by_the_newest_run_even_when_nothing_failed() {
    // "failed" is a verdict, not the error concept: the newest run (all passing) is the state, the failing one is not.
    let run = |failed: usize| {
        let mut out: Vec<String> = (0..24).map(|i| format!("{} tests/invoice/invoice-{i}.spec.ts ({} ms)", if i < failed { "FAIL" } else { "PASS" }, 20 + i)).collect();
        out.push(format!("Test suite invoice: {} passed, {failed} failed", 24 - failed));
        out.join("\n")
    };
    let (three, none) = (run(3), run(0));
    let cf = v2_store(&[(1, "Bash: npx vitest run tests/invoice", &three), (2, "Read: src/invoice.ts", "export const invoice = 1;"), (3, "Bash: npx vitest run tests/invoice", &none)]);
    let r = ask(&cf, "Which tests failed in the invoice suite?", None);
    assert!(ids(&r).contains(&3) && !ids(&r).contains(&1), "{:?}", ids(&r));
}

// Rules of branch recall7 (ranked-v2 only).

#[test]
fn ranked_v2_how_something_was_fixed_is_answered_by_the_fix_not_by_the_step_that_tells_most_about_the_problem() {
    // The rollout halt names the problem's words (ANR, MapFragment) on one line; the fix is a commit whose message
    // names only one of them. "How did we fix X?" asks for the fix.
    let code = "class MapFragment : Fragment() { override fun onResume() { super.onResume() } }\n".repeat(3);
    let mut folds: Vec<(i64, String, String)> = vec![
        (1, "Bash: adb logcat -d -s FieldNotes".into(), "ANR in com.fieldnotes (MapFragment.onResume)\nReason: Input dispatching timed out".into()),
        (2, "Bash: git log -1".into(), "commit a41c9e0\n    fix(db): bump the Room schema to version 7 and add MIGRATION_6_7".into()),
        (3, "Bash: bundle exec fastlane halt_rollout".into(), "[fastlane] Halted the production rollout of build 44: crash rate 2.8% (ANR in MapFragment.onResume)".into()),
        (4, "Bash: git log -1".into(), "commit c93f1d7\n    fix(map): move the tile cache warm-up off the main thread in MapFragment.onResume".into()),
        (5, "Bash: ./gradlew connectedAndroidTest --tests MapFragmentTest".into(), "com.fieldnotes.map.MapFragmentTest > resumesWithoutAnr PASSED".into()),
    ];
    folds.extend((6..30).map(|k| (k, format!("Read: app/src/main/java/com/fieldnotes/map/MapFragment{k}.kt"), code.clone())));
    let folds: Vec<(i64, &str, &str)> = folds.iter().map(|(k, m, t)| (*k, m.as_str(), t.as_str())).collect();
    let cf = v2_store(&folds);
    for prompt in ["How did we fix the ANR in MapFragment?", "MapFragment'taki ANR'ı nasıl düzelttik?"] {
        let r = ask(&cf, prompt, None);
        assert_eq!(ids(&r).first(), Some(&4), "{prompt}: {:?}", ids(&r));
    }
}

#[test]
fn ranked_v2_a_file_and_its_line_number_is_not_a_port() {
    // Build and vet output cite `file.go:123`: no port value, whatever words the path holds.
    let cf = v2_store(&[
        (1, "Bash: grpcurl -plaintext localhost:9090 list", "Connected to localhost:9090\ngrpc.health.v1.Health"),
        (2, "Bash: grpcurl -plaintext localhost:9191 list", "Connected to localhost:9191\ngrpc.health.v1.Health"),
        (3, "Bash: go vet ./...", "vet: grpc dial option is deprecated (internal/grpc/dial.go:112)"),
        (4, "Bash: go build ./...", "warning: grpc listener is declared but never used (internal/grpc/listen.go:140)"),
    ]);
    let r = ask(&cf, "Which port does grpc use now?", None);
    assert_eq!(ids(&r).first(), Some(&2), "{:?}", ids(&r));
}

#[test]
fn ranked_v2_a_question_that_names_a_command_is_answered_by_its_newest_run_however_common_its_words() {
    // "terraform" and "plan" are on most steps of an infra session: no line makes them rare (under four bits
    // together), but the command that names both is what the question names.
    let storage = MemoryStorage::with_root("/v2named");
    block_on(contextfold::store::Storage::save(&storage, ".contextfold/hydration_policy.json", br#"{"selection": "ranked-v2"}"#)).unwrap();
    let mut cf = block_on(ContextFold::open(storage, clock())).unwrap();
    let tf = "resource \"aws_instance\" \"web\" {} # terraform plan output is kept in tfplan\n".repeat(3);
    let mut folds: Vec<(i64, String, String)> = (1..150).map(|k| (k, format!("Read: modules/m{k}/main.tf"), tf.clone())).collect();
    folds.push((160, "Bash: terraform plan -out tfplan".into(), "Plan: 14 to add, 0 to change, 0 to destroy.".into()));
    folds.push((170, "Bash: terraform plan -out tfplan".into(), "Plan: 2 to add, 3 to change, 1 to destroy.".into()));
    folds.push((180, "Bash: terraform plan -detailed-exitcode".into(), "No changes. Your infrastructure matches the configuration.".into()));
    folds.extend((181..230).map(|k| (k, "Bash: npm run build".to_string(), format!("vite v5.1.4 building, {k} modules transformed"))));
    for (step, summary, text) in folds {
        let mut input = FoldInput::new(step, &summary);
        input.raw_content = Some(text);
        block_on(cf.fold(input)).unwrap();
    }
    let r = ask(&cf, "What does the latest terraform plan say?", None);
    assert_eq!(ids(&r).first(), Some(&180), "{:?}", ids(&r));
    assert!(!ids(&r).contains(&160) && !ids(&r).contains(&170), "{:?}", ids(&r));
}

#[test]
fn ranked_v2_a_question_about_something_in_general_gets_nothing() {
    let cf = v2_store(&[
        (1, "Bash: python --version", "Python 3.12.1"),
        (2, "Read: app/decorators.py", "def retry(fn):\n    # a decorator that retries the wrapped call\n    return fn"),
        (3, "Bash: ps aux | grep worker", "dev  4211  python worker.py (process)\ndev  4212  thread pool of 8"),
    ]);
    for prompt in ["Explain what a Python decorator is, in general.", "What is the difference between a process and a thread?"] {
        assert!(ask(&cf, prompt, None).selected.is_empty(), "{prompt}");
    }
    assert_eq!(ids(&ask(&cf, "Which python version are we on?", None)).first(), Some(&1));
}

#[test]
fn ranked_v2_a_monthly_figure_is_answered_by_a_line_per_month() {
    let cf = v2_store(&[
        (1, "Bash: infracost breakdown --path .", "Project: acme/infra\n OVERALL TOTAL   $412.60 per month"),
        (2, "Read: main.tf", "module \"vpc\" { source = \"./modules/vpc\" }"),
        (3, "Bash: infracost breakdown --path .", "Project: acme/infra\n OVERALL TOTAL   $688.15 per month"),
    ]);
    let r = ask(&cf, "What is the monthly cost estimate now?", None);
    assert_eq!(ids(&r).first(), Some(&3), "{:?}", ids(&r));
    assert!(!ids(&r).contains(&1), "{:?}", ids(&r));
}

// Rules of branch recall8 (ranked-v2 only).

#[test]
fn ranked_v2_a_number_asked_in_the_plural_is_answered_by_the_number() {
    // "503s": the load test's status table shows `[503]`; every other step has the question's other words.
    let mut folds: Vec<(i64, String, String)> = vec![(
        1,
        "Bash: oha -z 30s -c 64 http://localhost:8080/v1/uploads".into(),
        "Status code distribution:\n  [200] 5530 responses\n  [503] 2214 responses\nError distribution:\n  [2214] pool timed out while waiting for an open connection".into(),
    )];
    folds.extend((2..40).map(|k| (k, format!("Bash: cargo test --test api_{k}"), format!("running {k} tests\ntest result: ok. {k} passed; 0 failed; load fixtures in {k} ms"))));
    let folds: Vec<(i64, &str, &str)> = folds.iter().map(|(k, m, t)| (*k, m.as_str(), t.as_str())).collect();
    let cf = v2_store(&folds);
    let r = ask(&cf, "Why did the first load test get 503s?", None);
    assert!(ids(&r).contains(&1), "{:?}", ids(&r));
}

#[test]
fn ranked_v2_a_long_word_is_answered_by_its_truncation() {
    // "coverage": the coverage tool's table says `Cover`; "test" is on every step.
    let mut folds: Vec<(i64, String, String)> = vec![(1, "Bash: cargo llvm-cov --workspace --summary-only".into(), "Filename   Regions  Missed Regions  Cover\nTOTAL         3980             702  82.36%".into())];
    folds.extend((2..40).map(|k| (k, format!("Bash: cargo test --test api_{k}"), format!("running {k} tests\ntest result: ok. {k} passed; 0 failed"))));
    folds.push((40, "Bash: cargo llvm-cov --workspace --summary-only".into(), "Filename   Regions  Missed Regions  Cover\nTOTAL         4213             611  85.50%".into()));
    let folds: Vec<(i64, &str, &str)> = folds.iter().map(|(k, m, t)| (*k, m.as_str(), t.as_str())).collect();
    let cf = v2_store(&folds);
    let r = ask(&cf, "What is our test coverage now?", None);
    assert_eq!(ids(&r).first(), Some(&40), "{:?}", ids(&r));
    assert!(!ids(&r).contains(&1), "{:?}", ids(&r));
}

#[test]
fn ranked_v2_the_first_pick_is_the_best_step_that_answers_when_the_best_by_gain_does_not() {
    // "minimum" and "supported" are nowhere: the `rustc --version` runs name "version" in their command and score
    // most, but only the manifest's `rust-version` line holds enough of the question.
    let manifest = |v: &str| format!("[package]\nname = \"quill-api\"\nedition = \"2021\"\nrust-version = \"{v}\"\n\n[dependencies]\naxum = \"0.7.4\"");
    let mut folds: Vec<(i64, String, String)> = vec![
        (1, "Read: Cargo.toml".into(), manifest("1.74")),
        (2, "Bash: rustc --version && cargo --version".into(), "rustc 1.79.0 (129f3b996 2024-06-10)\ncargo 1.79.0 (ffa9cf99a 2024-06-03)".into()),
    ];
    folds.extend((3..40).map(|k| (k, format!("Bash: cargo build -p crate_{k}"), format!("   Compiling crate_{k} v0.1.{k}\n    Finished the crate in {k}.2s"))));
    folds.push((40, "Read: Cargo.toml".into(), manifest("1.78")));
    folds.push((41, "Bash: rustup update stable && rustc --version".into(), "rustc 1.82.0 (f6e511eec 2024-10-15)".into()));
    let folds: Vec<(i64, &str, &str)> = folds.iter().map(|(k, m, t)| (*k, m.as_str(), t.as_str())).collect();
    let cf = v2_store(&folds);
    let r = ask(&cf, "What is the crate's minimum supported Rust version now?", None);
    assert_eq!(ids(&r).first(), Some(&40), "{:?}", ids(&r));
    assert!(!ids(&r).contains(&1), "{:?}", ids(&r));
}

#[test]
fn ranked_v2_is_it_clean_asks_for_a_verdict() {
    // "Is ruff clean?": the linter's newest verdict (passed or failed), among many runs whose output gives none.
    let mut folds: Vec<(i64, String, String)> = vec![(1, "Bash: ruff check . (failed)".into(), "app/model/loader.py:41:5: F841 Local variable `device` is assigned to but never used\nFound 1 error.".into())];
    folds.extend((2..26).map(|k| (k, "Bash: ruff check .".to_string(), format!("ruff: cache at .ruff_cache, {k} files read"))));
    folds.push((26, "Bash: ruff check .".into(), "All checks passed!".into()));
    let folds: Vec<(i64, &str, &str)> = folds.iter().map(|(k, m, t)| (*k, m.as_str(), t.as_str())).collect();
    let cf = v2_store(&folds);
    let r = ask(&cf, "Is ruff clean?", None);
    assert_eq!(ids(&r).first(), Some(&26), "{:?}", ids(&r));
}

// Rules of branch recall9 (ranked-v2 only).

#[test]
fn ranked_v2_a_question_word_that_labels_a_value_on_a_line_is_answered_by_that_line() {
    // "dispatcher", "workers" and "configured" are in the prose of many steps; only the config file gives the
    // workers a value (`workers: 16`).
    let config = |w: u32| format!("grpc_addr: \":50061\"\nstore:\n  driver: postgres\ndispatcher:\n  workers: {w}\n  ack_timeout: 45s");
    let mut folds: Vec<(i64, String, String)> = vec![(1, "Read: config/relayd.yaml".into(), config(8))];
    folds.extend((2..30).map(|k| {
        (k, format!("Read: internal/queue/dispatcher_{k}.go"), format!("// the dispatcher starts the configured workers and\n// each of the dispatcher workers acks its lease {k}"))
    }));
    folds.push((30, "Read: config/relayd.yaml".into(), config(16)));
    let folds: Vec<(i64, &str, &str)> = folds.iter().map(|(k, m, t)| (*k, m.as_str(), t.as_str())).collect();
    let cf = v2_store(&folds);
    let r = ask(&cf, "How many dispatcher workers are configured now?", None);
    assert_eq!(ids(&r).first(), Some(&30), "{:?}", ids(&r));
    assert!(!ids(&r).contains(&1), "{:?}", ids(&r));
}

#[test]
fn ranked_v2_how_long_asks_for_a_duration_not_for_the_word_long() {
    // "How long does the import job take": "long" is the question, not a word the answer carries.
    let mut folds: Vec<(i64, String, String)> = vec![(1, "Read: docs/notes.md".into(), "the import job is long overdue for a rewrite".into())];
    folds.extend((2..20).map(|k| (k, format!("Bash: pytest tests/test_api_{k}.py"), format!("{k} passed in 1.{k}s"))));
    folds.push((20, "Bash: python manage.py sync_all".into(), "import job finished: 48210 rows in 41.2s".into()));
    let folds: Vec<(i64, &str, &str)> = folds.iter().map(|(k, m, t)| (*k, m.as_str(), t.as_str())).collect();
    let cf = v2_store(&folds);
    let r = ask(&cf, "How long does the import job take now?", None);
    assert_eq!(ids(&r).first(), Some(&20), "{:?}", ids(&r));
    assert!(!ids(&r).contains(&1), "{:?}", ids(&r));
}

#[test]
fn ranked_v2_run_in_a_question_is_not_a_word_of_the_answer() {
    // "How many replicas run in staging now?": the `gh run …` steps name "run"; the deployment table that answers
    // names none of the question's words, it shows the replicas.
    let storage = MemoryStorage::with_root("/v2run");
    block_on(contextfold::store::Storage::save(&storage, ".contextfold/hydration_policy.json", br#"{"selection": "ranked-v2"}"#)).unwrap();
    let mut cf = block_on(ContextFold::open(storage, clock())).unwrap();
    let table = |n: u32| format!("NAME   READY   UP-TO-DATE   AVAILABLE\napi    {n}/{n}     {n}            {n}");
    let mut folds: Vec<(i64, String, String)> = vec![(1, "Bash: kubectl -n web get deploy api".into(), table(3))];
    folds.extend((2..30).map(|k| (k, format!("Bash: go test ./pkg/m{k}/..."), format!("ok  example.com/m{k} 0.{k}s"))));
    folds.push((30, "Bash: kubectl -n web get deploy api".into(), table(5)));
    folds.extend((31..36).map(|k| (k, format!("Bash: gh run view {k}"), format!("job build {k} completed"))));
    for (step, summary, text) in folds {
        let mut input = FoldInput::new(step, &summary);
        input.raw_content = Some(text);
        block_on(cf.fold(input)).unwrap();
    }
    let r = ask(&cf, "How many replicas run in staging now?", None);
    assert_eq!(ids(&r).first(), Some(&30), "{:?}", ids(&r));
    assert!(!ids(&r).contains(&1), "{:?}", ids(&r));
    // No step is picked for the word "run".
    assert!(ids(&r).iter().all(|s| !(31..36).contains(s)), "{:?}", ids(&r));
}

#[test]
fn ranked_v2_a_listed_word_written_as_a_name_inside_a_sentence_is_a_word() {
    // "go" is a verb of questions ("go on"), dropped; "Which Go version" names the language.
    let mut folds: Vec<(i64, String, String)> = vec![(1, "Bash: go version".into(), "go version go1.22.4 linux/amd64".into())];
    folds.extend((2..20).map(|k| (k, format!("Bash: psql --version && node --version # {k}"), format!("psql (PostgreSQL) 16.4.{k}\nv20.11.{k}"))));
    folds.push((20, "Bash: go version".into(), "go version go1.23.2 linux/amd64".into()));
    folds.extend((21..30).map(|k| (k, format!("Bash: terraform version # {k}"), format!("Terraform v1.9.{k}"))));
    let folds: Vec<(i64, &str, &str)> = folds.iter().map(|(k, m, t)| (*k, m.as_str(), t.as_str())).collect();
    let cf = v2_store(&folds);
    let r = ask(&cf, "Which Go version are we on now?", None);
    assert_eq!(ids(&r).first(), Some(&20), "{:?}", ids(&r));
    assert!(!ids(&r).contains(&1), "{:?}", ids(&r));
    // At the start of a sentence a capital says nothing: "Go on" stays a verb.
    let r = ask(&cf, "Go on with the migration.", None);
    assert!(!ids(&r).contains(&20), "{:?}", ids(&r));
}

#[test]
fn ranked_v2_a_concept_word_in_a_command_does_not_outweigh_the_newer_output_that_shows_the_concept() {
    // "How many replicas…, and which image…?": `kubectl scale --replicas=5` carries the word "replicas"; the newer
    // deployment table shows them and carries no question word.
    let table = |n: u32| format!("NAME   READY   UP-TO-DATE   AVAILABLE   AGE\napi    {n}/{n}     {n}            {n}           41d");
    let mut folds: Vec<(i64, String, String)> = vec![(1, "Bash: kubectl -n web get deploy api".into(), table(3))];
    folds.extend((2..20).map(|k| (k, format!("Bash: go test ./pkg/m{k}/..."), format!("ok  example.com/m{k} 0.{k}s"))));
    folds.push((20, "Bash: kubectl -n web scale deploy/api --replicas=5".into(), "deployment.apps/api scaled".into()));
    folds.push((21, "Bash: kubectl -n web set image deploy/api api=registry.example.com/api:2.4.1".into(), "deployment.apps/api image updated".into()));
    folds.push((22, "Bash: kubectl -n web get deploy api".into(), table(5)));
    let folds: Vec<(i64, &str, &str)> = folds.iter().map(|(k, m, t)| (*k, m.as_str(), t.as_str())).collect();
    let cf = v2_store(&folds);
    let r = ask(&cf, "How many replicas are there, and which image are they on?", None);
    assert!(ids(&r).contains(&22) && ids(&r).contains(&21), "{:?}", ids(&r));
    assert!(!ids(&r).contains(&20) && !ids(&r).contains(&1), "{:?}", ids(&r));
}

#[test]
fn ranked_v2_a_request_for_writing_or_a_plain_explanation_needs_nothing() {
    let cf = v2_store(&[
        (1, "Bash: go doc sync.Mutex", "package sync // a gopher mascot; the GIL of Python is not in Go"),
        (2, "Read: docs/python.md", "The GIL in Python, in simple terms: one thread runs bytecode at a time."),
    ]);
    for prompt in ["Write a limerick about a gopher.", "Can you explain what the GIL is in Python, in simple terms?"] {
        let r = ask(&cf, prompt, None);
        assert!(ids(&r).is_empty(), "{prompt}: {:?}", ids(&r));
    }
}

// Rules of branch recall10 (ranked-v2 only).

#[test]
fn ranked_v2_how_a_failure_was_fixed_is_answered_by_the_next_edit_of_the_file_it_names() {
    // The leak report names the file and line; the edit that fixed it says nothing of a leak, and the newer clean run
    // names the leak again.
    let code = "void PacketParser::feed(uint8_t b) { state_ = next(state_, b); }\n".repeat(3);
    let mut folds: Vec<(i64, String, String)> = vec![
        (1, "Bash: valgrind --leak-check=full build/tests/test_packet_parser (failed)".into(), "==1== 4,096 bytes in 16 blocks are definitely lost\n==1==    by 0x10C4F1: PacketParser::reset() (packet_parser.cpp:88)\n==1== LEAK SUMMARY: definitely lost: 4,096 bytes".into()),
        (2, "Read: src/proto/packet_parser.cpp".into(), "  88\t  scratch_ = new uint8_t[kMaxFrame];".into()),
        (3, "Edit: /home/dev/fw/src/proto/packet_parser.cpp".into(), "The file /home/dev/fw/src/proto/packet_parser.cpp has been updated.\n  88\t  if (!scratch_) scratch_ = std::make_unique<uint8_t[]>(kMaxFrame);".into()),
        (4, "Bash: valgrind --leak-check=full build/tests/test_packet_parser".into(), "==2== All heap blocks were freed\n==2== ERROR SUMMARY: 0 errors from 0 contexts".into()),
    ];
    folds.extend((5..30).map(|k| (k, format!("Read: src/proto/frame_{k}.cpp"), code.clone())));
    let folds: Vec<(i64, &str, &str)> = folds.iter().map(|(k, m, t)| (*k, m.as_str(), t.as_str())).collect();
    let cf = v2_store(&folds);
    for prompt in ["How did we fix the packet parser leak?", "Packet parser sızıntısını nasıl düzelttik?"] {
        let r = ask(&cf, prompt, None);
        assert!(ids(&r).contains(&3), "{prompt}: {:?}", ids(&r));
    }
    // Not a question about a fix: no edit is added.
    let r = ask(&cf, "Does valgrind still report a leak in the packet parser?", None);
    assert!(!ids(&r).contains(&3), "{:?}", ids(&r));
}

#[test]
fn ranked_v2_a_commands_verdict_words_do_not_answer_whether_it_passes() {
    // `--output-on-failure` is a flag of the failing single-test run, not its verdict: the newest full run answers.
    let mut folds: Vec<(i64, String, String)> = vec![
        (1, "Bash: ctest --preset host-tests (failed)".into(), "96% tests passed, 2 tests failed out of 48".into()),
        (2, "Bash: ctest --preset host-tests -R test_ring_buffer --output-on-failure (failed)".into(), "tests/ring_buffer_test.cpp:77: FAILED:\n  CHECK( rb.capacity() == 256 )\ntest cases: 9 | 8 passed | 1 failed".into()),
        (3, "Bash: ctest --preset host-tests".into(), "100% tests passed, 0 tests failed out of 48".into()),
    ];
    folds.extend((4..20).map(|k| (k, format!("Read: src/util/ring_{k}.hpp"), "template <class T, size_t N> class RingBuffer {};".to_string())));
    let folds: Vec<(i64, &str, &str)> = folds.iter().map(|(k, m, t)| (*k, m.as_str(), t.as_str())).collect();
    let cf = v2_store(&folds);
    let r = ask(&cf, "are the host ctest tests passing?", None);
    assert_eq!(ids(&r).first(), Some(&3), "{:?}", ids(&r));
}

#[test]
fn ranked_v2_a_share_is_answered_by_a_percentage_not_by_a_commands_word() {
    // `--leak-check=full` says "full" in a summary; the size report shows how full flash is.
    let size = "Memory region         Used Size  Region Size  %age Used\n           FLASH:     182904 B       512 KB     34.89%\n             RAM:      63248 B       128 KB     48.25%";
    let mut folds: Vec<(i64, String, String)> = vec![(1, "Bash: cmake --build --preset stm32-release".into(), size.into())];
    folds.extend((2..8).map(|k| (k, format!("Bash: valgrind --leak-check=full build/tests/test_{k}"), "==1== All heap blocks were freed\n==1== flash log reader ok".to_string())));
    folds.extend((8..20).map(|k| (k, format!("Bash: python -m cli flash build/fw_{k}.bin"), "Flashing fw.bin (182904 bytes) ... verify OK".to_string())));
    let folds: Vec<(i64, &str, &str)> = folds.iter().map(|(k, m, t)| (*k, m.as_str(), t.as_str())).collect();
    let cf = v2_store(&folds);
    let r = ask(&cf, "How full is flash now?", None);
    assert_eq!(ids(&r).first(), Some(&1), "{:?}", ids(&r));
}

#[test]
fn ranked_v2_a_near_tie_of_another_source_follows_the_picks() {
    // The first listening port: the oldest log, and the `docker ps` of the same time that shows it too.
    let r = ask(&store(MODES[1], false), "When did postgres first listen on a port?", None);
    assert_eq!(ids(&r), vec![100, 103]);
    // ranked-v1 has no near ties.
    assert_eq!(ids(&ask(&store(MODES[0], false), "When did postgres first listen on a port?", None)), vec![100]);
}

#[test]
fn ranked_v2_near_ties_of_a_state_question_are_never_older_than_its_picks() {
    let cf = v2_store(&[
        (10, "Bash: docker compose logs db", "db-1 | LOG: postgres listening on port 5432"),
        (20, "Read: docker-compose.yml", "services:\n  db:\n    image: postgres:16\n    ports: [\"5433:5432\"] # postgres port"),
        (30, "Read: config/database.yml", "production:\n  adapter: postgresql\n  port: 5434 # postgres listening port"),
        (40, "Bash: docker compose logs db", "db-1 | LOG: postgres listening on port 5435"),
    ]);
    for prompt in ["Which port is postgres listening on now?", "Postgres şu an hangi portta dinliyor?"] {
        let r = ask(&cf, prompt, None);
        assert_eq!(ids(&r).first(), Some(&40), "{prompt}: {:?}", ids(&r));
        for old in [10, 20, 30] {
            assert!(!ids(&r).contains(&old), "{prompt}: an older state {old} in {:?}", ids(&r));
        }
    }
}


#[test]
fn ranked_v2_a_past_tense_question_gets_the_newest_step_of_the_same_kind_before_an_older_best() {
    // The same command run again with another argument (another summary, so another source): the older push names
    // the question's words more, but the newer one is what was pushed last.
    let cf = v2_store(&[
        (10, "Bash: docker push registry.acme.dev/api:1.4.0", "The push refers to repository [registry.acme.dev/api]\napi image tag 1.4.0 pushed: digest: sha256:4f1e size: 1570\napi image tag pushed to the registry"),
        (50, "Bash: docker push registry.acme.dev/api:1.5.2", "The push refers to repository [registry.acme.dev/api]\n1.5.2: digest: sha256:9c2d size: 1570"),
    ]);
    let r = ask(&cf, "Which image tag was pushed for the api?", None);
    let got = ids(&r);
    assert_eq!(got.first(), Some(&50), "{got:?}");
}

#[test]
fn ranked_v2_each_clause_of_a_prompt_is_answered_with_its_own_intent() {
    // "now" asks the first clause for the state, "why" the second for history: the port clause gets the newest log
    // before any older one, whatever the other clause asks (the older log scores better: it is shorter).
    let newer_log = format!("db-1 | LOG: postgres listening on port 5434{}", "\ndb-1 | LOG: checkpoint complete: wrote 12 buffers".repeat(80));
    let cf = v2_store(&[
        (10, "Bash: docker compose logs db", "db-1 | LOG: postgres listening on port 5432\ndb-1 | LOG: postgres port 5432 is the default postgres port"),
        (20, "Bash: git commit -am 'move postgres'", "[main 1a2b3c4] move postgres to 5434 because 5432 clashes with the host's own postgres"),
        (30, "Bash: docker compose logs db", &newer_log),
    ]);
    let r = ask(&cf, "Which port is postgres on now, and why did we move it?", None);
    let got = ids(&r);
    let at = |s: i64| got.iter().position(|&x| x == s);
    assert!(at(30).is_some(), "{got:?}");
    assert!(at(10).is_none_or(|old| old > at(30).unwrap()), "an older state before the newest: {got:?}");
}

#[test]
fn ranked_v2_a_newer_run_that_does_not_answer_follows_the_answer_so_the_budget_reaches_every_clause() {
    // The config was read whole, then read again in part (without the threads line): the partial read says nothing
    // newer about the threads. Were it admitted before the answer, the turn budget would end on the other clause's
    // pick, and the threads clause would get only a read that does not answer it. (Gunicorn is on every `docker
    // compose ps`: a common word, which the partial read's summary alone does not make an answer.)
    let ps: Vec<(i64, String)> = (40..90).map(|k| (k, format!("NAME   COMMAND              STATUS\napi-1  \"gunicorn app.wsgi\"  Up {k} minutes"))).collect();
    let mut folds: Vec<(i64, &str, &str)> = vec![
        (10, "Read: /srv/app/gunicorn.conf.py", "bind = \"0.0.0.0:8000\"\nworker_class = \"gthread\"\nthreads = 4"),
        (20, "Bash: celery -A app inspect stats", "-> celery@worker-1: OK\n    \"max-concurrency\": 8,\n    celery concurrency is 8 processes"),
        (30, "Read: /srv/app/gunicorn.conf.py", "timeout = 30\nmax_requests = 2000"),
    ];
    folds.extend(ps.iter().map(|(k, t)| (*k, "Bash: docker compose ps", t.as_str())));
    let cf = v2_store(&folds);
    let prompt = "How many gunicorn threads do we run, and what's the celery concurrency?";
    // (The partial read, a third pick without a word of the question, is shown as its head: `recall27`.)
    let unbudgeted = ask(&cf, prompt, None);
    let all: Vec<i64> = ids(&unbudgeted).into_iter().chain(unbudgeted.related.iter().map(|l| l.step_id)).collect();
    assert!(all.contains(&10) && all.contains(&20) && all.contains(&30), "{all:?}");
    let r = ask(&cf, prompt, Some(1_400));
    let got = ids(&r);
    assert!(got.contains(&10) && got.contains(&20), "{got:?} (unbudgeted: {all:?})");
}

#[test]
fn ranked_v2_a_two_letter_acronym_finds_its_steps_through_the_words_its_tools_print() {
    // The index carries no two-letter term: "CI" finds steps through the `WORKFLOW` column of `gh run list`, not
    // through "main", which sixty newer `git status` runs carry.
    let runs = "STATUS  TITLE                         WORKFLOW  BRANCH  EVENT  ID           AGE\n✓       fix(server): guard the fanout  CI        main    push   11843391024  1 minute ago";
    let status: Vec<(i64, String)> = (20..80).map(|k| (k, format!("On branch main\nChanges not staged for commit:\n  modified: src/file_{k}.go"))).collect();
    let mut folds: Vec<(i64, &str, &str)> = vec![(10, "Bash: gh run list --limit 3", runs)];
    folds.extend(status.iter().map(|(k, t)| (*k, "Bash: git status", t.as_str())));
    let cf = v2_store(&folds);
    let got = ids(&ask(&cf, "Is CI green on main now?", None));
    assert_eq!(got.first(), Some(&10), "{got:?}");
}

// Rules of branch recall15 (ranked-v2 only): status questions are answered by the newest step that gives a verdict.

/// A test runner's listing: `n` lines of passing tests that mention `word` (a log says `PASS` on every other line).
fn listing(n: usize, word: &str) -> String {
    (0..n).map(|i| format!("PASS src/{word}_{i}.rs (1.{i} s)\n  ✓ {word} handles case {i} (3 ms)")).collect::<Vec<_>>().join("\n")
}

#[test]
fn ranked_v2_a_status_rows_mark_is_its_verdict() {
    // `gh run list` says "CI green on main" with a ✓ at the start of its row (no word of a verdict); the newer local test
    // runs say PASS next to `src/main.rs` and a `ci.yml` path, which is no verdict of CI.
    let runs = "STATUS  TITLE                      WORKFLOW  BRANCH  EVENT  ID          AGE\n✓       Merge pull request #214  CI        main    push   9128001245  4 minutes ago";
    let local: Vec<(i64, String)> = (20..40).map(|k| (k, format!("{}\nPASS src/main.rs (0.{k} s)\n  at ci_{k} (.github/workflows/ci.yml:{k}:2)", listing(4, "chunk")))).collect();
    let mut folds: Vec<(i64, &str, &str)> = vec![(10, "Bash: gh run list --limit 3", runs)];
    folds.extend(local.iter().map(|(k, t)| (*k, "Bash: cargo test --lib", t.as_str())));
    let cf = v2_store(&folds);
    let got = ids(&ask(&cf, "Is CI green on main now?", None));
    assert_eq!(got.first(), Some(&10), "{got:?}");
}

#[test]
fn ranked_v2_a_verdict_question_is_answered_by_the_newest_whole_run_with_a_tally_not_by_a_run_of_part_of_it() {
    // The whole suite's tally answers "are all the host tests passing?"; the newer runs of one test (`-R`) say PASS
    // about that test only, and a coverage table grepped from a run gives no verdict.
    let whole = format!("{}\n100% tests passed, 0 tests failed out of 51", listing(6, "host"));
    let failed = format!("{}\n96% tests passed, 2 tests failed out of 48", listing(6, "host"));
    let folds: Vec<(i64, &str, &str)> = vec![
        (10, "Bash: ctest --preset host-tests (failed)", &failed),
        (11, "Bash: ctest --preset host-tests", &whole),
        (12, "Bash: ctest --preset host-tests -R test_crc32", "PASS test_crc32 (0.2 s)\n  ✓ crc32 of host tests matches (1 ms)"),
        (13, "Bash: ctest --preset host-tests -R test_crc32", "PASS test_crc32 (0.3 s)\n  ✓ crc32 of host tests matches (1 ms)"),
        (14, "Bash: ctest --preset host-tests --coverage | grep 'All files'", "All files | 82.41 | 71.05 | host tests\nPASS host tests (0.1 s)"),
    ];
    let cf = v2_store(&folds);
    let got = ids(&ask(&cf, "are all the host ctest tests passing?", None));
    assert_eq!(got.first(), Some(&11), "{got:?}");
}

#[test]
fn ranked_v2_a_newer_run_without_a_tally_is_the_verdict_not_an_older_run_of_the_same_command_that_had_one() {
    // The suite passed at step 10 (a tally); at step 20 the same command stopped at a collection error (no tally): the
    // tests do not pass now, and the old tally is a superseded state.
    let passed = format!("{}\n======== 64 passed in 4.02s ========", listing(6, "python"));
    let broken = "ImportError while importing test module 'tests/test_cli.py'.\nE   ModuleNotFoundError: No module named 'serial'\n!!!!! Interrupted: 1 error during collection !!!!!";
    let folds: Vec<(i64, &str, &str)> = vec![(10, "Bash: python -m pytest tests -q", &passed), (20, "Bash: python -m pytest tests -q (failed)", broken)];
    let cf = v2_store(&folds);
    let got = ids(&ask(&cf, "are the python tests passing now?", None));
    assert_eq!(got.first(), Some(&20), "{got:?}");
}

#[test]
fn ranked_v2_a_later_step_that_names_the_run_a_verdict_row_shows_is_its_newer_verdict() {
    // The release run 9127730015 failed (its row says X), was rerun and watched: the watch is how it ended.
    let list = "STATUS  TITLE   WORKFLOW  BRANCH  EVENT  ID          AGE\nX       v0.8.0  release   v0.8.0  push   9127730015  3 minutes ago";
    let watch = "✓ release · 9127730015\nTriggered via push about 12 minutes ago\nJOBS\n✓ build (ubuntu-latest) in 3m12s\n✓ publish in 48s";
    let local: Vec<(i64, String)> = (30..40).map(|k| (k, format!("{}\ntest result: FAILED. 21 passed; 1 failed; 0 ignored", listing(4, "release")))).collect();
    let mut folds: Vec<(i64, &str, &str)> = vec![
        (10, "Bash: gh run list --workflow release.yml --limit 2", list),
        (11, "Bash: gh run view 9127730015 --log-failed", "publish\tUNKNOWN STEP\terror: the release workflow could not log in to crates.io"),
        (20, "Bash: gh run rerun 9127730015 && gh run watch 9127730015", watch),
    ];
    folds.extend(local.iter().map(|(k, t)| (*k, "Bash: cargo test --test api (failed)", t.as_str())));
    let cf = v2_store(&folds);
    let got = ids(&ask(&cf, "Did the release workflow succeed in the end?", None));
    assert_eq!(got.first(), Some(&20), "{got:?}");
}

#[test]
fn ranked_v2_a_run_of_the_command_a_verdict_question_names_answers_it_and_a_read_of_its_file_does_not() {
    // "is golangci-lint clean?" names a command: its newest run is the verdict, not a CI row whose title mentions it,
    // nor a read of its config file.
    let runs = "STATUS  TITLE                    WORKFLOW  BRANCH  EVENT  ID           AGE\n✓       chore: bump golangci-lint  CI        main    push   11839870411  2 hours ago";
    let folds: Vec<(i64, &str, &str)> = vec![
        (10, "Bash: golangci-lint run ./... (failed)", "internal/queue/dispatch.go:41:2: ineffectual assignment to err (ineffassign)\n1 issues:\n* ineffassign: 1"),
        (11, "Bash: golangci-lint run ./...", "0 issues."),
        (12, "Bash: gh run list --limit 3", runs),
        (13, "Read: /home/dev/relayd/.golangci-lint.yml", "linters:\n  enable:\n    - golangci-lint passes: ineffassign, govet, errcheck\n    - lint clean run: true"),
    ];
    let cf = v2_store(&folds);
    let got = ids(&ask(&cf, "Is golangci-lint clean?", None));
    assert_eq!(got.first(), Some(&11), "{got:?}");
}

#[test]
fn ranked_v2_a_run_of_part_of_a_command_is_no_verdict_when_a_run_of_the_whole_answers() {
    // `pytest tests/test_cli_args.py -q` names "tests" in its command, `pytest -q` does not; the newer whole run's
    // tally is the verdict on the python tests (its runner named for the language).
    let part = "PASS tools/tests/test_cli_args.py (1.7 s)\n  ✓ parses the port (3 ms)";
    let whole = format!("{}\n64 passed in 4.02s", listing(6, "tests"));
    let ctest = format!("{}\n100% tests passed, 0 tests failed out of 51", listing(6, "host"));
    let folds: Vec<(i64, &str, &str)> = vec![
        (10, "Bash: cd tools && pytest tests/test_cli_args.py -q", part),
        (11, "Bash: ctest --preset host-tests", &ctest),
        (12, "Bash: cd tools && pytest -q", &whole),
        (13, "Bash: cd tools && pytest tests/test_cli_args.py -q", part),
        (14, "Bash: python -m kestrel_cli monitor --seconds 10", "python kestrel_cli: link up, 0 errors"),
    ];
    let cf = v2_store(&folds);
    let got = ids(&ask(&cf, "are the python tests passing?", None));
    assert_eq!(got.first(), Some(&12), "{got:?}");
}

#[test]
fn ranked_v2_a_question_about_a_moment_is_answered_by_the_newest_step_before_it_or_the_first_after_it() {
    let cf = v2_store(&[
        (10, "Bash: arm-none-eabi-size build/fw.elf", "flash: 91.2% used of 512 KB"),
        (20, "Edit: /home/dev/fw/CMakeLists.txt", "set(CMAKE_INTERPROCEDURAL_OPTIMIZATION ON) # turn LTO on for the release build"),
        (30, "Bash: arm-none-eabi-size build/fw.elf", "flash: 74.5% used of 512 KB"),
        (40, "Bash: arm-none-eabi-size build/fw.elf", "flash: 76.0% used of 512 KB"),
    ]);
    let before = ask(&cf, "how full was flash right before we turned LTO on?", None);
    assert_eq!(ids(&before).first(), Some(&10), "{:?}", ids(&before));
    assert!(!ids(&before).contains(&30) && !ids(&before).contains(&40), "{:?}", ids(&before));
    let after = ask(&cf, "how full was flash right after we turned LTO on?", None);
    assert_eq!(ids(&after).first(), Some(&30), "{:?}", ids(&after));
    assert!(!ids(&after).contains(&10), "{:?}", ids(&after));
    // Without a moment, the past tense asks for the best answer, and ties go to the newest.
    let plain = ask(&cf, "how full was flash?", None);
    assert_eq!(ids(&plain).first(), Some(&40), "{:?}", ids(&plain));
}

#[test]
fn ranked_v2_a_clause_an_earlier_clauses_pick_answers_takes_no_other_step() {
    // The commit that moved postgres answers both clauses; the step that gives another reason ("why") for another
    // change answers neither, and is not hydrated for the second clause.
    let cf = v2_store(&[
        (10, "Bash: npm run migrate:down -- V12", "reverted V12\nreason: V12 locked the invoices table during the backfill"),
        (20, "Bash: git commit -am 'chore(db): move dev postgres'", "[main 4f2a1c9] chore(db): move dev postgres to port 5434 because the e2e stack needs 5433"),
        (30, "Bash: docker ps", "CONTAINER ID   IMAGE         PORTS                    NAMES\n3f2a9c1d7b10   postgres:16   0.0.0.0:5434->5432/tcp   billing-db-1"),
    ]);
    let got = ids(&ask(&cf, "Which port is postgres on now, and why did we move it?", None));
    assert!(got.contains(&20), "{got:?}");
    assert!(!got.contains(&10), "another change's reason: {got:?}");
}

fn turn<S: contextfold::store::Storage>(cf: &ContextFold<S>, prompt: &str, budget: i64) -> contextfold::scan::Turn {
    block_on(cf.before_turn_with(prompt, &TurnOptions { turn_budget: Some(budget), ..Default::default() })).unwrap()
}

/// Whether a turn shows `text` of a step: hydrated whole, or among its lines.
fn shows(t: &contextfold::scan::Turn, step: i64, text: &str) -> bool {
    t.hydrated.iter().any(|h| h.step_id == step && h.raw_content.contains(text)) || t.excerpts.iter().any(|e| e.step_id == step && e.lines.iter().any(|l| l.text.contains(text)))
}

/// Steps about one flaky test: its failures, the CI run that says why, the fix, and a port change.
fn redelivery_store() -> ContextFold<MemoryStorage> {
    v2_store(&[
        (10, "Bash: go test ./internal/server/...", "--- FAIL: TestRedelivery (0.31s)\n    redelivery_test.go:42: expected 3 redeliveries, got 2"),
        (20, "Bash: go test -count=20 -run TestRedelivery ./internal/server/", "--- FAIL: TestRedelivery (0.29s)\n    redelivery_test.go:42: expected 3 redeliveries, got 2\nok  5 of 20 runs failed"),
        (30, "Bash: gh run view 118", "TestRedelivery failed on the runner: the ack deadline of 50ms raced the redelivery timer"),
        (40, "Edit: internal/server/redelivery_test.go", "clock := fakeclock.New()\nsrv := newServer(withClock(clock))\nclock.Advance(ackDeadline) // redelivery no longer races the wall clock"),
        (50, "Bash: docker ps", "CONTAINER ID   IMAGE         PORTS                    NAMES\n3f2a9c1d7b10   postgres:16   0.0.0.0:5434->5432/tcp   relayd-db-1"),
        (60, "Read: docs/redelivery.md", "# Redelivery\nA message not acked within the ack deadline is redelivered, at most 3 times."),
        (61, "Bash: go test -run TestRedelivery -v ./internal/server/", "=== RUN   TestRedelivery\n--- PASS: TestRedelivery (0.05s)"),
        (62, "Read: internal/server/redelivery.go", "func (s *Server) redeliver(m *Message) {\n\tif m.Redeliveries >= maxRedeliveries {"),
        (63, "Bash: git log --oneline -3", "9c1e2f0 test(server): fake clock in TestRedelivery\n4b7a9d1 feat(server): redelivery after the ack deadline"),
    ])
}

#[test]
fn ranked_v2_a_question_about_the_past_also_gets_the_best_lines_of_the_steps_ranked_next() {
    let cf = redelivery_store();
    let t = turn(&cf, "Why did the redelivery test fail?", 2500);
    let picked = ids(&t.scan);
    assert!(!picked.is_empty());
    assert!(!t.excerpts.is_empty(), "{picked:?} {:?}", t.scan.related);
    for e in &t.excerpts {
        assert!(!picked.contains(&e.step_id), "an excerpt of a hydrated step: {picked:?} {e:?}");
        let node = block_on(cf.hydrate(e.step_id)).unwrap();
        let all: Vec<&str> = node.raw_content.lines().collect();
        assert_eq!(e.line_count, all.len() as i64);
        // At most two best lines, each with the line after it, in content order.
        assert!(e.lines.len() <= 4 && e.lines.windows(2).all(|w| w[0].number < w[1].number), "{e:?}");
        for l in &e.lines {
            // Each line as the verified content has it (none here is long enough to be cut).
            assert_eq!(l.text, all[(l.number - 1) as usize]);
        }
        assert!(e.lines.iter().any(|l| l.text.to_lowercase().contains("redeliver")), "about the question: {e:?}");
        assert_eq!(e.payload_sha256, node.payload_sha256);
    }
    // Within the turn budget, and in the context after the hydrated nodes.
    assert!(t.tokens <= 2500);
    assert_eq!(t.tokens, t.hydrated.iter().map(|h| h.token_estimate).sum::<i64>() + t.excerpts.iter().map(|e| e.token_estimate).sum::<i64>());
    let first = &t.excerpts[0];
    assert!(t.context.contains(&format!("[ContextFold: step {}, lines ", first.step_id)), "{}", t.context);
    // Deterministic.
    assert_eq!(t, turn(&cf, "Why did the redelivery test fail?", 2500));
}

#[test]
fn ranked_v2_with_the_hosts_cap_on_its_text_the_excerpts_also_show_the_lines_around_their_best_ones() {
    let cf = redelivery_store();
    // (A question about the present: no pick of it is shown as lines for its size, so a tighter budget keeps the
    // selection.)
    let prompt = "Is the redelivery test passing now?";
    let narrow = turn(&cf, prompt, 2500);
    let with_cap = |cap: i64| block_on(cf.before_turn_with(prompt, &TurnOptions { turn_budget: Some(2500), max_chars: Some(cap), ..Default::default() })).unwrap();
    let wide = with_cap(10_000);
    // The same selection and the same steps excerpted, each with its best lines and some lines around them.
    assert_eq!(ids(&wide.scan), ids(&narrow.scan));
    assert_eq!(wide.excerpts.iter().map(|e| e.step_id).collect::<Vec<_>>(), narrow.excerpts.iter().map(|e| e.step_id).collect::<Vec<_>>());
    let numbers = |e: &contextfold::scan::Excerpt| e.lines.iter().map(|l| l.number).collect::<Vec<_>>();
    for (n, w) in narrow.excerpts.iter().zip(&wide.excerpts) {
        assert!(numbers(n).iter().all(|k| numbers(w).contains(k)), "{n:?} {w:?}");
        assert!(numbers(w).iter().all(|&k| numbers(n).iter().any(|&b| b - 1 <= k && k <= b + 3)), "{n:?} {w:?}");
        let all: Vec<String> = block_on(cf.hydrate(w.step_id)).unwrap().raw_content.lines().map(String::from).collect();
        assert!(w.lines.iter().all(|l| l.text == all[(l.number - 1) as usize]));
    }
    assert!(narrow.excerpts.iter().zip(&wide.excerpts).any(|(n, w)| w.lines.len() > n.lines.len()));
    // Within the turn budget, and what the context shows.
    assert!(wide.tokens <= 2500);
    assert_eq!(wide.tokens, wide.hydrated.iter().map(|h| h.token_estimate).sum::<i64>() + wide.excerpts.iter().map(|e| e.token_estimate).sum::<i64>());
    let first = &wide.excerpts[0];
    let shown = first.lines.iter().map(|l| l.number.to_string()).collect::<Vec<_>>().join(", ");
    assert!(wide.context.contains(&format!("[ContextFold: step {}, lines {shown} of", first.step_id)), "{}", wide.context);
    // A cap the hydrated steps already fill leaves the excerpts as they are; so does a budget they fill.
    assert_eq!(with_cap(0).excerpts, narrow.excerpts);
    let tight = block_on(cf.before_turn_with(prompt, &TurnOptions { turn_budget: Some(narrow.tokens), max_chars: Some(10_000), ..Default::default() })).unwrap();
    let tight_narrow = turn(&cf, prompt, narrow.tokens);
    assert_eq!(tight.excerpts, tight_narrow.excerpts);
}

#[test]
fn ranked_v2_a_question_about_the_present_gets_lines_of_other_steps_newest_first_and_no_older_run_without_the_newest() {
    // Postgres moved from 5432 to 5433 to 5434: an older state shown as a line, without the newest, would be a wrong
    // answer. The lines come newest first, so any prefix the budget keeps holds the newest states.
    let cf = v2_store(&[
        (10, "Bash: docker compose up -d db && docker compose logs db", "db-1  | LOG:  starting PostgreSQL 16.1\ndb-1  | LOG:  listening on IPv4 address \"0.0.0.0\", port 5432"),
        (20, "Bash: cat .env", "POSTGRES_HOST=localhost\nPOSTGRES_PORT=5433\nREDIS_URL=redis://localhost:6379"),
        (30, "Bash: docker compose up -d db && docker compose logs db", "db-1  | LOG:  starting PostgreSQL 16.1\ndb-1  | LOG:  listening on IPv4 address \"0.0.0.0\", port 5433"),
        (40, "Bash: git commit -am 'chore(db): move dev postgres to 5434'", "[main 4c1d2e9] chore(db): move dev postgres to 5434\n 2 files changed, 3 insertions(+), 3 deletions(-)"),
        (50, "Bash: docker compose up -d db && docker compose logs db", "db-1  | LOG:  starting PostgreSQL 16.1\ndb-1  | LOG:  listening on IPv4 address \"0.0.0.0\", port 5434"),
        (60, "Bash: docker ps", "CONTAINER ID   IMAGE         PORTS                    NAMES\n3f2a9c1d7b10   postgres:16   0.0.0.0:5434->5432/tcp   billing-db-1"),
        (70, "Bash: psql -h localhost -p 5434 -c 'select version()'", " PostgreSQL 16.1 on x86_64-pc-linux-gnu"),
    ]);
    let t = turn(&cf, "Which port is postgres on now?", 2500);
    let hydrated: Vec<i64> = t.hydrated.iter().map(|h| h.step_id).collect();
    assert!(!hydrated.is_empty());
    assert!(!t.excerpts.is_empty(), "{hydrated:?} {:?}", t.scan.related);
    let excerpted: Vec<i64> = t.excerpts.iter().map(|e| e.step_id).collect();
    assert!(excerpted.windows(2).all(|w| w[0] > w[1]), "not newest first: {excerpted:?}");
    for e in &t.excerpts {
        // No older run of a command is shown while its newest run is not hydrated.
        let newest = [10, 30, 50].contains(&e.step_id).then_some(50).unwrap_or(e.step_id);
        assert!(newest == e.step_id || hydrated.contains(&newest), "{hydrated:?} {excerpted:?}");
    }
    assert!(t.tokens <= 2500);
    // Deterministic.
    assert_eq!(t, turn(&cf, "Which port is postgres on now?", 2500));
}

#[test]
fn ranked_v2_a_newest_run_left_out_for_the_budget_is_not_shown_so_no_older_run_stands_in_for_it() {
    // The node version fills most of the turn; the newest `docker compose logs db` is picked but left out for the
    // budget. It is not shown, so the older run's "port 5433" beside it would be a superseded state shown without
    // the latest: the older run gets no lines, the newest gets its own if they fit.
    // (About 1,900 tokens of node, about 1,000 of the newest logs: not both in 2,500, room left for lines.)
    let modules: String = (0..140).map(|i| format!("  node_modules/.pnpm/pkg-{i:04}@1.0.0 ......\n")).collect();
    let checkpoints: String = (0..80).map(|i| format!("db-1  | LOG:  checkpoint complete: {i:04}\n")).collect();
    let cf = v2_store(&[
        (10, "Bash: docker compose up -d db && docker compose logs db", "db-1  | LOG:  starting PostgreSQL 16.1\ndb-1  | LOG:  listening on IPv4 address \"0.0.0.0\", port 5432"),
        (30, "Bash: docker compose up -d db && docker compose logs db", "db-1  | LOG:  starting PostgreSQL 16.1\ndb-1  | LOG:  listening on IPv4 address \"0.0.0.0\", port 5433"),
        (50, "Bash: docker compose up -d db && docker compose logs db", &format!("db-1  | LOG:  starting PostgreSQL 16.1\ndb-1  | LOG:  listening on IPv4 address \"0.0.0.0\", port 5434\n{checkpoints}")),
        (60, "Bash: node --version && pnpm ls --depth 0", &format!("v20.11.1\n{modules}")),
    ]);
    let t = turn(&cf, "Which node version do we run now, and which port is postgres on?", 2500);
    let hydrated: Vec<i64> = t.hydrated.iter().map(|h| h.step_id).collect();
    assert!(hydrated.contains(&60) && !hydrated.contains(&50), "{hydrated:?} {:?}", t.scan.budget_dropped);
    let excerpted: Vec<i64> = t.excerpts.iter().map(|e| e.step_id).collect();
    assert!(!excerpted.contains(&10) && !excerpted.contains(&30), "an older run without the newest: {excerpted:?}");
    assert!(t.tokens <= 2500, "{:?} {:?}", t.hydrated.iter().map(|h| (h.step_id, h.token_estimate)).collect::<Vec<_>>(), t.excerpts.iter().map(|e| (e.step_id, e.token_estimate)).collect::<Vec<_>>());
}

#[test]
fn ranked_v2_a_question_about_the_present_that_nothing_answers_gets_no_lines() {
    // A question about the past gets the best lines when nothing is hydrated (the uploader's file, `src/upload.rs`);
    // one about the present does not: lines chosen without any step that answers are older states as likely as not.
    let cf = v2_store(&[
        (10, "Bash: cargo +1.74 check (failed)", "error: package `sqlx-core v0.8.2` cannot be built because it requires rustc 1.78.0 or newer, while the currently active rustc version is 1.74.1"),
        (20, "Bash: cargo test", "test result: ok. 212 passed; 0 failed"),
        (30, "Bash: cargo clippy (failed)", "error: this `if` has identical blocks\n  --> src/upload.rs:40:9"),
    ]);
    let t = turn(&cf, "Which toolchain pin does the uploader use now?", 2500);
    assert!(t.hydrated.is_empty() && t.excerpts.is_empty(), "{:?} {:?}", ids(&t.scan), t.scan.related);
}

#[test]
fn ranked_v2_excerpts_stay_within_what_the_hydrated_steps_leave_of_the_budget() {
    let cf = redelivery_store();
    // (A question about the present: no pick of it is shown as lines for its size, so a tighter budget keeps the
    // selection.)
    let prompt = "Is the redelivery test passing now?";
    let roomy = turn(&cf, prompt, 2500);
    let hydrated: i64 = roomy.hydrated.iter().map(|h| h.token_estimate).sum();
    let first = roomy.excerpts[0].token_estimate;
    // Room for the hydrated steps and less than the first excerpt: no excerpt.
    let tight = turn(&cf, prompt, hydrated + first - 1);
    assert_eq!(ids(&tight.scan), ids(&roomy.scan));
    assert!(tight.excerpts.is_empty(), "{:?}", tight.excerpts);
    assert!(tight.tokens <= hydrated + first - 1);
}

/// A staging deploy rolled back after its pods failed their probe: the rollback prints the image live again, the
/// `kubectl describe` just before it says why.
fn rollback_store() -> ContextFold<MemoryStorage> {
    v2_store(&[
        (10, "Bash: kubectl -n relay set image deploy/relayd relayd=ghcr.io/relaylabs/relayd:v0.5.0-rc.1", "deployment.apps/relayd image updated"),
        (
            11,
            "Bash: kubectl -n relay describe pod relayd-7d4b9f6c5-kx2vn | tail -4",
            "Events:\n  Normal   Pulled     2m10s  kubelet  Successfully pulled image \"ghcr.io/relaylabs/relayd:v0.5.0-rc.1\"\n  Warning  Unhealthy  14s    kubelet  Readiness probe failed: timeout: failed to connect service \":50051\" within 1s\n[relay-5] GET /api/v1/fanout 200 277ms",
        ),
        (12, "Read: /home/dev/relayd/internal/store/postgres.go", "package store\n\nfunc (s *Store) Lease(ctx context.Context) error {"),
        (13, "Bash: kubectl -n relay rollout undo deploy/relayd && kubectl -n relay get deploy relayd -o jsonpath='{.spec.template.spec.containers[0].image}'", "deployment.apps/relayd rolled back\nghcr.io/relaylabs/relayd:v0.4.2"),
        (20, "Bash: go test ./...", "ok  \trelayd/internal/server\t0.412s"),
    ])
}

#[test]
fn ranked_v2_a_question_why_a_release_was_rolled_back_gets_the_failure_lines_of_the_step_just_before_the_rollback() {
    let cf = rollback_store();
    for prompt in ["Why did we roll back the rc.1 deploy?", "rc.1 dağıtımını neden geri aldık?"] {
        let t = turn(&cf, prompt, 2500);
        let picked = ids(&t.scan);
        assert!(picked.contains(&13) && !picked.contains(&11), "{prompt}: {picked:?}");
        let cause = t.excerpts.iter().find(|e| e.step_id == 11).unwrap_or_else(|| panic!("{prompt}: {picked:?} {:?}", t.scan.related));
        // Its failure lines only, not the rest of its output.
        let lines: Vec<&str> = cause.lines.iter().map(|l| l.text.as_str()).collect();
        assert_eq!(lines, ["  Warning  Unhealthy  14s    kubelet  Readiness probe failed: timeout: failed to connect service \":50051\" within 1s"], "{prompt}");
        assert!(t.tokens <= 2500);
        assert_eq!(t, turn(&cf, prompt, 2500), "deterministic");
    }
}

#[test]
fn ranked_v2_only_a_question_why_gets_the_step_before_a_rollback() {
    // "When" asks for the rollback itself: the failure before it is no answer.
    let cf = rollback_store();
    let t = turn(&cf, "When did we roll back the rc.1 deploy?", 2500);
    assert!(ids(&t.scan).contains(&13), "{:?}", ids(&t.scan));
    assert!(!t.excerpts.iter().any(|e| e.step_id == 11), "{:?}", t.excerpts);
}

/// A TypeError that Sentry reports at `price.service.ts:58`, the read of that file just after, and a crash whose
/// addresses `addr2line` resolves.
fn origin_store() -> ContextFold<MemoryStorage> {
    let read: String = (40..=80).map(|n| if n == 58 { format!("  {n}\t    const currency = cart.region.currency;\n") } else { format!("  {n}\t    const line{n} = await this.step{n}(cart);\n") }).collect();
    v2_store(&[
        (10, "Bash: sentry-cli issues list --project shop-api --status unresolved", "| Issue | Title | Events | Culprit |\n| SHOP-API-3F2 | TypeError: Cannot read properties of undefined (reading 'currency') | 412 | apps/api/src/pricing/price.service.ts:58 |\n| SHOP-API-2C0 | PrismaClientKnownRequestError: Unique constraint failed | 19 | apps/api/src/wishlist/wishlist.service.ts |"),
        (11, "Bash: git log --oneline -3", "4c1d2e9 pricing: per-region tax\n9ab01f2 cart: regions"),
        (12, "Read: /home/dev/shop/apps/api/src/pricing/price.service.ts", read.as_str()),
        (20, "Bash: make flash && make monitor (failed)", "boot ok odr=800Hz\n*** HardFault ***\nPC=0x08004a1c LR=0x08004b57\nCFSR=0x00008200"),
        (21, "Bash: arm-none-eabi-addr2line -f -C -e build/fw.elf 0x08004a1c 0x08004b57", "Bmi270::readFifo(unsigned char*)\nsrc/sensors/bmi270.cpp:212\nimuTask(void*)\nsrc/tasks/imu_task.cpp:57"),
        (30, "Bash: pnpm test", "Tests: 88 passed, 88 total"),
    ])
}

#[test]
fn ranked_v2_a_question_what_caused_a_failure_gets_the_line_it_points_at_from_the_read_just_after_it() {
    let cf = origin_store();
    let t = turn(&cf, "What line caused the currency TypeError sentry was reporting?", 2500);
    let picked = ids(&t.scan);
    assert!(picked.contains(&10) && !picked.contains(&12), "{picked:?}");
    let read = t.excerpts.iter().find(|e| e.step_id == 12).unwrap_or_else(|| panic!("{picked:?} {:?}", t.scan.related));
    let lines: Vec<&str> = read.lines.iter().map(|l| l.text.as_str()).collect();
    assert_eq!(lines, ["  57\t    const line57 = await this.step57(cart);", "  58\t    const currency = cart.region.currency;", "  59\t    const line59 = await this.step59(cart);"]);
    assert!(t.tokens <= 2500);
    assert_eq!(t, turn(&cf, "What line caused the currency TypeError sentry was reporting?", 2500), "deterministic");
}

#[test]
fn ranked_v2_a_question_where_a_crash_came_from_gets_the_places_its_addresses_resolve_to() {
    let cf = origin_store();
    for prompt in ["Where did the hard fault come from?", "What caused the hard fault?"] {
        let t = turn(&cf, prompt, 2500);
        let picked = ids(&t.scan);
        assert!(picked.contains(&20) && !picked.contains(&21), "{prompt}: {picked:?}");
        let resolved = t.excerpts.iter().find(|e| e.step_id == 21).unwrap_or_else(|| panic!("{prompt}: {picked:?} {:?}", t.scan.related));
        let lines: Vec<&str> = resolved.lines.iter().map(|l| l.text.as_str()).collect();
        assert_eq!(lines, ["src/sensors/bmi270.cpp:212", "src/tasks/imu_task.cpp:57"], "{prompt}");
    }
    // Not for a question that asks no cause.
    let t = turn(&cf, "Did the flash work?", 2500);
    assert!(!t.excerpts.iter().any(|e| e.step_id == 21 && e.lines.len() == 2), "{:?}", t.excerpts);
}

#[test]
fn ranked_v2_a_coverage_question_gets_the_newest_coverage_total_not_the_newest_test_run() {
    // "coverage" asks for a share, as coverage tools print it (`TOTAL … 85%`), and `--cov` / `test:cov` abbreviate it:
    // the test runs after the coverage run say "test" and are newer, but hold no coverage.
    let cf = v2_store(&[
        (10, "Bash: pytest --cov=. --cov-report=term -q | tail -1", "TOTAL    2841    625    78%"),
        (20, "Bash: pytest tests/test_accounts.py -q", "12 passed in 3.10s"),
        (30, "Bash: pytest --cov=. --cov-report=term -q | tail -1", "TOTAL    2905    436    85%"),
        (40, "Bash: pytest tests/test_routes.py -q", "test_routes.py::test_feed PASSED\n8 passed in 2.40s"),
        (50, "Bash: pytest tests/test_accounts.py -q", "test_accounts.py::test_refresh PASSED\n12 passed in 3.00s"),
    ]);
    let t = turn(&cf, "What's the test coverage now?", 2500);
    let picked = ids(&t.scan);
    assert!(picked.contains(&30) && !picked.contains(&10), "{picked:?}");
}

#[test]
fn ranked_v2_an_older_step_whose_command_names_the_question_is_read_past_fifty_newer_steps_of_the_same_words() {
    // Every later step carries "gpu", "memory" and "model" somewhere in its output (a session where they are
    // everywhere): by the words alone the nvidia-smi run ranks below all 56 of them; its summary names two of them,
    // which counts once its entry is read. (Candidates whose entries are read: the best 64 by their words and the
    // newest 16; with 48, it was never read.)
    let mut folds: Vec<(i64, String, String)> = vec![(1, "Bash: nvidia-smi --query-gpu=name,memory.used --format=csv".into(), "name, memory.used [MiB]\nNVIDIA L4, 14210 MiB".into())];
    for k in 10..66 {
        folds.push((k, format!("Bash: curl -s localhost:8000/v1/jobs/{k}"), format!("gpu scheduler idle\nmemory pool warm {k}\nmodel cache hit")));
    }
    let folds: Vec<(i64, &str, &str)> = folds.iter().map(|(s, m, t)| (*s, m.as_str(), t.as_str())).collect();
    let cf = v2_store(&folds);
    let t = turn(&cf, "How much GPU memory does the model use now?", 2500);
    assert!(ids(&t.scan).contains(&1) || t.excerpts.iter().any(|e| e.step_id == 1), "{:?} {:?}", ids(&t.scan), t.scan.related);
}

#[test]
fn ranked_v2_a_fix_question_also_gets_the_head_of_the_edit_that_followed_a_picked_failure() {
    // The edit's words are not the question's: it is shown as the fix of the failure picked before it, by its head.
    let cf = v2_store(&[
        (10, "Bash: go test ./internal/server/", "--- FAIL: TestWatch (0.50s)\n    server_test.go:88: goroutine leak in Watch: 1788 goroutines left"),
        (11, "Bash: curl -s localhost:6060/debug/pprof/goroutine?debug=1", "goroutine profile: total 1843\n1788 @ 0x43e1ae 0x4507c5\n#\t0x9a1f43\trelayd/internal/server.(*Server).Watch.func1+0x183\t/home/dev/relayd/internal/server/server.go:211"),
        (12, "Edit: /home/dev/relayd/internal/server/server.go", "The file /home/dev/relayd/internal/server/server.go has been updated.\n   211\t\tselect {\n   212\t\tcase <-stream.Context().Done():\n   213\t\t\ts.fanout.remove(sub)"),
        (20, "Bash: gh run list --limit 2", "STATUS  TITLE\nX       fix(server): stop leaking Watch goroutines\n✓       test(integration): sqlite store"),
        (21, "Edit: /home/dev/relayd/internal/server/fanout.go", "The file /home/dev/relayd/internal/server/fanout.go has been updated.\n    52\t\tdelete(f.subs, sub.id)"),
    ]);
    let t = turn(&cf, "How did we fix the goroutine leak in Watch?", 2500);
    let picked = ids(&t.scan);
    assert!(picked.contains(&11) && !picked.contains(&12), "{picked:?}");
    let fix = t.excerpts.iter().find(|e| e.step_id == 12).unwrap_or_else(|| panic!("{picked:?} {:?}", t.scan.related));
    assert_eq!(fix.lines.first().map(|l| l.number), Some(1));
    assert!(fix.lines.iter().any(|l| l.text.contains("case <-stream.Context().Done():")), "{fix:?}");
}

#[test]
fn ranked_v2_a_question_about_the_past_that_nothing_answers_whole_still_gets_the_best_lines() {
    // No step says "bump", "toolchain", "pin" or "uploader": none is hydrated, but the lines of the failure that says why are shown.
    let cf = v2_store(&[
        (10, "Bash: cargo +1.74 check (failed)", "error: package `sqlx-core v0.8.2` cannot be built because it requires rustc 1.78.0 or newer, while the currently active rustc version is 1.74.1"),
        (20, "Bash: cargo test", "test result: ok. 212 passed; 0 failed"),
        (30, "Bash: cargo clippy (failed)", "error: this `if` has identical blocks\n  --> src/upload.rs:40:9"),
        (40, "Bash: cargo build (failed)", "error[E0425]: cannot find value `chunk` in this scope"),
        (50, "Bash: cargo test (failed)", "error: test failed, to rerun pass `--lib`"),
    ]);
    let t = turn(&cf, "Why did we bump the toolchain pin of the uploader?", 2500);
    assert!(t.hydrated.is_empty(), "{:?}", ids(&t.scan));
    assert!(t.excerpts.iter().any(|e| e.step_id == 10), "{:?}", t.scan.related);
    assert_eq!(t.tokens, t.excerpts.iter().map(|e| e.token_estimate).sum::<i64>());
    // A question that needs nothing still gets nothing.
    let t = turn(&cf, "What is the difference between a mutex and a semaphore in general?", 2500);
    assert!(t.hydrated.is_empty() && t.excerpts.is_empty(), "{:?}", t.excerpts);
}

#[test]
fn ranked_v2_picks_after_the_first_two_are_shown_as_the_lines_that_answer_them() {
    // Three clauses, three picks of ~550 tokens each (a line that answers, then filler): the third costs what the lines
    // of eight steps do, so it is shown as the lines that answer it, and the rest of the budget goes to the steps
    // ranked next.
    let cf = v2_store(&[
        (10, "Bash: docker compose ps", "billing-db-1  postgres:16  Up 2 hours  0.0.0.0:5434->5432/tcp"),
        (20, "Bash: node -v", "node version v20.11.1"),
        (30, "Bash: redis-cli info server | head -5", "redis_version:7.2.4\ntcp_port:6380\nuptime_in_days:3"),
        (40, "Bash: git log --oneline -3", "4c1d2e9 invoices: due dates\n9ab01f2 ledger: rounding"),
    ]);
    let prompt = "Which port is postgres on, which node version do we run, and which redis version?";
    let t = turn(&cf, prompt, 2500);
    let whole: Vec<i64> = t.hydrated.iter().map(|h| h.step_id).collect();
    assert_eq!(whole.len(), 2, "{whole:?} {:?}", t.scan.related);
    let third = [10, 20, 30].into_iter().find(|s| !whole.contains(s)).unwrap();
    let lines = t.excerpts.iter().find(|e| e.step_id == third).unwrap_or_else(|| panic!("{whole:?} {:?}", t.scan.related));
    let text: Vec<&str> = lines.lines.iter().map(|l| l.text.as_str()).collect();
    let answer = [(10, "5434"), (20, "v20.11.1"), (30, "redis_version:7.2.4")].into_iter().find(|a| a.0 == third).unwrap().1;
    assert!(text.len() <= 4 && text.iter().any(|l| l.contains(answer)), "{text:?}");
    assert!(t.tokens <= 2500, "{}", t.tokens);
    assert_eq!(t, turn(&cf, prompt, 2500), "deterministic");
    // A budget that leaves the third pick out: it is shown as its lines all the same, once.
    let t = turn(&cf, prompt, 1300);
    let mut shown: Vec<i64> = t.hydrated.iter().map(|h| h.step_id).chain(t.excerpts.iter().map(|e| e.step_id)).collect();
    assert!([10, 20, 30].iter().all(|s| shown.contains(s)), "{shown:?}");
    let all = shown.len();
    shown.sort_unstable();
    shown.dedup();
    assert_eq!(shown.len(), all, "each step once: {:?}", t.excerpts.iter().map(|e| e.step_id).collect::<Vec<_>>());
    assert!(t.tokens <= 1300, "{}", t.tokens);
}

#[test]
fn ranked_v2_an_older_run_picked_after_its_newer_run_is_shown_as_lines_leaving_room_for_the_other_clause() {
    // "Is lint clean now": the failed run is the best answer by its words and its newer run, the state now, comes
    // first, whole; the failed run after it is no answer of its own and is shown as its lines, never whole beside
    // the step that answers the other clause.
    let cf = v2_store(&[
        (10, "Bash: ./gradlew lintRelease (failed)", "Lint found 2 errors, 14 warnings"),
        (20, "Bash: docker compose ps", "billing-db-1  postgres:16  Up 2 hours  0.0.0.0:5434->5432/tcp"),
        (30, "Bash: ./gradlew lintRelease", "Lint found 0 errors, 9 warnings"),
    ]);
    let prompt = "Is lint clean now and which port is postgres on?";
    let t = turn(&cf, prompt, 2500);
    let whole: Vec<i64> = t.hydrated.iter().map(|h| h.step_id).collect();
    assert!(whole.contains(&30) && whole.contains(&20), "{whole:?} {:?}", t.scan.related);
    assert!(!whole.contains(&10), "the older run is not hydrated whole: {whole:?}");
    assert_eq!(t, turn(&cf, prompt, 2500), "deterministic");
}

#[test]
fn ranked_v2_a_third_pick_is_shown_as_its_best_lines_even_where_they_do_not_show_every_word_it_was_picked_for() {
    // "pods" is only in the third pick's command, never on a line of its output: its lines all the same, not the
    // whole step, which would take the room of the steps ranked next.
    let cf = v2_store(&[
        (10, "Bash: docker compose ps", "billing-db-1  postgres:16  Up 2 hours  0.0.0.0:5434->5432/tcp"),
        (20, "Bash: node -v", "node version v20.11.1"),
        (30, "Bash: kubectl get pods -n billing", "NAME                 READY  STATUS\nbilling-api-7d9f     1/1    Running\nbilling-worker-5c    1/1    Running"),
    ]);
    let prompt = "Which port is postgres on, which node version do we run, and how many billing pods are running?";
    let t = turn(&cf, prompt, 2500);
    let whole: Vec<i64> = t.hydrated.iter().map(|h| h.step_id).collect();
    assert_eq!(whole.len(), 2, "{whole:?} {:?}", t.scan.related);
    let third = [10, 20, 30].into_iter().find(|s| !whole.contains(s)).unwrap();
    let lines = t.excerpts.iter().find(|e| e.step_id == third).unwrap_or_else(|| panic!("{whole:?} {:?}", t.scan.related));
    assert!(lines.lines.len() < 10, "{:?}", lines.lines);
    assert_eq!(t, turn(&cf, prompt, 2500), "deterministic");
}

#[test]
fn ranked_v2_a_past_question_gets_a_later_run_of_the_same_program_first_not_another_program_on_the_same_files() {
    // "what did the nginx error log say?": a later `awk` over the access log names nginx's logs too, but is no later
    // run of what was asked: it does not come before the answer (as a later `docker push` would).
    let cf = v2_store(&[
        (10, "Bash: ssh app-01 sudo tail -n 8 /var/log/nginx/error.log", "2026/12/04 10:02:11 [error] 1234#0: *88 upstream prematurely closed connection while reading response header from upstream (502s started), client: 10.0.0.7"),
        (20, "Bash: ssh app-01 \"sudo awk '{print $NF}' /var/log/nginx/access.log | sort -n | tail -3\"", "1.911\n1.877\n0.041"),
    ]);
    let r = ask(&cf, "what did the nginx error log say?", None);
    assert_eq!(ids(&r).first(), Some(&10), "{:?}", ids(&r));
}

#[test]
fn ranked_v2_autoscaling_bounds_are_answered_by_the_newest_autoscaler_table() {
    let hpa = |min: u32, max: u32| format!("NAME     REFERENCE           TARGETS        MINPODS   MAXPODS   REPLICAS   AGE\napi      Deployment/api      cpu: 41%/65%   {min}         {max}        {min}          14d");
    let (h1, h2) = (hpa(2, 6), hpa(4, 12));
    let cf = v2_store(&[
        (1, "Bash: kubectl get hpa -n shop", &h1),
        (2, "Bash: kubectl get deploy api -n shop", "NAME   READY   UP-TO-DATE   AVAILABLE   AGE\napi    2/2     2            2           14d"),
        (3, "Bash: kubectl get hpa -n shop", &h2),
        (4, "Bash: pnpm lint", "0 problems"),
    ]);
    for prompt in ["api autoscaler min/max?", "what are the autoscaling bounds of the api now"] {
        let r = ask(&cf, prompt, None);
        assert_eq!(ids(&r).first(), Some(&3), "{prompt}: {:?}", ids(&r));
        assert!(!ids(&r).contains(&1), "{prompt}: {:?}", ids(&r));
    }
}

#[test]
fn ranked_v2_how_a_thing_works_roughly_and_what_the_assistant_usually_picks_get_nothing() {
    let cf = v2_store(&[
        (1, "Bash: aws dynamodb describe-table --table-name main", "\"BillingModeSummary\": {\"BillingMode\": \"PAY_PER_REQUEST\"}\nadaptive capacity on"),
        (2, "Read: src/types.ts", "export type Order = { id: string }\nexport interface Ticket { id: string }"),
    ]);
    for prompt in ["how does dynamodb adaptive capacity work, roughly", "ts question: type alias vs interface, which do you usually go for", "dynamodb adaptive capacity nasıl çalışıyor kısaca"] {
        assert!(ask(&cf, prompt, None).selected.is_empty(), "{prompt}");
    }
    assert_eq!(ids(&ask(&cf, "which billing mode is the main table on now?", None)).first(), Some(&1));
}

#[test]
fn ranked_v2_a_misspelt_word_finds_the_word_the_store_has() {
    let cf = v2_store(&[
        (1, "Read: terraform/orders_queue.tf", "# orders queue\nvisibility = 360"),
        (2, "Bash: pnpm lint", "0 problems"),
        (3, "Bash: aws sqs get-queue-attributes --queue-url orders", "orders queue: receive wait 20 s, 34 messages"),
    ]);
    for prompt in ["orders queue visiblity now?", "whats the visibilty on the orders queue these days"] {
        assert_eq!(ids(&ask(&cf, prompt, None)).first(), Some(&1), "{prompt}");
    }
}

#[test]
fn ranked_v2_words_asked_apart_find_the_camel_case_identifier_they_glue_into() {
    // The index keeps `MaxReceiveCount` as one lowercased word: "max receive count" finds it glued. A newer step
    // that lists the queues (the words in other senses, no such setting) does not answer.
    let cf = v2_store(&[
        (1, "Bash: aws sqs get-queue-attributes --queue-url orders --attribute-names All", "{\n  \"Attributes\": {\n    \"VisibilityTimeout\": \"360\",\n    \"MaxReceiveCount\": \"5\"\n  }\n}"),
        (2, "Bash: pnpm lint", "0 problems"),
        (3, "Bash: aws sqs list-queues --queue-name-prefix orders", "orders\norders-dlq (max retention 14 days)\nqueue count: 2"),
    ]);
    for prompt in ["max receive count on orders now?", "whats the visibility timeout on the orders queue these days"] {
        let r = ask(&cf, prompt, None);
        assert_eq!(ids(&r).first(), Some(&1), "{prompt}: {:?}", ids(&r));
    }
}

#[test]
fn ranked_v2_a_state_question_takes_a_newer_print_of_the_value_over_the_command_that_set_it() {
    // The command that set the timeout says so in its summary; a later update of the memory prints the whole
    // configuration, the timeout next to the function's name: the newer print is the state now.
    let env: String = (0..24).map(|k| format!("\n            \"FEATURE_FLAG_{k}\": \"on\",")).collect();
    let c1 = format!("{{\n    \"FunctionName\": \"prod-order-worker\",\n    \"Runtime\": \"nodejs20.x\",\n    \"Handler\": \"index.handler\",\n    \"CodeSize\": 48213,\n    \"Environment\": {{\n        \"Variables\": {{{env}\n        }}\n    }},\n    \"Timeout\": 60,\n    \"MemorySize\": 1024\n}}");
    let c3 = "{\n    \"FunctionName\": \"prod-order-worker\",\n    \"Timeout\": 60,\n    \"MemorySize\": 1536,\n    \"Runtime\": \"nodejs20.x\",\n    \"Handler\": \"index.handler\"\n}";
    let cf = v2_store(&[
        (1, "Bash: aws lambda update-function-configuration --function-name prod-order-worker --memory-size 1024 --timeout 60", &c1),
        (2, "Bash: pnpm lint", "0 problems"),
        (3, "Bash: aws lambda update-function-configuration --function-name prod-order-worker --memory-size 1536 && aws lambda get-function-configuration --function-name prod-order-worker", c3),
    ]);
    let r = ask(&cf, "worker lambda timeout rn?", None);
    assert_eq!(ids(&r).first(), Some(&3), "{:?}", ids(&r));
}

#[test]
fn ranked_v2_whether_there_is_drift_is_answered_by_the_newest_plan() {
    let cf = v2_store(&[
        (1, "Bash: terraform -chdir=envs/prod plan", "aws_lambda_function.worker: Refreshing state...\nPlan: 0 to add, 1 to change, 0 to destroy."),
        (2, "Bash: terraform -chdir=envs/prod apply -auto-approve", "Apply complete! Resources: 0 added, 1 changed, 0 destroyed."),
        (3, "Bash: terraform -chdir=envs/prod plan", "aws_lambda_function.worker: Refreshing state...\nNo changes. Your infrastructure matches the configuration."),
        (4, "Bash: pnpm lint", "0 problems"),
    ]);
    for prompt in ["does terraform show any drift", "any tf drift left?"] {
        let r = ask(&cf, prompt, None);
        assert_eq!(ids(&r).first(), Some(&3), "{prompt}: {:?}", ids(&r));
        assert!(!ids(&r).contains(&1), "{prompt}: {:?}", ids(&r));
    }
}

#[test]
fn ranked_v2_a_question_in_the_simple_past_gets_the_run_that_went_wrong_not_the_newer_rerun() {
    // "what timed out" asks what happened then: the failed run says it, the newer rerun of the job only that it passed.
    let cf = v2_store(&[
        (1, "Bash: gh run view 1220 --job migrate-prod --log-failed (failed)", "migrate-prod\tRun migrations\tApplying migration '20261203_AddInvoiceLinesIdx'.\nmigrate-prod\tRun migrations\tFailed executing DbCommand (30,012ms)\nmigrate-prod\tRun migrations\tExecution Timeout Expired."),
        (2, "Bash: pnpm lint", "0 problems"),
        (3, "Bash: gh run rerun 1220 --job migrate-prod && gh run watch 1220", "migrate-prod\tRun migrations\tApplying migration '20261203_AddInvoiceLinesIdx'.\nmigrate-prod\tRun migrations\tDone.\n✓ migrate-prod completed in 4m12s"),
    ]);
    let r = ask(&cf, "what exactly timed out in the prod migration job", None);
    assert!(ids(&r).contains(&1), "{:?}", ids(&r));
}

#[test]
fn ranked_v2_how_slow_a_query_is_is_answered_by_the_line_with_its_execution_time() {
    // The query's file says "slow" in a comment; the plan says how long it took.
    let cf = v2_store(&[
        (1, "Bash: psql -c \"EXPLAIN ANALYZE SELECT * FROM transactions WHERE account_id = 7\"", "Seq Scan on transactions  (cost=0.00..48211.00 rows=120 width=96)\n Planning Time: 0.412 ms\n Execution Time: 1843.219 ms"),
        (2, "Read: /home/dev/app/db/queries/transactions.sql", "-- the transactions query of the account page\nSELECT * FROM transactions WHERE account_id = $1 ORDER BY created_at DESC;\n-- slow on big accounts: needs an index"),
        (3, "Bash: pnpm lint", "0 problems"),
    ]);
    for prompt in ["how slow is the transactions query", "how fast is the transactions query these days"] {
        let r = ask(&cf, prompt, None);
        assert_eq!(ids(&r).first(), Some(&1), "{prompt}: {:?}", ids(&r));
    }
}

#[test]
fn ranked_v2_how_often_something_runs_is_answered_by_the_cron_line_that_runs_it() {
    // The job's code says what it syncs; the crontab says how often it runs, in no word of the question.
    let cf = v2_store(&[
        (1, "Bash: ssh app-01 crontab -l", "# m h dom mon dow command\n*/2 * * * * php /srv/app/artisan couriers:sync-locations\n30 3 * * * php /srv/app/artisan manifests:close"),
        (2, "Read: /srv/app/app/Jobs/SyncCourierLocations.php", "class SyncCourierLocations implements ShouldQueue\n{\n    // pulls courier locations from the tracking API and syncs them\n    public function handle(TrackingApi $api) { $api->syncLocations(); }\n}"),
        (3, "Bash: pnpm lint", "0 problems"),
    ]);
    let r = ask(&cf, "how often do courier locations sync now?", None);
    assert_eq!(ids(&r).first(), Some(&1), "{:?}", ids(&r));
}

#[test]
fn ranked_v2_a_step_shown_as_lines_also_shows_the_first_line_its_command_filtered_for() {
    // The coverage run was piped through `grep 'All files'`: the line it kept is the answer, in no word of the question;
    // the lines that say "api" are not.
    let specs: String = (0..30).map(|k| format!("PASS apps/api/src/module{k}/module{k}.service.spec.ts (2.{k} s)\n")).collect();
    let coverage = format!("{specs}All files                    |   82.41 |    71.05 |   80.12 |   82.90 |\n{specs}");
    let cf = v2_store(&[
        (1, "Bash: pnpm --filter api test:cov | grep 'All files'", &coverage),
        (2, "Bash: pnpm lint", "0 problems"),
        (3, "Read: /home/dev/shop/apps/api/jest.config.ts", "export default {\n  // the api's statement coverage gate\n  coverageThreshold: { global: { statements: 80 } },\n};"),
        (4, "Bash: pnpm --filter api test:cov:html", "api statement coverage report written to apps/api/coverage/lcov-report/index.html"),
    ]);
    let r = ask(&cf, "what's statement coverage on the api at the moment", None);
    let shown: Vec<(i64, &Vec<u32>)> = r.related.iter().map(|x| (x.step_id, &x.lines)).collect();
    assert!(r.related.iter().any(|x| x.step_id == 1 && x.lines.contains(&30)), "selected {:?}, related {shown:?}", ids(&r));
}

#[test]
fn ranked_v2_a_dotted_name_the_index_does_not_keep_whole_finds_the_steps_that_carry_its_words() {
    // The index keeps `orders` but not `orders.v1` (nor `v1`, too short). Eighty newer steps carry "order",
    // "partition" and "topic" as much as the topic's describe does: only the name tells them apart.
    let storage = MemoryStorage::with_root("/v2dotted");
    block_on(contextfold::store::Storage::save(&storage, ".contextfold/hydration_policy.json", br#"{"selection": "ranked-v2"}"#)).unwrap();
    let mut cf = block_on(ContextFold::open(storage, clock())).unwrap();
    let mut folds: Vec<(i64, String, String)> =
        vec![(1, "Bash: kafka-topics.sh --describe --topic orders.v1".into(), "Topic: orders.v1\tPartitionCount: 24\tReplicationFactor: 3".into())];
    folds.extend((2..90).map(|k| (k, "Bash: kafka-consumer-groups.sh --describe --group payments".to_string(), format!("order topic partition {k} lag 0 offset {}", k * 7))));
    for (step, summary, text) in folds {
        let mut input = FoldInput::new(step, &summary);
        input.raw_content = Some(text);
        block_on(cf.fold(input)).unwrap();
    }
    let r = ask(&cf, "how many partitions on orders.v1?", None);
    assert_eq!(ids(&r).first(), Some(&1), "{:?}", ids(&r));
}

#[test]
fn ranked_v2_a_question_that_asks_for_advice_gets_nothing_and_the_same_words_about_the_session_get_the_step() {
    let cf = v2_store(&[
        (1, "Read: app/consumers/orders.py", "class OrdersConsumer:\n    # idempotent: dedupes messages by event_id before writing\n    def handle(self, msg): ..."),
        (2, "Bash: redis-cli XINFO STREAM orders", "length 1204\nradix-tree-keys 12\nlast-generated-id 1733404471908-0"),
    ]);
    for prompt in ["Any tips for writing idempotent consumers?", "When would you use Redis streams instead of Kafka?", "explain backpressure"] {
        assert!(ask(&cf, prompt, None).selected.is_empty(), "{prompt}");
    }
    assert_eq!(ids(&ask(&cf, "how does our orders consumer stay idempotent?", None)).first(), Some(&1));
}

#[test]
fn ranked_v2_a_later_pick_that_reads_a_file_again_without_a_word_of_the_question_is_shown_as_its_head_not_whole() {
    // The newer read of Cargo.toml (another part of it) follows the read that answers, as the state now; hydrated
    // whole it took the room of everything after it.
    let cf = v2_store(&[
        (10, "Read: /home/dev/quill/Cargo.toml", "[package]\nname = \"quill\"\n[dependencies]\nsqlx = { version = \"0.8\", features = [\"postgres\"] }"),
        (20, "Bash: cargo clippy --all-targets -- -D warnings", "Checking quill v0.4.0\nFinished `dev` profile: clippy clean, 0 warnings"),
        (30, "Read: /home/dev/quill/Cargo.toml", "[workspace]\nmembers = [\"crates/*\"]\n[profile.release]\nlto = true"),
    ]);
    let prompt = "Which sqlx version are we on and is clippy clean now?";
    let t = turn(&cf, prompt, 2500);
    let whole: Vec<i64> = t.hydrated.iter().map(|h| h.step_id).collect();
    assert!(whole.contains(&10) && whole.contains(&20), "{whole:?} {:?}", t.scan.related);
    assert!(!whole.contains(&30), "the newer read is not hydrated whole: {whole:?}");
    let head = t.excerpts.iter().find(|e| e.step_id == 30).unwrap_or_else(|| panic!("{:?}", t.scan.related));
    assert_eq!(head.lines.iter().map(|l| l.number).collect::<Vec<_>>(), [1, 2, 3]);
    assert_eq!(t, turn(&cf, prompt, 2500), "deterministic");
}

#[test]
fn ranked_v2_a_prompt_of_several_clauses_shows_at_most_two_runs_of_one_command_among_the_steps_ranked_next() {
    // Six runs of `grpcurl … :50051 list` share the rare port number with the first clause: they took every place
    // from the steps that answer the second.
    let runs: Vec<(i64, String)> = (0..6).map(|k| (30 + k, format!("relay.v1.Relay\ngrpc.health.v1.Health\nserver on :50051 up {k}m"))).collect();
    let mut folds: Vec<(i64, &str, &str)> = vec![
        (10, "Bash: ss -ltnp 'sport = :50051'", "State  Local Address:Port\nLISTEN *:50051 users:((\"relayd\",pid=4121))"),
        (20, "Bash: go test -count=50 -run TestRedelivery ./internal/queue/ (failed)", "--- FAIL: TestRedelivery: flaky, 3 of 50 runs failed"),
        (25, "Bash: git show --stat HEAD", "fix(queue): a fake clock for the flaky redelivery test\n internal/queue/dispatcher_test.go | 12 ++--"),
    ];
    folds.extend(runs.iter().map(|(s, t)| (*s, "Bash: grpcurl -plaintext localhost:50051 list", t.as_str())));
    let cf = v2_store(&folds);
    let r = ask(&cf, "What was holding port 50051 and how did we fix the flaky redelivery test?", Some(2500));
    // (A near tie of the first clause's pick may be a run too, shown as its lines before the steps ranked next.)
    let grpcurl = r.related.iter().filter(|l| l.summary.starts_with("Bash: grpcurl")).count();
    assert!(grpcurl <= 3, "{:?} {:?}", ids(&r), r.related.iter().map(|l| l.step_id).collect::<Vec<_>>());
    assert!(r.related.iter().any(|l| l.step_id == 25) || ids(&r).contains(&25), "{:?} {:?}", ids(&r), r.related);
}

#[test]
fn ranked_v2_a_later_pick_that_edits_a_file_without_a_word_of_the_question_is_shown_as_its_head_not_whole() {
    // The edit after the failure is the fix, whatever its words: the third pick, shown as its head (the snippet it
    // changed), not whole beside the step that answers the other clause.
    let cf = v2_store(&[
        (10, "Bash: go test -count=20 -run TestRedelivery ./internal/server/ (failed)", "--- FAIL: TestRedelivery (0.29s)\n    redelivery_test.go:42: flaky: expected 3 redeliveries, got 2"),
        (12, "Edit: internal/server/redelivery_test.go", "clock := fakeclock.New()\nsrv := newServer(withClock(clock))\nclock.Advance(ackDeadline)"),
        (20, "Bash: docker compose ps", "billing-db-1  postgres:16  Up 2 hours  0.0.0.0:5434->5432/tcp"),
    ]);
    let prompt = "How did we fix the flaky redelivery test and which port is postgres on?";
    let t = turn(&cf, prompt, 2500);
    let whole: Vec<i64> = t.hydrated.iter().map(|h| h.step_id).collect();
    assert!(whole.contains(&10) && whole.contains(&20), "{whole:?} {:?}", t.scan.related);
    assert!(!whole.contains(&12), "the edit is not hydrated whole: {whole:?}");
    let head = t.excerpts.iter().find(|e| e.step_id == 12).unwrap_or_else(|| panic!("{:?}", t.scan.related));
    assert_eq!(head.lines[0].text, "clock := fakeclock.New()");
    assert!(head.lines.len() <= 8, "{:?}", head.lines);
}

#[test]
fn ranked_v2_a_prompt_of_several_clauses_gets_two_more_steps_as_lines_after_those_a_question_of_one_gets() {
    // Seven steps give postgres's port, two newer ones only name it: a question of one clause gets the newest whole
    // and six as lines, one of two clauses two more, after the six it would get first: newer, the two others do
    // not take those places (and the room of their lines) from the steps that give the port.
    let ports: Vec<(i64, String, String)> = (0..7).map(|k| (10 + k, format!("Bash: cat deploy/db-{k}.env"), format!("POSTGRES_HOST=db-{k}\nPOSTGRES_PORT=54{k:02}"))).collect();
    let names: Vec<(i64, String, String)> = (0..2).map(|k| (30 + k, format!("Bash: ./scripts/replica-{k}.sh"), format!("replica {k}: postgres restarted"))).collect();
    let mut folds: Vec<(i64, &str, &str)> = ports.iter().chain(&names).map(|(s, m, t)| (*s, m.as_str(), t.as_str())).collect();
    folds.push((40, "Bash: node -v", "v20.11.1"));
    let cf = v2_store(&folds);
    let one = ask(&cf, "which port is postgres on now?", Some(2500));
    let two = ask(&cf, "which port is postgres on now and which node version do we run?", Some(2500));
    let steps = |r: &ScanResult| r.related.iter().map(|l| l.step_id).collect::<Vec<_>>();
    let (one_lines, two_lines) = (steps(&one), steps(&two));
    assert_eq!(one_lines.len(), 6, "{:?} {one_lines:?}", ids(&one));
    assert_eq!(two_lines.len(), 8, "{:?} {two_lines:?}", ids(&two));
    assert!([15, 14, 13, 12, 11].iter().all(|s| two_lines[..6].contains(s)), "{two_lines:?}");
}

#[test]
fn ranked_v2_large_first_picks_of_a_prompt_of_several_questions_about_the_past_are_shown_as_their_lines() {
    // Two long failed runs, each the answer to one clause: hydrated whole they took the hook's room; their lines show
    // what each was picked for. Asked alone, or about the present, a first pick stays whole.
    let noise = |tool: &str| (0..30).map(|k| format!("> Task :{tool}:step{k} UP-TO-DATE, configuration cache reused, {k} files checked")).collect::<Vec<_>>().join("\n");
    let gradle = format!("{}\nFAILURE: Build failed with an exception.\nMinimum supported Gradle version is 8.7. Current version is 8.6.", noise("app"));
    let audit = format!("{}\nerror: cargo audit found 1 vulnerability\nCrate: rustls\nID: RUSTSEC-2024-0336\nTitle: infinite loop in rustls::ConnectionCommon::complete_io", noise("audit"));
    let cf = v2_store(&[(10, "Bash: ./gradlew assembleRelease (failed)", &gradle), (20, "Bash: cargo audit (failed)", &audit)]);
    let prompt = "what did gradle complain about in the failed build and which advisory did cargo audit flag?";
    let t = turn(&cf, prompt, 2500);
    let whole: Vec<i64> = t.hydrated.iter().map(|h| h.step_id).collect();
    assert!(whole.is_empty(), "{whole:?} {:?}", t.scan.selected.iter().map(|s| (s.step_id, s.cost, s.matched.clone())).collect::<Vec<_>>());
    let shown = |step: i64| t.excerpts.iter().find(|e| e.step_id == step).map(|e| e.lines.iter().map(|l| l.text.as_str()).collect::<Vec<_>>().join("\n")).unwrap_or_default();
    assert!(shown(10).contains("Minimum supported Gradle version is 8.7"), "{:?}", t.scan.related);
    assert!(shown(20).contains("RUSTSEC-2024-0336"), "{:?}", t.scan.related);
    assert_eq!(t, turn(&cf, prompt, 2500), "deterministic");
    let alone = turn(&cf, "which advisory did cargo audit flag?", 2500);
    assert_eq!(alone.hydrated.iter().map(|h| h.step_id).collect::<Vec<_>>(), [20]);
}

#[test]
fn ranked_v2_a_later_pick_of_a_command_without_a_word_of_the_question_is_shown_as_its_last_lines_not_whole() {
    // `php artisan serve`, newer than `php -v`, is a near tie of "php" by its command alone: its log says nothing of
    // the version; hydrated whole, it took the room of the lines that answer.
    let log = (0..20).map(|k| format!("  2026-12-05 10:00:{k:02} /api/orders/{k} ........ ~ 0.{k}ms")).collect::<Vec<_>>().join("\n");
    let cf = v2_store(&[
        (10, "Bash: php -v", "PHP 8.3.7 (cli) (built: May 10 2024)\nZend Engine v4.3.7, Copyright (c) Zend Technologies"),
        (20, "Bash: mysql -t -e \"SHOW VARIABLES LIKE 'max_connections'\"", "| Variable_name   | Value |\n| max_connections | 400   |"),
        (30, "Bash: php artisan serve --port=8080", &log),
    ]);
    let prompt = "which php version and mysql max_connections now?";
    let t = turn(&cf, prompt, 2500);
    let whole: Vec<i64> = t.hydrated.iter().map(|h| h.step_id).collect();
    assert!(whole.contains(&10) && whole.contains(&20), "{whole:?} {:?}", t.scan.related);
    assert!(!whole.contains(&30), "the server's log is not hydrated whole: {whole:?}");
    let tail = t.excerpts.iter().find(|e| e.step_id == 30).unwrap_or_else(|| panic!("{:?}", t.scan.related));
    let count = tail.line_count;
    assert_eq!(tail.lines.iter().map(|l| l.number).collect::<Vec<_>>(), [count - 2, count - 1, count]);
    assert_eq!(t, turn(&cf, prompt, 2500), "deterministic");
}

/// Two long logs of the same failed Gradle build, folded as steps 10 and 20 under `summaries`, asked `prompt`: the
/// step hydrated whole (one of them) and the lines shown of the other.
fn two_failed_build_logs(summaries: [&str; 2], prompt: &str) -> (Vec<i64>, String) {
    let noise = |tool: &str| (0..30).map(|k| format!("> Task :{tool}:step{k} UP-TO-DATE, configuration cache reused, {k} files checked")).collect::<Vec<_>>().join("\n");
    let failure = "FAILURE: Build failed with an exception.\nMinimum supported Gradle version is 8.7. Current version is 8.6.";
    let (first, second) = (format!("{}\n{failure}", noise("app")), format!("{}\n{failure}", noise("bundle")));
    let cf = v2_store(&[(10, summaries[0], &first), (20, summaries[1], &second)]);
    let t = turn(&cf, prompt, 2500);
    assert_eq!(t, turn(&cf, prompt, 2500), "deterministic");
    let whole: Vec<i64> = t.hydrated.iter().map(|h| h.step_id).collect();
    let other = if whole == [10] { 20 } else { 10 };
    let shown = t.excerpts.iter().find(|e| e.step_id == other).map(|e| e.lines.iter().map(|l| l.text.as_str()).collect::<Vec<_>>().join("\n")).unwrap_or_default();
    (whole, shown)
}

#[test]
fn ranked_v2_a_large_second_pick_of_a_question_about_the_past_is_shown_as_its_lines_the_first_stays_whole() {
    // Two long logs of the same failed build, each a pick: the second hydrated whole took the room of the steps ranked
    // next; its lines show what it was picked for.
    let (whole, shown) = two_failed_build_logs(["Bash: ./gradlew assembleRelease (failed)", "Bash: ./gradlew bundleRelease (failed)"], "what did gradle complain about in the failed build?");
    assert_eq!(whole.len(), 1, "{whole:?}");
    assert!(shown.contains("Minimum supported Gradle version is 8.7"), "{shown}");
    assert!(shown.lines().count() < 20, "{shown}");
}

#[test]
fn ranked_v2_a_large_pick_about_the_past_picked_also_for_a_word_of_its_command_is_still_shown_as_its_lines() {
    // "staging" is in the two deploys' commands, not in their logs: the best lines do not show every word the second
    // was picked for, and hydrated whole it took the room of the steps ranked next.
    let (whole, shown) = two_failed_build_logs(["Bash: ./deploy.sh staging --assemble (failed)", "Bash: ./deploy.sh staging --bundle (failed)"], "what did gradle complain about when the staging deploy failed?");
    assert_eq!(whole.len(), 1, "{whole:?}");
    assert!(shown.contains("Minimum supported Gradle version is 8.7"), "{shown}");
}

/// A session on Kafka consumer lag: the group's lag table, the consumer's config, its logs.
fn kafka_lag_session() -> ContextFold<MemoryStorage> {
    v2_store(&[
        (1, "Bash: kafka-consumer-groups.sh --describe --group payments", "GROUP     TOPIC     PARTITION  LAG\npayments  payments  0          1204\npayments  payments  1          988"),
        (2, "Read: config/consumer.properties", "fetch.min.bytes=1048576\nmax.poll.records=500\nsession.timeout.ms=45000"),
        (3, "Bash: kubectl logs deploy/payments-consumer --tail=3", "rebalancing consumer group payments: 12 members, partitions revoked\nconsumer lag 1204 on partition 0"),
    ])
}

#[test]
fn ranked_v2_a_question_for_an_opinion_or_on_how_a_kind_of_thing_works_gets_nothing_and_the_same_words_about_the_session_get_the_step() {
    // A session on Kafka consumer lag: questions about Kafka itself, in the words people use to ask for the
    // assistant's view (tradeoffs, worth it, your take, under the hood, ELI5, `sence`, `önerirsin`), share its words.
    let cf = kafka_lag_session();
    for prompt in [
        "what are the tradeoffs of kafka consumer groups vs a single consumer?",
        "is it worth raising max.poll.records for a kafka consumer, generally",
        "what's your take on kafka consumer lag alerts?",
        "how does kafka consumer rebalancing work under the hood?",
        "ELI5 consumer lag",
        "how do people usually size kafka partitions?",
        "kafka consumer için sence hangi fetch ayarları iyi?",
    ] {
        assert!(ask(&cf, prompt, None).selected.is_empty(), "{prompt}");
    }
    let lag = ids(&ask(&cf, "how much consumer lag did payments have on partition 0?", None));
    assert!(lag.contains(&1) || lag.contains(&3), "{lag:?}");
    assert_eq!(ids(&ask(&cf, "what was the fetch size in our consumer config?", None)).first(), Some(&2));
}

#[test]
fn ranked_v2_a_question_on_what_a_kind_of_thing_usually_does_how_kinds_compare_or_what_one_should_do_gets_nothing() {
    // `recall37`: the same Kafka session; questions about Kafka itself in the plural and the habitual ("what usually
    // causes …", "how do … compare / differ", "should …"), which share its words without asking about it.
    let cf = kafka_lag_session();
    for prompt in [
        "what usually causes consumer lag in kafka?",
        "does consumer lag typically grow during a rebalance?",
        "how do consumer groups compare to plain partitions for payments?",
        "how do kafka consumer groups differ from rebalancing partitions?",
        "how is consumer lag different from rebalancing members?",
        "should consumer groups rebalance on every deploy?",
        "kafka'da consumer lag ile rebalance nasıl farklı?",
    ] {
        assert!(ask(&cf, prompt, None).selected.is_empty(), "{prompt}");
    }
    // The same forms about the session's own consumer: still answered.
    for prompt in ["should we worry about the consumer lag on partition 0 now?", "what usually caused our consumer lag on partition 0?"] {
        let got = ids(&ask(&cf, prompt, None));
        assert!(got.contains(&1) || got.contains(&3), "{prompt}: {got:?}");
    }
}

#[test]
fn ranked_v2_a_fix_question_gets_the_edit_that_followed_a_step_shown_as_lines_that_names_the_file_at_fault() {
    // The failure names the task's file; the edit of that file right after it is the fix, in words of its own. The
    // commit that says so, in every word of the question, answers it whole, and the failure comes as lines: its next
    // edit comes with it, as it would after a pick.
    let mut folds: Vec<(i64, String, String)> = vec![
        (10, "Bash: sentry-cli issues list --project stride-api".into(), "STRIDE-API-4F  TypeError: unsupported operand type(s) for *: 'decimal.Decimal' and 'float'\n  in notifications/digest.py:42".into()),
        (11, "Edit: /home/dev/stride/notifications/digest.py".into(), "-    km = row.distance_km * 0.621\n+    km = float(row.distance_km) * 0.621".into()),
        (40, "Bash: git commit -am 'fix: Decimal error of the weekly summary task'".into(), "[main 5b7e21c] fix: Decimal error of the weekly summary task\n 1 file changed".into()),
    ];
    folds.extend((12..14).map(|k| (k, format!("Bash: celery -A stride inspect scheduled --queue q{k}"), format!("weekly summary task queued: {k} users"))));
    let folds: Vec<(i64, &str, &str)> = folds.iter().map(|(s, m, t)| (*s, m.as_str(), t.as_str())).collect();
    let cf = v2_store(&folds);
    let prompt = "How did we fix the Decimal error in the weekly summary task?";
    let t = turn(&cf, prompt, 2500);
    let shown: Vec<i64> = t.hydrated.iter().map(|h| h.step_id).chain(t.excerpts.iter().map(|e| e.step_id)).collect();
    assert!(shown.contains(&11), "{shown:?} {:?}", t.scan.selected.iter().map(|s| s.step_id).collect::<Vec<_>>());
    let at = |step: i64| shown.iter().position(|&s| s == step);
    assert!(matches!((at(10), at(11)), (Some(a), Some(b)) if a < b), "the edit comes after the failure it fixes: {shown:?}");
    assert_eq!(t, turn(&cf, prompt, 2500), "deterministic");
}

#[test]
fn ranked_v2_a_question_about_how_a_run_came_out_gets_the_runs_last_tally_when_the_run_is_shown_as_lines() {
    // The runs of a flaky test print a PASS line per test file, in the question's words, and their outcome last, in
    // none of them. The commit and the test file answer in every word and are hydrated; the runs come as lines: each
    // shows its tally too, so the newest says that it is fixed.
    let passes = |k: i64| (0..12).map(|i| format!("PASS tests/order-worker/idempotency.test.ts (run {i}, {k}.{i} s)")).collect::<Vec<_>>().join("\n");
    let (old, new) = (format!("{}\n5/20 runs failed", passes(1)), format!("{}\n0/20 runs failed", passes(2)));
    let folds: Vec<(i64, &str, &str)> = vec![
        (10, "Bash: ./scripts/vitest-loop.sh tests/order-worker 20", &old),
        (20, "Bash: git commit -am 'tests: the idempotency test is flaky, a dynamodb table per worker'", "[main 4e1c2a7] tests: the idempotency test is flaky, a dynamodb table per worker"),
        (21, "Read: tests/order-worker/idempotency.test.ts", "// flaky: the idempotency test shared one table across workers\ndescribe('idempotency', () => {"),
        (30, "Bash: ./scripts/vitest-loop.sh tests/order-worker 20", &new),
    ];
    let cf = v2_store(&folds);
    let prompt = "is the idempotency test still flaky?";
    let t = turn(&cf, prompt, 2500);
    let newest = t.excerpts.iter().find(|e| e.step_id == 30);
    assert!(newest.is_some_and(|e| e.lines.iter().any(|l| l.text == "0/20 runs failed")), "{:?} {:?}", t.hydrated.iter().map(|h| h.step_id).collect::<Vec<_>>(), t.excerpts);
    assert_eq!(t, turn(&cf, prompt, 2500), "deterministic");
}

#[test]
fn ranked_v2_an_older_read_of_a_file_is_shown_beside_a_newer_read_of_other_lines_but_not_without_a_newer_state() {
    // The settings were read whole, then again for other lines; the server's refusal answers the question in every word
    // and is hydrated. The first read's line is the setting itself: the newer read, of other lines, is no newer state
    // of it. An edit of that line after it is: the old read's line is never shown without the edit.
    let settings = "INSTALLED_APPS = ['activities', 'accounts']\nMIN_APP_VERSION = {\"ios\": \"4.0.0\", \"android\": \"3.9.2\"}\nUSE_TZ = True";
    let refusal = "HTTP/1.1 426 Upgrade Required\n{\"detail\":\"App version 3.8.4 is no longer supported\",\"min_version\":\"4.0.0\"}";
    let mut folds: Vec<(i64, &str, &str)> = vec![
        (10, "Read: /home/dev/stride/stride/settings/base.py", settings),
        (20, "Bash: curl -si localhost:8000/api/v2/feed/ -H 'X-App-Version: 3.8.4' -H 'X-App-Platform: ios'", refusal),
        (30, "Read: /home/dev/stride/stride/settings/base.py", "CACHES = {'default': {'BACKEND': 'django_redis.cache.RedisCache'}}\nCELERY_TASK_ALWAYS_EAGER = False"),
    ];
    let prompt = "What is the minimum supported iOS app version now?";
    let t = turn(&v2_store(&folds), prompt, 2500);
    assert!(shows(&t, 10, "\"ios\": \"4.0.0\""), "{:?} {:?}", t.hydrated.iter().map(|h| h.step_id).collect::<Vec<_>>(), t.excerpts);
    folds.push((25, "Edit: /home/dev/stride/stride/settings/base.py", "-    \"ios\": \"4.0.0\",\n+    \"ios\": \"4.1.0\","));
    let t = turn(&v2_store(&folds), prompt, 2500);
    assert!(!shows(&t, 10, "\"ios\": \"4.0.0\"") || shows(&t, 25, "4.1.0"), "{:?} {:?}", t.hydrated.iter().map(|h| h.step_id).collect::<Vec<_>>(), t.excerpts);
    assert_eq!(t, turn(&v2_store(&folds), prompt, 2500), "deterministic");
}

#[test]
fn ranked_v2_a_step_shown_as_lines_shows_its_newer_value_of_the_key_an_older_step_answers_by() {
    // The update of the table answers in the question's words (`PAY_PER_REQUEST`) and is hydrated; the newer
    // description of the table gives the same key's newer value in words of its own (`PROVISIONED`), on a line that
    // answers nothing. Shown as lines (the other clause's answer is the second whole step), the description shows that
    // line too: the newer state of the setting the older step's answer names.
    let older = "{\n    \"Table\": {\n        \"TableName\": \"marlin-prod-main\",\n        \"TableStatus\": \"ACTIVE\",\n        \"BillingModeSummary\": {\n            \"BillingMode\": \"PAY_PER_REQUEST\"\n        },\n        \"ItemCount\": 1200\n    }\n}";
    let newer = format!(
        "{{\n    \"TableDescription\": {{\n        \"TableName\": \"marlin-prod-main\",\n{}        \"BillingModeSummary\": {{\n            \"BillingMode\": \"PROVISIONED\"\n        }},\n        \"TableStatus\": \"UPDATING\"\n    }}\n}}",
        (0..20).map(|k| format!("        \"AttributeDefinition{k}\": \"S\",\n")).collect::<String>()
    );
    let other = "{\n    \"name\": \"marlin-prod-idempotency\",\n    \"status\": \"ACTIVE\",\n    \"billing\": \"PAY_PER_REQUEST\"\n}";
    let folds: Vec<(i64, &str, &str)> = vec![
        (10, "Bash: aws dynamodb update-table --table-name marlin-prod-main --billing-mode PAY_PER_REQUEST && aws dynamodb describe-table --table-name marlin-prod-main", older),
        (20, "Bash: aws dynamodb describe-table --table-name marlin-prod-idempotency", other),
        (22, "Bash: python3 --version", "Python 3.12.7"),
        (25, "Read: /home/dev/marlin/infra/dynamodb.tf", "resource \"aws_dynamodb_table\" \"main\" {\n  name         = \"marlin-prod-main\"\n  billing_mode = \"PAY_PER_REQUEST\"\n}"),
        (30, "Bash: aws dynamodb describe-table --table-name marlin-prod-main --query 'Table.{TableName:TableName,Billing:BillingModeSummary}'", &newer),
    ];
    let cf = v2_store(&folds);
    let prompt = "is the main table still pay per request, and which python version do we run?";
    let t = turn(&cf, prompt, 2500);
    assert!(shows(&t, 10, "PAY_PER_REQUEST"), "{:?} {:?}", t.hydrated.iter().map(|h| h.step_id).collect::<Vec<_>>(), t.excerpts);
    assert!(shows(&t, 30, "\"BillingMode\": \"PROVISIONED\""), "{:?} {:?}", t.hydrated.iter().map(|h| h.step_id).collect::<Vec<_>>(), t.excerpts);
    assert_eq!(t, turn(&cf, prompt, 2500), "deterministic");
}

#[test]
fn ranked_v2_a_clause_that_refers_back_by_a_pronoun_asks_about_what_the_clause_before_it_names() {
    // `recall40`: "how much memory do they use" after "billing image tag" asks about billing's pods (the first word of
    // the clause before), not about the newest step that shows memory at all.
    let cf = v2_store(&[
        (1, "Bash: kubectl -n shop get deploy billing -o wide", "NAME      READY   IMAGE\nbilling   3/3     registry.example.com/shop/billing:2.4.1"),
        (2, "Bash: kubectl -n shop top pods -l app=billing", "NAME                      CPU(cores)   MEMORY(bytes)\nbilling-7c9f6d5b8-4hx2m   120m         812Mi"),
        (3, "Bash: kubectl -n shop top pods -l app=search", "NAME                     CPU(cores)   MEMORY(bytes)\nsearch-5d8f7c6b9-x2k4p   90m          1410Mi"),
    ]);
    for prompt in ["billing image tag + how much memory do they use now?", "billing image tag, and the memory of its pods?"] {
        let got = ids(&ask(&cf, prompt, None));
        assert!(got.contains(&1) && got.contains(&2) && !got.contains(&3), "{prompt}: {got:?}");
    }
    // Named again, the other deployment is what the second clause asks about.
    let got = ids(&ask(&cf, "billing image tag + how much memory does search use now?", None));
    assert!(got.contains(&1) && got.contains(&3), "{got:?}");
}

#[test]
fn ranked_v2_an_ssl_expiry_question_is_answered_by_the_certificates_expiry_in_english_and_turkish() {
    // `recall41`: "ssl" and `x509` name a certificate, "bitiş tarihi" is its expiry; neither a newer token's expiry nor a
    // newer look at the certificate's subject is the answer.
    let cf = v2_store(&[
        (1, "Bash: sudo certbot certificates", "Found the following certs:\n  Certificate Name: api.shop.example\n    Domains: api.shop.example\n    Expiry Date: 2027-03-04 05:14:10+00:00 (VALID: 89 days)"),
        (2, "Bash: kubectl -n shop get deploy api -o wide", "NAME   READY   IMAGE\napi    3/3     registry.example.com/shop/api:1.9.0"),
        (3, "Bash: vault token lookup -format=yaml", "data:\n  expire_time: 2026-12-09T10:00:00Z\n  ttl: 47h"),
        (4, "Bash: openssl x509 -in api.pem -noout -subject", "subject=CN = api.shop.example"),
    ]);
    for prompt in ["when does the ssl expire?", "ssl expiry and which api image is live?", "ssl bitiş tarihi ne?", "ssl bitişi ne zaman?"] {
        let got = ids(&ask(&cf, prompt, None));
        assert!(got.first() == Some(&1) && !got.contains(&3), "{prompt}: {got:?}");
    }
}

#[test]
fn ranked_v2_a_question_about_a_failure_shows_what_went_wrong_among_a_steps_lines() {
    // `recall44`: a log shown as its lines shows those that carry the question's words; the line that says what went
    // wrong (an exception below its traceback, the first error a compiler prints) carries none of them.
    let cf = v2_store(&[
        (
            10,
            "Bash: kubectl -n jobs logs job/settlement-nightly-29120",
            "[02:00:01] INFO settlement run 29120 started\n[02:00:04] ERROR settlement run failed with exception\nTraceback (most recent call last):\n  File \"/app/settle.py\", line 88, in run\n    ensure_closed(day)\nsettle.errors.LedgerNotClosedError: ledger for 2026-12-01 not closed yet (closes_at=23:00)\n[02:00:04] INFO marking settlement run 29120 as FAILED",
        ),
        (
            12,
            "Bash: kubectl -n jobs logs job/settlement-nightly-29121",
            "[02:00:01] INFO settlement run 29121 started\n[02:00:03] ERROR settlement run failed with exception\nTraceback (most recent call last):\n  File \"/app/settle.py\", line 61, in run\n    fetch_rates(day)\nrequests.exceptions.ReadTimeout: rates.example.com read timed out (read timeout=10)\n[02:00:03] INFO marking settlement run 29121 as FAILED",
        ),
        (11, "Bash: git commit -am 'settlement: schedule the run after the ledger closes (why it failed)'", "[main 4e1d2c0] settlement: schedule the run after the ledger closes (why it failed)\n 1 file changed, 2 insertions(+), 2 deletions(-)"),
    ]);
    for prompt in ["why did the settlement run fail?", "what error did the settlement run fail with?"] {
        let t = turn(&cf, prompt, 2500);
        assert!(shows(&t, 10, "ledger for 2026-12-01 not closed yet"), "{prompt}: {:?} {:?}", ids(&t.scan), t.excerpts);
        assert!(t.tokens <= 2500);
    }
    // (A large log: the second pick of a question about the past is shown as its lines.)
    let compiled: String = (0..60).map(|k| format!("clippy\t   Compiling dependency-{k} v1.{k}.0\n")).collect();
    let log = format!("{compiled}clippy\tChecking quill-api v0.1.0 (/home/runner/work/quill/api)\nclippy\terror: used `unwrap()` on a `Result` value\nclippy\t  --> src/config.rs:41:17\nclippy\t   = note: `-D clippy::unwrap-used` implied by `-D warnings`\nclippy\terror: could not compile `quill-api` (lib) due to 1 previous error\nclippy\tProcess completed with exit code 101.");
    let cf = v2_store(&[
        (20, "Bash: gh run view 9120334871 --log-failed", log.as_str()),
        (21, "Bash: gh run list --workflow ci.yml --limit 3", "STATUS  TITLE                 WORKFLOW  BRANCH  EVENT  ID\ncompleted success  config: no unwrap  ci  main  push  9120399112\ncompleted failure  first ci run  ci  main  push  9120334871"),
        (22, "Bash: gh run view 9120399112 --log", "clippy\tChecking quill-api v0.1.0 (/home/runner/work/quill/api)\nclippy\tFinished `dev` profile [unoptimized + debuginfo] target(s) in 41.20s"),
    ]);
    let t = turn(&cf, "why did the first ci run fail?", 2500);
    assert!(shows(&t, 20, "used `unwrap()` on a `Result` value"), "{:?} {:?}", ids(&t.scan), t.excerpts);
}

#[test]
fn ranked_v2_a_line_that_says_what_went_wrong_is_shown_with_its_cause_past_the_200th_character() {
    // `recall45`: a driver's error names the operation and the socket it failed on first, the cause last.
    let error = "2026-12-02T08:14:02.331Z  django.db.utils.OperationalError: connection failed: connection to server on socket \"/cloudsql/app-prod-4821:europe-west1:app-pg/.s.PGSQL.5432\" failed: FATAL:  remaining connection slots are reserved for roles with the SUPERUSER attribute";
    assert!(error.find("SUPERUSER attribute").unwrap() > contextfold::scan::EXCERPT_LINE_CHARS);
    let requests: String = (0..1500).map(|k| format!("[web-{}] GET /api/v1/availability/{k} 200 {}ms\n", k % 8, 20 + k % 50)).collect();
    let log = format!("{requests}{error}\n[web-3] GET /api/v1/availability/301 500 12ms");
    let cf = v2_store(&[
        (10, "Bash: gcloud logging read 'resource.type=cloud_run_revision AND severity>=ERROR' --limit 300", log.as_str()),
        (12, "Bash: git commit -am 'db: max_connections 100 -> 200, web ran out of connections'", "[main 51c0e2a] db: max_connections 100 -> 200, web ran out of connections\n 1 file changed, 1 insertion(+), 1 deletion(-)"),
    ]);
    let t = turn(&cf, "why did web run out of connections, what was the pg error?", 2500);
    assert!(t.excerpts.iter().any(|e| e.step_id == 10), "shown as its lines: {:?} {:?}", ids(&t.scan), t.excerpts);
    assert!(shows(&t, 10, "remaining connection slots are reserved for roles with the SUPERUSER attribute"), "{:?}", t.excerpts);
    assert!(t.tokens <= 2500);
}

#[test]
fn recall58_a_nested_value_answers_by_the_keys_it_is_nested_under() {
    // A chart's values: each block sets a memory limit, and only the path says whose it is.
    let values = "  1\tingest:\n  2\t  replicas: 4\n  3\t  resources:\n  4\t    limits:\n  5\t      memory: 512Mi\n  6\tsink:\n  7\t  replicas: 8\n  8\t  resources:\n  9\t    limits:\n 10\t      memory: 2Gi";
    let cf = v2_store(&[
        (10, "Read: /srv/sumac/deploy/values-prod.yaml", values),
        // (A newer file that names the sink apart from the limit it sets: without the path, as good an answer.)
        (11, "Read: /srv/sumac/deploy/ingest-values.yaml", "  1\t# the ingest chart only: the sink is deployed by values-prod.yaml\n  2\tingest:\n  3\t  resources:\n  4\t    limits:\n  5\t      memory: 512Mi"),
    ]);
    let t = turn(&cf, "what's the sink memory limit now?", 2500);
    assert_eq!(ids(&t.scan).first(), Some(&10), "{:?} {:?}", ids(&t.scan), t.excerpts);
}

#[test]
fn recall59_a_newer_print_of_a_setting_answers_the_present_before_the_commit_that_named_its_old_value() {
    let env = |limit: u32| format!("Vercel CLI 39.1.1\n> Downloading `production` Environment Variables for acme/web\nDATABASE_URL=\"postgresql://app:****@aws-0-eu-central-1.pooler.supabase.com:6543/postgres?pgbouncer=true&connection_limit={limit}&pool_timeout=20\"\nNEXT_PUBLIC_APP_URL=\"https://acme.app\"\nVERCEL_ENV=\"production\"");
    let (before, after) = (env(1), env(5));
    // (Notes that name the setting without a value: its words are common in the store, its values are not.)
    let note = "the DATABASE_URL of each environment sets connection_limit for the pooler; see the runbook";
    let cf = v2_store(&[
        (3, "Read: /srv/web/docs/ops.md", note),
        (4, "Read: /srv/web/docs/pooling.md", note),
        (5, "Read: /srv/web/docs/runbook.md", note),
        (6, "Read: /srv/web/README.md", note),
        (10, "Bash: vercel env pull .env.production.local --environment=production --yes && ./scripts/env-show.sh .env.production.local", before.as_str()),
        (11, "Bash: git commit --allow-empty -m 'ops: prod DATABASE_URL connection_limit=3 pool_timeout=20 (P2024 on dashboard)' && git log -1 --oneline", "[main 4be1c2a] ops: prod DATABASE_URL connection_limit=3 pool_timeout=20 (P2024 on dashboard)\n4be1c2a ops: prod DATABASE_URL connection_limit=3 pool_timeout=20 (P2024 on dashboard)"),
        (12, "Bash: vercel env pull .env.production.local --environment=production --yes && ./scripts/env-show.sh .env.production.local", after.as_str()),
    ]);
    let t = turn(&cf, "whats connection_limit set to in the prod DATABASE_URL", 2500);
    assert_eq!(ids(&t.scan).first(), Some(&12), "{:?} {:?}", ids(&t.scan), t.excerpts);
}

#[test]
fn recall61_each_clause_of_a_prompt_reads_nearly_what_it_would_read_alone() {
    // 29 newer logs carry the relay clause's words as well as its answer does (by its words alone, the answer is the
    // 30th of them), and 40 newer runs the node clause's: a clause that draws half the pool's best steps, the rest
    // filled by the newest, never reads the answer.
    let logs: Vec<(i64, String)> = (10..39).map(|k| (k, format!("relay[{k}]: listen backlog full on the relay port, connection dropped"))).collect();
    let seeds: Vec<(i64, String)> = (50..90).map(|k| (k, format!("seeded {k} rows with node"))).collect();
    let mut folds: Vec<(i64, &str, &str)> = vec![(5, "Read: /etc/relay/relay.toml", "[server]\nlisten_port = 7443\nrelay_mode = \"edge\"")];
    folds.extend(logs.iter().map(|(k, t)| (*k, "Bash: journalctl -u relay --since today", t.as_str())));
    folds.extend(seeds.iter().map(|(k, t)| (*k, "Bash: node scripts/seed.mjs", t.as_str())));
    folds.push((90, "Bash: node --version", "v20.11.1"));
    let cf = v2_store(&folds);
    let alone = turn(&cf, "which port does the relay listen on?", 2500);
    assert!(shows(&alone, 5, "listen_port = 7443"), "{:?} {:?}", ids(&alone.scan), alone.excerpts);
    let t = turn(&cf, "which port does the relay listen on, and which node version are we on?", 2500);
    assert!(shows(&t, 5, "listen_port = 7443"), "{:?} {:?}", ids(&t.scan), t.excerpts);
    assert!(shows(&t, 90, "v20.11.1"), "{:?} {:?}", ids(&t.scan), t.excerpts);
}

#[test]
fn recall62_the_last_command_of_a_chain_run_again_alone_is_the_newer_print() {
    let cf = v2_store(&[
        (10, "Bash: argocd app sync shop-prod --async && sleep 120 && argocd app get shop-prod", "Name:               argocd/shop-prod\nSync Status:        OutOfSync to main (2f6d9c8)\nHealth Status:      Progressing\nOperation:          Sync\nSync Revision:      2f6d9c8\nPhase:              Running"),
        (11, "Bash: argocd app get shop-prod", "Name:               argocd/shop-prod\nSync Status:        Synced to main (4e81c2a)\nHealth Status:      Healthy"),
    ]);
    let t = turn(&cf, "what rev is argo synced to for shop-prod", 2500);
    assert_eq!(ids(&t.scan).first(), Some(&11), "{:?} {:?}", ids(&t.scan), t.excerpts);
    // (And a command run alone, then again at the end of a chain, its summary cut short: the chain prints it newer.)
    let pool = |max: u32, total: u32| format!("{{\n  \"max_conns\": {max},\n  \"total_conns\": {total},\n  \"idle_conns\": 3\n}}");
    let (before, after) = (pool(40, 38), pool(20, 14));
    let upgrade = "Bash: helm -n shop upgrade orders deploy/helm/orders -f deploy/helm/orders/values-prod.yaml --reuse-values --wait >/dev/null && sleep 120 && kubectl -n shop exec deploy/orders -c orders -- wget -qO-…";
    let cf = v2_store(&[
        (10, "Bash: kubectl -n shop exec deploy/orders -c orders -- wget -qO- localhost:8081/debug/pgxpool", before.as_str()),
        (11, upgrade, after.as_str()),
    ]);
    let t = turn(&cf, "orders pgx pool max conns now?", 2500);
    assert_eq!(ids(&t.scan).first(), Some(&11), "{:?} {:?}", ids(&t.scan), t.excerpts);
}

#[test]
fn recall75_a_question_in_everyday_words_finds_the_step_that_prints_the_tools_words() {
    // "ram" and "tries" are nowhere in the store: the pod spec prints `memory`, the queue's config `max_attempts`.
    let cf = v2_store(&[
        (10, "Bash: kubectl -n shop get deploy api -o yaml | grep -A3 limits", "limits:\n  cpu: 500m\n  memory: 1536Mi"),
        (11, "Bash: kubectl -n shop get deploy api", "NAME   READY   UP-TO-DATE   AVAILABLE   AGE\napi    3/3     3            3           12d"),
        (12, "Bash: kubectl -n shop logs deploy/api --tail 2", "GET /api/v1/cart 200 12ms\nGET /api/v1/orders 200 31ms"),
        (20, "Bash: gcloud tasks queues describe digests", "name: projects/acme/locations/europe-west1/queues/digests\nretryConfig:\n  maxAttempts: 7\n  maxBackoff: 3600s"),
        (21, "Bash: gcloud tasks queues list", "QUEUE_NAME  STATE    MAX_NUM_OF_TASKS\ndigests     RUNNING  1000\nemails      RUNNING  1000"),
        (22, "Bash: gcloud tasks list --queue digests --limit 1", "TASK_NAME  TYPE  CREATE_TIME\ndigest-8812  http  2026-12-04T07:00:00Z"),
    ]);
    let t = turn(&cf, "how much ram does the api get now?", 2500);
    assert_eq!(ids(&t.scan).first(), Some(&10), "{:?} {:?}", ids(&t.scan), t.excerpts);
    assert!(shows(&t, 10, "memory: 1536Mi"));
    let t = turn(&cf, "how many tries does a digest get before the queue gives up?", 2500);
    assert_eq!(ids(&t.scan).first(), Some(&20), "{:?} {:?}", ids(&t.scan), t.excerpts);
    assert!(shows(&t, 20, "maxAttempts: 7"));
}
