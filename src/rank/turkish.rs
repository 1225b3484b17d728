//! `ranked-v2` (`recall17`): more of how a Turkish question names what a coding session's tools print, for the words
//! of a Turkish sentence (see `query::in_turkish_sentence`) only, so that English prompts keep their analysis.
//!
//! * [`bare_nouns`]: a noun under a longer chain of endings than `strip_tr` takes (possessives of every person,
//!   case, `-ki`, the past copula): `portumuz` → `port`, `sürümümüzdeki` → `sürüm`, `bucket'ımızdaydı` → `bucket`;
//!   an English name under Turkish endings is then asked as itself, with its shape (`portumuz` asks for a port).
//! * [`DEV_WORDS`]: the everyday vocabulary of software work, infrastructure and tooling, in Turkish, with the English
//!   the tools print (a general lexicon, not one drawn from any session's questions).
//! * [`is_content_free`]: verbs that ask nothing, as English "run" and "use" do: `çalışıyor` (is running),
//!   `kullanıyoruz` (we use), `sürüyor` (takes, of time).
//! * [`NOT_WORKING`]: "does not work" is a failure (`çalışmıyor`, `çalışmadı`).
//!
//! Every word here is a match key ([`super::stem::match_key`]: `ı` → `i`, `ş` → `s`, `ü` → `u`, …).

/// Endings of a Turkish noun, longest first: plural, possessive (every person), case, `-ki`, the copula's past and
/// its present (`-dir`), after `match_key`'s folding (`ı`/`i` → `i`, `u`/`ü` → `u`).
const NOUN_ENDINGS: &[&str] = &[
    "larimizdaki", "lerimizdeki", "larimizdan", "lerimizden", "larimizda", "lerimizde", "larimizi", "lerimizi", "larimiz",
    "lerimiz", "imizdaki", "imizdeki", "umuzdaki", "umuzdeki", "imizdan", "imizden", "umuzdan", "umuzden", "imizda",
    "imizde", "umuzda", "umuzde", "imizin", "umuzun", "imizi", "umuzu", "imiza", "imize", "umuza", "umuze", "imiz",
    "umuz", "iniz", "unuz", "mizdaki", "mizdeki", "mizda", "mizde", "mizi", "muzu", "miz", "muz", "ndaki", "ndeki",
    "ndan", "nden", "nda", "nde", "nin", "nun", "ydi", "ydu", "ymis", "ymus", "dir", "dur", "tir", "tur", "daki",
    "deki", "taki", "teki", "dan", "den", "tan", "ten", "lar", "ler", "yla", "yle", "im", "um", "in", "un", "si", "su",
    "da", "de", "ta", "te", "ya", "ye", "yi", "yu", "ni", "nu", "i", "u", "a", "e",
];

/// Whether a word written after an apostrophe is a Turkish ending (`Webhook'lar`, `API'si`, `Redis'in`, `5432'den`),
/// not the tail of an English contraction (`we've`, `it's`, `they're`, `I'd`).
pub fn is_ending(word: &str) -> bool {
    NOUN_ENDINGS.contains(&word) || word.starts_with("lar") || word.starts_with("ler")
}

/// Question and time words that only Turkish writes, without a letter of its own ("neden", "şimdi" as `simdi`): a
/// sentence with one is Turkish, as one with `ş` or `ı` is.
pub const QUESTION_WORDS: &[&str] = &[
    "neden", "niye", "nicin", "simdi", "simdiki", "guncel", "hala", "halen", "artik", "suan", "onceki", "onceden",
    "eskiden", "ilk", "basta", "sebebi", "yuzunden", "zaman", "nerde", "nerdeydi", "neredeydi", "nereden", "nereye",
    "nerden", "neydi", "kaci", "kacta", "tane", "kez",
];

