//! The two sides of a series with a friend, wired back to back in memory (every message
//! through the wire format), played by bots; and each kind of bad input from a peer that
//! misbehaves on purpose.

use rand::{Rng, SeedableRng, rngs::StdRng};

use super::fair::{GuestNonce, HostSecret, first_dealer};
use super::guest::{Guest, GuestError, GuestEvent};
use super::host::{Host, HostEvent, HostRefusal};
use super::side::Peer;
use super::told::{GUEST, HOST, local};
use super::wire::{Decoder, Frame, encode};
use crate::ai::{Bot, Level, View};
use crate::rules::{Action, Match, RuleError, RuleSettings, Seat, best_arrangement};

/// A host and a guest and the messages between them.
struct Pair {
    host: Host,
    guest: Guest,
    rng: StdRng,
    host_events: Vec<HostEvent>,
    guest_events: Vec<GuestEvent>,
    /// Every message the guest's state machine sent, in order.
    guest_sent: Vec<Frame>,
}

/// `msg` through the wire format, in two pieces.
fn carried(msg: &Frame) -> Frame {
    let bytes = encode(msg);
    let mut d = Decoder::default();
    let (a, b) = bytes.split_at(bytes.len() / 2);
    d.push(a);
    assert_eq!(d.next_message(), Ok(None));
    d.push(b);
    d.next_message().unwrap().unwrap()
}

/// `msgs` (through the wire format) into one side; what it sends back. Panics on a refusal,
/// which no honest exchange has.
fn pass<S: Peer>(
    side: &mut S,
    msgs: Vec<Frame>,
    rng: &mut StdRng,
    events: &mut Vec<S::Event>,
) -> Vec<Frame> {
    let mut send = Vec::new();
    for msg in msgs {
        let out = side
            .receive_with(carried(&msg), |_| rng.random())
            .unwrap_or_else(|e| panic!("{} refused {msg:?}: {e}", std::any::type_name::<S>()));
        send.extend(out.send);
        events.extend(out.events);
    }
    send
}

impl Pair {
    fn new(seed: u64, rules: RuleSettings) -> Pair {
        let mut p = Pair {
            host: Host::new("Ana", rules),
            guest: Guest::new("Bo"),
            rng: StdRng::seed_from_u64(seed),
            host_events: Vec::new(),
            guest_events: Vec::new(),
            guest_sent: Vec::new(),
        };
        p.connect();
        p
    }

    /// A (new) connection: both greet, and what follows is delivered.
    fn connect(&mut self) {
        let to_guest = self.host.connected();
        let to_host = self.guest.connected();
        self.deliver(to_guest, to_host);
    }

    /// Delivers messages each way until both sides are quiet; panics on a refusal, which no
    /// honest exchange has.
    fn deliver(&mut self, mut to_guest: Vec<Frame>, mut to_host: Vec<Frame>) {
        while !to_guest.is_empty() || !to_host.is_empty() {
            let msgs = std::mem::take(&mut to_guest);
            to_host.extend(pass(
                &mut self.guest,
                msgs,
                &mut self.rng,
                &mut self.guest_events,
            ));
            let msgs = std::mem::take(&mut to_host);
            self.guest_sent.extend(msgs.iter().cloned());
            to_guest.extend(pass(
                &mut self.host,
                msgs,
                &mut self.rng,
                &mut self.host_events,
            ));
        }
    }

    fn secret(&mut self) -> HostSecret {
        HostSecret(self.rng.random())
    }

    /// The host's match (wire seats).
    fn hosts(&self) -> &Match {
        self.host.series().unwrap()
    }
    /// The guest's table (its player first).
    fn guests(&self) -> &Match {
        self.guest.series().unwrap()
    }

    /// One move by whoever is to act, chosen by that side's bot from its own table.
    fn step(&mut self, bots: &[Box<dyn Bot>; 2]) -> Option<(Seat, Action)> {
        let seat = self.hosts().round().to_act()?;
        if seat == HOST {
            let view = View::of(self.hosts().round(), HOST, Some(self.hosts().scoreboard()));
            let a = bots[0].decide(&view);
            let msgs = self.host.play(a.clone()).unwrap();
            self.deliver(msgs, vec![]);
            Some((seat, a))
        } else {
            let me = local(GUEST);
            assert_eq!(self.guests().round().to_act(), Some(me));
            let view = View::of(self.guests().round(), me, Some(self.guests().scoreboard()));
            let a = bots[1].decide(&view);
            let msg = self.guest.play(a.clone()).unwrap();
            self.deliver(vec![], vec![msg]);
            Some((seat, a))
        }
    }

