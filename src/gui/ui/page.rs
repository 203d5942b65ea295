//! What every page of the menu shares: its window (centred, modal, above every overlay
//! window) and its buttons, the way back to the main menu, and the guard that keeps a double
//! click's second click off whatever replaced what its first click pressed.
//!
//! Decision: a page that changes under a click (Host a series becomes "Starting…" with Cancel
//! in the very place; Play a friend becomes its page) drops the clicks made where that press
//! was for a double click's time ([`DOUBLE_CLICK`]) from egui's input, before egui sees them
//! ([`drop_guarded_clicks`]): so it holds for every widget of every page without each one
//! knowing (a cover drawn over them would come a frame late: egui hit-tests on the last
//! frame's widgets). The guard is armed when the changed page is first drawn: egui asks for a
//! frame after every input (a repaint), so that is before the double click's second click
//! comes.

use std::time::Instant;

use bevy::prelude::*;
use bevy_egui::{EguiContext, egui};

use crate::gui::app::modes::MenuScreen;
use crate::gui::app::speech::Speech;

pub use crate::gui::input::pointer::DOUBLE_CLICK;
use crate::gui::input::pointer::DOUBLE_CLICK_REACH as REACH;

/// The guard's memory, in egui's temporary data.
#[derive(Clone, Default)]
struct Guard {
    /// What the page showed when last drawn.
    shown: u64,
    /// The last press on the menu: when and where.
    press: Option<(Instant, egui::Pos2)>,
    /// A press that changed the page: clicks near it are dropped until then.
    armed: Option<(Instant, egui::Pos2)>,
}

fn guard_id() -> egui::Id {
    egui::Id::new("menu-guard")
}

/// Notes what the page shows (`shown`) and this frame's press: a page that changed within a
/// double click's time of the last press arms the guard there, and, with a screen reader on,
/// takes the focus to its first widget (`reader::focus_on_open`).
fn watch(ctx: &egui::Context, shown: u64) {
    let now = Instant::now();
    let mut new_page = false;
    let pressed = ctx.input(|i| {
        i.pointer
            .any_pressed()
            .then(|| i.pointer.interact_pos())
            .flatten()
    });
    ctx.data_mut(|d| {
        let g = d.get_temp_mut_or_default::<Guard>(guard_id());
        if g.shown != shown {
            g.shown = shown;
            new_page = true;
            g.armed = g
                .press
                .filter(|(t, _)| now.duration_since(*t) < DOUBLE_CLICK)
                .map(|(t, at)| (t + DOUBLE_CLICK, at));
        }
        if let Some(at) = pressed {
            g.press = Some((now, at));
        }
    });
    super::reader::focus_on_open(ctx, new_page);
}

/// Drops from egui's input the presses and releases of the primary button made near the press
/// that changed a menu page, within a double click's time of it (see the module's docs).
pub(crate) fn drop_guarded_clicks(
    mut contexts: Query<(&mut bevy_egui::EguiInput, &mut EguiContext)>,
) {
    for (mut input, mut ctx) in &mut contexts {
        drop_guarded(ctx.get_mut(), &mut input.0);
    }
}

/// [`drop_guarded_clicks`] for one context's input of a frame.
fn drop_guarded(ctx: &egui::Context, raw: &mut egui::RawInput) {
    let guard = ctx
        .data(|d| d.get_temp::<Guard>(guard_id()))
        .and_then(|g| g.armed);
    let Some((until, at)) = guard else { return };
    if Instant::now() >= until {
        return;
    }
    let guarded = |e: &egui::Event| {
        matches!(e, egui::Event::PointerButton { pos, button: egui::PointerButton::Primary, .. }
            if pos.distance(at) <= REACH)
    };
    // Only touched when there is something to drop (a change would ask egui for a repaint).
    if raw.events.iter().any(guarded) {
        raw.events.retain(|e| !guarded(e));
    }
}

/// The menu's window, titled `title`, with `add` inside it, over a backdrop that dims the
/// table and takes every click beside the window.
///
/// Decisions: the menu is modal. While it shows the table takes no input (`modes::Paused`),
/// and the overlay's windows must not either: without the backdrop the score window's History,
/// and the Review it holds, answered clicks beside the menu, and a review opened so went under
/// it. egui's own `Modal` would do this but has no title bar; here the window is a sublayer of
/// the backdrop, so egui keeps it directly above the backdrop even after a click on the
/// backdrop raises that, and keyboard focus stays in the window (`set_modal_layer`).
pub(crate) fn menu_window(ctx: &egui::Context, title: String, add: impl FnOnce(&mut egui::Ui)) {
    menu_window_showing(ctx, title, (), add);
}

