//! The window's size and place: it opens fitted to the screen it opens on, where the player
//! left it, and never smaller than the table needs.
//!
//! Decisions:
//! - The window is created hidden and shown once winit has reported the monitors (it does so
//!   only after the window exists): then it is sized and placed, so no frame shows a window
//!   larger than its screen. Bevy's own `window_settings` example hides a window for its first
//!   frames the same way. If no monitor is ever reported (some Wayland setups), it is shown
//!   after half a second at the size asked for.
//! - "Fits" is at most 90% of the monitor's logical size, the table's proportions kept: winit
//!   does not tell the work area, and 10% leaves room for a taskbar, a dock or a title bar. On
//!   a 1366×768 laptop panel the default 1280×800 becomes 1105×691; at 150% scaling on a 1080p
//!   panel (1280×720 logical) it becomes 1036×648. A window is never made smaller than
//!   [`WindowPlacement::MIN`] unless the monitor itself is smaller.
//! - Remembered in the settings file: the size, the outer position and whether it was
//!   maximised (the size kept is the one before maximising). They are taken when the window
//!   has been still for a second and when the game closes, not on every frame of a drag. A
//!   remembered position that no monitor now holds is ignored and the window is centred.
//! - `--windowed WxH` asks for a size for this run; it is fitted the same way.

use std::time::Duration;

use bevy::ecs::system::NonSendMarker;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::window::{
    Monitor, MonitorSelection, PrimaryMonitor, PrimaryWindow, WindowMoved, WindowPosition,
    WindowResizeConstraints, WindowResized,
};
use bevy::winit::WINIT_WINDOWS;

use super::modes::AtExit;
use super::settings::PlayerSettings;
use crate::store::settings::WindowPlacement;

/// The size the window opens at on a screen with room for it, in logical pixels.
pub(crate) const DEFAULT: (u32, u32) = (1280, 800);

/// The share of the monitor's logical size a window may take.
const SHARE: f32 = 0.9;

/// A monitor as the fitting sees it: its rectangle in physical pixels and its scale factor.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MonitorArea {
    /// Its top-left corner on the desktop, in physical pixels.
    pub position: IVec2,
    /// Its size in physical pixels.
    pub physical: UVec2,
    /// Its scale factor (physical pixels per logical one).
    pub scale: f32,
}

impl MonitorArea {
    fn of(m: &Monitor) -> MonitorArea {
        MonitorArea {
            position: m.physical_position,
            physical: UVec2::new(m.physical_width, m.physical_height),
            scale: m.scale_factor.max(0.1) as f32,
        }
    }

    /// The monitor's size in logical pixels.
    pub fn logical(&self) -> Vec2 {
        self.physical.as_vec2() / self.scale
    }

    /// Whether a window whose outer top-left corner is at `p` (physical) can be reached:
    /// the corner and a title bar's height below it lie on this monitor.
    pub fn holds(&self, p: IVec2) -> bool {
        let max = self.position + self.physical.as_ivec2();
        p.x >= self.position.x && p.y >= self.position.y && p.x + 64 < max.x && p.y + 48 < max.y
    }
}

/// The logical size for a window that asks for `asked` on `screen`: the same, or shrunk with
/// its proportions kept to [`SHARE`] of the screen; never below the minimum unless the screen
/// is smaller than that.
pub fn fit(asked: (u32, u32), screen: &MonitorArea) -> UVec2 {
    let room = screen.logical();
    let want = Vec2::new(asked.0 as f32, asked.1 as f32).max(Vec2::ONE);
    let shrink = (room * SHARE / want).min_element().min(1.0);
    let min = Vec2::new(WindowPlacement::MIN.0 as f32, WindowPlacement::MIN.1 as f32);
    let size = (want * shrink).max(min.min(room)).min(room);
    size.floor().as_uvec2()
}

/// The smallest the player may make the window on `screen` (the minimum, or the whole screen
/// if that is smaller).
pub(crate) fn min_size(screen: Option<&MonitorArea>) -> Vec2 {
    let min = Vec2::new(WindowPlacement::MIN.0 as f32, WindowPlacement::MIN.1 as f32);
    screen.map_or(min, |s| min.min(s.logical()))
}

