//! The words on the table: what to do now, the live deadwood count and the last refusal
//! above the player's hand, and what the computer just did below its hand. (The seats' name
//! plates are `plates`'; the score is the overlay's.)
//!
//! Decisions:
//! - Text sizes follow the window ([`Metrics::ui_scale`]) so they read the same at 1024×640
//!   and at 4K.
//! - The computer's last turn stays written below its hand until it moves again ("The
//!   computer took your 8♦ and threw the K♦."), because whether it took the player's discard
//!   is the most important thing a gin player learns from a turn.
//! - Cards are written with their suit symbols, red suits in red (each text is a row of spans;
//!   [`words::suit_segments`] says which are cards).

use bevy::prelude::*;
use bevy::sprite::Anchor;
use bevy::text::{TextBounds, TextLayoutInfo};
use bevy::window::RequestRedraw;

use super::connection::waiting_words;
use super::look::{self};
use crate::gui::app::screen::Metrics;
use crate::gui::app::settings::PlayerSettings;
use crate::gui::app::speech::Speech;
use crate::gui::table::command::table_changed;
use crate::gui::table::command::{Feedback, Refusal};
use crate::gui::table::friend::{Friend, FriendStatus};
use crate::gui::table::layout::{Fits, RAISE};
use crate::gui::table::phase::{TableSet, TurnPhase};
use crate::gui::table::view::TableView;
use crate::rules::{Match, best_arrangement};
use crate::seats::HUMAN;
use crate::words;

/// The prompt above the player's hand.
#[derive(Component)]
struct StatusText;

/// The computer's last turn, below its hand.
#[derive(Component)]
struct NarrationText;

/// The text a [`Text2d`] shows now, kept to rebuild its spans only when it changes.
#[derive(Component, Default, PartialEq)]
struct Shown {
    text: String,
    /// Whether its cards were coloured for the four-colour deck.
    four_color: bool,
    /// Its size before fitting, and the factor [`fit_texts`] shrank it by to fit its room.
    px: f32,
    shrink: f32,
}

const TEXT: Color = Color::srgb(look::INK[0], look::INK[1], look::INK[2]);

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
            Fits(Rect::default()),
        ));
        if marker == 0 {
            e.insert(StatusText);
        } else {
            e.insert((NarrationText, Anchor::TOP_CENTER));
        }
    }
}

/// The room of the prompt and status lines (table coordinates): the width of the middle of the
/// table, three lines high in the middle of the gap between the piles and the player's hand
/// with a card raised (less where the gap is smaller). Three lines hold the prompt, the
/// deadwood and a feedback sentence wrapped once; a longer text is shrunk to fit
/// (`fit_texts`), and the rest of the gap is left to the overlay's windows.
pub(crate) fn status_box(met: Metrics) -> Rect {
    let s = met.ui_scale();
    let bottom = met.hand_y() + met.card.y * (0.5 + RAISE) + 4.0 * s;
    let top = met.discard().y - met.card.y / 2.0 - 4.0 * s;
    let mid = (bottom + top) / 2.0;
    let half = ((top - bottom) / 2.0).min(STATUS_LINES * LINE_HEIGHT * STATUS_PX * s / 2.0);
    Rect::new(-met.size.x * 0.3, mid - half, met.size.x * 0.3, mid + half)
}

/// The size of the status and narration texts at 100%, in points.
const STATUS_PX: f32 = 20.0;
/// How many lines the status box holds.
const STATUS_LINES: f32 = 3.0;
/// Bevy's line height, as a multiple of the font size.
const LINE_HEIGHT: f32 = 1.2;

/// The room of the computer's last turn: below its hand, above the piles (a pile's top card
/// lifted under the pointer included).
pub(crate) fn narration_box(met: Metrics) -> Rect {
    let s = met.ui_scale();
    let top = met.opponent_y() - met.card.y * 0.62;
    let bottom = met.discard().y + met.card.y * (0.5 + crate::gui::table::layout::HOVER) + 4.0 * s;
    Rect::new(-met.size.x * 0.225, bottom, met.size.x * 0.225, top)
}

/// The prompt and status lines for the player: what to do in this `phase`, the deadwood
/// count, then the feedback on the last command or, once the round is over, its score.
pub(crate) fn status_line(
    sp: &Speech,
    m: &Match,
    knocking: bool,
    feedback: &Feedback,
    phase: TurnPhase,
) -> String {
    let prompt = match phase {
        TurnPhase::Dealing => return sp.t("status-dealing", &[]),
        TurnPhase::UpcardOffer => Some("status-upcard"),
        TurnPhase::Draw => Some("status-draw"),
        TurnPhase::Discard if knocking => Some("status-knock"),
        TurnPhase::Discard => Some("status-discard"),
        TurnPhase::Layoff => Some("status-layoff"),
        TurnPhase::OpponentTurn => Some("status-thinking"),
        TurnPhase::RoundOver => None,
    };
    let mut s = prompt.map(|id| sp.t(id, &[]) + "\n").unwrap_or_default();
    s.push_str(&standing(sp, m, feedback));
    s
}

