//! [`TableView`]: what the systems that show the table read, as one system parameter, so a
//! system that draws from the table names one thing instead of seven resources.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use super::command::{Feedback, HandView};
use super::phase::TurnPhase;
use super::series::Series;
use crate::gui::app::screen::{Metrics, WindowMetrics};
use crate::gui::app::settings::PlayerSettings;
use crate::gui::app::speech::Speech;
use crate::rules::Match;

/// The table as it shows: the series, the player's hand view and feedback, the turn phase, the
/// window's metrics, the language and the settings. Read-only.
#[derive(SystemParam)]
pub(crate) struct TableView<'w> {
    pub series: Res<'w, Series>,
    pub hand: Res<'w, HandView>,
    pub feedback: Res<'w, Feedback>,
    pub state: Res<'w, State<TurnPhase>>,
    pub screen: Res<'w, WindowMetrics>,
    pub speech: Res<'w, Speech>,
    pub settings: Res<'w, PlayerSettings>,
}

impl TableView<'_> {
    /// The match on the table.
    pub(crate) fn m(&self) -> &Match {
        &self.series.current
    }

    /// The turn phase now.
    pub(crate) fn phase(&self) -> TurnPhase {
        *self.state.get()
    }

    /// The card metrics for the window now.
    pub(crate) fn met(&self) -> Metrics {
        self.screen.metrics
    }
}
