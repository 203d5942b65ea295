//! The wire format between the two games: each message is one frame, a 4-byte big-endian
//! length and then the message as RON text. A frame longer than [`MAX_FRAME`] is refused from
//! its length alone, before anything of it is kept; bytes that are not a message of this
//! protocol (garbage, an unknown message, a truncated frame at the end of the stream) are a
//! [`WireError`], never a panic. The first message each way is a [`Frame::Hello`] with the
//! protocol's version and the game's; [`check_hello`] refuses another version with the
//! friend's so both players can be told to update.
//!
//! Decision: RON, the format the game's files already use, rather than a binary format: a
//! move is a few dozen bytes, a frame is read once, and a capture of a session can be read by
//! eye.

use serde::{Deserialize, Serialize};

use super::fair::{Commitment, GuestNonce};
use super::told::Told;
use crate::rules::{Action, RuleSettings};

/// The protocol's version: both games must speak the same.
/// 2: one commitment, one nonce and one reveal per deal, repeats identical (see
/// [`super::fair`]); a game of version 1 would answer a second commitment.
pub const PROTOCOL: u32 = 2;

/// The longest frame accepted, in bytes (a whole series' moves fit in far less).
pub const MAX_FRAME: usize = 64 * 1024;

/// One message between the two games.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Frame {
    /// The first message each way: who speaks, in which version, and (from the host) the
    /// rules of the series to be played.
    Hello {
        /// The protocol version.
        protocol: u32,
        /// The game's version.
        game: String,
        /// The player's name.
        name: String,
        /// The rules of the series (from the host).
        rules: Option<RuleSettings>,
    },
    /// The host's commitment to its secret half of deal `deal`.
    Commit {
        /// The deal.
        deal: u64,
        /// The commitment.
        commitment: Commitment,
    },
    /// The guest's half of deal `deal`, sent after the commitment.
    Nonce {
        /// The deal.
        deal: u64,
        /// The guest's nonce.
        nonce: GuestNonce,
    },
    /// The host tells the guest the round in play as its seat may know it (with the host's
    /// secret once the hidden part is over): after the deal, after every move, and again on a
    /// reconnection.
    Told(Told),
    /// A move of the guest's, made in deal `deal` when its round had `at` moves (so a move
    /// made on an old table is refused, never applied to a newer one).
    Move {
        /// The deal it was made in.
        deal: u64,
        /// How many moves its round had.
        at: usize,
        /// The move.
        action: Action,
    },
    /// The guest is ready for the deal after `deal`.
    Next {
        /// The deal just played.
        deal: u64,
    },
    /// The sender ends the series.
    Bye,
    /// The link's own sign of life, sent every few seconds; never passed on to the game.
    Ping,
}

/// Why bytes from the other side are not a message.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum WireError {
    #[error("a frame of {len} bytes, over the {cap}-byte limit")]
    /// Over the size limit.
    TooLarge {
        /// Its length.
        len: usize,
        /// The limit.
        cap: usize,
    },
    #[error("the stream ended inside a frame")]
    /// Cut short.
    Truncated,
    #[error("a frame that is not text")]
    /// Not UTF-8.
    NotText,
    #[error("a frame that is no message of this game: {0}")]
    /// Not a message of this protocol (the parser's words).
    NotAMessage(String),
    #[error("your friend's game speaks protocol {theirs} (game {game}), this one {ours}")]
    /// The friend's game speaks another protocol version.
    OtherVersion {
        /// This game's protocol.
        ours: u32,
        /// The friend's.
        theirs: u32,
        /// The friend's game version.
        game: String,
    },
    #[error("the first message was not a greeting")]
    /// The first message was not a greeting.
    NoHello,
}

/// `msg` as one frame.
pub fn encode(msg: &Frame) -> Vec<u8> {
    // A message of this enum always serialises; an error would be a bug in serde or ron.
    let text = ron::to_string(msg).unwrap_or_default();
    let mut out = Vec::with_capacity(4 + text.len());
    out.extend_from_slice(&(text.len() as u32).to_be_bytes());
    out.extend_from_slice(text.as_bytes());
    out
}

/// Frames read from a byte stream as it comes, in pieces of any size.
#[derive(Debug, Default)]
pub struct Decoder {
    buf: Vec<u8>,
}

impl Decoder {
    /// Bytes received.
    pub fn push(&mut self, bytes: &[u8]) {
        self.buf.extend_from_slice(bytes);
    }

    /// The next whole message, `None` until one has arrived. After an error the stream is
    /// out of step and the connection is to be dropped.
    pub fn next_message(&mut self) -> Result<Option<Frame>, WireError> {
        if self.buf.len() < 4 {
            return Ok(None);
        }
        let len = u32::from_be_bytes([self.buf[0], self.buf[1], self.buf[2], self.buf[3]]) as usize;
        if len > MAX_FRAME {
            self.buf.clear();
            return Err(WireError::TooLarge {
                len,
                cap: MAX_FRAME,
            });
        }
        if self.buf.len() < 4 + len {
            return Ok(None);
        }
        let frame: Vec<u8> = self.buf.drain(..4 + len).skip(4).collect();
        let text = std::str::from_utf8(&frame).map_err(|_| WireError::NotText)?;
        ron::from_str(text)
            .map(Some)
            .map_err(|e| WireError::NotAMessage(e.to_string()))
    }

