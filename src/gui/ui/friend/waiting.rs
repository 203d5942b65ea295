//! The Play a friend page while a series is being set up: hosting (the network starting, then
//! the invite code with Copy, and the rules it offers) or joining (dialling the host, with Try
//! again once it has gone unanswered for a while), with Cancel.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::{FriendForm, copy, friend_window, warn};
use crate::gui::app::speech::Speech;
use crate::gui::table::friend::{Friend, FriendCommand, FriendStatus};
use crate::gui::table::persist::KeptFriend;
use crate::words;

/// The page while hosting or joining, before the friend's game has answered.
pub(super) fn waiting_page(
    mut contexts: EguiContexts,
    speech: Res<Speech>,
    friend: Res<Friend>,
    kept: Res<KeptFriend>,
    mut form: ResMut<FriendForm>,
    mut orders: MessageWriter<FriendCommand>,
) -> Result {
    let sp = &*speech;
    let Some(game) = friend.0.as_ref() else {
        return Ok(());
    };
    friend_window(contexts.ctx_mut()?, sp, &friend, &kept, |ui| {
        match &game.status {
            FriendStatus::Waiting => {
                ui.label(egui::RichText::new(sp.t("friend-code", &[])).strong());
                let code = game.ticket.clone().unwrap_or_default();
                ui.add(egui::Label::new(egui::RichText::new(&code).monospace()).wrap());
                ui.horizontal(|ui| {
                    if ui.button(sp.t("friend-copy", &[])).clicked() {
                        form.copied = copy(&code);
                    }
                    if form.copied {
                        ui.label(sp.t("friend-copied", &[]));
                    }
                });
                ui.label(sp.t("friend-waiting", &[]));
                if let Some(r) = game.rules() {
                    ui.label(egui::RichText::new(words::rules_line(sp, r)).small());
                }
            }
            FriendStatus::Dialling | FriendStatus::NotReached => {
                ui.label(sp.t("friend-dialling", &[]));
            }
            _ => {
                ui.label(sp.t("friend-starting", &[]));
            }
        }
        let unanswered = game.status == FriendStatus::NotReached;
        if unanswered {
            warn(ui, sp.t("friend-not-reached", &[]));
        }
        ui.horizontal(|ui| {
            if unanswered && ui.button(sp.t("friend-try-again", &[])).clicked() {
                orders.write(FriendCommand::TryAgain);
            }
            if ui.button(sp.t("friend-cancel", &[])).clicked() {
                form.copied = false;
                orders.write(FriendCommand::End);
            }
        });
    });
    Ok(())
}
