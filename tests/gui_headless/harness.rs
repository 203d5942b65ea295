//! The harness every topic shares: the app builders, the stand-ins for winit, and the helpers
//! that step, click and read the table.

use super::*;

/// What the in-app checker saw: phases entered and any frame where the state and the core
/// disagreed.
#[derive(Resource, Default)]
pub(crate) struct Seen {
    pub(crate) phases: HashSet<TurnPhase>,
    pub(crate) mismatches: Vec<String>,
    pub(crate) frames: u32,
}

/// The directory for one test's files (emptied when its app is made).
pub(crate) fn files_dir(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("hg-headless-{name}-{}", std::process::id()))
}

/// The game's plugins in a `w`×`h` window, the menu closed, files under a fresh directory.
pub(crate) fn app_sized(name: &str, seed: u64, w: u32, h: u32) -> App {
    app_scaled(name, seed, w, h, 1.0)
}

/// [`app_sized`] on a screen with `scale` physical pixels to a logical one (HiDPI): the window
/// is `w`×`h` logical pixels.
pub(crate) fn app_scaled(name: &str, seed: u64, w: u32, h: u32, scale: f32) -> App {
    let _ = std::fs::remove_dir_all(files_dir(name));
    app_booted(name, Some(seed), w, h, scale)
}