    /// The stream has ended: an error if it ended inside a frame.
    pub fn finish(&self) -> Result<(), WireError> {
        if self.buf.is_empty() {
            Ok(())
        } else {
            Err(WireError::Truncated)
        }
    }
}

/// Our greeting, as `name`, with the rules of the series when hosting.
pub fn hello(name: &str, rules: Option<RuleSettings>) -> Frame {
    Frame::Hello {
        protocol: PROTOCOL,
        game: env!("CARGO_PKG_VERSION").to_string(),
        name: crate::seats::clean_name(name).unwrap_or_default(),
        rules,
    }
}

/// The friend's first message must be a greeting in our protocol's version.
pub fn check_hello(msg: &Frame) -> Result<(), WireError> {
    match msg {
        Frame::Hello { protocol, .. } if *protocol == PROTOCOL => Ok(()),
        Frame::Hello { protocol, game, .. } => Err(WireError::OtherVersion {
            ours: PROTOCOL,
            theirs: *protocol,
            game: game.clone(),
        }),
        _ => Err(WireError::NoHello),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::net::fair::HostSecret;
    use crate::rules::Card;

    fn all() -> Vec<Frame> {
        let card: Card = "8D".parse().unwrap();
        vec![
            hello("Ana", Some(RuleSettings::default())),
            hello("Bo", None),
            Frame::Commit {
                deal: 1,
                commitment: Commitment([3; 32]),
            },
            Frame::Nonce {
                deal: 1,
                nonce: GuestNonce([4; 32]),
            },
            Frame::Told(Told {
                deal: 1,
                dealer: crate::rules::Seat::P2,
                hand: crate::rules::CardSet::parse("AC 2C 3C 4C 5C 6C 7C 8C 9C TC").unwrap(),
                upcard: card,
                moves: vec![],
                drawn: vec![],
                secret: Some(HostSecret([5; 32])),
            }),
            Frame::Move {
                deal: 1,
                at: 3,
                action: Action::Discard(card),
            },
            Frame::Move {
                deal: 2,
                at: 0,
                action: Action::DrawStock,
            },
            Frame::Next { deal: 1 },
            Frame::Bye,
        ]
    }

    #[test]
    fn every_message_comes_through_whole_in_pieces_of_any_size() {
        let stream: Vec<u8> = all().iter().flat_map(encode).collect();
        for piece in [1, 3, 7, 64, stream.len()] {
            let mut d = Decoder::default();
            let mut got = Vec::new();
            for chunk in stream.chunks(piece) {
                d.push(chunk);
                while let Some(m) = d.next_message().unwrap() {
                    got.push(m);
                }
            }
            assert_eq!(got, all(), "in pieces of {piece}");
            assert_eq!(d.finish(), Ok(()));
        }
    }

    #[test]
    fn bad_bytes_are_errors_never_panics() {
        // Garbage, as a frame of text and of bytes.
        let mut d = Decoder::default();
        d.push(&[0, 0, 0, 5]);
        d.push(b"hello");
        assert!(matches!(d.next_message(), Err(WireError::NotAMessage(_))));
        let mut d = Decoder::default();
        d.push(&[0, 0, 0, 2, 0xff, 0xfe]);
        assert_eq!(d.next_message(), Err(WireError::NotText));
        // An unknown message: good RON, no message of ours.
        let text = "Resign(now: true)";
        let mut d = Decoder::default();
        d.push(&(text.len() as u32).to_be_bytes());
        d.push(text.as_bytes());
        assert!(matches!(d.next_message(), Err(WireError::NotAMessage(_))));
        // A frame over the cap is refused from its length, before its bytes come.
        let mut d = Decoder::default();
        d.push(&((MAX_FRAME + 1) as u32).to_be_bytes());
        assert_eq!(
            d.next_message(),
            Err(WireError::TooLarge {
                len: MAX_FRAME + 1,
                cap: MAX_FRAME
            })
        );
        // A truncated frame: nothing yet, and an error when the stream ends.
        let mut d = Decoder::default();
        let whole = encode(&Frame::Bye);
        d.push(&whole[..whole.len() - 1]);
        assert_eq!(d.next_message(), Ok(None));
        assert_eq!(d.finish(), Err(WireError::Truncated));
    }

    #[test]
    fn a_greeting_in_another_version_is_refused_with_the_friends_version() {
        assert_eq!(check_hello(&hello("Ana", None)), Ok(()));
        let other = Frame::Hello {
            protocol: PROTOCOL + 1,
            game: "9.9.9".into(),
            name: "Ana".into(),
            rules: None,
        };
        assert_eq!(
            check_hello(&other),
            Err(WireError::OtherVersion {
                ours: PROTOCOL,
                theirs: PROTOCOL + 1,
                game: "9.9.9".into()
            })
        );
        assert_eq!(check_hello(&Frame::Bye), Err(WireError::NoHello));
    }
}
