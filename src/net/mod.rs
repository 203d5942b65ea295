//! Playing a friend on another computer (plain Rust, no Bevy).
//!
//! - [`fair`]: deals neither side can choose, by a commitment to the host's secret half
//!   before the guest's nonce is known.
//! - [`wire`]: the versioned, length-prefixed, size-capped frames the two games exchange.
//! - [`told`]: what the guest's seat is told of a round, and the stand-in round its table
//!   plays from that.
//! - [`host`] and [`guest`]: each side of a series as a state machine with no network in it
//!   (messages in, messages and events out). The host's game is the one referee.
//!
//! The transport (a peer-to-peer QUIC engine on its own thread) and the table are still to
//! come.

pub mod fair;
pub mod guest;
pub mod host;
pub mod told;
pub mod wire;

#[cfg(test)]
mod tests;
