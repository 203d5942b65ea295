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
//!
//! **How a match is stored.** A match is written as where its series started (match seed,
//! series number, first deal, first dealer, rules) and the moves of every round since, and it
//! is read back by dealing each round and replaying its moves through [`Match::apply`]. So the
//! rules engine itself judges a saved file: a layoff that fits no meld, a knock with too much
//! deadwood, a hand of the wrong size or a phase that no move leads to is refused with the
//! rule it breaks, and everything derived (knocks, results, points, the scoreboard) is
//! recomputed, never read. A snapshot that is checked field by field was the alternative; it
//! needs a check for every way two fields can disagree, and one missing check is a loadable
//! impossible state. The cost is a file that lists moves rather than hands, and a load that
//! replays a few hundred moves (well under a millisecond).

use serde::{Deserialize, Serialize};

use super::hollywood::{Entry, Scoreboard};
use super::round::{Action, Move, Round, RuleError, Seat};
use super::settings::RuleSettings;

/// SplitMix64: a well-mixed 64-bit value from a counter.
pub fn splitmix64(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A match: the current series' scoreboard and the round in play. Stored as a
/// [`MatchRecord`] (see the module docs).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "MatchRecord", try_from = "MatchRecord")]
pub struct Match {
    seed: u64,
    deals: u64,
    series_no: u32,
    scoreboard: Scoreboard,
    round: Round,
    /// Whether the current (finished) round has been entered on the scoreboard.
    recorded: bool,
    /// The deal number of this series' first round, and who dealt it.
    first_deal: u64,
    first_dealer: Seat,
    /// The moves of this series' earlier rounds, in order.
    played: Vec<Vec<Move>>,
    /// A single deal replayed from its own seed (see [`Match::from_deal`]).
    replayed_deal: bool,
    /// The seeds of this series' deals when they were agreed with a friend's game
    /// ([`Match::agreed`]) rather than following from `seed`: one per round whose seed is
    /// known, in order. On the guest's side the round in play has none until it is revealed
    /// ([`Match::agreed_known`]).
    agreed: Option<Vec<u64>>,
    /// The guest's round in play as it was dealt, as far as it knows it (for
    /// [`Match::rounds_played`], which deals every round again).
    known_deal: Option<Box<Round>>,
}

/// The most deals a stored match may have had, and the most rounds one series may hold: far
/// beyond any real play (a series is a few dozen rounds), and a bound on how long a load may
/// take. The rules deal no round past it ([`Match::next_round`]), so what play writes, the game
/// reads back: with rounds bounded too ([`crate::rules::round::LONG_ROUND`]), the largest
/// series play can make fits the store's limit on a file's size (tested there).
pub const MAX_DEALS: u64 = 1 << 40;
/// The most rounds a stored series may hold.
pub const MAX_STORED_ROUNDS: usize = 1_000;

/// How a [`Match`] is written to disk: the series' starting point and its moves.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchRecord {
    /// The match seed: every deal follows from it.
    pub seed: u64,
    /// A single deal replayed from its seed: `seed` is that deal's own seed.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub replayed_deal: bool,
    /// Which series of the match this is, from 1.
    pub series_no: u32,
    /// The deal number (from 1) of this series' first round.
    pub first_deal: u64,
    /// Who dealt the first round.
    pub first_dealer: Seat,
    /// The rules of the series.
    pub rules: RuleSettings,
    /// Every round of this series, as the moves made in it; the last may still be in play.
    pub rounds: Vec<Vec<Move>>,
    /// The seed of each round, when the deals were agreed with a friend's game (then `seed`
    /// is 0 and the match is one series).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub agreed: Vec<u64>,
}

impl From<Match> for MatchRecord {
    /// An agreed match is written with the rounds whose seeds are known: a guest's round in
    /// play, dealt as far as it can see, is left out until its seed is revealed.
    fn from(m: Match) -> MatchRecord {
        let mut rounds = m.played;
        if m.known_deal.is_none() {
            rounds.push(m.round.history().to_vec());
        }
        MatchRecord {
            seed: m.seed,
            replayed_deal: m.replayed_deal,
            series_no: m.series_no,
            first_deal: m.first_deal,
            first_dealer: m.first_dealer,
            rules: m.scoreboard.rules,
            rounds,
            agreed: m.agreed.unwrap_or_default(),
        }
    }
}

impl TryFrom<MatchRecord> for Match {
    type Error = String;