/// The bare nouns a Turkish word may be: each way of taking endings of [`NOUN_ENDINGS`] off it (up to three),
/// keeping at least three letters.
pub fn bare_nouns(word: &str) -> Vec<String> {
    super::stem::strip_endings(word, NOUN_ENDINGS, 3)
}

/// Turkish words of software work (match-key prefixes) and the English that tool output prints for them.
pub const DEV_WORDS: &[(&str, &[&str])] = &[
    ("gecikme", &["latency", "delay"]),
    ("istemci", &["client"]),
    ("sertifika", &["certificate", "cert", "tls"]),
    ("oturum", &["session"]),
    ("cerez", &["cookie"]),
    ("jeton", &["token"]),
    ("belirtec", &["token"]),
    ("kume", &["cluster"]),
    ("dugum", &["node"]),
    ("bolge", &["region", "zone"]),
    ("depolama", &["storage"]),
    ("guvenlik", &["security"]),
    ("zafiyet", &["vulnerability", "cve"]),
    ("olcekle", &["scale"]),
    ("kopya", &["replica", "copy"]),
    ("replika", &["replica"]),
    ("ornek", &["instance"]),
    ("sinif", &["class"]),
    ("maliyet", &["cost"]),
    ("fiyat", &["price", "cost"]),
    ("ucret", &["cost", "price"]),
    ("fatura", &["bill", "invoice"]),
    ("aylik", &["month", "monthly"]),
    ("haftalik", &["week", "weekly"]),
    ("saatlik", &["hour", "hourly"]),
    ("dakika", &["minute", "min"]),
    ("saniye", &["second", "sec"]),
    ("milisaniye", &["ms"]),
    ("sayisi", &["count", "number"]),
    ("adet", &["count"]),
    ("oran", &["rate", "ratio"]),
    ("sinir", &["limit"]),
    ("esik", &["threshold"]),
    ("deneme", &["retry", "attempt"]),
    ("zamanlayici", &["scheduler", "cron", "timer"]),
    ("zamanla", &["schedule", "cron"]),
    // (A job asked "at what hour it runs", `hangi saatte çalışıyor`, is asked its schedule.)
    ("saatte", &["schedule", "cron", "time"]),
    ("gorev", &["task", "job"]),
    ("islem", &["process", "transaction"]),
    ("surec", &["process"]),
    ("kayit", &["record", "log"]),
    ("sema", &["schema"]),
    ("dizin", &["directory", "index", "dir"]),
    ("indeks", &["index"]),
    ("surucu", &["driver"]),
    ("kutuphane", &["library", "lib"]),
    ("modul", &["module"]),
    ("bilesen", &["component"]),
    ("eklenti", &["plugin", "extension"]),
    ("arayuz", &["interface"]),
    ("sayfa", &["page"]),
    ("dugme", &["button"]),
    ("giris", &["login", "input", "entry"]),
    ("cikis", &["logout", "output", "exit"]),
    ("sifirla", &["reset"]),
    ("yenile", &["refresh", "renew"]),
    ("onay", &["approve", "confirm"]),
    ("inceleme", &["review"]),
    ("birlestir", &["merge"]),
    ("cakisma", &["conflict"]),
    ("yama", &["patch"]),
    ("uyumlu", &["compatible"]),
    ("uyumsuz", &["incompatible"]),
    ("destek", &["support"]),
    ("bozuk", &["broken", "fail"]),
    ("bozul", &["broken", "fail"]),
    ("istisna", &["exception"]),
    ("yigin", &["stack"]),
    ("yaris", &["race"]),
    ("kapsam", &["coverage"]),
    ("birim", &["unit"]),
    ("entegrasyon", &["integration"]),
    ("tarayici", &["browser"]),
    ("uygulama", &["app", "application"]),
    ("hizmet", &["service"]),
    ("servis", &["service"]),
    ("canli", &["production", "prod", "live"]),
    ("uretim", &["production", "prod"]),
    ("hazirlik", &["staging"]),
    ("gelistirme", &["development", "dev"]),
    ("yerel", &["local", "localhost"]),
    ("uzak", &["remote"]),
    ("depo", &["repository", "repo"]),
    ("ayar", &["config", "setting"]),
    ("yapilandir", &["config", "configuration"]),
    ("deger", &["value"]),
    ("varsayilan", &["default"]),
    ("sabitle", &["pin", "pinned"]),
    ("indir", &["download"]),
    ("gonder", &["send", "push", "publish"]),
    ("ozellik", &["feature"]),
    ("gizli", &["secret"]),
    ("kimlik", &["auth", "identity", "credential"]),
    ("dogrula", &["verify", "validate"]),
    ("sifrele", &["encrypt"]),
    ("imza", &["signature", "sign"]),
    ("tarih", &["date"]),
    // (`recall41`: "bitiş tarihi", the end date of a certificate or a contract, is its expiry.)
    ("bitis", &["expiry", "expires"]),
    ("akis", &["flow", "workflow"]),
    ("adim", &["step"]),
    ("asama", &["stage"]),
    ("paketle", &["bundle", "package"]),
    ("agir", &["heavy", "slow"]),
    ("hizli", &["fast"]),
    ("performans", &["performance"]),
    ("olcum", &["metric", "measure"]),
    ("metrik", &["metric"]),
    ("izleme", &["monitor", "monitoring"]),
    ("isci", &["worker"]),
    ("havuz", &["pool"]),
    // (`kaç makinede çalışıyor`: on how many machines it runs.)
    ("makine", &["machine", "machines", "vm"]),
    ("eszaman", &["concurrency", "concurrent"]),
    ("paralel", &["parallel"]),
    ("yonlendir", &["redirect", "route"]),
    ("rota", &["route"]),
    ("adres", &["address", "url", "host"]),
    ("ag", &["network"]),
    ("guvenlik duvari", &["firewall"]),
    ("cekirdek", &["core", "kernel", "cpu"]),
    ("islemci", &["cpu"]),
    ("ekran", &["screen", "display"]),
    ("dil", &["language", "locale"]),
    ("ceviri", &["translation", "i18n"]),
    ("bildirim", &["notification", "notify"]),
    ("eposta", &["email", "mail"]),
    ("posta", &["mail", "email"]),
    ("mesaj", &["message"]),
    ("olay", &["event", "incident"]),
    ("abonelik", &["subscription"]),
    // Verbs of a change, of what went wrong, and of an outcome.
    ("dusur", &["lower", "reduce", "decrease"]),
    ("artir", &["increase", "raise", "bump"]),
    ("actik", &["open", "enable", "enabled"]),
    ("acild", &["open", "enabled"]),
    ("bagla", &["connect"]),
    ("takil", &["hang", "stuck", "timeout"]),
    ("bekle", &["wait", "pending"]),
    ("dust", &["down", "drop"]),
    ("eslesm", &["match", "mismatch"]),
    ("redd", &["reject", "denied", "refused"]),
    ("izin", &["permission", "allow"]),
    ("yetki", &["permission", "auth", "role"]),
    ("sizdi", &["leak"]),
    ("tuken", &["exhausted"]),
    ("doldu", &["full"]),
    ("asti", &["exceed", "limit"]),
    ("asild", &["exceed", "limit"]),
    ("hizlan", &["fast", "speed"]),
    ("olustur", &["create", "generate"]),
    ("uretti", &["generate"]),
    ("uretil", &["generate"]),
    ("gecir", &["migrate", "move"]),
    ("gecis", &["migration", "switch"]),
    ("ayikla", &["debug"]),
    // A build's colour: "CI yeşil mi?" asks for a verdict, as "is CI green?" does.
    ("yesil", &["green", "pass"]),
    ("kirmizi", &["red", "fail"]),
    // Nouns of a measure, of a place and of a tool.
    ("kullanim", &["usage"]),
    ("suresi", &["duration", "time"]),
    ("sureyi", &["duration", "time"]),
    ("ortalama", &["average", "avg", "mean"]),
    ("yuksek", &["high", "max", "peak"]),
    ("dusuk", &["low", "min"]),
    ("toplam", &["total", "sum"]),
    ("hedef", &["target"]),
    ("kaynak", &["source", "resource"]),
    ("komut", &["command", "cmd"]),
    ("betik", &["script"]),
    ("cikti", &["output"]),
    ("klasor", &["folder", "directory", "dir"]),
    ("yanit suresi", &["latency"]),
    ("baglanti noktas", &["port"]),
    ("geri yukle", &["restore"]),
    ("tekrar dene", &["retry"]),
    // (`recall18`) The things the common kinds of application are about, as a Turkish user names them in a question
    // about code written in English (`PaymentService`, `orders` table, `/appointments`): a shop, a booking system,
    // an on-call / alerting tool, accounts and content.
    ("odeme", &["payment", "checkout", "pay"]),
    ("siparis", &["order"]),
    ("sepet", &["cart", "basket"]),
    ("urun", &["product", "item"]),
    ("stok", &["stock", "inventory"]),
    ("envanter", &["inventory"]),
    ("indirim", &["discount"]),
    ("kupon", &["coupon"]),
    ("musteri", &["customer"]),
    ("hesap", &["account"]),
    ("hesapla", &["calculate", "compute"]),
    ("kargo", &["shipping", "shipment"]),
    ("teslimat", &["delivery"]),
    ("iade", &["refund", "return"]),
    ("vergi", &["tax", "vat"]),
    ("para birim", &["currency"]),
    ("randevu", &["appointment", "booking"]),
    ("rezervasyon", &["reservation", "booking"]),
    ("takvim", &["calendar"]),
    ("saat dilim", &["timezone", "tz"]),
    ("iptal", &["cancel", "cancelled", "canceled"]),
    ("hatirlatma", &["reminder"]),
    ("musait", &["availability", "available"]),
    ("nobet", &["oncall", "shift", "rotation"]),
    ("cizelge", &["schedule", "rotation"]),
    ("vardiya", &["shift"]),
    ("eskalasyon", &["escalation", "escalate"]),
    ("alarm", &["alert"]),
    ("uyari", &["alert"]),
    ("ekip", &["team"]),
    ("takim", &["team"]),
    ("kisi", &["contact", "person"]),
    ("uye", &["member"]),
    ("politika", &["policy"]),
    ("kural", &["rule"]),
    ("sablon", &["template"]),
    ("rapor", &["report"]),
    ("pano", &["dashboard"]),
    ("grafik", &["chart", "graph"]),
    ("arama", &["search"]),
    ("filtre", &["filter"]),
    ("sirala", &["sort"]),
    ("sayfalama", &["pagination"]),
    ("resim", &["image"]),
    ("gorsel", &["image"]),
    ("saglayici", &["provider"]),
    ("kod", &["code"]),
    ("alan", &["field"]),
    ("isabet", &["hit"]),
    ("tetikle", &["trigger"]),
    ("temizle", &["clear", "purge", "flush"]),
    ("dongu", &["loop"]),
    ("yuk dengeley", &["balancer", "loadbalancer", "lb"]),
    ("hiz sinir", &["ratelimit", "throttle", "limit"]),
    // (`recall18`) More of a shop's, a booking system's and an on-call tool's words: quantities and amounts, a
    // campaign, a wishlist, reviews, guests; staff, patients, rescheduling, a waitlist, capacity; a handover, who
    // owns an alert, primary and secondary, acknowledging, muting, maintenance, an outage, a status, a page.
    ("miktar", &["quantity", "qty", "amount"]),
    ("tutar", &["amount", "total"]),
    ("kdv", &["vat", "tax"]),
    ("kampanya", &["campaign", "promotion", "promo"]),
    ("favori", &["favorite", "wishlist"]),
    ("istek liste", &["wishlist"]),
    ("yorum", &["review", "comment"]),
    ("puan", &["rating", "score"]),
    ("misafir", &["guest"]),
    ("kayit ol", &["signup", "register"]),
    ("doktor", &["doctor"]),
    ("hasta", &["patient"]),
    ("klinik", &["clinic"]),
    ("sube", &["branch", "location"]),
    ("personel", &["staff"]),
    ("ertele", &["reschedule", "postpone"]),
    ("bekleme liste", &["waitlist"]),
    ("kapasite", &["capacity"]),
    ("devir", &["handover", "handoff"]),
    ("sorumlu", &["owner", "assignee"]),
    ("birincil", &["primary"]),
    ("ikincil", &["secondary"]),
    ("onayla", &["acknowledge", "ack"]),
    ("sessiz", &["mute", "silence"]),
    ("bakim", &["maintenance"]),
    ("kesinti", &["outage", "downtime"]),
    ("erisim", &["access"]),
    ("durum", &["status", "state"]),
    ("cagri", &["call", "page"]),
    // (`recall18`) The parts of code and of a request a question points at.
    ("satir", &["line"]),
    ("goruntu", &["image"]),
    ("baslik", &["header", "title"]),
    ("govde", &["body"]),
    ("nesne", &["object"]),
    ("fonksiyon", &["function", "func", "fn"]),
    ("metot", &["method"]),
    ("yontem", &["method"]),
    ("parametre", &["parameter", "param", "params"]),
    ("degisiklik", &["change", "diff"]),
    ("fark", &["diff", "difference"]),
    ("karsilastir", &["compare", "diff"]),
    ("gunluk", &["daily"]),
    ("uc nokta", &["endpoint"]),
    ("alan adi", &["domain", "dns"]),
    ("yigin izi", &["stacktrace", "traceback"]),
    ("kullanici adi", &["username", "user"]),
    // (`recall18`) More verbs and states of what went wrong or changed: broke, piled up, was late, is missing, went
    // negative, shrank, grew, was resolved, returns.
    ("kiril", &["broken", "fail", "break"]),
    ("kirik", &["broken", "fail"]),
    ("kirdi", &["broken", "break"]),
    ("birik", &["backlog", "pending", "lag"]),
    ("gecik", &["latency", "delay", "late"]),
    ("eksik", &["missing"]),
    ("negatif", &["negative"]),
    ("kucul", &["smaller", "reduce", "shrink"]),
    ("buyu", &["larger", "grow"]),
    ("gideril", &["fix", "resolved"]),
    ("giderdi", &["fix", "resolved"]),
    ("donuyor", &["return", "returns"]),
    ("dondur", &["return", "returns"]),
];

