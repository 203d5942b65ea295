//! The window as the table sees it: its size and the card [`Metrics`] for it, kept in the
//! [`WindowMetrics`] resource, and where a point of the window is on the table.
//!
//! Decisions:
//! - The metrics are worked out once, when the window's size changes, and every system reads
//!   the resource; so "the window was resized" is plain change detection on [`WindowMetrics`].
//! - Before the window exists (and in a test without one) the table is laid out for 1280×800.
//! - The player's text size setting is part of the metrics, so changing it is a resize too.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use super::settings::PlayerSettings;

/// Card size and positions for a window of `size` logical pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Metrics {
    /// A card's size on the table.
    pub card: Vec2,
    /// The table's size (the window's, in logical pixels).
    pub size: Vec2,
    /// The player's text and button size setting, as a factor (1 = 100%).
    pub ui: f32,
}

impl Metrics {
    /// The metrics of a table of `size` at 100% text.
    pub fn new(size: Vec2) -> Metrics {
        Metrics::scaled(size, 1.0)
    }
    /// The metrics for a window of `size` with text and buttons at `ui` times their size.
    pub(crate) fn scaled(size: Vec2, ui: f32) -> Metrics {
        let h = (size.y * 0.2).min(size.x * 0.09 * 420.0 / 300.0).max(60.0);
        Metrics {
            card: Vec2::new(h * 300.0 / 420.0, h),
            size,
            ui,
        }
    }
    /// Where the stock lies.
    pub fn stock(&self) -> Vec2 {
        Vec2::new(-self.card.x * 0.75, self.size.y * 0.04)
    }
    /// Where the discard pile lies.
    pub fn discard(&self) -> Vec2 {
        Vec2::new(self.card.x * 0.75, self.size.y * 0.04)
    }
    /// The y of the player's hand row.
    pub(crate) fn hand_y(&self) -> f32 {
        -self.size.y / 2.0 + self.card.y * 0.62
    }
    /// The y of the computer's hand row.
    pub(crate) fn opponent_y(&self) -> f32 {
        self.size.y / 2.0 - self.card.y * 0.62
    }
    /// A scale for text and buttons: 1 at 800 pixels high (at 100%), times the player's
    /// setting.
    pub fn ui_scale(&self) -> f32 {
        (self.size.y / 800.0).clamp(0.75, 2.5) * self.ui
    }
    /// A seat's name plate (see `hud`): its size.
    pub(crate) fn plate_size(&self) -> Vec2 {
        Vec2::new(176.0, 34.0) * self.ui_scale()
    }
    /// The room at each end of a hand's row kept free for the seats' name plates and the
    /// dealer's chip beside them: rows never run under them, however many cards they hold.
    pub(crate) fn side_reserve(&self) -> f32 {
        let p = self.plate_size();
        14.0 * self.ui_scale() + p.x + p.y + 16.0 * self.ui_scale()
    }
    /// Whether `p` is on the discard pile (generously: a drop near it counts).
    pub(crate) fn on_discard_pile(&self, p: Vec2) -> bool {
        let d = (p - self.discard()).abs();
        d.x <= self.card.x * 0.9 && d.y <= self.card.y * 0.9
    }
}

/// The window's size in logical pixels and the table's metrics for it.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct WindowMetrics {
    /// The table's metrics for the window as it is now.
    pub metrics: Metrics,
}

impl Default for WindowMetrics {
    fn default() -> Self {
        WindowMetrics {
            metrics: Metrics::new(DEFAULT_SIZE),
        }
    }
}

impl WindowMetrics {
    /// The table's size.
    pub fn size(&self) -> Vec2 {
        self.metrics.size
    }
}

/// The size the table is laid out for until the window says otherwise.
pub(crate) const DEFAULT_SIZE: Vec2 = Vec2::new(1280.0, 800.0);

impl WindowMetrics {
    /// A point of the window (logical pixels from its top-left corner) on the table: the
    /// camera (a plain `Camera2d`) looks at the table's centre, one unit a logical pixel, y up.
    pub(crate) fn to_table(self, p: Vec2) -> Vec2 {
        let size = self.size();
        Vec2::new(p.x - size.x / 2.0, size.y / 2.0 - p.y)
    }
}

/// Follows the primary window's size and the player's text size (changing the resource only
/// when one changed).
fn track_window(
    windows: Query<&Window, With<PrimaryWindow>>,
    settings: Option<Res<PlayerSettings>>,
    mut screen: ResMut<WindowMetrics>,
) {
    let size = windows
        .single()
        .map_or(DEFAULT_SIZE, |w| Vec2::new(w.width(), w.height()));
    let ui = settings.map_or(1.0, |s| s.ui_scale as f32 / 100.0);
    if screen.size() != size || screen.metrics.ui != ui {
        screen.metrics = Metrics::scaled(size, ui);
    }
}

/// Keeps [`WindowMetrics`] up to date, before anything of the frame reads it.
pub(crate) struct ScreenPlugin;

impl Plugin for ScreenPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<WindowMetrics>()
            .add_systems(PreUpdate, track_window);
    }
}
