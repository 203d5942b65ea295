//! The one referee: the host's game holds the match and checks every message the guest sends
//! with the rules core before anything changes. A move out of turn or against the rules is
//! refused with the core's [`RuleError`] and never applied; a message that is not the guest's
//! to send now is refused too. The guest is only ever told what its seat may see
//! ([`Referee::guest_view`]).

use crate::ai::View;
use crate::rules::{Entry, Match, RuleError, Seat};

use super::wire::Message;

/// Why a message from the guest changed nothing.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum Refusal {
    #[error("the rules refuse that move: {0}")]
    Rule(#[from] RuleError),
    #[error("a message the guest may not send during play")]
    NotNow,
}

/// The host's match, refereed: its own moves and the guest's go through [`Referee::play`].
#[derive(Clone, Debug)]
pub struct Referee {
    series: Match,
    guest: Seat,
}

impl Referee {
    /// Referees `series` with the guest at `guest`.
    pub fn new(series: Match, guest: Seat) -> Referee {
        Referee { series, guest }
    }

    /// The match as it stands.
    pub fn series(&self) -> &Match {
        &self.series
    }

    /// A message from the guest: a move is applied if the core takes it (the round's entry on
    /// the scoreboard if it ended the round); anything else is refused, and nothing changes.
    pub fn from_guest(&mut self, msg: &Message) -> Result<Option<Entry>, Refusal> {
        match msg {
            Message::Move { action } => Ok(self.series.apply(self.guest, action.clone())?),
            _ => Err(Refusal::NotNow),
        }
    }

    /// What the guest's seat may see now: its hand, the discard pile, the cards it knows of
    /// and the host's card count; never the host's hand or the stock.
    pub fn guest_view(&self) -> View {
        View::of(
            self.series.round(),
            self.guest,
            Some(self.series.scoreboard()),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::net::fair::GuestNonce;
    use crate::rules::{Action, CardSet, Round, RuleSettings, best_arrangement};

    const HOST: Seat = Seat::P1;
    const GUEST: Seat = Seat::P2;

    /// The guest (not dealing) holds three melds and the 2♥ and is offered the K♦; the host
    /// holds the 6♣, 7♣, Q♠ and K♠, which lay off on the guest's melds.
    fn table() -> Referee {
        let hands = [
            CardSet::parse("6C QS 7C AD 2D 5D 8H 9H KH KS").unwrap(),
            CardSet::parse("3C 4C 5C 7D 7H 7S 9S TS JS 2H").unwrap(),
        ];
        let round = Round::with_hands(
            RuleSettings::default(),
            HOST,
            hands,
            "KD".parse().unwrap(),
            None,
        )
        .unwrap();
        Referee::new(Match::with_round(round), GUEST)
    }

    fn mv(action: Action) -> Message {
        Message::Move { action }
    }

    fn cases_nonce() -> Message {
        Message::Nonce {
            deal: 1,
            nonce: GuestNonce([0; 32]),
        }
    }

    #[test]
    fn a_guests_bad_move_is_refused_with_the_cores_reason_and_changes_nothing() {
        let mut r = table();
        let before = r.series().clone();
        let host_card = "6C".parse().unwrap();
        let cases = [
            // Out of turn: the guest has the offer, but a draw is not an answer to it.
            (mv(Action::DrawStock), "wrong phase"),
            // A discard of a card not held (and before drawing).
            (mv(Action::Discard(host_card)), "not held"),
            // Not a move at all.
            (cases_nonce(), "not now"),
        ];
        for (msg, what) in cases {
            assert!(r.from_guest(&msg).is_err(), "{what}");
            assert_eq!(r.series(), &before, "{what} changed the match");
        }
        assert!(matches!(
            r.from_guest(&mv(Action::Discard(host_card))),
            Err(Refusal::Rule(_))
        ));
        assert_eq!(
            r.from_guest(&cases_nonce()),
            Err(Refusal::NotNow),
            "a nonce during play"
        );
        // A good move goes through; then the guest may not move again out of turn.
        r.from_guest(&mv(Action::TakeUpcard)).unwrap();
        let knock_card = "3C".parse().unwrap();
        let melds = best_arrangement(r.series().round().hand(GUEST).without(knock_card)).melds;
        let over_limit = mv(Action::Knock {
            discard: knock_card,
            melds,
        });
        let before = r.series().clone();
        assert!(matches!(
            r.from_guest(&over_limit),
            Err(Refusal::Rule(RuleError::DeadwoodTooHigh { .. }))
        ));
        assert_eq!(
            r.series(),
            &before,
            "a knock over the limit changed nothing"
        );
    }

    #[test]
    fn the_guest_sees_only_what_its_seat_may() {
        let r = table();
        let v = r.guest_view();
        assert_eq!(v.hand, r.series().round().hand(GUEST));
        assert!(
            v.hand
                .intersection(r.series().round().hand(HOST))
                .is_empty(),
            "no card of the host's"
        );
    }

    #[test]
    fn a_layoff_that_fits_nothing_and_a_move_after_the_turn_are_refused() {
        let mut r = table();
        r.from_guest(&mv(Action::TakeUpcard)).unwrap();
        let discard = "2H".parse().unwrap();
        let melds = best_arrangement(r.series().round().hand(GUEST).without(discard)).melds;
        // The guest knocks; now the host lays off, and the guest may not move.
        r.from_guest(&mv(Action::Knock { discard, melds })).unwrap();
        let before = r.series().clone();
        assert!(matches!(
            r.from_guest(&mv(Action::FinishLayoffs)),
            Err(Refusal::Rule(RuleError::NotYourTurn(_)))
        ));
        assert_eq!(r.series(), &before);
        // The host's own layoff that fits nothing is refused by the same core.
        let ad = "AD".parse().unwrap();
        let res = r.series.apply(HOST, Action::LayOff { card: ad, meld: 0 });
        assert!(matches!(res, Err(RuleError::DoesNotFit { .. })), "{res:?}");
    }
}
