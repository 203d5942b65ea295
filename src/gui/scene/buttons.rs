//! On-screen buttons for the choices that are not a card (take/pass the upcard, knock, gin, lay
//! off all, done, next round) and for sorting the hand, with keyboard shortcuts for the same.
//!
//! Which action buttons show is asked of the rules core (its legal actions), never worked out
//! here. A pressed button or key becomes a [`PlayerCommand`] message; the table applies it.
//! Buttons are rounded sprites with a label and their key, sized by the window (see
//! [`Metrics::ui_scale`]), so they stay readable from 1024×640 to 4K.
//!
//! Decisions:
//! - One style for every button (the palette's ivory face, dark text, rounded corners),
//!   lighter under the pointer and darker while pressed; the accent gold marks the choice in
//!   force (the sort in use, a knock being chosen) and Gin, the best thing that can happen.
//! - While discarding, Knock is always there: lit with the deadwood the player would knock
//!   with ("Knock (7)"), or greyed with the least deadwood any discard leaves, so the player
//!   sees how far from a knock the hand is. A greyed button does nothing.
//! - Each button shows its key, small at its right edge, so the keys are learned by playing.

use bevy::prelude::*;

use super::felt::Skin;
use super::look::{
    self, BUTTON, BUTTON_HOVER, BUTTON_OFF, BUTTON_OFF_TEXT, BUTTON_PRESSED, BUTTON_TEXT, GOLD,
};
use crate::gui::app::modes::playing;
use crate::gui::app::screen::Metrics;
use crate::gui::app::screen::Screen;
use crate::gui::app::speech::Speech;
use crate::gui::input::mouse::{live_focus, next_sort};
use crate::gui::input::pointer::{Gesture, Gestures};
use crate::gui::table::command::table_changed;
use crate::gui::table::command::{HandCommand, HandView, Move, PlayerCommand, SeriesCommand};
use crate::gui::table::layout::{Fits, SortMode, TableLayout};
use crate::gui::table::phase::{TableSet, TurnPhase};
use crate::gui::table::series::Series;
use crate::rules::{Action, Match, best_arrangement};
use crate::seats::HUMAN;

/// One button on screen.
#[derive(Clone, Debug, PartialEq)]
pub struct Button {
    pub cmd: PlayerCommand,
    pub label: String,
    /// The key that does the same, shown at the button's right edge.
    pub key: &'static str,
    pub pos: Vec2,
    pub size: Vec2,
    /// Drawn as the current choice (the active sort, or knocking in progress), or as the
    /// best move (Gin).
    pub on: bool,
    /// Whether pressing it does anything now (Knock is shown greyed when no knock is legal).
    pub enabled: bool,
}

impl Button {
    fn contains(&self, p: Vec2) -> bool {
        let d = (p - self.pos).abs();
        d.x <= self.size.x / 2.0 && d.y <= self.size.y / 2.0
    }
}

/// The action commands the player may use now; the first is the primary one (Space/Enter).
pub fn available(m: &Match, phase: TurnPhase) -> Vec<PlayerCommand> {
    let r = m.round();
    let legal = if r.to_act() == Some(HUMAN) {
        r.legal_actions()
    } else {
        Vec::new()
    };
    let any = |f: fn(&Action) -> bool| legal.iter().any(f);
    match phase {
        TurnPhase::UpcardOffer => vec![
            PlayerCommand::Move(Move::Pass),
            PlayerCommand::Move(Move::TakeUpcard),
        ],
        TurnPhase::Discard => {
            let mut v = Vec::new();
            if any(|a| matches!(a, Action::Gin { .. })) {
                v.push(PlayerCommand::Move(Move::Gin));
            }
            if any(|a| matches!(a, Action::Knock { .. })) {
                v.push(PlayerCommand::Hand(HandCommand::Knock));
            }
            v
        }
        TurnPhase::Layoff => {
            let mut v = vec![PlayerCommand::Move(Move::Done)];
            if any(|a| matches!(a, Action::LayOff { .. })) {
                v.push(PlayerCommand::Move(Move::LayOffAll));
            }
            v
        }
        TurnPhase::RoundOver => vec![PlayerCommand::Series(SeriesCommand::NextRound)],
        _ => Vec::new(),
    }
}

