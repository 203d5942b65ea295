//! The overlay's small notes: the deal's commitment in the top-left corner (its seed once the
//! round is over), and notices about the player's files until the player closes them.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::placer::Placer;
use super::room::{Edge, PlacedWindow};
use super::theme::at_scale;
use crate::gui::app::speech::Speech;
use crate::gui::table::persist::Notices;
use crate::gui::table::series::Series;
use crate::rules::commit;
use crate::words;

/// The deal's commitment from before its first card moves; its seed once the round is over,
/// never before (it gives every card away), except in a deal replayed from the seed the
/// player typed: see `rules::commit`.
pub(crate) fn seed_note(
    mut contexts: EguiContexts,
    series: Res<Series>,
    speech: Res<Speech>,
    mut placer: ResMut<Placer>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let min_f = placer.min_scale;
    let sp = &*speech;
    let r = series.current.round();
    if let Some(seed) = r.seed() {
        let deal = series.current.deals();
        let c = commit::commitment(seed, deal);
        let args = [
            ("deal", deal.into()),
            ("commit", commit::short(&c).into()),
            ("seed", seed.to_string().into()),
            ("who", words::who(r.dealer()).into()),
        ];
        let id = if r.is_finished() || series.practising() {
            "deal-revealed"
        } else {
            "deal-committed"
        };
        // Top left, above the computer's name plate, in at most 180 points; smaller where
        // the plate leaves less room.
        let placed = placer
            .place(
                ctx,
                "seed",
                egui::vec2(180.0, 44.0),
                None,
                &[Edge::Left, Edge::Right],
                min_f * 0.8,
            )
            .unwrap_or(PlacedWindow {
                pos: Vec2::new(8.0, 6.0),
                scale: min_f * 0.8,
                bottom: 0.0,
            });
        at_scale(ctx, placed.scale, |ctx| {
            egui::Area::new("seed".into())
                .fixed_pos(egui::pos2(placed.pos.x, placed.pos.y))
                .movable(false)
                .show(ctx, |ui| {
                    ui.set_max_width(180.0 * placed.scale);
                    ui.label(
                        egui::RichText::new(sp.t(id, &args))
                            .small()
                            .color(egui::Color32::from_gray(220)),
                    )
                    // The tooltip names no seed: until the round is over, the seed would give the
                    // computer's hand away.
                    .on_hover_text(sp.t("deal-commit-tooltip", &args[..2]));
                });
        });
    }

    Ok(())
}

/// Notices about the player's files, until the player closes them.
pub(crate) fn notice_window(
    mut contexts: EguiContexts,
    speech: Res<Speech>,
    mut notices: ResMut<Notices>,
    mut placer: ResMut<Placer>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let min_f = placer.min_scale;
    let sp = &*speech;
    if !notices.is_empty() {
        let placed = placer.place(
            ctx,
            "notice",
            egui::vec2(540.0, 120.0),
            None,
            &[Edge::Center, Edge::Left, Edge::Right],
            min_f,
        );
        let mut close = false;
        let pos = placed.map_or(egui::pos2(8.0, 8.0), |p| egui::pos2(p.pos.x, p.pos.y));
        let f = placed.map_or(1.0, |p| p.scale);
        at_scale(ctx, f, |ctx| {
            egui::Window::new(sp.t("window-notice", &[]))
                .id("notice".into())
                .fixed_pos(pos)
                .collapsible(false)
                .resizable(false)
                .show(ctx, |ui| {
                    ui.set_max_width(520.0 * f);
                    for n in notices.iter() {
                        ui.label(words::file_notice(sp, n));
                    }
                    close = ui.button(sp.t("button-ok", &[])).clicked();
                });
        });
        if close {
            notices.clear();
        }
    }
    Ok(())
}
