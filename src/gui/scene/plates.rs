//! The seats' name plates: "You" and "Computer · Medium" at the left end of each hand's row,
//! where the hands never reach, each one entity with its name and the dealer's chip as
//! children.
//!
//! Decisions:
//! - Whose turn it is shows without reading: the seat to act has its plate in the accent gold,
//!   the other's is a quiet ghost of the felt. The dealer's plate carries a round "D" chip, as
//!   at a card-room table.
//! - A name too wide for its plate is set smaller until it fits ([`fit_names`]), down to
//!   [`MIN_SHRINK`]: at that size the longest name a friend may have (eighteen "W", the widest
//!   letter: [`crate::seats::MAX_NAME`]) still fits, so no name runs into the dealer's chip.

use bevy::prelude::*;
use bevy::text::TextLayoutInfo;
use bevy::window::RequestRedraw;

use super::felt::Skin;
use super::look::{self, BUTTON, BUTTON_TEXT, GOLD, INK, PANEL};
use crate::ai::Level;
use crate::gui::app::screen::Metrics;
use crate::gui::app::speech::Speech;
use crate::gui::table::command::table_changed;
use crate::gui::table::layout::Fits;
use crate::gui::table::phase::{TableSet, TurnPhase};
use crate::gui::table::view::TableView;
use crate::rules::{Match, Seat};
use crate::seats::{HUMAN, OPPONENT};
use crate::words;

/// A seat's name plate: one entity per seat, its name and the dealer's chip its children.
#[derive(Component)]
struct Plate(Seat);
/// A plate's name, and how much it was shrunk to fit its plate (kept while the name and the
/// plate's height stay the same).
#[derive(Component, Default)]
struct PlateName {
    name: String,
    height: f32,
    shrink: f32,
}
/// The dealer's chip beside a plate, shown on the dealer's; its letter is its child.
#[derive(Component)]
struct DealerChip;
#[derive(Component)]
struct ChipLetter;

/// How a seat's plate shows.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct SeatPlate {
    pub seat: Seat,
    pub name: String,
    /// The plate's centre and size.
    pub pos: Vec2,
    pub size: Vec2,
    /// This seat is to act.
    pub active: bool,
    pub dealer: bool,
}

/// The two seats' plates (the player's first): named, placed at the left end of each hand's
/// row, the one to act marked.
pub(crate) fn seat_plates(
    m: &Match,
    phase: TurnPhase,
    level: Level,
    met: Metrics,
    sp: &Speech,
) -> [SeatPlate; 2] {
    let s = met.ui_scale();
    let size = met.plate_size();
    let x = -met.size.x / 2.0 + 14.0 * s + size.x / 2.0;
    let r = m.round();
    let acting: Option<Seat> = match phase {
        TurnPhase::Dealing | TurnPhase::RoundOver => None,
        _ => r.to_act(),
    };
    let level = words::level(sp, level);
    [
        (HUMAN, sp.t("seat-you", &[]), met.hand_y()),
        (
            OPPONENT,
            match sp.opponent() {
                Some(name) => sp.named("seat-friend", Some(name), &[]),
                None => sp.t("seat-computer", &[("level", level.into())]),
            },
            met.opponent_y(),
        ),
    ]
    .map(|(seat, name, y)| SeatPlate {
        seat,
        name,
        // Level with the middle of the row, clear of the top and bottom edges.
        pos: Vec2::new(
            x,
            y + met.card.y * 0.15 * if seat == HUMAN { 1.0 } else { -1.0 },
        ),
        size,
        active: acting == Some(seat),
        dealer: r.dealer() == seat,
    })
}

/// [`seat_plates`] for the table as it stands.
pub(crate) fn plates_of(table: &TableView) -> [SeatPlate; 2] {
    let series = &table.series;
    seat_plates(
        &series.current,
        table.phase(),
        series.level,
        table.screen.metrics,
        &table.speech,
    )
}

fn setup(mut commands: Commands, skin: Res<Skin>) {
    for seat in [HUMAN, OPPONENT] {
        let face = skin.rounded(look::color_a(PANEL, 0.55));
        commands
            .spawn((Plate(seat), face, Transform::from_xyz(0.0, 0.0, 40.0)))
            .with_children(|plate| {
                plate.spawn((
                    PlateName::default(),
                    Fits(Rect::default()),
                    Text2d::new(""),
                    TextFont::default(),
                    TextColor(look::color(INK)),
                    Transform::from_xyz(0.0, 0.0, 1.0),
                ));
                plate
                    .spawn((
                        DealerChip,
                        skin.rounded(look::color(BUTTON)),
                        Transform::from_xyz(0.0, 0.0, 2.0),
                        Visibility::Hidden,
                    ))
                    .with_child((
                        ChipLetter,
                        Fits(Rect::default()),
                        Text2d::new(""),
                        TextFont::default(),
                        TextColor(look::color(BUTTON_TEXT)),
                        Transform::from_xyz(0.0, 0.0, 0.5),
                    ));
            });
    }
}

