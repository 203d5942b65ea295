//! Deals neither side can choose. Before each deal the host commits to a secret half: it sends
//! the SHA-256 [`commitment`] of a fresh random secret. Only then does the guest send a fresh
//! random nonce. The deal's seed is derived from both ([`deal_seed`]). After the round the
//! host reveals its secret, and the guest's game checks it against the commitment
//! ([`GuestDeal::check_reveal`]) and deals the cards again itself from the seed.
//!
//! What it proves: the host cannot grind for a good deal (it is bound to its secret before it
//! sees the nonce), and the guest cannot pick one (it never sees the secret before the round).
//! What it does not: the host's program sees both hands during play; the check comes after the
//! round.
//!
//! One of each per deal: each side sends, and takes, at most one commitment, one nonce and one
//! reveal for a deal. A host that could commit again after reading the nonce could work out
//! the deal each secret gives and keep the one it likes; a guest that could send a second
//! nonce could do the same with the secret once it knew it. So a *different* second
//! commitment for a deal ([`GuestDeal::answer`]), a different second nonce
//! ([`HostDeal::accept_nonce`]) and a reveal before the round's hidden part is over are
//! [`FairError`]s that [`FairError::is_foul`] calls fouls: the series ends. The very same
//! message again is only a repeat (a reconnection sends what the other side may have missed)
//! and is answered as the first was: it carries no choice.
//!
//! Decisions:
//! - Each hash is domain-separated ("hollywood-gin/…/v1") and covers the deal's number, so a
//!   commitment or a secret from one deal cannot stand for another.
//! - The host's secret and the guest's nonce for a deal are derived from the side's own
//!   secret key and the deal's number ([`derive()`]), not drawn afresh: a game that quits (or
//!   crashes) after sending one and before its file is written sends the very same one again
//!   when it comes back, so an honest restart can never look like a second commitment or a
//!   second nonce. The key never leaves its side; a derived value tells nothing of it.

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// The host's secret half of a deal's seed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HostSecret(pub [u8; 32]);

/// The guest's half, sent after the host's commitment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GuestNonce(pub [u8; 32]);

/// What the host sends before a deal: the hash of its secret for that deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Commitment(pub [u8; 32]);

/// Why a step of the fair deal was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FairError {
    #[error("the secret revealed for deal {deal} does not match its commitment")]
    /// The host's secret does not match its commitment.
    RevealMismatch {
        /// The deal.
        deal: u64,
    },
    #[error("a message for deal {got} came during deal {expected}")]
    /// A message about another deal than the one being agreed.
    WrongDeal {
        /// The deal being agreed.
        expected: u64,
        /// The deal named.
        got: u64,
    },
    #[error("a second, different nonce came for deal {deal}")]
    /// A second nonce for one deal.
    NonceTwice {
        /// The deal.
        deal: u64,
    },
    #[error("a second, different commitment came for deal {deal}")]
    /// A second commitment for one deal.
    CommitTwice {
        /// The deal.
        deal: u64,
    },
    #[error("the secret of deal {deal} was revealed before the round's hidden part was over")]
    /// The secret revealed before the round was over.
    EarlyReveal {
        /// The deal.
        deal: u64,
    },
    #[error("deal {deal} has no nonce yet")]
    /// The commitment answered with no nonce sent.
    NoNonce {
        /// The deal.
        deal: u64,
    },
}

impl FairError {
    /// Whether the other side's game tried to choose a deal or broke its commitment: the
    /// series ends. The rest (a message for another deal, a reveal asked too early) is only
    /// refused: it chooses nothing.
    pub fn is_foul(&self) -> bool {
        matches!(
            self,
            FairError::RevealMismatch { .. }
                | FairError::NonceTwice { .. }
                | FairError::CommitTwice { .. }
                | FairError::EarlyReveal { .. }
        )
    }
}

/// The 32 bytes a side uses as its half of deal `deal` (`what`: `b"secret"` for the host's,
/// `b"nonce"` for the guest's), derived from that side's secret `key`: unguessable without the
/// key, and the same whenever the same side asks again.
pub fn derive(key: &[u8; 32], what: &[u8], deal: u64) -> [u8; 32] {
    let mut h = Sha256::new();
    h.update(b"hollywood-gin/derive/v1");
    h.update((what.len() as u64).to_be_bytes());
    h.update(what);
    h.update(deal.to_be_bytes());
    h.update(key);
    h.finalize().into()
}

