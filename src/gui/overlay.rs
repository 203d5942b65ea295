//! The egui overlay on the table: the three Hollywood games side by side with the round
//! history, the round's moves, the banner after each round, the series summary, the hint, the
//! deal seed, and notices about the player's files.
//!
//! Decisions:
//! - Everything the overlay says comes from [`super::scoreview`] (pure, unit-tested) or the
//!   rules core; this file only lays it out.
//! - egui is zoomed with the window (the same scale as the table's text), so it reads the same
//!   at 1024×640 and at 4K.
//! - Every egui area is exactly the size of what it draws (one button, one framed note; no
//!   layout that expands to the space it is offered), because `pointer` gives egui the mouse
//!   wherever an area is. Windows are placed and capped in height so they never reach the
//!   player's hand, the piles or the table's buttons, at any window size.
//! - Red suits are drawn red in every text that names a card.
//! - An idle overlay must cost no CPU: see `drop_repeated_modifiers` for the one bevy_egui
//!   behaviour that kept the app awake, and the fix.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPlugin, EguiPreUpdateSet, EguiPrimaryContextPass, egui};

use super::buttons::sort_column_top;
use super::layout::RAISE;
use super::look;
use super::modes::MenuScreen;
use super::persist::Notices;
use super::review::RoundReview;
use super::scoreview::{ScoreView, banner, worked_out};
use super::screen::Screen;
use super::seats::HUMAN;
use super::settings::PlayerSettings;
use super::speech::Speech;
use super::table::{FinishedDeals, PlayerCommand, RoundEnd, Series, TurnPhase, round_key};
use super::theme::{card_text, table_button};
use super::words;
use crate::ai::View;
use crate::ai::heuristic::{HintReason, hint};
use crate::rules::{DealPlayed, commit};

/// What the overlay is showing.
#[derive(Resource, Default)]
pub struct Overlay {
    /// The last round's end (worded when drawn, so a change of language shows at once), and
    /// the round it belongs to.
    banner: Option<RoundEnd>,
    banner_round: Option<(u64, u64)>,
    /// The hint for the current position, and the position it is for.
    hint: Option<(HintReason, usize)>,
    zoom: f32,
}

/// The round's moves so far, one line a turn, newest last.
fn moves_log(ui: &mut egui::Ui, sp: &Speech, series: &Series, bottom: f32, four_color: bool) {
    let seen = series.current.round().seen_moves();
    let lines: Vec<String> = words::turns(&seen)
        .into_iter()
        .map(|t| words::turn(sp, t))
        .collect();
    let room = (bottom - ui.cursor().top() - 12.0).max(30.0);
    egui::ScrollArea::vertical()
        .max_height(room)
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
}

/// Keeps the banner for the round that just ended.
fn take_banners(
    mut ends: MessageReader<RoundEnd>,
    series: Res<Series>,
    mut overlay: ResMut<Overlay>,
) {
    for e in ends.read() {
        overlay.banner = Some(e.clone());
        overlay.banner_round = Some(round_key(&series.current));
    }
}

/// The banner's lines: the headline, then the score worked out, then what closed or was
/// decided.
fn banner_lines(sp: &Speech, e: &RoundEnd, after: &crate::rules::Scoreboard) -> Vec<String> {
    let mut lines = banner(sp, &e.result, &e.entry, after);
    let rest = lines.split_off(1);
    lines.extend(worked_out(sp, &e.result, &e.entry, after));
    lines.extend(rest);
    if e.practice {
        lines.push(sp.t("banner-practice", &[]));
    }
    lines
}

/// A seat's name in the score pad's rows.
fn seat_name(sp: &Speech, seat: crate::rules::Seat) -> String {
    sp.t("seat-name", &[("who", words::who(seat).into())])
}

fn grid_cell(ui: &mut egui::Ui, text: impl Into<egui::WidgetText>) {
    ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
        ui.label(text);
    });
}

