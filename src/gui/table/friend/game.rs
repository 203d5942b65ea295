//! This side of a series with a friend, as the table holds it ([`FriendGame`]): the link to
//! the friend's game, this side's state machine ([`crate::net::host`] or
//! [`crate::net::guest`]), where the series stands ([`FriendStatus`]) and what is kept on disk.
//! The systems that drive it each frame are [`super::pump`]'s.
//!
//! Decision: the guest accepts the host's rules before the first deal is agreed; until then
//! the host's commitment waits unanswered ([`FriendGame::accept`]).

use bevy::prelude::*;
use rand::{Rng, SeedableRng, rngs::StdRng};

use crate::gui::table::series::Series;
use crate::net::fair::{HostSecret, derive};
use crate::net::guest::Guest;
use crate::net::host::Host;
use crate::net::link::{Link, LinkConfig, LinkError, LinkEvent, Lost, PathNow, Refused};
use crate::net::side::{Heard, Peer as _, Ruling};
use crate::net::wire::Frame;
use crate::rules::{Match, RuleSettings};
use crate::seats::clean_name;
use crate::store::friend::{SavedFriend, SavedSide};

/// The most messages held for a joiner who has not pressed Play yet.
const MAX_HELD: usize = 16;

/// A series with a friend, or none.
#[derive(Resource, Default)]
pub struct Friend(pub Option<FriendGame>);

/// This side of a series with a friend.
pub enum Role {
    /// Hosting: this game referees.
    Host(Host),
    /// Joined the friend's game.
    Guest(Guest),
}

/// Where the series with the friend stands, as facts the menu and the table word.
#[derive(Clone, Debug, PartialEq)]
pub enum FriendStatus {
    /// Hosting: the link is starting.
    Starting,
    /// Hosting: the invite code is ready; nobody has joined yet.
    Waiting,
    /// Joining: dialling the host.
    Dialling,
    /// Joining: dialling for a while with no answer (the host's game is not running, the code
    /// is wrong, or a network is down); dialling goes on.
    NotReached,
    /// Joined and greeted: the host's rules wait for the player's yes.
    Offered,
    /// Connected and playing.
    Playing,
    /// The connection dropped: waiting for it to come back.
    Lost(Lost),
    /// The host plays the series with someone else.
    Taken,
    /// The friend's game broke the protocol or the rules, or dealt unfairly: the series ends.
    Foul(String),
    /// The friend ended the series.
    Left,
    /// The friend's game speaks another version of the protocol: both should update.
    OtherVersion {
        /// The version the friend's game plays.
        theirs: String,
    },
    /// The link could not start.
    Failed(String),
}

/// How the friend is connected, as the table shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Connection {
    /// Connected: directly or through a relay, with the round trip.
    Path(PathNow),
    /// The connection dropped this many whole seconds ago; waiting for it to come back.
    Away {
        /// Whole seconds since it dropped.
        secs: u64,
    },
}

/// This side of a series with a friend: the link, the state machine and where it stands.
pub struct FriendGame {
    /// Host or guest, with its state machine.
    pub side: Role,
    link: Link,
    /// Where the series stands.
    pub status: FriendStatus,
    /// The invite code, when hosting, and the port it names.
    pub ticket: Option<String>,
    port: u16,
    /// The friend's name, once greeted.
    pub name: Option<String>,
    /// Joining: the player has accepted the host's rules.
    accepted: bool,
    /// Messages held until then.
    held: Vec<Frame>,
    /// Refusals of the friend's messages (a misbehaving game), for the log and the notice.
    pub refusals: u32,
    /// This side's key, the friend's (once connected), and the code joined (as the guest):
    /// what is kept on disk with the state, so the same invite works after a restart.
    key: [u8; 32],
    friend_key: Option<[u8; 32]>,
    joined: Option<String>,
    /// What was last written to disk.
    pub(super) written: Option<SavedFriend>,
    /// The series has been put on the table (so a table without it means the player left).
    pub(super) shown: bool,
    /// The connection's path, as the link last told it (none while there is no connection).
    path: Option<PathNow>,
    /// When the connection dropped, and the whole seconds since then last shown.
    pub(super) away: Option<(std::time::Instant, u64)>,
    /// Frames to stay awake after news: the link wakes the app for one frame, and what the
    /// news changed (the turn phase, the texts) shows over the next few.
    pub(super) awake: u8,
}

