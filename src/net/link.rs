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

use std::sync::mpsc;
use std::thread::JoinHandle;
use std::time::Duration;

use iroh::endpoint::{Connection, ConnectionError, ReadError, RecvStream, SendStream, presets};
use iroh::{Endpoint, EndpointAddr, EndpointId, RelayMode, SecretKey};
use iroh_tickets::endpoint::EndpointTicket;
use tokio::sync::mpsc as tmpsc;
use tokio::time::Instant;

use super::wire::{Decoder, Message, WireError, encode};

/// The protocol's name in the QUIC handshake: another program's connection is refused there.
pub const ALPN: &[u8] = b"hollywood-gin/1";

/// How a link behaves.
#[derive(Clone, Debug)]
pub struct LinkConfig {
    /// Use n0's relays and address lookup (off: the ticket's direct addresses only).
    pub relays: bool,
    /// Bind to loopback only (tests).
    pub loopback: bool,
    /// The UDP port to bind (0: any), so a host restarted keeps its ticket's address.
    pub port: u16,
    /// This side's key: its identity, kept from one run to the next so a friend reconnecting
    /// after a restart is known again.
    pub key: [u8; 32],
    /// The friend's key, when resuming a series: nobody else is let in.
    pub friend: Option<[u8; 32]>,
    pub ping: Duration,
    pub silence: Duration,
    pub retry: Duration,
    /// The most messages a second the other side may send.
    pub max_rate: u32,
    /// Called after each event is told, from the network thread: to wake a game that sleeps
    /// while idle.
    pub wake: Option<Waker>,
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
            loopback: false,
            port: 0,
            key,
            friend: None,
            ping: Duration::from_secs(3),
            silence: Duration::from_secs(12),
            retry: Duration::from_secs(2),
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
    Ready { ticket: String, port: u16 },
    /// A connection to the friend is open (again): greet.
    Connected { friend: [u8; 32] },
    /// A message from the friend.
    Message(Message),
    /// The connection is gone; the host waits for the friend, the guest dials again.
    Lost { why: Lost },
    /// Something from the other side was refused, and the connection with it when it came from
    /// the friend.
    Refused { why: Refused },
    /// The link cannot work at all (no network to bind, a ticket that is no ticket).
    Failed { why: String },
}

/// Why a connection was lost.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum Lost {
    #[error("the friend's game went silent")]
    Silent,
    #[error("the connection closed: {0}")]
    Closed(String),
}

/// What was refused.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum Refused {
    #[error("{0}")]
    Wire(WireError),
    #[error("more than {0} messages in a second")]
    Flood(u32),
    #[error("someone else tried to join this series")]
    OtherPlayer,
    #[error("the host is playing this series with someone else")]
    Taken,
}

/// Why a link could not be made.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum LinkError {
    #[error("that is not an invite code: {0}")]
    BadTicket(String),
    #[error("the network thread could not start: {0}")]
    Thread(String),
}

enum Command {
    Send(Message),
    Close,
}

/// A link to a friend's game, its network on a thread of its own.
pub struct Link {
    commands: tmpsc::UnboundedSender<Command>,
    /// Behind a lock only so the link can sit in a game's shared state; one reader.
    events: std::sync::Mutex<mpsc::Receiver<LinkEvent>>,
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
        let thread = std::thread::Builder::new()
            .name("friend link".into())
            .spawn(move || {
                let runtime = tokio::runtime::Builder::new_current_thread()
                    .enable_all()
                    .build();
                let events = Events(event_tx, config.wake.clone());
                match runtime {
                    Ok(rt) => rt.block_on(run(config, dial, command_rx, events)),
                    Err(e) => events.send(LinkEvent::Failed { why: e.to_string() }),
                }
            })
            .map_err(|e| LinkError::Thread(e.to_string()))?;
        Ok(Link {
            commands,
            events: std::sync::Mutex::new(events),
            thread: Some(thread),
        })
    }

    /// Queues `msg` for the friend (dropped if there is no connection just now).
    pub fn send(&self, msg: Message) {
        let _ = self.commands.send(Command::Send(msg));
    }

    /// The next event, if one has come; never blocks.
    pub fn try_recv(&self) -> Option<LinkEvent> {
        self.events.lock().ok()?.try_recv().ok()
    }

    /// The next event within `wait` (for tests and tools, not the render thread).
    pub fn recv_timeout(&self, wait: Duration) -> Option<LinkEvent> {
        self.events.lock().ok()?.recv_timeout(wait).ok()
    }
}

