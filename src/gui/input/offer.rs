//! Which on-table buttons the table offers now and where (pure): the choices that are not a
//! card (take or pass the upcard, knock, gin, lay off all, done, next round), the sorts, Hint
//! and Menu, all buttons of one kind; `buttons` makes them entities.
//!
//! Decisions:
//! - Which action buttons show is asked of the rules core (its legal actions), never worked
//!   out here. Knock is always there while discarding: lit with the deadwood the player would
//!   knock with ("Knock (7)"), or greyed with the least deadwood any discard leaves, so the
//!   player sees how far from a knock the hand is. A greyed button does nothing.
//! - Each button's key hint comes from the one key table ([`super::keys::KEYS`]).

use bevy::prelude::*;

use super::keys::{Binding, shown_key};
use crate::gui::app::screen::Metrics;
use crate::gui::app::speech::Speech;
use crate::gui::table::command::{HandCommand, HandView, PlayerCommand, PlayerMove, SeriesCommand};
use crate::gui::table::hand_order::SortMode;
use crate::gui::table::phase::TurnPhase;
use crate::rules::{Action, Match, deadwood};
use crate::seats::HUMAN;

/// What a button does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ButtonAction {
    /// A command for the table.
    Command(PlayerCommand),
    /// Opens the menu.
    Menu,
}

/// One button on the table.
#[derive(Clone, Debug, PartialEq)]
pub struct Button {
    /// What it does.
    pub action: ButtonAction,
    /// Its label, in the player's language.
    pub label: String,
    /// The key that does the same, shown at the button's right edge ("" for none).
    pub key: &'static str,
    /// Its centre and size, on the table (pixels from the window's centre, y up).
    pub pos: Vec2,
    /// Its size on the table.
    pub size: Vec2,
    /// Drawn as the current choice (the active sort, or knocking in progress), or as the
    /// best move (Gin).
    pub on: bool,
    /// Whether pressing it does anything now (Knock is shown greyed when no knock is legal).
    pub enabled: bool,
}

impl Button {
    /// Its rectangle on the table.
    pub fn rect(&self) -> Rect {
        Rect::from_center_size(self.pos, self.size)
    }

    /// Whether the table point `p` is on it.
    pub fn contains(&self, p: Vec2) -> bool {
        let d = (p - self.pos).abs();
        d.x <= self.size.x / 2.0 && d.y <= self.size.y / 2.0
    }

    /// The table command it gives, if it gives one.
    pub fn cmd(&self) -> Option<PlayerCommand> {
        match self.action {
            ButtonAction::Command(c) => Some(c),
            ButtonAction::Menu => None,
        }
    }
}

/// The action commands the player may use now; the first is the primary one (Space/Enter).
pub(crate) fn available(m: &Match, phase: TurnPhase) -> Vec<PlayerCommand> {
    let r = m.round();
    let legal = if r.to_act() == Some(HUMAN) {
        r.legal_actions()
    } else {
        Vec::new()
    };
    let any = |f: fn(&Action) -> bool| legal.iter().any(f);
    match phase {
        TurnPhase::UpcardOffer => vec![
            PlayerCommand::Move(PlayerMove::Pass),
            PlayerCommand::Move(PlayerMove::TakeUpcard),
        ],
        TurnPhase::Discard => {
            let mut v = Vec::new();
            if any(|a| matches!(a, Action::Gin { .. })) {
                v.push(PlayerCommand::Move(PlayerMove::Gin));
            }
            if any(|a| matches!(a, Action::Knock { .. })) {
                v.push(PlayerCommand::Hand(HandCommand::Knock));
            }
            v
        }
        TurnPhase::Layoff => {
            let mut v = vec![PlayerCommand::Move(PlayerMove::Done)];
            if any(|a| matches!(a, Action::LayOff { .. })) {
                v.push(PlayerCommand::Move(PlayerMove::LayOffAll));
            }
            v
        }
        TurnPhase::RoundOver => vec![PlayerCommand::Series(SeriesCommand::NextRound)],
        _ => Vec::new(),
    }
}

