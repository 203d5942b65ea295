//! The table's state and turn flow: the [`Game`] resource that wraps the rules core, the player's
//! [`Command`]s and how they are applied, and the [`TurnPhase`] state that gates input. (The
//! computer's turn is `bot`'s; keeping frames coming is `wake`'s.)
//!
//! Decisions:
//! - Every input (mouse, buttons, keys, tests) becomes a [`Command`] message, and one system
//!   applies commands through the rules core ([`Game::command`]). So headless tests drive the
//!   same path as the mouse, and nothing outside the core decides what is legal.
//! - The turn phase is a Bevy `States` enum computed from the core after every applied action
//!   ([`phase_of`]), plus `Dealing` while the deal animation runs; input and the bot's turn run
//!   only in their phases.
//! - A refusal is the core's [`crate::rules::RuleError`], worded by `words`: the table never
//!   invents its own reason.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use super::layout::{HandOrder, SortMode};
use super::seats::HUMAN;
use super::words;
use crate::ai::Level;
use crate::rules::{
    Action, Card, Entry, Match, Phase, RoundResult, RuleSettings, Seat, best_arrangement,
    best_layoffs,
};
use crate::store::settings::CardBack;

/// Seconds a card takes to slide at normal speed.
pub const SLIDE_SECS: f32 = 0.35;

/// The match being played and the table's own settings.
#[derive(Resource)]
pub struct Game {
    pub m: Match,
    pub level: Level,
    pub bot_seed: u64,
    /// The last thing that happened, shown to the player.
    pub message: String,
    /// Animation time scale: 1 is normal, 0 is instant.
    pub speed: f32,
    pub four_color: bool,
    pub back: CardBack,
    /// In the discard phase: the next card played knocks instead of discarding.
    pub knocking: bool,
    /// The hand card raised by a first click; a second click (or a drag to the pile) plays it.
    pub selected: Option<Card>,
    /// How the player's hand is ordered.
    pub order: HandOrder,
    /// Rules and level the next series will be played under (from the settings).
    pub next_rules: RuleSettings,
    pub next_level: Level,
    /// While a deal is replayed from its seed: the player's series, set aside untouched.
    pub set_aside: Option<Match>,
    /// Rounds finished since the overlay and the statistics last looked.
    pub ended: Vec<RoundEnd>,
}

/// A round that has just been entered on the scoreboard. Its entry says what it closed and
/// decided; the scoreboard after it is the match's own.
#[derive(Message, Clone, Debug)]
pub struct RoundEnd {
    pub result: RoundResult,
    pub entry: Entry,
    /// A replayed deal: shown, but not counted or saved.
    pub practice: bool,
}

/// What the player asked for: from the mouse, a button, a key, or a test.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    TakeUpcard,
    Pass,
    DrawStock,
    TakeDiscard,
    /// Raise a hand card (or lower it again).
    Select(Card),
    /// Discard this card, or knock with it while knocking.
    Play(Card),
    /// Start (or cancel) choosing the card to knock with.
    Knock,
    Gin,
    LayOff {
        card: Card,
        meld: usize,
    },
    LayOffAll,
    Done,
    NextRound,
    Sort(SortMode),
    /// Move a hand card to this position (a custom order).
    MoveCard {
        card: Card,
        to: usize,
    },
    /// Cancel knocking or a selection.
    Cancel,
}

impl Game {
    pub fn new(seed: u64) -> Game {
        Game {
            m: Match::new(RuleSettings::default(), seed),
            level: Level::Medium,
            bot_seed: seed ^ 0xB07,
            message: String::new(),
            speed: 1.0,
            four_color: false,
            back: CardBack::default(),
            knocking: false,
            selected: None,
            order: HandOrder::default(),
            set_aside: None,
            ended: Vec::new(),
            next_rules: RuleSettings::default(),
            next_level: Level::Medium,
        }
    }

    /// A game continuing a saved series.
    pub fn resume(m: Match, level: Level, bot_seed: u64) -> Game {
        // A round that had ended still explains its score.
        let message = m
            .round()
            .result()
            .map(words::score_line)
            .unwrap_or_default();
        Game {
            m,
            level,
            bot_seed,
            message,
            ..Game::new(0)
        }
    }

    /// Abandons whatever is on the table and starts a new series.
    pub fn start_series(&mut self, rules: RuleSettings, level: Level, seed: u64) {
        self.m = Match::new(rules, seed);
        self.level = level;
        self.bot_seed = seed ^ 0xB07;
        self.set_aside = None;
        self.clear_ui();
    }

