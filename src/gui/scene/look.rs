//! The table's look in one place: the palette every plugin draws with, and the images drawn
//! from code at start-up (the felt, the cards' soft shadow, the rounded faces of buttons and
//! labels, the focus ring). Pure: the pixels are made by plain functions, unit-tested here;
//! [`felt`](super::felt) turns them into Bevy images.
//!
//! Decisions:
//! - No large binary assets: every image here is a few kilobytes made at start-up, so the
//!   look can be tuned in code and the binary does not grow.
//! - One light source, above the table and a little to the upper left: the felt is lightest
//!   just above the middle and falls off into a soft vignette, and shadows fall down and to
//!   the right. A card lifted higher (hovered, raised, dragged) casts a wider, softer, further
//!   shadow.
//! - Colours are chosen for contrast, not by eye alone: every colour that text is written in
//!   is checked by a test against the background it is written on (WCAG 2 contrast ratio, at
//!   least 4.5:1), with the felt taken at its lightest point. Disabled buttons are the only
//!   text below that, as WCAG allows for inactive controls.
//! - One accent colour (gold) means "this is yours to act on": the active seat, the Gin
//!   button, the keyboard highlight, the chosen sort.

/// An sRGB colour as three 0..1 components; [`color`] makes the Bevy one.
pub(crate) type Rgb = [f32; 3];

/// The felt at its lightest point (the middle of the table, under the light).
pub(crate) const FELT: Rgb = [0.085, 0.380, 0.215];
/// How dark the felt gets in the corners, as a factor of [`FELT`].
pub(crate) const FELT_CORNER: f32 = 0.50;
/// Text written on the felt.
pub(crate) const INK: Rgb = [0.965, 0.950, 0.900];
/// Secondary text on the felt (hints, the seat's level).
pub(crate) const INK_SOFT: Rgb = [0.800, 0.860, 0.800];
/// Suit colours in text on the felt: hearts (and diamonds in the two-colour deck), diamonds
/// and clubs in the four-colour deck.
pub(crate) const RED_ON_FELT: Rgb = [1.000, 0.760, 0.730];
pub(crate) const BLUE_ON_FELT: Rgb = [0.700, 0.830, 1.000];
pub(crate) const GREEN_ON_FELT: Rgb = [0.760, 1.000, 0.560];
/// The colour a card of `suit` is written in on the felt or a panel, following the deck in
/// use: hearts red; diamonds red, or blue in the four-colour deck; clubs green in the
/// four-colour deck; otherwise the text's own colour (`None`).
pub(crate) fn suit_ink(suit: crate::rules::Suit, four_color: bool) -> Option<Rgb> {
    use crate::rules::Suit;
    match suit {
        Suit::Hearts => Some(RED_ON_FELT),
        Suit::Diamonds if four_color => Some(BLUE_ON_FELT),
        Suit::Diamonds => Some(RED_ON_FELT),
        Suit::Clubs if four_color => Some(GREEN_ON_FELT),
        Suit::Clubs | Suit::Spades => None,
    }
}

/// The accent: whose turn it is, Gin, the keyboard highlight, the chosen sort.
pub(crate) const GOLD: Rgb = [0.980, 0.800, 0.320];
/// Buttons: an ivory face with dark text; lighter under the pointer, darker when pressed.
pub(crate) const BUTTON: Rgb = [0.950, 0.930, 0.860];
pub(crate) const BUTTON_HOVER: Rgb = [1.000, 0.985, 0.930];
pub(crate) const BUTTON_PRESSED: Rgb = [0.820, 0.790, 0.700];
pub(crate) const BUTTON_TEXT: Rgb = [0.100, 0.120, 0.100];
/// A button's key hint: quieter than its label.
pub(crate) const BUTTON_KEY: Rgb = [0.300, 0.330, 0.300];
/// A button that cannot be used now: a ghost of the felt, its text faint (see the module
/// note on contrast).
pub(crate) const BUTTON_OFF: Rgb = [0.160, 0.300, 0.210];
pub(crate) const BUTTON_OFF_TEXT: Rgb = [0.560, 0.660, 0.590];
/// The panels (score pad, menu, notices): deep green, nearly black, with [`INK`] text.
pub(crate) const PANEL: Rgb = [0.055, 0.145, 0.095];
/// The "can't throw this back" tag on the card just taken from the pile.
pub const TAG: Rgb = [0.640, 0.120, 0.100];
/// The band under a meld in a hand, a little lighter than the felt.
pub(crate) const BAND: Rgb = [0.300, 0.560, 0.380];

