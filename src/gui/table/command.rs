//! The player's commands and what they change: every input (mouse, buttons, keys, menu, tests)
//! becomes a [`PlayerCommand`] message, and one system applies them, in order, every frame
//! ([`command`]). A [`SeriesCommand`] starts or replays a series, a [`HandCommand`] changes only
//! the player's [`HandView`], a [`PlayerMove`] goes to the rules core, whose refusal becomes the
//! [`Feedback`].
//!
//! Decisions:
//! - Headless tests drive the same path as the mouse, and nothing outside the core decides
//!   what is legal: a refusal is the core's [`crate::rules::RuleError`], worded by `words`;
//!   the table never invents its own reason.
//! - What the table holds is split by how often it changes, so change detection means
//!   something: the [`Series`] changes with a move, the [`HandView`] with a click on a card or
//!   a sort, [`Feedback`] with a refusal. A command changes a resource only if it changed its
//!   value (`set_if_neq`), so a refused click does not make the cards re-lay themselves out.
//! - The reader never sleeps: Bevy drops a message nobody reads within two frames, so a New
//!   series chosen from the menu while a deal animated used to be lost. Moves sent while the
//!   cards are dealt are read and refused instead.

use bevy::prelude::*;

use super::hand_order::{HandOrder, SortMode};
use super::phase::{DealtRound, TableSet, TurnPhase};
use super::series::Series;
use crate::ai::View;
use crate::ai::heuristic::{HintReason, hint};
use crate::gui::app::screen::WindowMetrics;
use crate::gui::app::settings::PlayerSettings;
use crate::rules::{Action, Card, RuleError, Seat, best_arrangement, best_layoffs, deadwood};
use crate::seats::HUMAN;
use crate::store::settings::Settings;

/// How the player's hand shows and what they have chosen but not played yet.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct HandView {
    /// How the hand is ordered.
    pub order: HandOrder,
    /// The hand card raised by a first click; a second click (or a drag to the pile) plays it.
    pub selected: Option<Card>,
    /// In the discard phase: the next card played knocks instead of discarding.
    pub knocking: bool,
    /// The keyboard highlight: the card ←/→ moved to, which ↑ or Enter acts on as a click
    /// would. It may go stale (the card left); whoever uses it checks it against
    /// `input::focusable`.
    pub focus: Option<Card>,
    /// Why Medium would make its move here, as the player asked (Hint, or H): said in place
    /// of the prompt until the player moves.
    pub hint: Option<HintReason>,
}

impl HandView {
    pub(super) fn clear_choice(&mut self) {
        self.knocking = false;
        self.selected = None;
        self.hint = None;
    }
}

/// Why the table refused the player's last command: the core's refusal, or a move sent while
/// the cards are still being dealt.
#[derive(Clone, Debug, PartialEq)]
pub enum Refusal {
    /// The rules refused it.
    Rule(RuleError),
    /// The cards are still being dealt.
    Dealing,
}

/// What the table says back to the player's last command: why it was refused (`None` when it
/// was not), as a fact that `words` puts in the player's language.
#[derive(Resource, Clone, Debug, Default, PartialEq, Deref)]
pub struct Feedback(pub Option<Refusal>);

/// What the player asked for: from the mouse, a button, a key, the menu or a test. Split by
/// what it changes, so each kind is applied in its own way: a [`SeriesCommand`] at any time, a
/// [`HandCommand`] to the hand's view only, a [`PlayerMove`] through the rules core (refused while
/// the cards are being dealt).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayerCommand {
    /// About the series: a new one, a replay, the next round, a review.
    Series(SeriesCommand),
    /// About the player's hand: its order, the card raised or in focus.
    Hand(HandCommand),
    /// A move of the game.
    Move(PlayerMove),
}

