//! Whose move it is and what the frame does in which order: the [`TurnPhase`] state, computed
//! from the core after every applied action ([`phase_of`], by `series`), plus `Dealing` until
//! the round on the table is dealt ([`DealtRound`]), with the deal's own stages as its sub-state
//! ([`DealStage`]); the [`TableSet`]s one frame runs in; and [`CardsMoving`], while
//! anything moves.
//!
//! Decision: input and the bot's turn run only in their phases; the phase follows the core
//! last in the frame, so what the player sees and the phase that gates input always match the
//! core at the start of the next frame.

use bevy::prelude::*;

use crate::gui::app::wake::{StayAwake, WakeCheck};
use crate::rules::{Match, Phase};
use crate::seats::HUMAN;

/// Whose move it is and what kind, derived from the core (plus `Dealing` while cards fly).
#[derive(States, Default, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TurnPhase {
    #[default]
    /// The cards are being dealt.
    Dealing,
    /// The player may take the upcard or pass.
    UpcardOffer,
    /// The player draws.
    Draw,
    /// The player discards (or knocks).
    Discard,
    /// The player lays off onto the knock.
    Layoff,
    /// The other side's turn: the computer's or the friend's.
    OpponentTurn,
    /// The round is over.
    RoundOver,
}

/// The phase the match `m` is in (not counting the deal's animation).
pub fn phase_of(m: &Match) -> TurnPhase {
    let r = m.round();
    match (r.phase(), r.to_act()) {
        (Phase::Finished, _) | (_, None) => TurnPhase::RoundOver,
        (_, Some(s)) if s != HUMAN => TurnPhase::OpponentTurn,
        (Phase::OfferToNonDealer | Phase::OfferToDealer, _) => TurnPhase::UpcardOffer,
        (Phase::Draw { .. }, _) => TurnPhase::Draw,
        (Phase::Discard { .. }, _) => TurnPhase::Discard,
        (Phase::Layoff { .. }, _) => TurnPhase::Layoff,
    }
}

/// Where the deal is, while the phase is [`TurnPhase::Dealing`] (a sub-state of it: it exists
/// only then). Each stage names the round it deals, so a new series or a replay chosen
/// mid-deal starts the deal over for its own round.
#[derive(SubStates, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[source(TurnPhase = TurnPhase::Dealing)]
pub(crate) enum DealStage {
    /// A round to deal; nothing has moved yet.
    #[default]
    Starting,
    /// The cards are sliding back to the stock, face down, for this round.
    Collecting((u64, u64)),
    /// The cards are flying to their places one by one for this round.
    Flying((u64, u64)),
}

/// The round whose cards are dealt and laid out (set by the cards plugin when a deal lands).
/// A round not dealt yet is [`TurnPhase::Dealing`], so nobody acts in the frame between a
/// new deal and its animation.
#[derive(Resource, Default)]
pub struct DealtRound(pub Option<(u64, u64)>);

impl DealtRound {
    /// The round on the table has yet to be dealt.
    pub fn busy(&self, m: &Match) -> bool {
        self.0 != Some(round_key(m))
    }

    /// The phase the table is in with `m` on it: `Dealing` until its round is dealt, then
    /// the core's ([`phase_of`]). The state follows it at the next frame.
    pub fn phase(&self, m: &Match) -> TurnPhase {
        if self.busy(m) {
            TurnPhase::Dealing
        } else {
            phase_of(m)
        }
    }
}

/// Tells rounds of a match apart: the match seed and the round's number.
pub(crate) fn round_key(m: &Match) -> (u64, u64) {
    (m.seed(), m.deals())
}

/// Some card is moving on the table (set by the cards plugin): the deal's flights, and every
/// slide after a move, a drop or a resize too, so not the same fact as the deal. The computer
/// waits for it before it moves, and the app keeps frames coming.
#[derive(Resource, Default, PartialEq)]
pub struct CardsMoving(pub bool);

/// The app stays awake while something moves on the table.
fn stay_awake(anim: Res<CardsMoving>, mut wake: MessageWriter<StayAwake>) {
    if anim.0 {
        wake.write(StayAwake);
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
    /// Inside `Apply`: the computer's move.
    Bot,
    /// Inside `Apply`: a round that ended is announced.
    Announce,
    /// Cards move to where the core says they are.
    Show,
    /// Inside `Show`, first: the table lays itself out (`arrange`); the scene moves the cards
    /// after it.
    Layout,
    /// The turn phase follows the core and the deal animation, last, so that the next frame's
    /// state transition sees everything this frame changed.
    Phase,
}

/// The turn phase, the frame's order and the deal's progress.
pub(crate) struct PhasePlugin;

impl Plugin for PhasePlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<DealtRound>()
            .init_resource::<CardsMoving>()
            .init_state::<TurnPhase>()
            .add_sub_state::<DealStage>()
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
            .configure_sets(Update, TableSet::Layout.in_set(TableSet::Show))
            .configure_sets(
                Update,
                (TableSet::Commands, TableSet::Bot, TableSet::Announce)
                    .chain()
                    .in_set(TableSet::Apply),
            )
            .add_systems(PostUpdate, stay_awake.before(WakeCheck));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{RuleSettings, Seat};

    #[test]
    fn turn_phase_follows_the_core() {
        let mut m = Match::new(RuleSettings::default(), 3);
        for _ in 0..60 {
            let r = m.round();
            let expected = match (r.phase(), r.to_act()) {
                (Phase::Finished, _) => TurnPhase::RoundOver,
                (_, Some(Seat::P2)) => TurnPhase::OpponentTurn,
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
}