    /// Deals every round again and replays its moves through the rules: see the module docs.
    fn try_from(r: MatchRecord) -> Result<Match, String> {
        r.rules.validate()?;
        if r.series_no == 0 || r.first_deal == 0 {
            return Err("series_no and first_deal count from 1".into());
        }
        if r.first_deal > MAX_DEALS || r.rounds.len() > MAX_STORED_ROUNDS {
            return Err(format!(
                "more deals than a match can have had (first_deal {}, {} rounds)",
                r.first_deal,
                r.rounds.len()
            ));
        }
        if r.series_no == 1 && r.first_deal != 1 {
            return Err(format!(
                "the first series starts with deal 1, not {}",
                r.first_deal
            ));
        }
        // A series takes at least three rounds (three games to close, and a round's winner
        // closes at most the games it has scored in), so series n starts at deal 3n - 2 or
        // later.
        if r.first_deal < 3 * u64::from(r.series_no) - 2 {
            return Err(format!(
                "series {} cannot start at deal {}: each series before it took three deals at \
                 least",
                r.series_no, r.first_deal
            ));
        }
        if r.agreed.is_empty()
            && r.series_no == 1
            && !r.replayed_deal
            && r.first_dealer != first_dealer_of(r.seed)
        {
            return Err(format!(
                "the first dealer follows from the seed: {} deals first, not {}",
                first_dealer_of(r.seed),
                r.first_dealer
            ));
        }
        if r.replayed_deal && (r.series_no != 1 || r.rounds.len() > 1) {
            return Err("a replayed deal is one round".into());
        }
        if r.rounds.is_empty() {
            return Err("a series has at least the round in play".into());
        }
        let mut m = if r.agreed.is_empty() {
            Match::start(
                r.rules,
                r.seed,
                r.replayed_deal,
                r.series_no,
                r.first_deal,
                r.first_dealer,
            )
        } else {
            if r.seed != 0 || r.replayed_deal || r.series_no != 1 {
                return Err("a match agreed with a friend is one series, with no seed".into());
            }
            if r.agreed.len() != r.rounds.len() {
                return Err(format!(
                    "{} rounds with {} agreed seeds",
                    r.rounds.len(),
                    r.agreed.len()
                ));
            }
            Match::agreed(r.rules, r.first_dealer, r.agreed[0])
        };
        for (i, moves) in r.rounds.iter().enumerate() {
            if i > 0 {
                let next = match r.agreed.get(i) {
                    Some(&seed) => m.next_round_agreed(seed),
                    None => m.next_round(),
                };
                next.map_err(|_| format!("round {} follows a round still in play", i + 1))?;
            }
            for (j, mv) in moves.iter().enumerate() {
                m.apply(mv.seat, mv.action.clone())
                    .map_err(|e| format!("round {}, move {}: {e}", i + 1, j + 1))?;
            }
        }
        Ok(m)
    }
}

/// The seed of deal number `deal` (from 1) of the match with seed `seed`; a replayed deal's
/// first deal is its own seed.
fn deal_seed(seed: u64, replayed_deal: bool, deal: u64) -> u64 {
    if replayed_deal && deal == 1 {
        seed
    } else {
        splitmix64(seed.wrapping_add(deal.wrapping_sub(1)))
    }
}

/// Who deals the first round of the match with this seed.
fn first_dealer_of(seed: u64) -> Seat {
    if splitmix64(seed ^ 0xD1CE) & 1 == 0 {
        Seat::P1
    } else {
        Seat::P2
    }
}

/// One round of a series as it was played: the deal before any move, the round as its moves
/// left it, and the scoreboard as it stood before the round.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayedRound {
    /// The round as dealt, before any move.
    pub start: Round,
    /// `start` with the round's moves played (the round in play as it stands).
    pub end: Round,
    /// The scoreboard before the round.
    pub before: Scoreboard,
}

impl PlayedRound {
    /// The moves made, in order.
    pub fn moves(&self) -> &[Move] {
        self.end.history()
    }

    /// Whether the round was played to its end.
    pub fn finished(&self) -> bool {
        self.end.is_finished()
    }
}

/// A finished deal of a series: its number, its seed and who dealt it. What a player needs to
/// check it against its commitment or to play it again; told only once the round is over,
/// since the seed gives every card away.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DealPlayed {
    /// The deal's number in the series, from 1.
    pub deal: u64,
    /// Its seed.
    pub seed: u64,
    /// Who dealt it.
    pub dealer: Seat,
}