/// Verbs (match-key prefixes) that ask nothing in a Turkish question, as "run", "use", "do", "need", "look", "tell",
/// "show", "want", "check" ask nothing in an English one (`STOP_EN`): `çalışıyor`, `çalıştırdık` (running, we ran),
/// `kullanıyoruz` (we use), `sürüyor`, `sürdü` (takes, took), `yaptık`, `yapıldı` (we did, was done; not
/// `yapılandırma`, configuration), the light verb of `deploy ettik` (we deployed), `gerekiyor`, `lazım` (is needed),
/// `baktık`, `bakar mısın` (we looked, can you look; not `bakım`, maintenance), `söyle`, `göster`, `istiyorum`,
/// `biliyor musun`, `kontrol et`, `hatırlat`, and the copula's `oluyor`, `olacak`, `olsun`.
const CONTENT_FREE: &[&str] = &[
    "calis", "kullan", "suruyor", "surdu", "surer", "surmus", "yapt", "yapiyor", "yapildi", "yapilmis", "yapacak",
    "yapar", "etti", "ediyor", "ederiz", "eder", "edildi", "edilmis", "etmis", "etmek", "etmedi", "gerek", "lazim",
    "bakt", "bakar", "bakiyor", "bakalim", "soyle", "goster", "istiyor", "biliyor", "bilmiyor", "kontrol",
    "hatirla", "oluyor", "olacak", "olsun", "olur", "tutul", "tutuyor",
    // (`recall18`: the light verbs of "hata veriyor", "502 veriyor" (gives), "hata alıyoruz", "yedek alındı" (gets, was
    // taken), "e-posta gidiyor" (goes), "duruyor" (stays), "koyduk" (we put), "anlatır mısın" (explain): not `veri`
    // (data), `alan` (field), `durdur` (stop).)
    "veriyor", "verdi", "verir", "vermis", "vermedi", "veremi", "aliyor", "aldi", "alindi", "alinmis", "almis",
    "gidiyor", "duruyor", "koydu", "koyuyor", "anlat",
];

