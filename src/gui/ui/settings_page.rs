//! The menu's Settings page: the language, the computer's level, the rules (from the next
//! series, as the page says, so a series is never scored under mixed rules), the speed, the
//! cards' look, the text size and the sound (these at once), and a relay of one's own for
//! Play a friend (from the next connection).
//!
//! Decision: the relay's field keeps what is typed apart from the setting, and the setting
//! takes it only while it is a relay's address, so a half-typed address is never saved and a
//! hand-edit check never has to refuse the file the page wrote.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::page::{back, menu_window};
use crate::ai::Level;
use crate::gui::app::modes::MenuScreen;
use crate::gui::app::settings::PlayerSettings;
use crate::gui::app::speech::Speech;
use crate::lang::Lang;
use crate::rules::RuleSettings;
use crate::store::settings::{AnimSpeed, BadRelay, CardBack, MAX_RELAY, Settings, relay_address};
use crate::words;

/// The height (egui points) a menu page needs beside its scrolling content: the title bar, the
/// Back button and the window's margins.
const PAGE_FRAME: f32 = 120.0;

/// The Settings page.
pub(crate) fn settings_page(
    mut contexts: EguiContexts,
    speech: Res<Speech>,
    mut settings: ResMut<PlayerSettings>,
    mut next: ResMut<NextState<MenuScreen>>,
    mut relay: Local<Option<String>>,
) -> Result {
    let sp = &*speech;
    menu_window(contexts.ctx_mut()?, sp.t("menu-settings", &[]), |ui| {
        // The form scrolls when the window is too short for it (960×600 with text at 150%),
        // so the page's title and its Back button always stay in the window.
        let room = (ui.ctx().content_rect().height() - PAGE_FRAME).max(PAGE_FRAME);
        // A bar beside the form, not over it: egui's floating bar widens under the pointer and
        // hid the ends of the longest rows.
        ui.spacing_mut().scroll = egui::style::ScrollStyle::solid();
        egui::ScrollArea::vertical()
            .max_height(room)
            .show(ui, |ui| settings_form(ui, &mut settings, sp, &mut relay));
        back(ui, sp, &mut next);
    });
    Ok(())
}

fn settings_form(
    ui: &mut egui::Ui,
    settings: &mut PlayerSettings,
    sp: &Speech,
    relay: &mut Option<String>,
) {
    let mut s = settings.0.clone();
    // The relay field as typed: what it holds is kept only once it is a relay's address.
    let draft = relay.get_or_insert_with(|| s.own_relay.clone().unwrap_or_default());
    ui.label(egui::RichText::new(sp.t("settings-note", &[])).italics());
    ui.separator();
    egui::Grid::new("settings")
        .num_columns(2)
        .spacing([16.0, 8.0])
        .show(ui, |ui| {
            rules_rows(ui, &mut s, sp);
            look_rows(ui, &mut s, sp);
        });
    ui.separator();
    relay_rows(ui, &mut s, sp, draft);
    if s != settings.0 {
        settings.0 = s;
    }
    ui.separator();
    if ui.button(sp.t("settings-restore", &[])).clicked() {
        settings.0 = Default::default();
        draft.clear();
    }
}

/// The relay of one's own for Play a friend: a field for its address, why what is typed is
/// not kept while it is no relay's address, and what a relay is for. Below the grid, not in
/// it: egui's grid sizes a row by the last frame, and the note wraps.
fn relay_rows(ui: &mut egui::Ui, s: &mut Settings, sp: &Speech, draft: &mut String) {
    ui.horizontal(|ui| {
        let label = ui.label(sp.t("settings-relay", &[]));
        let field = egui::TextEdit::singleline(draft)
            .hint_text(sp.t("settings-relay-hint", &[]))
            .char_limit(MAX_RELAY + 8)
            .desired_width(320.0);
        // Named by its label for a screen reader (egui does not pair them itself).
        ui.add(field).labelled_by(label.id);
    });
    match relay_address(draft) {
        Ok(address) => s.own_relay = address,
        Err(why) => {
            let id = match why {
                BadRelay::Scheme => "settings-relay-scheme",
                BadRelay::NoHost => "settings-relay-no-host",
                BadRelay::Garbled => "settings-relay-garbled",
            };
            ui.colored_label(ui.visuals().error_fg_color, sp.t(id, &[]));
        }
    }
    ui.label(egui::RichText::new(sp.t("settings-relay-note", &[])).small());
}

