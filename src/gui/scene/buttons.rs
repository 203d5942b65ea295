//! The look of the on-table buttons (`input::buttons` says which there are, where, and what
//! a press does): a rounded sprite with its label and its key as children, sized by the window
//! (see [`Metrics::ui_scale`]), so they stay readable from 1024×640 to 4K.
//!
//! Decisions:
//! - One style for every button (the palette's ivory face, dark text, rounded corners),
//!   lighter under the pointer and darker while pressed; the accent gold marks the choice in
//!   force (the sort in use, a knock being chosen) and Gin, the best thing that can happen.
//! - Each button shows its key, small at its right edge, so the keys are learned by playing.
//! - The look is given when a button appears and redone only when it or the pointer's place
//!   among the buttons changes.

use bevy::prelude::*;

use super::felt::Skin;
use super::look::{
    self, BUTTON, BUTTON_HOVER, BUTTON_OFF, BUTTON_OFF_TEXT, BUTTON_PRESSED, BUTTON_TEXT, GOLD,
};
#[cfg(doc)]
use crate::gui::app::screen::Metrics;
use crate::gui::input::buttons::{ButtonHover, TableButton};
use crate::gui::input::offer::Button;
use crate::gui::table::layout::Fits;
use crate::gui::table::phase::TableSet;

/// A button's key hint: a child of its [`TableButton`].
#[derive(Component)]
struct KeyHint;

/// How far above the felt the buttons lie.
const Z: f32 = 60.0;

/// The face and text colours of a button in its state.
pub(crate) fn button_colors(b: &Button, hovered: bool, pressed: bool) -> (look::Rgb, look::Rgb) {
    // Chosen and holding (Next round pressed while the friend has not asked yet): held down.
    if !b.enabled && b.on {
        return (BUTTON_PRESSED, BUTTON_TEXT);
    }
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

/// A label's font size: its usual size, smaller when the words are long for the button
/// ("Ronde berikutnya" beside its key), so no language runs into the key hint or the edge.
/// DejaVu Sans averages about 0.58 em a character.
pub(crate) fn label_px(size: Vec2, label: &str, keyed: bool) -> f32 {
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

/// Gives a new button its face, label and key hint.
fn dress(mut commands: Commands, skin: Res<Skin>, added: Query<Entity, Added<TableButton>>) {
    for e in &added {
        commands
            .entity(e)
            .insert((
                skin.rounded(look::color(BUTTON)),
                Transform::from_xyz(0.0, 0.0, Z),
                Visibility::Visible,
            ))
            .with_children(|b| {
                b.spawn((
                    Fits(Rect::default()),
                    Text2d::new(""),
                    TextFont::default(),
                    TextColor(look::color(BUTTON_TEXT)),
                    Transform::from_xyz(0.0, 0.0, 1.0),
                ));
                b.spawn((
                    KeyHint,
                    Fits(Rect::default()),
                    Text2d::new(""),
                    TextFont::default(),
                    TextColor(look::color(look::BUTTON_KEY)),
                    bevy::sprite::Anchor::CENTER_RIGHT,
                    Transform::from_xyz(0.0, 0.0, 1.0),
                ));
            });
    }
}

/// A button's face, as `paint` draws it.
type Face = (
    Entity,
    Ref<'static, TableButton>,
    &'static mut Sprite,
    &'static mut Transform,
    &'static Children,
);

/// A button's label or key hint (which, by `Has<KeyHint>`).
type Part = (
    &'static mut Fits,
    &'static mut Text2d,
    &'static mut TextFont,
    &'static mut TextColor,
    &'static mut Transform,
    &'static mut Visibility,
    Has<KeyHint>,
);

/// Draws each button as it is now: its face in its state, sunk a little while pressed, its
/// label left of its key hint.
fn paint(
    hover: Res<ButtonHover>,
    mut buttons: Query<Face>,
    mut parts: Query<Part, Without<TableButton>>,
) {
    let hover_changed = hover.is_changed();
    for (e, button, mut sprite, mut tf, children) in &mut buttons {
        if !(button.is_changed() || hover_changed) {
            continue;
        }
        let b = &button.0;
        let hovered = hover.over == Some(e);
        let pressed = hovered && hover.pressed;
        let (face, ink) = button_colors(b, hovered, pressed);
        sprite.color = look::color(face);
        sprite.custom_size = Some(b.size);
        let sink = if pressed { b.size.y * 0.04 } else { 0.0 };
        tf.translation = (b.pos - Vec2::Y * sink).extend(Z);
        let keyed = !b.key.is_empty();
        for &child in children {
            let Ok((mut fits, mut text, mut font, mut color, mut tf, mut vis, is_key)) =
                parts.get_mut(child)
            else {
                continue;
            };
            if is_key {
                fits.set_if_neq(Fits(Rect::from_center_size(Vec2::ZERO, b.size)));
                *vis = if keyed && b.enabled {
                    Visibility::Inherited
                } else {
                    Visibility::Hidden
                };
                text.0 = b.key.to_string();
                font.font_size = FontSize::Px(b.size.y * 0.34);
                tf.translation = Vec3::new(b.size.x / 2.0 - b.size.y * 0.28, 0.0, 1.0);
            } else {
                // Its room: the button, left of the key hint when there is one.
                let mut room = Rect::from_center_size(Vec2::ZERO, b.size);
                if keyed {
                    room.max.x = b.size.x / 2.0 - b.size.y * 0.45;
                }
                fits.set_if_neq(Fits(room));
                text.0.clone_from(&b.label);
                font.font_size = FontSize::Px(label_px(b.size, &b.label, keyed));
                *color = TextColor(look::color(ink));
                // The label sits left of centre when a key hint shares the button.
                let shift = if keyed { -b.size.y * 0.2 } else { 0.0 };
                tf.translation = Vec3::new(shift, 0.0, 1.0);
            }
        }
    }
}

/// The buttons' look.
pub(crate) struct ButtonLookPlugin;

impl Plugin for ButtonLookPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(
            Update,
            (dress, paint)
                .chain()
                .after(TableSet::Show)
                .after(crate::gui::input::buttons::ButtonsLaidOut),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gui::app::screen::Metrics;
    use crate::gui::app::speech::Speech;
    use crate::gui::input::offer::buttons;
    use crate::gui::table::command::HandView;
    use crate::gui::table::phase::TurnPhase;
    use crate::rules::{Match, RuleSettings};

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
    #[test]
    fn states_colour_the_face() {
        let met = Metrics::new(Vec2::new(1280.0, 800.0));
        let m = Match::new(RuleSettings::default(), 8);
        let list = buttons(
            &m,
            &HandView::default(),
            TurnPhase::UpcardOffer,
            met,
            &Speech::default(),
            false,
        );
        let b = &list[0];
        assert_eq!(button_colors(b, false, false).0, BUTTON);
        assert_eq!(button_colors(b, true, false).0, BUTTON_HOVER);
        assert_eq!(button_colors(b, true, true).0, BUTTON_PRESSED);
        let on = Button {
            on: true,
            ..b.clone()
        };
        assert_eq!(button_colors(&on, false, false).0, GOLD);
        let off = Button {
            enabled: false,
            ..b.clone()
        };
        assert_eq!(button_colors(&off, true, true).0, BUTTON_OFF);
    }
}