/// The score window's contents; nothing in it goes below `bottom` (egui points).
fn scoreboard(
    ui: &mut egui::Ui,
    sp: &Speech,
    series: &Series,
    deals: &[DealPlayed],
    bottom: f32,
    out: &mut MessageWriter<PlayerCommand>,
) {
    let sb = series.current.scoreboard();
    let v = ScoreView::of(sp, sb);
    if series.practising() {
        ui.label(egui::RichText::new(sp.t("score-practising", &[])).italics());
    }
    let gold = look::egui_color(look::GOLD);
    egui::Grid::new("score")
        .striped(true)
        .min_col_width(52.0)
        .show(ui, |ui| {
            ui.label("");
            for g in 1..=3 {
                grid_cell(
                    ui,
                    egui::RichText::new(sp.t("score-game", &[("game", g.into())])).strong(),
                );
            }
            ui.end_row();
            for seat in [HUMAN, HUMAN.other()] {
                ui.label(egui::RichText::new(seat_name(sp, seat)).strong());
                for g in 0..3 {
                    let game = &sb.games[g];
                    let t = egui::RichText::new(&v.cells[seat.index()][g]);
                    // A score pad: the winner of a closed game and the leader of an open one
                    // in gold; the loser of a closed game faded.
                    let lead = game.points[seat.index()] > game.points[seat.other().index()];
                    grid_cell(
                        ui,
                        match game.winner {
                            Some(w) if w == seat => t.strong().color(gold),
                            Some(_) => t.weak(),
                            None if lead => t.color(gold),
                            None => t,
                        },
                    );
                }
                ui.end_row();
            }
            ui.label("");
            for (g, s) in v.status.iter().enumerate() {
                let t = egui::RichText::new(s).small();
                grid_cell(
                    ui,
                    if sb.games[g].is_open() {
                        t.weak()
                    } else {
                        t.strong()
                    },
                );
            }
            ui.end_row();
        });
    ui.label(&v.series);
    let target = sb.rules.game_target;
    ui.label(
        egui::RichText::new(sp.t(
            "score-rules",
            &[
                ("target", target.into()),
                ("gin", sb.rules.gin_bonus.into()),
                ("undercut", sb.rules.undercut_bonus.into()),
            ],
        ))
        .small(),
    );
    let n = v.history.len();
    egui::CollapsingHeader::new(sp.t("score-history", &[("rounds", n.into())]))
        .id_salt("history")
        .show(ui, |ui| {
            let room = (bottom - ui.cursor().top() - 12.0).clamp(30.0, 220.0);
            egui::ScrollArea::vertical()
                .max_height(room)
                .stick_to_bottom(true)
                .show(ui, |ui| {
                    if v.history.is_empty() {
                        ui.label(sp.t("score-no-rounds", &[]));
                    }
                    for (i, line) in v.history.iter().enumerate() {
                        ui.horizontal(|ui| {
                            if ui
                                .small_button(sp.t("review-history-button", &[]))
                                .clicked()
                            {
                                out.write(PlayerCommand::Review(i));
                            }
                            ui.label(line);
                        });
                        // Its seed, told now that the round is over, and its deal played
                        // again as practice (on a line of their own: the window stays as
                        // narrow as the round's line).
                        if let Some(d) = deals.get(i) {
                            ui.horizontal(|ui| {
                                let seed =
                                    sp.t("history-seed", &[("seed", d.seed.to_string().into())]);
                                ui.label(egui::RichText::new(seed).small().weak());
                                replay_button(ui, sp, d, out);
                            });
                        }
                    }
                });
        });
}

/// A small "Replay" button for a finished deal; its tooltip names the seed.
fn replay_button(
    ui: &mut egui::Ui,
    sp: &Speech,
    d: &DealPlayed,
    out: &mut MessageWriter<PlayerCommand>,
) {
    if ui
        .small_button(sp.t("replay-button", &[]))
        .on_hover_text(words::deal_line(sp, d))
        .clicked()
    {
        out.write(PlayerCommand::Replay {
            dealer: d.dealer,
            seed: d.seed,
        });
    }
}

