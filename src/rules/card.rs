//! Cards, ranks, suits, the deck and [`CardSet`], the hand type.
//!
//! A card is one byte, `suit * 13 + (rank - 1)`, and a set of cards is one `u64` bit set.
//! Why: the meld solver, the AI and the simulator spend most of their time asking "is this card
//! in the hand", "which cards of this suit", "how many points left", and a bit set answers each
//! with a few instructions, copies for free and can never hold a card twice. Order of cards in a
//! player's hand is a presentation matter (the table arranges it), so the core does not keep it.
//! Piles whose order matters (stock, discard pile) are `Vec<Card>` with the top at the end.
//!
//! The text form is two characters, rank then suit: `AS`, `TD`, `KH` (`10D` is also accepted
//! when parsing). Serde uses the same text so save files stay readable.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The four suits, in the order used for card indices (clubs, diamonds, hearts, spades).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Suit {
    /// Clubs.
    Clubs,
    /// Diamonds.
    Diamonds,
    /// Hearts.
    Hearts,
    /// Spades.
    Spades,
}

impl Suit {
    /// The four suits, in index order.
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];

    /// The suit's index, 0 to 3.
    pub fn index(self) -> u8 {
        self as u8
    }

    /// The suit of index `i`, if it is one.
    pub fn from_index(i: u8) -> Option<Suit> {
        Suit::ALL.get(i as usize).copied()
    }

    /// The letter used in the text form: C, D, H, S.
    pub fn letter(self) -> char {
        ['C', 'D', 'H', 'S'][self as usize]
    }

    /// The suit symbol, for display (not every font has it).
    pub fn symbol(self) -> char {
        ['♣', '♦', '♥', '♠'][self as usize]
    }

    /// Whether the suit is red.
    pub fn is_red(self) -> bool {
        matches!(self, Suit::Diamonds | Suit::Hearts)
    }
}

/// A rank from 1 (ace) to 13 (king). Ace is always low.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct Rank(u8);

impl Rank {
    /// The ace, always low.
    pub const ACE: Rank = Rank(1);
    /// The king.
    pub const KING: Rank = Rank(13);

    /// `None` unless `1 <= n <= 13`.
    pub fn new(n: u8) -> Option<Rank> {
        (1..=13).contains(&n).then_some(Rank(n))
    }

    /// Every rank, ace to king.
    pub fn all() -> impl Iterator<Item = Rank> {
        (1..=13).map(Rank)
    }

    /// The rank's number, 1 (ace) to 13 (king).
    pub fn value(self) -> u8 {
        self.0
    }

    /// Deadwood points: ace 1, two to ten face value, jack, queen and king 10.
    pub fn points(self) -> u32 {
        u32::from(self.0.min(10))
    }

    /// The rank's letter (A, 2-9, T, J, Q, K).
    pub fn letter(self) -> char {
        b"A23456789TJQK"[self.0 as usize - 1] as char
    }
}

impl TryFrom<u8> for Rank {
    type Error = String;
    fn try_from(n: u8) -> Result<Self, Self::Error> {
        Rank::new(n).ok_or_else(|| format!("rank {n} is not between 1 and 13"))
    }
}

impl From<Rank> for u8 {
    fn from(r: Rank) -> u8 {
        r.0
    }
}

/// One of the 52 cards.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card(u8);

impl Card {
    /// The card of `rank` and `suit`.
    pub fn new(rank: Rank, suit: Suit) -> Card {
        Card(suit.index() * 13 + rank.value() - 1)
    }

    /// The card with index `0..52` (`suit * 13 + rank - 1`).
    pub fn from_index(i: u8) -> Option<Card> {
        (i < 52).then_some(Card(i))
    }

    /// The card's index, 0 to 51.
    pub fn index(self) -> u8 {
        self.0
    }

    /// Its rank.
    pub fn rank(self) -> Rank {
        Rank(self.0 % 13 + 1)
    }

    /// Its suit.
    pub fn suit(self) -> Suit {
        Suit::ALL[(self.0 / 13) as usize]
    }

    /// Its deadwood points: ace 1, faces 10, others their number.
    pub fn points(self) -> u32 {
        self.rank().points()
    }

    /// All 52 cards in index order.
    pub fn all() -> impl Iterator<Item = Card> {
        (0..52).map(Card)
    }

    /// The next higher card of the same suit, if any (king has none).
    pub fn succ(self) -> Option<Card> {
        (self.rank().value() < 13).then(|| Card(self.0 + 1))
    }

    /// The next lower card of the same suit, if any (ace has none).
    pub fn pred(self) -> Option<Card> {
        (self.rank().value() > 1).then(|| Card(self.0 - 1))
    }