/// The game started on the files `name` holds: a new series from `seed`, or with `None` the
/// saved one continued, as the player's next start of the game would.
pub(crate) fn app_booted(name: &str, seed: Option<u64>, w: u32, h: u32, scale: f32) -> App {
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

pub(crate) fn app(name: &str, seed: u64) -> App {
    app_sized(name, seed, 1280, 800)
}

/// Sets how fast cards move, as the settings page does.
pub(crate) fn set_speed(app: &mut App, speed: AnimSpeed) {
    app.world_mut().resource_mut::<PlayerSettings>().speed = speed;
}

/// The commands a player would give for the bot's action.
pub(crate) fn commands_for(a: &Action) -> Vec<PlayerCommand> {
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
pub(crate) fn assert_cards_match_the_core(app: &mut App) {
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

/// Presses and releases `key` as the window would send it.
pub(crate) fn press_key(app: &mut App, key: KeyCode) {
    for state in [ButtonState::Pressed, ButtonState::Released] {
        key_event(app, key, state);
        app.update();
    }
    app.update();
}

pub(crate) fn window_entity(app: &mut App) -> Entity {
    app.world_mut()
        .query_filtered::<Entity, With<PrimaryWindow>>()
        .single(app.world())
        .unwrap()
}

/// Moves the cursor to `p` (logical pixels from the window's top-left), as winit reports it.
pub(crate) fn move_to(app: &mut App, p: Vec2) {
    burst(app, &[Ev::Move(p)]);
}

/// Presses or releases the left button where the cursor is.
pub(crate) fn button(app: &mut App, state: ButtonState) {
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
pub(crate) fn click(app: &mut App, p: Vec2) {
    move_to(app, p);
    button(app, ButtonState::Pressed);
    button(app, ButtonState::Released);
}

/// Window position (logical pixels, top-left origin) of a table point.
pub(crate) fn to_screen(app: &mut App, world: Vec2) -> Vec2 {
    let window = window_entity(app);
    let w = app.world().get::<Window>(window).unwrap();
    Vec2::new(w.width() / 2.0 + world.x, w.height() / 2.0 - world.y)
}

/// The table's metrics as the game uses them: the [`WindowMetrics`] resource's, which include the
/// player's text size (a `Metrics::new` of the window's size would be right only at 100%).
/// It must be up to date with the window: a test that resized it runs a frame first.
pub(crate) fn metrics(app: &mut App) -> Metrics {
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
pub(crate) fn shown_buttons(app: &mut App) -> Vec<Button> {
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
pub(crate) fn shown_button(app: &mut App, cmd: PlayerCommand) -> Option<Button> {
    shown_buttons(app)
        .into_iter()
        .find(|b| b.cmd() == Some(cmd))
}

/// Runs frames until no card slides and no deal is under way.
pub(crate) fn settle(app: &mut App) {
    for _ in 0..400 {
        app.update();
        if at_rest(app) {
            return;
        }
    }
    panic!("the table never came to rest");
}

/// Runs frames for a while (20 ms each), for egui's own animations (a window collapsing).
pub(crate) fn wait(app: &mut App, secs: f32) {
    for _ in 0..(secs / 0.02) as usize {
        app.update();
    }
}

/// The round on the table.
pub(crate) fn round(app: &App) -> &Round {
    app.world().resource::<Series>().current.round()
}

pub(crate) fn phase(app: &App) -> TurnPhase {
    *app.world().resource::<State<TurnPhase>>().get()
}

/// Where to click to hit card `c` of the player's hand: low on the part of its face that no
/// card to its right covers.
pub(crate) fn hand_card_point(app: &mut App, c: Card) -> Vec2 {
    let table = app.world().resource::<TableLayout>();
    let met = table.met;
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
pub(crate) fn hint_shown(app: &mut App) -> bool {
    let Some(h) = app.world().resource::<HandView>().hint.clone() else {
        return false;
    };
    let said = hollywood_gin::words::hint(app.world().resource::<Speech>(), &h);
    let mut q = app.world_mut().query::<&TextSpan>();
    let table: String = q.iter(app.world()).map(|t| t.0.as_str()).collect();
    table.contains(&said)
}

/// The egui window or area `id`'s rectangle, in logical pixels.
pub(crate) fn egui_rect(app: &mut App, id: &str) -> Option<Rect> {
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
pub(crate) fn history_header(score: Rect) -> Vec2 {
    Vec2::new(score.min.x + 40.0, score.max.y - 14.0)
}

/// Plays on (passing the upcard, drawing from the stock, both by clicking) until the player
/// holds eleven cards and must discard.
pub(crate) fn reach_a_discard_with_eleven_cards(app: &mut App) {
    // Bounded in time rather than in frames: the computer thinks on a thread of its own, and
    // on a busy machine its turn may outlast any fixed number of frames.
    let end = std::time::Instant::now() + Duration::from_secs(60);
    while std::time::Instant::now() < end {
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
            _ => {
                app.update();
                std::thread::sleep(Duration::from_millis(1));
            }
        }
    }
    panic!("never reached a discard");
}

/// Clicks every card of the player's eleven and every button on the table, and checks that
/// each one did what a click on it does.
pub(crate) fn every_card_and_button_responds(app: &mut App, what: &str) {
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

/// Sends one key event as the window would, without running a frame.
pub(crate) fn key_event(app: &mut App, key: KeyCode, state: ButtonState) {
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

/// One pointer event as winit delivers it.
#[derive(Clone, Copy)]
pub(crate) enum Ev {
    Move(Vec2),
    Down,
    Up,
    Touch(bevy::input::touch::TouchPhase, Vec2),
}

/// Sends `events` in order, all within one update, as a slow frame or a tap delivers them.
pub(crate) fn burst(app: &mut App, events: &[Ev]) {
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
pub(crate) fn reach_a_draw(app: &mut App) {
    let end = std::time::Instant::now() + Duration::from_secs(60);
    while std::time::Instant::now() < end {
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
            _ => {
                app.update();
                std::thread::sleep(Duration::from_millis(1));
            }
        }
    }
    panic!("never reached a draw");
}

/// The player's last move.
pub(crate) fn last_move(app: &App) -> Option<Action> {
    let series = app.world().resource::<Series>();
    let h = series.current.round().history();
    h.iter()
        .rev()
        .find(|m| m.seat == HUMAN)
        .map(|m| m.action.clone())
}

/// Every text egui drew in the last frame, with where it drew it (egui points), read from its
/// output before it is turned into meshes; [`drawn_texts`] adds the table's own `Text2d`s.
#[derive(Resource, Default)]
pub(crate) struct DrawnTexts(pub(crate) Vec<(String, egui::Rect)>);

pub(crate) fn collect_egui_texts(
    outputs: Query<&bevy_egui::EguiFullOutput>,
    mut drawn: ResMut<DrawnTexts>,
) {
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
pub(crate) fn drawn_texts(app: &mut App) -> Vec<String> {
    let mut all: Vec<String> = (app.world().resource::<DrawnTexts>().0)
        .iter()
        .map(|(t, _)| t.clone())
        .collect();
    let mut q = app.world_mut().query::<&Text2d>();
    all.extend(q.iter(app.world()).map(|t| t.0.clone()));
    all
}

/// Plays the player's moves with the Medium bot until the round is over.
pub(crate) fn play_round_out(app: &mut App) {
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

/// Sets the window's size (logical pixels), telling Bevy as winit does, and the player's text
/// size.
pub(crate) fn resize(app: &mut App, w: u32, h: u32, ui: u32) {
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

/// The egui texts drawn from now on (see [`collect_egui_texts`]).
pub(crate) fn read_egui_texts(app: &mut App) {
    use bevy_egui::EguiPostUpdateSet;
    app.init_resource::<DrawnTexts>().add_systems(
        PostUpdate,
        collect_egui_texts
            .after(EguiPostUpdateSet::EndPass)
            .before(EguiPostUpdateSet::ProcessOutput),
    );
}

/// Whether `app`'s table is still: no card moving and no deal under way.
pub(crate) fn at_rest(app: &mut App) -> bool {
    let (busy, animating) = {
        let w = app.world();
        let series = w.resource::<Series>();
        (
            w.resource::<DealtRound>().busy(&series.current),
            w.resource::<CardsMoving>().0,
        )
    };
    let sliding = app
        .world_mut()
        .query_filtered::<(), With<Slide>>()
        .iter(app.world())
        .count();
    !busy && !animating && sliding == 0
}

/// The game quits as it does on Ctrl+Q (its runner returns once the app asks to exit): within
/// two seconds, whatever the friend's game does.
pub(crate) fn quits_at_once(mut a: App, what: &str) {
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

/// The rectangle of the egui text `text` drawn last frame, in window pixels.
pub(crate) fn egui_text_rect(app: &mut App, text: &str) -> Option<Rect> {
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