impl Match {
    /// The finished deals of this series, in order: one for each entry of the scoreboard's
    /// history (dead hands included). The round in play is not among them.
    pub fn finished_deals(&self) -> Vec<DealPlayed> {
        self.rounds_played()
            .iter()
            .enumerate()
            .filter(|(_, p)| p.finished())
            .filter_map(|(i, p)| {
                Some(DealPlayed {
                    deal: self.first_deal + i as u64,
                    seed: p.start.seed()?,
                    dealer: p.start.dealer(),
                })
            })
            .collect()
    }

    /// Every round of this series so far, the one in play last, dealt again and replayed
    /// from the series' start (as loading a save does).
    pub fn rounds_played(&self) -> Vec<PlayedRound> {
        let mut rounds = self.played.clone();
        rounds.push(self.round.history().to_vec());
        let seeds = self.agreed.clone().unwrap_or_default();
        // Round `i` of the series as it was dealt: from its agreed seed, or (the guest's
        // round in play) as far as this side knows it.
        let known = self.known_deal.as_deref().cloned();
        let dealt = |m: &mut Match, i: usize| match (seeds.get(i), known.clone()) {
            (Some(&seed), _) if i == 0 => {
                *m = Match::agreed(m.rules().clone(), self.first_dealer, seed);
                Ok(())
            }
            (Some(&seed), _) => m.next_round_agreed(seed),
            (None, Some(k)) if i == 0 => Match::agreed_known(k).map(|k| *m = k),
            (None, Some(k)) => m.next_round_known(k),
            (None, None) => Err(NOT_AGREED),
        };
        let mut m = Match::start(
            self.scoreboard.rules.clone(),
            self.seed,
            self.replayed_deal,
            self.series_no,
            self.first_deal,
            self.first_dealer,
        );
        let mut out = Vec::new();
        for (i, moves) in rounds.iter().enumerate() {
            let next = match self.agreed {
                Some(_) => dealt(&mut m, i),
                None if i == 0 => Ok(()),
                None => m.next_round(),
            };
            if next.is_err() {
                break;
            }
            let (start, before) = (m.round.clone(), m.scoreboard.clone());
            if moves
                .iter()
                .any(|mv| m.apply(mv.seat, mv.action.clone()).is_err())
            {
                break;
            }
            out.push(PlayedRound {
                start,
                end: m.round.clone(),
                before,
            });
        }
        out
    }

    /// Starts a match: the first dealer and every deal follow from `seed`.
    pub fn new(rules: RuleSettings, seed: u64) -> Match {
        Match::start(rules, seed, false, 1, 1, first_dealer_of(seed))
    }

    /// A match whose first round is exactly the deal `round_seed` with `dealer` dealing: for
    /// replaying a deal a player has seen (its seed is shown on the table).
    pub fn from_deal(rules: RuleSettings, dealer: Seat, round_seed: u64) -> Match {
        Match::start(rules, round_seed, true, 1, 1, dealer)
    }

    /// A match whose deals are agreed with a friend's game one at a time (see
    /// `crate::net::fair`), rather than following from one seed: its first round is dealt
    /// from `seed` by `dealer` (drawn by the two games, each of which may number the seats its
    /// own way). Such a match is one series.
    pub fn agreed(rules: RuleSettings, dealer: Seat, seed: u64) -> Match {
        let mut m = Match::start(rules, seed, true, 1, 1, dealer);
        m.seed = 0;
        m.replayed_deal = false;
        m.agreed = Some(vec![seed]);
        m
    }

    /// An agreed match as the guest's side knows it before its first deal is revealed:
    /// `round` holds the cards this seat has seen and stand-ins for the rest. Refused if a
    /// move has been made in it.
    pub fn agreed_known(round: Round) -> Result<Match, RuleError> {
        if !round.history().is_empty() {
            return Err(NOT_A_NEW_DEAL);
        }
        let mut m = Match::agreed(round.rules().clone(), round.dealer(), 0);
        m.known_deal = Some(Box::new(round.clone()));
        m.round = round;
        m.agreed = Some(Vec::new());
        Ok(m)
    }

    /// Series `series_no` of the match `seed`, at its first round: deal number `first_deal`,
    /// dealt by `dealer`.
    fn start(
        rules: RuleSettings,
        seed: u64,
        replayed_deal: bool,
        series_no: u32,
        first_deal: u64,
        dealer: Seat,
    ) -> Match {
        let round_seed = deal_seed(seed, replayed_deal, first_deal);
        Match {
            seed,
            deals: first_deal,
            series_no,
            scoreboard: Scoreboard::new(rules.clone()),
            round: Round::deal(rules, dealer, round_seed),
            recorded: false,
            first_deal,
            first_dealer: dealer,
            played: Vec::new(),
            replayed_deal,
            agreed: None,
            known_deal: None,
        }
    }

