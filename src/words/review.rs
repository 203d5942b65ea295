//! The words of a round review: its summary and what it says of each decision.

use super::{action_text, decimal};
use crate::ai::View;
use crate::ai::review;
use crate::lang::{Voice, card, card_row};
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

/// Which decision this is: "Decision 3 of 9 (move 6)".
pub fn step(v: &Voice, d: &review::Decision, step: usize, count: usize) -> String {
    v.t(
        "review-step",
        &[
            ("step", (step + 1).into()),
            ("count", count.into()),
            ("move", (d.move_index + 1).into()),
        ],
    )
}

/// What the player chose: "You chose to discard the J♠."
pub fn chose(v: &Voice, d: &review::Decision) -> String {
    v.t(
        "review-you-chose",
        &[("played", action_text(v, &d.played).into())],
    )
}

/// The position the decision was made in, as the player saw it: the hand, the discard pile's
/// top and the computer's cards the player knew of.
pub fn position(v: &Voice, view: &View) -> [String; 3] {
    let top = view.discard_top().map(card).unwrap_or_else(|| "–".into());
    [
        v.t("review-hand", &[("cards", card_row(view.hand).into())]),
        v.t("review-top", &[("card", top.into())]),
        v.t(
            "review-known",
            &[
                ("count", view.knowledge.opp_holds.len().into()),
                ("cards", card_row(view.knowledge.opp_holds).into()),
            ],
        ),
    ]
}

/// The best `n` moves, each with what it gives away against the best: what a player can act
/// on (the engine's own values are Hollywood-weighted points).
pub fn options(v: &Voice, a: &review::Analysis, n: usize) -> Vec<String> {
    let best = a.moves.first().map_or(0.0, |m| m.mean);
    a.moves
        .iter()
        .take(n)
        .map(|m| {
            let mv = ("move", action_text(v, &m.action).into());
            let cost = best - m.mean;
            if cost < 0.05 {
                v.t("review-option-best", &[mv])
            } else {
                v.t("review-option", &[mv, ("cost", decimal(v, cost, 1).into())])
            }
        })
        .collect()
}
