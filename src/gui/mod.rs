//! The game window: Bevy app setup and the plugins that make up the table and the overlay.
//!
//! Only compiled with the `gui` feature. [`GamePlugins`] is every plugin of the game, shared by
//! [`run`] and the headless tests: one plugin group per folder, each composing its files'
//! plugins. The folders are layers, bottom first; a file imports from its own folder and the
//! ones below, never from one above (a test reads the sources to check, and that no file
//! imports a file that imports it back):
//!
//! 1. [`app`]: the app around the table: which menu page shows and the `Paused` state
//!    ([`app::modes`]), the player's [`app::settings`], the language ([`app::speech`]), the
//!    window's size and card metrics ([`app::screen`]) and place ([`app::placement`]), the
//!    system's key chords ([`app::chords`]), sleeping when idle ([`app::wake`]), font and icon.
//! 2. [`table`]: what is on the table, as the shell holds it: the [`table::series`] (the
//!    rules core's match), the player's [`table::command`]s and the hand's view and feedback
//!    only they change, the turn [`table::phase`] with the deal's stages as its sub-state and
//!    the frame's order, what can be played now ([`table::playable`]), where every card goes
//!    ([`table::layout`], [`table::hand_order`], pure), the computer's turn ([`table::bot`])
//!    and the player's files ([`table::persist`]). [`table::view::TableView`] is what the
//!    layers above read.
//! 3. [`input`]: the player's hands: the frame's pointer events ([`input::pointer`]), gestures
//!    on the cards ([`input::cards`]), the on-table buttons as entities and a press on one
//!    ([`input::buttons`], the list from [`input::offer`]), one key table ([`input::keys`]).
//! 4. [`scene`]: what the table shows and plays (Bevy sprites and texts): the cards and the
//!    deal, their marks, the buttons' look, the prompt, the seats' plates, the felt, sounds.
//! 5. [`ui`]: egui over the table: the overlay's windows, one system each, placed where the
//!    table is free ([`ui::placer`], [`ui::room`]), the menu, one system per page, the review.
//!
//! Every sentence comes from [`crate::words`] (Bevy-free, shared with the command line)
//! through one interface, [`crate::lang::Voice::t`].
//!
//! How a click reaches the core: [`input::pointer`] gives each press to the table where
//! nothing of egui's is under it → [`input::cards`] hit-tests the cards' rectangles at the
//! press's own position, and [`input::buttons`] the button entities laid out at the end of the
//! last frame (what is drawn), and each writes a [`table::command::PlayerCommand`] → the one
//! reader, every frame, applies it: a series command at once, a hand command to the hand's
//! view, a move through the core ([`crate::rules::Match::apply`]), which accepts or refuses
//! with a [`crate::rules::RuleError`] that [`crate::words`] puts into words (moves sent while
//! the cards are dealt are refused) → [`scene::cards`] moves the cards to the new layout, the
//! buttons are laid out again, and the phase follows the core. The menu's New series and
//! Replay are commands too.
//!
//! Decisions: the app runs in Bevy's reactive mode so an idle table costs no CPU. Card art,
//! font, icon and sounds are compiled into the binary so the game finds them from any working
//! directory or release archive. Frames run input → apply → show → phase, so what the player
//! sees and the phase that gates input always match the core at the start of the next frame.

pub mod app;
pub mod input;
pub mod scene;
pub mod table;
pub mod ui;

use std::process::ExitCode;

use bevy::app::PluginGroupBuilder;
use bevy::prelude::*;
use bevy::window::{Window, WindowPlugin, WindowResolution};

use crate::lang::Voice;
use crate::report;
use crate::store::lock::{InstanceLock, LockError};

/// Every plugin of the game, in one group, so the game and the headless tests run the same
/// table and overlay. (The window, renderer and input backend come from `DefaultPlugins` in
/// the game and from stand-ins in the tests.)
pub struct GamePlugins {
    /// What was read from disk at start.
    pub boot: table::persist::Boot,
    /// A seed asks for a new series from it; without one the saved series continues (or a new
    /// one starts from the clock).
    pub seed: Option<u64>,
    /// The operating system's language (English in tests).
    pub system_lang: crate::lang::Lang,
    /// The window size asked for on the command line (fitted to the screen).
    pub window_size: Option<(u32, u32)>,
}

