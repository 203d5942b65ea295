//! The pointer, as it happened: each frame's mouse and touch events read in the order the
//! system delivered them, each press and release with the position it was made at, and who it
//! belongs to, the egui overlay or the table. Every system that handles the pointer reads
//! [`Gestures`]; none reads the mouse's button state or the cursor position on its own.
//!
//! Decisions:
//! - Order, not guesses. When a frame is slow, or a tool (a touch screen, a pen, remote
//!   desktop, voice control, a script) sends a move and a click together, one update holds
//!   "moved to the stock, pressed, released". Bevy's `WindowEvent` stream interleaves cursor
//!   motion, buttons and touches in the order they happened, so each press is placed at the
//!   motion just before it. (Hit-testing at the end-of-frame cursor, or at the previous
//!   frame's, gave a reach from a hand card to the stock to the hand card, and the click was
//!   lost.)
//! - Touch: the first finger down is the pointer (a tap is a click, a drag a drag, two taps
//!   a double-click); other fingers are ignored. A touch has no hover, so when it lifts the
//!   pointer is nowhere: no card stays raised under a finger that has gone. Nothing in the
//!   game needs hover: prompts say what to do, and the rules core refuses what cannot be done.
//! - egui gets a press made over one of its windows or areas (asked of egui at the press's
//!   own position), the table gets every other; a press belongs to whoever it started on until
//!   it is released, so a card dragged across the score window keeps being dragged and lands,
//!   and a press that began on a window never plays a card. Between presses the pointer is
//!   egui's where egui draws. The overlay keeps every area exactly the size of what it draws,
//!   so "over an area" means "over something drawn" (an expanding area once took the right
//!   half of the table: `tests/gui_headless/mouse.rs` clicks every card and button to keep that
//!   from coming back).
//! - Keys are not the pointer: they follow the menu's pause only.
//! - Cards and buttons are hit-tested by hand against the layout (see `input`), not through
//!   `bevy_picking`, whose egui backend answers the same question this file does.

use bevy::input::ButtonState;
use bevy::input::InputSystems;
use bevy::input::touch::TouchPhase;
use bevy::prelude::*;
use bevy::window::{PrimaryWindow, WindowEvent};
use bevy_egui::input::EguiWantsInput;
use bevy_egui::{EguiContext, EguiPreUpdateSet, PrimaryEguiContext};

/// How long a click stays the second of a double click, for the guards that keep it off what
/// replaced what its first click pressed (the menu's pages, the table's buttons): longer than
/// egui's own 0.3 s, as the systems' double-click settings go up to about half a second.
pub const DOUBLE_CLICK: std::time::Duration = std::time::Duration::from_millis(500);

/// How near the first press a second one must be to be its double click's, in logical pixels.
pub(crate) const DOUBLE_CLICK_REACH: f32 = 12.0;

/// Which side the pointer belongs to.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum PointerOwner {
    #[default]
    Table,
    Overlay,
}

/// What the pointer did, at a position in logical window pixels (top-left origin).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Gesture {
    Move(Vec2),
    Press(Vec2),
    Release(Vec2),
    /// The system took the pointer away mid-press (a touch cancelled): drop what it held.
    Cancel,
}

/// This frame's pointer events, in order, each with its owner; and the state they left.
#[derive(Resource, Clone, Debug, Default)]
pub(crate) struct Gestures {
    pub list: Vec<(Gesture, PointerOwner)>,
    /// Where the pointer is after them (`None`: outside the window, or a finger lifted).
    pub at: Option<Vec2>,
    /// Whether the primary button (or the first finger) is down after them.
    pub held: bool,
    /// Who has the pointer now.
    pub owner: PointerOwner,
    /// The finger acting as the pointer.
    finger: Option<u64>,
}

impl Gestures {
    /// The table's gestures of this frame, in order.
    pub(crate) fn table(&self) -> impl Iterator<Item = Gesture> + '_ {
        self.list
            .iter()
            .filter(|(_, o)| *o == PointerOwner::Table)
            .map(|(g, _)| *g)
    }

    /// Where the pointer is, if the table has it.
    pub(crate) fn table_at(&self) -> Option<Vec2> {
        self.at.filter(|_| self.owner == PointerOwner::Table)
    }

    /// Adds one gesture: `claimed` says whether egui draws where it happened.
    pub(crate) fn push(&mut self, g: Gesture, claimed: impl Fn(Vec2) -> bool) {
        match g {
            Gesture::Move(p) => self.at = Some(p),
            Gesture::Press(p) => {
                self.at = Some(p);
                self.owner = if claimed(p) {
                    PointerOwner::Overlay
                } else {
                    PointerOwner::Table
                };
                self.held = true;
            }
            Gesture::Release(p) => self.at = Some(p),
            Gesture::Cancel => {}
        }
        self.list.push((g, self.owner));
        if matches!(g, Gesture::Release(_) | Gesture::Cancel) {
            self.held = false;
        }
    }

    /// Between presses the pointer is egui's wherever egui draws.
    pub(crate) fn settle(&mut self, claimed: impl Fn(Vec2) -> bool) {
        if !self.held {
            self.owner = match self.at {
                Some(p) if claimed(p) => PointerOwner::Overlay,
                _ => PointerOwner::Table,
            };
        }
    }
}

