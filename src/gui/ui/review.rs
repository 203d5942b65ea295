//! The round review on the table: "Review round" (after a round, and from the History for any
//! finished round of the series) weighs each of the player's decisions with Expert's engine
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
//!   is free it still opens, over what yields to it (the other side's hand and plate), or top
//!   left over the table.
//! - Previous, Next and Close sit above the decision, not below it: the decisions differ in
//!   height, and below they moved, so Next clicked again where it was landed on text.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};
use bevy_egui::{EguiContexts, egui};

use super::placer::Placer;
use super::room::{Edge, PlacedWindow};
use super::theme::{at_scale, card_text};
use crate::ai::review::{self, Review};
use crate::gui::app::settings::PlayerSettings;
use crate::gui::app::speech::Speech;
use crate::gui::app::wake::{StayAwake, WakeCheck};
use crate::gui::scene::look;
use crate::gui::table::command::{PlayerCommand, SeriesCommand};
use crate::gui::table::series::Series;
use crate::rules::RuleError;
use crate::seats::HUMAN;
use crate::words;

/// Where the review is.
#[derive(Default)]
pub enum ReviewState {
    #[default]
    /// No review open.
    Closed,
    /// Worked out in the background.
    Running {
        /// The round reviewed, by its place in the history.
        round: usize,
        /// Decisions reviewed so far.
        done: Arc<AtomicUsize>,
        /// Decisions to review.
        total: Arc<AtomicUsize>,
        /// The task working it out.
        task: Task<Result<Review, RuleError>>,
    },
    /// Worked out and shown.
    Ready {
        /// The round reviewed, by its place in the history.
        round: usize,
        /// The review.
        review: Review,
        /// The decision shown.
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
    /// The round reviewed (from 0), while the review is open.
    pub fn round(&self) -> Option<usize> {
        match &self.0 {
            ReviewState::Running { round, .. } | ReviewState::Ready { round, .. } => Some(*round),
            ReviewState::Closed => None,
        }
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
    let Some(p) = rounds.into_iter().nth(i).filter(|p| p.finished()) else {
        return;
    };
    let (done, total) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)));
    let (d, t) = (done.clone(), total.clone());
    let seed = review::default_seed(&p.start);
    let task = AsyncComputeTaskPool::get().spawn(async move {
        review::review(
            &p.start,
            p.moves(),
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
pub(crate) struct ReviewPlace(Option<PlacedWindow>);

/// Places the review, asked for by the player, before every other window: it opens even where
/// there is no room.
pub(crate) fn place_review(
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
            &[Edge::Left, Edge::Center, Edge::Right],
            min,
        )
    });
    Ok(())
}

/// The width of each of the review's three columns, and of the whole window, in points at
/// the player's text size.
const COLUMN: f32 = 250.0;
const GUTTER: f32 = 14.0;
pub(crate) const WIDTH: f32 = 3.0 * COLUMN + 2.0 * GUTTER + 40.0;

/// What the player asked of the review window this frame.
enum Asked {
    Step(usize),
    Close,
}

/// The review's progress while it is worked out.
fn progress(ui: &mut egui::Ui, sp: &Speech, title: &str, done: usize, total: usize, scale: f32) {
    ui.strong(title);
    ui.label(sp.t(
        "review-progress",
        &[("done", done.into()), ("total", total.into())],
    ));
    let frac = if total == 0 {
        0.0
    } else {
        done as f32 / total as f32
    };
    ui.add(egui::ProgressBar::new(frac).desired_width(300.0 * scale));
}

/// One decision in three columns side by side, so the window stays low enough to fit between
/// the revealed hands: the decision and its verdict, the position, the engine's values.
fn decision(
    ui: &mut egui::Ui,
    sp: &Speech,
    d: &review::Decision,
    step: usize,
    count: usize,
    scale: f32,
    four: bool,
) {
    let col = COLUMN * scale;
    let lines = |ui: &mut egui::Ui, lines: &[String]| {
        for line in lines {
            ui.label(card_text(ui, line, four));
        }
    };
    ui.horizontal_top(|ui| {
        ui.vertical(|ui| {
            ui.set_width(col);
            ui.strong(words::review::step(sp, d, step, count));
            ui.label(card_text(ui, &words::review::chose(sp, d), four));
            let mut job = card_text(ui, &words::review::verdict(sp, d), four);
            if d.flagged() {
                for s in &mut job.sections {
                    if s.format.color == ui.visuals().text_color() {
                        s.format.color = look::egui_color(look::GOLD);
                    }
                }
            }
            ui.label(job);
        });
        ui.add_space(GUTTER * scale);
        ui.vertical(|ui| {
            ui.set_width(col);
            lines(ui, &words::review::position(sp, &d.view));
        });
        ui.add_space(GUTTER * scale);
        ui.vertical(|ui| {
            ui.set_width(col);
            ui.label(egui::RichText::new(sp.t("review-options", &[])).small());
            lines(ui, &words::review::options(sp, &d.analysis, 4));
        });
    });
}

