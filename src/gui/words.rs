//! The words the player reads for the core's facts: cards as players write them (8♦, 10♣),
//! the rules' refusals, the hint's reason, and each turn of the round as it was seen.
//!
//! Decisions:
//! - The core returns facts ([`RuleError`], [`HintReason`], [`SeenMove`], the store's
//!   [`Notice`]s about files); every sentence built
//!   from them is here, in pure functions that are unit-tested, so the table and the overlay
//!   only show strings and a translation has one place to go.
//! - A card is its rank and a suit symbol ("8♦", "10♠"), never the "8D" of save files.
//!   Colour is the showing side's business: [`suit_segments`] says which parts are cards of
//!   which suit.
//! - A turn is every consecutive move by one player; the computer's last turn is narrated on
//!   the table, and all turns make the round's log, because what was picked up and thrown is
//!   what a gin player keeps in their head.

use crate::ai::heuristic::HintReason;
use crate::rules::{Action, Card, Outcome, Rank, RoundResult, RuleError, Seat, SeenMove, Suit};
use crate::store::{FileKind, FileProblem, Notice};

use super::seats::HUMAN;

/// A suit's symbol.
pub fn suit_symbol(s: Suit) -> char {
    match s {
        Suit::Clubs => '♣',
        Suit::Diamonds => '♦',
        Suit::Hearts => '♥',
        Suit::Spades => '♠',
    }
}

/// A rank as written on a card: A, 2 … 10, J, Q, K.
pub fn rank_text(r: Rank) -> String {
    match r.value() {
        1 => "A".into(),
        11 => "J".into(),
        12 => "Q".into(),
        13 => "K".into(),
        v => v.to_string(),
    }
}

/// A card as players write it: "8♦", "10♠", "A♥".
pub fn card(c: Card) -> String {
    format!("{}{}", rank_text(c.rank()), suit_symbol(c.suit()))
}

/// Cards in a list: "7♣, 8♣ and 9♣".
pub fn cards(cs: &[Card]) -> String {
    let names: Vec<String> = cs.iter().map(|&c| card(c)).collect();
    match names.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// The byte ranges of `text` that are a card (a suit symbol with the rank before it), with
/// the card's suit: for drawing cards in their suit's colour.
pub fn card_spans(text: &str) -> Vec<(std::ops::Range<usize>, Suit)> {
    let mut out = Vec::new();
    for (i, ch) in text.char_indices() {
        let Some(suit) = (0..4)
            .filter_map(Suit::from_index)
            .find(|&s| suit_symbol(s) == ch)
        else {
            continue;
        };
        let start = text[..i]
            .char_indices()
            .rev()
            .take_while(|(_, c)| c.is_ascii_alphanumeric())
            .last()
            .map_or(i, |(j, _)| j);
        out.push((start..i + ch.len_utf8(), suit));
    }
    out
}

/// `text` cut into runs, each marked with its suit when it is a card (8♦, A♠): how the
/// table's and the overlay's texts colour them.
pub fn suit_segments(text: &str) -> Vec<(&str, Option<Suit>)> {
    let mut out = Vec::new();
    let mut at = 0;
    for (r, suit) in card_spans(text) {
        out.push((&text[at..r.start], None));
        out.push((&text[r.clone()], Some(suit)));
        at = r.end;
    }
    out.push((&text[at..], None));
    out.retain(|(t, _)| !t.is_empty());
    out
}

/// A refused move, for the player.
pub fn error(e: &RuleError) -> String {
    match e {
        RuleError::RoundOver => "The round is over.".into(),
        RuleError::NotYourTurn(_) => "It is not your turn.".into(),
        RuleError::WrongPhase { action, phase } => {
            format!("You can't do that now ({action} in the {phase} phase).")
        }
        RuleError::CardNotInHand(c) => format!("The {} is not in your hand.", card(*c)),
        RuleError::DiscardTakenCard(c) => format!(
            "You just took the {} from the pile: it can't go straight back.",
            card(*c)
        ),
        RuleError::MustDrawFromStock => {
            "Both players passed the upcard: draw from the stock.".into()
        }
        RuleError::DiscardPileEmpty => "The discard pile is empty.".into(),
        RuleError::StockEmpty => "The stock is empty.".into(),
        RuleError::DeadwoodTooHigh { deadwood, limit } => {
            format!("You can't knock with that card: {deadwood} deadwood is more than {limit}.")
        }
        RuleError::BadMelds(_) => "Those melds don't fit your hand.".into(),
        RuleError::NotGin { deadwood } => format!("Not gin yet: {deadwood} deadwood left."),
        RuleError::BigGinOff => "Big gin is off in these rules.".into(),
        RuleError::NoSuchMeld(_) => "There is no such meld.".into(),
        RuleError::DoesNotFit { card: c, .. } => {
            format!("The {} doesn't fit that meld.", card(*c))
        }
        RuleError::BadDeck => "That is not a deck of 52 cards.".into(),
    }
}

/// What the player calls a file.
fn file_name(kind: FileKind) -> &'static str {
    match kind {
        FileKind::Settings => "settings",
        FileKind::SavedSeries => "saved series",
        FileKind::Statistics => "statistics",
    }
}

