//! The Play a friend page once joined: the host's name and rules, with Accept or Cancel.

use bevy::prelude::*;
use bevy_egui::EguiContexts;

use super::friend_window;
use crate::gui::app::speech::Speech;
use crate::gui::table::friend::{Friend, FriendCommand};
use crate::gui::table::persist::KeptFriend;
use crate::words;

/// The page offering the host's rules.
pub(super) fn offer_page(
    mut contexts: EguiContexts,
    speech: Res<Speech>,
    friend: Res<Friend>,
    kept: Res<KeptFriend>,
    mut orders: MessageWriter<FriendCommand>,
) -> Result {
    let sp = &*speech;
    let Some(game) = friend.0.as_ref() else {
        return Ok(());
    };
    friend_window(contexts.ctx_mut()?, sp, &friend, &kept, |ui| {
        let rules = game
            .rules()
            .map(|r| words::rules_line(sp, r))
            .unwrap_or_default();
        ui.label(sp.named(
            "friend-offer",
            game.name.as_deref(),
            &[("rules", rules.into())],
        ));
        ui.horizontal(|ui| {
            if ui.button(sp.t("friend-accept", &[])).clicked() {
                orders.write(FriendCommand::Accept);
            }
            if ui.button(sp.t("friend-cancel", &[])).clicked() {
                orders.write(FriendCommand::End);
            }
        });
    });
    Ok(())
}