/// What the window opens with: the size asked for on the command line, if any.
#[derive(Resource, Clone, Copy, Debug, Default)]
struct Opening {
    asked: Option<(u32, u32)>,
    shown: bool,
    waited: Duration,
}

/// Sizes, places and shows the window once the monitors are known.
fn open_window(
    mut opening: ResMut<Opening>,
    time: Res<Time<Real>>,
    settings: Res<PlayerSettings>,
    mut window: Query<&mut Window, With<PrimaryWindow>>,
    monitors: Query<(Entity, &Monitor, Has<PrimaryMonitor>)>,
) {
    if opening.shown {
        return;
    }
    let Ok(mut window) = window.single_mut() else {
        return;
    };
    opening.waited += time.delta();
    let remembered = settings.window;
    let screens: Vec<(Entity, MonitorArea, bool)> = monitors
        .iter()
        .map(|(e, m, primary)| (e, MonitorArea::of(m), primary))
        .collect();
    if screens.is_empty() && opening.waited < Duration::from_millis(500) {
        return;
    }
    opening.shown = true;
    // The monitor that holds the remembered place, else the primary one, else any.
    let kept = remembered
        .and_then(|r| r.position)
        .map(|(x, y)| IVec2::new(x, y))
        .and_then(|p| screens.iter().find(|s| s.1.holds(p)).map(|s| (p, s)));
    let on = kept
        .map(|(_, s)| s)
        .or_else(|| screens.iter().find(|s| s.2))
        .or(screens.first());
    let asked = opening
        .asked
        .or(remembered.map(|r| (r.width, r.height)))
        .unwrap_or(DEFAULT);
    if let Some(&(entity, screen, _)) = on {
        let size = fit(asked, &screen);
        window.resolution.set(size.x as f32, size.y as f32);
        window.position = match kept {
            Some((p, _)) => WindowPosition::At(p),
            None => WindowPosition::Centered(MonitorSelection::Entity(entity)),
        };
    }
    let min = min_size(on.map(|s| &s.1));
    window.resize_constraints = WindowResizeConstraints {
        min_width: min.x,
        min_height: min.y,
        ..default()
    };
    window.visible = true;
    if remembered.is_some_and(|r| r.maximized) {
        window.set_maximized(true);
    }
}

/// When the window last moved or changed size, while that is not yet remembered.
#[derive(Resource, Default)]
struct Unsettled(Option<Duration>);

/// The window's placement now: its logical size, its outer position and whether it is
/// maximised (then the size and place before maximising are kept from `before`).
fn placement_now(
    window: &Window,
    entity: Entity,
    before: Option<WindowPlacement>,
) -> WindowPlacement {
    let maximized = WINIT_WINDOWS.with_borrow(|w| {
        w.get_window(entity)
            .is_some_and(|w| w.is_maximized() && !w.is_minimized().unwrap_or(false))
    });
    if maximized && let Some(b) = before {
        return WindowPlacement {
            maximized: true,
            ..b
        };
    }
    WindowPlacement {
        width: window.width().round() as u32,
        height: window.height().round() as u32,
        position: match window.position {
            WindowPosition::At(p) => Some((p.x, p.y)),
            _ => before.and_then(|b| b.position),
        },
        maximized,
    }
}

/// Puts the primary window's placement into the settings, if it changed.
fn take_placement(
    window: &Query<(Entity, &Window), With<PrimaryWindow>>,
    settings: &mut PlayerSettings,
) {
    if let Ok((entity, w)) = window.single() {
        let p = Some(placement_now(w, entity, settings.window));
        if settings.window != p {
            settings.window = p;
        }
    }
}

/// The window's resizes and moves since the last frame.
#[derive(SystemParam)]
struct WindowChanges<'w, 's> {
    resized: MessageReader<'w, 's, WindowResized>,
    moved: MessageReader<'w, 's, WindowMoved>,
}

impl WindowChanges<'_, '_> {
    /// Whether the window was resized or moved (the messages read either way).
    fn any(&mut self) -> bool {
        self.resized.read().count() + self.moved.read().count() > 0
    }
}

