//! Storage, as the engine sees it: a flat map of store-relative keys (`.contextfold/recall_index.json`) to
//! bytes, implemented by the host. The engine never touches a file system itself.

use crate::error::Result;
use std::collections::BTreeMap;
use std::sync::Mutex;

pub const FOLD_DIR: &str = ".contextfold";
pub const COLD_NODE_DIR: &str = ".contextfold/cold_nodes";
pub const INDEX_KEY: &str = ".contextfold/recall_index.json";
pub const POLICY_KEY: &str = ".contextfold/hydration_policy.json";
pub const EVICTION_LOG_KEY: &str = ".contextfold/eviction_log.json";
/// The engine's binary snapshot of the index, written at checkpoints (see [`crate::index::snapshot`]); not a
/// reference file.
pub const SNAPSHOT_KEY: &str = ".contextfold/recall_index.snapshot";
/// Folds and evictions since the last checkpoint (see [`crate::journal`]); not a reference file.
pub const JOURNAL_KEY: &str = ".contextfold/recall_index.journal";
/// The store's write lock (see [`Storage::lock`]); not a reference file.
pub const LOCK_KEY: &str = ".contextfold/write.lock";

/// `step_{step_id:06d}.json`: Python's width counts the sign (`-5` → `step_-00005.json`), as does Rust's.
pub fn cold_node_file_name(step_id: i64) -> String {
    format!("step_{step_id:06}.json")
}

/// The canonical key of a step's cold node, which is also the POSIX `file_path` the index stores.
pub fn cold_node_key(step_id: i64) -> String {
    format!("{COLD_NODE_DIR}/{}", cold_node_file_name(step_id))
}

/// The host's storage. Methods are async so a host can back them with `fs/promises`, IndexedDB or
/// `vscode.workspace.fs`; implementations must make `save` atomic (all or nothing).
#[allow(async_fn_in_trait)]
pub trait Storage {
    /// The bytes under `key`, or `None` if there are none.
    async fn load(&self, key: &str) -> Result<Option<Vec<u8>>>;
    /// Atomically replace the bytes under `key`.
    async fn save(&self, key: &str, data: &[u8]) -> Result<()>;
    /// [`Storage::save`] of the concatenation of `parts` (feature `fast-fold`: a fold's node file, whose megabyte
    /// literals the engine holds apart). The default concatenates them; a host storage copies them straight into
    /// the array it hands over.
    #[cfg(fast_fold)]
    async fn save_parts(&self, key: &str, parts: &[&[u8]]) -> Result<()> {
        self.save(key, &parts.concat()).await
    }
    /// Remove `key`; removing a missing key is not an error.
    async fn remove(&self, key: &str) -> Result<()>;
    /// Every key that starts with `prefix`, sorted.
    async fn list(&self, prefix: &str) -> Result<Vec<String>>;
    /// Whether [`Storage::append`] is cheap and supported; the engine only journals on such a store.
    fn can_append(&self) -> bool {
        false
    }
    /// Append bytes to `key`, creating it if missing. Need not be atomic: a torn last line of the journal is
    /// tolerated. The default rewrites the whole value, which is correct but not cheap.
    async fn append(&self, key: &str, data: &[u8]) -> Result<()> {
        let mut bytes = self.load(key).await?.unwrap_or_default();
        bytes.extend_from_slice(data);
        self.save(key, &bytes).await
    }
    /// Whether [`Storage::version`] is supported.
    fn can_version(&self) -> bool {
        false
    }
    /// A token that changes whenever the bytes under `key` change (for a file: inode, size and modification
    /// time), `None` if the key is missing. With it the engine can trust the snapshot it wrote beside
    /// `recall_index.json` instead of parsing that file at open (see [`crate::index::snapshot`]).
    async fn version(&self, _key: &str) -> Result<Option<String>> {
        Ok(None)
    }
    /// Whether [`Storage::load_range`] is cheap (reads only the range asked for).
    fn can_load_range(&self) -> bool {
        false
    }
    /// Up to `len` bytes of `key` from `offset` (fewer at the end, none past it), `None` if the key is missing.
    /// The default loads the whole value and cuts it: correct, not cheap.
    async fn load_range(&self, key: &str, offset: u64, len: usize) -> Result<Option<Vec<u8>>> {
        load_range_whole(self, key, offset, len).await
    }
    /// Whether [`Storage::rename`] is atomic and cheap; with it and `append`, large files are written in chunks
    /// to a temporary key and renamed into place, so a checkpoint never holds a whole file in memory.
    fn can_rename(&self) -> bool {
        false
    }
    /// Atomically replace `to` with the bytes of `from`, which is removed. The default copies (not atomic).
    async fn rename(&self, from: &str, to: &str) -> Result<()> {
        rename_by_copy(self, from, to).await
    }
    /// The bytes under each of `keys`, in order (`None` for a missing key). A host can read them all at once
    /// (`validate` reads every cold node this way, in batches); the default reads them one by one.
    async fn load_many(&self, keys: &[String]) -> Result<Vec<Option<Vec<u8>>>> {
        let mut out = Vec::with_capacity(keys.len());
        for k in keys {
            out.push(self.load(k).await?);
        }
        Ok(out)
    }
    /// [`Storage::resolve`] of each of `paths`, in order; the default resolves them one by one.
    async fn resolve_many(&self, paths: &[String]) -> Result<Vec<String>> {
        let mut out = Vec::with_capacity(paths.len());
        for p in paths {
            out.push(self.resolve(p).await?);
        }
        Ok(out)
    }
    /// Whether [`Storage::lock`] is supported. Without it the engine assumes it is the only writer of the store.
    fn can_lock(&self) -> bool {
        false
    }
    /// Take the exclusive lock named `key`, waiting for it if another writer (another process, or another engine
    /// over the same store) holds it; an error if it cannot be had. The engine holds the store's lock
    /// ([`LOCK_KEY`]) for the length of each operation that writes, and reads what other writers did before it
    /// writes, so any number of writers can share one store. A lock whose holder died must be recoverable.
    async fn lock(&self, _key: &str) -> Result<()> {
        Ok(())
    }
    /// Release a lock taken with [`Storage::lock`].
    async fn unlock(&self, _key: &str) -> Result<()> {
        Ok(())
    }
    /// Where `path` (relative to the store root, or absolute) really points: an absolute, normalised path with
    /// `.`/`..` applied and any links followed, like Python's non-strict `Path.resolve()`. This is the hook behind
    /// the path-containment rule (spec §10); the default is purely lexical (a store without links).
    async fn resolve(&self, path: &str) -> Result<String> {
        Ok(resolve_lexically(self.root(), path))
    }
    /// The absolute root shown in messages (the reference prints absolute paths).
    fn root(&self) -> &str;
}

