//! The link on loopback (no relays, no address lookup: these machines have no internet): two
//! real iroh endpoints in one test process, each side's state machine driven by its events,
//! and peers that misbehave on purpose with raw connections.

use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng, rngs::StdRng};

use super::fair::{HostSecret, first_dealer};
use super::guest::Guest;
use super::host::Host;
use super::link::{ALPN, Link, LinkConfig, LinkEvent, Lost, PathNow, Refused};
use super::side::Peer;
use super::told::{GUEST, HOST, local};
use super::wire::{Frame, MAX_FRAME, encode, hello};
use crate::ai::{Bot, Level, View};
use crate::rules::{Match, RuleSettings, Seat};

const WAIT: Duration = Duration::from_secs(20);

pub(super) fn key(n: u8) -> [u8; 32] {
    let mut k = [n; 32];
    k[0] = 0x42;
    k
}

fn fast(config: LinkConfig) -> LinkConfig {
    LinkConfig {
        ping: Duration::from_millis(100),
        silence: Duration::from_millis(800),
        retry: Duration::from_millis(100),
        ..config
    }
}

/// Bots move as fast as the link carries: far more messages a second than players send.
pub(super) fn for_bots(config: LinkConfig) -> LinkConfig {
    LinkConfig {
        max_rate: 1_000_000,
        // Silence is tested on its own; here a loaded machine must not pass for one.
        silence: Duration::from_secs(10),
        ..fast(config)
    }
}

/// Hosts on loopback and waits for the ticket.
fn hosting(config: LinkConfig) -> (Link, String) {
    let (link, ticket, _) = hosting_at(config);
    (link, ticket)
}

/// [`hosting`], with the port the ticket names.
pub(super) fn hosting_at(config: LinkConfig) -> (Link, String, u16) {
    let link = Link::host(config).unwrap();
    match link.recv_timeout(WAIT) {
        Some(LinkEvent::Ready { ticket, port }) => {
            assert_ne!(port, 0);
            (link, ticket, port)
        }
        other => panic!("no ticket: {other:?}"),
    }
}

/// Waits for an event that `want` picks, skipping others; panics after [`WAIT`].
fn wait_for<T>(link: &Link, mut want: impl FnMut(&LinkEvent) -> Option<T>) -> T {
    let end = Instant::now() + WAIT;
    while Instant::now() < end {
        if let Some(e) = link.recv_timeout(Duration::from_millis(50))
            && let Some(t) = want(&e)
        {
            return t;
        }
    }
    panic!("the event did not come");
}

/// Hands one side what its link has told: greetings on each connection, the friend's
/// messages (a refusal panics: no honest exchange has one), losses into `lost`. Whether
/// nothing came.
fn drain<S: Peer>(
    link: &Link,
    side: &mut S,
    rng: &mut StdRng,
    lost: &mut Vec<Lost>,
    connected: &mut usize,
    paths: &mut Vec<PathNow>,
) -> bool {
    let mut idle = true;
    while let Some(e) = link.try_recv() {
        idle = false;
        match e {
            LinkEvent::Connected { .. } => {
                *connected += 1;
                for m in side.connected() {
                    link.send(m);
                }
            }
            LinkEvent::Frame(m) => {
                let out = side
                    .receive_with(m, |_| rng.random())
                    .unwrap_or_else(|e| panic!("{} refused: {e}", std::any::type_name::<S>()));
                for m in out.send {
                    link.send(m);
                }
            }
            LinkEvent::Lost { why } => lost.push(why),
            LinkEvent::Path(p) => paths.push(p),
            // Dialling on through a long cut.
            LinkEvent::NotReached => {}
            other => panic!("{}: {other:?}", std::any::type_name::<S>()),
        }
    }
    idle
}

/// Both games over real links.
pub(super) struct Net {
    host: Host,
    guest: Guest,
    hl: Link,
    gl: Link,
    ticket: String,
    port: u16,
    rng: StdRng,
    pub(super) lost: Vec<Lost>,
    /// Connections opened: the host's count, the guest's.
    pub(super) connected: [usize; 2],
    /// The paths each link told, in order: the host's, the guest's.
    pub(super) paths: [Vec<PathNow>; 2],
}

