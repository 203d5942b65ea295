//! The words on the table: what to do now, the live deadwood count and the last refusal
//! above the player's hand, and what the computer just did below its hand. (The score is the
//! overlay's.)
//!
//! Decisions:
//! - Text sizes follow the window ([`Metrics::ui_scale`]) so they read the same at 1024×640
//!   and at 4K.
//! - The computer's last turn stays written below its hand until it moves again ("The
//!   computer took your 8♦ and threw the K♦."), because whether it took the player's discard
//!   is the most important thing a gin player learns from a turn.
//! - Cards are written with their suit symbols, red suits in red (each text is a row of spans;
//!   [`words::red_segments`] says which are red).

use bevy::prelude::*;
use bevy::sprite::Anchor;
use bevy::text::TextBounds;

use super::screen::Screen;
use super::seats::HUMAN;
use super::table::{Feedback, HandView, Series, TableSet, TurnPhase, table_changed};
use super::words;
use crate::rules::{Match, best_arrangement};

/// The prompt above the player's hand.
#[derive(Component)]
struct StatusText;

/// The computer's last turn, below its hand.
#[derive(Component)]
struct NarrationText;

/// The text a [`Text2d`] shows now, kept to rebuild its spans only when it changes.
#[derive(Component, Default, PartialEq)]
struct Shown(String);

const TEXT: Color = Color::WHITE;
/// Red suits on the felt.
const RED_SUIT: Color = Color::srgb(1.0, 0.62, 0.62);

fn setup(mut commands: Commands) {
    for marker in [0, 1] {
        let mut e = commands.spawn((
            Text2d::new(""),
            TextLayout {
                justify: Justify::Center,
                ..default()
            },
            TextFont::default(),
            TextColor(TEXT),
            Transform::from_xyz(0.0, 0.0, 50.0),
            Shown::default(),
        ));
        if marker == 0 {
            e.insert(StatusText);
        } else {
            e.insert((NarrationText, Anchor::TOP_CENTER));
        }
    }
}

/// The prompt and status lines for the player: what to do in this `phase`, the deadwood
/// count, then the feedback on the last command or, once the round is over, its score.
pub fn status_line(m: &Match, knocking: bool, feedback: &str, phase: TurnPhase) -> String {
    let r = m.round();
    let dw = best_arrangement(r.hand(HUMAN)).deadwood_points();
    let prompt = match phase {
        TurnPhase::Dealing => return "Dealing...".into(),
        TurnPhase::UpcardOffer => "Take the upcard or pass.",
        TurnPhase::Draw => "Draw: click or drag the stock or the discard pile.",
        TurnPhase::Discard if knocking => {
            "Knock: click the card to discard (lit cards allow it), or Cancel knock."
        }
        TurnPhase::Discard => "Discard: double-click a card or drag it onto the pile.",
        TurnPhase::Layoff => "The computer knocked. Drag cards onto its melds, then Done.",
        TurnPhase::ComputerTurn => "Computer is thinking...",
        TurnPhase::RoundOver => "",
    };
    let mut s = format!("{prompt}\nYour deadwood: {dw}");
    let said = match r.result() {
        Some(res) if feedback.is_empty() => words::score_line(res),
        _ => feedback.to_string(),
    };
    if !said.is_empty() {
        s.push_str("   ");
        s.push_str(&said);
    }
    s
}

/// What the computer did last this round, while the round is in play.
pub fn narration(m: &Match, phase: TurnPhase) -> String {
    if matches!(phase, TurnPhase::Dealing | TurnPhase::RoundOver) {
        return String::new();
    }
    words::last_computer_turn(&m.round().seen_moves()).unwrap_or_default()
}

/// `text` as spans, the red cards in red.
fn spans(text: &str) -> Vec<(String, Color)> {
    words::red_segments(text)
        .into_iter()
        .map(|(t, red)| (t.to_string(), if red { RED_SUIT } else { TEXT }))
        .collect()
}

type TextItem = (
    Entity,
    &'static mut Text2d,
    &'static mut Shown,
    &'static mut TextFont,
    &'static mut Transform,
    &'static mut TextBounds,
);

/// One text's entity and the components [`show`] sets.
type TextParts<'a> = (
    Entity,
    Mut<'a, Text2d>,
    Mut<'a, Shown>,
    Mut<'a, TextFont>,
    Mut<'a, Transform>,
    Mut<'a, TextBounds>,
);

