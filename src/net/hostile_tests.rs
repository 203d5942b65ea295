//! The fair deal against a modified peer, as properties over any sequence of messages: a
//! peer may send whatever `src/net`'s own types can say, in any order, again and again, and
//! still never gets a deal other than the one the two halves fixed first.
//!
//! The modified host is modelled as several honest hosts at once, each with secrets of its
//! own, all fed every message the guest sends: so it can commit to many secrets, read the
//! guest's nonce, deal each, play on whichever it likes and reveal any of them. Besides their
//! messages in order, it may replay any message ever made, send one altered (another secret,
//! a secret dropped or shown early, a move taken back, another deal's number) and reconnect.
//! The modified guest is modelled the same way, with several nonces of its own.

use std::collections::{BTreeMap, VecDeque};

use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};

use super::fair::{Commitment, GuestNonce, HostSecret, commitment, deal_seed, derive};
use super::guest::{Guest, GuestEvent};
use super::host::{Host, HostEvent};
use super::told::{GUEST, HOST, local};
use super::wire::Frame;
use crate::ai::{Bot, Level, View};
use crate::rules::RuleSettings;

/// What the peer under test does next.
#[derive(Clone, Debug)]
enum Op {
    /// The honest exchange goes one step on: the honest side's next message, or a move.
    Honest,
    /// Peer `k` (one of the modified peer's other faces) sends its next message, or plays.
    Other(usize),
    /// Any message side `k` made so far, again.
    Replay(usize, usize),
    /// Any message side `k` made so far, altered.
    Altered(usize, usize, u8),
    /// Both reconnect and greet again.
    Reconnect,
}

/// Sequences of every mix, from a peer that only drops the connection now and then (so deals
/// go on being revealed under attack) to one that mostly speaks with its other faces: mix 0
/// reconnects, 1 replays its honest messages too, 2 and 3 also alter them and speak with the
/// other faces.
fn ops() -> impl Strategy<Value = Vec<Op>> {
    (0u32..4).prop_flat_map(|mix| {
        let faces = if mix < 2 { 1 } else { FACES };
        let some = |w: u32, from: u32| if mix >= from { w } else { 0 };
        let op = prop_oneof![
            24 => Just(Op::Honest),
            some(mix * mix, 2) => (1usize..FACES).prop_map(Op::Other),
            some(3, 1) => (0..faces, any::<usize>()).prop_map(|(k, i)| Op::Replay(k, i)),
            some(mix, 2) => (0..faces, any::<usize>(), any::<u8>())
                .prop_map(|(k, i, h)| Op::Altered(k, i, h)),
            1 => Just(Op::Reconnect),
        ];
        proptest::collection::vec(op, 1..240)
    })
}

/// The modified peer's faces: 0 plays honestly, the others with other secrets or nonces.
const FACES: usize = 3;

fn host_secret(face: usize, deal: u64) -> HostSecret {
    HostSecret(derive(&[face as u8 + 1; 32], b"secret", deal))
}

fn guest_nonce(face: usize, deal: u64) -> GuestNonce {
    GuestNonce(derive(&[face as u8 + 101; 32], b"nonce", deal))
}

/// `msg` altered the way `how` picks: what a modified game can send that no honest one does.
fn alter(msg: &Frame, how: u8) -> Frame {
    let face = how as usize % FACES;
    let mut msg = msg.clone();
    match &mut msg {
        Frame::Told(t) => match how % 4 {
            0 => t.secret = Some(host_secret(face, t.deal)),
            1 => t.secret = None,
            2 => {
                t.moves.pop();
            }
            _ => t.deal += 1,
        },
        Frame::Commit {
            deal,
            commitment: c,
        } => match how % 2 {
            0 => *c = commitment(&host_secret(face, *deal), *deal),
            _ => *deal += 1,
        },
        Frame::Nonce { deal, nonce } => match how % 2 {
            0 => *nonce = guest_nonce(face, *deal),
            _ => *deal += 1,
        },
        Frame::Move { at, deal, .. } => match how % 2 {
            0 => *at = at.wrapping_add(1),
            _ => *deal += 1,
        },
        Frame::Next { deal } => *deal += 1,
        Frame::Hello { name, .. } => name.push('!'),
        Frame::Bye | Frame::Ping => {}
    }
    msg
}

