//! Headless Bevy tests: the table's plugins run under `MinimalPlugins` with no window, a
//! scripted player sends the same commands the mouse and buttons would, the computer plays
//! through its background task, and every frame is checked against the rules core.
#![cfg(feature = "gui")]

use std::collections::HashSet;
use std::time::Duration;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use hollywood_gin::ai::{Level, View};
use hollywood_gin::gui::art::{CardArt, CardArtPlugin};
use hollywood_gin::gui::buttons::ButtonsPlugin;
use hollywood_gin::gui::cards::{CardSprite, CardsPlugin, Slide, TableLayout};
use hollywood_gin::gui::hud::HudPlugin;
use hollywood_gin::gui::input::InputPlugin as CardInputPlugin;
use hollywood_gin::gui::layout::{Metrics, Placed, layout};
use hollywood_gin::gui::table::{
    Animating, COMPUTER, Command, Dealing, Game, HUMAN, TablePlugin, TableSet, TurnPhase, phase_of,
};
use hollywood_gin::rules::Action;

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
    game: Res<Game>,
    dealing: Res<Dealing>,
    mut seen: ResMut<Seen>,
) {
    let want = if dealing.busy(&game.m) {
        TurnPhase::Dealing
    } else {
        phase_of(&game.m)
    };
    seen.frames += 1;
    seen.phases.insert(*state.get());
    if *state.get() != want && seen.frames > 1 {
        let msg = format!(
            "frame {}: state {:?}, core says {:?} ({:?})",
            seen.frames,
            state.get(),
            want,
            game.m.round().phase()
        );
        seen.mismatches.push(msg);
    }
}

fn app(seed: u64) -> App {
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        StatesPlugin,
        AssetPlugin::default(),
        bevy::input::InputPlugin,
    ))
    .init_asset::<Image>()
    .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
        20,
    )))
    .add_plugins((
        CardArtPlugin,
        TablePlugin { seed },
        CardsPlugin,
        CardInputPlugin,
        ButtonsPlugin,
        HudPlugin,
    ))
    .init_resource::<Seen>()
    .add_systems(Update, check_phase.before(TableSet::Input));
    app
}

/// The commands a player would give for the bot's action.
fn commands_for(a: &Action) -> Vec<Command> {
    match a {
        Action::TakeUpcard => vec![Command::TakeUpcard],
        Action::PassUpcard => vec![Command::Pass],
        Action::DrawStock => vec![Command::DrawStock],
        Action::TakeDiscard => vec![Command::TakeDiscard],
        // Select first, as a double-click does.
        Action::Discard(c) => vec![Command::Select(*c), Command::Play(*c)],
        Action::Knock { discard, .. } => vec![Command::Knock, Command::Play(*discard)],
        Action::Gin { .. } => vec![Command::Gin],
        Action::LayOff { card, meld } => vec![Command::LayOff {
            card: *card,
            meld: *meld,
        }],
        Action::FinishLayoffs => vec![Command::Done],
    }
}

/// Every card entity is at rest where the layout puts it for the core's current state, showing
/// the right side.
fn assert_cards_match_the_core(app: &mut App) {
    let world = app.world_mut();
    let game = world.resource::<Game>();
    let met = Metrics::new(Vec2::new(1280.0, 800.0));
    let l = layout(&game.m, met, &game.order, game.selected);
    let art = world.resource::<CardArt>().clone();
    let four = game.four_color;
    let r = game.m.round().clone();
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
        if r.hand(COMPUTER).contains(cs.0) && r.knock().is_none() && !r.is_finished() {
            assert_eq!(sprite.image, art.back, "computer's {} must be hidden", cs.0);
        }
    }
    assert_eq!(n, 52);
}

