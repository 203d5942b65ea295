//! The player's settings.
//!
//! Rule settings here are what the *next* series will be played under: a running series keeps
//! its own copy of the rules (in [`crate::rules::Match`]), so changing them never rescores a
//! series in progress. Everything else (difficulty aside, see below) applies at once.
//! Difficulty also applies from the next series, so a series' statistics belong to one level.

use serde::{Deserialize, Serialize};

use crate::ai::Level;
use crate::rules::RuleSettings;

/// How fast cards move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum AnimSpeed {
    Instant,
    Fast,
    #[default]
    Normal,
    Slow,
}

impl AnimSpeed {
    pub const ALL: [AnimSpeed; 4] = [
        AnimSpeed::Instant,
        AnimSpeed::Fast,
        AnimSpeed::Normal,
        AnimSpeed::Slow,
    ];

    /// The time scale: 0 is instant, 1 normal.
    pub fn factor(self) -> f32 {
        match self {
            AnimSpeed::Instant => 0.0,
            AnimSpeed::Fast => 0.5,
            AnimSpeed::Normal => 1.0,
            AnimSpeed::Slow => 1.8,
        }
    }
}

/// The colour of the card backs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum CardBack {
    #[default]
    Blue,
    Red,
    Green,
    Grey,
}

impl CardBack {
    pub const ALL: [CardBack; 4] = [
        CardBack::Blue,
        CardBack::Red,
        CardBack::Green,
        CardBack::Grey,
    ];

    /// The tint multiplied into the (grey) back art, as linear-ish sRGB.
    pub fn tint(self) -> [f32; 3] {
        match self {
            CardBack::Blue => [0.55, 0.7, 1.0],
            CardBack::Red => [1.0, 0.55, 0.55],
            CardBack::Green => [0.6, 0.9, 0.6],
            CardBack::Grey => [1.0, 1.0, 1.0],
        }
    }
}

/// Where the window was and how big, as the player left it (remembered between runs, as
/// desktop programs do).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WindowPlacement {
    /// The inner size in logical pixels (the size before maximising, when maximised).
    pub width: u32,
    pub height: u32,
    /// The outer top-left corner in the desktop's physical pixels, when the system says
    /// where windows are (Wayland does not).
    pub position: Option<(i32, i32)>,
    pub maximized: bool,
}

impl WindowPlacement {
    /// The smallest window in which the whole table stays usable (every card and button
    /// reachable, tested at this size), in logical pixels.
    pub const MIN: (u32, u32) = (960, 600);
    /// The largest size a hand-edited file may ask for.
    pub const MAX: u32 = 16_384;
}

/// Everything the player can set.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// Rules for the next series.
    pub rules: RuleSettings,
    /// The computer's level for the next series.
    pub level: Level,
    pub speed: AnimSpeed,
    pub four_color: bool,
    pub card_back: CardBack,
    pub sound: bool,
    /// 0 to 1.
    pub volume: f32,
    /// Once "show each round's deal seed on the table"; gone, because the seed of the deal in
    /// play gives the computer's hand away (a seed shows once its round is over). Still read,
    /// so an older file loads without a notice; never written.
    #[serde(skip_serializing)]
    pub show_seed: bool,
    /// The language to speak; `None` follows the operating system's.
    pub language: Option<crate::lang::Lang>,
    /// The size of text and buttons, in percent of the window's natural size
    /// ([`Settings::UI_SCALES`]).
    pub ui_scale: u32,
    /// The window as it was last closed; `None` before the first run.
    pub window: Option<WindowPlacement>,
}

impl Settings {
    /// The text and button sizes offered, in percent.
    pub const UI_SCALES: [u32; 5] = [80, 90, 100, 125, 150];
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            rules: RuleSettings::default(),
            level: Level::default(),
            speed: AnimSpeed::default(),
            four_color: false,
            card_back: CardBack::default(),
            sound: true,
            volume: 0.7,
            show_seed: false,
            ui_scale: 100,
            language: None,
            window: None,
        }
    }
}

impl crate::store::Stored for Settings {
    const KIND: crate::store::FileKind = crate::store::FileKind::Settings;

    /// Checks what a hand-edited file could get wrong.
    fn check(&self) -> Result<(), String> {
        self.rules.validate()?;
        if !(0.0..=1.0).contains(&self.volume) {
            return Err(format!("volume {} is not between 0 and 1", self.volume));
        }
        if !(80..=150).contains(&self.ui_scale) {
            return Err(format!(
                "ui_scale {} is not between 80 and 150 (percent)",
                self.ui_scale
            ));
        }
        if let Some(w) = self.window {
            let fits = |v: u32| (1..=WindowPlacement::MAX).contains(&v);
            if !fits(w.width) || !fits(w.height) {
                return Err(format!(
                    "window {}x{} is not a window size",
                    w.width, w.height
                ));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::{Store, load, save};

    fn tmp(name: &str) -> std::path::PathBuf {
        let p = std::env::temp_dir().join(format!("hg-settings-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&p);
        p
    }

    #[test]
    fn settings_round_trip_and_an_old_file_fills_in_defaults() {
        let dir = tmp("rt");
        let path = dir.join("settings.ron");
        let mut s = Settings::default();
        s.rules.gin_bonus = 20;
        s.level = Level::Hard;
        s.speed = AnimSpeed::Instant;
        s.card_back = CardBack::Red;
        s.volume = 0.25;
        s.language = Some(crate::lang::Lang::Nl);
        s.window = Some(WindowPlacement {
            width: 1100,
            height: 690,
            position: Some((-1800, 40)),
            maximized: true,
        });
        save(&path, &s).unwrap();
        let l = load::<Settings>(&path);
        assert_eq!(l.value, s);
        // A file written before `card_back` and `show_seed` existed.
        std::fs::write(&path, "(rules: (gin_bonus: 20), level: Easy, volume: 0.5)").unwrap();
        let l = load::<Settings>(&path);
        assert!(l.notice.is_none());
        assert_eq!(l.value.rules.gin_bonus, 20);
        assert_eq!(l.value.rules.undercut_bonus, 10);
        assert_eq!(l.value.level, Level::Easy);
        assert_eq!(l.value.card_back, CardBack::Blue);
        assert!(!l.value.show_seed);
        assert_eq!(l.value.language, None, "no language chosen: the system's");
        assert_eq!(l.value.window, None, "no window yet: fitted to the screen");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn out_of_range_values_count_as_a_bad_file() {
        let dir = tmp("range");
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("settings.ron");
        std::fs::write(&path, "(volume: 3.0)").unwrap();
        let (store, l) = Store::open::<Settings>(path.clone());
        assert_eq!(l.value, Settings::default());
        assert!(format!("{:?}", l.notice.unwrap()).contains("volume 3"));
        std::fs::write(&path, "(ui_scale: 400)").unwrap();
        let (_, l) = Store::open::<Settings>(path.clone());
        assert_eq!(l.value, Settings::default());
        assert!(format!("{:?}", l.notice.unwrap()).contains("ui_scale 400"));
        std::fs::write(
            &path,
            "(window: Some((width: 0, height: 800, position: None, maximized: false)))",
        )
        .unwrap();
        let (_, l) = Store::open::<Settings>(path.clone());
        assert_eq!(l.value, Settings::default());
        assert!(format!("{:?}", l.notice.unwrap()).contains("window 0x800"));
        assert!(store.writable && !path.exists());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
