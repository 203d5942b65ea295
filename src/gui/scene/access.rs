//! The table for a screen reader (issue #63, its first part): the player's hand as a list the
//! system's screen reader walks, each card named as [`crate::words::speech`] says it ("seven of
//! hearts, 3 of 10, in the run five-six-seven of hearts"), in the order the hand shows, and the
//! keyboard highlight (←/→) as the focus the screen reader follows, on a card of the hand or on
//! a pile ("the stock, 31 cards"; "the discard pile: seven of hearts on top"); and the table's two lines
//! (what to do now, and the opponent's last turn) as live regions, said when they change, with
//! cards by name.
//!
//! Decisions:
//! - Bevy owns the tree, not egui: bevy_egui's own AccessKit support replaces the whole tree
//!   with egui's, and the cards would vanish from it (`../shared/notes/screen-reader.md`).
//! - The nodes live on entities of their own, not on the card sprites: the sprites are the
//!   scene's, moved by animations, while the list follows the hand's order.
//! - Nothing is built until an assistive technology asks for the tree (AccessKit sets
//!   [`AccessibilityRequested`]): a sighted player's table does no work for it, and an idle
//!   table none at all (the systems run on the first frame the tree is asked for, and then
//!   only when the table or its language changed, as the hud does).
//! - The focus is always a node entity or none: Bevy drops every update of the tree while the
//!   focus names an entity without a node.
//! - A live line is a label whose value is the text, polite: AccessKit's own announcement
//!   pattern, spoken on Windows (the name), macOS (the value) and Linux alike. The words are the
//!   hud's own ([`hud::status_line`], [`hud::narration`]), so the ear and the eye are told the
//!   same thing.

use accesskit::{Action, Live, Node, Role};
use bevy::a11y::{AccessibilityNode, AccessibilityRequested};
use bevy::prelude::*;
use bevy_input_focus::{FocusCause, InputFocus};

use super::hud;
use crate::gui::app::speech::Speech;
use crate::gui::table::command::table_changed;
use crate::gui::table::phase::TableSet;
use crate::gui::table::view::TableView;
use crate::rules::{Arrangement, Card, best_arrangement};
use crate::seats::HUMAN;
use crate::words::speech;

/// The list of the player's cards.
#[derive(Component)]
pub struct HandList;

/// The `.0`th card of the hand as shown, in the list.
#[derive(Component)]
pub struct HandItem(pub usize);

/// The two piles, a list of their own.
#[derive(Component)]
pub struct PileList;

/// One pile in the piles' list.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum PileItem {
    /// The stock (its cards unnamed: they are secret).
    Stock,
    /// The discard pile (its top card named).
    Discard,
}

/// A line the screen reader says whenever it changes.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Announcer {
    /// What to do now, and the deadwood (the hud's status line).
    Prompt,
    /// The opponent's last turn (the hud's narration).
    Opponent,
}

/// Keeps the hand's list and the live lines for a screen reader.
pub(crate) struct AccessPlugin;

impl Plugin for AccessPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<InputFocus>().add_systems(
            Update,
            (speak_hand, announce).after(TableSet::Commands).run_if(
                asked_for.and_then(
                    just_asked
                        .or_eager(table_changed)
                        .or_eager(resource_changed::<Speech>),
                ),
            ),
        );
    }
}

/// Whether an assistive technology has asked for the tree.
fn asked_for(requested: Option<Res<AccessibilityRequested>>) -> bool {
    requested.is_some_and(|r| r.get())
}

/// True the first time it is asked (the first frame the tree is asked for, when it is built
/// whatever changed), false after.
fn just_asked(mut before: Local<bool>) -> bool {
    !std::mem::replace(&mut *before, true)
}

/// The two lists (the hand's, the piles'), each with whether it is the hand's.
type Lists<'w, 's> = Query<'w, 's, (Entity, Has<HandList>), Or<(With<HandList>, With<PileList>)>>;