impl Net {
    fn new() -> Net {
        let (hl, ticket, port) = hosting_at(for_bots(LinkConfig::loopback(key(1))));
        let gl = Link::join(&ticket, for_bots(LinkConfig::loopback(key(2)))).unwrap();
        Net::over(hl, ticket, port, gl)
    }

    /// Both games over links already made (the host's `hl`, whose invite is `ticket` at
    /// `port`, and the guest's `gl`, joining it), up to the first deal.
    pub(super) fn over(hl: Link, ticket: String, port: u16, gl: Link) -> Net {
        let mut n = Net {
            host: Host::new("Ana", RuleSettings::default()),
            guest: Guest::new("Bo"),
            hl,
            gl,
            ticket,
            port,
            rng: StdRng::seed_from_u64(7),
            lost: Vec::new(),
            connected: [0; 2],
            paths: [Vec::new(), Vec::new()],
        };
        assert!(n.pump(|n| n.guest.series().is_some()), "no first deal");
        n
    }

    /// Handles both links' events until `done`, or [`WAIT`] passes (false).
    pub(super) fn pump(&mut self, done: impl Fn(&Net) -> bool) -> bool {
        let end = Instant::now() + WAIT;
        while Instant::now() < end {
            if done(self) {
                return true;
            }
            let host_idle = drain(
                &self.hl,
                &mut self.host,
                &mut self.rng,
                &mut self.lost,
                &mut self.connected[0],
                &mut self.paths[0],
            );
            let guest_idle = drain(
                &self.gl,
                &mut self.guest,
                &mut self.rng,
                &mut self.lost,
                &mut self.connected[1],
                &mut self.paths[1],
            );
            let idle = host_idle && guest_idle;
            if idle {
                std::thread::sleep(Duration::from_micros(200));
            }
        }
        false
    }

    pub(super) fn hosts(&self) -> &Match {
        self.host.series().unwrap()
    }
    pub(super) fn guests(&self) -> &Match {
        self.guest.series().unwrap()
    }
    pub(super) fn in_step(&self) -> bool {
        let (h, g) = (self.hosts(), self.guests());
        h.deals() == g.deals() && h.round().history().len() == g.round().history().len()
    }

    /// `moves` moves, each a [`Net::step`]: a round under way.
    pub(super) fn steps(&mut self, bots: &[Box<dyn Bot>; 2], moves: usize) {
        for _ in 0..moves {
            self.step(bots);
        }
    }

    /// One move by whoever is to act; how long until the other side's table showed it.
    pub(super) fn step(&mut self, bots: &[Box<dyn Bot>; 2]) -> Option<(Seat, Duration)> {
        let seat = self.hosts().round().to_act()?;
        let moves = self.hosts().round().history().len() + 1;
        let t = Instant::now();
        if seat == HOST {
            let view = View::of(self.hosts().round(), HOST, Some(self.hosts().scoreboard()));
            for m in self.host.play(bots[0].decide(&view)).unwrap() {
                self.hl.send(m);
            }
            assert!(self.pump(|n| n.guests().round().history().len() == moves));
        } else {
            let me = local(GUEST);
            let view = View::of(self.guests().round(), me, Some(self.guests().scoreboard()));
            let msg = self.guest.play(bots[1].decide(&view)).unwrap();
            self.gl.send(msg);
            assert!(self.pump(|n| n.hosts().round().history().len() == moves));
        }
        let took = t.elapsed();
        assert!(self.pump(Net::in_step));
        Some((seat, took))
    }

    pub(super) fn next_deal(&mut self) {
        let deals = self.hosts().deals();
        self.gl.send(self.guest.ready().unwrap());
        assert!(self.pump(|n| n.host.ready_for_next()[1]));
        let s: [u8; 32] = self.rng.random();
        for m in self.host.ready(|_| HostSecret(s)) {
            self.hl.send(m);
        }
        assert!(self.pump(|n| n.guests().deals() == deals + 1 && n.in_step()));
    }
}

