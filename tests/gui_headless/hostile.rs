//! A friend who runs a modified game: the window stays responsive and quits at once.

use super::*;

/// A runtime for a modified peer, running between the test's steps.
fn mallory_runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .unwrap()
}

/// A raw iroh endpoint on loopback for a modified peer; with `window`, the other side may send
/// it at most that many bytes it has not read (as a peer that means to stop reading sets up).
async fn mallory_endpoint(key: u8, window: Option<u32>, host: bool) -> iroh::Endpoint {
    let mut b = iroh::Endpoint::builder(iroh::endpoint::presets::Minimal)
        .relay_mode(iroh::RelayMode::Disabled)
        .secret_key(iroh::SecretKey::from_bytes(&[key; 32]));
    if let Some(w) = window {
        let w = iroh::endpoint::VarInt::from_u32(w);
        b = b.transport_config(
            iroh::endpoint::QuicTransportConfig::builder()
                .stream_receive_window(w)
                .receive_window(w)
                .build(),
        );
    }
    if host {
        b = b.alpns(vec![hollywood_gin::net::link::ALPN.to_vec()]);
    }
    b.clear_ip_transports()
        .bind_addr("127.0.0.1:0")
        .unwrap()
        .bind()
        .await
        .unwrap()
}

/// Writes `frames` to `send`, then a ping every 200 ms (so the peer never passes for silent),
/// reading nothing.
async fn write_then_ping(mut send: iroh::endpoint::SendStream, frames: Vec<u8>) {
    use hollywood_gin::net::wire::{Frame, encode};
    if send.write_all(&frames).await.is_err() {
        return;
    }
    while send.write_all(&encode(&Frame::Ping)).await.is_ok() {
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// A friend's game (hosting or joining) in a test app, with a silence limit of two seconds.
fn friend_app(tag: &str, seed: u64) -> App {
    let mut a = app(tag, seed);
    set_speed(&mut a, AnimSpeed::Instant);
    a
}

fn quick_silence(key: [u8; 32]) -> hollywood_gin::net::link::LinkConfig {
    hollywood_gin::net::link::LinkConfig {
        silence: Duration::from_secs(2),
        ..hollywood_gin::net::link::LinkConfig::loopback(key)
    }
}

/// The friend's status on this table.
fn friend_status(a: &App) -> Option<hollywood_gin::gui::table::friend::FriendStatus> {
    use hollywood_gin::gui::table::friend::Friend;
    a.world()
        .resource::<Friend>()
        .0
        .as_ref()
        .map(|g| g.status.clone())
}

/// Updates `a` until `done` (failing with `what` after `within`), checking on the way that no
/// frame takes a second and that the menu key is answered within a second, as a player's
/// click would be. How long it took.
fn responsive_until(
    a: &mut App,
    within: Duration,
    what: &str,
    mut done: impl FnMut(&App) -> bool,
) -> Duration {
    let start = std::time::Instant::now();
    let mut last_key = start;
    while !done(a) {
        assert!(
            start.elapsed() < within,
            "{what}: {:?} after {:?}",
            friend_status(a),
            start.elapsed()
        );
        let t = std::time::Instant::now();
        a.update();
        assert!(
            t.elapsed() < Duration::from_secs(1),
            "a frame took {:?}",
            t.elapsed()
        );
        if last_key.elapsed() > Duration::from_millis(500) {
            // The menu opens (or closes) within a second of the key.
            let before = *a.world().resource::<State<MenuScreen>>().get();
            let t = std::time::Instant::now();
            press_key(a, KeyCode::Escape);
            while *a.world().resource::<State<MenuScreen>>().get() == before {
                assert!(
                    t.elapsed() < Duration::from_secs(1),
                    "the menu key went unanswered"
                );
                a.update();
            }
            last_key = std::time::Instant::now();
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    start.elapsed()
}

/// The resident memory of this test process, in bytes (Linux).
fn resident() -> Option<u64> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: u64 = statm.split_whitespace().nth(1)?.parse().ok()?;
    Some(pages * 4096)
}

/// A hosting window under each attack of a modified guest: the window answers within a second
/// all the while and quits within two. A guest that makes the host answer a few dozen times and
/// then reads nothing (pinging all the while) is lost as stalled, so the table says it waits
/// for a reconnection; a dozen connections that never open a stream keep the real friend
/// waiting no time.
#[test]
fn a_hosting_window_stays_responsive_and_quits_at_once_under_a_modified_guest() {
    use hollywood_gin::gui::table::friend::{Friend, FriendGame, FriendStatus};
    use hollywood_gin::net::link::Lost;
    use hollywood_gin::net::wire::{encode, hello};

    let rt = mallory_runtime();
    let host_with_code = |tag: &str| {
        let mut host = friend_app(tag, 1);
        let game = FriendGame::host("Ana", RuleSettings::default(), quick_silence).unwrap();
        host.world_mut().resource_mut::<Friend>().0 = Some(game);
        responsive_until(&mut host, Duration::from_secs(20), "no code", |a| {
            a.world()
                .resource::<Friend>()
                .0
                .as_ref()
                .unwrap()
                .ticket
                .is_some()
        });
        let ticket = host
            .world()
            .resource::<Friend>()
            .0
            .as_ref()
            .unwrap()
            .ticket
            .clone();
        (host, ticket.unwrap())
    };
    let addr = |ticket: &str| {
        ticket
            .parse::<iroh_tickets::endpoint::EndpointTicket>()
            .unwrap()
            .endpoint_addr()
            .clone()
    };

    // A guest that greets, greets again forty times (each greeting is answered), with a
    // receive window of 1 KB, and then reads nothing, pinging all the while.
    let stalled = |tag: &str| {
        let (mut host, ticket) = host_with_code(tag);
        let to = addr(&ticket);
        let held = rt.block_on(async {
            let e = mallory_endpoint(5, Some(1024), false).await;
            let conn = e.connect(to, hollywood_gin::net::link::ALPN).await.unwrap();
            let (send, recv) = conn.open_bi().await.unwrap();
            let greetings: Vec<u8> = (0..41)
                .flat_map(|_| encode(&hello("Mallory", None)))
                .collect();
            tokio::spawn(write_then_ping(send, greetings));
            (e, conn, recv)
        });
        responsive_until(&mut host, Duration::from_secs(10), "no greeting", |a| {
            friend_status(a) == Some(FriendStatus::Playing)
        });
        (host, held)
    };
    let (mut host, _held) = stalled("mallory-stall");
    let took = responsive_until(
        &mut host,
        Duration::from_secs(6),
        "the stall went unseen",
        |a| friend_status(a) == Some(FriendStatus::Lost(Lost::Stalled)),
    );
    println!("a guest that stopped reading: lost as stalled after {took:?}");
    quits_at_once(host, "hosting, a guest not reading");

    // The same, and the player quits before the stall is even seen.
    let (host, _held) = stalled("mallory-stall-quit");
    quits_at_once(host, "hosting, a guest not reading, quit at once");

    // A dozen connections that never open a stream, then the real friend.
    let (mut host, ticket) = host_with_code("mallory-idle");
    let to = addr(&ticket);
    let _idle: Vec<_> = (0..12)
        .map(|i| {
            rt.block_on(async {
                let e = mallory_endpoint(40 + i, None, false).await;
                let conn = e
                    .connect(to.clone(), hollywood_gin::net::link::ALPN)
                    .await
                    .unwrap();
                (e, conn)
            })
        })
        .collect();
    let mut guest = friend_app("mallory-idle-guest", 2);
    let game = FriendGame::join(&ticket, "Bo", quick_silence).unwrap();
    guest.world_mut().resource_mut::<Friend>().0 = Some(game);
    let t = std::time::Instant::now();
    while friend_status(&guest) != Some(FriendStatus::Offered)
        || friend_status(&host) != Some(FriendStatus::Playing)
    {
        assert!(
            t.elapsed() < Duration::from_secs(3),
            "the friend was kept waiting: {:?} {:?}",
            friend_status(&host),
            friend_status(&guest)
        );
        host.update();
        guest.update();
        std::thread::sleep(Duration::from_millis(5));
    }
    println!(
        "the friend got in past a dozen stream-less connections in {:?}",
        t.elapsed()
    );
    quits_at_once(host, "hosting, stream-less connections");
    quits_at_once(guest, "the friend");
}

/// A joining window under each attack of a modified host: a flood of large messages before
/// Play leaves memory flat (at most a few are held) and Play then finds the foul; a host that
/// reads nothing is lost as stalled. The window answers within a second all the while and quits
/// within two.
#[test]
fn a_joining_window_stays_responsive_and_quits_at_once_under_a_modified_host() {
    use hollywood_gin::gui::table::friend::{Friend, FriendGame, FriendStatus};
    use hollywood_gin::net::fair::{HostSecret, commitment};
    use hollywood_gin::net::link::Lost;
    use hollywood_gin::net::told::Told;
    use hollywood_gin::net::wire::{Frame, MAX_FRAME, encode, hello};
    use hollywood_gin::rules::{CardSet, Move, Seat};

    // A flood before Play from a modified host: large messages, each different, about 100 a
    // second (under the cap of 200), written as fast as the joiner's flow control lets them.
    let big = |i: u64| {
        let card = "8D".parse().unwrap();
        let mut told = Told {
            deal: i,
            dealer: Seat::P1,
            hand: CardSet::parse("AC 2C 3C 4C 5C 6C 7C 8C 9C TC").unwrap(),
            upcard: card,
            moves: Vec::new(),
            drawn: Vec::new(),
            secret: None,
        };
        let one = Move {
            seat: Seat::P2,
            action: hollywood_gin::rules::Action::Discard(card),
        };
        while encode(&Frame::Told(told.clone())).len() < MAX_FRAME - 2048 {
            told.moves.extend(std::iter::repeat_n(one.clone(), 100));
        }
        encode(&Frame::Told(told))
    };
    const FLOOD: u64 = 300;
    let sample = big(1).len();
    let rt = mallory_runtime();
    let endpoint = rt.block_on(mallory_endpoint(1, None, true));
    let ticket = iroh_tickets::endpoint::EndpointTicket::new(endpoint.addr()).to_string();
    let accepting = endpoint.clone();
    let sent = std::sync::Arc::new(std::sync::atomic::AtomicU64::new(0));
    let count = sent.clone();
    let (go_tx, go_rx) = tokio::sync::oneshot::channel::<()>();
    rt.spawn(async move {
        let Some(incoming) = accepting.accept().await else {
            return;
        };
        let Ok(conn) = incoming.await else { return };
        let Ok((mut send, mut recv)) = conn.accept_bi().await else {
            return;
        };
        // What the joiner sends is read and dropped.
        tokio::spawn(async move {
            let mut buf = [0u8; 4096];
            while let Ok(Some(_)) = recv.read(&mut buf).await {}
        });
        let greeting = encode(&hello("Mallory", Some(RuleSettings::default())));
        let c = Frame::Commit {
            deal: 1,
            commitment: commitment(&HostSecret([3; 32]), 1),
        };
        let _ = send.write_all(&greeting).await;
        let _ = send.write_all(&encode(&c)).await;
        let _ = go_rx.await;
        for i in 1..=FLOOD {
            if send.write_all(&big(i)).await.is_err() {
                return;
            }
            count.store(i, std::sync::atomic::Ordering::SeqCst);
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        std::future::pending::<()>().await;
        drop(conn);
    });
    let mut guest = friend_app("mallory-flood", 2);
    let game = FriendGame::join(&ticket, "Bo", quick_silence).unwrap();
    guest.world_mut().resource_mut::<Friend>().0 = Some(game);
    responsive_until(&mut guest, Duration::from_secs(10), "no offer", |a| {
        friend_status(a) == Some(FriendStatus::Offered)
    });
    let before = resident();
    let _ = go_tx.send(());
    let mut most_held = 0;
    let flooded = responsive_until(&mut guest, Duration::from_secs(60), "the flood", |a| {
        let held = a
            .world()
            .resource::<Friend>()
            .0
            .as_ref()
            .map_or(0, FriendGame::held);
        most_held = most_held.max(held);
        sent.load(std::sync::atomic::Ordering::SeqCst) >= FLOOD
    });
    // The last of it arrives.
    let settle = std::time::Instant::now();
    responsive_until(&mut guest, Duration::from_secs(3), "", |_| {
        settle.elapsed() > Duration::from_secs(1)
    });
    // Held for Play: a handful, however long the flood (before, every one was).
    assert!(most_held <= 16, "{most_held} messages held");
    // The process's memory, for the note (other tests run in this process at the same time,
    // so it is printed, not asserted: alone, 3 to 18 MB, and 59 MB with every message held).
    if let (Some(a), Some(b)) = (before, resident()) {
        println!(
            "a flood of {FLOOD} messages of {sample} bytes before Play in {flooded:?}: at most \
             {most_held} held, the process's memory grew {} kB",
            b.saturating_sub(a) / 1024
        );
    }
    assert_eq!(
        friend_status(&guest),
        Some(FriendStatus::Offered),
        "still offered"
    );
    guest
        .world_mut()
        .resource_mut::<Friend>()
        .0
        .as_mut()
        .unwrap()
        .accept();
    // What was held is refused (no round of it replays), what was not was dropped, and the
    // series is on.
    let f = guest.world().resource::<Friend>();
    let g = f.0.as_ref().unwrap();
    assert_eq!(g.status, FriendStatus::Playing);
    assert!(
        g.refusals as u64 >= FLOOD,
        "{} refused of {FLOOD}",
        g.refusals
    );
    quits_at_once(guest, "joined, a flood before Play");
    drop(endpoint);

    // A host that stops reading: it greets, and once the player has said yes it commits to
    // the first deal again and again (the same commitment, each answered with the same nonce)
    // and reads nothing.
    for quit_early in [false, true] {
        let endpoint = rt.block_on(mallory_endpoint(1, Some(1024), true));
        let ticket = iroh_tickets::endpoint::EndpointTicket::new(endpoint.addr()).to_string();
        let accepting = endpoint.clone();
        let (go_tx, go_rx) = tokio::sync::oneshot::channel::<()>();
        rt.spawn(async move {
            let Some(incoming) = accepting.accept().await else {
                return;
            };
            let Ok(conn) = incoming.await else { return };
            let Ok((mut send, mut recv)) = conn.accept_bi().await else {
                return;
            };
            let mut first = [0u8; 4];
            let _ = recv.read_exact(&mut first).await;
            let c = Frame::Commit {
                deal: 1,
                commitment: commitment(&HostSecret([3; 32]), 1),
            };
            let greeting = encode(&hello("Mallory", Some(RuleSettings::default())));
            let _ = send.write_all(&greeting).await;
            let _ = send.write_all(&encode(&c)).await;
            let _ = go_rx.await;
            let again: Vec<u8> = (0..40).flat_map(|_| encode(&c)).collect();
            write_then_ping(send, again).await;
            drop((conn, recv));
        });
        let mut guest = friend_app("mallory-deaf", 2);
        let game = FriendGame::join(&ticket, "Bo", quick_silence).unwrap();
        guest.world_mut().resource_mut::<Friend>().0 = Some(game);
        responsive_until(&mut guest, Duration::from_secs(10), "no offer", |a| {
            friend_status(a) == Some(FriendStatus::Offered)
        });
        guest
            .world_mut()
            .resource_mut::<Friend>()
            .0
            .as_mut()
            .unwrap()
            .accept();
        let _ = go_tx.send(());
        if quit_early {
            responsive_until(&mut guest, Duration::from_secs(3), "", |_| true);
            std::thread::sleep(Duration::from_millis(300));
            quits_at_once(guest, "joined, a host not reading, quit at once");
        } else {
            let took = responsive_until(
                &mut guest,
                Duration::from_secs(6),
                "the stall went unseen",
                |a| friend_status(a) == Some(FriendStatus::Lost(Lost::Stalled)),
            );
            println!("a host that stopped reading: lost as stalled after {took:?}");
            quits_at_once(guest, "joined, a host not reading");
        }
        drop(endpoint);
    }
}

/// A friend's name of the longest kind, "W" as many times as a name may hold, fits inside its
/// seat's plate (the table's font is monospaced, so no name is wider) at the smallest window
/// and at the largest text.
#[test]
fn the_longest_name_fits_on_its_plate() {
    use bevy::text::TextLayoutInfo;
    use hollywood_gin::gui::table::layout::Fits;
    use hollywood_gin::seats::{MAX_NAME, clean_name};

    let long = clean_name(&"W".repeat(MAX_NAME + 6)).unwrap();
    assert_eq!(long.chars().count(), MAX_NAME);
    for (w, h, ui) in [(960, 600, 100), (1024, 640, 150), (1280, 800, 100)] {
        let mut a = app_sized("plate-name", 3, w, h);
        a.world_mut().resource_mut::<PlayerSettings>().ui_scale = ui;
        settle(&mut a);
        a.world_mut()
            .resource_mut::<Speech>()
            .set_opponent(Some(&long));
        for _ in 0..3 {
            a.update();
        }
        let mut q = a.world_mut().query::<(&Text2d, &TextLayoutInfo, &Fits)>();
        let (size, room) = q
            .iter(a.world())
            .find(|(t, _, _)| t.0 == long)
            .map(|(_, info, fits)| (info.size / info.scale_factor, fits.0.size()))
            .expect("the name on its plate");
        assert!(
            size.x <= room.x && size.y <= room.y,
            "{w}x{h} at {ui}%: the name takes {size}, its plate {room}"
        );
    }
}
