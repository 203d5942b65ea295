//! The rough edges a newcomer met: names, the score pad, one-click knock, double clicks, the moves window, the invite field.

use super::*;

/// The score pad follows the text size like the rest of the table: its text is drawn larger at
/// 125% and at 150% than at 100%, on every screen a laptop player has, in every language (it
/// was the one window drawn at 100% or smaller at 150%: there was no room for it 1.5 times as
/// wide, and its place was measured on its 100% size).
#[test]
fn the_score_pad_grows_with_the_text_size() {
    use hollywood_gin::lang::Lang;
    let mut app = app("score-grows", 5);
    set_speed(&mut app, AnimSpeed::Instant);
    read_egui_texts(&mut app);
    settle(&mut app);
    let (mw, mh) = hollywood_gin::store::settings::WindowPlacement::MIN;
    for lang in Lang::ALL {
        app.world_mut().resource_mut::<PlayerSettings>().language = Some(lang);
        for (w, h) in [
            (mw, mh),
            (1024, 640),
            (1280, 800),
            (1366, 768),
            (1920, 1080),
        ] {
            let mut heights = Vec::new();
            for ui in [100, 125, 150] {
                resize(&mut app, w, h, ui);
                for _ in 0..10 {
                    app.update();
                }
                let title = app
                    .world()
                    .resource::<Speech>()
                    .t("score-game", &[("game", 1.into())]);
                let zoom = metrics(&mut app).ui_scale();
                let drawn = app.world().resource::<DrawnTexts>().0.clone();
                let r = drawn
                    .iter()
                    .find(|(t, _)| *t == title)
                    .map(|(_, r)| r.width() * zoom)
                    .unwrap_or_else(|| panic!("{lang:?} {w}x{h} {ui}%: no score pad"));
                heights.push(r);
            }
            // Larger at every size (before, it was drawn at 100% or smaller at 150% in every
            // window up to 1280x800); where the room left of the piles allows, much larger. In
            // the smallest windows the status line's room below and the opponent's row above
            // hold it to a few percent more.
            let case = format!("{lang:?} {w}x{h}");
            let most = if w >= 1366 { 1.1 } else { 1.03 };
            assert!(
                heights[1] > heights[0] * 1.03 && heights[2] > heights[0] * most,
                "{case}: the width of 'Game 1' in the score pad at 100%, 125%, 150%: {heights:?} px"
            );
        }
    }
}

/// Knock, then one click on a card knocks with it, as the table's words say ("click the card to
/// discard"); before, the first click only raised the card. With the mouse, as a player does,
/// at 1024x640 and 1280x800.
#[test]
fn after_knock_one_click_on_a_card_knocks_with_it() {
    let me = Level::Medium.bot(5);
    let mut knocked = 0;
    for (w, h) in [(1024, 640), (1280, 800)] {
        for seed in 1..40u64 {
            let mut app = app_sized("knock-click", seed, w, h);
            set_speed(&mut app, AnimSpeed::Instant);
            // The player's moves by the bot, until a knock is there to make on a discard.
            let knock = loop {
                settle(&mut app);
                let series = app.world().resource::<Series>();
                let m = &series.current;
                let p = phase_of(m);
                if p == TurnPhase::RoundOver {
                    break None;
                }
                let r = m.round();
                if p == TurnPhase::Discard {
                    let k = r.legal_actions().into_iter().find_map(|a| match a {
                        Action::Knock { discard, .. } => Some(discard),
                        _ => None,
                    });
                    if k.is_some() {
                        break k;
                    }
                }
                let cmds = match p {
                    TurnPhase::OpponentTurn | TurnPhase::Dealing => vec![],
                    _ => commands_for(&me.decide(&View::of(r, HUMAN, Some(m.scoreboard())))),
                };
                for c in cmds {
                    app.world_mut().write_message(c);
                }
                app.update();
            };
            let Some(card) = knock else { continue };
            let b = shown_button(&mut app, PlayerCommand::Hand(HandCommand::Knock)).unwrap();
            assert!(b.enabled);
            let at = to_screen(&mut app, b.pos);
            click(&mut app, at);
            settle(&mut app);
            assert!(app.world().resource::<HandView>().knocking, "Knock pressed");
            let at = hand_card_point(&mut app, card);
            click(&mut app, at);
            settle(&mut app);
            assert!(
                matches!(last_move(&app), Some(Action::Knock { discard, .. }) if discard == card),
                "{w}x{h} seed {seed}: one click after Knock: {:?}",
                last_move(&app)
            );
            knocked += 1;
            break;
        }
    }
    assert_eq!(knocked, 2, "a knock reached at both sizes");
}

