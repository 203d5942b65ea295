//! Property tests of the rules core: whatever is played, legal or not, no card is lost or
//! duplicated, nothing panics, and a refused action changes nothing.

use hollywood_gin::rules::{Action, Card, CardSet, Match, Meld, Move, Round, RuleSettings, Seat};
use proptest::prelude::*;

fn card() -> impl Strategy<Value = Card> {
    (0u8..52).prop_map(|i| Card::from_index(i).expect("index below 52"))
}

fn seat() -> impl Strategy<Value = Seat> {
    prop_oneof![Just(Seat::P1), Just(Seat::P2)]
}

/// Melds built from random card sets; most random sets are not melds and are dropped, so some
/// runs and sets are generated directly too.
fn melds() -> impl Strategy<Value = Vec<Meld>> {
    let run = (0u8..4, 1u8..12, 3u8..6).prop_map(|(s, lo, len)| {
        (lo..(lo + len).min(14))
            .filter_map(|r| Card::from_index(s * 13 + r - 1))
            .collect::<CardSet>()
    });
    let set = (0u8..13, 0u8..4).prop_map(|(r, skip)| {
        (0u8..4)
            .filter(|&s| s != skip)
            .filter_map(|s| Card::from_index(s * 13 + r))
            .collect::<CardSet>()
    });
    prop::collection::vec(prop_oneof![run, set], 0..4)
        .prop_map(|sets| sets.into_iter().filter_map(Meld::new).collect())
}

fn action() -> impl Strategy<Value = Action> {
    prop_oneof![
        Just(Action::TakeUpcard),
        Just(Action::PassUpcard),
        Just(Action::DrawStock),
        Just(Action::TakeDiscard),
        Just(Action::FinishLayoffs),
        card().prop_map(Action::Discard),
        (card(), melds()).prop_map(|(discard, melds)| Action::Knock { discard, melds }),
        prop::option::of(card()).prop_map(|discard| Action::Gin { discard }),
        (card(), 0usize..5).prop_map(|(card, meld)| Action::LayOff { card, meld }),
    ]
}

fn rules() -> impl Strategy<Value = RuleSettings> {
    (any::<bool>(), any::<bool>(), 0u32..=10).prop_map(|(big, may, limit)| RuleSettings {
        big_gin_bonus: big.then_some(31),
        may_discard_taken_card: may,
        knock_limit: limit,
        ..RuleSettings::default()
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// Random legal play to the end of many rounds: after every action all 52 cards are in
    /// exactly one place and the round passes its own consistency check.
    #[test]
    fn random_legal_play_keeps_every_card(seed in any::<u64>(), rules in rules(), choices in prop::collection::vec(any::<u16>(), 200)) {
        let mut m = Match::new(rules, seed);
        let mut i = 0;
        for _round in 0..3 {
            while !m.round().is_finished() {
                let r = m.round();
                let seat = r.to_act().expect("someone acts in an unfinished round");
                let acts = r.legal_actions();
                prop_assert!(!acts.is_empty());
                // Bias towards the stock so rounds end: a pure random walk can cycle the discard.
                let pick = choices[i % choices.len()] as usize;
                i += 1;
                let a = if acts.contains(&Action::DrawStock) && !pick.is_multiple_of(4) {
                    Action::DrawStock
                } else {
                    acts[pick % acts.len()].clone()
                };
                m.apply(seat, a).map_err(|e| TestCaseError::fail(e.to_string()))?;
                prop_assert!(m.round().check().is_ok(), "{:?}", m.round().check());
                prop_assert!(i < 5000, "round did not end");
            }
            let res = m.round().result().expect("finished round has a result");
            if let Some(w) = res.winner {
                prop_assert!(res.points >= res.bonus);
                prop_assert_eq!(m.scoreboard().history.last().map(|e| e.winner), Some(Some(w)));
            }
            m.next_round().map_err(|e| TestCaseError::fail(e.to_string()))?;
        }
    }

    /// Any sequence of actions from either seat, mostly illegal: never a panic; an error leaves
    /// the round exactly as it was; a success leaves a consistent round.
    #[test]
    fn random_actions_only_error(seed in any::<u64>(), dealer in seat(), moves in prop::collection::vec((seat(), action()), 1..120)) {
        let mut r = Round::deal(RuleSettings::default(), dealer, seed);
        for (s, a) in moves {
            let before = r.clone();
            match r.apply(s, a) {
                Ok(()) => prop_assert!(r.check().is_ok(), "{:?}", r.check()),
                Err(_) => prop_assert_eq!(&r, &before),
            }
        }
    }

    /// Card and hand text round-trips, and no text makes the parser panic.
    #[test]
    fn parsing_never_panics(text in "\\PC{0,12}") {
        let _ = text.parse::<Card>();
        if let Ok(set) = CardSet::parse(&text) {
            prop_assert_eq!(CardSet::parse(&set.to_string()).ok(), Some(set));
        }
    }

    /// Any RON text given as a saved round: either a consistent round or an error, never a panic.
    #[test]
    fn loading_garbage_rounds_never_panics(seed in any::<u64>(), cut in 0usize..4000, flip in any::<u8>()) {
        let mut r = Round::deal(RuleSettings::default(), Seat::P1, seed);
        r.apply(Seat::P2, Action::PassUpcard).ok();
        let mut text = ron::to_string(&r).expect("serialises").into_bytes();
        if !text.is_empty() {
            let at = cut % text.len();
            text[at] ^= flip;
            text.truncate(cut.max(at + 1));
        }
        if let Ok(back) = ron::from_str::<Round>(&String::from_utf8_lossy(&text)) {
            prop_assert!(back.check().is_ok());
        }
    }

    /// A stored match with random moves, random rules and random numbers: loading it is an
    /// error or a match that stores back to the same record, never a panic.
    #[test]
    fn loading_random_match_records_never_panics(
        seed in prop_oneof![Just(0u64), any::<u64>()],
        series_no in prop_oneof![Just(1u32), any::<u32>()],
        first_deal in prop_oneof![Just(1u64), any::<u64>()],
        dealer in seat(),
        rules in rules(),
        gin_bonus in prop_oneof![Just(25u32), any::<u32>()],
        rounds in prop::collection::vec(prop::collection::vec((seat(), action()), 0..40), 0..4),
        agreed in prop_oneof![Just(vec![]), prop::collection::vec(any::<u64>(), 1..4)],
    ) {
        use hollywood_gin::rules::series::MatchRecord;
        let rec = MatchRecord {
            seed,
            replayed_deal: false,
            series_no,
            first_deal,
            first_dealer: dealer,
            rules: RuleSettings { gin_bonus, ..rules },
            rounds: rounds
                .into_iter()
                .map(|r| r.into_iter().map(|(seat, action)| Move { seat, action }).collect())
                .collect(),
            agreed,
        };
        let text = ron::to_string(&rec).expect("serialises");
        if let Ok(m) = ron::from_str::<Match>(&text) {
            prop_assert_eq!(MatchRecord::from(m), rec);
        }
    }
}
