//! The Hollywood scoreboard: three games scored at once.
//!
//! How credit works, as one rule: a win is entered in every open game the winner has already
//! scored in, plus the first open game the winner has not yet scored in. That single rule gives
//! the familiar pattern (1st win → game 1; 2nd → games 1 and 2; 3rd and later → all three) and
//! also the edge cases: once a game closes, later wins go only to open games, and a player who
//! never scored in a closed game starts in the next open one, because that is the first open
//! game they have not scored in. "Scored in" means "has an entry", not "has points", so a win
//! worth 0 (possible with a 0 undercut bonus) still opens a player's column.
//!
//! A game closes the moment a player reaches the target; the series is won by whoever wins two
//! games, but play goes on until all three have closed (that is how Hollywood is played, and the
//! later games still carry their own bonuses). Every entry is kept so the overlay can show the
//! history and which games each round was credited to.
//!
//! The optional classic bonuses are added when a game closes and kept apart from the running
//! points: the target is reached on points alone.
//!
//! Arithmetic saturates: the rules' bounds keep real scores far from `u32::MAX`, and the
//! scoreboard must not panic (debug) or wrap (release) whatever it is handed.

use serde::{Deserialize, Serialize};

use super::round::{Outcome, RoundResult, Seat};
use super::settings::RuleSettings;

/// One of the three games.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Game {
    /// Running points per seat.
    pub points: [u32; 2],
    /// Wins entered in this game per seat (a seat with 0 has not scored in it).
    pub wins: [u32; 2],
    /// Set when the game closes.
    pub winner: Option<Seat>,
    /// Bonuses added at close (line, game, shutout) per seat.
    pub bonuses: [u32; 2],
}

impl Game {
    /// Whether the game is still open (below the target).
    pub fn is_open(&self) -> bool {
        self.winner.is_none()
    }

    /// Whether seat `s` has scored in it.
    pub fn has_scored(&self, s: Seat) -> bool {
        self.wins[s.index()] > 0
    }

    /// Points plus bonuses.
    pub fn total(&self, s: Seat) -> u32 {
        self.points[s.index()].saturating_add(self.bonuses[s.index()])
    }
}

/// One round as recorded on the scoreboard.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    /// Round number within the series, from 1.
    pub round: u32,
    /// How the round ended.
    pub outcome: Outcome,
    /// Who won it (none for a dead hand).
    pub winner: Option<Seat>,
    /// The points it scored.
    pub points: u32,
    /// Indices (0..3) of the games credited.
    pub games: Vec<usize>,
    /// Indices of games this round closed (the round's winner wins them).
    pub closed: Vec<usize>,
    /// Set when this round gave a seat its second game: the series is decided.
    #[serde(default)]
    pub decided_series: Option<Seat>,
    /// This round closed the last open game: the series is over.
    #[serde(default)]
    pub ended_series: bool,
}

/// The three games of one Hollywood series.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Scoreboard {
    /// The rules the series is played under.
    pub rules: RuleSettings,
    /// The three games.
    pub games: [Game; 3],
    /// Every round entered, in order.
    pub history: Vec<Entry>,
}

impl Scoreboard {
    /// An empty scoreboard under `rules`.
    pub fn new(rules: RuleSettings) -> Scoreboard {
        Scoreboard {
            rules,
            games: Default::default(),
            history: Vec::new(),
        }
    }

    /// The games a win by `s` would be credited to now.
    pub fn games_for_win(&self, s: Seat) -> Vec<usize> {
        games_for_win(&self.games, s)
    }

    /// Records a win of `points` by `s`; returns the entry. Does nothing to closed games; after
    /// the series is over the win is recorded with no games.
    pub fn record_win(&mut self, s: Seat, points: u32, outcome: Outcome) -> &Entry {
        let games = self.games_for_win(s);
        let mut closed = Vec::new();
        for &g in &games {
            let game = &mut self.games[g];
            game.points[s.index()] = game.points[s.index()].saturating_add(points);
            game.wins[s.index()] = game.wins[s.index()].saturating_add(1);
            if game.points[s.index()] >= self.rules.game_target {
                game.winner = Some(s);
                closed.push(g);
                let bonuses = close_bonuses(&self.rules, game, s);
                self.games[g].bonuses = bonuses;
            }
        }
        let round = self.history.len() as u32 + 1;
        let decided_series = (!closed.is_empty() && self.games_won()[s.index()] == 2).then_some(s);
        let ended_series = !closed.is_empty() && self.is_over();
        self.history.push(Entry {
            round,
            outcome,
            winner: Some(s),
            points,
            games,
            closed,
            decided_series,
            ended_series,
        });
        self.history.last().expect("just pushed")
    }

