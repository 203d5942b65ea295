//! The connection between the two games: an iroh endpoint (QUIC, end-to-end encrypted, hole
//! punching with a relay to fall back on) on a thread of its own, talked to through channels
//! like the bot's task: [`Link::send`] queues a message, [`Link::try_recv`] never blocks. The
//! game's state machines ([`super::host`], [`super::guest`]) never see the network.
//!
//! - **Hosting** ([`Link::host`]) binds an endpoint and tells the invite code
//!   ([`LinkEvent::Ready`]: an endpoint ticket, the host's key and addresses). The first
//!   player to connect is the friend; a connection from any other key later is refused with a
//!   reason ("this series is played with someone else") and never reaches the game. The same
//!   friend connecting again replaces its old connection (a reconnect after a drop or a
//!   restart).
//! - **Joining** ([`Link::join`]) dials the ticket, and dials again every
//!   [`LinkConfig::retry`] after the connection is lost, until the link is closed.
//! - **Frames** are [`super::wire`]'s: one stream each way, a message per length-prefixed
//!   frame. Bytes that are no message, a frame over the cap, or more than
//!   [`LinkConfig::max_rate`] messages in a second end the connection with the reason
//!   ([`LinkEvent::Refused`]); nothing of them reaches the game.
//! - **Silence**: each side pings every [`LinkConfig::ping`]; a connection that has been
//!   silent for [`LinkConfig::silence`] (a frozen program, a sleeping laptop, a cable pulled) is
//!   closed and reported lost, so the table can say so at once rather than when QUIC gives up.
//! - **Nothing the peer does holds up the link.** The link's loop only hands work out and
//!   takes news in; it never waits on the network itself:
//!   - each connection's writes go through a bounded queue ([`WRITE_QUEUE`]) to a writer task of
//!     their own; a write that makes no progress for the silence limit, or a queue that fills
//!     (a peer that stopped reading), loses the connection ([`Lost::Stalled`]);
//!   - each incoming connection's handshake and first stream, and each dial, run as tasks of
//!     their own with the silence limit as deadline, at most [`MAX_HANDSHAKES`] at once; so a
//!     connection that never opens a stream keeps nobody else waiting, and the friend's new
//!     connection always replaces a stalled one;
//!   - the messages on their way to the game are bounded ([`IN_FLIGHT`]): a reader waits for
//!     the game to take some before it reads on, which holds the peer back through QUIC's own
//!     flow control, so a flood leaves memory flat;
//!   - closing waits a second at most ([`Link::close`]), whatever the peer does.
//! - **A network that comes back** (a laptop's Wi-Fi on again) while the friend is away and the
//!   relay out of reach makes a fresh endpoint, the same key on the same port, since iroh's relay
//!   client would otherwise wait out its back-off first ([`Loop::consider`] says why and when).
//!
//! Decisions:
//! - iroh rather than a home-made protocol over TCP or plain QUIC: it dials a key, not an
//!   address, so a ticket keeps working when the host's address changes (found again through
//!   n0's address lookup); it punches through home NATs and falls back to n0's public relays
//!   when it cannot, still end-to-end encrypted; it builds with ring and no system packages.
//!   libp2p does the same with far more parts to choose and configure; quinn alone leaves NAT
//!   traversal and relays to us.
//! - The relays and the address lookup are n0's public ones by default
//!   ([`LinkConfig::internet`]); on a LAN with no internet the ticket's own addresses are
//!   enough. Tests run on loopback with both off ([`LinkConfig::loopback`]).
//! - A message sent while there is no connection is dropped: on each new connection the game
//!   sends what the other side needs again (its greeting and the state), so nothing is lost.

use std::sync::{Arc, mpsc};
use std::thread::JoinHandle;
use std::time::Duration;

use iroh::endpoint::{
    Connection, ConnectionError, Incoming, ReadError, RecvStream, SendStream, presets,
};
use iroh::{Endpoint, EndpointAddr, EndpointId, RelayMode, SecretKey, Watcher as _};
use iroh_tickets::endpoint::EndpointTicket;
use tokio::sync::{Semaphore, mpsc as tmpsc};
use tokio::time::{Instant, timeout};

use super::wire::{Decoder, Frame, WireError, encode};

/// Frames waiting for a connection's writer: past this many the peer is not reading.
pub const WRITE_QUEUE: usize = 128;
/// Incoming connections being set up at once (past this, more are refused until one is done).
pub const MAX_HANDSHAKES: usize = 64;
/// The friend's messages read but not yet taken by the game.
pub const IN_FLIGHT: usize = 64;
/// The longest a dial waits for the host's answer before the next one goes out (a handshake
/// takes a few round trips: well under a second on most networks, two on a lossy one).
pub const DIAL_WAIT: Duration = Duration::from_secs(5);
/// The longest [`Link::close`] waits for the network thread.
pub const CLOSE_WAIT: Duration = Duration::from_secs(1);
/// An endpoint this young is still finding its own addresses: they count as a network that
/// came back only after this (see [`Loop::consider`]).
pub const REBUILD_MIN_AGE: Duration = Duration::from_secs(2);

/// The protocol's name in the QUIC handshake: another program's connection is refused there.
pub const ALPN: &[u8] = b"hollywood-gin/1";

