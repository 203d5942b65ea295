//! A series with a friend: two apps over a real link, and a host that quits and resumes.

use super::*;

/// Two games, each the whole plugin group at instant speed: "Ana" hosts on loopback (in the
/// apps "TAG-host" and "TAG-guest") and "Bo" joins with her invite code, not yet accepting
/// her rules. The apps, the code, and the deadline for the test.
fn friends(tag: &str) -> (App, App, String, std::time::Instant) {
    use hollywood_gin::gui::table::friend::{Friend, FriendGame};
    use hollywood_gin::net::link::LinkConfig;

    let mut host = app(&format!("{tag}-host"), 1);
    let mut guest = app(&format!("{tag}-guest"), 2);
    for a in [&mut host, &mut guest] {
        set_speed(a, AnimSpeed::Instant);
    }
    let game = FriendGame::host("Ana", RuleSettings::default(), LinkConfig::loopback).unwrap();
    host.world_mut().resource_mut::<Friend>().0 = Some(game);
    let deadline = std::time::Instant::now() + Duration::from_secs(120);
    let ticket = loop {
        host.update();
        let f = host.world().resource::<Friend>();
        if let Some(t) = f.0.as_ref().and_then(|g| g.ticket.clone()) {
            break t;
        }
        assert!(std::time::Instant::now() < deadline, "no ticket");
        std::thread::sleep(Duration::from_millis(2));
    };
    let game = FriendGame::join(&ticket, "Bo", LinkConfig::loopback).unwrap();
    guest.world_mut().resource_mut::<Friend>().0 = Some(game);
    (host, guest, ticket, deadline)
}

/// Two games, host and guest, each the whole plugin group, over a real link on loopback: a
/// round played by each side's player through the table's own commands. The guest's table is
/// the host's round seen from the other chair, each names the other on its plate and in its
/// words, and the computer never moves.
#[test]
fn a_round_against_a_friend_through_two_apps() {
    use hollywood_gin::gui::table::friend::{Friend, FriendStatus};

    let (mut host, mut guest, _, deadline) = friends("friend");
    read_egui_texts(&mut host);
    // The guest sees the host's rules and says yes.
    loop {
        host.update();
        guest.update();
        let mut f = guest.world_mut().resource_mut::<Friend>();
        let g = f.0.as_mut().unwrap();
        if g.status == FriendStatus::Offered {
            assert_eq!(g.name.as_deref(), Some("Ana"));
            assert_eq!(g.rules(), Some(&RuleSettings::default()));
            g.accept();
            break;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "no offer: {:?}",
            g.status
        );
        std::thread::sleep(Duration::from_millis(2));
    }
    let players = [Level::Medium.bot(5), Level::Medium.bot(6)];
    let moves = play_friends(&mut host, &mut guest, &players, deadline, |_, _| false);
    check_friends_round(&host, &guest, moves);
    // Each table says how the friend is connected: directly (one machine), with a round trip.
    for a in [&mut host, &mut guest] {
        let line = table_texts(a)
            .into_iter()
            .find(|t| t.starts_with("Direct · ") && t.ends_with(" ms"));
        assert!(line.is_some(), "no connection line: {:?}", table_texts(a));
    }
    // The round's banner offers its review, and no Replay (which would leave the series).
    for _ in 0..4 {
        host.update();
    }
    let (review, replay) = {
        let sp = host.world().resource::<Speech>();
        (sp.t("review-button", &[]), sp.t("replay-button", &[]))
    };
    let texts = drawn_texts(&mut host);
    assert!(texts.contains(&review), "the banner: {texts:?}");
    assert!(
        !texts.contains(&replay),
        "Replay offered in a friend's series: {texts:?}"
    );
    // The next deal waits for both players: the host asks and waits, then the guest asks.
    let next = PlayerCommand::Series(SeriesCommand::NextRound);
    host.world_mut().write_message(next);
    for _ in 0..50 {
        host.update();
        guest.update();
        std::thread::sleep(Duration::from_millis(2));
    }
    let waiting = |a: &App| {
        let s = a.world().resource::<Series>();
        (s.current.deals(), s.friend().is_some_and(|f| f.asked))
    };
    assert_eq!(waiting(&host), (1, true), "the host waits for the guest");
    // The first to ask is told so: Next round held down, and whom the deal waits for.
    let held = shown_button(&mut host, next).expect("Next round shows");
    assert!(!held.enabled && held.on, "Next round held down: {held:?}");
    let said = {
        let mut q = host.world_mut().query::<&bevy::text::TextSpan>();
        q.iter(host.world())
            .map(|t| t.0.clone())
            .collect::<Vec<_>>()
    };
    assert!(
        said.iter().any(|t| t.contains("Waiting for Bo")),
        "the status line: {said:?}"
    );
    let open = shown_button(&mut guest, next).expect("Next round shows");
    assert!(
        open.enabled && !open.on,
        "the guest's is still to press: {open:?}"
    );
    guest.world_mut().write_message(next);
    update_both_until(&mut host, &mut guest, deadline, "no second deal", |h, g| {
        waiting(h).0 >= 2 && waiting(g).0 >= 2
    });
    assert_eq!((waiting(&host), waiting(&guest)), ((2, false), (2, false)));
    // The figure for the note (a machine's speed, not asserted).
    let mut l = LATENCIES.with(|l| l.borrow().clone());
    l.sort();
    if !l.is_empty() {
        let at = |q: f64| l[((l.len() - 1) as f64 * q) as usize];
        println!(
            "{} moves, command on one table to the other table showing it: p50 {:?}, p95 {:?}, max {:?}",
            l.len(),
            at(0.5),
            at(0.95),
            at(1.0)
        );
    }
}

