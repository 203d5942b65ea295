//! The Play a friend page while a series is on: playing, or waiting for a dropped connection
//! to come back; Back to the table, and End the series.

use bevy::prelude::*;

use super::FriendPage;
use crate::gui::app::modes::MenuScreen;
use crate::gui::scene::connection::{connection_words, waiting_words};
use crate::gui::table::friend::{FriendCommand, FriendStatus};

/// The page while a series with a friend is on.
pub(super) fn playing_page(
    mut page: FriendPage,
    mut next: ResMut<NextState<MenuScreen>>,
    mut orders: MessageWriter<FriendCommand>,
) -> Result {
    page.show(|ui, sp, game| {
        if game.status == FriendStatus::Playing {
            ui.label(sp.named("friend-playing", game.name.as_deref(), &[]));
            if let Some(c) = game.connection() {
                ui.label(connection_words(sp, c));
            }
        } else {
            ui.label(waiting_words(sp, game));
        }
        ui.horizontal(|ui| {
            if game.series().is_some() && ui.button(sp.t("friend-back-to-table", &[])).clicked() {
                next.set(MenuScreen::Closed);
            }
            if ui.button(sp.t("friend-end", &[])).clicked() {
                orders.write(FriendCommand::End);
            }
        });
    })
}