    /// A match whose round in play is `round` (dealt with chosen hands, see
    /// [`Round::with_hands`]): for tests that need a position, not a seed that happens to reach
    /// it.
    #[cfg(test)]
    pub(crate) fn with_round(round: Round) -> Match {
        let mut m = Match::new(round.rules().clone(), 1);
        m.round = round;
        m
    }

    /// The round in play (or the last, finished).
    pub fn round(&self) -> &Round {
        &self.round
    }
    /// The scoreboard.
    pub fn scoreboard(&self) -> &Scoreboard {
        &self.scoreboard
    }
    /// The rules of the series.
    pub fn rules(&self) -> &RuleSettings {
        &self.scoreboard.rules
    }
    /// Series number, from 1.
    pub fn series_no(&self) -> u32 {
        self.series_no
    }
    /// The seed the series' deals follow from.
    pub fn seed(&self) -> u64 {
        self.seed
    }
    /// A single deal replayed from its seed, as practice.
    pub fn is_replayed_deal(&self) -> bool {
        self.replayed_deal
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
    /// dead hand. Refused while the round is in play or once the series is over, and in a
    /// match whose deals are agreed ([`Match::next_round_agreed`]).
    pub fn next_round(&mut self) -> Result<(), RuleError> {
        self.may_deal_next()?;
        if self.agreed.is_some() {
            return Err(AGREED);
        }
        let seed = deal_seed(self.seed, self.replayed_deal, self.deals + 1);
        self.deal_next(Round::deal(
            self.scoreboard.rules.clone(),
            self.next_dealer(),
            seed,
        ));
        Ok(())
    }

    /// Deals the next round of an agreed match from `seed`, agreed with the friend's game.
    /// Refused as [`Match::next_round`] is, in a match dealt from its own seed, and while the
    /// round just played has not been revealed.
    pub fn next_round_agreed(&mut self, seed: u64) -> Result<(), RuleError> {
        self.may_deal_next()?;
        if self.agreed.is_none() || self.known_deal.is_some() {
            return Err(NOT_AGREED);
        }
        self.deal_next(Round::deal(
            self.scoreboard.rules.clone(),
            self.next_dealer(),
            seed,
        ));
        if let Some(seeds) = &mut self.agreed {
            seeds.push(seed);
        }
        Ok(())
    }

    /// Deals the next round of an agreed match as the guest's side knows it (see
    /// [`Match::agreed_known`]). Refused as [`Match::next_round_agreed`] is, and if `round`
    /// is not a new deal by the right dealer under this series' rules.
    pub fn next_round_known(&mut self, round: Round) -> Result<(), RuleError> {
        self.may_deal_next()?;
        if self.agreed.is_none() || self.known_deal.is_some() {
            return Err(NOT_AGREED);
        }
        if !round.history().is_empty()
            || round.dealer() != self.next_dealer()
            || round.rules() != &self.scoreboard.rules
        {
            return Err(NOT_A_NEW_DEAL);
        }
        self.deal_next(round.clone());
        self.known_deal = Some(Box::new(round));
        Ok(())
    }

    fn may_deal_next(&self) -> Result<(), RuleError> {
        if !self.round.is_finished() || self.scoreboard.is_over() {
            return Err(RuleError::WrongPhase {
                action: "dealing the next round",
                phase: "round in play or series over",
            });
        }
        if self.played.len() + 1 >= MAX_STORED_ROUNDS {
            return Err(RuleError::SeriesTooLong(MAX_STORED_ROUNDS));
        }
        Ok(())
    }

    /// Starts a new series once the current one is over, under `rules` (rule changes take
    /// effect here and only here, so no series is scored under mixed rules).
    /// Refused in an agreed match, which is one series.
    pub fn new_series(&mut self, rules: RuleSettings) -> Result<(), RuleError> {
        if !self.scoreboard.is_over() {
            return Err(RuleError::WrongPhase {
                action: "starting a new series",
                phase: "series in play",
            });
        }
        if self.agreed.is_some() {
            return Err(AGREED);
        }
        let (dealer, seed) = (
            self.next_dealer(),
            deal_seed(self.seed, self.replayed_deal, self.deals + 1),
        );
        self.scoreboard = Scoreboard::new(rules.clone());
        self.series_no = self.series_no.saturating_add(1);
        self.deal_next(Round::deal(rules, dealer, seed));
        self.played.clear();
        self.first_deal = self.deals;
        self.first_dealer = self.round.dealer();
        Ok(())
    }

    /// Who deals the next round: the last round's winner, the same dealer after a dead hand.
    fn next_dealer(&self) -> Seat {
        self.round
            .result()
            .and_then(|r| r.winner)
            .unwrap_or(self.round.dealer())
    }

    fn deal_next(&mut self, round: Round) {
        self.played.push(self.round.history().to_vec());
        self.deals = self.deals.saturating_add(1);
        self.round = round;
        self.recorded = false;
        self.known_deal = None;
    }
}

/// Why an agreed match refuses a deal from its own seed, and the other way round.
const AGREED: RuleError = RuleError::WrongPhase {
    action: "dealing from the match seed",
    phase: "deals agreed with a friend",
};
const NOT_AGREED: RuleError = RuleError::WrongPhase {
    action: "dealing an agreed round",
    phase: "deals not agreed, or the last one not revealed",
};
const NOT_A_NEW_DEAL: RuleError = RuleError::WrongPhase {
    action: "dealing a round already played or by the wrong dealer",
    phase: "new deal",
};

#[cfg(test)]
mod tests {
    use super::*;