/// How a link behaves.
#[derive(Clone, Debug)]
pub struct LinkConfig {
    /// Use n0's relays and address lookup (off: the ticket's direct addresses only).
    pub relays: bool,
    /// A relay of one's own, used instead of n0's (with no address lookup: the ticket carries
    /// the relay and the addresses).
    pub own_relay: Option<OwnRelay>,
    /// Bind to loopback only (tests).
    pub loopback: bool,
    /// The UDP port to bind (0: any), so a host restarted keeps its ticket's address.
    pub port: u16,
    /// This side's key: its identity, kept from one run to the next so a friend reconnecting
    /// after a restart is known again.
    pub key: [u8; 32],
    /// The friend's key, when resuming a series: nobody else is let in.
    pub friend: Option<[u8; 32]>,
    /// How often a sign of life is sent.
    pub ping: Duration,
    /// How long a silent friend is waited for before the connection counts as lost.
    pub silence: Duration,
    /// How long between dialling attempts.
    pub retry: Duration,
    /// Joining: how long dialling may go on without a connection before the link says the
    /// host could not be reached ([`LinkEvent::NotReached`]; it goes on dialling).
    pub unreachable: Duration,
    /// The most messages a second the other side may send.
    pub max_rate: u32,
    /// Called after each event is told, from the network thread: to wake a game that sleeps
    /// while idle.
    pub wake: Option<Waker>,
}

/// A relay server of one's own (iroh's relay is open source: a club or a family can run one).
/// It carries a connection when no direct path forms, and tells each side its public address;
/// it never sees a move (the connection is end-to-end encrypted) and deals nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OwnRelay {
    /// Its address, `https://…`.
    pub url: String,
    /// The one certificate (DER) to trust it by, for a relay whose certificate no public
    /// authority signed (the network lab's); `None`: the public authorities (the Mozilla list
    /// built into iroh), as for any site.
    pub ca_der: Option<Vec<u8>>,
}

/// A callback that wakes the game (see [`LinkConfig::wake`]).
#[derive(Clone)]
pub struct Waker(pub std::sync::Arc<dyn Fn() + Send + Sync>);

impl std::fmt::Debug for Waker {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Waker")
    }
}

impl LinkConfig {
    /// Over the internet: n0's relays and address lookup.
    pub fn internet(key: [u8; 32]) -> LinkConfig {
        LinkConfig {
            relays: true,
            own_relay: None,
            loopback: false,
            port: 0,
            key,
            friend: None,
            ping: Duration::from_secs(3),
            silence: Duration::from_secs(12),
            retry: Duration::from_secs(2),
            unreachable: Duration::from_secs(15),
            max_rate: 200,
            wake: None,
        }
    }

    /// Loopback only, no relays, no lookup: for tests on a machine with no network.
    pub fn loopback(key: [u8; 32]) -> LinkConfig {
        LinkConfig {
            relays: false,
            loopback: true,
            ..LinkConfig::internet(key)
        }
    }
}

/// What happened on the link.
#[derive(Clone, Debug, PartialEq)]
pub enum LinkEvent {
    /// Hosting: the endpoint is up; `ticket` is the invite code to give the friend, and `port`
    /// the UDP port it names (to bind again after a restart, so the same code still works).
    /// Told at once with the game's own addresses, and again with the relay's address once the
    /// endpoint has a relay (the first code keeps working: it names the same key).
    Ready {
        /// The invite code.
        ticket: String,
        /// The UDP port it names.
        port: u16,
    },
    /// A connection to the friend is open (again): greet.
    Connected {
        /// The friend's key.
        friend: [u8; 32],
    },
    /// A message from the friend.
    Frame(Frame),
    /// The connection is gone; the host waits for the friend, the guest dials again.
    Lost {
        /// Why it was lost.
        why: Lost,
    },
    /// How the connection in use goes: told once it opens, and again when the path changes
    /// (the relay's to a direct one, or back) or its round trip moves by a fifth.
    Path(PathNow),
    /// Joining: no connection for [`LinkConfig::unreachable`] since the link started, or since
    /// the last [`Link::dial_now`]: the host's game could not be reached. Dialling goes on.
    NotReached,
    /// Something from the other side was refused, and the connection with it when it came from
    /// the friend.
    Refused {
        /// What was refused.
        why: Refused,
    },
    /// The link cannot work at all (no network to bind, a ticket that is no ticket).
    Failed {
        /// Why, as the network said.
        why: String,
    },
}

/// The path the connection's packets take just now, as the table tells the player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PathNow {
    /// Straight between the two games (hole punched, or one network); false: through a relay.
    pub direct: bool,
    /// The round trip, as QUIC measures it, in milliseconds.
    pub rtt_ms: u32,
}

impl PathNow {
    /// The path of `conn` just now (the selected one), if it has one.
    fn of(conn: &Connection) -> Option<PathNow> {
        let paths = conn.paths();
        let p = paths.iter().find(|p| p.is_selected())?;
        Some(PathNow {
            direct: p.is_ip(),
            rtt_ms: u32::try_from(p.rtt().as_millis()).unwrap_or(u32::MAX),
        })
    }

    /// Whether `self` is news to a player shown `was`: another kind of path, or a round trip
    /// that moved by more than a fifth (and 5 ms), so jitter does not wake the game.
    fn differs(self, was: Option<PathNow>) -> bool {
        let Some(was) = was else { return true };
        let moved = self.rtt_ms.abs_diff(was.rtt_ms);
        self.direct != was.direct || (moved > 5 && moved * 5 > was.rtt_ms)
    }
}

/// Why a connection was lost.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum Lost {
    #[error("the friend's game went silent")]
    /// Nothing came for the silence limit.
    Silent,
    #[error("the friend's game stopped taking what this one sends")]
    /// What this game sent was not taken.
    Stalled,
    #[error("the connection closed: {0}")]
    /// The connection was closed (why, as the network said).
    Closed(String),
}

