//! The cards on the table: one entity per card for the whole match, sent to where the layout
//! says with eased slides and flips, dealt one by one and collected between rounds, and tinted
//! to show what the player may do with them.
//!
//! Decisions:
//! - This plugin is the only one that moves card entities. A card moves by getting a new
//!   target ([`Placed`]), which becomes an animation; a card being dragged follows the pointer
//!   ([`Drag`], which input keeps); when a drag ends ([`DragEnded`]) the card slides back to its
//!   place, unless the drop was a move, whose new target takes over in the same frame.
//! - Every animation time is scaled by the speed in [`PlayerSettings`]; at 0 cards jump to their places and the
//!   deal is instant, so the overlay's speed setting needs nothing more from this file.
//! - The layout is the table's ([`TableLayout`], written by `table::arrange` only); this
//!   plugin moves the cards when it changes (`resource_changed`, no gate of its own). A new
//!   round is dealt as at a real table (see `deal`); cards follow the layout once it has landed.
//! - Tints come from the core's legal actions: in the discard phase a card that may not be
//!   thrown (the one just taken, or one that leaves too much deadwood while knocking) is dimmed;
//!   while a card is dragged in the layoff phase, the melds it fits are lit. They are worked
//!   out when the layout or the drag changes and kept ([`Tints`]), so a card that turns over
//!   mid-slide takes its side's colour without tinting every card every frame.

use bevy::prelude::*;

use super::art::CardArt;
use crate::gui::app::screen::WindowMetrics;
use crate::gui::app::settings::PlayerSettings;
use crate::gui::input::cards::{Drag, DragEnded};
use crate::gui::table::arrange::TableLayout;
use crate::gui::table::layout::{CardSprite, Layout, Placed};
use crate::gui::table::phase::{CardsMoving, DealtRound, TableSet, TurnPhase};
use crate::gui::table::playable::playable;
use crate::gui::table::series::Series;
use crate::gui::table::view::TableView;
use crate::rules::{Action, Card, Match};
use crate::seats::HUMAN;

/// An eased move in progress; `flip` is the image shown from `flip_at` on (a card turning
/// over).
#[derive(Component)]
pub struct Slide {
    pub(super) from: Vec3,
    pub(super) to: Vec3,
    /// Progress 0..1; negative while waiting for its turn in the deal.
    pub(super) t: f32,
    pub(super) secs: f32,
    pub(super) flip: Option<Handle<Image>>,
    /// When the card turns (progress), if it turns on this slide.
    pub(super) flip_at: Option<f32>,
}

/// When in a slide a card turns over: a card going face down (into the computer's hand) turns
/// at the end, one coming face up (the computer's discard) at the start, so the card is seen
/// face up for most of its way either way.
fn flip_time(turning_up: bool) -> f32 {
    if turning_up { 0.15 } else { 0.85 }
}

/// How much longer the computer's cards take to travel than the player's own: the player did
/// not make that move and has to see it happen.
const COMPUTER_MOVE_SLOWER: f32 = 1.7;

/// A card rising under the pointer (or settling back) takes this part of a move's time.
const LIFT_QUICKER: f32 = 0.45;

/// How much bigger a dragged card is drawn: it is held up, nearer the eye.
pub(crate) const DRAG_SCALE: f32 = 1.06;

fn setup(mut commands: Commands, art: Res<CardArt>, screen: Res<WindowMetrics>) {
    // No multisampling: every sprite is an axis-aligned rectangle whose edges are in its
    // texture, so 4× MSAA would only multiply the cost of filling the felt (measured under
    // Xvfb's software renderer: see the README's frame cost note).
    commands.spawn((Camera2d, bevy::render::view::Msaa::Off));
    let met = screen.metrics;
    let start = met.stock().extend(1.0);
    for c in Card::all() {
        let mut sprite = Sprite::from_image(art.back.clone());
        sprite.custom_size = Some(met.card);
        commands.spawn((CardSprite(c), sprite, Transform::from_translation(start)));
    }
}

/// A card as `retarget_cards` and the deal see it: its sprite, where it is, its target and
/// whether it slides.
pub(super) type PlacedCard = (
    Entity,
    &'static CardSprite,
    &'static mut Sprite,
    &'static mut Transform,
    Option<&'static Placed>,
    Has<Slide>,
);

