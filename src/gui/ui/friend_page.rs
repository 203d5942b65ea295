//! The menu's Play a friend page: host a series (the invite code, with Copy) or join one by
//! pasting a code (the host's rules, then Play); while a series with a friend is on, where it
//! stands (playing, waiting for a reconnection, ended) and the way out.
//!
//! Decisions:
//! - Hosting plays under the rules in the player's settings, shown before the code is given;
//!   the guest sees the same rules (from the host's greeting) and says yes before anything is
//!   dealt.
//! - The player's name is kept in the settings; it starts as the system's user name.

use bevy::prelude::*;
use bevy::winit::{EventLoopProxyWrapper, WinitUserEvent};
use bevy_egui::{EguiContexts, egui};

use super::page::{back, menu_window_showing};
use crate::gui::app::modes::MenuScreen;
use crate::gui::app::settings::PlayerSettings;
use crate::gui::app::speech::Speech;
use crate::gui::table::command::{PlayerCommand, SeriesCommand};
use crate::gui::table::friend::{Friend, FriendGame, FriendNet, FriendStatus};
use crate::gui::table::persist::{FileWriter, KeptFriend};
use crate::net::link::Waker;
use crate::seats::{MAX_NAME, typed_name};
use crate::store::friend::{FriendFile, SavedFriend, SavedSide};
use crate::words;

/// The page's form.
#[derive(Resource, Default)]
pub struct FriendForm {
    code: String,
    /// The code typed was no invite code.
    bad_code: bool,
    /// The network could not start.
    failed: Option<String>,
    copied: bool,
    /// The message saying what the player's last Cancel stopped (hosting, or joining).
    cancelled: Option<&'static str>,
}

thread_local! {
    /// The clipboard holding the copied code: on X11 the copy lasts only while it lives, so it
    /// is kept (in the thread that copied) until the next copy or the end of the game.
    static CLIPBOARD: std::cell::RefCell<Option<arboard::Clipboard>> =
        const { std::cell::RefCell::new(None) };
}

/// Puts `text` on the system clipboard; false if there is no clipboard to be had.
fn copy(text: &str) -> bool {
    CLIPBOARD.with(|c| {
        let mut c = c.borrow_mut();
        if c.is_none() {
            *c = arboard::Clipboard::new().ok();
        }
        c.as_mut().is_some_and(|c| c.set_text(text).is_ok())
    })
}

/// The text on the system clipboard, if any.
fn paste() -> Option<String> {
    arboard::Clipboard::new().ok()?.get_text().ok()
}

/// The friend's name in a series kept from last time, if the friend gave one.
pub fn kept_name(k: &SavedFriend) -> Option<&str> {
    match &k.side {
        SavedSide::Host { host, .. } => host.friend(),
        SavedSide::Guest { guest, .. } => guest.host(),
    }
}

/// Carries on the series kept from last time (its keys, port and code kept), from the Play a
/// friend page or the main menu.
pub fn resume(
    kept: &mut KeptFriend,
    friend: &mut Friend,
    form: &mut FriendForm,
    net: FriendNet,
    proxy: Option<&EventLoopProxyWrapper>,
) {
    let Some(k) = kept.0.take() else { return };
    match FriendGame::resume(k, net.config(waker(proxy))) {
        Ok(g) => {
            friend.0 = Some(g);
            form.cancelled = None;
        }
        Err(e) => form.failed = Some(e.to_string()),
    }
}

/// Wakes the app from the network thread (none in headless tests, which never sleep).
fn waker(proxy: Option<&EventLoopProxyWrapper>) -> Option<Waker> {
    let proxy = (**proxy?).clone();
    Some(Waker(std::sync::Arc::new(move || {
        let _ = proxy.send_event(WinitUserEvent::WakeUp);
    })))
}