    /// Both players ask for the next deal.
    fn next_deal(&mut self) {
        let ready = self.guest.ready().unwrap();
        self.deliver(vec![], vec![ready]);
        let s = self.secret();
        let msgs = self.host.ready(|_| s);
        self.deliver(msgs, vec![]);
    }
}

/// A whole Hollywood series through the host and guest machines and the wire format equals
/// the same series played on one machine with the same deals and the same bots; and the guest's
/// table, its seats swapped, is the host's match.
#[test]
fn a_whole_series_through_the_network_layer_equals_the_series_played_locally() {
    let rules = RuleSettings::default();
    let mut p = Pair::new(5, rules.clone());
    // Bots that decide from what a seat knows, not from which seat it is (the guest's table
    // numbers the seats its own way).
    let bots = [Level::Medium.bot(1), Level::Medium.bot(2)];
    let mut moves = Vec::new();
    let mut seeds = Vec::new();
    loop {
        seeds.push(p.hosts().round().seed().unwrap());
        while let Some(m) = p.step(&bots) {
            moves.push(m);
        }
        // The round's hidden part is over: the guest has checked the deal and sees the
        // host's match exactly, seats swapped.
        assert_eq!(p.guests().round().seed(), p.hosts().round().seed());
        assert_eq!(
            p.guests().round().hand(local(HOST)),
            p.hosts().round().hand(HOST)
        );
        if p.hosts().scoreboard().is_over() {
            break;
        }
        p.next_deal();
    }
    let (h, g) = (p.hosts().scoreboard(), p.guests().scoreboard());
    assert_eq!(h.history.len(), g.history.len());
    for (a, b) in h.history.iter().zip(&g.history) {
        assert_eq!(a.winner, b.winner.map(local));
        assert_eq!(a.points, b.points);
    }
    assert!(
        h.history.len() >= 3,
        "a series of {} rounds",
        h.history.len()
    );
    // The same series on one machine: the same seeds, the same bots, the same moves.
    let mut local_match = Match::agreed(rules, first_dealer(seeds[0]), seeds[0]);
    let mut replayed = Vec::new();
    for (i, seed) in seeds.iter().enumerate() {
        if i > 0 {
            local_match.next_round_agreed(*seed).unwrap();
        }
        while let Some(seat) = local_match.round().to_act() {
            let view = View::of(local_match.round(), seat, Some(local_match.scoreboard()));
            let a = bots[seat.index()].decide(&view);
            local_match.apply(seat, a.clone()).unwrap();
            replayed.push((seat, a));
        }
    }
    assert_eq!(replayed, moves);
    assert_eq!(local_match.scoreboard(), h);
    assert_eq!(&local_match, p.hosts());
    // Each side heard of every deal and every move of the other's.
    let dealt = p
        .guest_events
        .iter()
        .filter(|e| matches!(e, GuestEvent::Dealt { .. }))
        .count();
    let revealed = p
        .guest_events
        .iter()
        .filter(|e| matches!(e, GuestEvent::Revealed { .. }))
        .count();
    assert_eq!((dealt, revealed), (seeds.len(), seeds.len()));
    let moved = p
        .guest_events
        .iter()
        .filter(|e| matches!(e, GuestEvent::Moved(_)))
        .count();
    assert_eq!(moved, moves.len());
}