    /// Plays the deal `seed` (with `dealer` dealing) as practice; the series waits untouched
    /// and comes back after the round.
    pub fn replay(&mut self, dealer: Seat, seed: u64) {
        let rules = self.m.rules().clone();
        let practice = Match::from_deal(rules, dealer, seed);
        let series = std::mem::replace(&mut self.m, practice);
        if self.set_aside.is_none() {
            self.set_aside = Some(series);
        }
        self.clear_ui();
    }

    /// True while a replayed deal is on the table.
    pub fn practising(&self) -> bool {
        self.set_aside.is_some()
    }

    fn clear_ui(&mut self) {
        self.message.clear();
        self.knocking = false;
        self.selected = None;
    }

    /// Seconds a card slide takes at this speed (0 = instant).
    pub fn slide_secs(&self) -> f32 {
        SLIDE_SECS * self.speed.max(0.0)
    }

    /// Applies an action through the rules core; a refusal becomes the message.
    pub fn act(&mut self, seat: Seat, action: Action) -> bool {
        match self.m.apply(seat, action) {
            Ok(entry) => {
                if let (Some(entry), Some(result)) = (entry, self.m.round().result()) {
                    self.ended.push(RoundEnd {
                        result: result.clone(),
                        entry,
                        practice: self.practising(),
                    });
                }
                if let Some(res) = self.m.round().result() {
                    self.message = words::score_line(res);
                }
                true
            }
            Err(e) => {
                self.message = words::error(&e);
                false
            }
        }
    }

    /// The legal action `f` picks out, if it is the human's turn.
    fn legal(&self, f: impl Fn(&Action) -> bool) -> Option<Action> {
        let r = self.m.round();
        if r.to_act() != Some(HUMAN) {
            return None;
        }
        r.legal_actions().into_iter().find(|a| f(a))
    }

    /// Applies a player's command. Card actions go to the rules core, which may refuse them
    /// (the refusal is shown as the message); the rest changes only how the table looks.
    pub fn command(&mut self, cmd: Command) {
        let r = self.m.round();
        let mine = |c: Card| r.hand(HUMAN).contains(c);
        let mut actions = Vec::new();
        match cmd {
            Command::Sort(mode) => {
                self.order.mode = mode;
                return;
            }
            Command::MoveCard { card, to } => {
                let hand = r.hand(HUMAN);
                self.order.move_card(hand, card, to);
                return;
            }
            Command::Cancel => {
                self.knocking = false;
                self.selected = None;
                return;
            }
            Command::Select(c) => {
                if mine(c) {
                    self.selected = if self.selected == Some(c) {
                        None
                    } else {
                        Some(c)
                    };
                }
                return;
            }
            Command::Knock => {
                if self.legal(|a| matches!(a, Action::Knock { .. })).is_some() || self.knocking {
                    self.knocking = !self.knocking;
                }
                return;
            }
            Command::NextRound => {
                if r.is_finished()
                    && let Some(series) = self.set_aside.take()
                {
                    // The practice deal is over: back to the series.
                    self.m = series;
                    self.clear_ui();
                    return;
                }
                let res = if self.m.scoreboard().is_over() {
                    self.level = self.next_level;
                    self.m.new_series(self.next_rules.clone())
                } else {
                    self.m.next_round()
                };
                match res {
                    Ok(()) => self.message.clear(),
                    Err(e) => self.message = words::error(&e),
                }
                self.knocking = false;
                self.selected = None;
                return;
            }
            Command::TakeUpcard => actions.push(Action::TakeUpcard),
            Command::Pass => actions.push(Action::PassUpcard),
            Command::DrawStock => actions.push(Action::DrawStock),
            Command::TakeDiscard => actions.push(Action::TakeDiscard),
            Command::Play(c) if self.knocking => {
                // Knock (or gin) with this discard, with the solver's best melds.
                let found = self.legal(|a| match a {
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
                        self.message = match r.clone().apply(HUMAN, knock) {
                            Err(e) => words::error(&e),
                            Ok(()) => String::new(),
                        };
                        return;
                    }
                }
            }
            Command::Play(c) => actions.push(Action::Discard(c)),
            Command::Gin => {
                // Big gin when it is listed (it pays more), else gin with the listed discard.
                let big = self.legal(|a| matches!(a, Action::Gin { discard: None }));
                if let Some(a) = big.or_else(|| self.legal(|a| matches!(a, Action::Gin { .. }))) {
                    actions.push(a);
                } else {
                    self.message = "No gin in this hand yet.".into();
                    return;
                }
            }
            Command::LayOff { card, meld } => actions.push(Action::LayOff { card, meld }),
            Command::LayOffAll => {
                if let Some(k) = r.knock() {
                    let (lay, _) = best_layoffs(&k.current_melds(), r.hand(HUMAN));
                    actions.extend(lay.into_iter().map(|l| Action::LayOff {
                        card: l.card,
                        meld: l.meld,
                    }));
                }
            }
            Command::Done => actions.push(Action::FinishLayoffs),
        }
        self.message.clear();
        for a in actions {
            if !self.act(HUMAN, a) {
                return;
            }
        }
        self.knocking = false;
        self.selected = None;
    }
}