impl Link {
    /// Closes the connection and waits for the network thread to end (a second at most).
    pub fn close(mut self) {
        let _ = self.commands.send(Command::Close);
        if let Some(t) = self.thread.take() {
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
    let mut b = if config.relays {
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

/// One open connection's two streams and its reader's news.
struct Open {
    conn: Connection,
    send: SendStream,
}

/// News from a connection's reader task.
enum Read {
    Message(Message),
    Refused(Refused),
    /// The host refused this connection: it plays the series with someone else.
    Taken,
    Closed(String),
}

async fn run(
    config: LinkConfig,
    dial: Option<EndpointAddr>,
    mut commands: tmpsc::UnboundedReceiver<Command>,
    events: Events,
) {
    // The port asked for may have been taken since: any port then (the friend's game finds
    // the host by its key through the address lookup, or is sent a new code).
    let bound = match bind(&config, dial.is_none()).await {
        Err(_) if config.port != 0 => {
            bind(
                &LinkConfig {
                    port: 0,
                    ..config.clone()
                },
                dial.is_none(),
            )
            .await
        }
        other => other,
    };
    let endpoint = match bound {
        Ok(e) => e,
        Err(why) => return events.send(LinkEvent::Failed { why }),
    };
    if dial.is_none() {
        if config.relays {
            // Wait (briefly) for a relay, so the ticket carries one for friends behind NATs.
            let _ = tokio::time::timeout(Duration::from_secs(5), endpoint.online()).await;
        }
        let ticket = EndpointTicket::new(endpoint.addr()).to_string();
        let port = endpoint
            .bound_sockets()
            .iter()
            .find(|a| a.is_ipv4())
            .map_or(0, |a| a.port());
        events.send(LinkEvent::Ready { ticket, port });
    }
    let mut friend: Option<EndpointId> =
        config.friend.and_then(|k| EndpointId::from_bytes(&k).ok());
    let mut open: Option<Open> = None;
    let (read_tx, mut read_rx) = tmpsc::unbounded_channel::<(u64, Read)>();
    // Each connection has a number, so news from a replaced one is ignored.
    let mut generation = 0u64;
    let mut heard = Instant::now();
    let mut ping = tokio::time::interval(config.ping);
    let mut next_dial = Some(Instant::now());
    loop {
        let dial_at = next_dial.filter(|_| dial.is_some() && open.is_none());
        tokio::select! {
            incoming = endpoint.accept(), if dial.is_none() => {
                let Some(incoming) = incoming else { break };
                let Ok(conn) = incoming.await else { continue };
                let id = conn.remote_id();
                if friend.is_some_and(|f| f != id) {
                    conn.close(TAKEN.into(), b"this series is played with someone else");
                    events.send(LinkEvent::Refused { why: Refused::OtherPlayer });
                    continue;
                }
                let Ok(Ok((send, recv))) =
                    tokio::time::timeout(config.silence, conn.accept_bi()).await
                else {
                    conn.close(REFUSED.into(), b"no stream");
                    continue;
                };
                friend = Some(id);
                if let Some(old) = open.take() {
                    old.conn.close(BYE.into(), b"replaced");
                }
                generation += 1;
                tokio::spawn(reader(recv, generation, config.max_rate, read_tx.clone()));
                open = Some(Open { conn, send });
                heard = Instant::now();
                events.send(LinkEvent::Connected { friend: *id.as_bytes() });
            }
            _ = sleep_until(dial_at) => {
                next_dial = Some(Instant::now() + config.retry);
                let Some(addr) = dial.clone() else { continue };
                let Ok(Ok(conn)) =
                    tokio::time::timeout(config.silence, endpoint.connect(addr, ALPN)).await
                else {
                    continue;
                };
                let Ok((mut send, recv)) = conn.open_bi().await else { continue };
                // The stream is only seen by the host once something is on it.
                if send.write_all(&encode(&Message::Ping)).await.is_err() {
                    continue;
                }
                generation += 1;
                tokio::spawn(reader(recv, generation, config.max_rate, read_tx.clone()));
                let id = conn.remote_id();
                open = Some(Open { conn, send });
                heard = Instant::now();
                events.send(LinkEvent::Connected { friend: *id.as_bytes() });
            }
            command = commands.recv() => match command {
                Some(Command::Send(msg)) => {
                    if let Some(o) = open.as_mut()
                        && o.send.write_all(&encode(&msg)).await.is_err()
                    {
                        lose(&mut open, &events, Lost::Closed("write failed".into()));
                    }
                }
                // Closing the link is not ending the series (the game sends `Bye` for that):
                // the friend is told the connection closed, and waits.
                Some(Command::Close) | None => {
                    if let Some(mut o) = open.take() {
                        let _ = o.send.finish();
                        o.conn.close(BYE.into(), b"closed");
                    }
                    break;
                }
            },
            news = read_rx.recv() => {
                let Some((g, news)) = news else { continue };
                if g != generation || open.is_none() {
                    continue;
                }
                heard = Instant::now();
                match news {
                    Read::Message(Message::Ping) => {}
                    Read::Message(msg) => events.send(LinkEvent::Message(msg)),
                    Read::Refused(why) => {
                        if let Some(o) = open.as_ref() {
                            o.conn.close(REFUSED.into(), why.to_string().as_bytes());
                        }
                        events.send(LinkEvent::Refused { why });
                        lose(&mut open, &events, Lost::Closed("refused".into()));
                    }
                    Read::Taken => {
                        // Dialling again would be refused again.
                        next_dial = None;
                        events.send(LinkEvent::Refused { why: Refused::Taken });
                        lose(&mut open, &events, Lost::Closed(Refused::Taken.to_string()));
                    }
                    Read::Closed(why) => lose(&mut open, &events, Lost::Closed(why)),
                }
            }
            _ = ping.tick() => {
                if let Some(o) = open.as_mut() {
                    if heard.elapsed() > config.silence {
                        o.conn.close(REFUSED.into(), b"silent");
                        lose(&mut open, &events, Lost::Silent);
                    } else if o.send.write_all(&encode(&Message::Ping)).await.is_err() {
                        lose(&mut open, &events, Lost::Closed("write failed".into()));
                    }
                }
            }
        }
    }
    // A second at most to say goodbye.
    let _ = tokio::time::timeout(Duration::from_secs(1), endpoint.close()).await;
}

fn lose(open: &mut Option<Open>, events: &Events, why: Lost) {
    if open.take().is_some() {
        events.send(LinkEvent::Lost { why });
    }
}

async fn sleep_until(at: Option<Instant>) {
    match at {
        Some(at) => tokio::time::sleep_until(at).await,
        None => std::future::pending().await,
    }
}

/// Reads frames from one connection until it ends or sends something refused.
async fn reader(
    mut recv: RecvStream,
    generation: u64,
    max_rate: u32,
    news: tmpsc::UnboundedSender<(u64, Read)>,
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
                let _ = news.send((generation, Read::Closed(why)));
                return;
            }
            Err(e) => {
                let read = match &e {
                    ReadError::ConnectionLost(ConnectionError::ApplicationClosed(close))
                        if close.error_code == TAKEN.into() =>
                    {
                        Read::Taken
                    }
                    _ => Read::Closed(e.to_string()),
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
                        let _ = news.send((generation, Read::Refused(Refused::Flood(max_rate))));
                        return;
                    }
                    if news.send((generation, Read::Message(msg))).is_err() {
                        return;
                    }
                }
                Ok(None) => break,
                Err(e) => {
                    let _ = news.send((generation, Read::Refused(Refused::Wire(e))));
                    return;
                }
            }
        }
    }
}