/// The connection drops in the middle of a round (messages in flight lost) and comes back:
/// both sides greet again, the host sends the round in play, and the series carries on to the
/// same end as an unbroken one. Then the same while a deal is being agreed.
#[test]
fn a_dropped_connection_resumes_where_it_stopped() {
    let rules = RuleSettings::default();
    let bots = [Level::Medium.bot(3), Level::Medium.bot(4)];
    let mut unbroken = Pair::new(9, rules.clone());
    while unbroken.step(&bots).is_some() {}
    let mut p = Pair::new(9, rules);
    for _ in 0..7 {
        p.step(&bots);
    }
    // The guest's move is lost on the way.
    let seat = p.hosts().round().to_act().unwrap();
    let before = p.hosts().clone();
    if seat == GUEST {
        let view = View::of(p.guests().round(), local(GUEST), None);
        let _lost = p.guest.play(bots[1].decide(&view)).unwrap();
    }
    p.connect();
    assert_eq!(p.hosts(), &before, "a lost message changes nothing");
    assert_eq!(
        View::of(p.guests().round(), local(GUEST), None).hand,
        View::of(p.hosts().round(), GUEST, None).hand
    );
    while p.step(&bots).is_some() {}
    assert_eq!(p.hosts(), unbroken.hosts());
    // Dropped while the next deal is agreed: the commitment comes again and is answered.
    let ready = p.guest.ready().unwrap();
    p.deliver(vec![], vec![ready]);
    let s = p.secret();
    let _lost_commit = p.host.ready(|_| s);
    p.connect();
    assert_eq!(p.hosts().deals(), 2);
    assert_eq!(p.guests().deals(), 2);
    let greeted = p
        .guest_events
        .iter()
        .filter(|e| matches!(e, GuestEvent::Greeted { .. }));
    assert_eq!(greeted.count(), 3, "on each of three connections");
}

