//! The menu's Statistics page: series, games and rounds won and lost, and the rest of the
//! player's record, by level.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::page::{back, menu_window};
use crate::ai::Level;
use crate::gui::app::modes::MenuScreen;
use crate::gui::app::speech::Speech;
use crate::gui::table::persist::Statistics;
use crate::words;

/// The Statistics page.
pub(crate) fn stats_page(
    mut contexts: EguiContexts,
    speech: Res<Speech>,
    stats: Res<Statistics>,
    mut next: ResMut<NextState<MenuScreen>>,
) -> Result {
    let sp = &*speech;
    menu_window(contexts.ctx_mut()?, sp.t("menu-statistics", &[]), |ui| {
        stats_table(ui, sp, &stats);
        back(ui, sp, &mut next);
    });
    Ok(())
}

fn stats_table(ui: &mut egui::Ui, sp: &Speech, stats: &Statistics) {
    type Row = (&'static str, fn(&crate::store::stats::Record) -> String);
    let rows: [Row; 10] = [
        ("stats-series", |r| {
            format!("{} / {}", r.series_won, r.series_lost)
        }),
        ("stats-games", |r| {
            format!("{} / {}", r.games_won, r.games_lost)
        }),
        ("stats-rounds", |r| {
            format!("{} / {}", r.rounds_won, r.rounds_lost)
        }),
        ("stats-dead-hands", |r| r.dead_hands.to_string()),
        ("stats-knocks", |r| r.knocks.to_string()),
        ("stats-gins", |r| r.gins.to_string()),
        ("stats-undercuts", |r| r.undercuts.to_string()),
        ("stats-undercut-against", |r| r.undercut_against.to_string()),
        ("stats-best-round", |r| r.best_round.to_string()),
        ("stats-win-rate", |r| {
            let n = r.rounds_won + r.rounds_lost;
            if n == 0 {
                "–".into()
            } else {
                format!("{:.0}%", 100.0 * r.rounds_won as f32 / n as f32)
            }
        }),
    ];
    egui::Grid::new("stats")
        .striped(true)
        .spacing([20.0, 6.0])
        .show(ui, |ui| {
            ui.label("");
            for l in Level::ALL {
                ui.strong(words::level(sp, l));
            }
            ui.end_row();
            for (id, f) in rows {
                ui.label(sp.t(id, &[]));
                for l in Level::ALL {
                    ui.label(f(&stats.record(l)));
                }
                ui.end_row();
            }
        });
    ui.label(egui::RichText::new(sp.t("stats-note", &[])).small());
}