/// What changes the series on the table: always carried out, mid-deal and under the menu too.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeriesCommand {
    /// Deal the next round (or, after a series ended, start the next series).
    NextRound,
    /// Abandon whatever is on the table and start a new series from this seed.
    NewSeries(u64),
    /// Play the deal `seed` with `dealer` dealing as practice (see [`Series::replay`]).
    Replay {
        /// Who dealt it.
        dealer: Seat,
        /// Its seed.
        seed: u64,
    },
    /// Review the player's decisions in round `n` (from 0) of the series in play: `review`'s
    /// business; the table changes nothing for it.
    Review(usize),
    /// Leave the series with a friend: the player's own series comes back.
    LeaveFriend,
}

/// What changes only how the hand shows and what the player has chosen but not played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandCommand {
    /// Raise a hand card (or lower it again).
    Select(Card),
    /// Start (or cancel) choosing the card to knock with.
    Knock,
    /// Sort the hand this way.
    Sort(SortMode),
    /// Move a hand card to this position (a custom order).
    MoveCard {
        /// The card moved.
        card: Card,
        /// Its new place in the hand, from the left.
        to: usize,
    },
    /// Cancel knocking or a selection.
    Cancel,
    /// Move the keyboard highlight to this card (or take it away).
    Focus(Option<Card>),
    /// Say what Medium would do here, and why (on the player's turn).
    Hint,
}

/// A move of the player's, asked of the rules core.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayerMove {
    /// Take the upcard.
    TakeUpcard,
    /// Pass the upcard.
    Pass,
    /// Draw from the stock.
    DrawStock,
    /// Take the top of the discard pile.
    TakeDiscard,
    /// Discard this card, or knock with it while knocking.
    Play(Card),
    /// Go gin.
    Gin,
    /// Lay a card off onto the knocker's meld.
    LayOff {
        /// The card laid off.
        card: Card,
        /// The meld, by its place in the knock.
        meld: usize,
    },
    /// Lay off every card that fits.
    LayOffAll,
    /// Done laying off.
    Done,
}

impl From<SeriesCommand> for PlayerCommand {
    fn from(c: SeriesCommand) -> Self {
        PlayerCommand::Series(c)
    }
}

impl From<HandCommand> for PlayerCommand {
    fn from(c: HandCommand) -> Self {
        PlayerCommand::Hand(c)
    }
}

impl From<PlayerMove> for PlayerCommand {
    fn from(c: PlayerMove) -> Self {
        PlayerCommand::Move(c)
    }
}

/// Applies a player's command: a series command starts or replays a series with the player's
/// `settings`, a hand command changes only how the hand shows, a move goes to the rules core,
/// which may refuse it (the refusal becomes the feedback). While `dealing`, moves are refused.
pub fn command(
    series: &mut Series,
    hand: &mut HandView,
    feedback: &mut Feedback,
    settings: &Settings,
    dealing: bool,
    cmd: PlayerCommand,
) {
    match cmd {
        PlayerCommand::Series(c) => series_command(series, hand, feedback, settings, c),
        PlayerCommand::Hand(c) => hand_command(series, hand, c),
        PlayerCommand::Move(_) if dealing => feedback.0 = Some(Refusal::Dealing),
        PlayerCommand::Move(m) => play(series, hand, feedback, m),
    }
}

fn series_command(
    series: &mut Series,
    hand: &mut HandView,
    feedback: &mut Feedback,
    settings: &Settings,
    cmd: SeriesCommand,
) {
    // A new series or a replayed deal leaves a friend's series (the link says goodbye); the
    // next round of one is asked of the friend's game.
    let m = &series.current;
    let next_deal = m.round().is_finished() && !m.scoreboard().is_over();
    match (cmd, series.friend_mut()) {
        (SeriesCommand::NextRound, Some(f)) => {
            f.ready = next_deal;
            f.asked |= f.ready;
            hand.clear_choice();
            return;
        }
        (SeriesCommand::NewSeries(_) | SeriesCommand::Replay { .. }, Some(_)) => {
            series.leave_friend();
        }
        _ => {}
    }
    match cmd {
        SeriesCommand::Review(_) => return,
        SeriesCommand::LeaveFriend => series.leave_friend(),
        SeriesCommand::NewSeries(seed) => {
            // Cannot fail with a seed.
            let _ = series.start_series(settings, Some(seed));
            feedback.0 = None;
        }
        SeriesCommand::Replay { dealer, seed } => {
            series.replay(dealer, seed);
            feedback.0 = None;
        }
        SeriesCommand::NextRound => {
            // The practice deal is over: back to the series.
            if series.current.round().is_finished() && series.end_practice() {
                feedback.0 = None;
            } else {
                let res = if series.current.scoreboard().is_over() {
                    series.start_series(settings, None)
                } else {
                    series.current.next_round()
                };
                feedback.0 = res.err().map(Refusal::Rule);
            }
        }
    }
    hand.clear_choice();
}

