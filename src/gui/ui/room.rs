//! Where the overlay may go: every table item the player must see or click (cards, piles,
//! buttons, name plates, the prompt and the computer's last turn) as a rectangle in window
//! pixels, and a search for the first free place of a given size beside them.
//!
//! Decisions:
//! - A layout rule, not hand-picked sizes: the overlay asks [`table_items`] what is on the
//!   table now and puts each window where [`find`] says it is free. The headless grid test
//!   asks the same function, so the rule is checked at every size, text size and language.
//! - The prompt and the computer's last turn keep their whole room (not only the words shown
//!   now), so a window does not jump each time a sentence gets longer or shorter.
//! - Once a round is over the piles mean nothing and the round's banner may lie over them.
//! - Where the round review (which the player asked for) has no free place, it may lie over
//!   the other side's hand, plate and last-turn line ([`Keep::yields`]) rather than the piles.
//! - Pure: no systems here, so all of it is unit-tested without Bevy running.

use bevy::prelude::*;

use crate::ai::Level;
use crate::gui::app::screen::Metrics;
use crate::gui::app::speech::Speech;
use crate::gui::input::offer::Button;
use crate::gui::scene::hud::{narration_box, status_box};
use crate::gui::scene::plates::seat_plates;
use crate::gui::table::command::HandView;
use crate::gui::table::layout::{Lifts, RAISE, layout, row_width};
use crate::gui::table::phase::TurnPhase;
use crate::rules::Match;
use crate::seats::HUMAN;

/// One thing on the table that nothing may cover: what it is (its label, or in English for a
/// test's message) and its
/// rectangle in window pixels (logical, from the window's top-left corner, y down).
#[derive(Clone, Debug, PartialEq)]
pub struct Keep {
    /// What it is, for messages.
    pub what: String,
    /// Where it is, in window pixels.
    pub rect: Rect,
    /// A window the player asked for (the round review) may lie over it where it has no room
    /// elsewhere: the other side's hand, its name plate and the line telling its last turn
    /// (which the round's moves window tells too). Never the piles, the player's own hand and
    /// plate, the prompt or a button: what the player plays with stays in view and in reach.
    pub yields: bool,
}

/// A table rectangle (centre origin, y up) in window pixels (top-left origin, y down).
pub(crate) fn to_window(met: Metrics, r: Rect) -> Rect {
    let h = met.size / 2.0;
    Rect::new(r.min.x + h.x, h.y - r.max.y, r.max.x + h.x, h.y - r.min.y)
}

/// Everything on the table now that the overlay must leave uncovered, the `buttons` shown
/// (`input::buttons`' entities) included.
pub fn table_items<'a>(
    m: &Match,
    hand: &HandView,
    phase: TurnPhase,
    level: Level,
    met: Metrics,
    sp: &Speech,
    buttons: impl IntoIterator<Item = &'a Button>,
) -> Vec<Keep> {
    let mut out = Vec::new();
    let mut add = |what: String, r: Rect, yields: bool| {
        out.push(Keep {
            what,
            rect: to_window(met, r),
            yields,
        })
    };
    for (what, rect) in card_groups(m, hand, phase, met) {
        if let Some(rect) = rect {
            let yields = what == "computer-hand";
            add(what, rect, yields);
        }
    }
    for b in buttons {
        add(b.label.clone(), b.rect(), false);
    }
    for p in seat_plates(m, phase, level, met, sp) {
        let mut rect = Rect::from_center_size(p.pos, p.size);
        if p.dealer {
            let d = p.size.y * 0.8;
            let chip = p.pos + Vec2::X * (p.size.x / 2.0 + d * 0.5 + 6.0 * met.ui_scale());
            rect = rect.union(Rect::from_center_size(chip, Vec2::splat(d)));
        }
        add(p.name, rect, p.seat != HUMAN);
    }
    add("status-line".to_string(), status_box(met), false);
    if !matches!(phase, TurnPhase::Dealing | TurnPhase::RoundOver) {
        add("computer-turn-line".to_string(), narration_box(met), true);
    }
    out
}

