//! The round review on the table: "Review round" (after a round, and from the History for any
//! finished round of the series) weighs each of the player's decisions with the Hard engine
//! ([`crate::ai::review`]) on a background task, then steps through them: the position as the
//! player saw it, the move made, the engine's best and what the difference cost.
//!
//! Decisions:
//! - The work runs on Bevy's async compute pool with a shared progress counter; the render
//!   thread only looks at it once a frame, so the table stays responsive (and `wake` keeps
//!   frames coming while it runs, for the progress bar).
//! - A review is of a round that is over, so it stays valid whatever the table does next; it
//!   is dropped only when the player closes it or asks for another.
//! - It is asked for like every other input, with a [`PlayerCommand::Review`].
//! - The window sits top left, over the score window, below the deal's commitment: clear of
//!   the round-end banner, the Next round button and most of the computer's revealed hand,
//!   which a player studying a round wants to see.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::look;
use super::seats::HUMAN;
use super::settings::PlayerSettings;
use super::speech::Speech;
use super::table::{PlayerCommand, Series};
use super::theme::card_text;
use crate::ai::review::{self, Review};
use crate::lang::{Arg, action_text, card, card_row};
use crate::rules::RuleError;

/// Where the review is.
#[derive(Default)]
pub enum ReviewState {
    #[default]
    Closed,
    Running {
        round: usize,
        done: Arc<AtomicUsize>,
        total: Arc<AtomicUsize>,
        task: Task<Result<Review, RuleError>>,
    },
    Ready {
        round: usize,
        review: Review,
        step: usize,
    },
}

/// The review being worked out or shown.
#[derive(Resource, Default)]
pub struct RoundReview(pub ReviewState);

impl RoundReview {
    /// Working, or shown.
    pub fn open(&self) -> bool {
        !matches!(self.0, ReviewState::Closed)
    }
    /// Working in the background.
    pub fn busy(&self) -> bool {
        matches!(self.0, ReviewState::Running { .. })
    }
    /// The finished review, if one is shown.
    pub fn ready(&self) -> Option<&Review> {
        match &self.0 {
            ReviewState::Ready { review, .. } => Some(review),
            _ => None,
        }
    }
}

/// Starts the review asked for: the round dealt again from its seed and its moves replayed,
/// on a background task.
fn start(mut asks: MessageReader<PlayerCommand>, series: Res<Series>, mut rr: ResMut<RoundReview>) {
    let Some(i) = asks
        .read()
        .filter_map(|c| match c {
            PlayerCommand::Review(i) => Some(*i),
            _ => None,
        })
        .last()
    else {
        return;
    };
    let rounds = series.current.rounds_played();
    let Some(p) = rounds.into_iter().nth(i).filter(|p| p.finished) else {
        return;
    };
    let (done, total) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)));
    let (d, t) = (done.clone(), total.clone());
    let seed = p.start.seed().unwrap_or(1);
    let task = AsyncComputeTaskPool::get().spawn(async move {
        review::review(
            &p.start,
            &p.moves,
            HUMAN,
            Some(&p.before),
            seed,
            &mut |n, of| {
                t.store(of, Ordering::Relaxed);
                d.store(n, Ordering::Relaxed);
            },
        )
    });
    rr.0 = ReviewState::Running {
        round: i,
        done,
        total,
        task,
    };
}

/// Collects the finished review.
fn collect(mut rr: ResMut<RoundReview>) {
    let ReviewState::Running { round, task, .. } = &mut rr.0 else {
        return;
    };
    let Some(result) = check_ready(task) else {
        return;
    };
    let round = *round;
    rr.0 = match result {
        Ok(review) => {
            // Open on the biggest mistake, or the first decision.
            let step = review.biggest_index().unwrap_or(0);
            ReviewState::Ready {
                round,
                review,
                step,
            }
        }
        Err(e) => {
            error!("the round could not be replayed for its review: {e}");
            ReviewState::Closed
        }
    };
}

