//! Keys the system owns: a letter pressed with Ctrl, Alt or Super/Cmd is never one of the
//! game's single-key shortcuts (Cmd+N is not Next round, Cmd+K does not knock), and the close
//! chords end the game cleanly, the series saved first.
//!
//! Decisions:
//! - One system, before anything reads the keyboard, takes the keys of such a chord out of
//!   the frame's "just pressed" keys, so no shortcut (table, hand, menu, hint) needs its own
//!   modifier check. egui reads its own key events and keeps Ctrl+C/Ctrl+V in a text field.
//! - Ctrl+Q closes the game on every system; on macOS Cmd+Q and Cmd+W do too (the menu's Quit
//!   usually takes Cmd+Q before the window sees it: `persist` covers that way out). Alt+F4 on
//!   Windows and Linux is the window manager's close request, which Bevy turns into an exit.
//!   Every way out writes the series and settings before the process ends (see `persist`).

use bevy::input::InputSystems;
use bevy::prelude::*;

/// Ctrl, Alt and Super (Cmd on macOS, the Windows key elsewhere).
const MODIFIERS: [KeyCode; 6] = [
    KeyCode::ControlLeft,
    KeyCode::ControlRight,
    KeyCode::AltLeft,
    KeyCode::AltRight,
    KeyCode::SuperLeft,
    KeyCode::SuperRight,
];

/// Whether any of `k` was down at some moment of this frame: held, pressed or released. A
/// chord typed fast (or by a tool) can press and release the modifier within one frame
/// around the letter, or release it in the frame that brings the letter.
fn held(keys: &ButtonInput<KeyCode>, k: impl IntoIterator<Item = KeyCode> + Clone) -> bool {
    keys.any_pressed(k.clone()) || keys.any_just_pressed(k.clone()) || keys.any_just_released(k)
}

/// Whether the keys held and just pressed close the game on this system.
pub fn closes(keys: &ButtonInput<KeyCode>) -> bool {
    let ctrl = held(keys, [KeyCode::ControlLeft, KeyCode::ControlRight]);
    let cmd = held(keys, [KeyCode::SuperLeft, KeyCode::SuperRight]);
    let alt = held(keys, [KeyCode::AltLeft, KeyCode::AltRight]);
    (ctrl && !alt && keys.just_pressed(KeyCode::KeyQ))
        || (cfg!(target_os = "macos")
            && cmd
            && keys.any_just_pressed([KeyCode::KeyQ, KeyCode::KeyW]))
}

/// Closes the game on a close chord, and hides every chord from the game's shortcuts.
fn system_keys(mut keys: ResMut<ButtonInput<KeyCode>>, mut exit: MessageWriter<AppExit>) {
    if !held(&keys, MODIFIERS) {
        return;
    }
    if closes(&keys) {
        exit.write(AppExit::Success);
    }
    let chord: Vec<KeyCode> = keys
        .get_just_pressed()
        .filter(|k| !MODIFIERS.contains(k))
        .copied()
        .collect();
    for k in chord {
        keys.clear_just_pressed(k);
    }
}

/// The system's keys.
pub(crate) struct ChordsPlugin;

impl Plugin for ChordsPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(PreUpdate, system_keys.after(InputSystems));
    }
}
