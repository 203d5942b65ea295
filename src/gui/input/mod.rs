//! The player's hands on the table: the frame's mouse and touch events in order, each press
//! given to the table or to egui ([`pointer`]), and the gestures on the cards turned into
//! commands ([`mouse`]). Reads the table and its layout; shows nothing (the cards being
//! dragged and pointed at are drawn by `scene`, from [`mouse::Drag`] and [`mouse::Hover`]).

pub mod mouse;
pub mod pointer;

use bevy::app::PluginGroupBuilder;
use bevy::prelude::*;

/// The input layer's plugins.
pub struct InputPlugins;

impl PluginGroup for InputPlugins {
    fn build(self) -> PluginGroupBuilder {
        PluginGroupBuilder::start::<Self>()
            .add(pointer::PointerPlugin)
            .add(mouse::InputPlugin)
    }
}
