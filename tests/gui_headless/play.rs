//! Whole rounds through the plugins: the core and the cards agree, saves resume, keys and language.

use super::*;

#[test]
fn three_rounds_through_the_plugins_keep_state_and_cards_with_the_core() {
    let mut app = app("three", 3);
    let me = Level::Medium.bot(77);
    let mut rounds = 0;
    let mut at_rest_checks = 0;
    let mut moves = 0;
    let mut last_key = None;
    for _ in 0..30_000 {
        app.update();
        let (phase, busy, animating, history) = {
            let w = app.world();
            let series = w.resource::<Series>();
            (
                phase_of(&series.current),
                w.resource::<DealtRound>().busy(&series.current),
                w.resource::<CardsMoving>().0,
                series.current.round().history().len(),
            )
        };
        let sliding = app
            .world_mut()
            .query_filtered::<(), With<Slide>>()
            .iter(app.world())
            .count();
        if busy || animating || sliding > 0 {
            continue;
        }
        // At rest: the cards must show the core's state exactly (once per position).
        let key = (rounds, history, phase);
        if last_key != Some(key) {
            assert_cards_match_the_core(&mut app);
            at_rest_checks += 1;
            last_key = Some(key);
        }
        let series = app.world().resource::<Series>();
        let r = series.current.round();
        let cmds = match phase {
            TurnPhase::RoundOver => {
                rounds += 1;
                if rounds == 3 {
                    break;
                }
                vec![PlayerCommand::Series(SeriesCommand::NextRound)]
            }
            TurnPhase::OpponentTurn | TurnPhase::Dealing => continue,
            _ => {
                let a = me.decide(&View::of(r, HUMAN, Some(series.current.scoreboard())));
                moves += 1;
                commands_for(&a)
            }
        };
        for c in cmds {
            app.world_mut().write_message(c);
        }
        // The commands are applied in the next frame; the core must have moved on after it.
        let before = app.world().resource::<Series>().current.clone();
        app.update();
        let series = app.world().resource::<Series>();
        assert_ne!(
            series.current,
            before,
            "a command was not applied: {:?}",
            app.world().resource::<Feedback>().0.as_ref()
        );
    }
    assert_eq!(rounds, 3, "three rounds played");
    let seen = app.world().resource::<Seen>();
    assert!(
        seen.mismatches.is_empty(),
        "{:#?}",
        &seen.mismatches[..seen.mismatches.len().min(5)]
    );
    for p in [
        TurnPhase::Dealing,
        TurnPhase::Draw,
        TurnPhase::Discard,
        TurnPhase::OpponentTurn,
        TurnPhase::RoundOver,
    ] {
        assert!(seen.phases.contains(&p), "never in {p:?}");
    }
    assert!(moves >= 15, "the player made {moves} moves");
    assert!(at_rest_checks >= 30, "{at_rest_checks} positions checked");
    // The table layout resource is what input hit-tests against: it must match too.
    let table = app.world().resource::<TableLayout>();
    assert_eq!(table.layout.cards.len(), 52);
}

#[test]
fn at_speed_zero_nothing_animates_and_the_bot_moves_at_once() {
    let mut app = app("speed0", 11);
    set_speed(&mut app, AnimSpeed::Instant);
    let me = Level::Medium.bot(5);
    let mut frames_sliding = 0;
    let mut frames = 0;
    let computer_moves = |app: &App| {
        let series = app.world().resource::<Series>();
        series
            .current
            .round()
            .history()
            .iter()
            .filter(|m| m.seat == OPPONENT)
            .count()
    };
    while computer_moves(&app) < 4 && frames < 400 {
        app.update();
        frames += 1;
        frames_sliding += app
            .world_mut()
            .query_filtered::<(), With<Slide>>()
            .iter(app.world())
            .count();
        let series = app.world().resource::<Series>();
        if series.current.round().to_act() == Some(HUMAN)
            && phase_of(&series.current) != TurnPhase::RoundOver
        {
            let a = me.decide(&View::of(series.current.round(), HUMAN, None));
            for c in commands_for(&a) {
                app.world_mut().write_message(c);
            }
        }
    }
    assert_eq!(computer_moves(&app), 4, "the computer moved");
    // A few frames per move (the bot's task, the state transition), never a pause.
    assert!(
        frames < 60,
        "{frames} frames for four computer moves at speed 0"
    );
    assert_eq!(frames_sliding, 0, "instant speed never slides a card");
    assert_cards_match_the_core(&mut app);
}

