//! The app around the table, at the bottom of the stack: which screen shows ([`modes`]), the
//! player's [`settings`] and the language the table speaks ([`speech`]), the window's size and
//! the card metrics for it ([`screen`]), its place on the screen ([`placement`]), the
//! system's own key chords ([`chords`]), sleeping when idle ([`wake`]), and the font and the
//! window icon ([`fonts`], [`icon`]). Nothing here imports a folder above it: a file
//! above that must keep the app awake says so with a [`wake::StayAwake`].

pub mod chords;
pub(crate) mod fonts;
pub mod icon;
pub mod modes;
pub mod placement;
pub mod screen;
pub mod settings;
pub mod speech;
pub(crate) mod wake;

use bevy::app::PluginGroupBuilder;
use bevy::prelude::*;

/// The app layer's plugins.
pub(crate) struct AppPlugins {
    /// The operating system's language.
    pub system_lang: crate::lang::Lang,
    /// The window size asked for on the command line (fitted to the screen).
    pub window_size: Option<(u32, u32)>,
}

impl PluginGroup for AppPlugins {
    fn build(self) -> PluginGroupBuilder {
        PluginGroupBuilder::start::<Self>()
            .add(modes::ModesPlugin)
            .add(speech::SpeechPlugin {
                system: self.system_lang,
            })
            .add(screen::ScreenPlugin)
            .add(placement::PlacementPlugin {
                asked: self.window_size,
            })
            .add(chords::ChordsPlugin)
            .add(fonts::FontsPlugin)
            .add(wake::WakePlugin)
            .add(icon::IconPlugin)
    }
}
