//! The player's hands on the table: the frame's mouse and touch events in order, each press
//! given to the table or to egui (`pointer`), the gestures on the cards turned into
//! commands ([`cards`]), the on-table buttons and a press on one ([`buttons`]), and the letter
//! keys, one table of them ([`keys`]). Reads the table and its layout; shows nothing (the
//! card being dragged is drawn by `scene` from [`cards::Drag`]; the one pointed at is the
//! table's [`crate::gui::table::arrange::Hover`], which the table lifts).

pub mod buttons;
pub mod cards;
pub mod keys;
pub mod offer;
pub mod pointer;

use bevy::app::PluginGroupBuilder;
use bevy::prelude::*;

/// The input layer's plugins.
pub(crate) struct InputPlugins;

impl PluginGroup for InputPlugins {
    fn build(self) -> PluginGroupBuilder {
        PluginGroupBuilder::start::<Self>()
            .add(pointer::PointerPlugin)
            .add(cards::CardInputPlugin)
            .add(buttons::ButtonsPlugin)
    }
}
