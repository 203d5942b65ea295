//! The window as the table sees it: its size and the card [`Metrics`] for it, kept in the
//! [`Screen`] resource, and where a point of the window is on the table.
//!
//! Decisions:
//! - The metrics are worked out once, when the window's size changes, and every system reads
//!   the resource; so "the window was resized" is plain change detection on [`Screen`].
//! - Before the window exists (and in a test without one) the table is laid out for 1280×800.
//! - The player's text size setting is part of the metrics, so changing it is a resize too.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use super::layout::Metrics;
use super::settings::PlayerSettings;

/// The window's size in logical pixels and the table's metrics for it.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct Screen {
    pub metrics: Metrics,
}

impl Default for Screen {
    fn default() -> Self {
        Screen {
            metrics: Metrics::new(DEFAULT_SIZE),
        }
    }
}

impl Screen {
    pub fn size(&self) -> Vec2 {
        self.metrics.size
    }
}

/// The size the table is laid out for until the window says otherwise.
pub const DEFAULT_SIZE: Vec2 = Vec2::new(1280.0, 800.0);

impl Screen {
    /// A point of the window (logical pixels from its top-left corner) on the table: the
    /// camera (a plain `Camera2d`) looks at the table's centre, one unit a logical pixel, y up.
    pub fn to_table(&self, p: Vec2) -> Vec2 {
        let size = self.size();
        Vec2::new(p.x - size.x / 2.0, size.y / 2.0 - p.y)
    }
}

/// Follows the primary window's size and the player's text size (changing the resource only
/// when one changed).
fn track_window(
    windows: Query<&Window, With<PrimaryWindow>>,
    settings: Option<Res<PlayerSettings>>,
    mut screen: ResMut<Screen>,
) {
    let size = windows
        .single()
        .map_or(DEFAULT_SIZE, |w| Vec2::new(w.width(), w.height()));
    let ui = settings.map_or(1.0, |s| s.ui_scale as f32 / 100.0);
    if screen.size() != size || screen.metrics.ui != ui {
        screen.metrics = Metrics::scaled(size, ui);
    }
}

/// Keeps [`Screen`] up to date, before anything of the frame reads it.
pub struct ScreenPlugin;

impl Plugin for ScreenPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Screen>()
            .add_systems(PreUpdate, track_window);
    }
}
