//! Headless Bevy tests: the game's own plugin group ([`GamePlugins`], the egui overlay and the
//! menu included) runs under `MinimalPlugins` with a window entity and no window system. The
//! tests stand in only for what winit and the renderer do: they move the cursor and press
//! buttons by writing the messages winit writes, and run the renderer's own camera bookkeeping
//! (`camera_system`), so egui lays out on the window's real size. A scripted player either
//! clicks at screen positions or sends the commands the mouse would; the computer plays
//! through its background task; every frame is checked against the rules core.
//!
//! The harness (the app builders, the stand-ins for winit, the helpers every topic uses) is
//! `harness.rs`; the tests are grouped by topic, a file each.
#![cfg(feature = "gui")]

use bevy::camera::CameraUpdateSystems;
use bevy::input::ButtonState;
use bevy::input::mouse::MouseButtonInput;
use bevy::prelude::*;
use bevy::render::camera::camera_system;
use bevy::render::texture::ManualTextureViews;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use bevy::window::{CursorMoved, ExitCondition, PrimaryWindow, WindowEvent, WindowResolution};
use bevy_egui::{EguiContext, egui};
use hollywood_gin::ai::{Level, View};
use hollywood_gin::gui::GamePlugins;
use hollywood_gin::gui::app::modes::MenuScreen;
use hollywood_gin::gui::app::screen::{Metrics, WindowMetrics};
use hollywood_gin::gui::app::settings::PlayerSettings;
use hollywood_gin::gui::app::speech::Speech;
use hollywood_gin::gui::input::buttons::TableButton;
use hollywood_gin::gui::input::offer::{Button, ButtonAction};
use hollywood_gin::gui::scene::art::CardArt;
use hollywood_gin::gui::scene::cards::Slide;
use hollywood_gin::gui::table::arrange::{Hover, TableLayout};
use hollywood_gin::gui::table::bot::BotTask;
use hollywood_gin::gui::table::command::{
    Feedback, HandCommand, HandView, PlayerCommand, PlayerMove, SeriesCommand,
};
use hollywood_gin::gui::table::hand_order::SortMode;
use hollywood_gin::gui::table::layout::{CardSprite, Lifts, Placed, layout};
use hollywood_gin::gui::table::persist::Boot;
use hollywood_gin::gui::table::phase::{CardsMoving, DealtRound, TableSet, TurnPhase, phase_of};
use hollywood_gin::gui::table::series::Series;
use hollywood_gin::rules::{Action, Card, Round, RuleSettings};
use hollywood_gin::seats::{HUMAN, OPPONENT};
use hollywood_gin::store::Paths;
use hollywood_gin::store::settings::AnimSpeed;
use std::collections::HashSet;
use std::time::Duration;

mod harness;
use harness::*;

mod access;
mod bursts;
mod edges;
mod friend;
mod hostile;
mod mouse;
mod overlay;
mod play;
mod secret;
mod system;
