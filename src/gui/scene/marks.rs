//! What is drawn with the cards but is not a card: every card's soft shadow, the bands under
//! melds, the tag on the card just taken from the pile, and the keyboard highlight's ring.
//!
//! Decisions:
//! - A shadow, the tag and the ring are children of their card, so they follow every slide,
//!   flip and drag with no animation of their own; this file only says how far a shadow falls
//!   (from the card's lift: [`look::shadow_for`]) and which card the tag and ring sit on.
//! - The card just taken from the pile carries a tag that says so, in words and in the
//!   accent's opposite colour, on the part of the card that stays visible in a fanned hand
//!   (its lower left), never over its index: greying alone reads as "disabled" and not why.
//! - Bands are drawn just under the hands' cards from the layout's band rectangles (runs of
//!   one meld), so melds read as groups in every sort order and deadwood stands apart.
//! - Nothing here runs unless the layout, the drag, the phase or the window changed.

use bevy::prelude::*;

use super::cards::DRAG_SCALE;
use super::felt::Skin;
use super::look::{self, BAND, GOLD, INK, SHADOW_SPREAD, TAG};
use crate::gui::app::screen::WindowMetrics;
use crate::gui::app::speech::Speech;
use crate::gui::input::cards::Drag;
use crate::gui::table::arrange::TableLayout;
use crate::gui::table::layout::{CardSprite, DRAGGED, Placed};
use crate::gui::table::phase::{TableSet, TurnPhase};
use crate::gui::table::playable::live_focus;
use crate::gui::table::view::TableView;
use crate::seats::HUMAN;

/// A card's shadow (a child of the card).
#[derive(Component)]
struct Shadow;

/// The "taken" tag (a child of the card it marks).
#[derive(Component)]
struct TakenTag;

/// The tag's word.
#[derive(Component)]
struct TagText;

/// The keyboard highlight's ring (a child of the highlighted card).
#[derive(Component)]
struct FocusRing;

/// A band under a meld: one entity per band the layout has.
#[derive(Component)]
struct Band;

fn setup(mut commands: Commands, skin: Res<Skin>) {
    let tag = skin.rounded(look::color(TAG));
    commands
        .spawn((TakenTag, tag, Transform::default(), Visibility::Hidden))
        .with_child((
            TagText,
            crate::gui::table::layout::Fits(Rect::default()),
            Text2d::new(""),
            TextFont::default(),
            TextColor(look::color(INK)),
            Transform::from_xyz(0.0, 0.0, 0.001),
        ));
    let ring = skin.ring(look::color(GOLD));
    commands.spawn((FocusRing, ring, Transform::default(), Visibility::Hidden));
}

/// Every card gets its shadow as it is made.
fn add_shadows(mut commands: Commands, skin: Res<Skin>, new: Query<Entity, Added<CardSprite>>) {
    for e in &new {
        let mut sprite = Sprite::from_image(skin.shadow.clone());
        sprite.color = Color::NONE;
        commands.entity(e).with_child((
            Shadow,
            sprite,
            Transform::from_xyz(0.0, 0.0, -0.005),
            Visibility::Hidden,
        ));
    }
}

type ShadowItem = (
    &'static mut Sprite,
    &'static mut Transform,
    &'static mut Visibility,
);

/// Each shadow falls as far as its card stands up: resting, raised, or carried by a drag.
fn cast_shadows(
    screen: Res<WindowMetrics>,
    drag: Res<Drag>,
    cards: Query<(&CardSprite, Ref<Placed>, &Children)>,
    mut shadows: Query<ShadowItem, With<Shadow>>,
) {
    let all = screen.is_changed() || drag.is_changed();
    let card = screen.metrics.card;
    let dragged = drag.dragging().map(|d| d.0);
    for (cs, placed, children) in &cards {
        if !(all || placed.is_changed()) {
            continue;
        }
        let held = dragged == Some(cs.0);
        let lift = if held { DRAGGED } else { placed.lift };
        let (offset, scale, alpha) = look::shadow_for(lift);
        // A held card is drawn larger; its shadow is its child and grows with it already.
        let scale = if held { scale / DRAG_SCALE } else { scale };
        for &child in children {
            let Ok((mut sprite, mut tf, mut vis)) = shadows.get_mut(child) else {
                continue;
            };
            vis.set_if_neq(if placed.shadow || held {
                Visibility::Inherited
            } else {
                Visibility::Hidden
            });
            let size = card * (1.0 + 2.0 * SHADOW_SPREAD) * scale;
            if sprite.custom_size != Some(size) {
                sprite.custom_size = Some(size);
            }
            let color = Color::srgba(0.0, 0.0, 0.0, alpha);
            if sprite.color != color {
                sprite.color = color;
            }
            let at = Vec3::new(offset[0] * card.x, offset[1] * card.y, -0.005);
            if tf.translation != at {
                tf.translation = at;
            }
        }
    }
}

/// The bands under melds, where the layout put them (none while a deal is collected): the
/// layout's bands replace the ones shown.
fn place_bands(
    mut commands: Commands,
    skin: Res<Skin>,
    table: Res<TableLayout>,
    bands: Query<Entity, With<Band>>,
) {
    for e in &bands {
        commands.entity(e).despawn();
    }
    if !table.laid_out {
        return;
    }
    for r in &table.layout.bands {
        let mut face = skin.rounded(look::color_a(BAND, 0.55));
        face.custom_size = Some(r.size());
        commands.spawn((
            Band,
            face,
            Transform::from_translation(r.center().extend(9.0)),
        ));
    }
}