impl GamePlugins {
    /// The series the table opens with: the saved one, unless a seed asks for a new one, in
    /// which case it starts under the saved settings.
    fn opening_series(&self) -> table::series::Series {
        match (&self.boot.saved.series, self.seed) {
            (Some(m), None) => table::series::Series::resume(
                m.clone(),
                self.boot.saved.level,
                self.boot.saved.bot_seed,
            ),
            (_, seed) => {
                let seed = seed.unwrap_or_else(|| {
                    std::time::SystemTime::now()
                        .duration_since(std::time::UNIX_EPOCH)
                        .map_or(1, |d| d.as_nanos() as u64)
                });
                table::series::Series::new(&self.boot.settings, seed)
            }
        }
    }
}

impl PluginGroup for GamePlugins {
    fn build(self) -> PluginGroupBuilder {
        let series = self.opening_series();
        let opening_seed = series.current.untouched().then(|| series.current.seed());
        PluginGroupBuilder::start::<Self>()
            .add_group(app::AppPlugins {
                system_lang: self.system_lang,
                window_size: self.window_size,
            })
            .add_group(table::TablePlugins {
                series,
                boot: self.boot,
                opening_seed,
            })
            .add_group(input::InputPlugins)
            .add_group(scene::ScenePlugins)
            .add_group(ui::UiPlugins)
    }
}

/// Options from the command line.
#[derive(Clone, Debug, Default)]
pub struct GuiOptions {
    /// Window size in logical pixels.
    pub size: Option<(u32, u32)>,
    /// Match seed (deals are reproducible from it).
    pub seed: Option<u64>,
}

/// Why no window can be opened here, if that is known before trying: on Linux and the BSDs
/// this build draws through X11, so it needs `DISPLAY` naming an X server that answers (under
/// Wayland that is XWayland). Without this check winit panics deep in its event loop with a
/// long backtrace.
pub(crate) fn display_problem() -> Option<String> {
    if !cfg!(any(
        target_os = "linux",
        target_os = "freebsd",
        target_os = "openbsd",
        target_os = "netbsd"
    )) {
        return None;
    }
    let var = |k| std::env::var(k).ok().filter(|v: &String| !v.is_empty());
    match (var("DISPLAY"), var("WAYLAND_DISPLAY")) {
        (None, None) => Some(Voice::system().t("cli-no-display", &[])),
        (None, Some(w)) => Some(Voice::system().t("cli-no-x11", &[("wayland", w.into())])),
        (Some(d), _) => x11_unreachable(&d),
    }
}

/// Connects to the X server `display` and hangs up: `Some(why)` if it does not answer.
#[cfg(any(
    target_os = "linux",
    target_os = "freebsd",
    target_os = "openbsd",
    target_os = "netbsd"
))]
fn x11_unreachable(display: &str) -> Option<String> {
    match x11rb::connect(Some(display)) {
        Ok(_) => None,
        Err(e) => Some(Voice::system().t(
            "cli-display-unreachable",
            &[
                ("display", display.to_string().into()),
                ("detail", e.to_string().into()),
            ],
        )),
    }
}

#[cfg(not(any(
    target_os = "linux",
    target_os = "freebsd",
    target_os = "openbsd",
    target_os = "netbsd"
)))]
fn x11_unreachable(_display: &str) -> Option<String> {
    None
}

/// What to tell the player for a panic deep in the window or graphics libraries, which this
/// game cannot check for beforehand: one line instead of a backtrace.
pub(crate) fn explain_startup_panic(message: &str) -> Option<String> {
    if message.contains("Unable to find a GPU") {
        Some(Voice::system().t("cli-no-gpu", &[]))
    } else if message.contains("Failed to build event loop") {
        Some(Voice::system().t("cli-no-window", &[("detail", message.to_string().into())]))
    } else {
        None
    }
}

