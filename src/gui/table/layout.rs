//! Where every card goes: a pure function of the rules core's state, the window size and the
//! player's chosen hand order ([`super::hand_order`]). No plugin lives here, so all of it is unit-tested without Bevy
//! running.
//!
//! Decisions:
//! - Sizes follow the window's shorter proportion, so the same table works from 1024×640 to 4K;
//!   cards are the art's 300×420 shape scaled, never stretched.
//! - The player's hand is grouped by melds by default, with a gap between groups.
//! - After a knock the knocker's row is the spread: each meld as declared, with the defender's
//!   layoffs joined to it (set a little towards the table's middle so they read as layoffs),
//!   then the deadwood. The
//!   rectangles of those melds are the drop targets for layoffs.

use bevy::prelude::*;

use super::hand_order::{HandOrder, arranged};
use crate::gui::app::screen::Metrics;
use crate::rules::{Card, CardSet, Match, best_arrangement};
use crate::seats::{HUMAN, OPPONENT};

/// The rectangle an on-table text must stay inside (its button, its plate, or the room kept for
/// it), in its parent's coordinates: the table's for a text on its own. Set by the text's owner; a headless test checks every text
/// against it at every window size, text size and language.
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct Fits(pub Rect);

/// One card on the table: the entity showing card `.0`.
#[derive(Component)]
pub struct CardSprite(pub Card);

/// How far a raised card (the first click of a double-click) rises, in card heights.
pub(crate) const RAISE: f32 = 0.15;
/// How far the card under the pointer (or the keyboard highlight) rises, if it can be played.
pub(crate) const HOVER: f32 = 0.06;
/// How high a dragged card is carried, for its shadow (it follows the pointer).
pub(crate) const DRAGGED: f32 = 0.3;

/// Which cards stand above the rest: the one raised by a first click, and the playable one
/// under the pointer or the keyboard highlight.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Lifts {
    /// The card the player has raised.
    pub raised: Option<Card>,
    /// The card under the pointer.
    pub pointed: Option<Card>,
}

impl Lifts {
    /// How far `c` rises, in card heights.
    pub fn of(&self, c: Card) -> f32 {
        if self.raised == Some(c) {
            RAISE
        } else if self.pointed == Some(c) {
            HOVER
        } else {
            0.0
        }
    }
}

/// The rectangle a card answers clicks in: its own, and for a lifted card also the slot it
/// rose from, so a click low on it (or the second click of a double-click) still lands on it
/// and the pointer does not fall off a card that rose from under it.
pub(crate) fn hit_box(pos: Vec3, size: Vec2, lift: f32) -> (Vec3, Vec2) {
    let lift = size.y * lift;
    (pos - Vec3::Y * lift / 2.0, size + Vec2::Y * lift)
}

/// Where the layout wants a card, and whether it shows its face.
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct Placed {
    /// Where it lies (z: which is on top).
    pub pos: Vec3,
    /// Whether its face shows.
    pub face_up: bool,
    /// How far it stands above the table, in card heights (for its shadow and its hit box).
    pub lift: f32,
    /// Whether it casts a shadow: every card but those inside a pile (the pile's bottom card
    /// casts the pile's shadow, and the discard pile's top card its own).
    pub shadow: bool,
}

impl Placed {
    /// A card lying flat, casting a shadow.
    pub fn flat(pos: Vec3, face_up: bool) -> Placed {
        Placed {
            pos,
            face_up,
            lift: 0.0,
            shadow: true,
        }
    }
}

/// Every card's target, plus what input needs to know about the table's geography.
#[derive(Clone, Debug, Default)]
pub struct Layout {
    /// Every card and where it goes.
    pub cards: Vec<(Card, Placed)>,
    /// The knocker's melds (by the core's meld number) as screen rectangles: layoff targets.
    pub melds: Vec<Rect>,
    /// The player's hand in display order.
    pub hand: Vec<Card>,
    /// The bands under melds: each run of cards in a row that make up one meld (in the
    /// player's hand, in whatever order it is sorted; in a spread; in hands shown at the end).
    pub bands: Vec<Rect>,
}

impl Layout {
    /// Where `c` goes, if it is on the table.
    pub fn get(&self, c: Card) -> Option<Placed> {
        self.cards.iter().find(|p| p.0 == c).map(|p| p.1)
    }