    /// Plays the round in play of `m` to its end with each seat's first legal action.
    fn play_out(m: &mut Match) {
        while let Some(seat) = m.round().to_act() {
            let a = m.round().legal_actions()[0].clone();
            m.apply(seat, a).unwrap();
        }
    }

    #[test]
    fn an_agreed_match_deals_each_round_from_the_seed_it_is_given_and_stores_them() {
        let seeds = [11u64, 22, 33, 44];
        let mut m = Match::agreed(RuleSettings::default(), Seat::P2, seeds[0]);
        assert_eq!(m.round().seed(), Some(11));
        assert_eq!(m.round().dealer(), Seat::P2);
        for &seed in &seeds[1..] {
            play_out(&mut m);
            assert!(
                m.next_round().is_err(),
                "an agreed match has no seed to deal from"
            );
            let dealer = m.next_dealer();
            m.next_round_agreed(seed).unwrap();
            assert_eq!(m.round().seed(), Some(seed));
            assert_eq!(m.round().dealer(), dealer);
        }
        let text = ron::to_string(&m).unwrap();
        let back: Match = ron::from_str(&text).unwrap();
        assert_eq!(back, m);
        let rec = MatchRecord::from(m.clone());
        assert_eq!(rec.agreed, seeds);
        assert_eq!(rec.seed, 0);
        let played: Vec<_> = m.rounds_played().iter().map(|p| p.start.seed()).collect();
        assert_eq!(played, seeds.map(Some));
        // A seed too few or too many, or a seed of the match's own, is refused.
        for bad in [
            MatchRecord {
                agreed: seeds[..3].to_vec(),
                ..rec.clone()
            },
            MatchRecord {
                agreed: [&seeds[..], &[55]].concat(),
                ..rec.clone()
            },
            MatchRecord {
                seed: 9,
                ..rec.clone()
            },
        ] {
            assert!(Match::try_from(bad).is_err());
        }
        // A seeded match takes no agreed seed.
        let mut seeded = Match::new(RuleSettings::default(), 5);
        play_out(&mut seeded);
        assert!(seeded.next_round_agreed(7).is_err());
        assert!(seeded.next_round().is_ok());
    }

    #[test]
    fn a_guests_match_plays_its_round_as_far_as_it_knows_it_and_stores_only_revealed_rounds() {
        let dealer = Seat::P2;
        let real = Round::deal(RuleSettings::default(), dealer, 8);
        // The guest's side: the round as dealt, here with the real cards (the stand-in is
        // `crate::net::guest`'s to make).
        let hands = [real.hand(Seat::P1), real.hand(Seat::P2)];
        let known = Round::with_hands(
            RuleSettings::default(),
            dealer,
            hands,
            real.upcard(),
            Some(real.stock().to_vec()),
        )
        .unwrap();
        let mut m = Match::agreed_known(known.clone()).unwrap();
        assert!(m.next_round_agreed(3).is_err(), "the round is in play");
        play_out(&mut m);
        assert!(
            m.next_round_agreed(3).is_err(),
            "not before the round is revealed"
        );
        let rec = MatchRecord::from(m.clone());
        assert!(rec.rounds.is_empty() && rec.agreed.is_empty());
        assert_eq!(m.rounds_played().len(), 1);
        // The revealed match: dealt from the seed, the same moves.
        let mut revealed = Match::agreed(RuleSettings::default(), dealer, 8);
        for mv in m.round().history() {
            revealed.apply(mv.seat, mv.action.clone()).unwrap();
        }
        assert_eq!(revealed.scoreboard(), m.scoreboard());
        // The next round as known: by the right dealer only, and a new deal.
        let dealer = revealed.next_dealer();
        let next = Round::deal(RuleSettings::default(), dealer.other(), 9);
        assert!(revealed.clone().next_round_known(next).is_err());
        let next = Round::deal(RuleSettings::default(), dealer, 9);
        let mut played = next.clone();
        let a = played.legal_actions()[0].clone();
        played.apply(played.to_act().unwrap(), a).unwrap();
        assert!(revealed.clone().next_round_known(played.clone()).is_err());
        assert!(Match::agreed_known(played).is_err());
        revealed.next_round_known(next).unwrap();
        assert_eq!(MatchRecord::from(revealed.clone()).rounds.len(), 1);
        assert_eq!(revealed.rounds_played().len(), 2);
    }