/// A borrowed store is a store, so a caller can keep the storage and open engines over it.
impl<T: Storage> Storage for &T {
    async fn load(&self, key: &str) -> Result<Option<Vec<u8>>> {
        (**self).load(key).await
    }
    async fn save(&self, key: &str, data: &[u8]) -> Result<()> {
        (**self).save(key, data).await
    }
    async fn remove(&self, key: &str) -> Result<()> {
        (**self).remove(key).await
    }
    async fn list(&self, prefix: &str) -> Result<Vec<String>> {
        (**self).list(prefix).await
    }
    fn can_append(&self) -> bool {
        (**self).can_append()
    }
    async fn append(&self, key: &str, data: &[u8]) -> Result<()> {
        (**self).append(key, data).await
    }
    async fn resolve(&self, path: &str) -> Result<String> {
        (**self).resolve(path).await
    }
    fn can_version(&self) -> bool {
        (**self).can_version()
    }
    async fn version(&self, key: &str) -> Result<Option<String>> {
        (**self).version(key).await
    }
    fn can_load_range(&self) -> bool {
        (**self).can_load_range()
    }
    async fn load_range(&self, key: &str, offset: u64, len: usize) -> Result<Option<Vec<u8>>> {
        (**self).load_range(key, offset, len).await
    }
    fn can_rename(&self) -> bool {
        (**self).can_rename()
    }
    async fn rename(&self, from: &str, to: &str) -> Result<()> {
        (**self).rename(from, to).await
    }
    async fn load_many(&self, keys: &[String]) -> Result<Vec<Option<Vec<u8>>>> {
        (**self).load_many(keys).await
    }
    async fn resolve_many(&self, paths: &[String]) -> Result<Vec<String>> {
        (**self).resolve_many(paths).await
    }
    fn can_lock(&self) -> bool {
        (**self).can_lock()
    }
    async fn lock(&self, key: &str) -> Result<()> {
        (**self).lock(key).await
    }
    async fn unlock(&self, key: &str) -> Result<()> {
        (**self).unlock(key).await
    }
    fn root(&self) -> &str {
        (**self).root()
    }
}