/// Nouns that begin as a verb of [`CONTENT_FREE`] does: usage (`kullanımı`), a reminder (`hatırlatma`, `hatırlatıcı`).
const NOT_CONTENT_FREE: &[&str] = &["kullanim", "hatirlatma", "hatirlatici"];

/// `sürmek` as a verb, "to take (time)": `sürüyor`, `sürdü`, `sürer`, `sürmüş`.
const TAKES_TIME: &[&str] = &["suruyor", "surdu", "surer", "surmus"];

/// Whether a Turkish word says how long something takes ([`TAKES_TIME`]): "build ne kadar sürüyor?".
pub fn takes_time(word: &str) -> bool {
    TAKES_TIME.iter().any(|p| word.starts_with(p))
}

/// "Does not work", "did not work": a failure.
pub const NOT_WORKING: &[&str] = &["calismiyor", "calismadi", "calismaz", "calismamis"];

/// Whether a word of a Turkish question asks nothing ([`CONTENT_FREE`]) and is neither a failure ([`NOT_WORKING`]) nor
/// a noun ([`NOT_CONTENT_FREE`]).
pub fn is_content_free(word: &str) -> bool {
    CONTENT_FREE.iter().any(|p| word.starts_with(p)) && !NOT_WORKING.iter().chain(NOT_CONTENT_FREE).any(|p| word.starts_with(p))
}