/// A guest that sends what it may not: each is refused with a reason, and nothing changes.
#[test]
fn a_misbehaving_guest_is_refused_and_changes_nothing() {
    let mut p = Pair::new(21, RuleSettings::default());
    let bots = [Level::Medium.bot(1), Level::Medium.bot(2)];
    // Let the host be the one to act, the guest holding ten cards, with a move behind it (so
    // a move on an older table can be made).
    while p.hosts().round().to_act() != Some(HOST) || p.hosts().round().history().is_empty() {
        p.step(&bots);
    }
    let m = p.hosts().clone();
    let deal = m.deals();
    let at = m.round().history().len();
    let host_card = m.round().hand(HOST).iter().next().unwrap();
    let guest_hand = m.round().hand(GUEST);
    let mut cases: Vec<(Frame, &str)> = vec![
        (
            Frame::Move {
                deal,
                at,
                action: Action::DrawStock,
            },
            "out of turn",
        ),
        (
            Frame::Move {
                deal,
                at: at - 1,
                action: Action::DrawStock,
            },
            "on an older table",
        ),
        (
            Frame::Move {
                deal: deal + 1,
                at,
                action: Action::DrawStock,
            },
            "in another deal",
        ),
        (
            Frame::Commit {
                deal,
                commitment: super::fair::Commitment([0; 32]),
            },
            "a host's message",
        ),
        (Frame::Next { deal }, "the next deal mid-round"),
    ];
    // The guest's turn for the rest: a discard not held, a knock over the limit.
    while p.hosts().round().to_act() == Some(HOST) {
        p.step(&bots);
    }
    let m2 = p.hosts().clone();
    assert_eq!(m2.round().to_act(), Some(GUEST));
    let at2 = m2.round().history().len();
    let draw = Frame::Move {
        deal,
        at: at2,
        action: Action::DrawStock,
    };
    let refused = |p: &mut Pair, msg: Frame, what: &str| {
        let before = p.host.clone();
        let res = p.host.receive(msg, |_| HostSecret([0; 32]));
        assert!(res.is_err(), "{what} was taken");
        assert_eq!(p.host, before, "{what} changed the host's state");
        res.unwrap_err()
    };
    for (msg, what) in cases.drain(..) {
        // Stale now in any case: the round has moved on.
        let e = refused(&mut p, msg, what);
        assert!(!e.to_string().is_empty());
    }
    assert!(matches!(
        refused(
            &mut p,
            Frame::Move {
                deal,
                at: at2,
                action: Action::Discard(host_card)
            },
            "a discard before drawing"
        ),
        HostRefusal::Rule(RuleError::WrongPhase { .. })
    ));
    let out = p.host.receive(draw, |_| HostSecret([0; 32])).unwrap();
    p.deliver(out.send, vec![]);
    let at3 = p.hosts().round().history().len();
    assert!(matches!(
        refused(
            &mut p,
            Frame::Move {
                deal,
                at: at3,
                action: Action::Discard(host_card)
            },
            "a card not held"
        ),
        HostRefusal::Rule(RuleError::CardNotInHand(_))
    ));
    let hand = p.hosts().round().hand(GUEST);
    let worst = hand.iter().max_by_key(|c| c.points()).unwrap();
    let melds = best_arrangement(hand.without(worst)).melds;
    let dw: u32 = hand.without(worst).iter().map(|c| c.points()).sum();
    if dw > 10 {
        assert!(matches!(
            refused(
                &mut p,
                Frame::Move {
                    deal,
                    at: at3,
                    action: Action::Knock {
                        discard: worst,
                        melds
                    }
                },
                "a knock over the limit"
            ),
            HostRefusal::Rule(RuleError::DeadwoodTooHigh { .. } | RuleError::BadMelds(_))
        ));
    }
    // A flood of refused moves changes nothing either.
    for i in 0..10_000 {
        let _ = p.host.receive(
            Frame::Move {
                deal,
                at: at3 + i,
                action: Action::FinishLayoffs,
            },
            |_| HostSecret([0; 32]),
        );
    }
    assert_eq!(p.hosts().round().history().len(), at3);
    let _ = guest_hand;
    // The nonce of the deal in play again is a repeat (a reconnection), and changes nothing;
    // a different one is a try at a second deal: a foul that ends the series.
    let nonce = p
        .guest_sent
        .iter()
        .find_map(|m| match m {
            Frame::Nonce { deal: d, nonce } if *d == deal => Some(*nonce),
            _ => None,
        })
        .unwrap();
    let before = p.host.clone();
    let out = p
        .host
        .receive(Frame::Nonce { deal, nonce }, |_| HostSecret([0; 32]))
        .unwrap();
    assert!(out.send.is_empty() && out.events.is_empty());
    assert_eq!(p.host, before);
    let e = p
        .host
        .receive(
            Frame::Nonce {
                deal,
                nonce: GuestNonce([1; 32]),
            },
            |_| HostSecret([0; 32]),
        )
        .unwrap_err();
    assert!(e.is_foul(), "{e}");
    assert_eq!(<Host as Peer>::ruling(&e), super::side::Ruling::Foul, "{e}");
    assert!(p.host.foul().is_some());
    assert_eq!(p.host.series(), before.series(), "the series as it stood");
    assert!(
        p.host
            .receive(Frame::Next { deal }, |_| HostSecret([0; 32]))
            .is_err(),
        "nothing more is taken"
    );
    // A greeting in another version is refused with the friend's version.
    let mut h = Host::new("Ana", RuleSettings::default());
    h.connected();
    let other = Frame::Hello {
        protocol: 99,
        game: "9.9".into(),
        name: "Bo".into(),
        rules: None,
    };
    let e = h.receive(other, |_| HostSecret([0; 32])).unwrap_err();
    assert!(
        e.to_string().contains("99") && e.to_string().contains("9.9"),
        "{e}"
    );
    // Anything before the greeting is refused.
    let mut h = Host::new("Ana", RuleSettings::default());
    h.connected();
    assert!(
        h.receive(Frame::Next { deal: 1 }, |_| HostSecret([0; 32]))
            .is_err()
    );
}

