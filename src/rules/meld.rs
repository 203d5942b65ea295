//! Melds and the meld solver.
//!
//! A meld is 3–4 cards of one rank, or 3+ consecutive cards of one suit with the ace low
//! (A-2-3 is a run, Q-K-A is not). [`Meld`] can only be built from a valid set of cards, so any
//! `Meld` in a round, a save file or an action is known to be valid.
//!
//! The solver ([`best_arrangement`]) is exact: it enumerates every partition of the hand into
//! disjoint melds plus deadwood by always deciding the lowest undecided card (deadwood, or one of
//! the candidate melds containing it that fit in what is left), which visits each partition once.
//! A hand of 10–11 cards has only a handful of candidate melds, so this takes microseconds and
//! needs no heuristics that could be wrong; the tests check it against a deliberately naive solver
//! over all subsets of candidate melds.
//!
//! Layoffs ([`best_layoffs`]) are searched the same way: the defender tries every card that fits
//! a (possibly already extended) knocker meld, and at each point may stop; the best final
//! deadwood wins. Laying off can break one of the defender's own melds, so "lay off whatever
//! fits" is not always right and the search is needed.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::card::{Card, CardSet};

/// What kind of meld.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum MeldKind {
    /// Three or four cards of one rank.
    Set,
    /// Three or more consecutive cards of one suit.
    Run,
}

/// A valid meld. Construct with [`Meld::new`].
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Meld(CardSet);

/// Whether `cards` form a valid meld.
pub fn is_meld(cards: CardSet) -> bool {
    meld_kind(cards).is_some()
}

fn meld_kind(cards: CardSet) -> Option<MeldKind> {
    let n = cards.len();
    if n < 3 {
        return None;
    }
    let first = cards.first()?;
    if cards.iter().all(|c| c.rank() == first.rank()) {
        return Some(MeldKind::Set);
    }
    let suit = first.suit();
    if cards.iter().all(|c| c.suit() == suit) {
        let m = cards.suit_mask(suit) >> first.rank().value().saturating_sub(1);
        if m & (m + 1) == 0 {
            return Some(MeldKind::Run);
        }
    }
    None
}

impl Meld {
    /// `None` unless the cards form a valid meld.
    pub fn new(cards: CardSet) -> Option<Meld> {
        is_meld(cards).then_some(Meld(cards))
    }

    /// Its cards.
    pub fn cards(self) -> CardSet {
        self.0
    }

    /// A set or a run.
    pub fn kind(self) -> MeldKind {
        meld_kind(self.0).unwrap_or(MeldKind::Set)
    }

    /// How many cards it has.
    pub fn len(self) -> usize {
        self.0.len()
    }

    /// Whether it has no card (never, for a meld made by `new`).
    pub fn is_empty(self) -> bool {
        false
    }

    /// The points of its cards.
    pub fn points(self) -> u32 {
        self.0.points()
    }

    /// The meld with `card` added, if that is still a valid meld (a fourth card of a set, or the
    /// next card at either end of a run).
    pub fn extended_by(self, card: Card) -> Option<Meld> {
        if self.0.contains(card) {
            return None;
        }
        Meld::new(self.0.with(card))
    }

    /// Cards shown in a natural order: runs low to high, sets by suit.
    pub fn sorted_cards(self) -> Vec<Card> {
        let mut v: Vec<Card> = self.0.iter().collect();
        v.sort_by_key(|c| (c.rank(), c.suit()));
        v
    }
}

impl std::fmt::Display for Meld {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let v: Vec<String> = self.sorted_cards().iter().map(|c| c.to_string()).collect();
        f.write_str(&v.join("-"))
    }
}

impl std::fmt::Debug for Meld {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Meld({self})")
    }
}

impl Serialize for Meld {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(s)
    }
}

impl<'de> Deserialize<'de> for Meld {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Meld, D::Error> {
        let set = CardSet::deserialize(d)?;
        Meld::new(set).ok_or_else(|| serde::de::Error::custom(format!("`{set}` is not a meld")))
    }
}