/// The deadwood the player would knock with: the least among the core's legal knocks, or
/// (with no knock legal) the least any legal discard leaves. `None` outside a discard.
pub fn knock_deadwood(m: &Match) -> Option<u32> {
    let r = m.round();
    if r.to_act() != Some(HUMAN) {
        return None;
    }
    let hand = r.hand(HUMAN);
    let legal = r.legal_actions();
    let knocks = legal.iter().filter_map(|a| match a {
        Action::Knock { discard, melds } => {
            let melded = melds
                .iter()
                .fold(crate::rules::CardSet::default(), |s, m| s.union(m.cards()));
            Some(hand.without(*discard).difference(melded).points())
        }
        Action::Gin { .. } => Some(0),
        _ => None,
    });
    knocks.min().or_else(|| {
        legal
            .iter()
            .filter_map(|a| match a {
                Action::Discard(c) => Some(best_arrangement(hand.without(*c)).deadwood_points()),
                _ => None,
            })
            .min()
    })
}

/// Where sort button `i` (0 Melds, 1 Rank, 2 Suit, top to bottom) goes, and its size: a
/// column at the right edge just above the player's hand.
fn sort_button(met: Metrics, i: usize) -> (Vec2, Vec2) {
    let s = met.ui_scale();
    // Wide enough for the longest name in any language ("Combinaties", "Kombinasi").
    let size = Vec2::new(112.0, 34.0) * s;
    let pos = Vec2::new(
        met.size.x / 2.0 - 16.0 * s - size.x / 2.0,
        met.hand_y() + met.card.y * 0.5 + 24.0 * s + (2 - i) as f32 * (size.y + 8.0 * s),
    );
    (pos, size)
}

/// The top edge (table y) of the sort buttons' column, for what must stay above it.
pub fn sort_column_top(met: Metrics) -> f32 {
    let (pos, size) = sort_button(met, 0);
    pos.y + size.y / 2.0
}

/// Every button to show now, with its place on a table of metrics `met`.
pub fn buttons(
    m: &Match,
    hand: &HandView,
    phase: TurnPhase,
    met: Metrics,
    sp: &Speech,
) -> Vec<Button> {
    let s = met.ui_scale();
    let mut out = Vec::new();
    let size = Vec2::new(170.0, 44.0) * s;
    let mut cmds: Vec<(PlayerCommand, bool)> =
        available(m, phase).into_iter().map(|c| (c, true)).collect();
    let knock_dw = if phase == TurnPhase::Discard {
        knock_deadwood(m)
    } else {
        None
    };
    if phase == TurnPhase::Discard
        && !cmds
            .iter()
            .any(|c| c.0 == PlayerCommand::Hand(HandCommand::Knock))
    {
        cmds.push((PlayerCommand::Hand(HandCommand::Knock), false));
    }
    for (i, (cmd, enabled)) in cmds.into_iter().enumerate() {
        let (label, key) = match cmd {
            PlayerCommand::Move(Move::TakeUpcard) => (sp.t("button-take", &[]), "T"),
            PlayerCommand::Move(Move::Pass) => (sp.t("button-pass", &[]), "P"),
            PlayerCommand::Hand(HandCommand::Knock) if hand.knocking => {
                (sp.t("button-cancel-knock", &[]), "K")
            }
            PlayerCommand::Hand(HandCommand::Knock) => match knock_dw {
                Some(d) => (sp.t("button-knock", &[("deadwood", d.into())]), "K"),
                None => (sp.t("button-knock-plain", &[]), "K"),
            },
            PlayerCommand::Move(Move::Gin) => (sp.t("button-gin", &[]), "G"),
            PlayerCommand::Move(Move::LayOffAll) => (sp.t("button-lay-off-all", &[]), "L"),
            PlayerCommand::Move(Move::Done) => (sp.t("button-done", &[]), "D"),
            PlayerCommand::Series(SeriesCommand::NextRound) if m.scoreboard().is_over() => {
                (sp.t("button-new-series", &[]), "N")
            }
            PlayerCommand::Series(SeriesCommand::NextRound) => {
                (sp.t("button-next-round", &[]), "N")
            }
            _ => (String::new(), ""),
        };
        let pos = met.discard()
            + Vec2::new(
                met.card.x * 0.6 + 30.0 * s + size.x / 2.0,
                met.card.y * 0.3 - i as f32 * (size.y + 12.0 * s),
            );
        out.push(Button {
            cmd,
            label,
            key,
            pos,
            size,
            on: (cmd == PlayerCommand::Hand(HandCommand::Knock) && hand.knocking)
                || cmd == PlayerCommand::Move(Move::Gin),
            enabled,
        });
    }
    // Sorting, while the player holds a hand of their own to arrange.
    let r = m.round();
    if !matches!(phase, TurnPhase::Dealing | TurnPhase::RoundOver) && r.knock().is_none() {
        for (i, (mode, label)) in [
            (SortMode::Melds, "sort-melds"),
            (SortMode::Rank, "sort-rank"),
            (SortMode::Suit, "sort-suit"),
        ]
        .into_iter()
        .enumerate()
        {
            let (pos, size) = sort_button(met, i);
            out.push(Button {
                cmd: PlayerCommand::Hand(HandCommand::Sort(mode)),
                label: sp.t(label, &[]),
                // S cycles the sorts: its hint sits on the sort it would pick.
                key: if next_sort(hand.order.mode) == mode {
                    "S"
                } else {
                    ""
                },
                pos,
                size,
                on: hand.order.mode == mode,
                enabled: true,
            });
        }
    }
    out
}

