//! The table: what is on it and how a turn goes, as the shell holds it. The [`series`] (the
//! rules core's match and the computer's level), the player's [`command`]s and the state only
//! they change (the hand's view, the feedback), the turn [`phase`] (the deal's stages its
//! sub-state) and the frame's order, what may be played now ([`playable`]), where every card
//! goes ([`layout`] and the player's [`hand_order`], pure, laid out by [`arrange`]), the computer's turn ([`bot`]) and
//! the player's files ([`persist`]); [`view::TableView`] is what the layers above read. Above
//! `app`, below everything that shows or takes input.

pub mod arrange;
pub mod bot;
pub mod command;
pub mod friend;
pub mod hand_order;
pub mod layout;
pub mod persist;
pub mod phase;
pub mod playable;
pub mod series;
pub mod view;

use bevy::app::PluginGroupBuilder;
use bevy::prelude::*;

/// The table layer's plugins: the series it opens with and what was read from disk at start.
pub(crate) struct TablePlugins {
    pub series: series::Series,
    pub boot: persist::Boot,
    /// The seed of the series opened, while nothing has been played in it.
    pub opening_seed: Option<u64>,
}

impl PluginGroup for TablePlugins {
    fn build(self) -> PluginGroupBuilder {
        PluginGroupBuilder::start::<Self>()
            .add(phase::PhasePlugin)
            .add(series::SeriesPlugin {
                series: self.series,
            })
            .add(command::CommandPlugin)
            .add(arrange::ArrangePlugin)
            .add(bot::BotPlugin)
            .add(friend::FriendPlugin)
            .add(persist::PersistPlugin::new(self.boot, self.opening_seed))
    }
}
