//! The mouse on the cards: click or drag to draw, double-click or drag to the pile to discard,
//! drag onto a spread meld to lay off, drag within the hand to reorder; S cycles the sort.
//!
//! Decisions:
//! - Input only turns gestures into [`Command`]s and keeps the [`Drag`]; whether a move is
//!   legal is the rules core's call when the command is applied. It never moves a card entity:
//!   the cards plugin makes the dragged card follow [`Drag`] and, on [`DragEnded`], sends it
//!   back unless the drop became a move.
//! - Hit-testing uses the cards' current rectangles, topmost first: exact for axis-aligned
//!   cards, and it needs no picking backend.
//! - A press becomes a drag after a few pixels, so a slightly shaky click is still a click.
//!   The first click on a hand card raises it and a second plays it, which makes a
//!   double-click a discard without any timing threshold to tune.
//! - Reordering works in every phase while the player holds cards, even during the
//!   computer's turn: arranging one's hand is not a move.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use super::layout::{CardSprite, SortMode, TableLayout, card_at, hit_box};
use super::modes::playing;
use super::pointer::table_has_pointer;
use super::screen::cursor_world;
use super::seats::HUMAN;
use super::table::{HandView, PlayerCommand, Series, TableSet, TurnPhase};
use crate::rules::{Action, Card, Match};

/// A drag that ended, with the card that was dragged: it goes back to its place unless the
/// drop became a move (the cards plugin sees to that).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct DragEnded(pub Card);

/// A card being pressed or dragged with the mouse.
#[derive(Resource, Default)]
pub struct Drag {
    card: Option<Card>,
    start: Vec2,
    at: Vec2,
    moved: bool,
}

impl Drag {
    /// The card being dragged and where the cursor is, once the press has become a drag.
    pub fn dragging(&self) -> Option<(Card, Vec2)> {
        self.card.filter(|_| self.moved).map(|c| (c, self.at))
    }
}

/// The next sort mode for the S key.
fn next_sort(m: SortMode) -> SortMode {
    match m {
        SortMode::Melds => SortMode::Rank,
        SortMode::Rank => SortMode::Suit,
        SortMode::Suit | SortMode::Custom => SortMode::Melds,
    }
}

/// What a click on `c` asks for, in `phase`.
/// (`selected` is the card raised by a first click.)
pub fn click_command(
    m: &Match,
    selected: Option<Card>,
    phase: TurnPhase,
    c: Card,
) -> Option<PlayerCommand> {
    let r = m.round();
    let mine = r.hand(HUMAN).contains(c);
    match phase {
        TurnPhase::UpcardOffer if Some(c) == r.discard_top() => Some(PlayerCommand::TakeUpcard),
        TurnPhase::Draw if r.stock().last() == Some(&c) => Some(PlayerCommand::DrawStock),
        TurnPhase::Draw if Some(c) == r.discard_top() => Some(PlayerCommand::TakeDiscard),
        TurnPhase::Discard if mine && selected == Some(c) => Some(PlayerCommand::Play(c)),
        TurnPhase::Discard if mine => Some(PlayerCommand::Select(c)),
        TurnPhase::Layoff if mine => r.legal_actions().into_iter().find_map(|a| match a {
            Action::LayOff { card, meld } if card == c => {
                Some(PlayerCommand::LayOff { card, meld })
            }
            _ => None,
        }),
        _ => None,
    }
}

/// What dropping `c` at `p` asks for, in `phase`.
pub fn drop_command(
    m: &Match,
    phase: TurnPhase,
    table: &TableLayout,
    c: Card,
    p: Vec2,
) -> Option<PlayerCommand> {
    let r = m.round();
    let met = table.met?;
    let mine = r.hand(HUMAN).contains(c);
    // Pulled from a pile down towards the hand.
    let towards_hand = p.y < met.discard().y - met.card.y * 0.6;
    match phase {
        TurnPhase::UpcardOffer if Some(c) == r.discard_top() && towards_hand => {
            return Some(PlayerCommand::TakeUpcard);
        }
        TurnPhase::Draw if r.stock().last() == Some(&c) && towards_hand => {
            return Some(PlayerCommand::DrawStock);
        }
        TurnPhase::Draw if Some(c) == r.discard_top() && towards_hand => {
            return Some(PlayerCommand::TakeDiscard);
        }
        TurnPhase::Discard if mine && met.on_discard_pile(p) => {
            return Some(PlayerCommand::Play(c));
        }
        TurnPhase::Layoff if mine => {
            if let Some(meld) = table.layout.meld_at(p) {
                return Some(PlayerCommand::LayOff { card: c, meld });
            }
        }
        _ => {}
    }
    // Dropped along the hand: reorder.
    let in_hand_row = (p.y - met.hand_y()).abs() <= met.card.y * 0.9;
    (mine && in_hand_row && !table.layout.hand.is_empty()).then(|| PlayerCommand::MoveCard {
        card: c,
        to: table.layout.hand_slot(c, p.x),
    })
}

