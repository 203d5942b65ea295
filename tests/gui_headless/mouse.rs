//! The mouse as winit delivers it: every card and button answers a click in every state.

use super::*;

#[test]
fn every_card_and_button_answers_a_click_with_the_overlay_in_every_state() {
    // The seed from the bug report: its eleven-card hand reaches the right edge. The last
    // size is the smallest the window can be made.
    let min = hollywood_gin::store::settings::WindowPlacement::MIN;
    for (w, h) in [(1280, 800), (1024, 640), min] {
        let mut app = app_sized("clicks", 1795999795589331121, w, h);
        set_speed(&mut app, AnimSpeed::Instant);
        reach_a_discard_with_eleven_cards(&mut app);
        every_card_and_button_responds(&mut app, &format!("{w}x{h}, score window open"));

        // The hint shown (its button is in the bottom-right corner).
        let hint = shown_button(&mut app, PlayerCommand::Hand(HandCommand::Hint))
            .expect("the Hint button is drawn");
        let p = to_screen(&mut app, hint.pos);
        click(&mut app, p);
        settle(&mut app);
        assert!(
            hint_shown(&mut app),
            "{w}x{h}: a click on Hint shows the hint"
        );
        every_card_and_button_responds(&mut app, &format!("{w}x{h}, hint shown"));

        // The score window's history opened (its header is the window's last line).
        let score = egui_rect(&mut app, "score").expect("the score window is drawn");
        let header = history_header(score);
        click(&mut app, header);
        wait(&mut app, 0.5);
        let taller = egui_rect(&mut app, "score").unwrap();
        assert!(
            taller.height() > score.height(),
            "{w}x{h}: the history opened"
        );
        every_card_and_button_responds(&mut app, &format!("{w}x{h}, history open"));

        // The score window collapsed (the triangle at the left of its title bar).
        let score = egui_rect(&mut app, "score").unwrap();
        let m = hollywood_gin::gui::ui::theme::style()
            .spacing
            .window_margin
            .left as f32;
        let zoom = metrics(&mut app).ui_scale();
        click(&mut app, score.min + Vec2::new(m + 8.0, m + 9.0) * zoom);
        wait(&mut app, 0.5);
        let collapsed = egui_rect(&mut app, "score").unwrap();
        assert!(
            collapsed.height() < score.height() / 2.0,
            "{w}x{h}: the score window collapsed ({} from {})",
            collapsed.height(),
            score.height()
        );
        every_card_and_button_responds(&mut app, &format!("{w}x{h}, score window collapsed"));

        // And a click on an egui window never reaches the table: the round's moves window.
        let before = app.world().resource::<HandView>().selected;
        let moves = egui_rect(&mut app, "moves").expect("the moves window is drawn");
        click(&mut app, moves.center());
        assert_eq!(app.world().resource::<HandView>().selected, before);
    }
}

/// While a menu page shows, nothing behind it answers the pointer: the overlay's windows
/// wait with the table (a click on the score window's History reached it, and a review opened
/// that way went under the menu).
#[test]
fn while_the_menu_shows_the_overlay_behind_it_takes_no_click() {
    let mut app = app("menu-modal", 1795999795589331121);
    set_speed(&mut app, AnimSpeed::Instant);
    settle(&mut app);
    for page in [MenuScreen::Main, MenuScreen::Settings, MenuScreen::Help] {
        app.world_mut()
            .resource_mut::<NextState<MenuScreen>>()
            .set(page);
        wait(&mut app, 0.2);
        // Not within a double click's time of the click before, on another page.
        std::thread::sleep(hollywood_gin::gui::ui::page::DOUBLE_CLICK);
        let score = egui_rect(&mut app, "score").expect("the score window is drawn");
        let menu = egui_rect(&mut app, "menu").expect("the menu is drawn");
        let header = history_header(score);
        assert!(
            !menu.contains(header),
            "{page:?}: the History is not under the menu"
        );
        click(&mut app, header);
        wait(&mut app, 0.5);
        let after = egui_rect(&mut app, "score").unwrap();
        assert_eq!(after, score, "{page:?}: a click on the History did nothing");
        // That click landed on the backdrop, which egui then raised: the menu stays above it.
        let mut q = app.world_mut().query::<&mut EguiContext>();
        let ctx = q.single_mut(app.world_mut()).unwrap().get_mut().clone();
        let menu = ctx.memory(|m| m.area_rect(egui::Id::new("menu"))).unwrap();
        assert_eq!(
            ctx.layer_id_at(menu.center()).map(|l| l.id),
            Some(egui::Id::new("menu")),
            "{page:?}: the menu is on top"
        );
    }
    // The menu closed, the same click opens the History.
    app.world_mut()
        .resource_mut::<NextState<MenuScreen>>()
        .set(MenuScreen::Closed);
    wait(&mut app, 0.2);
    let score = egui_rect(&mut app, "score").unwrap();
    click(&mut app, history_header(score));
    wait(&mut app, 0.5);
    let taller = egui_rect(&mut app, "score").unwrap();
    assert!(taller.height() > score.height(), "the History opened");
}

