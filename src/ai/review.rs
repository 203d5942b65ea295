//! The round review: each of a player's decisions in a finished round, weighed by Expert's
//! engine, and what the move made cost against the engine's best.
//!
//! Decisions:
//! - The reviewer sees what the player saw and nothing more: every position is a [`View`],
//!   built from the round replayed move by move, exactly as the bots get it. So the review
//!   cannot "know" the computer's hand, and its verdict is one the player could have reached.
//! - The engine is Expert's: Hard's search on the computer's hidden cards dealt from its own
//!   record (`Hard::history_sampler`), which tells much better than Hard's card weights which
//!   of the player's cards the computer would take (see [`super::hard`]), and that is most of
//!   what a review says ("this discard fed the computer"). The values stay in
//!   Hollywood-weighted points rather than Expert's chance of winning the series: a player
//!   reads "gave away 4 points", and a cost in series percent would move with the scoreboard
//!   for the same move.
//! - Every candidate is valued on the same sampled deals (common random numbers), and the cost
//!   of a move is the paired difference to the best one, with its standard error.
//! - The verdict must not depend on the sampling: a player who reviews a round twice and is
//!   told two different things stops trusting either. So a decision is sampled in batches of
//!   [`BATCH`] deals until its cost is clearly at least [`MARGIN`] points (costly: the cost
//!   less [`Z`] standard errors reaches the margin) or clearly below it (fine: the cost plus
//!   `Z` standard errors stays under it), and where [`MAX_SAMPLES`] deals cannot settle it,
//!   the review says it is too close to call instead of picking a side. A clear decision is
//!   settled by the first batch; only close ones cost more. Another sampling seed never turns
//!   a fine move costly or back; a decision whose cost sits on the margin can settle under one
//!   seed and be too close under another (one decision of the gin-trap test round's 20 does,
//!   with Expert's engine; with Hard's, none did).
//! - Deterministic by seed: the same round and seed give the same review (Hard's generator is
//!   seeded from the seed and the view's public fingerprint). The window and the command line
//!   both use [`default_seed`], so they review a round alike.
//! - Layoffs are not reviewed (the solver finds the best layoffs exactly, and "Lay off all"
//!   plays them), nor forced moves.

use super::hard::Hard;
use super::view::View;
use crate::rules::{Action, Move, Phase, Round, RuleError, Scoreboard, Seat};

/// Deals sampled in each batch of a decision.
pub const BATCH: usize = 400;
/// The most deals a decision is sampled on before it is called too close.
pub const MAX_SAMPLES: usize = 12_800;
/// Least cost, in points, that is called a mistake.
pub const MARGIN: f32 = 1.0;
/// Least cost, in standard errors of the paired difference, that is called a mistake.
pub const Z: f32 = 2.0;

/// One candidate move and its estimated value for the player.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveValue {
    /// The move weighed.
    pub action: Action,
    /// Mean Hollywood-weighted points for the player over the sampled deals.
    pub mean: f32,
    /// Standard error of that mean.
    pub se: f32,
}

/// Every candidate in a position, valued on the same deals.
#[derive(Clone, PartialEq)]
pub struct Analysis {
    /// Best first.
    pub moves: Vec<MoveValue>,
    /// Each move's value on each deal, in `moves` order.
    values: Vec<Vec<f32>>,
}

impl std::fmt::Debug for Analysis {
    /// The moves only: the per-deal values are thousands of numbers.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Analysis")
            .field("moves", &self.moves)
            .finish()
    }
}

/// Mean and standard error of the mean.
fn mean_se(xs: &[f32]) -> (f32, f32) {
    let n = xs.len().max(2) as f32;
    let mean = xs.iter().sum::<f32>() / n;
    let var = xs.iter().map(|x| (x - mean).powi(2)).sum::<f32>() / (n - 1.0);
    (mean, (var / n).sqrt())
}

/// The same move, whatever melds a knock was spread with.
pub fn same_move(a: &Action, b: &Action) -> bool {
    match (a, b) {
        (Action::Knock { discard: x, .. }, Action::Knock { discard: y, .. }) => x == y,
        _ => a == b,
    }
}

impl Analysis {
    /// Where `played` is among the candidates.
    fn index_of(&self, played: &Action) -> Option<usize> {
        self.moves.iter().position(|m| same_move(&m.action, played))
    }

