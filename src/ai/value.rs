//! What a round's result is worth to a seat: its chance of winning the Hollywood series.
//!
//! Points are not what wins a series. Ten points that close a game can be worth more than
//! thirty in a game already lost, and a win credited to three games is worth more than one
//! credited to one. Expert therefore scores the end of each rollout by the probability that it
//! wins the series from the scoreboard that result would leave, read from a [`ValueTable`].
//!
//! The table is derived from the rules, not tuned: for every result the round could have (a win
//! of `p` points by either seat, or a dead hand) it plays many whole series onwards from the
//! scoreboard that result leaves, crediting each later round with the real scoreboard code
//! ([`Scoreboard::record_win`], so the credit rule, closed games and the target are exactly the
//! game's) and scoring it with the real [`score`] under the series' own rules. What those later
//! rounds look like comes from [`ROUNDS`]: rounds Hard played against Hard, kept as facts (who
//! knocked, dealer or not, with what deadwood against what, gin or not) rather than points, so a
//! table with a 20-point gin or no undercut bonus scores them its own way. The winner of a round
//! deals the next and a dead hand is redealt by the same dealer, as at the table, because the
//! dealer's side of a round wins less often.
//!
//! Why roll-outs rather than an exact table: the state is three games of two scores each, who
//! has scored in which game and who deals, far too many to tabulate; but from one scoreboard a
//! few hundred cheap roll-outs per result (microseconds each) answer within a decision's budget,
//! and all results share the same random rounds (common random numbers), so the difference
//! between two results, which is all a decision compares, is much steadier than each value. A
//! test checks the roll-outs against an exact dynamic programme where one exists (a last,
//! deciding game).
//!
//! When the series is already decided (someone has two games) or the round is not part of a
//! series, nothing is left to win, and the table falls back to Hollywood-weighted points, as
//! Hard plays; a small share of those points is always added so that even a position where the
//! chance barely moves is played sensibly.

use std::hash::{Hash, Hasher};
use std::sync::{Arc, Mutex};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

pub use super::rounds::ROUNDS;
use super::view::View;
use crate::rules::hollywood::games_for_win;
use crate::rules::round::score;
use crate::rules::series::splitmix64;
use crate::rules::{Game, Outcome, RoundResult, RuleSettings, Scoreboard, Seat};

/// A finished round as facts about roles, for [`ROUNDS`]: who knocked (the dealer or not, `None`
/// for a dead hand), the knocker's and the defender's final deadwood, and gin or big gin.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Played {
    /// Whether the knocker dealt (`None`: a dead hand).
    pub knocker_dealt: Option<bool>,
    /// The knocker's final deadwood.
    pub knocker_dw: u8,
    /// The defender's final deadwood.
    pub defender_dw: u8,
    /// The knocker went gin.
    pub gin: bool,
    /// The knocker went big gin.
    pub big_gin: bool,
}

impl Played {
    /// The facts of `result`, a round `dealer` dealt.
    pub fn of(result: &RoundResult, dealer: Seat) -> Played {
        let Some(k) = result.knocker else {
            return Played::DEAD;
        };
        let byte = |s: Seat| result.spreads[s.index()].deadwood_points.min(255) as u8;
        Played {
            knocker_dealt: Some(k == dealer),
            knocker_dw: byte(k),
            defender_dw: byte(k.other()),
            gin: matches!(result.outcome, Outcome::Gin | Outcome::BigGin),
            big_gin: result.outcome == Outcome::BigGin,
        }
    }

    const DEAD: Played = Played {
        knocker_dealt: None,
        knocker_dw: 0,
        defender_dw: 0,
        gin: false,
        big_gin: false,
    };

    /// The baked form: `(kind, knocker's deadwood, defender's deadwood)`, kind 0 for a dead
    /// hand, 1 when the non-dealer knocked, 2 when the dealer did, plus 4 for gin, 8 for big gin.
    pub fn encode(self) -> (u8, u8, u8) {
        let kind = match self.knocker_dealt {
            None => 0,
            Some(false) => 1,
            Some(true) => 2,
        } + if self.gin { 4 } else { 0 }
            + if self.big_gin { 8 } else { 0 };
        (kind, self.knocker_dw, self.defender_dw)
    }