/// The status line's second half: the player's deadwood, then the refusal of the last command
/// if there was one. (Once the round is over its score is the banner's to tell: twice in other
/// words would be once too many.)
pub(crate) fn standing(sp: &Speech, m: &Match, feedback: &Feedback) -> String {
    let dw = best_arrangement(m.round().hand(HUMAN)).deadwood_points();
    let mut s = sp.t("status-deadwood", &[("deadwood", dw.into())]);
    let said = feedback
        .0
        .as_ref()
        .map(|f| match f {
            Refusal::Rule(e) => words::error(sp, e),
            Refusal::Dealing => sp.t("refused-dealing", &[]),
        })
        .unwrap_or_default();
    if !said.is_empty() {
        s.push_str("   ");
        s.push_str(&said);
    }
    s
}

/// What the computer did last this round, while the round is in play.
pub(crate) fn narration(sp: &Speech, m: &Match, phase: TurnPhase) -> String {
    if matches!(phase, TurnPhase::Dealing | TurnPhase::RoundOver) {
        return String::new();
    }
    words::last_computer_turn(sp, &m.round().seen_moves()).unwrap_or_default()
}

/// `text` as spans, each card in its suit's colour for the deck in use.
fn spans(text: &str, four_color: bool) -> Vec<(String, Color)> {
    words::suit_segments(text)
        .into_iter()
        .map(|(t, suit)| {
            let ink = suit.and_then(|s| look::suit_ink(s, four_color));
            (t.to_string(), ink.map_or(TEXT, look::color))
        })
        .collect()
}

type TextItem = (
    Entity,
    &'static mut Text2d,
    &'static mut Shown,
    &'static mut TextFont,
    &'static mut Transform,
    &'static mut TextBounds,
    &'static mut Fits,
);

/// One text's entity and the components [`show`] sets.
type TextParts<'a> = (
    Entity,
    Mut<'a, Text2d>,
    Mut<'a, Shown>,
    Mut<'a, TextFont>,
    Mut<'a, Transform>,
    Mut<'a, TextBounds>,
    Mut<'a, Fits>,
);

/// How and where a text shows: its size, place and width, and the deck its cards are
/// coloured for.
struct TextStyle {
    px: f32,
    at: Vec2,
    /// The room it must fit in: its width is the wrapping width.
    room: Rect,
    four_color: bool,
}