    /// How much better move `j` did than move `i` on the same deals: mean and standard error.
    fn gap(&self, j: usize, i: usize) -> (f32, f32) {
        let diffs: Vec<f32> = self.values[j]
            .iter()
            .zip(&self.values[i])
            .map(|(b, p)| b - p)
            .collect();
        mean_se(&diffs)
    }

    /// What playing `played` cost against the best move: (points, standard error of the
    /// paired difference). `None` when `played` was not a candidate.
    pub fn cost_of(&self, played: &Action) -> Option<(f32, f32)> {
        let i = self.index_of(played)?;
        Some(if i == 0 { (0.0, 0.0) } else { self.gap(0, i) })
    }

    /// The most any other move may be better than `played`, within [`Z`] standard errors.
    /// Being the best on the deals sampled is not enough to call a move fine: the second
    /// best may be within the noise.
    fn worst_case_cost(&self, played: &Action) -> Option<f32> {
        let i = self.index_of(played)?;
        Some(
            (0..self.moves.len())
                .filter(|&j| j != i)
                .map(|j| {
                    let (gap, se) = self.gap(j, i);
                    gap + Z * se
                })
                .fold(0.0, f32::max),
        )
    }
}

/// Values every move open in `v` on one batch of [`BATCH`] deals (see [`Hard::analyze`]);
/// `None` when there is no choice.
pub fn analyze(v: &View, seed: u64) -> Option<Analysis> {
    let mut values = Vec::new();
    sample(v, seed, 0..1, &mut values);
    analysis_of(&values)
}

/// Each move open in `v` with its values, batches `batches` of [`BATCH`] deals added to those
/// `into` holds: batch `b` is sampled from its own seed, every move on the same deals.
fn sample(v: &View, seed: u64, batches: std::ops::Range<u64>, into: &mut Vec<(Action, Vec<f32>)>) {
    for b in batches {
        let hard = Hard {
            samples: BATCH,
            history_sampler: true,
            ..Hard::new(batch_seed(seed, b))
        };
        let batch = hard.analyze(v);
        if into.is_empty() {
            *into = batch;
        } else {
            // The same view gives the same candidates in the same order.
            for ((_, vs), (_, more)) in into.iter_mut().zip(batch) {
                vs.extend(more);
            }
        }
    }
}

/// The moves and their values, best first; `None` when there was no choice.
fn analysis_of(values: &[(Action, Vec<f32>)]) -> Option<Analysis> {
    let mut scored: Vec<(MoveValue, Vec<f32>)> = values
        .iter()
        .map(|(action, values)| {
            let (mean, se) = mean_se(values);
            let m = MoveValue {
                action: action.clone(),
                mean,
                se,
            };
            (m, values.clone())
        })
        .collect();
    if scored.is_empty() {
        return None;
    }
    scored.sort_by(|a, b| b.0.mean.total_cmp(&a.0.mean));
    let (moves, values) = scored.into_iter().unzip();
    Some(Analysis { moves, values })
}

/// Batch `b`'s seed: batch 0 is sampled from `seed` itself.
fn batch_seed(seed: u64, b: u64) -> u64 {
    seed ^ b.wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// The seed a round is reviewed with unless one is asked for: its deal's seed, so the same
/// round gets the same review wherever it is asked for.
pub fn default_seed(start: &Round) -> u64 {
    start.seed().unwrap_or(1)
}

/// What a decision cost, told apart from the noise.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Less than [`MARGIN`] behind the best (or the best itself), beyond the noise.
    Fine,
    /// At least [`MARGIN`] behind the best, beyond the noise.
    Costly,
    /// [`MAX_SAMPLES`] deals could not tell which.
    TooClose,
}

/// The verdict on a move that cost `cost` ± `se` against the best and at worst `worst` (see
/// [`Analysis::worst_case_cost`]), if the sampling has settled it.
fn verdict(cost: f32, se: f32, worst: f32) -> Option<Verdict> {
    if cost - Z * se >= MARGIN {
        Some(Verdict::Costly)
    } else if worst < MARGIN {
        Some(Verdict::Fine)
    } else {
        None
    }
}