    /// A round from its three numbers in [`ROUNDS`].
    pub fn decode((kind, knocker_dw, defender_dw): (u8, u8, u8)) -> Played {
        Played {
            knocker_dealt: match kind & 3 {
                1 => Some(false),
                2 => Some(true),
                _ => None,
            },
            knocker_dw,
            defender_dw,
            gin: kind & 4 != 0,
            big_gin: kind & 8 != 0,
        }
    }

    /// Who wins and how many points, under `rules`, when `dealer` dealt; `None` for a dead hand.
    pub fn result(self, rules: &RuleSettings, dealer: Seat) -> Option<(Seat, u32, Outcome)> {
        let knocker = match self.knocker_dealt? {
            true => dealer,
            false => dealer.other(),
        };
        let big = self.big_gin && rules.big_gin_bonus.is_some();
        let (outcome, winner, points, _) = score(
            rules,
            knocker,
            u32::from(self.knocker_dw),
            u32::from(self.defender_dw),
            self.gin,
            big,
        );
        Some((winner, points, outcome))
    }
}

/// Roll-outs per entry of the table.
pub const ROLLOUTS: usize = 1000;
/// A series roll-out that has not been decided after this many rounds counts as a coin toss
/// (only possible with rules where a round can score 0).
const MAX_ROUNDS: usize = 400;
/// How much a Hollywood-weighted point adds to a probability: a tie-breaker, small enough that
/// a whole gin (about 40 points) is worth less than one percent of the series.
const POINT: f32 = 0.0002;

/// What each result of the round in play is worth to one seat.
#[derive(Clone, Debug, PartialEq)]
pub struct ValueTable {
    /// `win[0][p]`: the seat wins `p` points; `win[1][p]`: the opponent does. Past the end of a
    /// row the last entry holds (every credited game closes).
    win: [Vec<f32>; 2],
    dead: f32,
}

impl ValueTable {
    /// The table for `me` in a round `dealer` dealt, with the series at `games` (`None` outside a
    /// series). Deterministic given `seed`.
    pub fn new(
        rules: &RuleSettings,
        games: Option<&[Game; 3]>,
        me: Seat,
        dealer: Seat,
        seed: u64,
        rollouts: usize,
    ) -> ValueTable {
        let weight = |s: Seat| games.map_or(1, |g| games_for_win(g, s).len().max(1)) as f32;
        let points = |s: Seat, p: usize| {
            let v = p as f32 * weight(s);
            if s == me { v } else { -v }
        };
        // Past the largest number of points any open game still needs, every credited game
        // closes and more points change nothing the series counts. Rounds score at most a bonus
        // plus 100 deadwood points, hence the upper bound.
        let need = |g: &[Game; 3]| {
            g.iter()
                .filter(|g| g.is_open())
                .flat_map(|g| g.points)
                .map(|p| rules.game_target.saturating_sub(p))
                .max()
                .unwrap_or(0)
                .min(250) as usize
        };
        // The games, while the series is still to be won.
        let open = games.filter(|g| {
            let sb = board(rules, g);
            sb.series_winner().is_none() && !sb.is_over()
        });
        let cap = open.map_or(250, need);
        let mut win = [Vec::with_capacity(cap + 1), Vec::with_capacity(cap + 1)];
        for (row, s) in win.iter_mut().zip([me, me.other()]) {
            let mut chances: Vec<f32> = (0..=cap)
                .map(|p| {
                    open.map_or(0.0, |g| {
                        let mut sb = board(rules, g);
                        sb.record_win(s, p as u32, Outcome::Knock);
                        chance(rules, &sb.games, me, s, seed, rollouts)
                    })
                })
                .collect();
            // More points for a side never make that side less likely to win the series; the
            // roll-outs' noise can, so each row is made monotone (the least-squares fit).
            if s == me {
                monotone(&mut chances);
            } else {
                chances.reverse();
                monotone(&mut chances);
                chances.reverse();
            }
            row.extend(
                chances
                    .iter()
                    .enumerate()
                    .map(|(p, c)| c + POINT * points(s, p)),
            );
        }
        let dead = open.map_or(0.0, |g| chance(rules, g, me, dealer, seed, rollouts));
        ValueTable { win, dead }
    }

