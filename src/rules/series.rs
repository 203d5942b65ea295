//! Match flow: a series of rounds on one Hollywood scoreboard, and one series after another.
//!
//! Deal seeds come from the match seed and a deal counter through SplitMix64, so the whole match
//! is reproducible from one number and each round still shows its own seed (a player who doubts
//! the shuffle can replay exactly that deal with [`super::round::Round::deal`]). Nothing here
//! holds a random generator, which keeps the state a plain serialisable value.
//!
//! Decisions the rules leave open: the first dealer of the match is drawn from the match seed;
//! the winner of a round deals the next; a dead hand is redealt by the same dealer; a new series
//! continues the dealer rotation (the winner of the last round deals), as at a real table.

use serde::{Deserialize, Serialize};

use super::hollywood::{Entry, Scoreboard};
use super::round::{Action, Round, RuleError, Seat};
use super::settings::RuleSettings;

/// SplitMix64: a well-mixed 64-bit value from a counter.
pub fn splitmix64(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A match: the current series' scoreboard and the round in play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Match {
    seed: u64,
    deals: u64,
    series_no: u32,
    scoreboard: Scoreboard,
    round: Round,
    /// Whether the current (finished) round has been entered on the scoreboard.
    recorded: bool,
}

impl Match {
    /// Starts a match: the first dealer and every deal follow from `seed`.
    pub fn new(rules: RuleSettings, seed: u64) -> Match {
        let dealer = if splitmix64(seed ^ 0xD1CE) & 1 == 0 {
            Seat::P1
        } else {
            Seat::P2
        };
        let round = Round::deal(rules.clone(), dealer, splitmix64(seed));
        Match {
            seed,
            deals: 1,
            series_no: 1,
            scoreboard: Scoreboard::new(rules),
            round,
            recorded: false,
        }
    }

    /// A match whose first round is exactly the deal `round_seed` with `dealer` dealing: for
    /// replaying a deal a player has seen (its seed is shown on the table).
    pub fn from_deal(rules: RuleSettings, dealer: Seat, round_seed: u64) -> Match {
        let round = Round::deal(rules.clone(), dealer, round_seed);
        Match {
            seed: round_seed,
            deals: 1,
            series_no: 1,
            scoreboard: Scoreboard::new(rules),
            round,
            recorded: false,
        }
    }

    pub fn round(&self) -> &Round {
        &self.round
    }
    pub fn scoreboard(&self) -> &Scoreboard {
        &self.scoreboard
    }
    pub fn rules(&self) -> &RuleSettings {
        &self.scoreboard.rules
    }
    /// Series number, from 1.
    pub fn series_no(&self) -> u32 {
        self.series_no
    }
    pub fn seed(&self) -> u64 {
        self.seed
    }
    /// True while nobody has made a move in this series: no round recorded, no action in the
    /// round in play. Such a series has nothing to save or to lose.
    pub fn untouched(&self) -> bool {
        self.scoreboard.history.is_empty() && self.round.history().is_empty()
    }

    /// How many rounds this match has dealt, counting the one in play: a round's number.
    pub fn deals(&self) -> u64 {
        self.deals
    }

    /// Applies an action to the round in play; when it finishes the round, the result is
    /// entered on the scoreboard and the entry returned.
    pub fn apply(&mut self, seat: Seat, action: Action) -> Result<Option<Entry>, RuleError> {
        self.round.apply(seat, action)?;
        if self.round.is_finished() && !self.recorded {
            self.recorded = true;
            if let Some(res) = self.round.result() {
                return Ok(Some(self.scoreboard.record(res).clone()));
            }
        }
        Ok(None)
    }

    /// Deals the next round of this series: the round's winner deals, the same dealer after a
    /// dead hand. Refused while the round is in play or once the series is over.
    pub fn next_round(&mut self) -> Result<(), RuleError> {
        if !self.round.is_finished() || self.scoreboard.is_over() {
            return Err(RuleError::WrongPhase {
                action: "dealing the next round",
                phase: "round in play or series over",
            });
        }
        self.deal_next();
        Ok(())
    }

    /// Starts a new series once the current one is over, under `rules` (rule changes take
    /// effect here and only here, so no series is scored under mixed rules).
    pub fn new_series(&mut self, rules: RuleSettings) -> Result<(), RuleError> {
        if !self.scoreboard.is_over() {
            return Err(RuleError::WrongPhase {
                action: "starting a new series",
                phase: "series in play",
            });
        }
        self.scoreboard = Scoreboard::new(rules);
        self.series_no += 1;
        self.deal_next();
        Ok(())
    }