fn review_ui(
    mut contexts: EguiContexts,
    mut rr: ResMut<RoundReview>,
    speech: Res<Speech>,
    settings: Res<PlayerSettings>,
) -> Result {
    if matches!(rr.0, ReviewState::Closed) {
        return Ok(());
    }
    let sp = &*speech;
    let t = |id: &str, args: &[Arg]| sp.t(id, args);
    let act = |a: &crate::rules::Action| action_text(t, a);
    let ctx = contexts.ctx_mut()?;
    let round = match &rr.0 {
        ReviewState::Running { round, .. } | ReviewState::Ready { round, .. } => *round,
        ReviewState::Closed => return Ok(()),
    };
    let mut close = false;
    let mut go: Option<usize> = None;
    egui::Window::new(t("review-title", &[("round", (round + 1).into())]))
        .id("review".into())
        .anchor(egui::Align2::LEFT_TOP, [8.0, 80.0])
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            // Narrow enough to leave the round-end banner clear at 1024×640 in every language.
            ui.set_max_width(330.0);
            match &rr.0 {
                ReviewState::Running { done, total, .. } => {
                    let (d, n) = (done.load(Ordering::Relaxed), total.load(Ordering::Relaxed));
                    ui.label(t(
                        "review-progress",
                        &[("done", d.into()), ("total", n.into())],
                    ));
                    let frac = if n == 0 { 0.0 } else { d as f32 / n as f32 };
                    ui.add(egui::ProgressBar::new(frac).desired_width(300.0));
                }
                ReviewState::Ready {
                    review: rev, step, ..
                } => {
                    let summary = crate::lang::review_summary(t, rev);
                    ui.label(card_text(ui, &summary, settings.four_color));
                    ui.separator();
                    if let Some(d) = rev.decisions.get(*step) {
                        ui.strong(t(
                            "review-step",
                            &[
                                ("step", (step + 1).into()),
                                ("count", rev.decisions.len().into()),
                                ("move", (d.move_index + 1).into()),
                            ],
                        ));
                        let chose = t("review-you-chose", &[("played", act(&d.played).into())]);
                        ui.label(card_text(ui, &chose, settings.four_color));
                        let verdict = if d.flagged {
                            t(
                                "review-better",
                                &[
                                    ("best", act(&d.best).into()),
                                    ("cost", format!("{:.1}", d.cost).into()),
                                    ("se", format!("{:.1}", d.se).into()),
                                ],
                            )
                        } else {
                            t(
                                "review-fine",
                                &[
                                    ("agree", if d.cost == 0.0 { "yes" } else { "no" }.into()),
                                    ("margin", format!("{:.0}", review::MARGIN).into()),
                                ],
                            )
                        };
                        let mut job = card_text(ui, &verdict, settings.four_color);
                        if d.flagged {
                            for s in &mut job.sections {
                                if s.format.color == ui.visuals().text_color() {
                                    s.format.color = look::egui_color(look::GOLD);
                                }
                            }
                        }
                        ui.label(job);
                        ui.add_space(4.0);
                        let v = &d.view;
                        for line in [
                            t("review-hand", &[("cards", card_row(v.hand).into())]),
                            t(
                                "review-top",
                                &[(
                                    "card",
                                    v.discard_top()
                                        .map(card)
                                        .unwrap_or_else(|| "–".into())
                                        .into(),
                                )],
                            ),
                            t(
                                "review-known",
                                &[
                                    ("count", v.knowledge.opp_holds.len().into()),
                                    ("cards", card_row(v.knowledge.opp_holds).into()),
                                ],
                            ),
                        ] {
                            ui.label(card_text(ui, &line, settings.four_color));
                        }
                        ui.add_space(4.0);
                        ui.label(egui::RichText::new(t("review-options", &[])).small());
                        for m in d.analysis.moves.iter().take(4) {
                            let line = t(
                                "review-option",
                                &[
                                    ("move", act(&m.action).into()),
                                    ("value", format!("{:+.1}", m.mean).into()),
                                ],
                            );
                            ui.label(card_text(ui, &line, settings.four_color));
                        }
                    } else {
                        ui.label(t("review-none", &[]));
                    }
                    ui.separator();
                    ui.horizontal(|ui| {
                        let n = rev.decisions.len();
                        if ui
                            .add_enabled(*step > 0, egui::Button::new(t("review-prev", &[])))
                            .clicked()
                        {
                            go = Some(step - 1);
                        }
                        if ui
                            .add_enabled(step + 1 < n, egui::Button::new(t("review-next", &[])))
                            .clicked()
                        {
                            go = Some(step + 1);
                        }
                        if let Some(b) = rev.biggest_index()
                            && ui.button(t("review-biggest", &[])).clicked()
                        {
                            go = Some(b);
                        }
                        if ui.button(t("review-close", &[])).clicked() {
                            close = true;
                        }
                    });
                }
                ReviewState::Closed => {}
            }
        });
    if close {
        rr.0 = ReviewState::Closed;
    } else if let (Some(to), ReviewState::Ready { step, .. }) = (go, &mut rr.0) {
        *step = to;
    }
    Ok(())
}

/// The round review.
pub struct ReviewPlugin;

impl Plugin for ReviewPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<RoundReview>()
            .add_systems(Update, (start, collect).chain())
            .add_systems(EguiPrimaryContextPass, review_ui);
    }
}
