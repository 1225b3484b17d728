//! What the forms units of `ranked-v2` (see `contextfold::rank::forms`) cost when pages are written, next to the
//! pages every store gets (the reference selection's): `cargo run --release --example forms_cost -- STORE [OUT]`.
//! Reads the store's `recall_index.json` whole, then writes into OUT (a scratch directory, emptied first) the base
//! unit of pages as a checkpoint does, and the forms unit beside it (the forms made from the index, then written),
//! and the same two for a segment of the newest 1,000 entries (what a fold's journal tail adds). Medians of 3;
//! bytes as written. Nothing is asserted.
use std::time::Instant;

use contextfold::index::pages::{Binding, Source, Unit};
use contextfold::index::RecallIndex;
use contextfold::rank::forms;
use contextfold::store::{FsStorage, Storage};

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    v[v.len() / 2]
}

fn size(dir: &std::path::Path, prefix: &str) -> u64 {
    std::fs::read_dir(dir).unwrap().flatten().filter(|e| e.file_name().to_string_lossy().starts_with(prefix)).map(|e| e.metadata().unwrap().len()).sum()
}

fn measure(label: &str, index: &RecallIndex, out: &std::path::Path) {
    let storage = FsStorage::new(out).unwrap();
    let (mut pages, mut made, mut written) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..3 {
        let t = Instant::now();
        pollster::block_on(Unit::write(&storage, "pages", Source::of_index(index).expect("a regular index"), Binding::base(None))).unwrap();
        pages.push(t.elapsed().as_secs_f64() * 1e3);
        let t = Instant::now();
        let f = forms::of_index(index);
        made.push(t.elapsed().as_secs_f64() * 1e3);
        let t = Instant::now();
        pollster::block_on(Unit::write(&storage, "pages-forms", Source::of_lists(f.into_iter().collect(), Vec::new()), Binding::base(None))).unwrap();
        written.push(t.elapsed().as_secs_f64() * 1e3);
    }
    let (p, m, w) = (median(pages), median(made), median(written));
    let dir = storage.root().to_string();
    let dir = std::path::Path::new(&dir);
    let (pb, fb) = (size(dir, "pages.") , size(dir, "pages-forms."));
    println!(
        "  {label:<28} pages {p:>8.1} ms {:>6.1} MB | forms {:>8.1} ms ({m:.1} made + {w:.1} written) {:>6.1} MB | forms / pages: {:.2}× time, {:.2}× bytes",
        pb as f64 / 1e6,
        m + w,
        fb as f64 / 1e6,
        (m + w) / p,
        fb as f64 / pb as f64
    );
    if std::env::var_os("CF_KEEP").is_none() {
        for k in ["pages.dat", "pages.dir", "pages-forms.dat", "pages-forms.dir"] {
            let _ = pollster::block_on(storage.remove(k));
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let root = std::path::Path::new(&args[1]);
    let out = std::path::PathBuf::from(args.get(2).cloned().unwrap_or_else(|| std::env::temp_dir().join("cf-forms-cost").to_string_lossy().into_owned()));
    let _ = std::fs::remove_dir_all(&out);
    std::fs::create_dir_all(&out).unwrap();
    let t = Instant::now();
    let index = RecallIndex::from_file_bytes(&std::fs::read(root.join(".contextfold/recall_index.json")).unwrap()).unwrap();
    println!("{}: {} entries (index read in {:.0} ms)", root.display(), index.len(), t.elapsed().as_secs_f64() * 1e3);
    measure("checkpoint (base unit)", &index, &out);
    let mut tail = RecallIndex::default();
    let newest: Vec<i64> = index.entries_by_step().iter().rev().take(1000).map(|e| e.step_id).collect();
    for step in newest.into_iter().rev() {
        tail.insert(step, index.get(step).unwrap().to_object());
    }
    if std::env::var_os("CF_KEEP").is_some() {
        return; // CF_KEEP=1: the checkpoint's units are left in OUT
    }
    measure("fold (segment of 1,000)", &tail, &out);
    let _ = std::fs::remove_dir_all(&out);
}
