//! What every page of the menu shares: its window (centred, modal, above every overlay
//! window) and its buttons, and the way back to the main menu.

use bevy::prelude::*;
use bevy_egui::egui;

use crate::gui::app::modes::MenuScreen;
use crate::gui::app::speech::Speech;

/// The menu's window, titled `title`, with `add` inside it, over a backdrop that dims the
/// table and takes every click beside the window.
///
/// Decisions: the menu is modal. While it shows the table takes no input (`modes::Paused`),
/// and the overlay's windows must not either: without the backdrop the score window's History,
/// and the Review it holds, answered clicks beside the menu, and a review opened so went under
/// it. egui's own `Modal` would do this but has no title bar; here the window is a sublayer of
/// the backdrop, so egui keeps it directly above the backdrop even after a click on the
/// backdrop raises that, and keyboard focus stays in the window (`set_modal_layer`).
pub fn menu_window(ctx: &egui::Context, title: String, add: impl FnOnce(&mut egui::Ui)) {
    let id = egui::Id::new("menu");
    let backdrop = egui::Id::new("menu-backdrop");
    let screen = ctx.content_rect();
    egui::Area::new(backdrop)
        .order(egui::Order::Foreground)
        .fixed_pos(screen.min)
        .movable(false)
        .show(ctx, |ui| {
            ui.allocate_rect(screen, egui::Sense::click_and_drag());
            ui.painter()
                .rect_filled(screen, 0.0, egui::Color32::from_black_alpha(70));
        });
    let layer = |id| egui::LayerId::new(egui::Order::Foreground, id);
    ctx.set_sublayer(layer(backdrop), layer(id));
    ctx.memory_mut(|m| m.set_modal_layer(layer(backdrop)));
    egui::Window::new(title)
        .id(id)
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