/// A double click on Host a series hosts: its second click, on the spot where the next step's
/// Cancel now is, belongs to the double click and presses nothing. A click on Cancel after the
/// double click's time cancels, and the page says hosting was cancelled. At 1024x640 and
/// 1280x800, at 100% and 150% text.
#[test]
fn a_double_click_on_host_a_series_hosts_and_a_cancel_says_so() {
    use hollywood_gin::gui::table::friend::{Friend, FriendNet, FriendStatus};
    let mut under = 0;
    for (w, h, ui) in [
        (1024, 640, 100),
        (1024, 640, 150),
        (1280, 800, 100),
        (1280, 800, 150),
    ] {
        let mut app = app_sized("double-host", 3, w, h);
        app.insert_resource(FriendNet::Loopback);
        app.world_mut().resource_mut::<PlayerSettings>().ui_scale = ui;
        read_egui_texts(&mut app);
        app.world_mut()
            .resource_mut::<NextState<MenuScreen>>()
            .set(MenuScreen::Friend);
        for _ in 0..6 {
            app.update();
        }
        let (host, cancel, cancelled) = {
            let sp = app.world().resource::<Speech>();
            (
                sp.t("friend-host", &[]),
                sp.t("friend-cancel", &[]),
                sp.t("friend-host-cancelled", &[]),
            )
        };
        let at = egui_text_rect(&mut app, &host)
            .expect("Host a series shows")
            .center();
        let case = format!("{w}x{h} {ui}%");
        // The double click: its two clicks a tenth of a second apart, a frame between.
        click(&mut app, at);
        app.update();
        let status = |a: &App| {
            a.world()
                .resource::<Friend>()
                .0
                .as_ref()
                .map(|g| g.status.clone())
        };
        assert!(status(&app).is_some(), "{case}: the first click hosts");
        std::thread::sleep(Duration::from_millis(100));
        app.update();
        if egui_text_rect(&mut app, &cancel).is_some_and(|r| {
            // The button's frame reaches a few points around its text.
            r.inflate(8.0).contains(at)
        }) {
            under += 1;
        }
        click(&mut app, at);
        for _ in 0..4 {
            app.update();
        }
        assert!(
            matches!(
                status(&app),
                Some(FriendStatus::Starting | FriendStatus::Waiting)
            ),
            "{case}: the second click of the double click cancelled: {:?}",
            status(&app)
        );
        // A click on Cancel later is a click on Cancel.
        std::thread::sleep(Duration::from_millis(600));
        app.update();
        let c = egui_text_rect(&mut app, &cancel)
            .expect("Cancel shows")
            .center();
        click(&mut app, c);
        for _ in 0..4 {
            app.update();
        }
        assert_eq!(status(&app), None, "{case}: Cancel");
        assert!(
            egui_text_rect(&mut app, &cancelled).is_some(),
            "{case}: the page says hosting was cancelled"
        );
        quits_at_once(app, &case);
    }
    println!("Cancel was under the double click's spot in {under} of 4 cases");
}

/// The round's moves window stays where it is through a round: it moved down below the other
/// side's row and back up on every turn of the other side's (its row holds an eleventh card
/// between its draw and its discard), at 1024x640. Checked at the sizes a laptop has.
#[test]
fn the_moves_window_keeps_its_place_through_a_round() {
    let me = Level::Medium.bot(5);
    for (w, h) in [(1024, 640), (1280, 800), (1366, 768)] {
        let mut app = app_sized("moves-still", 7, w, h);
        set_speed(&mut app, AnimSpeed::Fast);
        let mut tops = std::collections::BTreeSet::new();
        let mut turns = 0;
        for _ in 0..4000 {
            app.update();
            let p = phase(&app);
            if p == TurnPhase::RoundOver {
                break;
            }
            if p != TurnPhase::Dealing
                && let Some(r) = egui_rect(&mut app, "moves")
            {
                tops.insert(r.min.y.round() as i32);
            }
            if !at_rest(&mut app) {
                continue;
            }
            let m = app.world().resource::<Series>().current.clone();
            if m.round().to_act() != Some(HUMAN) {
                continue;
            }
            if p == TurnPhase::Draw {
                turns += 1;
            }
            let view = View::of(m.round(), HUMAN, Some(m.scoreboard()));
            for c in commands_for(&me.decide(&view)) {
                app.world_mut().write_message(c);
            }
        }
        assert!(turns >= 3, "{w}x{h}: a round of {turns} turns");
        assert_eq!(
            tops.len(),
            1,
            "{w}x{h}: the moves window's top went to {tops:?}"
        );
    }
}

