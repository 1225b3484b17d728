//! Ranked selection of a prompt over a store on disk, with its first candidates:
//! `cargo run --example rank -- STORE_ROOT "prompt" [budget]`. A tool for looking at `npm run bench:recall`
//! failures (`node bench/recall.mjs --keep` keeps the stores).
use contextfold::engine::Options;
use contextfold::policy::Selection;
use contextfold::scan::CandidateMode;
use contextfold::store::FsStorage;
use contextfold::types::TurnOptions;
use contextfold::ContextFold;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (root, prompt) = (&args[1], &args[2]);
    let budget = args.get(3).map(|b| b.parse().unwrap());
    let cf = pollster::block_on(ContextFold::open(FsStorage::new(root).unwrap(), Options { journal: true, ..Default::default() })).unwrap();
    let options = TurnOptions { turn_budget: budget, in_context: Vec::new(), default_selection: Some(Selection::RankedV1), ..Default::default() };
    let r = pollster::block_on(cf.scan_listing(prompt, &options, CandidateMode::Top(12))).unwrap();
    println!("terms {:?}", r.query_terms);
    for c in &r.candidates {
        println!("  cand {} {:?} {}", c.step_id, c.matched, c.summary);
    }
    for s in &r.selected {
        println!("SELECTED {} {:?} cost {} {}", s.step_id, s.matched, s.cost, s.summary);
    }
    for s in &r.budget_dropped {
        println!("dropped {} {:?}", s.step_id, s.matched);
    }
}