/// The deadwood the player would knock with: the least any legal discard leaves, as the core
/// counts it (a knock is legal exactly when that is within the limit). `None` outside the
/// player's discard.
pub(crate) fn knock_deadwood(m: &Match) -> Option<u32> {
    let r = m.round();
    if r.to_act() != Some(HUMAN) {
        return None;
    }
    let hand = r.hand(HUMAN);
    r.legal_actions()
        .iter()
        .filter_map(|a| match a {
            Action::Discard(c) => Some(deadwood(hand.without(*c))),
            _ => None,
        })
        .min()
}

/// Where sort button `i` (0 Melds, 1 Rank, 2 Suit, top to bottom) goes, and its size: a
/// column at the right edge just above the player's hand.
fn sort_button(met: Metrics, i: usize) -> (Vec2, Vec2) {
    let s = met.ui_scale();
    // Wide enough for the longest name in any language ("Combinaties", "Kombinasi").
    let size = Vec2::new(112.0, 34.0) * s;
    let pos = Vec2::new(
        met.size.x / 2.0 - 16.0 * s - size.x / 2.0,
        met.hand_y() + met.card.y * 0.5 + 24.0 * s + (2 - i) as f32 * (size.y + 8.0 * s),
    );
    (pos, size)
}

/// The size of the corner buttons (Menu, Hint): small, out of the way of the play.
fn corner_size(met: Metrics) -> Vec2 {
    Vec2::new(112.0, 34.0) * met.ui_scale()
}

