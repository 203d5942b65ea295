//! Power: the app sleeps until input while the table is still, and wakes every 15 ms while a
//! card moves, the computer thinks or a round review is worked out, so an idle table costs no CPU.
//!
//! Decision: a timer (reactive mode with a short wait) was more reliable under X11 than asking
//! for a redraw from inside each frame; a redraw request is sent as well while busy.

use std::time::Duration;

use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bevy::winit::{UpdateMode, WinitSettings};

/// The update mode: while something moves or the bot thinks, wake every 15 ms on a timer;
/// when the table is still, sleep until input (or a minute).
pub(crate) fn update_mode(busy: bool) -> WinitSettings {
    sleep_at_most(if busy { BUSY } else { IDLE })
}

/// While busy, a frame every this long.
const BUSY: Duration = Duration::from_millis(15);
/// While still, a frame at least this often (input wakes it at once).
const IDLE: Duration = Duration::from_secs(60);

/// Sleeps until input, or `wait` at most.
fn sleep_at_most(wait: Duration) -> WinitSettings {
    let mode = if wait <= BUSY {
        UpdateMode::reactive(wait)
    } else {
        UpdateMode::Reactive {
            wait,
            react_to_device_events: true,
            react_to_user_events: true,
            react_to_window_events: true,
        }
    };
    WinitSettings {
        focused_mode: mode,
        unfocused_mode: mode,
    }
}

/// Sent, each frame it lasts, by whatever keeps the table busy (a card moving, the computer
/// thinking, a review being worked out), before [`WakeCheck`]. The busy ones say so, rather
/// than this file asking each of them: it sits at the bottom of the stack and imports none.
#[derive(Message, Clone, Copy, Debug, Default)]
pub(crate) struct StayAwake;

/// Sent by what shows a clock on a still table (how long a friend has been away): the app
/// wakes within this long, not every 15 ms.
#[derive(Message, Clone, Copy, Debug)]
pub(crate) struct WakeIn(pub Duration);

/// Where the app decides whether to sleep (`PostUpdate`): every [`StayAwake`] of the frame is
/// sent before it.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct WakeCheck;

fn keep_awake(
    mut asks: MessageReader<StayAwake>,
    mut clocks: MessageReader<WakeIn>,
    winit: Option<ResMut<WinitSettings>>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let busy = asks.read().count() > 0;
    let clock = clocks.read().map(|w| w.0).min().unwrap_or(IDLE);
    let want = sleep_at_most(if busy { BUSY } else { clock.clamp(BUSY, IDLE) });
    if let Some(mut winit) = winit
        && (winit.focused_mode != want.focused_mode || winit.unfocused_mode != want.unfocused_mode)
    {
        *winit = want;
    }
    if busy {
        redraw.write(RequestRedraw);
    }
}

/// Wakes the app while something moves, lets it sleep otherwise.
pub(crate) struct WakePlugin;

impl Plugin for WakePlugin {
    fn build(&self, app: &mut App) {
        app.add_message::<RequestRedraw>()
            .add_message::<StayAwake>()
            .add_message::<WakeIn>()
            .add_systems(PostUpdate, keep_awake.in_set(WakeCheck));
    }
}
