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
//! - It is asked for like every other input, with a [`SeriesCommand::Review`].
//! - The window is wide and low (three columns: the decision, the position, the engine's view),
//!   so it fits between the two revealed hands; `overlay` finds it a place clear of the
//!   table (see `room`) before any other window, as the player asked for it. Where no place
//!   is free it still opens, top left, over the table.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};
use bevy_egui::{EguiContexts, egui};

use super::placer::Placer;
use super::room::{Placed, Side};
use super::theme::{at_scale, card_text};
use crate::ai::review::{self, Review};
use crate::gui::app::settings::PlayerSettings;
use crate::gui::app::speech::Speech;
use crate::gui::app::wake::{StayAwake, WakeCheck};
use crate::gui::scene::look;
use crate::gui::table::command::{PlayerCommand, SeriesCommand};
use crate::gui::table::series::Series;
use crate::lang::{card, card_row};
use crate::rules::RuleError;
use crate::seats::HUMAN;
use crate::words;

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
            PlayerCommand::Series(SeriesCommand::Review(i)) => Some(*i),
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
    let seed = review::default_seed(&p.start);
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
/// The app stays awake while a review is worked out, to collect it as soon as it is done.
fn stay_awake(rr: Res<RoundReview>, mut wake: MessageWriter<StayAwake>) {
    if rr.busy() {
        wake.write(StayAwake);
    }
}

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

/// Where the review window goes this frame (it opens the frame after it is asked for).
#[derive(Resource, Default)]
pub struct ReviewPlace(Option<Placed>);

/// Places the review, asked for by the player, before every other window: it opens even where
/// there is no room.
pub fn place_review(
    mut contexts: EguiContexts,
    rr: Res<RoundReview>,
    mut placer: ResMut<Placer>,
    mut place: ResMut<ReviewPlace>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let min = placer.min_scale;
    place.0 = rr.open().then(|| {
        placer.place_anyway(
            ctx,
            "review",
            egui::vec2(WIDTH, 200.0),
            &[Side::Left, Side::Center, Side::Right],
            min,
        )
    });
    Ok(())
}

/// The width of each of the review's three columns, and of the whole window, in points at
/// the player's text size.
const COLUMN: f32 = 250.0;
const GUTTER: f32 = 14.0;
pub const WIDTH: f32 = 3.0 * COLUMN + 2.0 * GUTTER + 40.0;

