//! Playing a friend: the link to the friend's game and this side's state machine
//! ([`crate::net`]), as the table holds them ([`Friend`]). One system a frame
//! ([`pump_friend`]) hands the player's moves to the link, takes the friend's messages and
//! puts the match they make on the table ([`Series::friend_table`]); the bot stays out of it.
//!
//! Decisions:
//! - The network runs on the link's own thread; this system only drains a channel, so the
//!   render thread never waits on it. The link wakes the sleeping app when something comes
//!   (winit's event-loop proxy), so a friend's move shows at once without the app polling.
//! - The guest accepts the host's rules before the first deal is agreed: until then the
//!   host's commitment waits unanswered.
//! - Leaving the friend's series from the table (a new series, a replayed deal) says goodbye
//!   to the friend's game and gives the player's own series back untouched.

use bevy::prelude::*;
use rand::{Rng, SeedableRng, rngs::StdRng};

use super::persist::FileWriter;
use super::phase::TableSet;
use super::series::Series;
use crate::gui::app::modes::MenuScreen;
use crate::gui::app::speech::Speech;
use crate::gui::app::wake::{StayAwake, WakeCheck};
use crate::net::fair::{GuestNonce, HostSecret};
use crate::net::guest::{Guest, GuestError, GuestEvent};
use crate::net::host::{Host, HostEvent, Refusal as HostRefusal};
use crate::net::link::{Link, LinkConfig, LinkError, LinkEvent, Lost, Refused, Waker};
use crate::net::wire::Message;
use crate::net::wire::WireError;
use crate::rules::{Match, RuleSettings};
use crate::store::friend::{FriendFile, SavedFriend, SavedSide};

/// The longest name a player goes by at the table.
pub const MAX_NAME: usize = 24;

/// A series with a friend, or none.
#[derive(Resource, Default)]
pub struct Friend(pub Option<FriendGame>);

/// This side of a series with a friend.
pub enum Side {
    Host(Host),
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
    OtherVersion { theirs: String },
    /// The link could not start.
    Failed(String),
}

/// What a refusal of the friend's message means for the series.
enum Refusal {
    Foul,
    Version(String),
    Other,
}

fn version_of(e: &WireError) -> Option<String> {
    match e {
        WireError::OtherVersion { game, .. } => Some(game.clone()),
        _ => None,
    }
}

pub struct FriendGame {
    pub side: Side,
    link: Link,
    pub status: FriendStatus,
    /// The invite code, when hosting, and the port it names.
    pub ticket: Option<String>,
    port: u16,
    /// The friend's name, once greeted.
    pub name: Option<String>,
    /// Joining: the player has accepted the host's rules.
    accepted: bool,
    /// Messages held until then.
    held: Vec<Message>,
    /// Refusals of the friend's messages (a misbehaving game), for the log and the notice.
    pub refusals: u32,
    /// This side's key, the friend's (once connected), and the code joined (as the guest):
    /// what is kept on disk with the state, so the same invite works after a restart.
    key: [u8; 32],
    friend_key: Option<[u8; 32]>,
    joined: Option<String>,
    /// What was last written to disk.
    written: Option<SavedFriend>,
    /// The series has been put on the table (so a table without it means the player left).
    shown: bool,
    /// Frames to stay awake after news: the link wakes the app for one frame, and what the
    /// news changed (the turn phase, the texts) shows over the next few.
    awake: u8,
    rng: StdRng,
}

/// A fresh key for this side's endpoint.
fn new_key(rng: &mut StdRng) -> [u8; 32] {
    rng.random()
}

impl FriendGame {
    /// Hosts a series under `rules`, as `name`.
    pub fn host(
        name: &str,
        rules: RuleSettings,
        config: impl FnOnce([u8; 32]) -> LinkConfig,
    ) -> Result<FriendGame, LinkError> {
        let mut rng = StdRng::from_os_rng();
        let key = new_key(&mut rng);
        let link = Link::host(config(key))?;
        let side = Side::Host(Host::new(name, rules));
        let mut g = FriendGame::new(side, link, FriendStatus::Starting, rng);
        g.key = key;
        Ok(g)
    }

