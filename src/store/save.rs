//! The series in progress, saved after every action so the player can quit at any moment and
//! continue exactly there, mid-round included.
//!
//! The saved [`Match`] is stored as its moves and loaded by replaying them through the rules
//! (see [`crate::rules::series`]), so a damaged or hand-edited file is refused with the rule
//! it breaks rather than played. The bot's level and seed are saved with it: a series is played
//! against one opponent from start to end.
//!
//! Format 1 stored the round as a snapshot (hands, stock, knock, result, scoreboard) that
//! loading could only spot-check. Such a file is not migrated: its scoreboard could only be
//! trusted, not recomputed. It is kept aside like any file that cannot be used, and the player
//! is told why.

use serde::de::IgnoredAny;
use serde::{Deserialize, Serialize};

use crate::ai::Level;
use crate::rules::Match;
use crate::store::{FileKind, FileProblem, Stored};

/// Bumped when the format changes in a way defaults cannot fill in.
pub const SAVE_VERSION: u32 = 2;

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

/// The format version of a save file, read before the rest.
#[derive(Default, Deserialize)]
#[serde(default)]
struct VersionProbe {
    version: u32,
    series: Option<IgnoredAny>,
}

impl Stored for SavedSeries {
    const KIND: FileKind = FileKind::SavedSeries;

    /// Refuses files of another format version before parsing the series in them, so the
    /// player reads "older version", not a parser's complaint about a missing field.
    fn check_text(text: &str) -> Result<(), FileProblem> {
        // A file too broken to find a version in gets the parser's own message later.
        let Ok(probe) = ron::from_str::<VersionProbe>(text) else {
            return Ok(());
        };
        if probe.version > SAVE_VERSION {
            return Err(FileProblem::NewerFormat {
                found: probe.version,
                reads: SAVE_VERSION,
            });
        }
        if probe.version < SAVE_VERSION && probe.series.is_some() {
            return Err(FileProblem::OlderFormat {
                found: probe.version,
            });
        }
        Ok(())
    }

    fn check(&self) -> Result<(), String> {
        if self.series.is_some() && self.version != SAVE_VERSION {
            return Err(format!("format {} is not {SAVE_VERSION}", self.version));
        }
        Ok(())
    }
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::View;
    use crate::rules::RuleSettings;
    use crate::store::{Notice, Store, load, save};

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
        let l = load::<SavedSeries>(&path);
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

        // A hand edit that breaks a rule: a discard of a card that is not in the hand. The
        // replay refuses it and names the move; the file is kept aside, untouched.
        let text = std::fs::read_to_string(&path).unwrap();
        // The last discard of the round in play, swapped for a card the other player holds.
        let rec = crate::rules::series::MatchRecord::from(m.clone());
        let moves = rec.rounds.last().unwrap();
        let mi = moves
            .iter()
            .rposition(|mv| matches!(mv.action, crate::rules::Action::Discard(_)))
            .unwrap();
        let crate::rules::Action::Discard(thrown) = moves[mi].action else {
            unreachable!()
        };
        let mut r = crate::rules::Round::deal(
            m.rules().clone(),
            m.round().dealer(),
            m.round().seed().unwrap(),
        );
        for mv in &moves[..mi] {
            r.apply(mv.seat, mv.action.clone()).unwrap();
        }
        let not_held = r.hand(moves[mi].seat.other()).first().unwrap();
        let at = text.rfind(&format!("Discard(\"{thrown}\")")).unwrap();
        let damaged = format!(
            "{}Discard(\"{not_held}\"){}",
            &text[..at],
            &text[at + format!("Discard(\"{thrown}\")").len()..]
        );
        let (ri, expected) = (
            rec.rounds.len() - 1,
            format!("{not_held} is not in the hand"),
        );
        assert_ne!(damaged, text, "the edit must hit the file");
        std::fs::write(&path, &damaged).unwrap();
        let (store, l) = Store::open::<SavedSeries>(path.clone());
        assert!(l.value.series.is_none());
        let notice = format!("{:?}", l.notice.unwrap());
        assert!(
            notice.contains(&format!("round {}, move {}: {expected}", ri + 1, mi + 1))
                && notice.contains("kept: Ok("),
            "{notice}"
        );
        assert!(store.writable);
        let kept = std::fs::read_dir(&dir)
            .unwrap()
            .flatten()
            .find(|e| e.file_name().to_string_lossy().starts_with("series.bad-"))
            .unwrap();
        assert_eq!(std::fs::read_to_string(kept.path()).unwrap(), damaged);
        // From a newer version: refused too.
        let newer = SavedSeries {
            version: SAVE_VERSION + 1,
            ..saved
        };
        save(&path, &newer).unwrap();
        let l = load::<SavedSeries>(&path);
        assert!(matches!(
            l.notice,
            Some(Notice::Unusable {
                problem: FileProblem::NewerFormat { .. },
                ..
            })
        ));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// A series whose round 1 ended with a knock and round 2 is in play.
    fn series_with_a_finished_round() -> Match {
        let mut m = Match::new(RuleSettings::default(), 9);
        let bot = Level::Medium.bot(3);
        while m.scoreboard().history.is_empty() || m.round().history().len() < 3 {
            match m.round().to_act() {
                Some(s) => {
                    let a = bot.decide(&View::of(m.round(), s, Some(m.scoreboard())));
                    m.apply(s, a).unwrap();
                }
                None => m.next_round().unwrap(),
            }
        }
        m
    }

