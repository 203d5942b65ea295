//! The headless simulator: bots play full Hollywood series (or single rounds) against each other
//! and the results come back with 95% confidence intervals.
//!
//! Each series (or round) has its own seed derived from the run's seed, and bot A sits at P1 in
//! even-numbered ones and at P2 in odd ones, so seat and first-dealer effects cancel out. Work is
//! shared between threads by index and results are combined in index order, so a run gives the
//! same figures whatever the thread count. Every action goes through the rules engine; an
//! illegal move by a bot stops the run with an error naming the bot, the position and the move.

use std::io::{IsTerminal, Write};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use super::style::Style;
use super::value::Played;
use super::{Level, View};
use crate::rules::series::splitmix64;
use crate::rules::{Match, Outcome, RuleSettings, Seat};

/// What to simulate.
#[derive(Clone, Debug)]
pub struct SimConfig {
    /// Bot A (`--p1`) and bot B (`--p2`).
    pub levels: [Level; 2],
    /// Number of units: full series, or single rounds if `single_rounds`.
    pub count: usize,
    /// Count single rounds rather than whole series.
    pub single_rounds: bool,
    /// The seed every deal and bot follows from.
    pub seed: u64,
    /// The rules played.
    pub rules: RuleSettings,
    /// Worker threads.
    pub threads: usize,
    /// Print progress to stderr.
    pub progress: bool,
    /// Deals per decision for Hard bots (None: Hard's default). For tuning.
    pub hard_samples: Option<usize>,
    /// Override Hard's margin (standard errors a search result must beat Medium's move by).
    pub hard_z: Option<f32>,
    /// The same two for Expert.
    pub expert_samples: Option<usize>,
    /// Expert's margin, as `hard_z` is Hard's.
    pub expert_z: Option<f32>,
    /// Play each deal twice, seats swapped (units 2k and 2k+1 share a deal), so the luck of
    /// the cards cancels out of the comparison.
    pub mirrored: bool,
}

impl SimConfig {
    /// `count` series of `levels[0]` against `levels[1]` from `seed`, under the default rules,
    /// on one thread, without progress, tuning or mirroring.
    pub fn new(levels: [Level; 2], count: usize, seed: u64) -> SimConfig {
        SimConfig {
            levels,
            count,
            single_rounds: false,
            seed,
            rules: RuleSettings::default(),
            threads: 1,
            progress: false,
            hard_samples: None,
            hard_z: None,
            expert_samples: None,
            expert_z: None,
            mirrored: false,
        }
    }

    /// How many units share a deal: two when mirrored (seats swapped), else one.
    fn units_per_deal(&self) -> usize {
        if self.mirrored { 2 } else { 1 }
    }
}

/// Per-bot tallies.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    /// Series won.
    pub series_won: u64,
    /// Hollywood games won.
    pub games_won: u64,
    /// Rounds won.
    pub rounds_won: u64,
    /// Rounds won by gin.
    pub gins: u64,
    /// Rounds won by undercut.
    pub undercuts: u64,
    /// Rounds won by a knock.
    pub knocks_won: u64,
    /// Points scored per round, summed, and summed squares (for the interval).
    pub points: f64,
    /// The sum of the squares of the points per round.
    pub points_sq: f64,
    /// Decision times in nanoseconds.
    pub decision_ns: Vec<u64>,
}

/// A whole run.
#[derive(Clone, Debug, Default)]
pub struct SimReport {
    /// Bot A's tallies and bot B's.
    pub bots: [Tally; 2],
    /// Series played.
    pub series: u64,
    /// Games played.
    pub games: u64,
    /// Rounds played.
    pub rounds: u64,
    /// Rounds that ended dead.
    pub dead_hands: u64,
    /// Wall-clock time of the run.
    pub elapsed: Duration,
    /// Every round's facts, in unit order, for [`super::value::ROUNDS`] (see [`baked_rounds`]).
    pub played: Vec<(u8, u8, u8)>,
    /// Per unit, in unit order: bot A's points minus bot B's, and the rounds played.
    pub nets: Vec<(f64, u64)>,
}