    /// Where in the hand (as an index among the other cards) a card dropped at `x` goes.
    pub(crate) fn hand_slot(&self, card: Card, x: f32) -> usize {
        self.hand
            .iter()
            .filter(|&&c| c != card)
            .filter(|&&c| self.get(c).is_some_and(|p| p.pos.x < x))
            .count()
    }

    /// The knocker's meld under `p`, if any.
    pub(crate) fn meld_at(&self, p: Vec2) -> Option<usize> {
        self.melds.iter().position(|r| r.contains(p))
    }
}

/// A card in a row: the card, how far below the row it sits (layoffs) and how far it is lifted
/// (card heights).
type InRow = (Card, f32, f32);

/// How far apart the cards of a row of `n` cards in groups with `gaps` gaps between them lie:
/// as wide as the window allows once the name plates have their room at both ends.
fn row_step(met: Metrics, n: usize, gaps: f32) -> f32 {
    let cw = met.card.x;
    let room = met.size.x - 2.0 * met.side_reserve();
    (cw * 0.62).min((room - cw - gaps * cw * 0.25) / (n as f32 - 1.0).max(1.0))
}

/// The width of a row of `n` cards in one group, from the first card's left edge to the last
/// card's right edge.
pub(crate) fn row_width(met: Metrics, n: usize) -> f32 {
    row_step(met, n, 0.0) * (n as f32 - 1.0).max(0.0) + met.card.x
}

/// One row of cards in groups, centred at `y`; returns each group's rectangle (as laid, not
/// lifted).
fn row(
    met: Metrics,
    y: f32,
    groups: &[Vec<InRow>],
    face_up: bool,
    z0: f32,
    out: &mut Vec<(Card, Placed)>,
) -> Vec<Rect> {
    let cw = met.card.x;
    let n: usize = groups.iter().map(Vec::len).sum();
    let gaps = groups
        .iter()
        .filter(|g| !g.is_empty())
        .count()
        .saturating_sub(1) as f32;
    let gap = cw * 0.25;
    let step = row_step(met, n, gaps);
    let width = step * (n as f32 - 1.0).max(0.0) + gaps * gap;
    let mut x = -width / 2.0;
    let mut i = 0;
    let mut rects = Vec::new();
    for g in groups {
        let mut rect: Option<Rect> = None;
        for &(c, dy, lift) in g {
            let pos = Vec3::new(x, y + dy + lift * met.card.y, z0 + i as f32 * 0.01);
            out.push((
                c,
                Placed {
                    pos,
                    face_up,
                    lift,
                    shadow: true,
                },
            ));
            let r = Rect::from_center_size(Vec2::new(x, y + dy), met.card);
            rect = Some(rect.map_or(r, |q| q.union(r)));
            x += step;
            i += 1;
        }
        rects.push(rect.unwrap_or_default());
        if !g.is_empty() {
            x += gap;
        }
    }
    rects
}

/// The bands under the runs of a row's cards that make up one meld each: `shown` is the row
/// in display order, `melds` the melds its cards form.
fn bands(out: &[(Card, Placed)], shown: &[Card], melds: &[CardSet], met: Metrics) -> Vec<Rect> {
    let pos = |c: Card| out.iter().find(|p| p.0 == c).map(|p| (p.1.pos, p.1.lift));
    let meld_of = |c: Card| melds.iter().position(|m| m.contains(c));
    let mut rects = Vec::new();
    let mut i = 0;
    while i < shown.len() {
        let Some(m) = meld_of(shown[i]) else {
            i += 1;
            continue;
        };
        let mut j = i;
        while j + 1 < shown.len() && meld_of(shown[j + 1]) == Some(m) {
            j += 1;
        }
        // A run of at least two cards of one meld reads as a group; a lone card of a meld
        // split by the player's order gets no band (its meld is elsewhere in the row).
        if j > i {
            let r = shown[i..=j]
                .iter()
                .filter_map(|&c| pos(c))
                .map(|(p, lift)| {
                    Rect::from_center_size(Vec2::new(p.x, p.y - lift * met.card.y), met.card)
                })
                .reduce(|a, b| a.union(b));
            if let Some(r) = r {
                let pad = met.card.x * 0.07;
                rects.push(Rect::from_corners(r.min - pad, r.max + pad));
            }
        }
        i = j + 1;
    }
    // In a fanned row the next group's first card lies over the last card of a group, so two
    // bands would run into each other: each ends a little before the next begins.
    rects.sort_by(|a, b| a.min.x.total_cmp(&b.min.x));
    for k in 1..rects.len() {
        let limit = rects[k].min.x - met.card.x * 0.06;
        if rects[k - 1].max.x > limit {
            rects[k - 1].max.x = limit;
        }
    }
    rects
}