    /// Records a finished round (a dead hand is kept in the history with no credit).
    pub fn record(&mut self, result: &RoundResult) -> &Entry {
        match result.winner {
            Some(w) => self.record_win(w, result.points, result.outcome),
            None => {
                let round = self.history.len() as u32 + 1;
                self.history.push(Entry {
                    round,
                    outcome: result.outcome,
                    winner: None,
                    points: 0,
                    games: Vec::new(),
                    closed: Vec::new(),
                    decided_series: None,
                    ended_series: false,
                });
                self.history.last().expect("just pushed")
            }
        }
    }

    /// Games won by each seat.
    pub fn games_won(&self) -> [u32; 2] {
        let mut w = [0, 0];
        for g in &self.games {
            if let Some(s) = g.winner {
                w[s.index()] += 1;
            }
        }
        w
    }

    /// Rounds won by each seat (by seat index), over the series' history.
    pub fn rounds_won(&self) -> [u32; 2] {
        let mut won = [0; 2];
        for w in self.history.iter().filter_map(|e| e.winner) {
            won[w.index()] += 1;
        }
        won
    }

    /// Gins (big gins included) won by each seat (by seat index), over the series' history.
    pub fn gins(&self) -> [u32; 2] {
        let mut gins = [0; 2];
        for e in &self.history {
            if let Some(w) = e.winner
                && matches!(e.outcome, Outcome::Gin | Outcome::BigGin)
            {
                gins[w.index()] += 1;
            }
        }
        gins
    }

    /// The series winner, as soon as someone has won two games.
    pub fn series_winner(&self) -> Option<Seat> {
        let w = self.games_won();
        Seat::ALL.into_iter().find(|s| w[s.index()] >= 2)
    }

    /// True when all three games have closed.
    pub fn is_over(&self) -> bool {
        self.games.iter().all(|g| !g.is_open())
    }

    /// Who leads the series now: more games won, then more total points over the open games.
    pub fn leader(&self) -> Option<Seat> {
        let w = self.games_won();
        if w[0] != w[1] {
            return Some(if w[0] > w[1] { Seat::P1 } else { Seat::P2 });
        }
        let t = |s: Seat| {
            self.games
                .iter()
                .fold(0u32, |sum, g| sum.saturating_add(g.total(s)))
        };
        match t(Seat::P1).cmp(&t(Seat::P2)) {
            std::cmp::Ordering::Greater => Some(Seat::P1),
            std::cmp::Ordering::Less => Some(Seat::P2),
            std::cmp::Ordering::Equal => None,
        }
    }
}

/// The credit rule (see the module docs): every open game `s` has scored in, plus the first
/// open game `s` has not scored in.
pub fn games_for_win(games: &[Game; 3], s: Seat) -> Vec<usize> {
    let mut v: Vec<usize> = (0..3)
        .filter(|&g| games[g].is_open() && games[g].has_scored(s))
        .collect();
    if let Some(g) = (0..3).find(|&g| games[g].is_open() && !games[g].has_scored(s)) {
        v.push(g);
        v.sort_unstable();
    }
    v
}

fn close_bonuses(rules: &RuleSettings, game: &Game, winner: Seat) -> [u32; 2] {
    let mut b = [0u32; 2];
    if let Some(line) = rules.line_bonus {
        for s in Seat::ALL {
            b[s.index()] = b[s.index()].saturating_add(line.saturating_mul(game.wins[s.index()]));
        }
    }
    if let Some(gb) = rules.game_bonus {
        b[winner.index()] = b[winner.index()].saturating_add(gb);
    }
    if let Some(sb) = rules.shutout_bonus
        && !game.has_scored(winner.other())
    {
        b[winner.index()] = b[winner.index()].saturating_add(sb);
    }
    b
}

#[cfg(test)]
mod tests {
    use super::*;

    const BOB: Seat = Seat::P1;
    const ALEX: Seat = Seat::P2;

    fn points(sb: &Scoreboard, s: Seat) -> [u32; 3] {
        [
            sb.games[0].points[s.index()],
            sb.games[1].points[s.index()],
            sb.games[2].points[s.index()],
        ]
    }

    #[test]
    fn the_worked_example() {
        let mut sb = Scoreboard::new(RuleSettings::default());
        assert_eq!(sb.record_win(BOB, 10, Outcome::Knock).games, vec![0]);
        assert_eq!(sb.record_win(ALEX, 18, Outcome::Knock).games, vec![0]);
        assert_eq!(sb.record_win(BOB, 30, Outcome::Gin).games, vec![0, 1]);
        assert_eq!(sb.record_win(BOB, 4, Outcome::Knock).games, vec![0, 1, 2]);
        assert_eq!(points(&sb, ALEX), [18, 0, 0]);
        assert_eq!(points(&sb, BOB), [44, 34, 4]);
        assert_eq!(sb.history.len(), 4);
        assert!(sb.series_winner().is_none());
        // The tallies the series summary shows: rounds won and gins, by seat.
        sb.record_win(ALEX, 27, Outcome::BigGin);
        assert_eq!(sb.rounds_won()[BOB.index()], 3);
        assert_eq!(sb.rounds_won()[ALEX.index()], 2);
        assert_eq!(sb.gins()[BOB.index()], 1);
        assert_eq!(sb.gins()[ALEX.index()], 1, "a big gin is a gin");
    }

