//! What a prompt asks, for ranked selection: its content words as *slots* (each with the word forms that
//! answer it), and whether it asks about the present state or about history.
//!
//! Everything here is a fixed table or a pure function of the prompt: no store, no randomness.

use crate::extract;
use crate::text::{fold_token, is_word, nfc};

use super::stem::{match_key, stem_en};

/// What kind of answer the prompt wants when several steps say the same thing at different times.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Intent {
    /// "now", "current", "latest", or nothing said: the newest step that answers.
    State,
    /// "why", "when", "before", "what happened": the step that answers best (ties to the newest).
    History,
    /// "first", "initially", "originally": the oldest step that answers.
    First,
}

/// One content word of the prompt.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Slot {
    /// The word as the prompt has it, folded (shown in `matched` / `residual`).
    pub name: String,
    /// Match keys that answer it, with their quality in 1/16 (16: the word's own stem).
    pub keys: Vec<(String, u32)>,
    /// The key Turkish endings may be stripped from (the word's own match key), unless it is a file or an error.
    pub inflected: Option<String>,
    /// A file path or an error name found whole in the prompt: matched only by the same term.
    pub whole: bool,
    /// A value the word asks for, recognised by its shape in a line (`localhost:5180`, `5.4.2`).
    pub shape: Option<Shape>,
    /// The clauses of the prompt the word is in (bit i: clause i, the 32nd and later as the 31st).
    pub clauses: u32,
}

/// The shape of a value a question word asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// "port": `host:1234`, `0.0.0.0:5432->5432/tcp`.
    Port,
    /// "version": `1.22.2`, `v20.11.1`, `5.4.2`.
    Version,
    #[cfg(ranked_v2)]
    /// `ranked-v2`, "port": a port after a host, or after the word (`port 5434`, `POSTGRES_PORT=5434`, `tcp_port:6380`).
    PortLabel,
    #[cfg(ranked_v2)]
    /// `ranked-v2`, "size", "big", "large", "boyut": a number with a unit of size (`389.77 kB`, `18.4 MB`, `2GiB`).
    Size,
    #[cfg(ranked_v2)]
    /// `ranked-v2` (`recall10`), "how full", "percent", "usage", "yüzde", "dolu": a number with a percent sign (`34.89%`).
    Percent,
    #[cfg(ranked_v2)]
    /// `ranked-v2`: a concept of tool output (index into [`super::concepts::CONCEPTS`]): "replicas" answered by a
    /// `READY`/`AVAILABLE` table, "live" by a rollback or promote line, "fix" by a commit line.
    Concept(u8),
}

/// The shape a "port" word asks for (`ranked-v2`: after a label too).
#[cfg(ranked_v2)]
fn port_shape(v2: bool) -> Shape {
    if v2 { Shape::PortLabel } else { Shape::Port }
}
#[cfg(not(ranked_v2))]
fn port_shape(_: bool) -> Shape {
    Shape::Port
}

/// The shape a "size" word asks for (none without `ranked-v2`).
#[cfg(ranked_v2)]
fn size_shape() -> Option<Shape> {
    Some(Shape::Size)
}
#[cfg(not(ranked_v2))]
fn size_shape() -> Option<Shape> {
    None
}

/// The shape a word that asks for a share asks for (none without `ranked-v2`).
#[cfg(ranked_v2)]
fn percent_shape() -> Option<Shape> {
    Some(Shape::Percent)
}
#[cfg(not(ranked_v2))]
fn percent_shape() -> Option<Shape> {
    None
}

/// `ranked-v2` (`recall18`): things whose "size" is a count, not bytes ("page size", "batch size", "pool size").
const COUNTED: &[&str] = &["page", "batch", "pool", "queue", "window", "sample", "step", "group", "team", "result", "fetch", "bulk", "thread", "worker"];

/// `ranked-v2` (`recall10`): words that ask for a share (match keys); "full" only after "how".
const PERCENT: &[&str] = &["percent", "percentage", "usage", "utilization", "utilisation", "coverage", "yuzde", "dolu", "doluluk"];

/// The concept a word asks for (`ranked-v2` only).
#[cfg(ranked_v2)]
fn concept_shape(word: &str, stem: &str) -> Option<Shape> {
    super::concepts::of_word(word, stem).map(Shape::Concept)
}
#[cfg(not(ranked_v2))]
fn concept_shape(_: &str, _: &str) -> Option<Shape> {
    None
}

/// The concept shape an English noun under Turkish endings asks for (`recall18`: by the word, not its stem).
#[cfg(ranked_v2)]
fn bare_concept_shape(noun: &str) -> Option<Shape> {
    super::concepts::of_bare_noun(noun).map(Shape::Concept)
}
#[cfg(not(ranked_v2))]
fn bare_concept_shape(_: &str) -> Option<Shape> {
    None
}

/// `ranked-v2`: the quality of a truncation of a long question word (`cover` for "coverage"): an identifier part's.
/// A truncation is matched as it is, never as the prefix of longer forms ([`super::v2::Matcher`]).
const TRUNCATED: u32 = 12;

/// `ranked-v2`: words that ask for a size (match keys, stemmed on use).
const SIZE: &[&str] = &["size", "big", "bigger", "large", "larger", "small", "smaller", "heavy", "boyut", "boyutu", "buyuk", "kucuk"];

/// `ranked-v2` (`recall19`): the words of small talk, English and Turkish (match keys): a prompt of nothing else
/// asks nothing of the session.
const CHAT: &[&str] = &[
    "lol", "haha", "brb", "thanks", "thank", "thx", "ty", "ok", "okay", "cool", "nice", "great", "awesome", "coffee", "lunch", "break", "bye", "cheers",
    "later", "tomorrow", "today", "time", "see", "tesekkurler", "tesekkur", "sagol", "eyvallah", "yarin", "gorusuruz", "kahve", "mola", "ogle",
    // (`recall20`: "thx, calling it a day", "coffee, back in 10".)
    "calling", "day", "back",
];

/// `ranked-v2` (`recall19`): units of size a question asks in ("how many kB is the bundle?", "kaç MB"): they ask for a
/// size as [`SIZE`]'s words do, and are kept though two letters short.
const SIZE_UNITS: &[&str] = &["kb", "mb", "gb", "kib", "mib", "gib"];

/// The analysed prompt.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Query {
    pub slots: Vec<Slot>,
    pub intent: Intent,
    /// `ranked-v2`: a history question only by its past tense ("which advisory did cargo audit flag?"): the best step
    /// answers, after the newest run of its source (what it says now may be what was asked).
    pub past: bool,
    /// `ranked-v2`: a clause (bit of [`Slot::clauses`]) whose own words say what it asks, with that intent and past
    /// flag ("which port is it on now, and why did we move it?": the first clause asks for the state, the second
    /// for history). A clause without such words (and every clause of a one-clause prompt) has the prompt's.
    pub clause_intents: Vec<(u32, Intent, bool)>,
    /// `ranked-v2` (`recall17`): a clause that names a moment rather than what is asked ("how full was flash *before
    /// we turned LTO on*?", "how much stack did we give it *after the crash*?"): its clause bit, and whether the
    /// answer comes after it (`true`) or before it.
    pub anchor: Option<(u32, bool)>,
}

/// Words that carry no content in a question (English and Turkish, as match keys), besides the reference's
/// stopwords. Intent words are listed apart. English ones first ([`STOP_TR`] the Turkish ones): `ranked-v2` keeps an
/// English one in a Turkish sentence, where it is the name of something (`Go sürümümüz şimdi kaç?`).
const STOP_EN: &[&str] = &[
    "a", "about", "after", "again", "also", "am", "an", "any", "anything", "are", "around", "be", "been", "being",
    "both", "can", "check", "could", "currently", "does", "doing", "done", "each", "else", "ever", "every", "from",
    "get", "gets", "getting", "give", "go", "going", "got", "he", "her", "here", "him", "his", "how", "i", "im", "into",
    "is", "its", "just", "know", "let", "lets", "like", "look", "looks", "me", "might", "more", "most", "much", "many", "must",
    "need", "needs", "now", "okay", "ok", "one", "only", "our", "ours", "out", "over", "please", "really", "right",
    "same", "say", "see", "seen", "set", "she", "should", "show", "some", "something", "sure", "tell", "than",
    "thanks", "thank", "their", "them", "then", "there", "these", "they", "thing", "things", "those", "too", "under",
    "us", "use", "used", "uses", "using", "very", "want", "way", "what", "whats", "where", "whether", "which", "while",
    "who", "whom", "whose", "would", "yes", "yet", "you", "your", "s", "t", "d", "ll", "re", "m", "its", "been",
    "happened", "happen", "happens", "actually", "again", "exactly", "currently", "moment", "point",
];

/// Turkish words that carry no content in a question (match keys).
const STOP_TR: &[&str] = &[
    "acaba", "ama", "ana", "bana", "ben", "biz", "bize", "bizim", "bunu", "bunun", "buna", "burada", "da", "de",
    "degil", "diye", "en", "gibi", "hangisi", "hem", "icin", "ise", "ile", "idi", "ki", "kac", "lutfen", "mi", "mu",
    "misin", "midir", "miydi", "muydu", "musun", "mudur", "nedir", "nerede", "neyi", "neler", "o", "olan", "olarak",
    "oldu", "olmus", "onu", "onun", "sadece", "sen", "siz", "su", "sunu", "tamam", "tekrar", "ve", "veya", "yani",
    "bir", "bu", "cok", "daha", "kadar", "ne", "nasil", "var", "yok", "sey", "ya", "neydi", "nasildi", "an", "anda",
    "hangi", "olan", "bugun", "dun", "biraz", "simdiki", "tesekkurler", "tesekkur", "sagol",
];

/// `ranked-v2`: words that, after "how", make a question word ("how long", "how often"; `recall23`: "how slow", "how
/// fast", which ask for a duration too).
const HOW_WORDS: &[&str] = &["long", "often", "slow", "fast"];

/// `ranked-v2` (`recall18`): the verb of "how long does it take".
#[cfg(ranked_v2)]
const TAKE: &[&str] = &["take", "takes", "took", "taking", "taken"];

/// `ranked-v2`: the verb "run", which every command-running session's summaries carry.
const RUN_WORDS: &[&str] = &["run", "runs", "running", "ran"];

/// `ranked-v2`: two-capital acronyms the index leaves out (its terms have three letters or more), found through the
/// words the tools that answer them print: continuous integration is a *workflow* (`gh run list`, GitHub Actions).
/// (Not "pipeline": release and build tools print it for their own stages, `goreleaser`'s among them.)
const ACRONYM_WORDS: &[(&str, &[&str])] = &[("ci", &["workflow"])];

/// `ranked-v2` (`recall19`): words that say something failed ("why did the build break?"), answered by the words of a
/// failure; (`recall20`) and a service that refused or choked ("why did postgres start refusing connections?"), a tool
/// that complained ("what did nuget complain about?").
#[cfg(ranked_v2)]
const BROKE: &[&str] = &[
    "break", "breaks", "broke", "broken", "breaking", "refuse", "refuses", "refused", "refusing", "reject", "rejects",
    "rejected", "rejecting", "choke", "chokes", "choked", "choking", "complain", "complains", "complained", "complaining",
];

/// Words that say the prompt wants the present state.
const STATE: &[&str] = &[
    "now", "current", "currently", "latest", "last", "still", "today", "present", "anymore", "nowadays", "newest",
    "simdi", "simdiki", "guncel", "son", "hala", "halen", "artik", "suan",
];

/// `ranked-v2` (`recall17`): chat's abbreviations of "now" ("at the moment", "right now"); (`recall18`) Turkish
/// "current" (`mevcut sürüm`) and "for now"; the "current" of `şu anki` (written apart, `an` + `-ki`) and `şuanki`.
const STATE_V2: &[&str] = &["atm", "rn", "mevcut", "simdilik", "anki", "suanki"];

/// `ranked-v2` (`recall63`): a prompt (or clause) with a "first" word and a word of the present asks about the present.
const RECALL63_FIRST_OF_NOW: bool = true;

/// `ranked-v2` (`recall18`): words next to "current" that make it the electric current, a thing to find, not "now":
/// "average current", "peak current", "current draw", "current consumption".
#[cfg(ranked_v2)]
const CURRENT_BEFORE: &[&str] = &["average", "avg", "mean", "peak", "max", "idle", "sleep", "supply", "inrush", "leakage", "quiescent", "charging", "charge"];
#[cfg(ranked_v2)]
const CURRENT_AFTER: &[&str] = &["draw", "consumption", "drain", "limit", "sense", "sensor"];

/// `ranked-v2`: whether the `i`th word (a match key) is "current" as the electric current ([`CURRENT_BEFORE`]).
#[cfg(ranked_v2)]
fn electric_current(words: &[&str], i: usize) -> bool {
    words[i] == "current" && (i.checked_sub(1).is_some_and(|p| in_list(CURRENT_BEFORE, words[p])) || words.get(i + 1).is_some_and(|n| in_list(CURRENT_AFTER, n)))
}

/// Words that say the prompt asks about history (the best answer, not necessarily the newest).
const HISTORY: &[&str] = &[
    "why", "when", "before", "earlier", "previous", "previously", "ago", "reason", "cause", "caused", "history",
    "former", "old", "older", "originally", "initially", "first", "earliest", "neden", "niye", "nicin", "zaman",
    "once", "onceki", "onceden", "eskiden", "ilk", "basta", "sebep", "sebebi", "yuzunden",
];

/// `ranked-v2` (`recall18`): Turkish "old" (`eski sürümde`, in the old version), as "old", "former" ask about history.
const HISTORY_V2: &[&str] = &["eski", "eskisi", "causing", "causes"];

/// `ranked-v2`: the auxiliaries of a question in the past tense.
const PAST: &[&str] = &["did", "was", "were", "didn", "wasn", "weren"];
/// `ranked-v2`: the auxiliaries of a question in the present tense.
const PRESENT: &[&str] = &["is", "are", "does", "do", "has", "have"];
/// `ranked-v2`: words that ask how something ended (the newest state), whatever the tense.
const OUTCOME: &[&str] = &["finally", "eventually", "ultimately"];
/// `ranked-v2` (`recall13`): whether an English word of [`STOP_EN`] in a Turkish sentence is kept as a name.
const ENGLISH_NAMES_IN_TURKISH: bool = true;
/// `ranked-v2`: whether a question in the past tense is a history question.
const PAST_TENSE: bool = true;

/// `ranked-v2` (`recall23`): English verbs whose simple past is not `-ed`, as a question says what went wrong.
const IRREGULAR_PAST: &[&str] = &["blew", "broke", "caught", "fell", "got", "hit", "made", "ran", "said", "threw", "took", "went", "wrote"];

/// `ranked-v2` (`recall23`): words in `-ed` that are not a verb's past.
const NOT_PAST: &[&str] = &["bed", "embed", "feed", "need", "red", "seed", "shed", "speed"];

/// `ranked-v2` (`recall23`): whether the word after a question's "what" or "who" (or after "which" and its noun), past
/// an adverb such as "exactly", is a verb in the simple past other than a verdict's.
fn asks_in_simple_past(raw: &[String]) -> bool {
    // (`recall25`: after the words a question may be led in with: "ok, what broke …", "so what blew up …".)
    let lead = raw.iter().take_while(|w| LEAD_INS.contains(&w.as_str())).count();
    let raw = &raw[lead..];
    let at = match raw.first().map(String::as_str) {
        Some("what" | "who") => 1,
        Some("which") => 2,
        _ => return false,
    };
    let at = if raw.get(at).is_some_and(|w| matches!(w.as_str(), "exactly" | "actually" | "really" | "just")) { at + 1 } else { at };
    // (Not a verdict: "which tests failed?" asks how the newest run went.)
    let verdict = |w: &str| VERDICT.iter().chain(VERDICT_WORDS).any(|v| stem_en(v) == stem_en(w));
    raw.get(at).is_some_and(|w| in_list(IRREGULAR_PAST, w) || (w.len() >= 5 && w.ends_with("ed") && !in_list(NOT_PAST, w) && !verdict(w)))
}

/// `ranked-v2` (`recall25`): words that lead a question in without asking anything ("ok, what broke …").
const LEAD_INS: &[&str] = &["ok", "okay", "so", "and", "also", "well", "alright", "anyway", "oh", "hey", "hi", "btw"];

/// History words that ask for the oldest answer.
const FIRST: &[&str] = &["first", "originally", "initially", "earliest", "ilk", "basta", "eskiden"];

/// Groups of words that name the same thing in a coding session (match keys, stemmed on use). The first group
/// member is the one a slot is named after when a lexicon word stands for it.
const SYNONYMS: &[&[&str]] = &[
    &["rollback", "revert", "undo", "rollbacks"],
    &["flaky", "flake", "intermittent"],
    &["postgres", "postgresql", "psql"],
    &["database", "db"],
    &["kubernetes", "k8s", "kubectl"],
    &["env", "environment", "dotenv"],
    &["config", "configuration", "conf", "settings"],
    &["repository", "repo"],
    &["dependency", "dependencies", "deps"],
    &["error", "err", "exception"],
    &["crash", "panic", "crashed"],
    &["production", "prod"],
    &["install", "add"],
    &["remove", "delete", "removed", "deleted"],
    &["version", "ver"],
    &["timeout", "timed"],
    &["authentication", "auth"],
    &["memory", "mem", "oom"],
];

/// `ranked-v2` (`recall18`): words and the abbreviations tools print for them (`avg current: 18.4 mA`, `max_conns`,
/// `fw 1.4.2`, `p95 latency`), as [`SYNONYMS`] are used. Not those that every session prints for something else:
/// `init`, `lib`, `src`, `info`, `app`, `ts`, `js`.
#[cfg(ranked_v2)]
const ABBREVIATIONS: &[&[&str]] = &[
    &["average", "avg", "mean"],
    &["maximum", "max"],
    &["minimum", "min"],
    &["temperature", "temp"],
    &["frequency", "freq"],
    &["connection", "connections", "conn", "conns"],
    &["transaction", "txn"],
    &["parameter", "param", "params"],
    &["argument", "arg", "args"],
    &["statistics", "stats"],
    &["utilization", "util"],
    &["percentage", "percent", "pct"],
    &["message", "msg"],
    &["request", "req"],
    &["response", "resp"],
    &["organization", "org"],
    &["document", "doc", "docs"],
    &["specification", "spec"],
    &["implementation", "impl"],
    &["allocation", "alloc"],
    &["development", "dev"],
    &["package", "pkg"],
    &["image", "img"],
    &["administrator", "admin"],
    &["firmware", "fw"],
    // (`recall20`: resilience4j's `circuitbreaker`, "the cb failure threshold".)
    &["circuitbreaker", "cb"],
    &["hardware", "hw"],
    &["bandwidth", "bw"],
    // (`recall41`: and what people and `openssl x509` call one: "when does the ssl expire?")
    &["certificate", "cert", "x509", "ssl"],
    &["password", "passwd"],
    &["directory", "dir"],
    &["number", "num"],
    &["coverage", "cov"],
    // (`recall19`)
    &["terraform", "tf"],
    &["bigquery", "bq"],
    &["process", "processes", "proc", "procs"],
    &["expiry", "expires", "expire", "expiration", "notafter"],
    // (`recall75`: what people call a thing and what tools print for it, from the words of everyday operations, not
    // of one session: "how much ram" and `memory: 1Gi`, "garbage collector" and `-XX:+UseG1GC`'s GC, "github" and
    // `gh`, "health" and `/healthz`, "throughput" and `rps`, "how many tries" and `max_attempts`, "p99" and latency,
    // "env var" and `vars`, "typescript" and `tsc`. Not "bump" for "upgrade" (a commit's "bump" of anything: one
    // answer lost on the seen sessions) nor "lb"/"alb" for a load balancer (one more wrong). Latency and a percentile
    // both ways: one way only ("p99" asks for latency, "latency" not for a percentile), the unseen sessions' one
    // question more was lost, and "how do g1 and zgc compare for latency?", which needs nothing, got nothing again.)
    &["memory", "ram"],
    &["garbage", "gc"],
    &["github", "gh"],
    &["health", "healthz", "healthcheck"],
    &["readiness", "readyz"],
    &["liveness", "livez"],
    &["throughput", "rps", "qps", "tps"],
    &["retry", "retries", "attempt", "attempts", "tries"],
    &["elasticsearch", "elastic"],
    &["latency", "p99", "p95", "p90", "p50"],
    &["variable", "var", "vars"],
    &["typescript", "tsc"],
    &["crashloop", "crashloopbackoff"],
    // (`recall79`: two-letter names, kept as words only through this table: "ef" for Entity Framework (`efcore`,
    // `Microsoft.EntityFrameworkCore`), "sb" for a service bus, "tz" for a time zone. Not "hc" for a health check:
    // "target group hc timeout" then finds the health check's path and port as well, and two questions asked as one
    // lost their answer on the seen sessions.)
    &["efcore", "ef", "entityframework"],
    &["servicebus", "sb"],
    &["timezone", "tz"],
];