#[test]
fn three_rounds_through_the_plugins_keep_state_and_cards_with_the_core() {
    let mut app = app(3);
    let me = Level::Medium.bot(77);
    let mut rounds = 0;
    let mut at_rest_checks = 0;
    let mut moves = 0;
    let mut last_key = None;
    for _ in 0..30_000 {
        app.update();
        let (phase, busy, animating, history) = {
            let w = app.world();
            let game = w.resource::<Game>();
            (
                phase_of(&game.m),
                w.resource::<Dealing>().busy(&game.m),
                w.resource::<Animating>().0,
                game.m.round().history().len(),
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
        let game = app.world().resource::<Game>();
        let r = game.m.round();
        let cmds = match phase {
            TurnPhase::RoundOver => {
                rounds += 1;
                if rounds == 3 {
                    break;
                }
                vec![Command::NextRound]
            }
            TurnPhase::ComputerTurn | TurnPhase::Dealing => continue,
            _ => {
                let a = me.decide(&View::of(r, HUMAN, Some(game.m.scoreboard())));
                moves += 1;
                commands_for(&a)
            }
        };
        for c in cmds {
            app.world_mut().write_message(c);
        }
        // The commands are applied in the next frame; the core must have moved on after it.
        let before = app.world().resource::<Game>().m.clone();
        app.update();
        let game = app.world().resource::<Game>();
        assert_ne!(
            game.m, before,
            "a command was not applied: {}",
            game.message
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
        TurnPhase::ComputerTurn,
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
    let mut app = app(11);
    app.world_mut().resource_mut::<Game>().speed = 0.0;
    let me = Level::Medium.bot(5);
    let mut frames_sliding = 0;
    let mut frames = 0;
    let computer_moves = |app: &App| {
        let game = app.world().resource::<Game>();
        game.m
            .round()
            .history()
            .iter()
            .filter(|m| m.seat == COMPUTER)
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
        let game = app.world().resource::<Game>();
        if game.m.round().to_act() == Some(HUMAN) && phase_of(&game.m) != TurnPhase::RoundOver {
            let a = me.decide(&View::of(game.m.round(), HUMAN, None));
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
    use hollywood_gin::gui::persist::{Boot, Files, PersistPlugin};
    use hollywood_gin::store::Paths;
    let root = std::env::temp_dir().join(format!("hg-headless-save-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    let paths = Paths::under(&root);
    let mut app = app(8);
    app.add_plugins(PersistPlugin::new(Boot::load(Some(paths.clone()))));
    let me = Level::Medium.bot(2);
    let mut checked = 0;
    for _ in 0..3000 {
        app.update();
        let game = app.world().resource::<Game>();
        let r = game.m.round();
        let dealing = app.world().resource::<Dealing>().busy(&game.m);
        let state = *app.world().resource::<State<TurnPhase>>().get();
        if !dealing
            && state != TurnPhase::Dealing
            && r.to_act() == Some(HUMAN)
            && phase_of(&game.m) != TurnPhase::RoundOver
        {
            let a = me.decide(&View::of(r, HUMAN, None));
            for c in commands_for(&a) {
                app.world_mut().write_message(c);
            }
            // Let the move and its save happen, then check the file caught up.
            let before = app.world().resource::<Game>().m.clone();
            app.update();
            app.update();
            assert_ne!(
                app.world().resource::<Game>().m,
                before,
                "the move was applied"
            );
            let m = app.world().resource::<Game>().m.clone();
            app.world().resource::<Files>().flush();
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
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn keys_do_what_the_buttons_do() {
    use hollywood_gin::gui::layout::SortMode;
    let mut app = app(3);
    app.world_mut().resource_mut::<Game>().speed = 0.0;
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
    // Keys arrive as the window would send them.
    let press = |app: &mut App, key: KeyCode| {
        use bevy::input::ButtonState;
        use bevy::input::keyboard::{Key, KeyboardInput};
        for state in [ButtonState::Pressed, ButtonState::Released] {
            app.world_mut().write_message(KeyboardInput {
                key_code: key,
                logical_key: Key::Unidentified(bevy::input::keyboard::NativeKey::Unidentified),
                state,
                text: None,
                repeat: false,
                window: Entity::PLACEHOLDER,
            });
            app.update();
        }
        app.update();
    };
    // S cycles the sort without touching the round.
    let before = app.world().resource::<Game>().m.clone();
    press(&mut app, KeyCode::KeyS);
    assert_eq!(app.world().resource::<Game>().order.mode, SortMode::Rank);
    assert_eq!(app.world().resource::<Game>().m, before);
    // Space is the first button: Pass.
    press(&mut app, KeyCode::Space);
    let game = app.world().resource::<Game>();
    let h = game.m.round().history();
    assert_eq!((h[0].seat, &h[0].action), (HUMAN, &Action::PassUpcard));
}
