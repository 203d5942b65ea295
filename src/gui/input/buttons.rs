//! The on-table buttons as entities: one [`TableButton`] for each button [`super::offer`]
//! lists, and a press on one, or its key, becoming its command; `scene::buttons` gives them
//! their look.
//!
//! Decisions:
//! - The list is built once per change of what it depends on, at the end of the frame that
//!   changed it (`lay_out_buttons`, from the phase the core gives, which the next frame's
//!   state will be), and the next frame's press is tested against exactly what is drawn.
//! - Each widget is one entity, kept while its action stays on offer and updated in place, so
//!   the look follows change detection and a press finds the button under it by querying.
//! - A key does what its button does, only while the button is shown and enabled: the keys
//!   and their letters come from one table ([`super::keys::KEYS`]).

use bevy::prelude::*;

use super::keys::{Binding, KEYS};
use super::offer::{Button, ButtonAction, available, buttons};
use super::pointer::{DOUBLE_CLICK, DOUBLE_CLICK_REACH, Gesture, Gestures};
use crate::gui::app::modes::{MenuScreen, playing};
use crate::gui::app::screen::WindowMetrics;
use crate::gui::app::speech::Speech;
use crate::gui::table::arrange::TableLayout;
use crate::gui::table::command::{HandCommand, HandView, PlayerCommand, SeriesCommand};
use crate::gui::table::hand_order::SortMode;
use crate::gui::table::phase::{DealtRound, TableSet, TurnPhase};
use crate::gui::table::playable::live_focus;
use crate::gui::table::series::Series;
use crate::gui::table::view::TableView;

/// A button on the table: one entity per button shown, its look added by `scene::buttons`.
#[derive(Component, Clone, Debug, PartialEq)]
pub struct TableButton(pub Button);

/// Where the buttons are laid out for the frame (after the table shows it): their look
/// follows.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct ButtonsLaidOut;

/// The button under the pointer, and whether the mouse is held down on it.
#[derive(Resource, Default, Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct ButtonHover {
    pub over: Option<Entity>,
    pub pressed: bool,
}

/// Keeps one [`TableButton`] entity per button of [`buttons`]: a button whose action stays on
/// offer keeps its entity (changed only if it changed), the others come and go.
fn lay_out_buttons(
    mut commands: Commands,
    view: TableView,
    dealing: Res<DealtRound>,
    menu: Res<State<MenuScreen>>,
    mut shown: Query<(Entity, &mut TableButton)>,
) {
    // The phase the table will be in at the start of the next frame.
    let phase = dealing.phase(view.m());
    let menu_open = *menu.get() != MenuScreen::Closed;
    let mut list = buttons(
        view.m(),
        &view.hand,
        phase,
        view.met(),
        &view.speech,
        menu_open,
    );
    // Next round pressed in a series with a friend who has not asked yet: it stays held down
    // (the status line says whom the deal waits for). It cannot be taken back: the friend's
    // game has been told.
    if view.series.friend().is_some_and(|f| f.asked) {
        let next = PlayerCommand::Series(SeriesCommand::NextRound);
        for b in list.iter_mut().filter(|b| b.cmd() == Some(next)) {
            b.enabled = false;
            b.on = true;
        }
    }
    for (entity, mut button) in &mut shown {
        match list.iter().position(|b| b.action == button.0.action) {
            Some(i) => {
                button.set_if_neq(TableButton(list.remove(i)));
            }
            None => commands.entity(entity).despawn(),
        }
    }
    for b in list {
        commands.spawn(TableButton(b));
    }
}

/// What the buttons depend on changed since they were laid out.
fn buttons_stale(
    series: Res<Series>,
    hand: Res<HandView>,
    dealing: Res<DealtRound>,
    screen: Res<WindowMetrics>,
    speech: Res<Speech>,
    menu: Res<State<MenuScreen>>,
) -> bool {
    series.is_changed()
        || hand.is_changed()
        || dealing.is_changed()
        || screen.is_changed()
        || speech.is_changed()
        || menu.is_changed()
}

/// Where the pointer is among the buttons, and a click on one becomes its command (a greyed
/// button answers nothing).
///
/// Decision: the second press of a double click, where the first pressed a button that another
/// has replaced since (Next round, and the new deal's Pass in its place), presses nothing: a
/// double click on a button is one press of it.
fn press_buttons(
    buttons: Query<(Entity, &TableButton)>,
    screen: Res<WindowMetrics>,
    gestures: Res<Gestures>,
    mut hover: ResMut<ButtonHover>,
    mut out: MessageWriter<PlayerCommand>,
    mut menu: ResMut<NextState<MenuScreen>>,
    mut last: Local<Option<(std::time::Instant, Vec2, ButtonAction)>>,
) {
    let button_at = |p: Vec2| {
        let w = screen.to_table(p);
        buttons.iter().find(|(_, b)| b.0.enabled && b.0.contains(w))
    };
    // A press acts where it was made, even if the pointer moved on in the same frame.
    for g in gestures.table() {
        if let Gesture::Press(p) = g
            && let Some((_, b)) = button_at(p)
        {
            let now = std::time::Instant::now();
            let second = last.is_some_and(|(t, at, action)| {
                now.duration_since(t) < DOUBLE_CLICK
                    && at.distance(p) <= DOUBLE_CLICK_REACH
                    && action != b.0.action
            });
            if second {
                continue;
            }
            *last = Some((now, p, b.0.action));
            match b.0.action {
                ButtonAction::Command(c) => {
                    out.write(c);
                }
                ButtonAction::Menu => menu.set(MenuScreen::Main),
            }
        }
    }
    let over = gestures.table_at().and_then(button_at).map(|(e, _)| e);
    hover.set_if_neq(ButtonHover {
        over,
        pressed: over.is_some() && gestures.held,
    });
}