    /// Joins the host whose invite code is `ticket`, as `name`.
    pub fn join(
        ticket: &str,
        name: &str,
        config: impl FnOnce([u8; 32]) -> LinkConfig,
    ) -> Result<FriendGame, LinkError> {
        let mut rng = StdRng::from_os_rng();
        let key = new_key(&mut rng);
        let link = Link::join(ticket, config(key))?;
        let side = Side::Guest(Guest::new(name));
        let mut g = FriendGame::new(side, link, FriendStatus::Dialling, rng);
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
        let rng = StdRng::from_os_rng();
        let base = config(kept.key);
        let (side, link, status, joined) = match kept.side {
            SavedSide::Host { host, port } => {
                let link = Link::host(LinkConfig {
                    port,
                    friend: kept.friend_key,
                    ..base
                })?;
                (Side::Host(host), link, FriendStatus::Starting, None)
            }
            SavedSide::Guest { guest, ticket } => {
                let link = Link::join(&ticket, base)?;
                (
                    Side::Guest(guest),
                    link,
                    FriendStatus::Dialling,
                    Some(ticket),
                )
            }
        };
        let mut g = FriendGame::new(side, link, status, rng);
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
            Side::Host(h) => SavedSide::Host {
                host: h.clone(),
                port: self.port,
            },
            Side::Guest(g) => SavedSide::Guest {
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

    fn new(side: Side, link: Link, status: FriendStatus, rng: StdRng) -> FriendGame {
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
            awake: 0,
            rng,
        }
    }

    pub fn hosting(&self) -> bool {
        matches!(self.side, Side::Host(_))
    }

    /// The match this side holds, once the first deal is agreed.
    pub fn series(&self) -> Option<&Match> {
        match &self.side {
            Side::Host(h) => h.series(),
            Side::Guest(g) => g.series(),
        }
    }

    /// The rules of the series: the host's own, or those its greeting told.
    pub fn rules(&self) -> Option<&RuleSettings> {
        match &self.side {
            Side::Host(h) => Some(h.rules()),
            Side::Guest(g) => g.rules(),
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

    /// Closes the connection without ending the series (as quitting the game does), and waits
    /// for the network thread to finish: for tests and the end of the game.
    pub fn close(self) {
        self.link.close();
    }

    /// Ends the series: the friend's game is told.
    pub fn end(&mut self) {
        let bye = match &mut self.side {
            Side::Host(h) => h.end(),
            Side::Guest(_) => Message::Bye,
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
    fn drain(&mut self) -> bool {
        let mut news = false;
        while let Some(e) = self.link.try_recv() {
            news = true;
            if self.over() {
                continue;
            }
            match e {
                LinkEvent::Ready { ticket, port } => {
                    self.port = port;
                    self.ticket = Some(ticket);
                    self.status = FriendStatus::Waiting;
                }
                LinkEvent::Connected { friend } => {
                    self.friend_key = Some(friend);
                    let hello = match &mut self.side {
                        Side::Host(h) => h.connected(),
                        Side::Guest(g) => g.connected(),
                    };
                    for m in hello {
                        self.link.send(m);
                    }
                }
                LinkEvent::Message(msg) => self.take(msg),
                LinkEvent::Lost { why } => {
                    if !matches!(self.status, FriendStatus::Waiting | FriendStatus::Dialling) {
                        self.status = FriendStatus::Lost(why);
                    }
                }
                LinkEvent::Refused {
                    why: Refused::Taken,
                } => self.status = FriendStatus::Taken,
                LinkEvent::Refused { why } => warn!("the link refused: {why}"),
                LinkEvent::Failed { why } => self.status = FriendStatus::Failed(why),
            }
        }
        news
    }

    /// One message from the friend's game, through this side's state machine.
    fn take(&mut self, msg: Message) {
        let joining_unaccepted = !self.hosting() && !self.accepted;
        if joining_unaccepted
            && !matches!(msg, Message::Hello { .. } | Message::Bye | Message::Ping)
        {
            self.held.push(msg);
            return;
        }
        let (secret, nonce): ([u8; 32], [u8; 32]) = (self.rng.random(), self.rng.random());
        let mut greeted = None;
        let mut left = false;
        let sent = match &mut self.side {
            Side::Host(h) => h
                .receive(msg, || HostSecret(secret))
                .map(|out| {
                    for e in &out.events {
                        match e {
                            HostEvent::Greeted { name } => greeted = Some(name.clone()),
                            HostEvent::Left => left = true,
                            _ => {}
                        }
                    }
                    out.send
                })
                .map_err(|e| {
                    let kind = match &e {
                        HostRefusal::Wire(w) => {
                            version_of(w).map_or(Refusal::Other, Refusal::Version)
                        }
                        _ => Refusal::Other,
                    };
                    (e.to_string(), kind)
                }),
            Side::Guest(g) => g
                .receive(msg, || GuestNonce(nonce))
                .map(|out| {
                    for e in &out.events {
                        match e {
                            GuestEvent::Greeted { name, .. } => greeted = Some(name.clone()),
                            GuestEvent::Left => left = true,
                            _ => {}
                        }
                    }
                    out.send
                })
                .map_err(|e| {
                    let kind = match &e {
                        _ if e.is_foul() => Refusal::Foul,
                        GuestError::Wire(w) => {
                            version_of(w).map_or(Refusal::Other, Refusal::Version)
                        }
                        _ => Refusal::Other,
                    };
                    (e.to_string(), kind)
                }),
        };
        match sent {
            Ok(send) => {
                for m in send {
                    self.link.send(m);
                }
            }
            Err((why, kind)) => {
                warn!("the friend's game sent what this one refuses: {why}");
                self.refusals += 1;
                match kind {
                    Refusal::Foul => self.status = FriendStatus::Foul(why),
                    Refusal::Version(theirs) => self.status = FriendStatus::OtherVersion { theirs },
                    Refusal::Other => {}
                }
                return;
            }
        }
        if let Some(name) = greeted {
            self.name = Some(name.chars().take(MAX_NAME).collect());
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
    fn send_players(&mut self, series: &mut Series) {
        let Some(f) = series.friend.as_mut() else {
            return;
        };
        let (outbox, ready) = (
            std::mem::take(&mut f.outbox),
            std::mem::replace(&mut f.ready, false),
        );
        let (secret, guest_ready): ([u8; 32], bool) = (self.rng.random(), ready);
        let msgs: Vec<Message> = match &mut self.side {
            Side::Host(h) => {
                let mut out = Vec::new();
                for a in outbox {
                    match h.play(a) {
                        Ok(m) => out.extend(m),
                        Err(e) => error!("the player's move was refused by the referee: {e}"),
                    }
                }
                if ready {
                    out.extend(h.ready(|| HostSecret(secret)));
                }
                out
            }
            Side::Guest(g) => {
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

/// Drives the series with a friend: the player's moves out, the friend's in, the match on the
/// table. Nothing to do (and nothing marked changed) on a frame with no news.
fn pump_friend(
    mut friend: ResMut<Friend>,
    mut series: ResMut<Series>,
    mut menu: ResMut<NextState<MenuScreen>>,
    files: Res<FileWriter>,
) {
    let Some(game) = friend.bypass_change_detection().0.as_mut() else {
        return;
    };
    if game.shown && series.friend.is_none() {
        // The player left the friend's series from the table.
        game.end();
        friend.0 = None;
        files.write_friend(FriendFile::default());
        return;
    }
    let s = series.bypass_change_detection();
    let had_moves = s
        .friend
        .as_ref()
        .is_some_and(|f| !f.outbox.is_empty() || f.ready);
    if had_moves {
        game.send_players(s);
    }
    let before = (game.status.clone(), game.name.clone(), game.ticket.clone());
    let news = game.drain();
    if news || had_moves {
        game.awake = 3;
    }
    if news || had_moves {
        let kept = game.kept();
        if kept != game.written {
            files.write_friend(FriendFile {
                series: kept.clone(),
            });
            game.written = kept;
        }
    }
    if (game.status.clone(), game.name.clone(), game.ticket.clone()) != before {
        friend.set_changed();
    }
    let Some(game) = friend.bypass_change_detection().0.as_mut() else {
        return;
    };
    if let Some(m) = game.series() {
        let s = series.bypass_change_detection();
        if s.friend.is_none() {
            s.with_friend(m.clone(), game.hosting());
            game.shown = true;
            series.set_changed();
            menu.set(MenuScreen::Closed);
        } else if &s.current != m {
            s.friend_table(m);
            series.set_changed();
        } else if news {
            // The host's word came and changed nothing: a move of the player's it never took
            // (sent while the connection was down) is dropped, so the player moves again.
            s.friend_table(m);
        }
    }
}

/// The app stays awake a few frames after news from the friend's game.
fn stay_awake(mut friend: ResMut<Friend>, mut wake: MessageWriter<StayAwake>) {
    if let Some(g) = friend.bypass_change_detection().0.as_mut()
        && g.awake > 0
    {
        g.awake -= 1;
        wake.write(StayAwake);
    }
}

/// The table names the friend where it would say "the computer", while a friend's series is
/// on the table.
fn name_the_friend(friend: Res<Friend>, series: Res<Series>, mut speech: ResMut<Speech>) {
    let name = friend
        .0
        .as_ref()
        .and_then(|g| g.name.as_deref())
        .filter(|_| series.friend.is_some());
    if speech.opponent() != name {
        speech.set_opponent(name);
    }
}

/// A link config for the player's network: n0's relays and lookup, waking the app.
pub fn internet_config(wake: Option<Waker>) -> impl FnOnce([u8; 32]) -> LinkConfig {
    move |key| LinkConfig {
        wake,
        ..LinkConfig::internet(key)
    }
}

/// The series with a friend.
pub struct FriendPlugin;

impl Plugin for FriendPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Friend>()
            .add_systems(Update, pump_friend.in_set(TableSet::Bot))
            .add_systems(PostUpdate, stay_awake.before(WakeCheck))
            .add_systems(
                Update,
                name_the_friend
                    .run_if(resource_changed::<Friend>.or_else(resource_changed::<Series>))
                    .after(TableSet::Bot)
                    .before(TableSet::Show),
            );
    }
}
