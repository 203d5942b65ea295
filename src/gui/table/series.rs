//! The series on the table: the rules core's [`Match`] with the computer's level ([`Series`]),
//! the rounds it has just finished ([`RoundEnd`], announced to whoever listens) and its
//! finished deals with their seeds ([`FinishedDeals`]).
//!
//! Decisions:
//! - A series starts one way, [`Series::start_series`], with the rules and level in the
//!   player's settings at that moment: at the first start, from the menu, and after a series
//!   ends. A series in play keeps the rules it started with.
//! - A replayed deal sets the player's series aside untouched ([`Series::replay`]) and gives
//!   it back after the round.

use bevy::prelude::*;

use super::phase::{DealtRound, TableSet, TurnPhase};
use crate::ai::Level;
use crate::rules::{Action, DealPlayed, Entry, Match, RoundResult, RuleError, Seat};
use crate::seats::HUMAN;
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
    /// The seed of the computer's choices.
    pub bot_seed: u64,
    /// Whose series the table plays: the player's own, a practice deal or a friend's.
    pub plays: Plays,
    /// Rounds finished since they were last announced.
    pub(super) ended: Vec<RoundEnd>,
}

/// Whose series is on the table. One field rather than two options, because the practice deal
/// and the friend's series exclude each other: a replay leaves the friend's series first, and
/// a series with a friend keeps the whole table it set aside (practice deal and all) in
/// [`FriendSeat::solo`].
#[derive(Clone, Debug, PartialEq, Default)]
pub enum Plays {
    /// The player's own series against the computer.
    #[default]
    Own,
    /// A deal replayed from its seed, as practice; the player's series waits untouched.
    Practice {
        /// The player's series.
        aside: Match,
    },
    /// A friend's series: how the player's moves leave the table.
    Friend(FriendSeat),
}

/// The table's side of a series with a friend (see [`super::friend`]): the player's moves wait
/// here for the link, and the player's own series waits to come back.
#[derive(Clone, Debug, PartialEq)]
pub struct FriendSeat {
    /// Hosting (the host's game referees, and its table moves at once) or joining (the table
    /// moves when the host's game answers).
    pub hosting: bool,
    /// The player's moves not yet handed to the link, in order.
    pub outbox: Vec<Action>,
    /// The guest's table with its moves not yet answered applied, to check the next one
    /// against (never shown: a draw from the stock there is a stand-in card).
    pub pending: Option<Match>,
    /// The player asks for the next deal.
    pub ready: bool,
    /// The player has asked for the next deal and it has not come yet (the friend has not
    /// asked, or the deal is being agreed).
    pub asked: bool,
    /// The player's series against the computer, set aside untouched.
    pub solo: Box<Series>,
}

