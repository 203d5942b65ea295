//! Statistics kept across sessions, per difficulty level.
//!
//! Counted from the human's point of view. A round counts when it is entered on the
//! scoreboard, a game when it closes, a series when it is decided (two games won) — the
//! moment a player would call it won, even though play continues until all three games close.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::ai::Level;
use crate::rules::{Entry, Outcome, RoundResult, Seat};

/// One level's record.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Record {
    /// Series won.
    pub series_won: u32,
    /// Series lost.
    pub series_lost: u32,
    /// Hollywood games won.
    pub games_won: u32,
    /// Hollywood games lost.
    pub games_lost: u32,
    /// Rounds won.
    pub rounds_won: u32,
    /// Rounds lost.
    pub rounds_lost: u32,
    /// Rounds that ended dead.
    pub dead_hands: u32,
    /// Rounds the human knocked in (gin included).
    pub knocks: u32,
    /// Rounds won by gin.
    pub gins: u32,
    /// Undercuts the human made (as defender).
    pub undercuts: u32,
    /// Times the human was undercut.
    pub undercut_against: u32,
    /// Most points the human scored in one round.
    pub best_round: u32,
}

/// All levels.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Stats {
    /// The record at each level.
    pub levels: BTreeMap<Level, Record>,
}

impl crate::store::Stored for Stats {
    const KIND: crate::store::FileKind = crate::store::FileKind::Statistics;
    const MACHINE_WRITTEN: bool = true;

    /// Counters that no play can produce (more gins than knocks, a series won without its two
    /// games) are a damaged or edited file: refused, not saturated into nonsense.
    fn check(&self) -> Result<(), String> {
        for (level, r) in &self.levels {
            if let Some(why) = r.contradiction() {
                return Err(format!("{level:?}: {why}"));
            }
        }
        Ok(())
    }
}

impl Record {
    /// The first thing these counters say that play cannot, if any. Every bound follows from
    /// how [`Stats::count_round`] counts: a gin is a knock the human won, an undercut made is
    /// a round won, an undercut suffered a knock lost, a game closes in a round its winner
    /// won (at most three at once), and a series is decided by its winner's second game.
    pub fn contradiction(&self) -> Option<String> {
        let n = u64::from;
        let checks = [
            (n(self.gins) <= n(self.knocks), "more gins than knocks"),
            (
                n(self.gins) + n(self.undercuts) <= n(self.rounds_won),
                "more gins and undercuts than rounds won",
            ),
            (
                n(self.undercut_against) <= n(self.knocks).min(n(self.rounds_lost)),
                "more undercuts suffered than knocks or rounds lost",
            ),
            (
                n(self.knocks) <= n(self.rounds_won) + n(self.rounds_lost),
                "more knocks than rounds won and lost",
            ),
            (
                n(self.games_won) <= 3 * n(self.rounds_won)
                    && n(self.games_lost) <= 3 * n(self.rounds_lost),
                "more games than three a round won",
            ),
            (
                2 * n(self.series_won) <= n(self.games_won)
                    && 2 * n(self.series_lost) <= n(self.games_lost),
                "a series decided without two games won",
            ),
            (
                self.rounds_won > 0 || self.best_round == 0,
                "a best round with no round won",
            ),
        ];
        checks
            .iter()
            .find(|(holds, _)| !holds)
            .map(|(_, why)| why.to_string())
    }
}

impl Stats {
    /// The record at `level` (empty if never played).
    pub fn record(&self, level: Level) -> Record {
        self.levels.get(&level).cloned().unwrap_or_default()
    }