/// The room each group of cards takes on the table: the other side's row, the player's, the
/// stock and the discard pile (none for a group with no card, or the piles once the round is
/// over).
fn card_groups(
    m: &Match,
    hand: &HandView,
    phase: TurnPhase,
    met: Metrics,
) -> [(String, Option<Rect>); 4] {
    let r = m.round();
    let lifts = Lifts {
        raised: hand.selected,
        pointed: None,
    };
    let l = layout(m, met, &hand.order, lifts);
    let stock = r.stock();
    let pile = r.discard_pile();
    let over = phase == TurnPhase::RoundOver;
    let mut groups: [(String, Option<Rect>); 4] = [
        ("computer-hand".to_string(), None),
        ("player-hand".to_string(), None),
        ("stock-pile".to_string(), None),
        ("discard-pile".to_string(), None),
    ];
    for (c, p) in &l.cards {
        let g = if stock.contains(c) {
            2
        } else if pile.contains(c) {
            3
        } else if p.pos.y > 0.0 {
            0
        } else {
            1
        };
        if over && g >= 2 {
            continue;
        }
        let mut rect = Rect::from_center_size(p.pos.truncate(), met.card);
        // A card of the player's may rise when clicked: its room goes up with it.
        if g == 1 {
            rect.max.y = rect.max.y.max(p.pos.y + met.card.y * (0.5 + RAISE));
        }
        let slot = &mut groups[g].1;
        *slot = Some(slot.map_or(rect, |s| s.union(rect)));
    }
    // The other side's row is kept clear as wide as it grows: it holds an eleventh card
    // between its draw and its discard. Kept at its ten-card width, a window beside it moved
    // down below it and back up on every turn of the other side's.
    if let Some(rect) = groups[0].1.as_mut() {
        let widest = row_width(met, 11);
        if rect.width() < widest {
            *rect = Rect::from_center_size(rect.center(), Vec2::new(widest, rect.height()));
        }
    }
    groups
}

/// Which edge of its region a window keeps to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Edge {
    /// Against the left edge.
    Left,
    /// Against the right edge.
    Right,
    /// In the middle.
    Center,
}

/// A free place: the rectangle for the size asked, and how far down the room goes below its
/// top (for a window whose list may grow into it).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Spot {
    /// Where it goes, in window pixels.
    pub rect: Rect,
    /// How far down it may grow.
    pub bottom: f32,
}

/// Where the overlay put a window, in egui points: its top-left corner, the scale its text is
/// drawn at (1 = the player's size; less where the room is short), and how far down it may
/// grow.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct PlacedWindow {
    pub pos: Vec2,
    pub scale: f32,
    pub bottom: f32,
}

/// How far the overlay keeps from what it must not cover, in window pixels.
pub(crate) const GAP: f32 = 6.0;

/// A place in `region` for a `size` rectangle kept to `side` that touches none of `keep`
/// (each kept `GAP` clear), or `None` if there is none: against the region's edge on that
/// side if there is room there, else against the nearest kept thing that leaves room (beside
/// a button rather than not at all); the highest free place along that line.
pub fn find(size: Vec2, region: Rect, side: Edge, keep: &[Rect]) -> Option<Spot> {
    if size.x > region.width() + 0.01 || size.y > region.height() + 0.01 {
        return None;
    }
    let mut xs = vec![match side {
        Edge::Left => region.min.x,
        Edge::Right => region.max.x - size.x,
        Edge::Center => region.center().x - size.x / 2.0,
    }];
    let beside = keep.iter().map(|k| k.inflate(GAP));
    match side {
        Edge::Left => {
            let mut more: Vec<f32> = beside.map(|k| k.max.x).collect();
            more.sort_by(f32::total_cmp);
            xs.extend(more);
        }
        Edge::Right => {
            let mut more: Vec<f32> = beside.map(|k| k.min.x - size.x).collect();
            more.sort_by(|a, b| b.total_cmp(a));
            xs.extend(more);
        }
        Edge::Center => {}
    }
    xs.into_iter()
        .filter(|&x| x >= region.min.x - 0.01 && x + size.x <= region.max.x + 0.01)
        .find_map(|x| find_at(x, size, region, keep))
}

