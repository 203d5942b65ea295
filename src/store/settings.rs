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
    /// No animation.
    Instant,
    /// Fast.
    Fast,
    #[default]
    /// Normal.
    Normal,
    /// Slow.
    Slow,
}

impl AnimSpeed {
    /// Every speed, fastest first.
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
    /// Blue.
    Blue,
    /// Red.
    Red,
    /// Green.
    Green,
    /// Grey.
    Grey,
}

impl CardBack {
    /// Every back.
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
    /// The inner height in logical pixels.
    pub height: u32,
    /// The outer top-left corner in the desktop's physical pixels, when the system says
    /// where windows are (Wayland does not).
    pub position: Option<(i32, i32)>,
    /// Whether it was maximised.
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
    /// The animation speed.
    pub speed: AnimSpeed,
    /// Cards in four colours (a colour per suit).
    pub four_color: bool,
    /// The back of the cards.
    pub card_back: CardBack,
    /// Sounds on.
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
    /// The name a friend sees this player by; `None` until set (the system's user name then).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub player_name: Option<String>,
    /// A relay of the player's own (`https://…`: iroh's relay server, run by a club or a
    /// family), used instead of n0's public relays when playing a friend; `None`: n0's.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub own_relay: Option<String>,
}

/// Why a relay address was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BadRelay {
    /// It does not start with `https://` (or `http://`).
    Scheme,
    /// No server name after the scheme.
    NoHost,
    /// Spaces or control characters in it, or longer than [`MAX_RELAY`].
    Garbled,
}

/// The longest relay address kept.
pub const MAX_RELAY: usize = 200;

/// The relay address a player typed, checked: `None` for an empty field (n0's relays), the
/// address trimmed, or why it is no relay's address. (Whether a relay answers there is for
/// the network to find.)
pub fn relay_address(text: &str) -> Result<Option<String>, BadRelay> {
    let t = text.trim();
    if t.is_empty() {
        return Ok(None);
    }
    if t.len() > MAX_RELAY || t.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return Err(BadRelay::Garbled);
    }
    let lower = t.to_ascii_lowercase();
    let rest = ["https://", "http://"]
        .iter()
        .find_map(|s| lower.strip_prefix(s))
        .ok_or(BadRelay::Scheme)?;
    let host = rest.split(['/', '?', '#']).next().unwrap_or("");
    if host.is_empty() || host.starts_with(':') {
        return Err(BadRelay::NoHost);
    }
    Ok(Some(t.to_string()))
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
            player_name: None,
            own_relay: None,
        }
    }
}

impl crate::store::Stored for Settings {
    const KIND: crate::store::FileKind = crate::store::FileKind::Settings;

    /// A misspelt key (`gin_bonsu`) whose right spelling is not in the file: the player meant
    /// that one, and is told so (the file is still read, with that value's default).
    fn did_you_mean(field: &str, text: &str) -> Option<&'static str> {
        let (parent, name) = field.rsplit_once('.').unwrap_or(("", field));
        let known = match parent {
            "" => fields_of::<Settings>(),
            "rules" => fields_of::<RuleSettings>(),
            "window" => fields_of::<WindowPlacement>(),
            _ => return None,
        };
        let (d, best) = known
            .iter()
            .map(|k| (typos(name, k), *k))
            .min_by_key(|(d, _)| *d)?;
        (d <= 2 && d < name.len() / 2 && !has_key(text, best)).then_some(best)
    }

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
        if let Some(n) = &self.player_name
            && (n.chars().count() > 64 || n.chars().any(char::is_control))
        {
            return Err("player_name is longer than 64 letters or holds control characters".into());
        }
        if let Some(r) = &self.own_relay
            && relay_address(r) != Ok(Some(r.clone()))
        {
            return Err(format!(
                "own_relay {r:?} is not a relay's address (https://…)"
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

/// The field names serde's derive gives `T`, read by asking it to deserialize from a probe
/// that stops at the struct (no second list of names to keep in step).
fn fields_of<T: serde::de::DeserializeOwned>() -> &'static [&'static str] {
    use serde::de::Visitor;
    #[derive(Debug)]
    struct Stop;
    impl std::fmt::Display for Stop {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("probe")
        }
    }
    impl std::error::Error for Stop {}
    impl serde::de::Error for Stop {
        fn custom<M: std::fmt::Display>(_: M) -> Stop {
            Stop
        }
    }
    struct Probe<'a>(&'a mut &'static [&'static str]);
    impl<'de> serde::Deserializer<'de> for Probe<'_> {
        type Error = Stop;
        fn deserialize_any<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Stop> {
            Err(Stop)
        }
        fn deserialize_struct<V: Visitor<'de>>(
            self,
            _: &'static str,
            fields: &'static [&'static str],
            _: V,
        ) -> Result<V::Value, Stop> {
            *self.0 = fields;
            Err(Stop)
        }
        serde::forward_to_deserialize_any! {
            bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes
            byte_buf option unit unit_struct newtype_struct seq tuple tuple_struct map enum
            identifier ignored_any
        }
    }
    let mut fields: &'static [&'static str] = &[];
    let _ = T::deserialize(Probe(&mut fields));
    fields
}

