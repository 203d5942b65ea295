//! The mouse and the keyboard on the cards: click or drag to draw, double-click or drag to the
//! pile to discard, drag onto a spread meld to lay off, drag within the hand to reorder. ←/→ move a highlight through what may be played (the piles when drawing,
//! the hand otherwise), ↑ or Enter act on it as a click would (raise, then play), ↓ lowers a
//! raised card. The playable card under the pointer is the [`Hover`], which the table lifts.
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
//! - The keyboard goes through the same door as the mouse: ↑ on the highlighted card is
//!   [`click_command`] on it, so keys and clicks can never disagree about what a card does.
//!   Enter acts on the highlight when there is one, else presses the first button; Space
//!   always presses the first button. A mouse press takes the highlight away, so the ring
//!   shows only while the player is using the keys.
//! - Only a card that can be played now rises under the pointer ([`playable`], asked of the
//!   core's legal actions): the lift says "this one will do something".

use bevy::prelude::*;

use super::pointer::{Gesture, Gestures};
use crate::gui::app::modes::playing;
use crate::gui::table::arrange::{Hover, TableLayout};
use crate::gui::table::command::{HandCommand, HandView, PlayerCommand, PlayerMove};
use crate::gui::table::layout::{CardSprite, Placed, card_at, hit_box};
use crate::gui::table::phase::{TableSet, TurnPhase};
use crate::gui::table::playable::{focusable, live_focus, playable, step_focus};
use crate::gui::table::series::Series;
use crate::gui::table::view::TableView;
use crate::rules::{Action, Card, Match};
use crate::seats::HUMAN;

/// A drag that ended, with the card that was dragged: it goes back to its place unless the
/// drop became a move (the cards plugin sees to that).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct DragEnded(pub Card);

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

/// What a click on `c` asks for, in `phase`. (`selected` is the card raised by a first
/// click; `knocking`, the player pressed Knock and chooses the card to knock with.)
///
/// Decision: a discard takes two clicks (or a double-click, or a drag), so a stray click
/// never throws a card away; once Knock is pressed, one click on the card knocks with it, as
/// the table's words say ("click the card to discard"): Knock was the deliberate step.
pub(crate) fn click_command(
    m: &Match,
    selected: Option<Card>,
    knocking: bool,
    phase: TurnPhase,
    c: Card,
) -> Option<PlayerCommand> {
    let r = m.round();
    let mine = r.hand(HUMAN).contains(c);
    match phase {
        TurnPhase::UpcardOffer if Some(c) == r.discard_top() => {
            Some(PlayerCommand::Move(PlayerMove::TakeUpcard))
        }
        TurnPhase::Draw if r.stock().last() == Some(&c) => {
            Some(PlayerCommand::Move(PlayerMove::DrawStock))
        }
        TurnPhase::Draw if Some(c) == r.discard_top() => {
            Some(PlayerCommand::Move(PlayerMove::TakeDiscard))
        }
        TurnPhase::Discard if mine && (knocking || selected == Some(c)) => {
            Some(PlayerCommand::Move(PlayerMove::Play(c)))
        }
        TurnPhase::Discard if mine => Some(PlayerCommand::Hand(HandCommand::Select(c))),
        TurnPhase::Layoff if mine => r.legal_actions().into_iter().find_map(|a| match a {
            Action::LayOff { card, meld } if card == c => {
                Some(PlayerCommand::Move(PlayerMove::LayOff { card, meld }))
            }
            _ => None,
        }),
        _ => None,
    }
}