/// A hand split into melds and deadwood.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Arrangement {
    /// The melds.
    pub melds: Vec<Meld>,
    /// The cards in no meld.
    pub deadwood: CardSet,
}

impl Arrangement {
    /// Builds an arrangement of `hand` from chosen melds, checking that they are disjoint and
    /// inside the hand.
    pub fn from_melds(hand: CardSet, melds: &[Meld]) -> Result<Arrangement, ArrangementError> {
        let mut used = CardSet::EMPTY;
        for m in melds {
            if !m.cards().is_subset(hand) {
                return Err(ArrangementError::NotInHand(m.cards().difference(hand)));
            }
            if !m.cards().is_disjoint(used) {
                return Err(ArrangementError::Overlap(m.cards().intersection(used)));
            }
            used = used.union(m.cards());
        }
        Ok(Arrangement {
            melds: melds.to_vec(),
            deadwood: hand.difference(used),
        })
    }

    /// The points of the deadwood.
    pub fn deadwood_points(&self) -> u32 {
        self.deadwood.points()
    }

    /// The cards in a meld.
    pub fn melded(&self) -> CardSet {
        self.melds
            .iter()
            .fold(CardSet::EMPTY, |a, m| a.union(m.cards()))
    }
}

/// Why a proposed set of melds is not an arrangement of a hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
pub enum ArrangementError {
    #[error("meld cards {0} are not in the hand")]
    /// Cards of a meld that are not in the hand.
    NotInHand(CardSet),
    #[error("cards {0} are used in two melds")]
    /// Cards in two melds.
    Overlap(CardSet),
}

/// Every meld that can be formed from cards of `hand` (all 3- and 4-card sets, every run of
/// length 3 or more including the shorter runs inside longer ones).
pub fn candidate_melds(hand: CardSet) -> Vec<Meld> {
    let mut c = Candidates::default();
    c.fill(hand);
    c.sets[..c.n]
        .iter()
        .map(|&b| Meld(CardSet::from_bits(b)))
        .collect()
}

/// Candidate melds as raw masks in a fixed array: the solver runs millions of times in the
/// simulator and Hard's rollouts, so it must not allocate. 13 cards of one suit have 66 runs,
/// the most any hand can have; sets add at most 15 more for 13 cards.
struct Candidates {
    sets: [u64; 96],
    n: usize,
}

impl Default for Candidates {
    fn default() -> Self {
        Candidates {
            sets: [0; 96],
            n: 0,
        }
    }
}

impl Candidates {
    fn push(&mut self, m: u64) {
        if self.n < self.sets.len() {
            self.sets[self.n] = m;
            self.n += 1;
        }
    }

    fn fill(&mut self, hand: CardSet) {
        let bits = hand.bits();
        let suit = |s: u32| (bits >> (13 * s)) & 0x1fff;
        let (c, d, h, sp) = (suit(0), suit(1), suit(2), suit(3));
        // Ranks held in at least three suits, as a 13-bit mask; only those can form sets.
        let three = (c & d & h) | (c & d & sp) | (c & h & sp) | (d & h & sp);
        let mut ranks = three;
        while ranks != 0 {
            let r = ranks.trailing_zeros();
            ranks &= ranks - 1;
            let column = (1u64 | 1 << 13 | 1 << 26 | 1 << 39) << r;
            let all = bits & column;
            self.push(all);
            if all.count_ones() == 4 {
                let mut rest = all;
                while rest != 0 {
                    let p = rest & rest.wrapping_neg();
                    rest &= rest - 1;
                    self.push(all & !p);
                }
            }
        }
        // Runs: starts of three in a row, then extend while the next card is present.
        for s in 0..4u32 {
            let m = suit(s);
            let mut starts = m & (m >> 1) & (m >> 2);
            while starts != 0 {
                let lo = starts.trailing_zeros();
                starts &= starts - 1;
                let mut run = 0b111u64 << lo;
                self.push(run << (13 * s));
                let mut hi = lo + 3;
                while hi < 13 && m >> hi & 1 == 1 {
                    run |= 1 << hi;
                    self.push(run << (13 * s));
                    hi += 1;
                }
            }
        }
    }
}

