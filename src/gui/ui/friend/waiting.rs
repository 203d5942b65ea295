//! The Play a friend page while a series is being set up: hosting (the network starting, then
//! the invite code with Copy, and the rules it offers) or joining (dialling the host, with Try
//! again once it has gone unanswered for a while), with Cancel.

use bevy::prelude::*;
use bevy_egui::egui;

use super::{FriendForm, FriendPage, copy, warn};
use crate::gui::table::friend::{FriendCommand, FriendStatus};
use crate::words;

/// The page while hosting or joining, before the friend's game has answered.
pub(super) fn waiting_page(
    mut page: FriendPage,
    mut form: ResMut<FriendForm>,
    mut orders: MessageWriter<FriendCommand>,
) -> Result {
    page.show(|ui, sp, game| {
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
    })
}
