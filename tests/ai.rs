//! Tests of the computer opponents through the public API: legality over many rounds, no
//! peeking at hidden cards, and positions where the right move is clear.

use hollywood_gin::ai::expert::Expert;
use hollywood_gin::ai::hard::Hard;
use hollywood_gin::ai::heuristic::{Easy, Medium};
use hollywood_gin::ai::sim::{self, SimConfig};
use hollywood_gin::ai::{Bot, Level, View};
use hollywood_gin::rules::{Action, Card, CardSet, Match, Phase, Round, RuleSettings, Seat};

fn c(t: &str) -> Card {
    t.parse().unwrap()
}

fn set(t: &str) -> CardSet {
    CardSet::parse(t).unwrap()
}

/// A Hard bot small enough for a debug-build test.
fn small_hard(seed: u64) -> Hard {
    Hard {
        samples: 24,
        ..Hard::new(seed)
    }
}

/// Plays `rounds` rounds between two bots through the rules engine; any refused action fails.
fn play(bots: [&dyn Bot; 2], rounds: usize, seed: u64, rules: RuleSettings) -> usize {
    let mut m = Match::new(rules, seed);
    let mut actions = 0;
    for _ in 0..rounds {
        while let Some(seat) = m.round().to_act() {
            let v = View::of(m.round(), seat, Some(m.scoreboard()));
            let a = bots[seat.index()].decide(&v);
            if let Err(e) = m.apply(seat, a.clone()) {
                panic!(
                    "{} played {a:?} in {:?}: {e}",
                    bots[seat.index()].name(),
                    m.round().phase()
                );
            }
            actions += 1;
        }
        if m.scoreboard().is_over() {
            m.new_series(m.rules().clone()).unwrap();
        } else {
            m.next_round().unwrap();
        }
    }
    actions
}

#[test]
fn easy_and_medium_never_play_an_illegal_move() {
    // Through the simulator: it stops with an error on the first illegal move.
    let cfg = SimConfig {
        threads: 2,
        ..SimConfig::new([Level::Medium, Level::Easy], 60, 11)
    };
    let rep = sim::run(&cfg).expect("no illegal move");
    assert!(rep.rounds > 500, "only {} rounds", rep.rounds);
    assert_eq!(rep.series, 60);
    // And under unusual rules: big gin on, the taken card may be thrown, knock limit 0.
    let odd = RuleSettings {
        big_gin_bonus: Some(31),
        may_discard_taken_card: true,
        knock_limit: 0,
        ..RuleSettings::default()
    };
    let e = Easy { seed: 3 };
    assert!(play([&Medium, &e], 300, 5, odd) > 300);
}

#[test]
fn mirrored_deals_cancel_the_cards_luck() {
    // Medium against Medium plays a deal the same way from either seat, so with every deal
    // played both ways (--mirrored) each pair of units nets to exactly nothing; dealt apart,
    // the cards alone leave one side ahead.
    let cfg = |mirrored| SimConfig {
        threads: 2,
        mirrored,
        ..SimConfig::new([Level::Medium, Level::Medium], 40, 5)
    };
    let rep = sim::run(&cfg(true)).expect("no illegal move");
    assert_eq!(rep.nets.len(), 40);
    for pair in rep.nets.chunks(2) {
        assert_eq!(pair[0].0, -pair[1].0, "a deal and its mirror: {pair:?}");
        assert_eq!(pair[0].1, pair[1].1);
    }
    assert!(
        rep.nets.iter().any(|n| n.0 != 0.0),
        "the deals themselves differ"
    );
    let text = rep.render(&cfg(true));
    assert!(
        text.contains("net points per round, p1 − p2: 0.00 ± 0.00 (mirrored deals)"),
        "{text}"
    );
    let apart = sim::run(&cfg(false)).expect("no illegal move");
    assert!(apart.nets.chunks(2).any(|p| p[0].0 != -p[1].0));
}

#[test]
fn hard_never_plays_an_illegal_move() {
    let h = small_hard(9);
    let e = Easy { seed: 1 };
    assert!(play([&h, &Medium], 25, 21, RuleSettings::default()) > 100);
    let odd = RuleSettings {
        big_gin_bonus: Some(31),
        may_discard_taken_card: true,
        ..RuleSettings::default()
    };
    assert!(play([&e, &h], 15, 22, odd) > 60);
}

/// An Expert bot small enough for a debug-build test: fewer deals and series roll-outs.
fn small_expert(seed: u64) -> Expert {
    let Expert(h) = Expert::new(seed);
    Expert(Hard {
        samples: 24,
        series_rollouts: Some(60),
        ..h
    })
}

#[test]
fn expert_never_plays_an_illegal_move() {
    let x = small_expert(4);
    let e = Easy { seed: 2 };
    assert!(play([&Medium, &x], 25, 23, RuleSettings::default()) > 100);
    let odd = RuleSettings {
        big_gin_bonus: Some(31),
        may_discard_taken_card: true,
        gin_bonus: 20,
        undercut_bonus: 0,
        ..RuleSettings::default()
    };
    assert!(play([&x, &e], 15, 24, odd) > 60);
}