/// Target position and face for every card, from the core's state. `lifts` says which card
/// of the player's hand (or which pile's top card) stands up.
pub fn layout(m: &Match, met: Metrics, order: &HandOrder, lifts: Lifts) -> Layout {
    let r = m.round();
    let mut out = Layout::default();
    let ch = met.card.y;
    let cards = &mut out.cards;
    // Stock: a face-down pile whose thickness shows how many cards are left.
    for (i, &c) in r.stock().iter().enumerate() {
        let edge = i as f32 * met.card.y * 0.0022;
        let lift = if i + 1 == r.stock().len() {
            lifts.of(c).min(HOVER)
        } else {
            0.0
        };
        let p = met.stock() + Vec2::new(-edge, edge + lift * ch);
        cards.push((
            c,
            Placed {
                pos: p.extend(1.0 + i as f32 * 0.01),
                face_up: false,
                lift,
                shadow: i == 0,
            },
        ));
    }
    // Discard pile: the top card, with the three below it peeking out.
    let pile = r.discard_pile();
    for (i, &c) in pile.iter().enumerate() {
        let top = i + 1 == pile.len();
        let from_top = (pile.len() - 1 - i) as f32;
        let shift = from_top.min(3.0) * met.card.x * 0.06;
        let lift = if top { lifts.of(c).min(HOVER) } else { 0.0 };
        let p = met.discard() + Vec2::new(-shift, lift * ch);
        cards.push((
            c,
            Placed {
                pos: p.extend(2.0 + i as f32 * 0.01),
                face_up: true,
                lift,
                shadow: i == 0 || top,
            },
        ));
    }
    let y_of = |seat| {
        if seat == HUMAN {
            met.hand_y()
        } else {
            met.opponent_y()
        }
    };
    let over = r.is_finished();
    let knock = r.knock();
    for seat in [HUMAN, OPPONENT] {
        let hand = r.hand(seat);
        let face_up = seat == HUMAN || over || knock.is_some_and(|k| k.knocker == seat);
        let (groups, melds): (Vec<Vec<InRow>>, Vec<CardSet>) = match knock {
            Some(k) if k.knocker == seat => {
                // The spread: declared melds with the layoffs joined on, then deadwood. A
                // layoff sits a little towards the middle of the table (off the row, inside
                // the window, whichever side knocked).
                let laid = k.laid_off();
                let toward_middle = if seat == HUMAN { ch * 0.12 } else { -ch * 0.12 };
                let spread = k.current_melds();
                let mut g: Vec<Vec<InRow>> = spread
                    .iter()
                    .map(|m| {
                        m.sorted_cards()
                            .into_iter()
                            .map(|c| (c, if laid.contains(c) { toward_middle } else { 0.0 }, 0.0))
                            .collect()
                    })
                    .collect();
                let mut dead: Vec<Card> = k.deadwood.iter().collect();
                dead.sort_by_key(|c| (c.rank(), c.suit()));
                g.push(dead.into_iter().map(|c| (c, 0.0, 0.0)).collect());
                (g, spread.iter().map(|m| m.cards()).collect())
            }
            _ => {
                let (order, starts) = if seat == HUMAN && !over && knock.is_none() {
                    order.order(hand)
                } else if face_up {
                    arranged(hand)
                } else {
                    (hand.iter().collect(), Vec::new())
                };
                if seat == HUMAN {
                    out.hand = order.clone();
                }
                let mut bounds: Vec<usize> = starts
                    .into_iter()
                    .filter(|&s| s > 0 && s < order.len())
                    .collect();
                bounds.push(order.len());
                let mut g = Vec::new();
                let mut from = 0;
                for b in bounds {
                    let lift_of = |c: Card| if seat == HUMAN { lifts.of(c) } else { 0.0 };
                    g.push(
                        order[from..b]
                            .iter()
                            .map(|&c| (c, 0.0, lift_of(c)))
                            .collect(),
                    );
                    from = b;
                }
                let melds = if face_up {
                    best_arrangement(hand)
                        .melds
                        .iter()
                        .map(|m| m.cards())
                        .collect()
                } else {
                    Vec::new()
                };
                (g, melds)
            }
        };
        let start = cards.len();
        let rects = row(met, y_of(seat), &groups, face_up, 10.0, cards);
        if let Some(k) = knock
            && k.knocker == seat
        {
            out.melds = rects[..rects.len() - 1].to_vec();
        }
        let shown: Vec<Card> = cards[start..].iter().map(|p| p.0).collect();
        let b = bands(&cards[start..], &shown, &melds, met);
        out.bands.extend(b);
    }
    if out.hand.is_empty() {
        out.hand = r.hand(HUMAN).iter().collect();
    }
    out
}

