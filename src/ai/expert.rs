//! Expert: Hard's search, playing for the series rather than for points.
//!
//! Expert searches the way Hard does (see [`super::hard`]: the hidden cards dealt many times
//! the way the opponent's own turns would have left them, each candidate played out to the end
//! of the round on the same deals), with three differences:
//! - **What a result is worth**: the chance of winning the Hollywood series from the scoreboard
//!   the result would leave ([`super::value`]), so a point that closes a game or decides the
//!   series counts for more than one in a game already won or lost, and the credit rule (first
//!   win once, second twice, later three times, closed games take none) is part of the value
//!   rather than a weight.
//! - **More of the search**: four times Hard's deals per decision, so the paired comparison
//!   separates moves Hard cannot tell apart, and every discard is a candidate, not Hard's six.
//! - **A lower bar to leave Medium's move**: with the noise four times smaller in variance, half a
//!   standard error is still a real difference.
//!
//! The budget is a p95 decision time of 1 s on one core; the figures are in the README.

use super::Bot;
use super::hard::Hard;
use super::value::ROLLOUTS;
use super::view::View;
use crate::rules::Action;

/// The Expert bot: a [`Hard`] search scored by the chance of winning the series.
#[derive(Clone, Debug)]
pub struct Expert(pub Hard);

impl Expert {
    pub fn new(seed: u64) -> Expert {
        Expert(Hard {
            samples: 3200,
            candidates: 11,
            z: 0.5,
            series_rollouts: Some(ROLLOUTS),
            take_discards: 3,
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
