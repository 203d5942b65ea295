//! The egui overlay on the table: the three Hollywood games side by side with the round
//! history, the round's moves, the banner after each round, the series summary, the hint, the
//! deal seed, and notices about the player's files.
//!
//! Decisions:
//! - Everything the overlay says comes from [`crate::words::score`] (pure, unit-tested) or the
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

use std::collections::HashMap;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPlugin, EguiPreUpdateSet, EguiPrimaryContextPass, egui};

use super::review::RoundReview;
use super::room::{Placed, Placements, Side, find, table_items};
use super::theme::{at_scale, card_text, table_button};
use crate::gui::app::modes::MenuScreen;
use crate::gui::app::screen::Screen;
use crate::gui::app::settings::PlayerSettings;
use crate::gui::app::speech::Speech;
use crate::gui::input::buttons::TableButton;
use crate::gui::scene::look;
use crate::gui::table::command::{HandView, PlayerCommand, SeriesCommand};
use crate::gui::table::persist::Notices;
use crate::gui::table::phase::{TurnPhase, round_key};
use crate::gui::table::series::{FinishedDeals, RoundEnd, Series};
use crate::rules::{DealPlayed, commit};
use crate::seats::HUMAN;
use crate::words;
use crate::words::score::{ScoreView, banner, worked_out};

