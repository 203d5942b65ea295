//! Driving a series with a friend each frame ([`super::game`]): one system ([`pump_friend`])
//! hands the player's moves to the link, takes the friend's messages and puts the match they
//! make on the table ([`Series::friend_table`]); the bot stays out of it. The menu's page
//! follows ([`super::FriendState`]).
//!
//! Decisions:
//! - The network runs on the link's own thread; this system only drains a channel, so the
//!   render thread never waits on it. The link wakes the sleeping app when something comes
//!   (winit's event-loop proxy), so a friend's move shows at once without the app polling.
//! - Draining the link every frame is bookkeeping, not news: [`Friend`] is marked changed only
//!   when what the pages and the table show of it changes (its status, the friend's name, the
//!   code), so an idle table wakes nothing that watches it: the one place in the gui that
//!   writes a resource without marking it.
//! - Leaving the friend's series from the table (a new series, a replayed deal) says goodbye
//!   to the friend's game and gives the player's own series back untouched.

use bevy::prelude::*;

use super::{Friend, FriendState};
use crate::gui::app::modes::{AtExit, MenuScreen};
use crate::gui::app::speech::Speech;
use crate::gui::app::wake::{StayAwake, WakeIn};
use crate::gui::table::persist::FileWriter;
use crate::gui::table::phase::TableSet;
use crate::gui::table::series::Series;
use crate::store::friend::FriendFile;

/// Drives the series with a friend: the player's moves out, the friend's in, the match on the
/// table. Nothing is marked changed on a frame with no news.
fn pump_friend(
    mut friend: ResMut<Friend>,
    mut series: ResMut<Series>,
    mut menu: ResMut<NextState<MenuScreen>>,
    files: Res<FileWriter>,
    mut wake: MessageWriter<StayAwake>,
    mut clock: MessageWriter<WakeIn>,
) {
    if friend.0.as_ref().is_some_and(|g| g.shown) && series.friend().is_none() {
        // The player left the friend's series from the table.
        if let Some(mut g) = friend.0.take() {
            g.end();
        }
        files.write_friend(FriendFile::default());
        return;
    }
    let Some(game) = friend.bypass_change_detection().0.as_mut() else {
        return;
    };
    let had_moves = series
        .friend()
        .is_some_and(|f| !f.outbox.is_empty() || f.ready);
    if had_moves {
        game.send_players(&mut series);
    }
    let before = (
        game.status.clone(),
        game.name.clone(),
        game.ticket.clone(),
        game.connection(),
    );
    let news = game.drain();
    if news || had_moves {
        game.awake = 3;
        let kept = game.kept();
        if kept != game.written {
            files.write_friend(FriendFile {
                series: kept.clone(),
            });
            game.written = kept;
        }
    }
    // The link wakes the app for one frame; what the news changed (the turn phase, the
    // texts) shows over the next few.
    if game.awake > 0 {
        game.awake -= 1;
        wake.write(StayAwake);
    }
    // While the friend is away the table counts the seconds: a frame each second, no more.
    if let Some((since, secs)) = game.away.as_mut() {
        *secs = since.elapsed().as_secs();
        let to_next = 1.0 - since.elapsed().as_secs_f32().fract();
        clock.write(WakeIn(std::time::Duration::from_secs_f32(to_next + 0.01)));
    }
    let mut changed = (
        game.status.clone(),
        game.name.clone(),
        game.ticket.clone(),
        game.connection(),
    ) != before;
    if let Some(m) = game.series() {
        if series.friend().is_none() {
            series.with_friend(m.clone(), game.hosting());
            // A host that had asked for the next deal before it quit still has: its Next
            // round shows held down.
            if let Some(f) = series.friend_mut() {
                f.asked = game.asked_next();
            }
            game.shown = true;
            changed = true;
            menu.set(MenuScreen::Closed);
        } else if &series.current != m
            // The host's word came and changed nothing: a move of the player's it never took
            // (sent while the connection was down) is dropped, so the player moves again.
            || (news && series.friend().is_some_and(|f| f.pending.is_some()))
        {
            series.friend_table(m);
        }
    }
    if changed {
        friend.set_changed();
    }
}

/// The menu's page follows where the series with a friend stands.
fn follow_status(
    friend: Res<Friend>,
    state: Res<State<FriendState>>,
    mut next: ResMut<NextState<FriendState>>,
) {
    let now = FriendState::of(friend.0.as_ref().map(|g| &g.status));
    if *state.get() != now {
        next.set(now);
    }
}

/// The game is closing: the connection is closed cleanly (a second at most), so the friend's
/// game hears it at once and waits for this one to come back, rather than after the silence
/// limit. The series itself was kept on disk with its last move.
fn close_at_exit(
    mut exits: MessageReader<bevy::app::AppExit>,
    mut closing: MessageReader<bevy::window::WindowCloseRequested>,
    mut friend: ResMut<Friend>,
) {
    if exits.read().count() + closing.read().count() > 0
        && let Some(g) = friend.0.take()
    {
        g.close();
    }
}

/// The table names the friend where it would say "the computer", while a friend's series is
/// on the table (a friend who gave no name is "your friend": an empty name to the voice).
fn name_the_friend(friend: Res<Friend>, series: Res<Series>, mut speech: ResMut<Speech>) {
    let name = friend
        .0
        .as_ref()
        .filter(|_| series.friend().is_some())
        .map(|g| g.name.as_deref().unwrap_or(""));
    if speech.opponent() != name {
        speech.set_opponent(name);
    }
}

/// The systems that drive a series with a friend.
pub(super) struct PumpPlugin;

impl Plugin for PumpPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(
            Update,
            (
                pump_friend.in_set(TableSet::Bot),
                follow_status
                    .run_if(resource_changed::<Friend>)
                    .after(TableSet::Bot),
            ),
        )
        .add_systems(
            Last,
            close_at_exit
                .in_set(AtExit)
                .before(bevy::window::close_when_requested),
        )
        .add_systems(
            Update,
            name_the_friend
                .run_if(resource_changed::<Friend>.or_else(resource_changed::<Series>))
                .after(TableSet::Bot)
                .before(TableSet::Show),
        );
    }
}
