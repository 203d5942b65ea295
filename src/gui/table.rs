//! The table's state and turn flow: the [`Series`] on the table, the player's [`HandView`] and
//! [`Feedback`], the [`PlayerCommand`]s that change them through the rules core, and the
//! [`TurnPhase`] state that gates input. (The computer's turn is `bot`'s; keeping frames coming
//! is `wake`'s; the window's size is `screen`'s.)
//!
//! Decisions:
//! - Every input (mouse, buttons, keys, menu, tests) becomes a [`PlayerCommand`] message, and
//!   one system applies them ([`command`]). So headless tests drive the same path as the mouse,
//!   and nothing outside the core decides what is legal.
//! - What the table holds is split by how often it changes, so change detection means
//!   something: the [`Series`] changes with a move, the [`HandView`] with a click on a card or
//!   a sort, [`Feedback`] with a refusal. A command changes a resource only if it changed its
//!   value (`set_if_neq`), so a refused click does not make the cards re-lay themselves out.
//! - A series starts one way, [`Series::start_series`], with the rules and level in the
//!   player's settings at that moment: at the first start, from the menu, and after a series
//!   ends. A series in play keeps the rules it started with.
//! - The turn phase is a Bevy `States` enum computed from the core after every applied action
//!   ([`phase_of`]), plus `Dealing` while the deal animation runs; input and the bot's turn run
//!   only in their phases.
//! - A refusal is the core's [`crate::rules::RuleError`], worded by `words`: the table never
//!   invents its own reason.

use bevy::prelude::*;

use super::layout::{HandOrder, SortMode};
use super::screen::Screen;
use super::seats::HUMAN;
use super::settings::PlayerSettings;
use super::words::Refusal;
use crate::ai::Level;
use crate::rules::{
    Action, Card, DealPlayed, Entry, Match, Phase, RoundResult, RuleError, Seat, best_arrangement,
    best_layoffs,
};
use crate::store::save::bot_seed_of;
use crate::store::settings::Settings;

/// The series being played: the match whose cards are on the table and the computer playing
/// it. (One "game" of Hollywood is a column of its scoreboard.)
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct Series {
    /// The match on the table: the player's series, or a replayed deal while practising.
    pub current: Match,
    /// The computer's level for this series.
    pub level: Level,
    pub bot_seed: u64,
    /// While a deal is replayed from its seed: the player's series, set aside untouched.
    pub set_aside: Option<Match>,
    /// Rounds finished since they were last announced.
    ended: Vec<RoundEnd>,
}

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
}

impl HandView {
    fn clear_choice(&mut self) {
        self.knocking = false;
        self.selected = None;
    }
}

/// What the table says back to the player's last command: why it was refused (`None` when it
/// was not), as a fact that `words` puts in the player's language.
#[derive(Resource, Clone, Debug, Default, PartialEq, Deref)]
pub struct Feedback(pub Option<Refusal>);

/// A round that has just been entered on the scoreboard. Its entry says what it closed and
/// decided; the scoreboard after it is the match's own.
#[derive(Message, Clone, Debug, PartialEq)]
pub struct RoundEnd {
    pub result: RoundResult,
    pub entry: Entry,
    /// A replayed deal: shown, but not counted or saved.
    pub practice: bool,
}

/// What the player asked for: from the mouse, a button, a key, the menu or a test. Split by
/// what it changes, so each kind is applied in its own way: a [`SeriesCommand`] at any time, a
/// [`HandCommand`] to the hand's view only, a [`Move`] through the rules core (refused while
/// the cards are being dealt).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayerCommand {
    Series(SeriesCommand),
    Hand(HandCommand),
    Move(Move),
}

/// What changes the series on the table: always carried out, mid-deal and under the menu too.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeriesCommand {
    /// Deal the next round (or, after a series ended, start the next series).
    NextRound,
    /// Abandon whatever is on the table and start a new series from this seed.
    NewSeries(u64),
    /// Play the deal `seed` with `dealer` dealing as practice (see [`Series::replay`]).
    Replay { dealer: Seat, seed: u64 },
    /// Review the player's decisions in round `n` (from 0) of the series in play: `review`'s
    /// business; the table changes nothing for it.
    Review(usize),
}