/// A guest and a modified host with [`FACES`] faces.
struct HostileHost {
    guest: Guest,
    faces: Vec<Host>,
    queues: Vec<VecDeque<Frame>>,
    /// Every message each face made.
    pools: Vec<Vec<Frame>>,
    /// What the guest sent and answered, per deal: its nonce, the commitment it answered.
    nonces: BTreeMap<u64, GuestNonce>,
    answered: BTreeMap<u64, Commitment>,
    bots: [Box<dyn Bot>; 2],
    seen: Seen,
}

/// What a run got to, so the properties are known not to hold vacuously.
#[derive(Default, Debug)]
struct Seen {
    revealed: usize,
    fouls: usize,
    /// Reveals taken in runs where other faces' messages reached the guest first.
    revealed_under_attack: usize,
    attacked: bool,
}

impl HostileHost {
    fn new(seed: u64) -> HostileHost {
        let mut w = HostileHost {
            guest: Guest::new("Bo"),
            faces: (0..FACES)
                .map(|_| Host::new("Ana", RuleSettings::default()))
                .collect(),
            queues: vec![VecDeque::new(); FACES],
            pools: vec![Vec::new(); FACES],
            nonces: BTreeMap::new(),
            answered: BTreeMap::new(),
            bots: [Level::Medium.bot(seed), Level::Medium.bot(seed + 1)],
            seen: Seen::default(),
        };
        w.reconnect();
        w
    }

    fn made(&mut self, face: usize, msgs: Vec<Frame>) {
        self.pools[face].extend(msgs.iter().cloned());
        self.queues[face].extend(msgs);
    }

    /// What the guest sends reaches every face.
    fn tell_faces(&mut self, msg: &Frame) {
        for k in 0..FACES {
            if let Ok(out) = self.faces[k].receive(msg.clone(), |d| host_secret(k, d)) {
                self.made(k, out.send);
            }
        }
    }

    fn reconnect(&mut self) {
        for k in 0..FACES {
            let hello = self.faces[k].connected();
            self.made(k, hello);
        }
        for m in self.guest.connected() {
            self.tell_faces(&m);
        }
    }

    /// `msg` into the guest, and the properties checked on what it did.
    fn deliver(&mut self, msg: Frame) {
        let commit = match &msg {
            Frame::Commit { commitment, .. } => Some(*commitment),
            _ => None,
        };
        let out = match self.guest.receive(msg, |d| guest_nonce(0, d)) {
            Ok(out) => out,
            Err(e) => {
                if e.is_foul() {
                    self.seen.fouls += 1;
                }
                return;
            }
        };
        for m in &out.send {
            if let Frame::Nonce { deal, nonce } = m {
                // One nonce per deal, and one commitment answered per deal.
                let first = *self.nonces.entry(*deal).or_insert(*nonce);
                assert_eq!(first, *nonce, "a second nonce for deal {deal}");
                let c = commit.expect("a nonce answers a commitment");
                let first = *self.answered.entry(*deal).or_insert(c);
                assert_eq!(first, c, "a second commitment answered for deal {deal}");
            }
        }
        for e in &out.events {
            if let GuestEvent::Revealed { deal, seed } = e {
                assert_eq!(
                    Some(*seed),
                    self.fixed(*deal),
                    "deal {deal} is not the one fixed"
                );
                self.seen.revealed += 1;
                if self.seen.attacked {
                    self.seen.revealed_under_attack += 1;
                }
            }
        }
        for m in out.send {
            self.tell_faces(&m);
        }
        // Every deal on the guest's table is the one its two halves fixed.
        if let Some(m) = self.guest.series() {
            for d in m.finished_deals() {
                assert_eq!(
                    Some(d.seed),
                    self.fixed(d.deal),
                    "deal {} on the table",
                    d.deal
                );
            }
        }
    }

    /// The seed fixed for `deal` by the first commitment the guest answered and its nonce:
    /// the modified host knows every secret it may have committed to.
    fn fixed(&self, deal: u64) -> Option<u64> {
        let (c, n) = (self.answered.get(&deal)?, self.nonces.get(&deal)?);
        let s = (0..FACES)
            .map(|k| host_secret(k, deal))
            .find(|s| commitment(s, deal) == *c)?;
        Some(deal_seed(&s, n, deal))
    }

