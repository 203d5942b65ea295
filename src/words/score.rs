//! What the overlay says about the score: the three games side by side, the history lines,
//! the banner after a round and the announcements when a game closes or the series is
//! decided. Pure functions of the scoreboard, so every wording is unit-tested; the overlay only
//! draws these strings.
//!
//! Decisions: a game's cell shows the total including bonuses (what decides nothing, but what
//! a player adds up); a player who has not scored in a game yet shows "–" rather than 0, which
//! is how Hollywood sheets are kept and makes "starts in the next open game" visible.

use crate::rules::{Entry, Game, Outcome, RoundResult, Scoreboard, Seat};

use super::{self as words, who};
use crate::lang::Voice;
use crate::seats::HUMAN;

/// The scoreboard as text cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoreView {
    /// `cells[seat][game]`.
    pub cells: [[String; 3]; 2],
    /// Per game: "open", or who won it.
    pub status: [String; 3],
    /// Who leads or won the series.
    pub series: String,
    /// One line per round, newest last.
    pub history: Vec<String>,
}

/// "games 1, 2, 3" / "game 2" / "no open game".
fn games_list(v: &Voice, games: &[usize]) -> String {
    let numbers = games
        .iter()
        .map(|g| (g + 1).to_string())
        .collect::<Vec<_>>()
        .join(", ");
    v.t(
        "games-list",
        &[("count", games.len().into()), ("games", numbers.into())],
    )
}

/// An outcome, for a message's selector.
fn outcome(o: Outcome) -> &'static str {
    match o {
        Outcome::Knock => "knock",
        Outcome::Undercut => "undercut",
        Outcome::Gin => "gin",
        Outcome::BigGin => "big-gin",
        Outcome::DeadHand => "dead",
    }
}

/// One history line, e.g. "Round 4: You +4 (knock) in games 1, 2, 3". (No arrow: egui's
/// default fonts have no "→" glyph.)
pub fn history_line(v: &Voice, e: &Entry) -> String {
    let mut s = match e.winner {
        None => v.t("history-dead-hand", &[("round", e.round.into())]),
        Some(w) => v.t(
            "history-win",
            &[
                ("round", e.round.into()),
                ("who", who(w).into()),
                ("points", e.points.into()),
                ("how", outcome(e.outcome).into()),
                ("games", games_list(v, &e.games).into()),
            ],
        ),
    };
    for g in &e.closed {
        s.push_str(&v.t("history-closes", &[("game", (g + 1).into())]));
    }
    s
}

/// `s`'s total in `game`, or `None` while they have not scored in it (the sheet's "–").
fn scored(game: &Game, s: Seat) -> Option<u32> {
    (game.has_scored(s) || game.total(s) > 0).then(|| game.total(s))
}

impl ScoreView {
    /// The scoreboard `sb` in words.
    pub fn of(v: &Voice, sb: &Scoreboard) -> ScoreView {
        let mut cells: [[String; 3]; 2] = Default::default();
        let mut status: [String; 3] = Default::default();
        for (g, game) in sb.games.iter().enumerate() {
            for s in Seat::ALL {
                cells[s.index()][g] = scored(game, s).map_or("–".into(), |t| t.to_string());
            }
            status[g] = match game.winner {
                None => v.t("game-open", &[]),
                Some(w) => v.t("game-won-by", &[("who", who(w).into())]),
            };
        }
        let won = sb.games_won();
        let (h, c) = (won[HUMAN.index()], won[HUMAN.other().index()]);
        let games = [("you", h.into()), ("computer", c.into())];
        let series = match sb.series_winner() {
            Some(w) => v.t(
                "series-won",
                &[&games[..], &[("who", who(w).into())]].concat(),
            ),
            None => v.t(
                "series-standing",
                &[
                    &games[..],
                    &[("who", sb.leader().map_or("nobody", who).into())],
                ]
                .concat(),
            ),
        };
        ScoreView {
            cells,
            status,
            series,
            history: sb.history.iter().map(|e| history_line(v, e)).collect(),
        }
    }
}