/// `ranked-v2` (`recall18`): the stems of a word's abbreviations, or of the word an abbreviation stands for
/// ([`ABBREVIATIONS`]).
#[cfg(ranked_v2)]
fn abbreviations(key: &str) -> Vec<String> {
    let own = stem_en(key);
    let mut out = Vec::new();
    for group in ABBREVIATIONS.iter().filter(|g| g.iter().any(|w| *w == key || stem_en(w) == own)) {
        for s in group.iter().map(|w| stem_en(w)) {
            if s != own && !out.contains(&s) {
                out.push(s);
            }
        }
    }
    out
}

/// Question words (stems) that ask for a verdict, and the words of tool output that give one either way: "does the
/// DAG pass now?" is answered by the newest run whether it passed or failed (one direction only: "why did it fail?"
/// is not answered by a pass).
const VERDICT: &[&str] = &["pass", "success", "succeed", "green", "clean"];
const VERDICT_WORDS: &[&str] = &["pass", "fail", "success"];

/// `ranked-v2` (`recall10`): whether a slot asks for a verdict ("pass", "green": its own word is one of [`VERDICT`]).
/// (`recall17`: a Turkish word that means one, `geçti`, `geçiyor`, `başarılı`: the lexicons' meanings have quality 14.)
pub(super) fn asks_verdict(slot: &Slot) -> bool {
    let verdict = |k: &String| VERDICT.iter().any(|v| stem_en(v) == *k);
    slot.keys.first().is_some_and(|(k, _)| verdict(k)) || (super::V2 && slot.keys.iter().any(|(k, q)| *q == 14 && verdict(k)))
}

/// `ranked-v2` (`recall33`): whether a slot asks how a run came out: a verdict ([`asks_verdict`]), or a failure or a
/// flake ("why did the tests fail?", "is it still flaky?", `başarısız`), which a run's tally answers as well.
#[cfg(ranked_v2)]
pub(super) fn asks_outcome(slot: &Slot) -> bool {
    let outcome = |k: &str| k == "fail" || k == stem_en("flaky");
    asks_verdict(slot) || slot.keys.first().is_some_and(|(k, _)| outcome(k)) || slot.keys.iter().any(|(k, q)| *q == 14 && outcome(k))
}

/// Turkish words (match-key prefixes) and what they mean in the English of tool output.
const TURKISH: &[(&str, &[&str])] = &[
    ("duzelt", &["fix"]),
    ("onar", &["fix", "repair"]),
    ("hata", &["error", "fail"]),
    ("basarisiz", &["fail"]),
    ("cokt", &["crash"]),
    ("cokme", &["crash"]),
    ("surum", &["version"]),
    ("versiyon", &["version"]),
    ("gocu", &["migration"]),
    ("yedek", &["backup"]),
    ("kova", &["bucket"]),
    ("sunucu", &["server"]),
    ("veritaban", &["database", "db"]),
    ("onbellek", &["cache"]),
    ("bayrag", &["flag"]),
    ("bayrak", &["flag"]),
    ("etkin", &["enabled"]),
    ("kapali", &["disabled"]),
    ("imaj", &["image"]),
    ("etiket", &["tag"]),
    ("yukle", &["install", "upload"]),
    ("kurul", &["install"]),
    ("kurdu", &["install"]),
    ("derle", &["build", "compile"]),
    ("dagit", &["deploy"]),
    ("yayinla", &["release", "publish"]),
    ("dinle", &["listen"]),
    ("gecti", &["pass"]),
    ("gecme", &["pass"]),
    ("geciyor", &["pass"]),
    ("bagimlilik", &["dependency"]),
    ("ortam", &["env", "environment"]),
    ("degisken", &["variable"]),
    ("parola", &["password"]),
    ("sifre", &["password"]),
    ("anahtar", &["key"]),
    ("dosya", &["file"]),
    ("tablo", &["table"]),
    ("sutun", &["column"]),
    ("kuyruk", &["queue"]),
    ("istek", &["request"]),
    ("yanit", &["response"]),
    ("sorgu", &["query"]),
    ("kilit", &["lock"]),
    ("yavas", &["slow"]),
    ("bellek", &["memory"]),
    ("kullanici", &["user"]),
    ("guncelle", &["update"]),
    ("yukselt", &["upgrade"]),
    ("kaldir", &["remove"]),
    ("sildi", &["delete"]),
    ("silin", &["delete"]),
    ("ekle", &["add"]),
    ("degist", &["change"]),
    ("tasi", &["move"]),
    ("baslat", &["start"]),
    ("durdur", &["stop"]),
    ("dali", &["branch"]),
    ("dalda", &["branch"]),
    ("baglanti", &["connection"]),
    ("zamanasimi", &["timeout"]),
    ("asimi", &["timeout"]),
    ("testler", &["test"]),
    ("kilitlen", &["deadlock", "lock"]),
    ("gunluk", &["log"]),
    ("uyari", &["warning"]),
    ("paket", &["package"]),
    ("kapsayici", &["container"]),
    ("konteyner", &["container"]),
];

/// `ranked-v2`: words that ask for a reason, and the words of tool output that give one.
const WHY: &[&str] = &["why", "neden", "niye", "nicin", "sebep", "sebebi", "sebebini", "nedeni", "nedenini"];
/// (`recall49`: and "so", which joins a cause to what it did: "… never resumed it, so nothing consumed the queue".
/// Not "since", which is as often the time something started: measured, it lost six seen questions for three.)
const REASON: &[&str] = &["because", "reason", "cause", "due", "so"];
/// `ranked-v2` (`recall18`): the same in the Turkish a team writes its commit messages and notes in ("çünkü",
/// "… nedeniyle", "… yüzünden", "… sebebiyle", "… dolayı").
#[cfg(ranked_v2)]
const REASON_TR: &[&str] = &["cunku", "nedeniyle", "yuzunden", "sebebiyle", "dolayi"];
/// `ranked-v2` (`recall18`): words that ask for a cause as "why" does ("what was causing the 429s?", "what caused it?").
const CAUSING: &[&str] = &["causing", "caused", "causes"];
/// `ranked-v2`: a verb that, before "from", asks where something came from, as "why" does ("where did the hard fault
/// come from?"); it is no word to find.
#[cfg(ranked_v2)]
const COMING: &[&str] = &["come", "came", "comes", "coming"];

/// `ranked-v2`: whether the `i`th word of a prompt (a match key) is a verb of [`COMING`] before "from".
#[cfg(ranked_v2)]
fn comes_from(raw: &[String], i: usize) -> bool {
    raw.get(i).is_some_and(|w| in_list(COMING, w)) && raw.get(i + 1).is_some_and(|n| n == "from")
}
#[cfg(not(ranked_v2))]
fn comes_from(_: &[String], _: usize) -> bool {
    false
}

/// `ranked-v2` (`recall24`): whether the `i`th word of a prompt (a match key) only announces the question: "quick q:",
/// "quick question,", "btw", "fyi", "hey" (a clause of its own otherwise, whose word would find steps of its own).
#[cfg(ranked_v2)]
fn announces(raw: &[String], i: usize) -> bool {
    let at = |k: usize| raw.get(k).map_or("", String::as_str);
    matches!(at(i), "btw" | "fyi" | "hey" | "hi")
        || (at(i) == "quick" && matches!(at(i + 1), "q" | "qn" | "question" | "one"))
        || (matches!(at(i), "question" | "qn" | "one") && i > 0 && at(i - 1) == "quick")
}
#[cfg(not(ranked_v2))]
fn announces(_: &[String], _: usize) -> bool {
    false
}

/// `ranked-v2` (`recall25`): a prompt without the words that open it only to announce the question that follows:
/// "wait, why did we …", "hold on, which port …", "do you remember what broke …", "can you recall how …", "do you
/// know …", "any idea …", "tell me …". Left as they are, "wait" is a clause of its own whose word finds steps (a
/// log's "waiting"), and "do" makes a question in the simple past ("what broke the build?") a question about the
/// present. Only when a comma (or `:`, `!`, `.`, `-`) follows them, or a word a question starts with
/// ([`QUESTION_STARTS`]): "wait time", "do you remember me tokens" are about something.
#[cfg(ranked_v2)]
fn without_announcing_words(prompt: &str) -> &str {
    const OPENINGS: &[&[&str]] = &[
        &["wait"], &["hold", "on"], &["hang", "on"],
        &["do", "you", "remember"], &["can", "you", "remember"], &["could", "you", "remember"], &["you", "remember"],
        &["do", "you", "recall"], &["can", "you", "recall"], &["could", "you", "recall"],
        &["do", "you", "know"], &["you", "know"], &["any", "idea"], &["tell", "me"], &["can", "you", "tell", "me"],
    ];
    // The words of the prompt's start and where each ends (ASCII letters; a word ends at anything else).
    let b = prompt.as_bytes();
    let mut spans: Vec<(usize, usize)> = Vec::new();
    let mut i = 0;
    while i < b.len() && spans.len() < 6 {
        if b[i].is_ascii_alphabetic() {
            let start = i;
            while i < b.len() && (b[i].is_ascii_alphabetic() || b[i] == b'\'') {
                i += 1;
            }
            spans.push((start, i));
        } else if b[i].is_ascii_whitespace() || matches!(b[i], b',' | b':' | b'-' | b'.' | b'!') {
            i += 1;
        } else {
            break;
        }
    }
    let word = |k: usize| spans.get(k).map(|&(s, e)| prompt[s..e].to_ascii_lowercase().replace('\'', ""));
    for opening in OPENINGS {
        let n = opening.len();
        // (A comma after the opening says as much: "wait, turbo version pinned in the root package.json?".)
        let marked = spans.get(n - 1).is_some_and(|&(_, e)| matches!(b.get(e), Some(b',' | b':' | b'!' | b'.' | b'-')));
        if (0..n).all(|k| word(k).as_deref() == Some(opening[k])) && word(n).is_some_and(|w| marked || QUESTION_STARTS.contains(&w.as_str())) {
            return &prompt[spans[n].0..];
        }
    }
    prompt
}

/// `ranked-v2` (`recall25`): words a question starts with (after "wait," or "do you remember").
#[cfg(ranked_v2)]
const QUESTION_STARTS: &[&str] = &[
    "why", "what", "how", "which", "when", "where", "who", "whats", "hows", "wheres", "whos", "did", "do", "does", "is", "are", "was", "were",
    "didnt", "isnt", "wasnt", "doesnt", "so", "but", "we", "the", "that", "this", "if", "can", "could", "has", "have",
];

/// `ranked-v2`: more Turkish words (a verdict, a size).
const TURKISH_V2: &[(&str, &[&str])] = &[
    ("basari", &["success"]),
    ("boyut", &["size"]),
    // (`recall10`: more of the words a Turkish-writing user asks a coding session with: a leak, a rate, full, a
    // board or card, blowing up, turning off, taking out, a matrix, found.)
    ("sizinti", &["leak"]),
    ("hizi", &["rate", "speed"]),
    ("dolu", &["full", "used"]),
    ("kart", &["board", "card"]),
    ("patla", &["fail", "crash", "error"]),
    ("kapat", &["off", "disable", "close"]),
    ("kapan", &["off", "close"]),
    ("cikar", &["remove", "drop"]),
    ("matris", &["matrix"]),
    ("buldu", &["found", "find"]),
    ("bulun", &["found", "find"]),
];

/// `ranked-v2` (`recall10`): question words that carry no content: English negated auxiliaries as the prompt's words
/// split them ("wouldn't" → `wouldn`, `t`), Turkish question words ("where was it").
const STOP_TR_V2: &[&str] = &[
    "wouldn", "couldn", "didn", "doesn", "isn", "wasn", "weren", "aren", "shouldn", "hasn", "haven", "hadn", "don", "won","nerde", "nerdeydi", "neredeydi", "nereden", "nereye", "nereyi", "nerden", "kim", "kimin", "hangisiydi", "neydi", "kaci", "kacta", "kacti", "kacmis",
    // (`recall18`: the counter word of "kaç tane", how many; "according to", "remind me".)
    "tane", "kez", "defa", "iki", "according", "remind",
    // (`recall25`: chat's "please".)
    "pls", "plz", "plse",
    // (`recall24`: the words of "as well as", "along with", "together with", which join two questions.)
    "well", "along", "together"];

/// `ranked-v2` (`recall39`): Turkish words of a question that carry no content either: "hemen" (right, as in "right
/// after"), "sonra" (after, later) and the verb "de-" of "cargo ne dedi" (what did cargo say), as English "say".
const RECALL39_STOP_TR: &[&str] = &["hemen", "sonra", "dedi", "diyor", "diyordu", "demis", "demisti", "dedigi"];

/// `ranked-v2` (`recall40`): pronouns by which a clause refers to what the clause before it names.
#[cfg(ranked_v2)]
const BACK_REFERENCES: &[&str] = &["it", "its", "they", "them", "their"];

/// `ranked-v2`: word sequences (match keys) that mark a question about a kind of thing in general, not about the
/// session ("what is the difference between a process and a thread?", "explain what a decorator is, in general"):
/// such a prompt needs nothing from the store. An indefinite article after "between" or "what" is what makes it
/// general ("the difference between the staging and prod configs" is about the session).
const GENERAL: &[&[&str]] = &[
    &["in", "general"],
    &["generally", "speaking"],
    &["genel", "olarak"],
    // (`recall20`: "… kısaca anlatır mısın": explain it briefly.)
    &["kisaca", "anlatir"],
    &["kisaca", "anlat"],
    &["kisaca", "acikla"],
    // (`recall21`: how a thing works, roughly or briefly, and what the assistant usually picks, ask for knowledge,
    // not for the session.)
    &["work", "roughly"],
    &["works", "roughly"],
    &["work", "briefly"],
    &["calisiyor", "kisaca"],
    &["calisir", "kisaca"],
    &["do", "you", "usually"],
    &["difference", "between", "a"],
    &["difference", "between", "an"],
    &["explain", "what", "a"],
    &["explain", "what", "an"],
    // (`recall9`: a request for an explanation in plain words, and one for a piece of writing of a literary form,
    // ask for nothing the session did.)
    &["in", "simple", "terms"],
    &["in", "plain", "english"],
    &["in", "plain", "words"],
    &["write", "a", "poem"],
    &["write", "a", "haiku"],
    &["write", "a", "limerick"],
    &["write", "a", "sonnet"],
    &["write", "a", "song"],
    &["write", "a", "story"],
    &["write", "a", "joke"],
    &["tell", "me", "a", "joke"],
];

/// `ranked-v2` (`recall24`): the forms of a question that asks for advice or knowledge rather than for the session
/// ("any tips for writing idempotent consumers", "when would you use redis streams instead of kafka", "REST ile
/// GraphQL arasında nasıl seçim yaparsın"), as match-key sequences found anywhere. Such a prompt needs nothing from
/// the store unless it names the session ([`asks_for_knowledge`]).
#[cfg(ranked_v2)]
const ADVICE_FORMS: &[&[&str]] = &[
    &["when", "would", "you"],
    &["when", "you", "would"],
    &["when", "should", "i"],
    &["when", "should", "you"],
    &["when", "do", "you"],
    &["should", "i", "learn"],
    &["should", "i", "use"],
    &["better", "for", "a"],
    &["best", "practices"],
    &["tips", "for"],
    &["thoughts", "on"],
    &["pros", "and", "cons"],
    &["purpose", "of", "a"],
    &["purpose", "of", "an"],
    &["point", "of", "a"],
    &["point", "of", "an"],
    &["stand", "for"],
    &["stands", "for"],
    &["pick", "between"],
    &["choose", "between"],
    &["idiomatic"],
    &["theorem"],
    &["like", "i", "m", "five"],
    &["nasil", "secim"],
    &["kullanmak", "mantikli"],
    &["tavsiyelerin"],
    &["tavsiyen"],
    &["dezavantajlari"],
    &["avantajlari"],
];

/// `ranked-v2` (`recall31`): more forms of a question that asks for advice or knowledge, read from questions written
/// for it (not from a session): what a choice trades, whether a thing is worth it, how one should think about it or
/// what people usually do, the point of a kind of thing, the best way to do a kind of work, "explain like I'm five".
#[cfg(ranked_v2)]
const RECALL31_ADVICE_FORMS: &[&[&str]] = &[
    &["tradeoff"],
    &["tradeoffs"],
    &["trade", "off"],
    &["trade", "offs"],
    &["is", "it", "worth"],
    &["how", "should", "i", "think"],
    &["how", "do", "people"],
    &["what", "do", "people"],
    &["people", "usually"],
    &["most", "people"],
    &["point", "of"],
    &["best", "way", "to"],
    &["eli5"],
    // (What the assistant thinks, prefers or has seen, asked of it; how a thing works inside, in short, in practice.)
    &["your", "take"],
    &["your", "opinion"],
    &["your", "experience"],
    &["you", "prefer"],
    &["do", "you", "think"],
    &["you", "recommend"],
    &["in", "a", "nutshell"],
    &["under", "the", "hood"],
    &["in", "practice"],
    &["usual", "way"],
    &["sence"],
    &["onerirsin"],
    &["tercih", "edilir"],
    &["genelde"],
    &["en", "iyi", "pratik"],
];

/// `ranked-v2` (`recall37`): more forms of a question that asks for knowledge, read from questions about the tools a
/// session worked on written after `recall31` (`ABOUT_THE_SESSIONS_TOOLS_AFTER_RECALL31`): what a kind of thing usually
/// or typically does, how kinds of things compare or differ (in the plural, without the indefinite article that
/// [`COMPARE_FORMS`] need: "how do php fibers differ from threads?"). And (`RECALL37_FORMS`) a question that starts
/// with "should": advice, unless it asks what we should do ("should we …", a session word).
#[cfg(ranked_v2)]
const RECALL37_ADVICE_FORMS: &[&[&str]] = &[
    &["usually"],
    &["typically"],
    &["compare"],
    &["differ"],
    &["different", "from"],
    &["nasil", "farkli"],
    &["aliskanlik"],
];

/// `ranked-v2` (`recall24`): forms that compare or explain kinds of things ("how does a bloom filter work", "liveness
/// ve readiness probe farkı ne"): general only with an indefinite article (`a`, `an`, Turkish `bir`) somewhere, as
/// "difference between a … and a …" is; without one they may be about the session's own ("how does checkout work").
/// (`recall25`: "what is a …", and "how a … works" as asked after "do you know".)
#[cfg(ranked_v2)]
const COMPARE_FORMS: &[&[&str]] = &[&["difference", "between"], &["differ", "from"], &["how", "does"], &["how", "a"], &["how", "an"], &["what", "is", "a"], &["what", "is", "an"], &["what", "s", "a"], &["what", "s", "an"], &["arasindaki", "fark"], &["farki", "ne"], &["farki", "nedir"]];

/// `ranked-v2` (`recall24`): words that tie a question to the session (match keys): who did it ("we", "our"; Turkish
/// "biz"), when ("now", "still", "again", "yesterday"; "şimdi", "hâlâ", "artık"), what happened ("did", "was",
/// "were"), and a definite "this" or "these": a knowledge form with one of them asks about the session
/// ("how does our worker pick a queue?", "explain this error").
#[cfg(ranked_v2)]
const SESSION_WORDS: &[&str] = &[
    "we", "our", "ours", "us", "weve", "my", "mine", "this", "these", "those", "here", "now", "currently", "current",
    "still", "anymore", "again", "today", "yesterday", "earlier", "latest", "last", "did", "was", "were", "had",
    "rn", "atm", "biz", "bizim", "bize", "bizde", "simdi", "hala", "artik", "dun", "bugun", "su", "bu", "burada",
];

