//! `ranked-v2`: a small, curated lexicon of what tools print for what a question asks (*concepts*).
//!
//! Exact words and their stems cannot tell that "how many replicas?" is answered by the `READY`/`AVAILABLE` table
//! of `kubectl get deploy`, or "how did we fix X?" by a commit line: the question's words are not in the answer.
//! A concept ties a few question words (English, and Turkish as match-key prefixes) to the *markers* a line of tool
//! output shows when it answers them. A question word with a concept gets it as its slot's shape
//! ([`super::query::Shape::Concept`]): a line that shows a marker counts the slot as a value of that shape does,
//! weighed by how rare such lines are among the steps read (a marker on every step's output answers nothing), or
//! by the word's own rarity, whichever is more. Concepts only score steps that are read for other reasons (the
//! prompt's other words, the newest steps): they find no candidates of their own.
//!
//! The lexicon is general to coding-agent sessions (the output formats of common tools), not to any one session;
//! every entry says which output it stands for. Markers match at word boundaries; a marker with an uppercase letter
//! matches case-sensitively (table headers such as `READY`, not the word "ready" of a log line), one without
//! matches in any case.
//!
//! Everything here is a fixed table or a pure function of its input; `ranked-v1` and the reference never see it.

use super::stem::stem_en;

/// One concept: the question words that ask for it and the markers of the lines that answer.
pub struct Concept {
    /// What it stands for (for tests and debugging).
    pub name: &'static str,
    /// English question words (compared by their English stems).
    pub asks: &'static [&'static str],
    /// Turkish question words, as match-key prefixes (`ç ş ğ ö ü ı` as `c s g o u i`).
    pub asks_tr: &'static [&'static str],
    /// Markers of an answering line.
    pub shows: &'static [&'static str],
    /// A line shape that answers too (a commit header), beside the markers.
    pub shape: Option<fn(&[u8]) -> bool>,
    /// Words of the answering output (as the store holds them: lowercase, stemmed on use) whose newest steps are
    /// candidates of their own: the answer need not share a word with the question.
    pub finds: &'static [&'static str],
    /// An event, not a state: a question that asks for it without "now", "still", "current" (…) asks about history
    /// ("how did we fix X?" wants the fix, not the newest step that mentions X).
    pub event: bool,
}

