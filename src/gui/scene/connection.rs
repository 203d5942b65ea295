//! How the friend is connected, in words: the small line above the friend's name plate
//! ("Direct · 38 ms", "Through a relay · 120 ms", "Reconnecting… 0:14"), and the status
//! line's "waiting for … to reconnect" with how long it has been. Shown only while a friend's
//! series is on the table.
//!
//! Decisions:
//! - The line sits above the friend's plate, where the hands never reach, in the plate's own
//!   ink but smaller: a player glances at it when a move seems slow, and it never covers a card.
//! - The round trip is QUIC's own estimate for the path in use, told by the link only when it
//!   moves by a fifth, so the figure does not flicker and a still table is not woken for it.
//! - The time away counts in whole seconds as a clock ("0:14"), the same in every language;
//!   while it counts the app wakes once a second, and not at all otherwise.

use bevy::prelude::*;
use bevy::sprite::Anchor;

use super::look::{self, INK_SOFT};
use super::plates::plates_of;
use crate::gui::app::speech::Speech;
use crate::gui::table::command::table_changed;
use crate::gui::table::friend::{Connection, Friend, FriendGame};
use crate::gui::table::phase::TableSet;
use crate::gui::table::view::TableView;
use crate::seats::OPPONENT;

/// The line above the friend's plate.
#[derive(Component)]
struct ConnectionLine;

/// Whole seconds as a clock: "0:07", "1:30".
pub(crate) fn clock(secs: u64) -> String {
    format!("{}:{:02}", secs / 60, secs % 60)
}

/// The short line for how the friend is connected.
pub(crate) fn connection_words(sp: &Speech, c: Connection) -> String {
    match c {
        Connection::Path(p) => sp.t(
            if p.direct {
                "friend-direct"
            } else {
                "friend-relayed"
            },
            &[("ms", p.rtt_ms.to_string().into())],
        ),
        Connection::Away { secs } => sp.t("friend-away", &[("clock", clock(secs).into())]),
    }
}

/// The sentence for a dropped connection: whom the game waits for, and for how long.
pub(crate) fn waiting_words(sp: &Speech, game: &FriendGame) -> String {
    let away = match game.connection() {
        Some(Connection::Away { secs }) => clock(secs),
        _ => clock(0),
    };
    sp.named(
        "friend-lost",
        game.name.as_deref(),
        &[("clock", away.into())],
    )
}

fn setup(mut commands: Commands) {
    commands.spawn((
        ConnectionLine,
        Text2d::new(""),
        TextFont::default(),
        TextColor(look::color(INK_SOFT)),
        Anchor::BOTTOM_LEFT,
        Transform::from_xyz(0.0, 0.0, 40.0),
        Visibility::Hidden,
    ));
}

/// Shows the line while a friend's series is on the table and the link has said how it goes.
fn update_line(
    table: TableView,
    friend: Res<Friend>,
    mut line: Query<
        (&mut Text2d, &mut TextFont, &mut Transform, &mut Visibility),
        With<ConnectionLine>,
    >,
) {
    let Ok((mut text, mut font, mut tf, mut vis)) = line.single_mut() else {
        return;
    };
    let shown = friend
        .0
        .as_ref()
        .filter(|_| table.series.friend().is_some())
        .and_then(FriendGame::connection);
    let Some(c) = shown else {
        vis.set_if_neq(Visibility::Hidden);
        return;
    };
    let met = table.screen.metrics;
    let plates = plates_of(&table);
    let Some(plate) = plates.iter().find(|p| p.seat == OPPONENT) else {
        return;
    };
    let words = connection_words(&table.speech, c);
    if text.0 != words {
        text.0 = words;
    }
    let size = FontSize::Px(plate.size.y * 0.4);
    if font.font_size != size {
        font.font_size = size;
    }
    let at = Vec2::new(
        plate.pos.x - plate.size.x / 2.0,
        plate.pos.y + plate.size.y / 2.0 + 4.0 * met.ui_scale(),
    );
    let p = at.extend(40.0);
    if tf.translation != p {
        tf.translation = p;
    }
    vis.set_if_neq(Visibility::Inherited);
}

/// The line that says how the friend is connected.
pub(crate) struct ConnectionPlugin;

impl Plugin for ConnectionPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(Startup, setup).add_systems(
            Update,
            update_line
                .run_if(
                    table_changed
                        .or_eager(resource_changed::<Friend>)
                        .or_eager(resource_changed::<Speech>),
                )
                .in_set(TableSet::Show),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::net::link::PathNow;

    #[test]
    fn the_connection_is_worded_in_each_language_with_its_figures() {
        let direct = Connection::Path(PathNow {
            direct: true,
            rtt_ms: 38,
        });
        let relayed = Connection::Path(PathNow {
            direct: false,
            rtt_ms: 120,
        });
        let away = Connection::Away { secs: 75 };
        let en = Speech::default();
        assert_eq!(connection_words(&en, direct), "Direct · 38 ms");
        assert_eq!(connection_words(&en, relayed), "Through a relay · 120 ms");
        assert_eq!(connection_words(&en, away), "Reconnecting… 1:15");
        for lang in [crate::lang::Lang::Nl, crate::lang::Lang::Id] {
            let sp = Speech::new(lang);
            let words = [direct, relayed, away].map(|c| connection_words(&sp, c));
            assert!(
                words[0].contains("38") && words[1].contains("120"),
                "{words:?}"
            );
            assert!(words[2].ends_with("1:15"), "{words:?}");
            assert_ne!(
                words[1],
                connection_words(&en, relayed),
                "{lang:?} is translated"
            );
        }
        assert_eq!(clock(7), "0:07");
    }
}
