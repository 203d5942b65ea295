//! A series with a friend, kept on disk (`friend.ron` in the data directory) so that it
//! survives a restart of either game: this side's state machine (the host's whole match, or
//! the guest's revealed rounds and the round in play as it was told), this side's key (its
//! identity to the friend), the friend's key and how to reach the friend again.
//!
//! Decisions:
//! - The same invite works again: the host keeps its key and its UDP port, so its ticket
//!   still names it; the guest keeps the ticket and its own key, which the host recognises.
//! - A file read back is judged as the series file is: the host's match replays its moves
//!   through the rules core on load, and the guest's table is dealt again from what it was told
//!   ([`crate::net::guest::Guest::rebuild`]); a file that does not replay is refused.
//! - The file is removed when the series ends (either player ends it, or a foul ends it).

use serde::{Deserialize, Serialize};

use super::{FileKind, Stored};
use crate::net::guest::Guest;
use crate::net::host::Host;

/// Which side this game is, and what it needs to carry on.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum SavedSide {
    /// Hosting: the match, and the UDP port the ticket names.
    Host {
        /// The host's state machine.
        host: Host,
        /// The UDP port.
        port: u16,
    },
    /// Joined: the guest's state and the host's invite code.
    Guest {
        /// The guest's state machine.
        guest: Guest,
        /// The host's invite code.
        ticket: String,
    },
}

/// A series with a friend, as kept.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SavedFriend {
    /// Host or guest.
    pub side: SavedSide,
    /// This side's key.
    pub key: [u8; 32],
    /// The friend's key, once connected: the host lets only it in again.
    #[serde(default)]
    pub friend_key: Option<[u8; 32]>,
}

impl SavedFriend {
    /// The friend's name in the series kept, if the friend gave one.
    pub fn friend_name(&self) -> Option<&str> {
        match &self.side {
            SavedSide::Host { host, .. } => host.friend(),
            SavedSide::Guest { guest, .. } => guest.host(),
        }
    }
}

/// The friend file: a series, or none.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct FriendFile {
    /// The series, if one is kept.
    pub series: Option<SavedFriend>,
}

impl Stored for FriendFile {
    const KIND: FileKind = FileKind::Friend;

    fn check(&self) -> Result<(), String> {
        if let Some(SavedFriend {
            side: SavedSide::Guest { guest, .. },
            ..
        }) = &self.series
        {
            guest.clone().rebuild().map_err(|e| e.to_string())?;
        }
        Ok(())
    }
}

impl FriendFile {
    /// The file as read, the guest's table dealt again (a checked file always deals).
    pub fn restored(mut self) -> FriendFile {
        if let Some(SavedFriend {
            side: SavedSide::Guest { guest, .. },
            ..
        }) = &mut self.series
            && guest.rebuild().is_err()
        {
            self.series = None;
        }
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::net::fair::{GuestNonce, HostSecret};
    use crate::rules::RuleSettings;
    use crate::store::{load, save};

    /// A host and a guest a few moves into a round, in memory.
    fn mid_round() -> (Host, Guest) {
        let mut h = Host::new("Ana", RuleSettings::default());
        let mut g = Guest::new("Bo");
        let (mut to_g, mut to_h) = (h.connected(), g.connected());
        let mut n = 0u8;
        let mut moves = 0;
        loop {
            while !to_g.is_empty() || !to_h.is_empty() {
                for m in std::mem::take(&mut to_g) {
                    n = n.wrapping_add(1);
                    to_h.extend(g.receive(m, |_| GuestNonce([n; 32])).unwrap().send);
                }
                for m in std::mem::take(&mut to_h) {
                    n = n.wrapping_add(1);
                    to_g.extend(h.receive(m, |_| HostSecret([n; 32])).unwrap().send);
                }
            }
            if moves == 6 {
                return (h, g);
            }
            let m = h.series().unwrap();
            let seat = m.round().to_act().unwrap();
            let a = m.round().legal_actions()[0].clone();
            if seat == crate::net::told::HOST {
                to_g.extend(h.play(a).unwrap());
            } else {
                to_h.push(g.play(m.round().legal_actions()[0].clone()).unwrap());
            }
            moves += 1;
        }
    }

    #[test]
    fn a_series_with_a_friend_is_kept_and_read_back_as_it_was_on_both_sides() {
        let (h, g) = mid_round();
        let dir = tempfile::tempdir().unwrap();
        for side in [
            SavedSide::Host {
                host: h.clone(),
                port: 4242,
            },
            SavedSide::Guest {
                guest: g.clone(),
                ticket: "endpointabc".into(),
            },
        ] {
            let file = FriendFile {
                series: Some(SavedFriend {
                    side,
                    key: [7; 32],
                    friend_key: Some([9; 32]),
                }),
            };
            let path = dir.path().join("friend.ron");
            save(&path, &file).unwrap();
            let back = load::<FriendFile>(&path);
            assert!(back.notice.is_none(), "{:?}", back.notice);
            let back = back.value.restored();
            match back.series.unwrap().side {
                SavedSide::Host { host, port } => {
                    assert_eq!(port, 4242);
                    assert_eq!(host.series(), h.series());
                }
                SavedSide::Guest { guest, ticket } => {
                    assert_eq!(ticket, "endpointabc");
                    assert_eq!(guest.series(), g.series(), "the guest's table dealt again");
                    assert!(guest.series().is_some());
                }
            }
        }
        // A guest file whose round does not replay is refused, never half-read.
        let text = ron::to_string(&FriendFile {
            series: Some(SavedFriend {
                side: SavedSide::Guest {
                    guest: g,
                    ticket: "x".into(),
                },
                key: [1; 32],
                friend_key: None,
            }),
        })
        .unwrap();
        let broken =
            text.replacen("TakeUpcard", "Discard(AS)", 1)
                .replacen("PassUpcard", "Discard(AS)", 1);
        let path = dir.path().join("friend.ron");
        std::fs::write(&path, broken).unwrap();
        let back = load::<FriendFile>(&path);
        assert!(back.notice.is_some() && back.value.series.is_none());
    }
}