/// The card under `world`: the topmost one whose rectangle contains it.
pub(crate) fn card_at(
    world: Vec2,
    cards: impl Iterator<Item = (Card, Vec3, Vec2)>,
) -> Option<Card> {
    let mut best: Option<(f32, Card)> = None;
    for (c, pos, size) in cards {
        let d = (world - pos.truncate()).abs();
        if d.x <= size.x / 2.0 && d.y <= size.y / 2.0 && best.is_none_or(|(z, _)| pos.z > z) {
            best = Some((pos.z, c));
        }
    }
    best.map(|b| b.1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gui::table::hand_order::SortMode;
    use crate::rules::{Action, RuleSettings};

    #[test]
    fn every_card_placed_once_inside_the_window_at_every_size() {
        for size in [
            Vec2::new(1024.0, 640.0),
            Vec2::new(1280.0, 800.0),
            Vec2::new(3840.0, 2160.0),
        ] {
            let met = Metrics::new(size);
            let mut m = Match::new(RuleSettings::default(), 12);
            for step in 0..60 {
                let l = layout(&m, met, &HandOrder::default(), Lifts::default());
                assert_eq!(l.cards.len(), 52, "step {step}");
                let set: CardSet = l.cards.iter().map(|p| p.0).collect();
                assert_eq!(set.len(), 52, "a card placed twice at step {step}");
                let r = m.round();
                for (c, p) in &l.cards {
                    if r.hand(HUMAN).contains(*c) {
                        assert!(p.face_up, "own cards face up");
                    }
                    if r.stock().contains(c) {
                        assert!(!p.face_up, "stock face down");
                    }
                    if r.hand(OPPONENT).contains(*c) && r.knock().is_none() && !r.is_finished() {
                        assert!(!p.face_up, "computer's hand hidden during play");
                    }
                    // Whole card inside the window.
                    let half = size / 2.0 - met.card / 2.0;
                    assert!(
                        p.pos.x.abs() <= half.x + 0.5 && p.pos.y.abs() <= half.y + 0.5,
                        "{c} at {:?} off a {size} window",
                        p.pos
                    );
                }
                // Rows leave the name plates their room at both ends.
                for (c, p) in &l.cards {
                    if r.hand(HUMAN).contains(*c) || r.hand(OPPONENT).contains(*c) {
                        assert!(
                            p.pos.x.abs() + met.card.x / 2.0
                                <= size.x / 2.0 - met.side_reserve() + 0.5,
                            "{c} runs under a name plate at {size}"
                        );
                    }
                }
                // Hands never cover the piles.
                for (c, p) in &l.cards {
                    if r.hand(HUMAN).contains(*c) || r.hand(OPPONENT).contains(*c) {
                        assert!(
                            (p.pos.y - met.discard().y).abs() >= met.card.y * 0.9,
                            "{c} overlaps the piles at {size}"
                        );
                    }
                }
                let Some(seat) = m.round().to_act() else {
                    break;
                };
                let a = m.round().legal_actions()[0].clone();
                m.apply(seat, a).unwrap();
            }
        }
    }

    #[test]
    fn a_raised_card_still_answers_where_it_was() {
        let m = Match::new(RuleSettings::default(), 5);
        let met = Metrics::new(Vec2::new(1280.0, 800.0));
        let before = layout(&m, met, &HandOrder::default(), Lifts::default());
        let c = *before.hand.last().unwrap();
        let low = before.get(c).unwrap().pos.truncate() - Vec2::Y * met.card.y * 0.45;
        let raised = layout(
            &m,
            met,
            &HandOrder::default(),
            Lifts {
                raised: Some(c),
                pointed: None,
            },
        );
        let at = |l: &Layout| {
            card_at(
                low,
                l.cards.iter().map(|(k, p)| {
                    let (pos, size) = hit_box(p.pos, met.card, p.lift);
                    (*k, pos, size)
                }),
            )
        };
        assert_eq!(at(&before), Some(c));
        // Raised, its own rectangle no longer reaches down there...
        let p = raised.get(c).unwrap().pos;
        assert!(p.y - met.card.y / 2.0 > low.y);
        // ...but its hit box does.
        assert_eq!(at(&raised), Some(c));
    }

    #[test]
    fn melds_sit_on_bands_and_deadwood_does_not_in_every_sort() {
        let met = Metrics::new(Vec2::new(1280.0, 800.0));
        let mut checked = 0;
        let mut two_melds = 0;
        for seed in 0..1500 {
            let m = Match::new(RuleSettings::default(), seed);
            let hand = m.round().hand(HUMAN);
            let a = best_arrangement(hand);
            if a.melds.is_empty() {
                continue;
            }
            if a.melds.len() >= 2 {
                two_melds += 1;
            }
            for mode in [SortMode::Melds, SortMode::Rank, SortMode::Suit] {
                let order = HandOrder {
                    mode,
                    custom: vec![],
                };
                let l = layout(&m, met, &order, Lifts::default());
                let on_band = |c: Card| {
                    let p = l.get(c).unwrap().pos.truncate();
                    l.bands.iter().any(|b| b.contains(p))
                };
                for c in a.deadwood.iter() {
                    assert!(!on_band(c), "seed {seed} {mode:?}: deadwood {c} on a band");
                }
                if mode == SortMode::Melds {
                    // Grouped by melds, every melded card is on its meld's band.
                    assert_eq!(l.bands.len(), a.melds.len(), "seed {seed}");
                    for meld in &a.melds {
                        for c in meld.cards().iter() {
                            assert!(on_band(c), "seed {seed}: {c} of a meld off its band");
                        }
                    }
                }
                // Bands stay inside the window and apart from each other.
                for (i, b) in l.bands.iter().enumerate() {
                    assert!(b.min.y >= -met.size.y / 2.0 && b.max.x <= met.size.x / 2.0);
                    for c in &l.bands[i + 1..] {
                        if (b.center().y - c.center().y).abs() < met.card.y {
                            assert!(b.intersect(*c).is_empty(), "seed {seed}: bands overlap");
                        }
                    }
                }
            }
            checked += 1;
        }
        assert!(checked > 5, "too few deals with a meld");
        assert!(two_melds > 3, "too few deals with two melds: {two_melds}");
    }

    #[test]
    fn the_pointed_card_stands_up_a_little_and_the_raised_one_more() {
        let m = Match::new(RuleSettings::default(), 5);
        let met = Metrics::new(Vec2::new(1280.0, 800.0));
        let flat = layout(&m, met, &HandOrder::default(), Lifts::default());
        let (a, b) = (flat.hand[2], flat.hand[5]);
        let l = layout(
            &m,
            met,
            &HandOrder::default(),
            Lifts {
                raised: Some(a),
                pointed: Some(b),
            },
        );
        let dy = |c: Card| l.get(c).unwrap().pos.y - flat.get(c).unwrap().pos.y;
        assert!((dy(a) - RAISE * met.card.y).abs() < 1e-3);
        assert!((dy(b) - HOVER * met.card.y).abs() < 1e-3);
        assert_eq!(l.get(b).unwrap().lift, HOVER);
        assert_eq!(dy(flat.hand[0]), 0.0);
        // The top of a pile rises too when pointed at; nothing else in the pile does.
        let top = m.round().discard_top().unwrap();
        let l = layout(
            &m,
            met,
            &HandOrder::default(),
            Lifts {
                raised: None,
                pointed: Some(top),
            },
        );
        assert!(l.get(top).unwrap().pos.y > flat.get(top).unwrap().pos.y);
        // Only the piles' bottom cards (and the discard top) cast shadows.
        let stock = m.round().stock();
        assert!(l.get(stock[0]).unwrap().shadow);
        assert!(!l.get(stock[1]).unwrap().shadow);
        assert!(l.get(top).unwrap().shadow);
    }

    #[test]
    fn layoffs_on_the_players_spread_stay_inside_the_window() {
        // The player knocks; the computer lays off every card that fits, one after another.
        let mut m = scripted_knock(HUMAN);
        while let Some(a) = m
            .round()
            .legal_actions()
            .into_iter()
            .find(|a| matches!(a, Action::LayOff { .. }))
        {
            m.apply(OPPONENT, a).unwrap();
        }
        let k = m.round().knock().unwrap();
        assert_eq!(
            k.laid_off().len(),
            4,
            "the 6♣ and 7♣, the Q♠ and then the K♠"
        );
        for size in [Vec2::new(1024.0, 640.0), Vec2::new(1280.0, 800.0)] {
            let met = Metrics::new(size);
            let l = layout(&m, met, &HandOrder::default(), Lifts::default());
            for c in k.laid_off().iter() {
                let p = l.get(c).unwrap().pos;
                assert!(
                    p.y - met.card.y / 2.0 >= -size.y / 2.0,
                    "the layoff {c} hangs off the bottom at {size}"
                );
                assert!(p.y > met.hand_y(), "a layoff sits towards the middle");
            }
        }
    }

    #[test]
    fn a_drop_lands_between_the_cards_it_falls_between() {
        let m = Match::new(RuleSettings::default(), 5);
        let met = Metrics::new(Vec2::new(1280.0, 800.0));
        let l = layout(&m, met, &HandOrder::default(), Lifts::default());
        let first = l.hand[0];
        let x = |c: Card| l.get(c).unwrap().pos.x;
        // Dropped just right of the third card: it lands after it.
        assert_eq!(l.hand_slot(first, x(l.hand[2]) + 1.0), 2);
        assert_eq!(l.hand_slot(first, -10_000.0), 0);
        assert_eq!(l.hand_slot(first, 10_000.0), l.hand.len() - 1);
    }

    /// A scripted knock: the knocker (`knocker`, not dealing) holds three melds and the 2♥,
    /// takes the K♦ upcard and knocks throwing the 2♥; the other holds the 6♣, 7♣, Q♠ and K♠,
    /// which lay off on those melds. The defender is to lay off.
    fn scripted_knock(knocker: crate::rules::Seat) -> Match {
        use crate::rules::{CardSet, Round, best_arrangement};
        let melds = CardSet::parse("3C 4C 5C 7D 7H 7S 9S TS JS 2H").unwrap();
        let other = CardSet::parse("6C QS 7C AD 2D 5D 8H 9H KH KS").unwrap();
        let hands = if knocker == HUMAN {
            [melds, other]
        } else {
            [other, melds]
        };
        let upcard = "KD".parse().unwrap();
        let round = Round::with_hands(
            RuleSettings::default(),
            knocker.other(),
            hands,
            upcard,
            None,
        )
        .unwrap();
        let mut m = Match::with_round(round);
        m.apply(knocker, Action::TakeUpcard).unwrap();
        let discard = "2H".parse().unwrap();
        let melds = best_arrangement(m.round().hand(knocker).without(discard)).melds;
        m.apply(knocker, Action::Knock { discard, melds }).unwrap();
        m
    }

    #[test]
    fn the_knockers_melds_are_drop_targets_and_layoffs_join_them() {
        let mut m = scripted_knock(OPPONENT);
        let r = m.round();
        let k = r.knock().unwrap();
        let Some(Action::LayOff { card, meld }) = r
            .legal_actions()
            .into_iter()
            .find(|a| matches!(a, Action::LayOff { .. }))
        else {
            panic!("the player has layoffs");
        };
        let met = Metrics::new(Vec2::new(1280.0, 800.0));
        let l = layout(&m, met, &HandOrder::default(), Lifts::default());
        assert_eq!(l.melds.len(), k.melds.len());
        assert_eq!(l.melds.len(), 3);
        for (i, meld) in k.melds.iter().enumerate() {
            for c in meld.cards().iter() {
                let p = l.get(c).unwrap();
                assert!(p.face_up);
                assert_eq!(l.meld_at(p.pos.truncate()), Some(i), "{c} in meld {i}");
            }
        }
        m.apply(HUMAN, Action::LayOff { card, meld }).unwrap();
        let l = layout(&m, met, &HandOrder::default(), Lifts::default());
        let p = l.get(card).unwrap();
        assert!(p.face_up);
        assert_eq!(
            l.meld_at(p.pos.truncate() + Vec2::Y * met.card.y * 0.3),
            Some(meld)
        );
        assert!(!l.hand.contains(&card));
    }
}
