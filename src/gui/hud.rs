//! The words on the table: what to do now, the live deadwood count and what just happened.
//! (The score is the overlay's.)
//!
//! Text sizes follow the window ([`Metrics::ui_scale`]) so they read the same at 1024×640 and
//! at 4K. Bevy's default font has no suit symbols, so cards are written as "9H", never "9♥".

use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use super::layout::Metrics;
use super::table::{Game, HUMAN, TableSet, TurnPhase, window_size};
use crate::rules::best_arrangement;

#[derive(Component)]
struct StatusText;

type TextItem = (
    &'static mut Text2d,
    &'static mut TextFont,
    &'static mut Transform,
);

fn setup(mut commands: Commands) {
    commands.spawn((
        StatusText,
        Text2d::new(""),
        TextFont::default(),
        TextColor(Color::WHITE),
        Transform::from_xyz(0.0, 0.0, 50.0),
    ));
}

/// The prompt and status lines for the player.
pub fn status_line(game: &Game, phase: TurnPhase) -> String {
    let r = game.m.round();
    let dw = best_arrangement(r.hand(HUMAN)).deadwood_points();
    let prompt = match phase {
        TurnPhase::Dealing => return "Dealing...".into(),
        TurnPhase::UpcardOffer => "Take the upcard or pass.",
        TurnPhase::Draw => "Draw: click or drag the stock or the discard pile.",
        TurnPhase::Discard if game.knocking => {
            "Knock: click the card to discard (lit cards allow it), or Cancel knock."
        }
        TurnPhase::Discard => "Discard: double-click a card or drag it onto the pile.",
        TurnPhase::Layoff => "The computer knocked. Drag cards onto its melds, then Done.",
        TurnPhase::ComputerTurn => "Computer is thinking...",
        TurnPhase::RoundOver => "",
    };
    let mut s = format!("{prompt}\nYour deadwood: {dw}");
    if !game.message.is_empty() {
        s.push_str("   ");
        s.push_str(&game.message);
    }
    s
}

fn update_texts(
    game: Res<Game>,
    state: Res<State<TurnPhase>>,
    windows: Query<&Window, With<PrimaryWindow>>,
    mut status: Query<TextItem, With<StatusText>>,
) {
    let met = Metrics::new(window_size(&windows));
    let s = met.ui_scale();
    let set =
        |item: (Mut<Text2d>, Mut<TextFont>, Mut<Transform>), text: String, px: f32, at: Vec2| {
            let (mut t, mut font, mut tf) = item;
            if t.0 != text {
                t.0 = text;
            }
            if font.font_size != FontSize::Px(px) {
                font.font_size = FontSize::Px(px);
            }
            let p = at.extend(50.0);
            if tf.translation != p {
                tf.translation = p;
            }
        };
    if let Ok(item) = status.single_mut() {
        let at = Vec2::new(0.0, met.hand_y() + met.card.y * 0.93);
        set(item, status_line(&game, *state.get()), 20.0 * s, at);
    }
}

/// Status text.
pub struct HudPlugin;

impl Plugin for HudPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(Startup, setup)
            .add_systems(Update, update_texts.in_set(TableSet::Show));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_status_says_what_to_do_and_keeps_the_deal_secret_while_dealing() {
        let mut game = Game::new(3);
        let dealing = status_line(&game, TurnPhase::Dealing);
        assert_eq!(
            dealing, "Dealing...",
            "no deadwood count before the cards land"
        );
        let dw = best_arrangement(game.m.round().hand(HUMAN)).deadwood_points();
        let s = status_line(&game, TurnPhase::UpcardOffer);
        assert!(s.starts_with("Take the upcard or pass."));
        assert!(s.ends_with(&format!("Your deadwood: {dw}")), "{s}");
        game.message = "the stock is empty".into();
        assert!(status_line(&game, TurnPhase::Draw).ends_with("the stock is empty"));
        game.knocking = true;
        assert!(status_line(&game, TurnPhase::Discard).starts_with("Knock:"));
    }
}