fn hand_command(series: &Series, hand: &mut HandView, cmd: HandCommand) {
    let mine = series.current.round().hand(HUMAN);
    match cmd {
        HandCommand::Sort(mode) => hand.order.mode = mode,
        HandCommand::MoveCard { card, to } => hand.order.move_card(mine, card, to),
        HandCommand::Cancel => hand.clear_choice(),
        HandCommand::Focus(c) => hand.focus = c,
        HandCommand::Select(c) => {
            if mine.contains(c) {
                hand.selected = if hand.selected == Some(c) {
                    None
                } else {
                    Some(c)
                };
            }
        }
        HandCommand::Hint => {
            let m = &series.current;
            if m.round().to_act() == Some(HUMAN) {
                let view = View::of(m.round(), HUMAN, Some(m.scoreboard()));
                hand.hint = Some(hint(&view).reason);
            }
        }
        HandCommand::Knock => {
            if series
                .legal(|a| matches!(a, Action::Knock { .. }))
                .is_some()
                || hand.knocking
            {
                hand.knocking = !hand.knocking;
            }
        }
    }
}

/// A move, through the rules core: the actions it stands for are applied in turn until the
/// core refuses one.
fn play(series: &mut Series, hand: &mut HandView, feedback: &mut Feedback, mv: PlayerMove) {
    let r = series.current.round();
    let mut actions = Vec::new();
    match mv {
        PlayerMove::TakeUpcard => actions.push(Action::TakeUpcard),
        PlayerMove::Pass => actions.push(Action::PassUpcard),
        PlayerMove::DrawStock => actions.push(Action::DrawStock),
        PlayerMove::TakeDiscard => actions.push(Action::TakeDiscard),
        PlayerMove::Play(c) if hand.knocking => {
            // Knock (or gin) with this discard, with the solver's best melds.
            let found = series.legal(|a| match a {
                Action::Knock { discard, .. } => *discard == c,
                Action::Gin { discard } => *discard == Some(c),
                _ => false,
            });
            match found {
                Some(a) => actions.push(a),
                None => {
                    // Ask the core why: the knock with the best melds that card leaves.
                    let knock = Action::Knock {
                        discard: c,
                        melds: best_arrangement(r.hand(HUMAN).without(c)).melds,
                    };
                    feedback.0 = r.clone().apply(HUMAN, knock).err().map(Refusal::Rule);
                    return;
                }
            }
        }
        PlayerMove::Play(c) => actions.push(Action::Discard(c)),
        PlayerMove::Gin => {
            // Big gin when it is listed (it pays more), else gin with the listed discard.
            let big = series.legal(|a| matches!(a, Action::Gin { discard: None }));
            if let Some(a) = big.or_else(|| series.legal(|a| matches!(a, Action::Gin { .. }))) {
                actions.push(a);
            } else {
                // Ask the core why: gin with the discard that leaves the least deadwood.
                let hand = r.hand(HUMAN);
                let discard = hand.iter().min_by_key(|&c| deadwood(hand.without(c)));
                let gin = Action::Gin { discard };
                feedback.0 = r.clone().apply(HUMAN, gin).err().map(Refusal::Rule);
                return;
            }
        }
        PlayerMove::LayOff { card, meld } => actions.push(Action::LayOff { card, meld }),
        PlayerMove::LayOffAll => {
            if let Some(k) = r.knock() {
                let (lay, _) = best_layoffs(&k.current_melds(), r.hand(HUMAN));
                actions.extend(lay.into_iter().map(|l| Action::LayOff {
                    card: l.card,
                    meld: l.meld,
                }));
            }
        }
        PlayerMove::Done => actions.push(Action::FinishLayoffs),
    }
    feedback.0 = None;
    for a in actions {
        if let Err(e) = series.act(HUMAN, a) {
            feedback.0 = Some(Refusal::Rule(e));
            return;
        }
    }
    hand.clear_choice();
}

