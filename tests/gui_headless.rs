//! Headless Bevy tests: the game's own plugin group ([`GamePlugins`], the egui overlay and the
//! menu included) runs under `MinimalPlugins` with a window entity and no window system. The
//! tests stand in only for what winit and the renderer do: they move the cursor and press
//! buttons by writing the messages winit writes, and run the renderer's own camera bookkeeping
//! (`camera_system`), so egui lays out on the window's real size. A scripted player either
//! clicks at screen positions or sends the commands the mouse would; the computer plays
//! through its background task; every frame is checked against the rules core.
#![cfg(feature = "gui")]

use std::collections::HashSet;
use std::time::Duration;

use bevy::camera::CameraUpdateSystems;
use bevy::input::ButtonState;
use bevy::input::mouse::MouseButtonInput;
use bevy::prelude::*;
use bevy::render::camera::camera_system;
use bevy::render::texture::ManualTextureViews;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use bevy::window::{CursorMoved, ExitCondition, PrimaryWindow, WindowEvent, WindowResolution};
use bevy_egui::{EguiContext, egui};
use hollywood_gin::ai::{Level, View};
use hollywood_gin::gui::GamePlugins;
use hollywood_gin::gui::app::modes::MenuScreen;
use hollywood_gin::gui::app::screen::{Metrics, WindowMetrics};
use hollywood_gin::gui::app::settings::PlayerSettings;
use hollywood_gin::gui::app::speech::Speech;
use hollywood_gin::gui::input::buttons::TableButton;
use hollywood_gin::gui::input::cards::Hover;
use hollywood_gin::gui::input::offer::{Button, ButtonAction};
use hollywood_gin::gui::scene::art::CardArt;
use hollywood_gin::gui::scene::cards::Slide;
use hollywood_gin::gui::table::bot::BotTask;
use hollywood_gin::gui::table::command::{
    Feedback, HandCommand, HandView, PlayerCommand, PlayerMove, SeriesCommand,
};
use hollywood_gin::gui::table::hand_order::SortMode;
use hollywood_gin::gui::table::layout::{CardSprite, Lifts, Placed, TableLayout, layout};
use hollywood_gin::gui::table::persist::Boot;
use hollywood_gin::gui::table::phase::{Animating, DealtRound, TableSet, TurnPhase, phase_of};
use hollywood_gin::gui::table::series::Series;
use hollywood_gin::rules::{Action, Card, RuleSettings};
use hollywood_gin::seats::{HUMAN, OPPONENT};
use hollywood_gin::store::Paths;
use hollywood_gin::store::settings::AnimSpeed;

/// What the in-app checker saw: phases entered and any frame where the state and the core
/// disagreed.
#[derive(Resource, Default)]
struct Seen {
    phases: HashSet<TurnPhase>,
    mismatches: Vec<String>,
    frames: u32,
}

/// Runs at the start of every frame's Update, after the state transition: the `TurnPhase`
/// must be exactly what the core (and the deal animation) say.
fn check_phase(
    state: Res<State<TurnPhase>>,
    series: Res<Series>,
    dealing: Res<DealtRound>,
    mut seen: ResMut<Seen>,
) {
    let want = if dealing.busy(&series.current) {
        TurnPhase::Dealing
    } else {
        phase_of(&series.current)
    };
    seen.frames += 1;
    seen.phases.insert(*state.get());
    if *state.get() != want && seen.frames > 1 {
        let msg = format!(
            "frame {}: state {:?}, core says {:?} ({:?})",
            seen.frames,
            state.get(),
            want,
            series.current.round().phase()
        );
        seen.mismatches.push(msg);
    }
}

/// The directory for one test's files (emptied when its app is made).
fn files_dir(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("hg-headless-{name}-{}", std::process::id()))
}

/// The game's plugins in a `w`×`h` window, the menu closed, files under a fresh directory.
fn app_sized(name: &str, seed: u64, w: u32, h: u32) -> App {
    app_scaled(name, seed, w, h, 1.0)
}

/// [`app_sized`] on a screen with `scale` physical pixels to a logical one (HiDPI): the window
/// is `w`×`h` logical pixels.
fn app_scaled(name: &str, seed: u64, w: u32, h: u32, scale: f32) -> App {
    let _ = std::fs::remove_dir_all(files_dir(name));
    app_booted(name, Some(seed), w, h, scale)
}

/// The game started on the files `name` holds: a new series from `seed`, or with `None` the
/// saved one continued, as the player's next start of the game would.
fn app_booted(name: &str, seed: Option<u64>, w: u32, h: u32, scale: f32) -> App {
    let physical = |v: u32| (v as f32 * scale).round() as u32;
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        StatesPlugin,
        AssetPlugin::default(),
        bevy::input::InputPlugin,
        WindowPlugin {
            primary_window: Some(Window {
                resolution: WindowResolution::new(physical(w), physical(h))
                    .with_scale_factor_override(scale),
                ..default()
            }),
            exit_condition: ExitCondition::DontExit,
            close_when_requested: false,
            ..default()
        },
    ))
    // Bevy's text layout, as the game's renderer runs it, so a test can measure the table's
    // texts.
    .add_plugins((
        TransformPlugin,
        bevy::image::ImagePlugin::default(),
        bevy::camera::CameraPlugin,
        bevy::text::TextPlugin,
        bevy::sprite::SpritePlugin,
    ))
    .init_asset::<Mesh>()
    .init_asset::<bevy::mesh::skinning::SkinnedMeshInverseBindposes>()
    .init_asset::<bevy::shader::Shader>()
    .init_resource::<ManualTextureViews>()
    // What the renderer does for cameras: their viewport follows the window.
    .add_systems(PostUpdate, camera_system.in_set(CameraUpdateSystems))
    .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
        20,
    )))
    .add_plugins(GamePlugins {
        boot: Boot::load(Some(Paths::under(&files_dir(name)))),
        seed,
        system_lang: hollywood_gin::lang::Lang::En,
        window_size: None,
    })
    .init_resource::<Seen>()
    .add_systems(Update, check_phase.before(TableSet::Input));
    app.world_mut()
        .resource_mut::<NextState<MenuScreen>>()
        .set(MenuScreen::Closed);
    app
}

fn app(name: &str, seed: u64) -> App {
    app_sized(name, seed, 1280, 800)
}

/// Sets how fast cards move, as the settings page does.
fn set_speed(app: &mut App, speed: AnimSpeed) {
    app.world_mut().resource_mut::<PlayerSettings>().speed = speed;
}

/// The commands a player would give for the bot's action.
fn commands_for(a: &Action) -> Vec<PlayerCommand> {
    match a {
        Action::TakeUpcard => vec![PlayerCommand::Move(PlayerMove::TakeUpcard)],
        Action::PassUpcard => vec![PlayerCommand::Move(PlayerMove::Pass)],
        Action::DrawStock => vec![PlayerCommand::Move(PlayerMove::DrawStock)],
        Action::TakeDiscard => vec![PlayerCommand::Move(PlayerMove::TakeDiscard)],
        // Select first, as a double-click does.
        Action::Discard(c) => vec![
            PlayerCommand::Hand(HandCommand::Select(*c)),
            PlayerCommand::Move(PlayerMove::Play(*c)),
        ],
        Action::Knock { discard, .. } => vec![
            PlayerCommand::Hand(HandCommand::Knock),
            PlayerCommand::Move(PlayerMove::Play(*discard)),
        ],
        Action::Gin { .. } => vec![PlayerCommand::Move(PlayerMove::Gin)],
        Action::LayOff { card, meld } => vec![PlayerCommand::Move(PlayerMove::LayOff {
            card: *card,
            meld: *meld,
        })],
        Action::FinishLayoffs => vec![PlayerCommand::Move(PlayerMove::Done)],
    }
}