/// A fresh key for this side's endpoint (from the system's cryptographic generator): its
/// identity, and the root its secrets or nonces are derived from.
fn new_key() -> [u8; 32] {
    StdRng::from_os_rng().random()
}

impl FriendGame {
    /// Hosts a series under `rules`, as `name`.
    pub fn host(
        name: &str,
        rules: RuleSettings,
        config: impl FnOnce([u8; 32]) -> LinkConfig,
    ) -> Result<FriendGame, LinkError> {
        let key = new_key();
        let link = Link::host(config(key))?;
        let side = Role::Host(Host::new(name, rules));
        let mut g = FriendGame::new(side, link, FriendStatus::Starting);
        g.key = key;
        Ok(g)
    }

    /// Joins the host whose invite code is `ticket`, as `name`.
    pub fn join(
        ticket: &str,
        name: &str,
        config: impl FnOnce([u8; 32]) -> LinkConfig,
    ) -> Result<FriendGame, LinkError> {
        let key = new_key();
        let link = Link::join(ticket, config(key))?;
        let side = Role::Guest(Guest::new(name));
        let mut g = FriendGame::new(side, link, FriendStatus::Dialling);
        g.key = key;
        g.joined = Some(ticket.trim().to_string());
        Ok(g)
    }

    /// Carries on a series kept from an earlier run: the host binds its old port with its old
    /// key (so its invite code still works) and lets only the same friend in; the guest dials
    /// the same code with its old key.
    pub fn resume(
        kept: SavedFriend,
        config: impl FnOnce([u8; 32]) -> LinkConfig,
    ) -> Result<FriendGame, LinkError> {
        let base = config(kept.key);
        let (side, link, status, joined) = match kept.side {
            SavedSide::Host { host, port } => {
                let link = Link::host(LinkConfig {
                    port,
                    friend: kept.friend_key,
                    ..base
                })?;
                (Role::Host(host), link, FriendStatus::Starting, None)
            }
            SavedSide::Guest { guest, ticket } => {
                let link = Link::join(&ticket, base)?;
                (
                    Role::Guest(guest),
                    link,
                    FriendStatus::Dialling,
                    Some(ticket),
                )
            }
        };
        let mut g = FriendGame::new(side, link, status);
        g.key = kept.key;
        g.friend_key = kept.friend_key;
        g.joined = joined;
        g.accepted = true;
        Ok(g)
    }

    /// What to keep on disk now: the series, or nothing once it is over.
    pub fn kept(&self) -> Option<SavedFriend> {
        if self.over() {
            return None;
        }
        let side = match &self.side {
            Role::Host(h) => SavedSide::Host {
                host: h.clone(),
                port: self.port,
            },
            Role::Guest(g) => SavedSide::Guest {
                guest: g.clone(),
                ticket: self.joined.clone()?,
            },
        };
        Some(SavedFriend {
            side,
            key: self.key,
            friend_key: self.friend_key,
        })
    }

    fn new(side: Role, link: Link, status: FriendStatus) -> FriendGame {
        FriendGame {
            side,
            link,
            status,
            ticket: None,
            port: 0,
            name: None,
            accepted: false,
            held: Vec::new(),
            refusals: 0,
            key: [0; 32],
            friend_key: None,
            joined: None,
            written: None,
            shown: false,
            path: None,
            away: None,
            awake: 0,
        }
    }

    /// How many of the host's messages wait for the player's Play (at most a few: a flood
    /// past them is dropped).
    pub fn held(&self) -> usize {
        self.held.len()
    }

    /// Whether this side hosts.
    pub fn hosting(&self) -> bool {
        matches!(self.side, Role::Host(_))
    }

    /// The match this side holds, once the first deal is agreed.
    pub fn series(&self) -> Option<&Match> {
        match &self.side {
            Role::Host(h) => h.series(),
            Role::Guest(g) => g.series(),
        }
    }

    /// Whether this side has asked for the next deal and it has not come yet (as the host's
    /// state keeps it, across a restart).
    pub(crate) fn asked_next(&self) -> bool {
        match &self.side {
            Role::Host(h) => {
                h.ready_for_next()[0] && h.series().is_some_and(|m| m.round().is_finished())
            }
            Role::Guest(_) => false,
        }
    }

    /// The rules of the series: the host's own, or those its greeting told.
    pub fn rules(&self) -> Option<&RuleSettings> {
        match &self.side {
            Role::Host(h) => Some(h.rules()),
            Role::Guest(g) => g.rules(),
        }
    }

