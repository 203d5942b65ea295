//! The game window: Bevy app setup and the plugins that make up the table and the overlay.
//!
//! Only compiled with the `gui` feature. Each plugin lives in its own file; they all read the
//! one [`table::Game`] resource, which wraps the rules core's [`crate::rules::Match`], and
//! never decide a rule themselves:
//!
//! - [`table`]: the game state, the player's commands, the computer's turn, the turn phase.
//! - [`cards`]: the 52 card entities, their animations and tints; [`layout`] (pure) says where
//!   each card goes.
//! - [`input`] (mouse on the cards) and [`buttons`] (buttons and keys) only produce commands.
//! - [`hud`]: the prompt and deadwood line. [`overlay`] (egui): scoreboard, banners, summary,
//!   hint, notices, with its wording in [`scoreview`] (pure). [`menu`]: menu and its pages.
//! - [`persist`]: settings, the saved series and statistics on disk (through [`crate::store`]).
//! - [`art`], [`icon`], [`sound`]: what the game shows and plays, all compiled in.
//!
//! Decisions: the app runs in Bevy's reactive mode so an idle table costs no CPU; it wakes on a
//! short timer only while something moves or the computer thinks. Card art, icon and sounds
//! are compiled into the binary so the game finds them from any working directory or release
//! archive. Frames run input → apply → show → phase, so what the player sees and the phase
//! that gates input always match the core at the start of the next frame.

pub mod art;
pub mod buttons;
pub mod cards;
pub mod hud;
pub mod icon;
pub mod input;
pub mod layout;
pub mod menu;
pub mod overlay;
pub mod persist;
pub mod scoreview;
pub mod sound;
pub mod table;

use std::process::ExitCode;

use bevy::prelude::*;
use bevy::window::{Window, WindowPlugin, WindowResolution};

/// Options from the command line.
#[derive(Clone, Debug, Default)]
pub struct GuiOptions {
    /// Window size in logical pixels.
    pub size: Option<(u32, u32)>,
    /// Match seed (deals are reproducible from it).
    pub seed: Option<u64>,
}

/// Whether a display server is reachable. On Linux/BSD winit needs X11 (or Wayland); without
/// either it would panic deep inside the event loop, so we say so plainly instead.
pub fn display_available() -> bool {
    if cfg!(any(
        target_os = "linux",
        target_os = "freebsd",
        target_os = "openbsd",
        target_os = "netbsd"
    )) {
        std::env::var_os("DISPLAY").is_some_and(|d| !d.is_empty())
            || std::env::var_os("WAYLAND_DISPLAY").is_some_and(|d| !d.is_empty())
    } else {
        true
    }
}

/// Opens the window and plays until it is closed.
pub fn run(opts: GuiOptions) -> ExitCode {
    if !display_available() {
        eprintln!(
            "hollywood-gin: no display found (DISPLAY and WAYLAND_DISPLAY are unset); the game needs a desktop session."
        );
        return ExitCode::FAILURE;
    }
    let (w, h) = opts.size.unwrap_or((1280, 800));
    let boot = persist::Boot::load(crate::store::Paths::platform());
    let game = match (&boot.saved.series, opts.seed) {
        // A saved series continues, unless the player asked for a particular seed.
        (Some(m), None) => table::Game::resume(m.clone(), boot.saved.level, boot.saved.bot_seed),
        _ => {
            let seed = opts.seed.unwrap_or_else(|| {
                std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(1, |d| d.as_nanos() as u64)
            });
            let mut g = table::Game::new(seed);
            g.start_series(boot.settings.rules.clone(), boot.settings.level, seed);
            g
        }
    };
    if opts.seed.is_some() && boot.saved.series.is_some() {
        eprintln!(
            "hollywood-gin: --seed starts a new series; the saved one is replaced once you make a move"
        );
    }
    let seed = game.m.seed();
    let mut app = App::new();
    app.add_plugins(
        DefaultPlugins
            .set(WindowPlugin {
                primary_window: Some(Window {
                    title: "Hollywood Gin".into(),
                    resolution: WindowResolution::new(w, h),
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
    .insert_resource(table::update_mode(true))
    .insert_resource(ClearColor(Color::srgb(0.05, 0.32, 0.16)))
    .insert_resource(game)
    .add_plugins((
        art::CardArtPlugin,
        table::TablePlugin { seed },
        cards::CardsPlugin,
        input::InputPlugin,
        buttons::ButtonsPlugin,
        hud::HudPlugin,
        persist::PersistPlugin::new(boot),
        overlay::OverlayPlugin,
        menu::MenuPlugin,
        icon::IconPlugin,
    ));
    #[cfg(has_sound)]
    app.add_plugins(sound::SoundPlugin);
    app.run();
    // Let queued saves reach the disk before the process ends.
    if let Some(files) = app.world_mut().remove_resource::<persist::Files>() {
        files.finish();
    }
    ExitCode::SUCCESS
}