/// Sends every card to its place in the table's new layout, once the round on the table is
/// dealt (the deal itself is `deal`'s): an eased slide, a flip if it turns over, or a jump at
/// instant speed.
fn retarget_cards(
    mut commands: Commands,
    art: Res<CardArt>,
    settings: Res<PlayerSettings>,
    table: Res<TableLayout>,
    mut cards: Query<PlacedCard>,
) {
    let (l, met) = (&table.layout, table.met);
    let secs = settings.slide_secs();
    let image = |c: Card, face_up: bool| {
        if face_up {
            art.face(c, settings.four_color)
        } else {
            art.back.clone()
        }
    };
    for (e, cs, mut sprite, tf, old, sliding) in &mut cards {
        let Some(p) = l.get(cs.0) else { continue };
        let face = image(cs.0, p.face_up);
        if old == Some(&p) && sprite.custom_size == Some(met.card) {
            // In place already: only the deck's look may have changed (four colours).
            if settings.is_changed() && !sliding && sprite.image != face {
                sprite.image = face;
            }
            continue;
        }
        sprite.custom_size = Some(met.card);
        let turns = old.is_some_and(|o| o.face_up != p.face_up);
        let mut ec = commands.entity(e);
        ec.insert(p);
        if secs <= 0.0 || old.is_none() && tf.translation == p.pos {
            sprite.image = face;
            ec.insert(Transform::from_translation(p.pos));
        } else {
            if !turns {
                sprite.image = face.clone();
            }
            let near_computer = |y: f32| (y - met.opponent_y()).abs() < met.card.y * 0.6;
            let computers = near_computer(tf.translation.y) || near_computer(p.pos.y);
            // Rising under the pointer or settling back is quicker than a move.
            let only_lift = old.is_some_and(|o| o.pos.x == p.pos.x && o.lift != p.lift);
            ec.insert(Slide {
                from: tf.translation,
                to: p.pos,
                t: 0.0,
                secs: if only_lift {
                    secs * LIFT_QUICKER
                } else if computers {
                    secs * COMPUTER_MOVE_SLOWER
                } else {
                    secs
                },
                flip: turns.then_some(face),
                flip_at: turns.then(|| flip_time(p.face_up)),
            });
        }
    }
}

/// A dropped card heads back to its place; if the drop was a move, `retarget_cards` (after
/// this) gives it its new place instead.
fn end_drags(
    mut commands: Commands,
    settings: Res<PlayerSettings>,
    mut ended: MessageReader<DragEnded>,
    cards: Query<(Entity, &CardSprite, &Transform, &Placed)>,
) {
    for DragEnded(c) in ended.read() {
        if let Some((e, _, tf, placed)) = cards.iter().find(|(_, cs, ..)| cs.0 == *c) {
            commands.entity(e).insert(Slide {
                from: tf.translation,
                to: placed.pos,
                t: 0.0,
                secs: settings.slide_secs(),
                flip: None,
                flip_at: None,
            });
        }
    }
}

/// The card being dragged stays under the pointer, above everything.
fn follow_drag(
    mut commands: Commands,
    drag: Res<Drag>,
    mut cards: Query<(Entity, &CardSprite, &mut Transform, Has<Slide>)>,
) {
    let Some((c, at)) = drag.dragging() else {
        return;
    };
    if let Some((e, _, mut tf, sliding)) = cards.iter_mut().find(|(_, cs, ..)| cs.0 == c) {
        if sliding {
            commands.entity(e).remove::<Slide>();
        }
        let p = at.extend(300.0);
        let scale = Vec3::new(DRAG_SCALE, DRAG_SCALE, 1.0);
        if tf.translation != p || tf.scale != scale {
            tf.translation = p;
            tf.scale = scale;
        }
    }
}