#[test]
fn expert_outplays_easy_over_a_few_series() {
    // Sanity, not the measurement (that is `simulate` and the arena bench, see the README):
    // even a small Expert wins most rounds against Easy.
    let x = small_expert(6);
    let e = Easy { seed: 7 };
    let mut won = [0u32; 2];
    for (i, seed) in (40..70u64).enumerate() {
        let mut m = Match::new(RuleSettings::default(), seed);
        // Expert sits at P1 in even rounds, P2 in odd ones.
        let x_seat = if i % 2 == 0 { Seat::P1 } else { Seat::P2 };
        while let Some(seat) = m.round().to_act() {
            let v = View::of(m.round(), seat, Some(m.scoreboard()));
            let a = if seat == x_seat {
                x.decide(&v)
            } else {
                e.decide(&v)
            };
            m.apply(seat, a).unwrap();
        }
        if let Some(w) = m.round().result().and_then(|r| r.winner) {
            won[usize::from(w != x_seat)] += 1;
        }
    }
    assert!(
        won[0] > won[1] + 5,
        "Expert {} rounds, Easy {}",
        won[0],
        won[1]
    );
}

/// Two rounds that differ only in the opponent's hand and the stock below its top card.
fn twin_rounds() -> (Round, Round) {
    let mine = set("AS 2S 3S 7H 7D 7C KD QH 9C 5D");
    let opp_a = set("4S 5S 6S 8H 8D 8C JD JH 2C 3C");
    let opp_b = set("TS JS QS 4H 4D 4C 2H 3H 6C 6D");
    let up = c("KC");
    let top = c("9D");
    let rest = |opp: CardSet| -> Vec<Card> {
        let used = mine.union(opp).with(up).with(top);
        let mut v: Vec<Card> = CardSet::FULL.difference(used).iter().collect();
        v.push(top);
        v
    };
    let a = Round::with_hands(
        RuleSettings::default(),
        Seat::P2,
        [mine, opp_a],
        up,
        Some(rest(opp_a)),
    )
    .unwrap();
    let b = Round::with_hands(
        RuleSettings::default(),
        Seat::P2,
        [mine, opp_b],
        up,
        Some(rest(opp_b)),
    )
    .unwrap();
    (a, b)
}

#[test]
fn bots_cannot_see_hidden_cards() {
    let (mut a, mut b) = twin_rounds();
    let bots: Vec<Box<dyn Bot>> = vec![
        Box::new(Easy { seed: 4 }),
        Box::new(Medium),
        Box::new(small_hard(4)),
    ];
    let check = |a: &Round, b: &Round| {
        let (va, vb) = (View::of(a, Seat::P1, None), View::of(b, Seat::P1, None));
        assert_eq!(va, vb, "the views must be equal");
        for bot in &bots {
            assert_eq!(
                bot.decide(&va),
                bot.decide(&vb),
                "{} decided differently",
                bot.name()
            );
        }
    };
    check(&a, &b); // upcard offer
    for r in [&mut a, &mut b] {
        r.apply(Seat::P1, Action::PassUpcard).unwrap();
        r.apply(Seat::P2, Action::PassUpcard).unwrap();
        r.apply(Seat::P1, Action::DrawStock).unwrap();
    }
    assert_eq!(a.phase(), Phase::Discard { seat: Seat::P1 });
    check(&a, &b); // discard or knock with the same 11 cards
    // Sanity: the hidden parts really differ.
    assert_ne!(a.hand(Seat::P2), b.hand(Seat::P2));
}

#[test]
fn takes_the_discard_that_completes_gin_then_goes_gin() {
    // P1: runs AS-3S and 4H-6H, sevens set, and KD; the KS... needs nothing? Give P1 a hand one
    // card short of gin: AS 2S 3S, 4H 5H 6H, 7C 7D 7S, and 9C. The 8C does not help, the 7H does.
    let p1 = set("AS 2S 3S 4H 5H 6H 7C 7D 7S 9C");
    let p2 = set("KD KH QC JD TD 9D 8S 2D 3H 5C");
    let bots: Vec<Box<dyn Bot>> = vec![
        Box::new(Medium),
        Box::new(small_hard(2)),
        Box::new(Easy { seed: 0 }),
    ];
    for bot in &bots[..2] {
        // The 7H is turned up; P1 (non-dealer) is offered it.
        let mut r =
            Round::with_hands(RuleSettings::default(), Seat::P2, [p1, p2], c("7H"), None).unwrap();
        let v = View::of(&r, Seat::P1, None);
        assert_eq!(bot.decide(&v), Action::TakeUpcard, "{}", bot.name());
        r.apply(Seat::P1, Action::TakeUpcard).unwrap();
        let v = View::of(&r, Seat::P1, None);
        assert_eq!(
            bot.decide(&v),
            Action::Gin {
                discard: Some(c("9C"))
            },
            "{}",
            bot.name()
        );
    }
    // Every level goes gin when it holds gin after drawing.
    for bot in &bots {
        let mut r =
            Round::with_hands(RuleSettings::default(), Seat::P2, [p1, p2], c("7H"), None).unwrap();
        r.apply(Seat::P1, Action::TakeUpcard).unwrap();
        let a = bot.decide(&View::of(&r, Seat::P1, None));
        assert!(
            matches!(a, Action::Gin { .. }),
            "{} played {a:?}",
            bot.name()
        );
    }
}