/// What changes only how the hand shows and what the player has chosen but not played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandCommand {
    /// Raise a hand card (or lower it again).
    Select(Card),
    /// Start (or cancel) choosing the card to knock with.
    Knock,
    Sort(SortMode),
    /// Move a hand card to this position (a custom order).
    MoveCard {
        card: Card,
        to: usize,
    },
    /// Cancel knocking or a selection.
    Cancel,
    /// Move the keyboard highlight to this card (or take it away).
    Focus(Option<Card>),
}

/// A move of the player's, asked of the rules core.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Move {
    TakeUpcard,
    Pass,
    DrawStock,
    TakeDiscard,
    /// Discard this card, or knock with it while knocking.
    Play(Card),
    Gin,
    LayOff {
        card: Card,
        meld: usize,
    },
    LayOffAll,
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

impl From<Move> for PlayerCommand {
    fn from(c: Move) -> Self {
        PlayerCommand::Move(c)
    }
}

impl Series {
    /// A new series from `seed`, under the player's `settings`.
    pub fn new(settings: &Settings, seed: u64) -> Series {
        Series::resume(
            Match::new(settings.rules.clone(), seed),
            settings.level,
            bot_seed_of(seed),
        )
    }

    /// A saved series, continued.
    pub fn resume(current: Match, level: Level, bot_seed: u64) -> Series {
        Series {
            current,
            level,
            bot_seed,
            set_aside: None,
            ended: Vec::new(),
        }
    }

    /// The one way a series starts: under the rules and level `settings` hold now. With a
    /// seed, a new match from it (abandoning whatever is on the table); without, the next
    /// series of the match on the table, which must be over.
    pub fn start_series(
        &mut self,
        settings: &Settings,
        seed: Option<u64>,
    ) -> Result<(), RuleError> {
        match seed {
            Some(seed) => *self = Series::new(settings, seed),
            None => {
                self.current.new_series(settings.rules.clone())?;
                self.level = settings.level;
            }
        }
        Ok(())
    }

    /// Plays the deal `seed` (with `dealer` dealing) as practice; the series waits untouched
    /// and comes back after the round.
    pub fn replay(&mut self, dealer: Seat, seed: u64) {
        let rules = self.current.rules().clone();
        let practice = Match::from_deal(rules, dealer, seed);
        let series = std::mem::replace(&mut self.current, practice);
        if self.set_aside.is_none() {
            self.set_aside = Some(series);
        }
    }

    /// True while a replayed deal is on the table.
    pub fn practising(&self) -> bool {
        self.set_aside.is_some()
    }

    /// The player's series, even while a deal is replayed.
    pub fn players_series(&self) -> &Match {
        self.set_aside.as_ref().unwrap_or(&self.current)
    }

    /// Applies an action through the rules core; a round it finishes is queued for
    /// [`RoundEnd`].
    pub fn act(&mut self, seat: Seat, action: Action) -> Result<(), RuleError> {
        let entry = self.current.apply(seat, action)?;
        if let (Some(entry), Some(result)) = (entry, self.current.round().result()) {
            self.ended.push(RoundEnd {
                result: result.clone(),
                entry,
                practice: self.practising(),
            });
        }
        Ok(())
    }

    /// Rounds finished since the last call.
    pub fn take_ended(&mut self) -> Vec<RoundEnd> {
        std::mem::take(&mut self.ended)
    }