/// `ranked-v2` (`recall24`): whether a prompt's words (match keys) ask for advice or knowledge, not for the session:
/// [`ADVICE_FORMS`], [`COMPARE_FORMS`] with an indefinite article, or "explain …" as its first word (not "explain
/// why …": why something happened is the session's), without [`SESSION_WORDS`]. `the` ties it to the session too
/// ("explain the retry setting"), but not before what such a question asks of a kind of thing ("the purpose of a …");
/// so do a Turkish word of "our" (`sürümümüz`) or of what we did (`düzelttik`), and an identifier (`max_conns`, `v2`).
#[cfg(ranked_v2)]
fn asks_for_knowledge(raw: &[String]) -> bool {
    // (`recall31`: "generally" anywhere, "is it worth tuning X, generally", as it asks at the start.)
    let generally = RECALL31_FORMS && raw.iter().any(|w| w == "generally");
    let has = |forms: &[&[&str]]| forms.iter().any(|seq| raw.windows(seq.len()).any(|w| w.iter().zip(seq.iter()).all(|(a, b)| a == b)));
    let indefinite = raw.iter().any(|w| matches!(w.as_str(), "a" | "an" | "bir"));
    let explain = ["explain", "can you explain", "could you explain"].iter().any(|form| {
        let form: Vec<&str> = form.split(' ').collect();
        raw.len() > form.len() && raw.iter().zip(&form).all(|(a, b)| a == b) && raw[form.len()] != "why"
    });
    let recall37 = RECALL37_FORMS && (has(RECALL37_ADVICE_FORMS) || raw.first().is_some_and(|w| w == "should"));
    if !(explain || generally || recall37 || has(ADVICE_FORMS) || (RECALL31_FORMS && has(RECALL31_ADVICE_FORMS)) || (indefinite && has(COMPARE_FORMS))) {
        return false;
    }
    // ("the" before what such questions ask for of a kind of thing, "the purpose of a …", "the difference between
    // a …", is no reference.)
    let definite = raw.windows(2).any(|w| {
        w[0] == "the"
            && !matches!(w[1].as_str(), "purpose" | "point" | "difference" | "differences" | "pros" | "best" | "right" | "root" | "main")
            // (`recall31`: nor "the tradeoffs of …", "the idiomatic way to …".)
            && !(RECALL31_FORMS && matches!(w[1].as_str(), "tradeoff" | "tradeoffs" | "trade" | "idiomatic" | "advantages" | "disadvantages" | "downsides" | "benefits" | "hood" | "usual"))
    });
    let ours = |w: &str| (w.ends_with("imiz") || w.ends_with("umuz")) && w.chars().count() > 6;
    let we_did = |w: &str| ["dik", "tik", "duk", "tuk"].iter().any(|e| w.ends_with(e)) && w.chars().count() > 5;
    // (`recall31`: "eli5" is chat, not a name with a version.)
    let identifier = |w: &str| (w.contains('_') || w.bytes().any(|b| b.is_ascii_digit())) && !(RECALL31_FORMS && w == "eli5");
    // (`recall31`: "these days" is the world's present, not the session's.)
    let these_days = |i: usize| RECALL31_FORMS && raw[i] == "these" && raw.get(i + 1).is_some_and(|n| n == "days");
    !definite && !raw.iter().enumerate().any(|(i, w)| (in_list(SESSION_WORDS, w) && !these_days(i)) || ours(w) || we_did(w) || identifier(w))
}

/// `ranked-v2`: whether a prompt's words (match keys) ask about something in general ([`GENERAL`]).
fn asks_in_general(raw: &[String]) -> bool {
    // (`recall10`: the person it is for may come between the verb and the form: "write me a limerick", "write us a poem".)
    let without: Vec<String> = raw.iter().filter(|w| !matches!(w.as_str(), "me" | "us")).cloned().collect();
    // (`recall20`: "generally, when is X not worth it over Y?": the first word, as "in general" anywhere.)
    #[cfg(ranked_v2)]
    if raw.first().is_some_and(|w| w == "generally") {
        return true;
    }
    [raw, &without[..]].iter().any(|raw| GENERAL.iter().any(|seq| raw.windows(seq.len()).any(|w| w.iter().zip(seq.iter()).all(|(a, b)| a == b))))
}

/// `ranked-v2`: a Turkish word (a match key) with its final p, t or k softened (b, d, g: `ğ` folds to `g`), if it ends
/// in one.
fn softened(word: &str) -> Option<String> {
    let soft = match word.as_bytes().last()? {
        b'p' => 'b',
        b't' => 'd',
        b'k' => 'g',
        _ => return None,
    };
    Some(format!("{}{soft}", &word[..word.len() - 1]))
}

/// Two-word phrases (first word, prefix of the second) and what they mean.
const PHRASES: &[(&str, &str, &[&str])] = &[
    ("geri", "al", &["rollback", "revert"]),
    ("geri", "don", &["rollback", "revert"]),
    ("roll", "back", &["rollback", "revert"]),
    ("zaman", "asim", &["timeout"]),
    ("yeniden", "baslat", &["restart"]),
    ("devre", "dis", &["disabled"]),
    ("time", "out", &["timeout"]),
    ("set", "up", &["setup"]),
];

fn in_list(list: &[&str], key: &str) -> bool {
    list.contains(&key)
}

/// Whether a word (a match key) carries no content in a question, in English or in Turkish.
fn is_stop(key: &str) -> bool {
    in_list(STOP_EN, key) || in_list(STOP_TR, key)
}

/// Letters that only Turkish, of the languages the lists know, writes.
const TURKISH_LETTERS: &[char] = &['ç', 'ğ', 'ı', 'ö', 'ş', 'ü', 'Ç', 'Ğ', 'İ', 'Ö', 'Ş', 'Ü'];

/// `ranked-v2`: for each word of a prompt (as [`words`] splits it), whether the sentence it is in is Turkish: another
/// of its words has a Turkish letter or is a Turkish word without content (a sentence ends at `.`, `!`, `?`, a
/// line break). In such a sentence an English word of [`STOP_EN`] is a name ("Go sürümümüz şimdi kaç?", "set
/// komutu ne yapıyor?"): a Turkish question has no English function words of its own.
fn in_turkish_sentence(prompt_nfc: &str) -> Vec<bool> {
    turkish_sentences(prompt_nfc, false)
}

/// For each word of a prompt, whether its sentence has a Turkish word: another one, or (`counting_itself`) it too.
fn turkish_sentences(prompt_nfc: &str, counting_itself: bool) -> Vec<bool> {
    let mut out = Vec::new();
    let mut sentence: Vec<bool> = Vec::new(); // for each word of the current sentence: whether it is Turkish
    let mut cur = String::new();
    let flush = |out: &mut Vec<bool>, sentence: &mut Vec<bool>| {
        for k in 0..sentence.len() {
            out.push(sentence.iter().enumerate().any(|(j, &t)| (counting_itself || j != k) && t));
        }
        sentence.clear();
    };
    // (`recall18`: which words are endings after an apostrophe.)
    #[cfg(ranked_v2)]
    let endings = after_apostrophe(prompt_nfc);
    for c in prompt_nfc.chars().chain(std::iter::once(' ')) {
        if is_word(c) {
            cur.push(c);
            continue;
        }
        if !cur.is_empty() {
            // (The words before this one are in `out` or in `sentence`.)
            #[cfg(ranked_v2)]
            let ending = endings.get(out.len() + sentence.len()).copied().unwrap_or(false);
            let key = match_key(&fold_token(&cur));
            let letters = cur.chars().any(|c| TURKISH_LETTERS.contains(&c));
            // (`recall18`: an ending after an apostrophe is Turkish or an English contraction's tail, never a word of
            // either list ("we've" is not `ve`, and); a question word only Turkish has marks the sentence too.)
            #[cfg(ranked_v2)]
            let turkish = if ending { super::turkish::is_ending(&key) } else { letters || (in_list(STOP_TR, &key) && !in_list(STOP_EN, &key)) || in_list(super::turkish::QUESTION_WORDS, &key) };
            #[cfg(not(ranked_v2))]
            let turkish = letters || in_list(STOP_TR, &key) && !in_list(STOP_EN, &key);
            sentence.push(turkish);
            cur.clear();
        }
        if matches!(c, '.' | '!' | '?' | '\n') {
            flush(&mut out, &mut sentence);
        }
    }
    flush(&mut out, &mut sentence);
    out
}

/// The stems of a word's synonyms (its own excluded).
fn synonyms(key: &str) -> Vec<String> {
    let own = stem_en(key);
    let mut out = Vec::new();
    for group in SYNONYMS {
        if group.iter().any(|w| stem_en(w) == own) {
            for w in *group {
                let s = stem_en(w);
                if s != own && !out.contains(&s) {
                    out.push(s);
                }
            }
        }
    }
    out
}

/// The words of a prompt, in order: runs of word characters, folded, as match keys.
/// Words that join two questions in one prompt ("…, and which …", "… ve …").
const JOINS: &[&str] = &["and", "also", "plus", "ve", "hem", "ayrica"];

/// `ranked-v2` (`recall24`): whether a lone `+` or `&`, "as well as", "along with" and "together with" join two
/// questions too ([`split_other_joins`]).
#[cfg(ranked_v2)]
const OTHER_JOINS: bool = true;

/// `ranked-v2` (`recall24`): whether a question in a form that asks for knowledge needs nothing ([`asks_for_knowledge`]).
#[cfg(ranked_v2)]
const KNOWLEDGE: bool = true;

/// `ranked-v2` (`recall31`): whether the `recall31` forms ask for knowledge too ([`asks_for_knowledge`]):
/// [`RECALL31_ADVICE_FORMS`], "generally" anywhere, "the tradeoffs / the idiomatic way …" as no reference to the
/// session, "these days" as no word of it, `eli5` as no versioned name.
#[cfg(ranked_v2)]
const RECALL31_FORMS: bool = true;

/// `ranked-v2` (`recall37`): whether the `recall37` forms ask for knowledge too ([`asks_for_knowledge`]):
/// [`RECALL37_ADVICE_FORMS`], and "should" as the first word.
#[cfg(ranked_v2)]
const RECALL37_FORMS: bool = true;

/// `ranked-v2` (`recall39`): whether [`RECALL39_STOP_TR`] are no words of a question's content.
const RECALL39_STOP_WORDS: bool = true;

/// `ranked-v2` (`recall40`): whether a clause's pronoun brings in the first word of the clause before it.
#[cfg(ranked_v2)]
const RECALL40_PRONOUNS: bool = true;

/// `ranked-v2`: for each word of a prompt (as [`words`] splits it), whether it is written as a name inside a
/// sentence: a capital and then small letters (`Go`, not `OK` or `I`), not the first word of the prompt or of a
/// sentence (after `.`, `!`, `?`, a line break).
fn capitalized_inside(prompt_nfc: &str) -> Vec<bool> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut sentence_start = true;
    for c in prompt_nfc.chars().chain(std::iter::once(' ')) {
        if is_word(c) {
            cur.push(c);
            continue;
        }
        if !cur.is_empty() {
            let mut cs = cur.chars();
            let first = cs.next().is_some_and(|f| f.is_ascii_uppercase());
            let rest: Vec<char> = cs.collect();
            out.push(!sentence_start && first && !rest.is_empty() && rest.iter().all(|r| r.is_ascii_lowercase()));
            sentence_start = false;
            cur.clear();
        }
        if matches!(c, '.' | '!' | '?' | '\n') {
            sentence_start = true;
        }
    }
    out
}

/// `ranked-v2`: for each word of a prompt (as [`words`] splits it), whether it is an acronym of two capitals (`CI`,
/// `OS`, `PR`, `DB`): a name, however short (`recall10`).
fn acronyms(prompt_nfc: &str) -> Vec<bool> {
    let mut out = Vec::new();
    let mut cur = String::new();
    for c in prompt_nfc.chars().chain(std::iter::once(' ')) {
        if is_word(c) {
            cur.push(c);
            continue;
        }
        if !cur.is_empty() {
            out.push(cur.chars().count() == 2 && cur.chars().all(|c| c.is_ascii_uppercase()));
            cur.clear();
        }
    }
    out
}

/// `ranked-v2` (`recall18`): for each word of a prompt (as [`words`] splits it), whether it is the ending a Turkish
/// writer puts after an apostrophe (`Sentry'deki`, `API'si`, `Redis'in`) or the tail of an English contraction
/// (`what's`, `we've`): part of the word before it, never a word to find.
#[cfg(ranked_v2)]
fn after_apostrophe(prompt_nfc: &str) -> Vec<bool> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let (mut prev, mut before) = (' ', ' '); // the two characters before the current word
    for c in prompt_nfc.chars().chain(std::iter::once(' ')) {
        if is_word(c) {
            if cur.is_empty() {
                out.push(matches!(prev, '\'' | '’') && is_word(before));
            }
            cur.push(c);
        } else {
            cur.clear();
        }
        before = prev;
        prev = c;
    }
    out
}

/// `ranked-v2` (`recall18`): words that begin an English question.
#[cfg(ranked_v2)]
const QUESTION_START: &[&str] = &[
    "what", "which", "why", "how", "when", "where", "who", "whose", "is", "are", "was", "were", "did", "does", "do", "can",
    "could", "should", "will", "would", "has", "have", "had", "any",
];
/// `ranked-v2` (`recall18`): Turkish question words and particles, anywhere in a question.
#[cfg(ranked_v2)]
const QUESTION_TR: &[&str] = &[
    "mi", "mu", "misin", "musun", "midir", "mudur", "miydi", "muydu", "ne", "neden", "niye", "nicin", "hangi", "hangisi",
    "nasil", "kim", "kimin", "kac", "kaci", "nerede", "nereye", "nerde", "nedir", "neydi",
];

/// `ranked-v2` (`recall18`): for each word of a prompt (as [`words`] splits it), the word whose clause it belongs to
/// when it is in a sentence that states rather than asks ("We moved postgres last week. Which port is it on now?",
/// "Quick question about redis: what's the maxmemory?"), followed by the question it is context for: the words of the
/// statement name what the question asks about, they are no question of their own. `None` for every other word.
#[cfg(ranked_v2)]
fn context_of(prompt_nfc: &str) -> Vec<Option<usize>> {
    let scanned = scan_words(prompt_nfc);
    // Sentences: (first word, end word, whether it asks); a sentence ends where a clause ends, but at `,` and `;`.
    let mut sentences: Vec<(usize, usize, bool)> = Vec::new();
    let mut start = 0usize;
    for (i, (_, _, end)) in scanned.iter().enumerate() {
        if end.is_some_and(|c| !matches!(c, ',' | ';')) || i + 1 == scanned.len() {
            let words = &scanned[start..=i];
            let asks = *end == Some('?') || words.iter().any(|(w, _, _)| in_list(QUESTION_TR, w)) || in_list(QUESTION_START, &words[0].0);
            sentences.push((start, i + 1, asks));
            start = i + 1;
        }
    }
    let mut out = vec![None; scanned.len()];
    // From the last sentence back: a statement before a question (or before a statement that is context for one)
    // takes the clause of that sentence's first word.
    let mut target: Option<usize> = None;
    for &(from, to, asks) in sentences.iter().rev() {
        if asks {
            target = Some(from);
        } else if let Some(t) = target {
            for slot in &mut out[from..to] {
                *slot = Some(t);
            }
        }
    }
    out
}

/// The words of a prompt, in order: runs of word characters, folded, as match keys, each with the number of the
/// clause it is in (a new clause after `,` `;` `?` `!`, a `.` or `:` before a space, a line break, or a joining
/// word such as "and").
fn words(prompt_nfc: &str) -> Vec<(String, u32)> {
    scan_words(prompt_nfc).into_iter().map(|(w, clause, _)| (w, clause)).collect()
}

/// `ranked-v2` (`recall22`): the prompt's words in order, as match keys (what [`Slot::name`] holds of a plain word).
#[cfg(ranked_v2)]
pub(super) fn words_in_order(prompt: &str) -> Vec<String> {
    scan_words(&nfc(prompt)).into_iter().map(|(w, _, _)| w).collect()
}

/// [`words`], each with the punctuation that ends a clause right after it, if any (`recall18`: where a sentence ends,
/// for [`context_of`]).
fn scan_words(prompt_nfc: &str) -> Vec<(String, u32, Option<char>)> {
    let mut out: Vec<(String, u32, Option<char>)> = Vec::new();
    let mut cur = String::new();
    let mut clause = 0u32;
    let chars: Vec<char> = prompt_nfc.chars().chain(std::iter::once(' ')).collect();
    for (k, &c) in chars.iter().enumerate() {
        if is_word(c) {
            cur.push(c);
            continue;
        }
        if !cur.is_empty() {
            let w = match_key(&fold_token(&cur));
            cur.clear();
            if JOINS.contains(&w.as_str()) {
                clause += 1;
            }
            out.push((w, clause, None));
        }
        let next_space = chars.get(k + 1).is_none_or(|n| n.is_whitespace());
        if matches!(c, ',' | ';' | '?' | '!' | '\n') || (matches!(c, '.' | ':') && next_space) {
            clause += 1;
            // (A sentence's end outranks a clause's: `deploy,.` ends a sentence.)
            if let Some(last) = out.last_mut().filter(|l| l.2.is_none_or(|e| matches!(e, ',' | ';'))) {
                last.2 = Some(c);
            }
        }
    }
    out
}

/// `ranked-v2`: in a sentence with two or more particles `de` / `da` (words of their own, not the endings of
/// `staging'de`), "Host testleri de python testleri de geçiyor mu?" (both … and …), each but the last ends a clause;
/// whether one did (the clauses then share what the sentence asks at its end, [`share_attributes`]).
#[cfg(ranked_v2)]
fn split_both(prompt_nfc: &str, tagged: &mut [(String, u32)]) -> bool {
    let scanned = scan_words(prompt_nfc);
    let endings = after_apostrophe(prompt_nfc);
    if scanned.len() != tagged.len() {
        return false;
    }
    let mut split = false;
    let mut start = 0;
    for end in 0..scanned.len() {
        if end + 1 < scanned.len() && !matches!(scanned[end].2, Some('?' | '!' | '.' | '\n')) {
            continue;
        }
        let particles: Vec<usize> = (start..=end).filter(|&i| matches!(tagged[i].0.as_str(), "de" | "da") && !endings.get(i).copied().unwrap_or(false)).collect();
        for &p in particles.iter().rev().skip(1) {
            split = true;
            for t in tagged.iter_mut().skip(p + 1) {
                t.1 += 1;
            }
        }
        start = end + 1;
    }
    split
}

/// `ranked-v2` (`recall24`): the joins of two questions that [`JOINS`] misses, each starting a new clause: a `+` or
/// `&` standing alone between words ("app version + play rollout fraction?"), "as well as", "along with", "together
/// with" ("the redis policy as well as the terraform state"). (Not "vs": it joins two values asked together, "queue
/// timeout vs worker timeout", each clause's answer shown without the other's.) `recall30`: a `/` standing alone too
/// ("app version / play rollout fraction?"), and a dash standing alone (`—`, `–`, `-`) between two questions, the
/// second opening with a question word or asking with a Turkish one ("is ruff clean — which python do we use?",
/// "redis ne kadar dolu — worker sayısı kaç?"; not "python tooling tests — green?", where what follows the dash asks
/// about what precedes it).
#[cfg(ranked_v2)]
fn split_other_joins(prompt_nfc: &str, tagged: &mut [(String, u32)]) {
    const PHRASES: &[&[&str]] = &[&["as", "well", "as"], &["along", "with"], &["together", "with"]];
    let mut starts: Vec<usize> = Vec::new();
    let chars: Vec<char> = prompt_nfc.chars().collect();
    let mut count = 0usize;
    // (Whether the words before word `at` ask, and those from it on open with a question word or, in Turkish, ask
    // with one of their own before their clause ends.)
    let two_questions = |at: usize| {
        let (before, after) = tagged.split_at(at.min(tagged.len()));
        let asks_after = after.first().is_some_and(|t| QUESTION_START.contains(&t.0.as_str())) || after.iter().take_while(|t| t.1 == after[0].1).any(|t| QUESTION_TR.contains(&t.0.as_str()));
        asks_after && before.iter().any(|t| QUESTION_START.contains(&t.0.as_str()) || QUESTION_TR.contains(&t.0.as_str()))
    };
    for (k, &c) in chars.iter().enumerate() {
        if is_word(c) {
            count += usize::from(k == 0 || !is_word(chars[k - 1]));
            continue;
        }
        let alone = count > 0 && k > 0 && chars[k - 1].is_whitespace() && chars.get(k + 1).is_some_and(|n| n.is_whitespace());
        if alone && (matches!(c, '+' | '&' | '/') || (matches!(c, '—' | '–' | '-') && two_questions(count))) {
            starts.push(count);
        }
    }
    for at in 1..tagged.len() {
        if PHRASES.iter().any(|p| tagged.len() >= at + p.len() && tagged[at..at + p.len()].iter().zip(p.iter()).all(|(t, w)| t.0 == *w)) {
            starts.push(at);
        }
    }
    for start in starts {
        for t in tagged.iter_mut().skip(start) {
            t.1 += 1;
        }
    }
}

/// `ranked-v2` (`recall19`): the index of the "on" of "which X are we on" / "what X we're on" (which or what, a
/// thing, then the phrase ending the prompt), if the words (match keys) say it.
#[cfg(ranked_v2)]
fn we_are_on(raw: &[String]) -> Option<usize> {
    let at = raw.iter().position(|w| w == "which" || w == "what")?;
    // (`recall25`: before the words that may end a question without asking anything: "which vue are we on now pls?".)
    let trailing = raw.iter().rev().take_while(|w| matches!(w.as_str(), "pls" | "plz" | "plse" | "now" | "rn" | "atm" | "currently" | "thx" | "thanks" | "ty")).count();
    let on = (raw.len() - trailing).checked_sub(1).filter(|&i| raw[i] == "on")?;
    let (a, b) = (raw[on.checked_sub(2)?].as_str(), raw[on - 1].as_str());
    (on - 2 > at + 1 && matches!((a, b), ("are" | "were", "we") | ("we", "re"))).then_some(on)
}