/// A whole Hollywood series over two real endpoints equals the same series played on one
/// machine; the guest's table is the host's match, seats swapped. A move reaches the other
/// side's table within a few milliseconds over loopback (figures printed).
#[test]
fn a_whole_series_over_loopback_equals_the_series_played_locally() {
    let mut n = Net::new();
    let took = play_series(&mut n, 1);
    let at = |q: f64| took[((took.len() - 1) as f64 * q) as usize];
    println!(
        "{} moves over loopback, to the other table: p50 {:?}, p95 {:?}, p99 {:?}, max {:?}",
        took.len(),
        at(0.5),
        at(0.95),
        at(0.99),
        at(1.0)
    );
    assert!(n.lost.is_empty(), "{:?}", n.lost);
    // Each side told the player how the friend is connected: directly, with a round trip.
    for told in &n.paths {
        let first = told.first().expect("no path told");
        assert!(first.direct, "{told:?}");
        assert!(first.rtt_ms < 1000, "{told:?}");
    }
}

/// Two Medium bots, seeded `seed` and `seed + 1`, one for each seat.
pub(super) fn mediums(seed: u64) -> [Box<dyn Bot>; 2] {
    [Level::Medium.bot(seed), Level::Medium.bot(seed + 1)]
}

/// Plays a whole Hollywood series over `n` with two Medium bots (seeded from `seed`), and
/// checks it equals the same series played on one machine: the guest's table is the host's
/// match, seats swapped. Each move's time to the other side's table, sorted.
pub(super) fn play_series(n: &mut Net, seed: u64) -> Vec<Duration> {
    let bots = mediums(seed);
    let mut seeds = Vec::new();
    let mut took = Vec::new();
    loop {
        seeds.push(n.hosts().round().seed().unwrap());
        while let Some((_, t)) = n.step(&bots) {
            took.push(t);
        }
        if n.hosts().scoreboard().is_over() {
            break;
        }
        n.next_deal();
    }
    let mut local_match = Match::agreed(RuleSettings::default(), first_dealer(seeds[0]), seeds[0]);
    for (i, seed) in seeds.iter().enumerate() {
        if i > 0 {
            local_match.next_round_agreed(*seed).unwrap();
        }
        while let Some(seat) = local_match.round().to_act() {
            let view = View::of(local_match.round(), seat, Some(local_match.scoreboard()));
            local_match
                .apply(seat, bots[seat.index()].decide(&view))
                .unwrap();
        }
    }
    assert_eq!(&local_match, n.hosts());
    let (h, g) = (n.hosts().scoreboard(), n.guests().scoreboard());
    assert_eq!(h.history.len(), g.history.len());
    for (a, b) in h.history.iter().zip(&g.history) {
        assert_eq!((a.winner, a.points), (b.winner.map(local), b.points));
    }
    took.sort();
    took
}

/// The guest's game goes away mid-round (its link closed, as when the program quits) and comes
/// back with the same key and ticket: the host is told at once, the guest is sent the round in
/// play, and the series carries on to the same end as an unbroken one.
#[test]
fn a_guest_that_leaves_mid_round_and_comes_back_carries_on() {
    let bots = mediums(3);
    let mut n = Net::new();
    n.steps(&bots, 9);
    let before = n.hosts().clone();
    let ticket = n.ticket.clone();
    let bad = Link::join("endpointaaaa", LinkConfig::loopback(key(9)));
    assert!(bad.is_err_and(|e| e.to_string().contains("invite code")));
    n.gl = Link::join(&ticket, for_bots(LinkConfig::loopback(key(2)))).unwrap();
    // The old link was dropped: the host hears the connection close, then the new one.
    assert!(n.pump(|n| !n.lost.is_empty() && n.connected == [2, 2] && n.in_step()));
    assert!(matches!(n.lost[0], Lost::Closed(_)), "{:?}", n.lost);
    assert_eq!(n.hosts(), &before);
    while n.step(&bots).is_some() {}
    assert!(n.hosts().round().is_finished());
    assert_eq!(n.hosts().scoreboard().history.len(), 1);
    assert_eq!(
        n.guests().scoreboard().history[0].points,
        n.hosts().scoreboard().history[0].points
    );
}