/// Whose move it is and what kind, derived from the core (plus `Dealing` while cards fly).
#[derive(States, Default, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TurnPhase {
    #[default]
    Dealing,
    UpcardOffer,
    Draw,
    Discard,
    Layoff,
    ComputerTurn,
    RoundOver,
}

pub fn phase_of(m: &Match) -> TurnPhase {
    let r = m.round();
    match (r.phase(), r.to_act()) {
        (Phase::Finished, _) | (_, None) => TurnPhase::RoundOver,
        (_, Some(s)) if s != HUMAN => TurnPhase::ComputerTurn,
        (Phase::OfferToNonDealer | Phase::OfferToDealer, _) => TurnPhase::UpcardOffer,
        (Phase::Draw { .. }, _) => TurnPhase::Draw,
        (Phase::Discard { .. }, _) => TurnPhase::Discard,
        (Phase::Layoff { .. }, _) => TurnPhase::Layoff,
    }
}

/// Where the deal animation is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum DealStage {
    #[default]
    Idle,
    /// The cards are sliding back to the stock.
    Collecting,
    /// The cards are flying to their places one by one.
    Dealing,
}

/// Which round the cards have been dealt for, and where the deal animation is (both set by the
/// cards plugin). A round whose cards have not been dealt yet is `Dealing` too, so nobody acts
/// in the frame between a new deal and its animation.
#[derive(Resource, Default)]
pub struct Dealing {
    pub dealt: Option<(u64, u64)>,
    pub stage: DealStage,
}

impl Dealing {
    pub fn busy(&self, m: &Match) -> bool {
        self.stage != DealStage::Idle || self.dealt != Some(round_key(m))
    }
}

/// Tells rounds of a match apart: the match seed and the round's number.
pub fn round_key(m: &Match) -> (u64, u64) {
    (m.seed(), m.deals())
}

/// A menu or dialog is open: the table takes no input and the computer waits.
#[derive(Resource, Default, PartialEq)]
pub struct Paused(pub bool);

/// Run condition: the table is not paused.
pub fn playing(p: Res<Paused>) -> bool {
    !p.0
}

/// Something is moving on the table (set by the cards plugin), so keep frames coming.
#[derive(Resource, Default, PartialEq)]
pub struct Animating(pub bool);

/// Whether what the table shows may have changed since a system last ran: the game, the turn
/// phase or the window size (`last` is the calling system's own memory of the size). Systems
/// that lay out or word the table run their work only then, not every frame.
pub fn table_changed(
    game: &Res<Game>,
    phase: &Res<State<TurnPhase>>,
    size: Vec2,
    last: &mut Option<Vec2>,
) -> bool {
    resized(size, last) || game.is_changed() || phase.is_changed()
}

/// Whether the window is not the size `last` remembers (it then remembers this one).
pub fn resized(size: Vec2, last: &mut Option<Vec2>) -> bool {
    let changed = *last != Some(size);
    *last = Some(size);
    changed
}

/// The primary window's size in logical pixels (1280×800 before it exists, or headless).
pub fn window_size(q: &Query<&Window, With<PrimaryWindow>>) -> Vec2 {
    q.single().map_or(Vec2::new(1280.0, 800.0), |w| {
        Vec2::new(w.width(), w.height())
    })
}