    /// Face `k`'s next message to the guest, or else a move on its own table (the honest
    /// face: the guest's move too, and the next deal).
    fn step(&mut self, k: usize) {
        if k > 0 {
            self.seen.attacked = true;
        }
        if let Some(m) = self.queues[k].pop_front() {
            return self.deliver(m);
        }
        let Some(m) = self.faces[k].series().cloned() else {
            return;
        };
        match m.round().to_act() {
            Some(HOST) => {
                let view = View::of(m.round(), HOST, Some(m.scoreboard()));
                let a = self.bots[0].decide(&view);
                if let Ok(out) = self.faces[k].play(a) {
                    self.made(k, out);
                }
            }
            Some(_) if k == 0 => {
                let Some(g) = self.guest.series() else { return };
                if g.round().to_act() != Some(local(GUEST)) {
                    return;
                }
                let view = View::of(g.round(), local(GUEST), Some(g.scoreboard()));
                if let Ok(msg) = self.guest.play(self.bots[1].decide(&view)) {
                    self.tell_faces(&msg);
                }
            }
            Some(_) => {}
            None if k == 0 => {
                if let Some(next) = self.guest.ready() {
                    self.tell_faces(&next);
                }
                let out = self.faces[0].ready(|d| host_secret(0, d));
                self.made(0, out);
            }
            None => {}
        }
    }

    fn run(&mut self, op: &Op) {
        match op {
            Op::Honest => self.step(0),
            Op::Other(k) => self.step(*k),
            Op::Replay(k, i) if !self.pools[*k].is_empty() => {
                self.seen.attacked = true;
                let m = self.pools[*k][i % self.pools[*k].len()].clone();
                self.deliver(m);
            }
            Op::Altered(k, i, how) if !self.pools[*k].is_empty() => {
                self.seen.attacked = true;
                let m = alter(&self.pools[*k][i % self.pools[*k].len()], *how);
                self.deliver(m);
            }
            Op::Replay(..) | Op::Altered(..) => {}
            Op::Reconnect => {
                self.seen.attacked = true;
                self.reconnect();
            }
        }
    }
}

/// Runs `check` on many generated sequences; a failure is shrunk to the shortest sequence
/// that shows it.
fn for_any_sequence(cases: u32, check: impl FnMut(&[Op])) {
    let mut runner = TestRunner::new(Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    });
    let check = std::cell::RefCell::new(check);
    runner
        .run(&ops(), |ops| {
            (check.borrow_mut())(&ops);
            Ok(())
        })
        .unwrap();
}

/// A host that may send any sequence of protocol messages can never make the guest accept a
/// deal other than the one fixed by the first commitment it answered and the nonce it sent;
/// and the guest never sends a second nonce, nor answers a second commitment, for a deal.
#[test]
fn no_sequence_of_host_messages_makes_the_guest_take_another_deal() {
    let mut total = Seen::default();
    let mut seed = 0;
    for_any_sequence(400, |ops| {
        seed += 2;
        let mut w = HostileHost::new(seed);
        for op in ops {
            w.run(op);
        }
        total.revealed += w.seen.revealed;
        total.fouls += w.seen.fouls;
        total.revealed_under_attack += w.seen.revealed_under_attack;
    });
    // The properties were put to work: deals were revealed and taken, some after the other
    // faces had had their say, and tries at another deal were caught.
    println!("{total:?}");
    assert!(total.revealed > 20, "{total:?}");
    assert!(total.revealed_under_attack > 5, "{total:?}");
    assert!(total.fouls > 20, "{total:?}");
}

/// A host and a modified guest with [`FACES`] faces, each answering with nonces of its own.
struct HostileGuest {
    host: Host,
    faces: Vec<Guest>,
    queues: Vec<VecDeque<Frame>>,
    pools: Vec<Vec<Frame>>,
    /// The host's commitment per deal, and the nonce it dealt each deal with.
    commits: BTreeMap<u64, Commitment>,
    dealt: BTreeMap<u64, GuestNonce>,
    bots: [Box<dyn Bot>; 2],
    fouls: usize,
    deals: usize,
}

impl HostileGuest {
    fn new(seed: u64) -> HostileGuest {
        let mut w = HostileGuest {
            host: Host::new("Ana", RuleSettings::default()),
            faces: (0..FACES).map(|_| Guest::new("Bo")).collect(),
            queues: vec![VecDeque::new(); FACES],
            pools: vec![Vec::new(); FACES],
            commits: BTreeMap::new(),
            dealt: BTreeMap::new(),
            bots: [Level::Medium.bot(seed), Level::Medium.bot(seed + 1)],
            fouls: 0,
            deals: 0,
        };
        w.reconnect();
        w
    }

    fn made(&mut self, face: usize, msgs: Vec<Frame>) {
        self.pools[face].extend(msgs.iter().cloned());
        self.queues[face].extend(msgs);
    }

