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

use super::modes::MenuScreen;
use super::persist::Statistics;
use super::seats::HUMAN;
use super::settings::PlayerSettings;
use super::speech::Speech;
use super::table::{HandView, PlayerCommand, Series, TableSet};
use super::theme::table_button;
use crate::ai::Level;
use crate::lang::Lang;
use crate::rules::{RuleSettings, Seat};
use crate::store::settings::{AnimSpeed, CardBack, Settings};

/// The replay page's form.
#[derive(Resource)]
pub struct ReplayForm {
    seed: String,
    dealer: Seat,
    error: Option<String>,
}

impl Default for ReplayForm {
    fn default() -> Self {
        ReplayForm {
            seed: String::new(),
            dealer: HUMAN,
            error: None,
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
    if keys.just_pressed(KeyCode::Escape)
        && let Some(to) = on_escape(*screen.get(), &hand)
    {
        next.set(to);
    }
}

/// A level's name as the player reads it.
fn level_title(l: Level) -> &'static str {
    match l {
        Level::Easy => "Easy",
        Level::Medium => "Medium",
        Level::Hard => "Hard",
    }
}

fn big(ui: &mut egui::Ui, text: &str) -> bool {
    ui.add_sized(
        [220.0, 34.0],
        egui::Button::new(egui::RichText::new(text).size(17.0)),
    )
    .clicked()
}

fn settings_page(ui: &mut egui::Ui, settings: &mut PlayerSettings, speech: &Speech) {
    let mut s = settings.0.clone();
    ui.label(
        egui::RichText::new("Rule and difficulty changes apply from the next series.").italics(),
    );
    ui.separator();
    egui::Grid::new("settings")
        .num_columns(2)
        .spacing([16.0, 8.0])
        .show(ui, |ui| {
            // Each language is named in itself, so a player lost in another can find theirs.
            ui.label(speech.t("settings-language", &[]));
            ui.horizontal(|ui| {
                let system = speech.t(
                    "settings-language-system",
                    &[("language", speech.system.native_name().into())],
                );
                ui.radio_value(&mut s.language, None, system);
                for l in Lang::ALL {
                    ui.radio_value(&mut s.language, Some(l), l.native_name());
                }
            });
            ui.end_row();
            ui.label("Computer");
            ui.horizontal(|ui| {
                for l in Level::ALL {
                    let name = match l {
                        Level::Easy => "Easy",
                        Level::Medium => "Medium",
                        Level::Hard => "Hard",
                    };
                    ui.radio_value(&mut s.level, l, name);
                }
            });
            ui.end_row();
            ui.label("Gin bonus");
            ui.horizontal(|ui| {
                ui.radio_value(&mut s.rules.gin_bonus, 25, "25");
                ui.radio_value(&mut s.rules.gin_bonus, 20, "20");
            });
            ui.end_row();
            ui.label("Undercut bonus");
            ui.add(egui::DragValue::new(&mut s.rules.undercut_bonus).range(0..=50));
            ui.end_row();
            ui.label("Classic bonuses");
            ui.vertical(|ui| {
                let opt = |ui: &mut egui::Ui, v: &mut Option<u32>, value: u32, label: &str| {
                    let mut on = v.is_some();
                    if ui.checkbox(&mut on, format!("{label} ({value})")).changed() {
                        *v = on.then_some(value);
                    }
                };
                opt(
                    ui,
                    &mut s.rules.line_bonus,
                    RuleSettings::CLASSIC_LINE_BONUS,
                    "Line bonus per hand won",
                );
                opt(
                    ui,
                    &mut s.rules.game_bonus,
                    RuleSettings::CLASSIC_GAME_BONUS,
                    "Game bonus",
                );
                opt(
                    ui,
                    &mut s.rules.shutout_bonus,
                    RuleSettings::CLASSIC_SHUTOUT_BONUS,
                    "Shutout bonus",
                );
                opt(
                    ui,
                    &mut s.rules.big_gin_bonus,
                    RuleSettings::CLASSIC_BIG_GIN_BONUS,
                    "Big gin",
                );
            });
            ui.end_row();
            ui.label("Card movement");
            ui.horizontal(|ui| {
                for a in AnimSpeed::ALL {
                    ui.radio_value(&mut s.speed, a, a.name());
                }
            });
            ui.end_row();
            ui.label("Cards");
            ui.checkbox(&mut s.four_color, "Four-colour deck");
            ui.end_row();
            ui.label("Text and buttons");
            ui.horizontal(|ui| {
                for pct in Settings::UI_SCALES {
                    ui.radio_value(&mut s.ui_scale, pct, format!("{pct}%"));
                }
            });
            ui.end_row();
            ui.label("Card back");
            ui.horizontal(|ui| {
                for b in CardBack::ALL {
                    ui.radio_value(&mut s.card_back, b, b.name());
                }
            });
            ui.end_row();
            ui.label("Sound");
            ui.horizontal(|ui| {
                ui.checkbox(&mut s.sound, "On");
                ui.add_enabled(
                    s.sound,
                    egui::Slider::new(&mut s.volume, 0.0..=1.0).text("volume"),
                );
            });
            ui.end_row();
            if !crate::gui::sound::AVAILABLE {
                ui.label("");
                ui.label(
                    egui::RichText::new("This build has no sound: build with the `sound` feature.")
                        .small(),
                );
                ui.end_row();
            }
            ui.label("Deal seed");
            ui.checkbox(&mut s.show_seed, "Show each deal's seed");
            ui.end_row();
        });
    if s != settings.0 {
        settings.0 = s;
    }
    ui.separator();
    if ui.button("Restore defaults").clicked() {
        settings.0 = Default::default();
    }
}

fn statistics_page(ui: &mut egui::Ui, stats: &Statistics) {
    type Row = (&'static str, fn(&crate::store::stats::Record) -> String);
    let rows: [Row; 10] = [
        ("Series won / lost", |r| {
            format!("{} / {}", r.series_won, r.series_lost)
        }),
        ("Games won / lost", |r| {
            format!("{} / {}", r.games_won, r.games_lost)
        }),
        ("Rounds won / lost", |r| {
            format!("{} / {}", r.rounds_won, r.rounds_lost)
        }),
        ("Dead hands", |r| r.dead_hands.to_string()),
        ("Knocks", |r| r.knocks.to_string()),
        ("Gins", |r| r.gins.to_string()),
        ("Undercuts made", |r| r.undercuts.to_string()),
        ("Undercut by the computer", |r| {
            r.undercut_against.to_string()
        }),
        ("Best round", |r| r.best_round.to_string()),
        ("Round win rate", |r| {
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
                ui.strong(level_title(l));
            }
            ui.end_row();
            for (label, f) in rows {
                ui.label(label);
                for l in Level::ALL {
                    ui.label(f(&stats.record(l)));
                }
                ui.end_row();
            }
        });
    ui.label(egui::RichText::new("Replayed deals are not counted.").small());
}

/// The rules in short, for the How to play page.
pub const HELP: &str = "\
HOW A ROUND GOES
You and the computer get 10 cards each; the next card starts the discard pile. \
The non-dealer may take that upcard; if they pass the dealer may; if both pass, \
the non-dealer draws from the stock. On each turn you draw one card (stock or \
discard pile) and discard one. You may not throw back the card you just took from the pile.

MELDS
Three or four of a kind, or three or more cards in a row of one suit. Ace is low: \
A-2-3 is a run, Q-K-A is not. A card counts in one meld only. Cards not in a meld \
are deadwood: aces 1, faces 10, others their number.

KNOCKING
After drawing, if your deadwood after the discard is 10 or less you may knock: \
press Knock, then click the card to discard. Your melds are spread; the computer \
lays its deadwood off onto your melds where it fits. If you have no deadwood at \
all, that is gin: press Gin!

SCORING
Knock with less deadwood than the other player: you score the difference. \
If they have as little or less, they undercut you: they score the difference \
plus the undercut bonus (10). Gin scores the gin bonus (25, or 20 in settings) \
plus the other player's deadwood, and they cannot lay off. If the stock runs \
down to two cards with no knock, the hand is dead and is dealt again.

HOLLYWOOD
Three games are scored at once. Your first win goes in game 1, your second in \
games 1 and 2, your third and later in all three. A game closes when someone \
reaches 100; later wins only go to games still open, and if you never scored in \
a game that closed, your next win starts you in the next open one. Win two of the \
three games to win the series; play goes on until all three close.

WITH THE MOUSE
Click or drag the stock or the discard pile to draw. Double-click a card, or drag \
it onto the pile, to discard. Drag cards along your hand to arrange them, or use \
the Melds / Rank / Suit buttons (S cycles). When the computer knocks, drag your \
cards onto its melds (the melds a card fits light up), or press Lay off all, then Done.

KEYS
The whole round plays without the mouse. Left and right arrows move a gold \
highlight through the piles when you draw and through your hand otherwise; Up or \
Enter does what a click on it does (draw it, raise a card, then play it); Down \
lowers a raised card. Space is always the main button (Enter too, when nothing is \
highlighted). Each button shows its key: T take, P pass, K knock, G gin, L lay off \
all, D done, N next round; S sorts, H asks for a hint, Esc opens the menu.";

#[allow(clippy::too_many_arguments)]
fn menu_ui(
    mut contexts: EguiContexts,
    screen: Res<State<MenuScreen>>,
    mut next: ResMut<NextState<MenuScreen>>,
    mut form: ResMut<ReplayForm>,
    series: Res<Series>,
    mut settings: ResMut<PlayerSettings>,
    speech: Res<Speech>,
    stats: Res<Statistics>,
    mut commands: MessageWriter<PlayerCommand>,
    mut exit: MessageWriter<AppExit>,
) -> Result {
    let page = *screen.get();
    let title = match page {
        MenuScreen::Closed => return Ok(()),
        MenuScreen::Main => "Hollywood Gin",
        MenuScreen::ConfirmNew => "New series?",
        MenuScreen::Replay => "Replay a deal",
        MenuScreen::Settings => "Settings",
        MenuScreen::Statistics => "Statistics",
        MenuScreen::Help => "How to play",
    };
    let ctx = contexts.ctx_mut()?;
    let mut to = page;
    egui::Window::new(title)
        .id("menu".into())
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| match page {
            MenuScreen::Closed => {}
            MenuScreen::Main => {
                ui.vertical_centered(|ui| {
                    let cont = if series_in_play(&series) {
                        "Continue series"
                    } else {
                        "Play"
                    };
                    if big(ui, cont) {
                        to = MenuScreen::Closed;
                    }
                    if big(ui, "New series") {
                        if series_in_play(&series) {
                            to = MenuScreen::ConfirmNew;
                        } else {
                            commands.write(PlayerCommand::NewSeries(fresh_seed()));
                            to = MenuScreen::Closed;
                        }
                    }
                    if big(ui, "Replay a deal") {
                        to = MenuScreen::Replay;
                    }
                    if big(ui, "Settings") {
                        to = MenuScreen::Settings;
                    }
                    if big(ui, "Statistics") {
                        to = MenuScreen::Statistics;
                    }
                    if big(ui, "How to play") {
                        to = MenuScreen::Help;
                    }
                    if big(ui, "Quit") {
                        exit.write(AppExit::Success);
                    }
                    ui.label(
                        egui::RichText::new(format!(
                            "Version {} · the series is saved after every move",
                            env!("CARGO_PKG_VERSION")
                        ))
                        .small(),
                    );
                });
            }
            MenuScreen::ConfirmNew => {
                ui.label("The series in play will be lost. Start a new one?");
                ui.horizontal(|ui| {
                    if ui.button("Start a new series").clicked() {
                        commands.write(PlayerCommand::NewSeries(fresh_seed()));
                        to = MenuScreen::Closed;
                    }
                    if ui.button("Keep playing").clicked() {
                        to = MenuScreen::Main;
                    }
                });
            }
            MenuScreen::Replay => {
                ui.label("Play any deal again from its seed (turn on \"Show each deal's seed\" in Settings to see them). A replayed deal is practice: your series waits and nothing is scored.");
                let r = series.current.round();
                if let Some(seed) = r.seed() {
                    ui.label(format!("This deal's seed: {seed}"));
                }
                ui.horizontal(|ui| {
                    ui.label("Seed");
                    ui.text_edit_singleline(&mut form.seed);
                });
                ui.horizontal(|ui| {
                    ui.label("Dealer");
                    ui.radio_value(&mut form.dealer, HUMAN, "You");
                    ui.radio_value(&mut form.dealer, HUMAN.other(), "Computer");
                });
                if let Some(e) = &form.error {
                    ui.colored_label(egui::Color32::LIGHT_RED, e);
                }
                ui.horizontal(|ui| {
                    if ui.button("Play this deal").clicked() {
                        match form.seed.trim().parse::<u64>() {
                            Ok(seed) => {
                                let dealer = form.dealer;
                                commands.write(PlayerCommand::Replay { dealer, seed });
                                form.error = None;
                                to = MenuScreen::Closed;
                            }
                            Err(_) => {
                                form.error = Some(
                                    "A seed is a whole number, like 614480483733483466.".into(),
                                );
                            }
                        }
                    }
                    if ui.button("Back").clicked() {
                        to = MenuScreen::Main;
                    }
                });
            }
            MenuScreen::Settings => {
                settings_page(ui, &mut settings, &speech);
                if ui.button("Back").clicked() {
                    to = MenuScreen::Main;
                }
            }
            MenuScreen::Statistics => {
                statistics_page(ui, &stats);
                if ui.button("Back").clicked() {
                    to = MenuScreen::Main;
                }
            }
            MenuScreen::Help => {
                egui::ScrollArea::vertical().max_height(420.0).show(ui, |ui| {
                    ui.set_max_width(560.0);
                    for para in HELP.split("\n\n") {
                        let (head, body) = para.split_once('\n').unwrap_or(("", para));
                        ui.strong(head);
                        ui.label(body.replace('\n', " "));
                        ui.add_space(6.0);
                    }
                });
                if ui.button("Back").clicked() {
                    to = MenuScreen::Main;
                }
            }
        });
    if to != page {
        next.set(to);
    }
    Ok(())
}

/// A small "Menu" button in the top-right corner, for players who don't know Esc.
fn menu_button(
    mut contexts: EguiContexts,
    screen: Res<State<MenuScreen>>,
    mut next: ResMut<NextState<MenuScreen>>,
) -> Result {
    if *screen.get() != MenuScreen::Closed {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    egui::Area::new("menu-button".into())
        .anchor(egui::Align2::RIGHT_TOP, [-8.0, 8.0])
        .movable(false)
        .show(ctx, |ui| {
            if ui.add(table_button("Menu (Esc)")).clicked() {
                next.set(MenuScreen::Main);
            }
        });
    Ok(())
}

/// The main menu and its pages.
pub struct MenuPlugin;

impl Plugin for MenuPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<ReplayForm>()
            // Before the table's input, so an Esc that cancels a knock does not also open the menu.
            .add_systems(Update, esc.before(TableSet::Input))
            .add_systems(EguiPrimaryContextPass, (menu_ui, menu_button));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn help_covers_the_scoring_and_the_hollywood_credit() {
        for needle in [
            "undercut",
            "gin bonus",
            "game 1",
            "games 1 and 2",
            "all three",
            "Esc",
        ] {
            assert!(HELP.contains(needle), "help mentions {needle}");
        }
        // Every paragraph has a heading line and a body.
        for para in HELP.split("\n\n") {
            let (head, body) = para.split_once('\n').expect("heading and body");
            assert_eq!(head, head.to_uppercase(), "{head}");
            assert!(body.len() > 40);
        }
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