/// Builds and updates the hand's list (one item per card in the order shown, named with its
/// place and meld, the highlighted one selected) and the piles' (the stock by its count, the
/// discard pile by its top card), and puts the focus on the highlighted card's or pile's item.
fn speak_hand(
    mut commands: Commands,
    tv: TableView,
    lists: Lists,
    mut items: Query<(Entity, &HandItem, &mut AccessibilityNode)>,
    mut piles: Query<(Entity, &PileItem, &mut AccessibilityNode), Without<HandItem>>,
    mut focus: ResMut<InputFocus>,
) {
    let list = lists.iter().find(|l| l.1).map(|l| l.0);
    let pile_list = lists.iter().find(|l| !l.1).map(|l| l.0);
    let m = tv.m();
    let hand = m.round().hand(HUMAN);
    let (shown, _) = tv.hand.order.order(hand);
    let arrangement = best_arrangement(hand);
    let list = list.unwrap_or_else(|| {
        let mut node = Node::new(Role::ListBox);
        node.set_label(tv.speech.t("speak-hand", &[]));
        commands.spawn((HandList, AccessibilityNode(node))).id()
    });
    let mut focused = None;
    let mut have = vec![None; shown.len()];
    for (e, item, mut node) in &mut items {
        let Some(&c) = shown.get(item.0) else {
            commands.entity(e).despawn();
            continue;
        };
        have[item.0] = Some(e);
        *node = AccessibilityNode(card_node(&tv, &shown, item.0, &arrangement, c));
        if tv.hand.focus == Some(c) {
            focused = Some(e);
        }
    }
    for (i, slot) in have.iter().enumerate() {
        if slot.is_none() {
            let c = shown[i];
            let e = commands
                .spawn((
                    HandItem(i),
                    AccessibilityNode(card_node(&tv, &shown, i, &arrangement, c)),
                    ChildOf(list),
                ))
                .id();
            if tv.hand.focus == Some(c) {
                focused = Some(e);
            }
        }
    }
    // The piles: the highlight is on one of them when drawing or offered the upcard.
    let r = m.round();
    let highlighted = |pile: PileItem| {
        let top = match pile {
            PileItem::Stock => r.stock().last().copied(),
            PileItem::Discard => r.discard_top(),
        };
        top.is_some() && tv.hand.focus == top
    };
    let pile_node = |pile: PileItem| {
        let mut node = Node::new(Role::ListItem);
        node.set_label(match (pile, r.discard_top()) {
            (PileItem::Stock, _) => tv
                .speech
                .t("speak-stock", &[("count", r.stock().len().into())]),
            (PileItem::Discard, Some(top)) => tv.speech.t(
                "speak-discard",
                &[("card", speech::card(&tv.speech, top).into())],
            ),
            (PileItem::Discard, None) => tv.speech.t("speak-discard-empty", &[]),
        });
        node.add_action(Action::Focus);
        node
    };
    let none_yet = piles.is_empty();
    for (e, &pile, mut node) in &mut piles {
        *node = AccessibilityNode(pile_node(pile));
        if highlighted(pile) {
            focused = Some(e);
        }
    }
    if none_yet {
        let mut node = Node::new(Role::List);
        node.set_label(tv.speech.t("speak-piles", &[]));
        let group =
            pile_list.unwrap_or_else(|| commands.spawn((PileList, AccessibilityNode(node))).id());
        for pile in [PileItem::Stock, PileItem::Discard] {
            let e = commands
                .spawn((pile, AccessibilityNode(pile_node(pile)), ChildOf(group)))
                .id();
            if highlighted(pile) {
                focused = Some(e);
            }
        }
    }
    match focused {
        Some(e) if focus.get() != Some(e) => focus.set(e, FocusCause::Navigated),
        None if focus.get().is_some() => focus.clear(),
        _ => {}
    }
}

/// Keeps the live lines: each one's value is its text with cards by name, set only when it
/// changes (a screen reader says a live line each time its text is set anew).
fn announce(
    mut commands: Commands,
    tv: TableView,
    mut lines: Query<(&Announcer, &mut AccessibilityNode)>,
) {
    let (m, phase) = (tv.m(), tv.phase());
    let text = |line| {
        let written = match line {
            Announcer::Prompt => {
                hud::status_line(&tv.speech, m, tv.hand.knocking, &tv.feedback, phase)
            }
            Announcer::Opponent => hud::narration(&tv.speech, m, phase),
        };
        speech::spoken(&tv.speech, &written.replace('\n', " "))
    };
    let mut have = Vec::new();
    for (&line, mut node) in &mut lines {
        have.push(line);
        let now = text(line);
        if node.value() != Some(now.as_str()) {
            node.set_value(now);
        }
    }
    for line in [Announcer::Prompt, Announcer::Opponent] {
        if !have.contains(&line) {
            let mut node = Node::new(Role::Label);
            node.set_value(text(line));
            node.set_live(Live::Polite);
            commands.spawn((line, AccessibilityNode(node)));
        }
    }
}

/// The node of the `i`th card shown.
fn card_node(tv: &TableView, shown: &[Card], i: usize, arrangement: &Arrangement, c: Card) -> Node {
    let mut node = Node::new(Role::ListBoxOption);
    if let Some(label) = speech::hand_card(&tv.speech, shown, i, arrangement) {
        node.set_label(label);
    }
    node.set_position_in_set(i + 1);
    node.set_size_of_set(shown.len());
    node.set_selected(tv.hand.focus == Some(c));
    node.add_action(Action::Focus);
    node
}