/// Why a file could not be used, as the end of "The settings file … ".
fn file_problem(p: &FileProblem) -> String {
    match p {
        FileProblem::Unreadable(e) => format!("could not be read ({e})"),
        FileProblem::NotAFile => "is not a regular file".into(),
        FileProblem::TooLarge { bytes, limit } => {
            format!("is {bytes} bytes, too large to be one of the game's files (at most {limit})")
        }
        FileProblem::GrewWhileRead => "grew too large while it was read".into(),
        FileProblem::NotText => "is not UTF-8 text".into(),
        FileProblem::Invalid(e) => format!("is not valid ({e})"),
        FileProblem::BadValue(e) => format!("has a bad value ({e})"),
        FileProblem::NewerFormat { found, reads } => {
            format!("was written by a newer version (format {found}, this one reads {reads})")
        }
        FileProblem::OlderFormat { found } => format!(
            "was written by an earlier version (format {found}) whose saves this one cannot \
             check move by move, so that series cannot be continued"
        ),
    }
}

/// A notice about the player's files.
pub fn file_notice(n: &Notice) -> String {
    match n {
        Notice::NoHome => {
            "No home directory found: settings and the series will not be saved.".into()
        }
        Notice::NotSaved { kind, path, error } => format!(
            "Could not save the {} file {}: {error}",
            file_name(*kind),
            path.display()
        ),
        Notice::UnknownFields {
            kind,
            path,
            fields,
            more,
            kept,
        } => {
            let mut names: Vec<String> = fields.iter().map(|f| format!("`{f}`")).collect();
            if *more > 0 {
                names.push(format!("and {more} more"));
            }
            let kept = match kept {
                Ok(copy) => format!("The file as it was is kept as {}.", copy.display()),
                Err(e) => format!("It could not be copied aside ({e}), so it will not be changed."),
            };
            format!(
                "The {} file {} has fields this version does not know, which were ignored: {}. {kept}",
                file_name(*kind),
                path.display(),
                names.join(", ")
            )
        }
        Notice::Unusable {
            kind,
            path,
            problem,
            kept,
        } => match kept {
            Ok(aside) => format!(
                "The {} file {} {}. It was kept as {} and defaults are used.",
                file_name(*kind),
                path.display(),
                file_problem(problem),
                aside.display()
            ),
            Err(e) => format!(
                "The {} file {} {}, and it could not be moved aside ({e}). Defaults are used \
                 and the file will not be changed.",
                file_name(*kind),
                path.display(),
                file_problem(problem)
            ),
        },
    }
}

/// The answer to Gin pressed (or the G key) with no gin in the hand.
pub fn no_gin() -> String {
    "No gin in this hand yet.".into()
}

/// The hint's reason, as a sentence.
pub fn hint(r: &HintReason) -> String {
    match r {
        HintReason::TakeIntoMeld(c) => format!("Take the {}: it goes into a meld.", card(*c)),
        HintReason::TakeTowardsKnock(c) => format!(
            "Take the {}: with it you can get down to knocking.",
            card(*c)
        ),
        HintReason::PassUnmelded(c) => {
            format!("Pass: the {} would not go into a meld.", card(*c))
        }
        HintReason::DrawUnmelded(c) => format!(
            "Draw from the stock: the {} would not go into a meld.",
            card(*c)
        ),
        HintReason::DrawOnly => "Draw from the stock.".into(),
        HintReason::Discard {
            card: c,
            deadwood,
            wanted: true,
        } => format!(
            "Discard the {}: it leaves {deadwood} deadwood (the computer may want it, but the others are worse).",
            card(*c)
        ),
        HintReason::Discard {
            card: c, deadwood, ..
        } => format!(
            "Discard the {}: it helps your melds least and leaves {deadwood} deadwood.",
            card(*c)
        ),
        HintReason::Knock { discard, deadwood } => format!(
            "Knock, discarding the {}: {deadwood} deadwood is likely less than the computer's.",
            card(*discard)
        ),
        HintReason::Gin(Some(c)) => {
            format!(
                "Go gin, discarding the {}: every other card is melded.",
                card(*c)
            )
        }
        HintReason::Gin(None) => "Big gin: all eleven cards are melded.".into(),
        HintReason::LayOff(c) => {
            format!(
                "Lay off the {}: it extends one of the knocker's melds.",
                card(*c)
            )
        }
        HintReason::Done => "Done: nothing more of yours fits the knocker's melds.".into(),
    }
}