/// A bot played an illegal move.
#[derive(Debug, thiserror::Error)]
#[error("{bot} made an illegal move {action} in unit {unit}: {error}")]
pub struct IllegalMove {
    /// The bot's name.
    pub bot: &'static str,
    /// The unit it was played in.
    pub unit: usize,
    /// The move, as text.
    pub action: String,
    /// Why the rules refused it.
    pub error: String,
}

fn unit_result(cfg: &SimConfig, unit: usize) -> Result<SimReport, IllegalMove> {
    let seed = splitmix64(cfg.seed.wrapping_add((unit / cfg.units_per_deal()) as u64));
    // a_seat: where bot A sits in this unit.
    let a_seat = if unit.is_multiple_of(2) {
        Seat::P1
    } else {
        Seat::P2
    };
    let bot_of = |s: Seat| if s == a_seat { 0 } else { 1 };
    let make = |level: Level, seed: u64| -> Box<dyn super::Bot> {
        match level {
            Level::Hard => {
                let d = super::hard::Hard::new(seed);
                Box::new(super::hard::Hard {
                    samples: cfg.hard_samples.unwrap_or(d.samples),
                    z: cfg.hard_z.unwrap_or(d.z),
                    ..d
                })
            }
            Level::Expert => {
                let super::expert::Expert(d) = super::expert::Expert::new(seed);
                Box::new(super::expert::Expert(super::hard::Hard {
                    samples: cfg.expert_samples.unwrap_or(d.samples),
                    z: cfg.expert_z.unwrap_or(d.z),
                    ..d
                }))
            }
            _ => level.bot(seed),
        }
    };
    let bots = [
        make(cfg.levels[0], seed ^ 0xA),
        make(cfg.levels[1], seed ^ 0xB),
    ];
    let mut rep = SimReport::default();
    let mut m = Match::new(cfg.rules.clone(), seed);
    // What each seat's finished rounds showed of how it plays.
    let mut shown = [Style::default(); 2];
    loop {
        // One round.
        let entry = loop {
            let r = m.round();
            let Some(seat) = r.to_act() else { break None };
            let b = bot_of(seat);
            let view =
                View::of(r, seat, Some(m.scoreboard())).with_style(shown[seat.other().index()]);
            let t = Instant::now();
            let action = bots[b].decide(&view);
            rep.bots[b].decision_ns.push(t.elapsed().as_nanos() as u64);
            match m.apply(seat, action.clone()) {
                Ok(Some(e)) => break Some(e),
                Ok(None) => {}
                Err(e) => {
                    return Err(IllegalMove {
                        bot: bots[b].name(),
                        unit,
                        action: format!("{action:?}"),
                        error: e.to_string(),
                    });
                }
            }
        };
        rep.rounds += 1;
        for s in [Seat::P1, Seat::P2] {
            shown[s.index()].observe(m.round(), s);
        }
        let result = m.round().result().cloned();
        if let Some(res) = &result {
            rep.played
                .push(Played::of(res, m.round().dealer()).encode());
        }
        if let (Some(e), Some(res)) = (entry, result) {
            match e.winner {
                None => rep.dead_hands += 1,
                Some(w) => {
                    let t = &mut rep.bots[bot_of(w)];
                    t.rounds_won += 1;
                    t.points += f64::from(e.points);
                    t.points_sq += f64::from(e.points).powi(2);
                    match res.outcome {
                        Outcome::Gin | Outcome::BigGin => t.gins += 1,
                        Outcome::Undercut => t.undercuts += 1,
                        Outcome::Knock => t.knocks_won += 1,
                        Outcome::DeadHand => {}
                    }
                }
            }
        }
        if cfg.single_rounds || m.scoreboard().is_over() {
            break;
        }
        if m.next_round().is_err() {
            break;
        }
    }
    rep.nets
        .push((rep.bots[0].points - rep.bots[1].points, rep.rounds));
    if !cfg.single_rounds {
        rep.series = 1;
        for g in &m.scoreboard().games {
            if let Some(w) = g.winner {
                rep.games += 1;
                rep.bots[bot_of(w)].games_won += 1;
            }
        }
        if let Some(w) = m.scoreboard().series_winner() {
            rep.bots[bot_of(w)].series_won += 1;
        }
    }
    Ok(rep)
}