#[derive(Component)]
struct ButtonSlot(usize);

#[derive(Component)]
struct ButtonLabel(usize);

#[derive(Component)]
struct ButtonKey(usize);

/// The button under the pointer, and whether the mouse is held down on it.
#[derive(Resource, Default, Clone, Copy, PartialEq, Eq, Debug)]
pub struct ButtonHover {
    pub index: Option<usize>,
    pub pressed: bool,
}

const SLOTS: usize = 6;

/// The face and text colours of a button in its state.
pub fn button_colors(b: &Button, hovered: bool, pressed: bool) -> (look::Rgb, look::Rgb) {
    if !b.enabled {
        return (BUTTON_OFF, BUTTON_OFF_TEXT);
    }
    let face = match (b.on, hovered, pressed) {
        (_, true, true) => BUTTON_PRESSED,
        (true, true, false) => look::shade(GOLD, 1.06),
        (true, false, _) => GOLD,
        (false, true, false) => BUTTON_HOVER,
        (false, false, _) => BUTTON,
    };
    (face, BUTTON_TEXT)
}

fn setup(mut commands: Commands, skin: Res<Skin>) {
    for i in 0..SLOTS {
        commands.spawn((
            ButtonSlot(i),
            skin.rounded(look::color(BUTTON)),
            Transform::from_xyz(0.0, 0.0, 60.0),
            Visibility::Hidden,
        ));
        commands.spawn((
            ButtonLabel(i),
            Fits(Rect::default()),
            Text2d::new(""),
            TextFont::default(),
            TextColor(look::color(BUTTON_TEXT)),
            Transform::from_xyz(0.0, 0.0, 61.0),
            Visibility::Hidden,
        ));
        commands.spawn((
            ButtonKey(i),
            Fits(Rect::default()),
            Text2d::new(""),
            TextFont::default(),
            TextColor(look::color(look::BUTTON_KEY)),
            bevy::sprite::Anchor::CENTER_RIGHT,
            Transform::from_xyz(0.0, 0.0, 61.0),
            Visibility::Hidden,
        ));
    }
}

type SlotItem = (
    &'static ButtonSlot,
    &'static mut Sprite,
    &'static mut Transform,
    &'static mut Visibility,
);
type LabelItem = (
    &'static ButtonLabel,
    &'static mut Fits,
    &'static mut Text2d,
    &'static mut TextFont,
    &'static mut TextColor,
    &'static mut Transform,
    &'static mut Visibility,
);
type KeyItem = (
    &'static ButtonKey,
    &'static mut Fits,
    &'static mut Text2d,
    &'static mut TextFont,
    &'static mut Transform,
    &'static mut Visibility,
);

/// Where the pointer is among the buttons, and a click on one becomes its command (a greyed
/// button answers nothing).
#[allow(clippy::too_many_arguments)]
fn pointer_on_buttons(
    series: Res<Series>,
    hand: Res<HandView>,
    phase: Res<State<TurnPhase>>,
    screen: Res<Screen>,
    gestures: Res<Gestures>,
    speech: Res<Speech>,
    mut hover: ResMut<ButtonHover>,
    mut out: MessageWriter<PlayerCommand>,
) {
    let list = buttons(
        &series.current,
        &hand,
        *phase.get(),
        screen.metrics,
        &speech,
    );
    let button_at = |p: Vec2| {
        let w = screen.to_table(p);
        list.iter().position(|b| b.enabled && b.contains(w))
    };
    // A press acts where it was made, even if the pointer moved on in the same frame.
    for g in gestures.table() {
        if let Gesture::Press(p) = g
            && let Some(i) = button_at(p)
        {
            out.write(list[i].cmd);
        }
    }
    let index = gestures.table_at().and_then(button_at);
    hover.set_if_neq(ButtonHover {
        index,
        pressed: index.is_some() && gestures.held,
    });
}

