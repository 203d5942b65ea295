//! Expert: Hard's search with a better guess at the opponent's hand, playing for the series.
//!
//! Expert searches the way Hard does ([`super::hard`]: the hidden cards dealt many times, each
//! candidate played out to the end of the round on the same deals), with two differences:
//! - **How the hidden cards are dealt**: from the opponent's own record, its turns replayed in
//!   order with the cards it really took, passed on and threw ([`super::hard`]'s
//!   `determinize_history`), read as the kind of player its rounds shown down say it is
//!   ([`super::style`]). That tells much better which of Expert's cards the opponent would take,
//!   so it feeds the opponent less: the one change that measured.
//! - **What a result is worth**: the chance of winning the Hollywood series from the scoreboard
//!   it would leave ([`super::value`]), so a point that closes a game or decides the series
//!   counts for more than one in a game already won or lost.
//!
//! Decisions: Expert samples as many deals as Hard and keeps Medium's rollout players, since
//! more deals, more candidates, other knock rules in the rollouts and a deeper search measured
//! nothing at several times the thinking time; nor is there an exact endgame search, as rounds
//! between strong players seldom reach the last stock cards. The budget is a p95 decision time
//! of 1 s on one core. Every experiment, with its figures and dates, is in
//! `docs/expert-log.md`; how strong Expert is, in `docs/levels.md`.

use super::Bot;
use super::hard::Hard;
use super::value::ROLLOUTS;
use super::view::View;
use crate::rules::Action;

/// The Expert bot: a [`Hard`] search on hands dealt from the opponent's record, scored by the
/// chance of winning the series.
#[derive(Clone, Debug)]
pub struct Expert(pub Hard);

impl Expert {
    /// Expert playing from `seed` (its sampled deals follow from it).
    pub fn new(seed: u64) -> Expert {
        Expert(Hard {
            series_rollouts: Some(ROLLOUTS),
            history_sampler: true,
            ..Hard::new(seed)
        })
    }
}

impl Bot for Expert {
    fn name(&self) -> &'static str {
        "expert"
    }

    fn decide(&self, v: &View) -> Action {
        self.0.play(v)
    }
}
