//! The computer's turn: its decision is made on a background task from a [`View`] of the
//! position, and shown after a short pause so the player can follow it.
//!
//! Decisions:
//! - Each task is keyed to the position it was asked about ([`position_key`]: the match seed,
//!   series, deal and move count). A reply is applied only while the table is still at that
//!   position; after a new series, a replayed deal or anything else that moved the table on,
//!   the reply is dropped and the question asked again. So a decision can never land on a
//!   position it was not made for.
//! - The render thread never waits for it: it looks at the task once a frame.
//! - The pause (scaled by the animation speed) starts when the computer's turn does, and its
//!   move waits for cards still sliding, so each of its moves is seen on its own.

use std::time::Duration;

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};

use super::phase::{CardsMoving, TableSet, TurnPhase};
use super::series::Series;
use crate::ai::View;
use crate::ai::style::Style;
use crate::gui::app::modes::playing;
use crate::gui::app::settings::PlayerSettings;
use crate::gui::app::wake::{StayAwake, WakeCheck};
use crate::rules::{Action, Match};
use crate::seats::OPPONENT;

/// The pause before the computer's move is shown, at normal speed.
const BOT_PAUSE_SECS: f32 = 0.6;

/// Tells positions apart: match seed, series, deal number and moves made in the round.
pub(crate) type PositionKey = (u64, u32, u64, usize);

/// What the computer's decision depends on: a decision for another position is stale.
pub fn position_key(m: &Match) -> PositionKey {
    (
        m.seed(),
        m.series_no(),
        m.deals(),
        m.round().history().len(),
    )
}

/// The computer's pending decision and the position it is for.
#[derive(Resource, Default)]
pub struct BotTask {
    task: Option<Task<Action>>,
    ready: Option<Action>,
    for_position: Option<PositionKey>,
    started: Option<Duration>,
}

impl BotTask {
    /// Thinking, or holding a move to show.
    pub fn busy(&self) -> bool {
        self.task.is_some() || self.ready.is_some()
    }

    /// The position the pending decision is for.
    pub fn for_position(&self) -> Option<PositionKey> {
        self.for_position.filter(|_| self.busy())
    }

    fn clear(&mut self) {
        *self = BotTask::default();
    }
}

/// Starts, collects and shows the computer's decision for the current position.
fn computer_turn(
    mut series: ResMut<Series>,
    mut bot: ResMut<BotTask>,
    time: Res<Time>,
    anim: Res<CardsMoving>,
    settings: Res<PlayerSettings>,
) {
    let now = time.elapsed();
    if !bot.busy() {
        if series.current.round().to_act() != Some(OPPONENT) || series.friend().is_some() {
            return;
        }
        // The view is made on the task: what the player's earlier rounds showed of how they
        // play (see `crate::ai::style`) is read by playing those rounds again.
        let m = series.current.clone();
        let (level, seed) = (series.level, series.bot_seed);
        bot.task = Some(AsyncComputeTaskPool::get().spawn(async move {
            let view = View::of(m.round(), OPPONENT, Some(m.scoreboard()))
                .with_style(Style::of_match(&m, OPPONENT.other()));
            level.bot(seed).decide(&view)
        }));
        bot.for_position = Some(position_key(&series.current));
        bot.started = Some(now);
        return;
    }
    if let Some(task) = bot.task.as_mut()
        && let Some(a) = check_ready(task)
    {
        debug!("bot decided {a:?}");
        bot.ready = Some(a);
        bot.task = None;
    }
    let pause = Duration::from_secs_f32(BOT_PAUSE_SECS * settings.speed_factor());
    if bot.ready.is_some() && !anim.0 && bot.started.is_some_and(|s| now >= s + pause) {
        // The engine only plays legal moves; should one be refused, the table asks again
        // rather than losing the round.
        if let Some(a) = bot.ready.take()
            && let Err(e) = series.act(OPPONENT, a)
        {
            error!("the computer's move was refused: {e}");
        }
        bot.clear();
    }
}

/// Drops a pending decision as soon as the table has left its position, whoever is to move
/// (a new series started from the menu while the computer was thinking). Runs every frame just
/// before `computer_turn`, so that never sees a stale decision.
fn forget_stale(series: Res<Series>, mut bot: ResMut<BotTask>) {
    if bot.busy() && bot.for_position != Some(position_key(&series.current)) {
        debug!("the table moved on: the computer's pending decision is dropped");
        bot.clear();
    }
}

/// The computer's turns.
pub(crate) struct BotPlugin;

impl Plugin for BotPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<BotTask>()
            .add_systems(
                Update,
                (
                    forget_stale,
                    computer_turn
                        .run_if(in_state(TurnPhase::OpponentTurn))
                        .run_if(playing),
                )
                    .chain()
                    .in_set(TableSet::Bot),
            )
            .add_systems(PostUpdate, stay_awake.before(WakeCheck));
    }
}

/// The app stays awake while the computer thinks or holds a move to show.
fn stay_awake(bot: Res<BotTask>, mut wake: MessageWriter<StayAwake>) {
    if bot.busy() {
        wake.write(StayAwake);
    }
}
