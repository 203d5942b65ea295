//! The words for play: cards and lists of them, the rules' refusals ([`RuleError`]), the
//! hint's reason ([`HintReason`]), each turn of the round as it was seen ([`SeenMove`]), and the
//! store's [`Notice`]s about files.
//!
//! Decision: a turn is every consecutive move by one player; the computer's last turn is narrated on
//!   the table, and all turns make the round's log, because what was picked up and thrown is
//!   what a gin player keeps in their head.

use fluent_bundle::FluentValue;

use crate::ai::Level;
use crate::ai::heuristic::HintReason;
use crate::rules::{Action, Card, RuleError, Seat, SeenMove, Suit};
use crate::store::{FileKind, Notice};

use crate::lang::Voice;
use crate::seats::HUMAN;

use super::file_problem;
use crate::lang::{card, suit_symbol};

/// Cards in a list: "7♣, 8♣ and 9♣".
pub fn cards(v: &Voice, cs: &[Card]) -> String {
    let names: Vec<String> = cs.iter().map(|&c| card(c)).collect();
    list(v, names)
}

/// Items in a list, the language's way: "a, b and c".
pub fn list(v: &Voice, items: Vec<String>) -> String {
    match items.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => v.t(
            "list-and",
            &[
                ("first", rest.join(", ").into()),
                ("last", last.clone().into()),
            ],
        ),
    }
}

/// A seat for a message's selector: `you` or `computer`.
pub fn who(s: Seat) -> &'static str {
    if s == HUMAN { "you" } else { "computer" }
}

/// A level's name.
pub fn level(v: &Voice, l: Level) -> String {
    v.t(
        match l {
            Level::Easy => "level-easy",
            Level::Medium => "level-medium",
            Level::Hard => "level-hard",
            Level::Expert => "level-expert",
        },
        &[],
    )
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
pub fn error(v: &Voice, e: &RuleError) -> String {
    let c = |c: &Card| card(*c).into();
    match e {
        RuleError::RoundOver => v.t("refused-round-over", &[]),
        RuleError::NotYourTurn(_) => v.t("refused-not-your-turn", &[]),
        RuleError::WrongPhase { .. } => v.t("refused-wrong-phase", &[]),
        RuleError::CardNotInHand(x) => v.t("refused-not-in-hand", &[("card", c(x))]),
        RuleError::DiscardTakenCard(x) => v.t("refused-taken-card", &[("card", c(x))]),
        RuleError::MustDrawFromStock => v.t("refused-must-draw-stock", &[]),
        RuleError::LongRound(moves) => v.t("refused-long-round", &[("moves", (*moves).into())]),
        RuleError::SeriesTooLong(rounds) => {
            v.t("refused-series-too-long", &[("rounds", (*rounds).into())])
        }
        RuleError::DiscardPileEmpty => v.t("refused-pile-empty", &[]),
        RuleError::StockEmpty => v.t("refused-stock-empty", &[]),
        RuleError::DeadwoodTooHigh { deadwood, limit } => v.t(
            "refused-deadwood-too-high",
            &[("deadwood", (*deadwood).into()), ("limit", (*limit).into())],
        ),
        RuleError::BadMelds(_) => v.t("refused-bad-melds", &[]),
        RuleError::NotGin { deadwood } => {
            v.t("refused-not-gin", &[("deadwood", (*deadwood).into())])
        }
        RuleError::BigGinOff => v.t("refused-big-gin-off", &[]),
        RuleError::NoSuchMeld(_) => v.t("refused-no-such-meld", &[]),
        RuleError::DoesNotFit { card: x, .. } => v.t("refused-does-not-fit", &[("card", c(x))]),
        RuleError::BadDeck => v.t("refused-bad-deck", &[]),
    }
}

/// What the player calls a file, as a message argument: "settings", "saved series".
fn file_name(v: &Voice, kind: FileKind) -> FluentValue<'static> {
    super::file_name(v, kind).into()
}

