//! On-screen buttons for the choices that are not a card (take/pass the upcard, knock, gin, lay
//! off all, done, next round) and for sorting the hand, with keyboard shortcuts for the same.
//!
//! Which action buttons show is asked of the rules core (its legal actions), never worked out
//! here. A pressed button or key becomes a [`PlayerCommand`] message; the table applies it.
//! Buttons are plain sprites with a text label, sized by the window (see
//! [`Metrics::ui_scale`]), so they stay readable from 1024×640 to 4K.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use super::layout::{Metrics, SortMode};
use super::modes::playing;
use super::pointer::table_has_pointer;
use super::screen::{Screen, cursor_world};
use super::seats::HUMAN;
use super::table::{HandView, PlayerCommand, Series, TableSet, TurnPhase, table_changed};
use crate::rules::{Action, Match};

/// One button on screen.
#[derive(Clone, Debug, PartialEq)]
pub struct Button {
    pub cmd: PlayerCommand,
    pub label: &'static str,
    pub pos: Vec2,
    pub size: Vec2,
    /// Drawn as the current choice (the active sort, or knocking in progress).
    pub on: bool,
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
        TurnPhase::UpcardOffer => vec![PlayerCommand::Pass, PlayerCommand::TakeUpcard],
        TurnPhase::Discard => {
            let mut v = Vec::new();
            if any(|a| matches!(a, Action::Gin { .. })) {
                v.push(PlayerCommand::Gin);
            }
            if any(|a| matches!(a, Action::Knock { .. })) {
                v.push(PlayerCommand::Knock);
            }
            v
        }
        TurnPhase::Layoff => {
            let mut v = vec![PlayerCommand::Done];
            if any(|a| matches!(a, Action::LayOff { .. })) {
                v.push(PlayerCommand::LayOffAll);
            }
            v
        }
        TurnPhase::RoundOver => vec![PlayerCommand::NextRound],
        _ => Vec::new(),
    }
}