#[test]
fn the_series_is_saved_after_every_move_and_resumes_exactly() {
    use hollywood_gin::gui::table::persist::FileWriter;
    let mut app = app("save", 8);
    let paths = Paths::under(&files_dir("save"));
    let me = Level::Medium.bot(2);
    let mut checked = 0;
    for _ in 0..3000 {
        app.update();
        let series = app.world().resource::<Series>();
        let r = series.current.round();
        let dealing = app.world().resource::<DealtRound>().busy(&series.current);
        let state = *app.world().resource::<State<TurnPhase>>().get();
        if !dealing
            && state != TurnPhase::Dealing
            && r.to_act() == Some(HUMAN)
            && phase_of(&series.current) != TurnPhase::RoundOver
        {
            let a = me.decide(&View::of(r, HUMAN, None));
            for c in commands_for(&a) {
                app.world_mut().write_message(c);
            }
            // Let the move and its save happen, then check the file caught up.
            let before = app.world().resource::<Series>().current.clone();
            app.update();
            app.update();
            assert_ne!(
                app.world().resource::<Series>().current,
                before,
                "the move was applied"
            );
            let m = app.world().resource::<Series>().current.clone();
            app.world().resource::<FileWriter>().flush();
            let back = Boot::load(Some(paths.clone()));
            assert!(back.notices.is_empty(), "{:?}", back.notices);
            assert_eq!(
                back.saved.series.as_ref(),
                Some(&m),
                "the save is the game after the move"
            );
            checked += 1;
            if checked == 4 {
                break;
            }
        }
    }
    assert_eq!(checked, 4, "four moves saved and reloaded");
    // A new series from the menu is saved at once, untouched: the player chose to leave the
    // old one, and quitting now must not bring it back.
    app.world_mut()
        .write_message(PlayerCommand::Series(SeriesCommand::NewSeries(4242)));
    app.update();
    app.update();
    app.world().resource::<FileWriter>().flush();
    let back = Boot::load(Some(paths.clone()));
    let saved = back.saved.series.expect("a saved series");
    assert_eq!(saved.seed(), 4242);
    assert!(saved.untouched());
    let _ = std::fs::remove_dir_all(files_dir("save"));
}

#[test]
fn keys_do_what_the_buttons_do() {
    let mut app = app("keys", 3);
    set_speed(&mut app, AnimSpeed::Instant);
    // Wait for the human's upcard decision (seed 3 offers it to the human first).
    for _ in 0..50 {
        app.update();
        if *app.world().resource::<State<TurnPhase>>().get() == TurnPhase::UpcardOffer {
            break;
        }
    }
    assert_eq!(
        *app.world().resource::<State<TurnPhase>>().get(),
        TurnPhase::UpcardOffer
    );
    // Keys arrive as the window would send them (`press_key`).
    let press = press_key;
    // S cycles the sort without touching the round.
    let before = app.world().resource::<Series>().current.clone();
    press(&mut app, KeyCode::KeyS);
    assert_eq!(
        app.world().resource::<HandView>().order.mode,
        SortMode::Rank
    );
    assert_eq!(app.world().resource::<Series>().current, before);
    // Space is the first button: Pass.
    press(&mut app, KeyCode::Space);
    let series = app.world().resource::<Series>();
    let h = series.current.round().history();
    assert_eq!((h[0].seat, &h[0].action), (HUMAN, &Action::PassUpcard));
}

#[test]
fn the_language_chosen_in_the_settings_speaks_at_once() {
    let mut app = app("language", 1795999795589331121);
    set_speed(&mut app, AnimSpeed::Instant);
    settle(&mut app);
    let labels = |app: &mut App| -> Vec<String> {
        shown_buttons(app).into_iter().map(|b| b.label).collect()
    };
    // The computer has the first word on this deal: wait for the player's offer.
    for _ in 0..200 {
        if phase(&app) == TurnPhase::UpcardOffer {
            break;
        }
        app.update();
    }
    assert_eq!(phase(&app), TurnPhase::UpcardOffer);
    assert_eq!(labels(&mut app)[..2], ["Pass", "Take"]);
    // Every text drawn on the table: plain texts and the spans of the coloured ones.
    let table_text = |app: &mut App| -> String {
        let w = app.world_mut();
        let mut all: Vec<String> = w.query::<&Text2d>().iter(w).map(|t| t.0.clone()).collect();
        all.extend(w.query::<&TextSpan>().iter(w).map(|t| t.0.clone()));
        all.join("\n")
    };
    // The phase leaves Dealing the frame after the deal settles.
    app.update();
    let english = table_text(&mut app);
    assert!(english.contains("Your deadwood: "), "{english}");
    for (lang, pass, take, prompt, you) in [
        (
            hollywood_gin::lang::Lang::Nl,
            "Passen",
            "Pakken",
            "Jouw losse punten: ",
            "Jij",
        ),
        (
            hollywood_gin::lang::Lang::Id,
            "Lewat",
            "Ambil",
            "Nilai kartu mati Anda: ",
            "Anda",
        ),
    ] {
        app.world_mut().resource_mut::<PlayerSettings>().language = Some(lang);
        app.update();
        assert_eq!(app.world().resource::<Speech>().lang(), lang);
        assert_eq!(labels(&mut app)[..2], [pass, take]);
        // The prompt and the name plates change in the same frame, with nothing else moving.
        let shown = table_text(&mut app);
        assert!(shown.contains(prompt), "{lang:?}: {shown}");
        assert!(shown.lines().any(|l| l == you), "{lang:?}: {shown}");
        assert!(!shown.contains("Your deadwood"), "{lang:?}: {shown}");
        // The taken tag and the dealer's chip too.
        let (tag, chip) = match lang {
            hollywood_gin::lang::Lang::Nl => ("gepakt", "G"),
            _ => ("diambil", "D"),
        };
        assert!(shown.lines().any(|l| l == tag), "{lang:?}: {shown}");
        assert!(shown.lines().any(|l| l == chip), "{lang:?}: {shown}");
    }
    // Back to the system's language (English in tests).
    app.world_mut().resource_mut::<PlayerSettings>().language = None;
    app.update();
    assert_eq!(labels(&mut app)[..2], ["Pass", "Take"]);
}