/// `ranked-v2` (`recall19`): the dotted numbers of a prompt (`3.12`, `1.15.1`: digits, then one or more `.digits`), not
/// inside a word (`v1.2` is a word's), in order, each once.
#[cfg(ranked_v2)]
fn dotted_numbers(prompt: &str) -> Vec<String> {
    let b = prompt.as_bytes();
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let starts = b[i].is_ascii_digit() && (i == 0 || !(b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'.' || b[i - 1] == b'_'));
        if !starts {
            i += 1;
            continue;
        }
        let mut end = i;
        let mut dots = 0;
        while end < b.len() && (b[end].is_ascii_digit() || (b[end] == b'.' && b.get(end + 1).is_some_and(u8::is_ascii_digit) && b[end - 1].is_ascii_digit())) {
            dots += usize::from(b[end] == b'.');
            end += 1;
        }
        let word_after = b.get(end).is_some_and(|c| c.is_ascii_alphabetic() || *c == b'_');
        if dots > 0 && !word_after {
            let n = prompt[i..end].to_string();
            if !out.contains(&n) {
                out.push(n);
            }
        }
        i = end.max(i + 1);
    }
    out
}

/// `ranked-v2` (`recall19`): the host names of a prompt (`kervan.com.tr`, `api.example.io`: words joined by dots, the
/// last a common top-level domain or, since `recall20`, a version: `orders.v1`), lowercased, in order, each once.
#[cfg(ranked_v2)]
fn host_names(prompt: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for token in prompt.split(|c: char| !(c.is_ascii_alphanumeric() || c == '.' || c == '-')) {
        let t = token.trim_matches(|c| c == '.' || c == '-').to_ascii_lowercase();
        if is_host_name(&t) && !out.contains(&t) {
            out.push(t);
        }
    }
    out
}

/// `ranked-v2` (`recall19`): the top-level domains a host name ends with ([`is_host_name`]).
#[cfg(ranked_v2)]
pub(super) const TLDS: &[&str] = &["com", "net", "org", "io", "dev", "app", "co", "tr", "de", "uk", "eu", "fr", "nl", "cloud", "ai", "sh"];

/// `ranked-v2` (`recall19`): whether a lowercase token is a host name or (`recall20`) a versioned name, as
/// [`host_names`] finds them.
#[cfg(ranked_v2)]
pub(super) fn is_host_name(t: &str) -> bool {
    let parts: Vec<&str> = t.split('.').collect();
    // (`recall20`: and a versioned name, a topic or an API: `orders.v1`.)
    let last = parts.last().unwrap_or(&"");
    let versioned = last.len() >= 2 && last.starts_with('v') && last[1..].bytes().all(|b| b.is_ascii_digit());
    parts.len() >= 2 && parts.iter().all(|p| !p.is_empty()) && (TLDS.contains(last) || versioned) && parts[0].bytes().any(|b| b.is_ascii_alphabetic())
}

/// `ranked-v2` (`recall20`): the absolute paths of a prompt that name no file (a mount point, a route: "/var
/// doluluğu", "where do /api calls go"), lowercased, in order, each once: each is one thing to find whole in the
/// lines read (`df`'s `/var`, a proxy's `location /api`). Not a part of a word ("n/a", "and/or").
#[cfg(ranked_v2)]
fn absolute_paths(prompt: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for token in prompt.split(|c: char| c.is_whitespace() || matches!(c, '(' | ')' | '"' | '`' | ',' | '?' | '\'')) {
        let t = token.trim_end_matches(['.', ':', ';', '!']).to_ascii_lowercase();
        let path = t.len() >= 3 && t.starts_with('/') && t[1..].bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'/' | b'_' | b'-' | b'.')) && t[1..].bytes().take_while(|b| *b != b'/').filter(u8::is_ascii_alphabetic).count() >= 2;
        if path && !out.contains(&t) {
            out.push(t);
        }
    }
    out
}

fn bit(clause: u32) -> u32 {
    1 << clause.min(31)
}

/// Analyse a prompt (`ranked-v1`'s rules).
pub fn analyse(prompt: &str) -> Query {
    analyse_with(prompt, false)
}

/// Analyse a prompt; `v2` (`ranked-v2`'s rules): a word that asks for a verdict ("pass") is also answered by the
/// words of either verdict (`VERDICT_WORDS`), and a word that asks for a size by a size (`Shape::Size`).
pub fn analyse_with(prompt: &str, v2: bool) -> Query {
    let v2 = v2 && super::V2;
    // (`ranked-v2`, `recall25`: "wait, …", "do you remember …" only announce the question that follows.)
    #[cfg(ranked_v2)]
    let prompt = if v2 { without_announcing_words(prompt) } else { prompt };
    let q = nfc(prompt);
    #[allow(unused_mut)]
    let mut tagged = words(&q);
    #[cfg(ranked_v2)]
    if v2 && OTHER_JOINS {
        split_other_joins(&q, &mut tagged);
    }
    // (`recall18`: a statement before a question is in the question's clause.)
    #[cfg(ranked_v2)]
    if v2 {
        let context = context_of(&q);
        if context.len() == tagged.len() {
            for i in (0..tagged.len()).rev() {
                if let Some(t) = context[i] {
                    tagged[i].1 = tagged[t].1;
                }
            }
        }
    }
    // (Turkish "X de Y de …" is "both X and Y": two clauses, as "hem X hem Y" and "X ve Y" are.)
    #[cfg(ranked_v2)]
    let both = v2 && split_both(&q, &mut tagged);
    let raw: Vec<String> = tagged.iter().map(|(w, _)| w.clone()).collect();
    let named = if v2 { capitalized_inside(&q) } else { Vec::new() };
    let caps = if v2 { acronyms(&q) } else { Vec::new() };
    #[cfg(ranked_v2)]
    let endings = if v2 { after_apostrophe(&q) } else { Vec::new() };
    let turkish_sentence = if v2 && ENGLISH_NAMES_IN_TURKISH { in_turkish_sentence(&q) } else { Vec::new() };
    #[cfg(ranked_v2)]
    let turkish_sentence_of_word = if v2 { turkish_sentences(&q, true) } else { Vec::new() };
    #[cfg(ranked_v2)]
    let anchor = if v2 { anchor_clause(&mut tagged, &turkish_sentence_of_word) } else { None };
    #[cfg(not(ranked_v2))]
    let anchor = None;
    let mut intent = Intent::State;
    let mut history = false;
    let mut first = false;
    let mut state_word = false;
    // (`ranked-v2`, `recall10`: "at the start", "at the very beginning", "in the beginning" ask for the oldest answer, as
    // "initially": no content, a "first" question.)
    let mut at_start: Vec<usize> = Vec::new();
    if v2 {
        for i in 2..raw.len() {
            if matches!(raw[i].as_str(), "start" | "beginning" | "outset") && matches!(raw[i - 1].as_str(), "the" | "very") {
                let the = if raw[i - 1] == "very" { i.checked_sub(2) } else { Some(i - 1) };
                if the.is_some_and(|t| t >= 1 && raw[t] == "the" && matches!(raw[t - 1].as_str(), "at" | "in" | "from")) {
                    at_start.push(i);
                }
            }
        }
    }
    if !at_start.is_empty() {
        first = true;
    }
    // (`ranked-v2`, `recall10`: "these days" asks for the present, as "nowadays": no content, a state word.)
    // (`recall17`: "şu an", "şu anda" are Turkish for "now", in two words.)
    let these_days: Vec<usize> = if v2 {
        (1..raw.len()).filter(|&i| (raw[i] == "days" && raw[i - 1] == "these") || (matches!(raw[i].as_str(), "an" | "anda") && raw[i - 1] == "su")).collect()
    } else {
        Vec::new()
    };
    if !these_days.is_empty() {
        state_word = true;
    }
    #[cfg(ranked_v2)]
    let raw_words: Vec<&str> = raw.iter().map(String::as_str).collect();
    #[cfg(ranked_v2)]
    let electric = |i: usize| v2 && electric_current(&raw_words, i);
    #[cfg(not(ranked_v2))]
    let electric = |_: usize| false;
    for (i, w) in raw.iter().enumerate() {
        if v2 && (in_list(STATE, w) || in_list(STATE_V2, w)) && !electric(i) {
            state_word = true;
        }
        if in_list(HISTORY, w) || (v2 && in_list(HISTORY_V2, w)) {
            history = true;
        }
        if in_list(FIRST, w) {
            first = true;
        }
    }
    // "ne zaman" (when), "şu an" (now) in Turkish.
    // (`ranked-v2`, `recall63`: not with a word of the present: "first" is then the first of what is there now, "the
    // first load js of the latest build", "the first error of the last run".)
    let first_of_now = v2 && RECALL63_FIRST_OF_NOW && first && state_word;
    if first_of_now {
        // (Nor is "first" then a word of the past.)
        history = raw.iter().any(|w| (in_list(HISTORY, w) || in_list(HISTORY_V2, w)) && !in_list(FIRST, w));
    }
    if first && !first_of_now {
        intent = Intent::First;
    } else if history {
        intent = Intent::History;
    }
    let mut slots: Vec<Slot> = Vec::new();
    let push = |slots: &mut Vec<Slot>, slot: Slot| {
        if let Some(s) = slots.iter_mut().find(|s| s.keys[0].0 == slot.keys[0].0) {
            s.clauses |= slot.clauses;
            for k in slot.keys {
                if !s.keys.iter().any(|(x, _)| *x == k.0) {
                    s.keys.push(k);
                }
            }
        } else {
            slots.push(slot);
        }
    };
    // Files and error names, whole (a path is one thing to find).
    for t in extract::files(&q).iter().chain(&extract::errors(&q)) {
        let key = fold_token(t);
        push(&mut slots, Slot { name: key.clone(), keys: vec![(key, 16)], inflected: None, whole: true, shape: None, clauses: u32::MAX });
    }
    // `ranked-v2` (`recall19`): a dotted number ("after going to 3.12", "the 1.15.1 image") or a host name ("the cert
    // on kervan.com.tr") is one thing to find, whole, in the lines read: the index keeps no such term, and the parts
    // are too short to be words, or words of anything.
    #[cfg(ranked_v2)]
    if v2 {
        for n in dotted_numbers(&q).into_iter().chain(host_names(&q)).chain(absolute_paths(&q)) {
            push(&mut slots, Slot { name: n.clone(), keys: vec![(n, 16)], inflected: None, whole: true, shape: None, clauses: u32::MAX });
        }
    }
    // `ranked-v2`: "why" is answered by a line that gives a reason ("reason: …", "… because …").
    if v2 {
        if let Some((_, &(_, clause))) = tagged.iter().enumerate().find(|(i, (w, _))| in_list(WHY, w) || in_list(CAUSING, w) || comes_from(&raw, *i)) {
            #[allow(unused_mut)]
            let mut keys: Vec<(String, u32)> = REASON.iter().map(|r| (stem_en(r), 14)).collect();
            #[cfg(ranked_v2)]
            also_ask(&mut keys, REASON_TR, 14);
            push(&mut slots, Slot { name: "why".to_string(), keys, inflected: None, whole: false, shape: None, clauses: bit(clause) });
        }
    }
    // `ranked-v2` (`recall19`): "which vue are we on?", "what python are we on": a thing a question says we are on,
    // with no word for what of it, is asked for its version.
    #[cfg(ranked_v2)]
    if v2 {
        if let Some(on) = we_are_on(&raw) {
            if !raw.iter().any(|w| stem_en(w) == "version") {
                push(&mut slots, Slot { name: "version".to_string(), keys: vec![("version".to_string(), 16)], inflected: None, whole: false, shape: Some(Shape::Version), clauses: bit(tagged[on].1) });
            }
        }
    }
    // (`ranked-v2`, `recall18`: an English phrasal verb with its object between, "roll it back", "set them up": the
    // verb's index and its particle's.)
    #[cfg(ranked_v2)]
    let split_phrases: Vec<(usize, usize)> = if v2 {
        // (`recall20`: or a version, "roll 0.19.0 back", in as many words as its dots make.)
        let between = |w: &String| matches!(w.as_str(), "it" | "them" | "this" | "that") || w.bytes().any(|b| b.is_ascii_digit());
        (0..raw.len().saturating_sub(2))
            .filter_map(|i| {
                let particle = (i + 2..raw.len().min(i + 6)).find(|&j| PHRASES.iter().any(|(a, b, _)| *a == raw[i] && raw[j] == *b))?;
                raw[i + 1..particle].iter().all(between).then_some((i, particle))
            })
            .collect()
    } else {
        Vec::new()
    };
    #[cfg(not(ranked_v2))]
    let split_phrases: Vec<(usize, usize)> = Vec::new();
    let mut skip_next = false;
    for (i, w) in raw.iter().enumerate() {
        if split_phrases.iter().any(|&(_, particle)| particle == i) {
            continue;
        }
        if std::mem::take(&mut skip_next) || these_days.contains(&i) || at_start.contains(&i) {
            continue;
        }
        #[cfg(ranked_v2)]
        if endings.get(i).copied().unwrap_or(false) {
            continue;
        }
        // (`recall18`: nor is a word that joins two questions ("…, plus the pnpm version?"), nor "time" of "last
        // time", nor Turkish "which" under endings ("ödeme servisi hangisinde?", in which one).)
        #[cfg(ranked_v2)]
        if v2 && (JOINS.contains(&w.as_str()) || (w == "time" && i > 0 && raw[i - 1] == "last") || (turkish_sentence_of_word.get(i).copied().unwrap_or(false) && w.starts_with("hangi"))) {
            continue;
        }
        let next = split_phrases.iter().find(|&&(verb, _)| verb == i).map_or(raw.get(i + 1), |&(_, particle)| raw.get(particle));
        // `ranked-v2` (`recall17`): "how did the e2e run go?", "how did it go": how something ended, a verdict.
        #[cfg(ranked_v2)]
        if v2 && w == "go" && next.is_none_or(|_| tagged[i + 1].1 != tagged[i].1) && (1..i).any(|k| raw[k - 1] == "how" && matches!(raw[k].as_str(), "did" | "does") && tagged[k].1 == tagged[i].1) {
            let mut keys: Vec<(String, u32)> = VERDICT_MEANS.iter().map(|m| (stem_en(m), 16)).collect();
            also_ask(&mut keys, VERDICT_WORDS, 12);
            push(&mut slots, Slot { name: "go".to_string(), keys, inflected: None, whole: false, shape: None, clauses: bit(tagged[i].1) });
            continue;
        }
        // `ranked-v2` (`recall19`): "is horizon up?", "is the db up atm?": whether a service runs, the lines of its
        // status ([`super::concepts::UP`]). Not "set up", "spin up", "scale up" (verbs with a particle), nor "up to".
        #[cfg(ranked_v2)]
        if v2 && w == "up" && next.is_none_or(|n| tagged[i + 1].1 != tagged[i].1 || in_list(STATE, n) || in_list(STATE_V2, n) || matches!(n.as_str(), "yet" | "again" | "still")) && (1..i).any(|k| matches!(raw[k - 1].as_str(), "is" | "are") && tagged[k].1 == tagged[i].1) {
            let concept = super::concepts::UP;
            let mut keys = vec![("up".to_string(), 16)];
            also_ask(&mut keys, super::concepts::CONCEPTS[usize::from(concept)].finds, 12);
            push(&mut slots, Slot { name: "up".to_string(), keys, inflected: None, whole: false, shape: Some(Shape::Concept(concept)), clauses: bit(tagged[i].1) });
            continue;
        }
        // Two-word phrases.
        if let Some(n) = next {
            let means = PHRASES.iter().find(|(a, b, _)| a == w && n.starts_with(b)).map(|p| p.2);
            #[cfg(ranked_v2)]
            let means = means.or_else(|| turkish_sentence_of_word.get(i).copied().unwrap_or(false).then(|| super::turkish::phrase_meanings(w, n)).flatten());
            #[cfg(ranked_v2)]
            let means = means.or_else(|| v2.then(|| VERDICT_PHRASES.iter().find(|(a, b)| a == w && n == b).map(|_| VERDICT_MEANS)).flatten());
            #[cfg(ranked_v2)]
            let means = means.or_else(|| v2.then(|| PHRASES_V2.iter().find(|(a, b, _)| a == w && n == b).map(|p| p.2)).flatten());
            if let Some(means) = means {
                let keys: Vec<(String, u32)> = means.iter().map(|m| (stem_en(m), 16)).collect();
                let mut keys = keys;
                for m in means.iter() {
                    for s in synonyms(m) {
                        if !keys.iter().any(|(k, _)| *k == s) {
                            keys.push((s, 14));
                        }
                    }
                }
                // (`ranked-v2`, `recall19`: a schema is rolled back by a migration tool's downgrade.)
                #[cfg(ranked_v2)]
                if v2 && means.contains(&"rollback") {
                    also_ask(&mut keys, &["downgrade"], 14);
                }
                // (`ranked-v2`: a phrase that asks for a verdict is answered by either, as a word is.)
                if v2 && keys.iter().any(|(k, _)| VERDICT.iter().any(|v| stem_en(v) == *k)) {
                    also_ask(&mut keys, VERDICT_WORDS, 12);
                }
                push(&mut slots, Slot { name: format!("{w} {n}"), keys, inflected: None, whole: false, shape: None, clauses: bit(tagged[i].1) });
                skip_next = true;
                continue;
            }
        }
        // (`ranked-v2`: a word of the list that the prompt writes as a name, capitalized inside a sentence, is one:
        // "which Go version", "upgrade Go".)
        let name = v2 && named.get(i).copied().unwrap_or(false) && is_stop(w) && !crate::text::is_stopword(w);
        // (`ranked-v2`, `recall13`: an English word of the list in a Turkish sentence is a name, wherever it is and
        // however it is written ("Go sürümümüz şimdi kaç?"); a Turkish word of the list never is.)
        let name = name
            || (turkish_sentence.get(i).copied().unwrap_or(false)
                && w.chars().count() >= 2
                && in_list(STOP_EN, w)
                && !in_list(STOP_TR, w)
                && !crate::text::is_stopword(w));
        // (`ranked-v2`, `recall10`: two capitals are an acronym, a name (`CI`, `OS`), not a word too short to mean
        // anything; `US`, `IT` as words are still dropped by the lists.)
        let acronym = v2 && caps.get(i).copied().unwrap_or(false) && !crate::text::is_stopword(w) && !is_stop(w);
        let name = name || acronym || electric(i);
        // (`ranked-v2`, `recall17`: nor do the words of an outcome, "finally", nor chat's "atm", "rn" for "now".)
        if !name && (w.chars().count() < 2 || crate::text::is_stopword(w) || is_stop(w) || in_list(STATE, w) || in_list(HISTORY, w) || (v2 && (in_list(STOP_TR_V2, w) || (RECALL39_STOP_WORDS && in_list(RECALL39_STOP_TR, w)) || in_list(WHY, w) || in_list(OUTCOME, w) || in_list(STATE_V2, w) || in_list(HISTORY_V2, w) || comes_from(&raw, i) || announces(&raw, i)))) {
            continue;
        }
        // `ranked-v2`: "how long", "how often" ask for a duration or a frequency: question words, not content ("the
        // weekend long run" does not answer "how long do tokens live").
        if v2 && i > 0 && raw[i - 1] == "how" && HOW_WORDS.contains(&w.as_str()) {
            // (`recall18`: "how long" asks for the line that says how long something took, a duration, as "how slow" and
            // "how fast" do; `recall23`: "how often" asks for a schedule, a cron expression or a rate.)
            #[cfg(ranked_v2)]
            push(&mut slots, if w == "often" { concept_slot("how often", super::concepts::SCHEDULE, tagged[i].1) } else { duration_slot(tagged[i].1) });
            continue;
        }
        // (`recall18`: nor is the verb of "how long does it take", "how long did the build take".)
        #[cfg(ranked_v2)]
        if v2 && TAKE.contains(&w.as_str()) && (1..i).any(|k| raw[k - 1] == "how" && raw[k] == "long" && tagged[k].1 == tagged[i].1) {
            continue;
        }
        // `ranked-v2` (`recall17`): nor do "running" and "using" in a Turkish sentence (`çalışıyor`, `kullanıyoruz`).
        #[cfg(ranked_v2)]
        let in_turkish = turkish_sentence_of_word.get(i).copied().unwrap_or(false);
        #[cfg(ranked_v2)]
        if in_turkish && super::turkish::is_content_free(w) {
            // (`recall18`: but `sürüyor`, `sürdü` (takes, took) ask how long, as "how long" does.)
            if super::turkish::takes_time(w) {
                push(&mut slots, duration_slot(tagged[i].1));
            }
            continue;
        }
        // `ranked-v2`: "run" asks nothing ("which image do the pods run", "how many workers do we run"), and the
        // store's "run" is the verb of every `npm run`, `go run`, `docker run`, `gh run` command, not an answer.
        if v2 && RUN_WORDS.contains(&w.as_str()) {
            continue;
        }
        let stem = stem_en(w);
        let mut keys = vec![(stem.clone(), 16)];
        for s in synonyms(w) {
            keys.push((s, 13));
        }
        #[cfg(ranked_v2)]
        if v2 {
            for s in abbreviations(w) {
                if !keys.iter().any(|(k, _)| *k == s) {
                    keys.push((s, 13));
                }
            }
        }
        let mut turkish = false;
        for (prefix, means) in TURKISH {
            if w.starts_with(prefix) {
                turkish = true;
                also_ask(&mut keys, means, 14);
            }
        }
        if v2 {
            // Turkish softens a final p, t, k before a vowel (`kilit` → `kilidini`, `istek` → `isteği`, `yedek` →
            // `yedeği`): the lexicon's words are found in their softened forms too.
            for (prefix, means) in TURKISH {
                let Some(soft) = softened(prefix) else { continue };
                if !w.starts_with(prefix) && w.starts_with(soft.as_str()) && w[soft.len()..].starts_with(['a', 'e', 'i', 'o', 'u']) {
                    also_ask(&mut keys, means, 14);
                }
            }
            // (`recall10`: a verb stem's final `a`/`e` narrows before the present tense's `-yor` (`dinle` → `dinliyor`,
            // `bekle` → `bekliyor`, `başla` → `başlıyor`): the lexicon's verbs are found in that form too.)
            for (prefix, means) in TURKISH.iter().chain(TURKISH_V2) {
                let Some(stem) = prefix.strip_suffix(['a', 'e']) else { continue };
                let narrowed = ["iyor", "uyor"].iter().any(|y| w.strip_prefix(stem).is_some_and(|rest| rest.starts_with(y)));
                if narrowed && !w.starts_with(prefix) {
                    also_ask(&mut keys, means, 14);
                }
            }
            for (prefix, means) in TURKISH_V2 {
                if w.starts_with(prefix) {
                    also_ask(&mut keys, means, 14);
                }
            }
        }
        // `ranked-v2` (`recall17`): in a Turkish sentence, the words of software work, and the bare noun under its
        // endings (`portumuz` → `port`), asked as a stripped form is ([`super::stem::strip_tr`]'s quality).
        #[cfg(ranked_v2)]
        let bare = if in_turkish { super::turkish::bare_nouns(w) } else { Vec::new() };
        #[cfg(ranked_v2)]
        if in_turkish {
            also_ask(&mut keys, &super::turkish::meanings(w), 14);
            for b in &bare {
                also_ask(&mut keys, &[b.as_str()], 14);
            }
        }
        // (`recall18`: "Python 3.12'ye geçtik" is a switch, not a pass.)
        #[cfg(ranked_v2)]
        if in_turkish && super::turkish::moved_to(w) {
            keys.retain(|(k, _)| !VERDICT.iter().chain(VERDICT_WORDS).any(|v| stem_en(v) == *k));
            also_ask(&mut keys, super::turkish::MOVED_TO_MEANS, 14);
        }
        #[cfg(not(ranked_v2))]
        let bare: Vec<String> = Vec::new();
        // (`recall19`: what went wrong, said as a thing that broke: "why did ci break?" One way only: a `break;` in
        // the code read is no failure. Not the noun of a pause: "time for a coffee break".)
        #[cfg(ranked_v2)]
        if v2 && BROKE.contains(&w.as_str()) && !(i > 0 && matches!(raw[i - 1].as_str(), "a" | "the" | "coffee" | "lunch" | "short" | "quick" | "mola")) {
            also_ask(&mut keys, &["fail", "error"], 14);
        }
        // (`recall19`: a known one written small too, as chat writes it: "did ci pass?")
        if v2 {
            for (a, means) in ACRONYM_WORDS {
                if w == a {
                    also_ask(&mut keys, means, 13);
                }
            }
        }
        if v2 && keys.iter().any(|(k, _)| VERDICT.iter().any(|v| stem_en(v) == *k)) {
            also_ask(&mut keys, VERDICT_WORDS, 12);
        }
        if w.chars().count() < 3 && keys.len() == 1 && !name && !(v2 && in_list(SIZE_UNITS, w)) {
            continue; // two letters that name nothing we know
        }
        let _ = turkish;
        // Joined with the next word ("roll back" as "rollback", "set up" as "setup").
        if let Some(n) = next {
            for joined in [format!("{stem}{}", stem_en(n)), stem_en(&format!("{w}{n}"))] {
                if !keys.iter().any(|(k, _)| *k == joined) {
                    keys.push((joined, 14));
                }
            }
        }
        // `ranked-v2`: an adjective of time made from a noun ("monthly", "weekly", "hourly") is answered by the noun
        // ("$412.60 per month").
        if v2 && w.len() >= 6 && w.ends_with("ly") && w.is_ascii() {
            let noun = stem_en(&w[..w.len() - 2]);
            if !keys.iter().any(|(k, _)| *k == noun) {
                keys.push((noun, 14));
            }
        }
        if v2 {
            // `ranked-v2`: a number with a plural `s` ("503s", "1990s") is answered by the number (`[503]`).
            if let Some(n) = w.strip_suffix('s').filter(|n| n.len() >= 2 && n.bytes().all(|b| b.is_ascii_digit())) {
                keys.push((n.to_string(), 15));
            }
            // `ranked-v2`: a long word is answered by its truncations (`Cover` for "coverage", `config` for
            // "configuration"): forms of at least five letters that the word's stem starts with, at most four
            // letters shorter ([`TRUNCATED`] quality: matched as they are, not as prefixes of longer forms).
            if stem.len() >= 7 && stem.bytes().all(|b| b.is_ascii_lowercase()) {
                for n in (stem.len() - 4).max(5)..stem.len() {
                    if !keys.iter().any(|(k, _)| k == &stem[..n]) {
                        keys.push((stem[..n].to_string(), TRUNCATED));
                    }
                }
            }
        }
        let inflected = (!w.chars().any(|c| c.is_ascii_digit())).then(|| w.clone());
        let shape = if stem == "port" || (w.starts_with("port") && w.len() <= 7) || bare.iter().any(|b| b == "port") {
            Some(port_shape(v2))
        } else if keys.iter().any(|(k, _)| k == "version") {
            Some(Shape::Version)
        } else if v2 && (in_list(PERCENT, w) || (w == "full" && i > 0 && raw[i - 1] == "how")) {
            percent_shape()
        } else if v2 && (SIZE.iter().any(|z| *z == w || stem_en(z) == stem) || in_list(SIZE_UNITS, w)) && !(i > 0 && in_list(COUNTED, &raw[i - 1])) {
            size_shape()
        } else if v2 {
            concept_shape(w, &stem).or_else(|| bare.iter().find_map(|b| bare_concept_shape(b)))
        } else {
            None
        };
        push(&mut slots, Slot { name: w.clone(), keys, inflected, whole: false, shape, clauses: bit(tagged[i].1) });
    }
    // `ranked-v2` (`recall18`): "how long" asks how long *something* takes: in a clause that names nothing else ("…, and
    // how long do they take?") it is left out, as the pronoun it asks about is.
    #[cfg(ranked_v2)]
    {
        let named: u32 = slots.iter().filter(|s| s.name != "how long").fold(0, |acc, s| acc | s.clauses);
        slots.retain(|s| s.name != "how long" || s.clauses & named != 0);
    }
    // `ranked-v2` (`recall40`): a clause that refers back by a pronoun ("worker image tag + how much mem do they use
    // now", "table wcu and how high autoscaling can take it") asks about what the clause before it (the nearest one
    // with a word) names first.
    #[cfg(ranked_v2)]
    if v2 && RECALL40_PRONOUNS {
        for clause in 1..tagged.iter().map(|t| t.1).max().unwrap_or(0).min(31) + 1 {
            if !tagged.iter().any(|(w, c)| *c == clause && in_list(BACK_REFERENCES, w)) {
                continue;
            }
            // (A file or error name found whole is in every clause already: not a word of the clause before.)
            let own = |s: &Slot, c: u32| s.clauses != u32::MAX && s.clauses & bit(c) != 0;
            let Some(before) = (0..clause).rev().find(|&c| slots.iter().any(|s| own(s, c))) else { continue };
            if let Some(subject) = slots.iter_mut().find(|s| own(s, before) && s.shape.is_none()) {
                subject.clauses |= bit(clause);
            }
        }
    }
    // `ranked-v2`: a question about something in general needs nothing from the session; (`recall19`) nor does small
    // talk, a prompt whose every word is one of chat ("lol ok, coffee time", "thanks, see you tomorrow").
    if v2 && (asks_in_general(&raw) || (!slots.is_empty() && slots.iter().all(|s| in_list(CHAT, &s.name)))) {
        slots.clear();
    }
    // (`recall24`: nor does a question in a form that asks for knowledge, when no word of it names the session.)
    #[cfg(ranked_v2)]
    if v2 && KNOWLEDGE && !slots.iter().any(|s| s.whole) && asks_for_knowledge(&raw) {
        slots.clear();
    }
    // `ranked-v2`: a question about an event (a concept such as "fix") that does not ask for the present state is a
    // history question.
    if v2 && intent == Intent::State && !state_word && slots.iter().any(|s| s.shape.is_some_and(is_event)) {
        intent = Intent::History;
    }
    // `ranked-v2`: a question in the past tense ("did", "was", "were"; `recall23`: or a verb in the simple past right
    // after its question word, "what broke the build right after the go bump?") without a word of the present asks
    // what happened then, not what holds now: a history question.
    // Not a question for a verdict ("did the lint job pass?": how the newest run went), nor one that also asks in the
    // present ("is BILLING_V2 on, and did lint pass?"), nor one about the outcome ("finally", "in the end").
    let mut past = false;
    let outcome = raw.iter().any(|w| in_list(OUTCOME, w)) || raw.windows(3).any(|w| w[0] == "in" && w[1] == "the" && w[2] == "end");
    if v2
        && PAST_TENSE
        && intent == Intent::State
        && !state_word
        && !outcome
        && (raw.iter().any(|w| in_list(PAST, w)) || asks_in_simple_past(&raw))
        && !raw.iter().any(|w| in_list(PRESENT, w))
        && !slots.iter().any(asks_verdict)
    {
        intent = Intent::History;
        past = true;
    }
    // `ranked-v2` (`recall17`): the same in Turkish, whose verbs carry their tense (`hangi portta çalışıyordu?`, `sızıntı
    // nerdeydi?`): a verb only the past has and no present one, in a question without a word of the present.
    #[cfg(ranked_v2)]
    if v2 && PAST_TENSE && intent == Intent::State && !state_word && !outcome && !slots.iter().any(asks_verdict) {
        let turkish: Vec<&String> = raw.iter().enumerate().filter(|(i, _)| turkish_sentence_of_word.get(*i).copied().unwrap_or(false)).map(|(_, w)| w).collect();
        if turkish.iter().any(|w| super::turkish::is_past(w)) && !turkish.iter().any(|w| super::turkish::is_present(w)) {
            intent = Intent::History;
            past = true;
        }
    }
    // `ranked-v2` (`recall15`): a verdict about a language's tests ("are the python tests passing?") is a run of its
    // test runner, which its output and command name instead of the language (`pytest -q`).
    #[cfg(ranked_v2)]
    if v2 && slots.iter().any(asks_verdict) {
        for slot in &mut slots {
            if let Some((_, runners)) = TEST_RUNNERS.iter().find(|(lang, _)| slot.keys.first().is_some_and(|(k, _)| *k == stem_en(lang))) {
                also_ask(&mut slot.keys, runners, 13);
            }
        }
    }
    #[cfg(ranked_v2)]
    if v2 && SHARED_ATTRIBUTES {
        share_attributes(&tagged, turkish_sentence_of_word.iter().any(|&t| t), both, &mut slots);
        let name_at: Vec<bool> = (0..tagged.len()).map(|i| named.get(i).copied().unwrap_or(false) || caps.get(i).copied().unwrap_or(false)).collect();
        share_possessor(&tagged, &endings, &turkish_sentence_of_word, &name_at, &mut slots);
        share_dropped_object(&tagged, &turkish_sentence_of_word, &mut slots);
    }
    #[cfg(ranked_v2)]
    let clause_intents = if v2 && CLAUSE_INTENTS { clause_intents(&tagged, &at_start, &these_days, &slots, outcome, &turkish_sentence_of_word) } else { Vec::new() };
    #[cfg(not(ranked_v2))]
    let clause_intents = Vec::new();
    Query { slots, intent, past, clause_intents, anchor }
}