    /// Counts a finished round for `human` against a bot of `level`, with its scoreboard
    /// entry, which says which games it closed and whether it decided the series, so each
    /// counts exactly once.
    pub fn count_round(&mut self, level: Level, human: Seat, result: &RoundResult, entry: &Entry) {
        let r = self.levels.entry(level).or_default();
        match result.winner {
            None => r.dead_hands = r.dead_hands.saturating_add(1),
            Some(w) if w == human => {
                r.rounds_won = r.rounds_won.saturating_add(1);
                r.best_round = r.best_round.max(result.points);
            }
            Some(_) => r.rounds_lost = r.rounds_lost.saturating_add(1),
        }
        if result.knocker == Some(human) {
            r.knocks = r.knocks.saturating_add(1);
        }
        match result.outcome {
            Outcome::Gin | Outcome::BigGin if result.knocker == Some(human) => {
                r.gins = r.gins.saturating_add(1)
            }
            Outcome::Undercut if result.winner == Some(human) => {
                r.undercuts = r.undercuts.saturating_add(1)
            }
            Outcome::Undercut => r.undercut_against = r.undercut_against.saturating_add(1),
            _ => {}
        }
        if let Some(w) = entry.winner {
            for _ in &entry.closed {
                if w == human {
                    r.games_won = r.games_won.saturating_add(1);
                } else {
                    r.games_lost = r.games_lost.saturating_add(1);
                }
            }
        }
        if let Some(w) = entry.decided_series {
            if w == human {
                r.series_won = r.series_won.saturating_add(1);
            } else {
                r.series_lost = r.series_lost.saturating_add(1);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Match, RuleSettings};

    /// Plays a whole series bot against bot (seed 42), counting every round for the human
    /// (P1); returns the match and the number of rounds counted.
    fn count_a_series(stats: &mut Stats) -> (Match, u32) {
        let mut m = Match::new(RuleSettings::default(), 42);
        let bot = Level::Medium.bot(1);
        let mut rounds = 0;
        while !m.scoreboard().is_over() {
            while let Some(s) = m.round().to_act() {
                let a = bot.decide(&crate::ai::View::of(m.round(), s, Some(m.scoreboard())));
                if let Some(e) = m.apply(s, a).unwrap() {
                    let res = m.round().result().unwrap().clone();
                    stats.count_round(Level::Medium, Seat::P1, &res, &e);
                    rounds += 1;
                }
            }
            if !m.scoreboard().is_over() {
                m.next_round().unwrap();
            }
        }
        (m, rounds)
    }

    #[test]
    fn a_played_series_is_counted_once_each() {
        // Play a whole series bot against bot and count it as the human (P1).
        let mut stats = Stats::default();
        let (m, rounds) = count_a_series(&mut stats);
        let r = stats.record(Level::Medium);
        assert_eq!(r.rounds_won + r.rounds_lost + r.dead_hands, rounds);
        assert_eq!(r.games_won + r.games_lost, 3, "three games closed");
        assert_eq!(r.series_won + r.series_lost, 1, "one series decided");
        let sb = m.scoreboard();
        assert_eq!(r.games_won, sb.games_won()[0]);
        assert_eq!(r.series_won == 1, sb.series_winner() == Some(Seat::P1));
        let p1_wins = sb
            .history
            .iter()
            .filter(|e| e.winner == Some(Seat::P1))
            .count() as u32;
        assert_eq!(r.rounds_won, p1_wins);
        let best = sb
            .history
            .iter()
            .filter(|e| e.winner == Some(Seat::P1))
            .map(|e| e.points)
            .max()
            .unwrap_or(0);
        assert_eq!(r.best_round, best);
        assert_eq!(stats.record(Level::Hard), Record::default());
        assert_eq!(r.contradiction(), None, "{r:?}");
        // Round-trips through RON.
        let back: Stats = ron::from_str(&ron::to_string(&stats).unwrap()).unwrap();
        assert_eq!(back, stats);
    }

    #[test]
    fn counters_at_their_maximum_stay_there() {
        let full = Record {
            series_won: u32::MAX,
            series_lost: u32::MAX,
            games_won: u32::MAX,
            games_lost: u32::MAX,
            rounds_won: u32::MAX,
            rounds_lost: u32::MAX,
            dead_hands: u32::MAX,
            knocks: u32::MAX,
            gins: u32::MAX,
            undercuts: u32::MAX,
            undercut_against: u32::MAX,
            best_round: u32::MAX,
        };
        let text = ron::to_string(&Stats {
            levels: [(Level::Medium, full.clone())].into(),
        })
        .unwrap();
        let mut stats: Stats = ron::from_str(&text).unwrap();
        // A whole series, so every counter is touched (rounds, games, the series).
        count_a_series(&mut stats);
        assert_eq!(stats.record(Level::Medium), full);
    }

    #[test]
    fn counters_no_play_can_produce_are_refused_and_the_file_kept() {
        use crate::store::{FileProblem, Notice, load, save};
        let dir = std::env::temp_dir().join(format!("hg-stats-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let path = dir.join("statistics.ron");
        let mut played = Stats::default();
        count_a_series(&mut played);
        let good = played.record(Level::Medium);
        let forged = |f: &dyn Fn(&mut Record)| {
            let mut r = good.clone();
            f(&mut r);
            r
        };
        let cases: [(&str, Record); 7] = [
            ("more gins than knocks", forged(&|r| r.gins = r.knocks + 1)),
            ("rounds won", forged(&|r| r.undercuts = r.rounds_won + 1)),
            (
                "undercuts suffered",
                forged(&|r| r.undercut_against = r.knocks + 1),
            ),
            (
                "more knocks",
                forged(&|r| r.knocks = r.rounds_won + r.rounds_lost + 1),
            ),
            (
                "three a round",
                forged(&|r| r.games_won = 3 * r.rounds_won + 1),
            ),
            ("two games", forged(&|r| r.series_won = r.games_won / 2 + 1)),
            (
                "best round",
                Record {
                    best_round: 31,
                    ..Record::default()
                },
            ),
        ];
        for (why, r) in cases {
            assert!(
                r.contradiction().is_some_and(|c| c.contains(why)),
                "{why}: {r:?}"
            );
            let stats = Stats {
                levels: [(Level::Medium, r)].into(),
            };
            save(&path, &stats).unwrap();
            let written = std::fs::read_to_string(&path).unwrap();
            let l = load::<Stats>(&path);
            assert_eq!(l.value, Stats::default(), "{why}");
            let Some(Notice::Unusable {
                problem: FileProblem::BadValue(said),
                kept: Ok(aside),
                ..
            }) = &l.notice
            else {
                panic!("{why}: {:?}", l.notice)
            };
            assert!(said.contains(why), "{said}");
            assert_eq!(std::fs::read_to_string(aside).unwrap(), written);
        }
        // A misspelt key is refused too: the file is the game's alone.
        save(&path, &played).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        std::fs::write(&path, text.replacen("gins:", "gnis:", 1)).unwrap();
        let l = load::<Stats>(&path);
        assert!(
            matches!(&l.notice, Some(Notice::Unusable { problem: FileProblem::UnknownFields(f), .. }) if f[0].contains("gnis")),
            "{:?}",
            l.notice
        );
        // And what play wrote loads as it was.
        save(&path, &played).unwrap();
        let l = load::<Stats>(&path);
        assert!(l.notice.is_none(), "{:?}", l.notice);
        assert_eq!(l.value, played);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
