//! The egui windows over the table, at the top of the stack: egui in the table's palette
//! ([`theme`]), the overlay's windows (score, the round's moves, banners, summary, notices:
//! [`overlay`]) placed where they cover nothing of the table ([`room`]), the [`menu`] and its
//! pages, and the round [`review`].

pub mod banner;
pub mod friend;
pub mod help_page;
pub mod menu;
pub mod moves;
pub(crate) mod notes;
pub mod overlay;
pub mod page;
pub(crate) mod placer;
pub(crate) mod reader;
pub(crate) mod replay_page;
pub mod review;
pub mod room;
pub mod score;
pub(crate) mod settings_page;
pub(crate) mod stats_page;
pub mod theme;

use bevy::app::PluginGroupBuilder;
use bevy::prelude::*;

/// The egui layer's plugins.
pub(crate) struct UiPlugins;

impl PluginGroup for UiPlugins {
    fn build(self) -> PluginGroupBuilder {
        PluginGroupBuilder::start::<Self>()
            .add(theme::ThemePlugin)
            .add(overlay::OverlayPlugin)
            .add(menu::MenuPlugin)
            .add(friend::FriendPagesPlugin)
            .add(review::ReviewPlugin)
            .add(reader::ReaderPlugin)
    }
}
