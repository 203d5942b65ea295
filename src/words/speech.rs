//! The words a screen reader speaks (issue #63): cards by name ("seven of hearts"; Dutch
//! "harten zeven", Indonesian "tujuh hati"), never the suit symbols the table prints ("7♥"),
//! which speech engines read as "heart suit" or skip; and a card of the hand as the arrow keys
//! walk it: its place in the hand and the meld it is in, or that it is deadwood, from the rules
//! core's arrangement.
//!
//! Decisions:
//! - Every rank is a word (not "7 of hearts"): a number next to "3 of 10" (the place in the
//!   hand) is easily misheard, and each language orders rank and suit its own way (Dutch says
//!   the suit first), so the whole card is one message.
//! - A run is said as its ranks joined by hyphens and its suit once ("the run five-six-seven of
//!   hearts"), as players say it; a set by the other cards in it ("in a set with seven of clubs
//!   and seven of spades"), which needs no plural of each rank in three languages.

use crate::lang::{Voice, rank_text, suit_symbol};
use crate::rules::{Arrangement, Card, CardSet, Meld, MeldKind, Rank, SeenMove, Suit};
use crate::seats::HUMAN;

use super::{card_spans, list, turn, turns};

/// A rank's word: "seven", "queen".
fn rank(v: &Voice, c: Card) -> String {
    v.t(
        "speak-rank",
        &[("rank", i64::from(c.rank().value()).into())],
    )
}

/// A suit's word: "hearts".
fn suit(v: &Voice, s: Suit) -> String {
    let key = match s {
        Suit::Clubs => "clubs",
        Suit::Diamonds => "diamonds",
        Suit::Hearts => "hearts",
        Suit::Spades => "spades",
    };
    v.t("speak-suit", &[("suit", key.into())])
}

/// A card by name: "seven of hearts".
pub fn card(v: &Voice, c: Card) -> String {
    v.t(
        "speak-card",
        &[
            ("rank", rank(v, c).into()),
            ("suit", suit(v, c.suit()).into()),
        ],
    )
}

/// `text`, one of the table's sentences, as a screen reader should hear it: each card written
/// with its suit symbol ("7♣", "10♦", "A♥") said by name ("seven of clubs"), the rest as it is.
pub fn spoken(v: &Voice, text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 32);
    let mut at = 0;
    for (range, s) in card_spans(text) {
        let written = &text[range.start..range.end - suit_symbol(s).len_utf8()];
        let Some(rank) = (1..=13)
            .filter_map(Rank::new)
            .find(|&r| rank_text(r) == written)
        else {
            continue;
        };
        out.push_str(&text[at..range.start]);
        out.push_str(&card(v, Card::new(rank, s)));
        at = range.end;
    }
    out.push_str(&text[at..]);
    out
}

/// Cards by name, in a list: "seven of clubs and seven of spades".
pub fn cards(v: &Voice, cs: &[Card]) -> String {
    list(v, cs.iter().map(|&c| card(v, c)).collect())
}

/// A run: "the run five-six-seven of hearts". `None` for a set.
pub fn run(v: &Voice, m: Meld) -> Option<String> {
    if m.kind() != MeldKind::Run {
        return None;
    }
    let cards = m.sorted_cards();
    let ranks: Vec<String> = cards.iter().map(|&c| rank(v, c)).collect();
    Some(v.t(
        "speak-run",
        &[
            ("ranks", ranks.join("-").into()),
            ("suit", suit(v, cards.first()?.suit()).into()),
        ],
    ))
}

/// Where a card of the hand is: "in the run five-six-seven of hearts", "in a set with seven of
/// clubs and seven of spades", or "deadwood".
pub fn place_in_melds(v: &Voice, c: Card, arrangement: &Arrangement) -> String {
    let Some(&m) = arrangement.melds.iter().find(|m| m.cards().contains(c)) else {
        return v.t("speak-deadwood", &[]);
    };
    match run(v, m) {
        Some(run) => v.t("speak-in-run", &[("run", run.into())]),
        None => {
            let others: Vec<Card> = m.sorted_cards().into_iter().filter(|&o| o != c).collect();
            v.t("speak-in-set", &[("cards", cards(v, &others).into())])
        }
    }
}