pub fn review_ui(
    mut contexts: EguiContexts,
    mut rr: ResMut<RoundReview>,
    speech: Res<Speech>,
    settings: Res<PlayerSettings>,
    place: Res<ReviewPlace>,
) -> Result {
    if matches!(rr.0, ReviewState::Closed) {
        return Ok(());
    }
    let sp = &*speech;
    let act = |a: &crate::rules::Action| words::action_text(sp, a);
    let ctx = contexts.ctx_mut()?;
    let round = match &rr.0 {
        ReviewState::Running { round, .. } | ReviewState::Ready { round, .. } => *round,
        ReviewState::Closed => return Ok(()),
    };
    let mut close = false;
    let mut go: Option<usize> = None;
    // Where the overlay found room for it (it opens the frame after it is asked for).
    let Some(placed) = place.0 else {
        return Ok(());
    };
    at_scale(ctx, placed.scale, |ctx| {
        // An area framed as a window, with no title bar: the title leads the first line,
        // one line less for the room between the revealed hands.
        egui::Area::new("review".into())
            .fixed_pos(egui::pos2(placed.pos.x, placed.pos.y))
            .movable(false)
            .order(egui::Order::Middle)
            .show(ctx, |ui| {
                egui::Frame::window(ui.style()).show(ui, |ui| {
                    // Wide and low: it fits between the revealed hands, beside nothing else. Its
                    // own width at each scale (egui would keep it as wide as it ever was).
                    ui.set_width(WIDTH * placed.scale);
                    let title = sp.t("review-title", &[("round", (round + 1).into())]);
                    match &rr.0 {
                        ReviewState::Running { done, total, .. } => {
                            let (d, n) =
                                (done.load(Ordering::Relaxed), total.load(Ordering::Relaxed));
                            ui.strong(&title);
                            ui.label(sp.t(
                                "review-progress",
                                &[("done", d.into()), ("total", n.into())],
                            ));
                            let frac = if n == 0 { 0.0 } else { d as f32 / n as f32 };
                            ui.add(
                                egui::ProgressBar::new(frac).desired_width(300.0 * placed.scale),
                            );
                        }
                        ReviewState::Ready {
                            review: rev, step, ..
                        } => {
                            let summary = words::review::summary(sp, rev);
                            ui.horizontal_wrapped(|ui| {
                                ui.strong(format!("{title}:"));
                                ui.label(card_text(ui, &summary, settings.four_color));
                            });
                            ui.separator();
                            if let Some(d) = rev.decisions.get(*step) {
                                // Three columns side by side, so the window stays low enough
                                // to fit between the revealed hands: the decision and its
                                // verdict, the position, the engine's values.
                                let col = COLUMN * placed.scale;
                                ui.horizontal_top(|ui| {
                                    ui.vertical(|ui| {
                                        ui.set_width(col);
                                        ui.strong(sp.t(
                                            "review-step",
                                            &[
                                                ("step", (step + 1).into()),
                                                ("count", rev.decisions.len().into()),
                                                ("move", (d.move_index + 1).into()),
                                            ],
                                        ));
                                        let chose = sp.t(
                                            "review-you-chose",
                                            &[("played", act(&d.played).into())],
                                        );
                                        ui.label(card_text(ui, &chose, settings.four_color));
                                        let verdict = words::review::verdict(sp, d);
                                        let mut job = card_text(ui, &verdict, settings.four_color);
                                        if d.flagged() {
                                            for s in &mut job.sections {
                                                if s.format.color == ui.visuals().text_color() {
                                                    s.format.color = look::egui_color(look::GOLD);
                                                }
                                            }
                                        }
                                        ui.label(job);
                                    });
                                    ui.add_space(GUTTER * placed.scale);
                                    ui.vertical(|ui| {
                                        ui.set_width(col);
                                        let v = &d.view;
                                        for line in [
                                            sp.t(
                                                "review-hand",
                                                &[("cards", card_row(v.hand).into())],
                                            ),
                                            sp.t(
                                                "review-top",
                                                &[(
                                                    "card",
                                                    v.discard_top()
                                                        .map(card)
                                                        .unwrap_or_else(|| "–".into())
                                                        .into(),
                                                )],
                                            ),
                                            sp.t(
                                                "review-known",
                                                &[
                                                    ("count", v.knowledge.opp_holds.len().into()),
                                                    (
                                                        "cards",
                                                        card_row(v.knowledge.opp_holds).into(),
                                                    ),
                                                ],
                                            ),
                                        ] {
                                            ui.label(card_text(ui, &line, settings.four_color));
                                        }
                                    });
                                    ui.add_space(GUTTER * placed.scale);
                                    ui.vertical(|ui| {
                                        ui.set_width(col);
                                        ui.label(
                                            egui::RichText::new(sp.t("review-options", &[]))
                                                .small(),
                                        );
                                        // What each move gives away against the best: what
                                        // a player can act on (the engine's own values are
                                        // Hollywood-weighted points, +51 for one round puzzles).
                                        let best = d.analysis.moves.first().map_or(0.0, |m| m.mean);
                                        for m in d.analysis.moves.iter().take(4) {
                                            let mv = ("move", act(&m.action).into());
                                            let cost = best - m.mean;
                                            let line = if cost < 0.05 {
                                                sp.t("review-option-best", &[mv])
                                            } else {
                                                sp.t(
                                                    "review-option",
                                                    &[
                                                        mv,
                                                        (
                                                            "cost",
                                                            words::decimal(sp, cost, 1).into(),
                                                        ),
                                                    ],
                                                )
                                            };
                                            ui.label(card_text(ui, &line, settings.four_color));
                                        }
                                    });
                                });
                            } else {
                                ui.label(sp.t("review-none", &[]));
                            }
                            ui.separator();
                            ui.horizontal(|ui| {
                                let n = rev.decisions.len();
                                if ui
                                    .add_enabled(
                                        *step > 0,
                                        egui::Button::new(sp.t("review-prev", &[])),
                                    )
                                    .clicked()
                                {
                                    go = Some(step - 1);
                                }
                                if ui
                                    .add_enabled(
                                        step + 1 < n,
                                        egui::Button::new(sp.t("review-next", &[])),
                                    )
                                    .clicked()
                                {
                                    go = Some(step + 1);
                                }
                                if let Some(b) = rev.biggest_index()
                                    && ui.button(sp.t("review-biggest", &[])).clicked()
                                {
                                    go = Some(b);
                                }
                                if ui.button(sp.t("review-close", &[])).clicked() {
                                    close = true;
                                }
                            });
                        }
                        ReviewState::Closed => {}
                    }
                });
            });
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
            .init_resource::<ReviewPlace>()
            .add_systems(Update, (start, collect).chain())
            .add_systems(PostUpdate, stay_awake.before(WakeCheck));
    }
}
