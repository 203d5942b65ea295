//! The egui overlay on the table, one system per window, run in a fixed order each egui pass:
//! the frame's placing begins (`begin_pass`: egui's zoom, what the table keeps clear), then
//! the round review (asked for, so first), the deal's commitment, the round's banner, the
//! series summary, the score pad, the round's moves and the notices, each placed where the
//! table is free after those before it ([`super::placer`]), and the placing ends.
//!
//! Decisions:
//! - Everything the overlay says comes from [`crate::words::score`] (pure, unit-tested) or the
//!   rules core; this file only lays it out.
//! - egui is zoomed with the window (the same scale as the table's text), so it reads the same
//!   at 1024×640 and at 4K.
//! - Red suits are drawn red in every text that names a card.
//! - An idle overlay must cost no CPU: see `drop_repeated_modifiers` for the one bevy_egui
//!   behaviour that kept the app awake, and the fix.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPlugin, EguiPreUpdateSet, EguiPrimaryContextPass, egui};

use super::banner::{Banner, banner_window, summary_window, take_banners};
use super::moves::moves_window;
use super::notes::{notice_window, seed_note};
use super::placer::{Placer, min_scale};
use super::review::{RoundReview, place_review, review_ui};
use super::room::table_items;
use super::score::{OverlayMemory, score_window};
use crate::gui::input::buttons::TableButton;
use crate::gui::table::phase::round_key;
use crate::gui::table::view::TableView;

/// Starts the frame's placing: egui zoomed with the window, and every table item (its buttons
/// as shown) kept clear.
fn begin_pass(
    mut contexts: EguiContexts,
    view: TableView,
    review: Res<RoundReview>,
    buttons: Query<&TableButton>,
    mut placer: ResMut<Placer>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let met = view.met();
    let zoom = met.ui_scale();
    if (placer.zoom - zoom).abs() > 0.01 {
        ctx.set_zoom_factor(zoom);
        placer.zoom = zoom;
    }
    let m = view.m();
    let phase = view.phase();
    let items = table_items(
        m,
        &view.hand,
        phase,
        view.series.level,
        met,
        &view.speech,
        buttons.iter().map(|b| &b.0),
    );
    // What the windows' sizes depend on: a change lets them be measured afresh.
    let table_key = {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        (met.size.x as u32, met.size.y as u32, zoom.to_bits()).hash(&mut h);
        let position = m.round().history().len();
        (view.settings.language, position, phase, round_key(m)).hash(&mut h);
        (review.open(), review.ready().is_some()).hash(&mut h);
        h.finish()
    };
    let margin = 6.0 * zoom;
    placer.text = met.ui;
    placer.begin(
        items,
        Rect::from_corners(Vec2::splat(margin), met.size - margin),
        min_scale(met),
        table_key,
    );
    Ok(())
}

/// Ends the frame's placing.
fn end_pass(mut contexts: EguiContexts, mut placer: ResMut<Placer>) -> Result {
    placer.finish(contexts.ctx_mut()?);
    Ok(())
}

/// bevy_egui 0.42 feeds egui a "modifiers changed" event every frame, even when no modifier
/// key changed. egui treats any event as a reason to repaint at once, and bevy_egui wakes the
/// event loop for that repaint, so the app never went idle (about 170% CPU under Xvfb with the
/// overlay shown). This drops the event unless the modifiers really changed.
fn drop_repeated_modifiers(
    mut inputs: Query<&mut bevy_egui::EguiInput>,
    mut last: Local<Option<egui::Modifiers>>,
) {
    for mut input in &mut inputs {
        let mut seen = *last;
        let before = input.0.events.len();
        let mut events = std::mem::take(&mut input.0.events);
        events.retain(|e| match e {
            egui::Event::ModifiersChanged(m) => {
                let new = seen != Some(*m);
                seen = Some(*m);
                new
            }
            _ => true,
        });
        if events.len() != before || !events.is_empty() {
            input.0.events = events;
        }
        *last = seen;
    }
}

/// bevy_egui takes a frame's modifier keys in before its other keys, so a chord that comes
/// whole within one frame (a fast hand, a remote desktop, a script: Ctrl down, A, Ctrl up)
/// reached egui as the plain letter, and Ctrl+A typed "a" into the invite code field instead
/// of selecting its text (Ctrl+V likewise typed "v"). This follows the frame's keys in order
/// and gives each letter typed with Ctrl (Cmd on macOS) held back as the chord it was: its
/// text taken out, and its key event with the modifier (which is what egui's text fields, and
/// the invite code's Ctrl+V, read).
fn repair_chords(
    mut keys: MessageReader<bevy::input::keyboard::KeyboardInput>,
    mut inputs: Query<&mut bevy_egui::EguiInput>,
    mut held: Local<(bool, bool)>,
) {
    use bevy::input::keyboard::Key;
    let mut chords = Vec::new();
    for k in keys.read() {
        let down = k.state.is_pressed();
        match &k.logical_key {
            Key::Control => held.0 = down,
            Key::Super | Key::Meta => held.1 = down,
            Key::Character(c) if down && (held.0 || held.1) => chords.push((c.to_string(), *held)),
            _ => {}
        }
    }
    if chords.is_empty() {
        return;
    }
    for mut input in &mut inputs {
        let raw = &mut input.0;
        for (c, (ctrl, cmd)) in &chords {
            let mods = egui::Modifiers {
                ctrl: *ctrl,
                mac_cmd: cfg!(target_os = "macos") && *cmd,
                command: if cfg!(target_os = "macos") {
                    *cmd
                } else {
                    *ctrl
                },
                ..Default::default()
            };
            if let Some(i) = raw
                .events
                .iter()
                .position(|e| matches!(e, egui::Event::Text(t) if t == c))
            {
                raw.events.remove(i);
            }
            let key = egui::Key::from_name(&c.to_uppercase());
            if let Some(egui::Event::Key { modifiers, .. }) = raw.events.iter_mut().find(|e| {
                matches!(e, egui::Event::Key { key: k, pressed: true, modifiers, .. }
                    if Some(*k) == key && !modifiers.command)
            }) {
                *modifiers = mods;
            }
        }
    }
}

/// The egui overlay: its windows in their order.
pub(crate) struct OverlayPlugin;

impl Plugin for OverlayPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins(EguiPlugin::default())
            .init_resource::<Banner>()
            .init_resource::<OverlayMemory>()
            .init_resource::<Placer>()
            .add_systems(Update, take_banners)
            .add_systems(
                EguiPrimaryContextPass,
                (
                    begin_pass,
                    place_review,
                    review_ui,
                    seed_note,
                    banner_window,
                    summary_window,
                    score_window,
                    moves_window,
                    notice_window,
                    end_pass,
                )
                    .chain(),
            )
            .add_systems(
                PreUpdate,
                (drop_repeated_modifiers, repair_chords)
                    .after(EguiPreUpdateSet::ProcessInput)
                    .before(EguiPreUpdateSet::BeginPass),
            );
    }
}