/// A round that has just been entered on the scoreboard. Its entry says what it closed and
/// decided; the scoreboard after it is the match's own.
#[derive(Message, Clone, Debug, PartialEq)]
pub(crate) struct RoundEnd {
    pub result: RoundResult,
    pub entry: Entry,
    /// A replayed deal: shown, but not counted or saved.
    pub practice: bool,
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
            plays: Plays::Own,
            ended: Vec::new(),
        }
    }

    /// The friend's seat, while a friend's series is on the table.
    pub fn friend(&self) -> Option<&FriendSeat> {
        match &self.plays {
            Plays::Friend(f) => Some(f),
            _ => None,
        }
    }

    /// The friend's seat, to hand the player's moves on.
    pub(crate) fn friend_mut(&mut self) -> Option<&mut FriendSeat> {
        match &mut self.plays {
            Plays::Friend(f) => Some(f),
            _ => None,
        }
    }

    /// A series with a friend on the table, `current` its match as this side knows it; the
    /// player's own series is set aside and comes back with [`Series::leave_friend`].
    pub(crate) fn with_friend(&mut self, current: Match, hosting: bool) {
        let solo = match std::mem::take(&mut self.plays) {
            Plays::Friend(f) => f.solo,
            own => Box::new(Series {
                plays: own,
                ..self.clone()
            }),
        };
        *self = Series::resume(current, self.level, self.bot_seed);
        self.plays = Plays::Friend(FriendSeat {
            hosting,
            outbox: Vec::new(),
            pending: None,
            ready: false,
            asked: false,
            solo,
        });
    }

    /// Back to the series against the computer.
    pub(crate) fn leave_friend(&mut self) {
        if let Plays::Friend(f) = std::mem::take(&mut self.plays) {
            *self = *f.solo;
        }
    }

    /// The one way a series starts: under the rules and level `settings` hold now. With a
    /// seed, a new match from it (abandoning whatever is on the table); without, the next
    /// series of the match on the table, which must be over.
    pub(crate) fn start_series(
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
        if !self.practising() {
            self.plays = Plays::Practice { aside: series };
        }
    }

    /// True while a replayed deal is on the table.
    pub fn practising(&self) -> bool {
        matches!(self.plays, Plays::Practice { .. })
    }

    /// The practice deal is over: the player's series comes back; false if none was aside.
    pub(crate) fn end_practice(&mut self) -> bool {
        match std::mem::take(&mut self.plays) {
            Plays::Practice { aside } => {
                self.current = aside;
                true
            }
            other => {
                self.plays = other;
                false
            }
        }
    }

    /// The player's series, even while a deal is replayed.
    pub(crate) fn players_series(&self) -> &Match {
        match &self.plays {
            Plays::Practice { aside } => aside,
            _ => &self.current,
        }
    }

    /// Applies an action through the rules core; a round it finishes is queued for
    /// [`RoundEnd`]. Playing a friend, the player's action goes to the outbox too; as the
    /// guest it is only checked (against the table with the moves not yet answered) and the
    /// table waits for the host's answer.
    pub fn act(&mut self, seat: Seat, action: Action) -> Result<(), RuleError> {
        if let Plays::Friend(f) = &mut self.plays {
            if !f.hosting {
                let pending = f.pending.get_or_insert_with(|| self.current.clone());
                pending.apply(seat, action.clone())?;
                f.outbox.push(action);
                return Ok(());
            }
            self.current.clone().apply(seat, action.clone())?;
            f.outbox.push(action.clone());
        }
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

    /// A match told by the link (a friend's move, a deal): put on the table, and its newly
    /// finished rounds announced.
    pub(crate) fn friend_table(&mut self, m: &Match) {
        // The host's word came: moves of the player's it has not taken (sent while the
        // connection was down) are dropped, and the player moves again from the table shown.
        if let Some(f) = self.friend_mut() {
            f.pending = None;
        }
        if &self.current == m {
            return;
        }
        let before = self.current.scoreboard().history.len();
        let dealt = m.deals() > self.current.deals();
        if let Some(f) = self.friend_mut()
            && dealt
        {
            f.asked = false;
        }
        self.current = m.clone();
        let history = &m.scoreboard().history;
        if history.len() > before
            && let (Some(entry), Some(result)) = (history.last(), m.round().result())
        {
            self.ended.push(RoundEnd {
                result: result.clone(),
                entry: entry.clone(),
                practice: false,
            });
        }
    }

    /// Rounds finished since the last call.
    pub(crate) fn take_ended(&mut self) -> Vec<RoundEnd> {
        std::mem::take(&mut self.ended)
    }

    /// The legal action `f` picks out, if it is the human's turn.
    pub(super) fn legal(&self, f: impl Fn(&Action) -> bool) -> Option<Action> {
        let r = self.current.round();
        if r.to_act() != Some(HUMAN) {
            return None;
        }
        r.legal_actions().into_iter().find(|a| f(a))
    }
}

/// Announces finished rounds to whoever listens (statistics, the overlay's banner).
fn emit_round_ends(mut series: ResMut<Series>, mut out: MessageWriter<RoundEnd>) {
    if !series.ended.is_empty() {
        out.write_batch(series.take_ended());
    }
}

/// The finished deals of the match on the table with their seeds, for the History, the round
/// banner and the Replay page: a seed is told only once its round is over (it gives every card
/// away). Worked out again only when a round ends or the match changes.
#[derive(Resource, Clone, Debug, Default)]
pub(crate) struct FinishedDeals {
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

/// The turn phase follows the series (and the deal animation).
fn sync_phase(
    series: Res<Series>,
    dealing: Res<DealtRound>,
    mut next: ResMut<NextState<TurnPhase>>,
) {
    if series.is_changed() || dealing.is_changed() {
        NextState::set_if_neq(&mut *next, dealing.phase(&series.current));
    }
}

/// The series on the table (the one it opens with given), its round ends and finished deals.
pub(crate) struct SeriesPlugin {
    pub series: Series,
}

impl Plugin for SeriesPlugin {
    fn build(&self, app: &mut App) {
        app.insert_resource(self.series.clone())
            .init_resource::<FinishedDeals>()
            .add_message::<RoundEnd>()
            .add_systems(
                Update,
                (
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