/// Previous, Next, Biggest mistake and Close.
fn step_buttons(ui: &mut egui::Ui, sp: &Speech, rev: &Review, step: usize) -> Option<Asked> {
    let mut asked = None;
    ui.horizontal(|ui| {
        let n = rev.decisions.len();
        let button = |ui: &mut egui::Ui, on: bool, id: &str| {
            ui.add_enabled(on, egui::Button::new(sp.t(id, &[])))
                .clicked()
        };
        if button(ui, step > 0, "review-prev") {
            asked = Some(Asked::Step(step - 1));
        }
        if button(ui, step + 1 < n, "review-next") {
            asked = Some(Asked::Step(step + 1));
        }
        if let Some(b) = rev.biggest_index()
            && button(ui, true, "review-biggest")
        {
            asked = Some(Asked::Step(b));
        }
        if button(ui, true, "review-close") {
            asked = Some(Asked::Close);
        }
    });
    asked
}

/// The review window, where the overlay placed it: an area framed as a window, with no title
/// bar (the title leads the first line, one line less for the room between the revealed
/// hands), wide and low, at its own width at each scale (egui would keep it as wide as it
/// ever was).
pub(crate) fn review_ui(
    mut contexts: EguiContexts,
    mut rr: ResMut<RoundReview>,
    speech: Res<Speech>,
    settings: Res<PlayerSettings>,
    place: Res<ReviewPlace>,
) -> Result {
    let sp = &*speech;
    let (Some(placed), Some(round)) = (place.0, rr.round()) else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let four = settings.four_color;
    let title = sp.t("review-title", &[("round", (round + 1).into())]);
    let mut asked = None;
    at_scale(ctx, placed.scale, |ctx| {
        egui::Area::new("review".into())
            .fixed_pos(egui::pos2(placed.pos.x, placed.pos.y))
            .movable(false)
            .order(egui::Order::Middle)
            .show(ctx, |ui| {
                egui::Frame::window(ui.style()).show(ui, |ui| {
                    ui.set_width(WIDTH * placed.scale);
                    match &rr.0 {
                        ReviewState::Running { done, total, .. } => {
                            let (d, n) =
                                (done.load(Ordering::Relaxed), total.load(Ordering::Relaxed));
                            progress(ui, sp, &title, d, n, placed.scale);
                        }
                        ReviewState::Ready {
                            review: rev, step, ..
                        } => {
                            let summary = words::review::summary(sp, rev);
                            ui.horizontal_wrapped(|ui| {
                                ui.strong(format!("{title}:"));
                                ui.label(card_text(ui, &summary, four));
                            });
                            // The buttons above the decision, whose height changes from
                            // one to the next: they stay where they are, so Next clicked
                            // again and again steps on rather than landing on the text.
                            asked = step_buttons(ui, sp, rev, *step);
                            ui.separator();
                            match rev.decisions.get(*step) {
                                Some(d) => {
                                    let at = (*step, rev.decisions.len());
                                    decision(ui, sp, d, at.0, at.1, placed.scale, four);
                                }
                                None => {
                                    ui.label(sp.t("review-none", &[]));
                                }
                            }
                        }
                        ReviewState::Closed => {}
                    }
                });
            });
    });
    match (asked, &mut rr.0) {
        (Some(Asked::Close), state) => *state = ReviewState::Closed,
        (Some(Asked::Step(to)), ReviewState::Ready { step, .. }) => *step = to,
        _ => {}
    }
    Ok(())
}

/// The round review.
pub(crate) struct ReviewPlugin;

impl Plugin for ReviewPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<RoundReview>()
            .init_resource::<ReviewPlace>()
            .add_systems(Update, (start, collect).chain())
            .add_systems(PostUpdate, stay_awake.before(WakeCheck));
    }
}