/// Applies the player's commands, in the order they were given, every frame: moves sent while
/// the cards are dealt are refused rather than left unread (Bevy drops a message nobody reads
/// within two frames, so a series command sent mid-deal used to be lost). Each resource is
/// written only if the command changed it.
fn apply_commands(
    mut series: ResMut<Series>,
    mut hand: ResMut<HandView>,
    mut feedback: ResMut<Feedback>,
    settings: Res<PlayerSettings>,
    dealing: Res<DealtRound>,
    mut commands: MessageReader<PlayerCommand>,
) {
    for &cmd in commands.read() {
        let busy = dealing.busy(&series.current);
        let (mut s, mut h, mut f) = ((*series).clone(), (*hand).clone(), (*feedback).clone());
        command(&mut s, &mut h, &mut f, &settings, busy, cmd);
        series.set_if_neq(s);
        hand.set_if_neq(h);
        feedback.set_if_neq(f);
    }
}

/// Run condition: what the table shows may have changed since the system it guards last ran
/// (the series, the hand's view, the feedback, the turn phase or the window's size). Systems
/// that lay out or word the table run only then, not every frame.
pub(crate) fn table_changed(
    series: Res<Series>,
    hand: Res<HandView>,
    feedback: Res<Feedback>,
    phase: Res<State<TurnPhase>>,
    screen: Res<WindowMetrics>,
) -> bool {
    series.is_changed()
        || hand.is_changed()
        || feedback.is_changed()
        || phase.is_changed()
        || screen.is_changed()
}

/// The player's commands and the state only they change.
pub(crate) struct CommandPlugin;

