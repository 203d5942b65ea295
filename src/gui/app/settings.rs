//! The player's settings while the game runs: one [`PlayerSettings`] resource, the only copy.
//!
//! Decisions: settings flow one way. The menu's settings page edits this resource; `persist`
//! writes it to disk when it changes; everything else reads it where it is used: `cards` the
//! deck and back and the speed, `bot` the speed, `sound` the volume, and `table` the rules and
//! level, when a series starts (there is one way to start one, `table::Series::start_series`).
//! Rule and level changes therefore apply from the next series, and the look at once.

use bevy::prelude::*;

use crate::seats::clean_name;
use crate::store::settings::Settings;

/// The player's settings (see [`Settings`]).
#[derive(Resource, Clone, Debug, Default, PartialEq, Deref, DerefMut)]
pub struct PlayerSettings(pub Settings);

impl PlayerSettings {
    /// Seconds a card slide takes at the chosen speed (0 = instant).
    pub(crate) fn slide_secs(&self) -> f32 {
        SLIDE_SECS * self.speed_factor()
    }

    /// Animation time scale: 1 is normal, 0 is instant.
    pub(crate) fn speed_factor(&self) -> f32 {
        self.0.speed.factor().max(0.0)
    }

    /// The player's name as a friend will see it: the one set, else the system's user name;
    /// cleaned ([`clean_name`]), empty if nothing is left.
    pub(crate) fn friend_name(&self) -> String {
        let name = self
            .player_name
            .clone()
            .or_else(|| std::env::var("USER").ok())
            .or_else(|| std::env::var("USERNAME").ok())
            .unwrap_or_default();
        clean_name(&name).unwrap_or_default()
    }
}

/// Seconds a card takes to slide at normal speed.
pub(crate) const SLIDE_SECS: f32 = 0.35;