/// Reads the frame's window events in order into [`Gestures`].
fn read_pointer(
    mut events: MessageReader<WindowEvent>,
    mut gestures: ResMut<Gestures>,
    windows: Query<Entity, With<PrimaryWindow>>,
    mut egui: Query<&mut EguiContext, With<PrimaryEguiContext>>,
    wants: Option<Res<EguiWantsInput>>,
    zoom: Query<&bevy_egui::EguiZoomFactor, With<PrimaryEguiContext>>,
) {
    let primary = windows.single().ok();
    let zoom = zoom.single().map_or(1.0, |z| z.zoom_factor);
    let ctx = egui.single_mut().ok().map(|mut c| c.get_mut().clone());
    // Whether egui draws at a point (egui remembers its areas from the frame it last drew),
    // or is in the middle of using the pointer (dragging one of its windows).
    let using = wants.is_some_and(|w| w.is_using_pointer());
    // The background layer is everywhere; egui draws nothing of ours there (the overlay has
    // no panels), so only its windows and areas count, as `is_pointer_over_egui` counts them.
    let claimed = |p: Vec2| {
        using
            || ctx.as_ref().is_some_and(|c| {
                c.layer_id_at(bevy_egui::egui::pos2(p.x / zoom, p.y / zoom))
                    .is_some_and(|l| l.order != bevy_egui::egui::Order::Background)
            })
    };
    let g = &mut *gestures;
    g.list.clear();
    let mine = |w: Entity| primary.is_none_or(|p| p == w);
    for e in events.read() {
        match e {
            WindowEvent::CursorMoved(m) if mine(m.window) => {
                g.push(Gesture::Move(m.position), claimed)
            }
            WindowEvent::CursorLeft(m) if mine(m.window) && !g.held => g.at = None,
            WindowEvent::MouseButtonInput(b) if mine(b.window) && b.button == MouseButton::Left => {
                let Some(p) = g.at else { continue };
                match b.state {
                    ButtonState::Pressed if !g.held => g.push(Gesture::Press(p), claimed),
                    ButtonState::Released if g.held && g.finger.is_none() => {
                        g.push(Gesture::Release(p), claimed)
                    }
                    _ => {}
                }
            }
            WindowEvent::TouchInput(t) if mine(t.window) => match t.phase {
                TouchPhase::Started if !g.held => {
                    g.finger = Some(t.id);
                    g.push(Gesture::Move(t.position), claimed);
                    g.push(Gesture::Press(t.position), claimed);
                }
                TouchPhase::Moved if g.finger == Some(t.id) => {
                    g.push(Gesture::Move(t.position), claimed)
                }
                TouchPhase::Ended if g.finger == Some(t.id) => {
                    g.push(Gesture::Move(t.position), claimed);
                    g.push(Gesture::Release(t.position), claimed);
                    g.finger = None;
                    g.at = None;
                }
                TouchPhase::Canceled if g.finger == Some(t.id) => {
                    g.push(Gesture::Cancel, claimed);
                    g.finger = None;
                    g.at = None;
                }
                _ => {}
            },
            _ => {}
        }
    }
    g.settle(claimed);
}

/// Reads the pointer each frame.
pub(crate) struct PointerPlugin;

impl Plugin for PointerPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Gestures>().add_systems(
            PreUpdate,
            read_pointer
                .after(InputSystems)
                .after(EguiPreUpdateSet::ProcessInput),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::PointerOwner::{Overlay, Table};
    use super::*;

    /// egui draws left of x = 100.
    fn window(p: Vec2) -> bool {
        p.x < 100.0
    }

    fn owners(g: &Gestures) -> Vec<PointerOwner> {
        g.list.iter().map(|(_, o)| *o).collect()
    }

    #[test]
    fn a_press_belongs_to_where_it_was_made_until_released() {
        let at = |x: f32| Vec2::new(x, 10.0);
        // A reach from the table over the window and a click there, in one frame: egui's.
        let mut g = Gestures::default();
        g.push(Gesture::Move(at(300.0)), window);
        g.push(Gesture::Move(at(50.0)), window);
        g.push(Gesture::Press(at(50.0)), window);
        g.push(Gesture::Release(at(50.0)), window);
        g.settle(window);
        assert_eq!(owners(&g)[2..], [Overlay, Overlay]);
        assert_eq!(g.owner, Overlay, "hovering the window afterwards");
        // A press on the table dragged over the window and released there: the table's.
        let mut g = Gestures::default();
        g.push(Gesture::Press(at(300.0)), window);
        g.push(Gesture::Move(at(50.0)), window);
        g.settle(window);
        assert_eq!(g.owner, Table, "dragging over the score window");
        g.list.clear();
        g.push(Gesture::Release(at(50.0)), window);
        assert_eq!(owners(&g), [Table], "the release is the table's");
        g.settle(window);
        assert_eq!(g.owner, Overlay, "the window's once the press is over");
        // A press on a window released over the table: never the table's.
        let mut g = Gestures::default();
        g.push(Gesture::Press(at(50.0)), window);
        g.push(Gesture::Move(at(300.0)), window);
        g.push(Gesture::Release(at(300.0)), window);
        assert_eq!(owners(&g), [Overlay, Overlay, Overlay]);
        assert_eq!(g.table().count(), 0);
        // Positions travel with the events, not the frame's end.
        let mut g = Gestures::default();
        g.push(Gesture::Move(at(400.0)), window);
        g.push(Gesture::Press(at(400.0)), window);
        g.push(Gesture::Move(at(600.0)), window);
        let table: Vec<Gesture> = g.table().collect();
        assert_eq!(table[1], Gesture::Press(at(400.0)));
        assert!(g.held);
    }
}