/// A key as a keyboard sends it, with the character it types (`None`: none).
fn typed_key(app: &mut App, key: KeyCode, ch: Option<&str>, state: ButtonState) {
    use bevy::input::keyboard::{Key, KeyboardInput, NativeKey};
    let window = window_entity(app);
    app.world_mut().write_message(KeyboardInput {
        key_code: key,
        logical_key: match (ch, key) {
            (Some(c), _) => Key::Character(c.into()),
            (None, KeyCode::ControlLeft) => Key::Control,
            (None, _) => Key::Unidentified(NativeKey::Unidentified),
        },
        state,
        text: ch.filter(|_| state == ButtonState::Pressed).map(Into::into),
        repeat: false,
        window,
    });
}

/// Ctrl+A in the invite code field selects its text, as in any text field: what is typed next
/// replaces it (a code pasted over a wrong one); also when the whole chord comes in one frame.
#[test]
fn ctrl_a_selects_the_invite_code_field() {
    let mut app = app("ctrl-a", 3);
    read_egui_texts(&mut app);
    app.world_mut()
        .resource_mut::<NextState<MenuScreen>>()
        .set(MenuScreen::Friend);
    for _ in 0..6 {
        app.update();
    }
    let paste = app.world().resource::<Speech>().t("friend-paste", &[]);
    let p = egui_text_rect(&mut app, &paste).expect("Paste shows");
    // The field is just left of Paste.
    click(&mut app, Vec2::new(p.min.x - 40.0, p.center().y));
    app.update();
    for (k, c) in [
        (KeyCode::KeyW, "w"),
        (KeyCode::KeyR, "r"),
        (KeyCode::KeyO, "o"),
    ] {
        typed_key(&mut app, k, Some(c), ButtonState::Pressed);
        typed_key(&mut app, k, Some(c), ButtonState::Released);
        app.update();
    }
    let texts = drawn_texts(&mut app);
    assert!(texts.iter().any(|t| t == "wro"), "typed: {texts:?}");
    // The chord within one frame, as a fast hand, a remote desktop or a script types it (and as
    // xdotool did when the issue was seen: "a" was typed into the field).
    typed_key(&mut app, KeyCode::ControlLeft, None, ButtonState::Pressed);
    typed_key(&mut app, KeyCode::KeyA, Some("a"), ButtonState::Pressed);
    typed_key(&mut app, KeyCode::KeyA, Some("a"), ButtonState::Released);
    typed_key(&mut app, KeyCode::ControlLeft, None, ButtonState::Released);
    app.update();
    typed_key(&mut app, KeyCode::KeyX, Some("x"), ButtonState::Pressed);
    typed_key(&mut app, KeyCode::KeyX, Some("x"), ButtonState::Released);
    app.update();
    app.update();
    let texts = drawn_texts(&mut app);
    assert!(texts.iter().any(|t| t == "x"), "Ctrl+A then x: {texts:?}");
}

/// A double click on Next round deals the next round and does nothing more: its second click,
/// where the new deal's Pass now is, is the double click's (it passed the upcard before).
#[test]
fn a_double_click_on_next_round_does_not_pass_the_new_upcard() {
    let next = PlayerCommand::Series(SeriesCommand::NextRound);
    let mut tried = 0;
    for seed in 1..30u64 {
        let mut app = app("double-next", seed);
        set_speed(&mut app, AnimSpeed::Instant);
        play_round_out(&mut app);
        settle(&mut app);
        let Some(b) = shown_button(&mut app, next) else {
            continue;
        };
        let at = to_screen(&mut app, b.pos);
        click(&mut app, at);
        settle(&mut app);
        // Only a deal that offers the player the upcard first puts Pass where Next round was.
        let pass = shown_button(&mut app, PlayerCommand::Move(PlayerMove::Pass));
        if pass.is_none_or(|p| !p.contains(b.pos)) {
            continue;
        }
        tried += 1;
        click(&mut app, at);
        settle(&mut app);
        let m = &app.world().resource::<Series>().current;
        assert_eq!(m.deals(), 2, "seed {seed}: the next round is dealt");
        assert!(
            m.round().history().iter().all(|mv| mv.seat != HUMAN),
            "seed {seed}: the second click played {:?}",
            m.round().history()
        );
        // After the double click's time, a click on Pass passes.
        std::thread::sleep(hollywood_gin::gui::input::pointer::DOUBLE_CLICK);
        click(&mut app, at);
        settle(&mut app);
        assert_eq!(
            last_move(&app),
            Some(Action::PassUpcard),
            "seed {seed}: a later click"
        );
        if tried == 2 {
            break;
        }
    }
    assert!(tried >= 1, "no deal put Pass where Next round was");
}