#[test]
fn a_card_dragged_over_a_window_still_lands() {
    let mut app = app("drag-over", 1795999795589331121);
    set_speed(&mut app, AnimSpeed::Instant);
    reach_a_discard_with_eleven_cards(&mut app);
    settle(&mut app);
    // Drag the leftmost card that may be thrown over the score window, then onto the pile.
    let (card, from) = {
        let series = app.world().resource::<Series>();
        let taken = series.current.round().taken_from_discard();
        let hand = app.world().resource::<TableLayout>().layout.hand.clone();
        let c = hand.into_iter().find(|&c| Some(c) != taken).unwrap();
        (c, c)
    };
    let start = hand_card_point(&mut app, from);
    move_to(&mut app, start);
    button(&mut app, ButtonState::Pressed);
    let score = egui_rect(&mut app, "score").unwrap();
    move_to(&mut app, start + Vec2::new(0.0, -40.0));
    move_to(&mut app, score.center());
    move_to(&mut app, score.center() + Vec2::new(5.0, 5.0));
    let pile = {
        let met = metrics(&mut app);
        to_screen(&mut app, met.discard())
    };
    move_to(&mut app, pile);
    button(&mut app, ButtonState::Released);
    settle(&mut app);
    let series = app.world().resource::<Series>();
    let r = series.current.round();
    assert!(
        r.history()
            .iter()
            .any(|m| m.seat == HUMAN && m.action == Action::Discard(card)),
        "the card dragged across the score window was discarded"
    );
}

#[test]
fn a_new_series_started_while_the_computer_thinks_gets_none_of_its_old_decision() {
    use hollywood_gin::gui::table::bot::position_key;
    use hollywood_gin::rules::Match;
    // Find an old position where the computer is asked about the upcard first, and a new
    // series where it is asked too but decides the other way: the old reply would be a legal
    // move there, and the wrong one.
    let bot = |m: &Match| {
        Level::Medium.bot(m.seed() ^ 0xB07).decide(&View::of(
            m.round(),
            OPPONENT,
            Some(m.scoreboard()),
        ))
    };
    let computer_first = |seed: u64| {
        let m = Match::new(RuleSettings::default(), seed);
        (m.round().to_act() == Some(OPPONENT)).then_some(m)
    };
    let (old_seed, old) = (1..500)
        .find_map(|s| computer_first(s).map(|m| (s, m)))
        .unwrap();
    let old_reply = bot(&old);
    let new_seed = (1000..5000)
        .find(|&s| computer_first(s).is_some_and(|m| bot(&m) != old_reply))
        .expect("a new series where the computer decides differently");

    let mut app = app("midthink", old_seed);
    // Wait until the computer has been asked about the old position.
    for _ in 0..200 {
        app.update();
        if app.world().resource::<BotTask>().for_position()
            == Some(position_key(&app.world().resource::<Series>().current))
        {
            break;
        }
    }
    let asked = app.world().resource::<BotTask>().for_position();
    assert_eq!(asked, Some(position_key(&old)), "the computer is thinking");
    // The menu's New series, mid-think.
    app.world_mut()
        .write_message(PlayerCommand::Series(SeriesCommand::NewSeries(new_seed)));
    // The computer thinks on Bevy's compute pool, which is one per process: another test
    // (a round review) may hold it for a second. Wait on the clock, not a frame count.
    let deadline = std::time::Instant::now() + Duration::from_secs(60);
    while std::time::Instant::now() < deadline {
        app.update();
        std::thread::sleep(Duration::from_millis(1));
        if !app
            .world()
            .resource::<Series>()
            .current
            .round()
            .history()
            .is_empty()
        {
            break;
        }
    }
    let series = app.world().resource::<Series>();
    let h = series.current.round().history();
    assert!(!h.is_empty(), "the computer moved in the new series");
    let first = &h[0];
    assert_eq!(first.seat, OPPONENT);
    let fresh = Match::new(RuleSettings::default(), new_seed);
    assert_eq!(
        first.action,
        bot(&fresh),
        "the computer's first move in the new series is its decision for that position"
    );
    assert_ne!(first.action, old_reply, "not the old position's reply");
    let said = &app.world().resource::<Feedback>().0;
    assert!(said.is_none(), "no refused move: {said:?}");
}

#[test]
fn a_double_click_low_on_a_card_discards_it() {
    let mut app = app("double-click", 1795999795589331121);
    set_speed(&mut app, AnimSpeed::Instant);
    reach_a_discard_with_eleven_cards(&mut app);
    settle(&mut app);
    let card = {
        let series = app.world().resource::<Series>();
        let taken = series.current.round().taken_from_discard();
        let hand = app.world().resource::<TableLayout>().layout.hand.clone();
        *hand.iter().rev().find(|&&c| Some(c) != taken).unwrap()
    };
    // Low on its face: the first click raises the card out from under the pointer.
    let p = hand_card_point(&mut app, card) + Vec2::new(0.0, 10.0);
    click(&mut app, p);
    assert_eq!(app.world().resource::<HandView>().selected, Some(card));
    settle(&mut app);
    click(&mut app, p);
    settle(&mut app);
    let series = app.world().resource::<Series>();
    assert!(
        series
            .current
            .round()
            .history()
            .iter()
            .any(|m| m.seat == HUMAN && m.action == Action::Discard(card)),
        "the second click discarded it: {:?}",
        app.world().resource::<Feedback>().0.as_ref()
    );
}