/// The score of a round worked out line by line, as a player checks it on paper: each side's
/// deadwood (the defender's after layoffs, which are named), the sum, and what each game
/// credited now stands at. Empty for a dead hand.
pub fn worked_out(
    v: &Voice,
    result: &RoundResult,
    entry: &Entry,
    after: &Scoreboard,
) -> Vec<String> {
    let (Some(k), Some(w)) = (result.knocker, result.winner) else {
        return Vec::new();
    };
    let d = k.other();
    let kd = result.spreads[k.index()].deadwood_points;
    let dd = result.spreads[d.index()].deadwood_points;
    let mut lines = Vec::new();
    lines.push(v.t(
        "worked-knocker",
        &[
            ("who", who(k).into()),
            ("how", outcome(result.outcome).into()),
            ("deadwood", kd.into()),
        ],
    ));
    let laid: Vec<String> = result.layoffs.iter().map(|l| words::card(l.card)).collect();
    lines.push(v.t(
        "worked-defender",
        &[
            ("who", who(d).into()),
            ("deadwood", dd.into()),
            ("laid", laid.len().into()),
            ("cards", laid.join(" ").into()),
        ],
    ));
    let p = result.points;
    let sum = match result.outcome {
        Outcome::Gin | Outcome::BigGin => format!("{} + {dd} = {p}", result.bonus),
        Outcome::Undercut => format!("{kd} − {dd} + {} = {p}", result.bonus),
        _ => format!("{dd} − {kd} = {p}"),
    };
    lines.push(v.t(
        "worked-sum",
        &[
            ("sum", sum.into()),
            ("how", outcome(result.outcome).into()),
            ("who", who(w).into()),
        ],
    ));
    for &g in &entry.games {
        let now = after.games[g].points[w.index()];
        lines.push(v.t(
            "worked-game",
            &[
                ("game", (g + 1).into()),
                ("points", p.into()),
                ("who", who(w).into()),
                ("now", now.into()),
            ],
        ));
    }
    lines
}

/// The banner after a round, e.g. "Computer undercut you: +12 to game 1", plus a line for each
/// game it closed and one when it decided the series.
pub fn banner(v: &Voice, result: &RoundResult, entry: &Entry, after: &Scoreboard) -> Vec<String> {
    let mut lines = Vec::new();
    let first = match result.winner {
        None => v.t("banner-dead-hand", &[]),
        Some(w) => v.t(
            "banner-win",
            &[
                ("who", who(w).into()),
                ("how", outcome(result.outcome).into()),
                ("points", entry.points.into()),
                ("games", games_list(v, &entry.games).into()),
            ],
        ),
    };
    lines.push(first);
    for &g in &entry.closed {
        let game = &after.games[g];
        let (me, them) = (game.total(HUMAN), game.total(HUMAN.other()));
        lines.push(v.t(
            "banner-game-closes",
            &[
                ("game", (g + 1).into()),
                ("who", game.winner.map_or("nobody", who).into()),
                ("you", me.into()),
                ("computer", them.into()),
            ],
        ));
    }
    if let Some(w) = entry.decided_series {
        lines.push(v.t("banner-series-decided", &[("who", who(w).into())]));
    }
    if entry.ended_series {
        lines.push(v.t("banner-series-over", &[]));
    }
    lines
}

/// The banner in full, as the overlay shows it after a round: the headline, the score worked
/// out, then what closed or was decided (and, for a replayed deal, that it was not scored).
pub fn banner_in_full(
    v: &Voice,
    result: &RoundResult,
    entry: &Entry,
    after: &Scoreboard,
    practice: bool,
) -> Vec<String> {
    let mut lines = banner(v, result, entry, after);
    let rest = lines.split_off(1);
    lines.extend(worked_out(v, result, entry, after));
    lines.extend(rest);
    if practice {
        lines.push(v.t("banner-practice", &[]));
    }
    lines
}

/// A new deal as a screen reader hears it: "Round 2: games 1, 2, 3 open."
pub fn spoken_deal(v: &Voice, sb: &Scoreboard) -> String {
    let open: Vec<usize> = (0..3).filter(|&g| sb.games[g].is_open()).collect();
    v.t(
        "speak-deal",
        &[
            ("round", (sb.history.len() + 1).into()),
            ("games", games_list(v, &open).into()),
        ],
    )
}