/// A host that lies: a forged reveal, a deal that is not the agreed one, a move taken back, a
/// commitment out of turn. Each is refused; the unfair ones end the series loudly.
#[test]
fn a_misbehaving_host_is_caught() {
    let bots = [Level::Medium.bot(1), Level::Medium.bot(2)];
    let play_to_knock = |seed: u64| {
        let mut p = Pair::new(seed, RuleSettings::default());
        while p.hosts().round().knock().is_none() && !p.hosts().round().is_finished() {
            p.step(&bots);
        }
        p
    };
    let p = play_to_knock(31);
    let told = p.host.told().unwrap();
    assert!(told.secret.is_some());
    // A forged reveal: another secret than the one committed to.
    let mut g = p.guest.clone();
    let mut before_reveal = g.clone();
    let mut forged = told.clone();
    forged.secret = Some(HostSecret([0xAA; 32]));
    // The guest as it was before the real reveal came: its last told had no secret.
    let mut fresh = Pair::new(31, RuleSettings::default());
    while fresh.hosts().round().knock().is_none() && !fresh.hosts().round().is_finished() {
        let next_over = {
            let mut m = fresh.hosts().clone();
            let seat = m.round().to_act().unwrap();
            let view = View::of(m.round(), seat, None);
            m.apply(seat, bots[if seat == HOST { 0 } else { 1 }].decide(&view))
                .unwrap();
            m.round().knock().is_some() || m.round().is_finished()
        };
        if next_over {
            before_reveal = fresh.guest.clone();
            break;
        }
        fresh.step(&bots);
    }
    let e = before_reveal
        .receive(Frame::Told(forged), |_| GuestNonce([0; 32]))
        .unwrap_err();
    assert!(e.is_foul(), "{e}");
    assert!(before_reveal.foul().is_some());
    assert!(
        before_reveal
            .receive(Frame::Bye, |_| GuestNonce([0; 32]))
            .is_err(),
        "nothing more is taken"
    );
    // A move taken back: the round told again without its last move.
    let mut back = told.clone();
    back.moves.pop();
    let e = g
        .receive(Frame::Told(back), |_| GuestNonce([0; 32]))
        .unwrap_err();
    assert_eq!(e, GuestError::Rewritten);
    // A deal that is not the agreed one: the right secret, other cards.
    let mut g = fresh.guest.clone();
    let mut other = told.clone();
    let a = other.hand.iter().next().unwrap();
    let b = super::super::rules::CardSet::FULL
        .difference(other.hand)
        .iter()
        .find(|&c| c != other.upcard)
        .unwrap();
    other.hand = other.hand.without(a).with(b);
    let e = g
        .receive(Frame::Told(other), |_| GuestNonce([0; 32]))
        .unwrap_err();
    assert!(e.is_foul() || matches!(e, GuestError::Told(_)), "{e}");
    // A commitment for a deal out of turn, and a guest's message from the host.
    let mut g = fresh.guest.clone();
    let e = g
        .receive(
            Frame::Commit {
                deal: 5,
                commitment: super::fair::Commitment([1; 32]),
            },
            |_| GuestNonce([0; 32]),
        )
        .unwrap_err();
    assert!(matches!(e, GuestError::NotNow(_)));
    let e = g
        .receive(Frame::Next { deal: 1 }, |_| GuestNonce([0; 32]))
        .unwrap_err();
    assert!(matches!(e, GuestError::NotNow(_)));
    // A knock told without its reveal.
    let mut unrevealed = told.clone();
    unrevealed.secret = None;
    let e = fresh
        .guest
        .clone()
        .receive(Frame::Told(unrevealed), |_| GuestNonce([0; 32]))
        .unwrap_err();
    assert!(matches!(e, GuestError::Told(_)), "{e}");
    // A host greeting with other rules mid-series.
    let mut g = p.guest.clone();
    g.connected();
    let rules = RuleSettings {
        gin_bonus: 20,
        ..RuleSettings::default()
    };
    let e = g
        .receive(super::wire::hello("Ana", Some(rules)), |_| {
            GuestNonce([0; 32])
        })
        .unwrap_err();
    assert_eq!(e, GuestError::OtherRules);
}

/// A guest, greeted by a host with the default rules, that has answered the host's
/// commitment to deal 1 (secret `s`): the guest, its nonce and the host.
fn committed(s: HostSecret) -> (Guest, GuestNonce, Host) {
    let mut host = Host::new("Ana", RuleSettings::default());
    let mut guest = Guest::new("Bo");
    let mut to_guest = host.connected();
    let hello_back = guest.connected();
    for m in hello_back {
        to_guest.extend(host.receive(m, |_| s).unwrap().send);
    }
    let mut nonce = None;
    for m in to_guest {
        for reply in guest.receive(m, |_| GuestNonce([9; 32])).unwrap().send {
            if let Frame::Nonce { nonce: n, .. } = reply {
                nonce = Some(n);
            }
        }
    }
    (guest, nonce.expect("the guest answered"), host)
}

