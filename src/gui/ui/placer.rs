//! Placing the overlay's windows where the table is free, one after another in a frame: each
//! goes to the first free place ([`super::room::find`]) at the largest text scale it fits at,
//! and what is placed is kept clear by what is placed after it. The window systems of the
//! overlay run in a fixed order (see `overlay`), each asking the one [`Placer`].
//!
//! Decision: a window is placed at its largest size since the table last changed, so text
//! that wraps differently at each scale cannot make it swing between two places.

use std::collections::HashMap;

use bevy::prelude::*;
use bevy_egui::egui;

use super::room::{Edge, Keep, PlacedWindow, find};
use crate::gui::app::screen::Metrics;

/// The overlay's windows being placed this frame, one after another (see the module's docs).
#[derive(Resource, Default)]
pub(crate) struct Placer {
    /// egui's zoom: the table's text scale.
    pub zoom: f32,
    /// The player's text size (1 at 100%), of which `zoom` is a part.
    pub text: f32,
    /// What must stay uncovered, in window pixels: the table's items, then each window placed.
    keep: Vec<Rect>,
    /// The same less the table items that yield to a window the player asked for
    /// ([`Keep::yields`]).
    firm: Vec<Rect>,
    /// The window, less a margin, in window pixels.
    pub region: Rect,
    /// The smallest text scale a window is drawn at to make room (see [`min_scale`]).
    pub min_scale: f32,
    /// The text scale each window was last drawn at, and as the last frame ended (a change
    /// asks for a frame).
    scales: HashMap<&'static str, f32>,
    scales_drawn: HashMap<&'static str, f32>,
    /// The largest size at scale 1 each window has had since the table last changed, and what
    /// the table was then.
    naturals: HashMap<&'static str, egui::Vec2>,
    naturals_for: u64,
    /// What the table was when each window was last placed: a size drawn for another table
    /// (another text size, another language) only guides the first frame, and is not kept.
    placed_for: HashMap<&'static str, u64>,
}

impl Placer {
    /// Starts a frame's placing: what must stay clear (window pixels), the room, and a key of
    /// what the windows' sizes depend on (a change lets them be measured afresh).
    pub(crate) fn begin(&mut self, keep: Vec<Keep>, region: Rect, min_scale: f32, table_key: u64) {
        self.firm = keep.iter().filter(|k| !k.yields).map(|k| k.rect).collect();
        self.keep = keep.into_iter().map(|k| k.rect).collect();
        self.region = region;
        self.min_scale = min_scale;
        if self.naturals_for != table_key {
            self.naturals.clear();
            self.naturals_for = table_key;
        }
    }

    /// Ends the frame's placing: a window that moved or changed scale is drawn again at once,
    /// not at the next input.
    pub(crate) fn finish(&mut self, ctx: &egui::Context) {
        if self.scales != self.scales_drawn {
            self.scales_drawn = self.scales.clone();
            ctx.request_repaint();
        }
    }

    /// Area `id`'s rectangle last frame, in egui points.
    fn last(ctx: &egui::Context, id: &str) -> Option<egui::Rect> {
        ctx.memory(|m| m.area_rect(egui::Id::new(id)))
    }

    fn px(&self, r: egui::Rect) -> Rect {
        let z = self.zoom;
        Rect::new(r.min.x * z, r.min.y * z, r.max.x * z, r.max.y * z)
    }

    /// Keeps clear a window as it was just drawn.
    pub(crate) fn keep_drawn(&mut self, r: egui::Rect) {
        self.hold(self.px(r));
    }

    /// Keeps clear a window placed at `r` (window pixels).
    fn hold(&mut self, r: Rect) {
        self.keep.push(r);
        self.firm.push(r);
    }

    /// The first free place on one of `sides` for `size` (window pixels), clear of everything
    /// kept, or with `firm` of the items that do not yield ([`Keep::yields`]), kept clear from
    /// now on; where a window drawn at text `scale` goes there.
    fn put(&mut self, size: Vec2, sides: &[Edge], scale: f32, firm: bool) -> Option<PlacedWindow> {
        let keep = if firm { &self.firm } else { &self.keep };
        let spot = sides
            .iter()
            .find_map(|&side| find(size, self.region, side, keep))?;
        self.hold(spot.rect);
        Some(PlacedWindow {
            pos: spot.rect.min / self.zoom,
            scale,
            bottom: spot.bottom / self.zoom,
        })
    }

    /// Where window `id` goes: its size at scale 1 is last frame's (`guess` before it was
    /// ever drawn), its height `min_h` points when it can grow into the room below; tried on
    /// each of `sides` at scale 1, then smaller down to `min_scale`. `None` if it fits nowhere.
    pub(crate) fn place(
        &mut self,
        ctx: &egui::Context,
        id: &'static str,
        guess: egui::Vec2,
        min_h: Option<f32>,
        sides: &[Edge],
        min_scale: f32,
    ) -> Option<PlacedWindow> {
        let was = self.scales.get(id).copied().unwrap_or(1.0);
        let natural = Placer::last(ctx, id).map_or(guess, |r| r.size() / was);
        // Text does not shrink in proportion (lines wrap and round differently at each
        // scale), so a window placed at the size it had at one scale could come out too big
        // at the next and swing between two places; its largest size since the table last
        // changed holds it still.
        let drawn_for_now =
            self.placed_for.insert(id, self.naturals_for) == Some(self.naturals_for);
        let natural = match self.naturals.get(id) {
            Some(n) => natural.max(*n),
            None => natural,
        };
        if drawn_for_now {
            self.naturals.insert(id, natural);
        }
        // A point or two over what was drawn: a frame's stroke does not scale with its text.
        let natural = Vec2::new(natural.x, min_h.unwrap_or(natural.y)) + Vec2::splat(2.0);
        let mut f: f32 = 1.0;
        loop {
            if let Some(p) = self.put(natural * f * self.zoom, sides, f, false) {
                self.scales.insert(id, f);
                return Some(p);
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
    /// the least scale over the table items that yield to it (the other side's hand, plate
    /// and last turn: [`Keep::yields`]) if that makes room, else top left over
    /// the table, free down to the window's bottom; either way kept clear by the windows placed
    /// after it.
    pub(crate) fn place_anyway(
        &mut self,
        ctx: &egui::Context,
        id: &'static str,
        guess: egui::Vec2,
        sides: &[Edge],
        min_scale: f32,
    ) -> PlacedWindow {
        if let Some(p) = self.place(ctx, id, guess, None, sides, min_scale) {
            return p;
        }
        // The size `place` tried last, at the least scale, now clear of the firm items only.
        let n = self.naturals.get(id).copied().unwrap_or(guess);
        let natural = Vec2::new(n.x, n.y) + Vec2::splat(2.0);
        if let Some(p) = self.put(natural * min_scale * self.zoom, sides, min_scale, true) {
            return p;
        }
        let pos = Vec2::new(8.0, 80.0);
        // Over the table, but kept clear by the windows placed after it (which then give way
        // to their strips rather than lie under it).
        let size = Placer::last(ctx, id).map_or(guess * min_scale, |r| r.size());
        self.keep_drawn(egui::Rect::from_min_size(egui::pos2(pos.x, pos.y), size));
        PlacedWindow {
            pos,
            scale: min_scale,
            bottom: (self.region.max.y + self.region.min.y) / self.zoom,
        }
    }
}

/// The smallest scale a window's text is drawn at to make room: the size of 80% text.
pub(crate) fn min_scale(met: Metrics) -> f32 {
    (0.8 / met.ui).min(1.0)
}
