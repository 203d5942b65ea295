//! On-screen buttons for the choices that are not a card (take/pass the upcard, knock, gin, lay
//! off all, done, next round), with keyboard shortcuts for the same commands.
//!
//! Which buttons show is asked of the rules core (its legal actions), never worked out here.
//! A pressed button or key becomes a [`Command`] message; the table applies it.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use super::table::{Game, HUMAN, Metrics, TurnPhase, cursor_world, window_size};
use crate::rules::Action;

/// What the player asked for.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    TakeUpcard,
    Pass,
    Knock,
    Gin,
    LayOffAll,
    Done,
    NextRound,
}

impl Command {
    fn label(self) -> &'static str {
        match self {
            Command::TakeUpcard => "Take",
            Command::Pass => "Pass",
            Command::Knock => "Knock",
            Command::Gin => "Gin!",
            Command::LayOffAll => "Lay off all",
            Command::Done => "Done",
            Command::NextRound => "Next round",
        }
    }
}

/// The buttons the player may use now; the first is the primary action (Space/Enter).
pub fn available(game: &Game, phase: TurnPhase) -> Vec<Command> {
    let r = game.m.round();
    let legal = if r.to_act() == Some(HUMAN) {
        r.legal_actions()
    } else {
        Vec::new()
    };
    let any = |f: fn(&Action) -> bool| legal.iter().any(f);
    match phase {
        TurnPhase::UpcardOffer => vec![Command::Pass, Command::TakeUpcard],
        TurnPhase::Discard => {
            let mut v = Vec::new();
            if any(|a| matches!(a, Action::Gin { .. })) {
                v.push(Command::Gin);
            }
            if any(|a| matches!(a, Action::Knock { .. })) {
                v.push(Command::Knock);
            }
            v
        }
        TurnPhase::Layoff => {
            let mut v = vec![Command::Done];
            if any(|a| matches!(a, Action::LayOff { .. })) {
                v.push(Command::LayOffAll);
            }
            v
        }
        TurnPhase::RoundOver => vec![Command::NextRound],
        _ => Vec::new(),
    }
}

#[derive(Component)]
struct ButtonSlot(usize);

#[derive(Component)]
struct ButtonLabel(usize);

const SLOTS: usize = 3;
const SIZE: Vec2 = Vec2::new(150.0, 44.0);

fn slot_pos(met: Metrics, i: usize) -> Vec2 {
    met.discard()
        + Vec2::new(
            met.card.x * 0.6 + 40.0 + SIZE.x / 2.0,
            met.card.y * 0.3 - i as f32 * (SIZE.y + 12.0),
        )
}

fn setup(mut commands: Commands) {
    for i in 0..SLOTS {
        commands.spawn((
            ButtonSlot(i),
            Sprite::from_color(Color::srgb(0.93, 0.86, 0.55), SIZE),
            Transform::from_xyz(0.0, 0.0, 60.0),
            Visibility::Hidden,
        ));
        commands.spawn((
            ButtonLabel(i),
            Text2d::new(""),
            TextFont {
                font_size: FontSize::Px(20.0),
                ..default()
            },
            TextColor(Color::srgb(0.1, 0.1, 0.1)),
            Transform::from_xyz(0.0, 0.0, 61.0),
            Visibility::Hidden,
        ));
    }
}

