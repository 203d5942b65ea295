//! Playing a friend on another computer (plain Rust, no Bevy).
//!
//! - [`fair`]: deals neither side can choose, by a commitment to the host's secret half
//!   before the guest's nonce is known.
//! - [`wire`]: the versioned, length-prefixed, size-capped frames the two games exchange.
//! - [`told`]: what the guest's seat is told of a round, and the stand-in round its table
//!   plays from that.
//! - [`host`] and [`guest`]: each side of a series as a state machine with no network in it
//!   (messages in, messages and events out). The host's game is the one referee.
//! - [`side`]: either side behind one face, for what carries its messages, and what a
//!   refusal means for the series.
//! - `link` (feature `net`): the connection, an iroh endpoint on a thread of its own.
//!
//! The table's part (hosting and joining from the menu, the series on the table) is
//! `gui::table::friend::game`'s.

pub mod fair;
pub mod guest;
pub mod host;
#[cfg(feature = "net")]
pub mod link;
pub mod side;
pub mod told;
pub mod wire;

#[cfg(test)]
mod hostile_tests;
#[cfg(all(test, feature = "net", target_os = "linux"))]
mod lab_tests;
#[cfg(all(test, feature = "net"))]
mod link_tests;
#[cfg(test)]
mod tests;
