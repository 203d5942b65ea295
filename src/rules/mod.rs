//! The complete Hollywood Gin rules, as plain Rust with no Bevy.
//!
//! - [`card`]: cards and the bit-set hand type.
//! - [`meld`]: melds, the exact meld solver, best discards and best layoffs.
//! - [`settings`]: the rule settings (gin bonus, knock limit, optional bonuses).
//! - [`round`]: one deal as a runtime-checked state machine, and its scoring.
//! - [`hollywood`]: the three-game Hollywood scoreboard.
//! - [`series`]: match flow (dealers, deal seeds, series after series).
//! - [`commit`]: the hash that commits each deal before it is played, and its check.
//!
//! Nothing here panics on any input: actions return [`round::RuleError`], parsing returns
//! errors, and loading a saved round re-checks every card.

pub mod card;
pub mod commit;
pub mod hollywood;
pub mod meld;
pub mod round;
pub mod series;
pub mod settings;

pub use card::{Card, CardSet, Rank, Suit};
pub use hollywood::{Entry, Game, Scoreboard};
pub use meld::{Arrangement, Layoff, Meld, MeldKind, best_arrangement, best_layoffs, deadwood};
pub use round::{
    Action, Knock, Move, Outcome, Phase, Round, RoundResult, RuleError, Seat, SeenMove, Spread,
};
pub use series::{DealPlayed, Match, PlayedRound};
pub use settings::RuleSettings;
