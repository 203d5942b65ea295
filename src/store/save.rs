//! The series in progress, saved after every action so the player can quit at any moment and
//! continue exactly there, mid-round included.
//!
//! The saved [`Match`] carries its own rules, dealer and round; loading re-checks the round
//! (every card in exactly one place, hands that fit the phase), so a damaged file is refused
//! rather than played. The bot's level and seed are saved with it: a series is played against
//! one opponent from start to end.

use serde::{Deserialize, Serialize};

use crate::ai::Level;
use crate::rules::Match;

/// Bumped when the format changes in a way defaults cannot fill in.
pub const SAVE_VERSION: u32 = 1;

/// What the save file holds.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct SavedSeries {
    pub version: u32,
    /// `None` when there is nothing to continue.
    pub series: Option<Match>,
    pub level: Level,
    pub bot_seed: u64,
}

impl SavedSeries {
    pub fn new(m: &Match, level: Level, bot_seed: u64) -> SavedSeries {
        SavedSeries {
            version: SAVE_VERSION,
            series: Some(m.clone()),
            level,
            bot_seed,
        }
    }

    /// Refuses files from a newer version and rules a hand edit broke.
    pub fn validate(&self) -> Result<(), String> {
        if self.version > SAVE_VERSION {
            return Err(format!(
                "it was written by a newer version (format {}, this one reads {SAVE_VERSION})",
                self.version
            ));
        }
        if let Some(m) = &self.series {
            m.rules().validate()?;
            m.round().rules().validate()?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::View;
    use crate::rules::{RuleSettings, Seat};
    use crate::store::{Store, load, save};

    #[test]
    fn a_series_saved_mid_round_resumes_exactly_and_a_damaged_one_is_refused() {
        let dir = std::env::temp_dir().join(format!("hg-save-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let path = dir.join("series.ron");
        // Play into the second round, stopping mid-turn.
        let mut m = Match::new(RuleSettings::default(), 9);
        let bot = Level::Medium.bot(3);
        let mut moves = 0;
        while m.deals() < 2 || moves < 5 {
            match m.round().to_act() {
                Some(s) => {
                    let a = bot.decide(&View::of(m.round(), s, Some(m.scoreboard())));
                    m.apply(s, a).unwrap();
                    if m.deals() >= 2 {
                        moves += 1;
                    }
                }
                None => m.next_round().unwrap(),
            }
        }
        let saved = SavedSeries::new(&m, Level::Hard, 77);
        save(&path, &saved).unwrap();
        let l = load(&path, "saved series", SavedSeries::validate);
        assert!(l.notice.is_none());
        assert_eq!(l.value, saved);
        let back = l.value.series.unwrap();
        assert_eq!(back, m);
        // The same next move is legal in both.
        let s = m.round().to_act().unwrap();
        let a = m.round().legal_actions()[0].clone();
        let (mut x, mut y) = (m.clone(), back.clone());
        x.apply(s, a.clone()).unwrap();
        y.apply(s, a).unwrap();
        assert_eq!(x, y);

        // A card duplicated by a hand edit: the round check refuses the file.
        let text = std::fs::read_to_string(&path).unwrap();
        let in_hand = m.round().hand(Seat::P1).first().unwrap();
        let in_stock = m.round().stock()[0];
        let damaged = text.replacen(&format!("\"{in_stock}\","), &format!("\"{in_hand}\","), 1);
        assert_ne!(damaged, text, "the edit must hit the file");
        std::fs::write(&path, &damaged).unwrap();
        let (store, l) = Store::open(path.clone(), "saved series", SavedSeries::validate);
        assert!(l.value.series.is_none());
        assert!(l.notice.unwrap().contains("kept as"));
        assert!(store.writable);
        // From a newer version: refused too.
        let newer = SavedSeries {
            version: SAVE_VERSION + 1,
            ..saved
        };
        save(&path, &newer).unwrap();
        let l = load(&path, "saved series", SavedSeries::validate);
        assert!(l.notice.unwrap().contains("newer version"));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