/// The cursor in world coordinates, if it is over the window.
pub fn cursor_world(
    windows: &Query<&Window, With<PrimaryWindow>>,
    cams: &Query<(&Camera, &GlobalTransform)>,
) -> Option<Vec2> {
    let cursor = windows.single().ok()?.cursor_position()?;
    let (cam, gt) = cams.single().ok()?;
    cam.viewport_to_world_2d(gt, cursor).ok()
}

fn apply_commands(mut game: ResMut<Game>, mut commands: MessageReader<Command>) {
    for &cmd in commands.read() {
        game.command(cmd);
    }
}

/// Announces finished rounds to whoever listens (statistics, the overlay's banner).
fn emit_round_ends(mut game: ResMut<Game>, mut out: MessageWriter<RoundEnd>) {
    if !game.ended.is_empty() {
        out.write_batch(game.ended.drain(..));
    }
}

fn sync_phase(game: Res<Game>, dealing: Res<Dealing>, mut next: ResMut<NextState<TurnPhase>>) {
    if game.is_changed() || dealing.is_changed() {
        let phase = if dealing.busy(&game.m) {
            TurnPhase::Dealing
        } else {
            phase_of(&game.m)
        };
        NextState::set_if_neq(&mut *next, phase);
    }
}

/// The table's systems, in the order one frame runs them.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TableSet {
    /// Mouse, keys and buttons become commands.
    Input,
    /// Commands and the bot's moves are applied to the core; the phase follows.
    Apply,
    /// Inside `Apply`, in this order: the player's commands, the computer's move, then the
    /// announcement of a round that ended.
    Commands,
    Bot,
    Announce,
    /// Cards move to where the core says they are.
    Show,
    /// The turn phase follows the core and the deal animation, last, so that the next frame's
    /// state transition sees everything this frame changed.
    Phase,
}

/// The table plugin: the game state, commands, the bot's turns and the turn phase.
pub struct TablePlugin {
    pub seed: u64,
}

