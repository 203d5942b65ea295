//! Every system: HiDPI, the system's keys, nothing lost at exit.

use super::*;

#[test]
fn at_scale_factor_two_every_card_and_button_answers_a_click() {
    // A 2560x1600 panel at 200% (a Retina Mac, a 4K laptop): the window is 1280x800 logical.
    let mut app = app_scaled("hidpi", 1795999795589331121, 1280, 800, 2.0);
    set_speed(&mut app, AnimSpeed::Instant);
    let window = window_entity(&mut app);
    let w = app.world().get::<Window>(window).unwrap();
    assert_eq!((w.physical_width(), w.width()), (2560, 1280.0));
    reach_a_discard_with_eleven_cards(&mut app);
    every_card_and_button_responds(&mut app, "1280x800 at scale 2");
    let hint = shown_button(&mut app, PlayerCommand::Hand(HandCommand::Hint))
        .expect("the Hint button is drawn");
    let p = to_screen(&mut app, hint.pos);
    click(&mut app, p);
    settle(&mut app);
    assert!(
        hint_shown(&mut app),
        "at scale 2 a click on Hint shows the hint"
    );
}

/// `key` pressed and released, then Ctrl let go, all in one frame.
fn chord_ends(app: &mut App, key: KeyCode) {
    key_event(app, key, ButtonState::Pressed);
    key_event(app, key, ButtonState::Released);
    key_event(app, KeyCode::ControlLeft, ButtonState::Released);
    app.update();
}

/// Runs frames until the player is offered the upcard (seed 3 offers it to the human first).
fn reach_the_upcard_offer(app: &mut App) {
    for _ in 0..100 {
        app.update();
        if phase(app) == TurnPhase::UpcardOffer {
            return;
        }
    }
    panic!("the upcard was never offered");
}

#[test]
fn letter_shortcuts_ignore_ctrl_alt_and_cmd_and_ctrl_q_closes_the_game() {
    let mut app = app("chords", 3);
    set_speed(&mut app, AnimSpeed::Instant);
    reach_the_upcard_offer(&mut app);
    let sort = app.world().resource::<HandView>().order.mode;
    for held in [KeyCode::ControlLeft, KeyCode::AltLeft, KeyCode::SuperLeft] {
        for key in [KeyCode::KeyP, KeyCode::KeyT, KeyCode::KeyS, KeyCode::Space] {
            key_event(&mut app, held, ButtonState::Pressed);
            key_event(&mut app, key, ButtonState::Pressed);
            app.update();
            key_event(&mut app, key, ButtonState::Released);
            key_event(&mut app, held, ButtonState::Released);
            app.update();
            app.update();
            let series = app.world().resource::<Series>();
            assert!(
                series.current.round().history().is_empty(),
                "{held:?}+{key:?} played a move"
            );
            assert_eq!(
                app.world().resource::<HandView>().order.mode,
                sort,
                "{held:?}+{key:?} sorted"
            );
            assert!(
                app.should_exit().is_none(),
                "{held:?}+{key:?} closed the game"
            );
        }
    }
    // The letter alone still plays.
    press_key(&mut app, KeyCode::KeyP);
    let h = round(&app).history().to_vec();
    assert_eq!((h[0].seat, &h[0].action), (HUMAN, &Action::PassUpcard));
    // A chord typed within one frame (modifier down and up around the letter, as a fast
    // typist or a tool sends it) is a chord too.
    key_event(&mut app, KeyCode::ControlLeft, ButtonState::Pressed);
    chord_ends(&mut app, KeyCode::KeyS);
    assert_eq!(
        app.world().resource::<HandView>().order.mode,
        sort,
        "Ctrl+S within one frame sorted"
    );
    // Ctrl held from an earlier frame and let go in the frame that brings the S.
    key_event(&mut app, KeyCode::ControlLeft, ButtonState::Pressed);
    app.update();
    chord_ends(&mut app, KeyCode::KeyS);
    assert_eq!(
        app.world().resource::<HandView>().order.mode,
        sort,
        "Ctrl+S with Ctrl let go in the same frame sorted"
    );
    // Ctrl+Q closes the game, also typed within one frame.
    key_event(&mut app, KeyCode::ControlLeft, ButtonState::Pressed);
    chord_ends(&mut app, KeyCode::KeyQ);
    assert_eq!(app.should_exit(), Some(AppExit::Success), "Ctrl+Q");
}

#[test]
fn a_move_followed_at_once_by_the_exit_is_on_disk_with_the_window() {
    let name = "exit";
    let mut app = app(name, 3);
    set_speed(&mut app, AnimSpeed::Instant);
    reach_the_upcard_offer(&mut app);
    // Half a second for the window to be shown (`placement` waits that long for monitors).
    wait(&mut app, 0.6);
    // A slow disk: the writer is still busy when the game exits.
    app.world()
        .resource::<hollywood_gin::gui::table::persist::FileWriter>()
        .stall(Duration::from_millis(400));
    // The move and the exit in one frame, and the app run the way the game runs it: handed
    // to a runner that returns when the app asks to exit (App::run leaves an empty app).
    app.world_mut()
        .write_message(PlayerCommand::Move(PlayerMove::Pass));
    app.world_mut().write_message(AppExit::Success);
    app.set_runner(|mut app| {
        loop {
            app.update();
            if let Some(exit) = app.should_exit() {
                return exit;
            }
        }
    });
    assert_eq!(app.run(), AppExit::Success);
    // Read at once, as the next start of the game would.
    let back = Boot::load(Some(Paths::under(&files_dir(name))));
    assert!(back.notices.is_empty(), "{:?}", back.notices);
    let saved = back.saved.series.expect("the series is on disk");
    let h = saved.round().history();
    assert_eq!(h.len(), 1, "the pass is saved");
    assert_eq!((h[0].seat, &h[0].action), (HUMAN, &Action::PassUpcard));
    // The window's size is remembered for the next start.
    let window = back
        .settings
        .window
        .expect("the window's placement is saved");
    assert_eq!(
        (window.width, window.height, window.maximized),
        (1280, 800, false)
    );
    let _ = std::fs::remove_dir_all(files_dir(name));
}
