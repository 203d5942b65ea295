//! The overlay's window of the round's moves, one line a turn, newest last, on the right where
//! it fits (or its strip, as the score pad's).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::placer::Placer;
use super::room::Edge;
use super::score::{OverlayMemory, OverlayWindow};
use super::theme::{at_scale, card_text};
use crate::gui::app::settings::PlayerSettings;
use crate::gui::app::speech::Speech;
use crate::gui::table::series::Series;
use crate::words;

/// The round's moves so far, one line a turn, newest last.
/// Returns where its list starts (egui points), for the window's least height.
fn moves_log(
    ui: &mut egui::Ui,
    sp: &Speech,
    series: &Series,
    bottom: f32,
    scale: f32,
    four_color: bool,
) -> f32 {
    let seen = series.current.round().seen_moves();
    let lines: Vec<String> = words::turns(&seen)
        .into_iter()
        .map(|t| words::turn(sp, t))
        .collect();
    let top = ui.cursor().top();
    let room = (bottom - top - ui.spacing().window_margin.bottom as f32 - 2.0).max(20.0);
    egui::ScrollArea::vertical()
        .max_height(room)
        .min_scrolled_height(room.min(64.0 * scale))
        .stick_to_bottom(true)
        .auto_shrink([false, true])
        .show(ui, |ui| {
            if lines.is_empty() {
                ui.label(egui::RichText::new(sp.t("moves-none", &[])).italics());
            }
            for line in &lines {
                ui.label(card_text(ui, line, four_color));
            }
        });
    top
}

/// The round's moves, where they fit (or their strip).
pub(crate) fn moves_window(
    mut contexts: EguiContexts,
    series: Res<Series>,
    speech: Res<Speech>,
    settings: Res<PlayerSettings>,
    mut room: ResMut<OverlayMemory>,
    mut placer: ResMut<Placer>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let min_f = placer.min_scale;
    let sp = &*speech;
    let (zoom, met_y) = (placer.zoom, placer.region.max.y + placer.region.min.y);
    let position = series.current.round().history().len();
    let moves_h = room.moves_min_h.unwrap_or(140.0);
    let moves = placer.place(
        ctx,
        OverlayWindow::Moves.id(),
        egui::vec2(230.0, moves_h),
        Some(moves_h),
        &[Edge::Right, Edge::Left],
        min_f,
    );
    match moves {
        Some(p) => {
            let drawn = at_scale(ctx, p.scale, |ctx| {
                egui::Window::new(sp.t("window-moves", &[]))
                    .id(OverlayWindow::Moves.id().into())
                    .fixed_pos(egui::pos2(p.pos.x, p.pos.y))
                    .resizable(false)
                    .default_open(true)
                    .min_width(230.0 * p.scale)
                    .max_width(230.0 * p.scale)
                    .show(ctx, |ui| {
                        moves_log(ui, sp, &series, p.bottom, p.scale, settings.four_color)
                    })
            });
            if let Some(d) = drawn {
                placer.keep_drawn(d.response.rect);
                if let Some(top) = d.inner {
                    // Its title and margins and three lines of moves, at scale 1.
                    let r = d.response.rect;
                    let line = egui::TextStyle::Body.resolve(&ctx.global_style()).size * 1.3;
                    let h = top - r.min.y + 3.0 * line * p.scale + 16.0 * p.scale;
                    room.moves_min_h = Some(h / p.scale);
                }
            }
        }
        None => {
            let name = sp.t("window-moves", &[]);
            let open = room.strip(ctx, &mut placer, OverlayWindow::Moves, &name, position);
            if open {
                egui::Window::new(sp.t("window-moves", &[]))
                    .id(OverlayWindow::Moves.id().into())
                    .anchor(egui::Align2::RIGHT_TOP, [-8.0, 60.0])
                    .resizable(false)
                    .collapsible(false)
                    .max_width(230.0)
                    .show(ctx, |ui| {
                        moves_log(ui, sp, &series, met_y / zoom, 1.0, settings.four_color)
                    });
            }
        }
    }

    Ok(())
}
