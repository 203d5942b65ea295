//! The language the table speaks: one [`Speech`] resource with every message of the three
//! languages ([`crate::lang`]) and the language in force, which follows the player's setting
//! (or, with none chosen, the operating system's language) the frame it changes.
//!
//! Decision: the system's language is asked once, at start; "System" in the settings means
//! that language, named in the menu so the player sees what it resolved to.

use bevy::prelude::*;

use super::settings::PlayerSettings;
use crate::lang::{Lang, Voice};

/// The table's voice: the language in force (see [`Voice`]), and the system's.
#[derive(Resource, Debug, Deref)]
pub struct Speech {
    /// Speaks the language in force.
    #[deref]
    voice: Voice,
    /// The operating system's language, as found at start.
    pub system: Lang,
}

impl Default for Speech {
    /// English, with the system taken as English (tests, and before the settings are read).
    fn default() -> Self {
        Speech::new(Lang::En)
    }
}

impl Speech {
    /// Speech in `lang` (the system taken to speak it too).
    pub fn new(lang: Lang) -> Speech {
        Speech {
            voice: Voice::new(lang),
            system: lang,
        }
    }

    /// Names the opponent: a friend's name, or `None` for the computer.
    pub fn set_opponent(&mut self, name: Option<&str>) {
        if self.voice.opponent() != name {
            self.voice = self.voice.against(name);
        }
    }
}

/// Follows the language setting.
fn follow_setting(settings: Res<PlayerSettings>, mut speech: ResMut<Speech>) {
    let want = settings.language.unwrap_or(speech.system);
    if speech.lang() != want {
        speech.voice = Voice::new(want).against(speech.opponent());
    }
}

/// The language in force.
pub(crate) struct SpeechPlugin {
    /// The operating system's language.
    pub system: Lang,
}

impl Plugin for SpeechPlugin {
    fn build(&self, app: &mut App) {
        app.insert_resource(Speech {
            system: self.system,
            ..Speech::default()
        })
        .add_systems(
            PreUpdate,
            follow_setting.run_if(resource_changed::<PlayerSettings>),
        );
    }
}