/// What was refused.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum Refused {
    #[error("{0}")]
    /// Bytes that are no message.
    Wire(WireError),
    #[error("more than {0} messages in a second")]
    /// A flood of messages.
    Flood(u32),
    #[error("someone else tried to join this series")]
    /// A second player tried to join.
    OtherPlayer,
    #[error("the host is playing this series with someone else")]
    /// The host plays with someone else.
    Taken,
}

/// Why a link could not be made.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum LinkError {
    #[error("that is not an invite code: {0}")]
    /// The code is no invite code (why).
    BadTicket(String),
    #[error("the network thread could not start: {0}")]
    /// The network's thread could not start (why).
    Thread(String),
}

enum Command {
    Send(Frame),
    /// Joining: dial at once, and count the wait for [`LinkEvent::NotReached`] afresh.
    DialNow,
    Close,
}

/// A link to a friend's game, its network on a thread of its own.
pub struct Link {
    commands: tmpsc::UnboundedSender<Command>,
    /// Behind a lock only so the link can sit in a game's shared state; one reader.
    events: std::sync::Mutex<mpsc::Receiver<LinkEvent>>,
    /// Places for the friend's messages on their way to the game ([`IN_FLIGHT`]): a reader
    /// takes one before it passes a message on, the game gives it back when it takes the
    /// message.
    in_flight: Arc<Semaphore>,
    thread: Option<JoinHandle<()>>,
}

/// The close code for a connection refused or ended on purpose, and for a clean close.
const BYE: u32 = 0;
const REFUSED: u32 = 1;
const TAKEN: u32 = 2;

impl Link {
    /// Hosts: binds an endpoint and waits for the friend.
    pub fn host(config: LinkConfig) -> Result<Link, LinkError> {
        Link::start(config, None)
    }

    /// Joins the host whose invite code is `ticket`.
    pub fn join(ticket: &str, config: LinkConfig) -> Result<Link, LinkError> {
        let ticket: EndpointTicket = ticket
            .trim()
            .parse()
            .map_err(|e| LinkError::BadTicket(format!("{e}")))?;
        Link::start(config, Some(ticket.endpoint_addr().clone()))
    }

    fn start(config: LinkConfig, dial: Option<EndpointAddr>) -> Result<Link, LinkError> {
        let (commands, command_rx) = tmpsc::unbounded_channel();
        let (event_tx, events) = mpsc::channel();
        let in_flight = Arc::new(Semaphore::new(IN_FLIGHT));
        let places = in_flight.clone();
        let thread = std::thread::Builder::new()
            .name("friend link".into())
            .spawn(move || {
                let runtime = tokio::runtime::Builder::new_current_thread()
                    .enable_all()
                    .build();
                let events = Events(event_tx, config.wake.clone());
                match runtime {
                    Ok(rt) => {
                        rt.block_on(run(config, dial, command_rx, events, places));
                        // Tasks still waiting on the peer are dropped, not waited for.
                        rt.shutdown_timeout(Duration::from_millis(100));
                    }
                    Err(e) => events.send(LinkEvent::Failed { why: e.to_string() }),
                }
            })
            .map_err(|e| LinkError::Thread(e.to_string()))?;
        Ok(Link {
            commands,
            events: std::sync::Mutex::new(events),
            in_flight,
            thread: Some(thread),
        })
    }

    /// Queues `msg` for the friend (dropped if there is no connection just now).
    pub fn send(&self, msg: Frame) {
        let _ = self.commands.send(Command::Send(msg));
    }

    /// Joining: dials the host again at once (the player's Try again), and waits afresh before
    /// saying it could not be reached.
    pub fn dial_now(&self) {
        let _ = self.commands.send(Command::DialNow);
    }

    /// The next event, if one has come; never blocks.
    pub fn try_recv(&self) -> Option<LinkEvent> {
        let e = self.events.lock().ok()?.try_recv().ok()?;
        Some(self.taken(e))
    }

    /// The next event within `wait` (for tests and tools, not the render thread).
    pub fn recv_timeout(&self, wait: Duration) -> Option<LinkEvent> {
        let e = self.events.lock().ok()?.recv_timeout(wait).ok()?;
        Some(self.taken(e))
    }

    /// Every event waiting for the game, taken at once: while they are counted no reader
    /// can pass another message on (their places come back only after).
    #[cfg(test)]
    pub(super) fn waiting(&self) -> Vec<LinkEvent> {
        let Ok(events) = self.events.lock() else {
            return Vec::new();
        };
        let all: Vec<LinkEvent> = events.try_iter().collect();
        let messages = all
            .iter()
            .filter(|e| matches!(e, LinkEvent::Frame(_)))
            .count();
        self.in_flight.add_permits(messages);
        all
    }

    /// A message taken by the game gives its place back to the readers.
    fn taken(&self, e: LinkEvent) -> LinkEvent {
        if matches!(e, LinkEvent::Frame(_)) {
            self.in_flight.add_permits(1);
        }
        e
    }

    /// Closes the connection and waits for the network thread to end, [`CLOSE_WAIT`] at most:
    /// past that the thread is left to end on its own (the game is quitting, or the player has
    /// moved on), whatever the friend's game does.
    pub fn close(mut self) {
        let _ = self.commands.send(Command::Close);
        let Some(t) = self.thread.take() else { return };
        let start = std::time::Instant::now();
        while !t.is_finished() && start.elapsed() < CLOSE_WAIT {
            std::thread::sleep(Duration::from_millis(2));
        }
        if t.is_finished() {
            let _ = t.join();
        }
    }
}