/// Every card entity is at rest where the layout puts it for the core's current state, showing
/// the right side.
fn assert_cards_match_the_core(app: &mut App) {
    let world = app.world_mut();
    let series = world.resource::<Series>();
    let met = world.resource::<WindowMetrics>().metrics;
    let hand = world.resource::<HandView>();
    // The playable card under the pointer stands up a little.
    let pointed = world.resource::<Hover>().0;
    let lifts = Lifts {
        raised: hand.selected,
        pointed,
    };
    let l = layout(&series.current, met, &hand.order, lifts);
    let art = world.resource::<CardArt>().clone();
    let four = world.resource::<PlayerSettings>().four_color;
    let r = series.current.round().clone();
    let mut q = world.query::<(&CardSprite, &Transform, &Sprite, &Placed)>();
    let mut n = 0;
    for (cs, tf, sprite, placed) in q.iter(world) {
        n += 1;
        let want = l.get(cs.0).expect("every card has a place");
        assert_eq!(*placed, want, "{} target", cs.0);
        assert!(
            tf.translation.distance(want.pos) < 1e-3,
            "{} rests at {:?}, layout says {:?}",
            cs.0,
            tf.translation,
            want.pos
        );
        let image = if want.face_up {
            art.face(cs.0, four)
        } else {
            art.back.clone()
        };
        assert_eq!(sprite.image, image, "{} shows the wrong side", cs.0);
        if r.hand(OPPONENT).contains(cs.0) && r.knock().is_none() && !r.is_finished() {
            assert_eq!(sprite.image, art.back, "computer's {} must be hidden", cs.0);
        }
    }
    assert_eq!(n, 52);
}

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
                w.resource::<Animating>().0,
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

