//! The table lays itself out: one system ([`lay_out_table`]) writes [`TableLayout`] whenever
//! something it is made from changes, and everything else reads it (input's hit tests, the
//! scene's cards, bands and marks).
//!
//! Decisions:
//! - The layout is the table's: a pure function ([`super::layout::layout`]) of the core's
//!   match, the window's metrics, the player's hand order and what stands raised ([`Lifts`]:
//!   the card raised by a first click, and the playable card under the pointer, [`Hover`],
//!   which input finds and the table keeps, or the keyboard's highlight). The scene only
//!   moves cards to it, when it changes.
//! - While a round is being dealt the layout is the deal's: nothing raised, and
//!   [`TableLayout::laid_out`] is false while the cards are collected to the stock, so no band
//!   or mark shows at a place no card is at.
//! - It runs after the deal's steps and before the cards are moved (`TableSet::Layout`), so
//!   the frame a deal lands in is the frame its layout, lifts included, reaches the cards.

use bevy::prelude::*;

use super::command::HandView;
use super::hand_order::HandOrder;
use super::layout::{Layout, Lifts, layout};
use super::phase::{DealStage, DealtRound, TableSet, TurnPhase};
use super::playable::live_focus;
use super::series::Series;
use crate::gui::app::screen::{Metrics, WindowMetrics};
use crate::gui::app::settings::PlayerSettings;
use crate::rules::Card;

/// The playable card under the pointer, if any (found by input; the table lifts it).
#[derive(Resource, Default, Clone, Copy, PartialEq, Eq, Debug)]
pub struct Hover(pub Option<Card>);

/// Where every card of the table goes now, and the metrics it was made for. Written only by
/// [`lay_out_table`].
#[derive(Resource)]
pub struct TableLayout {
    /// Where every card goes now.
    pub layout: Layout,
    /// The metrics it was laid out for.
    pub met: Metrics,
    /// The cards are at this layout or on their way to it: false while a deal collects them
    /// to the stock.
    pub laid_out: bool,
}

impl Default for TableLayout {
    fn default() -> Self {
        TableLayout {
            layout: Layout::default(),
            met: WindowMetrics::default().metrics,
            laid_out: false,
        }
    }
}

/// Lays the table out again: the round on the table with what stands raised, or, while it is
/// being dealt, the deal's layout with nothing raised.
pub(crate) fn lay_out_table(
    series: Res<Series>,
    hand: Res<HandView>,
    hover: Res<Hover>,
    phase: Res<State<TurnPhase>>,
    stage: Option<Res<State<DealStage>>>,
    dealt: Res<DealtRound>,
    screen: Res<WindowMetrics>,
    mut table: ResMut<TableLayout>,
) {
    let m = &series.current;
    let met = screen.metrics;
    // While the round is dealt, the deal's layout: the default order, nothing raised.
    let dealing = HandOrder::default();
    let (order, lifts) = if dealt.busy(m) {
        (&dealing, Lifts::default())
    } else {
        // The card under the pointer rises; without one, the keyboard's highlight does.
        let pointed = hover
            .0
            .or_else(|| live_focus(m, *phase.get(), &hand, &table.layout.hand));
        let lifts = Lifts {
            raised: hand.selected,
            pointed,
        };
        (&hand.order, lifts)
    };
    let collecting =
        stage.is_some_and(|s| matches!(s.get(), DealStage::Starting | DealStage::Collecting(_)));
    *table = TableLayout {
        layout: layout(m, met, order, lifts),
        met,
        laid_out: !collecting,
    };
}

/// The table's layout.
pub(crate) struct ArrangePlugin;

impl Plugin for ArrangePlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Hover>()
            .init_resource::<TableLayout>()
            .add_systems(
                Update,
                lay_out_table
                    .run_if(
                        resource_changed::<Series>
                            .or_eager(resource_changed::<HandView>)
                            .or_eager(resource_changed::<Hover>)
                            .or_eager(resource_changed::<State<TurnPhase>>)
                            .or_eager(resource_exists_and_changed::<State<DealStage>>)
                            .or_eager(resource_changed::<DealtRound>)
                            .or_eager(resource_changed::<WindowMetrics>)
                            // The deck's look: the cards take their new faces where they are.
                            .or_eager(resource_changed::<PlayerSettings>),
                    )
                    .in_set(TableSet::Layout),
            );
    }
}