impl Drop for Link {
    /// Closes the connection without waiting: the network thread says goodbye and ends on its
    /// own, so dropping a link never holds up the game's frame.
    fn drop(&mut self) {
        let _ = self.commands.send(Command::Close);
    }
}

/// The events channel; a send to a game that has gone is nothing to report.
struct Events(mpsc::Sender<LinkEvent>, Option<Waker>);

impl Events {
    fn send(&self, e: LinkEvent) {
        let _ = self.0.send(e);
        if let Some(w) = &self.1 {
            (w.0)();
        }
    }
}

async fn bind(config: &LinkConfig, host: bool) -> Result<Endpoint, String> {
    if config.loopback {
        return bind_on(config, host, false).await;
    }
    // IPv4 and IPv6; a machine without IPv6 binds IPv4 alone.
    match bind_on(config, host, true).await {
        Ok(e) => Ok(e),
        Err(_) => bind_on(config, host, false).await,
    }
}

async fn bind_on(config: &LinkConfig, host: bool, ipv6: bool) -> Result<Endpoint, String> {
    let mut b = if let Some(own) = &config.own_relay {
        let url: iroh::RelayUrl = own
            .url
            .parse()
            .map_err(|e| format!("the relay's address {}: {e}", own.url))?;
        let b = Endpoint::builder(presets::Minimal)
            .relay_mode(RelayMode::Custom(iroh::RelayMap::from(url)));
        match &own.ca_der {
            Some(der) => b.ca_tls_config(iroh::tls::CaTlsConfig::custom_roots([
                rustls_pki_types::CertificateDer::from(der.clone()),
            ])),
            None => b,
        }
    } else if config.relays {
        Endpoint::builder(presets::N0)
    } else {
        Endpoint::builder(presets::Minimal).relay_mode(RelayMode::Disabled)
    };
    b = b.secret_key(SecretKey::from_bytes(&config.key));
    if host {
        b = b.alpns(vec![ALPN.to_vec()]);
    }
    let at = if config.loopback {
        format!("127.0.0.1:{}", config.port)
    } else {
        format!("0.0.0.0:{}", config.port)
    };
    b = b
        .clear_ip_transports()
        .bind_addr(at.as_str())
        .map_err(|e| e.to_string())?;
    if ipv6 {
        b = b.bind_addr("[::]:0").map_err(|e| e.to_string())?;
    }
    b.bind().await.map_err(|e| e.to_string())
}

/// The connection in use: where its frames go, and what ends it.
struct Open {
    conn: Connection,
    /// The writer's queue; dropping it lets the writer finish the stream.
    out: tmpsc::Sender<Vec<u8>>,
    writer: tokio::task::JoinHandle<()>,
}

/// News for the link's loop from the tasks it started.
enum News {
    /// From a connection's reader.
    Frame(Frame),
    Refused(Refused),
    /// The host refused this connection: it plays the series with someone else.
    Taken,
    Closed(String),
    /// From a connection's writer: a write that made no progress for the silence limit, or
    /// failed.
    Stalled,
    WriteFailed(String),
    /// An incoming connection whose handshake is done (its key now known), or none if it
    /// failed or timed out.
    Handshaken(Option<Connection>),
    /// That connection's first stream, or none if it never came.
    Streams(Option<(Connection, SendStream, RecvStream)>),
    /// A dial's connection with its streams open, or none if it failed.
    Dialled(Option<(Connection, SendStream, RecvStream)>),
    /// Hosting: the invite code again, with the relay's address now known.
    Ticket(String),
    /// From the endpoint numbered `epoch`: whether its relay is connected, and whether it has
    /// just gained an address of its own (a network back, or a new one).
    Net {
        epoch: u64,
        relay_up: bool,
        gained: bool,
    },
    /// A fresh endpoint in place of the closed one, or why none could be bound.
    Rebuilt(Result<Endpoint, String>),
}

/// A fresh endpoint (see [`Loop::consider`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Fresh {
    No,
    Wanted,
    Underway,
}

/// News tagged with the connection it is about (0: none yet, a handshake or a dial).
type Tagged = (u64, News);