/// Where sort button `i` (0 Melds, 1 Rank, 2 Suit, top to bottom) goes, and its size: a
/// column at the right edge just above the player's hand.
fn sort_button(met: Metrics, i: usize) -> (Vec2, Vec2) {
    let s = met.ui_scale();
    let size = Vec2::new(84.0, 34.0) * s;
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
pub fn buttons(m: &Match, hand: &HandView, phase: TurnPhase, met: Metrics) -> Vec<Button> {
    let s = met.ui_scale();
    let mut out = Vec::new();
    let size = Vec2::new(150.0, 44.0) * s;
    for (i, cmd) in available(m, phase).into_iter().enumerate() {
        let label = match cmd {
            PlayerCommand::TakeUpcard => "Take",
            PlayerCommand::Pass => "Pass",
            PlayerCommand::Knock if hand.knocking => "Cancel knock",
            PlayerCommand::Knock => "Knock",
            PlayerCommand::Gin => "Gin!",
            PlayerCommand::LayOffAll => "Lay off all",
            PlayerCommand::Done => "Done",
            PlayerCommand::NextRound if m.scoreboard().is_over() => "New series",
            PlayerCommand::NextRound => "Next round",
            _ => "",
        };
        let pos = met.discard()
            + Vec2::new(
                met.card.x * 0.6 + 30.0 * s + size.x / 2.0,
                met.card.y * 0.3 - i as f32 * (size.y + 12.0 * s),
            );
        out.push(Button {
            cmd,
            label,
            pos,
            size,
            on: cmd == PlayerCommand::Knock && hand.knocking,
        });
    }
    // Sorting, while the player holds a hand of their own to arrange.
    let r = m.round();
    if !matches!(phase, TurnPhase::Dealing | TurnPhase::RoundOver) && r.knock().is_none() {
        for (i, (mode, label)) in [
            (SortMode::Melds, "Melds"),
            (SortMode::Rank, "Rank"),
            (SortMode::Suit, "Suit"),
        ]
        .into_iter()
        .enumerate()
        {
            let (pos, size) = sort_button(met, i);
            out.push(Button {
                cmd: PlayerCommand::Sort(mode),
                label,
                pos,
                size,
                on: hand.order.mode == mode,
            });
        }
    }
    out
}

#[derive(Component)]
struct ButtonSlot(usize);

#[derive(Component)]
struct ButtonLabel(usize);

const SLOTS: usize = 6;
const FACE: Color = Color::srgb(0.93, 0.86, 0.55);
const FACE_ON: Color = Color::srgb(1.0, 0.97, 0.8);
const FACE_SORT: Color = Color::srgb(0.75, 0.82, 0.7);

fn setup(mut commands: Commands) {
    for i in 0..SLOTS {
        commands.spawn((
            ButtonSlot(i),
            Sprite::from_color(FACE, Vec2::ONE),
            Transform::from_xyz(0.0, 0.0, 60.0),
            Visibility::Hidden,
        ));
        commands.spawn((
            ButtonLabel(i),
            Text2d::new(""),
            TextFont::default(),
            TextColor(Color::srgb(0.1, 0.1, 0.1)),
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
    &'static mut Text2d,
    &'static mut TextFont,
    &'static mut Transform,
    &'static mut Visibility,
);

fn show_buttons(
    series: Res<Series>,
    hand: Res<HandView>,
    phase: Res<State<TurnPhase>>,
    screen: Res<Screen>,
    mut slots: Query<SlotItem, Without<ButtonLabel>>,
    mut labels: Query<LabelItem, Without<ButtonSlot>>,
) {
    let list = buttons(&series.current, &hand, *phase.get(), screen.metrics);
    let vis = |i: usize| {
        if i < list.len() {
            Visibility::Visible
        } else {
            Visibility::Hidden
        }
    };
    for (s, mut sprite, mut tf, mut v) in &mut slots {
        v.set_if_neq(vis(s.0));
        let Some(b) = list.get(s.0) else { continue };
        let color = match (b.on, b.cmd) {
            (true, _) => FACE_ON,
            (false, PlayerCommand::Sort(_)) => FACE_SORT,
            _ => FACE,
        };
        if sprite.color != color {
            sprite.color = color;
        }
        if sprite.custom_size != Some(b.size) {
            sprite.custom_size = Some(b.size);
        }
        let p = b.pos.extend(60.0);
        if tf.translation != p {
            tf.translation = p;
        }
    }
    for (l, mut text, mut font, mut tf, mut v) in &mut labels {
        v.set_if_neq(vis(l.0));
        let Some(b) = list.get(l.0) else { continue };
        if text.0 != b.label {
            text.0 = b.label.to_string();
        }
        let px = FontSize::Px(b.size.y * 0.45);
        if font.font_size != px {
            font.font_size = px;
        }
        let p = b.pos.extend(61.0);
        if tf.translation != p {
            tf.translation = p;
        }
    }
}

/// The keyboard shortcuts become commands.
fn press_keys(
    series: Res<Series>,
    phase: Res<State<TurnPhase>>,
    keys: Res<ButtonInput<KeyCode>>,
    mut out: MessageWriter<PlayerCommand>,
) {
    // The legal actions are asked for only when a key was pressed.
    if keys.get_just_pressed().next().is_none() {
        return;
    }
    let cmds = available(&series.current, *phase.get());
    if let Some(&first) = cmds.first()
        && (keys.just_pressed(KeyCode::Space) || keys.just_pressed(KeyCode::Enter))
    {
        out.write(first);
        return;
    }
    for (key, cmd) in [
        (KeyCode::KeyT, PlayerCommand::TakeUpcard),
        (KeyCode::KeyP, PlayerCommand::Pass),
        (KeyCode::KeyK, PlayerCommand::Knock),
        (KeyCode::KeyG, PlayerCommand::Gin),
        (KeyCode::KeyL, PlayerCommand::LayOffAll),
        (KeyCode::KeyD, PlayerCommand::Done),
        (KeyCode::KeyN, PlayerCommand::NextRound),
    ] {
        if keys.just_pressed(key) && cmds.contains(&cmd) {
            out.write(cmd);
            return;
        }
    }
}

/// Clicks on buttons become commands.
#[allow(clippy::too_many_arguments)]
fn click_buttons(
    series: Res<Series>,
    hand: Res<HandView>,
    phase: Res<State<TurnPhase>>,
    screen: Res<Screen>,
    mouse: Res<ButtonInput<MouseButton>>,
    windows: Query<&Window, With<PrimaryWindow>>,
    cams: Query<(&Camera, &GlobalTransform)>,
    mut out: MessageWriter<PlayerCommand>,
) {
    let phase = *phase.get();
    if !mouse.just_pressed(MouseButton::Left) {
        return;
    }
    let Some(world) = cursor_world(&windows, &cams) else {
        return;
    };
    if let Some(b) = buttons(&series.current, &hand, phase, screen.metrics)
        .into_iter()
        .find(|b| b.contains(world))
    {
        out.write(b.cmd);
    }
}

/// Buttons and keyboard commands.
pub struct ButtonsPlugin;

impl Plugin for ButtonsPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(Startup, setup)
            .add_systems(
                Update,
                (press_keys, click_buttons.run_if(table_has_pointer))
                    .in_set(TableSet::Input)
                    .run_if(playing),
            )
            .add_systems(
                Update,
                show_buttons.run_if(table_changed).in_set(TableSet::Show),
            );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
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
            vec![PlayerCommand::Pass, PlayerCommand::TakeUpcard]
        );
        assert!(available(&m, TurnPhase::ComputerTurn).is_empty());
        assert_eq!(
            available(&m, TurnPhase::RoundOver),
            vec![PlayerCommand::NextRound]
        );
        // In the discard phase Knock shows exactly when the core lists a knock.
        m.apply(HUMAN, Action::TakeUpcard).unwrap();
        let legal = m.round().legal_actions();
        let can_knock = legal.iter().any(|a| matches!(a, Action::Knock { .. }));
        assert_eq!(
            available(&m, TurnPhase::Discard).contains(&PlayerCommand::Knock),
            can_knock
        );
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
            let list = buttons(&m, &HandView::default(), TurnPhase::UpcardOffer, met);
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
            // The active sort is drawn as chosen.
            assert!(
                list.iter()
                    .any(|b| b.cmd == PlayerCommand::Sort(SortMode::Melds) && b.on)
            );
        }
    }
}