    #[test]
    fn a_match_made_around_a_chosen_round_plays_that_round() {
        let r = Round::deal(RuleSettings::default(), Seat::P2, 77);
        let mut m = Match::with_round(r.clone());
        assert_eq!(m.round(), &r);
        let seat = r.to_act().unwrap();
        let a = r.legal_actions()[0].clone();
        m.apply(seat, a.clone()).unwrap();
        assert_eq!(m.round().history().last().map(|h| &h.action), Some(&a));
    }

    #[test]
    fn the_rounds_played_are_dealt_again_as_they_were() {
        let mut m = Match::new(RuleSettings::default(), 77);
        let mut ends = Vec::new();
        let mut shown = Vec::new();
        // The moves applied, round by round, as this loop made them.
        let mut applied = vec![Vec::new()];
        while ends.len() < 3 {
            let r = m.round();
            match r.to_act() {
                Some(seat) => {
                    let a = r.legal_actions()[0].clone();
                    applied.last_mut().unwrap().push(Move {
                        seat,
                        action: a.clone(),
                    });
                    m.apply(seat, a).unwrap();
                }
                None => {
                    applied.push(Vec::new());
                    ends.push((m.round().clone(), m.scoreboard().clone()));
                    shown.push(DealPlayed {
                        deal: m.deals(),
                        seed: m.round().seed().unwrap(),
                        dealer: m.round().dealer(),
                    });
                    m.next_round().unwrap();
                }
            }
        }
        // The finished deals are the ones played, numbered as they were shown in play (their
        // commitments match), one for each entry of the history; the deal in play is not one.
        assert_eq!(m.finished_deals(), shown);
        assert_eq!(shown.len(), m.scoreboard().history.len());
        let played = m.rounds_played();
        assert_eq!(played.len(), 4, "three finished and the one in play");
        for ((p, (end, after)), moves) in played.iter().zip(&ends).zip(&applied) {
            assert!(p.finished());
            assert_eq!(&p.end, end);
            assert_eq!(p.moves(), moves.as_slice());
            assert_eq!(p.start.seed(), end.seed());
            assert!(p.start.history().is_empty());
            let mut r = p.start.clone();
            for mv in p.moves() {
                r.apply(mv.seat, mv.action.clone()).unwrap();
            }
            assert_eq!(&r, end);
            assert!(p.before.history.len() < after.history.len());
        }
        assert!(!played[3].finished());
        assert_eq!(&played[3].end, m.round());
    }
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

    /// A match into its second series, stopped in the middle of a round.
    fn match_in_second_series() -> Match {
        let mut m = Match::new(RuleSettings::default(), 77);
        while !m.scoreboard().is_over() {
            play_simple(&mut m);
            if !m.scoreboard().is_over() {
                m.next_round().unwrap();
            }
        }
        let rules = RuleSettings {
            gin_bonus: 20,
            ..RuleSettings::default()
        };
        m.new_series(rules).unwrap();
        play_simple(&mut m);
        m.next_round().unwrap();
        for _ in 0..5 {
            let r = m.round();
            let a = match r.phase() {
                Phase::Discard { .. } => Action::Discard(
                    r.last_drawn()
                        .or(r
                            .taken_from_discard()
                            .and(r.hand(r.to_act().unwrap()).first()))
                        .unwrap(),
                ),
                Phase::Draw { .. } => Action::DrawStock,
                _ => Action::PassUpcard,
            };
            m.apply(r.to_act().unwrap(), a).unwrap();
        }
        m
    }

