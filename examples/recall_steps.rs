//! The steps a ranked selection hydrates for each prompt of a file, over a store on disk (a fast native loop for
//! `npm run bench:recall` work: `node bench/recall.mjs --keep` keeps the stores):
//! `cargo run --release --example recall_steps -- STORE PROMPTS_FILE [budget] [mode]`. One line per prompt: the
//! selected step ids, comma-separated (`-` for none).
use contextfold::engine::Options;
use contextfold::policy::Selection;
use contextfold::store::FsStorage;
use contextfold::types::TurnOptions;
use contextfold::ContextFold;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (root, file) = (&args[1], &args[2]);
    let budget: i64 = args.get(3).map_or(2500, |b| b.parse().unwrap());
    let mode = args.get(4).map_or("ranked-v2", String::as_str);
    let selection = *Selection::ALL.iter().find(|m| m.name() == mode).expect("mode");
    let cf = pollster::block_on(ContextFold::open(FsStorage::new(root).unwrap(), Options { journal: true, ..Default::default() })).unwrap();
    let options = TurnOptions { turn_budget: Some(budget), in_context: Vec::new(), default_selection: Some(selection), ..Default::default() };
    // `CF_LIST=N`: the first N candidates too (on stderr).
    let list: usize = std::env::var("CF_LIST").ok().map_or(0, |n| n.parse().unwrap());
    for prompt in std::fs::read_to_string(file).unwrap().lines() {
        let mode = if list > 0 { contextfold::scan::CandidateMode::Top(list) } else { contextfold::scan::CandidateMode::None };
        let r = pollster::block_on(cf.scan_listing(prompt, &options, mode)).unwrap();
        if list > 0 {
            eprintln!("{prompt}: terms {:?}", r.query_terms);
            for c in &r.candidates {
                eprintln!("  cand {} {:?} {}", c.step_id, c.matched, c.summary);
            }
            for s in &r.selected {
                eprintln!("  SELECTED {} {:?} {}", s.step_id, s.matched, s.summary);
            }
            for x in &r.related {
                eprintln!("  RELATED {} lines {:?} {}", x.step_id, x.lines, x.summary);
            }
        }
        let steps: Vec<String> = r.selected.iter().map(|s| s.step_id.to_string()).collect();
        println!("{}", if steps.is_empty() { "-".to_string() } else { steps.join(",") });
    }
}
