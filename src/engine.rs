//! The session object: a store opened over a host [`Storage`], with the protocol's operations (fold, scan,
//! recall, hydrate, evict, status, validate). Each operation follows the reference command of the same name
//! (spec §5–§13); the algorithms themselves live in their own modules.

use std::collections::BTreeMap;

use crate::containment;
use crate::error::{Error, ErrorCode, Result};
use crate::extract;
use crate::identity::{self, Projection, IPCF_VERSION, PROJECTION_VERSION};
use crate::folded_step::{folded_step, FoldedStep};
use crate::index::{snapshot, EvictionLog, Postings, RecallIndex};
use crate::pages::{self, PagedView};
use crate::journal::{self, Record};
use crate::limits::{self, Limits};
use crate::json::Value;
use crate::policy::{Policy, Selection};
use crate::rank;
use crate::recall::{self, RecallCandidate};
use crate::redact;
use crate::repair::{self, RepairReport};
use crate::schema;
use crate::scan::{self, ScanResult};
pub use crate::scan::Turn;
pub use crate::types::{ColdNode, Eviction, FoldInput, FoldOutcome, Hydrated, IndexEntry, Status, StatusNode, TurnOptions};
use crate::store::{self, Storage};
use crate::types::TextLiterals;
use crate::text::{nfc, rstrip};
use crate::validate::{self, Validation};

/// The wall clock: `%Y-%m-%dT%H:%M:%SZ` in UTC, to the second.
pub type Clock = Box<dyn Fn() -> Result<String>>;
/// Tokens in a text; the reference's is `len(text) // 4` in code points.
pub type TokenCounter = Box<dyn Fn(&str) -> Result<i64>>;

/// How a store is opened. Every field has the reference's default.
#[derive(Default)]
pub struct Options {
    /// Defaults to the system clock (native only; a wasm host must supply one).
    pub clock: Option<Clock>,
    /// Defaults to [`reference_token_count`].
    pub token_counter: Option<TokenCounter>,
    /// The active policy in place of `hydration_policy.json` (not written to the store).
    pub policy: Option<Value>,
    /// Journal folds and evictions (one appended line each) instead of rewriting `recall_index.json` and
    /// `eviction_log.json` on every call; [`ContextFold::checkpoint`] writes them. Needs a storage that
    /// can append; ignored otherwise. See [`crate::journal`].
    pub journal: bool,
    /// The policy a new store gets (no policy file, index, journal or cold node yet): written as
    /// `hydration_policy.json` at its first fold, unless it is the reference's, which a store without the file
    /// reads anyway. Defaults to [`Policy::safe_default`] (redaction on); [`Policy::reference`] is strict
    /// reference behaviour. A store that already has an index and no policy file reads the reference's.
    pub default_policy: Option<Policy>,
    /// Ceilings on payload, prompt and index sizes (see [`crate::limits`]); the defaults, or lower.
    pub limits: Limits,
}

/// The reference's token estimate before `max(1, …)`: code points divided by four.
pub fn reference_token_count(text: &str) -> i64 {
    #[cfg(fast_fold)]
    let chars = crate::text::swar::count_chars(text);
    #[cfg(not(fast_fold))]
    let chars = text.chars().count();
    (chars / 4) as i64
}


/// An open store.
pub struct ContextFold<S: Storage> {
    storage: S,
    index: RecallIndex,
    /// Whether `recall_index.json` exists yet (the first fold creates it and stamps `created_at`).
    index_on_disk: bool,
    clock: Clock,
    token_counter: TokenCounter,
    policy_override: Option<Policy>,
    default_policy: Policy,
    journal: JournalState,
    /// Whether the snapshot in storage is the index as it is in `recall_index.json` now (it was read at open or
    /// written since, and the file has not been rewritten since).
    snapshot_fresh: bool,
    /// The storage's version token of `recall_index.json` as this instance last read or wrote it (`None`: no file,
    /// or a storage without versions). Another writer's rewrite changes it, which makes the next write reload.
    index_version: Option<String>,
    /// The store's pages (see [`crate::pages`]), when it has them: read from while `paged`, and kept up to date by
    /// every writer, paged or not, so that the next process can open without reading the whole index.
    view: Option<PagedView>,
    /// Whether `index` holds only the journal records after the view's segments (the *tail*), everything before
    /// them being read from the pages as needed. A call that needs the whole index reads it for itself (reads) or
    /// loads it for good (checkpoints).
    paged: bool,
    /// The whole index was needed once: later reloads read it whole again.
    prefer_full: bool,
    /// Paged: the pages' postings of the terms scanned for so far (a long-lived process reads each term's pages
    /// once); emptied whenever the view is replaced.
    term_cache: std::cell::RefCell<pages::TermCache>,
    /// `ranked-v2`: the word forms of the in-memory index (the tail when paged), with the index's fingerprint
    /// (entries, highest step, interned strings) they were made from.
    rank_forms: std::cell::RefCell<Option<((usize, Option<i64>, usize), std::rc::Rc<rank::forms::Forms>)>>,
    limits: Limits,
}

/// How [`load_state`] reads the store.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum LoadMode {
    /// From the pages and the journal's tail when the store has pages, else whole.
    Paged,
    /// The whole index (and the pages' view, for keeping them up to date).
    Full,
    /// The whole index, no pages: the reference's behaviour (`journal: false`).
    Strict,
    /// [`LoadMode::Strict`] for `validate` alone, which never looks terms up: a snapshot's postings are left out
    /// (a quarter of its bytes, most of its records; still covered by its checksum). Node and native builds.
    #[cfg(read_in_place)]
    Audit,
}

/// Where the index journal stands (see [`crate::journal`]).
#[derive(Debug, Default)]
struct JournalState {
    /// Journal new changes (the option was given and the storage can append).
    enabled: bool,
    /// Records in the journal file; 0 means there is none.
    records: usize,
    /// The eviction log's length when the journal was started.
    base_evictions: usize,
    /// Evictions journaled since, for the log at the next checkpoint.
    pending_evictions: Vec<(i64, String)>,
    /// An append failed, so the file may end in a torn line: checkpoint before writing again.
    suspect: bool,
    /// Bytes of the journal file read so far (up to the end of its last complete line): another writer's records
    /// are appended after it.
    bytes_read: u64,
    /// The last complete line of those bytes (empty if unknown). While it is still in place, the journal in storage
    /// is the one this instance read, continued; otherwise another writer checkpointed and started a new journal
    /// (which may be shorter, or as long), and the index file alone cannot tell: a rewrite of identical content can
    /// get the same version (a reused inode, the same size, a modification time within one clock tick).
    last_line: Vec<u8>,
}

/// The last line (with its newline) of journal bytes that end with a newline; empty for no bytes.
fn last_line(complete: &[u8]) -> &[u8] {
    let Some(body) = complete.strip_suffix(b"\n") else { return &[] };
    let start = body.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    &complete[start..]
}

/// The last complete line of the journal before byte `end` (which ends a line), read backwards in growing chunks.
async fn last_line_before<S: Storage>(storage: &S, end: u64) -> Result<Vec<u8>> {
    let mut want = 4096u64;
    loop {
        let start = end.saturating_sub(want);
        let Some(bytes) = storage.load_range(store::JOURNAL_KEY, start, (end - start) as usize).await? else {
            return Ok(Vec::new());
        };
        if bytes.len() as u64 != end - start {
            return Ok(Vec::new());
        }
        let line = last_line(&bytes);
        if line.len() < bytes.len() || start == 0 {
            return Ok(line.to_vec());
        }
        want *= 4;
    }
}

/// Start a checkpoint by itself once the journal holds this many records, or as many as the index has
/// entries if that is more: the rewrite is then paid once per doubling, so a fold stays O(1) amortised.
const AUTO_CHECKPOINT_RECORDS: usize = 4096;

/// The highest step id a fold assigns by itself: the largest integer a JavaScript number holds exactly.
const MAX_AUTO_STEP_ID: i64 = (1 << 53) - 1;

#[cfg(not(target_arch = "wasm32"))]
fn system_clock() -> Result<String> {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_err(|e| Error::invalid_input(format!("system clock before 1970: {e}")))?
        .as_secs();
    Ok(format_utc(secs as i64))
}

/// `%Y-%m-%dT%H:%M:%SZ` of seconds since the epoch (proleptic Gregorian, UTC).
pub fn format_utc(secs: i64) -> String {
    let days = secs.div_euclid(86_400);
    let rem = secs.rem_euclid(86_400);
    // Howard Hinnant's civil_from_days.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z", rem / 3600, rem % 3600 / 60, rem % 60)
}

fn storage_context(e: Error, what: &str) -> Error {
    if e.code() == ErrorCode::Storage {
        Error::storage(format!("{what}: {}", e.message()))
    } else {
        e
    }
}

impl<S: Storage> ContextFold<S> {
    /// Open the store: read `recall_index.json` and replay the journal if there is one. Nothing is written.
    pub async fn open(storage: S, options: Options) -> Result<Self> {
        let clock = match options.clock {
            Some(c) => c,
            #[cfg(not(target_arch = "wasm32"))]
            None => Box::new(system_clock),
            #[cfg(target_arch = "wasm32")]
            None => return Err(Error::invalid_input("a clock is required on this target")),
        };
        let token_counter = options.token_counter.unwrap_or_else(|| Box::new(|t| Ok(reference_token_count(t))));
        let policy_override = options.policy.map(|raw| Policy { raw });
        let default_policy = options.default_policy.unwrap_or_else(Policy::safe_default);
        default_policy.redaction()?; // an unknown rule set fails here, not at the first fold
        default_policy.selection()?; // and so does an unknown selection mode
        let journaling = options.journal && storage.can_append();
        let limits = options.limits;
        let loaded = load_state(&storage, if journaling { LoadMode::Paged } else { LoadMode::Strict }, &limits).await?;
        let mut journal = loaded.journal;
        journal.enabled = journaling;
        Ok(ContextFold {
            storage,
            index: loaded.index,
            index_on_disk: loaded.on_disk,
            clock,
            token_counter,
            policy_override,
            default_policy,
            journal,
            snapshot_fresh: loaded.snapshot_fresh,
            index_version: loaded.index_version,
            view: loaded.view,
            paged: loaded.paged,
            prefer_full: false,
            term_cache: std::cell::RefCell::new(pages::TermCache::default()),
            rank_forms: std::cell::RefCell::new(None),
            limits,
        })
    }

    /// Re-read the index (and journal) from storage, after another writer changed them.
    pub async fn reload(&mut self) -> Result<()> {
        let loaded = load_state(&self.storage, self.load_mode(), &self.limits).await?;
        self.take_loaded(loaded);
        Ok(())
    }

    fn load_mode(&self) -> LoadMode {
        match (self.journal.enabled, self.prefer_full) {
            (false, _) => LoadMode::Strict,
            (true, true) => LoadMode::Full,
            (true, false) => LoadMode::Paged,
        }
    }