async fn run(
    config: LinkConfig,
    dial: Option<EndpointAddr>,
    mut commands: tmpsc::UnboundedReceiver<Command>,
    events: Events,
    in_flight: Arc<Semaphore>,
) {
    let hosting = dial.is_none();
    // The port asked for may have been taken since: any port then (the friend's game finds
    // the host by its key through the address lookup, or is sent a new code).
    let bound = match bind(&config, hosting).await {
        Err(_) if config.port != 0 => {
            bind(
                &LinkConfig {
                    port: 0,
                    ..config.clone()
                },
                hosting,
            )
            .await
        }
        other => other,
    };
    let first = match bound {
        Ok(e) => e,
        Err(why) => return events.send(LinkEvent::Failed { why }),
    };
    // None while a fresh one is being made (see `Loop::consider`).
    let mut endpoint = Some(first.clone());
    let port = port_of(&first);
    let news = tmpsc::unbounded_channel();
    let relayed = config.relays || config.own_relay.is_some();
    let mut ticket = None;
    if hosting {
        // The code at once, with the game's own addresses, so a game on one network starts
        // without waiting; again with the relay's once it is known (for friends behind NATs).
        let code = EndpointTicket::new(own_addr(&mut first.watch_addr()).await).to_string();
        events.send(LinkEvent::Ready {
            ticket: code.clone(),
            port,
        });
        if relayed {
            tell_ticket(&first, false, news.0.clone());
        }
        ticket = Some(code);
    }
    if relayed {
        watch(&first, 0, news.0.clone());
    }
    // The endpoint's port is freed only once every clone of it is gone.
    drop(first);
    let mut l = Loop {
        friend: config.friend.and_then(|k| EndpointId::from_bytes(&k).ok()),
        open: None,
        generation: 0,
        heard: Instant::now(),
        handshakes: 0,
        dialling: false,
        next_dial: dial.as_ref().map(|_| Instant::now()),
        unreached_since: Some(Instant::now()),
        port,
        path: None,
        relayed,
        relay_up: false,
        epoch: 0,
        built: Instant::now(),
        back: false,
        fresh: Fresh::No,
        ticket,
        news,
        config,
        events,
        in_flight,
    };
    let mut ping = tokio::time::interval(l.config.ping);
    loop {
        let dial_at = l
            .next_dial
            .filter(|_| !l.dialling && l.open.is_none() && dial.is_some() && endpoint.is_some());
        // A silent friend is told the moment the silence limit passes, not at the next ping.
        let silent_at = l.open.as_ref().map(|_| l.heard + l.config.silence);
        tokio::select! {
            _ = sleep_until(silent_at) => {
                if l.heard.elapsed() >= l.config.silence {
                    l.close_open(REFUSED, b"silent");
                    l.lose(Lost::Silent);
                }
            }
            incoming = accept(endpoint.as_ref()), if hosting => {
                let Some(incoming) = incoming else { break };
                l.incoming(incoming);
            }
            _ = sleep_until(dial_at) => {
                if let (Some(addr), Some(e)) = (dial.clone(), endpoint.as_ref()) {
                    l.dial(e, addr);
                }
            }
            command = commands.recv() => match command {
                Some(Command::Send(msg)) => l.write(encode(&msg)),
                Some(Command::DialNow) if dial.is_some() && l.next_dial.is_some() => {
                    l.next_dial = Some(Instant::now());
                    l.unreached_since = Some(Instant::now());
                }
                Some(Command::DialNow) => {}
                // Closing the link is not ending the series (the game sends `Bye` for that):
                // the friend is told the connection closed, and waits.
                Some(Command::Close) | None => break,
            },
            news = l.news.1.recv() => match news {
                Some((_, News::Rebuilt(Ok(e)))) => {
                    l.rebuilt(&e, hosting);
                    endpoint = Some(e);
                }
                Some((_, News::Rebuilt(Err(why)))) => {
                    return l.events.send(LinkEvent::Failed { why });
                }
                Some((g, news)) => l.hear(g, news),
                None => {}
            },
            _ = ping.tick() => l.tick(),
        }
        if l.fresh == Fresh::Wanted
            && let Some(old) = endpoint.take()
        {
            l.fresh = Fresh::Underway;
            let config = LinkConfig {
                port: if hosting { l.port } else { 0 },
                ..l.config.clone()
            };
            let news = l.news.0.clone();
            tokio::spawn(async move {
                let _ = news.send((0, News::Rebuilt(fresh(old, config, hosting).await)));
            });
        }
    }
    // Say goodbye within a second: what was queued before the close (a `Bye`) goes out first.
    if let Some(o) = l.open.take() {
        drop(o.out);
        let _ = timeout(Duration::from_millis(250), o.writer).await;
        o.conn.close(BYE.into(), b"closed");
    }
    if let Some(e) = endpoint {
        let _ = timeout(Duration::from_millis(500), e.close()).await;
    }
}

/// The next incoming connection, once there is an endpoint.
async fn accept(endpoint: Option<&Endpoint>) -> Option<Incoming> {
    match endpoint {
        Some(e) => e.accept().await,
        None => std::future::pending().await,
    }
}

