//! The host storage: the JS `Storage` interface, and the engine's [`store::Storage`] trait implemented over it.
//! A method that throws or whose promise rejects becomes a `STORAGE` error carrying the JS error's message;
//! a result of the wrong shape is a `STORAGE` error too (the host broke the interface, not the caller).

use js_sys::{Array, Function, Promise, Uint8Array};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

use super::errors::js_message;
use super::convert::{self, function, nullable, optional, type_name, Fields};
use crate::error::{Error, Result};
use crate::store;

#[wasm_bindgen(typescript_custom_section)]
const STORAGE_TS: &'static str = r#"
/** Where the engine keeps its files: a flat map of store-relative keys ("/"-separated) to bytes. */
export interface Storage {
  /** Bytes under a store-relative key such as ".contextfold/recall_index.json", or null/undefined if none. */
  load(key: string): Promise<Uint8Array | null | undefined>;
  /** Atomically replace the bytes under key (all or nothing). */
  save(key: string, data: Uint8Array): Promise<void>;
  /** Remove key; removing a missing key is not an error. */
  remove(key: string): Promise<void>;
  /** Every key that starts with prefix, sorted. */
  list(prefix: string): Promise<string[]>;
  /** Optional: append bytes to key, creating it if missing (need not be atomic). With it, a store opened with
   *  `{ journal: true }` appends one line per fold or eviction instead of rewriting the whole index. */
  append?(key: string, data: Uint8Array): Promise<void>;
  /** Optional: where a path (store-relative or absolute) really points, as an absolute normalised path with
   *  links followed (for the path-containment rule). Without it, resolution is lexical against `root`. */
  resolve?(path: string): Promise<string>;
  /** Optional: a token that changes whenever the bytes under key change (e.g. inode, size and modification time
   *  of a file), or null/undefined if key is missing. With it the engine trusts the snapshot it writes beside
   *  recall_index.json while that file's version is unchanged; without it, recall_index.json is parsed at open. */
  version?(key: string): Promise<string | null | undefined>;
  /** Optional: up to `length` bytes of key from `offset` (fewer at the end, none past it), or null/undefined if
   *  key is missing. With it the engine reads its snapshot in chunks; without it, it loads the whole value. */
  loadRange?(key: string, offset: number, length: number): Promise<Uint8Array | null | undefined>;
  /** Optional: atomically replace `to` with the bytes of `from` and remove `from` (an error if `from` is missing).
   *  With it and `append`, large files are written in chunks to a temporary key, then renamed into place. */
  rename?(from: string, to: string): Promise<void>;
  /** Optional: the bytes under each of `keys`, in order (null for a missing key). Without it the engine calls
   *  `load` for each key of a batch at once. */
  loadMany?(keys: string[]): Promise<(Uint8Array | null | undefined)[]>;
  /** Optional: `resolve` of each of `paths`, in order. Without it the engine calls `resolve` for each at once. */
  resolveMany?(paths: string[]): Promise<string[]>;
  /** Optional, with `unlock`: take the exclusive lock named `key`, waiting while another writer holds it (another
   *  process, or another store instance over the same files), and recover a lock whose holder died. The engine
   *  holds the store's lock (".contextfold/write.lock") for each operation that writes and first reads what other
   *  writers did, so several writers can share one store. Without it the engine assumes it is the only writer. */
  lock?(key: string): Promise<void>;
  /** Release a lock taken with `lock`. */
  unlock?(key: string): Promise<void>;
  /** Absolute location shown in messages, e.g. "/home/me/project" (default "/memory" if absent). */
  readonly root?: string;
}
"#;

/// The root shown in messages when the host names none.
pub const DEFAULT_ROOT: &str = "/memory";

/// A JS object implementing `Storage`, with its methods looked up once at open.
pub struct HostStorage {
    this: JsValue,
    load: Function,
    save: Function,
    remove: Function,
    list: Function,
    append: Option<Function>,
    resolve: Option<Function>,
    version: Option<Function>,
    load_range: Option<Function>,
    rename: Option<Function>,
    load_many: Option<Function>,
    resolve_many: Option<Function>,
    lock: Option<(Function, Function)>,
    root: String,
}

