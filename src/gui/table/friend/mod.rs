//! Playing a friend, owned by the table: this side's series with a friend ([`game`]), the
//! systems that drive it each frame ([`pump`]), and the orders that start and stop it
//! ([`FriendCommand`], obeyed here). Where it stands is a Bevy state ([`FriendState`]) so that
//! each page of the menu's Play a friend is its own system.
//!
//! Decisions:
//! - The menu only asks: its buttons send a [`FriendCommand`], and this plugin dials, hosts,
//!   resumes and ends, as DigitalExtinction's menu sends `StartMultiplayerEvent` to the plugin
//!   that owns its network state. Nothing above the table imports the network.
//! - What went wrong starting (a code that is no code, a network that would not start) and
//!   what the player's last Cancel stopped are facts in [`FriendNotice`]; the menu words them.
//! - [`FriendState`] follows [`FriendStatus`] (which has the reasons a page words) in coarse
//!   steps, one per page: it changes a frame after the status, as any state does.

pub mod game;
pub(crate) mod pump;

use bevy::prelude::*;
use bevy::winit::{EventLoopProxyWrapper, WinitUserEvent};

pub use self::game::{Connection, Friend, FriendGame, FriendStatus};
use super::command::{PlayerCommand, SeriesCommand};
use super::persist::{FileWriter, KeptFriend};
use super::phase::TableSet;
use crate::gui::app::settings::PlayerSettings;
use crate::net::link::{LinkConfig, LinkError, OwnRelay, Waker};
use crate::store::friend::FriendFile;

/// What the player asks of a series with a friend (the menu's buttons).
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum FriendCommand {
    /// Host a series under the rules in the player's settings, by the name there.
    Host,
    /// Join the host whose invite code this is.
    Join(String),
    /// Carry on the series kept from last time.
    Resume,
    /// Joining: take the host's rules.
    Accept,
    /// Joining with no answer yet: dial again now.
    TryAgain,
    /// Stop hosting or joining, or end the series (the friend's game is told); back to the
    /// player's own series.
    End,
    /// Forget the series kept from last time.
    Forget,
}

/// What the player's last order met, for the menu to say until the next order.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct FriendNotice {
    /// The code given to join was no invite code.
    pub bad_code: bool,
    /// The network could not start, and why.
    pub failed: Option<String>,
    /// What the player's last End stopped before a series began.
    pub stopped: Option<Stopped>,
}

/// What an End stopped before any series was on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stopped {
    /// Cancelled while hosting.
    Hosting,
    /// Cancelled while joining.
    Joining,
}

/// Where a series with a friend stands, a page of the menu each.
#[derive(States, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum FriendState {
    /// No series with a friend: host, join, or resume the one kept.
    #[default]
    Off,
    /// Hosting: the network starting, then the invite code waiting for the friend.
    Hosting,
    /// Joining: dialling the host (for a while with no answer, maybe).
    Joining,
    /// Joined: the host's rules wait for the player's yes.
    Offered,
    /// Playing, or waiting for a dropped connection to come back.
    Playing,
    /// The series is over (the friend left, fouled, or could not be reached for good).
    Over,
}

impl FriendState {
    /// The page for `status` (none: no series with a friend).
    pub fn of(status: Option<&FriendStatus>) -> FriendState {
        match status {
            None => FriendState::Off,
            Some(FriendStatus::Starting | FriendStatus::Waiting) => FriendState::Hosting,
            Some(FriendStatus::Dialling | FriendStatus::NotReached) => FriendState::Joining,
            Some(FriendStatus::Offered) => FriendState::Offered,
            Some(FriendStatus::Playing | FriendStatus::Lost(_)) => FriendState::Playing,
            Some(
                FriendStatus::Taken
                | FriendStatus::Foul(_)
                | FriendStatus::Left
                | FriendStatus::Failed(_)
                | FriendStatus::OtherVersion { .. },
            ) => FriendState::Over,
        }
    }
}

/// Where a friend's game is looked for: over the internet (n0's relays and address lookup)
/// as players play, or on this machine only, as the headless tests play (these machines have
/// no internet, and no test may send anything beyond them).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum FriendNet {
    #[default]
    /// Over the internet, as players play.
    Internet,
    /// On this machine only, as the tests and the lab play.
    Loopback,
}

impl FriendNet {
    /// The network the player's game looks on: the internet, unless `HOLLYWOOD_GIN_NET` is
    /// `loopback` (two windows on one machine with nothing sent beyond it, as the lab and the
    /// screenshot checks run them).
    pub(crate) fn from_env() -> FriendNet {
        match std::env::var("HOLLYWOOD_GIN_NET").as_deref() {
            Ok("loopback") => FriendNet::Loopback,
            _ => FriendNet::Internet,
        }
    }