/// The `i`th card of `hand` (in the order shown) as the arrow keys land on it: "seven of
/// hearts, 3 of 10, in the run five-six-seven of hearts", and, when the defender may lay it
/// off, where: "…, deadwood, lays off on the run four-five-six of clubs". `None` past the
/// hand's end.
pub fn hand_card(
    v: &Voice,
    hand: &[Card],
    i: usize,
    arrangement: &Arrangement,
    lays_off_on: Option<Meld>,
) -> Option<String> {
    let &c = hand.get(i)?;
    let mut place = place_in_melds(v, c, arrangement);
    if let Some(m) = lays_off_on {
        place.push_str(", ");
        place.push_str(&v.t("speak-lays-off", &[("meld", meld(v, m).into())]));
    }
    Some(v.t(
        "speak-hand-card",
        &[
            ("card", card(v, c).into()),
            ("place", (i + 1).into()),
            ("count", hand.len().into()),
            ("where", place.into()),
        ],
    ))
}

/// A meld: "the run five-six-seven of hearts", or "the set seven of clubs, seven of diamonds
/// and seven of spades".
pub fn meld(v: &Voice, m: Meld) -> String {
    run(v, m).unwrap_or_else(|| {
        v.t(
            "speak-set",
            &[("cards", cards(v, &m.sorted_cards()).into())],
        )
    })
}

/// Melds one after another, parted by semicolons ("none" for none): a set is itself a list
/// with an "and", so "and" between melds would blur where one ends.
fn melds(v: &Voice, ms: &[Meld]) -> String {
    if ms.is_empty() {
        return v.t("speak-none", &[]);
    }
    ms.iter()
        .map(|&m| meld(v, m))
        .collect::<Vec<_>>()
        .join("; ")
}

/// Deadwood by name with its count: "four of clubs and two of spades, 6 points" ("none").
fn deadwood(v: &Voice, cs: CardSet) -> String {
    if cs.is_empty() {
        return v.t("speak-none", &[]);
    }
    let points = cs.points();
    let named: Vec<Card> = cs.iter().collect();
    v.t(
        "speak-deadwood-cards",
        &[
            ("cards", cards(v, &named).into()),
            ("points", points.into()),
        ],
    )
}

/// The player's own hand as the rules core arranges it: "Your melds: …. Your deadwood: …".
pub fn mine(v: &Voice, arrangement: &Arrangement) -> String {
    v.t(
        "speak-mine",
        &[
            ("melds", melds(v, &arrangement.melds).into()),
            ("deadwood", deadwood(v, arrangement.deadwood).into()),
        ],
    )
}

/// The opponent's knock as spread on the table: "The computer's melds: …. Deadwood: …".
pub fn theirs(v: &Voice, spread: &[Meld], dead: CardSet) -> String {
    v.t(
        "speak-theirs",
        &[
            ("melds", melds(v, spread).into()),
            ("deadwood", deadwood(v, dead).into()),
        ],
    )
}