/// A seat as the subject of a sentence ("You", "The computer") and inside one ("you", "the
/// computer").
fn subject(s: Seat) -> &'static str {
    if s == HUMAN { "You" } else { "The computer" }
}
fn object(s: Seat) -> &'static str {
    if s == HUMAN { "you" } else { "the computer" }
}

/// How a finished round scored, in one line: "You knocked with 6, the computer had 19: you
/// score 13."
pub fn score_line(r: &RoundResult) -> String {
    let Some(k) = r.knocker else {
        return "Dead hand: the stock ran down to two cards. Nobody scores; the same dealer deals again."
            .into();
    };
    let d = k.other();
    let (kd, dd) = (
        r.spreads[k.index()].deadwood_points,
        r.spreads[d.index()].deadwood_points,
    );
    let scores = match r.winner {
        Some(w) if w == HUMAN => format!("you score {}", r.points),
        Some(_) => format!("the computer scores {}", r.points),
        None => "nobody scores".into(),
    };
    let (knocker, defender) = (subject(k), object(d));
    match r.outcome {
        Outcome::Knock => format!("{knocker} knocked with {kd}, {defender} had {dd}: {scores}."),
        Outcome::Undercut => format!(
            "{knocker} knocked with {kd} but {defender} had {dd}: undercut, {scores} ({} bonus + {}).",
            r.bonus,
            r.points.saturating_sub(r.bonus)
        ),
        Outcome::Gin => format!(
            "{knocker} went gin, {defender} had {dd}: {scores} ({} bonus + {dd}).",
            r.bonus
        ),
        Outcome::BigGin => format!(
            "{knocker} went big gin, {defender} had {dd}: {scores} ({} bonus + {dd}).",
            r.bonus
        ),
        Outcome::DeadHand => String::new(),
    }
}

/// The round's moves grouped into turns: each run of consecutive moves by one player.
pub fn turns(moves: &[SeenMove]) -> Vec<&[SeenMove]> {
    moves.chunk_by(|a, b| a.seat == b.seat).collect()
}

/// One turn as a sentence: "The computer took your 8♦ and threw the K♦." or "You drew from
/// the stock and threw the 9♠."
pub fn turn(t: &[SeenMove]) -> String {
    let Some(first) = t.first() else {
        return String::new();
    };
    let you = first.seat == HUMAN;
    let subject = if you { "You" } else { "The computer" };
    let owner = |s: Option<Seat>| match s {
        Some(s) if s == HUMAN => "your ".to_string(),
        Some(_) => "the computer's ".to_string(),
        None => "the upcard ".to_string(),
    };
    let mut parts: Vec<String> = Vec::new();
    let mut laid: Vec<Card> = Vec::new();
    for m in t {
        match &m.action {
            Action::PassUpcard => parts.push("passed the upcard".into()),
            Action::TakeUpcard | Action::TakeDiscard => match m.took {
                Some(c) => parts.push(format!("took {}{}", owner(m.took_from), card(c))),
                None => parts.push("took the discard".into()),
            },
            Action::DrawStock => parts.push("drew from the stock".into()),
            Action::Discard(c) => parts.push(format!("threw the {}", card(*c))),
            Action::Knock { discard, .. } => {
                parts.push(format!("knocked, throwing the {}", card(*discard)))
            }
            Action::Gin {
                discard: Some(c), ..
            } => parts.push(format!("went gin, throwing the {}", card(*c))),
            Action::Gin { discard: None } => parts.push("went big gin".into()),
            Action::LayOff { card: c, .. } => laid.push(*c),
            Action::FinishLayoffs => {
                parts.push(if laid.is_empty() {
                    "laid nothing off".into()
                } else {
                    format!("laid off {}", cards(&laid))
                });
                laid.clear();
            }
        }
    }
    if !laid.is_empty() {
        parts.push(format!("laid off {}", cards(&laid)));
    }
    let body = match parts.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    };
    format!("{subject} {body}.")
}