/// The three games and the series as a screen reader says them, one sentence each: "Game 1:
/// you 45, the computer no score yet, open." (the score grid's cells and rows, in words).
pub fn spoken_scores(v: &Voice, sb: &Scoreboard) -> String {
    let view = ScoreView::of(v, sb);
    let cell = |seat: Seat, g: usize| {
        scored(&sb.games[g], seat).map_or_else(|| v.t("speak-no-score", &[]), |t| t.to_string())
    };
    let mut s = String::new();
    for g in 0..3 {
        s.push_str(&v.t(
            "speak-score-game",
            &[
                ("game", (g + 1).into()),
                ("you", cell(HUMAN, g).into()),
                ("computer", cell(HUMAN.other(), g).into()),
                ("status", view.status[g].as_str().into()),
            ],
        ));
        s.push(' ');
    }
    s.push_str(&view.series);
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::RuleSettings;

    fn en() -> &'static Voice {
        static EN: Voice = Voice::new(crate::lang::Lang::En);
        &EN
    }

    const YOU: Seat = HUMAN;
    const CPU: Seat = Seat::P2;

    #[test]
    fn the_rules_example_reads_as_on_a_score_sheet() {
        // The rules' example: Bob (computer) 10, Alexandra (you) 18, Bob 30, Bob 4.
        let mut sb = Scoreboard::new(RuleSettings::default());
        sb.record_win(CPU, 10, Outcome::Knock);
        sb.record_win(YOU, 18, Outcome::Knock);
        sb.record_win(CPU, 30, Outcome::Knock);
        sb.record_win(CPU, 4, Outcome::Gin);
        let v = ScoreView::of(en(), &sb);
        assert_eq!(v.cells[YOU.index()], ["18", "–", "–"].map(String::from));
        assert_eq!(v.cells[CPU.index()], ["44", "34", "4"].map(String::from));
        assert_eq!(v.status, ["open", "open", "open"].map(String::from));
        assert_eq!(v.series, "The computer leads the series (0–0 in games).");
        assert_eq!(
            v.history,
            vec![
                "Round 1: Computer +10 (knock) in game 1",
                "Round 2: You +18 (knock) in game 1",
                "Round 3: Computer +30 (knock) in games 1, 2",
                "Round 4: Computer +4 (gin) in games 1, 2, 3",
            ]
        );
    }

    #[test]
    fn closed_games_and_a_shut_out_player() {
        let mut sb = Scoreboard::new(RuleSettings::default());
        // The computer wins game 1 before you score at all: you are shut out of it.
        for _ in 0..3 {
            sb.record_win(CPU, 40, Outcome::Knock);
        }
        let v = ScoreView::of(en(), &sb);
        assert_eq!(v.status[0], "won by the computer");
        assert_eq!(v.cells[YOU.index()][0], "–");
        assert_eq!(v.cells[CPU.index()], ["120", "80", "40"].map(String::from));
        assert!(
            v.history[2].ends_with("; closes game 1"),
            "{}",
            v.history[2]
        );
        // Your first win goes to game 2, the first open game you have not scored in.
        sb.record_win(YOU, 25, Outcome::Gin);
        let v = ScoreView::of(en(), &sb);
        assert_eq!(v.cells[YOU.index()], ["–", "25", "–"].map(String::from));
        assert_eq!(v.history[3], "Round 4: You +25 (gin) in game 2");
        let e = sb.history.last().unwrap().clone();
        let res = RoundResult {
            outcome: Outcome::Gin,
            knocker: Some(YOU),
            winner: Some(YOU),
            points: 25,
            bonus: 25,
            spreads: Default::default(),
            layoffs: vec![],
        };
        assert_eq!(banner(en(), &res, &e, &sb), vec!["Gin! +25 to game 2"]);
        // The computer closes game 2 and with it the series.
        sb.record_win(CPU, 30, Outcome::Undercut);
        let e = sb.history.last().unwrap().clone();
        let res = RoundResult {
            outcome: Outcome::Undercut,
            knocker: Some(YOU),
            winner: Some(CPU),
            points: 30,
            ..res
        };
        assert_eq!(
            banner(en(), &res, &e, &sb),
            vec![
                "The computer undercut you: +30 to games 2, 3",
                "Game 2 closes: the computer wins it, 110 to 25.",
                "The computer has won the series. Play goes on until all three games close.",
            ]
        );
        let v = ScoreView::of(en(), &sb);
        assert_eq!(v.series, "The computer won the series, 2 games to 0.");
        assert_eq!(
            v.status,
            ["won by the computer", "won by the computer", "open"].map(String::from)
        );
    }

    #[test]
    fn a_dead_hand_line() {
        let mut sb = Scoreboard::new(RuleSettings::default());
        let res = RoundResult {
            outcome: Outcome::DeadHand,
            knocker: None,
            winner: None,
            points: 0,
            bonus: 0,
            spreads: Default::default(),
            layoffs: vec![],
        };
        let e = sb.record(&res).clone();
        assert_eq!(
            ScoreView::of(en(), &sb).history,
            vec!["Round 1: dead hand, no score"]
        );
        assert!(banner(en(), &res, &e, &sb)[0].starts_with("Dead hand"));
        assert_eq!(
            ScoreView::of(en(), &sb).series,
            "The series is level (0–0 in games)."
        );
    }

    #[test]
    fn the_score_is_worked_out_line_by_line_and_adds_up() {
        use crate::ai::{Level, View};
        use crate::rules::Match;
        let mut seen = std::collections::HashSet::new();
        for seed in 0..200 {
            let mut m = Match::new(RuleSettings::default(), seed);
            let bot = Level::Medium.bot(seed);
            while let Some(seat) = m.round().to_act() {
                let a = bot.decide(&View::of(m.round(), seat, None));
                m.apply(seat, a).unwrap();
            }
            let res = m.round().result().unwrap().clone();
            let Some(e) = m.scoreboard().history.last().cloned() else {
                continue;
            };
            let lines = worked_out(en(), &res, &e, m.scoreboard());
            if res.outcome == Outcome::DeadHand {
                assert!(lines.is_empty());
                continue;
            }
            seen.insert(format!("{:?}", res.outcome));
            let k = res.knocker.unwrap();
            let kd = res.spreads[k.index()].deadwood_points;
            let dd = res.spreads[k.other().index()].deadwood_points;
            // The sum line is arithmetic that holds: its terms give the points.
            let sum = &lines[2];
            let total = match res.outcome {
                Outcome::Knock => dd - kd,
                Outcome::Undercut => kd - dd + res.bonus,
                _ => res.bonus + dd,
            };
            assert_eq!(total, res.points, "{sum}");
            assert!(sum.contains(&format!("= {} to", res.points)), "{sum}");
            // Each layoff is named, and each game credited gets its line with its new total.
            for l in &res.layoffs {
                assert!(lines[1].contains(&words::card(l.card)), "{}", lines[1]);
            }
            assert_eq!(lines.len(), 3 + e.games.len());
            let w = res.winner.unwrap();
            for (i, &g) in e.games.iter().enumerate() {
                let now = m.scoreboard().games[g].points[w.index()];
                assert!(
                    lines[3 + i].ends_with(&format!("now {now}.")),
                    "{}",
                    lines[3 + i]
                );
            }
            if seen.len() >= 3 {
                return;
            }
        }
        assert!(seen.contains("Knock"), "{seen:?}");
    }

    #[test]
    fn the_scores_are_said_game_by_game() {
        let mut sb = Scoreboard::new(RuleSettings::default());
        let v = en();
        let said = spoken_scores(v, &sb);
        assert!(
            said.starts_with("Game 1: you no score yet, the computer no score yet, open. Game 2:"),
            "{said}"
        );
        sb.record_win(YOU, 25, Outcome::Gin);
        let said = spoken_scores(v, &sb);
        assert!(
            said.starts_with(
                "Game 1: you 25, the computer no score yet, open. Game 2: you no score yet"
            ),
            "{said}"
        );
        assert!(!said.contains("–,"), "{said}");
        assert_eq!(spoken_deal(v, &sb), "Round 2: games 1, 2, 3 open.");
    }
}
