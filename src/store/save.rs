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
    /// The file's format version.
    pub version: u32,
    /// `None` when there is nothing to continue.
    pub series: Option<Match>,
    /// The computer's level.
    pub level: Level,
    /// The seed of the computer's choices.
    pub bot_seed: u64,
}

/// The format version of a save file, read before the rest, and which of the fields every
/// save of this format has are there.
#[derive(Default, Deserialize)]
#[serde(default)]
struct VersionProbe {
    version: u32,
    series: Option<IgnoredAny>,
}

/// The format version (0 when missing), and which of the fields every save of that format has
/// are there.
#[derive(Default, Deserialize)]
#[serde(default)]
struct FieldsProbe {
    version: u32,
    series: Present,
    level: Present,
    bot_seed: Present,
}

/// Whether a field is in the file at all, whatever its value (`series: None` included).
#[derive(Default)]
struct Present(bool);

impl<'de> Deserialize<'de> for Present {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Present, D::Error> {
        IgnoredAny::deserialize(d)?;
        Ok(Present(true))
    }
}

/// The seed the computer plays a series from: it follows from the match's seed, so a file
/// whose `bot_seed` does not is damaged (a misspelt key read as 0, a flipped digit).
pub fn bot_seed_of(seed: u64) -> u64 {
    seed ^ 0xB07
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

    /// A save of this format has every field: one that is missing was damaged, and its
    /// default would be read as something the game never saved. (A misspelt key is refused
    /// before this, naming the misspelling.)
    fn check_fields(text: &str) -> Result<(), FileProblem> {
        if let Ok(f) = ron::from_str::<FieldsProbe>(text)
            && f.version == SAVE_VERSION
        {
            for (there, name) in [
                (f.series.0, "series"),
                (f.level.0, "level"),
                (f.bot_seed.0, "bot_seed"),
            ] {
                if !there {
                    return Err(FileProblem::MissingField(name));
                }
            }
        }
        Ok(())
    }

    const MACHINE_WRITTEN: bool = true;

    fn check(&self) -> Result<(), String> {
        let Some(m) = &self.series else {
            return Ok(());
        };
        if self.version != SAVE_VERSION {
            return Err(format!("format {} is not {SAVE_VERSION}", self.version));
        }
        // The game keeps a replayed deal in memory only: one in this file was put there.
        if m.is_replayed_deal() {
            return Err("a replayed deal is practice and is never saved as the series".into());
        }
        if self.bot_seed != bot_seed_of(m.seed()) {
            return Err(format!(
                "bot_seed {} does not follow from the seed {}",
                self.bot_seed,
                m.seed()
            ));
        }
        Ok(())
    }
}

