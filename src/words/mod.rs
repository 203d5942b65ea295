//! Every sentence the player reads, built from the core's facts, in one Bevy-free module that
//! the window and the command line share: cards as players write them (8♦, 10♣), numbers as the
//! language writes them, moves, refusals and hints ([`play`]), the scoreboard ([`score`]), the
//! round review ([`review`]), the player's files ([`files`]) and what a screen reader speaks
//! ([`speech`]: cards by name, never a suit symbol). Each function takes the [`Voice`] to speak
//! in (the table's language, or the system's on the command line), the one way anything is
//! worded.
//!
//! Decisions:
//! - The core returns facts ([`crate::rules::RuleError`], hint reasons, seen moves, the
//!   store's notices); every sentence built from them is here, in pure functions that are
//!   unit-tested, so the table and the overlay only show strings and a translation has one
//!   place to go.
//! - A card is its rank and a suit symbol ("8♦", "10♠"), never the "8D" of save files.
//!   Colour is the showing side's business: [`suit_segments`] says which parts are cards of
//!   which suit.

pub mod files;
pub mod play;
pub mod review;
pub mod score;
pub mod speech;

pub use files::{file_name, file_problem};
pub use play::*;

use crate::lang::Voice;
use crate::rules::{Action, RuleSettings};

pub use crate::lang::{card, card_row, suit_symbol};

/// The rules of a series in a line, as the friend pages show them.
pub fn rules_line(v: &Voice, r: &RuleSettings) -> String {
    v.t(
        "friend-rules",
        &[
            ("gin", r.gin_bonus.into()),
            ("undercut", r.undercut_bonus.into()),
            ("knock", r.knock_limit.into()),
            ("target", r.game_target.into()),
        ],
    )
}

/// A player's move, as a clause ("discard the 8♥"), in the voice `v` (the
/// table's language, or the system's on the command line).
pub fn action_text(v: &Voice, a: &Action) -> String {
    use Action as A;
    let (kind, c) = match a {
        A::TakeUpcard => ("take-upcard", None),
        A::PassUpcard => ("pass", None),
        A::DrawStock => ("draw-stock", None),
        A::TakeDiscard => ("take-discard", None),
        A::Discard(c) => ("discard", Some(*c)),
        A::Knock { discard, .. } => ("knock", Some(*discard)),
        A::Gin { discard: Some(c) } => ("gin", Some(*c)),
        A::Gin { discard: None } => ("big-gin", None),
        A::LayOff { card: c, .. } => ("lay-off", Some(*c)),
        A::FinishLayoffs => ("done", None),
    };
    v.t(
        "review-action",
        &[
            ("kind", kind.into()),
            ("card", c.map(card).unwrap_or_default().into()),
        ],
    )
}

/// `x` with `digits` decimals, written as the language writes numbers ("2.3" in English,
/// "2,3" in Dutch and Indonesian), in the voice `v`. Fluent's own number formatting does
/// not localise the decimal separator, and it passes integers through a float (so it is used
/// for neither).
pub fn decimal(v: &Voice, x: f32, digits: usize) -> String {
    let s = format!("{x:.digits$}");
    match v.t("decimal-separator", &[]).as_str() {
        "." | "" => s,
        sep => s.replace('.', sep),
    }
}
