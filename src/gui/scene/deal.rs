//! The deal, as at a real table: when a new round is on the table, every card is collected to
//! the stock face down, then dealt one at a time, alternating, starting with the non-dealer,
//! the upcard last. The stages are the [`DealStage`] sub-state of [`TurnPhase::Dealing`]; when
//! the deal lands, [`DealtRound`] names the round and the phase follows the core.
//!
//! Decisions:
//! - Each stage waits for the cards' slides to end, so the deal's pace is the slides' (the
//!   speed setting); at instant speed the cards are placed at once and the deal lands in the
//!   frame it starts.
//! - A stage names the round it deals: a new series or a replay chosen mid-deal starts the
//!   deal over for its own round.

use bevy::prelude::*;

use super::art::CardArt;
use super::cards::{CardSteps, PlacedCard, Slide};
use crate::gui::app::screen::WindowMetrics;
use crate::gui::app::settings::PlayerSettings;
use crate::gui::table::arrange::TableLayout;
use crate::gui::table::layout::{Layout, Placed};
use crate::gui::table::phase::{DealStage, DealtRound, TurnPhase, round_key};
use crate::gui::table::series::Series;
use crate::rules::{Card, Match};
use crate::seats::{HUMAN, OPPONENT};

/// Where a new round's cards are dealt from, and the order they come off the deck.
fn deal_order(m: &Match, l: &Layout) -> Vec<Card> {
    let r = m.round();
    let row = |seat| -> Vec<Card> {
        let mut v: Vec<(f32, Card)> = r
            .hand(seat)
            .iter()
            .filter_map(|c| l.get(c).map(|p| (p.pos.x, c)))
            .collect();
        v.sort_by(|a, b| a.0.total_cmp(&b.0));
        v.into_iter().map(|p| p.1).collect()
    };
    let (first, second) = if r.dealer() == HUMAN {
        (row(OPPONENT), row(HUMAN))
    } else {
        (row(HUMAN), row(OPPONENT))
    };
    let mut order = Vec::new();
    for i in 0..first.len().max(second.len()) {
        order.extend(first.get(i));
        order.extend(second.get(i));
    }
    order.extend(r.discard_pile().iter().copied());
    order
}

/// What a step of the deal reads and moves.
#[derive(bevy::ecs::system::SystemParam)]
struct Deal<'w, 's> {
    commands: Commands<'w, 's>,
    series: Res<'w, Series>,
    settings: Res<'w, PlayerSettings>,
    screen: Res<'w, WindowMetrics>,
    art: Res<'w, CardArt>,
    table: Res<'w, TableLayout>,
    dealt: ResMut<'w, DealtRound>,
    next: ResMut<'w, NextState<DealStage>>,
    slides: Query<'w, 's, (), With<Slide>>,
    cards: Query<'w, 's, PlacedCard>,
}

impl Deal<'_, '_> {
    /// The round on the table.
    fn round(&self) -> (u64, u64) {
        round_key(&self.series.current)
    }

    /// The layout the cards are dealt to: the table's, which while a round is dealt has
    /// nothing raised or pointed at (see `table::arrange`).
    fn layout(&self) -> Layout {
        self.table.layout.clone()
    }

    fn image(&self, c: Card, face_up: bool) -> Handle<Image> {
        if face_up {
            self.art.face(c, self.settings.four_color)
        } else {
            self.art.back.clone()
        }
    }

    /// Every card to the stock, face down: sliding there, or at once at instant speed (and at
    /// the first deal of the session, whose cards start there).
    fn collect(&mut self, at_once: bool) {
        let stock = self.screen.metrics.stock();
        let secs = self.settings.slide_secs();
        let back = self.art.back.clone();
        for (i, (e, _, mut sprite, tf, ..)) in self.cards.iter_mut().enumerate() {
            let to = stock.extend(1.0 + i as f32 * 0.01);
            let mut ec = self.commands.entity(e);
            ec.insert(Placed {
                pos: to,
                face_up: false,
                lift: 0.0,
                shadow: i == 0,
            });
            if at_once {
                sprite.image = back.clone();
                ec.remove::<Slide>().insert(Transform::from_translation(to));
            } else {
                let turns = sprite.image != back;
                ec.insert(Slide {
                    from: tf.translation,
                    to,
                    t: 0.0,
                    secs: secs * 1.2,
                    flip: turns.then(|| back.clone()),
                    flip_at: turns.then_some(0.5),
                });
            }
        }
    }

