//! The main menu (Continue, New series, Replay a deal, Settings, Statistics, How to play,
//! Quit), opened at start and with Esc, and its pages.
//!
//! Decisions:
//! - The menu opens at start over the table, which already shows the saved series (if any),
//!   so "Continue" is one click and a new player sees "How to play" first.
//! - Which page shows is the [`MenuScreen`] state; while any page shows, the table is paused
//!   (`modes::Paused`, computed from it): no input reaches it and the computer does not move.
//! - The menu starts series and replays by sending the table a [`PlayerCommand`], like every
//!   other input; the table starts them with the player's settings.
//! - Starting a new series while one is in play asks first: a series is long, and losing it to
//!   a stray click is the kind of thing a player does not forgive.
//! - Rule and difficulty changes apply from the next series (the settings page says so), so a
//!   series is never scored under mixed rules; the look and speed apply at once.

use bevy::app::AppExit;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::ai::Level;
use crate::gui::app::modes::MenuScreen;
use crate::gui::app::settings::PlayerSettings;
use crate::gui::app::speech::Speech;
use crate::gui::input::keys::{Binding, key_of};
use crate::gui::table::command::{HandView, PlayerCommand, SeriesCommand};
use crate::gui::table::persist::Statistics;
use crate::gui::table::phase::TableSet;
use crate::gui::table::series::{FinishedDeals, Series};
use crate::lang::{Arg, Lang};
use crate::rules::{RuleSettings, Seat};
use crate::seats::HUMAN;
use crate::store::settings::{AnimSpeed, CardBack, Settings};
use crate::words;