/// A notice about the player's files.
pub fn file_notice(v: &Voice, n: &Notice) -> String {
    let path = |p: &std::path::Path| p.display().to_string().into();
    match n {
        Notice::NoHome => v.t("notice-no-home", &[]),
        Notice::NotSaved {
            kind,
            path: p,
            error,
        } => v.t(
            "notice-not-saved",
            &[
                ("file", file_name(v, *kind)),
                ("path", path(p)),
                ("detail", error.as_str().into()),
            ],
        ),
        Notice::UnknownFields {
            kind,
            path: p,
            fields,
            more,
            did_you_mean,
            kept,
        } => {
            let mut names: Vec<String> = fields.iter().map(|f| format!("`{f}`")).collect();
            if *more > 0 {
                names.push(v.t("notice-more-fields", &[("count", (*more).into())]));
            }
            let kept = match kept {
                Ok(copy) => v.t("notice-copy-kept", &[("copy", path(copy))]),
                Err(e) => v.t("notice-copy-failed", &[("detail", e.as_str().into())]),
            };
            let head = v.t(
                "notice-unknown-fields",
                &[
                    ("file", file_name(v, *kind)),
                    ("path", path(p)),
                    ("fields", names.join(", ").into()),
                ],
            );
            let meant: Vec<String> = did_you_mean
                .iter()
                .map(|(unknown, known)| {
                    v.t(
                        "notice-did-you-mean",
                        &[
                            ("unknown", unknown.as_str().into()),
                            ("known", (*known).into()),
                        ],
                    )
                })
                .collect();
            if meant.is_empty() {
                format!("{head} {kept}")
            } else {
                format!("{head} {} {kept}", meant.join(" "))
            }
        }
        Notice::Unusable {
            kind,
            path: p,
            problem,
            kept,
        } => {
            let args = |more: (&'static str, FluentValue<'static>)| {
                [
                    ("file", file_name(v, *kind)),
                    ("path", path(p)),
                    ("problem", file_problem(v, problem).into()),
                    more,
                ]
            };
            match kept {
                Ok(aside) => v.t("notice-unusable-moved", &args(("aside", path(aside)))),
                Err(e) => v.t("notice-unusable-stuck", &args(("detail", e.clone().into()))),
            }
        }
    }
}

/// The hint's reason, as a sentence.
pub fn hint(v: &Voice, r: &HintReason) -> String {
    let c = |c: &Card| card(*c).into();
    match r {
        HintReason::TakeIntoMeld(x) => v.t("hint-take-into-meld", &[("card", c(x))]),
        HintReason::TakeTowardsKnock(x) => v.t("hint-take-towards-knock", &[("card", c(x))]),
        HintReason::PassUnmelded(x) => v.t("hint-pass", &[("card", c(x))]),
        HintReason::DrawUnmelded(x) => v.t("hint-draw-unmelded", &[("card", c(x))]),
        HintReason::DrawOnly => v.t("hint-draw", &[]),
        HintReason::Discard {
            card: x,
            deadwood,
            wanted,
        } => v.t(
            if *wanted {
                "hint-discard-wanted"
            } else {
                "hint-discard"
            },
            &[("card", c(x)), ("deadwood", (*deadwood).into())],
        ),
        HintReason::Knock { discard, deadwood } => v.t(
            "hint-knock",
            &[("card", c(discard)), ("deadwood", (*deadwood).into())],
        ),
        HintReason::Gin(Some(x)) => v.t("hint-gin", &[("card", c(x))]),
        HintReason::Gin(None) => v.t("hint-big-gin", &[]),
        HintReason::LayOff(x) => v.t("hint-lay-off", &[("card", c(x))]),
        HintReason::Done => v.t("hint-done", &[]),
    }
}

/// The round's moves grouped into turns: each run of consecutive moves by one player.
pub fn turns(moves: &[SeenMove]) -> Vec<&[SeenMove]> {
    moves.chunk_by(|a, b| a.seat == b.seat).collect()
}

/// One turn as a sentence: "The computer took your 8♦ and threw the K♦." or "You drew from
/// the stock and threw the 9♠."
pub fn turn(v: &Voice, t: &[SeenMove]) -> String {
    let Some(first) = t.first() else {
        return String::new();
    };
    let c = |c: &Card| card(*c).into();
    let mut parts: Vec<String> = Vec::new();
    let mut laid: Vec<Card> = Vec::new();
    let laid_off = |laid: &[Card]| v.t("turn-laid-off", &[("cards", cards(v, laid).into())]);
    for m in t {
        match &m.action {
            Action::PassUpcard => parts.push(v.t("turn-passed", &[])),
            Action::TakeUpcard | Action::TakeDiscard => match m.took {
                Some(x) => {
                    let from = match m.took_from {
                        Some(s) => who(s),
                        None => "upcard",
                    };
                    parts.push(v.t("turn-took", &[("card", c(&x)), ("from", from.into())]))
                }
                None => parts.push(v.t("turn-took-discard", &[])),
            },
            Action::DrawStock => parts.push(v.t("turn-drew", &[])),
            Action::Discard(x) => parts.push(v.t("turn-threw", &[("card", c(x))])),
            Action::Knock { discard, .. } => {
                parts.push(v.t("turn-knocked", &[("card", c(discard))]))
            }
            Action::Gin {
                discard: Some(x), ..
            } => parts.push(v.t("turn-gin", &[("card", c(x))])),
            Action::Gin { discard: None } => parts.push(v.t("turn-big-gin", &[])),
            Action::LayOff { card: x, .. } => laid.push(*x),
            Action::FinishLayoffs => {
                parts.push(if laid.is_empty() {
                    v.t("turn-laid-nothing", &[])
                } else {
                    laid_off(&laid)
                });
                laid.clear();
            }
        }
    }
    if !laid.is_empty() {
        parts.push(laid_off(&laid));
    }
    v.t(
        "turn",
        &[
            ("who", who(first.seat).into()),
            ("actions", list(v, parts).into()),
        ],
    )
}

