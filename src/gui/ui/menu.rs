//! The main menu (Continue, New series, Replay a deal, Settings, Statistics, How to play,
//! Quit), opened at start and with Esc, and the confirmation before a series in play is
//! abandoned; one system per page, each run only on its page (the other pages are
//! `replay_page`, `settings_page`, `stats_page` and `help_page`).
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
use bevy_egui::{EguiContexts, EguiPreUpdateSet, EguiPrimaryContextPass, egui};

use super::help_page::help_page;
use super::page::{big, drop_guarded_clicks, menu_window};
use super::replay_page::{ReplayForm, replay_page};
use super::settings_page::settings_page;
use super::stats_page::stats_page;
use crate::gui::app::modes::MenuScreen;
use crate::gui::app::speech::Speech;
use crate::gui::input::keys::{Binding, key_of};
use crate::gui::table::command::{HandView, PlayerCommand, SeriesCommand};
use crate::gui::table::friend::{Friend, FriendCommand};
use crate::gui::table::persist::KeptFriend;
use crate::gui::table::phase::TableSet;
use crate::gui::table::series::Series;

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
pub(crate) fn on_escape(screen: MenuScreen, hand: &HandView) -> Option<MenuScreen> {
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

/// The main menu.
fn main_page(
    mut contexts: EguiContexts,
    series: Res<Series>,
    speech: Res<Speech>,
    mut next: ResMut<NextState<MenuScreen>>,
    mut commands: MessageWriter<PlayerCommand>,
    mut exit: MessageWriter<AppExit>,
    friend: Res<Friend>,
    kept: Res<KeptFriend>,
    mut orders: MessageWriter<FriendCommand>,
) -> Result {
    let sp = &*speech;
    menu_window(contexts.ctx_mut()?, sp.t("game-title", &[]), |ui| {
        ui.vertical_centered(|ui| {
            // A series with a friend left off last time is named first, with its way back (the
            // Play a friend page then says how the connection goes).
            if friend.0.is_none()
                && let Some(k) = &kept.0
            {
                ui.label(sp.named("friend-kept", k.friend_name(), &[]));
                // As big as the others, wider for a long name.
                let text = sp.named("menu-friend-resume", k.friend_name(), &[]);
                let button = egui::Button::new(egui::RichText::new(text).size(17.0))
                    .min_size(egui::vec2(220.0, 34.0));
                if ui.add(button).clicked() {
                    orders.write(FriendCommand::Resume);
                    next.set(MenuScreen::Friend);
                }
                ui.separator();
            }
            let cont = if series_in_play(&series) {
                sp.t("menu-continue", &[])
            } else {
                sp.t("menu-play", &[])
            };
            if big(ui, &cont) {
                next.set(MenuScreen::Closed);
            }
            if big(ui, &sp.t("menu-new-series", &[])) {
                if series_in_play(&series) {
                    next.set(MenuScreen::ConfirmNew);
                } else {
                    commands.write(PlayerCommand::Series(
                        SeriesCommand::NewSeries(fresh_seed()),
                    ));
                    next.set(MenuScreen::Closed);
                }
            }
            if big(ui, &sp.t("menu-friend", &[])) {
                next.set(MenuScreen::Friend);
            }
            if big(ui, &sp.t("menu-replay", &[])) {
                next.set(MenuScreen::Replay);
            }
            if big(ui, &sp.t("menu-settings", &[])) {
                next.set(MenuScreen::Settings);
            }
            if big(ui, &sp.t("menu-statistics", &[])) {
                next.set(MenuScreen::Statistics);
            }
            if big(ui, &sp.t("menu-help", &[])) {
                next.set(MenuScreen::Help);
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
    });
    Ok(())
}

/// Asks before a series in play is abandoned for a new one.
fn confirm_page(
    mut contexts: EguiContexts,
    speech: Res<Speech>,
    mut next: ResMut<NextState<MenuScreen>>,
    mut commands: MessageWriter<PlayerCommand>,
) -> Result {
    let sp = &*speech;
    menu_window(contexts.ctx_mut()?, sp.t("confirm-new-title", &[]), |ui| {
        ui.label(sp.t("confirm-new-text", &[]));
        ui.horizontal(|ui| {
            if ui.button(sp.t("confirm-new-yes", &[])).clicked() {
                commands.write(PlayerCommand::Series(
                    SeriesCommand::NewSeries(fresh_seed()),
                ));
                next.set(MenuScreen::Closed);
            }
            if ui.button(sp.t("confirm-new-no", &[])).clicked() {
                next.set(MenuScreen::Main);
            }
        });
    });
    Ok(())
}

/// The main menu and its pages.
pub(crate) struct MenuPlugin;

impl Plugin for MenuPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<ReplayForm>()
            // Before the table's input, so an Esc that cancels a knock does not also open the menu.
            .add_systems(Update, esc.before(TableSet::Input))
            .add_systems(
                EguiPrimaryContextPass,
                (
                    main_page.run_if(in_state(MenuScreen::Main)),
                    confirm_page.run_if(in_state(MenuScreen::ConfirmNew)),
                    replay_page.run_if(in_state(MenuScreen::Replay)),
                    settings_page.run_if(in_state(MenuScreen::Settings)),
                    stats_page.run_if(in_state(MenuScreen::Statistics)),
                    help_page.run_if(in_state(MenuScreen::Help)),
                ),
            )
            .add_systems(
                PreUpdate,
                drop_guarded_clicks
                    .after(EguiPreUpdateSet::ProcessInput)
                    .before(EguiPreUpdateSet::BeginPass),
            );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seats::HUMAN;

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