/// The lexicon. Order matters only for a word two concepts ask for (the first wins); none does now.
///
/// (`duration`, `up` and `leak` come last: [`DURATION`] and [`UP`] are indices.)
pub const CONCEPTS: &[Concept] = &[
    // How many copies run: the tables of `kubectl get deploy` (UP-TO-DATE, AVAILABLE) and `kubectl get rs`
    // (DESIRED), `docker service ls` (REPLICAS), `kubectl scale` ("scaled"). Not READY: `kubectl get pods` prints it
    // for the containers of each pod, which says nothing of how many pods are wanted.
    Concept {
        name: "replicas",
        asks: &["replica", "replicas", "pods", "scaled", "scale"],
        asks_tr: &["replika", "kopya", "olcek"],
        shows: &["AVAILABLE", "REPLICAS", "DESIRED", "UP-TO-DATE", "scaled"],
        shape: None,
        finds: &["available", "desired", "scaled"],
        event: false,
    },
    // Which release is live: a deploy tool's promote / alias / rollback steps and their "Production:" lines
    // (`vercel promote|alias|rollback`, `fly releases`, `kubectl rollout undo`, `helm rollback`, `netlify deploy --prod`),
    // and the last line of a deploy that went through (`fly deploy`: "v45 deployed successfully", `recall16`): the release
    // it names is the one now live; (`recall21`) the row a release list marks "(current)" (Deployer's `dep releases`).
    Concept {
        name: "live",
        asks: &["live", "serving", "active"],
        asks_tr: &["canli", "yayinda", "aktif"],
        shows: &["rolled back", "rollback", "promoted", "promote", "aliased", "alias", "is now live", "Production:", "released", "deployed successfully", "(current)"],
        shape: None,
        finds: &["rollback", "rolled", "promote", "alias"],
        event: false,
    },
    // Where a server runs: the line a dev server or a service prints when it is up (`➜  Local:   http://localhost:5173/`
    // of Vite, "listening on" of Postgres, Express, uvicorn, "ready on" of Next.js, "Serving on" / "running at").
    Concept {
        name: "server",
        asks: &["server", "servers"],
        asks_tr: &["sunucu"],
        shows: &["Local:", "Network:", "listening on", "listening at", "ready on", "running at", "running on", "serving on", "started server on"],
        shape: None,
        finds: &["local", "listen"],
        event: false,
    },
    // What went wrong: the line that names the error (`KeyError: 'event_id'`, `TypeError: …`, `Traceback`, `FAILED`,
    // `Task failed`, `panicked at`, `error[E0308]`; `recall18`: an application's Turkish `Hata:` / `HATA`), not the
    // word "error" that code and logs carry everywhere.
    Concept {
        name: "error",
        // (Not "failure": its stem is "fail", a verdict: "which tests failed?" asks for the newest run, pass or fail.)
        asks: &["error", "errors", "exception", "exceptions", "traceback"],
        asks_tr: &["hata"],
        shows: &["*Error:", "*Exception:", "Traceback", "FAILED", "FAIL", "Task failed", "panicked at", "error[", "Hata:", "HATA"],
        shape: None,
        finds: &["failed", "traceback", "exception"],
        event: false,
    },
    // How something was fixed: the commit that did it, by its header (`commit 5b7e21c` of `git show` / `git log`,
    // `[main 5b7e21c] …` of `git commit`; the line after it, its message, is read with it), or an issue it closed.
    // Not `fix(…)` alone: a `git log --oneline` of sixty commits shows it on every other line.
    Concept {
        name: "fix",
        // (`recall10`: and the verbs of mending something: "how did we plug the leak", "patch the overflow".)
        asks: &["fix", "fixed", "solve", "solved", "resolve", "resolved", "plug", "plugged", "patch", "patched", "repair", "repaired"],
        asks_tr: &["duzelt", "coz", "onar"],
        shows: &["fixes #", "fixed #", "closes #"],
        shape: Some(commit_header),
        finds: &["commit"],
        event: true,
    },
    // How long something takes (`recall18`): the line a tool prints with the time it took: Postgres' `EXPLAIN
    // ANALYZE` ("Execution Time: 38.117 ms") and `\timing` ("Time: 12.3 ms"), Jest's "Time:", pytest's "42 passed in
    // 3.21s", cargo's "Finished … in 12.34s", yarn's "Done in 4.5s", Vite's "built in 1.23s", `gh run list`'s
    // ELAPSED, and "took" / "elapsed" / "duration" of logs (not `time`'s "real" nor docker's "Building": words of any
    // text). Asked by "how long" and Turkish `sürmek` ("ne kadar sürüyor"), not by a word of its own (see `query`).
    Concept {
        name: "duration",
        asks: &["duration", "elapsed"],
        asks_tr: &[],
        shows: &[
            "Execution Time:", "Time:", "ELAPSED", "elapsed", "took", "duration", "passed in", "failed in", "done in", "built in",
            "finished in", "completed in",
        ],
        shape: None,
        finds: &["execution", "elapsed"],
        event: false,
    },
    // Whether a service is up (`recall19`): the line its status command prints (Laravel Horizon's "Horizon is running.",
    // systemd's "active (running)", supervisord's RUNNING, `docker ps`'s "Up 3 hours" and "(healthy)", `pg_isready`'s
    // "accepting connections"), either way ("is not running", "inactive (dead)", docker's "Exited"). Asked by "is X
    // up?" (a synthetic slot of `query`: "up" is a stopword) and by words of its own.
    Concept {
        name: "up",
        asks: &["alive", "healthy"],
        asks_tr: &[],
        shows: &["is running", "active (running)", "RUNNING", "Up", "(healthy)", "accepting connections", "is not running", "inactive (dead)", "Exited", "STOPPED"],
        shape: None,
        finds: &["running", "healthy"],
        event: false,
    },
    // Where memory leaks (`recall19`): what a profiler or leak checker prints of it (memray's "largest allocating
    // locations" and "Total memory allocated", valgrind's "definitely lost" and LEAK SUMMARY, LeakSanitizer's "Direct
    // leak", pprof's inuse_space / alloc_space, heaptrack's "peak heap", a heap snapshot's "Retained Size"), asked by
    // "leak" and "profiler": their words are seldom in the report.
    Concept {
        name: "leak",
        asks: &["leak", "leaks", "leaking", "leaked", "profiler", "profiling"],
        asks_tr: &["sizinti"],
        shows: &["largest allocating", "Total memory allocated", "definitely lost", "LEAK SUMMARY", "LeakSanitizer", "Direct leak", "inuse_space", "alloc_space", "peak heap", "Retained Size"],
        shape: None,
        finds: &["memray", "valgrind", "tracemalloc", "heaptrack", "pprof", "leaksanitizer"],
        event: false,
    },
    // The bounds of autoscaling (`recall21`): what a horizontal autoscaler prints of them (`kubectl get hpa`'s MINPODS
    // and MAXPODS, an HPA manifest's `minReplicas` / `maxReplicas`, Helm values' `autoscaling:`, `gcloud run services
    // describe`'s "Scaling: Auto (Min: 3, Max: 15)" and the `--min-instances` / `--max-instances` flags, AKS/GKE's
    // `--min-count` / `--max-count`, AWS Application Auto Scaling's `MinCapacity` / `MaxCapacity`), asked by
    // "autoscaling" and "autoscaler", which those lines seldom say.
    Concept {
        name: "autoscaling",
        asks: &["autoscaling", "autoscaler", "autoscale"],
        asks_tr: &[],
        shows: &["MINPODS", "MAXPODS", "minReplicas", "maxReplicas", "autoscaling:", "Scaling: Auto", "min-instances", "max-instances", "min-count", "max-count", "MinCapacity", "MaxCapacity", "min-capacity", "max-capacity"],
        shape: None,
        finds: &["hpa", "minpods", "minreplicas", "scaling", "autoscaling", "maxcapacity"],
        event: false,
    },
    // Drift (`recall21`): whether the live infrastructure still matches its code, as a plan prints it (Terraform's
    // "No changes. Your infrastructure matches the configuration." or "Plan: 1 to add, 2 to change, 0 to destroy." and
    // "Objects have changed outside of Terraform", Pulumi's "Resources: … unchanged", a drift detector's "Drift
    // detected"), asked by "drift", which a plan never says.
    Concept {
        name: "drift",
        asks: &["drift", "drifted", "drifting"],
        asks_tr: &[],
        shows: &["No changes.", "Plan:", "matches the configuration", "changed outside of", "unchanged", "Drift detected", "drifted"],
        shape: None,
        finds: &["plan", "drift"],
        event: false,
    },
    // How often something runs (`recall23`): a cron expression (a crontab line, Laravel's `schedule:list`, Airflow's
    // `schedule="30 3 * * *"`, a Kubernetes CronJob's `schedule:`), EventBridge's `rate(5 minutes)` / `cron(…)`,
    // asked by "how often" (a slot of `query`) and by words of its own; a crontab seldom says "schedule".
    Concept {
        name: "schedule",
        asks: &["schedule", "scheduled", "cron", "crontab", "frequency"],
        asks_tr: &["siklik", "zamanlama"],
        shows: &["schedule:", "schedule=", "schedule_interval", "cron(", "rate(", "crontab"],
        shape: Some(cron_expression),
        finds: &["cron", "crontab", "cronjob", "cronjobs"],
        event: false,
    },
];