#[allow(clippy::too_many_arguments)]
fn show_buttons(
    series: Res<Series>,
    hand: Res<HandView>,
    phase: Res<State<TurnPhase>>,
    screen: Res<Screen>,
    hover: Res<ButtonHover>,
    speech: Res<Speech>,
    mut slots: Query<SlotItem, (Without<ButtonLabel>, Without<ButtonKey>)>,
    mut labels: Query<LabelItem, (Without<ButtonSlot>, Without<ButtonKey>)>,
    mut keys: Query<KeyItem, (Without<ButtonSlot>, Without<ButtonLabel>)>,
) {
    let list = buttons(
        &series.current,
        &hand,
        *phase.get(),
        screen.metrics,
        &speech,
    );
    let vis = |i: usize| {
        if i < list.len() {
            Visibility::Visible
        } else {
            Visibility::Hidden
        }
    };
    let colors = |i: usize, b: &Button| {
        let hovered = hover.index == Some(i);
        button_colors(b, hovered, hovered && hover.pressed)
    };
    for (s, mut sprite, mut tf, mut v) in &mut slots {
        v.set_if_neq(vis(s.0));
        let Some(b) = list.get(s.0) else { continue };
        let color = look::color(colors(s.0, b).0);
        if sprite.color != color {
            sprite.color = color;
        }
        if sprite.custom_size != Some(b.size) {
            sprite.custom_size = Some(b.size);
        }
        // Pressed, the button sinks a little.
        let sink = if hover.index == Some(s.0) && hover.pressed {
            b.size.y * 0.04
        } else {
            0.0
        };
        let p = (b.pos - Vec2::Y * sink).extend(60.0);
        if tf.translation != p {
            tf.translation = p;
        }
    }
    for (l, mut fits, mut text, mut font, mut color, mut tf, mut v) in &mut labels {
        v.set_if_neq(vis(l.0));
        let Some(b) = list.get(l.0) else { continue };
        // Its room: the button, left of the key hint when there is one.
        let mut room = Rect::from_center_size(b.pos, b.size);
        if !b.key.is_empty() {
            room.max.x = b.pos.x + b.size.x / 2.0 - b.size.y * 0.45;
        }
        fits.set_if_neq(Fits(room));
        if text.0 != b.label {
            text.0 = b.label.clone();
        }
        let px = FontSize::Px(label_px(b.size, &b.label, !b.key.is_empty()));
        if font.font_size != px {
            font.font_size = px;
        }
        let c = TextColor(look::color(colors(l.0, b).1));
        if *color != c {
            *color = c;
        }
        // The label sits left of centre when a key hint shares the button.
        let shift = if b.key.is_empty() {
            0.0
        } else {
            -b.size.y * 0.2
        };
        let p = (b.pos + Vec2::X * shift).extend(61.0);
        if tf.translation != p {
            tf.translation = p;
        }
    }
    for (k, mut fits, mut text, mut font, mut tf, mut v) in &mut keys {
        let Some(b) = list.get(k.0) else {
            v.set_if_neq(Visibility::Hidden);
            continue;
        };
        fits.set_if_neq(Fits(Rect::from_center_size(b.pos, b.size)));
        v.set_if_neq(if b.key.is_empty() || !b.enabled {
            Visibility::Hidden
        } else {
            Visibility::Visible
        });
        if text.0 != b.key {
            text.0 = b.key.to_string();
        }
        let px = FontSize::Px(b.size.y * 0.34);
        if font.font_size != px {
            font.font_size = px;
        }
        let p = (b.pos + Vec2::X * (b.size.x / 2.0 - b.size.y * 0.28)).extend(61.0);
        if tf.translation != p {
            tf.translation = p;
        }
    }
}

/// A label's font size: its usual size, smaller when the words are long for the button
/// ("Ronde berikutnya" beside its key), so no language runs into the key hint or the edge.
/// DejaVu Sans averages about 0.58 em a character.
pub fn label_px(size: Vec2, label: &str, keyed: bool) -> f32 {
    let h = size.y;
    // The label is centred 0.2 h left of the middle when a key hint sits at the right.
    let room = if keyed {
        // Half-widths: to the left edge, and to the key hint's left side.
        let left = size.x / 2.0 - 0.2 * h - 0.15 * h;
        let right = size.x / 2.0 - 0.28 * h - 0.2 * h + 0.2 * h - 0.1 * h;
        2.0 * left.min(right)
    } else {
        size.x - 0.3 * h
    };
    look::fit_font(0.42 * h, room, label, 0.58)
}