struct Solver {
    cands: Candidates,
    best: u32,
    best_melds: [u64; 4],
    best_n: usize,
    stack: [u64; 4],
    depth: usize,
}

impl Solver {
    fn run(&mut self, remaining: u64, dead: u32) {
        if dead >= self.best {
            return;
        }
        if remaining == 0 {
            self.best = dead;
            self.best_melds = self.stack;
            self.best_n = self.depth;
            return;
        }
        let low = remaining & remaining.wrapping_neg();
        // Melds containing the lowest undecided card first, so a good bound is found early.
        if self.depth < self.stack.len() {
            for i in 0..self.cands.n {
                let m = self.cands.sets[i];
                if m & low != 0 && m & !remaining == 0 {
                    self.stack[self.depth] = m;
                    self.depth += 1;
                    self.run(remaining & !m, dead);
                    self.depth -= 1;
                }
            }
        }
        let c = Card::from_index(low.trailing_zeros() as u8).map_or(0, Card::points);
        self.run(remaining & !low, dead + c);
    }
}

/// The arrangement of `hand` into disjoint melds with the least deadwood points. Exact for any
/// hand of up to 12 cards (it is meant for 10–11, where it takes about a microsecond). Among
/// equally good arrangements it returns the first one found, which is deterministic.
pub fn best_arrangement(hand: CardSet) -> Arrangement {
    let mut cands = Candidates::default();
    cands.fill(hand);
    // Heavier melds first: the bound tightens faster.
    let n = cands.n;
    cands.sets[..n].sort_unstable_by_key(|&m| std::cmp::Reverse(CardSet::from_bits(m).points()));
    let mut s = Solver {
        cands,
        best: u32::MAX,
        best_melds: [0; 4],
        best_n: 0,
        stack: [0; 4],
        depth: 0,
    };
    s.run(hand.bits(), 0);
    let melds: Vec<Meld> = s.best_melds[..s.best_n]
        .iter()
        .map(|&m| Meld(CardSet::from_bits(m)))
        .collect();
    let used = melds.iter().fold(CardSet::EMPTY, |a, m| a.union(m.cards()));
    Arrangement {
        melds,
        deadwood: hand.difference(used),
    }
}

/// Least deadwood points of `hand`.
pub fn deadwood(hand: CardSet) -> u32 {
    best_arrangement(hand).deadwood_points()
}

/// For an 11-card hand: for each card that may be discarded (all but `keep`, if given), the
/// deadwood left after discarding it, best first. Ties keep the higher card first-discarded
/// (shed points), then index order.
pub fn discard_options(hand: CardSet, keep: Option<Card>) -> Vec<(Card, u32)> {
    let mut v: Vec<(Card, u32)> = hand
        .iter()
        .filter(|&c| Some(c) != keep)
        .map(|c| (c, deadwood(hand.without(c))))
        .collect();
    v.sort_by_key(|&(c, d)| (d, std::cmp::Reverse(c.points()), c.index()));
    v
}

/// One card laid off by the defender onto the knocker's meld number `meld`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Layoff {
    /// The card laid off.
    pub card: Card,
    /// The knocker's meld, by its place in the knock.
    pub meld: usize,
}