fn merge(into: &mut SimReport, r: SimReport) {
    into.series += r.series;
    into.games += r.games;
    into.rounds += r.rounds;
    into.dead_hands += r.dead_hands;
    into.played.extend(r.played);
    into.nets.extend(r.nets);
    for (a, b) in into.bots.iter_mut().zip(r.bots) {
        a.series_won += b.series_won;
        a.games_won += b.games_won;
        a.rounds_won += b.rounds_won;
        a.gins += b.gins;
        a.undercuts += b.undercuts;
        a.knocks_won += b.knocks_won;
        a.points += b.points;
        a.points_sq += b.points_sq;
        a.decision_ns.extend(b.decision_ns);
    }
}

/// Runs the simulation.
pub fn run(cfg: &SimConfig) -> Result<SimReport, IllegalMove> {
    let start = Instant::now();
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<Result<SimReport, IllegalMove>>>> =
        Mutex::new((0..cfg.count).map(|_| None).collect());
    let threads = cfg.threads.max(1).min(cfg.count.max(1));
    let show = cfg.progress && std::io::stderr().is_terminal();
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= cfg.count {
                        break;
                    }
                    let r = unit_result(cfg, i);
                    let failed = r.is_err();
                    if let Ok(mut v) = results.lock() {
                        v[i] = Some(r);
                    }
                    if failed {
                        next.store(cfg.count, Ordering::Relaxed);
                    }
                    let d = done.fetch_add(1, Ordering::Relaxed) + 1;
                    if show {
                        progress(d, cfg.count, start.elapsed());
                    }
                }
            });
        }
    });
    if show {
        eprintln!();
    }
    let mut total = SimReport::default();
    let results = results.into_inner().unwrap_or_default();
    for r in results.into_iter().flatten() {
        merge(&mut total, r?);
    }
    total.elapsed = start.elapsed();
    Ok(total)
}

fn progress(done: usize, total: usize, elapsed: Duration) {
    let width = 40;
    let filled = done * width / total.max(1);
    let eta = if done > 0 {
        elapsed.as_secs_f64() * (total - done) as f64 / done as f64
    } else {
        0.0
    };
    let mut e = std::io::stderr().lock();
    let _ = write!(
        e,
        "\r[{}{}] {done}/{total}  eta {eta:.0}s ",
        "#".repeat(filled),
        "-".repeat(width - filled)
    );
    let _ = e.flush();
}

/// A proportion with its 95% interval half-width (normal approximation).
pub fn proportion(k: u64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 0.0);
    }
    let p = k as f64 / n as f64;
    (p, 1.96 * (p * (1.0 - p) / n as f64).sqrt())
}

/// A mean with its 95% interval half-width, from sum and sum of squares over n samples.
pub fn mean_ci(sum: f64, sum_sq: f64, n: u64) -> (f64, f64) {
    if n < 2 {
        return (if n == 1 { sum } else { 0.0 }, 0.0);
    }
    let nf = n as f64;
    let mean = sum / nf;
    let var = ((sum_sq - nf * mean * mean) / (nf - 1.0)).max(0.0);
    (mean, 1.96 * (var / nf).sqrt())
}

/// Percentile of decision times, in milliseconds.
pub fn percentile_ms(ns: &[u64], q: f64) -> f64 {
    if ns.is_empty() {
        return 0.0;
    }
    let mut v = ns.to_vec();
    v.sort_unstable();
    let i = ((v.len() as f64 - 1.0) * q).round() as usize;
    v[i] as f64 / 1e6
}