#[allow(clippy::too_many_arguments)]
fn overlay_ui(
    mut contexts: EguiContexts,
    series: Res<Series>,
    mut overlay: ResMut<Overlay>,
    settings: Res<PlayerSettings>,
    speech: Res<Speech>,
    review: Res<RoundReview>,
    deals: Res<FinishedDeals>,
    mut notices: ResMut<Notices>,
    menu: Res<State<MenuScreen>>,
    phase: Res<State<TurnPhase>>,
    screen: Res<Screen>,
    keys: Res<ButtonInput<KeyCode>>,
    mut out: MessageWriter<PlayerCommand>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let sp = &*speech;
    let playing = *menu.get() == MenuScreen::Closed;
    let met = screen.metrics;
    let zoom = met.ui_scale();
    if (overlay.zoom - zoom).abs() > 0.01 {
        ctx.set_zoom_factor(zoom);
        overlay.zoom = zoom;
    }
    let phase = *phase.get();
    // Screen positions (egui points) of what the windows must stay clear of.
    let to_points = |world_y: f32| (met.size.y / 2.0 - world_y) / zoom;
    let below_hand = to_points(met.opponent_y() - met.card.y / 2.0) + 8.0;
    // The player's hand, with a raised card's lift.
    let above_hand = to_points(met.hand_y() + met.card.y * (0.5 + RAISE)) - 8.0;
    egui::Window::new(sp.t("window-score", &[]))
        .id("score".into())
        .anchor(egui::Align2::LEFT_TOP, [8.0, below_hand])
        .resizable(false)
        .default_open(true)
        .show(ctx, |ui| {
            scoreboard(ui, sp, &series, &deals.list, above_hand, &mut out)
        });
    // The round's moves, on the right, above the sort buttons.
    let above_sorts = to_points(sort_column_top(met)) - 8.0;
    egui::Window::new(sp.t("window-moves", &[]))
        .id("moves".into())
        .anchor(egui::Align2::RIGHT_TOP, [-8.0, below_hand])
        .resizable(false)
        .default_open(true)
        .default_width(230.0)
        .max_width(230.0)
        .show(ctx, |ui| {
            moves_log(ui, sp, &series, above_sorts, settings.four_color)
        });

    // The banner, from the end of a round until the next one is dealt.
    let banner_right = met.discard().x + met.card.x * 0.6 + 18.0 * zoom;
    let this_round = round_key(&series.current);
    // The banner steps aside while a round review is open: the review's summary says it all,
    // and at 1024×640 the two would overlap.
    if overlay.banner_round == Some(this_round)
        && phase == TurnPhase::RoundOver
        && !review.open()
        && let Some(end) = &overlay.banner
    {
        let lines = banner_lines(sp, end, series.current.scoreboard());
        egui::Area::new("banner".into())
            // Over the piles, which mean nothing once the round is over, clear of both rows,
            // ending just left of the Next round button.
            .anchor(
                egui::Align2::RIGHT_CENTER,
                [
                    (banner_right - met.size.x / 2.0) / zoom,
                    -met.size.y * 0.04 / zoom,
                ],
            )
            .show(ctx, |ui| {
                egui::Frame::popup(ui.style()).show(ui, |ui| {
                    for (i, line) in lines.iter().enumerate() {
                        if i == 0 {
                            ui.label(egui::RichText::new(line).strong().size(18.0));
                        } else {
                            ui.label(card_text(ui, line, settings.four_color));
                        }
                    }
                    // The round just entered is the last of the series' history; its seed is
                    // told now that nothing of it is hidden.
                    let last = series.current.scoreboard().history.len().checked_sub(1);
                    let deal = last.and_then(|i| deals.list.get(i));
                    if let Some(d) = deal {
                        ui.label(egui::RichText::new(words::deal_line(sp, d)).small());
                    }
                    ui.horizontal(|ui| {
                        if let Some(i) = last
                            && ui.button(sp.t("review-button", &[])).clicked()
                        {
                            out.write(PlayerCommand::Review(i));
                        }
                        if let Some(d) = deal
                            && ui.button(sp.t("replay-button", &[])).clicked()
                        {
                            out.write(PlayerCommand::Replay {
                                dealer: d.dealer,
                                seed: d.seed,
                            });
                        }
                    });
                });
            });
    }

    // The series summary once all three games have closed.
    let sb = series.current.scoreboard().clone();
    if sb.is_over()
        && phase == TurnPhase::RoundOver
        && !series.practising()
        && *menu.get() == MenuScreen::Closed
    {
        egui::Window::new(sp.t("window-series-over", &[]))
            .id("series-over".into())
            .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
            .collapsible(false)
            .resizable(false)
            .show(ctx, |ui| {
                let v = ScoreView::of(sp, &sb);
                ui.heading(&v.series);
                let mut won = [0u32; 2];
                let mut gins = [0u32; 2];
                for e in &sb.history {
                    if let Some(w) = e.winner {
                        won[w.index()] += 1;
                        if matches!(
                            e.outcome,
                            crate::rules::Outcome::Gin | crate::rules::Outcome::BigGin
                        ) {
                            gins[w.index()] += 1;
                        }
                    }
                }
                egui::Grid::new("summary").striped(true).show(ui, |ui| {
                    ui.label("");
                    for g in 1..=3 {
                        ui.strong(sp.t("score-game", &[("game", g.into())]));
                    }
                    ui.strong(sp.t("summary-rounds-won", &[]));
                    ui.strong(sp.t("summary-gins", &[]));
                    ui.end_row();
                    for seat in [HUMAN, HUMAN.other()] {
                        ui.strong(seat_name(sp, seat));
                        for g in 0..3 {
                            ui.label(&v.cells[seat.index()][g]);
                        }
                        ui.label(won[seat.index()].to_string());
                        ui.label(gins[seat.index()].to_string());
                        ui.end_row();
                    }
                });
                ui.label(sp.t(
                    "summary-rounds-played",
                    &[("rounds", sb.history.len().into())],
                ));
                if ui
                    .button(egui::RichText::new(sp.t("button-new-series", &[])).size(18.0))
                    .clicked()
                {
                    out.write(PlayerCommand::NextRound);
                }
            });
    }

    // Hint: Medium's move for the player's turn, until the position changes.
    let r = series.current.round();
    let my_turn = r.to_act() == Some(HUMAN)
        && matches!(
            phase,
            TurnPhase::UpcardOffer | TurnPhase::Draw | TurnPhase::Discard | TurnPhase::Layoff
        );
    let position = r.history().len();
    if overlay.hint.as_ref().is_some_and(|h| h.1 != position) || !my_turn {
        overlay.hint = None;
    }
    // The Hint button alone in the bottom-right corner (the area is the button).
    egui::Area::new("hint-button".into())
        .anchor(egui::Align2::RIGHT_BOTTOM, [-10.0, -10.0])
        .movable(false)
        .show(ctx, |ui| {
            // At the screen's edge the area is offered little width: never wrap the label.
            ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Extend);
            let asked = my_turn && keys.just_pressed(KeyCode::KeyH) && playing;
            if ui
                .add_enabled(my_turn, table_button(&sp.t("button-hint", &[])))
                .on_hover_text(sp.t("hint-tooltip", &[]))
                .clicked()
                || asked
            {
                let view = View::of(r, HUMAN, Some(series.current.scoreboard()));
                overlay.hint = Some((hint(&view).reason, position));
            }
        });
    // The hint itself, in the gap between the piles and the prompt above the hand.
    if let Some((h, _)) = &overlay.hint {
        let below_piles = to_points(met.discard().y - met.card.y / 2.0) + 6.0;
        egui::Area::new("hint".into())
            .anchor(egui::Align2::CENTER_TOP, [0.0, below_piles])
            .movable(false)
            .show(ctx, |ui| {
                egui::Frame::popup(ui.style()).show(ui, |ui| {
                    ui.set_max_width(340.0);
                    ui.label(card_text(ui, &words::hint(sp, h), settings.four_color));
                });
            });
    }
    // The deal's commitment from before its first card moves; its seed once the round is
    // over, never before (it gives every card away), except in a deal replayed from the seed
    // the player typed: see `rules::commit`.
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
        // Top left, clear of the computer's hand and the score window, in at most 180 points.
        egui::Area::new("seed".into())
            .anchor(egui::Align2::LEFT_TOP, [8.0, 6.0])
            .movable(false)
            .show(ctx, |ui| {
                ui.set_max_width(180.0);
                ui.label(
                    egui::RichText::new(sp.t(id, &args))
                        .small()
                        .color(egui::Color32::from_gray(220)),
                )
                // The tooltip names no seed: until the round is over, the seed would give the
                // computer's hand away.
                .on_hover_text(sp.t("deal-commit-tooltip", &args[..2]));
            });
    }

    if !notices.is_empty() {
        let mut close = false;
        egui::Window::new(sp.t("window-notice", &[]))
            .id("notice".into())
            .anchor(egui::Align2::CENTER_TOP, [0.0, 8.0])
            .collapsible(false)
            .resizable(false)
            .show(ctx, |ui| {
                ui.set_max_width(520.0);
                for n in notices.iter() {
                    ui.label(words::file_notice(sp, n));
                }
                close = ui.button(sp.t("button-ok", &[])).clicked();
            });
        if close {
            notices.clear();
        }
    }
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

/// The egui overlay.
pub struct OverlayPlugin;

impl Plugin for OverlayPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins(EguiPlugin::default())
            .init_resource::<Overlay>()
            .add_systems(Update, take_banners)
            .add_systems(EguiPrimaryContextPass, overlay_ui)
            .add_systems(
                PreUpdate,
                drop_repeated_modifiers
                    .after(EguiPreUpdateSet::ProcessInput)
                    .before(EguiPreUpdateSet::BeginPass),
            );
    }
}
