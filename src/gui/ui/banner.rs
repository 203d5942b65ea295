//! The overlay's windows at a round's end: the banner (the round's result, the score worked
//! out, what closed or was decided, Review round and Replay), from the end of a round until the
//! next one is dealt, and the series summary once all three games have closed.
//!
//! Decisions:
//! - The banner keeps the round's end, not its words: it is worded when drawn, so a change of
//!   language shows at once.
//! - The banner steps aside while a round review is open (the review's summary says it all)
//!   and while the menu is open (the menu's buttons must all show).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::placer::Placer;
use super::review::RoundReview;
use super::room::Edge;
use super::score::seat_name;
use super::theme::{at_scale, card_text};
use crate::gui::app::modes::MenuScreen;
use crate::gui::app::settings::PlayerSettings;
use crate::gui::app::speech::Speech;
use crate::gui::table::command::{PlayerCommand, SeriesCommand};
use crate::gui::table::phase::{TurnPhase, round_key};
use crate::gui::table::series::{FinishedDeals, RoundEnd, Series};
use crate::rules::DealPlayed;
use crate::seats::HUMAN;
use crate::words;
use crate::words::score::{ScoreView, banner_in_full};

/// The last round's end and the round it belongs to.
#[derive(Resource, Default)]
pub(crate) struct Banner {
    banner: Option<RoundEnd>,
    banner_round: Option<(u64, u64)>,
}

/// Keeps the banner for the round that just ended.
pub(crate) fn take_banners(
    mut ends: MessageReader<RoundEnd>,
    series: Res<Series>,
    mut overlay: ResMut<Banner>,
) {
    let key = round_key(&series.current);
    for e in ends.read() {
        overlay.banner = Some(e.clone());
        overlay.banner_round = Some(key);
    }
    // A series continued at a round's end (the player quit at the banner): no round ended in
    // this run, so the banner is made again from the round's result and its entry, the last
    // of the scoreboard's history, and its Review round button comes back with it.
    let m = &series.current;
    if overlay.banner_round != Some(key)
        && let Some(result) = m.round().result()
        && let Some(entry) = m.scoreboard().history.last()
    {
        overlay.banner = Some(RoundEnd {
            result: result.clone(),
            entry: entry.clone(),
            practice: series.practising(),
        });
        overlay.banner_round = Some(key);
    }
}

/// The banner, from the end of a round until the next one is dealt.
pub(crate) fn banner_window(
    mut contexts: EguiContexts,
    series: Res<Series>,
    banner: Res<Banner>,
    review: Res<RoundReview>,
    deals: Res<FinishedDeals>,
    settings: Res<PlayerSettings>,
    speech: Res<Speech>,
    menu: Res<State<MenuScreen>>,
    phase: Res<State<TurnPhase>>,
    mut placer: ResMut<Placer>,
    mut out: MessageWriter<PlayerCommand>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let min_f = placer.min_scale;
    let sp = &*speech;
    let playing = *menu.get() == MenuScreen::Closed;
    let phase = *phase.get();
    let this_round = round_key(&series.current);
    // The banner steps aside while a round review is open: the review's summary says it all.
    if banner.banner_round == Some(this_round)
        && phase == TurnPhase::RoundOver
        && !review.open()
        && playing
        && let Some(end) = &banner.banner
    {
        let lines = banner_in_full(
            sp,
            &end.result,
            &end.entry,
            series.current.scoreboard(),
            end.practice,
        );
        // Over the piles, which mean nothing once the round is over, ending left of the Next
        // round button.
        let placed = placer.place_anyway(
            ctx,
            "banner",
            egui::vec2(360.0, 220.0),
            &[Edge::Right, Edge::Center, Edge::Left],
            min_f,
        );
        let drawn = at_scale(ctx, placed.scale, |ctx| {
            egui::Area::new("banner".into())
                .fixed_pos(egui::pos2(placed.pos.x, placed.pos.y))
                .show(ctx, |ui| {
                    egui::Frame::popup(ui.style()).show(ui, |ui| {
                        // Lines wrap at a width of its own, so it keeps its shape at any
                        // scale and in any place.
                        ui.set_max_width(360.0 * placed.scale);
                        banner_body(
                            ui,
                            sp,
                            &lines,
                            &series,
                            &deals.list,
                            settings.four_color,
                            &mut out,
                        );
                    });
                })
                .response
                .rect
        });
        placer.keep_drawn(drawn);
    }

    Ok(())
}

