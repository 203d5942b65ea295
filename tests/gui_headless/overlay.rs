//! Nothing covers: the overlay against the table, at every size, text size and language; the menu, the licences, the levels.

use super::*;

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
