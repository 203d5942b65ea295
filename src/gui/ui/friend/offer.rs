//! The Play a friend page once joined: the host's name and rules, with Accept or Cancel.

use bevy::prelude::*;

use super::FriendPage;
use crate::gui::table::friend::FriendCommand;
use crate::words;

/// The page offering the host's rules.
pub(super) fn offer_page(mut page: FriendPage, mut orders: MessageWriter<FriendCommand>) -> Result {
    page.show(|ui, sp, game| {
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
    })
}