fn show_buttons(
    game: Res<Game>,
    phase: Res<State<TurnPhase>>,
    windows: Query<&Window, With<PrimaryWindow>>,
    mut slots: Query<(&ButtonSlot, &mut Transform, &mut Visibility), Without<ButtonLabel>>,
    mut labels: Query<
        (&ButtonLabel, &mut Text2d, &mut Transform, &mut Visibility),
        Without<ButtonSlot>,
    >,
) {
    let cmds = available(&game, *phase.get());
    let met = Metrics::new(window_size(&windows));
    // Each slot's background and label share a position and show only if a command fills it.
    let place = |slot: usize, z: f32, tf: &mut Mut<Transform>, vis: &mut Mut<Visibility>| {
        vis.set_if_neq(if slot < cmds.len() {
            Visibility::Visible
        } else {
            Visibility::Hidden
        });
        let p = slot_pos(met, slot).extend(z);
        if tf.translation != p {
            tf.translation = p;
        }
    };
    for (s, mut tf, mut vis) in &mut slots {
        place(s.0, 60.0, &mut tf, &mut vis);
    }
    for (l, mut text, mut tf, mut vis) in &mut labels {
        let label = cmds.get(l.0).map_or("", |c| c.label());
        if text.0 != label {
            text.0 = label.to_string();
        }
        place(l.0, 61.0, &mut tf, &mut vis);
    }
}

/// Clicks on buttons and the keyboard shortcuts become commands.
fn press(
    game: Res<Game>,
    phase: Res<State<TurnPhase>>,
    mouse: Res<ButtonInput<MouseButton>>,
    keys: Res<ButtonInput<KeyCode>>,
    windows: Query<&Window, With<PrimaryWindow>>,
    cams: Query<(&Camera, &GlobalTransform)>,
    mut out: MessageWriter<Command>,
) {
    let cmds = available(&game, *phase.get());
    if cmds.is_empty() {
        return;
    }
    if keys.just_pressed(KeyCode::Space) || keys.just_pressed(KeyCode::Enter) {
        out.write(cmds[0]);
        return;
    }
    for (key, cmd) in [
        (KeyCode::KeyT, Command::TakeUpcard),
        (KeyCode::KeyP, Command::Pass),
        (KeyCode::KeyK, Command::Knock),
        (KeyCode::KeyG, Command::Gin),
        (KeyCode::KeyL, Command::LayOffAll),
    ] {
        if keys.just_pressed(key) && cmds.contains(&cmd) {
            out.write(cmd);
            return;
        }
    }
    if !mouse.just_pressed(MouseButton::Left) {
        return;
    }
    let Some(world) = cursor_world(&windows, &cams) else {
        return;
    };
    let met = Metrics::new(window_size(&windows));
    for (i, &cmd) in cmds.iter().enumerate().take(SLOTS) {
        let d = (world - slot_pos(met, i)).abs();
        if d.x <= SIZE.x / 2.0 && d.y <= SIZE.y / 2.0 {
            out.write(cmd);
            return;
        }
    }
}

/// Buttons and keyboard commands.
pub struct ButtonsPlugin;

impl Plugin for ButtonsPlugin {
    fn build(&self, app: &mut App) {
        app.add_message::<Command>()
            .add_systems(Startup, setup)
            .add_systems(
                Update,
                (press, show_buttons).chain().before(super::table::TableSet),
            );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Match, RuleSettings};

    #[test]
    fn buttons_come_from_the_cores_legal_actions() {
        let mut game = Game::new(8);
        // Give the human the first word on the upcard.
        while game.m.round().to_act() != Some(HUMAN) {
            game.m = Match::new(RuleSettings::default(), game.bot_seed.wrapping_add(1));
            game.bot_seed += 1;
        }
        assert_eq!(
            available(&game, TurnPhase::UpcardOffer),
            vec![Command::Pass, Command::TakeUpcard]
        );
        assert!(available(&game, TurnPhase::ComputerTurn).is_empty());
        assert_eq!(
            available(&game, TurnPhase::RoundOver),
            vec![Command::NextRound]
        );
        // In the discard phase Knock shows exactly when the core lists a knock.
        game.m.apply(HUMAN, Action::TakeUpcard).unwrap();
        let legal = game.m.round().legal_actions();
        let can_knock = legal.iter().any(|a| matches!(a, Action::Knock { .. }));
        assert_eq!(
            available(&game, TurnPhase::Discard).contains(&Command::Knock),
            can_knock
        );
    }
}