/// Shows `text` in the entity of `item` at `at`, with spans rebuilt only when it changed.
fn show(commands: &mut Commands, item: TextParts, text: String, px: f32, at: Vec2, width: f32) {
    let (e, mut root, mut shown, mut font, mut tf, mut bounds) = item;
    if shown.0 != text {
        // The text lives in the spans; the root must still count as changed, or a text that
        // became empty (no spans left) would keep its old layout on screen.
        root.set_changed();
        let mut ec = commands.entity(e);
        ec.despawn_related::<Children>();
        ec.with_children(|p| {
            for (part, color) in spans(&text) {
                p.spawn((
                    TextSpan::new(part),
                    TextColor(color),
                    TextFont {
                        font_size: FontSize::Px(px),
                        ..default()
                    },
                ));
            }
        });
        shown.0 = text;
    }
    let size = FontSize::Px(px);
    if font.font_size != size {
        font.font_size = size;
    }
    let p = at.extend(50.0);
    if tf.translation != p {
        tf.translation = p;
    }
    if bounds.width != Some(width) {
        bounds.width = Some(width);
    }
}

#[allow(clippy::too_many_arguments)]
fn update_texts(
    mut commands: Commands,
    series: Res<Series>,
    hand: Res<HandView>,
    feedback: Res<Feedback>,
    state: Res<State<TurnPhase>>,
    screen: Res<Screen>,
    mut status: Query<TextItem, (With<StatusText>, Without<NarrationText>)>,
    mut narration_text: Query<TextItem, (With<NarrationText>, Without<StatusText>)>,
    mut spans_q: Query<&mut TextFont, (With<TextSpan>, Without<Shown>)>,
) {
    let met = screen.metrics;
    let s = met.ui_scale();
    let px = 20.0 * s;
    let phase = *state.get();
    if let Ok(item) = status.single_mut() {
        let at = Vec2::new(0.0, met.hand_y() + met.card.y * 0.93);
        show(
            &mut commands,
            item,
            status_line(&series.current, hand.knocking, &feedback, phase),
            px,
            at,
            met.size.x * 0.6,
        );
    }
    if let Ok(item) = narration_text.single_mut() {
        let at = Vec2::new(0.0, met.opponent_y() - met.card.y * 0.62);
        show(
            &mut commands,
            item,
            narration(&series.current, phase),
            px,
            at,
            met.size.x * 0.45,
        );
    }
    // Spans carry their own size: keep those already shown at the window's.
    for mut font in &mut spans_q {
        if font.font_size != FontSize::Px(px) {
            font.font_size = FontSize::Px(px);
        }
    }
}

/// Status text.
pub struct HudPlugin;

impl Plugin for HudPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(Startup, setup).add_systems(
            Update,
            update_texts.run_if(table_changed).in_set(TableSet::Show),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_status_says_what_to_do_and_keeps_the_deal_secret_while_dealing() {
        let m = Match::new(crate::rules::RuleSettings::default(), 3);
        let dealing = status_line(&m, false, "", TurnPhase::Dealing);
        assert_eq!(
            dealing, "Dealing...",
            "no deadwood count before the cards land"
        );
        let dw = best_arrangement(m.round().hand(HUMAN)).deadwood_points();
        let s = status_line(&m, false, "", TurnPhase::UpcardOffer);
        assert!(s.starts_with("Take the upcard or pass."));
        assert!(s.ends_with(&format!("Your deadwood: {dw}")), "{s}");
        let said = "the stock is empty";
        assert!(status_line(&m, false, said, TurnPhase::Draw).ends_with(said));
        assert!(status_line(&m, true, "", TurnPhase::Discard).starts_with("Knock:"));
    }

    #[test]
    fn red_cards_are_their_own_spans() {
        let s = spans("The computer took your 8♦ and threw the K♠.");
        let red: Vec<&str> = s
            .iter()
            .filter(|(_, c)| *c == RED_SUIT)
            .map(|(t, _)| t.as_str())
            .collect();
        assert_eq!(red, vec!["8♦"]);
        let all: String = s.iter().map(|(t, _)| t.as_str()).collect();
        assert_eq!(all, "The computer took your 8♦ and threw the K♠.");
    }
}
