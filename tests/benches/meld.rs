//! Meld solver speed: time per 10- and 11-card hand.
//!
//! Run with `cargo bench --no-default-features --bench meld` (the GUI is not needed).
//! Hands are random deals plus "meld-rich" hands from three suits and eight ranks, where the
//! solver has the most candidate melds to try.

use std::hint::black_box;
use std::time::Instant;

use hollywood_gin::rules::round::shuffled_deck;
use hollywood_gin::rules::{Card, CardSet, best_arrangement};

fn hands(n: usize, count: usize, rich: bool) -> Vec<CardSet> {
    (0..count as u64)
        .map(|seed| {
            shuffled_deck(seed * 7919 + n as u64)
                .into_iter()
                .filter(|c: &Card| {
                    !rich || (c.suit().index() < 3 && (2..=9).contains(&c.rank().value()))
                })
                .take(n)
                .collect()
        })
        .collect()
}

fn main() {
    println!("meld solver, exact best arrangement");
    for (n, rich) in [(10, false), (11, false), (10, true), (11, true)] {
        let hs = hands(n, 20_000, rich);
        // Warm up, then time three passes and keep the best.
        for h in &hs[..1000] {
            black_box(best_arrangement(black_box(*h)));
        }
        let mut best = f64::MAX;
        for _ in 0..3 {
            let t = Instant::now();
            for h in &hs {
                black_box(best_arrangement(black_box(*h)));
            }
            best = best.min(t.elapsed().as_secs_f64() / hs.len() as f64);
        }
        let kind = if rich { "meld-rich" } else { "random" };
        println!("  {n}-card {kind:9} hands: {:8.2} µs per hand", best * 1e6);
    }
}