/// [`Storage::load_range`] for a storage without ranged reads: the whole value loaded, then cut.
pub async fn load_range_whole<S: Storage + ?Sized>(storage: &S, key: &str, offset: u64, len: usize) -> Result<Option<Vec<u8>>> {
    Ok(storage.load(key).await?.map(|bytes| slice_range(&bytes, offset, len).to_vec()))
}

/// [`Storage::rename`] for a storage without it: copy, then remove (not atomic).
pub async fn rename_by_copy<S: Storage + ?Sized>(storage: &S, from: &str, to: &str) -> Result<()> {
    let bytes = storage.load(from).await?.ok_or_else(|| crate::error::Error::storage(format!("rename: {from} is missing")))?;
    storage.save(to, &bytes).await?;
    storage.remove(from).await
}

/// `bytes[offset..offset + len]`, clamped to the bytes there are.
pub fn slice_range(bytes: &[u8], offset: u64, len: usize) -> &[u8] {
    let start = usize::try_from(offset).unwrap_or(usize::MAX).min(bytes.len());
    let end = start.saturating_add(len).min(bytes.len());
    &bytes[start..end]
}

/// Lexical resolution: join a relative path to the root, then apply `.` and `..` (`..` at `/` stays there).
pub fn resolve_lexically(root: &str, path: &str) -> String {
    let joined = if path.starts_with('/') { path.to_string() } else { format!("{}/{path}", root.trim_end_matches('/')) };
    let mut parts: Vec<&str> = Vec::new();
    for part in joined.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                parts.pop();
            }
            p => parts.push(p),
        }
    }
    format!("/{}", parts.join("/"))
}

/// `os.path.dirname` of an absolute resolved path.
pub fn parent(path: &str) -> &str {
    match path.rfind('/') {
        Some(0) => "/",
        Some(i) => &path[..i],
        None => "",
    }
}

/// The store-relative key of an absolute path under `root`, if it is under it.
pub fn key_under_root<'a>(root: &str, path: &'a str) -> Option<&'a str> {
    let root = root.trim_end_matches('/');
    path.strip_prefix(root)?.strip_prefix('/')
}

/// The absolute path of a key, for messages.
pub fn display_path(storage: &impl Storage, key: &str) -> String {
    format!("{}/{}", storage.root().trim_end_matches('/'), key)
}

/// An in-memory store. It can hold links (`link`), so the symlink rules can be exercised without a disk.
#[derive(Debug)]
pub struct MemoryStorage {
    root: String,
    files: Mutex<BTreeMap<String, Vec<u8>>>,
    links: Mutex<BTreeMap<String, String>>,
    /// The write counter at each key's last change (its version).
    versions: Mutex<BTreeMap<String, u64>>,
    writes: std::sync::atomic::AtomicU64,
    /// Locks held (see [`Storage::lock`]). Taking a held lock is an error rather than a wait: this storage serves
    /// tests and single-threaded hosts, where a second taker could never be let in.
    held: Mutex<std::collections::BTreeSet<String>>,
}

impl Default for MemoryStorage {
    fn default() -> Self {
        MemoryStorage::with_root("/memory")
    }
}

impl MemoryStorage {
    pub fn new() -> Self {
        Self::default()
    }

    /// A store whose messages show `root` as its absolute location.
    pub fn with_root(root: &str) -> Self {
        MemoryStorage {
            root: root.to_string(),
            files: Mutex::new(BTreeMap::new()),
            links: Mutex::new(BTreeMap::new()),
            versions: Mutex::new(BTreeMap::new()),
            writes: std::sync::atomic::AtomicU64::new(0),
            held: Mutex::new(std::collections::BTreeSet::new()),
        }
    }

    fn touch(&self, key: &str) {
        let n = self.writes.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
        lock(&self.versions).insert(key.to_string(), n);
    }

    /// Make `key` a link to `target` (a store-relative key, or an absolute path outside the store).
    pub fn link(&self, key: &str, target: &str) {
        lock(&self.files).remove(key);
        lock(&self.links).insert(key.to_string(), target.to_string());
    }