type PlateItem = (
    &'static Plate,
    &'static mut Sprite,
    &'static mut Transform,
    &'static Children,
);
type ChipItem = (
    &'static mut Sprite,
    &'static mut Transform,
    &'static mut Visibility,
    &'static Children,
);
/// A plate's name (with its fit) or a chip's letter.
type PlateText = (
    &'static mut Fits,
    &'static mut Text2d,
    &'static mut TextFont,
    &'static mut TextColor,
    Option<&'static mut PlateName>,
);

/// The texts of the plates: the names and the chips' letters.
type PlateTexts = (Without<Sprite>, Or<(With<PlateName>, With<ChipLetter>)>);

/// The seats' plates and the dealer's chip, as [`seat_plates`] says (each plate's children
/// placed in its own frame).
fn update_plates(
    table: TableView,
    mut plates: Query<PlateItem>,
    mut chips: Query<ChipItem, (With<DealerChip>, Without<Plate>)>,
    mut texts: Query<PlateText, PlateTexts>,
) {
    let met = table.screen.metrics;
    let now = plates_of(&table);
    for (plate, mut sprite, mut tf, children) in &mut plates {
        let Some(sp) = now.iter().find(|p| p.seat == plate.0) else {
            continue;
        };
        sprite.color = if sp.active {
            look::color(GOLD)
        } else {
            look::color_a(PANEL, 0.55)
        };
        sprite.custom_size = Some(sp.size);
        tf.translation = sp.pos.extend(40.0);
        for &child in children {
            if let Ok((mut fits, mut text, mut font, mut color, Some(mut fit))) =
                texts.get_mut(child)
            {
                fits.set_if_neq(Fits(Rect::from_center_size(Vec2::ZERO, sp.size)));
                if fit.name != sp.name || fit.height != sp.size.y {
                    *fit = PlateName {
                        name: sp.name.clone(),
                        height: sp.size.y,
                        shrink: 1.0,
                    };
                }
                text.0.clone_from(&sp.name);
                font.font_size = FontSize::Px(sp.size.y * NAME_SIZE * fit.shrink);
                *color = TextColor(look::color(if sp.active { BUTTON_TEXT } else { INK }));
            }
            if let Ok((mut chip, mut at, mut vis, letter)) = chips.get_mut(child) {
                let d = sp.size.y * 0.8;
                *vis = if sp.dealer {
                    Visibility::Inherited
                } else {
                    Visibility::Hidden
                };
                chip.custom_size = Some(Vec2::splat(d));
                let x = sp.size.x / 2.0 + d * 0.5 + 6.0 * met.ui_scale();
                at.translation = Vec3::new(x, 0.0, 2.0);
                for &l in letter {
                    if let Ok((mut fits, mut text, mut font, _, None)) = texts.get_mut(l) {
                        fits.set_if_neq(Fits(Rect::from_center_size(Vec2::ZERO, Vec2::splat(d))));
                        text.0 = table.speech.t("dealer-chip", &[]);
                        font.font_size = FontSize::Px(d * 0.6);
                    }
                }
            }
        }
    }
}

/// A plate's name's size, in plate heights.
const NAME_SIZE: f32 = 0.44;
/// The least a name is shrunk to.
const MIN_SHRINK: f32 = 0.55;

/// A name laid out wider than its plate is set smaller (it shows so from the next frame on).
fn fit_names(
    mut names: Query<(&mut PlateName, &Fits, &TextLayoutInfo, &mut TextFont)>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    for (mut fit, fits, info, mut font) in &mut names {
        if info.scale_factor <= 0.0 || fit.name.is_empty() {
            continue;
        }
        let width = info.size.x / info.scale_factor;
        // A little room each side.
        let room = fits.0.width() * 0.94;
        if width <= room || fit.shrink <= MIN_SHRINK {
            continue;
        }
        fit.shrink = (fit.shrink * room / width).max(MIN_SHRINK);
        font.font_size = FontSize::Px(fit.height * NAME_SIZE * fit.shrink);
        redraw.write(RequestRedraw);
    }
}

/// The seats' plates.
pub(crate) struct PlatesPlugin;

impl Plugin for PlatesPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(Startup, setup)
            .add_systems(
                Update,
                update_plates
                    .run_if(table_changed.or_eager(resource_changed::<Speech>))
                    .in_set(TableSet::Show),
            )
            .add_systems(
                PostUpdate,
                fit_names.after(bevy::sprite::update_text2d_layout),
            );
    }
}