/// Both games quit mid-round and start again from what they kept on disk (their state as
/// RON, their keys, the host's port): the guest dials the same invite code, the host knows it
/// again, and the round goes on from the move where it stopped.
#[test]
fn both_games_restarted_from_their_files_carry_on_with_the_same_invite() {
    let bots = mediums(8);
    let mut n = Net::new();
    n.steps(&bots, 7);
    let before = n.hosts().clone();
    let kept_host = ron::to_string(&n.host).unwrap();
    let kept_guest = ron::to_string(&n.guest).unwrap();
    let (ticket, port) = (n.ticket.clone(), n.port);
    // Both quit.
    let Net { hl, gl, .. } = n;
    hl.close();
    gl.close();
    // Both start again.
    let host: Host = ron::from_str(&kept_host).unwrap();
    let mut guest: Guest = ron::from_str(&kept_guest).unwrap();
    guest.rebuild().unwrap();
    assert_eq!(host.series(), Some(&before));
    let config = LinkConfig {
        port,
        // The friend's public key, as the link told it on connecting.
        friend: Some(*iroh::SecretKey::from_bytes(&key(2)).public().as_bytes()),
        ..for_bots(LinkConfig::loopback(key(1)))
    };
    let (hl, again, _) = hosting_at(config);
    assert_eq!(
        again
            .parse::<iroh_tickets::endpoint::EndpointTicket>()
            .unwrap()
            .endpoint_addr(),
        ticket
            .parse::<iroh_tickets::endpoint::EndpointTicket>()
            .unwrap()
            .endpoint_addr(),
        "the same key and port: the same invite"
    );
    let gl = Link::join(&ticket, for_bots(LinkConfig::loopback(key(2)))).unwrap();
    let mut n = Net {
        host,
        guest,
        hl,
        gl,
        ticket,
        port,
        rng: StdRng::seed_from_u64(8),
        lost: Vec::new(),
        connected: [0; 2],
        paths: [Vec::new(), Vec::new()],
    };
    assert!(n.pump(|n| n.connected == [1, 1] && n.in_step()));
    assert_eq!(n.hosts(), &before);
    while n.step(&bots).is_some() {}
    assert!(n.hosts().round().is_finished());
    assert_eq!(n.guests().scoreboard().history.len(), 1);
}

/// A raw connection to the host, outside the game: for peers that misbehave on purpose.
struct Raw {
    rt: tokio::runtime::Runtime,
    send: iroh::endpoint::SendStream,
    conn: iroh::endpoint::Connection,
    /// Kept open: a dropped receiving side tells the host to stop sending.
    _recv: iroh::endpoint::RecvStream,
    _endpoint: iroh::Endpoint,
}

/// A runtime for a raw peer, running between the test's steps.
fn raw_runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .unwrap()
}

/// A raw endpoint on loopback; with `window`, it lets the other side send at most that many
/// bytes it has not read (QUIC's flow control), as a peer that means to stop reading does.
async fn raw_endpoint(key: [u8; 32], window: Option<u32>, alpn: bool) -> iroh::Endpoint {
    let mut b = iroh::Endpoint::builder(iroh::endpoint::presets::Minimal)
        .relay_mode(iroh::RelayMode::Disabled)
        .secret_key(iroh::SecretKey::from_bytes(&key));
    if let Some(w) = window {
        let w = iroh::endpoint::VarInt::from_u32(w);
        b = b.transport_config(
            iroh::endpoint::QuicTransportConfig::builder()
                .stream_receive_window(w)
                .receive_window(w)
                .build(),
        );
    }
    if alpn {
        b = b.alpns(vec![ALPN.to_vec()]);
    }
    b.clear_ip_transports()
        .bind_addr("127.0.0.1:0")
        .unwrap()
        .bind()
        .await
        .unwrap()
}

impl Raw {
    fn dial(ticket: &str, key: [u8; 32]) -> Raw {
        Raw::dial_with(ticket, key, None)
    }

