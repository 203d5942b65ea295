//! The Play a friend page once a series is over without the player ending it: the host plays
//! with someone else, the friend left or broke the rules, the games speak other versions, or
//! the network failed; Back to the first page.

use bevy::prelude::*;

use super::{FriendPage, warn};
use crate::gui::table::friend::{FriendCommand, FriendStatus};

/// The page saying why the series ended.
pub(super) fn over_page(mut page: FriendPage, mut orders: MessageWriter<FriendCommand>) -> Result {
    page.show(|ui, sp, game| {
        let named = |id: &str| sp.named(id, game.name.as_deref(), &[]);
        let text = match &game.status {
            FriendStatus::OtherVersion { theirs } => sp.t(
                "friend-other-version",
                &[
                    ("theirs", theirs.clone().into()),
                    ("ours", env!("CARGO_PKG_VERSION").into()),
                ],
            ),
            FriendStatus::Taken => sp.t("friend-taken", &[]),
            FriendStatus::Foul(_) => named("friend-foul"),
            FriendStatus::Left => named("friend-left"),
            FriendStatus::Failed(why) => sp.t("friend-failed", &[("why", why.clone().into())]),
            _ => String::new(),
        };
        warn(ui, text);
        if ui.button(sp.t("button-back", &[])).clicked() {
            orders.write(FriendCommand::End);
        }
    })
}