#[test]
fn does_not_feed_the_opponents_known_meld() {
    // P2 (non-dealer) takes the 8H upcard, P1 throws the 9H, P2 takes it: P2 is known to hold
    // 8H and 9H. P1 then draws and must choose between TH (completes 8-9-10 of hearts) and KC,
    // both 10 points and both unmatched. The right discard is KC.
    let p1 = set("9H TH KC AS 2S 3S 5C 5D 5S 4D");
    let p2 = set("2H 3H 4H JS QS 6C 7C 8D 9D 2C");
    // Stock top is last: P1 first draws the AD (kept), then the 4S (extends its spade run).
    let used = p1.union(p2).with(c("8H"));
    let mut stock: Vec<Card> = CardSet::FULL
        .difference(used)
        .difference(set("AD 4S"))
        .iter()
        .collect();
    stock.push(c("4S"));
    stock.push(c("AD"));
    let mut r = Round::with_hands(
        RuleSettings::default(),
        Seat::P1,
        [p1, p2],
        c("8H"),
        Some(stock),
    )
    .unwrap();
    r.apply(Seat::P2, Action::TakeUpcard).unwrap();
    r.apply(Seat::P2, Action::Discard(c("2C"))).unwrap();
    r.apply(Seat::P1, Action::DrawStock).unwrap();
    assert_eq!(r.last_drawn(), Some(c("AD")));
    r.apply(Seat::P1, Action::Discard(c("9H"))).unwrap();
    r.apply(Seat::P2, Action::TakeDiscard).unwrap();
    r.apply(Seat::P2, Action::Discard(c("8D"))).unwrap();
    r.apply(Seat::P1, Action::DrawStock).unwrap();
    let v = View::of(&r, Seat::P1, None);
    assert_eq!(v.knowledge.opp_holds, set("8H 9H"));
    assert_eq!(v.hand, set("TH KC AS 2S 3S 4S 5C 5D 5S 4D AD"));
    for bot in [&Medium as &dyn Bot, &small_hard(8)] {
        let a = bot.decide(&v);
        assert_ne!(
            a,
            Action::Discard(c("TH")),
            "{} fed the opponent's run",
            bot.name()
        );
        assert_eq!(a, Action::Discard(c("KC")), "{}", bot.name());
    }
}

#[test]
fn bots_are_deterministic_given_a_seed() {
    let r = Round::deal(RuleSettings::default(), Seat::P1, 99);
    let v = View::of(&r, Seat::P2, None);
    for l in Level::ALL {
        assert_eq!(l.bot(5).decide(&v), l.bot(5).decide(&v));
    }
}

#[test]
fn hints_are_mediums_move_with_a_reason_about_its_card() {
    use hollywood_gin::ai::heuristic::{HintReason, hint};
    let mut m = Match::new(RuleSettings::default(), 31);
    let medium = Level::Medium.bot(0);
    let mut kinds = std::collections::HashSet::new();
    for _ in 0..3 {
        while let Some(s) = m.round().to_act() {
            let v = View::of(m.round(), s, Some(m.scoreboard()));
            let h = hint(&v);
            let a = h.action.clone();
            assert_eq!(a, medium.decide(&v), "the hint is Medium's move");
            // The reason is about the card the move is about.
            match (&a, &h.reason) {
                (Action::Discard(c), HintReason::Discard { card, deadwood, .. }) => {
                    assert_eq!(card, c);
                    let left = hollywood_gin::rules::best_arrangement(v.hand.without(*c));
                    assert_eq!(*deadwood, left.deadwood_points());
                }
                (Action::LayOff { card: c, .. }, HintReason::LayOff(card)) => assert_eq!(card, c),
                (Action::Knock { discard, .. }, HintReason::Knock { discard: d, .. }) => {
                    assert_eq!(d, discard)
                }
                (Action::Gin { discard }, HintReason::Gin(d)) => assert_eq!(d, discard),
                (Action::TakeUpcard | Action::TakeDiscard, r) => assert!(matches!(
                    r,
                    HintReason::TakeIntoMeld(c) | HintReason::TakeTowardsKnock(c)
                        if Some(*c) == v.discard_top()
                )),
                (Action::PassUpcard, HintReason::PassUnmelded(c)) => {
                    assert_eq!(Some(*c), v.discard_top())
                }
                (Action::DrawStock, HintReason::DrawUnmelded(_) | HintReason::DrawOnly) => {}
                (Action::FinishLayoffs, HintReason::Done) => {}
                other => panic!("reason does not fit the move: {other:?}"),
            }
            kinds.insert(std::mem::discriminant(&a));
            m.apply(s, a).unwrap();
        }
        if m.next_round().is_err() {
            break;
        }
    }
    assert!(
        kinds.len() >= 4,
        "hints seen for {} kinds of move",
        kinds.len()
    );
}