/// Moves sliding cards along an eased curve, lifted above the rest while they travel, and
/// turns flipping cards over (the width shrinks to nothing, the face changes, it grows back).
fn slide_cards(
    mut commands: Commands,
    time: Res<Time>,
    art: Res<CardArt>,
    tints: Res<Tints>,
    mut moving: ResMut<CardsMoving>,
    mut q: Query<(Entity, &CardSprite, &mut Slide, &mut Transform, &mut Sprite)>,
) {
    let mut any = false;
    // A card that turns over takes the colour of the side it now shows.
    let turn = |sprite: &mut Sprite, face: Handle<Image>, c: Card| {
        sprite.color = tints.of(c, face == art.back);
        sprite.image = face;
    };
    for (e, cs, mut s, mut tf, mut sprite) in &mut q {
        any = true;
        s.t += time.delta_secs() / s.secs.max(1e-3);
        if s.t < 0.0 {
            continue;
        }
        let k = EasingCurve::new(0.0f32, 1.0, EaseFunction::CubicOut).sample_clamped(s.t);
        let mut p = s.from.lerp(s.to, k);
        p.z = s.to.z + 100.0 * (1.0 - k);
        tf.translation = p;
        // A dropped card shrinks back from its held size as it lands.
        tf.scale.y = 1.0 + (tf.scale.y - 1.0) * (1.0 - k);
        if let Some(at) = s.flip_at {
            // Narrowing to an edge and widening again around the turn.
            tf.scale.x = ((s.t.min(1.0) - at).abs() / 0.15).clamp(0.02, 1.0);
            if s.t >= at
                && let Some(face) = s.flip.take()
            {
                turn(&mut sprite, face, cs.0);
            }
        } else {
            tf.scale.x = tf.scale.y;
        }
        if s.t >= 1.0 {
            tf.translation = s.to;
            tf.scale = Vec3::ONE;
            if let Some(face) = s.flip.take() {
                turn(&mut sprite, face, cs.0);
            }
            commands.entity(e).remove::<Slide>();
        }
    }
    moving.set_if_neq(CardsMoving(any));
}

/// A card that may not be played now, in the discard phase: grey enough to read as "not
/// this one", light enough that its face stays legible. (The card just taken from the pile
/// also carries the tag drawn by `marks`.)
const DIM: Color = Color::srgb(0.62, 0.62, 0.62);
const LIT: Color = Color::srgb(1.0, 0.93, 0.55);
const HOT: Color = Color::srgb(1.0, 0.8, 0.3);

/// The colour each card should have now.
pub(crate) fn tints(
    m: &Match,
    knocking: bool,
    phase: TurnPhase,
    dragged: Option<(Card, Vec2)>,
    l: &Layout,
) -> Vec<(Card, Color)> {
    let r = m.round();
    let mut out = Vec::new();
    match phase {
        TurnPhase::Discard => {
            for c in r.hand(HUMAN).iter() {
                if !playable(m, phase, knocking, c) {
                    out.push((c, DIM));
                }
            }
        }
        TurnPhase::Layoff => {
            if let (Some((card, at)), Some(k)) = (dragged, r.knock()) {
                let hover = l.meld_at(at);
                // The melds the core would let this card be laid off on.
                let fits: Vec<usize> = r
                    .legal_actions()
                    .into_iter()
                    .filter_map(|a| match a {
                        Action::LayOff { card: c, meld } if c == card => Some(meld),
                        _ => None,
                    })
                    .collect();
                for (i, m) in k.current_melds().iter().enumerate() {
                    if fits.contains(&i) {
                        let color = if hover == Some(i) { HOT } else { LIT };
                        out.extend(m.cards().iter().map(|c| (c, color)));
                    }
                }
            }
        }
        _ => {}
    }
    out
}

/// The colour each card's face and the backs are drawn in now (kept by `tint_cards`, so a card
/// that turns over in a slide takes the colour of the side it shows).
#[derive(Resource)]
struct Tints {
    faces: [Color; 52],
    back: Color,
}

impl Default for Tints {
    fn default() -> Self {
        Tints {
            faces: [Color::WHITE; 52],
            back: Color::WHITE,
        }
    }
}

impl Tints {
    fn of(&self, c: Card, back_up: bool) -> Color {
        if back_up {
            self.back
        } else {
            self.faces[c.index() as usize]
        }
    }
}

