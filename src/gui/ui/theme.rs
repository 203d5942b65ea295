//! egui's look: the score pad, the round's moves, the menu and its pages, banners and notices
//! in the table's palette ([`look`]) instead of egui's debugger-grey default.
//!
//! Decisions:
//! - Panels are the deep green of [`look::PANEL`], opaque: cards seen through a menu read as
//!   clutter. Inside them, controls are a raised green with ivory text
//!   and a gold edge under the pointer: egui draws a control's text, a window's collapse arrow
//!   and strong text all in the control's one text colour, so controls inside a panel must be
//!   light-on-dark for the arrows and headings to show.
//! - The overlay's strips ("Score ▸") that sit on the felt are drawn by [`table_button`] in
//!   the on-table buttons' own style (ivory, dark text, rounded). Menu and Hint are on-table
//!   buttons themselves (`input::buttons`).
//! - Secondary ("weak") text is [`look::INK_SOFT`], which keeps 4.5:1 on the panels where
//!   egui's default faded text did not. Set once, at the first egui pass.

use bevy::prelude::*;
use bevy_egui::egui::{self, CornerRadius, FontFamily, FontId, Stroke, TextStyle};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use crate::gui::scene::look::{self, BUTTON, BUTTON_TEXT, GOLD, INK, INK_SOFT, PANEL, egui_color};
use crate::words;

/// A control inside a panel: raised from the panel's green; lighter under the pointer; dark
/// gold while pressed. All carry [`INK`] text.
const CONTROL: look::Rgb = [0.160, 0.330, 0.220];
const CONTROL_HOVER: look::Rgb = [0.210, 0.420, 0.280];
const CONTROL_PRESSED: look::Rgb = [0.440, 0.360, 0.140];

/// An egui button that sits on the felt (the overlay's strips), in the style of the table's
/// own buttons.
pub(crate) fn table_button(text: &str) -> egui::Button<'static> {
    egui::Button::new(
        egui::RichText::new(text.to_string())
            .color(egui_color(BUTTON_TEXT))
            .size(15.0),
    )
    .fill(egui_color(BUTTON))
    .corner_radius(CornerRadius::same(8))
}

/// The table's style for egui, from egui's dark style.
pub fn style() -> egui::Style {
    let mut style = egui::Style {
        visuals: egui::Visuals::dark(),
        ..Default::default()
    };
    let v = &mut style.visuals;
    let panel = egui_color(PANEL);
    let ink = egui_color(INK);
    let round = CornerRadius::same(8);
    v.override_text_color = None;
    v.weak_text_color = Some(egui_color(INK_SOFT));
    v.window_fill = panel;
    v.panel_fill = v.window_fill;
    v.window_stroke = Stroke::new(1.0, egui_color(look::shade(GOLD, 0.55)));
    v.window_corner_radius = CornerRadius::same(10);
    v.menu_corner_radius = round;
    v.faint_bg_color = egui_color(look::shade(PANEL, 1.6));
    v.extreme_bg_color = egui_color(look::shade(PANEL, 0.6));
    v.hyperlink_color = egui_color(GOLD);
    v.selection.bg_fill = egui_color(look::shade(GOLD, 0.55));
    v.selection.stroke = Stroke::new(1.0, egui_color(GOLD));
    v.widgets.noninteractive.fg_stroke = Stroke::new(1.0, ink);
    v.widgets.noninteractive.bg_stroke = Stroke::new(1.0, egui_color(look::shade(PANEL, 2.2)));
    v.widgets.noninteractive.corner_radius = round;
    for (w, face) in [
        (&mut v.widgets.inactive, CONTROL),
        (&mut v.widgets.hovered, CONTROL_HOVER),
        (&mut v.widgets.active, CONTROL_PRESSED),
        (&mut v.widgets.open, CONTROL_HOVER),
    ] {
        w.bg_fill = egui_color(face);
        w.weak_bg_fill = egui_color(face);
        w.fg_stroke = Stroke::new(1.5, ink);
        w.bg_stroke = Stroke::NONE;
        w.corner_radius = round;
        w.expansion = 0.0;
    }
    v.widgets.hovered.bg_stroke = Stroke::new(1.0, egui_color(GOLD));
    v.widgets.active.bg_stroke = Stroke::new(1.0, egui_color(GOLD));
    v.collapsing_header_frame = false;
    style.spacing.item_spacing = egui::vec2(8.0, 6.0);
    style.spacing.button_padding = egui::vec2(12.0, 5.0);
    style.spacing.window_margin = egui::Margin::same(12);
    style.text_styles = [
        (
            TextStyle::Small,
            FontId::new(12.0, FontFamily::Proportional),
        ),
        (TextStyle::Body, FontId::new(15.0, FontFamily::Proportional)),
        (
            TextStyle::Button,
            FontId::new(16.0, FontFamily::Proportional),
        ),
        (
            TextStyle::Heading,
            FontId::new(22.0, FontFamily::Proportional),
        ),
        (
            TextStyle::Monospace,
            FontId::new(14.0, FontFamily::Monospace),
        ),
    ]
    .into();
    style
}