/// Shows `text` in the entity of `item` at `at`, with spans rebuilt only when it changed.
fn show(commands: &mut Commands, item: TextParts, text: String, style: TextStyle) {
    let TextStyle {
        px,
        at,
        room,
        four_color,
    } = style;
    let (e, mut root, mut shown, mut font, mut tf, mut bounds, mut fits) = item;
    if shown.text != text || shown.four_color != four_color || shown.px != px {
        // The text lives in the spans; the root must still count as changed, or a text that
        // became empty (no spans left) would keep its old layout on screen.
        root.set_changed();
        let mut ec = commands.entity(e);
        ec.despawn_related::<Children>();
        ec.with_children(|p| {
            for (part, color) in spans(&text, four_color) {
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
        // A new text starts at its full size; `fit_texts` shrinks it if it overflows.
        *shown = Shown {
            text,
            four_color,
            px,
            shrink: 1.0,
        };
    }
    let size = FontSize::Px(px * shown.shrink);
    if font.font_size != size {
        font.font_size = size;
    }
    let p = at.extend(50.0);
    if tf.translation != p {
        tf.translation = p;
    }
    if bounds.width != Some(room.width()) {
        bounds.width = Some(room.width());
    }
    fits.set_if_neq(Fits(room));
}

fn update_texts(
    view: TableView,
    friend: Res<Friend>,
    mut commands: Commands,
    mut status: Query<TextItem, (With<StatusText>, Without<NarrationText>)>,
    mut narration_text: Query<TextItem, (With<NarrationText>, Without<StatusText>)>,
) {
    let series = &view.series;
    let hand = &view.hand;
    let feedback = &view.feedback;
    let state = &view.state;
    let screen = &view.screen;
    let settings = &view.settings;
    let speech = &view.speech;
    let met = screen.metrics;
    let s = met.ui_scale();
    let px = STATUS_PX * s;
    let phase = *state.get();
    if let Ok(item) = status.single_mut() {
        let room = status_box(met);
        let mut text = status_line(speech, &series.current, hand.knocking, feedback, phase);
        // Playing a friend: a dropped or ended connection says so before anything else, and
        // a Next round pressed says whom the deal waits for.
        let asked = series.friend().is_some_and(|f| f.asked);
        if let Some(note) = friend
            .0
            .as_ref()
            .filter(|_| series.friend().is_some())
            .and_then(|g| {
                let id = match &g.status {
                    FriendStatus::Lost(_) => "friend-lost",
                    FriendStatus::Left => "friend-left",
                    FriendStatus::Foul(_) => "friend-foul",
                    _ if asked && phase == TurnPhase::RoundOver => "friend-waiting-deal",
                    _ => return None,
                };
                if id == "friend-lost" {
                    return Some(waiting_words(speech, g));
                }
                Some(speech.named(id, g.name.as_deref(), &[]))
            })
        {
            text = note;
        }
        // A hint asked for takes the place of the prompt: both say what to do now.
        if let Some(h) = &hand.hint {
            let rest = text.split_once('\n').map_or(text.as_str(), |t| t.1);
            text = format!("{}\n{rest}", words::hint(speech, h));
        }
        show(
            &mut commands,
            item,
            text,
            TextStyle {
                px,
                at: room.center(),
                room,
                four_color: settings.four_color,
            },
        );
    }
    if let Ok(item) = narration_text.single_mut() {
        let room = narration_box(met);
        show(
            &mut commands,
            item,
            narration(speech, &series.current, phase),
            TextStyle {
                px,
                at: Vec2::new(room.center().x, room.max.y),
                room,
                four_color: settings.four_color,
            },
        );
    }
}

/// Shrinks a table text that came out larger than its room (a long sentence at 150% in a small
/// window), measured from Bevy's own layout of it; a new text starts at full size again.
fn fit_texts(
    mut texts: Query<(&mut Shown, &Fits, &TextLayoutInfo, &mut TextFont, &Children)>,
    mut spans: Query<&mut TextFont, (With<TextSpan>, Without<Shown>)>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    for (mut shown, fits, info, mut font, children) in &mut texts {
        if info.scale_factor <= 0.0 || shown.text.is_empty() {
            continue;
        }
        let size = info.size / info.scale_factor;
        let room = fits.0.size();
        let over = (size.x / room.x).max(size.y / room.y);
        if over <= 1.0 || shown.shrink <= MIN_SHRINK {
            continue;
        }
        shown.shrink = (shown.shrink / over * 0.97).max(MIN_SHRINK);
        let px = FontSize::Px(shown.px * shown.shrink);
        font.font_size = px;
        for &c in children {
            if let Ok(mut f) = spans.get_mut(c) {
                f.font_size = px;
            }
        }
        redraw.write(RequestRedraw);
    }
}

/// The least a table text is shrunk to: below this it would not be read.
const MIN_SHRINK: f32 = 0.6;

/// The table's texts.
pub(crate) struct HudPlugin;

impl Plugin for HudPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(Startup, setup)
            .add_systems(
                PostUpdate,
                fit_texts.after(bevy::sprite::update_text2d_layout),
            )
            .add_systems(
                Update,
                (update_texts.run_if(
                    table_changed
                        .or_eager(resource_changed::<PlayerSettings>)
                        .or_eager(resource_changed::<Speech>)
                        .or_eager(resource_changed::<Friend>),
                ),)
                    .in_set(TableSet::Show),
            );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_status_says_what_to_do_and_keeps_the_deal_secret_while_dealing() {
        let m = Match::new(crate::rules::RuleSettings::default(), 3);
        let sp = Speech::default();
        let none = Feedback::default();
        let dealing = status_line(&sp, &m, false, &none, TurnPhase::Dealing);
        assert_eq!(
            dealing, "Dealing…",
            "no deadwood count before the cards land"
        );
        let dw = best_arrangement(m.round().hand(HUMAN)).deadwood_points();
        let s = status_line(&sp, &m, false, &none, TurnPhase::UpcardOffer);
        assert!(s.starts_with("Take the upcard or pass."));
        assert!(s.ends_with(&format!("Your deadwood: {dw}")), "{s}");
        let said = Feedback(Some(Refusal::Rule(crate::rules::RuleError::StockEmpty)));
        assert!(
            status_line(&sp, &m, false, &said, TurnPhase::Draw).ends_with("The stock is empty.")
        );
        assert!(status_line(&sp, &m, true, &none, TurnPhase::Discard).starts_with("Knock:"));
        // The same facts in Dutch.
        let nl = Speech::new(crate::lang::Lang::Nl);
        let s = status_line(&nl, &m, false, &said, TurnPhase::Draw);
        assert!(
            s.contains(&format!("{dw}")) && !s.contains("deadwood"),
            "{s}"
        );
    }

    #[test]
    fn cards_are_their_own_spans_in_the_colours_of_the_deck() {
        let text = "The computer took your 8♦ and threw the K♣, then the 2♥.";
        let colored = |four: bool| -> Vec<(String, Color)> {
            spans(text, four)
                .into_iter()
                .filter(|(_, c)| *c != TEXT)
                .collect()
        };
        let red = look::color(look::RED_ON_FELT);
        // Two colours: diamonds and hearts red, clubs as the text.
        assert_eq!(
            colored(false),
            vec![("8♦".to_string(), red), ("2♥".to_string(), red)]
        );
        // Four colours: diamonds blue and clubs green, as the cards are drawn.
        assert_eq!(
            colored(true),
            vec![
                ("8♦".to_string(), look::color(look::BLUE_ON_FELT)),
                ("K♣".to_string(), look::color(look::GREEN_ON_FELT)),
                ("2♥".to_string(), red),
            ]
        );
        let all: String = spans(text, true).into_iter().map(|(t, _)| t).collect();
        assert_eq!(all, text);
    }
}