/// The replay page's form.
#[derive(Resource)]
pub struct ReplayForm {
    seed: String,
    dealer: Seat,
    /// The seed typed is not a number.
    bad_seed: bool,
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

/// A seed for a new series: the clock, mixed.
fn fresh_seed() -> u64 {
    let t = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(1, |d| d.as_nanos() as u64);
    crate::rules::series::splitmix64(t)
}

/// Whether abandoning the series would lose anything.
fn series_in_play(series: &Series) -> bool {
    let m = series.players_series();
    !m.scoreboard().is_over() && !m.untouched()
}

/// What Esc does on `screen`: back from a page to the main menu, close the main menu, or open
/// it, except while the player is choosing a card to knock with or has one raised (Esc cancels
/// that, in `input`). `None`: nothing.
pub fn on_escape(screen: MenuScreen, hand: &HandView) -> Option<MenuScreen> {
    match screen {
        MenuScreen::Main => Some(MenuScreen::Closed),
        MenuScreen::Closed if hand.knocking || hand.selected.is_some() => None,
        _ => Some(MenuScreen::Main),
    }
}

fn esc(
    keys: Res<ButtonInput<KeyCode>>,
    hand: Res<HandView>,
    screen: Res<State<MenuScreen>>,
    mut next: ResMut<NextState<MenuScreen>>,
) {
    if key_of(Binding::Menu).is_some_and(|k| keys.just_pressed(k))
        && let Some(to) = on_escape(*screen.get(), &hand)
    {
        next.set(to);
    }
}

fn big(ui: &mut egui::Ui, text: &str) -> bool {
    ui.add_sized(
        [220.0, 34.0],
        egui::Button::new(egui::RichText::new(text).size(17.0)),
    )
    .clicked()
}

fn settings_page(ui: &mut egui::Ui, settings: &mut PlayerSettings, sp: &Speech) {
    let mut s = settings.0.clone();
    ui.label(egui::RichText::new(sp.t("settings-note", &[])).italics());
    ui.separator();
    egui::Grid::new("settings")
        .num_columns(2)
        .spacing([16.0, 8.0])
        .show(ui, |ui| {
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
        });
    if s != settings.0 {
        settings.0 = s;
    }
    ui.separator();
    if ui.button(sp.t("settings-restore", &[])).clicked() {
        settings.0 = Default::default();
    }
}

fn statistics_page(ui: &mut egui::Ui, sp: &Speech, stats: &Statistics) {
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

/// The How to play page's sections, in order: each a heading and a body message. The bodies
/// take the rules' numbers as variables ([`help_args`]), so the page says what the series in
/// play is scored by.
pub const HELP: [(&str, &str); 7] = [
    ("help-round-title", "help-round"),
    ("help-melds-title", "help-melds"),
    ("help-knock-title", "help-knock"),
    ("help-scoring-title", "help-scoring"),
    ("help-hollywood-title", "help-hollywood"),
    ("help-mouse-title", "help-mouse"),
    ("help-keys-title", "help-keys"),
];

/// The notices of every crate the game is built from, as cargo-about generates them from
/// Cargo.lock (see `.ci/about.toml`; CI fails when they are out of date), and the font's
/// licence: compiled in, so the game carries them wherever it is copied.
pub const NOTICES: &str = include_str!("../../../assets/licenses/THIRD-PARTY-NOTICES.md");
pub const FONT_LICENCE: &str = include_str!("../../../assets/fonts/CREDITS.md");
pub const GAME_LICENCE: &str = include_str!("../../../assets/licenses/LICENSE-MIT");

/// A licence text as written (not translated), in a scrolling box of its own that lays out
/// only the lines in view (the notices are thousands of lines): one row a line, unwrapped, so
/// every row is the same height and the text keeps its layout; it scrolls sideways too.
fn licence_text(ui: &mut egui::Ui, id: &str, text: &str) {
    let lines: Vec<&str> = text.lines().collect();
    let font = egui::TextStyle::Monospace.resolve(ui.style());
    let row = ui.fonts_mut(|f| f.row_height(&font));
    egui::ScrollArea::both()
        .id_salt(id)
        .max_height(220.0)
        .min_scrolled_height(220.0)
        .auto_shrink([false, true])
        .show_rows(ui, row, lines.len(), |ui, rows| {
            for line in &lines[rows] {
                ui.add(egui::Label::new(egui::RichText::new(*line).monospace()).extend());
            }
        });
}

/// The numbers the How to play page takes from the rules.
pub fn help_args(rules: &RuleSettings) -> Vec<Arg<'static>> {
    vec![
        ("gin", rules.gin_bonus.into()),
        ("undercut", rules.undercut_bonus.into()),
        ("target", rules.game_target.into()),
        ("limit", rules.knock_limit.into()),
    ]
}

#[allow(clippy::too_many_arguments)]
fn menu_ui(
    mut contexts: EguiContexts,
    screen: Res<State<MenuScreen>>,
    mut next: ResMut<NextState<MenuScreen>>,
    mut form: ResMut<ReplayForm>,
    series: Res<Series>,
    deals: Res<FinishedDeals>,
    mut settings: ResMut<PlayerSettings>,
    speech: Res<Speech>,
    stats: Res<Statistics>,
    mut commands: MessageWriter<PlayerCommand>,
    mut exit: MessageWriter<AppExit>,
) -> Result {
    let sp = &*speech;
    let page = *screen.get();
    let title = match page {
        MenuScreen::Closed => return Ok(()),
        MenuScreen::Main => sp.t("game-title", &[]),
        MenuScreen::ConfirmNew => sp.t("confirm-new-title", &[]),
        MenuScreen::Replay => sp.t("menu-replay", &[]),
        MenuScreen::Settings => sp.t("menu-settings", &[]),
        MenuScreen::Statistics => sp.t("menu-statistics", &[]),
        MenuScreen::Help => sp.t("menu-help", &[]),
    };
    let ctx = contexts.ctx_mut()?;
    let mut to = page;
    egui::Window::new(title)
        .id("menu".into())
        // Above every window of the overlay (a round's banner included), so the whole menu
        // is seen and answers the pointer.
        .order(egui::Order::Foreground)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| match page {
            MenuScreen::Closed => {}
            MenuScreen::Main => {
                ui.vertical_centered(|ui| {
                    let cont = if series_in_play(&series) {
                        sp.t("menu-continue", &[])
                    } else {
                        sp.t("menu-play", &[])
                    };
                    if big(ui, &cont) {
                        to = MenuScreen::Closed;
                    }
                    if big(ui, &sp.t("menu-new-series", &[])) {
                        if series_in_play(&series) {
                            to = MenuScreen::ConfirmNew;
                        } else {
                            commands.write(PlayerCommand::Series(SeriesCommand::NewSeries(
                                fresh_seed(),
                            )));
                            to = MenuScreen::Closed;
                        }
                    }
                    if big(ui, &sp.t("menu-replay", &[])) {
                        to = MenuScreen::Replay;
                    }
                    if big(ui, &sp.t("menu-settings", &[])) {
                        to = MenuScreen::Settings;
                    }
                    if big(ui, &sp.t("menu-statistics", &[])) {
                        to = MenuScreen::Statistics;
                    }
                    if big(ui, &sp.t("menu-help", &[])) {
                        to = MenuScreen::Help;
                    }
                    if big(ui, &sp.t("menu-quit", &[])) {
                        exit.write(AppExit::Success);
                    }
                    ui.label(
                        egui::RichText::new(sp.t(
                            "menu-version",
                            &[("version", env!("CARGO_PKG_VERSION").into())],
                        ))
                        .small(),
                    );
                });
            }
            MenuScreen::ConfirmNew => {
                ui.label(sp.t("confirm-new-text", &[]));
                ui.horizontal(|ui| {
                    if ui.button(sp.t("confirm-new-yes", &[])).clicked() {
                        commands.write(PlayerCommand::Series(SeriesCommand::NewSeries(
                            fresh_seed(),
                        )));
                        to = MenuScreen::Closed;
                    }
                    if ui.button(sp.t("confirm-new-no", &[])).clicked() {
                        to = MenuScreen::Main;
                    }
                });
            }
            MenuScreen::Replay => {
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
                                    to = MenuScreen::Closed;
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
                                to = MenuScreen::Closed;
                            }
                            Err(_) => form.bad_seed = true,
                        }
                    }
                    if ui.button(sp.t("button-back", &[])).clicked() {
                        to = MenuScreen::Main;
                    }
                });
            }
            MenuScreen::Settings => {
                settings_page(ui, &mut settings, sp);
                if ui.button(sp.t("button-back", &[])).clicked() {
                    to = MenuScreen::Main;
                }
            }
            MenuScreen::Statistics => {
                statistics_page(ui, sp, &stats);
                if ui.button(sp.t("button-back", &[])).clicked() {
                    to = MenuScreen::Main;
                }
            }
            MenuScreen::Help => {
                let args = help_args(series.current.rules());
                egui::ScrollArea::vertical()
                    .max_height(420.0)
                    .show(ui, |ui| {
                        ui.set_max_width(560.0);
                        for (head, body) in HELP {
                            ui.strong(sp.t(head, &[]));
                            ui.label(sp.t(body, &args));
                            ui.add_space(6.0);
                        }
                        // The licences: headings in the player's language, texts as written.
                        ui.strong(sp.t("help-licences-title", &[]));
                        ui.label(sp.t("help-licences", &[]));
                        for (head, id, text) in [
                            ("help-licence-game", "licence-game", GAME_LICENCE),
                            ("help-licence-notices", "licence-notices", NOTICES),
                            ("help-licence-font", "licence-font", FONT_LICENCE),
                        ] {
                            egui::CollapsingHeader::new(sp.t(head, &[]))
                                .id_salt(id)
                                .show(ui, |ui| licence_text(ui, id, text));
                        }
                    });
                if ui.button(sp.t("button-back", &[])).clicked() {
                    to = MenuScreen::Main;
                }
            }
        });
    if to != page {
        next.set(to);
    }
    Ok(())
}