/// What a Turkish word means in the English of tool output, by [`DEV_WORDS`] (one-word entries: a prefix of the word
/// or, for a word of two letters, the word itself) and [`NOT_WORKING`].
pub fn meanings(word: &str) -> Vec<&'static str> {
    let mut out: Vec<&'static str> = Vec::new();
    for (prefix, means) in DEV_WORDS {
        let hit = if prefix.contains(' ') { false } else if prefix.len() <= 2 { word == *prefix } else { word.starts_with(prefix) || softened_before_vowel(word, prefix) || narrowed_before_yor(word, prefix) };
        if hit {
            out.extend(means.iter().copied());
        }
    }
    if NOT_WORKING.iter().any(|p| word.starts_with(p)) {
        out.extend(["fail", "error"]);
    }
    out
}

/// Whether a word is a noun of the lexicon whose final p, t or k Turkish softens before a vowel (`eşik` → `eşiği`,
/// `kaynak` → `kaynağı`, `özellik` → `özelliği`: `ğ` folds to `g`).
fn softened_before_vowel(word: &str, prefix: &str) -> bool {
    let Some(stem) = prefix.strip_suffix(['p', 't', 'k']) else { return false };
    let soft = match prefix.as_bytes()[prefix.len() - 1] {
        b'p' => 'b',
        b't' => 'd',
        _ => 'g',
    };
    prefix.len() >= 4 && word.strip_prefix(stem).and_then(|rest| rest.strip_prefix(soft)).is_some_and(|rest| rest.starts_with(['a', 'e', 'i', 'o', 'u']))
}