impl Plugin for CommandPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<HandView>()
            .init_resource::<Feedback>()
            .add_message::<PlayerCommand>()
            .add_systems(Update, apply_commands.in_set(TableSet::Commands));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Level;
    use crate::gui::table::phase::{TurnPhase, phase_of};
    use crate::rules::Phase;
    use crate::rules::{CardSet, Match, Round, RuleSettings};
    use crate::seats::OPPONENT;
    use crate::store::save::bot_seed_of;

    /// The table's resources, as `apply_commands` hands them to [`command`].
    struct Table {
        series: Series,
        hand: HandView,
        feedback: Feedback,
        settings: Settings,
    }

    impl Table {
        fn new(seed: u64) -> Table {
            let settings = Settings::default();
            Table {
                series: Series::new(&settings, seed),
                hand: HandView::default(),
                feedback: Feedback::default(),
                settings,
            }
        }
        fn command(&mut self, cmd: PlayerCommand) {
            command(
                &mut self.series,
                &mut self.hand,
                &mut self.feedback,
                &self.settings,
                false,
                cmd,
            );
        }
    }

    /// Plays both seats with the first legal action until `stop` holds.
    fn play_until(t: &mut Table, stop: impl Fn(&Table) -> bool) {
        for _ in 0..400 {
            if stop(t) {
                return;
            }
            let r = t.series.current.round();
            let Some(seat) = r.to_act() else {
                t.command(PlayerCommand::Series(SeriesCommand::NextRound));
                continue;
            };
            let a = r.legal_actions()[0].clone();
            t.series.current.apply(seat, a).unwrap();
        }
        panic!("never reached the position");
    }

    #[test]
    fn gin_pressed_without_gin_is_refused_with_the_cores_reason() {
        let mut game = Table::new(5);
        play_until(&mut game, |g| {
            phase_of(&g.series.current) == TurnPhase::Discard
        });
        let r = game.series.current.round().clone();
        assert!(
            !r.legal_actions()
                .iter()
                .any(|a| matches!(a, Action::Gin { .. })),
            "seed 5 deals no gin at the first discard"
        );
        let hand = r.hand(HUMAN);
        let least = hand
            .iter()
            .map(|c| deadwood(hand.without(c)))
            .min()
            .unwrap();
        game.command(PlayerCommand::Move(PlayerMove::Gin));
        assert_eq!(game.series.current.round(), &r, "nothing was played");
        assert_eq!(
            game.feedback.0,
            Some(Refusal::Rule(RuleError::NotGin { deadwood: least })),
        );
        // Before drawing, the core says it is not the time.
        let mut game = Table::new(5);
        play_until(&mut game, |g| {
            phase_of(&g.series.current) == TurnPhase::Draw
        });
        game.command(PlayerCommand::Move(PlayerMove::Gin));
        assert!(
            matches!(game.feedback.0, Some(Refusal::Rule(_))),
            "{:?}",
            game.feedback.0
        );
    }

    #[test]
    fn refused_commands_leave_the_round_alone_and_say_why() {
        let mut game = Table::new(5);
        play_until(&mut game, |g| {
            phase_of(&g.series.current) == TurnPhase::Draw
        });
        let before = game.series.current.clone();
        // Discarding before drawing, and a card that is not ours.
        let not_mine = game.series.current.round().hand(OPPONENT).first().unwrap();
        game.command(PlayerCommand::Move(PlayerMove::Play(not_mine)));
        assert_eq!(game.series.current, before);
        assert!(game.feedback.0.is_some());
        game.command(PlayerCommand::Series(SeriesCommand::NextRound));
        assert_eq!(game.series.current, before);
        game.command(PlayerCommand::Move(PlayerMove::DrawStock));
        assert_eq!(phase_of(&game.series.current), TurnPhase::Discard);
        assert!(game.feedback.0.is_none(), "a good move clears the message");
    }

    #[test]
    fn knocking_asks_for_a_card_and_only_takes_one_that_allows_it() {
        // A scripted position: the player holds three melds and the 2♥, takes the K♦ upcard,
        // and may then knock by throwing the K♦ (2 left) or the 2♥ (10 left), but not the 3♣
        // (it breaks the 3-4-5♣: 21 left).
        let hands = [
            CardSet::parse("3C 4C 5C 7D 7H 7S 9S TS JS 2H").unwrap(),
            CardSet::parse("AD 2D 3D 6C 8C QC KC 4H 6H 8H").unwrap(),
        ];
        let upcard = "KD".parse().unwrap();
        let round =
            Round::with_hands(RuleSettings::default(), OPPONENT, hands, upcard, None).unwrap();
        let mut game = Table::new(1);
        game.series.current = Match::with_round(round);
        game.command(PlayerCommand::Move(PlayerMove::TakeUpcard));
        let r = game.series.current.round().clone();
        assert!(matches!(r.phase(), Phase::Discard { .. }));
        let knock_with: CardSet = r
            .legal_actions()
            .iter()
            .filter_map(|a| match a {
                Action::Knock { discard, .. } => Some(*discard),
                _ => None,
            })
            .collect();
        assert_eq!(
            knock_with,
            CardSet::parse("2H").unwrap(),
            "the K♦ was just taken"
        );
        let bad = "3C".parse().unwrap();
        assert!(r.legal_actions().contains(&Action::Discard(bad)));
        game.command(PlayerCommand::Hand(HandCommand::Knock));
        assert!(game.hand.knocking);
        game.command(PlayerCommand::Move(PlayerMove::Play(bad)));
        assert_eq!(
            game.series.current.round(),
            &r,
            "a knock that is not allowed changes nothing"
        );
        assert!(game.hand.knocking, "still choosing");
        assert_eq!(
            game.feedback.0,
            Some(Refusal::Rule(RuleError::DeadwoodTooHigh {
                deadwood: 21,
                limit: 10
            })),
        );
        // Knock toggles off and on again, then a good card knocks.
        game.command(PlayerCommand::Hand(HandCommand::Knock));
        assert!(!game.hand.knocking);
        game.command(PlayerCommand::Hand(HandCommand::Knock));
        game.command(PlayerCommand::Move(PlayerMove::Play(
            knock_with.first().unwrap(),
        )));
        assert!(!game.hand.knocking);
        assert!(
            game.series
                .current
                .round()
                .knock()
                .is_some_and(|k| k.knocker == HUMAN)
        );
    }

    #[test]
    fn reordering_and_sorting_never_touch_the_round() {
        let mut game = Table::new(9);
        let before = game.series.current.clone();
        let hand = game.series.current.round().hand(HUMAN);
        let c = hand.iter().last().unwrap();
        game.command(PlayerCommand::Hand(HandCommand::MoveCard {
            card: c,
            to: 0,
        }));
        assert_eq!(
            game.hand.order.mode,
            crate::gui::table::hand_order::SortMode::Custom
        );
        assert_eq!(game.hand.order.order(hand).0[0], c);
        game.command(PlayerCommand::Hand(HandCommand::Sort(
            crate::gui::table::hand_order::SortMode::Suit,
        )));
        assert_eq!(
            game.hand.order.mode,
            crate::gui::table::hand_order::SortMode::Suit
        );
        assert_eq!(game.series.current, before);
    }

    #[test]
    fn a_replayed_deal_is_practice_and_gives_the_series_back_untouched() {
        let mut game = Table::new(6);
        // Some play in the series first.
        let r = game.series.current.round();
        let seat = r.to_act().unwrap();
        let a = r.legal_actions()[0].clone();
        game.series.act(seat, a).unwrap();
        let series = game.series.current.clone();
        let seed = series.round().seed().unwrap();
        game.series.replay(HUMAN, seed);
        assert!(game.series.practising());
        assert_eq!(game.series.current.round().dealer(), HUMAN);
        assert!(
            game.series.current.round().history().is_empty(),
            "the deal starts fresh"
        );
        // Play the practice round out; its end is marked as practice.
        while let Some(s) = game.series.current.round().to_act() {
            let a = game.series.current.round().legal_actions()[0].clone();
            game.series.act(s, a).unwrap();
        }
        let ended = game.series.take_ended();
        assert_eq!(ended.len(), 1);
        assert!(ended[0].practice);
        game.command(PlayerCommand::Series(SeriesCommand::NextRound));
        assert!(!game.series.practising());
        assert_eq!(
            game.series.current, series,
            "the series is exactly as it was left"
        );
    }

    #[test]
    fn a_series_starts_under_the_settings_of_that_moment_and_keeps_them() {
        let mut t = Table::new(4);
        t.settings.rules.game_target = 10;
        t.settings.level = Level::Hard;
        assert_eq!(
            t.series.current.rules().game_target,
            100,
            "changed settings leave the series in play alone"
        );
        t.command(PlayerCommand::Series(SeriesCommand::NewSeries(9)));
        assert_eq!(t.series.current.rules().game_target, 10);
        assert_eq!(t.series.level, Level::Hard);
        assert_eq!(t.series.bot_seed, bot_seed_of(9));
        // Played to its end (both seats by the Medium engine), the next series takes the
        // settings as they are then.
        t.settings.rules.gin_bonus = 20;
        t.settings.level = Level::Easy;
        let engine = Level::Medium.bot(1);
        for _ in 0..5000 {
            let m = &t.series.current;
            if m.scoreboard().is_over() {
                break;
            }
            match m.round().to_act() {
                Some(seat) => {
                    let view = crate::ai::View::of(m.round(), seat, Some(m.scoreboard()));
                    t.series.act(seat, engine.decide(&view)).unwrap();
                }
                None => t.command(PlayerCommand::Series(SeriesCommand::NextRound)),
            }
        }
        assert!(t.series.current.scoreboard().is_over(), "the series ended");
        assert_eq!(t.series.current.rules().gin_bonus, 25);
        t.command(PlayerCommand::Series(SeriesCommand::NextRound));
        assert_eq!(t.series.current.series_no(), 2);
        assert_eq!(t.series.current.rules().gin_bonus, 20);
        assert_eq!(t.series.level, Level::Easy);
        assert!(t.feedback.0.is_none());
    }
}
