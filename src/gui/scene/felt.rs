//! The table itself: the felt under everything, sized to the window, and the images drawn
//! from code that the other plugins draw with ([`Skin`]: the card shadow, the rounded face of
//! buttons and labels, the keyboard highlight's ring). The pixels and the palette are
//! [`look`]'s.
//!
//! Decisions: the felt is one sprite stretched over the window from a 640×400 image, so a
//! resize costs nothing but a new size; the grain is fine enough that stretching it to 4K
//! reads as cloth, not as pixels. Nothing here animates, so the felt never asks for a frame.

use bevy::asset::RenderAssetUsages;
use bevy::image::ImageSampler;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};

use super::look::{self, FELT, FELT_CORNER};
use crate::gui::app::screen::WindowMetrics;

/// Handles to the images made from code.
#[derive(Resource, Clone)]
pub(crate) struct Skin {
    pub felt: Handle<Image>,
    /// A card's soft shadow (black; tint its alpha). Drawn `1 + 2 × SHADOW_SPREAD` times the
    /// card's size.
    pub shadow: Handle<Image>,
    /// A white rounded rectangle, drawn 9-sliced by [`Skin::rounded`].
    pub rounded: Handle<Image>,
    /// A white rounded outline, drawn 9-sliced by [`Skin::ring`].
    pub ring: Handle<Image>,
}

/// The rounded images' size and corner radius in pixels.
const ROUNDED: u32 = 48;
const RADIUS: f32 = 12.0;

impl Skin {
    /// A rounded rectangle in `color`, to size with `custom_size`.
    pub(crate) fn rounded(&self, color: Color) -> Sprite {
        self.sliced(&self.rounded, color)
    }
    /// A rounded outline in `color`, to size with `custom_size`.
    pub(crate) fn ring(&self, color: Color) -> Sprite {
        self.sliced(&self.ring, color)
    }
    fn sliced(&self, image: &Handle<Image>, color: Color) -> Sprite {
        Sprite {
            image: image.clone(),
            image_mode: Skin::slicer(),
            color,
            ..default()
        }
    }
    /// How the rounded images stretch: corners kept, edges and middle stretched.
    fn slicer() -> SpriteImageMode {
        SpriteImageMode::Sliced(TextureSlicer {
            border: BorderRect::all(RADIUS + 2.0),
            center_scale_mode: SliceScaleMode::Stretch,
            sides_scale_mode: SliceScaleMode::Stretch,
            max_corner_scale: 1.0,
        })
    }
}

/// The felt sprite.
#[derive(Component)]
struct Felt;

fn image(w: u32, h: u32, rgba: Vec<u8>) -> Image {
    let mut img = Image::new(
        Extent3d {
            width: w,
            height: h,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        rgba,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::RENDER_WORLD,
    );
    img.sampler = ImageSampler::linear();
    img
}

fn make_skin(mut commands: Commands, mut images: ResMut<Assets<Image>>) {
    let (fw, fh) = (640, 400);
    let (sw, sh) = (68, 92);
    commands.insert_resource(Skin {
        felt: images.add(image(fw, fh, look::felt_pixels(fw, fh))),
        shadow: images.add(image(sw, sh, look::shadow_pixels(sw, sh))),
        rounded: images.add(image(
            ROUNDED,
            ROUNDED,
            look::rounded_pixels(ROUNDED, ROUNDED, RADIUS),
        )),
        ring: images.add(image(
            ROUNDED,
            ROUNDED,
            look::ring_pixels(ROUNDED, ROUNDED, RADIUS, 4.0),
        )),
    });
    // Beyond the felt (a window larger than the screen it was measured on, for a frame) the
    // clear colour is the felt's edge.
    commands.insert_resource(ClearColor(look::color(look::shade(FELT, FELT_CORNER))));
}

fn spawn_felt(mut commands: Commands, skin: Res<Skin>, screen: Res<WindowMetrics>) {
    let mut sprite = Sprite::from_image(skin.felt.clone());
    sprite.custom_size = Some(screen.size());
    commands.spawn((Felt, sprite, Transform::from_xyz(0.0, 0.0, -100.0)));
}

/// The felt covers the window at every size.
fn fit_felt(screen: Res<WindowMetrics>, mut felt: Query<&mut Sprite, With<Felt>>) {
    for mut s in &mut felt {
        if s.custom_size != Some(screen.size()) {
            s.custom_size = Some(screen.size());
        }
    }
}

/// The felt, and the images made from code.
pub(crate) struct FeltPlugin;

impl Plugin for FeltPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(PreStartup, make_skin)
            .add_systems(Startup, spawn_felt)
            .add_systems(Update, fit_felt.run_if(resource_changed::<WindowMetrics>));
    }
}