/// The banner's lines (the first a heading, cards in their colours), the deal's seed, and its
/// Review and (not with a friend) Replay buttons.
fn banner_body(
    ui: &mut egui::Ui,
    sp: &Speech,
    lines: &[String],
    series: &Series,
    deals: &[DealPlayed],
    four_color: bool,
    out: &mut MessageWriter<PlayerCommand>,
) {
    for (i, line) in lines.iter().enumerate() {
        if i == 0 {
            ui.label(egui::RichText::new(line).strong().heading());
        } else {
            ui.label(card_text(ui, line, four_color));
        }
    }
    // The round just entered is the last of the series' history; its
    // seed is told now that nothing of it is hidden.
    let last = series.current.scoreboard().history.len().checked_sub(1);
    let deal = last.and_then(|i| deals.get(i));
    if let Some(d) = deal {
        ui.label(egui::RichText::new(words::deal_line(sp, d)).small());
    }
    ui.horizontal(|ui| {
        if let Some(i) = last
            && ui.button(sp.t("review-button", &[])).clicked()
        {
            out.write(PlayerCommand::Series(SeriesCommand::Review(i)));
        }
        // Not in a series with a friend: a replayed deal would leave it.
        if let Some(d) = deal.filter(|_| series.friend().is_none())
            && ui.button(sp.t("replay-button", &[])).clicked()
        {
            out.write(PlayerCommand::Series(SeriesCommand::Replay {
                dealer: d.dealer,
                seed: d.seed,
            }));
        }
    });
}

/// The series summary once all three games have closed.
pub(crate) fn summary_window(
    mut contexts: EguiContexts,
    series: Res<Series>,
    speech: Res<Speech>,
    menu: Res<State<MenuScreen>>,
    phase: Res<State<TurnPhase>>,
    mut placer: ResMut<Placer>,
    mut out: MessageWriter<PlayerCommand>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let min_f = placer.min_scale;
    let sp = &*speech;
    let playing = *menu.get() == MenuScreen::Closed;
    let phase = *phase.get();
    let sb = series.current.scoreboard().clone();
    if sb.is_over() && phase == TurnPhase::RoundOver && !series.practising() && playing {
        let placed = placer.place_anyway(
            ctx,
            "series-over",
            egui::vec2(420.0, 200.0),
            &[Edge::Center, Edge::Left, Edge::Right],
            min_f,
        );
        let drawn = at_scale(ctx, placed.scale, |ctx| {
            egui::Window::new(sp.t("window-series-over", &[]))
                .id("series-over".into())
                .fixed_pos(egui::pos2(placed.pos.x, placed.pos.y))
                .collapsible(false)
                .resizable(false)
                .show(ctx, |ui| series_summary(ui, sp, &sb, &mut out))
                .map(|r| r.response.rect)
        });
        if let Some(d) = drawn {
            placer.keep_drawn(d);
        }
    }

    Ok(())
}

/// The series summary's contents: the three games, rounds and gins won, and New series.
fn series_summary(
    ui: &mut egui::Ui,
    sp: &Speech,
    sb: &crate::rules::Scoreboard,
    out: &mut MessageWriter<PlayerCommand>,
) {
    let v = ScoreView::of(sp, sb);
    ui.heading(&v.series);
    let (won, gins) = (sb.rounds_won(), sb.gins());
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
        .button(egui::RichText::new(sp.t("button-new-series", &[])).heading())
        .clicked()
    {
        out.write(PlayerCommand::Series(SeriesCommand::NextRound));
    }
}