/// Whether `c` may be picked up in `phase`.
fn draggable(m: &Match, phase: TurnPhase, c: Card) -> bool {
    let r = m.round();
    if r.knock().is_none() && r.hand(HUMAN).contains(c) {
        return true;
    }
    match phase {
        TurnPhase::Layoff => r.hand(HUMAN).contains(c),
        TurnPhase::UpcardOffer => Some(c) == r.discard_top(),
        TurnPhase::Draw => Some(c) == r.discard_top() || r.stock().last() == Some(&c),
        _ => false,
    }
}

/// S sorts; Esc drops a raised card or a knock being chosen.
fn hand_keys(
    hand: Res<HandView>,
    keys: Res<ButtonInput<KeyCode>>,
    mut out: MessageWriter<PlayerCommand>,
) {
    if keys.just_pressed(KeyCode::KeyS) {
        out.write(PlayerCommand::Sort(next_sort(hand.order.mode)));
    }
    if keys.just_pressed(KeyCode::Escape) && (hand.knocking || hand.selected.is_some()) {
        out.write(PlayerCommand::Cancel);
    }
}

#[allow(clippy::too_many_arguments)]
fn mouse_input(
    series: Res<Series>,
    hand: Res<HandView>,
    table: Res<TableLayout>,
    mut drag: ResMut<Drag>,
    state: Res<State<TurnPhase>>,
    mouse: Res<ButtonInput<MouseButton>>,
    windows: Query<&Window, With<PrimaryWindow>>,
    cams: Query<(&Camera, &GlobalTransform)>,
    cards: Query<(&CardSprite, &Transform, &Sprite)>,
    mut out: MessageWriter<PlayerCommand>,
    mut ended: MessageWriter<DragEnded>,
    mut last_cursor: Local<Option<Vec2>>,
) {
    let phase = *state.get();
    let m = &series.current;
    let world = cursor_world(&windows, &cams);
    let under_at = |at: Option<Vec2>, cards: &Query<(&CardSprite, &Transform, &Sprite)>| {
        at.and_then(|w| {
            card_at(
                w,
                cards.iter().map(|(cs, tf, sp)| {
                    let size = sp.custom_size.unwrap_or(Vec2::ONE) * tf.scale.truncate();
                    let (pos, size) = hit_box(tf.translation, size, hand.selected == Some(cs.0));
                    (cs.0, pos, size)
                }),
            )
        })
    };
    let under = |cards: &Query<(&CardSprite, &Transform, &Sprite)>| under_at(world, cards);
    // Press: remember the card; move past a few pixels: drag it; release: click or drop.
    // The press is hit-tested where the pointer was at the end of the previous frame, if a card
    // was there: when a frame is slow, the pointer may already have moved on by the time the
    // press is read, and the player meant the card they pressed on.
    let before = std::mem::replace(&mut *last_cursor, world);
    if mouse.just_pressed(MouseButton::Left) {
        let pressed_at = [before, world]
            .into_iter()
            .find(|&p| under_at(p, &cards).is_some_and(|c| draggable(m, phase, c)))
            .flatten()
            .or(world);
        let card = under_at(pressed_at, &cards).filter(|&c| draggable(m, phase, c));
        *drag = Drag {
            card,
            start: pressed_at.unwrap_or_default(),
            at: world.unwrap_or_default(),
            moved: false,
        };
    }
    if mouse.pressed(MouseButton::Left)
        && let (Some(_), Some(w)) = (drag.card, world)
        && (drag.moved || w.distance(drag.start) > 6.0)
    {
        if !drag.moved {
            drag.moved = true;
        }
        if drag.at != w {
            drag.at = w;
        }
    }
    if !mouse.just_released(MouseButton::Left) {
        return;
    }
    let Some(c) = drag.card.take() else { return };
    let cmd = if drag.moved {
        // Whatever happens, the card goes to a place: its new one, or back to its own.
        ended.write(DragEnded(c));
        drop_command(m, phase, &table, c, world.unwrap_or(drag.at))
    } else if under(&cards) == Some(c) {
        click_command(m, hand.selected, phase, c)
    } else {
        None
    };
    drag.moved = false;
    if let Some(cmd) = cmd {
        out.write(cmd);
    }
}