/// `ranked-v2` (`recall18`): the slot of "how long" (Turkish `sürmek`) in a clause: the words that tools print with a
/// duration, and the duration concept's lines ([`super::concepts::DURATION`]).
#[cfg(ranked_v2)]
fn duration_slot(clause: u32) -> Slot {
    concept_slot("how long", super::concepts::DURATION, clause)
}

/// `ranked-v2`: a slot named `name` in a clause that asks for a concept alone: the words of its output it finds, and
/// its lines.
#[cfg(ranked_v2)]
fn concept_slot(name: &str, concept: u8, clause: u32) -> Slot {
    let mut keys = Vec::new();
    also_ask(&mut keys, super::concepts::CONCEPTS[usize::from(concept)].finds, 12);
    Slot { name: name.to_string(), keys, inflected: None, whole: false, shape: Some(Shape::Concept(concept)), clauses: bit(clause) }
}

/// Add the stems of `words` to a slot's keys at `quality`, each once (a lexicon's meanings of a word).
fn also_ask(keys: &mut Vec<(String, u32)>, words: &[&str], quality: u32) {
    for w in words {
        let s = stem_en(w);
        if !keys.iter().any(|(k, _)| *k == s) {
            keys.push((s, quality));
        }
    }
}

/// `ranked-v2` (`recall17`): a question in the past tense about what held before or after a moment ("how long did the
/// query take before we added the index?", "after the crash, how much stack did we give it?"): "before" or "after"
/// and the words of its clause that follow are a clause of their own, the *anchor* ([`Query::anchor`]); the answer is
/// the newest step before the moment, or the first after it. Not a question in the present ("how do we make sure
/// migrations run before the pods start?": a standing rule, not a moment of the session's past).
///
/// In Turkish the moment comes first, in the ablative, then `önce` (before) or `sonra` (after): "LTO'yu açmadan önce
/// flash ne kadar doluydu?", "çökmeden sonra imu görevine ne kadar stack verdik?"; the rest of the clause is asked in
/// the past (the simple past too: here it cannot mean "has done", the moment is named).
#[cfg(ranked_v2)]
fn anchor_clause(tagged: &mut [(String, u32)], turkish_sentence: &[bool]) -> Option<(u32, bool)> {
    use super::turkish;
    let in_turkish = |i: usize| turkish_sentence.get(i).copied().unwrap_or(false);
    // (`recall20`: also with "hemen" between, "right" after: "sqlx bump'ından hemen sonra".)
    let moment_before = |i: usize| if i >= 2 && tagged[i - 1].0 == "hemen" { i - 2 } else { i - 1 };
    let turkish_at = (1..tagged.len()).find(|&i| {
        let m = moment_before(i);
        in_turkish(i) && matches!(tagged[i].0.as_str(), "once" | "sonra") && tagged[m].1 == tagged[i].1 && turkish::is_ablative(&tagged[m].0)
    });
    if let Some(at) = turkish_at {
        let clause = tagged[at].1;
        let rest: Vec<&str> = tagged[at + 1..].iter().take_while(|(_, c)| *c == clause).map(|(w, _)| w.as_str()).collect();
        let past = rest.iter().any(|w| turkish::is_past(w) || turkish::is_simple_past(w)) && !rest.iter().any(|w| turkish::is_present(w));
        if !past || !rest.iter().any(|w| !is_stop(w)) {
            return None;
        }
        for t in &mut tagged[at + 1..] {
            t.1 += 1;
        }
        return Some((clause, tagged[at].0 == "sonra"));
    }
    let at = tagged.iter().position(|(w, _)| matches!(w.as_str(), "before" | "after"))?;
    let clause = tagged[at].1;
    let content_after = tagged[at + 1..].iter().take_while(|(_, c)| *c == clause).any(|(w, _)| !is_stop(w) && !crate::text::is_stopword(w));
    let past = tagged.iter().any(|(w, _)| in_list(PAST, w)) && !tagged.iter().any(|(w, _)| in_list(PRESENT, w));
    if !content_after || !past {
        return None;
    }
    let after = tagged[at].0 == "after";
    for t in &mut tagged[at..] {
        t.1 += 1;
    }
    Some((clause + 1, after))
}

/// `ranked-v2` (`recall17`): two words that ask whether something went well ("did the migration go through?").
#[cfg(ranked_v2)]
const VERDICT_PHRASES: &[(&str, &str)] = &[("go", "through"), ("went", "through"), ("gone", "through")];
/// `ranked-v2` (`recall18`): two English words that name one thing: "on call" (`oncall`, or `call` of `on-call`).
#[cfg(ranked_v2)]
const PHRASES_V2: &[(&str, &str, &[&str])] = &[
    ("on", "call", &["oncall", "call"]),
    // (`recall19`: a certificate or a quota that "runs out" expires.)
    ("run", "out", &["expiry", "notafter"]),
    ("runs", "out", &["expiry", "notafter"]),
    // (`recall20`: and one that is "good until" a date.)
    ("good", "until", &["expiry", "notafter"]),
    ("valid", "until", &["expiry", "notafter"]),
];
/// What a verdict phrase asks for: a pass, a success (either verdict answers, by [`VERDICT_WORDS`]).
#[cfg(ranked_v2)]
const VERDICT_MEANS: &[&str] = &["pass", "success"];

/// `ranked-v2` (`recall15`): languages and the test runners that run their tests.
#[cfg(ranked_v2)]
const TEST_RUNNERS: &[(&str, &[&str])] = &[
    ("python", &["pytest", "unittest", "tox"]),
    ("javascript", &["jest", "vitest", "mocha"]),
    ("typescript", &["jest", "vitest"]),
    ("ruby", &["rspec", "minitest"]),
    ("php", &["phpunit", "pest"]),
    ("java", &["junit"]),
    ("kotlin", &["junit"]),
    ("elixir", &["exunit"]),
];

/// `ranked-v2`: whether two things joined by a bare "and" share what is asked of them ([`share_attributes`]).
#[cfg(ranked_v2)]
const SHARED_ATTRIBUTES: bool = true;

/// `ranked-v2` (`recall26`): at most this many words in a second clause that takes the first's attributes.
#[cfg(ranked_v2)]
const FORWARD_NAMES: usize = 2;

/// `ranked-v2` (`recall26`): the words that open a question of its own after a join ([`share_attributes`]).
#[cfg(ranked_v2)]
const OWN_QUESTION: &[&str] = &["what", "whats", "which", "how", "hows", "is", "are", "was", "were", "does", "do", "did", "where", "wheres", "who", "can", "has", "have"];

/// `ranked-v2` (`recall50`): the words that open a yes-no question of its own after a join ([`share_attributes`]).
#[cfg(ranked_v2)]
const YES_NO_OPENERS: &[&str] = &["is", "are", "was", "were", "does", "do", "did", "can", "has", "have"];

/// `ranked-v2` (`recall50`): whether a second clause that opens a yes-no question keeps its attributes to itself.
#[cfg(ranked_v2)]
const RECALL50_YES_NO_KEEPS_ITS_VERDICT: bool = true;

/// `ranked-v2`: "which next and which turbo versions", "are the host tests and the python tests both passing?": two
/// clauses joined by a bare "and" (no punctuation between them), the first of which asks for no attribute of its own
/// (a value of a shape such as a version or a port, a verdict, a concept) while the second does: the first asks
/// for the same attributes, which the sentence says once, at its end (and the other way round).
#[cfg(ranked_v2)]
fn share_attributes(tagged: &[(String, u32)], turkish: bool, both: bool, slots: &mut [Slot]) {
    let mut bits: Vec<u32> = tagged.iter().map(|(_, c)| (*c).min(31)).collect();
    bits.dedup();
    let [a, b] = bits[..] else { return };
    let joined = both || (b == a + 1 && tagged.iter().find(|(_, c)| (*c).min(31) == b).is_some_and(|(w, _)| JOINS.contains(&w.as_str())));
    if !joined {
        return;
    }
    let attribute = |s: &Slot| s.shape.is_some() || asks_verdict(s);
    let in_clause = |s: &Slot, c: u32| s.clauses != u32::MAX && s.clauses & bit(c) != 0;
    let has = |slots: &[Slot], c: u32, attr: bool| slots.iter().any(|s| in_clause(s, c) && attribute(s) == attr);
    // (Each way: a clause with no attribute gets the other's attributes; a clause with nothing but attributes ("which
    // port and which version is postgres on?") gets the other's other words, the thing they are asked of.)
    let mut share: Vec<(u32, u32, bool)> = Vec::new(); // (from, to, attributes)
    // (`recall18`: in Turkish, a clause without attributes that names one thing: "Next ve Turbo sürümleri", not
    // "Redis'in portu ve bellek sınırı" (memory limit), whose two words say what is asked themselves: Turkish puts a
    // noun's attribute after each noun.)
    // (Not "X de Y de …": what the sentence asks at its end is asked of both, whatever each names.)
    let one_thing = |slots: &[Slot], c: u32| both || !turkish || slots.iter().filter(|s| in_clause(s, c)).count() == 1;
    // (`recall18`: nor to a clause that asks a question of its own, "when" or "why": "son deploy ne zaman yapıldı ve
    // hangi sürüm canlıda?" asks when the deploy was, not which version it is.)
    let asks_own = |c: u32| tagged.iter().any(|(w, k)| (*k).min(31) == c && (in_list(HISTORY, w) || in_list(WHY, w)));
    // (`recall26`: nor from the first clause to a second that opens a question of its own, "… and what is minSdk set
    // to?", or that says more than a name, "… and postgres max conns on cloud sql now": the attribute a sentence
    // says once is said at its end, after the things it is asked of, or after the first of two names, "which node
    // version and pnpm?".)
    let opener = |c: u32| tagged.iter().filter(|(_, k)| (*k).min(31) == c).map(|(w, _)| w.as_str()).find(|w| !JOINS.contains(w));
    let opens_question = |c: u32| opener(c).is_some_and(|w| OWN_QUESTION.contains(&w));
    // (`recall50`: nor back from a second clause that is a yes-no question of its own, "… and is CI green on main
    // now?": its verdict is asked of its own subject.)
    let yes_no = |c: u32| opener(c).is_some_and(|w| YES_NO_OPENERS.contains(&w));
    for (x, y) in [(a, b), (b, a)] {
        if !has(slots, x, true) && has(slots, x, false) && has(slots, y, true) && one_thing(slots, x) && !asks_own(x) && !(x == b && (opens_question(b) || slots.iter().filter(|s| in_clause(s, b)).count() > FORWARD_NAMES)) && !(RECALL50_YES_NO_KEEPS_ITS_VERDICT && x == a && yes_no(b)) {
            share.push((y, x, true));
        }
        if has(slots, x, true) && !has(slots, x, false) && has(slots, y, false) {
            share.push((y, x, false));
        }
    }
    for (from, to, attr) in share {
        for s in slots.iter_mut() {
            if in_clause(s, from) && attribute(s) == attr {
                s.clauses |= bit(to);
            }
        }
    }
}

