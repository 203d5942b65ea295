//! The first Play a friend page: the series kept from last time (resume or forget), the
//! player's name, Host a series (under the rules shown), and joining by an invite code; and
//! what the last order met (a code that is no code, a network that would not start, a Cancel).

use bevy::prelude::*;
use bevy_egui::egui;

use super::{FriendForm, FriendPage, paste, warn};
use crate::gui::app::modes::MenuScreen;
use crate::gui::app::settings::PlayerSettings;
use crate::gui::app::speech::Speech;
use crate::gui::table::friend::{FriendCommand, FriendNotice, Stopped};
use crate::gui::table::persist::KeptFriend;
use crate::gui::ui::page::back;
use crate::seats::{MAX_NAME, typed_name};
use crate::words;

/// The page with no series with a friend on.
pub(super) fn start_page(
    mut page: FriendPage,
    mut settings: ResMut<PlayerSettings>,
    kept: Res<KeptFriend>,
    notice: Res<FriendNotice>,
    mut form: ResMut<FriendForm>,
    mut next: ResMut<NextState<MenuScreen>>,
    mut orders: MessageWriter<FriendCommand>,
) -> Result {
    page.window(|ui, sp| {
        // What the player just stopped, said until the next step.
        if let Some(stopped) = notice.stopped {
            let id = match stopped {
                Stopped::Hosting => "friend-host-cancelled",
                Stopped::Joining => "friend-join-cancelled",
            };
            ui.label(egui::RichText::new(sp.t(id, &[])).strong());
            ui.separator();
        }
        // A series left off last time comes first.
        if let Some(k) = &kept.0 {
            ui.label(sp.named("friend-kept", k.friend_name(), &[]));
            ui.horizontal(|ui| {
                if ui.button(sp.t("friend-resume", &[])).clicked() {
                    orders.write(FriendCommand::Resume);
                }
                if ui.button(sp.t("friend-forget", &[])).clicked() {
                    orders.write(FriendCommand::Forget);
                }
            });
            ui.separator();
        }
        ui.label(sp.t("friend-intro", &[]));
        ui.horizontal(|ui| {
            let label = ui.label(sp.t("friend-your-name", &[]));
            // The field holds the name as typed (its spaces kept while typing); what is sent
            // and shown is the cleaned name.
            let mut name = settings
                .player_name
                .clone()
                .unwrap_or_else(|| settings.friend_name());
            if ui
                .add(egui::TextEdit::singleline(&mut name).char_limit(MAX_NAME))
                .labelled_by(label.id)
                .changed()
            {
                settings.player_name = Some(typed_name(&name));
            }
        });
        ui.separator();
        ui.label(sp.t(
            "friend-host-note",
            &[("rules", words::rules_line(sp, &settings.rules).into())],
        ));
        if ui.button(sp.t("friend-host", &[])).clicked() {
            orders.write(FriendCommand::Host);
        }
        ui.separator();
        let label = ui.label(sp.t("friend-code-label", &[])).id;
        ui.horizontal(|ui| code_field(ui, sp, label, &mut form, &mut orders));
        if notice.bad_code {
            warn(ui, sp.t("friend-bad-code", &[]));
        }
        if let Some(why) = &notice.failed {
            warn(ui, sp.t("friend-failed", &[("why", why.clone().into())]));
        }
        back(ui, sp, &mut next);
    })
}

/// The invite code's field (named by `label` for a screen reader) with Paste and Join.
fn code_field(
    ui: &mut egui::Ui,
    sp: &Speech,
    label: egui::Id,
    form: &mut FriendForm,
    orders: &mut MessageWriter<FriendCommand>,
) {
    let field = ui
        .add(egui::TextEdit::singleline(&mut form.code).desired_width(300.0))
        .labelled_by(label);
    // Ctrl+V (Cmd+V) in the field, and a Paste button, read the system clipboard: the window
    // has no clipboard of its own. The key event's own modifiers: a chord typed within one
    // frame is one too (see `overlay::repair_chords`).
    let keyed = field.has_focus()
        && ui.input(|i| {
            i.events.iter().any(|e| {
                matches!(e, egui::Event::Key { key: egui::Key::V, pressed: true, modifiers, .. }
                    if modifiers.command)
            })
        });
    if (ui.button(sp.t("friend-paste", &[])).clicked() || keyed)
        && let Some(text) = paste()
    {
        form.code = text.trim().to_string();
    }
    if ui.button(sp.t("friend-join", &[])).clicked() {
        orders.write(FriendCommand::Join(form.code.clone()));
    }
}