#[test]
fn the_deck_and_back_chosen_in_the_settings_show_at_once() {
    let mut app = app("look", 5);
    set_speed(&mut app, AnimSpeed::Instant);
    settle(&mut app);
    assert_cards_match_the_core(&mut app);
    {
        let mut s = app.world_mut().resource_mut::<PlayerSettings>();
        s.four_color = true;
        s.card_back = hollywood_gin::store::settings::CardBack::Red;
    }
    settle(&mut app);
    // Every face shown is the four-colour one (the check reads the setting).
    assert_cards_match_the_core(&mut app);
    let (art, back) = {
        let w = app.world();
        (
            w.resource::<CardArt>().clone(),
            w.resource::<PlayerSettings>().card_back,
        )
    };
    let [r, g, b] = back.tint();
    let mut q = app.world_mut().query::<&Sprite>();
    let backs: Vec<Color> = q
        .iter(app.world())
        .filter(|s| s.image == art.back)
        .map(|s| s.color)
        .collect();
    assert!(!backs.is_empty());
    assert!(
        backs.iter().all(|&c| c == Color::srgb(r, g, b)),
        "red backs"
    );
}

#[test]
fn a_finished_round_is_reviewed_in_the_background_while_the_table_plays_on() {
    use hollywood_gin::gui::ui::review::{ReviewState, RoundReview};
    let mut app = app("review", 3);
    read_egui_texts(&mut app);
    set_speed(&mut app, AnimSpeed::Instant);
    let me = Level::Medium.bot(5);
    for _ in 0..20_000 {
        settle(&mut app);
        app.update();
        let cmds = match phase(&app) {
            TurnPhase::RoundOver => break,
            TurnPhase::OpponentTurn | TurnPhase::Dealing => continue,
            _ => {
                let series = app.world().resource::<Series>();
                let r = series.current.round();
                commands_for(&me.decide(&View::of(r, HUMAN, Some(series.current.scoreboard()))))
            }
        };
        for c in cmds {
            app.world_mut().write_message(c);
        }
    }
    assert_eq!(phase(&app), TurnPhase::RoundOver);
    let played = app.world().resource::<Series>().current.rounds_played();
    app.world_mut()
        .write_message(PlayerCommand::Series(SeriesCommand::Review(0)));
    app.update();
    assert!(app.world().resource::<RoundReview>().busy(), "working");
    // The table answers while the review is worked out: the next round is dealt.
    app.world_mut()
        .write_message(PlayerCommand::Series(SeriesCommand::NextRound));
    app.update();
    let deals = app.world().resource::<Series>().current.deals();
    assert_eq!(deals, 2, "the next round was dealt during the review");
    let mut frames = 0;
    while app.world().resource::<RoundReview>().busy() && frames < 100_000 {
        app.update();
        frames += 1;
        std::thread::sleep(Duration::from_millis(1));
    }
    assert!(frames > 1, "frames kept coming while it worked ({frames})");
    let rr = app.world().resource::<RoundReview>();
    let review = rr.ready().expect("the review is shown");
    let p = &played[0];
    let asked =
        hollywood_gin::ai::review::decisions(&p.start, p.moves(), HUMAN, Some(&p.before)).unwrap();
    assert!(!review.decisions.is_empty());
    assert!(review.decisions.len() <= asked.len());
    for d in &review.decisions {
        assert_eq!(d.view.seat, HUMAN, "only the player's decisions");
        assert!(
            asked
                .iter()
                .any(|(i, v, a)| *i == d.move_index && v == &d.view && a == &d.played)
        );
    }
    // Next, clicked again and again where it first showed, steps through every decision:
    // the buttons stay put however tall each decision is.
    let n = review.decisions.len();
    assert!(n >= 3, "a few decisions to step through ({n})");
    let step = |app: &App| match &app.world().resource::<RoundReview>().0 {
        ReviewState::Ready { step, .. } => *step,
        _ => panic!("the review is shown"),
    };
    wait(&mut app, 0.2);
    let next = Speech::default().t("review-next", &[]);
    let zoom = metrics(&mut app).ui_scale();
    let at = app
        .world()
        .resource::<DrawnTexts>()
        .0
        .iter()
        .find(|(t, _)| t == &next)
        .map(|(_, r)| Vec2::new(r.center().x, r.center().y) * zoom)
        .expect("the Next button is drawn");
    for i in 1..n {
        click(&mut app, at);
        wait(&mut app, 0.1);
        assert_eq!(step(&app), i, "click {i} on Next, where it first was");
    }
}