/// Who deals the first round of a series played with a friend (seats as on the wire): drawn
/// from the first agreed seed, so neither side chooses it either.
pub fn first_dealer(seed: u64) -> crate::rules::Seat {
    if seed >> 63 == 0 {
        crate::rules::Seat::P1
    } else {
        crate::rules::Seat::P2
    }
}

/// The commitment to `secret` for deal number `deal`.
pub fn commitment(secret: &HostSecret, deal: u64) -> Commitment {
    let mut h = Sha256::new();
    h.update(b"hollywood-gin/commit/v1");
    h.update(deal.to_be_bytes());
    h.update(secret.0);
    Commitment(h.finalize().into())
}

/// The seed of deal number `deal` from both halves.
pub fn deal_seed(secret: &HostSecret, nonce: &GuestNonce, deal: u64) -> u64 {
    let mut h = Sha256::new();
    h.update(b"hollywood-gin/deal/v1");
    h.update(deal.to_be_bytes());
    h.update(secret.0);
    h.update(nonce.0);
    let d: [u8; 32] = h.finalize().into();
    let mut first = [0; 8];
    first.copy_from_slice(&d[..8]);
    u64::from_be_bytes(first)
}

/// The host's side of one deal: a secret, its commitment, and the one nonce it accepts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HostDeal {
    deal: u64,
    secret: HostSecret,
    nonce: Option<GuestNonce>,
}

impl HostDeal {
    /// Deal number `deal` with a fresh `secret` (from a cryptographic generator).
    pub fn new(deal: u64, secret: HostSecret) -> HostDeal {
        HostDeal {
            deal,
            secret,
            nonce: None,
        }
    }

    /// The deal this is for.
    pub fn deal(&self) -> u64 {
        self.deal
    }

    /// Whether the guest's nonce has come (the deal's seed is then fixed).
    pub fn has_nonce(&self) -> bool {
        self.nonce.is_some()
    }

    /// What to send the guest before anything else of this deal.
    pub fn commitment(&self) -> Commitment {
        commitment(&self.secret, self.deal)
    }

    /// Takes the guest's nonce: the deal's seed, and whether it is new (the same nonce again
    /// is a repeat, and changes nothing). A different second nonce is refused.
    pub fn accept_nonce(&mut self, deal: u64, nonce: GuestNonce) -> Result<(u64, bool), FairError> {
        if deal != self.deal {
            return Err(FairError::WrongDeal {
                expected: self.deal,
                got: deal,
            });
        }
        let new = match self.nonce {
            None => true,
            Some(n) if n == nonce => false,
            Some(_) => return Err(FairError::NonceTwice { deal }),
        };
        self.nonce = Some(nonce);
        Ok((deal_seed(&self.secret, &nonce, deal), new))
    }

    /// The secret, to reveal once the round is over (only once a nonce was taken).
    pub fn reveal(&self) -> Result<HostSecret, FairError> {
        match self.nonce {
            Some(_) => Ok(self.secret),
            None => Err(FairError::NoNonce { deal: self.deal }),
        }
    }
}

/// The guest's side of one deal: the host's commitment and the guest's own nonce.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GuestDeal {
    deal: u64,
    commitment: Commitment,
    nonce: GuestNonce,
}

impl GuestDeal {
    /// The host committed to deal `deal`; the guest answers with a fresh `nonce`.
    pub fn new(deal: u64, commitment: Commitment, nonce: GuestNonce) -> GuestDeal {
        GuestDeal {
            deal,
            commitment,
            nonce,
        }
    }

    /// The nonce to send.
    pub fn nonce(&self) -> GuestNonce {
        self.nonce
    }

    /// The host commits to this deal again: the same nonce for the same commitment (a
    /// repeat); a different commitment is refused, whatever it is.
    pub fn answer(&self, commitment: Commitment) -> Result<GuestNonce, FairError> {
        if commitment == self.commitment {
            Ok(self.nonce)
        } else {
            Err(FairError::CommitTwice { deal: self.deal })
        }
    }

    /// The deal this is for, and the commitment it answered.
    pub fn deal(&self) -> u64 {
        self.deal
    }
    /// The commitment to this secret.
    pub fn commitment(&self) -> Commitment {
        self.commitment
    }