/// A Bevy colour from an [`Rgb`].
/// A font size for `text` to fit `room` wide: `max`, or less for a long text. `em` is the
/// average advance of a character in ems (DejaVu Sans: about 0.6), so it is an estimate; each
/// caller keeps its own margin in `room` and `em`.
pub(crate) fn fit_font(max: f32, room: f32, text: &str, em: f32) -> f32 {
    let chars = text.chars().count().max(1) as f32;
    max.min(room / (chars * em))
}

/// The Bevy colour of `c`.
pub fn color(c: Rgb) -> bevy::prelude::Color {
    bevy::prelude::Color::srgb(c[0], c[1], c[2])
}

/// The same colour with alpha `a`.
pub(crate) fn color_a(c: Rgb, a: f32) -> bevy::prelude::Color {
    bevy::prelude::Color::srgba(c[0], c[1], c[2], a)
}

/// An egui colour from an [`Rgb`].
pub(crate) fn egui_color(c: Rgb) -> bevy_egui::egui::Color32 {
    let b = |v: f32| (v.clamp(0.0, 1.0) * 255.0).round() as u8;
    bevy_egui::egui::Color32::from_rgb(b(c[0]), b(c[1]), b(c[2]))
}

/// Relative luminance (WCAG 2) of an sRGB colour.
#[cfg(test)]
pub(crate) fn luminance(c: Rgb) -> f32 {
    let lin = |v: f32| {
        if v <= 0.04045 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2])
}

