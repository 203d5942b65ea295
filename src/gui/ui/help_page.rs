//! The menu's How to play page: the rules with the numbers of the series in play, the mouse
//! and the keys, and the licences (the game's, every crate's notices, the font's).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::page::{back, menu_window};
use crate::gui::app::modes::MenuScreen;
use crate::gui::app::speech::Speech;
use crate::gui::table::series::Series;
use crate::lang::Arg;
use crate::rules::RuleSettings;

/// The How to play page's sections, in order: each a heading and a body message. The bodies
/// take the rules' numbers as variables ([`help_args`]), so the page says what the series in
/// play is scored by.
pub(crate) const HELP: [(&str, &str); 8] = [
    ("help-round-title", "help-round"),
    ("help-melds-title", "help-melds"),
    ("help-knock-title", "help-knock"),
    ("help-scoring-title", "help-scoring"),
    ("help-hollywood-title", "help-hollywood"),
    ("help-mouse-title", "help-mouse"),
    ("help-keys-title", "help-keys"),
    ("help-commit-title", "help-commit"),
];

/// The notices of every crate the game is built from, as cargo-about generates them from
/// Cargo.lock (see `.ci/about.toml`; CI fails when they are out of date), and the font's
/// licence: compiled in, so the game carries them wherever it is copied.
pub const NOTICES: &str = include_str!("../../../assets/licenses/THIRD-PARTY-NOTICES.md");
/// The fonts' licences, shown in How to play.
pub const FONT_LICENCE: &str = include_str!("../../../assets/fonts/CREDITS.md");
/// The game's licence, shown in How to play.
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
pub(crate) fn help_args(rules: &RuleSettings) -> Vec<Arg<'static>> {
    vec![
        ("gin", rules.gin_bonus.into()),
        ("undercut", rules.undercut_bonus.into()),
        ("target", rules.game_target.into()),
        ("limit", rules.knock_limit.into()),
    ]
}

/// The How to play page.
pub fn help_page(
    mut contexts: EguiContexts,
    series: Res<Series>,
    speech: Res<Speech>,
    mut next: ResMut<NextState<MenuScreen>>,
) -> Result {
    let sp = &*speech;
    menu_window(contexts.ctx_mut()?, sp.t("menu-help", &[]), |ui| {
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
        back(ui, sp, &mut next);
    });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::Lang;

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
}