    /// The link config for this network, waking the app; over the internet, through the
    /// player's own relay (`own_relay`, from the settings) instead of n0's when one is set.
    /// Its certificate is checked against the public authorities, as any site's.
    pub(crate) fn config(
        self,
        wake: Option<Waker>,
        own_relay: Option<String>,
    ) -> impl FnOnce([u8; 32]) -> LinkConfig {
        move |key| LinkConfig {
            wake,
            ..match self {
                FriendNet::Internet => LinkConfig {
                    own_relay: own_relay.map(|url| OwnRelay { url, ca_der: None }),
                    ..LinkConfig::internet(key)
                },
                FriendNet::Loopback => LinkConfig::loopback(key),
            }
        }
    }
}

/// Wakes the app from the network thread (none in headless tests, which never sleep).
fn waker(proxy: Option<&EventLoopProxyWrapper>) -> Option<Waker> {
    let proxy = (**proxy?).clone();
    Some(Waker(std::sync::Arc::new(move || {
        let _ = proxy.send_event(WinitUserEvent::WakeUp);
    })))
}

/// Obeys the player's orders about a series with a friend.
fn obey(
    mut orders: MessageReader<FriendCommand>,
    mut friend: ResMut<Friend>,
    mut notice: ResMut<FriendNotice>,
    mut kept: ResMut<KeptFriend>,
    settings: Res<PlayerSettings>,
    files: Res<FileWriter>,
    net: Res<FriendNet>,
    proxy: Option<Res<EventLoopProxyWrapper>>,
    mut commands: MessageWriter<PlayerCommand>,
) {
    for order in orders.read() {
        let config = net.config(waker(proxy.as_deref()), settings.own_relay.clone());
        let started = match order {
            FriendCommand::Host | FriendCommand::Join(_) | FriendCommand::Resume
                if friend.0.is_some() =>
            {
                // A second press of a button already answered (a burst of clicks).
                continue;
            }
            FriendCommand::Host => {
                FriendGame::host(&settings.friend_name(), settings.rules.clone(), config)
            }
            FriendCommand::Join(code) => FriendGame::join(code, &settings.friend_name(), config),
            FriendCommand::Resume => match kept.0.take() {
                Some(k) => FriendGame::resume(k, config),
                None => continue,
            },
            FriendCommand::Accept | FriendCommand::TryAgain => {
                if let Some(g) = friend.0.as_mut() {
                    if *order == FriendCommand::Accept {
                        g.accept();
                    } else {
                        g.try_again();
                    }
                }
                continue;
            }
            FriendCommand::End => {
                if let Some(mut g) = friend.0.take() {
                    notice.stopped = match FriendState::of(Some(&g.status)) {
                        FriendState::Hosting => Some(Stopped::Hosting),
                        FriendState::Joining | FriendState::Offered => Some(Stopped::Joining),
                        _ => None,
                    };
                    g.end();
                    files.write_friend(FriendFile::default());
                    // Back to the player's own series, if the friend's was on the table.
                    commands.write(PlayerCommand::Series(SeriesCommand::LeaveFriend));
                }
                continue;
            }
            FriendCommand::Forget => {
                if kept.0.take().is_some() {
                    files.write_friend(FriendFile::default());
                }
                continue;
            }
        };
        match started {
            Ok(g) => {
                friend.0 = Some(g);
                *notice = FriendNotice::default();
                // A new series replaces the one kept.
                kept.0 = None;
            }
            Err(LinkError::BadTicket(_)) => notice.bad_code = true,
            Err(e) => notice.failed = Some(e.to_string()),
        }
    }
}

/// The series with a friend.
pub(crate) struct FriendPlugin;

impl Plugin for FriendPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Friend>()
            .init_resource::<FriendNotice>()
            .init_state::<FriendState>()
            .add_message::<FriendCommand>()
            .insert_resource(FriendNet::from_env())
            .add_systems(Update, obey.before(TableSet::Input))
            .add_plugins(pump::PumpPlugin);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_players_own_relay_replaces_n0s_over_the_internet_only() {
        let url = "https://relay.club.example".to_string();
        let c = FriendNet::Internet.config(None, Some(url.clone()))([3; 32]);
        assert_eq!(c.own_relay, Some(OwnRelay { url, ca_der: None }));
        assert_eq!(c.key, [3; 32]);
        let c = FriendNet::Internet.config(None, None)([3; 32]);
        assert!(c.own_relay.is_none() && c.relays, "n0's relays");
        let c = FriendNet::Loopback.config(None, Some("https://r.example".into()))([3; 32]);
        assert!(
            c.own_relay.is_none() && !c.relays,
            "nothing beyond this machine"
        );
    }
}