/// The highest free place for a `size` rectangle whose left edge is at `x0`.
fn find_at(x0: f32, size: Vec2, region: Rect, keep: &[Rect]) -> Option<Spot> {
    let x1 = x0 + size.x;
    let near: Vec<Rect> = keep
        .iter()
        .map(|k| k.inflate(GAP))
        .filter(|k| k.min.x < x1 && k.max.x > x0)
        .collect();
    let mut tops: Vec<f32> = std::iter::once(region.min.y)
        .chain(near.iter().map(|k| k.max.y))
        .filter(|&t| t >= region.min.y && t + size.y <= region.max.y + 0.01)
        .collect();
    tops.sort_by(f32::total_cmp);
    for t in tops {
        if near.iter().any(|k| k.min.y <= t && k.max.y > t) {
            continue;
        }
        let bottom = near
            .iter()
            .filter(|k| k.min.y > t)
            .map(|k| k.min.y)
            .fold(region.max.y, f32::min);
        if bottom - t + 0.01 >= size.y {
            return Some(Spot {
                rect: Rect::new(x0, t, x1, t + size.y),
                bottom,
            });
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gui::input::offer::buttons;
    use crate::rules::RuleSettings;

    #[test]
    fn find_takes_the_highest_free_place_and_says_how_far_down_it_is_free() {
        let region = Rect::new(0.0, 0.0, 400.0, 400.0);
        let keep = [
            Rect::new(0.0, 50.0, 100.0, 100.0),
            Rect::new(0.0, 300.0, 400.0, 320.0),
        ];
        // Beside the first box there is room at the top.
        let s = find(Vec2::new(80.0, 40.0), region, Edge::Right, &keep).unwrap();
        assert_eq!(s.rect, Rect::new(320.0, 0.0, 400.0, 40.0));
        assert_eq!(s.bottom, 300.0 - GAP);
        // Kept left, the top is too short (50 - GAP), so it goes below the first box.
        let s = find(Vec2::new(80.0, 60.0), region, Edge::Left, &keep).unwrap();
        assert_eq!(s.rect.min.y, 100.0 + GAP);
        // Too tall for any gap.
        assert!(find(Vec2::new(80.0, 300.0), region, Edge::Left, &keep).is_none());
        // 150 high fits against the left edge below the first box, above the bar.
        let s = find(Vec2::new(80.0, 150.0), region, Edge::Left, &keep).unwrap();
        assert_eq!(s.rect.min, Vec2::new(0.0, 100.0 + GAP));
        // 200 high does not (188 free there): beside the first box, at the top.
        let s = find(Vec2::new(80.0, 200.0), region, Edge::Left, &keep).unwrap();
        assert_eq!(s.rect.min, Vec2::new(100.0 + GAP, 0.0));
        assert_eq!(s.bottom, 300.0 - GAP);
        // And kept right, against the edge while there is room.
        let s = find(Vec2::new(80.0, 150.0), region, Edge::Right, &keep).unwrap();
        assert_eq!(s.rect.min, Vec2::new(320.0, 0.0));
        // Too wide for the region.
        assert!(find(Vec2::new(401.0, 10.0), region, Edge::Center, &keep).is_none());
    }

    #[test]
    fn the_table_items_are_inside_the_window_and_the_piles_go_once_the_round_is_over() {
        let m = Match::new(RuleSettings::default(), 5);
        let sp = Speech::default();
        for size in [Vec2::new(1024.0, 640.0), Vec2::new(3840.0, 2160.0)] {
            let met = Metrics::new(size);
            let all = Rect::from_corners(Vec2::ZERO, size);
            let hand = HandView::default();
            let shown = buttons(&m, &hand, TurnPhase::UpcardOffer, met, &sp, false);
            let items = table_items(
                &m,
                &hand,
                TurnPhase::UpcardOffer,
                Level::Medium,
                met,
                &sp,
                &shown,
            );
            let names: Vec<&str> = items.iter().map(|k| k.what.as_str()).collect();
            for want in [
                "stock-pile",
                "discard-pile",
                "player-hand",
                "Pass",
                "Hint",
                "You",
            ] {
                assert!(names.contains(&want), "{want} missing from {names:?}");
            }
            for k in &items {
                assert!(
                    all.contains(k.rect.min) && all.contains(k.rect.max),
                    "{k:?}"
                );
            }
            let over = table_items(
                &m,
                &HandView::default(),
                TurnPhase::RoundOver,
                Level::Medium,
                met,
                &sp,
                &[],
            );
            assert!(!over.iter().any(|k| k.what == "stock-pile"));
        }
    }
}