/// What dropping `c` at `p` asks for, in `phase`.
pub(crate) fn drop_command(
    m: &Match,
    phase: TurnPhase,
    table: &TableLayout,
    c: Card,
    p: Vec2,
) -> Option<PlayerCommand> {
    let r = m.round();
    if !table.laid_out {
        return None;
    }
    let met = table.met;
    let mine = r.hand(HUMAN).contains(c);
    // Pulled from a pile down towards the hand.
    let towards_hand = p.y < met.discard().y - met.card.y * 0.6;
    match phase {
        TurnPhase::UpcardOffer if Some(c) == r.discard_top() && towards_hand => {
            return Some(PlayerCommand::Move(PlayerMove::TakeUpcard));
        }
        TurnPhase::Draw if r.stock().last() == Some(&c) && towards_hand => {
            return Some(PlayerCommand::Move(PlayerMove::DrawStock));
        }
        TurnPhase::Draw if Some(c) == r.discard_top() && towards_hand => {
            return Some(PlayerCommand::Move(PlayerMove::TakeDiscard));
        }
        TurnPhase::Discard if mine && met.on_discard_pile(p) => {
            return Some(PlayerCommand::Move(PlayerMove::Play(c)));
        }
        TurnPhase::Layoff if mine => {
            if let Some(meld) = table.layout.meld_at(p) {
                return Some(PlayerCommand::Move(PlayerMove::LayOff { card: c, meld }));
            }
        }
        _ => {}
    }
    // Dropped along the hand: reorder.
    let in_hand_row = (p.y - met.hand_y()).abs() <= met.card.y * 0.9;
    (mine && in_hand_row && !table.layout.hand.is_empty()).then(|| {
        PlayerCommand::Hand(HandCommand::MoveCard {
            card: c,
            to: table.layout.hand_slot(c, p.x),
        })
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

/// Esc drops a raised card or a knock being chosen; the arrows and Enter play the
/// highlighted card.
fn hand_keys(
    series: Res<Series>,
    hand: Res<HandView>,
    table: Res<TableLayout>,
    state: Res<State<TurnPhase>>,
    keys: Res<ButtonInput<KeyCode>>,
    mut out: MessageWriter<PlayerCommand>,
) {
    if keys.get_just_pressed().next().is_none() {
        return;
    }
    let (m, phase) = (&series.current, *state.get());
    if keys.just_pressed(KeyCode::Escape) && (hand.knocking || hand.selected.is_some()) {
        out.write(PlayerCommand::Hand(HandCommand::Cancel));
    }
    if keys.just_pressed(KeyCode::ArrowDown) && hand.selected.is_some() {
        out.write(PlayerCommand::Hand(HandCommand::Cancel));
    }
    // Arrows first, then the act on where they led: keys pressed within one frame (a fast
    // typist, a script) act on the card the highlight reached, not the one it left.
    let shown = &table.layout.hand;
    let mut focus = live_focus(m, phase, &hand, shown);
    for (key, dir) in [(KeyCode::ArrowLeft, -1), (KeyCode::ArrowRight, 1)] {
        if keys.just_pressed(key) {
            let list = focusable(m, phase, shown);
            focus = step_focus(&list, focus.or(hand.focus), dir);
        }
    }
    if focus.is_some() && focus != hand.focus {
        out.write(PlayerCommand::Hand(HandCommand::Focus(focus)));
    }
    let act = keys.just_pressed(KeyCode::ArrowUp) || keys.just_pressed(KeyCode::Enter);
    if act && let Some(c) = focus {
        out.write_batch(click_command(m, hand.selected, hand.knocking, phase, c));
    }
}

/// A card as the mouse sees it: where it is drawn now and how far it stands up.
type CardItem = (
    &'static CardSprite,
    &'static Transform,
    &'static Sprite,
    Option<&'static Placed>,
);

/// The frame's gestures on the cards: a press holds a card, a move drags it, a release is a
/// click on it or a drop; the card under the pointer is the [`Hover`].
fn mouse_input(
    view: TableView,
    table: Res<TableLayout>,
    gestures: Res<Gestures>,
    mut drag: ResMut<Drag>,
    mut hover: ResMut<Hover>,
    cards: Query<CardItem>,
    mut out: MessageWriter<PlayerCommand>,
    mut ended: MessageWriter<DragEnded>,
    mut last_under: Local<Option<Option<Card>>>,
) {
    let series = &view.series;
    let hand = &view.hand;
    let state = &view.state;
    let screen = &view.screen;
    let phase = *state.get();
    let m = &series.current;
    let under = |w: Vec2| {
        card_at(
            w,
            cards.iter().map(|(cs, tf, sp, placed)| {
                let size = sp.custom_size.unwrap_or(Vec2::ONE) * tf.scale.truncate();
                let lift = placed.map_or(0.0, |p| p.lift);
                let (pos, size) = hit_box(tf.translation, size, lift);
                (cs.0, pos, size)
            }),
        )
    };
    // Each press, move and release where it happened (see `pointer`): press on a card to
    // hold it; move past a few pixels: drag it; release: a click on it, or a drop.
    for g in gestures.table() {
        match g {
            Gesture::Press(p) => {
                if hand.focus.is_some() {
                    out.write(PlayerCommand::Hand(HandCommand::Focus(None)));
                }
                let at = screen.to_table(p);
                *drag = Drag {
                    card: under(at).filter(|&c| draggable(m, phase, c)),
                    start: at,
                    at,
                    moved: false,
                };
            }
            Gesture::Move(p) => {
                let w = screen.to_table(p);
                if drag.card.is_some() && (drag.moved || w.distance(drag.start) > 6.0) {
                    drag.moved = true;
                    drag.at = w;
                }
            }
            Gesture::Release(p) => {
                let Some(c) = drag.card.take() else { continue };
                let at = screen.to_table(p);
                let cmd = if drag.moved {
                    // Whatever happens, the card goes to a place: its new one, or back.
                    ended.write(DragEnded(c));
                    drop_command(m, phase, &table, c, at)
                } else if under(at) == Some(c) {
                    click_command(m, hand.selected, hand.knocking, phase, c)
                } else {
                    None
                };
                drag.moved = false;
                if let Some(cmd) = cmd {
                    out.write(cmd);
                }
            }
            Gesture::Cancel => {
                if let Some(c) = drag.card.take()
                    && drag.moved
                {
                    ended.write(DragEnded(c));
                }
                drag.moved = false;
            }
        }
    }
    // The playable card under the pointer rises (not while something is dragged, nor under
    // a window). Asked of the core only when the card under it or the table changed.
    let now_under = if drag.dragging().is_some() {
        None
    } else {
        gestures.table_at().and_then(|p| under(screen.to_table(p)))
    };
    if *last_under != Some(now_under)
        || series.is_changed()
        || hand.is_changed()
        || state.is_changed()
    {
        *last_under = Some(now_under);
        let pointed = now_under.filter(|&c| playable(m, phase, hand.knocking, c));
        hover.set_if_neq(Hover(pointed));
    }
}

/// Mouse and keyboard on the cards.
pub(crate) struct CardInputPlugin;

impl Plugin for CardInputPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Drag>()
            .add_message::<DragEnded>()
            .add_systems(
                Update,
                (hand_keys, mouse_input)
                    .run_if(not(in_state(TurnPhase::Dealing)))
                    .run_if(playing)
                    .in_set(TableSet::Input),
            );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gui::app::screen::Metrics;
    use crate::gui::table::hand_order::SortMode;
    use crate::gui::table::layout::{Lifts, layout};
    use crate::rules::{Phase, RuleSettings};

    fn table_for(m: &Match, selected: Option<Card>) -> TableLayout {
        let met = Metrics::new(Vec2::new(1280.0, 800.0));
        TableLayout {
            layout: layout(
                m,
                met,
                &Default::default(),
                Lifts {
                    raised: selected,
                    pointed: None,
                },
            ),
            met,
            laid_out: true,
        }
    }

    /// A match from `seed` played on (nobody taking the upcard) until the player must draw
    /// and may take the discard.
    fn until_the_player_draws(seed: u64) -> Match {
        let mut m = Match::new(RuleSettings::default(), seed);
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
        m
    }

    #[test]
    fn gestures_become_the_commands_a_player_expects() {
        let mut m = until_the_player_draws(21);
        let t = table_for(&m, None);
        let met = t.met;
        let r = m.round().clone();
        let stock_top = *r.stock().last().unwrap();
        let top = r.discard_top().unwrap();
        assert_eq!(
            click_command(&m, None, false, TurnPhase::Draw, stock_top),
            Some(PlayerCommand::Move(PlayerMove::DrawStock))
        );
        assert_eq!(
            click_command(&m, None, false, TurnPhase::Draw, top),
            Some(PlayerCommand::Move(PlayerMove::TakeDiscard))
        );
        let hand_pos = Vec2::new(0.0, met.hand_y());
        assert_eq!(
            drop_command(&m, TurnPhase::Draw, &t, top, hand_pos),
            Some(PlayerCommand::Move(PlayerMove::TakeDiscard))
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
            Some(PlayerCommand::Hand(HandCommand::MoveCard {
                card: first,
                to: t.layout.hand.len() - 1
            }))
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
            click_command(&m, None, false, TurnPhase::Discard, c),
            Some(PlayerCommand::Hand(HandCommand::Select(c)))
        );
        assert_eq!(
            click_command(&m, Some(c), false, TurnPhase::Discard, c),
            Some(PlayerCommand::Move(PlayerMove::Play(c)))
        );
        // Knocking: one click plays the card (the core then knocks with it, or says why not).
        assert_eq!(
            click_command(&m, None, true, TurnPhase::Discard, c),
            Some(PlayerCommand::Move(PlayerMove::Play(c)))
        );
        assert_eq!(
            drop_command(&m, TurnPhase::Discard, &t, c, met.discard()),
            Some(PlayerCommand::Move(PlayerMove::Play(c)))
        );
    }

    #[test]
    fn the_highlight_walks_what_may_be_played_and_stops_at_the_ends() {
        let cards: Vec<Card> = ["2C", "5D", "9H", "KS"]
            .iter()
            .map(|t| t.parse().unwrap())
            .collect();
        // From nowhere: → starts at the left end, ← at the right end.
        assert_eq!(step_focus(&cards, None, 1), Some(cards[0]));
        assert_eq!(step_focus(&cards, None, -1), Some(cards[3]));
        assert_eq!(step_focus(&cards, Some(cards[1]), 1), Some(cards[2]));
        assert_eq!(step_focus(&cards, Some(cards[1]), -1), Some(cards[0]));
        // It stops at the ends rather than wrapping.
        assert_eq!(step_focus(&cards, Some(cards[3]), 1), Some(cards[3]));
        assert_eq!(step_focus(&cards, Some(cards[0]), -1), Some(cards[0]));
        // A card no longer there counts as nowhere; nothing to highlight, no highlight.
        let gone: Card = "QH".parse().unwrap();
        assert_eq!(step_focus(&cards, Some(gone), 1), Some(cards[0]));
        assert_eq!(step_focus(&[], Some(cards[0]), 1), None);

        // What is highlightable follows the phase: the piles when drawing, the hand after.
        let mut m = until_the_player_draws(21);
        let r = m.round().clone();
        let shown = table_for(&m, None).layout.hand;
        assert_eq!(
            focusable(&m, TurnPhase::Draw, &shown),
            vec![*r.stock().last().unwrap(), r.discard_top().unwrap()]
        );
        assert!(focusable(&m, TurnPhase::OpponentTurn, &shown).is_empty());
        // Every pile top listed is playable; no hand card is before drawing.
        assert!(
            shown
                .iter()
                .all(|&c| !playable(&m, TurnPhase::Draw, false, c))
        );
        m.apply(HUMAN, Action::TakeDiscard).unwrap();
        let taken = m.round().taken_from_discard().unwrap();
        let shown = table_for(&m, None).layout.hand;
        assert_eq!(focusable(&m, TurnPhase::Discard, &shown), shown);
        // The card just taken may not be thrown, so it does not rise; the others do.
        assert!(!playable(&m, TurnPhase::Discard, false, taken));
        assert!(shown.iter().filter(|&&c| c != taken).all(|&c| playable(
            &m,
            TurnPhase::Discard,
            false,
            c
        )));
    }

    #[test]
    fn s_cycles_through_the_sorts() {
        let mut m = SortMode::Melds;
        let mut seen = vec![m];
        for _ in 0..3 {
            m = m.next();
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
        assert_eq!(SortMode::Custom.next(), SortMode::Melds);
    }
}