/// Tints every card again when the table's layout (so the series, the hand, the phase or the
/// look) or the drag changed.
fn tint_cards(
    view: TableView,
    art: Res<CardArt>,
    drag: Res<Drag>,
    table: Res<TableLayout>,
    mut kept: ResMut<Tints>,
    mut cards: Query<(&CardSprite, &mut Sprite)>,
) {
    let series = &view.series;
    let hand = &view.hand;
    let settings = &view.settings;
    let phase = &view.state;
    let mut colors = [Color::WHITE; 52];
    for (c, col) in tints(
        &series.current,
        hand.knocking,
        *phase.get(),
        drag.dragging(),
        &table.layout,
    ) {
        colors[c.index() as usize] = col;
    }
    let [r, g, b] = settings.card_back.tint();
    *kept = Tints {
        faces: colors,
        back: Color::srgb(r, g, b),
    };
    for (cs, mut sprite) in &mut cards {
        // Face-down cards show the chosen back colour.
        let want = kept.of(cs.0, sprite.image == art.back);
        if sprite.color != want {
            sprite.color = want;
        }
    }
}

/// The round on the table is dealt: its cards follow the layout (while it is dealt, the deal
/// moves them).
fn round_dealt(series: Res<Series>, dealt: Res<DealtRound>) -> bool {
    !dealt.busy(&series.current)
}

/// The cards' frame: drops land first, then (after the deal's steps, see `deal`) the cards
/// are placed, slid, dragged and tinted.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum CardSteps {
    Drops,
    Place,
}

/// Card entities, their layout, animations and tints.
pub(crate) struct CardsPlugin;

impl Plugin for CardsPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Tints>()
            .configure_sets(
                Update,
                (CardSteps::Drops, CardSteps::Place)
                    .chain()
                    .in_set(TableSet::Show)
                    .after(TableSet::Layout),
            )
            .add_systems(Startup, setup)
            .add_systems(
                Update,
                (
                    end_drags.in_set(CardSteps::Drops),
                    (
                        retarget_cards
                            .run_if(resource_changed::<TableLayout>.and_then(round_dealt)),
                        slide_cards,
                        follow_drag,
                        tint_cards.run_if(
                            resource_changed::<TableLayout>.or_eager(resource_changed::<Drag>),
                        ),
                    )
                        .chain()
                        .in_set(CardSteps::Place),
                ),
            );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gui::app::screen::Metrics;
    use crate::gui::table::hand_order::HandOrder;
    use crate::gui::table::layout::{Lifts, layout};
    use crate::rules::{Action, Phase, RuleSettings};

    #[test]
    fn tints_dim_what_may_not_be_thrown_and_light_layoff_targets() {
        let mut m = Match::new(RuleSettings::default(), 8);
        // Drive to a human discard after taking the upcard or the discard.
        for _ in 0..200 {
            let r = m.round();
            if let (Phase::Discard { seat }, Some(t)) = (r.phase(), r.taken_from_discard())
                && seat == HUMAN
            {
                let l = layout(
                    &m,
                    Metrics::new(Vec2::new(1280.0, 800.0)),
                    &HandOrder::default(),
                    Lifts::default(),
                );
                let dim: Vec<Card> = tints(&m, false, TurnPhase::Discard, None, &l)
                    .into_iter()
                    .map(|p| p.0)
                    .collect();
                assert_eq!(dim, vec![t], "only the card just taken is dimmed");
                // While knocking, exactly the cards that allow a knock stay lit.
                let lit = r.hand(HUMAN).len() - tints(&m, true, TurnPhase::Discard, None, &l).len();
                let knocks = r
                    .legal_actions()
                    .iter()
                    .filter(|a| {
                        matches!(a, Action::Knock { .. } | Action::Gin { discard: Some(_) })
                    })
                    .count();
                assert_eq!(lit, knocks);
                return;
            }
            let Some(seat) = r.to_act() else {
                m.next_round().unwrap();
                continue;
            };
            // Prefer taking from the pile, so the "just taken" rule shows.
            let legal = r.legal_actions();
            let a = legal
                .iter()
                .find(|a| matches!(a, Action::TakeDiscard | Action::TakeUpcard))
                .unwrap_or(&legal[0])
                .clone();
            m.apply(seat, a).unwrap();
        }
        panic!("never reached a human discard after a take");
    }
}