/// What the overlay is showing.
#[derive(Resource, Default)]
pub struct Overlay {
    /// The last round's end (worded when drawn, so a change of language shows at once), and
    /// the round it belongs to.
    banner: Option<RoundEnd>,
    banner_round: Option<(u64, u64)>,
    zoom: f32,
    /// The text scale each window was drawn at, and as last drawn (a change asks for a frame).
    scales: HashMap<&'static str, f32>,
    scales_drawn: HashMap<&'static str, f32>,
    /// Each window's largest size at scale 1 seen since the table last changed (see
    /// `Placer::place`), and what the table was then.
    naturals: HashMap<&'static str, egui::Vec2>,
    naturals_for: u64,
    /// The score window's height with its History folded, and the moves window's with three
    /// moves, at scale 1 (egui points).
    score_min_h: Option<f32>,
    moves_min_h: Option<f32>,
    /// A window with no room, opened over the table from its strip, and the position it was
    /// opened in (it folds away at the next move).
    peek: Option<(&'static str, usize)>,
}

/// The round's moves so far, one line a turn, newest last.
/// Returns where its list starts (egui points), for the window's least height.
fn moves_log(
    ui: &mut egui::Ui,
    sp: &Speech,
    series: &Series,
    (bottom, scale): (f32, f32),
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

/// Keeps the banner for the round that just ended.
fn take_banners(
    mut ends: MessageReader<RoundEnd>,
    series: Res<Series>,
    mut overlay: ResMut<Overlay>,
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

/// The score window's contents; nothing in it goes below `bottom` (egui points). `scale`: the
/// text scale it is drawn at, which the room its History asks for follows, so the window's
/// height at scale 1 is the same whatever scale it was measured at.
fn scoreboard(
    ui: &mut egui::Ui,
    sp: &Speech,
    series: &Series,
    deals: &[DealPlayed],
    (bottom, scale): (f32, f32),
    out: &mut MessageWriter<PlayerCommand>,
) -> (f32, f32, f32) {
    let sb = series.current.scoreboard();
    let v = ScoreView::of(sp, sb);
    if series.practising() {
        ui.label(egui::RichText::new(sp.t("score-practising", &[])).italics());
    }
    let gold = look::egui_color(look::GOLD);
    // A grid of its own at each scale: egui sizes a grid's rows from what it measured the
    // frame before, which at another scale would make the window's height lag a frame behind
    // its text.
    egui::Grid::new(("score", scale.to_bits()))
        .striped(true)
        .min_col_width(52.0 * scale)
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
    let history = egui::CollapsingHeader::new(sp.t("score-history", &[("rounds", n.into())]))
        .id_salt("history")
        .show(ui, |ui| {
            let margin = ui.spacing().window_margin.bottom as f32 + 2.0;
            let room = (bottom - ui.cursor().top() - margin).clamp(20.0, 220.0);
            let list = egui::ScrollArea::vertical()
                .max_height(room)
                .min_scrolled_height(room.min(64.0 * scale))
                .stick_to_bottom(true)
                .show(ui, |ui| {
                    if v.history.is_empty() {
                        ui.label(sp.t("score-no-rounds", &[]));
                    }
                    for (i, line) in v.history.iter().enumerate() {
                        ui.horizontal_wrapped(|ui| {
                            if ui
                                .small_button(sp.t("review-history-button", &[]))
                                .clicked()
                            {
                                out.write(PlayerCommand::Series(SeriesCommand::Review(i)));
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
            // The list's height for the room it asks: about a round, scrolled beyond.
            list.content_size.y.min(HISTORY_ROOM * scale) + ui.spacing().item_spacing.y
        });
    // Where the window's contents end with the History folded, the room the open History
    // asks below that, and where they end as drawn.
    (
        history.header_response.rect.max.y,
        history.body_returned.unwrap_or(0.0),
        ui.min_rect().max.y,
    )
}

/// How much of an open History the score window asks room for, in points: a round with its
/// seed line (more where the room below allows; the list scrolls). Asking for more would send
/// the window to its strip on a laptop screen the moment the player opens it.
const HISTORY_ROOM: f32 = 48.0;

/// The score window's width, in points at the player's text size.
const SCORE_WIDTH: f32 = 330.0;

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
        out.write(PlayerCommand::Series(SeriesCommand::Replay {
            dealer: d.dealer,
            seed: d.seed,
        }));
    }
}

/// Places the overlay's windows where the table is free (see [`room`]): each goes to the
/// first free place at the largest text scale it fits at, and what is placed is kept clear by
/// what is placed after it.
struct Placer<'a> {
    ctx: &'a egui::Context,
    zoom: f32,
    /// What must stay uncovered, in window pixels.
    keep: Vec<Rect>,
    /// The window, less a margin, in window pixels.
    region: Rect,
    /// The text scale each window was last drawn at.
    scales: &'a mut HashMap<&'static str, f32>,
    /// The largest size at scale 1 each window has had since the table last changed.
    naturals: &'a mut HashMap<&'static str, egui::Vec2>,
}

impl Placer<'_> {
    /// Area `id`'s rectangle last frame, in egui points.
    fn last(&self, id: &str) -> Option<egui::Rect> {
        self.ctx.memory(|m| m.area_rect(egui::Id::new(id)))
    }

    fn px(&self, r: egui::Rect) -> Rect {
        let z = self.zoom;
        Rect::new(r.min.x * z, r.min.y * z, r.max.x * z, r.max.y * z)
    }

    /// Keeps clear a window as it was just drawn.
    fn keep_drawn(&mut self, r: egui::Rect) {
        self.keep.push(self.px(r));
    }

    /// Where window `id` goes: its size at scale 1 is last frame's (`guess` before it was
    /// ever drawn), its height `min_h` points when it can grow into the room below; tried on
    /// each of `sides` at scale 1, then smaller down to `min_scale`. `None` if it fits nowhere.
    fn place(
        &mut self,
        id: &'static str,
        guess: egui::Vec2,
        min_h: Option<f32>,
        sides: &[Side],
        min_scale: f32,
    ) -> Option<Placed> {
        let was = self.scales.get(id).copied().unwrap_or(1.0);
        let natural = self.last(id).map_or(guess, |r| r.size() / was);
        // Text does not shrink in proportion (lines wrap and round differently at each
        // scale), so a window placed at the size it had at one scale could come out too big
        // at the next and swing between two places; its largest size since the table last
        // changed holds it still.
        let natural = match self.naturals.get(id) {
            Some(n) => natural.max(*n),
            None => natural,
        };
        self.naturals.insert(id, natural);
        // A point or two over what was drawn: a frame's stroke does not scale with its text.
        let natural = Vec2::new(natural.x, min_h.unwrap_or(natural.y)) + Vec2::splat(2.0);
        let mut f: f32 = 1.0;
        loop {
            for &side in sides {
                if let Some(spot) = find(natural * f * self.zoom, self.region, side, &self.keep) {
                    self.scales.insert(id, f);
                    self.keep.push(spot.rect);
                    return Some(Placed {
                        pos: spot.rect.min / self.zoom,
                        scale: f,
                        bottom: spot.bottom / self.zoom,
                    });
                }
            }
            if f <= min_scale + 1e-3 {
                // Where it fits nowhere, its caller draws it at the least scale.
                self.scales.insert(id, min_scale);
                return None;
            }
            f = (f - 0.05).max(min_scale);
        }
    }

    /// [`Placer::place`] for a window that must show even where it fits nowhere (the review,
    /// the banner, the series summary: what the player asked for or must read now): then at
    /// the least scale, top left, over the table, free down to the window's bottom.
    fn place_anyway(
        &mut self,
        id: &'static str,
        guess: egui::Vec2,
        sides: &[Side],
        min_scale: f32,
    ) -> Placed {
        self.place(id, guess, None, sides, min_scale)
            .unwrap_or(Placed {
                pos: Vec2::new(8.0, 80.0),
                scale: min_scale,
                bottom: (self.region.max.y + self.region.min.y) / self.zoom,
            })
    }
}

/// The smallest scale a window's text is drawn at to make room: the size of 80% text.
fn min_scale(met: crate::gui::app::screen::Metrics) -> f32 {
    (0.8 / met.ui).min(1.0)
}

#[allow(clippy::too_many_arguments)]
fn overlay_ui(
    mut contexts: EguiContexts,
    series: Res<Series>,
    hand: Res<HandView>,
    mut overlay: ResMut<Overlay>,
    (settings, speech, review, deals): (
        Res<PlayerSettings>,
        Res<Speech>,
        Res<RoundReview>,
        Res<FinishedDeals>,
    ),
    mut notices: ResMut<Notices>,
    menu: Res<State<MenuScreen>>,
    phase: Res<State<TurnPhase>>,
    screen: Res<Screen>,
    table_buttons: Query<&TableButton>,
    mut placements: ResMut<Placements>,
    mut out: MessageWriter<PlayerCommand>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let ctx = &ctx;
    let sp = &*speech;
    let playing = *menu.get() == MenuScreen::Closed;
    let met = screen.metrics;
    let zoom = met.ui_scale();
    if (overlay.zoom - zoom).abs() > 0.01 {
        ctx.set_zoom_factor(zoom);
        overlay.zoom = zoom;
    }
    let phase = *phase.get();
    let r = series.current.round();
    let position = r.history().len();
    if overlay.peek.is_some_and(|p| p.1 != position) {
        overlay.peek = None;
    }
    let items = table_items(
        &series.current,
        &hand,
        phase,
        series.level,
        met,
        sp,
        table_buttons.iter().map(|b| &b.0),
    );
    let margin = 6.0 * zoom;
    // What the windows' sizes depend on: a change lets them be measured afresh.
    let table_key = {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        (met.size.x as u32, met.size.y as u32, zoom.to_bits()).hash(&mut h);
        (
            settings.language,
            position,
            phase,
            round_key(&series.current),
        )
            .hash(&mut h);
        (review.open(), review.ready().is_some()).hash(&mut h);
        h.finish()
    };
    if overlay.naturals_for != table_key {
        overlay.naturals.clear();
        overlay.naturals_for = table_key;
    }
    let mut naturals = std::mem::take(&mut overlay.naturals);
    let mut scales = std::mem::take(&mut overlay.scales);
    let mut placer = Placer {
        ctx,
        zoom,
        keep: items.into_iter().map(|k| k.rect).collect(),
        region: Rect::from_corners(Vec2::splat(margin), met.size - margin),
        scales: &mut scales,
        naturals: &mut naturals,
    };
    let min_f = min_scale(met);

    // The round review, asked for by the player, before anything else; drawn by `review`.
    placements.review = if review.open() {
        // Asked for by the player, it opens even where there is no room.
        Some(placer.place_anyway(
            "review",
            egui::vec2(super::review::WIDTH, 200.0),
            &[Side::Left, Side::Center, Side::Right],
            min_f,
        ))
    } else {
        None
    };

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
        // Top left, above the computer's name plate, in at most 180 points; smaller where
        // the plate leaves less room.
        let placed = placer
            .place(
                "seed",
                egui::vec2(180.0, 44.0),
                None,
                &[Side::Left, Side::Right],
                min_f * 0.8,
            )
            .unwrap_or(Placed {
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

    // The banner, from the end of a round until the next one is dealt.
    let this_round = round_key(&series.current);
    // The banner steps aside while a round review is open: the review's summary says it all.
    if overlay.banner_round == Some(this_round)
        && phase == TurnPhase::RoundOver
        && !review.open()
        && playing
        && let Some(end) = &overlay.banner
    {
        let lines = banner_lines(sp, end, series.current.scoreboard());
        // Over the piles, which mean nothing once the round is over, ending left of the Next
        // round button.
        let placed = placer.place_anyway(
            "banner",
            egui::vec2(360.0, 220.0),
            &[Side::Right, Side::Center, Side::Left],
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
                        for (i, line) in lines.iter().enumerate() {
                            if i == 0 {
                                ui.label(egui::RichText::new(line).strong().heading());
                            } else {
                                ui.label(card_text(ui, line, settings.four_color));
                            }
                        }
                        // The round just entered is the last of the series' history; its
                        // seed is told now that nothing of it is hidden.
                        let last = series.current.scoreboard().history.len().checked_sub(1);
                        let deal = last.and_then(|i| deals.list.get(i));
                        if let Some(d) = deal {
                            ui.label(egui::RichText::new(words::deal_line(sp, d)).small());
                        }
                        ui.horizontal(|ui| {
                            if let Some(i) = last
                                && ui.button(sp.t("review-button", &[])).clicked()
                            {
                                out.write(PlayerCommand::Series(SeriesCommand::Review(i)));
                            }
                            if let Some(d) = deal
                                && ui.button(sp.t("replay-button", &[])).clicked()
                            {
                                out.write(PlayerCommand::Series(SeriesCommand::Replay {
                                    dealer: d.dealer,
                                    seed: d.seed,
                                }));
                            }
                        });
                    });
                })
                .response
                .rect
        });
        placer.keep_drawn(drawn);
    }

    // The series summary once all three games have closed.
    let sb = series.current.scoreboard().clone();
    if sb.is_over() && phase == TurnPhase::RoundOver && !series.practising() && playing {
        let placed = placer.place_anyway(
            "series-over",
            egui::vec2(420.0, 200.0),
            &[Side::Center, Side::Left, Side::Right],
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

    // The score pad on the left and the round's moves on the right, each where it fits; where
    // neither side has room at any scale, a strip names it and opens it on a click (over the
    // table, until the next move).
    let score_h = overlay.score_min_h;
    let peek = overlay.peek.map(|p| p.0);
    let score = placer.place(
        "score",
        egui::vec2(SCORE_WIDTH, 250.0),
        score_h,
        &[Side::Left, Side::Right],
        min_f,
    );
    match score {
        Some(p) => {
            let drawn = at_scale(ctx, p.scale, |ctx| {
                egui::Window::new(sp.t("window-score", &[]))
                    .id("score".into())
                    .fixed_pos(egui::pos2(p.pos.x, p.pos.y))
                    .resizable(false)
                    .default_open(true)
                    // A width of its own at each scale: egui keeps a window as wide as it
                    // ever was (the History's header fills it), so a width left to the
                    // contents would not narrow again when the text shrinks, and the place
                    // found for it would be too small.
                    .min_width(SCORE_WIDTH * p.scale)
                    .max_width(SCORE_WIDTH * p.scale)
                    .show(ctx, |ui| {
                        scoreboard(ui, sp, &series, &deals.list, (p.bottom, p.scale), &mut out)
                    })
            });
            if let Some(d) = drawn {
                placer.keep_drawn(d.response.rect);
                if let Some((header, history, end)) = d.inner {
                    // Its height with the History folded (or a little of it open), at scale
                    // 1: where it must fit.
                    let r = d.response.rect;
                    let h = header - r.min.y + history + (r.max.y - end);
                    overlay.score_min_h = Some(h / p.scale);
                }
            }
        }
        None => {
            let open = peek == Some("score");
            if strip(&mut placer, "score-strip", &sp.t("window-score", &[]), open) {
                overlay.peek = (!open).then_some(("score", position));
            }
            if open {
                let below = placer.region.min.y / zoom;
                egui::Window::new(sp.t("window-score", &[]))
                    .id("score".into())
                    .fixed_pos(egui::pos2(8.0, below + 40.0))
                    .resizable(false)
                    .collapsible(false)
                    .max_width(SCORE_WIDTH)
                    .show(ctx, |ui| {
                        scoreboard(
                            ui,
                            sp,
                            &series,
                            &deals.list,
                            (met.size.y / zoom, 1.0),
                            &mut out,
                        )
                    });
            }
        }
    }
    let moves_h = overlay.moves_min_h.unwrap_or(140.0);
    let moves = placer.place(
        "moves",
        egui::vec2(230.0, moves_h),
        Some(moves_h),
        &[Side::Right, Side::Left],
        min_f,
    );
    match moves {
        Some(p) => {
            let drawn = at_scale(ctx, p.scale, |ctx| {
                egui::Window::new(sp.t("window-moves", &[]))
                    .id("moves".into())
                    .fixed_pos(egui::pos2(p.pos.x, p.pos.y))
                    .resizable(false)
                    .default_open(true)
                    .min_width(230.0 * p.scale)
                    .max_width(230.0 * p.scale)
                    .show(ctx, |ui| {
                        moves_log(ui, sp, &series, (p.bottom, p.scale), settings.four_color)
                    })
            });
            if let Some(d) = drawn {
                placer.keep_drawn(d.response.rect);
                if let Some(top) = d.inner {
                    // Its title and margins and three lines of moves, at scale 1.
                    let r = d.response.rect;
                    let line = egui::TextStyle::Body.resolve(&ctx.global_style()).size * 1.3;
                    let h = top - r.min.y + 3.0 * line * p.scale + 16.0 * p.scale;
                    overlay.moves_min_h = Some(h / p.scale);
                }
            }
        }
        None => {
            let open = peek == Some("moves");
            if strip(&mut placer, "moves-strip", &sp.t("window-moves", &[]), open) {
                overlay.peek = (!open).then_some(("moves", position));
            }
            if open {
                egui::Window::new(sp.t("window-moves", &[]))
                    .id("moves".into())
                    .anchor(egui::Align2::RIGHT_TOP, [-8.0, 60.0])
                    .resizable(false)
                    .collapsible(false)
                    .max_width(230.0)
                    .show(ctx, |ui| {
                        moves_log(
                            ui,
                            sp,
                            &series,
                            (met.size.y / zoom, 1.0),
                            settings.four_color,
                        )
                    });
            }
        }
    }

    if !notices.is_empty() {
        let placed = placer.place(
            "notice",
            egui::vec2(540.0, 120.0),
            None,
            &[Side::Center, Side::Left, Side::Right],
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
    // A window that moved or changed scale is drawn again at once, not at the next input.
    if *placer.scales != overlay.scales_drawn {
        overlay.scales_drawn = placer.scales.clone();
        ctx.request_repaint();
    }
    overlay.scales = scales;
    overlay.naturals = naturals;
    Ok(())
}

/// A strip in place of a window with no room: its name as a button, which opens the window
/// over the table (`open`: it is open now). Returns whether it was clicked.
fn strip(placer: &mut Placer, id: &'static str, name: &str, open: bool) -> bool {
    let Some(p) = placer.place(
        id,
        egui::vec2(120.0, 30.0),
        None,
        &[Side::Left, Side::Right],
        1.0,
    ) else {
        return false;
    };
    let label = format!("{name} {}", if open { "▾" } else { "▸" });
    egui::Area::new(id.into())
        .fixed_pos(egui::pos2(p.pos.x, p.pos.y))
        .movable(false)
        .show(placer.ctx, |ui| {
            ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Extend);
            ui.add(table_button(&label)).clicked()
        })
        .inner
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
        .button(egui::RichText::new(sp.t("button-new-series", &[])).heading())
        .clicked()
    {
        out.write(PlayerCommand::Series(SeriesCommand::NextRound));
    }
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
            .init_resource::<Placements>()
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