    /// Checks the host's revealed secret: the deal's seed if it matches the commitment, to
    /// deal the cards again and compare them with the round played.
    pub fn check_reveal(&self, deal: u64, secret: &HostSecret) -> Result<u64, FairError> {
        if deal != self.deal {
            return Err(FairError::WrongDeal {
                expected: self.deal,
                got: deal,
            });
        }
        if commitment(secret, deal) != self.commitment {
            return Err(FairError::RevealMismatch { deal });
        }
        Ok(deal_seed(secret, &self.nonce, deal))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const S: HostSecret = HostSecret([7; 32]);
    const N: GuestNonce = GuestNonce([9; 32]);

    #[test]
    fn both_sides_get_the_same_seed_and_an_honest_reveal_checks_out() {
        let mut host = HostDeal::new(3, S);
        let guest = GuestDeal::new(3, host.commitment(), N);
        let (seed, _) = host.accept_nonce(3, guest.nonce()).unwrap();
        assert_eq!(guest.check_reveal(3, &host.reveal().unwrap()), Ok(seed));
    }

    #[test]
    fn the_seed_depends_on_both_halves_and_the_deal() {
        let base = deal_seed(&S, &N, 1);
        assert_ne!(
            deal_seed(&HostSecret([8; 32]), &N, 1),
            base,
            "the host's half"
        );
        assert_ne!(
            deal_seed(&S, &GuestNonce([8; 32]), 1),
            base,
            "the guest's half"
        );
        assert_ne!(deal_seed(&S, &N, 2), base, "the deal's number");
        assert_ne!(commitment(&S, 1), commitment(&S, 2));
    }

    #[test]
    fn a_forged_or_misplaced_reveal_is_refused() {
        let host = HostDeal::new(1, S);
        let guest = GuestDeal::new(1, host.commitment(), N);
        let forged = HostSecret([8; 32]);
        assert_eq!(
            guest.check_reveal(1, &forged),
            Err(FairError::RevealMismatch { deal: 1 })
        );
        assert_eq!(
            guest.check_reveal(2, &S),
            Err(FairError::WrongDeal {
                expected: 1,
                got: 2
            })
        );
        // A secret committed for deal 1 does not open a commitment for deal 2.
        let guest2 = GuestDeal::new(2, commitment(&HostSecret([1; 32]), 2), N);
        assert_eq!(
            guest2.check_reveal(2, &S),
            Err(FairError::RevealMismatch { deal: 2 })
        );
    }

    #[test]
    fn the_host_takes_one_nonce_for_its_own_deal_and_reveals_only_after() {
        let mut host = HostDeal::new(4, S);
        assert_eq!(host.reveal(), Err(FairError::NoNonce { deal: 4 }));
        assert_eq!(
            host.accept_nonce(5, N),
            Err(FairError::WrongDeal {
                expected: 4,
                got: 5
            })
        );
        let (seed, new) = host.accept_nonce(4, N).unwrap();
        assert!(new);
        assert_eq!(
            host.accept_nonce(4, GuestNonce([1; 32])),
            Err(FairError::NonceTwice { deal: 4 }),
            "a second nonce could pick among deals"
        );
        assert!(FairError::NonceTwice { deal: 4 }.is_foul());
        assert_eq!(host.accept_nonce(4, N), Ok((seed, false)), "a repeat");
        assert_eq!(deal_seed(&host.reveal().unwrap(), &N, 4), seed);
    }

    #[test]
    fn the_guest_answers_one_commitment_per_deal() {
        let guest = GuestDeal::new(2, commitment(&S, 2), N);
        assert_eq!(guest.answer(commitment(&S, 2)), Ok(N), "a repeat");
        let other = commitment(&HostSecret([8; 32]), 2);
        assert_eq!(guest.answer(other), Err(FairError::CommitTwice { deal: 2 }));
        assert!(FairError::CommitTwice { deal: 2 }.is_foul());
        assert!(
            !FairError::WrongDeal {
                expected: 1,
                got: 2
            }
            .is_foul()
        );
    }

    #[test]
    fn derived_halves_are_the_same_again_and_differ_by_key_kind_and_deal() {
        let k = [3; 32];
        assert_eq!(derive(&k, b"secret", 1), derive(&k, b"secret", 1));
        assert_ne!(derive(&k, b"secret", 1), derive(&k, b"secret", 2));
        assert_ne!(derive(&k, b"secret", 1), derive(&k, b"nonce", 1));
        assert_ne!(derive(&k, b"secret", 1), derive(&[4; 32], b"secret", 1));
    }
}
