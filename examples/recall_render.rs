//! What `contextfold hook user-prompt-submit` would inject for each prompt of a file, computed natively (a fast loop
//! for `npm run bench:recall` work on a store kept with `node bench/recall.mjs --keep`):
//! `cargo run --release --example recall_render -- STORE PROMPTS_FILE [budget] [max_chars]`. One JSON line per prompt:
//! `{"steps": [...], "text": "..."}`, the steps and text the hook's renderer (`pkg-template/lib/hooks/render.js`)
//! keeps: hydrated steps in selection order under their header lines, up to `max_chars` UTF-16 units (10,000), the
//! first step that does not fit cut to the room left (when it is the first, or that room is 400 units or more).
use contextfold::engine::Options;
use contextfold::policy::Selection;
use contextfold::store::FsStorage;
use contextfold::types::TurnOptions;
use contextfold::ContextFold;

fn json_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (root, file) = (&args[1], &args[2]);
    let budget: i64 = args.get(3).map_or(2500, |b| b.parse().unwrap());
    let max_chars: usize = args.get(4).map_or(10000, |b| b.parse().unwrap());
    let cf = pollster::block_on(ContextFold::open(FsStorage::new(root).unwrap(), Options { journal: true, ..Default::default() })).unwrap();
    let options = TurnOptions { turn_budget: Some(budget), in_context: Vec::new(), default_selection: Some(Selection::ALL[Selection::ALL.len() - 1]), max_chars: Some(max_chars as i64) };
    let units = |s: &str| s.encode_utf16().count();
    for prompt in std::fs::read_to_string(file).unwrap().lines() {
        let turn = pollster::block_on(cf.before_turn_with(prompt, &options)).unwrap();
        let (mut parts, mut steps, mut used) = (Vec::<String>::new(), Vec::<i64>::new(), 0usize);
        let mut cut = false;
        for h in &turn.hydrated {
            let summary = h.summary.split_whitespace().collect::<Vec<_>>().join(" ");
            let size = if h.truncated { format!("{} tokens, truncated to the per-call cap", h.token_estimate) } else { format!("{} tokens", h.token_estimate) };
            let block = format!("[contextfold step {} | {} | sha256 verified | {}]\n{}", h.step_id, summary, size, h.content);
            let sep = if parts.is_empty() { 0 } else { 2 };
            if used + sep + units(&block) <= max_chars {
                used += sep + units(&block);
                parts.push(block);
                steps.push(h.step_id);
                continue;
            }
            // The first step that does not fit is cut to the room left, when it is the first or that room is at least
            // the renderer's MIN_CUT_CHARS (400), and ends the text.
            let sep = if parts.is_empty() { 0 } else { 2 };
            let header = format!("[contextfold step {} | {} | sha256 verified | cut to fit the hook output; all of it: contextfold hydrate {} --dir {root}]", h.step_id, summary, h.step_id);
            let room = max_chars.saturating_sub(used + sep);
            if parts.is_empty() || room >= 400 {
                let left = room.saturating_sub(units(&header) + 2);
                if left > 0 {
                    let (mut cut, mut cut_units) = (String::new(), 0usize);
                    for c in h.content.chars() {
                        if cut_units + c.len_utf16() > left {
                            break;
                        }
                        cut_units += c.len_utf16();
                        cut.push(c);
                    }
                    parts.push(format!("{header}\n{cut}…"));
                    steps.push(h.step_id);
                }
            }
            cut = true;
            break;
        }
        // Then, when every hydrated step fit whole, the excerpts that fit, in order (the first that does not ends them).
        // (Under one line that says how to read any of them whole, each summary cut to 100 characters.)
        for (k, e) in turn.excerpts.iter().filter(|_| !cut).enumerate() {
            let summary = e.summary.split_whitespace().collect::<Vec<_>>().join(" ");
            let summary = if summary.chars().count() > 100 { format!("{}…", summary.chars().take(99).collect::<String>()) } else { summary };
            let numbers = e.lines.iter().map(|l| l.number.to_string()).collect::<Vec<_>>().join(", ");
            let lines = e.lines.iter().map(|l| l.text.as_str()).collect::<Vec<_>>().join("\n");
            let heading = if k == 0 { format!("[contextfold: the best lines of the steps ranked next; any of them whole: contextfold hydrate <step_id> --dir {root}]\n") } else { String::new() };
            let block = format!("{heading}[contextfold step {} | {} | sha256 verified | {} tokens, lines {} of {}]\n{}", e.step_id, summary, e.token_estimate, numbers, e.line_count, lines);
            let sep = if parts.is_empty() { 0 } else { 2 };
            if used + sep + units(&block) > max_chars {
                break;
            }
            used += sep + units(&block);
            parts.push(block);
            steps.push(e.step_id);
        }
        let list = steps.iter().map(|s| s.to_string()).collect::<Vec<_>>().join(",");
        let picked = turn.scan.selected.iter().map(|s| s.step_id.to_string()).collect::<Vec<_>>().join(",");
        println!("{{\"steps\":[{list}],\"selected\":[{picked}],\"text\":{}}}", json_string(&parts.join("\n\n")));
    }
}
