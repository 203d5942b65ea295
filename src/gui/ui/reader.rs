//! The menu for a screen reader (issue #63): while a menu page is open, the tree the screen
//! reader reads is egui's (its buttons, checkboxes, text fields and labels, named by their
//! text), and Tab walks the page's widgets, Enter or Space presses the one in focus; at the
//! table it is Bevy's (`scene::access`: the hand, the piles, the live lines).
//!
//! Decisions:
//! - One tree at a time, handed over with the menu: egui's AccessKit update replaces the whole
//!   tree (its root is egui's), and Bevy's does not graft onto it, so the two cannot be shown
//!   together. A page covers the table and the table takes no input under it, so nothing is
//!   lost: the table's tree comes back when the page closes, and its live lines are said again
//!   as they return ("your turn to draw…").
//! - Handing the tree back needs the root back: Bevy's updates name no root (they assume the
//!   window's), so the frame egui stops, one update makes the window the root again
//!   ([`give_back_the_root`]).
//! - egui builds no tree unless a screen reader asked for one (bevy_egui switches it on for
//!   every window it finds): a sighted player's menu does no work for it.
//! - A page that opens with a screen reader on puts egui's focus on its first widget, so the
//!   reader says where the player is without a first Tab ([`focus_on_open`]); without one,
//!   nothing is focused, as before.

use accesskit::{Node, NodeId, Role, Tree, TreeId, TreeUpdate};
use bevy::a11y::{AccessibilityRequested, AccessibilitySystems, ManageAccessibilityUpdates};
use bevy::ecs::system::NonSendMarker;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy::winit::accessibility::ACCESS_KIT_ADAPTERS;
use bevy_egui::{EguiContexts, EguiPostUpdateSet, egui};

use crate::gui::app::modes::MenuScreen;

/// Whether a screen reader reads the menu now, kept in egui's memory for the pages.
fn reading(ctx: &egui::Context) -> bool {
    ctx.data(|d| d.get_temp::<bool>(reading_id()))
        .unwrap_or(false)
}

fn reading_id() -> egui::Id {
    egui::Id::new("screen-reader-reads-the-menu")
}

fn focus_first_id() -> egui::Id {
    egui::Id::new("screen-reader-focus-first")
}

/// Called by every menu page as it is drawn (`page::watch`, with whether it is a page other
/// than the last one drawn): with a screen reader on, a page newly shown, or shown when the
/// menu opened or the reader came, puts the focus on its first widget. Not at once: a page's
/// first frame lays it out unseen (egui's sizing pass), when its widgets take no focus, so the
/// move is made the frame after; and only within a page's own pass (egui forgets a focus move
/// asked for between passes).
pub(crate) fn focus_on_open(ctx: &egui::Context, new_page: bool) {
    let due = egui::Id::new("focus-first-next-frame");
    let now_due = ctx
        .data_mut(|d| d.remove_temp::<bool>(due))
        .unwrap_or(false);
    let asked = ctx
        .data_mut(|d| d.remove_temp::<bool>(focus_first_id()))
        .unwrap_or(false);
    if (new_page && reading(ctx)) || asked {
        ctx.data_mut(|d| d.insert_temp(due, true));
    } else if now_due {
        // The widget that had it (the button that opened this page) is gone.
        ctx.memory_mut(|m| {
            if let Some(gone) = m.focused() {
                m.surrender_focus(gone);
            }
            m.move_focus(egui::FocusDirection::Next);
        });
    }
}

/// Gives egui the tree while a menu page is open and a screen reader asked for one.
fn hand_over(
    mut contexts: EguiContexts,
    requested: Res<AccessibilityRequested>,
    menu: Res<State<MenuScreen>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let egui_reads = requested.get() && *menu.get() != MenuScreen::Closed;
    if reading(ctx) != egui_reads {
        ctx.data_mut(|d| d.insert_temp(reading_id(), egui_reads));
        // The menu opened (or the reader came) with a page shown: its first widget is to
        // take the focus ([`focus_on_open`]).
        if egui_reads {
            ctx.data_mut(|d| d.insert_temp(focus_first_id(), true));
        }
    }
    if egui_reads {
        ctx.enable_accesskit();
    } else {
        ctx.disable_accesskit();
    }
    Ok(())
}

/// The frame egui stops sending the tree, makes the window its root again, so Bevy's nodes
/// (which hang under the window) are read.
fn give_back_the_root(
    manage: Res<ManageAccessibilityUpdates>,
    requested: Res<AccessibilityRequested>,
    window: Query<Entity, With<PrimaryWindow>>,
    mut egui_had_it: Local<bool>,
    _main_thread: NonSendMarker,
) {
    if !requested.get() {
        return;
    }
    if !manage.get() {
        *egui_had_it = true;
        return;
    }
    if !std::mem::take(&mut *egui_had_it) {
        return;
    }
    let Ok(window) = window.single() else {
        return;
    };
    let id = NodeId(window.to_bits());
    ACCESS_KIT_ADAPTERS.with_borrow_mut(|adapters| {
        if let Some(adapter) = adapters.get_mut(&window) {
            adapter.update_if_active(|| TreeUpdate {
                nodes: vec![(id, Node::new(Role::Window))],
                tree: Some(Tree::new(id)),
                tree_id: TreeId::ROOT,
                focus: id,
            });
        }
    });
}

/// Hands the screen reader's tree between the menu and the table.
pub(crate) struct ReaderPlugin;

impl Plugin for ReaderPlugin {
    fn build(&self, app: &mut App) {
        // Both exist with a window (bevy_window's AccessibilityPlugin); the headless tests
        // run without one.
        app.init_resource::<AccessibilityRequested>()
            .init_resource::<ManageAccessibilityUpdates>()
            .add_systems(Update, hand_over)
            .add_systems(
                PostUpdate,
                give_back_the_root
                    .after(EguiPostUpdateSet::PostProcessOutput)
                    .before(AccessibilitySystems::Update),
            );
    }
}