/// Turns the startup panics [`explain_startup_panic`] knows into one line and exit code 1;
/// any other panic is written with its backtrace to the crash log in `data` and the player is
/// told where it is (see [`crate::report`]), then Rust's own report follows on stderr.
fn install_panic_hook(data: Option<std::path::PathBuf>) {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let payload = info.payload();
        let message = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_default();
        if let Some(line) = explain_startup_panic(&message) {
            report::error(&line);
            std::process::exit(1);
        }
        let place = info.location().map_or_else(String::new, |l| l.to_string());
        let thread = std::thread::current();
        let backtrace = std::backtrace::Backtrace::force_capture().to_string();
        let text = report::crash_report(&message, &place, thread.name().unwrap_or("?"), &backtrace);
        let written = data.as_deref().map(|d| report::write_crash_log(d, &text));
        default(info);
        let line = match written {
            Some(Ok(path)) => Voice::system().t(
                "cli-crashed",
                &[("path", path.display().to_string().into())],
            ),
            _ => Voice::system().t("cli-crashed-no-log", &[("detail", message.into())]),
        };
        report::error(&line);
    }));
}

/// Opens the window and plays until it is closed.
pub fn run(opts: GuiOptions) -> ExitCode {
    if let Some(why) = display_problem() {
        report::error(&why);
        return ExitCode::FAILURE;
    }
    let paths = crate::store::Paths::platform();
    install_panic_hook(paths.as_ref().map(|p| p.data.clone()));
    let title = Voice::system().t("game-title", &[]);
    // One game owns the files: a second launch leaves them alone (see `store::lock`) and
    // shows the first one's window where the system lets it.
    let _lock = match paths.as_ref().map(|p| InstanceLock::acquire(&p.data)) {
        Some(Ok(lock)) => Some(lock),
        Some(Err(LockError::Held(_))) => {
            if !report::bring_to_front(&title) {
                report::error(&Voice::system().t("cli-already-running", &[]));
            }
            return ExitCode::SUCCESS;
        }
        // Nowhere to take the lock: two games could then both write the player's files, so
        // this one does not start (see `store::lock`).
        Some(Err(LockError::Io(path, e))) => {
            report::error(&Voice::system().t(
                "cli-lock-failed",
                &[
                    ("path", path.display().to_string().into()),
                    ("detail", e.to_string().into()),
                ],
            ));
            return ExitCode::FAILURE;
        }
        None => None,
    };
    let (w, h) = opts.size.unwrap_or(app::placement::DEFAULT);
    let boot = table::persist::Boot::load(paths);
    if opts.seed.is_some() && boot.saved.series.is_some() {
        eprintln!(
            "hollywood-gin: {}",
            Voice::system().t("cli-seed-replaces", &[])
        );
    }
    let mut app = App::new();
    app.add_plugins(
        DefaultPlugins
            .set(WindowPlugin {
                primary_window: Some(Window {
                    title,
                    // Logical pixels; `placement` fits it to the screen before showing it.
                    resolution: WindowResolution::new(w, h),
                    visible: false,
                    ..default()
                }),
                ..default()
            })
            // Warnings and errors by default, the game's own notes at info; RUST_LOG overrides.
            .set(bevy::log::LogPlugin {
                level: bevy::log::Level::WARN,
                filter: "wgpu=error,naga=warn,hollywood_gin=info".into(),
                ..default()
            }),
    )
    .insert_resource(app::wake::update_mode(true))
    .add_plugins(GamePlugins {
        boot,
        seed: opts.seed,
        system_lang: crate::lang::Lang::system(),
        window_size: opts.size,
    });
    // For measuring what a frame costs (see docs/CONTRIBUTING.md): Bevy's frame time and frame count,
    // logged every second.
    if std::env::var_os("HOLLYWOOD_GIN_FRAME_STATS").is_some() {
        app.add_plugins((
            bevy::diagnostic::FrameTimeDiagnosticsPlugin::default(),
            bevy::diagnostic::LogDiagnosticsPlugin::default(),
        ));
    }
    // Queued saves reach the disk however the process ends: when the app is dropped as the
    // event loop returns (`table::persist::FileWriter`'s `Drop`), and from the exit handlers when
    // macOS's Quit ends the process without returning.
    app.world()
        .resource::<table::persist::FileWriter>()
        .flush_at_exit();
    app.run();
    ExitCode::SUCCESS
}