impl Plugin for TablePlugin {
    fn build(&self, app: &mut App) {
        if !app.world().contains_resource::<Game>() {
            app.insert_resource(Game::new(self.seed));
        }
        app.add_message::<Command>()
            .add_message::<RoundEnd>()
            .init_resource::<Dealing>()
            .init_resource::<Animating>()
            .init_resource::<Paused>()
            .init_state::<TurnPhase>()
            .configure_sets(
                Update,
                (
                    TableSet::Input,
                    TableSet::Apply,
                    TableSet::Show,
                    TableSet::Phase,
                )
                    .chain(),
            )
            .configure_sets(
                Update,
                (TableSet::Commands, TableSet::Bot, TableSet::Announce)
                    .chain()
                    .in_set(TableSet::Apply),
            )
            .add_systems(
                Update,
                (
                    apply_commands
                        .run_if(not(in_state(TurnPhase::Dealing)))
                        .in_set(TableSet::Commands),
                    emit_round_ends.in_set(TableSet::Announce),
                ),
            )
            .add_systems(Update, sync_phase.in_set(TableSet::Phase));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gui::seats::COMPUTER;
    use crate::rules::CardSet;

    /// Plays both seats with the first legal action until `stop` holds.
    fn play_until(game: &mut Game, stop: impl Fn(&Game) -> bool) {
        for _ in 0..400 {
            if stop(game) {
                return;
            }
            let r = game.m.round();
            let Some(seat) = r.to_act() else {
                game.command(Command::NextRound);
                continue;
            };
            let a = r.legal_actions()[0].clone();
            game.m.apply(seat, a).unwrap();
        }
        panic!("never reached the position");
    }

    #[test]
    fn turn_phase_follows_the_core() {
        let mut m = Match::new(RuleSettings::default(), 3);
        for _ in 0..60 {
            let r = m.round();
            let expected = match (r.phase(), r.to_act()) {
                (Phase::Finished, _) => TurnPhase::RoundOver,
                (_, Some(Seat::P2)) => TurnPhase::ComputerTurn,
                (Phase::OfferToNonDealer | Phase::OfferToDealer, _) => TurnPhase::UpcardOffer,
                (Phase::Draw { .. }, _) => TurnPhase::Draw,
                (Phase::Discard { .. }, _) => TurnPhase::Discard,
                (Phase::Layoff { .. }, _) => TurnPhase::Layoff,
            };
            assert_eq!(phase_of(&m), expected);
            let Some(seat) = r.to_act() else { break };
            let a = r.legal_actions()[0].clone();
            m.apply(seat, a).unwrap();
        }
    }

    #[test]
    fn refused_commands_leave_the_round_alone_and_say_why() {
        let mut game = Game::new(5);
        play_until(&mut game, |g| phase_of(&g.m) == TurnPhase::Draw);
        let before = game.m.clone();
        // Discarding before drawing, and a card that is not ours.
        let not_mine = game.m.round().hand(COMPUTER).first().unwrap();
        game.command(Command::Play(not_mine));
        assert_eq!(game.m, before);
        assert!(!game.message.is_empty());
        game.command(Command::NextRound);
        assert_eq!(game.m, before);
        game.command(Command::DrawStock);
        assert_eq!(phase_of(&game.m), TurnPhase::Discard);
        assert!(game.message.is_empty(), "a good move clears the message");
    }

    #[test]
    fn knocking_asks_for_a_card_and_only_takes_one_that_allows_it() {
        // Find a position where the human can knock with some discards but not others.
        for seed in 0..300 {
            let mut game = Game::new(seed);
            let found = (0..200).any(|_| {
                let r = game.m.round();
                let Some(seat) = r.to_act() else { return false };
                if seat == HUMAN && matches!(r.phase(), Phase::Discard { .. }) {
                    let legal = r.legal_actions();
                    if legal.iter().any(|a| matches!(a, Action::Knock { .. })) {
                        return true;
                    }
                }
                let a = r.legal_actions()[0].clone();
                game.m.apply(seat, a).unwrap();
                false
            });
            if !found {
                continue;
            }
            let r = game.m.round().clone();
            let legal = r.legal_actions();
            let knock_with: CardSet = legal
                .iter()
                .filter_map(|a| match a {
                    Action::Knock { discard, .. } => Some(*discard),
                    _ => None,
                })
                .collect();
            let Some(bad) = r.hand(HUMAN).iter().find(|&c| {
                !knock_with.contains(c)
                    && !legal.contains(&Action::Gin { discard: Some(c) })
                    && legal.contains(&Action::Discard(c))
            }) else {
                continue;
            };
            game.command(Command::Knock);
            assert!(game.knocking);
            game.command(Command::Play(bad));
            assert_eq!(
                game.m.round(),
                &r,
                "a knock that is not allowed changes nothing"
            );
            assert!(game.knocking, "still choosing");
            assert!(game.message.contains("can't knock"), "{}", game.message);
            // Knock toggles off and on again, then a good card knocks.
            game.command(Command::Knock);
            assert!(!game.knocking);
            game.command(Command::Knock);
            game.command(Command::Play(knock_with.first().unwrap()));
            assert!(!game.knocking);
            assert!(game.m.round().knock().is_some_and(|k| k.knocker == HUMAN));
            return;
        }
        panic!("no position with a knock");
    }

    #[test]
    fn reordering_and_sorting_never_touch_the_round() {
        let mut game = Game::new(9);
        let before = game.m.clone();
        let hand = game.m.round().hand(HUMAN);
        let c = hand.iter().last().unwrap();
        game.command(Command::MoveCard { card: c, to: 0 });
        assert_eq!(game.order.mode, crate::gui::layout::SortMode::Custom);
        assert_eq!(game.order.order(hand).0[0], c);
        game.command(Command::Sort(crate::gui::layout::SortMode::Suit));
        assert_eq!(game.order.mode, crate::gui::layout::SortMode::Suit);
        assert_eq!(game.m, before);
    }

    #[test]
    fn a_replayed_deal_is_practice_and_gives_the_series_back_untouched() {
        let mut game = Game::new(6);
        // Some play in the series first.
        let r = game.m.round();
        let seat = r.to_act().unwrap();
        let a = r.legal_actions()[0].clone();
        game.act(seat, a);
        let series = game.m.clone();
        let seed = series.round().seed().unwrap();
        game.replay(HUMAN, seed);
        assert!(game.practising());
        assert_eq!(game.m.round().dealer(), HUMAN);
        assert!(game.m.round().history().is_empty(), "the deal starts fresh");
        // Play the practice round out; its end is marked as practice.
        while let Some(s) = game.m.round().to_act() {
            let a = game.m.round().legal_actions()[0].clone();
            assert!(game.act(s, a));
        }
        assert_eq!(game.ended.len(), 1);
        assert!(game.ended[0].practice);
        game.command(Command::NextRound);
        assert!(!game.practising());
        assert_eq!(game.m, series, "the series is exactly as it was left");
    }
}
