//! The deal in play stays secret: no seed of it is ever drawn.

use super::*;

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
