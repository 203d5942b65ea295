//! The overlay's score pad: the three Hollywood games side by side with the round history
//! (each round with its Review and Replay), on the left where it fits. Where neither side has
//! room at any scale, a strip names the window and opens it on a click, over the table, until
//! the next move (the round's moves, `moves`, do the same).
//!
//! Decision: every egui area is exactly the size of what it draws (no layout that expands to
//! the space it is offered), because `pointer` gives egui the mouse wherever an area is; the
//! windows are capped in height so they never reach the player's hand, the piles or the
//! table's buttons.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::placer::Placer;
use super::room::Edge;
use super::theme::{at_scale, table_button};
use crate::gui::app::speech::Speech;
use crate::gui::scene::look;
use crate::gui::table::command::{PlayerCommand, SeriesCommand};
use crate::gui::table::series::{FinishedDeals, Series};
use crate::rules::{DealPlayed, Scoreboard};
use crate::seats::HUMAN;
use crate::words;
use crate::words::score::ScoreView;

/// The overlay windows that give way to a strip where they have no room.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum OverlayWindow {
    /// The score pad.
    Score,
    /// The round's moves.
    Moves,
}

impl OverlayWindow {
    /// The window's egui id (and the placer's name for it).
    pub(super) fn id(self) -> &'static str {
        match self {
            OverlayWindow::Score => "score",
            OverlayWindow::Moves => "moves",
        }
    }

    /// The egui id of its strip.
    fn strip_id(self) -> &'static str {
        match self {
            OverlayWindow::Score => "score-strip",
            OverlayWindow::Moves => "moves-strip",
        }
    }
}

/// What the score and moves windows keep from frame to frame.
#[derive(Resource, Default)]
pub(crate) struct OverlayMemory {
    /// The score window's height with its History folded, and the moves window's with three
    /// moves, at scale 1 (egui points).
    score_min_h: Option<f32>,
    pub(super) moves_min_h: Option<f32>,
    /// A window with no room, opened over the table from its strip, and the position it was
    /// opened in (it folds away at the next move).
    peek: Option<(OverlayWindow, usize)>,
}

impl OverlayMemory {
    /// The strip of window `which` (named `name` in the player's language), for a window with
    /// no room: a click opens the window over the table, in the position `position`, or folds
    /// it again. Whether the window is open.
    pub(crate) fn strip(
        &mut self,
        ctx: &egui::Context,
        placer: &mut Placer,
        which: OverlayWindow,
        name: &str,
        position: usize,
    ) -> bool {
        let open = self.peek.is_some_and(|p| p.0 == which);
        if strip(ctx, placer, which.strip_id(), name, open) {
            self.peek = (!open).then_some((which, position));
        }
        open
    }
}

/// A seat's name in the score pad's rows.
pub(crate) fn seat_name(sp: &Speech, seat: crate::rules::Seat) -> String {
    sp.t("seat-name", &[("who", words::who(seat).into())])
}

fn grid_cell(ui: &mut egui::Ui, text: impl Into<egui::WidgetText>) {
    ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
        ui.label(text);
    });
}