impl SavedSeries {
    /// The save of `m` against a bot of `level` (its seed follows from the match's).
    pub fn new(m: &Match, level: Level) -> SavedSeries {
        SavedSeries {
            version: SAVE_VERSION,
            series: Some(m.clone()),
            level,
            bot_seed: bot_seed_of(m.seed()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::View;
    use crate::rules::{Action, RuleSettings, Seat};
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
        let saved = SavedSeries::new(&m, Level::Hard);
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

    /// Saves `m`, edits the file with `edit`, loads it: the load, and the file kept aside
    /// (the original text must be kept byte for byte).
    fn load_edited(
        name: &str,
        m: &Match,
        edit: impl Fn(&str) -> String,
    ) -> (crate::store::Loaded<SavedSeries>, Option<String>) {
        let dir = std::env::temp_dir().join(format!("hg-save-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let path = dir.join("series.ron");
        save(&path, &SavedSeries::new(m, Level::Easy)).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        let edited = edit(&text);
        assert_ne!(edited, text, "{name}: the edit must hit the file");
        std::fs::write(&path, &edited).unwrap();
        let (store, l) = Store::open::<SavedSeries>(path.clone());
        let kept = std::fs::read_dir(&dir)
            .unwrap()
            .flatten()
            .find(|e| e.file_name().to_string_lossy().starts_with("series.bad-"))
            .map(|e| std::fs::read_to_string(e.path()).unwrap());
        if l.notice.is_some() {
            assert!(store.writable && !path.exists(), "{name}: moved aside");
            assert_eq!(
                kept.as_deref(),
                Some(edited.as_str()),
                "{name}: kept as it was"
            );
        }
        std::fs::remove_dir_all(&dir).unwrap();
        (l, kept)
    }

    #[test]
    fn derived_values_written_into_the_file_are_refused_and_it_is_kept() {
        let m = series_with_a_finished_round();
        // What a hand edit of the old snapshot format would try: a result and points, a
        // recorded flag, a scoreboard total. The game never writes them: refused, named.
        let (l, _) = load_edited("derived", &m, |t| {
            t.replacen(
                "series_no:",
                "points: 999, recorded: true, result: (points: 999), \
                 scoreboard: (games: [(points: (4000000000, 0))]), series_no:",
                1,
            )
        });
        assert!(l.value.series.is_none());
        let notice = format!("{:?}", l.notice.unwrap());
        assert!(
            notice.contains("UnknownFields([\"series.points\", \"series.recorded\""),
            "{notice}"
        );
    }

    #[test]
    fn a_damaged_key_is_refused_never_read_as_another_series() {
        let m = series_with_a_finished_round();
        let refused = |name: &str, edit: &dyn Fn(&str) -> String, why: &str| {
            let (l, kept) = load_edited(name, &m, edit);
            let notice = format!("{:?}", l.notice);
            assert!(l.value.series.is_none(), "{name}: loaded {notice}");
            assert!(notice.contains(why), "{name}: {notice}");
            assert!(kept.is_some(), "{name}");
        };
        // A misspelt key: an unknown field, and the field it was is missing.
        refused("series", &|t| t.replacen("series:", "sereis:", 1), "sereis");
        refused(
            "level",
            &|t| t.replacen("level: Easy", "levle: Easy", 1),
            "levle",
        );
        refused(
            "bonus",
            &|t| t.replacen("gin_bonus:", "gin_bonsu:", 1),
            "gin_bonsu",
        );
        refused(
            "botkey",
            &|t| t.replacen("bot_seed:", "bot_sede:", 1),
            "bot_sede",
        );
        // A key gone altogether.
        refused(
            "nolevel",
            &|t| t.replacen("level: Easy,", "", 1),
            "MissingField(\"level\")",
        );
        // A flipped digit in the computer's seed: it follows from the series' seed.
        let bot = bot_seed_of(m.seed());
        refused(
            "botseed",
            &|t| {
                t.replacen(
                    &format!("bot_seed: {bot}"),
                    &format!("bot_seed: {}", bot ^ 4),
                    1,
                )
            },
            "does not follow from the seed",
        );
        // A practice deal planted as the player's series.
        let practice = Match::from_deal(RuleSettings::default(), Seat::P1, 77);
        let planted = |_: &str| {
            let saved = SavedSeries {
                version: SAVE_VERSION,
                series: Some(practice.clone()),
                level: Level::Easy,
                bot_seed: bot_seed_of(77),
            };
            let text = ron::ser::to_string_pretty(&saved, Default::default()).unwrap();
            assert!(text.contains("replayed_deal: true"), "{text}");
            text
        };
        refused("practice", &planted, "replayed deal is practice");
        // And an untouched file still loads exactly.
        let dir = std::env::temp_dir().join(format!("hg-save-clean-{}", std::process::id()));
        let path = dir.join("series.ron");
        save(&path, &SavedSeries::new(&m, Level::Easy)).unwrap();
        let l = load::<SavedSeries>(&path);
        assert!(l.notice.is_none(), "{:?}", l.notice);
        assert_eq!(l.value.series.as_ref(), Some(&m));
        assert_eq!(l.value.level, Level::Easy);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// Two players who always take the discard (and throw another card) would keep a round
    /// going for ever; the rules end it, and the game's own writer and reader agree on it.
    #[test]
    fn what_play_writes_the_game_reads_back_even_a_round_that_would_never_end() {
        use crate::rules::round::LONG_ROUND;
        use crate::rules::series::MAX_STORED_ROUNDS;
        use crate::store::MAX_FILE_BYTES;
        let mut m = Match::new(RuleSettings::default(), 3);
        while let Some(s) = m.round().to_act() {
            let legal = m.round().legal_actions();
            let pick = legal
                .iter()
                .find(|a| matches!(a, Action::TakeDiscard))
                .or_else(|| legal.iter().find(|a| matches!(a, Action::Discard(_))))
                .or_else(|| legal.iter().find(|a| !matches!(a, Action::Knock { .. })))
                .unwrap()
                .clone();
            m.apply(s, pick).unwrap();
        }
        let moves = m.round().history().len();
        assert!(
            (LONG_ROUND..LONG_ROUND + 80).contains(&moves),
            "the round ended after {moves} moves"
        );
        let dir = std::env::temp_dir().join(format!("hg-save-long-{}", std::process::id()));
        let path = dir.join("series.ron");
        let saved = SavedSeries::new(&m, Level::Medium);
        save(&path, &saved).unwrap();
        let l = load::<SavedSeries>(&path);
        assert!(l.notice.is_none(), "{:?}", l.notice);
        assert_eq!(l.value, saved, "read back exactly");
        // The largest series play can make: the most rounds, each as long as this one. Its
        // file is within what the store reads.
        let one = std::fs::metadata(&path).unwrap().len();
        assert!(
            one * MAX_STORED_ROUNDS as u64 <= MAX_FILE_BYTES,
            "{one} bytes a round × {MAX_STORED_ROUNDS} rounds is over {MAX_FILE_BYTES}"
        );
        // And the rules deal no round past the most a series holds.
        let mut rec = crate::rules::series::MatchRecord::from(m.clone());
        let round = rec.rounds[0].clone();
        rec.rounds = vec![round; MAX_STORED_ROUNDS + 1];
        assert!(Match::try_from(rec).is_err());
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