impl HostStorage {
    /// Check that `this` implements `Storage` (the four methods, and the optional ones and `root` if present).
    pub fn new(this: JsValue) -> Result<Self> {
        convert::object(&this, "open: storage")?;
        let f = Fields::new(&this, "open: storage.");
        let root = f.read("root", nullable(convert::string))?.unwrap_or_else(|| DEFAULT_ROOT.to_string());
        let lock = match (f.read("lock", optional(function))?, f.read("unlock", optional(function))?) {
            (Some(lock), Some(unlock)) => Some((lock, unlock)),
            (None, None) => None,
            _ => return Err(Error::invalid_input("open: storage.lock and storage.unlock go together: give both or neither")),
        };
        Ok(HostStorage {
            lock,
            load: f.read("load", function)?,
            save: f.read("save", function)?,
            remove: f.read("remove", function)?,
            list: f.read("list", function)?,
            append: f.read("append", optional(function))?,
            resolve: f.read("resolve", optional(function))?,
            version: f.read("version", optional(function))?,
            load_range: f.read("loadRange", optional(function))?,
            rename: f.read("rename", optional(function))?,
            load_many: f.read("loadMany", optional(function))?,
            resolve_many: f.read("resolveMany", optional(function))?,
            root,
            this,
        })
    }

    /// Call a method and await its result; a plain (non-promise) return value is accepted as well.
    async fn call(&self, f: &Function, args: &[&JsValue]) -> Result<JsValue> {
        let returned = match args {
            [a] => f.call1(&self.this, a),
            [a, b] => f.call2(&self.this, a, b),
            [a, b, c] => f.call3(&self.this, a, b, c),
            _ => f.call0(&self.this),
        };
        let returned = returned.map_err(|e| Error::storage(js_message(&e)))?;
        JsFuture::from(Promise::resolve(&returned)).await.map_err(|e| Error::storage(js_message(&e)))
    }

    /// Call `f` once per argument without waiting in between, then await them all (the host works on them at
    /// once): one crossing back into the engine for the whole batch.
    async fn call_each(&self, f: &Function, args: &[String]) -> Result<Array> {
        let promises = Array::new();
        for a in args {
            let returned = f.call1(&self.this, &JsValue::from_str(a)).map_err(|e| Error::storage(js_message(&e)))?;
            promises.push(&Promise::resolve(&returned));
        }
        let all = JsFuture::from(Promise::all(&promises)).await.map_err(|e| Error::storage(js_message(&e)))?;
        Ok(all.unchecked_into())
    }
}

/// The bytes of a `load`/`loadRange` result (a Uint8Array or an ArrayBuffer), `None` for null or undefined;
/// anything else is a `STORAGE` error naming the call (`call()` gives e.g. `storage.load(".contextfold/x")`).
fn bytes_result(v: &JsValue, call: impl FnOnce() -> String) -> Result<Option<Vec<u8>>> {
    if v.is_null() || v.is_undefined() {
        return Ok(None);
    }
    if let Some(bytes) = v.dyn_ref::<Uint8Array>() {
        return Ok(Some(bytes.to_vec()));
    }
    if let Some(buffer) = v.dyn_ref::<js_sys::ArrayBuffer>() {
        return Ok(Some(Uint8Array::new(buffer).to_vec()));
    }
    Err(Error::storage(format!("{} returned {}, expected a Uint8Array, null or undefined", call(), type_name(v))))
}

/// `data` copied into a new JS array. With feature `fast-fold`, marked as held by nothing else (a configurable,
/// non-enumerable `Symbol.for("contextfold.unshared")`): the package's storages keep such an array as it is instead
/// of copying it once more (a megabyte fold writes two megabytes).
fn unshared(data: &[u8]) -> Uint8Array {
    mark_unshared(Uint8Array::from(data))
}

