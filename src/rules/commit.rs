//! Deals committed before they are played: a SHA-256 hash of the deal's seed and its number,
//! shown before the first card moves and checkable once the seed is revealed after the round.
//!
//! Decisions:
//! - SHA-256 through the `sha2` crate (RustCrypto, the maintained standard in Rust): a player
//!   can recompute it with any tool (`sha256sum`) from the bytes documented on
//!   [`commitment`], so trusting this game's own `verify` is not required.
//! - The table shows the first 128 bits (32 hex digits): finding two seeds that share them
//!   takes about 2^64 hashes, out of reach, while the line still fits the table. `verify`
//!   accepts that prefix or the whole hash.
//! - The deal's number is hashed with the seed, so one commitment cannot stand for another
//!   deal of the match.

use sha2::{Digest, Sha256};

use super::{Card, CardSet, Round, RuleSettings, Seat};

/// What is hashed before the seed and the deal number, so the hash means nothing else.
pub const DOMAIN: &[u8] = b"hollywood-gin deal v1\n";

/// How many hex digits the table shows and `verify` needs at least.
pub const SHORT_DIGITS: usize = 32;

/// SHA-256 of [`DOMAIN`], then the seed and then the deal number, each as 8 bytes
/// little-endian.
pub fn commitment(seed: u64, deal: u64) -> [u8; 32] {
    let mut h = Sha256::new();
    h.update(DOMAIN);
    h.update(seed.to_le_bytes());
    h.update(deal.to_le_bytes());
    h.finalize().into()
}

/// The whole commitment in lowercase hex.
pub fn hex(c: &[u8; 32]) -> String {
    c.iter().map(|b| format!("{b:02x}")).collect()
}

/// The commitment as the table shows it: the first [`SHORT_DIGITS`] hex digits in groups of
/// eight.
pub fn short(c: &[u8; 32]) -> String {
    let h = hex(c);
    h.as_bytes()[..SHORT_DIGITS]
        .chunks(8)
        .map(|g| String::from_utf8_lossy(g).into_owned())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Why a claimed commitment was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CommitError {
    #[error("a commitment is hex digits (0-9, a-f)")]
    /// Not hex digits.
    NotHex,
    #[error("a commitment needs at least {SHORT_DIGITS} hex digits, this has {0}")]
    /// Too few digits (how many).
    TooShort(usize),
    #[error("a commitment has at most 64 hex digits, this has {0}")]
    /// Too many digits (how many).
    TooLong(usize),
    #[error("the seed and deal number do not give this commitment")]
    /// The seed and deal number give another commitment.
    Mismatch,
}

/// Checks `claimed` (the table's short form or the whole hash; spaces and case do not
/// matter) against the seed and the deal number.
pub fn verify(seed: u64, deal: u64, claimed: &str) -> Result<(), CommitError> {
    let digits: String = claimed
        .chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| c.to_ascii_lowercase())
        .collect();
    if !digits.chars().all(|c| c.is_ascii_hexdigit()) {
        return Err(CommitError::NotHex);
    }
    match digits.len() {
        n if n < SHORT_DIGITS => Err(CommitError::TooShort(n)),
        n if n > 64 => Err(CommitError::TooLong(n)),
        _ if hex(&commitment(seed, deal)).starts_with(&digits) => Ok(()),
        _ => Err(CommitError::Mismatch),
    }
}

/// A deal as it comes out of its seed, before anyone moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dealt {
    /// The non-dealer's ten cards (dealt first), then the dealer's.
    pub non_dealer: CardSet,
    /// The dealer's ten cards.
    pub dealer: CardSet,
    /// The upcard.
    pub upcard: Card,
    /// The stock from the top card down.
    pub stock: Vec<Card>,
}

/// The deal of `seed`, as [`Round::deal`] deals it.
pub fn dealt(seed: u64) -> Dealt {
    // Who deals does not change the cards, only which seat holds which hand.
    let dealer = Seat::P2;
    let r = Round::deal(RuleSettings::default(), dealer, seed);
    Dealt {
        non_dealer: r.hand(dealer.other()),
        dealer: r.hand(dealer),
        upcard: r.upcard(),
        stock: r.stock().iter().rev().copied().collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_commitment_of_a_known_seed_is_fixed() {
        // Computed outside the game: printf 'hollywood-gin deal v1\n' and then the 16 bytes
        // 2a 00 .. 00 (seed 42) 03 00 .. 00 (deal 3), through sha256sum.
        assert_eq!(
            hex(&commitment(42, 3)),
            "0dc2608d65214accfc400f8f72d1e3a8051a8d6abf48b750b5527a6f27478462"
        );
        assert_eq!(short(&commitment(42, 3)).len(), SHORT_DIGITS + 3);
        assert_ne!(
            commitment(42, 3),
            commitment(42, 4),
            "the deal number counts"
        );
        assert_ne!(commitment(42, 3), commitment(43, 3));
    }

    #[test]
    fn verify_accepts_the_right_seed_and_refuses_a_wrong_one() {
        let c = commitment(614480483733483466, 7);
        let table = short(&c);
        assert_eq!(verify(614480483733483466, 7, &table), Ok(()));
        assert_eq!(
            verify(614480483733483466, 7, &hex(&c).to_uppercase()),
            Ok(())
        );
        assert_eq!(
            verify(614480483733483467, 7, &table),
            Err(CommitError::Mismatch)
        );
        assert_eq!(
            verify(614480483733483466, 6, &table),
            Err(CommitError::Mismatch)
        );
        assert_eq!(verify(1, 7, &table[..20]), Err(CommitError::TooShort(18)));
        assert_eq!(verify(1, 7, "zz"), Err(CommitError::NotHex));
        assert_eq!(verify(1, 7, &"0".repeat(65)), Err(CommitError::TooLong(65)));
    }

    #[test]
    fn the_deal_is_the_rounds_deal() {
        for seed in [0, 1, 42, u64::MAX] {
            let d = dealt(seed);
            for dealer in Seat::ALL {
                let r = Round::deal(RuleSettings::default(), dealer, seed);
                assert_eq!(r.hand(dealer.other()), d.non_dealer);
                assert_eq!(r.hand(dealer), d.dealer);
                assert_eq!(r.discard_top(), Some(d.upcard));
                let mut stock = d.stock.clone();
                stock.reverse();
                assert_eq!(r.stock(), &stock[..]);
            }
            let all: CardSet = d
                .non_dealer
                .union(d.dealer)
                .with(d.upcard)
                .union(d.stock.iter().copied().collect());
            assert_eq!(all.len(), 52);
        }
    }
}