/// The opponent's last `n` turns this round, newest first ("The computer drew from the stock
/// and threw the four of clubs. Before that: …"), cards by name; `None` before their first.
pub fn their_last_turns(v: &Voice, moves: &[SeenMove], n: usize) -> Option<String> {
    let theirs: Vec<String> = turns(moves)
        .into_iter()
        .rev()
        .filter(|t| t.first().is_some_and(|m| m.seat != HUMAN))
        .take(n)
        .map(|t| spoken(v, &turn(v, t)))
        .collect();
    let (newest, older) = theirs.split_first()?;
    let mut s = newest.clone();
    for t in older {
        s.push(' ');
        s.push_str(&v.t("speak-before", &[("turn", t.as_str().into())]));
    }
    Some(s)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::Lang;
    use crate::rules::{CardSet, best_arrangement};

    fn c(t: &str) -> Card {
        t.parse().unwrap()
    }

    fn every_card() -> impl Iterator<Item = Card> {
        CardSet::parse("AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS")
            .unwrap()
            .iter()
    }

    #[test]
    fn cards_are_spoken_by_name_in_each_language() {
        let seven = c("7H");
        assert_eq!(card(&Voice::new(Lang::En), seven), "seven of hearts");
        assert_eq!(card(&Voice::new(Lang::Nl), seven), "harten zeven");
        assert_eq!(card(&Voice::new(Lang::Id), seven), "tujuh hati");
        assert_eq!(card(&Voice::new(Lang::En), c("AS")), "ace of spades");
        assert_eq!(card(&Voice::new(Lang::Nl), c("QD")), "ruiten vrouw");
        assert_eq!(card(&Voice::new(Lang::Id), c("KC")), "king keriting");
        assert_eq!(card(&Voice::new(Lang::En), c("TC")), "ten of clubs");
    }

    /// Each of the 52 cards has a name of its own in every language, with no suit symbol and
    /// no digit in it (a screen reader would say "heart suit", or a number beside the place).
    #[test]
    fn every_card_has_its_own_name_with_no_symbol_or_digit() {
        for lang in Lang::ALL {
            let v = Voice::new(lang);
            let names: std::collections::BTreeSet<String> =
                every_card().map(|c| card(&v, c)).collect();
            assert_eq!(names.len(), 52, "{lang:?}");
            for n in &names {
                assert!(
                    !n.contains(['♣', '♦', '♥', '♠'])
                        && !n.contains(|ch: char| ch.is_ascii_digit()),
                    "{lang:?}: {n}"
                );
            }
        }
    }

    #[test]
    fn a_card_of_the_hand_says_its_place_and_its_meld() {
        let hand: Vec<Card> = ["5H", "6H", "7H", "7C", "7S", "7D", "KS", "2C", "9D", "JC"]
            .into_iter()
            .map(c)
            .collect();
        let set: CardSet = hand.iter().copied().collect();
        let a = best_arrangement(set);
        let en = Voice::new(Lang::En);
        let said: Vec<String> = (0..hand.len())
            .map(|i| hand_card(&en, &hand, i, &a, None).unwrap())
            .collect();
        // The sevens: the run 5-6-7♥ and the set of the other three leave 31 deadwood, the set
        // of four 42; the core keeps the run.
        assert!(a.melds.iter().any(|m| m.kind() == MeldKind::Run), "{a:?}");
        assert_eq!(
            said[0],
            "five of hearts, 1 of 10, in the run five-six-seven of hearts"
        );
        assert_eq!(
            said[3],
            "seven of clubs, 4 of 10, in a set with seven of diamonds and seven of spades"
        );
        assert_eq!(said[6], "king of spades, 7 of 10, deadwood");
        assert_eq!(hand_card(&en, &hand, 10, &a, None), None);
        let nl = Voice::new(Lang::Nl);
        assert_eq!(
            hand_card(&nl, &hand, 9, &a, None).unwrap(),
            "klaveren boer, 10 van 10, losse kaart"
        );
        let id = Voice::new(Lang::Id);
        assert_eq!(
            hand_card(&id, &hand, 8, &a, None).unwrap(),
            "sembilan wajik, 9 dari 10, kartu mati"
        );
    }

    #[test]
    fn the_table_s_sentences_are_spoken_with_cards_by_name() {
        let en = Voice::new(Lang::En);
        assert_eq!(
            spoken(&en, "The computer took your 8♦ and threw the K♦."),
            "The computer took your eight of diamonds and threw the king of diamonds."
        );
        assert_eq!(
            spoken(&en, "A♥, 10♣ and Q♠"),
            "ace of hearts, ten of clubs and queen of spades"
        );
        assert_eq!(spoken(&en, "Your deadwood: 46"), "Your deadwood: 46");
        let nl = Voice::new(Lang::Nl);
        assert_eq!(spoken(&nl, "legde 7♣ af"), "legde klaveren zeven af");
        // Every card the table writes comes back by name.
        for c in every_card() {
            let written = format!("the {} now", crate::lang::card(c));
            assert_eq!(spoken(&en, &written), format!("the {} now", card(&en, c)));
        }
    }

    #[test]
    fn a_run_is_said_with_its_ranks_and_its_suit_once() {
        let run_of = |t: &str| Meld::new(t.parse().unwrap()).unwrap();
        let m = run_of("AC 2C 3C 4C");
        assert_eq!(
            run(&Voice::new(Lang::En), m).unwrap(),
            "the run ace-two-three-four of clubs"
        );
        assert_eq!(
            run(&Voice::new(Lang::Nl), m).unwrap(),
            "de rij klaveren aas-twee-drie-vier"
        );
        assert_eq!(
            run(&Voice::new(Lang::Id), m).unwrap(),
            "urutan as-dua-tiga-empat keriting"
        );
        assert_eq!(run(&Voice::new(Lang::En), run_of("QD QH QS")), None);
    }

    #[test]
    fn melds_deadwood_and_lay_offs_are_said_from_the_arrangement() {
        let en = Voice::new(Lang::En);
        let set = Meld::new("7C 7D 7S".parse().unwrap()).unwrap();
        assert_eq!(
            meld(&en, set),
            "the set seven of clubs, seven of diamonds and seven of spades"
        );
        let hand: CardSet = "5H 6H 7H 7C 7S 7D KS 2C 9D JC".parse().unwrap();
        let a = best_arrangement(hand);
        assert_eq!(
            mine(&en, &a),
            "Your melds: the set seven of clubs, seven of diamonds and seven of spades; the run \
             five-six-seven of hearts. Your deadwood: two of clubs, jack of clubs, nine of \
             diamonds and king of spades, 31 points."
        );
        let gin = best_arrangement("5H 6H 7H 7C 7S 7D KS QS JS TS".parse().unwrap());
        assert!(
            mine(&en, &gin).ends_with("Your deadwood: none."),
            "{}",
            mine(&en, &gin)
        );
        assert_eq!(
            theirs(&en, &[set], "AC".parse().unwrap()),
            "The computer's melds: the set seven of clubs, seven of diamonds and seven of \
             spades. Deadwood: ace of clubs, 1 point."
        );
        // A friend is named where the computer would be.
        assert!(
            theirs(&en.against(Some("Ana")), &[], CardSet::EMPTY).starts_with("Ana's melds: none.")
        );
        let shown: Vec<Card> = hand.iter().collect();
        let i = shown.iter().position(|&x| x == c("KS")).unwrap();
        let run = Meld::new("JS QS TS".parse().unwrap()).unwrap();
        let said = hand_card(&en, &shown, i, &a, Some(run)).unwrap();
        assert!(
            said.ends_with("deadwood, lays off on the run ten-jack-queen of spades"),
            "{said}"
        );
        for lang in Lang::ALL {
            let v = Voice::new(lang);
            for t in [mine(&v, &a), theirs(&v, &[set], "AC".parse().unwrap())] {
                assert!(!t.contains(['♣', '♦', '♥', '♠']) && !t.contains('{'), "{t}");
            }
        }
    }

    #[test]
    fn the_opponent_s_last_turns_are_said_newest_first() {
        use crate::rules::Action;
        let en = Voice::new(Lang::En);
        let them = HUMAN.other();
        let mv = |seat, action| SeenMove {
            seat,
            action,
            took: None,
            took_from: None,
        };
        assert_eq!(their_last_turns(&en, &[], 3), None);
        let moves = [
            mv(them, Action::DrawStock),
            mv(them, Action::Discard(c("4C"))),
            mv(HUMAN, Action::DrawStock),
            mv(HUMAN, Action::Discard(c("9S"))),
            mv(them, Action::DrawStock),
            mv(them, Action::Discard(c("KD"))),
        ];
        assert_eq!(
            their_last_turns(&en, &moves, 3).unwrap(),
            "The computer drew from the stock and threw the king of diamonds. Before that: \
             The computer drew from the stock and threw the four of clubs."
        );
        assert_eq!(
            their_last_turns(&en, &moves, 1).unwrap(),
            "The computer drew from the stock and threw the king of diamonds."
        );
    }
}