fn apply_theme(mut contexts: EguiContexts, mut done: Local<bool>) -> Result {
    if *done {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    ctx.set_global_style(style());
    *done = true;
    Ok(())
}

/// `text` with the cards in it (8♦, A♥) in their suits' colours for the deck in use.
pub(crate) fn card_text(ui: &egui::Ui, text: &str, four_color: bool) -> egui::text::LayoutJob {
    let style = ui.style();
    let font = egui::TextStyle::Body.resolve(style);
    let normal = ui.visuals().text_color();
    let mut job = egui::text::LayoutJob::default();
    for (part, suit) in words::suit_segments(text) {
        let color = suit
            .and_then(|s| look::suit_ink(s, four_color))
            .map_or(normal, look::egui_color);
        job.append(part, 0.0, egui::TextFormat::simple(font.clone(), color));
    }
    job
}

/// Draws with egui's text and spacing `f` times their size (a window given less room).
pub(crate) fn at_scale<R>(
    ctx: &egui::Context,
    f: f32,
    draw: impl FnOnce(&egui::Context) -> R,
) -> R {
    if (f - 1.0).abs() < 1e-3 {
        return draw(ctx);
    }
    let before = ctx.global_style();
    let mut s = (*before).clone();
    for font in s.text_styles.values_mut() {
        font.size *= f;
    }
    let sp = &mut s.spacing;
    sp.item_spacing *= f;
    sp.button_padding *= f;
    sp.interact_size *= f;
    sp.indent *= f;
    sp.icon_width *= f;
    sp.icon_width_inner *= f;
    sp.icon_spacing *= f;
    let m = |v: i8| (v as f32 * f).round() as i8;
    let w = sp.window_margin;
    sp.window_margin = egui::Margin {
        left: m(w.left),
        right: m(w.right),
        top: m(w.top),
        bottom: m(w.bottom),
    };
    ctx.set_global_style(s);
    let out = draw(ctx);
    ctx.set_global_style(before);
    out
}

/// egui in the table's colours.
pub(crate) struct ThemePlugin;

impl Plugin for ThemePlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(EguiPrimaryContextPass, apply_theme);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rgb(c: egui::Color32) -> look::Rgb {
        [
            c.r() as f32 / 255.0,
            c.g() as f32 / 255.0,
            c.b() as f32 / 255.0,
        ]
    }

    #[test]
    fn every_text_colour_of_the_theme_reads_on_its_background() {
        let s = style();
        let v = &s.visuals;
        // Panel text, weak text and links on the (nearly opaque) panel.
        let panel = rgb(v.window_fill);
        for (what, c) in [
            ("text", v.widgets.noninteractive.fg_stroke.color),
            ("weak text", v.weak_text_color.unwrap()),
            ("links", v.hyperlink_color),
        ] {
            let r = look::contrast(rgb(c), panel);
            assert!(r >= 4.5, "{what} on the panel: {r:.2}");
        }
        // Control text on every state of a control, and strong text on the panel (egui draws
        // it in the pressed control's text colour).
        for w in [&v.widgets.inactive, &v.widgets.hovered, &v.widgets.active] {
            let r = look::contrast(rgb(w.fg_stroke.color), rgb(w.bg_fill));
            assert!(r >= 4.5, "control text: {r:.2}");
        }
        let r = look::contrast(rgb(v.strong_text_color()), panel);
        assert!(r >= 4.5, "strong text on the panel: {r:.2}");
        // The collapse arrows (a control's text colour with no fill) show on the panel.
        let r = look::contrast(rgb(v.widgets.inactive.fg_stroke.color), panel);
        assert!(r >= 4.5, "arrows on the panel: {r:.2}");
        // Nothing left monospace but code.
        assert_eq!(
            s.text_styles[&TextStyle::Body].family,
            FontFamily::Proportional
        );
    }
}