    /// What the host sends reaches every face; the host's commitments are checked.
    fn tell_faces(&mut self, msgs: Vec<Frame>) {
        for msg in msgs {
            if let Frame::Commit { deal, commitment } = &msg {
                let first = *self.commits.entry(*deal).or_insert(*commitment);
                assert_eq!(
                    first, *commitment,
                    "the host committed twice to deal {deal}"
                );
            }
            for k in 0..FACES {
                if let Ok(out) = self.faces[k].receive(msg.clone(), |d| guest_nonce(k, d)) {
                    self.made(k, out.send);
                }
            }
        }
    }

    fn reconnect(&mut self) {
        for k in 0..FACES {
            let hello = self.faces[k].connected();
            self.made(k, hello);
        }
        let hello = self.host.connected();
        self.tell_faces(hello);
    }

    fn deliver(&mut self, msg: Frame) {
        let nonce = match &msg {
            Frame::Nonce { nonce, .. } => Some(*nonce),
            _ => None,
        };
        let out = match self.host.receive(msg, |d| host_secret(0, d)) {
            Ok(out) => out,
            Err(e) => {
                if e.is_foul() {
                    self.fouls += 1;
                }
                return;
            }
        };
        for e in &out.events {
            if let HostEvent::Dealt { deal } = e {
                let n = nonce.expect("a deal is dealt on a nonce");
                assert!(
                    self.dealt.insert(*deal, n).is_none(),
                    "deal {deal} dealt twice"
                );
                self.deals += 1;
            }
        }
        self.tell_faces(out.send);
        // Every deal of the host's series is the one its secret and the first nonce fixed.
        if let Some(m) = self.host.series() {
            let seeds = m
                .finished_deals()
                .into_iter()
                .map(|d| (d.deal, d.seed))
                .chain(m.round().seed().map(|s| (m.deals(), s)));
            for (deal, seed) in seeds {
                let n = self.dealt[&deal];
                assert_eq!(seed, deal_seed(&host_secret(0, deal), &n, deal));
            }
        }
    }

    fn step(&mut self, k: usize) {
        if let Some(m) = self.queues[k].pop_front() {
            return self.deliver(m);
        }
        let Some(m) = self.host.series().cloned() else {
            return;
        };
        match m.round().to_act() {
            Some(HOST) if k == 0 => {
                let view = View::of(m.round(), HOST, Some(m.scoreboard()));
                if let Ok(out) = self.host.play(self.bots[0].decide(&view)) {
                    self.tell_faces(out);
                }
            }
            Some(HOST) => {}
            Some(_) => {
                let Some(g) = self.faces[k].series() else {
                    return;
                };
                if g.round().to_act() != Some(local(GUEST)) {
                    return;
                }
                let view = View::of(g.round(), local(GUEST), Some(g.scoreboard()));
                if let Ok(msg) = self.faces[k].play(self.bots[1].decide(&view)) {
                    self.made(k, vec![msg]);
                }
            }
            None => {
                if let Some(next) = self.faces[k].ready() {
                    self.made(k, vec![next]);
                }
                if k == 0 {
                    let out = self.host.ready(|d| host_secret(0, d));
                    self.tell_faces(out);
                }
            }
        }
    }

    fn run(&mut self, op: &Op) {
        match op {
            Op::Honest => self.step(0),
            Op::Other(k) => self.step(*k),
            Op::Replay(k, i) if !self.pools[*k].is_empty() => {
                let m = self.pools[*k][i % self.pools[*k].len()].clone();
                self.deliver(m);
            }
            Op::Altered(k, i, how) if !self.pools[*k].is_empty() => {
                let m = alter(&self.pools[*k][i % self.pools[*k].len()], *how);
                self.deliver(m);
            }
            Op::Replay(..) | Op::Altered(..) => {}
            Op::Reconnect => self.reconnect(),
        }
    }
}

/// A guest that may send any sequence of protocol messages can never make the host deal a
/// deal other than the one fixed by the host's commitment and the first nonce it took; and
/// the host never commits twice to a deal.
#[test]
fn no_sequence_of_guest_messages_makes_the_host_deal_another_deal() {
    let (mut deals, mut fouls, mut seed) = (0, 0, 0);
    for_any_sequence(400, |ops| {
        seed += 2;
        let mut w = HostileGuest::new(seed);
        for op in ops {
            w.run(op);
        }
        deals += w.deals;
        fouls += w.fouls;
    });
    println!("{deals} deals dealt, {fouls} fouls caught");
    assert!(deals > 300, "{deals} deals");
    assert!(fouls > 20, "{fouls} fouls");
}