    /// Joining: the player takes the host's rules; the first deal is agreed.
    pub fn accept(&mut self) {
        self.accepted = true;
        for msg in std::mem::take(&mut self.held) {
            self.take(msg);
        }
        if self.status == FriendStatus::Offered {
            self.status = FriendStatus::Playing;
        }
    }

    /// Joining with no answer yet: dials again at once (the player's Try again).
    pub(crate) fn try_again(&mut self) {
        self.link.dial_now();
        if self.status == FriendStatus::NotReached {
            self.status = FriendStatus::Dialling;
        }
    }

    /// Closes the connection without ending the series (as quitting the game does), and waits
    /// for the network thread to finish: for tests and the end of the game.
    pub fn close(self) {
        self.link.close();
    }

    /// Ends the series: the friend's game is told.
    pub fn end(&mut self) {
        let bye = match &mut self.side {
            Role::Host(h) => h.end(),
            Role::Guest(_) => Frame::Bye,
        };
        self.link.send(bye);
    }

    fn over(&self) -> bool {
        matches!(
            self.status,
            FriendStatus::Foul(_)
                | FriendStatus::Left
                | FriendStatus::Failed(_)
                | FriendStatus::Taken
        )
    }

    /// Takes what the link has told since the last frame; whether anything came.
    pub(super) fn drain(&mut self) -> bool {
        let mut news = false;
        while let Some(e) = self.link.try_recv() {
            news = true;
            if self.over() {
                continue;
            }
            match e {
                // The code, and again with the relay's address once it is known: the status
                // moves on only the first time (the friend may have joined since).
                LinkEvent::Ready { ticket, port } => {
                    self.port = port;
                    self.ticket = Some(ticket);
                    if self.status == FriendStatus::Starting {
                        self.status = FriendStatus::Waiting;
                    }
                }
                LinkEvent::Connected { friend } => {
                    self.friend_key = Some(friend);
                    let hello = match &mut self.side {
                        Role::Host(h) => h.connected(),
                        Role::Guest(g) => g.connected(),
                    };
                    for m in hello {
                        self.link.send(m);
                    }
                }
                LinkEvent::Frame(msg) => self.take(msg),
                LinkEvent::Path(p) => self.path = Some(p),
                LinkEvent::Lost { why } => {
                    self.path = None;
                    if !matches!(
                        self.status,
                        FriendStatus::Waiting | FriendStatus::Dialling | FriendStatus::NotReached
                    ) {
                        self.status = FriendStatus::Lost(why);
                        self.away.get_or_insert((std::time::Instant::now(), 0));
                    }
                }
                LinkEvent::Refused {
                    why: Refused::Taken,
                } => self.status = FriendStatus::Taken,
                LinkEvent::Refused { why } => warn!("the link refused: {why}"),
                LinkEvent::Failed { why } => self.status = FriendStatus::Failed(why),
                LinkEvent::NotReached if self.status == FriendStatus::Dialling => {
                    self.status = FriendStatus::NotReached;
                }
                LinkEvent::NotReached => {}
            }
        }
        if !matches!(self.status, FriendStatus::Lost(_)) {
            self.away = None;
        }
        news
    }

    /// How the friend is connected just now, while playing (none before the friend is
    /// greeted, or before the link has told the path).
    pub fn connection(&self) -> Option<Connection> {
        match self.status {
            FriendStatus::Lost(_) => Some(Connection::Away {
                secs: self.away.map_or(0, |a| a.1),
            }),
            FriendStatus::Playing => self.path.map(Connection::Path),
            _ => None,
        }
    }

