//! The game's letter keys, in one table: each key, the letter the table shows for it on its
//! button, and what it does. The buttons take their key hints from [`KEYS`] and a pressed key
//! does what its button does (see `buttons`), so a shown key always works and a working key
//! is always shown; a test presses every key shown.
//!
//! Three keys have no button: R, M and C ask the screen reader to say again the opponent's last
//! turns, the player's melds and deadwood, and the scores ([`Say`]; `scene::access` says
//! them). They are shown on the help page, where a player looks for keys no button carries.
//!
//! (The keys that move the keyboard highlight through the cards, ←/→/↑/↓ and Enter, are
//! `mouse`'s; Space and Enter press the first button; Ctrl+Q and the other system chords are
//! `app::keys`'.)

use bevy::prelude::*;

use crate::gui::table::command::{HandCommand, PlayerCommand, PlayerMove, SeriesCommand};

/// What a key of the table does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Binding {
    /// Presses the button with this command, if one is shown and enabled.
    Command(PlayerCommand),
    /// Picks the next sort (the sort buttons show S on the one it picks).
    NextSort,
    /// Opens the menu (or closes a menu page).
    Menu,
    /// Asks the screen reader to say something on demand.
    Say(Say),
}

/// What a key asks the screen reader to say.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Say {
    /// The opponent's last few turns, newest first.
    Repeat,
    /// The player's melds and deadwood, and whether they may knock or go gin.
    Melds,
    /// The three games and the series.
    Scores,
}

/// Every letter key of the table: the key, the letter shown on its button, what it does.
pub(crate) const KEYS: [(KeyCode, &str, Binding); 13] = [
    (
        KeyCode::KeyT,
        "T",
        Binding::Command(PlayerCommand::Move(PlayerMove::TakeUpcard)),
    ),
    (
        KeyCode::KeyP,
        "P",
        Binding::Command(PlayerCommand::Move(PlayerMove::Pass)),
    ),
    (
        KeyCode::KeyK,
        "K",
        Binding::Command(PlayerCommand::Hand(HandCommand::Knock)),
    ),
    (
        KeyCode::KeyG,
        "G",
        Binding::Command(PlayerCommand::Move(PlayerMove::Gin)),
    ),
    (
        KeyCode::KeyL,
        "L",
        Binding::Command(PlayerCommand::Move(PlayerMove::LayOffAll)),
    ),
    (
        KeyCode::KeyD,
        "D",
        Binding::Command(PlayerCommand::Move(PlayerMove::Done)),
    ),
    (
        KeyCode::KeyN,
        "N",
        Binding::Command(PlayerCommand::Series(SeriesCommand::NextRound)),
    ),
    (
        KeyCode::KeyH,
        "H",
        Binding::Command(PlayerCommand::Hand(HandCommand::Hint)),
    ),
    (KeyCode::KeyS, "S", Binding::NextSort),
    (KeyCode::Escape, "Esc", Binding::Menu),
    (KeyCode::KeyR, "R", Binding::Say(Say::Repeat)),
    (KeyCode::KeyM, "M", Binding::Say(Say::Melds)),
    (KeyCode::KeyC, "C", Binding::Say(Say::Scores)),
];

/// The letter shown for `binding`, or "" if no key does it.
pub(crate) fn shown_key(binding: Binding) -> &'static str {
    KEYS.iter()
        .find(|(_, _, b)| *b == binding)
        .map_or("", |(_, shown, _)| shown)
}

/// The key that does `binding`.
pub(crate) fn key_of(binding: Binding) -> Option<KeyCode> {
    KEYS.iter()
        .find(|(_, _, b)| *b == binding)
        .map(|(k, _, _)| *k)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_key_and_each_binding_appears_once() {
        for (i, (k, shown, b)) in KEYS.iter().enumerate() {
            for (k2, shown2, b2) in &KEYS[i + 1..] {
                assert!(k != k2 && shown != shown2 && b != b2, "{shown} twice");
            }
            assert_eq!(shown_key(*b), *shown);
            assert_eq!(key_of(*b), Some(*k));
        }
        assert_eq!(
            shown_key(Binding::Command(PlayerCommand::Move(PlayerMove::DrawStock))),
            "",
            "drawing has no letter: the stock is clicked"
        );
    }
}