    #[test]
    fn derived_values_written_into_the_file_change_nothing_and_are_reported() {
        let dir = std::env::temp_dir().join(format!("hg-save-derived-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let path = dir.join("series.ron");
        let m = series_with_a_finished_round();
        save(&path, &SavedSeries::new(&m, Level::Medium, 1)).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        // What a hand edit of the old snapshot format would try: a result and points, a
        // recorded flag, a scoreboard total. None of them is read.
        let forged = text.replacen(
            "series_no:",
            "points: 999, recorded: true, result: (points: 999), \
             scoreboard: (games: [(points: (4000000000, 0))]), series_no:",
            1,
        );
        assert_ne!(forged, text);
        std::fs::write(&path, &forged).unwrap();
        let (store, l) = Store::open::<SavedSeries>(path.clone());
        assert_eq!(l.value.series.as_ref(), Some(&m), "recomputed, not read");
        assert_eq!(
            l.ignored,
            vec![
                "series.points",
                "series.recorded",
                "series.result",
                "series.scoreboard"
            ]
        );
        let notice = format!("{:?}", l.notice.unwrap());
        assert!(notice.contains("\"series.points\""), "{notice}");
        assert!(store.writable, "the original was copied aside first");
        let copy = std::fs::read_dir(&dir)
            .unwrap()
            .flatten()
            .find(|e| {
                e.file_name()
                    .to_string_lossy()
                    .starts_with("series.original-")
            })
            .expect("the file as it was is kept");
        assert_eq!(std::fs::read_to_string(copy.path()).unwrap(), forged);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_save_of_the_old_snapshot_format_is_refused_with_a_reason() {
        let dir = std::env::temp_dir().join(format!("hg-save-v1-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("series.ron");
        std::fs::write(
            &path,
            "(version: 1, series: Some((seed: 9, deals: 1, series_no: 1, recorded: true, \
             scoreboard: (games: []), round: (phase: Finished))), level: Medium, bot_seed: 3)",
        )
        .unwrap();
        let (store, l) = Store::open::<SavedSeries>(path.clone());
        assert!(l.value.series.is_none());
        assert!(
            matches!(
                l.notice,
                Some(Notice::Unusable {
                    problem: FileProblem::OlderFormat { found: 1 },
                    ..
                })
            ),
            "{:?}",
            l.notice
        );
        assert!(
            store.writable && !path.exists(),
            "kept aside, not overwritten"
        );
        // A version-1 file with nothing to continue loses nothing and loads.
        std::fs::write(&path, "(version: 1, series: None, level: Hard)").unwrap();
        let l = load::<SavedSeries>(&path);
        assert!(l.notice.is_none());
        assert_eq!(l.value.level, Level::Hard);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