    /// The value of a win of `points` by `me` (`mine`) or by the opponent.
    pub fn win(&self, mine: bool, points: u32) -> f32 {
        let row = &self.win[usize::from(!mine)];
        row[(points as usize).min(row.len() - 1)]
    }

    /// The value of a dead hand (the same dealer deals again).
    pub fn dead(&self) -> f32 {
        self.dead
    }
}

/// The table for the seat of `v` in the round `v` is in, from a small process-wide memo: the
/// scoreboard only changes between rounds, so every decision of a round after the first reuses
/// its table, whichever bot instance asks (the table asks a fresh bot for each move). The key
/// holds every input, so a memoised table is the one that would have been computed.
pub fn table_for(v: &View, seed: u64, rollouts: usize) -> Arc<ValueTable> {
    static MEMO: Mutex<Vec<(u64, Arc<ValueTable>)>> = Mutex::new(Vec::new());
    let mut h = std::hash::DefaultHasher::new();
    (&v.rules, &v.games, v.seat, v.dealer, seed, rollouts).hash(&mut h);
    let key = h.finish();
    if let Ok(memo) = MEMO.lock()
        && let Some((_, t)) = memo.iter().find(|m| m.0 == key)
    {
        return Arc::clone(t);
    }
    // Computed outside the lock, so two series in two threads do not wait for each other.
    let t = Arc::new(ValueTable::new(
        &v.rules,
        v.games.as_ref(),
        v.seat,
        v.dealer,
        splitmix64(key),
        rollouts,
    ));
    if let Ok(mut memo) = MEMO.lock() {
        if memo.len() >= 16 {
            memo.remove(0);
        }
        memo.push((key, Arc::clone(&t)));
    }
    t
}

/// Replaces `xs` by the non-decreasing sequence nearest to it in least squares (pool adjacent
/// violators: a run that falls is replaced by its mean until nothing falls).
fn monotone(xs: &mut [f32]) {
    // (mean, length) of each pooled block.
    let mut blocks: Vec<(f32, usize)> = Vec::with_capacity(xs.len());
    for &x in xs.iter() {
        blocks.push((x, 1));
        while blocks.len() > 1 && blocks[blocks.len() - 2].0 > blocks[blocks.len() - 1].0 {
            let (m2, n2) = blocks.pop().expect("two blocks");
            let (m1, n1) = blocks.pop().expect("two blocks");
            let n = n1 + n2;
            blocks.push(((m1 * n1 as f32 + m2 * n2 as f32) / n as f32, n));
        }
    }
    let mut i = 0;
    for (m, n) in blocks {
        xs[i..i + n].fill(m);
        i += n;
    }
}

/// A scoreboard at `games`, with no history (the roll-outs need none).
fn board(rules: &RuleSettings, games: &[Game; 3]) -> Scoreboard {
    Scoreboard {
        rules: rules.clone(),
        games: games.clone(),
        history: Vec::new(),
    }
}