/// The keyboard shortcuts become commands.
fn press_keys(
    series: Res<Series>,
    hand: Res<HandView>,
    table: Res<TableLayout>,
    phase: Res<State<TurnPhase>>,
    keys: Res<ButtonInput<KeyCode>>,
    mut out: MessageWriter<PlayerCommand>,
) {
    // The legal actions are asked for only when a key was pressed.
    if keys.get_just_pressed().next().is_none() {
        return;
    }
    let (m, phase) = (&series.current, *phase.get());
    let cmds = available(m, phase);
    // Enter acts on the keyboard's highlighted card when there is one (see `input`).
    let enter = keys.just_pressed(KeyCode::Enter)
        && live_focus(m, phase, &hand, &table.layout.hand).is_none();
    if let Some(&first) = cmds.first()
        && (keys.just_pressed(KeyCode::Space) || enter)
    {
        out.write(first);
        return;
    }
    for (key, cmd) in [
        (KeyCode::KeyT, PlayerCommand::Move(Move::TakeUpcard)),
        (KeyCode::KeyP, PlayerCommand::Move(Move::Pass)),
        (KeyCode::KeyK, PlayerCommand::Hand(HandCommand::Knock)),
        (KeyCode::KeyG, PlayerCommand::Move(Move::Gin)),
        (KeyCode::KeyL, PlayerCommand::Move(Move::LayOffAll)),
        (KeyCode::KeyD, PlayerCommand::Move(Move::Done)),
        (
            KeyCode::KeyN,
            PlayerCommand::Series(SeriesCommand::NextRound),
        ),
    ] {
        if keys.just_pressed(key) && cmds.contains(&cmd) {
            out.write(cmd);
            return;
        }
    }
}

/// Buttons and keyboard commands.
pub struct ButtonsPlugin;