/// `ranked-v2` (`recall18`): "Redis'in portu ve bellek sınırı kaç?" (Redis's port and memory limit): in a Turkish
/// sentence of two clauses, a noun in the genitive (`Redis'in`, `servisinin`) in the first owns what the second asks
/// for too, when the second names no owner of its own (a genitive, or a name: "…, Node sürümü kaç?").
#[cfg(ranked_v2)]
fn share_possessor(tagged: &[(String, u32)], endings: &[bool], turkish: &[bool], name_at: &[bool], slots: &mut [Slot]) {
    let mut bits: Vec<u32> = tagged.iter().map(|(_, c)| (*c).min(31)).collect();
    bits.dedup();
    let [a, b] = bits[..] else { return };
    let genitive = |i: usize| {
        let w = tagged[i].0.as_str();
        turkish.get(i).copied().unwrap_or(false)
            && !endings.get(i).copied().unwrap_or(false)
            && (endings.get(i + 1).copied().unwrap_or(false) && matches!(tagged[i + 1].0.as_str(), "in" | "un" | "nin" | "nun")
                || (w.chars().count() >= 6 && (w.ends_with("nin") || w.ends_with("nun"))))
    };
    let owners = |c: u32| (0..tagged.len()).filter(|&i| tagged[i].1.min(31) == c && genitive(i)).collect::<Vec<usize>>();
    if !owners(b).is_empty() || (0..tagged.len()).any(|i| tagged[i].1.min(31) == b && name_at[i]) {
        return;
    }
    for i in owners(a) {
        for s in slots.iter_mut().filter(|s| s.name == tagged[i].0 && s.clauses != u32::MAX) {
            s.clauses |= bit(b);
        }
    }
}

/// `ranked-v2` (`recall18`): Turkish drops the object a second clause shares with the first ("Alarm eşiği kaç ve en
/// son ne zaman değiştirdik?", when did we change *it*; "bellek sınırı ne ve neden artırdık?"): a second clause, in a
/// Turkish sentence, whose every word is a verb is asked about the things the first one names (its words that are no
/// attribute such as a port or a version).
#[cfg(ranked_v2)]
fn share_dropped_object(tagged: &[(String, u32)], turkish: &[bool], slots: &mut [Slot]) {
    let mut bits: Vec<u32> = tagged.iter().map(|(_, c)| (*c).min(31)).collect();
    bits.dedup();
    let [a, b] = bits[..] else { return };
    if !(0..tagged.len()).any(|i| tagged[i].1.min(31) == b && turkish.get(i).copied().unwrap_or(false)) {
        return;
    }
    let in_clause = |s: &Slot, c: u32| s.clauses != u32::MAX && s.clauses & bit(c) != 0;
    // (Its own words: not those it already shares with the first, a genitive owner.)
    let own: Vec<&Slot> = slots.iter().filter(|s| in_clause(s, b) && !in_clause(s, a) && s.name != "why" && s.name != "how long").collect();
    if own.is_empty() || !own.iter().all(|s| s.name.split(' ').next_back().is_some_and(super::turkish::is_verb)) {
        return;
    }
    for s in slots.iter_mut() {
        if in_clause(s, a) && s.shape.is_none() && !asks_verdict(s) && s.name != "why" && s.name != "how long" {
            s.clauses |= bit(b);
        }
    }
}

/// `ranked-v2`: whether each clause of a prompt with several has its own intent ([`Query::clause_intents`]).
#[cfg(ranked_v2)]
const CLAUSE_INTENTS: bool = true;

/// `ranked-v2`: the intent of each clause of a prompt of several clauses that says one with its own words (a state,
/// history or "first" word, or the tense of its verb), by the prompt's rules applied to that clause alone.
#[cfg(ranked_v2)]
fn clause_intents(tagged: &[(String, u32)], at_start: &[usize], these_days: &[usize], slots: &[Slot], outcome: bool, turkish: &[bool]) -> Vec<(u32, Intent, bool)> {
    let bits: std::collections::BTreeSet<u32> = tagged.iter().map(|(_, c)| (*c).min(31)).collect();
    if bits.len() < 2 {
        return Vec::new();
    }
    let mut out = Vec::new();
    for b in bits {
        let at: Vec<usize> = (0..tagged.len()).filter(|&i| tagged[i].1.min(31) == b).collect();
        let has = |list: &[&str]| at.iter().any(|&i| in_list(list, &tagged[i].0));
        let words: Vec<&str> = tagged.iter().map(|(w, _)| w.as_str()).collect();
        let state_word = at.iter().any(|&i| in_list(STATE, words[i]) && !electric_current(&words, i)) || has(STATE_V2) || at.iter().any(|i| these_days.contains(i));
        let first = has(FIRST) || at.iter().any(|i| at_start.contains(i));
        // (`recall63`: "first" with a word of the present is no word of the past.)
        let first_of_now = RECALL63_FIRST_OF_NOW && first && state_word;
        let history = if first_of_now { at.iter().any(|&i| (in_list(HISTORY, words[i]) || in_list(HISTORY_V2, words[i])) && !in_list(FIRST, words[i])) } else { has(HISTORY) || has(HISTORY_V2) };
        // (`recall17`: a Turkish verb's tense is its ending.)
        let tr = |test: fn(&str) -> bool| at.iter().any(|&i| turkish.get(i).copied().unwrap_or(false) && test(&tagged[i].0));
        let (past_aux, present_aux) = (has(PAST) || tr(super::turkish::is_past), has(PRESENT) || tr(super::turkish::is_present));
        if !(state_word || history || first || past_aux || present_aux) {
            continue;
        }
        let own: Vec<&Slot> = slots.iter().filter(|s| s.clauses != u32::MAX && s.clauses & (1 << b) != 0).collect();
        let mut intent = if first && !first_of_now {
            Intent::First
        } else if history {
            Intent::History
        } else {
            Intent::State
        };
        if intent == Intent::State && !state_word && own.iter().any(|s| s.shape.is_some_and(is_event)) {
            intent = Intent::History;
        }
        let mut past = false;
        if PAST_TENSE && intent == Intent::State && !state_word && !outcome && past_aux && !present_aux && !own.iter().any(|s| asks_verdict(s)) {
            intent = Intent::History;
            past = true;
        }
        out.push((b, intent, past));
    }
    out
}