    /// Every card to its place in `l`: one at a time in the deal's order, or at once.
    fn deal(&mut self, l: Layout, at_once: bool) {
        let order = deal_order(&self.series.current, &l);
        let secs = self.settings.slide_secs();
        let step = 0.07 * self.settings.speed_factor();
        let faces: Vec<(Entity, Placed, Handle<Image>, bool)> = self
            .cards
            .iter()
            .filter_map(|(e, cs, sprite, ..)| {
                let p = l.get(cs.0)?;
                let face = self.image(cs.0, p.face_up);
                let turns = sprite.image != face;
                Some((e, p, face, turns))
            })
            .collect();
        for (e, p, face, turns) in faces {
            let Ok((_, cs, mut sprite, tf, ..)) = self.cards.get_mut(e) else {
                continue;
            };
            let mut ec = self.commands.entity(e);
            if at_once {
                sprite.image = face;
                ec.insert((p, Transform::from_translation(p.pos)));
                continue;
            }
            let wait = order
                .iter()
                .position(|&c| c == cs.0)
                .map_or(0.0, |i| i as f32 * step);
            ec.insert((
                p,
                Slide {
                    from: tf.translation,
                    to: p.pos,
                    t: -wait / secs,
                    secs,
                    flip_at: turns.then_some(0.5),
                    flip: turns.then_some(face),
                },
            ));
        }
    }
}

/// A round to deal: the cards go back to the stock (at instant speed the deal is done at once).
fn start(mut deal: Deal) {
    let round = deal.round();
    let instant = deal.settings.slide_secs() <= 0.0;
    let first = deal.dealt.0.is_none();
    deal.collect(instant || first);
    if instant {
        let l = deal.layout();
        deal.deal(l, true);
        deal.dealt.0 = Some(round);
    } else {
        deal.next.set(DealStage::Collecting(round));
    }
}

/// Collected: the cards fly to their places (or, if the round changed meanwhile, the deal
/// starts over for the new one).
fn collected(stage: Res<State<DealStage>>, mut deal: Deal) {
    let DealStage::Collecting(round) = *stage.get() else {
        return;
    };
    if round != deal.round() {
        deal.next.set(DealStage::Starting);
    } else if deal.slides.is_empty() {
        let l = deal.layout();
        deal.deal(l, false);
        deal.next.set(DealStage::Flying(round));
    }
}

/// Landed: the round is dealt (or, if the round changed meanwhile, the deal starts over).
fn landed(stage: Res<State<DealStage>>, mut deal: Deal) {
    let DealStage::Flying(round) = *stage.get() else {
        return;
    };
    if round != deal.round() {
        deal.next.set(DealStage::Starting);
    } else if deal.slides.is_empty() {
        deal.dealt.0 = Some(round);
    }
}

/// The deal.
pub(crate) struct DealPlugin;

impl Plugin for DealPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(
            Update,
            (
                start.run_if(in_state(DealStage::Starting)),
                collected.run_if(in_state(TurnPhase::Dealing)),
                landed.run_if(in_state(TurnPhase::Dealing)),
            )
                .chain()
                .after(CardSteps::Drops)
                .before(CardSteps::Place),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gui::app::screen::Metrics;
    use crate::gui::table::hand_order::HandOrder;
    use crate::gui::table::layout::{Lifts, layout};
    use crate::rules::RuleSettings;

    #[test]
    fn deal_alternates_from_the_non_dealer_and_ends_with_the_upcard() {
        let m = Match::new(RuleSettings::default(), 4);
        let met = Metrics::new(Vec2::new(1280.0, 800.0));
        let l = layout(&m, met, &HandOrder::default(), Lifts::default());
        let order = deal_order(&m, &l);
        let r = m.round();
        assert_eq!(order.len(), 21);
        let non_dealer = r.dealer().other();
        for (i, c) in order[..20].iter().enumerate() {
            let seat = if i % 2 == 0 { non_dealer } else { r.dealer() };
            assert!(r.hand(seat).contains(*c), "card {i} goes to {seat:?}");
        }
        assert_eq!(Some(order[20]), r.discard_top());
    }
}