/// Moves the keyboard highlight with ←/→ until it is on `c`.
fn highlight_with_arrows(app: &mut App, c: Card) {
    for _ in 0..30 {
        let focus = app.world().resource::<HandView>().focus;
        if focus == Some(c) {
            return;
        }
        let order = app.world().resource::<TableLayout>().layout.hand.clone();
        let piles = {
            let r = app.world().resource::<Series>().current.round().clone();
            vec![*r.stock().last().unwrap(), r.discard_top().unwrap()]
        };
        let list = if piles.contains(&c) { piles } else { order };
        let at = |x: Option<Card>| x.and_then(|x| list.iter().position(|&y| y == x));
        let key = match (at(focus), at(Some(c))) {
            (Some(f), Some(t)) if f > t => KeyCode::ArrowLeft,
            _ => KeyCode::ArrowRight,
        };
        press_key(app, key);
    }
    panic!("the highlight never reached {c}");
}

#[test]
fn a_whole_round_is_played_with_the_keys_alone() {
    let mut app = app("keys-round", 1795999795589331121);
    set_speed(&mut app, AnimSpeed::Instant);
    let bot = Level::Medium.bot(11);
    let mut moves = 0;
    let mut hinted = false;
    for _ in 0..400 {
        settle(&mut app);
        let r = app.world().resource::<Series>().current.round().clone();
        let want = match phase(&app) {
            TurnPhase::RoundOver => break,
            TurnPhase::OpponentTurn | TurnPhase::Dealing => {
                app.update();
                continue;
            }
            _ => bot.decide(&View::of(&r, HUMAN, None)),
        };
        let before = r.history().len();
        if !hinted && phase(&app) == TurnPhase::Discard {
            // H asks for the hint, as the Hint (H) button does.
            assert!(!hint_shown(&mut app));
            press_key(&mut app, KeyCode::KeyH);
            app.update();
            assert!(hint_shown(&mut app), "H showed no hint");
            hinted = true;
        }
        match &want {
            Action::TakeUpcard => press_key(&mut app, KeyCode::KeyT),
            Action::PassUpcard => press_key(&mut app, KeyCode::KeyP),
            Action::DrawStock => {
                highlight_with_arrows(&mut app, *r.stock().last().unwrap());
                press_key(&mut app, KeyCode::ArrowUp);
            }
            Action::TakeDiscard => {
                highlight_with_arrows(&mut app, r.discard_top().unwrap());
                press_key(&mut app, KeyCode::Enter);
            }
            Action::Discard(c) => {
                // Up raises, Enter plays: the double-click of the keyboard.
                highlight_with_arrows(&mut app, *c);
                press_key(&mut app, KeyCode::ArrowUp);
                assert_eq!(app.world().resource::<HandView>().selected, Some(*c));
                press_key(&mut app, KeyCode::Enter);
            }
            Action::Knock { discard, .. } => {
                press_key(&mut app, KeyCode::KeyK);
                highlight_with_arrows(&mut app, *discard);
                press_key(&mut app, KeyCode::ArrowUp);
                press_key(&mut app, KeyCode::ArrowUp);
            }
            Action::Gin { .. } => press_key(&mut app, KeyCode::KeyG),
            Action::LayOff { .. } => press_key(&mut app, KeyCode::KeyL),
            Action::FinishLayoffs => press_key(&mut app, KeyCode::KeyD),
        }
        settle(&mut app);
        let r = app.world().resource::<Series>().current.round().clone();
        assert!(
            r.history().len() > before,
            "{want:?} by keys did nothing: {:?}",
            app.world().resource::<Feedback>().0.as_ref()
        );
        let mine = r.history()[before].clone();
        assert_eq!(mine.seat, HUMAN);
        if !matches!(
            want,
            Action::LayOff { .. } | Action::Knock { .. } | Action::Gin { .. }
        ) {
            assert_eq!(mine.action, want, "the keys made another move");
        }
        moves += 1;
    }
    let r = app.world().resource::<Series>().current.round().clone();
    assert!(r.is_finished(), "the round did not finish by keys");
    assert!(moves >= 3, "only {moves} moves by keys");
    assert!(hinted, "never reached a discard");
    let seen = app.world().resource::<Seen>();
    assert!(seen.mismatches.is_empty(), "{:?}", seen.mismatches);
}
