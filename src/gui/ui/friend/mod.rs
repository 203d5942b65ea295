//! The menu's Play a friend pages, one system each, run while the menu shows Play a friend and
//! the series with a friend stands where the page is for ([`FriendState`]): [`start`] (host,
//! join or resume), [`waiting`] (the invite code, or dialling), [`offer`] (the host's rules),
//! [`playing`] and [`over`]. They only ask: every button sends the table a [`FriendCommand`].
//!
//! Decisions:
//! - Hosting plays under the rules in the player's settings, shown before the code is given;
//!   the guest sees the same rules (from the host's greeting) and says yes before anything is
//!   dealt.
//! - The player's name is kept in the settings; it starts as the system's user name.
//! - Each step of the series is a page of its own to the double-click guard (the window is
//!   named by the step): Host a series pressed twice must not press the Cancel that takes its
//!   place.
//!
//! [`FriendCommand`]: crate::gui::table::friend::FriendCommand

mod offer;
mod over;
mod playing;
mod start;
mod waiting;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::page::menu_window_showing;
use crate::gui::app::modes::MenuScreen;
use crate::gui::app::speech::Speech;
use crate::gui::table::friend::{Friend, FriendGame, FriendState};
use crate::gui::table::persist::KeptFriend;

/// What the player has typed and done on the pages: the code pasted, and whether the invite
/// code was copied.
#[derive(Resource, Default)]
struct FriendForm {
    code: String,
    copied: bool,
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

/// What every Play a friend page draws with: the window, the player's language, and the
/// series with a friend (and the one kept) that name the page's step.
#[derive(SystemParam)]
struct FriendPage<'w, 's> {
    contexts: EguiContexts<'w, 's>,
    speech: Res<'w, Speech>,
    friend: Res<'w, Friend>,
    kept: Res<'w, KeptFriend>,
}

impl FriendPage<'_, '_> {
    /// The page's window.
    fn window(&mut self, add: impl FnOnce(&mut egui::Ui, &Speech)) -> Result {
        let ctx = self.contexts.ctx_mut()?;
        let sp = &*self.speech;
        friend_window(ctx, sp, &self.friend, &self.kept, |ui| add(ui, sp));
        Ok(())
    }

    /// The window of a page shown while a series with a friend is on (nothing if none is).
    fn show(&mut self, add: impl FnOnce(&mut egui::Ui, &Speech, &FriendGame)) -> Result {
        let ctx = self.contexts.ctx_mut()?;
        let (sp, friend) = (&*self.speech, &*self.friend);
        let Some(game) = friend.0.as_ref() else {
            return Ok(());
        };
        friend_window(ctx, sp, friend, &self.kept, |ui| add(ui, sp, game));
        Ok(())
    }
}

/// The Play a friend window, named by the step the series is at (see the module's decisions).
fn friend_window(
    ctx: &egui::Context,
    sp: &Speech,
    friend: &Friend,
    kept: &KeptFriend,
    add: impl FnOnce(&mut egui::Ui),
) {
    let step = (
        friend.0.as_ref().map(|g| std::mem::discriminant(&g.status)),
        kept.0.is_some(),
    );
    menu_window_showing(ctx, sp.t("menu-friend", &[]), step, |ui| {
        ui.set_max_width(520.0);
        add(ui);
    });
}

/// A warning in the pages' red.
fn warn(ui: &mut egui::Ui, text: String) {
    ui.colored_label(egui::Color32::LIGHT_RED, text);
}

/// The Play a friend pages.
pub(super) struct FriendPagesPlugin;

impl Plugin for FriendPagesPlugin {
    fn build(&self, app: &mut App) {
        let on = |page: FriendState| in_state(MenuScreen::Friend).and_then(in_state(page));
        app.init_resource::<FriendForm>().add_systems(
            EguiPrimaryContextPass,
            (
                start::start_page.run_if(on(FriendState::Off)),
                waiting::waiting_page
                    .run_if(on(FriendState::Hosting).or_eager(on(FriendState::Joining))),
                offer::offer_page.run_if(on(FriendState::Offered)),
                playing::playing_page.run_if(on(FriendState::Playing)),
                over::over_page.run_if(on(FriendState::Over)),
            ),
        );
    }
}
