//! The typeface: DejaVu Sans, compiled in, for Bevy's text and egui alike.
//!
//! Decisions: Bevy's built-in font (a monospace subset) has no suit symbols, and cards are
//! written as players write them (8♦), so the game embeds DejaVu Sans (free licence, see
//! `assets/fonts/CREDITS.md`). It replaces Bevy's default font in place, so every `Text2d`
//! uses it without naming it, and it is egui's first proportional font, so the overlay and the
//! table read as one typeface. No text the player reads is monospace: DejaVu Sans's digits
//! all have the same advance (tabular figures), so the score pad's right-aligned columns line
//! up in the body font itself.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

/// The embedded font file.
pub(crate) static DEJAVU_SANS: &[u8] = include_bytes!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/assets/fonts/DejaVuSans.ttf"
));

/// Puts the font where Bevy's default font was. (Headless runs have no text assets.)
fn replace_default_font(fonts: Option<ResMut<Assets<Font>>>) {
    if let Some(mut fonts) = fonts {
        let _ = fonts.insert(
            Handle::<Font>::default().id(),
            Font::from_bytes(DEJAVU_SANS.to_vec()),
        );
    }
}

/// Gives egui the same font, first in its proportional family (egui's own fonts stay behind it
/// for anything it lacks).
fn egui_fonts(mut contexts: EguiContexts, mut done: Local<bool>) -> Result {
    if *done {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let mut defs = egui::FontDefinitions::default();
    defs.font_data.insert(
        "dejavu-sans".into(),
        egui::FontData::from_static(DEJAVU_SANS).into(),
    );
    if let Some(family) = defs.families.get_mut(&egui::FontFamily::Proportional) {
        family.insert(0, "dejavu-sans".into());
    }
    ctx.set_fonts(defs);
    *done = true;
    Ok(())
}

/// The game's typeface.
pub(crate) struct FontsPlugin;

impl Plugin for FontsPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(Startup, replace_default_font)
            .add_systems(EguiPrimaryContextPass, egui_fonts);
    }
}