impl SimReport {
    /// The printed report.
    pub fn render(&self, cfg: &SimConfig) -> String {
        let names = [
            format!("{} (p1)", cfg.levels[0].name()),
            format!("{} (p2)", cfg.levels[1].name()),
        ];
        let mut out = String::new();
        let mut line = |label: &str, f: &dyn Fn(&Tally) -> String| {
            out.push_str(&format!(
                "{label:<24}{:>22}{:>22}\n",
                f(&self.bots[0]),
                f(&self.bots[1])
            ));
        };
        let pct = |(p, h): (f64, f64)| format!("{:.1}% ± {:.1}", p * 100.0, h * 100.0);
        line("", &|_| String::new());
        if self.series > 0 {
            line("series won", &|t| {
                pct(proportion(t.series_won, self.series))
            });
            line("games won", &|t| pct(proportion(t.games_won, self.games)));
        }
        line("rounds won", &|t| {
            pct(proportion(t.rounds_won, self.rounds))
        });
        line("gins per round", &|t| pct(proportion(t.gins, self.rounds)));
        line("undercuts won per round", &|t| {
            pct(proportion(t.undercuts, self.rounds))
        });
        line("mean points per round", &|t| {
            let (m, h) = mean_ci(t.points, t.points_sq, self.rounds);
            format!("{m:.2} ± {h:.2}")
        });
        line("decision p50/p95/p99 ms", &|t| {
            format!(
                "{:.1} / {:.1} / {:.1}",
                percentile_ms(&t.decision_ns, 0.5),
                percentile_ms(&t.decision_ns, 0.95),
                percentile_ms(&t.decision_ns, 0.99)
            )
        });
        // Bot A's net points per round, with an interval over units (or over mirrored pairs
        // of units, which share a deal, so the cards' luck cancels).
        let groups = self.nets.chunks(cfg.units_per_deal());
        let n = groups.len() as u64;
        let rounds: u64 = self.nets.iter().map(|x| x.1).sum();
        // Each group's net over the mean rounds per group: their mean is the net per round.
        let per = rounds as f64 / n.max(1) as f64;
        let (mut sum, mut sq) = (0.0, 0.0);
        for g in groups {
            let x = g.iter().map(|x| x.0).sum::<f64>() / per;
            sum += x;
            sq += x * x;
        }
        let (m, h) = mean_ci(sum, sq, n);
        out.push_str(&format!(
            "net points per round, p1 − p2: {m:.2} ± {h:.2}{}\n",
            if cfg.mirrored {
                " (mirrored deals)"
            } else {
                ""
            }
        ));
        let header = format!("{:<24}{:>22}{:>22}\n", "", names[0], names[1]);
        let (dp, dh) = proportion(self.dead_hands, self.rounds);
        let secs = self.elapsed.as_secs_f64().max(1e-9);
        format!(
            "{} series, {} games, {} rounds (seed {}, {} thread(s))\n{header}{out}dead hands: {:.1}% ± {:.1}\nrounds per second: {:.0}\n",
            self.series,
            self.games,
            self.rounds,
            cfg.seed,
            cfg.threads,
            dp * 100.0,
            dh * 100.0,
            self.rounds as f64 / secs
        )
    }
}

/// `src/ai/rounds.rs` for these rounds: the round facts [`super::value`] plays series on with,
/// and the command that made them.
pub fn baked_rounds(played: &[(u8, u8, u8)], command: &str) -> String {
    let mut out = format!(
        "//! Rounds played by the simulator, as facts for [`super::value`]: `(kind, knocker's \
         deadwood,\n//! defender's deadwood)`, see [`super::value::Played::encode`]. Do not edit by \
         hand; made by\n//! `{command}`\n\n#[rustfmt::skip]\npub const ROUNDS: &[(u8, u8, u8)] = &[\n"
    );
    for chunk in played.chunks(8) {
        out.push_str("   ");
        for (k, a, b) in chunk {
            out.push_str(&format!(" ({k}, {a}, {b}),"));
        }
        out.push('\n');
    }
    out.push_str("];\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn intervals() {
        let (p, h) = proportion(60, 100);
        assert!((p - 0.6).abs() < 1e-12);
        assert!((h - 1.96 * (0.24f64 / 100.0).sqrt()).abs() < 1e-12);
        let (m, h) = mean_ci(10.0, 50.0, 2); // samples 5, 5
        assert_eq!((m, h), (5.0, 0.0));
        assert_eq!(percentile_ms(&[1_000_000, 2_000_000, 3_000_000], 0.5), 2.0);
    }
}
