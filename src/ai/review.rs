//! The round review: each of a player's decisions in a finished round, weighed by the Hard
//! engine's search, and what the move made cost against the engine's best.
//!
//! Decisions:
//! - The reviewer sees what the player saw and nothing more: every position is a [`View`],
//!   built from the round replayed move by move, exactly as the bots get it. So the review
//!   cannot "know" the computer's hand, and its verdict is one the player could have reached.
//! - Every candidate is valued on the same sampled deals (common random numbers), in the
//!   Hollywood-weighted points Hard decides by, and the cost of a move is the paired difference
//!   to the best one, with its standard error. A decision is flagged only when that cost is at
//!   least [`MARGIN`] points *and* [`Z`] standard errors: a smaller gap is noise or taste.
//! - Deterministic by seed: the same round and seed give the same review (Hard's generator is
//!   seeded from the seed and the view's public fingerprint).
//! - Layoffs are not reviewed (the solver finds the best layoffs exactly, and "Lay off all"
//!   plays them), nor forced moves.

use super::hard::Hard;
use super::view::View;
use crate::rules::{Action, Move, Phase, Round, RuleError, Scoreboard, Seat};

/// Deals sampled per decision.
pub const SAMPLES: usize = 800;
/// Least cost, in points, that is called a mistake.
pub const MARGIN: f32 = 1.0;
/// Least cost, in standard errors of the paired difference, that is called a mistake.
pub const Z: f32 = 2.0;

/// One candidate move and its estimated value for the player.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveValue {
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
    /// What playing `played` cost against the best move: (points, standard error of the
    /// paired difference). `None` when `played` was not a candidate.
    pub fn cost_of(&self, played: &Action) -> Option<(f32, f32)> {
        let i = self
            .moves
            .iter()
            .position(|m| same_move(&m.action, played))?;
        if i == 0 {
            return Some((0.0, 0.0));
        }
        let diffs: Vec<f32> = self.values[0]
            .iter()
            .zip(&self.values[i])
            .map(|(b, p)| b - p)
            .collect();
        Some(mean_se(&diffs))
    }
}

/// Values every move open in `v` (see [`Hard::analyze`]); `None` when there is no choice.
pub fn analyze(v: &View, seed: u64) -> Option<Analysis> {
    let hard = Hard {
        samples: SAMPLES,
        ..Hard::new(seed)
    };
    let mut scored: Vec<(MoveValue, Vec<f32>)> = hard
        .analyze(v)
        .into_iter()
        .map(|(action, values)| {
            let (mean, se) = mean_se(&values);
            (MoveValue { action, mean, se }, values)
        })
        .collect();
    if scored.is_empty() {
        return None;
    }
    scored.sort_by(|a, b| b.0.mean.total_cmp(&a.0.mean));
    let (moves, values) = scored.into_iter().unzip();
    Some(Analysis { moves, values })
}

/// One decision of the player's, reviewed.
#[derive(Clone, Debug, PartialEq)]
pub struct Decision {
    /// Where in the round's moves it was made.
    pub move_index: usize,
    /// The position as the player saw it.
    pub view: View,
    pub played: Action,
    pub best: Action,
    /// Expected points the move made gave up against the best, and the standard error.
    pub cost: f32,
    pub se: f32,
    /// The cost is beyond the margin and the noise.
    pub flagged: bool,
    pub analysis: Analysis,
}

/// A round's review.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Review {
    pub decisions: Vec<Decision>,
}

impl Review {
    /// The decisions that cost points.
    pub fn mistakes(&self) -> impl Iterator<Item = &Decision> {
        self.decisions.iter().filter(|d| d.flagged)
    }
    /// Points the flagged decisions cost, together.
    pub fn total_cost(&self) -> f32 {
        self.mistakes().map(|d| d.cost).sum()
    }
    /// Where the costliest flagged decision is in `decisions`.
    pub fn biggest_index(&self) -> Option<usize> {
        (0..self.decisions.len())
            .filter(|&i| self.decisions[i].flagged)
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
        if let Some(analysis) = analyze(&view, seed)
            && let Some((cost, se)) = analysis.cost_of(&played)
        {
            out.decisions.push(Decision {
                move_index,
                best: analysis.moves[0].action.clone(),
                view,
                played,
                cost,
                se,
                flagged: cost >= MARGIN && cost > Z * se,
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
    fn gin_trap(p2_last: &str, stock: Option<Vec<Card>>) -> (Round, Vec<Move>, Round) {
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
        assert!(last.flagged && last.cost > 20.0, "{last:?}");
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
            (last.played.clone(), last.cost, last.flagged),
            (best, 0.0, false)
        );
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