    fn deal_next(&mut self) {
        let dealer = self
            .round
            .result()
            .and_then(|r| r.winner)
            .unwrap_or(self.round.dealer());
        let seed = splitmix64(self.seed.wrapping_add(self.deals));
        self.deals += 1;
        self.round = Round::deal(self.scoreboard.rules.clone(), dealer, seed);
        self.recorded = false;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::round::{Outcome, Phase};

    /// Plays a round with a simple policy: pass the upcard, draw from stock, knock as soon as
    /// allowed, else throw back the drawn card; lay off nothing.
    fn play_simple(m: &mut Match) -> Entry {
        loop {
            let r = m.round();
            let seat = r.to_act().unwrap();
            let acts = r.legal_actions();
            let a = match r.phase() {
                Phase::OfferToNonDealer | Phase::OfferToDealer => Action::PassUpcard,
                Phase::Draw { .. } => Action::DrawStock,
                Phase::Discard { .. } => acts
                    .iter()
                    .find(|a| matches!(a, Action::Gin { .. } | Action::Knock { .. }))
                    .cloned()
                    .unwrap_or(Action::Discard(r.last_drawn().unwrap())),
                _ => Action::FinishLayoffs,
            };
            if let Some(e) = m.apply(seat, a).unwrap() {
                return e;
            }
        }
    }

    #[test]
    fn winner_deals_next_dead_hand_same_dealer_and_series_roll_over() {
        let mut m = Match::new(RuleSettings::default(), 2024);
        let again = Match::new(RuleSettings::default(), 2024);
        assert_eq!(m, again, "reproducible from the seed");
        let mut saw_win = false;
        let mut rounds = 0;
        while !m.scoreboard().is_over() {
            let dealer = m.round().dealer();
            let e = play_simple(&mut m);
            assert!(m.next_round().is_ok() || m.scoreboard().is_over());
            if m.scoreboard().is_over() {
                break;
            }
            match e.winner {
                Some(w) => {
                    saw_win = true;
                    assert_eq!(m.round().dealer(), w, "winner deals");
                }
                None => {
                    assert_eq!(e.outcome, Outcome::DeadHand);
                    assert_eq!(m.round().dealer(), dealer, "dead hand: same dealer");
                }
            }
            rounds += 1;
            assert!(rounds < 2000);
        }
        assert!(saw_win);
        assert!(m.scoreboard().series_winner().is_some());
        assert!(m.next_round().is_err(), "series over");
        let rules = RuleSettings {
            gin_bonus: 20,
            ..RuleSettings::default()
        };
        m.new_series(rules.clone()).unwrap();
        assert_eq!(m.series_no(), 2);
        assert_eq!(m.rules(), &rules);
        assert!(m.scoreboard().history.is_empty());
        assert!(
            m.new_series(rules).is_err(),
            "only after the series is over"
        );
    }

    #[test]
    fn dead_hand_is_redealt_by_the_same_dealer_with_a_new_deal() {
        let mut m = Match::new(RuleSettings::default(), 5);
        let dealer = m.round().dealer();
        let first_seed = m.round().seed();
        // Never knock: draw and throw back until the stock runs down.
        let entry = loop {
            let r = m.round();
            let seat = r.to_act().unwrap();
            let a = match r.phase() {
                Phase::Draw { .. } => Action::DrawStock,
                Phase::Discard { .. } => Action::Discard(r.last_drawn().unwrap()),
                _ => Action::PassUpcard,
            };
            if let Some(e) = m.apply(seat, a).unwrap() {
                break e;
            }
        };
        assert_eq!(entry.outcome, Outcome::DeadHand);
        m.next_round().unwrap();
        assert_eq!(m.round().dealer(), dealer);
        assert_ne!(m.round().seed(), first_seed, "a fresh shuffle");
        assert_eq!(
            m.scoreboard().games_for_win(Seat::P1),
            vec![0],
            "no credit given"
        );
    }

    #[test]
    fn next_round_refused_mid_round_and_ron_round_trip() {
        let mut m = Match::new(RuleSettings::default(), 1);
        assert!(m.next_round().is_err());
        let seat = m.round().to_act().unwrap();
        m.apply(seat, Action::PassUpcard).unwrap();
        let text = ron::to_string(&m).unwrap();
        assert_eq!(ron::from_str::<Match>(&text).unwrap(), m);
    }

    #[test]
    fn a_deal_replays_from_its_seed() {
        let mut m = Match::new(RuleSettings::default(), 5);
        // Move on to a later deal and replay it.
        while m.deals() < 3 {
            while let Some(seat) = m.round().to_act() {
                let a = m.round().legal_actions()[0].clone();
                m.apply(seat, a).unwrap();
            }
            m.next_round().unwrap();
        }
        let r = m.round();
        let replay = Match::from_deal(m.rules().clone(), r.dealer(), r.seed().unwrap());
        let q = replay.round();
        assert_eq!(q.dealer(), r.dealer());
        for s in Seat::ALL {
            assert_eq!(q.hand(s), r.hand(s));
        }
        assert_eq!(q.stock(), r.stock());
        assert_eq!(q.upcard(), r.upcard());
        assert!(replay.scoreboard().history.is_empty());
        assert!(replay.untouched());
        assert!(!m.untouched(), "rounds were recorded");
    }
}