/// The best layoffs for a defender holding `hand` against the knocker's `melds`: the sequence
/// (in a legal order, so chained run extensions come after the card they build on) that leaves
/// the least deadwood in the defender's best arrangement of what remains. Returns the layoffs
/// and that deadwood.
pub fn best_layoffs(melds: &[Meld], hand: CardSet) -> (Vec<Layoff>, u32) {
    fn go(
        melds: &mut Vec<Meld>,
        hand: CardSet,
        seq: &mut Vec<Layoff>,
        best: &mut (Vec<Layoff>, u32),
        seen: &mut std::collections::HashSet<Vec<u64>>,
    ) {
        let key: Vec<u64> = melds.iter().map(|m| m.cards().bits()).collect();
        if !seen.insert(key) {
            return;
        }
        let d = deadwood(hand);
        if d < best.1 {
            *best = (seq.clone(), d);
        }
        for c in hand {
            for i in 0..melds.len() {
                if let Some(ext) = melds[i].extended_by(c) {
                    let old = melds[i];
                    melds[i] = ext;
                    seq.push(Layoff { card: c, meld: i });
                    go(melds, hand.without(c), seq, best, seen);
                    seq.pop();
                    melds[i] = old;
                }
            }
        }
    }
    let mut best = (Vec::new(), u32::MAX);
    let mut seen = std::collections::HashSet::new();
    go(
        &mut melds.to_vec(),
        hand,
        &mut Vec::new(),
        &mut best,
        &mut seen,
    );
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::card::cards;
    use rand::SeedableRng;
    use rand::seq::SliceRandom;

    fn meld(t: &str) -> Meld {
        Meld::new(cards(t)).expect("valid meld literal")
    }

    #[test]
    fn meld_validity() {
        assert!(is_meld(cards("AS 2S 3S")));
        assert!(is_meld(cards("7C 7D 7H")));
        assert!(is_meld(cards("7C 7D 7H 7S")));
        assert!(is_meld(cards("9H TH JH QH KH")));
        assert!(!is_meld(cards("QS KS AS")), "ace is low only");
        assert!(!is_meld(cards("AS 2S")));
        assert!(!is_meld(cards("AS 2S 4S")));
        assert!(!is_meld(cards("AS 2S 3H")));
        assert!(!is_meld(cards("7C 7D 8D")));
        assert_eq!(meld("7C 7D 7H").kind(), MeldKind::Set);
        assert_eq!(meld("5S 6S 7S").kind(), MeldKind::Run);
    }

    #[test]
    fn extension_at_both_ends_and_fourth_of_a_kind() {
        let run = meld("5S 6S 7S");
        assert!(run.extended_by("4S".parse().unwrap()).is_some());
        let run8 = run.extended_by("8S".parse().unwrap()).unwrap();
        assert!(run8.extended_by("9S".parse().unwrap()).is_some(), "chained");
        assert!(run.extended_by("9S".parse().unwrap()).is_none());
        assert!(run.extended_by("8H".parse().unwrap()).is_none());
        let set = meld("7C 7D 7H");
        assert!(set.extended_by("7S".parse().unwrap()).is_some());
        assert!(set.extended_by("8C".parse().unwrap()).is_none());
        let ks = meld("JS QS KS");
        assert!(ks.extended_by("AS".parse().unwrap()).is_none());
    }

    #[test]
    fn known_hands() {
        // Gin: three melds covering ten cards.
        let a = best_arrangement(cards("AS 2S 3S 4S 7H 7D 7C KD KH KS"));
        assert_eq!(a.deadwood_points(), 0);
        // The 7 of spades fits both the set and the run; in the set it leaves 5S 6S dead
        // (11 + 19 = 30), in the run 7H 7D (14 + 19 = 33).
        let h = cards("5S 6S 7S 7H 7D 9C TC");
        assert_eq!(deadwood(h), 30);
        // With the third seven both melds exist at once.
        let h = cards("5S 6S 7S 7H 7D 7C 9C TC");
        assert_eq!(deadwood(h), 19);
        let h = cards("KS QH JD 9C 8S 6H 4D 3C 2S AH");
        assert_eq!(deadwood(h), 10 + 10 + 10 + 9 + 8 + 6 + 4 + 3 + 2 + 1);
        assert_eq!(best_arrangement(CardSet::EMPTY).deadwood_points(), 0);
    }

    /// A deliberately naive solver: every subset of pairwise-disjoint candidate melds (each
    /// candidate in or out, in list order), keep the least deadwood. Shares nothing with the real
    /// solver but `candidate_melds`, which has its own test below.
    fn brute_force(hand: CardSet) -> u32 {
        fn go(cands: &[Meld], used: CardSet, hand: CardSet) -> u32 {
            match cands.split_first() {
                None => hand.difference(used).points(),
                Some((m, rest)) => {
                    let without = go(rest, used, hand);
                    if used.is_disjoint(m.cards()) {
                        without.min(go(rest, used.union(m.cards()), hand))
                    } else {
                        without
                    }
                }
            }
        }
        go(&candidate_melds(hand), CardSet::EMPTY, hand)
    }

    #[test]
    fn candidates_are_exactly_the_melds_in_the_hand() {
        // Compare with a filter over all 3- to 6-card subsets of a meld-rich hand.
        let hand = cards("3H 4H 5H 6H 7H 5C 5D 5S 9S 9D 9C");
        let cand: std::collections::HashSet<u64> = candidate_melds(hand)
            .iter()
            .map(|m| m.cards().bits())
            .collect();
        let list: Vec<Card> = hand.iter().collect();
        let mut expected = std::collections::HashSet::new();
        for mask in 0u32..(1 << list.len()) {
            let set: CardSet = (0..list.len())
                .filter(|i| mask & (1 << i) != 0)
                .map(|i| list[i])
                .collect();
            if is_meld(set) {
                expected.insert(set.bits());
            }
        }
        assert_eq!(cand, expected);
        // 3H-7H: 3+2+1 runs; fives: 4-set + 4 three-sets; nines: 1 set.
        assert_eq!(cand.len(), 6 + 5 + 1);
    }

    fn random_hand(rng: &mut rand_chacha::ChaCha8Rng, n: usize, clustered: bool) -> CardSet {
        let mut deck: Vec<Card> = if clustered {
            // Few suits and a narrow rank window make many melds, the interesting case.
            Card::all()
                .filter(|c| c.suit().index() < 3 && (2..=9).contains(&c.rank().value()))
                .collect()
        } else {
            Card::all().collect()
        };
        deck.shuffle(rng);
        deck.into_iter().take(n).collect()
    }

    #[test]
    fn solver_matches_brute_force_on_random_hands() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let mut checked = 0;
        for i in 0..3000 {
            let n = 10 + (i % 2);
            let hand = random_hand(&mut rng, n, i % 3 == 0);
            let a = best_arrangement(hand);
            assert_eq!(a.deadwood_points(), brute_force(hand), "hand {hand}");
            // The arrangement itself must be a real one.
            let check = Arrangement::from_melds(hand, &a.melds).unwrap();
            assert_eq!(check.deadwood, a.deadwood);
            checked += 1;
        }
        assert_eq!(checked, 3000);
    }

    #[test]
    fn arrangement_errors() {
        let hand = cards("5S 6S 7S 7H 7D");
        assert!(matches!(
            Arrangement::from_melds(hand, &[meld("5S 6S 7S"), meld("7S 7H 7D")]),
            Err(ArrangementError::Overlap(_))
        ));
        assert!(matches!(
            Arrangement::from_melds(hand, &[meld("7C 7H 7D")]),
            Err(ArrangementError::NotInHand(_))
        ));
    }

    #[test]
    fn discard_options_best_first() {
        let hand = cards("AS 2S 3S 4S 7H 7D 7C KD KH KS QC");
        let opts = discard_options(hand, None);
        assert_eq!(opts[0], ("QC".parse().unwrap(), 0));
        let opts = discard_options(hand, Some("QC".parse().unwrap()));
        assert!(opts.iter().all(|&(c, _)| c.to_string() != "QC"));
        assert_eq!(opts[0].1, 10);
    }

    #[test]
    fn layoffs_chain_and_stop_when_breaking_own_meld() {
        let knocker = [meld("5S 6S 7S")];
        let (lay, d) = best_layoffs(&knocker, cards("8S 9S KD"));
        assert_eq!(d, 10);
        assert_eq!(lay.len(), 2);
        assert_eq!(
            lay[0].card.to_string(),
            "8S",
            "8 must go first so 9 can chain"
        );
        // 4S would complete the knocker's run but breaks the defender's set of fours: keep it.
        let (lay, d) = best_layoffs(&[meld("5S 6S 7S")], cards("4S 4H 4D KD"));
        assert!(lay.is_empty());
        assert_eq!(d, 10);
    }
}