    /// The legal action `f` picks out, if it is the human's turn.
    fn legal(&self, f: impl Fn(&Action) -> bool) -> Option<Action> {
        let r = self.current.round();
        if r.to_act() != Some(HUMAN) {
            return None;
        }
        r.legal_actions().into_iter().find(|a| f(a))
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
    match cmd {
        SeriesCommand::Review(_) => return,
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
            if series.current.round().is_finished()
                && let Some(players) = series.set_aside.take()
            {
                // The practice deal is over: back to the series.
                series.current = players;
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
fn play(series: &mut Series, hand: &mut HandView, feedback: &mut Feedback, mv: Move) {
    let r = series.current.round();
    let mut actions = Vec::new();
    match mv {
        Move::TakeUpcard => actions.push(Action::TakeUpcard),
        Move::Pass => actions.push(Action::PassUpcard),
        Move::DrawStock => actions.push(Action::DrawStock),
        Move::TakeDiscard => actions.push(Action::TakeDiscard),
        Move::Play(c) if hand.knocking => {
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
        Move::Play(c) => actions.push(Action::Discard(c)),
        Move::Gin => {
            // Big gin when it is listed (it pays more), else gin with the listed discard.
            let big = series.legal(|a| matches!(a, Action::Gin { discard: None }));
            if let Some(a) = big.or_else(|| series.legal(|a| matches!(a, Action::Gin { .. }))) {
                actions.push(a);
            } else {
                feedback.0 = Some(Refusal::NoGin);
                return;
            }
        }
        Move::LayOff { card, meld } => actions.push(Action::LayOff { card, meld }),
        Move::LayOffAll => {
            if let Some(k) = r.knock() {
                let (lay, _) = best_layoffs(&k.current_melds(), r.hand(HUMAN));
                actions.extend(lay.into_iter().map(|l| Action::LayOff {
                    card: l.card,
                    meld: l.meld,
                }));
            }
        }
        Move::Done => actions.push(Action::FinishLayoffs),
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

/// Run condition: what the table shows may have changed since the system it guards last ran
/// (the series, the hand's view, the feedback, the turn phase or the window's size). Systems
/// that lay out or word the table run only then, not every frame.
pub fn table_changed(
    series: Res<Series>,
    hand: Res<HandView>,
    feedback: Res<Feedback>,
    phase: Res<State<TurnPhase>>,
    screen: Res<Screen>,
) -> bool {
    series.is_changed()
        || hand.is_changed()
        || feedback.is_changed()
        || phase.is_changed()
        || screen.is_changed()
}

/// Something is moving on the table (set by the cards plugin), so keep frames coming.
#[derive(Resource, Default, PartialEq)]
pub struct Animating(pub bool);

/// Applies the player's commands, in the order they were given, every frame: moves sent while
/// the cards are dealt are refused rather than left unread (Bevy drops a message nobody reads
/// within two frames, so a series command sent mid-deal used to be lost). Each resource is
/// written only if the command changed it.
fn apply_commands(
    mut series: ResMut<Series>,
    mut hand: ResMut<HandView>,
    mut feedback: ResMut<Feedback>,
    settings: Res<PlayerSettings>,
    dealing: Res<Dealing>,
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

/// Announces finished rounds to whoever listens (statistics, the overlay's banner).
fn emit_round_ends(mut series: ResMut<Series>, mut out: MessageWriter<RoundEnd>) {
    if !series.ended.is_empty() {
        out.write_batch(series.take_ended());
    }
}

fn sync_phase(series: Res<Series>, dealing: Res<Dealing>, mut next: ResMut<NextState<TurnPhase>>) {
    if series.is_changed() || dealing.is_changed() {
        let phase = if dealing.busy(&series.current) {
            TurnPhase::Dealing
        } else {
            phase_of(&series.current)
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

/// The table plugin: the series, commands, round ends and the turn phase.
pub struct TablePlugin {
    /// The series the table opens with.
    pub series: Series,
}

/// The finished deals of the match on the table with their seeds, for the History, the round
/// banner and the Replay page: a seed is told only once its round is over (it gives every card
/// away). Worked out again only when a round ends or the match changes.
#[derive(Resource, Clone, Debug, Default)]
pub struct FinishedDeals {
    key: Option<(u64, bool, u64, usize)>,
    pub list: Vec<DealPlayed>,
}

fn note_finished_deals(series: Res<Series>, mut deals: ResMut<FinishedDeals>) {
    let m = &series.current;
    let key = (
        m.seed(),
        series.practising(),
        m.deals(),
        m.scoreboard().history.len(),
    );
    if deals.key != Some(key) {
        deals.list = m.finished_deals();
        deals.key = Some(key);
    }
}

impl Plugin for TablePlugin {
    fn build(&self, app: &mut App) {
        app.insert_resource(self.series.clone())
            .init_resource::<HandView>()
            .init_resource::<Feedback>()
            .init_resource::<FinishedDeals>()
            .add_message::<PlayerCommand>()
            .add_message::<RoundEnd>()
            .init_resource::<Dealing>()
            .init_resource::<Animating>()
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
                    apply_commands.in_set(TableSet::Commands),
                    emit_round_ends.in_set(TableSet::Announce),
                    note_finished_deals
                        .run_if(resource_changed::<Series>)
                        .after(TableSet::Apply)
                        .before(TableSet::Show),
                ),
            )
            .add_systems(Update, sync_phase.in_set(TableSet::Phase));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gui::seats::COMPUTER;
    use crate::rules::{CardSet, RuleSettings};

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
        let mut game = Table::new(5);
        play_until(&mut game, |g| {
            phase_of(&g.series.current) == TurnPhase::Draw
        });
        let before = game.series.current.clone();
        // Discarding before drawing, and a card that is not ours.
        let not_mine = game.series.current.round().hand(COMPUTER).first().unwrap();
        game.command(PlayerCommand::Move(Move::Play(not_mine)));
        assert_eq!(game.series.current, before);
        assert!(game.feedback.0.is_some());
        game.command(PlayerCommand::Series(SeriesCommand::NextRound));
        assert_eq!(game.series.current, before);
        game.command(PlayerCommand::Move(Move::DrawStock));
        assert_eq!(phase_of(&game.series.current), TurnPhase::Discard);
        assert!(game.feedback.0.is_none(), "a good move clears the message");
    }

    #[test]
    fn knocking_asks_for_a_card_and_only_takes_one_that_allows_it() {
        // Find a position where the human can knock with some discards but not others.
        for seed in 0..300 {
            let mut game = Table::new(seed);
            let found = (0..200).any(|_| {
                let r = game.series.current.round();
                let Some(seat) = r.to_act() else { return false };
                if seat == HUMAN && matches!(r.phase(), Phase::Discard { .. }) {
                    let legal = r.legal_actions();
                    if legal.iter().any(|a| matches!(a, Action::Knock { .. })) {
                        return true;
                    }
                }
                let a = r.legal_actions()[0].clone();
                game.series.current.apply(seat, a).unwrap();
                false
            });
            if !found {
                continue;
            }
            let r = game.series.current.round().clone();
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
            game.command(PlayerCommand::Hand(HandCommand::Knock));
            assert!(game.hand.knocking);
            game.command(PlayerCommand::Move(Move::Play(bad)));
            assert_eq!(
                game.series.current.round(),
                &r,
                "a knock that is not allowed changes nothing"
            );
            assert!(game.hand.knocking, "still choosing");
            assert!(
                matches!(
                    game.feedback.0,
                    Some(Refusal::Rule(RuleError::DeadwoodTooHigh { .. }))
                ),
                "{:?}",
                game.feedback.0
            );
            // Knock toggles off and on again, then a good card knocks.
            game.command(PlayerCommand::Hand(HandCommand::Knock));
            assert!(!game.hand.knocking);
            game.command(PlayerCommand::Hand(HandCommand::Knock));
            game.command(PlayerCommand::Move(Move::Play(knock_with.first().unwrap())));
            assert!(!game.hand.knocking);
            assert!(
                game.series
                    .current
                    .round()
                    .knock()
                    .is_some_and(|k| k.knocker == HUMAN)
            );
            return;
        }
        panic!("no position with a knock");
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
        assert_eq!(game.hand.order.mode, crate::gui::layout::SortMode::Custom);
        assert_eq!(game.hand.order.order(hand).0[0], c);
        game.command(PlayerCommand::Hand(HandCommand::Sort(
            crate::gui::layout::SortMode::Suit,
        )));
        assert_eq!(game.hand.order.mode, crate::gui::layout::SortMode::Suit);
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
        assert!(t.feedback.is_none());
    }
}