/// How many typing slips turn `a` into `b`: letters added, dropped, changed or swapped with
/// the next (optimal string alignment distance).
fn typos(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            d[i][j] = (d[i - 1][j] + 1)
                .min(d[i][j - 1] + 1)
                .min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d[i][j] = d[i][j].min(d[i - 2][j - 2] + 1);
            }
        }
    }
    d[a.len()][b.len()]
}

/// Whether `text` has `key:` as a key (not inside a longer name).
fn has_key(text: &str, key: &str) -> bool {
    text.match_indices(key).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + key.len()..].trim_start();
        !before.is_some_and(|c| c.is_alphanumeric() || c == '_') && after.starts_with(':')
    })
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
    fn a_relay_address_is_checked_and_a_file_with_a_bad_one_is_refused() {
        assert_eq!(relay_address("  "), Ok(None), "empty: n0's relays");
        assert_eq!(
            relay_address(" https://relay.club.example:8443/ "),
            Ok(Some("https://relay.club.example:8443/".into()))
        );
        assert_eq!(relay_address("relay.example.org"), Err(BadRelay::Scheme));
        assert_eq!(relay_address("ftp://relay"), Err(BadRelay::Scheme));
        assert_eq!(relay_address("https://"), Err(BadRelay::NoHost));
        assert_eq!(relay_address("https://:443"), Err(BadRelay::NoHost));
        assert_eq!(relay_address("https://a b"), Err(BadRelay::Garbled));
        let long = format!("https://{}", "r".repeat(MAX_RELAY));
        assert_eq!(relay_address(&long), Err(BadRelay::Garbled));
        // A hand-edited file with no relay's address in it is refused (and kept), not used.
        let dir = tmp("relay");
        let path = dir.join("settings.ron");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(&path, "(own_relay: Some(\"relay example\"))").unwrap();
        let l = load::<Settings>(&path);
        assert!(l.notice.is_some(), "refused");
        assert_eq!(l.value.own_relay, None);
        std::fs::remove_dir_all(&dir).unwrap();
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
        s.own_relay = Some("https://relay.example.org".into());
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

    #[test]
    fn a_misspelt_key_is_met_with_the_name_it_likely_means() {
        use crate::store::{Notice, load};
        let dir = std::env::temp_dir().join(format!("hg-settings-typo-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("settings.ron");
        let meant = |text: &str| {
            std::fs::write(&path, text).unwrap();
            let l = load::<Settings>(&path);
            match l.notice {
                Some(Notice::UnknownFields { did_you_mean, .. }) => (l.value, did_you_mean),
                other => panic!("{text}: {other:?}"),
            }
        };
        // A swapped pair of letters in a rule, a dropped letter at the top level.
        let (s, m) = meant("(rules: (gin_bonsu: 20), volme: 0.3)");
        assert_eq!(
            m,
            vec![
                ("rules.gin_bonsu".to_string(), "gin_bonus"),
                ("volme".to_string(), "volume")
            ]
        );
        // Still tolerant: the file is read, the misspelt values take their defaults.
        assert_eq!(s.rules.gin_bonus, RuleSettings::default().gin_bonus);
        // The right spelling is there too: no guess. Nothing like any key: no guess.
        let (s, m) = meant("(rules: (gin_bonsu: 20, gin_bonus: 20), colour: true)");
        assert!(m.is_empty(), "{m:?}");
        assert_eq!(s.rules.gin_bonus, 20);
        assert_eq!(typos("gin_bonsu", "gin_bonus"), 1);
        assert_eq!(typos("volme", "volume"), 1);
        assert!(!has_key("(big_gin_bonus: 3)", "gin_bonus"));
        assert!(has_key("(rules: (gin_bonus : 3))", "gin_bonus"));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