impl Plugin for ButtonsPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<ButtonHover>()
            .add_systems(Startup, setup)
            .add_systems(
                Update,
                (press_keys, pointer_on_buttons)
                    .in_set(TableSet::Input)
                    .run_if(playing),
            )
            .add_systems(
                Update,
                show_buttons
                    .run_if(
                        table_changed
                            .or_eager(resource_changed::<ButtonHover>)
                            .or_eager(resource_changed::<Speech>),
                    )
                    .in_set(TableSet::Show),
            );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_labels_shrink_to_fit_beside_the_key() {
        let size = Vec2::new(170.0, 44.0);
        assert_eq!(label_px(size, "Take", true), 0.42 * 44.0);
        let long = label_px(size, "Ronde berikutnya", true);
        assert!(long < 0.42 * 44.0);
        // Its estimated width stays left of the key hint.
        let width = 16.0 * 0.58 * long;
        let centre = -0.2 * 44.0;
        assert!(centre + width / 2.0 <= size.x / 2.0 - 0.28 * 44.0 - 0.1 * 44.0 + 0.01);
        assert!(centre - width / 2.0 >= -size.x / 2.0);
    }
    use crate::rules::RuleSettings;

    #[test]
    fn buttons_come_from_the_cores_legal_actions() {
        // Give the human the first word on the upcard.
        let mut seed = 8;
        let mut m = Match::new(RuleSettings::default(), seed);
        while m.round().to_act() != Some(HUMAN) {
            seed += 1;
            m = Match::new(RuleSettings::default(), seed);
        }
        assert_eq!(
            available(&m, TurnPhase::UpcardOffer),
            vec![
                PlayerCommand::Move(Move::Pass),
                PlayerCommand::Move(Move::TakeUpcard)
            ]
        );
        assert!(available(&m, TurnPhase::ComputerTurn).is_empty());
        assert_eq!(
            available(&m, TurnPhase::RoundOver),
            vec![PlayerCommand::Series(SeriesCommand::NextRound)]
        );
        // In the discard phase Knock shows exactly when the core lists a knock.
        m.apply(HUMAN, Action::TakeUpcard).unwrap();
        let legal = m.round().legal_actions();
        let can_knock = legal.iter().any(|a| matches!(a, Action::Knock { .. }));
        assert_eq!(
            available(&m, TurnPhase::Discard).contains(&PlayerCommand::Hand(HandCommand::Knock)),
            can_knock
        );
    }

    #[test]
    fn knock_shows_its_deadwood_lit_or_greyed_and_states_colour_the_face() {
        let met = Metrics::new(Vec2::new(1280.0, 800.0));
        let (mut lit, mut greyed) = (0, 0);
        for seed in 0..400 {
            let mut m = Match::new(RuleSettings::default(), seed);
            if m.round().to_act() != Some(HUMAN) {
                continue;
            }
            m.apply(HUMAN, Action::TakeUpcard).unwrap();
            let list = buttons(
                &m,
                &HandView::default(),
                TurnPhase::Discard,
                met,
                &Speech::default(),
            );
            let knock = list
                .iter()
                .find(|b| b.cmd == PlayerCommand::Hand(HandCommand::Knock))
                .expect("Knock always shows while discarding");
            let d = knock_deadwood(&m).unwrap();
            assert_eq!(knock.label, format!("Knock ({d})"));
            let legal = m
                .round()
                .legal_actions()
                .iter()
                .any(|a| matches!(a, Action::Knock { .. }));
            assert_eq!(knock.enabled, legal, "seed {seed}");
            assert_eq!(
                legal,
                d <= 10,
                "seed {seed}: knock legal iff deadwood {d} <= 10"
            );
            if legal {
                lit += 1;
            } else {
                greyed += 1;
                assert_eq!(button_colors(knock, true, true).0, BUTTON_OFF);
            }
            if lit > 0 && greyed > 3 {
                break;
            }
        }
        assert!(lit > 0 && greyed > 0, "lit {lit}, greyed {greyed}");
        // States: plain, under the pointer, pressed; the choice in force in gold.
        let m = Match::new(RuleSettings::default(), 8);
        let b = &buttons(
            &m,
            &HandView::default(),
            TurnPhase::UpcardOffer,
            met,
            &Speech::default(),
        )[0];
        assert_eq!(button_colors(b, false, false).0, BUTTON);
        assert_eq!(button_colors(b, true, false).0, BUTTON_HOVER);
        assert_eq!(button_colors(b, true, true).0, BUTTON_PRESSED);
        let on = Button {
            on: true,
            ..b.clone()
        };
        assert_eq!(button_colors(&on, false, false).0, GOLD);
    }

    #[test]
    fn buttons_fit_the_window_and_never_overlap() {
        let m = Match::new(RuleSettings::default(), 8);
        for size in [
            Vec2::new(1024.0, 640.0),
            Vec2::new(1280.0, 800.0),
            Vec2::new(3840.0, 2160.0),
        ] {
            let met = Metrics::new(size);
            let list = buttons(
                &m,
                &HandView::default(),
                TurnPhase::UpcardOffer,
                met,
                &Speech::default(),
            );
            assert_eq!(list.len(), 5, "Pass, Take and three sorts");
            for (i, a) in list.iter().enumerate() {
                let r = Rect::from_center_size(a.pos, a.size);
                assert!(
                    r.min.x >= -size.x / 2.0 && r.max.x <= size.x / 2.0,
                    "{} off screen at {size}",
                    a.label
                );
                for b in &list[i + 1..] {
                    let q = Rect::from_center_size(b.pos, b.size);
                    assert!(r.intersect(q).is_empty(), "{} over {}", a.label, b.label);
                }
                // Not over the piles or the hands.
                let pile = Rect::from_center_size(met.discard(), met.card)
                    .union(Rect::from_center_size(met.stock(), met.card));
                assert!(r.intersect(pile).is_empty(), "{} over the piles", a.label);
                assert!(
                    r.min.y > met.hand_y() + met.card.y / 2.0,
                    "{} over the hand",
                    a.label
                );
            }
            // Every action button shows its key; S sits on the sort it would choose next.
            for b in &list {
                if !matches!(b.cmd, PlayerCommand::Hand(HandCommand::Sort(_))) {
                    assert!(!b.key.is_empty(), "{} has no key hint", b.label);
                }
            }
            let s_on: Vec<&str> = list
                .iter()
                .filter(|b| b.key == "S")
                .map(|b| b.label.as_str())
                .collect();
            assert_eq!(s_on, vec!["Rank"]);
            // The active sort is drawn as chosen.
            assert!(
                list.iter().any(|b| b.cmd
                    == PlayerCommand::Hand(HandCommand::Sort(SortMode::Melds))
                    && b.on)
            );
        }
    }
}
