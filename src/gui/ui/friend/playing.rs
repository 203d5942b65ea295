//! The Play a friend page while a series is on: playing, or waiting for a dropped connection
//! to come back; Back to the table, and End the series.

use bevy::prelude::*;
use bevy_egui::EguiContexts;

use super::friend_window;
use crate::gui::app::modes::MenuScreen;
use crate::gui::app::speech::Speech;
use crate::gui::table::friend::{Friend, FriendCommand, FriendStatus};
use crate::gui::table::persist::KeptFriend;

/// The page while a series with a friend is on.
pub(super) fn playing_page(
    mut contexts: EguiContexts,
    speech: Res<Speech>,
    friend: Res<Friend>,
    kept: Res<KeptFriend>,
    mut next: ResMut<NextState<MenuScreen>>,
    mut orders: MessageWriter<FriendCommand>,
) -> Result {
    let sp = &*speech;
    let Some(game) = friend.0.as_ref() else {
        return Ok(());
    };
    friend_window(contexts.ctx_mut()?, sp, &friend, &kept, |ui| {
        let id = if game.status == FriendStatus::Playing {
            "friend-playing"
        } else {
            "friend-lost"
        };
        ui.label(sp.named(id, game.name.as_deref(), &[]));
        ui.horizontal(|ui| {
            if game.series().is_some() && ui.button(sp.t("friend-back-to-table", &[])).clicked() {
                next.set(MenuScreen::Closed);
            }
            if ui.button(sp.t("friend-end", &[])).clicked() {
                orders.write(FriendCommand::End);
            }
        });
    });
    Ok(())
}
