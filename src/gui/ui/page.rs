//! What every page of the menu shares: its window (centred, above every overlay window) and
//! its buttons, and the way back to the main menu.

use bevy::prelude::*;
use bevy_egui::egui;

use crate::gui::app::modes::MenuScreen;
use crate::gui::app::speech::Speech;

/// The menu's window, titled `title`, with `add` inside it.
pub fn menu_window(ctx: &egui::Context, title: String, add: impl FnOnce(&mut egui::Ui)) {
    egui::Window::new(title)
        .id("menu".into())
        // Above every window of the overlay (a round's banner included), so the whole menu
        // is seen and answers the pointer.
        .order(egui::Order::Foreground)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .collapsible(false)
        .resizable(false)
        .show(ctx, add);
}

/// One of the main menu's big buttons; whether it was clicked.
pub fn big(ui: &mut egui::Ui, text: &str) -> bool {
    ui.add_sized(
        [220.0, 34.0],
        egui::Button::new(egui::RichText::new(text).size(17.0)),
    )
    .clicked()
}

/// The Back button of a page: to the main menu.
pub fn back(ui: &mut egui::Ui, sp: &Speech, next: &mut NextState<MenuScreen>) {
    if ui.button(sp.t("button-back", &[])).clicked() {
        next.set(MenuScreen::Main);
    }
}