/// The host grinding for a deal: it commits, reads the guest's nonce, and commits again to
/// another secret for the same deal. The second commitment is a foul that ends the series (the
/// guest answered every new commitment with a fresh nonce before); the same one again, as a
/// reconnection sends it, is answered with the same nonce and changes nothing.
#[test]
fn a_host_that_commits_twice_to_a_deal_is_caught() {
    let s = HostSecret([5; 32]);
    let (guest, nonce, _) = committed(s);
    let mut g = guest.clone();
    let again = Frame::Commit {
        deal: 1,
        commitment: super::fair::commitment(&s, 1),
    };
    let out = g.receive(again, |_| GuestNonce([8; 32])).unwrap();
    assert_eq!(out.send, vec![Frame::Nonce { deal: 1, nonce }]);
    assert_eq!(g, guest, "a repeat changes nothing");
    let other = Frame::Commit {
        deal: 1,
        commitment: super::fair::commitment(&HostSecret([6; 32]), 1),
    };
    let e = g.receive(other, |_| GuestNonce([8; 32])).unwrap_err();
    assert!(e.is_foul(), "{e}");
    assert_eq!(<Guest as Peer>::ruling(&e), super::side::Ruling::Foul);
    assert!(g.foul().is_some());
    assert!(g.receive(Frame::Bye, |_| GuestNonce([0; 32])).is_err());
}

/// The host shows its secret while its hand is still hidden: no honest host does, and the
/// guest calls it a foul rather than take a deal it could have seen before the nonce.
#[test]
fn a_reveal_before_the_hidden_part_is_over_is_a_foul() {
    let s = HostSecret([5; 32]);
    let (mut guest, nonce, mut host) = committed(s);
    let out = host
        .receive(Frame::Nonce { deal: 1, nonce }, |_| s)
        .unwrap();
    let Some(Frame::Told(told)) = out.send.first().cloned() else {
        panic!("the deal is told: {out:?}");
    };
    assert_eq!(told.secret, None);
    let mut early = told.clone();
    early.secret = Some(s);
    let mut g = guest.clone();
    let e = g
        .receive(Frame::Told(early), |_| GuestNonce([0; 32]))
        .unwrap_err();
    assert!(e.is_foul(), "{e}");
    assert!(matches!(
        e,
        GuestError::Fair(super::fair::FairError::EarlyReveal { deal: 1 })
    ));
    // The round told without its secret is taken.
    guest
        .receive(Frame::Told(told), |_| GuestNonce([0; 32]))
        .unwrap();
    assert!(guest.series().is_some());
}

/// A name with a right-to-left override, a newline and control characters is shown as it
/// reads, the same on every surface; and a friend that renames itself with every greeting
/// keeps the name of its first.
#[test]
fn the_friends_name_is_cleaned_once_and_fixed_for_the_series() {
    let mut host = Host::new("Ana", RuleSettings::default());
    host.connected();
    let evil = Frame::Hello {
        protocol: super::wire::PROTOCOL,
        game: "x".into(),
        name: "\u{202E}live\u{202C}\n\u{0007}ly".into(),
        rules: None,
    };
    let out = host.receive(evil, |_| HostSecret([1; 32])).unwrap();
    assert_eq!(
        out.events[0],
        HostEvent::Greeted {
            name: "live ly".into()
        }
    );
    let kept = host.clone();
    for i in 0..200 {
        host.connected();
        let out = host
            .receive(super::wire::hello(&format!("Mallory {i}"), None), |_| {
                HostSecret([1; 32])
            })
            .unwrap();
        assert_eq!(
            out.events[0],
            HostEvent::Greeted {
                name: "live ly".into()
            }
        );
    }
    assert_eq!(host.friend(), Some("live ly"));
    assert_eq!(host, kept, "a renaming flood changes nothing to keep");
    // The guest likewise keeps the host's first name.
    let mut guest = Guest::new("Bo");
    guest.connected();
    let named = |name: &str| Frame::Hello {
        protocol: super::wire::PROTOCOL,
        game: "x".into(),
        name: name.into(),
        rules: Some(RuleSettings::default()),
    };
    guest
        .receive(named(" \u{200B}Ana\t "), |_| GuestNonce([0; 32]))
        .unwrap();
    guest.connected();
    guest
        .receive(named("Eve"), |_| GuestNonce([0; 32]))
        .unwrap();
    assert_eq!(guest.host(), Some("Ana"));
    // Our own greeting is cleaned too.
    let Frame::Hello { name, .. } = super::wire::hello("\u{202E}Bo\n", None) else {
        unreachable!()
    };
    assert_eq!(name, "Bo");
}
