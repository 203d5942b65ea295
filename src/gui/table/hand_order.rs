//! The player's order for their hand: grouped by melds (the default), by rank, by suit, or the
//! order they dragged the cards into; pure.
//!
//! Decision: grouped by melds by default, because that is what the deadwood count refers to.
//! Sorting by rank or suit, or dragging cards into a custom order, is the player's choice and
//! is kept as the hand changes: new cards go to the right.

use serde::{Deserialize, Serialize};

use crate::rules::{Card, CardSet, best_arrangement};

/// How the player's hand is ordered.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum SortMode {
    /// Melds first, grouped, then deadwood by rank.
    #[default]
    Melds,
    /// By rank, then suit.
    Rank,
    /// By suit, then rank.
    Suit,
    /// The order the player dragged the cards into.
    Custom,
}

impl SortMode {
    /// The next sort, as the S key cycles them: melds, rank, suit.
    pub fn next(self) -> SortMode {
        match self {
            SortMode::Melds => SortMode::Rank,
            SortMode::Rank => SortMode::Suit,
            SortMode::Suit | SortMode::Custom => SortMode::Melds,
        }
    }
}

/// The player's hand order: a mode, and for `Custom` the order itself.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct HandOrder {
    /// The sort asked for.
    pub mode: SortMode,
    /// The player's own order, where the player has moved cards.
    pub custom: Vec<Card>,
}

impl HandOrder {
    /// The hand in display order, and the index where each meld group starts (only when
    /// grouping by melds).
    pub fn order(&self, hand: CardSet) -> (Vec<Card>, Vec<usize>) {
        let mut cards: Vec<Card> = hand.iter().collect();
        match self.mode {
            SortMode::Melds => return arranged(hand),
            SortMode::Rank => cards.sort_by_key(|c| (c.rank(), c.suit())),
            SortMode::Suit => cards.sort_by_key(|c| (c.suit(), c.rank())),
            SortMode::Custom => {
                let mut kept: Vec<Card> = self
                    .custom
                    .iter()
                    .copied()
                    .filter(|&c| hand.contains(c))
                    .collect();
                let known: CardSet = kept.iter().copied().collect();
                kept.extend(cards.into_iter().filter(|&c| !known.contains(c)));
                cards = kept;
            }
        }
        (cards, Vec::new())
    }

    /// Moves `card` to position `to` of the hand as now shown; the order becomes custom.
    pub(crate) fn move_card(&mut self, hand: CardSet, card: Card, to: usize) {
        if !hand.contains(card) {
            return;
        }
        let (mut cards, _) = self.order(hand);
        cards.retain(|&c| c != card);
        cards.insert(to.min(cards.len()), card);
        self.custom = cards;
        self.mode = SortMode::Custom;
    }
}

/// The order a hand is shown in: melds first (runs low to high, sets by suit), then deadwood by
/// rank; the index where each group starts, so the layout can leave a gap between groups.
pub(crate) fn arranged(hand: CardSet) -> (Vec<Card>, Vec<usize>) {
    let a = best_arrangement(hand);
    let mut order = Vec::new();
    let mut starts = Vec::new();
    for m in &a.melds {
        starts.push(order.len());
        order.extend(m.sorted_cards());
    }
    starts.push(order.len());
    let mut dead: Vec<Card> = a.deadwood.iter().collect();
    dead.sort_by_key(|c| (c.rank(), c.suit()));
    order.extend(dead);
    (order, starts)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hand_is_shown_melds_first() {
        let hand = CardSet::parse("KD 2C 3C 4C 9H 9S 9D 5H").unwrap();
        let (order, starts) = arranged(hand);
        assert_eq!(order.len(), 8);
        // Two melds (run, set) then the deadwood 5H KD.
        assert_eq!(starts, vec![0, 3, 6]);
        assert_eq!(order[6].to_string(), "5H");
        assert_eq!(order[7].to_string(), "KD");
    }

    #[test]
    fn sort_modes_and_a_dragged_order_that_survives_new_cards() {
        let hand = CardSet::parse("KD 2C 3C 4C 9H 9S 5H").unwrap();
        let names = |v: Vec<Card>| {
            v.iter()
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        };
        let mut o = HandOrder {
            mode: SortMode::Rank,
            custom: vec![],
        };
        assert_eq!(names(o.order(hand).0), "2C 3C 4C 5H 9H 9S KD");
        o.mode = SortMode::Suit;
        assert_eq!(names(o.order(hand).0), "2C 3C 4C KD 5H 9H 9S");
        // Drag KD to the front: custom order, everything else keeps its place.
        let kd = "KD".parse::<Card>().unwrap();
        o.move_card(hand, kd, 0);
        assert_eq!(o.mode, SortMode::Custom);
        assert_eq!(names(o.order(hand).0), "KD 2C 3C 4C 5H 9H 9S");
        // A new card goes to the right; a card that left the hand disappears.
        let later = hand.with("AS".parse::<Card>().unwrap()).without(kd);
        assert_eq!(names(o.order(later).0), "2C 3C 4C 5H 9H 9S AS");
        // A card not in the hand cannot be moved.
        let before = o.clone();
        o.move_card(hand, "QC".parse::<Card>().unwrap(), 2);
        assert_eq!(o, before);
    }
}