    #[test]
    fn a_stored_match_is_its_moves_and_replays_to_the_same_match() {
        let m = match_in_second_series();
        assert_eq!(m.series_no(), 2);
        assert!(!m.scoreboard().history.is_empty());
        let text = ron::ser::to_string_pretty(&m, Default::default()).unwrap();
        // Nothing derived is written: no hands, results, points or scoreboard.
        for derived in [
            "hands",
            "result",
            "points",
            "scoreboard",
            "recorded",
            "stock",
        ] {
            assert!(!text.contains(derived), "{derived} is written:\n{text}");
        }
        let back: Match = ron::from_str(&text).unwrap();
        assert_eq!(back, m);
        // A replayed practice deal stores and replays too.
        let mut p = Match::from_deal(RuleSettings::default(), Seat::P2, 12345);
        p.apply(p.round().to_act().unwrap(), Action::PassUpcard)
            .unwrap();
        let back: Match = ron::from_str(&ron::to_string(&p).unwrap()).unwrap();
        assert_eq!(back, p);
    }

    /// The stored form of `m` with `edit` applied, loaded again.
    fn edited(m: &Match, edit: impl FnOnce(&mut MatchRecord)) -> Result<Match, String> {
        let mut rec = MatchRecord::from(m.clone());
        edit(&mut rec);
        Match::try_from(rec)
    }

    /// Plays `m` with `pick` choosing among the legal actions until `stop` holds.
    fn play_to(
        mut m: Match,
        pick: impl Fn(&Round) -> Action,
        stop: impl Fn(&Match) -> bool,
    ) -> Option<Match> {
        for _ in 0..2000 {
            if stop(&m) {
                return Some(m);
            }
            match m.round().to_act() {
                Some(s) => {
                    let a = pick(m.round());
                    m.apply(s, a).unwrap();
                }
                None if m.scoreboard().is_over() => return None,
                None => m.next_round().unwrap(),
            }
        }
        None
    }

    /// Knocks or goes gin whenever the rules allow, else passes or draws from the stock and
    /// throws the highest card; lays off everything it can.
    fn eager(r: &Round) -> Action {
        let legal = r.legal_actions();
        let pick = |f: &dyn Fn(&Action) -> bool| legal.iter().find(|a| f(a)).cloned();
        pick(&|a| {
            matches!(
                a,
                Action::Gin { .. } | Action::Knock { .. } | Action::LayOff { .. }
            )
        })
        .or_else(|| pick(&|a| matches!(a, Action::PassUpcard | Action::DrawStock)))
        .or_else(|| {
            legal
                .iter()
                .filter_map(|a| match a {
                    Action::Discard(c) => Some(*c),
                    _ => None,
                })
                .max_by_key(|c| c.points())
                .map(Action::Discard)
        })
        .unwrap_or(Action::FinishLayoffs)
    }

    #[test]
    fn hand_edits_that_break_a_rule_are_refused_with_the_rule() {
        use crate::rules::CardSet;
        // A round where someone knocked (not gin) and the defender has a layoff.
        let m = play_to(Match::new(RuleSettings::default(), 3), eager, |m| {
            let r = m.round();
            matches!(r.phase(), Phase::Layoff { .. })
                && r.legal_actions()
                    .iter()
                    .any(|a| matches!(a, Action::LayOff { .. }))
        })
        .expect("a layoff position");
        let r = m.round().clone();
        let Phase::Layoff { defender } = r.phase() else {
            unreachable!()
        };
        let last = MatchRecord::from(m.clone()).rounds.len() - 1;
        // A layoff of a card that fits no meld.
        let k = r.knock().unwrap();
        let misfit = r
            .hand(defender)
            .iter()
            .find(|&c| {
                k.current_melds()
                    .iter()
                    .all(|mm| mm.extended_by(c).is_none())
            })
            .expect("a card that fits nothing");
        let e = edited(&m, |rec| {
            rec.rounds[last].push(Move {
                seat: defender,
                action: Action::LayOff {
                    card: misfit,
                    meld: 0,
                },
            })
        })
        .unwrap_err();
        assert!(e.contains("does not extend"), "{e}");
        // The knock itself rewritten to spread fewer melds: too much deadwood.
        let knock_at = MatchRecord::from(m.clone()).rounds[last]
            .iter()
            .position(|mv| matches!(mv.action, Action::Knock { .. }))
            .unwrap();
        let e = edited(&m, |rec| {
            if let Action::Knock { melds, .. } = &mut rec.rounds[last][knock_at].action {
                melds.clear();
            }
        })
        .unwrap_err();
        assert!(e.contains("more than the knock limit"), "{e}");
        // ...or turned into a gin that is not one.
        let e = edited(&m, |rec| {
            let mv = &mut rec.rounds[last][knock_at];
            if let Action::Knock { discard, .. } = mv.action {
                mv.action = Action::Gin {
                    discard: Some(discard),
                };
            }
        })
        .unwrap_err();
        assert!(e.contains("not gin"), "{e}");
        // A card drawn that is not there, a move out of turn, a move after the round ended.
        let e = edited(&m, |rec| {
            rec.rounds[last].insert(
                0,
                Move {
                    seat: r.dealer(),
                    action: Action::TakeUpcard,
                },
            )
        })
        .unwrap_err();
        assert!(e.contains("round") && e.contains("move 1"), "{e}");
        let e = edited(&m, |rec| {
            rec.rounds[last].push(Move {
                seat: defender,
                action: Action::FinishLayoffs,
            });
            rec.rounds[last].push(Move {
                seat: defender,
                action: Action::DrawStock,
            });
        })
        .unwrap_err();
        assert!(e.contains("the round is over"), "{e}");
        // A later round after a round still in play.
        let e = edited(&m, |rec| rec.rounds.push(Vec::new())).unwrap_err();
        assert!(e.contains("still in play"), "{e}");
        // The cards are the deal's: a hand edit cannot add one, whatever is claimed.
        let hand: CardSet = r.hand(defender);
        assert_eq!(edited(&m, |_| {}).unwrap().round().hand(defender), hand);
    }

