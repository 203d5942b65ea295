//! What the table shows and plays, drawn with Bevy: the card [`art`] and the [`felt`] with the
//! palette ([`look`], pure), the 52 [`cards`] (the only code that moves them) and the [`deal`], what is drawn
//! with them ([`marks`]), the look of the on-table [`buttons`], the prompt and the computer's
//! last turn ([`hud`]), the seats' name [`plates`], how a friend is [`connection`]ed, the [`sound`]s, and the hand
//! as a screen reader reads it ([`access`]).

pub mod access;
pub mod art;
pub mod buttons;
pub mod cards;
pub(crate) mod connection;
pub mod deal;
pub(crate) mod felt;
pub(crate) mod hud;
pub mod look;
pub mod marks;
pub mod plates;
pub mod sound;

use bevy::app::PluginGroupBuilder;
use bevy::prelude::*;

/// The scene layer's plugins.
pub(crate) struct ScenePlugins;

impl PluginGroup for ScenePlugins {
    fn build(self) -> PluginGroupBuilder {
        let group = PluginGroupBuilder::start::<Self>()
            .add(art::CardArtPlugin)
            .add(felt::FeltPlugin)
            .add(cards::CardsPlugin)
            .add(deal::DealPlugin)
            .add(marks::MarksPlugin)
            .add(buttons::ButtonLookPlugin)
            .add(hud::HudPlugin)
            .add(plates::PlatesPlugin)
            .add(connection::ConnectionPlugin)
            .add(access::AccessPlugin);
        #[cfg(has_sound)]
        let group = group.add(sound::SoundPlugin);
        group
    }
}