/// `played` in `v` weighed: the analysis on as many batches as its verdict needed, the cost
/// and its standard error, and the verdict. `None` when there was no choice, or `played` was
/// not a candidate.
pub fn weigh(v: &View, played: &Action, seed: u64) -> Option<(Analysis, f32, f32, Verdict)> {
    let most = (MAX_SAMPLES / BATCH).max(1) as u64;
    let mut values = Vec::new();
    let (mut have, mut batches) = (0, 1);
    loop {
        // Only the batches not sampled yet: the deals already weighed are kept.
        sample(v, seed, have..batches, &mut values);
        have = batches;
        let analysis = analysis_of(&values)?;
        let (cost, se) = analysis.cost_of(played)?;
        let settled = verdict(cost, se, analysis.worst_case_cost(played)?);
        match settled {
            Some(verdict) => return Some((analysis, cost, se, verdict)),
            None if batches >= most => return Some((analysis, cost, se, Verdict::TooClose)),
            // Twice the deals, at most the budget: the next look is at a standard error about
            // 0.7 times this one.
            None => batches = (batches * 2).min(most),
        }
    }
}

/// One decision of the player's, reviewed.
#[derive(Clone, Debug, PartialEq)]
pub struct Decision {
    /// Where in the round's moves it was made.
    pub move_index: usize,
    /// The position as the player saw it.
    pub view: View,
    /// The move the player made.
    pub played: Action,
    /// The best move found.
    pub best: Action,
    /// Expected points the move made gave up against the best, and the standard error.
    pub cost: f32,
    /// The standard error of `cost`.
    pub se: f32,
    /// Whether the cost is beyond the margin and the noise.
    pub verdict: Verdict,
    /// The deals it was sampled on.
    pub samples: usize,
    /// What the search found for each move it weighed.
    pub analysis: Analysis,
}

impl Decision {
    /// The cost is beyond the margin and the noise.
    pub fn flagged(&self) -> bool {
        self.verdict == Verdict::Costly
    }
}

/// A round's review.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Review {
    /// The decisions of the round, in order.
    pub decisions: Vec<Decision>,
}

impl Review {
    /// The decisions that cost points.
    pub fn mistakes(&self) -> impl Iterator<Item = &Decision> {
        self.decisions.iter().filter(|d| d.flagged())
    }
    /// Points the flagged decisions cost, together.
    pub fn total_cost(&self) -> f32 {
        self.mistakes().map(|d| d.cost).sum()
    }
    /// Where the costliest flagged decision is in `decisions`.
    pub fn biggest_index(&self) -> Option<usize> {
        (0..self.decisions.len())
            .filter(|&i| self.decisions[i].flagged())
            .max_by(|&a, &b| self.decisions[a].cost.total_cmp(&self.decisions[b].cost))
    }
    /// The costliest flagged decision.
    pub fn biggest(&self) -> Option<&Decision> {
        self.biggest_index().map(|i| &self.decisions[i])
    }
}

/// The positions where `seat` chose a move: each with its move's index, the seat's view, and
/// the move made. `start` is the round as dealt, `moves` what was played from it.
pub fn decisions(
    start: &Round,
    moves: &[Move],
    seat: Seat,
    scoreboard: Option<&Scoreboard>,
) -> Result<Vec<(usize, View, Action)>, RuleError> {
    let mut r = start.clone();
    let mut out = Vec::new();
    for (i, m) in moves.iter().enumerate() {
        let choice = matches!(
            r.phase(),
            Phase::OfferToNonDealer
                | Phase::OfferToDealer
                | Phase::Draw { .. }
                | Phase::Discard { .. }
        );
        if m.seat == seat && choice {
            out.push((i, View::of(&r, seat, scoreboard), m.action.clone()));
        }
        r.apply(m.seat, m.action.clone())?;
    }
    Ok(out)
}