/// The index of the `schedule` concept in [`CONCEPTS`].
pub const SCHEDULE: u8 = 10;

/// The index of the `duration` concept in [`CONCEPTS`].
pub const DURATION: u8 = 5;

/// The index of the `up` concept in [`CONCEPTS`].
pub const UP: u8 = 6;

/// The index of the `error` concept in [`CONCEPTS`].
pub const ERROR: u8 = 3;

/// The concept a question word (a match key, and its English stem) asks for, if any.
pub fn of_word(word: &str, stem: &str) -> Option<u8> {
    CONCEPTS
        .iter()
        .position(|c| c.asks.iter().any(|a| *a == word || stem_en(a) == stem) || c.asks_tr.iter().any(|p| word.starts_with(p) && word.len() > p.len().min(3)))
        .map(|k| k as u8)
}

/// The concept an English noun bare of Turkish endings asks for (`podları` → `pod`): only an English question word
/// itself or its plural, not a word that stems as one does (`servisi` bares to `serv`, which is not "serving").
pub fn of_bare_noun(noun: &str) -> Option<u8> {
    CONCEPTS.iter().position(|c| c.asks.iter().any(|a| *a == noun || a.strip_suffix('s') == Some(noun))).map(|k| k as u8)
}

/// Steps of each concept word whose newest (a "first" question: oldest) are candidates (`ranked-v2`, [`Concept::finds`]).
pub const NEWEST: usize = 8;

