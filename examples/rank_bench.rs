//! Ranked selection per prompt, natively, over a store on disk (the stores of `node bench/rank-per-call.mjs`):
//! `cargo run --release --example rank_bench -- STORE [prompts]`. Opens the store as a hook does (journal on: paged
//! when it has pages), then times one selection per prompt of the bench workload's shape for each mode, and one
//! open + selection (what a process per call does, without Node). Medians; nothing is asserted.
use std::time::Instant;

use contextfold::engine::Options;
use contextfold::policy::Selection;
use contextfold::store::FsStorage;
use contextfold::types::TurnOptions;
use contextfold::ContextFold;

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    v[v.len() / 2]
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let root = &args[1];
    let count: usize = args.get(2).map_or(21, |n| n.parse().unwrap());
    // The mode comes from the call (`default_selection`): a `selection` key in the store's policy is taken out.
    let policy = std::path::Path::new(root).join(".contextfold/hydration_policy.json");
    if let Ok(bytes) = std::fs::read(&policy) {
        if let Ok(contextfold::json::Value::Object(mut m)) = contextfold::json::parse(&bytes) {
            if m.remove("selection").is_some() {
                std::fs::write(&policy, contextfold::json::to_pretty(&contextfold::json::Value::Object(m))).unwrap();
            }
        }
    }
    // Prompts made of the store's own words: the summaries' words of a spread of steps.
    let open = || pollster::block_on(ContextFold::open(FsStorage::new(root).unwrap(), Options { journal: true, ..Default::default() })).unwrap();
    let cf = open();
    let steps = pollster::block_on(cf.folded_steps(None)).map(|s| s.len()).unwrap_or(0).max(1);
    let mut prompts = Vec::new();
    // `CF_PROMPTS=FILE`: the prompts, one per line, instead (e.g. the hook bench's, `w.query(j)`).
    if let Some(file) = std::env::var_os("CF_PROMPTS") {
        prompts = std::fs::read_to_string(file).unwrap().lines().filter(|l| !l.trim().is_empty()).map(str::to_string).collect();
    }
    for i in 0..if prompts.is_empty() { count } else { 0 } {
        let step = 1 + (i * 7919) % steps;
        let summary = pollster::block_on(cf.folded_step(step as i64)).map(|s| s.summary).unwrap_or_default();
        let words: Vec<&str> = summary.split(|c: char| !c.is_alphanumeric()).filter(|w| w.len() > 3).skip(1).take(3).collect();
        prompts.push(format!("why did {} fail, which {} now?", words.join(" "), words.first().unwrap_or(&"port")));
    }
    println!("{root}: {} nodes, paged {}", steps, cf.is_paged());
    // `CF_MODE=NAME`: that selection mode only.
    let only = std::env::var("CF_MODE").ok();
    for &mode in Selection::ALL.iter().filter(|m| only.as_deref().is_none_or(|o| o == m.name())) {
        let options = TurnOptions { default_selection: Some(mode), ..Default::default() };
        let mut per = Vec::new();
        let mut picked = 0;
        for p in &prompts {
            let t = Instant::now();
            let r = pollster::block_on(cf.scan_selection_with(p, &options)).unwrap();
            per.push(t.elapsed().as_secs_f64() * 1e3);
            picked += r.selected.len();
        }
        let mut cold = Vec::new();
        for p in prompts.iter().take(7) {
            let t = Instant::now();
            let fresh = open();
            pollster::block_on(fresh.scan_selection_with(p, &options)).unwrap();
            cold.push(t.elapsed().as_secs_f64() * 1e3);
        }
        println!("  {:<20} {:>9.2} ms per prompt (open + prompt {:>8.2} ms), {picked} picks", mode.name(), median(per), median(cold));
    }
}
