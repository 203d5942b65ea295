//! The words of a round review: its summary and what it says of each decision.

use super::{action_text, decimal};
use crate::ai::review;
use crate::lang::Voice;
use crate::rules::Action;

/// A round review's summary: how many decisions cost points and the biggest mistake, or that
/// none did.
pub fn summary(v: &Voice, rev: &review::Review) -> String {
    match rev.biggest() {
        Some(b) => v.t(
            "review-summary",
            &[
                ("costly", rev.mistakes().count().into()),
                ("decisions", rev.decisions.len().into()),
                ("total", decimal(v, rev.total_cost(), 1).into()),
                ("move", (b.move_index + 1).into()),
                ("played", action_text(v, &b.played).into()),
                ("best", action_text(v, &b.best).into()),
                ("cost", decimal(v, b.cost, 1).into()),
            ],
        ),
        None => v.t(
            "review-clean",
            &[
                ("decisions", rev.decisions.len().into()),
                ("margin", decimal(v, review::MARGIN, 0).into()),
            ],
        ),
    }
}

/// What the review says of decision `d`: the better move and its cost, too close to call, or
/// fine.
pub fn verdict(v: &Voice, d: &review::Decision) -> String {
    let act = |a: &Action| action_text(v, a);
    let margin = ("margin", decimal(v, review::MARGIN, 0).into());
    let cost = [
        ("best", act(&d.best).into()),
        ("cost", decimal(v, d.cost, 1).into()),
        ("se", decimal(v, d.se, 1).into()),
    ];
    match d.verdict {
        review::Verdict::Costly => v.t("review-better", &cost),
        review::Verdict::TooClose => {
            let mut args = cost.to_vec();
            args.push(margin);
            args.push(("samples", d.samples.into()));
            v.t("review-too-close", &args)
        }
        review::Verdict::Fine => v.t(
            "review-fine",
            &[
                ("agree", if d.cost == 0.0 { "yes" } else { "no" }.into()),
                margin,
            ],
        ),
    }
}
