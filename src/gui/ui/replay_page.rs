//! The menu's Replay page: the series' finished deals, newest first (never the deal in play,
//! whose seed would give the computer's hand away), and a deal by its seed.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::page::{back, menu_window};
use crate::gui::app::modes::MenuScreen;
use crate::gui::app::speech::Speech;
use crate::gui::table::command::{PlayerCommand, SeriesCommand};
use crate::gui::table::series::FinishedDeals;
use crate::rules::Seat;
use crate::seats::HUMAN;
use crate::words;

/// The replay page's form.
#[derive(Resource)]
pub(crate) struct ReplayForm {
    pub(super) seed: String,
    pub(super) dealer: Seat,
    /// The seed typed is not a number.
    pub(super) bad_seed: bool,
}

impl Default for ReplayForm {
    fn default() -> Self {
        ReplayForm {
            seed: String::new(),
            dealer: HUMAN,
            bad_seed: false,
        }
    }
}

/// The Replay page.
pub(crate) fn replay_page(
    mut contexts: EguiContexts,
    deals: Res<FinishedDeals>,
    speech: Res<Speech>,
    mut form: ResMut<ReplayForm>,
    mut next: ResMut<NextState<MenuScreen>>,
    mut commands: MessageWriter<PlayerCommand>,
) -> Result {
    let sp = &*speech;
    menu_window(contexts.ctx_mut()?, sp.t("menu-replay", &[]), |ui| {
        ui.set_max_width(520.0);
        ui.label(sp.t("replay-intro", &[]));
        // The series' finished deals, newest first; never the deal in play, whose
        // seed would give the computer's hand away.
        ui.label(egui::RichText::new(sp.t("replay-finished", &[])).strong());
        if deals.list.is_empty() {
            ui.label(egui::RichText::new(sp.t("replay-none-yet", &[])).small());
        }
        egui::ScrollArea::vertical()
            .max_height(160.0)
            .show(ui, |ui| {
                for d in deals.list.iter().rev() {
                    ui.horizontal(|ui| {
                        if ui.small_button(sp.t("replay-button", &[])).clicked() {
                            commands.write(PlayerCommand::Series(SeriesCommand::Replay {
                                dealer: d.dealer,
                                seed: d.seed,
                            }));
                            next.set(MenuScreen::Closed);
                        }
                        ui.label(words::deal_line(sp, d));
                    });
                }
            });
        ui.separator();
        ui.horizontal(|ui| {
            ui.label(sp.t("replay-seed", &[]));
            ui.text_edit_singleline(&mut form.seed);
        });
        ui.horizontal(|ui| {
            ui.label(sp.t("replay-dealer", &[]));
            for seat in [HUMAN, HUMAN.other()] {
                let name = sp.t("seat-name", &[("who", words::who(seat).into())]);
                ui.radio_value(&mut form.dealer, seat, name);
            }
        });
        if form.bad_seed {
            ui.colored_label(egui::Color32::LIGHT_RED, sp.t("replay-bad-seed", &[]));
        }
        ui.horizontal(|ui| {
            if ui.button(sp.t("replay-play", &[])).clicked() {
                match form.seed.trim().parse::<u64>() {
                    Ok(seed) => {
                        let dealer = form.dealer;
                        commands.write(PlayerCommand::Series(SeriesCommand::Replay {
                            dealer,
                            seed,
                        }));
                        form.bad_seed = false;
                        next.set(MenuScreen::Closed);
                    }
                    Err(_) => form.bad_seed = true,
                }
            }
            back(ui, sp, &mut next);
        });
    });
    Ok(())
}