/// Whether a word is a verb of the lexicon whose final `a` / `e` Turkish narrows before the present tense's `-yor`
/// (`bekle` → `bekliyor`, `temizle` → `temizliyor`).
fn narrowed_before_yor(word: &str, prefix: &str) -> bool {
    prefix.len() >= 4 && prefix.strip_suffix(['a', 'e']).is_some_and(|stem| word.strip_prefix(stem).is_some_and(|rest| rest.starts_with("iyor") || rest.starts_with("uyor")))
}

/// What two words of a Turkish question mean together ([`DEV_WORDS`]' two-word entries: the first word, and a prefix
/// of the second).
pub fn phrase_meanings(first: &str, second: &str) -> Option<&'static [&'static str]> {
    DEV_WORDS.iter().find_map(|(p, means)| {
        let (a, b) = p.split_once(' ')?;
        (first == a && second.starts_with(b)).then_some(*means)
    })
}

/// "We moved (over) to", "was moved to": `geçmek` in the first person or the passive, which tests never are ("testler
/// geçti" passed; "Python 3.12'ye geçtik" we switched).
const MOVED_TO: &[&str] = &["gectik", "gectim", "geciyoruz", "gecelim", "gececeg", "gecmistik", "gecildi"];

/// What "we moved to" asks for: a migration, a switch, an upgrade.
pub const MOVED_TO_MEANS: &[&str] = &["migrate", "switch", "move", "upgrade"];