    #[test]
    fn numbers_out_of_bounds_are_refused_not_wrapped() {
        let m = match_in_second_series();
        type Edit = Box<dyn Fn(&mut MatchRecord)>;
        let cases: [(&str, Edit); 7] = [
            ("gin_bonus", Box::new(|r| r.rules.gin_bonus = u32::MAX)),
            ("game_target", Box::new(|r| r.rules.game_target = 0)),
            ("first_deal", Box::new(|r| r.first_deal = u64::MAX)),
            ("first_deal", Box::new(|r| r.first_deal = 0)),
            ("series", Box::new(|r| r.series_no = u32::MAX)),
            ("at least", Box::new(|r| r.rounds.clear())),
            (
                "first series",
                Box::new(|r| {
                    r.series_no = 1;
                    r.first_deal = 9;
                }),
            ),
        ];
        for (needle, edit) in cases {
            let e = edited(&m, edit).unwrap_err();
            assert!(e.contains(needle), "{needle}: {e}");
        }
        // Headers legal play cannot reach: every series takes three deals at least.
        for (series_no, first_deal) in [
            (2, 2),
            (2, 3),
            (1000, 1000),
            (u32::MAX, u64::from(u32::MAX)),
        ] {
            let e = edited(&m, |r| {
                r.series_no = series_no;
                r.first_deal = first_deal;
            })
            .unwrap_err();
            assert!(
                e.contains("three deals at least"),
                "{series_no}/{first_deal}: {e}"
            );
        }
        // The first dealer of a match follows from its seed.
        let fresh = Match::new(RuleSettings::default(), 5);
        let e = edited(&fresh, |r| r.first_dealer = r.first_dealer.other()).unwrap_err();
        assert!(e.contains("first dealer"), "{e}");
    }

    #[test]
    fn scores_saturate_instead_of_overflowing() {
        use crate::rules::round::score;
        let huge = RuleSettings {
            gin_bonus: u32::MAX,
            undercut_bonus: u32::MAX,
            big_gin_bonus: Some(u32::MAX),
            line_bonus: Some(u32::MAX),
            game_bonus: Some(u32::MAX),
            shutout_bonus: Some(u32::MAX),
            ..RuleSettings::default()
        };
        assert_eq!(score(&huge, Seat::P1, 0, 50, true, false).2, u32::MAX);
        assert_eq!(score(&huge, Seat::P1, 0, 50, true, true).2, u32::MAX);
        assert_eq!(score(&huge, Seat::P1, 9, 3, false, false).2, u32::MAX);
        let mut sb = Scoreboard::new(huge);
        sb.record_win(Seat::P1, u32::MAX - 1, Outcome::Knock);
        sb.record_win(Seat::P1, u32::MAX - 1, Outcome::Knock);
        sb.record_win(Seat::P2, u32::MAX, Outcome::Gin);
        assert_eq!(sb.games[0].total(Seat::P1), u32::MAX);
        assert!(sb.leader().is_some());
        let r = RuleSettings::default();
        let (_, _, points, bonus) = score(&r, Seat::P1, 9, 3, false, false);
        assert_eq!((points, bonus), (16, 10), "ordinary scores are unchanged");
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
