//! The table for a screen reader (issue #63): the player's hand as a list the system's screen
//! reader walks, each card named as [`crate::words::speech`] says it ("seven of hearts, 3 of
//! 10, in the run five-six-seven of hearts"; "…, lays off on the set …" when laying off; "…,
//! raised" after the first Enter), in the order the hand shows; the keyboard highlight (←/→) as
//! the focus the screen reader follows, on a card or a pile ("the stock, 31 cards"; "the discard
//! pile: seven of hearts on top"), or on the list where the choice is when nothing is lit; and
//! live lines: what to do now, in keys ([`prompt`]), the opponent's last turn, each deal (the
//! round, the open games, the hand) and a new sort's order ([`tell_deal_and_sort`]), and what
//! the player asked for with R, M or C ([`say_on_key`]).
//!
//! Decisions:
//! - At the table Bevy owns the tree, not egui: egui's AccessKit update replaces the whole tree
//!   with egui's, and the cards would vanish from it (`../shared/notes/screen-reader.md`). The
//!   menu's pages are egui's tree while they are open (`ui::reader` hands it over).
//! - The nodes live on entities of their own, not on the card sprites: the sprites are the
//!   scene's, moved by animations, while the list follows the hand's order.
//! - Nothing is built until an assistive technology asks for the tree (AccessKit sets
//!   [`AccessibilityRequested`]): a sighted player's table does no work for it, and an idle
//!   table none at all (the systems run on the first frame the tree is asked for, and then
//!   only when the table, the menu or the language changed, as the hud does).
//! - The focus is always a node entity or none: Bevy drops every update of the tree while the
//!   focus names an entity without a node.
//! - A live line is a label whose value is the text, polite: AccessKit's own announcement
//!   pattern, spoken on Windows (the name), macOS (the value) and Linux alike. An empty line has
//!   no value (a value of "" is announced as an empty message). A line asked for by key is a
//!   node of its own each time: all three systems announce a live node when it is added, so the
//!   same words asked twice are said twice.
//! - The prompt speaks keys, never the mouse (the hud's words are for the eye), and lists only
//!   the keys of the moves on offer, from the buttons' own keys and labels (so the KEYS contract
//!   holds: a key said works); sorting, Hint and the menu are always there and on the help
//!   page. Its deadwood and refusals are the hud's, and at a round's end it is the banner, so
//!   the ear and the eye are told the same facts.
//! - The opponent's turn is said once it is whole (drawn and thrown, or knocked), as one
//!   message, and nothing is said in the frame of a move while the turn's phase still lags the
//!   core ([`settled`]): the ear gets one message per event, not a stutter.

use accesskit::{Live, Node, Role};
use bevy::a11y::{AccessibilityNode, AccessibilityRequested};
use bevy::prelude::*;
use bevy_input_focus::{FocusCause, InputFocus};

use super::hud;
use crate::gui::app::modes::MenuScreen;
use crate::gui::app::speech::Speech;
use crate::gui::input::cards::click_command;
use crate::gui::input::keys::{Binding, KEYS, Say};
use crate::gui::input::offer::{ButtonAction, buttons};
use crate::gui::table::command::table_changed;
use crate::gui::table::command::{HandCommand, PlayerCommand, PlayerMove, SeriesCommand};
use crate::gui::table::hand_order::SortMode;
use crate::gui::table::phase::{TableSet, TurnPhase, phase_of, round_key};
use crate::gui::table::playable::live_focus;
use crate::gui::table::view::TableView;
use crate::rules::{Action, Arrangement, Card, Meld, best_arrangement};
use crate::seats::HUMAN;
use crate::words::{self, score, speech};

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
    /// What to do now, with the keys that do it, and the deadwood; at a round's end, the
    /// banner.
    Prompt,
    /// The opponent's last turn (the hud's narration).
    Opponent,
    /// What a key asked for (R, M, C): a node of its own each time, so the same words asked
    /// twice are said twice.
    OnDemand,
}

/// Keeps the hand's list and the live lines for a screen reader.
pub(crate) struct AccessPlugin;