/// Whether a Turkish word says "we moved to" ([`MOVED_TO`]), not "passed".
pub fn moved_to(word: &str) -> bool {
    MOVED_TO.iter().any(|p| word.starts_with(p))
}

/// Words that end as a verb in the past does but are not one.
const NOT_PAST: &[&str] = &["haydi"];

/// Whether a Turkish word is a verb (or the copula) in a tense that only the past has: `çalışıyordu` (was running),
/// `portuydu`, `neydi` (was). Not the simple past (`taşındı`, `değişti`, `yükselttik`) nor `-miş`: Turkish says "has
/// moved", "has changed" with them too, and those ask what holds now (English "has" is a present word).
pub fn is_past(word: &str) -> bool {
    if NOT_PAST.contains(&word) || word.chars().count() < 5 {
        return false;
    }
    word.contains("yordu") || ["ydi", "ydu"].iter().any(|e| word.ends_with(e))
}

/// Whether a Turkish word may be a verb in the simple past (`verdik`, `taşındı`): what a question about a named moment
/// asks in ("çökmeden sonra ne kadar stack verdik?"), where it cannot mean "has done".
pub fn is_simple_past(word: &str) -> bool {
    word.chars().count() >= 4 && ["di", "du", "ti", "tu", "dik", "duk", "tik", "tuk"].iter().any(|e| word.ends_with(e))
}

/// Whether a Turkish word ends in the ablative (`açmadan`, `çökmeden`, `deploy'dan`): "from", "than", and before
/// `önce` / `sonra`, "before" / "after" it.
pub fn is_ablative(word: &str) -> bool {
    ["dan", "den", "tan", "ten"].iter().any(|e| word.ends_with(e))
}

/// Whether a Turkish word is a verb by its ending: a tense (`değiştirdik`, `artırıyoruz`, `çalışıyordu`), `-miş`, the
/// future (`-acak`, `-ecek`), the necessitative (`-meli`).
pub fn is_verb(word: &str) -> bool {
    is_simple_past(word) || is_present(word) || is_past(word) || ["mis", "mus", "misiz", "mistik"].iter().any(|e| word.ends_with(e)) || ["acak", "ecek", "meli", "mali"].iter().any(|e| word.contains(e))
}