/// The score window's contents; nothing in it goes below `bottom` (egui points). `scale`: the
/// text scale it is drawn at, which the room its History asks for follows, so the window's
/// height at scale 1 is the same whatever scale it was measured at; `compact`: the rules as a
/// tooltip rather than a line.
fn scoreboard(
    ui: &mut egui::Ui,
    sp: &Speech,
    series: &Series,
    deals: &[DealPlayed],
    bottom: f32,
    scale: f32,
    compact: bool,
    out: &mut MessageWriter<PlayerCommand>,
) -> (f32, f32, f32) {
    let sb = series.current.scoreboard();
    let v = ScoreView::of(sp, sb);
    if series.practising() {
        ui.label(egui::RichText::new(sp.t("score-practising", &[])).italics());
    }
    // A grid of its own at each scale: egui sizes a grid's rows from what it measured the
    // frame before, which at another scale would make the window's height lag a frame behind
    // its text.
    score_grid(ui, sp, sb, &v, scale);
    let target = sb.rules.game_target;
    let rules = sp.t(
        "score-rules",
        &[
            ("target", target.into()),
            ("gin", sb.rules.gin_bonus.into()),
            ("undercut", sb.rules.undercut_bonus.into()),
        ],
    );
    // Above 100% text the rules are the series line's tooltip: two lines less, so the pad
    // has room to grow with the text (see `score_width`).
    if compact {
        ui.label(&v.series).on_hover_text(rules);
    } else {
        ui.label(&v.series);
        ui.label(egui::RichText::new(rules).small());
    }
    let n = v.history.len();
    let history = egui::CollapsingHeader::new(sp.t("score-history", &[("rounds", n.into())]))
        .id_salt("history")
        .show(ui, |ui| {
            let margin = ui.spacing().window_margin.bottom as f32 + 2.0;
            let room = (bottom - ui.cursor().top() - margin).clamp(20.0, 220.0);
            let list = history_list(ui, sp, series, deals, &v, room, scale, out);
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

/// The score pad's grid: the three games' points for each player, and each game's status.
fn score_grid(ui: &mut egui::Ui, sp: &Speech, sb: &Scoreboard, v: &ScoreView, scale: f32) {
    let gold = look::egui_color(look::GOLD);
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
}

/// The History's list of rounds, each with its review, its seed and (not with a friend) its
/// deal to replay, in a scrolled area `room` high.
fn history_list(
    ui: &mut egui::Ui,
    sp: &Speech,
    series: &Series,
    deals: &[DealPlayed],
    v: &ScoreView,
    room: f32,
    scale: f32,
    out: &mut MessageWriter<PlayerCommand>,
) -> egui::scroll_area::ScrollAreaOutput<()> {
    egui::ScrollArea::vertical()
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
                        let seed = sp.t("history-seed", &[("seed", d.seed.to_string().into())]);
                        ui.label(egui::RichText::new(seed).small().weak());
                        // Not in a series with a friend: a replay would leave it.
                        if series.friend().is_none() {
                            replay_button(ui, sp, d, out);
                        }
                    });
                }
            }
        })
}

/// How much of an open History the score window asks room for, in points: a round with its
/// seed line (more where the room below allows; the list scrolls). Asking for more would send
/// the window to its strip on a laptop screen the moment the player opens it.
const HISTORY_ROOM: f32 = 48.0;

/// The score window's width, in points at the player's text size: at 100% text.
const SCORE_WIDTH: f32 = 330.0;
/// The least width its grid and lines read well at, in points.
const MIN_SCORE_WIDTH: f32 = 230.0;

/// The score window's width in points for the player's text size `text` (1 at 100%).
///
/// Decision: larger text makes the window taller rather than wider (it widens only with the
/// square root of the text size). The room left of the piles is about as wide as the window at
/// 100% text, so a window 1.5 times as wide at 150% fitted there only shrunk back to 100% (or
/// less: it was the one window that did not grow with the setting). Above 100% the rules line
/// becomes a tooltip too (see `scoreboard`): the room's height, between the opponent's row and
/// the status line, binds as well.
fn score_width(text: f32) -> f32 {
    (SCORE_WIDTH / text.max(1.0).sqrt()).max(MIN_SCORE_WIDTH)
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
        out.write(PlayerCommand::Series(SeriesCommand::Replay {
            dealer: d.dealer,
            seed: d.seed,
        }));
    }
}