/// Takes the window's placement into the settings (which `persist` writes) once the window
/// has been still for a second.
fn remember(
    mut changes: WindowChanges,
    mut unsettled: ResMut<Unsettled>,
    time: Res<Time<Real>>,
    opening: Res<Opening>,
    window: Query<(Entity, &Window), With<PrimaryWindow>>,
    mut settings: ResMut<PlayerSettings>,
    _main_thread: NonSendMarker,
) {
    let now = time.elapsed();
    if changes.any() && opening.shown {
        unsettled.0 = Some(now);
    }
    let Some(since) = unsettled.0 else { return };
    if now.saturating_sub(since) < Duration::from_secs(1) {
        return;
    }
    unsettled.0 = None;
    take_placement(&window, &mut settings);
}

/// At exit (the window closed, Ctrl+Q, Cmd+W), the placement as it is now.
fn remember_at_exit(
    mut exits: MessageReader<AppExit>,
    mut closing: MessageReader<bevy::window::WindowCloseRequested>,
    opening: Res<Opening>,
    window: Query<(Entity, &Window), With<PrimaryWindow>>,
    mut settings: ResMut<PlayerSettings>,
    _main_thread: NonSendMarker,
) {
    if exits.read().count() + closing.read().count() > 0 && opening.shown {
        take_placement(&window, &mut settings);
    }
}

/// The window's size and place.
pub(crate) struct PlacementPlugin {
    /// The size asked for on the command line.
    pub asked: Option<(u32, u32)>,
}

impl Plugin for PlacementPlugin {
    fn build(&self, app: &mut App) {
        app.insert_resource(Opening {
            asked: self.asked,
            ..default()
        })
        .init_resource::<Unsettled>()
        .add_systems(Update, (open_window, remember).chain())
        .add_systems(
            Last,
            remember_at_exit
                .before(AtExit)
                .before(bevy::window::close_when_requested),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn screen(w: u32, h: u32, scale: f32) -> MonitorArea {
        MonitorArea {
            position: IVec2::ZERO,
            physical: UVec2::new(w, h),
            scale,
        }
    }

    #[test]
    fn the_window_fits_the_screen_it_opens_on() {
        // Room to spare: the size asked for.
        assert_eq!(
            fit(DEFAULT, &screen(1920, 1080, 1.0)),
            UVec2::new(1280, 800)
        );
        assert_eq!(
            fit(DEFAULT, &screen(3840, 2160, 2.0)),
            UVec2::new(1280, 800)
        );
        // A 1366x768 laptop: 90% of its height, the table's proportions kept.
        let s = fit(DEFAULT, &screen(1366, 768, 1.0));
        assert_eq!(s, UVec2::new(1105, 691));
        // Windows at 150% on a 1080p panel: 1280x720 logical.
        let s = fit(DEFAULT, &screen(1920, 1080, 1.5));
        assert!(
            s.y as f32 <= 720.0 * 0.9 && s.x as f32 <= 1280.0 * 0.9,
            "{s}"
        );
        // Small screens: never below the minimum while the screen has room for it, never
        // larger than the screen.
        assert_eq!(fit(DEFAULT, &screen(1024, 640, 1.0)), UVec2::new(960, 600));
        assert_eq!(fit(DEFAULT, &screen(800, 480, 1.0)), UVec2::new(800, 480));
        // A size asked for on a big screen is kept; on a small one it is fitted.
        assert_eq!(
            fit((3840, 2160), &screen(3840, 2160, 1.0)),
            UVec2::new(3456, 1944)
        );
        assert_eq!(
            fit((2000, 700), &screen(7680, 4320, 1.0)),
            UVec2::new(2000, 700)
        );
    }

    #[test]
    fn a_remembered_place_counts_only_on_a_screen_that_holds_it() {
        let left = MonitorArea {
            position: IVec2::new(-1920, 0),
            physical: UVec2::new(1920, 1080),
            scale: 1.0,
        };
        assert!(left.holds(IVec2::new(-1800, 40)));
        assert!(!left.holds(IVec2::new(100, 40)), "on another monitor");
        assert!(!left.holds(IVec2::new(-10, 40)), "title bar off the screen");
        assert!(!left.holds(IVec2::new(-1800, -200)), "above the screen");
        assert_eq!(min_size(Some(&left)), Vec2::new(960.0, 600.0));
        assert_eq!(
            min_size(Some(&screen(800, 480, 1.0))),
            Vec2::new(800.0, 480.0)
        );
    }
}
