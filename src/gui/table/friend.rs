//! Playing a friend: the systems that drive this side's series with a friend
//! ([`super::friend_game`]). One system a frame ([`pump_friend`]) hands the player's moves to the link, takes the friend's messages and
//! puts the match they make on the table ([`Series::friend_table`]); the bot stays out of it.
//!
//! Decisions:
//! - The network runs on the link's own thread; this system only drains a channel, so the
//!   render thread never waits on it. The link wakes the sleeping app when something comes
//!   (winit's event-loop proxy), so a friend's move shows at once without the app polling.
//! - Leaving the friend's series from the table (a new series, a replayed deal) says goodbye
//!   to the friend's game and gives the player's own series back untouched.

use bevy::prelude::*;

pub use super::friend_game::{Friend, FriendGame, FriendStatus, Role};
use super::persist::FileWriter;
use super::phase::TableSet;
use super::series::Series;
use crate::gui::app::modes::{AtExit, MenuScreen};
use crate::gui::app::speech::Speech;
use crate::gui::app::wake::{StayAwake, WakeCheck};
use crate::net::link::{LinkConfig, Waker};
use crate::store::friend::FriendFile;

/// Drives the series with a friend: the player's moves out, the friend's in, the match on the
/// table. Nothing to do (and nothing marked changed) on a frame with no news.
fn pump_friend(
    mut friend: ResMut<Friend>,
    mut series: ResMut<Series>,
    mut menu: ResMut<NextState<MenuScreen>>,
    files: Res<FileWriter>,
) {
    let Some(game) = friend.bypass_change_detection().0.as_mut() else {
        return;
    };
    if game.shown && series.friend.is_none() {
        // The player left the friend's series from the table.
        game.end();
        friend.0 = None;
        files.write_friend(FriendFile::default());
        return;
    }
    let s = series.bypass_change_detection();
    let had_moves = s
        .friend
        .as_ref()
        .is_some_and(|f| !f.outbox.is_empty() || f.ready);
    if had_moves {
        game.send_players(s);
    }
    let before = (game.status.clone(), game.name.clone(), game.ticket.clone());
    let news = game.drain();
    if news || had_moves {
        game.awake = 3;
    }
    if news || had_moves {
        let kept = game.kept();
        if kept != game.written {
            files.write_friend(FriendFile {
                series: kept.clone(),
            });
            game.written = kept;
        }
    }
    if (game.status.clone(), game.name.clone(), game.ticket.clone()) != before {
        friend.set_changed();
    }
    let Some(game) = friend.bypass_change_detection().0.as_mut() else {
        return;
    };
    if let Some(m) = game.series() {
        let s = series.bypass_change_detection();
        if s.friend.is_none() {
            s.with_friend(m.clone(), game.hosting());
            // A host that had asked for the next deal before it quit still has: its Next
            // round shows held down.
            if let Some(f) = s.friend.as_mut() {
                f.asked = game.asked_next();
            }
            game.shown = true;
            series.set_changed();
            menu.set(MenuScreen::Closed);
        } else if &s.current != m {
            s.friend_table(m);
            series.set_changed();
        } else if news {
            // The host's word came and changed nothing: a move of the player's it never took
            // (sent while the connection was down) is dropped, so the player moves again.
            s.friend_table(m);
        }
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

/// The app stays awake a few frames after news from the friend's game.
fn stay_awake(mut friend: ResMut<Friend>, mut wake: MessageWriter<StayAwake>) {
    if let Some(g) = friend.bypass_change_detection().0.as_mut()
        && g.awake > 0
    {
        g.awake -= 1;
        wake.write(StayAwake);
    }
}

/// The table names the friend where it would say "the computer", while a friend's series is
/// on the table (a friend who gave no name is "your friend": an empty name to the voice).
fn name_the_friend(friend: Res<Friend>, series: Res<Series>, mut speech: ResMut<Speech>) {
    let name = friend
        .0
        .as_ref()
        .filter(|_| series.friend.is_some())
        .map(|g| g.name.as_deref().unwrap_or(""));
    if speech.opponent() != name {
        speech.set_opponent(name);
    }
}

/// Where a friend's game is looked for: over the internet (n0's relays and address lookup)
/// as players play, or on this machine only, as the headless tests play (these machines have
/// no internet, and no test may send anything beyond them).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum FriendNet {
    #[default]
    Internet,
    Loopback,
}

impl FriendNet {
    /// The network the player's game looks on: the internet, unless `HOLLYWOOD_GIN_NET` is
    /// `loopback` (two windows on one machine with nothing sent beyond it, as the lab and the
    /// screenshot checks run them).
    pub fn from_env() -> FriendNet {
        match std::env::var("HOLLYWOOD_GIN_NET").as_deref() {
            Ok("loopback") => FriendNet::Loopback,
            _ => FriendNet::Internet,
        }
    }

    /// The link config for this network, waking the app.
    pub fn config(self, wake: Option<Waker>) -> impl FnOnce([u8; 32]) -> LinkConfig {
        move |key| LinkConfig {
            wake,
            ..match self {
                FriendNet::Internet => LinkConfig::internet(key),
                FriendNet::Loopback => LinkConfig::loopback(key),
            }
        }
    }
}

/// The series with a friend.
pub struct FriendPlugin;

impl Plugin for FriendPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Friend>()
            .insert_resource(FriendNet::from_env())
            .add_systems(Update, pump_friend.in_set(TableSet::Bot))
            .add_systems(PostUpdate, stay_awake.before(WakeCheck))
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
