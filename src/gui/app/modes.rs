//! Which screen the player is on, as Bevy states: the menu page that shows, or none
//! ([`MenuScreen`]), and [`Paused`], computed from it, which the table's input and the
//! computer's turn wait on.
//!
//! Decisions: a leaf file, so the menu (which sets the state) and the table (which pauses on
//! it) both read it without importing each other. `Paused` is a `ComputedStates`, so nobody
//! copies a flag from one resource to another each frame.

use bevy::prelude::*;

/// The menu page on screen, or `Closed` while the table is played. The menu is open at start.
#[derive(States, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum MenuScreen {
    #[default]
    /// The main menu.
    Main,
    /// Asking before a series in play is abandoned.
    ConfirmNew,
    /// Replay a deal by its seed.
    Replay,
    /// The settings.
    Settings,
    /// The statistics.
    Statistics,
    /// How to play.
    Help,
    /// Play a friend.
    Friend,
    /// No menu: the table is played.
    Closed,
}

/// What runs as the game closes (the files' last writes), after everything that changes what
/// is saved (the window's place). Here, at the bottom of the stack, so both sides can name it.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct AtExit;

/// Exists while a menu page is open: the table takes no input and the computer waits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Paused;

impl ComputedStates for Paused {
    type SourceStates = MenuScreen;

    fn compute(menu: MenuScreen) -> Option<Self> {
        (menu != MenuScreen::Closed).then_some(Paused)
    }
}

/// Run condition: the table is being played (no menu page open).
pub fn playing(paused: Option<Res<State<Paused>>>) -> bool {
    paused.is_none()
}

/// The states above.
pub(crate) struct ModesPlugin;

impl Plugin for ModesPlugin {
    fn build(&self, app: &mut App) {
        app.init_state::<MenuScreen>()
            .add_computed_state::<Paused>();
    }
}