/// The computer's most recent turn in the round, as a sentence (none before it has moved).
pub fn last_computer_turn(moves: &[SeenMove]) -> Option<String> {
    turns(moves)
        .into_iter()
        .rev()
        .find(|t| t.first().is_some_and(|m| m.seat != HUMAN))
        .map(turn)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{CardSet, Round, RuleSettings};

    fn c(t: &str) -> Card {
        t.parse().unwrap()
    }

    #[test]
    fn cards_read_as_players_write_them() {
        assert_eq!(card(c("8D")), "8♦");
        assert_eq!(card(c("TS")), "10♠");
        assert_eq!(card(c("AH")), "A♥");
        assert_eq!(card(c("KC")), "K♣");
        assert_eq!(cards(&[c("7C"), c("8C"), c("9C")]), "7♣, 8♣ and 9♣");
        let text = "Take the 10♦ or the K♣, not the A♥.";
        let found: Vec<(&str, Suit)> = card_spans(text)
            .into_iter()
            .map(|(r, s)| (&text[r], s))
            .collect();
        assert_eq!(
            found,
            vec![
                ("10♦", Suit::Diamonds),
                ("K♣", Suit::Clubs),
                ("A♥", Suit::Hearts)
            ]
        );
        let parts = suit_segments(text);
        assert_eq!(parts.iter().map(|p| p.0).collect::<String>(), text);
        let cards: Vec<&str> = parts
            .iter()
            .filter(|p| p.1.is_some())
            .map(|p| p.0)
            .collect();
        assert_eq!(cards, vec!["10♦", "K♣", "A♥"]);
    }

    #[test]
    fn no_card_is_ever_written_the_save_file_way() {
        // Every error and hint that names a card names it with its suit symbol.
        let all: Vec<Card> = Card::all().collect();
        for &x in &all {
            for text in [
                error(&RuleError::CardNotInHand(x)),
                error(&RuleError::DiscardTakenCard(x)),
                hint(&HintReason::LayOff(x)),
                hint(&HintReason::Knock {
                    discard: x,
                    deadwood: 4,
                }),
            ] {
                assert!(text.contains(&card(x)), "{text}");
                assert!(!text.contains(&x.to_string()), "{text} writes {x}");
            }
        }
    }

    #[test]
    fn the_computers_turns_are_told_as_a_player_sees_them() {
        // P2 deals: P1 (you) is offered the upcard first.
        let hands = [
            CardSet::parse("AS 2S 3S 4S 7H 7D 7C KD KH 9C").unwrap(),
            CardSet::parse("2H 3H 4H 5C 6C 8D 9D TD JS QS").unwrap(),
        ];
        let mut r =
            Round::with_hands(RuleSettings::default(), Seat::P2, hands, c("5H"), None).unwrap();
        r.apply(Seat::P1, Action::PassUpcard).unwrap();
        r.apply(Seat::P2, Action::PassUpcard).unwrap();
        assert_eq!(
            last_computer_turn(&r.seen_moves()).as_deref(),
            Some("The computer passed the upcard.")
        );
        r.apply(Seat::P1, Action::DrawStock).unwrap();
        r.apply(Seat::P1, Action::Discard(c("9C"))).unwrap();
        r.apply(Seat::P2, Action::TakeDiscard).unwrap();
        // Mid-turn: what it has done so far.
        assert_eq!(
            last_computer_turn(&r.seen_moves()).as_deref(),
            Some("The computer took your 9♣.")
        );
        r.apply(Seat::P2, Action::Discard(c("JS"))).unwrap();
        let seen = r.seen_moves();
        assert_eq!(
            last_computer_turn(&seen).as_deref(),
            Some("The computer took your 9♣ and threw the J♠.")
        );
        r.apply(Seat::P1, Action::TakeDiscard).unwrap();
        r.apply(Seat::P1, Action::Discard(c("KD"))).unwrap();
        r.apply(Seat::P2, Action::DrawStock).unwrap();
        r.apply(Seat::P2, Action::Discard(c("QS"))).unwrap();
        let log: Vec<String> = turns(&r.seen_moves()).into_iter().map(turn).collect();
        assert_eq!(
            log,
            vec![
                "You passed the upcard.",
                "The computer passed the upcard.",
                "You drew from the stock and threw the 9♣.",
                "The computer took your 9♣ and threw the J♠.",
                "You took the computer's J♠ and threw the K♦.",
                "The computer drew from the stock and threw the Q♠.",
            ]
        );
    }

    #[test]
    fn knocks_gins_and_layoffs_are_told_too() {
        let m = |seat, action| SeenMove {
            seat,
            action,
            took: None,
            took_from: None,
        };
        let cpu = HUMAN.other();
        let t = [
            m(cpu, Action::DrawStock),
            m(
                cpu,
                Action::Knock {
                    discard: c("9D"),
                    melds: vec![],
                },
            ),
        ];
        assert_eq!(
            turn(&t),
            "The computer drew from the stock and knocked, throwing the 9♦."
        );
        let t = [
            SeenMove {
                took: Some(c("5H")),
                ..m(cpu, Action::TakeUpcard)
            },
            m(
                cpu,
                Action::Gin {
                    discard: Some(c("KS")),
                },
            ),
        ];
        assert_eq!(
            turn(&t),
            "The computer took the upcard 5♥ and went gin, throwing the K♠."
        );
        let t = [
            m(
                cpu,
                Action::LayOff {
                    card: c("7C"),
                    meld: 0,
                },
            ),
            m(
                cpu,
                Action::LayOff {
                    card: c("8C"),
                    meld: 0,
                },
            ),
            m(cpu, Action::FinishLayoffs),
        ];
        assert_eq!(turn(&t), "The computer laid off 7♣ and 8♣.");
        assert_eq!(
            turn(&[m(HUMAN, Action::FinishLayoffs)]),
            "You laid nothing off."
        );
    }

    #[test]
    fn the_score_line_reads_right_for_you_and_for_the_computer() {
        use crate::rules::Spread;
        let mut spreads: [Spread; 2] = Default::default();
        spreads[HUMAN.index()].deadwood_points = 6;
        spreads[HUMAN.other().index()].deadwood_points = 19;
        let knock = RoundResult {
            outcome: Outcome::Knock,
            knocker: Some(HUMAN),
            winner: Some(HUMAN),
            points: 13,
            bonus: 0,
            spreads: spreads.clone(),
            layoffs: vec![],
        };
        assert_eq!(
            score_line(&knock),
            "You knocked with 6, the computer had 19: you score 13."
        );
        let undercut = RoundResult {
            outcome: Outcome::Undercut,
            winner: Some(HUMAN.other()),
            points: 10,
            bonus: 10,
            spreads: {
                let mut s = spreads.clone();
                s[HUMAN.other().index()].deadwood_points = 6;
                s
            },
            ..knock.clone()
        };
        assert_eq!(
            score_line(&undercut),
            "You knocked with 6 but the computer had 6: undercut, the computer scores 10 (10 bonus + 0)."
        );
        let gin = RoundResult {
            outcome: Outcome::Gin,
            knocker: Some(HUMAN.other()),
            winner: Some(HUMAN.other()),
            points: 44,
            bonus: 25,
            spreads: {
                let mut s = spreads.clone();
                s[HUMAN.index()].deadwood_points = 19;
                s[HUMAN.other().index()].deadwood_points = 0;
                s
            },
            layoffs: vec![],
        };
        assert_eq!(
            score_line(&gin),
            "The computer went gin, you had 19: the computer scores 44 (25 bonus + 19)."
        );
        let dead = RoundResult {
            outcome: Outcome::DeadHand,
            knocker: None,
            winner: None,
            points: 0,
            ..gin
        };
        assert!(score_line(&dead).starts_with("Dead hand"));
    }

    #[test]
    fn file_notices_name_the_file_the_problem_and_where_it_went() {
        use std::path::PathBuf;
        let bad = Notice::Unusable {
            kind: FileKind::Settings,
            path: PathBuf::from("/c/settings.ron"),
            problem: FileProblem::TooLarge {
                bytes: 20_000_000,
                limit: 16,
            },
            kept: Ok(PathBuf::from("/c/settings.bad-1.ron")),
        };
        assert_eq!(
            file_notice(&bad),
            "The settings file /c/settings.ron is 20000000 bytes, too large to be one of the \
             game's files (at most 16). It was kept as /c/settings.bad-1.ron and defaults are used."
        );
        let stuck = Notice::Unusable {
            kind: FileKind::SavedSeries,
            path: PathBuf::from("s.ron"),
            problem: FileProblem::OlderFormat { found: 1 },
            kept: Err("read-only".into()),
        };
        let t = file_notice(&stuck);
        assert!(t.contains("saved series file s.ron was written by an earlier version (format 1)"));
        assert!(
            t.contains("(read-only)") && t.ends_with("will not be changed."),
            "{t}"
        );
        let unknown = Notice::UnknownFields {
            kind: FileKind::Statistics,
            path: PathBuf::from("st.ron"),
            fields: vec!["a".into(), "b.c".into()],
            more: 3,
            kept: Ok(PathBuf::from("st.original-1.ron")),
        };
        assert!(
            file_notice(&unknown).contains("ignored: `a`, `b.c`, and 3 more. The file as it was"),
            "{}",
            file_notice(&unknown)
        );
    }
}