/// The main menu and its pages.
pub struct MenuPlugin;

impl Plugin for MenuPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<ReplayForm>()
            // Before the table's input, so an Esc that cancels a knock does not also open the menu.
            .add_systems(Update, esc.before(TableSet::Input))
            .add_systems(EguiPrimaryContextPass, menu_ui);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn help_is_written_in_each_language_with_the_rules_numbers() {
        // Unusual numbers, so a number written into the text instead of taken from the rules
        // shows up.
        let rules = RuleSettings {
            gin_bonus: 20,
            undercut_bonus: 15,
            game_target: 150,
            knock_limit: 7,
            ..RuleSettings::default()
        };
        let args = help_args(&rules);
        let mut bodies = Vec::new();
        for lang in Lang::ALL {
            let sp = Speech::new(lang);
            let text = |id: &str| sp.t(id, &args);
            let scoring = text("help-scoring");
            assert!(
                scoring.contains("20") && scoring.contains("15"),
                "{scoring}"
            );
            assert!(
                !scoring.contains("25") && !scoring.contains("10"),
                "{scoring}"
            );
            assert!(text("help-hollywood").contains("150"), "{lang:?}");
            assert!(text("help-knock").contains('7'), "{lang:?}");
            for (head, body) in HELP {
                let (h, b) = (text(head), text(body));
                assert_ne!(h, head, "{lang:?} lacks {head}");
                assert!(b.len() > 80, "{lang:?} {body}: {b}");
                bodies.push(b);
            }
        }
        // Written in each language, not copied from English.
        for i in 0..HELP.len() {
            let n = HELP.len();
            assert_ne!(bodies[i], bodies[n + i]);
            assert_ne!(bodies[i], bodies[2 * n + i]);
        }
        assert!(bodies[..HELP.len()].concat().contains("games 1 and 2"));
    }

    #[test]
    fn escape_opens_closes_and_backs_out_but_first_cancels_a_knock() {
        let mut hand = HandView::default();
        assert_eq!(
            MenuScreen::default(),
            MenuScreen::Main,
            "the menu greets the player"
        );
        let mut screen = MenuScreen::Main;
        let esc = |screen: &mut MenuScreen, hand: &HandView| {
            if let Some(to) = on_escape(*screen, hand) {
                *screen = to;
            }
        };
        esc(&mut screen, &hand);
        assert_eq!(screen, MenuScreen::Closed);
        esc(&mut screen, &hand);
        assert_eq!(screen, MenuScreen::Main);
        screen = MenuScreen::Settings;
        esc(&mut screen, &hand);
        assert_eq!(screen, MenuScreen::Main, "back to the main page");
        esc(&mut screen, &hand);
        assert_eq!(screen, MenuScreen::Closed);
        hand.knocking = true;
        esc(&mut screen, &hand);
        assert_eq!(
            screen,
            MenuScreen::Closed,
            "Esc cancels the knock (input does that), not a menu"
        );
    }

    #[test]
    fn only_a_series_with_moves_needs_confirming() {
        let mut series = Series::new(&Default::default(), 1);
        assert!(!series_in_play(&series), "a fresh deal loses nothing");
        let r = series.current.round();
        let seat = r.to_act().unwrap();
        let a = r.legal_actions()[0].clone();
        series.current.apply(seat, a).unwrap();
        assert!(series_in_play(&series));
        // While a deal is replayed, the series set aside is what counts.
        series.replay(HUMAN, 99);
        assert!(series_in_play(&series));
    }
}