/// The score pad, where it fits (or its strip).
pub(crate) fn score_window(
    mut contexts: EguiContexts,
    series: Res<Series>,
    speech: Res<Speech>,
    deals: Res<FinishedDeals>,
    mut room: ResMut<OverlayMemory>,
    mut placer: ResMut<Placer>,
    mut out: MessageWriter<PlayerCommand>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let min_f = placer.min_scale;
    let sp = &*speech;
    let position = series.current.round().history().len();
    if room.peek.is_some_and(|p| p.1 != position) {
        room.peek = None;
    }
    // The score pad on the left and the round's moves on the right, each where it fits; where
    // neither side has room at any scale, a strip names it and opens it on a click (over the
    // table, until the next move).
    let score_h = room.score_min_h;
    let width = score_width(placer.text);
    let score = placer.place(
        ctx,
        OverlayWindow::Score.id(),
        egui::vec2(width, 250.0),
        score_h,
        &[Edge::Left, Edge::Right],
        min_f,
    );
    match score {
        Some(p) => {
            let drawn = at_scale(ctx, p.scale, |ctx| {
                egui::Window::new(sp.t("window-score", &[]))
                    .id(OverlayWindow::Score.id().into())
                    .fixed_pos(egui::pos2(p.pos.x, p.pos.y))
                    .resizable(false)
                    .default_open(true)
                    // A width of its own at each scale: egui keeps a window as wide as it
                    // ever was (the History's header fills it), so a width left to the
                    // contents would not narrow again when the text shrinks, and the place
                    // found for it would be too small.
                    .min_width(width * p.scale)
                    .max_width(width * p.scale)
                    .show(ctx, |ui| {
                        let compact = placer.text > 1.0;
                        scoreboard(
                            ui,
                            sp,
                            &series,
                            &deals.list,
                            p.bottom,
                            p.scale,
                            compact,
                            &mut out,
                        )
                    })
            });
            if let Some(d) = drawn {
                placer.keep_drawn(d.response.rect);
                if let Some((header, history, end)) = d.inner {
                    // Its height with the History folded (or a little of it open), at scale
                    // 1: where it must fit.
                    let r = d.response.rect;
                    let h = header - r.min.y + history + (r.max.y - end);
                    room.score_min_h = Some(h / p.scale);
                }
            }
        }
        None => score_strip(
            ctx,
            sp,
            &mut room,
            &mut placer,
            position,
            width,
            |ui, bottom, scale, compact| {
                scoreboard(
                    ui,
                    sp,
                    &series,
                    &deals.list,
                    bottom,
                    scale,
                    compact,
                    &mut out,
                )
            },
        ),
    }
    Ok(())
}

/// The score pad where it has no room: a strip naming it, which opens it over the table on a
/// click (drawn by `board`, given where it must end, its scale and whether it is compact).
fn score_strip(
    ctx: &egui::Context,
    sp: &Speech,
    room: &mut OverlayMemory,
    placer: &mut Placer,
    position: usize,
    width: f32,
    board: impl FnOnce(&mut egui::Ui, f32, f32, bool) -> (f32, f32, f32),
) {
    let (zoom, met_y) = (placer.zoom, placer.region.max.y + placer.region.min.y);
    let compact = placer.text > 1.0;
    let name = sp.t("window-score", &[]);
    if room.strip(ctx, placer, OverlayWindow::Score, &name, position) {
        let below = placer.region.min.y / zoom;
        egui::Window::new(name)
            .id(OverlayWindow::Score.id().into())
            .fixed_pos(egui::pos2(8.0, below + 40.0))
            .resizable(false)
            .collapsible(false)
            .max_width(width)
            .show(ctx, |ui| board(ui, met_y / zoom, 1.0, compact));
    }
}

/// A strip in place of a window with no room: its name as a button, which opens the window
/// over the table (`open`: it is open now). Returns whether it was clicked.
fn strip(
    ctx: &egui::Context,
    placer: &mut Placer,
    id: &'static str,
    name: &str,
    open: bool,
) -> bool {
    let Some(p) = placer.place(
        ctx,
        id,
        egui::vec2(120.0, 30.0),
        None,
        &[Edge::Left, Edge::Right],
        1.0,
    ) else {
        return false;
    };
    let label = format!("{name} {}", if open { "▾" } else { "▸" });
    egui::Area::new(id.into())
        .fixed_pos(egui::pos2(p.pos.x, p.pos.y))
        .movable(false)
        .show(ctx, |ui| {
            ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Extend);
            ui.add(table_button(&label)).clicked()
        })
        .inner
}