/// The WCAG 2 contrast ratio of two colours, 1 to 21 (the theme's tests hold the palette to it).
#[cfg(test)]
pub(crate) fn contrast(a: Rgb, b: Rgb) -> f32 {
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// `c` scaled by `k` (darker below 1).
pub(crate) fn shade(c: Rgb, k: f32) -> Rgb {
    [c[0] * k, c[1] * k, c[2] * k]
}

/// Where the light is, in the felt image's 0..1 coordinates (x right, y down).
const LIGHT: (f32, f32) = (0.45, 0.40);

/// How bright the felt is at `(u, v)` (0..1 across and down), as a factor of [`FELT`]: 1
/// under the light, falling smoothly to [`FELT_CORNER`] in the far corners.
pub(crate) fn vignette(u: f32, v: f32) -> f32 {
    // Distance from the light, with the table's width squeezed so the falloff is elliptical.
    let d = (((u - LIGHT.0) * 1.0).powi(2) + ((v - LIGHT.1) * 1.25).powi(2)).sqrt() / 0.75;
    let t = smoothstep(0.25, 1.0, d);
    1.0 - (1.0 - FELT_CORNER) * t
}

fn smoothstep(a: f32, b: f32, x: f32) -> f32 {
    let t = ((x - a) / (b - a)).clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

/// A small integer hash, for the felt's grain (the same every run).
fn hash(x: u32, y: u32) -> f32 {
    let mut h = x.wrapping_mul(0x27d4_eb2d) ^ y.wrapping_mul(0x1656_67b1);
    h ^= h >> 15;
    h = h.wrapping_mul(0x85eb_ca6b);
    h ^= h >> 13;
    (h & 0xffff) as f32 / 65535.0
}

/// How much the felt's grain changes its brightness, either way.
pub(crate) const GRAIN: f32 = 0.035;

/// The felt as RGBA bytes, `w`×`h`: [`FELT`] under the vignette, with a fine woven grain
/// (alternating thread directions and a little noise) that never moves it by more than
/// [`GRAIN`].
pub(crate) fn felt_pixels(w: u32, h: u32) -> Vec<u8> {
    let mut out = Vec::with_capacity((w * h * 4) as usize);
    for y in 0..h {
        for x in 0..w {
            let weave = if (x / 2 + y / 2) % 2 == 0 { 0.4 } else { -0.4 };
            let noise = hash(x, y) * 2.0 - 1.0;
            let grain = GRAIN * (0.5 * weave + 0.5 * noise).clamp(-1.0, 1.0);
            let k = vignette(x as f32 / w as f32, y as f32 / h as f32) * (1.0 + grain);
            for c in shade(FELT, k) {
                out.push((c.clamp(0.0, 1.0) * 255.0).round() as u8);
            }
            out.push(255);
        }
    }
    out
}

/// Alpha of a rounded rectangle filling a `w`×`h` image less `margin` on each side, with
/// corner radius `radius`, its edge blurred over `soft` pixels (1 gives a crisp, anti-aliased
/// edge). Positive inside, 0 well outside.
fn rounded_alpha(x: f32, y: f32, w: f32, h: f32, margin: f32, radius: f32, soft: f32) -> f32 {
    // Signed distance from the rounded rectangle (negative inside).
    let half = [w / 2.0 - margin, h / 2.0 - margin];
    let p = [(x - w / 2.0).abs(), (y - h / 2.0).abs()];
    let q = [p[0] - half[0] + radius, p[1] - half[1] + radius];
    let outside = (q[0].max(0.0).powi(2) + q[1].max(0.0).powi(2)).sqrt();
    let d = outside + q[0].max(q[1]).min(0.0) - radius;
    smoothstep(soft / 2.0, -soft / 2.0, d)
}

/// A white rounded rectangle as RGBA bytes, `w`×`h`, radius `radius`, anti-aliased; for
/// 9-sliced buttons and labels (tinted by the sprite's colour).
pub(crate) fn rounded_pixels(w: u32, h: u32, radius: f32) -> Vec<u8> {
    pixels(w, h, |x, y| {
        rounded_alpha(x, y, w as f32, h as f32, 0.0, radius, 1.0)
    })
}

/// A white rounded outline `thick` pixels wide as RGBA bytes, for the keyboard highlight.
pub(crate) fn ring_pixels(w: u32, h: u32, radius: f32, thick: f32) -> Vec<u8> {
    pixels(w, h, |x, y| {
        let outer = rounded_alpha(x, y, w as f32, h as f32, 0.0, radius, 1.0);
        let inner = rounded_alpha(x, y, w as f32, h as f32, thick, radius - thick, 1.0);
        (outer - inner).max(0.0)
    })
}

/// How far a card's shadow image reaches beyond the card, as a fraction of the card's width.
pub(crate) const SHADOW_SPREAD: f32 = 0.12;

/// A card's soft shadow as RGBA bytes (black, alpha only), `w`×`h`: a rounded card shape
/// blurred over [`SHADOW_SPREAD`] of the width on every side, fading to nothing at the
/// image's edge.
pub(crate) fn shadow_pixels(w: u32, h: u32) -> Vec<u8> {
    let spread = w as f32 * SHADOW_SPREAD / (1.0 + 2.0 * SHADOW_SPREAD);
    let mut out = pixels(w, h, |x, y| {
        rounded_alpha(
            x,
            y,
            w as f32,
            h as f32,
            spread,
            w as f32 * 0.06,
            spread * 1.6,
        )
    });
    for px in out.chunks_mut(4) {
        px[0] = 0;
        px[1] = 0;
        px[2] = 0;
    }
    out
}

/// RGBA bytes of a white image whose alpha at each pixel centre is `alpha(x, y)`.
fn pixels(w: u32, h: u32, alpha: impl Fn(f32, f32) -> f32) -> Vec<u8> {
    let mut out = Vec::with_capacity((w * h * 4) as usize);
    for y in 0..h {
        for x in 0..w {
            let a = alpha(x as f32 + 0.5, y as f32 + 0.5).clamp(0.0, 1.0);
            out.extend([255, 255, 255, (a * 255.0).round() as u8]);
        }
    }
    out
}

/// How a card's shadow sits for a card lifted `lift` card heights off the table: its offset
/// (in card widths and heights, right and down), its scale, and its strength.
pub(crate) fn shadow_for(lift: f32) -> ([f32; 2], f32, f32) {
    let l = lift.clamp(0.0, 0.5);
    let offset = [0.025 + l * 0.35, -(0.03 + l * 0.45)];
    let scale = 1.0 + l * 0.25;
    let alpha = 0.42 - l * 0.35;
    (offset, scale, alpha)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn alpha_at(px: &[u8], w: u32, x: u32, y: u32) -> u8 {
        px[((y * w + x) * 4 + 3) as usize]
    }

    #[test]
    fn text_meets_contrast_against_what_it_is_written_on() {
        // The felt where text stands is at most this bright: its lightest point with the
        // grain's brightest thread.
        let felt = shade(FELT, 1.0 + GRAIN);
        for (name, ink) in [
            ("ink", INK),
            ("soft ink", INK_SOFT),
            ("red suit", RED_ON_FELT),
            ("blue suit", BLUE_ON_FELT),
            ("green suit", GREEN_ON_FELT),
            ("gold", GOLD),
        ] {
            let r = contrast(ink, felt);
            assert!(r >= 4.5, "{name} on felt: {r:.2}");
            let r = contrast(ink, PANEL);
            assert!(r >= 4.5, "{name} on the panels: {r:.2}");
        }
        for face in [BUTTON, BUTTON_HOVER, BUTTON_PRESSED, GOLD] {
            for text in [BUTTON_TEXT, BUTTON_KEY] {
                let r = contrast(text, face);
                assert!(r >= 4.5, "button text {text:?} on {face:?}: {r:.2}");
            }
        }
        assert!(contrast(INK, TAG) >= 4.5, "the taken tag's text");
        // The contrast function itself: black on white is 21, a colour on itself 1.
        assert!((contrast([0.0; 3], [1.0; 3]) - 21.0).abs() < 0.01);
        assert!((contrast(FELT, FELT) - 1.0).abs() < 1e-6);
    }

    #[test]
    fn the_felt_is_lit_in_the_middle_and_darker_in_the_corners() {
        let (w, h) = (160, 100);
        let px = felt_pixels(w, h);
        assert_eq!(px.len(), (w * h * 4) as usize);
        let green = |x: u32, y: u32| px[((y * w + x) * 4 + 1) as usize] as f32;
        // Average a patch, so the grain does not decide.
        let patch = |cx: u32, cy: u32| {
            let mut s = 0.0;
            for y in cy..cy + 6 {
                for x in cx..cx + 6 {
                    s += green(x, y);
                }
            }
            s / 36.0
        };
        let middle = patch(70, 38);
        for corner in [
            patch(0, 0),
            patch(w - 6, 0),
            patch(0, h - 6),
            patch(w - 6, h - 6),
        ] {
            assert!(corner < middle * 0.7, "corner {corner} vs middle {middle}");
        }
        // Light from the upper left: the top left is brighter than the bottom right.
        assert!(patch(0, 0) > patch(w - 6, h - 6));
        // The grain is there, and subtle.
        let row: Vec<f32> = (60..90).map(|x| green(x, 40)).collect();
        let (lo, hi) = row
            .iter()
            .fold((f32::MAX, f32::MIN), |(a, b), &v| (a.min(v), b.max(v)));
        assert!(hi > lo, "no grain");
        assert!(hi - lo <= 255.0 * FELT[1] * GRAIN * 2.5, "grain too strong");
    }

    #[test]
    fn shadows_are_soft_and_lifted_cards_cast_them_further() {
        let (w, h) = (62, 84);
        let px = shadow_pixels(w, h);
        // Dark in the middle, nothing at the image's edge, falling off in between.
        let mid = alpha_at(&px, w, w / 2, h / 2);
        assert_eq!(mid, 255);
        assert_eq!(alpha_at(&px, w, 0, h / 2), 0);
        assert_eq!(alpha_at(&px, w, w / 2, 0), 0);
        let half_way = alpha_at(&px, w, 4, h / 2);
        assert!(half_way > 0 && half_way < 255, "edge not soft: {half_way}");
        assert!(px.chunks(4).all(|p| p[..3] == [0, 0, 0]));
        // Higher cards: the shadow moves further, grows and fades.
        let (o0, s0, a0) = shadow_for(0.0);
        let (o1, s1, a1) = shadow_for(0.15);
        assert!(o1[0] > o0[0] && o1[1] < o0[1]);
        assert!(s1 > s0 && a1 < a0 && a1 > 0.0);
    }

    #[test]
    fn rounded_faces_have_round_corners_and_solid_middles() {
        let (w, h) = (48, 48);
        let px = rounded_pixels(w, h, 12.0);
        assert_eq!(alpha_at(&px, w, 0, 0), 0, "the corner is cut");
        assert_eq!(
            alpha_at(&px, w, w / 2, 0),
            255,
            "the edge's middle is solid"
        );
        assert_eq!(alpha_at(&px, w, w / 2, h / 2), 255);
        let ring = ring_pixels(w, h, 12.0, 3.0);
        assert_eq!(alpha_at(&ring, w, w / 2, 1), 255, "the ring's edge");
        assert_eq!(alpha_at(&ring, w, w / 2, h / 2), 0, "the ring is hollow");
    }
}