/// Whether a Turkish word is a verb in the present tense (`çalışıyor`, `geçiyor mu`, `dinliyoruz`).
pub fn is_present(word: &str) -> bool {
    (word.contains("iyor") || word.contains("uyor")) && !word.contains("yordu")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_english_name_under_turkish_possessive_and_case_endings_is_found_bare() {
        assert!(bare_nouns("portumuz").contains(&"port".to_string()));
        assert!(bare_nouns("surumumuzdeki").contains(&"surum".to_string()));
        assert!(bare_nouns("bucketimizdaydi").contains(&"bucket".to_string()));
        assert!(bare_nouns("redisin").contains(&"redis".to_string()));
        // Three letters at least: endings never eat a short name.
        assert!(bare_nouns("api").is_empty());
    }

    #[test]
    fn running_and_using_ask_nothing_but_not_working_is_a_failure() {
        assert!(is_content_free("calisiyor"));
        assert!(is_content_free("kullaniyoruz"));
        assert!(is_content_free("suruyor"));
        assert!(!is_content_free("calismiyor"));
        assert!(meanings("calismiyor").contains(&"fail"));
        assert!(!is_content_free("surum"), "sürüm (version) is not sürmek (to take time)");
        assert!(!is_content_free("kullanimi") && meanings("kullanimi").contains(&"usage"));
        for w in ["yaptik", "yapildi", "ettik", "gerekiyor", "baktik", "goster", "istiyorum", "kontrol"] {
            assert!(is_content_free(w), "{w}");
        }
        // Nouns that begin as those verbs do: configuration, maintenance.
        assert!(!is_content_free("yapilandirma") && !is_content_free("bakim"));
    }

    #[test]
    fn the_past_tense_is_told_from_the_present_and_from_now() {
        for w in ["calisiyordu", "portuydu", "nerdeydi", "dinliyorduk"] {
            assert!(is_past(w), "{w}");
        }
        // (The simple past is also the present perfect: "hangi porta taşındı?" asks where it is now.)
        for w in ["calisiyor", "simdi", "port", "surum", "geciyor", "kendi", "tasindi", "degisti", "yukselttik"] {
            assert!(!is_past(w), "{w}");
        }
        assert!(is_present("dinliyoruz") && !is_present("dinliyorduk"));
    }

    #[test]
    fn recall18_application_words_softened_nouns_narrowed_verbs_and_moving_to() {
        for (word, means) in [
            ("sepetteki", "cart"),
            ("siparislerin", "order"),
            ("randevular", "appointment"),
            ("nobetci", "oncall"),
            ("odemeler", "payment"),
            ("esigi", "threshold"),
            ("kaynagi", "source"),
            ("ozelligi", "feature"),
            ("bekliyor", "wait"),
            ("temizliyor", "clear"),
            ("durumu", "status"),
            ("kesintisi", "outage"),
        ] {
            assert!(meanings(word).contains(&means), "{word}: {:?}", meanings(word));
        }
        // Softening needs a vowel after it, and a lexicon word of four letters at least.
        assert!(!meanings("esigkz").contains(&"threshold"));
        assert!(moved_to("gectik") && moved_to("geciyoruz") && !moved_to("gecti") && !moved_to("geciyor"));
        assert!(takes_time("suruyor") && takes_time("surdu") && !takes_time("surum"));
        assert!(is_ending("lar") && is_ending("deki") && is_ending("in") && !is_ending("ve") && !is_ending("s"));
        assert!(is_verb("degistirdik") && is_verb("artiriyoruz") && is_verb("yapilacak") && !is_verb("bellek") && !is_verb("sinir"));
    }

    #[test]
    fn dev_words_are_matched_by_prefix_and_two_letter_ones_whole() {
        assert!(meanings("gecikmesi").contains(&"latency"));
        assert!(meanings("ag").contains(&"network"));
        assert!(meanings("makinede").contains(&"machine") && meanings("saatte").contains(&"schedule"));
        assert!(!meanings("agent").contains(&"network"));
        assert_eq!(phrase_meanings("tekrar", "deneme"), Some(&["retry"][..]));
    }
}