impl Plugin for AccessPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<InputFocus>().add_systems(
            Update,
            (
                (speak_hand, announce, tell_deal_and_sort).run_if(
                    asked_for.and_then(
                        just_asked
                            .or_eager(table_changed)
                            .or_eager(resource_changed::<Speech>)
                            .or_eager(state_changed::<MenuScreen>),
                    ),
                ),
                say_on_key.run_if(asked_for),
            )
                .after(TableSet::Commands),
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
    if !settled(&tv) {
        return;
    }
    let m = tv.m();
    let hand = m.round().hand(HUMAN);
    let (shown, _) = tv.hand.order.order(hand);
    // The highlight as the keys see it (none on a card that left the hand).
    let lit = live_focus(m, tv.phase(), &tv.hand, &shown);
    let arrangement = best_arrangement(hand);
    let fits = lay_off_targets(&tv, &shown);
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
        *node = AccessibilityNode(card_node(&tv, &shown, item.0, &arrangement, &fits, lit, c));
        if lit == Some(c) {
            focused = Some(e);
        }
    }
    for (i, slot) in have.iter().enumerate() {
        if slot.is_none() {
            let c = shown[i];
            let e = commands
                .spawn((
                    HandItem(i),
                    AccessibilityNode(card_node(&tv, &shown, i, &arrangement, &fits, lit, c)),
                    ChildOf(list),
                ))
                .id();
            if lit == Some(c) {
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
        top.is_some() && lit == top
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
        node.add_action(accesskit::Action::Focus);
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
    // With no card highlighted, the focus is on the list where the choice is: the piles when
    // drawing or offered the upcard, the hand otherwise (→ then walks it).
    let focused = focused.or(match tv.phase() {
        TurnPhase::UpcardOffer | TurnPhase::Draw => pile_list,
        _ => Some(list),
    });
    match focused {
        Some(e) if focus.get() != Some(e) => focus.set(e, FocusCause::Navigated),
        None if focus.get().is_some() => focus.clear(),
        _ => {}
    }
}

/// Where each card of `shown` that the player may lay off goes: the knocker's meld that Enter
/// (a click) on it lays it off on, asked of the input's own [`click_command`].
fn lay_off_targets(tv: &TableView, shown: &[Card]) -> Vec<(Card, Meld)> {
    let (m, phase) = (tv.m(), tv.phase());
    let Some(knock) = m.round().knock().filter(|_| phase == TurnPhase::Layoff) else {
        return Vec::new();
    };
    let melds = knock.current_melds();
    shown
        .iter()
        .filter_map(|&c| match click_command(m, None, false, phase, c)? {
            PlayerCommand::Move(PlayerMove::LayOff { card, meld }) => {
                melds.get(meld).map(|&to| (card, to))
            }
            _ => None,
        })
        .collect()
}

/// Keeps the live lines: each one's value is its text with cards by name, set only when it
/// changes (a screen reader says a live line each time its text is set anew).
fn announce(
    mut commands: Commands,
    tv: TableView,
    menu: Res<State<MenuScreen>>,
    mut lines: Query<(&Announcer, &mut AccessibilityNode)>,
) {
    if !settled(&tv) {
        return;
    }
    let (m, phase) = (tv.m(), tv.phase());
    // The opponent's turn is said once it is whole (drawn and thrown), not move by move.
    let their_turn_on = m.round().to_act().is_some_and(|s| s != HUMAN);
    let text = |line| {
        let written = match line {
            // The menu's pages are egui's tree (`ui::reader`), which replaces this one while
            // a page is open; this line is what stays of the table's.
            Announcer::Prompt if *menu.get() != MenuScreen::Closed => {
                tv.speech.t("speak-menu-open", &[])
            }
            Announcer::Prompt => prompt(&tv),
            Announcer::Opponent if their_turn_on => return None,
            Announcer::Opponent => hud::narration(&tv.speech, m, phase),
            Announcer::OnDemand => return None,
        };
        Some(speech::spoken(&tv.speech, &written.replace('\n', " ")))
    };
    let mut have = Vec::new();
    for (&line, mut node) in &mut lines {
        have.push(line);
        // An empty line has no value at all: a value set to "" is announced as an empty
        // message.
        match text(line) {
            Some(now) if now.is_empty() && node.value().is_some() => node.clear_value(),
            Some(now) if !now.is_empty() && node.value() != Some(now.as_str()) => {
                node.set_value(now)
            }
            _ => {}
        }
    }
    // The opponent's line first: a screen reader hears what they did before what to do now.
    for line in [Announcer::Opponent, Announcer::Prompt] {
        if !have.contains(&line) {
            let text = text(line).unwrap_or_default();
            commands.spawn((line, AccessibilityNode(live_line(&tv.speech, line, text))));
        }
    }
}

/// Whether the turn's phase has caught up with the core: it follows the core at the start of
/// the next frame, so in the frame of a move the table would be said with the phase before it
/// ("your turn to draw" again after drawing). Those frames are skipped; the phase's change
/// runs these systems again. (While the cards are dealt, the phase says so on purpose.)
fn settled(tv: &TableView) -> bool {
    tv.phase() == TurnPhase::Dealing || tv.phase() == phase_of(tv.m())
}

/// The live line `line` saying `text`, described by what it is (for a screen reader's review
/// of the window, and the Linux check's player, `.ci/screen-reader`).
fn live_line(sp: &Speech, line: Announcer, text: String) -> Node {
    let mut node = Node::new(Role::Label);
    if !text.is_empty() {
        node.set_value(text);
    }
    node.set_live(Live::Polite);
    node.set_description(sp.t(
        match line {
            Announcer::Prompt => "speak-line-prompt",
            Announcer::Opponent => "speak-line-opponent",
            Announcer::OnDemand => "speak-line-asked",
        },
        &[],
    ));
    node
}

/// What to do now as a screen reader says it: the phase's prompt in keyboard words (what the
/// player just drew first, or the knock they just made), the keys of the moves on offer (the
/// buttons' own keys and labels), the deadwood and the last refusal; at a round's end, the
/// banner in full.
fn prompt(tv: &TableView) -> String {
    let (sp, m, phase) = (&*tv.speech, tv.m(), tv.phase());
    let r = m.round();
    let card = |c: Card| -> String { speech::card(sp, c) };
    let mut parts: Vec<String> = Vec::new();
    let moves = r.seen_moves();
    // The player's last turn: the draw just made while discarding, the knock just made while
    // the computer lays off.
    let mine = words::turns(&moves)
        .into_iter()
        .rev()
        .find(|t| t.first().is_some_and(|mv| mv.seat == HUMAN));
    match phase {
        TurnPhase::Dealing => return sp.t("speak-now-dealing", &[]),
        TurnPhase::UpcardOffer => {
            if let Some(up) = r.discard_top() {
                parts.push(sp.t("speak-now-upcard", &[("card", card(up).into())]));
            }
        }
        TurnPhase::Draw => parts.push(match r.discard_top() {
            Some(top) => sp.t("speak-now-draw", &[("card", card(top).into())]),
            None => sp.t("speak-now-draw-stock", &[]),
        }),
        TurnPhase::Discard => {
            let drawn = mine.and_then(|t| t.last()).and_then(|mv| match mv.action {
                Action::DrawStock => r.last_drawn(),
                Action::TakeDiscard | Action::TakeUpcard => mv.took,
                _ => None,
            });
            if let Some(c) = drawn {
                parts.push(sp.t("speak-drew", &[("card", card(c).into())]));
            }
            parts.push(sp.t(
                if tv.hand.knocking {
                    "speak-now-knock"
                } else {
                    "speak-now-discard"
                },
                &[],
            ));
        }
        TurnPhase::Layoff => {
            if let Some(k) = r.knock() {
                parts.push(speech::theirs(sp, &k.current_melds(), k.deadwood));
            }
            parts.push(sp.t("speak-now-layoff", &[]));
        }
        TurnPhase::OpponentTurn => {
            // The player's knock, said back as the move it was (and kept while the computer
            // lays off, so its layoffs do not make the line say it anew).
            if r.knock().is_some_and(|k| k.knocker == HUMAN)
                && let Some(t) = mine
            {
                parts.push(words::turn(sp, t));
            }
            parts.push(sp.t("speak-now-thinking", &[]));
        }
        TurnPhase::RoundOver => {
            if let (Some(result), Some(entry)) = (r.result(), m.scoreboard().history.last()) {
                // The banner's headline is a title, with no full stop: said in a row, each
                // line ends as a sentence.
                parts.extend(
                    score::banner_in_full(
                        sp,
                        result,
                        entry,
                        m.scoreboard(),
                        tv.series.practising(),
                    )
                    .into_iter()
                    .map(|l| {
                        if l.ends_with(['.', '!', '?', ')']) {
                            l
                        } else {
                            l + "."
                        }
                    }),
                );
            }
            if let Some(k) = r.knock().filter(|k| k.knocker != HUMAN) {
                parts.push(speech::theirs(sp, &k.current_melds(), k.deadwood));
            }
        }
    }
    let keys: Vec<String> = buttons(m, &tv.hand, phase, tv.met(), sp, false)
        .into_iter()
        .filter(|b| b.enabled && !b.key.is_empty() && moves_the_game(b.action))
        .map(|b| format!("{} {}", b.key, b.label))
        .collect();
    if !keys.is_empty() {
        parts.push(sp.t("speak-keys", &[("keys", words::list(sp, keys).into())]));
    }
    if phase != TurnPhase::RoundOver {
        // The hud's own words after its prompt: the deadwood, and the last refusal.
        parts.push(hud::standing(sp, m, &tv.feedback));
    }
    parts.retain(|p| !p.is_empty());
    parts.join(" ")
}

/// Whether a button makes a move or deals on (what the prompt lists), rather than sorting,
/// hinting or opening the menu (always there, and on the help page).
fn moves_the_game(action: ButtonAction) -> bool {
    matches!(
        action,
        ButtonAction::Command(
            PlayerCommand::Move(_)
                | PlayerCommand::Hand(HandCommand::Knock)
                | PlayerCommand::Series(SeriesCommand::NextRound)
        )
    )
}

/// R, M and C: says the opponent's last turns, the player's melds and deadwood, or the
/// scores, on a live node of its own (the one before removed), so asking twice says it twice.
fn say_on_key(
    mut commands: Commands,
    keys: Res<ButtonInput<KeyCode>>,
    tv: TableView,
    said: Query<(Entity, &Announcer)>,
) {
    let Some(say) = KEYS.iter().find_map(|&(k, _, b)| match b {
        Binding::Say(say) if keys.just_pressed(k) => Some(say),
        _ => None,
    }) else {
        return;
    };
    let (sp, m) = (&*tv.speech, tv.m());
    let r = m.round();
    let text = match say {
        Say::Repeat => speech::their_last_turns(sp, &r.seen_moves(), 3)
            .unwrap_or_else(|| sp.t("speak-nothing-yet", &[])),
        Say::Melds => {
            let mut s = speech::mine(sp, &best_arrangement(r.hand(HUMAN)));
            if r.to_act() == Some(HUMAN) {
                let legal = r.legal_actions();
                if legal.iter().any(|a| matches!(a, Action::Gin { .. })) {
                    s.push(' ');
                    s.push_str(&sp.t("speak-may-gin", &[]));
                } else if let Some(dw) = crate::gui::input::offer::knock_deadwood(m)
                    && legal.iter().any(|a| matches!(a, Action::Knock { .. }))
                {
                    s.push(' ');
                    s.push_str(&sp.t("speak-may-knock", &[("deadwood", dw.into())]));
                }
            }
            s
        }
        Say::Scores => score::spoken_scores(sp, m.scoreboard()),
    };
    say_anew(&mut commands, sp, said.iter(), text);
}

/// Says `text` once, on a live node of its own (the one said before this way removed).
fn say_anew<'a>(
    commands: &mut Commands,
    sp: &Speech,
    said: impl Iterator<Item = (Entity, &'a Announcer)>,
    text: String,
) {
    for (e, line) in said {
        if *line == Announcer::OnDemand {
            commands.entity(e).despawn();
        }
    }
    commands.spawn((
        Announcer::OnDemand,
        AccessibilityNode(live_line(sp, Announcer::OnDemand, text)),
    ));
}

/// What the live lines said last of the deal and the hand's order.
#[derive(Default)]
struct Heard {
    /// The round whose deal was said.
    deal: Option<(u64, u64)>,
    /// The hand's sort when last said.
    sort: Option<SortMode>,
}

/// Says each deal once it is dealt (the round, the open games, the hand as it is shown), and
/// the hand's new order when the player sorts it.
fn tell_deal_and_sort(
    mut commands: Commands,
    tv: TableView,
    said: Query<(Entity, &Announcer)>,
    mut heard: Local<Heard>,
) {
    if !settled(&tv) || tv.phase() == TurnPhase::Dealing {
        return;
    }
    let (sp, m) = (&*tv.speech, tv.m());
    let (shown, _) = tv.hand.order.order(m.round().hand(HUMAN));
    let cards = || speech::cards(sp, &shown);
    let mode = tv.hand.order.mode;
    let key = round_key(m);
    let text = if heard.deal != Some(key) {
        heard.deal = Some(key);
        Some(format!(
            "{} {}",
            score::spoken_deal(sp, m.scoreboard()),
            sp.t("speak-your-hand", &[("cards", cards().into())])
        ))
    } else if heard.sort.is_some_and(|s| s != mode) {
        Some(sp.t("speak-sorted", &[("cards", cards().into())]))
    } else {
        None
    };
    heard.sort = Some(mode);
    if let Some(text) = text {
        say_anew(&mut commands, sp, said.iter(), text);
    }
}

/// The node of the `i`th card shown (`fits`: where the cards that may be laid off go).
fn card_node(
    tv: &TableView,
    shown: &[Card],
    i: usize,
    arrangement: &Arrangement,
    fits: &[(Card, Meld)],
    lit: Option<Card>,
    c: Card,
) -> Node {
    let mut node = Node::new(Role::ListBoxOption);
    let lays_off_on = fits.iter().find(|f| f.0 == c).map(|f| f.1);
    if let Some(mut label) = speech::hand_card(&tv.speech, shown, i, arrangement, lays_off_on) {
        // The first Enter raises the card: said on the card (the focus), as the eye sees it rise.
        if tv.hand.selected == Some(c) {
            label.push_str(", ");
            label.push_str(&tv.speech.t("speak-raised", &[]));
        }
        node.set_label(label);
    }
    node.set_position_in_set(i + 1);
    node.set_size_of_set(shown.len());
    node.set_selected(lit == Some(c));
    node.add_action(accesskit::Action::Focus);
    node
}