/// Where a mark sits on a card of size `card`: the tag low on its left, in the strip a fanned
/// hand leaves visible, clear of the index in the top corner.
fn tag_place(card: Vec2) -> (Vec3, Vec2) {
    let size = Vec2::new(card.x * 0.56, card.y * 0.14);
    let at = Vec3::new(
        -card.x / 2.0 + card.x * 0.04 + size.x / 2.0,
        -card.y / 2.0 + card.y * 0.05 + size.y / 2.0,
        0.004,
    );
    (at, size)
}

/// The tag's font size: its usual size, smaller for a longer word so it stays on the tag
/// ("diambil" is longer than "taken"). DejaVu Sans averages about 0.62 em a letter.
fn tag_font(card: Vec2, word: &str) -> f32 {
    let (_, size) = tag_place(card);
    look::fit_font(card.y * 0.095, size.x * 0.86, word, 0.62)
}

type MarkItem = (
    Entity,
    &'static mut Sprite,
    &'static mut Transform,
    &'static mut Visibility,
    Option<&'static ChildOf>,
);

/// Puts a mark on `card` (a card entity) at `at` with `size`, or hides it.
fn put(commands: &mut Commands, item: MarkItem2, card: Option<Entity>, at: Vec3, size: Vec2) {
    let (e, mut sprite, mut tf, mut vis, parent) = item;
    let Some(card) = card else {
        vis.set_if_neq(Visibility::Hidden);
        return;
    };
    if parent.map(ChildOf::parent) != Some(card) {
        commands.entity(card).add_child(e);
    }
    vis.set_if_neq(Visibility::Inherited);
    if sprite.custom_size != Some(size) {
        sprite.custom_size = Some(size);
    }
    if tf.translation != at {
        tf.translation = at;
    }
}

/// A mark's parts, as [`put`] takes them.
type MarkItem2<'a> = (
    Entity,
    Mut<'a, Sprite>,
    Mut<'a, Transform>,
    Mut<'a, Visibility>,
    Option<&'a ChildOf>,
);

/// The tag goes on the card just taken from the pile while it may not be thrown back; the
/// ring on the keyboard's highlight.
fn place_marks(
    view: TableView,
    mut commands: Commands,
    table: Res<TableLayout>,
    cards: Query<(Entity, &CardSprite)>,
    mut tag: Query<MarkItem, (With<TakenTag>, Without<FocusRing>)>,
    mut ring: Query<MarkItem, (With<FocusRing>, Without<TakenTag>)>,
    mut tag_text: Query<
        (
            &mut Text2d,
            &mut TextFont,
            &mut crate::gui::table::layout::Fits,
        ),
        With<TagText>,
    >,
) {
    let series = &view.series;
    let hand = &view.hand;
    let phase = &view.state;
    let screen = &view.screen;
    let speech = &view.speech;
    let m = &series.current;
    let r = m.round();
    let phase = *phase.get();
    let card = screen.metrics.card;
    let laid_out = table.laid_out;
    let entity_of = |c| cards.iter().find(|(_, cs)| cs.0 == c).map(|(e, _)| e);
    let taken = r
        .taken_from_discard()
        .filter(|_| laid_out && phase == TurnPhase::Discard && r.to_act() == Some(HUMAN));
    let focus = live_focus(m, phase, hand, &table.layout.hand).filter(|_| laid_out);
    if let Ok(item) = tag.single_mut() {
        let (at, size) = tag_place(card);
        put(&mut commands, item, taken.and_then(entity_of), at, size);
    }
    if let Ok(item) = ring.single_mut() {
        let at = Vec3::new(0.0, 0.0, 0.003);
        let size = card + card.x * 0.1;
        put(&mut commands, item, focus.and_then(entity_of), at, size);
    }
    let word = speech.t("tag-taken", &[]);
    let px = FontSize::Px(tag_font(card, &word));
    let room =
        crate::gui::table::layout::Fits(Rect::from_center_size(Vec2::ZERO, tag_place(card).1));
    for (mut text, mut font, mut fits) in &mut tag_text {
        fits.set_if_neq(room);
        if text.0 != word {
            text.0 = word.clone();
        }
        if font.font_size != px {
            font.font_size = px;
        }
    }
}

/// Shadows, meld bands, the taken tag and the keyboard ring.
pub(crate) struct MarksPlugin;

impl Plugin for MarksPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(Startup, setup).add_systems(
            Update,
            (
                add_shadows,
                cast_shadows,
                place_bands.run_if(resource_changed::<TableLayout>),
                // The table's layout changes with the series, the hand, the phase and the
                // window; the tag's word with the language.
                place_marks
                    .run_if(resource_changed::<TableLayout>.or_eager(resource_changed::<Speech>)),
            )
                .chain()
                .in_set(TableSet::Show)
                .after(TableSet::Layout),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_longer_word_gets_a_smaller_tag_font() {
        let card = Vec2::new(100.0, 140.0);
        assert_eq!(tag_font(card, "taken"), 140.0 * 0.095);
        let long = tag_font(card, "diambil");
        assert!(long < 140.0 * 0.095);
        let (_, size) = tag_place(card);
        assert!(7.0 * 0.62 * long <= size.x * 0.9);
    }

    #[test]
    fn the_tag_sits_low_on_the_visible_strip_clear_of_the_index() {
        for h in [96.0f32, 160.0, 432.0] {
            let card = Vec2::new(h * 300.0 / 420.0, h);
            let (at, size) = tag_place(card);
            let r = Rect::from_center_size(at.truncate(), size);
            // Inside the card, within the 62% a fanned hand leaves visible...
            assert!(r.min.x >= -card.x / 2.0 && r.max.x <= -card.x / 2.0 + card.x * 0.62);
            assert!(r.min.y >= -card.y / 2.0);
            // ...and in its lower half, away from the index in the top corner.
            assert!(r.max.y < 0.0);
        }
    }
}