/// Closes `old` and binds a fresh endpoint in its place (see [`Loop::consider`]): on
/// `config.port` if it is free again within a second (hosting: the invite code's addresses
/// still hold), or else any port (the friend's game finds it through the relay).
async fn fresh(old: Endpoint, config: LinkConfig, hosting: bool) -> Result<Endpoint, String> {
    // Nothing is open; a connection lost a moment ago may still be draining. The port is
    // free once that is done and the last clone is dropped.
    let _ = timeout(Duration::from_secs(3), old.close()).await;
    drop(old);
    if config.port != 0 {
        for _ in 0..10 {
            if let Ok(e) = bind(&config, hosting).await {
                return Ok(e);
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
    bind(&LinkConfig { port: 0, ..config }, hosting).await
}

/// The link's loop's state: nothing in it waits on the network.
struct Loop {
    config: LinkConfig,
    events: Events,
    in_flight: Arc<Semaphore>,
    /// The friend's key, once known: nobody else is let in.
    friend: Option<EndpointId>,
    open: Option<Open>,
    /// Each connection has a number, so news from a replaced one is ignored.
    generation: u64,
    heard: Instant,
    /// Incoming connections being set up.
    handshakes: usize,
    /// Joining: a dial is under way, and when to dial next.
    dialling: bool,
    next_dial: Option<Instant>,
    /// Joining with no connection: since when (`None` once told it could not be reached, or
    /// while connected).
    unreached_since: Option<Instant>,
    /// The UDP port the endpoint is bound to (named by the invite code).
    port: u16,
    /// The path last told ([`LinkEvent::Path`]), for the connection in use.
    path: Option<PathNow>,
    /// A relay is configured (n0's or one's own).
    relayed: bool,
    /// The endpoint's relay is connected, as its watcher last said.
    relay_up: bool,
    /// The endpoint in use: its number (news from an older one is ignored), when it was made,
    /// whether the network came back while its relay was out of reach, and whether a fresh one
    /// is wanted or being made.
    epoch: u64,
    built: Instant,
    back: bool,
    fresh: Fresh,
    /// Hosting: the invite code last told.
    ticket: Option<String>,
    news: (
        tmpsc::UnboundedSender<Tagged>,
        tmpsc::UnboundedReceiver<Tagged>,
    ),
}

impl Loop {
    /// An incoming connection: its handshake runs as a task of its own.
    fn incoming(&mut self, incoming: Incoming) {
        if self.handshakes >= MAX_HANDSHAKES {
            incoming.refuse();
            return;
        }
        self.handshakes += 1;
        let (limit, news) = (self.config.silence, self.news.0.clone());
        tokio::spawn(async move {
            let conn = timeout(limit, incoming).await.ok().and_then(Result::ok);
            let _ = news.send((0, News::Handshaken(conn)));
        });
    }

    /// Dials the host, as a task of its own.
    fn dial(&mut self, endpoint: &Endpoint, addr: EndpointAddr) {
        self.dialling = true;
        self.next_dial = Some(Instant::now() + self.config.retry);
        // A dial sent while the network was down waits no longer than this for an answer, so
        // the next one goes out soon after the network is back.
        let limit = self.config.silence.min(DIAL_WAIT);
        let (endpoint, news) = (endpoint.clone(), self.news.0.clone());
        tokio::spawn(async move {
            let open = timeout(limit, async {
                let conn = endpoint.connect(addr, ALPN).await.ok()?;
                let (mut send, recv) = conn.open_bi().await.ok()?;
                // The stream is only seen by the host once something is on it.
                send.write_all(&encode(&Frame::Ping)).await.ok()?;
                Some((conn, send, recv))
            })
            .await
            .ok()
            .flatten();
            let _ = news.send((0, News::Dialled(open)));
        });
    }

    /// A frame for the friend, handed to the connection's writer.
    fn write(&mut self, frame: Vec<u8>) {
        let Some(o) = self.open.as_ref() else { return };
        match o.out.try_send(frame) {
            Ok(()) => {}
            Err(tmpsc::error::TrySendError::Full(_)) => {
                self.close_open(REFUSED, b"not reading");
                self.lose(Lost::Stalled);
            }
            // The writer has ended; its news says why.
            Err(tmpsc::error::TrySendError::Closed(_)) => {}
        }
    }

    fn tick(&mut self) {
        self.consider();
        if self.open.is_none() {
            // Joining and still not through: said once, dialling goes on.
            if self.next_dial.is_some()
                && self
                    .unreached_since
                    .is_some_and(|t| t.elapsed() >= self.config.unreachable)
            {
                self.unreached_since = None;
                self.events.send(LinkEvent::NotReached);
            }
            return;
        }
        if self.heard.elapsed() > self.config.silence {
            self.close_open(REFUSED, b"silent");
            self.lose(Lost::Silent);
        } else {
            self.write(encode(&Frame::Ping));
            self.tell_path();
        }
    }

    /// Tells the path of the connection in use, if it is news.
    fn tell_path(&mut self) {
        let Some(now) = self.open.as_ref().and_then(|o| PathNow::of(&o.conn)) else {
            return;
        };
        if now.differs(self.path) {
            self.path = Some(now);
            self.events.send(LinkEvent::Path(now));
        }
    }

    fn hear(&mut self, g: u64, news: News) {
        match news {
            News::Handshaken(conn) => {
                let Some(conn) = conn else {
                    self.handshakes -= 1;
                    return;
                };
                if self.friend.is_some_and(|f| f != conn.remote_id()) {
                    self.handshakes -= 1;
                    conn.close(TAKEN.into(), b"this series is played with someone else");
                    self.events.send(LinkEvent::Refused {
                        why: Refused::OtherPlayer,
                    });
                    return;
                }
                let (limit, news) = (self.config.silence, self.news.0.clone());
                tokio::spawn(async move {
                    let streams = match timeout(limit, conn.accept_bi()).await {
                        Ok(Ok((send, recv))) => Some((conn, send, recv)),
                        _ => {
                            conn.close(REFUSED.into(), b"no stream");
                            None
                        }
                    };
                    let _ = news.send((0, News::Streams(streams)));
                });
            }
            News::Streams(streams) => {
                self.handshakes -= 1;
                let Some((conn, send, recv)) = streams else {
                    return;
                };
                // Another key may have become the friend meanwhile.
                if self.friend.is_some_and(|f| f != conn.remote_id()) {
                    conn.close(TAKEN.into(), b"this series is played with someone else");
                    self.events.send(LinkEvent::Refused {
                        why: Refused::OtherPlayer,
                    });
                    return;
                }
                self.close_open(BYE, b"replaced");
                self.install(conn, send, recv);
            }
            News::Ticket(ticket) => {
                if self.ticket.as_ref() != Some(&ticket) {
                    self.ticket = Some(ticket.clone());
                    self.events.send(LinkEvent::Ready {
                        ticket,
                        port: self.port,
                    });
                }
            }
            // The link's loop puts a fresh endpoint in place itself.
            News::Rebuilt(_) => {}
            News::Net {
                epoch,
                relay_up,
                gained,
            } => {
                if epoch == self.epoch {
                    // The relay coming or going starts afresh what the network did.
                    if relay_up != self.relay_up {
                        self.back = false;
                    }
                    self.relay_up = relay_up;
                    if gained && !relay_up && self.built.elapsed() >= REBUILD_MIN_AGE {
                        self.back = true;
                    }
                    self.consider();
                }
            }
            News::Dialled(open) => {
                self.dialling = false;
                if let Some((conn, send, recv)) = open
                    && self.open.is_none()
                {
                    self.install(conn, send, recv);
                }
            }
            _ if g != self.generation || self.open.is_none() => {
                if matches!(news, News::Frame(_)) {
                    self.in_flight.add_permits(1);
                }
            }
            News::Frame(msg) => {
                self.heard = Instant::now();
                if msg == Frame::Ping {
                    self.in_flight.add_permits(1);
                } else {
                    self.events.send(LinkEvent::Frame(msg));
                }
            }
            News::Refused(why) => {
                self.close_open(REFUSED, why.to_string().as_bytes());
                self.events.send(LinkEvent::Refused { why });
                self.lose(Lost::Closed("refused".into()));
            }
            News::Taken => {
                // Dialling again would be refused again.
                self.next_dial = None;
                self.events.send(LinkEvent::Refused {
                    why: Refused::Taken,
                });
                self.lose(Lost::Closed(Refused::Taken.to_string()));
            }
            News::Closed(why) => self.lose(Lost::Closed(why)),
            News::Stalled => {
                self.close_open(REFUSED, b"not reading");
                self.lose(Lost::Stalled);
            }
            News::WriteFailed(why) => self.lose(Lost::Closed(format!("write failed: {why}"))),
        }
    }

    /// A connection with its streams: the one in use from now on, with a reader and a writer
    /// of its own.
    fn install(&mut self, conn: Connection, send: SendStream, recv: RecvStream) {
        let id = conn.remote_id();
        self.friend = Some(id);
        self.generation += 1;
        let g = self.generation;
        tokio::spawn(reader(
            recv,
            g,
            self.config.max_rate,
            self.in_flight.clone(),
            self.news.0.clone(),
        ));
        let (out, queue) = tmpsc::channel(WRITE_QUEUE);
        let writer = tokio::spawn(writer(
            send,
            queue,
            g,
            self.config.silence,
            self.news.0.clone(),
        ));
        self.open = Some(Open { conn, out, writer });
        self.heard = Instant::now();
        self.unreached_since = None;
        self.events.send(LinkEvent::Connected {
            friend: *id.as_bytes(),
        });
        self.path = None;
        self.tell_path();
    }

    /// Whether the endpoint should be made afresh. iroh's relay client, when its relay cannot
    /// be reached (a laptop's Wi-Fi off), tries again after a wait that doubles up to 16 s (and
    /// up to as much again at random), and nothing cuts that wait short when the network comes
    /// back; a friend behind a NAT that filters (most home routers) cannot reach this game until
    /// it does, since the hole punch that would let them in is arranged through the relay. The
    /// network lab measured up to 27 s after a player's own interface came back. So when the
    /// endpoint gains an address of its own while its relay is out of reach (the interface back
    /// up, or the relay seeing the game's public address again), and the friend is away, a
    /// fresh endpoint is made (the same key and, hosting, the same port: the invite code still
    /// works), and it finds its relay at once.
    ///
    /// Only then: an endpoint made while the network is still down has no relay to go back to
    /// until its next look at the network, some 20 s later (the lab measured 18 s after an
    /// upstream cut when endpoints were made afresh every few seconds of a cut). And never
    /// while a connection is open or being set up: nothing is lost.
    fn consider(&mut self) {
        if self.back
            && self.relayed
            && !self.relay_up
            && self.open.is_none()
            && self.handshakes == 0
            && self.fresh == Fresh::No
        {
            self.fresh = Fresh::Wanted;
        }
    }

    /// A fresh endpoint is in place (see [`Loop::consider`]): watched, and, hosting, its code
    /// told if it is news (a port that had to change names another address).
    fn rebuilt(&mut self, endpoint: &Endpoint, hosting: bool) {
        self.epoch += 1;
        self.built = Instant::now();
        self.relay_up = false;
        self.back = false;
        self.fresh = Fresh::No;
        watch(endpoint, self.epoch, self.news.0.clone());
        if hosting {
            let port = port_of(endpoint);
            let moved = port != self.port;
            self.port = port;
            tell_ticket(endpoint, moved, self.news.0.clone());
        }
    }

    /// Closes the connection in use, if any, with `code` (its loss is told by [`Loop::lose`]).
    fn close_open(&mut self, code: u32, why: &[u8]) {
        if let Some(o) = self.open.as_ref() {
            o.conn.close(code.into(), why);
        }
    }

    fn lose(&mut self, why: Lost) {
        if let Some(o) = self.open.take() {
            o.writer.abort();
            self.unreached_since = Some(Instant::now());
            self.events.send(LinkEvent::Lost { why });
        }
    }
}

/// The endpoint's address (as `addrs` watches it) once it holds an IP address of its own (two
/// seconds at most: a machine with no network has none to wait for).
async fn own_addr(addrs: &mut impl iroh::Watcher<Value = EndpointAddr>) -> EndpointAddr {
    let own = timeout(Duration::from_secs(2), async {
        let mut now = addrs.get();
        while now.ip_addrs().next().is_none() {
            now = addrs.updated().await.ok()?;
        }
        Some(now)
    });
    match own.await {
        Ok(Some(addr)) => addr,
        _ => addrs.get(),
    }
}

/// The UDP port `endpoint` is bound to (IPv4).
fn port_of(endpoint: &Endpoint) -> u16 {
    endpoint
        .bound_sockets()
        .iter()
        .find(|a| a.is_ipv4())
        .map_or(0, |a| a.port())
}

/// Hosting: the endpoint's invite code for the link's loop (which tells it if it is news):
/// `at_once` as soon as it has an IP address of its own (within 2 s), and again once it has
/// its relay (within 30 s). Holds no clone of the endpoint, so closing it frees its port.
fn tell_ticket(endpoint: &Endpoint, at_once: bool, news: tmpsc::UnboundedSender<Tagged>) {
    let mut relays = endpoint.home_relay_status();
    let mut addrs = endpoint.watch_addr();
    tokio::spawn(endpoint.closed().run_until(async move {
        let tell = |addr| {
            let _ = news.send((0, News::Ticket(EndpointTicket::new(addr).to_string())));
        };
        if at_once {
            tell(own_addr(&mut addrs).await);
        }
        let online = timeout(Duration::from_secs(30), async {
            let mut now = relays.get();
            while !now.iter().any(iroh::endpoint::RelayStatus::is_connected) {
                now = relays.updated().await.ok()?;
            }
            Some(())
        });
        if let Ok(Some(())) = online.await {
            tell(addrs.get());
        }
    }));
}

/// Tells the link's loop what the endpoint numbered `epoch` sees of the network: its relay
/// coming and going, and an IP address of its own that it did not have a moment before (its
/// loopback ones aside). Holds no clone of the endpoint, and ends when it closes.
fn watch(endpoint: &Endpoint, epoch: u64, news: tmpsc::UnboundedSender<Tagged>) {
    let mut addrs = endpoint.watch_addr();
    let mut relays = endpoint.home_relay_status();
    let ips = |a: &EndpointAddr| {
        a.ip_addrs()
            .filter(|a| !a.ip().is_loopback())
            .copied()
            .collect::<std::collections::BTreeSet<_>>()
    };
    let up = |r: &[iroh::endpoint::RelayStatus]| r.iter().any(|s| s.is_connected());
    tokio::spawn(endpoint.closed().run_until(async move {
        let (mut seen, mut relay_up) = (ips(&addrs.get()), up(&relays.get()));
        let tell = |relay_up, gained| {
            news.send((
                0,
                News::Net {
                    epoch,
                    relay_up,
                    gained,
                },
            ))
            .is_ok()
        };
        if !tell(relay_up, false) {
            return;
        }
        loop {
            let gained = tokio::select! {
                a = addrs.updated() => {
                    let Ok(a) = a else { return };
                    let now = ips(&a);
                    let gained = !now.is_subset(&seen);
                    seen = now;
                    if !gained {
                        continue;
                    }
                    true
                }
                r = relays.updated() => {
                    let Ok(r) = r else { return };
                    if up(&r) == relay_up {
                        continue;
                    }
                    relay_up = !relay_up;
                    false
                }
            };
            if !tell(relay_up, gained) {
                return;
            }
        }
    }));
}

async fn sleep_until(at: Option<Instant>) {
    match at {
        Some(at) => tokio::time::sleep_until(at).await,
        None => std::future::pending().await,
    }
}

/// Writes one connection's frames in order; a write that makes no progress for `limit` is a
/// stalled peer. When the queue closes, the stream is finished.
async fn writer(
    mut send: SendStream,
    mut queue: tmpsc::Receiver<Vec<u8>>,
    generation: u64,
    limit: Duration,
    news: tmpsc::UnboundedSender<Tagged>,
) {
    while let Some(frame) = queue.recv().await {
        let why = match timeout(limit, send.write_all(&frame)).await {
            Ok(Ok(())) => continue,
            Ok(Err(e)) => News::WriteFailed(e.to_string()),
            Err(_) => News::Stalled,
        };
        let _ = news.send((generation, why));
        return;
    }
    let _ = send.finish();
}

/// Reads frames from one connection until it ends or sends something refused. Each message
/// but a ping waits for a place on the way to the game ([`IN_FLIGHT`]) before the next is read.
async fn reader(
    mut recv: RecvStream,
    generation: u64,
    max_rate: u32,
    in_flight: Arc<Semaphore>,
    news: tmpsc::UnboundedSender<Tagged>,
) {
    let mut decoder = Decoder::default();
    let mut buf = vec![0u8; 16 * 1024];
    let (mut window, mut count) = (Instant::now(), 0u32);
    loop {
        let n = match recv.read(&mut buf).await {
            Ok(Some(n)) => n,
            Ok(None) => {
                let why = match decoder.finish() {
                    Ok(()) => "the stream ended".to_string(),
                    Err(e) => e.to_string(),
                };
                let _ = news.send((generation, News::Closed(why)));
                return;
            }
            Err(e) => {
                let read = match &e {
                    ReadError::ConnectionLost(ConnectionError::ApplicationClosed(close))
                        if close.error_code == TAKEN.into() =>
                    {
                        News::Taken
                    }
                    _ => News::Closed(e.to_string()),
                };
                let _ = news.send((generation, read));
                return;
            }
        };
        decoder.push(&buf[..n]);
        loop {
            match decoder.next_message() {
                Ok(Some(msg)) => {
                    if window.elapsed() >= Duration::from_secs(1) {
                        (window, count) = (Instant::now(), 0);
                    }
                    count += 1;
                    if count > max_rate {
                        let _ = news.send((generation, News::Refused(Refused::Flood(max_rate))));
                        return;
                    }
                    // Every message, a ping too, takes a place; the loop gives a ping's back at
                    // once, the game a message's when it takes it.
                    let Ok(place) = in_flight.acquire().await else {
                        return;
                    };
                    place.forget();
                    if news.send((generation, News::Frame(msg))).is_err() {
                        return;
                    }
                }
                Ok(None) => break,
                Err(e) => {
                    let _ = news.send((generation, News::Refused(Refused::Wire(e))));
                    return;
                }
            }
        }
    }
}
