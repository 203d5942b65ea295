//! Who gets the pointer, the egui overlay or the table: decided here, once a frame, and read by
//! every system that handles the mouse.
//!
//! Decisions:
//! - egui gets the pointer only where it draws: over one of its windows or areas, or while a
//!   press that began on one of them is held. The overlay keeps every area exactly the size of
//!   what it draws (a button, a framed note), so "over an area" means "over something drawn".
//!   An area sized by an expanding layout once took the right half of the table: the headless
//!   test in `tests/gui_headless.rs` clicks every card and button with the overlay running to
//!   keep that from coming back.
//! - A press belongs to whoever it started on until it is released, the release frame
//!   included: a card dragged across the score window keeps being dragged and lands, and a
//!   press that began on a window never plays a card.
//! - Keys are not the pointer: they follow the menu's pause only.
//! - Cards and buttons are hit-tested by hand against the layout (see `input`), not through
//!   `bevy_picking`: egui's picking backend answers "is the pointer over an egui area" just as
//!   this file does, so picking would move the same decision elsewhere, not change it.

use bevy::input::InputSystems;
use bevy::prelude::*;
use bevy_egui::EguiPreUpdateSet;
use bevy_egui::input::EguiWantsInput;

/// Which side the pointer belongs to this frame.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PointerOwner {
    #[default]
    Table,
    Overlay,
}

/// The owner for this frame: `claimed` is whether egui draws under the pointer (or is using
/// it); `held`/`pressed`/`released` are the left button's state this frame.
pub fn decide(
    current: PointerOwner,
    claimed: bool,
    held: bool,
    pressed: bool,
    released: bool,
) -> PointerOwner {
    if (held || released) && !pressed {
        return current;
    }
    if claimed {
        PointerOwner::Overlay
    } else {
        PointerOwner::Table
    }
}

fn update_owner(
    wants: Res<EguiWantsInput>,
    mouse: Res<ButtonInput<MouseButton>>,
    mut owner: ResMut<PointerOwner>,
) {
    let claimed = wants.is_pointer_over_area() || wants.is_using_pointer();
    let next = decide(
        *owner,
        claimed,
        mouse.pressed(MouseButton::Left),
        mouse.just_pressed(MouseButton::Left),
        mouse.just_released(MouseButton::Left),
    );
    owner.set_if_neq(next);
}

/// Run condition: the table has the pointer.
pub fn table_has_pointer(owner: Res<PointerOwner>) -> bool {
    *owner == PointerOwner::Table
}

/// Decides who gets the pointer each frame.
pub struct PointerPlugin;

impl Plugin for PointerPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<PointerOwner>().add_systems(
            PreUpdate,
            update_owner
                .after(InputSystems)
                .after(EguiPreUpdateSet::ProcessInput),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::PointerOwner::{Overlay, Table};
    use super::*;

    #[test]
    fn a_press_stays_with_whoever_it_started_on() {
        // Hovering: egui where it draws, the table elsewhere.
        assert_eq!(decide(Table, true, false, false, false), Overlay);
        assert_eq!(decide(Overlay, false, false, false, false), Table);
        // A press on the table, dragged over a window, released there: the table's throughout.
        let mut o = decide(Table, false, true, true, false);
        assert_eq!(o, Table);
        o = decide(o, true, true, false, false);
        assert_eq!(o, Table, "dragging over the score window");
        o = decide(o, true, false, false, true);
        assert_eq!(o, Table, "the release is the table's");
        o = decide(o, true, false, false, false);
        assert_eq!(o, Overlay, "hovering the window afterwards");
        // A press on a window, released over the table: never the table's.
        let mut o = decide(Overlay, true, true, true, false);
        assert_eq!(o, Overlay);
        o = decide(o, false, true, false, false);
        assert_eq!(o, Overlay);
        o = decide(o, false, false, false, true);
        assert_eq!(o, Overlay);
    }
}