/// `bytes`, a new array that nothing else holds, marked so (see [`unshared`]).
fn mark_unshared(bytes: Uint8Array) -> Uint8Array {
    #[cfg(feature = "fast-fold")]
    {
        let descriptor = js_sys::Object::new();
        let _ = js_sys::Reflect::set(&descriptor, &JsValue::from_str("value"), &JsValue::TRUE);
        let _ = js_sys::Reflect::set(&descriptor, &JsValue::from_str("configurable"), &JsValue::TRUE);
        js_sys::Object::define_property(&bytes, &js_sys::Symbol::for_("contextfold.unshared"), &descriptor);
    }
    bytes
}

impl store::Storage for HostStorage {
    async fn load(&self, key: &str) -> Result<Option<Vec<u8>>> {
        let v = self.call(&self.load, &[&JsValue::from_str(key)]).await?;
        bytes_result(&v, || format!("storage.load({key:?})"))
    }

    async fn save(&self, key: &str, data: &[u8]) -> Result<()> {
        // A copy in the JS heap, not a view of wasm memory (which may move while the host awaits).
        let bytes = unshared(data);
        self.call(&self.save, &[&JsValue::from_str(key), bytes.as_ref()]).await.map(drop)
    }

    #[cfg(fast_fold)]
    async fn save_parts(&self, key: &str, parts: &[&[u8]]) -> Result<()> {
        let total: usize = parts.iter().map(|p| p.len()).sum();
        let bytes = Uint8Array::new_with_length(u32::try_from(total).map_err(|_| Error::storage(format!("storage.save({key:?}): over 4 GiB")))?);
        let mut at = 0u32;
        for part in parts {
            // SAFETY: the view is used at once, before anything allocates in wasm (memory cannot grow meanwhile).
            let view = unsafe { Uint8Array::view(part) };
            bytes.set(&view, at);
            at += part.len() as u32;
        }
        self.call(&self.save, &[&JsValue::from_str(key), mark_unshared(bytes).as_ref()]).await.map(drop)
    }

    async fn remove(&self, key: &str) -> Result<()> {
        self.call(&self.remove, &[&JsValue::from_str(key)]).await.map(drop)
    }

    async fn list(&self, prefix: &str) -> Result<Vec<String>> {
        let v = self.call(&self.list, &[&JsValue::from_str(prefix)]).await?;
        if !Array::is_array(&v) {
            return Err(Error::storage(format!(
                "storage.list({prefix:?}) returned {}, expected an array of strings",
                type_name(&v)
            )));
        }
        let what = format!("storage.list({prefix:?}) result");
        convert::string_list(&v, &what).map_err(|e| Error::storage(e.message().to_string()))
    }

    fn can_append(&self) -> bool {
        self.append.is_some()
    }

    async fn append(&self, key: &str, data: &[u8]) -> Result<()> {
        let Some(append) = &self.append else {
            return Err(Error::storage("storage.append is not implemented"));
        };
        let bytes = unshared(data);
        self.call(append, &[&JsValue::from_str(key), bytes.as_ref()]).await.map(drop)
    }

    fn can_version(&self) -> bool {
        self.version.is_some()
    }

    async fn version(&self, key: &str) -> Result<Option<String>> {
        let Some(version) = &self.version else {
            return Ok(None);
        };
        let v = self.call(version, &[&JsValue::from_str(key)]).await?;
        if v.is_null() || v.is_undefined() {
            return Ok(None);
        }
        if !v.is_string() {
            return Err(Error::storage(format!(
                "storage.version({key:?}) returned {}, expected a string, null or undefined",
                type_name(&v)
            )));
        }
        let what = format!("storage.version({key:?}) result");
        convert::string(&v, &what).map(Some).map_err(|e| Error::storage(e.message().to_string()))
    }

    fn can_load_range(&self) -> bool {
        self.load_range.is_some()
    }