    #[test]
    fn closed_game_takes_no_more_and_shut_out_player_starts_in_next_open_game() {
        let mut sb = Scoreboard::new(RuleSettings::default());
        let e = sb.record_win(BOB, 60, Outcome::Knock).clone();
        assert_eq!(e.games, vec![0]);
        let e = sb.record_win(BOB, 45, Outcome::Knock).clone();
        assert_eq!(e.games, vec![0, 1]);
        assert_eq!(e.closed, vec![0], "105 closes game 1");
        assert_eq!(sb.games[0].winner, Some(BOB));
        // Alex never scored in game 1 (closed): her first win goes to game 2 only... game 2 is
        // the first open game she has not scored in.
        let e = sb.record_win(ALEX, 20, Outcome::Knock).clone();
        assert_eq!(e.games, vec![1]);
        // Her next win: game 2 (scored) + game 3 (first open not scored).
        let e = sb.record_win(ALEX, 20, Outcome::Knock).clone();
        assert_eq!(e.games, vec![1, 2]);
        // Bob: game 2 (scored) + game 3 (first open not scored); game 1 is closed.
        let e = sb.record_win(BOB, 10, Outcome::Knock).clone();
        assert_eq!(e.games, vec![1, 2]);
        assert_eq!(points(&sb, BOB), [105, 55, 10]);
        assert_eq!(points(&sb, ALEX), [0, 40, 20]);
    }

    #[test]
    fn series_decided_at_two_but_played_until_all_close() {
        let mut sb = Scoreboard::new(RuleSettings::default());
        sb.record_win(BOB, 50, Outcome::Knock);
        sb.record_win(BOB, 50, Outcome::Knock); // g1 100 closes, g2 50
        assert_eq!(sb.games_won(), [1, 0]);
        let e = sb.record_win(BOB, 50, Outcome::Knock).clone(); // g2 100 closes, g3 50
        assert_eq!(sb.series_winner(), Some(BOB));
        assert_eq!(e.decided_series, Some(BOB), "the second game decides it");
        assert!(!e.ended_series);
        assert!(
            sb.history[..2].iter().all(|e| e.decided_series.is_none()),
            "one game won decides nothing"
        );
        assert!(!sb.is_over());
        let e = sb.record_win(ALEX, 120, Outcome::Gin).clone();
        assert_eq!(e.games, vec![2], "only game 3 is open");
        assert_eq!(e.closed, vec![2]);
        assert!(sb.is_over());
        assert!(e.ended_series && e.decided_series.is_none(), "{e:?}");
        assert_eq!(sb.games_won(), [2, 1]);
        assert_eq!(sb.series_winner(), Some(BOB));
        // After the series, a win goes nowhere.
        assert!(sb.record_win(ALEX, 10, Outcome::Knock).games.is_empty());
    }

    #[test]
    fn dead_hand_is_recorded_without_credit() {
        let mut sb = Scoreboard::new(RuleSettings::default());
        let res = RoundResult {
            outcome: Outcome::DeadHand,
            knocker: None,
            winner: None,
            points: 0,
            bonus: 0,
            spreads: Default::default(),
            layoffs: Vec::new(),
        };
        let e = sb.record(&res).clone();
        assert!(e.games.is_empty() && e.winner.is_none());
        assert_eq!(sb.games_for_win(BOB), vec![0]);
    }

    #[test]
    fn classic_bonuses_at_close() {
        let rules = RuleSettings {
            line_bonus: Some(25),
            game_bonus: Some(100),
            shutout_bonus: Some(100),
            ..RuleSettings::default()
        };
        let mut sb = Scoreboard::new(rules);
        sb.record_win(BOB, 60, Outcome::Knock);
        sb.record_win(BOB, 45, Outcome::Knock); // closes game 1, Alex shut out there
        let g = &sb.games[0];
        assert_eq!(g.bonuses, [2 * 25 + 100 + 100, 0]);
        assert_eq!(g.total(BOB), 105 + 250);
        assert_eq!(sb.games[1].bonuses, [0, 0], "open games have no bonus yet");
        assert_eq!(sb.leader(), Some(BOB));
    }

    #[test]
    fn scoreboard_ron_round_trip() {
        let mut sb = Scoreboard::new(RuleSettings::default());
        sb.record_win(BOB, 60, Outcome::Knock);
        sb.record_win(ALEX, 45, Outcome::Undercut);
        let text = ron::ser::to_string_pretty(&sb, Default::default()).unwrap();
        assert_eq!(ron::from_str::<Scoreboard>(&text).unwrap(), sb);
    }
}