/// [`menu_window`] for a page whose contents change with `shown` as well as with its title
/// (the Play a friend page's steps): a change arms the double-click guard.
pub(crate) fn menu_window_showing(
    ctx: &egui::Context,
    title: String,
    shown: impl std::hash::Hash + std::fmt::Debug,
    add: impl FnOnce(&mut egui::Ui),
) {
    watch(ctx, egui::Id::new((&title, shown)).value());
    let id = egui::Id::new("menu");
    let backdrop = egui::Id::new("menu-backdrop");
    let screen = ctx.content_rect();
    egui::Area::new(backdrop)
        .order(egui::Order::Foreground)
        .fixed_pos(screen.min)
        .movable(false)
        .show(ctx, |ui| {
            // It takes the pointer, never the keyboard's focus: Tab goes to the page's widgets.
            ui.allocate_rect(screen, egui::Sense::CLICK | egui::Sense::DRAG);
            ui.painter()
                .rect_filled(screen, 0.0, egui::Color32::from_black_alpha(70));
        });
    let layer = |id| egui::LayerId::new(egui::Order::Foreground, id);
    ctx.set_sublayer(layer(backdrop), layer(id));
    ctx.memory_mut(|m| m.set_modal_layer(layer(backdrop)));
    let shown = egui::Window::new(title)
        .id(id)
        // Above every window of the overlay (a round's banner included), so the whole menu
        // is seen and answers the pointer.
        .order(egui::Order::Foreground)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .collapsible(false)
        .resizable(false)
        .show(ctx, add);
    // A page laid out afresh (a scrolling one above all) settles its size over two frames:
    // while it changes, draw again at once rather than at the next input, which left the
    // Settings page's last buttons cut off until the pointer moved.
    if let Some(rect) = shown.map(|r| r.response.rect) {
        let key = egui::Id::new("menu-rect");
        if ctx.data(|d| d.get_temp::<egui::Rect>(key)) != Some(rect) {
            ctx.data_mut(|d| d.insert_temp(key, rect));
            ctx.request_repaint();
        }
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    /// One frame of a menu page with one button at a fixed place, labelled by `step`; the
    /// input's events (a click at `at` when `click`) pass the guard first. Whether the button
    /// was clicked.
    fn frame(ctx: &egui::Context, step: u32, click: Option<egui::Pos2>, guarded: bool) -> bool {
        let mut raw = egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(
                egui::Pos2::ZERO,
                egui::vec2(400.0, 300.0),
            )),
            ..Default::default()
        };
        if let Some(pos) = click {
            raw.events.push(egui::Event::PointerMoved(pos));
            for pressed in [true, false] {
                raw.events.push(egui::Event::PointerButton {
                    pos,
                    button: egui::PointerButton::Primary,
                    pressed,
                    modifiers: Default::default(),
                });
            }
        }
        if guarded {
            drop_guarded(ctx, &mut raw);
        }
        let mut clicked = false;
        ctx.begin_pass(raw);
        watch(ctx, step as u64);
        egui::Area::new("page".into())
            .fixed_pos(egui::pos2(100.0, 100.0))
            .show(ctx, |ui| {
                clicked = ui
                    .add_sized([120.0, 30.0], egui::Button::new(format!("step {step}")))
                    .clicked();
            });
        ctx.end_pass().drop_without_applying_deltas();
        clicked
    }

    /// Host a series, double-clicked: its first click changes the page, and the second, where
    /// the new page has its Cancel, presses nothing; a click there after the double click's
    /// time does. Without the guard the second click presses Cancel.
    #[test]
    fn a_double_clicks_second_click_does_not_press_what_replaced_the_first() {
        for guarded in [true, false] {
            let ctx = egui::Context::default();
            let at = egui::pos2(150.0, 115.0);
            frame(&ctx, 0, None, guarded);
            frame(&ctx, 0, None, guarded);
            // The first click: the page's step changes, and shows in the frame egui asks
            // for after any input (a repaint), before the next input comes.
            assert!(frame(&ctx, 0, Some(at), guarded));
            frame(&ctx, 1, None, guarded);
            // The second, a tenth of a second later, on the new step's button.
            std::thread::sleep(std::time::Duration::from_millis(100));
            let second = frame(&ctx, 1, Some(at), guarded);
            assert_eq!(second, !guarded, "guarded {guarded}");
            // After the double click's time, a click is a click.
            std::thread::sleep(DOUBLE_CLICK);
            frame(&ctx, 1, None, guarded);
            assert!(
                frame(&ctx, 1, Some(at), guarded),
                "a later click, guarded {guarded}"
            );
        }
    }
}