    fn bit(self) -> u64 {
        1 << self.0
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank().letter(), self.suit().letter())
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Why a card or hand text did not parse.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{text}` is not a card (expected rank A,2-9,T,J,Q,K then suit C,D,H,S, e.g. `TD`)")]
pub struct ParseCardError {
    /// The text that did not parse.
    pub text: String,
}

impl FromStr for Card {
    type Err = ParseCardError;
    fn from_str(s: &str) -> Result<Card, ParseCardError> {
        let err = || ParseCardError {
            text: s.to_string(),
        };
        let t = s.trim();
        let mut chars: Vec<char> = t.chars().map(|c| c.to_ascii_uppercase()).collect();
        let suit_ch = chars.pop().ok_or_else(err)?;
        let suit = match suit_ch {
            'C' | '♣' => Suit::Clubs,
            'D' | '♦' => Suit::Diamonds,
            'H' | '♥' => Suit::Hearts,
            'S' | '♠' => Suit::Spades,
            _ => return Err(err()),
        };
        let rank_text: String = chars.into_iter().collect();
        let rank = match rank_text.as_str() {
            "A" | "1" => 1,
            "T" | "10" => 10,
            "J" => 11,
            "Q" => 12,
            "K" => 13,
            d if d.len() == 1 && ('2'..='9').contains(&d.chars().next().unwrap_or('x')) => {
                d.as_bytes()[0] - b'0'
            }
            _ => return Err(err()),
        };
        Ok(Card::new(Rank(rank), suit))
    }
}

impl Serialize for Card {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Card {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Card, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// A set of distinct cards (a hand, a meld, the cards seen so far ...) as a 52-bit mask.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct CardSet(u64);

impl CardSet {
    /// No card.
    pub const EMPTY: CardSet = CardSet(0);
    /// All 52 cards.
    pub const FULL: CardSet = CardSet((1 << 52) - 1);

    /// From a raw mask; bits above 51 are dropped.
    pub fn from_bits(bits: u64) -> CardSet {
        CardSet(bits & Self::FULL.0)
    }

    /// The set as bits, one per card index.
    pub fn bits(self) -> u64 {
        self.0
    }

    /// How many cards it holds.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether it holds no card.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether it holds `c`.
    pub fn contains(self, c: Card) -> bool {
        self.0 & c.bit() != 0
    }

    /// Adds `c`; returns false if it was already there.
    pub fn insert(&mut self, c: Card) -> bool {
        let had = self.contains(c);
        self.0 |= c.bit();
        !had
    }

    /// Removes `c`; returns false if it was not there.
    pub fn remove(&mut self, c: Card) -> bool {
        let had = self.contains(c);
        self.0 &= !c.bit();
        had
    }

    /// The set with `c` added.
    pub fn with(self, c: Card) -> CardSet {
        CardSet(self.0 | c.bit())
    }

    /// The set with `c` taken out.
    pub fn without(self, c: Card) -> CardSet {
        CardSet(self.0 & !c.bit())
    }

    /// The cards in either set.
    pub fn union(self, o: CardSet) -> CardSet {
        CardSet(self.0 | o.0)
    }

    /// The cards in both sets.
    pub fn intersection(self, o: CardSet) -> CardSet {
        CardSet(self.0 & o.0)
    }

    /// The cards of this set not in `o`.
    pub fn difference(self, o: CardSet) -> CardSet {
        CardSet(self.0 & !o.0)
    }

    /// Whether every card of it is in `o`.
    pub fn is_subset(self, o: CardSet) -> bool {
        self.0 & !o.0 == 0
    }

    /// Whether it shares no card with `o`.
    pub fn is_disjoint(self, o: CardSet) -> bool {
        self.0 & o.0 == 0
    }

    /// The cards in index order (clubs A..K, diamonds, hearts, spades).
    pub fn iter(self) -> CardSetIter {
        CardSetIter(self.0)
    }

    /// The lowest-index card, if any.
    pub fn first(self) -> Option<Card> {
        (self.0 != 0).then(|| Card(self.0.trailing_zeros() as u8))
    }

    /// Deadwood points of all cards in the set.
    pub fn points(self) -> u32 {
        self.iter().map(Card::points).sum()
    }

    /// The cards of one suit, as a 13-bit mask with bit `rank - 1`.
    pub fn suit_mask(self, s: Suit) -> u16 {
        ((self.0 >> (13 * s.index() as u64)) & 0x1fff) as u16
    }

    /// The cards of this set that have rank `r`.
    pub fn of_rank(self, r: Rank) -> CardSet {
        CardSet(self.0 & ((1u64 | 1 << 13 | 1 << 26 | 1 << 39) << (r.value() - 1)))
    }

    /// The cards of one rank, as a 4-bit mask with bit `suit index`.
    pub fn rank_mask(self, r: Rank) -> u8 {
        let mut m = 0u8;
        for s in Suit::ALL {
            if self.contains(Card::new(r, s)) {
                m |= 1 << s.index();
            }
        }
        m
    }

    /// Parses a space- or comma-separated list such as `"AS 2S 3S TD"`. Repeated cards are an
    /// error, since a hand never holds a card twice.
    pub fn parse(text: &str) -> Result<CardSet, ParseCardError> {
        let mut set = CardSet::EMPTY;
        for tok in text
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|t| !t.is_empty())
        {
            let c: Card = tok.parse()?;
            if !set.insert(c) {
                return Err(ParseCardError {
                    text: format!("{tok} (repeated)"),
                });
            }
        }
        Ok(set)
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(it: I) -> CardSet {
        let mut s = CardSet::EMPTY;
        for c in it {
            s.insert(c);
        }
        s
    }
}

impl IntoIterator for CardSet {
    type Item = Card;
    type IntoIter = CardSetIter;
    fn into_iter(self) -> CardSetIter {
        self.iter()
    }
}

/// Iterator over a [`CardSet`] in index order.
#[derive(Clone)]
pub struct CardSetIter(u64);

impl Iterator for CardSetIter {
    type Item = Card;
    fn next(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Some(Card(i as u8))
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for CardSetIter {}

impl fmt::Display for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for c in self.iter() {
            if !first {
                f.write_str(" ")?;
            }
            first = false;
            write!(f, "{c}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{self}]")
    }
}

impl FromStr for CardSet {
    type Err = ParseCardError;
    fn from_str(s: &str) -> Result<CardSet, ParseCardError> {
        CardSet::parse(s)
    }
}

impl Serialize for CardSet {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for CardSet {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<CardSet, D::Error> {
        let s = String::deserialize(d)?;
        CardSet::parse(&s).map_err(serde::de::Error::custom)
    }
}

/// Shorthand for tests and examples: `cards("AS 2S 3S")`. Panics on bad text, so it is only
/// for literals written by hand.
#[cfg(test)]
pub(crate) fn cards(text: &str) -> CardSet {
    CardSet::parse(text).expect("test card literal")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_round_trip_for_every_card() {
        for c in Card::all() {
            let t = c.to_string();
            assert_eq!(t.len(), 2);
            assert_eq!(t.parse::<Card>().unwrap(), c);
        }
        assert_eq!("10d".parse::<Card>().unwrap().to_string(), "TD");
        assert_eq!("a♠".parse::<Card>().unwrap().to_string(), "AS");
    }

    #[test]
    fn bad_card_text_is_an_error() {
        for bad in ["", "S", "1", "11S", "ZS", "AX", "0H", "AS2"] {
            assert!(bad.parse::<Card>().is_err(), "{bad:?} parsed");
        }
        assert!(CardSet::parse("AS AS").is_err());
    }

    #[test]
    fn points_ace_low_faces_ten() {
        let p = |t: &str| t.parse::<Card>().unwrap().points();
        assert_eq!(p("AC"), 1);
        assert_eq!(p("7H"), 7);
        assert_eq!(p("TS"), 10);
        assert_eq!(p("JD"), 10);
        assert_eq!(p("KS"), 10);
        assert_eq!(
            CardSet::FULL.points(),
            4 * (1 + 2 + 3 + 4 + 5 + 6 + 7 + 8 + 9 + 40)
        );
    }

    #[test]
    fn succ_and_pred_stop_at_king_and_ace() {
        let c = |t: &str| t.parse::<Card>().unwrap();
        assert_eq!(c("KS").succ(), None);
        assert_eq!(c("AS").pred(), None);
        assert_eq!(c("QS").succ(), Some(c("KS")));
        assert_eq!(c("2D").pred(), Some(c("AD")));
        // The ace of clubs is card 0: no underflow, and the king of spades is the last card.
        assert_eq!(c("AC").pred(), None);
        assert_eq!(c("KS").succ(), None);
    }

    #[test]
    fn card_set_basics() {
        let h = cards("AS 2S 3S TD");
        assert_eq!(h.len(), 4);
        assert_eq!(h.points(), 16);
        assert_eq!(h.to_string(), "TD AS 2S 3S");
        assert_eq!(h.suit_mask(Suit::Spades), 0b111);
        assert_eq!(h.rank_mask(Rank::ACE), 1 << 3);
        assert_eq!(h.of_rank(Rank::ACE), cards("AS"));
        assert_eq!(CardSet::FULL.of_rank(Rank::KING), cards("KC KD KH KS"));
        let ron = ron::to_string(&h).unwrap();
        assert_eq!(ron::from_str::<CardSet>(&ron).unwrap(), h);
        assert!(ron::from_str::<CardSet>("\"AS XX\"").is_err());
    }
}
