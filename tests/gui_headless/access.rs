//! The table for a screen reader: the hand as a list of named cards, and the keyboard
//! highlight as the focus the screen reader follows.

use super::*;
use bevy::a11y::{AccessibilityNode, AccessibilityRequested};
use bevy_input_focus::InputFocus;
use hollywood_gin::gui::scene::access::{Announcer, HandItem, HandList, PileItem};
use hollywood_gin::lang::{Lang, Voice};
use hollywood_gin::rules::best_arrangement;
use hollywood_gin::words::{self, speech};

/// Asks for the tree, as a screen reader does through AccessKit.
fn ask_for_the_tree(app: &mut App) {
    let asked = AccessibilityRequested::default();
    asked.set(true);
    app.insert_resource(asked);
}

/// The list's items, in their order: (entity, label, selected).
fn items(app: &mut App) -> Vec<(Entity, String, bool)> {
    let mut q = app
        .world_mut()
        .query::<(Entity, &HandItem, &AccessibilityNode)>();
    let mut v: Vec<(usize, Entity, String, bool)> = q
        .iter(app.world())
        .map(|(e, i, n)| {
            (
                i.0,
                e,
                n.label().map(|l| l.to_string()).unwrap_or_default(),
                n.is_selected().unwrap_or(false),
            )
        })
        .collect();
    v.sort_by_key(|x| x.0);
    v.into_iter().map(|(_, e, l, s)| (e, l, s)).collect()
}

/// What the list should say: each card of the hand as shown, by name.
fn expected(app: &mut App) -> Vec<String> {
    let hand = round(app).hand(HUMAN);
    let shown = app.world().resource::<HandView>().order.order(hand).0;
    let a = best_arrangement(hand);
    let en = Voice::new(Lang::En);
    (0..shown.len())
        .map(|i| speech::hand_card(&en, &shown, i, &a).unwrap())
        .collect()
}

#[test]
fn the_hand_is_a_list_a_screen_reader_walks_with_the_highlight_as_its_focus() {
    let mut app = app("access", 7);
    settle(&mut app);
    // Nothing is built until an assistive technology asks for the tree.
    assert!(items(&mut app).is_empty());
    ask_for_the_tree(&mut app);
    app.update();
    app.update();
    let said = items(&mut app);
    assert_eq!(
        said.iter().map(|s| s.1.clone()).collect::<Vec<_>>(),
        expected(&mut app)
    );
    assert!(said.len() >= 10, "{said:?}");
    assert!(
        said.iter()
            .all(|(_, l, _)| !l.contains(['♣', '♦', '♥', '♠'])),
        "{said:?}"
    );
    let mut lists = app
        .world_mut()
        .query_filtered::<&AccessibilityNode, With<HandList>>();
    let list = lists.single(app.world()).unwrap();
    assert_eq!(list.label(), Some("Your hand"));

    // The arrows move the highlight; the focus follows it onto the card's item, selected.
    reach_a_discard_with_eleven_cards(&mut app);
    press_key(&mut app, KeyCode::ArrowRight);
    press_key(&mut app, KeyCode::ArrowRight);
    let focus = app
        .world()
        .resource::<HandView>()
        .focus
        .expect("a highlight");
    let said = items(&mut app);
    assert_eq!(said.len(), 11);
    assert_eq!(
        said.iter().map(|s| s.1.clone()).collect::<Vec<_>>(),
        expected(&mut app)
    );
    let at = app.world().resource::<InputFocus>().get().expect("a focus");
    let (_, label, selected) = said.iter().find(|s| s.0 == at).expect("focus on an item");
    assert!(selected, "{label}");
    assert!(
        label.starts_with(&speech::card(&Voice::new(Lang::En), focus)),
        "{label} for {focus}"
    );
    assert_eq!(said.iter().filter(|s| s.2).count(), 1);
}

/// The live lines' values, by line.
fn announced(app: &mut App, line: Announcer) -> Option<String> {
    let mut q = app.world_mut().query::<(&Announcer, &AccessibilityNode)>();
    q.iter(app.world())
        .find(|(l, _)| **l == line)
        .and_then(|(_, n)| n.value().map(str::to_string))
}

#[test]
fn the_prompt_and_the_opponent_s_turn_are_live_lines_with_cards_by_name() {
    let mut app = app("access-live", 7);
    ask_for_the_tree(&mut app);
    reach_a_discard_with_eleven_cards(&mut app);
    let en = Voice::new(Lang::En);
    let prompt = announced(&mut app, Announcer::Prompt).expect("a prompt line");
    assert!(prompt.starts_with("Discard:"), "{prompt}");
    assert!(prompt.contains("Your deadwood:"), "{prompt}");
    // Discard the highlighted card; the computer moves; its turn is said with cards by name.
    let before = round(&app).history().len();
    press_key(&mut app, KeyCode::ArrowRight);
    // ↑ acts as a click: the first raises the card, the second plays it.
    press_key(&mut app, KeyCode::ArrowUp);
    press_key(&mut app, KeyCode::ArrowUp);
    for _ in 0..100 {
        settle(&mut app);
        let moved = round(&app).history().len() > before + 1;
        if moved && matches!(phase(&app), TurnPhase::Draw | TurnPhase::RoundOver) {
            break;
        }
        app.update();
    }
    let said = announced(&mut app, Announcer::Opponent).expect("an opponent line");
    let r = round(&app).clone();
    let written = words::last_computer_turn(&en, &r.seen_moves()).expect("a turn");
    assert!(written.contains(['♣', '♦', '♥', '♠']), "{written}");
    assert_eq!(said, speech::spoken(&en, &written));
    assert!(!said.contains(['♣', '♦', '♥', '♠']), "{said}");
    assert!(said.contains(" of "), "{said}");
    println!("said: {prompt:?}, then {said:?}");
}

#[test]
fn when_drawing_the_highlight_on_a_pile_is_the_focus_and_the_stock_keeps_its_secret() {
    let mut app = app("access-piles", 7);
    ask_for_the_tree(&mut app);
    reach_a_draw(&mut app);
    let r = round(&app).clone();
    let en = Voice::new(Lang::En);
    let pile_said = |app: &mut App| -> Option<(PileItem, String)> {
        let at = app.world().resource::<InputFocus>().get()?;
        let mut q = app.world_mut().query::<(&PileItem, &AccessibilityNode)>();
        q.get(app.world(), at)
            .ok()
            .map(|(p, n)| (*p, n.label().unwrap_or_default().to_string()))
    };
    press_key(&mut app, KeyCode::ArrowRight);
    let stock_top = *r.stock().last().unwrap();
    assert_eq!(app.world().resource::<HandView>().focus, Some(stock_top));
    let (pile, label) = pile_said(&mut app).expect("the focus on a pile");
    assert_eq!(pile, PileItem::Stock);
    assert_eq!(label, format!("The stock, {} cards", r.stock().len()));
    // The stock's top card is never named.
    assert!(!label.contains(&speech::card(&en, stock_top)), "{label}");
    // The discard pile says its top card (after both passed the upcard, the first draw is from
    // the stock, so the highlight does not go there now).
    let top = r.discard_top().unwrap();
    let mut q = app.world_mut().query::<(&PileItem, &AccessibilityNode)>();
    let discard = q
        .iter(app.world())
        .find(|(p, _)| **p == PileItem::Discard)
        .map(|(_, n)| n.label().unwrap_or_default().to_string());
    assert_eq!(
        discard.as_deref(),
        Some(format!("The discard pile: {} on top", speech::card(&en, top)).as_str())
    );
}