    /// Follow links (at most 40, like the kernel) from an absolute path; a link target is store-relative or
    /// absolute. A path outside the root is returned as it is.
    fn follow(&self, absolute: String) -> String {
        let links = lock(&self.links);
        let mut current = absolute;
        for _ in 0..40 {
            let target = match key_under_root(&self.root, &current) {
                Some(key) => links.get(key),
                None => None,
            };
            match target {
                Some(t) => current = resolve_lexically(&self.root, t),
                None => break,
            }
        }
        current
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    // A poisoned lock only means another thread panicked mid-call; the map itself is still whole.
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl Storage for MemoryStorage {
    fn can_lock(&self) -> bool {
        true
    }
    async fn lock(&self, key: &str) -> Result<()> {
        if lock(&self.held).insert(key.to_string()) {
            Ok(())
        } else {
            Err(crate::error::Error::storage(format!("lock {key} is already held")))
        }
    }
    async fn unlock(&self, key: &str) -> Result<()> {
        lock(&self.held).remove(key);
        Ok(())
    }
    async fn load(&self, key: &str) -> Result<Option<Vec<u8>>> {
        let real = self.follow(resolve_lexically(&self.root, key));
        let Some(real_key) = key_under_root(&self.root, &real) else { return Ok(None) };
        Ok(lock(&self.files).get(real_key).cloned())
    }
    async fn save(&self, key: &str, data: &[u8]) -> Result<()> {
        lock(&self.links).remove(key);
        lock(&self.files).insert(key.to_string(), data.to_vec());
        self.touch(key);
        Ok(())
    }
    async fn remove(&self, key: &str) -> Result<()> {
        lock(&self.links).remove(key);
        lock(&self.files).remove(key);
        self.touch(key);
        Ok(())
    }
    fn can_append(&self) -> bool {
        true
    }
    async fn append(&self, key: &str, data: &[u8]) -> Result<()> {
        lock(&self.links).remove(key);
        lock(&self.files).entry(key.to_string()).or_default().extend_from_slice(data);
        self.touch(key);
        Ok(())
    }
    fn can_version(&self) -> bool {
        true
    }
    async fn version(&self, key: &str) -> Result<Option<String>> {
        if !lock(&self.files).contains_key(key) {
            return Ok(None);
        }
        Ok(Some(lock(&self.versions).get(key).copied().unwrap_or(0).to_string()))
    }
    fn can_load_range(&self) -> bool {
        true
    }
    async fn load_range(&self, key: &str, offset: u64, len: usize) -> Result<Option<Vec<u8>>> {
        Ok(lock(&self.files).get(key).map(|b| slice_range(b, offset, len).to_vec()))
    }
    fn can_rename(&self) -> bool {
        true
    }
    async fn rename(&self, from: &str, to: &str) -> Result<()> {
        let mut files = lock(&self.files);
        let bytes = files.remove(from).ok_or_else(|| crate::error::Error::storage(format!("rename: {from} is missing")))?;
        files.insert(to.to_string(), bytes);
        drop(files);
        lock(&self.links).remove(to);
        self.touch(from);
        self.touch(to);
        Ok(())
    }
    async fn list(&self, prefix: &str) -> Result<Vec<String>> {
        let mut keys: Vec<String> = lock(&self.files).keys().filter(|k| k.starts_with(prefix)).cloned().collect();
        keys.extend(lock(&self.links).keys().filter(|k| k.starts_with(prefix)).cloned());
        keys.sort();
        keys.dedup();
        Ok(keys)
    }
    async fn resolve(&self, path: &str) -> Result<String> {
        Ok(self.follow(resolve_lexically(&self.root, path)))
    }
    fn root(&self) -> &str {
        &self.root
    }
}

#[cfg(not(target_arch = "wasm32"))]
pub use fs::FsStorage;

#[cfg(not(target_arch = "wasm32"))]
mod fs {
    use super::*;
    use crate::error::Error;
    use std::io::Write;
    use std::path::{Component, Path, PathBuf};
    use std::sync::atomic::{AtomicU64, Ordering};

    /// A store in a directory of the local file system: writes go to a temp file in the target directory
    /// (mode 0600) and are renamed over the target, as the reference does.
    #[derive(Debug)]
    pub struct FsStorage {
        root: PathBuf,
        root_str: String,
    }

    static TEMP_COUNTER: AtomicU64 = AtomicU64::new(0);

    /// Inode, size and modification time: a rename over the file, or any write, changes it.
    fn file_version(m: &std::fs::Metadata) -> String {
        #[cfg(unix)]
        let ino = std::os::unix::fs::MetadataExt::ino(m);
        #[cfg(not(unix))]
        let ino = 0u64;
        let mtime = m.modified().ok().and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok()).map_or(0, |d| d.as_nanos());
        format!("{ino}:{}:{mtime}", m.len())
    }

    fn io_error(what: &str, path: &Path, e: std::io::Error) -> Error {
        Error::storage(format!("{what} {}: {e}", path.display()))
    }

    impl FsStorage {
        /// A store rooted at `root` (created if missing).
        pub fn new(root: impl AsRef<Path>) -> Result<Self> {
            let root = root.as_ref();
            std::fs::create_dir_all(root).map_err(|e| io_error("cannot create", root, e))?;
            let root = std::fs::canonicalize(root).map_err(|e| io_error("cannot resolve", root, e))?;
            let root_str = root.to_string_lossy().into_owned();
            Ok(FsStorage { root, root_str })
        }

        pub fn root_path(&self) -> &Path {
            &self.root
        }

        fn path_of(&self, key: &str) -> PathBuf {
            self.root.join(key)
        }

        /// `os.path.realpath` without `strict`: follow links of the parts that exist, keep the rest.
        fn realpath(&self, path: &Path) -> PathBuf {
            let mut out = PathBuf::from("/");
            let mut pending: Vec<PathBuf> = vec![path.to_path_buf()];
            let mut hops = 0;
            while let Some(p) = pending.pop() {
                let mut components: Vec<Component> = p.components().collect();
                components.reverse();
                while let Some(c) = components.pop() {
                    match c {
                        Component::RootDir => out = PathBuf::from("/"),
                        Component::Prefix(_) | Component::CurDir => {}
                        Component::ParentDir => {
                            out.pop();
                        }
                        Component::Normal(name) => {
                            let next = out.join(name);
                            match std::fs::read_link(&next) {
                                Ok(target) if hops < 40 => {
                                    hops += 1;
                                    let rest: PathBuf = components.iter().rev().collect();
                                    let target = if target.is_absolute() { target } else { out.join(target) };
                                    pending.push(rest);
                                    pending.push(target);
                                    components.clear();
                                }
                                _ => out = next,
                            }
                        }
                    }
                }
            }
            out
        }
    }

    impl Storage for FsStorage {
        async fn load(&self, key: &str) -> Result<Option<Vec<u8>>> {
            let path = self.path_of(key);
            match std::fs::read(&path) {
                Ok(bytes) => Ok(Some(bytes)),
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
                Err(e) => Err(io_error("cannot read", &path, e)),
            }
        }

        async fn save(&self, key: &str, data: &[u8]) -> Result<()> {
            let path = self.path_of(key);
            let dir = path.parent().unwrap_or(&self.root).to_path_buf();
            std::fs::create_dir_all(&dir).map_err(|e| io_error("cannot create", &dir, e))?;
            let n = TEMP_COUNTER.fetch_add(1, Ordering::Relaxed);
            let temp = dir.join(format!(".tmp_{}_{n}", std::process::id()));
            let write = || -> std::io::Result<()> {
                let mut options = std::fs::OpenOptions::new();
                options.write(true).create_new(true);
                #[cfg(unix)]
                std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
                let mut file = options.open(&temp)?;
                file.write_all(data)?;
                drop(file);
                std::fs::rename(&temp, &path)
            };
            write().map_err(|e| {
                let _ = std::fs::remove_file(&temp);
                io_error("cannot write", &path, e)
            })
        }

        fn can_append(&self) -> bool {
            true
        }

        async fn append(&self, key: &str, data: &[u8]) -> Result<()> {
            let path = self.path_of(key);
            let dir = path.parent().unwrap_or(&self.root).to_path_buf();
            std::fs::create_dir_all(&dir).map_err(|e| io_error("cannot create", &dir, e))?;
            let mut options = std::fs::OpenOptions::new();
            options.append(true).create(true);
            #[cfg(unix)]
            std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
            let mut file = options.open(&path).map_err(|e| io_error("cannot open", &path, e))?;
            file.write_all(data).map_err(|e| io_error("cannot append to", &path, e))
        }

        fn can_version(&self) -> bool {
            true
        }

        async fn version(&self, key: &str) -> Result<Option<String>> {
            let path = self.path_of(key);
            match std::fs::metadata(&path) {
                Ok(m) => Ok(Some(file_version(&m))),
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
                Err(e) => Err(io_error("cannot stat", &path, e)),
            }
        }

        fn can_load_range(&self) -> bool {
            true
        }

        async fn load_range(&self, key: &str, offset: u64, len: usize) -> Result<Option<Vec<u8>>> {
            use std::io::{Read, Seek, SeekFrom};
            let path = self.path_of(key);
            let mut file = match std::fs::File::open(&path) {
                Ok(f) => f,
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
                Err(e) => return Err(io_error("cannot read", &path, e)),
            };
            let mut out = Vec::new();
            file.seek(SeekFrom::Start(offset))
                .and_then(|_| file.take(len as u64).read_to_end(&mut out))
                .map_err(|e| io_error("cannot read", &path, e))?;
            Ok(Some(out))
        }

        fn can_rename(&self) -> bool {
            true
        }

        async fn rename(&self, from: &str, to: &str) -> Result<()> {
            let (src, dst) = (self.path_of(from), self.path_of(to));
            std::fs::rename(&src, &dst).map_err(|e| io_error("cannot rename", &src, e))
        }

        async fn remove(&self, key: &str) -> Result<()> {
            let path = self.path_of(key);
            match std::fs::remove_file(&path) {
                Ok(()) => Ok(()),
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
                Err(e) => Err(io_error("cannot remove", &path, e)),
            }
        }

        async fn list(&self, prefix: &str) -> Result<Vec<String>> {
            let (dir, name_prefix) = match prefix.rfind('/') {
                Some(i) => (&prefix[..i], &prefix[i + 1..]),
                None => ("", prefix),
            };
            let path = self.path_of(dir);
            let entries = match std::fs::read_dir(&path) {
                Ok(entries) => entries,
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
                Err(e) => return Err(io_error("cannot list", &path, e)),
            };
            let mut keys = Vec::new();
            for entry in entries {
                let entry = entry.map_err(|e| io_error("cannot list", &path, e))?;
                // A name that is not UTF-8 cannot be a key; the engine only lists its own files.
                if let Some(name) = entry.file_name().to_str() {
                    if name.starts_with(name_prefix) {
                        keys.push(if dir.is_empty() { name.to_string() } else { format!("{dir}/{name}") });
                    }
                }
            }
            keys.sort();
            Ok(keys)
        }

        async fn resolve(&self, path: &str) -> Result<String> {
            let p = Path::new(path);
            let absolute = if p.is_absolute() { p.to_path_buf() } else { self.root.join(p) };
            Ok(self.realpath(&absolute).to_string_lossy().into_owned())
        }

        fn root(&self) -> &str {
            &self.root_str
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cold_node_names_count_the_sign_in_the_width() {
        assert_eq!(cold_node_file_name(37), "step_000037.json");
        assert_eq!(cold_node_file_name(1234567), "step_1234567.json");
        assert_eq!(cold_node_file_name(-5), "step_-00005.json");
    }

    #[test]
    fn lexical_resolution_is_absolute_and_normalised() {
        assert_eq!(resolve_lexically("/r", "./a/../b/c"), "/r/b/c");
        assert_eq!(resolve_lexically("/r", "../evil.json"), "/evil.json");
        assert_eq!(resolve_lexically("/r/", "/r/a"), "/r/a");
        assert_eq!(resolve_lexically("/r", "/../../etc/passwd"), "/etc/passwd");
        assert_eq!(parent("/r/a/b"), "/r/a");
        assert_eq!(parent("/a"), "/");
        assert_eq!(key_under_root("/r", "/r/a/b"), Some("a/b"));
        assert_eq!(key_under_root("/r", "/rx/a"), None);
    }
}

/// Write a large value chunk by chunk: appended to a temporary key, then renamed over `key`, when the storage
/// can do both (so the whole value is never in memory); otherwise collected and saved at once.
pub async fn write_chunked<S: Storage>(storage: &S, key: &str, mut next: impl FnMut() -> Option<Vec<u8>>) -> Result<()> {
    if !(storage.can_append() && storage.can_rename()) {
        let mut all = Vec::new();
        while let Some(chunk) = next() {
            all.extend_from_slice(&chunk);
        }
        return storage.save(key, &all).await;
    }
    let partial = format!("{key}.partial");
    let written: Result<()> = async {
        // Start empty, whatever an interrupted write left there.
        storage.save(&partial, &[]).await?;
        while let Some(chunk) = next() {
            storage.append(&partial, &chunk).await?;
        }
        storage.rename(&partial, key).await
    }
    .await;
    if written.is_err() {
        let _ = storage.remove(&partial).await;
    }
    written
}