/// The keys of [`KEYS`] press their buttons; Space (and Enter, when no card is highlighted)
/// the first one on offer.
fn press_keys(
    series: Res<Series>,
    hand: Res<HandView>,
    table: Res<TableLayout>,
    phase: Res<State<TurnPhase>>,
    keys: Res<ButtonInput<KeyCode>>,
    buttons: Query<&TableButton>,
    mut out: MessageWriter<PlayerCommand>,
) {
    // The legal actions are asked for only when a key was pressed.
    if keys.get_just_pressed().next().is_none() {
        return;
    }
    let (m, phase) = (&series.current, *phase.get());
    // Enter acts on the keyboard's highlighted card when there is one (see `mouse`).
    let enter = keys.just_pressed(KeyCode::Enter)
        && live_focus(m, phase, &hand, &table.layout.hand).is_none();
    if let Some(&first) = available(m, phase).first()
        && (keys.just_pressed(KeyCode::Space) || enter)
    {
        out.write(first);
        return;
    }
    let shown: Vec<&Button> = buttons.iter().map(|b| &b.0).collect();
    for (key, _, _) in KEYS {
        if keys.just_pressed(key)
            && let Some(cmd) = key_command(key, &shown, hand.order.mode)
        {
            out.write(cmd);
            return;
        }
    }
}

/// What `key` asks for with `shown` on the table and the hand sorted by `mode`: the command
/// of the enabled button its binding presses (S the sort after `mode`); nothing if no such
/// button is shown. (Esc is the menu's own, see `ui::menu`: it first cancels a choice.)
pub(crate) fn key_command(
    key: KeyCode,
    shown: &[&Button],
    mode: SortMode,
) -> Option<PlayerCommand> {
    let cmd = match KEYS.iter().find(|(k, _, _)| *k == key)?.2 {
        Binding::Command(c) => c,
        Binding::NextSort => PlayerCommand::Hand(HandCommand::Sort(mode.next())),
        Binding::Menu | Binding::Say(_) => return None,
    };
    shown
        .iter()
        .any(|b| b.enabled && b.action == ButtonAction::Command(cmd))
        .then_some(cmd)
}

/// The on-table buttons and their keys.
pub(crate) struct ButtonsPlugin;

impl Plugin for ButtonsPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<ButtonHover>()
            .add_systems(
                Update,
                (press_keys, press_buttons)
                    .in_set(TableSet::Input)
                    .run_if(playing),
            )
            .add_systems(
                Update,
                lay_out_buttons
                    .run_if(buttons_stale)
                    .in_set(ButtonsLaidOut)
                    .after(TableSet::Show)
                    .before(TableSet::Phase),
            );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gui::app::screen::Metrics;
    use crate::gui::table::phase::phase_of;
    use crate::rules::{Match, RuleSettings};

    /// Every key shown on a button does what the button does, in every position a series
    /// reaches (both seats played by Medium, knocking chosen and not), and a key whose button
    /// is not shown or is greyed does nothing.
    #[test]
    fn every_key_shown_on_a_button_does_what_the_button_does() {
        let met = Metrics::new(Vec2::new(1280.0, 800.0));
        let sp = Speech::default();
        let mut seen = std::collections::BTreeSet::new();
        let engine = crate::ai::Level::Medium.bot(1);
        for seed in 0..3 {
            let mut m = Match::new(RuleSettings::default(), seed);
            for _ in 0..400 {
                for knocking in [false, true] {
                    let hand = HandView {
                        knocking,
                        ..HandView::default()
                    };
                    let list = buttons(&m, &hand, phase_of(&m), met, &sp, false);
                    let shown: Vec<&Button> = list.iter().collect();
                    for (key, letter, binding) in KEYS {
                        let on = list.iter().find(|b| b.key == letter && b.enabled);
                        let got = key_command(key, &shown, hand.order.mode);
                        match (on, binding) {
                            (Some(b), Binding::Command(_) | Binding::NextSort) => {
                                assert_eq!(got, b.cmd(), "{letter} on {}", b.label);
                                seen.insert(letter);
                            }
                            (Some(b), Binding::Say(_)) => {
                                panic!("{letter} is shown on {}: no button says", b.label)
                            }
                            (Some(b), Binding::Menu) => {
                                assert_eq!(b.action, ButtonAction::Menu);
                                seen.insert(letter);
                            }
                            (None, Binding::Command(c)) => assert!(
                                got.is_none(),
                                "{letter} works with no button shown for {c:?}"
                            ),
                            (None, _) => {}
                        }
                    }
                }
                let r = m.round();
                match r.to_act() {
                    Some(seat) => {
                        let view = crate::ai::View::of(r, seat, Some(m.scoreboard()));
                        m.apply(seat, engine.decide(&view)).unwrap();
                    }
                    None if m.scoreboard().is_over() => break,
                    None => m.next_round().unwrap(),
                }
            }
        }
        for letter in ["T", "P", "K", "L", "D", "N", "H", "S", "Esc"] {
            assert!(seen.contains(letter), "{letter} never shown: {seen:?}");
        }
    }
}
