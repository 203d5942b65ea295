//! Either side of a series with a friend behind one face ([`Peer`]), so what carries messages
//! between a side and its link (the table, the tests) is written once for the host and the
//! guest, and what a refusal means for the series ([`Ruling`]) is judged in one place.

use std::fmt::{Debug, Display};

use super::fair::{GuestNonce, HostSecret};
use super::guest::{Guest, GuestError, GuestEvent};
use super::host::{Host, HostEvent, HostRefusal, Reply};
use super::wire::{Frame, WireError};

/// What a refusal of the friend's message means for the series, whichever side refused it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ruling {
    /// The friend's game dealt or reported a round that is not the agreed one, or tried to
    /// choose a deal: the series ends.
    Foul,
    /// The friend's game speaks another version of the protocol (its game version named):
    /// both should update.
    OtherVersion(String),
    /// The message is refused and dropped; the series goes on.
    Refused,
}

/// A message through a side, summed up for whoever carries it.
#[derive(Clone, Debug, PartialEq)]
pub struct Heard {
    /// What to send back.
    pub send: Vec<Frame>,
    /// The friend greeted under this name.
    pub greeted: Option<String>,
    /// The friend ended the series.
    pub left: bool,
}

/// The host's or the guest's state machine.
pub trait Peer {
    /// What the side tells the table.
    type Event: Clone + Debug;
    /// Why it refused a message.
    type Error: Display + Debug;

    /// The messages that open each new connection (the greeting).
    fn connected(&mut self) -> Vec<Frame>;

    /// One message from the friend's game. `fresh` gives this side's 32 bytes for a deal, by
    /// its number, when the side needs them: the host's secret half of a new deal, the guest's
    /// nonce (derived from the side's key: [`super::fair::derive()`]).
    fn receive_with(
        &mut self,
        msg: Frame,
        fresh: impl FnOnce(u64) -> [u8; 32],
    ) -> Result<Reply<Self::Event>, Self::Error>;

    /// The name in a greeting.
    fn greeted(e: &Self::Event) -> Option<&str>;
    /// Whether the event is the friend ending the series.
    fn left(e: &Self::Event) -> bool;
    /// What a refusal means for the series.
    fn ruling(e: &Self::Error) -> Ruling;

    /// [`Peer::receive_with`], summed up; a refusal comes worded, with its ruling.
    fn hear(
        &mut self,
        msg: Frame,
        fresh: impl FnOnce(u64) -> [u8; 32],
    ) -> Result<Heard, (String, Ruling)> {
        match self.receive_with(msg, fresh) {
            Ok(out) => Ok(Heard {
                send: out.send,
                greeted: out
                    .events
                    .iter()
                    .find_map(|e| Self::greeted(e))
                    .map(str::to_string),
                left: out.events.iter().any(Self::left),
            }),
            Err(e) => Err((e.to_string(), Self::ruling(&e))),
        }
    }
}

impl WireError {
    fn ruling(&self) -> Ruling {
        match self {
            WireError::OtherVersion { game, .. } => Ruling::OtherVersion(game.clone()),
            _ => Ruling::Refused,
        }
    }
}

impl Peer for Host {
    type Event = HostEvent;
    type Error = HostRefusal;

    fn connected(&mut self) -> Vec<Frame> {
        Host::connected(self)
    }
    fn receive_with(
        &mut self,
        msg: Frame,
        fresh: impl FnOnce(u64) -> [u8; 32],
    ) -> Result<Reply<HostEvent>, HostRefusal> {
        self.receive(msg, |deal| HostSecret(fresh(deal)))
    }
    fn greeted(e: &HostEvent) -> Option<&str> {
        match e {
            HostEvent::Greeted { name } => Some(name),
            _ => None,
        }
    }
    fn left(e: &HostEvent) -> bool {
        matches!(e, HostEvent::Left)
    }
    /// The host referees: a move against the rules is only refused; a second nonce for a deal
    /// (a try at choosing it) is a foul.
    fn ruling(e: &HostRefusal) -> Ruling {
        match e {
            _ if e.is_foul() => Ruling::Foul,
            HostRefusal::Wire(w) => w.ruling(),
            _ => Ruling::Refused,
        }
    }
}

impl Peer for Guest {
    type Event = GuestEvent;
    type Error = GuestError;

    fn connected(&mut self) -> Vec<Frame> {
        Guest::connected(self)
    }
    fn receive_with(
        &mut self,
        msg: Frame,
        fresh: impl FnOnce(u64) -> [u8; 32],
    ) -> Result<Reply<GuestEvent>, GuestError> {
        self.receive(msg, |deal| GuestNonce(fresh(deal)))
    }
    fn greeted(e: &GuestEvent) -> Option<&str> {
        match e {
            GuestEvent::Greeted { name, .. } => Some(name),
            _ => None,
        }
    }
    fn left(e: &GuestEvent) -> bool {
        matches!(e, GuestEvent::Left)
    }
    fn ruling(e: &GuestError) -> Ruling {
        match e {
            _ if e.is_foul() => Ruling::Foul,
            GuestError::Wire(w) => w.ruling(),
            _ => Ruling::Refused,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::net::wire::{PROTOCOL, hello};

    #[test]
    fn a_greeting_is_heard_with_the_friends_name() {
        let mut host = Host::new("Ana", Default::default());
        host.connected();
        let heard = host.hear(hello("Bo", None), |_| [7; 32]).unwrap();
        assert_eq!(heard.greeted.as_deref(), Some("Bo"));
        assert!(!heard.left);
    }

    #[test]
    fn another_version_is_judged_alike_on_both_sides() {
        let other = Frame::Hello {
            protocol: PROTOCOL + 1,
            game: "9.9.9".to_string(),
            name: "Bo".to_string(),
            rules: None,
        };
        let mut host = Host::new("Ana", Default::default());
        host.connected();
        let (_, v) = host.hear(other.clone(), |_| [7; 32]).unwrap_err();
        assert_eq!(v, Ruling::OtherVersion("9.9.9".to_string()));
        let mut guest = Guest::new("Bo");
        guest.connected();
        let (_, v) = guest.hear(other, |_| [7; 32]).unwrap_err();
        assert_eq!(v, Ruling::OtherVersion("9.9.9".to_string()));
    }

    #[test]
    fn a_message_the_host_may_not_send_is_refused_not_foul() {
        let mut guest = Guest::new("Bo");
        guest.connected();
        guest
            .hear(hello("Ana", Some(Default::default())), |_| [7; 32])
            .unwrap();
        let nonce = Frame::Nonce {
            deal: 1,
            nonce: GuestNonce([1; 32]),
        };
        let (why, v) = guest.hear(nonce, |_| [7; 32]).unwrap_err();
        assert_eq!(v, Ruling::Refused, "{why}");
    }
}