/// Presses and releases `key` as the window would send it.
fn press_key(app: &mut App, key: KeyCode) {
    for state in [ButtonState::Pressed, ButtonState::Released] {
        key_event(app, key, state);
        app.update();
    }
    app.update();
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

// ---- The mouse, as winit delivers it --------------------------------------------------------

fn window_entity(app: &mut App) -> Entity {
    app.world_mut()
        .query_filtered::<Entity, With<PrimaryWindow>>()
        .single(app.world())
        .unwrap()
}

/// Moves the cursor to `p` (logical pixels from the window's top-left), as winit reports it.
fn move_to(app: &mut App, p: Vec2) {
    burst(app, &[Ev::Move(p)]);
}

/// Presses or releases the left button where the cursor is.
fn button(app: &mut App, state: ButtonState) {
    burst(
        app,
        &[if state == ButtonState::Pressed {
            Ev::Down
        } else {
            Ev::Up
        }],
    );
}

/// A click at `p`: move there, press, release.
fn click(app: &mut App, p: Vec2) {
    move_to(app, p);
    button(app, ButtonState::Pressed);
    button(app, ButtonState::Released);
}

/// Window position (logical pixels, top-left origin) of a table point.
fn to_screen(app: &mut App, world: Vec2) -> Vec2 {
    let window = window_entity(app);
    let w = app.world().get::<Window>(window).unwrap();
    Vec2::new(w.width() / 2.0 + world.x, w.height() / 2.0 - world.y)
}

/// The table's metrics as the game uses them: the [`WindowMetrics`] resource's, which include the
/// player's text size (a `Metrics::new` of the window's size would be right only at 100%).
/// It must be up to date with the window: a test that resized it runs a frame first.
fn metrics(app: &mut App) -> Metrics {
    let window = window_entity(app);
    let w = app.world().get::<Window>(window).unwrap();
    let size = Vec2::new(w.width(), w.height());
    let met = app.world().resource::<WindowMetrics>().metrics;
    assert_eq!(
        met.size, size,
        "the WindowMetrics resource is behind the window's size"
    );
    met
}

/// The table's buttons as the table shows them now (its button entities), action buttons
/// first, top to bottom.
fn shown_buttons(app: &mut App) -> Vec<Button> {
    let mut q = app.world_mut().query::<&TableButton>();
    let mut list: Vec<Button> = q.iter(app.world()).map(|b| b.0.clone()).collect();
    list.sort_by(|a, b| {
        (a.pos.x, -a.pos.y)
            .partial_cmp(&(b.pos.x, -b.pos.y))
            .unwrap()
    });
    list
}

/// The button that gives `cmd`, as shown now.
fn shown_button(app: &mut App, cmd: PlayerCommand) -> Option<Button> {
    shown_buttons(app)
        .into_iter()
        .find(|b| b.cmd() == Some(cmd))
}

/// Runs frames until no card slides and no deal is under way.
fn settle(app: &mut App) {
    for _ in 0..400 {
        app.update();
        let busy = {
            let w = app.world();
            let series = w.resource::<Series>();
            w.resource::<DealtRound>().busy(&series.current) || w.resource::<Animating>().0
        };
        let sliding = app
            .world_mut()
            .query_filtered::<(), With<Slide>>()
            .iter(app.world())
            .count();
        if !busy && sliding == 0 {
            return;
        }
    }
    panic!("the table never came to rest");
}

/// Runs frames for a while (20 ms each), for egui's own animations (a window collapsing).
fn wait(app: &mut App, secs: f32) {
    for _ in 0..(secs / 0.02) as usize {
        app.update();
    }
}

fn phase(app: &App) -> TurnPhase {
    *app.world().resource::<State<TurnPhase>>().get()
}

/// Where to click to hit card `c` of the player's hand: low on the part of its face that no
/// card to its right covers.
fn hand_card_point(app: &mut App, c: Card) -> Vec2 {
    let table = app.world().resource::<TableLayout>();
    let met = table.met.unwrap();
    let hand = table.layout.hand.clone();
    let at = |c: Card| table.layout.get(c).unwrap().pos;
    let i = hand.iter().position(|&h| h == c).unwrap();
    let p = at(c);
    let left = p.x - met.card.x / 2.0;
    let right = hand
        .get(i + 1)
        .map_or(p.x + met.card.x / 2.0, |&n| at(n).x - met.card.x / 2.0);
    let world = Vec2::new((left + right) / 2.0, p.y - met.card.y * 0.35);
    to_screen(app, world)
}

/// Whether the hint is written on the table (in place of the prompt above the hand).
fn hint_shown(app: &mut App) -> bool {
    let Some(h) = app.world().resource::<HandView>().hint.clone() else {
        return false;
    };
    let said = hollywood_gin::words::hint(app.world().resource::<Speech>(), &h);
    let mut q = app.world_mut().query::<&TextSpan>();
    let table: String = q.iter(app.world()).map(|t| t.0.as_str()).collect();
    table.contains(&said)
}

/// The egui window or area `id`'s rectangle, in logical pixels.
fn egui_rect(app: &mut App, id: &str) -> Option<Rect> {
    let zoom = metrics(app).ui_scale();
    let mut q = app.world_mut().query::<&mut EguiContext>();
    let mut ctx = q.single_mut(app.world_mut()).ok()?;
    let r = ctx.get_mut().memory(|m| m.area_rect(egui::Id::new(id)))?;
    Some(Rect::new(
        r.min.x * zoom,
        r.min.y * zoom,
        r.max.x * zoom,
        r.max.y * zoom,
    ))
}

/// Where to click to fold or unfold the History in the score window drawn at `score`
/// (logical pixels): its header, the window's last line while the History is folded.
fn history_header(score: Rect) -> Vec2 {
    Vec2::new(score.min.x + 40.0, score.max.y - 14.0)
}

/// Plays on (passing the upcard, drawing from the stock, both by clicking) until the player
/// holds eleven cards and must discard.
fn reach_a_discard_with_eleven_cards(app: &mut App) {
    for _ in 0..200 {
        settle(app);
        match phase(app) {
            TurnPhase::Discard => {
                let series = app.world().resource::<Series>();
                assert_eq!(series.current.round().hand(HUMAN).len(), 11);
                return;
            }
            TurnPhase::UpcardOffer => {
                let pass = shown_buttons(app)
                    .into_iter()
                    .find(|b| b.cmd() == Some(PlayerCommand::Move(PlayerMove::Pass)))
                    .unwrap();
                let p = to_screen(app, pass.pos);
                click(app, p);
            }
            TurnPhase::Draw => {
                let met = metrics(app);
                let p = to_screen(app, met.stock());
                click(app, p);
            }
            _ => app.update(),
        }
    }
    panic!("never reached a discard");
}

/// Clicks every card of the player's eleven and every button on the table, and checks that
/// each one did what a click on it does.
fn every_card_and_button_responds(app: &mut App, what: &str) {
    settle(app);
    assert_eq!(phase(app), TurnPhase::Discard, "{what}");
    let hand = app.world().resource::<TableLayout>().layout.hand.clone();
    assert_eq!(hand.len(), 11);
    for &c in &hand {
        let p = hand_card_point(app, c);
        click(app, p);
        let selected = app.world().resource::<HandView>().selected;
        assert_eq!(
            selected,
            Some(c),
            "{what}: a click at {p} on {c} did not raise it"
        );
    }
    // A second click on the raised card would discard it: lower it as Esc does instead.
    app.world_mut()
        .write_message(PlayerCommand::Hand(HandCommand::Cancel));
    settle(app);
    // The buttons, as the table shows them now.
    for b in shown_buttons(app) {
        let p = to_screen(app, b.pos);
        click(app, p);
        settle(app);
        let series = app.world().resource::<Series>();
        let hand = app.world().resource::<HandView>();
        let Some(cmd) = b.cmd() else {
            // Menu: it opens the menu, and Esc closes it again.
            assert_eq!(b.action, ButtonAction::Menu);
            let menu = *app.world().resource::<State<MenuScreen>>().get();
            assert_eq!(menu, MenuScreen::Main, "{what}: the Menu button");
            app.world_mut()
                .resource_mut::<NextState<MenuScreen>>()
                .set(MenuScreen::Closed);
            settle(app);
            continue;
        };
        match cmd {
            PlayerCommand::Hand(HandCommand::Hint) => {
                assert!(hint_shown(app), "{what}: a click on Hint shows the hint")
            }
            PlayerCommand::Hand(HandCommand::Sort(mode)) => {
                assert_eq!(hand.order.mode, mode, "{what}: the {} button", b.label)
            }
            // Knock shows greyed (with the deadwood the best discard leaves) when no knock
            // is legal: then a click does nothing.
            PlayerCommand::Hand(HandCommand::Knock) if b.enabled => {
                assert!(hand.knocking, "{what}: Knock");
                app.world_mut()
                    .write_message(PlayerCommand::Hand(HandCommand::Cancel));
                settle(app);
            }
            PlayerCommand::Hand(HandCommand::Knock) => {
                assert!(!hand.knocking, "{what}: a greyed Knock knocked");
                assert!(b.label.starts_with("Knock ("), "{what}: {}", b.label);
            }
            PlayerCommand::Move(PlayerMove::Gin) => {
                assert!(series.current.round().is_finished(), "{what}: Gin")
            }
            other => panic!("{what}: unexpected button {other:?}"),
        }
    }
    // Back to melds order for the next pass.
    app.world_mut()
        .write_message(PlayerCommand::Hand(HandCommand::Sort(SortMode::Melds)));
    settle(app);
}

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

// ---- Every system: HiDPI, the system's keys, nothing lost at exit ---------------------------

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

/// Sends one key event as the window would, without running a frame.
fn key_event(app: &mut App, key: KeyCode, state: ButtonState) {
    use bevy::input::keyboard::{Key, KeyboardInput, NativeKey};
    app.world_mut().write_message(KeyboardInput {
        key_code: key,
        logical_key: Key::Unidentified(NativeKey::Unidentified),
        state,
        text: None,
        repeat: false,
        window: Entity::PLACEHOLDER,
    });
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
    let h = app
        .world()
        .resource::<Series>()
        .current
        .round()
        .history()
        .to_vec();
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

// ---- A click lands where it was made: events within one frame, touch ------------------------

/// One pointer event as winit delivers it.
#[derive(Clone, Copy)]
enum Ev {
    Move(Vec2),
    Down,
    Up,
    Touch(bevy::input::touch::TouchPhase, Vec2),
}

/// Sends `events` in order, all within one update, as a slow frame or a tap delivers them.
fn burst(app: &mut App, events: &[Ev]) {
    use bevy::input::touch::TouchInput;
    let window = window_entity(app);
    for &e in events {
        match e {
            Ev::Move(p) => {
                app.world_mut()
                    .get_mut::<Window>(window)
                    .unwrap()
                    .set_cursor_position(Some(p));
                let moved = CursorMoved {
                    window,
                    position: p,
                    delta: None,
                };
                app.world_mut()
                    .write_message(WindowEvent::CursorMoved(moved.clone()));
                app.world_mut().write_message(moved);
            }
            Ev::Down | Ev::Up => {
                let input = MouseButtonInput {
                    button: MouseButton::Left,
                    state: if matches!(e, Ev::Down) {
                        ButtonState::Pressed
                    } else {
                        ButtonState::Released
                    },
                    window,
                };
                app.world_mut()
                    .write_message(WindowEvent::MouseButtonInput(input));
                app.world_mut().write_message(input);
            }
            Ev::Touch(phase, position) => {
                let t = TouchInput {
                    phase,
                    position,
                    window,
                    force: None,
                    id: 7,
                };
                app.world_mut().write_message(WindowEvent::TouchInput(t));
                app.world_mut().write_message(t);
            }
        }
    }
    app.update();
}

/// Passes the upcard (and waits for the computer's turn) until the player must draw.
fn reach_a_draw(app: &mut App) {
    for _ in 0..200 {
        settle(app);
        match phase(app) {
            TurnPhase::Draw => return,
            TurnPhase::UpcardOffer => {
                let pass = shown_buttons(app)
                    .into_iter()
                    .find(|b| b.cmd() == Some(PlayerCommand::Move(PlayerMove::Pass)))
                    .unwrap();
                let p = to_screen(app, pass.pos);
                click(app, p);
            }
            _ => app.update(),
        }
    }
    panic!("never reached a draw");
}

/// The player's last move.
fn last_move(app: &App) -> Option<Action> {
    let series = app.world().resource::<Series>();
    let h = series.current.round().history();
    h.iter()
        .rev()
        .find(|m| m.seat == HUMAN)
        .map(|m| m.action.clone())
}

#[test]
fn a_reach_from_a_hand_card_to_the_stock_and_a_click_in_one_frame_draws() {
    // The bug report's seed and size; the pointer rests on the rightmost hand card.
    for (name, touch) in [("reach-mouse", false), ("reach-touch", true)] {
        let mut app = app(name, 77);
        set_speed(&mut app, AnimSpeed::Instant);
        reach_a_draw(&mut app);
        let last = *app
            .world()
            .resource::<TableLayout>()
            .layout
            .hand
            .last()
            .unwrap();
        let rest = hand_card_point(&mut app, last);
        move_to(&mut app, rest);
        let stock = metrics(&mut app).stock();
        let stock = to_screen(&mut app, stock);
        let before = app
            .world()
            .resource::<Series>()
            .current
            .round()
            .history()
            .len();
        use bevy::input::touch::TouchPhase;
        if touch {
            burst(
                &mut app,
                &[
                    Ev::Touch(TouchPhase::Started, stock),
                    Ev::Touch(TouchPhase::Ended, stock),
                ],
            );
        } else {
            burst(&mut app, &[Ev::Move(stock), Ev::Down, Ev::Up]);
        }
        settle(&mut app);
        let history = app
            .world()
            .resource::<Series>()
            .current
            .round()
            .history()
            .len();
        assert!(history > before, "{name}: nothing was drawn");
        let series = app.world().resource::<Series>();
        let m = &series.current.round().history()[before];
        assert_eq!(
            (m.seat, &m.action),
            (HUMAN, &Action::DrawStock),
            "{name}: the draw is the player's, from the stock"
        );
    }
}

#[test]
fn a_move_onto_a_button_and_a_click_in_one_frame_press_it() {
    let mut app = app("reach-button", 1795999795589331121);
    set_speed(&mut app, AnimSpeed::Instant);
    reach_a_discard_with_eleven_cards(&mut app);
    let first = app.world().resource::<TableLayout>().layout.hand[0];
    let from = hand_card_point(&mut app, first);
    move_to(&mut app, from);
    let mode = app.world().resource::<HandView>().order.mode;
    let other = shown_buttons(&mut app)
        .into_iter()
        .find(|b| matches!(b.cmd(), Some(PlayerCommand::Hand(HandCommand::Sort(m))) if m != mode))
        .expect("a sort button for another order");
    let p = to_screen(&mut app, other.pos);
    burst(&mut app, &[Ev::Move(p), Ev::Down, Ev::Up]);
    settle(&mut app);
    let Some(PlayerCommand::Hand(HandCommand::Sort(want))) = other.cmd() else {
        unreachable!()
    };
    assert_eq!(app.world().resource::<HandView>().order.mode, want);
}

#[test]
fn a_press_on_a_card_and_a_move_away_in_one_frame_drags_that_card() {
    use hollywood_gin::gui::input::cards::Drag;
    let mut app = app("press-move", 1795999795589331121);
    set_speed(&mut app, AnimSpeed::Instant);
    reach_a_discard_with_eleven_cards(&mut app);
    let card = app.world().resource::<TableLayout>().layout.hand[3];
    let on = hand_card_point(&mut app, card);
    move_to(&mut app, on);
    let away = on + Vec2::new(-40.0, -160.0);
    burst(&mut app, &[Ev::Down, Ev::Move(away)]);
    let dragging = app.world().resource::<Drag>().dragging().map(|(c, _)| c);
    assert_eq!(dragging, Some(card), "the card pressed is the one dragged");
    // Dropped on the discard pile it is discarded (unless it is the card just taken).
    let pile = metrics(&mut app).discard();
    let pile = to_screen(&mut app, pile);
    burst(&mut app, &[Ev::Move(pile), Ev::Up]);
    settle(&mut app);
    let taken = app
        .world()
        .resource::<Series>()
        .current
        .round()
        .taken_from_discard();
    if taken != Some(card) {
        assert_eq!(last_move(&app), Some(Action::Discard(card)));
    }
}

#[test]
fn a_touch_drag_of_a_card_to_the_discard_pile_discards_it_and_a_double_tap_too() {
    use bevy::input::touch::TouchPhase;
    let mut app = app("touch-drag", 1795999795589331121);
    set_speed(&mut app, AnimSpeed::Instant);
    reach_a_discard_with_eleven_cards(&mut app);
    let taken = app
        .world()
        .resource::<Series>()
        .current
        .round()
        .taken_from_discard();
    let hand = app.world().resource::<TableLayout>().layout.hand.clone();
    let card = *hand.iter().find(|&&c| Some(c) != taken).unwrap();
    let on = hand_card_point(&mut app, card);
    let pile = metrics(&mut app).discard();
    let pile = to_screen(&mut app, pile);
    let mid = (on + pile) / 2.0;
    // A finger: down on the card, across, up on the pile, one frame each.
    burst(&mut app, &[Ev::Touch(TouchPhase::Started, on)]);
    burst(&mut app, &[Ev::Touch(TouchPhase::Moved, mid)]);
    burst(&mut app, &[Ev::Touch(TouchPhase::Moved, pile)]);
    burst(&mut app, &[Ev::Touch(TouchPhase::Ended, pile)]);
    settle(&mut app);
    assert_eq!(last_move(&app), Some(Action::Discard(card)), "touch drag");
    // No finger is left on the table: nothing is lifted as if hovered.
    assert_eq!(app.world().resource::<Hover>().0, None);

    // Next turn: a double tap on a card discards it.
    reach_a_discard_with_eleven_cards(&mut app);
    let taken = app
        .world()
        .resource::<Series>()
        .current
        .round()
        .taken_from_discard();
    let hand = app.world().resource::<TableLayout>().layout.hand.clone();
    let card = *hand.iter().rev().find(|&&c| Some(c) != taken).unwrap();
    let on = hand_card_point(&mut app, card) + Vec2::new(0.0, 10.0);
    for _ in 0..2 {
        burst(
            &mut app,
            &[
                Ev::Touch(TouchPhase::Started, on),
                Ev::Touch(TouchPhase::Ended, on),
            ],
        );
        settle(&mut app);
    }
    assert_eq!(last_move(&app), Some(Action::Discard(card)), "double tap");
}

// ---- The deal in play stays secret -----------------------------------------------------------

/// Every text egui drew in the last frame, with where it drew it (egui points), read from its
/// output before it is turned into meshes; [`drawn_texts`] adds the table's own `Text2d`s.
#[derive(Resource, Default)]
struct DrawnTexts(Vec<(String, egui::Rect)>);

fn collect_egui_texts(outputs: Query<&bevy_egui::EguiFullOutput>, mut drawn: ResMut<DrawnTexts>) {
    fn walk(shape: &egui::Shape, out: &mut Vec<(String, egui::Rect)>) {
        match shape {
            egui::Shape::Text(t) => out.push((
                t.galley.text().to_string(),
                t.galley.rect.translate(t.pos.to_vec2()),
            )),
            egui::Shape::Vec(v) => v.iter().for_each(|s| walk(s, out)),
            _ => {}
        }
    }
    drawn.0.clear();
    for o in &outputs {
        if let Some(full) = &o.0 {
            for c in &full.shapes {
                walk(&c.shape, &mut drawn.0);
            }
        }
    }
}

/// What the player could read now: egui's texts, its tooltips' included, and the table's.
fn drawn_texts(app: &mut App) -> Vec<String> {
    let mut all: Vec<String> = (app.world().resource::<DrawnTexts>().0)
        .iter()
        .map(|(t, _)| t.clone())
        .collect();
    let mut q = app.world_mut().query::<&Text2d>();
    all.extend(q.iter(app.world()).map(|t| t.0.clone()));
    all
}

/// Plays the player's moves with the Medium bot until the round is over.
fn play_round_out(app: &mut App) {
    let me = Level::Medium.bot(5);
    for _ in 0..5000 {
        settle(app);
        let (phase, cmds) = {
            let series = app.world().resource::<Series>();
            let r = series.current.round();
            let p = phase_of(&series.current);
            let cmds = match p {
                TurnPhase::RoundOver => return,
                TurnPhase::OpponentTurn | TurnPhase::Dealing => vec![],
                _ => {
                    commands_for(&me.decide(&View::of(r, HUMAN, Some(series.current.scoreboard()))))
                }
            };
            (p, cmds)
        };
        let _ = phase;
        for c in cmds {
            app.world_mut().write_message(c);
        }
        app.update();
    }
    panic!("the round never ended");
}

#[test]
fn no_seed_of_the_deal_in_play_is_ever_drawn_and_finished_ones_are() {
    let mut app = app("secret", 1795999795589331121);
    read_egui_texts(&mut app);
    set_speed(&mut app, AnimSpeed::Instant);
    // Every setting a player might turn on; `show_seed` as an older settings file has it.
    {
        let mut s = app.world_mut().resource_mut::<PlayerSettings>();
        s.show_seed = true;
        s.four_color = true;
        s.sound = true;
    }
    let seed_of_play = |app: &App| {
        let series = app.world().resource::<Series>();
        series.current.round().seed().unwrap().to_string()
    };
    let pages = [
        MenuScreen::Closed,
        MenuScreen::Main,
        MenuScreen::Replay,
        MenuScreen::Settings,
        MenuScreen::Statistics,
        MenuScreen::Help,
        MenuScreen::ConfirmNew,
    ];
    let look_everywhere = |app: &mut App, secret: &str, what: &str| {
        for page in pages {
            app.world_mut()
                .resource_mut::<NextState<MenuScreen>>()
                .set(page);
            app.update();
            app.update();
            let texts = drawn_texts(app);
            assert!(texts.len() > 3, "{what} {page:?}: texts are collected");
            if let Some(t) = texts.iter().find(|t| t.contains(secret)) {
                panic!(
                    "{what}, menu {page:?}: the seed {secret} of the deal in play is shown: {t}"
                );
            }
        }
        app.world_mut()
            .resource_mut::<NextState<MenuScreen>>()
            .set(MenuScreen::Closed);
        app.update();
    };
    // The first deal: while it is dealt, offered, drawn from.
    let first = seed_of_play(&app);
    app.update();
    look_everywhere(&mut app, &first, "dealing");
    reach_a_draw(&mut app);
    look_everywhere(&mut app, &first, "draw");
    // The hint shown as well.
    reach_a_discard_with_eleven_cards(&mut app);
    press_key(&mut app, KeyCode::KeyH);
    look_everywhere(&mut app, &first, "discard with the hint");

    // Over: the banner tells the seed, with a Replay button.
    play_round_out(&mut app);
    wait(&mut app, 0.2);
    let texts = drawn_texts(&mut app);
    assert!(
        texts.iter().any(|t| t.contains(&first)),
        "the banner tells the finished deal's seed"
    );
    let replay = hollywood_gin::gui::app::speech::Speech::default().t("replay-button", &[]);
    assert!(texts.iter().any(|t| t == &replay), "a Replay button");

    // The next deal: its seed is nowhere; the finished one's is in the History and on the
    // Replay page.
    app.world_mut()
        .write_message(PlayerCommand::Series(SeriesCommand::NextRound));
    settle(&mut app);
    let second = seed_of_play(&app);
    assert_ne!(first, second);
    look_everywhere(&mut app, &second, "second deal");
    app.world_mut()
        .resource_mut::<NextState<MenuScreen>>()
        .set(MenuScreen::Replay);
    app.update();
    app.update();
    assert!(
        drawn_texts(&mut app).iter().any(|t| t.contains(&first)),
        "the Replay page lists the finished deal"
    );
    app.world_mut()
        .resource_mut::<NextState<MenuScreen>>()
        .set(MenuScreen::Closed);
    app.update();
    // The History opened (its header is the score window's last line).
    let score = egui_rect(&mut app, "score").expect("the score window is drawn");
    click(&mut app, history_header(score));
    wait(&mut app, 0.5);
    let texts = drawn_texts(&mut app);
    assert!(
        texts.iter().any(|t| t.contains(&first)),
        "the History tells the finished deal's seed"
    );
    assert!(!texts.iter().any(|t| t.contains(&second)));
}

// ---- Nothing covers: the overlay against the table, at every size, text size and language ---

/// The egui areas the overlay draws, by id, with the message id of their name (if a window).
const AREAS: [(&str, &str); 9] = [
    ("score", "window-score"),
    ("moves", "window-moves"),
    ("banner", ""),
    ("series-over", "window-series-over"),
    ("review", ""),
    ("notice", "window-notice"),
    ("seed", ""),
    ("score-strip", "window-score"),
    ("moves-strip", "window-moves"),
];

/// Every overlay area drawn this frame: its id, its name as the player reads it, and its
/// rectangle in logical pixels. An egui layer the list does not know is an error.
fn drawn_areas(app: &mut App) -> Vec<(&'static str, String, Rect)> {
    let zoom = metrics(app).ui_scale();
    let names: Vec<String> = {
        let sp = app.world().resource::<Speech>();
        AREAS
            .iter()
            .map(|(id, name)| {
                if name.is_empty() {
                    id.to_string()
                } else {
                    sp.t(name, &[])
                }
            })
            .collect()
    };
    let mut q = app.world_mut().query::<&mut EguiContext>();
    let mut ctx = q.single_mut(app.world_mut()).unwrap();
    let ctx = ctx.get_mut().clone();
    let visible = ctx.memory(|m| m.areas().visible_layer_ids());
    let mut out = Vec::new();
    for layer in visible {
        if matches!(layer.order, egui::Order::Background | egui::Order::Tooltip) {
            continue;
        }
        let Some(i) = AREAS
            .iter()
            .position(|(id, _)| egui::Id::new(*id) == layer.id)
        else {
            let r = ctx.memory(|m| m.area_rect(layer.id));
            panic!("an egui layer no test knows: {layer:?} at {r:?}");
        };
        let r = ctx.memory(|m| m.area_rect(layer.id)).unwrap();
        let (id, name) = (AREAS[i].0, names[i].clone());
        let px = Rect::new(
            r.min.x * zoom,
            r.min.y * zoom,
            r.max.x * zoom,
            r.max.y * zoom,
        );
        out.push((id, name, px));
    }
    out
}

/// Every overlay area against every table item (failures named by size, scale, language and
/// phase), and every table text inside its room.
fn nothing_covers(app: &mut App, case: &str, failures: &mut Vec<String>) {
    use hollywood_gin::gui::table::layout::Fits;
    use hollywood_gin::gui::ui::room::table_items;
    let shown: Vec<Button> = {
        let mut q = app.world_mut().query::<&TableButton>();
        q.iter(app.world()).map(|b| b.0.clone()).collect()
    };
    let items = {
        let w = app.world();
        let series = w.resource::<Series>();
        let met = w.resource::<WindowMetrics>().metrics;
        table_items(
            &series.current,
            w.resource::<HandView>(),
            phase(app),
            series.level,
            met,
            w.resource::<Speech>(),
            &shown,
        )
    };
    let areas = drawn_areas(app);
    let size = metrics(app).size;
    for (id, name, r) in &areas {
        if r.min.x < -0.5 || r.min.y < -0.5 || r.max.x > size.x + 0.5 || r.max.y > size.y + 0.5 {
            failures.push(format!(
                "{case}: '{name}' ({id}) runs off the window: {r:?}"
            ));
        }
        for k in &items {
            // The review, which the player asked for, may lie over what yields to it where it
            // has no room elsewhere (the other side's hand, plate and last turn).
            if *id == "review" && k.yields {
                continue;
            }
            let o = r.intersect(k.rect);
            if o.width() > 0.5 && o.height() > 0.5 {
                failures.push(format!("{case}: '{name}' covers {}", k.what));
            }
        }
    }
    // The score is always within reach: its window, or the strip that opens it.
    if !areas.iter().any(|a| a.0 == "score" || a.0 == "score-strip") {
        failures.push(format!(
            "{case}: neither the score window nor its strip is shown"
        ));
    }
    let mut q = app.world_mut().query::<(
        &Text2d,
        &bevy::text::TextLayoutInfo,
        &Transform,
        Option<&bevy::sprite::Anchor>,
        Option<&Fits>,
        &InheritedVisibility,
        Option<&Children>,
    )>();
    let mut texts = Vec::new();
    for (t, info, tf, anchor, fits, vis, children) in q.iter(app.world()) {
        let shown = !t.0.is_empty() || children.is_some_and(|c| !c.is_empty());
        if !vis.get() || !shown || info.scale_factor <= 0.0 {
            continue;
        }
        let size = info.size / info.scale_factor;
        let a = anchor.map_or(Vec2::ZERO, |a| a.as_vec());
        let rect = Rect::from_center_size(tf.translation.truncate() - a * size, size);
        texts.push((t.0.clone(), rect, fits.copied()));
    }
    for (t, rect, fits) in texts {
        match fits {
            None => failures.push(format!("{case}: the table text '{t}' has no room declared")),
            Some(Fits(room)) => {
                if !room.inflate(1.0).contains(rect.min) || !room.inflate(1.0).contains(rect.max) {
                    failures.push(format!(
                        "{case}: the table text '{t}' ({rect:?}) runs out of its room {room:?}"
                    ));
                }
            }
        }
    }
}

/// Sets the window's size (logical pixels), telling Bevy as winit does, and the player's text
/// size.
fn resize(app: &mut App, w: u32, h: u32, ui: u32) {
    let window = window_entity(app);
    app.world_mut()
        .get_mut::<Window>(window)
        .unwrap()
        .resolution
        .set(w as f32, h as f32);
    app.world_mut().write_message(bevy::window::WindowResized {
        window,
        width: w as f32,
        height: h as f32,
    });
    app.world_mut().resource_mut::<PlayerSettings>().ui_scale = ui;
}

#[test]
fn no_overlay_window_covers_the_table_at_any_size_text_size_or_language() {
    use hollywood_gin::lang::Lang;
    let mut app = app("grid", 1795999795589331121);
    set_speed(&mut app, AnimSpeed::Instant);
    let (mw, mh) = hollywood_gin::store::settings::WindowPlacement::MIN;
    let sizes = [
        (1024, 640),
        (1280, 800),
        (1366, 768),
        (1920, 1080),
        (3840, 2160),
        (mw, mh),
    ];
    let me = Level::Medium.bot(11);
    let mut failures = Vec::new();
    let mut checked: Vec<&str> = Vec::new();
    let mut cases = 0;
    for _ in 0..20_000 {
        settle(&mut app);
        let p = phase(&app);
        let review_open = app
            .world()
            .resource::<hollywood_gin::gui::ui::review::RoundReview>()
            .open();
        let stop = match p {
            TurnPhase::UpcardOffer => Some("offer"),
            // A finished round's review opened from the History while the next one is played.
            TurnPhase::Draw if review_open => Some("review in play"),
            TurnPhase::Draw => Some("draw"),
            TurnPhase::Discard => Some("discard"),
            TurnPhase::Layoff => Some("layoff"),
            TurnPhase::RoundOver if review_open => Some("review"),
            TurnPhase::RoundOver => Some("round over"),
            _ => None,
        };
        if let Some(stop) = stop
            && !checked.contains(&stop)
        {
            checked.push(stop);
            if stop.starts_with("review") {
                // Wait for the engine's review, as the player would.
                for _ in 0..3000 {
                    app.update();
                    if app
                        .world()
                        .resource::<hollywood_gin::gui::ui::review::RoundReview>()
                        .ready()
                        .is_some()
                    {
                        break;
                    }
                    std::thread::sleep(Duration::from_millis(5));
                }
            }
            for lang in Lang::ALL {
                app.world_mut().resource_mut::<PlayerSettings>().language = Some(lang);
                for (w, h) in sizes {
                    for ui in [80, 100, 125, 150] {
                        resize(&mut app, w, h, ui);
                        // egui sizes a window on its first frame and the overlay places it
                        // from that size on the next (a window whose text does not shrink in
                        // proportion takes a step or two more): a few frames settle it.
                        for _ in 0..10 {
                            app.update();
                        }
                        let case = format!("{w}×{h} {ui}% {lang:?} {stop}");
                        nothing_covers(&mut app, &case, &mut failures);
                        // Settled: the places hold from frame to frame (a window that
                        // swings between two places would keep the game drawing).
                        let before = drawn_areas(&mut app);
                        app.update();
                        app.update();
                        let after = drawn_areas(&mut app);
                        for (id, _, r) in &before {
                            let now = after.iter().find(|a| a.0 == *id).map(|a| a.2);
                            if now.is_none_or(|n| {
                                (n.min - r.min).length() > 0.5 || (n.max - r.max).length() > 0.5
                            }) {
                                failures
                                    .push(format!("{case}: '{id}' moved from {r:?} to {now:?}"));
                            }
                        }
                        cases += 1;
                    }
                }
            }
            resize(&mut app, 1280, 800, 100);
            app.world_mut().resource_mut::<PlayerSettings>().language = Some(Lang::En);
            settle(&mut app);
            if stop == "review in play" {
                app.world_mut()
                    .resource_mut::<hollywood_gin::gui::ui::review::RoundReview>()
                    .0 = Default::default();
            }
        }
        if checked.len() == 7 {
            break;
        }
        let cmds = {
            let series = app.world().resource::<Series>();
            let r = series.current.round();
            match p {
                TurnPhase::RoundOver if !review_open && !checked.contains(&"review") => {
                    let last = series.current.scoreboard().history.len() - 1;
                    vec![PlayerCommand::Series(SeriesCommand::Review(last))]
                }
                TurnPhase::RoundOver => {
                    app.world_mut()
                        .resource_mut::<hollywood_gin::gui::ui::review::RoundReview>()
                        .0 = Default::default();
                    vec![PlayerCommand::Series(SeriesCommand::NextRound)]
                }
                TurnPhase::Draw
                    if checked.contains(&"review") && !checked.contains(&"review in play") =>
                {
                    let last = series.current.scoreboard().history.len() - 1;
                    vec![PlayerCommand::Series(SeriesCommand::Review(last))]
                }
                TurnPhase::OpponentTurn | TurnPhase::Dealing => vec![],
                _ => {
                    commands_for(&me.decide(&View::of(r, HUMAN, Some(series.current.scoreboard()))))
                }
            }
        };
        for c in cmds {
            app.world_mut().write_message(c);
        }
        app.update();
    }
    assert_eq!(checked.len(), 7, "phases reached: {checked:?}");
    assert_eq!(cases, 7 * 3 * 6 * 4);
    failures.dedup();
    assert!(
        failures.is_empty(),
        "{} of {cases} cases failed, e.g.:\n{}",
        failures.len(),
        failures
            .iter()
            .take(40)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

/// Opening the History asks the score window for more room: it shrinks its text or moves to
/// make it, and still covers nothing (it does not give way to its strip while there is room).
/// At 150% in the same window there is no room for it at the round's end: it gives way to its
/// strip, which covers nothing either.
#[test]
fn the_history_opened_keeps_the_score_window_clear_of_the_table() {
    let mut app = app("history-room", 1795999795589331121);
    set_speed(&mut app, AnimSpeed::Instant);
    play_round_out(&mut app);
    resize(&mut app, 1280, 800, 100);
    for _ in 0..10 {
        app.update();
    }
    let drawn = |app: &mut App, id: &str| drawn_areas(app).into_iter().find(|a| a.0 == id);
    let score = drawn(&mut app, "score")
        .expect("the score window is drawn")
        .2;
    // Its History's header is its last line while folded.
    click(&mut app, history_header(score));
    for _ in 0..10 {
        app.update();
    }
    let case = "1280×800 100% History open";
    let opened = drawn(&mut app, "score");
    assert!(
        opened.is_some_and(|o| o.2.height() > score.height() + 10.0),
        "{case}: the score window is there with its History open: {:?}",
        drawn_areas(&mut app)
    );
    let mut failures = Vec::new();
    nothing_covers(&mut app, case, &mut failures);
    // At 150% it gives way, History open or not.
    resize(&mut app, 1280, 800, 150);
    for _ in 0..10 {
        app.update();
    }
    assert!(drawn(&mut app, "score").is_none() && drawn(&mut app, "score-strip").is_some());
    nothing_covers(&mut app, "1280×800 150% History open", &mut failures);
    assert!(failures.is_empty(), "{failures:?}");
}

/// The egui texts drawn from now on (see [`collect_egui_texts`]).
fn read_egui_texts(app: &mut App) {
    use bevy_egui::EguiPostUpdateSet;
    app.init_resource::<DrawnTexts>().add_systems(
        PostUpdate,
        collect_egui_texts
            .after(EguiPostUpdateSet::EndPass)
            .before(EguiPostUpdateSet::ProcessOutput),
    );
}

/// Quit at a round's end and continue the series: the banner is back, with its Review round
/// button, and the status line does not tell the score a second time.
#[test]
fn a_series_continued_at_a_rounds_end_shows_its_banner_again() {
    let name = "resume-banner";
    let mut app = app(name, 1795999795589331121);
    read_egui_texts(&mut app);
    set_speed(&mut app, AnimSpeed::Instant);
    play_round_out(&mut app);
    wait(&mut app, 0.2);
    let review = Speech::default().t("review-button", &[]);
    let before = drawn_texts(&mut app);
    assert!(before.iter().any(|t| t == &review), "{before:?}");
    let banner = drawn_areas(&mut app).into_iter().find(|a| a.0 == "banner");
    assert!(banner.is_some(), "the banner at the round's end");
    app.world()
        .resource::<hollywood_gin::gui::table::persist::FileWriter>()
        .flush();
    let ended = app.world().resource::<Series>().current.clone();
    drop(app);

    let mut app = app_booted(name, None, 1280, 800, 1.0);
    read_egui_texts(&mut app);
    app.world_mut()
        .resource_mut::<NextState<MenuScreen>>()
        .set(MenuScreen::Closed);
    wait(&mut app, 0.5);
    assert_eq!(app.world().resource::<Series>().current, ended, "continued");
    assert_eq!(phase(&app), TurnPhase::RoundOver);
    let after = drawn_texts(&mut app);
    assert!(
        after.iter().any(|t| t == &review),
        "Review round is back: {after:?}"
    );
    assert!(drawn_areas(&mut app).iter().any(|a| a.0 == "banner"));
    // The banner tells the score; the table's texts (the status line above the hand) do not
    // tell it again ("…: you score 13.", "Nobody scores" before).
    let table = {
        let w = app.world_mut();
        let mut all: Vec<String> = w.query::<&Text2d>().iter(w).map(|t| t.0.clone()).collect();
        all.extend(w.query::<&TextSpan>().iter(w).map(|t| t.0.clone()));
        all.join("\n")
    };
    assert!(
        table.contains("Your deadwood") && !table.to_lowercase().contains("score"),
        "{table}"
    );
    let _ = std::fs::remove_dir_all(files_dir(name));
}

/// The menu open as a series continued at a round's end comes back (the menu first, then the
/// round's banner): the whole menu is above the overlay, so every point of it answers the
/// menu, not the banner.
#[test]
fn the_menu_lies_above_every_overlay_window() {
    let name = "menu-top";
    let mut app = app(name, 1795999795589331121);
    set_speed(&mut app, AnimSpeed::Instant);
    play_round_out(&mut app);
    app.world()
        .resource::<hollywood_gin::gui::table::persist::FileWriter>()
        .flush();
    drop(app);
    for ui in [100, 150] {
        let mut app = app_booted(name, None, 1280, 800, 1.0);
        app.world_mut().resource_mut::<PlayerSettings>().ui_scale = ui;
        app.world_mut()
            .resource_mut::<NextState<MenuScreen>>()
            .set(MenuScreen::Main);
        for _ in 0..10 {
            app.update();
        }
        assert_eq!(phase(&app), TurnPhase::RoundOver);
        let mut q = app.world_mut().query::<&mut EguiContext>();
        let mut ctx = q.single_mut(app.world_mut()).unwrap();
        let ctx = ctx.get_mut().clone();
        let menu = ctx
            .memory(|m| m.area_rect(egui::Id::new("menu")))
            .expect("the menu is drawn");
        for i in 0..=8 {
            for j in 0..=8 {
                let p = menu.min + (menu.max - menu.min) * egui::vec2(i as f32, j as f32) / 8.0;
                let p = p + (menu.center() - p) * 0.02;
                let top = ctx.layer_id_at(p).map(|l| l.id);
                assert_eq!(
                    top,
                    Some(egui::Id::new("menu")),
                    "{ui}%: at {p:?} of the menu {menu:?} another layer is on top"
                );
            }
        }
    }
    let _ = std::fs::remove_dir_all(files_dir(name));
}

/// Menu → How to play ends with the licences: their headings in the player's language, and
/// the notices compiled in, generated from Cargo.lock, naming the crates the game is built
/// from.
#[test]
fn the_licences_are_in_the_game() {
    use hollywood_gin::gui::ui::help_page::{FONT_LICENCE, GAME_LICENCE, NOTICES};
    let mut app = app("licences", 3);
    read_egui_texts(&mut app);
    for lang in hollywood_gin::lang::Lang::ALL {
        app.world_mut().resource_mut::<PlayerSettings>().language = Some(lang);
        app.world_mut()
            .resource_mut::<NextState<MenuScreen>>()
            .set(MenuScreen::Help);
        for _ in 0..5 {
            app.update();
        }
        // The licences end the page: scroll down to them, as the player would.
        let centre = metrics(&mut app).size / 2.0;
        move_to(&mut app, centre);
        let window = window_entity(&mut app);
        for _ in 0..30 {
            let wheel = bevy::input::mouse::MouseWheel {
                unit: bevy::input::mouse::MouseScrollUnit::Line,
                x: 0.0,
                y: -10.0,
                window,
                phase: bevy::input::touch::TouchPhase::Moved,
            };
            app.world_mut().write_message(wheel);
            app.world_mut()
                .write_message(bevy::window::WindowEvent::MouseWheel(wheel));
            app.update();
        }
        let texts = drawn_texts(&mut app);
        let sp = app.world().resource::<Speech>();
        for id in [
            "help-licences-title",
            "help-licence-game",
            "help-licence-notices",
            "help-licence-font",
        ] {
            let said = sp.t(id, &[]);
            assert!(
                texts.iter().any(|t| t.contains(&said)),
                "{lang:?}: {said} is not on the page"
            );
        }
    }
    for krate in [
        "bevy_ecs",
        "bevy_egui",
        "egui",
        "wgpu",
        "winit",
        "serde",
        "ron",
        "rand",
        "fluent-bundle",
        "sha2",
        "tempfile",
        "sys-locale",
    ] {
        assert!(
            NOTICES.contains(&format!(" {krate} ")),
            "{krate} is not in the notices"
        );
    }
    assert!(
        GAME_LICENCE.contains("MIT License")
            || GAME_LICENCE.contains("Permission is hereby granted")
    );
    assert!(FONT_LICENCE.contains("Bitstream"));
}

/// Every level, Expert included, is offered in Settings and counted in Statistics, in every
/// language, with both pages inside the smallest window at the largest text; and choosing a
/// level by clicking its name sets it.
#[test]
fn every_level_is_offered_and_counted_and_a_click_chooses_it() {
    use hollywood_gin::lang::Lang;
    let mut app = app("levels", 3);
    read_egui_texts(&mut app);
    let (mw, mh) = hollywood_gin::store::settings::WindowPlacement::MIN;
    for lang in Lang::ALL {
        app.world_mut().resource_mut::<PlayerSettings>().language = Some(lang);
        for (w, h, ui) in [(mw, mh, 150), (1024, 640, 150), (1280, 800, 100)] {
            resize(&mut app, w, h, ui);
            for page in [MenuScreen::Statistics, MenuScreen::Settings] {
                app.world_mut()
                    .resource_mut::<NextState<MenuScreen>>()
                    .set(page);
                for _ in 0..8 {
                    app.update();
                }
                // A click where the last one was, on a page that changed since, within a
                // double click's time, is that double click's second: a player's next click
                // comes later.
                std::thread::sleep(hollywood_gin::gui::ui::page::DOUBLE_CLICK);
                let case = format!("{lang:?} {w}×{h} {ui}% {page:?}");
                // egui points to logical pixels, the player's text size included.
                let zoom = metrics(&mut app).ui_scale();
                let menu = egui_rect(&mut app, "menu").expect("the page is drawn");
                assert!(
                    menu.min.x >= 0.0
                        && menu.min.y >= 0.0
                        && menu.max.x <= w as f32
                        && menu.max.y <= h as f32,
                    "{case}: the page {menu:?} leaves the window"
                );
                let names: Vec<String> = {
                    let sp = app.world().resource::<Speech>();
                    Level::ALL
                        .iter()
                        .map(|&l| hollywood_gin::words::level(sp, l))
                        .collect()
                };
                let places = app.world().resource::<DrawnTexts>().0.clone();
                for name in &names {
                    assert!(
                        places.iter().any(|(t, _)| t == name),
                        "{case}: the level {name} is not shown"
                    );
                }
                if page == MenuScreen::Settings {
                    // Click each level's name (its radio button's label), Expert last.
                    for (&level, name) in Level::ALL
                        .iter()
                        .zip(&names)
                        .rev()
                        .chain(Level::ALL.iter().zip(&names).rev().take(1))
                    {
                        let r = places.iter().find(|(t, _)| t == name).unwrap().1;
                        click(&mut app, Vec2::new(r.center().x, r.center().y) * zoom);
                        app.update();
                        app.update();
                        assert_eq!(
                            app.world().resource::<PlayerSettings>().level,
                            level,
                            "{case}: a click on {name}"
                        );
                    }
                }
            }
        }
    }
    let _ = std::fs::remove_dir_all(files_dir("levels"));
}

/// A series in progress keeps the rules it was started under: the settings' rules (edited by
/// hand or in Settings since) apply from the next series only.
#[test]
fn a_continued_series_keeps_its_rules_whatever_the_settings_say() {
    use hollywood_gin::rules::{Match, RuleSettings};
    use hollywood_gin::store::save::SavedSeries;
    use hollywood_gin::store::settings::Settings;
    let name = "rules-kept";
    let _ = std::fs::remove_dir_all(files_dir(name));
    let paths = Paths::under(&files_dir(name));
    let twenty = RuleSettings {
        gin_bonus: 20,
        ..RuleSettings::default()
    };
    let mut m = Match::new(twenty.clone(), 44);
    let s = m.round().to_act().unwrap();
    m.apply(s, Action::PassUpcard).unwrap();
    hollywood_gin::store::save(&paths.save(), &SavedSeries::new(&m, Level::Medium)).unwrap();
    let settings = Settings {
        rules: RuleSettings {
            gin_bonus: 25,
            ..twenty.clone()
        },
        ..Settings::default()
    };
    hollywood_gin::store::save(&paths.settings(), &settings).unwrap();
    let mut app = app_booted(name, None, 1280, 800, 1.0);
    app.update();
    app.update();
    let series = app.world().resource::<Series>();
    assert_eq!(series.current, m, "the saved series, continued");
    assert_eq!(series.current.rules().gin_bonus, 20);
    assert_eq!(app.world().resource::<PlayerSettings>().rules.gin_bonus, 25);
    let _ = std::fs::remove_dir_all(files_dir(name));
}

/// The series path never sleeps: a New series or a Replay chosen from the menu while a deal
/// is still being animated (as at the start, under the menu) is carried out, and a move sent
/// mid-deal is refused then, not kept for later.
#[test]
fn a_new_series_or_replay_chosen_while_the_cards_are_dealt_is_carried_out() {
    let mut app = app("mid-deal", 5);
    app.world_mut()
        .resource_mut::<NextState<MenuScreen>>()
        .set(MenuScreen::Main);
    for _ in 0..3 {
        app.update();
    }
    assert_eq!(phase(&app), TurnPhase::Dealing, "the deal is animating");
    app.world_mut()
        .write_message(PlayerCommand::Series(SeriesCommand::NewSeries(77)));
    for _ in 0..3 {
        app.update();
    }
    assert_eq!(
        app.world().resource::<Series>().current.seed(),
        77,
        "New series chosen mid-deal starts that series"
    );
    assert_eq!(phase(&app), TurnPhase::Dealing, "its deal is animating");
    // A move sent now is refused, not applied when the deal ends.
    let before = app.world().resource::<Series>().current.clone();
    app.world_mut()
        .write_message(PlayerCommand::Move(PlayerMove::Pass));
    app.world_mut()
        .write_message(PlayerCommand::Move(PlayerMove::DrawStock));
    app.update();
    assert_eq!(app.world().resource::<Series>().current, before);
    assert!(
        app.world().resource::<Feedback>().0.is_some(),
        "the refusal is said"
    );
    // A replay chosen mid-deal too.
    let seed = before.round().seed().unwrap();
    app.world_mut()
        .write_message(PlayerCommand::Series(SeriesCommand::Replay {
            dealer: OPPONENT,
            seed,
        }));
    for _ in 0..3 {
        app.update();
    }
    let series = app.world().resource::<Series>();
    assert!(series.practising(), "the replay is on the table");
    assert_eq!(series.current.round().dealer(), OPPONENT);
    app.world_mut()
        .resource_mut::<NextState<MenuScreen>>()
        .set(MenuScreen::Closed);
    settle(&mut app);
    assert_eq!(
        app.world()
            .resource::<Series>()
            .current
            .round()
            .history()
            .len(),
        0,
        "nothing sent during the deal was played after it"
    );
}

/// The buttons are laid out once per change, at the end of the frame that changed the table,
/// and a press is tested against exactly what is drawn: a click on the very first frame a
/// button is shown (the deal just ended) presses it, and so does a click on the frame after a
/// key changed it (Knock lit again after K and Esc).
#[test]
fn a_button_answers_a_click_on_the_first_frame_it_is_shown() {
    let mut app = app("first-frame", 3);
    set_speed(&mut app, AnimSpeed::Instant);
    let pass = PlayerCommand::Move(PlayerMove::Pass);
    let mut shown = None;
    for _ in 0..200 {
        app.update();
        shown = shown_button(&mut app, pass);
        if shown.is_some() {
            break;
        }
    }
    let b = shown.expect("seed 3 offers the player the upcard");
    assert_ne!(
        phase(&app),
        TurnPhase::UpcardOffer,
        "the frame it is laid out, the state has yet to follow"
    );
    let p = to_screen(&mut app, b.pos);
    burst(&mut app, &[Ev::Move(p), Ev::Down, Ev::Up]);
    assert_eq!(last_move(&app), Some(Action::PassUpcard));
}

/// Whether `app`'s table is still: no card moving and no deal under way.
fn at_rest(app: &mut App) -> bool {
    let (busy, animating) = {
        let w = app.world();
        let series = w.resource::<Series>();
        (
            w.resource::<DealtRound>().busy(&series.current),
            w.resource::<Animating>().0,
        )
    };
    let sliding = app
        .world_mut()
        .query_filtered::<(), With<Slide>>()
        .iter(app.world())
        .count();
    !busy && !animating && sliding == 0
}

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
        (
            s.current.deals(),
            s.friend.as_ref().is_some_and(|f| f.asked),
        )
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
    // The figure for the issue's note (a machine's speed, not asserted).
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
                    s.friend
                        .as_ref()
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
            if series.friend.is_none() || series.current.round().to_act() != Some(HUMAN) {
                continue;
            }
            if series
                .friend
                .as_ref()
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
        moves >= 6 && a.world().resource::<Series>().friend.is_some()
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

// ---- A friend who runs a modified game --------------------------------------------------------

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

/// The game quits as it does on Ctrl+Q (its runner returns once the app asks to exit): within
/// two seconds, whatever the friend's game does.
fn quits_at_once(mut a: App, what: &str) {
    let t = std::time::Instant::now();
    a.world_mut().write_message(AppExit::Success);
    a.set_runner(|mut app| {
        loop {
            app.update();
            if let Some(exit) = app.should_exit() {
                return exit;
            }
        }
    });
    assert_eq!(a.run(), AppExit::Success);
    let took = t.elapsed();
    assert!(
        took < Duration::from_secs(2),
        "{what}: quitting took {took:?}"
    );
    println!("{what}: quit in {took:?}");
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

/// The rectangle of the egui text `text` drawn last frame, in window pixels.
fn egui_text_rect(app: &mut App, text: &str) -> Option<Rect> {
    let zoom = metrics(app).ui_scale();
    let drawn = app.world().resource::<DrawnTexts>().0.clone();
    drawn.iter().find(|(t, _)| t == text).map(|(_, r)| {
        Rect::new(
            r.min.x * zoom,
            r.min.y * zoom,
            r.max.x * zoom,
            r.max.y * zoom,
        )
    })
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