/// Every button to show now, with its place on a table of metrics `met`: the action buttons
/// first (in the order of [`available`]), then the sorts, Hint in the bottom-right corner and
/// Menu in the top-right one (not while the menu is open).
pub fn buttons(
    m: &Match,
    hand: &HandView,
    phase: TurnPhase,
    met: Metrics,
    sp: &Speech,
    menu_open: bool,
) -> Vec<Button> {
    let s = met.ui_scale();
    let mut out = Vec::new();
    let size = Vec2::new(170.0, 44.0) * s;
    let knock = PlayerCommand::Hand(HandCommand::Knock);
    let mut cmds: Vec<(PlayerCommand, bool)> =
        available(m, phase).into_iter().map(|c| (c, true)).collect();
    let knock_dw = if phase == TurnPhase::Discard {
        knock_deadwood(m)
    } else {
        None
    };
    if phase == TurnPhase::Discard && !cmds.iter().any(|c| c.0 == knock) {
        cmds.push((knock, false));
    }
    for (i, (cmd, enabled)) in cmds.into_iter().enumerate() {
        let label = match cmd {
            PlayerCommand::Move(PlayerMove::TakeUpcard) => sp.t("button-take", &[]),
            PlayerCommand::Move(PlayerMove::Pass) => sp.t("button-pass", &[]),
            PlayerCommand::Hand(HandCommand::Knock) if hand.knocking => {
                sp.t("button-cancel-knock", &[])
            }
            PlayerCommand::Hand(HandCommand::Knock) => match knock_dw {
                Some(d) => sp.t("button-knock", &[("deadwood", d.into())]),
                None => sp.t("button-knock-plain", &[]),
            },
            PlayerCommand::Move(PlayerMove::Gin) => sp.t("button-gin", &[]),
            PlayerCommand::Move(PlayerMove::LayOffAll) => sp.t("button-lay-off-all", &[]),
            PlayerCommand::Move(PlayerMove::Done) => sp.t("button-done", &[]),
            PlayerCommand::Series(SeriesCommand::NextRound) if m.scoreboard().is_over() => {
                sp.t("button-new-series", &[])
            }
            PlayerCommand::Series(SeriesCommand::NextRound) => sp.t("button-next-round", &[]),
            _ => String::new(),
        };
        let pos = met.discard()
            + Vec2::new(
                met.card.x * 0.6 + 30.0 * s + size.x / 2.0,
                met.card.y * 0.3 - i as f32 * (size.y + 12.0 * s),
            );
        out.push(Button {
            action: ButtonAction::Command(cmd),
            label,
            key: shown_key(Binding::Command(cmd)),
            pos,
            size,
            on: (cmd == knock && hand.knocking) || cmd == PlayerCommand::Move(PlayerMove::Gin),
            enabled,
        });
    }
    // Sorting, while the player holds a hand of their own to arrange.
    let r = m.round();
    if !matches!(phase, TurnPhase::Dealing | TurnPhase::RoundOver) && r.knock().is_none() {
        for (i, (mode, label)) in [
            (SortMode::Melds, "sort-melds"),
            (SortMode::Rank, "sort-rank"),
            (SortMode::Suit, "sort-suit"),
        ]
        .into_iter()
        .enumerate()
        {
            let (pos, size) = sort_button(met, i);
            out.push(Button {
                action: ButtonAction::Command(PlayerCommand::Hand(HandCommand::Sort(mode))),
                label: sp.t(label, &[]),
                // S cycles the sorts: its hint sits on the sort it would pick.
                key: if hand.order.mode.next() == mode {
                    shown_key(Binding::NextSort)
                } else {
                    ""
                },
                pos,
                size,
                on: hand.order.mode == mode,
                enabled: true,
            });
        }
    }
    // Hint: Medium's move, said in place of the prompt, on the player's turn.
    let corner = corner_size(met);
    let edge = met.size / 2.0 - Vec2::splat(10.0 * s) - corner / 2.0;
    let my_turn = r.to_act() == Some(HUMAN)
        && matches!(
            phase,
            TurnPhase::UpcardOffer | TurnPhase::Draw | TurnPhase::Discard | TurnPhase::Layoff
        );
    let hint = PlayerCommand::Hand(HandCommand::Hint);
    out.push(Button {
        action: ButtonAction::Command(hint),
        label: sp.t("button-hint", &[]),
        key: shown_key(Binding::Command(hint)),
        pos: Vec2::new(edge.x, -edge.y),
        size: corner,
        on: false,
        enabled: my_turn,
    });
    if !menu_open {
        out.push(Button {
            action: ButtonAction::Menu,
            label: sp.t("button-menu", &[]),
            key: shown_key(Binding::Menu),
            pos: edge,
            size: corner,
            on: false,
            enabled: true,
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::RuleSettings;

    fn list(m: &Match, phase: TurnPhase, met: Metrics) -> Vec<Button> {
        buttons(
            m,
            &HandView::default(),
            phase,
            met,
            &Speech::default(),
            false,
        )
    }

    #[test]
    fn buttons_come_from_the_cores_legal_actions() {
        // Give the human the first word on the upcard.
        let mut seed = 8;
        let mut m = Match::new(RuleSettings::default(), seed);
        while m.round().to_act() != Some(HUMAN) {
            seed += 1;
            m = Match::new(RuleSettings::default(), seed);
        }
        assert_eq!(
            available(&m, TurnPhase::UpcardOffer),
            vec![
                PlayerCommand::Move(PlayerMove::Pass),
                PlayerCommand::Move(PlayerMove::TakeUpcard)
            ]
        );
        assert!(available(&m, TurnPhase::OpponentTurn).is_empty());
        assert_eq!(
            available(&m, TurnPhase::RoundOver),
            vec![PlayerCommand::Series(SeriesCommand::NextRound)]
        );
        // In the discard phase Knock shows exactly when the core lists a knock.
        m.apply(HUMAN, Action::TakeUpcard).unwrap();
        let legal = m.round().legal_actions();
        let can_knock = legal.iter().any(|a| matches!(a, Action::Knock { .. }));
        assert_eq!(
            available(&m, TurnPhase::Discard).contains(&PlayerCommand::Hand(HandCommand::Knock)),
            can_knock
        );
    }

    /// The player's position after taking the K♦ upcard with `hand` (the computer dealt).
    fn after_taking_the_king(hand: &str) -> Match {
        let hands = [
            crate::rules::CardSet::parse(hand).unwrap(),
            crate::rules::CardSet::parse("AD 2D 3D 6C 8C QC KC 4H 6H 8H").unwrap(),
        ];
        let round = crate::rules::Round::with_hands(
            RuleSettings::default(),
            crate::seats::OPPONENT,
            hands,
            "KD".parse().unwrap(),
            None,
        )
        .unwrap();
        let mut m = Match::with_round(round);
        m.apply(HUMAN, Action::TakeUpcard).unwrap();
        m
    }

    #[test]
    fn knock_shows_its_deadwood_lit_or_greyed() {
        let met = Metrics::new(Vec2::new(1280.0, 800.0));
        let knock_of = |m: &Match| {
            list(m, TurnPhase::Discard, met)
                .into_iter()
                .find(|b| b.cmd() == Some(PlayerCommand::Hand(HandCommand::Knock)))
                .expect("Knock always shows while discarding")
        };
        // Three melds and the 2♥: throwing the 2♥ leaves the K♦ just taken, 10, the limit.
        let m = after_taking_the_king("3C 4C 5C 7D 7H 7S 9S TS JS 2H");
        assert_eq!(knock_deadwood(&m), Some(10));
        let knock = knock_of(&m);
        assert_eq!((knock.label.as_str(), knock.enabled), ("Knock (10)", true));
        // Two melds: the least any discard leaves is 24, so Knock shows it, greyed.
        let m = after_taking_the_king("3C 4C 5C 7D 7H 7S 9S TS 2H 3H");
        assert_eq!(knock_deadwood(&m), Some(24));
        let knock = knock_of(&m);
        assert_eq!((knock.label.as_str(), knock.enabled), ("Knock (24)", false));
        assert!(
            !m.round()
                .legal_actions()
                .iter()
                .any(|a| matches!(a, Action::Knock { .. })),
            "greyed exactly when the core lists no knock"
        );
    }

    #[test]
    fn buttons_fit_the_window_and_never_overlap() {
        let m = Match::new(RuleSettings::default(), 8);
        for size in [
            Vec2::new(1024.0, 640.0),
            Vec2::new(1280.0, 800.0),
            Vec2::new(3840.0, 2160.0),
        ] {
            let met = Metrics::new(size);
            let list = list(&m, TurnPhase::UpcardOffer, met);
            assert_eq!(list.len(), 7, "Pass, Take, three sorts, Hint and Menu");
            for (i, a) in list.iter().enumerate() {
                let r = a.rect();
                assert!(
                    r.min.x >= -size.x / 2.0
                        && r.max.x <= size.x / 2.0
                        && r.min.y >= -size.y / 2.0
                        && r.max.y <= size.y / 2.0,
                    "{} off screen at {size}",
                    a.label
                );
                for b in &list[i + 1..] {
                    assert!(
                        r.intersect(b.rect()).is_empty(),
                        "{} over {}",
                        a.label,
                        b.label
                    );
                }
                // Not over the piles or the hands (the corner buttons beside the hand row).
                let pile = Rect::from_center_size(met.discard(), met.card)
                    .union(Rect::from_center_size(met.stock(), met.card));
                assert!(r.intersect(pile).is_empty(), "{} over the piles", a.label);
                let corner = matches!(
                    a.action,
                    ButtonAction::Menu
                        | ButtonAction::Command(PlayerCommand::Hand(HandCommand::Hint))
                );
                if corner {
                    assert!(
                        r.min.x > size.x / 2.0 - met.side_reserve(),
                        "{} beside the hand rows, in their reserve",
                        a.label
                    );
                } else {
                    assert!(
                        r.min.y > met.hand_y() + met.card.y / 2.0,
                        "{} over the hand",
                        a.label
                    );
                }
            }
            // Every button but the sorts shows its key; S sits on the sort it would choose.
            for b in &list {
                if !matches!(b.cmd(), Some(PlayerCommand::Hand(HandCommand::Sort(_)))) {
                    assert!(!b.key.is_empty(), "{} has no key hint", b.label);
                }
            }
            let s_on: Vec<&str> = list
                .iter()
                .filter(|b| b.key == "S")
                .map(|b| b.label.as_str())
                .collect();
            assert_eq!(s_on, vec!["Rank"]);
            // The active sort is drawn as chosen.
            assert!(list.iter().any(|b| b.cmd()
                == Some(PlayerCommand::Hand(HandCommand::Sort(SortMode::Melds)))
                && b.on));
        }
        // With the menu open, no Menu button.
        let met = Metrics::new(Vec2::new(1280.0, 800.0));
        let open = buttons(
            &m,
            &HandView::default(),
            TurnPhase::UpcardOffer,
            met,
            &Speech::default(),
            true,
        );
        assert!(!open.iter().any(|b| b.action == ButtonAction::Menu));
    }
}
