//! How the opponent plays, read from the rounds of this series already shown down.
//!
//! Expert deals the opponent's hidden cards from its record in the round ([`super::hard`]'s
//! `determinize_history`), and that reading needs a guess at how it plays: does a card it took
//! from the pile meld, or was it taken for its low points? Medium and Hard take only to meld;
//! the public bots of the arena take any card that lowers their deadwood. Guessing one way for
//! everybody cost against the other kind, so Expert reads it from the opponent's earlier
//! rounds: when a round ends with a knock both hands are shown, and every card the opponent
//! took from the pile is seen to have ended in a meld or not. Those are public facts of
//! finished rounds, never a hidden card.
//!
//! Decisions: [`Style::eager`] gives the chance that the opponent is an eager taker; Expert
//! reads its record that way as often, up to half the time, and past one half lets a share of
//! the rollouts play that way too (none at one half, half at certainty). How the opponent
//! knocks is not read, since it does not tell the kinds apart; the round review leaves the
//! style out, so a round's verdicts stay a matter of that round alone. The rates measured and
//! the readings tried are in `docs/expert-log.md` ("Against the public bots").

use serde::{Deserialize, Serialize};

use super::knowledge::{Knowledge, OppEvent};
use crate::rules::series::Match;
use crate::rules::{Card, CardSet, Round, Seat, best_arrangement};

/// What the opponent's finished rounds of this series showed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Style {
    /// Cards it took from the pile, in rounds that ended with a knock.
    pub takes: u32,
    /// Of those, the ones it threw again later or that ended outside its melds.
    pub loose_takes: u32,
}

/// How often a card taken from the pile ends loose (thrown again, or outside the melds shown),
/// for a player who takes only to meld and for one who takes any card that lowers its deadwood.
/// Measured over 20 series of 8 rounds (`rates_by_level` in `src/ai/measure.rs`) and 20 arena games per bot: Medium
/// 0 of 302, Hard 52 of 508, the EAAI baseline 18 of 228 (a card taken to meld ends loose when
/// the meld is broken or the round ends before it is used); the crate's heuristic bot 184 of
/// 426, its Monte Carlo bot 116 of 330.
const LOOSE_IF_MELDER: f32 = 0.08;
const LOOSE_IF_EAGER: f32 = 0.38;

impl Style {
    /// The chance that the opponent is an eager taker rather than a melder, from an even
    /// start and the takes seen so far (each take's end is counted as a coin of the rate
    /// above for each kind of player). A melder's record takes it towards 0 within a few
    /// rounds, an eager taker's towards 1.
    pub fn eager(&self) -> f32 {
        let loose = self.loose_takes as f32;
        let melded = self.takes.saturating_sub(self.loose_takes) as f32;
        let logit = loose * (LOOSE_IF_EAGER / LOOSE_IF_MELDER).ln()
            + melded * ((1.0 - LOOSE_IF_EAGER) / (1.0 - LOOSE_IF_MELDER)).ln();
        1.0 / (1.0 + (-logit).exp())
    }

    /// The counts over the finished rounds of the series in `m` for the seat `opp` (as
    /// [`Match::rounds_played`] plays them again from their moves; the round in play counts
    /// once it is finished).
    pub fn of_match(m: &Match, opp: Seat) -> Style {
        let mut s = Style::default();
        for p in m.rounds_played().iter().filter(|p| p.finished()) {
            s.observe(&p.end, opp);
        }
        s
    }

    /// Adds what the finished round `r` shows of the seat `opp`. A round not finished with a
    /// knock shows no hands and adds nothing.
    pub fn observe(&mut self, r: &Round, opp: Seat) {
        let Some(k) = r.knock().filter(|_| r.is_finished()) else {
            return;
        };
        // Its cards as shown at the knock, and which of them were in a meld.
        let melded = if k.knocker == opp {
            k.melds
                .iter()
                .fold(CardSet::EMPTY, |a, m| a.union(m.cards()))
        } else {
            let shown = r.hand(opp).union(k.laid_off());
            let a = best_arrangement(shown);
            a.melds
                .iter()
                .fold(k.laid_off(), |acc, m| acc.union(m.cards()))
        };
        // Its record as the other seat saw it: each card it took, and whether it threw it again.
        let record = Knowledge::from_history(opp.other(), r.upcard(), r.history()).opp_events;
        let mut taken_loose: Vec<(Card, bool)> = Vec::new();
        for e in record {
            match e {
                OppEvent::Took(c) => taken_loose.push((c, false)),
                OppEvent::Threw(c) => {
                    if let Some(t) = taken_loose.iter_mut().find(|t| t.0 == c) {
                        t.1 = true;
                    }
                }
                OppEvent::Declined(_) | OppEvent::Stock => {}
            }
        }
        for (c, thrown) in taken_loose {
            self.takes += 1;
            if thrown || !melded.contains(c) {
                self.loose_takes += 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::heuristic::{Medium, lowers_deadwood};
    use crate::ai::measure::play_series;
    use crate::ai::{Bot, View};
    use crate::rules::{Action, Phase};

    /// Medium, except that it takes any pile top that leaves it less deadwood (as the arena's
    /// public bots do).
    struct Eager;

    impl Bot for Eager {
        fn name(&self) -> &'static str {
            "eager"
        }
        fn decide(&self, v: &View) -> Action {
            if let (
                Phase::Draw {
                    stock_only: false, ..
                },
                Some(t),
            ) = (v.phase, v.discard_top())
                && lowers_deadwood(&v.rules, v.hand, t)
            {
                return Action::TakeDiscard;
            }
            Medium.decide(v)
        }
    }

    #[test]
    fn an_eager_taker_is_told_from_a_melder() {
        let (m, shown) = play_series([&Medium, &Eager], 7, 12);
        let [melder, eager] = shown;
        assert!(melder.takes > 0 && eager.takes > 0, "{shown:?}");
        assert_eq!(melder.loose_takes, 0, "Medium takes only to meld");
        assert!(eager.loose_takes * 5 > eager.takes, "{eager:?}");
        assert!(melder.eager() < 0.2, "{}", melder.eager());
        assert!(eager.eager() > 0.9, "{}", eager.eager());
        // Read from the series, every finished round (the last one too) played again from
        // its moves: the same counts.
        let again = [Style::of_match(&m, Seat::P1), Style::of_match(&m, Seat::P2)];
        assert_eq!(again, shown);
    }

    #[test]
    fn no_rounds_shown_is_an_even_guess() {
        assert_eq!(Style::default().eager(), 0.5);
        let s = |takes, loose_takes| Style { takes, loose_takes }.eager();
        assert!(s(1, 1) > 0.5 && s(1, 0) < 0.5);
        assert!(s(10, 1) < s(10, 2) && s(10, 2) < s(10, 4));
    }
}