    async fn load_range(&self, key: &str, offset: u64, len: usize) -> Result<Option<Vec<u8>>> {
        let Some(load_range) = &self.load_range else {
            return store::load_range_whole(self, key, offset, len).await;
        };
        // Offsets and lengths as JS numbers: exact up to 2^53, far beyond any store file.
        let args = [JsValue::from_str(key), JsValue::from_f64(offset as f64), JsValue::from_f64(len as f64)];
        let v = self.call(load_range, &[&args[0], &args[1], &args[2]]).await?;
        let call = || format!("storage.loadRange({key:?}, {offset}, {len})");
        let bytes = bytes_result(&v, call)?;
        if let Some(bytes) = &bytes {
            if bytes.len() > len {
                let n = bytes.len();
                return Err(Error::storage(format!("{} returned {n} bytes, more than the {len} asked for", call())));
            }
        }
        Ok(bytes)
    }

    fn can_rename(&self) -> bool {
        self.rename.is_some()
    }

    async fn rename(&self, from: &str, to: &str) -> Result<()> {
        let Some(rename) = &self.rename else {
            return store::rename_by_copy(self, from, to).await;
        };
        self.call(rename, &[&JsValue::from_str(from), &JsValue::from_str(to)]).await.map(drop)
    }

    async fn load_many(&self, keys: &[String]) -> Result<Vec<Option<Vec<u8>>>> {
        let results: Array = match &self.load_many {
            Some(f) => {
                let list: Array = keys.iter().map(|k| JsValue::from_str(k)).collect();
                let v = self.call(f, &[list.as_ref()]).await?;
                if !Array::is_array(&v) || Array::from(&v).length() as usize != keys.len() {
                    return Err(Error::storage(format!(
                        "storage.loadMany([{} keys]) returned {}, expected an array of as many results",
                        keys.len(),
                        type_name(&v)
                    )));
                }
                v.unchecked_into()
            }
            None => self.call_each(&self.load, keys).await?,
        };
        keys.iter().zip(results.iter()).map(|(k, v)| bytes_result(&v, || format!("storage.load({k:?})"))).collect()
    }

    async fn resolve_many(&self, paths: &[String]) -> Result<Vec<String>> {
        let Some(resolve) = &self.resolve else {
            return Ok(paths.iter().map(|p| store::resolve_lexically(&self.root, p)).collect());
        };
        let results: Array = match &self.resolve_many {
            Some(f) => {
                let list: Array = paths.iter().map(|p| JsValue::from_str(p)).collect();
                let v = self.call(f, &[list.as_ref()]).await?;
                if !Array::is_array(&v) || Array::from(&v).length() as usize != paths.len() {
                    return Err(Error::storage(format!(
                        "storage.resolveMany([{} paths]) returned {}, expected an array of as many paths",
                        paths.len(),
                        type_name(&v)
                    )));
                }
                v.unchecked_into()
            }
            None => self.call_each(resolve, paths).await?,
        };
        paths
            .iter()
            .zip(results.iter())
            .map(|(p, v)| {
                let what = format!("storage.resolve({p:?}) result");
                convert::string(&v, &what).map_err(|e| Error::storage(e.message().to_string()))
            })
            .collect()
    }

    fn can_lock(&self) -> bool {
        self.lock.is_some()
    }

    async fn lock(&self, key: &str) -> Result<()> {
        match &self.lock {
            Some((lock, _)) => self.call(lock, &[&JsValue::from_str(key)]).await.map(drop),
            None => Ok(()),
        }
    }

    async fn unlock(&self, key: &str) -> Result<()> {
        match &self.lock {
            Some((_, unlock)) => self.call(unlock, &[&JsValue::from_str(key)]).await.map(drop),
            None => Ok(()),
        }
    }

    async fn resolve(&self, path: &str) -> Result<String> {
        let Some(resolve) = &self.resolve else {
            return Ok(store::resolve_lexically(&self.root, path));
        };
        let v = self.call(resolve, &[&JsValue::from_str(path)]).await?;
        let what = format!("storage.resolve({path:?}) result");
        convert::string(&v, &what).map_err(|e| Error::storage(e.message().to_string()))
    }

    fn root(&self) -> &str {
        &self.root
    }
}