/// The grid's rows about the game: the language, the computer's level and the rules.
fn rules_rows(ui: &mut egui::Ui, s: &mut Settings, sp: &Speech) {
    // Each language is named in itself, so a player lost in another can find theirs.
    ui.label(sp.t("settings-language", &[]));
    // Two fixed lines, not a wrapping row: egui's grid sizes a row by the last frame,
    // so a row that wraps overlapped the next until the next repaint.
    ui.vertical(|ui| {
        let system = sp.t(
            "settings-language-system",
            &[("language", sp.system.native_name().into())],
        );
        ui.radio_value(&mut s.language, None, system);
        ui.horizontal(|ui| {
            for l in Lang::ALL {
                ui.radio_value(&mut s.language, Some(l), l.native_name());
            }
        });
    });
    ui.end_row();
    ui.label(sp.t("settings-computer", &[]));
    ui.horizontal(|ui| {
        for l in Level::ALL {
            ui.radio_value(&mut s.level, l, words::level(sp, l));
        }
    });
    ui.end_row();
    ui.label(sp.t("settings-gin-bonus", &[]));
    ui.horizontal(|ui| {
        ui.radio_value(&mut s.rules.gin_bonus, 25, "25");
        ui.radio_value(&mut s.rules.gin_bonus, 20, "20");
    });
    ui.end_row();
    ui.label(sp.t("settings-undercut-bonus", &[]));
    ui.add(egui::DragValue::new(&mut s.rules.undercut_bonus).range(0..=50));
    ui.end_row();
    ui.label(sp.t("settings-classic", &[]));
    ui.vertical(|ui| {
        let opt = |ui: &mut egui::Ui, v: &mut Option<u32>, value: u32, id: &str| {
            let mut on = v.is_some();
            if ui
                .checkbox(&mut on, sp.t(id, &[("points", value.into())]))
                .changed()
            {
                *v = on.then_some(value);
            }
        };
        opt(
            ui,
            &mut s.rules.line_bonus,
            RuleSettings::CLASSIC_LINE_BONUS,
            "settings-line-bonus",
        );
        opt(
            ui,
            &mut s.rules.game_bonus,
            RuleSettings::CLASSIC_GAME_BONUS,
            "settings-game-bonus",
        );
        opt(
            ui,
            &mut s.rules.shutout_bonus,
            RuleSettings::CLASSIC_SHUTOUT_BONUS,
            "settings-shutout-bonus",
        );
        opt(
            ui,
            &mut s.rules.big_gin_bonus,
            RuleSettings::CLASSIC_BIG_GIN_BONUS,
            "settings-big-gin-bonus",
        );
    });
    ui.end_row();
}

/// The grid's rows about the look and sound: speed, cards, text size, back, sound.
fn look_rows(ui: &mut egui::Ui, s: &mut Settings, sp: &Speech) {
    ui.label(sp.t("settings-speed", &[]));
    ui.horizontal(|ui| {
        for a in AnimSpeed::ALL {
            let id = match a {
                AnimSpeed::Instant => "speed-instant",
                AnimSpeed::Fast => "speed-fast",
                AnimSpeed::Normal => "speed-normal",
                AnimSpeed::Slow => "speed-slow",
            };
            ui.radio_value(&mut s.speed, a, sp.t(id, &[]));
        }
    });
    ui.end_row();
    ui.label(sp.t("settings-cards", &[]));
    ui.checkbox(&mut s.four_color, sp.t("settings-four-color", &[]));
    ui.end_row();
    ui.label(sp.t("settings-ui-scale", &[]));
    ui.horizontal(|ui| {
        for pct in Settings::UI_SCALES {
            ui.radio_value(&mut s.ui_scale, pct, format!("{pct}%"));
        }
    });
    ui.end_row();
    ui.label(sp.t("settings-card-back", &[]));
    ui.horizontal(|ui| {
        for b in CardBack::ALL {
            let id = match b {
                CardBack::Blue => "back-blue",
                CardBack::Red => "back-red",
                CardBack::Green => "back-green",
                CardBack::Grey => "back-grey",
            };
            ui.radio_value(&mut s.card_back, b, sp.t(id, &[]));
        }
    });
    ui.end_row();
    ui.label(sp.t("settings-sound", &[]));
    ui.horizontal(|ui| {
        ui.checkbox(&mut s.sound, sp.t("settings-sound-on", &[]));
        ui.add_enabled(
            s.sound,
            egui::Slider::new(&mut s.volume, 0.0..=1.0).text(sp.t("settings-volume", &[])),
        );
    });
    ui.end_row();
    if !crate::gui::scene::sound::AVAILABLE {
        ui.label("");
        ui.label(egui::RichText::new(sp.t("settings-no-sound", &[])).small());
        ui.end_row();
    }
}
