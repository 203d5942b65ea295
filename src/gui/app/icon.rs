//! The window icon (two fanned cards, `assets/icon/`), set at run time on Linux and Windows.
//! macOS shows the app bundle's icon instead and ignores a window icon.
//!
//! Bevy 0.19 has no window-icon setting, so the icon is handed to winit directly, once, as
//! soon as the window exists (winit windows live on the main thread, hence the marker).

use bevy::asset::RenderAssetUsages;
use bevy::ecs::system::NonSendMarker;
use bevy::image::{CompressedImageFormats, ImageSampler, ImageType};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy::winit::WINIT_WINDOWS;

static ICON: &[u8] = include_bytes!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/assets/icon/icon-64.png"
));

/// Decodes one of our embedded PNGs (the icon here, the card art in `scene::art`) (sRGB, linear sampling). `usage` says where the pixels are
/// needed: the render world for textures, the main world to read them back (the window icon).
pub(crate) fn png(
    bytes: &[u8],
    usage: RenderAssetUsages,
) -> Result<Image, bevy::image::TextureError> {
    Image::from_buffer(
        bytes,
        ImageType::Extension("png"),
        CompressedImageFormats::NONE,
        true,
        ImageSampler::linear(),
        usage,
    )
}

/// The icon as RGBA8 pixels and its size.
pub(crate) fn icon_rgba() -> Option<(Vec<u8>, u32, u32)> {
    let img = png(ICON, RenderAssetUsages::MAIN_WORLD).ok()?;
    let (w, h) = (img.width(), img.height());
    let rgba = img.convert(bevy::render::render_resource::TextureFormat::Rgba8UnormSrgb)?;
    Some((rgba.data?, w, h))
}

fn set_icon(
    window: Query<Entity, With<PrimaryWindow>>,
    mut done: Local<bool>,
    _main_thread: NonSendMarker,
) {
    if *done {
        return;
    }
    let Ok(entity) = window.single() else { return };
    WINIT_WINDOWS.with_borrow(|windows| {
        let Some(w) = windows.get_window(entity) else {
            return;
        };
        *done = true;
        match icon_rgba().and_then(|(px, iw, ih)| winit::window::Icon::from_rgba(px, iw, ih).ok()) {
            Some(icon) => w.set_window_icon(Some(icon)),
            None => warn!("the window icon could not be decoded"),
        }
    });
}

/// Sets the window icon.
pub(crate) struct IconPlugin;

impl Plugin for IconPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(Update, set_icon);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_icon_decodes_to_square_rgba() {
        let (px, w, h) = icon_rgba().expect("icon decodes");
        assert_eq!((w, h), (64, 64));
        assert_eq!(px.len(), 64 * 64 * 4);
        // Not blank: the felt and the cards are there.
        assert!(
            px.chunks(4)
                .any(|p| p[3] == 255 && p[0] > 200 && p[1] > 200)
        );
        assert!(winit::window::Icon::from_rgba(px, w, h).is_ok());
    }
}