    /// One message from the friend's game, through this side's state machine.
    fn take(&mut self, msg: Frame) {
        let joining_unaccepted = !self.hosting() && !self.accepted;
        if joining_unaccepted && !matches!(msg, Frame::Hello { .. } | Frame::Bye | Frame::Ping) {
            // An honest host sends one commitment here, again on each reconnection: a repeat
            // is held once, and past a few the rest is a flood, dropped.
            if self.held.contains(&msg) {
                return;
            }
            if self.held.len() >= MAX_HELD {
                self.refusals += 1;
                if self.refusals == 1 {
                    warn!("the host's game sends more than {MAX_HELD} messages before Play");
                }
                return;
            }
            self.held.push(msg);
            return;
        }
        let key = self.key;
        let heard = match &mut self.side {
            Role::Host(h) => h.hear(msg, |deal| derive(&key, b"secret", deal)),
            Role::Guest(g) => g.hear(msg, |deal| derive(&key, b"nonce", deal)),
        };
        let Heard {
            send,
            greeted,
            left,
        } = match heard {
            Ok(heard) => heard,
            Err((why, ruling)) => {
                warn!("the friend's game sent what this one refuses: {why}");
                self.refusals += 1;
                match ruling {
                    Ruling::Foul => self.status = FriendStatus::Foul(why),
                    Ruling::OtherVersion(theirs) => {
                        self.status = FriendStatus::OtherVersion { theirs }
                    }
                    Ruling::Refused => {}
                }
                return;
            }
        };
        for m in send {
            self.link.send(m);
        }
        if let Some(name) = greeted {
            // Cleaned by the state machine already (and fixed by the first greeting).
            self.name = clean_name(&name);
            self.status = if self.hosting() || self.accepted {
                FriendStatus::Playing
            } else {
                FriendStatus::Offered
            };
        }
        if left {
            self.status = FriendStatus::Left;
        }
    }

    /// Hands the player's moves and requests to the link.
    pub(super) fn send_players(&mut self, series: &mut Series) {
        let Some(f) = series.friend_mut() else {
            return;
        };
        let (outbox, ready) = (
            std::mem::take(&mut f.outbox),
            std::mem::replace(&mut f.ready, false),
        );
        let (key, guest_ready) = (self.key, ready);
        let msgs: Vec<Frame> = match &mut self.side {
            Role::Host(h) => {
                let mut out = Vec::new();
                for a in outbox {
                    match h.play(a) {
                        Ok(m) => out.extend(m),
                        Err(e) => error!("the player's move was refused by the referee: {e}"),
                    }
                }
                if ready {
                    out.extend(h.ready(|deal| HostSecret(derive(&key, b"secret", deal))));
                }
                out
            }
            Role::Guest(g) => {
                let mut out = match g.play_all(&outbox) {
                    Ok(m) => m,
                    Err(e) => {
                        error!("the player's move was refused: {e}");
                        Vec::new()
                    }
                };
                out.extend(g.ready().filter(|_| guest_ready));
                out
            }
        };
        for m in msgs {
            self.link.send(m);
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use super::*;
    use crate::net::fair::Commitment;
    use crate::net::wire::hello;

    /// A modified host floods a joiner who has not pressed Play yet with a hundred different
    /// commitments: at most [`MAX_HELD`] are held, the rest dropped and counted; a repeat is
    /// held once. On Play the first is answered and the second is the foul it is.
    #[test]
    fn a_flood_before_play_is_held_to_a_few_and_play_finds_the_foul() {
        let host = Link::host(LinkConfig::loopback([1; 32])).unwrap();
        let ticket = loop {
            match host.recv_timeout(Duration::from_secs(20)) {
                Some(LinkEvent::Ready { ticket, .. }) => break ticket,
                Some(_) => {}
                None => panic!("no ticket"),
            }
        };
        let mut g = FriendGame::join(&ticket, "Bo", LinkConfig::loopback).unwrap();
        let end = Instant::now() + Duration::from_secs(20);
        while !matches!(host.try_recv(), Some(LinkEvent::Connected { .. })) {
            g.drain();
            assert!(Instant::now() < end, "no connection");
            std::thread::sleep(Duration::from_millis(5));
        }
        host.send(hello("Ana", Some(RuleSettings::default())));
        let commit = |i: u8| Frame::Commit {
            deal: 1,
            commitment: Commitment([i; 32]),
        };
        // Under the link's cap of 200 messages a second.
        for i in 0..100 {
            host.send(commit(i));
            if i % 4 == 0 {
                host.send(commit(0));
            }
        }
        while g.refusals < 100 - MAX_HELD as u32 {
            g.drain();
            assert!(Instant::now() < end, "{} refused", g.refusals);
            std::thread::sleep(Duration::from_millis(5));
        }
        assert_eq!(g.status, FriendStatus::Offered);
        assert_eq!(g.held.len(), MAX_HELD);
        assert_eq!(g.refusals, 100 - MAX_HELD as u32);
        g.accept();
        assert!(matches!(g.status, FriendStatus::Foul(_)), "{:?}", g.status);
        assert!(g.held.is_empty());
        g.close();
        host.close();
    }
}