thread_local! {
    /// How long each move took from its command on one table to the other table showing it.
    static LATENCIES: std::cell::RefCell<Vec<Duration>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Plays both tables by their players' bots until the round ends on both or `stop` says so;
/// the moves made, returned once both tables show every one of them (a move just written may
/// still be on its way when `stop` says so).
fn play_friends(
    host: &mut App,
    guest: &mut App,
    players: &[Box<dyn hollywood_gin::ai::Bot>; 2],
    deadline: std::time::Instant,
    stop: impl Fn(&App, usize) -> bool,
) -> usize {
    let start = moves_kept(host);
    let mut moves = 0;
    let mut waiting: Option<(usize, usize, std::time::Instant)> = None;
    loop {
        if std::time::Instant::now() >= deadline {
            use hollywood_gin::gui::table::friend::Friend;
            let say = |a: &App| {
                let s = a.world().resource::<Series>();
                let f = a.world().resource::<Friend>();
                format!(
                    "status {:?}, moves {}, to act {:?}, seat {:?}",
                    f.0.as_ref().map(|g| g.status.clone()),
                    moves_kept(a),
                    s.current.round().to_act(),
                    s.friend()
                        .map(|f| (f.outbox.len(), f.pending.is_some(), f.ready)),
                )
            };
            panic!(
                "the round did not end: host {}; guest {}",
                say(host),
                say(guest)
            );
        }
        let mut idle = true;
        for (i, a) in [&mut *host, &mut *guest].into_iter().enumerate() {
            a.update();
            if let Some((other, len, t)) = waiting
                && other == i
                && moves_kept(a) >= len
            {
                LATENCIES.with(|l| l.borrow_mut().push(t.elapsed()));
                waiting = None;
            }
            if !at_rest(a) {
                idle = false;
                continue;
            }
            let series = a.world().resource::<Series>();
            if series.friend().is_none() || series.current.round().to_act() != Some(HUMAN) {
                continue;
            }
            if series
                .friend()
                .is_some_and(|f| !f.outbox.is_empty() || f.pending.is_some())
            {
                continue;
            }
            let view = View::of(
                series.current.round(),
                HUMAN,
                Some(series.current.scoreboard()),
            );
            let action = players[i].decide(&view);
            let at = series.current.round().history().len();
            for c in commands_for(&action) {
                a.world_mut().write_message(c);
            }
            // The other table shows the move once its round has one more move.
            waiting = Some((1 - i, at + 1, std::time::Instant::now()));
            moves += 1;
            idle = false;
        }
        let (h, g) = (
            host.world().resource::<Series>().current.clone(),
            guest.world().resource::<Series>().current.clone(),
        );
        if h.round().is_finished() && g.round().is_finished() || stop(host, moves) {
            let shown = |a: &App| moves_kept(a) >= start + moves;
            update_both_until(
                host,
                guest,
                deadline,
                "a move did not reach both tables",
                |h, g| shown(h) && shown(g),
            );
            return moves;
        }
        if idle {
            std::thread::sleep(Duration::from_millis(1));
        }
    }
}

/// The moves the round on this table has kept.
fn moves_kept(a: &App) -> usize {
    a.world()
        .resource::<Series>()
        .current
        .round()
        .history()
        .len()
}

/// Updates both tables until `done` says so; fails with `what` at the deadline.
fn update_both_until(
    host: &mut App,
    guest: &mut App,
    deadline: std::time::Instant,
    what: &str,
    done: impl Fn(&App, &App) -> bool,
) {
    while !done(host, guest) {
        assert!(std::time::Instant::now() < deadline, "{what}");
        host.update();
        guest.update();
        std::thread::sleep(Duration::from_millis(1));
    }
}

/// The two tables agree on the round that ended, each names the other, the computer stayed
/// out.
fn check_friends_round(host: &App, guest: &App, moves: usize) {
    let (h, g) = (
        host.world().resource::<Series>().current.clone(),
        guest.world().resource::<Series>().current.clone(),
    );
    // Every move in the round was one the test's players made through the two tables.
    assert_eq!(moves, moves_kept(host), "moves made and moves kept");
    assert!(moves >= 2, "a round takes at least a draw and a knock");
    assert_eq!(
        h.round().hand(HUMAN),
        g.round().hand(OPPONENT),
        "the host's cards"
    );
    assert_eq!(
        h.round().hand(OPPONENT),
        g.round().hand(HUMAN),
        "the guest's cards"
    );
    assert_eq!(
        h.round().seed(),
        g.round().seed(),
        "the guest dealt the agreed deal itself"
    );
    let (he, ge) = (&h.scoreboard().history[0], &g.scoreboard().history[0]);
    assert_eq!(
        (he.points, he.winner),
        (ge.points, ge.winner.map(|s| s.other()))
    );
    for (a, friend) in [(host, "Bo"), (guest, "Ana")] {
        assert_eq!(a.world().resource::<Speech>().opponent(), Some(friend));
        assert!(
            !a.world().resource::<BotTask>().busy(),
            "the computer stayed out"
        );
        let seen = a.world().resource::<Seen>();
        assert!(seen.mismatches.is_empty(), "{:?}", seen.mismatches);
    }
}

/// The host's game quits mid-round and starts again on its files: the Play a friend page's
/// Resume carries the series on with the same invite code (the same key and port), the guest's
/// game finds it again by itself, and the round ends as one round on both tables.
#[test]
fn a_host_that_quits_mid_round_resumes_from_its_files() {
    use hollywood_gin::gui::table::friend::{Friend, FriendGame, FriendStatus};
    use hollywood_gin::gui::table::persist::{FileWriter, KeptFriend};
    use hollywood_gin::net::link::LinkConfig;

    let (mut host, mut guest, ticket, deadline) = friends("friend-resume");
    let mut f = guest.world_mut().resource_mut::<Friend>();
    f.0.as_mut().unwrap().accept();
    // Before the quit neither player knocks or goes gin, so the round is always still on
    // after six moves whatever the deal (the friends' deal is random); after it, both play
    // in full.
    let holding = [
        Box::new(NoKnock(Level::Medium.bot(5))) as Box<dyn hollywood_gin::ai::Bot>,
        Box::new(NoKnock(Level::Medium.bot(6))),
    ];
    let before = play_friends(&mut host, &mut guest, &holding, deadline, |a, moves| {
        moves >= 6 && a.world().resource::<Series>().friend().is_some()
    });
    assert!(before >= 6);
    let series_before = host.world().resource::<Series>().current.clone();
    assert!(
        !series_before.round().is_finished(),
        "the host quits mid-round"
    );
    // The host's game quits: its files written, its connection closed.
    host.world().resource::<FileWriter>().flush();
    let game = host.world_mut().resource_mut::<Friend>().0.take().unwrap();
    game.close();
    drop(host);
    // The guest's table says whom it waits for and for how long, the clock counting on.
    let away = |a: &mut App, clock: &str| {
        let texts = table_texts(a);
        let spans: String = {
            let mut q = a.world_mut().query::<&bevy::text::TextSpan>();
            q.iter(a.world()).map(|t| t.0.clone()).collect()
        };
        spans.contains(&format!("Waiting for Ana to reconnect… ({clock})"))
            && texts.contains(&format!("Reconnecting… {clock}"))
    };
    let gone = std::time::Instant::now();
    while !away(&mut guest, "0:01") {
        guest.update();
        assert!(
            gone.elapsed() < Duration::from_secs(5),
            "the guest's table: {:?}",
            table_texts(&mut guest)
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    // And starts again on the same files: the page offers the kept series.
    let mut host = app_booted("friend-resume-host", Some(1), 1280, 800, 1.0);
    set_speed(&mut host, AnimSpeed::Instant);
    host.update();
    let kept = host
        .world()
        .resource::<KeptFriend>()
        .0
        .clone()
        .expect("the series was kept");
    let game = FriendGame::resume(kept, LinkConfig::loopback).unwrap();
    host.world_mut().resource_mut::<Friend>().0 = Some(game);
    let resumed = loop {
        host.update();
        guest.update();
        let f = host.world().resource::<Friend>();
        let g = f.0.as_ref().unwrap();
        if let Some(t) = &g.ticket {
            assert_eq!(t, &ticket, "the same invite code");
        }
        if g.status == FriendStatus::Playing {
            break host.world().resource::<Series>().current.clone();
        }
        assert!(
            std::time::Instant::now() < deadline,
            "no reconnection: {:?}",
            g.status
        );
        std::thread::sleep(Duration::from_millis(2));
    };
    assert_eq!(resumed, series_before, "the series as it was left");
    let players = [Level::Medium.bot(5), Level::Medium.bot(6)];
    let after = play_friends(&mut host, &mut guest, &players, deadline, |_, _| false);
    check_friends_round(&host, &guest, before + after);
}

/// The texts drawn on the table (not the overlay's), visible ones only.
fn table_texts(a: &mut App) -> Vec<String> {
    let mut q = a.world_mut().query::<(&Text2d, &InheritedVisibility)>();
    q.iter(a.world())
        .filter(|(_, v)| v.get())
        .map(|(t, _)| t.0.clone())
        .collect()
}

/// A player that never ends the round: a knock or gin becomes a plain discard of the same card.
struct NoKnock(Box<dyn hollywood_gin::ai::Bot>);

impl hollywood_gin::ai::Bot for NoKnock {
    fn name(&self) -> &'static str {
        "no-knock"
    }

    fn decide(&self, view: &View) -> Action {
        match self.0.decide(view) {
            Action::Knock { discard, .. }
            | Action::Gin {
                discard: Some(discard),
            } => Action::Discard(discard),
            other => other,
        }
    }
}

/// The Play a friend pages take a series from start to end by their own buttons, each page
/// shown in its state: Join with no code says it is no code; Host a series gives the invite
/// code; the guest (joining by that code, as its Join button sends it) is offered the host's
/// rules and its Accept starts the series on both tables; the host's End the series ends it,
/// and the guest's page says the friend left, with Back to the first page.
#[test]
fn the_friend_pages_take_a_series_from_code_to_end_by_their_buttons() {
    use hollywood_gin::gui::table::friend::{
        Friend, FriendCommand, FriendNet, FriendNotice, FriendState, FriendStatus,
    };

    let deadline = std::time::Instant::now() + Duration::from_secs(120);
    let mut host = app("pages-host", 1);
    let mut guest = app("pages-guest", 2);
    for a in [&mut host, &mut guest] {
        a.insert_resource(FriendNet::Loopback);
        set_speed(a, AnimSpeed::Instant);
        read_egui_texts(a);
        open_friend_page(a);
    }
    let state = |a: &App| *a.world().resource::<State<FriendState>>().get();
    let status = |a: &App| {
        let f = a.world().resource::<Friend>();
        f.0.as_ref().map(|g| g.status.clone())
    };
    // Join with the code field empty.
    press(&mut guest, "friend-join");
    assert!(guest.world().resource::<FriendNotice>().bad_code);
    assert!(
        shows(&mut guest, "friend-bad-code"),
        "the page says the code is no code"
    );
    assert_eq!(state(&guest), FriendState::Off);
    // Host a series: the code shows on the hosting page.
    press(&mut host, "friend-host");
    let ticket = loop {
        host.update();
        let f = host.world().resource::<Friend>();
        if let Some(t) = f.0.as_ref().and_then(|g| g.ticket.clone())
            && egui_text_rect(&mut host, &t).is_some()
        {
            break t;
        }
        assert!(std::time::Instant::now() < deadline, "no code shown");
        std::thread::sleep(Duration::from_millis(2));
    };
    assert_eq!(state(&host), FriendState::Hosting);
    guest.world_mut().write_message(FriendCommand::Join(ticket));
    update_both_until(&mut host, &mut guest, deadline, "no offer", |_, g| {
        state(g) == FriendState::Offered
    });
    assert!(
        !guest.world().resource::<FriendNotice>().bad_code,
        "cleared"
    );
    // Accept: the series is on both tables, the menus closed.
    sleep_past_double_click();
    press(&mut guest, "friend-accept");
    update_both_until(&mut host, &mut guest, deadline, "no series", |h, g| {
        [h, g].iter().all(|a| {
            a.world().resource::<Series>().friend().is_some()
                && *a.world().resource::<State<MenuScreen>>().get() == MenuScreen::Closed
        })
    });
    assert_eq!(
        (state(&host), state(&guest)),
        (FriendState::Playing, FriendState::Playing)
    );
    // The host ends the series from its page.
    open_friend_page(&mut host);
    press(&mut host, "friend-end");
    update_both_until(
        &mut host,
        &mut guest,
        deadline,
        "the guest not told",
        |h, g| status(g) == Some(FriendStatus::Left) && state(h) == FriendState::Off,
    );
    assert!(
        host.world().resource::<Series>().friend().is_none(),
        "own series back"
    );
    open_friend_page(&mut guest);
    assert_eq!(state(&guest), FriendState::Over);
    let left = {
        let f = guest.world().resource::<Friend>();
        let name = f.0.as_ref().and_then(|g| g.name.clone());
        guest
            .world()
            .resource::<Speech>()
            .named("friend-left", name.as_deref(), &[])
    };
    assert!(
        egui_text_rect(&mut guest, &left).is_some(),
        "the page says so"
    );
    press(&mut guest, "button-back");
    for _ in 0..4 {
        guest.update();
    }
    assert_eq!((status(&guest), state(&guest)), (None, FriendState::Off));
    assert!(guest.world().resource::<Series>().friend().is_none());
    assert!(shows(&mut guest, "friend-host"), "back on the first page");
}

/// Opens the menu's Play a friend page and lets it draw.
fn open_friend_page(a: &mut App) {
    a.world_mut()
        .resource_mut::<NextState<MenuScreen>>()
        .set(MenuScreen::Friend);
    for _ in 0..6 {
        a.update();
    }
}

/// Past the double-click time, so the next click on a new page is a click of its own.
fn sleep_past_double_click() {
    std::thread::sleep(Duration::from_millis(600));
}

/// Whether the text `id` says in the player's language was drawn last frame.
fn shows(a: &mut App, id: &str) -> bool {
    let text = a.world().resource::<Speech>().t(id, &[]);
    egui_text_rect(a, &text).is_some()
}

/// Clicks the egui button with the text `id` (which must show), then runs a few frames: the
/// page sends its order, and the table obeys it.
fn press(a: &mut App, id: &str) {
    let label = &a.world().resource::<Speech>().t(id, &[]);
    sleep_past_double_click();
    a.update();
    let at = egui_text_rect(a, label)
        .unwrap_or_else(|| panic!("{label} shows: {:?}", drawn_texts(a)))
        .center();
    click(a, at);
    for _ in 0..4 {
        a.update();
    }
}
