//! The round review: time per round on one core, and how often the reviewer's best move
//! differs from Medium's and from Hard's own (a check that the review is more than noise and
//! more than Hard's ordinary play).
//!
//! Run with `cargo bench --no-default-features --bench review`. Rounds: Medium (P1, the seat
//! reviewed) against Hard (P2), deals from seeds 1..=50.

use std::time::Instant;

use hollywood_gin::ai::hard::Hard;
use hollywood_gin::ai::heuristic::Medium;
use hollywood_gin::ai::review::{self, decisions, same_move as same};
use hollywood_gin::ai::{Bot, View};
use hollywood_gin::rules::{Match, Move, RuleSettings, Seat};

fn main() {
    let me = Seat::P1;
    let mut times = Vec::new();
    let (mut n, mut vs_medium, mut vs_hard, mut flagged) = (0, 0, 0, 0);
    let (mut close, mut samples) = (0, 0);
    for seed in 1..=50u64 {
        let mut m = Match::new(RuleSettings::default(), seed);
        let hard = Hard::new(seed);
        let start = m.round().clone();
        let mut moves = Vec::new();
        while let Some(seat) = m.round().to_act() {
            let v = View::of(m.round(), seat, Some(m.scoreboard()));
            let a = if seat == me {
                Medium.decide(&v)
            } else {
                hard.decide(&v)
            };
            moves.push(Move {
                seat,
                action: a.clone(),
            });
            m.apply(seat, a).expect("legal");
        }
        let t = Instant::now();
        let rev = review::review(&start, &moves, me, None, seed, &mut |_, _| {}).expect("replays");
        times.push(t.elapsed().as_secs_f64());
        let views: Vec<View> = decisions(&start, &moves, me, None)
            .expect("replays")
            .into_iter()
            .map(|d| d.1)
            .collect();
        for d in &rev.decisions {
            let v = views.iter().find(|v| v == &&d.view).expect("the same view");
            n += 1;
            vs_medium += usize::from(!same(&d.best, &Medium.decide(v)));
            vs_hard += usize::from(!same(&d.best, &Hard::new(seed).decide(v)));
            flagged += usize::from(d.flagged());
            close += usize::from(d.verdict == review::Verdict::TooClose);
            samples += d.samples;
        }
    }
    times.sort_by(f64::total_cmp);
    let q = |p: f64| times[((times.len() - 1) as f64 * p).round() as usize];
    println!("round review, one core, 50 rounds (Medium reviewed, playing Hard)");
    println!(
        "  time per round: p50 {:.2} s, p95 {:.2} s",
        q(0.5),
        q(0.95)
    );
    println!("  decisions reviewed: {n}, flagged as costly: {flagged}, too close to call: {close}");
    println!(
        "  deals sampled per decision: {:.0} on average",
        samples as f64 / n as f64
    );
    println!(
        "  reviewer's best differs from Medium's move: {vs_medium} ({:.0}%), from Hard's: {vs_hard} ({:.0}%)",
        100.0 * vs_medium as f64 / n as f64,
        100.0 * vs_hard as f64 / n as f64
    );
}