/// The computer's most recent turn in the round, as a sentence (none before it has moved).
pub fn last_computer_turn(v: &Voice, moves: &[SeenMove]) -> Option<String> {
    turns(moves)
        .into_iter()
        .rev()
        .find(|t| t.first().is_some_and(|m| m.seat != HUMAN))
        .map(|t| turn(v, t))
}

/// A finished deal as the History's tooltip, the banner and the Replay page name it: "Deal 3 ·
/// seed 614480483733483466, dealt by you".
pub fn deal_line(v: &Voice, d: &crate::rules::DealPlayed) -> String {
    v.t(
        "replay-deal",
        &[
            ("deal", d.deal.into()),
            ("seed", d.seed.to_string().into()),
            ("who", who(d.dealer).into()),
        ],
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{CardSet, Round, RuleSettings};
    use crate::store::FileProblem;

    /// English, made once.
    fn en() -> &'static Voice {
        static EN: Voice = Voice::new(crate::lang::Lang::En);
        &EN
    }

    fn c(t: &str) -> Card {
        t.parse().unwrap()
    }

    #[test]
    fn cards_read_as_players_write_them() {
        assert_eq!(card(c("8D")), "8♦");
        assert_eq!(card(c("TS")), "10♠");
        assert_eq!(card(c("AH")), "A♥");
        assert_eq!(card(c("KC")), "K♣");
        assert_eq!(cards(en(), &[c("7C"), c("8C"), c("9C")]), "7♣, 8♣ and 9♣");
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
                error(en(), &RuleError::CardNotInHand(x)),
                error(en(), &RuleError::DiscardTakenCard(x)),
                hint(en(), &HintReason::LayOff(x)),
                hint(
                    en(),
                    &HintReason::Knock {
                        discard: x,
                        deadwood: 4,
                    },
                ),
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
            last_computer_turn(en(), &r.seen_moves()).as_deref(),
            Some("The computer passed the upcard.")
        );
        r.apply(Seat::P1, Action::DrawStock).unwrap();
        r.apply(Seat::P1, Action::Discard(c("9C"))).unwrap();
        r.apply(Seat::P2, Action::TakeDiscard).unwrap();
        // Mid-turn: what it has done so far.
        assert_eq!(
            last_computer_turn(en(), &r.seen_moves()).as_deref(),
            Some("The computer took your 9♣.")
        );
        r.apply(Seat::P2, Action::Discard(c("JS"))).unwrap();
        let seen = r.seen_moves();
        assert_eq!(
            last_computer_turn(en(), &seen).as_deref(),
            Some("The computer took your 9♣ and threw the J♠.")
        );
        r.apply(Seat::P1, Action::TakeDiscard).unwrap();
        r.apply(Seat::P1, Action::Discard(c("KD"))).unwrap();
        r.apply(Seat::P2, Action::DrawStock).unwrap();
        r.apply(Seat::P2, Action::Discard(c("QS"))).unwrap();
        let log: Vec<String> = turns(&r.seen_moves())
            .into_iter()
            .map(|t| turn(en(), t))
            .collect();
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
            turn(en(), &t),
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
            turn(en(), &t),
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
        assert_eq!(turn(en(), &t), "The computer laid off 7♣ and 8♣.");
        assert_eq!(
            turn(en(), &[m(HUMAN, Action::FinishLayoffs)]),
            "You laid nothing off."
        );
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
            file_notice(en(), &bad),
            "The settings file /c/settings.ron is 20000000 bytes, too large to be one of the \
             game's files (at most 16). It was kept as /c/settings.bad-1.ron and defaults are used."
        );
        let stuck = Notice::Unusable {
            kind: FileKind::SavedSeries,
            path: PathBuf::from("s.ron"),
            problem: FileProblem::OlderFormat { found: 1 },
            kept: Err("read-only".into()),
        };
        let t = file_notice(en(), &stuck);
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
            did_you_mean: vec![],
            kept: Ok(PathBuf::from("st.original-1.ron")),
        };
        assert!(
            file_notice(en(), &unknown)
                .contains("ignored: `a`, `b.c`, and 3 more. The file as it was"),
            "{}",
            file_notice(en(), &unknown)
        );
    }
}
