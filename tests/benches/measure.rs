//! The measurements behind the search's decisions, one at a time by name; each prints its
//! figures, and `docs/expert-log.md` keeps the ones it gave and what they decided.
//!
//! Run one with `cargo bench --no-default-features --features measure --bench measure -- NAME`;
//! with no name it lists them. `oracle_judged` plays rounds `HG_FROM` to `HG_FROM + HG_N`
//! (default 0 and 100; two ranges can run side by side).

use hollywood_gin::ai::measure;

/// Name, what it measures and roughly how long it takes in release on one core.
const MEASUREMENTS: [(&str, &str); 5] = [
    (
        "danger_brier",
        "how well each way of dealing the hidden cards tells which of my cards the opponent \
         would meld (minutes)",
    ),
    (
        "late_hands",
        "the real opponent hand's deadwood against record-dealt ones late in a round (minutes)",
    ),
    (
        "oracle_judged",
        "what Expert's variants gain by a judge that sees the real hand (~6 s a round)",
    ),
    (
        "stock_left",
        "how much stock is left at Hard's discards and knocks (a minute or two)",
    ),
    (
        "rates_by_level",
        "how often each level's takes from the pile end loose (minutes)",
    ),
];

fn main() {
    let env = |name: &str, default: u64| {
        std::env::var(name)
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(default)
    };
    // Cargo passes `--bench`; everything else is a name.
    let names: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    if names.is_empty() {
        println!("measurements (name them after `--`):");
        for (name, what) in MEASUREMENTS {
            println!("  {name:<15} {what}");
        }
        return;
    }
    for name in &names {
        println!("== {name}");
        match name.as_str() {
            "danger_brier" => measure::danger_brier_of_sampled_hands(),
            "late_hands" => measure::late_hands_by_draws(),
            "oracle_judged" => measure::oracle_judged_gain(env("HG_FROM", 0), env("HG_N", 100)),
            "stock_left" => measure::stock_left_at_decisions(),
            "rates_by_level" => measure::rates_by_level(),
            _ => {
                eprintln!("no measurement is called {name}; run with no name for the list");
                std::process::exit(2);
            }
        }
    }
}