    /// Dials with a receive window of `window` bytes.
    fn dial_with(ticket: &str, key: [u8; 32], window: Option<u32>) -> Raw {
        let rt = raw_runtime();
        let ticket: iroh_tickets::endpoint::EndpointTicket = ticket.parse().unwrap();
        let (endpoint, conn, send, recv) = rt.block_on(async {
            let endpoint = raw_endpoint(key, window, false).await;
            let conn = endpoint
                .connect(ticket.endpoint_addr().clone(), ALPN)
                .await
                .unwrap();
            let (send, recv) = conn.open_bi().await.unwrap();
            (endpoint, conn, send, recv)
        });
        Raw {
            rt,
            send,
            conn,
            _recv: recv,
            _endpoint: endpoint,
        }
    }

    fn write(&mut self, bytes: &[u8]) {
        let _ = self.rt.block_on(self.send.write_all(bytes));
    }

    /// Keeps pinging every 100 ms from now on (so it never passes for silent), reading nothing.
    fn keep_pinging(self) -> Pinging {
        let Raw {
            rt,
            mut send,
            conn,
            _recv,
            _endpoint,
        } = self;
        rt.spawn(async move {
            while send.write_all(&encode(&Frame::Ping)).await.is_ok() {
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        });
        Pinging {
            _rt: rt,
            _conn: conn,
            _recv,
            _endpoint,
        }
    }
}

/// A raw peer that pings every 100 ms and reads nothing; it goes when dropped.
struct Pinging {
    _rt: tokio::runtime::Runtime,
    _conn: iroh::endpoint::Connection,
    _recv: iroh::endpoint::RecvStream,
    _endpoint: iroh::Endpoint,
}

/// The link's answers in a burst, as to a flood of greetings: each a commitment.
fn answers(n: usize) -> Vec<Frame> {
    (0..n as u64)
        .map(|i| Frame::Commit {
            deal: i,
            commitment: super::fair::Commitment([7; 32]),
        })
        .collect()
}

/// Waits for a lost connection; its reason and when it came.
fn lost(link: &Link) -> (Lost, Instant) {
    let why = wait_for(link, |e| match e {
        LinkEvent::Lost { why } => Some(why.clone()),
        _ => None,
    });
    (why, Instant::now())
}

/// Closes `link`, and says how long that took.
fn time_close(link: Link) -> Duration {
    let t = Instant::now();
    link.close();
    t.elapsed()
}

/// The host's friend connects with a tiny receive window, makes the host answer a few dozen
/// times and then reads nothing, while it keeps pinging (so it never passes for silent). The
/// host's writes stall: the connection is lost as stalled within the silence limit (and a
/// little), the friend's own game (the same key) gets straight back in while the stalled one
/// is still open, and the host quits within a second, during the attack.
#[test]
fn a_friend_that_stops_reading_is_lost_and_gets_back_in_and_quitting_is_quick() {
    let config = LinkConfig {
        silence: Duration::from_millis(1500),
        ..fast(LinkConfig::loopback(key(1)))
    };
    let (host, ticket) = hosting(config.clone());
    let mut raw = Raw::dial_with(&ticket, key(5), Some(1024));
    raw.write(&encode(&Frame::Ping));
    wait_for(&host, |e| {
        matches!(e, LinkEvent::Connected { .. }).then_some(())
    });
    let raw = raw.keep_pinging();
    let t = Instant::now();
    for m in answers(40) {
        host.send(m);
    }
    let (why, at) = lost(&host);
    assert_eq!(why, Lost::Stalled);
    let took = at - t;
    assert!(took < Duration::from_millis(4500), "stalled after {took:?}");
    // The friend's game comes back with its key: replaced at once.
    let t = Instant::now();
    let back = Link::join(&ticket, fast(LinkConfig::loopback(key(5)))).unwrap();
    wait_for(&host, |e| {
        matches!(e, LinkEvent::Connected { .. }).then_some(())
    });
    wait_for(&back, |e| {
        matches!(e, LinkEvent::Connected { .. }).then_some(())
    });
    assert!(t.elapsed() < Duration::from_secs(3), "{:?}", t.elapsed());
    drop(back);
    drop(raw);
    // Quitting while a peer holds the writes stalled, before the stall is even noticed.
    let (host, ticket) = hosting(config);
    let mut raw = Raw::dial_with(&ticket, key(5), Some(1024));
    raw.write(&encode(&Frame::Ping));
    wait_for(&host, |e| {
        matches!(e, LinkEvent::Connected { .. }).then_some(())
    });
    let raw = raw.keep_pinging();
    for m in answers(40) {
        host.send(m);
    }
    std::thread::sleep(Duration::from_millis(300));
    let took = time_close(host);
    assert!(took < Duration::from_millis(1300), "closing took {took:?}");
    drop(raw);
}

/// A host that accepts the guest, reads its first frame and then nothing, with a tiny receive
/// window, pinging all the while: the guest's writes stall, the connection is lost as stalled,
/// and the guest quits within a second during the attack.
#[test]
fn a_host_that_stops_reading_is_lost_and_the_guest_quits_at_once() {
    let rt = raw_runtime();
    let endpoint = rt.block_on(raw_endpoint(key(1), Some(1024), true));
    let ticket = iroh_tickets::endpoint::EndpointTicket::new(endpoint.addr()).to_string();
    let accepting = endpoint.clone();
    rt.spawn(async move {
        let mut held = Vec::new();
        while let Some(incoming) = accepting.accept().await {
            let Ok(conn) = incoming.await else { continue };
            let Ok((mut send, mut recv)) = conn.accept_bi().await else {
                continue;
            };
            let mut first = [0u8; 4];
            let _ = recv.read_exact(&mut first).await;
            tokio::spawn(async move {
                while send.write_all(&encode(&Frame::Ping)).await.is_ok() {
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
            });
            held.push((conn, recv));
        }
    });
    let config = LinkConfig {
        silence: Duration::from_millis(1500),
        ..fast(LinkConfig::loopback(key(2)))
    };
    for quit_early in [false, true] {
        let guest = Link::join(&ticket, config.clone()).unwrap();
        wait_for(&guest, |e| {
            matches!(e, LinkEvent::Connected { .. }).then_some(())
        });
        let t = Instant::now();
        for m in answers(40) {
            guest.send(m);
        }
        if quit_early {
            std::thread::sleep(Duration::from_millis(300));
            let took = time_close(guest);
            assert!(took < Duration::from_millis(1300), "closing took {took:?}");
        } else {
            let (why, at) = lost(&guest);
            assert_eq!(why, Lost::Stalled);
            assert!(
                at - t < Duration::from_millis(4500),
                "stalled after {:?}",
                at - t
            );
        }
    }
    drop(endpoint);
}

/// Connections that finish their handshake but never open a stream (each would be waited for
/// up to the silence limit, 10 s here) keep nobody waiting: the friend, dialling after a dozen
/// of them, is in within two seconds.
#[test]
fn connections_that_never_open_a_stream_keep_the_friend_waiting_no_time() {
    let config = LinkConfig {
        silence: Duration::from_secs(10),
        ..fast(LinkConfig::loopback(key(1)))
    };
    let (host, ticket) = hosting(config);
    let rt = raw_runtime();
    let addr = ticket
        .parse::<iroh_tickets::endpoint::EndpointTicket>()
        .unwrap()
        .endpoint_addr()
        .clone();
    let idle: Vec<_> = (0..12)
        .map(|i| {
            rt.block_on(async {
                let e = raw_endpoint(key(40 + i), None, false).await;
                let conn = e.connect(addr.clone(), ALPN).await.unwrap();
                (e, conn)
            })
        })
        .collect();
    let t = Instant::now();
    let friend = Link::join(&ticket, fast(LinkConfig::loopback(key(5)))).unwrap();
    wait_for(&friend, |e| {
        matches!(e, LinkEvent::Connected { .. }).then_some(())
    });
    wait_for(&host, |e| {
        matches!(e, LinkEvent::Connected { .. }).then_some(())
    });
    assert!(t.elapsed() < Duration::from_secs(2), "{:?}", t.elapsed());
    drop(idle);
}

/// A flood just under the rate cap while the game takes nothing: at most [`IN_FLIGHT`]
/// messages wait for the game (the rest wait in the friend's game, held back by QUIC's flow
/// control); once the game takes them, every one comes, in order.
#[test]
fn a_flood_waits_at_the_door_while_the_game_takes_nothing() {
    use super::link::IN_FLIGHT;
    // A game that takes nothing for longer than the silence limit loses the connection (the
    // reader reads nothing meanwhile): the limit is the game's 12 s here.
    let (host, ticket) = hosting(LinkConfig {
        silence: Duration::from_secs(12),
        ..fast(LinkConfig::loopback(key(1)))
    });
    let mut raw = Raw::dial(&ticket, key(5));
    raw.write(&encode(&Frame::Ping));
    wait_for(&host, |e| {
        matches!(e, LinkEvent::Connected { .. }).then_some(())
    });
    // 180 messages in a second, in three bursts (under the cap of 200 a second).
    for burst in 0..3u64 {
        let bytes: Vec<u8> = (0..60)
            .flat_map(|i| {
                encode(&Frame::Next {
                    deal: burst * 60 + i,
                })
            })
            .collect();
        raw.write(&bytes);
        std::thread::sleep(Duration::from_millis(300));
    }
    std::thread::sleep(Duration::from_millis(300));
    let waiting = host.waiting();
    let messages = waiting
        .iter()
        .filter(|e| matches!(e, LinkEvent::Frame(_)))
        .count();
    assert!(
        messages <= IN_FLIGHT,
        "{messages} messages waited for the game"
    );
    assert!(messages >= IN_FLIGHT / 2, "only {messages} came");
    let mut got: Vec<u64> = waiting
        .into_iter()
        .filter_map(|e| match e {
            LinkEvent::Frame(Frame::Next { deal }) => Some(deal),
            _ => None,
        })
        .collect();
    // Now the game takes them as they come.
    let end = Instant::now() + WAIT;
    while got.len() < 180 && Instant::now() < end {
        if let Some(LinkEvent::Frame(Frame::Next { deal })) =
            host.recv_timeout(Duration::from_millis(50))
        {
            got.push(deal);
        }
    }
    assert_eq!(got, (0..180).collect::<Vec<_>>());
    drop(raw);
}

/// Each kind of bad bytes from a peer ends its connection with the reason, and none reaches
/// the game: garbage, a frame over the cap, an unknown message, a truncated frame, a flood.
#[test]
fn bad_bytes_from_a_peer_end_its_connection_with_the_reason() {
    let unknown = {
        let text = b"Resign(now: true)";
        let mut f = (text.len() as u32).to_be_bytes().to_vec();
        f.extend_from_slice(text);
        f
    };
    let over = ((MAX_FRAME + 1) as u32).to_be_bytes().to_vec();
    let garbage = vec![0, 0, 0, 4, 0xff, 0xfe, 0xfd, 0xfc];
    for (bytes, what) in [
        (garbage, "garbage"),
        (over, "over the cap"),
        (unknown, "unknown"),
    ] {
        let (host, ticket) = hosting(fast(LinkConfig::loopback(key(1))));
        let mut raw = Raw::dial(&ticket, key(5));
        raw.write(&bytes);
        wait_for(&host, |e| {
            matches!(e, LinkEvent::Connected { .. }).then_some(())
        });
        let why = wait_for(&host, |e| match e {
            LinkEvent::Frame(m) => panic!("{what}: {m:?} reached the game"),
            LinkEvent::Refused { why } => Some(why.clone()),
            _ => None,
        });
        assert!(matches!(why, Refused::Wire(_)), "{what}: {why:?}");
        wait_for(&host, |e| matches!(e, LinkEvent::Lost { .. }).then_some(()));
    }
    // A truncated frame, then the stream ends: the connection is lost with the reason.
    let (host, ticket) = hosting(fast(LinkConfig::loopback(key(1))));
    let mut raw = Raw::dial(&ticket, key(5));
    let whole = encode(&hello("Mallory", None));
    raw.write(&whole[..whole.len() - 3]);
    let _ = raw.send.finish();
    let why = wait_for(&host, |e| match e {
        LinkEvent::Lost { why } => Some(why.clone()),
        LinkEvent::Frame(m) => panic!("{m:?}"),
        _ => None,
    });
    assert!(why.to_string().contains("inside a frame"), "{why}");
    // A flood: ten thousand greetings at once.
    let (host, ticket) = hosting(fast(LinkConfig::loopback(key(1))));
    let mut raw = Raw::dial(&ticket, key(5));
    let flood: Vec<u8> = (0..10_000)
        .flat_map(|_| encode(&Frame::Next { deal: 1 }))
        .collect();
    raw.write(&flood);
    let mut passed = 0;
    let why = wait_for(&host, |e| match e {
        LinkEvent::Frame(_) => {
            passed += 1;
            None
        }
        LinkEvent::Refused { why } => Some(why.clone()),
        _ => None,
    });
    assert_eq!(why, Refused::Flood(200));
    assert!(passed <= 200, "{passed} messages of the flood passed");
    drop(raw);
}

/// A peer that goes silent (no pings, nothing) is taken for gone after the silence limit; a
/// second player with another key is refused and told so, and the friend still gets in.
#[test]
fn a_silent_peer_is_lost_and_another_player_is_refused() {
    let (host, ticket) = hosting(fast(LinkConfig::loopback(key(1))));
    let mut raw = Raw::dial(&ticket, key(5));
    raw.write(&encode(&Frame::Ping));
    wait_for(&host, |e| {
        matches!(e, LinkEvent::Connected { .. }).then_some(())
    });
    let t = Instant::now();
    let why = wait_for(&host, |e| match e {
        LinkEvent::Lost { why } => Some(why.clone()),
        _ => None,
    });
    assert_eq!(why, Lost::Silent);
    assert!(
        t.elapsed() >= Duration::from_millis(700),
        "{:?}",
        t.elapsed()
    );
    // The friend was the silent key; another key now is someone else.
    let guest = Link::join(&ticket, fast(LinkConfig::loopback(key(6)))).unwrap();
    wait_for(&host, |e| {
        matches!(
            e,
            LinkEvent::Refused {
                why: Refused::OtherPlayer
            }
        )
        .then_some(())
    });
    wait_for(&guest, |e| {
        matches!(
            e,
            LinkEvent::Refused {
                why: Refused::Taken
            }
        )
        .then_some(())
    });
    // The friend's key gets in again.
    let back = Link::join(&ticket, fast(LinkConfig::loopback(key(5)))).unwrap();
    wait_for(&host, |e| {
        matches!(e, LinkEvent::Connected { .. }).then_some(())
    });
    wait_for(&back, |e| {
        matches!(e, LinkEvent::Connected { .. }).then_some(())
    });
    drop(raw.conn);
}

/// Joining a code whose host is not running: after the wait the link says the host could not
/// be reached, once, and goes on dialling; Try again (`dial_now`) counts the wait afresh; when
/// the host starts (the same key and port, as a host that resumes), the joiner gets in by
/// itself.
#[test]
fn joining_a_host_that_is_not_running_says_so_and_keeps_trying() {
    let config = fast(LinkConfig::loopback(key(1)));
    let (host, ticket, port) = hosting_at(config.clone());
    host.close();
    let joining = LinkConfig {
        unreachable: Duration::from_millis(1000),
        ..fast(LinkConfig::loopback(key(2)))
    };
    let t = Instant::now();
    let guest = Link::join(&ticket, joining).unwrap();
    wait_for(&guest, |e| matches!(e, LinkEvent::NotReached).then_some(()));
    let first = t.elapsed();
    assert!(
        first >= Duration::from_millis(1000) && first < Duration::from_millis(5000),
        "told after {first:?}"
    );
    // Said once: nothing more within another wait.
    let again = guest.recv_timeout(Duration::from_millis(1300));
    assert_eq!(again, None, "{again:?}");
    // Try again: the wait counts afresh.
    let t = Instant::now();
    guest.dial_now();
    wait_for(&guest, |e| matches!(e, LinkEvent::NotReached).then_some(()));
    assert!(
        t.elapsed() >= Duration::from_millis(1000),
        "{:?}",
        t.elapsed()
    );
    // The host starts again on its port with its key: the joiner, still dialling, gets in.
    let (host, again, _) = hosting_at(LinkConfig { port, ..config });
    assert_eq!(again, ticket);
    wait_for(&guest, |e| {
        matches!(e, LinkEvent::Connected { .. }).then_some(())
    });
    wait_for(&host, |e| {
        matches!(e, LinkEvent::Connected { .. }).then_some(())
    });
}