/// The Play a friend page.
pub fn friend_page(
    mut contexts: EguiContexts,
    speech: Res<Speech>,
    mut settings: ResMut<PlayerSettings>,
    mut friend: ResMut<Friend>,
    mut form: ResMut<FriendForm>,
    mut kept: ResMut<KeptFriend>,
    files: Res<FileWriter>,
    net: Res<FriendNet>,
    proxy: Option<Res<EventLoopProxyWrapper>>,
    mut next: ResMut<NextState<MenuScreen>>,
    mut commands: MessageWriter<PlayerCommand>,
) -> Result {
    let sp = &*speech;
    let ctx = contexts.ctx_mut()?;
    // Each step of the page is a page of its own to the double-click guard: Host a series
    // pressed twice must not press the Cancel that takes its place.
    let step = (
        friend.0.as_ref().map(|g| std::mem::discriminant(&g.status)),
        kept.0.is_some(),
    );
    menu_window_showing(ctx, sp.t("menu-friend", &[]), step, |ui| {
        ui.set_max_width(520.0);
        let Some(game) = friend.0.as_mut() else {
            // What the player just stopped, said until the next step.
            if let Some(id) = form.cancelled {
                ui.label(egui::RichText::new(sp.t(id, &[])).strong());
                ui.separator();
            }
            // A series left off last time comes first.
            if let Some(k) = &kept.0 {
                ui.label(sp.named("friend-kept", kept_name(k), &[]));
                ui.horizontal(|ui| {
                    if ui.button(sp.t("friend-resume", &[])).clicked() {
                        resume(&mut kept, &mut friend, &mut form, *net, proxy.as_deref());
                    }
                    if ui.button(sp.t("friend-forget", &[])).clicked() {
                        files.write_friend(FriendFile::default());
                        kept.0 = None;
                    }
                });
                ui.separator();
            }
            ui.label(sp.t("friend-intro", &[]));
            ui.horizontal(|ui| {
                ui.label(sp.t("friend-your-name", &[]));
                // The field holds the name as typed (its spaces kept while typing); what is
                // sent and shown is the cleaned name.
                let mut name = settings
                    .player_name
                    .clone()
                    .unwrap_or_else(|| settings.friend_name());
                if ui
                    .add(egui::TextEdit::singleline(&mut name).char_limit(MAX_NAME))
                    .changed()
                {
                    settings.player_name = Some(typed_name(&name));
                }
            });
            // Sent as it is, empty if the player has no name: the friend's game calls the
            // player "your friend" in its own language.
            let name = settings.friend_name();
            ui.separator();
            ui.label(sp.t(
                "friend-host-note",
                &[("rules", words::rules_line(sp, &settings.rules).into())],
            ));
            if ui.button(sp.t("friend-host", &[])).clicked() {
                let config = net.config(waker(proxy.as_deref()));
                match FriendGame::host(&name, settings.rules.clone(), config) {
                    Ok(g) => {
                        friend.0 = Some(g);
                        form.cancelled = None;
                        kept.0 = None;
                    }
                    Err(e) => form.failed = Some(e.to_string()),
                }
            }
            ui.separator();
            ui.label(sp.t("friend-code-label", &[]));
            ui.horizontal(|ui| {
                let field = ui.add(egui::TextEdit::singleline(&mut form.code).desired_width(300.0));
                // Ctrl+V (Cmd+V) in the field, and a Paste button, read the system clipboard:
                // the window has no clipboard of its own.
                // The key event's own modifiers: a chord typed within one frame is one too
                // (see `overlay::repair_chords`).
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
                    let config = net.config(waker(proxy.as_deref()));
                    match FriendGame::join(&form.code, &name, config) {
                        Ok(g) => {
                            friend.0 = Some(g);
                            form.cancelled = None;
                            form.bad_code = false;
                            kept.0 = None;
                        }
                        Err(crate::net::link::LinkError::BadTicket(_)) => form.bad_code = true,
                        Err(e) => form.failed = Some(e.to_string()),
                    }
                }
            });
            if form.bad_code {
                ui.colored_label(egui::Color32::LIGHT_RED, sp.t("friend-bad-code", &[]));
            }
            if let Some(why) = &form.failed {
                ui.colored_label(
                    egui::Color32::LIGHT_RED,
                    sp.t("friend-failed", &[("why", why.clone().into())]),
                );
            }
            back(ui, sp, &mut next);
            return;
        };
        let name = game.name.clone();
        let named = |id: &str| sp.named(id, name.as_deref(), &[]);
        let mut cancel = false;
        match game.status.clone() {
            FriendStatus::Starting => {
                ui.label(sp.t("friend-starting", &[]));
                cancel = ui.button(sp.t("friend-cancel", &[])).clicked();
            }
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
                cancel = ui.button(sp.t("friend-cancel", &[])).clicked();
            }
            FriendStatus::Dialling => {
                ui.label(sp.t("friend-dialling", &[]));
                cancel = ui.button(sp.t("friend-cancel", &[])).clicked();
            }
            FriendStatus::NotReached => {
                ui.label(sp.t("friend-dialling", &[]));
                ui.colored_label(egui::Color32::LIGHT_RED, sp.t("friend-not-reached", &[]));
                ui.horizontal(|ui| {
                    if ui.button(sp.t("friend-try-again", &[])).clicked() {
                        game.try_again();
                    }
                    cancel = ui.button(sp.t("friend-cancel", &[])).clicked();
                });
            }
            FriendStatus::Offered => {
                let rules = game
                    .rules()
                    .map(|r| words::rules_line(sp, r))
                    .unwrap_or_default();
                ui.label(sp.named("friend-offer", name.as_deref(), &[("rules", rules.into())]));
                ui.horizontal(|ui| {
                    if ui.button(sp.t("friend-accept", &[])).clicked() {
                        game.accept();
                    }
                    cancel = ui.button(sp.t("friend-cancel", &[])).clicked();
                });
            }
            FriendStatus::Playing | FriendStatus::Lost(_) => {
                let playing = game.status == FriendStatus::Playing;
                ui.label(named(if playing {
                    "friend-playing"
                } else {
                    "friend-lost"
                }));
                ui.horizontal(|ui| {
                    if game.series().is_some()
                        && ui.button(sp.t("friend-back-to-table", &[])).clicked()
                    {
                        next.set(MenuScreen::Closed);
                    }
                    cancel = ui.button(sp.t("friend-end", &[])).clicked();
                });
            }
            FriendStatus::Taken
            | FriendStatus::Foul(_)
            | FriendStatus::Left
            | FriendStatus::Failed(_)
            | FriendStatus::OtherVersion { .. } => {
                let text = match game.status.clone() {
                    FriendStatus::OtherVersion { theirs } => sp.t(
                        "friend-other-version",
                        &[
                            ("theirs", theirs.into()),
                            ("ours", env!("CARGO_PKG_VERSION").into()),
                        ],
                    ),
                    FriendStatus::Taken => sp.t("friend-taken", &[]),
                    FriendStatus::Foul(_) => named("friend-foul"),
                    FriendStatus::Left => named("friend-left"),
                    FriendStatus::Failed(why) => sp.t("friend-failed", &[("why", why.into())]),
                    _ => String::new(),
                };
                ui.colored_label(egui::Color32::LIGHT_RED, text);
                cancel = ui.button(sp.t("button-back", &[])).clicked();
            }
        }
        if cancel {
            form.cancelled = match game.status {
                FriendStatus::Starting | FriendStatus::Waiting => Some("friend-host-cancelled"),
                FriendStatus::Dialling | FriendStatus::NotReached | FriendStatus::Offered => {
                    Some("friend-join-cancelled")
                }
                _ => None,
            };
            game.end();
            friend.0 = None;
            files.write_friend(FriendFile::default());
            form.copied = false;
            // Back to the player's own series, if the friend's was on the table.
            commands.write(PlayerCommand::Series(SeriesCommand::LeaveFriend));
        }
    });
    Ok(())
}