/// Reviews `seat`'s decisions in the round played from `start` with `moves`. `progress` hears
/// (done, total) after each decision, for a progress bar.
pub fn review(
    start: &Round,
    moves: &[Move],
    seat: Seat,
    scoreboard: Option<&Scoreboard>,
    seed: u64,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Review, RuleError> {
    let points = decisions(start, moves, seat, scoreboard)?;
    let total = points.len();
    let mut out = Review::default();
    for (done, (move_index, view, played)) in points.into_iter().enumerate() {
        if let Some((analysis, cost, se, verdict)) = weigh(&view, &played, seed) {
            out.decisions.push(Decision {
                move_index,
                best: analysis.moves[0].action.clone(),
                view,
                played,
                cost,
                se,
                verdict,
                samples: analysis.values.first().map_or(0, Vec::len),
                analysis,
            });
        }
        progress(done + 1, total);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Card, CardSet, RuleSettings};

    fn c(t: &str) -> Card {
        t.parse().unwrap()
    }

    /// A round where the computer (P2) has picked up, in plain sight, three melds the player
    /// (P1) threw it: 5♥6♥7♥, 9♣9♦9♠ and J♠Q♠K♠. The player has just drawn, holding the 8♥,
    /// which would give the computer gin. `p2_last` is the computer's one card nobody has seen.
    pub(super) fn gin_trap(p2_last: &str, stock: Option<Vec<Card>>) -> (Round, Vec<Move>, Round) {
        let p1 = CardSet::parse("5H 6H 7H 9C 9D 9S JS QS KS 8H").unwrap();
        let p2 = CardSet::parse(&format!("AC 3D 5C 7S 2H 4S 6D TC QD {p2_last}")).unwrap();
        let start =
            Round::with_hands(RuleSettings::default(), Seat::P2, [p1, p2], c("2C"), stock).unwrap();
        let mut r = start.clone();
        let mut moves = Vec::new();
        let mut play = |r: &mut Round, seat, a: Action| {
            r.apply(seat, a.clone()).unwrap();
            moves.push(Move { seat, action: a });
        };
        play(&mut r, Seat::P1, Action::PassUpcard);
        play(&mut r, Seat::P2, Action::PassUpcard);
        let gives = ["5H", "6H", "7H", "9C", "9D", "9S", "JS", "QS", "KS"];
        let junk = ["AC", "3D", "5C", "7S", "2H", "4S", "6D", "TC", "QD"];
        for (g, j) in gives.iter().zip(junk) {
            play(&mut r, Seat::P1, Action::DrawStock);
            play(&mut r, Seat::P1, Action::Discard(c(g)));
            play(&mut r, Seat::P2, Action::TakeDiscard);
            play(&mut r, Seat::P2, Action::Discard(c(j)));
        }
        play(&mut r, Seat::P1, Action::DrawStock);
        (start, moves, r)
    }

    #[test]
    fn a_discard_that_hands_the_computer_gin_is_flagged_and_the_best_move_is_not() {
        let (start, mut moves, r) = gin_trap("KC", None);
        assert!(r.hand(Seat::P1).contains(c("8H")));
        let view = View::of(&r, Seat::P1, None);
        let a = analyze(&view, 7).expect("a choice");
        // Throwing the 8♥ lets the computer take it and go gin.
        let (cost, se) = a.cost_of(&Action::Discard(c("8H"))).unwrap();
        assert!(cost > 20.0 && cost > Z * se, "cost {cost} ± {se}");
        moves.push(Move {
            seat: Seat::P1,
            action: Action::Discard(c("8H")),
        });
        let rev = review(&start, &moves, Seat::P1, None, 7, &mut |_, _| {}).unwrap();
        let last = rev.decisions.last().unwrap();
        assert_eq!(last.played, Action::Discard(c("8H")));
        assert!(last.flagged() && last.cost > 20.0, "{last:?}");
        // (The scripted player also threw its own melds away to feed the computer: those
        // are flagged too, and one of them may be the round's biggest mistake.)
        assert!(rev.biggest().is_some_and(|b| b.cost >= last.cost));
        // The engine's own move in the same position costs nothing and is not flagged.
        let best = a.moves[0].action.clone();
        assert_ne!(best, Action::Discard(c("8H")));
        *moves.last_mut().unwrap() = Move {
            seat: Seat::P1,
            action: best.clone(),
        };
        let rev = review(&start, &moves, Seat::P1, None, 7, &mut |_, _| {}).unwrap();
        let last = rev.decisions.last().unwrap();
        assert_eq!(
            (last.played.clone(), last.cost, last.flagged()),
            (best, 0.0, false)
        );
    }

    /// Each decision's verdict in a review of `seat`'s play.
    fn verdicts(start: &Round, moves: &[Move], seat: Seat, seed: u64) -> Vec<(usize, Verdict)> {
        review(start, moves, seat, None, seed, &mut |_, _| {})
            .unwrap()
            .decisions
            .iter()
            .map(|d| (d.move_index, d.verdict))
            .collect()
    }

    #[test]
    fn a_round_gets_the_same_verdicts_whatever_the_sampling_seed() {
        // A round of two Medium players, as the player's own play would be reviewed.
        let m = crate::rules::Match::new(RuleSettings::default(), 135);
        let mut r = m.round().clone();
        let start = r.clone();
        let bot = crate::ai::Level::Medium.bot(5);
        let mut moves = Vec::new();
        while let Some(s) = r.to_act() {
            let a = bot.decide(&View::of(&r, s, None));
            r.apply(s, a.clone()).unwrap();
            moves.push(Move { seat: s, action: a });
        }
        let first = verdicts(&start, &moves, Seat::P1, 1);
        assert!(first.len() >= 3, "{first:?}");
        for seed in [2, 3, 99] {
            assert_eq!(
                verdicts(&start, &moves, Seat::P1, seed),
                first,
                "seed {seed}"
            );
        }
        // The gin trap's flagged decisions stay flagged. No seed calls a move fine that another
        // calls costly; one of its decisions sits on the margin and settles under one sampling
        // but is too close to call under another (that is what "too close" is for), and most
        // decisions must not be such.
        let (start, mut moves, _) = gin_trap("KC", None);
        moves.push(Move {
            seat: Seat::P1,
            action: Action::Discard(c("8H")),
        });
        let first = verdicts(&start, &moves, Seat::P1, 1);
        assert_eq!(first.last().map(|v| v.1), Some(Verdict::Costly));
        for seed in [2, 3] {
            let other = verdicts(&start, &moves, Seat::P1, seed);
            assert_eq!(other.last(), first.last(), "seed {seed}");
            assert!(differences(&first, &other, seed) * 10 <= first.len());
        }
    }

    /// How many of the same decisions got another verdict under `seed` than under the first
    /// seed; never a fine move that the other calls costly.
    fn differences(first: &[(usize, Verdict)], other: &[(usize, Verdict)], seed: u64) -> usize {
        assert_eq!(other.len(), first.len(), "seed {seed}");
        let mut differ = 0;
        for (a, b) in first.iter().zip(other) {
            assert_eq!(a.0, b.0, "seed {seed}");
            let pair = [a.1, b.1];
            assert!(
                !(pair.contains(&Verdict::Fine) && pair.contains(&Verdict::Costly)),
                "seed {seed}: move {} is {:?} against {:?}",
                a.0,
                a.1,
                b.1
            );
            differ += usize::from(a.1 != b.1);
        }
        differ
    }

    #[test]
    fn a_close_decision_is_sampled_further_and_a_clear_one_is_not() {
        let (_, _, r) = gin_trap("KC", None);
        let v = View::of(&r, Seat::P1, None);
        // Throwing the 8♥ is clearly costly on the first batch.
        let (a, _, _, settled) = weigh(&v, &Action::Discard(c("8H")), 7).unwrap();
        assert_eq!(settled, Verdict::Costly);
        assert_eq!(a.values[0].len(), BATCH);
        // The settling rule itself.
        assert_eq!(verdict(5.0, 1.0, 7.0), Some(Verdict::Costly));
        assert_eq!(verdict(0.3, 0.2, 0.7), Some(Verdict::Fine));
        assert_eq!(
            verdict(1.3, 0.6, 2.5),
            None,
            "the issue's 1.3 ± 0.6 is not settled"
        );
        // The best move on the deals sampled, with the second best within the noise.
        assert_eq!(verdict(0.0, 0.0, 1.4), None);
    }

    #[test]
    fn the_analysis_is_the_same_twice_and_blind_to_hidden_cards() {
        let (_, _, r) = gin_trap("KC", None);
        let v = View::of(&r, Seat::P1, None);
        assert_eq!(analyze(&v, 11), analyze(&v, 11));
        // The computer's unseen card and the stock order differ; what the player saw does not.
        let (_, _, other) = gin_trap("8D", None);
        assert_ne!(other.hand(Seat::P2), r.hand(Seat::P2));
        let w = View::of(&other, Seat::P1, None);
        assert_eq!(v, w);
        assert_eq!(analyze(&w, 11), analyze(&v, 11));
        // Another seed samples other deals.
        assert_ne!(analyze(&v, 12), analyze(&v, 11));
    }
}
