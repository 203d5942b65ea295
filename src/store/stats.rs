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
    pub series_won: u32,
    pub series_lost: u32,
    pub games_won: u32,
    pub games_lost: u32,
    pub rounds_won: u32,
    pub rounds_lost: u32,
    pub dead_hands: u32,
    /// Rounds the human knocked in (gin included).
    pub knocks: u32,
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
    pub levels: BTreeMap<Level, Record>,
}

impl crate::store::Stored for Stats {
    const KIND: crate::store::FileKind = crate::store::FileKind::Statistics;
}

impl Stats {
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
}
