//! A click lands where it was made: events within one frame, touch.

use super::*;

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
        let before = round(&app).history().len();
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
        let history = round(&app).history().len();
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
    let taken = round(&app).taken_from_discard();
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
    let taken = round(&app).taken_from_discard();
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
    let taken = round(&app).taken_from_discard();
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