/// Whether a shape is a concept that is an event (`ranked-v2`).
#[cfg(ranked_v2)]
fn is_event(shape: Shape) -> bool {
    matches!(shape, Shape::Concept(k) if super::concepts::CONCEPTS[usize::from(k)].event)
}
#[cfg(not(ranked_v2))]
fn is_event(_: Shape) -> bool {
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(q: &Query) -> Vec<&str> {
        q.slots.iter().map(|s| s.name.as_str()).collect()
    }

    #[test]
    fn question_words_are_not_content() {
        let q = analyse("Which port is postgres on now?");
        assert_eq!(names(&q), vec!["port", "postgres"]);
        assert_eq!(q.intent, Intent::State);
        let q = analyse("Why did we roll back V12?");
        assert_eq!(q.intent, Intent::History);
        assert_eq!(names(&q), vec!["roll back", "v12"]);
        assert_eq!(analyse("When did the deadlock first show up?").intent, Intent::First);
    }

    #[cfg(ranked_v2)]
    #[test]
    fn ranked_v2_a_verdict_about_a_languages_tests_is_answered_by_its_test_runner_and_ranked_v1_is_unchanged() {
        let keys = |p: &str, v2: bool| analyse_with(p, v2).slots.iter().find(|s| s.name == "python").map(|s| s.keys.iter().map(|k| k.0.clone()).collect::<Vec<_>>()).unwrap();
        assert!(keys("are the python tests passing?", true).contains(&"pytest".to_string()));
        // Not without a verdict asked ("which python version?" is no test run's), nor in ranked-v1.
        assert!(!keys("which python version do we use?", true).contains(&"pytest".to_string()));
        assert!(!keys("are the python tests passing?", false).contains(&"pytest".to_string()));
    }

    #[test]
    fn turkish_questions() {
        let q = analyse("Postgres şu an hangi portta çalışıyor?");
        assert_eq!(q.intent, Intent::State);
        assert!(names(&q).contains(&"portta"));
        assert!(!names(&q).contains(&"hangi"));
        let q = analyse("V12 migration'ı neden geri aldık?");
        assert_eq!(q.intent, Intent::History);
        assert!(q.slots.iter().any(|s| s.keys.iter().any(|(k, _)| k == "rollback")));
        let q = analyse("Flaky testi düzelttik mi?");
        assert!(q.slots.iter().any(|s| s.keys.iter().any(|(k, _)| k == "fix")));
    }

    fn keys_of<'a>(q: &'a Query, name: &str) -> Vec<&'a str> {
        q.slots.iter().find(|s| s.name == name).map(|s| s.keys.iter().map(|(k, _)| k.as_str()).collect()).unwrap_or_default()
    }

    #[test]
    fn ranked_v2_a_question_about_a_failure_or_a_flake_asks_how_a_run_came_out() {
        for p in ["is the idempotency test still flaky?", "why did the tests fail?", "testler neden başarısız?", "are the host tests green now?", "any failures left?"] {
            assert!(analyse_with(p, true).slots.iter().any(asks_outcome), "{p}");
        }
        for p in ["which port is postgres on now?", "why did we roll back V12?", "which node version are we on?"] {
            assert!(!analyse_with(p, true).slots.iter().any(asks_outcome), "{p}");
        }
    }

    #[test]
    fn ranked_v2_a_verdict_question_is_answered_by_either_verdict_and_ranked_v1_is_unchanged() {
        let q = analyse_with("Does the nightly_rollup DAG pass now?", true);
        assert!(keys_of(&q, "pass").contains(&"fail") && keys_of(&q, "pass").contains(&"success"));
        assert!(!keys_of(&analyse("Does the nightly_rollup DAG pass now?"), "pass").contains(&"fail"));
        // One direction only: a question about a failure is not answered by a pass.
        assert!(!keys_of(&analyse_with("Why did the DAG fail?", true), "fail").contains(&"pass"));
        let t = analyse_with("nightly_rollup DAG'ı şimdi başarılı mı?", true);
        assert!(t.slots.iter().any(|s| s.keys.iter().any(|(k, _)| k == "fail")));
        assert!(!analyse("nightly_rollup DAG'ı şimdi başarılı mı?").slots.iter().any(|s| s.keys.iter().any(|(k, _)| k == "fail")));
    }

    #[test]
    fn ranked_v2_a_why_question_asks_for_a_line_that_gives_a_reason() {
        let q = analyse_with("Why did we roll back the production deploy?", true);
        // (`recall18`: and the Turkish a team writes its commit messages in, "çünkü".)
        let reasons: Vec<String> = REASON.iter().chain(REASON_TR).map(|r| stem_en(r)).collect();
        assert_eq!(keys_of(&q, "why"), reasons.iter().map(String::as_str).collect::<Vec<_>>());
        assert!(analyse_with("Production deploy'u neden geri aldık?", true).slots.iter().any(|s| s.name == "why"));
        assert!(!analyse("Why did we roll back the production deploy?").slots.iter().any(|s| s.name == "why"));
        assert_eq!(q.intent, Intent::History);
    }

    #[test]
    fn ranked_v2_a_question_in_the_past_tense_is_a_history_question_unless_it_asks_how_things_stand() {
        for p in ["Which advisory did cargo audit flag?", "where exactly did valgrind find the leak?", "What was the PR number for the chunked upload work?"] {
            assert_eq!(analyse_with(p, true).intent, Intent::History, "{p}");
            assert_eq!(analyse(p).intent, Intent::State, "ranked-v1: {p}");
        }
        // A verdict (how the newest run went), the present beside it, how it ended, or a word of the present.
        for p in [
            "Did the lint job pass?",
            "Is BILLING_V2 on, and did lint pass?",
            "Did goreleaser succeed in the end?",
            "did the order status migration finally go through on staging?",
            "Which migration was applied last?",
        ] {
            assert_eq!(analyse_with(p, true).intent, Intent::State, "{p}");
        }
    }

    #[cfg(ranked_v2)]
    #[test]
    fn ranked_v2_a_question_whose_verb_follows_its_question_word_in_the_simple_past_is_a_history_question() {
        for p in ["what broke the build right after the go bump", "which migration locked the payments table", "what exactly timed out in the prod migration job", "who bumped the worker timeout to 90s"] {
            let q = analyse_with(p, true);
            assert_eq!((q.intent, q.past), (Intent::History, true), "{p}");
            assert_eq!(analyse(p).intent, Intent::State, "ranked-v1: {p}");
        }
        // Not a word in `-ed` that is no verb's past, a verb later in the question, a word of the present, or a verdict.
        for p in ["what speed is the uplink now?", "which seed does the fixture use", "what is deployed in prod now?", "which replicas failed?", "what changed in prod right now?"] {
            assert_eq!(analyse_with(p, true).intent, Intent::State, "{p}");
        }
    }

    #[cfg(ranked_v2)]
    #[test]
    fn ranked_v2_how_often_asks_for_a_schedule() {
        let q = analyse_with("how often do courier locations sync now?", true);
        assert!(q.slots.iter().any(|s| s.shape == Some(Shape::Concept(super::super::concepts::SCHEDULE))), "{:?}", q.slots.iter().map(|s| &s.name).collect::<Vec<_>>());
        assert!(!analyse("how often do courier locations sync now?").slots.iter().any(|s| s.shape.is_some()));
    }

    #[cfg(ranked_v2)]
    #[test]
    fn ranked_v2_how_slow_and_how_fast_ask_for_a_duration_as_how_long_does() {
        for p in ["how slow was the transactions query before the index", "how fast is the open slots query these days", "how long does the open slots query take"] {
            let q = analyse_with(p, true);
            let names: Vec<&str> = q.slots.iter().map(|s| s.name.as_str()).collect();
            assert!(q.slots.iter().any(|s| s.shape == Some(Shape::Concept(super::super::concepts::DURATION))), "{p}: {names:?}");
            assert!(!names.contains(&"slow") && !names.contains(&"fast"), "{p}: {names:?}");
        }
    }

    #[test]
    fn ranked_v2_where_something_came_from_asks_why_and_come_is_no_word_to_find() {
        let q = analyse_with("Where did the hard fault come from?", true);
        let names: Vec<&str> = q.slots.iter().map(|s| s.name.as_str()).collect();
        assert!(names.contains(&"why") && names.contains(&"fault") && !names.contains(&"come"), "{names:?}");
        // "come" without "from" is not a question why.
        let q = analyse_with("When did the hard fault come back?", true);
        assert!(!q.slots.iter().any(|s| s.name == "why"), "{:?}", q.slots.iter().map(|s| &s.name).collect::<Vec<_>>());
    }

    #[test]
    fn ranked_v2_su_anki_written_apart_or_together_says_current_and_is_no_slot() {
        for p in ["Şu anki baud hızı ne?", "Şuanki baud hızı ne?"] {
            let q = analyse_with(p, true);
            assert_eq!(q.intent, Intent::State, "{p}");
            let names: Vec<&str> = q.slots.iter().map(|s| s.name.as_str()).collect();
            assert!(names.contains(&"baud") && !names.iter().any(|n| n.contains("anki")), "{p}: {names:?}");
        }
    }

    #[test]
    fn ranked_v2_each_clause_says_its_own_intent_when_its_words_say_one() {
        let q = analyse_with("Which port is postgres on now, and why did we move it?", true);
        let intents: Vec<(Intent, bool)> = q.clause_intents.iter().map(|c| (c.1, c.2)).collect();
        assert_eq!(intents, vec![(Intent::State, false), (Intent::History, false)], "{:?}", q.clause_intents);
        // A clause without words of its own takes the prompt's; one clause, or ranked-v1: none.
        let q = analyse_with("Which version did we deploy, and the port?", true);
        assert_eq!(q.clause_intents.iter().map(|c| (c.1, c.2)).collect::<Vec<_>>(), vec![(Intent::History, true)]);
        assert!(analyse_with("Which port is postgres on now?", true).clause_intents.is_empty());
        assert!(analyse("Which port is postgres on now, and why did we move it?").clause_intents.is_empty());
    }

    #[test]
    fn ranked_v2_two_things_joined_by_and_share_what_is_asked_of_them() {
        let clauses_of = |p: &str, v2: bool, name: &str| analyse_with(p, v2).slots.iter().find(|s| s.name == name).map(|s| s.clauses.count_ones());
        // The attribute said once at the end is asked of both; the thing said once at the end, likewise.
        assert_eq!(clauses_of("which next and which turbo versions are we on now?", true, "versions"), Some(2));
        assert_eq!(clauses_of("are the host tests and the python tests both passing?", true, "passing"), Some(2));
        assert_eq!(clauses_of("Which port and which version is postgres on?", true, "postgres"), Some(2));
        // Not across punctuation, not when each clause asks its own attribute, not in ranked-v1.
        assert_eq!(clauses_of("Is the flag on, and did lint pass?", true, "pass"), Some(1));
        assert_eq!(clauses_of("Which Go version and which NATS port are we on now?", true, "port"), Some(1));
        assert_eq!(clauses_of("which next and which turbo versions are we on now?", false, "versions"), Some(1));
    }

    #[cfg(ranked_v2)]
    #[test]
    fn ranked_v2_words_that_only_announce_a_question_are_no_words_to_find() {
        let names = |p: &str| {
            let mut n: Vec<String> = analyse_with(p, true).slots.iter().map(|s| s.name.clone()).collect();
            n.sort();
            n
        };
        for (announced, plain) in [
            ("quick q: which port is postgres on now?", "which port is postgres on now?"),
            ("Quick question, is CI green on main?", "is CI green on main?"),
            ("btw what's the redis maxmemory policy", "what's the redis maxmemory policy"),
            ("hey, which node version are we on", "which node version are we on"),
        ] {
            assert_eq!(names(announced), names(plain), "{announced}");
        }
        // "quick" asked about is a word to find.
        assert!(names("is the quick sort test still flaky?").contains(&"quick".to_string()));
    }

    #[cfg(ranked_v2)]
    #[test]
    fn ranked_v2_wait_do_you_remember_or_ok_before_a_question_asks_what_the_question_asks() {
        let asked = |p: &str| {
            let q = analyse_with(p, true);
            let mut n: Vec<String> = q.slots.iter().map(|s| s.name.clone()).collect();
            n.sort();
            (n, q.intent, q.past)
        };
        for (announced, plain) in [
            ("wait, why did we roll back V12?", "why did we roll back V12?"),
            ("Wait, turbo version pinned in the root package.json?", "turbo version pinned in the root package.json?"),
            ("wait which port is postgres on now", "which port is postgres on now"),
            ("hold on: which node version are we on", "which node version are we on"),
            // (The simple past is still a question about what happened, not one about the present.)
            ("do you remember what broke the build right after the go bump", "what broke the build right after the go bump"),
            ("can you recall how full flash was right before we turned LTO on?", "how full flash was right before we turned LTO on?"),
            ("do you know what blew up right after we bumped the partner limit?", "what blew up right after we bumped the partner limit?"),
            ("any idea which port the api listens on now", "which port the api listens on now"),
            ("tell me what exactly timed out in the prod migration job", "what exactly timed out in the prod migration job"),
            // (Words that lead a question in, and chat's "please", ask nothing either.)
            ("ok, what broke the build right after the go bump", "what broke the build right after the go bump"),
            ("so what blew up in prod?", "what blew up in prod?"),
            ("which vue are we on pls?", "which vue are we on?"),
            ("which python are we on now?", "which python are we on?"),
        ] {
            assert_eq!(asked(announced), asked(plain), "{announced}");
        }
        // Asked about, they are words to find.
        assert!(asked("wait time on the orders queue now?").0.contains(&"wait".to_string()));
        assert!(asked("do you remember me tokens still expire after 30 days?").0.contains(&"remember".to_string()));
    }

    #[cfg(ranked_v2)]
    #[test]
    fn ranked_v2_a_second_clause_that_asks_its_own_question_or_says_more_than_a_name_keeps_its_own_attributes() {
        let clauses = |p: &str, name: &str| analyse_with(p, true).slots.iter().find(|s| s.name == name).map(|s| s.clauses);
        // "… and what is minSdk set to?" asks nothing of a version: the first clause's attribute stays its own.
        let p = "Which Gradle version does the project use now and what is minSdk set to?";
        assert_eq!(clauses(p, "version").map(u32::count_ones), Some(1), "{:?}", analyse_with(p, true).slots);
        assert_ne!(clauses(p, "version"), clauses(p, "minsdk"));
        // A second clause that only names a thing still asks what the first asks.
        let p = "which node version and pnpm?";
        assert_eq!(clauses(p, "version").map(u32::count_ones), Some(2), "{:?}", analyse_with(p, true).slots);
        // One that says more than a name asks what it says: "… and postgres max conns on cloud sql now".
        let p = "which django version do we run and postgres max conns on cloud sql now";
        assert_eq!(clauses(p, "version").map(u32::count_ones), Some(1), "{:?}", analyse_with(p, true).slots);
        // Said once at the end, it is still asked of both: "which python and node are we on now?"
        assert_eq!(clauses("which python and node are we on now?", "version").map(u32::count_ones), Some(2));
    }

    #[cfg(ranked_v2)]
    #[test]
    fn ranked_v2_recall50_a_second_clause_that_is_a_yes_no_question_keeps_its_verdict_to_its_own_subject() {
        let clauses = |p: &str, name: &str| analyse_with(p, true).slots.iter().find(|s| s.name == name).map(|s| s.clauses);
        // "… and is CI green on main now?" asks whether CI is green, not whether relayd's goroutines are.
        for (p, verdict, subject) in [
            ("How many goroutines does relayd have now and is CI green on main now?", "green", "ci"),
            ("Which AWS region are we deploying to and does tflint pass now?", "pass", "tflint"),
            ("redis memory usage and are the workers healthy?", "healthy", "workers"),
        ] {
            assert_eq!(clauses(p, verdict), clauses(p, subject), "{p}: {:?}", analyse_with(p, true).slots);
        }
        // A verdict said once at the end of one question is still asked of both things.
        assert_eq!(clauses("are the host tests and the python tests both passing?", "passing").map(u32::count_ones), Some(2));
    }

    #[cfg(ranked_v2)]
    #[test]
    fn ranked_v2_two_questions_joined_by_a_plus_an_ampersand_a_slash_a_dash_or_as_well_as_are_two_clauses_as_with_and() {
        let clauses = |p: &str, name: &str| analyse_with(p, true).slots.iter().find(|s| s.name == name).map(|s| s.clauses);
        for p in [
            "app version and play rollout fraction?",
            "app version + play rollout fraction?",
            "app version & play rollout fraction?",
            "app version as well as play rollout fraction?",
            "app version along with play rollout fraction?",
            "app version / play rollout fraction?",
            "what is the app version — which play rollout fraction is live?",
            "what is the app version - which play rollout fraction is live?",
        ] {
            let (version, rollout) = (clauses(p, "version"), clauses(p, "rollout"));
            assert!(version.is_some() && rollout.is_some() && version != rollout, "{p}: {version:?} {rollout:?}");
            assert!(clauses(p, "well").is_none() && clauses(p, "along").is_none(), "{p}: a join is no word to find");
        }
        let p = "redis ne kadar dolu — worker sayısı kaç?";
        assert!(clauses(p, "redis").is_some() && clauses(p, "redis") != clauses(p, "worker"), "{:?}", analyse_with(p, true).slots);
        // Not a `+` inside a word, nor one without a space on each side, nor a `/` without (`ci/cd`, `api/v2`).
        for p in ["which c++ compiler version is pinned?", "is the a+b build version pinned?", "which ci/cd version is pinned?", "which version of api/v2 is pinned?"] {
            assert_eq!(clauses(p, "version"), clauses(p, "pinned"), "{p}");
        }
        // Nor a dash before what is asked of the words before it.
        for p in ["python tooling version — pinned?", "which python tooling version - still pinned now?", "python tooling version — pinned mi?"] {
            assert_eq!(clauses(p, "version"), clauses(p, "pinned"), "{p}");
        }
    }

    #[test]
    fn ranked_v2_turkish_x_de_y_de_is_two_clauses_that_share_what_is_asked_at_the_end() {
        let clauses = |p: &str, name: &str| analyse_with(p, true).slots.iter().find(|s| s.name == name).map(|s| s.clauses);
        let (host, python) = (clauses("Host testleri de python testleri de geçiyor mu?", "host"), clauses("Host testleri de python testleri de geçiyor mu?", "python"));
        assert!(host.is_some() && host != python, "{host:?} {python:?}");
        // The verdict at the end is asked of both.
        assert_eq!(clauses("Host testleri de python testleri de geçiyor mu?", "geciyor").map(u32::count_ones), Some(2));
        // One particle ("redis too"), or the endings of `staging'de` / `prod'da`: no clause of their own.
        assert_eq!(clauses("Redis de hata veriyor mu?", "redis"), clauses("Redis de hata veriyor mu?", "hata"));
        assert!(clauses("Redis de hata veriyor mu?", "redis").is_some());
        assert_eq!(clauses("Staging'de ve prod'da hangi imaj var?", "staging").map(u32::count_ones), Some(1));
    }

    #[test]
    fn ranked_v2_a_size_question_asks_for_a_value_of_size() {
        for p in ["What's the production bundle size now?", "How big was the first bundle?", "Bundle boyutu şu an ne kadar?"] {
            assert!(analyse_with(p, true).slots.iter().any(|s| s.shape == Some(Shape::Size)), "{p}");
            assert!(!analyse(p).slots.iter().any(|s| s.shape == Some(Shape::Size)), "{p}");
        }
    }

    #[test]
    fn ranked_v2_a_question_word_with_a_concept_of_tool_output_gets_it_as_its_shape_and_ranked_v1_does_not() {
        for (p, word) in [
            ("How many replicas does ingest-api run now?", "replicas"),
            ("Which deployment is live in production?", "live"),
            ("How did we fix the dedupe test?", "fix"),
            ("Which port is the dev server on?", "server"),
            ("What was the first error of the nightly_rollup DAG?", "error"),
        ] {
            let shape = |q: &Query| q.slots.iter().find(|s| s.name == word).and_then(|s| s.shape);
            assert!(matches!(shape(&analyse_with(p, true)), Some(Shape::Concept(_))), "{p}");
            assert_eq!(shape(&analyse(p)), None, "{p}");
        }
    }

    #[test]
    fn ranked_v2_a_fix_question_without_a_state_word_is_a_history_question() {
        assert_eq!(analyse_with("How did we fix the dedupe test?", true).intent, Intent::History);
        assert_eq!(analyse_with("VAT yuvarlama hatasını nasıl düzelttik?", true).intent, Intent::History);
        assert_eq!(analyse_with("Is the flaky test fixed now?", true).intent, Intent::State);
        assert_eq!(analyse("How did we fix the dedupe test?").intent, Intent::State);
    }

    #[cfg(ranked_v2)]
    #[test]
    fn ranked_v2_a_question_that_asks_for_advice_or_knowledge_has_nothing_to_find_unless_it_names_the_session() {
        for p in [
            "Any tips for writing idempotent consumers?",
            "When would you use Redis streams instead of Kafka?",
            "How do I pick between REST and gRPC for internal services?",
            "explain backpressure",
            "Can you explain how TCP slow start works?",
            "What is the purpose of a write-ahead log?",
            "How does a bloom filter work?",
            "Bir mutex ile semaphore arasındaki fark nedir?",
            "REST ile GraphQL arasında nasıl seçim yaparsın?",
            // (`recall25`: "what is a …", and asked as embedded questions after "do you know", "any idea".)
            "What is a vector clock?",
            "what's an idempotency key for?",
            "do you know how a bloom filter works?",
            "any idea when you would use a b-tree over an lsm tree?",
        ] {
            assert!(analyse_with(p, true).slots.is_empty(), "{p}");
            assert!(!analyse(p).slots.is_empty(), "ranked-v1 is unchanged: {p}");
        }
        // The same forms about the session's own things: still asked.
        for p in [
            "how does checkout handle retries",
            "what's the difference between staging and prod configs",
            "explain why the build failed",
            "explain the redis eviction setting",
            "any tips for fixing the flaky test we have",
            "how does our worker pick a queue",
            "is the staging cluster better for a load test than prod",
            "explain the 502s on checkout",
            "pros and cons of our current caching setup",
            "when do you think we should bump max_connections",
            "what is a sane pool size for this db",
            "do you know how a retry gets scheduled in our worker",
        ] {
            assert!(!analyse_with(p, true).slots.is_empty(), "{p}");
        }
    }

    #[test]
    fn ranked_v2_a_question_about_something_in_general_has_nothing_to_find_and_ranked_v1_is_unchanged() {
        for p in [
            "What is the difference between a process and a thread?",
            "Explain what a Python decorator is, in general.",
            "What's the difference between a list and a tuple in Python?",
            "Genel olarak bir mutex nedir?",
            "generally, when is flashlist not worth it over flatlist?",
            "rust'ta lifetime elision kuralları neydi kısaca anlatır mısın",
        ] {
            assert!(analyse_with(p, true).slots.is_empty(), "{p}");
            assert!(!analyse(p).slots.is_empty(), "{p}");
        }
        // About the session's own things: still asked.
        for p in ["What is the difference between the staging and prod configs?", "Why did the first CI run fail?", "is the api generally slow now?"] {
            assert!(!analyse_with(p, true).slots.is_empty(), "{p}");
        }
    }

    #[test]
    fn ranked_v2_an_adjective_of_time_is_answered_by_its_noun() {
        let q = analyse_with("What is the monthly cost estimate now?", true);
        assert!(keys_of(&q, "monthly").contains(&stem_en("month").as_str()));
        assert!(!keys_of(&analyse("What is the monthly cost estimate now?"), "monthly").contains(&stem_en("month").as_str()));
    }

    #[test]
    fn ranked_v2_a_turkish_word_is_found_with_its_final_consonant_softened_and_ranked_v1_is_unchanged() {
        let q = analyse_with("Terraform state kilidini neden zorla açtık?", true);
        assert!(keys_of(&q, "kilidini").contains(&"lock"), "{:?}", keys_of(&q, "kilidini"));
        assert!(!keys_of(&analyse("Terraform state kilidini neden zorla açtık?"), "kilidini").contains(&"lock"));
        assert!(keys_of(&analyse_with("Bu isteği kim gönderdi?", true), "istegi").contains(&"request"));
        // Not before a consonant, and not a word that only starts like one.
        assert!(!keys_of(&analyse_with("kilidsiz", true), "kilidsiz").contains(&"lock"));
    }

    // Rules of recall19 (ranked-v2 only).

    #[test]
    fn ranked_v2_which_thing_we_are_on_asks_for_its_version() {
        for p in ["which vue are we on", "What Python are we on?", "which node we're on"] {
            let q = analyse_with(p, true);
            assert!(q.slots.iter().any(|s| s.name == "version" && s.shape == Some(Shape::Version)), "{p}: {:?}", names(&q));
        }
        // Not where the question already names what of it, nor where "on" is not the end of the question.
        assert_eq!(analyse_with("which node version are we on", true).slots.iter().filter(|s| s.shape == Some(Shape::Version)).count(), 1);
        for p in ["which branch are we on and who pushed", "are we on track?", "which host is it on"] {
            assert!(!analyse_with(p, true).slots.iter().any(|s| s.name == "version"), "{p}");
        }
        assert!(!analyse("which vue are we on").slots.iter().any(|s| s.name == "version"));
    }

    #[test]
    fn ranked_v2_a_dotted_number_is_one_thing_to_find_whole() {
        assert_eq!(dotted_numbers("why did ci break after going to 3.12? and 1.15.1, not v1.2 or 3. or 10"), vec!["3.12", "1.15.1"]);
        assert_eq!(dotted_numbers("python3.12 and 3.12rc1 and 2.0.0."), vec!["2.0.0"]);
        let q = analyse_with("why did ci break right after going to 3.12", true);
        assert!(q.slots.iter().any(|s| s.name == "3.12" && s.whole), "{:?}", names(&q));
        assert!(!analyse("why did ci break right after going to 3.12").slots.iter().any(|s| s.name == "3.12"));
    }

    #[test]
    fn ranked_v2_something_that_broke_is_answered_by_the_words_of_a_failure_one_way_only() {
        let q = analyse_with("why did the build break?", true);
        assert!(keys_of(&q, "break").contains(&"fail") && keys_of(&q, "break").contains(&"error"));
        for p in ["ok, time for a break", "taking a quick break", "coffee break?"] {
            assert!(!analyse_with(p, true).slots.iter().any(|s| s.keys.iter().any(|(k, _)| k == "fail")), "{p}");
        }
        let q = analyse_with("why did the build fail?", true);
        assert!(!q.slots.iter().any(|s| s.keys.iter().any(|(k, _)| k == "break")));
        for (p, w) in [("why did postgres start refusing connections earlier", "refusing"), ("what was the api choking on?", "choking"), ("what did nuget complain about?", "complain")] {
            assert!(keys_of(&analyse_with(p, true), w).contains(&"fail"), "{p}");
        }
    }

    #[test]
    fn ranked_v2_whether_a_service_is_up_asks_for_its_status_lines() {
        for p in ["is horizon up atm?", "Is the db up?", "are the workers up yet?"] {
            let q = analyse_with(p, true);
            assert!(q.slots.iter().any(|s| s.name == "up" && s.shape == Some(Shape::Concept(super::super::concepts::UP))), "{p}: {:?}", names(&q));
        }
        for p in ["did we set up the db?", "is the cache up to date?", "up next: the db port"] {
            assert!(!analyse_with(p, true).slots.iter().any(|s| s.name == "up"), "{p}");
        }
        assert!(super::super::concepts::shows("   INFO  Horizon is running.", super::super::concepts::UP));
        assert!(super::super::concepts::shows("3f2a  postgres:16  Up 2 hours (healthy)", super::super::concepts::UP));
        assert!(!super::super::concepts::shows("set up the runner", super::super::concepts::UP));
    }

    #[test]
    fn ranked_v2_a_host_name_is_one_thing_to_find_whole_and_a_cert_that_runs_out_expires() {
        assert_eq!(host_names("when does the cert on kervan.com.tr run out? and api.example.io, not config.yml or e.g."), vec!["kervan.com.tr", "api.example.io"]);
        assert_eq!(host_names("orders.v1 topic'inde kac partition var, not v1.2 or app.v or x.v1a"), vec!["orders.v1"]);
        assert_eq!(absolute_paths("/var doluluğu ve logrotate, where do /api/v2 calls go? not n/a, and/or, /x or 1/2"), vec!["/var", "/api/v2"]);
        assert!(analyse_with("api cert good until when now?", true).slots.iter().any(|s| s.keys.iter().any(|(k, _)| k == "notafter")));
        let q = analyse_with("when does the cert on kervan.com.tr run out now?", true);
        assert!(q.slots.iter().any(|s| s.name == "kervan.com.tr" && s.whole), "{:?}", names(&q));
        assert!(q.slots.iter().any(|s| s.keys.iter().any(|(k, _)| k == "notafter")), "{:?}", q.slots);
    }

    #[test]
    fn ranked_v2_a_leak_or_a_profiler_asks_for_what_a_profiler_reports() {
        let leak = super::super::concepts::CONCEPTS.iter().position(|c| c.name == "leak").unwrap() as u8;
        let q = analyse_with("what did the profiler point at for the leak", true);
        assert!(q.slots.iter().filter(|s| s.shape == Some(Shape::Concept(leak))).count() == 2, "{:?}", names(&q));
        assert!(super::super::concepts::shows("📦 Top 3 largest allocating locations (by size):", leak));
        assert!(super::super::concepts::shows("==4021== definitely lost: 4,096 bytes in 1 blocks", leak));
        assert!(!super::super::concepts::shows("the profile page loads in 120 ms", leak));
    }

    #[test]
    fn ranked_v2_a_turkish_question_for_the_reason_is_a_why_question() {
        for p in ["staging'den müşterilere gerçek sms gitmesinin sebebi neydi", "deploy'un nedeni ne?"] {
            let q = analyse_with(p, true);
            assert!(q.slots.iter().any(|s| s.name == "why"), "{p}: {:?}", names(&q));
            assert!(!q.slots.iter().any(|s| s.name == "sebebi" || s.name == "nedeni"), "{p}: {:?}", names(&q));
        }
    }

    #[test]
    fn ranked_v2_small_talk_asks_nothing() {
        for p in ["lol ok, coffee time", "thanks, see you tomorrow", "brb, lunch", "eyvallah, yarın görüşürüz", "thx, calling it a day", "coffee, back in 10"] {
            assert!(analyse_with(p, true).slots.is_empty(), "{p}: {:?}", names(&analyse_with(p, true)));
        }
        // A word of anything else is a question.
        for p in ["lunch time cron?", "ok, what time does the backup run?", "which day is the backup back on?"] {
            assert!(!analyse_with(p, true).slots.is_empty(), "{p}");
        }
    }

    #[test]
    fn ranked_v2_a_unit_of_size_asks_for_a_size() {
        for p in ["ana js bundle'ı kaç kB simdi", "how many MB is the image?"] {
            let q = analyse_with(p, true);
            assert!(q.slots.iter().any(|s| s.shape == Some(Shape::Size)), "{p}: {:?}", names(&q));
        }
        assert!(!analyse("how many MB is the image?").slots.iter().any(|s| s.name == "mb"));
    }

    #[test]
    fn ranked_v2_abbreviations_of_tools_and_processes_are_their_words() {
        let q = analyse_with("any tf drift left? bq partitions? celery procs?", true);
        assert!(keys_of(&q, "tf").contains(&stem_en("terraform").as_str()), "{:?}", names(&q));
        assert!(keys_of(&q, "bq").contains(&stem_en("bigquery").as_str()));
        assert!(keys_of(&q, "procs").contains(&stem_en("processes").as_str()));
    }

    /// Each (prompt, word of it, word a tool prints): `ranked-v2` finds the printed word for the prompt's.
    fn assert_asks_for_printed(cases: &[(&str, &str, &str)]) {
        for &(p, word, printed) in cases {
            let q = analyse_with(p, true);
            assert!(keys_of(&q, word).contains(&stem_en(printed).as_str()), "{p}: {:?}", keys_of(&q, word));
        }
    }

    #[test]
    fn recall75_everyday_names_are_the_words_tools_print() {
        assert_asks_for_printed(&[
            ("how much ram does each api replica get", "ram", "memory"),
            ("how many tries does a digest get before it gives up", "tries", "attempt"),
            ("which garbage collector does the jvm use", "garbage", "gc"),
            ("what did github say about the release", "github", "gh"),
            ("carrier quote p99 simdi ne kadar", "p99", "latency"),
            ("is the health endpoint up", "health", "healthz"),
            ("throughput of the ingest api now", "throughput", "rps"),
        ]);
        // (`ranked-v1` is unchanged.)
        assert!(!keys_of(&analyse("how much ram does each api replica get"), "ram").contains(&stem_en("memory").as_str()));
    }

    #[test]
    fn recall79_two_letter_abbreviations_are_the_names_tools_print() {
        assert_asks_for_printed(&[
            ("which ef version did we end up on", "ef", "efcore"),
            ("what broke right after rotating the sb key", "sb", "servicebus"),
            ("how did we fix the tz thing in that dag", "tz", "timezone"),
        ]);
    }

    // Rules of branch recall10 (ranked-v2 only).

    #[test]
    fn ranked_v2_two_capitals_are_an_acronym_kept_as_a_name_and_ranked_v1_is_unchanged() {
        for (p, word) in [("Is CI green at the moment?", "ci"), ("Which OS does the job build on?", "os"), ("CI matrisinden neden çıkardık?", "ci")] {
            assert!(names(&analyse_with(p, true)).contains(&word), "{p}");
            assert!(!names(&analyse(p)).contains(&word), "{p}");
        }
        // Two small letters, or a listed word in capitals, still name nothing; an acronym the lexicon knows
        // (`ACRONYM_WORDS`) does, however written.
        assert!(!names(&analyse_with("is qa green", true)).contains(&"qa"));
        assert!(names(&analyse_with("is ci green", true)).contains(&"ci"));
        assert!(!names(&analyse_with("OK, is it green?", true)).contains(&"ok"));
    }

    #[test]
    fn ranked_v2_turkish_words_of_a_coding_session_mean_their_english_words() {
        for (p, word, means) in [
            ("Valgrind'in bulduğu sızıntı nerdeydi?", "sizinti", "leak"),
            ("Baud hızı şu an kaç?", "hizi", "rate"),
            ("Flash'ın yüzde kaçı dolu?", "dolu", "full"),
            ("Karttaki firmware'in sürümü ne?", "karttaki", "board"),
            ("Migration neden patladı?", "patladi", "fail"),
            ("Bayrağı neden kapattık?", "kapattik", "off"),
            ("Windows'u neden çıkardık?", "cikardik", "remove"),
        ] {
            assert!(keys_of(&analyse_with(p, true), word).contains(&stem_en(means).as_str()), "{p}: {:?}", keys_of(&analyse_with(p, true), word));
        }
        // A question word is no content.
        assert!(!names(&analyse_with("Valgrind'in bulduğu sızıntı nerdeydi?", true)).contains(&"nerdeydi"));
    }

    #[test]
    fn ranked_v2_a_turkish_verb_is_found_in_its_present_tense_with_the_narrowed_vowel() {
        // `dinle` (listen) → `dinliyor`, `başla` → `başlıyor`: the stem's last vowel narrows before `-yor`.
        let q = analyse_with("API şu an hangi portta dinliyor?", true);
        assert!(keys_of(&q, "dinliyor").contains(&"listen"), "{:?}", keys_of(&q, "dinliyor"));
        assert!(!keys_of(&analyse("API şu an hangi portta dinliyor?"), "dinliyor").contains(&"listen"));
    }

    #[cfg(ranked_v2)]
    #[test]
    fn recall63_first_with_a_word_of_the_present_asks_about_the_present() {
        for p in ["dashboard first load js in the latest web build?", "what's the first error in the last run now"] {
            assert_eq!(analyse_with(p, true).intent, Intent::State, "{p}");
        }
        // (Alone, or with a word of the past beside it, "first" asks for the oldest.)
        assert_eq!(analyse_with("what was the first load js of the web build?", true).intent, Intent::First);
        assert_eq!(analyse_with("when did the deadlock first show up?", true).intent, Intent::First);
        // (In a clause of its own, "first" keeps asking for the oldest; the other clause asks about the present.)
        let q = analyse_with("what was the first node version, and which one are we on now?", true);
        let intents: Vec<Intent> = q.clause_intents.iter().map(|c| c.1).collect();
        assert!(intents.contains(&Intent::First) && intents.contains(&Intent::State), "{:?}", q.clause_intents);
    }

    #[test]
    fn ranked_v2_these_days_asks_for_the_present_and_at_the_start_for_the_first() {
        let q = analyse_with("Where does the app forward /api calls to these days?", true);
        assert!(!names(&q).contains(&"days"), "{:?}", names(&q));
        assert_eq!(q.intent, Intent::State);
        for p in ["Why wouldn't the api start at the beginning?", "Why couldn't the cli flash the board at the very start?", "What failed in the beginning?"] {
            let q = analyse_with(p, true);
            assert_eq!(q.intent, Intent::First, "{p}");
            assert!(!names(&q).iter().any(|n| matches!(*n, "beginning" | "wouldn" | "couldn" | "very")), "{p}: {:?}", names(&q));
        }
        // "start" as a verb is still a word.
        assert!(names(&analyse_with("Why wouldn't the api start at the beginning?", true)).contains(&"start"));
        assert_eq!(analyse("Why wouldn't the api start at the beginning?").intent, Intent::History);
    }

    #[test]
    fn ranked_v2_how_full_and_percent_ask_for_a_share() {
        for (p, word) in [("How full is flash now?", "full"), ("What's the CPU usage?", "usage"), ("Flash'ın yüzde kaçı dolu?", "yuzde")] {
            let shape = analyse_with(p, true).slots.iter().find(|s| s.name == word).and_then(|s| s.shape);
            assert_eq!(shape, Some(Shape::Percent), "{p}");
            assert_eq!(analyse(p).slots.iter().find(|s| s.name == word).and_then(|s| s.shape), None, "{p}");
        }
        // "full" of a run is no share.
        assert_eq!(analyse_with("Did the full e2e run pass?", true).slots.iter().find(|s| s.name == "full").and_then(|s| s.shape), None);
    }

    #[test]
    fn ranked_v2_the_verbs_of_mending_ask_for_a_fix() {
        for p in ["How did we plug the parser leak?", "How did we patch the overflow?", "How was the stack repaired?"] {
            let q = analyse_with(p, true);
            assert!(q.slots.iter().any(|s| s.shape.is_some_and(is_event)), "{p}");
            assert_eq!(q.intent, Intent::History, "{p}");
        }
    }

    #[test]
    fn ranked_v2_a_request_for_writing_for_someone_needs_nothing() {
        for p in ["write me a limerick about a flaky test", "Write us a poem about the build"] {
            assert!(analyse_with(p, true).slots.is_empty(), "{p}");
        }
    }

    #[test]
    fn nothing_to_find() {
        assert!(analyse("Thanks, that is all for now!").slots.is_empty());
    }

    // Rules of branch recall13 (ranked-v2 only).

    #[test]
    fn ranked_v2_how_did_it_go_and_go_through_ask_for_a_verdict_and_ranked_v1_is_unchanged() {
        for p in ["how did the last full e2e run go?", "Did the migration go through on staging?", "how did it go, and which port is it on?"] {
            assert!(analyse_with(p, true).slots.iter().any(asks_verdict), "{p}");
            assert!(!analyse(p).slots.iter().any(asks_verdict), "ranked-v1: {p}");
        }
        // "go" that is not how something went: a name, or a verb with an object.
        for p in ["how do we build go?", "Which go version is in go.mod?", "how did go handle the timeout?"] {
            assert!(!analyse_with(p, true).slots.iter().any(asks_verdict), "{p}");
        }
    }

    #[test]
    fn ranked_v2_before_or_after_a_moment_in_a_past_question_is_a_clause_of_its_own_and_ranked_v1_has_none() {
        let q = analyse_with("how full was flash right before we turned LTO on?", true);
        let anchor = q.anchor.expect("an anchor");
        assert!(!anchor.1, "before");
        let in_anchor = |q: &Query, name: &str| q.slots.iter().find(|s| s.name == name).is_some_and(|s| s.clauses & (1 << anchor.0) != 0);
        assert!(in_anchor(&q, "lto") && !in_anchor(&q, "flash"));
        let q = analyse_with("After the crash, how much stack did we give the imu task?", true);
        assert!(q.anchor.is_some_and(|a| a.1));
        // A standing rule in the present tense names no moment; nor does "before" with nothing after it; nor ranked-v1.
        for p in ["How do we make sure migrations run before the new api pods start?", "What did we try before?"] {
            assert_eq!(analyse_with(p, true).anchor, None, "{p}");
        }
        assert_eq!(analyse("how full was flash right before we turned LTO on?").anchor, None);
        // Turkish: the moment in the ablative, then "önce" or "sonra"; "daha önce" (earlier) is no moment.
        let q = analyse_with("LTO'yu açmadan önce flash ne kadar doluydu?", true);
        let anchor = q.anchor.expect("a Turkish anchor");
        let in_turkish_anchor = |name: &str| q.slots.iter().find(|s| s.name == name).is_some_and(|s| s.clauses & (1 << anchor.0) != 0);
        assert!(!anchor.1 && in_turkish_anchor("lto") && !in_turkish_anchor("flash"));
        assert!(analyse_with("Çökmeden sonra imu görevine ne kadar stack verdik?", true).anchor.is_some_and(|a| a.1));
        assert_eq!(analyse_with("Daha önce hangi portta çalışıyordu?", true).anchor, None);
        // English "once" after a word that ends as an ablative does is no Turkish "önce".
        assert_eq!(analyse_with("which port was the service written once for ubuntu?", true).anchor, None);
    }

    #[test]
    fn ranked_v2_turkish_endings_tenses_and_verbs_without_content_are_read_and_ranked_v1_is_unchanged() {
        // An English name under possessive endings is asked bare, with its shape.
        let q = analyse_with("Redis portumuz ne?", true);
        let port = q.slots.iter().find(|s| s.name == "portumuz").unwrap();
        assert!(port.keys.iter().any(|(k, _)| k == "port") && port.shape == Some(port_shape(true)));
        assert!(!analyse("Redis portumuz ne?").slots.iter().any(|s| s.keys.iter().any(|(k, _)| k == "port")));
        // A tense only the past has is a history question; the simple past (also "has moved") and "şu an" are not.
        let q = analyse_with("Postgres hangi portta çalışıyordu?", true);
        assert_eq!((q.intent, q.past), (Intent::History, true));
        assert_eq!(analyse_with("Postgres hangi porta taşındı?", true).intent, Intent::State);
        assert_eq!(analyse_with("Postgres şu an hangi portta, ve neden taşıdık?", true).clause_intents.first().map(|c| c.1), Some(Intent::State));
        // "Running" asks nothing; "passing" asks for a verdict; the words of software work mean their English.
        assert!(!names(&analyse_with("Postgres hangi portta çalışıyor?", true)).contains(&"calisiyor"));
        assert!(names(&analyse("Postgres hangi portta çalışıyor?")).contains(&"calisiyor"));
        assert!(analyse_with("Testler şu an geçiyor mu?", true).slots.iter().any(asks_verdict));
        assert!(analyse_with("CI şu an yeşil mi?", true).slots.iter().any(asks_verdict));
        assert!(keys_of(&analyse_with("API gecikmesi şimdi ne kadar?", true), "gecikmesi").contains(&"latenc"));
        // "Finally" asks how it ended, "atm" is "now": neither is a word to find.
        let q = analyse_with("did the migration finally go through, and which port is it on atm?", true);
        assert!(!names(&q).contains(&"finally") && !names(&q).contains(&"atm"), "{:?}", names(&q));
        // In an English sentence the Turkish lexicon of software work is not used.
        assert!(!keys_of(&analyse_with("What is the default gecikme value?", true), "gecikme").contains(&"latenc"));
    }

    #[test]
    fn ranked_v2_an_english_listed_word_in_a_turkish_sentence_is_a_name_and_a_turkish_one_is_not() {
        // "Go" at the start of a Turkish sentence, or lower-case inside one, names the language.
        for p in ["Go sürümümüz şimdi kaç?", "Şu an hangi go sürümündeyiz?", "CI bitti. Go sürümü ne?"] {
            assert!(names(&analyse_with(p, true)).contains(&"go"), "{p}: {:?}", names(&analyse_with(p, true)));
            assert!(!names(&analyse(p)).contains(&"go"), "{p}");
        }
        // In an English sentence it is still a word without content, and so is a Turkish listed word in a Turkish
        // sentence, capitalized at its start or not ("Bu", "Hangi", "Ne").
        assert!(!names(&analyse_with("Go check which version we run.", true)).contains(&"go"));
        for (p, word) in [("Bu sürüm şimdi kaç?", "bu"), ("Hangi portta çalışıyor?", "hangi"), ("Ne zaman düzelttik?", "ne")] {
            assert!(!names(&analyse_with(p, true)).contains(&word), "{p}");
        }
    }

    #[test]
    fn ranked_v2_recall18_a_turkish_question_about_an_english_codebase_names_its_things_in_turkish() {
        // The things of a shop, a booking system and an on-call tool, asked in Turkish, are found by their English.
        let cases = [
            ("Sepet servisi şu an hangi portta?", "sepet", "cart"),
            ("Ödeme testleri neden kırıldı?", "odeme", "payment"),
            ("Ödeme testleri neden kırıldı?", "kirildi", "broken"),
            ("Randevu iptal edilince ne oluyor?", "randevu", "appoint"),
            ("Nöbet çizelgesini kim değiştirdi?", "nobet", "oncall"),
            // A final consonant softened before a vowel, and a verb's vowel narrowed before `-yor`.
            ("Alarm eşiği şimdi kaç?", "esigi", "threshold"),
            ("Sentry'deki hatanın kaynağı neydi?", "kaynagi", "sourc"),
            ("Migration hâlâ bekliyor mu?", "bekliyor", "wait"),
        ];
        for (p, word, key) in cases {
            assert!(keys_of(&analyse_with(p, true), word).contains(&key), "{p}: {word} {:?}", keys_of(&analyse_with(p, true), word));
        }
        // "We moved to" is a switch, never a pass.
        let q = analyse_with("Hangi Python sürümüne geçtik?", true);
        assert!(keys_of(&q, "gectik").contains(&"migrat") && !q.slots.iter().any(asks_verdict), "{:?}", q.slots);
        assert!(analyse_with("Testler geçti mi?", true).slots.iter().any(asks_verdict));
    }

    #[test]
    fn ranked_v2_recall18_an_ending_after_an_apostrophe_is_no_word_and_marks_a_turkish_sentence() {
        let q = analyse_with("Sentry'deki hatanın kaynağı neydi?", true);
        assert!(!names(&q).contains(&"deki"), "{:?}", names(&q));
        // A sentence with no Turkish letter is Turkish by its endings and question words: its lexicon applies.
        let q = analyse_with("Webhook'lar neden iki kez tetikleniyordu?", true);
        assert!(keys_of(&q, "tetikleniyordu").contains(&"trigger"), "{:?}", q.slots);
        assert!(!names(&q).contains(&"kez") && !names(&q).contains(&"lar"));
        // An English contraction's tail is neither a word nor Turkish ("we've" is not `ve`, and).
        let q = analyse_with("which port have we've set for the api?", true);
        assert!(!names(&q).contains(&"ve") && !names(&q).contains(&"have"), "{:?}", names(&q));
    }

    #[test]
    fn ranked_v2_recall18_abbreviations_the_electric_current_and_how_long() {
        assert!(keys_of(&analyse_with("what's the average current draw now?", true), "average").contains(&"avg"));
        assert!(keys_of(&analyse_with("what's the max heap size?", true), "max").contains(&"maximum"));
        // "current" next to "average" or "draw" is the electric current, a word to find; elsewhere it is "now".
        let q = analyse_with("what was the current draw back at 400 Hz?", true);
        assert!(names(&q).contains(&"current"), "{:?}", names(&q));
        assert!(!names(&analyse_with("what is the current version?", true)).contains(&"current"));
        assert!(analyse("what's the average current draw now?").slots.iter().all(|s| s.name != "current"));
        // "How long" asks for a duration: the duration concept's lines, in a clause that names what takes it.
        let q = analyse_with("How long does the weekly leaderboard query take now?", true);
        let slot = q.slots.iter().find(|s| s.name == "how long").expect("a duration slot");
        assert_eq!(slot.shape, Some(Shape::Concept(super::super::concepts::DURATION)));
        assert!(!names(&q).contains(&"take"));
        assert!(names(&analyse_with("Build ne kadar sürüyor artık?", true)).contains(&"how long"));
        // (Not alone: "…, and how long do they take?" asks about the tests of the other clause.)
        assert!(!names(&analyse_with("Do the integration tests pass now, and how long do they take?", true)).contains(&"how long"));
    }

    #[test]
    fn ranked_v2_recall18_words_that_join_or_point_are_no_words_to_find() {
        for (p, word) in [
            ("which node version do we run now, plus the pnpm version?", "plus"),
            ("is CI green now? and what failed last time?", "time"),
            ("Sepet servisi hangi portta, ödeme servisi hangisinde?", "hangisinde"),
            ("who's on call this week according to the schedule?", "according"),
            ("Kaç tane flaky test var?", "tane"),
        ] {
            assert!(!names(&analyse_with(p, true)).contains(&word), "{p}: {:?}", names(&analyse_with(p, true)));
        }
        assert!(keys_of(&analyse_with("who's on call this week?", true), "on call").contains(&"oncall"));
    }

    #[test]
    fn ranked_v2_recall18_a_turkish_owner_in_the_genitive_owns_both_clauses() {
        let clauses = |q: &Query, name: &str| q.slots.iter().find(|s| s.name == name).map(|s| s.clauses);
        let q = analyse_with("Redis'in portu ve bellek sınırı kaç?", true);
        assert_eq!(clauses(&q, "redis"), Some(0b11), "{:?}", q.slots);
        // The memory limit is what the second clause asks: the first clause's port is not asked of it.
        assert_eq!(clauses(&q, "portu"), Some(0b1));
        // A second clause with a name of its own has its own owner.
        let q = analyse_with("Ödeme servisinin portu ne, Node sürümü kaç?", true);
        assert_eq!(clauses(&q, "servisinin"), Some(0b1), "{:?}", q.slots);
        // English keeps sharing an attribute said once: "the host tests and the python tests both passing".
        let q = analyse_with("which next and which turbo versions are we on now?", true);
        assert_eq!(clauses(&q, "versions").map(|c| c.count_ones()), Some(2), "{:?}", q.slots);
    }

    #[test]
    fn ranked_v2_right_after_and_what_a_tool_said_are_no_turkish_words_to_find() {
        // `recall39`: "hemen sonra" (right after) and "ne dedi" (what did it say) carry no content.
        for p in ["sqlx bump'ından hemen sonra cargo ne dedi", "deploy'dan sonra kubectl ne diyordu?"] {
            let q = analyse_with(p, true);
            assert!(!names(&q).iter().any(|n| matches!(*n, "hemen" | "sonra" | "dedi" | "diyordu")), "{p}: {:?}", names(&q));
        }
    }

    #[test]
    fn ranked_v2_recall18_a_statement_before_a_question_is_in_the_questions_clause() {
        let clauses = |q: &Query| q.slots.iter().map(|s| s.clauses).collect::<std::collections::BTreeSet<u32>>();
        for p in [
            "We moved postgres last week. Which port is it on now?",
            "Quick question about redis: what's the maxmemory now?",
            "Staging'deki deploy'a bakıyorum. Neden geri aldık?",
        ] {
            assert_eq!(clauses(&analyse_with(p, true)).len(), 1, "{p}: {:?}", analyse_with(p, true).slots);
        }
        // Two questions stay two clauses.
        assert_eq!(clauses(&analyse_with("Which port is postgres on? Which node version do we run?", true)).len(), 2);
        // A phrasal verb with its object between is the phrase: "roll it back".
        assert!(names(&analyse_with("Why did we roll it back?", true)).contains(&"roll back"));
        assert!(names(&analyse_with("why did we roll 0.19.0 back", true)).contains(&"roll back"));
        assert!(analyse_with("sqlx bump'ından hemen sonra cargo ne dedi", true).anchor.is_some());
    }

    #[test]
    fn ranked_v2_recall18_a_counted_size_a_cause_an_old_version_and_turkish_light_verbs() {
        // A page size is a count, not bytes.
        let q = analyse_with("what's the default page size of the tickets api?", true);
        assert!(q.slots.iter().all(|s| s.shape != Some(Shape::Size)), "{:?}", q.slots);
        assert!(analyse_with("how big is the docker image now?", true).slots.iter().any(|s| s.shape == Some(Shape::Size)));
        // "What was causing X" asks for a reason, as "why" does.
        let q = analyse_with("what was causing the 429s from the gateway?", true);
        assert!(names(&q).contains(&"why") && !names(&q).contains(&"causing"), "{:?}", names(&q));
        // Turkish "eski" (old) asks about history; "veriyor" (gives) and "alıyoruz" (we get) ask nothing.
        assert_eq!(analyse_with("Eski sürümde hangi port kullanılıyordu?", true).intent, Intent::History);
        let q = analyse_with("Ödeme servisi neden 502 veriyor, hangi ortamda hata alıyoruz?", true);
        assert!(!names(&q).contains(&"veriyor") && !names(&q).contains(&"aliyoruz"), "{:?}", names(&q));
    }

    #[test]
    fn ranked_v2_recall18_a_turkish_clause_of_verbs_asks_about_what_the_first_names() {
        let clauses = |q: &Query, name: &str| q.slots.iter().find(|s| s.name == name).map(|s| s.clauses);
        let q = analyse_with("Alarm eşiği kaç ve en son ne zaman değiştirdik?", true);
        assert_eq!(clauses(&q, "esigi"), Some(0b11), "{:?}", q.slots);
        let q = analyse_with("Redis'in bellek sınırı ne ve neden artırdık?", true);
        assert_eq!(clauses(&q, "bellek"), Some(0b11), "{:?}", q.slots);
        // A second clause that names its own thing keeps to it.
        let q = analyse_with("Redis hangi portta ve Node sürümü kaç?", true);
        assert_eq!(clauses(&q, "redis"), Some(0b1), "{:?}", q.slots);
        // A clause that asks "when" of its own is not lent the other's attribute.
        let q = analyse_with("Son deploy ne zaman yapıldı ve hangi sürüm canlıda?", true);
        assert_eq!(clauses(&q, "surum"), Some(0b10), "{:?}", q.slots);
    }
}