/// Mouse and keyboard on the cards.
pub struct InputPlugin;

impl Plugin for InputPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Drag>()
            .add_message::<DragEnded>()
            .add_systems(
                Update,
                (hand_keys, mouse_input.run_if(table_has_pointer))
                    .run_if(not(in_state(TurnPhase::Dealing)))
                    .run_if(playing)
                    .in_set(TableSet::Input),
            );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gui::layout::{Metrics, layout};
    use crate::rules::{Phase, RuleSettings};

    fn table_for(m: &Match, selected: Option<Card>) -> TableLayout {
        let met = Metrics::new(Vec2::new(1280.0, 800.0));
        TableLayout {
            layout: layout(m, met, &Default::default(), selected),
            met: Some(met),
        }
    }

    #[test]
    fn gestures_become_the_commands_a_player_expects() {
        let mut m = Match::new(RuleSettings::default(), 21);
        // Play until the human must draw.
        while !matches!(m.round().phase(), Phase::Draw { seat, stock_only: false } if seat == HUMAN)
        {
            let r = m.round();
            let seat = r.to_act().unwrap();
            let a = r
                .legal_actions()
                .into_iter()
                .find(|a| *a != Action::TakeUpcard)
                .unwrap();
            m.apply(seat, a).unwrap();
        }
        let t = table_for(&m, None);
        let met = t.met.unwrap();
        let r = m.round().clone();
        let stock_top = *r.stock().last().unwrap();
        let top = r.discard_top().unwrap();
        assert_eq!(
            click_command(&m, None, TurnPhase::Draw, stock_top),
            Some(PlayerCommand::DrawStock)
        );
        assert_eq!(
            click_command(&m, None, TurnPhase::Draw, top),
            Some(PlayerCommand::TakeDiscard)
        );
        let hand_pos = Vec2::new(0.0, met.hand_y());
        assert_eq!(
            drop_command(&m, TurnPhase::Draw, &t, top, hand_pos),
            Some(PlayerCommand::TakeDiscard)
        );
        // Dropped back on the table near the piles: nothing.
        assert_eq!(
            drop_command(&m, TurnPhase::Draw, &t, top, met.stock()),
            None
        );
        // A hand card dropped along the hand reorders it; on the pile in the draw phase too
        // (the pile is not a target before drawing).
        let first = t.layout.hand[0];
        let far_right = Vec2::new(met.size.x * 0.45, met.hand_y());
        assert_eq!(
            drop_command(&m, TurnPhase::Draw, &t, first, far_right),
            Some(PlayerCommand::MoveCard {
                card: first,
                to: t.layout.hand.len() - 1
            })
        );
        assert_eq!(
            drop_command(&m, TurnPhase::Draw, &t, first, met.discard()),
            None
        );
        // After drawing: first click raises, second click plays; a drop on the pile plays.
        m.apply(HUMAN, Action::DrawStock).unwrap();
        let t = table_for(&m, None);
        let c = t.layout.hand[3];
        assert_eq!(
            click_command(&m, None, TurnPhase::Discard, c),
            Some(PlayerCommand::Select(c))
        );
        assert_eq!(
            click_command(&m, Some(c), TurnPhase::Discard, c),
            Some(PlayerCommand::Play(c))
        );
        assert_eq!(
            drop_command(&m, TurnPhase::Discard, &t, c, met.discard()),
            Some(PlayerCommand::Play(c))
        );
    }

    #[test]
    fn s_cycles_through_the_sorts() {
        let mut m = SortMode::Melds;
        let mut seen = vec![m];
        for _ in 0..3 {
            m = next_sort(m);
            seen.push(m);
        }
        assert_eq!(
            seen,
            vec![
                SortMode::Melds,
                SortMode::Rank,
                SortMode::Suit,
                SortMode::Melds
            ]
        );
        assert_eq!(next_sort(SortMode::Custom), SortMode::Melds);
    }
}