/// The form keys (a term's own stem) of the words whose steps a concept finds.
pub fn finds(concept: u8) -> Vec<Vec<u8>> {
    CONCEPTS.get(usize::from(concept)).map_or(Vec::new(), |c| c.finds.iter().map(|w| super::forms::key(super::forms::STEM, &stem_en(w))).collect())
}

/// Whether a line shows one of the concept's markers.
pub fn shows(line: &str, concept: u8) -> bool {
    let Some(c) = CONCEPTS.get(usize::from(concept)) else { return false };
    let b = line.as_bytes();
    let mut lower: Option<Vec<u8>> = None;
    c.shows.iter().any(|m| {
        // (A leading `*`: the marker may end a word, as `Error:` ends `KeyError:`.)
        let (inside, m) = match m.strip_prefix('*') {
            Some(rest) => (true, rest.as_bytes()),
            None => (false, m.as_bytes()),
        };
        let hay: &[u8] = if m.iter().any(u8::is_ascii_uppercase) {
            b
        } else {
            lower.get_or_insert_with(|| b.to_ascii_lowercase())
        };
        find_marker(hay, m, inside)
    }) || c.shape.is_some_and(|f| f(b))
}

/// A commit header: `commit` and a hash of 7 to 40 hex digits, or `[branch hash]` (what `git commit` prints).
pub fn commit_header(b: &[u8]) -> bool {
    let hash = |from: usize| {
        let n = b[from.min(b.len())..].iter().take_while(|c| c.is_ascii_hexdigit() && !c.is_ascii_uppercase()).count();
        ((7..=40).contains(&n) && b.get(from + n).is_none_or(|c| !c.is_ascii_alphanumeric())).then_some(from + n)
    };
    let commit = (0..b.len()).any(|i| b[i..].starts_with(b"commit ") && (i == 0 || !b[i - 1].is_ascii_alphanumeric()) && hash(i + 7).is_some());
    commit
        || b.iter().enumerate().any(|(i, &c)| {
            c == b'[' && {
                let sp = b[i + 1..].iter().position(|&x| x == b' ' || x == b']').map(|p| i + 1 + p);
                sp.is_some_and(|sp| sp > i + 1 && b[sp] == b' ' && hash(sp + 1).is_some_and(|end| b.get(end) == Some(&b']')))
            }
        })
}

/// A cron expression: five fields in a row (digits, `*`, `/`, `,`, `-`), two or more of them with a `*` (`*/2 * * * *`,
/// `30 3 * * *`), the first perhaps after a quote or `=` (`schedule="30 3 * * *"`), the last perhaps before a quote.
pub fn cron_expression(b: &[u8]) -> bool {
    let field = |t: &[u8]| !t.is_empty() && t.iter().all(|c| c.is_ascii_digit() || matches!(c, b'*' | b'/' | b',' | b'-'));
    let tokens: Vec<&[u8]> = b
        .split(u8::is_ascii_whitespace)
        .filter(|t| !t.is_empty())
        .map(|t| {
            let t = t.iter().rposition(|c| matches!(c, b'"' | b'\'' | b'=' | b'(')).map_or(t, |k| &t[k + 1..]);
            let end = t.iter().position(|c| matches!(c, b'"' | b'\'' | b')' | b';')).unwrap_or(t.len());
            &t[..end]
        })
        .collect();
    tokens.windows(5).any(|w| w.iter().all(|t| field(t)) && w.iter().filter(|t| t.contains(&b'*')).count() >= 2)
}