    fn take_loaded(&mut self, loaded: Loaded) {
        let enabled = self.journal.enabled;
        self.index = loaded.index;
        self.index_on_disk = loaded.on_disk;
        self.journal = JournalState { enabled, ..loaded.journal };
        self.snapshot_fresh = loaded.snapshot_fresh;
        self.index_version = loaded.index_version;
        self.view = loaded.view;
        self.paged = loaded.paged;
        self.term_cache.get_mut().clear();
        *self.rank_forms.get_mut() = None;
    }

    /// Hold the whole index in memory from now on (when paged, only the journal's tail is held): for callers of
    /// [`Self::index`], and done by itself before a checkpoint.
    pub async fn load_all(&mut self) -> Result<()> {
        self.ensure_full().await
    }

    async fn ensure_full(&mut self) -> Result<()> {
        if self.paged {
            self.prefer_full = true;
            let loaded = load_state(&self.storage, LoadMode::Full, &self.limits).await?;
            self.take_loaded(loaded);
        }
        Ok(())
    }

    /// Whether this instance reads from the store's pages (the index is not all in memory).
    pub fn is_paged(&self) -> bool {
        self.paged
    }

    /// The whole index for a call that reads all of it: the one held, or (when paged) one read for this call.
    async fn whole_index(&self) -> Result<std::borrow::Cow<'_, RecallIndex>> {
        if !self.paged {
            return Ok(std::borrow::Cow::Borrowed(&self.index));
        }
        Ok(std::borrow::Cow::Owned(load_state(&self.storage, LoadMode::Strict, &self.limits).await?.index))
    }

    /// [`Self::whole_index`] for `validate`: read whole when paged, without the snapshot's postings (the Node and
    /// native builds; the others use `whole_index`: size).
    #[cfg(read_in_place)]
    async fn index_to_audit(&self) -> Result<std::borrow::Cow<'_, RecallIndex>> {
        if !self.paged {
            return Ok(std::borrow::Cow::Borrowed(&self.index));
        }
        Ok(std::borrow::Cow::Owned(load_state(&self.storage, LoadMode::Audit, &self.limits).await?.index))
    }

    /// The entries this instance knows of: in memory, plus those in the pages when paged.
    fn entry_count(&self) -> usize {
        let paged = if self.paged { self.view.as_ref().map_or(0, |v| v.entries() as usize) } else { 0 };
        self.index.len() + paged
    }

    /// The highest step id in the store.
    fn max_step(&self) -> Option<i64> {
        let paged = if self.paged { self.view.as_ref().and_then(PagedView::max_step) } else { None };
        self.index.max_step().max(paged)
    }

    /// The entry of a step as the API shows it, from memory or the pages (whose entries carry no identifiers).
    async fn find_entry(&self, step_id: i64) -> Result<Option<IndexEntry>> {
        if let Some(e) = self.index.get(step_id) {
            return Ok(Some(IndexEntry::from(e)));
        }
        match (&self.view, self.paged) {
            (Some(view), true) => match view.entry(&self.storage, step_id).await {
                Ok(e) => Ok(e.map(|e| e.to_index_entry())),
                // Pages that cannot be read only cost time: the index is read whole for this lookup.
                Err(_) => Ok(self.whole_index().await?.get(step_id).map(IndexEntry::from)),
            },
            _ => Ok(None),
        }
    }

    /// Take the store's write lock, when the storage has one, and catch up with what other writers did since this
    /// instance last looked. Every public operation that writes runs between this and [`Self::unlock`]; the
    /// internal steps they share (checkpoint inside a fold, for instance) do not lock again.
    async fn lock(&mut self) -> Result<bool> {
        if !self.storage.can_lock() {
            return Ok(false);
        }
        self.storage.lock(store::LOCK_KEY).await.map_err(|e| storage_context(e, "cannot lock the store"))?;
        if let Err(e) = self.catch_up().await {
            self.unlock(true).await;
            return Err(e);
        }
        Ok(true)
    }

    /// Release the write lock taken by [`Self::lock`]. A failure to release is not the operation's failure (its
    /// writes are done); the lock is then stale and the next writer recovers it (see the storage's `lock`).
    async fn unlock(&self, locked: bool) {
        if locked {
            let _ = self.storage.unlock(store::LOCK_KEY).await;
        }
    }

    /// Whether the journal in storage continues the one this instance has read: its last complete line is still
    /// where it was (see [`JournalState::last_line`]). With nothing read yet, any journal there is new.
    async fn journal_continues(&self) -> Result<bool> {
        let read = self.journal.bytes_read;
        if read == 0 {
            return Ok(true);
        }
        let line = &self.journal.last_line;
        let n = line.len() as u64;
        if n == 0 || n > read {
            return Ok(false);
        }
        let at = self.storage.load_range(store::JOURNAL_KEY, read - n, line.len()).await?;
        Ok(at.is_some_and(|at| crate::hash::same_bytes(&at, line)))
    }

    /// See other writers' changes: a rewritten `recall_index.json` (a checkpoint, a strict-mode write, the
    /// reference) means a reload; records appended to the journal are replayed from where this instance stopped.
    async fn catch_up(&mut self) -> Result<()> {
        if self.paged {
            // Nothing new (the index file as it was, no journal bytes beyond those read): nothing to do. Otherwise
            // read the paged state again (other writers may have added or merged segments too).
            let same_index = self.storage.can_version()
                && matches!(self.storage.version(store::INDEX_KEY).await, Ok(v) if v == self.index_version);
            let beyond = self.storage.load_range(store::JOURNAL_KEY, self.journal.bytes_read, 1).await;
            let journal_same = match beyond {
                Ok(Some(b)) => b.is_empty(),
                Ok(None) => self.journal.bytes_read == 0,
                Err(_) => false,
            };
            if same_index && journal_same && matches!(self.journal_continues().await, Ok(true)) {
                return Ok(());
            }
            return self.reload().await;
        }
        if self.view.is_some() {
            self.term_cache.get_mut().clear();
            self.view = PagedView::open(&self.storage, self.index_version.as_deref(), self.index_on_disk).await.ok().flatten();
        }
        // Without a version (or when the storage cannot tell one), any other writer may have rewritten the index.
        let unchanged = self.storage.can_version()
            && matches!(self.storage.version(store::INDEX_KEY).await, Ok(v) if v == self.index_version);
        if !unchanged || !self.journal_continues().await.map_err(|e| storage_context(e, "cannot read the journal"))? {
            return self.reload().await;
        }
        let tail = if self.storage.can_load_range() {
            read_from(&self.storage, store::JOURNAL_KEY, self.journal.bytes_read).await
        } else {
            store::load_range_whole(&self.storage, store::JOURNAL_KEY, self.journal.bytes_read, usize::MAX).await
        }
        .map_err(|e| storage_context(e, "cannot read the journal"))?;
        match tail {
            // The journal is gone or shorter than what was read: another writer checkpointed, so start over.
            None if self.journal.records > 0 => self.reload().await,
            None => Ok(()),
            Some(bytes) => {
                let complete = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
                if complete < bytes.len() {
                    // A torn line another writer left (it stopped mid-append): checkpoint before appending.
                    self.journal.suspect = true;
                }
                journal::check_tail(&bytes[complete..])?;
                let records = journal::parse(&bytes[..complete])?;
                self.journal.bytes_read += complete as u64;
                if complete > 0 {
                    self.journal.last_line = last_line(&bytes[..complete]).to_vec();
                }
                apply_records(&mut self.index, self.index_on_disk, &mut self.journal, records);
                Ok(())
            }
        }
    }

    /// Remember the version of `recall_index.json` just written by this instance (so it is not taken for another
    /// writer's change).
    async fn note_index_written(&mut self) {
        self.index_version = if self.storage.can_version() {
            self.storage.version(store::INDEX_KEY).await.ok().flatten()
        } else {
            None
        };
    }

    /// Whether the index snapshot in storage matches `recall_index.json` as it is now (the index was read from it
    /// at open, or it was written since), so the next open reads it instead of parsing the JSON.
    pub fn snapshot_current(&self) -> bool {
        self.snapshot_fresh
    }

    /// Whether changes are being journaled rather than written to `recall_index.json` each time.
    pub fn journaling(&self) -> bool {
        self.journal.enabled
    }

    /// Write `eviction_log.json` and `recall_index.json` as the reference would have after the same calls, then
    /// drop the journal. Also (re)writes the index snapshot when the storage can tell file versions apart, so the
    /// next open need not parse `recall_index.json`. A no-op when nothing is journaled and the snapshot is
    /// current. Safe to repeat after a failure.
    pub async fn checkpoint(&mut self) -> Result<()> {
        let locked = self.lock().await?;
        let result = self.checkpoint_locked().await;
        self.unlock(locked).await;
        result
    }

    async fn checkpoint_locked(&mut self) -> Result<()> {
        let journaled = self.journal.records > 0 || self.journal.suspect;
        if !journaled {
            if self.index_on_disk && self.storage.can_version() {
                if self.paged {
                    // Nothing journaled and paged: the pages and the snapshot are current.
                    return Ok(());
                }
                if !self.snapshot_fresh {
                    self.write_snapshot().await;
                }
                if self.view.is_none() {
                    self.write_base_pages().await;
                }
            }
            return Ok(());
        }
        self.ensure_full().await?;
        // What `eviction_log.json` held before this checkpoint rewrote it (`Some(None)`: it did not exist), to put
        // back if the index cannot be written: a checkpoint that fails leaves the store as it was.
        let mut log_before: Option<Option<Vec<u8>>> = None;
        if !self.journal.pending_evictions.is_empty() {
            let previous = self
                .storage
                .load(store::EVICTION_LOG_KEY)
                .await
                .map_err(|e| storage_context(e, "checkpoint: cannot read the eviction log"))?;
            let mut log = match &previous {
                Some(bytes) => EvictionLog::from_file_bytes(bytes)?,
                None => EvictionLog::default(),
            };
            // An earlier, interrupted checkpoint may already have logged some of them.
            let already = log.len().saturating_sub(self.journal.base_evictions);
            for (step_id, at) in self.journal.pending_evictions.iter().skip(already) {
                log.append(*step_id, at);
            }
            self.storage
                .save(store::EVICTION_LOG_KEY, &log.to_file_bytes())
                .await
                .map_err(|e| storage_context(e, "checkpoint: cannot write the eviction log"))?;
            log_before = Some(previous);
        }
        if self.index_on_disk || !self.index.is_empty() {
            self.snapshot_fresh = false;
            let mut writer = self.index.file_writer();
            let written = store::write_chunked(&self.storage, store::INDEX_KEY, || writer.next_chunk(WRITE_CHUNK)).await;
            self.note_index_written().await;
            if let Err(e) = written {
                if let Some(previous) = log_before {
                    // Best effort: if this fails too, the journal (still there) keeps the log right, since its
                    // header's base count stops a later checkpoint from logging the same evictions twice.
                    let _ = match previous {
                        Some(bytes) => self.storage.save(store::EVICTION_LOG_KEY, &bytes).await,
                        None => self.storage.remove(store::EVICTION_LOG_KEY).await,
                    };
                }
                return Err(storage_context(e, "checkpoint: cannot write the index"));
            }
            self.index_on_disk = true;
            if self.storage.can_version() {
                self.write_snapshot().await;
            }
        }
        if self.storage.remove(store::JOURNAL_KEY).await.is_err() {
            // The reference files hold everything now, so the checkpoint is done; the journal left behind replays
            // to the same index (and its header's base count keeps the log from growing twice). It is marked
            // suspect, so the next write checkpoints again, and removes it, before appending.
            self.journal.suspect = true;
            return Ok(());
        }
        self.journal = JournalState { enabled: self.journal.enabled, ..JournalState::default() };
        if self.storage.can_version() && self.storage.can_load_range() && self.journal.enabled {
            self.write_base_pages().await;
        }
        Ok(())
    }

    /// Write the base pages of the index as `recall_index.json` holds it now (dropping every segment: the journal
    /// they covered is gone). The pages only save time, so a failure is not reported: the view is then dropped and
    /// later opens read the index whole.
    async fn write_base_pages(&mut self) {
        self.view = None;
        self.term_cache.get_mut().clear();
        if !self.index_on_disk {
            return;
        }
        let Ok(Some(version)) = self.storage.version(store::INDEX_KEY).await else { return };
        if let Ok(true) = pages::write_base(&self.storage, &self.index, &version).await {
            self.view = PagedView::open(&self.storage, Some(&version), true).await.ok().flatten();
        }
    }

    /// After journal appends: write the records the segments do not cover yet as a segment once there are
    /// [`pages::SEGMENT_RECORDS`] of them (see [`crate::pages`]). A store with an index file but no base pages
    /// (written before pages existed) gets them first. Failures only cost the next process time: not reported.
    async fn maintain_pages(&mut self) {
        if !(self.journal.enabled && self.storage.can_version() && self.storage.can_load_range()) {
            return;
        }
        if self.view.is_none() {
            if self.index_on_disk && !self.paged {
                self.write_base_pages().await;
            } else if !self.index_on_disk {
                self.view = Some(PagedView::default());
            }
        }
        let Some(view) = &self.view else { return };
        let uncovered = (self.journal.records as u64).saturating_sub(view.covered_records());
        if uncovered < pages::SEGMENT_RECORDS || self.journal.suspect {
            return;
        }
        let covered = view.covered();
        let end = self.journal.bytes_read;
        let Ok(Some(bytes)) = read_from(&self.storage, store::JOURNAL_KEY, covered).await else { return };
        let Some(records) = bytes.get(..(end - covered) as usize).and_then(|b| journal::parse(b).ok()) else { return };
        let mut tail = RecallIndex::default();
        let mut scratch = JournalState::default();
        apply_records(&mut tail, true, &mut scratch, records);
        let version = self.index_version.clone();
        let Some(view) = &mut self.view else { return };
        match view.add_segment(&self.storage, &tail, end, uncovered, version.as_deref()).await {
            Ok(true) if self.paged => {
                self.term_cache.get_mut().add(&tail);
                self.index = RecallIndex::default();
            }
            Ok(_) => {}
            Err(_) => {
                self.view = None;
                self.term_cache.get_mut().clear();
            }
        }
    }

    /// Write the snapshot of the index for `recall_index.json` as it is now. The snapshot only saves time at the
    /// next open, so a failure is not reported: that open parses the JSON instead.
    async fn write_snapshot(&mut self) {
        let Ok(Some(version)) = self.storage.version(store::INDEX_KEY).await else { return };
        let mut writer = self.index.snapshot_writer(&version);
        self.snapshot_fresh = store::write_chunked(&self.storage, store::SNAPSHOT_KEY, || writer.next_chunk(WRITE_CHUNK)).await.is_ok();
    }

    async fn load_eviction_log(&self) -> Result<EvictionLog> {
        match self.storage.load(store::EVICTION_LOG_KEY).await? {
            Some(bytes) => EvictionLog::from_file_bytes(&bytes),
            None => Ok(EvictionLog::default()),
        }
    }

    /// Before a write outside the journal (or after a failed append): fold any journal into the files first.
    async fn settle_journal(&mut self) -> Result<()> {
        if self.journal.suspect || (!self.journal.enabled && self.journal.records > 0) {
            self.checkpoint_locked().await?;
        }
        Ok(())
    }

    /// Append records to the journal (with its header if it is new). On failure the file may hold a torn line,
    /// so the journal is marked suspect and the next write checkpoints first.
    async fn journal_append(&mut self, records: &[Record]) -> Result<()> {
        let lines: Vec<u8> = records.iter().flat_map(Record::to_line).collect();
        self.journal_append_lines(records.len(), lines).await
    }

    /// [`Self::journal_append`] of `count` records already written as `lines`.
    async fn journal_append_lines(&mut self, count: usize, lines: Vec<u8>) -> Result<()> {
        let mut bytes = Vec::new();
        let mut added = count;
        let mut base = self.journal.base_evictions;
        if self.journal.records == 0 {
            base = self.load_eviction_log().await?.len();
            let created_at = if self.index_on_disk {
                None
            } else {
                self.index.top("created_at").and_then(Value::as_str).map(str::to_string)
            };
            bytes.extend(Record::Header { base_evictions: base, created_at }.to_line());
            added += 1;
        }
        let bytes = if bytes.is_empty() {
            lines
        } else {
            bytes.extend_from_slice(&lines);
            bytes
        };
        if let Err(e) = self.storage.append(store::JOURNAL_KEY, &bytes).await {
            self.journal.suspect = true;
            return Err(storage_context(e, "cannot append to the journal"));
        }
        self.journal.bytes_read += bytes.len() as u64;
        self.journal.last_line = last_line(&bytes).to_vec();
        self.journal.base_evictions = base;
        self.journal.records += added;
        Ok(())
    }

    /// Checkpoint by itself when the journal has grown as large as the index (see [`AUTO_CHECKPOINT_RECORDS`]).
    /// A failure here loses nothing (the journal still holds every change), so it is not reported.
    async fn maybe_auto_checkpoint(&mut self) {
        if self.journal.records >= AUTO_CHECKPOINT_RECORDS.max(self.entry_count()) {
            let _ = self.checkpoint_locked().await;
        } else {
            self.maintain_pages().await;
        }
    }

    /// The ceilings this store was opened with.
    pub fn limits(&self) -> Limits {
        self.limits
    }

    pub fn storage(&self) -> &S {
        &self.storage
    }

    pub fn index(&self) -> &RecallIndex {
        &self.index
    }

    /// The policy in force: the override, else `hydration_policy.json`, else the default (spec §2.6): the one
    /// chosen at open for a new store, the reference's for a store that already has an index.
    pub async fn policy(&self) -> Result<Policy> {
        self.fold_policy().await.map(|(policy, _)| policy)
    }

    /// [`Self::policy`], and whether a fold must first write it (a new store's default, not the reference's).
    async fn fold_policy(&self) -> Result<(Policy, bool)> {
        if let Some(p) = &self.policy_override {
            return Ok((p.clone(), false));
        }
        if let Some(bytes) = self.storage.load(store::POLICY_KEY).await? {
            return Ok((Policy::from_file_bytes(&bytes)?, false));
        }
        let new_store = !self.index_on_disk
            && self.index.is_empty()
            && self.journal.records == 0
            && self.storage.list(&format!("{}/", store::COLD_NODE_DIR)).await?.is_empty();
        if new_store {
            let write = self.default_policy != Policy::reference();
            Ok((self.default_policy.clone(), write))
        } else {
            Ok((Policy::reference(), false))
        }
    }

    fn now(&self) -> Result<String> {
        let now = (self.clock)()?;
        if now.chars().any(char::is_control) {
            return Err(Error::invalid_input("the clock returned a string with control characters"));
        }
        Ok(now)
    }

    /// The index entry of a step, as the API shows it, from the index held in memory (all of it unless
    /// [`Self::is_paged`]; see [`Self::lookup_entry`]).
    pub fn entry(&self, step_id: i64) -> Option<IndexEntry> {
        self.index.get(step_id).map(IndexEntry::from)
    }

    /// The index entry of a step, whole (its identifiers included), wherever it is.
    pub async fn lookup_entry(&self, step_id: i64) -> Result<Option<IndexEntry>> {
        match self.find_entry(step_id).await? {
            Some(e) if self.paged && self.index.get(step_id).is_none() => {
                Ok(self.whole_index().await?.get(step_id).map(IndexEntry::from).or(Some(e)))
            }
            other => Ok(other),
        }
    }

    /// The hot projection of an indexed step (see [`crate::folded_step`]); computed from its index entry.
    pub async fn folded_step(&self, step_id: i64) -> Result<FoldedStep> {
        let entry = self
            .find_entry(step_id)
            .await?
            .ok_or_else(|| Error::new(ErrorCode::NodeNotFound, format!("Step {step_id} not found in recall index.")))?;
        Ok(folded_step(&entry))
    }

    /// The hot projections of the newest `limit` steps (all without a limit), newest (highest step id) first.
    pub async fn folded_steps(&self, limit: Option<usize>) -> Result<Vec<FoldedStep>> {
        let held = self.index.entries_by_step();
        let mut entries: Vec<IndexEntry> = held.iter().rev().take(limit.unwrap_or(usize::MAX)).map(IndexEntry::from).collect();
        if let (Some(view), true) = (&self.view, self.paged) {
            match view.last_entries(&self.storage, limit).await {
                Ok(paged) => entries.extend(paged.iter().map(|e| e.to_index_entry())),
                Err(_) => {
                    let whole = self.whole_index().await?;
                    let all = whole.entries_by_step();
                    return Ok(all.iter().rev().take(limit.unwrap_or(usize::MAX)).map(|e| folded_step(&IndexEntry::from(e))).collect());
                }
            }
            entries.sort_by(|a, b| b.step_id.cmp(&a.step_id));
            entries.dedup_by_key(|e| e.step_id);
            entries.truncate(limit.unwrap_or(usize::MAX));
        }
        Ok(entries.iter().map(folded_step).collect())
    }

    /// Tokens of a text by the counter this store was opened with (the reference's `len // 4` by default).
    pub fn count_tokens(&self, text: &str) -> Result<i64> {
        (self.token_counter)(text)
    }

    /// The longest prefix of `text` (whole code points) with at most `max` tokens by this store's counter (binary
    /// search: the counter is taken to grow with the text).
    fn prefix_within(&self, text: &str, max: i64) -> Result<String> {
        let ends: Vec<usize> = text.char_indices().map(|(i, c)| i + c.len_utf8()).collect();
        let (mut lo, mut hi) = (0usize, ends.len());
        while lo < hi {
            let mid = (lo + hi).div_ceil(2);
            if self.count_tokens(&text[..ends[mid - 1]])? <= max {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        Ok(text[..if lo == 0 { 0 } else { ends[lo - 1] }].to_string())
    }

    /// Fold one turn (spec §5): write the cold node, then the index (or a journal line). A duplicate step id
    /// writes nothing. If the index write fails, the cold node just written is undone, so the store is as it was.
    pub async fn fold(&mut self, input: FoldInput) -> Result<FoldOutcome> {
        let mut outcomes = self.fold_many(vec![input]).await?;
        outcomes.pop().ok_or_else(|| Error::invalid_input("fold: nothing to fold"))
    }

    /// Fold many turns with one index write: all of them, or (on any error) none. An input without a step id gets
    /// the next one: one more than the highest step id in the store (1 in an empty store), decided under the
    /// store's write lock, so writers in several processes get distinct ids in the order they write.
    pub async fn fold_many(&mut self, inputs: Vec<FoldInput>) -> Result<Vec<FoldOutcome>> {
        let locked = self.lock().await?;
        let result = self.fold_many_locked(inputs).await;
        self.unlock(locked).await;
        result
    }

    async fn fold_many_locked(&mut self, inputs: Vec<FoldInput>) -> Result<Vec<FoldOutcome>> {
        self.settle_journal().await?;
        // A new store (no index file, nothing journaled yet) gets its `created_at` from its first fold. (Paged, the
        // tail may lack it while the journal's header, under the pages, has it.)
        let brand_new = |cf: &Self| !cf.index_on_disk && !cf.index.has_top("created_at") && (!cf.paged || cf.journal.records == 0);
        let index_was_new = brand_new(self);
        // (step, key, what the key held before) of every node written, to undo them on failure.
        let mut written: Vec<(i64, String, Option<Vec<u8>>)> = Vec::new();
        let mut outcomes = Vec::with_capacity(inputs.len());
        // The journal lines of the folds (`Record::Fold`), written as each entry is made.
        let mut lines = Vec::new();
        let mut line_count = 0;
        let mut policy: Option<Policy> = None;
        let mut wrote_policy = false;
        let result: Result<()> = async {
            let mut total = 0usize;
            for input in &inputs {
                let bytes = limits::fold_input_bytes(input);
                self.limits.check_payload(bytes, "fold")?;
                total = total.saturating_add(bytes);
            }
            self.limits.check_batch(total, "foldMany")?;
            for mut input in inputs {
                let step_id = match input.step_id {
                    Some(id) => id,
                    None => {
                        // Folds earlier in this batch are in the index already, so they count too.
                        let next = self.max_step().map_or(Some(1), |m| m.checked_add(1));
                        let id = next.filter(|&n| n <= MAX_AUTO_STEP_ID).ok_or_else(|| {
                            Error::invalid_input("fold: no step id left after the highest one in the store")
                        })?;
                        input.step_id = Some(id);
                        id
                    }
                };
                // The duplicate's entry is reported whole (with its identifiers, which pages do not hold).
                if let Some(entry) = self.lookup_entry(step_id).await? {
                    outcomes.push(FoldOutcome::Duplicate { folded_step: folded_step(&entry), entry });
                    continue;
                }
                if policy.is_none() {
                    let (p, write) = self.fold_policy().await?;
                    if write {
                        self.storage
                            .save(store::POLICY_KEY, &p.to_file_bytes())
                            .await
                            .map_err(|e| storage_context(e, "cannot write the policy file"))?;
                        wrote_policy = true;
                    }
                    policy = Some(p);
                }
                self.limits.check_index_entries(self.entry_count() + 1)?;
                let (node, literals) = self.make_node(input, policy.as_ref().unwrap_or(&self.default_policy))?;
                let key = store::cold_node_key(node.step_id);
                // An unindexed file may already sit at this key (an orphan): an undone fold must put it back.
                let previous = self.storage.load(&key).await.map_err(|e| storage_context(e, "cannot read the cold node"))?;
                // The file's megabyte literals go to the storage as they are (fast-fold), not copied into it first.
                #[cfg(fast_fold)]
                let saved = self.storage.save_parts(&key, &node.file_in_pieces(&literals).parts()).await;
                #[cfg(not(fast_fold))]
                let saved = self.storage.save(&key, &node.write_json_with(true, Some(2), &literals)).await;
                saved.map_err(|e| storage_context(e, "cannot write the cold node"))?;
                let identifiers_json = literals.into_identifiers();
                written.push((node.step_id, key.clone(), previous));
                if brand_new(self) {
                    self.index = RecallIndex::new(&node.folded_at);
                }
                // The entry's identifiers stay the node's own (borrowed by the journal line and the index).
                let entry = node.index_entry_object_without_identifiers(&key);
                if self.journal.enabled {
                    lines.extend(journal::fold_line_with(&entry, &node.identifiers, identifiers_json.as_deref()));
                    line_count += 1;
                }
                self.index.insert_with_identifiers(node.step_id, entry, &node.identifiers);
                if self.index.get(node.step_id).is_none() {
                    return Err(Error::invalid_input("fold: the new entry is not in the index"));
                }
                // The record of the entry just made, from the node it was made of (what `folded_step` reads of an
                // entry is the node's own fields; its identifiers, which it does not read, are not copied).
                let step = folded_step(&IndexEntry {
                    step_id: node.step_id,
                    summary: node.summary.clone(),
                    file_path: Some(key.clone()),
                    identifiers: Vec::new(),
                    files: node.files.clone(),
                    commands: node.commands.clone(),
                    errors: node.errors.clone(),
                    token_estimate: node.token_estimate,
                    payload_sha256: node.payload_sha256.clone(),
                    projection_sha256: node.projection_sha256.clone(),
                    artifact_sha256: Some(node.artifact_sha256.clone()),
                    projection_version: node.projection_version.clone(),
                    folded_at: node.folded_at.clone(),
                    evicted: false,
                });
                outcomes.push(FoldOutcome::Folded { node, folded_step: step });
            }
            if written.is_empty() {
                return Ok(());
            }
            if self.journal.enabled {
                self.journal_append_lines(line_count, std::mem::take(&mut lines)).await
            } else {
                self.snapshot_fresh = false;
                let saved = self.storage.save(store::INDEX_KEY, &self.index.to_file_bytes()).await;
                self.note_index_written().await;
                saved.map_err(|e| storage_context(e, "cannot write the index (the fold was undone)"))?;
                self.index_on_disk = true;
                Ok(())
            }
        }
        .await;
        if let Err(e) = result {
            for (step_id, key, previous) in written.into_iter().rev() {
                self.index.remove(step_id);
                let _ = match previous {
                    Some(bytes) => self.storage.save(&key, &bytes).await,
                    None => self.storage.remove(&key).await,
                };
            }
            if index_was_new {
                // Drop the `created_at` of this failed attempt too: the next fold's `load_index()` makes its own.
                self.index = RecallIndex::default();
            }
            if wrote_policy {
                let _ = self.storage.remove(store::POLICY_KEY).await;
            }
            return Err(e);
        }
        if self.journal.enabled {
            self.maybe_auto_checkpoint().await;
        }
        Ok(outcomes)
    }

    /// The cold node of a turn (spec §5 steps 3–6): redaction when the policy asks for it (before anything is
    /// extracted or hashed), extraction, the three hashes, the clock and the token count.
    /// Also the JSON literals of its large texts, which its file is written with (see [`TextLiterals`]).
    fn make_node(&self, input: FoldInput, policy: &Policy) -> Result<(ColdNode, TextLiterals)> {
        let ruleset = policy.redaction()?;
        let input = match ruleset {
            Some(rules) => redact::sanitize(input, rules),
            None => input,
        };
        let FoldInput { step_id, summary, raw_content, session_id, files, commands, errors } = input;
        let step_id = step_id.ok_or_else(|| Error::invalid_input("fold: the step id was not assigned"))?;
        let payload = match raw_content {
            Some(raw) if !raw.is_empty() => raw,
            _ => summary.clone(),
        };
        let (mut payload_nfc, payload_is_ascii) = nfc_of_payload(&payload);
        let summary_nfc = nfc(&summary);
        let mut combined = String::with_capacity(summary_nfc.len() + 1 + payload_nfc.len());
        combined.push_str(&summary_nfc);
        combined.push('\n');
        combined.push_str(&payload_nfc);
        drop(summary_nfc);
        // `rstrip(payload_nfc)`, in place.
        let kept = rstrip(&payload_nfc).len();
        payload_nfc.truncate(kept);
        let normalized_content = payload_nfc;
        let files = files.unwrap_or_else(|| extract::files(&combined));
        let commands = commands.unwrap_or_else(|| extract::commands(&combined));
        let errors = errors.unwrap_or_else(|| extract::errors(&combined));
        // `combined` is in NFC as it is: two NFC texts joined by '\n', which nothing after it composes with.
        let identifiers = extract::identifiers_of_nfc(&combined);
        drop(combined);
        let payload_sha256 = identity::payload_sha256(&payload);
        let policy_hash = policy.hash();
        // The payload and its normalised form go into three documents (the two hash preimages and the file):
        // escaped once.
        let literals = literals_of_payload(&payload, &normalized_content, payload_is_ascii);
        // The identifiers' compact JSON, written once for the projection, the artifact and the journal line.
        #[cfg(fast_fold)]
        let literals = literals.with_identifiers(&identifiers);
        let projection = Projection {
            step_id,
            normalized_content: &normalized_content,
            identifiers: &identifiers,
            files: &files,
            commands: &commands,
            errors: &errors,
            folding_policy_hash: &policy_hash,
        };
        // Hashed in parts (fast-fold): the megabyte literals are not copied into the two preimages.
        #[cfg(fast_fold)]
        let projection_sha256 = projection.sha256_with(literals.normalized(), literals.identifiers());
        #[cfg(not(fast_fold))]
        let projection_sha256 = identity::sha256_hex(&projection.preimage_with(literals.normalized(), literals.identifiers()));
        let folded_at = self.now()?;
        let token_estimate = self.count_tokens(&payload)?.max(1);
        let mut node = ColdNode {
            step_id,
            summary,
            raw_content: payload,
            normalized_content,
            session_id: session_id.filter(|s| !s.is_empty()).unwrap_or_else(|| "default-session".into()),
            identifiers,
            files,
            commands,
            errors,
            token_estimate,
            payload_sha256,
            projection_sha256,
            artifact_sha256: String::new(),
            folded_at,
            ipcf_version: IPCF_VERSION.into(),
            projection_version: PROJECTION_VERSION.into(),
            sanitized: ruleset.is_some(),
            status: "cold".into(),
        };
        // Canonical JSON of the 17 other keys (spec §3.3).
        #[cfg(fast_fold)]
        {
            node.artifact_sha256 = node.artifact_sha256_with(&literals);
        }
        #[cfg(not(fast_fold))]
        {
            node.artifact_sha256 = identity::sha256_hex(&node.write_json_with(false, None, &literals));
        }
        Ok((node, literals))
    }

    /// Scan a prompt against the index (spec §7).
    pub async fn scan(&self, prompt: &str) -> Result<ScanResult> {
        self.scan_with(prompt, &TurnOptions::default()).await
    }

    /// [`Self::scan`] with a per-call turn budget and the steps already in context.
    pub async fn scan_with(&self, prompt: &str, options: &TurnOptions) -> Result<ScanResult> {
        self.select(prompt, options, scan::CandidateMode::All).await
    }

    /// [`Self::scan`] without the candidate list (`candidates_listed` is false): the same selection, found
    /// without enumerating every matching node (what `before_turn` uses every turn).
    pub async fn scan_selection(&self, prompt: &str) -> Result<ScanResult> {
        self.scan_selection_with(prompt, &TurnOptions::default()).await
    }

    /// [`Self::scan_selection`] with a per-call turn budget and the steps already in context.
    pub async fn scan_selection_with(&self, prompt: &str, options: &TurnOptions) -> Result<ScanResult> {
        self.select(prompt, options, scan::CandidateMode::None).await
    }

    /// A scan that lists the candidates as `candidates` says: every one (the reference's result), none (the
    /// selection alone), or the first `n` in display order (with how many match in all).
    pub async fn scan_listing(&self, prompt: &str, options: &TurnOptions, candidates: scan::CandidateMode) -> Result<ScanResult> {
        self.select(prompt, options, candidates).await
    }

    async fn select(&self, prompt: &str, options: &TurnOptions, candidates: scan::CandidateMode) -> Result<ScanResult> {
        self.limits.check_prompt(prompt.len(), "scan: prompt")?;
        let policy = self.policy().await?;
        let budget = match options.turn_budget {
            Some(b) => b,
            None => policy.max_tokens_per_turn()?,
        };
        let per_call = policy.max_tokens_per_call()?;
        // The policy's mode (an unknown one fails here, even on an empty store), else the caller's default.
        let mode = policy.selection()?.or(options.default_selection).unwrap_or_default();
        // ranked-v1 reads the whole index per prompt: a store above its ceiling gets the reference selection.
        if mode == Selection::RankedV1 && self.entry_count() <= rank::MAX_ENTRIES {
            return self.select_ranked(prompt, budget, per_call, &options.in_context, candidates).await;
        }
        #[cfg(ranked_v2)]
        if mode == Selection::RankedV2 {
            return self.select_ranked_v2(prompt, budget, per_call, &options.in_context, candidates).await;
        }
        let top = match candidates {
            scan::CandidateMode::All => usize::MAX,
            scan::CandidateMode::None => 0,
            scan::CandidateMode::Top(n) => n,
        };
        if self.paged {
            // Damaged pages (or any failure to read them) only cost time: the index is then read whole.
            if let Ok(result) = self.select_paged(prompt, budget, per_call, &options.in_context, top).await {
                return Ok(result);
            }
        }
        let scan_options = scan::ScanOptions { candidates, in_context: options.in_context.clone() };
        scan::scan_with(&*self.whole_index().await?, prompt, budget, per_call, scan_options)
    }

    /// Ranked selection ([`crate::rank`]) over the whole index (read for this call when the store is paged), with
    /// the contents of its pool read from the cold nodes (unverified: only for ranking; hydration verifies).
    async fn select_ranked(
        &self,
        prompt: &str,
        budget: i64,
        per_call: i64,
        in_context: &[i64],
        candidates: scan::CandidateMode,
    ) -> Result<ScanResult> {
        let index = self.whole_index().await?;
        let plan = rank::Plan::new(&index, prompt);
        let nodes: Vec<(i64, Option<String>)> =
            plan.pool().iter().map(|&step| (step, index.by_step(step).and_then(|e| e.file_path().map(|p| p.into_owned())))).collect();
        let contents = self.ranking_texts(&nodes).await;
        Ok(plan.finish(&contents, budget, per_call, in_context, candidates))
    }

    #[cfg(ranked_v2)]
    /// Paged ranking ([`crate::rank::v2`]): the postings of the prompt's forms, the entries of the preliminary
    /// candidates, the postings of the pool's sources, and the pool's contents; from the pages and the in-memory
    /// tail when paged, from the index in memory otherwise. No part of it reads the whole index.
    async fn select_ranked_v2(
        &self,
        prompt: &str,
        budget: i64,
        per_call: i64,
        in_context: &[i64],
        candidates: scan::CandidateMode,
    ) -> Result<ScanResult> {
        // `CF_RANK_TRACE=1`: the phases' times on stderr (native builds only: wasm has no clock here).
        #[cfg(not(target_arch = "wasm32"))]
        let trace = Some(std::time::Instant::now()).filter(|_| std::env::var_os("CF_RANK_TRACE").is_some());
        #[cfg(target_arch = "wasm32")]
        let trace: Option<std::time::Instant> = None;
        let ask = rank::v2::ask(prompt);
        let found = self.rank_forms(&ask.asked).await?;
        if let Some(t0) = trace { eprintln!("forms {:?} {} keys {} steps", t0.elapsed(), found.len(), found.values().map(|v| v.len()).sum::<usize>()); }
        let mut whole: BTreeMap<String, Vec<i64>> = BTreeMap::new();
        for term in &ask.whole {
            let mut steps = match self.index.term_id(term) {
                Some(id) => self.index.postings(id).to_vec(),
                None => Vec::new(),
            };
            if let (Some(view), true) = (&self.view, self.paged) {
                steps.extend(view.postings(&self.storage, term).await?);
            }
            steps.sort_unstable();
            steps.dedup();
            whole.insert(term.clone(), steps);
        }
        let mut plan = rank::Plan::paged(prompt, ask, &found, &whole, self.entry_count() as u64);
        if let Some(t0) = trace { eprintln!("plan {:?}", t0.elapsed()); }
        let mut paths: Vec<(i64, Option<String>)> = Vec::new();
        let entries = self.rank_entries(plan.prelim(), &mut paths).await?;
        if let Some(t0) = trace { eprintln!("entries {:?}", t0.elapsed()); }
        let sources = plan.with_entries(&entries);
        if let Some(t0) = trace { eprintln!("with_entries {:?}", t0.elapsed()); }
        let found = if plan.pool().is_empty() { rank::forms::Forms::new() } else { self.rank_forms(&sources).await? };
        let newer = self.rank_entries(&plan.sources(&found), &mut paths).await?;
        plan.with_newer(&found, &newer);
        if let Some(t0) = trace { eprintln!("sources {:?}", t0.elapsed()); }
        // Each pool step's file path: the last one found (the in-memory tail's entry over the pages').
        let nodes: Vec<(i64, Option<String>)> =
            plan.to_read().iter().map(|&step| (step, paths.iter().rev().find(|p| p.0 == step).and_then(|p| p.1.clone()))).collect();
        let contents = self.ranking_texts(&nodes).await;
        if let Some(t0) = trace { eprintln!("contents {:?}", t0.elapsed()); }
        let r = plan.finish(&contents, budget, per_call, in_context, candidates);
        if let Some(t0) = trace { eprintln!("finish {:?}", t0.elapsed()); }
        Ok(r)
    }

    #[cfg(ranked_v2)]
    /// The asked word forms' postings (see [`crate::rank::forms`]): the pages' (when paged) and the in-memory
    /// index's, whose forms are made once per change of it.
    async fn rank_forms(&self, asked: &rank::forms::Asked) -> Result<rank::forms::Forms> {
        let mut found = rank::forms::Forms::new();
        if let (Some(view), true) = (&self.view, self.paged) {
            match view.forms(&self.storage, asked).await? {
                Some(f) => found = f,
                None => {
                    // Pages without forms units: the forms of the whole index, read for this call.
                    rank::forms::answer(&rank::forms::of_index(&*self.whole_index().await?), asked, &mut found);
                    rank::forms::settle_found(&mut found);
                    return Ok(found);
                }
            }
        }
        memory_forms(&self.index, &self.rank_forms, asked, &mut found);
        Ok(found)
    }

    #[cfg(ranked_v2)]
    /// The entries of `steps` (token estimate, summary) as ranking needs them, from memory or the pages; their file
    /// paths go to `paths`.
    async fn rank_entries(&self, steps: &[i64], paths: &mut Vec<(i64, Option<String>)>) -> Result<BTreeMap<i64, (i64, String)>> {
        let mut out = BTreeMap::new();
        if steps.is_empty() {
            return Ok(out);
        }
        if let (Some(view), true) = (&self.view, self.paged) {
            for (step, e) in view.entries_for(&self.storage, steps).await? {
                paths.push((step, e.file_path.clone()));
                out.insert(step, (e.token_estimate, e.summary));
            }
        }
        for &step in steps {
            if let Some(e) = self.index.get(step) {
                paths.push((step, e.file_path().map(|p| p.into_owned())));
                out.insert(step, (e.token_estimate(), e.summary().to_string()));
            }
        }
        Ok(out)
    }

    /// The cold nodes' `raw_content` for ranking, by step (unverified: only for ranking; hydration verifies), given
    /// each step's `file_path`. Resolved and read in one batch each, as `validate` does (a host may serve a batch at
    /// once: the Node fs storage reads it synchronously, instead of a few promises per file): containment is the
    /// same rule ([`containment::check_canonical`] for an entry that names its canonical file, the full
    /// [`containment::resolve_cold_node_path`] otherwise). A node that is outside the store, missing or unreadable
    /// is left out (it is then ranked on its terms); a failed batch is retried one node at a time.
    #[cfg(ranked_v2)]
    async fn ranking_texts(&self, nodes: &[(i64, Option<String>)]) -> BTreeMap<i64, String> {
        let mut out = BTreeMap::new();
        if nodes.is_empty() {
            return out;
        }
        let keys: Vec<String> = nodes.iter().map(|n| store::cold_node_key(n.0)).collect();
        let resolved = match self.storage.resolve(store::COLD_NODE_DIR).await {
            Ok(dir) => self.storage.resolve_many(&keys).await.ok().filter(|r| r.len() == keys.len()).map(|r| (dir, r)),
            Err(_) => None,
        };
        let mut wanted: Vec<usize> = Vec::with_capacity(nodes.len());
        for (i, (step, path)) in nodes.iter().enumerate() {
            let contained = match &resolved {
                Some((dir, r)) if path.as_deref() == Some(keys[i].as_str()) => containment::check_canonical(*step, &keys[i], r[i].clone(), dir),
                _ => containment::resolve_cold_node_path(&self.storage, *step, path.as_deref()).await,
            };
            if contained.is_ok() {
                wanted.push(i);
            }
        }
        let want: Vec<String> = wanted.iter().map(|&i| keys[i].clone()).collect();
        let loaded: Vec<Option<Vec<u8>>> = match self.storage.load_many(&want).await {
            Ok(l) if l.len() == want.len() => l,
            _ => {
                let mut one = Vec::with_capacity(want.len());
                for k in &want {
                    one.push(self.storage.load(k).await.ok().flatten());
                }
                one
            }
        };
        for (&i, bytes) in wanted.iter().zip(loaded) {
            if let Some(text) = bytes.as_deref().and_then(rank::raw_content_of) {
                out.insert(nodes[i].0, text);
            }
        }
        out
    }

    /// [`Self::ranking_texts`] in the browser and bundler engines (`ranked-v1` only, for size): one node at a time.
    #[cfg(not(ranked_v2))]
    async fn ranking_texts(&self, nodes: &[(i64, Option<String>)]) -> BTreeMap<i64, String> {
        let mut out = BTreeMap::new();
        for (step, path) in nodes {
            if containment::resolve_cold_node_path(&self.storage, *step, path.as_deref()).await.is_err() {
                continue;
            }
            if let Some(text) = self.storage.load(&store::cold_node_key(*step)).await.ok().flatten().as_deref().and_then(rank::raw_content_of) {
                out.insert(*step, text);
            }
        }
        out
    }

    /// The selection from the pages and the tail: the postings of the query terms, the reference's picks over
    /// them, then the entries of the picks (cost, summary).
    async fn select_paged(&self, prompt: &str, budget: i64, per_call: i64, in_context: &[i64], top: usize) -> Result<ScanResult> {
        let Some(view) = &self.view else { return Err(Error::invalid_input("no pages")) };
        let query_terms = extract::scan_query_terms(prompt);
        let entries = self.entry_count();
        let mut result = scan::start(entries == 0, prompt, &query_terms, budget, per_call);
        if entries == 0 {
            return Ok(result);
        }
        let mut postings: Vec<(usize, Postings)> = Vec::new();
        for (i, term) in query_terms.iter().enumerate() {
            let held = self.term_cache.borrow().get(term).cloned();
            let paged = match held {
                Some(p) => p,
                None => {
                    let p = Postings::from_sorted(&view.postings(&self.storage, term).await?);
                    self.term_cache.borrow_mut().insert(term, p.clone());
                    p
                }
            };
            // The tail (journal records no segment covers yet) is in memory.
            let p = match self.index.term_id(term) {
                Some(id) if !self.index.postings(id).is_empty() => {
                    let mut steps = paged.to_vec();
                    steps.extend(self.index.postings(id).to_vec());
                    steps.sort_unstable();
                    steps.dedup();
                    Postings::from_sorted(&steps)
                }
                _ => paged,
            };
            if !p.is_empty() {
                postings.push((i, p));
            }
        }
        let terms: Vec<(usize, &Postings)> = postings.iter().map(|(i, p)| (*i, p)).collect();
        let (picks, residual) = scan::pick(&query_terms, &terms, entries);
        let (listed, total) = if top > 0 { scan::top_candidates(&query_terms, &terms, top) } else { (Vec::new(), 0) };
        // The entries of the picks and of the listed candidates, from memory or the pages (each block read once).
        let wanted: Vec<i64> = picks.iter().map(|p| p.0).chain(listed.iter().map(|c| c.0)).collect();
        let mut found: std::collections::HashMap<i64, (i64, String)> =
            view.entries_for(&self.storage, &wanted).await?.into_iter().map(|(s, e)| (s, (e.token_estimate, e.summary))).collect();
        for &step in &wanted {
            if let Some(e) = self.index.get(step) {
                found.insert(step, (e.token_estimate(), e.summary().to_string()));
            }
        }
        if top > 0 {
            for (step, matched) in listed {
                let summary = found.get(&step).map(|e| e.1.clone()).unwrap_or_default();
                result.candidates.push(scan::ScanCandidate { step_id: step, matched, summary });
            }
            result.candidates_listed = true;
            result.candidates_total = total as i64;
        }
        scan::admit(&mut result, picks, in_context, |step| found.get(&step).cloned());
        result.residual = residual;
        Ok(result)
    }

    /// Recall by query (spec §6).
    pub async fn recall(&self, query: &str) -> Result<Vec<RecallCandidate>> {
        self.limits.check_prompt(query.len(), "recall: query")?;
        Ok(recall::recall(&*self.whole_index().await?, query))
    }

    /// The stored cold node of a step, read exactly as hydrate reads it (path containment, then verification
    /// when the policy asks for it). Nothing is written.
    pub async fn node(&self, step_id: i64) -> Result<ColdNode> {
        let (node, _, _) = self.load_node(step_id).await?;
        Ok(ColdNode::from_object(&node))
    }

    /// Steps 1–3 of hydrate (spec §8): the entry (or why there is none), its contained path, the node as
    /// read (verified if the policy says so), its resolved path for messages, and the policy in force.
    async fn load_node(&self, step_id: i64) -> Result<(BTreeMap<String, Value>, String, Policy)> {
        // What hydrate needs of the entry: its file path and the artifact hash (as the index holds it).
        let located = match self.index.get(step_id) {
            Some(e) => Some((e.file_path().map(|p| p.into_owned()), e.get("artifact_sha256"))),
            None => self.find_entry(step_id).await?.map(|e| (e.file_path, e.artifact_sha256.map(Value::Str))),
        };
        let Some((file_path, artifact)) = located else {
            let key = store::cold_node_key(step_id);
            return Err(if self.storage.load(&key).await?.is_some() {
                Error::new(
                    ErrorCode::OrphanedNode,
                    format!(
                        "Step {step_id} exists on disk as an orphaned cold node but is not indexed in recall_index. \
                         (CONF-12 Scenario A)"
                    ),
                )
            } else {
                Error::new(ErrorCode::NodeNotFound, format!("Step {step_id} not found in recall index. (CONF-10)"))
            });
        };
        let policy = self.policy().await?;
        let path = containment::resolve_cold_node_path(&self.storage, step_id, file_path.as_deref()).await?;
        let key = store::cold_node_key(step_id);
        let node = if policy.integrity_verification()? {
            let expected = artifact.ok_or_else(|| {
                Error::new(
                    ErrorCode::IntegrityCheck,
                    format!("Step {step_id}: Missing artifact_sha256 in recall_index node metadata."),
                )
            })?;
            validate::verify_artifact(&self.storage, &key, &path, Some(&expected)).await?
        } else {
            validate::load_node_unverified(&self.storage, &key, &path).await?
        };
        Ok((node, path, policy))
    }

    /// A node read (verified as the policy asks, [`Self::load_node`]), its raw content taken out of it: what
    /// `hydrate` and the excerpts of a turn read.
    async fn load_raw(&self, step_id: i64) -> Result<(String, BTreeMap<String, Value>, Policy)> {
        let (mut node, path, policy) = self.load_node(step_id).await?;
        match node.remove("raw_content") {
            Some(Value::Str(raw)) => Ok((raw, node, policy)),
            _ => Err(Error::new(ErrorCode::IntegrityCheck, format!("Cold node file has no string raw_content: {path}"))),
        }
    }

    /// Hydrate one node, verified and bounded (spec §8).
    pub async fn hydrate(&self, step_id: i64) -> Result<Hydrated> {
        let (raw_content, node, policy) = self.load_raw(step_id).await?;
        let cap = policy.max_tokens_per_call()?;
        let mut content = raw_content.clone();
        let mut token_estimate = self.count_tokens(&content)?.max(1);
        let mut truncated = false;
        if token_estimate > cap {
            content = python_prefix(&content, cap.saturating_mul(4));
            token_estimate = cap;
            truncated = true;
            // The reference cuts `cap × 4` code points, which hold exactly `cap` tokens by its own counter; a custom
            // counter may find more there, so cut on to the longest prefix it puts within the cap.
            if cap > 0 && self.count_tokens(&content)? > cap {
                content = self.prefix_within(&content, cap)?;
            }
        }
        Ok(Hydrated {
            step_id,
            content,
            raw_content,
            token_estimate,
            truncated,
            cap,
            payload_sha256: text_field(&node, "payload_sha256"),
            artifact_sha256: text_field(&node, "artifact_sha256"),
            summary: text_field(&node, "summary"),
            scope: policy.display("scope", "single_turn"),
            eviction_trigger: policy.display("eviction_trigger", "after_response"),
        })
    }

    /// Mark a node evicted and log the event (spec §11). Nothing is deleted.
    pub async fn evict(&mut self, step_id: i64) -> Result<Eviction> {
        let locked = self.lock().await?;
        let result = self.evict_locked(step_id).await;
        self.unlock(locked).await;
        result
    }

    async fn evict_locked(&mut self, step_id: i64) -> Result<Eviction> {
        let Some(entry) = self.find_entry(step_id).await? else {
            return Err(Error::new(ErrorCode::NodeNotFound, format!("Step {step_id} not found in recall index.")));
        };
        let was_evicted = entry.evicted;
        self.settle_journal().await?;
        let evicted_at = self.now()?;
        if self.journal.enabled {
            self.index.mark_evicted(step_id);
            let record = Record::Evict { step_id, evicted_at: evicted_at.clone() };
            if let Err(e) = self.journal_append(&[record]).await {
                self.index.set_evicted(step_id, was_evicted);
                return Err(e);
            }
            self.journal.pending_evictions.push((step_id, evicted_at.clone()));
            self.maybe_auto_checkpoint().await;
            return Ok(Eviction { step_id, evicted_at });
        }
        let mut log = self.load_eviction_log().await?;
        self.index.mark_evicted(step_id);
        self.snapshot_fresh = false;
        let saved = self.storage.save(store::INDEX_KEY, &self.index.to_file_bytes()).await;
        self.note_index_written().await;
        if let Err(e) = saved {
            self.index.set_evicted(step_id, was_evicted);
            return Err(storage_context(e, "cannot write the index"));
        }
        log.append(step_id, &evicted_at);
        if let Err(e) = self.storage.save(store::EVICTION_LOG_KEY, &log.to_file_bytes()).await {
            self.index.set_evicted(step_id, was_evicted);
            let _ = self.storage.save(store::INDEX_KEY, &self.index.to_file_bytes()).await;
            self.note_index_written().await;
            return Err(storage_context(e, "cannot write the eviction log (the eviction was undone)"));
        }
        Ok(Eviction { step_id, evicted_at })
    }

    /// pre_turn_dispatch: scan the prompt, then hydrate every selected node (CONF-13).
    pub async fn before_turn(&self, prompt: &str) -> Result<Turn> {
        self.before_turn_with(prompt, &TurnOptions::default()).await
    }

    /// [`Self::before_turn`] with a per-call turn budget and the steps already in context (not hydrated again).
    pub async fn before_turn_with(&self, prompt: &str, options: &TurnOptions) -> Result<Turn> {
        let scan = self.scan_selection_with(prompt, options).await?;
        let mut hydrated = Vec::with_capacity(scan.selected.len());
        for pick in &scan.selected {
            hydrated.push(self.hydrate(pick.step_id).await?);
        }
        #[allow(unused_mut)]
        let mut blocks: Vec<String> = hydrated.iter().map(|h| format!("[ContextFold: step {}]\n{}", h.step_id, h.content)).collect();
        #[allow(unused_mut)]
        let mut tokens = hydrated.iter().fold(0i64, |sum, h| sum.saturating_add(h.token_estimate));
        #[allow(unused_mut)]
        let mut excerpts = Vec::new();
        #[cfg(ranked_v2)]
        if !scan.related.is_empty() {
            // (What the host's cap leaves for the excerpts: the hydrated steps whole, each under a header with its
            // whole summary.)
            let chars = options.max_chars.map(|cap| cap.saturating_sub(hydrated.iter().map(|h| utf16_len(&h.content) + utf16_len(&h.summary) + rank::excerpt::HEADER_CHARS).sum()));
            excerpts = self.excerpts(&scan.related, scan.budget_limit.saturating_sub(tokens), chars).await?;
            for e in &excerpts {
                let numbers = e.lines.iter().map(|l| l.number.to_string()).collect::<Vec<_>>().join(", ");
                let lines = e.lines.iter().map(|l| l.text.as_str()).collect::<Vec<_>>().join("\n");
                blocks.push(format!("[ContextFold: step {}, lines {numbers} of {}]\n{lines}", e.step_id, e.line_count));
                tokens = tokens.saturating_add(e.token_estimate);
            }
        }
        let context = blocks.join("\n\n");
        Ok(Turn { scan, hydrated, context, excerpts, tokens })
    }

    /// The lines `related` names, read from each node's verified content (a node that does not verify is left
    /// out), as long as they fit in `room` tokens: the first that does not fit ends them. With `chars`, what the
    /// host's cap on its text leaves for them, each then shows the lines around its best ones too
    /// ([`rank::excerpt::around`]), in order, where they fit in both (one that does not stays as it is; a later,
    /// shorter one may still widen).
    #[cfg(ranked_v2)]
    async fn excerpts(&self, related: &[scan::ScanRelated], mut room: i64, chars: Option<i64>) -> Result<Vec<scan::Excerpt>> {
        let mut out = Vec::new();
        let mut contents: Vec<String> = Vec::new();
        for r in related {
            // (The verified content only: not `hydrate`, which also counts the tokens of all of it and cuts it to the cap.)
            let Ok((raw_content, node, _)) = self.load_raw(r.step_id).await else { continue };
            let all: Vec<&str> = raw_content.lines().collect();
            let lines = excerpt_lines(&all, &r.lines);
            if lines.is_empty() {
                continue;
            }
            let token_estimate = self.count_tokens(&joined(&lines))?.max(1);
            if token_estimate > room {
                break;
            }
            room -= token_estimate;
            let line_count = all.len() as i64;
            out.push(scan::Excerpt { step_id: r.step_id, summary: r.summary.clone(), lines, line_count, token_estimate, payload_sha256: text_field(&node, "payload_sha256") });
            contents.push(raw_content);
        }
        let Some(chars) = chars else { return Ok(out) };
        let mut chars_left = chars.saturating_sub(out.iter().map(|e| excerpt_chars(e)).sum());
        for (e, content) in out.iter_mut().zip(&contents) {
            let all: Vec<&str> = content.lines().collect();
            let shown: Vec<u32> = e.lines.iter().map(|l| (l.number - 1) as u32).collect();
            let lines = excerpt_lines(&all, &rank::excerpt::around(&shown, all.len()));
            let token_estimate = self.count_tokens(&joined(&lines))?.max(1);
            let wider = scan::Excerpt { lines, token_estimate, ..e.clone() };
            let (more_tokens, more_chars) = (token_estimate - e.token_estimate, excerpt_chars(&wider) - excerpt_chars(e));
            if more_tokens > room || more_chars > chars_left {
                continue;
            }
            room -= more_tokens;
            chars_left -= more_chars;
            *e = wider;
        }
        Ok(out)
    }

    /// post_turn_response: evict every node the turn hydrated (CONF-07).
    pub async fn after_response(&mut self, turn: &Turn) -> Result<Vec<Eviction>> {
        let mut out = Vec::with_capacity(turn.hydrated.len());
        for h in &turn.hydrated {
            out.push(self.evict(h.step_id).await?);
        }
        Ok(out)
    }

    /// Counts and the node list (spec §12).
    pub async fn status(&self) -> Result<Status> {
        let policy = self.policy().await?;
        let index = self.whole_index().await?;
        let mut status = Status {
            total: index.len() as i64,
            active: 0,
            evicted: 0,
            total_tokens: 0,
            storage_dir: store::display_path(&self.storage, store::FOLD_DIR),
            index_path: store::display_path(&self.storage, store::INDEX_KEY),
            policy_version: policy.display("policy_version", "1.1"),
            max_tokens_per_call: policy.display("max_rehydration_tokens_per_call", "3000"),
            scope: policy.display("scope", "single_turn"),
            eviction_trigger: policy.display("eviction_trigger", "after_response"),
            nodes: Vec::new(),
        };
        for e in index.entries_by_step() {
            let evicted = e.evicted();
            status.evicted += i64::from(evicted);
            status.total_tokens = status.total_tokens.saturating_add(e.token_estimate());
            status.nodes.push(StatusNode {
                step_id: e.step_id,
                token_estimate: e.token_estimate(),
                evicted,
                summary: e.summary().to_string(),
            });
        }
        status.active = status.total - status.evicted;
        Ok(status)
    }

    /// Audit every entry and look for orphans (spec §13); then (ours) check the index, every indexed cold node, the
    /// policy file and the eviction log against our JSON Schemas (`schemaViolations`), and say whether
    /// [`Self::repair`] would fix what failed (`repairable`). `ok` stays the reference's verdict.
    pub async fn validate(&self) -> Result<Validation> {
        self.validate_with(None::<&validate::Nowhere>).await
    }

    /// [`Self::validate`], with batches of entries audited by `elsewhere` (e.g. a thread with an engine of its own over
    /// the same store) while this engine audits the others: the same result, sooner on more cores.
    pub async fn validate_with(&self, elsewhere: Option<&impl validate::CheckElsewhere>) -> Result<Validation> {
        if let Some(e) = elsewhere.filter(|_| self.entry_count() >= validate::MIN_ENTRIES_ELSEWHERE) {
            e.prepare();
        }
        let policy = self.policy().await?;
        #[cfg(read_in_place)]
        let index = self.index_to_audit().await?;
        #[cfg(not(read_in_place))]
        let index = self.whole_index().await?;
        let mut v = validate::validate(&self.storage, &index, policy.integrity_verification()?, elsewhere).await?;
        let mut found = Vec::new();
        for (key, schema_kind) in [(store::POLICY_KEY, schema::Schema::HydrationPolicy), (store::EVICTION_LOG_KEY, schema::Schema::EvictionLog)] {
            if let Some(bytes) = self.storage.load(key).await? {
                validate::schema_check_file(key, &bytes, schema_kind, &mut found);
            }
        }
        v.schema_violations.extend(found);
        v.schema_violations.sort_by(|a, b| a.file.cmp(&b.file).then_with(|| a.path.cmp(&b.path)));
        v.repairable = !v.problems.is_empty()
            || v.schema_violations.iter().any(|s| s.file != store::POLICY_KEY);
        Ok(v)
    }

    /// Repair the store (see [`crate::repair`]): index verified orphans, rebuild a lost or damaged index from the
    /// cold nodes, move what does not verify into `.contextfold/quarantine/`, never delete a cold node. Runs under
    /// the store's write lock, then reads the repaired store.
    pub async fn repair(&mut self) -> Result<RepairReport> {
        let locked = if self.storage.can_lock() {
            self.storage.lock(store::LOCK_KEY).await.map_err(|e| storage_context(e, "cannot lock the store"))?;
            true
        } else {
            false
        };
        let result = async {
            let mut policies: Vec<Policy> = Vec::new();
            if let Some(p) = &self.policy_override {
                policies.push(p.clone());
            }
            if let Ok(Some(bytes)) = self.storage.load(store::POLICY_KEY).await {
                if let Ok(p) = Policy::from_file_bytes(&bytes) {
                    policies.push(p);
                }
            }
            policies.extend([self.default_policy.clone(), Policy::reference(), Policy::safe_default()]);
            let now = self.now()?;
            repair::repair(&self.storage, &policies, &now).await
        }
        .await;
        self.unlock(locked).await;
        let report = result?;
        self.prefer_full = false;
        self.reload().await?;
        Ok(report)
    }
}

/// Repair a store that may not open (its index damaged): [`ContextFold::repair`] without an open instance.
/// `options` give the clock and the policies a node may have been folded under.
pub async fn repair_store<S: Storage>(storage: S, options: Options) -> Result<RepairReport> {
    let placeholder = Options { clock: options.clock, policy: options.policy, default_policy: options.default_policy, ..Options::default() };
    // Open over an empty view of the store is not possible when its index is damaged, so the instance is made by
    // hand: nothing is read until `repair` has rebuilt the files.
    let clock = match placeholder.clock {
        Some(c) => c,
        #[cfg(not(target_arch = "wasm32"))]
        None => Box::new(system_clock),
        #[cfg(target_arch = "wasm32")]
        None => return Err(Error::invalid_input("a clock is required on this target")),
    };
    let mut cf = ContextFold {
        storage,
        index: RecallIndex::default(),
        index_on_disk: false,
        clock,
        token_counter: Box::new(|t| Ok(reference_token_count(t))),
        policy_override: placeholder.policy.map(|raw| Policy { raw }),
        default_policy: placeholder.default_policy.unwrap_or_else(Policy::safe_default),
        journal: JournalState::default(),
        snapshot_fresh: false,
        index_version: None,
        view: None,
        paged: false,
        prefer_full: false,
        term_cache: std::cell::RefCell::new(pages::TermCache::default()),
        rank_forms: std::cell::RefCell::new(None),
        limits: options.limits,
    };
    cf.repair().await
}

/// Bytes per chunk when the index or its snapshot is written or read in chunks.
const WRITE_CHUNK: usize = 4 << 20;
const READ_CHUNK: usize = 1 << 20;

/// The index from its snapshot, if there is one written for `recall_index.json` exactly as it is now. Anything
/// else (no snapshot, another version, damage, a read error) is `None`: the caller parses the JSON.
async fn load_snapshot<S: Storage>(storage: &S, mode: LoadMode) -> Option<RecallIndex> {
    if !storage.can_version() {
        return None;
    }
    let version = storage.version(store::INDEX_KEY).await.ok()??;
    let mut reader = snapshot_reader(&version, mode);
    if storage.can_load_range() {
        let mut offset = 0u64;
        loop {
            let chunk = storage.load_range(store::SNAPSHOT_KEY, offset, READ_CHUNK).await.ok()??;
            reader.feed(&chunk)?;
            if chunk.len() < READ_CHUNK {
                break;
            }
            offset += chunk.len() as u64;
        }
    } else {
        reader.feed(&storage.load(store::SNAPSHOT_KEY).await.ok()??)?;
    }
    reader.finish()
}

/// The snapshot reader for `mode`: [`LoadMode::Audit`] leaves the postings out.
#[cfg(read_in_place)]
fn snapshot_reader(version: &str, mode: LoadMode) -> snapshot::Reader {
    if mode == LoadMode::Audit {
        snapshot::Reader::without_postings(version)
    } else {
        snapshot::Reader::new(version)
    }
}

#[cfg(not(read_in_place))]
fn snapshot_reader(version: &str, _: LoadMode) -> snapshot::Reader {
    snapshot::Reader::new(version)
}

/// What [`load_state`] read.
struct Loaded {
    /// The whole index, or (when `paged`) the journal's tail after the pages' segments.
    index: RecallIndex,
    /// Whether `recall_index.json` exists.
    on_disk: bool,
    journal: JournalState,
    /// Whether the index came from a current snapshot.
    snapshot_fresh: bool,
    index_version: Option<String>,
    view: Option<PagedView>,
    paged: bool,
}

/// The store's state: paged (the pages' view, and the journal after its segments) when `mode` allows it and the
/// store has current pages; else `recall_index.json` (from its snapshot when that is current) with the journal
/// replayed over it. Replaying is idempotent: a fold already in the index is skipped, an eviction only sets a flag
/// that may already be set.
async fn load_state<S: Storage>(storage: &S, mode: LoadMode, limits: &Limits) -> Result<Loaded> {
    // The version is read before the file, so a rewrite in between makes the next write reload again (safe),
    // never the other way round. A version the storage cannot give only costs a reload at the next write.
    let index_version = if storage.can_version() { storage.version(store::INDEX_KEY).await.ok().flatten() } else { None };
    #[cfg(read_in_place)]
    let whole = matches!(mode, LoadMode::Strict | LoadMode::Audit);
    #[cfg(not(read_in_place))]
    let whole = mode == LoadMode::Strict;
    let can_page = !whole && storage.can_version() && storage.can_load_range();
    let view = if can_page {
        PagedView::open(storage, index_version.as_deref(), index_version.is_some()).await.ok().flatten()
    } else {
        None
    };
    if mode == LoadMode::Paged {
        if let Some(view) = &view {
            if let Some(loaded) = load_tail(storage, view, &index_version).await? {
                return Ok(Loaded { view: Some(view.clone()), ..loaded });
            }
        }
    }
    let (index, on_disk, snapshot_fresh) = match load_snapshot(storage, mode).await {
        Some(index) => (index, true, true),
        None => {
            let bytes = storage.load(store::INDEX_KEY).await.map_err(|e| storage_context(e, "cannot read the index"))?;
            match bytes {
                Some(b) => {
                    limits.check_index_bytes(b.len(), "recall_index.json")?;
                    (RecallIndex::from_file_bytes(&b)?, true, false)
                }
                None => (RecallIndex::default(), false, false),
            }
        }
    };
    let mut loaded =
        Loaded { index, on_disk, journal: JournalState::default(), snapshot_fresh, index_version, view, paged: false };
    let Some(bytes) = storage.load(store::JOURNAL_KEY).await.map_err(|e| storage_context(e, "cannot read the journal"))?
    else {
        return Ok(loaded);
    };
    limits.check_index_bytes(bytes.len(), "recall_index.journal")?;
    let complete = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    // A torn last line (an append cut short) must not be appended to: checkpoint before the next write.
    loaded.journal.suspect = complete < bytes.len();
    loaded.journal.bytes_read = complete as u64;
    loaded.journal.last_line = last_line(&bytes[..complete]).to_vec();
    journal::check_tail(&bytes[complete..])?;
    let records = journal::parse(&bytes[..complete])?;
    apply_records(&mut loaded.index, on_disk, &mut loaded.journal, records);
    Ok(loaded)
}

/// The paged state over `view`: the journal after its segments, read into a small index. `None` when the journal
/// no longer reaches the segments' end (then the caller reads the index whole).
async fn load_tail<S: Storage>(storage: &S, view: &PagedView, index_version: &Option<String>) -> Result<Option<Loaded>> {
    let covered = view.covered();
    let bytes = read_from(storage, store::JOURNAL_KEY, covered).await.map_err(|e| storage_context(e, "cannot read the journal"))?;
    let bytes = match bytes {
        Some(b) => b,
        None if covered == 0 => Vec::new(),
        None => return Ok(None),
    };
    let complete = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    if journal::check_tail(&bytes[complete..]).is_err() {
        return Ok(None);
    }
    let Ok(records) = journal::parse(&bytes[..complete]) else { return Ok(None) };
    let on_disk = index_version.is_some();
    let last = if complete > 0 {
        last_line(&bytes[..complete]).to_vec()
    } else if covered > 0 {
        last_line_before(storage, covered).await.map_err(|e| storage_context(e, "cannot read the journal"))?
    } else {
        Vec::new()
    };
    let mut journal = JournalState {
        suspect: complete < bytes.len(),
        bytes_read: covered + complete as u64,
        last_line: last,
        records: view.covered_records() as usize,
        ..JournalState::default()
    };
    let mut index = RecallIndex::default();
    apply_records(&mut index, on_disk, &mut journal, records);
    Ok(Some(Loaded {
        index,
        on_disk,
        journal,
        snapshot_fresh: true,
        index_version: index_version.clone(),
        view: None,
        paged: true,
    }))
}

/// Replay journal records over the index (idempotent: a fold already indexed is skipped).
fn apply_records(index: &mut RecallIndex, on_disk: bool, journal: &mut JournalState, records: Vec<Record>) {
    for record in records {
        journal.records += 1;
        match record {
            Record::Header { base_evictions, created_at } => {
                journal.base_evictions = base_evictions;
                if let Some(created_at) = created_at.filter(|_| !on_disk && !index.has_top("created_at")) {
                    *index = RecallIndex::new(&created_at);
                }
            }
            Record::Fold { step_id, entry } => {
                if index.get(step_id).is_none() {
                    index.insert(step_id, entry);
                }
            }
            Record::Evict { step_id, evicted_at } => {
                index.mark_evicted(step_id);
                journal.pending_evictions.push((step_id, evicted_at));
            }
        }
    }
}

#[cfg(ranked_v2)]
/// The asked forms of the in-memory index merged into `found`: its forms are made once per change of it (`held`).
#[allow(clippy::type_complexity)]
fn memory_forms(
    index: &RecallIndex,
    held: &std::cell::RefCell<Option<((usize, Option<i64>, usize), std::rc::Rc<rank::forms::Forms>)>>,
    asked: &rank::forms::Asked,
    found: &mut rank::forms::Forms,
) {
    if index.is_empty() {
        return;
    }
    let print = (index.len(), index.max_step(), index.interned());
    let cached = held.borrow().as_ref().filter(|(p, _)| *p == print).map(|(_, f)| f.clone());
    let forms = cached.unwrap_or_else(|| {
        let f = std::rc::Rc::new(rank::forms::of_index(index));
        *held.borrow_mut() = Some((print, f.clone()));
        f
    });
    rank::forms::answer(&forms, asked, found);
    rank::forms::settle_found(found);
}

/// Everything stored under `key` from `offset` on, read in chunks (`None` if the key is missing).
async fn read_from<S: Storage>(storage: &S, key: &str, offset: u64) -> Result<Option<Vec<u8>>> {
    let mut out = Vec::new();
    let mut at = offset;
    loop {
        let Some(chunk) = storage.load_range(key, at, READ_CHUNK).await? else {
            return Ok(if at == offset { None } else { Some(out) });
        };
        at += chunk.len() as u64;
        let done = chunk.len() < READ_CHUNK;
        out.extend_from_slice(&chunk);
        if done {
            return Ok(Some(out));
        }
    }
}

/// Python `s[:stop]` in code points, including a negative `stop` (counted from the end).
fn python_prefix(s: &str, stop: i64) -> String {
    let len = s.chars().count() as i64;
    let keep = if stop < 0 { (len + stop).max(0) } else { stop.min(len) };
    s.chars().take(keep as usize).collect()
}

/// A payload's NFC, and whether the payload is ASCII. An ASCII payload (the usual megabyte) is its own NFC: found 32
/// bytes an iteration and copied (the node keeps both texts), instead of `nfc` testing eight at a time (fast-fold).
fn nfc_of_payload(payload: &str) -> (String, bool) {
    #[cfg(fast_fold)]
    if crate::text::swar::is_ascii(payload.as_bytes()) {
        return (payload.to_owned(), true);
    }
    (nfc(payload), false)
}

/// The JSON literals of a payload and its normalised content. Of an ASCII payload (fast-fold), the normalised
/// content is the payload unless `rstrip` cut it, and the lengths say which: no megabyte compare.
#[cfg_attr(not(fast_fold), allow(unused_variables))]
fn literals_of_payload(payload: &str, normalized: &str, payload_is_ascii: bool) -> TextLiterals {
    #[cfg(fast_fold)]
    if payload_is_ascii {
        return TextLiterals::of_known(payload, normalized, normalized.len() == payload.len());
    }
    TextLiterals::of(payload, normalized)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utc_format() {
        assert_eq!(format_utc(0), "1970-01-01T00:00:00Z");
        assert_eq!(format_utc(1_767_225_600), "2026-01-01T00:00:00Z");
        assert_eq!(format_utc(951_782_400 + 86_399), "2000-02-29T23:59:59Z");
    }

    #[test]
    fn python_slices() {
        assert_eq!(python_prefix("abcdef", 4), "abcd");
        assert_eq!(python_prefix("abcdef", -4), "ab");
        assert_eq!(python_prefix("ab", -4), "");
        assert_eq!(python_prefix("ab", 0), "");
    }
}

/// A text field of a cold node's object ("" when it has none, as [`ColdNode::from_object`] reads it).
fn text_field(node: &BTreeMap<String, Value>, key: &str) -> String {
    node.get(key).and_then(Value::as_str).unwrap_or("").to_string()
}

/// The numbered lines (0-based numbers, ascending) of a content's lines, each cut to [`scan::EXCERPT_LINE_CHARS`]
/// (one that says what went wrong to [`scan::FAILURE_LINE_CHARS`]).
#[cfg(ranked_v2)]
fn excerpt_lines(all: &[&str], numbers: &[u32]) -> Vec<scan::ExcerptLine> {
    // (`recall45`: a line that says what went wrong keeps more: a driver or a controller puts the cause last, after the
    // operation and the address it failed on.)
    // (Only a line the shorter cut would cut is looked at: a minified bundle is one line.)
    let max = |t: &str| if t.len() > scan::EXCERPT_LINE_CHARS && rank::excerpt::says_what_failed(t) { scan::FAILURE_LINE_CHARS } else { scan::EXCERPT_LINE_CHARS };
    numbers.iter().filter_map(|&k| all.get(k as usize).map(|t| scan::ExcerptLine { number: i64::from(k) + 1, text: cut_line(t, max(t)) })).collect()
}

/// The text of excerpt lines, as a host shows it (one line each).
#[cfg(ranked_v2)]
fn joined(lines: &[scan::ExcerptLine]) -> String {
    lines.iter().map(|l| l.text.as_str()).collect::<Vec<_>>().join("\n")
}

/// The characters (UTF-16 code units) an excerpt takes in a host's text: its lines and a header.
#[cfg(ranked_v2)]
fn excerpt_chars(e: &scan::Excerpt) -> i64 {
    e.lines.iter().map(|l| utf16_len(&l.text) + 1).sum::<i64>() + rank::excerpt::header_chars(&e.summary)
}

/// The length of a text in UTF-16 code units (what a JS host counts).
#[cfg(ranked_v2)]
fn utf16_len(text: &str) -> i64 {
    text.encode_utf16().count() as i64
}

/// A line cut to at most `max` characters, marked `…` when cut.
#[cfg(ranked_v2)]
fn cut_line(line: &str, max: usize) -> String {
    match line.char_indices().nth(max) {
        Some((at, _)) => format!("{}…", &line[..at]),
        None => line.to_string(),
    }
}