/// The share of `rollouts` series played on from `games` (with `dealer` to deal) that `me` wins.
pub fn chance(
    rules: &RuleSettings,
    games: &[Game; 3],
    me: Seat,
    dealer: Seat,
    seed: u64,
    rollouts: usize,
) -> f32 {
    let mut rng = ChaCha8Rng::seed_from_u64(splitmix64(seed));
    let mut won = 0.0f32;
    for _ in 0..rollouts {
        let mut sb = board(rules, games);
        let mut dealer = dealer;
        let mut score = 0.5;
        for _ in 0..MAX_ROUNDS {
            if let Some(w) = sb.series_winner() {
                score = if w == me { 1.0 } else { 0.0 };
                break;
            }
            if sb.is_over() {
                break;
            }
            let played = Played::decode(ROUNDS[rng.random_range(0..ROUNDS.len())]);
            if let Some((winner, points, outcome)) = played.result(rules, dealer) {
                sb.record_win(winner, points, outcome);
                dealer = winner;
            }
        }
        won += score;
    }
    won / rollouts.max(1) as f32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Bot;
    use crate::ai::heuristic::Medium;
    use crate::ai::view::View;
    use crate::rules::Round;

    #[test]
    fn the_facts_of_a_round_give_back_its_result() {
        let rules = RuleSettings {
            big_gin_bonus: Some(31),
            ..RuleSettings::default()
        };
        let mut seen = [0usize; 3];
        for seed in 0..300u64 {
            let dealer = if seed % 2 == 0 { Seat::P1 } else { Seat::P2 };
            let mut r = Round::deal(rules.clone(), dealer, seed);
            while let Some(s) = r.to_act() {
                let a = Medium.decide(&View::of(&r, s, None));
                r.apply(s, a).unwrap();
            }
            let res = r.result().unwrap();
            let played = Played::decode(Played::of(res, dealer).encode());
            match played.result(&rules, dealer) {
                None => {
                    assert_eq!(res.outcome, Outcome::DeadHand);
                    seen[0] += 1;
                }
                Some((w, p, o)) => {
                    assert_eq!((Some(w), p, o), (res.winner, res.points, res.outcome));
                    seen[1 + usize::from(res.knocker == Some(dealer))] += 1;
                }
            }
        }
        // Medium rarely lets the stock run out; the knocks by either role are what is checked.
        assert!(seen[1] > 0 && seen[2] > 0, "{seen:?}");
        assert_eq!(
            Played::decode(Played::DEAD.encode()).result(&rules, Seat::P1),
            None
        );
    }

    #[test]
    fn the_baked_rounds_look_like_real_play() {
        let n = ROUNDS.len() as f64;
        assert!(n >= 1000.0);
        let played: Vec<Played> = ROUNDS.iter().map(|&r| Played::decode(r)).collect();
        let dead = played.iter().filter(|p| p.knocker_dealt.is_none()).count() as f64 / n;
        let gins = played.iter().filter(|p| p.gin).count() as f64 / n;
        let rules = RuleSettings::default();
        let dealer_wins = played
            .iter()
            .filter_map(|p| p.result(&rules, Seat::P1))
            .filter(|r| r.0 == Seat::P1)
            .count() as f64
            / (n * (1.0 - dead));
        // Gin rummy between good players: few dead hands (Hard knocks well before the stock
        // runs out), gin in a fair share of rounds, dealer and non-dealer about even.
        assert!(dead < 0.1, "dead hands {dead}");
        assert!((0.05..0.4).contains(&gins), "gins {gins}");
        assert!(
            (0.4..0.6).contains(&dealer_wins),
            "dealer wins {dealer_wins}"
        );
        for p in &played {
            if p.knocker_dealt.is_some() {
                assert!(p.gin == (p.knocker_dw == 0) && p.knocker_dw <= 10, "{p:?}");
            }
        }
    }

    /// The exact chance that `me` closes a last, deciding game first from `(mine, theirs)` points
    /// with `dealer` to deal, over the baked rounds (each equally likely), by dynamic programming
    /// from the top scores down.
    fn exact_last_game(rules: &RuleSettings, mine: u32, theirs: u32, me_deals: bool) -> f64 {
        let t = rules.game_target as usize;
        let played: Vec<Played> = ROUNDS.iter().map(|&r| Played::decode(r)).collect();
        let n = played.len() as f64;
        let dead = played.iter().filter(|p| p.knocker_dealt.is_none()).count() as f64 / n;
        // w[x][y][d]: my chance with x and y points, d = 1 when I deal.
        let mut w = vec![vec![[0.0f64; 2]; t]; t];
        for x in (0..t).rev() {
            for y in (0..t).rev() {
                for d in 0..2 {
                    let dealer = if d == 1 { Seat::P1 } else { Seat::P2 };
                    let mut v = 0.0;
                    for p in &played {
                        let Some((winner, pts, _)) = p.result(rules, dealer) else {
                            continue;
                        };
                        assert!(pts > 0, "the exact programme needs every win to score");
                        let pts = pts as usize;
                        v += if winner == Seat::P1 {
                            if x + pts >= t { 1.0 } else { w[x + pts][y][1] }
                        } else if y + pts >= t {
                            0.0
                        } else {
                            w[x][y + pts][0]
                        };
                    }
                    // A dead hand is dealt again by the same dealer: divide it out.
                    w[x][y][d] = v / n / (1.0 - dead);
                }
            }
        }
        w[mine as usize][theirs as usize][usize::from(me_deals)]
    }

    #[test]
    fn roll_outs_agree_with_the_exact_chance_in_a_deciding_game() {
        let rules = RuleSettings::default();
        for (mine, theirs, me_deals) in [(0, 0, false), (60, 85, true), (90, 40, false)] {
            let mut games: [Game; 3] = Default::default();
            games[0].winner = Some(Seat::P1);
            games[0].wins = [1, 1];
            games[1].winner = Some(Seat::P2);
            games[1].wins = [1, 1];
            games[2].points = [mine, theirs];
            games[2].wins = [1, 1];
            let dealer = if me_deals { Seat::P1 } else { Seat::P2 };
            let n = 4000;
            let rolled = f64::from(chance(&rules, &games, Seat::P1, dealer, 7, n));
            let exact = exact_last_game(&rules, mine, theirs, me_deals);
            let se = (exact * (1.0 - exact) / n as f64).sqrt();
            assert!(
                (rolled - exact).abs() < 4.0 * se + 1e-9,
                "{mine}-{theirs}: rolled {rolled:.3}, exact {exact:.3}"
            );
        }
    }

    #[test]
    fn the_table_values_what_wins_the_series() {
        let rules = RuleSettings::default();
        let mut games: [Game; 3] = Default::default();
        // Game 1: I (P1) need 10, they need 5. I have scored in games 1 and 2, they in game 1.
        games[0].points = [90, 95];
        games[0].wins = [3, 4];
        games[1].points = [40, 0];
        games[1].wins = [2, 0];
        let t = ValueTable::new(&rules, Some(&games), Seat::P1, Seat::P2, 3, ROLLOUTS);
        // Closing game 1 is a jump; more points never hurt; losing is worse than a dead hand.
        assert!(t.win(true, 10) - t.win(true, 9) > 0.05, "{t:?}");
        for p in 1..=120 {
            let (m, m1) = (t.win(true, p), t.win(true, p - 1));
            assert!(m >= m1, "mine {p}: {m} after {m1}");
            let (o, o1) = (t.win(false, p), t.win(false, p - 1));
            assert!(o <= o1, "theirs {p}: {o} after {o1}");
        }
        assert!(t.win(false, 5) < t.dead() && t.dead() < t.win(true, 10));
        // Their 5 points close game 1 for them: worth far more to them than 4.
        assert!(t.win(false, 4) - t.win(false, 5) > 0.05);
        // Once the series is decided only points are left to play for.
        let mut done = games.clone();
        done[0].winner = Some(Seat::P2);
        done[1].winner = Some(Seat::P2);
        let t = ValueTable::new(&rules, Some(&done), Seat::P1, Seat::P2, 3, ROLLOUTS);
        assert!(t.win(true, 30) > t.win(true, 10) && t.win(true, 10) > 0.0);
        assert!(t.win(false, 10) < 0.0 && t.dead() == 0.0);
    }

    #[test]
    fn monotone_is_the_nearest_non_decreasing_fit() {
        let mut xs = [1.0, 3.0, 2.0, 2.0, 5.0, 4.0];
        monotone(&mut xs);
        assert_eq!(xs, [1.0, 7.0 / 3.0, 7.0 / 3.0, 7.0 / 3.0, 4.5, 4.5]);
        let mut sorted = [0.0, 0.5, 0.5, 1.0];
        monotone(&mut sorted);
        assert_eq!(sorted, [0.0, 0.5, 0.5, 1.0]);
    }

    #[test]
    fn a_fresh_series_is_close_to_even() {
        let rules = RuleSettings::default();
        let games: [Game; 3] = Default::default();
        let c = chance(&rules, &games, Seat::P1, Seat::P2, 11, 4000);
        assert!((0.4..0.6).contains(&c), "{c}");
        // Who deals first hardly matters between equal players.
        let dealing = chance(&rules, &games, Seat::P1, Seat::P1, 11, 4000);
        assert!((dealing - c).abs() < 0.05, "{dealing} vs {c}");
    }
}