/// A marker in a line, at word boundaries (a marker that ends with punctuation needs none after it; `inside`: none
/// before it).
fn find_marker(hay: &[u8], m: &[u8], inside: bool) -> bool {
    if m.is_empty() || hay.len() < m.len() {
        return false;
    }
    let word = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    let end_free = !word(m[m.len() - 1]);
    (0..=hay.len() - m.len()).any(|i| {
        &hay[i..i + m.len()] == m && (inside || i == 0 || !word(hay[i - 1])) && (end_free || hay.get(i + m.len()).is_none_or(|&c| !word(c)))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn k(name: &str) -> u8 {
        CONCEPTS.iter().position(|c| c.name == name).unwrap() as u8
    }

    #[test]
    fn a_cron_expression_is_five_fields_in_a_row_two_of_them_with_a_star_even_in_quotes() {
        for line in ["*/2 * * * *  App\\Jobs\\SyncCourierLocationsJob", "    schedule=\"30 3 * * *\",", "0 9 * * 1-5 /usr/local/bin/backup", "sync-locations   */2 * * * *   False   0"] {
            assert!(cron_expression(line.as_bytes()), "{line}");
            assert!(shows(line, SCHEDULE), "{line}");
        }
        for line in ["1 2 3 4 5", "a * b * c * d", "| 12 | * | * | 4 | 5 |", "2026-12-03 09:41:07 * 3 * 4", "total 5 * 3 = 15"] {
            assert!(!cron_expression(line.as_bytes()), "{line}");
        }
    }

    #[test]
    fn concept_markers_match_at_word_boundaries_and_headers_by_case() {
        assert!(shows("NAME         READY   UP-TO-DATE   AVAILABLE   AGE", k("replicas")));
        assert!(!shows("VITE v5.1.4  ready in 412 ms", k("replicas")));
        assert!(!shows("ALREADY up to date", k("replicas")));
        assert!(shows("Success! Production rolled back to storefront-7xk2.vercel.app", k("live")));
        assert!(!shows("unrolled background", k("live")));
        assert!(shows("[main 5b7e21c] fix(invoice): round VAT per invoice", k("fix")));
        assert!(shows("commit 5b7e21c", k("fix")));
        assert!(shows("commit 8e2f4a1c9d0b", k("fix")));
        assert!(!shows("a1b2c3d fix(dedupe): test batch window", k("fix")));
        assert!(!shows("prefix: nothing to commit, working tree clean", k("fix")));
        assert!(!shows("[main] deploy", k("fix")));
        assert!(shows("[fix/cart-totals 9e8d7c6] Revert \"feat(cart): memoize\"", k("fix")));
    }

    #[test]
    fn a_deploy_that_went_through_names_the_live_release() {
        assert!(shows("v45 deployed successfully", k("live")));
        // Not a deploy that did not go through, nor the word alone.
        assert!(!shows("Error: release command failed, deployment aborted", k("live")));
        assert!(!shows("nothing deployed yet", k("live")));
    }

    #[test]
    fn an_error_is_the_line_that_names_it_not_the_word() {
        assert!(shows("snowflake.connector.errors.ProgrammingError: 002003 (42S02): Table 'RAW.EVENTS_V2' does not exist", k("error")));
        assert!(shows("KeyError: 'event_id'", k("error")));
        assert!(shows("FAILED tests/test_dedupe.py::test_drops_duplicate_ids", k("error")));
        assert!(!shows(r#"  if (!cart) throw new Error("cart not found");"#, k("error")));
        assert!(!shows("  ✓ error handles retry for cart (12 ms)", k("error")));
    }

    #[test]
    fn the_live_release_is_the_row_a_release_list_marks_current() {
        assert!(shows("| 2026-12-06 09:20:44 | 92 (current) | emre   | main   | 3d8b5f2 |", k("live")));
        assert!(!shows("| 2026-12-05 10:02:30 | 90           | selin  | main   | a77e0d1 |", k("live")));
        assert!(!shows("the current release is slow", k("live")));
    }

    #[test]
    fn autoscaling_bounds_are_the_lines_an_autoscaler_prints_them_on() {
        for line in [
            "NAME   REFERENCE          TARGETS       MINPODS   MAXPODS   REPLICAS   AGE",
            "  minReplicas: 3",
            "Scaling: Auto (Min: 3, Max: 15)",
            "gcloud run services update web --min-instances=2 --max-instances=20",
            "\"MinCapacity\": 5, \"MaxCapacity\": 400,",
        ] {
            assert!(shows(line, k("autoscaling")), "{line}");
        }
        assert!(!shows("max connections reached, retrying", k("autoscaling")));
        assert_eq!(of_word("autoscaler", &stem_en("autoscaler")), Some(k("autoscaling")));
        assert_eq!(of_word("hpa", &stem_en("hpa")), None, "a word of the output is found as itself");
    }

    #[test]
    fn drift_is_what_a_plan_says_of_the_live_infrastructure() {
        for line in [
            "No changes. Your infrastructure matches the configuration.",
            "Plan: 0 to add, 1 to change, 0 to destroy.",
            "Note: Objects have changed outside of Terraform",
        ] {
            assert!(shows(line, k("drift")), "{line}");
        }
        assert!(!shows("we plan to migrate the queue next week", k("drift")));
        assert_eq!(of_word("drift", &stem_en("drift")), Some(k("drift")));
    }

    #[test]
    fn a_server_is_where_its_startup_line_says() {
        assert!(shows("  ➜  Local:   http://localhost:5180/", k("server")));
        assert!(shows(r#"LOG:  listening on IPv4 address "0.0.0.0", port 5434"#, k("server")));
        assert!(shows("INFO:     Uvicorn running on http://0.0.0.0:8000 (Press CTRL+C to quit)", k("server")));
        assert!(!shows("export default defineConfig({ server: { port: 5173 } })", k("server")));
    }

    #[test]
    fn a_duration_is_the_line_that_says_how_long_something_took() {
        assert_eq!(CONCEPTS[usize::from(DURATION)].name, "duration");
        assert_eq!(CONCEPTS[usize::from(ERROR)].name, "error");
        assert_eq!(CONCEPTS[usize::from(SCHEDULE)].name, "schedule");
        assert!(shows("Execution Time: 38.117 ms", DURATION));
        assert!(shows("slow request: GET /api/v2/leaderboard/weekly/ took 31.2s", DURATION));
        assert!(shows("============ 42 passed in 3.21s ============", DURATION));
        assert!(shows("✨  Done in 4.52s.", DURATION));
        assert!(shows("STATUS  TITLE  WORKFLOW  BRANCH  EVENT  ID  ELAPSED  AGE", DURATION));
        // Not a latency of a log line, nor the word "time" of any sentence.
        assert!(!shows("[route-2] POST /api/v1/media/7324 201 113ms", DURATION));
        assert!(!shows("at the time of the deploy", DURATION));
        assert!(!shows("Building wheel for psycopg2 for real users", DURATION));
    }

    #[test]
    fn an_english_noun_under_turkish_endings_asks_for_a_concept_by_the_word_not_its_stem() {
        assert_eq!(of_bare_noun("pod"), Some(k("replicas")));
        assert_eq!(of_bare_noun("error"), Some(k("error")));
        // `servisi` bares to `serv`, which stems as "serving" does but is no such word.
        assert_eq!(of_bare_noun("serv"), None);
    }

    #[test]
    fn question_words_find_their_concept_in_english_and_turkish() {
        assert_eq!(of_word("replicas", &stem_en("replicas")), Some(k("replicas")));
        assert_eq!(of_word("live", &stem_en("live")), Some(k("live")));
        assert_eq!(of_word("canlida", &stem_en("canlida")), Some(k("live")));
        assert_eq!(of_word("duzelttik", &stem_en("duzelttik")), Some(k("fix")));
        assert_eq!(of_word("postgres", &stem_en("postgres")), None);
    }
}
