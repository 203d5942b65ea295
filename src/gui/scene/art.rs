//! Card art: the 52 faces (two- and four-colour decks) and the back, compiled into the binary.
//!
//! Embedding costs about 3.5 MB of binary but means the game never fails to find its cards,
//! whatever the working directory or however the release was unpacked. The images are decoded
//! once at start-up into Bevy `Image` assets; the order of the arrays is the core's card index
//! (clubs A-K, diamonds, hearts, spades), so `faces[card.index()]` is that card's image.

use bevy::asset::RenderAssetUsages;
use bevy::prelude::*;

use crate::gui::app::icon::png;
use crate::rules::Card;

/// The embedded PNG of each card in `deck` (a folder of `assets/cards`), by the file names
/// of the game's card text form, in the core's card order.
macro_rules! deck {
    ($deck:literal: $($card:literal),* $(,)?) => {
        [$(include_bytes!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/assets/cards/",
            $deck,
            "/",
            $card,
            ".png"
        ))),*]
    };
}

static TWO_COLOR: [&[u8]; 52] = deck!("2color":
        "AC", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "TC", "JC", "QC", "KC",
        "AD", "2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "TD", "JD", "QD", "KD",
        "AH", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "TH", "JH", "QH", "KH",
        "AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS", "JS", "QS", "KS",
);
static FOUR_COLOR: [&[u8]; 52] = deck!("4color":
        "AC", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "TC", "JC", "QC", "KC",
        "AD", "2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "TD", "JD", "QD", "KD",
        "AH", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "TH", "JH", "QH", "KH",
        "AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS", "JS", "QS", "KS",
);
static BACK: &[u8] = include_bytes!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/assets/cards/back.png"
));

/// Handles to the decoded card images.
#[derive(Resource, Clone)]
pub struct CardArt {
    /// Each card's face in two colours, by card index.
    pub two_color: Vec<Handle<Image>>,
    /// Each card's face in four colours, by card index.
    pub four_color: Vec<Handle<Image>>,
    /// The back of every card.
    pub back: Handle<Image>,
    /// Pixel size of one card image.
    pub size: Vec2,
}

impl CardArt {
    /// The face of `card`, in four colours if asked.
    pub fn face(&self, card: Card, four_color: bool) -> Handle<Image> {
        let v = if four_color {
            &self.four_color
        } else {
            &self.two_color
        };
        v[card.index() as usize].clone()
    }
}

fn decode(bytes: &[u8]) -> Image {
    png(bytes, RenderAssetUsages::RENDER_WORLD).unwrap_or_else(|e| {
        // The images are ours and checked by a test; a broken one shows as a blank card.
        error!("card image failed to decode: {e}");
        Image::default()
    })
}

fn load_art(mut commands: Commands, mut images: ResMut<Assets<Image>>) {
    let mut add = |b: &[u8]| images.add(decode(b));
    let two_color = TWO_COLOR.iter().map(|b| add(b)).collect();
    let four_color = FOUR_COLOR.iter().map(|b| add(b)).collect();
    let back = add(BACK);
    commands.insert_resource(CardArt {
        two_color,
        four_color,
        back,
        size: Vec2::new(300.0, 420.0),
    });
}

/// Loads the card art before anything else starts.
pub(crate) struct CardArtPlugin;

impl Plugin for CardArtPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(PreStartup, load_art);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_embedded_card_decodes_at_the_same_size() {
        for bytes in TWO_COLOR
            .iter()
            .chain(FOUR_COLOR.iter())
            .chain(std::iter::once(&BACK))
        {
            let img = decode(bytes);
            assert_eq!((img.width(), img.height()), (300, 420));
        }
    }
}
